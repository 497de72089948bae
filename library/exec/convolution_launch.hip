// Launches of the overlap-save convolution kernels (kernels/convolution_kernel.h): one kernel per segment length
// and precision.
#include "kernels/convolution_kernel.h"
#include "kernels/fixed_lengths.h"
#include "library/core/error.h"
#include "library/exec/executors.h"
#include "library/exec/launch_kernel.h"

namespace rift {

namespace {

template <class Real>
hipError_t launch_convolution_kernel(const ConvolutionLaunch& launch, const kernels::ConvolutionArgs& args,
                                     hipStream_t stream)
{
    switch (args.segments.length) {
#define RIFT_CONVOLUTION_CASE(length, entry_elements, pad_period, ...)                                       \
    case length: {                                                                                           \
        constexpr uint32_t elements = kernels::lane_elements(kernels::EntryKernel::convolution, length,      \
                                                             entry_elements, sizeof(kernels::Complex<Real>)); \
        if constexpr (kernels::is_segment_length(length))                                                    \
            return launch_kernel<&kernels::fixed_convolution_kernel<Real, elements, length, pad_period, __VA_ARGS__>>( \
                args, launch.shape, stream);                                                                 \
        break;                                                                                               \
    }
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_CONVOLUTION_CASE)
#undef RIFT_CONVOLUTION_CASE
    }
    return hipErrorInvalidValue;
}

} // namespace

rift_status launch_on_gpu(const ConvolutionLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    const kernels::ConvolutionArgs args = resolved_args(launch, buffers, &TwiddleTable::device_data);
    const auto hip_stream = static_cast<hipStream_t>(stream);
    const hipError_t error = launch.precision == Precision::single
                                 ? launch_convolution_kernel<float>(launch, args, hip_stream)
                                 : launch_convolution_kernel<double>(launch, args, hip_stream);
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch), " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
