// The spectrum a convolution multiplies by (Bluestein's chirp filter, a user's convolution filter): the
// M-point DFT of a filter, divided by M so that the inverse transform after the product needs no scaling.
// Computed at plan time in double precision by a plan of rift's own, run on the plan's GPU (long lengths take
// tens of milliseconds on the host executor) or, without one, on the host.
#pragma once

#include <vector>

#include "library/plan/node_builder.h"
#include "library/tables/unit_roots.h"

namespace rift {

// `filter` holds the M = filter.size() points of the filter, already zero padded.
rift_status filter_spectrum(const std::vector<ComplexDouble>& filter, const PlanContext& context,
                            std::vector<ComplexDouble>& spectrum);

} // namespace rift
