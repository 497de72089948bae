// Bluestein's algorithm beyond one block, in three kernels. The padded length is M = F1 F2, and the padded data
// lives in the work buffer as F1 rows of F2 (element n = n1 F2 + n2):
//  1. forward columns: for each column n2, the F1-point DFT over n1 of the chirped input x_n w_n (zero from N
//     on, without loads), times exp(-2 pi i n2 k1 / M), to row k1;
//  2. rows: for each row k1, the F2-point DFT, which leaves X_(k1 + F1 k2) in slot k2; the product with the
//     spectrum, stored row by row at plan time so that row k1 reads it contiguously; the inverse F2-point DFT
//     over k2, giving element a; times exp(+2 pi i a k1 / M); back to the same row;
//  3. inverse columns: for each column a, the inverse F1-point DFT over k1, giving y_(a + F2 b); w_n y_n
//     (scaled) to the user's output for n < N.
// The inverse takes the forward's factorization with rows and columns swapped, so that the forward's last step
// and the inverse's first meet in one block: global memory sees 2N + 4M element moves instead of the 2N + 12M
// of two row/column plans with element-wise steps around them (bluestein_pointwise.h).
#pragma once

#include <cstdint>

#include "kernels/filtered_transform.h"

namespace rift::kernels {

enum class BluesteinStage : uint32_t { forward_columns, rows, inverse_columns };

struct BluesteinStepArgs {
    // The stage's transforms as the Stockham planner lays them out: columns (tile-major) of the user's buffer
    // and the work buffer for the column stages, rows of the work buffer for the row stage (twiddled on write).
    StockhamArgs step;
    uint32_t length = 0;     // N
    uint32_t row_length = 0; // F2
    const void* chirp = nullptr;    // w_n, n < N
    const void* spectrum = nullptr; // rows stage: the spectrum (divided by M) of X_(k1 + F1 k2) at k1 F2 + k2
};

// The padded lengths' factors with kernels of their own in the three stages: powers of two from 16 to 2048 and
// 1536 (the planner also bounds their bytes, library/plan/bluestein_node.cpp).
RIFT_HOST_DEVICE constexpr bool is_bluestein_step_length(uint32_t length)
{
    return length == 1536 || (length >= 16 && length <= 2048 && (length & (length - 1)) == 0);
}

// Column n2's elements x_n w_n, n = n2 + n1 F2, for the forward columns; zero from N on, without loads.
template <class Real>
struct ChirpedColumnSource {
    const Complex<Real>* column; // the user's element n2 of this transform
    uint64_t stride;             // F2 user elements
    uint32_t column_index;       // n2
    uint32_t row_length;         // F2
    uint32_t length;             // N
    const Complex<Real>* chirp;

    struct Run {
        ChirpedColumnSource source;
        uint32_t first;
        uint32_t step;
        RIFT_HOST_DEVICE Complex<Real> load(uint32_t r) const
        {
            const uint32_t j = first + r * step;
            const uint32_t n = source.column_index + j * source.row_length;
            return n < source.length ? source.column[j * source.stride] * source.chirp[n] : Complex<Real>{0, 0};
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const { return {*this, first, step}; }
};

// Column a's results y_n, n = a + b F2, for the inverse columns: w_n y_n, scaled, for n < N only.
template <class Real>
struct ChirpedColumnDestination {
    Complex<Real>* column; // the user's element a of this transform
    uint64_t stride;       // F2 user elements
    uint32_t column_index; // a
    uint32_t row_length;   // F2
    uint32_t length;       // N
    const Complex<Real>* chirp;
    Real scale;

    struct Run {
        ChirpedColumnDestination destination;
        uint32_t first;
        uint32_t step;
        RIFT_HOST_DEVICE void store(uint32_t r, Complex<Real> v) const
        {
            const uint32_t j = first + r * step;
            const uint32_t n = destination.column_index + j * destination.row_length;
            if (n < destination.length)
                destination.column[j * destination.stride] = scaled(v * destination.chirp[n], destination.scale);
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const { return {*this, first, step}; }
};

// Transform t of the tile (a column, or a row for BluesteinStage::rows) of length F, by the lanes for_each_lane
// visits (see fixed_stockham_transform).
template <BluesteinStage Stage, int E, class Real, uint32_t F, uint32_t... Radices, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void bluestein_step_transform(const BluesteinStepArgs& args, bool active,
                                               const TransformTile<Real>& tile, uint32_t t,
                                               const ScratchSlot<Real>& slot, ForEachLane for_each_lane,
                                               Barrier barrier)
{
    const StockhamArgs& step = args.step;
    const auto* chirp = static_cast<const Complex<Real>*>(args.chirp);
    const uint32_t index = uint32_t(tile.first_index + t); // column n2 or a, or row k1
    if constexpr (Stage == BluesteinStage::forward_columns) {
        const ChirpedColumnSource<Real> source{tile.input + t * step.dims[0].input_stride, step.input_stride, index,
                                               args.row_length, args.length, chirp};
        fixed_stockham_transform<E, false, Real, F, Radices...>(step, active, source,
                                                                transform_output<false, false>(step, tile, t), slot,
                                                                for_each_lane, barrier);
    } else if constexpr (Stage == BluesteinStage::rows) {
        const auto* spectrum = static_cast<const Complex<Real>*>(args.spectrum) + uint64_t(index) * F;
        fixed_filtered_transform<E, (F + E - 1) / E, Real, F, Radices...>(step, active, transform_input(step, tile, t),
                                                         transform_output<true, false>(step, tile, t), spectrum, slot,
                                                         for_each_lane, barrier);
    } else {
        const ChirpedColumnDestination<Real> destination{tile.output + t * step.dims[0].output_stride,
                                                         step.output_stride,
                                                         index,
                                                         args.row_length,
                                                         args.length,
                                                         chirp,
                                                         static_cast<Real>(step.scale)};
        fixed_stockham_transform<E, true, Real, F, Radices...>(step, active, transform_input(step, tile, t),
                                                               destination, slot, for_each_lane, barrier);
    }
}

} // namespace rift::kernels

#if defined(__CUDACC__) || defined(__HIPCC__)
#include "kernels/stockham_kernel.h"

namespace rift::kernels {

// Tile-major blocks for the column stages, lane-major for the rows, as the Stockham planner chose.
template <class Real, BluesteinStage Stage, int E, uint32_t F, uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(kMaxThreadsPerBlock) bluestein_step_kernel(BluesteinStepArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const StockhamArgs& step = args.step;
    const TransformTile<Real> tile = transform_tile<Real>(step, blockIdx.x, step.tiles, step.transforms_per_block);
    const uint32_t t = tile_transform(step.tile_major);
    const uint32_t lane = transform_lane(step.tile_major);
    const ScratchSlot<Real> slot = transform_slot<Real>(shared_bytes, t, step.slot_elements, PadPeriod);
    Registers<Real, E> regs;
    bluestein_step_transform<Stage, E, Real, F, Radices...>(
        args, t < tile.count, tile, t, slot, [&](auto&& visit) { visit(lane, regs); }, [] { __syncthreads(); });
}

} // namespace rift::kernels
#endif
