// rift-benchmarks: a fixed set of GPU transforms, and plan creation, under Google Benchmark, to track rift's
// speed from commit to commit. Each transform case is a forward 1D complex transform, out of place, batched so
// that the input is 256 MiB: large enough to be bound by memory bandwidth rather than by launch overhead. Times
// come from events around each execution (manual time), so host-side launch cost only counts where the GPU waits
// for it. With the cuFFT front built, also what the front adds to an execution.
#include <benchmark/benchmark.h>

#include <cmath>
#include <exception>
#include <functional>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#if defined(RIFT_BENCH_CUFFT_FRONT)
#include <cufft.h>
#endif

#include "common/buffers.h"
#include "common/checks.h"
#include "common/device.h"
#include "common/timers.h"
#include "rift/rift.hpp"

namespace {

using rift::client::Buffer;
using rift::client::check_hip;
using rift::client::MemoryKind;

constexpr size_t input_bytes_target = size_t(256) << 20;
constexpr int warmup_runs = 3;

void run_c2c_forward(benchmark::State& state, size_t length, rift_precision precision)
{
    const size_t element_bytes = precision == rift_precision_double ? 2 * sizeof(double) : 2 * sizeof(float);
    const size_t batch = input_bytes_target / (length * element_bytes);
    const size_t bytes = batch * length * element_bytes;

    rift::client::Stream stream;
    Buffer input(MemoryKind::device, bytes);
    Buffer output(MemoryKind::device, bytes);
    // The values do not change the GPU's time; a non-zero byte pattern keeps any zero shortcut out of play.
    check_hip(hipMemset(input.data(), 0x3F, bytes), "hipMemset");

    const rift::plan plan(rift_placement_notinplace, rift_transform_type_complex_forward, precision, {length}, batch);
    const size_t work_bytes = plan.work_buffer_size();
    Buffer work(MemoryKind::device, work_bytes);
    rift::execution_info info;
    info.executor(rift_executor_gpu).stream(stream.get());
    if (work_bytes > 0) info.work_buffer(work.data(), work_bytes);

    const auto execute = [&] { plan.execute(input.data(), output.data(), &info); };

    rift::client::EventTimer timer(stream.get());
    for (int i = 0; i < warmup_runs; ++i) timer.time_ms(execute);
    for (auto _ : state) state.SetIterationTime(timer.time_ms(execute) / 1e3);

    const auto iterations = static_cast<double>(state.iterations());
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(2 * bytes));
    state.counters["batch"] = static_cast<double>(batch);
    const double flops_per_run = 5.0 * length * std::log2(static_cast<double>(length)) * batch;
    state.counters["FLOP/s"] = benchmark::Counter(flops_per_run * iterations, benchmark::Counter::kIsRate);
}

// Plan creation, wall time. "uploads": each plan is the only user of its twiddle table, so every creation
// computes and uploads one (and loads a kernel compiled at run time from the on-disk cache). "shares": another
// plan of the same length stays alive, so creation reuses its table and kernel and costs the planning alone. The
// batch sizes the plan's own work buffer (row/column and long Bluestein plans). Kernels compiled at run time are
// made before the timing starts.
void create_plans(benchmark::State& state, size_t length, size_t batch, bool share_table)
{
    const std::vector<size_t> lengths{length};
    std::optional<rift::plan> keeper;
    keeper.emplace(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single, lengths,
                   batch);
    keeper->wait_for_kernels();
    if (!share_table) keeper.reset();
    for (auto _ : state) {
        const rift::plan plan(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                              lengths, batch);
        benchmark::DoNotOptimize(plan.get());
    }
}

void register_plan_creation_benchmarks()
{
    // 1009 and 65537: Bluestein, whose chirp spectrum is a double-precision transform made at plan creation;
    // 4459 and 4447 (Rader's): kernels compiled at run time.
    for (const size_t length : {size_t(1024), size_t(4096), size_t(1000), size_t(2187), size_t(1536), size_t(1009),
                                size_t(65537), size_t(4459), size_t(4447)})
        for (const size_t batch : {size_t(1), size_t(1000)})
            for (const bool share_table : {false, true}) {
                const std::string name = std::string("plan_create_single/") + std::to_string(length) + "/batch" +
                                         std::to_string(batch) + (share_table ? "/shares_table" : "/uploads_table");
                benchmark::RegisterBenchmark(name.c_str(),
                                             [length, batch, share_table](benchmark::State& state) {
                                                 try {
                                                     create_plans(state, length, batch, share_table);
                                                 } catch (const std::exception& error) {
                                                     state.SkipWithError(error.what());
                                                 }
                                             })
                    ->UseRealTime()
                    ->Unit(benchmark::kMicrosecond);
            }
}

#if defined(RIFT_BENCH_CUFFT_FRONT)
// What the cuFFT front (librift_cufft) costs an execution over rift's own API: forward 1024-point single
// transforms, `batch` of them, each execution followed by a stream synchronization (wall time, so host-side cost
// shows even where the GPU hides it).
void run_front_overhead(benchmark::State& state, size_t batch, bool through_front)
{
    constexpr size_t length = 1024;
    const size_t bytes = batch * length * 2 * sizeof(float);
    rift::client::Stream stream;
    Buffer input(MemoryKind::device, bytes);
    Buffer output(MemoryKind::device, bytes);
    check_hip(hipMemset(input.data(), 0x3F, bytes), "hipMemset");
    std::function<void()> execute;
    std::optional<rift::plan> plan;
    rift::execution_info info;
    cufftHandle handle = 0;
    if (through_front) {
        if (cufftPlan1d(&handle, int(length), CUFFT_C2C, int(batch)) != CUFFT_SUCCESS ||
            cufftSetStream(handle, stream.get()) != CUFFT_SUCCESS)
            throw std::runtime_error("the cuFFT front refused the plan");
        execute = [&] {
            if (cufftExecC2C(handle, static_cast<cufftComplex*>(input.data()), static_cast<cufftComplex*>(output.data()),
                             CUFFT_FORWARD) != CUFFT_SUCCESS)
                throw std::runtime_error("cufftExecC2C failed");
        };
    } else {
        plan.emplace(rift_placement_notinplace, rift_transform_type_complex_forward, rift_precision_single,
                     std::vector<size_t>{length}, batch);
        info.executor(rift_executor_gpu).stream(stream.get());
        execute = [&] { plan->execute(input.data(), output.data(), &info); };
    }
    for (int i = 0; i < warmup_runs; ++i) execute();
    check_hip(hipStreamSynchronize(stream.get()), "hipStreamSynchronize");
    for (auto _ : state) {
        execute();
        check_hip(hipStreamSynchronize(stream.get()), "hipStreamSynchronize");
    }
    if (through_front) cufftDestroy(handle);
}

void register_front_benchmarks(bool gpu_present)
{
    const size_t batch_for_gib = (size_t(1) << 30) / (1024 * 2 * sizeof(float));
    for (const size_t batch : {size_t(1), batch_for_gib})
        for (const bool through_front : {false, true}) {
            const std::string name = std::string("front_overhead/") + (through_front ? "cufft_front" : "rift") +
                                     "/1024/batch" + std::to_string(batch);
            benchmark::RegisterBenchmark(name.c_str(),
                                         [batch, through_front, gpu_present](benchmark::State& state) {
                                             if (!gpu_present) {
                                                 state.SkipWithError("no GPU present");
                                                 return;
                                             }
                                             try {
                                                 run_front_overhead(state, batch, through_front);
                                             } catch (const std::exception& error) {
                                                 state.SkipWithError(error.what());
                                             }
                                         })
                ->UseRealTime()
                ->Unit(benchmark::kMicrosecond);
        }
}
#endif

void register_benchmarks(bool gpu_present)
{
    struct Size {
        size_t length;
        rift_precision precision;
    };
    static const Size sizes[] = {{64, rift_precision_single},   {256, rift_precision_single},
                                 {1024, rift_precision_single}, {4096, rift_precision_single},
                                 {1000, rift_precision_single}, {2187, rift_precision_single},
                                 {3125, rift_precision_single}, {1024, rift_precision_double},
                                 {2048, rift_precision_double}, {1009, rift_precision_single},
                                 {10007, rift_precision_single}};
    for (const Size& size : sizes) {
        const std::string name = std::string("c2c_forward_") +
                                 (size.precision == rift_precision_double ? "double" : "single") +
                                 "_outofplace/" + std::to_string(size.length);
        benchmark::RegisterBenchmark(name.c_str(),
                                     [size, gpu_present](benchmark::State& state) {
                                         if (!gpu_present) {
                                             state.SkipWithError("no GPU present");
                                             return;
                                         }
                                         try {
                                             run_c2c_forward(state, size.length, size.precision);
                                         } catch (const std::exception& error) {
                                             state.SkipWithError(error.what());
                                         }
                                     })
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
    }
}

} // namespace

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    try {
        const rift::library library;
        const rift::client::GpuInfo gpu = rift::client::query_gpu();
        benchmark::AddCustomContext("gpu", gpu.present ? gpu.name : "none (" + gpu.why_absent + ")");
        register_benchmarks(gpu.present);
        register_plan_creation_benchmarks();
#if defined(RIFT_BENCH_CUFFT_FRONT)
        register_front_benchmarks(gpu.present);
#endif
        benchmark::RunSpecifiedBenchmarks();
    } catch (const std::exception& error) {
        std::cerr << "rift-benchmarks: " << error.what() << '\n';
        benchmark::Shutdown();
        return 1;
    }
    benchmark::Shutdown();
    return 0;
}
