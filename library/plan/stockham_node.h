// A batch of 1D transforms that each fit one block's shared memory: one launch of the Stockham kernel.
#pragma once

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

} // namespace rift
