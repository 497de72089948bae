#include "library/fronts/layout_translation.h"

#include <sstream>

namespace rift::front {

namespace {

template <class... Parts>
std::string concat(const Parts&... parts)
{
    std::ostringstream text;
    (text << ... << parts);
    return text.str();
}

// a * b for non-negative values, false when the product passes 2^63 - 1.
bool multiply(long long a, long long b, long long& product) { return !__builtin_mul_overflow(a, b, &product); }

const char* side_name(bool input) { return input ? "input" : "output"; }
const char* embed_name(bool input) { return input ? "inembed" : "onembed"; }

} // namespace

ManyRequest basic_request(TransformType type, int rank, const long long* lengths, long long batch)
{
    return many_request<long long>(type, rank, lengths, nullptr, 1, 0, nullptr, 1, 0, batch);
}

Translation translate(const ManyRequest& request, rift_result_placement placement)
{
    Translation translation;
    // Records why the request is refused; the caller returns `translation`.
    const auto refuse = [&translation](Status status, std::string message) {
        translation.status = status;
        translation.message = std::move(message);
        return false;
    };
    const auto refused = [&](Status status, std::string message) {
        refuse(status, std::move(message));
        return translation;
    };
    const int rank = request.rank;
    if (!request.lengths_given) return refused(Status::invalid_value, "n (the lengths) is NULL");
    if (rank < 1 || rank > 3) return refused(Status::invalid_size, concat("rank ", rank, " is outside 1..3"));
    const bool advanced = request.in_embed.given;
    if (request.out_embed.given != advanced)
        return refused(Status::invalid_value, "inembed and onembed must both be NULL (the basic layout) or both be "
                                             "given (the advanced layout)");
    for (int d = 0; d < rank; ++d) {
        if (request.lengths[d] < 1)
            return refused(Status::invalid_size, concat("n[", d, "] = ", request.lengths[d], " is below 1"));
    }
    if (advanced) {
        for (const bool input : {true, false}) {
            const Embed& embed = input ? request.in_embed : request.out_embed;
            for (int d = 0; d < rank; ++d) {
                if (embed.extents[d] < 0)
                    return refused(Status::invalid_size,
                                  concat(embed_name(input), "[", d, "] = ", embed.extents[d], " is negative"));
            }
        }
    }
    if (request.batch < 1) return refused(Status::invalid_size, concat("batch ", request.batch, " is below 1"));
    long long elements = 1;
    for (int d = 0; d < rank; ++d) {
        if (!multiply(elements, request.lengths[d], elements))
            return refused(Status::invalid_size, "the product of the lengths does not fit in 64 bits");
    }
    long long all_elements = 0;
    if (!multiply(elements, request.batch, all_elements))
        return refused(Status::invalid_size, "the lengths times the batch do not fit in 64 bits");

    // The fastest dimension holds n/2 + 1 complex elements on the hermitian side of a real transform.
    const TransformKind kind = request.type.kind;
    const long long fastest = request.lengths[rank - 1];
    const long long hermitian_fastest = fastest / 2 + 1;
    const bool in_place = placement == rift_placement_inplace;

    RiftPlanArguments& arguments = translation.arguments;
    arguments.placement = placement;
    arguments.type = request.type;
    arguments.dimensions = static_cast<size_t>(rank);
    arguments.batch = static_cast<size_t>(request.batch);
    for (int d = 0; d < rank; ++d) arguments.lengths[d] = static_cast<size_t>(request.lengths[rank - 1 - d]);
    switch (kind) {
    case TransformKind::complex:
        arguments.in.array_type = rift_array_type_complex_interleaved;
        arguments.out.array_type = rift_array_type_complex_interleaved;
        break;
    case TransformKind::real_forward:
        arguments.in.array_type = rift_array_type_real;
        arguments.out.array_type = rift_array_type_hermitian_interleaved;
        break;
    case TransformKind::real_inverse:
        arguments.in.array_type = rift_array_type_hermitian_interleaved;
        arguments.out.array_type = rift_array_type_real;
        break;
    }
    const bool in_is_hermitian = kind == TransformKind::real_inverse;
    const bool out_is_hermitian = kind == TransformKind::real_forward;

    if (!advanced) {
        // Contiguous, with istride/idist/ostride/odist ignored as the APIs say. The real side of an in-place real
        // transform has rows of 2 (n/2 + 1) reals, so that each row's spectrum fits where the row was.
        const auto contiguous = [&](bool input, RiftLayout& layout) {
            const bool hermitian = input ? in_is_hermitian : out_is_hermitian;
            const bool real = kind != TransformKind::complex && !hermitian;
            long long row = hermitian ? hermitian_fastest : (real && in_place ? 2 * hermitian_fastest : fastest);
            long long step = 1;
            for (int k = 0; k < rank; ++k) {
                layout.strides[k] = static_cast<size_t>(step);
                const long long extent = k == 0 ? row : request.lengths[rank - 1 - k];
                if (!multiply(step, extent, step)) return false;
            }
            layout.distance = static_cast<size_t>(step);
            long long unused = 0;
            return multiply(step, request.batch, unused);
        };
        if (!contiguous(true, arguments.in) || !contiguous(false, arguments.out))
            return refused(Status::invalid_size, "the padded data of the batch does not fit in 64 bits");
        return translation;
    }

    // The advanced layout: element x (slowest first) of transform b at
    // b * dist + stride * (x[rank-1] + embed[rank-1] * (x[rank-2] + embed[rank-2] * x[rank-3])).
    const auto advanced_side = [&](bool input, RiftLayout& layout) {
        const Embed& embed = input ? request.in_embed : request.out_embed;
        const long long stride = input ? request.in_stride : request.out_stride;
        const long long distance = input ? request.in_distance : request.out_distance;
        const bool hermitian = input ? in_is_hermitian : out_is_hermitian;
        const char* stride_name = input ? "istride" : "ostride";
        const char* distance_name = input ? "idist" : "odist";
        if (stride < 1) return refuse(Status::invalid_value, concat(stride_name, " ", stride, " is below 1"));
        if (distance < 0)
            return refuse(Status::invalid_value, concat(distance_name, " ", distance, " is negative"));
        if (distance == 0 && request.batch > 1) {
            // Every transform would read the same elements (possible in cuFFT for the input), or write them.
            if (input)
                return refuse(Status::not_implemented,
                              "idist 0 with a batch above 1 (every transform reading the same input) is not "
                              "supported by rift");
            return refuse(Status::invalid_value, "odist 0 with a batch above 1 writes every transform to the "
                                                 "same elements");
        }
        // embed[0] is the slowest storage extent, which no address uses; the others must hold their data.
        for (int d = 1; d < rank; ++d) {
            const long long held = d == rank - 1 && hermitian ? hermitian_fastest : request.lengths[d];
            if (embed.extents[d] < held)
                return refuse(Status::invalid_value,
                              concat(embed_name(input), "[", d, "] = ", embed.extents[d], " is smaller than the ",
                                     held, " ", side_name(input), " elements along that dimension"));
        }
        long long step = stride;
        long long span = 1; // one past the furthest element of one transform, from its first
        for (int k = 0; k < rank; ++k) {
            const int d = rank - 1 - k; // the dimension, slowest first, whose stride this is
            layout.strides[k] = static_cast<size_t>(step);
            const long long held = d == rank - 1 && hermitian ? hermitian_fastest : request.lengths[d];
            long long reach = 0;
            if (!multiply(held - 1, step, reach) || __builtin_add_overflow(span, reach, &span) ||
                (k + 1 < rank && !multiply(step, embed.extents[d], step)))
                return refuse(Status::invalid_value,
                              concat("the ", side_name(input), " layout (", embed_name(input), ", ", stride_name,
                                     ") does not fit in 64 bits"));
        }
        // One transform: the distance is never used, so any the caller gave (even 0) will do.
        layout.distance = static_cast<size_t>(distance == 0 ? span : distance);
        return true;
    };
    if (!advanced_side(true, arguments.in)) return translation;
    advanced_side(false, arguments.out);
    return translation;
}

} // namespace rift::front
