// Runs one case: plan, buffers, the optional check against FFTW, rift's timing, the vendor's and the copy
// ceiling.
#pragma once

#include <iosfwd>

#include "rift-bench/options.h"
#include "rift-bench/report.h"
#include "rift-bench/session.h"

namespace rift::bench {

// Throws rift::client::Error on any failure (rift, runtime, vendor planning aside: that only leaves a note).
CaseResult run_case(const Options& options, const Target& target);

// --plan-only: the plan alone; prints its creation time (and the plan with --print-plan). Returns the exit status.
int run_plan_only(const Options& options, std::ostream& out);

} // namespace rift::bench
