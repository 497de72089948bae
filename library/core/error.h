// How internal code reports failure: a status plus a message for rift_get_last_error_message. Functions return
// rift_status; `fail` records the message for the calling thread and returns the status, so call sites read
// `return fail(rift_status_invalid_length, "length ", n, " is zero");`.
#pragma once

#include <sstream>
#include <string>

#include "rift/rift.h"

namespace rift {

void set_last_error(std::string message);
void clear_last_error();

template <class... Parts>
rift_status fail(rift_status status, const Parts&... parts)
{
    std::ostringstream message;
    (message << ... << parts);
    set_last_error(message.str());
    return status;
}

// Evaluates a call returning rift_status and returns from the caller on failure.
#define RIFT_RETURN_IF_FAILED(call)                                                                         \
    do {                                                                                                     \
        const rift_status rift_status_value_ = (call);                                                       \
        if (rift_status_value_ != rift_status_success) return rift_status_value_;                            \
    } while (0)

} // namespace rift
