// The kernel launches of one precision, for complex or real data, each compiled in a translation unit of its own
// (stockham_launch_{single,double}{,_real}.hip) so that they build in parallel.
#pragma once

#include "library/exec/kernel_chain.h"
#include "library/platform/hip_api.h"

namespace rift {

template <class Real, bool RealData>
hipError_t launch_stockham_kernel(const StockhamLaunch& launch, const kernels::StockhamArgs& args, hipStream_t stream);

} // namespace rift
