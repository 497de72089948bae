// Launches of the standalone spectrum (un)packing of long real transforms (kernels/real_pack_kernel.h).
#include "kernels/real_pack_kernel.h"
#include "library/core/error.h"
#include "library/exec/executors.h"
#include "library/platform/hip_api.h"

namespace rift {

namespace {

template <class Real>
hipError_t launch_real_pack(const RealPackLaunch& launch, const kernels::RealPackArgs& args, hipStream_t stream)
{
    const dim3 grid(launch.shape.blocks, launch.shape.threads_y);
    const dim3 block(launch.shape.threads_x);
    if (launch.direction == Direction::inverse)
        kernels::real_pack_kernel<Real, true><<<grid, block, 0, stream>>>(args);
    else
        kernels::real_pack_kernel<Real, false><<<grid, block, 0, stream>>>(args);
    return hipGetLastError();
}

} // namespace

rift_status launch_on_gpu(const RealPackLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    kernels::RealPackArgs args = launch.args;
    args.roots = launch.roots->device_data();
    args.input = resolve_buffer(launch.input, buffers);
    args.output = resolve_buffer(launch.output, buffers);
    const auto hip_stream = static_cast<hipStream_t>(stream);
    const hipError_t error = launch.precision == Precision::single ? launch_real_pack<float>(launch, args, hip_stream)
                                                                   : launch_real_pack<double>(launch, args, hip_stream);
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch), " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
