// From the arguments of hipFFT's and cuFFT's plan calls to those of rift_plan_create: lengths and strides
// reversed (those APIs list dimensions slowest first, rift fastest first), the basic and advanced layouts
// (inembed/onembed) spelt out as strides and distances, and the padded real side of in-place real transforms.
// A pure function, so every rule about layouts sits here and is tested without a GPU or a plan.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "library/fronts/front_status.h"
#include "rift/rift.h"

namespace rift::front {

// C2C/Z2Z, R2C/D2Z and C2R/Z2D.
enum class TransformKind { complex, real_forward, real_inverse };

struct TransformType {
    TransformKind kind = TransformKind::complex;
    rift_precision precision = rift_precision_single;

    bool operator==(const TransformType& other) const
    {
        return kind == other.kind && precision == other.precision;
    }
    bool operator!=(const TransformType& other) const { return !(*this == other); }
};

// An embed array as given: absent (NULL) or the storage extents of a rank-dimensional array, slowest first.
struct Embed {
    bool given = false;
    std::array<long long, 3> extents{};
};

// The arguments of the "Many" plan calls (the 32-bit ones widened), unchecked. Every other plan call is one of
// these with no embeds. Only the first `rank` entries of the arrays count, and only when 1 <= rank <= 3.
struct ManyRequest {
    TransformType type;
    int rank = 1;
    bool lengths_given = true;
    std::array<long long, 3> lengths{}; // slowest first
    Embed in_embed;
    long long in_stride = 1;
    long long in_distance = 0;
    Embed out_embed;
    long long out_stride = 1;
    long long out_distance = 0;
    long long batch = 1;
};

// Builds a request from the C arguments, copying `rank` entries of each non-NULL array when rank is 1 to 3.
template <class Int>
ManyRequest many_request(TransformType type, int rank, const Int* n, const Int* inembed, Int istride, Int idist,
                         const Int* onembed, Int ostride, Int odist, Int batch)
{
    ManyRequest request;
    request.type = type;
    request.rank = rank;
    request.lengths_given = n != nullptr;
    request.in_embed.given = inembed != nullptr;
    request.out_embed.given = onembed != nullptr;
    if (rank >= 1 && rank <= 3) {
        for (int d = 0; d < rank; ++d) {
            if (n != nullptr) request.lengths[d] = n[d];
            if (inembed != nullptr) request.in_embed.extents[d] = inembed[d];
            if (onembed != nullptr) request.out_embed.extents[d] = onembed[d];
        }
    }
    request.in_stride = istride;
    request.in_distance = idist;
    request.out_stride = ostride;
    request.out_distance = odist;
    request.batch = batch;
    return request;
}

// A contiguous request of 1 to 3 dimensions (hipfftPlan1d/2d/3d and their kin), lengths slowest first.
ManyRequest basic_request(TransformType type, int rank, const long long* lengths, long long batch);

// One side of a rift plan's data layout, as rift_plan_description_set_data_layout takes it.
struct RiftLayout {
    rift_array_type array_type = rift_array_type_complex_interleaved;
    size_t offset = 0;
    std::array<size_t, 3> strides{}; // fastest first; `dimensions` of them count
    size_t distance = 0;
};

// Everything rift_plan_create needs but the direction (which a complex plan takes at execution).
struct RiftPlanArguments {
    rift_result_placement placement = rift_placement_notinplace;
    TransformType type;
    size_t dimensions = 1;
    std::array<size_t, 3> lengths{}; // fastest first
    size_t batch = 1;
    RiftLayout in;
    RiftLayout out;
};

struct Translation {
    Status status = Status::success;
    std::string message; // why, when status is not success
    RiftPlanArguments arguments;
};

// Checks a request as hipFFT and cuFFT do and translates it for one placement. The checks, in order:
// NULL lengths (invalid value); rank outside 1..3 (invalid size); exactly one of inembed/onembed NULL
// (invalid value); a length below 1 (invalid size); a negative embed or a batch below 1 (invalid size); for the
// advanced layout a stride below 1, a negative distance, a zero distance with more than one transform, or an
// embed (past the first, which the layout never uses) smaller than the data it holds (invalid value); sizes
// that overflow 64 bits (invalid size for lengths and batch, invalid value for the layout).
Translation translate(const ManyRequest& request, rift_result_placement placement);

} // namespace rift::front
