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

std::vector<uint32_t> make_compiled_radix_candidates(uint32_t largest_radix)
{
    std::vector<uint32_t> candidates;
    for (int radix : kernels::kRadices)
        if (radix > 1 && uint32_t(radix) <= largest_radix) candidates.push_back(uint32_t(radix));
    for (int radix : kernels::kCompiledOnlyRadices)
        if (uint32_t(radix) <= largest_radix) candidates.push_back(uint32_t(radix));
    std::sort(candidates.rbegin(), candidates.rend());
    return candidates;
}

// The candidates up to each largest radix, made once: plans ask for them per length.
const std::vector<uint32_t>& compiled_radix_candidates(uint32_t largest_radix)
{
    constexpr uint32_t kLargestRadix = 64; // above every radix of kernels/radices.h
    static const std::vector<std::vector<uint32_t>> by_largest_radix = [] {
        std::vector<std::vector<uint32_t>> lists;
        for (uint32_t radix = 0; radix <= kLargestRadix; ++radix)
            lists.push_back(make_compiled_radix_candidates(radix));
        return lists;
    }();
    return by_largest_radix[std::min(largest_radix, kLargestRadix)];
}

// The fewest factors from `candidates` (descending) whose product is `length`; 0 where there are none.
size_t fewest_factor_count(uint64_t length, const std::vector<uint32_t>& candidates)
{
    if (length < 2 || candidates.empty()) return 0;
    // A prime factor that divides no candidate rules the length out before any search.
    uint64_t rest = length;
    for (uint32_t candidate : candidates)
        for (uint32_t prime = 2, left = candidate; left > 1; ++prime)
            if (left % prime == 0) {
                while (left % prime == 0) left /= prime;
                while (rest % prime == 0) rest /= prime;
            }
    if (rest != 1) return 0;
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

namespace {

// The smooth lengths to `last` as exponent tuples (e2, e3, e5, e7, e11, e13), each a cell of a dense array whose
// index grows with every exponent: a length's quotient by a radix is a cell before it, so one walk in index order
// finds every count from counts already made, with no division or search.
struct SmoothSweep {
    static constexpr uint64_t kPrimes[6] = {2, 3, 5, 7, 11, 13};
    static constexpr uint8_t kNone = 0xff;
    struct Radix {
        uint8_t exponents[6];
        size_t offset; // the cell distance between a length and its quotient by the radix
    };
    uint64_t first, last;
    size_t strides[6];
    std::vector<Radix> radices;
    std::vector<uint8_t> passes; // by cell; kNone where no radices make the length
    uint8_t exponents[6] = {};
    std::vector<LengthPasses> found;

    SmoothSweep(uint64_t first_length, uint64_t last_length, const std::vector<uint32_t>& candidates)
        : first(first_length), last(last_length)
    {
        size_t cells = 1;
        for (int p = 0; p < 6; ++p) {
            strides[p] = cells;
            size_t count = 1; // exponents 0.. while the power stays within `last`
            for (uint64_t power = kPrimes[p]; power <= last; power *= kPrimes[p]) ++count;
            cells *= count;
        }
        passes.assign(cells, kNone);
        for (uint32_t candidate : candidates) {
            Radix radix{{}, 0};
            uint64_t rest = candidate;
            for (int p = 0; p < 6; ++p)
                for (; rest % kPrimes[p] == 0; rest /= kPrimes[p]) {
                    ++radix.exponents[p];
                    radix.offset += strides[p];
                }
            if (rest == 1) radices.push_back(radix); // larger primes never divide a smooth length
        }
    }

    void walk(int p, uint64_t value, size_t cell) // the exponents of primes above p are set
    {
        for (exponents[p] = 0;; ++exponents[p]) {
            if (p > 0) {
                walk(p - 1, value, cell);
            } else {
                uint8_t fewest = value == 1 ? 0 : kNone;
                for (const Radix& radix : radices) {
                    bool divides = true;
                    for (int q = 0; q < 6 && divides; ++q) divides = radix.exponents[q] <= exponents[q];
                    if (divides && passes[cell - radix.offset] != kNone)
                        fewest = std::min<uint8_t>(fewest, uint8_t(passes[cell - radix.offset] + 1));
                }
                passes[cell] = fewest;
                if (value >= first && fewest != kNone && fewest != 0) found.push_back({value, fewest});
            }
            if (value > last / kPrimes[p]) break;
            value *= kPrimes[p];
            cell += strides[p];
        }
        exponents[p] = 0;
    }
};

} // namespace

std::vector<LengthPasses> smooth_lengths_with_pass_counts(uint64_t first, uint64_t last, uint32_t largest_radix)
{
    if (last == 0 || first > last) return {};
    SmoothSweep sweep(first, last, compiled_radix_candidates(largest_radix));
    sweep.walk(5, 1, 0);
    std::sort(sweep.found.begin(), sweep.found.end(),
              [](const LengthPasses& a, const LengthPasses& b) { return a.length < b.length; });
    return std::move(sweep.found);
}

} // namespace rift
