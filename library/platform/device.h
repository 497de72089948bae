// What the library needs to know about GPUs, without exposing HIP types to the rest of the host code.
#pragma once

#include <cstddef>
#include <cstdint>

#include "rift/rift.h"

namespace rift {

inline constexpr int kNoDevice = -1;

// The current device, or kNoDevice when the runtime finds no usable GPU (no driver, no device).
int current_device();
// The current device once a GPU is known to exist (one runtime call, no device count); kNoDevice on failure.
int current_device_of_live_runtime();

// Shared memory one block may use; the plan builder sizes single-kernel transforms by it. Without a device
// this is the platform's usual value, so host-executor plans match the GPU plans.
size_t shared_memory_per_block(int device);

// The peak DRAM bandwidth over the SMs' (or CUs') combined clock: bytes a multiprocessor may move each of its
// cycles. The planner splits long transforms by it (library/plan/row_column_node.cpp). 0 without a device or
// when the runtime does not say. Asked of the runtime once a device: its clock rates come slowly.
double dram_bytes_per_sm_cycle(int device);

// The device's multiprocessors (NVIDIA's SMs, AMD's CUs); 0 without a device or when the runtime does not say.
uint32_t multiprocessor_count(int device);

// Whether kernels compiled for the device may bulk-copy global into shared memory (kernels/bulk_copy.h: NVIDIA
// sm_90 and later); false without a device.
bool has_bulk_copies(int device);

// Waits for the current device's default stream, where plan creation runs its work (tables made on the GPU).
rift_status wait_for_default_stream();

// Owns one device allocation; empty when no device is involved.
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    ~DeviceBuffer();
    DeviceBuffer(DeviceBuffer&& other) noexcept;
    DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;

    // Allocates on the current device and copies `bytes` from host memory.
    static rift_status upload(const void* host, size_t bytes, DeviceBuffer& buffer);
    // Allocates `bytes` (uninitialized) on the current device.
    static rift_status allocate(size_t bytes, DeviceBuffer& buffer);
    // Copies the first `bytes` to host memory once the device's earlier work on the default stream is done.
    rift_status download(void* host, size_t bytes) const;
    void* get() const { return pointer_; }

private:
    void* pointer_ = nullptr;
};

} // namespace rift
