// The NFFT's window, chosen at plan time: the exponential of semicircle psi(t) = exp(beta (sqrt(1 - (2t/W)^2) - 1))
// over W grid points (Barnett, Magland and af Klinteberg's ES kernel, as FINUFFT uses it), and the roll-off
// correction 1 / psi^(k / n) by which the Fourier coefficients are divided, computed in double by quadrature.
#pragma once

#include <cstddef>
#include <vector>

namespace rift {

struct NfftWindow {
    unsigned width = 0; // W, grid points per dimension
    double beta = 0;
};

inline constexpr unsigned kNfftMinWidth = 2;
inline constexpr unsigned kNfftMaxWidth = 16;

// The narrowest window that reaches a relative error of `tolerance` on a grid oversampled twice. Measured
// (host executor, double, d = 1..3, 1500 random nodes): W points give about 1.2 (1D) to 2.5 (3D) x 10^-(W-1),
// so W = ceil(log10(4 / tolerance)) + 1. Single precision stops at 8 points: its rounding, about 5e-7 there,
// grows with wider windows.
unsigned nfft_width_for_tolerance(double tolerance, bool single_precision);

// The window of `width` points for an oversampling factor sigma = n / N.
NfftWindow nfft_window(unsigned width, double oversampling);

// psi(t) in double, zero for |t| >= W / 2.
double nfft_window_value(const NfftWindow& window, double t);

// 1 / psi^(k / n) for k = -floor(N/2) .. ceil(N/2) - 1, psi^(xi) = integral of psi(t) exp(2 pi i xi t) dt.
std::vector<double> nfft_correction(const NfftWindow& window, size_t modes, size_t grid_length);

} // namespace rift
