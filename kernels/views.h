// Where a pass reads and writes: the user's strided buffers in global memory, or one transform's slot in the
// block's shared memory (the host executor uses plain arrays in its place). A butterfly touches the elements
// first + r * step, r = 0..R-1: `run(first, step)` works out the address arithmetic once for all R of them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/complex.h"
#include "kernels/shared_layout.h"

namespace rift::kernels {

// A global load that asks the L2 to fetch the whole 128-byte line around it (sm_80 and later; elsewhere a plain
// load). Column tiles read runs of 32 or 64 bytes, and the blocks beside this one read the rest of each line at
// about the same time, so DRAM serves whole lines instead of sectors (a 256-byte fetch is no better). Volatile,
// so the compiler neither merges nor moves it as a pure value: in place, the transform's own stores overwrite it
// later.
template <class Real>
RIFT_HOST_DEVICE Complex<Real> load_global(const Complex<Real>* p)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    Complex<Real> v;
    if constexpr (sizeof(Real) == 4)
        asm volatile("ld.global.L2::128B.v2.f32 {%0, %1}, [%2];" : "=f"(v.re), "=f"(v.im) : "l"(p));
    else
        asm volatile("ld.global.L2::128B.v2.f64 {%0, %1}, [%2];" : "=d"(v.re), "=d"(v.im) : "l"(p));
    return v;
#else
    return *p;
#endif
}

template <class Real>
struct StridedSource {
    const Complex<Real>* base;
    size_t stride;

    struct Run {
        const Complex<Real>* first;
        size_t step;
        RIFT_HOST_DEVICE Complex<Real> load(uint32_t r) const { return load_global(first + r * step); }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const { return {base + first * stride, step * stride}; }
};

// A transform's elements one after another in memory the block reads like its slot: the copy of its input in
// shared memory (prefetched_transforms, stockham_kernel.h).
template <class Real>
struct ContiguousSource {
    const Complex<Real>* base;

    struct Run {
        const Complex<Real>* first;
        uint32_t step;
        RIFT_HOST_DEVICE Complex<Real> load(uint32_t r) const { return first[r * step]; }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const { return {base + first, step}; }
};

// exp(-+2 pi i e / L) from a two-level table: entries for exponents below 2^bits, then for multiples of 2^bits
// (library/tables/twiddle_table.h). The index arithmetic is the exponent's (unsigned) type: 32 bits where it fits.
template <class Real, class Exponent>
RIFT_HOST_DEVICE Complex<Real> two_level_root(const Complex<Real>* table, uint32_t bits, Exponent exponent,
                                              bool inverse)
{
    const Exponent low_mask = (Exponent(1) << bits) - 1;
    const Complex<Real> w = table[exponent & low_mask] * table[low_mask + 1 + (exponent >> bits)];
    return inverse ? conjugate(w) : w;
}

// The last pass's destination, so the scale factor costs one multiply in the final write. A row/column step
// also multiplies element k by the twiddle exp(-+2 pi i row k / L) there (twiddles non-null).
template <class Real>
struct ScaledStridedDestination {
    Complex<Real>* base;
    size_t stride;
    Real scale;
    const Complex<Real>* twiddles = nullptr;
    uint32_t twiddle_bits = 0;
    uint64_t row = 0;
    bool inverse = false;
    // Elements in groups of 2^group_bits (StockhamArgs::output_group_bits): element k at (k mod 2^bits) * stride
    // + (k >> bits) * group_stride. A run's step must be a multiple of the group (the planner sees to it), so
    // its elements stay evenly spaced.
    uint32_t group_bits = 0;
    size_t group_stride = 0;

    RIFT_HOST_DEVICE size_t offset(uint32_t k) const
    {
        if (group_bits == 0) return k * stride;
        return (k & ((1u << group_bits) - 1)) * stride + (k >> group_bits) * group_stride;
    }

    // A butterfly's R outputs r = 0..R-1 at first + r * step. For R = 16 the twiddle of output r is that of
    // `first` times those of the index steps 2^i in r's set bits: a run loads 5 two-level roots instead of 16
    // (at most five multiplies deep, a few ulps). The step twiddles' loads were half the global load
    // instructions of the twiddled column steps and mostly missed the L1; for radix-8 ends the registers it
    // holds would cost more (1024 and 2048 end in 16, fixed_lengths.h).
    template <int R>
    struct Run {
        static constexpr bool kPowered = R == 16;
        Complex<Real>* first;
        size_t step;
        Real scale;
        const Complex<Real>* twiddles;
        uint32_t twiddle_bits;
        bool inverse;
        uint64_t first_exponent; // row * first index, then row * index step per r
        uint64_t exponent_step;
        Complex<Real> first_twiddle = {};
        Complex<Real> step_twiddles[kPowered ? 4 : 1] = {}; // of index steps 2^i step

        RIFT_HOST_DEVICE void store(uint32_t r, Complex<Real> v) const
        {
            if (twiddles != nullptr) {
                if constexpr (kPowered) {
                    v = v * (r == 0 ? first_twiddle : first_twiddle * power_from_set_bits(step_twiddles, int(r)));
                } else {
                    v = v * two_level_root(twiddles, twiddle_bits, first_exponent + r * exponent_step, inverse);
                }
            }
            first[r * step] = scaled(v, scale);
        }
    };
    template <int R>
    RIFT_HOST_DEVICE Run<R> run(uint32_t first, uint32_t step) const
    {
        Run<R> run{base + offset(first), offset(step), scale, twiddles, twiddle_bits, inverse, row * first,
                   row * step};
        if constexpr (Run<R>::kPowered) {
            if (twiddles != nullptr) {
                run.first_twiddle = two_level_root(twiddles, twiddle_bits, run.first_exponent, inverse);
                RIFT_UNROLL
                for (uint32_t i = 0; i < 4; ++i)
                    run.step_twiddles[i] = two_level_root(twiddles, twiddle_bits, run.exponent_step << i, inverse);
            }
        }
        return run;
    }
};

// The run of a butterfly's R outputs (only the twiddled strided destination needs R).
template <int R, class Destination>
RIFT_HOST_DEVICE auto destination_run(const Destination& destination, uint32_t first, uint32_t step)
{
    return destination.run(first, step);
}
template <int R, class Real>
RIFT_HOST_DEVICE auto destination_run(const ScaledStridedDestination<Real>& destination, uint32_t first, uint32_t step)
{
    return destination.template run<R>(first, step);
}

// Twiddled stores (row/column steps) get a loop of their own, so that plain ones pay nothing per element; other
// destinations are never twiddled.
template <class Destination>
RIFT_HOST_DEVICE bool is_twiddled(const Destination&)
{
    return false;
}
template <class Real>
RIFT_HOST_DEVICE bool is_twiddled(const ScaledStridedDestination<Real>& destination)
{
    return destination.twiddles != nullptr;
}
template <class Destination>
RIFT_HOST_DEVICE Destination untwiddled(const Destination& destination)
{
    return destination;
}
template <class Real>
RIFT_HOST_DEVICE ScaledStridedDestination<Real> untwiddled(const ScaledStridedDestination<Real>& destination)
{
    ScaledStridedDestination<Real> plain = destination;
    plain.twiddles = nullptr;
    return plain;
}

// One transform's slot in shared memory (a plain array on the host), padded as shared_layout.h says. When the
// step is a multiple of the padding period, padding adds the same amount to every step, so the run needs one
// padded index instead of R.
template <class Real>
struct ScratchSlot {
    Complex<Real>* base;
    uint32_t pad_period;

    struct Run {
        Complex<Real>* base;
        uint32_t first;
        uint32_t step;
        uint32_t pad_period;
        bool uniform;
        RIFT_HOST_DEVICE uint32_t index(uint32_t r) const
        {
            return uniform ? first + r * step : padded_index(first + r * step, pad_period);
        }
        RIFT_HOST_DEVICE Complex<Real> load(uint32_t r) const { return base[index(r)]; }
        RIFT_HOST_DEVICE void store(uint32_t r, Complex<Real> v) const { base[index(r)] = v; }
    };
    RIFT_HOST_DEVICE Complex<Real>& operator[](uint32_t i) const { return base[padded_index(i, pad_period)]; }
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const
    {
        if (padding_is_uniform(step, pad_period))
            return {base, padded_index(first, pad_period), padded_index(step, pad_period), pad_period, true};
        return {base, first, step, pad_period, false};
    }
};

// The forward transform's result in the slot times the filter's spectrum, as the inverse transform's first pass
// reads it (filtered_transform.h): the product takes no pass of its own through shared memory.
template <class Real>
struct SpectrumWeightedSlot {
    ScratchSlot<Real> slot;
    const Complex<Real>* spectrum;

    struct Run {
        typename ScratchSlot<Real>::Run slot;
        const Complex<Real>* spectrum;
        uint32_t first;
        uint32_t step;
        RIFT_HOST_DEVICE Complex<Real> load(uint32_t r) const { return slot.load(r) * spectrum[first + r * step]; }
    };
    RIFT_HOST_DEVICE Run run(uint32_t first, uint32_t step) const
    {
        return {slot.run(first, step), spectrum, first, step};
    }
};

// Where the forward transform's last pass leaves its results in the lanes' registers, the inverse's first pass
// takes them from there, times the spectrum (stockham_pass.h): filtered_transform.h when both passes have the
// same radix. KeptInRegisters is that last pass's destination: it stores nothing.
template <class Real>
struct SpectrumWeightedRegisters {
    const Complex<Real>* spectrum;
};
struct KeptInRegisters {
    struct Run {
        template <class Value>
        RIFT_HOST_DEVICE void store(uint32_t, const Value&) const
        {
        }
    };
    RIFT_HOST_DEVICE Run run(uint32_t, uint32_t) const { return {}; }
};

// Sources whose elements m and N - 1 - m come from one aligned vector load where quads_aligned() says so (a DCT-II's
// reordered reals: real_to_real.h), which MirroredFirstPass reads in pairs.
template <class Source>
struct MirrorPairedSource {
    static constexpr bool value = false;
};

// A first pass that reads the slot (or registers loaded from it) before writing it must let every lane read
// before any lane writes.
template <class Source>
RIFT_HOST_DEVICE constexpr bool reads_slot(const Source&)
{
    return false;
}
template <class Real>
RIFT_HOST_DEVICE constexpr bool reads_slot(const SpectrumWeightedSlot<Real>&)
{
    return true;
}
template <class Real>
RIFT_HOST_DEVICE constexpr bool reads_slot(const SpectrumWeightedRegisters<Real>&)
{
    return true;
}

} // namespace rift::kernels
