// Executions captured into a graph and replayed, and one plan executed on several streams at once, each
// execution with its work buffer (as rift.h asks of overlapping executions): the results must be, bit for bit,
// those of the same executions run directly, one after another. GPU only; the 8-thread tests in api_tests.cpp
// cover plans made and run from many threads.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "library/platform/hip_api.h"
#include "tests/gpu.h"
#include "tests/handles.h"
#include "tests/reference.h"
#include "tests/transform_check.h"

namespace rift::test {
namespace {

constexpr int kStreams = 4;

struct StreamCase {
    const char* what;
    rift_transform_type type;
    Lengths lengths;
    size_t batch;

    PlanArguments arguments() const
    {
        PlanArguments made;
        made.type = type;
        made.lengths = lengths;
        made.batch = batch;
        return made;
    }
    // Floats that hold either side: complex data, R2C's real input and its N0/2 + 1 elements a row.
    size_t values() const { return 2 * batch * (element_count(lengths) + lengths[0]); }
};

// A one-kernel plan, a row/column plan and a long Bluestein plan (both with work buffers), and a real 2D plan.
const StreamCase kStreamCases[] = {
    {"1000 x 2000", rift_transform_type_complex_forward, {1000}, 2000},
    {"2^20 x 4", rift_transform_type_complex_forward, {1u << 20}, 4},
    {"10007 x 16", rift_transform_type_complex_inverse, {10007}, 16},
    {"real 2D 256 x 256 x 8", rift_transform_type_real_forward, {256, 256}, 8},
};

// One execution's buffers on the device.
struct Execution {
    DeviceMemory in, out, work;
    DeviceStream stream;
    ExecutionInfoHandle info;
};

std::string run_all(rift_plan plan, std::vector<std::unique_ptr<Execution>>& executions, bool on_own_streams,
                    size_t out_bytes, std::vector<std::vector<float>>& results)
{
    const std::vector<float> poison(out_bytes / sizeof(float), std::numeric_limits<float>::quiet_NaN());
    for (auto& e : executions)
        if (std::string error = e->out.upload(poison.data(), out_bytes); !error.empty()) return error;
    for (auto& e : executions) {
        if (rift_execution_info_set_stream(e->info.get(), on_own_streams ? e->stream.get() : nullptr) !=
            rift_status_success)
            return "rift_execution_info_set_stream failed";
        void* in[] = {e->in.get()};
        void* out[] = {e->out.get()};
        if (const rift_status status = rift_execute(plan, in, out, e->info.get()); status != rift_status_success)
            return "rift_execute: " + describe_failure(status);
        // One after another: each execution is finished before the next starts.
        if (!on_own_streams)
            if (std::string error = synchronize_device(); !error.empty()) return error;
    }
    if (std::string error = synchronize_device(); !error.empty()) return error;
    results.assign(executions.size(), std::vector<float>(out_bytes / sizeof(float)));
    for (size_t i = 0; i < executions.size(); ++i)
        if (std::string error = executions[i]->out.download(results[i].data(), out_bytes); !error.empty())
            return error;
    return "";
}

TEST(GpuStreams, OnePlanOnSeveralStreamsAtOnceMatchesSerialRuns)
{
    RIFT_SKIP_WITHOUT_GPU();
    for (const StreamCase& c : kStreamCases) {
        SCOPED_TRACE(c.what);
        PlanHandle plan;
        std::string failure;
        ASSERT_EQ(create_plan(c.arguments(), plan, &failure), rift_status_success) << failure;
        size_t work_bytes = 0;
        ASSERT_EQ(rift_plan_get_work_buffer_size(plan.get(), &work_bytes), rift_status_success);
        const size_t values = c.values();
        const size_t bytes = values * sizeof(float);
        std::vector<std::unique_ptr<Execution>> executions;
        for (int s = 0; s < kStreams; ++s) {
            auto e = std::make_unique<Execution>();
            std::vector<float> input(values);
            fill_random(input, Layout(0, 1, input.size()), {input.size()}, 1,
                        case_seed(std::string(c.what) + std::to_string(s)));
            ASSERT_EQ(e->in.allocate(bytes), "");
            ASSERT_EQ(e->in.upload(input.data(), bytes), "");
            ASSERT_EQ(e->out.allocate(bytes), "");
            ASSERT_EQ(e->stream.create(), "");
            rift_execution_info raw = nullptr;
            ASSERT_EQ(rift_execution_info_create(&raw), rift_status_success);
            e->info.reset(raw);
            if (work_bytes > 0) {
                ASSERT_EQ(e->work.allocate(work_bytes), "");
                ASSERT_EQ(rift_execution_info_set_work_buffer(raw, e->work.get(), work_bytes), rift_status_success);
            }
            executions.push_back(std::move(e));
        }
        std::vector<std::vector<float>> serial, concurrent;
        ASSERT_EQ(run_all(plan.get(), executions, false, bytes, serial), "");
        ASSERT_EQ(run_all(plan.get(), executions, true, bytes, concurrent), "");
        for (int s = 0; s < kStreams; ++s) {
            EXPECT_EQ(std::memcmp(serial[s].data(), concurrent[s].data(), bytes), 0) << "stream " << s;
            EXPECT_NE(std::memcmp(serial[s].data(), serial[(s + 1) % kStreams].data(), 4 * sizeof(float)), 0)
                << "inputs must differ between executions";
        }
    }
}

// A graph of one captured execution, released on every path.
struct CapturedGraph {
    hipGraph_t graph = nullptr;
    hipGraphExec_t exec = nullptr;
    ~CapturedGraph()
    {
        if (exec != nullptr) (void)hipGraphExecDestroy(exec);
        if (graph != nullptr) (void)hipGraphDestroy(graph);
    }
};

// Executions captured into a graph (CUDA graphs, hipStreamBeginCapture) and replayed: each case's plan runs once
// directly and is captured once on the same stream; 100 replays of the graph must give, bit for bit, the direct
// execution's output.
TEST(GpuStreams, ExecutionCapturedIntoAGraphReplaysBitForBit)
{
    RIFT_SKIP_WITHOUT_GPU();
    constexpr int kReplays = 100;
    for (const StreamCase& c : kStreamCases) {
        SCOPED_TRACE(c.what);
        PlanHandle plan;
        std::string failure;
        ASSERT_EQ(create_plan(c.arguments(), plan, &failure), rift_status_success) << failure;
        const size_t values = c.values();
        const size_t bytes = values * sizeof(float);
        std::vector<float> input(values);
        fill_random(input, Layout(0, 1, input.size()), {input.size()}, 1, case_seed(std::string("graph ") + c.what));
        DeviceMemory in, direct_out, replayed_out;
        DeviceStream stream;
        ASSERT_EQ(in.allocate(bytes), "");
        ASSERT_EQ(in.upload(input.data(), bytes), "");
        ASSERT_EQ(direct_out.allocate(bytes), "");
        ASSERT_EQ(replayed_out.allocate(bytes), "");
        const std::vector<float> poison(values, std::numeric_limits<float>::quiet_NaN());
        ASSERT_EQ(direct_out.upload(poison.data(), bytes), "");
        ASSERT_EQ(replayed_out.upload(poison.data(), bytes), "");
        ASSERT_EQ(stream.create(), "");
        rift_execution_info raw = nullptr;
        ASSERT_EQ(rift_execution_info_create(&raw), rift_status_success);
        ExecutionInfoHandle info(raw);
        ASSERT_EQ(rift_execution_info_set_stream(raw, stream.get()), rift_status_success);

        void* in_pointers[] = {in.get()};
        void* direct_pointers[] = {direct_out.get()};
        ASSERT_EQ(rift_execute(plan.get(), in_pointers, direct_pointers, raw), rift_status_success)
            << describe_failure(rift_status_success);
        ASSERT_EQ(stream.synchronize(), "");

        const auto capture_stream = static_cast<hipStream_t>(stream.get());
        CapturedGraph captured;
        ASSERT_EQ(hipStreamBeginCapture(capture_stream, hipStreamCaptureModeGlobal), hipSuccess);
        void* replayed_pointers[] = {replayed_out.get()};
        const rift_status captured_status = rift_execute(plan.get(), in_pointers, replayed_pointers, raw);
        const std::string captured_failure = describe_failure(captured_status);
        const hipError_t end = hipStreamEndCapture(capture_stream, &captured.graph);
        ASSERT_EQ(captured_status, rift_status_success) << captured_failure;
        ASSERT_EQ(end, hipSuccess) << hipGetErrorString(end);
        ASSERT_EQ(hipGraphInstantiateWithFlags(&captured.exec, captured.graph, 0), hipSuccess);
        for (int replay = 0; replay < kReplays; ++replay)
            ASSERT_EQ(hipGraphLaunch(captured.exec, capture_stream), hipSuccess) << "replay " << replay;
        ASSERT_EQ(stream.synchronize(), "");

        std::vector<float> direct(values), replayed(values);
        ASSERT_EQ(direct_out.download(direct.data(), bytes), "");
        ASSERT_EQ(replayed_out.download(replayed.data(), bytes), "");
        EXPECT_EQ(std::memcmp(direct.data(), replayed.data(), bytes), 0);
        EXPECT_FALSE(std::isnan(direct[0])) << "the direct execution wrote nothing";
    }
}

} // namespace
} // namespace rift::test
