// Launches of the Stockham kernels for one precision; included by the per-precision translation units only.
#pragma once

#include <algorithm>
#include <atomic>
#include <iterator>
#include <type_traits>
#include <utility>

#include "kernels/fixed_lengths.h"
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
// The prefetching kernel of 16384 single (kernels/stockham_kernel.h), built on 16384's catalogue entry
// (kernels/fixed_lengths.h), with the first 48 KiB of rows of its first pass prefetched: 184 KiB of shared memory
// in all, which leaves the SM 60 KiB of L1 for the pass twiddles. More bytes were slower (H200: 0.72 of the copy
// bandwidth with 48 KiB, 0.61 with 64, 0.59 with 88, 0.67 with none; docs/performance.md, stop 25).
// prefetchable() checks the plan's launch has the entry's shape.
constexpr uint32_t kPrefetchLength = 16384;
using PrefetchEntry = kernels::FixedLengthEntry<kPrefetchLength>;
constexpr uint32_t kPrefetchedRows =
    48 * 1024 / (kPrefetchLength / PrefetchEntry::radices[0] * uint32_t(sizeof(kernels::Complex<float>)));
template <bool Inverse, size_t... Pass>
constexpr auto* prefetching_kernel(std::index_sequence<Pass...>)
{
    return &kernels::prefetching_stockham_kernel<float, Inverse, PrefetchEntry::elements_per_lane, kPrefetchLength,
                                                 PrefetchEntry::pad_period, kPrefetchedRows,
                                                 PrefetchEntry::radices[Pass]...>;
}
template <bool Inverse>
constexpr auto* kPrefetchingKernel =
    prefetching_kernel<Inverse>(std::make_index_sequence<std::size(PrefetchEntry::radices)>{});

// Whether the prefetching kernel can bulk-copy every transform of this launch: unit stride, 16-byte aligned,
// unstaged, one transform a block.
inline bool prefetchable(const kernels::StockhamArgs& args)
{
    if (args.length != kPrefetchLength || args.pass_count != std::size(PrefetchEntry::radices) ||
        args.pad_period != PrefetchEntry::pad_period ||
        args.threads_per_transform != kPrefetchLength / PrefetchEntry::elements_per_lane || args.stage_input ||
        args.stage_output || args.tile_major || args.transforms_per_block != 1 || args.input_stride != 1 ||
        reinterpret_cast<uintptr_t>(args.input) % 16 != 0 || args.input_offset % 2 != 0)
        return false;
    for (uint32_t p = 0; p < args.pass_count; ++p)
        if (args.radix(p) != PrefetchEntry::radices[p]) return false;
    for (uint32_t d = 0; d < args.dim_count; ++d)
        if (args.dims[d].input_stride % 2 != 0) return false;
    return true;
}

// The device's SMs when the prefetching kernel runs there, else 0; worked out once per device. It needs sm_90
// code (a PTX build for an older architecture, compiled at load time, has empty bulk copies) and its shared memory.
template <bool Inverse>
hipError_t prefetching_sms(uint32_t shared_bytes, uint32_t& sms)
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
        error = hipFuncGetAttributes(&attributes, reinterpret_cast<const void*>(kPrefetchingKernel<Inverse>));
    if (error != hipSuccess) return error;
    const bool runs = attributes.ptxVersion >= 90 && shared_bytes <= uint32_t(shared_limit);
    sms = runs ? uint32_t(count) : 0;
    if (device < kMaxTrackedDevices) known[device].store(runs ? count : -1, std::memory_order_relaxed);
    return hipSuccess;
}

// Launches the prefetching kernel where it applies (`launched` says whether it did).
template <bool Inverse>
hipError_t launch_prefetching(const StockhamLaunch& launch_data, const kernels::StockhamArgs& args,
                              hipStream_t stream, bool& launched)
{
    launched = false;
    if (!prefetchable(args)) return hipSuccess;
    LaunchShape shape = launch_data.shape;
    shape.shared_bytes = kernels::prefetching_shared_bytes<float>(
        args.slot_elements, kernels::prefetched_bytes<float>(kPrefetchLength, PrefetchEntry::radices[0],
                                                             kPrefetchedRows));
    uint32_t sms = 0;
    const hipError_t error = prefetching_sms<Inverse>(shape.shared_bytes, sms);
    if (error != hipSuccess || sms == 0) return error;
    shape.blocks = std::min(shape.blocks, sms);
    launched = true;
    return launch_kernel<kPrefetchingKernel<Inverse>>(args, shape, stream);
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
        const hipError_t error = launch_prefetching<Inverse>(launch_data, args, stream, launched);
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
