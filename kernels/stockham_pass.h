// One radix-R pass of the Stockham autosort FFT (the formulation of Govindaraju et al., SC'08): butterfly j reads
// elements j + r*(N/R), which is coalesced for every pass, twiddles them, and writes them R-interleaved at span
// `span` = product of the radices of the earlier passes. After the last pass the output is in natural order, so
// no bit-reversal pass exists. Shared verbatim by the GPU kernel and the host executor.
#pragma once

#include <cstdint>

#include "kernels/butterflies.h"
#include "kernels/radices.h"

namespace rift::kernels {

// Pass twiddles are tabulated per pass as exp(-2 pi i r k / (span R)) at (r - 1) * span + k, for k < span and
// 1 <= r < R, so the threads of a warp (consecutive k) read consecutive entries. The tables of all passes sit
// back to back, pass p's starting at span_p - 1.
template <class Real>
RIFT_HOST_DEVICE const Complex<Real>* pass_twiddles(const Complex<Real>* table, uint32_t span)
{
    return table + (span - 1);
}

template <int R, bool Inverse, class Real, class Source, class Destination>
RIFT_HOST_DEVICE void stockham_butterfly(uint32_t j, uint32_t length, uint32_t span,
                                         const Complex<Real>* twiddles, const Source& src, const Destination& dst)
{
    const uint32_t input_step = length / R;
    Complex<Real> v[R];
    RIFT_UNROLL
    for (int r = 0; r < R; ++r) v[r] = src.load(j + r * input_step);

    const uint32_t k = j % span;
    if (span > 1) {
        RIFT_UNROLL
        for (int r = 1; r < R; ++r) {
            const Complex<Real> w = twiddles[(r - 1) * span + k];
            v[r] = v[r] * (Inverse ? conjugate(w) : w);
        }
    }
    dft<R, Inverse>(v);

    const uint32_t output_base = (j - k) * R + k;
    RIFT_UNROLL
    for (int r = 0; r < R; ++r) dst.store(output_base + r * span, v[r]);
}

// Runs butterflies first, first + step, ... of one pass: step 1 on the host, one butterfly per thread on the GPU.
template <bool Inverse, class Real, class Source, class Destination>
RIFT_HOST_DEVICE void stockham_pass(uint32_t radix, uint32_t first, uint32_t step, uint32_t length, uint32_t span,
                                    const Complex<Real>* table, const Source& src, const Destination& dst)
{
    const Complex<Real>* twiddles = pass_twiddles(table, span);
    switch (radix) {
#define RIFT_PASS_CASE(R)                                                                                    \
    case R:                                                                                                  \
        for (uint32_t j = first; j < length / R; j += step)                                                  \
            stockham_butterfly<R, Inverse>(j, length, span, twiddles, src, dst);                             \
        break;
        RIFT_FOR_EACH_RADIX(RIFT_PASS_CASE)
#undef RIFT_PASS_CASE
    default: break; // the planner only emits radices from RIFT_FOR_EACH_RADIX
    }
}

} // namespace rift::kernels
