// The element-wise steps of Bluestein's algorithm when its padded transforms are plans of their own (row/column,
// beyond one block): the chirped, zero-padded input into the work buffer; the product with the chirp's
// spectrum there; the chirped (and scaled) result out to the user's output. Between them run the padded forward
// and inverse transforms, in place in the work buffer, where each transform's M elements are contiguous.
#pragma once

#include <cstdint>

#include "kernels/bluestein_kernel.h"

namespace rift::kernels {

enum class BluesteinStep : uint32_t { chirp_in, spectrum, chirp_out };

struct BluesteinPointwiseArgs {
    BluesteinStep step = BluesteinStep::chirp_in;
    // The user's side (input for chirp_in, output for chirp_out) laid out as a Stockham launch's, and the padded
    // side: transform i's elements at padded + padded_offset + i * padded_length (counted over all batch axes,
    // dims[0] fastest).
    BluesteinArgs user;
    void* padded = nullptr;
    uint64_t padded_offset = 0;
    const void* table = nullptr; // the chirp, or the spectrum for BluesteinStep::spectrum

    RIFT_HOST_DEVICE uint64_t elements() const
    {
        return step == BluesteinStep::chirp_out ? bluestein_output_count(user) : user.padded.length;
    }
};

// Where transform `transform` (over all batch axes, dims[0] fastest) starts on the user's side, as a tile of one.
template <class Real>
RIFT_HOST_DEVICE TransformTile<Real> bluestein_user_tile(const BluesteinArgs& user, uint64_t transform)
{
    TransformTile<Real> tile;
    uint64_t input_offset = user.padded.input_offset;
    uint64_t output_offset = user.padded.output_offset;
    add_batch_offsets(user.padded.dims, user.padded.dim_count, transform, input_offset, output_offset);
    tile.input_offset = input_offset;
    tile.output_offset = output_offset;
    tile.input = static_cast<const Complex<Real>*>(user.padded.input) + input_offset;
    tile.output = static_cast<Complex<Real>*>(user.padded.output) + output_offset;
    tile.count = 1;
    return tile;
}

// Element m of transform `transform`. These steps serve complex and real transforms alike: the user's side is
// read and written as the args' real flags say.
template <class Real>
RIFT_HOST_DEVICE void bluestein_pointwise(const BluesteinPointwiseArgs& args, uint64_t transform, uint32_t m)
{
    const uint32_t padded_length = args.user.padded.length;
    Complex<Real>* padded =
        static_cast<Complex<Real>*>(args.padded) + args.padded_offset + transform * padded_length;
    const auto* table = static_cast<const Complex<Real>*>(args.table);
    switch (args.step) {
    case BluesteinStep::chirp_in: {
        const TransformTile<Real> tile = bluestein_user_tile<Real>(args.user, transform);
        padded[m] = m < args.user.length ? bluestein_input<Real, true>(args.user, tile, 0).load(m) * table[m]
                                         : Complex<Real>{0, 0};
        break;
    }
    case BluesteinStep::spectrum: padded[m] = padded[m] * table[m]; break;
    case BluesteinStep::chirp_out: {
        const TransformTile<Real> tile = bluestein_user_tile<Real>(args.user, transform);
        bluestein_output<Real, true>(args.user, tile, 0).store(m, padded[m] * table[m]);
        break;
    }
    }
}

#if defined(__CUDACC__) || defined(__HIPCC__)
// Threads along x take elements, blocks along y take transforms; both loop when the grid is smaller.
template <class Real>
__global__ void bluestein_pointwise_kernel(BluesteinPointwiseArgs args)
{
    const uint64_t elements = args.elements();
    const uint64_t transforms = args.user.padded.transform_count();
    for (uint64_t transform = blockIdx.y; transform < transforms; transform += gridDim.y)
        for (uint64_t m = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; m < elements;
             m += uint64_t(gridDim.x) * blockDim.x)
            bluestein_pointwise<Real>(args, transform, uint32_t(m));
}
#endif

} // namespace rift::kernels
