// One allocation of device memory, or of host memory standing in for it when rift runs on its host executor, so
// the rest of the client code does not care which executor it drives.
#pragma once

#include <cstddef>

#include "library/platform/hip_api.h"

namespace rift::client {

enum class MemoryKind { device, host };

class Buffer {
public:
    Buffer() = default;
    Buffer(MemoryKind kind, size_t bytes);
    ~Buffer();
    Buffer(Buffer&& other) noexcept;
    Buffer& operator=(Buffer&& other) noexcept;
    Buffer(const Buffer&) = delete;
    Buffer& operator=(const Buffer&) = delete;

    void* data() const { return data_; }
    size_t bytes() const { return bytes_; }
    MemoryKind kind() const { return kind_; }

    // Synchronous copies between this buffer and host memory; bytes must not exceed bytes().
    void upload(const void* source, size_t bytes);
    void download(void* destination, size_t bytes) const;
    // All bytes 0xFF: a NaN as float and as double, so any element a transform fails to write shows in a check.
    void fill_nan();

private:
    void release() noexcept;

    MemoryKind kind_ = MemoryKind::host;
    void* data_ = nullptr;
    size_t bytes_ = 0;
};

// Copies `bytes` from source to destination within one kind of memory: asynchronously on `stream` for device
// memory, at once for host memory. The memory bandwidth ceiling a transform is measured against.
void copy_within(const Buffer& source, Buffer& destination, size_t bytes, hipStream_t stream);

} // namespace rift::client
