#include "library/plan/plan.h"

#include <sstream>

#include "library/api/error.h"
#include "library/plan/node_builder.h"

namespace rift {

rift_status Plan::create(TransformProblem problem, std::unique_ptr<Plan>& plan)
{
    auto made = std::make_unique<Plan>();
    made->device_ = current_device();
    const PlanContext context = plan_context(made->device_);
    RIFT_RETURN_IF_FAILED(build_plan_tree(problem, context, made->root_));
    made->root_->append_launches(made->chain_);
    made->work_buffer_bytes_ = made->root_->work_elements() * problem.element_bytes();
    if (made->work_buffer_bytes_ > 0 && made->device_ != kNoDevice)
        RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(made->work_buffer_bytes_, made->own_work_buffer_));
    made->problem_ = std::move(problem);
    plan = std::move(made);
    return rift_status_success;
}

std::string Plan::print() const
{
    std::ostringstream text;
    const char* kind = !problem_.real ? "c2c-" : problem_.direction == Direction::forward ? "r2c-" : "c2r-";
    text << "(plan " << kind << to_string(problem_.direction) << ' ' << to_string(problem_.precision) << ' '
         << (problem_.in_place ? "in-place" : "out-of-place") << " lengths";
    for (size_t length : problem_.lengths) text << ' ' << length;
    text << " batch " << problem_.batch << " scale " << problem_.scale << "\n  in " << to_string(problem_.input)
         << "\n  out " << to_string(problem_.output) << '\n';
    if (work_buffer_bytes_ > 0) text << "  work buffer " << work_buffer_bytes_ << " bytes\n";
    root_->print(text, 1);
    text << ")\nkernels:\n";
    for (size_t i = 0; i < chain_.size(); ++i) text << "  " << i << ": " << describe(chain_[i]) << '\n';
    return text.str();
}

} // namespace rift
