// HIP's vector types (float2, short2, dim3, ...) are CUDA's on NVIDIA.
#pragma once
#include <vector_types.h>
