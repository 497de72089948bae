// A circular convolution with a fixed filter, whole in one block's shared memory: the forward transform of M
// points from `source` (global memory, read once) into the slot, the product with the filter's spectrum there
// (1/M folded into the spectrum at plan time), the inverse transform from the slot to `destination` (global
// memory, written once). Bluestein's algorithm (bluestein_kernel.h) and fast convolution (convolution_kernel.h)
// are this with their own sources and destinations.
#pragma once

#include <cstdint>

#include "kernels/stockham_transform.h"

namespace rift::kernels {

// `padded` carries the length-M passes' shape and twiddles; its staging flags are set here. `for_each_lane` and
// `barrier` are as for fixed_stockham_transform.
template <int E, class Real, uint32_t M, uint32_t... Radices, class Source, class Destination, class ForEachLane,
          class Barrier>
RIFT_HOST_DEVICE void fixed_filtered_transform(const StockhamArgs& padded, bool active, const Source& source,
                                               const Destination& destination, const Complex<Real>* spectrum,
                                               const ScratchSlot<Real>& slot, ForEachLane for_each_lane,
                                               Barrier barrier)
{
    constexpr uint32_t lanes = (M + E - 1) / E;
    StockhamArgs forward = padded;
    forward.stage_input = false;
    forward.stage_output = true;
    fixed_stockham_transform<E, false, Real, M, Radices...>(forward, active, source, destination, slot, for_each_lane,
                                                            barrier);
    barrier();
    // All loads before all stores: the slot and the spectrum may alias as far as the compiler knows.
    for_each_lane([&](uint32_t lane, Registers<Real, E>& regs) {
        if (!active) return;
        RIFT_UNROLL
        for (int e = 0; e < E; ++e) {
            const uint32_t k = lane + uint32_t(e) * lanes;
            if (k < M) regs.v[e] = slot[k] * spectrum[k];
        }
        RIFT_UNROLL
        for (int e = 0; e < E; ++e) {
            const uint32_t k = lane + uint32_t(e) * lanes;
            if (k < M) slot[k] = regs.v[e];
        }
    });
    barrier();
    StockhamArgs inverse = padded;
    inverse.stage_input = true;
    inverse.stage_output = false;
    fixed_stockham_transform<E, true, Real, M, Radices...>(inverse, active, source, destination, slot, for_each_lane,
                                                           barrier);
}

} // namespace rift::kernels
