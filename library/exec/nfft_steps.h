// The NFFT's steps on either executor (kernels/nfft_gridding.h): the GPU launches (nfft_launch.hip, on the
// caller's stream) and the host loops (nfft_host.cpp) run the same per-node and per-point functions.
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

// Coefficients to the grid (zeros elsewhere) and back, with the roll-off correction.
template <class Real>
rift_status nfft_fill_on_gpu(const kernels::NfftCorrection<Real>& correction, const void* coefficients, void* grid,
                             void* stream);
template <class Real>
rift_status nfft_extract_on_gpu(const kernels::NfftCorrection<Real>& correction, const void* grid,
                                void* coefficients, void* stream);
template <class Real>
void nfft_fill_on_host(const kernels::NfftCorrection<Real>& correction, const void* coefficients, void* grid);
template <class Real>
void nfft_extract_on_host(const kernels::NfftCorrection<Real>& correction, const void* grid, void* coefficients);

// The grid at the nodes (interpolation), and the nodes' values onto the grid (spreading; the grid must be zero
// on entry).
template <class Real>
rift_status nfft_interpolate_on_gpu(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems, void* stream);
template <class Real>
rift_status nfft_spread_on_gpu(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems, void* stream);
template <class Real>
void nfft_interpolate_on_host(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems);
template <class Real>
void nfft_spread_on_host(const kernels::NfftGriddingArgs<Real>& args, size_t subproblems);

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
