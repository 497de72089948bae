#include "library/core/error.h"
#include "library/core/log.h"
#include "library/exec/executors.h"
#include "library/platform/device.h"

#include <variant>

namespace rift {

rift_status execute_on_gpu(const KernelChain& chain, const ExecutionBuffers& buffers, void* stream, int plan_device)
{
    // Plans remember whether a GPU was there when they were made, so execution asks the runtime only which
    // device is current: one cheap call on the latency path of small transforms.
    if (plan_device == kNoDevice)
        return fail(rift_status_no_device, "no GPU was found when the plan was created; the host executor "
                                           "(rift_executor_host or RIFT_EXECUTOR=host) runs plans on the CPU");
    const int device = current_device_of_live_runtime();
    if (device == kNoDevice) return fail(rift_status_no_device, "no current GPU device");
    if (device != plan_device)
        return fail(rift_status_device_error, "the plan was created on device ", plan_device,
                    " but the current device is ", device);
    RIFT_RETURN_IF_FAILED(make_tables(chain));
    for (const Launch& launch : chain) {
        if (logging(LogLayer::launch)) log_text("rift launch (gpu): " + describe(launch));
        RIFT_RETURN_IF_FAILED(std::visit([&](const auto& kernel) { return launch_on_gpu(kernel, buffers, stream); },
                                         launch));
    }
    return rift_status_success;
}

} // namespace rift
