#include "library/apps/nfft_plan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>

#include "library/core/error.h"
#include "library/exec/executors.h"
#include "library/exec/nfft_steps.h"
#include "library/plan/byte_extent.h"
#include "library/platform/allocation_faults.h"

namespace rift {

namespace {

// Coefficients per dimension beyond this can only be a negative number cast to size_t; grids stay within
// 32-bit indices per dimension.
constexpr size_t kLargestModes = size_t(1) << 30;
constexpr double kSmallestOversampling = 1.25;
constexpr double kLargestOversampling = 4;

// The smallest length of at least `target` whose prime factors are 2, 3, 5 and 7: rift's fastest FFT lengths.
size_t next_fast_length(size_t target)
{
    for (size_t n = std::max<size_t>(target, 2);; ++n) {
        size_t rest = n;
        for (size_t p : {2, 3, 5, 7})
            while (rest % p == 0) rest /= p;
        if (rest == 1) return n;
    }
}

// Grid points per bin along each dimension: bins of about a thousand points whose tile (the bin and the
// window's reach, (B + W) | 1 points per dimension, kernels/nfft_gridding.h) fits in 48 KiB, the shared memory
// any GPU gives a block without opting in; bins narrower than the window grow, up to the device's limit; 0 when
// not even a one-point bin fits.
uint32_t bin_length(size_t dimensions, unsigned width, size_t element_bytes, size_t grid_length, size_t limit)
{
    constexpr size_t kTileBytes = 48 * 1024;
    uint32_t bin = dimensions == 1 ? 512 : dimensions == 2 ? 32 : 16;
    const auto tile_bytes = [&](uint32_t b) {
        size_t points = 1;
        for (size_t d = 0; d < dimensions; ++d) points *= (b + width) | 1u;
        return points * element_bytes;
    };
    while (bin > 1 && tile_bytes(bin) > kTileBytes) bin /= 2;
    // A window wider than the bin makes each node load (or add back) many tile points: larger tiles, up to the
    // device's limit, pay for themselves there. Narrower windows keep 48 KiB: larger bins only cost them
    // occupancy (docs/performance.md).
    while (bin < width && tile_bytes(2 * bin) <= limit) bin *= 2;
    if (tile_bytes(bin) > limit) return 0;
    return uint32_t(std::min<size_t>(bin, grid_length));
}

template <class Real>
std::vector<unsigned char> correction_bytes(const NfftWindow& window, const kernels::NfftGrid& grid)
{
    std::vector<unsigned char> bytes;
    for (uint32_t d = 0; d < grid.dimensions; ++d) {
        const std::vector<double> factors = nfft_correction(window, grid.modes[d], grid.lengths[d]);
        const size_t at = bytes.size();
        bytes.resize(at + factors.size() * sizeof(Real));
        auto* out = reinterpret_cast<Real*>(bytes.data() + at);
        for (size_t m = 0; m < factors.size(); ++m) out[m] = Real(factors[m]);
    }
    return bytes;
}

rift_status make_fft_plan(const kernels::NfftGrid& grid, Precision precision, bool inverse,
                          std::unique_ptr<Plan>& plan)
{
    std::vector<size_t> lengths(grid.lengths, grid.lengths + grid.dimensions);
    TransformProblem problem;
    RIFT_RETURN_IF_FAILED(make_transform_problem(
        rift_placement_inplace, inverse ? rift_transform_type_complex_inverse : rift_transform_type_complex_forward,
        precision == Precision::single ? rift_precision_single : rift_precision_double, lengths.size(),
        lengths.data(), 1, LayoutRequest{}, problem));
    return Plan::create(std::move(problem), /*allocates_work_buffer=*/true, plan);
}

// Bins in order, each cut into subproblems of at most kNfftSubproblemNodes nodes; bin_firsts receives each
// bin's first node in bin order.
std::vector<kernels::NfftSubproblem> make_subproblems(const std::vector<uint32_t>& bin_counts,
                                                      std::vector<uint32_t>& bin_firsts)
{
    std::vector<kernels::NfftSubproblem> subproblems;
    bin_firsts = host_buffer<uint32_t>(bin_counts.size());
    uint32_t first = 0;
    for (size_t bin = 0; bin < bin_counts.size(); ++bin) {
        bin_firsts[bin] = first;
        for (uint32_t taken = 0; taken < bin_counts[bin]; taken += kernels::kNfftSubproblemNodes)
            subproblems.push_back({uint32_t(bin), first + taken,
                                   std::min(kernels::kNfftSubproblemNodes, bin_counts[bin] - taken)});
        first += bin_counts[bin];
    }
    return subproblems;
}

size_t bin_count(const kernels::NfftGrid& grid)
{
    size_t bins = 1;
    for (uint32_t d = 0; d < grid.dimensions; ++d) bins *= grid.bins[d];
    return bins;
}

size_t grid_points(const kernels::NfftGrid& grid)
{
    size_t points = 1;
    for (uint32_t d = 0; d < grid.dimensions; ++d) points *= grid.lengths[d];
    return points;
}

} // namespace

size_t NfftProblem::coefficients() const
{
    size_t count = 1;
    for (size_t n : modes) count *= n;
    return count;
}

rift_status make_nfft_problem(rift_precision precision, size_t dimensions, const size_t* lengths,
                              size_t number_of_nodes, size_t number_of_vectors, const NfftAccuracy& accuracy,
                              NfftProblem& problem)
{
    NfftProblem made;
    switch (precision) {
    case rift_precision_single: made.precision = Precision::single; break;
    case rift_precision_double: made.precision = Precision::double_; break;
    case rift_precision_half: return fail(rift_status_not_implemented, "half precision is not implemented yet");
    default: return fail(rift_status_invalid_array_type, "precision ", int(precision), " is not a rift_precision");
    }
    if (dimensions < 1 || dimensions > 3)
        return fail(rift_status_invalid_dimensions, "an NFFT has 1, 2 or 3 dimensions, not ", dimensions);
    if (lengths == nullptr) return fail(rift_status_null_argument, "lengths is NULL");
    for (size_t d = 0; d < dimensions; ++d) {
        if (lengths[d] == 0) return fail(rift_status_invalid_length, "lengths[", d, "] is 0");
        if (lengths[d] > kLargestModes)
            return fail(rift_status_invalid_length, "lengths[", d, "] = ", lengths[d], " is beyond 2^30");
        made.modes.push_back(lengths[d]);
    }
    // The coefficient vectors, one after the other, must be addressable (byte_extent.h's rule).
    std::vector<ExtentAxis> coefficient_axes;
    size_t stride = 1;
    for (size_t d = 0; d < dimensions; ++d) {
        coefficient_axes.push_back(
            {lengths[d], stride, "lengths[" + std::to_string(d) + "]", rift_status_invalid_length});
        if (!bytes_fit(stride, lengths[d], stride))
            return fail(rift_status_invalid_length, "lengths[0..", d, "] make more than 2^63 - 1 coefficients");
    }
    if (number_of_nodes == 0) return fail(rift_status_invalid_length, "number_of_nodes is 0");
    if (number_of_nodes > UINT32_MAX)
        return fail(rift_status_not_implemented, "NFFTs of more than 2^32 - 1 nodes are not implemented yet");
    if (number_of_vectors == 0) return fail(rift_status_invalid_batch, "number_of_vectors is 0");
    coefficient_axes.push_back({number_of_vectors, stride, "number_of_vectors: the coefficient vectors' spacing",
                                rift_status_invalid_batch, "vectors"});
    RIFT_RETURN_IF_FAILED(check_byte_extent(made.element_bytes(), 0, "coefficients", coefficient_axes));
    RIFT_RETURN_IF_FAILED(check_byte_extent(made.element_bytes(), 0, "values",
                                            {{number_of_nodes, 1, "number_of_nodes", rift_status_invalid_length},
                                             {number_of_vectors, number_of_nodes,
                                              "number_of_vectors: the value vectors' spacing",
                                              rift_status_invalid_batch, "vectors"}}));
    made.nodes = number_of_nodes;
    made.vectors = number_of_vectors;
    const double tolerance = accuracy.tolerance, oversampling = accuracy.oversampling;
    const size_t width = accuracy.width;
    if (!accuracy.expert) {
        if (!(tolerance > 0 && tolerance < 1))
            return fail(rift_status_invalid_tolerance, "tolerance ", tolerance, " is not in (0, 1)");
        made.tolerance = tolerance;
        made.width = nfft_width_for_tolerance(made.shape, tolerance, made.precision == Precision::single);
        made.oversampling = 2;
    } else {
        switch (accuracy.window) {
        case rift_nfft_window_exponential_of_semicircle: made.shape = NfftWindowShape::exponential_of_semicircle; break;
        case rift_nfft_window_gaussian: made.shape = NfftWindowShape::gaussian; break;
        default: return fail(rift_status_invalid_tolerance, "window ", int(accuracy.window), " is not a rift_nfft_window");
        }
        if (width < kNfftMinWidth || width > kNfftMaxWidth)
            return fail(rift_status_invalid_tolerance, "window width ", width, " is not in ", kNfftMinWidth, "..",
                        kNfftMaxWidth);
        if (!(oversampling >= kSmallestOversampling && oversampling <= kLargestOversampling))
            return fail(rift_status_invalid_tolerance, "oversampling ", oversampling, " is not in ",
                        kSmallestOversampling, "..", kLargestOversampling);
        made.width = unsigned(width);
        made.oversampling = oversampling;
    }
    problem = std::move(made);
    return rift_status_success;
}

rift_status NfftPlan::create(NfftProblem problem, std::unique_ptr<NfftPlan>& plan)
{
    auto made = std::unique_ptr<NfftPlan>(new NfftPlan());
    made->window_ = nfft_window(problem.shape, problem.width, problem.oversampling);
    kernels::NfftGrid& grid = made->grid_;
    grid.dimensions = uint32_t(problem.modes.size());
    grid.width = problem.width;
    grid.shape = problem.shape;
    grid.beta = made->window_.beta;
    if (grid.shape == NfftWindowShape::gaussian) nfft_gaussian_factors(made->window_, grid.gaussian_factors);
    size_t points = 1;
    for (size_t d = 0; d < problem.modes.size(); ++d) {
        const size_t n = next_fast_length(size_t(std::ceil(problem.oversampling * double(problem.modes[d]))));
        if (n > UINT32_MAX / 2)
            return fail(rift_status_invalid_length, "lengths[", d, "] = ", problem.modes[d],
                        " coefficients need an oversampled grid of ", n, " points along that dimension, more than "
                        "the 2^31 - 1 rift's gridding indexes");
        if (points > (size_t(1) << 40) / n)
            return fail(rift_status_invalid_length, "the oversampled grid has more than 2^40 points (", points, " x ",
                        n, " by dimension ", d, ")");
        points *= n;
        grid.lengths[d] = uint32_t(n);
        grid.modes[d] = uint32_t(problem.modes[d]);
        grid.bin[d] = bin_length(problem.modes.size(), problem.width, problem.element_bytes(), n,
                                 shared_memory_per_block(current_device()));
        if (grid.bin[d] == 0)
            return fail(rift_status_not_implemented, "the tiles of a ", problem.width, "-point window in ",
                        problem.modes.size(), " dimensions do not fit in one block's shared memory");
        grid.bins[d] = uint32_t((n + grid.bin[d] - 1) / grid.bin[d]);
    }
    if (bin_count(grid) > UINT32_MAX)
        return fail(rift_status_not_implemented, "grids of more than 2^32 - 1 bins are not implemented yet");
    RIFT_RETURN_IF_FAILED(make_fft_plan(grid, problem.precision, false, made->forward_fft_));
    RIFT_RETURN_IF_FAILED(make_fft_plan(grid, problem.precision, true, made->inverse_fft_));
    made->device_ = made->forward_fft_->device();
    std::vector<unsigned char> factors = problem.precision == Precision::single
                                             ? correction_bytes<float>(made->window_, grid)
                                             : correction_bytes<double>(made->window_, grid);
    DeviceBuffer device_factors;
    if (made->device_ != kNoDevice) {
        RIFT_RETURN_IF_FAILED(DeviceBuffer::upload(factors.data(), factors.size(), device_factors));
        RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(points * problem.element_bytes(), made->device_grid_));
    }
    const auto correction = std::make_shared<const TwiddleTable>(std::move(factors), std::move(device_factors));
    for (const Direction direction : {Direction::forward, Direction::inverse})
        made->correction_[direction == Direction::forward ? 0 : 1] = {
            NfftCorrectionLaunch{grid, problem.precision, direction, correction}};
    made->problem_ = std::move(problem);
    plan = std::move(made);
    return rift_status_success;
}

rift_status NfftPlan::set_nodes(const void* nodes, bool on_host, void* stream)
{
    nodes_on_ = NodesOn::none; // until these nodes are sorted
    for (KernelChain& chain : gridding_) chain.clear();
    order_ = NfftNodeOrder{};
    if (!on_host) {
        if (device_ == kNoDevice)
            return fail(rift_status_no_device, "no GPU was found when the NFFT was created; the host executor "
                                               "(rift_executor_host or RIFT_EXECUTOR=host) runs it on the CPU");
        const int device = current_device_of_live_runtime();
        if (device != device_)
            return fail(rift_status_device_error, "the NFFT was created on device ", device_,
                        " but the current device is ", device);
    }
    RIFT_RETURN_IF_FAILED(problem_.precision == Precision::single ? sort_nodes<float>(nodes, on_host, stream)
                                                                  : sort_nodes<double>(nodes, on_host, stream));
    nodes_on_ = on_host ? NodesOn::host : NodesOn::gpu;
    for (const Direction direction : {Direction::forward, Direction::inverse}) {
        NfftGriddingLaunch launch{grid_, problem_.precision, direction, order_.subproblem_count};
        launch.subproblems = on_host ? order_.host_subproblems.data()
                                     : static_cast<const kernels::NfftSubproblem*>(order_.subproblems.get());
        launch.starts = on_host ? order_.host_starts.data() : static_cast<const uint32_t*>(order_.starts.get());
        launch.offsets = on_host ? static_cast<const void*>(order_.host_offsets.data()) : order_.offsets.get();
        launch.permutation =
            on_host ? order_.host_permutation.data() : static_cast<const uint32_t*>(order_.permutation.get());
        gridding_[direction == Direction::forward ? 0 : 1] = {launch};
    }
    return rift_status_success;
}

template <class Real>
rift_status NfftPlan::sort_nodes(const void* nodes, bool on_host, void* stream)
{
    const size_t count = problem_.nodes;
    const size_t bins = bin_count(grid_);
    const size_t dims = grid_.dimensions;
    NfftNodeOrder order;
    kernels::NfftSortArgs<Real> args;
    args.grid = grid_;
    args.nodes = static_cast<const Real*>(nodes);
    args.count = count;
    std::vector<uint32_t> bin_counts(bins + 1); // and the invalid nodes' count last
    std::vector<uint32_t> bin_firsts;
    if (on_host) {
        auto bin_of_node = host_buffer<uint32_t>(count);
        auto rank_in_bin = host_buffer<uint32_t>(count);
        args.bin_of_node = bin_of_node.data();
        args.rank_in_bin = rank_in_bin.data();
        args.bin_counts = bin_counts.data();
        args.invalid_nodes = bin_counts.data() + bins;
        nfft_locate_on_host(args);
        if (bin_counts[bins] != 0)
            return fail(rift_status_invalid_nodes, bin_counts[bins], " of the nodes have coordinates that are not finite");
        bin_counts.pop_back();
        order.host_subproblems = make_subproblems(bin_counts, bin_firsts);
        order.host_starts = host_buffer<uint32_t>(count);
        order.host_offsets = host_buffer<unsigned char>(count * dims * sizeof(Real));
        order.host_permutation = host_buffer<uint32_t>(count);
        args.bin_firsts = bin_firsts.data();
        args.starts = order.host_starts.data();
        args.offsets = reinterpret_cast<Real*>(order.host_offsets.data());
        args.permutation = order.host_permutation.data();
        nfft_place_on_host(args);
        order.subproblem_count = order.host_subproblems.size();
        order_ = std::move(order);
        return rift_status_success;
    }
    DeviceBuffer bin_of_node, rank_in_bin, counts;
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(count * sizeof(uint32_t), bin_of_node));
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(count * sizeof(uint32_t), rank_in_bin));
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate((bins + 1) * sizeof(uint32_t), counts));
    RIFT_RETURN_IF_FAILED(clear_on_gpu(counts.get(), (bins + 1) * sizeof(uint32_t), stream));
    args.bin_of_node = static_cast<uint32_t*>(bin_of_node.get());
    args.rank_in_bin = static_cast<uint32_t*>(rank_in_bin.get());
    args.bin_counts = static_cast<uint32_t*>(counts.get());
    args.invalid_nodes = args.bin_counts + bins;
    RIFT_RETURN_IF_FAILED(nfft_locate_on_gpu(args, stream));
    RIFT_RETURN_IF_FAILED(download_on_gpu(bin_counts.data(), counts.get(), (bins + 1) * sizeof(uint32_t), stream));
    if (bin_counts[bins] != 0)
        return fail(rift_status_invalid_nodes, bin_counts[bins], " of the nodes have coordinates that are not finite");
    bin_counts.pop_back();
    const std::vector<kernels::NfftSubproblem> subproblems = make_subproblems(bin_counts, bin_firsts);
    DeviceBuffer device_firsts;
    RIFT_RETURN_IF_FAILED(DeviceBuffer::upload(bin_firsts.data(), bins * sizeof(uint32_t), device_firsts));
    RIFT_RETURN_IF_FAILED(DeviceBuffer::upload(subproblems.data(), subproblems.size() * sizeof(subproblems[0]),
                                               order.subproblems));
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(count * sizeof(uint32_t), order.starts));
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(count * dims * sizeof(Real), order.offsets));
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(count * sizeof(uint32_t), order.permutation));
    args.bin_firsts = static_cast<const uint32_t*>(device_firsts.get());
    args.starts = static_cast<uint32_t*>(order.starts.get());
    args.offsets = static_cast<Real*>(order.offsets.get());
    args.permutation = static_cast<uint32_t*>(order.permutation.get());
    RIFT_RETURN_IF_FAILED(nfft_place_on_gpu(args, stream));
    // The temporaries are freed on return, so wait for the kernel that reads them.
    RIFT_RETURN_IF_FAILED(synchronize_on_gpu(stream));
    order.subproblem_count = subproblems.size();
    order_ = std::move(order);
    return rift_status_success;
}

rift_status NfftPlan::execute(rift_nfft_direction direction, const void* input, void* output, bool on_host,
                              void* stream, double* step_milliseconds)
{
    if (direction != rift_nfft_forward && direction != rift_nfft_adjoint)
        return fail(rift_status_invalid_array_type, "direction ", int(direction), " is not a rift_nfft_direction");
    if (nodes_on_ == NodesOn::none)
        return fail(rift_status_invalid_nodes, "no nodes are set: call rift_nfft_set_nodes first");
    if ((nodes_on_ == NodesOn::host) != on_host)
        return fail(rift_status_invalid_nodes, "the nodes were set for the ", on_host ? "GPU" : "host",
                    " executor; set them again for the ", on_host ? "host" : "GPU", " executor");
    if (!on_host) {
        const int device = current_device_of_live_runtime();
        if (device != device_)
            return fail(rift_status_device_error, "the NFFT was created on device ", device_,
                        " but the current device is ", device);
    }
    return run(direction, input, output, on_host, stream, step_milliseconds);
}

rift_status NfftPlan::run(rift_nfft_direction direction, const void* input, void* output, bool on_host, void* stream,
                          double* step_milliseconds)
{
    const bool forward = direction == rift_nfft_forward;
    const Plan& fft = forward ? *forward_fft_ : *inverse_fft_;
    // The host executor's grid and the FFT's work last one call; the GPU's grid is the plan's.
    std::vector<unsigned char> host_grid, host_work;
    void* grid = device_grid_.get();
    void* work = fft.own_work_buffer();
    if (on_host) {
        host_grid = host_buffer<unsigned char>(grid_points(grid_) * problem_.element_bytes());
        host_work = host_buffer<unsigned char>(fft.work_buffer_bytes());
        grid = host_grid.data();
        work = host_work.data();
    }
    // Each step is a kernel chain: correction and gridding between the user's vector and the grid, the FFT in
    // place on the grid.
    struct Step {
        const KernelChain& chain;
        bool on_grid;
        NfftStep step;
    };
    const int side = forward ? 0 : 1;
    const Step correction{correction_[side], false, NfftStep::correction};
    const Step transform{fft.chain(), true, NfftStep::fft};
    const Step gridding{gridding_[side], false, NfftStep::gridding};
    const std::array<Step, 3> steps = forward ? std::array<Step, 3>{correction, transform, gridding}
                                              : std::array<Step, 3>{gridding, transform, correction};
    const auto run_chain = [&](const KernelChain& chain, const ExecutionBuffers& buffers) {
        return on_host ? execute_on_host(chain, buffers) : execute_on_gpu(chain, buffers, stream, device_);
    };
    // Each step ends with lap(step), which rift_nfft_execute_timed's clock marks.
    std::unique_ptr<NfftStepClock> clock;
    if (step_milliseconds != nullptr) RIFT_RETURN_IF_FAILED(NfftStepClock::start(on_host, stream, clock));
    const size_t coefficient_bytes = problem_.coefficients() * problem_.element_bytes();
    const size_t value_bytes = problem_.nodes * problem_.element_bytes();
    const size_t input_bytes = forward ? coefficient_bytes : value_bytes;
    const size_t output_bytes = forward ? value_bytes : coefficient_bytes;
    const ExecutionBuffers on_grid{grid, grid, work, nullptr};
    for (size_t v = 0; v < problem_.vectors; ++v) {
        const ExecutionBuffers on_vector{const_cast<char*>(static_cast<const char*>(input)) + v * input_bytes,
                                         static_cast<char*>(output) + v * output_bytes, nullptr, grid};
        for (const Step& step : steps) {
            RIFT_RETURN_IF_FAILED(run_chain(step.chain, step.on_grid ? on_grid : on_vector));
            if (clock) RIFT_RETURN_IF_FAILED(clock->lap(step.step));
        }
    }
    return clock ? clock->finish(step_milliseconds) : rift_status_success;
}

std::string NfftPlan::print() const
{
    std::ostringstream out;
    out << "rift nfft: " << to_string(problem_.precision) << ", " << grid_.dimensions << "D, coefficients";
    for (uint32_t d = 0; d < grid_.dimensions; ++d) out << (d ? " x " : " ") << grid_.modes[d];
    out << " (dimension 0 fastest), " << problem_.nodes << " nodes, " << problem_.vectors << " vector(s)\n";
    if (grid_.shape == NfftWindowShape::gaussian)
        out << "  window: Gaussian (fast Gaussian gridding), " << grid_.width << " points, b " << 1 / window_.beta;
    else
        out << "  window: exponential of semicircle, " << grid_.width << " points, beta " << window_.beta;
    if (problem_.tolerance > 0) out << " (tolerance " << problem_.tolerance << ")";
    out << ", oversampling " << problem_.oversampling << "\n  grid:";
    for (uint32_t d = 0; d < grid_.dimensions; ++d) out << (d ? " x " : " ") << grid_.lengths[d];
    out << ", bins of";
    for (uint32_t d = 0; d < grid_.dimensions; ++d) out << (d ? " x " : " ") << grid_.bin[d];
    out << " (" << bin_count(grid_) << " bins, tiles of " << grid_.tile_points() << " points, subproblems of at most "
        << kernels::kNfftSubproblemNodes << " nodes)\n";
    out << "  forward: correction onto the grid, forward FFT, interpolation at the nodes\n";
    out << "  adjoint: spreading onto the grid, inverse FFT, correction off the grid\n";
    out << "  grid FFT (forward):\n" << forward_fft_->print();
    return out.str();
}

} // namespace rift
