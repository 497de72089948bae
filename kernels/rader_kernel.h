// Rader's algorithm in one block, for a prime length P: with a generator g of the integers modulo P, the
// nonzero indices run through g^q (q < P - 1), and X_(g^-p) = x_0 + sum_q x_(g^q) w^(g^(q - p)) is a circular
// convolution of length M = P - 1 of a_q = x_(g^q) with b_m = w^(g^-m) (w = exp(-+2 pi i / P)). The block runs it
// as the circular convolutions of filtered_transform.h run, half the length Bluestein's algorithm pads to: the
// M-point forward transform, the product with b's spectrum, the inverse transform. The permutations happen in
// shared memory, so that global memory is read and written in order, once: x_n goes to slot position log_g n on
// the way in, and X_n = x_0 + c_((-log_g n) mod M) comes from the slot on the way out. X_0 = x_0 + A_0, the sum of
// the a_q: the forward transform's element 0.
#pragma once

#include <cstdint>

#include "kernels/stockham_transform.h"

namespace rift::kernels {

struct RaderArgs {
    // The convolution's transforms of length M = P - 1 (pass shape, twiddles, slot), with the user's buffers,
    // offsets, strides and batch dimensions (of the length-P transforms) and scale. Its staging flags are the
    // kernel's to set.
    StockhamArgs convolution;
    uint32_t length = 0;                  // P
    const uint32_t* logarithms = nullptr; // log_g n for 1 <= n < P, at n - 1
    const void* spectrum = nullptr;       // the M-point DFT of b, divided by M
};

// Where a tile's transforms keep their state in shared memory: a padded slot of M elements each, then two cells
// each, x_0 and A_0 (which the span's staged output needs for every transform of the tile, not only a thread's
// own).
inline constexpr uint32_t kRaderCellsPerTransform = 2;
template <class Real>
struct RaderTileMemory {
    Complex<Real>* slots;
    uint32_t slot_elements;
    uint32_t pad_period;
    Complex<Real>* cells; // x_0 of transform t at 2t, A_0 at 2t + 1

    RIFT_HOST_DEVICE ScratchSlot<Real> slot(uint32_t t) const { return {slots + t * slot_elements, pad_period}; }
};

// The tile's elements in order of transform, then index: element j = t P + n is thread j mod threads's, Batch
// of them a thread at a time, all their loads issued before the first store. Transforms that lie one after
// another (unit stride, distance P) are thereby read as the tile's span, whole lines a warp; the index
// arithmetic is a multiply-shift, P being a constant of the kernel. The host executor walks tiles of one
// transform with one thread.
template <uint32_t Batch, class Real, class Visit>
RIFT_HOST_DEVICE void rader_tile_walk(const TransformTile<Real>& tile, uint32_t length, uint32_t thread,
                                      uint32_t threads, Visit visit)
{
    const uint32_t total = tile.count * length;
    for (uint32_t first = thread; first < total; first += Batch * threads) visit(first, total);
}

// x_n (0 < n < P) into slot position log_g n, x_0 into its cell.
template <uint32_t Batch, class Real>
RIFT_HOST_DEVICE void rader_stage_input(const RaderArgs& args, uint32_t length, const TransformTile<Real>& tile,
                                        const RaderTileMemory<Real>& memory, uint32_t thread, uint32_t threads)
{
    const StockhamArgs& convolution = args.convolution;
    const bool span = convolution.input_stride == 1 && convolution.dims[0].input_stride == length;
    rader_tile_walk<Batch>(tile, length, thread, threads, [&](uint32_t first, uint32_t total) {
        Complex<Real> v[Batch];
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u) {
            const uint32_t j = first + u * threads;
            if (j >= total) continue;
            const uint32_t t = j / length, n = j - t * length;
            v[u] = load_global(span ? tile.input + j
                                    : tile.input + t * convolution.dims[0].input_stride + size_t(n) * convolution.input_stride);
        }
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u) {
            const uint32_t j = first + u * threads;
            if (j >= total) continue;
            const uint32_t t = j / length, n = j - t * length;
            if (n == 0)
                memory.cells[kRaderCellsPerTransform * t] = v[u];
            else
                memory.slot(t)[args.logarithms[n - 1]] = v[u];
        }
    });
}

// X_n = x_0 + c_((-log_g n) mod M) for 0 < n < P and X_0 = x_0 + A_0, scaled, from the slots and cells.
template <uint32_t Batch, class Real>
RIFT_HOST_DEVICE void rader_stage_output(const RaderArgs& args, uint32_t length, const TransformTile<Real>& tile,
                                         const RaderTileMemory<Real>& memory, uint32_t thread, uint32_t threads)
{
    const StockhamArgs& convolution = args.convolution;
    const bool span = convolution.output_stride == 1 && convolution.dims[0].output_stride == length;
    const uint32_t m = length - 1;
    const Real scale = static_cast<Real>(convolution.scale);
    rader_tile_walk<Batch>(tile, length, thread, threads, [&](uint32_t first, uint32_t total) {
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u) {
            const uint32_t j = first + u * threads;
            if (j >= total) continue;
            const uint32_t t = j / length, n = j - t * length;
            const Complex<Real>* cells = memory.cells + kRaderCellsPerTransform * t;
            Complex<Real> c = cells[1];
            if (n != 0) {
                const uint32_t logarithm = args.logarithms[n - 1];
                c = memory.slot(t)[logarithm == 0 ? 0 : m - logarithm];
            }
            Complex<Real>* destination =
                span ? tile.output + j
                     : tile.output + t * convolution.dims[0].output_stride + size_t(n) * convolution.output_stride;
            *destination = scaled(cells[0] + c, scale);
        }
    });
}

template <uint32_t... Radices>
struct RadixList {};
template <class Reversed, uint32_t... Rest>
struct ReversedRadices {
    using type = Reversed;
};
template <uint32_t... Done, uint32_t First, uint32_t... Rest>
struct ReversedRadices<RadixList<Done...>, First, Rest...> : ReversedRadices<RadixList<First, Done...>, Rest...> {};

template <int E, uint32_t Lanes, bool Inverse, class Real, uint32_t M, class Source, class Destination,
          class ForEachLane, class Barrier, uint32_t... Radices>
RIFT_HOST_DEVICE void fixed_stockham_passes_in(RadixList<Radices...>, const StockhamArgs& args, bool active,
                                               const Source& input, const Destination& output,
                                               const ScratchSlot<Real>& scratch, ForEachLane for_each_lane,
                                               Barrier barrier)
{
    fixed_stockham_passes<E, Lanes, Inverse, Real, M, 1, Radices...>(args, active, input, output, scratch,
                                                                     for_each_lane, barrier);
}

// The convolution's twiddle table holds the forward passes' twiddles (the plan's radix order), then the inverse
// passes', whose radices run in the reverse order: the inverse's first pass then has the radix of the forward's
// last and may take its results where they are, in the lanes' registers (filtered_transform.h), weighted by
// the spectrum there; the slot sees one pass fewer each way.
template <class Real>
RIFT_HOST_DEVICE const Complex<Real>* rader_inverse_twiddles(const StockhamArgs& convolution)
{
    return static_cast<const Complex<Real>*>(convolution.twiddles) + (convolution.length - 1);
}

// Transforms of so few lanes that their runs fit a sector read and write the tile's span (transform_tile.h),
// with the inverse's first pass on the forward's last pass's results in the registers; the others read and write
// lane by lane, through the slot between the transforms (rader_lane_transform). The span and the kept pass pay
// at two to four lanes a transform and not beyond (docs/performance.md, "Primes").
template <uint32_t Lanes, class Real>
RIFT_HOST_DEVICE constexpr bool rader_walks_spans()
{
    return Lanes * sizeof(Complex<Real>) <= kSectorBytes;
}

// The tile's transforms, transform t by Lanes lanes of E registers (see fixed_stockham_passes) and the block's
// threads together for the staged copies. The whole tile is read before any output is written, so in place is
// safe.
template <int E, uint32_t Lanes, class Real, uint32_t M, uint32_t... Radices, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void rader_span_transforms(const RaderArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                            const RaderTileMemory<Real>& memory, uint32_t thread, uint32_t threads,
                                            ForEachLane for_each_lane, Barrier barrier)
{
    constexpr uint32_t kLength = M + 1;
    const StockhamArgs& convolution = args.convolution;
    const auto* spectrum = static_cast<const Complex<Real>*>(args.spectrum);
    const bool active = t < tile.count;
    const ScratchSlot<Real> slot = memory.slot(t);
    Complex<Real>* const sum = memory.cells + kRaderCellsPerTransform * t + 1;
    const StridedSource<Real> unused_input{nullptr, 0};
    rader_stage_input<uint32_t(E) + 1>(args, kLength, tile, memory, thread, threads);
    barrier();
    StockhamArgs forward = convolution;
    forward.stage_input = true;
    StockhamArgs inverse = convolution;
    inverse.stage_input = false;
    inverse.stage_output = true;
    // Not at 32 elements a lane, as filtered_transform.h: the kept elements and the spectrum loads in flight
    // would need more registers than a thread gets.
    if constexpr (E < 32) {
        forward.stage_output = false;
        fixed_stockham_passes<E, Lanes, false, Real, M, 1, Radices...>(forward, active, unused_input,
                                                                       KeptInRegisters{}, slot, for_each_lane, barrier);
        // A_0, the forward transform's element 0: lane 0's first butterfly's first output.
        for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) {
            if (active && lane == 0) *sum = regs.v[0];
        });
        inverse.twiddles = rader_inverse_twiddles<Real>(convolution);
        fixed_stockham_passes_in<E, Lanes, true, Real, M>(typename ReversedRadices<RadixList<>, Radices...>::type{},
                                                          inverse, active, SpectrumWeightedRegisters<Real>{spectrum},
                                                          KeptInRegisters{}, slot, for_each_lane, barrier);
    } else {
        forward.stage_output = true;
        fixed_stockham_passes<E, Lanes, false, Real, M, 1, Radices...>(forward, active, unused_input,
                                                                       KeptInRegisters{}, slot, for_each_lane, barrier);
        barrier();
        // A_0 before the inverse transform's last pass overwrites it (its first pass reads the slot whole first).
        for_each_lane([&](uint32_t lane, Registers<Real, E>&) {
            if (active && lane == 0) *sum = slot[0];
        });
        fixed_stockham_passes<E, Lanes, true, Real, M, 1, Radices...>(inverse, active,
                                                                      SpectrumWeightedSlot<Real>{slot, spectrum},
                                                                      KeptInRegisters{}, slot, for_each_lane, barrier);
    }
    barrier();
    rader_stage_output<uint32_t(E) + 1>(args, kLength, tile, memory, thread, threads);
}

// x_n (0 < n < P) of one transform into slot position log_g n, lane by lane along the input, Batch elements a
// lane at a time, all their loads issued before the first store.
template <uint32_t Batch, class Real>
RIFT_HOST_DEVICE void rader_lane_stage_input(const RaderArgs& args, const StridedSource<Real>& input,
                                             const ScratchSlot<Real>& slot, uint32_t lane, uint32_t lanes)
{
    for (uint32_t first = 1 + lane; first < args.length; first += Batch * lanes) {
        Complex<Real> v[Batch];
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u) {
            const uint32_t n = first + u * lanes;
            if (n < args.length) v[u] = load_global(input.base + size_t(n) * input.stride);
        }
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u) {
            const uint32_t n = first + u * lanes;
            if (n < args.length) slot[args.logarithms[n - 1]] = v[u];
        }
    }
}

// X_n = x_0 + c_((-log_g n) mod M) for 0 < n < P and X_0 = x_0 + A_0 of one transform, scaled, lane by lane
// along the output, Batch elements a lane at a time (unrolled, so that their logarithms are loaded before the
// first is needed).
template <uint32_t Batch, class Real>
RIFT_HOST_DEVICE void rader_lane_stage_output(const RaderArgs& args, Complex<Real>* output, size_t stride,
                                              const ScratchSlot<Real>& slot, Complex<Real> first_input,
                                              Complex<Real> sum, uint32_t lane, uint32_t lanes)
{
    const uint32_t m = args.length - 1;
    const Real scale = static_cast<Real>(args.convolution.scale);
    for (uint32_t first = lane; first < args.length; first += Batch * lanes) {
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u) {
            const uint32_t n = first + u * lanes;
            if (n >= args.length) continue;
            const Complex<Real> c = n == 0 ? sum : slot[(m - args.logarithms[n - 1]) % m];
            output[size_t(n) * stride] = scaled(first_input + c, scale);
        }
    }
}

// Transform t of the tile, by Lanes lanes of E registers, each lane reading and writing its own elements; the
// forward transform's result goes through the slot to the inverse's first pass (the first half of the table).
// x_0 is read before any output is written, so in place is safe.
template <int E, uint32_t Lanes, class Real, uint32_t M, uint32_t... Radices, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void rader_lane_transform(const RaderArgs& args, bool active, const TransformTile<Real>& tile,
                                           uint32_t t, const ScratchSlot<Real>& slot, ForEachLane for_each_lane,
                                           Barrier barrier)
{
    const StockhamArgs& convolution = args.convolution;
    const StridedSource<Real> input = transform_input(convolution, tile, t);
    for_each_lane([&](uint32_t lane, Registers<Real, E>&) {
        if (active) rader_lane_stage_input<uint32_t(E)>(args, input, slot, lane, Lanes);
    });
    barrier();
    StockhamArgs forward = convolution;
    forward.stage_input = true;
    forward.stage_output = true;
    fixed_stockham_passes<E, Lanes, false, Real, M, 1, Radices...>(forward, active, input, KeptInRegisters{}, slot,
                                                                   for_each_lane, barrier);
    barrier();
    const Complex<Real> sum = slot[0];
    const Complex<Real> first_input = active ? load_global(input.base) : Complex<Real>{0, 0};
    StockhamArgs inverse = convolution;
    inverse.stage_input = false;
    inverse.stage_output = true;
    fixed_stockham_passes<E, Lanes, true, Real, M, 1, Radices...>(
        inverse, active, SpectrumWeightedSlot<Real>{slot, static_cast<const Complex<Real>*>(args.spectrum)},
        KeptInRegisters{}, slot, for_each_lane, barrier);
    barrier();
    Complex<Real>* output = tile.output + t * convolution.dims[0].output_stride;
    for_each_lane([&](uint32_t lane, Registers<Real, E>&) {
        if (active)
            rader_lane_stage_output<uint32_t(E) + 1>(args, output, convolution.output_stride, slot, first_input,
                                                     sum, lane, Lanes);
    });
}

#if defined(__CUDACC__) || defined(__HIPCC__)
// Compiled at run time for each convolution length (library/exec/runtime_kernels.h). Lane-major blocks:
// threadIdx.x is the lane, threadIdx.y the transform within the tile.
template <class Real, uint32_t MaxThreads, uint32_t MinBlocks, int E, uint32_t Lanes, uint32_t M, uint32_t PadPeriod,
          uint32_t... Radices>
__global__ void __launch_bounds__(MaxThreads, MinBlocks) compiled_rader_kernel(RaderArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const StockhamArgs& convolution = args.convolution;
    const uint32_t per_block = convolution.transforms_per_block;
    const TransformTile<Real> tile = transform_tile<Real>(convolution, blockIdx.x, convolution.tiles, per_block);
    Complex<Real>* const slots = reinterpret_cast<Complex<Real>*>(shared_bytes);
    const RaderTileMemory<Real> memory{slots, convolution.slot_elements, PadPeriod,
                                       slots + per_block * convolution.slot_elements};
    const uint32_t t = threadIdx.y;
    Registers<Real, E> regs;
    const auto for_each_lane = [&](auto&& visit) { visit(threadIdx.x, regs); };
    const auto barrier = [] { __syncthreads(); };
    if constexpr (rader_walks_spans<Lanes, Real>())
        rader_span_transforms<E, Lanes, Real, M, Radices...>(args, tile, t, memory, t * Lanes + threadIdx.x,
                                                             Lanes * blockDim.y, for_each_lane, barrier);
    else
        rader_lane_transform<E, Lanes, Real, M, Radices...>(args, t < tile.count, tile, t, memory.slot(t),
                                                            for_each_lane, barrier);
}
#endif

} // namespace rift::kernels
