// The prime butterflies of compiled kernels on the host, where CI can run them: in one lane, and split over lanes
// (kernels::split_butterfly_sums), against FFTW; and which primes the planner splits over how many lanes. A
// translation unit of its own: its many instantiations of unrolled butterflies are the test build's longest
// compile.
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <string>
#include <vector>

#include "kernels/stockham_transform.h"
#include "library/plan/stockham_shape.h"
#include "tests/reference.h"

namespace rift::test {
namespace {

// A compiled kernel's transform of one prime butterfly, in one lane or split over Lanes lanes
// (kernels::split_butterfly_sums) where one lane would hold too many registers: its pass on the host as the host
// executor runs fixed passes, every lane reading before any writes, from global memory or the staged slot to
// either; against FFTW.
template <class Real, uint32_t R, uint32_t Lanes, bool Inverse>
long double butterfly_pass_error(bool staged)
{
    constexpr int E = Lanes == 1 ? int(R)
                                 : std::max(kernels::split_butterfly_registers(int(R), int(Lanes)),
                                            int((R + Lanes - 1) / Lanes));
    kernels::StockhamArgs args;
    args.length = R;
    args.pass_count = 1;
    args.packed_radices = R;
    args.stage_input = staged;
    args.stage_output = staged;
    const Lengths lengths{R};
    std::vector<std::complex<Real>> input(R), output(R, std::complex<Real>(std::nan(""), 0));
    fill_random(input, contiguous(R), lengths, 1, case_seed("butterfly " + std::to_string(R)));
    std::vector<kernels::Complex<Real>> slot(R);
    if (staged) std::copy_n(reinterpret_cast<const kernels::Complex<Real>*>(input.data()), R, slot.data());
    const kernels::ScratchSlot<Real> scratch{slot.data(), 0};
    const kernels::StridedSource<Real> source{reinterpret_cast<const kernels::Complex<Real>*>(input.data()), 1};
    const kernels::ScaledStridedDestination<Real> destination{
        reinterpret_cast<kernels::Complex<Real>*>(output.data()), 1, Real(1)};
    std::vector<kernels::Registers<Real, E>> registers(Lanes);
    const auto for_each_lane = [&](auto&& visit) {
        for (uint32_t lane = 0; lane < Lanes; ++lane) visit(lane, registers[lane]);
    };
    kernels::fixed_stockham_passes<E, Lanes, Inverse, Real, R, 1, R>(args, true, source, destination, scratch,
                                                                     for_each_lane, [] {});
    if (staged) std::copy_n(slot.data(), R, reinterpret_cast<kernels::Complex<Real>*>(output.data()));
    std::vector<ReferenceComplex> expected;
    reference_dft(widen(input), contiguous(R), expected, contiguous(R), lengths, 1, Inverse);
    return relative_error(output, expected, contiguous(R), lengths, 1);
}

template <class Real, uint32_t R, uint32_t Lanes>
void check_butterfly_pass_on()
{
    const rift_precision precision = sizeof(Real) == 4 ? rift_precision_single : rift_precision_double;
    const double bar = error_bar(precision, {R});
    for (const bool staged : {false, true}) {
        EXPECT_LE((butterfly_pass_error<Real, R, Lanes, false>(staged)), bar) << R << " on " << Lanes << " lanes";
        EXPECT_LE((butterfly_pass_error<Real, R, Lanes, true>(staged)), bar) << R << " on " << Lanes << " lanes";
    }
}

template <class Real, uint32_t R, uint32_t... Lanes>
void check_butterfly_pass()
{
    (check_butterfly_pass_on<Real, R, Lanes>(), ...);
}

TEST(RuntimeKernels, OneLanePrimeButterfliesMatchTheDftOnTheHost)
{
    check_butterfly_pass<float, 17, 1>();
    check_butterfly_pass<float, 19, 1>();
    check_butterfly_pass<float, 23, 1>();
    EXPECT_EQ(split_butterfly_lanes(23, 8), 0u); // within a lane's registers
}

TEST(RuntimeKernels, SplitPrimeButterfliesMatchTheDftOnTheHost)
{
    // Every lane count from two to one pair a lane, where the last lanes make one pair or none.
    check_butterfly_pass<double, 17, 2, 3, 4, 7, 8>();
    check_butterfly_pass<double, 19, 2, 3, 9>();
    check_butterfly_pass<double, 23, 3, 4, 11>();
    check_butterfly_pass<double, 29, 4, 5, 14>();
    check_butterfly_pass<double, 31, 2, 4, 15>();
    check_butterfly_pass<float, 29, 2, 4>();
    check_butterfly_pass<float, 31, 2, 3, 4>();
    // The primes that run only split (their unit roots tabulated to 61).
    check_butterfly_pass<float, 37, 4>();
    check_butterfly_pass<double, 41, 3>();
    check_butterfly_pass<float, 53, 4, 26>();
    check_butterfly_pass<float, 61, 4>();
    check_butterfly_pass<double, 53, 4, 5>();
    // Which lengths split, and their lanes' registers.
    for (uint32_t length : {17u, 19u, 23u, 29u, 31u}) {
        const auto identity = compiled_stockham_identity(length, Precision::double_, Direction::forward,
                                                         KernelData::complex, BlockLayout::staged_rows, 227 * 1024);
        ASSERT_TRUE(identity.has_value()) << length;
        EXPECT_EQ(identity->lanes, 2u) << length;
        EXPECT_EQ(identity->radices, std::vector<uint32_t>{length});
        EXPECT_EQ(identity->elements, uint32_t(kernels::split_butterfly_registers(int(length), 2))) << length;
    }
    EXPECT_EQ(split_butterfly_lanes(29, 8), 4u);
    EXPECT_EQ(split_butterfly_lanes(31, 8), 4u);
    EXPECT_EQ(split_butterfly_lanes(37, 16), 3u);
    EXPECT_EQ(split_butterfly_lanes(43, 16), 3u);
    EXPECT_EQ(split_butterfly_lanes(43, 8), 4u);
    EXPECT_EQ(split_butterfly_lanes(53, 8), 4u);
    EXPECT_EQ(split_butterfly_lanes(53, 16), 4u);
    EXPECT_EQ(split_butterfly_lanes(61, 8), 4u);
    EXPECT_EQ(split_butterfly_lanes(59, 16), 0u); // Rader's kernel runs it faster
    EXPECT_EQ(split_butterfly_lanes(67, 8), 0u);  // no unit roots tabulated
}

} // namespace
} // namespace rift::test
