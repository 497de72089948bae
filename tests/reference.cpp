#include "tests/reference.h"

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <random>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace rift::test {

size_t element_count(const Lengths& lengths)
{
    size_t count = 1;
    for (size_t length : lengths) count *= length;
    return count;
}

size_t Layout::buffer_elements(const Lengths& lengths, size_t batch) const
{
    size_t last = offset + (batch - 1) * distance;
    for (size_t d = 0; d < lengths.size(); ++d) last += (lengths[d] - 1) * strides[d];
    return last + 1;
}

Layout contiguous(const Lengths& lengths)
{
    Layout layout(0, std::vector<size_t>(lengths.size()), 0);
    size_t stride = 1;
    for (size_t d = 0; d < lengths.size(); ++d) {
        layout.strides[d] = stride;
        stride *= lengths[d];
    }
    layout.distance = stride;
    return layout;
}

Layout padded(const Lengths& lengths, size_t offset, size_t element_stride, size_t pad, size_t gap)
{
    std::vector<size_t> strides(lengths.size());
    strides[0] = element_stride;
    size_t extent = element_stride * lengths[0];
    for (size_t d = 1; d < lengths.size(); ++d) {
        strides[d] = extent + pad + d - 1;
        extent = strides[d] * lengths[d];
    }
    return Layout(offset, strides, extent + gap);
}

Layout interleaved(const Lengths& lengths, size_t batch)
{
    Layout layout = contiguous(lengths);
    for (size_t& stride : layout.strides) stride *= batch;
    layout.distance = 1;
    return layout;
}

std::string to_string(const Layout& layout)
{
    std::ostringstream text;
    text << "{offset " << layout.offset << (layout.strides.size() == 1 ? ", stride" : ", strides");
    for (size_t stride : layout.strides) text << ' ' << stride;
    text << ", distance " << layout.distance << "}";
    return text.str();
}

size_t guaranteed_max_length(rift_precision precision)
{
    // Row/column plans split lengths beyond one block (4096 single / 2048 double on Hopper-class shared memory,
    // less on AMD's 64 KiB) into factors that each fit one, so the limit is memory: the README promises 2^28
    // single / 2^27 double elements a transform (2 GiB of data, as much again of work buffer).
    return precision == rift_precision_double ? size_t(1) << 27 : size_t(1) << 28;
}

bool has_large_prime_factor(size_t length)
{
    size_t rest = length;
    for (size_t prime : {2, 3, 5, 7, 11, 13})
        while (rest > 0 && rest % prime == 0) rest /= prime;
    return rest > 1;
}

Support expected_support(const Lengths& lengths, rift_precision precision)
{
    const bool bluestein = std::any_of(lengths.begin(), lengths.end(), has_large_prime_factor);
    const size_t limit = guaranteed_max_length(precision) / (bluestein ? 16 : 1);
    for (size_t length : lengths)
        if (length == 0) return Support::refused;
    return element_count(lengths) <= limit ? Support::required : Support::optional;
}

double error_bar(rift_precision precision, const Lengths& lengths)
{
    const double per_level = precision == rift_precision_double ? 5e-16 : 2e-7;
    const bool bluestein = std::any_of(lengths.begin(), lengths.end(), has_large_prime_factor);
    return (bluestein ? 4.0 : 1.0) * per_level * (1.0 + std::log2(static_cast<double>(element_count(lengths))));
}

namespace {

// FFTW's planner is not thread-safe (only fftw_execute is), and some tests check from several threads.
std::mutex& fftw_planner_mutex()
{
    static std::mutex planner;
    return planner;
}

// One iodim per dimension, slowest first as FFTW lists them (rift's lengths are fastest first), so FFTW's last
// dimension, the one real transforms halve, is rift's fastest. The strides of `in` and `out` are in the units
// FFTW takes for each side (reals or complex elements).
struct FftwShape {
    int rank = 0;
    fftwl_iodim64 dims[3];
    fftwl_iodim64 howmany;
};

FftwShape fftw_shape(const char* caller, const Layout& in, const Layout& out, const Lengths& lengths, size_t batch)
{
    const size_t rank = lengths.size();
    if (rank < 1 || rank > 3 || in.strides.size() != rank || out.strides.size() != rank)
        throw std::invalid_argument(std::string(caller) +
                                    ": 1 to 3 dimensions, one stride per dimension on each side");
    FftwShape shape;
    shape.rank = static_cast<int>(rank);
    for (size_t j = 0; j < rank; ++j) {
        const size_t d = rank - 1 - j;
        shape.dims[j] = {static_cast<ptrdiff_t>(lengths[d]), static_cast<ptrdiff_t>(in.strides[d]),
                         static_cast<ptrdiff_t>(out.strides[d])};
    }
    shape.howmany = {static_cast<ptrdiff_t>(batch), static_cast<ptrdiff_t>(in.distance),
                     static_cast<ptrdiff_t>(out.distance)};
    return shape;
}

// Plans under the planner lock with `make_plan`, runs, and destroys the plan.
template <class MakePlan>
void run_fftw(MakePlan make_plan)
{
    fftwl_plan plan = nullptr;
    {
        std::lock_guard<std::mutex> lock(fftw_planner_mutex());
        plan = make_plan();
    }
    if (plan == nullptr) throw std::runtime_error("FFTW could not plan the reference transform");
    fftwl_execute(plan);
    std::lock_guard<std::mutex> lock(fftw_planner_mutex());
    fftwl_destroy_plan(plan);
}

} // namespace

// FFTW_ESTIMATE plans without touching the arrays; its long double codelets and trigonometric tables are accurate
// to about 1e-18, far below the double bar. FFTW's plans take non-const pointers (and C2R ones overwrite their
// input), so each reference works on a copy of its input. std::complex<long double> is layout-compatible with
// fftwl_complex (C++ [complex.numbers]).

void reference_dft(const std::vector<ReferenceComplex>& input, const Layout& in, std::vector<ReferenceComplex>& output,
                   const Layout& out, const Lengths& lengths, size_t batch, bool inverse)
{
    const FftwShape shape = fftw_shape("reference_dft", in, out, lengths, batch);
    output.assign(out.buffer_elements(lengths, batch), ReferenceComplex(0.0L, 0.0L));
    std::vector<ReferenceComplex> source = input;
    auto* src = reinterpret_cast<fftwl_complex*>(source.data() + in.offset);
    auto* dst = reinterpret_cast<fftwl_complex*>(output.data() + out.offset);
    run_fftw([&] {
        return fftwl_plan_guru64_dft(shape.rank, shape.dims, 1, &shape.howmany, src, dst,
                                     inverse ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
    });
}

void reference_r2c(const std::vector<long double>& input, const Layout& in, std::vector<ReferenceComplex>& output,
                   const Layout& out, const Lengths& lengths, size_t batch)
{
    const FftwShape shape = fftw_shape("reference_r2c", in, out, lengths, batch);
    Lengths complex_lengths = lengths;
    complex_lengths[0] = lengths[0] / 2 + 1;
    output.assign(out.buffer_elements(complex_lengths, batch), ReferenceComplex(0.0L, 0.0L));
    std::vector<long double> source = input;
    long double* src = source.data() + in.offset;
    auto* dst = reinterpret_cast<fftwl_complex*>(output.data() + out.offset);
    run_fftw([&] {
        return fftwl_plan_guru64_dft_r2c(shape.rank, shape.dims, 1, &shape.howmany, src, dst, FFTW_ESTIMATE);
    });
}

void reference_c2r(const std::vector<ReferenceComplex>& input, const Layout& in, std::vector<long double>& output,
                   const Layout& out, const Lengths& lengths, size_t batch)
{
    const FftwShape shape = fftw_shape("reference_c2r", in, out, lengths, batch);
    output.assign(out.buffer_elements(lengths, batch), 0.0L);
    std::vector<ReferenceComplex> source = input;
    auto* src = reinterpret_cast<fftwl_complex*>(source.data() + in.offset);
    long double* dst = output.data() + out.offset;
    run_fftw([&] {
        return fftwl_plan_guru64_dft_c2r(shape.rank, shape.dims, 1, &shape.howmany, src, dst, FFTW_ESTIMATE);
    });
}

void reference_r2r(const std::vector<long double>& input, const Layout& in, std::vector<long double>& output,
                   const Layout& out, const Lengths& lengths, size_t batch, int fftw_kind)
{
    const FftwShape shape = fftw_shape("reference_r2r", in, out, lengths, batch);
    output.assign(out.buffer_elements(lengths, batch), 0.0L);
    std::vector<long double> source = input;
    long double* src = source.data() + in.offset;
    long double* dst = output.data() + out.offset;
    const fftwl_r2r_kind kinds[3] = {fftwl_r2r_kind(fftw_kind), fftwl_r2r_kind(fftw_kind), fftwl_r2r_kind(fftw_kind)};
    run_fftw([&] {
        return fftwl_plan_guru64_r2r(shape.rank, shape.dims, 1, &shape.howmany, src, dst, kinds, FFTW_ESTIMATE);
    });
}

namespace {

// Real and complex values alike as long double complex numbers, for the error metric.
ReferenceComplex as_reference(float value) { return {value, 0.0L}; }
ReferenceComplex as_reference(double value) { return {value, 0.0L}; }
ReferenceComplex as_reference(long double value) { return {value, 0.0L}; }
template <class Real>
ReferenceComplex as_reference(const std::complex<Real>& value)
{
    return {value.real(), value.imag()};
}

} // namespace

template <class Value>
long double relative_error(const std::vector<Value>& actual, const std::vector<Wide<Value>>& expected,
                           const Layout& layout, const Lengths& lengths, size_t batch)
{
    long double worst = 0.0L;
    bool missing = false;
    std::vector<long double> difference(batch, 0.0L);
    std::vector<long double> magnitude(batch, 0.0L);
    for_each_element(layout, lengths, batch, [&](size_t b, size_t, size_t i) {
        const ReferenceComplex a = as_reference(actual[i]);
        const ReferenceComplex e = as_reference(expected[i]);
        if (std::isnan(a.real()) || std::isnan(a.imag())) missing = true;
        difference[b] += std::norm(a - e);
        magnitude[b] += std::norm(e);
    });
    if (missing) return std::numeric_limits<long double>::quiet_NaN();
    for (size_t b = 0; b < batch; ++b) {
        const long double error =
            magnitude[b] > 0.0L ? std::sqrt(difference[b] / magnitude[b]) : std::sqrt(difference[b]);
        if (!(error <= worst)) worst = error; // also carries an infinite error through
    }
    return worst;
}

uint64_t base_seed()
{
    static const uint64_t seed = [] {
        const char* text = std::getenv("RIFT_TEST_SEED");
        return text != nullptr && *text != '\0' ? std::strtoull(text, nullptr, 0) : uint64_t{20240611};
    }();
    return seed;
}

uint64_t case_seed(const std::string& case_name)
{
    uint64_t hash = 1469598103934665603ull; // FNV-1a over the name, then one splitmix64 round with the base
    for (unsigned char c : case_name) hash = (hash ^ c) * 1099511628211ull;
    uint64_t z = hash ^ base_seed();
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

namespace {

template <class Value>
struct IsComplex : std::false_type {};
template <class Real>
struct IsComplex<std::complex<Real>> : std::true_type {};

} // namespace

template <class Value>
void fill_random(std::vector<Value>& buffer, const Layout& layout, const Lengths& lengths, size_t batch,
                 uint64_t seed)
{
    std::mt19937_64 generator(seed);
    if constexpr (IsComplex<Value>::value) {
        std::uniform_real_distribution<typename Value::value_type> uniform(-1, 1);
        for_each_element(layout, lengths, batch, [&](size_t, size_t, size_t i) {
            const auto re = uniform(generator); // real part first: the order is part of the reproducible stream
            buffer[i] = {re, uniform(generator)};
        });
    } else {
        std::uniform_real_distribution<Value> uniform(-1, 1);
        for_each_element(layout, lengths, batch, [&](size_t, size_t, size_t i) { buffer[i] = uniform(generator); });
    }
}

std::vector<bool> layout_mask(size_t elements, const Layout& layout, const Lengths& lengths, size_t batch)
{
    std::vector<bool> mask(elements, false);
    for_each_element(layout, lengths, batch, [&](size_t, size_t, size_t i) { mask[i] = true; });
    return mask;
}

template <class Value>
Value sentinel(size_t position)
{
    // Finite, exactly representable, and different at every position below 2^20.
    if constexpr (IsComplex<Value>::value) {
        using Real = typename Value::value_type;
        return {Real(1000) + Real(position % (1u << 20)), Real(-7.25)};
    } else {
        return Value(1000) + Value(position % (1u << 20));
    }
}

template <class Value>
void poison(std::vector<Value>& buffer, const std::vector<bool>& mask)
{
    Value nan;
    if constexpr (IsComplex<Value>::value) {
        const auto real_nan = std::numeric_limits<typename Value::value_type>::quiet_NaN();
        nan = {real_nan, real_nan};
    } else {
        nan = std::numeric_limits<Value>::quiet_NaN();
    }
    for (size_t i = 0; i < buffer.size(); ++i)
        if (mask[i]) buffer[i] = nan;
}

template <class Value>
void fill_sentinels(std::vector<Value>& buffer, const std::vector<bool>& mask)
{
    for (size_t i = 0; i < buffer.size(); ++i)
        if (!mask[i]) buffer[i] = sentinel<Value>(i);
}

template <class Value>
std::vector<size_t> clobbered_sentinels(const std::vector<Value>& buffer, const std::vector<bool>& mask, size_t limit)
{
    std::vector<size_t> positions;
    for (size_t i = 0; i < buffer.size() && positions.size() < limit; ++i) {
        if (mask[i]) continue;
        const Value expected = sentinel<Value>(i);
        if (std::memcmp(&buffer[i], &expected, sizeof expected) != 0) positions.push_back(i);
    }
    return positions;
}

template <class Value>
std::string stray_writes(const char* which, const std::vector<Value>& buffer, const std::vector<bool>& mask)
{
    const std::vector<size_t> clobbered = clobbered_sentinels(buffer, mask);
    if (clobbered.empty()) return "";
    std::ostringstream text;
    text << "wrote outside its layout in the " << which << " buffer (" << buffer.size() << " elements) at";
    for (size_t position : clobbered) text << ' ' << position;
    return text.str() + "; ";
}

template <class Value>
std::vector<Wide<Value>> widen(const std::vector<Value>& buffer)
{
    std::vector<Wide<Value>> wide(buffer.size());
    for (size_t i = 0; i < buffer.size(); ++i) {
        if constexpr (IsComplex<Value>::value)
            wide[i] = {buffer[i].real(), buffer[i].imag()};
        else
            wide[i] = buffer[i];
    }
    return wide;
}

#define RIFT_INSTANTIATE_REFERENCE(Value)                                                                          \
    template long double relative_error(const std::vector<Value>&, const std::vector<Wide<Value>>&, const Layout&, \
                                        const Lengths&, size_t);                                                  \
    template void fill_random(std::vector<Value>&, const Layout&, const Lengths&, size_t, uint64_t);               \
    template Value sentinel(size_t);                                                                               \
    template void poison(std::vector<Value>&, const std::vector<bool>&);                                           \
    template void fill_sentinels(std::vector<Value>&, const std::vector<bool>&);                                   \
    template std::vector<size_t> clobbered_sentinels(const std::vector<Value>&, const std::vector<bool>&, size_t); \
    template std::string stray_writes(const char*, const std::vector<Value>&, const std::vector<bool>&);           \
    template std::vector<Wide<Value>> widen(const std::vector<Value>&);
RIFT_INSTANTIATE_REFERENCE(float)
RIFT_INSTANTIATE_REFERENCE(double)
RIFT_INSTANTIATE_REFERENCE(std::complex<float>)
RIFT_INSTANTIATE_REFERENCE(std::complex<double>)
#undef RIFT_INSTANTIATE_REFERENCE

} // namespace rift::test
