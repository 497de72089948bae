#include "tests/reference.h"

#include <fftw3.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <random>
#include <sstream>
#include <stdexcept>

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

Support expected_support(const Lengths& lengths, rift_precision precision)
{
    for (size_t length : lengths) {
        if (length == 0) return Support::refused;
        size_t rest = length;
        for (size_t prime : {2, 3, 5, 7, 11, 13})
            while (rest % prime == 0) rest /= prime;
        if (rest != 1) return Support::refused;
    }
    return element_count(lengths) <= guaranteed_max_length(precision) ? Support::required : Support::optional;
}

double error_bar(rift_precision precision, size_t elements)
{
    const double per_level = precision == rift_precision_double ? 5e-16 : 2e-7;
    return per_level * (1.0 + std::log2(static_cast<double>(elements)));
}

void reference_dft(const std::vector<ReferenceComplex>& input, const Layout& in, std::vector<ReferenceComplex>& output,
                   const Layout& out, const Lengths& lengths, size_t batch, bool inverse)
{
    const size_t rank = lengths.size();
    if (rank < 1 || rank > 3 || in.strides.size() != rank || out.strides.size() != rank)
        throw std::invalid_argument("reference_dft: 1 to 3 dimensions, one stride per dimension on each side");
    output.assign(out.buffer_elements(lengths, batch), ReferenceComplex(0.0L, 0.0L));
    // FFTW may not write to its input, but its plan takes a non-const pointer; work on a copy.
    std::vector<ReferenceComplex> source = input;
    // One iodim per dimension, slowest first as FFTW lists them (rift's lengths are fastest first). The
    // multi-dimensional DFT is the same whatever the order; this one is FFTW's row-major habit.
    fftwl_iodim64 dims[3];
    for (size_t j = 0; j < rank; ++j) {
        const size_t d = rank - 1 - j;
        dims[j] = {static_cast<ptrdiff_t>(lengths[d]), static_cast<ptrdiff_t>(in.strides[d]),
                   static_cast<ptrdiff_t>(out.strides[d])};
    }
    const fftwl_iodim64 howmany{static_cast<ptrdiff_t>(batch), static_cast<ptrdiff_t>(in.distance),
                                static_cast<ptrdiff_t>(out.distance)};
    // std::complex<long double> is layout-compatible with fftwl_complex (C++ [complex.numbers]).
    auto* src = reinterpret_cast<fftwl_complex*>(source.data() + in.offset);
    auto* dst = reinterpret_cast<fftwl_complex*>(output.data() + out.offset);
    // FFTW_ESTIMATE plans without touching the arrays; its long double codelets and trigonometric tables are
    // accurate to about 1e-18, far below the double bar.
    // FFTW's planner is not thread-safe (only fftw_execute is), and some tests check from several threads.
    static std::mutex planner;
    fftwl_plan plan = nullptr;
    {
        std::lock_guard<std::mutex> lock(planner);
        plan = fftwl_plan_guru64_dft(static_cast<int>(rank), dims, 1, &howmany, src, dst,
                                     inverse ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
    }
    if (plan == nullptr) throw std::runtime_error("FFTW could not plan the reference transform");
    fftwl_execute(plan);
    std::lock_guard<std::mutex> lock(planner);
    fftwl_destroy_plan(plan);
}

template <class Real>
long double relative_error(const std::vector<std::complex<Real>>& actual, const std::vector<ReferenceComplex>& expected,
                           const Layout& layout, const Lengths& lengths, size_t batch)
{
    long double worst = 0.0L;
    bool missing = false;
    std::vector<long double> difference(batch, 0.0L);
    std::vector<long double> magnitude(batch, 0.0L);
    for_each_element(layout, lengths, batch, [&](size_t b, size_t, size_t i) {
        const ReferenceComplex a(actual[i].real(), actual[i].imag());
        if (std::isnan(a.real()) || std::isnan(a.imag())) missing = true;
        difference[b] += std::norm(a - expected[i]);
        magnitude[b] += std::norm(expected[i]);
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

template <class Real>
void fill_random(std::vector<std::complex<Real>>& buffer, const Layout& layout, const Lengths& lengths,
                 size_t batch, uint64_t seed)
{
    std::mt19937_64 generator(seed);
    std::uniform_real_distribution<Real> uniform(Real(-1), Real(1));
    for_each_element(layout, lengths, batch, [&](size_t, size_t, size_t i) {
        const Real re = uniform(generator);
        buffer[i] = {re, uniform(generator)};
    });
}

std::vector<bool> layout_mask(size_t elements, const Layout& layout, const Lengths& lengths, size_t batch)
{
    std::vector<bool> mask(elements, false);
    for_each_element(layout, lengths, batch, [&](size_t, size_t, size_t i) { mask[i] = true; });
    return mask;
}

template <class Real>
std::complex<Real> sentinel(size_t position)
{
    // Finite, exactly representable, and different at every position below 2^20.
    return {Real(1000) + Real(position % (1u << 20)), Real(-7.25)};
}

template <class Real>
void poison(std::vector<std::complex<Real>>& buffer, const std::vector<bool>& mask)
{
    const Real nan = std::numeric_limits<Real>::quiet_NaN();
    for (size_t i = 0; i < buffer.size(); ++i)
        if (mask[i]) buffer[i] = {nan, nan};
}

template <class Real>
void fill_sentinels(std::vector<std::complex<Real>>& buffer, const std::vector<bool>& mask)
{
    for (size_t i = 0; i < buffer.size(); ++i)
        if (!mask[i]) buffer[i] = sentinel<Real>(i);
}

template <class Real>
std::vector<size_t> clobbered_sentinels(const std::vector<std::complex<Real>>& buffer, const std::vector<bool>& mask,
                                        size_t limit)
{
    std::vector<size_t> positions;
    for (size_t i = 0; i < buffer.size() && positions.size() < limit; ++i) {
        if (mask[i]) continue;
        const std::complex<Real> expected = sentinel<Real>(i);
        if (std::memcmp(&buffer[i], &expected, sizeof expected) != 0) positions.push_back(i);
    }
    return positions;
}

template <class Real>
std::vector<ReferenceComplex> widen(const std::vector<std::complex<Real>>& buffer)
{
    std::vector<ReferenceComplex> wide(buffer.size());
    for (size_t i = 0; i < buffer.size(); ++i) wide[i] = {buffer[i].real(), buffer[i].imag()};
    return wide;
}

#define RIFT_INSTANTIATE_REFERENCE(Real)                                                                          \
    template long double relative_error(const std::vector<std::complex<Real>>&, const std::vector<ReferenceComplex>&, \
                                        const Layout&, const Lengths&, size_t);                                  \
    template void fill_random(std::vector<std::complex<Real>>&, const Layout&, const Lengths&, size_t, uint64_t); \
    template std::complex<Real> sentinel(size_t);                                                                 \
    template void poison(std::vector<std::complex<Real>>&, const std::vector<bool>&);                             \
    template void fill_sentinels(std::vector<std::complex<Real>>&, const std::vector<bool>&);                     \
    template std::vector<size_t> clobbered_sentinels(const std::vector<std::complex<Real>>&,                       \
                                                     const std::vector<bool>&, size_t);                           \
    template std::vector<ReferenceComplex> widen(const std::vector<std::complex<Real>>&);
RIFT_INSTANTIATE_REFERENCE(float)
RIFT_INSTANTIATE_REFERENCE(double)
#undef RIFT_INSTANTIATE_REFERENCE

} // namespace rift::test
