// The real-to-real transforms, DCT-I..IV and DST-I..IV with FFTW's definitions and scaling (REDFT00, 10, 01, 11 and
// RODFT00, 10, 01, 11), each as one complex DFT between two maps: the input map makes the DFT's input from the
// user's n reals, the output map turns the DFT's output into the n results. The maps are what a transform's staged
// input and output apply on the way between global memory and its slot, so a real-to-real transform moves n reals
// each way, as a real transform of n does.
//
// DST-II, III and IV are the DCTs of the same type with the input reversed or alternating in sign, and the output
// likewise (dct_form). Of even n, DCT-II and IV run a complex DFT of n / 2 points: II as the real transform of the
// reordered reals through its half-length complex one (real_pairs.h), IV as the n / 2 complex values
// (x_2j + i x_(n-1-2j)) exp(-i pi (4j + 1) / 4n). Otherwise II and III run n points and IV 2n (the input zero
// beyond n). DCT-I runs 2(n - 1) points (the even extension) and DST-I 2(n + 1) (the odd extension). The rotations
// are the roots exp(-2 pi i e / (8 n)), which the caller supplies: a table on the GPU, exact values in the tests.
#pragma once

#include <cstdint>

#include "kernels/complex.h"
#include "kernels/real_pairs.h"
#include "kernels/stockham_args.h"
#include "kernels/transform_tile.h"

namespace rift::kernels {

enum class RealToRealKind : uint32_t { dct1, dct2, dct3, dct4, dst1, dst2, dst3, dst4 };

inline const char* to_string(RealToRealKind kind)
{
    constexpr const char* kNames[] = {"dct1", "dct2", "dct3", "dct4", "dst1", "dst2", "dst3", "dst4"};
    return kNames[uint32_t(kind)];
}

namespace real_to_real {

// The kinds whose DFT runs at half length: DCT-II and IV (and DST-II and IV) of even n.
RIFT_HOST_DEVICE bool halved(RealToRealKind kind, uint32_t n)
{
    return n % 2 == 0 && (kind == RealToRealKind::dct2 || kind == RealToRealKind::dct4 ||
                          kind == RealToRealKind::dst2 || kind == RealToRealKind::dst4);
}

} // namespace real_to_real

// The DFT's length for n reals (n >= 2 for DCT-I, n >= 1 otherwise).
RIFT_HOST_DEVICE uint32_t real_to_real_dft_length(RealToRealKind kind, uint32_t n)
{
    if (real_to_real::halved(kind, n)) return n / 2;
    switch (kind) {
    case RealToRealKind::dct1: return 2 * (n - 1);
    case RealToRealKind::dst1: return 2 * (n + 1);
    case RealToRealKind::dct4:
    case RealToRealKind::dst4: return 2 * n;
    default: return n;
    }
}

// DCT-III and DST-III run the inverse DFT (exp(+2 pi i jk / L)), the others the forward one.
RIFT_HOST_DEVICE bool real_to_real_dft_inverse(RealToRealKind kind)
{
    return kind == RealToRealKind::dct3 || kind == RealToRealKind::dst3;
}

namespace real_to_real {

// Where DCT-II's real transform input m comes from, and DCT-III's output m goes: the even-indexed reals in order,
// then the odd-indexed ones backwards.
RIFT_HOST_DEVICE uint32_t interleaved_index(uint32_t n, uint32_t m) { return 2 * m < n ? 2 * m : 2 * n - 1 - 2 * m; }

template <class Real>
RIFT_HOST_DEVICE Real real_part_of_product(Complex<Real> a, Complex<Real> b)
{
    return a.re * b.re - a.im * b.im;
}

template <class Real>
RIFT_HOST_DEVICE Real imaginary_part_of_product(Complex<Real> a, Complex<Real> b)
{
    return a.re * b.im + a.im * b.re;
}

// DCT-III's real transform input U_m from reals a = x(m), b = x(n - m) (0 for m = 0): (a - i b) exp(+i pi m / 2n).
template <class Real, class Rotation>
RIFT_HOST_DEVICE Complex<Real> rotated_pair(Real a, Real b, uint32_t m, Rotation rotation)
{
    return Complex<Real>{a, -b} * conjugate(rotation(2 * m));
}

// Calls f(form, load', store') with the DCT whose maps compute the kind: a DST-II is the DCT-II of the reals
// alternating in sign, stored in reverse order; a DST-III the DCT-III of the reals reversed, stored alternating
// in sign; a DST-IV the DCT-IV of the reals reversed, stored alternating in sign. DCT-I and DST-I stay as they are.
template <class Real, class Load, class Store, class F>
RIFT_HOST_DEVICE void dct_form(RealToRealKind kind, uint32_t n, Load load, Store store, F f)
{
    const auto reversed_load = [&](uint32_t j) { return load(n - 1 - j); };
    const auto alternating_store = [&](uint32_t k, Real value) { store(k, k % 2 == 0 ? value : -value); };
    switch (kind) {
    case RealToRealKind::dst2:
        return f(RealToRealKind::dct2, [&](uint32_t j) { return j % 2 == 0 ? load(j) : -load(j); },
                 [&](uint32_t k, Real value) { store(n - 1 - k, value); });
    case RealToRealKind::dst3: return f(RealToRealKind::dct3, reversed_load, alternating_store);
    case RealToRealKind::dst4: return f(RealToRealKind::dct4, reversed_load, alternating_store);
    default: return f(kind, load, store);
    }
}

} // namespace real_to_real

// How many times each map runs for a transform: item = 0, 1, ... of real_to_real_input and real_to_real_output.
// An item is one element of the DFT, or a pair of elements (k, m - k) where DCT-II's half-length split needs both.
RIFT_HOST_DEVICE uint32_t real_to_real_input_items(RealToRealKind kind, uint32_t n)
{
    return real_to_real_dft_length(kind, n);
}

RIFT_HOST_DEVICE uint32_t real_to_real_output_items(RealToRealKind kind, uint32_t n)
{
    const uint32_t length = real_to_real_dft_length(kind, n);
    const bool pairs = kind == RealToRealKind::dct2 || kind == RealToRealKind::dst2;
    return real_to_real::halved(kind, n) && pairs ? length / 2 + 1 : length;
}

// Input map, one item: load(j) returns the user's real j, put(m, value) sets the DFT's input m, rotation(e)
// returns exp(-2 pi i e / (8 n)).
template <class Real, class Load, class Put, class Rotation>
RIFT_HOST_DEVICE void real_to_real_input(RealToRealKind kind, uint32_t n, uint32_t item, Load load, Put put,
                                         Rotation rotation)
{
    using namespace real_to_real;
    const Complex<Real> zero = {Real(0), Real(0)};
    if (kind == RealToRealKind::dct1) return put(item, {load(item < n ? item : 2 * (n - 1) - item), Real(0)});
    if (kind == RealToRealKind::dst1) {
        const uint32_t m = item;
        if (m == 0 || m == n + 1) return put(m, zero);
        return put(m, {m <= n ? load(m - 1) : -load(2 * (n + 1) - m - 1), Real(0)});
    }
    const bool half = halved(kind, n);
    const auto no_store = [](uint32_t, Real) {};
    dct_form<Real>(kind, n, load, no_store, [&](RealToRealKind form, auto form_load, auto) {
        const uint32_t m = item;
        switch (form) {
        case RealToRealKind::dct2:
            if (half) return put(m, {form_load(interleaved_index(n, 2 * m)), form_load(interleaved_index(n, 2 * m + 1))});
            return put(m, {form_load(interleaved_index(n, m)), Real(0)});
        case RealToRealKind::dct3:
            return put(m, rotated_pair<Real>(form_load(m), m > 0 ? form_load(n - m) : Real(0), m, rotation));
        default: // dct4
            if (half) return put(m, Complex<Real>{form_load(2 * m), form_load(n - 1 - 2 * m)} * rotation(4 * m + 1));
            return put(m, m < n ? scaled(rotation(2 * m), form_load(m)) : zero);
        }
    });
}

// Output map, one item: get(q) returns the DFT's output q, store(k, value) sets result k (scaled by `scale`).
template <class Real, class Get, class Store, class Rotation>
RIFT_HOST_DEVICE void real_to_real_output(RealToRealKind kind, uint32_t n, uint32_t item, Get get, Real scale,
                                          Store store, Rotation rotation)
{
    using namespace real_to_real;
    const Real twice = 2 * scale;
    if (kind == RealToRealKind::dct1) {
        if (item < n) store(item, get(item).re * scale);
        return;
    }
    if (kind == RealToRealKind::dst1) {
        if (item >= 1 && item <= n) store(item - 1, -get(item).im * scale);
        return;
    }
    const bool half = halved(kind, n);
    const auto no_load = [](uint32_t) { return Real(0); };
    dct_form<Real>(kind, n, no_load, store, [&](RealToRealKind form, auto, auto form_store) {
        const uint32_t q = item;
        switch (form) {
        case RealToRealKind::dct2: {
            // y_k = 2 Re(exp(-i pi k / 2n) X_k) and y_(n-k) = -2 Im(exp(-i pi k / 2n) X_k), X the real transform
            // of the reordered reals.
            const auto results = [&](uint32_t k, Complex<Real> x_k) {
                form_store(k, twice * real_part_of_product(rotation(2 * k), x_k));
                if (2 * k != n && k != 0) form_store(n - k, -twice * imaginary_part_of_product(rotation(2 * k), x_k));
            };
            if (!half) {
                if (q < n) form_store(q, twice * real_part_of_product(rotation(2 * q), get(q)));
                return;
            }
            const uint32_t k = item, half_length = n / 2;
            Complex<Real> x_k, x_partner;
            unpack_pair(get(k), get(k == 0 ? 0 : half_length - k), rotation(8 * k), x_k, x_partner); // Z_(n/2) is Z_0
            results(k, x_k);
            if (2 * k != half_length) results(half_length - k, x_partner);
            return;
        }
        case RealToRealKind::dct3:
            if (q < n) form_store(interleaved_index(n, q), get(q).re * scale);
            return;
        default: // dct4
            if (half) {
                const Complex<Real> w = get(q) * rotation(4 * q);
                form_store(2 * q, twice * w.re);
                form_store(n - 1 - 2 * q, -twice * w.im);
            } else if (q < n) {
                form_store(q, twice * real_part_of_product(rotation(2 * q + 1), get(q)));
            }
            return;
        }
    });
}

// The rotations exp(-2 pi i e / (8 n)) from the launch's two-level table (StockhamArgs::real_twiddles).
template <class Real>
struct RealToRealRotation {
    const Complex<Real>* table;
    uint32_t bits;
    RIFT_HOST_DEVICE Complex<Real> operator()(uint32_t e) const { return two_level_root(table, bits, e, false); }
};

// The staged sides of a real-to-real launch (StockhamArgs::real_to_real), each lane taking items lane,
// lane + lanes, ... of transform t: the DFT's input into its slot from the user's reals, and the results from the
// slot to the user's reals, scaled. The caller puts a barrier between these and the passes.
template <class Real, class Slot>
RIFT_HOST_DEVICE void stage_real_to_real_in(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                            const Slot& slot, uint32_t lane, uint32_t lanes)
{
    const Real* x = static_cast<const Real*>(args.input) + tile.input_offset + t * args.dims[0].input_stride;
    const uint64_t stride = args.input_stride;
    const auto kind = RealToRealKind(args.real_to_real - 1);
    const uint32_t n = args.real_to_real_length;
    const RealToRealRotation<Real> rotation{static_cast<const Complex<Real>*>(args.real_twiddles),
                                            args.real_to_real_root_bits};
    const auto load = [&](uint32_t j) { return x[j * stride]; };
    const uint32_t items = real_to_real_input_items(kind, n);
    for (uint32_t item = lane; item < items; item += lanes)
        real_to_real_input<Real>(kind, n, item, load, [&](uint32_t m, Complex<Real> value) { slot[m] = value; }, rotation);
}

template <class Real, class Slot>
RIFT_HOST_DEVICE void stage_real_to_real_out(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                             const Slot& slot, uint32_t lane, uint32_t lanes)
{
    Real* y = static_cast<Real*>(args.output) + tile.output_offset + t * args.dims[0].output_stride;
    const uint64_t stride = args.output_stride;
    const auto kind = RealToRealKind(args.real_to_real - 1);
    const uint32_t n = args.real_to_real_length;
    const RealToRealRotation<Real> rotation{static_cast<const Complex<Real>*>(args.real_twiddles),
                                            args.real_to_real_root_bits};
    const Real scale = static_cast<Real>(args.scale);
    const auto get = [&](uint32_t q) { return Complex<Real>(slot[q]); };
    const uint32_t items = real_to_real_output_items(kind, n);
    for (uint32_t item = lane; item < items; item += lanes)
        real_to_real_output<Real>(kind, n, item, get, scale, [&](uint32_t k, Real value) { y[k * stride] = value; }, rotation);
}

} // namespace rift::kernels
