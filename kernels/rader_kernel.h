// Rader's algorithm in one block, for a prime length P: with a generator g of the integers modulo P, the
// nonzero indices run through g^q (q < P - 1), and X_(g^-p) = x_0 + sum_q x_(g^q) w^(g^(q - p)) is a circular
// convolution of length M = P - 1 of a_q = x_(g^q) with b_m = w^(g^-m) (w = exp(-+2 pi i / P)). The block runs it
// as the circular convolutions of filtered_transform.h run, half the length Bluestein's algorithm pads to: the
// M-point forward transform, the product with b's spectrum, the inverse transform. The permutations happen in
// shared memory, so that global memory is read and written in order, once: x_n goes to slot position log_g n on
// the way in, and X_n = x_0 + c_((-log_g n) mod M) comes from the slot on the way out. X_0 = x_0 + A_0, the sum of
// the a_q, which the forward transform leaves at index 0 of the slot.
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

// x_n (0 < n < P) into slot position log_g n, lane by lane along the input, Batch elements a lane at a time: all
// their loads are issued before the first store, so that they are in flight together (the kernel passes the
// elements a lane holds, one round for the whole transform).
template <uint32_t Batch, class Real>
RIFT_HOST_DEVICE void rader_stage_input(const RaderArgs& args, const StridedSource<Real>& input,
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

// X_n = x_0 + c_((-log_g n) mod M) for 0 < n < P and X_0 = x_0 + A_0, scaled, lane by lane along the output,
// Batch elements a lane at a time (unrolled, so that their logarithms are loaded before the first is needed).
template <uint32_t Batch, class Real>
RIFT_HOST_DEVICE void rader_stage_output(const RaderArgs& args, Complex<Real>* output, size_t stride,
                                         const ScratchSlot<Real>& slot, Complex<Real> first_input, Complex<Real> sum,
                                         uint32_t lane, uint32_t lanes)
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

// Transform t of the tile, by Lanes lanes of E registers (see fixed_stockham_passes). x_0 is read before any
// output is written, so in place is safe.
template <int E, uint32_t Lanes, class Real, uint32_t M, uint32_t... Radices, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void fixed_rader_transform(const RaderArgs& args, bool active, const TransformTile<Real>& tile,
                                            uint32_t t, const ScratchSlot<Real>& slot, ForEachLane for_each_lane,
                                            Barrier barrier)
{
    const StockhamArgs& convolution = args.convolution;
    const StridedSource<Real> input = transform_input(convolution, tile, t);
    for_each_lane([&](uint32_t lane, Registers<Real, E>&) {
        if (active) rader_stage_input<uint32_t(E)>(args, input, slot, lane, Lanes);
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
            rader_stage_output<uint32_t(E) + 1>(args, output, convolution.output_stride, slot, first_input, sum,
                                                 lane, Lanes);
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
    const TransformTile<Real> tile =
        transform_tile<Real>(convolution, blockIdx.x, convolution.tiles, convolution.transforms_per_block);
    const uint32_t t = threadIdx.y;
    const ScratchSlot<Real> slot{reinterpret_cast<Complex<Real>*>(shared_bytes) + t * convolution.slot_elements,
                                 PadPeriod};
    Registers<Real, E> regs;
    fixed_rader_transform<E, Lanes, Real, M, Radices...>(
        args, t < tile.count, tile, t, slot, [&](auto&& visit) { visit(threadIdx.x, regs); },
        [] { __syncthreads(); });
}
#endif

} // namespace rift::kernels
