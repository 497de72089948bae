// How the Stockham kernel lays transforms out in shared memory; the planner sizes launches with the same rules.
#pragma once

#include <cstdint>

#include "kernels/host_device.h"

namespace rift::kernels {

// Blocks stay at or below this size so the compiler may give the radix-16 butterflies 128 registers a thread.
inline constexpr uint32_t kMaxThreadsPerBlock = 512;

// One element of padding every 16 spreads the stride-R writes of the early passes over the memory banks.
RIFT_HOST_DEVICE constexpr uint32_t padded_index(uint32_t i) { return i + (i >> 4); }
RIFT_HOST_DEVICE constexpr uint32_t padded_size(uint32_t length) { return padded_index(length - 1) + 1; }

// One padded slot per transform, two when a middle pass needs somewhere to write; none for one pass.
RIFT_HOST_DEVICE constexpr uint32_t stockham_scratch_slots(uint32_t pass_count)
{
    return pass_count <= 1 ? 0 : (pass_count == 2 ? 1 : 2);
}

} // namespace rift::kernels
