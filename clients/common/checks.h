// Error handling for the clients: every failure becomes a rift::client::Error, so main() can print one message
// and exit non-zero while the RAII owners on the way out free what they hold.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>

#include "library/platform/hip_api.h"
#include "rift/rift.h"

namespace rift::client {

class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Throws Error("<call> failed: <status name>: <rift's last error message>") unless status is success.
void check_rift(rift_status status, const char* call);

// Throws Error("<call> failed: <HIP error string>") unless error is hipSuccess.
void check_hip(hipError_t error, const char* call);

// a * b and a + b for buffer sizes, throwing Error("<what> ... does not fit in 64 bits") where they would wrap.
size_t checked_product(size_t a, size_t b, const std::string& what);
size_t checked_sum(size_t a, size_t b, const std::string& what);

// Calls rift_setup on construction and rift_cleanup on destruction.
class RiftLibrary {
public:
    RiftLibrary();
    ~RiftLibrary();
    RiftLibrary(const RiftLibrary&) = delete;
    RiftLibrary& operator=(const RiftLibrary&) = delete;
};

} // namespace rift::client
