// Where a batch of 1-3 dimensional arrays lies in a buffer, counted in elements as rift counts them (a complex
// element is one (re, im) pair).
#pragma once

#include <cstddef>
#include <vector>

namespace rift::bench {

struct Layout {
    std::vector<size_t> lengths; // fastest-varying first
    std::vector<size_t> strides; // one per length, same order
    size_t distance = 0;         // between consecutive arrays of the batch
    size_t offset = 0;           // of the first element
    size_t batch = 1;
    bool complex = true;

    size_t reals_per_element() const { return complex ? 2 : 1; }
    // Product of the lengths: the elements of one array.
    size_t elements_per_array() const;
    // Elements of the whole batch, i.e. of the packed (gap-free) copy of the data.
    size_t logical_elements() const;
    // Elements a buffer must hold for every element this layout addresses to lie inside it.
    size_t span_elements() const;
};

// Calls visit(logical_index, buffer_index) for every element: logical_index counts the elements in packed order
// (fastest dimension first, then batch), buffer_index is where the element lies in the buffer.
template <class Visit>
void for_each_element(const Layout& layout, Visit&& visit)
{
    size_t length[3] = {1, 1, 1};
    size_t stride[3] = {0, 0, 0};
    for (size_t d = 0; d < layout.lengths.size() && d < 3; ++d) {
        length[d] = layout.lengths[d];
        stride[d] = layout.strides[d];
    }
    size_t logical = 0;
    for (size_t b = 0; b < layout.batch; ++b) {
        for (size_t k = 0; k < length[2]; ++k) {
            for (size_t j = 0; j < length[1]; ++j) {
                const size_t row = layout.offset + b * layout.distance + k * stride[2] + j * stride[1];
                for (size_t i = 0; i < length[0]; ++i) visit(logical++, row + i * stride[0]);
            }
        }
    }
}

} // namespace rift::bench
