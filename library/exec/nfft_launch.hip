// Launches of the NFFT's kernels (kernels/nfft_gridding.h). The gridding kernels are instantiated per dimension
// count and for windows of up to 8 or up to 16 points, so the weights of the common widths stay in registers.
#include <chrono>

#include "kernels/nfft_gridding.h"
#include "library/core/error.h"
#include "library/exec/launch_kernel.h"
#include "library/exec/executors.h"
#include "library/exec/nfft_steps.h"
#include "library/platform/hip_api.h"

namespace rift {

namespace {

using kernels::Complex;

rift_status checked(hipError_t error, const char* what)
{
    if (error != hipSuccess) return fail(rift_status_device_error, what, " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

// Grid-stride loops: enough blocks to fill the device, capped so huge counts loop.
LaunchShape elementwise_shape(uint64_t count)
{
    constexpr uint64_t kMaxBlocks = 65536;
    LaunchShape shape;
    shape.threads_x = kernels::kNfftThreads;
    shape.threads_y = 1;
    const uint64_t blocks = (count + shape.threads_x - 1) / shape.threads_x;
    shape.blocks = uint32_t(blocks < 1 ? 1 : blocks > kMaxBlocks ? kMaxBlocks : blocks);
    return shape;
}

// A block per subproblem, with its tile of complex values in shared memory.
template <class Real>
LaunchShape gridding_shape(const kernels::NfftGrid& grid, size_t subproblems)
{
    LaunchShape shape;
    shape.threads_x = kernels::kNfftThreads;
    shape.threads_y = 1;
    shape.blocks = uint32_t(subproblems);
    shape.shared_bytes = uint32_t(grid.tile_points() * sizeof(Complex<Real>));
    return shape;
}

template <class Real, bool Spread, int Dims, int MaxWidth>
hipError_t launch_gridding(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems, hipStream_t stream)
{
    const LaunchShape shape = gridding_shape<Real>(args.grid, subproblems);
    if constexpr (Spread)
        return launch_kernel<&kernels::nfft_spread_kernel<Real, Dims, MaxWidth>>(args, shape, stream);
    else
        return launch_kernel<&kernels::nfft_interpolate_kernel<Real, Dims, MaxWidth>>(args, shape, stream);
}

template <class Real, bool Spread, int Dims>
hipError_t launch_gridding_of_dims(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems,
                                   hipStream_t stream)
{
    if (args.grid.width <= 8) return launch_gridding<Real, Spread, Dims, 8>(args, subproblems, stream);
    return launch_gridding<Real, Spread, Dims, kernels::kNfftMaxWidth>(args, subproblems, stream);
}

template <class Real, bool Spread>
rift_status launch_gridding_of_grid(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems, void* stream)
{
    if (subproblems == 0) return rift_status_success;
    const auto hip_stream = static_cast<hipStream_t>(stream);
    hipError_t error;
    switch (args.grid.dimensions) {
    case 1: error = launch_gridding_of_dims<Real, Spread, 1>(args, subproblems, hip_stream); break;
    case 2: error = launch_gridding_of_dims<Real, Spread, 2>(args, subproblems, hip_stream); break;
    default: error = launch_gridding_of_dims<Real, Spread, 3>(args, subproblems, hip_stream); break;
    }
    return checked(error, Spread ? "launch of the NFFT spreading kernel" : "launch of the NFFT interpolation kernel");
}

uint64_t grid_points(const kernels::NfftGrid& grid)
{
    uint64_t points = 1;
    for (uint32_t d = 0; d < grid.dimensions; ++d) points *= grid.lengths[d];
    return points;
}

uint64_t coefficient_count(const kernels::NfftGrid& grid)
{
    uint64_t count = 1;
    for (uint32_t d = 0; d < grid.dimensions; ++d) count *= grid.modes[d];
    return count;
}

} // namespace

template <class Real>
rift_status nfft_locate_on_gpu(const kernels::NfftSortArgs<Real>& args, void* stream)
{
    const LaunchShape shape = elementwise_shape(args.count);
    return checked(launch_kernel<&kernels::nfft_locate_kernel<Real>>(args, shape, static_cast<hipStream_t>(stream)),
                   "launch of the NFFT node binning kernel");
}

template <class Real>
rift_status nfft_place_on_gpu(const kernels::NfftSortArgs<Real>& args, void* stream)
{
    const LaunchShape shape = elementwise_shape(args.count);
    return checked(launch_kernel<&kernels::nfft_place_kernel<Real>>(args, shape, static_cast<hipStream_t>(stream)),
                   "launch of the NFFT node sorting kernel");
}

namespace {

template <class Real>
rift_status fill_on_gpu(const NfftCorrectionLaunch& launch, const ExecutionBuffers& buffers, hipStream_t stream)
{
    const kernels::NfftCorrection<Real> correction = resolved_args<Real>(launch, &TwiddleTable::device_data);
    const uint64_t points = grid_points(launch.grid);
    const LaunchShape shape = elementwise_shape(points);
    kernels::nfft_fill_grid_kernel<Real><<<shape.blocks, shape.threads_x, 0, stream>>>(
        correction, static_cast<const Complex<Real>*>(buffers.user_input),
        static_cast<Complex<Real>*>(buffers.plan_storage), points);
    return checked(hipGetLastError(), "launch of the NFFT correction kernel");
}

template <class Real>
rift_status extract_on_gpu(const NfftCorrectionLaunch& launch, const ExecutionBuffers& buffers, hipStream_t stream)
{
    const kernels::NfftCorrection<Real> correction = resolved_args<Real>(launch, &TwiddleTable::device_data);
    const uint64_t count = coefficient_count(launch.grid);
    const LaunchShape shape = elementwise_shape(count);
    kernels::nfft_extract_kernel<Real><<<shape.blocks, shape.threads_x, 0, stream>>>(
        correction, static_cast<const Complex<Real>*>(buffers.plan_storage),
        static_cast<Complex<Real>*>(buffers.user_output), count);
    return checked(hipGetLastError(), "launch of the NFFT correction kernel");
}

template <class Real>
rift_status gridding_on_gpu(const NfftGriddingLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    const kernels::NfftGriddingArgs<Real> args = resolved_args<Real>(launch, buffers);
    if (launch.direction == Direction::forward)
        return launch_gridding_of_grid<Real, false>(args, launch.subproblem_count, stream);
    const uint64_t grid_bytes = grid_points(launch.grid) * sizeof(Complex<Real>);
    RIFT_RETURN_IF_FAILED(clear_on_gpu(buffers.plan_storage, grid_bytes, stream));
    return launch_gridding_of_grid<Real, true>(args, launch.subproblem_count, stream);
}

} // namespace

rift_status launch_on_gpu(const NfftCorrectionLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    const auto hip_stream = static_cast<hipStream_t>(stream);
    const bool single = launch.precision == Precision::single;
    if (launch.direction == Direction::forward)
        return single ? fill_on_gpu<float>(launch, buffers, hip_stream)
                      : fill_on_gpu<double>(launch, buffers, hip_stream);
    return single ? extract_on_gpu<float>(launch, buffers, hip_stream)
                  : extract_on_gpu<double>(launch, buffers, hip_stream);
}

rift_status launch_on_gpu(const NfftGriddingLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    return launch.precision == Precision::single ? gridding_on_gpu<float>(launch, buffers, stream)
                                                 : gridding_on_gpu<double>(launch, buffers, stream);
}

namespace {

double host_milliseconds()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

} // namespace

rift_status NfftStepClock::start(bool on_host, void* stream, std::unique_ptr<NfftStepClock>& clock)
{
    std::unique_ptr<NfftStepClock> made(new NfftStepClock());
    made->on_host_ = on_host;
    made->stream_ = stream;
    RIFT_RETURN_IF_FAILED(made->mark());
    clock = std::move(made);
    return rift_status_success;
}

NfftStepClock::~NfftStepClock()
{
    for (void* event : events_) (void)hipEventDestroy(static_cast<hipEvent_t>(event));
}

rift_status NfftStepClock::mark()
{
    if (on_host_) {
        host_marks_.push_back(host_milliseconds());
        return rift_status_success;
    }
    events_.reserve(events_.size() + 1); // so that the event, once created, cannot be lost
    hipEvent_t event = nullptr;
    RIFT_RETURN_IF_FAILED(checked(hipEventCreate(&event), "creating an event"));
    events_.push_back(event);
    return checked(hipEventRecord(event, static_cast<hipStream_t>(stream_)), "recording an event");
}

rift_status NfftStepClock::lap(NfftStep step)
{
    steps_.push_back(step);
    return mark();
}

rift_status NfftStepClock::finish(double* milliseconds)
{
    std::fill(milliseconds, milliseconds + 3, 0.0);
    if (!on_host_ && !events_.empty())
        RIFT_RETURN_IF_FAILED(checked(hipEventSynchronize(static_cast<hipEvent_t>(events_.back())),
                                      "waiting for the NFFT"));
    for (size_t i = 0; i < steps_.size(); ++i) {
        double elapsed = 0;
        if (on_host_) {
            elapsed = host_marks_[i + 1] - host_marks_[i];
        } else {
            float ms = 0;
            RIFT_RETURN_IF_FAILED(checked(hipEventElapsedTime(&ms, static_cast<hipEvent_t>(events_[i]),
                                                              static_cast<hipEvent_t>(events_[i + 1])),
                                          "timing an NFFT step"));
            elapsed = ms;
        }
        milliseconds[int(steps_[i])] += elapsed;
    }
    return rift_status_success;
}

rift_status clear_on_gpu(void* data, size_t bytes, void* stream)
{
    return checked(hipMemsetAsync(data, 0, bytes, static_cast<hipStream_t>(stream)), "clearing device memory");
}

rift_status download_on_gpu(void* host, const void* device, size_t bytes, void* stream)
{
    const auto hip_stream = static_cast<hipStream_t>(stream);
    RIFT_RETURN_IF_FAILED(
        checked(hipMemcpyAsync(host, device, bytes, hipMemcpyDeviceToHost, hip_stream), "copy to the host"));
    return synchronize_on_gpu(stream);
}

rift_status synchronize_on_gpu(void* stream)
{
    return checked(hipStreamSynchronize(static_cast<hipStream_t>(stream)), "waiting for the stream");
}

#define RIFT_NFFT_GPU_STEPS(Real)                                                                              \
    template rift_status nfft_locate_on_gpu<Real>(const kernels::NfftSortArgs<Real>&, void*);                \
    template rift_status nfft_place_on_gpu<Real>(const kernels::NfftSortArgs<Real>&, void*);
RIFT_NFFT_GPU_STEPS(float)
RIFT_NFFT_GPU_STEPS(double)
#undef RIFT_NFFT_GPU_STEPS

} // namespace rift
