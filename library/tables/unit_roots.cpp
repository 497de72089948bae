#include "library/tables/unit_roots.h"

#include <cmath>
#include <utility>

namespace rift {

namespace {

// exp(-2 pi i m/n) as a first-octant angle 2 pi a/d (d = 8n, 0 <= a <= n) and the symmetries that map it back.
// Working in eighths of a turn keeps every reflection exact in integers.
// Orders stay below 2^61 (lengths are at most 2^40), so d = 8n fits 64 bits.
struct OctantAngle {
    uint64_t a;
    uint64_t d;
    bool negate_sin = false;
    bool negate_cos = false;
    bool swap = false;
};

OctantAngle reduce_below_order_to_first_octant(uint64_t m, uint64_t n) // m < n
{
    OctantAngle angle{m * 8, n * 8};
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

OctantAngle reduce_to_first_octant(uint64_t m, uint64_t n)
{
    return reduce_below_order_to_first_octant(m % n, n);
}

// cos and sin of the first-octant angle 2 pi a / d, in long double so the rounding to double is nearly always
// correct.
void evaluate_long(uint64_t a, uint64_t d, long double& c, long double& s)
{
    const long double two_pi = 6.283185307179586476925286766559005768L;
    const long double radians = two_pi * (long double)a / (long double)d;
    c = std::cos(radians);
    s = std::sin(radians);
}

UnitRoot evaluate(const OctantAngle& angle)
{
    long double c, s;
    evaluate_long(angle.a, angle.d, c, s);
    return {double(c), double(s)};
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

UnitRootsOfOrder::UnitRootsOfOrder(uint64_t order) : order_(order), block_bits_(0)
{
    // First-octant angles are a / (8 order) turns with 0 <= a <= order: B about sqrt(order) splits them into
    // q B + r with both tables short.
    while ((uint64_t(1) << (2 * block_bits_)) < order + 1) ++block_bits_;
    const uint64_t block = uint64_t(1) << block_bits_;
    const uint64_t d = order * 8;
    fine_.resize(block);
    for (uint64_t r = 0; r < block; ++r) evaluate_long(r, d, fine_[r].re, fine_[r].im);
    coarse_.resize((order >> block_bits_) + 1);
    for (uint64_t q = 0; q < coarse_.size(); ++q)
        evaluate_long(q << block_bits_, d, coarse_[q].re, coarse_[q].im);
}

UnitRoot UnitRootsOfOrder::first_octant(uint64_t a) const
{
    if (!octant_.empty() && a % 8 == 0) return octant_[a / 8];
    const LongComplex& x = coarse_[a >> block_bits_];
    const LongComplex& y = fine_[a & ((uint64_t(1) << block_bits_) - 1)];
    return {double(x.re * y.re - x.im * y.im), double(x.re * y.im + x.im * y.re)};
}

void UnitRootsOfOrder::tabulate_first_octant()
{
    if (!octant_.empty()) return;
    std::vector<UnitRoot> octant(order_ / 8 + 1);
    for (uint64_t i = 0; i < octant.size(); ++i) octant[i] = first_octant(8 * i);
    octant_ = std::move(octant);
}

UnitRoot UnitRootsOfOrder::operator()(uint64_t m) const { return below_order(m % order_); }

UnitRoot UnitRootsOfOrder::below_order(uint64_t m) const
{
    const OctantAngle angle = reduce_below_order_to_first_octant(m, order_); // angle.a <= order
    return map_back(angle, first_octant(angle.a));
}

} // namespace rift
