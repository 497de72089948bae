// The outcomes of the fronts' calls, named once for both fronts: each front maps them onto its own result enum
// (hipfftResult, cufftResult), whose members carry the same meanings.
#pragma once

namespace rift::front {

enum class Status {
    success,
    invalid_plan,    // not a live handle, or a handle in the wrong state (no plan yet, plan already made)
    alloc_failed,    // host or device memory ran out
    invalid_type,    // not a transform type, data type or property of the API
    invalid_value,   // NULL pointer, inconsistent layout, bad direction, buffers the plan cannot run on
    internal_error,  // a failure that is rift's or the front's own fault
    exec_failed,     // the GPU could not run the transform
    setup_failed,    // rift could not be set up (no usable device, runtime error at plan creation)
    invalid_size,    // length, rank, batch or embed outside what the API allows
    no_workspace,    // no auto-allocation and no work area set before an execution that needs one
    not_implemented  // valid, but rift does not do it yet
};

const char* to_string(Status status);

} // namespace rift::front
