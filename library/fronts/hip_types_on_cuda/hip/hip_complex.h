// HIP's complex types as CUDA's (see hip_runtime_api.h here for why).
#pragma once

#include <cuComplex.h>

typedef cuFloatComplex hipFloatComplex;
typedef cuFloatComplex hipComplex;
typedef cuDoubleComplex hipDoubleComplex;
