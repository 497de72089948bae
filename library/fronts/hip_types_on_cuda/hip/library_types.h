// HIP's data types as CUDA's, which HIP on NVIDIA uses (see hip_runtime_api.h here for why).
#pragma once

#include <library_types.h>

typedef cudaDataType hipDataType;
#define HIP_R_16F CUDA_R_16F
#define HIP_C_16F CUDA_C_16F
#define HIP_R_32F CUDA_R_32F
#define HIP_C_32F CUDA_C_32F
#define HIP_R_64F CUDA_R_64F
#define HIP_C_64F CUDA_C_64F
