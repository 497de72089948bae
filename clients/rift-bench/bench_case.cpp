#include "rift-bench/bench_case.h"

#include <algorithm>
#include <cmath>

#include "common/checks.h"

namespace rift::bench {

using client::checked_product;
using client::Error;

bool BenchCase::is_real() const
{
    return transform == rift_transform_type_real_forward || transform == rift_transform_type_real_inverse;
}

bool BenchCase::is_real_to_real() const
{
    return transform >= rift_transform_type_dct1 && transform <= rift_transform_type_dst4;
}

bool BenchCase::is_forward() const
{
    return transform == rift_transform_type_complex_forward || transform == rift_transform_type_real_forward;
}

size_t BenchCase::real_size() const { return precision == rift_precision_double ? sizeof(double) : sizeof(float); }

size_t BenchCase::input_buffer_bytes() const
{
    const size_t input_bytes = checked_product(input.span_elements(), input_element_size(), "input buffer bytes");
    if (!in_place()) return input_bytes;
    return std::max(input_bytes, output_buffer_bytes_of_layout());
}

size_t BenchCase::output_buffer_bytes() const { return in_place() ? 0 : output_buffer_bytes_of_layout(); }

size_t BenchCase::output_buffer_bytes_of_layout() const
{
    return checked_product(output.span_elements(), output_element_size(), "output buffer bytes");
}

double BenchCase::flop_count() const
{
    double points = 1;
    for (size_t length : lengths) points *= static_cast<double>(length);
    if (points <= 1) return 0;
    const double complex_flops = 5.0 * points * std::log2(points) * static_cast<double>(batch);
    return is_real() || is_real_to_real() ? complex_flops / 2 : complex_flops;
}

std::string BenchCase::transform_label() const
{
    switch (transform) {
    case rift_transform_type_complex_forward: return "complex_forward";
    case rift_transform_type_complex_inverse: return "complex_inverse";
    case rift_transform_type_real_forward: return "real_forward";
    case rift_transform_type_real_inverse: return "real_inverse";
    case rift_transform_type_dct1: return "dct1";
    case rift_transform_type_dct2: return "dct2";
    case rift_transform_type_dct3: return "dct3";
    case rift_transform_type_dct4: return "dct4";
    case rift_transform_type_dst1: return "dst1";
    case rift_transform_type_dst2: return "dst2";
    case rift_transform_type_dst3: return "dst3";
    case rift_transform_type_dst4: return "dst4";
    }
    return "unknown";
}

std::string BenchCase::precision_label() const { return precision == rift_precision_double ? "double" : "single"; }

std::string BenchCase::placement_label() const { return in_place() ? "inplace" : "notinplace"; }

std::string BenchCase::lengths_label() const
{
    std::string label;
    for (size_t d = 0; d < lengths.size(); ++d) label += (d == 0 ? "" : "x") + std::to_string(lengths[d]);
    return label;
}

namespace {

// What the user said about one side's layout.
struct LayoutRequest {
    const std::vector<size_t>& strides;
    const std::optional<size_t>& distance;
    const std::optional<size_t>& offset;
};

// Fills in one side's layout. `storage` holds the lengths the contiguous default packs the data in: the array
// lengths, except that the real side of an in-place real transform is padded to 2 (N0 / 2 + 1) reals per row,
// so the hermitian result fits in the same rows.
Layout make_layout(const std::vector<size_t>& lengths, const std::vector<size_t>& storage, bool complex,
                   size_t batch, const LayoutRequest& request)
{
    Layout layout;
    layout.lengths = lengths;
    layout.complex = complex;
    layout.batch = batch;
    layout.offset = request.offset.value_or(0);
    if (request.strides.empty()) {
        size_t stride = 1;
        for (size_t d = 0; d < storage.size(); ++d) {
            layout.strides.push_back(stride);
            if (d + 1 < storage.size()) stride = checked_product(stride, storage[d], "default strides of the lengths");
        }
    } else {
        if (request.strides.size() != lengths.size()) {
            throw Error("give one stride per length (" + std::to_string(lengths.size()) + ")");
        }
        layout.strides = request.strides;
    }
    // Default distance: just past the furthest reach of one array along any dimension.
    size_t reach = 0;
    for (size_t d = 0; d < storage.size(); ++d)
        reach = std::max(reach, checked_product(layout.strides[d], storage[d], "default distance"));
    layout.distance = request.distance.value_or(reach);
    return layout;
}

size_t choose_batch(const Options& options, size_t input_bytes_per_transform)
{
    if (options.batch) return *options.batch;
    if (!options.batch_for_bytes) return 1;
    if (*options.batch_for_bytes < input_bytes_per_transform)
        throw Error("--batch-for-bytes " + std::to_string(*options.batch_for_bytes) +
                    " is less than one transform's input (" + std::to_string(input_bytes_per_transform) + " bytes)");
    return *options.batch_for_bytes / input_bytes_per_transform;
}

} // namespace

BenchCase make_case(const Options& options)
{
    if (options.lengths.empty() || options.lengths.size() > 3) throw Error("give 1 to 3 lengths");

    BenchCase c;
    c.transform = options.transform;
    c.precision = options.precision;
    c.placement = options.placement;
    c.lengths = options.lengths;
    c.scale = options.scale;
    c.default_layouts = options.in_strides.empty() && options.out_strides.empty() && !options.in_distance &&
                        !options.out_distance;

    // The complex side of a real transform holds N0 / 2 + 1 elements along the fastest dimension.
    std::vector<size_t> hermitian = c.lengths;
    hermitian[0] = c.lengths[0] / 2 + 1;
    std::vector<size_t> padded_real = c.lengths;
    padded_real[0] = 2 * hermitian[0];

    const bool real_input = c.transform == rift_transform_type_real_forward || c.is_real_to_real();
    const bool real_output = c.transform == rift_transform_type_real_inverse || c.is_real_to_real();
    const std::vector<size_t>& input_lengths = c.transform == rift_transform_type_real_inverse ? hermitian : c.lengths;
    const std::vector<size_t>& output_lengths = c.transform == rift_transform_type_real_forward ? hermitian : c.lengths;
    const bool padded_rows = c.is_real() && c.in_place();
    const std::vector<size_t>& input_storage = real_input && padded_rows ? padded_real : input_lengths;
    const std::vector<size_t>& output_storage = real_output && padded_rows ? padded_real : output_lengths;

    size_t input_bytes_per_transform = c.real_size() * (real_input ? 1 : 2);
    for (size_t length : input_lengths)
        input_bytes_per_transform = checked_product(input_bytes_per_transform, length, "one transform's input bytes");
    c.batch = choose_batch(options, input_bytes_per_transform);

    c.input = make_layout(input_lengths, input_storage, !real_input, c.batch,
                          {options.in_strides, options.in_distance, options.in_offset});

    // In place, a complex or real-to-real transform writes where it reads: the output layout is the input one, save
    // for what the user sets. (A real transform's two sides differ in element type, so each keeps its own defaults.)
    const bool output_follows_input = c.in_place() && !c.is_real();
    const std::vector<size_t>& out_strides =
        output_follows_input && options.out_strides.empty() ? c.input.strides : options.out_strides;
    const std::optional<size_t> out_distance =
        output_follows_input && !options.out_distance ? std::optional<size_t>(c.input.distance) : options.out_distance;
    const std::optional<size_t> out_offset =
        output_follows_input && !options.out_offset ? std::optional<size_t>(c.input.offset) : options.out_offset;
    c.output = make_layout(output_lengths, output_storage, !real_output, c.batch,
                           {out_strides, out_distance, out_offset});
    return c;
}

} // namespace rift::bench
