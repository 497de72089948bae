// Launches of the element-wise Bluestein steps of long transforms (kernels/bluestein_pointwise.h).
#include "kernels/bluestein_pointwise.h"
#include "library/core/error.h"
#include "library/exec/executors.h"
#include "library/platform/hip_api.h"

namespace rift {

rift_status launch_on_gpu(const BluesteinPointwiseLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    const kernels::BluesteinPointwiseArgs args = resolved_args(launch, buffers, &TwiddleTable::device_data);
    const dim3 grid(launch.shape.blocks, launch.shape.threads_y);
    const dim3 block(launch.shape.threads_x);
    const auto hip_stream = static_cast<hipStream_t>(stream);
    if (launch.precision == Precision::single)
        kernels::bluestein_pointwise_kernel<float><<<grid, block, 0, hip_stream>>>(args);
    else
        kernels::bluestein_pointwise_kernel<double><<<grid, block, 0, hip_stream>>>(args);
    const hipError_t error = hipGetLastError();
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch), " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
