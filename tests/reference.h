// What every accuracy test compares against: the DFT of the same strided batch computed by FFTW in long double
// (complex, or real R2C / C2R), the error metric and bars, reproducible random inputs, and the NaN/sentinel fills
// that catch elements a transform forgot to write or wrote but should not have. Shared by the host and GPU tests
// alike, for complex buffers and real ones.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "rift/rift.h"

namespace rift::test {

// The lengths of one transform, fastest-varying dimension first (as rift_plan_create takes them).
using Lengths = std::vector<size_t>;

// Elements of one transform: the product of its lengths.
size_t element_count(const Lengths& lengths);

// One side of a batched transform, as rift_plan_description_set_data_layout takes it: element (n0, n1, ...) of
// transform b sits at offset + n0 * strides[0] + n1 * strides[1] + ... + b * distance, counted in complex
// elements. One stride per dimension, fastest first; {offset, stride, distance} makes a 1D layout.
struct Layout {
    size_t offset = 0;
    std::vector<size_t> strides{1};
    size_t distance = 0;

    Layout() = default;
    Layout(size_t offset, size_t stride, size_t distance) : offset(offset), strides{stride}, distance(distance) {}
    Layout(size_t offset, std::vector<size_t> strides, size_t distance)
        : offset(offset), strides(std::move(strides)), distance(distance)
    {
    }

    // Element `position` (one index per dimension, fastest first) of transform b.
    size_t index(const size_t* position, size_t b) const
    {
        size_t i = offset + b * distance;
        for (size_t d = 0; d < strides.size(); ++d) i += position[d] * strides[d];
        return i;
    }
    // Elements a buffer needs so that every index of `batch` transforms of `lengths` fits.
    size_t buffer_elements(const Lengths& lengths, size_t batch) const;
    bool operator==(const Layout& other) const
    {
        return offset == other.offset && strides == other.strides && distance == other.distance;
    }
};

// Unit stride along the fastest dimension, each dimension right after the previous one, transforms back to
// back: what rift assumes without a plan description.
Layout contiguous(const Lengths& lengths);
inline Layout contiguous(size_t length) { return contiguous(Lengths{length}); }

// Strides of a layout of `lengths` whose dimension 0 steps by `element_stride` and whose dimension d > 0 steps
// past the extent of dimension d - 1 by `pad` + d - 1 elements (a row pitch longer than the row); transforms
// `gap` elements apart past the extent of the last dimension.
Layout padded(const Lengths& lengths, size_t offset, size_t element_stride, size_t pad, size_t gap);

// Element n of transform b at n * batch + b: the contiguous layout with the batch as its fastest axis.
Layout interleaved(const Lengths& lengths, size_t batch);

// Calls visit(b, n, index) for every element of `batch` transforms of `lengths` in `layout`: transform by
// transform, n counting the elements of one transform with the fastest dimension varying fastest.
template <class Visit>
void for_each_element(const Layout& layout, const Lengths& lengths, size_t batch, Visit visit)
{
    const size_t dimensions = lengths.size();
    const size_t count = element_count(lengths);
    std::vector<size_t> position(dimensions, 0);
    for (size_t b = 0; b < batch; ++b) {
        size_t index = layout.offset + b * layout.distance;
        for (size_t n = 0; n < count; ++n) {
            visit(b, n, index);
            // Step the odometer: the fastest dimension first, carrying into the slower ones.
            for (size_t d = 0; d < dimensions; ++d) {
                index += layout.strides[d];
                if (++position[d] < lengths[d]) break;
                index -= lengths[d] * layout.strides[d];
                position[d] = 0;
            }
        }
    }
}

std::string to_string(const Layout& layout);

// Which shapes rift must support in this version: every length. Lengths whose prime factors all have butterflies
// (2, 3, 5, 7, 11, 13) are split into row/column passes beyond one kernel, so any such shape is required up to
// guaranteed_max_length() elements a transform (beyond it, device memory may run out first). Other lengths take
// Bluestein's algorithm, whose padded data and work buffer take about eight times the transform's size: required
// up to a sixteenth of that.
bool has_large_prime_factor(size_t length); // a prime factor above 13
enum class Support {
    required, // must plan and match FFTW
    optional, // may be refused as not implemented; if planned, must match FFTW
    refused   // must be refused with rift_status_not_implemented (none yet but empty shapes)
};
size_t guaranteed_max_length(rift_precision precision);
Support expected_support(const Lengths& lengths, rift_precision precision);
inline Support expected_support(size_t length, rift_precision precision)
{
    return expected_support(Lengths{length}, precision);
}

// The accuracy ceilings: relative L2 error at most 2e-7 (single) or 5e-16 (double) times (1 + log2 N), N the
// number of elements of one transform (the product of its lengths); four times that when a length takes
// Bluestein's algorithm (a prime factor above 13).
double error_bar(rift_precision precision, const Lengths& lengths);

using ReferenceComplex = std::complex<long double>;

// Unscaled DFT of `batch` transforms of `lengths` (1 to 3 dimensions), forward e^{-2 pi i nk/N} or inverse
// e^{+...} along every dimension, reading `input` through `in` and writing `output` (resized to fit) through
// `out`; FFTW in long double, on exactly the strided layout rift is given. Elements of `output` outside `out`
// are zero.
void reference_dft(const std::vector<ReferenceComplex>& input, const Layout& in, std::vector<ReferenceComplex>& output,
                   const Layout& out, const Lengths& lengths, size_t batch, bool inverse);

// Real transforms: R2C (real input, forward) of `batch` transforms of `lengths` (the real data's lengths),
// reading reals through `in` (counted in reals) and writing the N0/2 + 1 non-redundant complex elements along
// the fastest dimension through `out` (counted in complex elements); C2R (unnormalised, e^{+...}) the other way.
// FFTW in long double on exactly the strided layouts rift is given; elements of `output` outside `out` are zero.
// C2R reads a hermitian spectrum: what it makes of one that is not is FFTW's business.
void reference_r2c(const std::vector<long double>& input, const Layout& in, std::vector<ReferenceComplex>& output,
                   const Layout& out, const Lengths& lengths, size_t batch);
void reference_c2r(const std::vector<ReferenceComplex>& input, const Layout& in, std::vector<long double>& output,
                   const Layout& out, const Lengths& lengths, size_t batch);

// Real-to-real transforms (FFTW's r2r kinds, e.g. FFTW_REDFT10 for DCT-II, as fftw_r2r_kind values), the same
// kind along every dimension, reals in and out through `in` and `out`; FFTW in long double on exactly those
// layouts. Elements of `output` outside `out` are zero.
void reference_r2r(const std::vector<long double>& input, const Layout& in, std::vector<long double>& output,
                   const Layout& out, const Lengths& lengths, size_t batch, int fftw_kind);

// The element types of the buffers tests hand to rift: float or double for real data, std::complex of them for
// complex data. Wide<Value> is its long double counterpart, what references compute in.
template <class Value>
struct Widened {
    using type = long double;
};
template <class Real>
struct Widened<std::complex<Real>> {
    using type = ReferenceComplex;
};
template <class Value>
using Wide = typename Widened<Value>::type;

// Largest, over the transforms of the batch, of ||actual - expected|| / ||expected|| over all the elements of
// that transform (every dimension) in `layout`, in long double. NaN (so it fails every bar) when any compared
// element is NaN; the plain L2 norm of actual - expected when expected is all zeros.
template <class Value>
long double relative_error(const std::vector<Value>& actual, const std::vector<Wide<Value>>& expected,
                           const Layout& layout, const Lengths& lengths, size_t batch);

// The base of every random seed: RIFT_TEST_SEED from the environment, or a fixed default so CI is reproducible.
uint64_t base_seed();
// A seed for one case: the base seed mixed with the case's name, so every case draws different numbers and a
// failure is reproduced by rerunning with the same RIFT_TEST_SEED.
uint64_t case_seed(const std::string& case_name);

// Fills the elements of `buffer` in `layout` with uniform values in [-1, 1) (both parts, for complex ones)
// drawn from `seed`.
template <class Value>
void fill_random(std::vector<Value>& buffer, const Layout& layout, const Lengths& lengths, size_t batch,
                 uint64_t seed);

// Marks which elements of a buffer of `elements` a layout covers.
std::vector<bool> layout_mask(size_t elements, const Layout& layout, const Lengths& lengths, size_t batch);

// Elements a transform must leave alone get a sentinel that depends on the position, so a stray write of any
// element value is seen; elements it must write get NaN, so a missed write is seen.
template <class Value>
Value sentinel(size_t position);
template <class Value>
void poison(std::vector<Value>& buffer, const std::vector<bool>& mask);
template <class Value>
void fill_sentinels(std::vector<Value>& buffer, const std::vector<bool>& mask);
// Positions outside `mask` whose value is no longer, bit for bit, the sentinel; at most `limit` of them.
template <class Value>
std::vector<size_t> clobbered_sentinels(const std::vector<Value>& buffer, const std::vector<bool>& mask,
                                        size_t limit = 8);
// clobbered_sentinels as a failure message naming the buffer ("wrote outside its layout in the <which> buffer
// ... at <positions>; "), or "" when every sentinel is intact.
template <class Value>
std::string stray_writes(const char* which, const std::vector<Value>& buffer, const std::vector<bool>& mask);

template <class Value>
std::vector<Wide<Value>> widen(const std::vector<Value>& buffer);

} // namespace rift::test
