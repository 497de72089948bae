// Launches the one-block Bluestein kernel on the GPU (kernels/bluestein_kernel.h).
#include "library/api/error.h"
#include "library/exec/bluestein_launch.h"
#include "library/exec/executors.h"

namespace rift {

rift_status launch_on_gpu(const BluesteinLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    kernels::BluesteinArgs args = launch.args;
    args.padded.twiddles = launch.twiddles->device_data();
    args.padded.input = resolve_buffer(launch.input, buffers);
    args.padded.output = resolve_buffer(launch.output, buffers);
    args.chirp = launch.chirp->device_data();
    args.spectrum = launch.spectrum->device_data();
    const auto hip_stream = static_cast<hipStream_t>(stream);
    const hipError_t error = launch.precision == Precision::single
                                 ? launch_bluestein_kernel<float>(launch, args, hip_stream)
                                 : launch_bluestein_kernel<double>(launch, args, hip_stream);
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch), " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
