// Checks rift's output against FFTW on the host.
#pragma once

#include <string>

#include "rift-bench/bench_case.h"
#include "rift-bench/host_data.h"

namespace rift::bench {

struct Verification {
    double relative_error = 0; // ||rift - reference|| / ||reference|| (L2, over every output element)
    std::string reference;     // which FFTW computed the reference
};

// Transforms the input (as uploaded) with FFTW, in long double for double precision and in double for single,
// scales it as the case does, and compares it with rift's output (as downloaded). The error is NaN when the
// output holds NaNs, e.g. elements rift never wrote (the output buffer is NaN-filled before the run).
Verification verify_output(const BenchCase& bench_case, const Bytes& input_bytes, const Bytes& output_bytes);

} // namespace rift::bench
