// What one case measured, and its two printed forms: a short block for people, one CSV line for scripts.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "common/timers.h"
#include "rift-bench/bench_case.h"
#include "rift-bench/verify.h"

namespace rift::bench {

struct Measurement {
    client::TimingStats timing;
    double gbps = 0;   // input + output data bytes over the median time
    double gflops = 0; // BenchCase::flop_count over the median time
    std::optional<double> back_to_back_ms; // --latency: average over back-to-back launches
};

struct CaseResult {
    BenchCase bench_case;
    std::string executor; // "gpu" or "host"
    std::string device;   // the GPU's name, or the CPU
    std::string plan_text; // --print-plan
    double plan_creation_ms = 0;
    double kernels_ready_ms = 0; // from plan creation until kernels compiled in the background are in place

    Measurement rift;

    client::TimingStats copy; // the memory ceiling: a copy of the input bytes within the same memory
    double copy_gbps = 0;     // read + write

    // --compare-vendor: cuFFT ("vendor"), then VkFFT ("vkfft"); a peer not measured says why in its note.
    struct Peer {
        std::string label;
        std::optional<Measurement> measurement;
        std::string name; // when measured
        std::string note;
    };
    std::vector<Peer> peers;

    std::optional<Verification> verification;
};

void print_human(const CaseResult& result, std::ostream& out);

// The CSV columns, comma-separated, without a newline.
const char* csv_header();
// One line, with the newline; columns not measured are empty.
void print_csv_line(const CaseResult& result, std::ostream& out);

} // namespace rift::bench
