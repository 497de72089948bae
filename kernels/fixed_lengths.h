// Lengths with kernels of their own, whose passes are unrolled at compile time: constant spans and trip counts,
// and each lane keeps its elements in registers between passes (one shared-memory slot a transform). The
// runtime-radix kernel needs far more registers for the same work, so the lengths people benchmark and use most
// are listed here, with the halves of common even real lengths (500 for 1000; the powers of two are here
// already), and the padded lengths of one-block Bluestein transforms: 576 and 864 pad 257-288 and 289-432 points
// more tightly than 1000, and 20480 takes single-precision transforms of 8193-10240 points, which otherwise need
// a row/column plan (one transform a block; of the pass orders tried, 8 8 8 4 10 spills the least in the
// Bluestein kernel, 64 bytes). (Radix-25 and radix-27 passes for 3125 and 2187 are slower here: 3 passes, but
// twice the registers and a quarter of the occupancy; docs/performance.md.) Pass orders: 1024 and 2048 end in
// radix 16, so their twiddled row/column steps load 5 step roots a butterfly (views.h); 2048 and 512 begin with
// the radix they end with, so a one-block Bluestein keeps the spectrum product in registers
// (filtered_transform.h); 512 takes 16 elements a lane (faster for 3D 512^3, though slower for the double
// Bluestein of 257; docs/performance.md). 8192 puts its small radix third, not last: a pass at span S reads
// twiddle rows of S entries, so a last radix 2 at span 4096 had the transform read 32 KiB of twiddles, which the
// L1 beside the large slots cannot hold; ending in 16 at span 512 reads 16 KiB. 16384 runs radix-32 butterflies
// (its lanes hold 32 elements anyway): three passes, so one shared-memory exchange fewer than 16 16 4 16.
// X(length, elements per lane E, slot padding period (shared_layout.h), radices in pass order). Every radix
// divides E: a lane runs E/R butterflies of each radix-R pass, so a transform has ceil(N/E) lanes; lane_elements()
// below widens one entry for one kernel.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/host_device.h"

#define RIFT_FOR_EACH_FIXED_LENGTH(X)                                                                        \
    X(8, 4, 16, 4, 2)                                                                                        \
    X(16, 4, 16, 4, 4)                                                                                       \
    X(32, 8, 16, 8, 4)                                                                                       \
    X(64, 8, 16, 8, 8)                                                                                       \
    X(128, 16, 16, 16, 8)                                                                                    \
    X(256, 16, 16, 16, 16)                                                                                   \
    X(512, 16, 16, 8, 8, 8)                                                                                  \
    X(1024, 16, 16, 8, 8, 16)                                                                                \
    X(2048, 16, 16, 16, 8, 16)                                                                               \
    X(4096, 16, 16, 16, 16, 16)                                                                              \
    X(8192, 16, 16, 16, 16, 2, 16)                                                                           \
    X(16384, 32, 16, 32, 32, 16)                                                                             \
    X(100, 10, 10, 10, 10)                                                                                   \
    X(243, 9, 0, 9, 9, 3)                                                                                    \
    X(1536, 24, 16, 8, 8, 8, 3)                                                                              \
    X(6561, 18, 0, 9, 9, 9, 9)                                                                               \
    X(10000, 20, 10, 10, 10, 10, 10)                                                                         \
    X(1000, 10, 10, 10, 10, 10)                                                                              \
    X(500, 10, 10, 10, 10, 5)                                                                                \
    X(2187, 9, 0, 9, 9, 9, 3)                                                                                \
    X(3125, 10, 0, 5, 5, 5, 5, 5)                                                                            \
    X(576, 12, 16, 12, 12, 4)                                                                                \
    X(864, 12, 16, 12, 12, 6)                                                                                \
    X(20480, 40, 16, 8, 8, 8, 4, 10)

namespace rift::kernels {

// The kernels built on a catalogue entry: the plain Stockham kernel on complex or real data (real_pack.h), a row
// and its mirror (real_mirror.h), the one-block and three-stage Bluestein kernels, and the convolution's.
enum class EntryKernel { complex_stockham, real_stockham, mirrored_rows, bluestein, bluestein_steps, convolution };

// The catalogue as types, for code built on one entry's shape at compile time (half_slot_kernel.h checks
// 16384's).
template <uint32_t Length>
struct FixedLengthEntry;
#define RIFT_FIXED_LENGTH_ENTRY(length, elements, pad, ...)                                                  \
    template <>                                                                                              \
    struct FixedLengthEntry<length> {                                                                        \
        static constexpr uint32_t elements_per_lane = elements;                                              \
        static constexpr uint32_t pad_period = pad;                                                          \
        static constexpr uint32_t radices[] = {__VA_ARGS__};                                                 \
    };
RIFT_FOR_EACH_FIXED_LENGTH(RIFT_FIXED_LENGTH_ENTRY)
#undef RIFT_FIXED_LENGTH_ENTRY

// The elements a lane of an entry's kernel; the plan sizes launches and the launchers pick kernels with it. The
// complex Stockham kernel of 8192 single takes 32, not the entry's 16: 256 lanes of about 108 registers, the shape
// of cuFFT's kernel (256 x 32), faster where DRAM outpaces the SMs and about even elsewhere. Kernels with more
// live state were slower at 32 (real-data staging, one-block Bluestein), and double precision would need twice
// the registers; they keep the entry's count (docs/performance.md).
RIFT_HOST_DEVICE constexpr uint32_t lane_elements(EntryKernel kernel, uint32_t length, uint32_t entry_elements,
                                                  size_t complex_bytes)
{
    return kernel == EntryKernel::complex_stockham && complex_bytes == 8 && length == 8192 ? 32 : entry_elements;
}

} // namespace rift::kernels
