#include "rift-bench/direct_ndft.h"

#include <cstdint>

#include "common/checks.h"

namespace rift::bench {

namespace {

struct Modes {
    uint32_t dimensions;
    uint32_t n[3];
};

template <class Real>
__global__ void direct_ndft_kernel(const Real* nodes, const Real* coefficients, Real* values, Modes modes,
                                   uint64_t node_count)
{
    const uint64_t j = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (j >= node_count) return;
    Real x[3] = {0, 0, 0};
    for (uint32_t d = 0; d < modes.dimensions; ++d) x[d] = nodes[j * modes.dimensions + d];
    const uint32_t n0 = modes.n[0], n1 = modes.dimensions > 1 ? modes.n[1] : 1, n2 = modes.dimensions > 2 ? modes.n[2] : 1;
    const Real two_pi = Real(6.283185307179586476925286766559);
    Real sum_re = 0, sum_im = 0;
    uint64_t k = 0;
    for (uint32_t i2 = 0; i2 < n2; ++i2)
        for (uint32_t i1 = 0; i1 < n1; ++i1)
            for (uint32_t i0 = 0; i0 < n0; ++i0, ++k) {
                const Real phase = Real(int(i0) - int(n0 / 2)) * x[0] + Real(int(i1) - int(n1 / 2)) * x[1] +
                                   Real(int(i2) - int(n2 / 2)) * x[2];
                Real s, c;
                sincos(-two_pi * (phase - floor(phase)), &s, &c); // the fraction keeps the angle small
                const Real re = coefficients[2 * k], im = coefficients[2 * k + 1];
                sum_re += re * c - im * s;
                sum_im += re * s + im * c;
            }
    values[2 * j] = sum_re;
    values[2 * j + 1] = sum_im;
}

} // namespace

void direct_ndft(const void* nodes, const void* coefficients, void* values, const size_t* modes, size_t dimensions,
                 size_t node_count, bool single, hipStream_t stream)
{
    Modes m{uint32_t(dimensions), {1, 1, 1}};
    for (size_t d = 0; d < dimensions; ++d) m.n[d] = uint32_t(modes[d]);
    const unsigned threads = 128;
    const unsigned blocks = unsigned((node_count + threads - 1) / threads);
    if (single)
        direct_ndft_kernel<float><<<blocks, threads, 0, stream>>>(static_cast<const float*>(nodes),
                                                                  static_cast<const float*>(coefficients),
                                                                  static_cast<float*>(values), m, node_count);
    else
        direct_ndft_kernel<double><<<blocks, threads, 0, stream>>>(static_cast<const double*>(nodes),
                                                                   static_cast<const double*>(coefficients),
                                                                   static_cast<double*>(values), m, node_count);
    client::check_hip(hipGetLastError(), "direct NDFT kernel launch");
}

} // namespace rift::bench
