#include "library/plan/strided_batch.h"

#include <algorithm>
#include <sstream>

namespace rift {

bool real_side_is_packable(const StridedBatch& batch)
{
    const bool forward = batch.direction == Direction::forward;
    const size_t offset = forward ? batch.input_offset : batch.output_offset;
    const size_t stride = forward ? batch.input_stride : batch.output_stride;
    bool packable = batch.real && batch.length % 2 == 0 && stride == 1 && offset % 2 == 0;
    for (const kernels::BatchDim& dim : batch.dims)
        packable = packable && (forward ? dim.input_stride : dim.output_stride) % 2 == 0;
    return packable;
}

StridedBatch with_real_side_packed(const StridedBatch& batch)
{
    StridedBatch packed = batch;
    const bool forward = batch.direction == Direction::forward;
    (forward ? packed.input_offset : packed.output_offset) /= 2;
    for (kernels::BatchDim& dim : packed.dims) (forward ? dim.input_stride : dim.output_stride) /= 2;
    return packed;
}

bool odd_real_dfts(const StridedBatch& batch)
{
    const bool extension = batch.real_to_real && (*batch.real_to_real == kernels::RealToRealKind::dct1 ||
                                                  *batch.real_to_real == kernels::RealToRealKind::dst1);
    return (batch.real || batch.real_to_real) && batch.length % 2 == 1 && !extension;
}

StridedBatch twin_pairs(const StridedBatch& batch, kernels::TwinTransforms& twins)
{
    twins = {};
    if (!odd_real_dfts(batch) || batch.mirrored_dims > 0) return batch;
    if (batch.dims.empty() || batch.dims[0].count < 2) return batch;
    StridedBatch pairs = batch;
    kernels::BatchDim& dim = pairs.dims[0];
    twins = {dim.input_stride, dim.output_stride, dim.count / 2};
    dim = {(dim.count + 1) / 2, 2 * dim.input_stride, 2 * dim.output_stride};
    return pairs;
}

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
