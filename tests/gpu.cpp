#include "tests/gpu.h"

#include "library/platform/hip_api.h"

namespace rift::test {

namespace {

std::string describe(hipError_t error, const char* call)
{
    return error == hipSuccess ? std::string() : std::string(call) + ": " + hipGetErrorString(error);
}

} // namespace

bool gpu_present()
{
    static const bool present = [] {
        int count = 0;
        const bool ok = hipGetDeviceCount(&count) == hipSuccess && count > 0;
        (void)hipGetLastError(); // a failed query must not leave a sticky error for later checks
        return ok;
    }();
    return present;
}

DeviceMemory::~DeviceMemory()
{
    if (pointer_ != nullptr) (void)hipFree(pointer_);
}

std::string DeviceMemory::allocate(size_t bytes)
{
    return describe(hipMalloc(&pointer_, bytes), "hipMalloc");
}

std::string DeviceMemory::upload(const void* host, size_t bytes)
{
    return describe(hipMemcpy(pointer_, host, bytes, hipMemcpyHostToDevice), "hipMemcpy to device");
}

std::string DeviceMemory::download(void* host, size_t bytes) const
{
    return describe(hipMemcpy(host, pointer_, bytes, hipMemcpyDeviceToHost), "hipMemcpy to host");
}

DeviceStream::~DeviceStream()
{
    if (stream_ != nullptr) (void)hipStreamDestroy(static_cast<hipStream_t>(stream_));
}

std::string DeviceStream::create()
{
    hipStream_t stream = nullptr;
    const std::string error = describe(hipStreamCreate(&stream), "hipStreamCreate");
    stream_ = stream;
    return error;
}

std::string DeviceStream::synchronize() const
{
    const std::string sync = describe(hipStreamSynchronize(static_cast<hipStream_t>(stream_)), "hipStreamSynchronize");
    return sync.empty() ? describe(hipGetLastError(), "kernel launch") : sync;
}

std::string synchronize_device()
{
    const std::string sync = describe(hipDeviceSynchronize(), "hipDeviceSynchronize");
    return sync.empty() ? describe(hipGetLastError(), "kernel launch") : sync;
}

} // namespace rift::test
