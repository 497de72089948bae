#include "library/plan/factorize.h"

#include <algorithm>

#include "kernels/radices.h"

namespace rift {

namespace {

struct Search {
    std::vector<uint32_t> candidates; // descending, without 1
    std::vector<uint32_t> current;
    std::optional<std::vector<uint32_t>> best;

    static bool better(const std::vector<uint32_t>& a, const std::vector<uint32_t>& b)
    {
        if (a.size() != b.size()) return a.size() < b.size();
        if (a.back() != b.back()) return a.back() > b.back();
        return a > b;
    }

    // Radices are taken in non-increasing order, so each multiset is visited once.
    void extend(uint64_t remaining, size_t first_candidate)
    {
        if (remaining == 1) {
            if (!best || better(current, *best)) best = current;
            return;
        }
        if (best && current.size() + 1 > best->size()) return;
        for (size_t i = first_candidate; i < candidates.size(); ++i) {
            if (remaining % candidates[i] != 0) continue;
            current.push_back(candidates[i]);
            extend(remaining / candidates[i], i);
            current.pop_back();
        }
    }
};

// Every multiset of the candidates with the fewest factors, each visited once (non-increasing order).
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

} // namespace

std::optional<std::vector<uint32_t>> choose_radices(uint64_t length)
{
    if (length == 1) return std::vector<uint32_t>{1};
    Search search;
    for (int radix : kernels::kRadices)
        if (radix > 1) search.candidates.push_back(uint32_t(radix));
    std::sort(search.candidates.rbegin(), search.candidates.rend());
    search.extend(length, 0);
    return search.best;
}

std::vector<std::vector<uint32_t>> fewest_pass_radix_sets(uint64_t length, uint32_t largest_radix)
{
    FewestFactors search;
    for (int radix : kernels::kRadices)
        if (radix > 1 && uint32_t(radix) <= largest_radix) search.candidates.push_back(uint32_t(radix));
    for (int radix : kernels::kCompositeRadices)
        if (uint32_t(radix) <= largest_radix) search.candidates.push_back(uint32_t(radix));
    std::sort(search.candidates.rbegin(), search.candidates.rend());
    if (length > 1) search.extend(length, 0);
    return search.found;
}

} // namespace rift
