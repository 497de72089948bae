// The whole transform in one block: global memory is read once (by the first pass, straight into registers) and
// written once (by the last pass, scaled); every global access of a pass is coalesced along the transform.
// A block runs `transforms_per_block` transforms side by side; threadIdx.y picks one, threadIdx.x is its lane.
#pragma once

#include "kernels/stockham_transform.h"

namespace rift::kernels {

template <class Real, bool Inverse>
__global__ void __launch_bounds__(kMaxThreadsPerBlock) stockham_kernel(StockhamArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const uint32_t slot = threadIdx.y;
    const uint64_t transform = uint64_t(blockIdx.x) * args.transforms_per_block + slot;
    const bool active = transform < args.batch;

    Complex<Real>* const shared = reinterpret_cast<Complex<Real>*>(shared_bytes);
    const uint32_t slot_size = padded_size(args.length);
    const PaddedScratch<Real> scratch0{shared + slot * slot_size};
    const PaddedScratch<Real> scratch1{shared + (args.transforms_per_block + slot) * slot_size};
    stockham_transform<Inverse>(args, threadIdx.x, args.threads_per_transform, active,
                                transform_input<Real>(args, transform), transform_output<Real>(args, transform),
                                scratch0, scratch1, [] { __syncthreads(); });
}

} // namespace rift::kernels
