#include "library/plan/strided_batch.h"

#include <algorithm>
#include <sstream>

namespace rift {

void simplify_batch_dims(std::vector<kernels::BatchDim>& dims, bool keep_first)
{
    const size_t fixed = keep_first && !dims.empty() ? 1 : 0;
    dims.erase(std::remove_if(dims.begin() + fixed, dims.end(),
                              [](const kernels::BatchDim& dim) { return dim.count == 1; }),
               dims.end());
    std::stable_sort(dims.begin() + fixed, dims.end(), [](const kernels::BatchDim& a, const kernels::BatchDim& b) {
        return std::min(a.input_stride, a.output_stride) < std::min(b.input_stride, b.output_stride);
    });
    for (size_t d = 1 + fixed; d < dims.size();) {
        kernels::BatchDim& inner = dims[d - 1];
        const kernels::BatchDim& outer = dims[d];
        if (outer.input_stride == inner.count * inner.input_stride &&
            outer.output_stride == inner.count * inner.output_stride) {
            inner.count *= outer.count;
            dims.erase(dims.begin() + d);
        } else {
            ++d;
        }
    }
    if (dims.empty()) dims.push_back({1, 0, 0});
}

std::string describe_dims(const std::vector<kernels::BatchDim>& dims)
{
    std::ostringstream text;
    for (size_t d = 0; d < dims.size(); ++d)
        text << (d ? " " : "") << dims[d].count << ':' << dims[d].input_stride << '/' << dims[d].output_stride;
    return text.str();
}

} // namespace rift
