#include "rift-bench/convolution_bench.h"

#include <chrono>
#include <cmath>
#include <complex>
#include <memory>
#include <ostream>
#include <random>
#include <vector>

#include "common/buffers.h"
#include "common/checks.h"
#include "common/timers.h"
#include "rift-bench/host_data.h"
#include "rift-bench/pointwise_product.h"
#include "rift/rift.hpp"

namespace rift::bench {

using client::Buffer;
using client::MemoryKind;

namespace {

constexpr int kWarmupRuns = 3;

// The shortest 2^a 3^b 5^c 7^d at least n: the padded length a user of an FFT library would pick.
size_t smooth_length_at_least(size_t n)
{
    size_t best = 0;
    for (size_t p2 = 1; p2 < 2 * n; p2 *= 2)
        for (size_t p3 = p2; p3 < 2 * n; p3 *= 3)
            for (size_t p5 = p3; p5 < 2 * n; p5 *= 5)
                for (size_t p7 = p5; p7 < 2 * n; p7 *= 7)
                    if (p7 >= n && (best == 0 || p7 < best)) best = p7;
    return best;
}

const char* type_name(rift_convolution_type type)
{
    switch (type) {
    case rift_convolution_linear: return "linear";
    case rift_convolution_circular: return "circular";
    case rift_correlation_linear: return "correlation";
    case rift_correlation_circular: return "circular-correlation";
    }
    return "?";
}

// `signals` rows of `length` values, each zero padded to `padded` (circular filters longer than the period
// folded onto it first).
template <class Real>
std::vector<std::complex<Real>> padded_rows(const std::vector<std::complex<Real>>& values, size_t length,
                                            size_t signals, size_t padded)
{
    std::vector<std::complex<Real>> rows(signals * padded);
    for (size_t s = 0; s < signals; ++s)
        for (size_t n = 0; n < length; ++n) rows[s * padded + n % padded] += values[s * length + n];
    return rows;
}

struct Timings {
    double plan_ms = 0;
    client::TimingStats rift;
    client::TimingStats route;          // all four steps
    client::TimingStats route_prepared; // without the filter's transform (its spectrum kept)
    client::TimingStats product;
    size_t padded_length = 0;
    std::string plan_text;
    double difference = -1; // --verify: relative L2 difference of the two outputs
};

template <class Real>
Timings measure(const Options& options, const Target& target)
{
    using Value = std::complex<Real>;
    const rift_precision precision = sizeof(Real) == 4 ? rift_precision_single : rift_precision_double;
    const size_t length = options.lengths[0], taps = *options.filter_length, signals = options.batch.value_or(1);
    const rift_convolution_type type = options.convolution_type;
    const bool circular = type == rift_convolution_circular || type == rift_correlation_circular;
    const bool correlation = type == rift_correlation_linear || type == rift_correlation_circular;
    const MemoryKind memory = target.gpu ? MemoryKind::device : MemoryKind::host;

    std::mt19937_64 random(options.seed);
    const std::vector<Value> filter = random_complex<Real>(taps, random);

    // The plan first: rift refuses an invalid case before anything is allocated for it.
    Timings t;
    const auto plan_start = std::chrono::steady_clock::now();
    const rift::convolution convolution(type, precision, length, filter.data(), taps, signals);
    t.plan_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - plan_start).count();
    t.plan_text = convolution.print();
    const size_t outputs = convolution.output_length();
    const std::vector<Value> input = random_complex<Real>(signals * length, random);

    rift::execution_info info;
    info.executor(target.gpu ? rift_executor_gpu : rift_executor_host).stream(target.stream);
    Buffer signal_buffer(memory, input.size() * sizeof(Value)), output_buffer(memory, signals * outputs * sizeof(Value));
    signal_buffer.upload(input.data(), signal_buffer.bytes());
    std::unique_ptr<client::Timer> timer;
    if (target.gpu)
        timer = std::make_unique<client::EventTimer>(target.stream);
    else
        timer = std::make_unique<client::HostTimer>();
    const auto run_rift = [&] { convolution.execute(signal_buffer.data(), output_buffer.data(), &info); };
    output_buffer.fill_nan();
    t.rift = client::time_runs(*timer, run_rift, kWarmupRuns, options.iterations);

    // The FFT route, with its signals already zero padded in a buffer of their own (a cost it does not pay here).
    const size_t padded = circular ? length : smooth_length_at_least(length + taps - 1);
    t.padded_length = padded;
    const std::vector<Value> padded_signals = padded_rows(input, length, signals, padded);
    const std::vector<Value> padded_filter = padded_rows(filter, taps, 1, padded);
    Buffer signal_rows(memory, padded_signals.size() * sizeof(Value)), spectra(memory, signal_rows.bytes());
    Buffer filter_row(memory, padded * sizeof(Value)), filter_spectrum(memory, padded * sizeof(Value));
    signal_rows.upload(padded_signals.data(), signal_rows.bytes());
    filter_row.upload(padded_filter.data(), filter_row.bytes());
    const rift::plan forward(rift_placement_notinplace, rift_transform_type_complex_forward, precision, {padded},
                             signals);
    const rift::plan filter_forward(rift_placement_notinplace, rift_transform_type_complex_forward, precision,
                                    {padded});
    const rift::plan inverse(rift_placement_inplace, rift_transform_type_complex_inverse, precision, {padded},
                             signals);
    const auto product = [&] {
        pointwise_product(spectra.data(), filter_spectrum.data(), padded, signals, correlation, 1.0 / double(padded),
                          sizeof(Real) == 4, target.gpu, target.stream);
    };
    const auto run_prepared = [&] {
        forward.execute(signal_rows.data(), spectra.data(), &info);
        product();
        inverse.execute(spectra.data(), nullptr, &info);
    };
    const auto run_route = [&] {
        filter_forward.execute(filter_row.data(), filter_spectrum.data(), &info);
        run_prepared();
    };
    t.route = client::time_runs(*timer, run_route, kWarmupRuns, options.iterations);
    t.route_prepared = client::time_runs(*timer, run_prepared, kWarmupRuns, options.iterations);
    t.product = client::time_runs(*timer, product, kWarmupRuns, options.iterations);

    if (options.verify) {
        // Fresh results of both: the timed runs changed the route's spectra in place.
        output_buffer.fill_nan();
        run_rift();
        run_route();
        if (target.gpu) client::check_hip(hipStreamSynchronize(target.stream), "hipStreamSynchronize");
        std::vector<Value> ours(signals * outputs), theirs(signals * padded);
        output_buffer.download(ours.data(), output_buffer.bytes());
        spectra.download(theirs.data(), spectra.bytes());
        // Linear correlation's output n is lag n - (K - 1), which the route's circular result holds modulo P.
        const size_t lag_shift = type == rift_correlation_linear ? taps - 1 : 0;
        double worst = 0;
        for (size_t s = 0; s < signals; ++s) {
            long double difference = 0, norm = 0;
            for (size_t n = 0; n < outputs; ++n) {
                const Value expected = theirs[s * padded + (n + padded - lag_shift % padded) % padded];
                difference += std::norm(std::complex<long double>(ours[s * outputs + n]) -
                                        std::complex<long double>(expected));
                norm += std::norm(std::complex<long double>(expected));
            }
            const double relative = std::isnan(double(difference)) ? NAN : double(std::sqrt(difference / norm));
            worst = std::isnan(relative) || relative > worst ? relative : worst;
        }
        t.difference = worst;
    }
    return t;
}

} // namespace

int run_convolution_bench(const Options& options, const Target& target, std::ostream& out)
{
    const Timings t = options.precision == rift_precision_single ? measure<float>(options, target)
                                                                 : measure<double>(options, target);
    const size_t length = options.lengths[0], taps = *options.filter_length, signals = options.batch.value_or(1);
    const bool circular =
        options.convolution_type == rift_convolution_circular || options.convolution_type == rift_correlation_circular;
    const size_t outputs = circular ? length : length + taps - 1;
    const size_t element = options.precision == rift_precision_single ? 8 : 16;
    const double gbps = double(signals * (length + outputs) * element) / (t.rift.median_ms / 1e3) / 1e9;
    const char* precision = options.precision == rift_precision_single ? "single" : "double";
    if (options.csv) {
        out << "type,precision,signal,filter,signals,executor,padded,plan_ms,rift_ms,route_ms,route_prepared_ms,"
               "product_ms,rift_gbps,speedup,speedup_prepared,difference\n"
            << type_name(options.convolution_type) << ',' << precision << ',' << length << ',' << taps << ','
            << signals << ',' << (target.gpu ? "gpu" : "host") << ',' << t.padded_length << ',' << t.plan_ms << ','
            << t.rift.median_ms << ',' << t.route.median_ms << ',' << t.route_prepared.median_ms << ','
            << t.product.median_ms << ',' << gbps << ',' << t.route.median_ms / t.rift.median_ms << ','
            << t.route_prepared.median_ms / t.rift.median_ms << ',';
        if (t.difference >= 0 || std::isnan(t.difference)) out << t.difference;
        out << '\n';
        return 0;
    }
    out << "rift-bench convolution: " << type_name(options.convolution_type) << ' ' << precision << ", " << signals
        << " signal(s) of " << length << ", filter of " << taps << " taps, outputs of " << outputs << " ("
        << (target.gpu ? "GPU " + target.device : std::string("host executor")) << ")\n"
        << t.plan_text << "plan creation: " << t.plan_ms << " ms\n"
        << "rift convolution:        " << t.rift.median_ms << " ms median (" << gbps
        << " GB/s of signals in + outputs out)\n"
        << "FFT route, padded to " << t.padded_length << ": " << t.route.median_ms
        << " ms (forward transforms of signals and filter, product, inverse transform)\n"
        << "  without the filter's transform: " << t.route_prepared.median_ms << " ms; the product alone "
        << t.product.median_ms << " ms\n"
        << "speedup: " << t.route.median_ms / t.rift.median_ms << "x (against the route without the filter's "
        << "transform: " << t.route_prepared.median_ms / t.rift.median_ms << "x)\n";
    if (t.difference >= 0 || std::isnan(t.difference))
        out << "verify: relative L2 difference from the FFT route " << t.difference << '\n';
    return 0;
}

} // namespace rift::bench
