#include "rift-bench/options.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <ostream>
#include <sstream>
#include <utility>

#include "common/checks.h"
#include "rift-bench/report.h"

namespace rift::bench {

using client::Error;

namespace {

// Walks the argument list; each flag takes what it needs from it.
class ArgumentReader {
public:
    explicit ArgumentReader(const std::vector<std::string>& arguments) : arguments_(arguments) {}

    bool done() const { return next_ == arguments_.size(); }
    const std::string& take() { return arguments_[next_++]; }

    // The value following `flag`.
    const std::string& value(const std::string& flag)
    {
        if (done()) throw Error(flag + " needs a value");
        return take();
    }

    // One to three unsigned numbers following `flag` (lengths, strides): as many as follow, up to three.
    std::vector<size_t> size_list(const std::string& flag)
    {
        std::vector<size_t> values{parse_size(flag, value(flag))};
        while (values.size() < 3 && !done() && is_unsigned_number(arguments_[next_])) {
            values.push_back(parse_size(flag, take()));
        }
        return values;
    }

    static bool is_unsigned_number(const std::string& text)
    {
        return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
    }

    static size_t parse_size(const std::string& flag, const std::string& text)
    {
        if (!is_unsigned_number(text)) throw Error(flag + ": '" + text + "' is not an unsigned integer");
        errno = 0;
        const unsigned long long value = std::strtoull(text.c_str(), nullptr, 10);
        if (errno == ERANGE) throw Error(flag + ": '" + text + "' is too large");
        return static_cast<size_t>(value);
    }

    static double parse_double(const std::string& flag, const std::string& text)
    {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0') throw Error(flag + ": '" + text + "' is not a number");
        return value;
    }

private:
    const std::vector<std::string>& arguments_;
    size_t next_ = 0;
};

rift_transform_type parse_transform_type(const std::string& flag, const std::string& text)
{
    // rocfft-bench's numbers for the four DFT types; the real-to-real kinds by name.
    static const std::pair<const char*, rift_transform_type> named[] = {
        {"0", rift_transform_type_complex_forward}, {"1", rift_transform_type_complex_inverse},
        {"2", rift_transform_type_real_forward},    {"3", rift_transform_type_real_inverse},
        {"dct1", rift_transform_type_dct1},         {"dct2", rift_transform_type_dct2},
        {"dct3", rift_transform_type_dct3},         {"dct4", rift_transform_type_dct4},
        {"dst1", rift_transform_type_dst1},         {"dst2", rift_transform_type_dst2},
        {"dst3", rift_transform_type_dst3},         {"dst4", rift_transform_type_dst4}};
    for (const auto& [name, type] : named)
        if (text == name) return type;
    throw Error(flag + ": transform type must be 0, 1, 2, 3 or dct1..dct4, dst1..dst4 (got '" + text + "')");
}

rift_convolution_type parse_convolution_type(const std::string& flag, const std::string& text)
{
    if (text == "linear") return rift_convolution_linear;
    if (text == "circular") return rift_convolution_circular;
    if (text == "correlation") return rift_correlation_linear;
    if (text == "circular-correlation") return rift_correlation_circular;
    throw Error(flag + ": must be linear, circular, correlation or circular-correlation (got '" + text + "')");
}

rift_precision parse_precision(const std::string& flag, const std::string& text)
{
    if (text == "single") return rift_precision_single;
    if (text == "double") return rift_precision_double;
    throw Error(flag + ": precision must be single or double (got '" + text + "')");
}

} // namespace

Options parse_options(const std::vector<std::string>& arguments)
{
    Options options;
    ArgumentReader reader(arguments);
    while (!reader.done()) {
        const std::string flag = reader.take();
        if (flag == "--length") {
            options.lengths = reader.size_list(flag);
        } else if (flag == "-b" || flag == "--batch") {
            options.batch = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "--batch-for-bytes") {
            options.batch_for_bytes = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "-t" || flag == "--transformType") {
            options.transform = parse_transform_type(flag, reader.value(flag));
        } else if (flag == "--precision") {
            options.precision = parse_precision(flag, reader.value(flag));
        } else if (flag == "--double") { // rocfft-bench's shorthand
            options.precision = rift_precision_double;
        } else if (flag == "-o" || flag == "--notInPlace") {
            options.placement = rift_placement_notinplace;
        } else if (flag == "--convolution") {
            options.filter_length = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "--nfft") {
            options.nfft_nodes = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "--tolerance") {
            options.nfft_tolerance = ArgumentReader::parse_double(flag, reader.value(flag));
        } else if (flag == "--clustered") {
            options.nfft_clustered = true;
        } else if (flag == "--gaussian") {
            options.nfft_gaussian_width = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "--direct") {
            options.nfft_direct = true;
        } else if (flag == "--convolution-type") {
            options.convolution_type = parse_convolution_type(flag, reader.value(flag));
        } else if (flag == "--scale") {
            options.scale = ArgumentReader::parse_double(flag, reader.value(flag));
        } else if (flag == "--istride") {
            options.in_strides = reader.size_list(flag);
        } else if (flag == "--ostride") {
            options.out_strides = reader.size_list(flag);
        } else if (flag == "--idist") {
            options.in_distance = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "--odist") {
            options.out_distance = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "--ioffset") {
            options.in_offset = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "--ooffset") {
            options.out_offset = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "-N") {
            const size_t runs = ArgumentReader::parse_size(flag, reader.value(flag));
            if (runs == 0 || runs > 1000000) throw Error("-N: iterations must be 1..1000000");
            options.iterations = static_cast<int>(runs);
        } else if (flag == "--seed") {
            options.seed = ArgumentReader::parse_size(flag, reader.value(flag));
        } else if (flag == "--verify") {
            options.verify = true;
        } else if (flag == "--print-plan") {
            options.print_plan = true;
        } else if (flag == "--plan-only") {
            options.plan_only = true;
        } else if (flag == "--host") {
            options.host = true;
        } else if (flag == "--compare-vendor") {
            options.compare_vendor = true;
        } else if (flag == "--latency") {
            options.latency = true;
        } else if (flag == "--csv") {
            options.csv = true;
        } else if (flag == "--suite") {
            options.suite_file = reader.value(flag);
        } else if (flag == "-h" || flag == "--help") {
            options.help = true;
        } else {
            throw Error("unknown argument '" + flag + "' (see --help)");
        }
    }
    if (!std::isfinite(options.scale)) throw Error("--scale must be finite");
    if (options.batch && options.batch_for_bytes) throw Error("give --batch or --batch-for-bytes, not both");
    if (options.lengths.empty() && options.suite_file.empty() && !options.help) {
        throw Error("--length is required (see --help)");
    }
    return options;
}

std::vector<std::string> split_suite_line(const std::string& line)
{
    std::istringstream words(line.substr(0, line.find('#')));
    std::vector<std::string> arguments;
    for (std::string word; words >> word;) arguments.push_back(word);
    return arguments;
}

void print_usage(std::ostream& out)
{
    out << R"(rift-bench: time (and check) one rift transform, optionally against the vendor FFT.

Transform:
  --length N [N2 N3]        lengths, fastest-varying first (required)
  -b, --batch B             number of transforms (default 1)
  --batch-for-bytes BYTES   choose the batch so the input is BYTES bytes, e.g. 1073741824
  -t, --transformType T     0 complex forward (default), 1 complex inverse, 2 real forward, 3 real inverse,
                            dct1..dct4 or dst1..dst4 (FFTW's REDFT00..11, RODFT00..11; the kind along every
                            dimension)
  --precision P             single (default) or double; --double is short for --precision double
  -o, --notInPlace          out-of-place (default: in place)
  --scale S                 multiply the output by S (default 1)
Convolution (rift_convolution_*, complex signals of the first --length, batch -b, contiguous):
  --convolution K           time a convolution with a K-tap filter against the FFT route it replaces:
                            forward transforms of the signals and of the filter zero padded to a fast length,
                            a pointwise product, an inverse transform (rift's transforms and the client's own
                            product kernel); --verify compares the two outputs
  --convolution-type T      linear (default), circular, correlation or circular-correlation
NFFT (rift_nfft_*, --length gives the coefficients per dimension, 1 to 3 of them):
  --nfft M                  time rift_nfft_set_nodes and the forward and adjoint NFFT with M random nodes, and
                            each one's steps (rift_nfft_execute_timed: correction, grid FFT, gridding); --verify
                            checks 64 sampled outputs of each direction against direct sums in double
  --tolerance EPS           the requested accuracy (default 1e-6)
  --gaussian W              the Gaussian window of W points (fast Gaussian gridding, twice oversampled) instead
                            of a tolerance
  --clustered               nodes clustered (normal, sigma 0.05 per coordinate) instead of uniform
  --direct                  also time the direct NDFT on the GPU (the client's kernel; small cases only)
Layout (in elements; default contiguous; in place, unset output values copy the input ones):
  --istride S [S2 S3]       input strides, one per dimension, fastest first
  --ostride S [S2 S3]       output strides
  --idist D, --odist D      distance between consecutive transforms
  --ioffset O, --ooffset O  offset of the first element
Measurement:
  -N RUNS                   timed runs (default 25), after 3 warm-up runs; reports the median and minimum
  --seed S                  seed of the random input (default fixed)
  --verify                  compare one run against FFTW (long double FFTW for double precision, double FFTW for
                            single) and print the relative L2 error
  --print-plan              print rift's plan
  --plan-only               create the plan and report how long that took; allocate and run nothing (fills the
                            kernel cache for lengths compiled at run time)
  --host                    run on rift's host executor (CPU) with host buffers; also when RIFT_EXECUTOR=host is
                            set or no GPU is found
  --compare-vendor          also time the peers on the same case: cuFFT (loaded at run time from
                            $RIFT_CUFFT_LIBRARY or libcufft.so.12/.11/.so; its basic layout when no strides or
                            distances are given) and VkFFT (when built with -DRIFT_VKFFT_DIR; default layouts
                            only); for DCT-II, the route a cuFFT user takes instead of cuFFT (the reordering
                            kernel, an R2C transform, the post-processing kernel; the client's own kernels); ratio = peer time / rift time (> 1: rift faster), best_peer_ratio the faster
                            peer's. The peers are not given --scale.
  --latency                 also time 1000 back-to-back executions and report their average
  --csv                     print one CSV line (columns below)
  --suite FILE              run each line of FILE as a case (same flags; '#' comments), printing CSV with a
                            header; the other command-line flags apply to every case
  -h, --help                this text

GB/s counts input + output bytes once; GFLOP/s counts 5 N log2(N) per complex transform (half for real and real-to-real ones).
The copy ceiling is a device-to-device copy of the input bytes, counted as read + write.
CSV columns: )" << csv_header() << "\n";
}

} // namespace rift::bench
