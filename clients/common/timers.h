// Timing of repeated work: between two events on a stream for GPU work, on the host's steady clock for work that
// finishes before it returns (rift's host executor, memcpy).
#pragma once

#include <functional>
#include <vector>

#include "library/platform/hip_api.h"

namespace rift::client {

struct TimingStats {
    double median_ms = 0;
    double min_ms = 0;
    int runs = 0;
};

// Median and minimum of the samples (the median of an even count is the mean of the middle two).
TimingStats summarize(std::vector<double> samples_ms);

class Timer {
public:
    virtual ~Timer() = default;
    // Runs `work` once and returns how long what it submitted took, in milliseconds; returns once it is done.
    virtual double time_ms(const std::function<void()>& work) = 0;
};

// Records an event before and after the work on the stream, so only the GPU time between them counts, not the
// host's launch overhead (unless the GPU is starved by it, as with tiny transforms).
class EventTimer final : public Timer {
public:
    explicit EventTimer(hipStream_t stream);
    ~EventTimer() override;
    EventTimer(const EventTimer&) = delete;
    EventTimer& operator=(const EventTimer&) = delete;

    double time_ms(const std::function<void()>& work) override;

private:
    hipStream_t stream_;
    hipEvent_t start_ = nullptr;
    hipEvent_t stop_ = nullptr;
};

class HostTimer final : public Timer {
public:
    double time_ms(const std::function<void()>& work) override;
};

// Warm-up calls first (first launches pay for module loading, caches and clocks), then `runs` calls each timed
// on its own.
TimingStats time_runs(Timer& timer, const std::function<void()>& work, int warmups, int runs);

// Average time of one call when `count` calls are submitted back to back and timed as one: what a stream of small
// transforms costs when launches overlap, as opposed to one transform waited on alone.
double time_back_to_back_ms(Timer& timer, const std::function<void()>& work, int count);

} // namespace rift::client
