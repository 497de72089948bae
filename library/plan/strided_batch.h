// The subproblem every 1D node solves: a batch of 1D transforms of one length between two named buffers, each
// transform at its own place along up to kernels::kMaxBatchDims batch axes. A user's 1D problem is one of these;
// a multi-dimensional problem is one per dimension; a row/column node splits one into several.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kernels/real_to_real.h"
#include "kernels/stockham_args.h"
#include "library/exec/kernel_chain.h"
#include "library/plan/problem.h"

namespace rift {

struct StridedBatch {
    size_t length = 1;
    BufferName input = BufferName::user_input;
    BufferName output = BufferName::user_output;
    size_t input_offset = 0;
    size_t output_offset = 0;
    size_t input_stride = 1;
    size_t output_stride = 1;
    // Output elements in groups of output_group (a power of two; 1: none): element k at (k mod output_group) *
    // output_stride + (k / output_group) * output_group_stride. Only a row/column plan's column step writes so,
    // into its work buffer (row_column_node.cpp).
    size_t output_group = 1;
    size_t output_group_stride = 0;
    std::vector<kernels::BatchDim> dims; // innermost (the one blocks tile) first
    Direction direction = Direction::forward;
    Precision precision = Precision::single;
    double scale = 1.0;
    // A real transform of `length` reals: forward reads reals and writes length / 2 + 1 complex elements,
    // inverse the other way round. Offsets and strides count reals on the real side.
    bool real = false;
    // A real-to-real transform of `length` reals each way (kernels/real_to_real.h), offsets and strides in reals;
    // `real` stays false. Only the real-to-real builders take these.
    std::optional<kernels::RealToRealKind> real_to_real;
    // Multiply output element k of the transform at index i of dims[0] by exp(-+2 pi i i k / (length * dims[0].count)):
    // the twiddle between the factors of a row/column plan.
    bool step_twiddled = false;
    // The last pass of a column-first multi-dimensional R2C: the input is z (pairs of reals, transformed along
    // the other dimensions), and the first mirrored_dims axes of dims are those dimensions, kept in order so
    // that each row is unpacked with its mirror (kernels/real_mirror.h). Only the Stockham builder takes these.
    size_t mirrored_dims = 0;

    size_t element_bytes() const { return complex_element_bytes(precision); }
    size_t transform_count() const
    {
        size_t count = 1;
        for (const kernels::BatchDim& dim : dims) count *= dim.count;
        return count;
    }
};

// True when the real side of a real batch can be read or written as complex elements (pairs of neighbouring
// reals): even length, unit stride, and even offset and batch strides.
bool real_side_is_packable(const StridedBatch& batch);
// The batch with its real side counted in complex elements (offset and batch strides halved); needs a packable
// real side.
StridedBatch with_real_side_packed(const StridedBatch& batch);

// True for the batches whose DFTs are of their reals as they are, of odd length: real transforms of odd length and
// real-to-real ones of odd length but DCT-I and DST-I (whose DFTs are of their extensions). Only their kernels need
// the code of twins and of the odd real-to-real forms.
bool odd_real_dfts(const StridedBatch& batch);

// A DFT of real data carries two transforms, as its real and imaginary parts (kernels::TwinTransforms): the batch
// of pairs of transforms adjacent along dims[0], and where each pair's twin lies. Those are the odd_real_dfts
// batches but mirrored rows; for any other batch, or where dims[0] has fewer than two transforms, the batch itself
// and no twins.
StridedBatch twin_pairs(const StridedBatch& batch, kernels::TwinTransforms& twins);

// Drops axes of count 1, merges axes that continue each other in both buffers, and puts the axis with the
// smallest strides first so that blocks tile along it. With keep_first, dims[0] stays as it is.
void simplify_batch_dims(std::vector<kernels::BatchDim>& dims, bool keep_first = false);

std::string describe_dims(const std::vector<kernels::BatchDim>& dims);

} // namespace rift
