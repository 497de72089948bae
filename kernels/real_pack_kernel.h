// The spectrum (un)packing of a real transform of even length 2M as a pass of its own, for M beyond one block:
// the half-length complex transform is then a row/column plan, whose transforms no single block holds whole.
// Forward it runs after that plan, in place on its output (Z_k and Z_(M-k) become X_k and X_(M-k), and Z_0 also
// X_M); inverse it runs before, from the user's spectrum to the output buffer, which the complex plan then
// transforms in place. Each thread takes pairs (k, M - k), so in place is safe.
#pragma once

#include <cstdint>

#include "kernels/real_pack.h"
#include "kernels/stockham_args.h"
#include "kernels/views.h"

namespace rift::kernels {

struct RealPackArgs {
    const void* input = nullptr;
    void* output = nullptr;
    uint64_t input_offset = 0; // all in complex elements
    uint64_t output_offset = 0;
    uint64_t input_stride = 0;
    uint64_t output_stride = 0;
    BatchDim dims[kMaxBatchDims];
    uint32_t dim_count = 1;
    uint64_t half_length = 0; // M
    double scale = 1.0;
    // exp(-2 pi i e / 2M) from a two-level table (library/tables/twiddle_table.h, step twiddles of order 2M).
    const void* roots = nullptr;
    uint32_t root_bits = 0;

    RIFT_HOST_DEVICE uint64_t transform_count() const { return batch_transform_count(dims, dim_count); }
    RIFT_HOST_DEVICE uint64_t pair_count() const { return half_length / 2 + 1; }
};

// Where transform `transform` (counted over all batch axes, dims[0] fastest) starts on each side.
RIFT_HOST_DEVICE void real_pack_offsets(const RealPackArgs& args, uint64_t transform, uint64_t& input_offset,
                                               uint64_t& output_offset)
{
    input_offset = args.input_offset;
    output_offset = args.output_offset;
    add_batch_offsets(args.dims, args.dim_count, transform, input_offset, output_offset);
}

// Pair k (0 <= k <= M/2) of the transform whose sides start at the given offsets.
template <bool Inverse, class Real>
RIFT_HOST_DEVICE void real_pack_pair(const RealPackArgs& args, uint64_t input_offset, uint64_t output_offset,
                                     uint64_t k)
{
    const auto* in = static_cast<const Complex<Real>*>(args.input) + input_offset;
    auto* out = static_cast<Complex<Real>*>(args.output) + output_offset;
    const uint64_t m = args.half_length;
    const Complex<Real> w = two_level_root(static_cast<const Complex<Real>*>(args.roots), args.root_bits, k, false);
    if (!Inverse) {
        const Complex<Real> a = in[k * args.input_stride];
        const Complex<Real> b = in[(k == 0 ? 0 : m - k) * args.input_stride]; // Z_M is Z_0
        Complex<Real> x_k, x_m_minus_k;
        unpack_pair(a, b, w, x_k, x_m_minus_k);
        const Real scale = static_cast<Real>(args.scale);
        out[k * args.output_stride] = scaled(x_k, scale);
        if (2 * k != m) out[(m - k) * args.output_stride] = scaled(x_m_minus_k, scale);
    } else {
        const Complex<Real> a = in[k * args.input_stride];
        const Complex<Real> b = in[(m - k) * args.input_stride];
        Complex<Real> z_k, z_m_minus_k;
        pack_pair(a, b, w, k == 0, z_k, z_m_minus_k);
        out[k * args.output_stride] = z_k;
        if (k != 0 && 2 * k != m) out[(m - k) * args.output_stride] = z_m_minus_k;
    }
}

#if defined(__CUDACC__) || defined(__HIPCC__)
// Threads along x take pairs, blocks along y take transforms; both loop when the grid is smaller.
template <class Real, bool Inverse>
__global__ void real_pack_kernel(RealPackArgs args)
{
    const uint64_t pairs = args.pair_count();
    const uint64_t transforms = args.transform_count();
    for (uint64_t transform = blockIdx.y; transform < transforms; transform += gridDim.y) {
        uint64_t input_offset = 0, output_offset = 0;
        real_pack_offsets(args, transform, input_offset, output_offset);
        for (uint64_t k = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; k < pairs;
             k += uint64_t(gridDim.x) * blockDim.x)
            real_pack_pair<Inverse, Real>(args, input_offset, output_offset, k);
    }
}
#endif

} // namespace rift::kernels
