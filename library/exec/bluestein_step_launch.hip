// Launches of the three stages of a Bluestein transform beyond one block (kernels/bluestein_steps.h): one kernel
// per stage and factor length, for the factor lengths is_bluestein_step_length admits.
#include "kernels/bluestein_steps.h"
#include "kernels/fixed_lengths.h"
#include "library/core/error.h"
#include "library/exec/executors.h"
#include "library/exec/launch_kernel.h"

namespace rift {

namespace {

template <class Real, kernels::BluesteinStage Stage>
hipError_t launch_stage(const BluesteinStepLaunch& launch, const kernels::BluesteinStepArgs& args, hipStream_t stream)
{
    switch (args.step.length) {
#define RIFT_BLUESTEIN_STEP_CASE(length, entry_elements, pad_period, ...)                                    \
    case length: {                                                                                           \
        constexpr uint32_t elements = kernels::lane_elements(kernels::EntryKernel::bluestein_steps, length,  \
                                                             entry_elements, sizeof(kernels::Complex<Real>)); \
        if constexpr (kernels::is_bluestein_step_length(length))                                             \
            return launch_kernel<                                                                            \
                &kernels::bluestein_step_kernel<Real, Stage, elements, length, pad_period, __VA_ARGS__>>(    \
                args, launch.shape, stream);                                                                 \
        break;                                                                                               \
    }
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_BLUESTEIN_STEP_CASE)
#undef RIFT_BLUESTEIN_STEP_CASE
    }
    return hipErrorInvalidValue;
}

template <class Real>
hipError_t launch_step(const BluesteinStepLaunch& launch, const kernels::BluesteinStepArgs& args, hipStream_t stream)
{
    using kernels::BluesteinStage;
    switch (launch.stage) {
    case BluesteinStage::forward_columns:
        return launch_stage<Real, BluesteinStage::forward_columns>(launch, args, stream);
    case BluesteinStage::rows: return launch_stage<Real, BluesteinStage::rows>(launch, args, stream);
    case BluesteinStage::inverse_columns:
        return launch_stage<Real, BluesteinStage::inverse_columns>(launch, args, stream);
    }
    return hipErrorInvalidValue;
}

} // namespace

rift_status launch_on_gpu(const BluesteinStepLaunch& launch, const ExecutionBuffers& buffers, void* stream)
{
    const kernels::BluesteinStepArgs args = resolved_args(launch, buffers, &TwiddleTable::device_data);
    const auto hip_stream = static_cast<hipStream_t>(stream);
    const hipError_t error = launch.precision == Precision::single ? launch_step<float>(launch, args, hip_stream)
                                                                   : launch_step<double>(launch, args, hip_stream);
    if (error != hipSuccess)
        return fail(rift_status_device_error, "launch of ", describe(launch), " failed: ", hipGetErrorString(error));
    return rift_status_success;
}

} // namespace rift
