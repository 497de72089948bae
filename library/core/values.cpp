#include "library/core/values.h"

namespace rift {

const char* to_string(Direction direction) { return direction == Direction::forward ? "forward" : "inverse"; }
const char* to_string(Precision precision) { return precision == Precision::single ? "single" : "double"; }

} // namespace rift
