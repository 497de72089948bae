// Lets the transform math compile for the GPU (nvcc, hipcc) and for the host executor (plain C++), so both run
// the very same butterflies and index arithmetic.
#pragma once

#if defined(__HIPCC__)
#include <hip/hip_runtime.h>
#endif

#if defined(__CUDACC__) || defined(__HIPCC__)
#define RIFT_HOST_DEVICE __host__ __device__ __forceinline__
#define RIFT_UNROLL _Pragma("unroll")
#else
#define RIFT_HOST_DEVICE inline
#define RIFT_UNROLL
#endif
