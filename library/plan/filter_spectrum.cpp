#include "library/plan/filter_spectrum.h"

#include "kernels/complex.h"
#include "library/api/error.h"
#include "library/exec/executors.h"
#include "library/platform/allocation_faults.h"

namespace rift {

rift_status filter_spectrum(const std::vector<ComplexDouble>& filter, const PlanContext& context,
                            std::vector<ComplexDouble>& spectrum)
{
    const size_t length = filter.size();
    StridedBatch batch;
    batch.length = length;
    batch.dims = {{1, length, length}};
    batch.precision = Precision::double_;
    batch.scale = 1.0 / double(length);
    std::unique_ptr<TreeNode> node;
    RIFT_RETURN_IF_FAILED(build_batch_node(batch, context, node));
    KernelChain chain;
    node->append_launches(chain);
    static_assert(sizeof(ComplexDouble) == sizeof(kernels::Complex<double>), "the kernels read ComplexDouble");
    spectrum = host_buffer<ComplexDouble>(length);
    const size_t bytes = length * sizeof(ComplexDouble);
    if (context.device == kNoDevice) {
        auto work = host_buffer<kernels::Complex<double>>(node->work_elements());
        return execute_on_host(
            chain, {const_cast<ComplexDouble*>(filter.data()), spectrum.data(), work.data()});
    }
    DeviceBuffer input, output, work;
    RIFT_RETURN_IF_FAILED(DeviceBuffer::upload(filter.data(), bytes, input));
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(bytes, output));
    if (node->work_elements() > 0)
        RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(node->work_elements() * sizeof(ComplexDouble), work));
    RIFT_RETURN_IF_FAILED(execute_on_gpu(chain, {input.get(), output.get(), work.get()}, nullptr, context.device));
    return output.download(spectrum.data(), bytes);
}

} // namespace rift
