// exp(-2 pi i m / n) for table building, accurate to the last bit of a double.
#pragma once

#include <cstdint>
#include <vector>

namespace rift {

struct ComplexDouble {
    double re;
    double im;
};
using UnitRoot = ComplexDouble;

// Reduces m/n to the first octant with exact integer arithmetic, so the cos/sin calls (in long double) see
// angles of at most pi/4 and large tables stay accurate (as FFTW's kernel/trig.c and pocketfft's sincos_2pibyn do).
UnitRoot forward_unit_root(uint64_t m, uint64_t n);

// forward_unit_root(m, order) for many m of one order, evaluating each distinct first-octant angle once (about
// order/8 cos/sin pairs for a whole table instead of one pair per entry). Memory grows with the order: for tables.
class UnitRootsOfOrder {
public:
    explicit UnitRootsOfOrder(uint64_t order);
    UnitRoot operator()(uint64_t m);

private:
    uint64_t order_;
    std::vector<UnitRoot> first_octant_;
    std::vector<bool> known_;
};

} // namespace rift
