// Bluestein's algorithm in one block, for lengths N with a prime factor no radix kernel takes. With the chirp
// w_n = exp(-+ pi i n^2 / N), nk = (n^2 + k^2 - (k - n)^2) / 2 turns the transform into a convolution:
// X_k = w_k sum_n (x_n w_n) conj(w_(k-n)). The block runs it as a circular convolution of padded length
// M >= 2N - 2 (a length of kernels/fixed_lengths.h; library/plan/bluestein_node.cpp says why not 2N - 1) in its
// shared memory (filtered_transform.h): chirped input, zero padded; the filter conj(w); chirp and scale on the
// way out. Global memory is read once and written once, as for the radix kernels.
#pragma once

#include <cstdint>

#include "kernels/filtered_transform.h"

namespace rift::kernels {

struct BluesteinArgs {
    // The padded transforms of length M, with the user's buffers, offsets, strides and batch dimensions (of the
    // length-N transforms). Its staging flags are the kernel's to set.
    StockhamArgs padded;
    uint32_t length = 0; // N
    // A real transform: forward (R2C) reads N reals and writes N/2 + 1 complex elements, inverse (C2R) the other
    // way round; the real side's offsets and strides count reals.
    bool real = false;
    bool inverse = false; // the user's direction; the chirp tables already carry its sign
    const void* chirp = nullptr;    // w_n, n < N
    const void* spectrum = nullptr; // the M-point DFT of conj(w) at m and M - m (|m| < N), divided by M
};

// Transform t's input, element n as complex: R2C reads reals, C2R gets the upper half of its input from the
// conjugate symmetry the hermitian half implies. With RealData false the data are complex and the flags are not
// read: the one-block kernels are issue bound, and testing them per element costs the complex transforms time.
template <class Real, bool RealData>
struct BluesteinInput {
    const void* base;
    uint64_t stride;
    uint32_t length;
    bool real_input;
    bool hermitian_input;

    RIFT_HOST_DEVICE Complex<Real> load(uint32_t n) const
    {
        const auto* x = static_cast<const Complex<Real>*>(base);
        if constexpr (RealData) {
            if (real_input) return {static_cast<const Real*>(base)[n * stride], Real(0)};
            if (hermitian_input && 2 * n > length) return conjugate(x[(length - n) * stride]);
        }
        return x[n * stride];
    }
};

// Transform t's output: N/2 + 1 complex elements for R2C, N reals for C2R, N complex elements otherwise.
template <class Real, bool RealData>
struct BluesteinOutput {
    void* base;
    uint64_t stride;
    uint32_t count;
    bool real_output;
    Real scale;

    RIFT_HOST_DEVICE void store(uint32_t k, Complex<Real> v) const
    {
        if constexpr (RealData) {
            if (real_output) {
                static_cast<Real*>(base)[k * stride] = v.re * scale;
                return;
            }
        }
        static_cast<Complex<Real>*>(base)[k * stride] = scaled(v, scale);
    }
};

// The elements a transform writes: N/2 + 1 for R2C, N otherwise.
RIFT_HOST_DEVICE uint32_t bluestein_output_count(const BluesteinArgs& args)
{
    return args.real && !args.inverse ? args.length / 2 + 1 : args.length;
}

template <class Real, bool RealData>
RIFT_HOST_DEVICE BluesteinInput<Real, RealData> bluestein_input(const BluesteinArgs& args,
                                                                const TransformTile<Real>& tile, uint32_t t)
{
    const StockhamArgs& padded = args.padded;
    const bool real_input = args.real && !args.inverse;
    const uint64_t offset = tile.input_offset + t * padded.dims[0].input_stride; // in elements of the input's kind
    const void* base = real_input ? static_cast<const void*>(static_cast<const Real*>(padded.input) + offset)
                                  : static_cast<const void*>(static_cast<const Complex<Real>*>(padded.input) + offset);
    return {base, padded.input_stride, args.length, real_input, args.real && args.inverse};
}

template <class Real, bool RealData>
RIFT_HOST_DEVICE BluesteinOutput<Real, RealData> bluestein_output(const BluesteinArgs& args,
                                                                  const TransformTile<Real>& tile, uint32_t t)
{
    const StockhamArgs& padded = args.padded;
    const bool real_output = args.real && args.inverse;
    const uint64_t offset = tile.output_offset + t * padded.dims[0].output_stride;
    void* base = real_output ? static_cast<void*>(static_cast<Real*>(padded.output) + offset)
                             : static_cast<void*>(static_cast<Complex<Real>*>(padded.output) + offset);
    return {base, padded.output_stride, bluestein_output_count(args), real_output, static_cast<Real>(padded.scale)};
}

// The first pass of the forward transform reads x_n w_n straight from global memory, zero from N on: the padding
// costs no loads.
template <class Real, bool RealData>
struct ChirpedSource {
    BluesteinInput<Real, RealData> input;
    const Complex<Real>* chirp;

    struct Run {
        BluesteinInput<Real, RealData> input;
        const Complex<Real>* chirp;
        uint32_t first;
        uint32_t step;
        RIFT_HOST_DEVICE Complex<Real> load(uint32_t r) const
        {
            const uint32_t n = first + r * step;
            return n < input.length ? input.load(n) * chirp[n] : Complex<Real>{0, 0};
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const { return {input, chirp, first, step}; }
};

// The last pass of the inverse transform writes w_k times its result (scaled) straight to global memory, for the
// elements the user's transform has.
template <class Real, bool RealData>
struct ChirpedDestination {
    BluesteinOutput<Real, RealData> output;
    const Complex<Real>* chirp;

    struct Run {
        BluesteinOutput<Real, RealData> output;
        const Complex<Real>* chirp;
        uint32_t first;
        uint32_t step;
        RIFT_HOST_DEVICE void store(uint32_t r, Complex<Real> v) const
        {
            const uint32_t k = first + r * step;
            if (k < output.count) output.store(k, v * chirp[k]);
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const { return {output, chirp, first, step}; }
};

// Transform t of the tile, by Lanes lanes of E registers, those for_each_lane visits (see
// fixed_stockham_passes). RealData must be set for real transforms (args.real).
template <int E, uint32_t Lanes, bool RealData, class Real, uint32_t M, uint32_t... Radices, class ForEachLane,
          class Barrier>
RIFT_HOST_DEVICE void fixed_bluestein_transform(const BluesteinArgs& args, bool active,
                                                const TransformTile<Real>& tile, uint32_t t,
                                                const ScratchSlot<Real>& slot, ForEachLane for_each_lane,
                                                Barrier barrier)
{
    const auto* chirp = static_cast<const Complex<Real>*>(args.chirp);
    const ChirpedSource<Real, RealData> source{bluestein_input<Real, RealData>(args, tile, t), chirp};
    const ChirpedDestination<Real, RealData> destination{bluestein_output<Real, RealData>(args, tile, t), chirp};
    fixed_filtered_transform<E, Lanes, Real, M, Radices...>(args.padded, active, source, destination,
                                                     static_cast<const Complex<Real>*>(args.spectrum), slot,
                                                     for_each_lane, barrier);
}

// Blocks an SM must hold of the one-block kernel of padded length M (0: no minimum), which caps its registers at
// 65536 / (blocks x lanes); such kernels run one transform a block. For the single-precision 2048-point kernel,
// 9 blocks (56 registers, a few bytes spilled) beat 8 (64 registers) and 10 (48) (docs/performance.md).
template <class Real>
RIFT_HOST_DEVICE constexpr uint32_t bluestein_min_blocks_per_sm(uint32_t padded_length)
{
    return sizeof(Real) == 4 && padded_length == 2048 ? 9 : 0;
}
template <class Real>
RIFT_HOST_DEVICE constexpr uint32_t bluestein_block_threads(uint32_t padded_length, uint32_t elements_per_lane)
{
    return bluestein_min_blocks_per_sm<Real>(padded_length) > 0
               ? (padded_length + elements_per_lane - 1) / elements_per_lane
               : kMaxThreadsPerBlock;
}

#if defined(__CUDACC__) || defined(__HIPCC__)
// Lane-major blocks: threadIdx.x is the lane, threadIdx.y the transform within the tile.
template <class Real, bool RealData, uint32_t MaxThreads, uint32_t MinBlocks, int E, uint32_t M,
          uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(MaxThreads, MinBlocks) fixed_bluestein_kernel(BluesteinArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const StockhamArgs& padded = args.padded;
    const TransformTile<Real> tile =
        transform_tile<Real>(padded, blockIdx.x, padded.tiles, padded.transforms_per_block);
    const uint32_t t = threadIdx.y;
    const ScratchSlot<Real> slot{reinterpret_cast<Complex<Real>*>(shared_bytes) + t * padded.slot_elements, PadPeriod};
    Registers<Real, E> regs;
    fixed_bluestein_transform<E, (M + E - 1) / E, RealData, Real, M, Radices...>(
        args, t < tile.count, tile, t, slot, [&](auto&& visit) { visit(threadIdx.x, regs); },
        [] { __syncthreads(); });
}

// Every other padded length that fits a block, compiled at run time for the plans that need it
// (library/exec/runtime_kernels.h), with the lanes, block size and resident blocks an SM the planner chose.
template <class Real, bool RealData, uint32_t MaxThreads, uint32_t MinBlocks, int E, uint32_t Lanes, uint32_t M,
          uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(MaxThreads, MinBlocks) compiled_bluestein_kernel(BluesteinArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const StockhamArgs& padded = args.padded;
    const TransformTile<Real> tile =
        transform_tile<Real>(padded, blockIdx.x, padded.tiles, padded.transforms_per_block);
    const uint32_t t = threadIdx.y;
    const ScratchSlot<Real> slot{reinterpret_cast<Complex<Real>*>(shared_bytes) + t * padded.slot_elements, PadPeriod};
    Registers<Real, E> regs;
    fixed_bluestein_transform<E, Lanes, RealData, Real, M, Radices...>(
        args, t < tile.count, tile, t, slot, [&](auto&& visit) { visit(threadIdx.x, regs); },
        [] { __syncthreads(); });
}
#endif

} // namespace rift::kernels
