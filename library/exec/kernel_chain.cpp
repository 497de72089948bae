#include "library/exec/kernel_chain.h"

#include <array>
#include <sstream>
#include <variant>

#include "kernels/real_to_real.h"
#include "library/core/error.h"

namespace rift {

const char* to_string(BufferName name)
{
    switch (name) {
    case BufferName::user_input: return "user_in";
    case BufferName::user_output: return "user_out";
    case BufferName::work: return "work";
    case BufferName::plan_storage: return "plan_storage";
    }
    return "?";
}

std::string describe(const StockhamLaunch& launch)
{
    std::ostringstream text;
    text << (launch.args.mirrored_dims > 0 ? "mirrored_real_stockham_kernel<"
             : launch.compiled_shape()     ? "compiled_stockham_kernel<"
             : launch.fixed_length         ? "fixed_stockham_kernel<"
                                           : "generic_stockham_kernel<")
         << to_string(launch.precision) << ", " << to_string(launch.direction) << ">"
         << (launch.compiled_shape() ? " (" + launch.compiled_identity + ")" : std::string()) << " grid "
         << launch.shape.blocks << " block " << launch.shape.threads_x << 'x' << launch.shape.threads_y << " lds "
         << launch.shape.shared_bytes << " B: " << to_string(launch.input) << (launch.args.stage_input ? " (staged)" : "")
         << " -> " << to_string(launch.output) << (launch.args.stage_output ? " (staged)" : "")
         << (launch.step_twiddles ? " twiddled" : "")
         << (!launch.args.real                       ? ""
             : launch.args.real_to_real != 0           ? " "
             : launch.direction == Direction::forward ? " real-forward"
                                                      : " real-inverse")
         << (launch.args.real_to_real != 0 ? kernels::to_string(kernels::RealToRealKind(launch.args.real_to_real - 1))
                                           : "")
         << (launch.args.twins.count != 0 ? " in pairs" : "")
         << (launch.args.real && launch.args.half_length ? " half-length" : "")
         << (launch.last_to_first ? " last-to-first" : "");
    return text.str();
}

std::string describe(const RealPackLaunch& launch)
{
    std::ostringstream text;
    text << "real_pack_kernel<" << to_string(launch.precision) << ", " << to_string(launch.direction) << "> grid "
         << launch.shape.blocks << 'x' << launch.shape.threads_y << " block " << launch.shape.threads_x << ": "
         << to_string(launch.input) << " -> " << to_string(launch.output) << " half-length "
         << launch.args.half_length;
    return text.str();
}

std::string describe(const RealToRealMapLaunch& launch)
{
    std::ostringstream text;
    text << "real_to_real_map_kernel<" << to_string(launch.precision) << "> grid " << launch.shape.blocks << " block "
         << launch.shape.threads_x << 'x' << launch.shape.threads_y << ": " << to_string(launch.input) << " -> " << to_string(launch.output) << ' '
         << kernels::to_string(kernels::RealToRealKind(launch.args.kind)) << (launch.output_map ? " output" : " input")
         << " map length " << launch.args.length << (launch.args.twins.count != 0 ? " in pairs" : "");
    return text.str();
}

std::string describe(const BluesteinLaunch& launch)
{
    std::ostringstream text;
    text << (launch.compiled_length ? "compiled_bluestein_kernel<" : "fixed_bluestein_kernel<")
         << to_string(launch.precision) << ">"
         << (!launch.compiled_identity.empty() ? " (" + launch.compiled_identity + ")" : std::string()) << " grid "
         << launch.shape.blocks
         << " block "
         << launch.shape.threads_x << 'x' << launch.shape.threads_y << " lds " << launch.shape.shared_bytes
         << " B: " << to_string(launch.input) << " -> " << to_string(launch.output) << ' '
         << to_string(launch.direction) << " length " << launch.args.length << " padded " << launch.args.padded.length
         << (launch.args.real ? " real" : "");
    return text.str();
}

std::string describe(const RaderLaunch& launch)
{
    std::ostringstream text;
    text << "compiled_rader_kernel<" << to_string(launch.precision) << ">"
         << (!launch.compiled_identity.empty() ? " (" + launch.compiled_identity + ")" : std::string()) << " grid "
         << launch.shape.blocks << " block " << launch.shape.threads_x << 'x' << launch.shape.threads_y << " lds "
         << launch.shape.shared_bytes << " B: " << to_string(launch.input) << " -> " << to_string(launch.output)
         << ' ' << to_string(launch.direction) << " length " << launch.args.length;
    return text.str();
}

std::string describe(const BluesteinPointwiseLaunch& launch)
{
    const kernels::BluesteinPointwiseArgs& args = launch.args;
    std::ostringstream text;
    text << "bluestein_pointwise_kernel<" << to_string(launch.precision) << "> grid " << launch.shape.blocks << 'x'
         << launch.shape.threads_y << " block " << launch.shape.threads_x << ": ";
    switch (args.step) {
    case kernels::BluesteinStep::chirp_in: text << "chirp " << to_string(launch.user) << " -> work"; break;
    case kernels::BluesteinStep::spectrum: text << "spectrum product in work"; break;
    case kernels::BluesteinStep::chirp_out: text << "chirp work -> " << to_string(launch.user); break;
    }
    text << " length " << args.user.length << " padded " << args.user.padded.length;
    return text.str();
}

const char* to_string(kernels::BluesteinStage stage)
{
    switch (stage) {
    case kernels::BluesteinStage::forward_columns: return "forward-columns";
    case kernels::BluesteinStage::rows: return "filtered-rows";
    case kernels::BluesteinStage::inverse_columns: return "inverse-columns";
    }
    return "?";
}

std::string describe(const BluesteinStepLaunch& launch)
{
    std::ostringstream text;
    text << "bluestein_step_kernel<" << to_string(launch.precision) << ", " << to_string(launch.stage) << "> grid "
         << launch.shape.blocks << " block " << launch.shape.threads_x << 'x' << launch.shape.threads_y << " lds "
         << launch.shape.shared_bytes << " B: " << to_string(launch.input) << " -> " << to_string(launch.output)
         << " factor " << launch.args.step.length << " length " << launch.args.length << " row "
         << launch.args.row_length;
    return text.str();
}

std::string describe(const ConvolutionLaunch& launch)
{
    const kernels::ConvolutionArgs& args = launch.args;
    std::ostringstream text;
    text << "fixed_convolution_kernel<" << to_string(launch.precision) << "> grid " << launch.shape.blocks
         << " block " << launch.shape.threads_x << 'x' << launch.shape.threads_y << " lds "
         << launch.shape.shared_bytes << " B: user_in -> user_out segment " << args.segments.length << " step "
         << args.segment_step << " history " << args.history << (args.circular ? " circular" : "")
         << (args.shift != 0 ? " shift " + std::to_string(args.shift) : std::string());
    return text.str();
}

namespace {

std::string grid_text(const kernels::NfftGrid& grid)
{
    std::string text;
    for (uint32_t d = 0; d < grid.dimensions; ++d) text += (d ? "x" : "") + std::to_string(grid.lengths[d]);
    return text;
}

} // namespace

std::string describe(const NfftCorrectionLaunch& launch)
{
    const bool forward = launch.direction == Direction::forward;
    return std::string(forward ? "nfft_fill_grid_kernel<" : "nfft_extract_kernel<") + to_string(launch.precision) +
           ">: " + (forward ? "user_in -> plan_storage" : "plan_storage -> user_out") + " grid " +
           grid_text(launch.grid);
}

std::string describe(const NfftGriddingLaunch& launch)
{
    const bool forward = launch.direction == Direction::forward;
    return std::string(forward ? "nfft_interpolate_kernel<" : "nfft_spread_kernel<") + to_string(launch.precision) +
           ", " + std::to_string(launch.grid.dimensions) + "D> " + std::to_string(launch.subproblem_count) +
           " subproblems: " + (forward ? "plan_storage -> user_out" : "user_in -> plan_storage (cleared)") +
           " grid " + grid_text(launch.grid) + " window " + std::to_string(launch.grid.width);
}

std::string describe(const Launch& launch)
{
    return std::visit([](const auto& alternative) { return describe(alternative); }, launch);
}

namespace {

// A launch's tables (null where it has fewer): the executors walk them on every execution, without allocating.
using TableRefs = std::array<const std::shared_ptr<const TwiddleTable>*, 4>;

TableRefs tables_of(const StockhamLaunch& launch) { return {&launch.twiddles, &launch.step_twiddles, &launch.real_twiddles}; }
TableRefs tables_of(const RealPackLaunch& launch) { return {&launch.roots}; }
TableRefs tables_of(const RealToRealMapLaunch& launch) { return {&launch.rotations}; }
TableRefs tables_of(const BluesteinLaunch& launch) { return {&launch.twiddles, &launch.chirp, &launch.spectrum}; }
TableRefs tables_of(const RaderLaunch& launch) { return {&launch.twiddles, &launch.logarithms, &launch.spectrum}; }
TableRefs tables_of(const BluesteinPointwiseLaunch& launch) { return {&launch.table}; }
TableRefs tables_of(const BluesteinStepLaunch& launch)
{
    return {&launch.twiddles, &launch.step_twiddles, &launch.chirp, &launch.spectrum};
}
TableRefs tables_of(const ConvolutionLaunch& launch) { return {&launch.twiddles, &launch.spectrum}; }
TableRefs tables_of(const NfftCorrectionLaunch& launch) { return {&launch.factors}; }
TableRefs tables_of(const NfftGriddingLaunch&) { return {}; }

} // namespace

rift_status make_tables(const KernelChain& chain)
{
    for (const Launch& launch : chain)
        for (const std::shared_ptr<const TwiddleTable>* table :
             std::visit([](const auto& kernel) { return tables_of(kernel); }, launch))
            if (table != nullptr && *table) RIFT_RETURN_IF_FAILED((*table)->make());
    return rift_status_success;
}

} // namespace rift
