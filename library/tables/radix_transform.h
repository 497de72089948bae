// A DFT in double on the host by given Stockham passes: plan-time spectra of convolutions whose kernels run
// those passes, without planning (or running) a transform of their own.
#pragma once

#include <cstdint>
#include <vector>

#include "library/tables/unit_roots.h"

namespace rift {

// The forward DFT of `input` times `scale`, by one pass of each radix in turn (their product is input.size()),
// with kernels/stockham_pass.h's butterflies and stockham_twiddles' table.
std::vector<ComplexDouble> radix_transform(std::vector<ComplexDouble> input, const std::vector<uint32_t>& radices,
                                           double scale);

} // namespace rift
