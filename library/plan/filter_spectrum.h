// The spectrum a long Bluestein plan multiplies by: the M-point DFT of its padded chirp filter, divided by M so
// that the inverse transform after the product needs no scaling. Computed at plan time in double precision by a
// plan of rift's own on the plan's GPU, where M is too long for the host (library/tables/radix_transform.h makes
// the shorter spectra).
#pragma once

#include "library/plan/node_builder.h"
#include "library/platform/device.h"

namespace rift {

// A filter of M = `length` double entries already on the plan's GPU; the spectrum stays there, in a buffer made
// here, complete on return.
rift_status filter_spectrum_on_gpu(const DeviceBuffer& filter, size_t length, const PlanContext& context,
                                   DeviceBuffer& spectrum);

} // namespace rift
