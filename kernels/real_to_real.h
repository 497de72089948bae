// The real-to-real transforms, DCT-I..IV and DST-I..IV with FFTW's definitions and scaling (REDFT00, 10, 01, 11 and
// RODFT00, 10, 01, 11), each as one complex DFT between two element-wise maps: the input map makes the DFT's input
// from the user's n reals, the output map turns the DFT's output into the n results. The maps are what a
// transform's staged input and output apply on the way between global memory and its slot, so a real-to-real
// transform moves n reals each way, as a real transform of n does.
//
// The DFT has n points (DCT-II, DCT-III and the DSTs derived from them), 2n (DCT-IV, DST-IV: the input zero
// beyond n), 2(n - 1) (DCT-I: the even extension) or 2(n + 1) (DST-I: the odd extension). The rotations are the
// roots exp(-2 pi i e / (8 n)), which the caller supplies: a table on the GPU, exact values in the tests.
#pragma once

#include <cstdint>

#include "kernels/complex.h"
#include "kernels/stockham_args.h"
#include "kernels/transform_tile.h"

namespace rift::kernels {

enum class RealToRealKind : uint32_t { dct1, dct2, dct3, dct4, dst1, dst2, dst3, dst4 };

inline const char* to_string(RealToRealKind kind)
{
    constexpr const char* kNames[] = {"dct1", "dct2", "dct3", "dct4", "dst1", "dst2", "dst3", "dst4"};
    return kNames[uint32_t(kind)];
}

// The DFT's length for n reals (n >= 2 for DCT-I, n >= 1 otherwise).
RIFT_HOST_DEVICE uint32_t real_to_real_dft_length(RealToRealKind kind, uint32_t n)
{
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

// Where DCT-II's DFT input m comes from, and DCT-III's output m goes: the even-indexed reals in order, then the
// odd-indexed ones backwards.
RIFT_HOST_DEVICE uint32_t interleaved_index(uint32_t n, uint32_t m) { return 2 * m < n ? 2 * m : 2 * n - 1 - 2 * m; }

template <class Real>
RIFT_HOST_DEVICE Real real_part_of_product(Complex<Real> a, Complex<Real> b)
{
    return a.re * b.re - a.im * b.im;
}

// DCT-III's DFT input from reals a_m = x(m), b = x(n - m) (0 for m = 0): (a - i b) exp(+i pi m / (2 n)).
template <class Real, class Rotation>
RIFT_HOST_DEVICE Complex<Real> rotated_pair(Real a, Real b, uint32_t m, Rotation rotation)
{
    return Complex<Real>{a, -b} * conjugate(rotation(2 * m));
}

} // namespace real_to_real

// DFT input element m (0 <= m < the DFT's length): load(j) returns the user's real j, rotation(e) returns
// exp(-2 pi i e / (8 n)).
template <class Real, class Load, class Rotation>
RIFT_HOST_DEVICE Complex<Real> real_to_real_input(RealToRealKind kind, uint32_t n, uint32_t m, Load load,
                                                  Rotation rotation)
{
    using namespace real_to_real;
    const Complex<Real> zero = {Real(0), Real(0)};
    switch (kind) {
    case RealToRealKind::dct1: return {load(m < n ? m : 2 * (n - 1) - m), Real(0)};
    case RealToRealKind::dct2: return {load(interleaved_index(n, m)), Real(0)};
    case RealToRealKind::dct3: return rotated_pair<Real>(load(m), m > 0 ? load(n - m) : Real(0), m, rotation);
    case RealToRealKind::dct4: return m < n ? scaled(rotation(2 * m), load(m)) : zero;
    case RealToRealKind::dst1:
        if (m == 0 || m == n + 1) return zero;
        return {m <= n ? load(m - 1) : -load(2 * (n + 1) - m - 1), Real(0)};
    case RealToRealKind::dst2: {
        const uint32_t j = interleaved_index(n, m);
        return {j % 2 == 0 ? load(j) : -load(j), Real(0)};
    }
    case RealToRealKind::dst3: // DCT-III of the reals in reverse order
        return rotated_pair<Real>(load(n - 1 - m), m > 0 ? load(m - 1) : Real(0), m, rotation);
    case RealToRealKind::dst4: return m < n ? scaled(rotation(2 * m), load(n - 1 - m)) : zero;
    }
    return zero;
}

// The result DFT output element q gives, if any: store(k, value) for result k, value times `scale`.
template <class Real, class Store, class Rotation>
RIFT_HOST_DEVICE void real_to_real_output(RealToRealKind kind, uint32_t n, uint32_t q, Complex<Real> v, Real scale,
                                          Store store, Rotation rotation)
{
    using namespace real_to_real;
    const Real twice = 2 * scale;
    switch (kind) {
    case RealToRealKind::dct1:
        if (q < n) store(q, v.re * scale);
        return;
    case RealToRealKind::dct2:
        if (q < n) store(q, twice * real_part_of_product(rotation(2 * q), v));
        return;
    case RealToRealKind::dct3:
        if (q < n) store(interleaved_index(n, q), v.re * scale);
        return;
    case RealToRealKind::dct4:
        if (q < n) store(q, twice * real_part_of_product(rotation(2 * q + 1), v));
        return;
    case RealToRealKind::dst1:
        if (q >= 1 && q <= n) store(q - 1, -v.im * scale);
        return;
    case RealToRealKind::dst2: // DCT-II of the alternating input, in reverse order
        if (q < n) store(n - 1 - q, twice * real_part_of_product(rotation(2 * q), v));
        return;
    case RealToRealKind::dst3: { // DCT-III of the reversed input, alternating in sign
        if (q >= n) return;
        const uint32_t k = interleaved_index(n, q);
        store(k, k % 2 == 0 ? v.re * scale : -v.re * scale);
        return;
    }
    case RealToRealKind::dst4:
        if (q < n) {
            const Real value = twice * real_part_of_product(rotation(2 * q + 1), v);
            store(q, q % 2 == 0 ? value : -value);
        }
        return;
    }
}

// The rotations exp(-2 pi i e / (8 n)) from the launch's two-level table (StockhamArgs::real_twiddles).
template <class Real>
struct RealToRealRotation {
    const Complex<Real>* table;
    uint32_t bits;
    RIFT_HOST_DEVICE Complex<Real> operator()(uint32_t e) const { return two_level_root(table, bits, e, false); }
};

// The staged sides of a real-to-real launch (StockhamArgs::real_to_real), each lane taking elements lane,
// lane + lanes, ... of transform t: the DFT's input into its slot from the user's reals, and the results from the
// slot to the user's reals, scaled. The caller puts a barrier between these and the passes.
template <class Real, class Slot>
RIFT_HOST_DEVICE void stage_real_to_real_in(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                            const Slot& slot, uint32_t lane, uint32_t lanes)
{
    const Real* x = static_cast<const Real*>(args.input) + tile.input_offset + t * args.dims[0].input_stride;
    const uint64_t stride = args.input_stride;
    const auto kind = RealToRealKind(args.real_to_real - 1);
    const RealToRealRotation<Real> rotation{static_cast<const Complex<Real>*>(args.real_twiddles),
                                            args.real_to_real_root_bits};
    const auto load = [&](uint32_t j) { return x[j * stride]; };
    for (uint32_t m = lane; m < args.length; m += lanes)
        slot[m] = real_to_real_input<Real>(kind, args.real_to_real_length, m, load, rotation);
}

template <class Real, class Slot>
RIFT_HOST_DEVICE void stage_real_to_real_out(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                             const Slot& slot, uint32_t lane, uint32_t lanes)
{
    Real* y = static_cast<Real*>(args.output) + tile.output_offset + t * args.dims[0].output_stride;
    const uint64_t stride = args.output_stride;
    const auto kind = RealToRealKind(args.real_to_real - 1);
    const RealToRealRotation<Real> rotation{static_cast<const Complex<Real>*>(args.real_twiddles),
                                            args.real_to_real_root_bits};
    const Real scale = static_cast<Real>(args.scale);
    const auto store = [&](uint32_t k, Real value) { y[k * stride] = value; };
    for (uint32_t q = lane; q < args.length; q += lanes)
        real_to_real_output<Real>(kind, args.real_to_real_length, q, slot[q], scale, store, rotation);
}

} // namespace rift::kernels
