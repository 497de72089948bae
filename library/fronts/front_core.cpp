#include "library/fronts/front_core.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <sstream>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>

#include "rift/rift.h"

namespace rift::front {

namespace {

thread_local std::string last_message;

template <class... Parts>
Status fail(Status status, const Parts&... parts)
{
    std::ostringstream message;
    (message << ... << parts);
    last_message = message.str();
    return status;
}

// Evaluates a call returning Status and returns from the caller on failure.
#define RIFT_FRONT_RETURN_IF_FAILED(call)                                                                    \
    do {                                                                                                     \
        const Status rift_front_status_ = (call);                                                            \
        if (rift_front_status_ != Status::success) return rift_front_status_;                                \
    } while (0)

// Runs an entry point's body with this thread's message cleared, turning anything thrown into a status: nothing
// may throw through the C API.
template <class Body>
Status guarded(Body body)
{
    last_message.clear();
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return fail(Status::alloc_failed, "host allocation failed");
    } catch (const std::exception& error) {
        return fail(Status::internal_error, "internal error: ", error.what());
    }
}

// rift_setup/rift_cleanup around the life of anything that makes rift plans (a handle, a size query).
class RiftSession {
public:
    RiftSession() : status_(rift_setup()) {}
    ~RiftSession()
    {
        if (ok()) (void)rift_cleanup();
    }
    RiftSession(const RiftSession&) = delete;
    RiftSession& operator=(const RiftSession&) = delete;
    bool ok() const { return status_ == rift_status_success; }

private:
    rift_status status_;
};

struct PlanDeleter {
    void operator()(rift_plan plan) const { (void)rift_plan_destroy(plan); }
};
using PlanPointer = std::unique_ptr<std::remove_pointer_t<rift_plan>, PlanDeleter>;

struct DescriptionDeleter {
    void operator()(rift_plan_description description) const { (void)rift_plan_description_destroy(description); }
};
using DescriptionPointer = std::unique_ptr<std::remove_pointer_t<rift_plan_description>, DescriptionDeleter>;

struct ExecutionInfoDeleter {
    void operator()(rift_execution_info info) const { (void)rift_execution_info_destroy(info); }
};
using ExecutionInfoPointer = std::unique_ptr<std::remove_pointer_t<rift_execution_info>, ExecutionInfoDeleter>;

// What rift's refusal of a plan means in the fronts' terms.
Status from_plan_status(rift_status status)
{
    switch (status) {
    case rift_status_success:
        return Status::success;
    case rift_status_invalid_dimensions:
    case rift_status_invalid_length:
    case rift_status_invalid_batch:
        return Status::invalid_size;
    case rift_status_invalid_stride:
    case rift_status_invalid_offset:
    case rift_status_invalid_distance:
    case rift_status_invalid_array_type:
    case rift_status_invalid_scale:
    case rift_status_overlapping_output:
    case rift_status_in_place_layout_mismatch:
        return Status::invalid_value;
    case rift_status_not_implemented:
        return Status::not_implemented;
    case rift_status_out_of_memory:
        return Status::alloc_failed;
    case rift_status_no_device:
    case rift_status_device_error:
    case rift_status_not_initialized:
        return Status::setup_failed;
    default:
        return Status::internal_error;
    }
}

// A refusal that concerns one placement's layout, so the other placement may still make a usable plan.
bool refuses_layout(rift_status status)
{
    switch (status) {
    case rift_status_invalid_stride:
    case rift_status_invalid_offset:
    case rift_status_invalid_distance:
    case rift_status_overlapping_output:
    case rift_status_in_place_layout_mismatch:
    case rift_status_not_implemented:
        return true;
    default:
        return false;
    }
}

Status from_execute_status(rift_status status)
{
    switch (status) {
    case rift_status_success:
        return Status::success;
    case rift_status_invalid_buffer:      // misaligned data
    case rift_status_invalid_work_buffer: // misaligned work area
        return Status::invalid_value;
    case rift_status_out_of_memory:
        return Status::alloc_failed;
    default:
        return Status::exec_failed;
    }
}

const char* placement_name(bool in_place) { return in_place ? "in place" : "out of place"; }

// Index of a plan's direction: 0 forward (and R2C), 1 inverse (and C2R).
constexpr int kForward = 0;
constexpr int kInverse = 1;

// The rift plans of one handle, [in place][direction].
struct MadePlans {
    TransformType type;
    std::array<std::array<PlanPointer, 2>, 2> plans;
    std::array<std::string, 2> refusals; // why a placement has no plans, [in place]
    size_t work_size = 0;
};

// One rift plan of `arguments`; on failure, rift's reason in `why` (read before the description's destruction
// clears it).
rift_status create_rift_plan(const RiftPlanArguments& arguments, int direction, double scale,
                             rift_work_buffer_owner work_buffer_owner, PlanPointer& plan, std::string& why)
{
    rift_plan_description description = nullptr;
    rift_status status = rift_plan_description_create(&description);
    if (status != rift_status_success) {
        why = rift_get_last_error_message();
        return status;
    }
    const DescriptionPointer owned(description);
    const size_t dimensions = arguments.dimensions;
    status = rift_plan_description_set_data_layout(
        description, arguments.in.array_type, arguments.out.array_type, &arguments.in.offset,
        &arguments.out.offset, dimensions, arguments.in.strides.data(), arguments.in.distance, dimensions,
        arguments.out.strides.data(), arguments.out.distance);
    if (status == rift_status_success) status = rift_plan_description_set_scale_factor(description, scale);
    if (status == rift_status_success)
        status = rift_plan_description_set_work_buffer_owner(description, work_buffer_owner);
    if (status == rift_status_success) {
        rift_transform_type type = rift_transform_type_complex_forward;
        switch (arguments.type.kind) {
        case TransformKind::complex:
            type = direction == kForward ? rift_transform_type_complex_forward : rift_transform_type_complex_inverse;
            break;
        case TransformKind::real_forward:
            type = rift_transform_type_real_forward;
            break;
        case TransformKind::real_inverse:
            type = rift_transform_type_real_inverse;
            break;
        }
        rift_plan made = nullptr;
        status = rift_plan_create(&made, arguments.placement, type, arguments.type.precision, dimensions,
                                  arguments.lengths.data(), arguments.batch, description);
        plan.reset(made);
    }
    if (status != rift_status_success) why = rift_get_last_error_message();
    return status;
}

// The rift plans for `request`: every direction the type may run, for each placement rift accepts. Plans of
// `rift_work_buffer_owner_caller` allocate no work buffer (the caller's work area, or none for a size query).
Status make_plans(const ManyRequest& request, double scale, rift_work_buffer_owner work_buffer_owner,
                  MadePlans& made)
{
    made.type = request.type;
    const bool complex = request.type.kind == TransformKind::complex;
    std::array<rift_status, 2> refused{rift_status_success, rift_status_success};
    for (const bool in_place : {false, true}) {
        const Translation translation =
            translate(request, in_place ? rift_placement_inplace : rift_placement_notinplace);
        // The checks do not depend on the placement, so a refusal here refuses the request.
        if (translation.status != Status::success) return fail(translation.status, translation.message);
        auto& plans = made.plans[in_place];
        const int natural = request.type.kind == TransformKind::real_inverse ? kInverse : kForward;
        for (const int direction : {kForward, kInverse}) {
            if (!complex && direction != natural) continue;
            std::string why;
            const rift_status status =
                create_rift_plan(translation.arguments, direction, scale, work_buffer_owner, plans[direction], why);
            if (status == rift_status_success) continue;
            if (!refuses_layout(status))
                return fail(from_plan_status(status), "rift could not make the plan (", placement_name(in_place),
                            "): ", rift_status_string(status), ": ", why);
            refused[in_place] = status;
            made.refusals[in_place] = std::string(rift_status_string(status)) + ": " + why;
            plans[kForward].reset();
            plans[kInverse].reset();
            break;
        }
    }
    if (refused[false] != rift_status_success && refused[true] != rift_status_success)
        return fail(from_plan_status(refused[false]), "rift refused the plan: ", made.refusals[false],
                    " (in place: ", made.refusals[true], ")");
    for (const auto& placement : made.plans) {
        for (const PlanPointer& plan : placement) {
            if (!plan) continue;
            size_t bytes = 0;
            const rift_status status = rift_plan_get_work_buffer_size(plan.get(), &bytes);
            if (status != rift_status_success)
                return fail(Status::internal_error, "rift_plan_get_work_buffer_size failed: ",
                            rift_get_last_error_message());
            made.work_size = std::max(made.work_size, bytes);
        }
    }
    return Status::success;
}

struct Handle {
    std::mutex mutex; // one call on the handle at a time: cuFFT's handles are not for concurrent use either
    RiftSession session;
    ExecutionInfoPointer info; // the stream and work area of every execution
    double scale = 1.0;
    bool auto_allocate = true;
    void* work_area = nullptr;
    bool made = false;
    bool made_with_auto_allocation = true;
    MadePlans plans;
};

// Hands rift the caller's work area, when there is one and the plans use one; rift's own otherwise.
Status apply_work_area(Handle& handle)
{
    const bool use = handle.made && handle.work_area != nullptr && handle.plans.work_size > 0;
    const rift_status status = rift_execution_info_set_work_buffer(
        handle.info.get(), use ? handle.work_area : nullptr, use ? handle.plans.work_size : 0);
    if (status != rift_status_success)
        return fail(Status::internal_error, "rift_execution_info_set_work_buffer failed: ",
                    rift_get_last_error_message());
    return Status::success;
}

class HandleTable {
public:
    // Writes the handle's number to `id` once the handle is in the table.
    Status add(std::shared_ptr<Handle> handle, HandleId& id)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        // Numbers are never reused, so a stale handle can never reach a newer plan.
        if (next_ == INT_MAX) return fail(Status::alloc_failed, "all 2^31 - 1 plan handles have been used");
        handles_.emplace(next_, std::move(handle));
        id = next_++;
        return Status::success;
    }
    std::shared_ptr<Handle> find(HandleId id) const
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        const auto found = handles_.find(id);
        return found != handles_.end() ? found->second : nullptr;
    }
    std::shared_ptr<Handle> remove(HandleId id)
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        const auto found = handles_.find(id);
        if (found == handles_.end()) return nullptr;
        std::shared_ptr<Handle> removed = std::move(found->second);
        handles_.erase(found);
        return removed;
    }

private:
    mutable std::mutex mutex_;
    std::unordered_map<HandleId, std::shared_ptr<Handle>> handles_;
    HandleId next_ = 1; // 0 stays invalid: hipFFT's pointer handles carry the number, and 0 is NULL
};

// Never destroyed: handles still live at exit would otherwise destroy their plans after rift's own statics.
HandleTable& handles()
{
    static HandleTable* const table = new HandleTable;
    return *table;
}

Status find_handle(HandleId id, std::shared_ptr<Handle>& handle)
{
    handle = handles().find(id);
    if (!handle) return fail(Status::invalid_plan, "plan handle ", id, " is not a live handle");
    return Status::success;
}

// A new handle, not yet in the table.
Status new_handle(std::shared_ptr<Handle>& handle)
{
    auto made = std::make_shared<Handle>();
    if (!made->session.ok()) return fail(Status::setup_failed, "rift_setup failed: ", rift_get_last_error_message());
    rift_execution_info info = nullptr;
    const rift_status status = rift_execution_info_create(&info);
    if (status != rift_status_success)
        return fail(status == rift_status_out_of_memory ? Status::alloc_failed : Status::internal_error,
                    "rift_execution_info_create failed: ", rift_get_last_error_message());
    made->info.reset(info);
    handle = std::move(made);
    return Status::success;
}

Status make_on(Handle& handle, HandleId id, const ManyRequest& request, size_t* work_size)
{
    const std::lock_guard<std::mutex> lock(handle.mutex);
    if (handle.made)
        return fail(Status::invalid_plan, "plan handle ", id,
                    " already has a plan; destroy it and make the next plan on a new handle");
    MadePlans plans;
    const Status status = make_plans(
        request, handle.scale, handle.auto_allocate ? rift_work_buffer_owner_plan : rift_work_buffer_owner_caller,
        plans);
    if (status != Status::success) return status;
    handle.plans = std::move(plans);
    handle.made = true;
    handle.made_with_auto_allocation = handle.auto_allocate;
    if (work_size != nullptr) *work_size = handle.plans.work_size;
    return apply_work_area(handle);
}

// The size query's temporary plans live in a session of their own: a size may be asked before any handle.
Status work_size_of(const ManyRequest& request, size_t* work_size)
{
    if (work_size == nullptr) return fail(Status::invalid_value, "workSize is NULL");
    const RiftSession session;
    if (!session.ok()) return fail(Status::setup_failed, "rift_setup failed: ", rift_get_last_error_message());
    MadePlans plans;
    const Status status = make_plans(request, 1.0, rift_work_buffer_owner_caller, plans);
    if (status != Status::success) return status;
    *work_size = plans.work_size;
    return Status::success;
}

enum class Width { half, bfloat16, single, double_ };

} // namespace

const char* to_string(Status status)
{
    switch (status) {
    case Status::success: return "success";
    case Status::invalid_plan: return "invalid plan";
    case Status::alloc_failed: return "allocation failed";
    case Status::invalid_type: return "invalid type";
    case Status::invalid_value: return "invalid value";
    case Status::internal_error: return "internal error";
    case Status::exec_failed: return "execution failed";
    case Status::setup_failed: return "setup failed";
    case Status::invalid_size: return "invalid size";
    case Status::no_workspace: return "no work area";
    case Status::not_implemented: return "not implemented";
    }
    return "unknown status";
}

const char* type_name(TransformType type)
{
    const bool single = type.precision == rift_precision_single;
    switch (type.kind) {
    case TransformKind::complex: return single ? "C2C" : "Z2Z";
    case TransformKind::real_forward: return single ? "R2C" : "D2Z";
    case TransformKind::real_inverse: return single ? "C2R" : "Z2D";
    }
    return "unknown";
}

Status transform_type_from_data_types(DataType input, DataType output, DataType execution, TransformType& type)
{
    return guarded([&] {
        struct Element {
            bool complex;
            Width width;
        };
        const auto element = [](DataType data, Element& described) {
            switch (data) {
            case DataType::real_half: described = {false, Width::half}; return true;
            case DataType::complex_half: described = {true, Width::half}; return true;
            case DataType::real_bfloat16: described = {false, Width::bfloat16}; return true;
            case DataType::complex_bfloat16: described = {true, Width::bfloat16}; return true;
            case DataType::real_single: described = {false, Width::single}; return true;
            case DataType::complex_single: described = {true, Width::single}; return true;
            case DataType::real_double: described = {false, Width::double_}; return true;
            case DataType::complex_double: described = {true, Width::double_}; return true;
            case DataType::other: return false;
            }
            return false;
        };
        Element in{}, out{}, exec{};
        if (!element(input, in) || !element(output, out) || !element(execution, exec))
            return fail(Status::invalid_type, "a data type is not one a transform can take");
        if (in.width != out.width || in.width != exec.width)
            return fail(Status::invalid_value, "input, output and execution types differ in precision");
        if (!exec.complex) return fail(Status::invalid_value, "the execution type must be complex");
        if (!in.complex && !out.complex)
            return fail(Status::invalid_value, "real input needs complex output (R2C)");
        if (in.width == Width::half || in.width == Width::bfloat16)
            return fail(Status::not_implemented, "half and bfloat16 transforms are not implemented by rift");
        type.precision = in.width == Width::single ? rift_precision_single : rift_precision_double;
        type.kind = !in.complex ? TransformKind::real_forward
                                : (!out.complex ? TransformKind::real_inverse : TransformKind::complex);
        return Status::success;
    });
}

Status create(HandleId* handle)
{
    return guarded([&] {
        if (handle == nullptr) return fail(Status::invalid_value, "the handle pointer is NULL");
        std::shared_ptr<Handle> made;
        RIFT_FRONT_RETURN_IF_FAILED(new_handle(made));
        return handles().add(std::move(made), *handle);
    });
}

Status create_and_make_plan(HandleId* handle, const ManyRequest& request)
{
    return guarded([&] {
        if (handle == nullptr) return fail(Status::invalid_value, "the handle pointer is NULL");
        // Made before it enters the table, so no other thread ever sees the handle without its plan.
        std::shared_ptr<Handle> made;
        RIFT_FRONT_RETURN_IF_FAILED(new_handle(made));
        RIFT_FRONT_RETURN_IF_FAILED(make_on(*made, 0, request, nullptr));
        return handles().add(std::move(made), *handle);
    });
}

Status destroy(HandleId id)
{
    return guarded([&] {
        std::shared_ptr<Handle> handle = handles().remove(id);
        if (!handle) return fail(Status::invalid_plan, "plan handle ", id, " is not a live handle");
        // An execution still running in another thread holds its own reference; the plans go with the last one.
        const std::lock_guard<std::mutex> lock(handle->mutex);
        return Status::success;
    });
}

Status set_scale_factor(HandleId id, double scale)
{
    return guarded([&] {
        std::shared_ptr<Handle> handle;
        RIFT_FRONT_RETURN_IF_FAILED(find_handle(id, handle));
        const std::lock_guard<std::mutex> lock(handle->mutex);
        if (!std::isfinite(scale)) return fail(Status::invalid_value, "scale factor ", scale, " is not finite");
        if (handle->made)
            return fail(Status::invalid_plan, "plan handle ", id,
                        " already has a plan: set the scale factor between create and make-plan");
        handle->scale = scale;
        return Status::success;
    });
}

Status make_plan(HandleId id, const ManyRequest& request, size_t* work_size)
{
    return guarded([&] {
        std::shared_ptr<Handle> handle;
        RIFT_FRONT_RETURN_IF_FAILED(find_handle(id, handle));
        return make_on(*handle, id, request, work_size);
    });
}

Status get_size_for(HandleId id, const ManyRequest& request, size_t* work_size)
{
    return guarded([&] {
        std::shared_ptr<Handle> handle;
        RIFT_FRONT_RETURN_IF_FAILED(find_handle(id, handle));
        return work_size_of(request, work_size);
    });
}

Status estimate(const ManyRequest& request, size_t* work_size)
{
    return guarded([&] { return work_size_of(request, work_size); });
}

Status get_size(HandleId id, size_t* work_size)
{
    return guarded([&] {
        std::shared_ptr<Handle> handle;
        RIFT_FRONT_RETURN_IF_FAILED(find_handle(id, handle));
        if (work_size == nullptr) return fail(Status::invalid_value, "workSize is NULL");
        const std::lock_guard<std::mutex> lock(handle->mutex);
        if (!handle->made) return fail(Status::invalid_plan, "plan handle ", id, " has no plan yet");
        *work_size = handle->plans.work_size;
        return Status::success;
    });
}

Status set_auto_allocation(HandleId id, bool auto_allocate)
{
    return guarded([&] {
        std::shared_ptr<Handle> handle;
        RIFT_FRONT_RETURN_IF_FAILED(find_handle(id, handle));
        const std::lock_guard<std::mutex> lock(handle->mutex);
        handle->auto_allocate = auto_allocate;
        return Status::success;
    });
}

Status set_work_area(HandleId id, void* work_area)
{
    return guarded([&] {
        std::shared_ptr<Handle> handle;
        RIFT_FRONT_RETURN_IF_FAILED(find_handle(id, handle));
        const std::lock_guard<std::mutex> lock(handle->mutex);
        handle->work_area = work_area;
        return apply_work_area(*handle);
    });
}

Status set_stream(HandleId id, void* stream)
{
    return guarded([&] {
        std::shared_ptr<Handle> handle;
        RIFT_FRONT_RETURN_IF_FAILED(find_handle(id, handle));
        const std::lock_guard<std::mutex> lock(handle->mutex);
        if (rift_execution_info_set_stream(handle->info.get(), stream) != rift_status_success)
            return fail(Status::internal_error, "rift_execution_info_set_stream failed: ",
                        rift_get_last_error_message());
        return Status::success;
    });
}

Status execute(HandleId id, const TransformType* expected, void* input, void* output, Direction direction)
{
    return guarded([&] {
        std::shared_ptr<Handle> handle;
        RIFT_FRONT_RETURN_IF_FAILED(find_handle(id, handle));
        const std::lock_guard<std::mutex> lock(handle->mutex);
        if (!handle->made) return fail(Status::invalid_plan, "plan handle ", id, " has no plan yet");
        const MadePlans& plans = handle->plans;
        if (expected != nullptr && *expected != plans.type)
            return fail(Status::invalid_plan, "plan handle ", id, " is of type ", type_name(plans.type),
                        "; this exec call runs ", type_name(*expected), " plans");
        if (input == nullptr || output == nullptr)
            return fail(Status::invalid_value, input == nullptr ? "idata" : "odata", " is NULL");
        int index = plans.type.kind == TransformKind::real_inverse ? kInverse : kForward;
        if (plans.type.kind == TransformKind::complex) {
            if (direction != Direction::forward && direction != Direction::inverse)
                return fail(Status::invalid_value, "the direction must be forward (-1) or inverse (+1)");
            index = direction == Direction::forward ? kForward : kInverse;
        }
        if (!handle->made_with_auto_allocation && plans.work_size > 0 && handle->work_area == nullptr)
            return fail(Status::no_workspace, "plan handle ", id, " was made without auto-allocation and needs a ",
                        plans.work_size, "-byte work area: set one with SetWorkArea before executing");
        const bool in_place = input == output;
        const PlanPointer& plan = plans.plans[in_place][index];
        if (!plan)
            return fail(Status::invalid_value, "plan handle ", id, " cannot run ", placement_name(in_place),
                        ": rift refused that layout (", plans.refusals[in_place], ")");
        void* in_buffers[] = {input};
        void* out_buffers[] = {output};
        const rift_status status = rift_execute(plan.get(), in_buffers, out_buffers, handle->info.get());
        if (status != rift_status_success)
            return fail(from_execute_status(status), "rift_execute failed: ", rift_status_string(status), ": ",
                        rift_get_last_error_message());
        return Status::success;
    });
}

Status not_implemented(const char* what)
{
    last_message.clear();
    return fail(Status::not_implemented, what, " is not implemented by rift");
}

Status refuse(Status status, const std::string& message) { return fail(status, message); }

Status succeed()
{
    last_message.clear();
    return Status::success;
}

const char* last_error_message() { return last_message.c_str(); }

} // namespace rift::front
