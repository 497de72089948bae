// rift's hipFFT front (include/hipfft) through its C API: every refusal with its hipfftResult and a message,
// handles and their states, work sizes and work areas, and transforms checked against FFTW. Without a GPU the
// transforms run on rift's host executor (RIFT_EXECUTOR=host, which the front's executions follow); the Gpu*
// suite runs them on the device and skips without one.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "hipfft/hipfft.h"
#include "hipfft/hipfftMp.h"
#include "hipfft/hipfftXt.h"
#include "rift/rift.h"
#include "rift/rift_fronts.h"
#include "tests/front_host_fixture.h"
#include "tests/gpu.h"
#include "tests/handles.h"
#include "tests/reference.h"

namespace rift::test {
namespace {

std::string message() { return rift_hipfft_get_last_error_message(); }

// A handle that is destroyed at the end of the test, whatever fails in between.
class Handle {
public:
    Handle() = default;
    ~Handle()
    {
        if (live_) {
            EXPECT_EQ(hipfftDestroy(handle_), HIPFFT_SUCCESS) << message();
        }
    }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;

    // For hipfftCreate and hipfftPlan*: the handle is owned once the call succeeds.
    hipfftHandle* out() { return &handle_; }
    hipfftResult adopt(hipfftResult result)
    {
        live_ = result == HIPFFT_SUCCESS;
        return result;
    }
    hipfftHandle get() const { return handle_; }

private:
    hipfftHandle handle_{};
    bool live_ = false;
};

hipfftHandle created(Handle& handle)
{
    EXPECT_EQ(handle.adopt(hipfftCreate(handle.out())), HIPFFT_SUCCESS) << message();
    return handle.get();
}

#define EXPECT_REFUSED(call, result)                                                                            \
    do {                                                                                                         \
        EXPECT_EQ((call), (result)) << #call;                                                                    \
        EXPECT_NE(message(), "") << #call << " failed without a message";                                        \
    } while (0)

// A handle number that was never made, and one that was but is gone.
hipfftHandle never_made()
{
#ifdef __HIP_PLATFORM_NVIDIA__
    return 987654321;
#else
    return reinterpret_cast<hipfftHandle>(static_cast<intptr_t>(987654321));
#endif
}

template <class Complex>
hipfftComplex* as_hip(std::vector<Complex>& buffer)
{
    return reinterpret_cast<hipfftComplex*>(buffer.data());
}
template <class Complex>
hipfftDoubleComplex* as_hip_double(std::vector<Complex>& buffer)
{
    return reinterpret_cast<hipfftDoubleComplex*>(buffer.data());
}

// The largest work buffer rift's own plans of a contiguous complex 1D transform need, whichever direction and
// placement: what the front must report.
size_t rift_work_size_1d(size_t length)
{
    size_t largest = 0;
    for (const rift_result_placement placement : {rift_placement_notinplace, rift_placement_inplace}) {
        for (const rift_transform_type type : {rift_transform_type_complex_forward,
                                               rift_transform_type_complex_inverse}) {
            rift_plan plan = nullptr;
            EXPECT_EQ(rift_plan_create(&plan, placement, type, rift_precision_single, 1, &length, 1, nullptr),
                      rift_status_success)
                << rift_get_last_error_message();
            const PlanHandle owned(plan);
            size_t bytes = 0;
            EXPECT_EQ(rift_plan_get_work_buffer_size(plan, &bytes), rift_status_success);
            largest = std::max(largest, bytes);
        }
    }
    return largest;
}

// A length whose complex plans need a work buffer (row/column plans), for the work area tests.
constexpr int kLengthWithWorkBuffer = 65536;

// ---- handles -------------------------------------------------------------------------------------------------

TEST(HipfftHandles, CreateNeedsAPointer)
{
    EXPECT_REFUSED(hipfftCreate(nullptr), HIPFFT_INVALID_VALUE);
    EXPECT_REFUSED(hipfftPlan1d(nullptr, 8, HIPFFT_C2C, 1), HIPFFT_INVALID_VALUE);
    int n[] = {8};
    EXPECT_REFUSED(hipfftPlanMany(nullptr, 1, n, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1), HIPFFT_INVALID_VALUE);
}

TEST(HipfftHandles, DestroyTwiceIsRefused)
{
    hipfftHandle plan{};
    ASSERT_EQ(hipfftPlan1d(&plan, 16, HIPFFT_C2C, 2), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(message(), "");
    EXPECT_EQ(hipfftDestroy(plan), HIPFFT_SUCCESS);
    EXPECT_REFUSED(hipfftDestroy(plan), HIPFFT_INVALID_PLAN);
    hipfftHandle empty{};
    ASSERT_EQ(hipfftCreate(&empty), HIPFFT_SUCCESS);
    EXPECT_EQ(hipfftDestroy(empty), HIPFFT_SUCCESS); // a handle without a plan destroys as well
    EXPECT_REFUSED(hipfftDestroy(empty), HIPFFT_INVALID_PLAN);
}

// Every call on a handle refuses one that was never made or is destroyed, and one never handed out again.
TEST(HipfftHandles, DeadHandlesAreRefusedEverywhere)
{
    hipfftHandle destroyed{};
    ASSERT_EQ(hipfftCreate(&destroyed), HIPFFT_SUCCESS);
    ASSERT_EQ(hipfftDestroy(destroyed), HIPFFT_SUCCESS);
    Handle later;
    created(later);
    EXPECT_NE(later.get(), destroyed) << "a destroyed handle's number was handed out again";
    std::vector<std::complex<float>> data(8);
    int n[] = {8};
    size_t work_size = 0;
    for (const hipfftHandle dead : {destroyed, never_made()}) {
        EXPECT_REFUSED(hipfftMakePlan1d(dead, 8, HIPFFT_C2C, 1, &work_size), HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftMakePlanMany(dead, 1, n, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1, &work_size),
                       HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftGetSize1d(dead, 8, HIPFFT_C2C, 1, &work_size), HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftGetSize(dead, &work_size), HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftSetAutoAllocation(dead, 0), HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftSetWorkArea(dead, data.data()), HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftSetStream(dead, nullptr), HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftExtPlanScaleFactor(dead, 0.5), HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftExecC2C(dead, as_hip(data), as_hip(data), HIPFFT_FORWARD), HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftXtExec(dead, data.data(), data.data(), HIPFFT_FORWARD), HIPFFT_INVALID_PLAN);
        EXPECT_REFUSED(hipfftDestroy(dead), HIPFFT_INVALID_PLAN);
    }
}

// One plan per handle, as in cuFFT; a refused make leaves the handle as it was, ready for a valid one.
TEST(HipfftHandles, MakePlanOncePerHandle)
{
    Handle handle;
    const hipfftHandle plan = created(handle);
    size_t work_size = 1;
    EXPECT_REFUSED(hipfftMakePlan1d(plan, 0, HIPFFT_C2C, 1, &work_size), HIPFFT_INVALID_SIZE);
    EXPECT_EQ(work_size, 1u) << "a refused make wrote the work size";
    EXPECT_REFUSED(hipfftGetSize(plan, &work_size), HIPFFT_INVALID_PLAN); // still no plan
    EXPECT_EQ(hipfftMakePlan1d(plan, 64, HIPFFT_C2C, 1, &work_size), HIPFFT_SUCCESS) << message();
    EXPECT_REFUSED(hipfftMakePlan1d(plan, 64, HIPFFT_C2C, 1, &work_size), HIPFFT_INVALID_PLAN);
    EXPECT_REFUSED(hipfftMakePlan2d(plan, 8, 8, HIPFFT_Z2Z, nullptr), HIPFFT_INVALID_PLAN);
}

// hipfftPlan* leave nothing behind when they fail, and do not touch the caller's handle.
TEST(HipfftHandles, FailedPlanLeavesNoHandle)
{
    Handle sentinel;
    const hipfftHandle before = created(sentinel);
    hipfftHandle plan = before;
    EXPECT_REFUSED(hipfftPlan1d(&plan, -4, HIPFFT_C2C, 1), HIPFFT_INVALID_SIZE);
    EXPECT_EQ(plan, before);
    EXPECT_REFUSED(hipfftPlan3d(&plan, 2, 2, 2, static_cast<hipfftType>(0x33)), HIPFFT_INVALID_TYPE);
    EXPECT_EQ(plan, before);
}

// ---- argument checks -----------------------------------------------------------------------------------------

TEST(HipfftArguments, TypesOutsideTheEnumAreInvalidTypes)
{
    const auto bad = static_cast<hipfftType>(0x33);
    Handle handle;
    const hipfftHandle plan = created(handle);
    hipfftHandle other{};
    size_t work_size = 0;
    int n[] = {8};
    EXPECT_REFUSED(hipfftPlan1d(&other, 8, bad, 1), HIPFFT_INVALID_TYPE);
    EXPECT_REFUSED(hipfftPlan2d(&other, 8, 8, bad), HIPFFT_INVALID_TYPE);
    EXPECT_REFUSED(hipfftPlanMany(&other, 1, n, nullptr, 1, 8, nullptr, 1, 8, bad, 1), HIPFFT_INVALID_TYPE);
    EXPECT_REFUSED(hipfftMakePlan1d(plan, 8, bad, 1, &work_size), HIPFFT_INVALID_TYPE);
    EXPECT_REFUSED(hipfftMakePlanMany(plan, 1, n, nullptr, 1, 8, nullptr, 1, 8, bad, 1, &work_size),
                   HIPFFT_INVALID_TYPE);
    EXPECT_REFUSED(hipfftEstimate1d(8, bad, 1, &work_size), HIPFFT_INVALID_TYPE);
    EXPECT_REFUSED(hipfftGetSize1d(plan, 8, bad, 1, &work_size), HIPFFT_INVALID_TYPE);
    EXPECT_EQ(hipfftMakePlan1d(plan, 8, HIPFFT_R2C, 1, &work_size), HIPFFT_SUCCESS) << message();
}

TEST(HipfftArguments, SizesOutsideTheApiAreInvalidSizes)
{
    hipfftHandle plan{};
    int n[] = {8, 8, 8, 8};
    EXPECT_REFUSED(hipfftPlan1d(&plan, 0, HIPFFT_C2C, 1), HIPFFT_INVALID_SIZE);
    EXPECT_REFUSED(hipfftPlan1d(&plan, 8, HIPFFT_C2C, 0), HIPFFT_INVALID_SIZE);
    EXPECT_REFUSED(hipfftPlan1d(&plan, 8, HIPFFT_C2C, -1), HIPFFT_INVALID_SIZE);
    EXPECT_REFUSED(hipfftPlan2d(&plan, 8, 0, HIPFFT_R2C), HIPFFT_INVALID_SIZE);
    EXPECT_REFUSED(hipfftPlan3d(&plan, 8, 8, -8, HIPFFT_Z2Z), HIPFFT_INVALID_SIZE);
    EXPECT_REFUSED(hipfftPlanMany(&plan, 4, n, nullptr, 1, 0, nullptr, 1, 0, HIPFFT_C2C, 1), HIPFFT_INVALID_SIZE);
    EXPECT_REFUSED(hipfftPlanMany(&plan, 0, n, nullptr, 1, 0, nullptr, 1, 0, HIPFFT_C2C, 1), HIPFFT_INVALID_SIZE);
    EXPECT_REFUSED(hipfftPlanMany(&plan, 1, nullptr, nullptr, 1, 0, nullptr, 1, 0, HIPFFT_C2C, 1),
                   HIPFFT_INVALID_VALUE);
}

// hipFFT's own CreatePlanMany/CreatePlanMany64 cases: embeds both NULL or both given; negative ones and
// negative batches are invalid sizes.
TEST(HipfftArguments, EmbedCombinations)
{
    int n[] = {64, 128, 23};
    int embed[] = {64, 128, 23};
    const int dist = 64 * 128 * 23;
    size_t work_size = 0;
    for (const bool in_given : {false, true}) {
        for (const bool out_given : {false, true}) {
            Handle handle;
            const hipfftResult expected = in_given == out_given ? HIPFFT_SUCCESS : HIPFFT_INVALID_VALUE;
            EXPECT_EQ(hipfftMakePlanMany(created(handle), 3, n, in_given ? embed : nullptr, 1, dist,
                                         out_given ? embed : nullptr, 1, dist, HIPFFT_C2C, 3, &work_size),
                      expected)
                << "inembed " << (in_given ? "given" : "NULL") << ", onembed " << (out_given ? "given" : "NULL")
                << ": " << message();
            EXPECT_EQ(hipfftSetAutoAllocation(handle.get(), 0), HIPFFT_SUCCESS);
        }
    }
    long long n64[] = {64, 128, 23};
    long long embed64[] = {64, 128, 23};
    long long negative64[] = {64, 128, -23};
    Handle negative_embed;
    EXPECT_REFUSED(hipfftMakePlanMany64(created(negative_embed), 3, n64, embed64, 1, dist, negative64, 1, dist,
                                        HIPFFT_C2C, 2, &work_size),
                   HIPFFT_INVALID_SIZE);
    Handle negative_batch;
    EXPECT_REFUSED(hipfftMakePlanMany64(created(negative_batch), 3, n64, embed64, 1, dist, embed64, 1, dist,
                                        HIPFFT_C2C, -2, &work_size),
                   HIPFFT_INVALID_SIZE);
    Handle small_embed;
    int too_small[] = {64, 127, 23};
    EXPECT_REFUSED(hipfftMakePlanMany(created(small_embed), 3, n, too_small, 1, dist, embed, 1, dist, HIPFFT_C2C, 1,
                                      &work_size),
                   HIPFFT_INVALID_VALUE);
}

// Layouts rift itself refuses reach the caller as hipFFT statuses with rift's reason.
TEST(HipfftArguments, RiftRefusalsAreReported)
{
    int n[] = {8};
    int embed[] = {8};
    Handle overlapping;
    size_t work_size = 0;
    // Out of place and in place alike, every transform writes the same 8 elements shifted by one.
    EXPECT_REFUSED(hipfftMakePlanMany(created(overlapping), 1, n, embed, 1, 8, embed, 1, 1, HIPFFT_C2C, 4,
                                      &work_size),
                   HIPFFT_INVALID_VALUE);
    // The status rift gave and, after it, rift's own words for this layout.
    const std::string refusal = "rift refused the plan: overlapping output layout: ";
    ASSERT_EQ(message().rfind(refusal, 0), 0u) << message();
    EXPECT_NE(message().compare(refusal.size(), 2, " ("), 0) << "rift's reason is missing: " << message();
}

TEST(HipfftArguments, ScaleFactorBetweenCreateAndMake)
{
    Handle handle;
    const hipfftHandle plan = created(handle);
    EXPECT_REFUSED(hipfftExtPlanScaleFactor(plan, std::nan("")), HIPFFT_INVALID_VALUE);
    EXPECT_REFUSED(hipfftExtPlanScaleFactor(plan, INFINITY), HIPFFT_INVALID_VALUE);
    EXPECT_EQ(hipfftExtPlanScaleFactor(plan, 0.25), HIPFFT_SUCCESS);
    EXPECT_EQ(hipfftMakePlan1d(plan, 16, HIPFFT_C2C, 1, nullptr), HIPFFT_SUCCESS) << message();
    EXPECT_REFUSED(hipfftExtPlanScaleFactor(plan, 0.5), HIPFFT_INVALID_PLAN);
}

// ---- execution checks that need no transform -----------------------------------------------------------------

TEST(HipfftExecution, WrongExecFunctionIsRefused)
{
    std::vector<std::complex<double>> data(64);
    Handle c2c;
    ASSERT_EQ(c2c.adopt(hipfftPlan1d(c2c.out(), 16, HIPFFT_C2C, 1)), HIPFFT_SUCCESS) << message();
    void* buffer = data.data();
    EXPECT_REFUSED(hipfftExecZ2Z(c2c.get(), static_cast<hipfftDoubleComplex*>(buffer),
                                 static_cast<hipfftDoubleComplex*>(buffer), HIPFFT_FORWARD),
                   HIPFFT_INVALID_PLAN);
    EXPECT_REFUSED(hipfftExecR2C(c2c.get(), static_cast<hipfftReal*>(buffer), static_cast<hipfftComplex*>(buffer)),
                   HIPFFT_INVALID_PLAN);
    EXPECT_NE(message().find("C2C"), std::string::npos) << message();
    Handle r2c;
    ASSERT_EQ(r2c.adopt(hipfftPlan1d(r2c.out(), 16, HIPFFT_R2C, 1)), HIPFFT_SUCCESS) << message();
    EXPECT_REFUSED(hipfftExecC2R(r2c.get(), static_cast<hipfftComplex*>(buffer), static_cast<hipfftReal*>(buffer)),
                   HIPFFT_INVALID_PLAN);
    EXPECT_REFUSED(hipfftExecD2Z(r2c.get(), static_cast<hipfftDoubleReal*>(buffer),
                                 static_cast<hipfftDoubleComplex*>(buffer)),
                   HIPFFT_INVALID_PLAN);
    EXPECT_REFUSED(hipfftExecC2C(r2c.get(), static_cast<hipfftComplex*>(buffer), static_cast<hipfftComplex*>(buffer),
                                 HIPFFT_FORWARD),
                   HIPFFT_INVALID_PLAN);
}

TEST(HipfftExecution, BadBuffersAndDirectionsAreInvalidValues)
{
    std::vector<std::complex<float>> data(16);
    Handle plan;
    ASSERT_EQ(plan.adopt(hipfftPlan1d(plan.out(), 16, HIPFFT_C2C, 1)), HIPFFT_SUCCESS) << message();
    EXPECT_REFUSED(hipfftExecC2C(plan.get(), nullptr, as_hip(data), HIPFFT_FORWARD), HIPFFT_INVALID_VALUE);
    EXPECT_REFUSED(hipfftExecC2C(plan.get(), as_hip(data), nullptr, HIPFFT_FORWARD), HIPFFT_INVALID_VALUE);
    for (const int direction : {0, 2, -2}) {
        EXPECT_REFUSED(hipfftExecC2C(plan.get(), as_hip(data), as_hip(data), direction), HIPFFT_INVALID_VALUE);
        EXPECT_REFUSED(hipfftXtExec(plan.get(), data.data(), data.data(), direction), HIPFFT_INVALID_VALUE);
    }
    Handle empty;
    EXPECT_REFUSED(hipfftExecC2C(created(empty), as_hip(data), as_hip(data), HIPFFT_FORWARD), HIPFFT_INVALID_PLAN);
}

// Without auto-allocation, a plan that needs a work area refuses to run until it has one.
TEST(HipfftExecution, NoWorkAreaWithoutAutoAllocation)
{
    std::vector<std::complex<float>> data(kLengthWithWorkBuffer);
    Handle handle;
    const hipfftHandle plan = created(handle);
    ASSERT_EQ(hipfftSetAutoAllocation(plan, 0), HIPFFT_SUCCESS);
    size_t work_size = 0;
    ASSERT_EQ(hipfftMakePlan1d(plan, kLengthWithWorkBuffer, HIPFFT_C2C, 1, &work_size), HIPFFT_SUCCESS) << message();
    ASSERT_GT(work_size, 0u) << "length " << kLengthWithWorkBuffer << " no longer needs a work buffer: pick another";
    EXPECT_REFUSED(hipfftExecC2C(plan, as_hip(data), as_hip(data), HIPFFT_FORWARD), HIPFFT_NO_WORKSPACE);
    ASSERT_EQ(hipfftSetWorkArea(plan, nullptr), HIPFFT_SUCCESS);
    EXPECT_REFUSED(hipfftExecC2C(plan, as_hip(data), as_hip(data), HIPFFT_FORWARD), HIPFFT_NO_WORKSPACE);
    // Turning auto-allocation back on after the plan is made changes nothing, as in cuFFT.
    ASSERT_EQ(hipfftSetAutoAllocation(plan, 1), HIPFFT_SUCCESS);
    EXPECT_REFUSED(hipfftXtExec(plan, data.data(), data.data(), HIPFFT_BACKWARD), HIPFFT_NO_WORKSPACE);
}

// ---- sizes ---------------------------------------------------------------------------------------------------

// The work size is the largest rift's plans need, the same from every call that reports it.
TEST(HipfftSizes, EveryQueryReportsTheSameWorkSize)
{
    const size_t expected = rift_work_size_1d(kLengthWithWorkBuffer);
    ASSERT_GT(expected, 0u);
    const int n = kLengthWithWorkBuffer;
    size_t estimated = 0, estimated_many = 0, sized = 0, sized_many = 0, sized_xt = 0, made = 0, after = 0;
    EXPECT_EQ(hipfftEstimate1d(n, HIPFFT_C2C, 1, &estimated), HIPFFT_SUCCESS) << message();
    int lengths[] = {n};
    EXPECT_EQ(hipfftEstimateMany(1, lengths, nullptr, 1, 0, nullptr, 1, 0, HIPFFT_C2C, 1, &estimated_many),
              HIPFFT_SUCCESS)
        << message();
    Handle handle;
    const hipfftHandle plan = created(handle);
    EXPECT_EQ(hipfftGetSize1d(plan, n, HIPFFT_C2C, 1, &sized), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(hipfftGetSizeMany(plan, 1, lengths, nullptr, 1, 0, nullptr, 1, 0, HIPFFT_C2C, 1, &sized_many),
              HIPFFT_SUCCESS)
        << message();
    long long lengths64[] = {n};
    EXPECT_EQ(hipfftXtGetSizeMany(plan, 1, lengths64, nullptr, 1, 0, HIP_C_32F, nullptr, 1, 0, HIP_C_32F, 1,
                                  &sized_xt, HIP_C_32F),
              HIPFFT_SUCCESS)
        << message();
    // The size queries leave the handle without a plan.
    EXPECT_REFUSED(hipfftGetSize(plan, &after), HIPFFT_INVALID_PLAN);
    EXPECT_EQ(hipfftMakePlan1d(plan, n, HIPFFT_C2C, 1, &made), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(hipfftGetSize(plan, &after), HIPFFT_SUCCESS) << message();
    for (const size_t size : {estimated, estimated_many, sized, sized_many, sized_xt, made, after})
        EXPECT_EQ(size, expected);
}

// Estimate, GetSize and MakePlan of 2D and 3D plans agree (each translates its arguments to the same plans).
TEST(HipfftSizes, MultiDimensionalQueriesAgree)
{
    size_t estimated = 1, sized = 2, made = 3;
    Handle two;
    EXPECT_EQ(hipfftEstimate2d(16, 24, HIPFFT_R2C, &estimated), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(hipfftGetSize2d(created(two), 16, 24, HIPFFT_R2C, &sized), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(hipfftMakePlan2d(two.get(), 16, 24, HIPFFT_R2C, &made), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(estimated, made);
    EXPECT_EQ(sized, made);
    estimated = 1, sized = 2, made = 3;
    Handle three;
    EXPECT_EQ(hipfftEstimate3d(4, 6, 8, HIPFFT_Z2D, &estimated), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(hipfftGetSize3d(created(three), 4, 6, 8, HIPFFT_Z2D, &sized), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(hipfftMakePlan3d(three.get(), 4, 6, 8, HIPFFT_Z2D, &made), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(estimated, made);
    EXPECT_EQ(sized, made);
}

TEST(HipfftSizes, QueriesRefuseWhatPlansRefuse)
{
    size_t work_size = 0;
    Handle handle;
    const hipfftHandle plan = created(handle);
    EXPECT_REFUSED(hipfftEstimate1d(16, HIPFFT_C2C, 1, nullptr), HIPFFT_INVALID_VALUE);
    EXPECT_REFUSED(hipfftGetSize(plan, nullptr), HIPFFT_INVALID_VALUE);
    EXPECT_REFUSED(hipfftEstimate1d(0, HIPFFT_C2C, 1, &work_size), HIPFFT_INVALID_SIZE);
    EXPECT_REFUSED(hipfftGetSize2d(plan, 8, -1, HIPFFT_C2C, &work_size), HIPFFT_INVALID_SIZE);
    EXPECT_REFUSED(hipfftGetSize3d(plan, 8, 8, 8, HIPFFT_C2C, nullptr), HIPFFT_INVALID_VALUE);
    int n[] = {8};
    int embed[] = {8};
    EXPECT_REFUSED(hipfftGetSizeMany(plan, 1, n, embed, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1, &work_size),
                   HIPFFT_INVALID_VALUE);
    long long n64[] = {8, 8, 8, 8};
    EXPECT_REFUSED(hipfftGetSizeMany64(plan, 4, n64, nullptr, 1, 8, nullptr, 1, 8, HIPFFT_C2C, 1, &work_size),
                   HIPFFT_INVALID_SIZE);
}

// ---- the Xt calls --------------------------------------------------------------------------------------------

TEST(HipfftXt, DataTypesSelectTheTransform)
{
    long long n[] = {16};
    struct Case {
        hipDataType input, output, execution;
        hipfftResult expected;
    };
    const Case cases[] = {
        {HIP_C_32F, HIP_C_32F, HIP_C_32F, HIPFFT_SUCCESS},
        {HIP_R_32F, HIP_C_32F, HIP_C_32F, HIPFFT_SUCCESS},
        {HIP_C_32F, HIP_R_32F, HIP_C_32F, HIPFFT_SUCCESS},
        {HIP_C_64F, HIP_C_64F, HIP_C_64F, HIPFFT_SUCCESS},
        {HIP_R_64F, HIP_C_64F, HIP_C_64F, HIPFFT_SUCCESS},
        {HIP_C_64F, HIP_R_64F, HIP_C_64F, HIPFFT_SUCCESS},
        {HIP_R_16F, HIP_C_16F, HIP_C_16F, HIPFFT_NOT_IMPLEMENTED}, // half: not in rift yet
        {HIP_C_16F, HIP_C_16F, HIP_C_16F, HIPFFT_NOT_IMPLEMENTED},
        {HIP_R_32F, HIP_R_32F, HIP_C_32F, HIPFFT_INVALID_VALUE}, // real to real
        {HIP_R_32F, HIP_C_64F, HIP_C_64F, HIPFFT_INVALID_VALUE}, // mixed precision
        {HIP_C_32F, HIP_C_32F, HIP_R_32F, HIPFFT_INVALID_VALUE}, // real execution type
        {HIP_C_32F, HIP_C_32F, HIP_C_64F, HIPFFT_INVALID_VALUE},
        {static_cast<hipDataType>(3), HIP_C_32F, HIP_C_32F, HIPFFT_INVALID_TYPE}, // an 8-bit integer type
    };
    for (const Case& c : cases) {
        Handle handle;
        size_t work_size = 0;
        const hipfftResult result = hipfftXtMakePlanMany(created(handle), 1, n, nullptr, 1, 16, c.input, nullptr, 1,
                                                         16, c.output, 2, &work_size, c.execution);
        EXPECT_EQ(result, c.expected) << int(c.input) << " -> " << int(c.output) << " (" << int(c.execution)
                                      << "): " << message();
        EXPECT_EQ(message().empty(), result == HIPFFT_SUCCESS) << message();
    }
}

// The calls rift cannot do yet say so, with the status hipFFT gives for that, and a message.
TEST(HipfftXt, CallbacksAndMultipleDevicesAreNotImplemented)
{
    Handle handle;
    const hipfftHandle plan = created(handle);
    void* pointers[] = {nullptr};
    int gpus[] = {0, 1};
    hipLibXtDesc* descriptor = nullptr;
    EXPECT_REFUSED(hipfftXtSetCallback(plan, pointers, HIPFFT_CB_LD_COMPLEX, pointers), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtClearCallback(plan, HIPFFT_CB_LD_COMPLEX), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtSetCallbackSharedSize(plan, HIPFFT_CB_ST_REAL, 64), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtSetGPUs(plan, 2, gpus), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtMalloc(plan, &descriptor, HIPFFT_XT_FORMAT_INPUT), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtMemcpy(plan, pointers, pointers, HIPFFT_COPY_HOST_TO_DEVICE), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtFree(descriptor), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtExecDescriptor(plan, descriptor, descriptor, HIPFFT_FORWARD), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtExecDescriptorC2C(plan, descriptor, descriptor, HIPFFT_FORWARD), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtExecDescriptorR2C(plan, descriptor, descriptor), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtExecDescriptorC2R(plan, descriptor, descriptor), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtExecDescriptorZ2Z(plan, descriptor, descriptor, HIPFFT_BACKWARD), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtExecDescriptorD2Z(plan, descriptor, descriptor), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtExecDescriptorZ2D(plan, descriptor, descriptor), HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftMpAttachComm(plan, HIPFFT_COMM_MPI, nullptr), HIPFFT_NOT_IMPLEMENTED);
    long long bounds[] = {0, 0, 0};
    EXPECT_REFUSED(hipfftXtSetDistribution(plan, 1, bounds, bounds, bounds, bounds, bounds, bounds),
                   HIPFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(hipfftXtSetSubformatDefault(plan, HIPFFT_XT_FORMAT_INPUT, HIPFFT_XT_FORMAT_OUTPUT),
                   HIPFFT_NOT_IMPLEMENTED);
    EXPECT_NE(message().find("not implemented"), std::string::npos) << message();
}

TEST(HipfftVersion, ReportsRiftsVersion)
{
    int version = -1;
    EXPECT_EQ(hipfftGetVersion(&version), HIPFFT_SUCCESS);
    EXPECT_EQ(version, RIFT_VERSION_MAJOR * 10000 + RIFT_VERSION_MINOR * 100 + RIFT_VERSION_PATCH);
    int major = -1, minor = -1, patch = -1;
    EXPECT_EQ(hipfftGetProperty(HIPFFT_MAJOR_VERSION, &major), HIPFFT_SUCCESS);
    EXPECT_EQ(hipfftGetProperty(HIPFFT_MINOR_VERSION, &minor), HIPFFT_SUCCESS);
    EXPECT_EQ(hipfftGetProperty(HIPFFT_PATCH_LEVEL, &patch), HIPFFT_SUCCESS);
    EXPECT_EQ(major * 10000 + minor * 100 + patch, version);
    EXPECT_REFUSED(hipfftGetVersion(nullptr), HIPFFT_INVALID_VALUE);
    EXPECT_REFUSED(hipfftGetProperty(HIPFFT_MAJOR_VERSION, nullptr), HIPFFT_INVALID_VALUE);
    EXPECT_REFUSED(hipfftGetProperty(static_cast<hipfftLibraryPropertyType>(7), &major), HIPFFT_INVALID_TYPE);
}

// ---- transforms on the host executor -------------------------------------------------------------------------

class HipfftHost : public FrontHostExecution {};

template <class Real>
rift_precision precision_of()
{
    return sizeof(Real) == sizeof(float) ? rift_precision_single : rift_precision_double;
}

// Checks `actual` (complex, in `layout`) against FFTW's DFT of `input` (in `in`) in that direction.
template <class Real>
void expect_dft(const std::vector<std::complex<Real>>& input, const Layout& in,
                const std::vector<std::complex<Real>>& actual, const Layout& layout, const Lengths& lengths,
                size_t batch, bool inverse, double scale = 1.0)
{
    std::vector<ReferenceComplex> expected;
    reference_dft(widen(input), in, expected, layout, lengths, batch, inverse);
    for (ReferenceComplex& value : expected) value *= static_cast<long double>(scale);
    expected.resize(std::max(expected.size(), actual.size()));
    EXPECT_LE(relative_error(actual, expected, layout, lengths, batch), error_bar(precision_of<Real>(), lengths))
        << (inverse ? "inverse" : "forward") << " transform of " << to_string(layout);
}

// One C2C handle runs forward and inverse, out of place and in place: the direction and placement are chosen
// at execution.
TEST_F(HipfftHost, ComplexForwardAndInverseOnOneHandle)
{
    const Lengths lengths{48};
    const size_t batch = 3;
    const Layout layout = contiguous(lengths);
    Handle plan;
    ASSERT_EQ(plan.adopt(hipfftPlan1d(plan.out(), 48, HIPFFT_C2C, batch)), HIPFFT_SUCCESS) << message();
    std::vector<std::complex<float>> input(48 * batch);
    fill_random(input, layout, lengths, batch, case_seed("HipfftHost.ComplexForwardAndInverseOnOneHandle"));

    std::vector<std::complex<float>> spectrum(input.size());
    std::vector<std::complex<float>> source = input;
    ASSERT_EQ(hipfftExecC2C(plan.get(), as_hip(source), as_hip(spectrum), HIPFFT_FORWARD), HIPFFT_SUCCESS)
        << message();
    expect_dft(input, layout, spectrum, layout, lengths, batch, false);

    std::vector<std::complex<float>> back = spectrum;
    ASSERT_EQ(hipfftExecC2C(plan.get(), as_hip(back), as_hip(back), HIPFFT_BACKWARD), HIPFFT_SUCCESS) << message();
    expect_dft(spectrum, layout, back, layout, lengths, batch, true);

    std::vector<std::complex<float>> again = input;
    ASSERT_EQ(hipfftXtExec(plan.get(), again.data(), again.data(), HIPFFT_FORWARD), HIPFFT_SUCCESS) << message();
    expect_dft(input, layout, again, layout, lengths, batch, false);
}

// A 2D double-precision transform with the advanced layout: padded rows, a stride of 2 on the input, batches
// apart by more than they hold; what lies outside the output layout is left alone.
TEST_F(HipfftHost, TwoDimensionalAdvancedLayout)
{
    int n[] = {6, 10};        // 6 rows of 10, slowest first
    int inembed[] = {7, 12};  // rows of 12 elements, every other one used
    int onembed[] = {6, 11};
    const int istride = 2, idist = 7 * 12 * 2 + 5, ostride = 1, odist = 70, batch = 2;
    const Lengths lengths{10, 6}; // fastest first
    const Layout in(0, {2, 24}, idist);
    const Layout out(0, {1, 11}, odist);
    Handle plan;
    ASSERT_EQ(plan.adopt(hipfftPlanMany(plan.out(), 2, n, inembed, istride, idist, onembed, ostride, odist,
                                        HIPFFT_Z2Z, batch)),
              HIPFFT_SUCCESS)
        << message();
    std::vector<std::complex<double>> input(in.buffer_elements(lengths, batch));
    fill_random(input, in, lengths, batch, case_seed("HipfftHost.TwoDimensionalAdvancedLayout"));
    std::vector<std::complex<double>> output(out.buffer_elements(lengths, batch) + 8);
    const std::vector<bool> written = layout_mask(output.size(), out, lengths, batch);
    fill_sentinels(output, written);
    ASSERT_EQ(hipfftExecZ2Z(plan.get(), as_hip_double(input), as_hip_double(output), HIPFFT_BACKWARD),
              HIPFFT_SUCCESS)
        << message();
    expect_dft(input, in, output, out, lengths, batch, true);
    EXPECT_EQ(stray_writes("output", output, written), "");
}

// In-place R2C then C2R with the padded real layout (rows of 2 (n/2 + 1) reals), even and odd fastest lengths;
// the round trip gives the input times the number of elements.
TEST_F(HipfftHost, RealInPlaceWithPadding)
{
    for (const int fastest : {10, 9}) {
        SCOPED_TRACE("fastest length " + std::to_string(fastest));
        const int rows = 4;
        const int hermitian = fastest / 2 + 1;
        const Lengths lengths{size_t(fastest), size_t(rows)};
        const Lengths hermitian_lengths{size_t(hermitian), size_t(rows)};
        const Layout real(0, {1, size_t(2 * hermitian)}, size_t(2 * hermitian * rows));
        const Layout spectrum_layout(0, {1, size_t(hermitian)}, size_t(hermitian * rows));
        const size_t batch = 1;

        std::vector<float> reals(real.buffer_elements(lengths, batch));
        fill_random(reals, real, lengths, batch,
                    case_seed("HipfftHost.RealInPlaceWithPadding" + std::to_string(fastest)));
        const std::vector<float> original = reals;
        // One buffer for both views, as hipFFT callers have it: floats, aligned for complex elements.
        std::vector<std::complex<float>> buffer(size_t(hermitian * rows));
        std::memcpy(static_cast<void*>(buffer.data()), reals.data(), reals.size() * sizeof(float));

        Handle forward;
        ASSERT_EQ(forward.adopt(hipfftPlan2d(forward.out(), rows, fastest, HIPFFT_R2C)), HIPFFT_SUCCESS) << message();
        auto* data = reinterpret_cast<hipfftReal*>(buffer.data());
        ASSERT_EQ(hipfftExecR2C(forward.get(), data, as_hip(buffer)), HIPFFT_SUCCESS) << message();
        std::vector<ReferenceComplex> expected;
        reference_r2c(widen(original), real, expected, spectrum_layout, lengths, batch);
        EXPECT_LE(relative_error(buffer, expected, spectrum_layout, hermitian_lengths, batch),
                  error_bar(rift_precision_single, lengths));

        Handle inverse;
        ASSERT_EQ(inverse.adopt(hipfftPlan2d(inverse.out(), rows, fastest, HIPFFT_C2R)), HIPFFT_SUCCESS) << message();
        ASSERT_EQ(hipfftExecC2R(inverse.get(), as_hip(buffer), data), HIPFFT_SUCCESS) << message();
        std::vector<float> round_trip(reals.size());
        std::memcpy(round_trip.data(), buffer.data(), round_trip.size() * sizeof(float));
        std::vector<long double> scaled(original.size());
        for (size_t i = 0; i < original.size(); ++i) scaled[i] = (long double)original[i] * fastest * rows;
        EXPECT_LE(relative_error(round_trip, scaled, real, lengths, batch), error_bar(rift_precision_single, lengths));
    }
}

// hipFFT's OutplaceOnly case: layouts that cannot run in place still make a plan that runs out of place, and
// an in-place execution is refused with rift's reason.
TEST_F(HipfftHost, PlacementRiftRefusesIsRefusedAtExecution)
{
    int n[] = {4};
    int inembed[] = {4};
    int onembed[] = {3};
    Handle plan;
    ASSERT_EQ(plan.adopt(hipfftPlanMany(plan.out(), 1, n, inembed, 1, 4, onembed, 1, 3, HIPFFT_R2C, 2)),
              HIPFFT_SUCCESS)
        << message();
    std::vector<float> input{1.0f, 2.0f, 0.5f, -1.0f, 1.0f, 2.0f, 0.5f, -1.0f};
    std::vector<std::complex<float>> output(6);
    ASSERT_EQ(hipfftExecR2C(plan.get(), input.data(), as_hip(output)), HIPFFT_SUCCESS) << message();
    const std::complex<float> expected[] = {{2.5f, 0.0f}, {0.5f, -3.0f}, {0.5f, 0.0f}};
    for (size_t i = 0; i < output.size(); ++i) {
        EXPECT_NEAR(output[i].real(), expected[i % 3].real(), 1e-5) << i;
        EXPECT_NEAR(output[i].imag(), expected[i % 3].imag(), 1e-5) << i;
    }
    std::vector<std::complex<float>> in_place(8);
    EXPECT_REFUSED(hipfftExecR2C(plan.get(), reinterpret_cast<hipfftReal*>(in_place.data()), as_hip(in_place)),
                   HIPFFT_INVALID_VALUE);
    EXPECT_NE(message().find("in place"), std::string::npos) << message();
}

// The scale factor multiplies both directions' outputs; XtExec ignores the direction of a real plan.
TEST_F(HipfftHost, ScaleFactorAndXtPlans)
{
    const Lengths lengths{16};
    const size_t batch = 3;
    Handle handle;
    const hipfftHandle plan = created(handle);
    ASSERT_EQ(hipfftExtPlanScaleFactor(plan, 1.0 / 16), HIPFFT_SUCCESS);
    long long n[] = {16};
    long long inembed[] = {16};
    long long onembed[] = {9};
    size_t work_size = 1;
    ASSERT_EQ(hipfftXtMakePlanMany(plan, 1, n, inembed, 1, 20, HIP_R_64F, onembed, 1, 11, HIP_C_64F, batch,
                                   &work_size, HIP_C_64F),
              HIPFFT_SUCCESS)
        << message();
    EXPECT_EQ(work_size, 0u);
    const Layout real(0, 1, 20);
    const Layout spectrum_layout(0, 1, 11);
    std::vector<double> input(real.buffer_elements(lengths, batch));
    fill_random(input, real, lengths, batch, case_seed("HipfftHost.ScaleFactorAndXtPlans"));
    std::vector<std::complex<double>> output(spectrum_layout.buffer_elements(Lengths{9}, batch));
    ASSERT_EQ(hipfftXtExec(plan, input.data(), output.data(), 0), HIPFFT_SUCCESS) << message();
    std::vector<ReferenceComplex> expected;
    reference_r2c(widen(input), real, expected, spectrum_layout, lengths, batch);
    for (ReferenceComplex& value : expected) value /= 16;
    EXPECT_LE(relative_error(output, expected, spectrum_layout, Lengths{9}, batch),
              error_bar(rift_precision_double, lengths));
}

// The caller's work area is the one rift uses: with auto-allocation off and on, and set before the plan is made
// (its size from hipfftEstimate1d) as well as after.
TEST_F(HipfftHost, CallersWorkAreaIsUsed)
{
    const Lengths lengths{size_t(kLengthWithWorkBuffer)};
    const Layout layout = contiguous(lengths);
    struct Case {
        int auto_allocate;
        bool set_before_make;
        const char* name;
    };
    for (const Case& c : {Case{0, false, "auto-allocation off"}, Case{1, false, "auto-allocation on"},
                          Case{0, true, "work area set before the plan is made"}}) {
        SCOPED_TRACE(c.name);
        size_t work_size = 0;
        ASSERT_EQ(hipfftEstimate1d(kLengthWithWorkBuffer, HIPFFT_C2C, 1, &work_size), HIPFFT_SUCCESS) << message();
        ASSERT_GT(work_size, 0u);
        const unsigned char untouched = 0xA5;
        std::vector<std::complex<float>> work(work_size / sizeof(std::complex<float>) + 1);
        std::memset(static_cast<void*>(work.data()), untouched, work.size() * sizeof(work[0]));

        Handle handle;
        const hipfftHandle plan = created(handle);
        ASSERT_EQ(hipfftSetAutoAllocation(plan, c.auto_allocate), HIPFFT_SUCCESS);
        if (c.set_before_make) {
            ASSERT_EQ(hipfftSetWorkArea(plan, work.data()), HIPFFT_SUCCESS) << message();
        }
        size_t made_size = 0;
        ASSERT_EQ(hipfftMakePlan1d(plan, kLengthWithWorkBuffer, HIPFFT_C2C, 1, &made_size), HIPFFT_SUCCESS)
            << message();
        ASSERT_EQ(made_size, work_size);
        if (!c.set_before_make) {
            ASSERT_EQ(hipfftSetWorkArea(plan, work.data()), HIPFFT_SUCCESS) << message();
        }
        std::vector<std::complex<float>> input(layout.buffer_elements(lengths, 1));
        fill_random(input, layout, lengths, 1, case_seed("HipfftHost.CallersWorkAreaIsUsed"));
        std::vector<std::complex<float>> output(input.size());
        ASSERT_EQ(hipfftExecC2C(plan, as_hip(input), as_hip(output), HIPFFT_FORWARD), HIPFFT_SUCCESS) << message();
        expect_dft(input, layout, output, layout, lengths, 1, false);
        const auto* bytes = reinterpret_cast<const unsigned char*>(work.data());
        EXPECT_TRUE(std::any_of(bytes, bytes + work_size, [&](unsigned char b) { return b != untouched; }))
            << "rift did not use the work area";
        EXPECT_TRUE(std::all_of(bytes + work_size, bytes + work.size() * sizeof(work[0]),
                                [&](unsigned char b) { return b == untouched; }))
            << "rift wrote past the work size";
    }
}

// A stream set on the handle is accepted and later executions still run (the host executor has no streams;
// the Gpu suite checks that the stream is used).
TEST_F(HipfftHost, SetStreamKeepsThePlanRunning)
{
    Handle plan;
    ASSERT_EQ(plan.adopt(hipfftPlan1d(plan.out(), 8, HIPFFT_C2C, 1)), HIPFFT_SUCCESS) << message();
    EXPECT_EQ(hipfftSetStream(plan.get(), nullptr), HIPFFT_SUCCESS) << message();
    std::vector<std::complex<float>> data(8, {1.0f, 0.0f});
    ASSERT_EQ(hipfftExecC2C(plan.get(), as_hip(data), as_hip(data), HIPFFT_FORWARD), HIPFFT_SUCCESS) << message();
    for (size_t i = 0; i < data.size(); ++i) {
        EXPECT_NEAR(data[i].real(), i == 0 ? 8.0f : 0.0f, 1e-5) << i;
        EXPECT_NEAR(data[i].imag(), 0.0f, 1e-5) << i;
    }
}

// ---- transforms on the GPU -----------------------------------------------------------------------------------

class GpuHipfft : public ::testing::Test {
protected:
    void SetUp() override { RIFT_SKIP_WITHOUT_GPU(); }
};

// C2C forward and inverse on one handle, on a stream of the test's own, in device memory.
TEST_F(GpuHipfft, ComplexRoundTripOnAStream)
{
    const Lengths lengths{1000};
    const size_t batch = 4;
    const Layout layout = contiguous(lengths);
    std::vector<std::complex<float>> input(layout.buffer_elements(lengths, batch));
    fill_random(input, layout, lengths, batch, case_seed("GpuHipfft.ComplexRoundTripOnAStream"));
    const size_t bytes = input.size() * sizeof(input[0]);
    DeviceMemory device;
    ASSERT_EQ(device.allocate(bytes), "");
    ASSERT_EQ(device.upload(input.data(), bytes), "");
    DeviceStream stream;
    ASSERT_EQ(stream.create(), "");
    Handle plan;
    ASSERT_EQ(plan.adopt(hipfftPlan1d(plan.out(), 1000, HIPFFT_C2C, batch)), HIPFFT_SUCCESS) << message();
    ASSERT_EQ(hipfftSetStream(plan.get(), static_cast<hipStream_t>(stream.get())), HIPFFT_SUCCESS) << message();
    auto* data = static_cast<hipfftComplex*>(device.get());
    ASSERT_EQ(hipfftExecC2C(plan.get(), data, data, HIPFFT_FORWARD), HIPFFT_SUCCESS) << message();
    ASSERT_EQ(stream.synchronize(), "");
    std::vector<std::complex<float>> spectrum(input.size());
    ASSERT_EQ(device.download(spectrum.data(), bytes), "");
    expect_dft(input, layout, spectrum, layout, lengths, batch, false);
    ASSERT_EQ(hipfftExecC2C(plan.get(), data, data, HIPFFT_BACKWARD), HIPFFT_SUCCESS) << message();
    ASSERT_EQ(stream.synchronize(), "");
    std::vector<std::complex<float>> back(input.size());
    ASSERT_EQ(device.download(back.data(), bytes), "");
    expect_dft(spectrum, layout, back, layout, lengths, batch, true);
}

// In-place R2C then C2R with padding through hipfftPlanMany's advanced layout, and the caller's work area.
TEST_F(GpuHipfft, RealInPlaceRoundTripWithWorkArea)
{
    const int rows = 6, fastest = 30, hermitian = fastest / 2 + 1, batch = 2;
    int n[] = {rows, fastest};
    int real_embed[] = {rows, 2 * hermitian};
    int complex_embed[] = {rows, hermitian};
    const Lengths lengths{size_t(fastest), size_t(rows)};
    const Lengths hermitian_lengths{size_t(hermitian), size_t(rows)};
    const Layout real(0, {1, size_t(2 * hermitian)}, size_t(2 * hermitian * rows));
    const Layout spectrum_layout(0, {1, size_t(hermitian)}, size_t(hermitian * rows));
    // The buffer holds both views: the spectrum's last element reaches past the last real one.
    std::vector<float> reals(std::max(real.buffer_elements(lengths, batch),
                                      2 * spectrum_layout.buffer_elements(hermitian_lengths, batch)));
    fill_random(reals, real, lengths, batch, case_seed("GpuHipfft.RealInPlaceRoundTripWithWorkArea"));
    const size_t bytes = reals.size() * sizeof(float);
    DeviceMemory device;
    ASSERT_EQ(device.allocate(bytes), "");
    ASSERT_EQ(device.upload(reals.data(), bytes), "");
    Handle forward, inverse;
    ASSERT_EQ(hipfftSetAutoAllocation(created(forward), 0), HIPFFT_SUCCESS);
    ASSERT_EQ(hipfftSetAutoAllocation(created(inverse), 0), HIPFFT_SUCCESS);
    size_t forward_work = 0, inverse_work = 0;
    ASSERT_EQ(hipfftMakePlanMany(forward.get(), 2, n, real_embed, 1, 2 * hermitian * rows, complex_embed, 1,
                                 hermitian * rows, HIPFFT_R2C, batch, &forward_work),
              HIPFFT_SUCCESS)
        << message();
    ASSERT_EQ(hipfftMakePlanMany(inverse.get(), 2, n, complex_embed, 1, hermitian * rows, real_embed, 1,
                                 2 * hermitian * rows, HIPFFT_C2R, batch, &inverse_work),
              HIPFFT_SUCCESS)
        << message();
    DeviceMemory work;
    ASSERT_EQ(work.allocate(std::max<size_t>({forward_work, inverse_work, 1})), "");
    ASSERT_EQ(hipfftSetWorkArea(forward.get(), work.get()), HIPFFT_SUCCESS);
    ASSERT_EQ(hipfftSetWorkArea(inverse.get(), work.get()), HIPFFT_SUCCESS);
    auto* as_real = static_cast<hipfftReal*>(device.get());
    auto* as_complex = static_cast<hipfftComplex*>(device.get());
    ASSERT_EQ(hipfftExecR2C(forward.get(), as_real, as_complex), HIPFFT_SUCCESS) << message();
    ASSERT_EQ(synchronize_device(), "");
    std::vector<std::complex<float>> spectrum(bytes / sizeof(std::complex<float>));
    ASSERT_EQ(device.download(spectrum.data(), bytes), "");
    std::vector<ReferenceComplex> expected;
    reference_r2c(widen(reals), real, expected, spectrum_layout, lengths, batch);
    EXPECT_LE(relative_error(spectrum, expected, spectrum_layout, hermitian_lengths, batch),
              error_bar(rift_precision_single, lengths));
    ASSERT_EQ(hipfftExecC2R(inverse.get(), as_complex, as_real), HIPFFT_SUCCESS) << message();
    ASSERT_EQ(synchronize_device(), "");
    std::vector<float> round_trip(reals.size());
    ASSERT_EQ(device.download(round_trip.data(), bytes), "");
    std::vector<long double> scaled(reals.size());
    for (size_t i = 0; i < reals.size(); ++i) scaled[i] = (long double)reals[i] * fastest * rows;
    EXPECT_LE(relative_error(round_trip, scaled, real, lengths, batch), error_bar(rift_precision_single, lengths));
}

} // namespace
} // namespace rift::test
