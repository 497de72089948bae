#include "library/plan/slot_banks.h"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>

#include "kernels/shared_layout.h"

namespace rift {

namespace {

constexpr uint32_t kWarpThreads = 32;
constexpr uint32_t kBanks = 32;
constexpr uint32_t kBankBytes = 4;
constexpr uint32_t kWavefrontBytes = kBanks * kBankBytes;
// Warps sampled a pass: the passes treat every warp alike but for where its lanes fall, so a few spread over the
// transform stand for all of them and keep the count cheap enough for every plan.
constexpr uint32_t kSampledWarps = 4;
constexpr uint32_t kSampledElements = 8; // of a butterfly's
constexpr uint32_t kIdle = UINT32_MAX;

// Wavefronts of one warp access: `elements` holds each thread's slot element (kIdle: no access). A wavefront
// serves a group of threads whose elements fill 128 bytes; elements whose addresses differ by a multiple of 128
// bytes share banks, so a group takes as many wavefronts as the most distinct elements that share them.
uint64_t access_wavefronts(const std::array<uint32_t, kWarpThreads>& elements, size_t element_bytes)
{
    const uint32_t group = uint32_t(kWavefrontBytes / element_bytes); // threads a wavefront serves at best
    uint64_t wavefronts = 0;
    for (uint32_t first = 0; first < kWarpThreads; first += group) {
        std::array<std::array<uint32_t, kWarpThreads>, kWarpThreads> in_bank; // each bank group's elements
        std::array<uint32_t, kWarpThreads> counts{};
        uint32_t most = 0;
        for (uint32_t thread = first; thread < first + group; ++thread) {
            const uint32_t element = elements[thread];
            if (element == kIdle) continue;
            const uint32_t bank = element & (group - 1); // group: 8 or 16
            auto& seen = in_bank[bank];
            if (std::find(seen.begin(), seen.begin() + counts[bank], element) != seen.begin() + counts[bank]) continue;
            seen[counts[bank]++] = element;
            most = std::max(most, counts[bank]);
        }
        wavefronts += most;
    }
    return wavefronts;
}

// Index s of `sampled` indices spread evenly over [0, count), the first and the last among them.
uint32_t sampled_index(uint32_t s, uint32_t sampled, uint32_t count)
{
    return sampled == 1 ? 0 : s * (count - 1) / (sampled - 1);
}

} // namespace

uint64_t slot_wavefronts(uint32_t length, const std::vector<uint32_t>& radices, uint32_t lanes,
                         size_t element_bytes, uint32_t pad_period)
{
    if (lanes == 0 || radices.empty()) return 0;
    // Transforms side by side in a block's threads: whole warps of them where a transform is shorter than a warp.
    const uint32_t transforms = lanes >= kWarpThreads ? 1 : (kWarpThreads + lanes - 1) / lanes;
    const uint32_t threads = transforms * lanes;
    const uint32_t warps = lanes >= kWarpThreads ? (lanes + kWarpThreads - 1) / kWarpThreads : threads / kWarpThreads;
    const uint32_t sampled = std::min(warps, kSampledWarps);
    const uint32_t slot = kernels::slot_elements(length, pad_period);
    // kernels::padded_index, with a shift where the period is a power of two (the candidates are).
    uint32_t period_bits = 0;
    while (pad_period > 1 && (1u << period_bits) < pad_period) ++period_bits;
    const bool shifted = pad_period > 1 && (1u << period_bits) == pad_period;
    const auto padded = [&](uint32_t i) {
        return shifted ? i + (i >> period_bits) : kernels::padded_index(i, pad_period);
    };
    uint64_t wavefronts = 0;
    uint32_t span = 1;
    for (size_t p = 0; p < radices.size(); ++p) {
        const uint32_t radix = radices[p];
        const uint32_t count = length / radix;
        const uint32_t per_lane = (count + lanes - 1) / lanes;
        const uint32_t sampled_radix = std::min(radix, kSampledElements);
        for (uint32_t s = 0; s < sampled; ++s) {
            const uint32_t warp = sampled_index(s, sampled, warps);
            for (uint32_t b = 0; b < per_lane; ++b) {
                // Each thread's transform, butterfly and the first elements it stores and loads (kIdle: none).
                std::array<uint32_t, kWarpThreads> slot_base, first_store, first_load;
                for (uint32_t i = 0; i < kWarpThreads; ++i) {
                    const uint32_t thread = warp * kWarpThreads + i;
                    const uint32_t j = thread % lanes + b * lanes;
                    first_store[i] = kIdle;
                    if (thread >= threads || j >= count) continue;
                    const uint32_t k = j % span;
                    slot_base[i] = thread / lanes * slot;
                    first_store[i] = (j - k) * radix + k;
                    first_load[i] = j;
                }
                for (uint32_t e = 0; e < sampled_radix; ++e) {
                    const uint32_t r = sampled_index(e, sampled_radix, radix);
                    std::array<uint32_t, kWarpThreads> stores, loads;
                    for (uint32_t i = 0; i < kWarpThreads; ++i) {
                        const bool idle = first_store[i] == kIdle;
                        stores[i] = idle ? kIdle : slot_base[i] + padded(first_store[i] + r * span);
                        loads[i] = idle ? kIdle : slot_base[i] + padded(first_load[i] + r * count);
                    }
                    wavefronts += access_wavefronts(stores, element_bytes);
                    if (p > 0) wavefronts += access_wavefronts(loads, element_bytes); // the first reads its input
                }
            }
        }
        span *= radix;
    }
    return wavefronts;
}

uint32_t fewest_wavefront_pad_period(uint32_t length, const std::vector<uint32_t>& radices, uint32_t lanes,
                                     size_t element_bytes, uint32_t preferred)
{
    // Plans ask for a shape several times; the count is kept for each.
    static std::mutex mutex;
    static std::map<std::vector<uint32_t>, uint32_t> chosen;
    std::vector<uint32_t> key = {length, lanes, uint32_t(element_bytes), preferred};
    key.insert(key.end(), radices.begin(), radices.end());
    {
        const std::lock_guard<std::mutex> lock(mutex);
        if (const auto found = chosen.find(key); found != chosen.end()) return found->second;
    }
    // A rival must save this share of the preferred padding's wavefronts: counts within it are noise of the
    // sample and of the model, not a measured gain.
    constexpr double kRequiredSaving = 0.05;
    const uint64_t preferred_count = slot_wavefronts(length, radices, lanes, element_bytes, preferred);
    uint32_t best = preferred;
    uint64_t best_count = preferred_count;
    for (const uint32_t period : {0u, 8u, 16u, 32u, 64u}) {
        if (period == preferred) continue;
        const uint64_t count = slot_wavefronts(length, radices, lanes, element_bytes, period);
        if (count < best_count) best = period, best_count = count;
    }
    const uint32_t period = double(best_count) <= (1 - kRequiredSaving) * double(preferred_count) ? best : preferred;
    const std::lock_guard<std::mutex> lock(mutex);
    chosen.emplace(std::move(key), period);
    return period;
}

} // namespace rift
