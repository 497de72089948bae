#include <type_traits>
#include <variant>
#include <vector>

#include "kernels/bluestein_kernel.h"
#include "kernels/bluestein_pointwise.h"
#include "kernels/bluestein_steps.h"
#include "kernels/convolution_kernel.h"
#include "kernels/fixed_lengths.h"
#include "kernels/half_slot_kernel.h"
#include "kernels/rader_kernel.h"
#include "kernels/real_mirror.h"
#include "kernels/real_pack.h"
#include "kernels/real_pack_kernel.h"
#include "kernels/real_to_real.h"
#include "kernels/real_to_real_kernel.h"
#include "kernels/stockham_transform.h"
#include "library/core/error.h"
#include "library/core/log.h"
#include "library/exec/executors.h"

namespace rift {

namespace {

template <class Real>
kernels::StockhamArgs resolved_args(const StockhamLaunch& launch, const ExecutionBuffers& buffers)
{
    kernels::StockhamArgs args = launch.args;
    args.twiddles = launch.twiddles->host_data();
    args.input = resolve_buffer(launch.input, buffers);
    args.output = resolve_buffer(launch.output, buffers);
    if (launch.step_twiddles) args.step_twiddles = launch.step_twiddles->host_data();
    if (launch.real_twiddles) args.real_twiddles = launch.real_twiddles->host_data();
    return args;
}

// The staged copies of a tile of one transform, done by one lane: complex ones tile-wide, real and real-to-real
// ones per transform.
template <bool Inverse, class Real>
void stage_input_on_host(const kernels::StockhamArgs& args, const kernels::TransformTile<Real>& tile,
                         kernels::Complex<Real>* slot)
{
    if (args.real_to_real != 0)
        kernels::stage_real_to_real_in<sizeof(kernels::Complex<Real>)>(
            args, tile, 0, true, kernels::PaddedSlot<Real>{slot, args.pad_period}, 0, 1, [] {});
    else if (args.real)
        kernels::stage_real_transform_input<Inverse>(args, tile, 0, {slot, args.pad_period}, 0, 1);
    else
        kernels::stage_input(args, tile, slot, args.pad_period, 0, 0, 1);
}

template <bool Inverse, class Real>
void stage_output_on_host(const kernels::StockhamArgs& args, const kernels::TransformTile<Real>& tile,
                          kernels::Complex<Real>* slot)
{
    if (args.real_to_real != 0)
        kernels::stage_real_to_real_out(args, tile, 0, true, kernels::PaddedSlot<Real>{slot, args.pad_period}, 0, 1);
    else if (args.real)
        kernels::stage_real_transform_output<Inverse>(args, tile, 0, {slot, args.pad_period}, 0, 1);
    else
        kernels::stage_output<Inverse>(args, tile, slot, args.pad_period, 0, 0, 1);
}

// The host runs tiles of one transform each, in order: dims[0].count tiles times the other batch dimensions.
template <class Real, class RunTile>
void for_each_transform(const kernels::StockhamArgs& args, RunTile run_tile)
{
    const uint64_t transforms = args.transform_count();
    for (uint64_t block = 0; block < transforms; ++block)
        run_tile(kernels::transform_tile<Real>(args, block, args.dims[0].count, 1));
}

// One lane doing every butterfly of a pass in turn is what the GPU's lanes do between two barriers.
template <class Real, bool Inverse>
void run_generic_on_host(const StockhamLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::StockhamArgs args = resolved_args<Real>(launch, buffers);
    std::vector<kernels::Complex<Real>> slots(2 * size_t(args.slot_elements));
    const kernels::ScratchSlot<Real> scratch0{slots.data(), args.pad_period};
    const kernels::ScratchSlot<Real> scratch1{slots.data() + args.slot_elements, args.pad_period};
    for_each_transform<Real>(args, [&](const kernels::TransformTile<Real>& tile) {
        if (args.stage_input) stage_input_on_host<Inverse>(args, tile, slots.data() + args.slot_elements);
        const auto run = [&](const auto& input, const auto& output) {
            kernels::generic_stockham_transform<Inverse>(args, 0, 1, true, input, output, scratch0, scratch1, [] {});
        };
        // A real-to-real input left unstaged is a DCT-II's or DST-II's, which a compiled kernel reads where it lies.
        if (args.real_to_real != 0 && !args.stage_input)
            run(kernels::reordered_input(args, tile, 0),
                kernels::unstaged_output<Inverse, true, true, false>(args, tile, 0));
        else if (args.real)
            run(kernels::unstaged_input<Inverse, true, true>(args, tile, 0),
                kernels::unstaged_output<Inverse, true, true, false>(args, tile, 0));
        else
            run(kernels::transform_input(args, tile, 0), kernels::transform_output<Inverse, false>(args, tile, 0));
        if (args.stage_output)
            stage_output_on_host<Inverse>(
                args, tile, slots.data() + kernels::generic_output_slot(args.pass_count) * args.slot_elements);
    });
}

// The transforms of a register-resident kernel (one slot a transform, each lane's elements in registers), tile by
// tile of one transform: run(tile, slot, for_each_lane) does one, its lanes one after another phase by phase,
// as the GPU block runs them at once between barriers.
template <class Real, int E, class RunTransform>
void run_lanes_on_host(const kernels::StockhamArgs& shape, uint32_t pad_period, RunTransform run)
{
    std::vector<kernels::Registers<Real, E>> lanes(shape.threads_per_transform);
    std::vector<kernels::Complex<Real>> slot(shape.slot_elements);
    const kernels::ScratchSlot<Real> scratch{slot.data(), pad_period};
    const auto for_each_lane = [&](auto&& visit) {
        for (uint32_t lane = 0; lane < lanes.size(); ++lane) visit(lane, lanes[lane]);
    };
    for_each_transform<Real>(shape, [&](const kernels::TransformTile<Real>& tile) { run(tile, scratch, for_each_lane); });
}

// The plan's padding, not the entry's: tile-major slots may be unpadded or swizzled (kernels/shared_layout.h).
template <class Real, bool Inverse, int E, uint32_t Length, uint32_t... Radices>
void run_fixed_on_host(const StockhamLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::StockhamArgs args = resolved_args<Real>(launch, buffers);
    run_lanes_on_host<Real, E>(args, args.pad_period, [&](const kernels::TransformTile<Real>& tile,
                                                          const kernels::ScratchSlot<Real>& slot, auto for_each_lane) {
        if (args.stage_input) stage_input_on_host<Inverse>(args, tile, slot.base);
        const auto run = [&](const auto& input, const auto& output) {
            kernels::fixed_stockham_transform<E, Inverse, Real, Length, Radices...>(args, true, input, output, slot,
                                                                                   for_each_lane, [] {});
        };
        // As the GPU's kernels: only tile-major launches group their output; a real side is read or written
        // where it lies in both forms (kernels::RealSideSource), which the GPU's kernels of an odd length take.
        if (args.real)
            run(kernels::unstaged_input<Inverse, true, true>(args, tile, 0),
                kernels::unstaged_output<Inverse, true, true, false>(args, tile, 0));
        else if (args.tile_major)
            run(kernels::transform_input(args, tile, 0), kernels::transform_output<Inverse, true>(args, tile, 0));
        else
            run(kernels::transform_input(args, tile, 0), kernels::transform_output<Inverse, false>(args, tile, 0));
        if (args.stage_output) stage_output_on_host<Inverse>(args, tile, slot.base);
    });
}

// The launches the GPU runs on one SM with the next transform's copy beside the exchanges
// (kernels/half_slot_kernel.h): the same passes and exchanges, lane after lane, so that their index arithmetic is
// checked where there is no GPU. The input is read where it lies; `args` are resolved to host buffers.
template <bool Inverse>
void run_half_slot_on_host(const kernels::StockhamArgs& args)
{
    using Shape = kernels::HalfSlotShape;
    std::vector<kernels::HalfSlotLane<float>> lanes(Shape::lanes);
    std::vector<kernels::Complex<float>> shared(Shape::first_exchange_elements);
    const auto for_each_lane = [&](auto&& visit) {
        for (uint32_t lane = 0; lane < lanes.size(); ++lane) visit(lane, lanes[lane]);
    };
    for_each_transform<float>(args, [&](const kernels::TransformTile<float>& tile) {
        kernels::half_slot_transform<Inverse>(args, tile.input, tile.input + Shape::half,
                                              kernels::transform_output<Inverse, false>(args, tile, 0), shared.data(),
                                              for_each_lane, [] {}, [] {}, [] {});
    });
}

// A row and its mirror at a time (kernels/real_mirror.h): both transforms into their slots, then both
// unpackings.
template <class Real, int E, uint32_t Length, uint32_t PadPeriod, uint32_t... Radices>
void run_mirrored_on_host(const StockhamLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::StockhamArgs args = resolved_args<Real>(launch, buffers);
    std::vector<kernels::Registers<Real, E>> lanes(args.threads_per_transform);
    std::vector<kernels::Complex<Real>> slots(2 * size_t(args.slot_elements));
    const auto for_each_lane = [&](auto&& visit) {
        for (uint32_t lane = 0; lane < lanes.size(); ++lane) visit(lane, lanes[lane]);
    };
    const kernels::ScaledStridedDestination<Real> unused_output{nullptr, 0, Real(1)};
    auto* output = static_cast<kernels::Complex<Real>*>(args.output);
    for (uint64_t index = 0; index < kernels::mirrored_pair_count(args); ++index) {
        const kernels::MirroredPair pair = kernels::mirrored_pair(args, index);
        for (uint32_t t = 0; t < pair.count; ++t) {
            const kernels::StridedSource<Real> input{
                static_cast<const kernels::Complex<Real>*>(args.input) + pair.input_offset[t], args.input_stride};
            kernels::fixed_stockham_transform<E, false, Real, Length, Radices...>(
                args, true, input, unused_output, {slots.data() + t * args.slot_elements, PadPeriod}, for_each_lane,
                [] {});
        }
        for (uint32_t t = 0; t < pair.count; ++t) {
            const uint32_t partner = pair.count == 2 ? 1 - t : t;
            kernels::unpack_half_length<Real>(args, output + pair.output_offset[t], output + pair.output_offset[partner],
                                              {slots.data() + t * args.slot_elements, PadPeriod},
                                              {slots.data() + partner * args.slot_elements, PadPeriod}, 0, 1);
        }
    }
}

template <class Real, bool Inverse>
void run_on_host(const StockhamLaunch& launch, const ExecutionBuffers& buffers)
{
    if (launch.args.mirrored_dims > 0) {
        switch (launch.args.length) {
#define RIFT_MIRRORED_CASE(length, entry_elements, pad_period, ...)                                          \
    case length: {                                                                                           \
        constexpr uint32_t elements = kernels::lane_elements(kernels::EntryKernel::mirrored_rows, length,    \
                                                             entry_elements, sizeof(kernels::Complex<Real>)); \
        return run_mirrored_on_host<Real, elements, length, pad_period, __VA_ARGS__>(launch, buffers);       \
    }
            RIFT_FOR_EACH_FIXED_LENGTH(RIFT_MIRRORED_CASE)
#undef RIFT_MIRRORED_CASE
        }
        return;
    }
    if constexpr (std::is_same_v<Real, float>) {
        const kernels::StockhamArgs args = resolved_args<Real>(launch, buffers);
        if (kernels::runs_half_slot(args, sizeof(kernels::Complex<Real>))) return run_half_slot_on_host<Inverse>(args);
    }
    if (!launch.fixed_length || launch.compiled_shape()) return run_generic_on_host<Real, Inverse>(launch, buffers);
    switch (launch.args.length) {
#define RIFT_FIXED_CASE(length, entry_elements, pad_period, ...)                                             \
    case length:                                                                                             \
        if (launch.args.real)                                                                                \
            return run_fixed_on_host<Real, Inverse,                                                          \
                                     kernels::lane_elements(kernels::EntryKernel::real_stockham, length,     \
                                                            entry_elements, sizeof(kernels::Complex<Real>)), \
                                     length, __VA_ARGS__>(launch, buffers);                                  \
        return run_fixed_on_host<Real, Inverse,                                                              \
                                 kernels::lane_elements(kernels::EntryKernel::complex_stockham, length,      \
                                                        entry_elements, sizeof(kernels::Complex<Real>)),     \
                                 length, __VA_ARGS__>(launch, buffers);
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_FIXED_CASE)
#undef RIFT_FIXED_CASE
    }
}

template <class Real, bool Inverse>
void run_real_pack_on_host(const RealPackLaunch& launch, const ExecutionBuffers& buffers)
{
    kernels::RealPackArgs args = launch.args;
    args.roots = launch.roots->host_data();
    args.input = resolve_buffer(launch.input, buffers);
    args.output = resolve_buffer(launch.output, buffers);
    for (uint64_t transform = 0; transform < args.transform_count(); ++transform) {
        uint64_t input_offset = 0, output_offset = 0;
        kernels::real_pack_offsets(args, transform, input_offset, output_offset);
        for (uint64_t k = 0; k < args.pair_count(); ++k)
            kernels::real_pack_pair<Inverse, Real>(args, input_offset, output_offset, k);
    }
}

template <class Real, bool Inverse>
void run_on_host(const RealPackLaunch& launch, const ExecutionBuffers& buffers)
{
    run_real_pack_on_host<Real, Inverse>(launch, buffers);
}

// The passes of `args` (radices read at run time) from `source` to `destination`, one lane doing every butterfly
// of a pass, the results between passes in scratch0 and scratch1.
template <bool Inverse, class Real, class Source, class Destination>
void runtime_radix_passes_on_host(const kernels::StockhamArgs& args, const Source& source,
                                  const Destination& destination, const kernels::ScratchSlot<Real>& scratch0,
                                  const kernels::ScratchSlot<Real>& scratch1)
{
    const auto* table = static_cast<const kernels::Complex<Real>*>(args.twiddles);
    uint32_t span = 1;
    const auto pass = [&](uint32_t p, const auto& from, const auto& to) {
        kernels::stockham_pass<Inverse>(args.radix(p), 0, 1, args.length, span, kernels::pass_twiddles(table, span),
                                        from, to);
        span *= args.radix(p);
    };
    const uint32_t last = args.pass_count - 1;
    if (last == 0) return pass(0, source, destination);
    pass(0, source, scratch0);
    for (uint32_t p = 1; p < last; ++p) pass(p, (p & 1) ? scratch0 : scratch1, (p & 1) ? scratch1 : scratch0);
    pass(last, (last & 1) ? scratch0 : scratch1, destination);
}

template <class Real, int E, uint32_t M, uint32_t PadPeriod, uint32_t... Radices>
void run_bluestein_on_host(const BluesteinLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::BluesteinArgs args = resolved_args(launch, buffers, &TwiddleTable::host_data);
    run_lanes_on_host<Real, E>(args.padded, PadPeriod, [&](const kernels::TransformTile<Real>& tile,
                                                           const kernels::ScratchSlot<Real>& slot, auto for_each_lane) {
        if (args.real)
            kernels::fixed_bluestein_transform<E, (M + E - 1) / E, true, Real, M, Radices...>(args, true, tile, 0, slot, for_each_lane,
                                                                             [] {});
        else
            kernels::fixed_bluestein_transform<E, (M + E - 1) / E, false, Real, M, Radices...>(args, true, tile, 0, slot,
                                                                              for_each_lane, [] {});
    });
}

// A padded length compiled at run time on the GPU: its convolution through the runtime-radix passes, with the
// kernel's own chirped reads, product and writes around them.
template <class Real, bool RealData>
void run_compiled_bluestein_on_host(const BluesteinLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::BluesteinArgs args = resolved_args(launch, buffers, &TwiddleTable::host_data);
    const kernels::StockhamArgs& padded = args.padded;
    const size_t slot_elements = padded.slot_elements;
    std::vector<kernels::Complex<Real>> slots(3 * slot_elements);
    const kernels::ScratchSlot<Real> scratch0{slots.data(), padded.pad_period};
    const kernels::ScratchSlot<Real> scratch1{slots.data() + slot_elements, padded.pad_period};
    const kernels::ScratchSlot<Real> transformed{slots.data() + 2 * slot_elements, padded.pad_period};
    const kernels::SpectrumWeightedSlot<Real> product{transformed,
                                                      static_cast<const kernels::Complex<Real>*>(args.spectrum)};
    const auto* chirp = static_cast<const kernels::Complex<Real>*>(args.chirp);
    for_each_transform<Real>(padded, [&](const kernels::TransformTile<Real>& tile) {
        const kernels::ChirpedSource<Real, RealData> source{kernels::bluestein_input<Real, RealData>(args, tile, 0),
                                                            chirp};
        const kernels::ChirpedDestination<Real, RealData> destination{
            kernels::bluestein_output<Real, RealData>(args, tile, 0), chirp};
        runtime_radix_passes_on_host<false>(padded, source, transformed, scratch0, scratch1);
        runtime_radix_passes_on_host<true>(padded, product, destination, scratch0, scratch1);
    });
}

// The kernels run both directions of the padded transform whatever the user's (the tables carry it).
template <class Real, bool>
void run_on_host(const BluesteinLaunch& launch, const ExecutionBuffers& buffers)
{
    if (launch.compiled_length)
        return launch.args.real ? run_compiled_bluestein_on_host<Real, true>(launch, buffers)
                                : run_compiled_bluestein_on_host<Real, false>(launch, buffers);
    switch (launch.args.padded.length) {
#define RIFT_BLUESTEIN_CASE(length, entry_elements, pad_period, ...)                                         \
    case length: {                                                                                           \
        constexpr uint32_t elements = kernels::lane_elements(kernels::EntryKernel::bluestein, length,        \
                                                             entry_elements, sizeof(kernels::Complex<Real>)); \
        return run_bluestein_on_host<Real, elements, length, pad_period, __VA_ARGS__>(launch, buffers);      \
    }
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_BLUESTEIN_CASE)
#undef RIFT_BLUESTEIN_CASE
    }
}

template <class Real, bool>
void run_on_host(const BluesteinPointwiseLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::BluesteinPointwiseArgs args = resolved_args(launch, buffers, &TwiddleTable::host_data);
    const uint64_t elements = args.elements();
    for (uint64_t transform = 0; transform < args.user.padded.transform_count(); ++transform)
        for (uint64_t m = 0; m < elements; ++m) kernels::bluestein_pointwise<Real>(args, transform, uint32_t(m));
}

template <class Real, bool>
void run_on_host(const RealToRealMapLaunch& launch, const ExecutionBuffers& buffers)
{
    kernels::RealToRealMapArgs args = launch.args;
    args.rotations = launch.rotations->host_data();
    args.input = resolve_buffer(launch.input, buffers);
    args.output = resolve_buffer(launch.output, buffers);
    for (uint64_t transform = 0; transform < args.transform_count(); ++transform) {
        if (launch.output_map) kernels::real_to_real_map<true, Real>(args, transform, true, 0, 1, [] {});
        else kernels::real_to_real_map<false, Real>(args, transform, true, 0, 1, [] {});
    }
}

template <class Real, kernels::BluesteinStage Stage, int E, uint32_t F, uint32_t PadPeriod, uint32_t... Radices>
void run_bluestein_step_on_host(const BluesteinStepLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::BluesteinStepArgs args = resolved_args(launch, buffers, &TwiddleTable::host_data);
    run_lanes_on_host<Real, E>(args.step, PadPeriod, [&](const kernels::TransformTile<Real>& tile,
                                                         const kernels::ScratchSlot<Real>& slot, auto for_each_lane) {
        kernels::bluestein_step_transform<Stage, E, Real, F, Radices...>(args, true, tile, 0, slot, for_each_lane,
                                                                         [] {});
    });
}

template <class Real, kernels::BluesteinStage Stage>
void run_bluestein_stage_on_host(const BluesteinStepLaunch& launch, const ExecutionBuffers& buffers)
{
    switch (launch.args.step.length) {
#define RIFT_BLUESTEIN_STEP_CASE(length, entry_elements, pad_period, ...)                                    \
    case length: {                                                                                           \
        constexpr uint32_t elements = kernels::lane_elements(kernels::EntryKernel::bluestein_steps, length,  \
                                                             entry_elements, sizeof(kernels::Complex<Real>)); \
        if constexpr (kernels::is_bluestein_step_length(length))                                             \
            return run_bluestein_step_on_host<Real, Stage, elements, length, pad_period, __VA_ARGS__>(launch, \
                                                                                                     buffers); \
        break;                                                                                               \
    }
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_BLUESTEIN_STEP_CASE)
#undef RIFT_BLUESTEIN_STEP_CASE
    }
}

template <class Real, bool>
void run_on_host(const BluesteinStepLaunch& launch, const ExecutionBuffers& buffers)
{
    using kernels::BluesteinStage;
    switch (launch.stage) {
    case BluesteinStage::forward_columns:
        return run_bluestein_stage_on_host<Real, BluesteinStage::forward_columns>(launch, buffers);
    case BluesteinStage::rows: return run_bluestein_stage_on_host<Real, BluesteinStage::rows>(launch, buffers);
    case BluesteinStage::inverse_columns:
        return run_bluestein_stage_on_host<Real, BluesteinStage::inverse_columns>(launch, buffers);
    }
}

// Rader's kernel is compiled only for GPUs: the host runs its convolution through the runtime-radix passes (in
// the kernel's radix orders, with its tables), with the kernel's own staged permutations, product and sum around
// them.
template <class Real, bool>
void run_on_host(const RaderLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::RaderArgs args = resolved_args(launch, buffers, &TwiddleTable::host_data);
    const kernels::StockhamArgs& convolution = args.convolution;
    const uint32_t slot_elements = convolution.slot_elements;
    std::vector<kernels::Complex<Real>> slots(5 * size_t(slot_elements)), cells(kernels::kRaderCellsPerTransform);
    const auto memory = [&](size_t i) {
        return kernels::RaderTileMemory<Real>{slots.data() + i * slot_elements, slot_elements, convolution.pad_period,
                                              cells.data()};
    };
    const kernels::RaderTileMemory<Real> staged = memory(0), transformed = memory(1), result = memory(2);
    const kernels::ScratchSlot<Real> scratch0 = memory(3).slot(0), scratch1 = memory(4).slot(0);
    const kernels::SpectrumWeightedSlot<Real> product{transformed.slot(0),
                                                      static_cast<const kernels::Complex<Real>*>(args.spectrum)};
    // The inverse passes in the reverse radix order, with their half of the table (kernels/rader_kernel.h).
    kernels::StockhamArgs inverse = convolution;
    inverse.twiddles = kernels::rader_inverse_twiddles<Real>(convolution);
    inverse.packed_radices = 0;
    for (uint32_t p = 0; p < convolution.pass_count; ++p)
        inverse.packed_radices |= uint64_t(convolution.radix(p)) << (8 * (convolution.pass_count - 1 - p));
    for_each_transform<Real>(convolution, [&](const kernels::TransformTile<Real>& tile) {
        kernels::rader_stage_input<1>(args, args.length, tile, staged, 0, 1);
        runtime_radix_passes_on_host<false>(convolution, staged.slot(0), transformed.slot(0), scratch0, scratch1);
        cells[1] = transformed.slot(0)[0];
        runtime_radix_passes_on_host<true>(inverse, product, result.slot(0), scratch0, scratch1);
        kernels::rader_stage_output<1>(args, args.length, tile, result, 0, 1);
    });
}

template <class Real, int E, uint32_t M, uint32_t PadPeriod, uint32_t... Radices>
void run_convolution_on_host(const ConvolutionLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::ConvolutionArgs args = resolved_args(launch, buffers, &TwiddleTable::host_data);
    run_lanes_on_host<Real, E>(args.segments, PadPeriod, [&](const kernels::TransformTile<Real>& tile,
                                                             const kernels::ScratchSlot<Real>& slot,
                                                             auto for_each_lane) {
        kernels::fixed_convolution_segment<E, Real, M, Radices...>(args, true, tile, 0, slot, for_each_lane, [] {});
    });
}

template <class Real, bool>
void run_on_host(const ConvolutionLaunch& launch, const ExecutionBuffers& buffers)
{
    switch (launch.args.segments.length) {
#define RIFT_CONVOLUTION_CASE(length, entry_elements, pad_period, ...)                                       \
    case length: {                                                                                           \
        constexpr uint32_t elements = kernels::lane_elements(kernels::EntryKernel::convolution, length,      \
                                                             entry_elements, sizeof(kernels::Complex<Real>)); \
        return run_convolution_on_host<Real, elements, length, pad_period, __VA_ARGS__>(launch, buffers);    \
    }
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_CONVOLUTION_CASE)
#undef RIFT_CONVOLUTION_CASE
    }
}

// The NFFT's steps dispatch on precision themselves (nfft_host.cpp).
template <class, bool>
void run_on_host(const NfftCorrectionLaunch& launch, const ExecutionBuffers& buffers)
{
    rift::run_on_host(launch, buffers);
}

template <class, bool>
void run_on_host(const NfftGriddingLaunch& launch, const ExecutionBuffers& buffers)
{
    rift::run_on_host(launch, buffers);
}

} // namespace

rift_status execute_on_host(const KernelChain& chain, const ExecutionBuffers& buffers)
{
    RIFT_RETURN_IF_FAILED(make_tables(chain));
    for (const Launch& launch : chain) {
        if (logging(LogLayer::launch)) log_text("rift launch (host): " + describe(launch));
        std::visit(
            [&](const auto& kernel) {
                const bool inverse = kernel.direction == Direction::inverse;
                if (kernel.precision == Precision::single)
                    inverse ? run_on_host<float, true>(kernel, buffers) : run_on_host<float, false>(kernel, buffers);
                else
                    inverse ? run_on_host<double, true>(kernel, buffers) : run_on_host<double, false>(kernel, buffers);
            },
            launch);
    }
    return rift_status_success;
}

} // namespace rift
