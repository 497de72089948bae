#include "library/plan/factorize.h"

#include <algorithm>

#include "kernels/radices.h"

namespace rift {

namespace {

// Every multiset of the candidates with the fewest factors, each visited once: factors are taken in
// non-increasing order, so each set lists its radices largest first.
struct FewestFactors {
    std::vector<uint32_t> candidates; // descending, without 1
    std::vector<uint32_t> current;
    std::vector<std::vector<uint32_t>> found;

    void extend(uint64_t remaining, size_t first_candidate)
    {
        if (remaining == 1) {
            if (!found.empty() && current.size() < found.front().size()) found.clear();
            found.push_back(current);
            return;
        }
        if (!found.empty() && current.size() + 1 > found.front().size()) return;
        for (size_t i = first_candidate; i < candidates.size(); ++i) {
            if (remaining % candidates[i] != 0) continue;
            current.push_back(candidates[i]);
            extend(remaining / candidates[i], i);
            current.pop_back();
        }
    }
};

std::vector<std::vector<uint32_t>> fewest_factor_sets(uint64_t length, std::vector<uint32_t> candidates)
{
    FewestFactors search;
    search.candidates = std::move(candidates);
    std::sort(search.candidates.rbegin(), search.candidates.rend());
    if (length > 1) search.extend(length, 0);
    return search.found;
}

} // namespace

std::optional<std::vector<uint32_t>> choose_radices(uint64_t length)
{
    if (length == 1) return std::vector<uint32_t>{1};
    std::vector<uint32_t> candidates;
    for (int radix : kernels::kRadices)
        if (radix > 1) candidates.push_back(uint32_t(radix));
    const std::vector<std::vector<uint32_t>> sets = fewest_factor_sets(length, std::move(candidates));
    if (sets.empty()) return std::nullopt;
    // The most even split: the largest smallest radix, then the lexicographically largest.
    return *std::max_element(sets.begin(), sets.end(), [](const auto& a, const auto& b) {
        if (a.back() != b.back()) return a.back() < b.back();
        return a < b;
    });
}

std::vector<std::vector<uint32_t>> fewest_pass_radix_sets(uint64_t length, uint32_t largest_radix)
{
    std::vector<uint32_t> candidates;
    for (int radix : kernels::kRadices)
        if (radix > 1 && uint32_t(radix) <= largest_radix) candidates.push_back(uint32_t(radix));
    for (int radix : kernels::kCompiledOnlyRadices)
        if (uint32_t(radix) <= largest_radix) candidates.push_back(uint32_t(radix));
    return fewest_factor_sets(length, std::move(candidates));
}

} // namespace rift
