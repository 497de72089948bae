// rocFFT's API (include/rocfft) straight on rift's public API. rift's API has rocFFT's shape, so most calls
// translate one to one; what the front decides itself is rocFFT's part of the contract that rift's differs from:
// the layout defaults (rocFFT's distances follow the given strides), the incremental data layout of a
// description, the array-type rules, NULL handles, and the status each refusal maps to. rocFFT has no
// "not implemented" status, so what rift cannot do yet answers rocfft_status_failure with a message.
//
// The front is two files: rocfft_front_descriptions.cpp (descriptions, fields, bricks and rocFFT's layout rules)
// and rocfft_front_plans.cpp (plans, execution and the library calls). This header is what both need: the
// message and refusals, the handle registry, a description's layout, and the layout rules plan creation
// applies. Internal to librift_rocfft (hidden, not installed).
#pragma once

#include <cstddef>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <sstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "rocfft/rocfft.h"

namespace rift::rocfft_front {

// This thread's rift_rocfft_get_last_error_message; defined in rocfft_front_plans.cpp.
extern thread_local std::string last_message;

template <class... Parts>
rocfft_status refuse(rocfft_status status, const Parts&... parts)
{
    std::ostringstream message;
    (message << ... << parts);
    last_message = message.str();
    return status;
}

inline rocfft_status not_implemented(const char* what)
{
    return refuse(rocfft_status_failure, what, " is not implemented in rift's rocFFT front");
}

// Runs an entry point's body with this thread's message cleared, turning anything thrown into a status: nothing
// may throw through the C API.
template <class Body>
rocfft_status guarded(Body body)
{
    last_message.clear();
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return refuse(rocfft_status_failure, "host allocation failed");
    } catch (const std::exception& error) {
        return refuse(rocfft_status_failure, "internal error: ", error.what());
    }
}

#define ROCFFT_FRONT_RETURN_IF_FAILED(call)                                                                   \
    do {                                                                                                     \
        const rocfft_status rocfft_front_status_ = (call);                                                   \
        if (rocfft_front_status_ != rocfft_status_success) return rocfft_front_status_;                      \
    } while (0)

// The live handles of one kind, so that a destroyed or foreign handle is refused with a status instead of being
// dereferenced (rocFFT itself would crash on one).
template <class Object>
class Registry {
public:
    void add(const Object* object)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        live_.insert(object);
    }
    bool contains(const Object* object) const
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return object != nullptr && live_.count(object) != 0;
    }
    bool remove(const Object* object)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return live_.erase(object) != 0;
    }

private:
    mutable std::mutex mutex_;
    std::unordered_set<const Object*> live_;
};

// Registers a new object and hands it out; the registration comes first, so a failed one leaks nothing.
template <class Object>
Object* adopt(Registry<Object>& registry, std::unique_ptr<Object> made)
{
    registry.add(made.get());
    return made.release();
}

// One side (input or output) of a description's data layout as rocFFT keeps it: what set_data_layout gave,
// with empty strides and a zero distance meaning "the default".
struct Side {
    int array_type = rocfft_array_type_unset; // as given: checked at plan creation, as rocFFT does
    size_t offsets[2] = {0, 0};                // the second one for planar data only
    std::vector<size_t> strides;
    size_t distance = 0;
};

bool is_planar(int type);
const char* array_type_name(int type);
const char* transform_type_name(rocfft_transform_type type);

} // namespace rift::rocfft_front

struct rocfft_plan_description_t {
    rift::rocfft_front::Side in, out;
    double scale = 1.0;
    size_t in_fields = 0, out_fields = 0; // fields added; refused at plan creation
};

// rocFFT's layout rules, kept with the descriptions (rocfft_front_descriptions.cpp) and applied by plan creation.
namespace rift::rocfft_front {

rocfft_status check_description(const rocfft_plan_description_t* description);

int default_array_type(rocfft_transform_type type, bool input);

rocfft_status check_array_types(rocfft_transform_type type, rocfft_result_placement placement, int in, int out);

rocfft_status resolve_side(Side& side, const std::vector<size_t>& lengths, bool padded_real, size_t padded_row,
                           const char* which);

rocfft_status in_place_mismatch(const Side& in, const Side& out, bool real_input, bool real_output);

} // namespace rift::rocfft_front
