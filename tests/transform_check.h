// Runs rift transforms end to end and checks them: one routine per job (make the plan, run it on an executor,
// compare with FFTW, look for stray writes), used by the host and the GPU tests alike so both check the same
// things the same way. Only where the buffers live differs between executors.
#pragma once

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "rift/rift.h"
#include "tests/handles.h"
#include "tests/reference.h"

namespace rift::test {

enum class Executor {
    host,      // rift_executor_host on host buffers
    gpu,       // the default executor (the GPU) on the default stream, device buffers
    gpu_stream // rift_executor_gpu named explicitly, on a stream the test creates
};
const char* to_string(Executor executor);
bool on_gpu(Executor executor);
// How gtest prints an Executor test parameter.
inline void PrintTo(Executor executor, std::ostream* out) { *out << to_string(executor); }

// One batched complex transform of 1 to 3 dimensions and the layouts it reads and writes.
struct TransformCase {
    Lengths lengths{1}; // fastest dimension first, as rift_plan_create takes them
    size_t batch = 1;
    rift_precision precision = rift_precision_single;
    bool inverse = false;
    bool in_place = false;
    Layout in;  // one stride per dimension
    Layout out;
    double scale = 1.0;
    // Run with a work buffer of the test's own (host memory for the host executor, device memory on the GPU)
    // of exactly rift_plan_get_work_buffer_size bytes, set with rift_execution_info_set_work_buffer, instead of
    // the plan's own; the check also sees that rift wrote into it and not past its end.
    bool user_work_buffer = false;
    // The plan is made with rift_work_buffer_owner_caller: it allocates no work buffer of its own.
    bool caller_owns_work_buffer = false;

    // Contiguous, out of place, unscaled: the layout rift uses without a plan description.
    static TransformCase contiguous(size_t length, size_t batch, rift_precision precision, bool inverse);
    static TransformCase contiguous(Lengths lengths, size_t batch, rift_precision precision, bool inverse);
    size_t dimensions() const { return lengths.size(); }
    size_t elements() const { return element_count(lengths); } // of one transform
    bool has_default_layout() const;
    std::string name() const;
};

// "rift_status_x: <last error message>" for failure messages; call it right after the failing call.
std::string describe_failure(rift_status status);
// The plan's print (rift_plan_get_print); a test failure and "" when it cannot be had.
std::string plan_print(rift_plan plan);

// Everything rift_plan_create and a plan description take, for any transform type.
struct PlanArguments {
    rift_transform_type type = rift_transform_type_complex_forward;
    rift_precision precision = rift_precision_single;
    Lengths lengths{1};
    size_t batch = 1;
    bool in_place = false;
    bool with_description = false; // false: no description, so rift's defaults (the fields below are unused)
    rift_array_type in_type = rift_array_type_unset;
    rift_array_type out_type = rift_array_type_unset;
    Layout in;
    Layout out;
    double scale = 1.0;
    rift_work_buffer_owner work_buffer_owner = rift_work_buffer_owner_plan;
};

// Creates a plan from `arguments`. On failure, `failure` (when given) gets describe_failure of the failing call:
// destroying the description afterwards clears rift's last message.
rift_status create_plan(const PlanArguments& arguments, PlanHandle& plan, std::string* failure = nullptr);

// rift_plan_estimate_work_buffer_size for `arguments`, with `failure` as create_plan gives it.
rift_status estimate_work_buffer_size(const PlanArguments& arguments, size_t& size_in_bytes,
                                      std::string* failure = nullptr);

// Empty when rift_plan_estimate_work_buffer_size for `arguments` gives `plan`'s work buffer size (the plan made
// from them), otherwise what went wrong.
std::string work_buffer_estimate_problems(const PlanArguments& arguments, rift_plan plan);

// The arguments of `c`'s plan: no plan description when the case uses rift's defaults (so that path is tested
// too), a description carrying layout, scale and work buffer owner otherwise.
PlanArguments plan_arguments(const TransformCase& c);
rift_status create_plan(const TransformCase& c, PlanHandle& plan, std::string* failure = nullptr);

template <class Value>
size_t byte_size(const std::vector<Value>& buffer)
{
    return buffer.size() * sizeof(Value);
}

// Runs `plan` on host images of its buffers, `in_bytes` and `out_bytes` long: directly for the host executor,
// through device copies of the whole images (poison and sentinels included) for the GPU, copied back after the
// run. `out` is null for in-place plans, which the API lets callers signal with a null output array. With
// `user_work_buffer`, the execution gets a work buffer of the test's own (when the plan needs one); what rift
// did with it is appended to `work_problems`. Returns "" or what went wrong.
std::string execute_plan(Executor executor, rift_plan plan, void* in, size_t in_bytes, void* out, size_t out_bytes,
                         bool user_work_buffer, std::string& work_problems);

struct CaseOutcome {
    bool checked = false;  // false: refused as not implemented, which the support rules expected
    long double error = 0; // relative L2 error (worst transform of the batch); NaN when an output was missing
    double bar = 0;
    std::string failure;   // empty when the case passed
};

// Whether a case whose rift_plan_create returned `status` (`failure` describing the failing call) goes on to
// run: yes when it planned and `support` allows that. Otherwise `outcome` gets the failure, or stays clean for a
// not-implemented refusal the support rules allow.
bool planned_as_expected(rift_status status, const std::string& failure, Support support, CaseOutcome& outcome);

// The outcome of a case that ran: checked, with its error and bar, failed when the error is above the bar (or
// NaN) or `problems` (stray writes and the like) is not empty.
CaseOutcome finish_outcome(CaseOutcome outcome, long double error, double bar, const std::string& problems);

// Transforms random input with rift on `executor` and compares with FFTW in long double; shapes rift does not
// support must be refused with rift_status_not_implemented.
CaseOutcome check_transform(Executor executor, const TransformCase& c);

// The same with a plan made for `c` beforehand, so one plan can be checked over several runs; the random input
// is drawn from case_seed(seed_name).
CaseOutcome check_with_plan(Executor executor, const TransformCase& c, rift_plan plan, const std::string& seed_name);

// Runs `forward` (unscaled), then the inverse transform scaled by 1/N (N the elements of one transform) from its
// output layout back to its input layout, and compares the result with the original input.
CaseOutcome check_round_trip(Executor executor, const TransformCase& forward);

// Worst measured errors, per executor and precision, over the whole run: printed at the end, since the
// accuracy claims quote measured numbers.
void print_accuracy_summary();

enum class Check {
    transform, // check_transform
    round_trip // check_round_trip
};

// Checks every case, reports failures compactly as gtest failures (the first few in full, then the failing
// cases' count and names), and records and prints the worst error per precision.
void check_cases(Executor executor, const std::vector<TransformCase>& cases, Check check = Check::transform);

// Creates (and drops) every case's plans on several threads before the cases run one by one, so kernels
// compiled at run time are compiled side by side rather than one after another; on the host executor, and for
// a handful of cases, it does nothing. `create(index, plan)` creates case `index`'s plans.
void create_plans_side_by_side(Executor executor, size_t count,
                               const std::function<void(size_t index, PlanHandle& plan)>& create);

// One case's outcome, with what report_outcomes needs of the case.
struct NamedOutcome {
    std::string name;
    rift_precision precision;
    CaseOutcome outcome;
};

// What check_cases does with its outcomes, for any kind of case: failures as gtest failures, the worst error
// per precision printed and recorded under `check_name` ("transform", "real round trip", ...) for
// print_accuracy_summary.
void report_outcomes(Executor executor, const std::string& check_name, const std::vector<NamedOutcome>& outcomes);

} // namespace rift::test
