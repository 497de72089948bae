// rift-kernel-cache: fills rift's on-disk kernel cache (RIFT_KERNEL_CACHE, or the default folder) with the kernels
// plans compile at run time (Stockham kernels of every kind, Rader's of the primes; not yet Bluestein's), for every
// length in a range, in parallel worker processes and without a GPU, so that plans in later processes load them
// instead of compiling: for a cluster's shared cache, a container image, or a test machine.
//   rift-kernel-cache [--arch sm_90|gfx90a|...] [--from N] [--to N] [--precision single|double|both] [--jobs J]
//                     [--kinds rows,real-rows,columns,real-columns,reordered-rows,real-to-real-rows,
//                             prefetched-rows,rader]
//                     (default: every kind)
//                     [--list]   (print the kernels' identities instead of compiling them)
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "library/exec/runtime_kernels.h"
#include "library/plan/compiled_kernel_list.h"
#include "library/plan/stockham_shape.h"

namespace {

struct Options {
    std::string arch = "sm_90";
    uint32_t from = 2;
    uint32_t to = 32768;
    std::vector<rift::Precision> precisions = {rift::Precision::single, rift::Precision::double_};
    unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
    std::set<std::string> kinds = {"rows",           "real-rows",         "columns",         "real-columns",
                                   "reordered-rows", "real-to-real-rows", "prefetched-rows", "rader"};
    bool list = false;
    bool wants(const char* kind) const { return kinds.count(kind) != 0; }
};

[[noreturn]] void usage(const char* why)
{
    std::fprintf(stderr, "rift-kernel-cache: %s\nusage: rift-kernel-cache [--arch sm_90] [--from N] [--to N] "
                         "[--precision single|double|both] [--jobs J]\n"
                         "       [--kinds rows,real-rows,columns,real-columns,reordered-rows,real-to-real-rows,"
                         "prefetched-rows,rader] [--list]\n",
                 why);
    std::exit(1);
}

uint32_t number(const char* flag, const char* text)
{
    char* end = nullptr;
    const unsigned long value = std::strtoul(text, &end, 10);
    if (*text == '\0' || *end != '\0' || value == 0 || value > (1ul << 20))
        usage((std::string(flag) + ": not a number in 1..2^20").c_str());
    return uint32_t(value);
}

Options parse(int argc, char** argv)
{
    Options options;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--list") {
            options.list = true;
            continue;
        }
        if (i + 1 >= argc) usage((flag + " needs a value").c_str());
        const char* value = argv[++i];
        if (flag == "--arch") {
            options.arch = value;
        } else if (flag == "--from") {
            options.from = number("--from", value);
        } else if (flag == "--to") {
            options.to = number("--to", value);
        } else if (flag == "--jobs") {
            options.jobs = number("--jobs", value);
        } else if (flag == "--kinds") {
            const Options all;
            options.kinds.clear();
            std::istringstream list(value);
            for (std::string kind; std::getline(list, kind, ',');) {
                if (!all.kinds.count(kind)) usage(("unknown kind " + kind).c_str());
                options.kinds.insert(kind);
            }
        } else if (flag == "--precision") {
            const std::string text = value;
            if (text == "single") options.precisions = {rift::Precision::single};
            else if (text == "double") options.precisions = {rift::Precision::double_};
            else if (text != "both") usage("--precision takes single, double or both");
        } else {
            usage(("unknown argument " + flag).c_str());
        }
    }
    return options;
}

} // namespace

// The most shared memory a block of the architecture's GPUs gets (227 KiB on NVIDIA's largest, 64 KiB on AMD's):
// lengths whose one slot needs more never run as one block, so their plans compile no kernel of that length.
size_t largest_block_shared_bytes(const std::string& arch)
{
    return arch.rfind("gfx", 0) == 0 ? 64 * 1024 : 227 * 1024;
}

bool is_prime(uint32_t n)
{
    if (n < 2) return false;
    for (uint32_t d = 2; d * d <= n; ++d)
        if (n % d == 0) return false;
    return true;
}

int main(int argc, char** argv)
{
    const Options options = parse(argc, argv);
    if (rift::kernel_cache::folder().empty()) usage("the kernel cache is off (RIFT_KERNEL_CACHE=off)");
    const size_t shared_bytes = largest_block_shared_bytes(options.arch);
    std::vector<rift::CompiledKernel> kernels;
    // The Stockham kernels of every launch kind asked for (library/plan/compiled_kernel_list.h).
    for (rift::Precision precision : options.precisions)
        for (uint32_t length = options.from; length <= options.to; ++length)
            for (rift::Direction direction : {rift::Direction::forward, rift::Direction::inverse})
                for (const rift::CompiledKernel& kernel :
                     rift::compiled_stockham_kernels(length, precision, direction, shared_bytes,
                                                     [&](const char* name) { return options.wants(name); }))
                    kernels.push_back(kernel);
    // Complex rows that prefetch their input, where the architecture's kernels bulk-copy (sm_90 and later).
    const bool bulk_copies = options.arch.rfind("sm_", 0) == 0 && std::atoi(options.arch.c_str() + 3) >= 90;
    for (rift::Precision precision : options.precisions)
        for (uint32_t length = options.from; bulk_copies && options.wants("prefetched-rows") && length <= options.to;
             ++length)
            if (rift::compiled_rows_prefetch(length, precision, shared_bytes))
                for (rift::Direction direction : {rift::Direction::forward, rift::Direction::inverse})
                    if (auto identity = rift::compiled_stockham_identity(length, precision, direction,
                                                                         rift::KernelData::complex,
                                                                         rift::BlockLayout::prefetched, shared_bytes))
                        kernels.push_back(*identity);
    // Rader's convolution kernels of the primes in range (plans take them where they beat Bluestein's padding).
    for (rift::Precision precision : options.precisions)
        for (uint32_t length = std::max(options.from, 3u); options.wants("rader") && length <= options.to; ++length)
            if (is_prime(length))
                if (auto identity = rift::compiled_convolution_identity(rift::CompiledFamily::rader, length - 1,
                                                                        precision, false, shared_bytes))
                    kernels.push_back(*identity);
    if (options.list) {
        for (const rift::CompiledKernel& kernel : kernels) std::printf("%s\n", kernel.expression().c_str());
        return 0;
    }
    // Worker processes, not threads: hipRTC compiles one kernel at a time in a process. They take kernels in turn
    // through counters in memory they share.
    struct Progress {
        std::atomic<size_t> next{0}, compiled{0}, cached{0}, failed{0};
    };
    static_assert(std::atomic<size_t>::is_always_lock_free, "counters shared between processes");
    void* shared = mmap(nullptr, sizeof(Progress), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        std::fprintf(stderr, "rift-kernel-cache: no memory for the workers' counters\n");
        return 1;
    }
    Progress& progress = *new (shared) Progress;
    const auto work = [&] {
        for (size_t i = progress.next++; i < kernels.size(); i = progress.next++) {
            bool made = false;
            if (rift::cache_runtime_kernel(kernels[i], options.arch, made) != rift_status_success) {
                std::fprintf(stderr, "%s: %s\n", kernels[i].expression().c_str(), rift_get_last_error_message());
                ++progress.failed;
            } else {
                ++(made ? progress.compiled : progress.cached);
            }
        }
    };
    const auto start = std::chrono::steady_clock::now();
    std::fflush(nullptr); // nothing buffered is written twice by the children
    std::vector<pid_t> workers;
    for (unsigned j = 0; j < std::min<size_t>(options.jobs, kernels.size()); ++j) {
        const pid_t pid = fork();
        if (pid == 0) {
            work();
            std::fflush(nullptr);
            _exit(0);
        }
        if (pid < 0) break; // the workers started so far, or this process alone, do the rest
        workers.push_back(pid);
    }
    if (workers.empty()) work();
    bool worker_died = false;
    for (const pid_t pid : workers) {
        int status = 0;
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            std::fprintf(stderr, "rift-kernel-cache: a worker ended abnormally (%s %d); its kernel is not cached\n",
                         WIFSIGNALED(status) ? "signal" : "status", WIFSIGNALED(status) ? WTERMSIG(status) : status);
            worker_died = true;
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const size_t compiled = progress.compiled, cached = progress.cached, failed = progress.failed;
    const size_t lost = kernels.size() - compiled - cached - failed; // taken by workers that died
    std::printf("%zu kernels for %s in %s: %zu compiled, %zu already cached, %zu failed%s (%.1f s, %zu processes)\n",
                kernels.size(), options.arch.c_str(), rift::kernel_cache::folder().c_str(), compiled, cached, failed,
                lost == 0 ? "" : (", " + std::to_string(lost) + " lost").c_str(), seconds,
                std::max<size_t>(1, workers.size()));
    return failed == 0 && lost == 0 && !worker_died ? 0 : 1;
}
