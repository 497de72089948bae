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

} // namespace rift::kernels
