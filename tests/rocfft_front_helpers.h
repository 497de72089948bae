// What rift's rocFFT front tests share (rocfft_front_argument_tests.cpp, rocfft_front_execution_tests.cpp): its
// last message, a check that a call is refused with a message, owners of its handles, and shorthands for plans
// and descriptions. In an unnamed namespace, as when the tests were one file: each test file has its own copy,
// apart from rift::test's owners of rift's own handles (tests/handles.h).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "rocfft/rift_rocfft.h"
#include "rocfft/rocfft.h"
#include "tests/reference.h"

namespace rift::test {
namespace {

std::string message() { return rift_rocfft_get_last_error_message(); }

#define EXPECT_REFUSED(call, status)                                                                            \
    do {                                                                                                         \
        EXPECT_EQ((call), (status)) << #call;                                                                    \
        EXPECT_NE(message(), "") << #call << " failed without a message";                                        \
    } while (0)

// Owners of the front's handles, so that a failed assertion in the middle of a test leaks none.
struct PlanDeleter {
    void operator()(rocfft_plan plan) const { EXPECT_EQ(rocfft_plan_destroy(plan), rocfft_status_success); }
};
using Plan = std::unique_ptr<rocfft_plan_t, PlanDeleter>;
struct DescriptionDeleter {
    void operator()(rocfft_plan_description description) const
    {
        EXPECT_EQ(rocfft_plan_description_destroy(description), rocfft_status_success);
    }
};
using Description = std::unique_ptr<rocfft_plan_description_t, DescriptionDeleter>;
struct InfoDeleter {
    void operator()(rocfft_execution_info info) const
    {
        EXPECT_EQ(rocfft_execution_info_destroy(info), rocfft_status_success);
    }
};
using Info = std::unique_ptr<rocfft_execution_info_t, InfoDeleter>;

Description new_description()
{
    rocfft_plan_description made = nullptr;
    EXPECT_EQ(rocfft_plan_description_create(&made), rocfft_status_success) << message();
    return Description(made);
}

Info new_info()
{
    rocfft_execution_info made = nullptr;
    EXPECT_EQ(rocfft_execution_info_create(&made), rocfft_status_success) << message();
    return Info(made);
}

rocfft_status make_plan(Plan& plan, rocfft_result_placement placement, rocfft_transform_type type,
                        rocfft_precision precision, const Lengths& lengths, size_t batch,
                        rocfft_plan_description description = nullptr)
{
    rocfft_plan made = nullptr;
    const rocfft_status status =
        rocfft_plan_create(&made, placement, type, precision, lengths.size(), lengths.data(), batch, description);
    plan.reset(made);
    return status;
}

// A description with both sides' layouts given in full.
Description described(rocfft_array_type in_type, rocfft_array_type out_type, const Layout& in, const Layout& out,
                      double scale = 1.0)
{
    Description description = new_description();
    EXPECT_EQ(rocfft_plan_description_set_data_layout(description.get(), in_type, out_type, &in.offset, &out.offset,
                                                      in.strides.size(), in.strides.data(), in.distance,
                                                      out.strides.size(), out.strides.data(), out.distance),
              rocfft_status_success)
        << message();
    if (scale != 1.0) {
        EXPECT_EQ(rocfft_plan_description_set_scale_factor(description.get(), scale), rocfft_status_success);
    }
    return description;
}

} // namespace
} // namespace rift::test
