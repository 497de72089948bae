// One fully resolved benchmark case: what the options leave unset is filled in with rocfft-bench's defaults, so
// the rest of rift-bench (plan, buffers, reference, vendor) works from one complete description.
#pragma once

#include <string>
#include <vector>

#include "rift-bench/layout.h"
#include "rift-bench/options.h"
#include "rift/rift.h"

namespace rift::bench {

struct BenchCase {
    rift_transform_type transform = rift_transform_type_complex_forward;
    rift_precision precision = rift_precision_single;
    rift_result_placement placement = rift_placement_inplace;
    std::vector<size_t> lengths; // of the transform (the real lengths for real transforms), fastest first
    size_t batch = 1;
    double scale = 1.0;
    Layout input;  // the hermitian side of a real transform has lengths[0] / 2 + 1 complex elements
    Layout output;
    // No strides or distances given: both sides contiguous as FFTW's, cuFFT's basic and VkFFT's layouts (offsets
    // aside, which the peers take as pointer offsets).
    bool default_layouts = true;

    bool is_real() const;         // real forward (R2C) or real inverse (C2R)
    bool is_real_to_real() const; // a DCT or DST: real data on both sides, same lengths
    bool is_forward() const; // exp(-2 pi i jk/N)
    bool in_place() const { return placement == rift_placement_inplace; }

    size_t real_size() const; // bytes of one float or double
    size_t input_element_size() const { return real_size() * input.reals_per_element(); }
    size_t output_element_size() const { return real_size() * output.reals_per_element(); }

    // Bytes the buffers must span (in place: one buffer, large enough for both layouts).
    size_t input_buffer_bytes() const;
    size_t output_buffer_bytes() const;
    size_t output_buffer_bytes_of_layout() const; // what the output layout spans, in place too

    // Bytes of data a transform reads and writes once: the logical, packed sizes, without gaps or padding.
    size_t input_data_bytes() const { return input.logical_elements() * input_element_size(); }
    size_t output_data_bytes() const { return output.logical_elements() * output_element_size(); }

    // 5 N log2(N) per complex transform of N points (N the product of the lengths), half for real transforms.
    double flop_count() const;

    std::string transform_label() const; // "complex_forward", ..., "dct2", ...
    std::string precision_label() const; // "single" or "double"
    std::string placement_label() const; // "inplace" or "notinplace"
    std::string lengths_label() const;   // "1024" or "64x64x64", fastest first
};

// Resolves options into a case. Only fills in defaults: out-of-range values (zero lengths, bad strides, ...)
// pass through so that rift reports them.
BenchCase make_case(const Options& options);

} // namespace rift::bench
