// Lengths with a prime factor no radix kernel takes (17, 1009, 65537, ...): Bluestein's algorithm. The whole
// transform is one kernel (kernels/bluestein_kernel.h) when its padded length fits one block; beyond that the
// padded forward and inverse transforms are plans of their own in the work buffer, with the element-wise steps
// (kernels/bluestein_pointwise.h) around them. The chirp and the spectrum the convolution multiplies by are
// computed at plan time (library/tables/radix_transform.h; filter_spectrum.h for long padded lengths) and
// shared between plans.
#pragma once

#include <optional>

#include "library/exec/runtime_kernels.h"
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

// Beyond one block otherwise (real transforms, padded lengths of three factors): chirp in, padded forward plan,
// spectrum product, padded inverse plan, chirp out. The padded data lives in the work buffer after what the
// padded plans use of it themselves.
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

// Beyond one block, for complex transforms whose padded length splits into two factors with kernels of their own:
// three launches, forward columns with the chirp in, rows with the spectrum product, inverse columns with the
// chirp out (kernels/bluestein_steps.h). The padded data lives in the work buffer.
class BluesteinStepsNode final : public TreeNode {
public:
    BluesteinStepsNode(size_t length, size_t padded_length, BluesteinStepLaunch forward_columns,
                       BluesteinStepLaunch rows, BluesteinStepLaunch inverse_columns, size_t work_elements)
        : length_(length), padded_length_(padded_length), forward_columns_(std::move(forward_columns)),
          rows_(std::move(rows)), inverse_columns_(std::move(inverse_columns)), work_elements_(work_elements)
    {
    }
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;
    size_t work_elements() const override { return work_elements_; }

private:
    size_t length_;
    size_t padded_length_;
    BluesteinStepLaunch forward_columns_;
    BluesteinStepLaunch rows_;
    BluesteinStepLaunch inverse_columns_;
    size_t work_elements_;
};

// The three ways, in order of preference: one block, three stages, padded plans of their own.
const NodeBuilder& bluestein_one_block_builder();
const NodeBuilder& bluestein_steps_builder();
const NodeBuilder& bluestein_padded_plans_builder();

// The padded length of a one-block Bluestein transform of `length` (at least 2 length - 2, fitting a block): the
// shortest power of two of the catalogue, else its shortest length, or beyond those, where kernels are compiled at run time (and on the host), the
// compiled length of the fewest passes, with that kernel's identity; length 0 if there is none. `real`: of a real
// transform; `compiled` false: catalogue lengths only.
struct OneBlockPadding {
    size_t length = 0;
    std::optional<CompiledKernel> compiled;
};
OneBlockPadding bluestein_one_block_padding(size_t length, bool real, Precision precision, const PlanContext& context,
                                            bool compiled = true);
// The same for a complex transform, its length only.
size_t bluestein_one_block_length(size_t length, Precision precision, const PlanContext& context);

} // namespace rift
