// What every case of one rift-bench run shares: whether there is a GPU, and the stream cases run on.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "common/device.h"
#include "rift-bench/options.h"

namespace rift::bench {

// Where one case runs: rift's GPU executor on a stream, or its host executor on host memory.
struct Target {
    bool gpu = false;
    hipStream_t stream = nullptr; // null on the host
    std::string device;           // for the report
};

class Session {
public:
    // Notices (such as the fall-back to the host executor) go to `notices`.
    explicit Session(std::ostream& notices);

    // The GPU, unless the case asks for the host (--host, or RIFT_EXECUTOR=host as rift's default executor
    // honours) or there is no GPU, in which case the first such case says so.
    Target target_for(const Options& options);

private:
    std::ostream& notices_;
    client::GpuInfo gpu_;
    std::unique_ptr<client::Stream> stream_; // created for the first GPU case
    bool told_fallback_ = false;
};

} // namespace rift::bench
