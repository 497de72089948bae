// Launching a kernel that may take more than the default 48 KiB of dynamic shared memory; included by the
// translation units that instantiate kernels.
#pragma once

#include <atomic>

#include "library/exec/kernel_chain.h"
#include "library/platform/hip_api.h"

namespace rift {

namespace {

// Kernels start with 48 KiB of dynamic shared memory; raise each kernel's limit once per device.
constexpr int kMaxTrackedDevices = 64;

// One flag array per kernel: a template on the kernel itself, since every kernel has the same type.
template <auto* Kernel>
hipError_t allow_shared_memory()
{
    static std::atomic<bool> raised[kMaxTrackedDevices] = {};
    int device = 0;
    hipError_t error = hipGetDevice(&device);
    if (error != hipSuccess) return error;
    if (device < kMaxTrackedDevices && raised[device].load(std::memory_order_relaxed)) return hipSuccess;
    int limit = 0;
    error = hipDeviceGetAttribute(&limit, kBlockSharedMemoryAttribute, device);
    if (error != hipSuccess) return error;
    error = hipFuncSetAttribute(reinterpret_cast<const void*>(Kernel), hipFuncAttributeMaxDynamicSharedMemorySize,
                                limit);
    if (error == hipSuccess && device < kMaxTrackedDevices) raised[device].store(true);
    return error;
}

template <auto* Kernel, class Args>
hipError_t launch_kernel(const Args& args, const LaunchShape& shape, hipStream_t stream)
{
    if (shape.shared_bytes > 48 * 1024) {
        const hipError_t error = allow_shared_memory<Kernel>();
        if (error != hipSuccess) return error;
    }
    Kernel<<<dim3(shape.blocks), dim3(shape.threads_x, shape.threads_y), shape.shared_bytes, stream>>>(args);
    return hipGetLastError();
}

} // namespace

} // namespace rift
