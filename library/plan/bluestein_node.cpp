#include "library/plan/bluestein_node.h"

#include <algorithm>

#include "kernels/bluestein_tables.h"
#include "library/api/error.h"
#include "library/exec/table_launch.h"
#include "library/plan/filter_spectrum.h"
#include "library/plan/stockham_node.h"
#include "library/plan/stockham_shape.h"
#include "library/plan/strided_batch.h"
#include "library/platform/allocation_faults.h"

namespace rift {

namespace {

// The spectrum of the padded filter (kernels/bluestein_tables.h). A GPU plan makes it on the GPU: the N chirp
// values go up, the M-point filter is built, transformed and rounded there, and only the rounded table comes
// back, as the host copy the host executor reads when it runs a GPU plan.
rift_status make_spectrum_table(LazyBluesteinChirp& chirp, size_t padded_length, Precision precision,
                                const PlanContext& context, std::shared_ptr<const TwiddleTable>& table)
{
    const std::vector<ComplexDouble>& values = chirp.values();
    const auto* chirp_entries = reinterpret_cast<const kernels::Complex<double>*>(values.data());
    if (context.device == kNoDevice) {
        std::vector<ComplexDouble> filter = host_buffer<ComplexDouble>(padded_length);
        for (size_t m = 0; m < padded_length; ++m) {
            const kernels::Complex<double> entry =
                kernels::bluestein_filter_entry(chirp_entries, values.size(), padded_length, m);
            filter[m] = {entry.re, entry.im};
        }
        std::vector<ComplexDouble> spectrum;
        RIFT_RETURN_IF_FAILED(filter_spectrum(filter, context, spectrum));
        return make_unshared_table(spectrum, precision, context.device, table);
    }
    DeviceBuffer device_chirp, filter, spectrum;
    RIFT_RETURN_IF_FAILED(DeviceBuffer::upload(values.data(), values.size() * sizeof(ComplexDouble), device_chirp));
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(padded_length * sizeof(ComplexDouble), filter));
    RIFT_RETURN_IF_FAILED(launch_bluestein_filter(device_chirp.get(), values.size(), padded_length, filter.get()));
    RIFT_RETURN_IF_FAILED(filter_spectrum_on_gpu(filter, padded_length, context, spectrum));
    const size_t element_bytes = precision == Precision::single ? sizeof(kernels::Complex<float>)
                                                                : sizeof(kernels::Complex<double>);
    if (precision == Precision::single) {
        DeviceBuffer rounded;
        RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(padded_length * element_bytes, rounded));
        RIFT_RETURN_IF_FAILED(launch_round_to_single(spectrum.get(), padded_length, rounded.get()));
        spectrum = std::move(rounded);
    }
    std::vector<unsigned char> host_copy = host_buffer<unsigned char>(padded_length * element_bytes);
    RIFT_RETURN_IF_FAILED(spectrum.download(host_copy.data(), host_copy.size())); // waits for the rounding
    table = std::make_shared<const TwiddleTable>(std::move(host_copy), std::move(spectrum));
    return rift_status_success;
}

// The shortest circular convolution that gives X_0 .. X_(N-1) exactly: the filter conj(w_m) is needed for
// -(N-1) <= m <= N-1, and its two ends may share the slot M/2 = N - 1 because w_(-m) = w_m. So M >= 2N - 2, not
// the 2N - 1 of a general linear convolution (a power of two for N = 2^k + 1: 257 pads to 512, 65537 to 2^17).
size_t shortest_padded_length(size_t length)
{
    return 2 * length - 2;
}

constexpr uint32_t kPointwiseThreadsPerBlock = 256;
constexpr uint64_t kMaxGridY = 65535;

// Beyond one block the padded length is a plan of its own: the shortest power of two, or three times one, that
// is at least shortest_padded_length (their row/column factors have kernels of their own).
size_t bluestein_long_length(size_t length)
{
    size_t power = 1;
    const size_t shortest = shortest_padded_length(length);
    while (power < shortest) power *= 2;
    return 3 * (power / 4) >= shortest ? 3 * (power / 4) : power;
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
    LazyBluesteinChirp chirp_values(batch.length, batch.direction);
    RIFT_RETURN_IF_FAILED(acquire_bluestein_chirp_table(chirp_values, batch.precision, context.device, chirp));
    return acquire_bluestein_spectrum_table(
        batch.length, padded_length, batch.direction, batch.precision, context.device,
        [&](std::shared_ptr<const TwiddleTable>& made) {
            return make_spectrum_table(chirp_values, padded_length, batch.precision, context, made);
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
        if (candidate >= shortest_padded_length(length) && (best == 0 || candidate < best) &&
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
