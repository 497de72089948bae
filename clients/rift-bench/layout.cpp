#include "rift-bench/layout.h"

#include "common/checks.h"

namespace rift::bench {

using client::checked_product;
using client::checked_sum;

size_t Layout::elements_per_array() const
{
    size_t product = 1;
    for (size_t length : lengths) product = checked_product(product, length, "elements of one transform");
    return product;
}

size_t Layout::logical_elements() const
{
    return checked_product(batch, elements_per_array(), "elements of the batch");
}

size_t Layout::span_elements() const
{
    if (batch == 0 || elements_per_array() == 0) return 0;
    const char* what = "buffer span (offset, strides and distance)";
    size_t last = checked_sum(offset, checked_product(batch - 1, distance, what), what);
    for (size_t d = 0; d < lengths.size(); ++d)
        last = checked_sum(last, checked_product(lengths[d] - 1, strides[d], what), what);
    return checked_sum(last, 1, what);
}

} // namespace rift::bench
