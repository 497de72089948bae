// Real-to-real transforms (DCT-I..IV, DST-I..IV) against FFTW's r2r in long double on every executor
// (Host/RealToRealTransforms.* and Gpu/RealToRealTransforms.*): every kind over 1D lengths, 2D and 3D shapes,
// strided and offset layouts, in place, batches, scale, single and double; and the refusals.
#include <gtest/gtest.h>

#include <fftw3.h>

#include <cstring>
#include <string>
#include <vector>

#include "tests/executor_fixture.h"

namespace rift::test {
namespace {

struct Kind {
    rift_transform_type type;
    int fftw; // fftw_r2r_kind
    const char* name;
};

const Kind kKinds[] = {
    {rift_transform_type_dct1, FFTW_REDFT00, "DCT-I"},  {rift_transform_type_dct2, FFTW_REDFT10, "DCT-II"},
    {rift_transform_type_dct3, FFTW_REDFT01, "DCT-III"}, {rift_transform_type_dct4, FFTW_REDFT11, "DCT-IV"},
    {rift_transform_type_dst1, FFTW_RODFT00, "DST-I"},  {rift_transform_type_dst2, FFTW_RODFT10, "DST-II"},
    {rift_transform_type_dst3, FFTW_RODFT01, "DST-III"}, {rift_transform_type_dst4, FFTW_RODFT11, "DST-IV"},
};

const rift_precision kPrecisions[] = {rift_precision_single, rift_precision_double};

struct RealToRealCase {
    Kind kind;
    Lengths lengths{1};
    size_t batch = 1;
    rift_precision precision = rift_precision_single;
    bool in_place = false;
    Layout in;  // in reals
    Layout out; // in reals
    double scale = 1.0;

    static RealToRealCase contiguous_case(const Kind& kind, Lengths lengths, size_t batch, rift_precision precision)
    {
        RealToRealCase c;
        c.kind = kind;
        c.lengths = std::move(lengths);
        c.batch = batch;
        c.precision = precision;
        c.in = c.out = contiguous(c.lengths);
        return c;
    }
    bool has_default_layout() const
    {
        return in == contiguous(lengths) && out == contiguous(lengths) && scale == 1.0;
    }
    std::string name() const
    {
        std::string text = std::string(kind.name) + " " + (precision == rift_precision_double ? "double" : "single");
        for (size_t d = 0; d < lengths.size(); ++d) text += (d ? "x" : " ") + std::to_string(lengths[d]);
        text += " batch " + std::to_string(batch) + (in_place ? " in place" : "");
        if (!has_default_layout())
            text += " in " + to_string(in) + " out " + to_string(out) + " scale " + std::to_string(scale);
        return text;
    }
};

// The complex DFT each dimension runs (kernels/real_to_real.h): DCT-I and DST-I half their extensions' real DFTs,
// the others half the length where it is even.
size_t dft_length(const Kind& kind, size_t n)
{
    switch (kind.type) {
    case rift_transform_type_dct1: return n - 1;
    case rift_transform_type_dst1: return n + 1;
    default: return n % 2 == 0 ? n / 2 : n;
    }
}

// Every 1D transform is required: its DFT runs in the transform's one kernel or, with a prime factor no radix
// takes or beyond one block, as a plan of its own between the maps. A multi-dimensional one may be refused where
// a dimension's DFT would need the work buffer that the 2D/3D plan keeps its data in.
Support expected_real_to_real_support(const RealToRealCase& c)
{
    if (c.lengths.size() == 1) return Support::required;
    for (size_t n : c.lengths) {
        const size_t length = dft_length(c.kind, n);
        if (length > 8192 || has_large_prime_factor(length)) return Support::optional;
    }
    return Support::required;
}

PlanArguments plan_arguments(const RealToRealCase& c)
{
    PlanArguments arguments;
    arguments.type = c.kind.type;
    arguments.precision = c.precision;
    arguments.lengths = c.lengths;
    arguments.batch = c.batch;
    arguments.in_place = c.in_place;
    arguments.with_description = !c.has_default_layout();
    arguments.in_type = arguments.out_type = rift_array_type_real;
    arguments.in = c.in;
    arguments.out = c.out;
    arguments.scale = c.scale;
    return arguments;
}

template <class Real>
CaseOutcome check_typed(Executor executor, const RealToRealCase& c, rift_plan plan)
{
    const size_t in_elements = c.in.buffer_elements(c.lengths, c.batch);
    const size_t out_elements = c.out.buffer_elements(c.lengths, c.batch);
    const std::vector<bool> in_mask = layout_mask(in_elements, c.in, c.lengths, c.batch);
    std::vector<Real> input(in_elements);
    fill_sentinels(input, in_mask);
    fill_random(input, c.in, c.lengths, c.batch, case_seed(c.name()));
    // The reference reads the very values rift reads, already rounded to the working precision.
    std::vector<long double> expected;
    reference_r2r(widen(input), c.in, expected, c.out, c.lengths, c.batch, c.kind.fftw);
    for (long double& value : expected) value *= static_cast<long double>(c.scale);

    CaseOutcome outcome;
    std::string problems, work_problems, error;
    std::vector<Real> output;
    if (c.in_place) {
        std::vector<bool> mask = in_mask;
        for (size_t i = input.size(); i < out_elements; ++i) input.push_back(sentinel<Real>(i));
        mask.resize(input.size(), false);
        const std::vector<bool> out_mask = layout_mask(input.size(), c.out, c.lengths, c.batch);
        for (size_t i = 0; i < mask.size(); ++i) mask[i] = mask[i] || out_mask[i];
        error = execute_plan(executor, plan, input.data(), byte_size(input), nullptr, 0, false, work_problems);
        output = std::move(input);
        if (error.empty()) problems += stray_writes("in-place", output, mask);
    } else {
        const std::vector<Real> original = input;
        output.resize(out_elements);
        const std::vector<bool> out_mask = layout_mask(out_elements, c.out, c.lengths, c.batch);
        fill_sentinels(output, out_mask);
        poison(output, out_mask);
        error = execute_plan(executor, plan, input.data(), byte_size(input), output.data(), byte_size(output), false,
                             work_problems);
        if (error.empty()) {
            problems += stray_writes("output", output, out_mask);
            if (std::memcmp(original.data(), input.data(), byte_size(input)) != 0)
                problems += "changed its input (out of place, it must not); ";
        }
    }
    problems += work_problems + error;
    if (!error.empty()) {
        outcome.failure = problems;
        return outcome;
    }
    return finish_outcome(outcome, relative_error(output, expected, c.out, c.lengths, c.batch),
                          error_bar(c.precision, c.lengths), problems);
}

CaseOutcome check_case(Executor executor, const RealToRealCase& c)
{
    CaseOutcome outcome;
    PlanHandle plan;
    std::string failure;
    const rift_status status = create_plan(plan_arguments(c), plan, &failure);
    if (!planned_as_expected(status, failure, expected_real_to_real_support(c), outcome)) return outcome;
    return c.precision == rift_precision_double ? check_typed<double>(executor, c, plan.get())
                                                : check_typed<float>(executor, c, plan.get());
}

void check_cases(Executor executor, const std::vector<RealToRealCase>& cases)
{
    create_plans_side_by_side(executor, cases.size(), [&](size_t index, PlanHandle& plan) {
        create_plan(plan_arguments(cases[index]), plan);
    });
    std::vector<NamedOutcome> outcomes;
    for (const RealToRealCase& c : cases) outcomes.push_back({c.name(), c.precision, check_case(executor, c)});
    report_outcomes(executor, "real-to-real", outcomes);
}

bool valid_length(const Kind& kind, size_t length) { return kind.type != rift_transform_type_dct1 || length >= 2; }

class RealToRealTransforms : public ExecutorTest {};

// Every kind, each length to 64 (every DFT length form: N/2, N, 2N, N - 1, N + 1), and longer ones whose DFTs
// take kernels of their own or the runtime-radix kernel, up to the longest that fit one block.
TEST_P(RealToRealTransforms, EveryKindOver1DLengths)
{
    std::vector<size_t> lengths;
    for (size_t n = 1; n <= 64; ++n) lengths.push_back(n);
    for (size_t n : {97, 100, 128, 243, 256, 360, 500, 512, 625, 1000, 1024, 1536, 2048, 4095, 4096, 8192, 10000,
                   16384})
        lengths.push_back(n);
    std::vector<RealToRealCase> cases;
    for (const Kind& kind : kKinds)
        for (rift_precision precision : kPrecisions)
            for (size_t n : lengths)
                if (valid_length(kind, n)) cases.push_back(RealToRealCase::contiguous_case(kind, {n}, 2, precision));
    check_cases(executor(), cases);
}

// DFTs that are plans of their own: prime factors no radix takes (Rader's and Bluestein's algorithms), lengths
// beyond one block (row/column plans), batched, strided and in place.
TEST_P(RealToRealTransforms, LengthsWhoseDftIsAPlanOfItsOwn)
{
    std::vector<RealToRealCase> cases;
    for (const Kind& kind : kKinds)
        for (rift_precision precision : kPrecisions) {
            for (size_t n : {37, 73, 74, 101, 202, 1009, 4099, 8198, 40002})
                cases.push_back(RealToRealCase::contiguous_case(kind, {n}, 3, precision));
            // 268 and 292: the DFTs of every kind have a prime factor above 61 (67, 73 and 89 to 293).
            RealToRealCase strided = RealToRealCase::contiguous_case(kind, {268}, 3, precision);
            strided.in = Layout(3, 2, 2 * 268 + 5);
            strided.out = Layout(1, 3, 3 * 268 + 2);
            strided.scale = 0.5;
            cases.push_back(strided);
            RealToRealCase in_place = RealToRealCase::contiguous_case(kind, {292}, 2, precision);
            in_place.in_place = true;
            cases.push_back(in_place);
            // Odd, its DFT (89 a factor of 267) in steps, two transforms a DFT but the last, strided apart.
            RealToRealCase odd_strided = RealToRealCase::contiguous_case(kind, {267}, 3, precision);
            odd_strided.in = Layout(1, 2, 2 * 267 + 3);
            odd_strided.out = Layout(2, 1, 267 + 4);
            cases.push_back(odd_strided);
        }
    for (const Kind& kind : kKinds)
        cases.push_back(RealToRealCase::contiguous_case(kind, {100000}, 2, rift_precision_single));
    check_cases(executor(), cases);
}

// 2D and 3D: every kind along every dimension, odd and even sides, a side of 2 (DCT-I's shortest).
TEST_P(RealToRealTransforms, MultiDimensional)
{
    const Lengths shapes[] = {{6, 5}, {5, 6}, {16, 9}, {64, 64}, {2, 7}, {7, 5, 3}, {8, 6, 4}, {20, 20, 20}};
    std::vector<RealToRealCase> cases;
    for (const Kind& kind : kKinds)
        for (rift_precision precision : kPrecisions)
            for (const Lengths& shape : shapes)
                cases.push_back(RealToRealCase::contiguous_case(kind, shape, 2, precision));
    check_cases(executor(), cases);
}

// Strides, offsets and distances on either side (unit-stride rows at odd offsets too, whose reordered inputs
// kernels compiled for them read where they lie; 32, whose DCT-III inputs are copied in quads where they start on
// one), in place (1D and 2D), a scale, interleaved batches.
TEST_P(RealToRealTransforms, LayoutsInPlaceAndScale)
{
    std::vector<RealToRealCase> cases;
    for (const Kind& kind : kKinds)
        for (rift_precision precision : kPrecisions)
            for (size_t n : {12, 31, 32, 100}) {
                RealToRealCase strided = RealToRealCase::contiguous_case(kind, {n}, 3, precision);
                strided.in = Layout(3, 2, 2 * n + 5);
                strided.out = Layout(1, 3, 3 * n + 2);
                cases.push_back(strided);
                RealToRealCase offset_rows = RealToRealCase::contiguous_case(kind, {n}, 3, precision);
                offset_rows.in = Layout(1, 1, n + 3);
                offset_rows.out = Layout(3, 1, n + 1);
                cases.push_back(offset_rows);
                RealToRealCase apart_inputs = RealToRealCase::contiguous_case(kind, {n}, 3, precision);
                apart_inputs.in = Layout(0, 1, n + 4); // output rows staged, the input read where it lies
                cases.push_back(apart_inputs);
                RealToRealCase in_place = RealToRealCase::contiguous_case(kind, {n}, 3, precision);
                in_place.in_place = true;
                cases.push_back(in_place);
                RealToRealCase scaled = RealToRealCase::contiguous_case(kind, {n}, 2, precision);
                scaled.scale = 1.0 / double(n);
                cases.push_back(scaled);
                RealToRealCase batches = RealToRealCase::contiguous_case(kind, {n}, 4, precision);
                batches.in = batches.out = interleaved({n}, 4);
                cases.push_back(batches);
                RealToRealCase plane = RealToRealCase::contiguous_case(kind, {n, 6}, 2, precision);
                plane.in_place = true;
                cases.push_back(plane);
            }
    check_cases(executor(), cases);
}

RIFT_INSTANTIATE_ON_EVERY_EXECUTOR(RealToRealTransforms);

rift_status plan_status(rift_transform_type type, Lengths lengths, rift_array_type in_type = rift_array_type_unset)
{
    PlanArguments arguments;
    arguments.type = type;
    arguments.lengths = lengths;
    arguments.with_description = in_type != rift_array_type_unset;
    arguments.in_type = in_type;
    arguments.in = arguments.out = contiguous(lengths);
    PlanHandle plan;
    return create_plan(arguments, plan);
}

TEST(RealToRealApi, Refusals)
{
    EXPECT_EQ(plan_status(rift_transform_type_dct1, {1}), rift_status_invalid_length) << rift_get_last_error_message();
    EXPECT_EQ(plan_status(rift_transform_type_dct1, {8, 1}), rift_status_invalid_length);
    EXPECT_EQ(plan_status(rift_transform_type_dst1, {1}), rift_status_success) << rift_get_last_error_message();
    EXPECT_EQ(plan_status(rift_transform_type_dct2, {64}, rift_array_type_complex_interleaved),
              rift_status_invalid_array_type);
    EXPECT_EQ(plan_status(rift_transform_type_dct2, {64}, rift_array_type_hermitian_interleaved),
              rift_status_invalid_array_type);
    // Beyond 2^28 reals (the rotations' order 8N in 32 bits): a clear refusal, never a wrong answer.
    EXPECT_EQ(plan_status(rift_transform_type_dct2, {(size_t(1) << 28) + 2}), rift_status_not_implemented);
    EXPECT_NE(std::string(rift_get_last_error_message()).find("real-to-real"), std::string::npos)
        << rift_get_last_error_message();
    EXPECT_EQ(plan_status(rift_transform_type(int(rift_transform_type_dst4) + 1), {64}),
              rift_status_invalid_array_type);
}

} // namespace
} // namespace rift::test
