// VkFFT (header-only; its CUDA backend: NVRTC and the driver API) as the second peer, built only when CMake is
// given its headers (-DRIFT_VKFFT_DIR, the folder that holds vkFFT.h). It takes the contiguous default layouts:
// VkFFT's own, with padded rows for in-place real transforms as rift's and FFTW's.
#define VKFFT_BACKEND 1
#include <cuda.h>
#include <cuda_runtime.h>
#include <vkFFT.h>

#include <memory>
#include <string>

#include "common/checks.h"
#include "rift-bench/vendor.h"

namespace rift::bench {

namespace {

class VkfftPlan final : public VendorFft {
public:
    VkfftPlan(const BenchCase& c, hipStream_t stream, void* input, void* output)
        : case_(c), stream_(static_cast<CUstream>(stream))
    {
        check_cuda(cuInit(0), "cuInit");
        int ordinal = 0;
        client::check_hip(hipGetDevice(&ordinal), "hipGetDevice");
        check_cuda(cuDeviceGet(&device_, ordinal), "cuDeviceGet");

        VkFFTConfiguration configuration = {};
        configuration.device = &device_;
        configuration.stream = &stream_;
        configuration.num_streams = 1;
        configuration.FFTdim = c.lengths.size();
        for (size_t d = 0; d < c.lengths.size(); ++d) configuration.size[d] = c.lengths[d]; // fastest first
        configuration.numberBatches = c.batch;
        configuration.doublePrecision = c.precision == rift_precision_double ? 1 : 0;
        configuration.performR2C = c.is_real() ? 1 : 0;
        if (c.is_real_to_real()) {
            // VkFFT's types 1-4 are FFTW's REDFT00..11 and RODFT00..11, as rift's.
            const int kind = c.transform - rift_transform_type_dct1; // dct1..dct4, then dst1..dst4
            if (kind < 4)
                configuration.performDCT = kind + 1;
            else
                configuration.performDST = kind - 3;
        }

        // The complex side ("buffer", where VkFFT computes; the output of a real-to-real transform) and, out of
        // place, the other side ("inputBuffer").
        const Layout& complex_side = c.transform == rift_transform_type_real_inverse ? c.input : c.output;
        buffer_bytes_ = complex_side.logical_elements() * complex_side.reals_per_element() * c.real_size();
        configuration.bufferSize = &buffer_bytes_;
        if (!c.in_place()) {
            const Layout& other_side = c.transform == rift_transform_type_real_inverse ? c.output : c.input;
            input_bytes_ = other_side.logical_elements() * other_side.reals_per_element() * c.real_size();
            configuration.isInputFormatted = 1;
            configuration.inputBufferSize = &input_bytes_;
            if (c.is_real()) {
                // Real rows unpadded; the inverse writes them back to the input buffer (the real side).
                configuration.inverseReturnToInputBuffer = 1;
                uint64_t stride = 1;
                for (size_t d = 0; d < c.lengths.size(); ++d) configuration.inputBufferStride[d] = stride *= c.lengths[d];
            }
        }
        // The buffers of the executions, which pass them again.
        set_buffers(input, output);
        configuration.buffer = &complex_side_;
        if (!c.in_place()) configuration.inputBuffer = &other_side_;
        const VkFFTResult result = initializeVkFFT(&application_, configuration);
        if (result != VKFFT_SUCCESS)
            throw client::Error("VkFFT initializeVkFFT failed: VkFFTResult " + std::to_string(int(result)));
        initialized_ = true;
    }

    ~VkfftPlan() override
    {
        if (initialized_) deleteVkFFT(&application_);
    }

    std::string name() const override
    {
        const int version = VkFFTGetVersion(); // X.XX.XX
        return "VkFFT " + std::to_string(version / 10000) + "." + std::to_string(version / 100 % 100) + "." +
               std::to_string(version % 100) + " (CUDA backend)";
    }

    void execute(void* input, void* output) override
    {
        set_buffers(input, output);
        VkFFTLaunchParams launch = {};
        launch.buffer = &complex_side_;
        if (!case_.in_place()) launch.inputBuffer = &other_side_;
        // A real-to-real kind is one transform, run as VkFFT's forward one.
        const int direction = case_.is_forward() || case_.is_real_to_real() ? -1 : 1;
        const VkFFTResult result = VkFFTAppend(&application_, direction, &launch);
        if (result != VKFFT_SUCCESS)
            throw client::Error("VkFFTAppend failed: VkFFTResult " + std::to_string(int(result)));
    }

private:
    // VkFFT's "buffer" is the complex side, where it computes; its "inputBuffer" the other side, out of place.
    void set_buffers(void* input, void* output)
    {
        void* in = static_cast<char*>(input) + case_.input.offset * case_.input_element_size();
        void* out = static_cast<char*>(case_.in_place() ? input : output) +
                    case_.output.offset * case_.output_element_size();
        const bool complex_input = case_.transform == rift_transform_type_real_inverse;
        complex_side_ = complex_input ? in : out;
        other_side_ = complex_input ? out : in;
    }

    static void check_cuda(CUresult result, const char* call)
    {
        if (result != CUDA_SUCCESS) throw client::Error(std::string(call) + " failed: CUresult " + std::to_string(result));
    }

    BenchCase case_;
    CUdevice device_ = 0;
    CUstream stream_ = nullptr;
    uint64_t buffer_bytes_ = 0, input_bytes_ = 0;
    void* complex_side_ = nullptr;
    void* other_side_ = nullptr;
    VkFFTApplication application_ = {};
    bool initialized_ = false;
};

} // namespace

std::unique_ptr<VendorFft> make_vkfft(const BenchCase& c, hipStream_t stream, void* input, void* output,
                                      std::string* why_not)
{
    if (!c.default_layouts) {
        *why_not = "the VkFFT comparison takes contiguous default layouts only";
        return nullptr;
    }
    try {
        return std::make_unique<VkfftPlan>(c, stream, input, output);
    } catch (const client::Error& error) {
        *why_not = error.what();
        return nullptr;
    }
}

} // namespace rift::bench
