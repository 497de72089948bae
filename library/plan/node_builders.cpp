// The table of node builders, in order of preference, and the split of a user's problem into batches of 1D
// transforms. A new node kind adds its builder here.
#include "library/api/error.h"
#include "library/plan/bluestein_node.h"
#include "library/plan/multi_dim_node.h"
#include "library/plan/node_builder.h"
#include "library/plan/real_node.h"
#include "library/plan/row_column_node.h"
#include "library/plan/stockham_node.h"

namespace rift {

namespace {

const NodeBuilder* const builders[] = {
    &stockham_builder(),
    &row_column_builder(),
    &real_half_length_builder(),
    &bluestein_builder(),
};

// The first builder that applies, or null with every builder's reason in `reasons`.
const NodeBuilder* find_builder(const StridedBatch& batch, const PlanContext& context, std::string& reasons)
{
    for (const NodeBuilder* builder : builders) {
        const std::string why_not = builder->why_not(batch, context);
        if (why_not.empty()) return builder;
        reasons += reasons.empty() ? "" : "; ";
        reasons += builder->name();
        reasons += ": " + why_not;
    }
    return nullptr;
}

} // namespace

std::string why_no_builder(const StridedBatch& batch, const PlanContext& context)
{
    std::string reasons;
    return find_builder(batch, context, reasons) ? std::string() : reasons;
}

rift_status build_batch_node(const StridedBatch& batch, const PlanContext& context, std::unique_ptr<TreeNode>& node)
{
    std::string reasons;
    if (const NodeBuilder* builder = find_builder(batch, context, reasons))
        return builder->build(batch, context, node);
    return fail(rift_status_not_implemented, "no plan for this transform yet (", reasons, ")");
}

rift_status build_plan_tree(const TransformProblem& problem, const PlanContext& context,
                            std::unique_ptr<TreeNode>& root)
{
    std::vector<StridedBatch> passes = dimension_passes(problem);
    if (passes.size() == 1) return build_batch_node(passes[0], context, root);
    std::vector<std::unique_ptr<TreeNode>> nodes;
    for (const StridedBatch& pass : passes) {
        std::unique_ptr<TreeNode> node;
        RIFT_RETURN_IF_FAILED(build_batch_node(pass, context, node));
        nodes.push_back(std::move(node));
    }
    root = std::make_unique<MultiDimNode>(problem.lengths, std::move(nodes));
    return rift_status_success;
}

} // namespace rift
