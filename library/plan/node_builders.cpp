// The table of node builders, in order of preference. A new node kind adds its builder here.
#include "library/api/error.h"
#include "library/plan/node_builder.h"
#include "library/plan/stockham_node.h"

namespace rift {

namespace {

const NodeBuilder* const builders[] = {
    &stockham_builder(),
};

} // namespace

rift_status build_plan_tree(const TransformProblem& problem, const PlanContext& context,
                            std::unique_ptr<TreeNode>& root)
{
    std::string reasons;
    for (const NodeBuilder* builder : builders) {
        const std::string why_not = builder->why_not(problem, context);
        if (why_not.empty()) return builder->build(problem, context, root);
        reasons += reasons.empty() ? "" : "; ";
        reasons += builder->name();
        reasons += ": " + why_not;
    }
    return fail(rift_status_not_implemented, "no plan for this transform yet (", reasons, ")");
}

} // namespace rift
