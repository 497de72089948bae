// Runs rift's real transforms (R2C forward, C2R inverse) end to end and checks them against FFTW in long double,
// on every executor: the counterpart of transform_check.h for real data, sharing its execution, reporting and
// plan creation. Buffers are images of reals; on the hermitian side each complex element is two of them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "rift/rift.h"
#include "tests/handles.h"
#include "tests/reference.h"
#include "tests/transform_check.h"

namespace rift::test {

// The hermitian side's lengths for real data of `lengths`: N0/2 + 1 along the fastest dimension, the rest as is.
Lengths hermitian_lengths(const Lengths& lengths);

// rift's default layouts for real transforms (no plan description): the hermitian side contiguous over
// hermitian_lengths, in complex elements; the real side contiguous over the lengths out of place, in reals.
Layout hermitian_contiguous(const Lengths& lengths);
// The real side's default in place, in reals: rows of 2(N0/2 + 1) reals (strides 1, 2(N0/2+1), 2(N0/2+1)N1), so
// each row of the spectrum fits over its row of data.
Layout real_padded(const Lengths& lengths);

// Which real shapes rift must support now: every length 13-smooth (else refused), and the fastest length within
// one block: up to 8192 single / 4096 double in 1D, 4096 for 2D and 3D. Longer ones are optional.
Support expected_real_support(const Lengths& lengths, rift_precision precision);

// One batched real transform of 1 to 3 dimensions and its two layouts.
struct RealCase {
    Lengths lengths{1}; // of the real data, fastest dimension first
    size_t batch = 1;
    rift_precision precision = rift_precision_single;
    bool inverse = false; // C2R (hermitian input, real output); R2C when false
    bool in_place = false;
    Layout real;      // counted in reals, over `lengths`
    Layout hermitian; // counted in complex elements, over hermitian_lengths(lengths)
    double scale = 1.0;
    // A 2D/3D C2R whose plan stages the spectrum in the work buffer promises to leave its input unchanged too.
    bool input_kept = false;

    // rift's defaults, out of place (contiguous sides) or in place (padded real side).
    static RealCase out_of_place(Lengths lengths, size_t batch, rift_precision precision, bool inverse);
    static RealCase in_place_padded(Lengths lengths, size_t batch, rift_precision precision, bool inverse);
    size_t dimensions() const { return lengths.size(); }
    size_t elements() const { return element_count(lengths); } // reals of one transform
    // The layouts rift uses without a plan description, and no scale: such cases are planned without one.
    bool has_default_layout() const;
    std::string name() const;
};

// Creates the plan for `c`: no plan description when it uses the defaults, otherwise one with explicit array
// types (real, hermitian interleaved), both layouts and the scale. `failure` as for create_plan.
rift_status create_real_plan(const RealCase& c, PlanHandle& plan, std::string* failure = nullptr);

// Transforms random input with rift on `executor` and compares with FFTW in long double. R2C reads uniform reals
// in [-1, 1); C2R reads a hermitian spectrum (the R2C of such reals, rounded to the precision), and in 1D also
// nonzero imaginary parts in the elements that must be real, which it must ignore. Besides the error, the check
// sees that nothing outside the layouts was written, and that R2C and 1D C2R left their input unchanged, bit for
// bit (2D and 3D C2R may overwrite theirs, unless input_kept). Shapes rift must refuse or may refuse are judged by
// expected_real_support.
CaseOutcome check_real_transform(Executor executor, const RealCase& c);

// Runs `forward` (an R2C case, unscaled), then the C2R with the same layouts and placement scaled by 1/N (N the
// reals of one transform) on its output, and compares the result with the original input.
CaseOutcome check_real_round_trip(Executor executor, const RealCase& forward);

enum class RealCheck {
    transform, // check_real_transform
    round_trip // check_real_round_trip
};

// check_cases for real transforms: checks every case, reports failures and the worst error per precision.
void check_real_cases(Executor executor, const std::vector<RealCase>& cases,
                      RealCheck check = RealCheck::transform);

} // namespace rift::test
