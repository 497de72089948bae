// Twiddle tables for the Stockham passes and the other complex constants of a plan (Bluestein's chirp and its
// spectrum), computed once in (long) double and rounded to the plan's precision. Roots are computed on the host;
// the host executor reads the host copy and the GPU the device copy of the very same numbers (the host executor
// also runs GPU plans). Bluestein's spectrum, a transform of the chirp, is made on the GPU for GPU plans and its
// host copy downloaded from there.
// Tables are shared between plans with the same parameters, precision and device. A plan acquires its tables
// while its tree is built and makes them (computes and uploads) only once the tree is chosen (make_tables in
// library/exec/kernel_chain.h), so candidate trees that planning drops cost no tables.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "library/core/values.h"
#include "library/platform/device.h"
#include "library/tables/unit_roots.h"

namespace rift::kernels {
enum class RealToRealKind : uint32_t; // kernels/real_to_real.h
}

namespace rift {

class TwiddleTable;
using MakeTable = std::function<rift_status(std::shared_ptr<const TwiddleTable>&)>;

class TwiddleTable {
public:
    // A table made now.
    TwiddleTable(std::vector<unsigned char> host_bytes, DeviceBuffer device_copy)
        : host_bytes_(std::move(host_bytes)), device_copy_(std::move(device_copy)), made_(true)
    {
    }
    // A table that `make_table` makes on the first call of make(); it must not refer to the planner's locals.
    explicit TwiddleTable(MakeTable make_table) : make_table_(std::move(make_table)) {}
    TwiddleTable(const TwiddleTable&) = delete;
    TwiddleTable& operator=(const TwiddleTable&) = delete;

    // Makes the table unless it is made (once, whichever thread asks first); a failure leaves it to the next call.
    rift_status make() const;
    bool made() const { return made_.load(std::memory_order_acquire); }
    // Null until the table is made.
    const void* host_data() const;
    const void* device_data() const;
    // The host copy's bytes (empty until the table is made).
    const std::vector<unsigned char>& host_bytes() const;

private:
    std::vector<unsigned char> host_bytes_;
    DeviceBuffer device_copy_;
    mutable std::mutex making_;
    mutable MakeTable make_table_;
    mutable std::shared_ptr<const TwiddleTable> contents_; // what make_table made
    mutable std::atomic<bool> made_{false};
};

// Entries of pass p (span s = product of earlier radices, radix R): exp(-2 pi i r k / (s R)) at index
// (s - 1) + (r - 1) s + k, for k < s and 1 <= r < R, as kernels/stockham_pass.h reads them.
std::vector<UnitRoot> stockham_twiddles(const std::vector<uint32_t>& radices);

// The shared table for these radices; uploads it to `device` unless device is kNoDevice.
rift_status acquire_stockham_table(const std::vector<uint32_t>& radices, Precision precision, int device,
                                   std::shared_ptr<const TwiddleTable>& table);

// Row/column step twiddles exp(-2 pi i e / order) for 0 <= e < order as two levels (kernels/transform_tile.h):
// exponents below 2^bits, then multiples of 2^bits. A product of two correctly rounded entries is within about
// one unit in the last place, and both levels together hold about 2 sqrt(order) entries instead of order.
uint32_t step_twiddle_bits(uint64_t order);
std::vector<UnitRoot> step_twiddles(uint64_t order);
rift_status acquire_step_twiddle_table(uint64_t order, Precision precision, int device,
                                       std::shared_ptr<const TwiddleTable>& table);

// The rotations of a one-block real-to-real kernel of `kind` on n reals (kernels/real_to_real.h, RealToRealRotation):
// its items' rotations (item_rotation_count, item_rotation_exponent), then the two-level table of its rotation order.
std::vector<UnitRoot> real_to_real_rotations(kernels::RealToRealKind kind, uint32_t n);
rift_status acquire_real_to_real_rotation_table(kernels::RealToRealKind kind, uint32_t n, Precision precision,
                                                int device, std::shared_ptr<const TwiddleTable>& table);

// The roots a real transform of even length 2M needs to unpack (pack) its half-length complex transform:
// exp(-2 pi i k / (2M)) for k = 0 .. M/2 (kernels/real_pack.h).
std::vector<UnitRoot> real_twiddles(uint64_t half_length);
rift_status acquire_real_twiddle_table(uint64_t half_length, Precision precision, int device,
                                       std::shared_ptr<const TwiddleTable>& table);

// Bluestein's chirp w_n = exp(-+ pi i n^2 / N) for n < N (minus forward, plus inverse), with n^2 reduced modulo
// 2N in integers so that the angle stays exact however long the transform.
std::vector<ComplexDouble> bluestein_chirp(uint64_t length, Direction direction);

// The chirp of one length and direction, computed on first use: the chirp table and the spectrum's filter both
// start from it, and neither needs it while live plans share both tables. Both tables' makers may ask at once.
class LazyBluesteinChirp {
public:
    LazyBluesteinChirp(uint64_t length, Direction direction) : length_(length), direction_(direction) {}
    uint64_t length() const { return length_; }
    Direction direction() const { return direction_; }
    const std::vector<ComplexDouble>& values();

private:
    uint64_t length_;
    Direction direction_;
    std::once_flag computed_;
    std::vector<ComplexDouble> values_;
};

rift_status acquire_bluestein_chirp_table(const std::shared_ptr<LazyBluesteinChirp>& chirp, Precision precision,
                                          int device, std::shared_ptr<const TwiddleTable>& table);
// The spectrum the convolution multiplies by, for transforms of `length` padded to `padded_length`, in natural
// order (row_length 0) or in the row order of a three-stage plan with rows of row_length
// (kernels/bluestein_steps.h): the planner makes the table (make_spectrum, on the device for GPU plans) the
// first time a plan needs it; later plans share it.
rift_status acquire_bluestein_spectrum_table(uint64_t length, uint64_t padded_length, uint64_t row_length,
                                             Direction direction, Precision precision, int device,
                                             const MakeTable& make_spectrum,
                                             std::shared_ptr<const TwiddleTable>& table);

// The tables of Rader's algorithm for a prime, made by `make_table` the first time a plan needs one and shared by
// later plans: the convolution's pass twiddles (`parameters`: its radices), its filter's spectrum (the prime and
// the direction) and the logarithms of the permutation (the prime).
enum class RaderTable { twiddles, spectrum, logarithms };
rift_status acquire_rader_table(RaderTable which, std::vector<uint64_t> parameters, Precision precision, int device,
                                const MakeTable& make_table, std::shared_ptr<const TwiddleTable>& table);

// A table of entries computed in double on the host, rounded to `precision` and uploaded to `device` unless that
// is kNoDevice. Shared with no other plan unless acquired through the cache (a convolution's filter spectrum is
// user data and never is).
rift_status make_unshared_table(const std::vector<ComplexDouble>& entries, Precision precision, int device,
                                std::shared_ptr<const TwiddleTable>& table);

} // namespace rift
