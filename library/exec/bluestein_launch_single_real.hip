// The single-precision Bluestein kernels of real transforms (R2C, C2R) and their launches.
#include "library/exec/bluestein_launch_impl.h"

namespace rift {
template hipError_t launch_bluestein_kernel<float, true>(const BluesteinLaunch&, const kernels::BluesteinArgs&,
                                                         hipStream_t);
} // namespace rift
