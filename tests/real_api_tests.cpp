// The C API's handling of real transforms (R2C, C2R), host only: which array types fit, which in-place layouts
// are accepted, refused lengths, the plan print, and small transforms whose results are known exactly. Every
// handle is owned, so a failed assertion leaks nothing (CI runs this suite under ASan).
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <cstring>
#include <string>
#include <vector>

#include "rift/rift.h"
#include "tests/handles.h"
#include "tests/real_check.h"
#include "tests/transform_check.h"

namespace rift::test {
namespace {

const rift_transform_type kRealTypes[] = {rift_transform_type_real_forward, rift_transform_type_real_inverse};

const char* type_name(rift_transform_type type)
{
    return type == rift_transform_type_real_forward ? "R2C" : "C2R";
}

// A single-precision real transform of `lengths`, batch 2, planned with a description carrying `real` and
// `hermitian` layouts (in reals and complex elements) and the array types that fit it.
PlanArguments real_arguments(rift_transform_type type, Lengths lengths, bool in_place, const Layout& real,
                             const Layout& hermitian)
{
    const bool forward = type == rift_transform_type_real_forward;
    PlanArguments arguments;
    arguments.type = type;
    arguments.lengths = std::move(lengths);
    arguments.batch = 2;
    arguments.in_place = in_place;
    arguments.with_description = true;
    arguments.in_type = forward ? rift_array_type_real : rift_array_type_hermitian_interleaved;
    arguments.out_type = forward ? rift_array_type_hermitian_interleaved : rift_array_type_real;
    arguments.in = forward ? real : hermitian;
    arguments.out = forward ? hermitian : real;
    return arguments;
}

// The same with rift's default layouts for the placement, spelled out.
PlanArguments real_arguments(rift_transform_type type, const Lengths& lengths, bool in_place)
{
    return real_arguments(type, lengths, in_place, in_place ? real_padded(lengths) : contiguous(lengths),
                          hermitian_contiguous(lengths));
}

// Creates and destroys a plan for `arguments` and returns the status. A failure must leave no plan and a message
// (create_plan's failure text ends in the message, after the status name).
rift_status plan_status(const PlanArguments& arguments)
{
    PlanHandle plan;
    std::string failure;
    const rift_status status = create_plan(arguments, plan, &failure);
    if (status != rift_status_success) {
        EXPECT_EQ(plan.get(), nullptr) << "a failed rift_plan_create left a plan";
        const std::string status_name = rift_status_string(status);
        EXPECT_NE(failure.substr(failure.size() - std::min(failure.size(), status_name.size() + 2)),
                  status_name + ": ")
            << "no message with " << failure;
    }
    return status;
}

// Every pair of array types: R2C takes real (or unset) input and hermitian interleaved (or unset) output, C2R
// the reverse; anything else is invalid, out of place and in place alike.
TEST(RealApi, ArrayTypesMustFitTheTransform)
{
    const rift_array_type types[] = {rift_array_type_complex_interleaved, rift_array_type_complex_planar,
                                     rift_array_type_real, rift_array_type_hermitian_interleaved,
                                     rift_array_type_unset};
    for (rift_transform_type type : kRealTypes)
        for (bool in_place : {false, true})
            for (rift_array_type in_type : types)
                for (rift_array_type out_type : types) {
                    PlanArguments arguments = real_arguments(type, {8}, in_place);
                    const bool forward = type == rift_transform_type_real_forward;
                    const rift_array_type wanted_in =
                        forward ? rift_array_type_real : rift_array_type_hermitian_interleaved;
                    const rift_array_type wanted_out =
                        forward ? rift_array_type_hermitian_interleaved : rift_array_type_real;
                    arguments.in_type = in_type;
                    arguments.out_type = out_type;
                    const bool fits = (in_type == wanted_in || in_type == rift_array_type_unset) &&
                                      (out_type == wanted_out || out_type == rift_array_type_unset);
                    EXPECT_EQ(plan_status(arguments),
                              fits ? rift_status_success : rift_status_invalid_array_type)
                        << type_name(type) << (in_place ? " in place" : " out of place") << ", array types "
                        << in_type << " -> " << out_type << ": " << rift_get_last_error_message();
                }
}

// Without a description, every real transform plans with its defaults, in place (padded) and out of place.
TEST(RealApi, DefaultLayoutsPlan)
{
    for (rift_transform_type type : kRealTypes)
        for (bool in_place : {false, true})
            for (const Lengths& lengths : {Lengths{1}, Lengths{8}, Lengths{15}, Lengths{6, 5}, Lengths{7, 4, 3}}) {
                PlanArguments arguments = real_arguments(type, lengths, in_place);
                arguments.with_description = false;
                EXPECT_EQ(plan_status(arguments), rift_status_success)
                    << type_name(type) << (in_place ? " in place" : " out of place") << " N0=" << lengths[0]
                    << ": " << rift_get_last_error_message();
            }
}

// In place in 1D, both sides need unit stride and the real side's offset and distance exactly twice the
// hermitian side's: the padded rows, or any layout of rows that matches so. 2D and 3D plans take any two
// layouts (through the work buffer).
TEST(RealApi, InPlaceLayoutsMustBeTheSameRows)
{
    struct Case {
        const char* what;
        Lengths lengths;
        Layout real;
        Layout hermitian;
        rift_status expected;
    };
    // N0 = 8: 5 complex elements a row, 10 reals padded.
    const Case cases[] = {
        {"padded, spelled out", {8}, Layout(0, 1, 10), Layout(0, 1, 5), rift_status_success},
        {"padded with an offset and gaps", {8}, Layout(6, 1, 16), Layout(3, 1, 8), rift_status_success},
        {"padded 2D", {8, 3}, Layout(0, {1, 10}, 30), Layout(0, {1, 5}, 15), rift_status_success},
        {"padded 2D with a longer pitch", {8, 3}, Layout(2, {1, 14}, 44), Layout(1, {1, 7}, 22), rift_status_success},
        {"real side not padded", {8}, Layout(0, 1, 8), Layout(0, 1, 5), rift_status_in_place_layout_mismatch},
        {"real rows not padded, 2D", {8, 3}, Layout(0, {1, 8}, 30), Layout(0, {1, 5}, 15), rift_status_success},
        {"real stride 2", {8}, Layout(0, 2, 20), Layout(0, 1, 10), rift_status_in_place_layout_mismatch},
        {"hermitian stride 2", {8}, Layout(0, 1, 20), Layout(0, 2, 10), rift_status_in_place_layout_mismatch},
        {"both strided", {8}, Layout(0, 2, 20), Layout(0, 2, 10), rift_status_in_place_layout_mismatch},
        {"offsets not twice", {8}, Layout(1, 1, 10), Layout(0, 1, 5), rift_status_in_place_layout_mismatch},
        {"distances not twice", {8}, Layout(0, 1, 12), Layout(0, 1, 5), rift_status_in_place_layout_mismatch},
        {"contiguous real side, 3D", {6, 2, 2}, Layout(0, {1, 6, 12}, 24), Layout(0, {1, 4, 8}, 16),
         rift_status_success},
    };
    for (rift_transform_type type : kRealTypes)
        for (const Case& c : cases)
            EXPECT_EQ(plan_status(real_arguments(type, c.lengths, true, c.real, c.hermitian)), c.expected)
                << type_name(type) << ", " << c.what << ": real " << to_string(c.real) << ", hermitian "
                << to_string(c.hermitian) << ": " << rift_get_last_error_message();
}

TEST(RealApi, ZeroLengthIsInvalid)
{
    for (rift_transform_type type : kRealTypes)
        for (const Lengths& lengths : {Lengths{0}, Lengths{8, 0}, Lengths{0, 8}}) {
            PlanArguments arguments;
            arguments.type = type;
            arguments.lengths = lengths;
            EXPECT_EQ(plan_status(arguments), rift_status_invalid_length)
                << type_name(type) << " with a zero length in " << lengths.size() << "D";
        }
}

TEST(RealApi, PlanPrint)
{
    for (const Lengths& lengths : {Lengths{1000}, Lengths{64, 48}})
        for (bool in_place : {false, true}) {
            PlanArguments arguments = real_arguments(rift_transform_type_real_forward, lengths, in_place);
            arguments.with_description = false;
            PlanHandle plan;
            std::string failure;
            ASSERT_EQ(create_plan(arguments, plan, &failure), rift_status_success) << failure;

            size_t required = 0;
            ASSERT_EQ(rift_plan_get_print(plan.get(), nullptr, 0, &required), rift_status_success)
                << rift_get_last_error_message();
            ASSERT_GT(required, 1u);
            std::string text(required, '\0');
            ASSERT_EQ(rift_plan_get_print(plan.get(), text.data(), text.size(), &required), rift_status_success);
            EXPECT_EQ(std::strlen(text.c_str()) + 1, required) << "required size counts the terminating NUL";
            std::vector<char> small(required - 1, 'x');
            size_t reported = 0;
            EXPECT_EQ(rift_plan_get_print(plan.get(), small.data(), small.size(), &reported),
                      rift_status_buffer_too_small);
            EXPECT_EQ(reported, required);
            EXPECT_EQ(rift_plan_print(plan.get()), rift_status_success);

            size_t work_bytes = 1;
            EXPECT_EQ(rift_plan_get_work_buffer_size(plan.get(), &work_bytes), rift_status_success);
        }
}

ExecutionInfoHandle host_execution_info()
{
    rift_execution_info info = nullptr;
    EXPECT_EQ(rift_execution_info_create(&info), rift_status_success);
    EXPECT_EQ(rift_execution_info_set_executor(info, rift_executor_host), rift_status_success);
    return ExecutionInfoHandle(info);
}

PlanHandle default_plan(rift_transform_type type, size_t length, bool in_place)
{
    PlanArguments arguments = real_arguments(type, {length}, in_place);
    arguments.batch = 1;
    arguments.with_description = false;
    PlanHandle plan;
    std::string failure;
    EXPECT_EQ(create_plan(arguments, plan, &failure), rift_status_success) << failure;
    return plan;
}

// The R2C of an impulse is all ones; the C2R of a spectrum with only a DC element (its imaginary part, which
// must be ignored, nonzero) is that element's real part everywhere.
TEST(RealApi, ImpulseAndConstantOnTheHost)
{
    ExecutionInfoHandle info = host_execution_info();
    PlanHandle forward = default_plan(rift_transform_type_real_forward, 8, false);
    PlanHandle inverse = default_plan(rift_transform_type_real_inverse, 8, false);
    ASSERT_NE(forward.get(), nullptr);
    ASSERT_NE(inverse.get(), nullptr);

    std::vector<float> impulse(8, 0.0f);
    impulse[0] = 1.0f;
    std::vector<std::complex<float>> spectrum(5, {-3.0f, -3.0f});
    void* in_pointers[] = {impulse.data()};
    void* out_pointers[] = {spectrum.data()};
    ASSERT_EQ(rift_execute(forward.get(), in_pointers, out_pointers, info.get()), rift_status_success)
        << rift_get_last_error_message();
    for (size_t k = 0; k < spectrum.size(); ++k) {
        EXPECT_NEAR(spectrum[k].real(), 1.0f, 1e-6f) << "bin " << k;
        EXPECT_NEAR(spectrum[k].imag(), 0.0f, 1e-6f) << "bin " << k;
    }

    std::vector<std::complex<float>> dc_only(5, {0.0f, 0.0f});
    dc_only[0] = {2.0f, 0.75f};
    std::vector<float> constant(8, -3.0f);
    in_pointers[0] = dc_only.data();
    out_pointers[0] = constant.data();
    ASSERT_EQ(rift_execute(inverse.get(), in_pointers, out_pointers, info.get()), rift_status_success)
        << rift_get_last_error_message();
    for (size_t n = 0; n < constant.size(); ++n) EXPECT_NEAR(constant[n], 2.0f, 1e-6f) << "element " << n;
}

// In place, the output array is ignored and may be NULL; out of place, a NULL output is refused.
TEST(RealApi, ExecuteBuffers)
{
    ExecutionInfoHandle info = host_execution_info();
    PlanHandle in_place = default_plan(rift_transform_type_real_forward, 8, true);
    PlanHandle out_of_place = default_plan(rift_transform_type_real_forward, 8, false);
    ASSERT_NE(in_place.get(), nullptr);
    ASSERT_NE(out_of_place.get(), nullptr);

    std::vector<float> padded_row(10, 0.0f); // 8 reals, then room for the fifth complex element
    padded_row[0] = 1.0f;
    void* pointers[] = {padded_row.data()};
    ASSERT_EQ(rift_execute(in_place.get(), pointers, nullptr, info.get()), rift_status_success)
        << rift_get_last_error_message();
    for (size_t i = 0; i < padded_row.size(); ++i)
        EXPECT_NEAR(padded_row[i], i % 2 == 0 ? 1.0f : 0.0f, 1e-6f) << "real " << i;

    void* null_pointers[] = {nullptr};
    EXPECT_EQ(rift_execute(out_of_place.get(), pointers, nullptr, info.get()), rift_status_invalid_buffer);
    EXPECT_EQ(rift_execute(out_of_place.get(), pointers, null_pointers, info.get()), rift_status_invalid_buffer);
    EXPECT_EQ(rift_execute(out_of_place.get(), null_pointers, pointers, info.get()), rift_status_invalid_buffer);
}

} // namespace
} // namespace rift::test
