// Which GPU, if any, the clients run on, and the stream they submit work to.
#pragma once

#include <string>

#include "library/platform/hip_api.h"

namespace rift::client {

struct GpuInfo {
    bool present = false;
    std::string name;       // device name when present
    std::string why_absent; // the runtime's answer when not present
};

// Asks the runtime for device 0. Never throws: no driver or no device both mean "no GPU".
GpuInfo query_gpu();

// Owns one stream created on the current device.
class Stream {
public:
    Stream();
    ~Stream();
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;

    hipStream_t get() const { return stream_; }
    void synchronize() const;

private:
    hipStream_t stream_ = nullptr;
};

} // namespace rift::client
