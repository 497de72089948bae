#include "library/plan/bluestein_node.h"

#include <algorithm>
#include <cstring>

#include "kernels/bluestein_steps.h"
#include "kernels/bluestein_tables.h"
#include "library/core/error.h"
#include "library/exec/table_launch.h"
#include "library/plan/factorize.h"
#include "library/plan/filter_spectrum.h"
#include "library/plan/stockham_node.h"
#include "library/plan/stockham_shape.h"
#include "library/plan/strided_batch.h"
#include "library/platform/allocation_faults.h"
#include "library/tables/radix_transform.h"

namespace rift {

namespace {

// The spectrum in the row order of a three-stage plan (kernels/bluestein_steps.h): entry k1 F2 + k2 holds
// X_(k1 + F1 k2), so that row k1 reads its F2 entries contiguously. Entries of `element_bytes` bytes each.
std::vector<unsigned char> in_row_order(const unsigned char* spectrum, size_t padded_length, size_t row_length,
                                        size_t element_bytes)
{
    std::vector<unsigned char> ordered = host_buffer<unsigned char>(padded_length * element_bytes);
    const size_t rows = padded_length / row_length;
    for (size_t k1 = 0; k1 < rows; ++k1)
        for (size_t k2 = 0; k2 < row_length; ++k2)
            std::memcpy(&ordered[(k1 * row_length + k2) * element_bytes], &spectrum[(k1 + rows * k2) * element_bytes],
                        element_bytes);
    return ordered;
}

// Padded lengths up to this one (every one-block padding) have their spectra made on the host, in double by the
// passes of their radices: cheaper than a round trip through the GPU, which would also load double-precision
// kernels that a single-precision plan has no other use for.
constexpr size_t kLongestSpectrumMadeOnTheHost = 32768;

// The spectrum of the padded filter (kernels/bluestein_tables.h), in natural order (row_length 0) or in row
// order. Longer padded transforms are made on the GPU: the N chirp values go up, the M-point filter is built,
// transformed and rounded there, and only the rounded table comes back, as the host copy the host executor
// reads when it runs a GPU plan (and goes up again when reordered, which the host does).
rift_status make_spectrum_table(LazyBluesteinChirp& chirp, size_t padded_length, size_t row_length,
                                Precision precision, const PlanContext& context,
                                std::shared_ptr<const TwiddleTable>& table)
{
    const std::vector<ComplexDouble>& values = chirp.values();
    const auto* chirp_entries = reinterpret_cast<const kernels::Complex<double>*>(values.data());
    if (context.device == kNoDevice || padded_length <= kLongestSpectrumMadeOnTheHost) {
        // Padded lengths are products of butterflies; the compiled kernels' radices take the fewest passes.
        const std::vector<std::vector<uint32_t>> radix_sets = fewest_pass_radix_sets(padded_length, 32);
        if (radix_sets.empty())
            return fail(rift_status_not_implemented, "padded length " + std::to_string(padded_length) +
                                                         " has a prime factor without a butterfly");
        std::vector<ComplexDouble> filter = host_buffer<ComplexDouble>(padded_length);
        for (size_t m = 0; m < padded_length; ++m) {
            const kernels::Complex<double> entry =
                kernels::bluestein_filter_entry(chirp_entries, values.size(), padded_length, m);
            filter[m] = {entry.re, entry.im};
        }
        std::vector<ComplexDouble> spectrum =
            radix_transform(std::move(filter), radix_sets.front(), 1.0 / double(padded_length));
        if (row_length != 0) {
            const std::vector<unsigned char> ordered =
                in_row_order(reinterpret_cast<const unsigned char*>(spectrum.data()), padded_length, row_length,
                             sizeof(ComplexDouble));
            std::memcpy(spectrum.data(), ordered.data(), ordered.size());
        }
        return make_unshared_table(spectrum, precision, context.device, table);
    }
    DeviceBuffer device_chirp, filter, spectrum;
    RIFT_RETURN_IF_FAILED(DeviceBuffer::upload(values.data(), values.size() * sizeof(ComplexDouble), device_chirp));
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(padded_length * sizeof(ComplexDouble), filter));
    RIFT_RETURN_IF_FAILED(launch_bluestein_filter(device_chirp.get(), values.size(), padded_length, filter.get()));
    RIFT_RETURN_IF_FAILED(filter_spectrum_on_gpu(filter, padded_length, context, spectrum));
    const size_t element_bytes = complex_element_bytes(precision);
    if (precision == Precision::single) {
        DeviceBuffer rounded;
        RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(padded_length * element_bytes, rounded));
        RIFT_RETURN_IF_FAILED(launch_round_to_single(spectrum.get(), padded_length, rounded.get()));
        spectrum = std::move(rounded);
    }
    std::vector<unsigned char> host_copy = host_buffer<unsigned char>(padded_length * element_bytes);
    RIFT_RETURN_IF_FAILED(spectrum.download(host_copy.data(), host_copy.size())); // waits for the rounding
    if (row_length != 0) {
        host_copy = in_row_order(host_copy.data(), padded_length, row_length, element_bytes);
        RIFT_RETURN_IF_FAILED(DeviceBuffer::upload(host_copy.data(), host_copy.size(), spectrum));
    }
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

// The chirp, and the spectrum in natural order (row_length 0) or in row order.
rift_status acquire_bluestein_tables(const StridedBatch& batch, size_t padded_length, size_t row_length,
                                     const PlanContext& context, std::shared_ptr<const TwiddleTable>& chirp,
                                     std::shared_ptr<const TwiddleTable>& spectrum)
{
    const auto chirp_values = std::make_shared<LazyBluesteinChirp>(batch.length, batch.direction);
    RIFT_RETURN_IF_FAILED(acquire_bluestein_chirp_table(chirp_values, batch.precision, context.device, chirp));
    return acquire_bluestein_spectrum_table(
        batch.length, padded_length, row_length, batch.direction, batch.precision, context.device,
        [chirp_values, padded_length, row_length, precision = batch.precision,
         table_context = context_for_tables(context)](std::shared_ptr<const TwiddleTable>& made) {
            return make_spectrum_table(*chirp_values, padded_length, row_length, precision, table_context, made);
        },
        spectrum);
}

// A factor F of the padded length for the three stages: a kernel of its own there, at most 24 KiB of data
// (longer factors leave too few columns a block for whole 128-byte lines; 1536 double still gets 8), and one
// block's worth.
bool is_step_factor(size_t factor, Precision precision, const PlanContext& context)
{
    return factor * complex_element_bytes(precision) <= 24 * 1024 &&
           kernels::is_bluestein_step_length(uint32_t(factor)) && why_not_one_block(factor, precision, context).empty();
}

// The split M = F1 x F2 of a three-stage plan (kernels/bluestein_steps.h): the most even, rows at least as long
// as columns. {0, 0} where there is none.
std::pair<size_t, size_t> step_factors(size_t padded_length, Precision precision, const PlanContext& context)
{
    std::pair<size_t, size_t> best{0, 0};
    for (size_t rows = 16; rows <= 2048; rows *= 2)
        for (const size_t row_length : {rows, 3 * rows}) {
            if (padded_length % row_length != 0) continue;
            const size_t columns = padded_length / row_length;
            if (columns > row_length || !is_step_factor(row_length, precision, context) ||
                !is_step_factor(columns, precision, context))
                continue;
            if (best.second == 0 || row_length < best.second) best = {columns, row_length};
        }
    return best;
}

// Why a batch does not take the three-stage plan; empty if it does.
std::string why_not_steps(const StridedBatch& batch, size_t padded_length, const PlanContext& context)
{
    if (batch.real) return "real transforms pad through the element-wise steps";
    if (batch.dims.size() + 1 > size_t(kernels::kMaxBatchDims)) return "too many batch dimensions for the stages";
    if (step_factors(padded_length, batch.precision, context).first == 0)
        return "padded length " + std::to_string(padded_length) + " has no split into two stage factors";
    return {};
}

// Padded lengths stay within 32-bit element indices.
constexpr size_t kMaxLongLength = size_t(1) << 30;

// `kernel`: the compiled padded length's, for GPU plans.
rift_status build_one_block(const StridedBatch& batch, const PlanContext& context,
                            const OneBlockPadding& padding, std::shared_ptr<const RuntimeKernel> kernel,
                            std::unique_ptr<TreeNode>& node)
{
    const size_t padded_length = padding.length;
    BluesteinLaunch launch;
    StockhamShape shape;
    uint32_t per_block = 0;
    if (padding.compiled) {
        shape = compiled_stockham_shape(uint32_t(padded_length), batch.element_bytes());
        keep_one_slot(shape, batch.element_bytes());
        per_block = transforms_per_block(shape, batch.dims[0].count, context.shared_memory_per_block);
        launch.compiled_length = true;
        launch.compiled = std::move(kernel);
        launch.compiled_identity = padding.compiled->describe();
    } else {
        shape = stockham_shape(uint32_t(padded_length), batch.element_bytes(), kernels::EntryKernel::bluestein);
        per_block = transforms_per_block(shape, batch.dims[0].count, context.shared_memory_per_block);
        const bool capped = batch.precision == Precision::single
                                ? kernels::bluestein_min_blocks_per_sm<float>(uint32_t(padded_length)) > 0
                                : kernels::bluestein_min_blocks_per_sm<double>(uint32_t(padded_length)) > 0;
        if (capped) per_block = 1; // the kernel's launch bounds hold one transform
    }
    size_t tiles = 0, blocks = 0;
    RIFT_RETURN_IF_FAILED(tiled_block_count(batch, per_block, tiles, blocks));

    RIFT_RETURN_IF_FAILED(acquire_stockham_table(shape.radices, batch.precision, context.device, launch.twiddles));
    RIFT_RETURN_IF_FAILED(
        acquire_bluestein_tables(batch, padded_length, 0, context, launch.chirp, launch.spectrum));
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

// One stage's launch: the Stockham launch of `stage`, run with the stage's source and destination; `table` is
// the chirp for the column stages, the spectrum for the rows.
rift_status step_launch(kernels::BluesteinStage stage_kind, const StridedBatch& stage,
                        const StridedBatch& batch, size_t row_length, const PlanContext& context,
                        std::shared_ptr<const TwiddleTable> table, BluesteinStepLaunch& launch)
{
    StockhamLaunch stockham;
    RIFT_RETURN_IF_FAILED(
        make_stockham_launch(stage, context, kernels::EntryKernel::bluestein_steps, stockham));
    // The stage kernels read and write global memory directly: columns need tile-major blocks, rows none.
    const bool columns = stage_kind != kernels::BluesteinStage::rows;
    const kernels::StockhamArgs& args = stockham.args;
    if (!stockham.fixed_length || args.stage_input || args.stage_output || args.tile_major != columns ||
        stockham.shape.threads_x * stockham.shape.threads_y > kernels::kMaxThreadsPerBlock)
        return fail(rift_status_not_implemented, "Bluestein stage of factor ", stage.length,
                    " did not get the block layout its kernel needs");
    launch.stage = stage_kind;
    launch.args.step = args;
    launch.args.length = uint32_t(batch.length);
    launch.args.row_length = uint32_t(row_length);
    launch.precision = batch.precision;
    launch.direction = batch.direction;
    launch.input = stockham.input;
    launch.output = stockham.output;
    launch.shape = stockham.shape;
    launch.twiddles = std::move(stockham.twiddles);
    launch.step_twiddles = std::move(stockham.step_twiddles);
    (columns ? launch.chirp : launch.spectrum) = std::move(table);
    return rift_status_success;
}

// Three stages (kernels/bluestein_steps.h) over the padded data in the work buffer, each transform's M
// elements contiguous. Each stage is a Stockham launch's layout with sources and destinations of its own.
rift_status build_steps(const StridedBatch& batch, const PlanContext& context, size_t padded_length,
                        std::unique_ptr<TreeNode>& node)
{
    const auto [columns, row_length] = step_factors(padded_length, batch.precision, context);
    std::shared_ptr<const TwiddleTable> chirp, spectrum;
    RIFT_RETURN_IF_FAILED(acquire_bluestein_tables(batch, padded_length, row_length, context, chirp, spectrum));

    StridedBatch stage;
    stage.precision = batch.precision;
    // Column stages: column n2 (or a) of the user's data is dims[0]; the user's batch axes follow.
    std::vector<kernels::BatchDim> user_to_work, work_to_user, work_rows{{columns, row_length, row_length}};
    size_t work_stride = padded_length;
    for (const kernels::BatchDim& dim : batch.dims) {
        user_to_work.push_back({dim.count, dim.input_stride, work_stride});
        work_to_user.push_back({dim.count, work_stride, dim.output_stride});
        work_rows.push_back({dim.count, work_stride, work_stride});
        work_stride *= dim.count;
    }
    const size_t work_elements = work_stride;

    stage.length = columns;
    stage.direction = Direction::forward;
    stage.step_twiddled = true;
    stage.input = batch.input;
    stage.input_offset = batch.input_offset;
    stage.input_stride = row_length * batch.input_stride;
    stage.output = BufferName::work;
    stage.output_stride = row_length;
    stage.dims = {{row_length, batch.input_stride, 1}};
    stage.dims.insert(stage.dims.end(), user_to_work.begin(), user_to_work.end());
    BluesteinStepLaunch forward_columns;
    RIFT_RETURN_IF_FAILED(step_launch(kernels::BluesteinStage::forward_columns, stage, batch, row_length, context,
                                      chirp, forward_columns));

    stage = StridedBatch{};
    stage.precision = batch.precision;
    stage.length = row_length;
    stage.direction = Direction::inverse; // the sign of the twiddle on the way out
    stage.step_twiddled = true;
    stage.input = stage.output = BufferName::work;
    stage.input_stride = stage.output_stride = 1;
    stage.dims = work_rows;
    BluesteinStepLaunch rows;
    RIFT_RETURN_IF_FAILED(
        step_launch(kernels::BluesteinStage::rows, stage, batch, row_length, context, spectrum, rows));

    stage = StridedBatch{};
    stage.precision = batch.precision;
    stage.length = columns;
    stage.direction = Direction::inverse;
    stage.scale = batch.scale;
    stage.input = BufferName::work;
    stage.input_stride = row_length;
    stage.output = batch.output;
    stage.output_offset = batch.output_offset;
    stage.output_stride = row_length * batch.output_stride;
    stage.dims = {{row_length, 1, batch.output_stride}};
    stage.dims.insert(stage.dims.end(), work_to_user.begin(), work_to_user.end());
    BluesteinStepLaunch inverse_columns;
    RIFT_RETURN_IF_FAILED(step_launch(kernels::BluesteinStage::inverse_columns, stage, batch, row_length, context,
                                      chirp, inverse_columns));

    node = std::make_unique<BluesteinStepsNode>(batch.length, padded_length, std::move(forward_columns),
                                                std::move(rows), std::move(inverse_columns), work_elements);
    return rift_status_success;
}

// The padded plans' own use of the work buffer comes first; the padded data follows it.
rift_status build_long(const StridedBatch& batch, const PlanContext& context, size_t padded_length,
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
    RIFT_RETURN_IF_FAILED(acquire_bluestein_tables(batch, padded_length, 0, context, chirp, spectrum));
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


// Why no Bluestein variant takes the batch; empty if they may.
std::string why_not_bluestein(const StridedBatch& batch)
{
    if (batch.step_twiddled) return "row/column steps run Stockham kernels";
    if (batch.dims.size() > size_t(kernels::kMaxBatchDims)) return "too many batch dimensions";
    if (batch.length < 2) return "length " + std::to_string(batch.length) + " needs no convolution";
    return {};
}

// Why a batch beyond one block does not pad to the long length; empty if it may.
std::string why_not_long(const StridedBatch& batch)
{
    if (const std::string why = why_not_bluestein(batch); !why.empty()) return why;
    if (batch.length > kMaxLongLength)
        return "length " + std::to_string(batch.length) + " is beyond " + std::to_string(kMaxLongLength);
    return {};
}

// The whole transform in one block, where a padded length fits one.
class BluesteinOneBlockBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "bluestein-one-block"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (const std::string why = why_not_bluestein(batch); !why.empty()) return why;
        if (bluestein_one_block_padding(batch.length, batch.real, batch.precision, context).length == 0)
            return "no padded length of " + std::to_string(batch.length) + " fits one block";
        return {};
    }

    // Declines where the padding's compiled kernel is not there and the catalogue has no padding either.
    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const std::string why = why_not(batch, context);
        if (!why.empty()) return fail(rift_status_not_implemented, why);
        OneBlockPadding padding = bluestein_one_block_padding(batch.length, batch.real, batch.precision, context);
        std::shared_ptr<const RuntimeKernel> kernel;
        if (padding.compiled && context.device != kNoDevice) {
            RIFT_RETURN_IF_FAILED(context_runtime_kernel(
                *padding.compiled, context,
                "the catalogue's padding or a plan of the padded transforms runs length " +
                    std::to_string(batch.length),
                kernel));
            if (!kernel) padding = bluestein_one_block_padding(batch.length, batch.real, batch.precision, context, false);
        }
        if (padding.length == 0) return rift_status_success;
        return build_one_block(batch, context, padding, std::move(kernel), node);
    }
};

// Beyond one block, complex: three stages over the long padded length's two factors.
class BluesteinStepsBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "bluestein-steps"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (const std::string why = why_not_long(batch); !why.empty()) return why;
        return why_not_steps(batch, bluestein_long_length(batch.length), context);
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const std::string why = why_not(batch, context);
        if (!why.empty()) return fail(rift_status_not_implemented, why);
        return build_steps(batch, context, bluestein_long_length(batch.length), node);
    }
};

// Beyond one block otherwise: the padded transforms are plans of their own, the element-wise steps around them.
class BluesteinPaddedPlansBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "bluestein-padded-plans"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (const std::string why = why_not_long(batch); !why.empty()) return why;
        const size_t padded_length = bluestein_long_length(batch.length);
        const std::string why = why_no_builder(padded_batch(batch, padded_length, Direction::forward, 0), context);
        return why.empty() ? std::string() : "padded length " + std::to_string(padded_length) + ": " + why;
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const std::string why = why_not(batch, context);
        if (!why.empty()) return fail(rift_status_not_implemented, why);
        return build_long(batch, context, bluestein_long_length(batch.length), node);
    }
};

} // namespace

namespace {

// The smooth lengths from `shortest` to twice it, fewest passes through the slot first (the padded length times
// the passes of its compiled kernel, as its fewest radices count them). Kept for the last length asked on each
// thread: a plan asks for its length several times.
const std::vector<size_t>& compiled_paddings(size_t shortest, uint32_t largest_radix)
{
    thread_local size_t last_shortest = 0;
    thread_local uint32_t last_largest_radix = 0;
    thread_local std::vector<size_t> paddings;
    if (shortest == last_shortest && largest_radix == last_largest_radix) return paddings;
    std::vector<std::pair<size_t, size_t>> candidates; // cost, padded length
    for (const auto& [padded_length, passes] :
         smooth_lengths_with_pass_counts(std::max<size_t>(shortest, 2), 2 * shortest, largest_radix))
        candidates.push_back({padded_length * passes, padded_length});
    std::sort(candidates.begin(), candidates.end());
    paddings.clear();
    for (const auto& candidate : candidates) paddings.push_back(candidate.second);
    last_shortest = shortest;
    last_largest_radix = largest_radix;
    return paddings;
}

// The catalogue's shortest length from `shortest` up whose Bluestein kernel fits one block (0: none), of the
// powers of two only where asked.
size_t shortest_catalogue_padding(size_t shortest, bool powers_of_two, Precision precision, const PlanContext& context)
{
    size_t padded_length = 0;
    for (uint32_t candidate : fixed_kernel_lengths())
        if (candidate >= shortest && (!powers_of_two || (candidate & (candidate - 1)) == 0) &&
            (padded_length == 0 || candidate < padded_length) && why_not_one_block(candidate, precision, context).empty())
            padded_length = candidate;
    return padded_length;
}

} // namespace

// The padding of fewest passes through the slot (the padded length times its passes) up to twice the shortest
// padding, the catalogue's kernel where it has one, else a compiled one; but the catalogue's shortest power of two
// where that candidate is not at most kCompiledPaddingOfPowerOfTwo of it: the power-of-two kernels run the
// convolution faster per element (docs/performance.md, "Primes").
constexpr double kCompiledPaddingOfPowerOfTwo = 0.8;

OneBlockPadding bluestein_one_block_padding(size_t length, bool real, Precision precision, const PlanContext& context,
                                            bool compiled)
{
    OneBlockPadding padding;
    if (length == 0 || length > kMaxOneBlockLength) return padding;
    const size_t shortest = shortest_padded_length(length);
    const size_t power_of_two = shortest_catalogue_padding(shortest, true, precision, context);
    if (compiled && (context.device == kNoDevice || runtime_kernels_enabled(context.device))) {
        const std::vector<uint32_t>& catalogue = fixed_kernel_lengths();
        for (size_t padded_length : compiled_paddings(shortest, precision == Precision::single ? 32 : 16)) {
            if (power_of_two != 0 && double(padded_length) > kCompiledPaddingOfPowerOfTwo * double(power_of_two))
                break;
            if (std::find(catalogue.begin(), catalogue.end(), padded_length) != catalogue.end()) {
                if (!why_not_one_block(uint32_t(padded_length), precision, context).empty()) continue;
                padding.length = padded_length;
                return padding;
            }
            std::optional<CompiledKernel> identity =
                compiled_convolution_identity(CompiledFamily::bluestein, uint32_t(padded_length), precision, real,
                                              context.shared_memory_per_block);
            if (!identity) continue;
            padding.length = padded_length;
            padding.compiled = std::move(identity);
            return padding;
        }
    }
    // Without a compiled kernel that fits: the power of two, else the catalogue's shortest padding.
    padding.length = power_of_two != 0 ? power_of_two : shortest_catalogue_padding(shortest, false, precision, context);
    return padding;
}

size_t bluestein_one_block_length(size_t length, Precision precision, const PlanContext& context)
{
    return bluestein_one_block_padding(length, false, precision, context).length;
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

void BluesteinStepsNode::print(std::ostream& out, int depth) const
{
    const kernels::StockhamArgs& first = forward_columns_.args.step;
    indent(out, depth);
    out << "(bluestein length " << length_ << " padded " << padded_length_ << " factors " << first.length << 'x'
        << forward_columns_.args.row_length << " batch "
        << describe_dims(std::vector<kernels::BatchDim>(first.dims + 1, first.dims + first.dim_count)) << " work "
        << work_elements_ << '\n';
    for (const BluesteinStepLaunch* stage : {&forward_columns_, &rows_, &inverse_columns_}) {
        indent(out, depth + 1);
        out << '(' << to_string(stage->stage) << " length " << stage->args.step.length << " per-block "
            << stage->args.step.transforms_per_block << ")\n";
    }
    indent(out, depth);
    out << ")\n";
}

void BluesteinStepsNode::append_launches(KernelChain& chain) const
{
    chain.push_back(forward_columns_);
    chain.push_back(rows_);
    chain.push_back(inverse_columns_);
}

const NodeBuilder& bluestein_one_block_builder()
{
    static const BluesteinOneBlockBuilder builder;
    return builder;
}

const NodeBuilder& bluestein_steps_builder()
{
    static const BluesteinStepsBuilder builder;
    return builder;
}

const NodeBuilder& bluestein_padded_plans_builder()
{
    static const BluesteinPaddedPlansBuilder builder;
    return builder;
}

} // namespace rift
