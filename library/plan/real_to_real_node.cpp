#include "library/plan/real_to_real_node.h"

#include <algorithm>

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
        kernels::TwinTransforms twins;
        const std::string why = stockham_builder().why_not(dft_batch(twin_pairs(batch, twins)), context);
        return why.empty() ? std::string() : "its DFT of " + std::to_string(dft_length) + " points: " + why;
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const std::string why = why_not(batch, context);
        if (!why.empty()) return fail(rift_status_not_implemented, why);
        kernels::TwinTransforms twins;
        const StridedBatch dft = dft_batch(twin_pairs(batch, twins));
        StockhamLaunch launch;
        RIFT_RETURN_IF_FAILED(make_stockham_launch(dft, context, kernels::EntryKernel::real_stockham, launch));
        launch.args.twins = twins;
        node = std::make_unique<StockhamNode>(std::move(launch));
        return rift_status_success;
    }
};

// Steps: the input map into the work buffer from `data_offset` on (each transform's DFT input contiguous, after
// the DFT plan's own use of the work buffer), the DFT in place there, the output map to the user's reals.
constexpr uint32_t kMapThreadsPerBlock = 256;
constexpr uint64_t kMapBlocks = 1u << 20;

size_t dft_length(const StridedBatch& batch)
{
    return kernels::real_to_real_dft_length(*batch.real_to_real, uint32_t(batch.length));
}

StridedBatch work_dft_batch(const StridedBatch& batch, size_t data_offset)
{
    StridedBatch dft;
    dft.length = dft_length(batch);
    dft.input = dft.output = BufferName::work;
    dft.input_offset = dft.output_offset = data_offset;
    dft.dims = {{batch.transform_count(), dft.length, dft.length}};
    dft.direction = kernels::real_to_real_dft_inverse(*batch.real_to_real) ? Direction::inverse : Direction::forward;
    dft.precision = batch.precision;
    return dft;
}

rift_status map_launch(const StridedBatch& batch, const kernels::TwinTransforms& twins, size_t data_offset,
                       bool output_map, const PlanContext& context, RealToRealMapLaunch& launch)
{
    kernels::RealToRealMapArgs& args = launch.args;
    args.twins = twins;
    args.input_offset = output_map ? data_offset : batch.input_offset;
    args.output_offset = output_map ? batch.output_offset : data_offset;
    args.user_stride = output_map ? batch.output_stride : batch.input_stride;
    args.dim_count = uint32_t(batch.dims.size());
    uint64_t work_stride = dft_length(batch);
    for (size_t d = 0; d < batch.dims.size(); ++d) {
        const kernels::BatchDim& dim = batch.dims[d];
        args.dims[d] = output_map ? kernels::BatchDim{dim.count, work_stride, dim.output_stride}
                                  : kernels::BatchDim{dim.count, dim.input_stride, work_stride};
        work_stride *= dim.count;
    }
    args.kind = uint32_t(*batch.real_to_real);
    args.length = uint32_t(batch.length);
    args.scale = output_map ? batch.scale : 1.0;
    const uint64_t rotation_order = kernels::real_to_real_rotation_order(*batch.real_to_real, uint32_t(batch.length));
    args.root_bits = step_twiddle_bits(rotation_order);
    RIFT_RETURN_IF_FAILED(
        acquire_step_twiddle_table(rotation_order, batch.precision, context.device, launch.rotations));
    launch.output_map = output_map;
    launch.precision = batch.precision;
    launch.input = output_map ? BufferName::work : batch.input;
    launch.output = output_map ? batch.output : BufferName::work;
    // A lane takes about four reals of its transform; short transforms share a block.
    uint32_t lanes = 1;
    while (lanes < kMapThreadsPerBlock && 4 * size_t(lanes) < batch.length) lanes *= 2;
    const uint32_t transforms_per_block = kMapThreadsPerBlock / lanes;
    const uint64_t blocks = (batch.transform_count() + transforms_per_block - 1) / transforms_per_block;
    launch.shape = {uint32_t(std::min<uint64_t>(blocks, kMapBlocks)), lanes, transforms_per_block, 0};
    return rift_status_success;
}

class RealToRealStepsBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "real-to-real-steps"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (!batch.real_to_real) return "not a real-to-real transform";
        if (batch.dims.size() > size_t(kernels::kMaxBatchDims)) return "too many batch dimensions";
        if (batch.input == BufferName::work || batch.output == BufferName::work)
            return "its data is in the work buffer, which its DFT needs";
        if (batch.length > kMaxStepsLength)
            return "length " + std::to_string(batch.length) + " is beyond " + std::to_string(kMaxStepsLength);
        const std::string why = why_no_builder(work_dft_batch(batch, 0), context);
        return why.empty() ? std::string() : "its DFT of " + std::to_string(dft_length(batch)) + " points: " + why;
    }

    rift_status build(const StridedBatch& user_batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        kernels::TwinTransforms twins;
        const StridedBatch batch = twin_pairs(user_batch, twins);
        std::unique_ptr<TreeNode> probe;
        RIFT_RETURN_IF_FAILED(build_batch_node(work_dft_batch(batch, 0), context, probe));
        if (!probe) return rift_status_success;
        const size_t data_offset = probe->work_elements();
        std::unique_ptr<TreeNode> dft;
        RIFT_RETURN_IF_FAILED(build_batch_node(work_dft_batch(batch, data_offset), context, dft));
        if (!dft) return rift_status_success;
        RealToRealMapLaunch input_map, output_map;
        RIFT_RETURN_IF_FAILED(map_launch(batch, twins, data_offset, false, context, input_map));
        RIFT_RETURN_IF_FAILED(map_launch(batch, twins, data_offset, true, context, output_map));
        const size_t work_elements = data_offset + dft_length(batch) * batch.transform_count();
        node = std::make_unique<RealToRealStepsNode>(batch.length, std::move(input_map), std::move(dft),
                                                     std::move(output_map), work_elements);
        return rift_status_success;
    }

private:
    // The rotations' order 8N and the DFT's 2(N + 1) points stay within 32 bits.
    static constexpr size_t kMaxStepsLength = size_t(1) << 28;
};

} // namespace

void RealToRealStepsNode::print(std::ostream& out, int depth) const
{
    indent(out, depth);
    out << "(" << kernels::to_string(kernels::RealToRealKind(input_map_.args.kind)) << " length " << length_
        << (input_map_.args.twins.count != 0 ? " in pairs" : "") << " steps work " << work_elements_ << "\n";
    indent(out, depth + 1);
    out << "(real-to-real-input-map)\n";
    dft_->print(out, depth + 1);
    indent(out, depth + 1);
    out << "(real-to-real-output-map)\n";
    indent(out, depth);
    out << ")\n";
}

void RealToRealStepsNode::append_launches(KernelChain& chain) const
{
    chain.push_back(input_map_);
    dft_->append_launches(chain);
    chain.push_back(output_map_);
}

const NodeBuilder& real_to_real_builder()
{
    static const RealToRealBuilder builder;
    return builder;
}

const NodeBuilder& real_to_real_steps_builder()
{
    static const RealToRealStepsBuilder builder;
    return builder;
}

} // namespace rift
