// Real-to-real transforms whose DFT is a plan of its own (its length has a prime factor no radix takes, or does
// not fit one block): the input map from the user's reals into the work buffer, where the DFT then runs in place,
// and the output map from there to the user's reals. These are the maps of real_to_real.h with the slot in global
// memory, a block taking one transform or several short ones at a time.
#pragma once

#include <cstdint>

#include "kernels/real_to_real.h"
#include "kernels/stockham_args.h"

namespace rift::kernels {

struct RealToRealMapArgs {
    // Input map: the user's reals to the work buffer; output map: the work buffer to the user's reals. Offsets and
    // the dims' strides count reals on the user's side and complex elements on the work side, where each
    // transform's DFT input is contiguous.
    const void* input = nullptr;
    void* output = nullptr;
    uint64_t input_offset = 0;
    uint64_t output_offset = 0;
    uint64_t user_stride = 0; // between a transform's reals
    BatchDim dims[kMaxBatchDims];
    uint32_t dim_count = 1;
    uint32_t kind = 0;   // RealToRealKind
    uint32_t length = 0; // the reals of a transform
    double scale = 1.0;  // applied by the output map
    // exp(-2 pi i e / (8 length)) as a two-level table (low entries: exponents below 2^root_bits).
    const void* rotations = nullptr;
    uint32_t root_bits = 0;
    // Odd lengths: two transforms a DFT, the twin on the user's side (stockham_args.h).
    TwinTransforms twins;

    RIFT_HOST_DEVICE uint64_t transform_count() const { return batch_transform_count(dims, dim_count); }
};

// One transform's map (counted over all batch axes, dims[0] fastest), lanes lane, lane + lanes, ... `active` is
// false where the thread has no transform but takes part in barrier().
template <bool OutputMap, class Real, class Barrier>
RIFT_HOST_DEVICE void real_to_real_map(const RealToRealMapArgs& args, uint64_t transform, bool active, uint32_t lane,
                                       uint32_t lanes, Barrier barrier)
{
    uint64_t input_offset = args.input_offset, output_offset = args.output_offset;
    add_batch_offsets(args.dims, args.dim_count, transform, input_offset, output_offset);
    const bool twinned = args.twins.count != 0 && transform % args.dims[0].count < args.twins.count;
    const auto kind = RealToRealKind(args.kind);
    const TwoLevelRotation<Real> rotation{static_cast<const Complex<Real>*>(args.rotations), args.root_bits};
    if constexpr (OutputMap) {
        Real* y = static_cast<Real*>(args.output) + output_offset;
        real_to_real_output(kind, args.length, static_cast<const Complex<Real>*>(args.input) + input_offset, y,
                            twinned ? y + args.twins.output_stride : nullptr, int64_t(args.user_stride),
                            static_cast<Real>(args.scale), active, lane, lanes, rotation);
    } else {
        const Real* x = static_cast<const Real*>(args.input) + input_offset;
        real_to_real_input(kind, args.length, x, twinned ? x + args.twins.input_stride : nullptr,
                           int64_t(args.user_stride), active, static_cast<Complex<Real>*>(args.output) + output_offset,
                           lane, lanes, rotation, barrier);
    }
}

#if defined(__CUDACC__) || defined(__HIPCC__)
// A block takes blockDim.y transforms at a time, from blockIdx.x * blockDim.y on, then gridDim.x * blockDim.y
// further; threadIdx.x is the lane within a transform.
template <class Real, bool OutputMap>
__global__ void real_to_real_map_kernel(RealToRealMapArgs args)
{
    const uint64_t transforms = args.transform_count();
    const uint64_t step = uint64_t(gridDim.x) * blockDim.y;
    for (uint64_t first = uint64_t(blockIdx.x) * blockDim.y; first < transforms; first += step) {
        const uint64_t transform = first + threadIdx.y;
        real_to_real_map<OutputMap, Real>(args, transform, transform < transforms, threadIdx.x, blockDim.x,
                                          [] { __syncthreads(); });
    }
}
#endif

} // namespace rift::kernels
