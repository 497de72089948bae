#include "common/checks.h"

#include <iostream>

namespace rift::client {

void check_rift(rift_status status, const char* call)
{
    if (status == rift_status_success) return;
    std::string message = std::string(call) + " failed: " + rift_status_string(status);
    const char* detail = rift_get_last_error_message();
    if (detail != nullptr && detail[0] != '\0') message += std::string(": ") + detail;
    throw Error(message);
}

void check_hip(hipError_t error, const char* call)
{
    if (error == hipSuccess) return;
    throw Error(std::string(call) + " failed: " + hipGetErrorString(error));
}

size_t checked_product(size_t a, size_t b, const std::string& what)
{
    size_t product = 0;
    if (__builtin_mul_overflow(a, b, &product))
        throw Error(what + ": " + std::to_string(a) + " x " + std::to_string(b) + " does not fit in 64 bits");
    return product;
}

size_t checked_sum(size_t a, size_t b, const std::string& what)
{
    size_t sum = 0;
    if (__builtin_add_overflow(a, b, &sum))
        throw Error(what + ": " + std::to_string(a) + " + " + std::to_string(b) + " does not fit in 64 bits");
    return sum;
}

RiftLibrary::RiftLibrary() { check_rift(rift_setup(), "rift_setup"); }

RiftLibrary::~RiftLibrary()
{
    // A destructor must not throw; a failed cleanup at exit is worth a line, not an abort.
    const rift_status status = rift_cleanup();
    if (status != rift_status_success) {
        std::cerr << "rift_cleanup failed: " << rift_status_string(status) << ": " << rift_get_last_error_message()
                  << "\n";
    }
}

} // namespace rift::client
