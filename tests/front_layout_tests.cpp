// The fronts' translation of hipFFT/cuFFT plan arguments into rift's (library/fronts/layout_translation.h): which
// requests are refused with which status, and the lengths, strides, distances, offsets and array types the
// accepted ones become, for the basic and the advanced layout, complex and real, in place and out of place.
// Pure functions: no plan, no GPU.
#include <gtest/gtest.h>

#include <array>
#include <climits>
#include <string>
#include <vector>

#include "library/fronts/layout_translation.h"

namespace rift::test {
namespace {

using front::ManyRequest;
using front::RiftPlanArguments;
using front::Status;
using front::TransformKind;
using front::TransformType;
using front::Translation;

constexpr TransformType kC2C{TransformKind::complex, rift_precision_single};
constexpr TransformType kZ2Z{TransformKind::complex, rift_precision_double};
constexpr TransformType kR2C{TransformKind::real_forward, rift_precision_single};
constexpr TransformType kC2R{TransformKind::real_inverse, rift_precision_single};

// A request with the basic layout; lengths slowest first, as the APIs take them.
ManyRequest basic(TransformType type, std::vector<long long> lengths, long long batch = 1)
{
    return front::basic_request(type, static_cast<int>(lengths.size()), lengths.data(), batch);
}

// A request with the advanced layout.
ManyRequest advanced(TransformType type, std::vector<long long> lengths, std::vector<long long> inembed,
                     long long istride, long long idist, std::vector<long long> onembed, long long ostride,
                     long long odist, long long batch)
{
    return front::many_request<long long>(type, static_cast<int>(lengths.size()), lengths.data(), inembed.data(),
                                          istride, idist, onembed.data(), ostride, odist, batch);
}

RiftPlanArguments translated(const ManyRequest& request, rift_result_placement placement)
{
    const Translation translation = front::translate(request, placement);
    EXPECT_EQ(translation.status, Status::success) << translation.message;
    EXPECT_EQ(translation.message, "");
    return translation.arguments;
}

// The first `dimensions` strides, for comparing with an expected list.
std::vector<size_t> strides(const front::RiftLayout& layout, size_t dimensions)
{
    return std::vector<size_t>(layout.strides.begin(), layout.strides.begin() + dimensions);
}
std::vector<size_t> lengths(const RiftPlanArguments& arguments)
{
    return std::vector<size_t>(arguments.lengths.begin(), arguments.lengths.begin() + arguments.dimensions);
}

void expect_refused(const ManyRequest& request, Status status, const std::string& words)
{
    for (const rift_result_placement placement : {rift_placement_notinplace, rift_placement_inplace}) {
        const Translation translation = front::translate(request, placement);
        EXPECT_EQ(translation.status, status) << front::to_string(translation.status) << ": " << translation.message;
        EXPECT_NE(translation.message.find(words), std::string::npos)
            << "message '" << translation.message << "' does not say '" << words << "'";
    }
}

TEST(FrontLayout, BasicComplexReversesTheLengthsAndIsContiguous)
{
    const RiftPlanArguments arguments = translated(basic(kC2C, {5, 6, 7}, 4), rift_placement_notinplace);
    EXPECT_EQ(arguments.placement, rift_placement_notinplace);
    EXPECT_EQ(arguments.type, kC2C);
    EXPECT_EQ(lengths(arguments), (std::vector<size_t>{7, 6, 5}));
    EXPECT_EQ(arguments.batch, 4u);
    for (const front::RiftLayout* side : {&arguments.in, &arguments.out}) {
        EXPECT_EQ(side->array_type, rift_array_type_complex_interleaved);
        EXPECT_EQ(side->offset, 0u);
        EXPECT_EQ(strides(*side, 3), (std::vector<size_t>{1, 7, 42}));
        EXPECT_EQ(side->distance, 210u);
    }
    const RiftPlanArguments in_place = translated(basic(kZ2Z, {5, 6, 7}, 4), rift_placement_inplace);
    EXPECT_EQ(in_place.placement, rift_placement_inplace);
    EXPECT_EQ(in_place.type, kZ2Z);
    EXPECT_EQ(strides(in_place.in, 3), strides(in_place.out, 3));
    EXPECT_EQ(in_place.in.distance, 210u);
}

// Without embeds the APIs ignore the strides and distances, whatever they are.
TEST(FrontLayout, BasicLayoutIgnoresStridesAndDistances)
{
    const std::array<long long, 2> n{4, 8};
    const ManyRequest request =
        front::many_request<long long>(kC2C, 2, n.data(), nullptr, -3, -100, nullptr, 0, 5, 2);
    const RiftPlanArguments arguments = translated(request, rift_placement_notinplace);
    EXPECT_EQ(strides(arguments.in, 2), (std::vector<size_t>{1, 8}));
    EXPECT_EQ(strides(arguments.out, 2), (std::vector<size_t>{1, 8}));
    EXPECT_EQ(arguments.in.distance, 32u);
    EXPECT_EQ(arguments.out.distance, 32u);
}

TEST(FrontLayout, BasicRealOutOfPlaceKeepsHalfTheSpectrum)
{
    // 3 x 10: the spectrum has 10/2 + 1 = 6 elements per row, the real data 10.
    const RiftPlanArguments forward = translated(basic(kR2C, {3, 10}, 2), rift_placement_notinplace);
    EXPECT_EQ(lengths(forward), (std::vector<size_t>{10, 3}));
    EXPECT_EQ(forward.in.array_type, rift_array_type_real);
    EXPECT_EQ(forward.out.array_type, rift_array_type_hermitian_interleaved);
    EXPECT_EQ(strides(forward.in, 2), (std::vector<size_t>{1, 10}));
    EXPECT_EQ(forward.in.distance, 30u);
    EXPECT_EQ(strides(forward.out, 2), (std::vector<size_t>{1, 6}));
    EXPECT_EQ(forward.out.distance, 18u);

    const RiftPlanArguments inverse = translated(basic(kC2R, {3, 9}, 2), rift_placement_notinplace);
    EXPECT_EQ(inverse.in.array_type, rift_array_type_hermitian_interleaved);
    EXPECT_EQ(inverse.out.array_type, rift_array_type_real);
    EXPECT_EQ(strides(inverse.in, 2), (std::vector<size_t>{1, 5})); // 9/2 + 1
    EXPECT_EQ(inverse.in.distance, 15u);
    EXPECT_EQ(strides(inverse.out, 2), (std::vector<size_t>{1, 9}));
    EXPECT_EQ(inverse.out.distance, 27u);
}

// In place, the real side's rows are padded to 2 (n/2 + 1) reals, in every dimension count, odd and even.
TEST(FrontLayout, BasicRealInPlacePadsTheRealRows)
{
    const RiftPlanArguments one = translated(basic(kR2C, {9}, 3), rift_placement_inplace);
    EXPECT_EQ(strides(one.in, 1), (std::vector<size_t>{1}));
    EXPECT_EQ(one.in.distance, 10u);
    EXPECT_EQ(one.out.distance, 5u);

    const RiftPlanArguments three = translated(basic(kR2C, {2, 3, 8}, 1), rift_placement_inplace);
    EXPECT_EQ(lengths(three), (std::vector<size_t>{8, 3, 2}));
    EXPECT_EQ(strides(three.in, 3), (std::vector<size_t>{1, 10, 30}));
    EXPECT_EQ(three.in.distance, 60u);
    EXPECT_EQ(strides(three.out, 3), (std::vector<size_t>{1, 5, 15}));
    EXPECT_EQ(three.out.distance, 30u);

    const RiftPlanArguments inverse = translated(basic(kC2R, {4, 7}, 2), rift_placement_inplace);
    EXPECT_EQ(strides(inverse.in, 2), (std::vector<size_t>{1, 4}));
    EXPECT_EQ(inverse.in.distance, 16u);
    EXPECT_EQ(strides(inverse.out, 2), (std::vector<size_t>{1, 8}));
    EXPECT_EQ(inverse.out.distance, 32u);
}

// Element x of transform b at b * dist + stride * (x2 + embed[2] * (x1 + embed[1] * x0)): rift's strides,
// fastest first, are stride, stride * embed[2], stride * embed[2] * embed[1]; embed[0] plays no part.
TEST(FrontLayout, AdvancedLayoutBecomesStridesAndDistances)
{
    const RiftPlanArguments arguments =
        translated(advanced(kC2C, {2, 3, 4}, {1, 5, 6}, 2, 1000, {99, 3, 4}, 3, 50, 7), rift_placement_notinplace);
    EXPECT_EQ(lengths(arguments), (std::vector<size_t>{4, 3, 2}));
    EXPECT_EQ(strides(arguments.in, 3), (std::vector<size_t>{2, 12, 60}));
    EXPECT_EQ(arguments.in.distance, 1000u);
    EXPECT_EQ(strides(arguments.out, 3), (std::vector<size_t>{3, 12, 36}));
    EXPECT_EQ(arguments.out.distance, 50u);
    EXPECT_EQ(arguments.in.offset, 0u);
    EXPECT_EQ(arguments.out.offset, 0u);
    EXPECT_EQ(arguments.batch, 7u);

    const RiftPlanArguments one = translated(advanced(kZ2Z, {16}, {0}, 3, 48, {16}, 1, 16, 2), rift_placement_inplace);
    EXPECT_EQ(strides(one.in, 1), (std::vector<size_t>{3}));
    EXPECT_EQ(one.in.distance, 48u);
    EXPECT_EQ(one.placement, rift_placement_inplace);
}

// The same numbers for both placements: with embeds, the caller lays the data out, padding included.
TEST(FrontLayout, AdvancedRealLayoutIsTheCallers)
{
    const ManyRequest request = advanced(kR2C, {6, 10}, {6, 12}, 1, 72, {6, 6}, 1, 36, 2);
    for (const rift_result_placement placement : {rift_placement_notinplace, rift_placement_inplace}) {
        const RiftPlanArguments arguments = translated(request, placement);
        EXPECT_EQ(strides(arguments.in, 2), (std::vector<size_t>{1, 12}));
        EXPECT_EQ(arguments.in.distance, 72u);
        EXPECT_EQ(strides(arguments.out, 2), (std::vector<size_t>{1, 6}));
        EXPECT_EQ(arguments.out.distance, 36u);
    }
}

// With one transform the distance is never used: 0 is accepted and becomes the span of the layout.
TEST(FrontLayout, AdvancedDistanceZeroWithOneTransform)
{
    const RiftPlanArguments arguments =
        translated(advanced(kC2C, {3, 4}, {3, 5}, 2, 0, {3, 4}, 1, 0, 1), rift_placement_notinplace);
    EXPECT_EQ(arguments.in.distance, 1u + 3 * 2 + 2 * 10); // (4 - 1) * 2 + (3 - 1) * 10, plus one
    EXPECT_EQ(arguments.out.distance, 12u);
}

TEST(FrontLayout, ManyRequestCopiesOnlyRankEntries)
{
    const int n[] = {5, 6, 7};
    const int inembed[] = {8, 9, 10};
    const ManyRequest two = front::many_request<int>(kC2C, 2, n, inembed, 1, 2, inembed, 3, 4, 5);
    EXPECT_EQ(two.lengths, (std::array<long long, 3>{5, 6, 0}));
    EXPECT_EQ(two.in_embed.extents, (std::array<long long, 3>{8, 9, 0}));
    EXPECT_TRUE(two.in_embed.given);
    EXPECT_EQ(two.out_distance, 4);
    const ManyRequest too_many = front::many_request<int>(kC2C, 9, n, nullptr, 1, 0, nullptr, 1, 0, 1);
    EXPECT_EQ(too_many.lengths, (std::array<long long, 3>{0, 0, 0}));
    EXPECT_FALSE(too_many.in_embed.given);
}

TEST(FrontLayout, RefusesWhatTheApisRefuse)
{
    ManyRequest no_lengths = basic(kC2C, {8});
    no_lengths.lengths_given = false;
    expect_refused(no_lengths, Status::invalid_value, "NULL");
    for (const int rank : {0, 4, -1}) {
        ManyRequest request = basic(kC2C, {8});
        request.rank = rank;
        expect_refused(request, Status::invalid_size, "rank");
    }
    ManyRequest only_in = advanced(kC2C, {8}, {8}, 1, 8, {8}, 1, 8, 1);
    only_in.out_embed.given = false;
    expect_refused(only_in, Status::invalid_value, "both");
    ManyRequest only_out = advanced(kC2C, {8}, {8}, 1, 8, {8}, 1, 8, 1);
    only_out.in_embed.given = false;
    expect_refused(only_out, Status::invalid_value, "both");
    expect_refused(basic(kC2C, {4, 0}), Status::invalid_size, "n[1] = 0");
    expect_refused(basic(kR2C, {-3}), Status::invalid_size, "n[0] = -3");
    expect_refused(basic(kC2C, {8}, 0), Status::invalid_size, "batch 0");
    expect_refused(basic(kC2C, {8}, -2), Status::invalid_size, "batch -2");
    // hipFFT's own tests: a negative embed is an invalid size, even the unused first one.
    expect_refused(advanced(kC2C, {4, 4, 4}, {4, 4, 4}, 1, 64, {4, 4, -4}, 1, 64, 1), Status::invalid_size,
                   "onembed[2] = -4");
    expect_refused(advanced(kC2C, {4, 4}, {-1, 4}, 1, 16, {4, 4}, 1, 16, 1), Status::invalid_size, "inembed[0]");
    expect_refused(advanced(kC2C, {4, 4, 4}, {4, 4, 4}, 1, 64, {4, 4, 4}, 1, 64, -2), Status::invalid_size,
                   "batch -2");
}

TEST(FrontLayout, RefusesInconsistentAdvancedLayouts)
{
    expect_refused(advanced(kC2C, {8}, {8}, 0, 8, {8}, 1, 8, 2), Status::invalid_value, "istride 0");
    expect_refused(advanced(kC2C, {8}, {8}, 1, 8, {8}, -1, 8, 2), Status::invalid_value, "ostride -1");
    expect_refused(advanced(kC2C, {8}, {8}, 1, -8, {8}, 1, 8, 2), Status::invalid_value, "idist -8");
    expect_refused(advanced(kC2C, {8}, {8}, 1, 8, {8}, 1, 0, 2), Status::invalid_value, "odist 0");
    expect_refused(advanced(kC2C, {8}, {8}, 1, 0, {8}, 1, 8, 2), Status::not_implemented, "idist 0");
    // An inner embed smaller than its data would fold rows onto each other.
    expect_refused(advanced(kC2C, {4, 8}, {4, 7}, 1, 64, {4, 8}, 1, 64, 1), Status::invalid_value,
                   "inembed[1] = 7");
    expect_refused(advanced(kC2C, {3, 4, 8}, {3, 4, 8}, 1, 96, {3, 3, 8}, 1, 96, 1), Status::invalid_value,
                   "onembed[1] = 3");
    // The first embed is never used: smaller than n[0] is fine.
    EXPECT_EQ(front::translate(advanced(kC2C, {4, 8}, {1, 8}, 1, 32, {0, 8}, 1, 32, 2), rift_placement_notinplace)
                  .status,
              Status::success);
    // The hermitian side of a real transform holds n/2 + 1 along the fastest dimension, the real side n.
    EXPECT_EQ(front::translate(advanced(kR2C, {2, 10}, {2, 10}, 1, 20, {2, 6}, 1, 12, 1), rift_placement_notinplace)
                  .status,
              Status::success);
    expect_refused(advanced(kR2C, {2, 10}, {2, 10}, 1, 20, {2, 5}, 1, 12, 1), Status::invalid_value,
                   "onembed[1] = 5");
    expect_refused(advanced(kR2C, {2, 10}, {2, 9}, 1, 20, {2, 6}, 1, 12, 1), Status::invalid_value, "inembed[1] = 9");
    expect_refused(advanced(kC2R, {2, 10}, {2, 5}, 1, 12, {2, 10}, 1, 20, 1), Status::invalid_value,
                   "inembed[1] = 5");
}

TEST(FrontLayout, RefusesSizesBeyond64Bits)
{
    const long long big = 1LL << 40;
    expect_refused(basic(kC2C, {big, big}), Status::invalid_size, "64 bits");
    expect_refused(basic(kC2C, {big}, big), Status::invalid_size, "64 bits");
    expect_refused(advanced(kC2C, {4, 4}, {4, big}, big, 1, {4, 4}, 1, 16, 1), Status::invalid_value, "64 bits");
    expect_refused(advanced(kC2C, {4}, {4}, LLONG_MAX / 2, 1, {4}, 1, 4, 1), Status::invalid_value, "64 bits");
}

} // namespace
} // namespace rift::test
