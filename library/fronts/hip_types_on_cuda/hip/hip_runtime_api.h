// The HIP runtime types hipfft.h names, as CUDA's, for building rift's hipFFT front on NVIDIA without a HIP
// installation (Debian's HIP NVIDIA headers do not compile with CUDA 13). Types only: the front calls no runtime
// function. Applications use their own HIP headers, which define these as the same CUDA types.
#pragma once

#include <cuda_runtime_api.h>

typedef cudaStream_t hipStream_t;
