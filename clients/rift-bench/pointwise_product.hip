#include "rift-bench/pointwise_product.h"

#include <cstdint>

#include "common/checks.h"

namespace rift::bench {

namespace {

template <class Real>
struct Pair {
    Real re, im;
};

template <class Real>
__host__ __device__ Pair<Real> product(Pair<Real> x, Pair<Real> h, bool conjugate_filter, Real scale)
{
    if (conjugate_filter) h.im = -h.im;
    return {(x.re * h.re - x.im * h.im) * scale, (x.re * h.im + x.im * h.re) * scale};
}

template <class Real>
__global__ void pointwise_kernel(Pair<Real>* rows, const Pair<Real>* filter, uint64_t length, uint64_t total,
                                 bool conjugate_filter, Real scale)
{
    for (uint64_t i = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < total; i += uint64_t(gridDim.x) * blockDim.x)
        rows[i] = product(rows[i], filter[i % length], conjugate_filter, scale);
}

template <class Real>
void run(void* rows, const void* filter, size_t length, size_t count, bool conjugate_filter, double scale,
         bool on_gpu, hipStream_t stream)
{
    auto* data = static_cast<Pair<Real>*>(rows);
    const auto* taps = static_cast<const Pair<Real>*>(filter);
    const uint64_t total = uint64_t(length) * count;
    if (!on_gpu) {
        for (uint64_t i = 0; i < total; ++i) data[i] = product(data[i], taps[i % length], conjugate_filter, Real(scale));
        return;
    }
    constexpr unsigned threads = 256;
    const uint64_t blocks = (total + threads - 1) / threads;
    pointwise_kernel<Real><<<unsigned(blocks < 65536 * 16 ? blocks : 65536 * 16), threads, 0, stream>>>(
        data, taps, length, total, conjugate_filter, Real(scale));
    client::check_hip(hipGetLastError(), "pointwise product launch");
}

} // namespace

void pointwise_product(void* rows, const void* filter, size_t length, size_t count, bool conjugate_filter,
                       double scale, bool single, bool on_gpu, hipStream_t stream)
{
    if (single)
        run<float>(rows, filter, length, count, conjugate_filter, scale, on_gpu, stream);
    else
        run<double>(rows, filter, length, count, conjugate_filter, scale, on_gpu, stream);
}

} // namespace rift::bench
