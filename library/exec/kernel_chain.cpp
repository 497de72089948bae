#include "library/exec/kernel_chain.h"

#include <sstream>

namespace rift {

const char* to_string(BufferName name) { return name == BufferName::user_input ? "user_in" : "user_out"; }

std::string describe(const StockhamLaunch& launch)
{
    std::ostringstream text;
    text << (launch.fixed_length ? "fixed_stockham_kernel<" : "generic_stockham_kernel<")
         << to_string(launch.precision) << ", " << to_string(launch.direction) << "> grid "
         << launch.shape.blocks << " block " << launch.shape.threads_x << 'x' << launch.shape.threads_y << " lds "
         << launch.shape.shared_bytes << " B: " << to_string(launch.input) << " -> " << to_string(launch.output);
    return text.str();
}

} // namespace rift
