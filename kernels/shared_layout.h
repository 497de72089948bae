// How the Stockham kernel lays transforms out in shared memory; the planner sizes launches with the same rules.
#pragma once

#include <cstdint>

#include "kernels/host_device.h"

namespace rift::kernels {

// Blocks stay at or below this size so the compiler may give a thread up to 128 registers.
inline constexpr uint32_t kMaxThreadsPerBlock = 512;
// Tiled (column) launches of the fixed lengths whose 512-thread tiles would move runs shorter than a 32-byte
// sector (4096 and 8192 single: 2 and 1 columns a block) may use blocks of this size instead, which doubles the
// runs. Those kernels get a variant of their own: the register budget of 1024-thread blocks (64) would cost the
// other launches occupancy, and lanes of more than 128 bytes would spill. Wider tiles for 512 and 1024 (runs of
// 64 to 128 bytes) are slower (docs/performance.md).
inline constexpr uint32_t kMaxWideThreadsPerBlock = 1024;
RIFT_HOST_DEVICE constexpr bool has_wide_variant(uint32_t length, uint32_t elements_per_lane, uint32_t element_bytes)
{
    const uint32_t lanes = (length + elements_per_lane - 1) / elements_per_lane;
    return elements_per_lane * element_bytes <= 128 && lanes <= kMaxWideThreadsPerBlock &&
           (kMaxThreadsPerBlock / lanes) * element_bytes < 32;
}

// Blocks an SM must be able to hold, which caps the registers the compiler gives a thread (65536 / (blocks x
// threads)), and the largest block those kernels get; 0 sets no minimum. (Not 1: ptxas then gives the fixed-length
// kernels registers enough to cost some of them a resident block.) One entry: single-precision 3125 (313 lanes,
// one transform a block) otherwise takes registers enough to leave too few warps an SM to hide latency; double
// precision would spill under the cap.
template <class Real>
RIFT_HOST_DEVICE constexpr uint32_t min_blocks_per_sm(uint32_t length)
{
    return sizeof(Real) == 4 && length == 3125 ? 4 : 0;
}
// Launches of up to kMaxThreadsPerBlock threads run whole transforms, so a length with a block minimum never
// gets more than the whole transforms that fit (313 for 3125); the others keep kMaxThreadsPerBlock.
template <class Real>
RIFT_HOST_DEVICE constexpr uint32_t narrow_block_threads(uint32_t length, uint32_t elements_per_lane)
{
    const uint32_t lanes = (length + elements_per_lane - 1) / elements_per_lane;
    return min_blocks_per_sm<Real>(length) > 0 ? kMaxThreadsPerBlock / lanes * lanes : kMaxThreadsPerBlock;
}

// Slots get one element of padding every `period` elements, so that a pass writing at an even stride R (the
// first pass writes element j*R + r from lane j) spreads over the memory banks. Odd strides already spread, and
// padding would only undo that, so slots of odd-radix plans are not padded (period 0).
// Period kSwizzledSlots pads nothing: each 16-element row of the slot is permuted instead (element c of row r
// goes to c ^ (r mod 16)), which spreads a stride-16 write over the banks as the padding would.
inline constexpr uint32_t kSwizzledSlots = 1;
RIFT_HOST_DEVICE constexpr uint32_t padded_index(uint32_t i, uint32_t period)
{
    return period == 0                ? i
           : period == kSwizzledSlots ? i ^ ((i >> 4) & 15)
           : period == 16             ? i + (i >> 4)
                                      : i + i / period;
}
// Whether padding adds the same to every index of a run at this step, so that padded_index(first) + r *
// padded_index(step) is the padded index of first + r * step.
RIFT_HOST_DEVICE constexpr bool padding_is_uniform(uint32_t step, uint32_t period)
{
    return period == 0 || (period == kSwizzledSlots ? step % 256 == 0 : step % period == 0);
}
// Tile-major slots (columns, tile_major in stockham_args.h) of transforms with at most 64 lanes are not padded.
// A full 512-thread tile puts 8 or more of its transforms in each warp, and the slot stride spreads them over the
// banks (library/plan/stockham_node.cpp), so unpadded slots meet at most twice in a bank, in first passes that
// write at a stride of 8 or 16. The padding's 1/16 more shared memory cost the 1024-point column kernel the L1
// of the smaller carveout, two blocks an SM. Longer power-of-two columns (2048 to 16384: 1 to 4 transforms a
// warp, whose strided writes would meet 8 times in a bank unpadded) swizzle their slots instead, which frees the
// padding's shared memory the same way (docs/performance.md).
RIFT_HOST_DEVICE constexpr uint32_t tile_major_pad_period(uint32_t length, uint32_t lanes, uint32_t period)
{
    if (lanes <= 64) return 0;
    const bool power_of_two = (length & (length - 1)) == 0;
    return period == 16 && power_of_two ? kSwizzledSlots : period;
}
RIFT_HOST_DEVICE constexpr uint32_t slot_elements(uint32_t length, uint32_t period)
{
    return period == kSwizzledSlots ? (length + 15) / 16 * 16 : padded_index(length - 1, period) + 1;
}

// Lane-major kernels that prefetch (stockham_kernel.h, prefetched_transforms): the slot, then the copy of the next
// transform's input (16 bytes more than the input, so that the copy can keep the input's place within 16 bytes,
// as bulk copies need), then the copy's barrier.
struct PrefetchLayout {
    uint32_t copy_offset;
    uint32_t barrier_offset;
    uint32_t shared_bytes;
};
RIFT_HOST_DEVICE constexpr PrefetchLayout prefetch_layout(uint32_t length, uint32_t period, uint32_t complex_bytes)
{
    const uint32_t copy_offset = (slot_elements(length, period) * complex_bytes + 127) / 128 * 128;
    const uint32_t barrier_offset = copy_offset + (length * complex_bytes + 31) / 16 * 16;
    return {copy_offset, barrier_offset, barrier_offset + 8};
}

// Real-to-real launches of row spans (stockham_kernel.h, StagedRows with real data) keep each transform's n reals
// in a row of shared memory after the block's slots: the rows start on a quad of reals (the planner keeps the slots
// an even number of elements) and lie an odd number of quads apart, so that the same quad of consecutive rows falls
// in different banks.
RIFT_HOST_DEVICE constexpr uint32_t real_row_stride(uint32_t reals) { return 4 * (((reals + 3) / 4) | 1); }
RIFT_HOST_DEVICE constexpr uint32_t real_rows_offset(uint32_t per_block, uint32_t slot_elements,
                                                     uint32_t complex_bytes)
{
    return per_block * slot_elements * complex_bytes;
}

// Padded slots a transform needs: none when a single pass goes from global memory to global memory; for the
// runtime-radix kernel one more when a middle pass needs somewhere to write; the fixed-length kernels keep their
// elements in registers across passes and need one.
RIFT_HOST_DEVICE constexpr uint32_t stockham_scratch_slots(uint32_t pass_count, bool fixed_length)
{
    return pass_count <= 1 ? 0 : (pass_count == 2 || fixed_length ? 1 : 2);
}

} // namespace rift::kernels
