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

// forward_unit_root(m, order) for many m of one order, with about 2 sqrt(order) cos/sin pairs for a whole table
// instead of one per entry: a first-octant angle a (in units of 1/(8 order) turns) is split as a = q B + r and its
// root is the long double product of two table entries, exp(2 pi i q B / d) exp(2 pi i r / d), each as exact as
// the cos/sin calls. The product's error, a few units in the last place of a long double, is 2^-11 of a double's,
// so the rounding to double comes out as the direct evaluation's all but rarely (then one unit apart).
class UnitRootsOfOrder {
public:
    explicit UnitRootsOfOrder(uint64_t order);
    UnitRoot operator()(uint64_t m) const;
    // (*this)(m) for m below the order, without the division that reduces m.
    UnitRoot below_order(uint64_t m) const;
    // For whole tables of the order: the first octant's roots (order / 8 + 1 of them, the same values) made once
    // and looked up, as every angle of an order that is a multiple of 8 is one of them.
    void tabulate_first_octant();

private:
    UnitRoot first_octant(uint64_t a) const;
    struct LongComplex {
        long double re, im;
    };
    uint64_t order_;
    unsigned block_bits_; // B = 2^block_bits_
    std::vector<LongComplex> coarse_; // angle q B for q <= order / B
    std::vector<LongComplex> fine_;   // angle r for r < B
    std::vector<UnitRoot> octant_;    // first_octant(8 i) for i <= order / 8, where tabulated
};

} // namespace rift
