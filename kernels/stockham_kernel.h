// The Stockham kernels: the whole transform in one block. Global memory is read once (by the first pass,
// straight into registers) and written once (by the last pass, scaled); every global access of a pass is
// coalesced along the transform. A block runs `transforms_per_block` transforms side by side: threadIdx.y picks
// one, threadIdx.x is the lane within it. See stockham_transform.h for the two forms.
#pragma once

#include "kernels/real_mirror.h"
#include "kernels/real_pack.h"
#include "kernels/shared_layout.h"
#include "kernels/stockham_transform.h"

namespace rift::kernels {

template <class Real>
__device__ ScratchSlot<Real> transform_slot(unsigned char* shared_bytes, uint32_t slot_index, uint32_t slot_elements,
                                            uint32_t pad_period)
{
    return {reinterpret_cast<Complex<Real>*>(shared_bytes) + slot_index * slot_elements, pad_period};
}

__device__ inline uint32_t block_thread() { return threadIdx.y * blockDim.x + threadIdx.x; }
__device__ inline uint32_t block_threads() { return blockDim.x * blockDim.y; }
// This thread's lane within its transform and its transform within the tile (see StockhamArgs::tile_major).
__device__ inline uint32_t transform_lane(bool tile_major) { return tile_major ? threadIdx.y : threadIdx.x; }
__device__ inline uint32_t tile_transform(bool tile_major) { return tile_major ? threadIdx.x : threadIdx.y; }

// The staged copies of a block (slots: the block's first slot of the set used). Complex tiles move element-major
// across the whole tile; a real transform's copies go lane by lane within its own transform (real_pack.h). Real
// transforms get kernels of their own: their copies cost the complex kernels registers even when not taken.
template <bool Inverse, bool RealData, class Real>
__device__ void stage_tile_input(const StockhamArgs& args, const TransformTile<Real>& tile, Complex<Real>* slots,
                                 uint32_t pad_period)
{
    if constexpr (RealData) {
        const uint32_t t = tile_transform(args.tile_major);
        if (t < tile.count)
            stage_real_transform_input<Inverse>(args, tile, t, {slots + t * args.slot_elements, pad_period},
                                                transform_lane(args.tile_major), args.threads_per_transform);
    } else {
        stage_input(args, tile, slots, pad_period, 31 - __clz(args.transforms_per_block), block_thread(),
                    block_threads());
    }
}

template <bool Inverse, bool RealData, class Real>
__device__ void stage_tile_output(const StockhamArgs& args, const TransformTile<Real>& tile, Complex<Real>* slots,
                                  uint32_t pad_period)
{
    if constexpr (RealData) {
        const uint32_t t = tile_transform(args.tile_major);
        if (t < tile.count)
            stage_real_transform_output<Inverse>(args, tile, t, {slots + t * args.slot_elements, pad_period},
                                                 transform_lane(args.tile_major), args.threads_per_transform);
    } else {
        stage_output<Inverse>(args, tile, slots, pad_period, 31 - __clz(args.transforms_per_block), block_thread(),
                              block_threads());
    }
}

template <class Real, bool Inverse, bool RealData>
__global__ void __launch_bounds__(kMaxThreadsPerBlock) generic_stockham_kernel(StockhamArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const uint32_t per_block = args.transforms_per_block;
    const TransformTile<Real> tile = transform_tile<Real>(args, blockIdx.x, args.tiles, per_block);
    Complex<Real>* const slots = reinterpret_cast<Complex<Real>*>(shared_bytes);
    if (args.stage_input) {
        stage_tile_input<Inverse, RealData>(args, tile, slots + per_block * args.slot_elements, args.pad_period);
        __syncthreads();
    }
    const uint32_t t = tile_transform(args.tile_major);
    const ScratchSlot<Real> scratch0 = transform_slot<Real>(shared_bytes, t, args.slot_elements, args.pad_period);
    const ScratchSlot<Real> scratch1 =
        transform_slot<Real>(shared_bytes, per_block + t, args.slot_elements, args.pad_period);
    generic_stockham_transform<Inverse>(args, transform_lane(args.tile_major), args.threads_per_transform, t < tile.count,
                                        transform_input(args, tile, t),
                                        transform_output<Inverse, false>(args, tile, t), scratch0, scratch1,
                                        [] { __syncthreads(); });
    if (args.stage_output) {
        __syncthreads();
        stage_tile_output<Inverse, RealData>(
            args, tile, slots + generic_output_slot(args.pass_count) * per_block * args.slot_elements, args.pad_period);
    }
}

// The transforms of a block whose lanes keep their elements in registers (Lanes lanes of E a transform), one
// padded slot a transform; shape and padding are compile-time constants, so slot addressing folds to shifts and
// adds. StagedRows: the staged sides (args.stage_input, args.stage_output) are spans of consecutive transforms
// (transform_tile.h), not columns.
template <class Real, bool Inverse, bool RealData, bool TileMajor, bool StagedRows, int E, uint32_t Lanes,
          uint32_t Length, uint32_t PadPeriod, uint32_t... Radices>
__device__ __forceinline__ void register_resident_transforms(const StockhamArgs& args)
{
    static_assert(!(TileMajor && RealData), "real transforms stage their hermitian side, never tile-major");
    static_assert(!(StagedRows && (TileMajor || RealData)), "staged rows are complex lane-major transforms");
    extern __shared__ unsigned char shared_bytes[];
    const uint32_t per_block = args.transforms_per_block;
    const TransformTile<Real> tile = transform_tile<Real>(args, blockIdx.x, args.tiles, per_block);
    Complex<Real>* const slots = reinterpret_cast<Complex<Real>*>(shared_bytes);
    if (!TileMajor && args.stage_input) {
        if constexpr (StagedRows)
            stage_span_input<Length, PadPeriod, uint32_t(E)>(args, tile, slots, block_thread(), block_threads());
        else
            stage_tile_input<Inverse, RealData>(args, tile, slots, PadPeriod);
        __syncthreads();
    }
    const uint32_t t = tile_transform(TileMajor);
    const uint32_t lane = transform_lane(TileMajor);
    const ScratchSlot<Real> scratch = transform_slot<Real>(shared_bytes, t, args.slot_elements, PadPeriod);
    Registers<Real, E> regs;
    fixed_stockham_passes<E, Lanes, Inverse, Real, Length, 1, Radices...>(
        args, t < tile.count, transform_input(args, tile, t), transform_output<Inverse, TileMajor>(args, tile, t),
        scratch, [&](auto&& visit) { visit(lane, regs); }, [] { __syncthreads(); });
    if (!TileMajor && args.stage_output) {
        __syncthreads();
        if constexpr (StagedRows)
            stage_span_output<Length, PadPeriod>(args, tile, slots, block_thread(), block_threads());
        else
            stage_tile_output<Inverse, RealData>(args, tile, slots, PadPeriod);
    }
}

// The catalogue's lengths (fixed_lengths.h), compiled ahead of time. Tile-major launches (columns on both sides,
// never staged) get instantiations of their own: sharing one kernel with the staged copies let changes to those
// move the register allocation and scheduling of the tile-major passes.
template <class Real, bool Inverse, bool RealData, bool TileMajor, uint32_t MaxThreads, uint32_t MinBlocks, int E,
          uint32_t Length, uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(MaxThreads, MinBlocks) fixed_stockham_kernel(StockhamArgs args)
{
    static_assert(((E % Radices == 0) && ...), "every radix must divide the elements a lane holds");
    register_resident_transforms<Real, Inverse, RealData, TileMajor, false, E, (Length + E - 1) / E, Length,
                                 PadPeriod, Radices...>(args);
}

// Every other length that fits a block, compiled at run time for the plans that need it
// (library/exec/runtime_kernels.h): lane-major launches of complex or real data (complex rows staged as spans
// where StagedRows), tile-major ones of complex data, with the lanes, block size and resident blocks an SM the
// planner chose.
template <class Real, bool Inverse, bool RealData, bool TileMajor, bool StagedRows, uint32_t MaxThreads,
          uint32_t MinBlocks, int E, uint32_t Lanes, uint32_t Length, uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(MaxThreads, MinBlocks) compiled_stockham_kernel(StockhamArgs args)
{
    register_resident_transforms<Real, Inverse, RealData, TileMajor, StagedRows, E, Lanes, Length, PadPeriod,
                                 Radices...>(args);
}

// The rows of a column-first multi-dimensional R2C (real_mirror.h): threadIdx.y picks the pair (y / 2) and the
// row (even y) or its mirror (odd y); the transform reads its row of z straight from global memory and leaves Z
// in its slot, and the unpacking reads both slots of the pair. Forward only; args.stage_output is set, so the
// passes end in the slot.
template <class Real, int E, uint32_t Length, uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(kMaxThreadsPerBlock) mirrored_real_stockham_kernel(StockhamArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const uint32_t t = threadIdx.y;
    const MirroredPair pair = mirrored_pair(args, uint64_t(blockIdx.x) * (args.transforms_per_block / 2) + t / 2);
    const uint32_t which = t & 1;
    const uint32_t lane = threadIdx.x;
    const ScratchSlot<Real> scratch = transform_slot<Real>(shared_bytes, t, args.slot_elements, PadPeriod);
    // Selects, not pair.input_offset[which]: an array indexed at run time would live in local memory.
    const StridedSource<Real> input{static_cast<const Complex<Real>*>(args.input) +
                                        (which ? pair.input_offset[1] : pair.input_offset[0]),
                                    args.input_stride};
    const ScaledStridedDestination<Real> unused_output{nullptr, 0, Real(1)};
    Registers<Real, E> regs;
    fixed_stockham_transform<E, false, Real, Length, Radices...>(
        args, which < pair.count, input, unused_output, scratch, [&](auto&& visit) { visit(lane, regs); },
        [] { __syncthreads(); });
    __syncthreads();
    if (which >= pair.count) return;
    const uint32_t partner = pair.count == 2 ? t ^ 1 : t;
    auto* output = static_cast<Complex<Real>*>(args.output);
    const uint64_t own_offset = which ? pair.output_offset[1] : pair.output_offset[0];
    const uint64_t partner_offset = (partner & 1) ? pair.output_offset[1] : pair.output_offset[0];
    unpack_half_length(args, output + own_offset, output + partner_offset,
                       PaddedSlot<Real>{scratch.base, PadPeriod},
                       PaddedSlot<Real>{reinterpret_cast<Complex<Real>*>(shared_bytes) + partner * args.slot_elements,
                                        PadPeriod},
                       lane, args.threads_per_transform);
}

} // namespace rift::kernels
