// A 1D transform too long for one block, as N = F1 F2 ... Fk with every factor one block's worth (the four-step
// or T-R-r-T decomposition, rocFFT's SBCC/SBRC pair). Column steps F1 .. F(k-1) each transform the columns of the
// data seen as a matrix and multiply by the twiddles between factors on the way out; the last, row step
// transforms contiguous rows and writes them transposed. Every step reads and writes global memory once,
// through shared-memory tiles so all accesses coalesce; the intermediate lives in the work buffer.
#pragma once

#include <memory>
#include <vector>

#include "library/plan/node_builder.h"

namespace rift {

class RowColumnNode final : public TreeNode {
public:
    RowColumnNode(size_t length, std::vector<size_t> factors, size_t work_elements,
                  std::vector<std::unique_ptr<TreeNode>> steps)
        : length_(length), factors_(std::move(factors)), work_elements_(work_elements), steps_(std::move(steps))
    {
    }
    void print(std::ostream& out, int depth) const override;
    void append_launches(KernelChain& chain) const override;
    size_t work_elements() const override { return work_elements_; }

private:
    size_t length_;
    std::vector<size_t> factors_;
    size_t work_elements_;
    std::vector<std::unique_ptr<TreeNode>> steps_;
};

const NodeBuilder& row_column_builder();

// The factors (column factors first, the row factor last) a row/column plan of this length would use; empty when
// the length has no split into one-block factors.
std::vector<size_t> row_column_factors(size_t length, Precision precision, const PlanContext& context);

} // namespace rift
