#include "library/plan/bluestein_node.h"

#include <algorithm>
#include <climits>

#include "library/api/error.h"
#include "library/exec/executors.h"
#include "library/plan/stockham_node.h"
#include "library/plan/stockham_shape.h"
#include "library/plan/strided_batch.h"

namespace rift {

namespace {

// The M-point DFT of the filter conj(w_m) at m and M - m (0 <= m < N; zero elsewhere), divided by M so that the
// kernel's inverse transform needs no scaling: a double-precision plan of length M, run by the host executor.
rift_status chirp_spectrum(size_t length, size_t padded_length, Direction direction,
                           std::vector<ComplexDouble>& spectrum)
{
    const std::vector<ComplexDouble> chirp = bluestein_chirp(length, direction);
    std::vector<kernels::Complex<double>> filter(padded_length, kernels::Complex<double>{0, 0});
    for (size_t m = 0; m < length; ++m) {
        filter[m] = {chirp[m].re, -chirp[m].im};
        if (m != 0) filter[padded_length - m] = filter[m];
    }
    StridedBatch batch;
    batch.length = padded_length;
    batch.dims = {{1, padded_length, padded_length}};
    batch.precision = Precision::double_;
    batch.scale = 1.0 / double(padded_length);
    const PlanContext host{kNoDevice, shared_memory_per_block(kNoDevice)};
    std::unique_ptr<TreeNode> node;
    RIFT_RETURN_IF_FAILED(build_batch_node(batch, host, node));
    KernelChain chain;
    node->append_launches(chain);
    std::vector<kernels::Complex<double>> transformed(padded_length);
    std::vector<kernels::Complex<double>> work(node->work_elements());
    RIFT_RETURN_IF_FAILED(execute_on_host(chain, {filter.data(), transformed.data(), work.data()}));
    spectrum.resize(padded_length);
    for (size_t k = 0; k < padded_length; ++k) spectrum[k] = {transformed[k].re, transformed[k].im};
    return rift_status_success;
}

class BluesteinBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "bluestein"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (batch.step_twiddled) return "row/column steps run Stockham kernels";
        if (batch.dims.size() > size_t(kernels::kMaxBatchDims)) return "too many batch dimensions";
        if (bluestein_padded_length(batch.length, batch.precision, context) == 0)
            return "a padded length of at least " + std::to_string(2 * batch.length - 1) +
                   " does not fit one block (Bluestein beyond one block is not implemented yet)";
        return {};
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const size_t padded_length = bluestein_padded_length(batch.length, batch.precision, context);
        if (padded_length == 0) return fail(rift_status_not_implemented, why_not(batch, context));
        const StockhamShape shape = stockham_shape(uint32_t(padded_length), batch.element_bytes());
        const size_t tile_axis_count = batch.dims[0].count;
        const uint32_t per_block = transforms_per_block(shape, tile_axis_count, context.shared_memory_per_block);
        const size_t tiles = (tile_axis_count + per_block - 1) / per_block;
        const size_t blocks = tiles * (batch.transform_count() / tile_axis_count);
        if (blocks > size_t(INT_MAX))
            return fail(rift_status_not_implemented, "batch of ", batch.transform_count(),
                        " transforms needs more than 2^31 blocks");

        BluesteinLaunch launch;
        RIFT_RETURN_IF_FAILED(acquire_stockham_table(shape.radices, batch.precision, context.device, launch.twiddles));
        RIFT_RETURN_IF_FAILED(
            acquire_bluestein_chirp_table(batch.length, batch.direction, batch.precision, context.device, launch.chirp));
        RIFT_RETURN_IF_FAILED(acquire_bluestein_spectrum_table(
            batch.length, padded_length, batch.direction, batch.precision, context.device,
            [&](std::vector<ComplexDouble>& spectrum) {
                return chirp_spectrum(batch.length, padded_length, batch.direction, spectrum);
            },
            launch.spectrum));

        kernels::BluesteinArgs& args = launch.args;
        args.length = uint32_t(batch.length);
        args.real = batch.real;
        args.inverse = batch.direction == Direction::inverse;
        kernels::StockhamArgs& padded = args.padded;
        padded.input_offset = batch.input_offset;
        padded.input_stride = batch.input_stride;
        padded.output_offset = batch.output_offset;
        padded.output_stride = batch.output_stride;
        padded.dim_count = uint32_t(batch.dims.size());
        std::copy(batch.dims.begin(), batch.dims.end(), padded.dims);
        padded.tiles = uint32_t(tiles);
        padded.scale = batch.scale;
        padded.length = uint32_t(padded_length);
        padded.pass_count = uint32_t(shape.radices.size());
        padded.threads_per_transform = shape.threads_per_transform;
        padded.transforms_per_block = per_block;
        padded.slot_elements = shape.slot_elements;
        padded.pad_period = shape.pad_period;
        for (size_t p = 0; p < shape.radices.size(); ++p)
            padded.packed_radices |= uint64_t(shape.radices[p]) << (8 * p);
        launch.precision = batch.precision;
        launch.direction = batch.direction;
        launch.input = batch.input;
        launch.output = batch.output;
        launch.shape = {uint32_t(blocks), shape.threads_per_transform, per_block,
                        uint32_t(shape.shared_bytes_per_transform * per_block)};
        node = std::make_unique<BluesteinNode>(std::move(launch));
        return rift_status_success;
    }
};

} // namespace

size_t bluestein_padded_length(size_t length, Precision precision, const PlanContext& context)
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

const NodeBuilder& bluestein_builder()
{
    static const BluesteinBuilder builder;
    return builder;
}

} // namespace rift
