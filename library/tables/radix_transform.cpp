#include "library/tables/radix_transform.h"

#include <utility>

#include "kernels/stockham_pass.h"
#include "library/platform/allocation_faults.h"
#include "library/tables/twiddle_table.h"

namespace rift {

namespace {

// A plain array as the passes' source and destination: the kernels' shared-memory slot view pads and checks its
// runs, which a host array needs not.
struct HostArray {
    kernels::Complex<double>* base;
    struct Run {
        kernels::Complex<double>* base;
        uint32_t first;
        uint32_t step;
        kernels::Complex<double> load(uint32_t r) const { return base[first + r * step]; }
        void store(uint32_t r, kernels::Complex<double> v) const { base[first + r * step] = v; }
    };
    Run run(uint32_t first, uint32_t step) const { return {base, first, step}; }
};

} // namespace

std::vector<ComplexDouble> radix_transform(std::vector<ComplexDouble> input, const std::vector<uint32_t>& radices,
                                           double scale)
{
    using Element = kernels::Complex<double>;
    static_assert(sizeof(Element) == sizeof(ComplexDouble), "the passes read ComplexDouble");
    const uint32_t length = uint32_t(input.size());
    const std::vector<UnitRoot> twiddles = stockham_twiddles(radices);
    const auto* table = reinterpret_cast<const Element*>(twiddles.data());
    std::vector<ComplexDouble> from = std::move(input), to = host_buffer<ComplexDouble>(length);
    uint32_t span = 1;
    for (uint32_t radix : radices) {
        const HostArray source{reinterpret_cast<Element*>(from.data())};
        const HostArray destination{reinterpret_cast<Element*>(to.data())};
        kernels::stockham_pass<false>(radix, 0, 1, length, span, kernels::pass_twiddles(table, span), source,
                                      destination);
        span *= radix;
        std::swap(from, to);
    }
    for (ComplexDouble& entry : from) entry = {entry.re * scale, entry.im * scale};
    return from;
}

} // namespace rift
