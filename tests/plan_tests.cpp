// The planner's decisions, without running a transform: radix choices, launch shapes, tables and the plan print.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <string>
#include <vector>

#include "library/plan/factorize.h"
#include "library/tables/twiddle_table.h"
#include "library/tables/unit_roots.h"
#include "rift/rift.hpp"

namespace {

using Radices = std::vector<uint32_t>;

TEST(Factorize, ChoosesFewestPassesThenTheMostEvenSplit)
{
    EXPECT_EQ(rift::choose_radices(1), Radices({1}));
    EXPECT_EQ(rift::choose_radices(13), Radices({13}));
    EXPECT_EQ(rift::choose_radices(64), Radices({8, 8}));
    EXPECT_EQ(rift::choose_radices(256), Radices({16, 16}));
    EXPECT_EQ(rift::choose_radices(1000), Radices({10, 10, 10}));
    EXPECT_EQ(rift::choose_radices(1024), Radices({16, 8, 8}));
    EXPECT_EQ(rift::choose_radices(2187), Radices({9, 9, 9, 3}));
    EXPECT_EQ(rift::choose_radices(4096), Radices({16, 16, 16}));
}

TEST(Factorize, EveryProductOfRadicesIsCoveredAndNothingElse)
{
    for (uint64_t length = 1; length <= 20000; ++length) {
        uint64_t rest = length;
        for (uint64_t p : {2, 3, 5, 7, 11, 13})
            while (rest % p == 0) rest /= p;
        const auto radices = rift::choose_radices(length);
        ASSERT_EQ(radices.has_value(), rest == 1) << "length " << length;
        if (!radices) continue;
        uint64_t product = 1;
        for (uint32_t radix : *radices) product *= radix;
        EXPECT_EQ(product, length);
    }
}

TEST(UnitRoots, MatchLongDoubleToTheLastBit)
{
    for (uint64_t n : {3ull, 7ull, 1000ull, 4096ull, 1ull << 40, 999983ull})
        for (uint64_t m : std::vector<uint64_t>{0, 1, n / 8, n / 4 + 1, n / 2, n - 1}) {
            const rift::UnitRoot root = rift::forward_unit_root(m, n);
            const long double angle = -2 * 3.141592653589793238462643383279502884L * (long double)m / n;
            EXPECT_NEAR(root.re, double(std::cos(angle)), 1.2e-16) << m << "/" << n;
            EXPECT_NEAR(root.im, double(std::sin(angle)), 1.2e-16) << m << "/" << n;
        }
}

TEST(UnitRoots, TableOfOneOrderGivesExactlyTheDirectValues)
{
    for (uint64_t n : {1ull, 2ull, 12ull, 1000ull, 2187ull, 4096ull}) {
        rift::UnitRootsOfOrder roots(n);
        for (uint64_t m = 0; m < 3 * n; m += 1 + n / 500) {
            const rift::UnitRoot direct = rift::forward_unit_root(m, n);
            const rift::UnitRoot tabled = roots(m);
            EXPECT_EQ(tabled.re, direct.re) << m << "/" << n;
            EXPECT_EQ(tabled.im, direct.im) << m << "/" << n;
        }
    }
}

TEST(TwiddleTable, HoldsOneEntryPerNontrivialPassTwiddle)
{
    const Radices radices{16, 8, 8};
    const auto table = rift::stockham_twiddles(radices);
    EXPECT_EQ(table.size(), 1024u - 1);
    // Pass 1 (span 16, radix 8), k = 3, r = 5: exp(-2 pi i 15 / 128), at (16 - 1) + 4 * 16 + 3.
    const auto entry = table[15 + 4 * 16 + 3];
    EXPECT_NEAR(entry.re, std::cos(-2 * M_PI * 15 / 128), 2.3e-16);
    EXPECT_NEAR(entry.im, std::sin(-2 * M_PI * 15 / 128), 2.3e-16);
}

TEST(PlanPrint, ShowsTreeAndKernelChain)
{
    rift::library library;
    const rift::plan plan(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                          {1024}, 1000);
    const std::string text = plan.print();
    EXPECT_NE(text.find("(plan c2c-forward single out-of-place lengths 1024 batch 1000"), std::string::npos) << text;
    EXPECT_NE(text.find("(stockham-fixed length 1024 radices 16x8x8 batch 1000 per-block 1)"), std::string::npos) << text;
    EXPECT_NE(text.find("0: fixed_stockham_kernel<single, forward> grid 1000 block 64x1 lds 8696 B: user_in -> user_out"),
              std::string::npos)
        << text;
}

TEST(PlanPrint, InPlacePlansWriteTheirInput)
{
    rift::library library;
    const rift::plan plan(rift_placement_inplace, rift_transform_type_complex_inverse, rift_precision_double, {12},
                          5);
    const std::string text = plan.print();
    EXPECT_NE(text.find("(stockham length 12 radices 12 batch 5 per-block 5)"), std::string::npos) << text;
    EXPECT_NE(text.find("user_in -> user_in"), std::string::npos) << text;
}

} // namespace
