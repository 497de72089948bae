// Launches of the plan-time table kernels (kernels/bluestein_tables.h).
#include "library/exec/table_launch.h"

#include <algorithm>

#include "kernels/bluestein_tables.h"
#include "library/core/error.h"
#include "library/platform/hip_api.h"

namespace rift {

namespace {

constexpr uint32_t kThreadsPerBlock = 256;
constexpr uint64_t kMaxBlocks = 4096; // the kernels loop over whatever more there is

dim3 grid_for(uint64_t count)
{
    return dim3(uint32_t(std::clamp<uint64_t>((count + kThreadsPerBlock - 1) / kThreadsPerBlock, 1, kMaxBlocks)));
}

rift_status launched(const char* what)
{
    const hipError_t error = hipGetLastError();
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", what, " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace

rift_status launch_bluestein_filter(const void* chirp, uint64_t length, uint64_t padded_length, void* filter)
{
    using Entry = kernels::Complex<double>;
    kernels::bluestein_filter_kernel<double><<<grid_for(padded_length), kThreadsPerBlock>>>(
        static_cast<const Entry*>(chirp), length, padded_length, static_cast<Entry*>(filter));
    return launched("the Bluestein filter kernel");
}

rift_status launch_round_to_single(const void* entries, uint64_t count, void* table)
{
    kernels::round_table_kernel<float><<<grid_for(count), kThreadsPerBlock>>>(
        static_cast<const kernels::Complex<double>*>(entries), count, static_cast<kernels::Complex<float>*>(table));
    return launched("the table rounding kernel");
}

} // namespace rift
