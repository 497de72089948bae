// The objects behind the public handles, and a registry of the live ones, so that a destroyed or foreign handle
// is refused with a status instead of being dereferenced.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <unordered_set>

#include "library/apps/convolution_plan.h"
#include "library/apps/nfft_plan.h"
#include "library/plan/plan.h"
#include "library/plan/tiered_plan.h"
#include "rift/rift.h"

struct rift_plan_t {
    std::unique_ptr<rift::TieredPlan> plan;
};

struct rift_convolution_t {
    std::unique_ptr<rift::ConvolutionPlan> plan;
};

struct rift_nfft_t {
    std::unique_ptr<rift::NfftPlan> plan;
};

struct rift_plan_description_t {
    rift::LayoutRequest layout;
    rift_work_buffer_owner work_buffer_owner = rift_work_buffer_owner_plan;
    std::optional<rift_kernel_compilation> kernel_compilation; // the environment's default when not set
};

struct rift_execution_info_t {
    void* stream = nullptr;
    void* work_buffer = nullptr;
    size_t work_buffer_bytes = 0;
    rift_executor executor = rift_executor_default;
};

namespace rift {

template <class Handle>
class LiveHandles {
public:
    void add(Handle handle)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        live_.insert(handle);
    }
    bool contains(Handle handle) const
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return live_.count(handle) != 0;
    }
    // True if the handle was live; it no longer is.
    bool remove(Handle handle)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return live_.erase(handle) != 0;
    }

private:
    mutable std::mutex mutex_;
    std::unordered_set<Handle> live_;
};

LiveHandles<rift_plan>& live_plans();
LiveHandles<rift_convolution>& live_convolutions();
LiveHandles<rift_nfft>& live_nffts();
LiveHandles<rift_plan_description>& live_descriptions();
LiveHandles<rift_execution_info>& live_execution_infos();

} // namespace rift
