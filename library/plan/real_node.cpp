#include "library/plan/real_node.h"

#include <algorithm>

#include "library/core/error.h"
#include "library/plan/strided_batch.h"

namespace rift {

namespace {

constexpr uint32_t kPackThreadsPerBlock = 256;
constexpr uint64_t kMaxGridY = 65535;

// The complex transform of half the length. Forward it reads the reals as complex elements and writes Z where
// the spectrum goes; inverse it transforms in place in the output, where the packing pass left Z, and scales.
StridedBatch half_length_batch(const StridedBatch& batch)
{
    StridedBatch complex = with_real_side_packed(batch);
    complex.real = false;
    complex.length = batch.length / 2;
    if (batch.direction == Direction::forward) {
        complex.scale = 1.0; // the packing pass scales
    } else {
        complex.input = complex.output;
        complex.input_offset = complex.output_offset;
        complex.input_stride = complex.output_stride;
        for (kernels::BatchDim& dim : complex.dims) dim.input_stride = dim.output_stride;
    }
    return complex;
}

// Forward in place on the output (Z to X); inverse from the user's spectrum to the output seen as complex.
RealPackLaunch pack_launch(const StridedBatch& batch)
{
    const StridedBatch packed = with_real_side_packed(batch);
    const bool forward = batch.direction == Direction::forward;
    RealPackLaunch launch;
    kernels::RealPackArgs& args = launch.args;
    launch.input = forward ? batch.output : batch.input;
    launch.output = batch.output;
    args.input_offset = forward ? packed.output_offset : packed.input_offset;
    args.input_stride = forward ? packed.output_stride : packed.input_stride;
    args.output_offset = packed.output_offset;
    args.output_stride = packed.output_stride;
    args.dim_count = uint32_t(packed.dims.size());
    for (size_t d = 0; d < packed.dims.size(); ++d) {
        args.dims[d] = packed.dims[d];
        if (forward) args.dims[d].input_stride = packed.dims[d].output_stride;
    }
    args.half_length = batch.length / 2;
    args.scale = forward ? batch.scale : 1.0;
    args.root_bits = step_twiddle_bits(batch.length);
    launch.precision = batch.precision;
    launch.direction = batch.direction;
    const uint64_t blocks = (args.pair_count() + kPackThreadsPerBlock - 1) / kPackThreadsPerBlock;
    launch.shape = {uint32_t(std::min<uint64_t>(blocks, 1u << 30)), kPackThreadsPerBlock,
                    uint32_t(std::min<uint64_t>(args.transform_count(), kMaxGridY)), 0};
    return launch;
}

class RealHalfLengthBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "real-half-length"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (!batch.real) return "not a real transform";
        if (batch.length % 2 != 0)
            return "odd real lengths beyond one block (" + std::to_string(batch.length) + ") are not implemented yet";
        if (!real_side_is_packable(batch))
            return "real transforms beyond one block need unit stride and even offset and strides on the real side";
        if (batch.dims.size() > size_t(kernels::kMaxBatchDims)) return "too many batch dimensions";
        const std::string why = why_no_builder(half_length_batch(batch), context);
        return why.empty() ? std::string() : "half length: " + why;
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        std::unique_ptr<TreeNode> complex;
        RIFT_RETURN_IF_FAILED(build_batch_node(half_length_batch(batch), context, complex));
        RealPackLaunch pack = pack_launch(batch);
        RIFT_RETURN_IF_FAILED(acquire_step_twiddle_table(batch.length, batch.precision, context.device, pack.roots));
        node = std::make_unique<RealHalfLengthNode>(batch.length, std::move(complex), std::move(pack));
        return rift_status_success;
    }
};

} // namespace

void RealHalfLengthNode::print(std::ostream& out, int depth) const
{
    const bool forward = pack_.direction == Direction::forward;
    indent(out, depth);
    out << (forward ? "(real-forward length " : "(real-inverse length ") << length_ << " half-length\n";
    if (!forward) {
        indent(out, depth + 1);
        out << "(real-pack " << pack_.args.half_length << ")\n";
    }
    complex_->print(out, depth + 1);
    if (forward) {
        indent(out, depth + 1);
        out << "(real-unpack " << pack_.args.half_length << ")\n";
    }
    indent(out, depth);
    out << ")\n";
}

void RealHalfLengthNode::append_launches(KernelChain& chain) const
{
    if (pack_.direction == Direction::inverse) chain.push_back(pack_);
    complex_->append_launches(chain);
    if (pack_.direction == Direction::forward) chain.push_back(pack_);
}

const NodeBuilder& real_half_length_builder()
{
    static const RealHalfLengthBuilder builder;
    return builder;
}

} // namespace rift
