// 1D lengths beyond one kernel, on every executor (Host/LargeTransforms.* and Gpu/LargeTransforms.*): row/column
// plans, which split the length into two or three factors of one kernel each and go through a work buffer. A
// sweep of lengths and radix mixes, layout variants on two lengths, work buffers of the caller's own, and round
// trips. The host executor is plain C++ and FFTW's long double reference is slow too, so the host checks lengths
// up to about 2^20 (and one three-factor length); the GPU adds longer ones.
#include <gtest/gtest.h>

#include <iterator>
#include <string>
#include <vector>

#include "library/platform/allocation_faults.h"
#include "tests/executor_fixture.h"
#include "tests/gpu.h"
#include "tests/transform_check.h"

namespace rift::test {
namespace {

constexpr rift_precision kSingle = rift_precision_single;
constexpr rift_precision kDouble = rift_precision_double;

struct LongLength {
    size_t length;
    rift_precision precision;
    size_t batch;
};

// On every executor. One kernel holds up to 16384 single / 8192 double points (less for some radix mixes; and
// 20480 single, a Bluestein padding that plain transforms of that length use too), and row/column factors hold
// up to 4096 single / 2048 double, so: two factors of unequal radices (24576 = 16 x 1536, 12000 = 100 x 120),
// pure powers of every radix above 2 (5^7, 7^6, 11^5, 13^5), mixed (10^5, 10^6), powers of two up to 2^20, and
// one double length past 2048^2 that needs three factors (4199040 = 2^7 3^8 5).
const LongLength kLongLengths[] = {
    {20480, kSingle, 2},    {20480, kDouble, 1},    {24576, kSingle, 3},    {32768, kSingle, 2},
    {78125, kSingle, 1},    {100000, kSingle, 2},   {117649, kSingle, 1},   {131072, kSingle, 3},
    {161051, kSingle, 1},   {262144, kSingle, 1},   {371293, kSingle, 1},   {1048576, kSingle, 1},
    {12000, kDouble, 3},    {16384, kDouble, 3},    {24576, kDouble, 2},    {78125, kDouble, 2},
    {100000, kDouble, 1},   {117649, kDouble, 2},   {131072, kDouble, 1},   {262144, kDouble, 2},
    {1000000, kDouble, 1},  {4199040, kDouble, 1},
};

// On the GPU only: longer transforms, more of them, and single-precision lengths past 4096^2 (three factors).
const LongLength kGpuLongLengths[] = {
    {1000000, kSingle, 3}, {3145728, kSingle, 2}, {1u << 24, kSingle, 1}, {1u << 25, kSingle, 1},
    {1048576, kDouble, 3}, {2985984, kDouble, 1}, {1u << 23, kDouble, 1},
};

// Layout variants run on these: two factors each, small enough for many variants: 128 x 256 and 100 x 120 with
// plain rows in the work buffer, 8 x 3125 and 256 x 375 with each row tile's rows side by side there
// (row_column_node.cpp), as 1000 x 1000 on the GPU.
const LongLength kVariantLengths[] = {
    {32768, kSingle, 1}, {12000, kDouble, 1}, {25000, kSingle, 1}, {96000, kDouble, 1}};
const LongLength kGpuVariantLengths[] = {{1048576, kSingle, 1}, {393216, kDouble, 1}, {1000000, kSingle, 1}};

class LargeTransforms : public ExecutorTest {
protected:
    // Every variant length in both directions, shaped by `make` (which sets batch and layout).
    template <class Make>
    std::vector<TransformCase> variant_cases(Make make) const
    {
        std::vector<LongLength> lengths(std::begin(kVariantLengths), std::end(kVariantLengths));
        if (on_gpu(executor()))
            lengths.insert(lengths.end(), std::begin(kGpuVariantLengths), std::end(kGpuVariantLengths));
        std::vector<TransformCase> cases;
        for (const LongLength& l : lengths)
            for (bool inverse : {false, true})
                cases.push_back(make(TransformCase::contiguous(l.length, 1, l.precision, inverse)));
        return cases;
    }
};

TEST_P(LargeTransforms, LengthsBeyondOneKernel)
{
    std::vector<TransformCase> cases;
    for (bool inverse : {false, true})
        for (const LongLength& l : kLongLengths)
            cases.push_back(TransformCase::contiguous(l.length, on_gpu(executor()) ? l.batch + 2 : l.batch,
                                                      l.precision, inverse));
    if (on_gpu(executor())) {
        bool inverse = false;
        for (const LongLength& l : kGpuLongLengths) {
            cases.push_back(TransformCase::contiguous(l.length, l.batch, l.precision, inverse));
            inverse = !inverse; // one direction each: the reference takes seconds at these lengths
        }
    }
    check_cases(executor(), cases);
}

TEST_P(LargeTransforms, BatchWithGapsBetweenTransforms)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 3;
                    c.in.distance = c.lengths[0] + 3;
                    c.out.distance = c.lengths[0] + 5;
                    return c;
                }));
}

TEST_P(LargeTransforms, StridedInputAndOutputWithOffsets)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 2;
                    c.in = {5, 2, 2 * c.lengths[0] + 1};
                    c.out = {11, 3, 3 * c.lengths[0] + 2};
                    return c;
                }));
}

TEST_P(LargeTransforms, InPlace)
{
    std::vector<TransformCase> cases = variant_cases([](TransformCase c) {
        c.batch = 2;
        c.in_place = true;
        return c;
    });
    for (TransformCase c : variant_cases([](TransformCase c) { return c; })) {
        c.batch = 2;
        c.in_place = true;
        c.in = c.out = {1, 2, 2 * c.lengths[0] + 3};
        cases.push_back(c);
    }
    check_cases(executor(), cases);
}

// Element n of transform b at n * batch + b, out of place and in place.
TEST_P(LargeTransforms, InterleavedBatch)
{
    std::vector<TransformCase> cases = variant_cases([](TransformCase c) {
        c.batch = 3;
        c.in = c.out = {0, c.batch, 1};
        return c;
    });
    for (TransformCase c : variant_cases([](TransformCase c) { return c; })) {
        c.batch = 2;
        c.in_place = true;
        c.in = c.out = {0, c.batch, 1};
        cases.push_back(c);
    }
    // Interleaved in, contiguous out, and overlapping input windows (only the output must not overlap).
    for (TransformCase c : variant_cases([](TransformCase c) { return c; })) {
        c.batch = 4;
        c.in = {0, c.batch, 1};
        cases.push_back(c);
        c.batch = 3;
        c.in = {0, 1, c.lengths[0] / 2 + 1};
        cases.push_back(c);
    }
    check_cases(executor(), cases);
}

// The scale is applied in the last factor's store, which in place writes over the input.
TEST_P(LargeTransforms, ScaleFactor)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 2;
                    c.in_place = c.inverse;
                    c.scale = c.inverse ? 1.0 / static_cast<double>(c.lengths[0]) : 0.375;
                    return c;
                }));
}

// A work buffer of the caller's own (host memory for the host executor, device memory on the GPU): rift must
// use it instead of its own, stay inside it, and not depend on what it held (it starts as NaN bytes).
TEST_P(LargeTransforms, WorkBufferOfTheCallersOwn)
{
    std::vector<TransformCase> cases = variant_cases([](TransformCase c) {
        c.batch = 2;
        c.user_work_buffer = true;
        return c;
    });
    for (TransformCase c : variant_cases([](TransformCase c) { return c; })) {
        c.batch = 3;
        c.in_place = true;
        c.in = c.out = {0, c.batch, 1};
        c.scale = 0.5;
        c.user_work_buffer = true;
        cases.push_back(c);
    }
    TransformCase three_factors = TransformCase::contiguous(4199040, 1, kDouble, true);
    three_factors.user_work_buffer = true;
    cases.push_back(three_factors);
    check_cases(executor(), cases);
}

// Plans made with rift_work_buffer_owner_caller, run with the caller's work buffer: the same results.
TEST_P(LargeTransforms, PlansLeavingTheWorkBufferToTheCaller)
{
    check_cases(executor(), variant_cases([](TransformCase c) {
                    c.batch = 2;
                    c.user_work_buffer = true;
                    c.caller_owns_work_buffer = true;
                    return c;
                }));
}

// One byte short of rift_plan_get_work_buffer_size: refused before anything runs, the output left as it was.
TEST_P(LargeTransforms, WorkBufferTooSmallIsRefused)
{
    for (const LongLength& l : kVariantLengths) {
        const TransformCase c = TransformCase::contiguous(l.length, 2, l.precision, false);
        PlanHandle plan;
        std::string failure;
        ASSERT_EQ(create_plan(c, plan, &failure), rift_status_success) << c.name() << ": " << failure;
        size_t work_bytes = 0;
        ASSERT_EQ(rift_plan_get_work_buffer_size(plan.get(), &work_bytes), rift_status_success);
        const size_t element_bytes = l.precision == kDouble ? 16 : 8;
        const size_t data_bytes = c.elements() * c.batch * element_bytes;
        const std::string print = plan_print(plan.get());
        // A kernel compiled at run time (the host executor runs its shape) may run a length of these in one
        // block, which needs no work buffer; 32768 single and 96000 double never do.
        if (print.find("row-column") == std::string::npos) continue;
        EXPECT_GT(work_bytes, 0u) << c.name() << ": a row/column plan needs a work buffer\n" << print;
        EXPECT_LE(work_bytes, 2 * data_bytes) << c.name() << ": about one copy of the data is enough";

        ExecutionInfoHandle info;
        rift_execution_info raw = nullptr;
        ASSERT_EQ(rift_execution_info_create(&raw), rift_status_success);
        info.reset(raw);
        const rift_executor which = on_gpu(executor()) ? rift_executor_gpu : rift_executor_host;
        ASSERT_EQ(rift_execution_info_set_executor(raw, which), rift_status_success);

        const std::vector<unsigned char> in_image(data_bytes, 0x3c);
        const std::vector<unsigned char> out_image(data_bytes, 0x5a);
        std::vector<unsigned char> in = in_image, out = out_image, work(work_bytes, 0);
        DeviceMemory device_in, device_out, device_work;
        void* buffers[3] = {in.data(), out.data(), work.data()};
        if (on_gpu(executor())) {
            for (const std::string& error :
                 {device_in.allocate(data_bytes), device_in.upload(in.data(), data_bytes),
                  device_out.allocate(data_bytes), device_out.upload(out.data(), data_bytes),
                  device_work.allocate(work_bytes)})
                ASSERT_EQ(error, "");
            buffers[0] = device_in.get();
            buffers[1] = device_out.get();
            buffers[2] = device_work.get();
        }
        ASSERT_EQ(rift_execution_info_set_work_buffer(raw, buffers[2], work_bytes - 1), rift_status_success);
        void* in_pointers[] = {buffers[0]};
        void* out_pointers[] = {buffers[1]};
        EXPECT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, raw), rift_status_invalid_work_buffer)
            << c.name() << " with a work buffer of " << work_bytes - 1 << " bytes";
        EXPECT_NE(std::string(rift_get_last_error_message()), "");
        if (on_gpu(executor())) {
            ASSERT_EQ(synchronize_device(), "");
            ASSERT_EQ(device_in.download(in.data(), data_bytes), "");
            ASSERT_EQ(device_out.download(out.data(), data_bytes), "");
        }
        EXPECT_TRUE(in == in_image) << c.name() << ": a refused execution changed its input";
        EXPECT_TRUE(out == out_image) << c.name() << ": a refused execution changed its output";

        // The same buffer at its full size is enough.
        ASSERT_EQ(rift_execution_info_set_work_buffer(raw, buffers[2], work_bytes), rift_status_success);
        EXPECT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, raw), rift_status_success)
            << c.name() << ": " << rift_get_last_error_message();
        if (on_gpu(executor())) {
            EXPECT_EQ(synchronize_device(), "");
        }
    }
}

TEST_P(LargeTransforms, ForwardThenScaledInverseReturnsInput)
{
    std::vector<TransformCase> cases;
    for (const TransformCase& base : variant_cases([](TransformCase c) { return c; })) {
        if (base.inverse) continue; // check_round_trip makes the inverse of each forward case itself
        TransformCase strided = base; // out of place, the spectrum in a different layout from the input
        strided.batch = 2;
        strided.in = {2, 2, 2 * base.lengths[0] + 1};
        strided.out = {0, 1, base.lengths[0] + 4};
        TransformCase in_place = base;
        in_place.batch = 2;
        in_place.in_place = true;
        cases.push_back(strided);
        cases.push_back(in_place);
    }
    cases.push_back(TransformCase::contiguous(100000, 1, kDouble, false));
    cases.push_back(TransformCase::contiguous(262144, 1, kSingle, false));
    check_cases(executor(), cases, Check::round_trip);
}

// Row/column plans keep a work buffer of their own: runs of two such plans, interleaved, must not disturb each
// other, and no run may depend on what an earlier one left in it.
TEST_P(LargeTransforms, PlansReusedAcrossExecutions)
{
    const TransformCase cases[] = {TransformCase::contiguous(32768, 2, kSingle, false),
                                   TransformCase::contiguous(12000, 3, kDouble, true)};
    PlanHandle plans[2];
    for (int i = 0; i < 2; ++i) {
        std::string failure;
        ASSERT_EQ(create_plan(cases[i], plans[i], &failure), rift_status_success)
            << cases[i].name() << ": " << failure;
    }
    for (int run = 0; run < 3; ++run)
        for (int i = 0; i < 2; ++i) {
            const std::string seed_name = cases[i].name() + " run " + std::to_string(run);
            const CaseOutcome outcome = check_with_plan(executor(), cases[i], plans[i].get(), seed_name);
            EXPECT_EQ(outcome.failure, "") << seed_name << " (seed " << case_seed(seed_name) << ")";
        }
}

// Lengths with a prime factor above 13 whose padding passes 16384: in single precision up to 10240 points (8198,
// 10007) one block of 20480, beyond that and in double the padded transforms as plans of their own (powers of
// two and three times powers of two, row/column) with the element-wise steps around them. Prime, large
// prime times a smooth part, in place, inverse, strided, real.
TEST_P(LargeTransforms, LongLengthsWithLargePrimeFactors)
{
    std::vector<TransformCase> cases;
    for (size_t length : {4099 * 2, 10007, 17 * 4096, 65537, 1000003})
        for (rift_precision precision : {kSingle, kDouble})
            cases.push_back(TransformCase::contiguous(length, 1, precision, precision == kDouble));
    TransformCase in_place = TransformCase::contiguous(10007, 3, kSingle, true);
    in_place.in_place = true;
    cases.push_back(in_place);
    TransformCase strided = TransformCase::contiguous(65537, 2, kDouble, false);
    strided.in = Layout(1, 3, 3 * 65537 + 5);
    strided.out = Layout(2, 2, 2 * 65537 + 1);
    cases.push_back(strided);
    check_cases(executor(), cases);
}

RIFT_INSTANTIATE_ON_EVERY_EXECUTOR(LargeTransforms);

// The host executor also runs plans made with a GPU present, whose Bluestein spectra were made on the GPU: their
// host copies must hold the same table (one block and long, single and double).
TEST(GpuPlansOnHostExecutor, BluesteinTablesMadeOnTheGpu)
{
    RIFT_SKIP_WITHOUT_GPU();
    check_cases(Executor::host, {TransformCase::contiguous(257, 3, kSingle, false),
                                 TransformCase::contiguous(1009, 2, kDouble, true),
                                 TransformCase::contiguous(10007, 1, kSingle, false),
                                 TransformCase::contiguous(65537, 1, kSingle, true),
                                 TransformCase::contiguous(65537, 1, kDouble, false)});
}

// A plan that leaves its work buffer to the caller allocates none (one device allocation fewer than the plan
// that holds one), and refuses to run on the GPU without the caller's.
TEST(GpuWorkBuffer, PlanLeavingItToTheCallerAllocatesNoneAndNeedsOne)
{
    RIFT_SKIP_WITHOUT_GPU();
    for (const LongLength& l : kGpuVariantLengths) {
        TransformCase c = TransformCase::contiguous(l.length, 1, l.precision, false);
        // A first plan keeps the tables the others share, so that what each of them allocates is its own.
        PlanHandle keeper;
        ASSERT_EQ(create_plan(c, keeper), rift_status_success) << c.name();
        size_t work_bytes = 0;
        ASSERT_EQ(rift_plan_get_work_buffer_size(keeper.get(), &work_bytes), rift_status_success);
        if (work_bytes == 0) continue; // one kernel: no work buffer either way
        const size_t before_holding = live_device_allocations();
        PlanHandle holding;
        ASSERT_EQ(create_plan(c, holding), rift_status_success) << c.name();
        const size_t holding_allocations = live_device_allocations() - before_holding;
        c.caller_owns_work_buffer = true;
        const size_t before_leaving = live_device_allocations();
        PlanHandle leaving;
        ASSERT_EQ(create_plan(c, leaving), rift_status_success) << c.name();
        EXPECT_EQ(live_device_allocations() - before_leaving + 1, holding_allocations) << c.name();
        size_t leaving_bytes = 0;
        ASSERT_EQ(rift_plan_get_work_buffer_size(leaving.get(), &leaving_bytes), rift_status_success);
        EXPECT_EQ(leaving_bytes, work_bytes) << c.name();

        const size_t data_bytes = c.elements() * (l.precision == kDouble ? 16 : 8);
        DeviceMemory in, out;
        ASSERT_EQ(in.allocate(data_bytes), "");
        ASSERT_EQ(out.allocate(data_bytes), "");
        void* in_pointers[] = {in.get()};
        void* out_pointers[] = {out.get()};
        EXPECT_EQ(rift_execute(leaving.get(), in_pointers, out_pointers, nullptr), rift_status_invalid_work_buffer)
            << c.name();
    }
}

// Plans of several kernels on a stream of the caller's own: every kernel (and the work buffer's use) must be on
// that stream, so synchronizing it alone shows the result.
TEST(GpuStream, RowColumnAndMultiDimensionalPlansOnOwnStream)
{
    RIFT_SKIP_WITHOUT_GPU();
    std::vector<TransformCase> cases = {
        TransformCase::contiguous(1048576, 3, kSingle, false),
        TransformCase::contiguous(12000, 5, kDouble, true),
        TransformCase::contiguous(4199040, 1, kDouble, false),
        TransformCase::contiguous({64, 48}, 4, kSingle, true),
        TransformCase::contiguous({3, 16384}, 2, kDouble, false),
        TransformCase::contiguous({7, 13, 5}, 9, kDouble, true),
    };
    TransformCase own_work = TransformCase::contiguous(32768, 4, kSingle, true);
    own_work.user_work_buffer = true;
    cases.push_back(own_work);
    check_cases(Executor::gpu_stream, cases);
}

} // namespace
} // namespace rift::test
