#include "rift-bench/run_case.h"

#include <functional>
#include <ostream>
#include <memory>

#include "common/buffers.h"
#include "common/checks.h"
#include "common/timers.h"
#include "rift-bench/host_data.h"
#include "rift-bench/rift_plan.h"
#include "rift-bench/vendor.h"

namespace rift::bench {

using client::Buffer;
using client::MemoryKind;

namespace {

// Enough for first-launch costs (module load, caches, clocks) to be paid before the timed runs.
constexpr int warmup_runs = 3;
// --latency: how many back-to-back executions are averaged.
constexpr int back_to_back_launches = 1000;

void wait_for(const Target& target)
{
    if (target.gpu) client::check_hip(hipStreamSynchronize(target.stream), "hipStreamSynchronize");
}

Measurement measure(client::Timer& timer, const std::function<void()>& run, const BenchCase& c,
                    const Options& options)
{
    Measurement m;
    m.timing = client::time_runs(timer, run, warmup_runs, options.iterations);
    const double seconds = m.timing.median_ms / 1e3;
    if (seconds > 0) {
        m.gbps = static_cast<double>(c.input_data_bytes() + c.output_data_bytes()) / seconds / 1e9;
        m.gflops = c.flop_count() / seconds / 1e9;
    }
    if (options.latency) m.back_to_back_ms = client::time_back_to_back_ms(timer, run, back_to_back_launches);
    return m;
}

// One run on the uploaded input, into a NaN-filled output (in place, the output is the input: nothing to
// fill), compared with FFTW.
Verification verify_one_run(const BenchCase& c, const Target& target, const Bytes& input_bytes,
                            const Buffer& input, Buffer& output, const std::function<void()>& run)
{
    if (!c.in_place()) output.fill_nan();
    run();
    wait_for(target);
    const Buffer& result = c.in_place() ? input : output;
    Bytes output_bytes(result.bytes());
    result.download(output_bytes.data(), output_bytes.size());
    return verify_output(c, input_bytes, output_bytes);
}

// The memory ceiling: copying the input's data bytes within the same memory, timed like the transform.
void measure_copy(CaseResult& result, client::Timer& timer, const Target& target, const Buffer& input,
                  const Options& options)
{
    const size_t bytes = result.bench_case.input_data_bytes();
    const MemoryKind memory = input.kind();
    // A strided or overlapping input layout can span fewer bytes than its data: then copy from a buffer of its own.
    Buffer own_source;
    if (input.bytes() < bytes) own_source = Buffer(memory, bytes);
    const Buffer& source = input.bytes() < bytes ? own_source : input;
    Buffer destination(memory, bytes);
    result.copy = client::time_runs(
        timer, [&] { client::copy_within(source, destination, bytes, target.stream); }, warmup_runs,
        options.iterations);
    if (result.copy.median_ms > 0) {
        result.copy_gbps = 2.0 * static_cast<double>(bytes) / (result.copy.median_ms / 1e3) / 1e9;
    }
}

// Each peer on the same buffers, after rift (cuFFT, then VkFFT where built in).
void measure_peers(CaseResult& result, client::Timer& timer, const Target& target, const Buffer& input,
                   const Buffer& output, const Options& options)
{
    using Factory = std::unique_ptr<VendorFft> (*)(const BenchCase&, hipStream_t, void*, void*, std::string*);
    const std::pair<const char*, Factory> peers[] = {{"vendor", make_vendor_fft}, {"vkfft", make_vkfft}};
    for (const auto& [label, make] : peers) {
        CaseResult::Peer& peer = result.peers.emplace_back();
        peer.label = label;
        if (!target.gpu) {
            peer.note = "peer comparison not available on the host executor";
            continue;
        }
        std::unique_ptr<VendorFft> fft = make(result.bench_case, target.stream, input.data(), output.data(), &peer.note);
        if (!fft) continue;
        peer.name = fft->name();
        peer.measurement = measure(
            timer, [&] { fft->execute(input.data(), output.data()); }, result.bench_case, options);
    }
}

} // namespace

CaseResult run_case(const Options& options, const Target& target)
{
    CaseResult result;
    result.bench_case = make_case(options);
    const BenchCase& c = result.bench_case;
    result.executor = target.gpu ? "gpu" : "host";
    result.device = target.device;

    // The plan first: an invalid case is reported by rift before anything is allocated for it.
    const RiftPlan plan(c);
    if (options.print_plan) result.plan_text = plan.text();
    result.plan_creation_ms = plan.creation_ms();
    result.kernels_ready_ms = plan.kernels_ready_ms();

    const MemoryKind memory = target.gpu ? MemoryKind::device : MemoryKind::host;
    Buffer input(memory, c.input_buffer_bytes());
    Buffer output(memory, c.output_buffer_bytes()); // empty in place
    const size_t work_bytes = plan.work_buffer_bytes();
    Buffer work(memory, work_bytes);
    const RiftExecution execution(plan, target.gpu ? rift_executor_gpu : rift_executor_host, target.stream,
                                  work.data(), work_bytes);
    const std::function<void()> run_rift = [&] { execution.execute(input.data(), output.data()); };

    {
        // The input is uploaded once; the host copy lives only as long as the check needs it.
        const Bytes input_bytes = make_input_bytes(c, options.seed);
        input.upload(input_bytes.data(), input_bytes.size());
        if (options.verify) result.verification = verify_one_run(c, target, input_bytes, input, output, run_rift);
    }

    std::unique_ptr<client::Timer> timer;
    if (target.gpu) {
        timer = std::make_unique<client::EventTimer>(target.stream);
    } else {
        timer = std::make_unique<client::HostTimer>();
    }
    result.rift = measure(*timer, run_rift, c, options);
    if (options.compare_vendor) measure_peers(result, *timer, target, input, output, options);
    measure_copy(result, *timer, target, input, options);
    return result;
}

int run_plan_only(const Options& options, std::ostream& out)
{
    const BenchCase c = make_case(options);
    const RiftPlan plan(c);
    if (options.print_plan) out << plan.text();
    out << c.transform_label() << ", " << c.precision_label() << " precision, " << c.placement_label()
        << ", lengths " << c.lengths_label() << ", batch " << c.batch << ": plan created in " << plan.creation_ms()
        << " ms, its kernels in place after " << plan.kernels_ready_ms() << " ms\n";
    return 0;
}

} // namespace rift::bench
