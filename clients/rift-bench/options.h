// rift-bench's command line, in the spirit of rocfft-bench. The same flags describe one case on a line of a
// --suite file.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "rift/rift.h"

namespace rift::bench {

struct Options {
    // The transform.
    std::vector<size_t> lengths; // 1 to 3, fastest-varying first
    std::optional<size_t> batch;
    std::optional<size_t> batch_for_bytes; // pick the batch so the input is this many bytes
    rift_transform_type transform = rift_transform_type_complex_forward;
    rift_precision precision = rift_precision_single;
    rift_result_placement placement = rift_placement_inplace;
    double scale = 1.0;
    // --convolution K: time rift_convolution_* of batch signals of lengths[0] with a K-tap filter instead.
    std::optional<size_t> filter_length;
    rift_convolution_type convolution_type = rift_convolution_linear;
    // --nfft M: time rift_nfft_* with M nodes and lengths as the coefficients per dimension instead.
    std::optional<size_t> nfft_nodes;
    double nfft_tolerance = 1e-6;
    bool nfft_clustered = false;
    size_t nfft_gaussian_width = 0; // --gaussian W: rift_nfft_create_expert's Gaussian window instead
    bool nfft_direct = false;

    // The data layout, in elements; unset parts take the contiguous defaults.
    std::vector<size_t> in_strides;
    std::vector<size_t> out_strides;
    std::optional<size_t> in_distance;
    std::optional<size_t> out_distance;
    std::optional<size_t> in_offset;
    std::optional<size_t> out_offset;

    // The measurement.
    int iterations = 25;
    uint64_t seed = 0x5eed5eedULL;
    bool verify = false;
    bool print_plan = false;
    bool plan_only = false; // --plan-only: create the plan, report its creation time, run nothing
    bool host = false;
    bool compare_vendor = false;
    bool latency = false;
    bool csv = false;
    bool help = false;
    std::string suite_file;
};

// Parses arguments (argv without the program name). Throws rift::client::Error naming the offending flag.
Options parse_options(const std::vector<std::string>& arguments);

// Splits a --suite line into arguments at white space; '#' starts a comment. Empty for blank lines.
std::vector<std::string> split_suite_line(const std::string& line);

void print_usage(std::ostream& out);

} // namespace rift::bench
