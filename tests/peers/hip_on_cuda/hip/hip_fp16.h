// HIP's half type on NVIDIA is CUDA's __half. rocFFT's clients (rocfft_fp16 = __half under __HIP_PLATFORM_NVIDIA__)
// mix it with float and double, which HIP's _Float16 promotes implicitly but which is ambiguous for __half (it
// converts to float, double, short, ...). These operators make the mixed forms promote to the wider type.
#pragma once
#include <cuda_fp16.h>

#define HIP_ON_CUDA_HALF_MIXED(OP)                                                                                  \
    __host__ __device__ inline double operator OP(const __half& a, double b) { return double(float(a)) OP b; } \
    __host__ __device__ inline double operator OP(double a, const __half& b) { return a OP double(float(b)); } \
    __host__ __device__ inline float operator OP(const __half& a, float b) { return float(a) OP b; }           \
    __host__ __device__ inline float operator OP(float a, const __half& b) { return a OP float(b); }
HIP_ON_CUDA_HALF_MIXED(+)
HIP_ON_CUDA_HALF_MIXED(-)
HIP_ON_CUDA_HALF_MIXED(*)
HIP_ON_CUDA_HALF_MIXED(/)
#undef HIP_ON_CUDA_HALF_MIXED
