#include "library/plan/multi_dim_node.h"

#include <algorithm>

#include "library/plan/stockham_node.h"

namespace rift {

namespace {

// The batch of 1D transforms along dimension d of `problem`, from `input` laid out as `in` to `output` laid out
// as `out`; `counts` are the elements along each dimension that the other dimensions' transforms run over.
StridedBatch dimension_pass(const TransformProblem& problem, size_t d, const std::vector<size_t>& counts,
                            BufferName input, const Layout& in, BufferName output, const Layout& out)
{
    StridedBatch pass;
    pass.length = problem.lengths[d];
    pass.input = input;
    pass.output = output;
    pass.input_offset = in.offset;
    pass.output_offset = out.offset;
    pass.input_stride = in.strides[d];
    pass.output_stride = out.strides[d];
    for (size_t e = 0; e < counts.size(); ++e)
        if (e != d) pass.dims.push_back({counts[e], in.strides[e], out.strides[e]});
    pass.dims.push_back({problem.batch, in.distance, out.distance});
    simplify_batch_dims(pass.dims);
    pass.direction = problem.direction;
    pass.precision = problem.precision;
    return pass;
}

// Rows of counts[0] elements padded to whole sectors, then the other dimensions packed.
Layout sector_aligned_layout(const std::vector<size_t>& counts, size_t element_bytes)
{
    const size_t per_sector = kStagingAlignmentBytes / element_bytes;
    Layout layout;
    size_t stride = (counts[0] + per_sector - 1) / per_sector * per_sector;
    layout.strides = {1};
    for (size_t d = 1; d < counts.size(); ++d) {
        layout.strides.push_back(stride);
        stride *= counts[d];
    }
    layout.distance = stride;
    return layout;
}

} // namespace

Layout work_layout(const TransformProblem& problem)
{
    return sector_aligned_layout(problem.complex_lengths(), problem.element_bytes());
}

std::optional<Layout> aligned_staging_layout(const TransformProblem& problem)
{
    const size_t dimensions = problem.lengths.size();
    // Only C2R: its complex passes read the user's misaligned rows (whole sectors come into L2 and serve both
    // neighbouring tiles) and write whole staged sectors. Staging R2C would leave its last pass writing parts of
    // sectors that are not in L2, each one a read-modify-write in DRAM, slower than not staging. R2C goes
    // column first instead (column_first_layout).
    if (!problem.real_output() || dimensions < 2) return std::nullopt;
    const Layout& spectrum = problem.input;
    const size_t bytes = problem.element_bytes();
    if (spectrum.strides[0] != 1 || spectrum.strides[1] * bytes % kStagingAlignmentBytes == 0) return std::nullopt;
    return sector_aligned_layout(problem.complex_lengths(), bytes);
}

std::optional<Layout> column_first_layout(const TransformProblem& problem)
{
    const size_t dimensions = problem.lengths.size();
    if (!problem.real_input() || dimensions < 2 || dimensions > 3 || problem.lengths[0] % 2 != 0)
        return std::nullopt;
    const Layout& reals = problem.input;
    bool pairs = reals.strides[0] == 1 && reals.offset % 2 == 0 && (problem.batch == 1 || reals.distance % 2 == 0);
    for (size_t d = 1; d < dimensions; ++d) pairs = pairs && reals.strides[d] % 2 == 0;
    const Layout& spectrum = problem.output;
    const bool aligned_rows = spectrum.strides[0] == 1 &&
                              spectrum.strides[1] * problem.element_bytes() % kStagingAlignmentBytes == 0 &&
                              spectrum.offset * problem.element_bytes() % kStagingAlignmentBytes == 0;
    if (!pairs || aligned_rows) return std::nullopt;
    std::vector<size_t> counts = problem.lengths;
    counts[0] /= 2;
    return sector_aligned_layout(counts, problem.element_bytes());
}

std::vector<StridedBatch> column_first_passes(const TransformProblem& problem, const Layout& work)
{
    const size_t dimensions = problem.lengths.size();
    std::vector<size_t> z_counts = problem.lengths;
    z_counts[0] /= 2;
    Layout z = problem.input; // the reals as complex pairs
    z.offset /= 2;
    for (size_t d = 1; d < dimensions; ++d) z.strides[d] /= 2;
    z.distance /= 2;
    std::vector<StridedBatch> passes;
    for (size_t d = 1; d < dimensions; ++d) {
        const bool first = d == 1;
        passes.push_back(dimension_pass(problem, d, z_counts, first ? BufferName::user_input : BufferName::work,
                                        first ? z : work, BufferName::work, work));
    }
    // The rows, the real side counted in reals as for any real batch; the other dimensions stay in order (not
    // simplified), as the mirror of a row is taken along them.
    StridedBatch rows;
    rows.length = problem.lengths[0];
    rows.real = true;
    rows.input = BufferName::work;
    rows.output = problem.in_place ? BufferName::user_input : BufferName::user_output;
    rows.input_offset = 2 * work.offset;
    rows.input_stride = 1;
    rows.output_offset = problem.output.offset;
    rows.output_stride = problem.output.strides[0];
    for (size_t d = 1; d < dimensions; ++d)
        rows.dims.push_back({problem.lengths[d], 2 * work.strides[d], problem.output.strides[d]});
    rows.dims.push_back({problem.batch, 2 * work.distance, problem.output.distance});
    rows.mirrored_dims = dimensions - 1;
    rows.direction = problem.direction;
    rows.precision = problem.precision;
    rows.scale = problem.scale;
    passes.push_back(rows);
    return passes;
}

std::vector<StridedBatch> dimension_passes(const TransformProblem& problem, const Layout* staging)
{
    const size_t dimensions = problem.lengths.size();
    const BufferName output = problem.in_place ? BufferName::user_input : BufferName::user_output;
    const std::vector<size_t> complex_counts = problem.complex_lengths();
    std::vector<StridedBatch> passes;
    if (problem.real_output()) {
        // C2R: the complex dimensions first, then the real one to the output. Unstaged, the complex passes run
        // in place on the input (which is why a multi-dimensional C2R may overwrite its input).
        const BufferName home = staging ? BufferName::work : BufferName::user_input;
        const Layout& home_layout = staging ? *staging : problem.input;
        for (size_t d = 1; d < dimensions; ++d) {
            const bool first = d == 1;
            passes.push_back(dimension_pass(problem, d, complex_counts, first ? BufferName::user_input : home,
                                            first ? problem.input : home_layout, home, home_layout));
        }
        passes.push_back(dimension_pass(problem, 0, complex_counts, home, home_layout, output, problem.output));
        passes.back().real = true;
    } else {
        // Complex and R2C: the fastest dimension from the input to the output (the real one for R2C, over every
        // real row), then each other dimension in place on the output; staged, in the work buffer until the last.
        const BufferName home = staging ? BufferName::work : output;
        const Layout& home_layout = staging ? *staging : problem.output;
        passes.push_back(
            dimension_pass(problem, 0, problem.lengths, BufferName::user_input, problem.input, home, home_layout));
        passes.back().real = problem.real;
        for (size_t d = 1; d < dimensions; ++d) {
            const bool last = d + 1 == dimensions;
            passes.push_back(dimension_pass(problem, d, complex_counts, home, home_layout, last ? output : home,
                                            last ? problem.output : home_layout));
        }
    }
    for (StridedBatch& pass : passes) pass.real_to_real = problem.real_to_real;
    passes.back().scale = problem.scale; // scaled once, in the last write
    return passes;
}

namespace {

// The column passes of a column-first R2C write the work buffer in runs of the tile's columns; runs shorter than a
// sector leave sectors that are not in L2 partly written, each one a read-modify-write in DRAM, which costs more
// than going fastest dimension first (long columns, two a block: 16-byte runs); runs of whole lines gain.
bool column_passes_write_whole_sectors(const std::vector<StridedBatch>& passes, const PlanContext& context)
{
    return std::all_of(passes.begin(), passes.end() - 1, [&](const StridedBatch& pass) {
        return why_not_one_block(pass.length, pass.precision, context).empty() &&
               tiled_run_bytes(pass.length, pass.precision, context) >= kStagingAlignmentBytes;
    });
}

} // namespace

std::optional<ArrangedPasses> arrange_passes(PassOrder order, const TransformProblem& problem,
                                             const PlanContext& context)
{
    if (problem.in_place_layouts_differ != (order == PassOrder::through_work)) return std::nullopt;
    switch (order) {
    case PassOrder::through_work: {
        // The first pass reads all of the input into the work buffer and the last alone writes the output.
        const Layout work = work_layout(problem);
        return ArrangedPasses{dimension_passes(problem, &work), work.distance * problem.batch,
                              problem.real_output() ? PassOrder::staged_spectrum : PassOrder::through_work};
    }
    case PassOrder::column_first: {
        const std::optional<Layout> work = column_first_layout(problem);
        if (!work) return std::nullopt;
        std::vector<StridedBatch> passes = column_first_passes(problem, *work);
        if (!why_not_mirrored(passes.back(), context).empty() || !column_passes_write_whole_sectors(passes, context))
            return std::nullopt;
        return ArrangedPasses{std::move(passes), work->distance * problem.batch, order};
    }
    case PassOrder::staged_spectrum: {
        const std::optional<Layout> staging = aligned_staging_layout(problem);
        if (!staging) return std::nullopt;
        return ArrangedPasses{dimension_passes(problem, &*staging), staging->distance * problem.batch, order};
    }
    case PassOrder::fastest_first: return ArrangedPasses{dimension_passes(problem), 0, order};
    }
    return std::nullopt;
}

void MultiDimNode::print(std::ostream& out, int depth) const
{
    indent(out, depth);
    out << "(dimensions";
    for (size_t length : lengths_) out << ' ' << length;
    if (order_ == PassOrder::staged_spectrum) out << " staged work " << own_work_elements_;
    if (order_ == PassOrder::column_first) out << " column-first work " << own_work_elements_;
    if (order_ == PassOrder::through_work) out << " through work " << own_work_elements_;
    out << '\n';
    for (const auto& pass : passes_) pass->print(out, depth + 1);
    indent(out, depth);
    out << ")\n";
}

void MultiDimNode::append_launches(KernelChain& chain) const
{
    for (const auto& pass : passes_) pass->append_launches(chain);
}

size_t MultiDimNode::work_elements() const
{
    size_t elements = own_work_elements_;
    for (const auto& pass : passes_) elements = std::max(elements, pass->work_elements());
    return elements;
}

} // namespace rift
