// How a one-block Stockham transform of a given length is shaped: its passes, lanes, shared-memory slot, and how
// many transforms share a block. The Stockham and Bluestein nodes size their launches with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "kernels/shared_layout.h"

namespace rift {

struct StockhamShape {
    std::vector<uint32_t> radices; // empty: a prime factor without a butterfly
    bool fixed_length = false;
    uint32_t pad_period = 0;
    uint32_t threads_per_transform = 0;
    uint32_t slot_elements = 0;
    size_t shared_bytes_per_transform = 0;
    uint32_t max_tiled_threads = kernels::kMaxThreadsPerBlock; // a block of a tiled launch
};

StockhamShape stockham_shape(uint32_t length, size_t element_bytes);

// Transforms per block of a lane-major launch: about kTargetThreadsPerBlock threads, within the shared-memory
// budget and the transforms along the tiled axis.
uint32_t transforms_per_block(const StockhamShape& shape, size_t tile_axis_count, size_t shared_memory_per_block);

// The lengths of kernels/fixed_lengths.h, the fastest ones, in the order listed there.
const std::vector<uint32_t>& fixed_kernel_lengths();

} // namespace rift
