#include "library/plan/byte_extent.h"

#include "library/core/error.h"

namespace rift {

namespace {

// Where furthest_byte stops counting: far past any real layout, and small enough that no sum of terms wraps.
constexpr unsigned __int128 kSaturated = (unsigned __int128)1 << 100;

unsigned __int128 saturated_add(unsigned __int128 a, unsigned __int128 b)
{
    return a >= kSaturated || b >= kSaturated || a + b >= kSaturated ? kSaturated : a + b;
}

unsigned __int128 reach(const ExtentAxis& axis)
{
    return axis.count > 1 ? (unsigned __int128)(axis.count - 1) * axis.stride : 0;
}

std::string decimal(unsigned __int128 value)
{
    if (value >= kSaturated) return "beyond 2^100";
    std::string digits;
    do {
        digits.insert(digits.begin(), char('0' + int(value % 10)));
        value /= 10;
    } while (value != 0);
    return digits;
}

} // namespace

unsigned __int128 furthest_byte(size_t element_bytes, size_t offset, const std::vector<ExtentAxis>& axes)
{
    // Each term is a product of two 64-bit numbers, below 2^128: the sum saturates rather than wrap.
    unsigned __int128 last_element = offset;
    for (const ExtentAxis& axis : axes) last_element = saturated_add(last_element, reach(axis));
    if (last_element >= kSaturated) return kSaturated;
    return (last_element + 1) * element_bytes - 1;
}

rift_status check_byte_extent(size_t element_bytes, size_t offset, const char* offset_name,
                              const std::vector<ExtentAxis>& axes)
{
    const unsigned __int128 furthest = furthest_byte(element_bytes, offset, axes);
    if (furthest <= kLargestByteOffset) return rift_status_success;

    // Blame the term that reaches furthest: the offset, or the axis whose (count - 1) * stride is largest.
    unsigned __int128 largest = offset;
    const ExtentAxis* blamed = nullptr;
    for (const ExtentAxis& axis : axes) {
        if (reach(axis) > largest) {
            largest = reach(axis);
            blamed = &axis;
        }
    }
    const std::string where = " puts the furthest byte the layout touches at " + decimal(furthest) +
                              ", past the largest byte offset a buffer can be addressed at (2^63 - 1)";
    if (blamed == nullptr)
        return fail(rift_status_invalid_offset, offset_name, " = ", offset, " (elements of ", element_bytes, " bytes)",
                    where);
    return fail(blamed->refusal, blamed->name, " = ", blamed->stride, " over ", blamed->count, ' ', blamed->counted,
                " (elements of ", element_bytes, " bytes, offset ", offset, ")", where);
}

bool bytes_fit(size_t a, size_t b, size_t& product)
{
    const unsigned __int128 exact = (unsigned __int128)a * b;
    if (exact > kLargestByteOffset) return false;
    product = size_t(exact);
    return true;
}

} // namespace rift
