#include "tests/transform_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <complex>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <thread>
#include <tuple>
#include <utility>

#include "tests/gpu.h"

namespace rift::test {

const char* to_string(Executor executor)
{
    switch (executor) {
    case Executor::host: return "host";
    case Executor::gpu: return "gpu";
    case Executor::gpu_stream: return "gpu, own stream";
    }
    return "?";
}

bool on_gpu(Executor executor) { return executor != Executor::host; }

namespace {

const char* precision_name(rift_precision precision)
{
    return precision == rift_precision_double ? "double" : "single";
}

std::string format_error(long double error)
{
    std::ostringstream text;
    text << std::setprecision(3) << std::scientific << static_cast<double>(error);
    return text.str();
}

} // namespace

TransformCase TransformCase::contiguous(size_t length, size_t batch, rift_precision precision, bool inverse)
{
    return contiguous(Lengths{length}, batch, precision, inverse);
}

TransformCase TransformCase::contiguous(Lengths lengths, size_t batch, rift_precision precision, bool inverse)
{
    TransformCase c;
    c.lengths = std::move(lengths);
    c.batch = batch;
    c.precision = precision;
    c.inverse = inverse;
    c.in = c.out = test::contiguous(c.lengths);
    return c;
}

bool TransformCase::has_default_layout() const
{
    return !in_place && in == test::contiguous(lengths) && out == test::contiguous(lengths) && scale == 1.0;
}

std::string TransformCase::name() const
{
    std::ostringstream text;
    text << precision_name(precision) << (inverse ? " inverse" : " forward") << " N=";
    for (size_t d = 0; d < lengths.size(); ++d) text << (d ? "x" : "") << lengths[d];
    text << " batch=" << batch << (in_place ? " in-place " : " out-of-place ");
    if (has_default_layout())
        text << "contiguous";
    else
        text << "in " << to_string(in) << " out " << to_string(out);
    if (scale != 1.0) text << " scale " << scale;
    if (user_work_buffer) text << " own work buffer";
    if (caller_owns_work_buffer) text << " (plan without one)";
    return text.str();
}

namespace {

bool failed_call(rift_status status, const char* call, std::string* failure)
{
    if (status != rift_status_success && failure != nullptr) *failure = call + (": " + describe_failure(status));
    return status != rift_status_success;
}

// The description `arguments` asks for (none when it asks for rift's defaults).
rift_status make_description(const PlanArguments& arguments, DescriptionHandle& description, std::string* failure)
{
    if (!arguments.with_description) return rift_status_success;
    rift_plan_description raw = nullptr;
    if (const rift_status status = rift_plan_description_create(&raw);
        failed_call(status, "rift_plan_description_create", failure))
        return status;
    description.reset(raw);
    const Layout& in = arguments.in;
    const Layout& out = arguments.out;
    const size_t in_offsets[] = {in.offset};
    const size_t out_offsets[] = {out.offset};
    if (const rift_status status = rift_plan_description_set_data_layout(
            raw, arguments.in_type, arguments.out_type, in_offsets, out_offsets, in.strides.size(), in.strides.data(),
            in.distance, out.strides.size(), out.strides.data(), out.distance);
        failed_call(status, "rift_plan_description_set_data_layout", failure))
        return status;
    if (const rift_status status = rift_plan_description_set_scale_factor(raw, arguments.scale);
        failed_call(status, "rift_plan_description_set_scale_factor", failure))
        return status;
    const rift_status status = rift_plan_description_set_work_buffer_owner(raw, arguments.work_buffer_owner);
    failed_call(status, "rift_plan_description_set_work_buffer_owner", failure);
    return status;
}

rift_result_placement placement(const PlanArguments& arguments)
{
    return arguments.in_place ? rift_placement_inplace : rift_placement_notinplace;
}

} // namespace

rift_status create_plan(const PlanArguments& arguments, PlanHandle& plan, std::string* failure)
{
    DescriptionHandle description;
    if (const rift_status status = make_description(arguments, description, failure); status != rift_status_success)
        return status;
    rift_plan raw = nullptr;
    const rift_status status =
        rift_plan_create(&raw, placement(arguments), arguments.type, arguments.precision, arguments.lengths.size(),
                         arguments.lengths.data(), arguments.batch, description.get());
    plan.reset(raw);
    failed_call(status, "rift_plan_create", failure);
    return status;
}

rift_status estimate_work_buffer_size(const PlanArguments& arguments, size_t& size_in_bytes, std::string* failure)
{
    DescriptionHandle description;
    if (const rift_status status = make_description(arguments, description, failure); status != rift_status_success)
        return status;
    const rift_status status = rift_plan_estimate_work_buffer_size(
        placement(arguments), arguments.type, arguments.precision, arguments.lengths.size(), arguments.lengths.data(),
        arguments.batch, description.get(), &size_in_bytes);
    failed_call(status, "rift_plan_estimate_work_buffer_size", failure);
    return status;
}

PlanArguments plan_arguments(const TransformCase& c)
{
    PlanArguments arguments;
    arguments.type = c.inverse ? rift_transform_type_complex_inverse : rift_transform_type_complex_forward;
    arguments.precision = c.precision;
    arguments.lengths = c.lengths;
    arguments.batch = c.batch;
    arguments.in_place = c.in_place;
    arguments.with_description = !c.has_default_layout() || c.caller_owns_work_buffer;
    arguments.in_type = arguments.out_type = rift_array_type_complex_interleaved;
    if (c.caller_owns_work_buffer) arguments.work_buffer_owner = rift_work_buffer_owner_caller;
    arguments.in = c.in;
    arguments.out = c.out;
    arguments.scale = c.scale;
    return arguments;
}

rift_status create_plan(const TransformCase& c, PlanHandle& plan, std::string* failure)
{
    return create_plan(plan_arguments(c), plan, failure);
}

std::string work_buffer_estimate_problems(const PlanArguments& arguments, rift_plan plan)
{
    size_t planned = 0, estimated = 0;
    std::string failure;
    if (rift_plan_get_work_buffer_size(plan, &planned) != rift_status_success)
        return "rift_plan_get_work_buffer_size: " + describe_failure(rift_status_invalid_plan) + "; ";
    if (estimate_work_buffer_size(arguments, estimated, &failure) != rift_status_success) return failure + "; ";
    if (estimated != planned)
        return "rift_plan_estimate_work_buffer_size gave " + std::to_string(estimated) + " bytes, the plan needs " +
               std::to_string(planned) + "; ";
    return {};
}

std::string describe_failure(rift_status status)
{
    return std::string(rift_status_string(status)) + ": " + rift_get_last_error_message();
}

std::string plan_print(rift_plan plan)
{
    size_t size = 0;
    rift_status status = rift_plan_get_print(plan, nullptr, 0, &size);
    std::string print(size, '\0');
    if (status == rift_status_success) status = rift_plan_get_print(plan, print.data(), size, &size);
    if (status != rift_status_success) {
        ADD_FAILURE() << "rift_plan_get_print: " << describe_failure(status);
        return {};
    }
    print.resize(print.find('\0') == std::string::npos ? print.size() : print.find('\0')); // the terminator
    return print;
}

namespace {

template <class Real>
using Buffer = std::vector<std::complex<Real>>;

// A work buffer of the test's own is filled with this byte (all-ones bytes are a NaN in either precision, so a
// plan that read work it had not written would show it), and followed by kWorkGuardBytes more of it that rift
// must leave alone.
constexpr unsigned char kWorkFill = 0xff;
constexpr size_t kWorkGuardBytes = 256;

// What a run did to a work buffer of the test's own, `bytes` long plus the guard (a host image of it): rift must
// have written into it, since it replaces the plan's own, and nowhere past its end. "" when all is well.
std::string check_work_image(const std::vector<unsigned char>& image, size_t bytes)
{
    std::string problems;
    const auto written = [](unsigned char byte) { return byte != kWorkFill; };
    if (!std::any_of(image.begin(), image.begin() + bytes, written))
        problems += "the work buffer given with rift_execution_info_set_work_buffer (" + std::to_string(bytes) +
                    " bytes) was never written; ";
    if (std::any_of(image.begin() + bytes, image.end(), written))
        problems += "wrote past the end of the work buffer given with rift_execution_info_set_work_buffer; ";
    return problems;
}

} // namespace

std::string execute_plan(Executor executor, rift_plan plan, void* in, size_t in_bytes, void* out, size_t out_bytes,
                         bool user_work_buffer, std::string& work_problems)
{
    size_t work_bytes = 0;
    if (user_work_buffer) {
        if (const rift_status status = rift_plan_get_work_buffer_size(plan, &work_bytes);
            status != rift_status_success)
            return "rift_plan_get_work_buffer_size: " + describe_failure(status);
    }
    ExecutionInfoHandle info;
    // Executor::gpu is the default: no execution info at all, unless it must carry a work buffer.
    if (executor != Executor::gpu || work_bytes > 0) {
        rift_execution_info raw = nullptr;
        if (const rift_status status = rift_execution_info_create(&raw); status != rift_status_success)
            return "rift_execution_info_create: " + describe_failure(status);
        info.reset(raw);
        if (executor != Executor::gpu) {
            const rift_executor which = executor == Executor::host ? rift_executor_host : rift_executor_gpu;
            if (const rift_status status = rift_execution_info_set_executor(raw, which);
                status != rift_status_success)
                return "rift_execution_info_set_executor: " + describe_failure(status);
        }
    }
    std::vector<unsigned char> work_image(work_bytes > 0 ? work_bytes + kWorkGuardBytes : 0, kWorkFill);

    if (!on_gpu(executor)) {
        if (work_bytes > 0) {
            if (const rift_status status = rift_execution_info_set_work_buffer(info.get(), work_image.data(),
                                                                               work_bytes);
                status != rift_status_success)
                return "rift_execution_info_set_work_buffer: " + describe_failure(status);
        }
        void* in_pointers[] = {in};
        void* out_pointers[] = {out};
        const rift_status status = rift_execute(plan, in_pointers, out != nullptr ? out_pointers : nullptr, info.get());
        if (status != rift_status_success) return "rift_execute: " + describe_failure(status);
        if (work_bytes > 0) work_problems += check_work_image(work_image, work_bytes);
        return "";
    }

    DeviceStream stream;
    if (executor == Executor::gpu_stream) {
        if (std::string error = stream.create(); !error.empty()) return error;
        if (const rift_status status = rift_execution_info_set_stream(info.get(), stream.get());
            status != rift_status_success)
            return "rift_execution_info_set_stream: " + describe_failure(status);
    }
    DeviceMemory device_in;
    DeviceMemory device_out;
    DeviceMemory device_work;
    for (const std::string& error :
         {device_in.allocate(in_bytes), device_in.upload(in, in_bytes),
          out != nullptr ? device_out.allocate(out_bytes) : "",
          out != nullptr ? device_out.upload(out, out_bytes) : "",
          work_bytes > 0 ? device_work.allocate(work_image.size()) : "",
          work_bytes > 0 ? device_work.upload(work_image.data(), work_image.size()) : ""})
        if (!error.empty()) return error;
    if (work_bytes > 0) {
        if (const rift_status status = rift_execution_info_set_work_buffer(info.get(), device_work.get(), work_bytes);
            status != rift_status_success)
            return "rift_execution_info_set_work_buffer: " + describe_failure(status);
    }
    void* in_pointers[] = {device_in.get()};
    void* out_pointers[] = {device_out.get()};
    const rift_status status = rift_execute(plan, in_pointers, out != nullptr ? out_pointers : nullptr, info.get());
    if (status != rift_status_success) return "rift_execute: " + describe_failure(status);
    // With a stream of its own, waiting on that stream alone must be enough to see the result.
    if (std::string error = executor == Executor::gpu_stream ? stream.synchronize() : synchronize_device();
        !error.empty())
        return error;
    if (std::string error = device_in.download(in, in_bytes); !error.empty()) return error;
    if (out != nullptr)
        if (std::string error = device_out.download(out, out_bytes); !error.empty()) return error;
    if (work_bytes > 0) {
        if (std::string error = device_work.download(work_image.data(), work_image.size()); !error.empty())
            return error;
        work_problems += check_work_image(work_image, work_bytes);
    }
    return "";
}

namespace {

// A buffer shaped for `layout`: sentinels outside it, NaN inside (for outputs) or random values (for inputs).
template <class Real>
Buffer<Real> make_output_image(const Layout& layout, const Lengths& lengths, size_t batch, std::vector<bool>& mask)
{
    Buffer<Real> buffer(layout.buffer_elements(lengths, batch));
    mask = layout_mask(buffer.size(), layout, lengths, batch);
    fill_sentinels(buffer, mask);
    poison(buffer, mask);
    return buffer;
}

template <class Real>
Buffer<Real> make_input_image(const Layout& layout, const Lengths& lengths, size_t batch, uint64_t seed,
                              std::vector<bool>& mask)
{
    Buffer<Real> buffer(layout.buffer_elements(lengths, batch));
    mask = layout_mask(buffer.size(), layout, lengths, batch);
    fill_sentinels(buffer, mask);
    fill_random(buffer, layout, lengths, batch, seed);
    return buffer;
}

// Runs the planned case `c` on `input` (an image from make_input_image) and leaves the transform in `output`:
// a fresh poisoned image for out-of-place plans, `input` itself for in-place ones. False when the run itself
// failed; any problem, stray writes outside either layout included, is appended to `problems`.
template <class Real>
bool run_stage(Executor executor, const TransformCase& c, rift_plan plan, Buffer<Real>& input,
               const std::vector<bool>& input_mask, Buffer<Real>& output, std::string& problems)
{
    std::string error;
    std::string work_problems;
    if (c.in_place) {
        // One buffer holds both layouts (a multi-dimensional plan's may differ): the input image, grown with
        // sentinels to reach every output element; the run may change any element of either layout.
        std::vector<bool> mask = input_mask;
        const size_t reach = c.out.buffer_elements(c.lengths, c.batch);
        for (size_t i = input.size(); i < reach; ++i) input.push_back(sentinel<std::complex<Real>>(i));
        mask.resize(input.size(), false);
        const std::vector<bool> output_mask = layout_mask(input.size(), c.out, c.lengths, c.batch);
        for (size_t i = 0; i < mask.size(); ++i) mask[i] = mask[i] || output_mask[i];
        error = execute_plan(executor, plan, input.data(), byte_size(input), nullptr, 0, c.user_work_buffer,
                             work_problems);
        output = std::move(input);
        if (error.empty()) problems += stray_writes("in-place", output, mask);
    } else {
        std::vector<bool> output_mask;
        output = make_output_image<Real>(c.out, c.lengths, c.batch, output_mask);
        error = execute_plan(executor, plan, input.data(), byte_size(input), output.data(), byte_size(output),
                             c.user_work_buffer, work_problems);
        if (error.empty())
            problems += stray_writes("input", input, input_mask) + stray_writes("output", output, output_mask);
    }
    problems += work_problems + error;
    return error.empty();
}

// The plan for `c`, or the outcome that ends the case: a failure, or a not-implemented refusal the support
// rules allow.
// Cases that bring their own work buffer also check that the size a caller could ask before planning is the
// plan's.
bool plan_or_outcome(const TransformCase& c, PlanHandle& plan, CaseOutcome& outcome)
{
    std::string failure;
    const rift_status status = create_plan(c, plan, &failure);
    if (!planned_as_expected(status, failure, expected_support(c.lengths, c.precision), outcome)) return false;
    if (c.user_work_buffer) outcome.failure = work_buffer_estimate_problems(plan_arguments(c), plan.get());
    return outcome.failure.empty();
}

template <class Real>
CaseOutcome check_with_plan_typed(Executor executor, const TransformCase& c, rift_plan plan,
                                  const std::string& seed_name)
{
    std::vector<bool> input_mask;
    Buffer<Real> input = make_input_image<Real>(c.in, c.lengths, c.batch, case_seed(seed_name), input_mask);
    // The reference reads the very values rift reads, already rounded to the working precision.
    std::vector<ReferenceComplex> expected;
    reference_dft(widen(input), c.in, expected, c.out, c.lengths, c.batch, c.inverse);
    for (ReferenceComplex& value : expected) value *= static_cast<long double>(c.scale);

    CaseOutcome outcome;
    Buffer<Real> output;
    std::string problems;
    if (!run_stage<Real>(executor, c, plan, input, input_mask, output, problems)) {
        outcome.failure = problems;
        return outcome;
    }
    return finish_outcome(outcome, relative_error(output, expected, c.out, c.lengths, c.batch),
                          error_bar(c.precision, c.lengths), problems);
}

// The transform that takes `forward`'s output back to its input, scaled to undo the transform's gain.
TransformCase round_trip_inverse(const TransformCase& forward)
{
    TransformCase inverse = forward;
    inverse.inverse = !forward.inverse;
    std::swap(inverse.in, inverse.out);
    inverse.scale = 1.0 / static_cast<double>(forward.elements());
    return inverse;
}

template <class Real>
CaseOutcome check_round_trip_typed(Executor executor, const TransformCase& forward)
{
    const TransformCase inverse = round_trip_inverse(forward);
    CaseOutcome outcome;
    PlanHandle forward_plan;
    PlanHandle inverse_plan;
    if (!plan_or_outcome(forward, forward_plan, outcome) || !plan_or_outcome(inverse, inverse_plan, outcome))
        return outcome;

    std::vector<bool> input_mask;
    Buffer<Real> input = make_input_image<Real>(forward.in, forward.lengths, forward.batch,
                                                case_seed("round trip " + forward.name()), input_mask);
    const std::vector<ReferenceComplex> original = widen(input);
    Buffer<Real> spectrum;
    Buffer<Real> result;
    std::string problems;
    const std::vector<bool> spectrum_mask = layout_mask(forward.out.buffer_elements(forward.lengths, forward.batch),
                                                        forward.out, forward.lengths, forward.batch);
    if (!run_stage<Real>(executor, forward, forward_plan.get(), input, input_mask, spectrum, problems) ||
        !run_stage<Real>(executor, inverse, inverse_plan.get(), spectrum, spectrum_mask, result, problems)) {
        outcome.failure = problems;
        return outcome;
    }
    // Two transforms, so twice the one-transform bar.
    return finish_outcome(outcome, relative_error(result, original, forward.in, forward.lengths, forward.batch),
                          2 * error_bar(forward.precision, forward.lengths), problems);
}

struct Worst {
    long double error = -1;
    std::string error_case;
    double ratio = -1; // error / bar: how close to its ceiling a case came
    std::string ratio_case;
    size_t checked = 0;

    void add(const std::string& case_name, const CaseOutcome& outcome)
    {
        ++checked;
        if (!(outcome.error <= error)) {
            error = outcome.error;
            error_case = case_name;
        }
        const double r = static_cast<double>(outcome.error) / outcome.bar;
        if (!(r <= ratio)) {
            ratio = r;
            ratio_case = case_name;
        }
    }
    std::string summary() const
    {
        if (checked == 0) return "no case checked";
        std::ostringstream text;
        text << format_error(error) << " (" << error_case << "); worst error/bar " << std::setprecision(3)
             << ratio << " (" << ratio_case << "); " << checked << " cases";
        return text.str();
    }
};

const char* to_string(Check check) { return check == Check::round_trip ? "round trip" : "transform"; }

// Keyed by executor, the kind of check ("transform", "real round trip", ...) and precision.
std::map<std::tuple<Executor, std::string, rift_precision>, Worst>& accuracy_ledger()
{
    static std::map<std::tuple<Executor, std::string, rift_precision>, Worst> ledger;
    return ledger;
}

} // namespace

bool planned_as_expected(rift_status status, const std::string& failure, Support support, CaseOutcome& outcome)
{
    if (status == rift_status_success && support != Support::refused) return true;
    if (status == rift_status_not_implemented && support != Support::required) return false;
    if (support == Support::refused)
        outcome.failure = std::string("rift_plan_create returned ") + rift_status_string(status) +
                          " for a shape rift does not support yet (expected rift_status_not_implemented)";
    else
        outcome.failure = failure;
    return false;
}

CaseOutcome finish_outcome(CaseOutcome outcome, long double error, double bar, const std::string& problems)
{
    outcome.checked = true;
    outcome.error = error;
    outcome.bar = bar;
    if (!(error <= bar))
        outcome.failure = "relative error " + format_error(error) + " above bar " + format_error(bar) + "; ";
    outcome.failure += problems;
    return outcome;
}

CaseOutcome check_transform(Executor executor, const TransformCase& c)
{
    CaseOutcome outcome;
    PlanHandle plan;
    if (!plan_or_outcome(c, plan, outcome)) return outcome;
    return check_with_plan(executor, c, plan.get(), c.name());
}

CaseOutcome check_with_plan(Executor executor, const TransformCase& c, rift_plan plan, const std::string& seed_name)
{
    return c.precision == rift_precision_double ? check_with_plan_typed<double>(executor, c, plan, seed_name)
                                                : check_with_plan_typed<float>(executor, c, plan, seed_name);
}

CaseOutcome check_round_trip(Executor executor, const TransformCase& forward)
{
    return forward.precision == rift_precision_double ? check_round_trip_typed<double>(executor, forward)
                                                      : check_round_trip_typed<float>(executor, forward);
}

void create_plans_side_by_side(Executor executor, size_t count,
                               const std::function<void(size_t index, PlanHandle& plan)>& create)
{
    constexpr size_t kFewCases = 8;
    if (!on_gpu(executor) || count < kFewCases) return;
    const size_t threads = std::min<size_t>(std::max(1u, std::thread::hardware_concurrency()), 32);
    std::atomic<size_t> next{0};
    std::vector<std::thread> workers;
    for (size_t t = 0; t < threads; ++t)
        workers.emplace_back([&] {
            for (size_t index = next++; index < count; index = next++) {
                PlanHandle plan;
                create(index, plan);
            }
        });
    for (std::thread& worker : workers) worker.join();
}

void check_cases(Executor executor, const std::vector<TransformCase>& cases, Check check)
{
    create_plans_side_by_side(executor, cases.size(), [&](size_t index, PlanHandle& plan) {
        create_plan(cases[index], plan);
        if (check != Check::round_trip) return;
        PlanHandle inverse_plan;
        create_plan(round_trip_inverse(cases[index]), inverse_plan);
    });
    std::vector<NamedOutcome> outcomes;
    for (const TransformCase& c : cases)
        outcomes.push_back({c.name(), c.precision,
                            check == Check::round_trip ? check_round_trip(executor, c) : check_transform(executor, c)});
    report_outcomes(executor, to_string(check), outcomes);
}

void report_outcomes(Executor executor, const std::string& check_name, const std::vector<NamedOutcome>& outcomes)
{
    constexpr size_t kDetailedFailures = 10;
    constexpr size_t kNamedFailures = 100;
    std::map<rift_precision, Worst> worst;
    std::vector<std::string> failures;
    size_t refused = 0;
    for (const NamedOutcome& named : outcomes) {
        const CaseOutcome& outcome = named.outcome;
        if (outcome.checked) {
            worst[named.precision].add(named.name, outcome);
            accuracy_ledger()[{executor, check_name, named.precision}].add(named.name, outcome);
        } else if (outcome.failure.empty()) {
            ++refused;
        }
        if (outcome.failure.empty()) continue;
        if (failures.size() < kDetailedFailures)
            ADD_FAILURE() << named.name << " on " << to_string(executor) << " (seed " << case_seed(named.name)
                          << ", RIFT_TEST_SEED=" << base_seed() << "): " << outcome.failure;
        failures.push_back(named.name);
    }
    if (failures.size() > kDetailedFailures) {
        std::ostringstream names;
        for (size_t i = 0; i < failures.size() && i < kNamedFailures; ++i) names << "\n  " << failures[i];
        ADD_FAILURE() << failures.size() << " of " << outcomes.size() << " cases failed in all; failing cases:"
                      << names.str() << (failures.size() > kNamedFailures ? "\n  ..." : "");
    }
    for (const auto& [precision, w] : worst) {
        const std::string key = std::string("worst_relative_error_") + precision_name(precision);
        ::testing::Test::RecordProperty(key, format_error(w.error));
        std::cout << "[ accuracy ] worst relative error " << precision_name(precision) << " (" << to_string(executor)
                  << ", " << check_name << "): " << w.summary() << '\n';
    }
    if (refused > 0) std::cout << "[ accuracy ] " << refused << " cases refused as not implemented, as expected\n";
}

void print_accuracy_summary()
{
    for (const auto& [key, w] : accuracy_ledger()) {
        const auto& [executor, check, precision] = key;
        std::cout << "[ accuracy ] overall worst relative error " << precision_name(precision) << " ("
                  << to_string(executor) << ", " << check << "): " << w.summary() << '\n';
    }
}

} // namespace rift::test
