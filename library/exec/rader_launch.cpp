// Launches Rader's one-block kernel on the GPU (kernels/rader_kernel.h): always a kernel compiled at run time.
#include "library/core/error.h"
#include "library/exec/executors.h"
#include "library/exec/runtime_kernels.h"

namespace rift {

rift_status launch_on_gpu(const RaderLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    if (!launch.compiled)
        return fail(rift_status_no_device, "the Rader plan of length ", launch.args.length,
                    " was made without a GPU; the host executor runs it");
    const kernels::RaderArgs args = resolved_args(launch, buffers, &TwiddleTable::device_data);
    const hipError_t error = launch.compiled->launch(args, launch.shape, static_cast<hipStream_t>(stream));
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch), " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
