#include "library/plan/plan.h"

#include <chrono>
#include <sstream>
#include <variant>

#include "library/core/error.h"
#include "library/core/log.h"
#include "library/plan/byte_extent.h"

namespace rift {

namespace {

// Runs a launch's outermost batch axis last to first, by starting at its last index and stepping back: the
// kernels are unchanged (a run-time flag in them would move the register allocation of several).
void run_last_to_first(StockhamLaunch& launch)
{
    kernels::BatchDim& outer = launch.args.dims[launch.args.dim_count - 1];
    launch.args.input_offset += (outer.count - 1) * outer.input_stride;
    launch.args.output_offset += (outer.count - 1) * outer.output_stride;
    outer.input_stride = 0 - outer.input_stride;
    outer.output_stride = 0 - outer.output_stride;
    launch.last_to_first = true;
}

// Consecutive launches of a chain run their batches in opposite orders, so that each starts on what the one
// before it wrote last, which the L2 still holds. Only Stockham launches with an outer batch axis apart from
// the one their blocks tile (dims[0]) can turn round; the others count as first to last.
void alternate_batch_order(KernelChain& chain)
{
    bool previous_reversed = true; // the first launch runs first to last
    for (Launch& launch : chain) {
        auto* const stockham = std::get_if<StockhamLaunch>(&launch);
        const bool reversible = stockham != nullptr && stockham->args.mirrored_dims == 0 &&
                                stockham->args.dim_count > 1 &&
                                stockham->args.dims[stockham->args.dim_count - 1].count > 1;
        if (reversible && !previous_reversed) run_last_to_first(*stockham);
        previous_reversed = reversible && stockham->last_to_first;
    }
}

} // namespace

void CreationSteps::step(const char* what)
{
    if (!logging(LogLayer::plan)) return;
    const auto now = std::chrono::steady_clock::now();
    log_text("rift: plan creation: " + std::string(what) + " in " +
             std::to_string(std::chrono::duration<double, std::milli>(now - last_).count()) + " ms\n");
    last_ = now;
}

rift_status Plan::create(TransformProblem problem, bool allocates_work_buffer, std::unique_ptr<Plan>& plan)
{
    CreationSteps steps;
    const PlanContext context = plan_context(current_device());
    steps.step("device queried");
    return create(std::move(problem), context, allocates_work_buffer, plan);
}

rift_status Plan::create(TransformProblem problem, const PlanContext& context, bool allocates_work_buffer,
                         std::unique_ptr<Plan>& plan)
{
    CreationSteps steps;
    auto made = std::make_unique<Plan>();
    made->device_ = context.device;
    RIFT_RETURN_IF_FAILED(build_plan_tree(problem, context, made->root_));
    made->root_->append_launches(made->chain_);
    steps.step("tree chosen, kernels found");
    RIFT_RETURN_IF_FAILED(make_tables(made->chain_));
    steps.step("tables made");
    alternate_batch_order(made->chain_);
    if (!bytes_fit(made->root_->work_elements(), problem.element_bytes(), made->work_buffer_bytes_))
        return fail(rift_status_out_of_memory, "the plan needs a work buffer of ", made->root_->work_elements(),
                    " elements of ", problem.element_bytes(), " bytes, more than a buffer can address (2^63 bytes)");
    if (allocates_work_buffer) RIFT_RETURN_IF_FAILED(made->allocate_work_buffer());
    steps.step("work buffer allocated");
    made->problem_ = std::move(problem);
    plan = std::move(made);
    return rift_status_success;
}

rift_status Plan::allocate_work_buffer()
{
    if (work_buffer_bytes_ == 0 || device_ == kNoDevice || own_work_buffer_.get() != nullptr)
        return rift_status_success;
    return DeviceBuffer::allocate(work_buffer_bytes_, own_work_buffer_);
}

std::string Plan::print() const
{
    std::ostringstream text;
    const std::string kind = problem_.real_to_real ? std::string(kernels::to_string(*problem_.real_to_real))
                             : !problem_.real      ? "c2c-" + std::string(to_string(problem_.direction))
                             : problem_.direction == Direction::forward ? "r2c-forward"
                                                                        : "c2r-inverse";
    text << "(plan " << kind << ' ' << to_string(problem_.precision) << ' '
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
