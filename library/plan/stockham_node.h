// A batch of 1D transforms that each fit one block's shared memory: one launch of the Stockham kernel.
// Staged sides (kernels/transform_tile.h) make columns coalesce.
#pragma once

#include "kernels/fixed_lengths.h"
#include "library/plan/node_builder.h"

namespace rift {

class StockhamNode final : public TreeNode {
public:
    explicit StockhamNode(StockhamLaunch launch) : launch_(std::move(launch)) {}
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;

private:
    StockhamLaunch launch_;
};

const NodeBuilder& stockham_builder();

// The one launch of a batch the Stockham builder takes (why_not empty): staging, block shape and tables. Other
// nodes whose kernels run Stockham transforms with sources and destinations of their own start from it.
rift_status make_stockham_launch(const StridedBatch& batch, const PlanContext& context, kernels::EntryKernel kernel,
                                 StockhamLaunch& launch);

// Keeps every in-transform index in 32 bits and the pass count within kernels::kMaxPasses.
inline constexpr size_t kMaxOneBlockLength = 65536;

// Empty when a transform of this length runs in one block (in every staging mode); otherwise why not.
std::string why_not_one_block(size_t length, Precision precision, const PlanContext& context);
// Empty when the rows of a column-first multi-dimensional R2C of this batch (StridedBatch::mirrored_dims) can run
// a row and its mirror a block; otherwise why not.
std::string why_not_mirrored(const StridedBatch& batch, const PlanContext& context);
// Bytes a tiled launch of one-block transforms of this length moves along each row: its transforms per block
// (neighbouring columns) times the element size.
size_t tiled_run_bytes(size_t length, Precision precision, const PlanContext& context);
// True when a tiled launch of this length runs 1024-thread blocks (the wide variant) that take more than half of
// a block's shared memory: one block an SM.
bool tiled_block_fills_an_sm(size_t length, Precision precision, const PlanContext& context);

} // namespace rift
