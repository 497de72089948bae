#include "library/plan/stockham_node.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <sstream>

#include "kernels/real_mirror.h"
#include "kernels/shared_layout.h"
#include "library/core/error.h"
#include "library/exec/runtime_kernels.h"
#include "library/plan/stockham_shape.h"
#include "library/plan/strided_batch.h"

namespace rift {

namespace {

std::vector<uint32_t> radices_of(const kernels::StockhamArgs& args)
{
    std::vector<uint32_t> radices;
    for (uint32_t p = 0; p < args.pass_count; ++p) radices.push_back(args.radix(p));
    return radices;
}

std::string join_radices(const std::vector<uint32_t>& radices)
{
    std::ostringstream text;
    for (size_t i = 0; i < radices.size(); ++i) text << (i ? "x" : "") << radices[i];
    return text.str();
}

// A side is a column where a transform's own elements are far apart but the tile's transforms lie closer.
bool is_column(size_t stride, size_t tile_axis_stride) { return stride != 1 && tile_axis_stride < stride; }

// The complex transform a batch runs: a real batch of even length N goes through one of N / 2
// (kernels/real_pack.h).
size_t complex_length(const StridedBatch& batch)
{
    if (batch.real_to_real) return kernels::real_to_real_dft_length(*batch.real_to_real, uint32_t(batch.length));
    return batch.real && batch.length % 2 == 0 ? batch.length / 2 : batch.length;
}

// Where a launch stages its sides through shared memory, and the batch in the units the kernel addresses.
struct Staging {
    StridedBatch view;
    bool stage_input = false;
    bool stage_output = false;
    bool tile_major = false;
};

Staging complex_staging(const StridedBatch& batch)
{
    Staging staging{batch};
    const bool strided_input = is_column(batch.input_stride, batch.dims[0].input_stride);
    // A grouped output's elements are as far apart as its groups.
    const bool strided_output = is_column(batch.output_group > 1 ? batch.output_group_stride : batch.output_stride,
                                          batch.dims[0].output_stride);
    // Columns on both sides: tile-major blocks coalesce both directly. Columns on one side: that side is
    // staged, and the other keeps lane-major blocks.
    staging.tile_major = strided_input && strided_output;
    staging.stage_input = strided_input && !staging.tile_major;
    staging.stage_output = strided_output && !staging.tile_major;
    return staging;
}

// A real batch always stages its hermitian side, where the spectrum is packed or unpacked. Its real side is read
// or written directly where it can be: of even length, unit stride and even offsets, as complex elements, which is
// what makes contiguous real transforms as fast as complex ones of half the length; of odd length, any layout, as
// the real parts (and the twin's as the imaginary ones, kernels::RealSideSource).
Staging real_staging(const StridedBatch& batch)
{
    if (batch.real_to_real) { // both sides through the kind's maps
        Staging staging{batch};
        staging.stage_input = staging.stage_output = true;
        return staging;
    }
    const bool forward = batch.direction == Direction::forward;
    const bool packed = real_side_is_packable(batch);
    const bool direct = packed || (odd_real_dfts(batch) && batch.mirrored_dims == 0);
    Staging staging{packed ? with_real_side_packed(batch) : batch};
    staging.stage_input = !forward || !direct;
    staging.stage_output = forward || !direct;
    return staging;
}

// Launches that may run a kernel compiled at run time: complex or real data, plain output.
bool takes_compiled_kernel(const StridedBatch& batch, kernels::EntryKernel kernel)
{
    const bool entry = batch.real ? kernel == kernels::EntryKernel::real_stockham
                                  : kernel == kernels::EntryKernel::complex_stockham;
    return entry && batch.output_group == 1;
}

// Tiled launches move whole tiles of transforms through shared memory (tiled_transforms_per_block): complex ones
// that stage a side, and real-to-real ones with a side of columns, whose staged copies then go across the tile's
// transforms (kernels::real_to_real_staging_thread). Other real staging works transform by transform in lane-major
// blocks, and mirrored rows run in pairs.
bool is_tiled(const StridedBatch& batch, const Staging& staging)
{
    if (batch.real_to_real)
        return is_column(batch.input_stride, batch.dims[0].input_stride) ||
               is_column(batch.output_stride, batch.dims[0].output_stride);
    return !batch.real && (staging.stage_input || staging.stage_output || staging.tile_major);
}

// A side whose transforms lie one after another: unit stride, the next transform right after the last element.
bool is_row_span(size_t stride, size_t distance, size_t length) { return stride == 1 && distance == length; }
bool input_is_row_span(const StridedBatch& batch)
{
    return is_row_span(batch.input_stride, batch.dims[0].input_stride, batch.length);
}
bool output_is_row_span(const StridedBatch& batch)
{
    return is_row_span(batch.output_stride, batch.dims[0].output_stride, batch.length);
}

// Rows of even length of DCT-II and DST-II with an input of unit stride: a kernel compiled for them reads that
// input, the reordered reals, where it lies (KernelData::reordered_input), whether or not its output goes through
// rows.
bool reads_reordered_input(const StridedBatch& batch, BlockLayout layout)
{
    const bool type_two = batch.real_to_real && (*batch.real_to_real == kernels::RealToRealKind::dct2 ||
                                                 *batch.real_to_real == kernels::RealToRealKind::dst2);
    return type_two && batch.length % 2 == 0 && batch.input_stride == 1 &&
           (layout == BlockLayout::lane_major || layout == BlockLayout::staged_rows);
}

// Real-to-real rows of a halved form (even n, every kind but DCT-I and DST-I) whose output lies as spans, and their
// input too but where the first pass reads it where it lies (a reordered input of unit stride), of a length
// stages_real_to_real_row_spans takes: BlockLayout::staged_rows, the spans moved through rows of shared memory
// (kernels::real_to_real::move_real_rows).
bool stages_real_to_real_rows(const StridedBatch& batch, const PlanContext& context)
{
    const kernels::RealToRealKind kind = *batch.real_to_real;
    const bool halved = batch.length % 2 == 0 && kind != kernels::RealToRealKind::dct1 &&
                        kind != kernels::RealToRealKind::dst1;
    if (!halved || batch.step_twiddled || batch.mirrored_dims > 0 || batch.output_group > 1 ||
        batch.length / 2 > kMaxOneBlockLength || !output_is_row_span(batch))
        return false;
    const uint32_t length = uint32_t(batch.length / 2);
    const RealRowInput input = real_row_input(kind, length);
    const bool reordered = reads_reordered_input(batch, BlockLayout::staged_rows);
    if (!reordered && !input_is_row_span(batch)) return false;
    return stages_real_to_real_row_spans(length, batch.element_bytes(), input) &&
           compiled_kernel_shape(length, reordered ? KernelData::reordered_input : KernelData::real,
                                 batch.element_bytes(), BlockLayout::staged_rows, context.shared_memory_per_block)
                   .shared_bytes_per_transform <= context.shared_memory_per_block;
}

// Complex rows of a side that lies as spans, of a length stages_row_spans takes, and real-to-real rows as above:
// BlockLayout::staged_rows.
bool stages_rows(const StridedBatch& batch, const PlanContext& context)
{
    if (batch.real_to_real) return stages_real_to_real_rows(batch, context);
    if (batch.real || batch.step_twiddled || batch.output_group > 1 || batch.length > kMaxOneBlockLength ||
        !(input_is_row_span(batch) || output_is_row_span(batch)))
        return false;
    return stages_row_spans(uint32_t(batch.length), batch.element_bytes());
}

// Complex rows of a length compiled_rows_prefetch takes, contiguous on the input side, unstaged, where the
// device's kernels bulk-copy.
bool prefetches(const StridedBatch& batch, const Staging& staging, const PlanContext& context)
{
    return context.bulk_copies && !batch.real && batch.mirrored_dims == 0 && batch.output_group <= 1 &&
           batch.input_stride == 1 && !staging.stage_input && !staging.stage_output &&
           batch.length <= kMaxOneBlockLength &&
           compiled_rows_prefetch(uint32_t(batch.length), batch.precision, context.shared_memory_per_block);
}

// The layout of a launch's blocks, which a compiled kernel is shaped for.
BlockLayout block_layout(const StridedBatch& batch, const Staging& staging, const PlanContext& context)
{
    if (staging.tile_major) return BlockLayout::tile_major;
    if (is_tiled(batch, staging)) return BlockLayout::staged;
    if (stages_rows(batch, context)) return BlockLayout::staged_rows;
    return prefetches(batch, staging, context) ? BlockLayout::prefetched : BlockLayout::lane_major;
}

// Complex rows whose sides are both unstaged, of unit stride and untwiddled take a kernel compiled for those strides
// (CompiledKernel::unit_strides): its global addresses fold to constants.
bool has_unit_strides(const StridedBatch& batch, BlockLayout layout)
{
    return layout == BlockLayout::lane_major && !batch.real && !batch.real_to_real && batch.mirrored_dims == 0 &&
           batch.input_stride == 1 && batch.output_stride == 1 && batch.output_group <= 1 && !batch.step_twiddled;
}

// The data the kernel compiled for the batch's launch in `layout` transforms.
KernelData kernel_data(const StridedBatch& batch, BlockLayout layout)
{
    return !batch.real                               ? KernelData::complex
           : odd_real_dfts(batch)                    ? KernelData::odd_real
           : reads_reordered_input(batch, layout) ? KernelData::reordered_input
                                                     : KernelData::real;
}

// Whether a length without a kernel of its own takes a kernel compiled at run time for it: where the platform
// compiles (the kernel into `kernel`; compiling may fail, said in the plan log: the runtime-radix kernel runs
// instead), and in plans made without a device, which take the kernel's shape alone (the host executor runs
// compiled kernels' passes one radix at a time), so that they are the plans a GPU makes.
// A compiled kernel of a real-to-real launch's real data is made for its kind alone: the maps of the other kinds
// cost every kernel that compiles them registers and instructions (docs/performance.md, "Real-to-real columns").
// Reordered inputs compile the DCT-II and DST-II output alone already.
uint32_t kernel_real_to_real_kind(const StridedBatch& batch, KernelData data)
{
    if (!batch.real_to_real || data == KernelData::complex || data == KernelData::reordered_input) return 0;
    return uint32_t(*batch.real_to_real) + 1;
}

bool takes_compiled_kernel_shape(uint32_t length, const StridedBatch& batch, const PlanContext& context,
                                 BlockLayout layout, std::shared_ptr<const RuntimeKernel>* kernel = nullptr,
                                 std::string* identity_text = nullptr)
{
    std::optional<CompiledKernel> identity =
        compiled_stockham_identity(length, batch.precision, batch.direction, kernel_data(batch, layout), layout,
                                   context.shared_memory_per_block);
    if (!identity) return false;
    identity->unit_strides = has_unit_strides(batch, layout);
    identity->real_to_real_kind = kernel_real_to_real_kind(batch, identity->data);
    if (context.device != kNoDevice) {
        if (!runtime_kernels_enabled(context.device)) return false;
        std::shared_ptr<const RuntimeKernel> made;
        if (context_runtime_kernel(*identity, context, "the runtime-radix kernel runs", made) !=
            rift_status_success)
            clear_last_error(); // out of memory: the runtime-radix kernel all the same
        if (!made) return false;
        if (kernel) *kernel = std::move(made);
    }
    if (identity_text) *identity_text = identity->describe();
    return true;
}

// True when a compiled kernel runs this length in one block (its one slot a transform fits).
bool compiled_kernel_fits(uint32_t length, const StridedBatch& batch, const PlanContext& context)
{
    const Staging staging = batch.real ? real_staging(batch) : complex_staging(batch);
    const BlockLayout layout = block_layout(batch, staging, context);
    const StockhamShape shape = compiled_kernel_shape(length, kernel_data(batch, layout), batch.element_bytes(), layout,
                                                      context.shared_memory_per_block);
    return !shape.radices.empty() && shape.radices.size() <= size_t(kernels::kMaxPasses) &&
           shape.shared_bytes_per_transform <= context.shared_memory_per_block &&
           takes_compiled_kernel_shape(length, batch, context, layout);
}

// A length without a kernel of its own takes a compiled kernel's shape (and, on a device, the kernel) where
// takes_compiled_kernel_shape says so; otherwise it keeps the runtime-radix kernel.
void use_compiled_kernel(uint32_t length, const StridedBatch& batch, const PlanContext& context,
                         BlockLayout layout, StockhamShape& shape, StockhamLaunch& launch)
{
    if (!takes_compiled_kernel_shape(length, batch, context, layout, &launch.compiled, &launch.compiled_identity))
        return;
    shape = compiled_kernel_shape(length, kernel_data(batch, layout), batch.element_bytes(), layout,
                                  context.shared_memory_per_block);
}

class StockhamBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "stockham"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (batch.mirrored_dims > 0) return why_not_mirrored(batch, context);
        const size_t length = complex_length(batch);
        std::string reason = why_not_one_block(length, batch.precision, context);
        // why_not_one_block sizes a length without a catalogue kernel by the runtime-radix kernel's two slots; a
        // launch that takes a compiled kernel needs one.
        const kernels::EntryKernel kernel =
            batch.real ? kernels::EntryKernel::real_stockham : kernels::EntryKernel::complex_stockham;
        if (!reason.empty() && length <= kMaxOneBlockLength && takes_compiled_kernel(batch, kernel) &&
            compiled_kernel_fits(uint32_t(length), batch, context))
            return {};
        return reason;
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        StockhamLaunch launch;
        const kernels::EntryKernel kernel = batch.mirrored_dims > 0 ? kernels::EntryKernel::mirrored_rows
                                            : batch.real            ? kernels::EntryKernel::real_stockham
                                                                    : kernels::EntryKernel::complex_stockham;
        // A real transform of odd length runs a DFT of its reals as they are: two transforms a DFT.
        kernels::TwinTransforms twins;
        RIFT_RETURN_IF_FAILED(make_stockham_launch(twin_pairs(batch, twins), context, kernel, launch));
        launch.args.twins = twins;
        node = std::make_unique<StockhamNode>(std::move(launch));
        return rift_status_success;
    }
};

} // namespace

rift_status make_stockham_launch(const StridedBatch& batch, const PlanContext& context, kernels::EntryKernel kernel,
                                 StockhamLaunch& launch)
{
    const uint32_t length = uint32_t(complex_length(batch));
    Staging staging = batch.real ? real_staging(batch) : complex_staging(batch);
    StockhamShape shape = stockham_shape(length, batch.element_bytes(), kernel, staging.tile_major);
    const bool tiled = is_tiled(batch, staging);
    bool persistent = false; // blocks loop over the transforms, one an SM at a time
    // Catalogue lengths keep their kernels but where only a compiled kernel does the work: reading a reordered
    // input where it lies, staging real-to-real rows; and real-to-real columns, whose compiled kernels have the
    // register budget of their own blocks. The layout is worked out only where a compiled kernel may run (its rules
    // cost plan time).
    const bool real_to_real = batch.real_to_real.has_value();
    const BlockLayout layout = !shape.fixed_length || real_to_real ? block_layout(batch, staging, context)
                                                                   : BlockLayout::lane_major;
    const bool reordered = real_to_real && reads_reordered_input(batch, layout);
    const bool real_rows = real_to_real && layout == BlockLayout::staged_rows;
    const bool real_columns = real_to_real && layout == BlockLayout::staged;
    if ((!shape.fixed_length || reordered || real_rows || real_columns) && takes_compiled_kernel(batch, kernel)) {
        use_compiled_kernel(length, batch, context, layout, shape, launch);
        if (launch.compiled_shape() && layout == BlockLayout::staged_rows) {
            staging.stage_input = input_is_row_span(batch);
            staging.stage_output = output_is_row_span(batch);
        }
        if (launch.compiled_shape() && reordered) staging.stage_input = false; // the first pass reads it
        persistent = launch.compiled_shape() && layout == BlockLayout::prefetched;
    }
    const bool tile_major = staging.tile_major;
    const bool stage_input = staging.stage_input;
    const bool stage_output = staging.stage_output;
    if ((stage_input || stage_output) && shape.fixed_length) keep_one_slot(shape, batch.element_bytes());
    if ((stage_input || stage_output) && !shape.fixed_length) {
        // The runtime-radix transform leaves a staged output in the slot its last pass did not read.
        shape.shared_bytes_per_transform = 2 * size_t(shape.slot_elements) * batch.element_bytes();
    }
    if (shape.shared_bytes_per_transform > context.shared_memory_per_block)
        return fail(rift_status_not_implemented, "length ", length, " needs ", shape.shared_bytes_per_transform,
                    " bytes of shared memory a transform, more than the ", context.shared_memory_per_block,
                    " a block gets");
    if (batch.output_group > 1 && (!tile_major || batch.real || !shape.fixed_length))
        return fail(rift_status_not_implemented,
                    "grouped output elements need a tile-major launch of a complex kernel of its own");
    if (batch.dims.size() > size_t(kernels::kMaxBatchDims))
        return fail(rift_status_not_implemented, "a launch takes at most ", kernels::kMaxBatchDims,
                    " batch dimensions, this one has ", batch.dims.size());

    const size_t tile_axis_count = batch.dims[0].count;
    uint32_t per_block =
        !tiled              ? transforms_per_block(shape, tile_axis_count, context.shared_memory_per_block)
        : real_to_real      ? real_columns_per_block(shape, batch.element_bytes(), tile_axis_count,
                                                     context.shared_memory_per_block)
                            : tiled_transforms_per_block(shape, batch.element_bytes(), tile_axis_count,
                                                         context.shared_memory_per_block);
    if (batch.mirrored_dims > 0) // whole pairs, as many as a lane-major block of one length takes
        per_block = 2 * std::max<uint32_t>(
                            1, transforms_per_block(shape, SIZE_MAX, context.shared_memory_per_block) / 2);
    if (tile_major) {
        const StockhamShape unpadded = shape;
        for (;; per_block /= 2) { // the bank padding may push a full block past the limit
            const uint32_t slot_elements = tile_major_slot_elements(unpadded.slot_elements, per_block,
                                                                    batch.element_bytes());
            shape.shared_bytes_per_transform =
                unpadded.shared_bytes_per_transform / unpadded.slot_elements * slot_elements;
            shape.slot_elements = slot_elements;
            if (per_block == 1 || per_block * shape.shared_bytes_per_transform <= context.shared_memory_per_block)
                break;
        }
    }
    size_t tiles = 0, blocks = 0;
    RIFT_RETURN_IF_FAILED(tiled_block_count(batch, per_block, tiles, blocks));
    if (persistent) blocks = std::min<size_t>(blocks, std::max<uint32_t>(1, context.multiprocessors));

    RIFT_RETURN_IF_FAILED(acquire_stockham_table(shape.radices, batch.precision, context.device, launch.twiddles));
    if (batch.step_twiddled)
        RIFT_RETURN_IF_FAILED(acquire_step_twiddle_table(uint64_t(length) * tile_axis_count, batch.precision,
                                                         context.device, launch.step_twiddles));
    const bool half_length = batch.real && !batch.real_to_real && length * 2 == batch.length;
    if (half_length)
        RIFT_RETURN_IF_FAILED(acquire_real_twiddle_table(length, batch.precision, context.device,
                                                         launch.real_twiddles));
    const uint64_t rotation_order =
        batch.real_to_real ? kernels::real_to_real_rotation_order(*batch.real_to_real, uint32_t(batch.length)) : 0;
    if (batch.real_to_real)
        RIFT_RETURN_IF_FAILED(acquire_real_to_real_rotation_table(*batch.real_to_real, uint32_t(batch.length),
                                                                  batch.precision, context.device,
                                                                  launch.real_twiddles));
    kernels::StockhamArgs& args = launch.args;
    set_layout(args, staging.view);
    args.real = batch.real;
    args.half_length = half_length;
    if (batch.real_to_real) {
        args.real_to_real = 1 + uint32_t(*batch.real_to_real);
        args.real_to_real_length = uint32_t(batch.length);
        args.real_to_real_root_bits = step_twiddle_bits(rotation_order);
    }
    args.tiles = uint32_t(tiles);
    args.scale = batch.scale;
    args.length = length;
    set_pass_shape(args, shape, per_block);
    args.stage_input = stage_input;
    args.stage_output = stage_output;
    args.tile_major = tile_major;
    args.mirrored_dims = uint32_t(batch.mirrored_dims);
    if (batch.mirrored_dims > 0) {
        const size_t pairs_per_block = per_block / 2;
        blocks = size_t((kernels::mirrored_pair_count(args) + pairs_per_block - 1) / pairs_per_block);
        if (blocks > size_t(INT_MAX)) return too_many_blocks(batch, blocks);
    }
    if (launch.step_twiddles)
        args.step_twiddle_bits = step_twiddle_bits(uint64_t(length) * tile_axis_count);
    launch.fixed_length = shape.fixed_length;
    launch.precision = batch.precision;
    launch.direction = batch.direction;
    launch.input = batch.input;
    launch.output = batch.output;
    const uint32_t shared_bytes = uint32_t(shape.shared_bytes_per_transform * per_block);
    launch.shape = tile_major ? LaunchShape{uint32_t(blocks), per_block, shape.threads_per_transform, shared_bytes}
                              : LaunchShape{uint32_t(blocks), shape.threads_per_transform, per_block, shared_bytes};
    return rift_status_success;
}

void StockhamNode::print(std::ostream& out, int depth) const
{
    const kernels::StockhamArgs& args = launch_.args;
    indent(out, depth);
    if (args.real_to_real != 0)
        out << '(' << kernels::to_string(kernels::RealToRealKind(args.real_to_real - 1)) << " length "
            << args.real_to_real_length << (args.twins.count != 0 ? " in pairs " : " ");
    else if (args.real)
        out << (launch_.direction == Direction::forward ? "(real-forward length " : "(real-inverse length ")
            << (args.half_length ? 2 * args.length : args.length) << (args.half_length ? " half-length " : " ")
            << (args.twins.count != 0 ? "in pairs " : "")
            << (args.mirrored_dims > 0 ? "mirrored-rows " : "");
    out << (launch_.compiled_shape() ? "(stockham-compiled length "
            : launch_.fixed_length ? "(stockham-fixed length "
                                   : "(stockham length ")
        << args.length << " radices "
        << join_radices(radices_of(args)) << " batch "
        << describe_dims(std::vector<kernels::BatchDim>(args.dims, args.dims + args.dim_count));
    if (args.output_group_bits > 0)
        out << " out-groups " << (1u << args.output_group_bits) << ':' << args.output_stride << '/'
            << args.output_group_stride;
    out << " per-block " << args.transforms_per_block << (args.real ? "))\n" : ")\n");
}

std::string why_not_one_block(size_t length, Precision precision, const PlanContext& context)
{
    if (length > kMaxOneBlockLength) return "length " + std::to_string(length) + " is beyond one block";
    const size_t element_bytes = complex_element_bytes(precision);
    const StockhamShape shape =
        stockham_shape(uint32_t(length), element_bytes, kernels::EntryKernel::complex_stockham);
    if (shape.radices.empty())
        return "length " + std::to_string(length) +
               " has a prime factor above 13, which no radix kernel takes";
    // Staged launches of the runtime-radix kernel take two slots; demand that much so every use fits.
    const size_t shared_bytes = shape.fixed_length ? shape.shared_bytes_per_transform
                                                   : 2 * size_t(shape.slot_elements) * element_bytes;
    if (shared_bytes > context.shared_memory_per_block)
        return "length " + std::to_string(length) + " needs " + std::to_string(shared_bytes) +
               " bytes of shared memory, more than the " + std::to_string(context.shared_memory_per_block) +
               " a block gets";
    if (shape.threads_per_transform > kernels::kMaxThreadsPerBlock)
        return "length " + std::to_string(length) + " needs more threads than one block has";
    if (shape.radices.size() > size_t(kernels::kMaxPasses))
        return "length " + std::to_string(length) + " needs more passes than the kernel takes";
    return {};
}

std::string why_not_mirrored(const StridedBatch& batch, const PlanContext& context)
{
    if (!batch.real || batch.direction != Direction::forward) return "mirrored rows are an R2C's";
    if (batch.length % 2 != 0 || !real_side_is_packable(batch))
        return "mirrored rows read pairs of reals: even length, unit stride, even offsets and strides";
    if (batch.mirrored_dims > 2 || batch.mirrored_dims > batch.dims.size() ||
        batch.dims.size() > size_t(kernels::kMaxBatchDims))
        return "mirrored rows over " + std::to_string(batch.mirrored_dims) + " of " +
               std::to_string(batch.dims.size()) + " axes";
    const size_t half = batch.length / 2;
    if (!has_fixed_length_kernel(half))
        return "half length " + std::to_string(half) + " has no kernel of its own to pair rows in";
    const StockhamShape shape =
        stockham_shape(uint32_t(half), batch.element_bytes(), kernels::EntryKernel::mirrored_rows);
    if (2 * shape.shared_bytes_per_transform > context.shared_memory_per_block ||
        2 * shape.threads_per_transform > kernels::kMaxThreadsPerBlock)
        return "two rows of " + std::to_string(half) + " need more shared memory or threads than a block has";
    return {};
}

size_t tiled_run_bytes(size_t length, Precision precision, const PlanContext& context)
{
    const size_t element_bytes = complex_element_bytes(precision);
    const StockhamShape shape =
        stockham_shape(uint32_t(length), element_bytes, kernels::EntryKernel::complex_stockham);
    return tiled_transforms_per_block(shape, element_bytes, SIZE_MAX, context.shared_memory_per_block) *
           element_bytes;
}

bool tiled_block_fills_an_sm(size_t length, Precision precision, const PlanContext& context)
{
    const size_t element_bytes = complex_element_bytes(precision);
    const StockhamShape shape =
        stockham_shape(uint32_t(length), element_bytes, kernels::EntryKernel::complex_stockham);
    if (shape.radices.empty() || shape.max_tiled_threads <= kernels::kMaxThreadsPerBlock) return false;
    const size_t per_block =
        tiled_transforms_per_block(shape, element_bytes, SIZE_MAX, context.shared_memory_per_block);
    return per_block * shape.shared_bytes_per_transform > context.shared_memory_per_block / 2;
}

void StockhamNode::append_launches(KernelChain& chain) const { chain.push_back(launch_); }

const NodeBuilder& stockham_builder()
{
    static const StockhamBuilder builder;
    return builder;
}

} // namespace rift
