// Everything one launch of the LDS-resident Stockham kernel needs, passed by value. The planner fills the shape,
// the executor fills the buffers; the host executor reads the same struct.
#pragma once

#include <cstdint>

#include "kernels/host_device.h"

namespace rift::kernels {

// The planner's factorizations of lengths up to 2^16 take at most 7 passes.
inline constexpr int kMaxPasses = 8;
// Batch dimensions of one launch: a 3D transform's two other axes and its batch, or the digits a row/column
// step keeps apart (library/plan/row_column_node.cpp), with room to spare.
inline constexpr int kMaxBatchDims = 6;

// One axis along which a launch repeats its transform, strides in elements.
struct BatchDim {
    uint64_t count = 1;
    uint64_t input_stride = 0;
    uint64_t output_stride = 0;
};

// The transforms of a batch's axes.
RIFT_HOST_DEVICE uint64_t batch_transform_count(const BatchDim* dims, uint32_t dim_count)
{
    uint64_t count = 1;
    for (uint32_t d = 0; d < dim_count; ++d) count *= dims[d].count;
    return count;
}

// Adds where transform `transform` (counted over all the axes, dims[0] fastest) starts on each side.
RIFT_HOST_DEVICE void add_batch_offsets(const BatchDim* dims, uint32_t dim_count, uint64_t transform,
                                        uint64_t& input_offset, uint64_t& output_offset)
{
    for (uint32_t d = 0; d < dim_count; ++d) {
        const uint64_t index = d + 1 == dim_count ? transform : transform % dims[d].count;
        transform /= dims[d].count;
        input_offset += index * dims[d].input_stride;
        output_offset += index * dims[d].output_stride;
    }
}

// Real data of odd length two transforms a DFT, as its real and imaginary parts (real transforms, real_pack.h, and
// real-to-real ones, real_to_real.h): dims[0] then counts pairs, with the strides of every second transform, and
// the pair at index i of dims[0] has a twin `input_stride` and `output_stride` elements (of each side) past its
// first transform where i < count (all but the last pair of an odd number). count 0: one transform a DFT.
struct TwinTransforms {
    uint64_t input_stride = 0;
    uint64_t output_stride = 0;
    uint64_t count = 0;
};

struct StockhamArgs {
    const void* twiddles = nullptr; // pass twiddle tables, in the plan's precision
    const void* input = nullptr;
    void* output = nullptr;
    uint64_t input_offset = 0; // all in elements
    uint64_t input_stride = 0;
    uint64_t output_offset = 0;
    uint64_t output_stride = 0;
    // Output elements in groups of 2^output_group_bits: element k at (k mod 2^bits) * output_stride +
    // (k >> bits) * output_group_stride. The work buffer between the two steps of a row/column plan
    // (library/plan/row_column_node.cpp); tile-major launches only. 0 bits: plain strides.
    uint32_t output_group_bits = 0;
    uint64_t output_group_stride = 0;
    // dims[0] is the axis a block tiles: its transforms_per_block transforms are consecutive along it, so a
    // staged access (below) reads and writes runs of consecutive elements when dims[0] has unit stride.
    BatchDim dims[kMaxBatchDims];
    uint32_t dim_count = 1;
    uint32_t tiles = 1; // blocks along dims[0]: ceil(dims[0].count / transforms_per_block)
    double scale = 1.0;
    uint32_t length = 0;
    uint32_t pass_count = 0;
    uint32_t threads_per_transform = 0;
    uint32_t transforms_per_block = 0; // a power of two when staged
    uint32_t slot_elements = 0;        // shared-memory elements a transform's slot takes
    uint32_t pad_period = 0;           // slot padding, see shared_layout.h
    // Radix of pass p in byte p: a packed word, because a kernel parameter array indexed by the pass number would
    // be copied to slow local memory.
    uint64_t packed_radices = 0;
    // Staged accesses go through the block's shared memory, element k of all its transforms before element k+1,
    // so that columns (transforms whose elements are far apart but which lie side by side) move in runs.
    bool stage_input = false;
    bool stage_output = false;
    // Tile-major blocks put the tile's transforms along threadIdx.x and the lanes of a transform along threadIdx.y,
    // so a warp's loads and stores of a pass hit consecutive transforms: columns coalesce without staging.
    bool tile_major = false;
    // Row/column steps multiply output element k of the transform at index i of dims[0] by
    // exp(-+2 pi i i k / (length * dims[0].count)): the twiddle between two factors of a long transform, from a
    // two-level table (low entries: exponents below 2^bits; high entries: multiples of 2^bits). Null when none.
    const void* step_twiddles = nullptr;
    uint32_t step_twiddle_bits = 0;
    // A real transform (kernels/real_pack.h): forward (R2C) when the kernel's direction is forward, else C2R.
    // half_length: 2 * length reals through a complex transform of `length`, with real_twiddles holding
    // exp(-2 pi i k / (2 length)) for k = 0 .. length / 2. Otherwise `length` reals through one of `length`.
    // A staged real side counts its offsets and strides in reals; an unstaged one (half_length only) is read or
    // written as `length` complex elements and counts in those.
    // A real-to-real transform (kernels/real_to_real.h) sets `real` too, and real_to_real to 1 + its
    // RealToRealKind (0: none): real_to_real_length reals each way through the staged sides, the complex DFT of
    // `length` between them, and real_twiddles the items' rotations, then the rotations
    // exp(-2 pi i e / real_to_real_rotation_order) as a two-level table (low entries: exponents below
    // 2^real_to_real_root_bits; real_to_real.h, RealToRealRotation).
    bool real = false;
    bool half_length = false;
    const void* real_twiddles = nullptr;
    uint32_t real_to_real = 0;
    uint32_t real_to_real_length = 0;
    uint32_t real_to_real_root_bits = 0;
    TwinTransforms twins;
    // The rows of a column-first multi-dimensional R2C (real_mirror.h): the first mirrored_dims batch axes are
    // the other dimensions, and each block runs a row and its mirror. 0 everywhere else.
    uint32_t mirrored_dims = 0;

    RIFT_HOST_DEVICE uint32_t radix(uint32_t pass) const { return uint32_t(packed_radices >> (8 * pass)) & 0xff; }
    RIFT_HOST_DEVICE uint64_t transform_count() const { return batch_transform_count(dims, dim_count); }
};

} // namespace rift::kernels
