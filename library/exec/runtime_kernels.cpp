#include "library/exec/runtime_kernels.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "library/core/error.h"
#include "library/core/log.h"
#include "library/exec/kernel_chain.h"

#if defined(RIFT_PLATFORM_NVIDIA)
#include <dlfcn.h>
#include <nvrtc.h>
#endif

namespace rift {

// The kernel headers as the library was built from them (runtime_kernel_sources.cpp, made by
// cmake/EmbedKernelSources.cmake).
struct EmbeddedSource {
    const char* path;
    const char* text;
};
extern const EmbeddedSource kEmbeddedKernelSources[];
extern const size_t kEmbeddedKernelSourceCount;

namespace {

void log_plan_line(const std::string& line)
{
    if (logging(LogLayer::plan)) log_text("rift: " + line + "\n");
}

uint64_t fnv1a(const std::string& text, uint64_t hash = 1469598103934665603ull)
{
    for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
    return hash;
}

std::string hex(uint64_t value)
{
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
    return text;
}

// What the compiled code depends on besides its instantiation: the kernel sources themselves.
const std::string& sources_fingerprint()
{
    static const std::string fingerprint = [] {
        uint64_t hash = fnv1a(std::to_string(RIFT_VERSION_MAJOR) + "." + std::to_string(RIFT_VERSION_MINOR));
        for (size_t i = 0; i < kEmbeddedKernelSourceCount; ++i) {
            hash = fnv1a(kEmbeddedKernelSources[i].path, hash);
            hash = fnv1a(kEmbeddedKernelSources[i].text, hash);
        }
        return hex(hash);
    }();
    return fingerprint;
}

bool make_folders(const std::string& path)
{
    for (size_t slash = path.find('/', 1); ; slash = path.find('/', slash + 1)) {
        const std::string prefix = path.substr(0, slash);
        if (mkdir(prefix.c_str(), 0755) != 0 && errno != EEXIST) return false;
        if (slash == std::string::npos) return true;
    }
}

constexpr const char* kCacheMagic = "rift kernel cache 1\n";

} // namespace

std::string CompiledKernel::expression() const
{
    std::ostringstream text;
    const char* real = precision == Precision::single ? "float" : "double";
    if (family == CompiledFamily::rader || family == CompiledFamily::bluestein) {
        if (family == CompiledFamily::rader)
            text << "rift::kernels::compiled_rader_kernel<" << real << ',';
        else
            text << "rift::kernels::compiled_bluestein_kernel<" << real << ',' << (real_data ? "true" : "false") << ',';
        text << max_threads << ',' << min_blocks << ',' << elements << ',' << lanes << ',' << length << ','
             << pad_period;
        for (uint32_t radix : radices) text << ',' << radix;
        text << '>';
        return text.str();
    }
    text << "rift::kernels::compiled_stockham_kernel<" << (precision == Precision::single ? "float" : "double") << ','
         << (direction == Direction::inverse ? "true" : "false") << ',' << (real_data ? "true" : "false") << ','
         << (tile_major ? "true" : "false") << ',' << (staged_rows ? "true" : "false") << ','
         << max_threads << ',' << min_blocks << ',' << elements << ',' << lanes << ',' << length << ',' << pad_period;
    for (uint32_t radix : radices) text << ',' << radix;
    text << '>';
    return text.str();
}

std::string CompiledKernel::describe() const
{
    std::ostringstream text;
    text << (family == CompiledFamily::rader       ? "compiled rader convolution "
             : family == CompiledFamily::bluestein ? (real_data ? "compiled real bluestein padded " : "compiled bluestein padded ")
             : real_data                       ? "compiled real length "
             : tile_major                      ? "compiled tile-major length "
             : staged_rows                     ? "compiled staged-rows length "
                                               : "compiled length ")
         << length << " lanes " << lanes
         << " elements " << elements << " pad " << pad_period
         << " radices";
    for (uint32_t radix : radices) text << ' ' << radix;
    text << " threads " << max_threads << " blocks-per-sm " << min_blocks;
    return text.str();
}

namespace kernel_cache {

std::string folder()
{
    if (const char* chosen = std::getenv("RIFT_KERNEL_CACHE")) {
        const std::string value = chosen;
        return value == "off" ? std::string() : value;
    }
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && xdg[0] == '/')
        return std::string(xdg) + "/rift/kernels";
    if (const char* home = std::getenv("HOME"); home != nullptr && home[0] == '/')
        return std::string(home) + "/.cache/rift/kernels";
    return {};
}

namespace {

std::string entry_path(const std::string& key) { return folder() + "/" + hex(fnv1a(key)) + ".bin"; }

} // namespace

bool load(const std::string& key, std::string& code)
{
    if (folder().empty()) return false;
    std::ifstream file(entry_path(key), std::ios::binary);
    if (!file) return false;
    std::string magic(std::char_traits<char>::length(kCacheMagic), '\0'), stored_key;
    file.read(magic.data(), std::streamsize(magic.size()));
    std::getline(file, stored_key);
    std::ostringstream rest;
    rest << file.rdbuf();
    if (!file.good() && !file.eof()) {
        log_plan_line("kernel cache entry " + entry_path(key) + " unreadable; compiling instead");
        return false;
    }
    if (magic != kCacheMagic || stored_key != key || rest.str().empty()) {
        log_plan_line("kernel cache entry " + entry_path(key) + " is not this kernel's or is damaged; compiling");
        return false;
    }
    code = rest.str();
    return true;
}

void store(const std::string& key, const std::string& code)
{
    const std::string where = folder();
    if (where.empty()) return;
    if (!make_folders(where)) {
        log_plan_line("kernel cache folder " + where + " cannot be made; not caching");
        return;
    }
    static std::atomic<unsigned> sequence{0};
    const std::string path = entry_path(key);
    const std::string temporary =
        path + "." + std::to_string(getpid()) + "." + std::to_string(sequence.fetch_add(1)) + ".tmp";
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        file << kCacheMagic << key << '\n';
        file.write(code.data(), std::streamsize(code.size()));
        if (!file) {
            std::remove(temporary.c_str());
            log_plan_line("kernel cache entry " + path + " cannot be written; not caching");
            return;
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        log_plan_line("kernel cache entry " + path + " cannot be renamed into place; not caching");
    }
}

} // namespace kernel_cache

rift_status runtime_kernel_or_fallback(const CompiledKernel& identity, int device, const std::string& instead,
                                       std::shared_ptr<const RuntimeKernel>& kernel)
{
    kernel = nullptr;
    const rift_status status = runtime_kernel(identity, device, kernel);
    if (status == rift_status_success || status == rift_status_out_of_memory) return status;
    log_plan_line(identity.describe() + " not compiled, " + instead + " instead: " + rift_get_last_error_message());
    clear_last_error(); // the plan itself succeeds
    return rift_status_success;
}

#if defined(RIFT_PLATFORM_NVIDIA)

namespace {

// NVRTC, opened at run time so that the library needs it only to compile, and runs without it.
class Nvrtc {
public:
    decltype(&nvrtcCreateProgram) create = nullptr;
    decltype(&nvrtcDestroyProgram) destroy = nullptr;
    decltype(&nvrtcAddNameExpression) add_name = nullptr;
    decltype(&nvrtcCompileProgram) compile = nullptr;
    decltype(&nvrtcGetLoweredName) lowered_name = nullptr;
    decltype(&nvrtcGetCUBINSize) cubin_size = nullptr;
    decltype(&nvrtcGetCUBIN) cubin = nullptr;
    decltype(&nvrtcGetProgramLogSize) log_size = nullptr;
    decltype(&nvrtcGetProgramLog) log = nullptr;
    decltype(&nvrtcVersion) version = nullptr;

    static const Nvrtc& instance()
    {
        static const Nvrtc library;
        return library;
    }
    bool loaded() const { return handle_ != nullptr; }
    std::string version_text() const
    {
        int major = 0, minor = 0;
        if (version != nullptr) version(&major, &minor);
        return std::to_string(major) + "." + std::to_string(minor);
    }

private:
    Nvrtc()
    {
        std::vector<std::string> candidates;
        if (const char* chosen = std::getenv("RIFT_NVRTC_LIBRARY"); chosen != nullptr && chosen[0] != '\0')
            candidates.push_back(chosen);
        candidates.insert(candidates.end(), {"libnvrtc.so." + std::to_string(CUDART_VERSION / 1000), "libnvrtc.so",
                                             std::string(RIFT_CUDA_LIBRARY_DIR) + "/libnvrtc.so." +
                                                 std::to_string(CUDART_VERSION / 1000)});
        for (const std::string& candidate : candidates)
            if ((handle_ = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL)) != nullptr) break;
        if (handle_ == nullptr) return;
        const bool found = resolve("nvrtcCreateProgram", create) && resolve("nvrtcDestroyProgram", destroy) &&
                           resolve("nvrtcAddNameExpression", add_name) && resolve("nvrtcCompileProgram", compile) &&
                           resolve("nvrtcGetLoweredName", lowered_name) && resolve("nvrtcGetCUBINSize", cubin_size) &&
                           resolve("nvrtcGetCUBIN", cubin) && resolve("nvrtcGetProgramLogSize", log_size) &&
                           resolve("nvrtcGetProgramLog", log) && resolve("nvrtcVersion", version);
        if (!found) {
            dlclose(handle_);
            handle_ = nullptr;
        }
    }
    template <class Function>
    bool resolve(const char* symbol, Function& function)
    {
        function = reinterpret_cast<Function>(dlsym(handle_, symbol));
        return function != nullptr;
    }
    void* handle_ = nullptr;
};

// NVRTC has no C++ standard library: the two headers the kernels take from it.
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

// The compiled kernel, loaded into the process (a CUDA library, independent of contexts).
class LoadedKernel final : public RuntimeKernel {
public:
    LoadedKernel(cudaLibrary_t library, cudaKernel_t kernel) : library_(library), kernel_(kernel) {}
    ~LoadedKernel() override { cudaLibraryUnload(library_); }

private:
    hipError_t launch_with(void* parameter, const LaunchShape& shape, hipStream_t stream) const override
    {
        const void* function = reinterpret_cast<const void*>(kernel_);
        if (shape.shared_bytes > 48 * 1024) { // beyond the default, the kernel opts in once per device
            int device = 0;
            hipError_t error = hipGetDevice(&device);
            if (error != hipSuccess) return error;
            if (device >= kTrackedDevices || !raised_[device].load(std::memory_order_relaxed)) {
                int limit = 0;
                error = hipDeviceGetAttribute(&limit, kBlockSharedMemoryAttribute, device);
                if (error == hipSuccess)
                    error = cudaFuncSetAttribute(function, cudaFuncAttributeMaxDynamicSharedMemorySize, limit);
                if (error != hipSuccess) return error;
                if (device < kTrackedDevices) raised_[device].store(true, std::memory_order_relaxed);
            }
        }
        void* parameters[] = {parameter};
        return cudaLaunchKernel(function, dim3(shape.blocks), dim3(shape.threads_x, shape.threads_y), parameters,
                                shape.shared_bytes, stream);
    }

private:
    static constexpr int kTrackedDevices = 64;
    cudaLibrary_t library_;
    cudaKernel_t kernel_;
    mutable std::atomic<bool> raised_[kTrackedDevices] = {};
};

std::string architecture(int device)
{
    int major = 0, minor = 0;
    if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess)
        return {};
    return "sm_" + std::to_string(major) + std::to_string(minor);
}

} // namespace

rift_status compile_runtime_kernel(const CompiledKernel& identity, const std::string& arch,
                                   std::string& cubin, std::string& symbol)
{
    const Nvrtc& nvrtc = Nvrtc::instance();
    if (!nvrtc.loaded())
        return fail(rift_status_not_implemented, "NVRTC (libnvrtc) was not found: no run-time compilation");
    const std::string expression = identity.expression();
    std::vector<const char*> texts, names;
    for (size_t i = 0; i < kEmbeddedKernelSourceCount; ++i) {
        texts.push_back(kEmbeddedKernelSources[i].text);
        names.push_back(kEmbeddedKernelSources[i].path);
    }
    texts.push_back(kCstdint);
    names.push_back("cstdint");
    texts.push_back(kCstddef);
    names.push_back("cstddef");
    nvrtcProgram program = nullptr;
    const char* source = "#include \"kernels/stockham_kernel.h\"\n#include \"kernels/rader_kernel.h\"\n"
                         "#include \"kernels/bluestein_kernel.h\"\n";
    if (nvrtc.create(&program, source, "rift_compiled_kernel.cu",
                     int(texts.size()), texts.data(), names.data()) != NVRTC_SUCCESS)
        return fail(rift_status_out_of_memory, "NVRTC could not create a program for ", expression);
    struct Destroy {
        const Nvrtc& nvrtc;
        nvrtcProgram& program;
        ~Destroy() { nvrtc.destroy(&program); }
    } destroy{nvrtc, program};
    const std::string name = "&" + expression;
    nvrtc.add_name(program, name.c_str());
    const std::string arch_option = "--gpu-architecture=" + arch;
    const char* options[] = {arch_option.c_str(), "-std=c++17", "-default-device"};
    if (nvrtc.compile(program, 3, options) != NVRTC_SUCCESS) {
        size_t size = 0;
        nvrtc.log_size(program, &size);
        std::string log(size, '\0');
        nvrtc.log(program, log.data());
        return fail(rift_status_device_error, "NVRTC failed to compile ", expression, ": ", log.c_str());
    }
    const char* lowered = nullptr;
    size_t size = 0;
    if (nvrtc.lowered_name(program, name.c_str(), &lowered) != NVRTC_SUCCESS ||
        nvrtc.cubin_size(program, &size) != NVRTC_SUCCESS)
        return fail(rift_status_device_error, "NVRTC compiled ", expression, " but gave no code for it");
    symbol = lowered;
    cubin.assign(size, '\0');
    nvrtc.cubin(program, cubin.data());
    return rift_status_success;
}

namespace {

// The kernel `symbol` of `cubin`, loaded; null, with `why`, when it does not load.
std::shared_ptr<const LoadedKernel> load_kernel(const std::string& cubin, const std::string& symbol, std::string& why)
{
    cudaLibrary_t library = nullptr;
    cudaKernel_t function = nullptr;
    cudaError_t error = cudaLibraryLoadData(&library, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
    if (error == cudaSuccess) error = cudaLibraryGetKernel(&function, library, symbol.c_str());
    if (error == cudaSuccess) return std::make_shared<const LoadedKernel>(library, function);
    if (library != nullptr) cudaLibraryUnload(library);
    cudaGetLastError(); // not left for the next launch's check
    why = cudaGetErrorString(error);
    log_plan_line("compiled kernel " + symbol + " does not load: " + why);
    return nullptr;
}

} // namespace

bool runtime_compilation_available(int device)
{
    if (device < 0) return false;
    if (const char* setting = std::getenv("RIFT_RUNTIME_COMPILATION"); setting != nullptr &&
                                                                       std::string(setting) == "off")
        return false;
    return Nvrtc::instance().loaded() && !architecture(device).empty();
}

namespace {

// What a compiled kernel depends on: its instantiation, the architecture, the compiler and the kernel sources.
std::string cache_key(const CompiledKernel& identity, const std::string& arch)
{
    return identity.expression() + " " + arch + " nvrtc " + Nvrtc::instance().version_text() + " sources " +
           sources_fingerprint();
}

} // namespace

rift_status cache_runtime_kernel(const CompiledKernel& identity, const std::string& arch, bool& compiled)
{
    compiled = false;
    const std::string key = cache_key(identity, arch);
    std::string code;
    if (kernel_cache::load(key, code)) return rift_status_success;
    std::string cubin, symbol;
    RIFT_RETURN_IF_FAILED(compile_runtime_kernel(identity, arch, cubin, symbol));
    kernel_cache::store(key, symbol + "\n" + cubin);
    compiled = true;
    return rift_status_success;
}

rift_status runtime_kernel(const CompiledKernel& identity, int device,
                                    std::shared_ptr<const RuntimeKernel>& kernel)
{
    const std::string arch = architecture(device);
    const std::string expression = identity.expression();
    const std::string key = cache_key(identity, arch);

    // One entry a kernel: its loaded code, and a lock that plans wanting the same kernel wait on while one of them
    // compiles it (plans wanting other kernels compile theirs at the same time).
    struct Entry {
        std::mutex compiling;
        std::weak_ptr<const RuntimeKernel> loaded;
    };
    static std::mutex registry_mutex;
    static std::map<std::string, std::shared_ptr<Entry>> registry;
    std::shared_ptr<Entry> entry;
    {
        std::lock_guard<std::mutex> lock(registry_mutex);
        std::shared_ptr<Entry>& slot = registry[key];
        if (!slot) slot = std::make_shared<Entry>();
        entry = slot;
    }
    std::lock_guard<std::mutex> lock(entry->compiling);
    if (auto known = entry->loaded.lock()) {
        kernel = std::move(known);
        return rift_status_success;
    }
    // A cache entry holds the kernel's symbol on its first line, then the cubin; one that does not load is
    // compiled again and replaced.
    std::string code, why;
    std::shared_ptr<const LoadedKernel> made;
    if (kernel_cache::load(key, code) && code.find('\n') != std::string::npos)
        made = load_kernel(code.substr(code.find('\n') + 1), code.substr(0, code.find('\n')), why);
    if (!made) {
        std::string cubin, symbol;
        RIFT_RETURN_IF_FAILED(compile_runtime_kernel(identity, arch, cubin, symbol));
        made = load_kernel(cubin, symbol, why);
        if (!made) return fail(rift_status_device_error, "loading the compiled ", expression, " failed: ", why);
        kernel_cache::store(key, symbol + "\n" + cubin);
    }
    entry->loaded = made;
    kernel = std::move(made);
    return rift_status_success;
}

#else // AMD: hipRTC is next; until then plans keep the runtime-radix kernel.

bool runtime_compilation_available(int) { return false; }

rift_status cache_runtime_kernel(const CompiledKernel& identity, const std::string& arch, bool& compiled)
{
    std::string cubin, symbol;
    compiled = false;
    return compile_runtime_kernel(identity, arch, cubin, symbol);
}

rift_status compile_runtime_kernel(const CompiledKernel& identity, const std::string&, std::string&,
                                   std::string&)
{
    return fail(rift_status_not_implemented, "run-time compilation of ", identity.expression(),
                " is not implemented on this platform yet");
}

rift_status runtime_kernel(const CompiledKernel& identity, int, std::shared_ptr<const RuntimeKernel>&)
{
    return fail(rift_status_not_implemented, "run-time compilation of ", identity.expression(),
                " is not implemented on this platform yet");
}

#endif

} // namespace rift
