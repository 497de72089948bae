// 16384 single on one SM: a lone 512-thread block holds the transform in registers (32 elements a lane, passes
// of radices 32, 32 and 16), and no second block fits beside it, so nothing hides its wait for DRAM at each
// transform's start. Here the whole next transform is bulk-copied (bulk_copy.h) into shared memory while one
// runs its passes, in two halves: the first as soon as the first pass has read the current copy, the second once
// the first exchange is done, since that exchange uses the second half's space. The blocks are persistent (one an
// SM, transforms block, block + gridDim.x, ...). Shared memory, 194 KiB within the 196 KiB carveout (the L1 keeps
// the 60 KiB that holds the pass twiddles):
//
//   [ slot, 8448 elements | copy of elements 8192.. | copy of elements 0..8191 | the copies' barriers ]
//   [ first exchange, 16384 elements          ]
//
// The first exchange (pass 1 writes 32 j + r from lane j, pass 2 reads j + 512 r) takes one round through the
// slot and the high half's space. It is swizzled, not padded (padding every 32 would not fit, every 64 left
// two-way bank conflicts that made its stores a tenth of the kernel's time): element p sits at p xor 2 ((p / 32)
// mod 8), so pass 1 stores 16-byte pairs whose rows the 8 lanes of a quarter warp spread over all banks, and pass
// 2's lanes still read a lane-fixed position plus 512 r. The second (pass 2 writes (j mod 32) + 32 k + 1024
// (j / 32), pass 3 reads j + 512 b + 1024 r) goes through the slot alone, padded every 32, in two rounds of half
// the transform: element i in round bit 9 of i, at position i without that bit. So pass 2 sends its outputs k <
// 16 first and pass 3 receives its butterfly b = 0 first, both fixed at compile time (registers indexed at run
// time would live in local memory), and transforms and stores it while the second round is under way
// (docs/performance.md).
//
// The host executor runs the same transform (half_slot_transform) on the launches the GPU runs it on
// (runs_half_slot), lane by lane, so CI checks its index arithmetic against FFTW.
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

// Two adjacent elements, moved in one 16-byte shared-memory access.
template <class Real>
struct alignas(4 * sizeof(Real)) ComplexPair {
    Complex<Real> first;
    Complex<Real> second;
};

struct HalfSlotShape {
    static constexpr uint32_t length = 16384;
    static constexpr uint32_t lanes = 512;
    static constexpr int elements = 32; // a lane's
    static constexpr uint32_t half = length / 2;
    static constexpr uint32_t slot_elements = half + half / 32;
    static constexpr uint32_t first_exchange_elements = length; // unpadded: swizzled instead
    static constexpr uint32_t copy_offset = slot_elements * 8; // bytes; a multiple of 128, as bulk copies need
    static constexpr uint32_t half_copy_bytes = half * 8;
    static constexpr uint32_t barrier_offset = copy_offset + 2 * half_copy_bytes;
    static constexpr uint32_t shared_bytes = barrier_offset + 2 * 8;
};
static_assert(HalfSlotShape::first_exchange_elements <= HalfSlotShape::slot_elements + HalfSlotShape::half,
              "the first exchange takes the slot and the space of the copy's high half, no more");
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

// What a lane keeps from one step to the next: its elements, and the twiddles of its next pass, loaded in the
// step before so that their latency passes during a barrier. Loaded where they are used, they stalled passes 2
// and 3 for a fifth of the kernel's time.
template <class Real>
struct HalfSlotLane {
    Complex<Real> v[HalfSlotShape::elements];
    Complex<Real> second_twiddles[31]; // pass 2's, r = 1..31
    Complex<Real> third_twiddles[2][4]; // pass 3's w, w^2, w^4, w^8 of butterflies lane and lane + 512
};

// One transform: `low` and `high` its elements 0..8191 and 8192.. (on the GPU the copies in shared memory),
// `shared` the slot followed by room for the first exchange. for_each_lane and barrier as in
// stockham_transform.h; first_pass_read() runs after the barrier that follows every lane's reads of the copy,
// first_exchange_done() after the one that follows every lane's reads of the first exchange (there the GPU starts
// copying the next transform's low and high halves).
template <bool Inverse, class Real, class ForEachLane, class Barrier, class FirstPassRead, class FirstExchangeDone>
RIFT_HOST_DEVICE void half_slot_transform(const StockhamArgs& args, const Complex<Real>* low,
                                          const Complex<Real>* high, const ScaledStridedDestination<Real>& output,
                                          Complex<Real>* shared, ForEachLane for_each_lane, Barrier barrier,
                                          FirstPassRead first_pass_read, FirstExchangeDone first_exchange_done)
{
    const Complex<Real>* const table = static_cast<const Complex<Real>*>(args.twiddles);
    // Second exchange, positions padded every 32: pass 2 writes (j mod 32) + 32 k + 512 (j / 32) for k < 16 of
    // either round, pass 3 reads j + 512 r.
    const auto second_writes = [&](uint32_t lane) { return shared + (lane & 31) + 528 * (lane >> 5); };
    const auto second_reads = [&](uint32_t lane) { return shared + lane + (lane >> 5); };
    // Pass 3 (radix 16, span 1024) on butterfly lane + 512 b, twiddled by products of w, w^2, w^4 and w^8, and
    // stored.
    const auto third_pass = [&](uint32_t lane, HalfSlotLane<Real>& state, int b) {
        const uint32_t j = lane + 512 * b;
        const Complex<Real>(&v)[32] = state.v;
        const Complex<Real>(&w_power)[4] = state.third_twiddles[b];
        Complex<Real> u[16];
        u[0] = v[16 * b];
        RIFT_UNROLL
        for (int r = 1; r < 16; ++r) {
            const Complex<Real> w = power_from_set_bits(w_power, r);
            u[r] = v[16 * b + r] * (Inverse ? conjugate(w) : w);
        }
        dft<16, Inverse>(u);
        const auto store = [&](const auto& destination) {
            const auto run = destination_run<16>(destination, j, 1024);
            RIFT_UNROLL
            for (int r = 0; r < 16; ++r) run.store(r, u[r]);
        };
        if (is_twiddled(output))
            store(output);
        else
            store(untwiddled(output));
    };

    for_each_lane([&](uint32_t lane, HalfSlotLane<Real>& regs) { // pass 1: span 1, no twiddles
        RIFT_UNROLL
        for (int r = 0; r < 16; ++r) regs.v[r] = low[lane + 512 * r];
        RIFT_UNROLL
        for (int r = 0; r < 16; ++r) regs.v[16 + r] = high[lane + 512 * r];
        dft<32, Inverse>(regs.v);
    });
    barrier(); // also: every lane has read the previous transform's second exchange
    first_pass_read();
    for_each_lane([&](uint32_t lane, HalfSlotLane<Real>& regs) { // 32 j + r as 16 pairs, swizzled; pass 2's twiddles
        auto* const pairs = reinterpret_cast<ComplexPair<Real>*>(shared);
        const uint32_t row = 16 * lane + (lane & 7); // pair s of the row at row ^ s
        RIFT_UNROLL
        for (uint32_t s = 0; s < 16; ++s) pairs[row ^ s] = {regs.v[2 * s], regs.v[2 * s + 1]};
        RIFT_UNROLL
        for (int r = 1; r < 32; ++r)
            regs.second_twiddles[r - 1] = pass_twiddles(table, 32)[(r - 1) * 32 + (lane & 31)];
    });
    barrier();
    for_each_lane([&](uint32_t lane, HalfSlotLane<Real>& regs) { // pass 2: span 32
        const Complex<Real>* const column = shared + (lane ^ ((lane >> 4) & 14)); // j + 512 r, swizzled
        RIFT_UNROLL
        for (int r = 0; r < 32; ++r) regs.v[r] = column[512 * r];
        RIFT_UNROLL
        for (int r = 1; r < 32; ++r) {
            const Complex<Real> w = regs.second_twiddles[r - 1];
            regs.v[r] = regs.v[r] * (Inverse ? conjugate(w) : w);
        }
        dft<32, Inverse>(regs.v);
    });
    barrier();
    first_exchange_done();
    for_each_lane([&](uint32_t lane, HalfSlotLane<Real>& regs) {
        RIFT_UNROLL
        for (int k = 0; k < 16; ++k) second_writes(lane)[33 * k] = regs.v[k];
    });
    barrier();
    for_each_lane([&](uint32_t lane, HalfSlotLane<Real>& regs) { // and pass 3's twiddles
        RIFT_UNROLL
        for (int r = 0; r < 16; ++r) regs.v[r] = second_reads(lane)[528 * r];
        RIFT_UNROLL
        for (int b = 0; b < 2; ++b) {
            RIFT_UNROLL
            for (int i = 0; i < 4; ++i)
                regs.third_twiddles[b][i] = pass_twiddles(table, 1024)[((1 << i) - 1) * 1024 + lane + 512 * b];
        }
    });
    barrier();
    for_each_lane([&](uint32_t lane, HalfSlotLane<Real>& regs) {
        RIFT_UNROLL
        for (int k = 0; k < 16; ++k) second_writes(lane)[33 * k] = regs.v[16 + k];
        third_pass(lane, regs, 0);
    });
    barrier();
    for_each_lane([&](uint32_t lane, HalfSlotLane<Real>& regs) {
        RIFT_UNROLL
        for (int r = 0; r < 16; ++r) regs.v[16 + r] = second_reads(lane)[528 * r];
        third_pass(lane, regs, 1);
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
    auto* const high = reinterpret_cast<Complex<Real>*>(shared_bytes + Shape::copy_offset);
    auto* const low = reinterpret_cast<Complex<Real>*>(shared_bytes + Shape::copy_offset + Shape::half_copy_bytes);
    auto* const arrived = reinterpret_cast<uint64_t*>(shared_bytes + Shape::barrier_offset); // low, high
    const uint64_t blocks = args.transform_count(); // one transform a block
    const bool leader = threadIdx.x == 0;
    const auto copy_half = [&](uint64_t block, int half) {
        start_bulk_copy(half ? high : low, transform_tile<Real>(args, block, args.tiles, 1).input + half * Shape::half,
                        Shape::half_copy_bytes, arrived + half);
    };
    if (leader) {
        init_copy_barrier(arrived);
        init_copy_barrier(arrived + 1);
        if (blockIdx.x < blocks) {
            copy_half(blockIdx.x, 0);
            copy_half(blockIdx.x, 1);
        }
    }
    __syncthreads();
    uint32_t parity = 0;
    for (uint64_t block = blockIdx.x; block < blocks; block += gridDim.x) {
        const TransformTile<Real> tile = transform_tile<Real>(args, block, args.tiles, 1);
        const bool copy_next = leader && block + gridDim.x < blocks;
        wait_bulk_copy(arrived, parity);
        wait_bulk_copy(arrived + 1, parity);
        parity ^= 1;
        HalfSlotLane<Real> regs;
        half_slot_transform<Inverse>(
            args, low, high, transform_output<Inverse, false>(args, tile, 0),
            reinterpret_cast<Complex<Real>*>(shared_bytes), [&](auto&& visit) { visit(threadIdx.x, regs); },
            [] { __syncthreads(); },
            [&] {
                if (copy_next) copy_half(block + gridDim.x, 0);
            },
            [&] {
                if (copy_next) copy_half(block + gridDim.x, 1);
            });
    }
}
#endif

} // namespace rift::kernels
