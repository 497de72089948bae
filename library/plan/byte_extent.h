// The one rule every plan kind checks its layouts against: the furthest byte a layout touches, counted from the
// start of its buffer, must be at most PTRDIFF_MAX. Then every element index, byte offset and pointer difference
// the kernels and executors form fits a signed 64-bit integer, and nothing wraps around the address space.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rift/rift.h"

namespace rift {

// The largest byte offset a buffer may be addressed at.
inline constexpr size_t kLargestByteOffset = size_t(PTRDIFF_MAX);

// One axis of a layout: `count` of what `counted` names ("elements", "transforms"), `stride` elements apart.
// `name` says which argument the stride is ("input stride 1", "output distance"), `refusal` is the status that
// names it.
struct ExtentAxis {
    size_t count = 1;
    size_t stride = 0;
    std::string name;
    rift_status refusal = rift_status_invalid_stride;
    const char* counted = "elements";
};

// The furthest byte, (offset + sum over axes of (count - 1) * stride + 1) * element_bytes - 1, exact; a last
// element index of 2^100 or more (which no layout may reach) returns 2^100.
unsigned __int128 furthest_byte(size_t element_bytes, size_t offset, const std::vector<ExtentAxis>& axes);

// Succeeds when the layout's furthest byte is at most kLargestByteOffset. Otherwise fails with the status of the
// term that reaches furthest (the offset: rift_status_invalid_offset, named `offset_name`; an axis: its own
// refusal) and a message with the numbers.
rift_status check_byte_extent(size_t element_bytes, size_t offset, const char* offset_name,
                              const std::vector<ExtentAxis>& axes);

// a * b, or false when the product passes kLargestByteOffset.
bool bytes_fit(size_t a, size_t b, size_t& product);

} // namespace rift
