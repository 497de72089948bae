// The C entry points: check handles and arguments, then hand over to the planner and executors.
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#include "library/api/handles.h"
#include "library/core/error.h"
#include "library/core/log.h"
#include "library/exec/executors.h"
#include "library/platform/allocation_faults.h"

namespace rift {

LiveHandles<rift_plan>& live_plans()
{
    static LiveHandles<rift_plan> handles;
    return handles;
}
LiveHandles<rift_convolution>& live_convolutions()
{
    static LiveHandles<rift_convolution> handles;
    return handles;
}
LiveHandles<rift_nfft>& live_nffts()
{
    static LiveHandles<rift_nfft> handles;
    return handles;
}
LiveHandles<rift_plan_description>& live_descriptions()
{
    static LiveHandles<rift_plan_description> handles;
    return handles;
}
LiveHandles<rift_execution_info>& live_execution_infos()
{
    static LiveHandles<rift_execution_info> handles;
    return handles;
}

namespace {

std::atomic<int> setup_count{0};
std::atomic<bool> host_executor_by_default{false};

rift_status check_plan(rift_plan plan)
{
    if (plan == nullptr) return fail(rift_status_invalid_plan, "plan is NULL");
    if (!live_plans().contains(plan)) return fail(rift_status_invalid_plan, "plan was destroyed or never created");
    return rift_status_success;
}

rift_status check_convolution(rift_convolution convolution)
{
    if (convolution == nullptr) return fail(rift_status_invalid_plan, "convolution is NULL");
    if (!live_convolutions().contains(convolution))
        return fail(rift_status_invalid_plan, "convolution was destroyed or never created");
    return rift_status_success;
}

rift_status check_nfft(rift_nfft nfft)
{
    if (nfft == nullptr) return fail(rift_status_invalid_plan, "nfft is NULL");
    if (!live_nffts().contains(nfft)) return fail(rift_status_invalid_plan, "nfft was destroyed or never created");
    return rift_status_success;
}

rift_status check_description(rift_plan_description description)
{
    if (description == nullptr) return fail(rift_status_invalid_description, "plan description is NULL");
    if (!live_descriptions().contains(description))
        return fail(rift_status_invalid_description, "plan description was destroyed or never created");
    return rift_status_success;
}

rift_status check_info(rift_execution_info info)
{
    if (info == nullptr) return fail(rift_status_invalid_execution_info, "execution info is NULL");
    if (!live_execution_infos().contains(info))
        return fail(rift_status_invalid_execution_info, "execution info was destroyed or never created");
    return rift_status_success;
}

// Runs an entry point's body, turning an escaped allocation failure into a status: nothing throws through C.
template <class Body>
rift_status guarded(Body body)
{
    clear_last_error();
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return fail(rift_status_out_of_memory, "host allocation failed");
    } catch (const std::exception& error) {
        return fail(rift_status_device_error, "internal error: ", error.what());
    }
}

// Copies a plan's print into the caller's buffer, or says how large it must be (rift_plan_get_print).
rift_status copy_print(const std::string& text, char* buffer, size_t buffer_size, size_t* required_size)
{
    if (required_size != nullptr) *required_size = text.size() + 1;
    if (buffer == nullptr && buffer_size == 0 && required_size != nullptr) return rift_status_success;
    if (buffer == nullptr) return fail(rift_status_null_argument, "buffer is NULL");
    if (buffer_size < text.size() + 1)
        return fail(rift_status_buffer_too_small, "plan print needs ", text.size() + 1, " bytes");
    std::memcpy(buffer, text.c_str(), text.size() + 1);
    return rift_status_success;
}

// Kernels move whole complex elements, also on the real side of contiguous real transforms, and a misaligned
// access would fault on the GPU. hipMalloc/cudaMalloc and malloc align far more than this. `unit` names what
// the alignment is one of; `advice` (may be empty) what to do instead.
rift_status check_alignment(const void* pointer, const char* which, size_t alignment,
                            const char* unit = "one complex element", const char* advice = "")
{
    if (reinterpret_cast<uintptr_t>(pointer) % alignment == 0) return rift_status_success;
    return fail(rift_status_invalid_buffer, which, " buffer ", pointer, " is not aligned to ", alignment, " bytes (",
                unit, ")", advice);
}

constexpr const char* kUsePlanOffsets = "; offset the data with the plan description's offsets instead";

bool runs_on_host(rift_execution_info info)
{
    const rift_executor executor = info != nullptr ? info->executor : rift_executor_default;
    return executor == rift_executor_host || (executor == rift_executor_default && host_executor_by_default.load());
}

rift_status create_nfft(rift_nfft* nfft, rift_precision precision, size_t dimensions, const size_t* lengths,
                        size_t number_of_nodes, size_t number_of_vectors, const NfftAccuracy& accuracy)
{
    if (nfft == nullptr) return fail(rift_status_null_argument, "nfft is NULL");
    *nfft = nullptr;
    if (setup_count.load() <= 0) return fail(rift_status_not_initialized, "call rift_setup() first");
    NfftProblem problem;
    RIFT_RETURN_IF_FAILED(
        make_nfft_problem(precision, dimensions, lengths, number_of_nodes, number_of_vectors, accuracy, problem));
    auto made = std::make_unique<rift_nfft_t>();
    RIFT_RETURN_IF_FAILED(NfftPlan::create(std::move(problem), made->plan));
    if (logging(LogLayer::plan)) log_text("rift nfft created:\n" + made->plan->print());
    live_nffts().add(made.get()); // before release: a failed registration must not leak the plan
    *nfft = made.release();
    return rift_status_success;
}

// rift_nfft_execute, and rift_nfft_execute_timed when step_milliseconds is not NULL.
rift_status execute_nfft(rift_nfft nfft, rift_nfft_direction direction, const void* input, void* output,
                         double* step_milliseconds, rift_execution_info info)
{
    RIFT_RETURN_IF_FAILED(check_nfft(nfft));
    if (info != nullptr) RIFT_RETURN_IF_FAILED(check_info(info));
    NfftPlan& resolved = *nfft->plan;
    const NfftProblem& problem = resolved.problem();
    if (input == nullptr) return fail(rift_status_invalid_buffer, "input buffer is NULL");
    if (output == nullptr) return fail(rift_status_invalid_buffer, "output buffer is NULL");
    RIFT_RETURN_IF_FAILED(check_alignment(input, "input", problem.element_bytes()));
    RIFT_RETURN_IF_FAILED(check_alignment(output, "output", problem.element_bytes()));
    const size_t coefficient_bytes = problem.vectors * problem.coefficients() * problem.element_bytes();
    const size_t value_bytes = problem.vectors * problem.nodes * problem.element_bytes();
    const bool forward = direction == rift_nfft_forward;
    const auto begin_in = reinterpret_cast<uintptr_t>(input);
    const auto begin_out = reinterpret_cast<uintptr_t>(output);
    const uintptr_t end_in = begin_in + (forward ? coefficient_bytes : value_bytes);
    const uintptr_t end_out = begin_out + (forward ? value_bytes : coefficient_bytes);
    if (begin_in < end_out && begin_out < end_in)
        return fail(rift_status_invalid_buffer, "output overlaps input: NFFTs run out of place");
    return resolved.execute(direction, input, output, runs_on_host(info), info != nullptr ? info->stream : nullptr,
                            step_milliseconds);
}

} // namespace
} // namespace rift

using namespace rift;

extern "C" {

rift_status rift_setup(void)
{
    clear_last_error();
    const char* executor = std::getenv("RIFT_EXECUTOR");
    host_executor_by_default = executor != nullptr && std::strcmp(executor, "host") == 0;
    configure_logging_from_environment();
    ++setup_count;
    return rift_status_success;
}

rift_status rift_cleanup(void)
{
    clear_last_error();
    int count = setup_count.load();
    while (count > 0 && !setup_count.compare_exchange_weak(count, count - 1)) {
    }
    if (count <= 0) return fail(rift_status_not_initialized, "rift_cleanup without a matching rift_setup");
    return rift_status_success;
}

rift_status rift_get_version_string(char* buffer, size_t buffer_size)
{
    clear_last_error();
    if (buffer == nullptr) return fail(rift_status_null_argument, "buffer is NULL");
    const int needed =
        std::snprintf(nullptr, 0, "%d.%d.%d", RIFT_VERSION_MAJOR, RIFT_VERSION_MINOR, RIFT_VERSION_PATCH);
    if (buffer_size < size_t(needed) + 1)
        return fail(rift_status_buffer_too_small, "version string needs ", needed + 1, " bytes");
    std::snprintf(buffer, buffer_size, "%d.%d.%d", RIFT_VERSION_MAJOR, RIFT_VERSION_MINOR, RIFT_VERSION_PATCH);
    return rift_status_success;
}

rift_status rift_plan_description_create(rift_plan_description* description)
{
    return guarded([&] {
        if (description == nullptr) return fail(rift_status_null_argument, "description is NULL");
        auto made = std::make_unique<rift_plan_description_t>();
        live_descriptions().add(made.get()); // before release: a failed registration must not leak the handle
        *description = made.release();
        return rift_status_success;
    });
}

rift_status rift_plan_description_destroy(rift_plan_description description)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_description(description));
        live_descriptions().remove(description);
        delete description;
        return rift_status_success;
    });
}

rift_status rift_plan_description_set_data_layout(rift_plan_description description, rift_array_type in_array_type,
                                                  rift_array_type out_array_type, const size_t* in_offsets,
                                                  const size_t* out_offsets, size_t in_strides_size,
                                                  const size_t* in_strides, size_t in_distance,
                                                  size_t out_strides_size, const size_t* out_strides,
                                                  size_t out_distance)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_description(description));
        if (in_strides_size > 3 || out_strides_size > 3)
            return fail(rift_status_invalid_stride, "at most 3 strides per layout");
        if ((in_strides_size != 0 && in_strides == nullptr) || (out_strides_size != 0 && out_strides == nullptr))
            return fail(rift_status_null_argument, "strides array is NULL but its size is not zero");
        LayoutRequest& layout = description->layout;
        layout.input_type = in_array_type;
        layout.output_type = out_array_type;
        layout.input_offset = in_offsets != nullptr ? in_offsets[0] : 0;
        layout.output_offset = out_offsets != nullptr ? out_offsets[0] : 0;
        layout.input_strides.assign(in_strides, in_strides + in_strides_size);
        layout.output_strides.assign(out_strides, out_strides + out_strides_size);
        layout.input_distance = in_distance;
        layout.output_distance = out_distance;
        return rift_status_success;
    });
}

rift_status rift_plan_description_set_scale_factor(rift_plan_description description, double scale)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_description(description));
        if (!std::isfinite(scale)) return fail(rift_status_invalid_scale, "scale factor is not finite");
        description->layout.scale = scale;
        return rift_status_success;
    });
}

rift_status rift_plan_description_set_work_buffer_owner(rift_plan_description description,
                                                       rift_work_buffer_owner owner)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_description(description));
        if (owner != rift_work_buffer_owner_plan && owner != rift_work_buffer_owner_caller)
            return fail(rift_status_invalid_description, "work buffer owner ", int(owner),
                        " is not a rift_work_buffer_owner");
        description->work_buffer_owner = owner;
        return rift_status_success;
    });
}

rift_status rift_plan_description_set_kernel_compilation(rift_plan_description description,
                                                        rift_kernel_compilation compilation)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_description(description));
        if (compilation != rift_kernel_compilation_background && compilation != rift_kernel_compilation_at_creation)
            return fail(rift_status_invalid_description, "kernel compilation ", int(compilation),
                        " is not a rift_kernel_compilation");
        description->kernel_compilation = compilation;
        return rift_status_success;
    });
}

namespace {

// RIFT_KERNEL_COMPILATION's choice; background unless it says at-creation.
KernelCompilation environment_kernel_compilation()
{
    const char* setting = std::getenv("RIFT_KERNEL_COMPILATION");
    return setting != nullptr && std::string(setting) == "at-creation" ? KernelCompilation::at_creation
                                                                        : KernelCompilation::background;
}

// The plan rift_plan_create's arguments describe; `work_buffer` false leaves the work buffer to the caller
// whatever the description says. Plans whose work buffer the caller holds compile their kernels at creation, so
// that the size the caller asks for is the one every execution needs.
rift_status make_plan(rift_result_placement placement, rift_transform_type transform_type, rift_precision precision,
                      size_t dimensions, const size_t* lengths, size_t number_of_transforms,
                      rift_plan_description description, bool work_buffer, std::unique_ptr<TieredPlan>& plan)
{
    if (setup_count.load() <= 0) return fail(rift_status_not_initialized, "call rift_setup() first");
    LayoutRequest request;
    bool allocates_work_buffer = work_buffer;
    KernelCompilation compilation = environment_kernel_compilation();
    if (description != nullptr) {
        RIFT_RETURN_IF_FAILED(check_description(description));
        request = description->layout;
        allocates_work_buffer = allocates_work_buffer && description->work_buffer_owner == rift_work_buffer_owner_plan;
        if (description->kernel_compilation)
            compilation = *description->kernel_compilation == rift_kernel_compilation_at_creation
                              ? KernelCompilation::at_creation
                              : KernelCompilation::background;
    }
    if (!allocates_work_buffer) compilation = KernelCompilation::at_creation;
    TransformProblem problem;
    RIFT_RETURN_IF_FAILED(make_transform_problem(placement, transform_type, precision, dimensions, lengths,
                                                 number_of_transforms, request, problem));
    return TieredPlan::create(std::move(problem), allocates_work_buffer, compilation, plan);
}

} // namespace

rift_status rift_plan_create(rift_plan* plan, rift_result_placement placement, rift_transform_type transform_type,
                             rift_precision precision, size_t dimensions, const size_t* lengths,
                             size_t number_of_transforms, rift_plan_description description)
{
    return guarded([&] {
        if (plan == nullptr) return fail(rift_status_null_argument, "plan is NULL");
        *plan = nullptr;
        auto made = std::make_unique<rift_plan_t>();
        RIFT_RETURN_IF_FAILED(make_plan(placement, transform_type, precision, dimensions, lengths,
                                        number_of_transforms, description, true, made->plan));
        if (logging(LogLayer::plan)) log_text("rift plan created:\n" + made->plan->current().print());
        live_plans().add(made.get()); // before release: a failed registration must not leak the plan
        *plan = made.release();
        return rift_status_success;
    });
}

rift_status rift_plan_estimate_work_buffer_size(rift_result_placement placement, rift_transform_type transform_type,
                                                rift_precision precision, size_t dimensions, const size_t* lengths,
                                                size_t number_of_transforms, rift_plan_description description,
                                                size_t* size_in_bytes)
{
    return guarded([&] {
        if (size_in_bytes == nullptr) return fail(rift_status_null_argument, "size_in_bytes is NULL");
        *size_in_bytes = 0;
        std::unique_ptr<TieredPlan> plan;
        RIFT_RETURN_IF_FAILED(make_plan(placement, transform_type, precision, dimensions, lengths,
                                        number_of_transforms, description, false, plan));
        *size_in_bytes = plan->current().work_buffer_bytes();
        return rift_status_success;
    });
}

rift_status rift_plan_destroy(rift_plan plan)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_plan(plan));
        if (!live_plans().remove(plan)) return fail(rift_status_invalid_plan, "plan was destroyed concurrently");
        delete plan;
        return rift_status_success;
    });
}

rift_status rift_plan_wait_for_kernels(rift_plan plan)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_plan(plan));
        plan->plan->wait_for_kernels();
        return rift_status_success;
    });
}

rift_status rift_plan_get_work_buffer_size(rift_plan plan, size_t* size_in_bytes)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_plan(plan));
        if (size_in_bytes == nullptr) return fail(rift_status_null_argument, "size_in_bytes is NULL");
        *size_in_bytes = plan->plan->current().work_buffer_bytes();
        return rift_status_success;
    });
}

rift_status rift_plan_get_print(rift_plan plan, char* buffer, size_t buffer_size, size_t* required_size)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_plan(plan));
        return copy_print(plan->plan->current().print(), buffer, buffer_size, required_size);
    });
}

rift_status rift_plan_print(rift_plan plan)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_plan(plan));
        std::fputs(plan->plan->current().print().c_str(), stdout);
        return rift_status_success;
    });
}

rift_status rift_execution_info_create(rift_execution_info* info)
{
    return guarded([&] {
        if (info == nullptr) return fail(rift_status_null_argument, "info is NULL");
        auto made = std::make_unique<rift_execution_info_t>();
        live_execution_infos().add(made.get()); // before release: a failed registration must not leak the handle
        *info = made.release();
        return rift_status_success;
    });
}

rift_status rift_execution_info_destroy(rift_execution_info info)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_info(info));
        live_execution_infos().remove(info);
        delete info;
        return rift_status_success;
    });
}

rift_status rift_execution_info_set_stream(rift_execution_info info, void* stream)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_info(info));
        info->stream = stream;
        return rift_status_success;
    });
}

rift_status rift_execution_info_set_work_buffer(rift_execution_info info, void* work_buffer, size_t size_in_bytes)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_info(info));
        if (work_buffer == nullptr && size_in_bytes != 0)
            return fail(rift_status_invalid_work_buffer, "work buffer is NULL but its size is ", size_in_bytes);
        info->work_buffer = work_buffer;
        info->work_buffer_bytes = size_in_bytes;
        return rift_status_success;
    });
}

rift_status rift_execution_info_set_executor(rift_execution_info info, rift_executor executor)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_info(info));
        if (executor != rift_executor_default && executor != rift_executor_gpu && executor != rift_executor_host)
            return fail(rift_status_invalid_execution_info, "executor ", int(executor), " is not a rift_executor");
        info->executor = executor;
        return rift_status_success;
    });
}

rift_status rift_execute(rift_plan plan, void* in_buffer[], void* out_buffer[], rift_execution_info info)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_plan(plan));
        if (info != nullptr) RIFT_RETURN_IF_FAILED(check_info(info));
        const bool work_given = info != nullptr && info->work_buffer != nullptr;
        const TieredPlan::Runnable runnable =
            plan->plan->runnable(work_given ? info->work_buffer_bytes : TieredPlan::kNoWorkBufferGiven);
        const Plan& resolved = *runnable.plan;
        if (in_buffer == nullptr || in_buffer[0] == nullptr)
            return fail(rift_status_invalid_buffer, "input buffer is NULL");
        ExecutionBuffers buffers;
        buffers.user_input = in_buffer[0];
        if (resolved.problem().in_place) {
            buffers.user_output = in_buffer[0];
        } else {
            if (out_buffer == nullptr || out_buffer[0] == nullptr)
                return fail(rift_status_invalid_buffer, "output buffer is NULL for an out-of-place plan");
            buffers.user_output = out_buffer[0];
        }
        const size_t alignment = resolved.problem().element_bytes();
        RIFT_RETURN_IF_FAILED(check_alignment(buffers.user_input, "input", alignment, "one complex element",
                                              kUsePlanOffsets));
        RIFT_RETURN_IF_FAILED(check_alignment(buffers.user_output, "output", alignment, "one complex element",
                                              kUsePlanOffsets));
        const size_t work_needed = resolved.work_buffer_bytes();
        if (work_given && info->work_buffer_bytes < work_needed)
            return fail(rift_status_invalid_work_buffer, "plan needs a work buffer of ", work_needed, " bytes, got ",
                        info->work_buffer_bytes);
        if (work_given && reinterpret_cast<uintptr_t>(info->work_buffer) % alignment != 0)
            return fail(rift_status_invalid_work_buffer, "work buffer ", info->work_buffer, " is not aligned to ",
                        alignment, " bytes (one complex element)");

        if (runs_on_host(info)) {
            std::vector<unsigned char> host_work;
            if (work_given) {
                buffers.work = info->work_buffer;
            } else if (work_needed > 0) {
                host_work = host_buffer<unsigned char>(work_needed);
                buffers.work = host_work.data();
            }
            return execute_on_host(resolved.chain(), buffers);
        }
        if (!work_given && work_needed > 0 && runnable.own_work_buffer == nullptr)
            return fail(rift_status_invalid_work_buffer, "the plan needs a work buffer of ", work_needed,
                        " bytes and holds none (its description left it to the caller): pass one with "
                        "rift_execution_info_set_work_buffer");
        buffers.work = work_given ? info->work_buffer : runnable.own_work_buffer;
        return execute_on_gpu(resolved.chain(), buffers, info != nullptr ? info->stream : nullptr, resolved.device());
    });
}

rift_status rift_convolution_create(rift_convolution* convolution, rift_convolution_type type,
                                   rift_precision precision, size_t signal_length, size_t filter_length,
                                   const void* filter, size_t number_of_signals, size_t input_distance,
                                   size_t output_distance)
{
    return guarded([&] {
        if (convolution == nullptr) return fail(rift_status_null_argument, "convolution is NULL");
        *convolution = nullptr;
        if (setup_count.load() <= 0) return fail(rift_status_not_initialized, "call rift_setup() first");
        ConvolutionProblem problem;
        RIFT_RETURN_IF_FAILED(make_convolution_problem(type, precision, signal_length, filter_length, filter,
                                                       number_of_signals, input_distance, output_distance, problem));
        auto made = std::make_unique<rift_convolution_t>();
        RIFT_RETURN_IF_FAILED(ConvolutionPlan::create(std::move(problem), made->plan));
        if (logging(LogLayer::plan)) log_text("rift convolution created:\n" + made->plan->print());
        live_convolutions().add(made.get()); // before release: a failed registration must not leak the plan
        *convolution = made.release();
        return rift_status_success;
    });
}

rift_status rift_convolution_destroy(rift_convolution convolution)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_convolution(convolution));
        if (!live_convolutions().remove(convolution))
            return fail(rift_status_invalid_plan, "convolution was destroyed concurrently");
        delete convolution;
        return rift_status_success;
    });
}

rift_status rift_convolution_get_output_length(rift_convolution convolution, size_t* output_length)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_convolution(convolution));
        if (output_length == nullptr) return fail(rift_status_null_argument, "output_length is NULL");
        *output_length = convolution->plan->problem().output_length();
        return rift_status_success;
    });
}

rift_status rift_convolution_get_print(rift_convolution convolution, char* buffer, size_t buffer_size,
                                       size_t* required_size)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_convolution(convolution));
        return copy_print(convolution->plan->print(), buffer, buffer_size, required_size);
    });
}

rift_status rift_convolution_execute(rift_convolution convolution, const void* input, void* output,
                                     rift_execution_info info)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_convolution(convolution));
        if (info != nullptr) RIFT_RETURN_IF_FAILED(check_info(info));
        const ConvolutionPlan& resolved = *convolution->plan;
        const ConvolutionProblem& problem = resolved.problem();
        if (input == nullptr) return fail(rift_status_invalid_buffer, "input buffer is NULL");
        if (output == nullptr) return fail(rift_status_invalid_buffer, "output buffer is NULL");
        RIFT_RETURN_IF_FAILED(check_alignment(input, "input", problem.element_bytes()));
        RIFT_RETURN_IF_FAILED(check_alignment(output, "output", problem.element_bytes()));
        // Segments read their neighbours' inputs, so no output may land on an input still to be read.
        const auto begin_in = reinterpret_cast<uintptr_t>(input);
        const auto begin_out = reinterpret_cast<uintptr_t>(output);
        const uintptr_t end_in =
            begin_in + ((problem.batch - 1) * problem.input_distance + problem.signal_length) * problem.element_bytes();
        const uintptr_t end_out =
            begin_out + ((problem.batch - 1) * problem.output_distance + problem.output_length()) * problem.element_bytes();
        if (begin_in < end_out && begin_out < end_in)
            return fail(rift_status_invalid_buffer, "output overlaps input: convolutions run out of place");
        ExecutionBuffers buffers;
        buffers.user_input = const_cast<void*>(input);
        buffers.user_output = output;
        if (runs_on_host(info)) return execute_on_host(resolved.chain(), buffers);
        return execute_on_gpu(resolved.chain(), buffers, info != nullptr ? info->stream : nullptr, resolved.device());
    });
}

rift_status rift_nfft_create(rift_nfft* nfft, rift_precision precision, size_t dimensions, const size_t* lengths,
                             size_t number_of_nodes, size_t number_of_vectors, double tolerance)
{
    return guarded([&] {
        return create_nfft(nfft, precision, dimensions, lengths, number_of_nodes, number_of_vectors,
                           NfftAccuracy{false, tolerance, rift_nfft_window_exponential_of_semicircle, 0, 0});
    });
}

rift_status rift_nfft_create_expert(rift_nfft* nfft, rift_precision precision, size_t dimensions,
                                    const size_t* lengths, size_t number_of_nodes, size_t number_of_vectors,
                                    rift_nfft_window window, size_t window_width, double oversampling)
{
    return guarded([&] {
        return create_nfft(nfft, precision, dimensions, lengths, number_of_nodes, number_of_vectors,
                           NfftAccuracy{true, 0, window, window_width, oversampling});
    });
}

rift_status rift_nfft_destroy(rift_nfft nfft)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_nfft(nfft));
        if (!live_nffts().remove(nfft)) return fail(rift_status_invalid_plan, "nfft was destroyed concurrently");
        delete nfft;
        return rift_status_success;
    });
}

rift_status rift_nfft_set_nodes(rift_nfft nfft, const void* nodes, rift_execution_info info)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_nfft(nfft));
        if (info != nullptr) RIFT_RETURN_IF_FAILED(check_info(info));
        if (nodes == nullptr) return fail(rift_status_invalid_buffer, "nodes is NULL");
        RIFT_RETURN_IF_FAILED(check_alignment(nodes, "nodes", nfft->plan->problem().real_bytes(), "one real"));
        return nfft->plan->set_nodes(nodes, runs_on_host(info), info != nullptr ? info->stream : nullptr);
    });
}

rift_status rift_nfft_execute(rift_nfft nfft, rift_nfft_direction direction, const void* input, void* output,
                              rift_execution_info info)
{
    return guarded([&] { return execute_nfft(nfft, direction, input, output, nullptr, info); });
}

rift_status rift_nfft_execute_timed(rift_nfft nfft, rift_nfft_direction direction, const void* input, void* output,
                                    double step_milliseconds[3], rift_execution_info info)
{
    return guarded([&] {
        if (step_milliseconds == nullptr) return fail(rift_status_null_argument, "step_milliseconds is NULL");
        return execute_nfft(nfft, direction, input, output, step_milliseconds, info);
    });
}

rift_status rift_nfft_get_print(rift_nfft nfft, char* buffer, size_t buffer_size, size_t* required_size)
{
    return guarded([&] {
        RIFT_RETURN_IF_FAILED(check_nfft(nfft));
        return copy_print(nfft->plan->print(), buffer, buffer_size, required_size);
    });
}

} // extern "C"
