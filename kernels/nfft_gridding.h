// The gridding steps of the nonequispaced FFT: the window (exponential of semicircle or Gaussian) that couples each node to
// the W^d grid points around it, the tiles that cut the oversampled grid into bins, interpolation (gather) and
// spreading (scatter) of the nodes of one bin through its tile in shared memory, and the roll-off correction that
// moves Fourier coefficients to and from the grid. Both executors run these functions: the GPU a block per
// subproblem (a bin's nodes, at most kNfftSubproblemNodes of them), the host the same subproblems in turn.
#pragma once

#include <cmath>
#include <cstdint>

#include "kernels/complex.h"

namespace rift::kernels {

inline constexpr int kNfftMaxDimensions = 3;
inline constexpr int kNfftMaxWidth = 16;
inline constexpr uint32_t kNfftSubproblemNodes = 1024;
inline constexpr uint32_t kNfftThreads = 256;
inline constexpr uint32_t kNfftStartBits = 10; // a node's first window point within its tile, per dimension

enum class NfftWindowShape : uint32_t {
    exponential_of_semicircle, // psi(t) = exp(beta (sqrt(1 - (2t/W)^2) - 1)): the narrowest for a tolerance
    gaussian                   // psi(t) = exp(-t^2 / b), evaluated by fast Gaussian gridding
};

// The oversampled grid of n_d points per dimension (dimension 0 fastest, as in the FFT API), the N_d Fourier
// coefficients it carries, and its bins: bin b covers grid points b B_d .. b B_d + B_d - 1 and its tile the
// points from b B_d - W / 2 on, B_d + W of them (one more if that is even), which holds every window point of
// every node in the bin. Tiles are planar: the real parts of all points, then the imaginary parts, so that the
// two atomic adds of a complex value each spread over all banks.
struct NfftGrid {
    uint32_t dimensions = 1;
    uint32_t lengths[kNfftMaxDimensions] = {1, 1, 1}; // n_d
    uint32_t modes[kNfftMaxDimensions] = {1, 1, 1};   // N_d
    uint32_t bin[kNfftMaxDimensions] = {1, 1, 1};     // B_d < 2^kNfftStartBits
    uint32_t bins[kNfftMaxDimensions] = {1, 1, 1};    // ceil(n_d / B_d)
    uint32_t width = 2;                               // W: window points per dimension
    NfftWindowShape shape = NfftWindowShape::exponential_of_semicircle;
    double beta = 0; // exponential of semicircle: beta; Gaussian: 1 / b
    // Gaussian: exp(-j^2 / b) for the window's points j = i - (W - 1) / 2 about its centre, i < W.
    double gaussian_factors[kNfftMaxWidth] = {};

    // Odd extents, so that the nodes of a warp, whose starts differ by a few points along each dimension, fall
    // on different shared-memory banks.
    RIFT_HOST_DEVICE uint32_t tile(int d) const { return d < int(dimensions) ? (bin[d] + width) | 1u : 1; }
    RIFT_HOST_DEVICE uint32_t tile_points() const { return tile(0) * tile(1) * tile(2); }
};

// Loops over the dimensions run to kNfftMaxDimensions, unrolled, and stop at grid.dimensions: indexed by a
// variable, the grid's arrays made nvcc copy the kernel's arguments to the stack (72-176 bytes a thread, 64-bit
// divisions by subroutine), which at one build tripled the roll-off kernels' time.

// A bin's nodes, or a share of them when the bin holds more than kNfftSubproblemNodes.
struct NfftSubproblem {
    uint32_t bin;
    uint32_t first; // index of its first node in bin order
    uint32_t count;
};

// Where a node sits relative to its bin's tile: the first window point (start, within the tile) and the
// node's distance from it in grid units (offset, in [W/2 - 1, W/2)), kept apart so that the offset, a small
// number, keeps the node's position to full precision however large the grid.
template <class Real>
struct LocatedNode {
    uint32_t bin = 0;
    uint32_t starts = 0; // kNfftStartBits per dimension
    Real offsets[kNfftMaxDimensions] = {0, 0, 0};
};

// The node x (in [-1/2, 1/2)^d; other values wrap, the torus being periodic) on the grid. False if a
// coordinate is not finite.
template <class Real>
RIFT_HOST_DEVICE bool locate_node(const NfftGrid& grid, const Real* x, LocatedNode<Real>& node)
{
    uint32_t bin = 0;
    uint32_t bin_stride = 1;
    uint32_t starts = 0;
    bool finite = true;
    RIFT_UNROLL
    for (uint32_t d = 0; d < kNfftMaxDimensions; ++d) {
        if (d >= grid.dimensions) continue;
        double coordinate = double(x[d]);
        if (!(coordinate >= -1.0e300 && coordinate <= 1.0e300)) { // NaN and infinities
            finite = false;
            coordinate = 0; // keeps the conversions below defined
        }
        const double n = double(grid.lengths[d]);
        // x - floor(x) is exact; the product with n rounds once, in double.
        double t = (coordinate - floor(coordinate)) * n;
        if (t >= n) t = 0; // x just below an integer
        const int64_t first = int64_t(ceil(t - 0.5 * grid.width));
        uint32_t b = uint32_t(t / grid.bin[d]);
        if (b >= grid.bins[d]) b = grid.bins[d] - 1;
        const int64_t origin = int64_t(b) * grid.bin[d] - int64_t(grid.width / 2);
        starts |= uint32_t(first - origin) << (kNfftStartBits * d);
        node.offsets[d] = Real(t - double(first));
        bin += b * bin_stride;
        bin_stride *= grid.bins[d];
    }
    node.bin = bin;
    node.starts = starts;
    return finite;
}

RIFT_HOST_DEVICE uint32_t node_start(uint32_t starts, int d)
{
    return (starts >> (kNfftStartBits * d)) & ((1u << kNfftStartBits) - 1);
}

// The window at the node's W points along one dimension, psi(offset - i) for i < W, zero beyond (MaxWidth
// bounds the loops so the weights stay in registers).
template <class Real, int MaxWidth>
RIFT_HOST_DEVICE void window_weights(const NfftGrid& grid, Real offset, Real* weights)
{
    using std::exp;
    using std::sqrt;
    if (grid.shape == NfftWindowShape::gaussian) {
        // Fast Gaussian gridding: with u = offset - c the node's distance from the window's centre c = (W-1)/2
        // and j = i - c, exp(-(u - j)^2 / b) = exp(-(u^2 + 2uc) / b) exp(2u / b)^i exp(-j^2 / b): two
        // exponentials per node and dimension, the last factor from the plan. |u| <= 1/2 keeps every factor
        // within a few e-folds, so the products lose only a few ulps.
        const Real inverse_b = Real(grid.beta);
        const Real centre = Real(0.5) * Real(int(grid.width) - 1);
        const Real u = offset - centre;
        const Real step = exp(Real(2) * u * inverse_b);
        Real power = exp(-(u * u + Real(2) * u * centre) * inverse_b);
        RIFT_UNROLL
        for (int i = 0; i < MaxWidth; ++i) {
            weights[i] = i < int(grid.width) ? power * Real(grid.gaussian_factors[i]) : Real(0);
            power *= step;
        }
        return;
    }
    const Real scale = Real(2) / Real(grid.width);
    const Real beta = Real(grid.beta);
    RIFT_UNROLL
    for (int i = 0; i < MaxWidth; ++i) {
        const Real z = (offset - Real(i)) * scale;
        const Real s = Real(1) - z * z;
        // beta (sqrt(s) - 1) without the cancellation, which would cost single precision about 1e-6 a weight.
        weights[i] = (i < int(grid.width) && s > 0) ? exp(-beta * z * z / (Real(1) + sqrt(s))) : Real(0);
    }
}

// The tile's first grid point along dimension d, which may lie before 0 (the grid wraps).
RIFT_HOST_DEVICE int64_t tile_origin(const NfftGrid& grid, uint32_t bin, int d)
{
    uint32_t b = bin;
    RIFT_UNROLL
    for (int e = 0; e < int(kNfftMaxDimensions); ++e)
        if (e < d) b /= grid.bins[e];
    b %= grid.bins[d];
    return int64_t(b) * grid.bin[d] - int64_t(grid.width / 2);
}

// Grid index of tile point `point` (tile dimension 0 fastest), wrapped onto the periodic grid.
RIFT_HOST_DEVICE uint64_t tile_point_on_grid(const NfftGrid& grid, const int64_t* origin, uint32_t point)
{
    uint64_t index = 0;
    uint64_t stride = 1;
    RIFT_UNROLL
    for (uint32_t d = 0; d < kNfftMaxDimensions; ++d) {
        if (d >= grid.dimensions) continue;
        const uint32_t extent = grid.tile(int(d));
        const int64_t n = grid.lengths[d];
        int64_t g = (origin[d] + int64_t(point % extent)) % n;
        if (g < 0) g += n;
        point /= extent;
        index += uint64_t(g) * stride;
        stride *= uint64_t(n);
    }
    return index;
}

// Tile points first, first + step, ... copied from the grid (gather) or added onto it (scatter, through `add`
// because neighbouring tiles overlap). `tile` holds tile_points() real parts, then as many imaginary parts.
template <class Real>
RIFT_HOST_DEVICE void load_tile(const NfftGrid& grid, uint32_t bin, const Complex<Real>* data, Real* tile,
                                uint32_t first, uint32_t step)
{
    int64_t origin[kNfftMaxDimensions];
    RIFT_UNROLL
    for (int d = 0; d < int(kNfftMaxDimensions); ++d) origin[d] = tile_origin(grid, bin, d);
    const uint32_t points = grid.tile_points();
    for (uint32_t p = first; p < points; p += step) {
        const Complex<Real> value = data[tile_point_on_grid(grid, origin, p)];
        tile[p] = value.re;
        tile[points + p] = value.im;
    }
}

template <class Real, class Add>
RIFT_HOST_DEVICE void add_tile(const NfftGrid& grid, uint32_t bin, const Real* tile, Complex<Real>* data,
                               uint32_t first, uint32_t step, Add add)
{
    int64_t origin[kNfftMaxDimensions];
    RIFT_UNROLL
    for (int d = 0; d < int(kNfftMaxDimensions); ++d) origin[d] = tile_origin(grid, bin, d);
    const uint32_t points = grid.tile_points();
    for (uint32_t p = first; p < points; p += step) {
        const Real re = tile[p], im = tile[points + p];
        if (re == Real(0) && im == Real(0)) continue; // points no node reached
        Complex<Real>& target = data[tile_point_on_grid(grid, origin, p)];
        add(&target.re, re);
        add(&target.im, im);
    }
}

template <class Real>
RIFT_HOST_DEVICE void multiply_add(Complex<Real>& sum, Complex<Real> value, Real weight)
{
    sum.re += value.re * weight;
    sum.im += value.im * weight;
}

// sum_i w_i tile[start + i] along dimension 0 of one tile row (`imaginary`: the row's imaginary parts).
template <class Real, int MaxWidth>
RIFT_HOST_DEVICE Complex<Real> interpolate_row(const Real* row, uint32_t imaginary, const Real* weights,
                                               uint32_t width)
{
    Complex<Real> sum{0, 0};
    RIFT_UNROLL
    for (int i = 0; i < MaxWidth; ++i)
        if (i < int(width)) multiply_add(sum, Complex<Real>{row[i], row[imaginary + i]}, weights[i]);
    return sum;
}

// The node's first window point's index within the tile.
template <int Dims>
RIFT_HOST_DEVICE uint32_t tile_corner(const NfftGrid& grid, uint32_t starts)
{
    uint32_t corner = node_start(starts, 0);
    if constexpr (Dims >= 2) corner += node_start(starts, 1) * grid.tile(0);
    if constexpr (Dims == 3) corner += node_start(starts, 2) * grid.tile(1) * grid.tile(0);
    return corner;
}

// The node's value: the window-weighted sum of its W^d tile points (interpolation, the forward NFFT's last
// step).
template <class Real, int Dims, int MaxWidth>
RIFT_HOST_DEVICE Complex<Real> interpolate_node(const NfftGrid& grid, const Real* tile, uint32_t starts,
                                                const Real* offsets)
{
    Real weights[Dims][MaxWidth];
    RIFT_UNROLL
    for (int d = 0; d < Dims; ++d) window_weights<Real, MaxWidth>(grid, offsets[d], weights[d]);
    const uint32_t points = grid.tile_points();
    const uint32_t extent0 = grid.tile(0);
    const uint32_t extent1 = grid.tile(1);
    const Real* corner = tile + tile_corner<Dims>(grid, starts);
    const uint32_t rows = Dims >= 2 ? grid.width : 1;
    const uint32_t planes = Dims == 3 ? grid.width : 1;
    Complex<Real> sum{0, 0};
    for (uint32_t k = 0; k < planes; ++k) {
        Complex<Real> plane{0, 0};
        for (uint32_t j = 0; j < rows; ++j) {
            const Complex<Real> row =
                interpolate_row<Real, MaxWidth>(corner + (k * extent1 + j) * extent0, points, weights[0], grid.width);
            if constexpr (Dims >= 2)
                multiply_add(plane, row, weights[1][j]);
            else
                plane = row;
        }
        if constexpr (Dims == 3)
            multiply_add(sum, plane, weights[2][k]);
        else
            sum = plane;
    }
    return sum;
}

// Adds value times the window to the node's W^d tile points (spreading, the adjoint NFFT's first step): the
// share `part` of `parts` of them, rows j W + k = part, part + parts, ..., so that several threads can share a
// node when a bin has fewer nodes than the block has threads.
template <class Real, int Dims, int MaxWidth, class Add>
RIFT_HOST_DEVICE void spread_node(const NfftGrid& grid, Real* tile, uint32_t starts, const Real* offsets,
                                  Complex<Real> value, Add add, uint32_t part = 0, uint32_t parts = 1)
{
    Real weights[Dims][MaxWidth];
    RIFT_UNROLL
    for (int d = 0; d < Dims; ++d) window_weights<Real, MaxWidth>(grid, offsets[d], weights[d]);
    const uint32_t points = grid.tile_points();
    const uint32_t extent0 = grid.tile(0);
    const uint32_t extent1 = grid.tile(1);
    Real* corner = tile + tile_corner<Dims>(grid, starts);
    const uint32_t rows = Dims >= 2 ? grid.width : 1;
    const uint32_t planes = Dims == 3 ? grid.width : 1;
    // weights[1][j] and weights[2][k], indexed by variables, keep the weights in local memory (L1); selecting
    // them by an unrolled loop instead is slower.
    for (uint32_t line = part; line < rows * planes; line += parts) {
        const uint32_t j = line % rows, k = line / rows;
        Real outer = Real(1);
        if constexpr (Dims >= 2) outer = weights[1][j];
        if constexpr (Dims == 3) outer *= weights[2][k];
        const Real re = value.re * outer, im = value.im * outer;
        Real* row = corner + (k * extent1 + j) * extent0;
        RIFT_UNROLL
        for (int i = 0; i < MaxWidth; ++i) {
            if (i < int(grid.width)) {
                add(row + i, re * weights[0][i]);
                add(row + points + i, im * weights[0][i]);
            }
        }
    }
}

// The roll-off correction: Fourier coefficient k (index k + floor(N/2) per dimension) sits at grid point
// k mod n, divided by the window's Fourier transform there (correction[d] holds 1 / psi^(k / n_d) per
// dimension); every other grid point is zero.
template <class Real>
struct NfftCorrection {
    NfftGrid grid;
    const Real* factors = nullptr; // N_0 values for dimension 0, then N_1, then N_2
};

// The coefficient index of grid point `point`, or false if the point carries no coefficient; `factor` is the
// product of the correction factors.
template <class Real>
RIFT_HOST_DEVICE bool coefficient_of_grid_point(const NfftCorrection<Real>& correction, uint64_t point,
                                                uint64_t& coefficient, Real& factor)
{
    const NfftGrid& grid = correction.grid;
    const Real* factors = correction.factors;
    bool inside = true;
    coefficient = 0;
    factor = Real(1);
    uint64_t stride = 1;
    RIFT_UNROLL
    for (uint32_t d = 0; d < kNfftMaxDimensions; ++d) {
        if (d >= grid.dimensions || !inside) continue;
        const uint64_t n = grid.lengths[d];
        const uint64_t modes = grid.modes[d];
        const uint64_t l = point % n;
        point /= n;
        const uint64_t below = modes / 2; // coefficients with negative k
        uint64_t m;
        if (l < modes - below) {
            m = l + below;
        } else if (l >= n - below) {
            m = l - (n - below);
        } else {
            inside = false;
            m = 0;
        }
        coefficient += m * stride;
        stride *= modes;
        factor *= factors[m];
        factors += modes;
    }
    return inside;
}

template <class Real>
RIFT_HOST_DEVICE uint64_t grid_point_of_coefficient(const NfftCorrection<Real>& correction, uint64_t coefficient,
                                                    Real& factor)
{
    const NfftGrid& grid = correction.grid;
    const Real* factors = correction.factors;
    uint64_t point = 0;
    uint64_t stride = 1;
    factor = Real(1);
    RIFT_UNROLL
    for (uint32_t d = 0; d < kNfftMaxDimensions; ++d) {
        if (d >= grid.dimensions) continue;
        const uint64_t n = grid.lengths[d];
        const uint64_t modes = grid.modes[d];
        const uint64_t m = coefficient % modes;
        coefficient /= modes;
        const uint64_t below = modes / 2;
        const uint64_t l = m >= below ? m - below : n - below + m;
        point += l * stride;
        stride *= n;
        factor *= factors[m];
        factors += modes;
    }
    return point;
}

// The arguments of the NFFT's GPU kernels; the host executor reads the same structure.
template <class Real>
struct NfftGriddingArgs {
    NfftGrid grid;
    const NfftSubproblem* subproblems = nullptr;
    const uint32_t* starts = nullptr;      // per node, in bin order
    const Real* offsets = nullptr;         // dimensions per node, in bin order
    const uint32_t* permutation = nullptr; // bin order -> the user's node index
    Complex<Real>* data = nullptr;         // the grid
    Complex<Real>* values = nullptr;       // f_j, in the user's node order
};

template <class Real>
struct NfftSortArgs {
    NfftGrid grid;
    const Real* nodes = nullptr; // the user's, dimensions per node
    uint64_t count = 0;
    uint32_t* bin_of_node = nullptr; // UINT32_MAX for a node that is not finite
    uint32_t* rank_in_bin = nullptr;
    uint32_t* bin_counts = nullptr;
    uint32_t* invalid_nodes = nullptr;
    const uint32_t* bin_firsts = nullptr;
    uint32_t* starts = nullptr;
    Real* offsets = nullptr;
    uint32_t* permutation = nullptr;
};

// Sorting, second pass: node j to its place in bin order.
template <class Real>
RIFT_HOST_DEVICE void place_node(const NfftSortArgs<Real>& args, uint64_t j)
{
    const uint32_t bin = args.bin_of_node[j];
    if (bin == UINT32_MAX) return;
    LocatedNode<Real> node;
    locate_node(args.grid, args.nodes + j * args.grid.dimensions, node);
    const uint64_t sorted = args.bin_firsts[bin] + args.rank_in_bin[j];
    args.starts[sorted] = node.starts;
    RIFT_UNROLL
    for (uint32_t d = 0; d < kNfftMaxDimensions; ++d)
        if (d < args.grid.dimensions) args.offsets[sorted * args.grid.dimensions + d] = node.offsets[d];
    args.permutation[sorted] = uint32_t(j);
}

#if defined(__CUDACC__) || defined(__HIPCC__)
RIFT_HOST_DEVICE uint64_t global_thread() { return uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; }
RIFT_HOST_DEVICE uint64_t thread_count() { return uint64_t(gridDim.x) * blockDim.x; }

template <class Real>
__global__ void nfft_locate_kernel(NfftSortArgs<Real> args)
{
    for (uint64_t j = global_thread(); j < args.count; j += thread_count()) {
        LocatedNode<Real> node;
        if (!locate_node(args.grid, args.nodes + j * args.grid.dimensions, node)) {
            args.bin_of_node[j] = UINT32_MAX;
            atomicAdd(args.invalid_nodes, 1u);
            continue;
        }
        args.bin_of_node[j] = node.bin;
        args.rank_in_bin[j] = atomicAdd(args.bin_counts + node.bin, 1u);
    }
}

template <class Real>
__global__ void nfft_place_kernel(NfftSortArgs<Real> args)
{
    for (uint64_t j = global_thread(); j < args.count; j += thread_count()) place_node(args, j);
}

template <class Real>
__global__ void nfft_fill_grid_kernel(NfftCorrection<Real> correction, const Complex<Real>* coefficients,
                                      Complex<Real>* data, uint64_t points)
{
    for (uint64_t p = global_thread(); p < points; p += thread_count()) {
        uint64_t coefficient;
        Real factor;
        data[p] = coefficient_of_grid_point(correction, p, coefficient, factor)
                      ? scaled(coefficients[coefficient], factor)
                      : Complex<Real>{0, 0};
    }
}

template <class Real>
__global__ void nfft_extract_kernel(NfftCorrection<Real> correction, const Complex<Real>* data,
                                    Complex<Real>* coefficients, uint64_t count)
{
    for (uint64_t c = global_thread(); c < count; c += thread_count()) {
        Real factor;
        const uint64_t point = grid_point_of_coefficient(correction, c, factor);
        coefficients[c] = scaled(data[point], factor);
    }
}

template <class Real, int Dims, int MaxWidth>
__global__ void __launch_bounds__(kNfftThreads) nfft_interpolate_kernel(NfftGriddingArgs<Real> args)
{
    extern __shared__ unsigned char shared_bytes[];
    auto* tile = reinterpret_cast<Real*>(shared_bytes);
    const NfftSubproblem subproblem = args.subproblems[blockIdx.x];
    load_tile(args.grid, subproblem.bin, args.data, tile, threadIdx.x, blockDim.x);
    __syncthreads();
    for (uint32_t k = threadIdx.x; k < subproblem.count; k += blockDim.x) {
        const uint64_t s = subproblem.first + k;
        args.values[args.permutation[s]] =
            interpolate_node<Real, Dims, MaxWidth>(args.grid, tile, args.starts[s], args.offsets + s * Dims);
    }
}

template <class Real, int Dims, int MaxWidth>
__global__ void __launch_bounds__(kNfftThreads) nfft_spread_kernel(NfftGriddingArgs<Real> args)
{
    extern __shared__ unsigned char shared_bytes[];
    auto* tile = reinterpret_cast<Real*>(shared_bytes);
    const NfftSubproblem subproblem = args.subproblems[blockIdx.x];
    const uint32_t reals = 2 * args.grid.tile_points();
    for (uint32_t p = threadIdx.x; p < reals; p += blockDim.x) tile[p] = 0;
    __syncthreads();
    const auto add = [](Real* target, Real value) { atomicAdd(target, value); };
    // Threads share a node's rows when the bin has fewer nodes than the block has threads (3D bins of 8^3
    // points hold about 64 uniform nodes at twice oversampling).
    const uint32_t rows = Dims >= 2 ? args.grid.width * (Dims == 3 ? args.grid.width : 1) : 1;
    uint32_t parts = 1;
    while (parts < rows && parts * 2 * subproblem.count <= blockDim.x && parts < 8) parts *= 2;
    const uint32_t part = threadIdx.x % parts;
    for (uint32_t k = threadIdx.x / parts; k < subproblem.count; k += blockDim.x / parts) {
        const uint64_t s = subproblem.first + k;
        spread_node<Real, Dims, MaxWidth>(args.grid, tile, args.starts[s], args.offsets + s * Dims,
                                          args.values[args.permutation[s]], add, part, parts);
    }
    __syncthreads();
    add_tile(args.grid, subproblem.bin, tile, args.data, threadIdx.x, blockDim.x, add);
}
#endif

} // namespace rift::kernels
