// Real transforms through complex ones, in the staged copies between global memory and a transform's slot:
//  - even N = 2M (half_length): the reals seen as M complex z_n = x_2n + i x_2n+1; forward, Z = FFT_M(z) is
//    unpacked into X_k, k = 0..M, from Z_k and Z_(M-k); inverse, Z is packed from X_k and X_(M-k) so that
//    IFFT_M(Z) = z. Half the work and, where the reals are contiguous, no staging on the real side at all;
//  - odd N: the reals as (x_n, 0) through a complex transform of N, keeping X_k for k <= N / 2 (forward), or
//    the hermitian half extended by symmetry (inverse). The imaginary parts may carry a twin transform
//    (StockhamArgs::twins): forward, X_k and the twin's X'_k come from Z_k and Z_(N-k); inverse, the slot takes
//    X + i X' and the twin's reals come out as the imaginary parts.
// The hermitian side is always staged: each of its elements needs Z_k and Z_(N-k). The real side is read by the
// first pass or written by the last where it lies (RealSideSource, RealSideDestination) when the planner leaves it
// unstaged, else staged here. Each lane of a transform handles elements lane, lane + lanes, ... of its own
// transform (rows stay coalesced); the caller puts a barrier between these and the passes.
#pragma once

#include <cstdint>

#include "kernels/complex.h"
#include "kernels/real_pairs.h"
#include "kernels/shared_layout.h"
#include "kernels/stockham_args.h"
#include "kernels/stockham_transform.h"
#include "kernels/transform_tile.h"

namespace rift::kernels {

// One transform's slot: `base` padded as shared_layout.h says.
template <class Real>
struct PaddedSlot {
    Complex<Real>* base;
    uint32_t pad_period;
    RIFT_HOST_DEVICE Complex<Real>& operator[](uint32_t i) const { return base[padded_index(i, pad_period)]; }
};

// The copies run kRealBatch elements a lane at a time, all loads before all stores: as far as the compiler knows
// a store may alias the next loads, so one element at a time would wait out every load's latency in turn.
inline constexpr uint32_t kRealBatch = 4;

// Forward, input side: the reals of transform t into its slot (pairs for half_length, else the twin's reals, or
// zero, as the imaginary parts).
template <bool OddReal, class Real>
RIFT_HOST_DEVICE void stage_reals_in(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                     const PaddedSlot<Real>& slot, uint32_t lane, uint32_t lanes)
{
    const Real* x = static_cast<const Real*>(args.input) + tile.input_offset + t * args.dims[0].input_stride;
    const Real* twin = twin_transform<OddReal>(args, tile, t, x, args.twins.input_stride);
    const uint64_t stride = args.input_stride;
    const uint32_t count = args.length;
    for (uint32_t first = lane; first < count; first += kRealBatch * lanes) {
        Complex<Real> z[kRealBatch] = {}; // only used where loaded
        RIFT_UNROLL
        for (uint32_t u = 0; u < kRealBatch; ++u) {
            const uint32_t n = first + u * lanes;
            if (n < count)
                z[u] = args.half_length ? Complex<Real>{x[2 * n * stride], x[(2 * n + 1) * stride]}
                                        : Complex<Real>{x[n * stride], OddReal && twin ? twin[n * stride] : Real(0)};
        }
        RIFT_UNROLL
        for (uint32_t u = 0; u < kRealBatch; ++u)
            if (first + u * lanes < count) slot[first + u * lanes] = z[u];
    }
}

// Forward, half length: X_k for k = 0..M from Z in `own` and, for the X_(M-k) made alongside, the partner's Z.
// A 1D transform is its own partner (Z_k and Z_(M-k) give X_k and X_(M-k)). A row of a column-first
// multi-dimensional R2C (real_mirror.h) pairs with its mirror row: the even and odd reals' spectra E and O are
// hermitian over all dimensions, so row r's X_k comes from Z_(r, k) and Z_(-r, M-k), and the same lane makes
// row -r's X_(M-k). Each lane writes k = 0..M/2 of its own row and M-k of the partner's; the partner's lanes do
// the rest.
template <class Real>
RIFT_HOST_DEVICE void unpack_half_length(const StockhamArgs& args, Complex<Real>* own_row, Complex<Real>* partner_row,
                                         const PaddedSlot<Real>& own, const PaddedSlot<Real>& partner, uint32_t lane,
                                         uint32_t lanes)
{
    const uint64_t stride = args.output_stride;
    const Real scale = static_cast<Real>(args.scale);
    const uint32_t m = args.length;
    const auto* roots = static_cast<const Complex<Real>*>(args.real_twiddles);
    for (uint32_t first = lane; 2 * first <= m; first += kRealBatch * lanes) {
        Complex<Real> a[kRealBatch] = {}, b[kRealBatch] = {}, w[kRealBatch] = {}; // only used where loaded
        RIFT_UNROLL
        for (uint32_t u = 0; u < kRealBatch; ++u) {
            const uint32_t k = first + u * lanes;
            if (2 * k <= m) {
                a[u] = own[k];
                b[u] = partner[k == 0 ? 0 : m - k]; // Z_M is Z_0
                w[u] = roots[k];
            }
        }
        RIFT_UNROLL
        for (uint32_t u = 0; u < kRealBatch; ++u) {
            const uint32_t k = first + u * lanes;
            if (2 * k > m) continue;
            Complex<Real> x_k, x_m_minus_k;
            unpack_pair(a[u], b[u], w[u], x_k, x_m_minus_k);
            own_row[k * stride] = scaled(x_k, scale);
            if (2 * k != m) partner_row[uint64_t(m - k) * stride] = scaled(x_m_minus_k, scale);
        }
    }
}

// Forward, output side: the spectrum X_k, k = 0..N/2, from the complex transform in the slot, scaled. Of odd N,
// X_k = (Z_k + conj Z_(N-k)) / 2 and the twin's X'_k = (Z_k - conj Z_(N-k)) / 2i (Z = X + i X', both hermitian).
template <bool OddReal, class Real>
RIFT_HOST_DEVICE void unpack_spectrum_out(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                          const PaddedSlot<Real>& slot, uint32_t lane, uint32_t lanes)
{
    Complex<Real>* spectrum = tile.output + t * args.dims[0].output_stride;
    if (args.half_length) return unpack_half_length(args, spectrum, spectrum, slot, slot, lane, lanes);
    Complex<Real>* twin = twin_transform<OddReal>(args, tile, t, spectrum, args.twins.output_stride);
    const uint64_t stride = args.output_stride;
    const Real half_scale = static_cast<Real>(args.scale) / 2;
    const uint32_t n = args.length;
    for (uint32_t k = lane; 2 * k <= n; k += lanes) {
        Complex<Real> x, twin_x;
        separate_real_pair(slot[k], slot[k == 0 ? 0 : n - k], x, twin_x);
        spectrum[k * stride] = scaled(x, half_scale);
        if (OddReal && twin) twin[k * stride] = scaled(twin_x, half_scale);
    }
}

// Inverse, input side: the hermitian half X_k, k = 0..N/2, into the slot as the complex transform's input. The
// imaginary parts of X_0 and (N even) X_(N/2) are ignored: those elements of a real signal's spectrum are real.
template <bool OddReal, class Real>
RIFT_HOST_DEVICE void pack_spectrum_in(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                       const PaddedSlot<Real>& slot, uint32_t lane, uint32_t lanes)
{
    const Complex<Real>* spectrum = tile.input + t * args.dims[0].input_stride;
    const uint64_t stride = args.input_stride;
    const uint32_t m = args.length;
    if (!args.half_length) { // Z = X + i X', X' the twin's (or zero)
        const Complex<Real>* twin = twin_transform<OddReal>(args, tile, t, spectrum, args.twins.input_stride);
        for (uint32_t k = lane; 2 * k <= m; k += lanes) {
            Complex<Real> v = spectrum[k * stride];
            Complex<Real> twin_v = OddReal && twin ? twin[k * stride] : Complex<Real>{};
            const bool self_conjugate = k == 0 || 2 * k == m;
            if (self_conjugate) v.im = twin_v.im = Real(0);
            slot[k] = join_real_pair(v, twin_v);
            if (!self_conjugate) slot[m - k] = join_real_pair(conjugate(v), conjugate(twin_v));
        }
        return;
    }
    const auto* roots = static_cast<const Complex<Real>*>(args.real_twiddles);
    for (uint32_t first = lane; 2 * first <= m; first += kRealBatch * lanes) {
        Complex<Real> a[kRealBatch] = {}, b[kRealBatch] = {}, w[kRealBatch] = {}; // only used where loaded
        RIFT_UNROLL
        for (uint32_t u = 0; u < kRealBatch; ++u) {
            const uint32_t k = first + u * lanes;
            if (2 * k <= m) {
                a[u] = spectrum[k * stride];
                b[u] = spectrum[uint64_t(m - k) * stride];
                w[u] = roots[k];
            }
        }
        RIFT_UNROLL
        for (uint32_t u = 0; u < kRealBatch; ++u) {
            const uint32_t k = first + u * lanes;
            if (2 * k > m) continue;
            Complex<Real> z_k, z_m_minus_k;
            pack_pair(a[u], b[u], w[u], k == 0, z_k, z_m_minus_k);
            slot[k] = z_k;
            if (k != 0 && 2 * k != m) slot[m - k] = z_m_minus_k;
        }
    }
}

// Inverse, output side: the reals of transform t from its slot, scaled.
template <bool OddReal, class Real>
RIFT_HOST_DEVICE void stage_reals_out(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                      const PaddedSlot<Real>& slot, uint32_t lane, uint32_t lanes)
{
    Real* x = static_cast<Real*>(args.output) + tile.output_offset + t * args.dims[0].output_stride;
    Real* twin = twin_transform<OddReal>(args, tile, t, x, args.twins.output_stride);
    const uint64_t stride = args.output_stride;
    const Real scale = static_cast<Real>(args.scale);
    for (uint32_t n = lane; n < args.length; n += lanes) {
        const Complex<Real> v = slot[n];
        if (args.half_length) {
            x[2 * n * stride] = v.re * scale;
            x[(2 * n + 1) * stride] = v.im * scale;
        } else {
            x[n * stride] = v.re * scale;
            if (OddReal && twin) twin[n * stride] = v.im * scale;
        }
    }
}

// The real side as the first pass reads it where it lies: pairs of reals as complex elements (half length, a
// packable side: `stride` counts complex elements), or the reals as real parts and the twin's (or zeros) as
// imaginary ones (odd length: `stride` counts reals).
template <class Real>
struct RealSideSource {
    const Real* reals;
    const Real* twin; // null: none
    size_t stride;
    bool pairs;

    struct Run {
        const Real* first;
        const Real* twin;
        size_t step;
        bool pairs;
        RIFT_HOST_DEVICE Complex<Real> load(uint32_t r) const
        {
            if (pairs) return load_global(reinterpret_cast<const Complex<Real>*>(first) + r * step);
            return {first[r * step], twin ? twin[r * step] : Real(0)};
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const
    {
        if (pairs) return {reals + 2 * first * stride, nullptr, step * stride, true};
        return {reals + first * stride, twin ? twin + first * stride : nullptr, step * stride, false};
    }
};

// The real side as the last pass writes it, scaled: the same two forms.
template <class Real>
struct RealSideDestination {
    Real* reals;
    Real* twin; // null: none
    size_t stride;
    Real scale;
    bool pairs;

    struct Run {
        Real* first;
        Real* twin;
        size_t step;
        Real scale;
        bool pairs;
        RIFT_HOST_DEVICE void store(uint32_t r, const Complex<Real>& v) const
        {
            if (pairs) {
                reinterpret_cast<Complex<Real>*>(first)[r * step] = scaled(v, scale);
                return;
            }
            first[r * step] = v.re * scale;
            if (twin) twin[r * step] = v.im * scale;
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const
    {
        if (pairs) return {reals + 2 * first * stride, nullptr, step * stride, scale, true};
        return {reals + first * stride, twin ? twin + first * stride : nullptr, step * stride, scale, false};
    }
};

// Transform t's real side, unstaged (see above): the input of a forward transform, the output of an inverse one.
template <bool OddReal, class Real>
RIFT_HOST_DEVICE RealSideSource<Real> real_side_input(const StockhamArgs& args, const TransformTile<Real>& tile,
                                                     uint32_t t)
{
    if (args.half_length)
        return {reinterpret_cast<const Real*>(tile.input + t * args.dims[0].input_stride), nullptr, args.input_stride,
                true};
    const Real* x = static_cast<const Real*>(args.input) + tile.input_offset + t * args.dims[0].input_stride;
    const Real* twin = twin_transform<OddReal>(args, tile, t, x, args.twins.input_stride);
    return {x, OddReal ? twin : nullptr, args.input_stride, false};
}

template <bool OddReal, class Real>
RIFT_HOST_DEVICE RealSideDestination<Real> real_side_output(const StockhamArgs& args,
                                                           const TransformTile<Real>& tile, uint32_t t)
{
    const Real scale = static_cast<Real>(args.scale);
    if (args.half_length)
        return {reinterpret_cast<Real*>(tile.output + t * args.dims[0].output_stride), nullptr, args.output_stride,
                scale, true};
    Real* x = static_cast<Real*>(args.output) + tile.output_offset + t * args.dims[0].output_stride;
    Real* twin = twin_transform<OddReal>(args, tile, t, x, args.twins.output_stride);
    return {x, OddReal ? twin : nullptr, args.output_stride, scale, false};
}

// What the passes read and write where a side is unstaged. Kernels that may run real transforms of odd length
// (OddReal) take the real side through the views above (pairs, or reals with their twins); in other kernels it can
// only be pairs, which the complex views read and write as they are, and those kernels keep them.
template <bool Inverse, bool RealData, bool OddReal, class Real>
RIFT_HOST_DEVICE auto unstaged_input(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t)
{
    if constexpr (RealData && OddReal && !Inverse)
        return real_side_input<OddReal>(args, tile, t);
    else
        return transform_input(args, tile, t);
}

template <bool Inverse, bool RealData, bool OddReal, bool Grouped, class Real>
RIFT_HOST_DEVICE auto unstaged_output(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t)
{
    if constexpr (RealData && OddReal && Inverse)
        return real_side_output<OddReal>(args, tile, t);
    else
        return transform_output<Inverse, Grouped>(args, tile, t);
}

// The staged input and output of a real transform's slot, by direction: reals in and spectrum out forward,
// spectrum in and reals out inverse. (Real-to-real transforms stage through their maps instead, real_to_real.h.)
template <bool Inverse, bool OddReal = true, class Real>
RIFT_HOST_DEVICE void stage_real_transform_input(const StockhamArgs& args, const TransformTile<Real>& tile,
                                                 uint32_t t, const PaddedSlot<Real>& slot, uint32_t lane,
                                                 uint32_t lanes)
{
    if (Inverse)
        pack_spectrum_in<OddReal>(args, tile, t, slot, lane, lanes);
    else
        stage_reals_in<OddReal>(args, tile, t, slot, lane, lanes);
}

template <bool Inverse, bool OddReal = true, class Real>
RIFT_HOST_DEVICE void stage_real_transform_output(const StockhamArgs& args, const TransformTile<Real>& tile,
                                                  uint32_t t, const PaddedSlot<Real>& slot, uint32_t lane,
                                                  uint32_t lanes)
{
    if (Inverse)
        stage_reals_out<OddReal>(args, tile, t, slot, lane, lanes);
    else
        unpack_spectrum_out<OddReal>(args, tile, t, slot, lane, lanes);
}

} // namespace rift::kernels
