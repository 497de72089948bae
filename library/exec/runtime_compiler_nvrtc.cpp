// NVRTC compiles, CUDA libraries load (context-independent, so one load serves every device).
#include "library/exec/runtime_compiler.h"

#include <atomic>
#include <cstdlib>
#include <nvrtc.h>

#include "library/core/error.h"
#include "library/exec/kernel_chain.h"
#include "library/platform/hip_api.h"
#include "library/platform/shared_library.h"

namespace rift::runtime_compiler {

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

    static const Nvrtc& instance()
    {
        static const Nvrtc library;
        return library;
    }
    bool loaded() const { return library_.loaded(); }

private:
    Nvrtc()
    {
        const char* chosen = std::getenv("RIFT_NVRTC_LIBRARY");
        const std::string major = std::to_string(CUDART_VERSION / 1000);
        library_.open_first({chosen != nullptr ? chosen : "", "libnvrtc.so." + major, "libnvrtc.so",
                             std::string(RIFT_CUDA_LIBRARY_DIR) + "/libnvrtc.so." + major},
                            [this](const SharedLibrary& library) {
                                return library.resolve("nvrtcCreateProgram", create) &&
                                       library.resolve("nvrtcDestroyProgram", destroy) &&
                                       library.resolve("nvrtcAddNameExpression", add_name) &&
                                       library.resolve("nvrtcCompileProgram", compile) &&
                                       library.resolve("nvrtcGetLoweredName", lowered_name) &&
                                       library.resolve("nvrtcGetCUBINSize", cubin_size) &&
                                       library.resolve("nvrtcGetCUBIN", cubin) &&
                                       library.resolve("nvrtcGetProgramLogSize", log_size) &&
                                       library.resolve("nvrtcGetProgramLog", log);
                            });
    }
    SharedLibrary library_;
};

// The compiled kernel, loaded into the process.
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

    static constexpr int kTrackedDevices = 64;
    cudaLibrary_t library_;
    cudaKernel_t kernel_;
    mutable std::atomic<bool> raised_[kTrackedDevices] = {};
};

} // namespace

bool loaded() { return Nvrtc::instance().loaded(); }

bool reports_spills() { return true; }

std::string toolkit_text() { return "cuda " + std::to_string(CUDART_VERSION); }

std::string architecture(int device)
{
    int major = 0, minor = 0;
    if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device) != cudaSuccess ||
        cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device) != cudaSuccess) {
        cudaGetLastError(); // not left for the next launch's check
        return {};
    }
    return "sm_" + std::to_string(major) + std::to_string(minor);
}

namespace {

// The spill stores ptxas reports for the kernel `symbol` (--verbose: "Function properties for <symbol>", then
// "0 bytes stack frame, 8 bytes spill stores, ..."); -1 where the log does not say.
long spill_store_bytes(const std::string& log, const std::string& symbol)
{
    const size_t function = log.find("Function properties for " + symbol);
    if (function == std::string::npos) return -1;
    const size_t end = log.find(" bytes spill stores", function);
    if (end == std::string::npos) return -1;
    size_t begin = end;
    while (begin > 0 && log[begin - 1] >= '0' && log[begin - 1] <= '9') --begin;
    if (begin == end) return -1;
    return std::strtol(log.c_str() + begin, nullptr, 10);
}

std::string program_log(const Nvrtc& nvrtc, nvrtcProgram program)
{
    size_t size = 0;
    nvrtc.log_size(program, &size);
    std::string log(size, '\0');
    if (size > 0) nvrtc.log(program, log.data());
    return log;
}

} // namespace

rift_status compile(const std::string& expression, const char* source, const std::vector<Header>& headers,
                    const std::string& architecture, std::string& code, std::string& symbol, long& spill_bytes)
{
    const Nvrtc& nvrtc = Nvrtc::instance();
    if (!nvrtc.loaded())
        return fail(rift_status_not_implemented, "NVRTC (libnvrtc) was not found: no run-time compilation");
    std::vector<const char*> texts, names;
    for (const Header& header : headers) {
        texts.push_back(header.text);
        names.push_back(header.name);
    }
    nvrtcProgram program = nullptr;
    if (nvrtc.create(&program, source, "rift_compiled_kernel.cu", int(texts.size()), texts.data(), names.data()) !=
        NVRTC_SUCCESS)
        return fail(rift_status_out_of_memory, "NVRTC could not create a program for ", expression);
    struct Destroy {
        const Nvrtc& nvrtc;
        nvrtcProgram& program;
        ~Destroy() { nvrtc.destroy(&program); }
    } destroy{nvrtc, program};
    const std::string name = "&" + expression; // NVRTC names a __global__ template instance by its address
    nvrtc.add_name(program, name.c_str());
    const std::string arch_option = "--gpu-architecture=" + architecture;
    const char* options[] = {arch_option.c_str(), "-std=c++17", "-default-device", "--ptxas-options=--verbose"};
    if (nvrtc.compile(program, 4, options) != NVRTC_SUCCESS)
        return fail(rift_status_device_error, "NVRTC failed to compile ", expression, ": ",
                    program_log(nvrtc, program).c_str());
    const char* lowered = nullptr;
    size_t size = 0;
    if (nvrtc.lowered_name(program, name.c_str(), &lowered) != NVRTC_SUCCESS ||
        nvrtc.cubin_size(program, &size) != NVRTC_SUCCESS)
        return fail(rift_status_device_error, "NVRTC compiled ", expression, " but gave no code for it");
    symbol = lowered;
    code.assign(size, '\0');
    nvrtc.cubin(program, code.data());
    spill_bytes = spill_store_bytes(program_log(nvrtc, program), symbol);
    return rift_status_success;
}

std::shared_ptr<const RuntimeKernel> load(const std::string& code, const std::string& symbol, std::string& why)
{
    cudaLibrary_t library = nullptr;
    cudaKernel_t function = nullptr;
    cudaError_t error = cudaLibraryLoadData(&library, code.data(), nullptr, nullptr, 0, nullptr, nullptr, 0);
    if (error == cudaSuccess) error = cudaLibraryGetKernel(&function, library, symbol.c_str());
    if (error == cudaSuccess) return std::make_shared<const LoadedKernel>(library, function);
    if (library != nullptr) cudaLibraryUnload(library);
    cudaGetLastError(); // not left for the next launch's check
    why = cudaGetErrorString(error);
    return nullptr;
}

} // namespace rift::runtime_compiler
