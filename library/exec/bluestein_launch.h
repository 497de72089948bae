// The Bluestein kernel launches of one precision and data kind (complex, or real: R2C and C2R), each compiled in
// a translation unit of its own (bluestein_launch_{single,double}[_real].hip) so that they build in parallel.
#pragma once

#include "library/exec/kernel_chain.h"
#include "library/platform/hip_api.h"

namespace rift {

template <class Real, bool RealData>
hipError_t launch_bluestein_kernel(const BluesteinLaunch& launch, const kernels::BluesteinArgs& args,
                                   hipStream_t stream);

} // namespace rift
