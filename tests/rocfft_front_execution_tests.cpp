// Transforms through rift's rocFFT front (include/rocfft), checked against FFTW: rocFFT's layout defaults,
// strided and in-place layouts, scale factors and the caller's work buffer. Without a GPU they run on rift's host
// executor (RIFT_EXECUTOR=host, which the front's plans follow); the GpuRocfft suite runs them on the device and
// skips without one. The argument and handle checks are in rocfft_front_argument_tests.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <cstring>
#include <string>
#include <vector>

#include "rift/rift.h"
#include "rocfft/rocfft.h"
#include "tests/front_host_fixture.h"
#include "tests/gpu.h"
#include "tests/reference.h"
#include "tests/rocfft_front_helpers.h"

namespace rift::test {
namespace {

Lengths hermitian_of(Lengths lengths)
{
    lengths[0] = lengths[0] / 2 + 1;
    return lengths;
}

// ---- transforms on the host executor -------------------------------------------------------------------------

class RocfftHost : public FrontHostExecution {};

template <class Real>
rocfft_precision precision_of()
{
    return sizeof(Real) == sizeof(float) ? rocfft_precision_single : rocfft_precision_double;
}
template <class Real>
rift_precision rift_precision_of()
{
    return sizeof(Real) == sizeof(float) ? rift_precision_single : rift_precision_double;
}

// A complex transform of `lengths` through the front (NULL description: contiguous), checked against FFTW;
// elements outside the output layout keep their sentinels.
template <class Real>
void check_complex(rocfft_transform_type type, const Lengths& lengths, size_t batch, const Layout& in,
                   const Layout& out, rocfft_plan_description description, double scale = 1.0)
{
    const bool inverse = type == rocfft_transform_type_complex_inverse;
    Plan plan;
    ASSERT_EQ(make_plan(plan, rocfft_placement_notinplace, type, precision_of<Real>(), lengths, batch, description),
              rocfft_status_success)
        << message();
    std::vector<std::complex<Real>> input(in.buffer_elements(lengths, batch));
    fill_random(input, in, lengths, batch, case_seed("RocfftHost.complex" + to_string(in) + to_string(out)));
    std::vector<std::complex<Real>> output(out.buffer_elements(lengths, batch) + 4);
    const std::vector<bool> written = layout_mask(output.size(), out, lengths, batch);
    fill_sentinels(output, written);
    void* in_buffers[] = {input.data()};
    void* out_buffers[] = {output.data()};
    ASSERT_EQ(rocfft_execute(plan.get(), in_buffers, out_buffers, nullptr), rocfft_status_success) << message();
    std::vector<ReferenceComplex> expected;
    reference_dft(widen(input), in, expected, out, lengths, batch, inverse);
    for (ReferenceComplex& value : expected) value *= static_cast<long double>(scale);
    expected.resize(std::max(expected.size(), output.size()));
    EXPECT_LE(relative_error(output, expected, out, lengths, batch), error_bar(rift_precision_of<Real>(), lengths));
    EXPECT_EQ(stray_writes("output", output, written), "");
}

// R2C out of place, checked against FFTW.
template <class Real>
void check_r2c(const Lengths& lengths, size_t batch, const Layout& in, const Layout& out,
               rocfft_plan_description description, double scale = 1.0)
{
    const Lengths hermitian = hermitian_of(lengths);
    Plan plan;
    ASSERT_EQ(make_plan(plan, rocfft_placement_notinplace, rocfft_transform_type_real_forward, precision_of<Real>(),
                        lengths, batch, description),
              rocfft_status_success)
        << message();
    std::vector<Real> input(in.buffer_elements(lengths, batch));
    fill_random(input, in, lengths, batch, case_seed("RocfftHost.r2c" + to_string(in) + to_string(out)));
    std::vector<std::complex<Real>> output(out.buffer_elements(hermitian, batch) + 4);
    const std::vector<bool> written = layout_mask(output.size(), out, hermitian, batch);
    fill_sentinels(output, written);
    void* in_buffers[] = {input.data()};
    void* out_buffers[] = {output.data()};
    ASSERT_EQ(rocfft_execute(plan.get(), in_buffers, out_buffers, nullptr), rocfft_status_success) << message();
    std::vector<ReferenceComplex> expected;
    reference_r2c(widen(input), in, expected, out, lengths, batch);
    for (ReferenceComplex& value : expected) value *= static_cast<long double>(scale);
    expected.resize(std::max(expected.size(), output.size()));
    EXPECT_LE(relative_error(output, expected, out, hermitian, batch), error_bar(rift_precision_of<Real>(), lengths));
    EXPECT_EQ(stray_writes("output", output, written), "");
}

// C2R out of place on the spectrum of random reals (hermitian, as C2R needs), checked against FFTW.
template <class Real>
void check_c2r(const Lengths& lengths, size_t batch, const Layout& in, const Layout& out,
               rocfft_plan_description description)
{
    const Lengths hermitian = hermitian_of(lengths);
    Plan plan;
    ASSERT_EQ(make_plan(plan, rocfft_placement_notinplace, rocfft_transform_type_real_inverse, precision_of<Real>(),
                        lengths, batch, description),
              rocfft_status_success)
        << message();
    const Layout source_layout = contiguous(lengths);
    std::vector<Real> source(source_layout.buffer_elements(lengths, batch));
    fill_random(source, source_layout, lengths, batch, case_seed("RocfftHost.c2r" + to_string(in) + to_string(out)));
    std::vector<ReferenceComplex> spectrum;
    reference_r2c(widen(source), source_layout, spectrum, in, lengths, batch);
    std::vector<std::complex<Real>> input(std::max(spectrum.size(), in.buffer_elements(hermitian, batch)));
    for (size_t i = 0; i < spectrum.size(); ++i)
        input[i] = {static_cast<Real>(spectrum[i].real()), static_cast<Real>(spectrum[i].imag())};
    std::vector<ReferenceComplex> exact_input = widen(input);
    std::vector<Real> output(out.buffer_elements(lengths, batch) + 4);
    const std::vector<bool> written = layout_mask(output.size(), out, lengths, batch);
    fill_sentinels(output, written);
    void* in_buffers[] = {input.data()};
    void* out_buffers[] = {output.data()};
    ASSERT_EQ(rocfft_execute(plan.get(), in_buffers, out_buffers, nullptr), rocfft_status_success) << message();
    std::vector<long double> expected;
    reference_c2r(exact_input, in, expected, out, lengths, batch);
    expected.resize(std::max(expected.size(), output.size()));
    EXPECT_LE(relative_error(output, expected, out, lengths, batch), error_bar(rift_precision_of<Real>(), lengths));
    EXPECT_EQ(stray_writes("output", output, written), "");
}

const Lengths kShapes[] = {{12}, {6, 5}, {4, 3, 5}};

template <class Real>
void every_type_on_default_layouts()
{
    for (const Lengths& lengths : kShapes) {
        SCOPED_TRACE(std::to_string(lengths.size()) + "D, " + (sizeof(Real) == 4 ? "single" : "double"));
        const size_t batch = 2;
        const Layout layout = contiguous(lengths);
        check_complex<Real>(rocfft_transform_type_complex_forward, lengths, batch, layout, layout, nullptr);
        check_complex<Real>(rocfft_transform_type_complex_inverse, lengths, batch, layout, layout, nullptr);
        const Layout hermitian = contiguous(hermitian_of(lengths));
        check_r2c<Real>(lengths, batch, layout, hermitian, nullptr);
        check_c2r<Real>(lengths, batch, hermitian, layout, nullptr);
    }
}

// Every transform type in both precisions, 1D to 3D, without a description: contiguous data.
TEST_F(RocfftHost, EveryTypeAndPrecisionOnDefaultLayouts)
{
    every_type_on_default_layouts<float>();
    every_type_on_default_layouts<double>();
}

// Strided, batched layouts with offsets, for each transform type.
TEST_F(RocfftHost, StridedBatchedLayoutsWithOffsets)
{
    const Lengths lengths{10, 6};
    const size_t batch = 3;
    const Layout in(3, {2, 25}, 6 * 25 + 7);
    const Layout out(1, {1, 11}, 70);
    Description c2c = described(rocfft_array_type_complex_interleaved, rocfft_array_type_complex_interleaved, in, out);
    check_complex<double>(rocfft_transform_type_complex_inverse, lengths, batch, in, out, c2c.get());

    const Layout reals(5, {1, 12}, 80);
    const Layout spectrum(2, {1, 7}, 45);
    Description r2c = described(rocfft_array_type_real, rocfft_array_type_hermitian_interleaved, reals, spectrum);
    check_r2c<float>(lengths, batch, reals, spectrum, r2c.get());
    Description c2r = described(rocfft_array_type_hermitian_interleaved, rocfft_array_type_real, spectrum, reals);
    check_c2r<float>(lengths, batch, spectrum, reals, c2r.get());

    // The batch as the fastest axis: distance 1, strides past the batch.
    const Layout across(0, {batch, batch * 10}, 1);
    Description columns =
        described(rocfft_array_type_complex_interleaved, rocfft_array_type_complex_interleaved, across, across);
    check_complex<float>(rocfft_transform_type_complex_forward, lengths, batch, across, across, columns.get());
}

// rocFFT's defaults for what a description leaves unset: a distance follows the slowest dimension's stride; a
// later set_data_layout with NULL strides keeps the earlier strides; unset array types follow the transform.
TEST_F(RocfftHost, UnsetLayoutPartsTakeRocfftsDefaults)
{
    const Lengths lengths{8, 5};
    const size_t batch = 2;
    const size_t strides[] = {2, 20};
    Description description = new_description();
    ASSERT_EQ(rocfft_plan_description_set_data_layout(description.get(), rocfft_array_type_unset,
                                                      rocfft_array_type_unset, nullptr, nullptr, 2, strides, 0, 0,
                                                      nullptr, 0),
              rocfft_status_success);
    const size_t out_offset = 3;
    ASSERT_EQ(rocfft_plan_description_set_data_layout(description.get(), rocfft_array_type_complex_interleaved,
                                                      rocfft_array_type_unset, nullptr, &out_offset, 0, nullptr, 0,
                                                      0, nullptr, 50),
              rocfft_status_success);
    const Layout in(0, {2, 20}, 5 * 20); // distance: lengths[1] * strides[1]
    const Layout out(3, {1, 8}, 50);
    check_complex<float>(rocfft_transform_type_complex_forward, lengths, batch, in, out, description.get());
}

// In-place real transforms without a description: rows of 2 (N0/2 + 1) reals, 1D batches 2 (N0/2 + 1) apart;
// R2C checked against FFTW, then C2R back to the input times N.
TEST_F(RocfftHost, InPlaceRealDefaultLayouts)
{
    for (const Lengths& lengths : {Lengths{10}, Lengths{9, 4}, Lengths{6, 3, 2}}) {
        SCOPED_TRACE(std::to_string(lengths.size()) + "D, fastest " + std::to_string(lengths[0]));
        const size_t batch = 2;
        const Lengths hermitian = hermitian_of(lengths);
        const Layout spectrum_layout = contiguous(hermitian);
        Layout real_layout = spectrum_layout;
        for (size_t d = 1; d < lengths.size(); ++d) real_layout.strides[d] *= 2;
        real_layout.distance *= 2;
        std::vector<double> reals(real_layout.buffer_elements(lengths, batch));
        fill_random(reals, real_layout, lengths, batch, case_seed("RocfftHost.InPlaceRealDefaultLayouts"));
        std::vector<std::complex<double>> buffer(spectrum_layout.buffer_elements(hermitian, batch));
        ASSERT_GE(buffer.size() * 2, reals.size());
        std::memcpy(static_cast<void*>(buffer.data()), reals.data(), reals.size() * sizeof(double));

        Plan forward, inverse;
        ASSERT_EQ(make_plan(forward, rocfft_placement_inplace, rocfft_transform_type_real_forward,
                            rocfft_precision_double, lengths, batch),
                  rocfft_status_success)
            << message();
        ASSERT_EQ(make_plan(inverse, rocfft_placement_inplace, rocfft_transform_type_real_inverse,
                            rocfft_precision_double, lengths, batch),
                  rocfft_status_success)
            << message();
        void* buffers[] = {buffer.data()};
        ASSERT_EQ(rocfft_execute(forward.get(), buffers, nullptr, nullptr), rocfft_status_success) << message();
        std::vector<ReferenceComplex> expected;
        reference_r2c(widen(reals), real_layout, expected, spectrum_layout, lengths, batch);
        EXPECT_LE(relative_error(buffer, expected, spectrum_layout, hermitian, batch),
                  error_bar(rift_precision_double, lengths));

        ASSERT_EQ(rocfft_execute(inverse.get(), buffers, nullptr, nullptr), rocfft_status_success) << message();
        std::vector<double> round_trip(reals.size());
        std::memcpy(round_trip.data(), buffer.data(), round_trip.size() * sizeof(double));
        std::vector<long double> scaled(reals.size());
        const long double n = static_cast<long double>(element_count(lengths));
        for (size_t i = 0; i < reals.size(); ++i) scaled[i] = reals[i] * n;
        EXPECT_LE(relative_error(round_trip, scaled, real_layout, lengths, batch),
                  error_bar(rift_precision_double, lengths));
    }
}

// In-place complex, one transform whose two distances differ (ignored), and a scale factor on each side.
TEST_F(RocfftHost, InPlaceComplexAndScaleFactor)
{
    const Lengths lengths{16};
    const Layout in(0, {1}, 16);
    const Layout out(0, {1}, 40);
    Description description =
        described(rocfft_array_type_complex_interleaved, rocfft_array_type_complex_interleaved, in, out, 1.0 / 16);
    Plan plan;
    ASSERT_EQ(make_plan(plan, rocfft_placement_inplace, rocfft_transform_type_complex_inverse,
                        rocfft_precision_single, lengths, 1, description.get()),
              rocfft_status_success)
        << message();
    std::vector<std::complex<float>> data(16);
    fill_random(data, in, lengths, 1, case_seed("RocfftHost.InPlaceComplexAndScaleFactor"));
    const std::vector<std::complex<float>> input = data;
    void* buffers[] = {data.data()};
    ASSERT_EQ(rocfft_execute(plan.get(), buffers, nullptr, nullptr), rocfft_status_success) << message();
    std::vector<ReferenceComplex> expected;
    reference_dft(widen(input), in, expected, in, lengths, 1, true);
    for (ReferenceComplex& value : expected) value /= 16;
    EXPECT_LE(relative_error(data, expected, in, lengths, 1), error_bar(rift_precision_single, lengths));

    const Lengths real_lengths{20, 3};
    const Layout reals = contiguous(real_lengths);
    const Layout spectrum = contiguous(hermitian_of(real_lengths));
    Description scaled = described(rocfft_array_type_real, rocfft_array_type_hermitian_interleaved, reals, spectrum,
                                   0.25);
    check_r2c<double>(real_lengths, 2, reals, spectrum, scaled.get(), 0.25);
}

// The work buffer the caller passes is the one rift uses, within the reported size; a smaller one is refused.
TEST_F(RocfftHost, CallersWorkBuffer)
{
    const Lengths lengths{65536};
    const Layout layout = contiguous(lengths);
    Plan plan;
    ASSERT_EQ(make_plan(plan, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                        rocfft_precision_single, lengths, 1),
              rocfft_status_success)
        << message();
    size_t work_size = 0;
    ASSERT_EQ(rocfft_plan_get_work_buffer_size(plan.get(), &work_size), rocfft_status_success);
    ASSERT_GT(work_size, 0u);
    const unsigned char untouched = 0xA5;
    std::vector<std::complex<float>> work(work_size / sizeof(std::complex<float>) + 1);
    std::memset(static_cast<void*>(work.data()), untouched, work.size() * sizeof(work[0]));
    Info info = new_info();
    ASSERT_EQ(rocfft_execution_info_set_stream(info.get(), nullptr), rocfft_status_success);
    std::vector<std::complex<float>> input(layout.buffer_elements(lengths, 1));
    fill_random(input, layout, lengths, 1, case_seed("RocfftHost.CallersWorkBuffer"));
    std::vector<std::complex<float>> output(input.size());
    void* in_buffers[] = {input.data()};
    void* out_buffers[] = {output.data()};

    ASSERT_EQ(rocfft_execution_info_set_work_buffer(info.get(), work.data(), work_size - 8), rocfft_status_success);
    EXPECT_REFUSED(rocfft_execute(plan.get(), in_buffers, out_buffers, info.get()), rocfft_status_invalid_work_buffer);

    ASSERT_EQ(rocfft_execution_info_set_work_buffer(info.get(), work.data(), work_size), rocfft_status_success);
    ASSERT_EQ(rocfft_execute(plan.get(), in_buffers, out_buffers, info.get()), rocfft_status_success) << message();
    std::vector<ReferenceComplex> expected;
    reference_dft(widen(input), layout, expected, layout, lengths, 1, false);
    EXPECT_LE(relative_error(output, expected, layout, lengths, 1), error_bar(rift_precision_single, lengths));
    const auto* bytes = reinterpret_cast<const unsigned char*>(work.data());
    EXPECT_TRUE(std::any_of(bytes, bytes + work_size, [&](unsigned char b) { return b != untouched; }))
        << "rift did not use the work buffer";
    EXPECT_TRUE(std::all_of(bytes + work_size, bytes + work.size() * sizeof(work[0]),
                            [&](unsigned char b) { return b == untouched; }))
        << "rift wrote past the work size";
}

// ---- transforms on the GPU -----------------------------------------------------------------------------------

class GpuRocfft : public ::testing::Test {
protected:
    void SetUp() override
    {
        RIFT_SKIP_WITHOUT_GPU();
        ASSERT_EQ(rocfft_setup(), rocfft_status_success);
        set_up_ = true;
    }
    void TearDown() override
    {
        if (set_up_) {
            EXPECT_EQ(rocfft_cleanup(), rocfft_status_success);
        }
    }

private:
    bool set_up_ = false;
};

// Forward, then inverse scaled by 1/N, out of place on a stream of the test's own, in device memory.
TEST_F(GpuRocfft, ComplexRoundTripOnAStream)
{
    const Lengths lengths{1000};
    const size_t batch = 4;
    const Layout layout = contiguous(lengths);
    std::vector<std::complex<float>> input(layout.buffer_elements(lengths, batch));
    fill_random(input, layout, lengths, batch, case_seed("GpuRocfft.ComplexRoundTripOnAStream"));
    const size_t bytes = input.size() * sizeof(input[0]);
    DeviceMemory data, spectrum;
    ASSERT_EQ(data.allocate(bytes), "");
    ASSERT_EQ(spectrum.allocate(bytes), "");
    ASSERT_EQ(data.upload(input.data(), bytes), "");
    DeviceStream stream;
    ASSERT_EQ(stream.create(), "");
    Info info = new_info();
    ASSERT_EQ(rocfft_execution_info_set_stream(info.get(), stream.get()), rocfft_status_success);
    Plan forward, inverse;
    ASSERT_EQ(make_plan(forward, rocfft_placement_notinplace, rocfft_transform_type_complex_forward,
                        rocfft_precision_single, lengths, batch),
              rocfft_status_success)
        << message();
    Description scaled = new_description();
    ASSERT_EQ(rocfft_plan_description_set_scale_factor(scaled.get(), 1.0 / 1000), rocfft_status_success);
    ASSERT_EQ(make_plan(inverse, rocfft_placement_notinplace, rocfft_transform_type_complex_inverse,
                        rocfft_precision_single, lengths, batch, scaled.get()),
              rocfft_status_success)
        << message();
    void* data_buffers[] = {data.get()};
    void* spectrum_buffers[] = {spectrum.get()};
    ASSERT_EQ(rocfft_execute(forward.get(), data_buffers, spectrum_buffers, info.get()), rocfft_status_success)
        << message();
    ASSERT_EQ(stream.synchronize(), "");
    std::vector<std::complex<float>> result(input.size());
    ASSERT_EQ(spectrum.download(result.data(), bytes), "");
    std::vector<ReferenceComplex> expected;
    reference_dft(widen(input), layout, expected, layout, lengths, batch, false);
    EXPECT_LE(relative_error(result, expected, layout, lengths, batch), error_bar(rift_precision_single, lengths));
    ASSERT_EQ(rocfft_execute(inverse.get(), spectrum_buffers, data_buffers, info.get()), rocfft_status_success)
        << message();
    ASSERT_EQ(stream.synchronize(), "");
    std::vector<std::complex<float>> back(input.size());
    ASSERT_EQ(data.download(back.data(), bytes), "");
    EXPECT_LE(relative_error(back, widen(input), layout, lengths, batch), error_bar(rift_precision_single, lengths));
}

// In-place 2D R2C and C2R in double precision with the default padded layout and the caller's work buffer.
TEST_F(GpuRocfft, RealInPlaceRoundTripWithWorkBuffer)
{
    const Lengths lengths{30, 6};
    const size_t batch = 2;
    const Lengths hermitian = hermitian_of(lengths);
    const Layout spectrum_layout = contiguous(hermitian);
    const Layout real_layout(0, {1, 2 * hermitian[0]}, 2 * spectrum_layout.distance);
    std::vector<double> reals(2 * spectrum_layout.buffer_elements(hermitian, batch));
    fill_random(reals, real_layout, lengths, batch, case_seed("GpuRocfft.RealInPlaceRoundTripWithWorkBuffer"));
    const size_t bytes = reals.size() * sizeof(double);
    DeviceMemory data;
    ASSERT_EQ(data.allocate(bytes), "");
    ASSERT_EQ(data.upload(reals.data(), bytes), "");
    Plan forward, inverse;
    ASSERT_EQ(make_plan(forward, rocfft_placement_inplace, rocfft_transform_type_real_forward,
                        rocfft_precision_double, lengths, batch),
              rocfft_status_success)
        << message();
    ASSERT_EQ(make_plan(inverse, rocfft_placement_inplace, rocfft_transform_type_real_inverse,
                        rocfft_precision_double, lengths, batch),
              rocfft_status_success)
        << message();
    size_t forward_work = 0, inverse_work = 0;
    ASSERT_EQ(rocfft_plan_get_work_buffer_size(forward.get(), &forward_work), rocfft_status_success);
    ASSERT_EQ(rocfft_plan_get_work_buffer_size(inverse.get(), &inverse_work), rocfft_status_success);
    DeviceMemory work;
    ASSERT_EQ(work.allocate(std::max<size_t>({forward_work, inverse_work, 16})), "");
    Info info = new_info();
    ASSERT_EQ(rocfft_execution_info_set_work_buffer(info.get(), work.get(), std::max(forward_work, inverse_work)),
              rocfft_status_success);
    void* buffers[] = {data.get()};
    ASSERT_EQ(rocfft_execute(forward.get(), buffers, nullptr, info.get()), rocfft_status_success) << message();
    ASSERT_EQ(synchronize_device(), "");
    std::vector<std::complex<double>> spectrum(bytes / sizeof(std::complex<double>));
    ASSERT_EQ(data.download(spectrum.data(), bytes), "");
    std::vector<ReferenceComplex> expected;
    reference_r2c(widen(reals), real_layout, expected, spectrum_layout, lengths, batch);
    EXPECT_LE(relative_error(spectrum, expected, spectrum_layout, hermitian, batch),
              error_bar(rift_precision_double, lengths));
    ASSERT_EQ(rocfft_execute(inverse.get(), buffers, nullptr, info.get()), rocfft_status_success) << message();
    ASSERT_EQ(synchronize_device(), "");
    std::vector<double> round_trip(reals.size());
    ASSERT_EQ(data.download(round_trip.data(), bytes), "");
    std::vector<long double> scaled(reals.size());
    for (size_t i = 0; i < reals.size(); ++i) scaled[i] = (long double)reals[i] * element_count(lengths);
    EXPECT_LE(relative_error(round_trip, scaled, real_layout, lengths, batch),
              error_bar(rift_precision_double, lengths));
}

} // namespace
} // namespace rift::test
