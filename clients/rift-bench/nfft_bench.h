// rift-bench --nfft M: times rift_nfft_set_nodes and both directions of rift_nfft_execute for M nodes and the
// --length coefficients, with the grid's FFT (the same rift plan, standalone) to split the time into the FFT and
// the rest (gridding and correction). --verify checks sampled outputs against the direct sums in double on the
// host; --direct also times the direct NDFT on the GPU.
#pragma once

#include <iosfwd>

#include "rift-bench/options.h"
#include "rift-bench/session.h"

namespace rift::bench {

int run_nfft_bench(const Options& options, const Target& target, std::ostream& out);

} // namespace rift::bench
