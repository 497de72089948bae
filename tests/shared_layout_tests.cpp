// The shared-memory slot layouts of kernels/shared_layout.h: every padding period the planner may choose maps a
// transform's elements one to one into its slot, and the runs of kernels/views.h (one padded index and a fixed
// step where padding_is_uniform says so) land on the same elements as padding each index. A layout bug here would
// show in the transform sweeps only as wrong lengths on some launch shapes.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/shared_layout.h"
#include "kernels/views.h"

namespace rift::test {
namespace {

constexpr uint32_t kPeriods[] = {0, kernels::kSwizzledSlots, 8, 10, 16};

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

} // namespace
} // namespace rift::test
