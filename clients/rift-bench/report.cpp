#include "rift-bench/report.h"

#include <cstdio>
#include <ostream>

namespace rift::bench {

namespace {

// printf-style formatting into a string (iostream manipulators make the table code hard to read).
template <class... Args>
std::string format(const char* pattern, Args... args)
{
    const int size = std::snprintf(nullptr, 0, pattern, args...);
    if (size <= 0) return {};
    std::string text(static_cast<size_t>(size) + 1, '\0');
    std::snprintf(text.data(), text.size(), pattern, args...);
    text.pop_back(); // the NUL snprintf wrote
    return text;
}

// Peer time over rift time: above 1, rift is faster.
double ratio(const CaseResult& r, const Measurement& peer) { return peer.timing.median_ms / r.rift.timing.median_ms; }

const CaseResult::Peer* find_peer(const CaseResult& r, const char* label)
{
    for (const CaseResult::Peer& peer : r.peers)
        if (peer.label == label && peer.measurement) return &peer;
    return nullptr;
}

// The faster peer's time over rift's, when any peer was measured.
std::optional<double> best_peer_ratio(const CaseResult& r)
{
    std::optional<double> best;
    for (const CaseResult::Peer& peer : r.peers)
        if (peer.measurement && (!best || ratio(r, *peer.measurement) < *best)) best = ratio(r, *peer.measurement);
    return best;
}

double fraction_of_copy(const CaseResult& r) { return r.copy_gbps > 0 ? r.rift.gbps / r.copy_gbps : 0; }

std::string timing_text(const client::TimingStats& timing)
{
    return format("median %10.4f ms  (min %.4f ms, %d runs)", timing.median_ms, timing.min_ms, timing.runs);
}

} // namespace

void print_human(const CaseResult& r, std::ostream& out)
{
    const BenchCase& c = r.bench_case;
    out << c.transform_label() << ", " << c.precision_label() << " precision, " << c.placement_label()
        << ", lengths " << c.lengths_label() << ", batch " << c.batch << "  [" << r.executor << " executor: "
        << r.device << "]\n";
    if (!r.plan_text.empty()) out << r.plan_text << (r.plan_text.back() == '\n' ? "" : "\n");
    out << format("  plan     created in %.3f ms, its kernels in place after %.3f ms\n", r.plan_creation_ms,
                  r.kernels_ready_ms);

    out << "  rift     " << timing_text(r.rift.timing)
        << format("  %9.2f GB/s  %9.2f GFLOP/s  %5.1f%% of copy\n", r.rift.gbps, r.rift.gflops,
                  100 * fraction_of_copy(r));
    out << "  copy     " << timing_text(r.copy) << format("  %9.2f GB/s  (copy of the input bytes, read + write)\n",
                                                          r.copy_gbps);
    for (const CaseResult::Peer& peer : r.peers) {
        const std::string label = format("  %-8s ", peer.label.c_str());
        if (!peer.measurement) {
            out << label << peer.note << "\n";
            continue;
        }
        const Measurement& m = *peer.measurement;
        out << label << timing_text(m.timing)
            << format("  %9.2f GB/s  %9.2f GFLOP/s  %s\n", m.gbps, m.gflops, peer.name.c_str());
        out << format("  ratio    %.3f  (%s time / rift time: rift is %s)\n", ratio(r, m), peer.label.c_str(),
                      ratio(r, m) >= 1 ? "faster" : "slower");
    }
    if (r.rift.back_to_back_ms) {
        out << format("  latency  rift: one execution %.2f us (median), %.2f us each back to back",
                      1e3 * r.rift.timing.median_ms, 1e3 * *r.rift.back_to_back_ms);
        for (const CaseResult::Peer& peer : r.peers)
            if (peer.measurement && peer.measurement->back_to_back_ms)
                out << format("; %s: %.2f us, %.2f us", peer.label.c_str(), 1e3 * peer.measurement->timing.median_ms,
                              1e3 * *peer.measurement->back_to_back_ms);
        out << "\n";
    }
    if (r.verification) {
        out << format("  verify   relative L2 error %.3e against %s\n", r.verification->relative_error,
                      r.verification->reference.c_str());
    }
}

const char* csv_header()
{
    return "case,executor,precision,placement,lengths,batch,rift_ms,rift_gbps,copy_gbps,fraction_of_copy,vendor_ms,"
           "vendor_gbps,ratio,rel_error,vkfft_ms,vkfft_ratio,best_peer_ratio";
}

void print_csv_line(const CaseResult& r, std::ostream& out)
{
    const BenchCase& c = r.bench_case;
    out << c.transform_label() << ',' << r.executor << ',' << c.precision_label() << ',' << c.placement_label() << ','
        << c.lengths_label() << ',' << c.batch << ',' << format("%.6f", r.rift.timing.median_ms) << ','
        << format("%.2f", r.rift.gbps) << ',' << format("%.2f", r.copy_gbps) << ','
        << format("%.4f", fraction_of_copy(r)) << ',';
    if (const CaseResult::Peer* vendor = find_peer(r, "vendor")) {
        const Measurement& m = *vendor->measurement;
        out << format("%.6f", m.timing.median_ms) << ',' << format("%.2f", m.gbps) << ','
            << format("%.4f", ratio(r, m));
    } else {
        out << ",,";
    }
    out << ',';
    if (r.verification) out << format("%.3e", r.verification->relative_error);
    out << ',';
    if (const CaseResult::Peer* vkfft = find_peer(r, "vkfft")) {
        const Measurement& m = *vkfft->measurement;
        out << format("%.6f", m.timing.median_ms) << ',' << format("%.4f", ratio(r, m));
    } else {
        out << ',';
    }
    out << ',';
    if (const std::optional<double> best = best_peer_ratio(r)) out << format("%.4f", *best);
    out << '\n';
}

} // namespace rift::bench
