// A circular convolution with a fixed filter, whole in one block's shared memory: the forward transform of M
// points from `source` (global memory, read once), the product with the filter's spectrum (1/M folded in at
// plan time) as the inverse transform's first pass reads the forward's result, the inverse transform to
// `destination` (global memory, written once). Bluestein's algorithm (bluestein_kernel.h, bluestein_steps.h)
// and fast convolution (convolution_kernel.h) are this with their own sources and destinations.
#pragma once

#include <cstdint>

#include "kernels/stockham_transform.h"

namespace rift::kernels {

template <uint32_t First, uint32_t... Rest>
RIFT_HOST_DEVICE constexpr uint32_t first_radix()
{
    return First;
}
template <uint32_t... Radices>
RIFT_HOST_DEVICE constexpr uint32_t last_radix()
{
    uint32_t last = 0;
    ((last = Radices), ...);
    return last;
}

// `padded` carries the length-M passes' shape and twiddles; its staging flags are set here. Lanes lanes of E
// registers run a transform; `for_each_lane` and `barrier` are as for fixed_stockham_passes.
template <int E, uint32_t Lanes, class Real, uint32_t M, uint32_t... Radices, class Source, class Destination,
          class ForEachLane, class Barrier>
RIFT_HOST_DEVICE void fixed_filtered_transform(const StockhamArgs& padded, bool active, const Source& source,
                                               const Destination& destination, const Complex<Real>* spectrum,
                                               const ScratchSlot<Real>& slot, ForEachLane for_each_lane,
                                               Barrier barrier)
{
    StockhamArgs forward = padded;
    forward.stage_input = false;
    StockhamArgs inverse = padded;
    inverse.stage_input = false;
    inverse.stage_output = false;
    // The forward's last pass and the inverse's first run butterflies of the same radix on the same elements, so
    // the results may stay in the registers between them, weighted by the spectrum there, and the slot sees one
    // pass fewer each way. Not at 32 elements a lane (16384 single): the kept elements and the spectrum loads in
    // flight would need more than the 128 registers a thread of a 512-thread block gets, and through the slot
    // the one-block Bluestein of 8191 and 6007 is faster (4097, padded to 8192 at 16 elements, gains when its
    // pass order lets it keep them).
    if constexpr (first_radix<Radices...>() == last_radix<Radices...>() && E < 32) {
        forward.stage_output = false;
        fixed_stockham_passes<E, Lanes, false, Real, M, 1, Radices...>(forward, active, source, KeptInRegisters{}, slot,
                                                                for_each_lane, barrier);
        fixed_stockham_passes<E, Lanes, true, Real, M, 1, Radices...>(inverse, active,
                                                               SpectrumWeightedRegisters<Real>{spectrum},
                                                               destination, slot, for_each_lane, barrier);
    } else {
        // The product with the spectrum happens as the inverse's first pass reads the slot.
        forward.stage_output = true;
        fixed_stockham_passes<E, Lanes, false, Real, M, 1, Radices...>(forward, active, source, destination, slot,
                                                                for_each_lane, barrier);
        barrier();
        fixed_stockham_passes<E, Lanes, true, Real, M, 1, Radices...>(inverse, active,
                                                               SpectrumWeightedSlot<Real>{slot, spectrum},
                                                               destination, slot, for_each_lane, barrier);
    }
}

} // namespace rift::kernels
