// Launches of the maps of real-to-real transforms whose DFT is a plan of its own (kernels/real_to_real_kernel.h).
#include "kernels/real_to_real_kernel.h"
#include "library/core/error.h"
#include "library/exec/executors.h"
#include "library/platform/hip_api.h"

namespace rift {

namespace {

template <class Real>
void launch_real_to_real_map(const RealToRealMapLaunch& launch, const kernels::RealToRealMapArgs& args,
                             hipStream_t stream)
{
    const dim3 grid(launch.shape.blocks);
    const dim3 block(launch.shape.threads_x, launch.shape.threads_y);
    if (launch.output_map)
        kernels::real_to_real_map_kernel<Real, true><<<grid, block, 0, stream>>>(args);
    else
        kernels::real_to_real_map_kernel<Real, false><<<grid, block, 0, stream>>>(args);
}

} // namespace

rift_status launch_on_gpu(const RealToRealMapLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    kernels::RealToRealMapArgs args = launch.args;
    args.rotations = launch.rotations->device_data();
    args.input = resolve_buffer(launch.input, buffers);
    args.output = resolve_buffer(launch.output, buffers);
    const auto hip_stream = static_cast<hipStream_t>(stream);
    if (launch.precision == Precision::single)
        launch_real_to_real_map<float>(launch, args, hip_stream);
    else
        launch_real_to_real_map<double>(launch, args, hip_stream);
    const hipError_t error = hipGetLastError();
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch), " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
