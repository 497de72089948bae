// Splitting a length into the radices of the Stockham passes.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace rift {

// The radices (largest first) whose product is `length`, using the fewest passes and, among those, the most
// even split (the largest smallest radix), since idle threads in small-radix passes cost time. Empty optional
// when the length has a prime factor no butterfly covers. Length 1 gives {1}.
std::optional<std::vector<uint32_t>> choose_radices(uint64_t length);

} // namespace rift
