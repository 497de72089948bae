// Two real sequences u and v through one DFT as z = u + i v, and a real sequence x of even length N = 2M as the
// complex one z_n = x_2n + i x_2n+1 of half its length (u and v its even and odd reals): the spectra from the
// spectrum Z of z, two elements at a time, and back. Real transforms (real_pack.h) and real-to-real ones
// (real_to_real.h) run their DFTs through these: at half length for even lengths, two transforms a DFT (twins,
// StockhamArgs::twins) for odd ones.
#pragma once

#include "kernels/complex.h"
#include "kernels/host_device.h"

namespace rift::kernels {

// U_k and V_k from a = Z_k and b = Z_(N-k), twice: U_k = (Z_k + conj Z_(N-k)) / 2, V_k = (Z_k - conj Z_(N-k)) / 2i.
template <class Real>
RIFT_HOST_DEVICE void separate_real_pair(Complex<Real> a, Complex<Real> b, Complex<Real>& u, Complex<Real>& v)
{
    u = {a.re + b.re, a.im - b.im};
    v = {a.im + b.im, b.re - a.re};
}

// Z_k = U_k + i V_k.
template <class Real>
RIFT_HOST_DEVICE Complex<Real> join_real_pair(Complex<Real> u, Complex<Real> v)
{
    return {u.re - v.im, u.im + v.re};
}

// Forward: X_k and X_(M-k) from Z_k, Z_(M-k) and w = W^k = exp(-2 pi i k / 2M). With E the even reals' spectrum
// and O the odd ones', X_k = E_k + W^k O_k and, as E and O are hermitian and W^(M-k) = -conj(W^k),
// X_(M-k) = conj(E_k - W^k O_k): one lane makes both.
template <class Real>
RIFT_HOST_DEVICE void unpack_pair(Complex<Real> a, Complex<Real> b, Complex<Real> w, Complex<Real>& x_k,
                                  Complex<Real>& x_m_minus_k)
{
    const Complex<Real> even{Real(0.5) * (a.re + b.re), Real(0.5) * (a.im - b.im)};
    const Complex<Real> odd{Real(0.5) * (a.im + b.im), Real(0.5) * (b.re - a.re)};
    const Complex<Real> turned = w * odd;
    x_k = even + turned;
    x_m_minus_k = conjugate(even - turned);
}

// Inverse, undoing unpack_pair: E_k = X_k + conj(X_(M-k)), O_k = (X_k - conj(X_(M-k))) conj(W^k),
// Z_k = E_k + i O_k and Z_(M-k) = conj(E_k) + i conj(O_k) (unnormalised, as the inverse transform is). For k = 0
// the imaginary parts of X_0 and X_M are dropped: those elements of a real signal's spectrum are real.
template <class Real>
RIFT_HOST_DEVICE void pack_pair(Complex<Real> a, Complex<Real> b, Complex<Real> w, bool k_is_zero, Complex<Real>& z_k,
                                Complex<Real>& z_m_minus_k)
{
    if (k_is_zero) a.im = b.im = Real(0);
    const Complex<Real> even{a.re + b.re, a.im - b.im};
    const Complex<Real> odd = Complex<Real>{a.re - b.re, a.im + b.im} * conjugate(w);
    z_k = join_real_pair(even, odd);
    z_m_minus_k = join_real_pair(conjugate(even), conjugate(odd));
}

} // namespace rift::kernels
