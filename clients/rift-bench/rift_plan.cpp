#include "rift-bench/rift_plan.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include "common/checks.h"

namespace rift::bench {

using client::check_rift;

namespace {

class PlanDescription {
public:
    PlanDescription() { check_rift(rift_plan_description_create(&description_), "rift_plan_description_create"); }
    ~PlanDescription() { rift_plan_description_destroy(description_); }
    PlanDescription(const PlanDescription&) = delete;
    PlanDescription& operator=(const PlanDescription&) = delete;

    rift_plan_description get() const { return description_; }

private:
    rift_plan_description description_ = nullptr;
};

rift_array_type input_array_type(const BenchCase& c)
{
    if (c.transform == rift_transform_type_real_forward || c.is_real_to_real()) return rift_array_type_real;
    if (c.transform == rift_transform_type_real_inverse) return rift_array_type_hermitian_interleaved;
    return rift_array_type_complex_interleaved;
}

rift_array_type output_array_type(const BenchCase& c)
{
    if (c.transform == rift_transform_type_real_forward) return rift_array_type_hermitian_interleaved;
    if (c.transform == rift_transform_type_real_inverse || c.is_real_to_real()) return rift_array_type_real;
    return rift_array_type_complex_interleaved;
}

} // namespace

RiftPlan::RiftPlan(const BenchCase& c)
{
    PlanDescription description;
    const size_t in_offsets[] = {c.input.offset};
    const size_t out_offsets[] = {c.output.offset};
    check_rift(rift_plan_description_set_data_layout(description.get(), input_array_type(c), output_array_type(c),
                                                     in_offsets, out_offsets, c.input.strides.size(),
                                                     c.input.strides.data(), c.input.distance,
                                                     c.output.strides.size(), c.output.strides.data(),
                                                     c.output.distance),
               "rift_plan_description_set_data_layout");
    check_rift(rift_plan_description_set_scale_factor(description.get(), c.scale),
               "rift_plan_description_set_scale_factor");
    const auto start = std::chrono::steady_clock::now();
    check_rift(rift_plan_create(&plan_, c.placement, c.transform, c.precision, c.lengths.size(), c.lengths.data(),
                                c.batch, description.get()),
               "rift_plan_create");
    creation_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    // Timings are of the plan's final kernels: those compiled in the background first.
    check_rift(rift_plan_wait_for_kernels(plan_), "rift_plan_wait_for_kernels");
    kernels_ready_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

RiftPlan::~RiftPlan() { rift_plan_destroy(plan_); }

size_t RiftPlan::work_buffer_bytes() const
{
    size_t bytes = 0;
    check_rift(rift_plan_get_work_buffer_size(plan_, &bytes), "rift_plan_get_work_buffer_size");
    return bytes;
}

std::string RiftPlan::text() const
{
    size_t required = 0;
    check_rift(rift_plan_get_print(plan_, nullptr, 0, &required), "rift_plan_get_print (size query)");
    // Exactly the size rift asked for (it includes the NUL), so an off-by-one in rift shows up here.
    std::vector<char> buffer(std::max<size_t>(required, 1), '\0');
    check_rift(rift_plan_get_print(plan_, buffer.data(), buffer.size(), &required), "rift_plan_get_print");
    return buffer.data();
}

RiftExecution::RiftExecution(const RiftPlan& plan, rift_executor executor, hipStream_t stream, void* work_buffer,
                             size_t work_buffer_bytes)
    : plan_(plan.get())
{
    check_rift(rift_execution_info_create(&info_), "rift_execution_info_create");
    try {
        check_rift(rift_execution_info_set_executor(info_, executor), "rift_execution_info_set_executor");
        check_rift(rift_execution_info_set_stream(info_, stream), "rift_execution_info_set_stream");
        if (work_buffer_bytes > 0) {
            check_rift(rift_execution_info_set_work_buffer(info_, work_buffer, work_buffer_bytes),
                       "rift_execution_info_set_work_buffer");
        }
    } catch (...) {
        rift_execution_info_destroy(info_); // the destructor does not run for a throwing constructor
        throw;
    }
}

RiftExecution::~RiftExecution() { rift_execution_info_destroy(info_); }

void RiftExecution::execute(void* input, void* output) const
{
    void* inputs[] = {input};
    void* outputs[] = {output};
    check_rift(rift_execute(plan_, inputs, outputs, info_), "rift_execute");
}

} // namespace rift::bench
