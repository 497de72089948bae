// cufft_app.cpp: an ordinary cuFFT application, written against cuFFT alone (cufft.h, libcufft) and knowing
// nothing of rift. It runs on rift unchanged, relinked against librift_cufft or with librift_cufft.so in
// LD_PRELOAD (docs/fronts.md).
//
// A batch of 4 real 2D signals of 64 x 100, transformed in place: R2C with the padded layout cuFFT uses for
// that (rows of 2 (100/2 + 1) reals, given with cufftPlanMany's embeds), then C2R back. The forward plan comes
// from cufftPlanMany; the inverse is made with auto-allocation off; both then use one work area of the
// application's own and a stream of its own. Checks: two bins of each spectrum against a direct DFT sum, and
// the round trip against the input times the number of elements. Prints PASS or FAIL; exit status 0 when it
// passes, 1 when it fails, 77 when there is no CUDA device to run on.
#include <cuda_runtime_api.h>
#include <cufft.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr int kRows = 64;     // the slower dimension
constexpr int kColumns = 100; // the faster one
constexpr int kBatch = 4;
constexpr int kSpectrumColumns = kColumns / 2 + 1;
constexpr int kPaddedColumns = 2 * kSpectrumColumns; // reals per row in place
constexpr int kElements = kRows * kColumns;
constexpr double kPi = 3.14159265358979323846;

struct Failure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

void check(cudaError_t error, const char* call)
{
    if (error != cudaSuccess) throw Failure(std::string(call) + ": " + cudaGetErrorString(error));
}
void check(cufftResult result, const char* call)
{
    if (result != CUFFT_SUCCESS) throw Failure(std::string(call) + " returned cufftResult " + std::to_string(result));
}
#define CHECK(call) check((call), #call)

// Owners of what the application creates, released however it ends.
struct DeviceBuffer {
    void* pointer = nullptr;
    ~DeviceBuffer() { (void)cudaFree(pointer); }
};
struct Stream {
    cudaStream_t stream = nullptr;
    ~Stream()
    {
        if (stream != nullptr) (void)cudaStreamDestroy(stream);
    }
};
struct Plan {
    cufftHandle handle = 0;
    bool made = false;
    ~Plan()
    {
        if (made) (void)cufftDestroy(handle);
    }
};

// Signal b: a mix of waves and a deterministic pseudo-random part, different for every element and batch.
float signal(int b, int row, int column)
{
    const unsigned hash = (unsigned(b) * 73856093u) ^ (unsigned(row) * 19349663u) ^ (unsigned(column) * 83492791u);
    const double noise = double(hash % 2001u) / 1000.0 - 1.0;
    return float(0.5 + b + std::cos(2 * kPi * 3 * column / kColumns) * std::sin(2 * kPi * 5 * row / kRows) +
                 0.25 * noise);
}

// Bin (k_row, k_column) of signal b's spectrum by direct summation in double precision.
std::complex<double> direct_bin(const std::vector<float>& padded, int b, int k_row, int k_column)
{
    std::complex<double> sum = 0;
    for (int row = 0; row < kRows; ++row) {
        for (int column = 0; column < kColumns; ++column) {
            const double angle = -2 * kPi * (double(k_row) * row / kRows + double(k_column) * column / kColumns);
            sum += double(padded[(size_t(b) * kRows + row) * kPaddedColumns + column]) *
                   std::complex<double>(std::cos(angle), std::sin(angle));
        }
    }
    return sum;
}

bool run()
{
    // The data as cuFFT's in-place R2C wants it: each row padded to kPaddedColumns reals.
    std::vector<float> input(size_t(kBatch) * kRows * kPaddedColumns, 0.0f);
    for (int b = 0; b < kBatch; ++b)
        for (int row = 0; row < kRows; ++row)
            for (int column = 0; column < kColumns; ++column)
                input[(size_t(b) * kRows + row) * kPaddedColumns + column] = signal(b, row, column);
    const size_t bytes = input.size() * sizeof(float);

    DeviceBuffer data;
    CHECK(cudaMalloc(&data.pointer, bytes));
    Stream stream;
    CHECK(cudaStreamCreate(&stream.stream));
    CHECK(cudaMemcpyAsync(data.pointer, input.data(), bytes, cudaMemcpyHostToDevice, stream.stream));

    int n[] = {kRows, kColumns};
    int real_embed[] = {kRows, kPaddedColumns};
    int complex_embed[] = {kRows, kSpectrumColumns};
    const int real_distance = kRows * kPaddedColumns;
    const int complex_distance = kRows * kSpectrumColumns;

    Plan forward;
    CHECK(cufftPlanMany(&forward.handle, 2, n, real_embed, 1, real_distance, complex_embed, 1, complex_distance,
                        CUFFT_R2C, kBatch));
    forward.made = true;
    Plan inverse;
    CHECK(cufftCreate(&inverse.handle));
    inverse.made = true;
    CHECK(cufftSetAutoAllocation(inverse.handle, 0));
    size_t inverse_work = 0;
    CHECK(cufftMakePlanMany(inverse.handle, 2, n, complex_embed, 1, complex_distance, real_embed, 1, real_distance,
                            CUFFT_C2R, kBatch, &inverse_work));
    size_t forward_work = 0;
    CHECK(cufftGetSize(forward.handle, &forward_work));

    // One work area for both plans: they run one after the other on the same stream.
    DeviceBuffer work;
    const size_t work_bytes = std::max(forward_work, inverse_work);
    if (work_bytes > 0) CHECK(cudaMalloc(&work.pointer, work_bytes));
    CHECK(cufftSetWorkArea(forward.handle, work.pointer));
    CHECK(cufftSetWorkArea(inverse.handle, work.pointer));
    CHECK(cufftSetStream(forward.handle, stream.stream));
    CHECK(cufftSetStream(inverse.handle, stream.stream));

    auto* reals = static_cast<cufftReal*>(data.pointer);
    auto* spectrum = static_cast<cufftComplex*>(data.pointer);
    CHECK(cufftExecR2C(forward.handle, reals, spectrum));
    std::vector<std::complex<float>> spectra(size_t(kBatch) * complex_distance);
    CHECK(cudaMemcpyAsync(spectra.data(), data.pointer, bytes, cudaMemcpyDeviceToHost, stream.stream));
    CHECK(cufftExecC2R(inverse.handle, spectrum, reals));
    std::vector<float> output(input.size());
    CHECK(cudaMemcpyAsync(output.data(), data.pointer, bytes, cudaMemcpyDeviceToHost, stream.stream));
    CHECK(cudaStreamSynchronize(stream.stream));

    bool passed = true;
    // Two bins of every spectrum: the mean (0, 0) and a wave's (5, 3).
    for (int b = 0; b < kBatch; ++b) {
        for (const auto& bin : {std::make_pair(0, 0), std::make_pair(5, 3)}) {
            const std::complex<double> expected = direct_bin(input, b, bin.first, bin.second);
            const std::complex<double> actual =
                spectra[(size_t(b) * kRows + bin.first) * kSpectrumColumns + bin.second];
            const double error = std::abs(actual - expected) / std::max(1.0, std::abs(expected));
            if (!(error < 1e-4)) {
                std::printf("spectrum %d bin (%d, %d): %g%+gi, expected %g%+gi\n", b, bin.first, bin.second,
                            actual.real(), actual.imag(), expected.real(), expected.imag());
                passed = false;
            }
        }
    }
    // C2R of R2C is the input times the number of elements, on the real elements of each padded row.
    double worst = 0, largest = 0;
    for (int b = 0; b < kBatch; ++b)
        for (int row = 0; row < kRows; ++row)
            for (int column = 0; column < kColumns; ++column) {
                const size_t i = (size_t(b) * kRows + row) * kPaddedColumns + column;
                worst = std::max(worst, std::abs(double(output[i]) / kElements - double(input[i])));
                largest = std::max(largest, std::abs(double(input[i])));
            }
    const double round_trip_error = worst / largest;
    std::printf("round trip: largest error %.3g of the largest input\n", round_trip_error);
    if (!(round_trip_error < 1e-5)) passed = false;
    return passed;
}

} // namespace

int main()
{
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("cufft_app: no CUDA device: SKIPPED\n");
        return 77;
    }
    try {
        const bool passed = run();
        std::printf("cufft_app: %s\n", passed ? "PASS" : "FAIL");
        return passed ? 0 : 1;
    } catch (const Failure& failure) {
        std::printf("cufft_app: FAIL: %s\n", failure.what());
        return 1;
    }
}
