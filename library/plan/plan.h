// A finished plan: the checked problem, its node tree and the kernel chain both executors run.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "library/exec/kernel_chain.h"
#include "library/plan/node_builder.h"
#include "library/plan/problem.h"
#include "library/plan/tree_node.h"
#include "library/platform/device.h"

namespace rift {

// With RIFT_LOG=plan, logs how long each step of a plan's creation took since the one before.
class CreationSteps {
public:
    void step(const char* what);

private:
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

class Plan {
public:
    // Builds the tree on the host, then lowers it; tables go to the current device if there is one, and so does
    // the plan's own work buffer where it needs one and `allocates_work_buffer` (otherwise each execution brings
    // one).
    static rift_status create(TransformProblem problem, bool allocates_work_buffer, std::unique_ptr<Plan>& plan);
    // The plan `context` shapes (its device, kNoDevice for a host-only plan, takes the tables and work buffer).
    static rift_status create(TransformProblem problem, const PlanContext& context, bool allocates_work_buffer,
                              std::unique_ptr<Plan>& plan);

    const TransformProblem& problem() const { return problem_; }
    const KernelChain& chain() const { return chain_; }
    int device() const { return device_; }
    size_t work_buffer_bytes() const { return work_buffer_bytes_; }
    // The work buffer the plan allocated on its device at creation (null if it needs none, has no device or
    // leaves it to the caller); execution uses it unless the user passes one of their own.
    void* own_work_buffer() const { return own_work_buffer_.get(); }
    // Allocates the plan's own work buffer on its device (the current one) if it needs one and has none.
    rift_status allocate_work_buffer();
    std::string print() const;

private:
    TransformProblem problem_;
    std::unique_ptr<TreeNode> root_;
    KernelChain chain_;
    int device_ = -1;
    size_t work_buffer_bytes_ = 0;
    DeviceBuffer own_work_buffer_;
};

} // namespace rift
