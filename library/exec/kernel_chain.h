// The flat list of kernel launches a plan lowers to. Buffers are named, not pointers; both executors resolve the
// names at execute time with resolve_buffer, so the host executor runs exactly the chain the GPU runs.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <variant>

#include "kernels/bluestein_kernel.h"
#include "kernels/bluestein_pointwise.h"
#include "kernels/bluestein_steps.h"
#include "kernels/convolution_kernel.h"
#include "kernels/nfft_gridding.h"
#include "kernels/rader_kernel.h"
#include "kernels/real_pack_kernel.h"
#include "kernels/real_to_real_kernel.h"
#include "kernels/stockham_args.h"
#include "library/core/values.h"
#include "library/tables/twiddle_table.h"

namespace rift {

// work: the plan's scratch space (row/column plans stage their intermediate there), sized by the plan.
// plan_storage: memory an application plan keeps for its steps (the NFFT's oversampled grid).
enum class BufferName { user_input, user_output, work, plan_storage };

class RuntimeKernel; // exec/runtime_kernels.h

const char* to_string(BufferName name);

struct ExecutionBuffers {
    void* user_input = nullptr;
    void* user_output = nullptr;
    void* work = nullptr;
    void* plan_storage = nullptr;
};

inline void* resolve_buffer(BufferName name, const ExecutionBuffers& buffers)
{
    switch (name) {
    case BufferName::user_input: return buffers.user_input;
    case BufferName::user_output: return buffers.user_output;
    case BufferName::work: return buffers.work;
    case BufferName::plan_storage: return buffers.plan_storage;
    }
    return nullptr;
}

struct LaunchShape {
    uint32_t blocks = 0;
    uint32_t threads_x = 0; // threads per transform
    uint32_t threads_y = 0; // transforms per block
    uint32_t shared_bytes = 0;
};

struct StockhamLaunch {
    kernels::StockhamArgs args; // buffer pointers left null; filled per execution
    bool fixed_length = false;  // a kernel of its own (kernels/fixed_lengths.h) rather than the runtime-radix one
    // A kernel compiled at run time for this length (exec/runtime_kernels.h), and what it is; null for the
    // ahead-of-time ones. The host executor runs the runtime-radix transform in its place: the same passes.
    // Plans made without a device have the identity and its shape without the kernel.
    std::shared_ptr<const RuntimeKernel> compiled;
    std::string compiled_identity;
    bool compiled_shape() const { return !compiled_identity.empty(); }
    Precision precision = Precision::single;
    Direction direction = Direction::forward;
    BufferName input = BufferName::user_input;
    BufferName output = BufferName::user_output;
    LaunchShape shape;
    // The outermost batch axis runs last to first: its offsets start at its last index and its strides are
    // negated (modulo 2^64, as the kernels' unsigned index arithmetic wraps). See Plan::create.
    bool last_to_first = false;
    std::shared_ptr<const TwiddleTable> twiddles;
    std::shared_ptr<const TwiddleTable> step_twiddles; // row/column steps only
    std::shared_ptr<const TwiddleTable> real_twiddles; // real transforms at half length; real-to-real rotations
};

// The spectrum (un)packing of a long real transform (kernels/real_pack_kernel.h).
struct RealPackLaunch {
    kernels::RealPackArgs args; // buffer pointers and roots left null; filled per execution
    Precision precision = Precision::single;
    Direction direction = Direction::forward;
    BufferName input = BufferName::user_input;
    BufferName output = BufferName::user_output;
    LaunchShape shape; // threads_x threads a block, blocks along x; threads_y: blocks along y
    std::shared_ptr<const TwiddleTable> roots;
};

// A map of a real-to-real transform whose DFT is a plan of its own (kernels/real_to_real_kernel.h): the user's
// reals into the work buffer, or the work buffer to the user's reals.
struct RealToRealMapLaunch {
    kernels::RealToRealMapArgs args; // buffer pointers and table left null; filled per execution
    bool output_map = false;
    Precision precision = Precision::single;
    Direction direction = Direction::forward; // the DFT's
    BufferName input = BufferName::user_input;
    BufferName output = BufferName::work;
    LaunchShape shape; // blocks along x; threads_x lanes a transform, threads_y transforms a block
    std::shared_ptr<const TwiddleTable> rotations;
};

// A whole Bluestein transform in one block (kernels/bluestein_kernel.h): the padded length has a kernel of its
// own, or one compiled at run time (compiled_length), which the host executor runs through the runtime-radix
// passes.
struct BluesteinLaunch {
    kernels::BluesteinArgs args; // buffer pointers and tables left null; filled per execution
    bool compiled_length = false;
    std::shared_ptr<const RuntimeKernel> compiled; // null in plans made without a GPU
    std::string compiled_identity;
    Precision precision = Precision::single;
    Direction direction = Direction::forward;
    BufferName input = BufferName::user_input;
    BufferName output = BufferName::user_output;
    LaunchShape shape;
    std::shared_ptr<const TwiddleTable> twiddles; // of the padded length's passes
    std::shared_ptr<const TwiddleTable> chirp;
    std::shared_ptr<const TwiddleTable> spectrum;
};

// A whole Rader transform of a prime length in one block (kernels/rader_kernel.h), by a kernel compiled at run
// time for its convolution length. The host executor runs the same convolution through the runtime-radix passes.
struct RaderLaunch {
    kernels::RaderArgs args; // buffer pointers and tables left null; filled per execution
    std::shared_ptr<const RuntimeKernel> compiled; // null in plans made without a GPU
    std::string compiled_identity;                 // also in plans made without a GPU
    Precision precision = Precision::single;
    Direction direction = Direction::forward;
    BufferName input = BufferName::user_input;
    BufferName output = BufferName::user_output;
    LaunchShape shape;
    std::shared_ptr<const TwiddleTable> twiddles; // of the convolution length's passes
    std::shared_ptr<const TwiddleTable> logarithms; // log_g n, 0 < n < P
    std::shared_ptr<const TwiddleTable> spectrum;
};

// An element-wise step of a Bluestein transform whose padded transforms are plans of their own
// (kernels/bluestein_pointwise.h).
struct BluesteinPointwiseLaunch {
    kernels::BluesteinPointwiseArgs args; // buffer pointers and table left null; filled per execution
    Precision precision = Precision::single;
    Direction direction = Direction::forward;
    BufferName user = BufferName::user_input; // the user's side of chirp_in (input) or chirp_out (output)
    LaunchShape shape; // threads_x threads a block, blocks along x; threads_y: blocks along y
    std::shared_ptr<const TwiddleTable> table; // chirp or spectrum
};

// One of the three stages of a Bluestein transform beyond one block (kernels/bluestein_steps.h); the factors
// always have kernels of their own.
struct BluesteinStepLaunch {
    kernels::BluesteinStage stage = kernels::BluesteinStage::forward_columns;
    kernels::BluesteinStepArgs args; // buffer pointers and tables left null; filled per execution
    Precision precision = Precision::single;
    Direction direction = Direction::forward; // the user's; the stages' own directions are fixed
    BufferName input = BufferName::user_input;
    BufferName output = BufferName::user_output;
    LaunchShape shape;
    std::shared_ptr<const TwiddleTable> twiddles;      // of the factor's passes
    std::shared_ptr<const TwiddleTable> step_twiddles; // between the factors; not for the inverse columns
    std::shared_ptr<const TwiddleTable> chirp;         // the column stages'
    std::shared_ptr<const TwiddleTable> spectrum;      // the rows'
};

// Overlap-save convolution segments, each in one block (kernels/convolution_kernel.h); the segment length always
// has a kernel of its own.
struct ConvolutionLaunch {
    kernels::ConvolutionArgs args; // buffer pointers and tables left null; filled per execution
    Precision precision = Precision::single;
    Direction direction = Direction::forward; // both directions run; here for the executors' dispatch
    LaunchShape shape;
    std::shared_ptr<const TwiddleTable> twiddles; // of the segment length's passes
    std::shared_ptr<const TwiddleTable> spectrum; // the filter's
};

// The NFFT's steps on its oversampled grid, the plan's storage (kernels/nfft_gridding.h). Correction, forward:
// the user's coefficients onto the zero-padded grid, each times its roll-off correction; inverse (the adjoint
// NFFT): the grid's coefficients back to the user, corrected.
struct NfftCorrectionLaunch {
    kernels::NfftGrid grid;
    Precision precision = Precision::single;
    Direction direction = Direction::forward;
    std::shared_ptr<const TwiddleTable> factors; // reals: N_0 for dimension 0, then N_1, then N_2
};

// Gridding, forward: the grid interpolated at the nodes, into the user's values; inverse: the user's values spread
// onto the grid, cleared first. The nodes' bin order is the plan's (NfftPlan::set_nodes), in memory on the side of
// the executor that sorted them.
struct NfftGriddingLaunch {
    kernels::NfftGrid grid;
    Precision precision = Precision::single;
    Direction direction = Direction::forward;
    size_t subproblem_count = 0;
    const kernels::NfftSubproblem* subproblems = nullptr;
    const uint32_t* starts = nullptr;
    const void* offsets = nullptr; // reals of the plan's precision
    const uint32_t* permutation = nullptr;
};

// Which copy of a launch's tables an executor reads: &TwiddleTable::host_data or &TwiddleTable::device_data.
using TableCopy = const void* (TwiddleTable::*)() const;

// The launches' arguments with their buffers resolved and their tables' pointers filled in.
inline kernels::BluesteinArgs resolved_args(const BluesteinLaunch& launch, const ExecutionBuffers& buffers,
                                            TableCopy copy)
{
    kernels::BluesteinArgs args = launch.args;
    args.padded.twiddles = (*launch.twiddles.*copy)();
    args.padded.input = resolve_buffer(launch.input, buffers);
    args.padded.output = resolve_buffer(launch.output, buffers);
    args.chirp = (*launch.chirp.*copy)();
    args.spectrum = (*launch.spectrum.*copy)();
    return args;
}

inline kernels::RaderArgs resolved_args(const RaderLaunch& launch, const ExecutionBuffers& buffers, TableCopy copy)
{
    kernels::RaderArgs args = launch.args;
    args.convolution.twiddles = (*launch.twiddles.*copy)();
    args.convolution.input = resolve_buffer(launch.input, buffers);
    args.convolution.output = resolve_buffer(launch.output, buffers);
    args.logarithms = static_cast<const uint32_t*>((*launch.logarithms.*copy)());
    args.spectrum = (*launch.spectrum.*copy)();
    return args;
}

inline kernels::BluesteinPointwiseArgs resolved_args(const BluesteinPointwiseLaunch& launch,
                                                     const ExecutionBuffers& buffers, TableCopy copy)
{
    kernels::BluesteinPointwiseArgs args = launch.args;
    void* user = resolve_buffer(launch.user, buffers);
    args.user.padded.input = user;
    args.user.padded.output = user;
    args.padded = buffers.work;
    args.table = (*launch.table.*copy)();
    return args;
}

inline kernels::BluesteinStepArgs resolved_args(const BluesteinStepLaunch& launch, const ExecutionBuffers& buffers,
                                                TableCopy copy)
{
    const auto table = [&](const std::shared_ptr<const TwiddleTable>& entries) {
        return entries ? (*entries.*copy)() : nullptr;
    };
    kernels::BluesteinStepArgs args = launch.args;
    args.step.twiddles = table(launch.twiddles);
    args.step.step_twiddles = table(launch.step_twiddles);
    args.step.input = resolve_buffer(launch.input, buffers);
    args.step.output = resolve_buffer(launch.output, buffers);
    args.chirp = table(launch.chirp);
    args.spectrum = table(launch.spectrum);
    return args;
}

inline kernels::ConvolutionArgs resolved_args(const ConvolutionLaunch& launch, const ExecutionBuffers& buffers,
                                              TableCopy copy)
{
    kernels::ConvolutionArgs args = launch.args;
    args.segments.twiddles = (*launch.twiddles.*copy)();
    args.segments.input = buffers.user_input;
    args.segments.output = buffers.user_output;
    args.spectrum = (*launch.spectrum.*copy)();
    return args;
}

template <class Real>
kernels::NfftCorrection<Real> resolved_args(const NfftCorrectionLaunch& launch, TableCopy copy)
{
    return {launch.grid, static_cast<const Real*>((*launch.factors.*copy)())};
}

template <class Real>
kernels::NfftGriddingArgs<Real> resolved_args(const NfftGriddingLaunch& launch, const ExecutionBuffers& buffers)
{
    kernels::NfftGriddingArgs<Real> args;
    args.grid = launch.grid;
    args.subproblems = launch.subproblems;
    args.starts = launch.starts;
    args.offsets = static_cast<const Real*>(launch.offsets);
    args.permutation = launch.permutation;
    args.data = static_cast<kernels::Complex<Real>*>(buffers.plan_storage);
    const bool spreads = launch.direction == Direction::inverse; // reads the values, never writes them
    args.values = static_cast<kernels::Complex<Real>*>(spreads ? buffers.user_input : buffers.user_output);
    return args;
}

using Launch = std::variant<StockhamLaunch, RealPackLaunch, RealToRealMapLaunch, BluesteinLaunch, RaderLaunch, BluesteinPointwiseLaunch,
                            BluesteinStepLaunch, ConvolutionLaunch, NfftCorrectionLaunch, NfftGriddingLaunch>;
using KernelChain = std::vector<Launch>;

std::string describe(const StockhamLaunch& launch);
std::string describe(const RealPackLaunch& launch);
std::string describe(const RealToRealMapLaunch& launch);
std::string describe(const BluesteinLaunch& launch);
std::string describe(const RaderLaunch& launch);
std::string describe(const BluesteinPointwiseLaunch& launch);
std::string describe(const BluesteinStepLaunch& launch);
const char* to_string(kernels::BluesteinStage stage);
std::string describe(const ConvolutionLaunch& launch);
std::string describe(const NfftCorrectionLaunch& launch);
std::string describe(const NfftGriddingLaunch& launch);
std::string describe(const Launch& launch);

// Makes every table the chain's launches read (TwiddleTable::make): a plan does once its tree is chosen, and the
// executors check before they run a chain.
rift_status make_tables(const KernelChain& chain);

} // namespace rift
