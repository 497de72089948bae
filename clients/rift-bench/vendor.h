// The peers rift-bench times rift against on the same case: the platform's own FFT library (cuFFT on NVIDIA,
// loaded at run time, so rift-bench needs it neither to build nor to run) and VkFFT (compiled in when CMake is
// given its headers with -DRIFT_VKFFT_DIR).
#pragma once

#include <memory>
#include <string>

#include "library/platform/hip_api.h"
#include "rift-bench/bench_case.h"

namespace rift::bench {

class VendorFft {
public:
    virtual ~VendorFft() = default;
    // "cuFFT 12.0.0 (libcufft.so.12, basic layout)", say.
    virtual std::string name() const = 0;
    // Submits one transform asynchronously on the stream given at creation; output is ignored in place.
    virtual void execute(void* input, void* output) = 0;
};

// Each peer planned for the case on the stream (input and output: the buffers its executions will use), or
// nullptr with *why_not saying why (library not found or not built in, a layout it cannot express).
std::unique_ptr<VendorFft> make_vendor_fft(const BenchCase& bench_case, hipStream_t stream, void* input,
                                           void* output, std::string* why_not);
std::unique_ptr<VendorFft> make_vkfft(const BenchCase& bench_case, hipStream_t stream, void* input, void* output,
                                      std::string* why_not);

} // namespace rift::bench
