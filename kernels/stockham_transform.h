// The pass sequence of one transform, in two forms that share the butterflies of stockham_pass.h:
//  - generic_stockham_transform: radices read at run time; each pass goes butterfly by butterfly between two
//    shared-memory slots (first pass from global memory, last pass to global memory);
//  - fixed_stockham_transform: radices known at compile time; each lane keeps its E elements in registers, so
//    one slot suffices, and loads and stores of a pass are split by a barrier.
// `barrier()` is __syncthreads on the GPU and nothing on the host. For the fixed form, `for_each_lane(f)` calls
// f(lane, registers) for the lanes the caller runs: on the GPU its own, on the host every lane in turn.
#pragma once

#include "kernels/stockham_args.h"
#include "kernels/stockham_pass.h"
#include "kernels/views.h"

namespace rift::kernels {

template <bool Inverse, class Real, class Barrier>
RIFT_HOST_DEVICE void generic_stockham_transform(const StockhamArgs& args, uint32_t lane, uint32_t step, bool active,
                                                 const StridedSource<Real>& input,
                                                 const ScaledStridedDestination<Real>& output,
                                                 const ScratchSlot<Real>& scratch0,
                                                 const ScratchSlot<Real>& scratch1, Barrier barrier)
{
    const uint32_t length = args.length;
    const Complex<Real>* table = static_cast<const Complex<Real>*>(args.twiddles);
    if (args.pass_count == 1) {
        // One butterfly per transform: its lane reads every input before writing, so in place is safe.
        if (active) stockham_pass<Inverse>(args.radix(0), lane, step, length, 1, table, input, output);
        return;
    }
    uint32_t span = 1;
    if (active) stockham_pass<Inverse>(args.radix(0), lane, step, length, span, table, input, scratch0);
    span *= args.radix(0);
    const uint32_t last = args.pass_count - 1;
    for (uint32_t p = 1; p < last; ++p) {
        barrier();
        if (active)
            stockham_pass<Inverse>(args.radix(p), lane, step, length, span, pass_twiddles(table, span),
                                   (p & 1) ? scratch0 : scratch1, (p & 1) ? scratch1 : scratch0);
        span *= args.radix(p);
    }
    barrier();
    if (active)
        stockham_pass<Inverse>(args.radix(last), lane, step, length, span, pass_twiddles(table, span),
                               (last & 1) ? scratch0 : scratch1, output);
}

template <int E, bool Inverse, class Real, uint32_t Length, uint32_t Span, uint32_t R, uint32_t... Later,
          class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void fixed_stockham_passes(const StockhamArgs& args, bool active, const StridedSource<Real>& input,
                                            const ScaledStridedDestination<Real>& output,
                                            const ScratchSlot<Real>& scratch, ForEachLane for_each_lane,
                                            Barrier barrier)
{
    constexpr bool first = Span == 1;
    constexpr bool last = sizeof...(Later) == 0;
    const uint32_t step = args.threads_per_transform;
    const Complex<Real>* twiddles = pass_twiddles(static_cast<const Complex<Real>*>(args.twiddles), Span);
    for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) {
        if (!active) return;
        if constexpr (first)
            load_butterflies<R, E, Inverse>(regs, lane, step, Length, Span, twiddles, input);
        else
            load_butterflies<R, E, Inverse>(regs, lane, step, Length, Span, twiddles, scratch);
    });
    if constexpr (last) {
        // A single pass means a single lane holding the whole transform, so in place is safe without a barrier.
        for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) {
            if (active) store_butterflies<R, E>(regs, lane, step, Length, Span, output);
        });
    } else {
        if constexpr (!first) barrier(); // every lane has read the slot before any lane overwrites it
        for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) {
            if (active) store_butterflies<R, E>(regs, lane, step, Length, Span, scratch);
        });
        barrier();
        fixed_stockham_passes<E, Inverse, Real, Length, Span * R, Later...>(args, active, input, output, scratch,
                                                                              for_each_lane, barrier);
    }
}

template <int E, bool Inverse, class Real, uint32_t Length, uint32_t... Radices, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void fixed_stockham_transform(const StockhamArgs& args, bool active,
                                               const StridedSource<Real>& input,
                                               const ScaledStridedDestination<Real>& output,
                                               const ScratchSlot<Real>& scratch, ForEachLane for_each_lane,
                                               Barrier barrier)
{
    fixed_stockham_passes<E, Inverse, Real, Length, 1, Radices...>(args, active, input, output, scratch,
                                                                    for_each_lane, barrier);
}

// The user's view of transform `transform` of the batch.
template <class Real>
RIFT_HOST_DEVICE StridedSource<Real> transform_input(const StockhamArgs& args, uint64_t transform)
{
    return {static_cast<const Complex<Real>*>(args.input) + args.input_offset + transform * args.input_distance,
            args.input_stride};
}

template <class Real>
RIFT_HOST_DEVICE ScaledStridedDestination<Real> transform_output(const StockhamArgs& args, uint64_t transform)
{
    return {static_cast<Complex<Real>*>(args.output) + args.output_offset + transform * args.output_distance,
            args.output_stride, static_cast<Real>(args.scale)};
}

} // namespace rift::kernels
