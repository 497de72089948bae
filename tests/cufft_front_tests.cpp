// rift's cuFFT front (NVIDIA only): the same core as the hipFFT front's, so these check what is cuFFT's own:
// its result values for each kind of refusal, its version, the calls it has and hipFFT has not, and, on the host
// executor, the sequence the cuFFT sample application uses (cufftPlanMany with padding, in-place R2C and C2R,
// a stream, the caller's work area) against FFTW.
#include <gtest/gtest.h>

#include <algorithm>
#include <complex>
#include <cstring>
#include <string>
#include <vector>

#include <cufft.h>
#include <cufftXt.h>

#include "rift/rift_fronts.h"
#include "tests/front_host_fixture.h"
#include "tests/reference.h"

namespace rift::test {
namespace {

std::string message() { return rift_cufft_get_last_error_message(); }

#define EXPECT_REFUSED(call, result)                                                                            \
    do {                                                                                                         \
        EXPECT_EQ((call), (result)) << #call;                                                                    \
        EXPECT_NE(message(), "") << #call << " failed without a message";                                        \
    } while (0)

// Destroys the handle at the end of the test.
struct HandleGuard {
    cufftHandle handle = CUFFT_PLAN_NULL;
    ~HandleGuard()
    {
        if (handle != CUFFT_PLAN_NULL) {
            EXPECT_EQ(cufftDestroy(handle), CUFFT_SUCCESS) << message();
        }
    }
};

TEST(CufftFront, RefusalsUseCufftsResults)
{
    EXPECT_REFUSED(cufftCreate(nullptr), CUFFT_INVALID_VALUE);
    cufftHandle plan = CUFFT_PLAN_NULL;
    EXPECT_REFUSED(cufftPlan1d(&plan, 0, CUFFT_C2C, 1), CUFFT_INVALID_SIZE);
    EXPECT_REFUSED(cufftPlan1d(&plan, 8, static_cast<cufftType>(0x70), 1), CUFFT_INVALID_TYPE);
    EXPECT_EQ(plan, CUFFT_PLAN_NULL) << "a refused plan wrote the handle";
    int n[] = {8};
    EXPECT_REFUSED(cufftPlanMany(&plan, 1, n, n, 1, 8, nullptr, 1, 8, CUFFT_C2C, 1), CUFFT_INVALID_VALUE);

    HandleGuard guard;
    ASSERT_EQ(cufftPlan1d(&guard.handle, 8, CUFFT_R2C, 2), CUFFT_SUCCESS) << message();
    EXPECT_EQ(message(), "");
    EXPECT_GT(guard.handle, 0);
    std::vector<std::complex<float>> data(16);
    auto* complex = reinterpret_cast<cufftComplex*>(data.data());
    EXPECT_REFUSED(cufftExecC2C(guard.handle, complex, complex, CUFFT_FORWARD), CUFFT_INVALID_PLAN);
    EXPECT_REFUSED(cufftExecR2C(guard.handle, nullptr, complex), CUFFT_INVALID_VALUE);
    EXPECT_REFUSED(cufftGetSize(987654321, nullptr), CUFFT_INVALID_PLAN);

    cufftHandle empty = CUFFT_PLAN_NULL;
    ASSERT_EQ(cufftCreate(&empty), CUFFT_SUCCESS);
    EXPECT_REFUSED(cufftExecC2C(empty, complex, complex, CUFFT_INVERSE), CUFFT_INVALID_PLAN);
    EXPECT_EQ(cufftDestroy(empty), CUFFT_SUCCESS);
    EXPECT_REFUSED(cufftDestroy(empty), CUFFT_INVALID_PLAN);
}

TEST(CufftFront, XtTypesAndUnimplementedCalls)
{
    HandleGuard guard;
    ASSERT_EQ(cufftCreate(&guard.handle), CUFFT_SUCCESS);
    long long n[] = {32};
    size_t work_size = 0;
    EXPECT_REFUSED(cufftXtMakePlanMany(guard.handle, 1, n, nullptr, 1, 0, CUDA_R_16F, nullptr, 1, 0, CUDA_C_16F, 1,
                                       &work_size, CUDA_C_16F),
                   CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftXtMakePlanMany(guard.handle, 1, n, nullptr, 1, 0, CUDA_R_16BF, nullptr, 1, 0, CUDA_C_16BF, 1,
                                       &work_size, CUDA_C_16BF),
                   CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftXtMakePlanMany(guard.handle, 1, n, nullptr, 1, 0, CUDA_C_64F, nullptr, 1, 0, CUDA_C_32F, 1,
                                       &work_size, CUDA_C_32F),
                   CUFFT_INVALID_VALUE);
    EXPECT_EQ(cufftXtMakePlanMany(guard.handle, 1, n, nullptr, 1, 0, CUDA_C_64F, nullptr, 1, 0, CUDA_R_64F, 1,
                                  &work_size, CUDA_C_64F),
              CUFFT_SUCCESS)
        << message();
    std::vector<std::complex<double>> data(32);
    auto* complex = reinterpret_cast<cufftDoubleComplex*>(data.data());
    EXPECT_REFUSED(cufftExecZ2Z(guard.handle, complex, complex, CUFFT_INVERSE), CUFFT_INVALID_PLAN); // it is Z2D

    void* pointers[] = {nullptr};
    long long value = 0;
    EXPECT_REFUSED(cufftXtSetCallback(guard.handle, pointers, CUFFT_CB_LD_COMPLEX, pointers), CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftXtSetJITCallback(guard.handle, "cb", nullptr, 0, CUFFT_CB_ST_REAL, pointers),
                   CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftXtSetWorkArea(guard.handle, pointers), CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftXtSetWorkAreaPolicy(guard.handle, CUFFT_WORKAREA_MINIMAL, &work_size), CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftXtQueryPlan(guard.handle, pointers, CUFFT_QUERY_1D_FACTORS), CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftSetPlanPropertyInt64(guard.handle, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT, 1),
                   CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftGetPlanPropertyInt64(guard.handle, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT, &value),
                   CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftResetPlanProperty(guard.handle, NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT), CUFFT_NOT_IMPLEMENTED);
    EXPECT_REFUSED(cufftXtFree(nullptr), CUFFT_NOT_IMPLEMENTED);
}

// The version of the cuFFT API the front implements: that of the cufft.h it was built with.
TEST(CufftFront, VersionIsTheApis)
{
    int version = 0;
    EXPECT_EQ(cufftGetVersion(&version), CUFFT_SUCCESS);
    EXPECT_EQ(version, CUFFT_VERSION);
    int major = -1, minor = -1, patch = -1;
    EXPECT_EQ(cufftGetProperty(MAJOR_VERSION, &major), CUFFT_SUCCESS);
    EXPECT_EQ(cufftGetProperty(MINOR_VERSION, &minor), CUFFT_SUCCESS);
    EXPECT_EQ(cufftGetProperty(PATCH_LEVEL, &patch), CUFFT_SUCCESS);
    EXPECT_EQ(major, CUFFT_VER_MAJOR);
    EXPECT_EQ(minor, CUFFT_VER_MINOR);
    EXPECT_EQ(patch, CUFFT_VER_PATCH);
    EXPECT_REFUSED(cufftGetVersion(nullptr), CUFFT_INVALID_VALUE);
    EXPECT_REFUSED(cufftGetProperty(static_cast<libraryPropertyType>(9), &major), CUFFT_INVALID_TYPE);
}

class CufftHost : public FrontHostExecution {};

// The cuFFT sample's sequence on the host executor: a batch of 2D in-place R2C transforms laid out with
// cufftPlanMany's embeds (rows padded to 2 (n/2 + 1) reals), auto-allocation off and a work area of the
// caller's, a stream, then the C2R back in place. The spectrum matches FFTW; the round trip is N times the input.
TEST_F(CufftHost, InPlaceRealRoundTripAsTheSample)
{
    const int rows = 12, fastest = 20, hermitian = fastest / 2 + 1, batch = 3;
    int n[] = {rows, fastest};
    int real_embed[] = {rows, 2 * hermitian};
    int complex_embed[] = {rows, hermitian};
    const int real_distance = rows * 2 * hermitian, complex_distance = rows * hermitian;
    const Lengths lengths{size_t(fastest), size_t(rows)};
    const Lengths hermitian_lengths{size_t(hermitian), size_t(rows)};
    const Layout real(0, {1, size_t(2 * hermitian)}, size_t(real_distance));
    const Layout spectrum_layout(0, {1, size_t(hermitian)}, size_t(complex_distance));

    HandleGuard forward, inverse;
    size_t forward_work = 0, inverse_work = 0;
    ASSERT_EQ(cufftCreate(&forward.handle), CUFFT_SUCCESS);
    ASSERT_EQ(cufftCreate(&inverse.handle), CUFFT_SUCCESS);
    ASSERT_EQ(cufftSetAutoAllocation(forward.handle, 0), CUFFT_SUCCESS);
    ASSERT_EQ(cufftSetAutoAllocation(inverse.handle, 0), CUFFT_SUCCESS);
    ASSERT_EQ(cufftMakePlanMany(forward.handle, 2, n, real_embed, 1, real_distance, complex_embed, 1,
                                complex_distance, CUFFT_R2C, batch, &forward_work),
              CUFFT_SUCCESS)
        << message();
    ASSERT_EQ(cufftMakePlanMany(inverse.handle, 2, n, complex_embed, 1, complex_distance, real_embed, 1,
                                real_distance, CUFFT_C2R, batch, &inverse_work),
              CUFFT_SUCCESS)
        << message();
    std::vector<std::complex<float>> work(std::max(forward_work, inverse_work) / sizeof(std::complex<float>) + 1);
    ASSERT_EQ(cufftSetWorkArea(forward.handle, work.data()), CUFFT_SUCCESS);
    ASSERT_EQ(cufftSetWorkArea(inverse.handle, work.data()), CUFFT_SUCCESS);
    ASSERT_EQ(cufftSetStream(forward.handle, nullptr), CUFFT_SUCCESS);
    ASSERT_EQ(cufftSetStream(inverse.handle, nullptr), CUFFT_SUCCESS);

    std::vector<float> reals(real.buffer_elements(lengths, batch));
    fill_random(reals, real, lengths, batch, case_seed("CufftHost.InPlaceRealRoundTripAsTheSample"));
    std::vector<std::complex<float>> buffer(size_t(complex_distance * batch));
    std::memcpy(static_cast<void*>(buffer.data()), reals.data(), reals.size() * sizeof(float));
    auto* as_real = reinterpret_cast<cufftReal*>(buffer.data());
    auto* as_complex = reinterpret_cast<cufftComplex*>(buffer.data());

    ASSERT_EQ(cufftExecR2C(forward.handle, as_real, as_complex), CUFFT_SUCCESS) << message();
    std::vector<ReferenceComplex> expected;
    reference_r2c(widen(reals), real, expected, spectrum_layout, lengths, batch);
    EXPECT_LE(relative_error(buffer, expected, spectrum_layout, hermitian_lengths, batch),
              error_bar(rift_precision_single, lengths));

    ASSERT_EQ(cufftExecC2R(inverse.handle, as_complex, as_real), CUFFT_SUCCESS) << message();
    std::vector<float> round_trip(reals.size());
    std::memcpy(round_trip.data(), buffer.data(), round_trip.size() * sizeof(float));
    std::vector<long double> scaled(reals.size());
    for (size_t i = 0; i < reals.size(); ++i) scaled[i] = static_cast<long double>(reals[i]) * fastest * rows;
    EXPECT_LE(relative_error(round_trip, scaled, real, lengths, batch), error_bar(rift_precision_single, lengths));
}

} // namespace
} // namespace rift::test
