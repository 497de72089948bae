// The platform's own FFT library (cuFFT on NVIDIA), planned for the same case, to time rift against. It is
// loaded at run time, so rift-bench needs it neither to build nor to run.
#pragma once

#include <memory>
#include <string>

#include "library/platform/hip_api.h"
#include "rift-bench/bench_case.h"

namespace rift::bench {

class VendorFft {
public:
    virtual ~VendorFft() = default;
    // "cuFFT 12.0.0 (libcufft.so.12)", say.
    virtual std::string name() const = 0;
    // Submits one transform asynchronously on the stream given at creation; output is ignored in place.
    virtual void execute(void* input, void* output) = 0;
};

// The vendor FFT planned for the case on the stream, or nullptr with *why_not saying why (library not found,
// layout it cannot express, no vendor library on this platform).
std::unique_ptr<VendorFft> make_vendor_fft(const BenchCase& bench_case, hipStream_t stream, std::string* why_not);

} // namespace rift::bench
