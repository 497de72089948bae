// The interleaved complex element every buffer holds: {re, im}, aligned so a GPU moves it in one access.
#pragma once

#include "kernels/host_device.h"

namespace rift::kernels {

template <class Real>
struct alignas(2 * sizeof(Real)) Complex {
    Real re;
    Real im;
};

template <class Real>
RIFT_HOST_DEVICE Complex<Real> operator+(Complex<Real> a, Complex<Real> b)
{
    return {a.re + b.re, a.im + b.im};
}

template <class Real>
RIFT_HOST_DEVICE Complex<Real> operator-(Complex<Real> a, Complex<Real> b)
{
    return {a.re - b.re, a.im - b.im};
}

template <class Real>
RIFT_HOST_DEVICE Complex<Real> operator*(Complex<Real> a, Complex<Real> b)
{
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

template <class Real>
RIFT_HOST_DEVICE Complex<Real> scaled(Complex<Real> a, Real s)
{
    return {a.re * s, a.im * s};
}

template <class Real>
RIFT_HOST_DEVICE Complex<Real> conjugate(Complex<Real> a)
{
    return {a.re, -a.im};
}

// a * (-i) for the forward direction, a * (+i) for the inverse: the quarter-turn every even radix needs.
template <bool Inverse, class Real>
RIFT_HOST_DEVICE Complex<Real> quarter_turn(Complex<Real> a)
{
    return Inverse ? Complex<Real>{-a.im, a.re} : Complex<Real>{a.im, -a.re};
}

// x^r for 0 < r < 2^Bits from powers[i] = x^(2^i): the product over r's set bits, lowest first (at most
// Bits - 1 multiplies deep). The Stockham passes and the row/column steps build twiddles from a few loaded ones
// this way (stockham_pass.h, views.h).
template <int Bits, class Real>
RIFT_HOST_DEVICE Complex<Real> power_from_set_bits(const Complex<Real> (&powers)[Bits], int r)
{
    Complex<Real> product = {};
    bool first = true;
    RIFT_UNROLL
    for (int i = 0; i < Bits; ++i) {
        if (r & (1 << i)) {
            product = first ? powers[i] : product * powers[i];
            first = false;
        }
    }
    return product;
}

} // namespace rift::kernels
