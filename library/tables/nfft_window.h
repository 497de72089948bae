// The NFFT's window, chosen at plan time: the exponential of semicircle psi(t) = exp(beta (sqrt(1 - (2t/W)^2) - 1))
// over W grid points (Barnett, Magland and af Klinteberg's ES kernel, as FINUFFT uses it), or the Gaussian
// psi(t) = exp(-t^2 / b) truncated to W points (NFFT3's, with b = 2 sigma / (2 sigma - 1) W / (2 pi)); and the
// roll-off correction 1 / psi^(k / n) by which the Fourier coefficients are divided, computed in double by
// quadrature for either.
#pragma once

#include <cstddef>
#include <vector>

#include "kernels/nfft_gridding.h"

namespace rift {

using kernels::NfftWindowShape;

struct NfftWindow {
    NfftWindowShape shape = NfftWindowShape::exponential_of_semicircle;
    unsigned width = 0; // W, grid points per dimension
    double beta = 0;    // exponential of semicircle: beta; Gaussian: 1 / b
};

inline constexpr unsigned kNfftMinWidth = 2;
inline constexpr unsigned kNfftMaxWidth = kernels::kNfftMaxWidth;

// The narrowest window of `shape` that reaches a relative error of `tolerance` on a grid oversampled twice.
// Exponential of semicircle, measured (host executor, double, d = 1..3, 1500 random nodes): W points give about
// 1.2 (1D) to 2.5 (3D) x 10^-(W-1), so W = ceil(log10(4 / tolerance)) + 1. Single precision stops at 8 points:
// its rounding, about 5e-7 there, grows with wider windows. The Gaussian needs about twice as many points
// (see nfft_window.cpp).
unsigned nfft_width_for_tolerance(NfftWindowShape shape, double tolerance, bool single_precision);

// The window of `shape` and `width` points for an oversampling factor sigma = n / N.
NfftWindow nfft_window(NfftWindowShape shape, unsigned width, double oversampling);

// The Gaussian's exp(-j^2 / b) at its points j = i - (W - 1) / 2, i < W (NfftGrid::gaussian_factors).
void nfft_gaussian_factors(const NfftWindow& window, double* factors);

// psi(t) in double, zero for |t| >= W / 2.
double nfft_window_value(const NfftWindow& window, double t);

// 1 / psi^(k / n) for k = -floor(N/2) .. ceil(N/2) - 1, psi^(xi) = integral of psi(t) exp(2 pi i xi t) dt.
std::vector<double> nfft_correction(const NfftWindow& window, size_t modes, size_t grid_length);

} // namespace rift
