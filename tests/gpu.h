// The little the tests need from the GPU runtime: whether a device is there, and device buffers that free
// themselves. GPU tests skip (not fail) without a device, so the same executable runs on CI machines.
#pragma once

#include <cstddef>
#include <string>

namespace rift::test {

// True when the runtime reports at least one device; asked once.
bool gpu_present();

inline constexpr const char* kNoGpuMessage = "no GPU present: GPU test skipped";

// Skips the calling test (or fixture SetUp) without a GPU.
#define RIFT_SKIP_WITHOUT_GPU()                                                                              \
    do {                                                                                                     \
        if (!::rift::test::gpu_present()) GTEST_SKIP() << ::rift::test::kNoGpuMessage;                       \
    } while (0)

// One device allocation. Every call returns "" on success or the runtime's error text.
class DeviceMemory {
public:
    DeviceMemory() = default;
    ~DeviceMemory();
    DeviceMemory(const DeviceMemory&) = delete;
    DeviceMemory& operator=(const DeviceMemory&) = delete;

    std::string allocate(size_t bytes);
    std::string upload(const void* host, size_t bytes);
    std::string download(void* host, size_t bytes) const;
    void* get() const { return pointer_; }

private:
    void* pointer_ = nullptr;
};

// A stream of its own, to check that rift launches on the stream it is given. get() is the hipStream_t.
class DeviceStream {
public:
    DeviceStream() = default;
    ~DeviceStream();
    DeviceStream(const DeviceStream&) = delete;
    DeviceStream& operator=(const DeviceStream&) = delete;

    std::string create();
    std::string synchronize() const;
    void* get() const { return stream_; }

private:
    void* stream_ = nullptr;
};

// hipDeviceSynchronize, plus any error a kernel launch left behind; "" when all is well.
std::string synchronize_device();

} // namespace rift::test
