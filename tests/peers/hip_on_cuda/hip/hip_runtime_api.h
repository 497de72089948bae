// HIP's runtime API on CUDA (see hip_on_cuda.h).
#pragma once
#include "hip_on_cuda.h"
