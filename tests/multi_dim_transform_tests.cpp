// 2D and 3D transforms on every executor (Host/MultiDimTransforms.* and Gpu/MultiDimTransforms.*): one pass per
// dimension, the later ones in place on the output, and row/column passes for dimensions too long for one
// kernel. Every small 2D shape, then shapes of unequal, non-power-of-two sides (lengths of 1 included) under
// layout variants: padded rows, element strides, offsets, gaps between transforms, transposed and interleaved
// layouts, in place, scaled, and round trips. The GPU adds larger shapes.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "tests/executor_fixture.h"
#include "tests/transform_check.h"

namespace rift::test {
namespace {

const rift_precision kPrecisions[] = {rift_precision_single, rift_precision_double};

// Lengths fastest first. Square and unequal sides, non-powers of two, prime sides (7 x 13 x 5), lengths of 1 in
// any position, and a dimension beyond one kernel in either place: 16384 is one kernel in single precision but
// a row/column pass in double, 32768 and 12000 are row/column passes in both.
const Lengths kShapes[] = {
    {8, 8},   {64, 48},    {100, 36},  {36, 100},   {12, 11},    {1, 32},    {32, 1},     {1, 1},
    {7, 13, 5}, {16, 16, 16}, {30, 20, 10}, {4, 1, 6}, {1, 9, 1}, {2, 3, 4}, {16384, 4}, {3, 16384},
    {32768, 2}, {2, 3, 12000},
};

// On the GPU, in every variant too: enough rows and columns to fill many blocks in every pass.
const Lengths kGpuShapes[] = {{256, 192}, {48, 40, 30}, {2048, 60}, {6, 4096}};

// On the GPU only, and only contiguous, in place and round trips (the long double reference takes seconds at
// these sizes): a million elements and more, and long dimensions with many transforms across them.
const Lengths kGpuLargeShapes[] = {
    {1024, 1024}, {1000, 1000}, {64, 64, 64}, {128, 128, 128}, {16384, 256}, {2, 3, 65536}, {100, 80, 60},
};

enum class Sizes {
    usual,           // kShapes, and on the GPU kGpuShapes
    with_gpu_largest // kGpuLargeShapes as well on the GPU
};

// The last dimension contiguous and the first the slowest: the transposed (column-major) image of a transform.
Layout transposed(const Lengths& lengths, size_t gap)
{
    std::vector<size_t> strides(lengths.size());
    size_t stride = 1;
    for (size_t d = lengths.size(); d-- > 0;) {
        strides[d] = stride;
        stride *= lengths[d];
    }
    return Layout(0, strides, stride + gap);
}

class MultiDimTransforms : public ExecutorTest {
protected:
    // Every precision, direction and shape (the GPU's as well on a GPU), shaped by `make`.
    template <class Make>
    std::vector<TransformCase> shape_cases(Make make, Sizes sizes = Sizes::usual) const
    {
        std::vector<Lengths> shapes(std::begin(kShapes), std::end(kShapes));
        if (on_gpu(executor())) shapes.insert(shapes.end(), std::begin(kGpuShapes), std::end(kGpuShapes));
        if (on_gpu(executor()) && sizes == Sizes::with_gpu_largest)
            shapes.insert(shapes.end(), std::begin(kGpuLargeShapes), std::end(kGpuLargeShapes));
        std::vector<TransformCase> cases;
        for (rift_precision precision : kPrecisions)
            for (bool inverse : {false, true})
                for (const Lengths& shape : shapes)
                    cases.push_back(make(TransformCase::contiguous(shape, 1, precision, inverse)));
        return cases;
    }
};

// Every 2D shape up to 20 x 20 and 3D shapes of sides up to 17, contiguous: shapes with a side of 17 or 19
// must be refused as not implemented, all others planned and right.
TEST_P(MultiDimTransforms, AllSmallShapes)
{
    std::vector<TransformCase> cases;
    for (size_t n1 = 1; n1 <= 20; ++n1)
        for (size_t n0 = 1; n0 <= 20; ++n0) {
            cases.push_back(TransformCase::contiguous({n0, n1}, 2, rift_precision_single, false));
            cases.push_back(TransformCase::contiguous({n0, n1}, 2, rift_precision_double, true));
        }
    const size_t sides[] = {1, 2, 3, 5, 7, 8, 12, 13, 17};
    for (size_t n2 : sides)
        for (size_t n1 : sides)
            for (size_t n0 : sides) {
                const bool odd = (n0 + n1 + n2) % 2 == 1;
                cases.push_back(TransformCase::contiguous({n0, n1, n2}, 2, odd ? rift_precision_double
                                                                               : rift_precision_single, odd));
            }
    check_cases(executor(), cases);
}

TEST_P(MultiDimTransforms, Contiguous)
{
    check_cases(executor(), shape_cases(
                                [this](TransformCase c) {
                                    // On the GPU, 5 transforms of the usual shapes, 2 of the largest.
                                    c.batch = !on_gpu(executor()) ? 3 : c.elements() < 500000 ? 5 : 2;
                                    return c;
                                },
                                Sizes::with_gpu_largest));
}

// Rows padded to a longer pitch (and planes to a larger size), offsets, and gaps between transforms, padded
// differently on the two sides.
TEST_P(MultiDimTransforms, PaddedLayoutsWithOffsets)
{
    check_cases(executor(), shape_cases([](TransformCase c) {
                    c.batch = 3;
                    c.in = padded(c.lengths, 3, 1, 3, 5);
                    c.out = padded(c.lengths, 7, 1, 1, 2);
                    return c;
                }));
}

// Elements strided within a row, on both sides.
TEST_P(MultiDimTransforms, StridedElements)
{
    check_cases(executor(), shape_cases([](TransformCase c) {
                    c.batch = 2;
                    c.in = padded(c.lengths, 0, 2, 1, 0);
                    c.out = padded(c.lengths, 1, 3, 0, 1);
                    return c;
                }));
}

// Reading row-major and writing column-major, and back.
TEST_P(MultiDimTransforms, TransposedLayouts)
{
    std::vector<TransformCase> cases = shape_cases([](TransformCase c) {
        c.batch = 2;
        c.out = transposed(c.lengths, 0);
        return c;
    });
    for (TransformCase c : shape_cases([](TransformCase c) { return c; })) {
        c.batch = 2;
        c.in = transposed(c.lengths, 3);
        cases.push_back(c);
    }
    check_cases(executor(), cases);
}

// The batch as the fastest axis: out of place on both sides, interleaved into contiguous, and in place.
TEST_P(MultiDimTransforms, InterleavedBatch)
{
    std::vector<TransformCase> cases = shape_cases([](TransformCase c) {
        c.batch = 3;
        c.in = c.out = interleaved(c.lengths, c.batch);
        return c;
    });
    for (TransformCase c : shape_cases([](TransformCase c) { return c; })) {
        c.batch = 4;
        c.in = interleaved(c.lengths, c.batch);
        cases.push_back(c);
        c.batch = 2;
        c.in_place = true;
        c.in = c.out = interleaved(c.lengths, c.batch);
        cases.push_back(c);
    }
    check_cases(executor(), cases);
}

TEST_P(MultiDimTransforms, InPlace)
{
    std::vector<TransformCase> cases = shape_cases(
        [](TransformCase c) {
            c.batch = c.elements() < 500000 ? 3 : 1;
            c.in_place = true;
            return c;
        },
        Sizes::with_gpu_largest);
    for (TransformCase c : shape_cases([](TransformCase c) { return c; })) {
        c.batch = 2;
        c.in_place = true;
        c.in = c.out = padded(c.lengths, 1, 1, 2, 3);
        cases.push_back(c);
    }
    check_cases(executor(), cases);
}

// In place with input and output layouts that differ (rocFFT's inner-batch tests): the plan reads the whole
// input into the work buffer before it writes the output. Shapes whose dimensions need work of their own are
// refused as not implemented.
TEST_P(MultiDimTransforms, InPlaceWithLayoutsThatDiffer)
{
    std::vector<TransformCase> cases;
    for (const Lengths& lengths : {Lengths{8, 4, 8}, Lengths{24, 4, 24}, Lengths{30, 20}, Lengths{7, 13, 5}}) {
        for (size_t batch : {1, 2}) {
            TransformCase c = TransformCase::contiguous(lengths, batch, rift_precision_single, false);
            c.in_place = true;
            c.in = padded(lengths, 1, 3, 2, 5); // padded rows, an offset and a gap between transforms
            cases.push_back(c);
            c.precision = rift_precision_double;
            c.inverse = true;
            c.in = c.out;
            c.out = padded(lengths, 0, 2, 1, 0); // every other element: a longer reach than the input's
            cases.push_back(c);
        }
    }
    check_cases(executor(), cases);
}

// The scale is applied once, in the last dimension's pass, which in place writes over the input.
TEST_P(MultiDimTransforms, ScaleFactor)
{
    check_cases(executor(), shape_cases([](TransformCase c) {
                    c.batch = 2;
                    c.in_place = c.inverse;
                    c.scale = c.inverse ? 1.0 / static_cast<double>(c.elements()) : 0.375;
                    return c;
                }));
}

// Shapes with a dimension beyond one kernel, with a work buffer of the caller's own.
TEST_P(MultiDimTransforms, WorkBufferOfTheCallersOwn)
{
    std::vector<TransformCase> cases;
    for (TransformCase c : shape_cases([](TransformCase c) { return c; })) {
        if (*std::max_element(c.lengths.begin(), c.lengths.end()) < 12000) continue;
        c.batch = 2;
        c.user_work_buffer = true;
        c.in_place = c.inverse;
        if (!c.in_place) c.out = padded(c.lengths, 2, 1, 1, 1);
        cases.push_back(c);
    }
    check_cases(executor(), cases);
}

TEST_P(MultiDimTransforms, ForwardThenScaledInverseReturnsInput)
{
    std::vector<TransformCase> cases;
    for (const TransformCase& base : shape_cases([](TransformCase c) { return c; }, Sizes::with_gpu_largest)) {
        if (base.inverse) continue; // check_round_trip makes the inverse of each forward case itself
        TransformCase strided = base; // out of place, the spectrum in a different layout from the input
        strided.batch = 2;
        strided.in = padded(base.lengths, 2, 2, 1, 1);
        strided.out = transposed(base.lengths, 4);
        TransformCase in_place = base;
        in_place.batch = 2;
        in_place.in_place = true;
        cases.push_back(strided);
        cases.push_back(in_place);
    }
    check_cases(executor(), cases, Check::round_trip);
}

// Dimensions with a prime factor above 13 take Bluestein's algorithm, wherever they are (columns included), in
// one block or (65537) beyond.
TEST_P(MultiDimTransforms, ShapesWithLargePrimeFactors)
{
    std::vector<TransformCase> cases;
    for (const Lengths& shape : {Lengths{8, 17}, Lengths{17, 8}, Lengths{4, 4, 34}, Lengths{4, 4093, 2},
                                 Lengths{10007, 1}, Lengths{1, 1, 19}, Lengths{16384, 17}, Lengths{23, 29, 31},
                                 Lengths{2, 65537}})
        for (rift_precision precision : kPrecisions) {
            TransformCase c = TransformCase::contiguous(shape, 2, precision, true);
            c.in = padded(shape, 1, 1, 1, 1);
            cases.push_back(c);
        }
    check_cases(executor(), cases);
}

RIFT_INSTANTIATE_ON_EVERY_EXECUTOR(MultiDimTransforms);

} // namespace
} // namespace rift::test
