#include "library/plan/bluestein_node.h"

#include <algorithm>

#include "library/api/error.h"
#include "library/plan/filter_spectrum.h"
#include "library/plan/stockham_node.h"
#include "library/plan/stockham_shape.h"
#include "library/plan/strided_batch.h"

namespace rift {

namespace {

// The spectrum of the filter conj(w_m) at m and M - m (0 <= m < N; zero elsewhere).
rift_status chirp_spectrum(size_t length, size_t padded_length, Direction direction, const PlanContext& context,
                           std::vector<ComplexDouble>& spectrum)
{
    const std::vector<ComplexDouble> chirp = bluestein_chirp(length, direction);
    std::vector<ComplexDouble> filter(padded_length, ComplexDouble{0, 0});
    for (size_t m = 0; m < length; ++m) {
        filter[m] = {chirp[m].re, -chirp[m].im};
        if (m != 0) filter[padded_length - m] = filter[m];
    }
    return filter_spectrum(filter, context, spectrum);
}

constexpr uint32_t kPointwiseThreadsPerBlock = 256;
constexpr uint64_t kMaxGridY = 65535;

// Beyond one block the padded length is a plan of its own: the shortest power of two, or three times one, that
// is at least 2N - 1 (their row/column factors have kernels of their own).
size_t bluestein_long_length(size_t length)
{
    size_t power = 1;
    while (power < 2 * length - 1) power *= 2;
    return 3 * (power / 4) >= 2 * length - 1 ? 3 * (power / 4) : power;
}

// The padded transforms of a long Bluestein plan: in place in the work buffer from `offset` on, each transform
// contiguous.
StridedBatch padded_batch(const StridedBatch& batch, size_t padded_length, Direction direction, size_t offset)
{
    StridedBatch padded;
    padded.length = padded_length;
    padded.input = padded.output = BufferName::work;
    padded.input_offset = padded.output_offset = offset;
    padded.dims = {{batch.transform_count(), padded_length, padded_length}};
    padded.direction = direction;
    padded.precision = batch.precision;
    return padded;
}

// The user's layout as the kernels address it: BluesteinArgs with the padded length, scale, direction.
kernels::BluesteinArgs user_layout(const StridedBatch& batch, size_t padded_length)
{
    kernels::BluesteinArgs args;
    args.length = uint32_t(batch.length);
    args.real = batch.real;
    args.inverse = batch.direction == Direction::inverse;
    set_layout(args.padded, batch);
    args.padded.scale = batch.scale;
    args.padded.length = uint32_t(padded_length);
    return args;
}

BluesteinPointwiseLaunch pointwise_launch(const StridedBatch& batch, size_t padded_length, size_t padded_offset,
                                          kernels::BluesteinStep step, std::shared_ptr<const TwiddleTable> table)
{
    BluesteinPointwiseLaunch launch;
    launch.args.step = step;
    launch.args.user = user_layout(batch, padded_length);
    launch.args.padded_offset = padded_offset;
    launch.precision = batch.precision;
    launch.direction = batch.direction;
    launch.user = step == kernels::BluesteinStep::chirp_out ? batch.output : batch.input;
    launch.table = std::move(table);
    const uint64_t blocks = (launch.args.elements() + kPointwiseThreadsPerBlock - 1) / kPointwiseThreadsPerBlock;
    launch.shape = {uint32_t(std::min<uint64_t>(blocks, 1u << 30)), kPointwiseThreadsPerBlock,
                    uint32_t(std::min<uint64_t>(batch.transform_count(), kMaxGridY)), 0};
    return launch;
}

rift_status acquire_bluestein_tables(const StridedBatch& batch, size_t padded_length, const PlanContext& context,
                                     std::shared_ptr<const TwiddleTable>& chirp,
                                     std::shared_ptr<const TwiddleTable>& spectrum)
{
    RIFT_RETURN_IF_FAILED(
        acquire_bluestein_chirp_table(batch.length, batch.direction, batch.precision, context.device, chirp));
    return acquire_bluestein_spectrum_table(
        batch.length, padded_length, batch.direction, batch.precision, context.device,
        [&](std::vector<ComplexDouble>& entries) {
            return chirp_spectrum(batch.length, padded_length, batch.direction, context, entries);
        },
        spectrum);
}

class BluesteinBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "bluestein"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (batch.step_twiddled) return "row/column steps run Stockham kernels";
        if (batch.dims.size() > size_t(kernels::kMaxBatchDims)) return "too many batch dimensions";
        if (batch.length < 2) return "length " + std::to_string(batch.length) + " needs no convolution";
        if (bluestein_one_block_length(batch.length, batch.precision, context) != 0) return {};
        if (batch.length > kMaxLongLength)
            return "length " + std::to_string(batch.length) + " is beyond " + std::to_string(kMaxLongLength);
        const size_t padded_length = bluestein_long_length(batch.length);
        const std::string why = why_no_builder(padded_batch(batch, padded_length, Direction::forward, 0), context);
        return why.empty() ? std::string() : "padded length " + std::to_string(padded_length) + ": " + why;
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const std::string why = why_not(batch, context);
        if (!why.empty()) return fail(rift_status_not_implemented, why);
        const size_t padded_length = bluestein_one_block_length(batch.length, batch.precision, context);
        return padded_length != 0 ? build_one_block(batch, context, padded_length, node)
                                  : build_long(batch, context, bluestein_long_length(batch.length), node);
    }

private:
    // Padded lengths stay within 32-bit element indices.
    static constexpr size_t kMaxLongLength = size_t(1) << 30;

    static rift_status build_one_block(const StridedBatch& batch, const PlanContext& context, size_t padded_length,
                                       std::unique_ptr<TreeNode>& node)
    {
        const StockhamShape shape = stockham_shape(uint32_t(padded_length), batch.element_bytes());
        const uint32_t per_block = transforms_per_block(shape, batch.dims[0].count, context.shared_memory_per_block);
        size_t tiles = 0, blocks = 0;
        RIFT_RETURN_IF_FAILED(tiled_block_count(batch, per_block, tiles, blocks));

        BluesteinLaunch launch;
        RIFT_RETURN_IF_FAILED(acquire_stockham_table(shape.radices, batch.precision, context.device, launch.twiddles));
        RIFT_RETURN_IF_FAILED(acquire_bluestein_tables(batch, padded_length, context, launch.chirp, launch.spectrum));
        launch.args = user_layout(batch, padded_length);
        kernels::StockhamArgs& padded = launch.args.padded;
        padded.tiles = uint32_t(tiles);
        set_pass_shape(padded, shape, per_block);
        launch.precision = batch.precision;
        launch.direction = batch.direction;
        launch.input = batch.input;
        launch.output = batch.output;
        launch.shape = {uint32_t(blocks), shape.threads_per_transform, per_block,
                        uint32_t(shape.shared_bytes_per_transform * per_block)};
        node = std::make_unique<BluesteinNode>(std::move(launch));
        return rift_status_success;
    }

    // The padded plans' own use of the work buffer comes first; the padded data follows it.
    static rift_status build_long(const StridedBatch& batch, const PlanContext& context, size_t padded_length,
                                  std::unique_ptr<TreeNode>& node)
    {
        std::unique_ptr<TreeNode> probe;
        RIFT_RETURN_IF_FAILED(
            build_batch_node(padded_batch(batch, padded_length, Direction::forward, 0), context, probe));
        const size_t data_offset = probe->work_elements();
        std::unique_ptr<TreeNode> forward, inverse;
        RIFT_RETURN_IF_FAILED(build_batch_node(
            padded_batch(batch, padded_length, Direction::forward, data_offset), context, forward));
        RIFT_RETURN_IF_FAILED(build_batch_node(
            padded_batch(batch, padded_length, Direction::inverse, data_offset), context, inverse));
        std::shared_ptr<const TwiddleTable> chirp, spectrum;
        RIFT_RETURN_IF_FAILED(acquire_bluestein_tables(batch, padded_length, context, chirp, spectrum));
        using kernels::BluesteinStep;
        const size_t work_elements =
            std::max(forward->work_elements(), inverse->work_elements()) + padded_length * batch.transform_count();
        node = std::make_unique<BluesteinLongNode>(
            pointwise_launch(batch, padded_length, data_offset, BluesteinStep::chirp_in, chirp), std::move(forward),
            pointwise_launch(batch, padded_length, data_offset, BluesteinStep::spectrum, spectrum),
            std::move(inverse), pointwise_launch(batch, padded_length, data_offset, BluesteinStep::chirp_out, chirp),
            work_elements);
        return rift_status_success;
    }
};

} // namespace

size_t bluestein_one_block_length(size_t length, Precision precision, const PlanContext& context)
{
    if (length == 0 || length > kMaxOneBlockLength) return 0;
    size_t best = 0;
    for (uint32_t candidate : fixed_kernel_lengths())
        if (candidate >= 2 * length - 1 && (best == 0 || candidate < best) &&
            why_not_one_block(candidate, precision, context).empty())
            best = candidate;
    return best;
}

void BluesteinNode::print(std::ostream& out, int depth) const
{
    const kernels::BluesteinArgs& args = launch_.args;
    indent(out, depth);
    if (args.real) out << (args.inverse ? "(real-inverse " : "(real-forward ");
    out << "(bluestein length " << args.length << " padded " << args.padded.length << " batch "
        << describe_dims(std::vector<kernels::BatchDim>(args.padded.dims, args.padded.dims + args.padded.dim_count))
        << " per-block " << args.padded.transforms_per_block << (args.real ? "))\n" : ")\n");
}

void BluesteinNode::append_launches(KernelChain& chain) const { chain.push_back(launch_); }

void BluesteinLongNode::print(std::ostream& out, int depth) const
{
    const kernels::BluesteinArgs& args = chirp_in_.args.user;
    indent(out, depth);
    if (args.real) out << (args.inverse ? "(real-inverse " : "(real-forward ");
    out << "(bluestein length " << args.length << " padded " << args.padded.length << " batch "
        << describe_dims(std::vector<kernels::BatchDim>(args.padded.dims, args.padded.dims + args.padded.dim_count))
        << " work " << work_elements_ << '\n';
    indent(out, depth + 1);
    out << "(chirp-in)\n";
    forward_->print(out, depth + 1);
    indent(out, depth + 1);
    out << "(spectrum-product)\n";
    inverse_->print(out, depth + 1);
    indent(out, depth + 1);
    out << "(chirp-out)\n";
    indent(out, depth);
    out << (args.real ? "))\n" : ")\n");
}

void BluesteinLongNode::append_launches(KernelChain& chain) const
{
    chain.push_back(chirp_in_);
    forward_->append_launches(chain);
    chain.push_back(spectrum_);
    inverse_->append_launches(chain);
    chain.push_back(chirp_out_);
}

const NodeBuilder& bluestein_builder()
{
    static const BluesteinBuilder builder;
    return builder;
}

} // namespace rift
