#include "rift-bench/nfft_bench.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <complex>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "common/buffers.h"
#include "common/checks.h"
#include "common/timers.h"
#include "rift-bench/host_data.h"
#include "rift-bench/direct_ndft.h"
#include "rift/rift.hpp"

namespace rift::bench {

using client::Buffer;
using client::check_rift;
using client::MemoryKind;

namespace {

constexpr int kWarmupRuns = 3;
constexpr size_t kVerifiedSamples = 64;

template <class Real>
std::vector<Real> make_nodes(const Options& options, size_t count, size_t dims, std::mt19937_64& random)
{
    std::uniform_real_distribution<double> uniform(-0.5, 0.5);
    std::normal_distribution<double> cluster(0.1, 0.05);
    std::vector<Real> nodes(count * dims);
    for (Real& x : nodes) {
        const double value = options.nfft_clustered ? cluster(random) : uniform(random);
        x = Real(value - std::floor(value + 0.5)); // into [-1/2, 1/2)
    }
    return nodes;
}

// Median times of one direction's steps (rift_nfft_execute_timed), by rift_nfft_execute_timed's order.
struct StepTimes {
    double milliseconds[3] = {0, 0, 0}; // correction, grid FFT, gridding
};

struct Result {
    double plan_ms = 0, set_nodes_ms = 0;
    client::TimingStats forward, adjoint;
    StepTimes forward_steps, adjoint_steps;
    double direct_ms = -1;
    double forward_error = -1, adjoint_error = -1;
    std::string print;
};

std::string number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.4g", value);
    return text;
}

// exp(sign 2 pi i k x) for k = -floor(N/2) .. ceil(N/2) - 1, in double.
std::vector<std::complex<double>> phases(size_t modes, double x, int sign)
{
    std::vector<std::complex<double>> row(modes);
    const long long below = (long long)(modes / 2);
    for (size_t m = 0; m < modes; ++m) {
        const double turns = double((long long)m - below) * x;
        const double angle = sign * 2 * M_PI * (turns - std::floor(turns));
        row[m] = {std::cos(angle), std::sin(angle)};
    }
    return row;
}

template <class Real>
Result measure(const Options& options, const Target& target)
{
    using Value = std::complex<Real>;
    const rift_precision precision = sizeof(Real) == 4 ? rift_precision_single : rift_precision_double;
    const std::vector<size_t>& modes = options.lengths;
    const size_t dims = modes.size(), count = *options.nfft_nodes;
    size_t coefficients = 1;
    for (size_t n : modes) coefficients = client::checked_product(coefficients, n, "NFFT coefficients");
    const MemoryKind memory = target.gpu ? MemoryKind::device : MemoryKind::host;

    // The plan first: rift refuses an invalid case before anything is allocated for it.
    Result r;
    rift_nfft nfft = nullptr;
    const auto plan_start = std::chrono::steady_clock::now();
    if (options.nfft_gaussian_width != 0)
        check_rift(rift_nfft_create_expert(&nfft, precision, dims, modes.data(), count, 1, rift_nfft_window_gaussian,
                                           options.nfft_gaussian_width, 2.0),
                   "rift_nfft_create_expert");
    else
        check_rift(rift_nfft_create(&nfft, precision, dims, modes.data(), count, 1, options.nfft_tolerance),
                   "rift_nfft_create");
    const std::unique_ptr<std::remove_pointer_t<rift_nfft>, rift_status (*)(rift_nfft)> owned(nfft, rift_nfft_destroy);
    r.plan_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - plan_start).count();
    size_t size = 0;
    check_rift(rift_nfft_get_print(nfft, nullptr, 0, &size), "rift_nfft_get_print");
    std::string text(size, '\0');
    check_rift(rift_nfft_get_print(nfft, text.data(), size, &size), "rift_nfft_get_print");
    r.print = text.c_str();

    std::mt19937_64 random(options.seed);
    const std::vector<Real> nodes = make_nodes<Real>(options, count, dims, random);
    const std::vector<Value> f_hat = random_complex<Real>(coefficients, random);
    const std::vector<Value> f = random_complex<Real>(count, random);

    rift::execution_info info;
    info.executor(target.gpu ? rift_executor_gpu : rift_executor_host).stream(target.stream);
    Buffer node_buffer(memory, nodes.size() * sizeof(Real)), coefficient_buffer(memory, coefficients * sizeof(Value));
    Buffer value_buffer(memory, count * sizeof(Value));
    node_buffer.upload(nodes.data(), node_buffer.bytes());
    const auto set_start = std::chrono::steady_clock::now();
    check_rift(rift_nfft_set_nodes(nfft, node_buffer.data(), info.get()), "rift_nfft_set_nodes");
    r.set_nodes_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - set_start).count();

    std::unique_ptr<client::Timer> timer;
    if (target.gpu)
        timer = std::make_unique<client::EventTimer>(target.stream);
    else
        timer = std::make_unique<client::HostTimer>();
    coefficient_buffer.upload(f_hat.data(), coefficient_buffer.bytes());
    value_buffer.fill_nan();
    const auto forward = [&] {
        check_rift(rift_nfft_execute(nfft, rift_nfft_forward, coefficient_buffer.data(), value_buffer.data(),
                                     info.get()),
                   "rift_nfft_execute");
    };
    r.forward = client::time_runs(*timer, forward, kWarmupRuns, options.iterations);
    std::vector<Value> forward_values(count);
    value_buffer.download(forward_values.data(), value_buffer.bytes());

    value_buffer.upload(f.data(), value_buffer.bytes());
    coefficient_buffer.fill_nan();
    const auto adjoint = [&] {
        check_rift(rift_nfft_execute(nfft, rift_nfft_adjoint, value_buffer.data(), coefficient_buffer.data(),
                                     info.get()),
                   "rift_nfft_execute");
    };
    r.adjoint = client::time_runs(*timer, adjoint, kWarmupRuns, options.iterations);
    std::vector<Value> adjoint_coefficients(coefficients);
    coefficient_buffer.download(adjoint_coefficients.data(), coefficient_buffer.bytes());

    // Each step's median over timed runs, the outputs left as above.
    const auto time_steps = [&](rift_nfft_direction direction, const void* in, void* out_buffer) {
        std::vector<double> runs[3];
        for (int run = 0; run < std::max(options.iterations, 1); ++run) {
            double steps[3];
            check_rift(rift_nfft_execute_timed(nfft, direction, in, out_buffer, steps, info.get()),
                       "rift_nfft_execute_timed");
            for (int s = 0; s < 3; ++s) runs[s].push_back(steps[s]);
        }
        StepTimes median;
        for (int s = 0; s < 3; ++s) median.milliseconds[s] = client::summarize(runs[s]).median_ms;
        return median;
    };
    r.adjoint_steps = time_steps(rift_nfft_adjoint, value_buffer.data(), coefficient_buffer.data());
    coefficient_buffer.upload(f_hat.data(), coefficient_buffer.bytes());
    Buffer scratch_values(memory, count * sizeof(Value));
    r.forward_steps = time_steps(rift_nfft_forward, coefficient_buffer.data(), scratch_values.data());

    if (options.nfft_direct && target.gpu) {
        value_buffer.fill_nan();
        r.direct_ms = client::time_runs(*timer,
                                        [&] {
                                            direct_ndft(node_buffer.data(), coefficient_buffer.data(),
                                                        value_buffer.data(), modes.data(), dims, count,
                                                        sizeof(Real) == 4, target.stream);
                                        },
                                        1, 3)
                          .median_ms;
    }

    if (options.verify) {
        // Sampled outputs against direct sums in double: forward at random nodes, adjoint at random coefficients.
        std::uniform_int_distribution<size_t> pick_node(0, count - 1), pick_coefficient(0, coefficients - 1);
        long double difference = 0, norm = 0;
        for (size_t s = 0; s < kVerifiedSamples; ++s) {
            const size_t j = pick_node(random);
            std::vector<std::vector<std::complex<double>>> rows;
            for (size_t d = 0; d < dims; ++d) rows.push_back(phases(modes[d], double(nodes[j * dims + d]), -1));
            std::complex<double> sum = 0;
            for (size_t k = 0; k < coefficients; ++k) {
                size_t rest = k;
                std::complex<double> phase = 1;
                for (size_t d = 0; d < dims; ++d) {
                    phase *= rows[d][rest % modes[d]];
                    rest /= modes[d];
                }
                sum += phase * std::complex<double>(f_hat[k]);
            }
            difference += std::norm(std::complex<double>(forward_values[j]) - sum);
            norm += std::norm(sum);
        }
        r.forward_error = double(std::sqrt(difference / norm));
        difference = norm = 0;
        for (size_t s = 0; s < kVerifiedSamples; ++s) {
            const size_t k = pick_coefficient(random);
            std::complex<double> sum = 0;
            for (size_t j = 0; j < count; ++j) {
                size_t rest = k;
                double turns = 0;
                for (size_t d = 0; d < dims; ++d) {
                    turns += double((long long)(rest % modes[d]) - (long long)(modes[d] / 2)) * double(nodes[j * dims + d]);
                    rest /= modes[d];
                }
                const double angle = 2 * M_PI * (turns - std::floor(turns));
                sum += std::complex<double>(std::cos(angle), std::sin(angle)) * std::complex<double>(f[j]);
            }
            difference += std::norm(std::complex<double>(adjoint_coefficients[k]) - sum);
            norm += std::norm(sum);
        }
        r.adjoint_error = double(std::sqrt(difference / norm));
    }
    return r;
}

} // namespace

int run_nfft_bench(const Options& options, const Target& target, std::ostream& out)
{
    if (options.lengths.empty() || options.lengths.size() > 3) throw client::Error("--nfft needs --length N0 [N1 [N2]]");
    const Result r = options.precision == rift_precision_single ? measure<float>(options, target)
                                                                : measure<double>(options, target);
    const size_t count = *options.nfft_nodes;
    const auto rate = [&](double ms) { return double(count) / (ms / 1e3); };
    const char* precision = options.precision == rift_precision_single ? "single" : "double";
    std::string shape;
    for (size_t d = 0; d < options.lengths.size(); ++d) shape += (d ? "x" : "") + std::to_string(options.lengths[d]);
    const char* nodes = options.nfft_clustered ? "clustered" : "uniform";
    const std::string window = options.nfft_gaussian_width != 0
                                   ? "gaussian W=" + std::to_string(options.nfft_gaussian_width)
                                   : "tolerance " + number(options.nfft_tolerance);
    const auto split = [](const StepTimes& steps) {
        return "correction " + number(steps.milliseconds[0]) + " ms, grid FFT " +
               number(steps.milliseconds[1]) + " ms, gridding " +
               number(steps.milliseconds[2]) + " ms";
    };
    if (options.csv) {
        out << "precision,modes,nodes,distribution,window,executor,plan_ms,set_nodes_ms,forward_ms,adjoint_ms,"
               "forward_correction_ms,forward_fft_ms,forward_gridding_ms,adjoint_correction_ms,adjoint_fft_ms,"
               "adjoint_gridding_ms,forward_nodes_per_s,adjoint_nodes_per_s,direct_ms,forward_error,adjoint_error\n"
            << precision << ',' << shape << ',' << count << ',' << nodes << ',' << window << ','
            << (target.gpu ? "gpu" : "host") << ',' << r.plan_ms << ',' << r.set_nodes_ms << ','
            << r.forward.median_ms << ',' << r.adjoint.median_ms << ',';
        for (const StepTimes& steps : {r.forward_steps, r.adjoint_steps})
            for (double ms : steps.milliseconds) out << ms << ',';
        out << rate(r.forward.median_ms) << ',' << rate(r.adjoint.median_ms) << ',' << r.direct_ms << ','
            << r.forward_error << ',' << r.adjoint_error << '\n';
        return 0;
    }
    out << "rift-bench nfft: " << precision << ", coefficients " << shape << ", " << count << ' ' << nodes
        << " nodes, " << window << " ("
        << (target.gpu ? "GPU " + target.device : std::string("host executor")) << ")\n"
        << r.print << "plan creation: " << r.plan_ms << " ms; set nodes (sorting into bins): " << r.set_nodes_ms
        << " ms\n"
        << "forward: " << r.forward.median_ms << " ms median (" << rate(r.forward.median_ms) / 1e9
        << " x 10^9 nodes/s); steps (medians of rift_nfft_execute_timed): " << split(r.forward_steps) << "\n"
        << "adjoint: " << r.adjoint.median_ms << " ms median (" << rate(r.adjoint.median_ms) / 1e9
        << " x 10^9 nodes/s); steps: " << split(r.adjoint_steps) << "\n";
    if (r.direct_ms >= 0)
        out << "direct NDFT on the GPU (forward): " << r.direct_ms << " ms; the NFFT is "
            << r.direct_ms / r.forward.median_ms << "x faster\n";
    if (r.forward_error >= 0)
        out << "verify (" << kVerifiedSamples << " sampled outputs against direct sums in double): forward "
            << r.forward_error << ", adjoint " << r.adjoint_error << '\n';
    return 0;
}

} // namespace rift::bench
