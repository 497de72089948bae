// The Stockham kernels: the whole transform in one block. Global memory is read once (by the first pass,
// straight into registers) and written once (by the last pass, scaled); every global access of a pass is
// coalesced along the transform. A block runs `transforms_per_block` transforms side by side: threadIdx.y picks
// one, threadIdx.x is the lane within it. See stockham_transform.h for the two forms.
#pragma once

#include "kernels/bulk_copy.h"
#include "kernels/real_mirror.h"
#include "kernels/real_pack.h"
#include "kernels/real_to_real.h"
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

// The transform and lane of a block's thread where one butterfly is split over Lanes lanes (stockham_transform.h):
// each lane's code is its own, so a warp's threads share a lane. The block's transforms go in groups of 32, each
// group's threads lane by lane (a last group of fewer transforms likewise).
template <uint32_t Lanes>
__device__ void split_butterfly_thread(uint32_t thread, uint32_t per_block, uint32_t& t, uint32_t& lane)
{
    constexpr uint32_t kGroup = 32;
    const uint32_t first = thread / (kGroup * Lanes) * kGroup;
    const uint32_t size = min(kGroup, per_block - first);
    const uint32_t index = thread - first * Lanes;
    lane = index / size;
    t = first + index - lane * size;
}

// A real-to-real launch's staged copies (real_to_real.h), apart from those of R2C and C2R, whose kernels carry
// them too: the R2C and C2R copies keep their threads' transforms and lanes as the block's thread indices. Each
// thread takes a transform and a lane: lane by lane within a transform, except where the side is strided in a
// tiled launch (columns, a power of two transforms a block): then a warp's consecutive threads take the same
// element of consecutive transforms, whose addresses in columns lie side by side.
__device__ inline void real_to_real_staging_thread(const StockhamArgs& args, uint64_t side_stride, uint32_t& t,
                                                   uint32_t& lane)
{
    const uint32_t per_block = args.transforms_per_block;
    if (side_stride != 1 && (per_block & (per_block - 1)) == 0) {
        t = block_thread() & (per_block - 1);
        lane = block_thread() >> (31 - __clz(per_block));
    } else {
        t = tile_transform(args.tile_major);
        lane = transform_lane(args.tile_major);
    }
}

template <uint32_t InFlightBytes, bool OddReal, real_to_real::HalvedDct3Copy Dct3Copy, uint32_t KindOnly, class Real>
__device__ __forceinline__ void stage_real_to_real_tile_input(const StockhamArgs& args, const TransformTile<Real>& tile,
                                                           Complex<Real>* slots, uint32_t pad_period)
{
    uint32_t t, lane;
    real_to_real_staging_thread(args, args.input_stride, t, lane);
    stage_real_to_real_in<InFlightBytes, OddReal, Dct3Copy, KindOnly>(
        args, tile, t, t < tile.count, PaddedSlot<Real>{slots + t * args.slot_elements, pad_period}, lane,
        args.threads_per_transform, [] { __syncthreads(); });
}

template <bool OddReal, bool HalvedDct2Only, uint32_t KindOnly, class Real>
__device__ __forceinline__ void stage_real_to_real_tile_output(const StockhamArgs& args,
                                                            const TransformTile<Real>& tile, Complex<Real>* slots,
                                                            uint32_t pad_period)
{
    uint32_t t, lane;
    real_to_real_staging_thread(args, args.output_stride, t, lane);
    stage_real_to_real_out<OddReal, HalvedDct2Only, KindOnly>(args, tile, t, t < tile.count,
                                    PaddedSlot<Real>{slots + t * args.slot_elements, pad_period}, lane,
                                    args.threads_per_transform);
}

// A real-to-real input's loads in flight a lane (real_to_real.h) in a kernel of E elements a lane: a quarter of
// their bytes, so the loads' values and addresses stay within the registers of the passes, which the R2C and C2R
// transforms of the same kernel need (ptxas -v before and after shows it). Inverse kernels (DCT-III) load an item
// at a time: their C2R passes leave no registers to spare.
template <class Real, bool Inverse, int E>
inline constexpr uint32_t kRealToRealInFlightBytes = Inverse ? 0 : uint32_t(E * sizeof(Complex<Real>) / 4);

// The staged copies of a block (slots: the block's first slot of the set used). Complex tiles move element-major
// across the whole tile; a real transform's copies go lane by lane within its own transform (real_pack.h), a
// real-to-real transform's as above. Real transforms get kernels of their own: their copies cost the complex
// kernels registers even when not taken. Likewise OddReal (the real transforms may be of odd length): only then may
// a DFT carry twin transforms (StockhamArgs::twins) or the odd forms of real-to-real transforms, which kernels of
// even real lengths leave out. And Dct3Copy (real_to_real_input): DCT-III's copy in quads, compiled into inverse
// kernels of even length only, as their length takes it (halved_dct3_copy). HalvedDct2Only: kernels made for the
// reordered input of DCT-II and DST-II compile that form's output map alone. KindOnly: the real-to-real kind the
// kernel was compiled for (kernel_real_to_real_kind; 0: the launch's).
template <bool Inverse, bool RealData, uint32_t InFlightBytes, bool OddReal = true,
          real_to_real::HalvedDct3Copy Dct3Copy = real_to_real::HalvedDct3Copy::mirrored_quads, uint32_t KindOnly = 0,
          class Real>
__device__ void stage_tile_input(const StockhamArgs& args, const TransformTile<Real>& tile, Complex<Real>* slots,
                                 uint32_t pad_period)
{
    if constexpr (RealData) {
        if (args.real_to_real != 0)
            return stage_real_to_real_tile_input<InFlightBytes, OddReal, Dct3Copy, KindOnly>(args, tile, slots,
                                                                                            pad_period);
        const uint32_t t = tile_transform(args.tile_major);
        if (t < tile.count)
            stage_real_transform_input<Inverse, OddReal>(args, tile, t, {slots + t * args.slot_elements, pad_period},
                                                         transform_lane(args.tile_major), args.threads_per_transform);
    } else {
        stage_input(args, tile, slots, pad_period, 31 - __clz(args.transforms_per_block), block_thread(),
                    block_threads());
    }
}

template <bool Inverse, bool RealData, bool OddReal = true, bool HalvedDct2Only = false, uint32_t KindOnly = 0,
          class Real>
__device__ void stage_tile_output(const StockhamArgs& args, const TransformTile<Real>& tile, Complex<Real>* slots,
                                  uint32_t pad_period)
{
    if constexpr (RealData) {
        if (HalvedDct2Only || args.real_to_real != 0)
            return stage_real_to_real_tile_output<OddReal, HalvedDct2Only, KindOnly>(args, tile, slots, pad_period);
        const uint32_t t = tile_transform(args.tile_major);
        if (t < tile.count)
            stage_real_transform_output<Inverse, OddReal>(args, tile, t, {slots + t * args.slot_elements, pad_period},
                                                          transform_lane(args.tile_major), args.threads_per_transform);
    } else {
        stage_output<Inverse>(args, tile, slots, pad_period, 31 - __clz(args.transforms_per_block), block_thread(),
                              block_threads());
    }
}

// The runtime-radix kernel's lanes hold a butterfly's elements at a time.
inline constexpr uint32_t kRuntimeRadixInFlightBytes = 16;

template <class Real, bool Inverse, bool RealData>
__global__ void __launch_bounds__(kMaxThreadsPerBlock) generic_stockham_kernel(StockhamArgs args)
{
    extern __shared__ unsigned char shared_bytes[];
    const uint32_t per_block = args.transforms_per_block;
    const TransformTile<Real> tile = transform_tile<Real>(args, blockIdx.x, args.tiles, per_block);
    Complex<Real>* const slots = reinterpret_cast<Complex<Real>*>(shared_bytes);
    if (args.stage_input) {
        stage_tile_input<Inverse, RealData, kRuntimeRadixInFlightBytes>(
            args, tile, slots + per_block * args.slot_elements, args.pad_period);
        __syncthreads();
    }
    const uint32_t t = tile_transform(args.tile_major);
    const ScratchSlot<Real> scratch0 = transform_slot<Real>(shared_bytes, t, args.slot_elements, args.pad_period);
    const ScratchSlot<Real> scratch1 =
        transform_slot<Real>(shared_bytes, per_block + t, args.slot_elements, args.pad_period);
    generic_stockham_transform<Inverse>(args, transform_lane(args.tile_major), args.threads_per_transform, t < tile.count,
                                        unstaged_input<Inverse, RealData, true>(args, tile, t),
                                        unstaged_output<Inverse, RealData, true, false>(args, tile, t), scratch0,
                                        scratch1, [] { __syncthreads(); });
    if (args.stage_output) {
        __syncthreads();
        stage_tile_output<Inverse, RealData>(
            args, tile, slots + generic_output_slot(args.pass_count) * per_block * args.slot_elements, args.pad_period);
    }
}

// What the first pass reads where the input is not staged: the reordered reals of a DCT-II or DST-II where they lie
// in kernels made for them (ReorderedInput), else the plain or real-side views (real_pack.h).
template <bool Inverse, bool RealData, bool OddReal, bool ReorderedInput, class Real>
__device__ __forceinline__ auto first_pass_input(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t)
{
    if constexpr (ReorderedInput) return reordered_input(args, tile, t);
    else return unstaged_input<Inverse, RealData, OddReal>(args, tile, t);
}

// The transforms of a block whose lanes keep their elements in registers (Lanes lanes of E a transform), one
// padded slot a transform; shape and padding are compile-time constants, so slot addressing folds to shifts and
// adds. StagedRows: the staged sides (args.stage_input, args.stage_output) are spans of consecutive transforms
// (transform_tile.h), not columns; of real data, the sides of the halved real-to-real forms, whose spans move
// through rows of shared memory after the slots (real_to_real.h, move_real_rows), the maps between the rows and the
// slots: both sides, but for a reordered input, which the first pass reads where it lies (its output map's scattered
// reals are what the rows gather into whole lines; args.stage_input false). UnitStrides: both
// sides unstaged, of unit stride and untwiddled, so the global addresses of the first and last passes fold to each
// lane's base plus constants (unit_stride_sides); a runtime choice between these views and the strided ones would
// cost both the registers of either. KindOnly: the real-to-real kind of a kernel of real data compiled for one
// (kernel_real_to_real_kind; 0: the launch's).
template <class Real, bool Inverse, bool RealData, bool OddReal, bool ReorderedInput, bool TileMajor, bool StagedRows,
          bool UnitStrides, uint32_t KindOnly, int E, uint32_t Lanes, uint32_t Length, uint32_t PadPeriod,
          uint32_t... Radices>
__device__ __forceinline__ void register_resident_transforms(const StockhamArgs& args)
{
    static_assert(!OddReal || (RealData && Length % 2 == 1), "real data of odd length runs a DFT of odd length");
    static_assert(!ReorderedInput || (RealData && !OddReal && !Inverse && !TileMajor),
                  "reordered inputs of even length are read by forward lane-major kernels of real data");
    static_assert(!(TileMajor && RealData), "real transforms stage their hermitian side, never tile-major");
    static_assert(!(StagedRows && (TileMajor || OddReal)),
                  "staged rows are lane-major transforms of complex data or of halved real-to-real forms");
    constexpr bool RealRows = StagedRows && RealData;
    constexpr bool RealRowsIn = RealRows && !ReorderedInput;
    static_assert(!(UnitStrides && (TileMajor || RealData || StagedRows)),
                  "unit strides are those of complex lane-major transforms, unstaged");
    extern __shared__ unsigned char shared_bytes[];
    const uint32_t per_block = args.transforms_per_block;
    const TransformTile<Real> tile = transform_tile<Real>(args, blockIdx.x, args.tiles, per_block);
    Complex<Real>* const slots = reinterpret_cast<Complex<Real>*>(shared_bytes);
    constexpr uint32_t kRowReals = 2 * Length; // the halved forms' n
    Real* const rows = RealRows ? reinterpret_cast<Real*>(shared_bytes + real_rows_offset(per_block, args.slot_elements,
                                                                                         sizeof(Complex<Real>)))
                                : nullptr;
    if constexpr (RealRowsIn) {
        real_to_real::move_real_rows<kRowReals, E, true>(static_cast<const Real*>(args.input) + tile.input_offset, rows,
                                                         tile.count, block_thread(), block_threads());
        __syncthreads();
        const uint32_t row = tile_transform(false);
        stage_real_to_real_row_in<kRealToRealInFlightBytes<Real, Inverse, E>, KindOnly>(
            args, real_to_real_row(rows, kRowReals, row), row < tile.count,
            PaddedSlot<Real>{slots + row * args.slot_elements, PadPeriod}, transform_lane(false),
            args.threads_per_transform, [] { __syncthreads(); });
        __syncthreads();
    } else if (!TileMajor && !ReorderedInput && args.stage_input) {
        if constexpr (StagedRows)
            stage_span_input<Length, PadPeriod, uint32_t(E)>(args, tile, slots, block_thread(), block_threads());
        else
            stage_tile_input<Inverse, RealData, kRealToRealInFlightBytes<Real, Inverse, E>, OddReal,
                             real_to_real::halved_dct3_copy(Inverse, Length), KindOnly>(args, tile, slots, PadPeriod);
        __syncthreads();
    }
    uint32_t t = tile_transform(TileMajor);
    uint32_t lane = transform_lane(TileMajor);
    if constexpr (sizeof...(Radices) == 1 && Lanes > 1) {
        static_assert(!TileMajor, "split butterflies are lane-major transforms");
        split_butterfly_thread<Lanes>(block_thread(), per_block, t, lane);
    }
    const ScratchSlot<Real> scratch = transform_slot<Real>(shared_bytes, t, args.slot_elements, PadPeriod);
    Registers<Real, E> regs;
    const auto passes = [&](const auto& input, const auto& output) RIFT_INLINE_LAMBDA {
        fixed_stockham_passes<E, Lanes, Inverse, Real, Length, 1, Radices...>(
            args, t < tile.count, input, output, scratch, [&](auto&& visit) RIFT_INLINE_LAMBDA { visit(lane, regs); },
            [] { __syncthreads(); });
    };
    if constexpr (UnitStrides) {
        const TransformOnUnitStrides<Real> sides = unit_stride_sides(args, tile, t);
        passes(sides.input, sides.output);
    } else {
        passes(first_pass_input<Inverse, RealData, OddReal, ReorderedInput>(args, tile, t),
               unstaged_output<Inverse, RealData, OddReal, TileMajor>(args, tile, t));
    }
    if (RealRows || (!TileMajor && args.stage_output)) {
        __syncthreads();
        if constexpr (RealRows) {
            const uint32_t row = tile_transform(false);
            stage_real_to_real_row_out<ReorderedInput, KindOnly>(
                args, real_to_real_row(rows, kRowReals, row), row < tile.count,
                PaddedSlot<Real>{slots + row * args.slot_elements, PadPeriod}, transform_lane(false),
                args.threads_per_transform);
            __syncthreads();
            Real* const output = static_cast<Real*>(args.output) + tile.output_offset;
            real_to_real::move_real_rows<kRowReals, E, false>(rows, output, tile.count, block_thread(),
                                                              block_threads());
        } else if constexpr (StagedRows)
            stage_span_output<Length, PadPeriod>(args, tile, slots, block_thread(), block_threads());
        else
            stage_tile_output<Inverse, RealData, OddReal, ReorderedInput, KindOnly>(args, tile, slots, PadPeriod);
    }
}

// The transforms of a lane-major launch whose SMs hold one block each (one transform a block, its input
// contiguous): with no second block beside it, nothing would hide a transform's wait for DRAM, so the blocks are
// persistent (transforms blockIdx.x, + gridDim.x, ...) and bulk-copy (bulk_copy.h) the next transform's input into
// shared memory beside the slot while the current one runs its passes; the first pass reads its copy there. The
// next copy starts at the passes' first barrier, when every lane has read the current one. The copy keeps the
// input's place within 16 bytes (prefetch_layout), as bulk copies need; an element that straddles a 16-byte
// boundary at either end of the input is copied by a thread of its own.
template <class Real, bool Inverse, int E, uint32_t Lanes, uint32_t Length, uint32_t PadPeriod, uint32_t... Radices>
__device__ __forceinline__ void prefetched_transforms(const StockhamArgs& args)
{
    static_assert(sizeof...(Radices) >= 2, "the next copy starts at the passes' first barrier");
    static_assert(Lanes >= 3 && Length * sizeof(Complex<Real>) >= 48, "three threads copy, at least 16 bytes in bulk");
    constexpr PrefetchLayout layout = prefetch_layout(Length, PadPeriod, sizeof(Complex<Real>));
    extern __shared__ __align__(128) unsigned char shared_bytes[];
    unsigned char* const copy = shared_bytes + layout.copy_offset;
    uint64_t* const arrived = reinterpret_cast<uint64_t*>(shared_bytes + layout.barrier_offset);
    const uint64_t transforms = args.transform_count(); // one a block at a time
    const auto first_copied = [&](const Complex<Real>* input) {
        return reinterpret_cast<Complex<Real>*>(copy + (reinterpret_cast<uintptr_t>(input) & 15));
    };
    const auto start_copy = [&](uint64_t transform) {
        const Complex<Real>* const input = transform_tile<Real>(args, transform, args.tiles, 1).input;
        const uintptr_t begin = reinterpret_cast<uintptr_t>(input);
        const uintptr_t end = begin + uintptr_t(Length) * sizeof(Complex<Real>);
        const uintptr_t aligned_begin = (begin + 15) & ~uintptr_t(15);
        const uintptr_t aligned_end = end & ~uintptr_t(15);
        Complex<Real>* const first = first_copied(input);
        if (threadIdx.x == 0)
            start_bulk_copy(reinterpret_cast<unsigned char*>(first) + (aligned_begin - begin),
                            reinterpret_cast<const void*>(aligned_begin), uint32_t(aligned_end - aligned_begin),
                            arrived);
        if (threadIdx.x == 1 && aligned_begin != begin) first[0] = input[0];
        if (threadIdx.x == 2 && aligned_end != end) first[Length - 1] = input[Length - 1];
    };
    if (threadIdx.x == 0) init_copy_barrier(arrived);
    __syncthreads();
    if (blockIdx.x < transforms) start_copy(blockIdx.x);
    const ScratchSlot<Real> scratch = transform_slot<Real>(shared_bytes, 0, args.slot_elements, PadPeriod);
    uint32_t parity = 0;
    for (uint64_t transform = blockIdx.x; transform < transforms; transform += gridDim.x) {
        const TransformTile<Real> tile = transform_tile<Real>(args, transform, args.tiles, 1);
        wait_bulk_copy(arrived, parity);
        parity ^= 1;
        __syncthreads(); // the threads' copies of the ends; every lane done with the previous transform's slot
        const uint64_t next = transform + gridDim.x;
        bool next_started = false;
        Registers<Real, E> regs;
        fixed_stockham_passes<E, Lanes, Inverse, Real, Length, 1, Radices...>(
            args, true, ContiguousSource<Real>{first_copied(tile.input)},
            transform_output<Inverse, false>(args, tile, 0), scratch,
            [&](auto&& visit) RIFT_INLINE_LAMBDA { visit(threadIdx.x, regs); },
            [&] {
                __syncthreads();
                if (!next_started && next < transforms) start_copy(next);
                next_started = true;
            });
    }
}

// The catalogue's lengths (fixed_lengths.h), compiled ahead of time. Tile-major launches (columns on both sides,
// never staged) get instantiations of their own: sharing one kernel with the staged copies let changes to those
// move the register allocation and scheduling of the tile-major passes. A real kernel of odd length serves real
// transforms of that length and of twice it alike.
template <class Real, bool Inverse, bool RealData, bool TileMajor, uint32_t MaxThreads, uint32_t MinBlocks, int E,
          uint32_t Length, uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(MaxThreads, MinBlocks) fixed_stockham_kernel(StockhamArgs args)
{
    static_assert(((E % Radices == 0) && ...), "every radix must divide the elements a lane holds");
    register_resident_transforms<Real, Inverse, RealData, RealData && Length % 2 == 1, false, TileMajor, false,
                                 false, 0, E, (Length + E - 1) / E, Length, PadPeriod, Radices...>(args);
}

// Every other length that fits a block, compiled at run time for the plans that need it
// (library/exec/runtime_kernels.h): lane-major launches of complex or real data (rows staged as spans where
// StagedRows, persistent blocks prefetching their next input where Prefetched, rows of unit stride on both
// sides where UnitStrides), tile-major ones of complex data, with the lanes, block size and resident blocks an SM
// the planner chose. OddReal: real transforms of odd length (of twice an odd length, the kernel leaves their forms
// out). ReorderedInput: DCT-II and DST-II of even length, their input read where it lies (real_to_real.h,
// ReorderedSource), their output through rows where StagedRows. KindOnly: a kernel of real data for one real-to-real
// kind (kernel_real_to_real_kind), the maps of the others left out; 0, any kind or none.
template <class Real, bool Inverse, bool RealData, bool OddReal, bool ReorderedInput, bool TileMajor, bool StagedRows,
          bool Prefetched, bool UnitStrides, uint32_t KindOnly, uint32_t MaxThreads, uint32_t MinBlocks, int E,
          uint32_t Lanes, uint32_t Length, uint32_t PadPeriod, uint32_t... Radices>
__global__ void __launch_bounds__(MaxThreads, MinBlocks) compiled_stockham_kernel(StockhamArgs args)
{
    if constexpr (Prefetched) {
        static_assert(!RealData && !TileMajor && !StagedRows && !UnitStrides,
                      "prefetching launches are plain complex lane-major");
        prefetched_transforms<Real, Inverse, E, Lanes, Length, PadPeriod, Radices...>(args);
    } else {
        register_resident_transforms<Real, Inverse, RealData, OddReal, ReorderedInput, TileMajor, StagedRows,
                                     UnitStrides, KindOnly, E, Lanes, Length, PadPeriod, Radices...>(args);
    }
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
        args, which < pair.count, input, unused_output, scratch,
        [&](auto&& visit) RIFT_INLINE_LAMBDA { visit(lane, regs); }, [] { __syncthreads(); });
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
