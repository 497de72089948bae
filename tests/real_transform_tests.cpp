// Real transforms against FFTW on every executor (Host/RealTransforms.* and Gpu/RealTransforms.*): R2C (real
// input, N0/2 + 1 complex outputs along the fastest dimension) and C2R (the other way, unnormalised). Every 1D
// length up to 4096, longer and odd lengths, layout variants (in place over the padded rows, strided sides,
// offsets, gaps, interleaved batches, scale), 2D and 3D shapes, round trips, and C2R's promises about its input.
#include <gtest/gtest.h>

#include <iterator>
#include <vector>

#include "tests/executor_fixture.h"
#include "tests/real_check.h"

namespace rift::test {
namespace {

const rift_precision kPrecisions[] = {rift_precision_single, rift_precision_double};

// Odd lengths (1, 3, 5, 7, 11, 13, 15, 243, 625, 1001, 1331, 2187, 3125), where the hermitian side has no Nyquist
// element, and even ones (2, 4, 8, 16, 60, 64, 100, 1000, 1024, 4096), where it has, over every radix.
const size_t kVariantLengths[] = {1,  2,  3,   4,   5,   7,    8,    11,   13,   15,   16,   60,
                                  64, 100, 243, 625, 1000, 1001, 1024, 1331, 2187, 3125, 4096};

// 2D and 3D shapes, fastest length first: odd and even fastest lengths, lengths of 1 in any place, and unequal
// sides in either order. R2C of an even fastest length whose half has a kernel of its own goes column first
// (16x9, 64x64, 128x32x4, 16x5x3, 32x6x4, 1000x6): rows pair with their mirrors over odd and even counts.
const Lengths kShapes[] = {{6, 5},    {5, 6},   {16, 9}, {9, 16},   {64, 64},  {128, 32, 4}, {7, 5, 3},
                           {8, 1, 4}, {1, 8},   {100, 36}, {3, 4, 5}, {16, 5, 3}, {32, 6, 4}, {1000, 6}};
// On the GPU, in single precision, contiguous and in place: a million elements, a long fastest dimension, 3D.
const Lengths kGpuShapes[] = {{1024, 1024}, {4096, 64}, {64, 64, 64}};

// Every length up to 4096 in single precision and up to 2048 in double, on the host too: only 490 and 351 of
// them are 13-smooth, the rest are refusals that cost a plan creation.
constexpr size_t kSingleSweepMaxLength = 4096;
constexpr size_t kDoubleSweepMaxLength = 2048;
constexpr size_t kSweepBatch = 3;

class RealTransforms : public ExecutorTest {
protected:
    void sweep_lengths(size_t last, rift_precision precision, bool inverse) const
    {
        std::vector<RealCase> cases;
        for (size_t length = 1; length <= last; ++length)
            cases.push_back(RealCase::out_of_place({length}, kSweepBatch, precision, inverse));
        check_real_cases(executor(), cases);
    }

    // Every precision, direction and variant length, shaped by `make` (which sets batch and layouts).
    template <class Make>
    std::vector<RealCase> variant_cases(Make make) const
    {
        std::vector<RealCase> cases;
        for (rift_precision precision : kPrecisions)
            for (bool inverse : {false, true})
                for (size_t length : kVariantLengths)
                    cases.push_back(make(RealCase::out_of_place({length}, 1, precision, inverse)));
        return cases;
    }

    // Every precision, direction and 2D/3D shape (and the GPU's, with `with_gpu_shapes`, in single precision
    // only), shaped by `make`.
    template <class Make>
    std::vector<RealCase> shape_cases(Make make, bool with_gpu_shapes = false) const
    {
        std::vector<RealCase> cases;
        for (rift_precision precision : kPrecisions)
            for (bool inverse : {false, true}) {
                for (const Lengths& shape : kShapes)
                    cases.push_back(make(RealCase::out_of_place(shape, 1, precision, inverse)));
                if (with_gpu_shapes && on_gpu(executor()) && precision == rift_precision_single)
                    for (const Lengths& shape : kGpuShapes)
                        cases.push_back(make(RealCase::out_of_place(shape, 1, precision, inverse)));
            }
        return cases;
    }
};

// The hermitian layout `hermitian` and, for an in-place case, the real layout that matches it: the same rows in
// bytes, so every offset, stride past the first and distance twice the hermitian side's.
RealCase in_place_over(RealCase c, const Layout& hermitian)
{
    c.in_place = true;
    c.hermitian = hermitian;
    c.real = Layout(2 * hermitian.offset, hermitian.strides, 2 * hermitian.distance);
    for (size_t d = 1; d < c.real.strides.size(); ++d) c.real.strides[d] *= 2;
    return c;
}

TEST_P(RealTransforms, AllLengthsSingleR2C) { sweep_lengths(kSingleSweepMaxLength, rift_precision_single, false); }
TEST_P(RealTransforms, AllLengthsSingleC2R) { sweep_lengths(kSingleSweepMaxLength, rift_precision_single, true); }
TEST_P(RealTransforms, AllLengthsDoubleR2C) { sweep_lengths(kDoubleSweepMaxLength, rift_precision_double, false); }
TEST_P(RealTransforms, AllLengthsDoubleC2R) { sweep_lengths(kDoubleSweepMaxLength, rift_precision_double, true); }

// Beyond 4096: required in single precision up to 8192 (6000, 6561 = 3^8, 8192), optional beyond (10000,
// 16384) and in double precision; whatever plans must be right.
TEST_P(RealTransforms, LongerLengths)
{
    std::vector<RealCase> cases;
    for (rift_precision precision : kPrecisions)
        for (bool inverse : {false, true})
            for (size_t length : {6000, 6561, 8192, 10000, 16384})
                cases.push_back(RealCase::out_of_place({length}, 2, precision, inverse));
    check_real_cases(executor(), cases);
}

// Beyond one block, optional for now (what plans must be right): even lengths can run a half-length row/column
// plan, odd ones (59049 = 3^10, 15625 = 5^6) have no half-length transform. Contiguous, in place, strided and
// 2D/3D with a long fastest dimension, and round trips; the GPU adds longer ones.
TEST_P(RealTransforms, LengthsBeyondOneBlock)
{
    std::vector<size_t> lengths = {12000, 15625, 32768, 59049, 100000, 262144};
    if (on_gpu(executor())) lengths.insert(lengths.end(), {1u << 20, 1u << 22});
    std::vector<RealCase> cases;
    std::vector<RealCase> round_trips;
    for (rift_precision precision : kPrecisions) {
        for (bool inverse : {false, true}) {
            for (size_t length : lengths)
                cases.push_back(RealCase::out_of_place({length}, length < 200000 ? 2 : 1, precision, inverse));
            for (size_t length : {32768, 100000}) {
                cases.push_back(RealCase::in_place_padded({length}, 2, precision, inverse));
                RealCase strided = RealCase::out_of_place({length}, 2, precision, inverse);
                strided.real = Layout(3, 2, 2 * length + 5);
                strided.hermitian = Layout(5, 3, 3 * (length / 2 + 1) + 2);
                cases.push_back(strided);
            }
            for (const Lengths& shape : {Lengths{32768, 3}, Lengths{12000, 2, 2}})
                cases.push_back(RealCase::out_of_place(shape, 1, precision, inverse));
        }
        for (size_t length : {32768, 100000}) {
            round_trips.push_back(RealCase::out_of_place({length}, 2, precision, false));
            round_trips.push_back(RealCase::in_place_padded({length}, 2, precision, false));
        }
    }
    check_real_cases(executor(), cases);
    check_real_cases(executor(), round_trips, RealCheck::round_trip);
}

// Odd lengths, prime ones among them: no Nyquist element, and the only self-conjugate element is the first.
TEST_P(RealTransforms, OddAndPrimeLengths)
{
    std::vector<RealCase> cases;
    for (rift_precision precision : kPrecisions)
        for (bool inverse : {false, true})
            for (size_t length : {3, 5, 7, 11, 13, 15, 243, 1001, 2187, 3125})
                cases.push_back(RealCase::out_of_place({length}, 3, precision, inverse));
    check_real_cases(executor(), cases);
}

// Lengths with a prime factor above 13, in any dimension, take Bluestein's algorithm: odd ones and those of
// unpackable real sides directly, even ones of packable real sides through their half length; in one block or
// (65537, 2 x 65537) beyond.
TEST_P(RealTransforms, LengthsWithLargePrimeFactors)
{
    std::vector<RealCase> cases;
    for (rift_precision precision : kPrecisions)
        for (bool inverse : {false, true}) {
            for (const Lengths& lengths : {Lengths{17}, Lengths{34}, Lengths{1009}, Lengths{4093}, Lengths{8, 17},
                                           Lengths{17, 8}, Lengths{4, 4, 34}, Lengths{19, 23, 5}, Lengths{65537}, Lengths{2 * 65537}})
                cases.push_back(RealCase::out_of_place(lengths, 2, precision, inverse));
            for (size_t length : {17, 34, 1009})
                cases.push_back(RealCase::in_place_padded({length}, 3, precision, inverse));
        }
    check_real_cases(executor(), cases);
}

TEST_P(RealTransforms, SingleTransform)
{
    check_real_cases(executor(), variant_cases([](RealCase c) { return c; }));
}

// Enough transforms for many blocks on the GPU, the last one partly filled.
TEST_P(RealTransforms, ManyTransforms)
{
    check_real_cases(executor(), variant_cases([](RealCase c) {
                         c.batch = 37;
                         return c;
                     }));
}

// rift's in-place default, with no plan description: the real rows padded to 2(N0/2 + 1) reals.
TEST_P(RealTransforms, InPlacePadded)
{
    check_real_cases(executor(), variant_cases([](RealCase c) {
                         return RealCase::in_place_padded(c.lengths, 3, c.precision, c.inverse);
                     }));
}

// In place with an offset and a gap between transforms (the real side's twice the hermitian side's).
TEST_P(RealTransforms, InPlaceWithOffsetAndGaps)
{
    check_real_cases(executor(), variant_cases([](RealCase c) {
                         c.batch = 3;
                         const size_t hermitian_length = c.lengths[0] / 2 + 1;
                         return in_place_over(c, Layout(3, 1, hermitian_length + 5));
                     }));
}

// The real side strided by 2, from an odd offset, with a gap between transforms; the hermitian side contiguous.
TEST_P(RealTransforms, StridedRealSide)
{
    check_real_cases(executor(), variant_cases([](RealCase c) {
                         c.batch = 3;
                         c.real = Layout(3, 2, 2 * c.lengths[0] + 5);
                         return c;
                     }));
}

// The hermitian side strided by 3 with offsets on both sides, and gaps between transforms.
TEST_P(RealTransforms, StridedHermitianSide)
{
    check_real_cases(executor(), variant_cases([](RealCase c) {
                         c.batch = 3;
                         const size_t hermitian_length = c.lengths[0] / 2 + 1;
                         c.hermitian = Layout(5, 3, 3 * hermitian_length + 2);
                         c.real = Layout(1, 1, c.lengths[0] + 1);
                         return c;
                     }));
}

// Element n of transform b at n * batch + b on both sides.
TEST_P(RealTransforms, InterleavedBatch)
{
    check_real_cases(executor(), variant_cases([](RealCase c) {
                         c.batch = 4;
                         c.real = interleaved(c.lengths, c.batch);
                         c.hermitian = interleaved(hermitian_lengths(c.lengths), c.batch);
                         return c;
                     }));
}

// The scale multiplies every output element, out of place and in place.
TEST_P(RealTransforms, ScaleFactor)
{
    std::vector<RealCase> cases = variant_cases([](RealCase c) {
        c.batch = 2;
        c.scale = 0.5;
        return c;
    });
    for (RealCase c : variant_cases([](RealCase c) { return c; })) {
        c = RealCase::in_place_padded(c.lengths, 2, c.precision, c.inverse);
        c.scale = c.inverse ? 1.0 / static_cast<double>(c.elements()) : 0.5;
        cases.push_back(c);
    }
    check_real_cases(executor(), cases);
}

// A 1D C2R reads its spectrum without changing it, bit for bit (check_real_transform compares the whole input
// buffer before and after; the imaginary parts it must ignore are nonzero there), whatever the layout.
TEST_P(RealTransforms, OneDimensionalC2RLeavesItsInputUnchanged)
{
    std::vector<RealCase> cases;
    for (rift_precision precision : kPrecisions)
        for (size_t length : kVariantLengths) {
            RealCase c = RealCase::out_of_place({length}, 3, precision, true);
            cases.push_back(c);
            c.hermitian = Layout(2, 2, 2 * (length / 2 + 1) + 1);
            c.real = Layout(0, 3, 3 * length);
            cases.push_back(c);
        }
    check_real_cases(executor(), cases);
}

// A 2D/3D C2R whose spectrum rows do not start on 32-byte sectors (every power-of-two N0) stages the spectrum in
// the work buffer and leaves its input unchanged, bit for bit (out of place; in place the output is the input).
TEST_P(RealTransforms, StagedMultiDimC2RLeavesItsInputUnchanged)
{
    std::vector<RealCase> cases;
    for (rift_precision precision : kPrecisions)
        for (const Lengths& lengths : {Lengths{64, 48}, Lengths{256, 3}, Lengths{16, 6, 10}, Lengths{1024, 64}}) {
            RealCase c = RealCase::out_of_place(lengths, 2, precision, true);
            c.input_kept = true;
            cases.push_back(c);
        }
    check_real_cases(executor(), cases);
}

TEST_P(RealTransforms, MultiDimOutOfPlace)
{
    check_real_cases(executor(), shape_cases(
                                     [](RealCase c) {
                                         c.batch = c.elements() < 100000 ? 3 : 1;
                                         return c;
                                     },
                                     true));
}

TEST_P(RealTransforms, MultiDimInPlacePadded)
{
    check_real_cases(executor(), shape_cases(
                                     [](RealCase c) {
                                         const size_t batch = c.elements() < 100000 ? 2 : 1;
                                         return RealCase::in_place_padded(c.lengths, batch, c.precision, c.inverse);
                                     },
                                     true));
}

// In place over hermitian rows padded past the spectrum, with an offset and a gap between transforms.
TEST_P(RealTransforms, MultiDimInPlaceWithPaddedRows)
{
    check_real_cases(executor(), shape_cases([](RealCase c) {
                         c.batch = 2;
                         return in_place_over(c, padded(hermitian_lengths(c.lengths), 1, 1, 2, 3));
                     }));
}

// In place with the two sides' layouts unrelated (rocFFT's inner-batch tests): real rows unpadded, the spectrum
// in rows of its own pitch; the plan reads all of the input into the work buffer before writing the output.
TEST_P(RealTransforms, MultiDimInPlaceWithLayoutsThatDiffer)
{
    std::vector<RealCase> cases;
    for (const Lengths& lengths : {Lengths{32, 16, 4}, Lengths{20, 24, 16}, Lengths{12, 10}, Lengths{9, 7, 3}}) {
        for (bool inverse : {false, true}) {
            for (size_t batch : {1, 2}) {
                RealCase c = RealCase::out_of_place(lengths, batch, inverse ? rift_precision_double
                                                                            : rift_precision_single, inverse);
                c.in_place = true;
                c.hermitian = padded(hermitian_lengths(lengths), 1, 2, 3, 4);
                cases.push_back(c);
            }
        }
    }
    check_real_cases(executor(), cases);
}

// Rows padded to a longer pitch on both sides, offsets, and gaps between transforms, padded differently.
TEST_P(RealTransforms, MultiDimPaddedLayouts)
{
    check_real_cases(executor(), shape_cases([](RealCase c) {
                         c.batch = 3;
                         c.real = padded(c.lengths, 3, 1, 3, 5);
                         c.hermitian = padded(hermitian_lengths(c.lengths), 7, 1, 1, 2);
                         return c;
                     }));
}

// Elements strided within a row: by 2 on the real side, by 3 on the hermitian side.
TEST_P(RealTransforms, MultiDimStridedElements)
{
    check_real_cases(executor(), shape_cases([](RealCase c) {
                         c.batch = 2;
                         c.real = padded(c.lengths, 1, 2, 1, 0);
                         c.hermitian = padded(hermitian_lengths(c.lengths), 2, 3, 0, 1);
                         return c;
                     }));
}

TEST_P(RealTransforms, MultiDimInterleavedBatch)
{
    check_real_cases(executor(), shape_cases([](RealCase c) {
                         c.batch = 3;
                         c.real = interleaved(c.lengths, c.batch);
                         c.hermitian = interleaved(hermitian_lengths(c.lengths), c.batch);
                         return c;
                     }));
}

TEST_P(RealTransforms, MultiDimScaleFactor)
{
    check_real_cases(executor(), shape_cases([](RealCase c) {
                         c = RealCase::in_place_padded(c.lengths, 2, c.precision, c.inverse);
                         c.scale = c.inverse ? 1.0 / static_cast<double>(c.elements()) : 0.5;
                         return c;
                     }));
}

// R2C, then C2R scaled by 1/N, returns the input: out of place through strided layouts, and in place.
TEST_P(RealTransforms, R2CThenScaledC2RReturnsInput)
{
    std::vector<RealCase> cases;
    const auto add = [&cases](const RealCase& base) {
        if (base.inverse) return; // check_real_round_trip makes the C2R of each R2C case itself
        RealCase strided = base;
        strided.batch = 2;
        strided.real = padded(base.lengths, 2, 2, 1, 1);
        strided.hermitian = padded(hermitian_lengths(base.lengths), 1, 1, 3, 4);
        cases.push_back(strided);
        cases.push_back(RealCase::in_place_padded(base.lengths, 2, base.precision, false));
    };
    for (const RealCase& c : variant_cases([](RealCase c) { return c; })) add(c);
    for (const RealCase& c : shape_cases([](RealCase c) { return c; }, true)) add(c);
    check_real_cases(executor(), cases, RealCheck::round_trip);
}

RIFT_INSTANTIATE_ON_EVERY_EXECUTOR(RealTransforms);

} // namespace
} // namespace rift::test
