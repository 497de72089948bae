// The route a cuFFT user takes to a DCT-II (rift-bench --compare-vendor with -t dct2): reorder each dimension
// (even-indexed values forward, odd-indexed ones backward), an N-dimensional R2C transform, then a kernel that
// rotates and combines the half spectrum into the cosine coefficients. The client's own kernels, not rift's.
#pragma once

#include <cstddef>
#include <vector>

#include "library/platform/hip_api.h"

namespace rift::bench {

// input: batch arrays of the lengths (fastest first, 1 to 3), packed; reordered: the same number of reals.
void dct2_reorder(const void* input, void* reordered, const std::vector<size_t>& lengths, size_t batch, bool single,
                  hipStream_t stream);

// spectrum: the R2C output of the reordered data (lengths[0] / 2 + 1 complex values along the fastest
// dimension), packed; output: the DCT-II (FFTW's REDFT10 along every dimension), packed.
void dct2_postprocess(const void* spectrum, void* output, const std::vector<size_t>& lengths, size_t batch,
                      bool single, hipStream_t stream);

} // namespace rift::bench
