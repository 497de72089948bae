// 16384 single on one SM: a lone 512-thread block holds the transform in registers (32 elements a lane, passes
// of radices 32, 32 and 16), and no second block fits beside it, so nothing hides its wait for DRAM at each
// transform's start. Here the passes exchange their elements through a slot of half the transform, in two rounds,
// which leaves room beside it for the whole next transform: the blocks are persistent (one an SM, transforms
// block, block + gridDim.x, ...), and while one transform runs its passes a bulk copy (bulk_copy.h) brings all of
// the next into shared memory. 66 KiB of slot and 128 KiB of copy keep within the 196 KiB carveout, so the L1
// keeps the 60 KiB that holds the pass twiddles. H200: 0.69 -> 0.6x ms, 0.74 -> 0.8x of the copy bandwidth
// (docs/performance.md, stop 33).
//
// Rounds. Element i of the transform (14 bits) goes through the slot in round h(i) at position i mod 8192, padded
// by one element every 32. Each lane sends and receives 16 of its 32 elements a round, and which ones must be
// known at compile time, or the registers would be indexed at run time (local memory):
//  - passes 1 -> 2: lane j writes i = 32 j + r (r = 0..31) and reads j + 512 r. With h = bit 4 of i xor bit 13,
//    the writer sends r < 16 first when bit 8 of j is clear, else r >= 16: the same for a whole warp, so a branch
//    that never diverges. The reader receives the r whose bit 4 equals bit 4 of j, which differs within a warp,
//    so it keeps them in the registers its own first round freed: register m then holds element (m + 16 q) mod
//    32, q = bit 4 xor bit 8 of j. Pass 2 twiddles each register by the element it holds, and a radix-32 DFT of
//    inputs rotated by 16 is the DFT with output k negated where q k is odd.
//  - passes 2 -> 3: h = bit 9 of i. Pass 2 sends its outputs k < 16 first, pass 3 receives its first butterfly
//    first (lanes run butterflies lane and lane + 512): both fixed at compile time.
// The signs reach element i = j + 512 b + 1024 r of pass 3 as (-1)^((j4 xor r3) j5), in bits of the lane j and
// of r: the factor (-1)^(r3 j5) goes into the power w^8 that twiddles r's bit 3, and (-1)^(j4 j5), common to all
// of a lane's elements, into the scale of its stores.
//
// The host executor runs the same transform (half_slot_transform) on every launch the GPU would run it on
// (runs_half_slot), so CI checks the rounds and the signs against FFTW.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

#include "kernels/bulk_copy.h"
#include "kernels/fixed_lengths.h"
#include "kernels/stockham_args.h"
#include "kernels/stockham_pass.h"
#include "kernels/stockham_transform.h"

namespace rift::kernels {

struct HalfSlotShape {
    static constexpr uint32_t length = 16384;
    static constexpr uint32_t lanes = 512;
    static constexpr int elements = 32; // a lane's
    static constexpr uint32_t half = length / 2;
    static constexpr uint32_t slot_elements = half + half / 32;
    static constexpr uint32_t slot_bytes = slot_elements * 8; // a multiple of 128: the copy lands after the slot
    static constexpr uint32_t copy_bytes = length * 8;
    static constexpr uint32_t shared_bytes = slot_bytes + copy_bytes + 8; // then the copy's barrier
};
// The passes are the catalogue's for 16384, which the plan and its launch shape come from.
static_assert(FixedLengthEntry<HalfSlotShape::length>::elements_per_lane == HalfSlotShape::elements &&
                  FixedLengthEntry<HalfSlotShape::length>::radices[0] == 32 &&
                  FixedLengthEntry<HalfSlotShape::length>::radices[1] == 32 &&
                  FixedLengthEntry<HalfSlotShape::length>::radices[2] == 16 &&
                  std::size(FixedLengthEntry<HalfSlotShape::length>::radices) == 3,
              "half_slot_transform hard-codes 16384 = 32 x 32 x 16 with 32 elements a lane");

// Launches of complex single-precision 16384 with the catalogue's passes, one unstaged transform a block, whose
// every transform starts on a 16-byte boundary and is contiguous (what a bulk copy of it needs).
inline bool runs_half_slot(const StockhamArgs& args, size_t complex_bytes)
{
    using Entry = FixedLengthEntry<HalfSlotShape::length>;
    if (complex_bytes != 8 || args.real || args.mirrored_dims > 0 || args.length != HalfSlotShape::length ||
        args.pass_count != std::size(Entry::radices) || args.threads_per_transform != HalfSlotShape::lanes ||
        args.stage_input || args.stage_output || args.tile_major || args.transforms_per_block != 1 ||
        args.input_stride != 1 || reinterpret_cast<uintptr_t>(args.input) % 16 != 0 || args.input_offset % 2 != 0)
        return false;
    for (uint32_t p = 0; p < args.pass_count; ++p)
        if (args.radix(p) != Entry::radices[p]) return false;
    for (uint32_t d = 0; d < args.dim_count; ++d)
        if (args.dims[d].input_stride % 2 != 0) return false;
    return true;
}

// One transform: `input` its elements in order (on the GPU the bulk copy in shared memory), `slot` the half slot.
// for_each_lane and barrier as in stockham_transform.h; first_pass_read() runs after the barrier that follows
// every lane's reads of the input (the GPU starts the next copy there).
template <bool Inverse, class Real, class ForEachLane, class Barrier, class FirstPassRead>
RIFT_HOST_DEVICE void half_slot_transform(const StockhamArgs& args, const Complex<Real>* input,
                                          const ScaledStridedDestination<Real>& output, Complex<Real>* slot,
                                          ForEachLane for_each_lane, Barrier barrier, FirstPassRead first_pass_read)
{
    const Complex<Real>* const table = static_cast<const Complex<Real>*>(args.twiddles);
    // Bits of the lane that decide its rounds and signs (above).
    const auto upper_warp = [](uint32_t lane) { return (lane >> 8) & 1; }; // sends r >= 16 first
    const auto rotated = [](uint32_t lane) { return ((lane >> 4) ^ (lane >> 8)) & 1; };
    // Slot positions, padded: pass 1 writes 32 (j mod 256) + m; passes 2 and 3 read j + 512 r; pass 2 writes
    // (j mod 32) + 32 k + 512 (j / 32).
    const auto first_writes = [&](uint32_t lane) { return slot + 33 * (lane & 255); };
    const auto reads = [&](uint32_t lane) { return slot + lane + (lane >> 5); };
    const auto second_writes = [&](uint32_t lane) { return slot + (lane & 31) + 528 * (lane >> 5); };
    const auto send_first = [&](uint32_t lane, Complex<Real>(&v)[32], int half) {
        RIFT_UNROLL
        for (int m = 0; m < 16; ++m) first_writes(lane)[16 * half + m] = v[16 * half + m];
    };
    const auto receive = [&](uint32_t lane, Complex<Real>(&v)[32], int half) {
        RIFT_UNROLL
        for (int r = 0; r < 16; ++r) v[16 * half + r] = reads(lane)[528 * r];
    };
    // Pass 2 (span 32): register m holds element (m + 16 q) mod 32 and takes that element's twiddle (none for
    // element 0). A half is twiddled as soon as it arrives, while other warps still read theirs.
    const auto twiddle_second = [&](uint32_t lane, Complex<Real>(&v)[32], int half) {
        const Complex<Real>* const twiddles = pass_twiddles(table, 32) + (lane & 31);
        const bool q = rotated(lane);
        const Complex<Real> one = {Real(1), Real(0)};
        const Complex<Real> w_first = (half == 0) == q ? twiddles[15 * 32] : one;
        v[16 * half] = v[16 * half] * (Inverse ? conjugate(w_first) : w_first);
        const Complex<Real>* const rows = twiddles + (half == 0 ? 1 : -1) * (q ? 512 : 0);
        RIFT_UNROLL
        for (int m = 16 * half + 1; m < 16 * half + 16; ++m) {
            const Complex<Real> w = rows[(m - 1) * 32];
            v[m] = v[m] * (Inverse ? conjugate(w) : w);
        }
    };
    // Pass 3 (radix 16, span 1024) on butterfly lane + 512 b, twiddled by products of w, w^2, w^4 and w^8, and
    // stored: the first while the second's round is under way.
    const auto third_pass = [&](uint32_t lane, Complex<Real>(&v)[32], int b) {
        const uint32_t j = lane + 512 * b;
        Complex<Real> w_power[4];
        RIFT_UNROLL
        for (int i = 0; i < 4; ++i) w_power[i] = pass_twiddles(table, 1024)[((1 << i) - 1) * 1024 + j];
        if ((lane >> 5) & 1) w_power[3] = {-w_power[3].re, -w_power[3].im};
        Complex<Real> u[16];
        u[0] = v[16 * b];
        RIFT_UNROLL
        for (int r = 1; r < 16; ++r) {
            const Complex<Real> w = power_from_set_bits(w_power, r);
            u[r] = v[16 * b + r] * (Inverse ? conjugate(w) : w);
        }
        dft<16, Inverse>(u);
        ScaledStridedDestination<Real> lane_output = output;
        if ((lane >> 4) & (lane >> 5) & 1) lane_output.scale = -lane_output.scale;
        const auto store = [&](const auto& destination) {
            const auto run = destination_run<16>(destination, j, 1024);
            RIFT_UNROLL
            for (int r = 0; r < 16; ++r) run.store(r, u[r]);
        };
        if (is_twiddled(lane_output))
            store(lane_output);
        else
            store(untwiddled(lane_output));
    };

    for_each_lane([&](uint32_t lane, Registers<Real, 32>& regs) { // pass 1: span 1, no twiddles
        RIFT_UNROLL
        for (int r = 0; r < 32; ++r) regs.v[r] = input[lane + 512 * r];
        dft<32, Inverse>(regs.v);
    });
    barrier(); // also: every lane has read the slot in the previous transform's last round
    first_pass_read();
    for_each_lane([&](uint32_t lane, Registers<Real, 32>& regs) {
        if (upper_warp(lane)) send_first(lane, regs.v, 1); else send_first(lane, regs.v, 0);
    });
    barrier();
    for_each_lane([&](uint32_t lane, Registers<Real, 32>& regs) {
        if (upper_warp(lane)) {
            receive(lane, regs.v, 1);
            twiddle_second(lane, regs.v, 1);
        } else {
            receive(lane, regs.v, 0);
            twiddle_second(lane, regs.v, 0);
        }
    });
    barrier();
    for_each_lane([&](uint32_t lane, Registers<Real, 32>& regs) {
        if (upper_warp(lane)) send_first(lane, regs.v, 0); else send_first(lane, regs.v, 1);
    });
    barrier();
    for_each_lane([&](uint32_t lane, Registers<Real, 32>& regs) {
        if (upper_warp(lane)) {
            receive(lane, regs.v, 0);
            twiddle_second(lane, regs.v, 0);
        } else {
            receive(lane, regs.v, 1);
            twiddle_second(lane, regs.v, 1);
        }
        dft<32, Inverse>(regs.v);
    });
    barrier();
    for_each_lane([&](uint32_t lane, Registers<Real, 32>& regs) {
        RIFT_UNROLL
        for (int k = 0; k < 16; ++k) second_writes(lane)[33 * k] = regs.v[k];
    });
    barrier();
    for_each_lane([&](uint32_t lane, Registers<Real, 32>& regs) { receive(lane, regs.v, 0); });
    barrier();
    for_each_lane([&](uint32_t lane, Registers<Real, 32>& regs) {
        RIFT_UNROLL
        for (int k = 0; k < 16; ++k) second_writes(lane)[33 * k] = regs.v[16 + k];
        third_pass(lane, regs.v, 0);
    });
    barrier();
    for_each_lane([&](uint32_t lane, Registers<Real, 32>& regs) {
        receive(lane, regs.v, 1);
        third_pass(lane, regs.v, 1);
    });
}

#if defined(__CUDACC__) || defined(__HIPCC__)
// Launched where runs_half_slot holds, on sm_90 and later (bulk copies), with HalfSlotShape::shared_bytes.
template <bool Inverse>
__global__ void __launch_bounds__(HalfSlotShape::lanes, 1) half_slot_stockham_kernel(StockhamArgs args)
{
    using Real = float;
    using Shape = HalfSlotShape;
    extern __shared__ __align__(128) unsigned char shared_bytes[];
    Complex<Real>* const slot = reinterpret_cast<Complex<Real>*>(shared_bytes);
    Complex<Real>* const copied = reinterpret_cast<Complex<Real>*>(shared_bytes + Shape::slot_bytes);
    auto* const arrived = reinterpret_cast<uint64_t*>(shared_bytes + Shape::slot_bytes + Shape::copy_bytes);
    const uint64_t blocks = args.transform_count(); // one transform a block
    const bool leader = threadIdx.x == 0;
    const auto copy_transform = [&](uint64_t block) {
        start_bulk_copy(copied, transform_tile<Real>(args, block, args.tiles, 1).input, Shape::copy_bytes, arrived);
    };
    if (leader) {
        init_copy_barrier(arrived);
        if (blockIdx.x < blocks) copy_transform(blockIdx.x);
    }
    __syncthreads();
    uint32_t parity = 0;
    for (uint64_t block = blockIdx.x; block < blocks; block += gridDim.x) {
        const TransformTile<Real> tile = transform_tile<Real>(args, block, args.tiles, 1);
        wait_bulk_copy(arrived, parity);
        parity ^= 1;
        Registers<Real, Shape::elements> regs;
        half_slot_transform<Inverse>(
            args, copied, transform_output<Inverse, false>(args, tile, 0), slot,
            [&](auto&& visit) { visit(threadIdx.x, regs); }, [] { __syncthreads(); },
            [&] {
                if (leader && block + gridDim.x < blocks) copy_transform(block + gridDim.x);
            });
    }
}
#endif

} // namespace rift::kernels
