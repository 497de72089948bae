// Launches that make plan-time tables on the current device (kernels/bluestein_tables.h). They run on the
// default stream; the caller waits for it before a plan may read the table on a stream of the user's.
#pragma once

#include <cstdint>

#include "rift/rift.h"

namespace rift {

// Bluestein's padded filter of `padded_length` double entries from the N = `length` double chirp values.
rift_status launch_bluestein_filter(const void* chirp, uint64_t length, uint64_t padded_length, void* filter);

// `count` double entries rounded to single precision.
rift_status launch_round_to_single(const void* entries, uint64_t count, void* table);

} // namespace rift
