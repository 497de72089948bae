// The pass sequence of one transform: first pass from global memory, middle passes between the two scratch
// slots, last pass to global memory. The GPU kernel calls it with __syncthreads as the barrier and one lane per
// thread; the host executor with no barrier and a single lane.
#pragma once

#include "kernels/stockham_args.h"
#include "kernels/stockham_pass.h"
#include "kernels/views.h"

namespace rift::kernels {

template <bool Inverse, class Real, class Barrier>
RIFT_HOST_DEVICE void stockham_transform(const StockhamArgs& args, uint32_t lane, uint32_t step, bool active,
                                         const StridedSource<Real>& input,
                                         const ScaledStridedDestination<Real>& output,
                                         const PaddedScratch<Real>& scratch0,
                                         const PaddedScratch<Real>& scratch1, Barrier barrier)
{
    const uint32_t length = args.length;
    const Complex<Real>* table = static_cast<const Complex<Real>*>(args.twiddles);
    if (args.pass_count == 1) {
        // One butterfly per transform: its thread reads every input before writing, so in place is safe.
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
            stockham_pass<Inverse>(args.radix(p), lane, step, length, span, table, (p & 1) ? scratch0 : scratch1,
                                   (p & 1) ? scratch1 : scratch0);
        span *= args.radix(p);
    }
    barrier();
    if (active)
        stockham_pass<Inverse>(args.radix(last), lane, step, length, span, table, (last & 1) ? scratch0 : scratch1, output);
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
