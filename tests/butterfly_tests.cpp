// The register butterflies of kernels/butterflies.h, without the API: every radix the planner may emit, both
// directions, float and double, against a naive DFT in long double. A wrong constant or sign here would show
// in the API sweeps too, but only as "some lengths are wrong"; this names the radix.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "kernels/butterflies.h"
#include "kernels/radices.h"
#include "kernels/unit_roots.h"

namespace rift::test {
namespace {

using kernels::Complex;

template <int R, bool Inverse, class Real>
long double butterfly_error(uint64_t seed)
{
    std::mt19937_64 generator(seed);
    std::uniform_real_distribution<Real> uniform(Real(-1), Real(1));
    Complex<Real> v[R];
    for (Complex<Real>& x : v) x = {uniform(generator), uniform(generator)};

    long double difference = 0;
    long double magnitude = 0;
    Complex<Real> result[R];
    for (int i = 0; i < R; ++i) result[i] = v[i];
    kernels::dft<R, Inverse>(result);
    const long double pi = 3.141592653589793238462643383279502884L;
    for (int k = 0; k < R; ++k) {
        long double re = 0;
        long double im = 0;
        for (int n = 0; n < R; ++n) {
            // (n * k) % R keeps the angle in [0, 2 pi), where cosl and sinl are exact to long double.
            const long double angle = (Inverse ? 2 : -2) * pi * ((n * k) % R) / R;
            re += v[n].re * std::cos(angle) - v[n].im * std::sin(angle);
            im += v[n].re * std::sin(angle) + v[n].im * std::cos(angle);
        }
        difference += (result[k].re - re) * (result[k].re - re) + (result[k].im - im) * (result[k].im - im);
        magnitude += re * re + im * im;
    }
    return std::sqrt(difference / magnitude);
}

// Worst relative L2 error over a few random inputs, in units of the precision's epsilon.
template <int R, bool Inverse, class Real>
double worst_error_in_epsilons()
{
    long double worst = 0;
    for (uint64_t seed = 1; seed <= 64; ++seed) worst = std::max(worst, butterfly_error<R, Inverse, Real>(seed * R));
    return static_cast<double>(worst / std::numeric_limits<Real>::epsilon());
}

// A butterfly is a handful of adds and multiplies per output, so its error stays within a few epsilon.
constexpr double kButterflyBarInEpsilons = 2.0;

template <int R>
void check_radix()
{
    const double errors[] = {worst_error_in_epsilons<R, false, float>(), worst_error_in_epsilons<R, true, float>(),
                             worst_error_in_epsilons<R, false, double>(), worst_error_in_epsilons<R, true, double>()};
    const char* names[] = {"float forward", "float inverse", "double forward", "double inverse"};
    for (int i = 0; i < 4; ++i) EXPECT_LE(errors[i], kButterflyBarInEpsilons) << "radix " << R << ' ' << names[i];
    std::cout << "[ accuracy ] radix " << R << " worst error in epsilons: float " << std::max(errors[0], errors[1])
              << ", double " << std::max(errors[2], errors[3]) << '\n';
}

TEST(Butterflies, EveryRadixMatchesNaiveDft)
{
#define RIFT_CHECK_RADIX(R) check_radix<R>();
    RIFT_FOR_EACH_RADIX(RIFT_CHECK_RADIX)
#undef RIFT_CHECK_RADIX
}

TEST(Butterflies, EveryCompiledOnlyRadixMatchesNaiveDft)
{
#define RIFT_CHECK_RADIX(R) check_radix<R>();
    RIFT_FOR_EACH_COMPILED_ONLY_RADIX(RIFT_CHECK_RADIX)
#undef RIFT_CHECK_RADIX
}

// The butterfly constants claim to be the correctly rounded doubles of cos and sin(2 pi k / n).
TEST(Butterflies, UnitRootConstantsAreCorrectlyRounded)
{
    const long double pi = 3.141592653589793238462643383279502884L;
    for (int n : {3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32, 37, 41, 43, 47, 53, 59, 61})
        for (int k = 0; k < n; ++k) {
            const long double angle = 2 * pi * k / n;
            const double table[] = {kernels::unit_root_cos(n, k), kernels::unit_root_sin(n, k)};
            const long double exact[] = {std::cos(angle), std::sin(angle)};
            for (int i = 0; i < 2; ++i) {
                // Half an ulp of the table value, plus the long double reference's own error (2 pi k / n is
                // rounded, so cosl(3 pi / 2) comes out near 2e-19 rather than 0).
                const double ulp = std::nextafter(std::fabs(table[i]), 1.0 + std::fabs(table[i])) - std::fabs(table[i]);
                EXPECT_LE(std::fabs(table[i] - exact[i]), 0.5L * ulp + 1e-18L)
                    << (i == 0 ? "cos" : "sin") << "(2 pi " << k << " / " << n << ") = " << table[i];
            }
        }
}

} // namespace
} // namespace rift::test
