// hipRTC compiles, HIP modules load. A module belongs to the device it was loaded on, so a kernel loads once per
// device, on its first launch there.
#include "library/exec/runtime_compiler.h"

#include <atomic>
#include <cstdlib>
#include <hip/hip_version.h>
#include <hip/hiprtc.h>
#include <mutex>

#include "library/core/error.h"
#include "library/exec/kernel_chain.h"
#include "library/platform/hip_api.h"
#include "library/platform/shared_library.h"

namespace rift::runtime_compiler {

namespace {

// hipRTC, opened at run time so that the library needs it only to compile, and runs without it. ROCm 6 and later
// ship it as libhiprtc; before, the HIP runtime library itself held it.
class Hiprtc {
public:
    decltype(&hiprtcCreateProgram) create = nullptr;
    decltype(&hiprtcDestroyProgram) destroy = nullptr;
    decltype(&hiprtcAddNameExpression) add_name = nullptr;
    decltype(&hiprtcCompileProgram) compile = nullptr;
    decltype(&hiprtcGetLoweredName) lowered_name = nullptr;
    decltype(&hiprtcGetCodeSize) code_size = nullptr;
    decltype(&hiprtcGetCode) code = nullptr;
    decltype(&hiprtcGetProgramLogSize) log_size = nullptr;
    decltype(&hiprtcGetProgramLog) log = nullptr;

    static const Hiprtc& instance()
    {
        static const Hiprtc library;
        return library;
    }
    bool loaded() const { return library_.loaded(); }

private:
    Hiprtc()
    {
        const char* chosen = std::getenv("RIFT_HIPRTC_LIBRARY");
        library_.open_first({chosen != nullptr ? chosen : "", "libhiprtc.so.7", "libhiprtc.so.6", "libhiprtc.so",
                             "libamdhip64.so.5"},
                            [this](const SharedLibrary& library) {
                                return library.resolve("hiprtcCreateProgram", create) &&
                                       library.resolve("hiprtcDestroyProgram", destroy) &&
                                       library.resolve("hiprtcAddNameExpression", add_name) &&
                                       library.resolve("hiprtcCompileProgram", compile) &&
                                       library.resolve("hiprtcGetLoweredName", lowered_name) &&
                                       library.resolve("hiprtcGetCodeSize", code_size) &&
                                       library.resolve("hiprtcGetCode", code) &&
                                       library.resolve("hiprtcGetProgramLogSize", log_size) &&
                                       library.resolve("hiprtcGetProgramLog", log);
                            });
    }
    SharedLibrary library_;
};

// One compilation at a time in a process, from creating its program to taking its code. comgr of ROCm 5.2 (Debian's)
// is not thread-safe (LLVM's targets and command-line options are process-wide: two compilations at once fail with
// "Option registered more than once" or "Cannot choose between targets"), and later releases lock around their actions,
// so threads gain nothing: parallel compilation takes processes (rift-kernel-cache --jobs). Loading a module reads
// its metadata through comgr too, so it takes the same lock.
std::mutex& compilation_mutex()
{
    static std::mutex mutex;
    return mutex;
}

// The compiled kernel: its code, loaded into each device's context on the first launch there.
class LoadedKernel final : public RuntimeKernel {
public:
    LoadedKernel(std::string code, std::string symbol) : code_(std::move(code)), symbol_(std::move(symbol)) {}
    ~LoadedKernel() override
    {
        for (const Loaded& loaded : loaded_) (void)hipModuleUnload(loaded.module);
    }

    // The kernel on the current device, loaded now if it is not yet; null with `why` when it does not load.
    // Launches find it without the lock once it is loaded.
    hipFunction_t function(std::string& why) const
    {
        int device = 0;
        hipError_t error = hipGetDevice(&device);
        const bool tracked = error == hipSuccess && device >= 0 && device < kTrackedDevices;
        if (tracked)
            if (const hipFunction_t known = functions_[device].load(std::memory_order_acquire)) return known;
        std::lock_guard<std::mutex> lock(mutex_);
        if (error == hipSuccess)
            for (const Loaded& loaded : loaded_)
                if (loaded.device == device) return loaded.function;
        hipModule_t module = nullptr;
        hipFunction_t function = nullptr;
        if (error == hipSuccess) {
            const std::lock_guard<std::mutex> alone(compilation_mutex());
            error = hipModuleLoadData(&module, code_.data());
        }
        if (error == hipSuccess) error = hipModuleGetFunction(&function, module, symbol_.c_str());
        if (error == hipSuccess) {
            loaded_.push_back({device, module, function});
            if (tracked) functions_[device].store(function, std::memory_order_release);
            return function;
        }
        if (module != nullptr) (void)hipModuleUnload(module);
        (void)hipGetLastError(); // not left for the next launch's check
        why = hipGetErrorString(error);
        return nullptr;
    }

private:
    hipError_t launch_with(void* parameter, const LaunchShape& shape, hipStream_t stream) const override
    {
        std::string why;
        const hipFunction_t kernel = function(why);
        if (kernel == nullptr) return hipErrorInvalidDeviceFunction;
        void* parameters[] = {parameter};
        return hipModuleLaunchKernel(kernel, shape.blocks, 1, 1, shape.threads_x, shape.threads_y, 1,
                                     shape.shared_bytes, stream, parameters, nullptr);
    }

    struct Loaded {
        int device;
        hipModule_t module;
        hipFunction_t function;
    };
    static constexpr int kTrackedDevices = 64;
    const std::string code_;
    const std::string symbol_;
    mutable std::atomic<hipFunction_t> functions_[kTrackedDevices] = {};
    mutable std::mutex mutex_;
    mutable std::vector<Loaded> loaded_;
};

} // namespace

bool loaded() { return Hiprtc::instance().loaded(); }

bool reports_spills() { return false; }

std::string toolkit_text() { return "hip " + std::to_string(HIP_VERSION_MAJOR) + "." + std::to_string(HIP_VERSION_MINOR); }

std::string architecture(int device)
{
    hipDeviceProp_t properties{};
    if (hipGetDeviceProperties(&properties, device) != hipSuccess) {
        (void)hipGetLastError(); // not left for the next launch's check
        return {};
    }
    return properties.gcnArchName; // with its features, e.g. gfx90a:sramecc+:xnack-, as --offload-arch takes it
}

rift_status compile(const std::string& expression, const char* source, const std::vector<Header>& headers,
                    const std::string& architecture, std::string& code, std::string& symbol, long& spill_bytes)
{
    spill_bytes = -1; // hipRTC's log does not report them (reports_spills)
    const Hiprtc& hiprtc = Hiprtc::instance();
    if (!hiprtc.loaded())
        return fail(rift_status_not_implemented, "hipRTC (libhiprtc) was not found: no run-time compilation");
    const std::lock_guard<std::mutex> alone(compilation_mutex()); // released after the program is destroyed
    std::vector<const char*> texts, names;
    for (const Header& header : headers) {
        texts.push_back(header.text);
        names.push_back(header.name);
    }
    hiprtcProgram program = nullptr;
    if (hiprtc.create(&program, source, "rift_compiled_kernel.hip", int(texts.size()), texts.data(),
                      names.data()) != HIPRTC_SUCCESS)
        return fail(rift_status_out_of_memory, "hipRTC could not create a program for ", expression);
    struct Destroy {
        const Hiprtc& hiprtc;
        hiprtcProgram& program;
        ~Destroy() { hiprtc.destroy(&program); }
    } destroy{hiprtc, program};
    hiprtc.add_name(program, expression.c_str());
    const std::string arch_option = "--offload-arch=" + architecture;
    const char* options[] = {arch_option.c_str(), "-std=c++17", "-O3"};
    if (hiprtc.compile(program, 3, options) != HIPRTC_SUCCESS) {
        size_t size = 0;
        hiprtc.log_size(program, &size);
        std::string log(size, '\0');
        hiprtc.log(program, log.data());
        return fail(rift_status_device_error, "hipRTC failed to compile ", expression, ": ", log.c_str());
    }
    const char* lowered = nullptr;
    size_t size = 0;
    if (hiprtc.lowered_name(program, expression.c_str(), &lowered) != HIPRTC_SUCCESS || lowered == nullptr ||
        hiprtc.code_size(program, &size) != HIPRTC_SUCCESS || size == 0)
        return fail(rift_status_device_error, "hipRTC compiled ", expression, " but gave no code for it");
    symbol = lowered;
    code.assign(size, '\0');
    hiprtc.code(program, code.data());
    return rift_status_success;
}

std::shared_ptr<const RuntimeKernel> load(const std::string& code, const std::string& symbol, std::string& why)
{
    auto kernel = std::make_shared<const LoadedKernel>(code, symbol);
    if (kernel->function(why) == nullptr) return nullptr; // it must load on the device planning it
    return kernel;
}

} // namespace rift::runtime_compiler
