// The planner's decisions, without running a transform: radix choices, launch shapes, tables and the plan print.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <complex>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "kernels/real_to_real.h"
#include "library/plan/factorize.h"
#include "library/plan/row_column_node.h"
#include "library/tables/radix_transform.h"
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

// Column tiles of 4096 single points fill an SM each; where DRAM is fast for the SMs (H200) a third step of
// shorter factors beats them, elsewhere (H100) two steps stay. Other column factors keep their splits.
TEST(RowColumnSplit, AvoidsColumnTilesThatFillAnSmWhereDramIsFast)
{
    using Factors = std::vector<size_t>;
    rift::PlanContext h100_like{rift::kNoDevice, 227 * 1024, 12.8};
    rift::PlanContext h200_like{rift::kNoDevice, 227 * 1024, 18.8};
    EXPECT_EQ(rift::row_column_factors(size_t(1) << 24, rift::Precision::single, h100_like), (Factors{4096, 4096}));
    EXPECT_EQ(rift::row_column_factors(size_t(1) << 24, rift::Precision::single, h200_like),
              (Factors{256, 256, 256}));
    for (const auto& context : {h100_like, h200_like}) {
        EXPECT_EQ(rift::row_column_factors(size_t(1) << 23, rift::Precision::single, context), (Factors{2048, 4096}));
        EXPECT_EQ(rift::row_column_factors(size_t(1) << 22, rift::Precision::double_, context),
                  (Factors{2048, 2048}));
        EXPECT_EQ(rift::row_column_factors(size_t(1) << 20, rift::Precision::single, context), (Factors{1024, 1024}));
        EXPECT_EQ(rift::row_column_factors(4782969, rift::Precision::single, context), (Factors{2187, 2187}));
        EXPECT_EQ(rift::row_column_factors(9765625, rift::Precision::single, context), (Factors{3125, 3125}));
    }
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

// The fewest passes counted without listing the sets, the sets listed with that count: against the fewest factors
// found by a search over every divisor (a length's fewest factors are one plus the fewest of length / radix).
TEST(Factorize, FewestPassCountsMatchTheSetsAndAnExhaustiveSearch)
{
    const std::vector<uint32_t> radices{2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
                                        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};
    constexpr uint64_t kLongest = 40000;
    std::vector<size_t> fewest(kLongest + 1, 0); // 0: no product of radices
    for (uint64_t length = 2; length <= kLongest; ++length)
        for (uint32_t radix : radices)
            if (length % radix == 0 && (length == radix || fewest[length / radix] != 0) &&
                (fewest[length] == 0 || fewest[length / radix] + 1 < fewest[length]))
                fewest[length] = length == radix ? 1 : fewest[length / radix] + 1;
    for (uint64_t length = 2; length <= kLongest; length += length < 4000 ? 1 : 7) {
        EXPECT_EQ(rift::fewest_pass_count(length, 32), fewest[length]) << "length " << length;
        const auto sets = rift::fewest_pass_radix_sets(length, 32);
        ASSERT_EQ(sets.empty(), fewest[length] == 0) << "length " << length;
        for (const Radices& set : sets) {
            EXPECT_EQ(set.size(), fewest[length]) << "length " << length;
            EXPECT_TRUE(std::is_sorted(set.rbegin(), set.rend())) << "length " << length;
            uint64_t product = 1;
            for (uint32_t radix : set) product *= radix;
            EXPECT_EQ(product, length);
        }
    }
    EXPECT_EQ(rift::fewest_pass_count(37, 32), 0u);
    EXPECT_EQ(rift::fewest_pass_count(1, 32), 0u);
    // The one-sweep counts of the 13-smooth lengths: every such length of the range, in order, with its count.
    const auto smooth = [](uint64_t length) {
        for (uint64_t prime : {2, 3, 5, 7, 11, 13})
            while (length % prime == 0) length /= prime;
        return length == 1;
    };
    for (const auto& [first, last] : {std::pair<uint64_t, uint64_t>{2, 3000}, {17001, kLongest}}) {
        std::vector<rift::LengthPasses> expected;
        for (uint64_t length = first; length <= last; ++length)
            if (smooth(length) && fewest[length] != 0) expected.push_back({length, fewest[length]});
        const std::vector<rift::LengthPasses> swept = rift::smooth_lengths_with_pass_counts(first, last, 32);
        ASSERT_EQ(swept.size(), expected.size()) << first << ".." << last;
        for (size_t i = 0; i < swept.size(); ++i) {
            EXPECT_EQ(swept[i].length, expected[i].length);
            EXPECT_EQ(swept[i].passes, expected[i].passes) << "length " << swept[i].length;
        }
    }
    for (const rift::LengthPasses& entry : rift::smooth_lengths_with_pass_counts(1, 20000, 16))
        EXPECT_EQ(entry.passes, rift::fewest_pass_count(entry.length, 16)) << "length " << entry.length;
}

// Plan-time spectra: the passes of any radices, composite and large prime ones too, against a long double DFT.
TEST(RadixTransform, MatchesTheDftInDouble)
{
    for (const Radices& radices : {Radices{7}, Radices{16, 16, 9, 9}, Radices{32, 27, 24}, Radices{31, 29, 2},
                                   Radices{18, 13, 19}}) {
        uint64_t length = 1;
        for (uint32_t radix : radices) length *= radix;
        std::vector<rift::ComplexDouble> input(length);
        for (uint64_t n = 0; n < length; ++n) input[n] = {std::sin(0.7 * n + 0.3), std::cos(1.3 * n * n)};
        const double scale = 1.0 / double(length);
        const std::vector<rift::ComplexDouble> output = rift::radix_transform(input, radices, scale);
        ASSERT_EQ(output.size(), length);
        long double error = 0, norm = 0;
        for (uint64_t k = 0; k < length; k += 1 + length / 97) {
            std::complex<long double> sum = 0;
            for (uint64_t n = 0; n < length; ++n) {
                const rift::UnitRoot root = rift::forward_unit_root(n * k % length, length);
                sum += std::complex<long double>(input[n].re, input[n].im) * std::complex<long double>(root.re, root.im);
            }
            sum *= (long double)scale;
            error += std::norm(std::complex<long double>(output[k].re, output[k].im) - sum);
            norm += std::norm(sum);
        }
        EXPECT_LT(std::sqrt(error / norm), 2e-15L) << "length " << length;
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

// Both ways of making roots (one at a time, and a table of one order built from two short tables of long double
// roots) must round the true value correctly, up to the long double evaluation's own error: within half a unit
// in the last place of a double, plus 1e-18.
TEST(UnitRoots, DirectAndTabledRootsAreCorrectlyRounded)
{
    for (uint64_t n : {1ull, 2ull, 12ull, 1000ull, 2187ull, 4096ull, 65537ull, 196608ull}) {
        rift::UnitRootsOfOrder roots(n);
        for (uint64_t m = 0; m < 3 * n; m += 1 + n / 500) {
            const long double turns = (long double)(m % n) / (long double)n;
            const long double angle = -2 * 3.141592653589793238462643383279502884L * turns;
            const long double exact[] = {std::cos(angle), std::sin(angle)};
            const rift::UnitRoot direct = rift::forward_unit_root(m, n);
            const rift::UnitRoot tabled = roots(m);
            for (int part = 0; part < 2; ++part) {
                const double exact_double = double(exact[part]);
                const long double bound =
                    0.5L * (std::nextafter(std::abs(exact_double), 2.0) - std::abs(exact_double)) + 1e-18L;
                for (const rift::UnitRoot& made : {direct, tabled}) {
                    const double value = part == 0 ? made.re : made.im;
                    EXPECT_LE(std::abs((long double)value - exact[part]), bound) << m << "/" << n << " part " << part;
                }
            }
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

// A one-block real-to-real kernel's table: its items' rotations (the halved DCT-II and DCT-III forms' pairs
// (rotation(8k), rotation(2k)) for k in [0, n / 4], DCT-IV's rotation(4m + 1) then rotation(4q) for m, q < n / 2),
// then the two-level roots, which RealToRealRotation reads past them; other forms hold only the two-level roots.
TEST(TwiddleTable, RealToRealRotationsHoldTheItemsRotationsBeforeTheTwoLevelRoots)
{
    using rift::kernels::RealToRealKind;
    for (RealToRealKind kind :
         {RealToRealKind::dct2, RealToRealKind::dst3, RealToRealKind::dct4, RealToRealKind::dst4, RealToRealKind::dct1})
        for (uint32_t n : {2u, 6u, 999u, 1014u, 1024u}) {
            const uint64_t order = rift::kernels::real_to_real_rotation_order(kind, n);
            const std::vector<rift::UnitRoot> roots = rift::real_to_real_rotations(kind, n);
            std::vector<rift::kernels::Complex<double>> table(roots.size());
            for (size_t i = 0; i < roots.size(); ++i) table[i] = {roots[i].re, roots[i].im};
            const rift::kernels::RealToRealRotation<double> rotation(table.data(), rift::step_twiddle_bits(order),
                                                                     kind, n);
            const auto expect_root = [&](rift::kernels::Complex<double> w, uint64_t e, const char* what) {
                const rift::UnitRoot exact = rift::forward_unit_root(e, order);
                EXPECT_NEAR(w.re, exact.re, 4.5e-16) << n << " " << what << " " << e;
                EXPECT_NEAR(w.im, exact.im, 4.5e-16) << n << " " << what << " " << e;
            };
            const bool even = n % 2 == 0;
            const bool halved_two_three = even && (kind == RealToRealKind::dct2 || kind == RealToRealKind::dst3);
            const bool halved_four = even && (kind == RealToRealKind::dct4 || kind == RealToRealKind::dst4);
            EXPECT_EQ(rotation.items, halved_two_three ? 2 * (n / 4 + 1) : halved_four ? n : 0u) << n;
            for (uint32_t k = 0; halved_two_three && k <= n / 4; ++k) {
                const auto pair = rift::kernels::halved_rotation_pair(rotation, k);
                expect_root(pair.unpack, 8 * k, "unpack");
                expect_root(pair.turn, 2 * k, "turn");
            }
            for (uint32_t m = 0; halved_four && m < n / 2; ++m) {
                expect_root(rift::kernels::dct4_input_rotation(rotation, m), 4 * m + 1, "DCT-IV input");
                expect_root(rift::kernels::dct4_output_rotation(rotation, m), 4 * m, "DCT-IV output");
            }
            for (uint64_t e = 0; e < order; e += 1 + order / 97) expect_root(rotation(uint32_t(e)), e, "two-level");
        }
}

// Planning acquires tables without making them; making them once serves every plan that shares them, however
// many threads ask at once.
TEST(TwiddleTable, IsMadeOnceWhenFirstAskedAndSharedUntilThen)
{
    std::atomic<int> makes{0};
    const rift::MakeTable make = [&makes](std::shared_ptr<const rift::TwiddleTable>& made) {
        ++makes;
        return rift::make_unshared_table({{1.0, 0.0}, {0.0, -1.0}}, rift::Precision::double_, rift::kNoDevice, made);
    };
    // Parameters no plan of this process uses (a radix of 1), so that no live plan holds the table; a short table,
    // which the on-disk cache does not keep.
    const std::vector<uint64_t> parameters{1, 7};
    std::shared_ptr<const rift::TwiddleTable> first, second;
    ASSERT_EQ(rift::acquire_rader_table(rift::RaderTable::twiddles, parameters, rift::Precision::double_,
                                        rift::kNoDevice, make, first),
              rift_status_success);
    ASSERT_EQ(rift::acquire_rader_table(rift::RaderTable::twiddles, parameters, rift::Precision::double_,
                                        rift::kNoDevice, make, second),
              rift_status_success);
    EXPECT_EQ(first, second);
    EXPECT_EQ(makes.load(), 0) << "acquired, not made";
    EXPECT_FALSE(first->made());
    EXPECT_EQ(first->host_data(), nullptr);
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int t = 0; t < 8; ++t)
        threads.emplace_back([&] { failures += second->make() != rift_status_success; });
    for (std::thread& thread : threads) thread.join();
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(makes.load(), 1);
    ASSERT_TRUE(first->made());
    const auto* entries = static_cast<const double*>(first->host_data());
    ASSERT_NE(entries, nullptr);
    EXPECT_EQ(entries[3], -1.0);

    // Once no plan holds it, the next plan makes it again.
    first.reset();
    second.reset();
    ASSERT_EQ(rift::acquire_rader_table(rift::RaderTable::twiddles, parameters, rift::Precision::double_,
                                        rift::kNoDevice, make, first),
              rift_status_success);
    EXPECT_FALSE(first->made());
    EXPECT_EQ(first->make(), rift_status_success);
    EXPECT_EQ(makes.load(), 2);
}

// A failed make leaves the table to the next attempt.
TEST(TwiddleTable, AFailedMakeIsTriedAgain)
{
    int attempts = 0;
    std::shared_ptr<const rift::TwiddleTable> table;
    ASSERT_EQ(rift::acquire_rader_table(
                  rift::RaderTable::logarithms, {(uint64_t(1) << 40) + 1}, rift::Precision::single, rift::kNoDevice,
                  [&attempts](std::shared_ptr<const rift::TwiddleTable>& made) {
                      if (++attempts == 1) return rift_status_out_of_memory;
                      return rift::make_unshared_table({{0.5, 0.25}}, rift::Precision::single, rift::kNoDevice, made);
                  },
                  table),
              rift_status_success);
    EXPECT_EQ(table->make(), rift_status_out_of_memory);
    EXPECT_FALSE(table->made());
    EXPECT_EQ(table->make(), rift_status_success);
    EXPECT_EQ(static_cast<const float*>(table->host_data())[1], 0.25f);
    EXPECT_EQ(attempts, 2);
}

TEST(PlanPrint, ShowsTreeAndKernelChain)
{
    rift::library library;
    const rift::plan plan(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                          {1024}, 1000);
    const std::string text = plan.print();
    EXPECT_NE(text.find("(plan c2c-forward single out-of-place lengths 1024 batch 1000"), std::string::npos) << text;
    EXPECT_NE(text.find("  in (offset 0 strides 1 distance 1024)\n  out (offset 0 strides 1 distance 1024)\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("(stockham-fixed length 1024 radices 8x8x16 batch 1000:1024/1024 per-block 1)"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("work buffer"), std::string::npos) << "a one-kernel plan needs no work buffer\n" << text;
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
    EXPECT_NE(text.find("(stockham length 12 radices 12 batch 5:12/12 per-block 5)"), std::string::npos) << text;
    EXPECT_NE(text.find("user_in -> user_in"), std::string::npos) << text;
}

// The plan print up to "kernels:" (the node tree: the planner's decisions), and the kernel chain after it.
std::pair<std::string, std::vector<std::string>> split_print(const std::string& text)
{
    const size_t kernels = text.find("kernels:\n");
    if (kernels == std::string::npos) return {text, {}};
    std::vector<std::string> lines;
    std::istringstream chain(text.substr(kernels + 9));
    for (std::string line; std::getline(chain, line);) lines.push_back(line);
    return {text.substr(0, kernels), lines};
}

// Kernel lines are checked against patterns that pin the kernel, grid, buffers and twiddles but leave the block
// shape, shared memory and staging free: those are launch tuning (ShowsTreeAndKernelChain pins one in full).
void expect_kernels(const std::vector<std::string>& lines, const std::vector<std::string>& patterns,
                    const std::string& text)
{
    ASSERT_EQ(lines.size(), patterns.size()) << text;
    for (size_t i = 0; i < lines.size(); ++i)
        EXPECT_TRUE(std::regex_match(lines[i], std::regex(patterns[i])))
            << "kernel line " << i << ": " << lines[i] << "\ndoes not match " << patterns[i] << "\n" << text;
}

// A 1D length beyond one kernel: two passes of 1024 (the first twiddled: columns of the 1024 x 1024 view) through
// a work buffer that holds the whole batch, 2 x 2^20 single-precision elements.
TEST(PlanPrint, RowColumnPlanGoesThroughItsWorkBuffer)
{
    rift::library library;
    const rift::plan plan(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                          {size_t(1) << 20}, 2);
    const std::string text = plan.print();
    const auto [tree, kernels] = split_print(text);
    EXPECT_EQ(tree, "(plan c2c-forward single out-of-place lengths 1048576 batch 2 scale 1\n"
                    "  in (offset 0 strides 1 distance 1048576)\n"
                    "  out (offset 0 strides 1 distance 1048576)\n"
                    "  work buffer 16777216 bytes\n"
                    "  (row-column length 1048576 factors 1024x1024 work 2097152\n"
                    "    (stockham-fixed length 1024 radices 8x8x16 batch 1024:1/1 2:1048576/1048576 per-block 8)\n"
                    "    (stockham-fixed length 1024 radices 8x8x16 batch 1024:1024/1 2:1048576/1048576 per-block 8)\n"
                    "  )\n"
                    ")\n");
    expect_kernels(kernels,
                   {R"(  0: fixed_stockham_kernel<single, forward> grid 256 block \d+x\d+ lds \d+ B: )"
                    R"(user_in( \(staged\))? -> work( \(staged\))? twiddled)",
                    R"(  1: fixed_stockham_kernel<single, forward> grid 256 block \d+x\d+ lds \d+ B: )"
                    R"(work( \(staged\))? -> user_out( \(staged\))? last-to-first)"},
                   text);
    EXPECT_EQ(plan.work_buffer_size(), size_t(16777216));
    EXPECT_EQ(rift::plan::estimate_work_buffer_size(rift_placement_notinplace, rift_transform_type_complex_forward,
                                                    rift_precision_single, {size_t(1) << 20}, 2),
              size_t(16777216));
}

// Factors with kernels of their own go up to 4096 single / 2048 double, so 2^24 single and 2^22 double take two
// steps; a length whose two-factor split would need a factor beyond 2048 single without one (3 x 2^22 as 3072 x
// 4096) keeps three steps, of factors with kernels of their own.
TEST(PlanPrint, LongFactorsNeedKernelsOfTheirOwn)
{
    rift::library library;
    const auto factors_of = [](rift_precision precision, size_t length) {
        const rift::plan plan(rift_placement_notinplace, rift_transform_type_complex_forward, precision, {length}, 1);
        const std::string print = plan.print();
        const size_t at = print.find(" factors ");
        return at == std::string::npos ? print : print.substr(at + 9, print.find(' ', at + 9) - at - 9);
    };
    EXPECT_EQ(factors_of(rift_precision_single, size_t(1) << 24), "4096x4096");
    EXPECT_EQ(factors_of(rift_precision_single, size_t(1) << 23), "2048x4096");
    EXPECT_EQ(factors_of(rift_precision_double, size_t(1) << 22), "2048x2048");
    EXPECT_EQ(factors_of(rift_precision_single, size_t(3) << 22), "8x1024x1536");
}

// 2^22 single, 2048 x 2048: a column-step warp stores its tile's 4 columns times 8 rows, so the work buffer keeps
// the 4 rows of each row-step tile side by side (element m of row k1 at (k1 mod 4) + 4 m + 8192 (k1 / 4)): the
// column step writes whole lines, and the row step reads its 4 rows as one run, tile-major (neither staged).
// 2^20 (1024 x 1024) keeps plain rows: its tiles are 8 columns and 8 rows, and a warp's stores would scatter.
TEST(PlanPrint, TwoStepPlansKeepEachRowTilesRowsSideBySide)
{
    rift::library library;
    const rift::plan grouped(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                             {size_t(1) << 22}, 1);
    const std::string text = grouped.print();
    const auto [tree, kernels] = split_print(text);
    EXPECT_NE(tree.find("(stockham-fixed length 2048 radices 16x8x16 batch 2048:1/4 out-groups 4:1/8192 per-block 4)"),
              std::string::npos)
        << text;
    EXPECT_NE(tree.find("(stockham-fixed length 2048 radices 16x8x16 batch 4:1/1 512:8192/4 per-block 4)"),
              std::string::npos)
        << text;
    expect_kernels(kernels,
                   {R"(  0: fixed_stockham_kernel<single, forward> grid 512 block 4x128 lds \d+ B: )"
                    R"(user_in -> work twiddled)",
                    R"(  1: fixed_stockham_kernel<single, forward> grid 512 block 4x128 lds \d+ B: work -> user_out )"
                    R"(last-to-first)"},
                   text);
    const rift::plan plain(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                           {size_t(1) << 20}, 1);
    EXPECT_EQ(plain.print().find("out-groups"), std::string::npos) << plain.print();
}

// A 2D plan: rows of 64 (merged with the batch into 144 contiguous transforms) from the input into the output,
// then columns of 48 (64 of them in each of 3 transforms) in place there. No work buffer.
TEST(PlanPrint, TwoDimensionalPlanRunsOnePassPerDimension)
{
    rift::library library;
    const rift::plan plan(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                          {64, 48}, 3);
    const std::string text = plan.print();
    const auto [tree, kernels] = split_print(text);
    EXPECT_EQ(tree, "(plan c2c-forward single out-of-place lengths 64 48 batch 3 scale 1\n"
                    "  in (offset 0 strides 1 64 distance 3072)\n"
                    "  out (offset 0 strides 1 64 distance 3072)\n"
                    "  (dimensions 64 48\n"
                    "    (stockham-fixed length 64 radices 8x8 batch 144:64/64 per-block 8)\n"
                    "    (stockham-compiled length 48 radices 8x6 batch 64:1/1 3:3072/3072 per-block 16)\n"
                    "  )\n"
                    ")\n");
    expect_kernels(kernels,
                   {R"(  0: fixed_stockham_kernel<single, forward> grid 18 block \d+x\d+ lds \d+ B: )"
                    R"(user_in( \(staged\))? -> user_out( \(staged\))?)",
                    R"(  1: compiled_stockham_kernel<single, forward> \(compiled [^)]+\) grid 12 block \d+x\d+ lds \d+ B: )"
                    R"(user_out( \(staged\))? -> user_out( \(staged\))? last-to-first)"},
                   text);
    EXPECT_EQ(plan.work_buffer_size(), 0u);
}

// A 2D C2R whose spectrum rows do not start on 32-byte sectors (33 complex elements, 264 bytes) stages the
// spectrum in the work buffer with rows padded to 36 elements: the column pass reads the user's input once and
// the real pass reads whole sectors. An R2C of the same shape is not staged (its last pass would write parts of
// sectors), nor is a C2R whose spectrum rows already start on sectors (N0 = 6: rows of 4 elements, 32 bytes).
TEST(PlanPrint, MisalignedTwoDimensionalComplexToRealStagesItsSpectrum)
{
    rift::library library;
    const rift::plan c2r(rift_placement_notinplace, rift_transform_type_real_inverse, rift_precision_single, {64, 48},
                         3);
    const std::string text = c2r.print();
    const auto [tree, kernels] = split_print(text);
    EXPECT_NE(tree.find("  (dimensions 64 48 staged work 5184\n"), std::string::npos) << text;
    expect_kernels(kernels,
                   {R"(  0: \w+_stockham_kernel<single, inverse>( \([^)]+\))? grid \d+ block \d+x\d+ lds \d+ B: )"
                    R"(user_in( \(staged\))? -> work( \(staged\))?)",
                    R"(  1: fixed_stockham_kernel<single, inverse> grid \d+ block \d+x\d+ lds \d+ B: )"
                    R"(work( \(staged\))? -> user_out( \(staged\))? real-inverse half-length)"},
                   text);
    EXPECT_EQ(c2r.work_buffer_size(), size_t(36 * 48 * 3 * 8));

    const rift::plan r2c(rift_placement_notinplace, rift_transform_type_real_forward, rift_precision_single, {64, 48},
                         3);
    EXPECT_EQ(r2c.print().find("staged work"), std::string::npos) << r2c.print();

    const rift::plan aligned(rift_placement_notinplace, rift_transform_type_real_inverse, rift_precision_single,
                             {6, 48}, 3);
    EXPECT_EQ(aligned.print().find("staged work"), std::string::npos) << aligned.print();
    EXPECT_EQ(aligned.work_buffer_size(), 0u);
}

// The same misaligned shape as an R2C goes column first: the 48-point columns of the reals seen as 32 complex
// pairs into the work buffer, then the rows, each block unpacking a row with its mirror and writing them whole.
// With spectrum rows that already start on sectors (N0 = 6: 4 elements, 32 bytes) it goes fastest first.
TEST(PlanPrint, MisalignedTwoDimensionalRealToComplexGoesColumnFirst)
{
    rift::library library;
    const rift::plan r2c(rift_placement_notinplace, rift_transform_type_real_forward, rift_precision_single, {64, 48},
                         3);
    const std::string text = r2c.print();
    const auto [tree, kernels] = split_print(text);
    EXPECT_NE(tree.find("  (dimensions 64 48 column-first work 4608\n"), std::string::npos) << text;
    EXPECT_NE(tree.find("(real-forward length 64 half-length mirrored-rows (stockham-fixed length 32"),
              std::string::npos)
        << text;
    expect_kernels(kernels,
                   {R"(  0: \w+_stockham_kernel<single, forward>( \([^)]+\))? grid \d+ block \d+x\d+ lds \d+ B: )"
                    R"(user_in( \(staged\))? -> work( \(staged\))?)",
                    R"(  1: mirrored_real_stockham_kernel<single, forward> grid \d+ block 4x\d+ lds \d+ B: )"
                    R"(work -> user_out \(staged\) real-forward half-length)"},
                   text);
    EXPECT_EQ(r2c.work_buffer_size(), size_t(32 * 48 * 3 * 8));

    const rift::plan aligned(rift_placement_notinplace, rift_transform_type_real_forward, rift_precision_single,
                             {6, 48}, 3);
    EXPECT_EQ(aligned.print().find("column-first"), std::string::npos) << aligned.print();
    EXPECT_EQ(aligned.work_buffer_size(), 0u);
}

// Primes whose convolution length (the prime minus one) has a one-block kernel: Rader's algorithm, one kernel
// compiled for that length (1009: 1008 = 16 x 63), whatever the direction.
TEST(PlanPrint, PrimeLengthRunsOneRaderKernel)
{
    rift::library library;
    for (rift_transform_type type : {rift_transform_type_complex_forward, rift_transform_type_complex_inverse}) {
        const rift::plan plan(rift_placement_inplace, type, rift_precision_single, {1009}, 5);
        const std::string text = plan.print();
        const auto [tree, kernels] = split_print(text);
        EXPECT_NE(tree.find("  (rader length 1009 convolution 1008 batch 5:1009/1009 per-block "), std::string::npos)
            << text;
        expect_kernels(kernels,
                       {R"(  0: compiled_rader_kernel<single>( \(compiled rader convolution 1008 [^)]*\))? grid \d+ )"
                        R"(block \d+x\d+ lds \d+ B: user_in -> user_in (forward|inverse) length 1009)"},
                       text);
        EXPECT_EQ(plan.work_buffer_size(), 0u);
    }
}

// Other lengths with a prime factor above 13: one Bluestein kernel, padded to the shortest length with a kernel
// of its own that is at least 2N - 2 (1019: 2048), whatever the direction.
TEST(PlanPrint, PrimeLengthRunsOneBluesteinKernel)
{
    rift::library library;
    for (rift_transform_type type : {rift_transform_type_complex_forward, rift_transform_type_complex_inverse}) {
        const rift::plan plan(rift_placement_inplace, type, rift_precision_single, {1019}, 5);
        const std::string text = plan.print();
        const auto [tree, kernels] = split_print(text);
        EXPECT_NE(tree.find("  (bluestein length 1019 padded 2048 batch 5:1019/1019 per-block 1)\n"),
                  std::string::npos)
            << text;
        expect_kernels(kernels,
                       {R"(  0: fixed_bluestein_kernel<single> grid 5 block 128x1 lds \d+ B: user_in -> user_in )"
                        R"((forward|inverse) length 1019 padded 2048)"},
                       text);
        EXPECT_EQ(plan.work_buffer_size(), 0u);
    }
}

// The chirp filter's ends share one slot (w_(-m) = w_m), so N = 2^k + 1 pads to exactly 2^(k+1): in one block
// (1025 = 25 x 41) and as a plan of its own (65537, whose padded transform the long plan prints).
TEST(PlanPrint, BluesteinPadsToTwiceTheLengthLessTwo)
{
    rift::library library;
    const rift::plan short_plan(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                                {1025}, 3);
    EXPECT_NE(short_plan.print().find("(bluestein length 1025 padded 2048 "), std::string::npos) << short_plan.print();
    const rift::plan long_plan(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                               {65537}, 1);
    EXPECT_NE(long_plan.print().find("(bluestein length 65537 padded 131072 "), std::string::npos)
        << long_plan.print();
}

// A one-block padding of fewest passes through the slot replaces the catalogue's power of two only where it is
// at most 0.8 of it: 1097 (2193 at least) pads to 13^3 = 2197 rather than 4096; 1979 (3957) keeps 4096, its
// cheapest compiled padding (3960) being hardly shorter.
TEST(PlanPrint, BluesteinPadsShorterOnlyWellBelowThePowerOfTwo)
{
    rift::library library;
    const auto padding_of = [](size_t length) {
        const rift::plan plan(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                              {length}, 3);
        const std::string print = plan.print();
        const size_t at = print.find(" padded ");
        return at == std::string::npos ? std::string(print) : print.substr(at + 8, print.find(' ', at + 8) - at - 8);
    };
    EXPECT_EQ(padding_of(1097), "2197");
    EXPECT_EQ(padding_of(1979), "4096");
}

size_t occurrences(const std::string& text, const std::string& word)
{
    size_t count = 0;
    for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++count;
    return count;
}

// Beyond one block a complex Bluestein transform takes three kernels: forward columns with the chirp in, rows
// with the spectrum product, inverse columns with the chirp out. Real ones and padded lengths of more than two
// factors keep the element-wise steps around two padded plans.
TEST(PlanPrint, LongBluesteinRunsThreeKernels)
{
    rift::library library;
    for (rift_precision precision : {rift_precision_single, rift_precision_double}) {
        const rift::plan plan(rift_placement_inplace, rift_transform_type_complex_inverse, precision, {65537}, 2);
        const std::string print = plan.print();
        EXPECT_NE(print.find("(bluestein length 65537 padded 131072 factors 256x512 "), std::string::npos) << print;
        EXPECT_EQ(occurrences(print, "bluestein_step_kernel<"), 3u) << print;
        EXPECT_EQ(occurrences(print, "kernel<"), 3u) << print;
    }
    const rift::plan real(rift_placement_notinplace, rift_transform_type_real_forward, rift_precision_single, {65537},
                          1);
    EXPECT_EQ(occurrences(real.print(), "bluestein_pointwise_kernel<"), 3u) << real.print();
}

// Bluestein's tables are exact where it matters: the chirp's angle comes from n^2 mod 2N in integers.
TEST(BluesteinChirp, MatchesLongDoubleAndConjugatesForInverse)
{
    const uint64_t length = 65537;
    const std::vector<rift::ComplexDouble> forward = rift::bluestein_chirp(length, rift::Direction::forward);
    const std::vector<rift::ComplexDouble> inverse = rift::bluestein_chirp(length, rift::Direction::inverse);
    ASSERT_EQ(forward.size(), length);
    ASSERT_EQ(inverse.size(), length);
    const long double pi = 3.141592653589793238462643383279502884L;
    double worst = 0;
    for (uint64_t n = 0; n < length; n += 97) {
        const long double angle = -pi * static_cast<long double>((n * n) % (2 * length)) / length;
        worst = std::max(worst, double(std::abs(std::complex<long double>(forward[n].re, forward[n].im) -
                                                std::polar(1.0L, angle))));
        EXPECT_EQ(inverse[n].re, forward[n].re);
        EXPECT_EQ(inverse[n].im, -forward[n].im);
    }
    EXPECT_LT(worst, 2e-16);
}

} // namespace
