#include "library/tables/twiddle_table.h"

#include <chrono>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>
#include <sys/stat.h>
#include <tuple>

#include "kernels/complex.h"
#include "kernels/real_to_real.h"
#include "library/core/error.h"
#include "library/core/log.h"
#include "library/platform/allocation_faults.h"
#include "library/platform/kernel_cache.h"

namespace rift {

std::vector<UnitRoot> stockham_twiddles(const std::vector<uint32_t>& radices)
{
    // Every pass's order span*R divides the length N, so all twiddles are N-th roots of unity.
    uint64_t length = 1;
    for (uint32_t radix : radices) length *= radix;
    UnitRootsOfOrder roots(length);
    roots.tabulate_first_octant();
    std::vector<UnitRoot> table;
    table.reserve(length - 1);
    uint64_t span = 1;
    for (uint32_t radix : radices) {
        const uint64_t order = span * radix;
        for (uint32_t r = 1; r < radix; ++r)
            for (uint64_t k = 0; k < span; ++k) table.push_back(roots.below_order(r * k * (length / order)));
        span *= radix;
    }
    return table;
}

uint32_t step_twiddle_bits(uint64_t order)
{
    uint32_t bits = 0;
    while ((uint64_t(1) << (2 * bits)) < order) ++bits;
    return bits;
}

std::vector<UnitRoot> step_twiddles(uint64_t order)
{
    const uint32_t bits = step_twiddle_bits(order);
    const uint64_t low = uint64_t(1) << bits;
    std::vector<UnitRoot> table;
    table.reserve(low + (order >> bits) + 1);
    for (uint64_t e = 0; e < low; ++e) table.push_back(forward_unit_root(e, order));
    for (uint64_t e = 0; e < order; e += low) table.push_back(forward_unit_root(e, order));
    return table;
}

std::vector<UnitRoot> real_to_real_rotations(kernels::RealToRealKind kind, uint32_t n)
{
    const uint64_t order = kernels::real_to_real_rotation_order(kind, n);
    const uint32_t items = kernels::item_rotation_count(kind, n);
    std::vector<UnitRoot> table;
    table.reserve(items);
    const UnitRootsOfOrder roots(order);
    for (uint32_t i = 0; i < items; ++i)
        table.push_back(roots.below_order(kernels::item_rotation_exponent(kind, n, i)));
    const std::vector<UnitRoot> two_level = step_twiddles(order);
    table.insert(table.end(), two_level.begin(), two_level.end());
    return table;
}

std::vector<UnitRoot> real_twiddles(uint64_t half_length)
{
    std::vector<UnitRoot> table;
    table.reserve(half_length / 2 + 1);
    UnitRootsOfOrder roots(2 * half_length);
    for (uint64_t k = 0; 2 * k <= half_length; ++k) table.push_back(roots.below_order(k));
    return table;
}

namespace {

template <class Real>
std::vector<unsigned char> round_to_bytes(const std::vector<ComplexDouble>& roots)
{
    // At least one entry, so even length-1 plans hand the kernel a valid pointer.
    auto bytes = host_buffer<unsigned char>(std::max<size_t>(roots.size(), 1) * sizeof(kernels::Complex<Real>));
    auto* entries = reinterpret_cast<kernels::Complex<Real>*>(bytes.data());
    for (size_t i = 0; i < roots.size(); ++i) entries[i] = {Real(roots[i].re), Real(roots[i].im)};
    return bytes;
}

// (what the table is for, its parameters, precision, device)
enum class TableKind {
    stockham,
    step,
    real,
    real_to_real,
    bluestein_chirp,
    bluestein_spectrum,
    rader_twiddles,
    rader_spectrum,
    rader_logarithms
};
using TableKey = std::tuple<TableKind, std::vector<uint64_t>, Precision, int>;

// Weak references: a table lives as long as some plan uses it, and the next plan with the same key reuses it.
std::mutex table_cache_mutex;
std::map<TableKey, std::weak_ptr<const TwiddleTable>> table_cache;

std::string table_name(const TableKey& key)
{
    static const char* const kKindNames[] = {"stockham twiddle",      "step twiddle",       "real twiddle",
                                             "real-to-real rotation", "Bluestein chirp",    "Bluestein spectrum",
                                             "Rader twiddle",         "Rader spectrum",     "Rader logarithm"};
    std::string parameters;
    for (uint64_t entry : std::get<1>(key)) parameters += " " + std::to_string(entry);
    return std::string(kKindNames[int(std::get<0>(key))]) + " table (" + parameters.substr(1) + ")";
}

// Tables of many entries (spectra are whole transforms, twiddles long double roots) take longer to make than to
// read back: those go to the on-disk cache too, so that a new process's plan reads them. Up to the tables of
// transforms one block holds, whose making can be most of their plan's creation; longer ones are a small part of
// their plans' work and would fill the cache with megabytes a length.
bool long_to_make(const TableKey& key)
{
    constexpr uint64_t kLongToMakeEntries = 8192, kLongestCachedEntries = 65536;
    const std::vector<uint64_t>& parameters = std::get<1>(key);
    uint64_t entries = 0;
    switch (std::get<0>(key)) {
    case TableKind::stockham:
    case TableKind::rader_twiddles:
        entries = 1;
        for (uint64_t radix : parameters) entries *= radix;
        break;
    case TableKind::bluestein_chirp:
    case TableKind::rader_spectrum:
    case TableKind::rader_logarithms: entries = parameters[0]; break;
    case TableKind::bluestein_spectrum: entries = parameters[1]; break;
    case TableKind::step: // about 2 sqrt(order) entries
    case TableKind::real: // made in one pass of roots
    case TableKind::real_to_real: // the step twiddles and up to n roots
        break;
    }
    return entries >= kLongToMakeEntries && entries <= kLongestCachedEntries;
}

// The library file this code is in, by its file's identity, size and time: tables are kept per build, as the code
// that makes them may change between builds whatever the kernel sources.
const std::string& library_build()
{
    static const std::string build = [] {
        Dl_info info;
        struct stat status;
        if (dladdr(reinterpret_cast<void*>(&library_build), &info) == 0 || info.dli_fname == nullptr ||
            stat(info.dli_fname, &status) != 0)
            return std::string();
        return std::to_string(status.st_dev) + ":" + std::to_string(status.st_ino) + "-" +
               std::to_string(status.st_size) + "-" + std::to_string(status.st_mtim.tv_sec) + "." +
               std::to_string(status.st_mtim.tv_nsec);
    }();
    return build;
}

rift_status table_from_bytes(std::vector<unsigned char> bytes, int device, std::shared_ptr<const TwiddleTable>& table)
{
    DeviceBuffer device_copy;
    if (device != kNoDevice) RIFT_RETURN_IF_FAILED(DeviceBuffer::upload(bytes.data(), bytes.size(), device_copy));
    table = std::make_shared<const TwiddleTable>(std::move(bytes), std::move(device_copy));
    return rift_status_success;
}

// `make` with the on-disk cache in front: the host bytes, preceded by their hash, under a key of the table, its
// precision, where it is made (a spectrum may be made on the GPU) and the library build. An entry whose hash
// does not match is made again.
MakeTable kept_on_disk(const TableKey& key, MakeTable make)
{
    if (library_build().empty()) return make;
    const std::string disk_key = "table " + table_name(key) +
                                 (std::get<2>(key) == Precision::single ? " single" : " double") +
                                 (std::get<3>(key) == kNoDevice ? " host" : " gpu") + " build " + library_build();
    return [make = std::move(make), disk_key, device = std::get<3>(key)](std::shared_ptr<const TwiddleTable>& made) {
        std::vector<unsigned char> entry;
        uint64_t hash = 0;
        if (kernel_cache::load(disk_key, entry) && entry.size() > sizeof hash) {
            std::memcpy(&hash, entry.data(), sizeof hash);
            if (kernel_cache::hash_bytes(entry.data() + sizeof hash, entry.size() - sizeof hash) == hash) {
                entry.erase(entry.begin(), entry.begin() + sizeof hash);
                return table_from_bytes(std::move(entry), device, made);
            }
            if (logging(LogLayer::plan)) log_text("rift: " + disk_key + ": cached entry damaged; making it\n");
        }
        RIFT_RETURN_IF_FAILED(make(made));
        RIFT_RETURN_IF_FAILED(made->make());
        const std::vector<unsigned char>& bytes = made->host_bytes();
        hash = kernel_cache::hash_bytes(bytes.data(), bytes.size());
        entry.resize(sizeof hash + bytes.size());
        std::memcpy(entry.data(), &hash, sizeof hash);
        std::memcpy(entry.data() + sizeof hash, bytes.data(), bytes.size());
        kernel_cache::store(disk_key, entry.data(), entry.size());
        return rift_status_success;
    };
}

// The key's table, not yet made where no plan holds it: plans that acquire it before it is made share the one
// made later.
rift_status acquire_table(const TableKey& key, MakeTable make_table, std::shared_ptr<const TwiddleTable>& table)
{
    std::lock_guard<std::mutex> lock(table_cache_mutex);
    if (auto cached = table_cache[key].lock()) {
        table = std::move(cached);
        return rift_status_success;
    }
    for (auto entry = table_cache.begin(); entry != table_cache.end();) // forget tables no plan holds any more
        entry = entry->second.expired() ? table_cache.erase(entry) : std::next(entry);
    if (long_to_make(key)) make_table = kept_on_disk(key, std::move(make_table));
    if (logging(LogLayer::plan)) { // how long each table takes to make, for RIFT_LOG=plan
        make_table = [make = std::move(make_table), name = table_name(key)](std::shared_ptr<const TwiddleTable>& made) {
            const auto start = std::chrono::steady_clock::now();
            const rift_status status = make(made);
            log_text("rift: " + name + " made in " +
                     std::to_string(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                                        .count()) +
                     " ms\n");
            return status;
        };
    }
    auto pending = std::make_shared<const TwiddleTable>(std::move(make_table));
    table_cache[key] = pending;
    table = std::move(pending);
    return rift_status_success;
}

// A MakeTable for tables of entries computed on the host, which cannot fail to be computed.
template <class Compute>
MakeTable from_entries(const TableKey& key, Compute compute)
{
    return [precision = std::get<2>(key), device = std::get<3>(key), compute](std::shared_ptr<const TwiddleTable>& made) {
        return make_unshared_table(compute(), precision, device, made);
    };
}

} // namespace

rift_status acquire_stockham_table(const std::vector<uint32_t>& radices, Precision precision, int device,
                                   std::shared_ptr<const TwiddleTable>& table)
{
    const TableKey key{TableKind::stockham, std::vector<uint64_t>(radices.begin(), radices.end()), precision, device};
    return acquire_table(key, from_entries(key, [radices] { return stockham_twiddles(radices); }), table);
}

rift_status acquire_step_twiddle_table(uint64_t order, Precision precision, int device,
                                       std::shared_ptr<const TwiddleTable>& table)
{
    const TableKey key{TableKind::step, {order}, precision, device};
    return acquire_table(key, from_entries(key, [order] { return step_twiddles(order); }), table);
}

rift_status acquire_real_twiddle_table(uint64_t half_length, Precision precision, int device,
                                       std::shared_ptr<const TwiddleTable>& table)
{
    const TableKey key{TableKind::real, {half_length}, precision, device};
    return acquire_table(key, from_entries(key, [half_length] { return real_twiddles(half_length); }), table);
}

rift_status acquire_real_to_real_rotation_table(kernels::RealToRealKind kind, uint32_t n, Precision precision,
                                                int device, std::shared_ptr<const TwiddleTable>& table)
{
    const TableKey key{TableKind::real_to_real, {uint64_t(kind), n}, precision, device};
    return acquire_table(key, from_entries(key, [kind, n] { return real_to_real_rotations(kind, n); }), table);
}

rift_status TwiddleTable::make() const
{
    if (made()) return rift_status_success;
    std::lock_guard<std::mutex> lock(making_);
    if (made()) return rift_status_success;
    RIFT_RETURN_IF_FAILED(make_table_(contents_));
    RIFT_RETURN_IF_FAILED(contents_->make());
    make_table_ = nullptr; // what it captured is not needed any more
    made_.store(true, std::memory_order_release);
    return rift_status_success;
}

const void* TwiddleTable::host_data() const
{
    if (!made()) return nullptr;
    return contents_ ? contents_->host_data() : host_bytes_.data();
}

const std::vector<unsigned char>& TwiddleTable::host_bytes() const
{
    return contents_ ? contents_->host_bytes() : host_bytes_;
}

const void* TwiddleTable::device_data() const
{
    if (!made()) return nullptr;
    return contents_ ? contents_->device_data() : device_copy_.get();
}

rift_status make_unshared_table(const std::vector<ComplexDouble>& entries, Precision precision, int device,
                                std::shared_ptr<const TwiddleTable>& table)
{
    return table_from_bytes(
        precision == Precision::single ? round_to_bytes<float>(entries) : round_to_bytes<double>(entries), device,
        table);
}

std::vector<ComplexDouble> bluestein_chirp(uint64_t length, Direction direction)
{
    UnitRootsOfOrder roots(2 * length);
    std::vector<ComplexDouble> chirp(length);
    // n^2 mod 2N stepped exactly in integers: (n + 1)^2 = n^2 + 2n + 1, and both terms are below 2N. The second
    // half mirrors the first: (N - n)^2 = n^2 + N (N - 2n), so w_{N-n} = (-1)^N w_n exactly.
    const double mirror_sign = length % 2 == 0 ? 1.0 : -1.0;
    for (uint64_t n = 0, square = 0; 2 * n <= length; square += 2 * n + 1, ++n) {
        if (square >= 2 * length) square -= 2 * length;
        const ComplexDouble w = roots.below_order(square);
        chirp[n] = direction == Direction::forward ? w : ComplexDouble{w.re, -w.im};
        if (n != 0) chirp[length - n] = {mirror_sign * chirp[n].re, mirror_sign * chirp[n].im};
    }
    return chirp;
}

const std::vector<ComplexDouble>& LazyBluesteinChirp::values()
{
    std::call_once(computed_, [this] { values_ = bluestein_chirp(length_, direction_); });
    return values_;
}

rift_status acquire_bluestein_chirp_table(const std::shared_ptr<LazyBluesteinChirp>& chirp, Precision precision,
                                          int device, std::shared_ptr<const TwiddleTable>& table)
{
    const TableKey key{TableKind::bluestein_chirp, {chirp->length(), uint64_t(chirp->direction())}, precision,
                       device};
    return acquire_table(key, from_entries(key, [chirp]() -> const std::vector<ComplexDouble>& { return chirp->values(); }),
                         table);
}

rift_status acquire_bluestein_spectrum_table(uint64_t length, uint64_t padded_length, uint64_t row_length,
                                             Direction direction, Precision precision, int device,
                                             const MakeTable& make_spectrum,
                                             std::shared_ptr<const TwiddleTable>& table)
{
    const TableKey key{TableKind::bluestein_spectrum, {length, padded_length, row_length, uint64_t(direction)},
                       precision, device};
    return acquire_table(key, make_spectrum, table);
}

rift_status acquire_rader_table(RaderTable which, std::vector<uint64_t> parameters, Precision precision, int device,
                                const MakeTable& make_table, std::shared_ptr<const TwiddleTable>& table)
{
    const TableKind kind = which == RaderTable::twiddles   ? TableKind::rader_twiddles
                           : which == RaderTable::spectrum ? TableKind::rader_spectrum
                                                           : TableKind::rader_logarithms;
    return acquire_table(TableKey{kind, std::move(parameters), precision, device}, make_table, table);
}

} // namespace rift
