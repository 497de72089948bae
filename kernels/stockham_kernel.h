// The Stockham kernels: the whole transform in one block. Global memory is read once (by the first pass,
// straight into registers) and written once (by the last pass, scaled); every global access of a pass is
// coalesced along the transform. A block runs `transforms_per_block` transforms side by side: threadIdx.y picks
// one, threadIdx.x is the lane within it. See stockham_transform.h for the two forms.
#pragma once

#include "kernels/shared_layout.h"
#include "kernels/stockham_transform.h"

namespace rift::kernels {

template <class Real>
__device__ ScratchSlot<Real> transform_slot(unsigned char* shared_bytes, uint32_t slot_index, uint32_t slot_elements,
                                            uint32_t pad_period)
{
    return {reinterpret_cast<Complex<Real>*>(shared_bytes) + slot_index * slot_elements, pad_period};
}

template <class Real, bool Inverse>
__global__ void __launch_bounds__(kMaxThreadsPerBlock) generic_stockham_kernel(StockhamArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const uint64_t transform = uint64_t(blockIdx.x) * args.transforms_per_block + threadIdx.y;
    const ScratchSlot<Real> scratch0 =
        transform_slot<Real>(shared_bytes, threadIdx.y, args.slot_elements, args.pad_period);
    const ScratchSlot<Real> scratch1 = transform_slot<Real>(shared_bytes, args.transforms_per_block + threadIdx.y,
                                                            args.slot_elements, args.pad_period);
    generic_stockham_transform<Inverse>(args, threadIdx.x, args.threads_per_transform, transform < args.batch,
                                        transform_input<Real>(args, transform),
                                        transform_output<Real>(args, transform), scratch0, scratch1,
                                        [] { __syncthreads(); });
}

// Shape and padding are compile-time constants here, so slot addressing folds to shifts and adds.
template <class Real, bool Inverse, int E, uint32_t Length, uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(kMaxThreadsPerBlock) fixed_stockham_kernel(StockhamArgs args)
{
    static_assert(((E % Radices == 0) && ...), "every radix must divide the elements a lane holds");
    extern __shared__ unsigned char shared_bytes[];
    const uint64_t transform = uint64_t(blockIdx.x) * args.transforms_per_block + threadIdx.y;
    const ScratchSlot<Real> scratch =
        transform_slot<Real>(shared_bytes, threadIdx.y, slot_elements(Length, PadPeriod), PadPeriod);
    Registers<Real, E> regs;
    fixed_stockham_transform<E, Inverse, Real, Length, Radices...>(
        args, transform < args.batch, transform_input<Real>(args, transform), transform_output<Real>(args, transform),
        scratch, [&](auto&& visit) { visit(threadIdx.x, regs); }, [] { __syncthreads(); });
}

} // namespace rift::kernels
