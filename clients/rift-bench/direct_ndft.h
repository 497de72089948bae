// The direct NDFT on the GPU, f_j = sum_k f^_k exp(-2 pi i k . x_j) summed term by term (one thread per node), the
// baseline rift-bench --nfft --direct measures the NFFT against. The client's own kernel, not rift's.
#pragma once

#include <cstddef>

#include "library/platform/hip_api.h"

namespace rift::bench {

// nodes: M x d reals; coefficients: N_0 x .. x N_(d-1) complex (dimension 0 fastest, k from -floor(N/2));
// values: M complex. Device memory, on `stream`.
void direct_ndft(const void* nodes, const void* coefficients, void* values, const size_t* modes, size_t dimensions,
                 size_t node_count, bool single, hipStream_t stream);

} // namespace rift::bench
