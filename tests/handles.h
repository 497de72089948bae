// Owning wrappers for rift's handles, so a failed assertion in the middle of a test cannot leak one.
#pragma once

#include <memory>
#include <type_traits>

#include "rift/rift.h"

namespace rift::test {

struct PlanDeleter {
    void operator()(rift_plan plan) const { rift_plan_destroy(plan); }
};
using PlanHandle = std::unique_ptr<std::remove_pointer_t<rift_plan>, PlanDeleter>;

struct DescriptionDeleter {
    void operator()(rift_plan_description description) const { rift_plan_description_destroy(description); }
};
using DescriptionHandle = std::unique_ptr<std::remove_pointer_t<rift_plan_description>, DescriptionDeleter>;

struct ExecutionInfoDeleter {
    void operator()(rift_execution_info info) const { rift_execution_info_destroy(info); }
};
using ExecutionInfoHandle = std::unique_ptr<std::remove_pointer_t<rift_execution_info>, ExecutionInfoDeleter>;

struct ConvolutionDeleter {
    void operator()(rift_convolution convolution) const { rift_convolution_destroy(convolution); }
};
using ConvolutionHandle = std::unique_ptr<std::remove_pointer_t<rift_convolution>, ConvolutionDeleter>;

} // namespace rift::test
