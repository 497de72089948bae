// rift's rocFFT front (include/rocfft) through its C API, without transforms: every refusal with its
// rocfft_status and a message, the handles, rocFFT's array-type and layout rules, the library calls, work buffer
// sizes and what is not implemented. The transforms are in rocfft_front_execution_tests.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <string>
#include <vector>

#include "rift/rift.h"
#include "rocfft/rocfft.h"
#include "tests/reference.h"
#include "tests/rocfft_front_helpers.h"

namespace rift::test {
namespace {

// ---- arguments and handles -----------------------------------------------------------------------------------

TEST(RocfftArguments, NullPointers)
{
    const size_t length = 8;
    EXPECT_REFUSED(rocfft_plan_create(nullptr, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                                      rocfft_precision_single, 1, &length, 1, nullptr),
                   rocfft_status_invalid_arg_value);
    rocfft_plan plan = reinterpret_cast<rocfft_plan>(&plan);
    EXPECT_REFUSED(rocfft_plan_create(&plan, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                                      rocfft_precision_single, 1, nullptr, 1, nullptr),
                   rocfft_status_invalid_arg_value);
    EXPECT_EQ(plan, nullptr) << "a failed rocfft_plan_create must leave no plan";
    EXPECT_REFUSED(rocfft_plan_description_create(nullptr), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_execution_info_create(nullptr), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_field_create(nullptr), rocfft_status_invalid_arg_value);
    const size_t coordinates[] = {0, 0};
    EXPECT_REFUSED(rocfft_brick_create(nullptr, coordinates, coordinates, coordinates, 2, 0),
                   rocfft_status_invalid_arg_value);
    rocfft_brick brick = nullptr;
    EXPECT_REFUSED(rocfft_brick_create(&brick, nullptr, coordinates, coordinates, 2, 0),
                   rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_plan_get_work_buffer_size(nullptr, nullptr), rocfft_status_failure);
    EXPECT_REFUSED(rocfft_execute(nullptr, nullptr, nullptr, nullptr), rocfft_status_failure);
    EXPECT_REFUSED(rocfft_plan_get_print(nullptr), rocfft_status_failure);
    EXPECT_REFUSED(rocfft_plan_description_set_scale_factor(nullptr, 1.0), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_plan_description_set_data_layout(nullptr, rocfft_array_type_unset, rocfft_array_type_unset,
                                                           nullptr, nullptr, 0, nullptr, 0, 0, nullptr, 0),
                   rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_execution_info_set_stream(nullptr, nullptr), rocfft_status_invalid_arg_value);
    // Destroying NULL frees nothing and succeeds, as in rocFFT.
    EXPECT_EQ(rocfft_plan_destroy(nullptr), rocfft_status_success);
    EXPECT_EQ(rocfft_plan_description_destroy(nullptr), rocfft_status_success);
    EXPECT_EQ(rocfft_execution_info_destroy(nullptr), rocfft_status_success);
    EXPECT_EQ(rocfft_field_destroy(nullptr), rocfft_status_success);
    EXPECT_EQ(rocfft_brick_destroy(nullptr), rocfft_status_success);
    EXPECT_EQ(message(), "");

    Plan made;
    ASSERT_EQ(make_plan(made, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                        rocfft_precision_single, {8}, 1),
              rocfft_status_success)
        << message();
    EXPECT_REFUSED(rocfft_plan_get_work_buffer_size(made.get(), nullptr), rocfft_status_invalid_arg_value);
    std::vector<std::complex<float>> data(8);
    void* buffers[] = {data.data()};
    void* none[] = {nullptr};
    EXPECT_REFUSED(rocfft_execute(made.get(), nullptr, buffers, nullptr), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_execute(made.get(), none, buffers, nullptr), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_execute(made.get(), buffers, nullptr, nullptr), rocfft_status_invalid_arg_value);
}

TEST(RocfftArguments, DimensionsLengthsBatchAndEnums)
{
    Plan plan;
    const auto create = [&](size_t dimensions, const Lengths& lengths, size_t batch,
                            rocfft_result_placement placement = rocfft_placement_notinplace,
                            rocfft_transform_type type = rocfft_transform_type_complex_forward,
                            rocfft_precision precision = rocfft_precision_single) {
        rocfft_plan made = nullptr;
        const rocfft_status status =
            rocfft_plan_create(&made, placement, type, precision, dimensions, lengths.data(), batch, nullptr);
        plan.reset(made);
        return status;
    };
    EXPECT_REFUSED(create(0, {8}, 1), rocfft_status_invalid_dimensions);
    EXPECT_REFUSED(create(4, {8, 8, 8, 8}, 1), rocfft_status_invalid_dimensions);
    EXPECT_REFUSED(create(2, {8, 0}, 1), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(create(1, {8}, 0), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(create(1, {8}, 1, static_cast<rocfft_result_placement>(2)), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(create(1, {8}, 1, rocfft_placement_inplace, static_cast<rocfft_transform_type>(4)),
                   rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(create(1, {8}, 1, rocfft_placement_inplace, rocfft_transform_type_complex_forward,
                          static_cast<rocfft_precision>(-1)),
                   rocfft_status_invalid_arg_value);
    EXPECT_EQ(plan, nullptr);
    // rift's own refusals come through with rift's reason: a length no buffer can hold.
    EXPECT_REFUSED(create(1, {size_t(1) << 50}, 1), rocfft_status_invalid_arg_value);
    EXPECT_NE(message().find("rift_plan_create"), std::string::npos) << message();
    EXPECT_EQ(create(3, {4, 3, 2}, 5), rocfft_status_success) << message();
    EXPECT_EQ(message(), "");
}

// rocFFT's rules: complex transforms take complex data, the same type both sides in place; real forward takes
// real to hermitian, real inverse hermitian to real, interleaved in place. Planar types fit these rules but are
// not implemented.
TEST(RocfftArguments, ArrayTypes)
{
    struct Case {
        rocfft_result_placement placement;
        rocfft_transform_type type;
        rocfft_array_type in, out;
        rocfft_status expected;
    };
    const auto inplace = rocfft_placement_inplace;
    const auto notinplace = rocfft_placement_notinplace;
    const auto forward = rocfft_transform_type_complex_forward;
    const auto r2c = rocfft_transform_type_real_forward;
    const auto c2r = rocfft_transform_type_real_inverse;
    const auto ci = rocfft_array_type_complex_interleaved;
    const auto cp = rocfft_array_type_complex_planar;
    const auto real = rocfft_array_type_real;
    const auto hi = rocfft_array_type_hermitian_interleaved;
    const auto hp = rocfft_array_type_hermitian_planar;
    const auto unset = rocfft_array_type_unset;
    const Case cases[] = {
        {notinplace, forward, real, ci, rocfft_status_invalid_array_type},
        {notinplace, forward, ci, hi, rocfft_status_invalid_array_type},
        {inplace, forward, ci, cp, rocfft_status_invalid_array_type},
        {notinplace, r2c, ci, hi, rocfft_status_invalid_array_type},
        {notinplace, r2c, real, ci, rocfft_status_invalid_array_type},
        {inplace, r2c, real, hp, rocfft_status_invalid_array_type},
        {notinplace, c2r, hi, ci, rocfft_status_invalid_array_type},
        {inplace, c2r, hp, real, rocfft_status_invalid_array_type},
        {notinplace, forward, static_cast<rocfft_array_type>(9), ci, rocfft_status_invalid_array_type},
        {notinplace, forward, ci, cp, rocfft_status_failure},
        {inplace, forward, cp, cp, rocfft_status_failure},
        {notinplace, r2c, real, hp, rocfft_status_failure},
        {notinplace, c2r, hp, real, rocfft_status_failure},
        {notinplace, forward, unset, ci, rocfft_status_success},
        {notinplace, r2c, unset, unset, rocfft_status_success},
        {inplace, c2r, hi, unset, rocfft_status_success},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE("case " + std::to_string(&c - cases));
        Description description = new_description();
        ASSERT_EQ(rocfft_plan_description_set_data_layout(description.get(), c.in, c.out, nullptr, nullptr, 0,
                                                          nullptr, 0, 0, nullptr, 0),
                  rocfft_status_success);
        Plan plan;
        EXPECT_EQ(make_plan(plan, c.placement, c.type, rocfft_precision_single, {16}, 1, description.get()),
                  c.expected)
            << message();
        if (c.expected == rocfft_status_failure) {
            EXPECT_NE(message().find("planar"), std::string::npos) << message();
            EXPECT_NE(message().find("not implemented"), std::string::npos) << message();
        }
    }
}

// Layout refusals name the part of the layout that is wrong. In place, layouts that differ are refused in 1D
// and taken in 2D and 3D (rift reads the whole input into its work buffer first), as rocFFT takes them.
TEST(RocfftArguments, LayoutRefusals)
{
    const Lengths lengths_1d{8}, lengths_2d{8, 4};
    struct Case {
        const Lengths& lengths;
        rocfft_result_placement placement;
        rocfft_transform_type type;
        Layout in, out;
        size_t batch;
        rocfft_status expected;
    };
    const auto inplace = rocfft_placement_inplace;
    const auto notinplace = rocfft_placement_notinplace;
    const auto c2c = rocfft_transform_type_complex_forward;
    const auto r2c = rocfft_transform_type_real_forward;
    const Case cases[] = {
        {lengths_2d, notinplace, c2c, Layout(0, {1}, 32), Layout(0, {1, 8}, 32), 1, rocfft_status_invalid_strides},
        {lengths_2d, notinplace, c2c, Layout(0, {0, 8}, 32), Layout(0, {1, 8}, 32), 1, rocfft_status_invalid_strides},
        {lengths_2d, notinplace, c2c, Layout(0, {1, 8}, 32), Layout(0, {1, 4}, 32), 1, rocfft_status_invalid_strides},
        {lengths_1d, inplace, c2c, Layout(0, {1}, 16), Layout(0, {2}, 16), 2, rocfft_status_invalid_strides},
        {lengths_1d, inplace, c2c, Layout(1, {1}, 8), Layout(0, {1}, 8), 2, rocfft_status_invalid_offset},
        {lengths_1d, inplace, c2c, Layout(0, {1}, 8), Layout(0, {1}, 10), 2, rocfft_status_invalid_distance},
        // One transform has no distance: rocFFT ignores it, so in place the two may differ.
        {lengths_1d, inplace, c2c, Layout(0, {1}, 8), Layout(0, {1}, 10), 1, rocfft_status_success},
        {lengths_1d, inplace, r2c, Layout(0, {1}, 10), Layout(0, {1}, 5), 2, rocfft_status_success},
        {lengths_1d, inplace, r2c, Layout(2, {1}, 10), Layout(0, {1}, 5), 2, rocfft_status_invalid_offset},
        {lengths_1d, inplace, r2c, Layout(0, {1}, 12), Layout(0, {1}, 5), 2, rocfft_status_invalid_distance},
        {lengths_1d, inplace, r2c, Layout(0, {1}, 12), Layout(0, {1}, 5), 1, rocfft_status_success},
        {lengths_2d, inplace, c2c, Layout(0, {1, 8}, 32), Layout(0, {1, 9}, 36), 2, rocfft_status_success},
        {lengths_2d, inplace, c2c, Layout(1, {1, 8}, 32), Layout(0, {1, 8}, 32), 2, rocfft_status_success},
        {lengths_2d, inplace, r2c, Layout(0, {1, 12}, 48), Layout(0, {1, 5}, 20), 2, rocfft_status_success},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE("case " + std::to_string(&c - cases));
        const bool real = c.type == r2c;
        Description description =
            described(real ? rocfft_array_type_real : rocfft_array_type_complex_interleaved,
                      real ? rocfft_array_type_hermitian_interleaved : rocfft_array_type_complex_interleaved, c.in,
                      c.out);
        Plan plan;
        EXPECT_EQ(make_plan(plan, c.placement, c.type, rocfft_precision_double, c.lengths, c.batch,
                            description.get()),
                  c.expected)
            << message();
        if (c.expected != rocfft_status_success) {
            EXPECT_NE(message(), "");
        }
    }
}

TEST(RocfftArguments, ScaleFactor)
{
    Description description = new_description();
    EXPECT_REFUSED(rocfft_plan_description_set_scale_factor(description.get(), std::nan("")),
                   rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_plan_description_set_scale_factor(description.get(), INFINITY),
                   rocfft_status_invalid_arg_value);
    EXPECT_EQ(rocfft_plan_description_set_scale_factor(description.get(), 1e300), rocfft_status_success);
    Plan plan;
    // Beyond the float range: rift refuses it for a single-precision plan.
    EXPECT_REFUSED(make_plan(plan, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                             rocfft_precision_single, {8}, 1, description.get()),
                   rocfft_status_invalid_arg_value);
    EXPECT_EQ(make_plan(plan, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                        rocfft_precision_double, {8}, 1, description.get()),
              rocfft_status_success)
        << message();
}

TEST(RocfftHandles, DeadHandlesAreRefused)
{
    rocfft_plan plan = nullptr;
    const size_t length = 16;
    ASSERT_EQ(rocfft_plan_create(&plan, rocfft_placement_inplace, rocfft_transform_type_complex_forward,
                                 rocfft_precision_single, 1, &length, 1, nullptr),
              rocfft_status_success);
    ASSERT_EQ(rocfft_plan_destroy(plan), rocfft_status_success);
    EXPECT_REFUSED(rocfft_plan_destroy(plan), rocfft_status_invalid_arg_value);
    std::vector<std::complex<float>> data(16);
    void* buffers[] = {data.data()};
    EXPECT_REFUSED(rocfft_execute(plan, buffers, nullptr, nullptr), rocfft_status_failure);
    size_t work = 0;
    EXPECT_REFUSED(rocfft_plan_get_work_buffer_size(plan, &work), rocfft_status_failure);

    rocfft_plan_description description = nullptr;
    ASSERT_EQ(rocfft_plan_description_create(&description), rocfft_status_success);
    ASSERT_EQ(rocfft_plan_description_destroy(description), rocfft_status_success);
    EXPECT_REFUSED(rocfft_plan_description_destroy(description), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_plan_description_set_scale_factor(description, 2.0), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_plan_create(&plan, rocfft_placement_inplace, rocfft_transform_type_complex_forward,
                                      rocfft_precision_single, 1, &length, 1, description),
                   rocfft_status_invalid_arg_value);

    rocfft_execution_info info = nullptr;
    ASSERT_EQ(rocfft_execution_info_create(&info), rocfft_status_success);
    ASSERT_EQ(rocfft_execution_info_destroy(info), rocfft_status_success);
    EXPECT_REFUSED(rocfft_execution_info_destroy(info), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_execution_info_set_stream(info, nullptr), rocfft_status_invalid_arg_value);
    Plan live;
    ASSERT_EQ(make_plan(live, rocfft_placement_inplace, rocfft_transform_type_complex_forward,
                        rocfft_precision_single, {16}, 1),
              rocfft_status_success);
    EXPECT_REFUSED(rocfft_execute(live.get(), buffers, nullptr, info), rocfft_status_invalid_arg_value);
}

TEST(RocfftLibrary, SetupCleanupAndVersion)
{
    EXPECT_EQ(rocfft_setup(), rocfft_status_success);
    EXPECT_EQ(rocfft_cleanup(), rocfft_status_success);
    EXPECT_EQ(rocfft_cleanup(), rocfft_status_success) << "a cleanup beyond the setups does nothing";
    char version[30];
    ASSERT_EQ(rocfft_get_version_string(version, sizeof version), rocfft_status_success) << message();
    char rift_version[16];
    ASSERT_EQ(rift_get_version_string(rift_version, sizeof rift_version), rift_status_success);
    EXPECT_EQ(std::string(version), std::string("6.4.3-rift-") + rift_version);
    EXPECT_REFUSED(rocfft_get_version_string(version, 4), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(rocfft_get_version_string(nullptr, 30), rocfft_status_failure);
}

TEST(RocfftLibrary, PlanPrint)
{
    Plan plan;
    ASSERT_EQ(make_plan(plan, rocfft_placement_notinplace, rocfft_transform_type_real_forward,
                        rocfft_precision_double, {12, 5}, 3),
              rocfft_status_success)
        << message();
    testing::internal::CaptureStdout();
    const rocfft_status status = rocfft_plan_get_print(plan.get());
    const std::string text = testing::internal::GetCapturedStdout();
    EXPECT_EQ(status, rocfft_status_success) << message();
    EXPECT_NE(text.find("real forward"), std::string::npos) << text;
    EXPECT_NE(text.find("lengths: 12 5"), std::string::npos) << text;
    EXPECT_NE(text.find("output: hermitian interleaved, offset 0, strides 1 7, distance 35"), std::string::npos)
        << text;
}

// Half precision, callbacks, fields, communicators and the kernel cache answer rocfft_status_failure with a
// message; their argument checks are rocFFT's; clearing a callback, or no communicator, succeeds.
TEST(RocfftNotImplemented, FeaturesRiftLacks)
{
    Plan plan;
    EXPECT_REFUSED(make_plan(plan, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                             rocfft_precision_half, {16}, 1),
                   rocfft_status_failure);
    EXPECT_NE(message().find("half"), std::string::npos) << message();

    Info info = new_info();
    void* function = reinterpret_cast<void*>(&message);
    void* functions[] = {function};
    void* no_functions[] = {nullptr};
    void* data[] = {nullptr};
    EXPECT_REFUSED(rocfft_execution_info_set_load_callback(info.get(), functions, data, 0), rocfft_status_failure);
    EXPECT_NE(message().find("not implemented"), std::string::npos) << message();
    EXPECT_REFUSED(rocfft_execution_info_set_store_callback(info.get(), functions, data, 0), rocfft_status_failure);
    EXPECT_REFUSED(rocfft_execution_info_set_load_callback(info.get(), functions, data, 64),
                   rocfft_status_invalid_arg_value);
    EXPECT_EQ(rocfft_execution_info_set_load_callback(info.get(), no_functions, data, 0), rocfft_status_success);
    EXPECT_EQ(rocfft_execution_info_set_store_callback(info.get(), nullptr, nullptr, 0), rocfft_status_success);

    // A field of one brick: kept on the description, refused when a plan is made with it.
    rocfft_field field = nullptr;
    ASSERT_EQ(rocfft_field_create(&field), rocfft_status_success);
    Description description = new_description();
    // A field without bricks.
    EXPECT_REFUSED(rocfft_plan_description_add_infield(description.get(), field), rocfft_status_invalid_arg_value);
    const size_t lower[] = {0, 0}, upper[] = {16, 1}, stride[] = {1, 16};
    rocfft_brick brick = nullptr;
    ASSERT_EQ(rocfft_brick_create(&brick, lower, upper, stride, 2, 0), rocfft_status_success);
    EXPECT_EQ(rocfft_field_add_brick(field, brick), rocfft_status_success);
    EXPECT_EQ(rocfft_brick_destroy(brick), rocfft_status_success);
    EXPECT_REFUSED(rocfft_field_add_brick(field, brick), rocfft_status_invalid_arg_value); // a destroyed brick
    EXPECT_EQ(rocfft_plan_description_add_infield(description.get(), field), rocfft_status_success);
    EXPECT_EQ(rocfft_plan_description_add_outfield(description.get(), field), rocfft_status_success);
    EXPECT_EQ(rocfft_field_destroy(field), rocfft_status_success);
    EXPECT_REFUSED(rocfft_field_destroy(field), rocfft_status_invalid_arg_value);
    EXPECT_REFUSED(make_plan(plan, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                             rocfft_precision_single, {16}, 1, description.get()),
                   rocfft_status_failure);
    EXPECT_NE(message().find("fields"), std::string::npos) << message();

    Description plain = new_description();
    EXPECT_EQ(rocfft_plan_description_set_comm(plain.get(), rocfft_comm_none, nullptr), rocfft_status_success);
    EXPECT_REFUSED(rocfft_plan_description_set_comm(plain.get(), rocfft_comm_mpi, nullptr),
                   rocfft_status_invalid_arg_value);
    int communicator = 0;
    EXPECT_REFUSED(rocfft_plan_description_set_comm(plain.get(), rocfft_comm_mpi, &communicator),
                   rocfft_status_failure);

    void* cache = nullptr;
    size_t cache_bytes = 0;
    EXPECT_REFUSED(rocfft_cache_serialize(&cache, &cache_bytes), rocfft_status_failure);
    EXPECT_REFUSED(rocfft_cache_serialize(nullptr, &cache_bytes), rocfft_status_invalid_arg_value);
    const char bytes[4] = {};
    EXPECT_REFUSED(rocfft_cache_deserialize(bytes, sizeof bytes), rocfft_status_failure);
    EXPECT_REFUSED(rocfft_cache_deserialize(nullptr, 0), rocfft_status_invalid_arg_value);
    EXPECT_EQ(rocfft_cache_buffer_free(nullptr), rocfft_status_success);
}

TEST(RocfftWorkBuffers, SizeAndArguments)
{
    Plan plan;
    ASSERT_EQ(make_plan(plan, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                        rocfft_precision_single, {65536}, 1),
              rocfft_status_success)
        << message();
    size_t reported = 0;
    ASSERT_EQ(rocfft_plan_get_work_buffer_size(plan.get(), &reported), rocfft_status_success);
    // The same as rift's own plan of that transform.
    rift_plan own = nullptr;
    const size_t length = 65536;
    ASSERT_EQ(rift_setup(), rift_status_success);
    ASSERT_EQ(rift_plan_create(&own, rift_placement_notinplace, rift_transform_type_complex_forward,
                               rift_precision_single, 1, &length, 1, nullptr),
              rift_status_success);
    size_t expected = 0;
    EXPECT_EQ(rift_plan_get_work_buffer_size(own, &expected), rift_status_success);
    EXPECT_EQ(rift_plan_destroy(own), rift_status_success);
    EXPECT_EQ(rift_cleanup(), rift_status_success);
    EXPECT_EQ(reported, expected);
    EXPECT_GT(reported, 0u);

    Info info = new_info();
    EXPECT_REFUSED(rocfft_execution_info_set_work_buffer(info.get(), nullptr, 0), rocfft_status_invalid_work_buffer);
    EXPECT_REFUSED(rocfft_execution_info_set_work_buffer(nullptr, &reported, 8), rocfft_status_invalid_arg_value);
}

} // namespace
} // namespace rift::test
