// Lengths with a prime factor no radix kernel takes (17, 1009, ...): Bluestein's algorithm, the whole transform
// in one kernel (kernels/bluestein_kernel.h) when its padded length fits one block. The chirp and the spectrum
// the convolution multiplies by are computed at plan time (the spectrum by a double-precision plan of the padded
// length, run on the host) and shared between plans.
#pragma once

#include "library/plan/node_builder.h"

namespace rift {

class BluesteinNode final : public TreeNode {
public:
    explicit BluesteinNode(BluesteinLaunch launch) : launch_(std::move(launch)) {}
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;

private:
    BluesteinLaunch launch_;
};

const NodeBuilder& bluestein_builder();

// The padded length of a one-block Bluestein transform of `length`: the shortest length with a kernel of its own
// that is at least 2 length - 1 and fits a block; 0 if there is none.
size_t bluestein_padded_length(size_t length, Precision precision, const PlanContext& context);

} // namespace rift
