// The radices the Stockham passes implement: the planner factors lengths into these, and the pass dispatch
// instantiates one butterfly for each. Adding a radix means a butterfly in butterflies.h and one entry here.
#pragma once

#define RIFT_FOR_EACH_RADIX(X) \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(16)

namespace rift::kernels {

inline constexpr int kRadices[] = {
#define RIFT_RADIX_ENTRY(R) R,
    RIFT_FOR_EACH_RADIX(RIFT_RADIX_ENTRY)
#undef RIFT_RADIX_ENTRY
};

} // namespace rift::kernels
