// The compiled Stockham kernels plans take, listed by launch kind for one DFT length: what rift-kernel-cache
// compiles ahead of time, and what the tests check plans against.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "library/core/values.h"
#include "library/exec/runtime_kernels.h"

namespace rift {

// The kernels of the launch kinds `wants` takes (by rift-kernel-cache's names: rows, real-rows, columns,
// real-columns, reordered-rows, real-to-real-rows), for a DFT of `length` points in blocks of `shared_bytes`.
std::vector<CompiledKernel> compiled_stockham_kernels(uint32_t length, Precision precision, Direction direction,
                                                      size_t shared_bytes,
                                                      const std::function<bool(const char*)>& wants);

} // namespace rift
