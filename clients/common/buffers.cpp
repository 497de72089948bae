#include "common/buffers.h"

#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#include "common/checks.h"
#include "library/platform/hip_api.h"

namespace rift::client {

namespace {

void require_fits(size_t bytes, size_t capacity)
{
    if (bytes > capacity) throw Error("buffer copy larger than the buffer");
}

// 64-byte alignment, as device allocations are at least that aligned and vectorised host code may assume it.
constexpr size_t host_alignment = 64;

} // namespace

Buffer::Buffer(MemoryKind kind, size_t bytes) : kind_(kind), bytes_(bytes)
{
    if (bytes == 0) return;
    if (kind == MemoryKind::device) {
        check_hip(hipMalloc(&data_, bytes), "hipMalloc");
    } else {
        const size_t rounded = (bytes + host_alignment - 1) / host_alignment * host_alignment;
        data_ = std::aligned_alloc(host_alignment, rounded);
        if (data_ == nullptr) throw Error("out of host memory allocating " + std::to_string(bytes) + " bytes");
    }
}

Buffer::~Buffer() { release(); }

Buffer::Buffer(Buffer&& other) noexcept
    : kind_(other.kind_), data_(std::exchange(other.data_, nullptr)), bytes_(std::exchange(other.bytes_, 0))
{
}

Buffer& Buffer::operator=(Buffer&& other) noexcept
{
    if (this != &other) {
        release();
        kind_ = other.kind_;
        data_ = std::exchange(other.data_, nullptr);
        bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
}

void Buffer::release() noexcept
{
    if (data_ == nullptr) return;
    if (kind_ == MemoryKind::device) {
        (void)hipFree(data_); // destructor: nothing useful to do with a failure
    } else {
        std::free(data_);
    }
    data_ = nullptr;
    bytes_ = 0;
}

void Buffer::upload(const void* source, size_t bytes)
{
    require_fits(bytes, bytes_);
    if (bytes == 0) return;
    if (kind_ == MemoryKind::device) {
        check_hip(hipMemcpy(data_, source, bytes, hipMemcpyHostToDevice), "hipMemcpy (host to device)");
    } else {
        std::memcpy(data_, source, bytes);
    }
}

void Buffer::download(void* destination, size_t bytes) const
{
    require_fits(bytes, bytes_);
    if (bytes == 0) return;
    if (kind_ == MemoryKind::device) {
        check_hip(hipMemcpy(destination, data_, bytes, hipMemcpyDeviceToHost), "hipMemcpy (device to host)");
    } else {
        std::memcpy(destination, data_, bytes);
    }
}

void Buffer::fill_nan()
{
    if (bytes_ == 0) return;
    if (kind_ == MemoryKind::device) {
        check_hip(hipMemset(data_, 0xFF, bytes_), "hipMemset");
    } else {
        std::memset(data_, 0xFF, bytes_);
    }
}

void copy_within(const Buffer& source, Buffer& destination, size_t bytes, hipStream_t stream)
{
    require_fits(bytes, source.bytes());
    require_fits(bytes, destination.bytes());
    if (source.kind() != destination.kind()) throw Error("copy_within: buffers of different memory kinds");
    if (source.kind() == MemoryKind::device) {
        check_hip(hipMemcpyAsync(destination.data(), source.data(), bytes, hipMemcpyDeviceToDevice, stream),
                  "hipMemcpyAsync (device to device)");
    } else {
        std::memcpy(destination.data(), source.data(), bytes);
    }
}

} // namespace rift::client
