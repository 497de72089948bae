// The shared-memory banks a register-resident Stockham kernel's passes meet in its slot, and the slot padding
// that spreads them best. Shared memory serves a warp's access in wavefronts of 128 bytes (32 banks of 4 bytes);
// elements of one wavefront that fall in the same bank at different addresses take a wavefront each. Whether the
// strided stores and loads of the passes (kernels/stockham_pass.h) meet depends on the radices, the lanes and the
// padding together, so the planner counts them for each padding it may choose rather than applying a rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace rift {

// Wavefronts of the slot accesses of the passes of a lane-major kernel (lanes a transform, butterflies lane,
// lane + lanes, ... of each pass; transforms side by side in the block's threads), for slot padding `pad_period`
// (kernels::padded_index): the stores of every pass and the loads of all but the first, over a sample of the
// block's warps. Only ratios between paddings of one shape mean anything.
uint64_t slot_wavefronts(uint32_t length, const std::vector<uint32_t>& radices, uint32_t lanes,
                         size_t element_bytes, uint32_t pad_period);

// The padding of a lane-major compiled kernel's slot: of no padding and one element every 8, 16, 32 or 64, the
// one with the fewest wavefronts, unless `preferred` comes within a few per cent of it.
uint32_t fewest_wavefront_pad_period(uint32_t length, const std::vector<uint32_t>& radices, uint32_t lanes,
                                     size_t element_bytes, uint32_t preferred);

} // namespace rift
