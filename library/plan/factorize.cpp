#include "library/plan/factorize.h"

#include <algorithm>

#include "kernels/radices.h"

namespace rift {

namespace {

// Whether `length` is a product of at most `factors` candidates from `first` on (descending).
bool splits_into(uint64_t length, int factors, const std::vector<uint32_t>& candidates, size_t first)
{
    if (length == 1) return true;
    if (factors == 0 || first == candidates.size()) return false;
    uint64_t most = 1; // the largest product of `factors` candidates from `first` on
    for (int f = 0; f < factors && most < length; ++f) most *= candidates[first];
    if (most < length) return false;
    for (size_t i = first; i < candidates.size(); ++i)
        if (length % candidates[i] == 0 && splits_into(length / candidates[i], factors - 1, candidates, i)) return true;
    return false;
}

// Every multiset of `factors` candidates (descending) whose product is the length, each visited once: factors
// are taken in non-increasing order, so each set lists its radices largest first.
struct FactorSets {
    std::vector<uint32_t> candidates;
    size_t factors = 0;
    std::vector<uint32_t> current;
    std::vector<std::vector<uint32_t>> found;

    void extend(uint64_t remaining, size_t first_candidate)
    {
        if (remaining == 1) {
            if (current.size() == factors) found.push_back(current);
            return;
        }
        if (current.size() == factors) return;
        for (size_t i = first_candidate; i < candidates.size(); ++i) {
            if (remaining % candidates[i] != 0 || !splits_into(remaining, int(factors - current.size()), candidates, i))
                continue;
            current.push_back(candidates[i]);
            extend(remaining / candidates[i], i);
            current.pop_back();
        }
    }
};

std::vector<uint32_t> compiled_radix_candidates(uint32_t largest_radix)
{
    std::vector<uint32_t> candidates;
    for (int radix : kernels::kRadices)
        if (radix > 1 && uint32_t(radix) <= largest_radix) candidates.push_back(uint32_t(radix));
    for (int radix : kernels::kCompiledOnlyRadices)
        if (uint32_t(radix) <= largest_radix) candidates.push_back(uint32_t(radix));
    std::sort(candidates.rbegin(), candidates.rend());
    return candidates;
}

// The fewest factors from `candidates` (descending) whose product is `length`; 0 where there are none.
size_t fewest_factor_count(uint64_t length, const std::vector<uint32_t>& candidates)
{
    if (length < 2 || candidates.empty()) return 0;
    // A length of 2^64 at most takes 64 factors of 2 or more.
    for (int factors = 1; factors <= 64; ++factors)
        if (splits_into(length, factors, candidates, 0)) return size_t(factors);
    return 0;
}

std::vector<std::vector<uint32_t>> fewest_factor_sets(uint64_t length, std::vector<uint32_t> candidates)
{
    std::sort(candidates.rbegin(), candidates.rend());
    FactorSets search;
    search.factors = fewest_factor_count(length, candidates);
    if (search.factors == 0) return {};
    search.candidates = std::move(candidates);
    search.extend(length, 0);
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
    return fewest_factor_sets(length, compiled_radix_candidates(largest_radix));
}

size_t fewest_pass_count(uint64_t length, uint32_t largest_radix)
{
    return fewest_factor_count(length, compiled_radix_candidates(largest_radix));
}

} // namespace rift
