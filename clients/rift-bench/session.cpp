#include "rift-bench/session.h"

#include <cstdlib>
#include <ostream>

namespace rift::bench {

namespace {

Target host_target() { return {false, nullptr, "CPU"}; }

bool environment_asks_for_host()
{
    const char* executor = std::getenv("RIFT_EXECUTOR");
    return executor != nullptr && std::string(executor) == "host";
}

} // namespace

Session::Session(std::ostream& notices) : notices_(notices), gpu_(client::query_gpu()) {}

Target Session::target_for(const Options& options)
{
    if (options.host) return host_target();
    if (environment_asks_for_host() || !gpu_.present) {
        if (!told_fallback_) {
            if (environment_asks_for_host()) {
                notices_ << "RIFT_EXECUTOR=host: running on the host executor (CPU); timings are CPU timings\n";
            } else {
                notices_ << "no GPU found: running on the host executor (CPU); timings are CPU timings ("
                         << gpu_.why_absent << ")\n";
            }
            told_fallback_ = true;
        }
        return host_target();
    }
    if (!stream_) stream_ = std::make_unique<client::Stream>();
    return {true, stream_->get(), gpu_.name.empty() ? "GPU 0" : gpu_.name};
}

} // namespace rift::bench
