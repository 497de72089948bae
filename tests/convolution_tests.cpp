// Fast convolution and correlation (rift_convolution_*) against direct sums on the host in long double, on every
// executor: all four types, both precisions, one segment and many (short segments forced through the internal
// planner), batches with gaps between outputs, circular filters longer than the period, whole-period circular
// plans; outputs poisoned before each run, the gaps between them and the input checked untouched. Then the
// API's refusals, host only.
#include <gtest/gtest.h>

#include <complex>
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

#include "library/exec/executors.h"
#include "library/apps/convolution_plan.h"
#include "rift/rift.h"
#include "tests/executor_fixture.h"
#include "tests/gpu.h"
#include "tests/handles.h"
#include "tests/reference.h"
#include "tests/transform_check.h"

namespace rift::test {
namespace {

struct ConvolutionCase {
    rift_convolution_type type = rift_convolution_linear;
    rift_precision precision = rift_precision_single;
    size_t signal_length = 0;
    size_t filter_length = 0;
    size_t batch = 1;
    size_t input_gap = 0;  // elements between one signal's end and the next one's start
    size_t output_gap = 0; // the same between outputs
    size_t segment_length = 0; // 0: rift's choice through the public API; else forced (internal planner)

    bool circular() const { return type == rift_convolution_circular || type == rift_correlation_circular; }
    bool correlation() const { return type == rift_correlation_linear || type == rift_correlation_circular; }
    size_t output_length() const { return circular() ? signal_length : signal_length + filter_length - 1; }
    std::string name() const
    {
        static const char* names[] = {"conv-linear", "conv-circular", "corr-linear", "corr-circular"};
        return std::string(names[type]) + (precision == rift_precision_single ? "-single" : "-double") + "-L" +
               std::to_string(signal_length) + "-K" + std::to_string(filter_length) + "-b" + std::to_string(batch) +
               (input_gap + output_gap != 0 ? "-gaps" : "") +
               (segment_length != 0 ? "-M" + std::to_string(segment_length) : "");
    }
};

// a b and conj(a) b without std::complex's NaN-recovering multiply, which makes the long sums several times slower.
ReferenceComplex times(const ReferenceComplex& a, const ReferenceComplex& b)
{
    return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}
ReferenceComplex conj_times(const ReferenceComplex& a, const ReferenceComplex& b)
{
    return {a.real() * b.real() + a.imag() * b.imag(), a.real() * b.imag() - a.imag() * b.real()};
}

// The definitions in rift.h, summed directly.
std::vector<ReferenceComplex> direct_convolution(const ConvolutionCase& c, const std::vector<ReferenceComplex>& x,
                                                 const std::vector<ReferenceComplex>& h)
{
    const long long L = (long long)c.signal_length, K = (long long)c.filter_length;
    const auto wrap = [L](long long n) { return ((n % L) + L) % L; };
    std::vector<ReferenceComplex> y(c.output_length());
    for (long long n = 0; n < (long long)y.size(); ++n) {
        ReferenceComplex sum = 0;
        for (long long k = 0; k < K; ++k) {
            if (c.correlation()) {
                const long long i = c.circular() ? wrap(n + k) : n - (K - 1) + k;
                if (i >= 0 && i < L) sum += conj_times(h[k], x[i]);
            } else {
                const long long i = c.circular() ? wrap(n - k) : n - k;
                if (i >= 0 && i < L) sum += times(h[k], x[i]);
            }
        }
        y[n] = sum;
    }
    return y;
}

// Runs the case on `executor` over host images of the buffers; "" or what went wrong. `segment_length` gets the
// length the plan chose.
template <class Real>
std::string run_case(Executor executor, const ConvolutionCase& c, const std::vector<std::complex<Real>>& filter,
                     const std::vector<std::complex<Real>>& input, std::vector<std::complex<Real>>& output,
                     size_t& segment_length)
{
    const size_t in_distance = c.signal_length + c.input_gap, out_distance = c.output_length() + c.output_gap;
    std::unique_ptr<ConvolutionPlan> plan;
    ConvolutionHandle handle;
    if (c.segment_length != 0) {
        ConvolutionProblem problem;
        rift_status status = make_convolution_problem(c.type, c.precision, c.signal_length, c.filter_length,
                                                      filter.data(), c.batch, in_distance, out_distance, problem);
        if (status == rift_status_success) status = ConvolutionPlan::create(problem, plan, c.segment_length);
        if (status != rift_status_success) return "planning failed: " + describe_failure(status);
    } else {
        rift_convolution made = nullptr;
        const rift_status status = rift_convolution_create(&made, c.type, c.precision, c.signal_length,
                                                           c.filter_length, filter.data(), c.batch, in_distance,
                                                           out_distance);
        if (status != rift_status_success) return "rift_convolution_create: " + describe_failure(status);
        handle.reset(made);
    }
    const std::string print = plan ? plan->print() : [&] {
        char text[4096];
        size_t size = 0;
        return rift_convolution_get_print(handle.get(), text, sizeof text, &size) == rift_status_success
                   ? std::string(text)
                   : std::string();
    }();
    std::smatch match;
    if (!std::regex_search(print, match, std::regex(" segment ([0-9]+) "))) return "no segment in print: " + print;
    segment_length = std::stoul(match[1]);

    const auto execute = [&](const void* in, void* out) -> rift_status {
        if (plan) {
            const ExecutionBuffers buffers{const_cast<void*>(in), out, nullptr};
            return on_gpu(executor) ? execute_on_gpu(plan->chain(), buffers, nullptr, plan->device())
                                    : execute_on_host(plan->chain(), buffers);
        }
        rift_execution_info info = nullptr;
        rift_execution_info_create(&info);
        const ExecutionInfoHandle owned(info);
        rift_execution_info_set_executor(info, on_gpu(executor) ? rift_executor_gpu : rift_executor_host);
        return rift_convolution_execute(handle.get(), in, out, info);
    };
    const size_t in_bytes = input.size() * sizeof(input[0]), out_bytes = output.size() * sizeof(output[0]);
    if (!on_gpu(executor)) {
        const rift_status status = execute(input.data(), output.data());
        return status == rift_status_success ? "" : "execution: " + describe_failure(status);
    }
    DeviceMemory device_in, device_out;
    std::string problem = device_in.allocate(in_bytes);
    if (problem.empty()) problem = device_in.upload(input.data(), in_bytes);
    if (problem.empty()) problem = device_out.allocate(out_bytes);
    if (problem.empty()) problem = device_out.upload(output.data(), out_bytes);
    if (!problem.empty()) return problem;
    const rift_status status = execute(device_in.get(), device_out.get());
    if (status != rift_status_success) return "execution: " + describe_failure(status);
    problem = synchronize_device();
    if (problem.empty()) problem = device_out.download(output.data(), out_bytes);
    return problem;
}

template <class Real>
CaseOutcome check_convolution(Executor executor, const ConvolutionCase& c)
{
    using Value = std::complex<Real>;
    const uint64_t seed = case_seed(c.name());
    const Layout in_layout(0, 1, c.signal_length + c.input_gap);
    const Layout out_layout(0, 1, c.output_length() + c.output_gap);
    std::vector<Value> filter(c.filter_length), input(in_layout.buffer_elements({c.signal_length}, c.batch));
    fill_random(filter, contiguous(c.filter_length), {c.filter_length}, 1, seed);
    fill_random(input, in_layout, {c.signal_length}, c.batch, seed + 1);
    const std::vector<Value> original = input;
    std::vector<Value> output(out_layout.buffer_elements({c.output_length()}, c.batch));
    const std::vector<bool> written = layout_mask(output.size(), out_layout, {c.output_length()}, c.batch);
    fill_sentinels(output, written);
    poison(output, written);

    CaseOutcome outcome;
    size_t segment_length = 0;
    const std::string failure = run_case(executor, c, filter, input, output, segment_length);
    if (!failure.empty()) {
        outcome.failure = failure;
        return outcome;
    }
    const std::vector<ReferenceComplex> h = widen(filter);
    const std::vector<ReferenceComplex> all_inputs = widen(input);
    std::vector<ReferenceComplex> expected(output.size());
    for (size_t b = 0; b < c.batch; ++b) {
        const auto first = all_inputs.begin() + long(b * in_layout.distance);
        const std::vector<ReferenceComplex> y =
            direct_convolution(c, std::vector<ReferenceComplex>(first, first + long(c.signal_length)), h);
        std::copy(y.begin(), y.end(), expected.begin() + long(b * out_layout.distance));
    }
    const long double error = relative_error(output, expected, out_layout, {c.output_length()}, c.batch);
    std::string problems = stray_writes("output", output, written);
    if (input != original) problems += "changed its input; ";
    // Each output is a convolution of length segment_length run forward and back: Bluestein's bar at that length.
    const double bar = 4 * error_bar(c.precision, {segment_length});
    return finish_outcome(outcome, error, bar, problems);
}

void check_convolutions(Executor executor, const std::vector<ConvolutionCase>& cases)
{
    std::vector<NamedOutcome> outcomes;
    for (const ConvolutionCase& c : cases)
        outcomes.push_back({c.name(), c.precision,
                            c.precision == rift_precision_single ? check_convolution<float>(executor, c)
                                                                 : check_convolution<double>(executor, c)});
    report_outcomes(executor, "convolution", outcomes);
}

const rift_convolution_type kTypes[] = {rift_convolution_linear, rift_convolution_circular, rift_correlation_linear,
                                        rift_correlation_circular};
const rift_precision kPrecisions[] = {rift_precision_single, rift_precision_double};

using Convolutions = ExecutorTest;

// One segment or a few, as rift chooses them.
TEST_P(Convolutions, EveryTypeAndPrecision)
{
    std::vector<ConvolutionCase> cases;
    for (rift_convolution_type type : kTypes)
        for (rift_precision precision : kPrecisions)
            for (size_t signal_length : {1, 7, 100, 1000, 4099})
                for (size_t filter_length : {1, 3, 64, 257})
                    cases.push_back({type, precision, signal_length, filter_length, 2});
    check_convolutions(executor(), cases);
}

// Short segments forced, so that short signals run through many of them: the first and last segments of each
// signal, the wrap of circular ones at both ends, several segments a block.
TEST_P(Convolutions, ManySegments)
{
    std::vector<ConvolutionCase> cases;
    for (rift_convolution_type type : kTypes)
        for (rift_precision precision : kPrecisions)
            for (size_t segment_length : {8, 64, 256})
                for (size_t filter_length : {1, 5, 8})
                    cases.push_back({type, precision, 3001, filter_length * segment_length / 8, 3, 5, 7, segment_length});
    check_convolutions(executor(), cases);
}

// A circular filter longer than the period folds onto it; a period that is itself a segment length runs whole.
TEST_P(Convolutions, CircularFiltersAsLongAsOrLongerThanThePeriod)
{
    std::vector<ConvolutionCase> cases;
    for (rift_convolution_type type : {rift_convolution_circular, rift_correlation_circular})
        for (rift_precision precision : kPrecisions) {
            cases.push_back({type, precision, 100, 250, 2});
            cases.push_back({type, precision, 1024, 1024, 2});
            cases.push_back({type, precision, 1024, 3000, 2});
            cases.push_back({type, precision, 4096, 700, 2, 3, 1});
        }
    check_convolutions(executor(), cases);
}

// Signals longer than a segment with filters up to half of the longest one, single precision (the direct sums
// take a while).
TEST_P(Convolutions, LongSignals)
{
    check_convolutions(executor(), {{rift_convolution_linear, rift_precision_single, 1 << 16, 4096, 1},
                                    {rift_correlation_linear, rift_precision_single, 50000, 1500, 2},
                                    {rift_convolution_circular, rift_precision_single, 30001, 2000, 1},
                                    {rift_convolution_linear, rift_precision_double, 20000, 3000, 1}});
}

RIFT_INSTANTIATE_ON_EVERY_EXECUTOR(Convolutions);

// The API's refusals: each gets its own status and leaves no handle behind.
class ConvolutionApi : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_EQ(rift_setup(), rift_status_success); }
    void TearDown() override { rift_cleanup(); }

    rift_status create(rift_convolution_type type, rift_precision precision, size_t signal_length,
                       size_t filter_length, const void* filter, size_t batch = 1, size_t in_distance = 0,
                       size_t out_distance = 0)
    {
        rift_convolution made = reinterpret_cast<rift_convolution>(&filter_); // must be reset on failure
        const rift_status status = rift_convolution_create(&made, type, precision, signal_length, filter_length,
                                                           filter, batch, in_distance, out_distance);
        if (status == rift_status_success) {
            handle_.reset(made);
        } else {
            EXPECT_EQ(made, nullptr);
            EXPECT_STRNE(rift_get_last_error_message(), "");
        }
        return status;
    }

    std::vector<std::complex<float>> filter_ = std::vector<std::complex<float>>(20000, {1, 0});
    ConvolutionHandle handle_;
};

TEST_F(ConvolutionApi, RefusesBadArguments)
{
    const auto s = rift_precision_single;
    const auto linear = rift_convolution_linear;
    EXPECT_EQ(rift_convolution_create(nullptr, linear, s, 10, 3, filter_.data(), 1, 0, 0), rift_status_null_argument);
    EXPECT_EQ(create(linear, s, 10, 3, nullptr), rift_status_null_argument);
    EXPECT_EQ(create(rift_convolution_type(7), s, 10, 3, filter_.data()), rift_status_invalid_array_type);
    EXPECT_EQ(create(linear, rift_precision(9), 10, 3, filter_.data()), rift_status_invalid_array_type);
    EXPECT_EQ(create(linear, rift_precision_half, 10, 3, filter_.data()), rift_status_not_implemented);
    EXPECT_EQ(create(linear, s, 0, 3, filter_.data()), rift_status_invalid_length);
    EXPECT_EQ(create(linear, s, 10, 0, filter_.data()), rift_status_invalid_length);
    EXPECT_EQ(create(linear, s, size_t(-5), 3, filter_.data()), rift_status_invalid_length);
    EXPECT_EQ(create(linear, s, 10, 3, filter_.data(), 0), rift_status_invalid_batch);
    EXPECT_EQ(create(linear, s, 10, 3, filter_.data(), 2, 0, 11), rift_status_overlapping_output);
    EXPECT_EQ(create(linear, s, 10, 3, filter_.data(), size_t(1) << 40, size_t(1) << 30),
              rift_status_invalid_distance);
    // Longer than the longest segment (16384 single on every platform rift plans for): not yet.
    EXPECT_EQ(create(linear, s, 100000, 20000, filter_.data()), rift_status_not_implemented);
    EXPECT_EQ(create(rift_convolution_circular, s, 40000, 20000, filter_.data()), rift_status_not_implemented);
}

TEST_F(ConvolutionApi, RefusesBadHandlesAndBuffers)
{
    EXPECT_EQ(rift_convolution_destroy(nullptr), rift_status_invalid_plan);
    size_t length = 0;
    EXPECT_EQ(rift_convolution_get_output_length(nullptr, &length), rift_status_invalid_plan);
    ASSERT_EQ(create(rift_convolution_linear, rift_precision_single, 10, 3, filter_.data()), rift_status_success);
    EXPECT_EQ(rift_convolution_get_output_length(handle_.get(), nullptr), rift_status_null_argument);
    ASSERT_EQ(rift_convolution_get_output_length(handle_.get(), &length), rift_status_success);
    EXPECT_EQ(length, 12u);
    size_t required = 0;
    EXPECT_EQ(rift_convolution_get_print(handle_.get(), nullptr, 0, &required), rift_status_success);
    EXPECT_GT(required, 1u);
    std::string text(required, '\0');
    ASSERT_EQ(rift_convolution_get_print(handle_.get(), text.data(), text.size(), &required), rift_status_success);
    EXPECT_NE(text.find("(convolution linear-convolution single signal 10 filter 3 output 12 batch 1"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("fixed_convolution_kernel<single>"), std::string::npos) << text;
    char small[4];
    EXPECT_EQ(rift_convolution_get_print(handle_.get(), small, sizeof small, &required), rift_status_buffer_too_small);

    rift_execution_info info = nullptr;
    ASSERT_EQ(rift_execution_info_create(&info), rift_status_success);
    const ExecutionInfoHandle owned(info);
    ASSERT_EQ(rift_execution_info_set_executor(info, rift_executor_host), rift_status_success);
    std::vector<std::complex<float>> buffer(64);
    EXPECT_EQ(rift_convolution_execute(handle_.get(), nullptr, buffer.data(), info), rift_status_invalid_buffer);
    EXPECT_EQ(rift_convolution_execute(handle_.get(), buffer.data(), nullptr, info), rift_status_invalid_buffer);
    EXPECT_EQ(rift_convolution_execute(handle_.get(), buffer.data(), buffer.data() + 5, info),
              rift_status_invalid_buffer); // overlaps
    EXPECT_EQ(rift_convolution_execute(handle_.get(), reinterpret_cast<char*>(buffer.data()) + 4, buffer.data() + 32,
                                       info),
              rift_status_invalid_buffer); // misaligned
    EXPECT_EQ(rift_convolution_execute(handle_.get(), buffer.data(), buffer.data() + 10, info), rift_status_success);
    EXPECT_EQ(rift_convolution_execute(handle_.get(), buffer.data(), buffer.data() + 10,
                                       reinterpret_cast<rift_execution_info>(buffer.data())),
              rift_status_invalid_execution_info);

    rift_convolution destroyed = handle_.release();
    EXPECT_EQ(rift_convolution_destroy(destroyed), rift_status_success);
    EXPECT_EQ(rift_convolution_destroy(destroyed), rift_status_invalid_plan);
    EXPECT_EQ(rift_convolution_execute(destroyed, buffer.data(), buffer.data() + 32, info), rift_status_invalid_plan);
}

TEST(ConvolutionSetup, NeedsSetup)
{
    ASSERT_EQ(rift_cleanup(), rift_status_success); // the test environment's setup, restored below
    const std::complex<float> tap{1, 0};
    rift_convolution made = nullptr;
    EXPECT_EQ(rift_convolution_create(&made, rift_convolution_linear, rift_precision_single, 10, 1, &tap, 1, 0, 0),
              rift_status_not_initialized);
    EXPECT_EQ(made, nullptr);
    ASSERT_EQ(rift_setup(), rift_status_success);
}

} // namespace
} // namespace rift::test
