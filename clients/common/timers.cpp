#include "common/timers.h"

#include <algorithm>
#include <chrono>

#include "common/checks.h"

namespace rift::client {

TimingStats summarize(std::vector<double> samples_ms)
{
    TimingStats stats;
    stats.runs = static_cast<int>(samples_ms.size());
    if (samples_ms.empty()) return stats;
    std::sort(samples_ms.begin(), samples_ms.end());
    const size_t middle = samples_ms.size() / 2;
    stats.median_ms = samples_ms.size() % 2 == 1 ? samples_ms[middle]
                                                 : 0.5 * (samples_ms[middle - 1] + samples_ms[middle]);
    stats.min_ms = samples_ms.front();
    return stats;
}

EventTimer::EventTimer(hipStream_t stream) : stream_(stream)
{
    check_hip(hipEventCreate(&start_), "hipEventCreate");
    const hipError_t error = hipEventCreate(&stop_);
    if (error != hipSuccess) {
        (void)hipEventDestroy(start_);
        check_hip(error, "hipEventCreate");
    }
}

EventTimer::~EventTimer()
{
    (void)hipEventDestroy(start_);
    (void)hipEventDestroy(stop_);
}

double EventTimer::time_ms(const std::function<void()>& work)
{
    check_hip(hipEventRecord(start_, stream_), "hipEventRecord");
    work();
    check_hip(hipEventRecord(stop_, stream_), "hipEventRecord");
    check_hip(hipEventSynchronize(stop_), "hipEventSynchronize");
    float elapsed_ms = 0;
    check_hip(hipEventElapsedTime(&elapsed_ms, start_, stop_), "hipEventElapsedTime");
    return elapsed_ms;
}

double HostTimer::time_ms(const std::function<void()>& work)
{
    const auto start = std::chrono::steady_clock::now();
    work();
    const auto stop = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::milli>(stop - start).count();
}

TimingStats time_runs(Timer& timer, const std::function<void()>& work, int warmups, int runs)
{
    for (int i = 0; i < warmups; ++i) timer.time_ms(work);
    std::vector<double> samples_ms;
    samples_ms.reserve(static_cast<size_t>(std::max(runs, 0)));
    for (int i = 0; i < runs; ++i) samples_ms.push_back(timer.time_ms(work));
    return summarize(std::move(samples_ms));
}

double time_back_to_back_ms(Timer& timer, const std::function<void()>& work, int count)
{
    if (count <= 0) return 0;
    const double total_ms = timer.time_ms([&] {
        for (int i = 0; i < count; ++i) work();
    });
    return total_ms / count;
}

} // namespace rift::client
