// How a one-block Stockham transform of a given length is shaped: its passes, lanes, shared-memory slot, and how
// many transforms share a block. The Stockham and Bluestein nodes size their launches with it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/fixed_lengths.h"
#include "kernels/real_to_real.h"
#include "kernels/shared_layout.h"
#include "kernels/stockham_args.h"
#include "library/exec/runtime_kernels.h"
#include "library/plan/strided_batch.h"

namespace rift {

struct StockhamShape {
    std::vector<uint32_t> radices; // empty: a prime factor without a butterfly
    bool fixed_length = false;
    uint32_t pad_period = 0;
    uint32_t threads_per_transform = 0;
    uint32_t slot_elements = 0;
    size_t shared_bytes_per_transform = 0;
    uint32_t max_tiled_threads = kernels::kMaxThreadsPerBlock; // a block of a tiled launch
};

// The shape of `kernel`'s transforms: a fixed length's lanes depend on the kernel (kernels::lane_elements), and
// the slots of the complex kernel's tile-major launches on their lanes (kernels::tile_major_pad_period).
StockhamShape stockham_shape(uint32_t length, size_t element_bytes, kernels::EntryKernel kernel,
                             bool tile_major = false);

// How a launch's blocks hold their transforms, which decides the shape of a kernel compiled for it:
// lane-major (threadIdx.x the lane, each side read or written along the transform), staged (lane-major, a column
// side moved through shared memory a tile at a time), staged rows (lane-major, sides of consecutive transforms
// moved through shared memory as one span), prefetched (lane-major, one transform a persistent block, whose input
// rows are bulk-copied into shared memory a transform ahead: kernels::prefetch_layout) or tile-major (columns on
// both sides: threadIdx.x the transform, so each access moves one element of every transform of the tile).
enum class BlockLayout { lane_major, staged, staged_rows, prefetched, tile_major };

// The kernel compiled at run time for a length without a catalogue entry (shape from compiled_stockham_shape), or
// nothing where the length keeps the runtime-radix kernel: a single butterfly (kLongestRuntimeRadixLength), a
// catalogue length (but for KernelData::reordered_input, which only compiled kernels read), or no compiled shape.
// `data`: complex, or the transforms of a real batch (lane-major or staged only; reordered_input forward and
// lane-major only; KernelData). Lane-major and tile-major kernels get the register budget of their blocks in
// `shared_memory_per_block`; staged ones the threads of max_tiled_threads.
std::optional<CompiledKernel> compiled_stockham_identity(uint32_t length, Precision precision,
                                                         Direction direction, KernelData data, BlockLayout layout,
                                                         size_t shared_memory_per_block);

// Whether the lane-major rows of `length` take BlockLayout::prefetched (where the batch allows): their compiled
// kernel leaves an SM one block of one transform, it has two passes or more (the copy starts at the first
// barrier between them), and a block holds the slot and the copy with room left for the L1.
bool compiled_rows_prefetch(uint32_t length, Precision precision, size_t shared_memory_per_block);

// The one-block convolution kernels of Rader's and Bluestein's algorithms (kernels/rader_kernel.h,
// kernels/bluestein_kernel.h): the lane-major compiled shape of the convolution length with a block's register
// budget, or nothing where that length has no compiled shape or its slot does not fit `shared_memory_per_block`.
// `real_data`: Bluestein's kernel of a real transform.
std::optional<CompiledKernel> compiled_convolution_identity(CompiledFamily family, uint32_t length,
                                                            Precision precision, bool real_data,
                                                            size_t shared_memory_per_block);

// The register-resident shape of a length without a catalogue entry, for a kernel compiled at run time
// (library/exec/runtime_kernels.h): the planner's radices, and the lanes that waste the fewest register slots
// (the warps' lanes x the most elements a lane holds in any pass) within the first lane budget that fits: few
// elements a lane in a block of at most 512 lanes, then more, then wide blocks, at most 32 complex elements a
// lane (16 in double precision). Empty radices when the length has a factor without a butterfly or does not fit.
// Tile-major launches shape their lanes for their tiles instead (`shared_memory_per_block` bounds a tile): a tile
// of 128 bytes along the tile axis where a block's threads, registers and shared memory allow one, narrower
// only where none does; max_tiled_threads is the block that tile takes.
StockhamShape compiled_stockham_shape(uint32_t length, size_t element_bytes,
                                      BlockLayout layout = BlockLayout::lane_major,
                                      size_t shared_memory_per_block = 0);

// The shape of the kernel compiled for `data`: for KernelData::reordered_input, a catalogue length keeps its
// entry's real-data shape and register budget (the catalogue's kernels do not read those inputs; its shapes are
// the tuned ones), any other length and data compiled_stockham_shape's.
StockhamShape compiled_kernel_shape(uint32_t length, KernelData data, size_t element_bytes, BlockLayout layout,
                                    size_t shared_memory_per_block);
// Lengths of one large prime butterfly (17-31, and 37-61 without a butterfly of their own) whose one lane would
// hold too many registers to keep enough warps resident (double precision: beyond the lane budgets; single: its
// inputs and outputs beyond 96 registers) split it over a few lanes (kernels::split_butterfly_sums), each keeping
// the sums of a few output pairs: their lanes, else 0.
uint32_t split_butterfly_lanes(uint32_t length, size_t element_bytes);
// Whether a compiled shape is one butterfly split over lanes.
bool splits_butterfly(const StockhamShape& shape);
// Whether complex rows of `length` that lie as spans move through shared memory as spans of the block's transforms
// (BlockLayout::staged_rows): transforms of so few lanes that their runs fit a sector, and split butterflies,
// whose every lane reads the whole transform.
bool stages_row_spans(uint32_t length, size_t element_bytes);
// How the input of a halved real-to-real form reaches its DFT where its rows are not staged: read by the first pass
// (DCT-II, DST-II), copied in quads (DCT-III of n a multiple of 4), mapped in pairs of reals (DCT-IV, DST-IV),
// or real by real (the other DCT-III, DST-III).
enum class RealRowInput { reordered, dct3_quads, dct4_pairs, items };
// How the input of real-to-real rows of `kind`, a halved form whose DFT has `length` points, reaches the DFT.
RealRowInput real_row_input(kernels::RealToRealKind kind, uint32_t length);
// Whether real-to-real rows of a halved form whose DFT has `length` points and that lie as spans move through rows
// of shared memory (BlockLayout::staged_rows, kernels::real_to_real::move_real_rows): both sides, but the output
// alone where the first pass reads a reordered input; transforms of few lanes, how few by precision and `input`.
bool stages_real_to_real_row_spans(uint32_t length, size_t element_bytes, RealRowInput input);

// The registers (complex elements) a lane of compiled_stockham_shape's kernel holds: the most any pass needs.
uint32_t compiled_lane_elements(uint32_t length, const std::vector<uint32_t>& radices, uint32_t lanes);

// A one-pass shape reads and writes global memory and keeps no slot; launches that stage a side, and the
// convolution kernels, need one all the same.
void keep_one_slot(StockhamShape& shape, size_t element_bytes);

// Transforms per block of a tiled launch (staged or tile-major): runs of 128 bytes along the tile axis (16
// single, 8 double complex elements of `element_bytes`) where the block's threads (max_tiled_threads) and shared
// memory allow, in a power of two for the index arithmetic, no more than the tile axis holds.
uint32_t tiled_transforms_per_block(const StockhamShape& shape, size_t element_bytes, size_t tile_axis_count,
                                    size_t shared_memory_per_block);
// Transforms per block of a tiled launch of real-to-real columns, whose elements along the tile axis are reals:
// runs of 128 bytes of them (twice the transforms of a complex tile) where that block keeps to 128 threads, else
// the complex tile's transforms. `element_bytes` is the complex element's.
uint32_t real_columns_per_block(const StockhamShape& shape, size_t element_bytes, size_t tile_axis_count,
                                size_t shared_memory_per_block);
// The slot of a tile-major launch's transform, padded so that a warp's accesses of the tile's transforms fall in
// distinct banks.
uint32_t tile_major_slot_elements(uint32_t slot_elements, uint32_t per_block, size_t element_bytes);
// Transforms per block of a lane-major launch: about kTargetThreadsPerBlock threads in warps at least three
// quarters busy, within the shared-memory budget and the transforms along the tiled axis.
uint32_t transforms_per_block(const StockhamShape& shape, size_t tile_axis_count, size_t shared_memory_per_block);

// Blocks of a launch whose tiles of `per_block` transforms run along dims[0]: tiles along it times the other
// axes; fails (not implemented) beyond 2^31 blocks.
rift_status tiled_block_count(const StridedBatch& batch, uint32_t per_block, size_t& tiles, size_t& blocks);
// The refusal of a launch beyond 2^31 - 1 blocks.
rift_status too_many_blocks(const StridedBatch& batch, size_t blocks);

// The offsets, element strides and batch axes of a launch, from the batch it runs.
void set_layout(kernels::StockhamArgs& args, const StridedBatch& batch);

// The pass radices, lanes, slot and transforms per block of a launch, as the kernels read them.
void set_pass_shape(kernels::StockhamArgs& args, const StockhamShape& shape, uint32_t per_block);

// The lengths of kernels/fixed_lengths.h, the fastest ones, in the order listed there.
const std::vector<uint32_t>& fixed_kernel_lengths();
// True for the lengths of kernels/fixed_lengths.h, the fastest ones.
bool has_fixed_length_kernel(size_t length);

} // namespace rift
