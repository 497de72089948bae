// cuFFT, opened with dlopen so that rift-bench does not link it: the cuFFT API is declared here, by hand.
#include <dlfcn.h>

#include <climits>
#include <cstdlib>
#include <optional>
#include <vector>

#include "common/buffers.h"
#include "common/checks.h"
#include "rift-bench/dct_route.h"
#include "rift-bench/vendor.h"

namespace rift::bench {

namespace {

// From cufft.h (stable across cuFFT 10 to 12).
using cufftHandle = int;
using cufftResult = int;
constexpr cufftResult cufft_success = 0;
constexpr int cufft_c2c = 0x29;
constexpr int cufft_z2z = 0x69;
constexpr int cufft_r2c = 0x2a;
constexpr int cufft_c2r = 0x2c;
constexpr int cufft_d2z = 0x6a;
constexpr int cufft_z2d = 0x6c;
constexpr int cufft_forward = -1;
constexpr int cufft_inverse = 1;

std::string cufft_result_name(cufftResult result)
{
    static const char* const names[] = {"CUFFT_SUCCESS",        "CUFFT_INVALID_PLAN",   "CUFFT_ALLOC_FAILED",
                                        "CUFFT_INVALID_TYPE",   "CUFFT_INVALID_VALUE",  "CUFFT_INTERNAL_ERROR",
                                        "CUFFT_EXEC_FAILED",    "CUFFT_SETUP_FAILED",   "CUFFT_INVALID_SIZE",
                                        "CUFFT_UNALIGNED_DATA"};
    if (result >= 0 && result < static_cast<int>(sizeof(names) / sizeof(names[0]))) return names[result];
    return "cufftResult " + std::to_string(result);
}

// The cuFFT entry points rift-bench calls, resolved from the library found first.
class CufftLibrary {
public:
    using PlanMany = cufftResult (*)(cufftHandle*, int, int*, int*, int, int, int*, int, int, int, int);
    using SetStream = cufftResult (*)(cufftHandle, hipStream_t);
    using Destroy = cufftResult (*)(cufftHandle);
    using GetVersion = cufftResult (*)(int*);
    using ExecComplex = cufftResult (*)(cufftHandle, void*, void*, int); // C2C, Z2Z
    using ExecReal = cufftResult (*)(cufftHandle, void*, void*);         // R2C, C2R, D2Z, Z2D

    PlanMany plan_many = nullptr;
    SetStream set_stream = nullptr;
    Destroy destroy = nullptr;
    ExecComplex exec_c2c = nullptr;
    ExecComplex exec_z2z = nullptr;
    ExecReal exec_r2c = nullptr;
    ExecReal exec_c2r = nullptr;
    ExecReal exec_d2z = nullptr;
    ExecReal exec_z2d = nullptr;
    int version = 0; // cufftGetVersion, e.g. 12000; 0 if unknown

    // Loaded once, on first use; kept until exit.
    static const CufftLibrary& instance()
    {
        static const CufftLibrary library;
        return library;
    }

    bool loaded() const { return handle_ != nullptr; }
    const std::string& path() const { return path_; }
    const std::string& error() const { return error_; }

    ~CufftLibrary()
    {
        if (handle_ != nullptr) dlclose(handle_);
    }

private:
    CufftLibrary()
    {
        std::vector<std::string> candidates;
        if (const char* chosen = std::getenv("RIFT_CUFFT_LIBRARY"); chosen != nullptr && chosen[0] != '\0') {
            candidates.push_back(chosen);
        }
        candidates.insert(candidates.end(), {"libcufft.so.12", "libcufft.so.11", "libcufft.so"});
        for (const std::string& candidate : candidates) {
            handle_ = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
            if (handle_ != nullptr) {
                path_ = candidate;
                break;
            }
        }
        if (handle_ == nullptr) {
            error_ = "cuFFT not found (tried $RIFT_CUFFT_LIBRARY, libcufft.so.12, libcufft.so.11, libcufft.so)";
            return;
        }
        const bool all_found = resolve("cufftPlanMany", plan_many) && resolve("cufftSetStream", set_stream) &&
                               resolve("cufftDestroy", destroy) && resolve("cufftExecC2C", exec_c2c) &&
                               resolve("cufftExecZ2Z", exec_z2z) && resolve("cufftExecR2C", exec_r2c) &&
                               resolve("cufftExecC2R", exec_c2r) && resolve("cufftExecD2Z", exec_d2z) &&
                               resolve("cufftExecZ2D", exec_z2d);
        if (!all_found) {
            dlclose(handle_);
            handle_ = nullptr;
            return;
        }
        GetVersion get_version = nullptr;
        if (!resolve("cufftGetVersion", get_version) || get_version(&version) != cufft_success) version = 0;
        error_.clear(); // a missing cufftGetVersion is no failure
    }

    template <class Function>
    bool resolve(const char* symbol, Function& function)
    {
        function = reinterpret_cast<Function>(dlsym(handle_, symbol));
        if (function == nullptr) error_ = path_ + " has no " + symbol;
        return function != nullptr;
    }

    void* handle_ = nullptr;
    std::string path_;
    std::string error_;
};

// cuFFT's advanced layout: element (i0, i1, i2) of array b lies at b * dist + stride * (i0 + embed[r-1] * (i1 +
// embed[r-2] * i2)), embed slowest first. rift's strides fit it when each is a whole multiple of the previous one,
// by at least the previous length, and everything fits in an int (cufftPlanMany is the 32-bit interface).
struct CufftLayout {
    std::vector<int> embed;
    int stride = 1;
    int distance = 1;
};

std::optional<CufftLayout> to_cufft_layout(const Layout& layout)
{
    const size_t rank = layout.lengths.size();
    auto fits_int = [](size_t value) { return value > 0 && value <= static_cast<size_t>(INT_MAX); };
    if (!fits_int(layout.strides[0]) || !fits_int(layout.distance)) return std::nullopt;
    CufftLayout result;
    result.stride = static_cast<int>(layout.strides[0]);
    result.distance = static_cast<int>(layout.distance);
    result.embed.assign(rank, 0);
    result.embed[0] = static_cast<int>(layout.lengths[rank - 1]); // the slowest extent: cuFFT does not use it
    for (size_t d = 0; d + 1 < rank; ++d) {
        const size_t inner = layout.strides[d];
        const size_t outer = layout.strides[d + 1];
        if (inner == 0 || outer % inner != 0 || outer / inner < layout.lengths[d] || !fits_int(outer / inner)) {
            return std::nullopt;
        }
        result.embed[rank - 1 - d] = static_cast<int>(outer / inner);
    }
    return result;
}

class CufftPlan final : public VendorFft {
public:
    CufftPlan(const CufftLibrary& library, const BenchCase& c, const CufftLayout& in, const CufftLayout& out,
              hipStream_t stream)
        : library_(library), case_(c)
    {
        std::vector<int> n(c.lengths.rbegin(), c.lengths.rend()); // cuFFT wants the slowest dimension first
        std::vector<int> in_embed = in.embed;
        std::vector<int> out_embed = out.embed;
        // Contiguous default layouts take cuFFT's basic layout (NULL embeds), which it plans best.
        check(library_.plan_many(&plan_, static_cast<int>(n.size()), n.data(),
                                 c.default_layouts ? nullptr : in_embed.data(), in.stride, in.distance,
                                 c.default_layouts ? nullptr : out_embed.data(), out.stride, out.distance,
                                 cufft_type(), static_cast<int>(c.batch)),
              "cufftPlanMany");
        planned_ = true;
        check(library_.set_stream(plan_, stream), "cufftSetStream");
    }

    ~CufftPlan() override
    {
        if (planned_) library_.destroy(plan_);
    }

    std::string name() const override
    {
        std::string name = "cuFFT";
        if (library_.version > 0) {
            const int version = library_.version; // e.g. 12000 for 12.0.0
            name += " " + std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 100) + "." +
                    std::to_string(version % 100);
        }
        return name + " (" + library_.path() + (case_.default_layouts ? ", basic layout)" : ", advanced layout)");
    }

    void execute(void* input, void* output) override
    {
        void* in = static_cast<char*>(input) + case_.input.offset * case_.input_element_size();
        void* out = case_.in_place() ? static_cast<char*>(input) + case_.output.offset * case_.output_element_size()
                                     : static_cast<char*>(output) + case_.output.offset * case_.output_element_size();
        const bool double_precision = case_.precision == rift_precision_double;
        switch (case_.transform) {
        case rift_transform_type_complex_forward:
        case rift_transform_type_complex_inverse: {
            const int direction = case_.is_forward() ? cufft_forward : cufft_inverse;
            const auto exec = double_precision ? library_.exec_z2z : library_.exec_c2c;
            check(exec(plan_, in, out, direction), "cufftExecC2C/Z2Z");
            break;
        }
        case rift_transform_type_real_forward:
            check((double_precision ? library_.exec_d2z : library_.exec_r2c)(plan_, in, out), "cufftExecR2C/D2Z");
            break;
        case rift_transform_type_real_inverse:
            check((double_precision ? library_.exec_z2d : library_.exec_c2r)(plan_, in, out), "cufftExecC2R/Z2D");
            break;
        default: break; // cuFFT has no real-to-real transforms (DCT-II takes CufftDct2Route)
        }
    }

private:
    int cufft_type() const
    {
        const bool double_precision = case_.precision == rift_precision_double;
        switch (case_.transform) {
        case rift_transform_type_real_forward: return double_precision ? cufft_d2z : cufft_r2c;
        case rift_transform_type_real_inverse: return double_precision ? cufft_z2d : cufft_c2r;
        default: return double_precision ? cufft_z2z : cufft_c2c;
        }
    }

    static void check(cufftResult result, const char* call)
    {
        if (result != cufft_success) throw client::Error(std::string(call) + " failed: " + cufft_result_name(result));
    }

    const CufftLibrary& library_;
    BenchCase case_;
    cufftHandle plan_ = 0;
    bool planned_ = false;
};

// cuFFT has no DCT: its users reorder the data, run an R2C transform and post-process the half spectrum
// (dct_route.h), through two scratch buffers of their own.
class CufftDct2Route final : public VendorFft {
public:
    CufftDct2Route(const CufftLibrary& library, const BenchCase& c, hipStream_t stream)
        : case_(c), stream_(stream), r2c_(library, real_forward_case(c), basic_layout(c, false), basic_layout(c, true),
                                          stream)
    {
        const size_t spectrum_elements = static_cast<size_t>(basic_layout(c, true).distance) * c.batch;
        reordered_ = client::Buffer(client::MemoryKind::device, c.input.logical_elements() * c.real_size());
        spectrum_ = client::Buffer(client::MemoryKind::device, spectrum_elements * 2 * c.real_size());
    }

    std::string name() const override { return r2c_.name() + " R2C with reordering and post-processing kernels"; }

    void execute(void* input, void* output) override
    {
        const bool single = case_.precision == rift_precision_single;
        void* out = case_.in_place() ? input : output;
        dct2_reorder(input, reordered_.data(), case_.lengths, case_.batch, single, stream_);
        r2c_.execute(reordered_.data(), spectrum_.data());
        dct2_postprocess(spectrum_.data(), out, case_.lengths, case_.batch, single, stream_);
    }

private:
    // The R2C transform of the reordered data: packed, out of place, cuFFT's basic layout.
    static BenchCase real_forward_case(const BenchCase& c)
    {
        BenchCase r2c = c;
        r2c.transform = rift_transform_type_real_forward;
        r2c.placement = rift_placement_notinplace;
        r2c.default_layouts = true;
        r2c.input.offset = r2c.output.offset = 0;
        r2c.input.complex = false;
        r2c.output.complex = true;
        return r2c;
    }

    static CufftLayout basic_layout(const BenchCase& c, bool hermitian)
    {
        CufftLayout layout;
        size_t elements = hermitian ? c.lengths[0] / 2 + 1 : c.lengths[0];
        for (size_t d = 1; d < c.lengths.size(); ++d) elements *= c.lengths[d];
        layout.distance = static_cast<int>(elements);
        return layout;
    }

    BenchCase case_;
    hipStream_t stream_;
    CufftPlan r2c_;
    client::Buffer reordered_;
    client::Buffer spectrum_;
};

} // namespace

std::unique_ptr<VendorFft> make_vendor_fft(const BenchCase& c, hipStream_t stream, void*, void*,
                                           std::string* why_not)
{
    const CufftLibrary& library = CufftLibrary::instance();
    if (!library.loaded()) {
        *why_not = library.error();
        return nullptr;
    }
    if (c.is_real_to_real()) {
        if (c.transform != rift_transform_type_dct2 || !c.default_layouts || c.input.offset != 0 ||
            c.output.offset != 0) {
            *why_not = "cuFFT has no real-to-real transforms; rift-bench writes the cuFFT route for DCT-II with "
                       "contiguous default layouts only";
            return nullptr;
        }
        try {
            return std::make_unique<CufftDct2Route>(library, c, stream);
        } catch (const client::Error& error) {
            *why_not = error.what();
            return nullptr;
        }
    }
    const std::optional<CufftLayout> in = to_cufft_layout(c.input);
    const std::optional<CufftLayout> out = to_cufft_layout(c.output);
    if (!in || !out || c.batch > static_cast<size_t>(INT_MAX)) {
        *why_not = "cuFFT's advanced layout (cufftPlanMany) cannot express this case's layout";
        return nullptr;
    }
    try {
        return std::make_unique<CufftPlan>(library, c, *in, *out, stream);
    } catch (const client::Error& error) {
        *why_not = error.what();
        return nullptr;
    }
}

} // namespace rift::bench
