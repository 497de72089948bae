// Launches of the Stockham kernels for one precision; included by the per-precision translation units only.
#pragma once

#include <atomic>

#include "kernels/fixed_lengths.h"
#include "kernels/stockham_kernel.h"
#include "library/exec/stockham_launch.h"

namespace rift {

namespace {

// Kernels start with 48 KiB of dynamic shared memory; raise each kernel's limit once per device.
constexpr int kMaxTrackedDevices = 64;

// One flag array per kernel: a template on the kernel itself, since every kernel has the same type.
template <auto* Kernel>
hipError_t allow_shared_memory()
{
    static std::atomic<bool> raised[kMaxTrackedDevices] = {};
    int device = 0;
    hipError_t error = hipGetDevice(&device);
    if (error != hipSuccess) return error;
    if (device < kMaxTrackedDevices && raised[device].load(std::memory_order_relaxed)) return hipSuccess;
    int limit = 0;
    error = hipDeviceGetAttribute(&limit, kBlockSharedMemoryAttribute, device);
    if (error != hipSuccess) return error;
    error = hipFuncSetAttribute(reinterpret_cast<const void*>(Kernel), hipFuncAttributeMaxDynamicSharedMemorySize,
                                limit);
    if (error == hipSuccess && device < kMaxTrackedDevices) raised[device].store(true);
    return error;
}

template <auto* Kernel>
hipError_t launch_kernel(const kernels::StockhamArgs& args, const LaunchShape& shape, hipStream_t stream)
{
    if (shape.shared_bytes > 48 * 1024) {
        const hipError_t error = allow_shared_memory<Kernel>();
        if (error != hipSuccess) return error;
    }
    Kernel<<<dim3(shape.blocks), dim3(shape.threads_x, shape.threads_y), shape.shared_bytes, stream>>>(args);
    return hipGetLastError();
}

template <class Real, bool Inverse, bool RealData>
hipError_t launch_variant(const StockhamLaunch& launch_data, const kernels::StockhamArgs& args, hipStream_t stream)
{
    if (!launch_data.fixed_length)
        return launch_kernel<&kernels::generic_stockham_kernel<Real, Inverse, RealData>>(args, launch_data.shape,
                                                                                         stream);
    // Blocks beyond kMaxThreadsPerBlock are tiled launches of the lengths with a wide variant (shared_layout.h).
    const bool wide = launch_data.shape.threads_x * launch_data.shape.threads_y > kernels::kMaxThreadsPerBlock;
    switch (args.length) {
#define RIFT_FIXED_CASE(length, elements, pad_period, ...)                                                   \
    case length:                                                                                             \
        if constexpr (!RealData && kernels::has_wide_variant(length, elements, sizeof(kernels::Complex<Real>))) { \
            if (wide)                                                                                        \
                return launch_kernel<&kernels::fixed_stockham_kernel<Real, Inverse, false,                   \
                                                                     kernels::kMaxWideThreadsPerBlock, elements, \
                                                                     length, pad_period, __VA_ARGS__>>(      \
                    args, launch_data.shape, stream);                                                        \
        }                                                                                                    \
        return launch_kernel<&kernels::fixed_stockham_kernel<Real, Inverse, RealData, kernels::kMaxThreadsPerBlock, \
                                                             elements, length, pad_period, __VA_ARGS__>>(    \
            args, launch_data.shape, stream);
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_FIXED_CASE)
#undef RIFT_FIXED_CASE
    }
    return hipErrorInvalidValue;
}

} // namespace

template <class Real, bool RealData>
hipError_t launch_stockham_kernel(const StockhamLaunch& launch, const kernels::StockhamArgs& args, hipStream_t stream)
{
    return launch.direction == Direction::inverse ? launch_variant<Real, true, RealData>(launch, args, stream)
                                                  : launch_variant<Real, false, RealData>(launch, args, stream);
}

} // namespace rift
