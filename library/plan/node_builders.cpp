// The tables of node builders and of 2D/3D pass orders, each in order of preference, and the split of a user's
// problem into batches of 1D transforms. A new node kind adds its builder here.
#include <algorithm>
#include <optional>

#include "library/core/error.h"
#include "library/plan/bluestein_node.h"
#include "library/plan/multi_dim_node.h"
#include "library/plan/node_builder.h"
#include "library/plan/rader_node.h"
#include "library/plan/real_node.h"
#include "library/plan/real_to_real_node.h"
#include "library/plan/row_column_node.h"
#include "library/plan/stockham_node.h"

namespace rift {

namespace {

const NodeBuilder* const builders[] = {
    &real_to_real_builder(),
    &real_to_real_steps_builder(),
    &stockham_builder(),
    &row_column_builder(),
    &real_half_length_builder(),
    &rader_builder(),
    &bluestein_one_block_builder(),
    &bluestein_steps_builder(),
    &bluestein_padded_plans_builder(),
};

// The orders of a 2D/3D problem's passes, in order of preference (library/plan/multi_dim_node.h): the first that
// applies and builds is the plan.
const PassOrder pass_orders[] = {PassOrder::through_work, PassOrder::column_first, PassOrder::staged_spectrum,
                                 PassOrder::fastest_first};

// Why `builder` does not apply to the batch; empty if it does.
std::string why_not(const NodeBuilder& builder, const StridedBatch& batch, const PlanContext& context)
{
    // Mirrored rows (StridedBatch::mirrored_dims) are a launch of the Stockham kernel or nothing.
    if (batch.mirrored_dims > 0 && &builder != &stockham_builder()) return "mirrored rows are Stockham launches";
    if (batch.real_to_real && &builder != &real_to_real_builder() && &builder != &real_to_real_steps_builder())
        return "real-to-real transforms are theirs";
    return builder.why_not(batch, context);
}

void add_reason(std::string& reasons, const NodeBuilder& builder, const std::string& why_not)
{
    if (!reasons.empty()) reasons += "; ";
    reasons += builder.name();
    reasons += ": " + why_not;
}

} // namespace

PlanContext plan_context(int device)
{
    return {device, shared_memory_per_block(device), device == kNoDevice ? 0 : kDramOfTheDevice,
            multiprocessor_count(device), has_bulk_copies(device)};
}

PlanContext context_for_tables(const PlanContext& context)
{
    PlanContext tables = context;
    tables.kernels_not_compiled = nullptr;
    return tables;
}

double dram_bytes_per_sm_cycle(const PlanContext& context)
{
    return context.dram_bytes_per_sm_cycle == kDramOfTheDevice ? dram_bytes_per_sm_cycle(context.device)
                                                                : context.dram_bytes_per_sm_cycle;
}

rift_status context_runtime_kernel(const CompiledKernel& identity, const PlanContext& context,
                                   const std::string& instead, std::shared_ptr<const RuntimeKernel>& kernel)
{
    RIFT_RETURN_IF_FAILED(
        runtime_kernel_or_fallback(identity, context.device, context.compiles_kernels, instead, kernel));
    if (!kernel && !context.compiles_kernels && context.kernels_not_compiled != nullptr)
        ++*context.kernels_not_compiled;
    return rift_status_success;
}

std::string why_no_builder(const StridedBatch& batch, const PlanContext& context)
{
    std::string reasons;
    for (const NodeBuilder* builder : builders) {
        const std::string why = why_not(*builder, batch, context);
        if (why.empty()) return {};
        add_reason(reasons, *builder, why);
    }
    return reasons;
}

rift_status build_batch_node(const StridedBatch& batch, const PlanContext& context, std::unique_ptr<TreeNode>& node)
{
    std::string reasons;
    for (const NodeBuilder* builder : builders) {
        const std::string why = why_not(*builder, batch, context);
        if (!why.empty()) {
            add_reason(reasons, *builder, why);
            continue;
        }
        node = nullptr;
        RIFT_RETURN_IF_FAILED(builder->build(batch, context, node));
        if (node) return rift_status_success;
        add_reason(reasons, *builder, "declined (a kernel it needs is not compiled)");
    }
    return fail(rift_status_not_implemented, "no plan for this transform yet (", reasons, ")");
}

namespace {

rift_status build_dimension_nodes(const std::vector<StridedBatch>& passes, const PlanContext& context,
                                  std::vector<std::unique_ptr<TreeNode>>& nodes)
{
    for (const StridedBatch& pass : passes) {
        std::unique_ptr<TreeNode> node;
        RIFT_RETURN_IF_FAILED(build_batch_node(pass, context, node));
        nodes.push_back(std::move(node));
    }
    return rift_status_success;
}

} // namespace

rift_status build_plan_tree(const TransformProblem& problem, const PlanContext& context,
                            std::unique_ptr<TreeNode>& root)
{
    std::vector<StridedBatch> passes = dimension_passes(problem);
    if (passes.size() == 1) return build_batch_node(passes[0], context, root);
    for (const PassOrder order : pass_orders) {
        std::optional<ArrangedPasses> arranged = arrange_passes(order, problem, context);
        if (!arranged) continue;
        std::vector<std::unique_ptr<TreeNode>> nodes;
        const rift_status built = build_dimension_nodes(arranged->passes, context, nodes);
        const bool keeps_work = arranged->work_elements > 0;
        // fastest_first's failure is the plan's; any order stops at out of memory.
        if (built == rift_status_out_of_memory || (built != rift_status_success && !keeps_work)) return built;
        const bool alone =
            std::all_of(nodes.begin(), nodes.end(), [](const auto& node) { return node->work_elements() == 0; });
        if (built == rift_status_success && (!keeps_work || alone)) {
            root = std::make_unique<MultiDimNode>(problem.lengths, std::move(nodes), arranged->printed_order,
                                                  arranged->work_elements);
            return rift_status_success;
        }
    }
    return fail(rift_status_not_implemented, "in place with input and output layouts that differ, a plan goes "
                "through the work buffer, which needs every dimension to run without work of its own (in one "
                "block); not implemented yet beyond that");
}

} // namespace rift
