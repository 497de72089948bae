#include "library/core/error.h"

namespace rift {

namespace {
thread_local std::string last_error_message;
}

void set_last_error(std::string message) { last_error_message = std::move(message); }
void clear_last_error() { last_error_message.clear(); }

} // namespace rift

extern "C" const char* rift_get_last_error_message(void) { return rift::last_error_message.c_str(); }

extern "C" const char* rift_status_string(rift_status status)
{
    switch (status) {
    case rift_status_success: return "success";
    case rift_status_null_argument: return "null argument";
    case rift_status_invalid_dimensions: return "invalid dimensions";
    case rift_status_invalid_length: return "invalid length";
    case rift_status_invalid_batch: return "invalid batch";
    case rift_status_invalid_stride: return "invalid stride";
    case rift_status_invalid_array_type: return "invalid array type";
    case rift_status_invalid_scale: return "invalid scale factor";
    case rift_status_overlapping_output: return "overlapping output layout";
    case rift_status_in_place_layout_mismatch: return "in-place layout mismatch";
    case rift_status_invalid_plan: return "invalid plan";
    case rift_status_invalid_description: return "invalid plan description";
    case rift_status_invalid_execution_info: return "invalid execution info";
    case rift_status_invalid_work_buffer: return "invalid work buffer";
    case rift_status_invalid_buffer: return "invalid buffer";
    case rift_status_buffer_too_small: return "buffer too small";
    case rift_status_not_implemented: return "not implemented";
    case rift_status_no_device: return "no device";
    case rift_status_device_error: return "device error";
    case rift_status_out_of_memory: return "out of memory";
    case rift_status_not_initialized: return "not initialized";
    case rift_status_invalid_tolerance: return "invalid tolerance";
    case rift_status_invalid_nodes: return "invalid nodes";
    case rift_status_invalid_offset: return "invalid offset";
    case rift_status_invalid_distance: return "invalid distance";
    }
    return "unknown status";
}
