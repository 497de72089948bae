// One radix-R pass of the Stockham autosort FFT (the formulation of Govindaraju et al., SC'08). Butterfly j reads
// elements j + r*(N/R), which is coalesced for every pass, twiddles them, transforms them, and writes them
// R-interleaved at `span` (the product of the earlier radices): to (j - j%span)*R + j%span + r*span. After the
// last pass the output is in natural order, so there is no bit-reversal pass.
//
// A lane (a GPU thread) keeps E elements in registers: it runs butterflies lane, lane + step, ... (E/R of them)
// of a pass. Loading and storing are separate calls so that a barrier can sit between them when a pass reads and
// writes the same shared-memory slot. Shared verbatim by the GPU kernels and the host executor.
#pragma once

#include <cstdint>

#include "kernels/butterflies.h"
#include "kernels/radices.h"
#include "kernels/views.h"

namespace rift::kernels {

template <class Real, int E>
struct Registers {
    Complex<Real> v[E];
};

// Pass twiddles are tabulated per pass as exp(-2 pi i r k / (span R)) at (r - 1) * span + k, for k < span and
// 1 <= r < R, so the lanes of a warp (consecutive k) read consecutive entries. The tables of all passes sit
// back to back, pass p's starting at span_p - 1.
template <class Real>
RIFT_HOST_DEVICE const Complex<Real>* pass_twiddles(const Complex<Real>* table, uint32_t span)
{
    return table + (span - 1);
}

// Which butterflies of a pass a lane runs: butterfly b < per_lane of the lane is j = lane + b * step (j < count
// = N / R only), and its twiddle column is k = j % span. RuntimePass holds these as values: the runtime-radix
// path, one butterfly a call. FixedPass holds them as constants and relies on lane < Lanes (every launch and the
// host executor run exactly Lanes lanes a transform), so the bounds checks and remainders of the fixed-length
// kernels fold at compile time; they were a third of those kernels' instructions. A lane holds at least
// per_lane * R elements (E) in registers; the radices need not divide E, so any lanes suit any radices.
template <int R>
struct RuntimePass {
    static constexpr int per_lane = 1;
    static constexpr uint32_t known_length = 0; // the length is a value
    uint32_t count;
    uint32_t span;
    uint32_t step;
    RIFT_HOST_DEVICE uint32_t butterfly(uint32_t lane, int b) const { return lane + b * step; }
    RIFT_HOST_DEVICE bool in_range(uint32_t j, int) const { return j < count; }
    RIFT_HOST_DEVICE uint32_t column(uint32_t, uint32_t j, int) const { return j % span; }
};

template <int R, uint32_t Length, uint32_t Span, uint32_t Lanes>
struct FixedPass {
    static constexpr uint32_t count = Length / R;
    static constexpr uint32_t span = Span;
    static constexpr uint32_t known_length = Length;
    static constexpr int per_lane = int((count + Lanes - 1) / Lanes);
    RIFT_HOST_DEVICE static uint32_t butterfly(uint32_t lane, int b) { return lane + b * Lanes; }
    // Every lane's butterfly b is in range when (b + 1) * Lanes <= count.
    RIFT_HOST_DEVICE static bool in_range(uint32_t j, int b) { return (b + 1) * Lanes <= count || j < count; }
    RIFT_HOST_DEVICE static uint32_t column(uint32_t lane, uint32_t j, int b)
    {
        if constexpr (Span == 1) {
            return 0;
        } else if constexpr (Span == count) { // the last pass, where j < count
            return j;
        } else if constexpr (Lanes % Span == 0) {
            return lane % Span;
        } else { // lane % Span is shared by the lane's butterflies
            const uint32_t k = lane % Span + (b * Lanes) % Span;
            return k >= Span ? k - Span : k;
        }
    }
};

// The first pass of a transform read in mirror pairs, element m with element Length - 1 - m (MirrorPairedSource):
// butterfly j's element r mirrors butterfly count - 1 - j's element R - 1 - r, so a lane that runs both reads each
// pair once. A lane's first half of butterflies are FixedPass's, lane + b * Lanes, the second half their mirrors;
// only where every lane runs an even number of butterflies, all in range (`fits`).
template <int R, uint32_t Length, uint32_t Lanes>
struct MirroredFirstPass {
    static constexpr uint32_t count = Length / R;
    static constexpr uint32_t span = 1;
    static constexpr uint32_t known_length = Length;
    static constexpr int per_lane = int((count + Lanes - 1) / Lanes);
    static constexpr int pairs = per_lane / 2;
    static constexpr bool fits = per_lane % 2 == 0 && count == uint32_t(per_lane) * Lanes;
    RIFT_HOST_DEVICE static uint32_t butterfly(uint32_t lane, int b)
    {
        return b < pairs ? lane + b * Lanes : count - 1 - (lane + (b - pairs) * Lanes);
    }
    RIFT_HOST_DEVICE static bool in_range(uint32_t, int) { return true; }
    RIFT_HOST_DEVICE static uint32_t column(uint32_t, uint32_t, int) { return 0; }
};

// How many powers w^(2^i) of its twiddle w a radix-R butterfly loads to build the R - 1 twiddles it needs as
// products (0: it loads each where it is used). Radices 8 and 16 always do. Radices 6-31 do in transforms of a
// compile-time length of 32 KiB or more, whose slot and twiddle tables leave the L1 little room for the twiddles
// (the products cost shorter transforms more than the loads they save). Radices 2-4 load at most three, radix 5
// two (transform_butterflies), radix 32 all 31 (products of its five powers raise the error and are no faster).
constexpr uint64_t kLongTransformBytes = 32 * 1024;
template <int R, class Real, class Pass>
RIFT_HOST_DEVICE constexpr int loaded_twiddle_powers()
{
    if (R == 8 || R == 16) return R == 8 ? 3 : 4;
    if (R < 6 || R >= 32 || uint64_t(Pass::known_length) * sizeof(Complex<Real>) < kLongTransformBytes) return 0;
    int bits = 0;
    while ((1 << bits) <= R - 1) ++bits;
    return bits;
}

// Twiddles and transforms the butterflies of a pass whose inputs are in the lane's registers.
template <int R, int E, bool Inverse, class Real, class Pass>
RIFT_HOST_DEVICE void transform_butterflies(Registers<Real, E>& regs, uint32_t lane, const Pass& pass,
                                            const Complex<Real>* twiddles)
{
    constexpr int per_lane = Pass::per_lane;
    static_assert(per_lane * R <= E, "a lane's butterflies of a pass must fit its registers");
    RIFT_UNROLL
    for (int b = 0; b < per_lane; ++b) {
        const uint32_t j = pass.butterfly(lane, b);
        if (!pass.in_range(j, b)) continue;
        Complex<Real> v[R];
        RIFT_UNROLL
        for (int r = 0; r < R; ++r) v[r] = regs.v[b * R + r];
        if (pass.span > 1) {
            // Indexed from the column's pointer, the rows' offsets are constants in the loads of a FixedPass.
            const Complex<Real>* const column = twiddles + pass.column(lane, j, b);
            if constexpr (R == 5) {
                // w^3 = w * w^2 and w^4 = (w^2)^2: two loads instead of four, at about an ulp of the twiddle.
                const Complex<Real> w1 = column[0];
                const Complex<Real> w2 = column[pass.span];
                const Complex<Real> w[4] = {w1, w2, w1 * w2, w2 * w2};
                RIFT_UNROLL
                for (int r = 1; r < R; ++r) v[r] = v[r] * (Inverse ? conjugate(w[r - 1]) : w[r - 1]);
            } else if constexpr (loaded_twiddle_powers<R, Real, Pass>() > 0) {
                // w^r as the product of the powers w^(2^i) of r's set bits: about log2(R) loads instead of
                // R - 1, at most four multiplies deep (a few ulps of the twiddle).
                constexpr int powers = loaded_twiddle_powers<R, Real, Pass>();
                Complex<Real> w_power[powers];
                RIFT_UNROLL
                for (int i = 0; i < powers; ++i) w_power[i] = column[((1 << i) - 1) * pass.span];
                RIFT_UNROLL
                for (int r = 1; r < R; ++r) {
                    const Complex<Real> w = power_from_set_bits(w_power, r);
                    v[r] = v[r] * (Inverse ? conjugate(w) : w);
                }
            } else {
                // Each twiddle loaded where it is used.
                RIFT_UNROLL
                for (int r = 1; r < R; ++r) {
                    const Complex<Real> w = column[(r - 1) * pass.span];
                    v[r] = v[r] * (Inverse ? conjugate(w) : w);
                }
            }
        }
        dft<R, Inverse>(v);
        RIFT_UNROLL
        for (int r = 0; r < R; ++r) regs.v[b * R + r] = v[r];
    }
}

template <int R, int E, bool Inverse, class Real, class Pass, class Source>
RIFT_HOST_DEVICE void load_butterflies(Registers<Real, E>& regs, uint32_t lane, const Pass& pass,
                                       const Complex<Real>* twiddles, const Source& src)
{
    constexpr int per_lane = Pass::per_lane;
    static_assert(per_lane * R <= E, "a lane's butterflies of a pass must fit its registers");
    // Every load first, so they are all in flight before the arithmetic needs them.
    RIFT_UNROLL
    for (int b = 0; b < per_lane; ++b) {
        const uint32_t j = pass.butterfly(lane, b);
        if (pass.in_range(j, b)) {
            const auto run = src.run(j, pass.count);
            RIFT_UNROLL
            for (int r = 0; r < R; ++r) regs.v[b * R + r] = run.load(r);
        }
    }
    transform_butterflies<R, E, Inverse>(regs, lane, pass, twiddles);
}

// The first pass of an inverse transform whose input the forward's last pass of the same radix left in the
// registers (filtered_transform.h): that pass stored butterfly j's output r, element j + r N / R, in register
// b R + r, which is where this pass's butterfly j loads it from. Weighted by the spectrum, then transformed.
template <int R, int E, bool Inverse, class Real, class Pass>
RIFT_HOST_DEVICE void load_butterflies(Registers<Real, E>& regs, uint32_t lane, const Pass& pass,
                                       const Complex<Real>* twiddles, const SpectrumWeightedRegisters<Real>& src)
{
    constexpr int per_lane = Pass::per_lane;
    static_assert(per_lane * R <= E, "a lane's butterflies of a pass must fit its registers");
    RIFT_UNROLL
    for (int b = 0; b < per_lane; ++b) {
        const uint32_t j = pass.butterfly(lane, b);
        if (pass.in_range(j, b)) {
            RIFT_UNROLL
            for (int r = 0; r < R; ++r) regs.v[b * R + r] = regs.v[b * R + r] * src.spectrum[j + r * pass.count];
        }
    }
    transform_butterflies<R, E, Inverse>(regs, lane, pass, twiddles);
}

template <int R, int E, class Real, class Pass, class Destination>
RIFT_HOST_DEVICE void store_butterflies(const Registers<Real, E>& regs, uint32_t lane, const Pass& pass,
                                        const Destination& dst)
{
    constexpr int per_lane = Pass::per_lane;
    static_assert(per_lane * R <= E, "a lane's butterflies of a pass must fit its registers");
    RIFT_UNROLL
    for (int b = 0; b < per_lane; ++b) {
        const uint32_t j = pass.butterfly(lane, b);
        if (!pass.in_range(j, b)) continue;
        const uint32_t k = pass.column(lane, j, b);
        const auto run = destination_run<R>(dst, (j - k) * R + k, pass.span);
        RIFT_UNROLL
        for (int r = 0; r < R; ++r) run.store(r, regs.v[b * R + r]);
    }
}

// One pass, butterfly by butterfly (first, first + step, ...), from src to a different dst: the runtime-radix
// path of lengths without a kernel of their own.
template <bool Inverse, class Real, class Source, class Destination>
RIFT_HOST_DEVICE void stockham_pass(uint32_t radix, uint32_t first, uint32_t step, uint32_t length, uint32_t span,
                                    const Complex<Real>* twiddles, const Source& src, const Destination& dst)
{
    switch (radix) {
#define RIFT_PASS_CASE(R)                                                                                    \
    case R:                                                                                                  \
        for (uint32_t j = first; j < length / R; j += step) {                                                \
            Registers<Real, R> regs;                                                                         \
            const RuntimePass<R> pass{length / R, span, 0};                                                  \
            load_butterflies<R, R, Inverse>(regs, j, pass, twiddles, src);                                   \
            store_butterflies<R, R>(regs, j, pass, dst);                                                     \
        }                                                                                                    \
        break;
        RIFT_FOR_EACH_RADIX(RIFT_PASS_CASE)
#if !RIFT_DEVICE_COMPILE
        // Compiled kernels' passes, run on the host: a split butterfly is one whole butterfly there.
        RIFT_FOR_EACH_COMPILED_ONLY_RADIX(RIFT_PASS_CASE)
        RIFT_FOR_EACH_SPLIT_ONLY_PRIME(RIFT_PASS_CASE)
#endif
#undef RIFT_PASS_CASE
    default: break; // the planner only emits radices from RIFT_FOR_EACH_RADIX (and compiled-only ones)
    }
}

} // namespace rift::kernels
