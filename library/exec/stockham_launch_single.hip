// The single-precision Stockham kernels of complex transforms and their launches.
#include "library/exec/stockham_launch_impl.h"

namespace rift {
template hipError_t launch_stockham_kernel<float, false>(const StockhamLaunch&, const kernels::StockhamArgs&,
                                                        hipStream_t);
} // namespace rift
