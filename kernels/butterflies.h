// Small DFTs held in registers: the radices the Stockham passes use. Each transforms v in place, inputs and
// outputs in natural order, forward e^{-2 pi i nk/R} or inverse e^{+2 pi i nk/R}, with no scaling.
//  - 2 and 4 are written out;
//  - odd radices (3, 5, 7, 9, 11, 13, and the primes 17-31 of compiled kernels) pair x_m with x_{R-m}, halving
//    the multiplies;
//  - 6, 10 and 12 split into coprime factors (2x3, 2x5, 4x3) by the prime-factor (Good-Thomas) mapping, which
//    needs no twiddles between the two stages;
//  - 8, 16 and 32 are one Cooley-Tukey step R = R1 * R2 over the others, with constant twiddles;
//  - any other product of those (radices.h's composite radices) splits the same ways: into coprime factors by
//    Good-Thomas where it has them, otherwise (a prime power: 25, 27) by one Cooley-Tukey step.
#pragma once

#include <cstdint>

#include "kernels/complex.h"
#include "kernels/unit_roots.h"

namespace rift::kernels {

// x * exp(-+2 pi i k / n) for constant n and k; the trivial angles cost no multiply.
template <bool Inverse, class Real>
RIFT_HOST_DEVICE Complex<Real> rotate_by_unit_root(Complex<Real> x, int n, int k)
{
    k %= n;
    if (k == 0) return x;
    if (2 * k == n) return {-x.re, -x.im};
    if (4 * k == n) return quarter_turn<Inverse>(x);
    if (4 * k == 3 * n) return quarter_turn<!Inverse>(x);
    const Real c = static_cast<Real>(unit_root_cos(n, k));
    const Real s = static_cast<Real>(Inverse ? unit_root_sin(n, k) : -unit_root_sin(n, k));
    return {x.re * c - x.im * s, x.re * s + x.im * c};
}

template <bool Inverse, class Real>
RIFT_HOST_DEVICE void dft2(Complex<Real> (&v)[2])
{
    const Complex<Real> a = v[0];
    v[0] = a + v[1];
    v[1] = a - v[1];
}

template <bool Inverse, class Real>
RIFT_HOST_DEVICE void dft4(Complex<Real> (&v)[4])
{
    const Complex<Real> t0 = v[0] + v[2];
    const Complex<Real> t1 = v[0] - v[2];
    const Complex<Real> t2 = v[1] + v[3];
    const Complex<Real> t3 = quarter_turn<Inverse>(v[1] - v[3]);
    v[0] = t0 + t2;
    v[1] = t1 + t3;
    v[2] = t0 - t2;
    v[3] = t1 - t3;
}

// X_k = x_0 + sum_m (x_m + x_{R-m}) cos(2 pi km/R) -+ i sum_m (x_m - x_{R-m}) sin(2 pi km/R), each output handed
// to emit(k, X_k) as it is made (X_0 last): v is read only before the first, so emit may write v in place.
template <int R, bool Inverse, class Real, class Emit>
RIFT_HOST_DEVICE void dft_odd_emitting(const Complex<Real> (&v)[R], Emit emit)
{
    constexpr int half = (R - 1) / 2;
    Complex<Real> sums[half];
    Complex<Real> diffs[half];
    const Complex<Real> first = v[0];
    Complex<Real> total = first;
    RIFT_UNROLL
    for (int m = 1; m <= half; ++m) {
        sums[m - 1] = v[m] + v[R - m];
        diffs[m - 1] = v[m] - v[R - m];
        total = total + sums[m - 1];
    }
    RIFT_UNROLL
    for (int k = 1; k <= half; ++k) {
        Complex<Real> even = first;
        Complex<Real> odd = {Real(0), Real(0)};
        RIFT_UNROLL
        for (int m = 1; m <= half; ++m) {
            const Real c = static_cast<Real>(unit_root_cos(R, (k * m) % R));
            const Real s = static_cast<Real>(unit_root_sin(R, (k * m) % R));
            even = {even.re + c * sums[m - 1].re, even.im + c * sums[m - 1].im};
            odd = {odd.re + s * diffs[m - 1].re, odd.im + s * diffs[m - 1].im};
        }
        // forward: X_k = even - i*odd, X_{R-k} = even + i*odd; the inverse swaps the signs.
        const Complex<Real> turned = quarter_turn<Inverse>(odd);
        emit(k, even + turned);
        emit(R - k, even - turned);
    }
    emit(0, total);
}

template <int R, bool Inverse, class Real>
RIFT_HOST_DEVICE void dft_odd(Complex<Real> (&v)[R])
{
    dft_odd_emitting<R, Inverse>(v, [&](int k, const Complex<Real>& x) { v[k] = x; });
}

// An odd butterfly split over Lanes lanes: lane Lane makes the output pairs (k, R - k) for k = Lane + 1,
// Lane + 1 + Lanes, ... up to (R - 1) / 2, and lane 0 also X_0, by the sums of dft_odd_emitting. Each lane reads
// every input but keeps only its outputs' sums, so that a butterfly too large for one lane's registers runs on a
// few lanes of a few registers each. split_butterfly_sums reads (load(n) is x_n) and leaves the sums in `sums`;
// split_butterfly_outputs hands the lane's outputs to emit(k, X_k), so that a barrier may sit between reading a
// slot and writing it.
template <int R, int Lanes, int Lane>
RIFT_HOST_DEVICE constexpr int split_butterfly_pairs()
{
    return Lane < (R - 1) / 2 ? ((R - 1) / 2 - Lane - 1) / Lanes + 1 : 0;
}

// The complex registers the busiest lane (lane 0) keeps between reading and writing: two sums a pair and X_0.
RIFT_HOST_DEVICE constexpr int split_butterfly_registers(int R, int Lanes)
{
    return 2 * (((R - 1) / 2 - 1) / Lanes + 1) + 1;
}

// Input pair m's terms of the lane's pairs from pair I on: recursions over compile-time indices, so that every
// constant is a constant expression however large the butterfly (unrolled loops leave that to the optimizer).
template <int R, int Lanes, int Lane, int M, int I, class Real, int E>
RIFT_HOST_DEVICE void split_butterfly_terms(Complex<Real> (&sums)[E], const Complex<Real>& sum,
                                            const Complex<Real>& difference)
{
    if constexpr (I < split_butterfly_pairs<R, Lanes, Lane>()) {
        constexpr int k = Lane + 1 + I * Lanes;
        constexpr Real c = static_cast<Real>(unit_root_cos(R, (k * M) % R));
        constexpr Real s = static_cast<Real>(unit_root_sin(R, (k * M) % R));
        sums[2 * I] = {sums[2 * I].re + c * sum.re, sums[2 * I].im + c * sum.im};
        sums[2 * I + 1] = {sums[2 * I + 1].re + s * difference.re, sums[2 * I + 1].im + s * difference.im};
        split_butterfly_terms<R, Lanes, Lane, M, I + 1>(sums, sum, difference);
    }
}

template <int R, int Lanes, int Lane, int M, class Real, int E, class Load>
RIFT_HOST_DEVICE void split_butterfly_pairs_from(Complex<Real> (&sums)[E], Complex<Real>& total, Load& load)
{
    if constexpr (M <= (R - 1) / 2) {
        const Complex<Real> a = load(M);
        const Complex<Real> b = load(R - M);
        const Complex<Real> sum = a + b;
        if constexpr (Lane == 0) total = total + sum;
        split_butterfly_terms<R, Lanes, Lane, M, 0>(sums, sum, a - b);
        split_butterfly_pairs_from<R, Lanes, Lane, M + 1>(sums, total, load);
    }
}

template <int R, int Lanes, int Lane, bool Inverse, class Real, int E, class Load>
RIFT_HOST_DEVICE void split_butterfly_sums(Complex<Real> (&sums)[E], Load load)
{
    constexpr int pairs = split_butterfly_pairs<R, Lanes, Lane>();
    static_assert(R % 2 == 1 && 2 * pairs + 1 <= E, "an odd butterfly, its lane's sums in the registers");
    const Complex<Real> first = load(0);
    Complex<Real> total = first;
    RIFT_UNROLL
    for (int i = 0; i < pairs; ++i) {
        sums[2 * i] = first;
        sums[2 * i + 1] = {Real(0), Real(0)};
    }
    split_butterfly_pairs_from<R, Lanes, Lane, 1>(sums, total, load);
    if constexpr (Lane == 0) sums[2 * pairs] = total;
}

template <int R, int Lanes, int Lane, bool Inverse, class Real, int E, class Emit>
RIFT_HOST_DEVICE void split_butterfly_outputs(const Complex<Real> (&sums)[E], Emit emit)
{
    constexpr int pairs = split_butterfly_pairs<R, Lanes, Lane>();
    RIFT_UNROLL
    for (int i = 0; i < pairs; ++i) {
        const int k = Lane + 1 + i * Lanes;
        const Complex<Real> turned = quarter_turn<Inverse>(sums[2 * i + 1]);
        emit(k, sums[2 * i] + turned);
        emit(R - k, sums[2 * i] - turned);
    }
    if constexpr (Lane == 0) emit(0, sums[2 * pairs]);
}

// Calls visit(LaneConstant<lane>{}) for a lane below Lanes known only at run time, so that what depends on the
// lane folds at compile time in each branch.
template <int N>
struct LaneConstant {
    static constexpr int value = N;
};
template <int Lanes, int Lane = 0, class Visit>
RIFT_HOST_DEVICE void with_constant_lane(uint32_t lane, Visit visit)
{
    if constexpr (Lane < Lanes) {
        if (lane == uint32_t(Lane))
            visit(LaneConstant<Lane>{});
        else
            with_constant_lane<Lanes, Lane + 1>(lane, visit);
    }
}

template <int R, bool Inverse, class Real>
RIFT_HOST_DEVICE void dft(Complex<Real> (&v)[R]);

// One Cooley-Tukey step: input n = R2*n1 + n2, output k = k1 + R1*k2.
template <int R1, int R2, bool Inverse, class Real>
RIFT_HOST_DEVICE void dft_composite(Complex<Real> (&v)[R1 * R2])
{
    constexpr int R = R1 * R2;
    Complex<Real> columns[R2][R1];
    RIFT_UNROLL
    for (int n2 = 0; n2 < R2; ++n2) {
        RIFT_UNROLL
        for (int n1 = 0; n1 < R1; ++n1) columns[n2][n1] = v[R2 * n1 + n2];
        dft<R1, Inverse>(columns[n2]);
        RIFT_UNROLL
        for (int k1 = 0; k1 < R1; ++k1)
            columns[n2][k1] = rotate_by_unit_root<Inverse>(columns[n2][k1], R, n2 * k1);
    }
    RIFT_UNROLL
    for (int k1 = 0; k1 < R1; ++k1) {
        Complex<Real> row[R2];
        RIFT_UNROLL
        for (int n2 = 0; n2 < R2; ++n2) row[n2] = columns[n2][k1];
        dft<R2, Inverse>(row);
        RIFT_UNROLL
        for (int k2 = 0; k2 < R2; ++k2) v[k1 + R1 * k2] = row[k2];
    }
}

// b with a * b = 1 (mod m), for coprime a and m.
RIFT_HOST_DEVICE constexpr int inverse_modulo(int a, int m)
{
    for (int b = 1; b < m; ++b)
        if ((a * b) % m == 1) return b;
    return 1;
}

// Good-Thomas for coprime R1, R2: input n = (R2*n1 + R1*n2) mod R, output k = (R2*e2*k1 + R1*e1*k2) mod R with
// e2 = R2^-1 mod R1 and e1 = R1^-1 mod R2; the two stages need no twiddles.
template <int R1, int R2, bool Inverse, class Real>
RIFT_HOST_DEVICE void dft_prime_factor(Complex<Real> (&v)[R1 * R2])
{
    constexpr int R = R1 * R2;
    constexpr int e2 = inverse_modulo(R2 % R1, R1);
    constexpr int e1 = inverse_modulo(R1 % R2, R2);
    Complex<Real> rows[R1][R2];
    RIFT_UNROLL
    for (int n1 = 0; n1 < R1; ++n1) {
        RIFT_UNROLL
        for (int n2 = 0; n2 < R2; ++n2) rows[n1][n2] = v[(R2 * n1 + R1 * n2) % R];
        dft<R2, Inverse>(rows[n1]);
    }
    RIFT_UNROLL
    for (int k2 = 0; k2 < R2; ++k2) {
        Complex<Real> column[R1];
        RIFT_UNROLL
        for (int n1 = 0; n1 < R1; ++n1) column[n1] = rows[n1][k2];
        dft<R1, Inverse>(column);
        RIFT_UNROLL
        for (int k1 = 0; k1 < R1; ++k1) v[(R2 * e2 * k1 + R1 * e1 * k2) % R] = column[k1];
    }
}

RIFT_HOST_DEVICE constexpr int greatest_common_divisor(int a, int b)
{
    return b == 0 ? a : greatest_common_divisor(b, a % b);
}

// How a radix without a butterfly of its own splits: into coprime factors where it has them (no twiddles
// between the stages), the most balanced pair; a prime power into its most balanced factors. 0: a prime.
RIFT_HOST_DEVICE constexpr int coprime_factor(int radix)
{
    int best = 0;
    for (int d = 2; d * d <= radix; ++d)
        if (radix % d == 0 && greatest_common_divisor(d, radix / d) == 1) best = d;
    return best;
}
RIFT_HOST_DEVICE constexpr int balanced_factor(int radix)
{
    int best = 0;
    for (int d = 2; d * d <= radix; ++d)
        if (radix % d == 0) best = d;
    return best;
}

// The radices dft runs as dft_odd: the odd ones to 13 and the primes beyond.
RIFT_HOST_DEVICE constexpr bool is_odd_butterfly(int radix)
{
    return radix % 2 == 1 && (radix <= 13 || (coprime_factor(radix) == 0 && balanced_factor(radix) == 0));
}

template <int R, bool Inverse, class Real>
RIFT_HOST_DEVICE void dft(Complex<Real> (&v)[R])
{
    if constexpr (R == 1) {
    } else if constexpr (R == 2) {
        dft2<Inverse>(v);
    } else if constexpr (R == 4) {
        dft4<Inverse>(v);
    } else if constexpr (R == 6) {
        dft_prime_factor<2, 3, Inverse>(v);
    } else if constexpr (R == 8) {
        dft_composite<2, 4, Inverse>(v);
    } else if constexpr (R == 10) {
        dft_prime_factor<2, 5, Inverse>(v);
    } else if constexpr (R == 12) {
        dft_prime_factor<4, 3, Inverse>(v);
    } else if constexpr (R == 16) {
        dft_composite<4, 4, Inverse>(v);
    } else if constexpr (R == 32) {
        dft_composite<4, 8, Inverse>(v);
    } else if constexpr (is_odd_butterfly(R)) {
        static_assert(R <= 61, "no unit roots tabulated for a prime radix above 61");
        dft_odd<R, Inverse>(v);
    } else if constexpr (coprime_factor(R) != 0) {
        dft_prime_factor<R / coprime_factor(R), coprime_factor(R), Inverse>(v);
    } else {
        static_assert(balanced_factor(R) != 0, "no butterfly for this radix");
        dft_composite<balanced_factor(R), R / balanced_factor(R), Inverse>(v);
    }
}

} // namespace rift::kernels
