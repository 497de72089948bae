// A test hook that makes one allocation fail on purpose. Tests walk every allocation a plan's creation and
// execution make (tables, work buffers, device copies), failing each in turn, and check that each failure comes
// back as rift_status_out_of_memory with everything made so far freed. Internal: not in the public API.
#pragma once

#include <cstddef>
#include <new>
#include <vector>

namespace rift {

// After `allocations` more allocations succeed, the next one fails, once; a negative count disarms the hook (the
// default). Process-wide: tests that arm it run alone.
void fail_allocation_after(long allocations);
// True while an armed failure has not happened yet (fewer allocations were made than the count allowed).
bool allocation_failure_pending();

// Asked by every device allocation and every large host allocation of tables and work buffers, just before it
// is made: true when this one is to fail.
bool allocation_fails_now();

// Device allocations rift holds right now (tables, work buffers, temporaries), so tests can see that a failed
// plan creation, or a destroyed plan, left none behind. Counted in device.cpp, where they are made.
size_t live_device_allocations();

// `count` value-initialised elements of host memory for a table or a work buffer, through the hook: throws
// std::bad_alloc when the hook fails it, as a real allocation failure would (the C API turns either into
// rift_status_out_of_memory).
template <class Element>
std::vector<Element> host_buffer(size_t count)
{
    if (allocation_fails_now()) throw std::bad_alloc();
    return std::vector<Element>(count);
}

} // namespace rift
