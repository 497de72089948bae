// Runs rift transforms end to end and checks them: one routine per job (make the plan, run it on an executor,
// compare with FFTW, look for stray writes), used by the host and the GPU tests alike so both check the same
// things the same way. Only where the buffers live differs between executors.
#pragma once

#include <cstddef>
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

// Creates the plan for `c`, with no plan description when the case uses rift's defaults (so that path is
// tested too) and a description carrying layout and scale otherwise. On failure, `failure` (when given) gets
// describe_failure of the failing call: destroying the description afterwards clears rift's last message.
rift_status create_plan(const TransformCase& c, PlanHandle& plan, std::string* failure = nullptr);

struct CaseOutcome {
    bool checked = false;  // false: refused as not implemented, which the support rules expected
    long double error = 0; // relative L2 error (worst transform of the batch); NaN when an output was missing
    double bar = 0;
    std::string failure;   // empty when the case passed
};

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

} // namespace rift::test
