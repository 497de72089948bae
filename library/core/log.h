// Logging layers, in the spirit of rocFFT's: RIFT_LOG (read at rift_setup) is a comma-separated list of
//   plan    - every plan's tree and kernel chain when it is created,
//   launch  - every kernel launch (or host-executor run) with its shape and buffers,
//   all     - both;
// lines go to stderr, or appended to the file RIFT_LOG_FILE names. Off unless set.
#pragma once

#include <string>

namespace rift {

enum class LogLayer { plan = 1, launch = 2 };

// Reads RIFT_LOG and RIFT_LOG_FILE; called by rift_setup.
void configure_logging_from_environment();
bool logging(LogLayer layer);
// Writes `text` (one or more lines) as one piece, safely from any thread.
void log_text(const std::string& text);

} // namespace rift
