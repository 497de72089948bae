// Launches the one-block Bluestein kernel on the GPU (kernels/bluestein_kernel.h): ahead of time or compiled at run
// time.
#include "library/core/error.h"
#include "library/exec/bluestein_launch.h"
#include "library/exec/executors.h"
#include "library/exec/runtime_kernels.h"

namespace rift {

rift_status launch_on_gpu(const BluesteinLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    const kernels::BluesteinArgs args = resolved_args(launch, buffers, &TwiddleTable::device_data);
    const auto hip_stream = static_cast<hipStream_t>(stream);
    const bool single = launch.precision == Precision::single;
    if (launch.compiled_length && !launch.compiled)
        return fail(rift_status_no_device, "the Bluestein plan of length ", launch.args.length,
                    " was made without a GPU; the host executor runs it");
    const hipError_t error = launch.compiled ? launch.compiled->launch(args, launch.shape, hip_stream)
                           : args.real ? (single ? launch_bluestein_kernel<float, true>(launch, args, hip_stream)
                                                 : launch_bluestein_kernel<double, true>(launch, args, hip_stream))
                                       : (single ? launch_bluestein_kernel<float, false>(launch, args, hip_stream)
                                                 : launch_bluestein_kernel<double, false>(launch, args, hip_stream));
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch), " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
