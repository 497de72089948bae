// Launches of the Stockham kernels for one precision; included by the per-precision translation units only.
#pragma once

#include <algorithm>
#include <atomic>
#include <type_traits>

#include "kernels/fixed_lengths.h"
#include "kernels/half_slot_kernel.h"
#include "kernels/stockham_kernel.h"
#include "library/exec/launch_kernel.h"
#include "library/exec/stockham_launch.h"

namespace rift {

namespace {

// Rows and their mirrors (kernels/real_mirror.h).
template <class Real>
hipError_t launch_mirrored(const StockhamLaunch& launch_data, const kernels::StockhamArgs& args, hipStream_t stream)
{
    switch (args.length) {
#define RIFT_MIRRORED_CASE(length, entry_elements, pad_period, ...)                                          \
    case length: {                                                                                           \
        constexpr uint32_t elements = kernels::lane_elements(kernels::EntryKernel::mirrored_rows, length,    \
                                                             entry_elements, sizeof(kernels::Complex<Real>)); \
        return launch_kernel<                                                                                \
            &kernels::mirrored_real_stockham_kernel<Real, elements, length, pad_period, __VA_ARGS__>>(       \
            args, launch_data.shape, stream);                                                                \
    }
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_MIRRORED_CASE)
#undef RIFT_MIRRORED_CASE
    }
    return hipErrorInvalidValue;
}

#if defined(RIFT_PLATFORM_NVIDIA)
// 16384 single on one SM, the whole next transform bulk-copied while one runs (kernels/half_slot_kernel.h).
template <bool Inverse>
constexpr auto* kHalfSlotKernel = &kernels::half_slot_stockham_kernel<Inverse>;

// The device's SMs when the half-slot kernel runs there, else 0; worked out once per device. It needs sm_90 code
// (a PTX build for an older architecture, compiled at load time, has empty bulk copies) and its shared memory.
template <bool Inverse>
hipError_t half_slot_sms(uint32_t& sms)
{
    static std::atomic<int> known[kMaxTrackedDevices] = {};
    int device = 0;
    hipError_t error = hipGetDevice(&device);
    if (error != hipSuccess) return error;
    const int cached = device < kMaxTrackedDevices ? known[device].load(std::memory_order_relaxed) : 0;
    if (cached != 0) {
        sms = uint32_t(std::max(cached, 0)); // -1: not on this device
        return hipSuccess;
    }
    int count = 0;
    int shared_limit = 0;
    hipFuncAttributes attributes{};
    error = hipDeviceGetAttribute(&count, hipDeviceAttributeMultiprocessorCount, device);
    if (error == hipSuccess) error = hipDeviceGetAttribute(&shared_limit, kBlockSharedMemoryAttribute, device);
    if (error == hipSuccess)
        error = hipFuncGetAttributes(&attributes, reinterpret_cast<const void*>(kHalfSlotKernel<Inverse>));
    if (error != hipSuccess) return error;
    const bool runs = attributes.ptxVersion >= 90 && kernels::HalfSlotShape::shared_bytes <= uint32_t(shared_limit);
    sms = runs ? uint32_t(count) : 0;
    if (device < kMaxTrackedDevices) known[device].store(runs ? count : -1, std::memory_order_relaxed);
    return hipSuccess;
}

// Launches the half-slot kernel where it applies (`launched` says whether it did): persistent blocks, one an SM.
template <bool Inverse>
hipError_t launch_half_slot(const StockhamLaunch& launch_data, const kernels::StockhamArgs& args,
                            hipStream_t stream, bool& launched)
{
    launched = false;
    if (!kernels::runs_half_slot(args, sizeof(kernels::Complex<float>))) return hipSuccess;
    uint32_t sms = 0;
    const hipError_t error = half_slot_sms<Inverse>(sms);
    if (error != hipSuccess || sms == 0) return error;
    LaunchShape shape = launch_data.shape;
    shape.shared_bytes = kernels::HalfSlotShape::shared_bytes;
    shape.blocks = std::min(shape.blocks, sms);
    launched = true;
    return launch_kernel<kHalfSlotKernel<Inverse>>(args, shape, stream);
}
#endif

template <class Real, bool Inverse, bool RealData>
hipError_t launch_variant(const StockhamLaunch& launch_data, const kernels::StockhamArgs& args, hipStream_t stream)
{
    if constexpr (RealData && !Inverse) {
        if (args.mirrored_dims > 0) return launch_mirrored<Real>(launch_data, args, stream);
    }
#if defined(RIFT_PLATFORM_NVIDIA)
    if constexpr (!RealData && std::is_same_v<Real, float>) {
        bool launched = false;
        const hipError_t error = launch_half_slot<Inverse>(launch_data, args, stream, launched);
        if (error != hipSuccess || launched) return error;
    }
#endif
    if (!launch_data.fixed_length)
        return launch_kernel<&kernels::generic_stockham_kernel<Real, Inverse, RealData>>(args, launch_data.shape,
                                                                                         stream);
    // Blocks beyond kMaxThreadsPerBlock are tiled launches of the lengths with a wide variant (shared_layout.h);
    // tile-major launches have kernels of their own (stockham_kernel.h).
    const bool wide = launch_data.shape.threads_x * launch_data.shape.threads_y > kernels::kMaxThreadsPerBlock;
    switch (args.length) {
#define RIFT_FIXED_KERNEL(TileMajor, max_threads, min_blocks, elements, length, pad_period, ...)              \
    launch_kernel<&kernels::fixed_stockham_kernel<Real, Inverse, RealData, TileMajor, max_threads, min_blocks, \
                                                  elements, length, pad_period, __VA_ARGS__>>(               \
        args, launch_data.shape, stream)
#define RIFT_FIXED_CASE(length, entry_elements, entry_pad_period, ...)                                       \
    case length: {                                                                                           \
        constexpr uint32_t elements = kernels::lane_elements(                                                \
            RealData ? kernels::EntryKernel::real_stockham : kernels::EntryKernel::complex_stockham, length,  \
            entry_elements, sizeof(kernels::Complex<Real>));                                                 \
        constexpr uint32_t tile_major_pad =                                                                  \
            kernels::tile_major_pad_period(length, (length + elements - 1) / elements, entry_pad_period);    \
        /* a plan whose slots the kernel would lay out otherwise */                                          \
        if (args.pad_period != (!RealData && args.tile_major ? tile_major_pad : entry_pad_period))           \
            return hipErrorInvalidValue;                                                                     \
        if constexpr (!RealData && kernels::has_wide_variant(length, elements, sizeof(kernels::Complex<Real>))) { \
            if (wide)                                                                                        \
                return args.tile_major ? RIFT_FIXED_KERNEL(true, kernels::kMaxWideThreadsPerBlock, 0, elements, \
                                                           length, tile_major_pad, __VA_ARGS__)              \
                                       : RIFT_FIXED_KERNEL(false, kernels::kMaxWideThreadsPerBlock, 0, elements, \
                                                           length, entry_pad_period, __VA_ARGS__);           \
        }                                                                                                    \
        if constexpr (!RealData) {                                                                           \
            if (args.tile_major)                                                                             \
                return RIFT_FIXED_KERNEL(true, kernels::narrow_block_threads<Real>(length, elements),        \
                                         kernels::min_blocks_per_sm<Real>(length), elements, length,         \
                                         tile_major_pad, __VA_ARGS__);                                       \
        }                                                                                                    \
        return RIFT_FIXED_KERNEL(false, kernels::narrow_block_threads<Real>(length, elements),               \
                                 kernels::min_blocks_per_sm<Real>(length), elements, length, entry_pad_period, \
                                 __VA_ARGS__);                                                               \
    }
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_FIXED_CASE)
#undef RIFT_FIXED_CASE
#undef RIFT_FIXED_KERNEL
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
