// The real-to-real transforms, DCT-I..IV and DST-I..IV with FFTW's definitions and scaling (REDFT00, 10, 01, 11 and
// RODFT00, 10, 01, 11), each as one complex DFT between two maps: the input map makes the DFT's input from the user's n
// reals, the output map turns the DFT's output into the n results. The maps are what a transform's staged input and
// output apply on the way between global memory and its slot, so a real-to-real transform moves n reals each way, as a
// real transform of n does.
//
// DST-II, III and IV are the DCTs of the same type with the input reversed or alternating in sign, and the output
// likewise (FormSide). Of even n, DCT-II, III and IV run a complex DFT of n / 2 points: II as the real transform of the
// reordered reals through its half-length complex one (real_pairs.h), III as the inverse of that, IV as the n / 2
// complex values (x_2j + i x_(n-1-2j)) exp(-i pi (4j + 1) / 4n). Of odd n, each runs n points: II and III the DFT of
// the reordered reals and its inverse, IV that of the reals permuted, with signs (OddDct4Map). DCT-I is the real DFT of
// the even extension's 2(n - 1) reals and DST-I of the odd extension's 2(n + 1), each through its half-length complex
// DFT. The caller supplies the rotations (their order: real_to_real_rotation_order): a table on the GPU, exact values
// in the tests.
#pragma once

#include <cstdint>

#include "kernels/complex.h"
#include "kernels/real_pairs.h"
#include "kernels/stockham_args.h"
#include "kernels/stockham_pass.h"
#include "kernels/transform_tile.h"

namespace rift::kernels {

enum class RealToRealKind : uint32_t { dct1, dct2, dct3, dct4, dst1, dst2, dst3, dst4 };

inline const char* to_string(RealToRealKind kind)
{
    constexpr const char* kNames[] = {"dct1", "dct2", "dct3", "dct4", "dst1", "dst2", "dst3", "dst4"};
    return kNames[uint32_t(kind)];
}

// The kind a kernel of real data was compiled for (compiled_stockham_kernel's KindOnly): 0, every kind, the launch's
// (StockhamArgs::real_to_real) read at run time; else that kind plus one, a constant that leaves the maps of the
// other kinds out of the kernel.
template <uint32_t KindOnly>
RIFT_HOST_DEVICE constexpr RealToRealKind kernel_real_to_real_kind(uint32_t launch_kind)
{
    return RealToRealKind((KindOnly != 0 ? KindOnly : launch_kind) - 1);
}

// The DFT's length for n reals (n >= 2 for DCT-I, n >= 1 otherwise).
RIFT_HOST_DEVICE uint32_t real_to_real_dft_length(RealToRealKind kind, uint32_t n)
{
    switch (kind) {
    case RealToRealKind::dct1: return n - 1; // half the even extension's 2(n - 1) reals
    case RealToRealKind::dst1: return n + 1; // half the odd extension's 2(n + 1) reals
    default: return n % 2 == 0 ? n / 2 : n;
    }
}

// The order of the rotations the maps take (rotation(e) = exp(-2 pi i e / order)): eighth turns of n for the
// DCT-II..IV forms; for DCT-I and DST-I the unpacking twiddles of their extensions' real DFT.
RIFT_HOST_DEVICE uint64_t real_to_real_rotation_order(RealToRealKind kind, uint32_t n)
{
    switch (kind) {
    case RealToRealKind::dct1: return 2 * (uint64_t(n) - 1);
    case RealToRealKind::dst1: return 2 * (uint64_t(n) + 1);
    default: return 8 * uint64_t(n);
    }
}

// DCT-III and DST-III run the inverse DFT (exp(+2 pi i jk / L)), the others the forward one.
RIFT_HOST_DEVICE bool real_to_real_dft_inverse(RealToRealKind kind)
{
    return kind == RealToRealKind::dct3 || kind == RealToRealKind::dst3;
}

namespace real_to_real {

// Each kind runs as a DCT form: a DST-II is the DCT-II of the reals alternating in sign, stored in reverse order;
// a DST-III the DCT-III of the reals reversed, stored alternating in sign; a DST-IV likewise with DCT-IV. DCT-I and
// DST-I are forms of their own.
RIFT_HOST_DEVICE RealToRealKind form_of(RealToRealKind kind)
{
    switch (kind) {
    case RealToRealKind::dst2: return RealToRealKind::dct2;
    case RealToRealKind::dst3: return RealToRealKind::dct3;
    case RealToRealKind::dst4: return RealToRealKind::dct4;
    default: return kind;
    }
}

// One side of the user's reals as the form sees it: element i at base[i * stride], the stride negative where the
// form reverses the side, the sign flipped at odd i where it alternates.
template <class Pointer>
struct FormSide {
    Pointer base;
    int64_t stride;
    bool alternate;
    RIFT_HOST_DEVICE auto& at(uint32_t i) const { return base[int64_t(i) * stride]; }
};

template <class Pointer>
RIFT_HOST_DEVICE FormSide<Pointer> form_side(Pointer x, uint32_t n, int64_t stride, bool reverse, bool alternate)
{
    return reverse ? FormSide<Pointer>{x + int64_t(n - 1) * stride, -stride, alternate}
                   : FormSide<Pointer>{x, stride, alternate};
}

template <class Real>
RIFT_HOST_DEVICE Real load(const FormSide<const Real*>& side, uint32_t i)
{
    const Real v = side.at(i);
    return side.alternate && (i & 1) ? -v : v;
}

template <class Real>
RIFT_HOST_DEVICE void store(const FormSide<Real*>& side, uint32_t i, Real v)
{
    side.at(i) = side.alternate && (i & 1) ? -v : v;
}

} // namespace real_to_real

// The rotations of the halved forms' items (n = 2M even), ahead of the two-level table in the tables of one-block
// kernels (RealToRealRotation), so that an item loads its own, each rounded once, where a two-level root takes two
// loads and a product. DCT-II and DCT-III (and so DST-II and DST-III) take a pair at item k in [0, M / 2]: unpack =
// rotation(8k) = exp(-2 pi i k / n), which unpacks (packs) the half-length DFT, and turn = rotation(2k) =
// exp(-2 pi i k / 4n); DCT-IV's input takes rotation(4m + 1) at item m < M, its output rotation(4q) at q < M. The
// map kernels of longer transforms (real_to_real_kernel.h) take the two-level table alone.
template <class Real>
struct alignas(alignof(Complex<Real>) > 16 ? alignof(Complex<Real>) : 16) RotationPair {
    Complex<Real> unpack;
    Complex<Real> turn;
};

// How many rotations of items a one-block kernel's table holds ahead of its two-level table.
RIFT_HOST_DEVICE uint32_t item_rotation_count(RealToRealKind kind, uint32_t n)
{
    if (n % 2 != 0) return 0;
    switch (real_to_real::form_of(kind)) {
    case RealToRealKind::dct2:
    case RealToRealKind::dct3: return 2 * (n / 4 + 1);
    case RealToRealKind::dct4: return n;
    default: return 0;
    }
}

// The exponent e of rotation(e) that entry i of them holds.
RIFT_HOST_DEVICE uint32_t item_rotation_exponent(RealToRealKind kind, uint32_t n, uint32_t i)
{
    if (real_to_real::form_of(kind) == RealToRealKind::dct4) return i < n / 2 ? 4 * i + 1 : 4 * (i - n / 2);
    return i % 2 == 0 ? 8 * (i / 2) : 2 * (i / 2);
}

// Items' rotations from any rotation: the two-level table's, the tests' exact ones.
template <class Rotation>
RIFT_HOST_DEVICE auto halved_rotation_pair(const Rotation& rotation, uint32_t k)
{
    using Real = decltype(rotation(0).re);
    return RotationPair<Real>{rotation(8 * k), rotation(2 * k)};
}
template <class Rotation>
RIFT_HOST_DEVICE auto dct4_input_rotation(const Rotation& rotation, uint32_t m)
{
    return rotation(4 * m + 1);
}
template <class Rotation>
RIFT_HOST_DEVICE auto dct4_output_rotation(const Rotation& rotation, uint32_t q)
{
    return rotation(4 * q);
}

// The rotations exp(-2 pi i e / real_to_real_rotation_order) from a two-level table.
template <class Real>
struct TwoLevelRotation {
    const Complex<Real>* table;
    uint32_t bits;
    RIFT_HOST_DEVICE Complex<Real> operator()(uint32_t e) const { return two_level_root(table, bits, e, false); }
};

// A one-block kernel's rotations, from its launch's table (StockhamArgs::real_twiddles, made by
// library/tables/twiddle_table.h's real_to_real_rotations): the items' rotations, then the two-level table.
template <class Real>
struct RealToRealRotation {
    const Complex<Real>* table;
    uint32_t bits;
    uint32_t items; // item_rotation_count
    RIFT_HOST_DEVICE RealToRealRotation(const void* entries, uint32_t root_bits, RealToRealKind kind, uint32_t n)
        : table(static_cast<const Complex<Real>*>(entries)), bits(root_bits), items(item_rotation_count(kind, n))
    {
    }
    RIFT_HOST_DEVICE Complex<Real> operator()(uint32_t e) const
    {
        return two_level_root(table + items, bits, e, false);
    }
};

template <class Real>
RIFT_HOST_DEVICE RotationPair<Real> halved_rotation_pair(const RealToRealRotation<Real>& rotation, uint32_t k)
{
    return reinterpret_cast<const RotationPair<Real>*>(rotation.table)[k];
}
template <class Real>
RIFT_HOST_DEVICE Complex<Real> dct4_input_rotation(const RealToRealRotation<Real>& rotation, uint32_t m)
{
    return rotation.table[m];
}
template <class Real>
RIFT_HOST_DEVICE Complex<Real> dct4_output_rotation(const RealToRealRotation<Real>& rotation, uint32_t q)
{
    return rotation.table[rotation.items / 2 + q];
}

// DCT-IV of odd n as a DFT of n points (no rotations). With a = 2j + 1 and b = 2k + 1, y_k = 2 sum_j x_j
// cos(pi ab / 4n) is half the DFT of 8n points, over odd a, of x extended by f(8n - a) = f(a), f(4n + a) = -f(a)
// (cos(pi b) = -1). As 8 and n are coprime, a splits into (a mod 8, a mod n) (the Chinese remainder theorem),
// the 8n-point DFT into one of 8 points and one of n, and the extension's symmetries leave of the 8-point one a
// single eighth turn: y_k = 2 Re(exp(-i pi c / 4) G_q), G the DFT of g_m = f(a) with a = 1 mod 8 and a = m mod n,
// b = 8q mod n, and c = b / n mod 8 = b n mod 8 (odd squares are 1 mod 8).
struct OddDct4Map {
    uint32_t n;

    struct Term {
        uint32_t index; // g_m = x_index, negated where `negative`
        bool negative;
    };
    // a = m + n r with r such that a = 1 mod 8 (unsigned wrap-around keeps the residue), folded into [1, 2n) by
    // the extension's symmetries.
    RIFT_HOST_DEVICE Term input(uint32_t m) const
    {
        uint32_t a = m + n * (((1u - m) * n) & 7u);
        bool negative = a >= 4 * n;
        if (negative) a -= 4 * n;
        if (a > 2 * n) a = 4 * n - a, negative = !negative;
        return {(a - 1) / 2, negative};
    }

    struct Result {
        uint32_t index; // y_index = sqrt 2 (+-Re G_q +- Im G_q), the signs those of cos and sin(pi c / 4)
        bool cosine_negative;
        bool sine_negative;
    };
    // b = 8q mod n, or that plus n, whichever is odd.
    RIFT_HOST_DEVICE Result output(uint32_t q) const
    {
        uint32_t b = 8 * q % n;
        if (b % 2 == 0) b += n;
        const uint32_t c = (b * n) & 7u;
        return {(b - 1) / 2, c == 3 || c == 5, c > 4};
    }
};

// A lane's loads go a batch of items at a time, all before the batch's stores into the slot: the compiler cannot
// move a load above a store that may alias it, so one item at a time would wait out each load's latency in turn.
// A batch keeps InFlightBytes a lane in flight (at least one item, at most eight).
template <uint32_t InFlightBytes, class Load, class Put>
RIFT_HOST_DEVICE void for_each_item_batched(uint32_t items, uint32_t lane, uint32_t lanes, Load load, Put put)
{
    using Loaded = decltype(load(0u));
    constexpr uint32_t fit = uint32_t(InFlightBytes / sizeof(Loaded));
    constexpr uint32_t batch = fit < 1 ? 1 : fit > 8 ? 8 : fit;
    for (uint32_t first = lane; first < items; first += batch * lanes) {
        Loaded values[batch] = {};
        RIFT_UNROLL
        for (uint32_t u = 0; u < batch; ++u)
            if (first + u * lanes < items) values[u] = load(first + u * lanes);
        RIFT_UNROLL
        for (uint32_t u = 0; u < batch; ++u)
            if (first + u * lanes < items) put(first + u * lanes, values[u]);
    }
}

// Reals 4b..4b+3 of a side, which DCT-II's input and DCT-III's output move together: one vector access where the
// side is contiguous and aligned to the quad.
template <class Real>
struct alignas(4 * sizeof(Real)) RealQuad {
    Real r0, r1, r2, r3;
};

namespace real_to_real {

template <class Pointer>
RIFT_HOST_DEVICE bool quads_aligned(const FormSide<Pointer>& side)
{
    return side.stride == 1 && reinterpret_cast<uintptr_t>(side.base) % (4 * sizeof(*side.base)) == 0;
}

// Quad b of a side (alternating in sign at odd reals where the side alternates); `aligned` from quads_aligned.
template <class Real>
RIFT_HOST_DEVICE RealQuad<Real> load_quad(const FormSide<const Real*>& side, uint32_t b, bool aligned)
{
    RealQuad<Real> q;
    if (aligned) q = reinterpret_cast<const RealQuad<Real>*>(side.base)[b];
    else q = {side.at(4 * b), side.at(4 * b + 1), side.at(4 * b + 2), side.at(4 * b + 3)};
    if (side.alternate) q.r1 = -q.r1, q.r3 = -q.r3;
    return q;
}

template <class Real>
RIFT_HOST_DEVICE void store_quad(const FormSide<Real*>& side, uint32_t b, bool aligned, const RealQuad<Real>& quad)
{
    RealQuad<Real> q = quad;
    if (side.alternate) q.r1 = -q.r1, q.r3 = -q.r3;
    if (aligned) {
        reinterpret_cast<RealQuad<Real>*>(side.base)[b] = q;
        return;
    }
    side.at(4 * b) = q.r0;
    side.at(4 * b + 1) = q.r1;
    side.at(4 * b + 2) = q.r2;
    side.at(4 * b + 3) = q.r3;
}

// exp(-2 pi i (n - 2k) / 8n) = exp(-i pi / 4) conj(r), r = exp(-2 pi i 2k / 8n): the partner's rotation in the
// halved DCT-II and III, from the item's own.
template <class Real>
RIFT_HOST_DEVICE Complex<Real> partner_rotation(const Complex<Real>& r)
{
    const Real h = Real(0.70710678118654752440084436210484903928);
    return {h * (r.re - r.im), -h * (r.re + r.im)};
}

// The halved DCT-II's output (n = 2M even; the side in order or reversed, never alternating): item k unpacks X_k and
// X_(M-k) from Z_k and Z_(M-k), and c_k = 2 exp(-i pi k / 2n) X_k gives y_k = Re c_k and y_(n-k) = -Im c_k, its
// partner y_(M-k) and y_(M+k). Items 0 (X_M is from Z_0 too) and, of even M, M / 2 (its own partner) write two
// results each: they run after the other items, a lane each, so the loop over the others tests nothing but its
// bound. The rotation takes the scale (twice it), which is exact where the scale is 1. An item makes conj c_k as
// conj(r) conj(X_k), whose operands' signs fold into the products, so -Im c_k costs no negation of its own.
template <class Real, class Slot, class Rotation>
RIFT_HOST_DEVICE void halved_dct2_output(uint32_t n, const Slot& slot, const FormSide<Real*>& side, Real scale,
                                         uint32_t lane, uint32_t lanes, Rotation rotation)
{
    const uint32_t half = n / 2;
    const auto item = [&](uint32_t k, uint32_t partner, const RotationPair<Real>& rotations, Complex<Real>& conj_c_k,
                          Complex<Real>& conj_c_partner) {
        Complex<Real> x_k, x_partner;
        unpack_pair(Complex<Real>(slot[k]), Complex<Real>(slot[partner]), rotations.unpack, x_k, x_partner);
        const Complex<Real> r = scaled(rotations.turn, 2 * scale);
        conj_c_k = conjugate(r) * conjugate(x_k);
        conj_c_partner = conjugate(partner_rotation(r)) * conjugate(x_partner);
    };
    // Offsets of y_k, advanced a loop trip at a time; y_(n-k), y_(M-k) and y_(M+k) from it. A trip loads the next
    // trip's rotations before its own work, so that their latency overlaps it.
    const int64_t step = int64_t(lanes) * side.stride;
    const int64_t n_offset = int64_t(n) * side.stride, half_offset = int64_t(half) * side.stride;
    int64_t offset = int64_t(lane + 1) * side.stride;
    RotationPair<Real> next = 2 * (lane + 1) < half ? halved_rotation_pair(rotation, lane + 1) : RotationPair<Real>{};
    for (uint32_t k = lane + 1; 2 * k < half; k += lanes, offset += step) {
        const RotationPair<Real> rotations = next;
        if (2 * (k + lanes) < half) next = halved_rotation_pair(rotation, k + lanes);
        Complex<Real> conj_c_k, conj_c_partner;
        item(k, half - k, rotations, conj_c_k, conj_c_partner);
        side.base[offset] = conj_c_k.re;
        side.base[n_offset - offset] = conj_c_k.im;
        side.base[half_offset - offset] = conj_c_partner.re;
        side.base[half_offset + offset] = conj_c_partner.im;
    }
    const uint32_t specials = half % 2 == 0 ? 2 : 1;
    for (uint32_t s = lane; s < specials; s += lanes) {
        const uint32_t k = s == 0 ? 0 : half / 2; // its own partner
        Complex<Real> conj_c_k, conj_c_partner;
        item(k, k, halved_rotation_pair(rotation, k), conj_c_k, conj_c_partner);
        side.at(k) = conj_c_k.re;
        if (k == 0) side.at(half) = conj_c_partner.re;
        else side.at(n - k) = conj_c_k.im;
    }
}

// Element m of the halved DCT-III's first copy (slot[m] = (x_m, -x_(n-m)), slot[0] = (x_0, x_M)), read real by
// real.
template <class Real>
RIFT_HOST_DEVICE Complex<Real> halved_dct3_copy_element(const FormSide<const Real*>& side, uint32_t n, uint32_t m)
{
    // One load of each place whatever m (a select of the second place, not two paths), conjugated but for m = 0.
    const Complex<Real> v{load(side, m), load(side, m == 0 ? n / 2 : n - m)};
    return m == 0 ? v : conjugate(v);
}

// How a kernel makes that copy: an item at a time; or, where the side is in order, unit-stride and aligned to a quad
// (quads_aligned) and n a multiple of 4, in quads, a group of four elements a lane at a time; or in mirrored quads, a
// group and its mirror at a time, where M is a multiple of 4 too. Loads in flight cost registers whether or not a
// launch takes the copy, so each kernel compiles one way (halved_dct3_copy). Or no copy (direct): the rotations
// read each element's reals where they lie, for sides in shared memory (real-to-real rows), which read as fast
// scattered as in order, so that the copy's round trip through the slot and its barrier would be the extra work.
enum class HalvedDct3Copy { items, quads, mirrored_quads, direct };

// Group g is elements 4g+1..4g+4 (and 0 in group 0), from the quads x_4g.. and x_(n-4g-4).. and the real x_(4g+4);
// its mirror, elements M-4g-4..M-4g-1, from the quads x_(M-4g-4).. and x_(M+4g).. and the real x_(M+4g+4). A lane's
// loads of a group (and its mirror) are all in flight at once; the elements no group takes go one by one.
// (Reversed sides, DST-III's, took registers enough to cost C2R kernels resident blocks.)
template <HalvedDct3Copy Copy, class Real, class Slot>
RIFT_HOST_DEVICE void copy_halved_dct3_quads(uint32_t n, const FormSide<const Real*>& side, const Slot& slot,
                                             uint32_t lane, uint32_t lanes)
{
    static_assert(Copy != HalvedDct3Copy::items, "the item copy is for_each_item_batched's");
    constexpr bool mirrored = Copy == HalvedDct3Copy::mirrored_quads;
    const uint32_t half = n / 2, groups = mirrored ? half / 8 : (half - 1) / 4;
    for (uint32_t g = lane; g < groups; g += lanes) {
        const RealQuad<Real> low = load_quad(side, g, true);              // x_(4g+i)
        const RealQuad<Real> last = load_quad(side, n / 4 - 1 - g, true); // x_(n-4g-4+i)
        const Real next = load(side, 4 * g + 4);
        RealQuad<Real> below{}, high{};
        Real next_high{};
        if constexpr (mirrored) {
            below = load_quad(side, half / 4 - 1 - g, true); // x_(M-4g-4+i)
            high = load_quad(side, half / 4 + g, true);      // x_(M+4g+i)
            next_high = load(side, half + 4 * g + 4);
        }
        if (g == 0) slot[0] = Complex<Real>{low.r0, mirrored ? high.r0 : load(side, half)};
        const uint32_t m = 4 * g + 1;
        slot[m] = Complex<Real>{low.r1, -last.r3};
        slot[m + 1] = Complex<Real>{low.r2, -last.r2};
        slot[m + 2] = Complex<Real>{low.r3, -last.r1};
        slot[m + 3] = Complex<Real>{next, -last.r0};
        if constexpr (mirrored) {
            const uint32_t mirror = half - 4 * g - 4; // M - m for m = 4g+4 down to 4g+1
            slot[mirror] = Complex<Real>{below.r0, -next_high};
            slot[mirror + 1] = Complex<Real>{below.r1, -high.r3};
            slot[mirror + 2] = Complex<Real>{below.r2, -high.r2};
            slot[mirror + 3] = Complex<Real>{below.r3, -high.r1};
        }
    }
    if (lane == groups % lanes)
        for (uint32_t m = groups == 0 ? 0 : 4 * groups + 1; m < (mirrored ? half - 4 * groups : half); ++m)
            slot[m] = halved_dct3_copy_element(side, n, m);
}

// The copy an inverse kernel of complex length `length` compiles (a DCT-III of n = 2 length runs on it): mirrored
// quads where they fit, quads where only those do. Exceptions, each measured (docs/performance.md, "DCT-III's copy
// in quads"): 500, the catalogue's kernel C2R 1000 runs, takes quads (mirrored ones cost it registers and C2R 1000
// its speed; DCT-III 1000 runs as fast either way).
RIFT_HOST_DEVICE constexpr HalvedDct3Copy halved_dct3_copy(bool inverse, uint32_t length)
{
    if (!inverse || length % 2 != 0) return HalvedDct3Copy::items;
    return length % 4 == 0 && length != 500 ? HalvedDct3Copy::mirrored_quads : HalvedDct3Copy::quads;
}

// The halved DCT-III's first copy as a kernel compiles it (Copy); an idle transform (`active` false) copies nothing.
template <uint32_t InFlightBytes, HalvedDct3Copy Copy, class Real, class Slot>
RIFT_HOST_DEVICE void copy_halved_dct3(uint32_t n, const FormSide<const Real*>& side, const Slot& slot, bool active,
                                       uint32_t lane, uint32_t lanes)
{
    if constexpr (Copy != HalvedDct3Copy::items) {
        if (active && n % (Copy == HalvedDct3Copy::mirrored_quads ? 8 : 4) == 0 && quads_aligned(side))
            return copy_halved_dct3_quads<Copy>(n, side, slot, lane, lanes);
    }
    for_each_item_batched<InFlightBytes>(
        active ? n / 2 : 0, lane, lanes, [&](uint32_t m) { return halved_dct3_copy_element(side, n, m); },
        [&](uint32_t m, const Complex<Real>& v) { slot[m] = v; });
}

} // namespace real_to_real

// The two sides of one transform, each lane taking elements (or items of a few) lane, lane + lanes, ...: the input side
// makes the DFT's input in the slot from the n reals at x (stride apart), the output side writes the n results to y
// from the DFT's output in the slot, scaled. Of odd n, every kind but DCT-I and DST-I runs a DFT of real data, which
// may carry a second transform, its twin (reals at `twin`, the same stride; null: none), as the imaginary parts: the
// output side separates the two from X_k and X_(n-k). The kind's form is chosen once, so each loop does only its own
// index arithmetic: DCT-II and III of even n take reals four at a time (two complex elements of the slot each), the
// others one or two an item. `active` is false where the thread has no transform but must take part in barrier(), which
// DCT-III of even n needs between its copy and its rotations. rotation(e) returns exp(-2 pi i e / (8 n)). The caller
// puts a barrier between these and the passes. Dct3Copy: how DCT-III's copy is compiled (halved_dct3_copy).
// HalvedDct2Only: the output of a kernel made for DCT-II and DST-II of even n (ReorderedSource), which compiles
// that form's output alone.
template <uint32_t InFlightBytes = 128, bool OddReal = true,
          real_to_real::HalvedDct3Copy Dct3Copy = real_to_real::HalvedDct3Copy::mirrored_quads, class Real, class Slot,
          class Rotation, class Barrier>
RIFT_HOST_DEVICE void real_to_real_input(RealToRealKind kind, uint32_t n, const Real* x, const Real* twin,
                                         int64_t stride, bool active, const Slot& slot, uint32_t lane, uint32_t lanes,
                                         Rotation rotation, Barrier barrier)
{
    using namespace real_to_real;
    const bool reverse = kind == RealToRealKind::dst3 || kind == RealToRealKind::dst4;
    const bool alternate = kind == RealToRealKind::dst2;
    const FormSide<const Real*> side = form_side(x, n, stride, reverse, alternate);
    // The twin's side, read only where there is a twin (offsets to a null pointer would be undefined).
    const FormSide<const Real*> twin_side = form_side(twin ? twin : x, n, stride, reverse, alternate);
    const auto in = [&](uint32_t i) { return load(side, i); };
    // Real i of the transform and of its twin, as one complex value.
    const auto in_pair = [&](uint32_t i) {
        return Complex<Real>{load(side, i), OddReal && twin ? load(twin_side, i) : Real(0)};
    };
    const bool aligned = quads_aligned(side);
    const uint32_t half = n / 2;
    const bool even = !OddReal || n % 2 == 0; // odd n runs a DFT of odd length
    const uint32_t items = active ? n : 0; // a lane without a transform takes no items
    switch (form_of(kind)) {
    case RealToRealKind::dct1: { // z_m = v_2m + i v_2m+1, v the even extension of 2N reals, N = n - 1
        const uint32_t N = n - 1;
        const auto v = [&](uint32_t j) { return in(j <= N ? j : 2 * N - j); };
        for_each_item_batched<InFlightBytes>(
            active ? N : 0, lane, lanes, [&](uint32_t m) { return Complex<Real>{v(2 * m), v(2 * m + 1)}; },
            [&](uint32_t m, const Complex<Real>& z) { slot[m] = z; });
        return;
    }
    case RealToRealKind::dst1: { // likewise of the odd extension of 2N reals, N = n + 1, zero at 0 and N
        const uint32_t N = n + 1;
        const auto v = [&](uint32_t j) {
            return j == 0 || j == N ? Real(0) : j < N ? in(j - 1) : -in(2 * N - 1 - j);
        };
        for_each_item_batched<InFlightBytes>(
            active ? N : 0, lane, lanes, [&](uint32_t m) { return Complex<Real>{v(2 * m), v(2 * m + 1)}; },
            [&](uint32_t m, const Complex<Real>& z) { slot[m] = z; });
        return;
    }
    case RealToRealKind::dct2: // the reordered reals v: v_p = x_2p, v_(n-1-p) = x_(2p+1)
        if (!active) return;
        if (!even) {
            for_each_item_batched<InFlightBytes>(
                (n + 1) / 2, lane, lanes,
                [&](uint32_t a) {
                    const Complex<Real> even_real = in_pair(2 * a);
                    const Complex<Real> odd_real = 2 * a + 1 < n ? in_pair(2 * a + 1) : Complex<Real>{};
                    return RealQuad<Real>{even_real.re, even_real.im, odd_real.re, odd_real.im};
                },
                [&](uint32_t a, const RealQuad<Real>& q) {
                    slot[a] = {q.r0, q.r1};
                    if (2 * a + 1 < n) slot[n - 1 - a] = {q.r2, q.r3};
                });
            return;
        }
        // Halved: z_m = v_2m + i v_2m+1, so reals 4b..4b+3 are z_b = (x_4b, x_4b+2) and z_(M-1-b) = (x_4b+3, x_4b+1).
        for_each_item_batched<InFlightBytes>(
            n / 4, lane, lanes, [&](uint32_t b) { return load_quad(side, b, aligned); },
            [&](uint32_t b, const RealQuad<Real>& q) {
                slot[b] = {q.r0, q.r2};
                slot[half - 1 - b] = {q.r3, q.r1};
            });
        if (n % 4 == 2 && lane == 0) slot[n / 4] = {in(n - 2), in(n - 1)};
        return;
    case RealToRealKind::dct3: // U_m = (x_m - i x_(n-m)) exp(+i pi m / 2n), x_n = 0
        if (!even) { // the slot takes U_m + i U'_m, U' the twin's
            for_each_item_batched<InFlightBytes>(
                items, lane, lanes,
                [&](uint32_t m) {
                    const Complex<Real> a = in_pair(m), b = m == 0 ? Complex<Real>{} : in_pair(n - m);
                    return RealQuad<Real>{a.re, b.re, a.im, b.im};
                },
                [&](uint32_t m, const RealQuad<Real>& q) {
                    const Complex<Real> r = conjugate(rotation(2 * m));
                    const Complex<Real> u = Complex<Real>{q.r0, -q.r1} * r, twin_u = Complex<Real>{q.r2, -q.r3} * r;
                    slot[m] = join_real_pair(u, twin_u);
                });
            return;
        }
        // Halved: U_0..U_M (hermitian, U_0 and U_M real), unrotated, element 0 keeping (x_0, x_M); then item m in
        // [0, M / 2] rotates U_m and U_(M-m) and packs them into Z_m and Z_(M-m), whose inverse DFT of M points is
        // z_j = v_2j + i v_2j+1 (real_pairs.h), v the real inverse transform of U.
        {
            // element(m): the copy's element m, (x_m, -x_(n-m)) and (x_0, x_M), from the slot or where it lies.
            const auto rotate_items = [&](auto element) {
                if (!active) return;
                // A trip loads the next trip's rotations before its own work (as halved_dct2_output).
                RotationPair<Real> next =
                    2 * lane <= half ? halved_rotation_pair(rotation, lane) : RotationPair<Real>{};
                for (uint32_t m = lane; 2 * m <= half; m += lanes) {
                    const RotationPair<Real> rotations = next;
                    if (2 * (m + lanes) <= half) next = halved_rotation_pair(rotation, m + lanes);
                    const uint32_t partner = m == 0 ? 0 : half - m;
                    const Complex<Real> a = element(m), b = m == 0 ? a : element(partner);
                    const Complex<Real> r = rotations.turn;
                    const Complex<Real> u_m = m == 0 ? Complex<Real>{a.re, Real(0)} : a * conjugate(r);
                    const Complex<Real> u_partner =
                        (m == 0 ? Complex<Real>{a.im, -a.im} : b) * conjugate(partner_rotation(r));
                    Complex<Real> z_m, z_partner;
                    pack_pair(u_m, u_partner, rotations.unpack, m == 0, z_m, z_partner);
                    slot[m] = z_m;
                    if (m != 0) slot[partner] = z_partner; // the same element where 2m = M, and then the same value
                }
            };
            if constexpr (Dct3Copy == HalvedDct3Copy::direct) {
                rotate_items([&](uint32_t m) { return halved_dct3_copy_element(side, n, m); });
            } else {
                // The copy's path may differ between the transforms of a block, its barrier may not.
                copy_halved_dct3<InFlightBytes, Dct3Copy>(n, side, slot, active, lane, lanes);
                barrier();
                rotate_items([&](uint32_t m) { return Complex<Real>(slot[m]); });
            }
        }
        return;
    default: // dct4
        if (!even) {
            const OddDct4Map map{n};
            for_each_item_batched<InFlightBytes>(
                items, lane, lanes,
                [&](uint32_t m) {
                    const OddDct4Map::Term term = map.input(m);
                    const Complex<Real> v = in_pair(term.index);
                    return term.negative ? Complex<Real>{-v.re, -v.im} : v;
                },
                [&](uint32_t m, const Complex<Real>& v) { slot[m] = v; });
            return;
        }
        // Halved: z_m = (x_2m + i x_(n-1-2m)) exp(-i pi (4m + 1) / 4n).
        for_each_item_batched<InFlightBytes>(
            active ? half : 0, lane, lanes,
            [&](uint32_t m) { return Complex<Real>{in(2 * m), in(n - 1 - 2 * m)}; },
            [&](uint32_t m, const Complex<Real>& v) { slot[m] = v * dct4_input_rotation(rotation, m); });
        return;
    }
}

template <bool OddReal = true, bool HalvedDct2Only = false, class Real, class Slot, class Rotation>
RIFT_HOST_DEVICE void real_to_real_output(RealToRealKind kind, uint32_t n, const Slot& slot, Real* y, Real* twin,
                                          int64_t stride, Real scale, bool active, uint32_t lane, uint32_t lanes,
                                          Rotation rotation)
{
    using namespace real_to_real;
    if (!active) return;
    if constexpr (HalvedDct2Only)
        return halved_dct2_output(n, slot, form_side(y, n, stride, kind == RealToRealKind::dst2, false), scale, lane,
                                  lanes, rotation);
    const bool reverse = kind == RealToRealKind::dst2;
    const bool alternate = kind == RealToRealKind::dst3 || kind == RealToRealKind::dst4;
    const FormSide<Real*> side = form_side(y, n, stride, reverse, alternate);
    const FormSide<Real*> twin_side = form_side(twin ? twin : y, n, stride, reverse, alternate); // as the input's
    const auto out = [&](uint32_t i, Real v) { store(side, i, v); };
    const auto out_twin = [&](uint32_t i, Real v) {
        if (OddReal && twin) store(twin_side, i, v);
    };
    const bool aligned = quads_aligned(side);
    const auto element = [&](uint32_t m) { return Complex<Real>(slot[m]); };
    const Real twice = 2 * scale;
    const uint32_t half = n / 2;
    const bool even = !OddReal || n % 2 == 0; // odd n runs a DFT of odd length
    switch (form_of(kind)) {
    case RealToRealKind::dct1: { // y_k = X_k, k in [0, N], the real DFT of the 2N reals from Z_k and Z_(N-k)
        const uint32_t N = n - 1;
        for (uint32_t k = lane; 2 * k <= N; k += lanes) {
            Complex<Real> x_k, x_partner;
            unpack_pair(element(k), element(k == 0 ? 0 : N - k), rotation(k), x_k, x_partner);
            out(k, x_k.re * scale);
            if (k == 0) out(N, x_partner.re * scale); // X_N, from Z_0
            else if (2 * k != N) out(N - k, x_partner.re * scale);
        }
        return;
    }
    case RealToRealKind::dst1: { // y_i = -Im X_(i+1): item k in [1, N / 2] unpacks X_k and X_(N-k)
        const uint32_t N = n + 1;
        for (uint32_t k = lane + 1; 2 * k <= N; k += lanes) {
            Complex<Real> x_k, x_partner;
            unpack_pair(element(k), element(N - k), rotation(k), x_k, x_partner);
            out(k - 1, -x_k.im * scale);
            if (2 * k != N) out(N - k - 1, -x_partner.im * scale);
        }
        return;
    }
    case RealToRealKind::dct2: // y_k = 2 Re(exp(-i pi k / 2n) X_k), X the DFT of the reordered reals
        if (!even) { // c_k = 2 exp(-i pi k / 2n) X_k gives y_k = Re c_k and y_(n-k) = -Im c_k
            for (uint32_t k = lane; 2 * k < n; k += lanes) {
                if (k == 0) {
                    const Complex<Real> z = element(0);
                    out(0, twice * z.re);
                    out_twin(0, twice * z.im);
                    continue;
                }
                Complex<Real> x_k, twin_k;
                separate_real_pair(element(k), element(n - k), x_k, twin_k);
                const Complex<Real> r = rotation(2 * k);
                const Complex<Real> c = scaled(r * x_k, scale), twin_c = scaled(r * twin_k, scale);
                out(k, c.re);
                out(n - k, -c.im);
                out_twin(k, twin_c.re);
                out_twin(n - k, -twin_c.im);
            }
            return;
        }
        return halved_dct2_output(n, slot, side, scale, lane, lanes, rotation);
    case RealToRealKind::dct3: // y at DCT-II's order of the reals: v_p to x_2p, v_(n-1-p) to x_(2p+1)
        if (!even) { // the twin's in the imaginary parts
            for (uint32_t a = lane; 2 * a < n; a += lanes) {
                const Complex<Real> e = element(a);
                out(2 * a, e.re * scale);
                out_twin(2 * a, e.im * scale);
                if (2 * a + 1 == n) continue;
                const Complex<Real> f = element(n - 1 - a);
                out(2 * a + 1, f.re * scale);
                out_twin(2 * a + 1, f.im * scale);
            }
            return;
        }
        // Halved: z_b = (v_2b, v_2b+1) and z_(M-1-b) give reals 4b..4b+3, as DCT-II's input takes them.
        for (uint32_t b = lane; b < n / 4; b += lanes) {
            const Complex<Real> e = element(b), f = element(half - 1 - b);
            store_quad(side, b, aligned, {e.re * scale, f.im * scale, e.im * scale, f.re * scale});
        }
        if (n % 4 == 2 && lane == 0) {
            const Complex<Real> e = element(n / 4);
            out(n - 2, e.re * scale);
            out(n - 1, e.im * scale);
        }
        return;
    default: // dct4
        if (!even) {
            const OddDct4Map map{n};
            const auto put = [&](uint32_t q, const Complex<Real>& g, const Complex<Real>& twin_g, Real factor) {
                const OddDct4Map::Result result = map.output(q);
                const auto combine = [&](const Complex<Real>& v) {
                    return factor * ((result.cosine_negative ? -v.re : v.re) + (result.sine_negative ? -v.im : v.im));
                };
                out(result.index, combine(g));
                out_twin(result.index, combine(twin_g));
            };
            const Real root_two = scale * Real(1.41421356237309504880168872420969807857);
            for (uint32_t q = lane; 2 * q < n; q += lanes) {
                if (q == 0) { // G_0 = g_0 + i g'_0 with both real
                    const Complex<Real> z = element(0);
                    put(0, {z.re, Real(0)}, {z.im, Real(0)}, root_two);
                    continue;
                }
                Complex<Real> g, twin_g; // G_q and G'_q, twice; G_(n-q) their conjugates
                separate_real_pair(element(q), element(n - q), g, twin_g);
                put(q, g, twin_g, root_two / 2);
                put(n - q, conjugate(g), conjugate(twin_g), root_two / 2);
            }
            return;
        }
        // Halved: w_q = 2 Z_q exp(-i pi q / n) gives y_2q = Re w_q and y_(n-1-2q) = -Im w_q.
        for (uint32_t q = lane; q < half; q += lanes) {
            const Complex<Real> w = scaled(element(q) * dct4_output_rotation(rotation, q), twice);
            out(2 * q, w.re);
            out(n - 1 - 2 * q, -w.im);
        }
        return;
    }
}

// The input of a DCT-II or DST-II of even n = 2M as the first pass reads it where it lies, in kernels that leave it
// unstaged (unit stride): DFT element m is z_m = v_2m + i v_2m+1 as the halved form has it in the slot
// (real_to_real_input), v the reordered reals, v_q = x_2q below M and x_(4M-2q-1) from there (negated there for
// a DST-II: its reals alternate in sign). Each element is two scalar loads: a warp takes every other real of its
// span, whose other half other lanes of the transform take. (The output of DCT-III, the same reordering, stays
// staged: written so, the halves of its sectors went out apart.)
template <class Real>
struct ReorderedSource {
    const Real* x;
    uint32_t half; // M
    bool alternate;
    bool quads; // quads_aligned(): the same for every transform of the block (reordered_input)

    struct Run {
        const Real* x;
        uint32_t half;
        bool alternate;
        uint32_t first;
        uint32_t step;
        RIFT_HOST_DEVICE Real real(uint32_t q) const
        {
            const Real v = x[q < half ? 2 * q : 4 * half - 2 * q - 1];
            return alternate && q >= half ? -v : v;
        }
        RIFT_HOST_DEVICE Complex<Real> load(uint32_t r) const
        {
            const uint32_t q = 2 * (first + r * step);
            return {real(q), real(q + 1)};
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const { return {x, half, alternate, first, step}; }

    // Reals 4b..4b+3 in one load, z_b = (x_4b, x_4b+2) and z_(M-1-b) = (x_4b+3, x_4b+1): where M is even and the
    // reals aligned to a quad (MirroredFirstPass).
    RIFT_HOST_DEVICE bool quads_aligned() const { return quads; }
    RIFT_HOST_DEVICE RealQuad<Real> quad(uint32_t b) const
    {
        RealQuad<Real> q = reinterpret_cast<const RealQuad<Real>*>(x)[b];
        if (alternate) q.r1 = -q.r1, q.r3 = -q.r3;
        return q;
    }
};

template <class Real>
struct MirrorPairedSource<ReorderedSource<Real>> {
    static constexpr bool value = true;
};

// The mirrored first pass's loads: of a lane's butterfly j and its mirror, element r of j and R - 1 - r of the
// mirror are z_m and z_(M-1-m) (m = j + r M / R), one quad: quad m where m < M / 2, else quad M - 1 - m.
template <int R, int E, bool Inverse, class Real, uint32_t Length, uint32_t Lanes>
RIFT_HOST_DEVICE void load_butterflies(Registers<Real, E>& regs, uint32_t lane,
                                       const MirroredFirstPass<R, Length, Lanes>& pass,
                                       const Complex<Real>* twiddles, const ReorderedSource<Real>& src)
{
    using Pass = MirroredFirstPass<R, Length, Lanes>;
    static_assert(Pass::per_lane * R <= E, "a lane's butterflies of a pass must fit its registers");
    RIFT_UNROLL
    for (int b = 0; b < Pass::pairs; ++b) {
        const uint32_t j = Pass::butterfly(lane, b);
        RIFT_UNROLL
        for (int r = 0; r < R; ++r) {
            Complex<Real>& own = regs.v[b * R + r];
            Complex<Real>& mirror = regs.v[(b + Pass::pairs) * R + (R - 1 - r)];
            const uint32_t m = j + r * Pass::count;
            if (2 * r + 1 <= R) { // m < M / 2, as j < count / 2
                const RealQuad<Real> q = src.quad(m);
                own = {q.r0, q.r2};
                mirror = {q.r3, q.r1};
            } else {
                const RealQuad<Real> q = src.quad(Length - 1 - m);
                mirror = {q.r0, q.r2};
                own = {q.r3, q.r1};
            }
        }
    }
    transform_butterflies<R, E, Inverse>(regs, lane, pass, twiddles);
}

// The plain first pass's loads of a compiled kernel: element r of butterfly j is z_m, m = j + r M / R with
// j < M / R, so it lies wholly in the front half, (x_4m, x_4m+2) where 2m + 1 < M, for 2r + 2 <= R and wholly in
// the back, (x_(4M-4m-1), x_(4M-4m-3)) where 2m >= M, for 2r >= R: each a lane's base plus a constant. Only the
// middle element of an odd radix is placed lane by lane (Run::load), and every element in transforms of fewer than
// kLanesPlacingReorderedReals lanes: several of those share a warp, whose loads then scatter over their sectors and
// bound the kernel by the L2, where fewer instructions only bunched the loads (docs/performance.md).
inline constexpr uint32_t kLanesPlacingReorderedReals = 8;
template <int R, int E, bool Inverse, class Real, uint32_t Length, uint32_t Lanes>
RIFT_HOST_DEVICE void load_butterflies(Registers<Real, E>& regs, uint32_t lane,
                                       const FixedPass<R, Length, 1, Lanes>& pass, const Complex<Real>* twiddles,
                                       const ReorderedSource<Real>& src)
{
    using Pass = FixedPass<R, Length, 1, Lanes>;
    static_assert(Pass::per_lane * R <= E, "a lane's butterflies of a pass must fit its registers");
    constexpr bool placed = Lanes >= kLanesPlacingReorderedReals;
    RIFT_UNROLL
    for (int b = 0; b < Pass::per_lane; ++b) {
        const uint32_t j = Pass::butterfly(lane, b);
        if (!Pass::in_range(j, b)) continue;
        const Real* const front = src.x + 4 * j;                   // x_4m of element 0
        const Real* const back = src.x + (4 * Length - 1 - 4 * j); // x_(4M-4m-1) of element 0
        RIFT_UNROLL
        for (int r = 0; r < R; ++r) {
            const int32_t offset = 4 * r * int32_t(Pass::count);
            Complex<Real>& z = regs.v[b * R + r];
            if (placed && 2 * r + 2 <= R) {
                z = {front[offset], front[offset + 2]};
            } else if (placed && 2 * r >= R) {
                z = {back[-offset], back[-offset - 2]};
                if (src.alternate) z = {-z.re, -z.im};
            } else {
                z = src.run(j, Pass::count).load(uint32_t(r));
            }
        }
    }
    transform_butterflies<R, E, Inverse>(regs, lane, pass, twiddles);
}

// Transform t's input as ReorderedSource reads it. Its pairs are read as quads only where every transform of the
// tile is aligned to one: the mirrored first pass and the plain one have their barriers in different places, so
// the block's threads must all take the same.
template <class Real>
RIFT_HOST_DEVICE ReorderedSource<Real> reordered_input(const StockhamArgs& args, const TransformTile<Real>& tile,
                                                       uint32_t t)
{
    const Real* first = static_cast<const Real*>(args.input) + tile.input_offset;
    const bool quads = args.length % 2 == 0 && args.dims[0].input_stride % 4 == 0 &&
                       reinterpret_cast<uintptr_t>(first) % (4 * sizeof(Real)) == 0;
    return {first + t * args.dims[0].input_stride, args.length,
            RealToRealKind(args.real_to_real - 1) == RealToRealKind::dst2, quads};
}

// The staged sides of a real-to-real launch (StockhamArgs::real_to_real) for transform t of the tile.
template <uint32_t InFlightBytes, bool OddReal = true,
          real_to_real::HalvedDct3Copy Dct3Copy = real_to_real::HalvedDct3Copy::mirrored_quads, uint32_t KindOnly = 0,
          class Real, class Slot, class Barrier>
RIFT_HOST_DEVICE void stage_real_to_real_in(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                            bool active, const Slot& slot, uint32_t lane, uint32_t lanes,
                                            Barrier barrier)
{
    const Real* x = static_cast<const Real*>(args.input) + tile.input_offset + t * args.dims[0].input_stride;
    const Real* twin = twin_transform<OddReal>(args, tile, t, x, args.twins.input_stride);
    const RealToRealKind kind = kernel_real_to_real_kind<KindOnly>(args.real_to_real);
    const RealToRealRotation<Real> rotation(args.real_twiddles, args.real_to_real_root_bits, kind,
                                            args.real_to_real_length);
    real_to_real_input<InFlightBytes, OddReal, Dct3Copy>(kind, args.real_to_real_length, x, twin,
                                                         int64_t(args.input_stride), active, slot, lane, lanes,
                                                         rotation, barrier);
}

template <bool OddReal = true, bool HalvedDct2Only = false, uint32_t KindOnly = 0, class Real, class Slot>
RIFT_HOST_DEVICE void stage_real_to_real_out(const StockhamArgs& args, const TransformTile<Real>& tile, uint32_t t,
                                             bool active, const Slot& slot, uint32_t lane, uint32_t lanes)
{
    Real* y = static_cast<Real*>(args.output) + tile.output_offset + t * args.dims[0].output_stride;
    Real* twin = twin_transform<OddReal>(args, tile, t, y, args.twins.output_stride);
    const RealToRealKind kind = kernel_real_to_real_kind<KindOnly>(args.real_to_real);
    const RealToRealRotation<Real> rotation(args.real_twiddles, args.real_to_real_root_bits, kind,
                                            args.real_to_real_length);
    real_to_real_output<OddReal, HalvedDct2Only>(kind, args.real_to_real_length, slot, y, twin,
                                                 int64_t(args.output_stride), static_cast<Real>(args.scale), active,
                                                 lane, lanes, rotation);
}

// Row spans of the halved forms (even n, all kinds but DCT-I and DST-I), in kernels that stage them (StagedRows with
// real data, stockham_kernel.h): the tile's transforms lie one after another on each side, count x n reals, and the
// block moves them between global memory and rows of shared memory (real_row_stride apart) in the widest unit the
// span's alignment allows, so that a warp moves whole lines where the lanes of short transforms, several to a warp,
// would each take a few reals of their own. The kind's maps then work on the rows.
namespace real_to_real {

// Units a thread moves at a time: the reals a lane's E complex registers would hold, at least one unit, at most
// eight (loads all in flight before their stores).
template <class Unit, class Real, int E>
inline constexpr uint32_t kRowBatch = 2 * E * sizeof(Real) / sizeof(Unit) < 1   ? 1
                                      : 2 * E * sizeof(Real) / sizeof(Unit) > 8 ? 8
                                                                                : 2 * E * sizeof(Real) / sizeof(Unit);

template <class Unit, uint32_t RowReals, uint32_t Batch, bool Inward, class Real>
RIFT_HOST_DEVICE void move_real_row_units(const Real* from, Real* to, uint32_t count, uint32_t thread,
                                          uint32_t threads)
{
    constexpr uint32_t width = sizeof(Unit) / sizeof(Real);
    static_assert(RowReals % width == 0, "a unit lies within one row");
    constexpr uint32_t row_units = RowReals / width, stride_units = real_row_stride(RowReals) / width;
    const auto in_rows = [](uint32_t k) {
        const uint32_t t = k / row_units;
        return t * stride_units + (k - t * row_units);
    };
    const Unit* const source = reinterpret_cast<const Unit*>(from);
    Unit* const destination = reinterpret_cast<Unit*>(to);
    const uint32_t total = count * row_units;
    for_each_span_batch<Batch>(total, thread, threads, [&](uint32_t i, auto batch) RIFT_INLINE_LAMBDA {
        Unit v[Batch] = {};
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u) {
            const uint32_t k = i + u * threads;
            if (batch.whole || k < total) v[u] = source[Inward ? k : in_rows(k)];
        }
        RIFT_UNROLL
        for (uint32_t u = 0; u < Batch; ++u) {
            const uint32_t k = i + u * threads;
            if (batch.whole || k < total) destination[Inward ? in_rows(k) : k] = v[u];
        }
    });
}

// Moves `count` rows of RowReals reals between global memory (`from` where Inward, else `to`) and the rows: in quads
// where the span starts on one, else in pairs, else real by real.
template <uint32_t RowReals, int E, bool Inward, class Real>
RIFT_HOST_DEVICE void move_real_rows(const Real* from, Real* to, uint32_t count, uint32_t thread, uint32_t threads)
{
    const uintptr_t global = reinterpret_cast<uintptr_t>(Inward ? static_cast<const void*>(from) : to);
    if constexpr (RowReals % 4 == 0) {
        if (global % (4 * sizeof(Real)) == 0)
            return move_real_row_units<RealQuad<Real>, RowReals, kRowBatch<RealQuad<Real>, Real, E>, Inward>(
                from, to, count, thread, threads);
    }
    if constexpr (RowReals % 2 == 0) {
        if (global % (2 * sizeof(Real)) == 0)
            return move_real_row_units<Complex<Real>, RowReals, kRowBatch<Complex<Real>, Real, E>, Inward>(
                from, to, count, thread, threads);
    }
    move_real_row_units<Real, RowReals, kRowBatch<Real, Real, E>, Inward>(from, to, count, thread, threads);
}

} // namespace real_to_real

// Transform t's row of a block's rows (`rows`: the first), of n reals.
template <class Real>
RIFT_HOST_DEVICE Real* real_to_real_row(Real* rows, uint32_t n, uint32_t t)
{
    return rows + t * real_row_stride(n);
}

// The input map from a transform's row (stage_real_to_real_in's, the row for the user's reals; DCT-III's rotations
// read the row where it lies).
template <uint32_t InFlightBytes, uint32_t KindOnly = 0, class Real, class Slot, class Barrier>
RIFT_HOST_DEVICE void stage_real_to_real_row_in(const StockhamArgs& args, const Real* row, bool active,
                                                const Slot& slot, uint32_t lane, uint32_t lanes, Barrier barrier)
{
    const RealToRealKind kind = kernel_real_to_real_kind<KindOnly>(args.real_to_real);
    const RealToRealRotation<Real> rotation(args.real_twiddles, args.real_to_real_root_bits, kind,
                                            args.real_to_real_length);
    real_to_real_input<InFlightBytes, false, real_to_real::HalvedDct3Copy::direct>(
        kind, args.real_to_real_length, row, static_cast<const Real*>(nullptr), 1,
        active, slot, lane, lanes, rotation, barrier);
}

// The output map into a transform's row.
template <bool HalvedDct2Only, uint32_t KindOnly = 0, class Real, class Slot>
RIFT_HOST_DEVICE void stage_real_to_real_row_out(const StockhamArgs& args, Real* row, bool active, const Slot& slot,
                                                 uint32_t lane, uint32_t lanes)
{
    const RealToRealKind kind = kernel_real_to_real_kind<KindOnly>(args.real_to_real);
    const RealToRealRotation<Real> rotation(args.real_twiddles, args.real_to_real_root_bits, kind,
                                            args.real_to_real_length);
    real_to_real_output<false, HalvedDct2Only>(kind, args.real_to_real_length, slot,
                                               row, static_cast<Real*>(nullptr), 1, static_cast<Real>(args.scale),
                                               active, lane, lanes, rotation);
}

} // namespace rift::kernels
