// What the NFFT needs beside its kernel-chain launches (exec/kernel_chain.h: correction and gridding): sorting the
// nodes into bins, on either executor (the GPU launches of nfft_launch.hip on the caller's stream, the host loops
// of nfft_host.cpp, running the same per-node functions of kernels/nfft_gridding.h), and its steps' clock.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "kernels/nfft_gridding.h"
#include "rift/rift.h"

namespace rift {

// Sorting the nodes into bins: first each node's bin and rank within it (bin_counts and invalid_nodes must be
// zero on entry), then, with bin_firsts filled, each node to its place.
template <class Real>
rift_status nfft_locate_on_gpu(const kernels::NfftSortArgs<Real>& args, void* stream);
template <class Real>
rift_status nfft_place_on_gpu(const kernels::NfftSortArgs<Real>& args, void* stream);
template <class Real>
void nfft_locate_on_host(const kernels::NfftSortArgs<Real>& args);
template <class Real>
void nfft_place_on_host(const kernels::NfftSortArgs<Real>& args);

// The steps' times for rift_nfft_execute_timed: lap(step) after each step marks its end, the time since the
// previous mark (or start) being that step's; finish() waits and sums them by step. GPU: events recorded on the
// stream, so the steps run back to back as in rift_nfft_execute; host: the steady clock.
enum class NfftStep { correction, fft, gridding };

class NfftStepClock {
public:
    static rift_status start(bool on_host, void* stream, std::unique_ptr<NfftStepClock>& clock);
    ~NfftStepClock();
    rift_status lap(NfftStep step);
    rift_status finish(double* milliseconds); // three, by NfftStep

private:
    NfftStepClock() = default;
    rift_status mark();

    bool on_host_ = true;
    void* stream_ = nullptr;
    std::vector<void*> events_;       // GPU: one per mark
    std::vector<double> host_marks_;  // host: milliseconds per mark
    std::vector<NfftStep> steps_;     // the step each mark after the first ends
};

rift_status clear_on_gpu(void* data, size_t bytes, void* stream);
rift_status download_on_gpu(void* host, const void* device, size_t bytes, void* stream); // and waits
rift_status synchronize_on_gpu(void* stream);

} // namespace rift
