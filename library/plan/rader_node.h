// Prime lengths by Rader's algorithm: a circular convolution of the prime minus one, in one block
// (kernels/rader_kernel.h), where that length has a compiled kernel's shape and beats Bluestein's padded length.
#pragma once

#include "library/plan/node_builder.h"

namespace rift {

class RaderNode final : public TreeNode {
public:
    explicit RaderNode(RaderLaunch launch) : launch_(std::move(launch)) {}
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;

private:
    RaderLaunch launch_;
};

const NodeBuilder& rader_builder();

} // namespace rift
