// The single-precision Stockham kernels of real transforms (kernels/real_pack.h) and their launches.
#include "library/exec/stockham_launch_impl.h"

namespace rift {
template hipError_t launch_stockham_kernel<float, true>(const StockhamLaunch&, const kernels::StockhamArgs&,
                                                        hipStream_t);
} // namespace rift
