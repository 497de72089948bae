// What every accuracy test compares against: the DFT of the same strided batch computed by FFTW in long double,
// the error metric and bars, reproducible random inputs, and the NaN/sentinel fills that catch elements a
// transform forgot to write or wrote but should not have. Shared by the host and GPU tests alike.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rift/rift.h"

namespace rift::test {

// One side of a batched 1D transform, as rift_plan_description_set_data_layout takes it: element n of
// transform b sits at offset + n * stride + b * distance, counted in complex elements.
struct Layout {
    size_t offset = 0;
    size_t stride = 1;
    size_t distance = 0;

    size_t index(size_t n, size_t b) const { return offset + n * stride + b * distance; }
    // Elements a buffer needs so that every index of `batch` transforms of `length` fits.
    size_t buffer_elements(size_t length, size_t batch) const { return index(length - 1, batch - 1) + 1; }
    bool operator==(const Layout& other) const
    {
        return offset == other.offset && stride == other.stride && distance == other.distance;
    }
};

// Unit stride, transforms back to back: what rift assumes without a plan description.
inline Layout contiguous(size_t length) { return Layout{0, 1, length}; }

std::string to_string(const Layout& layout);

// Which lengths rift must support in this version. Every prime factor needs a butterfly (2, 3, 5, 7, 11, 13)
// and the transform must fit one kernel, whose limit follows the device's shared memory: at least
// guaranteed_max_length(), maybe more. Lengths with other prime factors must be refused as not implemented.
enum class Support {
    required, // must plan and match FFTW
    optional, // may be refused as not implemented; if planned, must match FFTW
    refused   // must be refused with rift_status_not_implemented
};
size_t guaranteed_max_length(rift_precision precision);
Support expected_support(size_t length, rift_precision precision);

// The accuracy ceilings: relative L2 error at most 2e-7 (single) or 5e-16 (double) times (1 + log2 N).
double error_bar(rift_precision precision, size_t length);

using ReferenceComplex = std::complex<long double>;

// Unscaled DFT of `batch` transforms of `length`, forward e^{-2 pi i nk/N} or inverse e^{+...}, reading `input`
// through `in` and writing `output` (resized to fit) through `out`; FFTW in long double, on exactly the strided
// layout rift is given. Elements of `output` outside `out` are zero.
void reference_dft(const std::vector<ReferenceComplex>& input, const Layout& in, std::vector<ReferenceComplex>& output,
                   const Layout& out, size_t length, size_t batch, bool inverse);

// Largest, over the transforms of the batch, of ||actual - expected|| / ||expected|| over the elements of that
// transform in `layout`, in long double. NaN (so it fails every bar) when any compared element is NaN; the
// plain L2 norm of actual - expected when expected is all zeros.
template <class Real>
long double relative_error(const std::vector<std::complex<Real>>& actual, const std::vector<ReferenceComplex>& expected,
                           const Layout& layout, size_t length, size_t batch);

// The base of every random seed: RIFT_TEST_SEED from the environment, or a fixed default so CI is reproducible.
uint64_t base_seed();
// A seed for one case: the base seed mixed with the case's name, so every case draws different numbers and a
// failure is reproduced by rerunning with the same RIFT_TEST_SEED.
uint64_t case_seed(const std::string& case_name);

// Fills the elements of `buffer` in `layout` with uniform values in [-1, 1)^2 drawn from `seed`.
template <class Real>
void fill_random(std::vector<std::complex<Real>>& buffer, const Layout& layout, size_t length, size_t batch,
                 uint64_t seed);

// Marks which elements of a buffer of `elements` a layout covers.
std::vector<bool> layout_mask(size_t elements, const Layout& layout, size_t length, size_t batch);

// Elements a transform must leave alone get a sentinel that depends on the position, so a stray write of any
// element value is seen; elements it must write get NaN, so a missed write is seen.
template <class Real>
std::complex<Real> sentinel(size_t position);
template <class Real>
void poison(std::vector<std::complex<Real>>& buffer, const std::vector<bool>& mask);
template <class Real>
void fill_sentinels(std::vector<std::complex<Real>>& buffer, const std::vector<bool>& mask);
// Positions outside `mask` whose value is no longer, bit for bit, the sentinel; at most `limit` of them.
template <class Real>
std::vector<size_t> clobbered_sentinels(const std::vector<std::complex<Real>>& buffer, const std::vector<bool>& mask,
                                        size_t limit = 8);

template <class Real>
std::vector<ReferenceComplex> widen(const std::vector<std::complex<Real>>& buffer);

} // namespace rift::test
