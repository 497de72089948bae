// rift-bench built without VkFFT's headers.
#include "rift-bench/vendor.h"

namespace rift::bench {

std::unique_ptr<VendorFft> make_vkfft(const BenchCase&, hipStream_t, void*, void*, std::string* why_not)
{
    *why_not = "VkFFT comparison not built (configure with -DRIFT_VKFFT_DIR=<folder of vkFFT.h>, NVIDIA only)";
    return nullptr;
}

} // namespace rift::bench
