// The nonequispaced FFT (rift_nfft_*) against the direct NDFT summed on the host in long double, on every
// executor: d = 1, 2, 3, even and odd coefficient counts, uniform random and clustered nodes (clusters fill bins
// beyond one subproblem), nodes outside [-1/2, 1/2) that wrap, several vectors, tolerances from 1e-2 to 1e-6
// (single) and 1e-12 (double), each met by the measured relative L2 error. Outputs are poisoned before each run.
// The forward and adjoint transforms are checked to be adjoint to each other; then the API's refusals.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <complex>
#include <random>
#include <string>
#include <vector>

#include "library/platform/allocation_faults.h"
#include "library/tables/nfft_window.h"
#include "rift/rift.h"
#include "rift/rift.hpp"
#include "tests/executor_fixture.h"
#include "tests/gpu.h"
#include "tests/handles.h"
#include "tests/reference.h"
#include "tests/transform_check.h"

namespace rift::test {

struct NfftDeleter {
    void operator()(rift_nfft nfft) const { rift_nfft_destroy(nfft); }
};
using NfftHandle = std::unique_ptr<std::remove_pointer_t<rift_nfft>, NfftDeleter>;

namespace {

constexpr long double kTwoPi = 6.283185307179586476925286766559L;

enum class NodeSpread {
    uniform,   // uniform in [-1/2, 1/2)^d
    clustered, // most nodes in a box of 1/16 per side: bins with many subproblems
    dense,     // most nodes in a box of 1/64 per side: thousands of nodes on each grid point they reach
    wrapping   // uniform in [-3, 3)^d: every coordinate wraps
};

std::string short_number(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

struct NfftCase {
    rift_precision precision = rift_precision_single;
    std::vector<size_t> modes; // N_d, dimension 0 fastest
    size_t nodes = 0;
    double tolerance = 1e-6;
    NodeSpread spread = NodeSpread::uniform;
    size_t vectors = 1;
    size_t width = 0; // nonzero: rift_nfft_create_expert with this width and `oversampling`
    double oversampling = 2;
    double bar = 0; // 0: the tolerance
    // The Gaussian: rift_nfft_create_expert with the width the plan's rule gives for the tolerance (or `width`).
    rift_nfft_window window = rift_nfft_window_exponential_of_semicircle;

    size_t coefficients() const
    {
        size_t count = 1;
        for (size_t n : modes) count *= n;
        return count;
    }
    std::string name() const
    {
        std::string text = precision == rift_precision_single ? "single" : "double";
        for (size_t d = 0; d < modes.size(); ++d) text += (d ? "x" : "-N") + std::to_string(modes[d]);
        text += "-M" + std::to_string(nodes);
        static const char* spreads[] = {"-uniform", "-clustered", "-dense", "-wrapping"};
        text += spreads[int(spread)];
        if (window == rift_nfft_window_gaussian) text += "-gaussian";
        if (width != 0)
            text += "-W" + std::to_string(width) + "-sigma" + short_number(oversampling);
        else
            text += "-eps" + short_number(tolerance);
        if (vectors > 1) text += "-v" + std::to_string(vectors);
        return text;
    }
};

template <class Real>
std::vector<Real> random_nodes(const NfftCase& c, uint64_t seed)
{
    std::mt19937_64 engine(seed);
    std::uniform_real_distribution<double> unit(-0.5, 0.5);
    const size_t dims = c.modes.size();
    std::vector<Real> nodes(c.nodes * dims);
    for (size_t j = 0; j < c.nodes; ++j)
        for (size_t d = 0; d < dims; ++d) {
            double x = unit(engine);
            if (c.spread == NodeSpread::clustered && j % 10 != 0) x = 0.1 + x / 16;
            if (c.spread == NodeSpread::dense && j % 10 != 0) x = 0.1 + x / 64;
            if (c.spread == NodeSpread::wrapping) x *= 6;
            nodes[j * dims + d] = Real(x);
        }
    return nodes;
}

template <class Real>
std::vector<std::complex<Real>> random_values(size_t count, uint64_t seed)
{
    std::mt19937_64 engine(seed);
    std::uniform_real_distribution<double> unit(-1, 1);
    std::vector<std::complex<Real>> values(count);
    for (auto& v : values) v = {Real(unit(engine)), Real(unit(engine))};
    return values;
}

// exp(sign 2 pi i k x_j,d) for every node, dimension and k = -floor(N_d/2) .. ceil(N_d/2) - 1, in long double.
template <class Real>
std::vector<std::vector<ReferenceComplex>> node_phases(const NfftCase& c, const std::vector<Real>& nodes, int sign)
{
    const size_t dims = c.modes.size();
    std::vector<std::vector<ReferenceComplex>> phases(c.nodes * dims);
    for (size_t j = 0; j < c.nodes; ++j)
        for (size_t d = 0; d < dims; ++d) {
            const long double x = nodes[j * dims + d];
            const long long below = (long long)(c.modes[d] / 2);
            auto& row = phases[j * dims + d];
            row.resize(c.modes[d]);
            for (size_t m = 0; m < c.modes[d]; ++m) {
                const long double angle = sign * kTwoPi * (long double)((long long)m - below) * x;
                row[m] = {std::cos(angle), std::sin(angle)};
            }
        }
    return phases;
}

// The definitions in rift.h, summed directly: forward (coefficients to values) or adjoint.
template <class Real>
std::vector<ReferenceComplex> direct_ndft(const NfftCase& c, const std::vector<Real>& nodes,
                                          const std::vector<std::complex<Real>>& input, bool forward)
{
    const size_t dims = c.modes.size(), count = c.coefficients();
    const auto phases = node_phases(c, nodes, forward ? -1 : 1);
    std::vector<ReferenceComplex> output(c.vectors * (forward ? c.nodes : count));
    std::vector<ReferenceComplex> phase(count);
    for (size_t j = 0; j < c.nodes; ++j) {
        // The node's phase at every coefficient, dimension 0 fastest.
        for (size_t k = 0; k < count; ++k) {
            size_t rest = k;
            ReferenceComplex p = 1;
            for (size_t d = 0; d < dims; ++d) {
                p *= phases[j * dims + d][rest % c.modes[d]];
                rest /= c.modes[d];
            }
            phase[k] = p;
        }
        for (size_t v = 0; v < c.vectors; ++v) {
            if (forward) {
                ReferenceComplex sum = 0;
                for (size_t k = 0; k < count; ++k) {
                    const std::complex<Real>& f = input[v * count + k];
                    sum += phase[k] * ReferenceComplex(f.real(), f.imag());
                }
                output[v * c.nodes + j] = sum;
            } else {
                const std::complex<Real>& f = input[v * c.nodes + j];
                const ReferenceComplex value(f.real(), f.imag());
                for (size_t k = 0; k < count; ++k) output[v * count + k] += phase[k] * value;
            }
        }
    }
    return output;
}

template <class Real>
long double relative_l2(const std::vector<std::complex<Real>>& got, const std::vector<ReferenceComplex>& expected)
{
    long double difference = 0, norm = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        const ReferenceComplex g(got[i].real(), got[i].imag());
        difference += std::norm(g - expected[i]);
        norm += std::norm(expected[i]);
    }
    return std::sqrt(difference / norm); // NaN when an output was left poisoned
}

class NfftRun {
public:
    explicit NfftRun(Executor executor) : executor_(executor) {}

    // "" or what went wrong.
    template <class Real>
    std::string create(const NfftCase& c, const std::vector<Real>& nodes)
    {
        rift_nfft made = nullptr;
        const bool gaussian = c.window == rift_nfft_window_gaussian;
        const size_t width = c.width != 0 || !gaussian ? c.width
                                                       : nfft_width_for_tolerance(NfftWindowShape::gaussian, c.tolerance,
                                                                                  c.precision == rift_precision_single);
        const rift_status status =
            width != 0 ? rift_nfft_create_expert(&made, c.precision, c.modes.size(), c.modes.data(), c.nodes,
                                                 c.vectors, c.window, width, c.oversampling)
                       : rift_nfft_create(&made, c.precision, c.modes.size(), c.modes.data(), c.nodes, c.vectors,
                                          c.tolerance);
        if (status != rift_status_success) return "rift_nfft_create: " + describe_failure(status);
        nfft_.reset(made);
        rift_execution_info info = nullptr;
        if (rift_execution_info_create(&info) != rift_status_success) return "rift_execution_info_create failed";
        info_.reset(info);
        rift_execution_info_set_executor(info, on_gpu(executor_) ? rift_executor_gpu : rift_executor_host);
        const size_t bytes = nodes.size() * sizeof(Real);
        if (!on_gpu(executor_)) {
            const rift_status set = rift_nfft_set_nodes(made, nodes.data(), info);
            return set == rift_status_success ? "" : "rift_nfft_set_nodes: " + describe_failure(set);
        }
        DeviceMemory device_nodes;
        std::string problem = device_nodes.allocate(bytes);
        if (problem.empty()) problem = device_nodes.upload(nodes.data(), bytes);
        if (!problem.empty()) return problem;
        const rift_status set = rift_nfft_set_nodes(made, device_nodes.get(), info);
        return set == rift_status_success ? "" : "rift_nfft_set_nodes: " + describe_failure(set);
    }

    // step_milliseconds: run through rift_nfft_execute_timed.
    template <class Real>
    std::string execute(rift_nfft_direction direction, const std::vector<std::complex<Real>>& input,
                        std::vector<std::complex<Real>>& output, double* step_milliseconds = nullptr)
    {
        const auto execute_on = [&](const void* in, void* out) {
            return step_milliseconds != nullptr
                       ? rift_nfft_execute_timed(nfft_.get(), direction, in, out, step_milliseconds, info_.get())
                       : rift_nfft_execute(nfft_.get(), direction, in, out, info_.get());
        };
        if (!on_gpu(executor_)) {
            const rift_status status = execute_on(input.data(), output.data());
            return status == rift_status_success ? "" : "rift_nfft_execute: " + describe_failure(status);
        }
        const size_t in_bytes = input.size() * sizeof(input[0]), out_bytes = output.size() * sizeof(output[0]);
        DeviceMemory device_in, device_out;
        std::string problem = device_in.allocate(in_bytes);
        if (problem.empty()) problem = device_in.upload(input.data(), in_bytes);
        if (problem.empty()) problem = device_out.allocate(out_bytes);
        if (problem.empty()) problem = device_out.upload(output.data(), out_bytes);
        if (!problem.empty()) return problem;
        const rift_status status = execute_on(device_in.get(), device_out.get());
        if (status != rift_status_success) return "rift_nfft_execute: " + describe_failure(status);
        problem = synchronize_device();
        if (problem.empty()) problem = device_out.download(output.data(), out_bytes);
        return problem;
    }

private:
    Executor executor_;
    NfftHandle nfft_;
    ExecutionInfoHandle info_;
};

template <class Real>
std::vector<std::complex<Real>> poisoned(size_t count)
{
    return std::vector<std::complex<Real>>(count, {std::numeric_limits<Real>::quiet_NaN(),
                                                   std::numeric_limits<Real>::quiet_NaN()});
}

// Both directions of one case; each must meet the case's bar.
template <class Real>
std::vector<NamedOutcome> check_nfft(Executor executor, const NfftCase& c)
{
    const uint64_t seed = case_seed(c.name());
    const std::vector<Real> nodes = random_nodes<Real>(c, seed);
    const auto coefficients = random_values<Real>(c.vectors * c.coefficients(), seed + 1);
    const auto values = random_values<Real>(c.vectors * c.nodes, seed + 2);
    const double bar = c.bar != 0 ? c.bar : c.tolerance;
    std::vector<NamedOutcome> outcomes;
    NfftRun run(executor);
    const std::string failure = run.create(c, nodes);
    for (const bool forward : {true, false}) {
        const auto& input = forward ? coefficients : values;
        auto output = poisoned<Real>(forward ? values.size() : coefficients.size());
        CaseOutcome outcome;
        outcome.failure = failure;
        if (failure.empty()) outcome.failure = run.execute(forward ? rift_nfft_forward : rift_nfft_adjoint, input, output);
        if (outcome.failure.empty()) {
            const long double error = relative_l2(output, direct_ndft(c, nodes, input, forward));
            outcome = finish_outcome(outcome, error, bar, "");
        }
        outcomes.push_back({c.name() + (forward ? "-forward" : "-adjoint"), c.precision, outcome});
    }
    return outcomes;
}

void check_nffts(Executor executor, const std::vector<NfftCase>& cases)
{
    std::vector<NamedOutcome> outcomes;
    for (const NfftCase& c : cases) {
        const auto more = c.precision == rift_precision_single ? check_nfft<float>(executor, c)
                                                               : check_nfft<double>(executor, c);
        outcomes.insert(outcomes.end(), more.begin(), more.end());
    }
    report_outcomes(executor, "nfft", outcomes);
}

using Nfft = ExecutorTest;

TEST_P(Nfft, MeetsTheToleranceInEveryDimension)
{
    std::vector<NfftCase> cases;
    for (double tolerance : {1e-2, 1e-4, 1e-6}) {
        cases.push_back({rift_precision_single, {64}, 500, tolerance});
        cases.push_back({rift_precision_single, {24, 17}, 700, tolerance});
        cases.push_back({rift_precision_single, {8, 10, 6}, 600, tolerance});
    }
    for (double tolerance : {1e-3, 1e-5}) cases.push_back({rift_precision_single, {20, 16}, 400, tolerance});
    for (double tolerance : {1e-4, 1e-8, 1e-12}) {
        cases.push_back({rift_precision_double, {101}, 500, tolerance});
        cases.push_back({rift_precision_double, {16, 20}, 600, tolerance});
        cases.push_back({rift_precision_double, {8, 6, 9}, 500, tolerance});
    }
    check_nffts(executor(), cases);
}

// The Gaussian window by fast Gaussian gridding, at the width its rule gives for each tolerance (about twice the
// exponential of semicircle's).
TEST_P(Nfft, GaussianWindowMeetsTheTolerance)
{
    std::vector<NfftCase> cases;
    const auto gaussian = [&](rift_precision precision, std::vector<size_t> modes, size_t nodes, double tolerance,
                              NodeSpread spread) {
        NfftCase c{precision, std::move(modes), nodes, tolerance, spread};
        c.window = rift_nfft_window_gaussian;
        cases.push_back(c);
    };
    for (double tolerance : {1e-2, 1e-4, 1e-6}) {
        gaussian(rift_precision_single, {64}, 500, tolerance, NodeSpread::uniform);
        gaussian(rift_precision_single, {24, 17}, 700, tolerance, NodeSpread::uniform);
        gaussian(rift_precision_single, {8, 10, 6}, 600, tolerance, NodeSpread::wrapping);
    }
    for (double tolerance : {1e-4, 1e-7}) { // 16 points reach about 3e-8
        gaussian(rift_precision_double, {101}, 500, tolerance, NodeSpread::clustered);
        gaussian(rift_precision_double, {16, 20}, 600, tolerance, NodeSpread::uniform);
        gaussian(rift_precision_double, {8, 6, 9}, 500, tolerance, NodeSpread::uniform);
    }
    check_nffts(executor(), cases);
}

// rift_nfft_execute_timed gives the same outputs as rift_nfft_execute and a time for each of the three steps.
TEST_P(Nfft, TimedExecutionTimesEachStep)
{
    const NfftCase c{rift_precision_single, {48, 40}, 6000, 1e-6, NodeSpread::uniform, 2};
    const uint64_t seed = case_seed("timed" + c.name());
    const std::vector<float> nodes = random_nodes<float>(c, seed);
    const auto f_hat = random_values<float>(c.vectors * c.coefficients(), seed + 1);
    NfftRun run(executor());
    ASSERT_EQ(run.create(c, nodes), "");
    for (const rift_nfft_direction direction : {rift_nfft_forward, rift_nfft_adjoint}) {
        const bool forward = direction == rift_nfft_forward;
        const auto& input = forward ? f_hat : random_values<float>(c.vectors * c.nodes, seed + 2);
        auto plain = poisoned<float>(c.vectors * (forward ? c.nodes : c.coefficients()));
        auto timed = plain;
        double steps[3] = {-1, -1, -1};
        ASSERT_EQ(run.execute(direction, input, plain), "");
        ASSERT_EQ(run.execute(direction, input, timed, steps), "");
        EXPECT_LT(relative_l2(timed, direct_ndft(c, nodes, input, forward)), c.tolerance);
        if (!on_gpu(executor())) { // the GPU's atomic adds may order the adjoint's sums differently
            EXPECT_EQ(std::memcmp(plain.data(), timed.data(), plain.size() * sizeof(plain[0])), 0);
        }
        for (double step : steps) EXPECT_GT(step, 0.0);
        std::printf("[ nfft     ] %s %s %s: correction %.3f ms, FFT %.3f ms, gridding %.3f ms\n",
                    to_string(executor()), c.name().c_str(), forward ? "forward" : "adjoint", steps[0], steps[1],
                    steps[2]);
    }
}

// Clustered nodes fill a few bins with several subproblems each; wrapping nodes lie outside [-1/2, 1/2). Single
// precision accumulates the grid and the interpolation sums in single, which with hundreds to thousands of
// nodes on each grid point (clustered, dense) measures 0.4-2.4e-6 at tolerance 1e-6 over seeds: held to 3e-6
// there (uniform nodes meet 1e-6, MeetsTheToleranceInEveryDimension).
TEST_P(Nfft, ClusteredAndWrappingNodes)
{
    std::vector<NfftCase> cases;
    for (rift_precision precision : {rift_precision_single, rift_precision_double}) {
        const bool single = precision == rift_precision_single;
        for (NodeSpread spread : {NodeSpread::clustered, NodeSpread::dense, NodeSpread::wrapping}) {
            const double tolerance = single ? 1e-6 : 1e-12;
            const double bar = single && spread != NodeSpread::wrapping ? 3e-6 : tolerance;
            for (const std::vector<size_t>& modes : {std::vector<size_t>{40}, {12, 16}, {6, 8, 4}})
                cases.push_back({precision, modes, 3000, tolerance, spread, 1, 0, 2, bar});
        }
    }
    check_nffts(executor(), cases);
}

// Several vectors over the same nodes, tiny grids (one coefficient, grids shorter than a tile), the expert
// window choices.
TEST_P(Nfft, VectorsTinyGridsAndExpertWindows)
{
    check_nffts(executor(), {{rift_precision_single, {30, 9}, 200, 1e-5, NodeSpread::uniform, 3},
                             {rift_precision_double, {7}, 50, 1e-10, NodeSpread::uniform, 2},
                             {rift_precision_single, {1}, 20, 1e-6},
                             {rift_precision_double, {1, 2, 3}, 40, 1e-12},
                             {rift_precision_single, {48}, 300, 0, NodeSpread::uniform, 1, 8, 1.5, 1e-5},
                             {rift_precision_double, {20, 20}, 300, 0, NodeSpread::uniform, 1, 16, 2, 1e-13},
                             {rift_precision_double, {10, 12, 8}, 300, 0, NodeSpread::uniform, 1, 5, 3, 1e-4}});
}

// <A f^, g> = <f^, A* g> for the transforms rift computes, to about the tolerance.
TEST_P(Nfft, ForwardAndAdjointAreAdjoint)
{
    for (rift_precision precision : {rift_precision_single, rift_precision_double}) {
        const double tolerance = precision == rift_precision_single ? 1e-5 : 1e-11;
        const NfftCase c{precision, {14, 12, 10}, 2000, tolerance};
        const uint64_t seed = case_seed("adjoint" + c.name());
        const auto check = [&](auto zero) {
            using Real = decltype(zero);
            const std::vector<Real> nodes = random_nodes<Real>(c, seed);
            const auto f_hat = random_values<Real>(c.coefficients(), seed + 1);
            const auto g = random_values<Real>(c.nodes, seed + 2);
            NfftRun run(executor());
            ASSERT_EQ(run.create(c, nodes), "");
            auto forward = poisoned<Real>(c.nodes);
            auto adjoint = poisoned<Real>(c.coefficients());
            ASSERT_EQ(run.execute(rift_nfft_forward, f_hat, forward), "");
            ASSERT_EQ(run.execute(rift_nfft_adjoint, g, adjoint), "");
            ReferenceComplex left = 0, right = 0;
            long double forward_norm = 0, g_norm = 0;
            for (size_t j = 0; j < c.nodes; ++j) {
                left += ReferenceComplex(forward[j].real(), forward[j].imag()) *
                        std::conj(ReferenceComplex(g[j].real(), g[j].imag()));
                forward_norm += std::norm(ReferenceComplex(forward[j].real(), forward[j].imag()));
                g_norm += std::norm(ReferenceComplex(g[j].real(), g[j].imag()));
            }
            for (size_t k = 0; k < c.coefficients(); ++k)
                right += ReferenceComplex(f_hat[k].real(), f_hat[k].imag()) *
                         std::conj(ReferenceComplex(adjoint[k].real(), adjoint[k].imag()));
            const long double mismatch = std::abs(left - right) / std::sqrt(forward_norm * g_norm);
            EXPECT_LT(mismatch, tolerance) << c.name();
            std::printf("[ nfft     ] %s adjointness %s: |<A f, g> - <f, A* g>| / (|A f| |g|) = %.3Le\n",
                        to_string(executor()), c.name().c_str(), mismatch);
        };
        if (precision == rift_precision_single)
            check(0.0f);
        else
            check(0.0);
    }
}

RIFT_INSTANTIATE_ON_EVERY_EXECUTOR(Nfft);

// Every allocation of an NFFT's creation, set_nodes and executions fails in turn: each must come back as
// rift_status_out_of_memory and leave no device allocation behind (host leaks: LeakSanitizer in CI), and the run
// with none failed gives the same bits as before.
std::string nfft_run_with_faults(Executor executor, long allocations_before_failure,
                                 std::vector<std::complex<float>>& out)
{
    const NfftCase c{rift_precision_single, {12, 10}, 300, 1e-5};
    const uint64_t seed = case_seed("faults" + c.name());
    const std::vector<float> nodes = random_nodes<float>(c, seed);
    const auto f_hat = random_values<float>(c.coefficients(), seed + 1);
    fail_allocation_after(allocations_before_failure);
    NfftRun run(executor);
    std::string failure = run.create(c, nodes);
    auto values = poisoned<float>(c.nodes);
    if (failure.empty()) failure = run.execute(rift_nfft_forward, f_hat, values);
    auto coefficients = poisoned<float>(c.coefficients());
    if (failure.empty()) failure = run.execute(rift_nfft_adjoint, values, coefficients);
    out = values;
    out.insert(out.end(), coefficients.begin(), coefficients.end());
    return failure;
}

void walk_nfft_allocation_failures(Executor executor)
{
    struct DisarmedAtExit {
        ~DisarmedAtExit() { fail_allocation_after(-1); }
    } disarm;
    std::vector<std::complex<float>> expected;
    const size_t device_allocations_before = live_device_allocations();
    ASSERT_EQ(nfft_run_with_faults(executor, -1, expected), "");
    int failures = 0;
    for (long k = 0;; ++k) {
        std::vector<std::complex<float>> out;
        const std::string failure = nfft_run_with_faults(executor, k, out);
        EXPECT_EQ(live_device_allocations(), device_allocations_before) << "after failing allocation " << k;
        if (!allocation_failure_pending() || !failure.empty()) {
            ++failures;
            EXPECT_NE(failure.find(rift_status_string(rift_status_out_of_memory)), std::string::npos)
                << "allocation " << k << " failed, but the calls said: " << (failure.empty() ? "success" : failure);
            ASSERT_LT(k, 200) << "more allocations than an NFFT makes";
            continue;
        }
        // The GPU's atomic adds sum the adjoint in any order, so its bits may differ from run to run.
        if (on_gpu(executor)) {
            long double difference = 0, norm = 0;
            for (size_t i = 0; i < out.size(); ++i) {
                difference += std::norm(std::complex<long double>(out[i]) - std::complex<long double>(expected[i]));
                norm += std::norm(std::complex<long double>(expected[i]));
            }
            EXPECT_LT(std::sqrt(difference / norm), 1e-6) << "a run after the failures differs from the first";
        } else {
            EXPECT_EQ(std::memcmp(out.data(), expected.data(), out.size() * sizeof(out[0])), 0)
                << "a run after the failures differs from the first";
        }
        break;
    }
    EXPECT_GT(failures, 0) << "no allocation was seen, so nothing was tested";
    std::printf("[ faults   ] nfft on %s: each of %d allocations failed in turn\n", to_string(executor), failures);
}

TEST(NfftAllocationFaults, EveryHostAllocationFailsCleanly) { walk_nfft_allocation_failures(Executor::host); }

TEST(GpuNfftAllocationFaults, EveryDeviceAndHostAllocationFailsCleanly)
{
    RIFT_SKIP_WITHOUT_GPU();
    walk_nfft_allocation_failures(Executor::gpu);
}

// The API's refusals: each gets its own status and leaves no handle behind.
class NfftApi : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_EQ(rift_setup(), rift_status_success); }
    void TearDown() override { rift_cleanup(); }

    rift_status create(rift_precision precision, size_t dimensions, const size_t* lengths, size_t nodes,
                       size_t vectors, double tolerance)
    {
        rift_nfft made = reinterpret_cast<rift_nfft>(&handle_); // must be reset on failure
        const rift_status status = rift_nfft_create(&made, precision, dimensions, lengths, nodes, vectors, tolerance);
        check_result(status, made);
        return status;
    }
    rift_status create_expert(size_t width, double oversampling,
                              rift_nfft_window window = rift_nfft_window_exponential_of_semicircle)
    {
        const size_t lengths[] = {16};
        rift_nfft made = reinterpret_cast<rift_nfft>(&handle_);
        const rift_status status =
            rift_nfft_create_expert(&made, rift_precision_single, 1, lengths, 10, 1, window, width, oversampling);
        check_result(status, made);
        return status;
    }
    void check_result(rift_status status, rift_nfft made)
    {
        if (status == rift_status_success) {
            handle_.reset(made);
        } else {
            EXPECT_EQ(made, nullptr);
            EXPECT_STRNE(rift_get_last_error_message(), "");
        }
    }

    NfftHandle handle_;
};

TEST_F(NfftApi, RefusesBadArguments)
{
    const auto s = rift_precision_single;
    const size_t lengths[] = {16, 16, 16, 16};
    const size_t zero[] = {16, 0};
    const size_t huge[] = {size_t(-3)};
    EXPECT_EQ(rift_nfft_create(nullptr, s, 1, lengths, 10, 1, 1e-6), rift_status_null_argument);
    EXPECT_EQ(create(s, 1, nullptr, 10, 1, 1e-6), rift_status_null_argument);
    EXPECT_EQ(create(rift_precision(9), 1, lengths, 10, 1, 1e-6), rift_status_invalid_array_type);
    EXPECT_EQ(create(rift_precision_half, 1, lengths, 10, 1, 1e-6), rift_status_not_implemented);
    EXPECT_EQ(create(s, 0, lengths, 10, 1, 1e-6), rift_status_invalid_dimensions);
    EXPECT_EQ(create(s, 4, lengths, 10, 1, 1e-6), rift_status_invalid_dimensions);
    EXPECT_EQ(create(s, 2, zero, 10, 1, 1e-6), rift_status_invalid_length);
    EXPECT_EQ(create(s, 1, huge, 10, 1, 1e-6), rift_status_invalid_length);
    EXPECT_EQ(create(s, 1, lengths, 0, 1, 1e-6), rift_status_invalid_length);
    EXPECT_EQ(create(s, 1, lengths, size_t(1) << 33, 1, 1e-6), rift_status_not_implemented);
    EXPECT_EQ(create(s, 1, lengths, 10, 0, 1e-6), rift_status_invalid_batch);
    EXPECT_EQ(create(s, 1, lengths, 10, size_t(-1), 1e-6), rift_status_invalid_batch);
    for (double tolerance : {0.0, -1e-3, 1.0, 2.0, double(NAN), double(INFINITY)})
        EXPECT_EQ(create(s, 1, lengths, 10, 1, tolerance), rift_status_invalid_tolerance) << tolerance;
    EXPECT_EQ(create_expert(1, 2), rift_status_invalid_tolerance);
    EXPECT_EQ(create_expert(17, 2), rift_status_invalid_tolerance);
    EXPECT_EQ(create_expert(8, 1.1), rift_status_invalid_tolerance);
    EXPECT_EQ(create_expert(8, 5), rift_status_invalid_tolerance);
    EXPECT_EQ(create_expert(8, double(NAN)), rift_status_invalid_tolerance);
    EXPECT_EQ(create_expert(8, 2, rift_nfft_window(2)), rift_status_invalid_tolerance);
    EXPECT_EQ(create_expert(8, 2, rift_nfft_window(-1)), rift_status_invalid_tolerance);
    EXPECT_EQ(create_expert(8, 2), rift_status_success);
    EXPECT_EQ(create_expert(16, 2, rift_nfft_window_gaussian), rift_status_success);
}

TEST_F(NfftApi, RefusesBadNodesHandlesAndBuffers)
{
    const size_t lengths[] = {8, 8};
    ASSERT_EQ(create(rift_precision_single, 2, lengths, 4, 1, 1e-4), rift_status_success);
    rift_execution_info info = nullptr;
    ASSERT_EQ(rift_execution_info_create(&info), rift_status_success);
    const ExecutionInfoHandle owned(info);
    ASSERT_EQ(rift_execution_info_set_executor(info, rift_executor_host), rift_status_success);
    std::vector<std::complex<float>> buffer(128);
    EXPECT_EQ(rift_nfft_execute(handle_.get(), rift_nfft_forward, buffer.data(), buffer.data() + 64, info),
              rift_status_invalid_nodes); // no nodes yet
    std::vector<float> nodes = {0.1f, 0.2f, -0.5f, 0.49f, 0.0f, NAN, 0.3f, 0.3f};
    EXPECT_EQ(rift_nfft_set_nodes(handle_.get(), nodes.data(), info), rift_status_invalid_nodes);
    nodes[5] = INFINITY;
    EXPECT_EQ(rift_nfft_set_nodes(handle_.get(), nodes.data(), info), rift_status_invalid_nodes);
    EXPECT_EQ(rift_nfft_execute(handle_.get(), rift_nfft_forward, buffer.data(), buffer.data() + 64, info),
              rift_status_invalid_nodes); // a failed set leaves no nodes
    EXPECT_EQ(rift_nfft_set_nodes(handle_.get(), nullptr, info), rift_status_invalid_buffer);
    EXPECT_EQ(rift_nfft_set_nodes(handle_.get(), reinterpret_cast<char*>(nodes.data()) + 2, info),
              rift_status_invalid_buffer); // misaligned
    nodes[5] = 0.25f;
    ASSERT_EQ(rift_nfft_set_nodes(handle_.get(), nodes.data(), info), rift_status_success);
    EXPECT_EQ(rift_nfft_execute(handle_.get(), rift_nfft_forward, nullptr, buffer.data(), info),
              rift_status_invalid_buffer);
    EXPECT_EQ(rift_nfft_execute(handle_.get(), rift_nfft_forward, buffer.data(), nullptr, info),
              rift_status_invalid_buffer);
    EXPECT_EQ(rift_nfft_execute(handle_.get(), rift_nfft_forward, buffer.data(), buffer.data() + 10, info),
              rift_status_invalid_buffer); // 64 coefficients overlap the 4 values
    EXPECT_EQ(rift_nfft_execute(handle_.get(), rift_nfft_direction(5), buffer.data(), buffer.data() + 64, info),
              rift_status_invalid_array_type);
    EXPECT_EQ(rift_nfft_execute_timed(handle_.get(), rift_nfft_forward, buffer.data(), buffer.data() + 64, nullptr,
                                      info),
              rift_status_null_argument);
    EXPECT_EQ(rift_nfft_execute(handle_.get(), rift_nfft_forward, buffer.data(), buffer.data() + 64, info),
              rift_status_success);
    EXPECT_EQ(rift_nfft_execute(handle_.get(), rift_nfft_adjoint, buffer.data() + 64, buffer.data(), info),
              rift_status_success);
    // Nodes set for the host executor do not serve the GPU.
    ASSERT_EQ(rift_execution_info_set_executor(info, rift_executor_gpu), rift_status_success);
    const rift_status on_gpu =
        rift_nfft_execute(handle_.get(), rift_nfft_forward, buffer.data(), buffer.data() + 64, info);
    EXPECT_TRUE(on_gpu == rift_status_invalid_nodes || on_gpu == rift_status_no_device) << rift_status_string(on_gpu);

    size_t required = 0;
    EXPECT_EQ(rift_nfft_get_print(handle_.get(), nullptr, 0, &required), rift_status_success);
    std::string text(required, '\0');
    ASSERT_EQ(rift_nfft_get_print(handle_.get(), text.data(), text.size(), &required), rift_status_success);
    EXPECT_NE(text.find("window: exponential of semicircle, 6 points"), std::string::npos) << text;
    EXPECT_NE(text.find("grid: 16 x 16"), std::string::npos) << text;

    rift_nfft destroyed = handle_.release();
    EXPECT_EQ(rift_nfft_destroy(destroyed), rift_status_success);
    EXPECT_EQ(rift_nfft_destroy(destroyed), rift_status_invalid_plan);
    EXPECT_EQ(rift_nfft_destroy(nullptr), rift_status_invalid_plan);
    EXPECT_EQ(rift_nfft_set_nodes(destroyed, nodes.data(), info), rift_status_invalid_plan);
    EXPECT_EQ(rift_nfft_execute(destroyed, rift_nfft_forward, buffer.data(), buffer.data() + 64, info),
              rift_status_invalid_plan);
}

// The C++ wrapper runs the same transforms and throws rift::error with the status.
TEST(NfftCpp, WrapsTheCApi)
{
    const NfftCase c{rift_precision_double, {10, 6}, 40, 1e-10};
    const std::vector<double> nodes = random_nodes<double>(c, 7);
    const auto f_hat = random_values<double>(c.coefficients(), 8);
    rift::nfft transform(c.precision, c.modes, c.nodes, c.tolerance);
    rift::execution_info info;
    info.executor(rift_executor_host);
    transform.set_nodes(nodes.data(), &info);
    auto values = poisoned<double>(c.nodes);
    transform.forward(f_hat.data(), values.data(), &info);
    EXPECT_LT(relative_l2(values, direct_ndft(c, nodes, f_hat, true)), c.tolerance);
    auto back = poisoned<double>(c.coefficients());
    transform.adjoint(values.data(), back.data(), &info);
    EXPECT_LT(relative_l2(back, direct_ndft(c, nodes, values, false)), c.tolerance);
    EXPECT_NE(transform.print().find("grid: 20 x 12"), std::string::npos) << transform.print();
    auto timed = poisoned<double>(c.coefficients());
    const std::array<double, 3> steps = transform.execute_timed(rift_nfft_adjoint, values.data(), timed.data(), &info);
    EXPECT_EQ(std::memcmp(timed.data(), back.data(), back.size() * sizeof(back[0])), 0);
    EXPECT_GE(steps[0] + steps[1] + steps[2], 0.0);
    rift::nfft gaussian(c.precision, c.modes, c.nodes, rift_nfft_window_gaussian, 16, 2.0);
    gaussian.set_nodes(nodes.data(), &info);
    gaussian.forward(f_hat.data(), values.data(), &info);
    EXPECT_LT(relative_l2(values, direct_ndft(c, nodes, f_hat, true)), 1e-7);
    EXPECT_NE(gaussian.print().find("window: Gaussian (fast Gaussian gridding), 16 points"), std::string::npos)
        << gaussian.print();
    try {
        rift::nfft refused(c.precision, c.modes, c.nodes, 0.0);
        ADD_FAILURE() << "a tolerance of 0 was accepted";
    } catch (const rift::error& error) {
        EXPECT_EQ(error.status(), rift_status_invalid_tolerance);
    }
}

TEST(NfftSetup, NeedsSetup)
{
    ASSERT_EQ(rift_cleanup(), rift_status_success); // the test environment's setup, restored below
    const size_t length = 8;
    rift_nfft made = nullptr;
    EXPECT_EQ(rift_nfft_create(&made, rift_precision_single, 1, &length, 4, 1, 1e-3), rift_status_not_initialized);
    EXPECT_EQ(made, nullptr);
    ASSERT_EQ(rift_setup(), rift_status_success);
}

} // namespace
} // namespace rift::test
