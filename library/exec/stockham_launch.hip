// Launches the Stockham kernel on the GPU: the one place device code meets the executor.
#include <atomic>

#include "kernels/stockham_kernel.h"
#include "library/api/error.h"
#include "library/exec/executors.h"
#include "library/platform/hip_api.h"

namespace rift {

namespace {

// Kernels start with 48 KiB of dynamic shared memory; raise each instantiation's limit once per device.
constexpr int kMaxTrackedDevices = 64;

template <class Real, bool Inverse>
hipError_t allow_shared_memory(uint32_t bytes)
{
    static std::atomic<uint32_t> allowed[kMaxTrackedDevices] = {};
    int device = 0;
    hipError_t error = hipGetDevice(&device);
    if (error != hipSuccess) return error;
    if (device < kMaxTrackedDevices && allowed[device].load(std::memory_order_relaxed) >= bytes) return hipSuccess;
    int limit = 0;
    error = hipDeviceGetAttribute(&limit, kBlockSharedMemoryAttribute, device);
    if (error != hipSuccess) return error;
    error = hipFuncSetAttribute(reinterpret_cast<const void*>(&kernels::stockham_kernel<Real, Inverse>),
                                hipFuncAttributeMaxDynamicSharedMemorySize, limit);
    if (error == hipSuccess && device < kMaxTrackedDevices) allowed[device].store(uint32_t(limit));
    return error;
}

template <class Real, bool Inverse>
hipError_t launch(const kernels::StockhamArgs& args, const LaunchShape& shape, hipStream_t stream)
{
    if (shape.shared_bytes > 48 * 1024) {
        const hipError_t error = allow_shared_memory<Real, Inverse>(shape.shared_bytes);
        if (error != hipSuccess) return error;
    }
    kernels::stockham_kernel<Real, Inverse>
        <<<dim3(shape.blocks), dim3(shape.threads_x, shape.threads_y), shape.shared_bytes, stream>>>(args);
    return hipGetLastError();
}

} // namespace

rift_status launch_stockham(const StockhamLaunch& launch_data, const ExecutionBuffers& buffers, void* stream)
{
    kernels::StockhamArgs args = launch_data.args;
    args.twiddles = launch_data.twiddles->device_data();
    args.input = resolve_buffer(launch_data.input, buffers);
    args.output = resolve_buffer(launch_data.output, buffers);
    const auto hip_stream = static_cast<hipStream_t>(stream);
    const bool inverse = launch_data.direction == Direction::inverse;
    hipError_t error;
    if (launch_data.precision == Precision::single)
        error = inverse ? launch<float, true>(args, launch_data.shape, hip_stream)
                        : launch<float, false>(args, launch_data.shape, hip_stream);
    else
        error = inverse ? launch<double, true>(args, launch_data.shape, hip_stream)
                        : launch<double, false>(args, launch_data.shape, hip_stream);
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch_data), " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
