// A 2D or 3D transform as one batch of 1D transforms per dimension: the fastest dimension first, from the user's
// input to the output, then each other dimension in place on the output. Columns are not transposed through
// memory: their blocks move tiles of neighbouring columns (kernels/transform_tile.h).
//
// A C2R may stage the spectrum in the work buffer instead of transforming in place on the user's input: with
// N0 / 2 + 1 complex elements a row (2049 for 4096), the user's rows do not start on 32-byte sectors, so every
// run of a column tile straddles two sectors. The staged rows are padded to whole sectors, so only the first
// pass reads straddled runs and no pass writes them (docs/performance.md has the measurements).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "library/plan/node_builder.h"

namespace rift {

class MultiDimNode final : public TreeNode {
public:
    // staging_elements: the work buffer elements of a staged spectrum (0: not staged).
    MultiDimNode(std::vector<size_t> lengths, std::vector<std::unique_ptr<TreeNode>> passes, size_t staging_elements)
        : lengths_(std::move(lengths)), passes_(std::move(passes)), staging_elements_(staging_elements)
    {
    }
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;
    size_t work_elements() const override;

private:
    std::vector<size_t> lengths_;
    std::vector<std::unique_ptr<TreeNode>> passes_;
    size_t staging_elements_;
};

inline constexpr size_t kStagingAlignmentBytes = 32; // a DRAM sector

// The work-buffer layout of a C2R's spectrum with rows padded to whole sectors (distance: one transform's);
// none when the user's spectrum rows already start on sectors, or the problem is not a 2D/3D C2R.
std::optional<Layout> aligned_staging_layout(const TransformProblem& problem);

// The per-dimension batches of a multi-dimensional problem, in execution order; with `staging` (a C2R's, from
// aligned_staging_layout), the spectrum lives in the work buffer in that layout between the first and the last
// pass.
std::vector<StridedBatch> dimension_passes(const TransformProblem& problem, const Layout* staging = nullptr);

} // namespace rift
