// The table of node builders, in order of preference, and the split of a user's problem into batches of 1D
// transforms. A new node kind adds its builder here.
#include <algorithm>
#include <optional>

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
    // A staged spectrum shares the work buffer with nothing: it is taken only when every pass is a node that
    // needs no work of its own.
    if (const std::optional<Layout> staging = aligned_staging_layout(problem)) {
        std::vector<std::unique_ptr<TreeNode>> nodes;
        const rift_status status = build_dimension_nodes(dimension_passes(problem, &*staging), context, nodes);
        const bool alone =
            std::all_of(nodes.begin(), nodes.end(), [](const auto& node) { return node->work_elements() == 0; });
        if (status == rift_status_success && alone) {
            root = std::make_unique<MultiDimNode>(problem.lengths, std::move(nodes),
                                                  staging->distance * problem.batch);
            return rift_status_success;
        }
        if (status == rift_status_out_of_memory) return status;
    }
    std::vector<std::unique_ptr<TreeNode>> nodes;
    RIFT_RETURN_IF_FAILED(build_dimension_nodes(passes, context, nodes));
    root = std::make_unique<MultiDimNode>(problem.lengths, std::move(nodes), 0);
    return rift_status_success;
}

} // namespace rift
