#include <vector>

#include "kernels/stockham_transform.h"
#include "library/exec/executors.h"

namespace rift {

namespace {

template <class Real, bool Inverse>
void run_stockham_on_host(const StockhamLaunch& launch, const ExecutionBuffers& buffers)
{
    kernels::StockhamArgs args = launch.args;
    args.twiddles = launch.twiddles->host_data();
    args.input = resolve_buffer(launch.input, buffers);
    args.output = resolve_buffer(launch.output, buffers);

    std::vector<kernels::Complex<Real>> slots(2 * size_t(kernels::padded_size(args.length)));
    const kernels::PaddedScratch<Real> scratch0{slots.data()};
    const kernels::PaddedScratch<Real> scratch1{slots.data() + slots.size() / 2};
    for (uint64_t transform = 0; transform < args.batch; ++transform)
        kernels::stockham_transform<Inverse>(args, 0, 1, true, kernels::transform_input<Real>(args, transform),
                                             kernels::transform_output<Real>(args, transform), scratch0, scratch1,
                                             [] {});
}

} // namespace

rift_status execute_on_host(const KernelChain& chain, const ExecutionBuffers& buffers)
{
    for (const StockhamLaunch& launch : chain) {
        const bool inverse = launch.direction == Direction::inverse;
        if (launch.precision == Precision::single)
            inverse ? run_stockham_on_host<float, true>(launch, buffers)
                    : run_stockham_on_host<float, false>(launch, buffers);
        else
            inverse ? run_stockham_on_host<double, true>(launch, buffers)
                    : run_stockham_on_host<double, false>(launch, buffers);
    }
    return rift_status_success;
}

} // namespace rift
