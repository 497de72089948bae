#include "library/plan/stockham_shape.h"

#include <algorithm>
#include <climits>

#include "kernels/fixed_lengths.h"
#include "library/api/error.h"
#include "library/plan/factorize.h"

namespace rift {

namespace {

// Small blocks: many blocks per SM overlap one block's loads with another's passes, and a barrier waits for
// fewer warps. Measured on an H200 with targets of 64 to 512 threads: 64 was best or within 1 % of it for every
// length of the benchmark suite (docs/performance.md). Blocks keep to 64 KiB of shared memory unless one
// transform needs more.
constexpr uint32_t kTargetThreadsPerBlock = 64;
constexpr size_t kPreferredSharedBytesPerBlock = 64 * 1024;

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
        const bool any_even = std::any_of(shape.radices.begin(), shape.radices.end(),
                                          [](uint32_t radix) { return radix % 2 == 0; });
        shape.pad_period = any_even ? 16 : 0;
    } else {
        return shape;
    }
    shape.slot_elements = kernels::slot_elements(length, shape.pad_period);
    shape.shared_bytes_per_transform =
        size_t(kernels::stockham_scratch_slots(uint32_t(shape.radices.size()), shape.fixed_length)) *
        shape.slot_elements * element_bytes;
    return shape;
}

std::optional<CompiledStockhamKernel> compiled_stockham_identity(uint32_t length, Precision precision,
                                                                 Direction direction)
{
    // Up to this length a lane-major block holds a handful of short transforms, and the runtime-radix kernel
    // runs them as fast or faster (docs/performance.md, "where rift is behind").
    constexpr uint32_t kLongestRuntimeRadixLength = 150;
    if (length <= kLongestRuntimeRadixLength) return std::nullopt;
    const std::vector<uint32_t>& catalogue = fixed_kernel_lengths();
    if (std::find(catalogue.begin(), catalogue.end(), length) != catalogue.end()) return std::nullopt;
    const StockhamShape shape = compiled_stockham_shape(length, complex_element_bytes(precision));
    if (shape.radices.empty()) return std::nullopt;
    CompiledStockhamKernel identity;
    identity.precision = precision;
    identity.direction = direction;
    identity.length = length;
    identity.lanes = shape.threads_per_transform;
    identity.elements = compiled_lane_elements(length, shape.radices, identity.lanes);
    identity.pad_period = shape.pad_period;
    identity.radices = shape.radices;
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

StockhamShape compiled_stockham_shape(uint32_t length, size_t element_bytes)
{
    // A lane's elements live in registers: 32 single-precision complex numbers (64 registers) is what the
    // catalogue's largest kernels hold; double precision takes twice the registers an element.
    const uint32_t max_elements = element_bytes == 8 ? 32 : 16;
    StockhamShape shape;
    const auto radices = choose_radices(length);
    if (!radices || length < 2) return shape;
    uint32_t best_lanes = 0, best_elements = 0;
    // Up to a block of kMaxThreadsPerBlock lanes, or a wide block of its own where the length needs more.
    for (uint32_t lanes = 1; lanes <= std::min<uint32_t>(length, kernels::kMaxWideThreadsPerBlock); ++lanes) {
        const uint32_t elements = compiled_lane_elements(length, *radices, lanes);
        if (elements > max_elements) continue;
        if (best_lanes != 0 && best_lanes <= kernels::kMaxThreadsPerBlock && lanes > kernels::kMaxThreadsPerBlock)
            break;
        // Fewest register slots; among equals, the fewest lanes (more work a lane, less index arithmetic).
        if (best_lanes == 0 || uint64_t(lanes) * elements < uint64_t(best_lanes) * best_elements) {
            best_lanes = lanes;
            best_elements = elements;
        }
    }
    if (best_lanes == 0) return shape;
    shape.radices = *radices;
    shape.fixed_length = true; // one slot a transform, elements in registers across passes
    shape.threads_per_transform = best_lanes;
    const bool any_even =
        std::any_of(shape.radices.begin(), shape.radices.end(), [](uint32_t radix) { return radix % 2 == 0; });
    shape.pad_period = any_even ? 16 : 0;
    shape.slot_elements = kernels::slot_elements(length, shape.pad_period);
    shape.shared_bytes_per_transform =
        size_t(kernels::stockham_scratch_slots(uint32_t(shape.radices.size()), true)) * shape.slot_elements *
        element_bytes;
    if (best_lanes > kernels::kMaxThreadsPerBlock) shape.max_tiled_threads = kernels::kMaxWideThreadsPerBlock;
    return shape;
}

uint32_t transforms_per_block(const StockhamShape& shape, size_t tile_axis_count, size_t shared_memory_per_block)
{
    uint32_t count = std::max<uint32_t>(1, kTargetThreadsPerBlock / shape.threads_per_transform);
    count = std::min<uint32_t>(count, kernels::kMaxThreadsPerBlock / shape.threads_per_transform);
    if (shape.shared_bytes_per_transform > 0) {
        const size_t budget = std::min(std::max(kPreferredSharedBytesPerBlock, shape.shared_bytes_per_transform),
                                       shared_memory_per_block);
        count = uint32_t(std::min<size_t>(count, budget / shape.shared_bytes_per_transform));
    }
    return uint32_t(std::max<size_t>(1, std::min<size_t>(count, tile_axis_count)));
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
