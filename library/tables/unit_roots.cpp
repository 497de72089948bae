#include "library/tables/unit_roots.h"

#include <cmath>
#include <utility>

namespace rift {

namespace {

// exp(-2 pi i m/n) as a first-octant angle 2 pi a/d (d = 8n, 0 <= a <= n) and the symmetries that map it back.
// Working in eighths of a turn keeps every reflection exact in integers.
struct OctantAngle {
    unsigned __int128 a;
    unsigned __int128 d;
    bool negate_sin = false;
    bool negate_cos = false;
    bool swap = false;
};

OctantAngle reduce_to_first_octant(uint64_t m, uint64_t n)
{
    OctantAngle angle{(unsigned __int128)(m % n) * 8, (unsigned __int128)n * 8};
    if (2 * angle.a > angle.d) { // angle in (pi, 2 pi): reflect about the real axis
        angle.a = angle.d - angle.a;
        angle.negate_sin = true;
    }
    if (4 * angle.a > angle.d) { // angle in (pi/2, pi]: reflect about the imaginary axis
        angle.a = angle.d / 2 - angle.a;
        angle.negate_cos = true;
    }
    if (8 * angle.a > angle.d) { // angle in (pi/4, pi/2]: swap cos and sin
        angle.a = angle.d / 4 - angle.a;
        angle.swap = true;
    }
    return angle;
}

// cos and sin of a first-octant angle, in long double so the rounding to double is nearly always correct.
UnitRoot evaluate(const OctantAngle& angle)
{
    const long double two_pi = 6.283185307179586476925286766559005768L;
    const long double radians = two_pi * (long double)angle.a / (long double)angle.d;
    return {double(std::cos(radians)), double(std::sin(radians))};
}

UnitRoot map_back(const OctantAngle& angle, UnitRoot first_octant)
{
    double c = first_octant.re, s = first_octant.im;
    if (angle.swap) std::swap(c, s);
    if (angle.negate_cos) c = -c;
    if (angle.negate_sin) s = -s;
    return {c, -s}; // forward roots turn clockwise
}

} // namespace

UnitRoot forward_unit_root(uint64_t m, uint64_t n)
{
    const OctantAngle angle = reduce_to_first_octant(m, n);
    return map_back(angle, evaluate(angle));
}

UnitRootsOfOrder::UnitRootsOfOrder(uint64_t order) : order_(order), first_octant_(order + 1), known_(order + 1) {}

UnitRoot UnitRootsOfOrder::operator()(uint64_t m)
{
    const OctantAngle angle = reduce_to_first_octant(m, order_);
    const size_t slot = size_t(angle.a); // a <= order
    if (!known_[slot]) {
        first_octant_[slot] = evaluate(angle);
        known_[slot] = true;
    }
    return map_back(angle, first_octant_[slot]);
}

} // namespace rift
