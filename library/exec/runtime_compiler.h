// The platform's run-time compiler and loader, under runtime_kernels.cpp: NVRTC and CUDA libraries on NVIDIA
// (runtime_compiler_nvrtc.cpp), hipRTC and HIP modules on AMD (runtime_compiler_hiprtc.cpp). The compiler is
// opened at run time, so the library runs without it (plans then keep the runtime-radix kernel).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "library/exec/runtime_kernels.h"
#include "rift/rift.h"

namespace rift::runtime_compiler {

// One header the compiled source may include, by name.
struct Header {
    const char* name;
    const char* text;
};

// Whether the compiler library was found.
bool loaded();
// The toolkit rift was built with ("cuda 13000", "hip 6.4"): part of every cache key, known without loading the
// compiler, so that a process whose kernels are all in the cache never opens it.
std::string toolkit_text();
// The architecture the compiler targets for `device` ("sm_90", "gfx90a:sramecc+:xnack-"); empty when unknown.
std::string architecture(int device);
// Whether compile reports the registers a kernel spills.
bool reports_spills();
// Compiles `source` (which includes `headers`) for `architecture`, instantiating the kernel `expression` names (a
// template-id such as rift::kernels::compiled_stockham_kernel<float, false, 128u, ...>): its code object, the
// kernel's symbol in it, and the bytes of spill stores to local memory (-1 where the compiler does not say).
rift_status compile(const std::string& expression, const char* source, const std::vector<Header>& headers,
                    const std::string& architecture, std::string& code, std::string& symbol, long& spill_bytes);
// The kernel `symbol` of `code`, loaded for launches on any device; null, with `why`, when it does not load.
std::shared_ptr<const RuntimeKernel> load(const std::string& code, const std::string& symbol, std::string& why);

} // namespace rift::runtime_compiler
