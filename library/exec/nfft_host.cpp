// The NFFT's steps on the host: the GPU kernels' loops run in order, subproblem after subproblem.
#include <algorithm>
#include <vector>

#include "library/exec/executors.h"
#include "library/exec/nfft_steps.h"
#include "library/platform/allocation_faults.h"

namespace rift {

using kernels::Complex;

template <class Real>
void nfft_locate_on_host(const kernels::NfftSortArgs<Real>& args)
{
    for (uint64_t j = 0; j < args.count; ++j) {
        kernels::LocatedNode<Real> node;
        if (!kernels::locate_node(args.grid, args.nodes + j * args.grid.dimensions, node)) {
            args.bin_of_node[j] = UINT32_MAX;
            ++*args.invalid_nodes;
            continue;
        }
        args.bin_of_node[j] = node.bin;
        args.rank_in_bin[j] = args.bin_counts[node.bin]++;
    }
}

template <class Real>
void nfft_place_on_host(const kernels::NfftSortArgs<Real>& args)
{
    for (uint64_t j = 0; j < args.count; ++j) kernels::place_node(args, j);
}

namespace {

template <class Real>
void fill_on_host(const kernels::NfftCorrection<Real>& correction, const void* coefficients, void* grid)
{
    const auto* in = static_cast<const Complex<Real>*>(coefficients);
    auto* out = static_cast<Complex<Real>*>(grid);
    uint64_t points = 1;
    for (uint32_t d = 0; d < correction.grid.dimensions; ++d) points *= correction.grid.lengths[d];
    for (uint64_t p = 0; p < points; ++p) {
        uint64_t coefficient;
        Real factor;
        out[p] = kernels::coefficient_of_grid_point(correction, p, coefficient, factor)
                     ? kernels::scaled(in[coefficient], factor)
                     : Complex<Real>{0, 0};
    }
}

template <class Real>
void extract_on_host(const kernels::NfftCorrection<Real>& correction, const void* grid, void* coefficients)
{
    const auto* in = static_cast<const Complex<Real>*>(grid);
    auto* out = static_cast<Complex<Real>*>(coefficients);
    uint64_t count = 1;
    for (uint32_t d = 0; d < correction.grid.dimensions; ++d) count *= correction.grid.modes[d];
    for (uint64_t c = 0; c < count; ++c) {
        Real factor;
        const uint64_t point = kernels::grid_point_of_coefficient(correction, c, factor);
        out[c] = kernels::scaled(in[point], factor);
    }
}

template <class Real, int Dims>
void interpolate_with_dims(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems)
{
    std::vector<Real> tile = host_buffer<Real>(2 * args.grid.tile_points());
    for (size_t b = 0; b < subproblems; ++b) {
        const kernels::NfftSubproblem subproblem = args.subproblems[b];
        kernels::load_tile(args.grid, subproblem.bin, args.data, tile.data(), 0, 1);
        for (uint32_t k = 0; k < subproblem.count; ++k) {
            const uint64_t s = subproblem.first + k;
            args.values[args.permutation[s]] = kernels::interpolate_node<Real, Dims, kernels::kNfftMaxWidth>(
                args.grid, tile.data(), args.starts[s], args.offsets + s * Dims);
        }
    }
}

template <class Real, int Dims>
void spread_with_dims(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems)
{
    std::vector<Real> tile = host_buffer<Real>(2 * args.grid.tile_points());
    const auto add = [](Real* target, Real value) { *target += value; };
    for (size_t b = 0; b < subproblems; ++b) {
        const kernels::NfftSubproblem subproblem = args.subproblems[b];
        std::fill(tile.begin(), tile.end(), Real(0));
        for (uint32_t k = 0; k < subproblem.count; ++k) {
            const uint64_t s = subproblem.first + k;
            kernels::spread_node<Real, Dims, kernels::kNfftMaxWidth>(args.grid, tile.data(), args.starts[s],
                                                                      args.offsets + s * Dims,
                                                                      args.values[args.permutation[s]], add);
        }
        kernels::add_tile(args.grid, subproblem.bin, tile.data(), args.data, 0, 1, add);
    }
}

template <class Real>
void interpolate_on_host(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems)
{
    switch (args.grid.dimensions) {
    case 1: return interpolate_with_dims<Real, 1>(args, subproblems);
    case 2: return interpolate_with_dims<Real, 2>(args, subproblems);
    default: return interpolate_with_dims<Real, 3>(args, subproblems);
    }
}

template <class Real>
void spread_on_host(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems)
{
    uint64_t points = 1;
    for (uint32_t d = 0; d < args.grid.dimensions; ++d) points *= args.grid.lengths[d];
    std::fill(args.data, args.data + points, Complex<Real>{0, 0});
    switch (args.grid.dimensions) {
    case 1: return spread_with_dims<Real, 1>(args, subproblems);
    case 2: return spread_with_dims<Real, 2>(args, subproblems);
    default: return spread_with_dims<Real, 3>(args, subproblems);
    }
}

template <class Real>
void run_correction(const NfftCorrectionLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::NfftCorrection<Real> correction = resolved_args<Real>(launch, &TwiddleTable::host_data);
    if (launch.direction == Direction::forward)
        fill_on_host(correction, buffers.user_input, buffers.plan_storage);
    else
        extract_on_host(correction, buffers.plan_storage, buffers.user_output);
}

template <class Real>
void run_gridding(const NfftGriddingLaunch& launch, const ExecutionBuffers& buffers)
{
    const kernels::NfftGriddingArgs<Real> args = resolved_args<Real>(launch, buffers);
    if (launch.direction == Direction::forward)
        interpolate_on_host(args, launch.subproblem_count);
    else
        spread_on_host(args, launch.subproblem_count);
}

} // namespace

void run_on_host(const NfftCorrectionLaunch& launch, const ExecutionBuffers& buffers)
{
    launch.precision == Precision::single ? run_correction<float>(launch, buffers)
                                          : run_correction<double>(launch, buffers);
}

void run_on_host(const NfftGriddingLaunch& launch, const ExecutionBuffers& buffers)
{
    launch.precision == Precision::single ? run_gridding<float>(launch, buffers) : run_gridding<double>(launch, buffers);
}

#define RIFT_NFFT_HOST_STEPS(Real)                                                                          \
    template void nfft_locate_on_host<Real>(const kernels::NfftSortArgs<Real>&);                          \
    template void nfft_place_on_host<Real>(const kernels::NfftSortArgs<Real>&);
RIFT_NFFT_HOST_STEPS(float)
RIFT_NFFT_HOST_STEPS(double)
#undef RIFT_NFFT_HOST_STEPS

} // namespace rift
