#include "rift-bench/layout.h"

namespace rift::bench {

size_t Layout::elements_per_array() const
{
    size_t product = 1;
    for (size_t length : lengths) product *= length;
    return product;
}

size_t Layout::logical_elements() const { return batch * elements_per_array(); }

size_t Layout::span_elements() const
{
    if (batch == 0 || elements_per_array() == 0) return 0;
    size_t last = offset + (batch - 1) * distance;
    for (size_t d = 0; d < lengths.size(); ++d) last += (lengths[d] - 1) * strides[d];
    return last + 1;
}

} // namespace rift::bench
