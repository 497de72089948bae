#include "common/device.h"

#include "common/checks.h"

namespace rift::client {

GpuInfo query_gpu()
{
    GpuInfo info;
    int count = 0;
    const hipError_t error = hipGetDeviceCount(&count);
    if (error != hipSuccess) {
        info.why_absent = hipGetErrorString(error);
        return info;
    }
    if (count == 0) {
        info.why_absent = "the runtime reports 0 devices";
        return info;
    }
    hipDeviceProp_t properties{};
    if (hipGetDeviceProperties(&properties, 0) == hipSuccess) info.name = properties.name;
    info.present = true;
    return info;
}

Stream::Stream() { check_hip(hipStreamCreate(&stream_), "hipStreamCreate"); }

Stream::~Stream() { (void)hipStreamDestroy(stream_); }

void Stream::synchronize() const { check_hip(hipStreamSynchronize(stream_), "hipStreamSynchronize"); }

} // namespace rift::client
