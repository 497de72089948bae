// HIP's complex types are cuComplex's on NVIDIA, as in rift's front (library/fronts/hip_types_on_cuda).
#pragma once
#include <cuComplex.h>

typedef cuFloatComplex hipFloatComplex;
typedef cuFloatComplex hipComplex;
typedef cuDoubleComplex hipDoubleComplex;
