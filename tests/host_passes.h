// The arguments of one transform through the Stockham passes of given radices, as the tests run the kernels'
// passes on the host, and the pass twiddles they point at.
#pragma once

#include <cstdint>
#include <vector>

#include "kernels/stockham_args.h"
#include "library/tables/twiddle_table.h"

namespace rift::test {

template <class Real>
struct HostPasses {
    kernels::StockhamArgs args;
    std::vector<kernels::Complex<Real>> twiddles;

    HostPasses(uint32_t length, const std::vector<uint32_t>& radices)
    {
        args.length = length;
        args.pass_count = uint32_t(radices.size());
        for (size_t p = 0; p < radices.size(); ++p) args.packed_radices |= uint64_t(radices[p]) << (8 * p);
        for (const UnitRoot& root : stockham_twiddles(radices))
            twiddles.push_back({static_cast<Real>(root.re), static_cast<Real>(root.im)});
        args.twiddles = twiddles.data();
    }
    HostPasses(const HostPasses&) = delete; // args points at twiddles
    HostPasses& operator=(const HostPasses&) = delete;
};

} // namespace rift::test
