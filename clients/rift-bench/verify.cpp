#include "rift-bench/verify.h"

#include <cmath>
#include <fftw3.h>
#include <vector>

#include "common/checks.h"

namespace rift::bench {

namespace {

// The few FFTW entry points the reference needs, for each reference precision. All work on packed batches.
template <class R>
struct Fftw;

template <>
struct Fftw<double> {
    using Complex = fftw_complex;
    using Plan = fftw_plan;
    static constexpr const char* name = "FFTW (double)";
    static Plan c2c(int rank, const int* n, int batch, int dist, Complex* in, Complex* out, int sign)
    {
        return fftw_plan_many_dft(rank, n, batch, in, nullptr, 1, dist, out, nullptr, 1, dist, sign, FFTW_ESTIMATE);
    }
    static Plan r2c(int rank, const int* n, int batch, double* in, int in_dist, Complex* out, int out_dist)
    {
        return fftw_plan_many_dft_r2c(rank, n, batch, in, nullptr, 1, in_dist, out, nullptr, 1, out_dist,
                                      FFTW_ESTIMATE);
    }
    static Plan c2r(int rank, const int* n, int batch, Complex* in, int in_dist, double* out, int out_dist)
    {
        return fftw_plan_many_dft_c2r(rank, n, batch, in, nullptr, 1, in_dist, out, nullptr, 1, out_dist,
                                      FFTW_ESTIMATE);
    }
    static Plan r2r(int rank, const int* n, int batch, int dist, double* data, const fftw_r2r_kind* kinds)
    {
        return fftw_plan_many_r2r(rank, n, batch, data, nullptr, 1, dist, data, nullptr, 1, dist, kinds, FFTW_ESTIMATE);
    }
    static void execute(Plan plan) { fftw_execute(plan); }
    static void destroy(Plan plan) { fftw_destroy_plan(plan); }
};

template <>
struct Fftw<long double> {
    using Complex = fftwl_complex;
    using Plan = fftwl_plan;
    static constexpr const char* name = "FFTW (long double)";
    static Plan c2c(int rank, const int* n, int batch, int dist, Complex* in, Complex* out, int sign)
    {
        return fftwl_plan_many_dft(rank, n, batch, in, nullptr, 1, dist, out, nullptr, 1, dist, sign, FFTW_ESTIMATE);
    }
    static Plan r2c(int rank, const int* n, int batch, long double* in, int in_dist, Complex* out, int out_dist)
    {
        return fftwl_plan_many_dft_r2c(rank, n, batch, in, nullptr, 1, in_dist, out, nullptr, 1, out_dist,
                                       FFTW_ESTIMATE);
    }
    static Plan c2r(int rank, const int* n, int batch, Complex* in, int in_dist, long double* out, int out_dist)
    {
        return fftwl_plan_many_dft_c2r(rank, n, batch, in, nullptr, 1, in_dist, out, nullptr, 1, out_dist,
                                       FFTW_ESTIMATE);
    }
    static Plan r2r(int rank, const int* n, int batch, int dist, long double* data, const fftw_r2r_kind* kinds)
    {
        return fftwl_plan_many_r2r(rank, n, batch, data, nullptr, 1, dist, data, nullptr, 1, dist, kinds,
                                   FFTW_ESTIMATE);
    }
    static void execute(Plan plan) { fftwl_execute(plan); }
    static void destroy(Plan plan) { fftwl_destroy_plan(plan); }
};

// The packed values of a layout's elements, widened to R (interleaved re, im for complex elements).
template <class R, class T>
std::vector<R> gather(const Bytes& bytes, const Layout& layout)
{
    const size_t reals_per_element = layout.reals_per_element();
    std::vector<R> values(reals_per_element * layout.logical_elements());
    for_each_element(layout, [&](size_t logical, size_t index) {
        for (size_t part = 0; part < reals_per_element; ++part) {
            values[reals_per_element * logical + part] = load_real<T>(bytes, reals_per_element * index + part);
        }
    });
    return values;
}

// FFTW's kind for a real-to-real transform type (rift's kinds are FFTW's definitions).
fftw_r2r_kind fftw_kind(rift_transform_type transform)
{
    switch (transform) {
    case rift_transform_type_dct1: return FFTW_REDFT00;
    case rift_transform_type_dct2: return FFTW_REDFT10;
    case rift_transform_type_dct3: return FFTW_REDFT01;
    case rift_transform_type_dct4: return FFTW_REDFT11;
    case rift_transform_type_dst1: return FFTW_RODFT00;
    case rift_transform_type_dst2: return FFTW_RODFT10;
    case rift_transform_type_dst3: return FFTW_RODFT01;
    default: return FFTW_RODFT11;
    }
}

// FFTW's reference output of the case, packed (interleaved for complex output), unscaled.
template <class R>
std::vector<R> reference_output(const BenchCase& c, std::vector<R> input)
{
    using F = Fftw<R>;
    using Complex = typename F::Complex;
    std::vector<int> n(c.lengths.rbegin(), c.lengths.rend()); // FFTW wants the slowest dimension first
    const int rank = static_cast<int>(n.size());
    const int batch = static_cast<int>(c.batch);
    const int in_dist = static_cast<int>(c.input.elements_per_array());
    const int out_dist = static_cast<int>(c.output.elements_per_array());

    std::vector<R> output;
    typename F::Plan plan = nullptr;
    if (c.is_real()) {
        output.resize(c.output.reals_per_element() * c.output.logical_elements());
        if (c.transform == rift_transform_type_real_forward) {
            plan = F::r2c(rank, n.data(), batch, input.data(), in_dist, reinterpret_cast<Complex*>(output.data()),
                          out_dist);
        } else {
            plan = F::c2r(rank, n.data(), batch, reinterpret_cast<Complex*>(input.data()), in_dist, output.data(),
                          out_dist);
        }
    } else if (c.is_real_to_real()) {
        const std::vector<fftw_r2r_kind> kinds(n.size(), fftw_kind(c.transform));
        plan = F::r2r(rank, n.data(), batch, in_dist, input.data(), kinds.data());
    } else {
        // In place on the input copy: the reference of a large case is the largest allocation here.
        Complex* data = reinterpret_cast<Complex*>(input.data());
        plan = F::c2c(rank, n.data(), batch, in_dist, data, data, c.is_forward() ? FFTW_FORWARD : FFTW_BACKWARD);
    }
    if (plan == nullptr) throw client::Error(std::string(F::name) + " could not plan the reference transform");
    F::execute(plan);
    F::destroy(plan);
    if (c.is_real()) return output;
    return input;
}

template <class R, class T>
Verification verify_typed(const BenchCase& c, const Bytes& input_bytes, const Bytes& output_bytes)
{
    const std::vector<R> reference = reference_output<R>(c, gather<R, T>(input_bytes, c.input));
    const size_t reals_per_element = c.output.reals_per_element();
    const R scale = static_cast<R>(c.scale);
    long double error_squared = 0;
    long double reference_squared = 0;
    for_each_element(c.output, [&](size_t logical, size_t index) {
        for (size_t part = 0; part < reals_per_element; ++part) {
            const long double expected = scale * reference[reals_per_element * logical + part];
            const long double actual = load_real<T>(output_bytes, reals_per_element * index + part);
            error_squared += (actual - expected) * (actual - expected);
            reference_squared += expected * expected;
        }
    });
    Verification result;
    result.reference = Fftw<R>::name;
    result.relative_error = static_cast<double>(
        reference_squared > 0 ? std::sqrt(error_squared / reference_squared) : std::sqrt(error_squared));
    return result;
}

} // namespace

Verification verify_output(const BenchCase& c, const Bytes& input_bytes, const Bytes& output_bytes)
{
    if (c.precision == rift_precision_double) return verify_typed<long double, double>(c, input_bytes, output_bytes);
    return verify_typed<double, float>(c, input_bytes, output_bytes);
}

} // namespace rift::bench
