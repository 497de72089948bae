// The C API's handling of bad input: each mistake gets its own status and a message, never a crash, an abort
// or a leak (run this suite under valgrind to see the last). No GPU needed: execution uses the host executor.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "rift/rift.h"
#include "tests/gpu.h"
#include "tests/transform_check.h"

namespace rift::test {
namespace {

// Everything rift_plan_create and a plan description take, defaulting to a valid single-precision forward
// transform of 8 points with a description that spells out rift's own defaults.
struct PlanRequest {
    rift_result_placement placement = rift_placement_notinplace;
    rift_transform_type type = rift_transform_type_complex_forward;
    rift_precision precision = rift_precision_single;
    std::vector<size_t> lengths = {8};
    size_t dimensions = 1;
    bool null_lengths = false;
    size_t batch = 1;
    bool with_description = true;
    rift_array_type in_type = rift_array_type_complex_interleaved;
    rift_array_type out_type = rift_array_type_complex_interleaved;
    std::vector<size_t> in_strides; // empty: rift's default
    std::vector<size_t> out_strides;
    size_t in_distance = 0;
    size_t out_distance = 0;
    double scale = 1.0;

    PlanRequest& with_lengths(std::vector<size_t> values)
    {
        lengths = std::move(values);
        dimensions = lengths.size();
        return *this;
    }
};

std::string last_error() { return rift_get_last_error_message(); }

// Goes through description create, set_data_layout, set_scale_factor and rift_plan_create, stopping at the
// first failure, and returns that status (success if the plan was made). Either check may reject a layout, so
// tests ask for the status whichever call gives it. A failing call must leave a message and no plan; whatever
// was made is destroyed.
rift_status try_plan(const PlanRequest& request)
{
    struct Cleanup {
        rift_plan_description description = nullptr;
        rift_plan plan = nullptr;
        ~Cleanup()
        {
            if (plan != nullptr) {
                EXPECT_EQ(rift_plan_destroy(plan), rift_status_success);
            }
            if (description != nullptr) {
                EXPECT_EQ(rift_plan_description_destroy(description), rift_status_success);
            }
        }
    } made;
    const auto failed = [](rift_status status, const char* call) {
        if (status != rift_status_success) {
            EXPECT_NE(last_error(), "") << call << " returned " << rift_status_string(status) << " with no message";
        }
        return status != rift_status_success;
    };

    if (request.with_description) {
        if (rift_status status = rift_plan_description_create(&made.description);
            failed(status, "rift_plan_description_create"))
            return status;
        if (rift_status status = rift_plan_description_set_data_layout(
                made.description, request.in_type, request.out_type, nullptr, nullptr, request.in_strides.size(),
                request.in_strides.empty() ? nullptr : request.in_strides.data(), request.in_distance,
                request.out_strides.size(), request.out_strides.empty() ? nullptr : request.out_strides.data(),
                request.out_distance);
            failed(status, "rift_plan_description_set_data_layout"))
            return status;
        if (rift_status status = rift_plan_description_set_scale_factor(made.description, request.scale);
            failed(status, "rift_plan_description_set_scale_factor"))
            return status;
    }
    // The estimate takes the same arguments and answers as rift_plan_create does (asked first, so that the
    // message left is rift_plan_create's).
    size_t estimated = 0;
    const rift_status estimate_status = rift_plan_estimate_work_buffer_size(
        request.placement, request.type, request.precision, request.dimensions,
        request.null_lengths ? nullptr : request.lengths.data(), request.batch, made.description, &estimated);
    const rift_status status = rift_plan_create(&made.plan, request.placement, request.type, request.precision,
                                                request.dimensions,
                                                request.null_lengths ? nullptr : request.lengths.data(),
                                                request.batch, made.description);
    EXPECT_EQ(estimate_status, status) << "rift_plan_estimate_work_buffer_size answered otherwise";
    if (failed(status, "rift_plan_create")) {
        EXPECT_EQ(made.plan, nullptr) << "a failed rift_plan_create left a plan";
    } else {
        size_t planned = 0;
        EXPECT_EQ(rift_plan_get_work_buffer_size(made.plan, &planned), rift_status_success);
        EXPECT_EQ(estimated, planned);
    }
    return status;
}

PlanHandle make_plan(size_t length, rift_result_placement placement = rift_placement_notinplace)
{
    rift_plan plan = nullptr;
    EXPECT_EQ(rift_plan_create(&plan, placement, rift_transform_type_complex_forward, rift_precision_single, 1,
                               &length, 1, nullptr),
              rift_status_success)
        << last_error();
    return PlanHandle(plan);
}

ExecutionInfoHandle host_execution_info()
{
    rift_execution_info info = nullptr;
    EXPECT_EQ(rift_execution_info_create(&info), rift_status_success);
    EXPECT_EQ(rift_execution_info_set_executor(info, rift_executor_host), rift_status_success);
    return ExecutionInfoHandle(info);
}

TEST(ApiPlanCreate, ValidRequestSucceeds) { EXPECT_EQ(try_plan(PlanRequest{}), rift_status_success) << last_error(); }

TEST(ApiPlanCreate, NullPlanPointer)
{
    const size_t length = 8;
    EXPECT_EQ(rift_plan_create(nullptr, rift_placement_notinplace, rift_transform_type_complex_forward,
                               rift_precision_single, 1, &length, 1, nullptr),
              rift_status_null_argument);
    EXPECT_NE(last_error(), "");
}

TEST(ApiPlanCreate, NullLengths)
{
    PlanRequest request;
    request.null_lengths = true;
    EXPECT_EQ(try_plan(request), rift_status_null_argument);
}

TEST(ApiPlanCreate, ZeroLength) { EXPECT_EQ(try_plan(PlanRequest{}.with_lengths({0})), rift_status_invalid_length); }

// A negative int passed where size_t is expected arrives as a huge length.
TEST(ApiPlanCreate, NegativeLength)
{
    EXPECT_EQ(try_plan(PlanRequest{}.with_lengths({size_t(-5)})), rift_status_invalid_length);
}

TEST(ApiPlanCreate, ZeroBatch)
{
    PlanRequest request;
    request.batch = 0;
    EXPECT_EQ(try_plan(request), rift_status_invalid_batch);
}

TEST(ApiPlanCreate, DimensionsOutsideOneToThree)
{
    PlanRequest zero;
    zero.dimensions = 0;
    EXPECT_EQ(try_plan(zero), rift_status_invalid_dimensions);
    EXPECT_EQ(try_plan(PlanRequest{}.with_lengths({2, 2, 2, 2})), rift_status_invalid_dimensions);
}

TEST(ApiPlanCreate, ZeroStride)
{
    PlanRequest in;
    in.in_strides = {0};
    EXPECT_EQ(try_plan(in), rift_status_invalid_stride);
    PlanRequest out;
    out.out_strides = {0};
    EXPECT_EQ(try_plan(out), rift_status_invalid_stride);
}

TEST(ApiPlanCreate, StrideCountDoesNotMatchDimensions)
{
    PlanRequest request;
    request.in_strides = {1, 8};
    request.out_strides = {1, 8};
    EXPECT_EQ(try_plan(request), rift_status_invalid_stride);
}

TEST(ApiPlanCreate, InPlaceWithDifferentLayouts)
{
    PlanRequest request;
    request.placement = rift_placement_inplace;
    request.in_strides = {1};
    request.out_strides = {2};
    EXPECT_EQ(try_plan(request), rift_status_in_place_layout_mismatch);
}

// One transform never uses its distance, so in place the two sides' distances need not agree then; 2D and 3D
// plans take in-place layouts that differ in anything (through the work buffer), 1D ones do not.
TEST(ApiPlanCreate, InPlaceDistancesMatterOnlyForSeveralTransforms)
{
    PlanRequest request;
    request.placement = rift_placement_inplace;
    request.in_distance = 16;
    request.out_distance = 8;
    EXPECT_EQ(try_plan(request), rift_status_success) << last_error();
    request.batch = 2;
    EXPECT_EQ(try_plan(request), rift_status_in_place_layout_mismatch);
    request.with_lengths({8, 4, 8});
    request.in_distance = 256;
    request.out_distance = 1;
    request.batch = 1;
    EXPECT_EQ(try_plan(request), rift_status_success) << last_error();
    request.batch = 2;
    request.out_distance = 300;
    EXPECT_EQ(try_plan(request), rift_status_success) << last_error();
    request.batch = 1;
    request.type = rift_transform_type_real_forward;
    request.in_type = rift_array_type_real;
    request.out_type = rift_array_type_hermitian_interleaved;
    request.in_strides = {1, 10, 40};
    request.out_strides = {1, 5, 20};
    EXPECT_EQ(try_plan(request), rift_status_success) << last_error();
}

TEST(ApiPlanCreate, OverlappingOutput)
{
    PlanRequest request; // two transforms of 8 one element apart: elements 1..7 written twice
    request.batch = 2;
    request.out_strides = {1};
    request.out_distance = 1;
    EXPECT_EQ(try_plan(request), rift_status_overlapping_output);
}

// Interleaving transforms (stride = batch, distance 1) touches every element once: not an overlap.
TEST(ApiPlanCreate, InterleavedOutputIsNotAnOverlap)
{
    PlanRequest request;
    request.batch = 2;
    request.out_strides = {2};
    request.out_distance = 1;
    EXPECT_EQ(try_plan(request), rift_status_success) << last_error();
}

TEST(ApiPlanCreate, ArrayTypeNotMatchingComplexTransform)
{
    PlanRequest real_in;
    real_in.in_type = rift_array_type_real;
    EXPECT_EQ(try_plan(real_in), rift_status_invalid_array_type);
    PlanRequest hermitian_out;
    hermitian_out.out_type = rift_array_type_hermitian_interleaved;
    EXPECT_EQ(try_plan(hermitian_out), rift_status_invalid_array_type);
    PlanRequest unset; // rift chooses: complex interleaved
    unset.in_type = unset.out_type = rift_array_type_unset;
    EXPECT_EQ(try_plan(unset), rift_status_success) << last_error();
}

TEST(ApiPlanCreate, NonFiniteScale)
{
    for (double scale : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                         -std::numeric_limits<double>::infinity()}) {
        PlanRequest request;
        request.scale = scale;
        EXPECT_EQ(try_plan(request), rift_status_invalid_scale) << "scale " << scale;
    }
}

// Values outside an enum (from a cast or a newer header) are errors, whichever status names them.
TEST(ApiPlanCreate, OutOfRangeEnumsAreRefused)
{
    PlanRequest placement;
    placement.placement = static_cast<rift_result_placement>(7);
    PlanRequest type;
    type.type = static_cast<rift_transform_type>(9);
    PlanRequest precision;
    precision.precision = static_cast<rift_precision>(9);
    PlanRequest array_type;
    array_type.in_type = static_cast<rift_array_type>(42);
    for (const PlanRequest& request : {placement, type, precision, array_type}) {
        const rift_status status = try_plan(request);
        EXPECT_NE(status, rift_status_success);
        EXPECT_NE(status, rift_status_not_implemented) << "an invalid value is not a missing feature";
    }
}

// 2D and 3D transforms, and 1D lengths beyond one kernel (row/column plans), once refused, now plan.
TEST(ApiPlanCreate, MultiDimensionalAndLongLengthsPlan)
{
    EXPECT_EQ(try_plan(PlanRequest{}.with_lengths({8, 8})), rift_status_success) << last_error();
    EXPECT_EQ(try_plan(PlanRequest{}.with_lengths({4, 6, 5})), rift_status_success) << last_error();
    EXPECT_EQ(try_plan(PlanRequest{}.with_lengths({size_t(1) << 20})), rift_status_success) << last_error();
    PlanRequest double_long = PlanRequest{}.with_lengths({16384});
    double_long.precision = rift_precision_double;
    EXPECT_EQ(try_plan(double_long), rift_status_success) << last_error();
    PlanRequest padded = PlanRequest{}.with_lengths({6, 4}); // rows of 6 in a pitch of 8, batches 40 apart
    padded.batch = 2;
    padded.in_strides = padded.out_strides = {1, 8};
    padded.in_distance = padded.out_distance = 40;
    EXPECT_EQ(try_plan(padded), rift_status_success) << last_error();
}

// Two rows of 6 in a pitch of 4 write the same elements twice.
TEST(ApiPlanCreate, OverlappingMultiDimensionalOutput)
{
    PlanRequest request = PlanRequest{}.with_lengths({6, 2});
    request.out_strides = {1, 4};
    EXPECT_EQ(try_plan(request), rift_status_overlapping_output);
}

TEST(ApiPlanCreate, NotImplementedYet)
{
    struct Case {
        const char* what;
        PlanRequest request;
    };
    std::vector<Case> cases;
    // 2^31 - 1 is prime: Bluestein's padded transforms would pass 32-bit element indices.
    PlanRequest longest_prime = PlanRequest{}.with_lengths({2147483647});
    PlanRequest half;
    half.precision = rift_precision_half;
    PlanRequest planar;
    planar.in_type = planar.out_type = rift_array_type_complex_planar;
    cases.push_back({"Bluestein transform beyond 2^30", longest_prime});
    cases.push_back({"half precision", half});
    cases.push_back({"planar arrays", planar});
    for (const Case& c : cases)
        EXPECT_EQ(try_plan(c.request), rift_status_not_implemented)
            << c.what << ", first length " << c.request.lengths[0] << ": " << last_error();
}

TEST(ApiHandles, DestroyedPlanIsRefused)
{
    PlanHandle plan = make_plan(8);
    rift_plan stale = plan.get();
    ASSERT_EQ(rift_plan_destroy(plan.release()), rift_status_success);

    std::vector<std::complex<float>> in(8), out(8);
    void* in_pointers[] = {in.data()};
    void* out_pointers[] = {out.data()};
    ExecutionInfoHandle info = host_execution_info();
    size_t size = 0;
    char text[64];
    for (rift_plan handle : {stale, rift_plan(nullptr)}) {
        EXPECT_EQ(rift_execute(handle, in_pointers, out_pointers, info.get()), rift_status_invalid_plan);
        EXPECT_NE(last_error(), "");
        EXPECT_EQ(rift_plan_get_work_buffer_size(handle, &size), rift_status_invalid_plan);
        EXPECT_EQ(rift_plan_get_print(handle, text, sizeof text, &size), rift_status_invalid_plan);
        EXPECT_EQ(rift_plan_print(handle), rift_status_invalid_plan);
        EXPECT_EQ(rift_plan_destroy(handle), rift_status_invalid_plan);
    }
}

// Only the two owners are work buffer owners; a plan left without one still runs on the host executor, which
// brings its own host memory.
TEST(ApiDescription, WorkBufferOwner)
{
    rift_plan_description raw = nullptr;
    ASSERT_EQ(rift_plan_description_create(&raw), rift_status_success);
    DescriptionHandle description(raw);
    EXPECT_EQ(rift_plan_description_set_work_buffer_owner(raw, rift_work_buffer_owner(2)),
              rift_status_invalid_description);
    EXPECT_NE(last_error(), "");
    ASSERT_EQ(rift_plan_description_set_work_buffer_owner(raw, rift_work_buffer_owner_caller), rift_status_success);
    const size_t length = 32768;
    rift_plan made = nullptr;
    ASSERT_EQ(rift_plan_create(&made, rift_placement_notinplace, rift_transform_type_complex_forward,
                               rift_precision_single, 1, &length, 1, raw),
              rift_status_success)
        << last_error();
    PlanHandle plan(made);
    ExecutionInfoHandle info = host_execution_info();
    std::vector<std::complex<float>> in(length, {1.0f, 0.0f}), out(length);
    void* in_pointers[] = {in.data()};
    void* out_pointers[] = {out.data()};
    ASSERT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, info.get()), rift_status_success) << last_error();
    EXPECT_EQ(out[0], std::complex<float>(float(length), 0.0f));
}

// The work buffer size before planning: the plan's, whoever is to hold the buffer; a NULL result pointer is
// refused (try_plan compares the two calls' answers on every other request).
TEST(ApiPlanCreate, WorkBufferEstimate)
{
    const size_t length = size_t(1) << 20; // a row/column plan, which needs a work buffer
    for (rift_work_buffer_owner owner : {rift_work_buffer_owner_plan, rift_work_buffer_owner_caller}) {
        rift_plan_description raw = nullptr;
        ASSERT_EQ(rift_plan_description_create(&raw), rift_status_success);
        DescriptionHandle description(raw);
        ASSERT_EQ(rift_plan_description_set_work_buffer_owner(raw, owner), rift_status_success);
        size_t estimated = 0;
        ASSERT_EQ(rift_plan_estimate_work_buffer_size(rift_placement_notinplace, rift_transform_type_complex_forward,
                                                      rift_precision_single, 1, &length, 2, raw, &estimated),
                  rift_status_success)
            << last_error();
        rift_plan made = nullptr;
        ASSERT_EQ(rift_plan_create(&made, rift_placement_notinplace, rift_transform_type_complex_forward,
                                   rift_precision_single, 1, &length, 2, raw),
                  rift_status_success)
            << last_error();
        PlanHandle plan(made);
        size_t planned = 0;
        ASSERT_EQ(rift_plan_get_work_buffer_size(plan.get(), &planned), rift_status_success);
        EXPECT_GT(estimated, 0u);
        EXPECT_EQ(estimated, planned);
    }
    EXPECT_EQ(rift_plan_estimate_work_buffer_size(rift_placement_notinplace, rift_transform_type_complex_forward,
                                                  rift_precision_single, 1, &length, 1, nullptr, nullptr),
              rift_status_null_argument);
    EXPECT_NE(last_error(), "");
}

TEST(ApiHandles, DestroyedDescriptionIsRefused)
{
    rift_plan_description description = nullptr;
    ASSERT_EQ(rift_plan_description_create(&description), rift_status_success);
    ASSERT_EQ(rift_plan_description_destroy(description), rift_status_success);
    const size_t length = 8;
    for (rift_plan_description handle : {description, rift_plan_description(nullptr)}) {
        EXPECT_EQ(rift_plan_description_set_scale_factor(handle, 2.0), rift_status_invalid_description);
        EXPECT_EQ(rift_plan_description_set_work_buffer_owner(handle, rift_work_buffer_owner_caller),
                  rift_status_invalid_description);
        EXPECT_EQ(rift_plan_description_set_data_layout(handle, rift_array_type_complex_interleaved,
                                                        rift_array_type_complex_interleaved, nullptr, nullptr, 0,
                                                        nullptr, 0, 0, nullptr, 0),
                  rift_status_invalid_description);
        EXPECT_EQ(rift_plan_description_destroy(handle), rift_status_invalid_description);
    }
    rift_plan plan = nullptr;
    EXPECT_EQ(rift_plan_create(&plan, rift_placement_notinplace, rift_transform_type_complex_forward,
                               rift_precision_single, 1, &length, 1, description),
              rift_status_invalid_description);
    EXPECT_EQ(plan, nullptr);
    EXPECT_EQ(rift_plan_description_create(nullptr), rift_status_null_argument);
}

TEST(ApiHandles, DestroyedExecutionInfoIsRefused)
{
    rift_execution_info info = nullptr;
    ASSERT_EQ(rift_execution_info_create(&info), rift_status_success);
    ASSERT_EQ(rift_execution_info_destroy(info), rift_status_success);
    for (rift_execution_info handle : {info, rift_execution_info(nullptr)}) {
        EXPECT_EQ(rift_execution_info_set_stream(handle, nullptr), rift_status_invalid_execution_info);
        EXPECT_EQ(rift_execution_info_set_work_buffer(handle, nullptr, 0), rift_status_invalid_execution_info);
        EXPECT_EQ(rift_execution_info_set_executor(handle, rift_executor_host), rift_status_invalid_execution_info);
        EXPECT_EQ(rift_execution_info_destroy(handle), rift_status_invalid_execution_info);
    }
    // A NULL execution info means the defaults, so only the destroyed one is refused by rift_execute.
    PlanHandle plan = make_plan(8);
    std::vector<std::complex<float>> in(8), out(8);
    void* in_pointers[] = {in.data()};
    void* out_pointers[] = {out.data()};
    EXPECT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, info), rift_status_invalid_execution_info);
    EXPECT_EQ(rift_execution_info_create(nullptr), rift_status_null_argument);
}

TEST(ApiHandles, OutOfRangeExecutorIsRefused)
{
    ExecutionInfoHandle info = host_execution_info();
    EXPECT_NE(rift_execution_info_set_executor(info.get(), static_cast<rift_executor>(17)), rift_status_success);
}

// The plan keeps copies: the description and lengths array can go away right after rift_plan_create.
TEST(ApiHandles, PlanOutlivesItsDescriptionAndLengths)
{
    TransformCase c = TransformCase::contiguous(60, 2, rift_precision_double, false);
    c.in = {3, 2, 130};
    c.out = {1, 1, 61};
    c.scale = 0.5;
    PlanHandle plan;
    {
        TransformCase scratch = c; // create_plan reads lengths from here, and its description dies inside it
        std::string failure;
        ASSERT_EQ(create_plan(scratch, plan, &failure), rift_status_success) << failure;
        scratch.lengths.assign(1, 0);
    }
    const CaseOutcome outcome = check_with_plan(Executor::host, c, plan.get(), c.name());
    EXPECT_EQ(outcome.failure, "") << c.name();
}

TEST(ApiExecute, NullBuffersAreRefused)
{
    PlanHandle plan = make_plan(8);
    ExecutionInfoHandle info = host_execution_info();
    std::vector<std::complex<float>> in(8), out(8);
    void* in_pointers[] = {in.data()};
    void* out_pointers[] = {out.data()};
    void* null_pointers[] = {nullptr};
    EXPECT_EQ(rift_execute(plan.get(), nullptr, out_pointers, info.get()), rift_status_invalid_buffer);
    EXPECT_EQ(rift_execute(plan.get(), null_pointers, out_pointers, info.get()), rift_status_invalid_buffer);
    EXPECT_EQ(rift_execute(plan.get(), in_pointers, nullptr, info.get()), rift_status_invalid_buffer);
    EXPECT_EQ(rift_execute(plan.get(), in_pointers, null_pointers, info.get()), rift_status_invalid_buffer);
    EXPECT_NE(last_error(), "");
}

// In place, the output array is ignored and may be NULL.
TEST(ApiExecute, InPlaceIgnoresOutputArray)
{
    PlanHandle plan = make_plan(8, rift_placement_inplace);
    ExecutionInfoHandle info = host_execution_info();
    std::vector<std::complex<float>> data(8, {0.0f, 0.0f});
    data[0] = {1.0f, 0.0f}; // an impulse transforms to all ones
    void* pointers[] = {data.data()};
    ASSERT_EQ(rift_execute(plan.get(), pointers, nullptr, info.get()), rift_status_success) << last_error();
    for (const std::complex<float>& value : data) EXPECT_EQ(value, std::complex<float>(1.0f, 0.0f));
}

// Plans of one kernel need no work buffer; giving one anyway must be accepted. (Row/column plans need one:
// LargeTransforms.WorkBuffer* in large_transform_tests.cpp.)
TEST(ApiExecute, WorkBuffer)
{
    for (size_t length : {1, 16, 1000, 4096}) {
        PlanHandle plan = make_plan(length);
        size_t bytes = 1;
        ASSERT_EQ(rift_plan_get_work_buffer_size(plan.get(), &bytes), rift_status_success);
        EXPECT_EQ(bytes, 0u) << "length " << length;
        EXPECT_EQ(rift_plan_get_work_buffer_size(plan.get(), nullptr), rift_status_null_argument);

        ExecutionInfoHandle info = host_execution_info();
        EXPECT_EQ(rift_execution_info_set_work_buffer(info.get(), nullptr, 256), rift_status_invalid_work_buffer);
        std::vector<unsigned char> work(256);
        ASSERT_EQ(rift_execution_info_set_work_buffer(info.get(), work.data(), work.size()), rift_status_success);
        std::vector<std::complex<float>> in(length, {1.0f, 0.0f}), out(length);
        void* in_pointers[] = {in.data()};
        void* out_pointers[] = {out.data()};
        EXPECT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, info.get()), rift_status_success)
            << last_error();
        EXPECT_EQ(out[0], std::complex<float>(float(length), 0.0f)); // constant input: all energy in bin 0
    }
}

// Without a GPU the default executor cannot run: a status, not a crash.
TEST(ApiExecute, DefaultExecutorWithoutGpuReportsNoDevice)
{
    if (gpu_present()) GTEST_SKIP() << "a GPU is present";
    if (std::getenv("RIFT_EXECUTOR") != nullptr) GTEST_SKIP() << "RIFT_EXECUTOR is set";
    PlanHandle plan = make_plan(8);
    std::vector<std::complex<float>> in(8), out(8);
    void* in_pointers[] = {in.data()};
    void* out_pointers[] = {out.data()};
    EXPECT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, nullptr), rift_status_no_device);
    EXPECT_NE(last_error(), "");
    rift_execution_info info = nullptr;
    ASSERT_EQ(rift_execution_info_create(&info), rift_status_success);
    ExecutionInfoHandle owned(info);
    ASSERT_EQ(rift_execution_info_set_executor(info, rift_executor_gpu), rift_status_success);
    EXPECT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, info), rift_status_no_device);
}

// RIFT_EXECUTOR=host, read by rift_setup, turns the default executor into the host one.
TEST(ApiLifetime, ExecutorChosenByEnvironment)
{
    if (std::getenv("RIFT_EXECUTOR") != nullptr) GTEST_SKIP() << "RIFT_EXECUTOR is already set";
    ASSERT_EQ(rift_cleanup(), rift_status_success); // undo the test environment's setup...
    ASSERT_EQ(setenv("RIFT_EXECUTOR", "host", 1), 0);
    ASSERT_EQ(rift_setup(), rift_status_success); // ...and set up again with the variable

    PlanHandle plan = make_plan(8);
    std::vector<std::complex<float>> in(8, {0.0f, 0.0f}), out(8);
    in[0] = {2.0f, 0.0f};
    void* in_pointers[] = {in.data()};
    void* out_pointers[] = {out.data()};
    EXPECT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, nullptr), rift_status_success) << last_error();
    for (const std::complex<float>& value : out) EXPECT_EQ(value, std::complex<float>(2.0f, 0.0f));
    plan.reset();

    ASSERT_EQ(rift_cleanup(), rift_status_success);
    ASSERT_EQ(unsetenv("RIFT_EXECUTOR"), 0);
    ASSERT_EQ(rift_setup(), rift_status_success);
}

// RIFT_LOG=all with RIFT_LOG_FILE: the plan's tree at creation and each launch at execution go to the file.
TEST(ApiLifetime, LoggingLayersWriteToTheLogFile)
{
    if (std::getenv("RIFT_LOG") != nullptr) GTEST_SKIP() << "RIFT_LOG is already set";
    const std::string path = ::testing::TempDir() + "rift-log-test.txt";
    std::remove(path.c_str());
    ASSERT_EQ(rift_cleanup(), rift_status_success);
    ASSERT_EQ(setenv("RIFT_LOG", "plan,launch", 1), 0);
    ASSERT_EQ(setenv("RIFT_LOG_FILE", path.c_str(), 1), 0);
    ASSERT_EQ(rift_setup(), rift_status_success);

    PlanHandle plan = make_plan(8);
    std::vector<std::complex<float>> in(8, {1.0f, 0.0f}), out(8);
    void* in_pointers[] = {in.data()};
    void* out_pointers[] = {out.data()};
    rift_execution_info info = nullptr;
    ASSERT_EQ(rift_execution_info_create(&info), rift_status_success);
    ASSERT_EQ(rift_execution_info_set_executor(info, rift_executor_host), rift_status_success);
    EXPECT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, info), rift_status_success) << last_error();
    rift_execution_info_destroy(info);
    plan.reset();

    ASSERT_EQ(rift_cleanup(), rift_status_success);
    ASSERT_EQ(unsetenv("RIFT_LOG"), 0);
    ASSERT_EQ(unsetenv("RIFT_LOG_FILE"), 0);
    ASSERT_EQ(rift_setup(), rift_status_success);

    std::ifstream file(path);
    const std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
    EXPECT_NE(text.find("rift plan created:"), std::string::npos) << text;
    EXPECT_NE(text.find("(stockham-fixed length 8"), std::string::npos) << text;
    EXPECT_NE(text.find("rift launch (host): fixed_stockham_kernel<single, forward>"), std::string::npos) << text;
    std::remove(path.c_str());
}

TEST(ApiLifetime, SetupIsCounted)
{
    ASSERT_EQ(rift_setup(), rift_status_success); // a second setup on top of the test environment's
    ASSERT_EQ(rift_cleanup(), rift_status_success);
    EXPECT_NE(make_plan(8).get(), nullptr) << "one setup is still outstanding";

    ASSERT_EQ(rift_cleanup(), rift_status_success); // now none is
    const size_t length = 8;
    rift_plan plan = nullptr;
    EXPECT_EQ(rift_plan_create(&plan, rift_placement_notinplace, rift_transform_type_complex_forward,
                               rift_precision_single, 1, &length, 1, nullptr),
              rift_status_not_initialized);
    EXPECT_EQ(plan, nullptr);
    EXPECT_EQ(rift_cleanup(), rift_status_not_initialized) << "a cleanup without a matching setup";
    ASSERT_EQ(rift_setup(), rift_status_success); // restore the environment's setup
}

TEST(ApiText, StatusStringsAreDistinct)
{
    std::set<std::string> seen;
    for (int status = rift_status_success; status <= rift_status_invalid_distance; ++status) {
        const char* text = rift_status_string(static_cast<rift_status>(status));
        ASSERT_NE(text, nullptr) << "status " << status;
        EXPECT_NE(std::string(text), "") << "status " << status;
        EXPECT_TRUE(seen.insert(text).second) << "status " << status << " shares its text: " << text;
    }
    EXPECT_NE(rift_status_string(static_cast<rift_status>(999)), nullptr);
}

TEST(ApiText, VersionString)
{
    char buffer[16];
    ASSERT_EQ(rift_get_version_string(buffer, sizeof buffer), rift_status_success);
    const std::string expected = std::to_string(RIFT_VERSION_MAJOR) + "." + std::to_string(RIFT_VERSION_MINOR) +
                                 "." + std::to_string(RIFT_VERSION_PATCH);
    EXPECT_EQ(std::string(buffer), expected);
    char tiny[3];
    EXPECT_EQ(rift_get_version_string(tiny, sizeof tiny), rift_status_buffer_too_small);
    EXPECT_EQ(rift_get_version_string(nullptr, 16), rift_status_null_argument);
}

TEST(ApiText, LastErrorMessageIsPerThread)
{
    const size_t zero = 0;
    rift_plan plan = nullptr;
    EXPECT_EQ(rift_plan_create(&plan, rift_placement_notinplace, rift_transform_type_complex_forward,
                               rift_precision_single, 1, &zero, 1, nullptr),
              rift_status_invalid_length);
    const std::string message = last_error();
    EXPECT_NE(message, "");

    std::string other_before;
    std::string other_after;
    std::thread other([&] {
        other_before = last_error(); // this thread has made no failed call
        rift_plan plan = nullptr;
        const size_t length = 8;
        rift_plan_create(&plan, rift_placement_notinplace, rift_transform_type_complex_forward,
                         rift_precision_single, 1, &length, 0, nullptr);
        other_after = last_error();
    });
    other.join();
    EXPECT_EQ(other_before, "");
    EXPECT_NE(other_after, "");
    EXPECT_EQ(last_error(), message) << "another thread's failure changed this thread's message";
}

TEST(ApiText, PlanPrint)
{
    PlanHandle plan = make_plan(1000);
    size_t required = 0;
    ASSERT_EQ(rift_plan_get_print(plan.get(), nullptr, 0, &required), rift_status_success) << last_error();
    ASSERT_GT(required, 1u);

    std::string text(required, '\0');
    ASSERT_EQ(rift_plan_get_print(plan.get(), text.data(), text.size(), &required), rift_status_success);
    EXPECT_EQ(std::strlen(text.c_str()) + 1, required) << "required size counts the terminating NUL";
    text.resize(required - 1);
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    EXPECT_NE(lower.find("stockham"), std::string::npos) << text;
    EXPECT_NE(text.find("1000"), std::string::npos) << text;

    std::vector<char> small(required - 1, 'x');
    size_t reported = 0;
    EXPECT_EQ(rift_plan_get_print(plan.get(), small.data(), small.size(), &reported), rift_status_buffer_too_small);
    EXPECT_EQ(reported, required);
    EXPECT_EQ(rift_plan_print(plan.get()), rift_status_success);
}

// Plans made, run and destroyed from 8 threads at once (twiddle tables are shared between plans through a
// guarded cache): every result must match FFTW as in serial use. On the GPU each call runs on a stream of its own.
void check_from_threads(Executor executor)
{
    constexpr int kThreads = 8;
    std::vector<std::string> failures(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([t, executor, &failures] {
            for (size_t length : {64, 60, 1000, 243, 4096, 13, 65536}) {
                const rift_precision precision = t % 2 ? rift_precision_double : rift_precision_single;
                const TransformCase c = TransformCase::contiguous(length, 2, precision, t >= kThreads / 2);
                const CaseOutcome outcome = check_transform(executor, c);
                if (!outcome.failure.empty()) failures[t] += c.name() + ": " + outcome.failure + "\n";
            }
        });
    for (std::thread& thread : threads) thread.join();
    for (int t = 0; t < kThreads; ++t) EXPECT_EQ(failures[t], "") << "thread " << t;
}

TEST(ApiThreads, ConcurrentPlansAndExecutions) { check_from_threads(Executor::host); }

TEST(GpuThreads, ConcurrentPlansAndExecutionsOnOwnStreams)
{
    RIFT_SKIP_WITHOUT_GPU();
    check_from_threads(Executor::gpu_stream);
}

} // namespace
} // namespace rift::test
