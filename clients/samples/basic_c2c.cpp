// basic_c2c.cpp: the round trip of basic_c2c.c, written with rift.hpp's owning handles and exceptions.
//
// A batch of 8 complex transforms of length 1024, forward then inverse (scaled by 1/1024 so the round trip is the
// identity), in place. Runs on the GPU when there is one, else on rift's host executor, and checks that the data
// comes back. Exit status 0 when it does.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "rift/rift.hpp"

#if defined(RIFT_PLATFORM_AMD)
#include <hip/hip_runtime_api.h>
namespace gpu {
using Error = hipError_t;
constexpr Error success = hipSuccess;
inline Error device_count(int* count) { return hipGetDeviceCount(count); }
inline Error allocate(void** pointer, size_t bytes) { return hipMalloc(pointer, bytes); }
inline Error release(void* pointer) { return hipFree(pointer); }
inline Error to_device(void* device, const void* host, size_t bytes)
{
    return hipMemcpy(device, host, bytes, hipMemcpyHostToDevice);
}
inline Error to_host(void* host, const void* device, size_t bytes)
{
    return hipMemcpy(host, device, bytes, hipMemcpyDeviceToHost);
}
inline Error synchronize() { return hipDeviceSynchronize(); }
} // namespace gpu
#else
#include <cuda_runtime_api.h>
namespace gpu {
using Error = cudaError_t;
constexpr Error success = cudaSuccess;
inline Error device_count(int* count) { return cudaGetDeviceCount(count); }
inline Error allocate(void** pointer, size_t bytes) { return cudaMalloc(pointer, bytes); }
inline Error release(void* pointer) { return cudaFree(pointer); }
inline Error to_device(void* device, const void* host, size_t bytes)
{
    return cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice);
}
inline Error to_host(void* host, const void* device, size_t bytes)
{
    return cudaMemcpy(host, device, bytes, cudaMemcpyDeviceToHost);
}
inline Error synchronize() { return cudaDeviceSynchronize(); }
} // namespace gpu
#endif

namespace {

void check_gpu(gpu::Error error, const char* call)
{
    if (error != gpu::success) throw std::runtime_error(std::string(call) + " failed");
}

// Device memory, freed when it goes out of scope.
class DeviceBuffer {
public:
    explicit DeviceBuffer(size_t bytes) { check_gpu(gpu::allocate(&data_, bytes), "device allocation"); }
    ~DeviceBuffer() { (void)gpu::release(data_); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    void* get() const { return data_; }

private:
    void* data_ = nullptr;
};

// Forward then scaled inverse, in place on `data` (device or host memory, as the executor in `info` expects).
void round_trip(const rift::plan& forward, const rift::plan& inverse, void* data, const rift::execution_info& info)
{
    forward.execute(data, nullptr, &info);
    inverse.execute(data, nullptr, &info);
}

} // namespace

int main()
{
    constexpr size_t length = 1024;
    constexpr size_t batch = 8;
    try {
        std::vector<std::complex<float>> original(length * batch);
        for (size_t i = 0; i < original.size(); ++i) {
            original[i] = {static_cast<float>(std::sin(0.37 * static_cast<double>(i))), 0.25f * (i % 7)};
        }
        const size_t bytes = original.size() * sizeof(original[0]);

        const rift::library library;
        int gpu_count = 0;
        const bool use_gpu = gpu::device_count(&gpu_count) == gpu::success && gpu_count > 0;
        std::printf("basic_c2c (C++): %zu transforms of length %zu on the %s\n", batch, length,
                    use_gpu ? "GPU" : "host executor (no GPU found)");

        const rift::plan forward(rift_placement_inplace, rift_transform_type_complex_forward, rift_precision_single,
                                 {length}, batch);
        rift::plan_description normalised;
        normalised.scale(1.0 / length);
        const rift::plan inverse(rift_placement_inplace, rift_transform_type_complex_inverse, rift_precision_single,
                                 {length}, batch, &normalised);
        rift::execution_info info;
        info.executor(use_gpu ? rift_executor_gpu : rift_executor_host);

        std::vector<std::complex<float>> result = original;
        if (use_gpu) {
            const DeviceBuffer data(bytes);
            check_gpu(gpu::to_device(data.get(), original.data(), bytes), "copy to the device");
            round_trip(forward, inverse, data.get(), info);
            check_gpu(gpu::synchronize(), "synchronize");
            check_gpu(gpu::to_host(result.data(), data.get(), bytes), "copy to the host");
        } else {
            round_trip(forward, inverse, result.data(), info);
        }

        double max_error = 0;
        for (size_t i = 0; i < result.size(); ++i) {
            const double error = std::abs(std::complex<double>(result[i]) - std::complex<double>(original[i]));
            if (std::isnan(error)) { // an element rift never wrote, or a broken transform
                max_error = error;
                break;
            }
            max_error = std::max(max_error, error);
        }
        // Single precision: a round trip of length 1024 keeps about 6 significant digits.
        const bool passed = max_error < 1e-4;
        std::printf("round trip max error %.3g: %s\n", max_error, passed ? "PASSED" : "FAILED");
        return passed ? 0 : 1;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "basic_c2c: %s\n", error.what());
        return 1;
    }
}
