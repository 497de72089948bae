// The spectrum a convolution multiplies by (Bluestein's chirp filter, a user's convolution filter): the
// M-point DFT of a filter, divided by M so that the inverse transform after the product needs no scaling.
// Computed at plan time in double precision by a plan of rift's own, run on the plan's GPU (long lengths take
// tens of milliseconds on the host executor) or, without one, on the host.
#pragma once

#include <vector>

#include "library/plan/node_builder.h"
#include "library/platform/device.h"
#include "library/tables/unit_roots.h"

namespace rift {

// `filter` holds the M = filter.size() points of the filter, already zero padded, in host memory.
rift_status filter_spectrum(const std::vector<ComplexDouble>& filter, const PlanContext& context,
                            std::vector<ComplexDouble>& spectrum);

// The same for a filter of M = `length` double entries already on the plan's GPU; the spectrum stays there, in
// a buffer made here, complete on return.
rift_status filter_spectrum_on_gpu(const DeviceBuffer& filter, size_t length, const PlanContext& context,
                                   DeviceBuffer& spectrum);

} // namespace rift
