#include "library/tables/radix_transform.h"

#include <utility>

#include "kernels/stockham_pass.h"
#include "library/platform/allocation_faults.h"
#include "library/tables/twiddle_table.h"

namespace rift {

std::vector<ComplexDouble> radix_transform(const std::vector<ComplexDouble>& input,
                                           const std::vector<uint32_t>& radices, double scale)
{
    using Element = kernels::Complex<double>;
    static_assert(sizeof(Element) == sizeof(ComplexDouble), "the passes read ComplexDouble");
    const uint32_t length = uint32_t(input.size());
    const std::vector<UnitRoot> twiddles = stockham_twiddles(radices);
    const auto* table = reinterpret_cast<const Element*>(twiddles.data());
    std::vector<ComplexDouble> from = input, to = host_buffer<ComplexDouble>(input.size());
    uint32_t span = 1;
    for (uint32_t radix : radices) {
        const kernels::ScratchSlot<double> source{reinterpret_cast<Element*>(from.data()), 0};
        const kernels::ScratchSlot<double> destination{reinterpret_cast<Element*>(to.data()), 0};
        kernels::stockham_pass<false>(radix, 0, 1, length, span, kernels::pass_twiddles(table, span), source,
                                      destination);
        span *= radix;
        std::swap(from, to);
    }
    for (ComplexDouble& entry : from) entry = {entry.re * scale, entry.im * scale};
    return from;
}

} // namespace rift
