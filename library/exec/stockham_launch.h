// The kernel launches of one precision, compiled in a translation unit of their own (stockham_launch_single.hip,
// stockham_launch_double.hip) so the two precisions build in parallel.
#pragma once

#include "library/exec/kernel_chain.h"
#include "library/platform/hip_api.h"

namespace rift {

template <class Real>
hipError_t launch_stockham_kernel(const StockhamLaunch& launch, const kernels::StockhamArgs& args, hipStream_t stream);

} // namespace rift
