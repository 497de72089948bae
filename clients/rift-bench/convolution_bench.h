// rift-bench --convolution K: times rift_convolution_execute against the FFT route it replaces, in one run on the
// same data: forward transforms of the zero-padded signals and filter, a pointwise product, an inverse transform.
#pragma once

#include <iosfwd>

#include "rift-bench/options.h"
#include "rift-bench/session.h"

namespace rift::bench {

// Prints a block for people, or with --csv a header and one line. Returns the exit status.
int run_convolution_bench(const Options& options, const Target& target, std::ostream& out);

} // namespace rift::bench
