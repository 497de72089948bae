#include "library/plan/stockham_shape.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <iterator>

#include "kernels/butterflies.h"
#include "kernels/fixed_lengths.h"
#include "kernels/transform_tile.h"
#include "library/core/error.h"
#include "library/plan/factorize.h"
#include "library/plan/slot_banks.h"

namespace rift {

namespace {

// Small blocks: many blocks per SM overlap one block's loads with another's passes, and a barrier waits for
// fewer warps; of the targets from 64 to 512 threads, 64 was the best (docs/performance.md). Blocks keep to
// 64 KiB of shared memory unless one transform needs more.
constexpr uint32_t kTargetThreadsPerBlock = 64;
constexpr size_t kPreferredSharedBytesPerBlock = 64 * 1024;
// Threads are issued a warp at a time. NVIDIA's warps and AMD's wave32 GPUs have 32 lanes; blocks shaped for
// them fill wave64 GPUs' waves about as well.
constexpr uint32_t kWarpLanes = 32;

// The slot padding of the runtime-radix kernel and of tile-major slots, and the one a compiled lane-major shape keeps
// unless another meets fewer banks: even radices' strided accesses meet in a few banks unless padded; odd ones
// spread over all of them.
uint32_t runtime_pad_period(const std::vector<uint32_t>& radices)
{
    return std::any_of(radices.begin(), radices.end(), [](uint32_t radix) { return radix % 2 == 0; }) ? 16 : 0;
}

// The shared memory of a register-resident transform: its one slot (none for a single pass).
size_t resident_slot_bytes(size_t pass_count, uint32_t slot_elements, size_t element_bytes)
{
    return size_t(kernels::stockham_scratch_slots(uint32_t(pass_count), true)) * slot_elements * element_bytes;
}

// A shape's slot padding, its slot and the shared memory that takes.
void set_padding(StockhamShape& shape, uint32_t length, size_t element_bytes, uint32_t pad_period)
{
    shape.pad_period = pad_period;
    shape.slot_elements = kernels::slot_elements(length, pad_period);
    shape.shared_bytes_per_transform = resident_slot_bytes(shape.radices.size(), shape.slot_elements, element_bytes);
}

// A compiled lane-major shape's slot padding (slot_banks.h).
void pad_for_fewest_wavefronts(StockhamShape& shape, uint32_t length, size_t element_bytes)
{
    set_padding(shape, length, element_bytes,
                fewest_wavefront_pad_period(length, shape.radices, shape.threads_per_transform, element_bytes,
                                            runtime_pad_period(shape.radices)));
}

struct FixedLength {
    uint32_t length;
    uint32_t elements_per_lane;
    uint32_t pad_period;
    std::vector<uint32_t> radices;
};

const std::vector<FixedLength>& fixed_lengths()
{
    static const std::vector<FixedLength> table = {
#define RIFT_FIXED_ENTRY(length, elements, pad_period, ...) {length, elements, pad_period, {__VA_ARGS__}},
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_FIXED_ENTRY)
#undef RIFT_FIXED_ENTRY
    };
    return table;
}

} // namespace

const std::vector<uint32_t>& fixed_kernel_lengths()
{
    static const std::vector<uint32_t> lengths = [] {
        std::vector<uint32_t> made;
        for (const FixedLength& entry : fixed_lengths()) made.push_back(entry.length);
        return made;
    }();
    return lengths;
}

bool has_fixed_length_kernel(size_t length)
{
    const std::vector<uint32_t>& lengths = fixed_kernel_lengths();
    return std::find(lengths.begin(), lengths.end(), length) != lengths.end();
}

// Fixed lengths: each lane holds E elements, so ceil(N / E) lanes. Other lengths: one butterfly a lane in the
// pass with the fewest butterflies, lanes looping in the others, and looping in every pass when even the fewest
// outnumber a block's threads (5^5 = 3125 has 625).
StockhamShape stockham_shape(uint32_t length, size_t element_bytes, kernels::EntryKernel kernel, bool tile_major)
{
    StockhamShape shape;
    const auto fixed = std::find_if(fixed_lengths().begin(), fixed_lengths().end(),
                                    [&](const FixedLength& entry) { return entry.length == length; });
    if (fixed != fixed_lengths().end()) {
        shape.radices = fixed->radices;
        shape.fixed_length = true;
        const uint32_t elements = kernels::lane_elements(kernel, length, fixed->elements_per_lane, element_bytes);
        shape.threads_per_transform = (length + elements - 1) / elements;
        // Only the complex kernel has tile-major instantiations of its own; the Bluestein stage kernels keep
        // their entry's padding.
        const bool own_tile_major_slots = tile_major && kernel == kernels::EntryKernel::complex_stockham;
        shape.pad_period =
            own_tile_major_slots
                ? kernels::tile_major_pad_period(length, shape.threads_per_transform, fixed->pad_period)
                : fixed->pad_period;
        if (kernels::has_wide_variant(length, elements, uint32_t(element_bytes)))
            shape.max_tiled_threads = kernels::kMaxWideThreadsPerBlock;
    } else if (auto radices = choose_radices(length)) {
        shape.radices = *radices;
        uint32_t fewest_butterflies = length;
        for (uint32_t radix : shape.radices) fewest_butterflies = std::min(fewest_butterflies, length / radix);
        uint32_t rounds = 1;
        while ((fewest_butterflies + rounds - 1) / rounds > kernels::kMaxThreadsPerBlock) ++rounds;
        shape.threads_per_transform = (fewest_butterflies + rounds - 1) / rounds;
        shape.pad_period = runtime_pad_period(shape.radices);
    } else {
        return shape;
    }
    shape.slot_elements = kernels::slot_elements(length, shape.pad_period);
    shape.shared_bytes_per_transform =
        size_t(kernels::stockham_scratch_slots(uint32_t(shape.radices.size()), shape.fixed_length)) *
        shape.slot_elements * element_bytes;
    return shape;
}

namespace {

// What an SM of the GPUs rift compiles at run time for holds: 2048 threads, 32 blocks, and registers in four
// partitions of 16384 (each warp's allocated whole in one of them, in steps of 8 a thread; the warps of all resident
// blocks share the partitions, so a block's warp count need not divide by four); each block's shared memory takes
// 1 KiB more than it asks for.
constexpr uint32_t kThreadsPerSm = 2048;
constexpr uint32_t kBlocksPerSm = 32;
constexpr uint32_t kRegisterPartitions = 4;
constexpr uint32_t kRegistersPerPartition = 16384;
constexpr size_t kReservedSharedBytesPerBlock = 1024;
constexpr uint32_t kRegistersPerSm = kRegisterPartitions * kRegistersPerPartition;
// Registers a lane keeps besides its elements (indices, addresses, twiddles): the fallback budget's, and the
// tighter one many shapes fit without spilling (the compiler says which; set_register_budget).
constexpr uint32_t kLaneBookkeepingRegisters = 24;
constexpr uint32_t kTightLaneBookkeepingRegisters = 16;

// The registers a lane holding `elements` complex elements needs (two a single-precision complex value, four a
// double, and `bookkeeping`), in the allocation steps of 8.
uint32_t lane_registers(uint32_t elements, size_t element_bytes, uint32_t bookkeeping = kLaneBookkeepingRegisters)
{
    return (elements * uint32_t(element_bytes / 4) + bookkeeping + 7) / 8 * 8;
}

// The register budget of a kernel whose blocks run `block_threads` threads with `block_shared_bytes` of shared
// memory: as many blocks an SM as shared memory and threads allow, unless that leaves a lane fewer registers than
// lane_registers with the tight bookkeeping; where the compiler spills more than one register at that budget,
// the kernel is compiled to the fallback, which leaves a lane the registers of the usual bookkeeping
// (library/exec/runtime_kernels.cpp). Left to itself the compiler may take a few registers more and fit fewer
// blocks: a block's loads, passes and stores then overlap with too few others'. Blocks of one or two warps run many
// short transforms, a lane holding a whole butterfly of their largest radix: they are budgeted as if they had a
// warp in every partition, with the usual bookkeeping only (docs/performance.md, "Register budget").
void set_register_budget(CompiledKernel& identity, uint32_t block_threads, size_t block_shared_bytes,
                         size_t shared_memory_per_block)
{
    const uint32_t warps = (block_threads + kWarpLanes - 1) / kWarpLanes;
    uint32_t blocks = std::min(kBlocksPerSm, kThreadsPerSm / (warps * kWarpLanes));
    const size_t sm_shared = shared_memory_per_block + kReservedSharedBytesPerBlock;
    blocks = uint32_t(std::min<size_t>(blocks, sm_shared / (block_shared_bytes + kReservedSharedBytesPerBlock)));
    const uint32_t budgeted_warps = warps <= kRegisterPartitions / 2 ? kRegisterPartitions : warps;
    const auto register_blocks = [&](uint32_t bookkeeping) {
        const uint32_t registers =
            lane_registers(identity.elements, complex_element_bytes(identity.precision), bookkeeping);
        const uint32_t resident_warps = kRegistersPerPartition / (registers * kWarpLanes) * kRegisterPartitions;
        return std::max(1u, std::min(blocks, resident_warps / budgeted_warps));
    };
    identity.max_threads = warps * kWarpLanes;
    identity.fallback_min_blocks = register_blocks(kLaneBookkeepingRegisters);
    identity.min_blocks = warps <= kRegisterPartitions / 2 ? identity.fallback_min_blocks
                                                           : register_blocks(kTightLaneBookkeepingRegisters);
}

} // namespace

namespace {

// A first pass whose lanes each run an even number of butterflies, all in range, reads a DCT-II's reordered reals in
// mirror pairs, a vector load a pair (kernels::MirroredFirstPass): where the first radix does not allow that and
// another does, that one goes first.
bool put_mirror_paired_radix_first(StockhamShape& shape, uint32_t length)
{
    const uint32_t lanes = shape.threads_per_transform;
    const auto pairs_mirrors = [&](uint32_t radix) {
        const uint32_t count = length / radix;
        return lanes > 0 && count % lanes == 0 && (count / lanes) % 2 == 0;
    };
    if (shape.radices.empty() || pairs_mirrors(shape.radices.front())) return false;
    const auto found = std::find_if(shape.radices.begin(), shape.radices.end(), pairs_mirrors);
    if (found == shape.radices.end()) return false;
    std::rotate(shape.radices.begin(), found, found + 1);
    return true;
}

} // namespace

StockhamShape compiled_kernel_shape(uint32_t length, KernelData data, size_t element_bytes, BlockLayout layout,
                                    size_t shared_memory_per_block)
{
    // Real data in a tiled launch: real-to-real columns (the other real launches stage transform by transform).
    const bool real_columns = data != KernelData::complex && layout == BlockLayout::staged;
    // Catalogue lengths keep the catalogue's shape where a compiled kernel runs them.
    const bool catalogue_shape =
        (data == KernelData::reordered_input || real_columns) && has_fixed_length_kernel(length);
    StockhamShape shape = catalogue_shape
                              ? stockham_shape(length, element_bytes, kernels::EntryKernel::real_stockham, false)
                              : compiled_stockham_shape(length, element_bytes, layout, shared_memory_per_block);
    // The catalogue's paddings are its own; a compiled shape's follows its pass order.
    if (data == KernelData::reordered_input && put_mirror_paired_radix_first(shape, length) && !catalogue_shape)
        pad_for_fewest_wavefronts(shape, length, element_bytes);
    if (data != KernelData::complex && layout == BlockLayout::staged_rows && !shape.radices.empty()) {
        // One slot, an even number of elements so that the rows after the block's slots start on a quad of reals,
        // and the row of the transform's 2 x length reals.
        shape.slot_elements += shape.slot_elements % 2;
        keep_one_slot(shape, element_bytes);
        shape.shared_bytes_per_transform += kernels::real_row_stride(2 * length) * (element_bytes / 2);
    }
    return shape;
}

std::optional<CompiledKernel> compiled_stockham_identity(uint32_t length, Precision precision,
                                                         Direction direction, KernelData data, BlockLayout layout,
                                                         size_t shared_memory_per_block)
{
    // Lengths of a single butterfly: the runtime-radix kernel runs them faster (docs/performance.md, "Kernels
    // compiled at run time").
    constexpr uint32_t kLongestRuntimeRadixLength = 16;
    // Real-to-real rows staged through shared memory take compiled kernels at every length, catalogue ones too:
    // neither the runtime-radix kernel nor the catalogue's stage them. So do real-to-real columns: budgeted for
    // their own blocks, they ran faster than on either (docs/performance.md, "Real-to-real columns").
    const bool real_rows = data != KernelData::complex && layout == BlockLayout::staged_rows;
    const bool real_columns = data != KernelData::complex && layout == BlockLayout::staged;
    if (length <= kLongestRuntimeRadixLength && !real_rows && !real_columns) return std::nullopt;
    // Real transforms stage their hermitian side transform by transform (kernels/real_pack.h); the halved
    // real-to-real forms may stage row spans.
    if (data != KernelData::complex && layout != BlockLayout::lane_major && layout != BlockLayout::staged &&
        !(real_rows && data != KernelData::odd_real))
        return std::nullopt;
    if (data == KernelData::reordered_input &&
        ((layout != BlockLayout::lane_major && layout != BlockLayout::staged_rows) || direction != Direction::forward))
        return std::nullopt;
    const bool catalogue_length = has_fixed_length_kernel(length);
    if (catalogue_length && data != KernelData::reordered_input && !real_rows && !real_columns) return std::nullopt;
    const size_t element_bytes = complex_element_bytes(precision);
    const StockhamShape shape = compiled_kernel_shape(length, data, element_bytes, layout, shared_memory_per_block);
    if (shape.radices.empty()) return std::nullopt;
    CompiledKernel identity;
    identity.precision = precision;
    identity.direction = direction;
    identity.data = data;
    identity.tile_major = layout == BlockLayout::tile_major;
    identity.staged_rows = layout == BlockLayout::staged_rows;
    identity.prefetched = layout == BlockLayout::prefetched;
    identity.length = length;
    identity.lanes = shape.threads_per_transform;
    // A split butterfly's lane holds its sums, and its share of a staged span.
    identity.elements = splits_butterfly(shape)
                            ? std::max<uint32_t>(uint32_t(kernels::split_butterfly_registers(int(length), int(identity.lanes))),
                                                 (length + identity.lanes - 1) / identity.lanes)
                            : compiled_lane_elements(length, shape.radices, identity.lanes);
    identity.pad_period = shape.pad_period;
    identity.radices = shape.radices;
    if (catalogue_length && !real_columns) { // and the register budget of the catalogue's kernel of the length
        const bool single = precision == Precision::single;
        identity.max_threads = single ? kernels::narrow_block_threads<float>(length, identity.elements)
                                      : kernels::narrow_block_threads<double>(length, identity.elements);
        identity.min_blocks =
            single ? kernels::min_blocks_per_sm<float>(length) : kernels::min_blocks_per_sm<double>(length);
        identity.fallback_min_blocks = identity.min_blocks;
        return identity;
    }
    switch (layout) {
    case BlockLayout::lane_major:
    case BlockLayout::staged_rows:
    case BlockLayout::prefetched: {
        const uint32_t per_block = transforms_per_block(shape, SIZE_MAX, shared_memory_per_block);
        set_register_budget(identity, per_block * identity.lanes, per_block * shape.shared_bytes_per_transform,
                            shared_memory_per_block);
        // Prefetching blocks are persistent, one an SM (compiled_rows_prefetch): the fallback's budget.
        if (layout == BlockLayout::prefetched) identity.min_blocks = identity.fallback_min_blocks;
        break;
    }
    case BlockLayout::tile_major: {
        const uint32_t per_block = tiled_transforms_per_block(shape, element_bytes, SIZE_MAX, shared_memory_per_block);
        const uint32_t slot = tile_major_slot_elements(shape.slot_elements, per_block, element_bytes);
        set_register_budget(identity, per_block * identity.lanes, per_block * slot * element_bytes,
                            shared_memory_per_block);
        break;
    }
    case BlockLayout::staged: { // blocks of up to max_tiled_threads (tiled_transforms_per_block)
        identity.max_threads = shape.max_tiled_threads;
        if (!real_columns) break;
        // Real-to-real columns: the budget of their fullest block, which keeps one slot a transform.
        StockhamShape staged = shape;
        keep_one_slot(staged, element_bytes);
        const uint32_t per_block = real_columns_per_block(staged, element_bytes, SIZE_MAX, shared_memory_per_block);
        set_register_budget(identity, per_block * identity.lanes, per_block * staged.shared_bytes_per_transform,
                            shared_memory_per_block);
        break;
    }
    }
    return identity;
}

// Shared memory a prefetching block leaves unused. The L1 takes what shared memory leaves of the SM's memory,
// and the passes read their twiddles through it: double-precision blocks that took nearly all of it ran slower
// than without prefetching, single-precision ones (half the twiddle bytes, and passes that build most of their
// twiddles from a few loaded ones) faster (docs/performance.md, "Prefetched rows").
namespace {
size_t prefetch_l1_bytes(Precision precision)
{
    return precision == Precision::single ? 8 * 1024 : 32 * 1024;
}
} // namespace

bool compiled_rows_prefetch(uint32_t length, Precision precision, size_t shared_memory_per_block)
{
    const size_t l1_bytes = prefetch_l1_bytes(precision);
    if (shared_memory_per_block <= l1_bytes) return false;
    const std::optional<CompiledKernel> plain = compiled_stockham_identity(
        length, precision, Direction::forward, KernelData::complex, BlockLayout::lane_major, shared_memory_per_block);
    // Decided by the fallback budget: whether the tight one keeps two blocks an SM the compiler tells only after
    // the plan is made, and lengths that lost their prefetching for it ran faster and slower alike.
    if (!plain || plain->fallback_min_blocks != 1 || plain->radices.size() < 2) return false;
    const size_t element_bytes = complex_element_bytes(precision);
    if (transforms_per_block(compiled_stockham_shape(length, element_bytes), SIZE_MAX, shared_memory_per_block) != 1)
        return false;
    return compiled_stockham_shape(length, element_bytes, BlockLayout::prefetched).shared_bytes_per_transform <=
           shared_memory_per_block - l1_bytes;
}

void keep_one_slot(StockhamShape& shape, size_t element_bytes)
{
    shape.shared_bytes_per_transform =
        std::max(shape.shared_bytes_per_transform, size_t(shape.slot_elements) * element_bytes);
}

std::optional<CompiledKernel> compiled_convolution_identity(CompiledFamily family, uint32_t length,
                                                            Precision precision, bool real_data,
                                                            size_t shared_memory_per_block)
{
    const size_t element_bytes = complex_element_bytes(precision);
    StockhamShape shape = compiled_stockham_shape(length, element_bytes);
    keep_one_slot(shape, element_bytes);
    if (shape.radices.empty() || shape.radices.size() > size_t(kernels::kMaxPasses) ||
        shape.shared_bytes_per_transform > shared_memory_per_block)
        return std::nullopt;
    CompiledKernel identity;
    identity.family = family;
    identity.precision = precision;
    identity.data = real_data ? KernelData::real : KernelData::complex;
    identity.length = length;
    identity.lanes = shape.threads_per_transform;
    identity.elements = compiled_lane_elements(length, shape.radices, identity.lanes);
    identity.pad_period = shape.pad_period;
    identity.radices = shape.radices;
    const uint32_t per_block = transforms_per_block(shape, SIZE_MAX, shared_memory_per_block);
    set_register_budget(identity, per_block * identity.lanes, per_block * shape.shared_bytes_per_transform,
                        shared_memory_per_block);
    return identity;
}

uint32_t compiled_lane_elements(uint32_t length, const std::vector<uint32_t>& radices, uint32_t lanes)
{
    uint32_t elements = 0;
    for (uint32_t radix : radices) {
        const uint32_t butterflies = length / radix;
        elements = std::max(elements, (butterflies + lanes - 1) / lanes * radix);
    }
    return elements;
}

namespace {

// The register slots a transform of `lanes` lanes of `elements` each costs, with the idle lanes of the warps its
// block leaves partly empty (transforms_per_block) counted as busy.
double register_slot_cost(uint32_t lanes, uint32_t elements, size_t shared_bytes_per_transform)
{
    StockhamShape probe;
    probe.threads_per_transform = lanes;
    probe.shared_bytes_per_transform = shared_bytes_per_transform;
    const uint32_t per_block = transforms_per_block(probe, SIZE_MAX, kPreferredSharedBytesPerBlock);
    const uint64_t warp_threads = (uint64_t(per_block) * lanes + kWarpLanes - 1) / kWarpLanes * kWarpLanes;
    return double(warp_threads) * elements / per_block;
}

// Lanes of a transform and the register slots they cost (fewest_slot_lanes); lanes 0: none fits.
struct LaneChoice {
    uint32_t lanes = 0;
    double cost = 0;
};

// The lanes (at most `most_lanes`) whose transforms cost the fewest register slots with at most `most_elements`
// a lane; among equals the fewest lanes (more work a lane, less index arithmetic).
// `slot_cost(lanes, elements)`: the slots a transform costs, or nothing where those lanes do not fit.
template <class SlotCost>
LaneChoice fewest_slot_lanes(uint32_t length, const std::vector<uint32_t>& radices, uint32_t most_elements,
                             uint32_t most_lanes, SlotCost slot_cost)
{
    LaneChoice best;
    // A lane holds at least length / lanes elements in every pass, so fewer lanes than this never fit.
    const uint32_t fewest_lanes = std::max(1u, (length + most_elements - 1) / most_elements);
    for (uint32_t lanes = fewest_lanes; lanes <= std::min(length, most_lanes); ++lanes) {
        const uint32_t elements = compiled_lane_elements(length, radices, lanes);
        if (elements > most_elements) continue;
        const std::optional<double> cost = slot_cost(lanes, elements);
        if (cost && (best.lanes == 0 || *cost < best.cost)) best = {lanes, *cost};
    }
    return best;
}

// The lane budgets compiled_stockham_shape tries in turn, in single-precision complex elements a lane (double
// precision: half as many, the same registers). Few elements a lane means many lanes, more warps to hide each
// pass's loads and barriers, as long as a block keeps to kMaxThreadsPerBlock lanes; beyond that a wide block of
// its own, and up to 32 elements (64 registers, what the catalogue's largest kernels hold) where the length needs
// them. Chosen by timing every budget's lanes over a sample of lengths (docs/performance.md, "Kernels compiled
// at run time").
struct LaneBudget {
    uint32_t single_elements;
    uint32_t most_lanes;
};
constexpr LaneBudget kLaneBudgets[] = {
    {12, kernels::kMaxThreadsPerBlock},     {16, kernels::kMaxThreadsPerBlock},
    {24, kernels::kMaxThreadsPerBlock},     {24, kernels::kMaxWideThreadsPerBlock},
    {32, kernels::kMaxWideThreadsPerBlock},
};
constexpr uint32_t kMostSingleElements = kLaneBudgets[std::size(kLaneBudgets) - 1].single_elements;

// The order of a compiled kernel's passes: even radices first, then odd ones, each smallest first (the faster
// order measured: docs/performance.md, "Kernels compiled at run time").
std::vector<uint32_t> pass_order(std::vector<uint32_t> radices)
{
    std::sort(radices.begin(), radices.end(), [](uint32_t a, uint32_t b) {
        if (a % 2 != b % 2) return a % 2 == 0;
        return a < b;
    });
    return radices;
}

// The lane-major shape (compiled_stockham_shape) over candidate radix sets: the fewest register slots of the
// first budget any set's lanes fit.
StockhamShape lane_major_shape(uint32_t length, size_t element_bytes,
                               const std::vector<std::vector<uint32_t>>& radix_sets)
{
    StockhamShape shape;
    if (length < 2) return shape;
    const uint32_t element_scale = uint32_t(element_bytes / 8); // 1 single, 2 double
    const auto shared_bytes = [&](const std::vector<uint32_t>& radices) {
        return resident_slot_bytes(radices.size(), kernels::slot_elements(length, runtime_pad_period(radices)),
                                   element_bytes);
    };
    const std::vector<uint32_t>* chosen = nullptr;
    LaneChoice best;
    for (const LaneBudget& budget : kLaneBudgets) {
        for (const std::vector<uint32_t>& radices : radix_sets) {
            const size_t bytes = shared_bytes(radices);
            const LaneChoice choice =
                fewest_slot_lanes(length, radices, budget.single_elements / element_scale, budget.most_lanes,
                                  [&](uint32_t lanes, uint32_t elements) -> std::optional<double> {
                                      return register_slot_cost(lanes, elements, bytes);
                                  });
            if (choice.lanes != 0 && (best.lanes == 0 || choice.cost < best.cost)) {
                best = choice;
                chosen = &radices;
            }
        }
        if (best.lanes != 0) break;
    }
    if (best.lanes == 0) return shape;
    shape.radices = *chosen;
    shape.fixed_length = true; // one slot a transform, elements in registers across passes
    shape.threads_per_transform = best.lanes;
    pad_for_fewest_wavefronts(shape, length, element_bytes);
    if (best.lanes > kernels::kMaxThreadsPerBlock) shape.max_tiled_threads = kernels::kMaxWideThreadsPerBlock;
    return shape;
}

// The candidates of a lane-major kernel. Every pass reads and writes the whole transform in shared memory, so
// where the radices only compiled kernels take (kernels/radices.h) save a pass, the radix sets of the fewest
// passes whose radices fit a lane's largest budget, in pass_order; otherwise the runtime-radix kernel's radices,
// as fast as composite sets of as many passes (docs/performance.md, "Kernels compiled at run time"). Lengths of
// one composite butterfly (at most 32) keep their two passes: a whole transform in one lane is not measured yet.
// Lengths with a prime factor of 17-31 have only the compiled-only sets.
std::vector<std::vector<uint32_t>> lane_major_radix_sets(uint32_t length, size_t element_bytes)
{
    const std::optional<std::vector<uint32_t>> radices = choose_radices(length);
    std::vector<std::vector<uint32_t>> sets =
        fewest_pass_radix_sets(length, kMostSingleElements / uint32_t(element_bytes / 8));
    if (radices && (sets.empty() || sets.front().size() < 2 || sets.front().size() >= radices->size()))
        return {*radices};
    for (std::vector<uint32_t>& set : sets) set = pass_order(std::move(set));
    return sets;
}

// The tile-major shape (compiled_stockham_shape): the widest tile first, and for it the fewest register slots
// (warps' threads x elements, a transform) within the first lane budget whose lanes fit the tile into a block's
// threads and registers.
StockhamShape tile_major_shape(uint32_t length, size_t element_bytes, size_t shared_memory_per_block)
{
    // The runtime-radix kernel's radices: composite ones serve lane-major kernels only so far.
    const std::optional<std::vector<uint32_t>> radices = choose_radices(length);
    if (!radices) return {};
    StockhamShape shape = lane_major_shape(length, element_bytes, {*radices});
    if (shape.radices.empty()) return shape;
    const uint32_t element_scale = uint32_t(element_bytes / 8);
    for (uint32_t tile = uint32_t(128 / element_bytes); tile >= 1; tile /= 2) {
        if (tile * shape.shared_bytes_per_transform > shared_memory_per_block) continue;
        // The tile's threads in whole warps, a transform's share of them; lanes whose block the registers do not
        // hold do not fit.
        const auto tile_slot_cost = [&](uint32_t lanes, uint32_t elements) -> std::optional<double> {
            const uint32_t threads = tile * lanes;
            if (threads * lane_registers(elements, element_bytes) > kRegistersPerSm) return std::nullopt;
            return double((threads + kWarpLanes - 1) / kWarpLanes * kWarpLanes) * elements / tile;
        };
        for (const LaneBudget& budget : kLaneBudgets) {
            const uint32_t best_lanes =
                fewest_slot_lanes(length, shape.radices, budget.single_elements / element_scale,
                                  kernels::kMaxWideThreadsPerBlock / tile, tile_slot_cost)
                    .lanes;
            if (best_lanes == 0) continue;
            shape.threads_per_transform = best_lanes;
            set_padding(shape, length, element_bytes,
                        kernels::tile_major_pad_period(length, best_lanes, runtime_pad_period(shape.radices)));
            shape.max_tiled_threads = (tile * best_lanes + kWarpLanes - 1) / kWarpLanes * kWarpLanes;
            return shape;
        }
    }
    return {};
}

} // namespace

uint32_t split_butterfly_lanes(uint32_t length, size_t element_bytes)
{
    // Split over lanes, the primes without a butterfly of their own beat Rader's kernel up to 61 in single
    // precision and 53 in double; beyond, Rader's kernel is faster (docs/performance.md, "Large prime butterflies
    // split over lanes").
    const uint32_t longest_split_only_prime = element_bytes > 8 ? 53 : 61;
    bool large_prime = false;
#define RIFT_IS_LARGE_PRIME(R) large_prime = large_prime || length == R;
    RIFT_FOR_EACH_LARGE_PRIME_RADIX(RIFT_IS_LARGE_PRIME)
#undef RIFT_IS_LARGE_PRIME
#define RIFT_IS_SPLIT_ONLY_PRIME(R) large_prime = large_prime || (length == R && R <= longest_split_only_prime);
    RIFT_FOR_EACH_SPLIT_ONLY_PRIME(RIFT_IS_SPLIT_ONLY_PRIME)
#undef RIFT_IS_SPLIT_ONLY_PRIME
    // A single-precision lane holds the butterfly and its outputs in up to 96 registers.
    constexpr uint32_t kOneLaneRegisters = 96;
    if (!large_prime || 2 * length * uint32_t(element_bytes) / 4 <= kOneLaneRegisters) return 0;
    // Lanes x element bytes a sector measured best; more where a lane would keep the sums of over 8 pairs.
    constexpr uint32_t kMostPairs = 8;
    const uint32_t pairs = (length - 1) / 2;
    return std::max(kernels::kSectorBytes / uint32_t(element_bytes), (pairs + kMostPairs - 1) / kMostPairs);
}

bool splits_butterfly(const StockhamShape& shape)
{
    return shape.radices.size() == 1 && shape.threads_per_transform > 1;
}

RealRowInput real_row_input(kernels::RealToRealKind kind, uint32_t length)
{
    using kernels::RealToRealKind;
    if (kind == RealToRealKind::dct2 || kind == RealToRealKind::dst2) return RealRowInput::reordered;
    if (kind == RealToRealKind::dct4 || kind == RealToRealKind::dst4) return RealRowInput::dct4_pairs;
    return kind == RealToRealKind::dct3 && length % 2 == 0 ? RealRowInput::dct3_quads : RealRowInput::items;
}

bool stages_real_to_real_row_spans(uint32_t length, size_t element_bytes, RealRowInput input)
{
    // The most lanes a transform has where staging its rows pays, by precision and by how the input reaches the
    // DFT where the rows are not staged: short transforms share a warp, whose lanes' own accesses scatter over the
    // sectors; longer ones already move whole runs (the more so where their input goes as quads or pairs), and lose
    // to the rows' extra shared memory and barrier (A/B in docs/performance.md, "Real-to-real rows"). A reordered
    // input stages its output alone: DCT-II's output map writes four scattered reals an item, its input goes in
    // pairs or quads. Catalogue lengths too (their kernels then give way to compiled ones), but for those whose own
    // kernel measured faster (same section).
    struct MostLanes {
        size_t element_bytes;
        uint32_t lanes[4]; // by RealRowInput
    };
    constexpr MostLanes kMostLanes[] = {{8, {10, 4, 11, 64}}, {16, {3, 3, 3, 3}}};
    struct CatalogueKernelKept {
        size_t element_bytes;
        RealRowInput input;
        uint32_t length;
    };
    constexpr CatalogueKernelKept kCatalogueKernelsKept[] = {
        {8, RealRowInput::dct4_pairs, 8}, {8, RealRowInput::dct4_pairs, 64}, {8, RealRowInput::dct4_pairs, 100}};
    for (const CatalogueKernelKept& kept : kCatalogueKernelsKept)
        if (kept.element_bytes == element_bytes && kept.input == input && kept.length == length) return false;
    // The lanes of the kernel that would run the rows unstaged (a reordered input's keeps a catalogue length's).
    const KernelData data = input == RealRowInput::reordered ? KernelData::reordered_input : KernelData::real;
    const StockhamShape shape = compiled_kernel_shape(length, data, element_bytes, BlockLayout::lane_major, SIZE_MAX);
    if (shape.radices.empty()) return false;
    for (const MostLanes& most : kMostLanes)
        if (most.element_bytes == element_bytes) return shape.threads_per_transform <= most.lanes[size_t(input)];
    return false;
}

bool stages_row_spans(uint32_t length, size_t element_bytes)
{
    const StockhamShape shape = compiled_stockham_shape(length, element_bytes);
    return !shape.radices.empty() &&
           (shape.threads_per_transform * element_bytes <= kernels::kSectorBytes || splits_butterfly(shape));
}

StockhamShape compiled_stockham_shape(uint32_t length, size_t element_bytes, BlockLayout layout,
                                      size_t shared_memory_per_block)
{
    if (layout == BlockLayout::tile_major) return tile_major_shape(length, element_bytes, shared_memory_per_block);
    if (const uint32_t lanes = split_butterfly_lanes(length, element_bytes); lanes > 1) {
        StockhamShape shape;
        shape.radices = {length};
        shape.fixed_length = true;
        shape.threads_per_transform = lanes;
        shape.slot_elements = kernels::slot_elements(length, 0);
        return shape;
    }
    StockhamShape shape = lane_major_shape(length, element_bytes, lane_major_radix_sets(length, element_bytes));
    if (layout == BlockLayout::prefetched && !shape.radices.empty())
        shape.shared_bytes_per_transform =
            kernels::prefetch_layout(length, shape.pad_period, uint32_t(element_bytes)).shared_bytes;
    return shape;
}

uint32_t tiled_transforms_per_block(const StockhamShape& shape, size_t element_bytes, size_t tile_axis_count,
                                    size_t shared_memory_per_block)
{
    uint32_t count = uint32_t(128 / element_bytes);
    while (count > 1 && (size_t(count) * shape.threads_per_transform > shape.max_tiled_threads ||
                         count * shape.shared_bytes_per_transform > shared_memory_per_block ||
                         count / 2 >= tile_axis_count))
        count /= 2;
    return count;
}

// Wider tiles in blocks of more threads ran slower than the complex tile (docs/performance.md, "Real-to-real
// columns").
constexpr uint32_t kMostWideRealColumnThreads = 128;

uint32_t real_columns_per_block(const StockhamShape& shape, size_t element_bytes, size_t tile_axis_count,
                                size_t shared_memory_per_block)
{
    const size_t real_bytes = element_bytes / 2;
    const uint32_t wide = tiled_transforms_per_block(shape, real_bytes, tile_axis_count, shared_memory_per_block);
    if (size_t(wide) * shape.threads_per_transform <= kMostWideRealColumnThreads) return wide;
    return tiled_transforms_per_block(shape, element_bytes, tile_axis_count, shared_memory_per_block);
}

// A warp's shared-memory wavefront (128 bytes) covers W / T lanes of T transforms, so a slot stride of W / T
// (mod W) puts consecutive elements of all of them in distinct banks.
uint32_t tile_major_slot_elements(uint32_t slot_elements, uint32_t per_block, size_t element_bytes)
{
    const uint32_t wavefront = uint32_t(128 / element_bytes);
    const uint32_t residue = std::max<uint32_t>(1, wavefront / per_block) % wavefront;
    while (slot_elements % wavefront != residue) ++slot_elements;
    return slot_elements;
}

uint32_t transforms_per_block(const StockhamShape& shape, size_t tile_axis_count, size_t shared_memory_per_block)
{
    const uint32_t lanes = shape.threads_per_transform;
    uint32_t most = std::max<uint32_t>(1, kernels::kMaxThreadsPerBlock / lanes);
    if (shape.shared_bytes_per_transform > 0) {
        const size_t budget = std::min(std::max(kPreferredSharedBytesPerBlock, shape.shared_bytes_per_transform),
                                       shared_memory_per_block);
        most = uint32_t(std::max<size_t>(1, std::min<size_t>(most, budget / shape.shared_bytes_per_transform)));
    }
    most = uint32_t(std::max<size_t>(1, std::min<size_t>(most, tile_axis_count)));
    // A split butterfly's warps each take one lane of 32 transforms (kernels::split_butterfly_thread).
    if (splits_butterfly(shape)) return std::min(most, kWarpLanes);
    const uint32_t count = std::min(most, std::max<uint32_t>(1, kTargetThreadsPerBlock / lanes));
    // Lanes that do not divide the warp leave a block's last warp partly idle (33 lanes a transform, one
    // transform a block: 31 of 64 threads). Add transforms until the warps are at least three quarters busy,
    // where threads and shared memory allow.
    const auto busy = [&](uint32_t transforms) {
        const uint32_t threads = transforms * lanes;
        return 4 * threads >= 3 * ((threads + kWarpLanes - 1) / kWarpLanes * kWarpLanes);
    };
    for (uint32_t more = count; more <= most; ++more)
        if (busy(more)) return more;
    return count;
}

rift_status too_many_blocks(const StridedBatch& batch, size_t blocks)
{
    return fail(rift_status_not_implemented, "one kernel launch of this plan would run ", batch.transform_count(),
                " transforms of length ", batch.length, " in ", blocks, " blocks, more than the 2^31 - 1 a launch "
                "takes; plans this large are not implemented yet");
}

rift_status tiled_block_count(const StridedBatch& batch, uint32_t per_block, size_t& tiles, size_t& blocks)
{
    const size_t tile_axis_count = batch.dims[0].count;
    tiles = (tile_axis_count + per_block - 1) / per_block;
    blocks = tiles * (batch.transform_count() / tile_axis_count);
    if (blocks > size_t(INT_MAX)) return too_many_blocks(batch, blocks);
    return rift_status_success;
}

void set_layout(kernels::StockhamArgs& args, const StridedBatch& batch)
{
    args.input_offset = batch.input_offset;
    args.input_stride = batch.input_stride;
    args.output_offset = batch.output_offset;
    args.output_stride = batch.output_stride;
    uint32_t group_bits = 0;
    for (size_t group = batch.output_group; group > 1; group /= 2) ++group_bits;
    args.output_group_bits = group_bits;
    args.output_group_stride = group_bits > 0 ? batch.output_group_stride : 0;
    args.dim_count = uint32_t(batch.dims.size());
    std::copy(batch.dims.begin(), batch.dims.end(), args.dims);
}

void set_pass_shape(kernels::StockhamArgs& args, const StockhamShape& shape, uint32_t per_block)
{
    args.pass_count = uint32_t(shape.radices.size());
    args.threads_per_transform = shape.threads_per_transform;
    args.transforms_per_block = per_block;
    args.slot_elements = shape.slot_elements;
    args.pad_period = shape.pad_period;
    args.packed_radices = 0;
    for (size_t p = 0; p < shape.radices.size(); ++p) args.packed_radices |= uint64_t(shape.radices[p]) << (8 * p);
}

} // namespace rift
