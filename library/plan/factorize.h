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

// Every multiset of radices (largest first) whose product is `length` with as few passes as any, drawn from the
// runtime-radix kernel's radices and those only compiled kernels take (kernels/radices.h) up to `largest_radix`: the candidates
// of a kernel compiled for the length. Empty when the length has a prime factor no butterfly covers.
std::vector<std::vector<uint32_t>> fewest_pass_radix_sets(uint64_t length, uint32_t largest_radix);

// The size of those sets (their passes) without listing them; 0 where there are none.
size_t fewest_pass_count(uint64_t length, uint32_t largest_radix);

struct LengthPasses {
    uint64_t length;
    size_t passes; // fewest_pass_count(length, largest_radix)
};
// The lengths from `first` to `last` whose prime factors are at most 13 and that some radices up to
// `largest_radix` make, ascending, with their fewest pass counts: all of them in one sweep, each length's count
// from those of its quotients by the radices.
std::vector<LengthPasses> smooth_lengths_with_pass_counts(uint64_t first, uint64_t last, uint32_t largest_radix);

} // namespace rift
