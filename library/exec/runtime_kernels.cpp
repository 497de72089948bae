#include "library/exec/runtime_kernels.h"

#include <chrono>
#include <cstdlib>
#include <map>
#include <mutex>
#include <sstream>

#include "kernels/real_to_real.h"
#include "library/core/error.h"
#include "library/core/log.h"
#include "library/exec/kernel_chain.h"
#include "library/exec/runtime_compiler.h"

namespace rift {

// The kernel headers as the library was built from them (runtime_kernel_sources.cpp, made by
// cmake/EmbedKernelSources.cmake).
struct EmbeddedSource {
    const char* path;
    const char* text;
};
extern const EmbeddedSource kEmbeddedKernelSources[];
extern const size_t kEmbeddedKernelSourceCount;
extern const char kEmbeddedKernelSourcesDigest[];

namespace {

void log_plan_line(const std::string& line)
{
    if (logging(LogLayer::plan)) log_text("rift: " + line + "\n");
}

// What the compiled code depends on besides its instantiation: the kernel sources themselves.
std::string sources_fingerprint()
{
    return std::to_string(RIFT_VERSION_MAJOR) + "." + std::to_string(RIFT_VERSION_MINOR) + "-" +
           kEmbeddedKernelSourcesDigest;
}

} // namespace

std::string CompiledKernel::expression() const
{
    // Unsigned template arguments carry their suffix: hipRTC finds an instance by the text of its name as the
    // compiler spells it.
    std::ostringstream text;
    const char* real = precision == Precision::single ? "float" : "double";
    const auto flag = [](bool value) { return value ? "true" : "false"; };
    switch (family) {
    case CompiledFamily::rader: text << "rift::kernels::compiled_rader_kernel<" << real; break;
    case CompiledFamily::bluestein:
        text << "rift::kernels::compiled_bluestein_kernel<" << real << ", " << flag(data != KernelData::complex);
        break;
    case CompiledFamily::stockham:
        text << "rift::kernels::compiled_stockham_kernel<" << real << ", " << flag(direction == Direction::inverse)
             << ", " << flag(data != KernelData::complex) << ", " << flag(data == KernelData::odd_real) << ", "
             << flag(data == KernelData::reordered_input) << ", " << flag(tile_major) << ", " << flag(staged_rows)
             << ", " << flag(prefetched) << ", " << flag(unit_strides) << ", " << real_to_real_kind << 'u';
        break;
    }
    text << ", " << max_threads << "u, " << min_blocks << "u, " << elements << ", " << lanes << "u, " << length
         << "u, " << pad_period << 'u';
    for (uint32_t radix : radices) text << ", " << radix << 'u';
    text << '>';
    return text.str();
}

std::string CompiledKernel::describe() const
{
    std::ostringstream text;
    text << (family == CompiledFamily::rader       ? "compiled rader convolution "
             : family == CompiledFamily::bluestein ? (data != KernelData::complex ? "compiled real bluestein padded "
                                                                                  : "compiled bluestein padded ")
             : data == KernelData::odd_real     ? "compiled odd-real length "
             : data == KernelData::reordered_input ? (staged_rows ? "compiled reordered-input staged-rows length "
                                                                    : "compiled reordered-input length ")
             : data == KernelData::real ? (staged_rows ? "compiled real staged-rows length " : "compiled real length ")
             : tile_major                      ? "compiled tile-major length "
             : staged_rows                     ? "compiled staged-rows length "
             : prefetched                      ? "compiled prefetched length "
             : unit_strides                    ? "compiled unit-stride length "
                                               : "compiled length ")
         << length << " lanes " << lanes
         << " elements " << elements << " pad " << pad_period
         << " radices";
    for (uint32_t radix : radices) text << ' ' << radix;
    if (real_to_real_kind != 0) text << " for " << kernels::to_string(kernels::RealToRealKind(real_to_real_kind - 1));
    text << " threads " << max_threads << " blocks-per-sm " << min_blocks;
    if (fallback_min_blocks < min_blocks) text << " or " << fallback_min_blocks << " where that spills";
    return text.str();
}

namespace {

// The run-time compilers have no C++ standard library: the two headers the kernels take from it.
constexpr const char* kCstdint = R"(#pragma once
namespace std {
typedef unsigned char uint8_t; typedef unsigned short uint16_t; typedef unsigned int uint32_t;
typedef unsigned long long uint64_t; typedef signed char int8_t; typedef short int16_t; typedef int int32_t;
typedef long long int64_t; typedef unsigned long long uintptr_t;
}
using std::uint8_t; using std::uint16_t; using std::uint32_t; using std::uint64_t; using std::int8_t;
using std::int16_t; using std::int32_t; using std::int64_t; using std::uintptr_t;
)";
constexpr const char* kCstddef = R"(#pragma once
namespace std { typedef unsigned long size_t; typedef long ptrdiff_t; }
using std::size_t; using std::ptrdiff_t;
)";

// The kernel headers as the library was built from them, and the two standard ones.
std::vector<runtime_compiler::Header> kernel_headers()
{
    std::vector<runtime_compiler::Header> headers;
    for (size_t i = 0; i < kEmbeddedKernelSourceCount; ++i)
        headers.push_back({kEmbeddedKernelSources[i].path, kEmbeddedKernelSources[i].text});
    headers.push_back({"cstdint", kCstdint});
    headers.push_back({"cstddef", kCstddef});
    return headers;
}

constexpr const char* kKernelSource = "#include \"kernels/stockham_kernel.h\"\n#include \"kernels/rader_kernel.h\"\n"
                                      "#include \"kernels/bluestein_kernel.h\"\n";

// What a compiled kernel depends on: its instantiation, the architecture, the compiler and the kernel sources.
std::string cache_key(const CompiledKernel& identity, const std::string& arch)
{
    return identity.expression() + " " + arch + " " + runtime_compiler::toolkit_text() + " sources " +
           sources_fingerprint();
}

} // namespace

rift_status compile_runtime_kernel(const CompiledKernel& identity, const std::string& arch, std::string& code,
                                   std::string& symbol, uint32_t* budget)
{
    // One register spilled costs less than the resident blocks it buys; two or more ran no faster than the
    // fallback, or slower (docs/performance.md, "Register budget").
    constexpr long kMostSpillStoreBytes = 4;
    CompiledKernel compiled = identity;
    const bool has_fallback = identity.fallback_min_blocks < identity.min_blocks;
    if (has_fallback && !runtime_compiler::reports_spills()) compiled.min_blocks = identity.fallback_min_blocks;
    const auto compile = [&](long& spill_bytes) {
        return runtime_compiler::compile(compiled.expression(), kKernelSource, kernel_headers(), arch, code, symbol,
                                         spill_bytes);
    };
    long spill_bytes = 0;
    RIFT_RETURN_IF_FAILED(compile(spill_bytes));
    if (has_fallback && compiled.min_blocks != identity.fallback_min_blocks && spill_bytes > kMostSpillStoreBytes) {
        compiled.min_blocks = identity.fallback_min_blocks;
        RIFT_RETURN_IF_FAILED(compile(spill_bytes));
    }
    if (budget != nullptr) *budget = compiled.min_blocks;
    return rift_status_success;
}

bool runtime_kernels_enabled(int device)
{
    if (device < 0) return false;
    if (const char* setting = std::getenv("RIFT_RUNTIME_COMPILATION"); setting != nullptr &&
                                                                       std::string(setting) == "off")
        return false;
    return !runtime_compiler::architecture(device).empty();
}

bool runtime_compilation_available(int device) { return runtime_kernels_enabled(device) && runtime_compiler::loaded(); }

rift_status cache_runtime_kernel(const CompiledKernel& identity, const std::string& arch, bool& compiled)
{
    compiled = false;
    const std::string key = cache_key(identity, arch);
    std::string code;
    if (kernel_cache::load(key, code)) return rift_status_success;
    std::string symbol;
    RIFT_RETURN_IF_FAILED(compile_runtime_kernel(identity, arch, code, symbol));
    kernel_cache::store(key, symbol + "\n" + code);
    compiled = true;
    return rift_status_success;
}

namespace {

// One entry a kernel: its loaded code, and a lock that plans wanting the same kernel wait on while one of them
// compiles it (plans wanting other kernels compile theirs at the same time).
struct RegistryEntry {
    std::mutex compiling;
    std::weak_ptr<const RuntimeKernel> loaded;
};

// Never destroyed: plans compiling in the background may still look kernels up while the process exits.
std::shared_ptr<RegistryEntry> registry_entry(const std::string& key)
{
    static auto* const registry_mutex = new std::mutex;
    static auto* const registry = new std::map<std::string, std::shared_ptr<RegistryEntry>>;
    std::lock_guard<std::mutex> lock(*registry_mutex);
    std::shared_ptr<RegistryEntry>& slot = (*registry)[key];
    if (!slot) slot = std::make_shared<RegistryEntry>();
    return slot;
}

// The kernel from this process's registry or the on-disk cache; `compiles` says whether to compile it where it is
// in neither (otherwise it is left null).
rift_status find_runtime_kernel(const CompiledKernel& identity, int device, bool compiles,
                                std::shared_ptr<const RuntimeKernel>& kernel)
{
    kernel = nullptr;
    const std::string arch = runtime_compiler::architecture(device);
    const std::string expression = identity.expression();
    const std::string key = cache_key(identity, arch);
    const std::shared_ptr<RegistryEntry> entry = registry_entry(key);
    std::unique_lock<std::mutex> lock(entry->compiling, std::defer_lock);
    if (compiles) {
        lock.lock();
    } else if (!lock.try_lock()) {
        return rift_status_success; // being compiled for another plan right now
    }
    if (auto known = entry->loaded.lock()) {
        kernel = std::move(known);
        return rift_status_success;
    }
    // A cache entry holds the kernel's symbol on its first line, then the code; one that does not load is
    // compiled again and replaced.
    std::string code, why;
    std::shared_ptr<const RuntimeKernel> made;
    const auto start = std::chrono::steady_clock::now();
    if (kernel_cache::load(key, code) && code.find('\n') != std::string::npos) {
        const std::string symbol = code.substr(0, code.find('\n'));
        made = runtime_compiler::load(code.substr(code.find('\n') + 1), symbol, why);
        const double elapsed_ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (made)
            log_plan_line(identity.describe() + " loaded from the kernel cache in " + std::to_string(elapsed_ms) + " ms");
        else
            log_plan_line("cached kernel " + symbol + " does not load (" + why + "); compiling it again");
    }
    if (!made && !compiles) return rift_status_success;
    if (!made) {
        std::string symbol;
        RIFT_RETURN_IF_FAILED(compile_runtime_kernel(identity, arch, code, symbol));
        made = runtime_compiler::load(code, symbol, why);
        if (!made) return fail(rift_status_device_error, "loading the compiled ", expression, " failed: ", why);
        kernel_cache::store(key, symbol + "\n" + code);
    }
    entry->loaded = made;
    kernel = std::move(made);
    return rift_status_success;
}

} // namespace

rift_status runtime_kernel_or_fallback(const CompiledKernel& identity, int device, bool compiles,
                                       const std::string& instead, std::shared_ptr<const RuntimeKernel>& kernel)
{
    kernel = nullptr;
    const rift_status status = find_runtime_kernel(identity, device, compiles, kernel);
    if (status == rift_status_success && !kernel)
        log_plan_line(identity.describe() + " not compiled yet, " + instead + " until it is");
    if (status == rift_status_success || status == rift_status_out_of_memory) return status;
    log_plan_line(identity.describe() + " not compiled, " + instead + " instead: " + rift_get_last_error_message());
    clear_last_error(); // the plan itself succeeds
    return rift_status_success;
}

} // namespace rift
