#include "library/plan/filter_spectrum.h"

#include "kernels/complex.h"
#include "library/core/error.h"
#include "library/exec/executors.h"
#include "library/platform/allocation_faults.h"

namespace rift {

namespace {

// The double-precision forward transform of length M, scaled by 1/M, out of place.
rift_status spectrum_plan(size_t length, const PlanContext& context, std::unique_ptr<TreeNode>& node,
                          KernelChain& chain)
{
    StridedBatch batch;
    batch.length = length;
    batch.dims = {{1, length, length}};
    batch.precision = Precision::double_;
    batch.scale = 1.0 / double(length);
    RIFT_RETURN_IF_FAILED(build_batch_node(batch, context, node));
    node->append_launches(chain);
    return make_tables(chain);
}

} // namespace

rift_status filter_spectrum_on_gpu(const DeviceBuffer& filter, size_t length, const PlanContext& context,
                                   DeviceBuffer& spectrum)
{
    std::unique_ptr<TreeNode> node;
    KernelChain chain;
    RIFT_RETURN_IF_FAILED(spectrum_plan(length, context, node, chain));
    DeviceBuffer output, work;
    RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(length * sizeof(ComplexDouble), output));
    if (node->work_elements() > 0)
        RIFT_RETURN_IF_FAILED(DeviceBuffer::allocate(node->work_elements() * sizeof(ComplexDouble), work));
    RIFT_RETURN_IF_FAILED(execute_on_gpu(chain, {filter.get(), output.get(), work.get()}, nullptr, context.device));
    RIFT_RETURN_IF_FAILED(wait_for_default_stream()); // before the work buffer is freed
    spectrum = std::move(output);
    return rift_status_success;
}

} // namespace rift
