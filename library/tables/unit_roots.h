// exp(-2 pi i m / n) for table building, accurate to the last bit of a double.
#pragma once

#include <cstdint>

namespace rift {

struct UnitRoot {
    double re;
    double im;
};

// Reduces m/n to the first octant with exact integer arithmetic, so the cos/sin calls (in long double) see
// angles of at most pi/4 and large tables stay accurate (as FFTW's kernel/trig.c and pocketfft's sincos_2pibyn do).
UnitRoot forward_unit_root(uint64_t m, uint64_t n);

} // namespace rift
