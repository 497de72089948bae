// Launches the Stockham kernels on the GPU: the one place device code meets the executor. The kernels of each
// precision are instantiated in their own translation unit.
#include "library/core/error.h"
#include "library/exec/executors.h"
#include "library/exec/runtime_kernels.h"
#include "library/exec/stockham_launch.h"

namespace rift {

rift_status launch_on_gpu(const StockhamLaunch& launch_data, const ExecutionBuffers& buffers, void* stream)
{
    kernels::StockhamArgs args = launch_data.args;
    args.twiddles = launch_data.twiddles->device_data();
    if (launch_data.step_twiddles) args.step_twiddles = launch_data.step_twiddles->device_data();
    if (launch_data.real_twiddles) args.real_twiddles = launch_data.real_twiddles->device_data();
    args.input = resolve_buffer(launch_data.input, buffers);
    args.output = resolve_buffer(launch_data.output, buffers);
    const auto hip_stream = static_cast<hipStream_t>(stream);
    const bool single = launch_data.precision == Precision::single;
    const hipError_t error =
        launch_data.compiled ? launch_data.compiled->launch(args, launch_data.shape, hip_stream)
        : args.real ? (single ? launch_stockham_kernel<float, true>(launch_data, args, hip_stream)
                            : launch_stockham_kernel<double, true>(launch_data, args, hip_stream))
                  : (single ? launch_stockham_kernel<float, false>(launch_data, args, hip_stream)
                            : launch_stockham_kernel<double, false>(launch_data, args, hip_stream));
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch_data),
                    " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
