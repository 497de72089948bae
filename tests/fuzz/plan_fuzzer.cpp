// libFuzzer target over everything rift_plan_create takes: placement, transform type, precision, dimensions,
// lengths, batch, and a plan description's array types, offsets, strides, distances and scale, valid or not.
// Every call must return a status of the enum with a message on failure, never crash, hang or trip a sanitizer;
// a plan that is made is printed, asked for its work buffer, checked to reach no byte past PTRDIFF_MAX, and,
// when its data are small, run on the host executor over buffers exactly as large as its layouts, so a read or
// write outside them is a sanitizer report.
// Built with -DRIFT_BUILD_FUZZERS=ON and clang; CI runs it for a bounded time (see .ci/run).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

#include "rift/rift.h"

namespace {

// Aborts (a finding) when the API breaks its own contract.
void require(bool condition)
{
    if (!condition) std::abort();
}

bool is_status(rift_status status) { return status >= rift_status_success && status <= rift_status_invalid_distance; }

rift_status checked(rift_status status)
{
    require(is_status(status));
    // A failure always says why.
    require(status == rift_status_success || rift_get_last_error_message()[0] != '\0');
    return status;
}

// Lengths that exercise every planner path while keeping a run's plan-time work small, so a million inputs take
// minutes: Bluestein lengths mostly short (their spectra are computed at plan time, on the host here), long
// Bluestein lengths only through sizes refused before any table is made.
size_t fuzzed_length(FuzzedDataProvider& data)
{
    switch (data.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
    case 1:
    case 2: return data.ConsumeIntegralInRange<size_t>(1, 64);
    case 3: return data.ConsumeIntegralInRange<size_t>(1, data.ConsumeBool() ? 300 : 4200);
    case 4: { // smooth lengths: one block, row/column with two or three factors
        // The odd part stays below 2^20: odd real lengths beyond one block run Bluestein's algorithm, whose
        // spectrum (made on the host here) would take seconds for longer ones.
        size_t odd = 1;
        for (const size_t prime : {3, 5, 7, 11, 13}) {
            const int power = data.ConsumeIntegralInRange<int>(0, 3);
            for (int i = 0; i < power && odd * prime <= (size_t(1) << 20); ++i) odd *= prime;
        }
        size_t length = odd;
        for (int i = data.ConsumeIntegralInRange<int>(0, 24); i > 0 && length <= (size_t(1) << 25); --i) length *= 2;
        return length;
    }
    case 5: { // values past every limit, and negative numbers cast to size_t
        const size_t extremes[] = {0, size_t(1) << 40, (size_t(1) << 40) + 1, std::numeric_limits<size_t>::max(),
                                   size_t(-1024), (size_t(1) << 31) - 1};
        return extremes[data.ConsumeIntegralInRange<size_t>(0, std::size(extremes) - 1)];
    }
    case 6: return data.ConsumeIntegral<size_t>() | (size_t(1) << 41); // always refused
    default: return data.ConsumeIntegralInRange<size_t>(0, 16);
    }
}

// Strides, distances and offsets: small (which may overlap), typical, huge, zero, or near the largest byte
// offset for some element size (2^63 / 4, 8 or 16 elements, divided by a small number).
size_t fuzzed_extent(FuzzedDataProvider& data)
{
    switch (data.ConsumeIntegralInRange<int>(0, 4)) {
    case 0: return data.ConsumeIntegralInRange<size_t>(0, 8);
    case 1: return data.ConsumeIntegralInRange<size_t>(0, 5000);
    case 2: return data.ConsumeIntegralInRange<size_t>(0, size_t(1) << 24);
    case 3: {
        const size_t limit = (size_t(1) << 61) >> data.ConsumeIntegralInRange<int>(0, 2);
        return limit / data.ConsumeIntegralInRange<size_t>(1, 16) + data.ConsumeIntegralInRange<size_t>(0, 64) - 32;
    }
    default: return data.ConsumeIntegral<size_t>();
    }
}

struct Side {
    size_t offset = 0;
    std::vector<size_t> strides;
    size_t distance = 0;
};

// One past the last element a side addresses, or 0 when that passes `limit` (too large to run here).
size_t extent(const Side& side, const std::vector<size_t>& lengths, size_t batch, size_t limit)
{
    if (side.strides.size() != lengths.size() || side.distance == 0) return 0;
    long double last = (long double)side.offset + (long double)(batch - 1) * side.distance;
    for (size_t d = 0; d < lengths.size(); ++d) last += (long double)(lengths[d] - 1) * side.strides[d];
    return last + 1 > (long double)limit ? 0 : size_t(last) + 1;
}

// The byte-extent rule (rift.h, "Layouts"), computed here on its own: an accepted plan whose side is given in
// full (strides for every dimension; a distance, unless the batch is 1) reaches no byte past PTRDIFF_MAX.
void require_reach_fits(const Side& side, const std::vector<size_t>& lengths, size_t batch, size_t element_bytes)
{
    if (side.strides.size() != lengths.size() || (side.distance == 0 && batch > 1)) return;
    unsigned __int128 last = side.offset;
    for (size_t d = 0; d < lengths.size(); ++d) last += (unsigned __int128)(lengths[d] - 1) * side.strides[d];
    last += (unsigned __int128)(batch - 1) * side.distance;
    require((last + 1) * element_bytes - 1 <= (unsigned __int128)PTRDIFF_MAX);
}

bool is_real_to_real(rift_transform_type type)
{
    return type >= rift_transform_type_dct1 && type <= rift_transform_type_dst4;
}

// The sides of a real transform that hold the Hermitian half (their first length is N/2 + 1), and the sides of
// reals.
bool hermitian_in(rift_transform_type type) { return type == rift_transform_type_real_inverse; }
bool hermitian_out(rift_transform_type type) { return type == rift_transform_type_real_forward; }
bool real_in(rift_transform_type type) { return hermitian_out(type) || is_real_to_real(type); }
bool real_out(rift_transform_type type) { return hermitian_in(type) || is_real_to_real(type); }

// Runs a small plan on the host executor with buffers exactly as long as the explicit layouts need.
void run_on_host(rift_plan plan, rift_transform_type type, rift_precision precision, bool in_place,
                 const std::vector<size_t>& lengths, size_t batch, const Side& in, const Side& out)
{
    constexpr size_t kLimit = size_t(1) << 12; // elements: keeps a run fast under the sanitizers
    std::vector<size_t> hermitian = lengths;
    hermitian[0] = lengths[0] / 2 + 1;
    const size_t in_elements = extent(in, hermitian_in(type) ? hermitian : lengths, batch, kLimit);
    const size_t out_elements = extent(out, hermitian_out(type) ? hermitian : lengths, batch, kLimit);
    if (in_elements == 0 || out_elements == 0) return;
    for (size_t length : lengths)
        if (length > 1024) return;
    const size_t real_bytes = precision == rift_precision_double ? sizeof(double) : sizeof(float);
    const size_t in_bytes = in_elements * real_bytes * (real_in(type) ? 1 : 2);
    const size_t out_bytes = out_elements * real_bytes * (real_out(type) ? 1 : 2);
    // Exactly the bytes the layouts address (in place: the larger), so AddressSanitizer sees any overrun.
    std::vector<unsigned char> in_buffer(in_place ? std::max(in_bytes, out_bytes) : in_bytes, 0x3f);
    std::vector<unsigned char> out_buffer(out_bytes, 0x3f);

    size_t work_bytes = 0;
    checked(rift_plan_get_work_buffer_size(plan, &work_bytes));
    rift_execution_info info = nullptr;
    if (checked(rift_execution_info_create(&info)) != rift_status_success) return;
    checked(rift_execution_info_set_executor(info, rift_executor_host));
    void* in_pointers[] = {in_buffer.data()};
    void* out_pointers[] = {out_buffer.data()};
    checked(rift_execute(plan, in_pointers, out_pointers, info));
    checked(rift_execution_info_destroy(info));
}

// The last few plans made stay alive, so their tables stay in rift's cache: later inputs with the same lengths
// take the shared-table path (and the fuzzer runs several times faster), and plans are destroyed in another
// order than they were made.
class RecentPlans {
public:
    void keep(rift_plan plan)
    {
        if (plans_[next_] != nullptr) require(checked(rift_plan_destroy(plans_[next_])) == rift_status_success);
        plans_[next_] = plan;
        next_ = (next_ + 1) % kKept;
    }

private:
    static constexpr size_t kKept = 32;
    rift_plan plans_[kKept] = {};
    size_t next_ = 0;
};

RecentPlans recent_plans;

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***)
{
    require(rift_setup() == rift_status_success);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size)
{
    FuzzedDataProvider data(bytes, size);
    // Enum values one past each end are refused with a status, not undefined behaviour.
    const auto placement = rift_result_placement(data.ConsumeIntegralInRange<int>(-1, 2));
    const auto type = rift_transform_type(data.ConsumeIntegralInRange<int>(-1, rift_transform_type_dst4 + 1));
    const auto precision = rift_precision(data.ConsumeIntegralInRange<int>(-1, 3));
    const size_t dimensions = data.ConsumeIntegralInRange<size_t>(0, 4);
    std::vector<size_t> lengths(dimensions);
    for (size_t& length : lengths) length = fuzzed_length(data);
    // A real transform whose real side cannot be read as complex pairs (odd offsets, distances or strides) runs
    // Bluestein's algorithm at its full length, and a real-to-real one runs a DFT of about its length that is not
    // smooth when the length is (DCT-I: N - 1, DST-I: N + 1): their spectra, made on the host where there is no
    // GPU, take seconds under the sanitizers beyond 2^16 points (minutes and gigabytes beyond 2^22). Keep real
    // lengths (not the refused sizes) below that, so a million inputs fit in minutes.
    const bool real = real_in(type) || real_out(type);
    for (size_t& length : lengths)
        while (real && length > (size_t(1) << 16) && length <= (size_t(1) << 30)) length /= 2;
    const size_t batch = data.ConsumeBool() ? data.ConsumeIntegralInRange<size_t>(1, 64) : fuzzed_extent(data);

    rift_plan_description description = nullptr;
    Side in, out;
    const bool with_description = data.ConsumeBool();
    // A refused layout leaves the description's default one, which `in` and `out` do not describe.
    bool layout_taken = false;
    if (with_description) {
        require(checked(rift_plan_description_create(&description)) == rift_status_success);
        const auto in_type = rift_array_type(data.ConsumeIntegralInRange<int>(-1, 5));
        const auto out_type = rift_array_type(data.ConsumeIntegralInRange<int>(-1, 5));
        bool offsets_given[2] = {};
        for (int s = 0; s < 2; ++s) {
            Side& side = s == 0 ? in : out;
            offsets_given[s] = data.ConsumeBool(); // NULL offsets mean 0
            side.offset = offsets_given[s] ? fuzzed_extent(data) : 0;
            side.strides.resize(data.ConsumeIntegralInRange<size_t>(0, 4));
            for (size_t& stride : side.strides) stride = fuzzed_extent(data);
            side.distance = fuzzed_extent(data);
        }
        const size_t in_offsets[] = {in.offset};
        const size_t out_offsets[] = {out.offset};
        layout_taken =
            checked(rift_plan_description_set_data_layout(
                description, in_type, out_type, offsets_given[0] ? in_offsets : nullptr,
                offsets_given[1] ? out_offsets : nullptr, in.strides.size(),
                in.strides.empty() ? nullptr : in.strides.data(), in.distance, out.strides.size(),
                out.strides.empty() ? nullptr : out.strides.data(), out.distance)) == rift_status_success;
        const double scales[] = {1.0, 0.5, -3.0, 0.0, std::nan(""), INFINITY, 1e308};
        checked(rift_plan_description_set_scale_factor(
            description, scales[data.ConsumeIntegralInRange<size_t>(0, std::size(scales) - 1)]));
    }

    // RIFT_FUZZ_PRINT=1 shows what an input decodes to, for reproducing a finding.
    static const bool print = std::getenv("RIFT_FUZZ_PRINT") != nullptr;
    if (print) {
        std::fprintf(stderr, "placement %d type %d precision %d dimensions %zu lengths", int(placement), int(type),
                     int(precision), dimensions);
        for (size_t length : lengths) std::fprintf(stderr, " %zu", length);
        std::fprintf(stderr, " batch %zu", batch);
        for (const Side* side : {&in, &out}) {
            std::fprintf(stderr, " | offset %zu strides", side->offset);
            for (size_t stride : side->strides) std::fprintf(stderr, " %zu", stride);
            std::fprintf(stderr, " distance %zu", side->distance);
        }
        std::fprintf(stderr, "\n");
    }
    rift_plan plan = reinterpret_cast<rift_plan>(uintptr_t(1)); // must be overwritten either way
    const rift_status status = checked(rift_plan_create(&plan, placement, type, precision, dimensions,
                                                        lengths.empty() ? nullptr : lengths.data(), batch, description));
    require((status == rift_status_success) == (plan != nullptr));
    if (status == rift_status_success) {
        size_t required = 0;
        checked(rift_plan_get_print(plan, nullptr, 0, &required));
        std::vector<char> text(required);
        require(checked(rift_plan_get_print(plan, text.data(), text.size(), &required)) == rift_status_success);
        if (layout_taken) {
            std::vector<size_t> hermitian = lengths;
            hermitian[0] = lengths[0] / 2 + 1;
            const size_t complex_bytes = precision == rift_precision_double ? 16 : 8;
            require_reach_fits(in, hermitian_in(type) ? hermitian : lengths, batch,
                               real_in(type) ? complex_bytes / 2 : complex_bytes);
            require_reach_fits(out, hermitian_out(type) ? hermitian : lengths, batch,
                               real_out(type) ? complex_bytes / 2 : complex_bytes);
            run_on_host(plan, type, precision, placement == rift_placement_inplace, lengths, batch, in, out);
        }
        recent_plans.keep(plan);
    }
    if (description != nullptr) require(checked(rift_plan_description_destroy(description)) == rift_status_success);
    return 0;
}
