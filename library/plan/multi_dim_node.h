// A 2D or 3D transform as one batch of 1D transforms per dimension: the fastest dimension first, from the user's
// input to the output, then each other dimension in place on the output. Columns are not transposed through
// memory: their blocks stage tiles of neighbouring columns through shared memory (kernels/transform_tile.h).
#pragma once

#include <memory>
#include <vector>

#include "library/plan/node_builder.h"

namespace rift {

class MultiDimNode final : public TreeNode {
public:
    MultiDimNode(std::vector<size_t> lengths, std::vector<std::unique_ptr<TreeNode>> passes)
        : lengths_(std::move(lengths)), passes_(std::move(passes))
    {
    }
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;
    size_t work_elements() const override;

private:
    std::vector<size_t> lengths_;
    std::vector<std::unique_ptr<TreeNode>> passes_;
};

// The per-dimension batches of a multi-dimensional problem, in execution order.
std::vector<StridedBatch> dimension_passes(const TransformProblem& problem);

} // namespace rift
