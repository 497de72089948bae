// rift's rocFFT front (rocfft_front_internal.h says what it decides): plan descriptions, fields and bricks, and
// rocFFT's layout rules (defaults, array types, in-place refusals), which plan creation in
// rocfft_front_plans.cpp applies to a description's layout.
#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "library/fronts/rocfft_front_internal.h"
#include "rocfft/rocfft.h"

struct rocfft_brick_t {
    std::vector<size_t> lower, upper, stride;
    int device = 0;
};

struct rocfft_field_t {
    std::vector<rocfft_brick_t> bricks;
};

namespace rift::rocfft_front {

bool is_planar(int type)
{
    return type == rocfft_array_type_complex_planar || type == rocfft_array_type_hermitian_planar;
}

const char* array_type_name(int type)
{
    switch (type) {
    case rocfft_array_type_complex_interleaved: return "complex interleaved";
    case rocfft_array_type_complex_planar: return "complex planar";
    case rocfft_array_type_real: return "real";
    case rocfft_array_type_hermitian_interleaved: return "hermitian interleaved";
    case rocfft_array_type_hermitian_planar: return "hermitian planar";
    case rocfft_array_type_unset: return "unset";
    }
    return "not a rocfft_array_type";
}

const char* transform_type_name(rocfft_transform_type type)
{
    switch (type) {
    case rocfft_transform_type_complex_forward: return "complex forward";
    case rocfft_transform_type_complex_inverse: return "complex inverse";
    case rocfft_transform_type_real_forward: return "real forward";
    case rocfft_transform_type_real_inverse: return "real inverse";
    }
    return "unknown";
}

namespace {

Registry<rocfft_plan_description_t>& descriptions()
{
    static Registry<rocfft_plan_description_t> registry;
    return registry;
}
Registry<rocfft_field_t>& fields()
{
    static Registry<rocfft_field_t> registry;
    return registry;
}
Registry<rocfft_brick_t>& bricks()
{
    static Registry<rocfft_brick_t> registry;
    return registry;
}

// Keeps strides the way rocFFT does: NULL leaves them as they were; a dimension needs at most 3.
void keep_strides(std::vector<size_t>& kept, const size_t* strides, size_t count)
{
    if (strides == nullptr) return;
    kept.assign(strides, strides + std::min<size_t>(count, 3));
}

} // namespace

rocfft_status check_description(const rocfft_plan_description_t* description)
{
    if (description == nullptr) return refuse(rocfft_status_invalid_arg_value, "plan description is NULL");
    if (!descriptions().contains(description))
        return refuse(rocfft_status_invalid_arg_value, "plan description was destroyed or never created");
    return rocfft_status_success;
}

// The array type rocFFT chooses for an unset side.
int default_array_type(rocfft_transform_type type, bool input)
{
    switch (type) {
    case rocfft_transform_type_real_forward:
        return input ? rocfft_array_type_real : rocfft_array_type_hermitian_interleaved;
    case rocfft_transform_type_real_inverse:
        return input ? rocfft_array_type_hermitian_interleaved : rocfft_array_type_real;
    default: return rocfft_array_type_complex_interleaved;
    }
}

// rocFFT's rules for array types: complex transforms take complex data (interleaved or planar) both ways, the
// same type on both sides in place; real ones real data on their real side and hermitian data on the other,
// interleaved in place.
rocfft_status check_array_types(rocfft_transform_type type, rocfft_result_placement placement, int in, int out)
{
    const bool in_place = placement == rocfft_placement_inplace;
    auto complex = [](int t) {
        return t == rocfft_array_type_complex_interleaved || t == rocfft_array_type_complex_planar;
    };
    auto hermitian = [](int t) {
        return t == rocfft_array_type_hermitian_interleaved || t == rocfft_array_type_hermitian_planar;
    };
    bool fits = true;
    switch (type) {
    case rocfft_transform_type_complex_forward:
    case rocfft_transform_type_complex_inverse: fits = complex(in) && complex(out) && (!in_place || in == out); break;
    case rocfft_transform_type_real_forward:
        fits = in == rocfft_array_type_real && hermitian(out) &&
               (!in_place || out == rocfft_array_type_hermitian_interleaved);
        break;
    case rocfft_transform_type_real_inverse:
        fits = hermitian(in) && out == rocfft_array_type_real &&
               (!in_place || in == rocfft_array_type_hermitian_interleaved);
        break;
    }
    if (fits) return rocfft_status_success;
    return refuse(rocfft_status_invalid_array_type, "array types ", array_type_name(in), " to ",
                  array_type_name(out), " do not fit a ", in_place ? "in-place " : "not in-place ",
                  transform_type_name(type), " transform");
}

// Products of lengths and strides beyond this cannot address a buffer; computing rocFFT's defaults stops there
// rather than wrap (rift would refuse such a layout anyway).
constexpr unsigned __int128 kLargestProduct = (unsigned __int128)1 << 62;

// Fills in rocFFT's defaults for what the description leaves unset. Contiguous strides over the side's own
// lengths, except the real side of an in-place real transform, whose rows are 2 (N0 / 2 + 1) reals; distances
// from the slowest dimension's stride (so they follow strides the caller gave), and for a 1D in-place real
// transform the padded row. `lengths` are the side's element counts (hermitian ones on the hermitian side).
rocfft_status resolve_side(Side& side, const std::vector<size_t>& lengths, bool padded_real, size_t padded_row,
                           const char* which)
{
    const size_t rank = lengths.size();
    if (side.strides.empty()) {
        unsigned __int128 stride = 1;
        for (size_t d = 0; d < rank; ++d) {
            side.strides.push_back(size_t(stride));
            stride *= d == 0 && padded_real ? padded_row : lengths[d];
            if (stride > kLargestProduct)
                return refuse(rocfft_status_invalid_arg_value, "the ", which, " data is too large to address");
        }
    } else if (side.strides.size() < rank) {
        return refuse(rocfft_status_invalid_strides, side.strides.size(), " ", which, " strides given for ", rank,
                      " dimensions");
    } else {
        side.strides.resize(rank); // rocFFT reads one stride per dimension and ignores the rest
    }
    if (side.distance == 0) {
        const unsigned __int128 distance =
            rank == 1 && padded_real ? (unsigned __int128)padded_row * side.strides[0]
                                     : (unsigned __int128)lengths[rank - 1] * side.strides[rank - 1];
        if (distance > kLargestProduct)
            return refuse(rocfft_status_invalid_distance, "the default ", which, " distance is too large to address");
        side.distance = size_t(distance);
    }
    return rocfft_status_success;
}

// Why rift refused an in-place layout, in rocFFT's terms: which part of the two sides disagrees.
rocfft_status in_place_mismatch(const Side& in, const Side& out, bool real_input, bool real_output)
{
    const Side& real_side = real_input ? in : out;
    const Side& other = real_input ? out : in;
    const size_t factor = real_input || real_output ? 2 : 1;
    if (factor == 2 && (real_side.strides[0] != 1 || other.strides[0] != 1))
        return rocfft_status_invalid_strides;
    for (size_t d = factor == 2 ? 1 : 0; d < real_side.strides.size(); ++d)
        if (real_side.strides[d] != factor * other.strides[d]) return rocfft_status_invalid_strides;
    if (real_side.offsets[0] != factor * other.offsets[0]) return rocfft_status_invalid_offset;
    if (real_side.distance != factor * other.distance) return rocfft_status_invalid_distance;
    return rocfft_status_invalid_strides;
}

namespace {

// Fields are kept (counted) on the description, so that a plan made with one is refused as not implemented.
rocfft_status add_field(rocfft_plan_description description, rocfft_field field, bool input)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_description(description));
        if (!fields().contains(field)) return refuse(rocfft_status_invalid_arg_value, "field is not a live field");
        if (field->bricks.empty()) return refuse(rocfft_status_invalid_arg_value, "field has no bricks");
        ++(input ? description->in_fields : description->out_fields);
        return rocfft_status_success;
    });
}

} // namespace
} // namespace rift::rocfft_front

using namespace rift::rocfft_front;

extern "C" {

rocfft_status rocfft_plan_description_create(rocfft_plan_description* description)
{
    return guarded([&] {
        if (description == nullptr) return refuse(rocfft_status_invalid_arg_value, "description is NULL");
        *description = adopt(descriptions(), std::make_unique<rocfft_plan_description_t>());
        return rocfft_status_success;
    });
}

rocfft_status rocfft_plan_description_destroy(rocfft_plan_description description)
{
    return guarded([&] {
        if (description == nullptr) return rocfft_status_success; // as rocFFT: nothing to free
        if (!descriptions().remove(description))
            return refuse(rocfft_status_invalid_arg_value, "plan description was destroyed or never created");
        delete description;
        return rocfft_status_success;
    });
}

rocfft_status rocfft_plan_description_set_scale_factor(rocfft_plan_description description,
                                                       const double scale_factor)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_description(description));
        if (!std::isfinite(scale_factor))
            return refuse(rocfft_status_invalid_arg_value, "scale factor ", scale_factor, " is not finite");
        description->scale = scale_factor;
        return rocfft_status_success;
    });
}

rocfft_status rocfft_plan_description_set_data_layout(rocfft_plan_description description,
                                                      const rocfft_array_type in_array_type,
                                                      const rocfft_array_type out_array_type,
                                                      const size_t* in_offsets, const size_t* out_offsets,
                                                      const size_t in_strides_size, const size_t* in_strides,
                                                      const size_t in_distance, const size_t out_strides_size,
                                                      const size_t* out_strides, const size_t out_distance)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_description(description));
        // As rocFFT: the array types always; offsets, strides and distances only where given, so that
        // successive calls add to the layout. Planar types read a second offset.
        Side& in = description->in;
        Side& out = description->out;
        in.array_type = in_array_type;
        out.array_type = out_array_type;
        if (in_offsets != nullptr) {
            in.offsets[0] = in_offsets[0];
            if (is_planar(in_array_type)) in.offsets[1] = in_offsets[1];
        }
        if (out_offsets != nullptr) {
            out.offsets[0] = out_offsets[0];
            if (is_planar(out_array_type)) out.offsets[1] = out_offsets[1];
        }
        keep_strides(in.strides, in_strides, in_strides_size);
        keep_strides(out.strides, out_strides, out_strides_size);
        if (in_distance != 0) in.distance = in_distance;
        if (out_distance != 0) out.distance = out_distance;
        return rocfft_status_success;
    });
}

rocfft_status rocfft_plan_description_set_comm(rocfft_plan_description description, rocfft_comm_type comm_type,
                                               void* comm_handle)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_description(description));
        if (comm_type == rocfft_comm_none) return rocfft_status_success; // no communicator: nothing to undo
        if (comm_handle == nullptr)
            return refuse(rocfft_status_invalid_arg_value, "a communicator type without a communicator");
        if (comm_type != rocfft_comm_mpi)
            return refuse(rocfft_status_failure, "communicator type ", int(comm_type), " is not a rocfft_comm_type");
        return not_implemented("distributed transforms (an MPI communicator)");
    });
}

rocfft_status rocfft_field_create(rocfft_field* field)
{
    return guarded([&] {
        if (field == nullptr) return refuse(rocfft_status_invalid_arg_value, "field is NULL");
        *field = adopt(fields(), std::make_unique<rocfft_field_t>());
        return rocfft_status_success;
    });
}

rocfft_status rocfft_field_destroy(rocfft_field field)
{
    return guarded([&] {
        if (field == nullptr) return rocfft_status_success;
        if (!fields().remove(field))
            return refuse(rocfft_status_invalid_arg_value, "field was destroyed or never created");
        delete field;
        return rocfft_status_success;
    });
}

rocfft_status rocfft_brick_create(rocfft_brick* brick, const size_t* field_lower, const size_t* field_upper,
                                  const size_t* brick_stride, size_t dim_with_batch, int deviceID)
{
    return guarded([&] {
        if (brick == nullptr) return refuse(rocfft_status_invalid_arg_value, "brick is NULL");
        if (dim_with_batch != 0 && (field_lower == nullptr || field_upper == nullptr || brick_stride == nullptr))
            return refuse(rocfft_status_invalid_arg_value, "a brick's coordinates or strides are NULL");
        if (dim_with_batch > 4)
            return refuse(rocfft_status_invalid_dimensions, "a brick of ", dim_with_batch,
                          " dimensions (at most 3 and the batch)");
        auto made = std::make_unique<rocfft_brick_t>();
        made->lower.assign(field_lower, field_lower + dim_with_batch);
        made->upper.assign(field_upper, field_upper + dim_with_batch);
        made->stride.assign(brick_stride, brick_stride + dim_with_batch);
        made->device = deviceID;
        *brick = adopt(bricks(), std::move(made));
        return rocfft_status_success;
    });
}

rocfft_status rocfft_brick_destroy(rocfft_brick brick)
{
    return guarded([&] {
        if (brick == nullptr) return rocfft_status_success;
        if (!bricks().remove(brick))
            return refuse(rocfft_status_invalid_arg_value, "brick was destroyed or never created");
        delete brick;
        return rocfft_status_success;
    });
}

rocfft_status rocfft_field_add_brick(rocfft_field field, rocfft_brick brick)
{
    return guarded([&] {
        if (!fields().contains(field)) return refuse(rocfft_status_invalid_arg_value, "field is not a live field");
        if (!bricks().contains(brick)) return refuse(rocfft_status_invalid_arg_value, "brick is not a live brick");
        field->bricks.push_back(*brick);
        return rocfft_status_success;
    });
}

rocfft_status rocfft_plan_description_add_infield(rocfft_plan_description description, rocfft_field field)
{
    return add_field(description, field, true);
}

rocfft_status rocfft_plan_description_add_outfield(rocfft_plan_description description, rocfft_field field)
{
    return add_field(description, field, false);
}

} // extern "C"
