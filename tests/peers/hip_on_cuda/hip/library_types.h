// HIP's data types as CUDA's, as in rift's front (library/fronts/hip_types_on_cuda): HIP 6 gives hipDataType
// the same values as cudaDataType, and the fronts switch over these names.
#pragma once
#include <library_types.h>

typedef cudaDataType hipDataType;
#define HIP_R_16F CUDA_R_16F
#define HIP_C_16F CUDA_C_16F
#define HIP_R_32F CUDA_R_32F
#define HIP_C_32F CUDA_C_32F
#define HIP_R_64F CUDA_R_64F
#define HIP_C_64F CUDA_C_64F
