#include "library/plan/real_to_real_node.h"

#include "library/core/error.h"
#include "library/plan/stockham_node.h"

namespace rift {

namespace {

// The batch as the real Stockham kernels run it: the DFT's direction, reals on both sides.
StridedBatch dft_batch(const StridedBatch& batch)
{
    StridedBatch dft = batch;
    dft.real = true;
    dft.direction = kernels::real_to_real_dft_inverse(*batch.real_to_real) ? Direction::inverse : Direction::forward;
    return dft;
}

class RealToRealBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "real-to-real"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (!batch.real_to_real) return "not a real-to-real transform";
        if (batch.dims.size() > size_t(kernels::kMaxBatchDims)) return "too many batch dimensions";
        if (batch.length > kMaxOneBlockLength)
            return "length " + std::to_string(batch.length) +
                   " is beyond one block (real-to-real transforms of more are not implemented yet)";
        const size_t dft_length = kernels::real_to_real_dft_length(*batch.real_to_real, uint32_t(batch.length));
        const std::string why = stockham_builder().why_not(dft_batch(batch), context);
        return why.empty() ? std::string() : "its DFT of " + std::to_string(dft_length) + " points: " + why;
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const std::string why = why_not(batch, context);
        if (!why.empty()) return fail(rift_status_not_implemented, why);
        StockhamLaunch launch;
        RIFT_RETURN_IF_FAILED(
            make_stockham_launch(dft_batch(batch), context, kernels::EntryKernel::real_stockham, launch));
        node = std::make_unique<StockhamNode>(std::move(launch));
        return rift_status_success;
    }
};

} // namespace

const NodeBuilder& real_to_real_builder()
{
    static const RealToRealBuilder builder;
    return builder;
}

} // namespace rift
