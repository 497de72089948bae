// Fast convolution with a fixed filter of K taps by overlap-save: each signal is cut into segments of M points
// (a power of two that fits one block) that overlap by K - 1, and each segment is one circular convolution in one
// block (filtered_transform.h). Its first K - 1 outputs wrap around and are dropped; the other V = M - K + 1 are
// the linear convolution's, so every output is written once and every input read about M / V times (the
// overlaps mostly from L2). A whole period in one segment (circular convolution of a length that fits one block)
// keeps all M outputs.
#pragma once

#include <cstdint>

#include "kernels/filtered_transform.h"

namespace rift::kernels {

// Segment lengths: the powers of two among the fixed lengths (kernels/fixed_lengths.h), each a kernel per
// precision. Powers of two are the fastest lengths, and overlap-save can choose any length at least K.
RIFT_HOST_DEVICE constexpr bool is_segment_length(uint32_t length)
{
    return length >= 8 && (length & (length - 1)) == 0;
}

struct ConvolutionArgs {
    // The segments' transforms of length M: pass shape, twiddles and slot; input and output are the user's
    // buffers (offsets 0). dims[0] runs over a signal's segments (strides V), dims[1] over the signals (strides:
    // the distances between signals); when every signal is one segment, dims[0] runs over the signals, so that
    // blocks of short segments still hold several.
    StockhamArgs segments;
    bool one_segment_per_signal = false;
    uint64_t signal_length = 0; // L
    uint64_t output_length = 0; // L + K - 1 for linear convolution, L for circular
    // Element j of segment s reads signal element s V - history + shift + j and, for j >= history, writes
    // output element s V + j - history.
    uint32_t segment_step = 0; // V
    uint32_t history = 0;      // K - 1; 0 for a whole period
    uint32_t shift = 0;        // circular correlation reads K - 1 ahead
    bool circular = false;     // signal indices wrap modulo L; otherwise the signal is zero outside 0..L-1
    const void* spectrum = nullptr; // the filter's M-point DFT, divided by M
};

// Segment elements from global memory; the zeros beyond a linear signal's ends cost no loads.
template <class Real>
struct SegmentSource {
    const Complex<Real>* signal;
    int64_t start; // signal index of segment element 0
    uint64_t length;
    bool circular;

    struct Run {
        SegmentSource source;
        uint32_t first;
        uint32_t step;
        RIFT_HOST_DEVICE Complex<Real> load(uint32_t r) const
        {
            int64_t n = source.start + int64_t(first + r * step);
            const int64_t length = int64_t(source.length);
            if (n < 0 || n >= length) {
                if (!source.circular) return {0, 0};
                n %= length; // only segments at the ends wrap
                if (n < 0) n += length;
            }
            return source.signal[n];
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const { return {*this, first, step}; }
};

// Segment results to global memory: the first `history` are wrapped and dropped, and none past the output's end.
template <class Real>
struct SegmentDestination {
    Complex<Real>* output; // where segment element `history` goes
    uint32_t history;
    uint64_t count; // outputs left from there to the end of the signal's output

    struct Run {
        SegmentDestination destination;
        uint32_t first;
        uint32_t step;
        RIFT_HOST_DEVICE void store(uint32_t r, Complex<Real> v) const
        {
            const uint32_t j = first + r * step;
            if (j < destination.history) return;
            const uint32_t k = j - destination.history;
            if (k < destination.count) destination.output[k] = v;
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const { return {*this, first, step}; }
};

// Segment `t` of the tile, by the lanes for_each_lane visits (see fixed_stockham_transform).
template <int E, class Real, uint32_t M, uint32_t... Radices, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void fixed_convolution_segment(const ConvolutionArgs& args, bool active,
                                                const TransformTile<Real>& tile, uint32_t t,
                                                const ScratchSlot<Real>& slot, ForEachLane for_each_lane,
                                                Barrier barrier)
{
    const StockhamArgs& segments = args.segments;
    const BatchDim& tiled = segments.dims[0];
    uint64_t segment = 0, signal_in = 0, signal_out = 0;
    if (args.one_segment_per_signal) {
        signal_in = tile.input_offset + t * tiled.input_stride;
        signal_out = tile.output_offset + t * tiled.output_stride;
    } else { // the tile's offsets include its first segment's step along dims[0]; the signals start without it
        segment = tile.first_index + t;
        signal_in = tile.input_offset - tile.first_index * tiled.input_stride;
        signal_out = tile.output_offset - tile.first_index * tiled.output_stride;
    }
    const uint64_t first_output = segment * args.segment_step;
    const SegmentSource<Real> source{static_cast<const Complex<Real>*>(segments.input) + signal_in,
                                     int64_t(first_output) - int64_t(args.history) + int64_t(args.shift),
                                     args.signal_length, args.circular};
    const SegmentDestination<Real> destination{
        static_cast<Complex<Real>*>(segments.output) + signal_out + first_output, args.history,
        first_output < args.output_length ? args.output_length - first_output : 0};
    fixed_filtered_transform<E, (M + E - 1) / E, Real, M, Radices...>(segments, active, source, destination,
                                                     static_cast<const Complex<Real>*>(args.spectrum), slot,
                                                     for_each_lane, barrier);
}

#if defined(__CUDACC__) || defined(__HIPCC__)
// Lane-major blocks: threadIdx.x is the lane, threadIdx.y the segment within the tile.
template <class Real, int E, uint32_t M, uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(kMaxThreadsPerBlock) fixed_convolution_kernel(ConvolutionArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const StockhamArgs& segments = args.segments;
    const TransformTile<Real> tile =
        transform_tile<Real>(segments, blockIdx.x, segments.tiles, segments.transforms_per_block);
    const uint32_t t = threadIdx.y;
    const ScratchSlot<Real> slot{reinterpret_cast<Complex<Real>*>(shared_bytes) + t * segments.slot_elements,
                                 PadPeriod};
    Registers<Real, E> regs;
    fixed_convolution_segment<E, Real, M, Radices...>(
        args, t < tile.count, tile, t, slot, [&](auto&& visit) { visit(threadIdx.x, regs); },
        [] { __syncthreads(); });
}
#endif

} // namespace rift::kernels
