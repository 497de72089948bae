// The radices the Stockham passes implement: the planner factors lengths into these, and the pass dispatch
// instantiates one butterfly for each. Adding a radix means a butterfly in butterflies.h and one entry here.
#pragma once

#define RIFT_FOR_EACH_RADIX(X) \
    X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(16)

// Products of those that kernels compiled for one length also take (butterflies.h splits each into two), so a
// length needs fewer passes through shared memory. The runtime-radix GPU kernel does not instantiate them; the
// host executor, which runs compiled kernels' passes one radix at a time, does.
#define RIFT_FOR_EACH_COMPOSITE_RADIX(X) \
    X(14) X(15) X(18) X(20) X(21) X(22) X(24) X(25) X(26) X(27) X(28) X(30) X(32)

// The primes above 13 that compiled kernels take as one butterfly (butterflies.h pairs x_m with x_{R-m}), so that
// lengths with such factors need no Bluestein transform. The runtime-radix GPU kernel does not instantiate them.
#define RIFT_FOR_EACH_LARGE_PRIME_RADIX(X) X(17) X(19) X(23) X(29) X(31)

// Primes whose butterflies compiled kernels run only split over lanes (butterflies.h, split_butterfly_sums), a
// transform of one such butterfly; their unit roots are tabulated to 61 (prime_unit_roots.h), and the planner
// takes those its measurements favour (split_butterfly_lanes).
#define RIFT_FOR_EACH_SPLIT_ONLY_PRIME(X) X(37) X(41) X(43) X(47) X(53) X(59) X(61)

// Every radix only compiled kernels take.
#define RIFT_FOR_EACH_COMPILED_ONLY_RADIX(X) RIFT_FOR_EACH_COMPOSITE_RADIX(X) RIFT_FOR_EACH_LARGE_PRIME_RADIX(X)

namespace rift::kernels {

inline constexpr int kRadices[] = {
#define RIFT_RADIX_ENTRY(R) R,
    RIFT_FOR_EACH_RADIX(RIFT_RADIX_ENTRY)
#undef RIFT_RADIX_ENTRY
};

inline constexpr int kCompiledOnlyRadices[] = {
#define RIFT_RADIX_ENTRY(R) R,
    RIFT_FOR_EACH_COMPILED_ONLY_RADIX(RIFT_RADIX_ENTRY)
#undef RIFT_RADIX_ENTRY
};

} // namespace rift::kernels
