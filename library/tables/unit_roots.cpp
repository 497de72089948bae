#include "library/tables/unit_roots.h"

#include <cmath>
#include <utility>

namespace rift {

UnitRoot forward_unit_root(uint64_t m, uint64_t n)
{
    // Work with the angle 2 pi a / d where a = 8 (m mod n) and d = 8 n, so every reflection below is exact.
    const unsigned __int128 d = (unsigned __int128)n * 8;
    unsigned __int128 a = (unsigned __int128)(m % n) * 8;
    bool negate_sin = false, negate_cos = false, swap = false;
    if (2 * a > d) { // angle in (pi, 2 pi): reflect about the real axis
        a = d - a;
        negate_sin = true;
    }
    if (4 * a > d) { // angle in (pi/2, pi]: reflect about the imaginary axis
        a = d / 2 - a;
        negate_cos = true;
    }
    if (8 * a > d) { // angle in (pi/4, pi/2]: swap cos and sin
        a = d / 4 - a;
        swap = true;
    }
    const long double two_pi = 6.283185307179586476925286766559005768L;
    const long double angle = two_pi * (long double)a / (long double)d;
    long double c = std::cos(angle);
    long double s = std::sin(angle);
    if (swap) std::swap(c, s);
    if (negate_cos) c = -c;
    if (negate_sin) s = -s;
    return {double(c), -double(s)}; // forward roots turn clockwise
}

} // namespace rift
