// The double-precision Bluestein kernels of complex transforms and their launches.
#include "library/exec/bluestein_launch_impl.h"

namespace rift {
template hipError_t launch_bluestein_kernel<double, false>(const BluesteinLaunch&, const kernels::BluesteinArgs&,
                                                          hipStream_t);
} // namespace rift
