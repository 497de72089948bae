// Launches of the Bluestein kernels for one precision and data kind: one kernel per padded length, each of the
// lengths in kernels/fixed_lengths.h. Included by the per-precision, per-kind translation units only.
#pragma once

#include "kernels/bluestein_kernel.h"
#include "kernels/fixed_lengths.h"
#include "library/exec/bluestein_launch.h"
#include "library/exec/launch_kernel.h"

namespace rift {

template <class Real, bool RealData>
hipError_t launch_bluestein_kernel(const BluesteinLaunch& launch, const kernels::BluesteinArgs& args,
                                   hipStream_t stream)
{
    switch (args.padded.length) {
#define RIFT_BLUESTEIN_CASE(length, entry_elements, pad_period, ...)                                         \
    case length: {                                                                                           \
        constexpr uint32_t elements = kernels::lane_elements(kernels::EntryKernel::bluestein, length,        \
                                                             entry_elements, sizeof(kernels::Complex<Real>)); \
        return launch_kernel<&kernels::fixed_bluestein_kernel<                                               \
            Real, RealData, kernels::bluestein_block_threads<Real>(length, elements),                        \
            kernels::bluestein_min_blocks_per_sm<Real>(length), elements, length, pad_period, __VA_ARGS__>>( \
            args, launch.shape, stream);                                                                     \
    }
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_BLUESTEIN_CASE)
#undef RIFT_BLUESTEIN_CASE
    }
    return hipErrorInvalidValue;
}

} // namespace rift
