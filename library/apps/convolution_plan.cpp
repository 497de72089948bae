#include "library/apps/convolution_plan.h"

#include <algorithm>
#include <sstream>

#include "library/core/error.h"
#include "library/plan/byte_extent.h"
#include "library/plan/stockham_node.h"
#include "library/plan/stockham_shape.h"
#include "library/platform/allocation_faults.h"
#include "library/tables/radix_transform.h"

namespace rift {

namespace {

// As for transforms: a length this large can only be a negative number cast to size_t.
constexpr size_t kLargestLength = size_t(1) << 40;

template <class Real>
std::vector<ComplexDouble> filter_in_double(const void* filter, size_t length)
{
    const auto* taps = static_cast<const Real*>(filter);
    auto converted = host_buffer<ComplexDouble>(length);
    for (size_t k = 0; k < length; ++k) converted[k] = {double(taps[2 * k]), double(taps[2 * k + 1])};
    return converted;
}

// The filter the segments run: a circular filter longer than the period wraps onto it, and correlation is
// convolution with the filter reversed and conjugated.
std::vector<ComplexDouble> segment_filter(const ConvolutionProblem& problem)
{
    std::vector<ComplexDouble> taps = problem.filter;
    const size_t period = problem.signal_length;
    if (problem.circular && taps.size() > period) {
        std::vector<ComplexDouble> folded(period, ComplexDouble{0, 0});
        for (size_t k = 0; k < taps.size(); ++k) {
            folded[k % period].re += taps[k].re;
            folded[k % period].im += taps[k].im;
        }
        taps = std::move(folded);
    }
    if (problem.correlation) {
        std::reverse(taps.begin(), taps.end());
        for (ComplexDouble& tap : taps) tap.im = -tap.im;
    }
    return taps;
}

struct Segments {
    size_t length = 0; // M
    size_t step = 0;   // V: outputs each writes
    size_t history = 0;
    size_t count = 0; // per signal
};

// Time per segment element of the convolution kernel at each segment length, relative to 512, measured
// (docs/performance.md): flat up to 4096, then the kernels holding one or two blocks an SM lose their latency
// hiding. Lengths not measured take 1.1.
double segment_element_cost(size_t length)
{
    switch (length) {
    case 256: return 1.08;
    case 512: return 1.0;
    case 1024: return 1.10;
    case 2048: return 1.13;
    case 4096: return 1.15;
    case 8192: return 1.8;
    case 16384: return 2.0;
    default: return 1.1;
    }
}

// The cheapest segment length for `taps` taps (or the one asked for): a whole period when a circular signal's
// length is one, otherwise overlap-save segments of at least `taps` points. count 0: none fits.
Segments choose_segments(const ConvolutionProblem& problem, size_t taps, const PlanContext& context,
                         size_t asked_length)
{
    Segments best;
    double best_cost = 0;
    const size_t outputs = problem.output_length();
    for (uint32_t length : fixed_kernel_lengths()) {
        if (!kernels::is_segment_length(length) || (asked_length != 0 && length != asked_length)) continue;
        if (!why_not_one_block(length, problem.precision, context).empty()) continue;
        Segments candidate{length, 0, 0, 0};
        if (problem.circular && length == problem.signal_length) {
            candidate.step = length; // the transform's own wrap is the circular convolution's
        } else if (length >= taps) {
            candidate.history = taps - 1;
            candidate.step = length - candidate.history;
        } else {
            continue;
        }
        candidate.count = (outputs + candidate.step - 1) / candidate.step;
        const double cost = double(candidate.count) * length * segment_element_cost(length);
        if (best.count == 0 || cost < best_cost) {
            best = candidate;
            best_cost = cost;
        }
    }
    return best;
}

} // namespace

const char* to_string(rift_convolution_type type)
{
    switch (type) {
    case rift_convolution_linear: return "linear-convolution";
    case rift_convolution_circular: return "circular-convolution";
    case rift_correlation_linear: return "linear-correlation";
    case rift_correlation_circular: return "circular-correlation";
    }
    return "unknown";
}

rift_status make_convolution_problem(rift_convolution_type type, rift_precision precision, size_t signal_length,
                                     size_t filter_length, const void* filter, size_t number_of_signals,
                                     size_t input_distance, size_t output_distance, ConvolutionProblem& problem)
{
    ConvolutionProblem made;
    switch (type) {
    case rift_convolution_linear: break;
    case rift_convolution_circular: made.circular = true; break;
    case rift_correlation_linear: made.correlation = true; break;
    case rift_correlation_circular: made.correlation = made.circular = true; break;
    default: return fail(rift_status_invalid_array_type, "convolution type ", int(type), " is not a rift_convolution_type");
    }
    switch (precision) {
    case rift_precision_single: made.precision = Precision::single; break;
    case rift_precision_double: made.precision = Precision::double_; break;
    case rift_precision_half: return fail(rift_status_not_implemented, "half precision is not implemented yet");
    default: return fail(rift_status_invalid_array_type, "precision ", int(precision), " is not a rift_precision");
    }
    if (signal_length == 0 || signal_length > kLargestLength)
        return fail(rift_status_invalid_length, "signal length ", signal_length, " is not in 1..2^40");
    if (filter_length == 0 || filter_length > kLargestLength)
        return fail(rift_status_invalid_length, "filter length ", filter_length, " is not in 1..2^40");
    if (filter == nullptr) return fail(rift_status_null_argument, "filter is NULL");
    if (number_of_signals == 0) return fail(rift_status_invalid_batch, "number_of_signals is 0");
    made.signal_length = signal_length;
    made.batch = number_of_signals;
    made.filter = made.precision == Precision::single ? filter_in_double<float>(filter, filter_length)
                                                       : filter_in_double<double>(filter, filter_length);
    const size_t outputs = made.output_length();
    made.input_distance = input_distance != 0 ? input_distance : signal_length;
    made.output_distance = output_distance != 0 ? output_distance : outputs;
    if (number_of_signals > 1 && made.output_distance < outputs)
        return fail(rift_status_overlapping_output, "output distance ", made.output_distance,
                    " is less than the output length ", outputs);
    RIFT_RETURN_IF_FAILED(check_byte_extent(made.element_bytes(), 0, "input offset",
                                            {{signal_length, 1, "signal length", rift_status_invalid_length},
                                             {made.batch, made.input_distance, "input distance",
                                              rift_status_invalid_distance, "signals"}}));
    RIFT_RETURN_IF_FAILED(check_byte_extent(made.element_bytes(), 0, "output offset",
                                            {{outputs, 1, "output length", rift_status_invalid_length},
                                             {made.batch, made.output_distance, "output distance",
                                              rift_status_invalid_distance, "signals"}}));
    problem = std::move(made);
    return rift_status_success;
}

rift_status ConvolutionPlan::create(ConvolutionProblem problem, std::unique_ptr<ConvolutionPlan>& plan,
                                    size_t segment_length)
{
    auto made = std::make_unique<ConvolutionPlan>();
    made->device_ = current_device();
    const PlanContext context = plan_context(made->device_);
    std::vector<ComplexDouble> taps = segment_filter(problem);
    const Segments segments = choose_segments(problem, taps.size(), context, segment_length);
    if (segments.count == 0)
        return fail(rift_status_not_implemented, "a filter of ", taps.size(),
                    " taps is longer than the longest segment one block holds in ", to_string(problem.precision),
                    " precision; longer filters are not implemented yet");

    StridedBatch batch;
    batch.length = segments.length;
    batch.precision = problem.precision;
    const bool one_segment_per_signal = segments.count == 1;
    const kernels::BatchDim signal_axis{problem.batch, problem.input_distance, problem.output_distance};
    if (one_segment_per_signal) {
        batch.dims = {signal_axis};
    } else {
        batch.dims = {{segments.count, segments.step, segments.step}};
        if (problem.batch > 1) batch.dims.push_back(signal_axis);
    }
    const StockhamShape shape = stockham_shape(uint32_t(segments.length), problem.element_bytes(),
                                               kernels::EntryKernel::convolution);
    const uint32_t per_block =
        transforms_per_block(shape, batch.dims[0].count, context.shared_memory_per_block);
    size_t tiles = 0, blocks = 0;
    RIFT_RETURN_IF_FAILED(tiled_block_count(batch, per_block, tiles, blocks));

    ConvolutionLaunch launch;
    RIFT_RETURN_IF_FAILED(acquire_stockham_table(shape.radices, problem.precision, context.device, launch.twiddles));
    const size_t segment_taps = taps.size();
    taps.resize(segments.length, ComplexDouble{0, 0});
    // The segment's own radices: its spectrum in double on the host, divided by M so that the inverse transform
    // after the product needs no scaling.
    std::vector<ComplexDouble> spectrum = radix_transform(std::move(taps), shape.radices, 1.0 / double(segments.length));
    RIFT_RETURN_IF_FAILED(make_unshared_table(spectrum, problem.precision, context.device, launch.spectrum));
    kernels::ConvolutionArgs& args = launch.args;
    set_layout(args.segments, batch);
    args.segments.length = uint32_t(segments.length);
    args.segments.tiles = uint32_t(tiles);
    set_pass_shape(args.segments, shape, per_block);
    args.signal_length = problem.signal_length;
    args.output_length = problem.output_length();
    args.segment_step = uint32_t(segments.step);
    args.history = uint32_t(segments.history);
    args.shift = problem.circular && problem.correlation ? uint32_t(segment_taps - 1) : 0;
    args.circular = problem.circular;
    args.one_segment_per_signal = one_segment_per_signal;
    launch.precision = problem.precision;
    launch.shape = {uint32_t(blocks), shape.threads_per_transform, per_block,
                    uint32_t(shape.shared_bytes_per_transform * per_block)};
    made->chain_.push_back(std::move(launch));
    RIFT_RETURN_IF_FAILED(make_tables(made->chain_));
    made->problem_ = std::move(problem);
    plan = std::move(made);
    return rift_status_success;
}

std::string ConvolutionPlan::print() const
{
    const auto& launch = std::get<ConvolutionLaunch>(chain_.front());
    const kernels::ConvolutionArgs& args = launch.args;
    std::ostringstream text;
    text << "(convolution " << (problem_.circular ? "circular-" : "linear-")
         << (problem_.correlation ? "correlation " : "convolution ") << to_string(problem_.precision) << " signal "
         << problem_.signal_length << " filter " << problem_.filter.size() << " output " << problem_.output_length()
         << " batch " << problem_.batch << " distances " << problem_.input_distance << ' '
         << problem_.output_distance << "\n  (" << (args.history == 0 && args.circular ? "whole-period" : "overlap-save")
         << " segment " << args.segments.length << " step " << args.segment_step << " segments "
         << (args.one_segment_per_signal ? 1 : args.segments.dims[0].count) << " per-block " << args.segments.transforms_per_block << "))\nkernels:\n  0: "
         << describe(launch) << '\n';
    return text.str();
}

} // namespace rift
