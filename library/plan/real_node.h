// A real transform of even length N = 2M whose half-length complex transform is beyond one block: that complex
// transform as a plan of its own (row/column), with the spectrum (un)packing as a pass of its own after it
// (forward) or before it (inverse). Shorter real transforms fuse the (un)packing into their one kernel
// (stockham_node.cpp, kernels/real_pack.h).
#pragma once

#include <memory>

#include "library/plan/node_builder.h"

namespace rift {

class RealHalfLengthNode final : public TreeNode {
public:
    RealHalfLengthNode(size_t length, std::unique_ptr<TreeNode> complex, RealPackLaunch pack)
        : length_(length), complex_(std::move(complex)), pack_(std::move(pack))
    {
    }
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;
    size_t work_elements() const override { return complex_->work_elements(); }

private:
    size_t length_;
    std::unique_ptr<TreeNode> complex_;
    RealPackLaunch pack_;
};

const NodeBuilder& real_half_length_builder();

} // namespace rift
