// The table of node builders, in order of preference, and the split of a user's problem into batches of 1D
// transforms. A new node kind adds its builder here.
#include <algorithm>
#include <optional>

#include "library/core/error.h"
#include "library/plan/bluestein_node.h"
#include "library/plan/multi_dim_node.h"
#include "library/plan/node_builder.h"
#include "library/plan/rader_node.h"
#include "library/plan/real_node.h"
#include "library/plan/row_column_node.h"
#include "library/plan/stockham_node.h"

namespace rift {

namespace {

const NodeBuilder* const builders[] = {
    &stockham_builder(),
    &row_column_builder(),
    &real_half_length_builder(),
    &rader_builder(),
    &bluestein_builder(),
};

// The first builder that applies, or null with every builder's reason in `reasons`.
const NodeBuilder* find_builder(const StridedBatch& batch, const PlanContext& context, std::string& reasons)
{
    for (const NodeBuilder* builder : builders) {
        // Mirrored rows (StridedBatch::mirrored_dims) are a launch of the Stockham kernel or nothing.
        if (batch.mirrored_dims > 0 && builder != &stockham_builder()) continue;
        const std::string why_not = builder->why_not(batch, context);
        if (why_not.empty()) return builder;
        reasons += reasons.empty() ? "" : "; ";
        reasons += builder->name();
        reasons += ": " + why_not;
    }
    return nullptr;
}

} // namespace

PlanContext plan_context(int device)
{
    return {device, shared_memory_per_block(device), device == kNoDevice ? 0 : kDramOfTheDevice,
            multiprocessor_count(device), has_bulk_copies(device)};
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

// An arrangement of passes that keeps `work_elements` of its own in the work buffer: taken only when every pass
// is a node that needs no work of its own, as nothing shares that buffer. False when not taken, with `status`
// set only where planning must stop (out of memory).
bool build_with_own_work(const TransformProblem& problem, const std::vector<StridedBatch>& passes,
                         const PlanContext& context, PassOrder order, size_t work_elements,
                         std::unique_ptr<TreeNode>& root, rift_status& status)
{
    std::vector<std::unique_ptr<TreeNode>> nodes;
    const rift_status built = build_dimension_nodes(passes, context, nodes);
    if (built == rift_status_out_of_memory) status = built;
    const bool alone =
        std::all_of(nodes.begin(), nodes.end(), [](const auto& node) { return node->work_elements() == 0; });
    if (built != rift_status_success || !alone) return false;
    root = std::make_unique<MultiDimNode>(problem.lengths, std::move(nodes), order, work_elements);
    return true;
}

// The column passes of a column-first R2C write the work buffer in runs of the tile's columns; runs shorter than a
// sector leave sectors that are not in L2 partly written, each one a read-modify-write in DRAM, which costs more
// than going fastest dimension first (long columns, two a block: 16-byte runs); runs of whole lines gain.
bool column_passes_write_whole_sectors(const std::vector<StridedBatch>& passes, const PlanContext& context)
{
    return std::all_of(passes.begin(), passes.end() - 1, [&](const StridedBatch& pass) {
        return why_not_one_block(pass.length, pass.precision, context).empty() &&
               tiled_run_bytes(pass.length, pass.precision, context) >= kStagingAlignmentBytes;
    });
}

} // namespace

rift_status build_plan_tree(const TransformProblem& problem, const PlanContext& context,
                            std::unique_ptr<TreeNode>& root)
{
    std::vector<StridedBatch> passes = dimension_passes(problem);
    if (passes.size() == 1) return build_batch_node(passes[0], context, root);
    rift_status status = rift_status_success;
    if (problem.in_place_layouts_differ) {
        // In place with layouts that differ: the first pass reads all of the input into the work buffer and the
        // last alone writes the output, from there. No other arrangement is safe.
        const Layout work = work_layout(problem);
        const PassOrder order = problem.real_output() ? PassOrder::staged_spectrum : PassOrder::through_work;
        if (build_with_own_work(problem, dimension_passes(problem, &work), context, order,
                                work.distance * problem.batch, root, status))
            return rift_status_success;
        RIFT_RETURN_IF_FAILED(status);
        return fail(rift_status_not_implemented, "in place with input and output layouts that differ, a plan goes "
                    "through the work buffer, which needs every dimension to run without work of its own (in one "
                    "block); not implemented yet beyond that");
    }
    if (const std::optional<Layout> work = column_first_layout(problem)) {
        const std::vector<StridedBatch> column_first = column_first_passes(problem, *work);
        if (why_not_mirrored(column_first.back(), context).empty() &&
            column_passes_write_whole_sectors(column_first, context) &&
            build_with_own_work(problem, column_first, context, PassOrder::column_first,
                                work->distance * problem.batch, root, status))
            return rift_status_success;
        RIFT_RETURN_IF_FAILED(status);
    }
    if (const std::optional<Layout> staging = aligned_staging_layout(problem)) {
        if (build_with_own_work(problem, dimension_passes(problem, &*staging), context, PassOrder::staged_spectrum,
                                staging->distance * problem.batch, root, status))
            return rift_status_success;
        RIFT_RETURN_IF_FAILED(status);
    }
    std::vector<std::unique_ptr<TreeNode>> nodes;
    RIFT_RETURN_IF_FAILED(build_dimension_nodes(passes, context, nodes));
    root = std::make_unique<MultiDimNode>(problem.lengths, std::move(nodes), PassOrder::fastest_first, 0);
    return rift_status_success;
}

} // namespace rift
