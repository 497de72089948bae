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

// Vendor time over rift time: above 1, rift is faster.
double vendor_ratio(const CaseResult& r) { return r.vendor->timing.median_ms / r.rift.timing.median_ms; }

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
    out << format("  plan     created in %.3f ms\n", r.plan_creation_ms);

    out << "  rift     " << timing_text(r.rift.timing)
        << format("  %9.2f GB/s  %9.2f GFLOP/s  %5.1f%% of copy\n", r.rift.gbps, r.rift.gflops,
                  100 * fraction_of_copy(r));
    out << "  copy     " << timing_text(r.copy) << format("  %9.2f GB/s  (copy of the input bytes, read + write)\n",
                                                          r.copy_gbps);
    if (r.vendor) {
        const double ratio = vendor_ratio(r);
        out << "  vendor   " << timing_text(r.vendor->timing)
            << format("  %9.2f GB/s  %9.2f GFLOP/s  %s\n", r.vendor->gbps, r.vendor->gflops, r.vendor_name.c_str());
        out << format("  ratio    %.3f  (vendor time / rift time: rift is %s)\n", ratio,
                      ratio >= 1 ? "faster" : "slower");
    } else if (!r.vendor_note.empty()) {
        out << "  vendor   " << r.vendor_note << "\n";
    }
    if (r.rift.back_to_back_ms) {
        out << format("  latency  rift: one execution %.2f us (median), %.2f us each back to back",
                      1e3 * r.rift.timing.median_ms, 1e3 * *r.rift.back_to_back_ms);
        if (r.vendor && r.vendor->back_to_back_ms) {
            out << format("; vendor: %.2f us, %.2f us", 1e3 * r.vendor->timing.median_ms,
                          1e3 * *r.vendor->back_to_back_ms);
        }
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
           "vendor_gbps,ratio,rel_error";
}

void print_csv_line(const CaseResult& r, std::ostream& out)
{
    const BenchCase& c = r.bench_case;
    out << c.transform_label() << ',' << r.executor << ',' << c.precision_label() << ',' << c.placement_label() << ','
        << c.lengths_label() << ',' << c.batch << ',' << format("%.6f", r.rift.timing.median_ms) << ','
        << format("%.2f", r.rift.gbps) << ',' << format("%.2f", r.copy_gbps) << ','
        << format("%.4f", fraction_of_copy(r)) << ',';
    if (r.vendor) {
        out << format("%.6f", r.vendor->timing.median_ms) << ',' << format("%.2f", r.vendor->gbps) << ','
            << format("%.4f", vendor_ratio(r));
    } else {
        out << ",,";
    }
    out << ',';
    if (r.verification) out << format("%.3e", r.verification->relative_error);
    out << '\n';
}

} // namespace rift::bench
