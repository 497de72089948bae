#include "library/plan/tiered_plan.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "library/core/error.h"
#include "library/core/log.h"
#include "library/exec/runtime_kernels.h"

namespace rift {

struct TieredPlan::Background {
    std::mutex mutex;
    std::condition_variable finished_signal;
    bool finished = false;
    bool abandoned = false; // the plan was destroyed before its kernels were in
    std::unique_ptr<Plan> final_plan;
    std::atomic<const Plan*> ready{nullptr}; // final_plan, once executions may take it
};

namespace {

// The threads that make plans' kernels in the background, a few at a time (each compile takes one core).
// Destroyed at exit, it finishes the compiles under way and drops those not begun.
class BackgroundCompiles {
public:
    static BackgroundCompiles& instance()
    {
        static BackgroundCompiles compiles;
        return compiles;
    }

    void add(std::function<void()> job)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        jobs_.push_back(std::move(job));
        const size_t wanted = std::min(jobs_.size() + busy_, max_threads_);
        while (threads_.size() < wanted) threads_.emplace_back([this] { work(); });
        job_added_.notify_one();
    }

    ~BackgroundCompiles()
    {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stopping_ = true;
            jobs_.clear();
        }
        job_added_.notify_all();
        for (std::thread& thread : threads_) thread.join();
    }

private:
    BackgroundCompiles() : max_threads_(std::clamp<size_t>(std::thread::hardware_concurrency() / 2, 1, 8)) {}

    void work()
    {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            job_added_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
            if (stopping_) return;
            std::function<void()> job = std::move(jobs_.front());
            jobs_.pop_front();
            ++busy_;
            lock.unlock();
            job();
            lock.lock();
            --busy_;
        }
    }

    std::mutex mutex_;
    std::condition_variable job_added_;
    std::deque<std::function<void()>> jobs_;
    std::vector<std::thread> threads_;
    size_t busy_ = 0;
    const size_t max_threads_;
    bool stopping_ = false;
};

// Makes the plan with every kernel compiled for a first plan, on its device, and hands it over.
void make_final_plan(const std::shared_ptr<TieredPlan::Background>& background, TransformProblem problem, int device,
                     bool allocates_work_buffer, size_t first_own_work_bytes)
{
    std::unique_ptr<Plan> made;
    rift_status status = rift_status_device_error;
    try {
        if (hipSetDevice(device) == hipSuccess) {
            status = Plan::create(std::move(problem), plan_context(device), false, made);
            // The first plan's own work buffer serves the final one where it is large enough.
            if (status == rift_status_success && allocates_work_buffer &&
                made->work_buffer_bytes() > first_own_work_bytes)
                status = made->allocate_work_buffer();
        }
    } catch (const std::bad_alloc&) {
        status = rift_status_out_of_memory;
    }
    if (status != rift_status_success) {
        if (logging(LogLayer::plan))
            log_text(std::string("rift: the plan's compiled kernels failed, it keeps its first kernels: ") +
                     rift_get_last_error_message() + "\n");
        made.reset();
    }
    std::lock_guard<std::mutex> lock(background->mutex);
    if (made && !background->abandoned) {
        if (logging(LogLayer::plan)) log_text("rift plan's compiled kernels in place:\n" + made->print());
        background->final_plan = std::move(made);
        background->ready.store(background->final_plan.get(), std::memory_order_release);
    }
    background->finished = true;
    background->finished_signal.notify_all();
}

} // namespace

rift_status TieredPlan::create(TransformProblem problem, bool allocates_work_buffer, KernelCompilation compilation,
                               std::unique_ptr<TieredPlan>& plan)
{
    CreationSteps steps;
    auto made = std::make_unique<TieredPlan>();
    PlanContext context = plan_context(current_device());
    steps.step("device queried");
    const bool defers = compilation == KernelCompilation::background && context.device != kNoDevice &&
                        runtime_kernels_enabled(context.device);
    uint32_t kernels_not_compiled = 0;
    if (defers) {
        context.compiles_kernels = false;
        context.kernels_not_compiled = &kernels_not_compiled;
    }
    RIFT_RETURN_IF_FAILED(Plan::create(problem, context, allocates_work_buffer, made->first_));
    // Where nothing compiles, the first plan is the only one.
    if (kernels_not_compiled > 0 && runtime_compilation_available(context.device)) {
        made->background_ = std::make_shared<Background>();
        const size_t first_own_work_bytes =
            made->first_->own_work_buffer() != nullptr ? made->first_->work_buffer_bytes() : 0;
        BackgroundCompiles::instance().add(
            [background = made->background_, problem = std::move(problem), device = context.device,
             allocates_work_buffer, first_own_work_bytes]() mutable {
                make_final_plan(background, std::move(problem), device, allocates_work_buffer, first_own_work_bytes);
            });
    }
    plan = std::move(made);
    return rift_status_success;
}

TieredPlan::~TieredPlan()
{
    if (!background_) return;
    std::unique_ptr<Plan> final_plan; // freed outside the lock
    std::lock_guard<std::mutex> lock(background_->mutex);
    background_->abandoned = true;
    final_plan = std::move(background_->final_plan);
}

TieredPlan::Runnable TieredPlan::runnable(size_t given_work_bytes) const
{
    const Plan* final_plan = background_ ? background_->ready.load(std::memory_order_acquire) : nullptr;
    if (final_plan != nullptr &&
        (given_work_bytes == kNoWorkBufferGiven || given_work_bytes >= final_plan->work_buffer_bytes()))
        return {final_plan, final_plan->own_work_buffer() != nullptr ? final_plan->own_work_buffer()
                                                                     : first_->own_work_buffer()};
    return {first_.get(), first_->own_work_buffer()};
}

void TieredPlan::wait_for_kernels() const
{
    if (!background_) return;
    std::unique_lock<std::mutex> lock(background_->mutex);
    background_->finished_signal.wait(lock, [this] { return background_->finished; });
}

} // namespace rift
