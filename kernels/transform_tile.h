// Where the transforms of one block live, and the staged copies between global memory and the block's slots.
// A block runs `transforms_per_block` transforms that are consecutive along dims[0] (a tile); the other batch
// dimensions are fixed per block. The host executor runs tiles of one transform through the same code.
#pragma once

#include <cstdint>

#include "kernels/complex.h"
#include "kernels/shared_layout.h"
#include "kernels/stockham_args.h"
#include "kernels/views.h"

namespace rift::kernels {

template <class Real>
struct TransformTile {
    const Complex<Real>* input;  // the tile's first transform
    Complex<Real>* output;
    uint64_t first_index = 0;    // dims[0] index of the first transform
    uint32_t count = 0;          // transforms in this tile (fewer than per-block in the last tile)
    // Offsets of the first transform in elements of each side: the real side of a real transform is an array of
    // reals, which input/output (complex pointers) cannot address.
    uint64_t input_offset = 0;
    uint64_t output_offset = 0;
};

// The tile of block `block`, with `tiles` blocks along dims[0] (the GPU's args.tiles; the host runs tiles of one
// transform, dims[0].count of them). The other batch dimensions' indices come from block / tiles.
template <class Real>
RIFT_HOST_DEVICE TransformTile<Real> transform_tile(const StockhamArgs& args, uint64_t block, uint64_t tiles,
                                                    uint32_t transforms_per_block)
{
    // One batch axis (plain batched 1D) needs no division; otherwise the GPU's block indices fit 32 bits, and
    // 32-bit division is several times cheaper than 64-bit in a kernel that is often issue-bound.
    uint64_t outer = 0;
    uint64_t first = block * transforms_per_block;
    uint64_t input_offset = args.input_offset;
    uint64_t output_offset = args.output_offset;
    if (args.dim_count > 1) {
        const bool narrow = block <= 0xffffffffu && tiles <= 0xffffffffu;
        outer = narrow ? uint32_t(block) / uint32_t(tiles) : block / tiles;
        first = (block - outer * tiles) * transforms_per_block;
        RIFT_UNROLL
        for (uint32_t d = 1; d < uint32_t(kMaxBatchDims); ++d) {
            if (d >= args.dim_count) break;
            const bool last = d + 1 == args.dim_count; // its index is what is left
            const uint64_t count = args.dims[d].count;
            uint64_t index = outer;
            if (!last) {
                const uint64_t next = narrow && count <= 0xffffffffu ? uint32_t(outer) / uint32_t(count) : outer / count;
                index = outer - next * count;
                outer = next;
            }
            input_offset += index * args.dims[d].input_stride;
            output_offset += index * args.dims[d].output_stride;
        }
    }
    input_offset += first * args.dims[0].input_stride;
    output_offset += first * args.dims[0].output_stride;
    const uint64_t left = args.dims[0].count - first;
    TransformTile<Real> tile;
    tile.input = static_cast<const Complex<Real>*>(args.input) + input_offset;
    tile.output = static_cast<Complex<Real>*>(args.output) + output_offset;
    tile.first_index = first;
    tile.input_offset = input_offset;
    tile.output_offset = output_offset;
    tile.count = uint32_t(left < transforms_per_block ? left : transforms_per_block);
    return tile;
}

// The twin of transform t of the tile (at `first`, StockhamArgs::twins): `offset` elements further, or null. Twins
// are real transforms of odd length: other kernels pass OddReal false. Callers test `OddReal && twin`: a null
// known only after inlining still moved those kernels' register allocation (ptxas -v).
template <bool OddReal, class Real, class Pointer>
RIFT_HOST_DEVICE Pointer twin_transform(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                        Pointer first, uint64_t offset)
{
    if constexpr (!OddReal) return nullptr;
    return tile.first_index + t < args.twins.count ? first + offset : nullptr;
}

// exp(-+2 pi i e / L) from the two-level step-twiddle table (stockham_args.h).
template <bool Inverse, class Real>
RIFT_HOST_DEVICE Complex<Real> step_twiddle(const StockhamArgs& args, uint64_t exponent)
{
    return two_level_root(static_cast<const Complex<Real>*>(args.step_twiddles), args.step_twiddle_bits, exponent,
                          Inverse);
}

// Staged copies move kStageBatch elements a thread at a time, all loads before all stores, so that more than one
// load is in flight. Kept small: the staging loops set the register count of the whole kernel (8 took the
// 1024-point kernel from 60 to 83 registers, halving its occupancy), and the common staged side is the row
// step's output, whose stores need no latency hiding. 4 is slower too.
inline constexpr uint32_t kStageBatch = 2;

// The staged copies split the tile's elements among the block's threads, element k of every transform before
// element k + 1, so that where the transforms are columns the lanes of a warp touch consecutive addresses. The
// block's thread count is a multiple of the tile's width (transforms_per_block = 2^log2_per_block), so a thread
// keeps one transform t = thread mod width and walks its elements k = thread / width + n * threads / width:
// its addresses advance by constant steps, worked out once. Per-element index arithmetic was a sixth of the
// staged row step's instructions.
struct StagedWalk {
    uint32_t transform;  // t, within the tile
    uint32_t first;      // the thread's first element
    uint32_t step;       // between its elements
};
RIFT_HOST_DEVICE StagedWalk staged_walk(uint32_t log2_per_block, uint32_t thread, uint32_t threads)
{
    return {thread & ((1u << log2_per_block) - 1), thread >> log2_per_block, threads >> log2_per_block};
}

// Copies the tile's input into slots slots[t * slot_elements ...], padded with `pad_period` (a constant in the
// fixed-length kernels, so the padding folds to a shift).
template <class Real>
RIFT_HOST_DEVICE void stage_input(const StockhamArgs& args, const TransformTile<Real>& tile, Complex<Real>* slots,
                                  uint32_t pad_period, uint32_t log2_per_block, uint32_t thread, uint32_t threads)
{
    const StagedWalk walk = staged_walk(log2_per_block, thread, threads);
    if (walk.transform >= tile.count) return;
    Complex<Real>* const slot = slots + walk.transform * args.slot_elements;
    const uint64_t source_step = uint64_t(walk.step) * args.input_stride;
    const Complex<Real>* source =
        tile.input + walk.transform * args.dims[0].input_stride + uint64_t(walk.first) * args.input_stride;
    for (uint32_t k = walk.first; k < args.length; k += kStageBatch * walk.step, source += kStageBatch * source_step) {
        Complex<Real> v[kStageBatch] = {};
        RIFT_UNROLL
        for (uint32_t u = 0; u < kStageBatch; ++u)
            if (k + u * walk.step < args.length) v[u] = load_global(source + u * source_step);
        RIFT_UNROLL
        for (uint32_t u = 0; u < kStageBatch; ++u)
            if (k + u * walk.step < args.length) slot[padded_index(k + u * walk.step, pad_period)] = v[u];
    }
}

// The way back: scaled, and twiddled for a row/column step.
template <bool Inverse, class Real>
RIFT_HOST_DEVICE void stage_output(const StockhamArgs& args, const TransformTile<Real>& tile,
                                   const Complex<Real>* slots, uint32_t pad_period, uint32_t log2_per_block,
                                   uint32_t thread, uint32_t threads)
{
    const StagedWalk walk = staged_walk(log2_per_block, thread, threads);
    if (walk.transform >= tile.count) return;
    const Real scale = static_cast<Real>(args.scale);
    const uint64_t row = tile.first_index + walk.transform; // the step twiddle's row
    const Complex<Real>* const slot = slots + walk.transform * args.slot_elements;
    const uint64_t destination_step = uint64_t(walk.step) * args.output_stride;
    Complex<Real>* destination =
        tile.output + walk.transform * args.dims[0].output_stride + uint64_t(walk.first) * args.output_stride;
    for (uint32_t k = walk.first; k < args.length;
         k += kStageBatch * walk.step, destination += kStageBatch * destination_step) {
        Complex<Real> v[kStageBatch] = {};
        RIFT_UNROLL
        for (uint32_t u = 0; u < kStageBatch; ++u)
            if (k + u * walk.step < args.length) v[u] = slot[padded_index(k + u * walk.step, pad_period)];
        if (args.step_twiddles != nullptr) {
            RIFT_UNROLL
            for (uint32_t u = 0; u < kStageBatch; ++u)
                if (k + u * walk.step < args.length)
                    v[u] = v[u] * step_twiddle<Inverse, Real>(args, row * (k + u * walk.step));
        }
        RIFT_UNROLL
        for (uint32_t u = 0; u < kStageBatch; ++u)
            if (k + u * walk.step < args.length) destination[u * destination_step] = scaled(v[u], scale);
    }
}

// A lane of a lane-major transform reads and writes its own elements, the transform's lanes side by side: runs
// of lanes x element bytes. Runs of at most a sector start anywhere in it and mostly straddle two, so transforms
// of so few lanes whose transforms lie one after another are faster staged as the tile's span (below); runs of
// more lanes are faster read directly.
inline constexpr uint32_t kSectorBytes = 32;

// A thread's span copies, Batch elements i + u * threads (u < Batch) at a time: a batch that lies wholly within the
// tile (every batch but a tile's last, and all of a whole tile) goes unchecked, since checking each element's index
// and predicating its load and store cost the copies more instructions than their addresses.
template <bool WholeBatch>
struct SpanBatch {
    static constexpr bool whole = WholeBatch;
};
template <uint32_t Batch, class Copy>
RIFT_HOST_DEVICE void for_each_span_batch(uint32_t total, uint32_t thread, uint32_t threads, Copy copy)
{
    for (uint32_t i = thread; i < total; i += Batch * threads) {
        if (i + (Batch - 1) * threads < total)
            copy(i, SpanBatch<true>{});
        else
            copy(i, SpanBatch<false>{});
    }
}

// Staged copies of a tile whose transforms lie one after another on a side (unit stride, distance Length): the
// block copies the tile's span in order, so each warp moves whole lines where a lane reading its own elements of
// a short transform would move runs of a few elements, most of them across two sectors. The input moves Batch
// elements a thread at a time: the kernels pass the elements a lane holds, which covers the whole tile in one
// round of loads in flight at once, in registers the transform takes only after the copy.
template <uint32_t Length, uint32_t PadPeriod, uint32_t Batch, class Real>
RIFT_HOST_DEVICE void stage_span_input(const StockhamArgs& args, const TransformTile<Real>& tile, Complex<Real>* slots,
                                       uint32_t thread, uint32_t threads)
{
    const uint32_t total = tile.count * Length;
    for_each_span_batch<Batch>(total, thread, threads, [&](uint32_t i, auto batch) RIFT_INLINE_LAMBDA {
        Complex<Real> v[Batch] = {};
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u)
            if (batch.whole || i + u * threads < total) v[u] = load_global(tile.input + (i + u * threads));
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u) {
            const uint32_t k = i + u * threads;
            const uint32_t t = k / Length;
            if (batch.whole || k < total)
                slots[t * args.slot_elements + padded_index(k - t * Length, PadPeriod)] = v[u];
        }
    });
}

// The output's copies go kStageBatch elements at a time: their stores need no latency hiding, but one element a
// loop trip paid the trip's index arithmetic for each.
template <uint32_t Length, uint32_t PadPeriod, class Real>
RIFT_HOST_DEVICE void stage_span_output(const StockhamArgs& args, const TransformTile<Real>& tile,
                                        const Complex<Real>* slots, uint32_t thread, uint32_t threads)
{
    const Real scale = static_cast<Real>(args.scale);
    const uint32_t total = tile.count * Length;
    for_each_span_batch<kStageBatch>(total, thread, threads, [&](uint32_t i, auto batch) RIFT_INLINE_LAMBDA {
        RIFT_UNROLL
        for (uint32_t u = 0; u < kStageBatch; ++u) {
            const uint32_t k = i + u * threads;
            const uint32_t t = k / Length;
            if (batch.whole || k < total)
                tile.output[k] = scaled(slots[t * args.slot_elements + padded_index(k - t * Length, PadPeriod)], scale);
        }
    });
}

} // namespace rift::kernels
