#include "library/platform/allocation_faults.h"

#include <atomic>

namespace rift {

namespace {
// Allocations left before the injected failure; negative when disarmed.
std::atomic<long> allocations_before_failure{-1};
} // namespace

void fail_allocation_after(long allocations) { allocations_before_failure = allocations < 0 ? -1 : allocations; }

bool allocation_failure_pending() { return allocations_before_failure.load() >= 0; }

bool allocation_fails_now()
{
    long left = allocations_before_failure.load(std::memory_order_relaxed);
    // Disarmed is the common case: one relaxed load, no write.
    while (left >= 0) {
        if (allocations_before_failure.compare_exchange_weak(left, left - 1)) return left == 0;
    }
    return false;
}

} // namespace rift
