// A plan that need not wait for the kernels it compiles at run time. It is made first with the kernels at hand
// (the library's, this process's, the on-disk cache's) and runs at once, the transforms whose kernels are still to
// compile another way (the runtime-radix kernel; Bluestein's algorithm for Rader's). A background thread makes the
// same problem's plan with every kernel compiled, which executions take from then on. Both plans stay until this
// one is destroyed: executions already enqueued, or captured into graphs, keep the tables and buffers they name.
#pragma once

#include <cstddef>
#include <memory>

#include "library/plan/plan.h"

namespace rift {

enum class KernelCompilation {
    at_creation, // plan creation compiles every kernel the plan takes
    background,  // plan creation compiles none; a background thread does
};

class TieredPlan {
public:
    // Plans with nothing to compile, host-only plans and KernelCompilation::at_creation are one plan.
    static rift_status create(TransformProblem problem, bool allocates_work_buffer, KernelCompilation compilation,
                              std::unique_ptr<TieredPlan>& plan);
    ~TieredPlan();

    // What an execution runs: the plan with every kernel once it is made, unless a work buffer the caller gives
    // (`given_work_bytes`; kNoWorkBufferGiven for none) is too small for it; and that plan's own work buffer.
    static constexpr size_t kNoWorkBufferGiven = ~size_t(0);
    struct Runnable {
        const Plan* plan = nullptr;
        void* own_work_buffer = nullptr;
    };
    Runnable runnable(size_t given_work_bytes) const;
    // The plan executions take now (print, work buffer size).
    const Plan& current() const { return *runnable(kNoWorkBufferGiven).plan; }
    // Returns once the plan with every kernel is in place, or its making failed (said in the plan log).
    void wait_for_kernels() const;

    struct Background; // what the background thread shares with the plan

private:
    std::unique_ptr<Plan> first_;
    std::shared_ptr<Background> background_; // null when nothing compiles in the background
};

} // namespace rift
