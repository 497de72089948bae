// Allocation failures, injected one at a time at every allocation a plan's creation and execution make (tables,
// spectra, work buffers; on the GPU their device copies too): each must come back as rift_status_out_of_memory,
// leave no device allocation behind, and leave rift able to make the same plan again. Host leaks are caught by
// LeakSanitizer in the sanitizer build CI runs these tests in.
#include <gtest/gtest.h>

#include <complex>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "library/platform/allocation_faults.h"
#include "tests/executor_fixture.h"
#include "tests/gpu.h"
#include "tests/handles.h"
#include "tests/transform_check.h"

namespace rift::test {
namespace {

// Disarms the hook however the test ends, so no later test meets a failure meant for this one.
struct DisarmedAtExit {
    ~DisarmedAtExit() { fail_allocation_after(-1); }
};

struct FaultCase {
    const char* what;
    rift_transform_type type;
    rift_precision precision;
    Lengths lengths;
};

// One plan of each node kind that allocates: one-block Stockham (twiddles), row/column (step twiddles, work
// buffer), real (unpacking roots), Rader (generator orders, spectrum made by a plan of its own), Bluestein in
// one block (chirp, spectrum made by a plan of its own) and beyond (padded row/column plans and their work
// buffer), 2D.
std::vector<FaultCase> fault_cases()
{
    return {{"stockham 1024", rift_transform_type_complex_forward, rift_precision_single, {1024}},
            {"row/column 2^17", rift_transform_type_complex_forward, rift_precision_double, {1u << 17}},
            {"real 2000", rift_transform_type_real_forward, rift_precision_single, {2000}},
            {"rader 1009", rift_transform_type_complex_inverse, rift_precision_single, {1009}},
            {"bluestein 1019", rift_transform_type_complex_inverse, rift_precision_single, {1019}},
            {"bluestein 16411", rift_transform_type_complex_forward, rift_precision_single, {16411}},
            {"2D 60 x 17", rift_transform_type_complex_forward, rift_precision_double, {60, 17}}};
}

// The input as bytes: 2 * elements random values of the case's precision (complex data, or more than enough reals).
std::vector<unsigned char> random_input(const FaultCase& c)
{
    const size_t count = 2 * element_count(c.lengths);
    std::vector<double> values(count);
    fill_random(values, Layout(0, 1, count), {count}, 1, case_seed(c.what));
    if (c.precision == rift_precision_double) {
        std::vector<unsigned char> bytes(count * sizeof(double));
        std::memcpy(bytes.data(), values.data(), bytes.size());
        return bytes;
    }
    const std::vector<float> narrowed(values.begin(), values.end());
    std::vector<unsigned char> bytes(count * sizeof(float));
    std::memcpy(bytes.data(), narrowed.data(), bytes.size());
    return bytes;
}

// Plans and runs `c` with the hook set to fail after `allocations_before_failure` allocations (negative: never)
// on random input; returns "" with the output in `out`, or the failing call's description.
std::string plan_and_run(Executor executor, const FaultCase& c, long allocations_before_failure,
                         std::vector<unsigned char>& out)
{
    PlanArguments arguments;
    arguments.type = c.type;
    arguments.precision = c.precision;
    arguments.lengths = c.lengths;
    std::vector<unsigned char> in = random_input(c);
    out.assign(in.size() + 2 * sizeof(double), 0); // room for R2C's N/2 + 1 complex elements

    fail_allocation_after(allocations_before_failure);
    PlanHandle plan;
    std::string failure;
    if (create_plan(arguments, plan, &failure) != rift_status_success) return failure;
    std::string work_problems;
    return execute_plan(executor, plan.get(), in.data(), in.size(), out.data(), out.size(), false, work_problems);
}

void walk_allocation_failures(Executor executor)
{
    DisarmedAtExit disarm;
    for (const FaultCase& c : fault_cases()) {
        SCOPED_TRACE(c.what);
        std::vector<unsigned char> expected;
        const size_t device_allocations_before = live_device_allocations();
        ASSERT_EQ(plan_and_run(executor, c, -1, expected), "");
        int failures = 0;
        for (long k = 0;; ++k) {
            std::vector<unsigned char> out;
            const std::string failure = plan_and_run(executor, c, k, out);
            EXPECT_EQ(live_device_allocations(), device_allocations_before) << "after failing allocation " << k;
            if (!allocation_failure_pending() || !failure.empty()) {
                ++failures;
                EXPECT_NE(failure.find(rift_status_string(rift_status_out_of_memory)), std::string::npos)
                    << "allocation " << k << " failed, but the call said: " << (failure.empty() ? "success" : failure);
                EXPECT_NE(failure.find("allocation"), std::string::npos) << failure;
                ASSERT_LT(k, 200) << "more allocations than any of these plans makes";
                continue;
            }
            // Fewer than k + 1 allocations: every one was failed once, and the run with none failed is unchanged.
            EXPECT_EQ(out, expected) << "a run after the failures differs from the first";
            break;
        }
        EXPECT_GT(failures, 0) << "no allocation was seen, so nothing was tested";
        std::printf("[ faults   ] %s on %s: each of %d allocations failed in turn\n", c.what, to_string(executor),
                    failures);
        fail_allocation_after(-1);
    }
}

TEST(AllocationFaults, EveryHostAllocationFailsCleanly) { walk_allocation_failures(Executor::host); }

TEST(GpuAllocationFaults, EveryDeviceAndHostAllocationFailsCleanly)
{
    RIFT_SKIP_WITHOUT_GPU();
    walk_allocation_failures(Executor::gpu);
}

} // namespace
} // namespace rift::test
