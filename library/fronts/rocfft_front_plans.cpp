// rift's rocFFT front (rocfft_front_internal.h says what it decides): plans, made from a description's layout
// under rocFFT's rules (rocfft_front_descriptions.cpp), their execution, and the library calls (setup, cleanup,
// version, the kernel cache, the last error message).
#include <atomic>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "library/fronts/rocfft_front_internal.h"
#include "rift/rift.h"
#include "rocfft/rift_rocfft.h"
#include "rocfft/rocfft-version.h"
#include "rocfft/rocfft.h"

namespace rift::rocfft_front {

thread_local std::string last_message;

namespace {

// rift's statuses as rocFFT's nearest ones. Layout refusals name the part of the layout that is wrong (an
// in-place mismatch is refined by the caller, which knows the layouts); everything rocFFT has no name for
// (devices, memory, what is not implemented) is a failure.
rocfft_status to_rocfft(rift_status status)
{
    switch (status) {
    case rift_status_success: return rocfft_status_success;
    case rift_status_invalid_dimensions: return rocfft_status_invalid_dimensions;
    case rift_status_invalid_array_type: return rocfft_status_invalid_array_type;
    case rift_status_invalid_stride:
    case rift_status_overlapping_output:
    case rift_status_in_place_layout_mismatch: return rocfft_status_invalid_strides;
    case rift_status_invalid_distance: return rocfft_status_invalid_distance;
    case rift_status_invalid_offset: return rocfft_status_invalid_offset;
    case rift_status_invalid_work_buffer: return rocfft_status_invalid_work_buffer;
    case rift_status_null_argument:
    case rift_status_invalid_length:
    case rift_status_invalid_batch:
    case rift_status_invalid_scale:
    case rift_status_invalid_description:
    case rift_status_invalid_execution_info:
    case rift_status_invalid_buffer: return rocfft_status_invalid_arg_value;
    default: return rocfft_status_failure;
    }
}

// A rift call's outcome as the front's: its status mapped and, on failure, rift's reason as the message.
rocfft_status from_rift(rift_status status, const char* call)
{
    if (status == rift_status_success) return rocfft_status_success;
    return refuse(to_rocfft(status), call, " failed: ", rift_get_last_error_message());
}

// rift_setup/rift_cleanup around the life of a plan, so that plans work whether or not the application called
// rocfft_setup (and outlive its rocfft_cleanup).
class RiftSession {
public:
    RiftSession() : ok_(rift_setup() == rift_status_success) {}
    ~RiftSession()
    {
        if (ok_) (void)rift_cleanup();
    }
    RiftSession(const RiftSession&) = delete;
    RiftSession& operator=(const RiftSession&) = delete;
    bool ok() const { return ok_; }

private:
    bool ok_;
};

} // namespace
} // namespace rift::rocfft_front

namespace rf = rift::rocfft_front;

struct rocfft_execution_info_t {
    rift_execution_info info = nullptr;
    ~rocfft_execution_info_t()
    {
        if (info != nullptr) (void)rift_execution_info_destroy(info);
    }
};

// A plan keeps what it was made of, resolved (array types and layouts filled in), for rocfft_plan_get_print.
struct rocfft_plan_t {
    rf::RiftSession session;
    rift_plan plan = nullptr;
    rocfft_result_placement placement = rocfft_placement_notinplace;
    rocfft_transform_type type = rocfft_transform_type_complex_forward;
    rocfft_precision precision = rocfft_precision_single;
    std::vector<size_t> lengths;
    size_t batch = 0;
    rf::Side in, out;
    double scale = 1.0;
    ~rocfft_plan_t()
    {
        if (plan != nullptr) (void)rift_plan_destroy(plan);
    }
};

namespace rift::rocfft_front {
namespace {

Registry<rocfft_plan_t>& plans()
{
    static Registry<rocfft_plan_t> registry;
    return registry;
}
Registry<rocfft_execution_info_t>& infos()
{
    static Registry<rocfft_execution_info_t> registry;
    return registry;
}

// rocfft_setup calls not yet matched by rocfft_cleanup: a cleanup beyond them succeeds and does nothing, as
// rocFFT's does.
std::atomic<int> setups{0};

rocfft_status check_info(const rocfft_execution_info_t* info)
{
    if (info == nullptr) return refuse(rocfft_status_invalid_arg_value, "execution info is NULL");
    if (!infos().contains(info))
        return refuse(rocfft_status_invalid_arg_value, "execution info was destroyed or never created");
    return rocfft_status_success;
}

// rocFFT answers a failure for a NULL plan (rocfft_execute, rocfft_plan_get_work_buffer_size).
rocfft_status check_plan(const rocfft_plan_t* plan)
{
    if (plan == nullptr) return refuse(rocfft_status_failure, "plan is NULL");
    if (!plans().contains(plan)) return refuse(rocfft_status_failure, "plan was destroyed or never created");
    return rocfft_status_success;
}

rift_array_type to_rift(int type)
{
    switch (type) {
    case rocfft_array_type_real: return rift_array_type_real;
    case rocfft_array_type_hermitian_interleaved: return rift_array_type_hermitian_interleaved;
    default: return rift_array_type_complex_interleaved;
    }
}

// Owns a rift plan description for the length of plan creation.
struct RiftDescription {
    rift_plan_description handle = nullptr;
    ~RiftDescription()
    {
        if (handle != nullptr) (void)rift_plan_description_destroy(handle);
    }
};

rocfft_status create_plan(rocfft_plan* plan, rocfft_result_placement placement, rocfft_transform_type type,
                          rocfft_precision precision, size_t dimensions, const size_t* lengths, size_t batch,
                          const rocfft_plan_description_t* description)
{
    if (plan == nullptr) return refuse(rocfft_status_invalid_arg_value, "plan is NULL");
    *plan = nullptr;
    if (dimensions < 1 || dimensions > 3)
        return refuse(rocfft_status_invalid_dimensions, "dimensions is ", dimensions, "; rocFFT takes 1 to 3");
    if (lengths == nullptr) return refuse(rocfft_status_invalid_arg_value, "lengths is NULL");
    if (placement != rocfft_placement_inplace && placement != rocfft_placement_notinplace)
        return refuse(rocfft_status_invalid_arg_value, "placement ", int(placement),
                      " is not a rocfft_result_placement");
    if (int(type) < rocfft_transform_type_complex_forward || int(type) > rocfft_transform_type_real_inverse)
        return refuse(rocfft_status_invalid_arg_value, "transform type ", int(type),
                      " is not a rocfft_transform_type");
    if (int(precision) < rocfft_precision_single || int(precision) > rocfft_precision_half)
        return refuse(rocfft_status_invalid_arg_value, "precision ", int(precision), " is not a rocfft_precision");
    for (size_t d = 0; d < dimensions; ++d)
        if (lengths[d] == 0) return refuse(rocfft_status_invalid_arg_value, "length ", d, " is zero");
    if (batch == 0) return refuse(rocfft_status_invalid_arg_value, "number_of_transforms is zero");
    if (description != nullptr) ROCFFT_FRONT_RETURN_IF_FAILED(check_description(description));

    auto made = std::make_unique<rocfft_plan_t>();
    made->placement = placement;
    made->type = type;
    made->precision = precision;
    made->lengths.assign(lengths, lengths + dimensions);
    made->batch = batch;
    if (description != nullptr) {
        if (description->in_fields != 0 || description->out_fields != 0)
            return not_implemented("a plan description with fields (data distributed over bricks)");
        made->in = description->in;
        made->out = description->out;
        made->scale = description->scale;
    }
    Side& in = made->in;
    Side& out = made->out;
    if (in.array_type == rocfft_array_type_unset) in.array_type = default_array_type(type, true);
    if (out.array_type == rocfft_array_type_unset) out.array_type = default_array_type(type, false);
    ROCFFT_FRONT_RETURN_IF_FAILED(check_array_types(type, placement, in.array_type, out.array_type));
    if (is_planar(in.array_type) || is_planar(out.array_type))
        return not_implemented("planar data (complex_planar, hermitian_planar)");
    if (precision == rocfft_precision_half) return not_implemented("half precision");

    const bool real_input = type == rocfft_transform_type_real_forward;
    const bool real_output = type == rocfft_transform_type_real_inverse;
    const bool in_place = placement == rocfft_placement_inplace;
    std::vector<size_t> hermitian = made->lengths;
    hermitian[0] = hermitian[0] / 2 + 1;
    const size_t padded_row = 2 * hermitian[0];
    ROCFFT_FRONT_RETURN_IF_FAILED(resolve_side(in, real_output ? hermitian : made->lengths, real_input && in_place,
                                               padded_row, "input"));
    ROCFFT_FRONT_RETURN_IF_FAILED(resolve_side(out, real_input ? hermitian : made->lengths,
                                               real_output && in_place, padded_row, "output"));

    if (!made->session.ok()) return from_rift(rift_status_not_initialized, "rift_setup");
    RiftDescription layout;
    ROCFFT_FRONT_RETURN_IF_FAILED(
        from_rift(rift_plan_description_create(&layout.handle), "rift_plan_description_create"));
    ROCFFT_FRONT_RETURN_IF_FAILED(from_rift(
        rift_plan_description_set_data_layout(layout.handle, to_rift(in.array_type), to_rift(out.array_type),
                                              in.offsets, out.offsets, dimensions, in.strides.data(), in.distance,
                                              dimensions, out.strides.data(), out.distance),
        "rift_plan_description_set_data_layout"));
    ROCFFT_FRONT_RETURN_IF_FAILED(
        from_rift(rift_plan_description_set_scale_factor(layout.handle, made->scale),
                  "rift_plan_description_set_scale_factor"));
    const rift_transform_type rift_type = static_cast<rift_transform_type>(type); // the same four, in order
    const rift_precision rift_precision_value =
        precision == rocfft_precision_single ? rift_precision_single : rift_precision_double;
    const rift_status created =
        rift_plan_create(&made->plan, in_place ? rift_placement_inplace : rift_placement_notinplace, rift_type,
                         rift_precision_value, dimensions, lengths, batch, layout.handle);
    if (created == rift_status_in_place_layout_mismatch)
        return refuse(in_place_mismatch(in, out, real_input, real_output), "rift_plan_create failed: ",
                      rift_get_last_error_message());
    ROCFFT_FRONT_RETURN_IF_FAILED(from_rift(created, "rift_plan_create"));
    *plan = adopt(plans(), std::move(made));
    return rocfft_status_success;
}

// Clearing a callback (no function) succeeds, as there is none to clear; setting one is not implemented.
rocfft_status set_callback(rocfft_execution_info info, void** functions, size_t shared_mem_bytes, const char* what)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_info(info));
        if (shared_mem_bytes != 0)
            return refuse(rocfft_status_invalid_arg_value, "callbacks take no shared memory (shared_mem_bytes ",
                          shared_mem_bytes, ")");
        if (functions == nullptr || functions[0] == nullptr) return rocfft_status_success;
        return not_implemented(what);
    });
}

void print_side(std::ostringstream& text, const char* which, const Side& side)
{
    text << which << ": " << array_type_name(side.array_type) << ", offset " << side.offsets[0] << ", strides";
    for (size_t stride : side.strides) text << ' ' << stride;
    text << ", distance " << side.distance << '\n';
}

} // namespace
} // namespace rift::rocfft_front

using namespace rift::rocfft_front;

extern "C" {

rocfft_status rocfft_setup(void)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(from_rift(rift_setup(), "rift_setup"));
        ++setups;
        return rocfft_status_success;
    });
}

rocfft_status rocfft_cleanup(void)
{
    return guarded([&] {
        int count = setups.load();
        while (count > 0 && !setups.compare_exchange_weak(count, count - 1)) {
        }
        if (count > 0) return from_rift(rift_cleanup(), "rift_cleanup");
        return rocfft_status_success;
    });
}

rocfft_status rocfft_get_version_string(char* buf, size_t len)
{
    return guarded([&] {
        if (buf == nullptr) return refuse(rocfft_status_failure, "buf is NULL");
        char rift_version[32] = {};
        ROCFFT_FRONT_RETURN_IF_FAILED(
            from_rift(rift_get_version_string(rift_version, sizeof rift_version), "rift_get_version_string"));
        char text[64];
        const int needed = std::snprintf(text, sizeof text, "%d.%d.%d-rift-%s", rocfft_version_major,
                                         rocfft_version_minor, rocfft_version_patch, rift_version);
        if (needed < 0 || size_t(needed) >= sizeof text)
            return refuse(rocfft_status_failure, "the version string does not fit");
        if (len < size_t(needed) + 1)
            return refuse(rocfft_status_invalid_arg_value, "the version string needs ", needed + 1, " bytes, len is ",
                          len);
        std::memcpy(buf, text, size_t(needed) + 1);
        return rocfft_status_success;
    });
}

rocfft_status rocfft_plan_create(rocfft_plan* plan, const rocfft_result_placement placement,
                                 const rocfft_transform_type transform_type, const rocfft_precision precision,
                                 const size_t dimensions, const size_t* lengths, const size_t number_of_transforms,
                                 const rocfft_plan_description description)
{
    return guarded([&] {
        return create_plan(plan, placement, transform_type, precision, dimensions, lengths, number_of_transforms,
                           description);
    });
}

rocfft_status rocfft_plan_destroy(rocfft_plan plan)
{
    return guarded([&] {
        if (plan == nullptr) return rocfft_status_success; // as rocFFT, and after a failed rocfft_plan_create
        if (!plans().remove(plan))
            return refuse(rocfft_status_invalid_arg_value, "plan was destroyed or never created");
        delete plan;
        return rocfft_status_success;
    });
}

rocfft_status rocfft_plan_get_work_buffer_size(const rocfft_plan plan, size_t* size_in_bytes)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_plan(plan));
        if (size_in_bytes == nullptr) return refuse(rocfft_status_invalid_arg_value, "size_in_bytes is NULL");
        return from_rift(rift_plan_get_work_buffer_size(plan->plan, size_in_bytes), "rift_plan_get_work_buffer_size");
    });
}

rocfft_status rocfft_plan_get_print(const rocfft_plan plan)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_plan(plan));
        std::ostringstream text;
        text << "rocFFT plan on rift\n"
             << "precision: " << (plan->precision == rocfft_precision_single ? "single" : "double") << '\n'
             << "transform type: " << transform_type_name(plan->type) << '\n'
             << "placement: " << (plan->placement == rocfft_placement_inplace ? "in place" : "not in place")
             << '\n'
             << "lengths:";
        for (size_t length : plan->lengths) text << ' ' << length;
        text << "\nbatch: " << plan->batch << '\n';
        print_side(text, "input", plan->in);
        print_side(text, "output", plan->out);
        text << "scale: " << plan->scale << '\n';
        std::fputs(text.str().c_str(), stdout);
        return from_rift(rift_plan_print(plan->plan), "rift_plan_print");
    });
}

rocfft_status rocfft_execution_info_create(rocfft_execution_info* info)
{
    return guarded([&] {
        if (info == nullptr) return refuse(rocfft_status_invalid_arg_value, "info is NULL");
        auto made = std::make_unique<rocfft_execution_info_t>();
        ROCFFT_FRONT_RETURN_IF_FAILED(from_rift(rift_execution_info_create(&made->info), "rift_execution_info_create"));
        *info = adopt(infos(), std::move(made));
        return rocfft_status_success;
    });
}

rocfft_status rocfft_execution_info_destroy(rocfft_execution_info info)
{
    return guarded([&] {
        if (info == nullptr) return rocfft_status_success;
        if (!infos().remove(info))
            return refuse(rocfft_status_invalid_arg_value, "execution info was destroyed or never created");
        delete info;
        return rocfft_status_success;
    });
}

rocfft_status rocfft_execution_info_set_work_buffer(rocfft_execution_info info, void* work_buffer,
                                                    const size_t size_in_bytes)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_info(info));
        if (work_buffer == nullptr) return refuse(rocfft_status_invalid_work_buffer, "work buffer is NULL");
        return from_rift(rift_execution_info_set_work_buffer(info->info, work_buffer, size_in_bytes),
                         "rift_execution_info_set_work_buffer");
    });
}

rocfft_status rocfft_execution_info_set_stream(rocfft_execution_info info, void* stream)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_info(info));
        return from_rift(rift_execution_info_set_stream(info->info, stream), "rift_execution_info_set_stream");
    });
}

rocfft_status rocfft_execution_info_set_load_callback(rocfft_execution_info info, void** cb_functions,
                                                      void** /*cb_data*/, size_t shared_mem_bytes)
{
    return set_callback(info, cb_functions, shared_mem_bytes, "a load callback");
}

rocfft_status rocfft_execution_info_set_store_callback(rocfft_execution_info info, void** cb_functions,
                                                       void** /*cb_data*/, size_t shared_mem_bytes)
{
    return set_callback(info, cb_functions, shared_mem_bytes, "a store callback");
}

rocfft_status rocfft_execute(const rocfft_plan plan, void* in_buffer[], void* out_buffer[],
                             rocfft_execution_info info)
{
    return guarded([&] {
        ROCFFT_FRONT_RETURN_IF_FAILED(check_plan(plan));
        if (info != nullptr) ROCFFT_FRONT_RETURN_IF_FAILED(check_info(info));
        if (in_buffer == nullptr || in_buffer[0] == nullptr)
            return refuse(rocfft_status_invalid_arg_value, "input buffer is NULL");
        const bool in_place = plan->placement == rocfft_placement_inplace;
        if (!in_place && (out_buffer == nullptr || out_buffer[0] == nullptr))
            return refuse(rocfft_status_invalid_arg_value, "output buffer is NULL for a not in-place plan");
        return from_rift(rift_execute(plan->plan, in_buffer, in_place ? nullptr : out_buffer,
                                      info != nullptr ? info->info : nullptr),
                         "rift_execute");
    });
}

// rift keeps no serializable cache of compiled kernels (its run-time kernels are cached by the GPU runtime).
rocfft_status rocfft_cache_serialize(void** buffer, size_t* buffer_len_bytes)
{
    return guarded([&] {
        if (buffer == nullptr || buffer_len_bytes == nullptr)
            return refuse(rocfft_status_invalid_arg_value, "buffer or buffer_len_bytes is NULL");
        return not_implemented("serializing the kernel cache");
    });
}

rocfft_status rocfft_cache_buffer_free(void* buffer)
{
    return guarded([&] {
        if (buffer == nullptr) return rocfft_status_success;
        return refuse(rocfft_status_invalid_arg_value, "not a buffer rocfft_cache_serialize returned");
    });
}

rocfft_status rocfft_cache_deserialize(const void* buffer, size_t buffer_len_bytes)
{
    return guarded([&] {
        if (buffer == nullptr || buffer_len_bytes == 0)
            return refuse(rocfft_status_invalid_arg_value, "buffer is NULL or empty");
        return not_implemented("deserializing a kernel cache");
    });
}

const char* rift_rocfft_get_last_error_message(void) { return last_message.c_str(); }

} // extern "C"
