// A 2D or 3D transform as one batch of 1D transforms per dimension: the fastest dimension first, from the user's
// input to the output, then each other dimension in place on the output. Columns are not transposed through
// memory: their blocks move tiles of neighbouring columns (kernels/transform_tile.h).
//
// An R2C of even N0 may go column first instead: the reals seen as N0 / 2 complex pairs z are transformed along
// the other dimensions into the work buffer (rows aligned to sectors), and then each row is transformed and
// unpacked into the spectrum together with its mirror row, written whole. Fastest first, the column passes run
// in place over spectrum rows of N0 / 2 + 1 elements, whose runs straddle sectors.
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

// How the passes of a multi-dimensional plan run.
enum class PassOrder {
    fastest_first,   // the fastest dimension from the input to the output, then the others in place
    staged_spectrum, // C2R: the spectrum in the work buffer with sector-aligned rows between the passes
    column_first,    // R2C: the other dimensions of the reals seen as complex into the work buffer, then the
                     // rows, each unpacked with its mirror (kernels/real_mirror.h)
    through_work,    // complex and R2C in place with layouts that differ: the first pass from the input into the
                     // work buffer, the last from it to the output
};

class MultiDimNode final : public TreeNode {
public:
    // work_elements: what the arrangement itself keeps in the work buffer (0 for fastest_first).
    MultiDimNode(std::vector<size_t> lengths, std::vector<std::unique_ptr<TreeNode>> passes, PassOrder order,
                 size_t work_elements)
        : lengths_(std::move(lengths)), passes_(std::move(passes)), order_(order), own_work_elements_(work_elements)
    {
    }
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;
    size_t work_elements() const override;

private:
    std::vector<size_t> lengths_;
    std::vector<std::unique_ptr<TreeNode>> passes_;
    PassOrder order_;
    size_t own_work_elements_;
};

inline constexpr size_t kStagingAlignmentBytes = 32; // a DRAM sector

// The work-buffer layout of a C2R's spectrum with rows padded to whole sectors (distance: one transform's);
// none when the user's spectrum rows already start on sectors, or the problem is not a 2D/3D C2R.
std::optional<Layout> aligned_staging_layout(const TransformProblem& problem);

// The per-dimension batches of a multi-dimensional problem, in execution order; with `staging`, the complex data
// lives in the work buffer in that layout between the first and the last pass (a C2R's spectrum from
// aligned_staging_layout, or any problem's from work_layout), so the first pass alone reads the input and the
// last alone writes the output.
std::vector<StridedBatch> dimension_passes(const TransformProblem& problem, const Layout* staging = nullptr);

// The complex side of one transform in the work buffer: rows padded to whole sectors, the other dimensions packed.
Layout work_layout(const TransformProblem& problem);

// The work-buffer layout of z (the reals as complex pairs) for a column-first R2C, rows of N0 / 2 padded to whole
// sectors; none unless the problem is a 2D/3D R2C of even N0 whose reals pair up (unit stride, even offsets and
// strides) and whose spectrum rows do not start on sectors (otherwise the fastest-first order writes whole
// sectors already).
std::optional<Layout> column_first_layout(const TransformProblem& problem);
// The column-first passes: each other dimension of z from the input (first) or the work buffer into the work
// buffer laid out as `work`, then the rows with their mirrors from there to the output.
std::vector<StridedBatch> column_first_passes(const TransformProblem& problem, const Layout& work);

// The passes of a 2D/3D problem in one order, and what the order itself keeps in the work buffer between them
// (0 for fastest_first; the others are taken only where no pass needs work of its own, as nothing shares it).
struct ArrangedPasses {
    std::vector<StridedBatch> passes;
    size_t work_elements = 0;
    PassOrder printed_order; // through the work buffer, a C2R prints as staged_spectrum
};

// The passes of `order`, or none where it does not apply: through_work exactly where the problem is in place with
// layouts that differ (no other order is safe there), column_first where its layout exists, its rows can be
// mirrored and its column passes write whole sectors, staged_spectrum where a C2R's spectrum rows do not start on
// sectors, fastest_first everywhere else.
std::optional<ArrangedPasses> arrange_passes(PassOrder order, const TransformProblem& problem,
                                             const PlanContext& context);

} // namespace rift
