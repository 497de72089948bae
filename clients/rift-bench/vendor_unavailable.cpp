// Platforms without a vendor comparison (AMD for now: rocFFT could be loaded like cuFFT is on NVIDIA).
#include "rift-bench/vendor.h"

namespace rift::bench {

std::unique_ptr<VendorFft> make_vendor_fft(const BenchCase&, hipStream_t, void*, void*, std::string* why_not)
{
    *why_not = "vendor comparison not available on this platform";
    return nullptr;
}

} // namespace rift::bench
