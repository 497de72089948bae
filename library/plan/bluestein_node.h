// Lengths with a prime factor no radix kernel takes (17, 1009, 65537, ...): Bluestein's algorithm. The whole
// transform is one kernel (kernels/bluestein_kernel.h) when its padded length fits one block; beyond that the
// padded forward and inverse transforms are plans of their own in the work buffer, with the element-wise steps
// (kernels/bluestein_pointwise.h) around them. The chirp and the spectrum the convolution multiplies by are
// computed at plan time (filter_spectrum.h) and shared between plans.
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

// Beyond one block: chirp in, padded forward plan, spectrum product, padded inverse plan, chirp out. The padded
// data lives in the work buffer after what the padded plans use of it themselves.
class BluesteinLongNode final : public TreeNode {
public:
    BluesteinLongNode(BluesteinPointwiseLaunch chirp_in, std::unique_ptr<TreeNode> forward,
                      BluesteinPointwiseLaunch spectrum, std::unique_ptr<TreeNode> inverse,
                      BluesteinPointwiseLaunch chirp_out, size_t work_elements)
        : chirp_in_(std::move(chirp_in)), forward_(std::move(forward)), spectrum_(std::move(spectrum)),
          inverse_(std::move(inverse)), chirp_out_(std::move(chirp_out)), work_elements_(work_elements)
    {
    }
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;
    size_t work_elements() const override { return work_elements_; }

private:
    BluesteinPointwiseLaunch chirp_in_;
    std::unique_ptr<TreeNode> forward_;
    BluesteinPointwiseLaunch spectrum_;
    std::unique_ptr<TreeNode> inverse_;
    BluesteinPointwiseLaunch chirp_out_;
    size_t work_elements_;
};

const NodeBuilder& bluestein_builder();

// The padded length of a one-block Bluestein transform of `length`: the shortest length with a kernel of its own
// that is at least 2 length - 1 and fits a block; 0 if there is none.
size_t bluestein_one_block_length(size_t length, Precision precision, const PlanContext& context);

} // namespace rift
