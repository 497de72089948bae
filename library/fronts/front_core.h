// The one implementation behind rift's hipFFT and cuFFT fronts: a table of handles (integers, as cuFFT's) and
// the calls on them, written against rift's public API only. The fronts translate their names, enums and
// handle types to these and the Status back; everything else (argument checks, layouts, plans, work areas,
// execution) happens here, once.
//
// A handle's plan is a set of rift plans made at hipfftMakePlan* time, because cuFFT's API decides two things
// only at execution: the direction of a complex transform and whether it runs in place (input == output). A
// complex handle holds forward and inverse plans for each placement, a real one its own direction's; a
// placement rift refuses for its layout (say, in place with different input and output strides) is left out,
// and executing that way is refused with the reason. The work size reported is the largest of the plans'.
#pragma once

#include <cstddef>
#include <string>

#include "library/fronts/front_status.h"
#include "library/fronts/layout_translation.h"

namespace rift::front {

using HandleId = int;

// The direction an execution asks for; `implied` for the calls whose transform type fixes it (R2C, C2R), and
// `invalid` for a value that is neither forward nor inverse.
enum class Direction { forward, inverse, implied, invalid };

// The element types the Xt calls name (hipDataType, cudaDataType), as far as a transform can use them.
enum class DataType {
    real_half,
    complex_half,
    real_bfloat16,
    complex_bfloat16,
    real_single,
    complex_single,
    real_double,
    complex_double,
    other // any other value of the enum
};

// The transform an Xt plan's input, output and execution types describe: real input with complex output
// (R2C), complex input with real output (C2R) or complex both (C2C), all three of one precision and the
// execution type complex. Unknown types: invalid_type; inconsistent ones: invalid_value; half and bfloat16:
// not_implemented.
Status transform_type_from_data_types(DataType input, DataType output, DataType execution, TransformType& type);

// "C2C", "Z2D", ...: the names both APIs give the transform types.
const char* type_name(TransformType type);

Status create(HandleId* handle);
// cuFFT's hipfftPlan*: create, then make; on failure no handle is left and *handle is not written.
Status create_and_make_plan(HandleId* handle, const ManyRequest& request);
Status destroy(HandleId handle);
// Before make_plan only.
Status set_scale_factor(HandleId handle, double scale);
// Once per handle. work_size may be NULL.
Status make_plan(HandleId handle, const ManyRequest& request, size_t* work_size);
// The work size a plan of `request` would report, made and destroyed on the side (the handle is only checked).
Status get_size_for(HandleId handle, const ManyRequest& request, size_t* work_size);
Status estimate(const ManyRequest& request, size_t* work_size);
// The handle's own plan's work size.
Status get_size(HandleId handle, size_t* work_size);
// Takes effect at make_plan: without auto-allocation, executions need a work area set with set_work_area
// whenever the plan needs one (no_workspace otherwise).
Status set_auto_allocation(HandleId handle, bool auto_allocate);
// Device memory of at least the work size for the handle's executions; NULL goes back to none.
Status set_work_area(HandleId handle, void* work_area);
Status set_stream(HandleId handle, void* stream);
// Runs the plan on input and output (equal pointers: in place). `expected` is the type the calling exec
// function is for (invalid_plan when the plan is another); NULL for hipfftXtExec/cufftXtExec, which run any.
// The direction counts for complex plans only.
Status execute(HandleId handle, const TransformType* expected, void* input, void* output, Direction direction);

// For the calls the fronts declare but rift cannot do yet: records "<what> is not implemented" and says so.
Status not_implemented(const char* what);
// For the checks a front makes itself (its own enums, its version calls): records the message, returns status.
Status refuse(Status status, const std::string& message);
// A front call that succeeded without the core: clears this thread's message.
Status succeed();

// Why this thread's most recent failing front call failed; "" after a call that succeeded.
const char* last_error_message();

} // namespace rift::front
