// Kernels compiled at run time (library/exec/runtime_kernels.h): the shapes the planner gives them, the kernel
// template compiled by NVRTC without a GPU, the on-disk cache's behaviour (round trip, damaged entries, large
// tables, a folder that cannot be made, a read-only and a full cache, processes filling it at once), and on the
// GPU the plans that use them.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <complex>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "kernels/stockham_transform.h"
#include "library/exec/runtime_kernels.h"
#include "library/plan/compiled_kernel_list.h"
#include "library/plan/factorize.h"
#include "library/plan/plan.h"
#include "library/plan/problem.h"
#include "library/plan/stockham_shape.h"
#include "library/platform/device.h"
#include "library/tables/twiddle_table.h"
#include "rift/rift.h"
#include "tests/gpu.h"
#include "tests/handles.h"
#include "tests/host_passes.h"
#include "tests/real_check.h"
#include "tests/transform_check.h"

#if defined(__SANITIZE_ADDRESS__)
#define RIFT_TESTS_UNDER_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RIFT_TESTS_UNDER_ADDRESS_SANITIZER 1
#endif
#endif
#ifndef RIFT_TESTS_UNDER_ADDRESS_SANITIZER
#define RIFT_TESTS_UNDER_ADDRESS_SANITIZER 0
#endif

namespace rift::test {
namespace {

bool smooth(uint32_t n)
{
    for (uint32_t p : {2u, 3u, 5u, 7u, 11u, 13u})
        while (n % p == 0) n /= p;
    return n == 1;
}

// Every smooth length without a catalogue kernel gets a register-resident shape within the limits the kernel
// template assumes: lanes within a wide block, each pass's butterflies within the lane's registers.
TEST(RuntimeKernels, EveryOneBlockLengthHasACompiledShape)
{
    for (const size_t element_bytes : {size_t(8), size_t(16)}) {
        const uint32_t longest = element_bytes == 8 ? 16384 : 8192;
        for (uint32_t length = 2; length <= longest; ++length) {
            if (!smooth(length)) continue;
            const StockhamShape shape = compiled_stockham_shape(length, element_bytes);
            ASSERT_FALSE(shape.radices.empty()) << length << " (" << element_bytes << "-byte elements)";
            const uint32_t lanes = shape.threads_per_transform;
            const uint32_t elements = compiled_lane_elements(length, shape.radices, lanes);
            EXPECT_LE(lanes, kernels::kMaxWideThreadsPerBlock) << length;
            EXPECT_LE(elements, element_bytes == 8 ? 32u : 16u) << length;
            EXPECT_GE(uint64_t(lanes) * elements, length) << length;
            uint64_t product = 1;
            for (uint32_t radix : shape.radices) {
                product *= radix;
                // Each pass's butterflies, split over the lanes, fit the registers.
                EXPECT_LE((length / radix + lanes - 1) / lanes * radix, elements) << length << " radix " << radix;
            }
            EXPECT_EQ(product, length);
        }
    }
}

bool has_compiled_only_radix(const std::vector<uint32_t>& radices)
{
    for (uint32_t radix : radices)
        for (int compiled_only : kernels::kCompiledOnlyRadices)
            if (radix == uint32_t(compiled_only)) return true;
    return false;
}

// The lengths 17..longest whose compiled shape takes a radix only compiled kernels take.
std::vector<uint32_t> compiled_only_radix_lengths(size_t element_bytes, uint32_t longest)
{
    std::vector<uint32_t> lengths;
    for (uint32_t length = 17; length <= longest; ++length)
        if (has_compiled_only_radix(compiled_stockham_shape(length, element_bytes).radices))
            lengths.push_back(length);
    return lengths;
}

// A transform's arguments, twiddles and random input for running `radices`' passes on the host, and the relative
// error of its output against FFTW.
template <class Real>
struct HostPassesCase : HostPasses<Real> {
    std::vector<std::complex<Real>> input, output;

    HostPassesCase(uint32_t length, const std::vector<uint32_t>& radices, const std::string& seed_name)
        : HostPasses<Real>(length, radices), input(length), output(length)
    {
        fill_random(input, contiguous(length), {length}, 1, case_seed(seed_name + " " + std::to_string(length)));
    }
    kernels::StridedSource<Real> source() const
    {
        return {reinterpret_cast<const kernels::Complex<Real>*>(input.data()), 1};
    }
    kernels::ScaledStridedDestination<Real> destination()
    {
        return {reinterpret_cast<kernels::Complex<Real>*>(output.data()), 1, Real(1)};
    }
    long double error(bool inverse) const
    {
        const uint32_t length = uint32_t(input.size());
        std::vector<ReferenceComplex> expected;
        reference_dft(widen(input), contiguous(length), expected, contiguous(length), {length}, 1, inverse);
        return relative_error(output, expected, contiguous(length), {length}, 1);
    }
};

// One transform through the passes of `radices` with the Stockham pass math the kernels share, run on the host as
// the host executor runs compiled kernels' passes; its relative error against FFTW.
template <class Real>
long double host_passes_error(uint32_t length, const std::vector<uint32_t>& radices, bool inverse)
{
    HostPassesCase<Real> c(length, radices, "host passes");
    const uint32_t pad_period = 16;
    std::vector<kernels::Complex<Real>> slots(2 * size_t(kernels::slot_elements(length, pad_period)));
    const kernels::ScratchSlot<Real> scratch0{slots.data(), pad_period};
    const kernels::ScratchSlot<Real> scratch1{slots.data() + slots.size() / 2, pad_period};
    if (inverse)
        kernels::generic_stockham_transform<true>(c.args, 0, 1, true, c.source(), c.destination(), scratch0, scratch1,
                                                  [] {});
    else
        kernels::generic_stockham_transform<false>(c.args, 0, 1, true, c.source(), c.destination(), scratch0,
                                                   scratch1, [] {});
    return c.error(inverse);
}

// One transform through a compiled kernel's fixed passes (E elements, Lanes lanes, Radices known at compile time),
// run on the host lane after lane; its relative error against FFTW. The host executor runs compiled lengths
// through the runtime-radix passes, so this is where CI checks the fixed passes' own twiddle arithmetic
// (kernels::loaded_twiddle_powers) on compiled shapes.
template <class Real, int E, uint32_t Lanes, uint32_t Length, uint32_t... Radices>
long double fixed_passes_error(bool inverse)
{
    HostPassesCase<Real> c(Length, {Radices...}, "fixed passes");
    const uint32_t pad_period = 16;
    std::vector<kernels::Complex<Real>> slot(kernels::slot_elements(Length, pad_period));
    const kernels::ScratchSlot<Real> scratch{slot.data(), pad_period};
    std::vector<kernels::Registers<Real, E>> registers(Lanes);
    const auto for_each_lane = [&](auto&& visit) {
        for (uint32_t lane = 0; lane < Lanes; ++lane) visit(lane, registers[lane]);
    };
    if (inverse)
        kernels::fixed_stockham_passes<E, Lanes, true, Real, Length, 1, Radices...>(
            c.args, true, c.source(), c.destination(), scratch, for_each_lane, [] {});
    else
        kernels::fixed_stockham_passes<E, Lanes, false, Real, Length, 1, Radices...>(
            c.args, true, c.source(), c.destination(), scratch, for_each_lane, [] {});
    return c.error(inverse);
}

// Compiled shapes of long transforms, whose passes build their twiddles from loaded powers, through their fixed
// passes on the host, both directions, against FFTW.
TEST(RuntimeKernels, FixedPassesOfLongCompiledShapesMatchTheDftOnTheHost)
{
    static_assert(kernels::loaded_twiddle_powers<22, float, kernels::FixedPass<22, 7040, 320, 440>>() == 5);
    static_assert(kernels::loaded_twiddle_powers<10, float, kernels::FixedPass<10, 1000, 100, 100>>() == 0);
    static_assert(kernels::loaded_twiddle_powers<13, double, kernels::FixedPass<13, 2197, 169, 169>>() == 4);
    for (const bool inverse : {false, true}) {
        const char* direction = inverse ? " inverse" : " forward";
        EXPECT_LE((fixed_passes_error<float, 22, 440, 7040, 16, 20, 22>(inverse)),
                  error_bar(rift_precision_single, {7040}))
            << 7040 << direction;
        EXPECT_LE((fixed_passes_error<float, 30, 390, 9360, 12, 26, 30>(inverse)),
                  error_bar(rift_precision_single, {9360}))
            << 9360 << direction;
        EXPECT_LE((fixed_passes_error<float, 28, 637, 15925, 7, 7, 13, 25>(inverse)),
                  error_bar(rift_precision_single, {15925}))
            << 15925 << direction;
        EXPECT_LE((fixed_passes_error<double, 14, 546, 6006, 13, 11, 7, 6>(inverse)),
                  error_bar(rift_precision_double, {6006}))
            << 6006 << direction;
    }
}

// CI runs no kernel, so the math of the compiled kernels' passes of composite and large prime radices is checked
// here: every length whose compiled shape takes one, through the same passes on the host, against FFTW.
TEST(RuntimeKernels, CompiledOnlyRadixPassesMatchTheDftOnTheHost)
{
    size_t checked = 0;
    for (const size_t element_bytes : {size_t(8), size_t(16)}) {
        // One-slot lengths reach past the one-block limits (OneSlotLengthsRunInOneBlock).
        const uint32_t longest = element_bytes == 8 ? 32768 : 16384;
        const rift_precision precision = element_bytes == 8 ? rift_precision_single : rift_precision_double;
        for (const uint32_t length : compiled_only_radix_lengths(element_bytes, longest)) {
            const StockhamShape shape = compiled_stockham_shape(length, element_bytes);
            const bool inverse = length % 2 == 1;
            const long double error = element_bytes == 8 ? host_passes_error<float>(length, shape.radices, inverse)
                                                         : host_passes_error<double>(length, shape.radices, inverse);
            // Radix passes, not Bluestein: the bar of radix lengths, without Bluestein's allowance.
            const double bar = error_bar(precision, {length}) / (has_large_prime_factor(length) ? 4 : 1);
            EXPECT_LE(error, bar) << length << (inverse ? " inverse" : " forward");
            ++checked;
        }
    }
    EXPECT_GT(checked, 500u);
    std::cout << "[ accuracy ] compiled-only radix passes of " << checked << " compiled shapes checked on the host\n";
}

// A lane-major block fills its warps: at least three quarters of the threads of its warps are lanes of its
// transforms wherever the threads and shared memory allow it.
TEST(RuntimeKernels, BlocksFillTheirWarps)
{
    for (uint32_t lanes = 1; lanes <= kernels::kMaxThreadsPerBlock; ++lanes) {
        StockhamShape shape;
        shape.threads_per_transform = lanes;
        shape.shared_bytes_per_transform = 1024;
        const uint32_t per_block = transforms_per_block(shape, SIZE_MAX, 48 * 1024);
        const uint32_t threads = per_block * lanes;
        EXPECT_LE(threads, std::max(lanes, kernels::kMaxThreadsPerBlock)) << lanes;
        EXPECT_GE(4 * threads, 3 * ((threads + 31) / 32 * 32)) << lanes << " lanes, " << per_block << " a block";
        // Shared memory bounds the block.
        shape.shared_bytes_per_transform = 40 * 1024;
        EXPECT_EQ(transforms_per_block(shape, SIZE_MAX, 48 * 1024), 1u) << lanes;
    }
}

// Beyond the lengths above, up to one slot in a block of 227 KiB, the compiled shapes keep within the kernel
// template's limits too (lengths without lanes that fit run as row/column plans).
TEST(RuntimeKernels, LongerLengthsKeepTheKernelLimits)
{
    for (const size_t element_bytes : {size_t(8), size_t(16)}) {
        const uint32_t longest = uint32_t(227 * 1024 / element_bytes * 16 / 17);
        for (uint32_t length = 16385; length <= longest; ++length) {
            if (!smooth(length)) continue;
            const StockhamShape shape = compiled_stockham_shape(length, element_bytes);
            if (shape.radices.empty()) continue; // no lanes fit: such lengths run as row/column plans
            EXPECT_LE(shape.threads_per_transform, kernels::kMaxWideThreadsPerBlock) << length;
            EXPECT_LE(compiled_lane_elements(length, shape.radices, shape.threads_per_transform),
                      element_bytes == 8 ? 32u : 16u)
                << length;
        }
    }
}

// The register budget of a lane-major kernel: blocks of its launches within the threads it is built for, and
// at least one block an SM, never more than its shared memory allows.
TEST(RuntimeKernels, RegisterBudgetsFitTheirBlocks)
{
    constexpr size_t kSharedBytes = 227 * 1024;
    for (const Precision precision : {Precision::single, Precision::double_}) {
        for (uint32_t length : {17u, 36u, 550u, 2450u, 6048u, 6804u, 14336u, 22176u}) {
            const auto identity =
                compiled_stockham_identity(length, precision, Direction::forward, KernelData::complex, BlockLayout::lane_major,
                                           kSharedBytes);
            if (!identity) continue; // no lanes fit (double precision's longest)
            const StockhamShape shape = compiled_stockham_shape(length, complex_element_bytes(precision));
            if (shape.shared_bytes_per_transform > kSharedBytes) continue; // never one block
            const uint32_t per_block = transforms_per_block(shape, SIZE_MAX, kSharedBytes);
            EXPECT_GE(identity->max_threads, per_block * shape.threads_per_transform) << length;
            EXPECT_LE(identity->max_threads, kernels::kMaxWideThreadsPerBlock) << length;
            EXPECT_GE(identity->min_blocks, 1u) << length;
            EXPECT_LE(identity->min_blocks * (per_block * shape.shared_bytes_per_transform + 1024),
                      kSharedBytes + 1024)
                << length << ": " << identity->describe() << ", " << per_block << " a block";
            const auto staged =
                compiled_stockham_identity(length, precision, Direction::forward, KernelData::complex, BlockLayout::staged,
                                           kSharedBytes);
            ASSERT_TRUE(staged.has_value()) << length;
            EXPECT_EQ(staged->max_threads, shape.max_tiled_threads) << length;
            EXPECT_EQ(staged->min_blocks, 1u) << length;
        }
    }
}

// Tile-major kernels (columns on both sides): a tile of 128 bytes along the tile axis wherever one fits, lanes
// within a block's threads and registers, and a register budget within the tile's block.
TEST(RuntimeKernels, TileMajorKernelsFillTheirTiles)
{
    constexpr size_t kSharedBytes = 227 * 1024;
    for (const Precision precision : {Precision::single, Precision::double_}) {
        const size_t element_bytes = complex_element_bytes(precision);
        const uint32_t full_tile = uint32_t(128 / element_bytes);
        for (uint32_t length : {18u, 36u, 200u, 378u, 640u, 2450u, 3000u, 6048u}) {
            const auto identity = compiled_stockham_identity(length, precision, Direction::inverse, KernelData::complex,
                                                             BlockLayout::tile_major, kSharedBytes);
            ASSERT_TRUE(identity.has_value()) << length;
            EXPECT_TRUE(identity->tile_major);
            EXPECT_NE(identity->describe().find("compiled tile-major length"), std::string::npos);
            const StockhamShape shape =
                compiled_stockham_shape(length, element_bytes, BlockLayout::tile_major, kSharedBytes);
            EXPECT_EQ(shape.threads_per_transform, identity->lanes) << length;
            const uint32_t per_block = tiled_transforms_per_block(shape, element_bytes, SIZE_MAX, kSharedBytes);
            if (length <= 640) {
                EXPECT_EQ(per_block, full_tile) << length << ": " << identity->describe();
            }
            if (length <= 3000) { // two slots fit a block in double precision too
                EXPECT_GE(per_block, 2u) << length << ": " << identity->describe();
            }
            EXPECT_LE(per_block * identity->lanes, identity->max_threads) << length;
            EXPECT_LE(identity->max_threads, kernels::kMaxWideThreadsPerBlock) << length;
            const uint32_t slot = tile_major_slot_elements(shape.slot_elements, per_block, element_bytes);
            EXPECT_LE(identity->min_blocks * (per_block * slot * element_bytes + 1024), kSharedBytes + 1024)
                << length << ": " << identity->describe();
            // Real data never runs tile-major.
            EXPECT_FALSE(compiled_stockham_identity(length, precision, Direction::inverse, KernelData::real,
                                                    BlockLayout::tile_major, kSharedBytes)
                             .has_value());
        }
    }
}

// Staged rows are a variant of the lane-major kernel of complex data: its shape and register budget.
TEST(RuntimeKernels, StagedRowsKeepTheLaneMajorShape)
{
    constexpr size_t kSharedBytes = 227 * 1024;
    for (uint32_t length : {20u, 36u, 39u}) {
        const auto lane_major = compiled_stockham_identity(length, Precision::single, Direction::forward, KernelData::complex,
                                                           BlockLayout::lane_major, kSharedBytes);
        const auto staged = compiled_stockham_identity(length, Precision::single, Direction::forward, KernelData::complex,
                                                       BlockLayout::staged_rows, kSharedBytes);
        ASSERT_TRUE(lane_major.has_value() && staged.has_value()) << length;
        EXPECT_TRUE(staged->staged_rows);
        EXPECT_FALSE(lane_major->staged_rows);
        EXPECT_EQ(staged->lanes, lane_major->lanes);
        EXPECT_EQ(staged->max_threads, lane_major->max_threads);
        EXPECT_EQ(staged->min_blocks, lane_major->min_blocks);
        EXPECT_NE(staged->expression(), lane_major->expression());
        EXPECT_NE(staged->describe().find("compiled staged-rows length"), std::string::npos);
        // Real data of odd length has no staged rows; the halved real-to-real forms stage their rows of reals.
        EXPECT_FALSE(compiled_stockham_identity(length, Precision::single, Direction::forward, KernelData::odd_real,
                                                BlockLayout::staged_rows, kSharedBytes)
                         .has_value());
        const auto real_rows = compiled_stockham_identity(length, Precision::single, Direction::inverse,
                                                          KernelData::real, BlockLayout::staged_rows, kSharedBytes);
        ASSERT_TRUE(real_rows.has_value()) << length;
        EXPECT_TRUE(real_rows->staged_rows);
        EXPECT_NE(real_rows->describe().find("compiled real staged-rows length"), std::string::npos);
    }
}

// Real-to-real rows staged through shared memory take compiled kernels at every length, single butterflies too,
// whose one slot (an even number of elements) is followed by the transform's row of reals.
TEST(RuntimeKernels, RealToRealRowsKeepARowAfterTheSlot)
{
    constexpr size_t kSharedBytes = 227 * 1024;
    for (const uint32_t length : {9u, 11u, 54u, 455u}) {
        for (const KernelData data : {KernelData::real, KernelData::reordered_input}) {
            const auto identity = compiled_stockham_identity(length, Precision::single, Direction::forward, data,
                                                             BlockLayout::staged_rows, kSharedBytes);
            ASSERT_TRUE(identity.has_value()) << length;
            EXPECT_NE(identity->describe().find("staged-rows length " + std::to_string(length) + " "),
                      std::string::npos)
                << identity->describe();
            const StockhamShape shape =
                compiled_kernel_shape(length, data, sizeof(float) * 2, BlockLayout::staged_rows, kSharedBytes);
            EXPECT_EQ(shape.slot_elements % 2, 0u) << length;
            EXPECT_EQ(shape.shared_bytes_per_transform,
                      shape.slot_elements * sizeof(float) * 2 + kernels::real_row_stride(2 * length) * sizeof(float))
                << length;
        }
    }
    EXPECT_FALSE(compiled_stockham_identity(9, Precision::single, Direction::forward, KernelData::real,
                                            BlockLayout::lane_major, kSharedBytes)
                     .has_value());
}

// Kernels that read a DCT-II's or DST-II's input where it lies are forward lane-major ones, for catalogue lengths
// too (with the catalogue's shape); no other launch asks for one.
// rift-kernel-cache fills the cache with compiled_stockham_kernels' list: every compiled Stockham kernel a plan takes
// must be on it, or a filled cache leaves the plan compiling. Plans of every real-to-real kind (rows staged or not,
// reordered inputs, columns, odd lengths, double), and of complex and real data, made as on a GPU of 227 KiB blocks.
TEST(RuntimeKernels, PlansTakeKernelsTheCacheToolLists)
{
    const PlanContext context{kNoDevice, 227 * 1024, 12.8, 132, true};
    struct Case {
        rift_result_placement placement;
        rift_transform_type type;
        rift_precision precision;
        std::vector<size_t> lengths;
    };
    const auto apart = rift_placement_notinplace;
    const auto single = rift_precision_single;
    const auto double_ = rift_precision_double;
    size_t checked = 0;
    for (const Case& c : {Case{apart, rift_transform_type_dct2, single, {256, 256, 256}},
                          Case{apart, rift_transform_type_dct2, single, {64, 24, 256}},
                          Case{rift_placement_inplace, rift_transform_type_dct3, single, {462}},
                          Case{apart, rift_transform_type_dct3, single, {80, 96}},
                          Case{apart, rift_transform_type_dct4, single, {125}},
                          Case{apart, rift_transform_type_dct4, double_, {96, 80}},
                          Case{apart, rift_transform_type_dst2, double_, {30, 26, 198}},
                          Case{apart, rift_transform_type_dst3, single, {12, 6}},
                          Case{apart, rift_transform_type_dst4, single, {1024}},
                          Case{apart, rift_transform_type_dct1, single, {1000}},
                          Case{apart, rift_transform_type_dst1, single, {40, 30}},
                          Case{apart, rift_transform_type_complex_forward, single, {378, 378}},
                          Case{apart, rift_transform_type_real_forward, single, {1200}}}) {
        TransformProblem problem;
        std::unique_ptr<Plan> plan;
        ASSERT_EQ(make_transform_problem(c.placement, c.type, c.precision, c.lengths.size(), c.lengths.data(), 2, {},
                                         problem),
                  rift_status_success);
        ASSERT_EQ(Plan::create(std::move(problem), context, false, plan), rift_status_success);
        std::istringstream lines(plan->print());
        for (std::string line; std::getline(lines, line);) {
            const size_t kernel = line.find("compiled_stockham_kernel<");
            const size_t start = line.find("(compiled "), end = line.find(") grid ");
            if (kernel == std::string::npos || start == std::string::npos || end == std::string::npos) continue;
            const std::string identity = line.substr(start + 1, end - start - 1);
            const Precision precision = line.find("<double", kernel) < start ? Precision::double_ : Precision::single;
            const Direction direction = line.find("inverse>", kernel) < start ? Direction::inverse : Direction::forward;
            const size_t at = identity.find(" length ");
            ASSERT_NE(at, std::string::npos) << identity;
            const uint32_t length = uint32_t(std::stoul(identity.substr(at + 8)));
            bool listed = false;
            for (const CompiledKernel& k :
                 compiled_stockham_kernels(length, precision, direction, context.shared_memory_per_block,
                                           [](const char*) { return true; }))
                listed = listed || k.describe() == identity;
            EXPECT_TRUE(listed) << line;
            ++checked;
        }
    }
    EXPECT_GE(checked, size_t(20));
}

TEST(RuntimeKernels, ReorderedInputsAreForwardRows)
{
    const auto identity = [](uint32_t length, Direction direction, BlockLayout layout) {
        return compiled_stockham_identity(length, Precision::single, direction, KernelData::reordered_input, layout,
                                          227 * 1024);
    };
    const auto catalogue = identity(512, Direction::forward, BlockLayout::lane_major);
    ASSERT_TRUE(catalogue.has_value());
    EXPECT_EQ(catalogue->radices, (std::vector<uint32_t>{8, 8, 8}));
    EXPECT_TRUE(identity(495, Direction::forward, BlockLayout::lane_major).has_value());
    EXPECT_FALSE(identity(495, Direction::inverse, BlockLayout::lane_major).has_value());
    EXPECT_FALSE(identity(495, Direction::forward, BlockLayout::staged).has_value());
}

// Rows whose compiled kernel leaves an SM one block prefetch their input where a block holds the slot, the copy
// and the L1's share; the prefetching kernel keeps the lane-major shape.
TEST(RuntimeKernels, LoneBlockRowsPrefetch)
{
    constexpr size_t kSharedBytes = 227 * 1024;
    for (const auto& [length, precision] :
         {std::pair{6552u, Precision::single}, std::pair{9009u, Precision::single},
          std::pair{12675u, Precision::single}, std::pair{4375u, Precision::double_}}) {
        ASSERT_TRUE(compiled_rows_prefetch(length, precision, kSharedBytes)) << length;
        const auto lane_major = compiled_stockham_identity(length, precision, Direction::inverse, KernelData::complex,
                                                           BlockLayout::lane_major, kSharedBytes);
        const auto prefetched = compiled_stockham_identity(length, precision, Direction::inverse, KernelData::complex,
                                                           BlockLayout::prefetched, kSharedBytes);
        ASSERT_TRUE(lane_major.has_value() && prefetched.has_value()) << length;
        EXPECT_TRUE(prefetched->prefetched);
        EXPECT_EQ(prefetched->lanes, lane_major->lanes);
        EXPECT_EQ(prefetched->radices, lane_major->radices);
        EXPECT_EQ(prefetched->min_blocks, 1u);
        EXPECT_NE(prefetched->describe().find("compiled prefetched length"), std::string::npos);
        const StockhamShape shape =
            compiled_stockham_shape(length, complex_element_bytes(precision), BlockLayout::prefetched, kSharedBytes);
        EXPECT_EQ(shape.shared_bytes_per_transform,
                  kernels::prefetch_layout(length, shape.pad_period, uint32_t(complex_element_bytes(precision)))
                      .shared_bytes);
        EXPECT_GE(shape.shared_bytes_per_transform, 2 * length * complex_element_bytes(precision));
    }
    // Two blocks an SM (5070), slot and copy beyond the L1's share (14000 single, 6776 double), catalogue
    // lengths, AMD's blocks.
    EXPECT_FALSE(compiled_rows_prefetch(5070, Precision::single, kSharedBytes));
    EXPECT_FALSE(compiled_rows_prefetch(14000, Precision::single, kSharedBytes));
    EXPECT_FALSE(compiled_rows_prefetch(6776, Precision::double_, kSharedBytes));
    EXPECT_FALSE(compiled_rows_prefetch(10000, Precision::single, kSharedBytes));
    EXPECT_FALSE(compiled_rows_prefetch(6552, Precision::single, 64 * 1024));
}

// NVRTC compiles the embedded kernel headers for the shapes above, without a GPU.
TEST(RuntimeKernels, NvrtcCompilesTheKernelTemplate)
{
#if RIFT_TESTS_UNDER_ADDRESS_SANITIZER
    GTEST_SKIP() << "NVRTC is not built for the sanitizers (its own allocations would be reported)";
#endif
    struct Case {
        uint32_t length;
        Precision precision;
        Direction direction;
        BlockLayout layout = BlockLayout::lane_major;
        KernelData data = KernelData::complex;
        uint32_t real_to_real_kind = 0; // CompiledKernel::real_to_real_kind
    };
    // Composite radices (550: 22x25, 10935: 15x27x27), large primes (527: 17x31), double precision, a length
    // that needs a wide block, columns, staged rows and prefetched rows, and real data (of 1155 points: real
    // transforms of 2310 reals, or of 1155 with their twins; staged real-to-real columns; the reordered inputs of
    // DCT-II 1024, a catalogue length, and of DCT-II 990 in double; columns compiled for DCT-III alone, staged rows
    // for DST-IV alone).
    for (const Case& c : {Case{550, Precision::single, Direction::forward},
                          Case{527, Precision::single, Direction::inverse},
                          Case{2187 * 5, Precision::single, Direction::inverse},
                          Case{378, Precision::double_, Direction::inverse},
                          Case{14641, Precision::single, Direction::forward},
                          Case{378, Precision::single, Direction::forward, BlockLayout::tile_major},
                          Case{3000, Precision::double_, Direction::inverse, BlockLayout::tile_major},
                          Case{36, Precision::single, Direction::inverse, BlockLayout::staged_rows},
                          Case{9009, Precision::single, Direction::forward, BlockLayout::prefetched},
                          Case{1155, Precision::single, Direction::forward, BlockLayout::lane_major, KernelData::real},
                          Case{1155, Precision::single, Direction::inverse, BlockLayout::lane_major,
                               KernelData::odd_real},
                          Case{1155, Precision::double_, Direction::forward, BlockLayout::staged,
                               KernelData::odd_real},
                          Case{512, Precision::single, Direction::forward, BlockLayout::lane_major,
                               KernelData::reordered_input},
                          Case{495, Precision::double_, Direction::forward, BlockLayout::lane_major,
                               KernelData::reordered_input},
                          Case{128, Precision::single, Direction::inverse, BlockLayout::staged, KernelData::real,
                               uint32_t(kernels::RealToRealKind::dct3) + 1},
                          Case{48, Precision::double_, Direction::forward, BlockLayout::staged_rows, KernelData::real,
                               uint32_t(kernels::RealToRealKind::dst4) + 1}}) {
        std::optional<CompiledKernel> planned =
            compiled_stockham_identity(c.length, c.precision, c.direction, c.data, c.layout, 227 * 1024);
        ASSERT_TRUE(planned.has_value()) << c.length;
        planned->real_to_real_kind = c.real_to_real_kind;
        const CompiledKernel& identity = *planned;
        std::string cubin, symbol;
        const rift_status status = compile_runtime_kernel(identity, "sm_90", cubin, symbol);
        if (status == rift_status_not_implemented) GTEST_SKIP() << rift_get_last_error_message();
        ASSERT_EQ(status, rift_status_success) << identity.expression() << ": " << rift_get_last_error_message();
        EXPECT_GT(cubin.size(), 1000u) << identity.expression();
        EXPECT_NE(symbol.find("compiled_stockham_kernel"), std::string::npos) << symbol;
    }
}

// A kernel is compiled to its register budget unless the compiler spills more than a few registers there; then to
// its fallback. 2401 single (seven elements a lane) fits its budget; 3276 double (14) spills at it, with the ptxas of
// CUDA 13.0 (another compiler may spill elsewhere: the test then names the lengths).
TEST(RuntimeKernels, NvrtcTakesTheFallbackBudgetWhereTheBudgetSpills)
{
#if RIFT_TESTS_UNDER_ADDRESS_SANITIZER
    GTEST_SKIP() << "NVRTC is not built for the sanitizers (its own allocations would be reported)";
#endif
    struct Case {
        uint32_t length;
        Precision precision;
        bool spills;
    };
    for (const Case& c : {Case{2401, Precision::single, false}, Case{3276, Precision::double_, true}}) {
        const std::optional<CompiledKernel> identity = compiled_stockham_identity(
            c.length, c.precision, Direction::forward, KernelData::complex, BlockLayout::lane_major, 227 * 1024);
        ASSERT_TRUE(identity.has_value()) << c.length;
        ASSERT_LT(identity->fallback_min_blocks, identity->min_blocks) << identity->describe();
        std::string cubin, symbol;
        uint32_t budget = 0;
        const rift_status status = compile_runtime_kernel(*identity, "sm_90", cubin, symbol, &budget);
        if (status == rift_status_not_implemented) GTEST_SKIP() << rift_get_last_error_message();
        ASSERT_EQ(status, rift_status_success) << rift_get_last_error_message();
        EXPECT_EQ(budget, c.spills ? identity->fallback_min_blocks : identity->min_blocks) << identity->describe();
        CompiledKernel compiled = *identity;
        compiled.min_blocks = budget;
        EXPECT_NE(symbol.find("Lj" + std::to_string(budget) + "ELi"), std::string::npos)
            << symbol << " is not the instance of " << compiled.expression();
    }
}

// The one-block convolution kernels compile: Rader's for convolution lengths of small factors (256, 1008), large
// prime radices (4408: 8 x 19 x 29) and double precision; Bluestein's for padded lengths without a catalogue
// kernel (2160, 20736 in a wide block), complex and real.
TEST(RuntimeKernels, NvrtcCompilesTheConvolutionKernels)
{
#if RIFT_TESTS_UNDER_ADDRESS_SANITIZER
    GTEST_SKIP() << "NVRTC is not built for the sanitizers (its own allocations would be reported)";
#endif
    struct Case {
        CompiledFamily family;
        uint32_t length;
        Precision precision;
        bool real = false;
    };
    for (const Case& c : {Case{CompiledFamily::rader, 256, Precision::single},
                          Case{CompiledFamily::rader, 1008, Precision::single},
                          Case{CompiledFamily::rader, 4408, Precision::single},
                          Case{CompiledFamily::rader, 1008, Precision::double_},
                          Case{CompiledFamily::bluestein, 2160, Precision::single},
                          Case{CompiledFamily::bluestein, 20736, Precision::single},
                          Case{CompiledFamily::bluestein, 2160, Precision::double_, true}}) {
        const std::optional<CompiledKernel> planned =
            compiled_convolution_identity(c.family, c.length, c.precision, c.real, 227 * 1024);
        ASSERT_TRUE(planned.has_value()) << c.length;
        std::string cubin, symbol;
        const rift_status status = compile_runtime_kernel(*planned, "sm_90", cubin, symbol);
        if (status == rift_status_not_implemented) GTEST_SKIP() << rift_get_last_error_message();
        ASSERT_EQ(status, rift_status_success) << planned->expression() << ": " << rift_get_last_error_message();
        EXPECT_GT(cubin.size(), 1000u) << planned->expression();
        EXPECT_NE(symbol.find(c.family == CompiledFamily::rader ? "compiled_rader_kernel" : "compiled_bluestein_kernel"),
                  std::string::npos)
            << symbol;
    }
}

// Points RIFT_KERNEL_CACHE at a fresh folder for one test and puts the setting back after it.
class KernelCache : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (const char* before = std::getenv("RIFT_KERNEL_CACHE")) previous_ = before;
        folder_ = std::filesystem::temp_directory_path() /
                  ("rift-kernel-cache-test-" + std::to_string(getpid()) + "-" +
                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(folder_);
        setenv("RIFT_KERNEL_CACHE", folder_.c_str(), 1);
    }
    void TearDown() override
    {
        std::filesystem::remove_all(folder_);
        if (previous_.empty())
            unsetenv("RIFT_KERNEL_CACHE");
        else
            setenv("RIFT_KERNEL_CACHE", previous_.c_str(), 1);
    }
    std::vector<std::filesystem::path> entries() const
    {
        std::vector<std::filesystem::path> found;
        if (std::filesystem::exists(folder_))
            for (const auto& entry : std::filesystem::directory_iterator(folder_)) found.push_back(entry.path());
        return found;
    }

    std::filesystem::path folder_;
    std::string previous_;
};

std::string code_of(size_t bytes, char seed)
{
    std::string code(bytes, '\0');
    for (size_t i = 0; i < bytes; ++i) code[i] = char(seed + i * 7); // binary, newlines and NULs included
    return code;
}

TEST_F(KernelCache, StoresAndLoadsByKey)
{
    std::string code;
    EXPECT_FALSE(kernel_cache::load("kernel a", code));
    kernel_cache::store("kernel a", code_of(5000, 1));
    kernel_cache::store("kernel b", code_of(300, 2));
    ASSERT_TRUE(kernel_cache::load("kernel a", code));
    EXPECT_EQ(code, code_of(5000, 1));
    ASSERT_TRUE(kernel_cache::load("kernel b", code));
    EXPECT_EQ(code, code_of(300, 2));
    EXPECT_FALSE(kernel_cache::load("kernel c", code));
    EXPECT_EQ(entries().size(), 2u); // no temporary files left behind
}

TEST_F(KernelCache, DamagedEntriesAreIgnored)
{
    kernel_cache::store("kernel a", code_of(5000, 1));
    ASSERT_EQ(entries().size(), 1u);
    std::string code;
    { // the header overwritten
        std::ofstream(entries()[0], std::ios::binary) << "garbage";
    }
    EXPECT_FALSE(kernel_cache::load("kernel a", code));
    { // empty
        std::ofstream(entries()[0], std::ios::binary | std::ios::trunc);
    }
    EXPECT_FALSE(kernel_cache::load("kernel a", code));
    kernel_cache::store("kernel a", code_of(5000, 1)); // replaced by the next store
    ASSERT_TRUE(kernel_cache::load("kernel a", code));
    EXPECT_EQ(code, code_of(5000, 1));
}

// The host bytes of the single-precision twiddle table of `radices`, made or read from the cache now: no plan holds
// the table after, so the next call makes it again.
std::vector<unsigned char> table_bytes(const std::vector<uint32_t>& radices)
{
    std::shared_ptr<const TwiddleTable> table;
    EXPECT_EQ(acquire_stockham_table(radices, Precision::single, kNoDevice, table), rift_status_success);
    EXPECT_EQ(table->make(), rift_status_success);
    return table->host_bytes();
}

// Tables of many entries go to the cache and come back from it byte for byte; an entry whose bytes do not match
// its hash is made again; short tables and those beyond one block's transforms stay out of it.
TEST_F(KernelCache, LongTablesAreKeptAndDamagedOnesMadeAgain)
{
    const std::vector<uint32_t> long_radices = {32, 32, 25}, short_radices = {16, 16};
    const std::vector<unsigned char> made = table_bytes(long_radices);
    ASSERT_EQ(made.size(), (25600u - 1) * 8); // N - 1 roots of single precision
    ASSERT_EQ(entries().size(), 1u);
    table_bytes(short_radices);
    table_bytes({64, 64, 32}); // beyond the tables of one block's transforms
    EXPECT_EQ(entries().size(), 1u);

    // The entry: the cache's header and key lines, the hash of the bytes, the bytes.
    const std::filesystem::path path = entries()[0];
    const auto read_entry = [&] {
        std::ifstream file(path, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(file), {});
    };
    const auto write_entry = [&](const std::string& entry) { std::ofstream(path, std::ios::binary) << entry; };
    const std::string stored = read_entry();
    const size_t bytes_at = stored.find('\n', stored.find('\n') + 1) + 1 + sizeof(uint64_t);
    ASSERT_EQ(stored.size() - bytes_at, made.size());
    EXPECT_EQ(stored.compare(bytes_at, made.size(), reinterpret_cast<const char*>(made.data()), made.size()), 0);

    // An entry with other bytes and their hash is read back as it is: the table comes from the cache.
    std::string altered = stored;
    altered[bytes_at + 100] ^= 0x10;
    uint64_t hash = kernel_cache::hash_bytes(altered.data() + bytes_at, made.size());
    altered.replace(bytes_at - sizeof hash, sizeof hash, reinterpret_cast<const char*>(&hash), sizeof hash);
    write_entry(altered);
    std::vector<unsigned char> expected = made;
    expected[100] ^= 0x10;
    EXPECT_EQ(table_bytes(long_radices), expected);

    // A byte changed under the hash: made again, and the entry replaced.
    altered[bytes_at + 200] ^= 0x01;
    write_entry(altered);
    EXPECT_EQ(table_bytes(long_radices), made);
    EXPECT_EQ(read_entry(), stored);
}

// A cache folder that cannot be made (here: below a regular file) leaves every call a quiet no-op.
TEST_F(KernelCache, UnusableFolderIsIgnored)
{
    std::filesystem::create_directories(folder_);
    const std::filesystem::path blocker = folder_ / "a-file";
    std::ofstream(blocker) << "not a folder";
    setenv("RIFT_KERNEL_CACHE", (blocker / "cache").c_str(), 1);
    kernel_cache::store("kernel a", code_of(100, 1));
    std::string code;
    EXPECT_FALSE(kernel_cache::load("kernel a", code));
    setenv("RIFT_KERNEL_CACHE", "off", 1);
    EXPECT_EQ(kernel_cache::folder(), "");
    kernel_cache::store("kernel a", code_of(100, 1));
    EXPECT_FALSE(kernel_cache::load("kernel a", code));
}

// A folder where nothing can be written, whoever runs the test (/proc/self; a folder made read-only would not stop
// root): stores are quiet no-ops, loads find nothing, and a table is made as without a cache.
TEST_F(KernelCache, ReadOnlyFolderIsIgnored)
{
    setenv("RIFT_KERNEL_CACHE", "off", 1);
    const std::vector<unsigned char> expected = table_bytes({32, 32, 25});
    setenv("RIFT_KERNEL_CACHE", "/proc/self", 1);
    kernel_cache::store("kernel a", code_of(100, 1));
    std::string code;
    EXPECT_FALSE(kernel_cache::load("kernel a", code));
    EXPECT_EQ(table_bytes({32, 32, 25}), expected);
}

// A full cache (here: a file-size limit, in a child process so that the limit ends with it): a write that fails
// part way leaves neither the entry nor its temporary file, and the table is still made.
TEST_F(KernelCache, FullCacheIsIgnored)
{
    setenv("RIFT_KERNEL_CACHE", "off", 1);
    const std::vector<unsigned char> expected = table_bytes({32, 32, 25});
    setenv("RIFT_KERNEL_CACHE", folder_.c_str(), 1);

    const pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        signal(SIGXFSZ, SIG_IGN); // a write past the limit fails with EFBIG instead of ending the process
        const rlimit limit{4096, 4096};
        if (setrlimit(RLIMIT_FSIZE, &limit) != 0) _exit(2);
        kernel_cache::store("kernel a", code_of(20000, 1));
        std::string code;
        if (kernel_cache::load("kernel a", code)) _exit(3);
        if (table_bytes({32, 32, 25}) != expected) _exit(4);
        _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    EXPECT_TRUE(WIFEXITED(status)) << status;
    EXPECT_EQ(WEXITSTATUS(status), 0) << "2: no limit set, 3: a torn entry loaded, 4: the table not made right";
    EXPECT_TRUE(entries().empty()); // nothing left behind, temporary files included
}

// Processes storing the same entries at once: a reader sees a whole entry or none, never a torn one.
TEST_F(KernelCache, ProcessesFillingItAtOnce)
{
    constexpr int kWriters = 4;
    std::vector<pid_t> children;
    for (int w = 0; w < kWriters; ++w) {
        const pid_t child = fork();
        ASSERT_GE(child, 0);
        if (child == 0) {
            for (int round = 0; round < 50; ++round)
                for (int k = 0; k < 4; ++k) kernel_cache::store("kernel " + std::to_string(k), code_of(20000, char(k)));
            _exit(0);
        }
        children.push_back(child);
    }
    int torn = 0;
    for (int round = 0; round < 200; ++round) {
        for (int k = 0; k < 4; ++k) {
            std::string code;
            if (kernel_cache::load("kernel " + std::to_string(k), code) && code != code_of(20000, char(k))) ++torn;
        }
    }
    for (pid_t child : children) {
        int status = 0;
        waitpid(child, &status, 0);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    EXPECT_EQ(torn, 0);
    for (int k = 0; k < 4; ++k) {
        std::string code;
        ASSERT_TRUE(kernel_cache::load("kernel " + std::to_string(k), code));
        EXPECT_EQ(code, code_of(20000, char(k)));
    }
    EXPECT_EQ(entries().size(), 4u);
}

// The print of a plan of `arguments` (a test failure and "" when the plan cannot be made).
std::string print_of_plan(const PlanArguments& arguments)
{
    PlanHandle plan;
    std::string failure;
    const rift_status status = create_plan(arguments, plan, &failure);
    EXPECT_EQ(status, rift_status_success) << failure;
    return status == rift_status_success ? plan_print(plan.get()) : std::string();
}

// The print of a plan of `batch` contiguous complex transforms of `length`.
std::string print_of_rows(size_t length, rift_precision precision, size_t batch)
{
    PlanArguments arguments;
    arguments.lengths = {length};
    arguments.batch = batch;
    arguments.precision = precision;
    return print_of_plan(arguments);
}

bool compiles_at_run_time(const std::string& print)
{
    return print.find("compiled_stockham_kernel") != std::string::npos;
}

constexpr const char* kNoRuntimeCompilation = "no run-time compilation here (NVRTC not found?):\n";

// The arguments of a plan of `length` single-precision rows, 10 of them, with `in` and `out` as given.
PlanArguments rows_of(size_t length, const Layout& in, const Layout& out, double scale = 1.0)
{
    PlanArguments arguments;
    arguments.lengths = {length};
    arguments.batch = 10;
    arguments.with_description = true;
    arguments.in = in;
    arguments.out = out;
    arguments.scale = scale;
    return arguments;
}

// Complex rows of unit stride on both sides take kernels compiled for unit strides, whatever their distances and
// scale; rows strided on either side take the strided kernel (plans made without a GPU print the same kernels).
TEST(RuntimeKernels, RowsOfUnitStrideTakeKernelsOfTheirOwn)
{
    const size_t length = 2401; // 7^4: not in the catalogue
    const std::string unit = "compiled unit-stride length 2401 ";
    const std::string strided = "compiled length 2401 ";
    for (const auto& [in, out, scale, kernel] :
         {std::tuple<Layout, Layout, double, const std::string&>{contiguous(length), contiguous(length), 1.0, unit},
          {Layout(3, 1, length + 7), Layout(0, 1, length + 1), 0.5, unit},
          {Layout(0, 2, 2 * length), contiguous(length), 1.0, strided},
          {contiguous(length), Layout(0, 3, 3 * length), 1.0, strided}}) {
        const std::string print = print_of_plan(rows_of(length, in, out, scale));
        if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
        EXPECT_NE(print.find(kernel), std::string::npos) << print;
    }
}

// Contiguous rows take the staged-rows kernel exactly where stages_row_spans says so, and the unit-stride one
// elsewhere: rift-kernel-cache fills the cache with the same choice.
TEST(RuntimeKernels, ContiguousRowsStageSpansWhereStagesRowSpansSays)
{
    if (const std::string print = print_of_rows(594, rift_precision_single, 100); !compiles_at_run_time(print))
        GTEST_SKIP() << kNoRuntimeCompilation << print;
    size_t staged = 0, unit = 0;
    for (const rift_precision precision : {rift_precision_single, rift_precision_double})
        for (uint32_t length = 17; length <= 160; ++length) {
            const std::string print = print_of_rows(length, precision, 100);
            const std::string at = " length " + std::to_string(length) + " ";
            const bool staged_print = print.find("compiled staged-rows" + at) != std::string::npos;
            const bool unit_print = print.find("compiled unit-stride" + at) != std::string::npos;
            if (!staged_print && !unit_print) continue; // the catalogue's kernels, Rader's or Bluestein's
            EXPECT_EQ(staged_print, stages_row_spans(length, precision == rift_precision_double ? 16 : 8)) << print;
            ++(staged_print ? staged : unit);
        }
    EXPECT_GT(staged, 10u);
    EXPECT_GT(unit, 100u);
}

// On the GPU a length without a catalogue kernel plans a compiled one, which lands in the cache.
using GpuKernelCache = KernelCache;
TEST_F(GpuKernelCache, PlansCompileAndCacheKernels)
{
    RIFT_SKIP_WITHOUT_GPU();
    const size_t length = 4455; // 3^4 * 5 * 11: not in the catalogue
    rift_plan raw = nullptr;
    ASSERT_EQ(rift_plan_create(&raw, rift_placement_notinplace, rift_transform_type_complex_inverse,
                               rift_precision_double, 1, &length, 3, nullptr),
              rift_status_success)
        << rift_get_last_error_message();
    const PlanHandle plan(raw);
    const std::string print = plan_print(plan.get());
    if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
    EXPECT_EQ(entries().size(), 1u) << print;
}

// A plan of rift_kernel_compilation_background for `length` (a test failure and null when it cannot be made).
rift_plan background_compiling_plan(size_t length, rift_transform_type type)
{
    rift_plan_description description = nullptr;
    rift_plan plan = nullptr;
    EXPECT_EQ(rift_plan_description_create(&description), rift_status_success);
    EXPECT_EQ(rift_plan_description_set_kernel_compilation(description, rift_kernel_compilation_background),
              rift_status_success);
    EXPECT_EQ(rift_plan_create(&plan, rift_placement_notinplace, type, rift_precision_single, 1, &length, 3,
                               description),
              rift_status_success)
        << rift_get_last_error_message();
    rift_plan_description_destroy(description);
    return plan;
}

// A plan compiling in the background runs at once without its compiled kernel, then with it (the plan takes it
// once rift_plan_wait_for_kernels returns), both matching FFTW; a plan destroyed while its kernel compiles leaves
// nothing that breaks a later plan of that kernel.
TEST_F(GpuKernelCache, BackgroundCompilingPlansRunAtOnceThenTakeTheirKernels)
{
    RIFT_SKIP_WITHOUT_GPU();
    const size_t length = 6825; // 3 * 5^2 * 7 * 13: not in the catalogue; the cache starts empty
    const PlanHandle plan(background_compiling_plan(length, rift_transform_type_complex_forward));
    ASSERT_NE(plan.get(), nullptr);
    const std::string first_print = plan_print(plan.get());
    const TransformCase forward = TransformCase::contiguous(length, 3, rift_precision_single, false);
    const CaseOutcome first = check_with_plan(Executor::gpu, forward, plan.get(), "background first kernels");
    EXPECT_TRUE(first.checked && first.failure.empty()) << first.failure;
    ASSERT_EQ(rift_plan_wait_for_kernels(plan.get()), rift_status_success) << rift_get_last_error_message();
    const std::string print = plan_print(plan.get());
    if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
    EXPECT_FALSE(compiles_at_run_time(first_print)) << first_print;
    EXPECT_EQ(entries().size(), 1u) << print;
    const CaseOutcome compiled = check_with_plan(Executor::gpu, forward, plan.get(), "background compiled kernel");
    EXPECT_TRUE(compiled.checked && compiled.failure.empty()) << compiled.failure;

    rift_plan dropped = background_compiling_plan(length, rift_transform_type_complex_inverse);
    ASSERT_NE(dropped, nullptr);
    EXPECT_EQ(rift_plan_destroy(dropped), rift_status_success);
    const CaseOutcome inverse =
        check_transform(Executor::gpu, TransformCase::contiguous(length, 3, rift_precision_single, true));
    EXPECT_TRUE(inverse.checked && inverse.failure.empty()) << inverse.failure;
}

// Lengths whose one slot fits a block but whose runtime-radix transform's two slots do not run as one compiled
// launch, not as a row/column plan, and match FFTW.
TEST(GpuCompiledKernels, OneSlotLengthsRunInOneBlock)
{
    RIFT_SKIP_WITHOUT_GPU();
    struct Case {
        size_t length;
        rift_precision precision;
    };
    std::vector<TransformCase> cases;
    for (const Case& c : {Case{14336, rift_precision_single}, Case{15246, rift_precision_single},
                          Case{19008, rift_precision_single}, Case{22176, rift_precision_single},
                          Case{9000, rift_precision_double}, Case{9856, rift_precision_double}}) {
        PlanArguments arguments;
        arguments.precision = c.precision;
        arguments.lengths = {c.length};
        const std::string print = print_of_plan(arguments);
        if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
        EXPECT_EQ(print.find("row-column"), std::string::npos) << print;
        cases.push_back(TransformCase::contiguous(c.length, 3, c.precision, false));
        cases.push_back(TransformCase::contiguous(c.length, 3, c.precision, true));
    }
    check_cases(Executor::gpu, cases);
}

// Every length whose compiled kernel takes a composite or large prime radix (one direction each, alternating),
// against FFTW.
TEST(GpuCompiledKernels, CompiledOnlyRadicesMatchTheDft)
{
    RIFT_SKIP_WITHOUT_GPU();
    PlanArguments probe;
    probe.lengths = {7350};
    const std::string print = print_of_plan(probe);
    if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
    std::vector<TransformCase> cases;
    for (const size_t element_bytes : {size_t(8), size_t(16)}) {
        const rift_precision precision = element_bytes == 8 ? rift_precision_single : rift_precision_double;
        for (const uint32_t length : compiled_only_radix_lengths(element_bytes, element_bytes == 8 ? 16384 : 8192))
            cases.push_back(TransformCase::contiguous(length, 3, precision, cases.size() % 2 == 1));
    }
    EXPECT_GT(cases.size(), 500u);
    check_cases(Executor::gpu, cases);
}

bool is_prime(size_t n)
{
    if (n < 2) return false;
    for (size_t d = 2; d * d <= n; ++d)
        if (n % d == 0) return false;
    return true;
}

// Whether n has no prime factor above 31 (the largest butterfly).
bool has_butterfly_factors(size_t n)
{
    for (size_t prime : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31})
        while (n % prime == 0) n /= prime;
    return n == 1;
}

// Whether a transform of `length` plans Rader's algorithm on this GPU, asked of a plan made for the GPU's shape
// without the device: it compiles nothing (a GPU plan of every candidate prime would compile the kernels of those
// that plan Bluestein's algorithm as well).
bool plans_rader_on_this_gpu(size_t length, rift_precision precision)
{
    rift::PlanContext context = rift::plan_context(rift::current_device());
    context.dram_bytes_per_sm_cycle = rift::dram_bytes_per_sm_cycle(context);
    context.device = rift::kNoDevice;
    rift::TransformProblem problem;
    std::unique_ptr<rift::Plan> plan;
    rift_status status = rift::make_transform_problem(rift_placement_notinplace, rift_transform_type_complex_forward,
                                                      precision, 1, &length, 3, {}, problem);
    if (status == rift_status_success) status = rift::Plan::create(std::move(problem), context, false, plan);
    EXPECT_EQ(status, rift_status_success) << "length " << length;
    return status == rift_status_success && plan->print().find("(rader length") != std::string::npos;
}

// Every prime 17..16384 single and 17..8192 double that plans Rader's algorithm (alternating directions), against
// FFTW; 3 transforms each, so blocks of several transforms run partly empty. Each prime compiles a kernel of its
// own: on a machine whose kernel cache lacks them, `rift-kernel-cache --kinds rader` fills it faster, in parallel.
TEST(GpuCompiledKernels, RaderPrimesMatchTheDft)
{
    RIFT_SKIP_WITHOUT_GPU();
    PlanArguments probe;
    probe.lengths = {1009};
    const std::string print = print_of_plan(probe);
    if (print.find("compiled_rader_kernel") == std::string::npos) GTEST_SKIP() << kNoRuntimeCompilation << print;
    std::vector<TransformCase> cases;
    for (const rift_precision precision : {rift_precision_single, rift_precision_double}) {
        for (size_t length = 17; length <= (precision == rift_precision_single ? 16384u : 8192u); ++length) {
            if (!is_prime(length) || !has_butterfly_factors(length - 1)) continue;
            if (!plans_rader_on_this_gpu(length, precision)) continue;
            cases.push_back(TransformCase::contiguous(length, 3, precision, cases.size() % 2 == 1));
        }
    }
    EXPECT_GT(cases.size(), 600u);
    check_cases(Executor::gpu, cases);
}

// Real transforms of even length whose half-length kernel takes a radix only compiled kernels take (every third
// such length, R2C and C2R alternating), against FFTW.
TEST(GpuCompiledKernels, CompiledOnlyRadicesInRealTransforms)
{
    RIFT_SKIP_WITHOUT_GPU();
    PlanArguments probe;
    probe.lengths = {7350};
    const std::string print = print_of_plan(probe);
    if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
    std::vector<RealCase> cases;
    size_t seen = 0;
    for (const size_t element_bytes : {size_t(8), size_t(16)}) {
        const rift_precision precision = element_bytes == 8 ? rift_precision_single : rift_precision_double;
        for (const uint32_t half : compiled_only_radix_lengths(element_bytes, element_bytes == 8 ? 8192 : 4096))
            if (seen++ % 3 == 0)
                cases.push_back(RealCase::out_of_place({2 * size_t(half)}, 3, precision, cases.size() % 2 == 1));
    }
    EXPECT_GT(cases.size(), 100u);
    check_real_cases(Executor::gpu, cases);
}

// Real transforms run their complex transform in a compiled kernel of real data (the hermitian side staged in the
// kernel), both directions: of even length at half length, of odd length in a kernel of its own that may carry
// twins, whose code the other leaves out. Their results are checked by the real transform tests' sweeps.
TEST(GpuCompiledKernels, RealTransformsTakeThem)
{
    RIFT_SKIP_WITHOUT_GPU();
    for (const rift_transform_type type : {rift_transform_type_real_forward, rift_transform_type_real_inverse})
        for (const auto& [length, kernel] : {std::pair<size_t, const char*>{1100, "compiled real length 550 "},
                                             {2310, "compiled real length 1155 "},
                                             {1155, "compiled odd-real length 1155 "}}) {
            PlanArguments arguments;
            arguments.type = type;
            arguments.lengths = {length}; // not in the catalogue
            const std::string print = print_of_plan(arguments);
            if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
            EXPECT_NE(print.find(kernel), std::string::npos) << print;
        }
}

// Rows of even length of DCT-II and DST-II take kernels compiled to read their input where it lies (the
// reordered reals), catalogue lengths too (1024: the DFT of 512); the real-to-real sweeps check their results.
TEST(GpuCompiledKernels, ReorderedInputRowsTakeThem)
{
    RIFT_SKIP_WITHOUT_GPU();
    for (const auto& [type, length, kernel] :
         {std::tuple<rift_transform_type, size_t, const char*>{rift_transform_type_dct2, 1024,
                                                              "compiled reordered-input length 512 "},
          {rift_transform_type_dst2, 990, "compiled reordered-input length 495 "}}) {
        PlanArguments arguments;
        arguments.type = type;
        arguments.lengths = {length};
        const std::string print = print_of_plan(arguments);
        if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
        EXPECT_NE(print.find(kernel), std::string::npos) << print;
        EXPECT_EQ(print.find("user_in (staged)"), std::string::npos) << print;
    }
}

// The column passes of 2D and 3D transforms (tile-major launches) take compiled kernels too, and match FFTW.
TEST(GpuCompiledKernels, ColumnsTakeThem)
{
    RIFT_SKIP_WITHOUT_GPU();
    std::vector<TransformCase> cases;
    for (const rift_precision precision : {rift_precision_single, rift_precision_double}) {
        for (const Lengths& lengths : {Lengths{378, 378}, Lengths{120, 90, 50}, Lengths{40, 3000}}) {
            PlanArguments arguments;
            arguments.precision = precision;
            arguments.lengths = lengths;
            const std::string print = print_of_plan(arguments);
            if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
            EXPECT_NE(print.find("compiled tile-major length " + std::to_string(lengths.back()) + " "),
                      std::string::npos)
                << print;
            cases.push_back(TransformCase::contiguous(lengths, 2, precision, false));
            cases.push_back(TransformCase::contiguous(lengths, 2, precision, true));
        }
    }
    check_cases(Executor::gpu, cases);
}

// A length's cases in the layouts a kernel's reads and writes depend on: contiguous; `spread_input` and an output
// spread with gaps, inverse and scaled; in place.
void add_layout_cases(std::vector<TransformCase>& cases, size_t length, rift_precision precision, size_t batch,
                      const Layout& spread_input)
{
    cases.push_back(TransformCase::contiguous(length, batch, precision, false));
    TransformCase spread = TransformCase::contiguous(length, batch - 1, precision, true);
    spread.in = spread_input;
    spread.out = Layout(3, 1, length + 5);
    spread.scale = 0.5;
    cases.push_back(spread);
    TransformCase in_place = TransformCase::contiguous(length, batch - 3, precision, false);
    in_place.in_place = true;
    cases.push_back(in_place);
}

// Transforms of so few lanes that their runs of elements fill no sector move their row sides through shared
// memory as spans: both sides, only the input (output not one span), in place, and scaled; all match FFTW.
TEST(GpuCompiledKernels, ShortRowsAreStagedAsSpans)
{
    RIFT_SKIP_WITHOUT_GPU();
    std::vector<TransformCase> cases;
    for (const size_t length : {20, 36, 39}) {
        const std::string print = print_of_rows(length, rift_precision_single, 1000);
        if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
        EXPECT_NE(print.find("compiled staged-rows length " + std::to_string(length) + " "), std::string::npos)
            << print;
        EXPECT_NE(print.find("user_in (staged) -> user_out (staged)"), std::string::npos) << print;
        add_layout_cases(cases, length, rift_precision_single, 1000, contiguous(length));
    }
    check_cases(Executor::gpu, cases);
}

// Transforms of one large prime butterfly too large for a lane's registers split it over warp-uniform lanes:
// double 17-31 and 43, single 29, 31 and 37, contiguous, spread (neither side one span), in place and scaled, batches
// that leave a block's last group of 32 transforms partly filled, both directions; all match FFTW.
TEST(GpuCompiledKernels, LargePrimeButterfliesSplitOverLanes)
{
    RIFT_SKIP_WITHOUT_GPU();
    std::vector<TransformCase> cases;
    for (const auto& [length, precision] :
         {std::pair<size_t, rift_precision>{17, rift_precision_double}, {19, rift_precision_double},
          {23, rift_precision_double}, {29, rift_precision_double}, {31, rift_precision_double},
          {29, rift_precision_single}, {31, rift_precision_single}, {37, rift_precision_single},
          {43, rift_precision_double}}) {
        const std::string print = print_of_rows(length, precision, 1000);
        if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
        const std::string lanes = std::to_string(
            split_butterfly_lanes(uint32_t(length), precision == rift_precision_double ? 16 : 8));
        EXPECT_NE(print.find("compiled staged-rows length " + std::to_string(length) + " lanes " + lanes + " "),
                  std::string::npos)
            << print;
        add_layout_cases(cases, length, precision, 1000, Layout(2, 1, 2 * length + 1));
        TransformCase inverse = TransformCase::contiguous(length, 45, precision, true);
        cases.push_back(inverse);
    }
    check_cases(Executor::gpu, cases);
}

// Rows of unit stride take kernels of their own (RuntimeKernels.RowsOfUnitStrideTakeKernelsOfTheirOwn): contiguous,
// with gaps between the transforms, inverse and scaled, in place, double precision; and beside them the same
// lengths strided, in the strided kernels. All match FFTW.
TEST(GpuCompiledKernels, RowsOfUnitStrideTakeThem)
{
    RIFT_SKIP_WITHOUT_GPU();
    std::vector<TransformCase> cases;
    for (const auto& [length, precision] :
         {std::pair<size_t, rift_precision>{2401, rift_precision_single}, {594, rift_precision_single},
          {4056, rift_precision_single}, {3276, rift_precision_double}, {1089, rift_precision_double}}) {
        const std::string print = print_of_rows(length, precision, 100);
        if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
        EXPECT_NE(print.find("compiled unit-stride length " + std::to_string(length) + " "), std::string::npos)
            << print;
        add_layout_cases(cases, length, precision, 100, Layout(1, 1, length + 3));
        TransformCase strided = TransformCase::contiguous(length, 7, precision, false);
        strided.in = Layout(0, 2, 2 * length + 1);
        cases.push_back(strided);
    }
    check_cases(Executor::gpu, cases);
}

// Rows of one block an SM prefetch their input into shared memory: contiguous rows whose starts and ends fall on
// and off 16-byte boundaries (odd lengths, odd offsets), in place, padded rows, inverse and scaled, fewer
// transforms than SMs, double precision; all match FFTW.
TEST(GpuCompiledKernels, LoneBlockRowsPrefetchTheirInput)
{
    RIFT_SKIP_WITHOUT_GPU();
    std::vector<TransformCase> cases;
    for (const auto& [length, precision] :
         {std::pair<size_t, rift_precision>{9009, rift_precision_single}, {6552, rift_precision_single},
          {4375, rift_precision_double}}) {
        const std::string print = print_of_rows(length, precision, 300);
        if (!compiles_at_run_time(print)) GTEST_SKIP() << kNoRuntimeCompilation << print;
        if (print.find("compiled prefetched length " + std::to_string(length) + " ") == std::string::npos)
            GTEST_SKIP() << "this GPU does not bulk-copy: " << print;
        add_layout_cases(cases, length, precision, 300, Layout(1, 1, length + 1));
        cases.push_back(TransformCase::contiguous(length, 5, precision, true));
    }
    check_cases(Executor::gpu, cases);
}

} // namespace
} // namespace rift::test
