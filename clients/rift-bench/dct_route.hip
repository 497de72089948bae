#include "rift-bench/dct_route.h"

#include <cstdint>

#include "common/checks.h"

namespace rift::bench {

namespace {

struct Shape {
    uint64_t n0, n1, n2; // lengths, fastest first; 1 past the rank
    uint64_t batch;
    int rank;
};

Shape make_shape(const std::vector<size_t>& lengths, size_t batch)
{
    Shape shape{1, 1, 1, batch, static_cast<int>(lengths.size())};
    shape.n0 = lengths[0];
    if (lengths.size() > 1) shape.n1 = lengths[1];
    if (lengths.size() > 2) shape.n2 = lengths[2];
    return shape;
}

// Where position m of the reordered sequence comes from: x0, x2, x4, ..., then ..., x5, x3, x1.
__device__ uint64_t reorder_source(uint64_t m, uint64_t n) { return m < (n + 1) / 2 ? 2 * m : 2 * (n - 1 - m) + 1; }

// One block per row of dimension 0 (grid-stride over the rows), its threads along the row: the divisions that
// place a row are paid once per row.
struct Row {
    uint64_t m1, m2, b;
};

__device__ Row row_position(uint64_t row, const Shape& s)
{
    return {row % s.n1, row / s.n1 % s.n2, row / (s.n1 * s.n2)};
}

template <class Real>
__global__ void reorder_kernel(const Real* input, Real* reordered, Shape s)
{
    const uint64_t rows = s.n1 * s.n2 * s.batch;
    for (uint64_t row = blockIdx.x; row < rows; row += gridDim.x) {
        const Row r = row_position(row, s);
        const Real* source_row =
            input + ((r.b * s.n2 + reorder_source(r.m2, s.n2)) * s.n1 + reorder_source(r.m1, s.n1)) * s.n0;
        for (uint64_t m0 = threadIdx.x; m0 < s.n0; m0 += blockDim.x)
            reordered[row * s.n0 + m0] = source_row[reorder_source(m0, s.n0)];
    }
}

// sin(pi x) and cos(pi x), by the name each precision has on both platforms.
__device__ void sine_cosine_pi(float x, float* sine, float* cosine) { sincospif(x, sine, cosine); }
__device__ void sine_cosine_pi(double x, double* sine, double* cosine) { sincospi(x, sine, cosine); }

template <class Real>
struct Pair {
    Real re, im;
};

// The full spectrum's value at (m0, m1, m2) from the half one (hermitian symmetry past the middle of dimension 0).
template <class Real>
__device__ Pair<Real> spectrum_at(const Pair<Real>* half, const Shape& s, uint64_t b, uint64_t m0, uint64_t m1,
                                  uint64_t m2)
{
    const uint64_t h0 = s.n0 / 2 + 1;
    if (m0 < h0) return half[((b * s.n2 + m2) * s.n1 + m1) * h0 + m0];
    const Pair<Real> v = half[((b * s.n2 + (s.n2 - m2) % s.n2) * s.n1 + (s.n1 - m1) % s.n1) * h0 + (s.n0 - m0)];
    return {v.re, -v.im};
}

// y(k) = 2 sum over the signs of dimensions 1.. of Re(exp(-i pi (k0/2n0 +- k1/2n1 +- k2/2n2)) V(k0, +-k1, +-k2)):
// the product of each dimension's 2 Re(exp(-i pi k/2n) V), expanded.
template <class Real>
__global__ void postprocess_kernel(const Pair<Real>* half, Real* output, Shape s)
{
    const uint64_t rows = s.n1 * s.n2 * s.batch;
    const int sign_combinations = 1 << (s.rank - 1);
    for (uint64_t row = blockIdx.x; row < rows; row += gridDim.x) {
        const Row r = row_position(row, s);
        for (uint64_t k0 = threadIdx.x; k0 < s.n0; k0 += blockDim.x) {
            Real sum = 0;
            for (int signs = 0; signs < sign_combinations; ++signs) {
                const bool negate1 = (signs & 1) != 0;
                const bool negate2 = (signs & 2) != 0;
                const Real turns = Real(k0) / Real(2 * s.n0) + (negate1 ? -Real(r.m1) : Real(r.m1)) / Real(2 * s.n1) +
                                   (negate2 ? -Real(r.m2) : Real(r.m2)) / Real(2 * s.n2);
                Real sine, cosine;
                sine_cosine_pi(-turns, &sine, &cosine);
                const Pair<Real> v = spectrum_at(half, s, r.b, k0, negate1 ? (s.n1 - r.m1) % s.n1 : r.m1,
                                                 negate2 ? (s.n2 - r.m2) % s.n2 : r.m2);
                sum += cosine * v.re - sine * v.im;
            }
            output[row * s.n0 + k0] = 2 * sum;
        }
    }
}

// Threads along a row (a whole number of warps, at most 256), and blocks for the rows.
struct Launch {
    unsigned blocks, threads;
};

Launch launch_for(const Shape& s)
{
    const uint64_t rows = s.n1 * s.n2 * s.batch;
    const unsigned threads = s.n0 >= 256 ? 256 : unsigned((s.n0 + 31) / 32 * 32);
    return {unsigned(rows < 65536 * 32 ? rows : 65536 * 32), threads};
}

} // namespace

void dct2_reorder(const void* input, void* reordered, const std::vector<size_t>& lengths, size_t batch, bool single,
                  hipStream_t stream)
{
    const Shape s = make_shape(lengths, batch);
    const Launch l = launch_for(s);
    if (single)
        reorder_kernel<float><<<l.blocks, l.threads, 0, stream>>>(static_cast<const float*>(input),
                                                              static_cast<float*>(reordered), s);
    else
        reorder_kernel<double><<<l.blocks, l.threads, 0, stream>>>(static_cast<const double*>(input),
                                                               static_cast<double*>(reordered), s);
    client::check_hip(hipGetLastError(), "DCT-II reorder launch");
}

void dct2_postprocess(const void* spectrum, void* output, const std::vector<size_t>& lengths, size_t batch,
                      bool single, hipStream_t stream)
{
    const Shape s = make_shape(lengths, batch);
    const Launch l = launch_for(s);
    if (single)
        postprocess_kernel<float><<<l.blocks, l.threads, 0, stream>>>(static_cast<const Pair<float>*>(spectrum),
                                                                  static_cast<float*>(output), s);
    else
        postprocess_kernel<double><<<l.blocks, l.threads, 0, stream>>>(static_cast<const Pair<double>*>(spectrum),
                                                                   static_cast<double*>(output), s);
    client::check_hip(hipGetLastError(), "DCT-II post-processing launch");
}

} // namespace rift::bench
