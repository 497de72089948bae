// Lets the transform math compile for the GPU (nvcc, hipcc) and for the host executor (plain C++), so both run
// the very same butterflies and index arithmetic.
#pragma once

#if defined(__HIPCC__)
#include <hip/hip_runtime.h>
#endif

// 1 while compiling for the GPU itself (the device pass of nvcc, hipcc, NVRTC and hipRTC), 0 for host code.
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define RIFT_DEVICE_COMPILE 1
#else
#define RIFT_DEVICE_COMPILE 0
#endif

// The device code is forced inline and unrolled; host code, the host executor's among it, is left to the
// compiler: forcing the executor's thousands of instances inline multiplies its compile time several times over
// and its speed does not need it. RIFT_INLINE_LAMBDA forces a lambda inline where a lane's registers pass through
// it: left out of line, the lane's register array goes to local memory.
#if RIFT_DEVICE_COMPILE
#define RIFT_INLINE_LAMBDA __attribute__((always_inline))
#define RIFT_HOST_DEVICE __host__ __device__ __forceinline__
#define RIFT_UNROLL _Pragma("unroll")
#elif defined(__CUDACC__) || defined(__HIPCC__)
#define RIFT_INLINE_LAMBDA
#define RIFT_HOST_DEVICE __host__ __device__ inline
#define RIFT_UNROLL
#else
#define RIFT_INLINE_LAMBDA
#define RIFT_HOST_DEVICE inline
#define RIFT_UNROLL
#endif
