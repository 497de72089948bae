// The last pass of a column-first multi-dimensional R2C of even N0 = 2M: the reals seen as complex z (pairs of
// neighbouring reals) have been transformed along every other dimension, and each row of M is now transformed
// and unpacked into N0 / 2 + 1 spectrum elements (real_pack.h's unpack_half_length). Unpacking row r needs row
// -r (every index negated modulo its length), so a block runs the two together. Its rows are written whole,
// which is why the plan goes column first: the spectrum's rows of N0 / 2 + 1 elements rarely start on 32-byte
// sectors, and column passes over them move runs that straddle sectors (library/plan/multi_dim_node.h).
//
// The mirrored axes are dims[0] (count A) and, for 3D, dims[1] (count B); the rest are the batch. Blocks take
// pairs in this order: per batch index, rows (i, 0) for i <= A / 2, then (i, o) for 0 < o < B / 2 and every i,
// then (i, B / 2) for i <= A / 2 when B is even. Rows that are their own mirror run alone. A block runs
// transforms_per_block / 2 consecutive pairs.
#pragma once

#include <cstdint>

#include "kernels/stockham_args.h"

namespace rift::kernels {

struct MirroredPair {
    uint64_t input_offset[2]; // in elements of each side: the row and its mirror
    uint64_t output_offset[2];
    uint32_t count; // 1 when the row is its own mirror, 0 past the last pair
};

RIFT_HOST_DEVICE uint64_t mirrored_other_count(const StockhamArgs& args)
{
    return args.mirrored_dims > 1 ? args.dims[1].count : 1;
}

// Pairs per batch index (blocks run transforms_per_block / 2 of them).
RIFT_HOST_DEVICE uint64_t mirrored_pairs_per_batch(const StockhamArgs& args)
{
    const uint64_t a = args.dims[0].count;
    const uint64_t b = mirrored_other_count(args);
    const uint64_t half = a / 2 + 1;
    return half + (b - 1) / 2 * a + (b % 2 == 0 ? half : 0);
}

RIFT_HOST_DEVICE uint64_t mirrored_pair_count(const StockhamArgs& args)
{
    uint64_t batch = 1;
    for (uint32_t d = args.mirrored_dims; d < args.dim_count; ++d) batch *= args.dims[d].count;
    return mirrored_pairs_per_batch(args) * batch;
}

RIFT_HOST_DEVICE MirroredPair mirrored_pair(const StockhamArgs& args, uint64_t pair_index)
{
    MirroredPair pair{};
    if (pair_index >= mirrored_pair_count(args)) return pair;
    const uint64_t a = args.dims[0].count;
    const uint64_t b = mirrored_other_count(args);
    const uint64_t pairs = mirrored_pairs_per_batch(args);
    uint64_t outer = pair_index / pairs;
    const uint64_t p = pair_index - outer * pairs;
    const uint64_t half = a / 2 + 1;
    const uint64_t middle = (b - 1) / 2 * a;
    uint64_t i = 0, o = 0;
    if (p < half) {
        i = p;
    } else if (p - half < middle) {
        const uint64_t q = p - half;
        o = 1 + q / a;
        i = q - (o - 1) * a;
    } else {
        i = p - half - middle;
        o = b / 2;
    }
    uint64_t input_base = args.input_offset;
    uint64_t output_base = args.output_offset;
    for (uint32_t d = args.mirrored_dims; d < args.dim_count; ++d) {
        const uint64_t count = args.dims[d].count;
        const uint64_t index = d + 1 == args.dim_count ? outer : outer % count;
        outer /= count;
        input_base += index * args.dims[d].input_stride;
        output_base += index * args.dims[d].output_stride;
    }
    const uint64_t mirror_i = i == 0 ? 0 : a - i;
    const uint64_t mirror_o = o == 0 ? 0 : b - o;
    const BatchDim& rows = args.dims[0];
    const BatchDim& planes = args.dims[args.mirrored_dims > 1 ? 1 : 0]; // o is 0 in 2D
    pair.input_offset[0] = input_base + i * rows.input_stride + o * planes.input_stride;
    pair.output_offset[0] = output_base + i * rows.output_stride + o * planes.output_stride;
    pair.input_offset[1] = input_base + mirror_i * rows.input_stride + mirror_o * planes.input_stride;
    pair.output_offset[1] = output_base + mirror_i * rows.output_stride + mirror_o * planes.output_stride;
    pair.count = mirror_i == i && mirror_o == o ? 1 : 2;
    return pair;
}

} // namespace rift::kernels
