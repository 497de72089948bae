// HIP's runtime (API and kernel language) on CUDA (see hip_on_cuda.h); nvcc supplies the kernel language.
#pragma once
#include "hip_on_cuda.h"
#include "hip_fp16.h"

