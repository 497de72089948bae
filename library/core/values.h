// The value types every layer of the library speaks: a transform's direction and precision.
#pragma once

#include <cstddef>

namespace rift {

enum class Direction { forward, inverse };
enum class Precision { single, double_ };

// Bytes of one complex element of this precision.
inline size_t complex_element_bytes(Precision precision) { return precision == Precision::single ? 8 : 16; }

const char* to_string(Direction direction);
const char* to_string(Precision precision);

} // namespace rift
