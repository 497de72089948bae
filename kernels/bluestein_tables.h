// Bluestein's plan-time tables made on the GPU for GPU plans, so the padded filter and its double-precision
// spectrum (megabytes for long lengths) never pass through host memory (only the rounded table comes back, as
// the host copy); plans made without a GPU run the same element functions in a loop.
#pragma once

#include <cstdint>

#include "kernels/complex.h"

namespace rift::kernels {

// Entry m of the padded filter whose spectrum the convolution multiplies by: conj(w_n) at m = n and at
// m = M - n for n < N, zero between (M >= 2N - 2: the ends meet at most at M / 2 = N - 1, where both are
// conj(w_(N-1))).
template <class Real>
RIFT_HOST_DEVICE Complex<Real> bluestein_filter_entry(const Complex<Real>* chirp, uint64_t length,
                                                      uint64_t padded_length, uint64_t m)
{
    const uint64_t n = m < padded_length - m ? m : padded_length - m;
    return n < length ? conjugate(chirp[n]) : Complex<Real>{0, 0};
}

#if defined(__CUDACC__) || defined(__HIPCC__)
template <class Real>
__global__ void bluestein_filter_kernel(const Complex<Real>* chirp, uint64_t length, uint64_t padded_length,
                                        Complex<Real>* filter)
{
    for (uint64_t m = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; m < padded_length;
         m += uint64_t(gridDim.x) * blockDim.x)
        filter[m] = bluestein_filter_entry(chirp, length, padded_length, m);
}

// A table computed in double, rounded to the precision of the plans that read it.
template <class Real>
__global__ void round_table_kernel(const Complex<double>* entries, uint64_t count, Complex<Real>* table)
{
    for (uint64_t i = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += uint64_t(gridDim.x) * blockDim.x)
        table[i] = {Real(entries[i].re), Real(entries[i].im)};
}
#endif

} // namespace rift::kernels
