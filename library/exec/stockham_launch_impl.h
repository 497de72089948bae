// Launches of the Stockham kernels for one precision; included by the per-precision translation units only.
#pragma once

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
#define RIFT_MIRRORED_CASE(length, elements, pad_period, ...)                                                 \
    case length:                                                                                             \
        return launch_kernel<                                                                                 \
            &kernels::mirrored_real_stockham_kernel<Real, elements, length, pad_period, __VA_ARGS__>>(          \
            args, launch_data.shape, stream);
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_MIRRORED_CASE)
#undef RIFT_MIRRORED_CASE
    }
    return hipErrorInvalidValue;
}

template <class Real, bool Inverse, bool RealData>
hipError_t launch_variant(const StockhamLaunch& launch_data, const kernels::StockhamArgs& args, hipStream_t stream)
{
    if constexpr (RealData && !Inverse) {
        if (args.mirrored_dims > 0) return launch_mirrored<Real>(launch_data, args, stream);
    }
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
#define RIFT_FIXED_CASE(length, elements, pad_period, ...)                                                   \
    case length:                                                                                             \
        if constexpr (!RealData && kernels::has_wide_variant(length, elements, sizeof(kernels::Complex<Real>))) { \
            if (wide)                                                                                        \
                return args.tile_major ? RIFT_FIXED_KERNEL(true, kernels::kMaxWideThreadsPerBlock, 0, elements, \
                                                           length, pad_period, __VA_ARGS__)                  \
                                       : RIFT_FIXED_KERNEL(false, kernels::kMaxWideThreadsPerBlock, 0, elements, \
                                                           length, pad_period, __VA_ARGS__);                 \
        }                                                                                                    \
        if constexpr (!RealData) {                                                                           \
            if (args.tile_major)                                                                             \
                return RIFT_FIXED_KERNEL(true, kernels::narrow_block_threads<Real>(length, elements),        \
                                         kernels::min_blocks_per_sm<Real>(length), elements, length, pad_period, \
                                         __VA_ARGS__);                                                       \
        }                                                                                                    \
        return RIFT_FIXED_KERNEL(false, kernels::narrow_block_threads<Real>(length, elements),               \
                                 kernels::min_blocks_per_sm<Real>(length), elements, length, pad_period,     \
                                 __VA_ARGS__);
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
