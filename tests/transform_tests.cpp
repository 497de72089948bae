// rift against FFTW on every executor: the same tests instantiated twice, as Host/Transforms.* (the host
// executor on host buffers, what CI runs) and Gpu/Transforms.* (the GPU, skipped without one). Every length up
// to 16384, then layout variants on lengths chosen to hit each radix and pass count. Longer 1D transforms are in
// large_transform_tests.cpp, 2D and 3D ones in multi_dim_transform_tests.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/executor_fixture.h"
#include "tests/gpu.h"
#include "tests/transform_check.h"

namespace rift::test {
namespace {

// Single butterflies (1, 2, 3, 7, 11, 13, 16), powers of one radix (243, 625, 1024, 1331, 2187, 3125, 4096),
// mixed radices (60, 100, 1000), 4096 (three radix-16 passes in single precision), primes by a butterfly of
// their own (17; 29 and 31, whose butterflies store their outputs as they make them) or Rader's algorithm (257,
// 1009, 4093; 47 and 53 of few lanes, whose kernels walk the tile's span), and a Bluestein length padded to 2048
// (1019).
const size_t kVariantLengths[] = {1,   2,   3,   7,    11,   13,   16,   17,   29,   31,   47,   53,   60,  64,
                                  100, 243, 257, 625, 1000, 1009, 1019, 1024, 1331, 2187, 3125, 4093, 4096};

const rift_precision kPrecisions[] = {rift_precision_single, rift_precision_double};

// Every length up to 4096, in both precisions. All of them must plan, whatever the shared memory: lengths that
// do not fit one kernel (some double ones past 2048, more on AMD) become row/column plans (two kernels and a
// work buffer).
constexpr size_t kSweepMaxLength = 4096;
// Beyond that, up to four radix-16 passes: one kernel where shared memory allows (most single-precision
// lengths), row/column plans otherwise (most double-precision ones).
constexpr size_t kBeyondMaxLength = 16384;
constexpr size_t kEveryLengthUpTo = 5000;

class Transforms : public ExecutorTest {
protected:
    // 3 transforms per length on the host (plain C++ on CI's two cores: seconds for all lengths); 7 on the GPU,
    // a multiple of no per-block transform count above 1, so the last block of a launch is partly empty.
    size_t sweep_batch() const { return on_gpu(executor()) ? 7 : 3; }

    // Every precision, direction and variant length, shaped by `make` (which may adjust the case).
    template <class Make>
    std::vector<TransformCase> variant_cases(Make make) const
    {
        std::vector<TransformCase> cases;
        for (rift_precision precision : kPrecisions)
            for (bool inverse : {false, true})
                for (size_t length : kVariantLengths)
                    if (expected_support(length, precision) != Support::refused)
                        cases.push_back(make(TransformCase::contiguous(length, 1, precision, inverse)));
        return cases;
    }

    void sweep_lengths(size_t first, size_t last, rift_precision precision, bool inverse) const
    {
        std::vector<TransformCase> cases;
        for (size_t length = first; length <= last; ++length)
            cases.push_back(TransformCase::contiguous(length, sweep_batch(), precision, inverse));
        check_cases(executor(), cases);
    }
};

TEST_P(Transforms, AllLengthsSingleForward) { sweep_lengths(1, kSweepMaxLength, rift_precision_single, false); }
TEST_P(Transforms, AllLengthsSingleInverse) { sweep_lengths(1, kSweepMaxLength, rift_precision_single, true); }
TEST_P(Transforms, AllLengthsDoubleForward) { sweep_lengths(1, kSweepMaxLength, rift_precision_double, false); }
TEST_P(Transforms, AllLengthsDoubleInverse) { sweep_lengths(1, kSweepMaxLength, rift_precision_double, true); }

// Every length up to kEveryLengthUpTo; beyond it every length with radix kernels and every 16th of the others
// (Bluestein, where each length costs a plan-time spectrum and, past one block, a row/column transform of
// twice its length or more: all of them would take the host executor minutes).
TEST_P(Transforms, LengthsFrom4097To16384)
{
    for (rift_precision precision : kPrecisions) {
        std::vector<TransformCase> cases;
        size_t bluestein_lengths = 0;
        for (size_t length = kSweepMaxLength + 1; length <= kBeyondMaxLength; ++length) {
            const bool bluestein = has_large_prime_factor(length);
            if (length <= kEveryLengthUpTo || !bluestein || bluestein_lengths++ % 16 == 0)
                cases.push_back(TransformCase::contiguous(length, sweep_batch(), precision,
                                                          precision == rift_precision_double));
        }
        check_cases(executor(), cases);
    }
}

TEST_P(Transforms, BatchWithGapsBetweenTransforms)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 5;
                    c.in.distance = c.lengths[0] + 3;
                    c.out.distance = c.lengths[0] + 5;
                    return c;
                }));
}

TEST_P(Transforms, StridedInputAndOutput)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 3;
                    c.in = {0, 2, 2 * c.lengths[0] + 1};
                    c.out = {0, 3, 3 * c.lengths[0] + 2};
                    return c;
                }));
}

TEST_P(Transforms, Offsets)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 2;
                    c.in = {5, 1, c.lengths[0]};
                    c.out = {11, 1, c.lengths[0]};
                    return c;
                }));
}

TEST_P(Transforms, InPlaceContiguous)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 3;
                    c.in_place = true;
                    return c;
                }));
}

TEST_P(Transforms, InPlaceStridedWithOffset)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 3;
                    c.in_place = true;
                    c.in = c.out = {1, 2, 2 * c.lengths[0] + 3};
                    return c;
                }));
}

// Element n of transform b at n * batch + b: the transforms interleave, each one strided by the batch.
TEST_P(Transforms, InterleavedBatch)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 4;
                    c.in = c.out = {0, c.batch, 1};
                    return c;
                }));
}

TEST_P(Transforms, InterleavedBatchInPlace)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 3;
                    c.in_place = true;
                    c.in = c.out = {0, c.batch, 1};
                    return c;
                }));
}

// Transforms reading overlapping windows of one signal (each starts half a length after the previous): only
// the output must not overlap.
TEST_P(Transforms, OverlappingInputWindows)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 4;
                    c.in = {0, 1, c.lengths[0] / 2 + 1};
                    return c;
                }));
}

// Reading interleaved transforms and writing contiguous ones transposes the batch on the way.
TEST_P(Transforms, InterleavedInputContiguousOutput)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 6;
                    c.in = {0, c.batch, 1};
                    return c;
                }));
}

// Enough transforms for many blocks on the GPU, the last one partly filled.
TEST_P(Transforms, ManyTransforms)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 129;
                    return c;
                }));
}

// 16384 single runs on persistent blocks, one an SM, that bulk-copy the next transform while they work on one
// (kernels/half_slot_kernel.h; the host executor runs the same exchanges): on the GPU, more transforms than an
// H200 has SMs and not a multiple of them, in place and out of place, padded distances and an even offset (which
// it takes), an odd distance and an odd offset (which the plain kernel takes).
TEST_P(Transforms, WholeSMTransformsInLongBatches)
{
    const size_t batch = on_gpu(executor()) ? 301 : 2;
    const size_t length = 16384;
    std::vector<TransformCase> cases;
    for (bool inverse : {false, true}) {
        const TransformCase plain = TransformCase::contiguous(length, batch, rift_precision_single, inverse);
        TransformCase in_place = plain;
        in_place.in_place = true;
        TransformCase padded = plain;
        padded.in = {2, 1, length + 6};
        padded.out = {0, 1, length + 3};
        TransformCase odd_distance = plain;
        odd_distance.in = {0, 1, length + 1};
        TransformCase odd_offset = plain;
        odd_offset.in = {1, 1, length};
        cases.insert(cases.end(), {plain, in_place, padded, odd_distance, odd_offset});
    }
    check_cases(executor(), cases);
}

// The scale is applied in the last pass's store, which in place writes over the input.
TEST_P(Transforms, ScaleFactor)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 2;
                    c.in_place = c.inverse;
                    c.scale = c.inverse ? 1.0 / static_cast<double>(c.lengths[0]) : 0.375;
                    return c;
                }));
}

TEST_P(Transforms, ForwardThenScaledInverseReturnsInput)
{
    std::vector<TransformCase> cases;
    for (const TransformCase& base : variant_cases([](TransformCase c) { return c; })) {
        if (base.inverse) continue; // check_round_trip makes the inverse of each forward case itself
        TransformCase strided = base; // out of place, the spectrum in a different layout from the input
        strided.batch = 3;
        strided.in = {2, 2, 2 * base.lengths[0] + 1};
        strided.out = {0, 1, base.lengths[0] + 4};
        TransformCase in_place = base;
        in_place.batch = 2;
        in_place.in_place = true;
        cases.push_back(strided);
        cases.push_back(in_place);
    }
    check_cases(executor(), cases, Check::round_trip);
}

// Plans run many times, interleaved: no plan may keep state from one execution into the next or share
// state with another plan.
TEST_P(Transforms, PlansReusedAcrossExecutions)
{
    const TransformCase cases[] = {TransformCase::contiguous(1000, 2, rift_precision_single, false),
                                   TransformCase::contiguous(60, 3, rift_precision_double, true)};
    PlanHandle plans[2];
    for (int i = 0; i < 2; ++i) {
        std::string failure;
        ASSERT_EQ(create_plan(cases[i], plans[i], &failure), rift_status_success) << cases[i].name() << ": " << failure;
    }
    for (int run = 0; run < 3; ++run)
        for (int i = 0; i < 2; ++i) {
            const std::string seed_name = cases[i].name() + " run " + std::to_string(run);
            const CaseOutcome outcome = check_with_plan(executor(), cases[i], plans[i].get(), seed_name);
            EXPECT_EQ(outcome.failure, "") << seed_name << " (seed " << case_seed(seed_name) << ")";
        }
}

RIFT_INSTANTIATE_ON_EVERY_EXECUTOR(Transforms);

// A stream of the caller's own: rift must launch on it, so synchronizing that stream alone shows the result.
TEST(GpuStream, VariantLengthsOnOwnStream)
{
    RIFT_SKIP_WITHOUT_GPU();
    std::vector<TransformCase> cases;
    for (rift_precision precision : kPrecisions)
        for (size_t length : kVariantLengths)
            if (expected_support(length, precision) != Support::refused)
                cases.push_back(TransformCase::contiguous(length, 9, precision, length % 2 == 1));
    check_cases(Executor::gpu_stream, cases);
}

} // namespace
} // namespace rift::test
