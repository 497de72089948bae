// DCT and DST (kernels/real_to_real.h). A batch of real-to-real transforms is one launch of the real Stockham
// kernels where the kind's DFT fits one: the DFT in the slot and the kind's input and output maps in its staged
// copies (StockhamArgs::real_to_real), so the user's reals are read and written once. Otherwise (a DFT length with
// a prime factor no radix takes, or beyond one block) it runs in steps: the input map into the work buffer
// (kernels/real_to_real_kernel.h), the DFT there as a plan of its own, the output map to the user's reals.
#pragma once

#include <memory>

#include "library/plan/node_builder.h"

namespace rift {

class RealToRealStepsNode final : public TreeNode {
public:
    RealToRealStepsNode(size_t length, RealToRealMapLaunch input_map, std::unique_ptr<TreeNode> dft,
                        RealToRealMapLaunch output_map, size_t work_elements)
        : length_(length), input_map_(std::move(input_map)), dft_(std::move(dft)), output_map_(std::move(output_map)),
          work_elements_(work_elements)
    {
    }
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;
    size_t work_elements() const override { return work_elements_; }

private:
    size_t length_;
    RealToRealMapLaunch input_map_;
    std::unique_ptr<TreeNode> dft_;
    RealToRealMapLaunch output_map_;
    size_t work_elements_;
};

const NodeBuilder& real_to_real_builder();
const NodeBuilder& real_to_real_steps_builder();

} // namespace rift
