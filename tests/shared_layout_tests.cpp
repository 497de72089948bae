// The shared-memory slot layouts of kernels/shared_layout.h: every padding period the planner may choose maps a
// transform's elements one to one into its slot, and the runs of kernels/views.h (one padded index and a fixed
// step where padding_is_uniform says so) land on the same elements as padding each index. A layout bug here would
// show in the transform sweeps only as wrong lengths on some launch shapes. The planner's count of the banks the
// passes meet in (library/plan/slot_banks.h), which picks the padding of compiled kernels, is checked on patterns
// whose wavefronts are known.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/shared_layout.h"
#include "kernels/views.h"
#include "library/plan/slot_banks.h"

namespace rift::test {
namespace {

constexpr uint32_t kPeriods[] = {0, kernels::kSwizzledSlots, 8, 10, 16, 32, 64};

TEST(SharedLayout, EveryPeriodMapsATransformOneToOneIntoItsSlot)
{
    for (const uint32_t period : kPeriods)
        for (uint32_t length : {1u, 2u, 15u, 16u, 17u, 255u, 256u, 1000u, 1024u, 2048u, 4096u, 8192u}) {
            const uint32_t slot = kernels::slot_elements(length, period);
            std::vector<bool> taken(slot, false);
            for (uint32_t i = 0; i < length; ++i) {
                const uint32_t index = kernels::padded_index(i, period);
                ASSERT_LT(index, slot) << "period " << period << " length " << length << " element " << i;
                ASSERT_FALSE(taken[index]) << "period " << period << " length " << length << " element " << i;
                taken[index] = true;
            }
        }
}

TEST(SharedLayout, RunsAddressTheElementsThatPaddingEachIndexGives)
{
    for (const uint32_t period : kPeriods) {
        const kernels::ScratchSlot<float> scratch{nullptr, period}; // indices only
        for (uint32_t step : {1u, 3u, 16u, 64u, 128u, 256u, 512u, 1024u})
            for (uint32_t first = 0; first < 300; ++first)
                for (uint32_t r = 0; r < 16 && first + r * step < 8192; ++r)
                    ASSERT_EQ(scratch.run(first, step).index(r), kernels::padded_index(first + r * step, period))
                        << "period " << period << " step " << step << " first " << first << " r " << r;
    }
}

// One butterfly of 16 a thread, a warp's 32 transforms side by side: each store puts element r of every transform
// in the same bank unpadded (a slot of 16 elements: 16 wavefronts for each half warp of single-precision complex
// elements), and in 16 distinct banks padded every 8 (a slot of 17). The count samples 8 of the 16 stores.
TEST(SlotBanks, CountsTheWavefrontsOfTransformsSideBySide)
{
    const std::vector<uint32_t> one_butterfly = {16};
    EXPECT_EQ(slot_wavefronts(16, one_butterfly, 1, 8, 0), 8u * 2 * 16);
    EXPECT_EQ(slot_wavefronts(16, one_butterfly, 1, 8, 8), 8u * 2 * 1);
    // Double precision: a wavefront serves 8 threads, so 4 of them a warp.
    EXPECT_EQ(slot_wavefronts(16, one_butterfly, 1, 16, 0), 8u * 4 * 8);
}

// The choice is the fewest wavefronts among the candidates, or the preferred padding where none saves enough.
// Lengths of mixed even and odd radices lose to none or to sparse padding what every-16 padding costs them
// (10530 as 30 x 13 x 27 ran 1.24 times as fast unpadded).
TEST(SlotBanks, ChoosesThePaddingOfTheFewestWavefronts)
{
    struct Shape {
        uint32_t length;
        std::vector<uint32_t> radices;
        uint32_t lanes;
    };
    const Shape shapes[] = {{10530, {30, 13, 27}, 405}, {13310, {11, 11, 11, 10}, 666}, {10240, {10, 32, 32}, 342},
                            {512, {8, 8, 8}, 32},         {2025, {9, 15, 15}, 225},       {36, {6, 6}, 3}};
    for (const Shape& shape : shapes)
        for (const size_t element_bytes : {size_t(8), size_t(16)}) {
            const uint32_t preferred = 16;
            const uint32_t chosen =
                fewest_wavefront_pad_period(shape.length, shape.radices, shape.lanes, element_bytes, preferred);
            const uint64_t count = slot_wavefronts(shape.length, shape.radices, shape.lanes, element_bytes, chosen);
            for (const uint32_t rival : {0u, 8u, 16u, 32u, 64u}) {
                const uint64_t rival_count =
                    slot_wavefronts(shape.length, shape.radices, shape.lanes, element_bytes, rival);
                if (chosen == preferred)
                    EXPECT_GT(double(rival_count), 0.95 * double(count))
                        << shape.length << " keeps its padding though " << rival << " saves more";
                else
                    EXPECT_LE(count, rival_count) << shape.length << " padded every " << chosen << ", not " << rival;
            }
        }
    EXPECT_EQ(fewest_wavefront_pad_period(10530, {30, 13, 27}, 405, 8, 16), 0u);
}

} // namespace
} // namespace rift::test
