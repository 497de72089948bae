// Where a pass reads and writes: the user's strided buffers in global memory, or one transform's slot in the
// block's shared memory (the host executor uses plain arrays in its place).
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/complex.h"
#include "kernels/shared_layout.h"

namespace rift::kernels {

template <class Real>
struct StridedSource {
    const Complex<Real>* base;
    size_t stride;
    RIFT_HOST_DEVICE Complex<Real> load(uint32_t i) const { return base[i * stride]; }
};

// The last pass's destination, so the scale factor costs one multiply in the final write.
template <class Real>
struct ScaledStridedDestination {
    Complex<Real>* base;
    size_t stride;
    Real scale;
    RIFT_HOST_DEVICE void store(uint32_t i, Complex<Real> v) const { base[i * stride] = scaled(v, scale); }
};

// One transform's slot in shared memory (a plain array on the host), padded as shared_layout.h says.
template <class Real>
struct ScratchSlot {
    Complex<Real>* base;
    uint32_t pad_period;
    RIFT_HOST_DEVICE Complex<Real> load(uint32_t i) const { return base[padded_index(i, pad_period)]; }
    RIFT_HOST_DEVICE void store(uint32_t i, Complex<Real> v) const { base[padded_index(i, pad_period)] = v; }
};

} // namespace rift::kernels
