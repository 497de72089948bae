// FFTW-style planning: every node kind that solves a StridedBatch has a builder that says whether it applies and,
// if so, builds the node (or declines). build_batch_node asks the builders listed in node_builders.cpp in order;
// build_plan_tree turns the user's problem into StridedBatches (one per dimension) first.
#pragma once

#include <memory>
#include <string>

#include "library/exec/runtime_kernels.h"
#include "library/plan/problem.h"
#include "library/plan/strided_batch.h"
#include "library/plan/tree_node.h"
#include "library/platform/device.h"

namespace rift {

struct PlanContext {
    int device = kNoDevice; // where tables live; kNoDevice for host-only plans
    size_t shared_memory_per_block = 0;
    // library/platform/device.h; 0 when unknown; kDramOfTheDevice: the device's, asked only when a plan needs it
    // (the runtime answers slowly; plans that fit one block never ask).
    double dram_bytes_per_sm_cycle = 0;
    uint32_t multiprocessors = 0;       // 0 when unknown
    bool bulk_copies = false;           // compiled kernels may prefetch (BlockLayout::prefetched)
    // Whether the plan compiles the run-time kernels it lacks. A plan that does not takes only those already made
    // (this process's, the on-disk cache's), runs the others' transforms another way (the runtime-radix kernel,
    // Bluestein's algorithm for Rader's) and counts them in *kernels_not_compiled (library/plan/tiered_plan.h).
    bool compiles_kernels = true;
    uint32_t* kernels_not_compiled = nullptr;
};

constexpr double kDramOfTheDevice = -1;

// The context in which a table's maker plans the transforms it runs (a filter's spectrum): makers run once the
// plan's tree is chosen, so they count nothing into the plan's kernels_not_compiled.
PlanContext context_for_tables(const PlanContext& context);

// The context of plans made for `device` (kNoDevice: host-only plans, shaped like the GPU's).
PlanContext plan_context(int device);
// context.dram_bytes_per_sm_cycle, the device's where the context leaves it to the device.
double dram_bytes_per_sm_cycle(const PlanContext& context);

// The run-time compiled kernel `identity` for a plan in `context` (exec/runtime_kernels.h,
// runtime_kernel_or_fallback): null where it does not compile, or is not made and the context compiles nothing;
// `instead` says in the plan log what runs in its place.
rift_status context_runtime_kernel(const CompiledKernel& identity, const PlanContext& context,
                                   const std::string& instead, std::shared_ptr<const RuntimeKernel>& kernel);

class NodeBuilder {
public:
    virtual ~NodeBuilder() = default;
    virtual const char* name() const = 0;
    // Empty when this builder applies; otherwise why not, for the user's error message.
    virtual std::string why_not(const StridedBatch& batch, const PlanContext& context) const = 0;
    // Builds the node, or leaves it null without an error: the builder declines after all (a run-time kernel it
    // counted on is not compiled) and the next builder that applies is asked.
    virtual rift_status build(const StridedBatch& batch, const PlanContext& context,
                              std::unique_ptr<TreeNode>& node) const = 0;
};

rift_status build_batch_node(const StridedBatch& batch, const PlanContext& context, std::unique_ptr<TreeNode>& node);
// Empty when some builder applies to the batch; otherwise every builder's reason.
std::string why_no_builder(const StridedBatch& batch, const PlanContext& context);

rift_status build_plan_tree(const TransformProblem& problem, const PlanContext& context,
                            std::unique_ptr<TreeNode>& root);

} // namespace rift
