#include "library/plan/problem.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>

#include "library/core/error.h"
#include "library/plan/byte_extent.h"

namespace rift {

namespace {

// A length this large can only be a negative number cast to size_t; refusing it keeps index arithmetic exact.
constexpr size_t kLargestLength = size_t(1) << 40;

const char* to_string(rift_array_type type)
{
    switch (type) {
    case rift_array_type_complex_interleaved: return "complex interleaved";
    case rift_array_type_complex_planar: return "complex planar";
    case rift_array_type_real: return "real";
    case rift_array_type_hermitian_interleaved: return "hermitian interleaved";
    case rift_array_type_unset: return "unset";
    }
    return "unknown";
}

// The array type `type` given for one side, which must be `wanted` (or unset, which means it).
rift_status check_array_type(rift_array_type type, rift_array_type wanted, const char* which, const char* transform)
{
    if (type == rift_array_type_unset || type == wanted) return rift_status_success;
    if (type == rift_array_type_complex_planar && wanted == rift_array_type_complex_interleaved)
        return fail(rift_status_not_implemented, which, " array type complex planar is not implemented yet");
    return fail(rift_status_invalid_array_type, which, " array type ", to_string(type), " does not fit a ",
                transform, " transform (it takes ", to_string(wanted), ")");
}

// `lengths` are the elements one transform addresses along each dimension; the contiguous default packs them
// into `storage` (longer than `lengths` only for the padded real side of an in-place real transform).
// `element_bytes` is the size of what the side counts in: a complex element, or a real on the real side.
rift_status make_layout(const std::vector<size_t>& lengths, const std::vector<size_t>& storage, size_t batch,
                        size_t element_bytes, size_t offset, const std::vector<size_t>& requested_strides,
                        size_t requested_distance, const char* which, Layout& layout)
{
    const std::string side = which;
    layout.offset = offset;
    if (requested_strides.empty()) {
        // The contiguous default: each stride is the product of the storage before it, and one transform's
        // storage must be addressable.
        layout.strides.resize(lengths.size());
        unsigned __int128 stride = 1;
        for (size_t d = 0; d < lengths.size(); ++d) {
            layout.strides[d] = size_t(stride);
            stride *= storage[d]; // each factor is below 2^42: no wrap within three dimensions
        }
        if (stride * element_bytes > kLargestByteOffset) {
            std::ostringstream shape;
            for (size_t d = 0; d < lengths.size(); ++d) shape << (d == 0 ? "" : " x ") << storage[d];
            return fail(rift_status_invalid_length, "one ", side, " transform of ", shape.str(), " elements of ",
                        element_bytes, " bytes is larger than the largest byte offset a buffer can be addressed "
                        "at (2^63 - 1)");
        }
    } else if (requested_strides.size() != lengths.size()) {
        return fail(rift_status_invalid_stride, which, " strides: ", requested_strides.size(),
                    " given for ", lengths.size(), " dimensions");
    } else {
        layout.strides = requested_strides;
    }
    for (size_t d = 0; d < lengths.size(); ++d)
        if (layout.strides[d] == 0) return fail(rift_status_invalid_stride, which, " stride ", d, " is zero");

    std::vector<ExtentAxis> axes;
    for (size_t d = 0; d < lengths.size(); ++d)
        axes.push_back({lengths[d], layout.strides[d], side + " stride " + std::to_string(d)});
    if (requested_distance != 0) {
        layout.distance = requested_distance;
    } else {
        // Contiguous default: the next transform starts just past the furthest reach of this one.
        unsigned __int128 extent = 0;
        for (size_t d = 0; d < lengths.size(); ++d)
            extent = std::max(extent, (unsigned __int128)storage[d] * layout.strides[d]);
        if (extent * element_bytes > kLargestByteOffset && batch > 1)
            return fail(rift_status_invalid_stride, "the ", side, " strides make the default distance between "
                        "transforms (one past the furthest element of one) larger than the largest byte offset a "
                        "buffer can be addressed at (2^63 - 1)");
        layout.distance = extent * element_bytes > kLargestByteOffset ? 0 : size_t(extent);
    }
    axes.push_back({batch, layout.distance, side + " distance", rift_status_invalid_distance, "transforms"});
    return check_byte_extent(element_bytes, offset, (side + " offset").c_str(), axes);
}

// True when no two (index, batch) pairs map to one element. Sufficient test: sorted by stride, each stride must
// step past everything the smaller ones span. This accepts contiguous, padded and interleaved batches; exotic
// injective layouts that are not nested this way are refused too, which the status message says.
bool layout_is_one_to_one(const std::vector<size_t>& lengths, size_t batch, const Layout& layout)
{
    std::vector<std::pair<size_t, size_t>> axes; // (stride, length)
    for (size_t d = 0; d < lengths.size(); ++d)
        if (lengths[d] > 1) axes.emplace_back(layout.strides[d], lengths[d]);
    if (batch > 1) axes.emplace_back(layout.distance, batch);
    std::sort(axes.begin(), axes.end());
    unsigned __int128 spanned = 0; // largest index reachable with the smaller axes
    for (const auto& [stride, length] : axes) {
        if (stride <= spanned) return false;
        spanned += (unsigned __int128)stride * (length - 1);
    }
    return true;
}

// In place, a real transform's two sides must be the same rows in bytes: unit stride along the fastest dimension
// on both, and everything else on the real side (counted in reals) twice the hermitian side's (in complex
// elements). Each transform then reads and writes only its own rows, which one block does safely.
// The distance plays no part in one transform (as in cuFFT and rocFFT), so in place it need not match then.
bool real_in_place_layouts_match(const Layout& real_side, const Layout& hermitian_side, size_t batch)
{
    if (real_side.strides[0] != 1 || hermitian_side.strides[0] != 1) return false;
    if (real_side.offset != 2 * hermitian_side.offset) return false;
    if (batch > 1 && real_side.distance != 2 * hermitian_side.distance) return false;
    for (size_t d = 1; d < real_side.strides.size(); ++d)
        if (real_side.strides[d] != 2 * hermitian_side.strides[d]) return false;
    return true;
}

// The real-to-real kind a transform type names, if it names one.
std::optional<kernels::RealToRealKind> real_to_real_kind(rift_transform_type type)
{
    using kernels::RealToRealKind;
    switch (type) {
    case rift_transform_type_dct1: return RealToRealKind::dct1;
    case rift_transform_type_dct2: return RealToRealKind::dct2;
    case rift_transform_type_dct3: return RealToRealKind::dct3;
    case rift_transform_type_dct4: return RealToRealKind::dct4;
    case rift_transform_type_dst1: return RealToRealKind::dst1;
    case rift_transform_type_dst2: return RealToRealKind::dst2;
    case rift_transform_type_dst3: return RealToRealKind::dst3;
    case rift_transform_type_dst4: return RealToRealKind::dst4;
    default: return std::nullopt;
    }
}

bool complex_in_place_layouts_match(const Layout& input, const Layout& output, size_t batch)
{
    return input.offset == output.offset && input.strides == output.strides &&
           (batch == 1 || input.distance == output.distance);
}

} // namespace

std::vector<size_t> TransformProblem::complex_lengths() const
{
    std::vector<size_t> complex = lengths;
    if (real) complex[0] = lengths[0] / 2 + 1;
    return complex;
}

std::string to_string(const Layout& layout)
{
    std::ostringstream text;
    text << "(offset " << layout.offset << " strides";
    for (size_t stride : layout.strides) text << ' ' << stride;
    text << " distance " << layout.distance << ')';
    return text.str();
}

rift_status make_transform_problem(rift_result_placement placement, rift_transform_type type,
                                   rift_precision precision, size_t dimensions, const size_t* lengths,
                                   size_t number_of_transforms, const LayoutRequest& request,
                                   TransformProblem& problem)
{
    if (lengths == nullptr) return fail(rift_status_null_argument, "lengths is NULL");
    if (dimensions < 1 || dimensions > 3)
        return fail(rift_status_invalid_dimensions, "dimensions is ", dimensions, "; rift supports 1 to 3");
    for (size_t d = 0; d < dimensions; ++d) {
        if (lengths[d] == 0) return fail(rift_status_invalid_length, "length ", d, " is zero");
        if (lengths[d] > kLargestLength)
            return fail(rift_status_invalid_length, "length ", d, " is ", lengths[d],
                        ", beyond 2^40 (a negative value passed as size_t?)");
    }
    if (number_of_transforms == 0) return fail(rift_status_invalid_batch, "number_of_transforms is zero");
    if (placement != rift_placement_inplace && placement != rift_placement_notinplace)
        return fail(rift_status_invalid_array_type, "placement ", int(placement), " is not a rift_result_placement");

    const char* transform = nullptr;
    switch (type) {
    case rift_transform_type_complex_forward:
    case rift_transform_type_complex_inverse: transform = "complex-to-complex"; break;
    case rift_transform_type_real_forward: transform = "real forward (R2C)"; break;
    case rift_transform_type_real_inverse: transform = "real inverse (C2R)"; break;
    default:
        if (!real_to_real_kind(type))
            return fail(rift_status_invalid_array_type, "transform type ", int(type), " is not a rift_transform_type");
        transform = "real-to-real";
    }
    const std::optional<kernels::RealToRealKind> real_to_real = real_to_real_kind(type);
    if (real_to_real == kernels::RealToRealKind::dct1)
        for (size_t d = 0; d < dimensions; ++d)
            if (lengths[d] < 2)
                return fail(rift_status_invalid_length, "length ", d, " is 1; a DCT-I takes at least 2 points");
    switch (precision) {
    case rift_precision_single:
    case rift_precision_double: break;
    case rift_precision_half: return fail(rift_status_not_implemented, "half precision is not implemented yet");
    default: return fail(rift_status_invalid_array_type, "precision ", int(precision), " is not a rift_precision");
    }
    const bool real = type == rift_transform_type_real_forward || type == rift_transform_type_real_inverse;
    const bool forward = type != rift_transform_type_complex_inverse && type != rift_transform_type_real_inverse;
    const rift_array_type real_or_complex =
        real || real_to_real ? rift_array_type_real : rift_array_type_complex_interleaved;
    const rift_array_type hermitian_or_complex = real           ? rift_array_type_hermitian_interleaved
                                                 : real_to_real ? rift_array_type_real
                                                                : rift_array_type_complex_interleaved;
    RIFT_RETURN_IF_FAILED(check_array_type(request.input_type, forward ? real_or_complex : hermitian_or_complex,
                                           "input", transform));
    RIFT_RETURN_IF_FAILED(check_array_type(request.output_type, forward ? hermitian_or_complex : real_or_complex,
                                           "output", transform));
    if (!std::isfinite(request.scale)) return fail(rift_status_invalid_scale, "scale factor is not finite");
    if (precision == rift_precision_single && std::fabs(request.scale) > double(std::numeric_limits<float>::max()))
        return fail(rift_status_invalid_scale, "scale factor ", request.scale,
                    " is beyond the range of single precision (about 3.4e38)");

    TransformProblem made;
    made.lengths.assign(lengths, lengths + dimensions);
    made.batch = number_of_transforms;
    made.real = real;
    made.real_to_real = real_to_real;
    made.direction = forward ? Direction::forward : Direction::inverse;
    made.precision = precision == rift_precision_single ? Precision::single : Precision::double_;
    made.in_place = placement == rift_placement_inplace;
    made.scale = request.scale;
    // The real side of an in-place real transform is padded to 2 (N0 / 2 + 1) reals a row by default, so that
    // the N0 / 2 + 1 complex results fit in the same rows.
    const std::vector<size_t> complex_lengths = made.complex_lengths();
    std::vector<size_t> padded_real = made.lengths;
    padded_real[0] = 2 * complex_lengths[0];
    const std::vector<size_t>& real_storage = made.in_place ? padded_real : made.lengths;
    const std::vector<size_t>& input_lengths = made.real_output() ? complex_lengths : made.lengths;
    const std::vector<size_t>& output_lengths = made.real_input() ? complex_lengths : made.lengths;
    const size_t complex_bytes = made.element_bytes(), real_bytes = complex_bytes / 2;
    const size_t input_bytes = made.real_input() || real_to_real ? real_bytes : complex_bytes;
    const size_t output_bytes = made.real_output() || real_to_real ? real_bytes : complex_bytes;
    RIFT_RETURN_IF_FAILED(make_layout(input_lengths, made.real_input() ? real_storage : input_lengths, made.batch,
                                      input_bytes, request.input_offset,
                                      request.input_strides, request.input_distance, "input", made.input));
    RIFT_RETURN_IF_FAILED(make_layout(output_lengths, made.real_output() ? real_storage : output_lengths,
                                      made.batch, output_bytes,
                                      request.output_offset, request.output_strides, request.output_distance,
                                      "output", made.output));
    // Layouts that differ in place are taken where the plan can read the whole input before writing any output:
    // multi-dimensional transforms, through the work buffer. One dimension is one pass, which cannot.
    const bool several_dimensions = made.lengths.size() > 1;
    if (made.in_place && !real && !complex_in_place_layouts_match(made.input, made.output, made.batch)) {
        if (!several_dimensions)
            return fail(rift_status_in_place_layout_mismatch, "in-place 1D transform with input layout ",
                        to_string(made.input), " but output layout ", to_string(made.output),
                        "; in place in 1D, both must be the same (the distance only where there are several "
                        "transforms)");
        made.in_place_layouts_differ = true;
    }
    if (made.in_place && real) {
        const Layout& real_side = made.real_input() ? made.input : made.output;
        const Layout& hermitian_side = made.real_input() ? made.output : made.input;
        if (!real_in_place_layouts_match(real_side, hermitian_side, made.batch)) {
            if (!several_dimensions)
                return fail(rift_status_in_place_layout_mismatch, "in-place 1D real transform with real layout ",
                            to_string(real_side), " (in reals) and hermitian layout ", to_string(hermitian_side),
                            " (in complex elements); in place in 1D, both need unit stride and the real side's "
                            "offset and distance (with several transforms) twice the hermitian side's");
            made.in_place_layouts_differ = true;
        }
    }
    if (!layout_is_one_to_one(output_lengths, made.batch, made.output))
        return fail(rift_status_overlapping_output, "output layout ", to_string(made.output),
                    " writes some element twice (or is not nested: each stride, sorted, must pass the span of "
                    "the smaller ones)");
    problem = std::move(made);
    return rift_status_success;
}

} // namespace rift
