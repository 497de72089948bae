// The pointwise product of the FFT route a convolution replaces (rift-bench --convolution): rows of spectra times
// one filter spectrum (conjugated for correlation), scaled. The client's own kernel, not rift's.
#pragma once

#include <cstddef>

#include "library/platform/hip_api.h"

namespace rift::bench {

// rows: `count` rows of `length` complex elements, in place; filter: `length` elements. On `stream`, or at once
// on the host without a GPU (on_gpu false).
void pointwise_product(void* rows, const void* filter, size_t length, size_t count, bool conjugate_filter,
                       double scale, bool single, bool on_gpu, hipStream_t stream);

} // namespace rift::bench
