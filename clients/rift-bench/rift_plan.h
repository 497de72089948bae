// RAII owners of rift's plan and execution info for one benchmark case.
#pragma once

#include <string>

#include "library/platform/hip_api.h"
#include "rift-bench/bench_case.h"
#include "rift/rift.h"

namespace rift::bench {

// A plan for the case, always created with an explicit data layout so rift addresses exactly the buffers
// rift-bench allocates.
class RiftPlan {
public:
    explicit RiftPlan(const BenchCase& bench_case);
    ~RiftPlan();
    RiftPlan(const RiftPlan&) = delete;
    RiftPlan& operator=(const RiftPlan&) = delete;

    rift_plan get() const { return plan_; }
    double creation_ms() const { return creation_ms_; } // wall time of rift_plan_create
    // From rift_plan_create's call until the kernels it compiles in the background are in place.
    double kernels_ready_ms() const { return kernels_ready_ms_; }
    size_t work_buffer_bytes() const;
    std::string text() const; // rift_plan_get_print

private:
    rift_plan plan_ = nullptr;
    double creation_ms_ = 0;
    double kernels_ready_ms_ = 0;
};

// Runs a plan with a given executor, stream and work buffer.
class RiftExecution {
public:
    // stream is ignored by the host executor; work_buffer may be null when the plan needs none.
    RiftExecution(const RiftPlan& plan, rift_executor executor, hipStream_t stream, void* work_buffer,
                  size_t work_buffer_bytes);
    ~RiftExecution();
    RiftExecution(const RiftExecution&) = delete;
    RiftExecution& operator=(const RiftExecution&) = delete;

    // Submits one transform (GPU: asynchronously on the stream). output is ignored in place.
    void execute(void* input, void* output) const;

private:
    rift_plan plan_;
    rift_execution_info info_ = nullptr;
};

} // namespace rift::bench
