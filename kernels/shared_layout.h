// How the Stockham kernel lays transforms out in shared memory; the planner sizes launches with the same rules.
#pragma once

#include <cstdint>

#include "kernels/host_device.h"

namespace rift::kernels {

// Blocks stay at or below this size so the compiler may give a thread up to 128 registers.
inline constexpr uint32_t kMaxThreadsPerBlock = 512;

// Slots get one element of padding every `period` elements, so that a pass writing at an even stride R (the
// first pass writes element j*R + r from lane j) spreads over the memory banks. Odd strides already spread, and
// padding would only undo that, so slots of odd-radix plans are not padded (period 0).
RIFT_HOST_DEVICE constexpr uint32_t padded_index(uint32_t i, uint32_t period)
{
    return period == 0 ? i : (period == 16 ? i + (i >> 4) : i + i / period);
}
RIFT_HOST_DEVICE constexpr uint32_t slot_elements(uint32_t length, uint32_t period)
{
    return padded_index(length - 1, period) + 1;
}

// Padded slots a transform needs: none when a single pass goes from global memory to global memory; for the
// runtime-radix kernel one more when a middle pass needs somewhere to write; the fixed-length kernels keep their
// elements in registers across passes and need one.
RIFT_HOST_DEVICE constexpr uint32_t stockham_scratch_slots(uint32_t pass_count, bool fixed_length)
{
    return pass_count <= 1 ? 0 : (pass_count == 2 || fixed_length ? 1 : 2);
}

} // namespace rift::kernels
