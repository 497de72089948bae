#include "library/platform/device.h"

#include <atomic>
#include <utility>

#include "library/core/error.h"
#include "library/platform/allocation_faults.h"
#include "library/platform/hip_api.h"

namespace rift {

namespace {
std::atomic<size_t> device_allocations{0};
} // namespace

size_t live_device_allocations() { return device_allocations.load(); }

int current_device()
{
    int count = 0;
    if (hipGetDeviceCount(&count) != hipSuccess || count == 0) {
        (void)hipGetLastError(); // the failed probe must not look like an error of a later call
        return kNoDevice;
    }
    return current_device_of_live_runtime();
}

int current_device_of_live_runtime()
{
    int device = 0;
    if (hipGetDevice(&device) != hipSuccess) {
        (void)hipGetLastError();
        return kNoDevice;
    }
    return device;
}

size_t shared_memory_per_block(int device)
{
#if defined(RIFT_PLATFORM_AMD)
    constexpr size_t platform_default = 64 * 1024;
#else
    constexpr size_t platform_default = 227 * 1024; // the opt-in maximum of sm_90
#endif
    if (device == kNoDevice) return platform_default;
    int bytes = 0;
    if (hipDeviceGetAttribute(&bytes, kBlockSharedMemoryAttribute, device) != hipSuccess ||
        bytes <= 0)
        return platform_default;
    return size_t(bytes);
}

namespace {

double ask_dram_bytes_per_sm_cycle(int device)
{
    int memory_khz = 0, bus_bits = 0, sm_khz = 0, sms = 0;
    if (hipDeviceGetAttribute(&memory_khz, hipDeviceAttributeMemoryClockRate, device) != hipSuccess ||
        hipDeviceGetAttribute(&bus_bits, hipDeviceAttributeMemoryBusWidth, device) != hipSuccess ||
        hipDeviceGetAttribute(&sm_khz, hipDeviceAttributeClockRate, device) != hipSuccess ||
        hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, device) != hipSuccess) {
        (void)hipGetLastError();
        return 0;
    }
    if (memory_khz <= 0 || bus_bits <= 0 || sm_khz <= 0 || sms <= 0) return 0;
    // Double data rate: two transfers of the bus a memory clock.
    const double dram_bytes_per_second = 2.0 * double(memory_khz) * 1e3 * double(bus_bits) / 8;
    return dram_bytes_per_second / (double(sms) * double(sm_khz) * 1e3);
}

} // namespace

double dram_bytes_per_sm_cycle(int device)
{
    if (device == kNoDevice) return 0;
    // The runtime answers the two clock rates slowly, and anew every time: asked once a device (devices past the
    // table each time).
    constexpr int kRemembered = 64;
    static std::atomic<double> remembered[kRemembered];
    static std::atomic<bool> known[kRemembered];
    if (device < 0 || device >= kRemembered) return ask_dram_bytes_per_sm_cycle(device);
    if (known[device].load(std::memory_order_acquire)) return remembered[device].load(std::memory_order_relaxed);
    const double value = ask_dram_bytes_per_sm_cycle(device);
    remembered[device].store(value, std::memory_order_relaxed);
    known[device].store(true, std::memory_order_release);
    return value;
}

uint32_t multiprocessor_count(int device)
{
    int sms = 0;
    if (device == kNoDevice) return 0;
    if (hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, device) != hipSuccess) {
        (void)hipGetLastError();
        return 0;
    }
    return sms > 0 ? uint32_t(sms) : 0;
}

bool has_bulk_copies(int device)
{
#if defined(RIFT_PLATFORM_NVIDIA)
    int major = 0;
    if (device == kNoDevice) return false;
    if (hipDeviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, device) != hipSuccess) {
        (void)hipGetLastError();
        return false;
    }
    return major >= 9;
#else
    (void)device;
    return false;
#endif
}

DeviceBuffer::~DeviceBuffer()
{
    if (pointer_ == nullptr) return;
    (void)hipFree(pointer_);
    --device_allocations;
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept : pointer_(std::exchange(other.pointer_, nullptr)) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept
{
    if (this != &other) {
        DeviceBuffer discarded(std::move(*this));
        pointer_ = std::exchange(other.pointer_, nullptr);
    }
    return *this;
}

rift_status DeviceBuffer::allocate(size_t bytes, DeviceBuffer& buffer)
{
    if (allocation_fails_now())
        return fail(rift_status_out_of_memory, "device allocation of ", bytes, " bytes failed: injected failure");
    DeviceBuffer made;
    const hipError_t error = hipMalloc(&made.pointer_, bytes);
    if (error != hipSuccess) {
        made.pointer_ = nullptr;
        (void)hipGetLastError();
        return fail(error == hipErrorOutOfMemory ? rift_status_out_of_memory : rift_status_device_error,
                    "device allocation of ", bytes, " bytes failed: ", hipGetErrorString(error));
    }
    ++device_allocations;
    buffer = std::move(made);
    return rift_status_success;
}

rift_status DeviceBuffer::upload(const void* host, size_t bytes, DeviceBuffer& buffer)
{
    DeviceBuffer made;
    RIFT_RETURN_IF_FAILED(allocate(bytes, made));
    const hipError_t error = hipMemcpy(made.pointer_, host, bytes, hipMemcpyHostToDevice);
    if (error != hipSuccess)
        return fail(rift_status_device_error, "copy to the device failed: ", hipGetErrorString(error));
    buffer = std::move(made);
    return rift_status_success;
}

rift_status DeviceBuffer::download(void* host, size_t bytes) const
{
    const hipError_t error = hipMemcpy(host, pointer_, bytes, hipMemcpyDeviceToHost);
    if (error != hipSuccess)
        return fail(rift_status_device_error, "copy from the device failed: ", hipGetErrorString(error));
    return rift_status_success;
}

rift_status wait_for_default_stream()
{
    const hipError_t error = hipStreamSynchronize(nullptr);
    if (error != hipSuccess)
        return fail(rift_status_device_error, "work on the default stream failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
