// Transforms of more than 2^31 (and 2^32) elements on the GPU, where 32-bit index arithmetic anywhere (a
// kernel's batch offset, a row/column step's strides, the plan's layout) would wrap. The data are tens of GB, so
// the inputs are made and checked on all the host's cores, and each test skips with a message when the GPU
// lacks the memory. GPU only: the host executor would take hours.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "tests/gpu.h"
#include "tests/handles.h"
#include "tests/reference.h"
#include "tests/transform_check.h"

namespace rift::test {
namespace {

using Complex = std::complex<float>;

// Calls body(begin, end) on disjoint ranges covering [0, count), one per hardware thread.
template <class Body>
void parallel_ranges(size_t count, Body body)
{
    const size_t threads = std::max(1u, std::thread::hardware_concurrency());
    const size_t chunk = (count + threads - 1) / threads;
    std::vector<std::thread> workers;
    for (size_t begin = 0; begin < count; begin += chunk)
        workers.emplace_back([=] { body(begin, std::min(count, begin + chunk)); });
    for (std::thread& worker : workers) worker.join();
}

// A uniform value in [-1, 1) from a position, so any element can be made on any thread (splitmix64).
float hashed_value(uint64_t seed, uint64_t position)
{
    uint64_t z = seed + 0x9e3779b97f4a7c15ull * (position + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return float(double(z >> 40) / double(uint64_t(1) << 23) - 1.0);
}

// exp(sign 2 pi i numerator / denominator) with the numerator reduced exactly first.
std::complex<double> unit_root(uint64_t numerator, uint64_t denominator, int sign)
{
    const double angle = 2.0 * M_PI * double(numerator % denominator) / double(denominator);
    return {std::cos(angle), sign * std::sin(angle)};
}

#define RIFT_SKIP_ON_ALLOCATION_FAILURE(error)                                                               \
    do {                                                                                                     \
        const std::string error_ = (error);                                                                  \
        if (!error_.empty()) GTEST_SKIP() << "not enough GPU memory for this test: " << error_;             \
    } while (0)

// 4.3 million transforms of 1000 points in place: 4.3e9 elements (34 GB), past 2^31 and 2^32. Transforms around
// both boundaries, the first, the last and random ones are compared with FFTW; every transform's energy is
// checked against Parseval's theorem, so a transform left unwritten or written to the wrong place anywhere fails.
TEST(GpuHugeTransforms, BatchPastTwoToThe32ElementsInPlace)
{
    RIFT_SKIP_WITHOUT_GPU();
    const size_t length = 1000;
    const size_t batch = 4300000;
    const size_t elements = length * batch;
    ASSERT_GT(elements, size_t(1) << 32);
    const uint64_t seed = case_seed("huge batch");

    DeviceMemory device;
    RIFT_SKIP_ON_ALLOCATION_FAILURE(device.allocate(elements * sizeof(Complex)));
    std::vector<Complex> data(elements);
    std::vector<double> input_energy(batch);
    parallel_ranges(batch, [&](size_t first, size_t last) {
        for (size_t b = first; b < last; ++b) {
            double energy = 0;
            for (size_t n = 0; n < length; ++n) {
                const size_t i = b * length + n;
                data[i] = {hashed_value(seed, 2 * i), hashed_value(seed, 2 * i + 1)};
                energy += std::norm(std::complex<double>(data[i]));
            }
            input_energy[b] = energy;
        }
    });
    std::vector<size_t> checked = {0, 1, batch - 1};
    for (const size_t boundary : {size_t(1) << 31, size_t(1) << 32})
        for (const size_t b : {boundary / length - 1, boundary / length, boundary / length + 1}) checked.push_back(b);
    for (size_t i = 0; i < 32; ++i)
        checked.push_back(size_t((hashed_value(seed ^ 0xabcd, i) * 0.5 + 0.5) * double(batch)) % batch);
    std::vector<std::vector<ReferenceComplex>> inputs;
    for (const size_t b : checked)
        inputs.emplace_back(data.begin() + b * length, data.begin() + (b + 1) * length);

    ASSERT_EQ(device.upload(data.data(), elements * sizeof(Complex)), "");
    PlanHandle plan;
    {
        rift_plan raw = nullptr;
        const rift_status status = rift_plan_create(&raw, rift_placement_inplace, rift_transform_type_complex_forward,
                                                    rift_precision_single, 1, &length, batch, nullptr);
        ASSERT_EQ(status, rift_status_success) << describe_failure(status);
        plan.reset(raw);
    }
    void* buffers[] = {device.get()};
    ASSERT_EQ(rift_execute(plan.get(), buffers, nullptr, nullptr), rift_status_success);
    ASSERT_EQ(synchronize_device(), "");
    ASSERT_EQ(device.download(data.data(), elements * sizeof(Complex)), "");

    long double worst = 0;
    for (size_t i = 0; i < checked.size(); ++i) {
        std::vector<ReferenceComplex> expected;
        reference_dft(inputs[i], contiguous(length), expected, contiguous(length), {length}, 1, false);
        const std::vector<Complex> actual(data.begin() + checked[i] * length, data.begin() + (checked[i] + 1) * length);
        worst = std::max(worst, relative_error(actual, expected, contiguous(length), {length}, 1));
    }
    const double bar = error_bar(rift_precision_single, {length});
    EXPECT_LE(worst, bar) << checked.size() << " transforms compared with FFTW";
    std::printf("[ huge     ] 1000 x %zu in place (%.3g elements): worst relative error %.3Le over %zu transforms "
                "(bar %.2e)\n", batch, double(elements), worst, checked.size(), bar);

    std::vector<size_t> parseval_failures(batch, 0);
    parallel_ranges(batch, [&](size_t first, size_t last) {
        for (size_t b = first; b < last; ++b) {
            double energy = 0;
            for (size_t n = 0; n < length; ++n) energy += std::norm(std::complex<double>(data[b * length + n]));
            // Parseval: sum |X|^2 = N sum |x|^2; NaN fails too.
            parseval_failures[b] = !(std::abs(energy / (double(length) * input_energy[b]) - 1.0) < 1e-4);
        }
    });
    const auto first_failure = std::find(parseval_failures.begin(), parseval_failures.end(), 1);
    EXPECT_EQ(first_failure, parseval_failures.end())
        << "transform " << (first_failure - parseval_failures.begin()) << " breaks Parseval's theorem";
}

// 5 transforms of 2^29 points (row/column plans), out of place: 2.7e9 elements (21 GB a buffer), past 2^31.
// Transform b's input is an impulse plus a tone, x_n = a δ(n - p) + c exp(2 pi i f n / N), whose spectrum is
// known exactly, X_k = a exp(-2 pi i p k / N) + N c δ(k - f), so every output element is checked; |c| = |a| /
// sqrt(N) gives both parts the same energy. The output is poisoned with NaN first.
TEST(GpuHugeTransforms, RowColumnPastTwoToThe31Elements)
{
    RIFT_SKIP_WITHOUT_GPU();
    const size_t length = size_t(1) << 29;
    const size_t batch = 5;
    const size_t elements = length * batch;
    const uint64_t seed = case_seed("huge row/column");
    struct Signal {
        std::complex<double> a, c;
        uint64_t p, f;
    };
    std::vector<Signal> signals;
    for (size_t b = 0; b < batch; ++b) {
        const auto value = [&](uint64_t i) { return double(hashed_value(seed, 8 * b + i)); };
        const std::complex<double> a = std::polar(1.0, M_PI * value(0));
        const std::complex<double> c = std::polar(1.0 / std::sqrt(double(length)), M_PI * value(1));
        signals.push_back({a, c, uint64_t((value(2) * 0.5 + 0.5) * double(length)) % length,
                           uint64_t((value(3) * 0.5 + 0.5) * double(length)) % length});
    }

    DeviceMemory device_in, device_out;
    RIFT_SKIP_ON_ALLOCATION_FAILURE(device_in.allocate(elements * sizeof(Complex)));
    RIFT_SKIP_ON_ALLOCATION_FAILURE(device_out.allocate(elements * sizeof(Complex)));
    PlanHandle plan;
    {
        rift_plan raw = nullptr;
        const rift_status status = rift_plan_create(&raw, rift_placement_notinplace, rift_transform_type_complex_forward,
                                                    rift_precision_single, 1, &length, batch, nullptr);
        if (status == rift_status_out_of_memory) GTEST_SKIP() << "not enough GPU memory for the work buffer";
        ASSERT_EQ(status, rift_status_success) << describe_failure(status);
        plan.reset(raw);
    }

    std::vector<Complex> data(elements);
    parallel_ranges(elements, [&](size_t first, size_t last) {
        for (size_t i = first; i < last; ++i) {
            const Signal& s = signals[i / length];
            const uint64_t n = i % length;
            std::complex<double> x = s.c * unit_root(s.f * n, length, +1);
            if (n == s.p) x += s.a;
            data[i] = Complex(x);
        }
    });
    ASSERT_EQ(device_in.upload(data.data(), elements * sizeof(Complex)), "");
    std::fill(data.begin(), data.end(), Complex(std::numeric_limits<float>::quiet_NaN(), 0.0f));
    ASSERT_EQ(device_out.upload(data.data(), elements * sizeof(Complex)), "");
    void* in[] = {device_in.get()};
    void* out[] = {device_out.get()};
    ASSERT_EQ(rift_execute(plan.get(), in, out, nullptr), rift_status_success);
    ASSERT_EQ(synchronize_device(), "");
    ASSERT_EQ(device_out.download(data.data(), elements * sizeof(Complex)), "");

    std::vector<double> error_energy(batch * 64, 0), reference_energy(batch * 64, 0);
    const size_t chunk = length / 64;
    parallel_ranges(batch * 64, [&](size_t first, size_t last) {
        for (size_t piece = first; piece < last; ++piece) {
            const Signal& s = signals[piece / 64];
            for (size_t k = (piece % 64) * chunk; k < (piece % 64 + 1) * chunk; ++k) {
                std::complex<double> expected = s.a * unit_root(s.p * k, length, -1);
                if (k == s.f) expected += double(length) * s.c;
                const std::complex<double> actual(data[piece / 64 * length + k]);
                error_energy[piece] += std::norm(actual - expected);
                reference_energy[piece] += std::norm(expected);
            }
        }
    });
    double worst = 0;
    for (size_t b = 0; b < batch; ++b) {
        double error = 0, reference = 0;
        for (size_t piece = 64 * b; piece < 64 * (b + 1); ++piece) {
            error += error_energy[piece];
            reference += reference_energy[piece];
        }
        const double relative = std::sqrt(error / reference);
        worst = std::isnan(relative) || std::isnan(worst) ? std::numeric_limits<double>::quiet_NaN()
                                                          : std::max(worst, relative);
    }
    const double bar = error_bar(rift_precision_single, {length});
    EXPECT_LE(worst, bar) << "every element of " << batch << " transforms of 2^29";
    std::printf("[ huge     ] 2^29 x %zu out of place (%.3g elements): worst relative error %.3e (bar %.2e)\n", batch,
                double(elements), worst, bar);
}

} // namespace
} // namespace rift::test
