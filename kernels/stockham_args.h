// Everything one launch of the LDS-resident Stockham kernel needs, passed by value. The planner fills the shape,
// the executor fills the buffers; the host executor reads the same struct.
#pragma once

#include <cstdint>

#include "kernels/host_device.h"

namespace rift::kernels {

// The planner's factorizations of lengths up to 2^16 take at most 7 passes.
inline constexpr int kMaxPasses = 8;

struct StockhamArgs {
    const void* twiddles = nullptr; // pass twiddle tables, in the plan's precision
    const void* input = nullptr;
    void* output = nullptr;
    uint64_t batch = 0;
    uint64_t input_offset = 0; // all in elements
    uint64_t input_stride = 0;
    uint64_t input_distance = 0;
    uint64_t output_offset = 0;
    uint64_t output_stride = 0;
    uint64_t output_distance = 0;
    double scale = 1.0;
    uint32_t length = 0;
    uint32_t pass_count = 0;
    uint32_t threads_per_transform = 0;
    uint32_t transforms_per_block = 0;
    uint32_t slot_elements = 0; // shared-memory elements a transform's slot takes
    uint32_t pad_period = 0;    // slot padding, see shared_layout.h
    // Radix of pass p in byte p: a packed word, because a kernel parameter array indexed by the pass number would
    // be copied to slow local memory.
    uint64_t packed_radices = 0;

    RIFT_HOST_DEVICE uint32_t radix(uint32_t pass) const { return uint32_t(packed_radices >> (8 * pass)) & 0xff; }
};

} // namespace rift::kernels
