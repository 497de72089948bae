#include "library/tables/nfft_window.h"

#include <algorithm>
#include <cmath>

namespace rift {

namespace {

constexpr double kPi = 3.14159265358979323846;

// Gauss-Legendre nodes and weights on [-1, 1], by Newton's method on P_q from Chebyshev starting points.
void gauss_legendre(size_t q, std::vector<double>& nodes, std::vector<double>& weights)
{
    nodes.assign(q, 0.0);
    weights.assign(q, 0.0);
    for (size_t i = 0; i < q; ++i) {
        double x = std::cos(kPi * (double(i) + 0.75) / (double(q) + 0.5));
        double derivative = 1;
        for (int iteration = 0; iteration < 100; ++iteration) {
            double p0 = 1, p1 = x; // P_0, P_1, then the recurrence to P_q
            for (size_t k = 2; k <= q; ++k) {
                const double p2 = ((2.0 * double(k) - 1) * x * p1 - (double(k) - 1) * p0) / double(k);
                p0 = p1;
                p1 = p2;
            }
            if (q == 1) p0 = 1, p1 = x;
            derivative = double(q) * (x * p1 - p0) / (x * x - 1);
            const double step = p1 / derivative;
            x -= step;
            if (std::abs(step) < 1e-16) break;
        }
        nodes[i] = x;
        weights[i] = 2 / ((1 - x * x) * derivative * derivative);
    }
}

} // namespace

unsigned nfft_width_for_tolerance(NfftWindowShape shape, double tolerance, bool single_precision)
{
    constexpr unsigned kSingleMaxWidth = 8;
    double width = std::ceil(std::log10(4 / tolerance)) + 1;
    unsigned largest = single_precision ? kSingleMaxWidth : kNfftMaxWidth;
    if (shape == NfftWindowShape::gaussian) {
        // Measured as above (800 nodes, W = 2..16): 3D errors fall as 0.5-0.8 x 10^(-0.455 W), as the theory's
        // exp(-pi (W/2) (1 - 1 / (2 sigma - 1))) says; 1D and 2D sit 2-3x lower. 16 points reach about 3e-8.
        width = std::ceil(std::log10(1 / tolerance) / 0.455); // 1 rather than 0.8: a margin for single's rounding
        largest = kNfftMaxWidth;
    }
    return unsigned(std::clamp(width, double(kNfftMinWidth), double(largest)));
}

NfftWindow nfft_window(NfftWindowShape shape, unsigned width, double oversampling)
{
    if (shape == NfftWindowShape::gaussian) {
        // NFFT3's shape for a window reaching m = W / 2 grid points: b = 2 sigma / (2 sigma - 1) m / pi, which
        // balances the truncation error against the aliasing error.
        const double b = 2 * oversampling / (2 * oversampling - 1) * (0.5 * width) / kPi;
        return {shape, width, 1 / b};
    }
    // beta per point: FINUFFT's tuned values for sigma = 2, and its formula 0.97 pi (1 - 1 / (2 sigma)) otherwise.
    double per_point = 0.97 * kPi * (1 - 0.5 / oversampling);
    if (oversampling == 2) per_point = width == 2 ? 2.20 : width == 3 ? 2.26 : width == 4 ? 2.38 : 2.30;
    return {shape, width, per_point * width};
}

void nfft_gaussian_factors(const NfftWindow& window, double* factors)
{
    const double centre = 0.5 * (double(window.width) - 1);
    for (unsigned i = 0; i < window.width; ++i) factors[i] = std::exp(-(i - centre) * (i - centre) * window.beta);
}

double nfft_window_value(const NfftWindow& window, double t)
{
    if (std::abs(t) >= 0.5 * window.width) return 0;
    if (window.shape == NfftWindowShape::gaussian) return std::exp(-t * t * window.beta);
    const double z = 2 * t / window.width;
    const double s = 1 - z * z;
    return std::exp(-window.beta * z * z / (1 + std::sqrt(s))); // as the kernels evaluate it
}

std::vector<double> nfft_correction(const NfftWindow& window, size_t modes, size_t grid_length)
{
    // psi is even, so psi^(xi) = 2 integral_0^(W/2) psi(t) cos(2 pi xi t) dt; cos turns at most a quarter turn
    // over the window for |xi| <= 1/4 per grid point, so the window's shape sets the rule's points.
    const size_t q = 2 * window.width + 16;
    std::vector<double> nodes, weights;
    gauss_legendre(q, nodes, weights);
    const double half = 0.5 * window.width;
    const long long below = (long long)(modes / 2);
    const size_t largest = size_t(std::max<long long>(below, (long long)modes - 1 - below)); // largest |k|
    // cos(theta k) for every k as cos(theta (h B + l)) from two short tables per quadrature point, each entry a
    // direct cos/sin: about 2 sqrt(N) of those per point instead of N, as exact as the direct evaluation.
    const size_t block = size_t(std::ceil(std::sqrt(double(largest + 1))));
    std::vector<double> transform(largest + 1, 0.0);
    for (size_t i = 0; i < q; ++i) {
        const double t = half * (nodes[i] + 1) / 2;
        const double psi = half / 2 * weights[i] * nfft_window_value(window, t);
        const double theta = 2 * kPi * t / double(grid_length);
        std::vector<double> cos_low(block), sin_low(block);
        for (size_t l = 0; l < block; ++l) {
            cos_low[l] = std::cos(theta * double(l));
            sin_low[l] = std::sin(theta * double(l));
        }
        for (size_t h = 0; h * block <= largest; ++h) {
            const double cos_high = std::cos(theta * double(h * block)), sin_high = std::sin(theta * double(h * block));
            for (size_t l = 0; l < block && h * block + l <= largest; ++l)
                transform[h * block + l] += psi * (cos_high * cos_low[l] - sin_high * sin_low[l]);
        }
    }
    std::vector<double> correction(modes);
    for (size_t m = 0; m < modes; ++m) {
        const long long k = (long long)m - below;
        correction[m] = 1 / (2 * transform[size_t(k < 0 ? -k : k)]);
    }
    return correction;
}

} // namespace rift
