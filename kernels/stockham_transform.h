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
#include "kernels/transform_tile.h"
#include "kernels/views.h"

namespace rift::kernels {

// Staged input (args.stage_input) is already in scratch1 when this runs, and a staged output is left in the
// slot generic_output_slot names, for the caller to copy out.
template <bool Inverse, class Real, class Source, class Destination, class Barrier>
RIFT_HOST_DEVICE void generic_stockham_transform(const StockhamArgs& args, uint32_t lane, uint32_t step, bool active,
                                                 const Source& input, const Destination& output,
                                                 const ScratchSlot<Real>& scratch0,
                                                 const ScratchSlot<Real>& scratch1, Barrier barrier)
{
    const uint32_t length = args.length;
    const Complex<Real>* table = static_cast<const Complex<Real>*>(args.twiddles);
    // The first pass reads from input or scratch1 and writes scratch0; the last reads one slot and writes output or
    // the other slot. A single pass is a single butterfly whose lane reads everything before writing. Forced
    // inline: the real kernels' staging makes the kernel large enough for the compiler to leave it out of line,
    // and the call's registers spill.
    const auto first_pass = [&](uint32_t radix, uint32_t span, const auto& destination) RIFT_INLINE_LAMBDA {
        if (!active) return;
        if (args.stage_input)
            stockham_pass<Inverse>(radix, lane, step, length, span, table, scratch1, destination);
        else
            stockham_pass<Inverse>(radix, lane, step, length, span, table, input, destination);
    };
    if (args.pass_count == 1) {
        if (args.stage_output)
            first_pass(args.radix(0), 1, scratch0);
        else
            first_pass(args.radix(0), 1, output);
        return;
    }
    uint32_t span = 1;
    first_pass(args.radix(0), span, scratch0);
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
    if (!active) return;
    const ScratchSlot<Real>& source = (last & 1) ? scratch0 : scratch1;
    if (args.stage_output)
        stockham_pass<Inverse>(args.radix(last), lane, step, length, span, pass_twiddles(table, span), source,
                               (last & 1) ? scratch1 : scratch0);
    else
        stockham_pass<Inverse>(args.radix(last), lane, step, length, span, pass_twiddles(table, span), source,
                               output);
}

// Which slot set (0: scratch0, 1: scratch1) a staged output of the runtime-radix transform ends in.
RIFT_HOST_DEVICE constexpr uint32_t generic_output_slot(uint32_t pass_count)
{
    return pass_count >= 2 && pass_count % 2 == 0 ? 1 : 0;
}

template <int E, uint32_t Lanes, bool Inverse, class Real, uint32_t Length, uint32_t Span, uint32_t R,
          uint32_t... Later, class Source, class Destination, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void fixed_stockham_passes(const StockhamArgs& args, bool active, const Source& input,
                                            const Destination& output, const ScratchSlot<Real>& scratch,
                                            ForEachLane for_each_lane, Barrier barrier);

// A transform of one odd butterfly over several lanes (split_butterfly_sums): every lane reads the whole input
// and keeps its outputs' sums, which it writes once every lane has read.
template <int E, uint32_t Lanes, bool Inverse, class Real, uint32_t R, class Source, class Destination,
          class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void split_butterfly_pass(const StockhamArgs& args, bool active, const Source& input,
                                           const Destination& output, const ScratchSlot<Real>& scratch,
                                           ForEachLane for_each_lane, Barrier barrier)
{
    for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) RIFT_INLINE_LAMBDA {
        if (!active) return;
        with_constant_lane<int(Lanes)>(lane, [&](auto constant) RIFT_INLINE_LAMBDA {
            const auto sums_from = [&](const auto& source) RIFT_INLINE_LAMBDA {
                const auto run = source.run(0, 1);
                split_butterfly_sums<int(R), int(Lanes), decltype(constant)::value, Inverse>(
                    regs.v, [&](int n) RIFT_INLINE_LAMBDA { return run.load(uint32_t(n)); });
            };
            if (args.stage_input)
                sums_from(scratch);
            else
                sums_from(input);
        });
    });
    barrier(); // every lane has read the input before any writes the slot or, in place, the output
    for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) RIFT_INLINE_LAMBDA {
        if (!active) return;
        with_constant_lane<int(Lanes)>(lane, [&](auto constant) RIFT_INLINE_LAMBDA {
            const auto emit_to = [&](const auto& destination) RIFT_INLINE_LAMBDA {
                const auto run = destination_run<R>(destination, 0, 1);
                split_butterfly_outputs<int(R), int(Lanes), decltype(constant)::value, Inverse>(
                    regs.v, [&](int k, const Complex<Real>& x) RIFT_INLINE_LAMBDA { run.store(uint32_t(k), x); });
            };
            if (args.stage_output)
                emit_to(scratch);
            else
                emit_to(output);
        });
    });
}

// The passes from `pass` (of radix R) on, each lane holding its butterflies' elements in its E registers.
template <int E, uint32_t Lanes, bool Inverse, class Real, uint32_t Length, uint32_t Span, uint32_t R,
          uint32_t... Later, class Pass, class Source, class Destination, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void lane_resident_passes_from(const Pass& pass, const StockhamArgs& args, bool active,
                                                const Source& input, const Destination& output,
                                                const ScratchSlot<Real>& scratch, ForEachLane for_each_lane,
                                                Barrier barrier)
{
    constexpr bool first = Span == 1;
    constexpr bool last = sizeof...(Later) == 0;
    const Complex<Real>* twiddles = pass_twiddles(static_cast<const Complex<Real>*>(args.twiddles), Span);
    for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) {
        if (!active) return;
        if (first && !args.stage_input)
            load_butterflies<R, E, Inverse>(regs, lane, pass, twiddles, input);
        else
            load_butterflies<R, E, Inverse>(regs, lane, pass, twiddles, scratch);
    });
    const bool read_slot = !first || args.stage_input || reads_slot(input);
    if (last && !args.stage_output) {
        // A single unstaged pass means a single lane holding the whole transform: in place is safe. Twiddled
        // stores (row/column steps) get a loop of their own, so plain transforms pay nothing per element.
        if (is_twiddled(output)) {
            for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) {
                if (active) store_butterflies<R, E>(regs, lane, pass, output);
            });
        } else {
            const auto plain = untwiddled(output);
            for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) {
                if (active) store_butterflies<R, E>(regs, lane, pass, plain);
            });
        }
        return;
    }
    if (read_slot) barrier(); // every lane has read the slot before any lane overwrites it
    for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) {
        if (active) store_butterflies<R, E>(regs, lane, pass, scratch);
    });
    if constexpr (!last) {
        barrier();
        fixed_stockham_passes<E, Lanes, Inverse, Real, Length, Span * R, Later...>(args, active, input, output,
                                                                                     scratch, for_each_lane, barrier);
    }
}

// The passes from the one of radix R on; a first pass reads a mirror-paired input in pairs where it can.
template <int E, uint32_t Lanes, bool Inverse, class Real, uint32_t Length, uint32_t Span, uint32_t R,
          uint32_t... Later, class Source, class Destination, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void lane_resident_passes(const StockhamArgs& args, bool active, const Source& input,
                                           const Destination& output, const ScratchSlot<Real>& scratch,
                                           ForEachLane for_each_lane, Barrier barrier)
{
    if constexpr (Span == 1 && MirroredFirstPass<R, Length, Lanes>::fits && MirrorPairedSource<Source>::value) {
        if (!args.stage_input && input.quads_aligned())
            return lane_resident_passes_from<E, Lanes, Inverse, Real, Length, Span, R, Later...>(
                MirroredFirstPass<R, Length, Lanes>{}, args, active, input, output, scratch, for_each_lane, barrier);
    }
    lane_resident_passes_from<E, Lanes, Inverse, Real, Length, Span, R, Later...>(
        FixedPass<R, Length, Span, Lanes>{}, args, active, input, output, scratch, for_each_lane, barrier);
}

// Staged input is already in the slot when this runs; a staged output is left there for the caller. Lanes lanes
// of E registers each run a transform; a transform of one butterfly on several lanes splits it.
template <int E, uint32_t Lanes, bool Inverse, class Real, uint32_t Length, uint32_t Span, uint32_t R,
          uint32_t... Later, class Source, class Destination, class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void fixed_stockham_passes(const StockhamArgs& args, bool active, const Source& input,
                                            const Destination& output, const ScratchSlot<Real>& scratch,
                                            ForEachLane for_each_lane, Barrier barrier)
{
    if constexpr (Span == 1 && sizeof...(Later) == 0 && Lanes > 1) {
        static_assert(Length == R, "a pass of one butterfly");
        split_butterfly_pass<E, Lanes, Inverse, Real, R>(args, active, input, output, scratch, for_each_lane, barrier);
    } else {
        lane_resident_passes<E, Lanes, Inverse, Real, Length, Span, R, Later...>(args, active, input, output, scratch,
                                                                                 for_each_lane, barrier);
    }
}

// `input` and `output` are global memory as views.h describes it (or any source and destination shaped alike).
// The catalogue's kernels (fixed_lengths.h) run ceil(Length / E) lanes, E a multiple of every radix.
template <int E, bool Inverse, class Real, uint32_t Length, uint32_t... Radices, class Source, class Destination,
          class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void fixed_stockham_transform(const StockhamArgs& args, bool active, const Source& input,
                                               const Destination& output, const ScratchSlot<Real>& scratch,
                                               ForEachLane for_each_lane, Barrier barrier)
{
    fixed_stockham_passes<E, (Length + E - 1) / E, Inverse, Real, Length, 1, Radices...>(
        args, active, input, output, scratch, for_each_lane, barrier);
}

// Transform t of a tile, as the passes see it when they read and write global memory directly.
template <class Real>
RIFT_HOST_DEVICE StridedSource<Real> transform_input(const StockhamArgs& args, const TransformTile<Real>& tile,
                                                     uint32_t t)
{
    return {tile.input + t * args.dims[0].input_stride, args.input_stride};
}

// Grouped output elements (StockhamArgs::output_group_bits) are honoured only where `Grouped`: the tile-major
// fixed-length kernels, the only ones the planner groups. Elsewhere the group is a compile-time 0 and the
// addressing costs what plain strides do (tested at run time everywhere, the group costs the plain kernels
// time).
template <bool Inverse, bool Grouped, class Real>
RIFT_HOST_DEVICE ScaledStridedDestination<Real> transform_output(const StockhamArgs& args,
                                                                 const TransformTile<Real>& tile, uint32_t t)
{
    ScaledStridedDestination<Real> output{tile.output + t * args.dims[0].output_stride, args.output_stride,
                                          static_cast<Real>(args.scale)};
    if (Grouped) {
        output.group_bits = args.output_group_bits;
        output.group_stride = args.output_group_stride;
    }
    if (args.step_twiddles != nullptr && !args.stage_output) { // staged, stage_output twiddles instead
        output.twiddles = static_cast<const Complex<Real>*>(args.step_twiddles);
        output.twiddle_bits = args.step_twiddle_bits;
        output.row = tile.first_index + t;
        output.inverse = Inverse;
    }
    return output;
}

// Transform t of a tile whose sides both have unit stride and whose output is untwiddled: views whose stride is the
// constant 1, so that every global address of a pass is the lane's base plus a constant.
template <class Real>
struct TransformOnUnitStrides {
    StridedSource<Real> input;
    ScaledStridedDestination<Real> output;
};
template <class Real>
RIFT_HOST_DEVICE TransformOnUnitStrides<Real> unit_stride_sides(const StockhamArgs& args,
                                                                 const TransformTile<Real>& tile, uint32_t t)
{
    return {{tile.input + t * args.dims[0].input_stride, 1},
            {tile.output + t * args.dims[0].output_stride, 1, static_cast<Real>(args.scale)}};
}

} // namespace rift::kernels
