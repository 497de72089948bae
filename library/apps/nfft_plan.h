// The nonequispaced FFT (rift_nfft_*): the checked problem, and its plan: the window and its roll-off
// correction, the oversampled grid with its bins, and the grid's FFT plans in both directions. The nodes, sorted
// into the grid's bins once by set_nodes, serve every execution until the next set_nodes.
//
// Forward (coefficients to values):  correction and zero padding onto the grid (fill), forward FFT of the grid,
//                                    interpolation of the grid at the nodes.
// Adjoint (values to coefficients):  spreading of the values onto the grid, inverse FFT, correction (extract).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "kernels/nfft_gridding.h"
#include "library/plan/plan.h"
#include "library/tables/nfft_window.h"

namespace rift {

struct NfftProblem {
    Precision precision = Precision::single;
    std::vector<size_t> modes; // N_d, dimension 0 fastest
    size_t nodes = 0;          // M
    size_t vectors = 1;        // coefficient and value vectors per execution, over the same nodes
    double tolerance = 0;      // 0 when the window was given (rift_nfft_create_expert)
    NfftWindowShape shape = NfftWindowShape::exponential_of_semicircle;
    unsigned width = 0;
    double oversampling = 2;

    size_t element_bytes() const { return complex_element_bytes(precision); }
    size_t real_bytes() const { return element_bytes() / 2; }
    size_t coefficients() const; // product of the N_d
};

// What the user asked for: a tolerance (rift_nfft_create), or the window's width and the oversampling
// (rift_nfft_create_expert).
struct NfftAccuracy {
    bool expert = false;
    double tolerance = 0;
    rift_nfft_window window = rift_nfft_window_exponential_of_semicircle;
    size_t width = 0;
    double oversampling = 0;
};

// Checks the arguments of rift_nfft_create or rift_nfft_create_expert and builds the problem, or returns the
// status naming what is wrong.
rift_status make_nfft_problem(rift_precision precision, size_t dimensions, const size_t* lengths,
                              size_t number_of_nodes, size_t number_of_vectors, const NfftAccuracy& accuracy,
                              NfftProblem& problem);

// The nodes in bin order, on the host or on the plan's device: what both gridding steps read.
struct NfftNodeOrder {
    size_t subproblem_count = 0;
    std::vector<kernels::NfftSubproblem> host_subproblems; // host executor
    std::vector<uint32_t> host_starts;
    std::vector<unsigned char> host_offsets;
    std::vector<uint32_t> host_permutation;
    DeviceBuffer subproblems; // GPU
    DeviceBuffer starts;
    DeviceBuffer offsets;
    DeviceBuffer permutation;
};

class NfftPlan {
public:
    static rift_status create(NfftProblem problem, std::unique_ptr<NfftPlan>& plan);

    // nodes: M x dimensions reals of the plan's precision (device memory, host memory for the host executor),
    // read during the call; synchronises `stream`.
    rift_status set_nodes(const void* nodes, bool on_host, void* stream);
    // step_milliseconds: NULL, or rift_nfft_execute_timed's three step times, which wait for each step.
    rift_status execute(rift_nfft_direction direction, const void* input, void* output, bool on_host,
                        void* stream, double* step_milliseconds = nullptr);

    const NfftProblem& problem() const { return problem_; }
    const kernels::NfftGrid& grid() const { return grid_; }
    std::string print() const;

private:
    template <class Real>
    rift_status sort_nodes(const void* nodes, bool on_host, void* stream);
    rift_status run(rift_nfft_direction direction, const void* input, void* output, bool on_host, void* stream,
                    double* step_milliseconds);

    NfftProblem problem_;
    NfftWindow window_;
    kernels::NfftGrid grid_;
    int device_ = kNoDevice;
    std::unique_ptr<Plan> forward_fft_;
    std::unique_ptr<Plan> inverse_fft_;
    DeviceBuffer device_grid_;
    // The steps beside the grid's FFT, forward [0] and adjoint [1]: correction from the plan's creation, gridding
    // from the last set_nodes (empty before).
    KernelChain correction_[2];
    KernelChain gridding_[2];
    enum class NodesOn { none, host, gpu } nodes_on_ = NodesOn::none;
    NfftNodeOrder order_;
};

} // namespace rift
