// The maps of kernels/real_to_real.h, without the API: each kind's input map, a DFT of the kind's length and sign
// in long double, and its output map, against FFTW's r2r transform of the same reals in long double. A wrong index,
// sign or rotation shows here by kind and length. And DCT-II's input read where it lies, through compiled passes,
// DCT-III's read in quads, and row spans moved through shared memory's rows.
#include <gtest/gtest.h>

#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include "kernels/real_to_real.h"
#include "kernels/stockham_transform.h"
#include "tests/host_passes.h"

namespace rift::test {
namespace {

using kernels::Complex;
using kernels::RealToRealKind;

struct KindCase {
    RealToRealKind kind;
    fftwl_r2r_kind fftw;
    const char* name;
};

constexpr KindCase kKinds[] = {
    {RealToRealKind::dct1, FFTW_REDFT00, "DCT-I"},  {RealToRealKind::dct2, FFTW_REDFT10, "DCT-II"},
    {RealToRealKind::dct3, FFTW_REDFT01, "DCT-III"}, {RealToRealKind::dct4, FFTW_REDFT11, "DCT-IV"},
    {RealToRealKind::dst1, FFTW_RODFT00, "DST-I"},  {RealToRealKind::dst2, FFTW_RODFT10, "DST-II"},
    {RealToRealKind::dst3, FFTW_RODFT01, "DST-III"}, {RealToRealKind::dst4, FFTW_RODFT11, "DST-IV"},
};

const long double kPi = 3.141592653589793238462643383279502884L;

// exp(-+2 pi i e / order) with the exponent reduced first, so the angle stays in [0, 2 pi).
Complex<long double> root(uint64_t e, uint64_t order, bool inverse)
{
    const long double angle = (inverse ? 2 : -2) * kPi * static_cast<long double>(e % order) / order;
    return {std::cos(angle), std::sin(angle)};
}

// A slot as the kernels index it, over a vector.
struct VectorSlot {
    std::vector<Complex<long double>>& elements;
    Complex<long double>& operator[](uint32_t m) const { return elements.at(m); }
};

// The exact rotations of the kind's maps for n reals.
auto exact_rotation(RealToRealKind kind, uint32_t n)
{
    return [order = kernels::real_to_real_rotation_order(kind, n)](uint32_t e) { return root(e, order, false); };
}

// The DFT's output for n reals x (and a twin where given): the input map (one lane), then a naive DFT. The slot
// starts as NaN, so an element the input map leaves unset shows.
std::vector<Complex<long double>> through_input_map(RealToRealKind kind, const std::vector<long double>& x,
                                                    const std::vector<long double>* twin = nullptr)
{
    const uint32_t n = uint32_t(x.size());
    const uint32_t length = kernels::real_to_real_dft_length(kind, n);
    const bool inverse = kernels::real_to_real_dft_inverse(kind);
    const long double nan = std::nanl("");
    std::vector<Complex<long double>> input(length, {nan, nan});
    kernels::real_to_real_input(kind, n, x.data(), twin ? twin->data() : nullptr, 1, true, VectorSlot{input}, 0, 1,
                                exact_rotation(kind, n), [] {});
    for (uint32_t m = 0; m < length; ++m)
        if (std::isnan(input[m].re) || std::isnan(input[m].im)) ADD_FAILURE() << "DFT input " << m << " not set";
    std::vector<Complex<long double>> output(length);
    for (uint32_t q = 0; q < length; ++q) {
        Complex<long double> sum = {0, 0};
        for (uint32_t m = 0; m < length; ++m) sum = sum + input[m] * root(uint64_t(m) * q, length, inverse);
        output[q] = sum;
    }
    return output;
}

// The kind through its maps (one lane) and a naive DFT, with a twin transform sharing the DFT where `twin` is given
// (its results replace it). The results start as NaN, so one the output map leaves unset shows.
std::vector<long double> through_maps(RealToRealKind kind, const std::vector<long double>& x,
                                      std::vector<long double>* twin = nullptr)
{
    const uint32_t n = uint32_t(x.size());
    const auto rotation = exact_rotation(kind, n);
    const long double nan = std::nanl("");
    std::vector<Complex<long double>> output = through_input_map(kind, x, twin);
    std::vector<long double> result(n, nan);
    if (twin) twin->assign(n, nan);
    kernels::real_to_real_output(kind, n, VectorSlot{output}, result.data(), twin ? twin->data() : nullptr, 1, 1.0L,
                                 true, 0, 1, rotation);
    for (uint32_t k = 0; k < n; ++k)
        if (std::isnan(result[k]) || (twin && std::isnan((*twin)[k]))) ADD_FAILURE() << "result " << k << " not set";
    return result;
}

std::vector<long double> through_fftw(fftwl_r2r_kind kind, std::vector<long double> x)
{
    std::vector<long double> y(x.size());
    fftwl_plan plan = fftwl_plan_r2r_1d(int(x.size()), x.data(), y.data(), kind, FFTW_ESTIMATE);
    fftwl_execute(plan);
    fftwl_destroy_plan(plan);
    return y;
}

long double relative_error(const std::vector<long double>& got, const std::vector<long double>& expected)
{
    long double difference = 0, magnitude = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        difference += (got[i] - expected[i]) * (got[i] - expected[i]);
        magnitude += expected[i] * expected[i];
    }
    return std::sqrt(difference / magnitude);
}

TEST(RealToRealMaps, EveryKindMatchesFftw)
{
    std::mt19937_64 generator(20261128);
    std::uniform_real_distribution<long double> uniform(-1, 1);
    std::vector<uint32_t> lengths;
    for (uint32_t n = 1; n <= 40; ++n) lengths.push_back(n);
    for (uint32_t n : {64u, 97u, 100u, 243u, 256u}) lengths.push_back(n);
    for (const KindCase& kind : kKinds)
        for (uint32_t n : lengths) {
            if (kind.kind == RealToRealKind::dct1 && n < 2) continue; // REDFT00 needs two points
            std::vector<long double> x(n);
            for (long double& value : x) value = uniform(generator);
            const long double error = relative_error(through_maps(kind.kind, x), through_fftw(kind.fftw, x));
            EXPECT_LT(error, 1e-15L) << kind.name << " length " << n;
        }
}

// A DCT-II or DST-II of even n = 2M whose reordered reals a compiled kernel's first pass reads where they lie
// (kernels::ReorderedSource), through its fixed passes (E elements, Lanes lanes, Radices) run on the host lane
// after lane, then the kind's output map; against FFTW. The host executor runs compiled lengths through the
// runtime-radix passes, so this is where CI runs the source in the fixed passes. `offset` reals before the first,
// after a start aligned to a quad of reals: with none, shapes whose first pass pairs mirrors read them so
// (kernels::MirroredFirstPass), and `mirrored` says whether the shape's first pass does.
template <int E, uint32_t Lanes, uint32_t M, uint32_t... Radices>
long double reordered_passes_error(const KindCase& kind, uint32_t offset, bool mirrored)
{
    constexpr uint32_t first_radix = std::initializer_list<uint32_t>{Radices...}.begin()[0];
    static_assert(M % first_radix == 0, "the first radix divides the length");
    EXPECT_EQ((kernels::MirroredFirstPass<int(first_radix), M, Lanes>::fits), mirrored);
    const uint32_t n = 2 * M;
    std::mt19937_64 generator(M + offset);
    std::uniform_real_distribution<double> uniform(-1, 1);
    std::vector<double> storage(offset + n + 4);
    const size_t misalignment = reinterpret_cast<uintptr_t>(storage.data()) / sizeof(double) % 4;
    double* const reals = storage.data() + (4 - misalignment) % 4;
    for (uint32_t i = 0; i < offset + n; ++i) reals[i] = uniform(generator);
    HostPasses<double> passes(M, {Radices...});
    kernels::StockhamArgs& args = passes.args;
    args.input = reals;
    args.real_to_real = 1 + uint32_t(kind.kind);
    kernels::TransformTile<double> tile{};
    tile.input_offset = offset;
    EXPECT_EQ(kernels::reordered_input(args, tile, 0).quads_aligned(), offset == 0 && M % 2 == 0);
    const double nan = std::nan("");
    std::vector<Complex<double>> dft(M, {nan, nan});
    const kernels::ScaledStridedDestination<double> destination{dft.data(), 1, 1.0};
    const uint32_t pad_period = 16;
    std::vector<Complex<double>> slot(kernels::slot_elements(M, pad_period));
    std::vector<kernels::Registers<double, E>> registers(Lanes);
    const auto for_each_lane = [&](auto&& visit) {
        for (uint32_t lane = 0; lane < Lanes; ++lane) visit(lane, registers[lane]);
    };
    kernels::fixed_stockham_passes<E, Lanes, false, double, M, 1, Radices...>(
        args, true, kernels::reordered_input(args, tile, 0), destination,
        kernels::ScratchSlot<double>{slot.data(), pad_period}, for_each_lane, [] {});
    std::vector<Complex<long double>> spectrum;
    for (const Complex<double>& z : dft) spectrum.push_back({z.re, z.im});
    std::vector<long double> y(n, std::nanl(""));
    kernels::real_to_real_output<false, true>(kind.kind, n, VectorSlot{spectrum}, y.data(),
                                              static_cast<long double*>(nullptr), 1, 1.0L, true, 0, 1,
                                              exact_rotation(kind.kind, n));
    return relative_error(y, through_fftw(kind.fftw, std::vector<long double>(reals + offset, reals + offset + n)));
}

TEST(RealToRealMaps, ReorderedInputsThroughCompiledPassesMatchFftw)
{
    for (const KindCase& kind : {kKinds[1], kKinds[5]})
        for (const uint32_t offset : {0u, 1u}) {
            const std::string name = std::string(kind.name) + " offset " + std::to_string(offset);
            EXPECT_LT((reordered_passes_error<16, 32, 512, 8, 8, 8>(kind, offset, true)), 1e-14L) << name << " 1024";
            EXPECT_LT((reordered_passes_error<16, 128, 2048, 8, 16, 16>(kind, offset, true)), 1e-14L) << name << " 4096";
            EXPECT_LT((reordered_passes_error<10, 50, 500, 5, 10, 10>(kind, offset, true)), 1e-14L) << name << " 1000";
            EXPECT_LT((reordered_passes_error<10, 50, 500, 10, 10, 5>(kind, offset, false)), 1e-14L) << name << " 1000";
            EXPECT_LT((reordered_passes_error<11, 55, 495, 5, 9, 11>(kind, offset, false)), 1e-14L) << name << " 990";
            // Odd M, its middle element straddling the halves; and lanes too few to place elements per radix.
            EXPECT_LT((reordered_passes_error<7, 49, 343, 7, 7, 7>(kind, offset, false)), 1e-14L) << name << " 686";
            EXPECT_LT((reordered_passes_error<12, 6, 54, 9, 6>(kind, offset, false)), 1e-14L) << name << " 108";
        }
}

// The output map that kernels made for DCT-II and DST-II of even n compile alone (real_to_real_output's
// HalvedDct2Only), its items spread over several lanes, scaled, into a side of stride 1 or 3: every result set
// once, nothing between them written, and the results those of the map every kind takes, against FFTW.
TEST(RealToRealMaps, HalvedDctTwoOutputOverLanesMatchesFftw)
{
    std::mt19937_64 generator(2026120105);
    std::uniform_real_distribution<long double> uniform(-1, 1);
    std::vector<uint32_t> lengths;
    for (uint32_t n = 2; n <= 80; n += 2) lengths.push_back(n);
    for (uint32_t n : {126u, 256u, 258u}) lengths.push_back(n);
    const long double scale = 0.375L, nan = std::nanl("");
    for (const KindCase& kind : {kKinds[1], kKinds[5]})
        for (const uint32_t n : lengths) {
            std::vector<long double> x(n);
            for (long double& value : x) value = uniform(generator);
            std::vector<Complex<long double>> spectrum = through_input_map(kind.kind, x);
            std::vector<long double> expected = through_fftw(kind.fftw, x);
            for (long double& value : expected) value *= scale;
            for (const uint32_t lanes : {1u, 2u, 3u, 32u})
                for (const int64_t stride : {int64_t(1), int64_t(3)}) {
                    std::vector<long double> side(n * stride, nan);
                    for (uint32_t lane = 0; lane < lanes; ++lane)
                        kernels::real_to_real_output<false, true>(kind.kind, n, VectorSlot{spectrum}, side.data(),
                                                                  static_cast<long double*>(nullptr), stride, scale,
                                                                  true, lane, lanes, exact_rotation(kind.kind, n));
                    std::vector<long double> y(n);
                    for (uint32_t i = 0; i < n * stride; ++i) {
                        if (i % stride == 0) y[i / stride] = side[i];
                        else EXPECT_TRUE(std::isnan(side[i])) << "written between results at " << i;
                    }
                    const std::string name = std::string(kind.name) + " n " + std::to_string(n) + " lanes " +
                                             std::to_string(lanes) + " stride " + std::to_string(stride);
                    for (uint32_t i = 0; i < n; ++i) EXPECT_FALSE(std::isnan(y[i])) << name << ": result " << i;
                    EXPECT_LT(relative_error(y, expected), 1e-15L) << name;
                }
        }
}

// The mirrored first pass and the plain one have their barriers in different places: every transform of a block
// must take the same, also where transforms lie at distances that align only some of them to a quad (a block
// that mixed them hung on the GPU).
TEST(RealToRealMaps, QuadReadingIsTheSameForEveryTransformOfATile)
{
    alignas(16) static const float reals[4096] = {};
    kernels::StockhamArgs args;
    args.input = reals;
    args.real_to_real = 1 + uint32_t(RealToRealKind::dct2);
    args.length = 50;
    for (const uint64_t distance : {103u, 104u, 105u, 106u, 108u})
        for (const uint64_t offset : {0u, 1u, 2u, 4u}) {
            args.dims[0].input_stride = distance;
            kernels::TransformTile<float> tile{};
            tile.input_offset = offset;
            const bool expected = distance % 4 == 0 && offset % 4 == 0;
            for (uint32_t t = 0; t < 8; ++t)
                EXPECT_EQ(kernels::reordered_input(args, tile, t).quads_aligned(), expected)
                    << "distance " << distance << " offset " << offset << " transform " << t;
        }
    args.length = 25; // an odd M has no mirror pairs to read
    args.dims[0].input_stride = 100;
    EXPECT_FALSE(kernels::reordered_input(args, kernels::TransformTile<float>{}, 1).quads_aligned());
}

// DCT-III's first copy in quads and in mirrored quads (kernels::real_to_real::copy_halved_dct3_quads), its groups
// spread over several lanes, against the copy's definition read real by real: every element of every n that is a
// multiple of 4, and of 8 for mirrored quads (the elements no group takes too). A side one real off a quad, or
// reversed (DST-III's), takes the item copy. Which copy a kernel compiles: halved_dct3_copy.
TEST(RealToRealMaps, DctThreeCopiesQuadsAsItsDefinition)
{
    using kernels::real_to_real::form_side;
    using kernels::real_to_real::halved_dct3_copy;
    using kernels::real_to_real::HalvedDct3Copy;
    using kernels::real_to_real::load;
    using kernels::real_to_real::quads_aligned;
    alignas(32) static double storage[4200];
    for (uint32_t i = 0; i < 4200; ++i) storage[i] = std::sin(1.7 * i) + 0.001 * i;
    for (uint32_t n = 4; n <= 4096; n += n < 256 ? 4 : 484) {
        const auto side = form_side<const double*>(storage, n, 1, false, false);
        ASSERT_TRUE(quads_aligned(side)) << n;
        EXPECT_FALSE(quads_aligned(form_side<const double*>(storage + 1, n, 1, false, false)));
        EXPECT_FALSE(quads_aligned(form_side<const double*>(storage, n, 1, true, false)));
        const uint32_t half = n / 2;
        struct Slot {
            std::vector<Complex<double>>& elements;
            Complex<double>& operator[](uint32_t m) const { return elements.at(m); }
        };
        const auto check = [&](auto copy, const char* name) {
            for (const uint32_t lanes : {1u, 2u, 5u, 32u}) {
                std::vector<Complex<double>> slot(half, {std::nan(""), std::nan("")});
                for (uint32_t lane = 0; lane < lanes; ++lane) copy(Slot{slot}, lane, lanes);
                for (uint32_t m = 0; m < half; ++m) {
                    const double re = load(side, m), im = m == 0 ? load(side, half) : -load(side, n - m);
                    EXPECT_TRUE(slot[m].re == re && slot[m].im == im)
                        << "n " << n << ", " << name << ", lanes " << lanes << ", element " << m;
                }
            }
        };
        check([&](Slot slot, uint32_t lane, uint32_t lanes) {
            kernels::real_to_real::copy_halved_dct3_quads<HalvedDct3Copy::quads>(n, side, slot, lane, lanes);
        }, "quads");
        if (n % 8 == 0)
            check([&](Slot slot, uint32_t lane, uint32_t lanes) {
                kernels::real_to_real::copy_halved_dct3_quads<HalvedDct3Copy::mirrored_quads>(n, side, slot, lane,
                                                                                              lanes);
            }, "mirrored quads");
    }
    EXPECT_EQ(halved_dct3_copy(false, 512), HalvedDct3Copy::items); // forward kernels have no DCT-III
    EXPECT_EQ(halved_dct3_copy(true, 511), HalvedDct3Copy::items);
    EXPECT_EQ(halved_dct3_copy(true, 512), HalvedDct3Copy::mirrored_quads);
    EXPECT_EQ(halved_dct3_copy(true, 1750), HalvedDct3Copy::quads);
    EXPECT_EQ(halved_dct3_copy(true, 500), HalvedDct3Copy::quads);
}

// DCT-III and DST-III of even n from rows (HalvedDct3Copy::direct): the rotations read the reals where they lie,
// spread over lanes, and leave the slot as the copy and then the rotations over the copied slot do, to the bit.
TEST(RealToRealMaps, DctThreeRotationsFromRowsMatchTheCopiedSlot)
{
    using kernels::real_to_real::HalvedDct3Copy;
    std::mt19937_64 generator(20261202);
    std::uniform_real_distribution<long double> uniform(-1, 1);
    std::vector<uint32_t> lengths;
    for (uint32_t n = 2; n <= 96; n += 2) lengths.push_back(n);
    for (uint32_t n : {140u, 254u, 256u, 1014u, 2048u}) lengths.push_back(n);
    for (const RealToRealKind kind : {RealToRealKind::dct3, RealToRealKind::dst3})
        for (const uint32_t n : lengths) {
            std::vector<long double> x(n);
            for (long double& value : x) value = uniform(generator);
            const long double nan = std::nanl("");
            std::vector<Complex<long double>> copied(n / 2, {nan, nan});
            kernels::real_to_real_input(kind, n, x.data(), static_cast<const long double*>(nullptr), 1, true,
                                        VectorSlot{copied}, 0, 1, exact_rotation(kind, n), [] {});
            for (const uint32_t lanes : {1u, 3u, 32u}) {
                std::vector<Complex<long double>> direct(n / 2, {nan, nan});
                for (uint32_t lane = 0; lane < lanes; ++lane)
                    kernels::real_to_real_input<0, false, HalvedDct3Copy::direct>(
                        kind, n, x.data(), static_cast<const long double*>(nullptr), 1, true, VectorSlot{direct},
                        lane, lanes, exact_rotation(kind, n), [] { ADD_FAILURE() << "no barrier without a copy"; });
                for (uint32_t m = 0; m < n / 2; ++m)
                    EXPECT_TRUE(direct[m].re == copied[m].re && direct[m].im == copied[m].im)
                        << (kind == RealToRealKind::dct3 ? "DCT-III" : "DST-III") << " n " << n << ", lanes "
                        << lanes << ", element " << m;
            }
        }
}

// Row spans in and out of shared memory's rows (kernels::real_to_real::move_real_rows), a block's threads one after
// another: every real lands in its transform's row and comes back to its place, in quads, pairs or single reals as
// the span's start allows, for row lengths that take each unit, tiles of several transforms and a last tile of
// fewer, and the rows' padding is left alone. Rows start on a quad and lie an odd number of quads apart.
template <uint32_t RowReals>
void check_row_moves()
{
    constexpr uint32_t kStride = kernels::real_row_stride(RowReals);
    static_assert(kStride % 4 == 0 && (kStride / 4) % 2 == 1 && kStride >= RowReals);
    constexpr float kUntouched = -12345.0f;
    alignas(16) static float global[8 * RowReals + 4], back[8 * RowReals + 4];
    alignas(16) static float rows[8 * kStride];
    for (uint32_t i = 0; i < 8 * RowReals + 4; ++i) global[i] = float(i) + 0.5f;
    for (const uint32_t offset : {0u, 1u, 2u, 3u})
        for (const uint32_t count : {1u, 5u, 8u})
            for (const uint32_t threads : {1u, 3u, 32u, 96u}) {
                std::fill(std::begin(rows), std::end(rows), kUntouched);
                std::fill(std::begin(back), std::end(back), kUntouched);
                for (uint32_t thread = 0; thread < threads; ++thread)
                    kernels::real_to_real::move_real_rows<RowReals, 4, true>(global + offset, rows, count, thread,
                                                                            threads);
                for (uint32_t thread = 0; thread < threads; ++thread)
                    kernels::real_to_real::move_real_rows<RowReals, 4, false>(rows, back + offset, count, thread,
                                                                             threads);
                for (uint32_t t = 0; t < 8; ++t)
                    for (uint32_t i = 0; i < kStride; ++i) {
                        const bool moved = t < count && i < RowReals;
                        const float expected = moved ? global[offset + t * RowReals + i] : kUntouched;
                        ASSERT_EQ(rows[t * kStride + i], expected)
                            << "row reals " << RowReals << ", offset " << offset << ", transforms " << count
                            << ", threads " << threads << ", row " << t << ", real " << i;
                    }
                for (uint32_t k = 0; k < 8 * RowReals + 4; ++k) {
                    const bool moved = k >= offset && k < offset + count * RowReals;
                    ASSERT_EQ(back[k], moved ? global[k] : kUntouched)
                        << "row reals " << RowReals << ", offset " << offset << ", transforms " << count
                        << ", threads " << threads << ", real " << k;
                }
            }
}

TEST(RealToRealMaps, RowSpansMoveThroughRowsAndBack)
{
    check_row_moves<2>();
    check_row_moves<18>();  // pairs at most
    check_row_moves<20>();  // quads where aligned
    check_row_moves<216>(); // a row of 54 quads
}

} // namespace
// Of odd n, every kind but DCT-I and DST-I runs a DFT of real data, which carries two transforms.
TEST(RealToRealMaps, TwinsOfOddLengthMatchFftw)
{
    std::mt19937_64 generator(20261129);
    std::uniform_real_distribution<long double> uniform(-1, 1);
    for (const KindCase& kind : kKinds) {
        if (kind.kind == RealToRealKind::dct1 || kind.kind == RealToRealKind::dst1) continue;
        for (uint32_t n : {1u, 3u, 5u, 7u, 9u, 15u, 21u, 27u, 35u, 97u, 125u, 243u}) {
            std::vector<long double> x(n), twin(n);
            for (long double& value : x) value = uniform(generator);
            for (long double& value : twin) value = uniform(generator);
            const std::vector<long double> twin_input = twin;
            const long double error = relative_error(through_maps(kind.kind, x, &twin), through_fftw(kind.fftw, x));
            const long double twin_error = relative_error(twin, through_fftw(kind.fftw, twin_input));
            EXPECT_LT(error, 1e-15L) << kind.name << " length " << n;
            EXPECT_LT(twin_error, 1e-15L) << kind.name << " length " << n << ", the twin";
        }
    }
}

} // namespace rift::test
