// Fast convolution and correlation with a fixed filter (rift_convolution_*): the checked problem, and its plan,
// overlap-save segments of a length one block holds (kernels/convolution_kernel.h) in one launch.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "library/exec/kernel_chain.h"
#include "library/plan/problem.h"
#include "library/tables/unit_roots.h"

namespace rift {

struct ConvolutionProblem {
    bool correlation = false;
    bool circular = false;
    Precision precision = Precision::single;
    size_t signal_length = 0;          // L
    std::vector<ComplexDouble> filter; // h, K taps, as given
    size_t batch = 1;
    size_t input_distance = 0;
    size_t output_distance = 0;

    size_t output_length() const { return circular ? signal_length : signal_length + filter.size() - 1; }
    size_t element_bytes() const { return complex_element_bytes(precision); }
};

const char* to_string(rift_convolution_type type);

// Checks the arguments of rift_convolution_create and builds the problem, or returns the status naming what is
// wrong.
rift_status make_convolution_problem(rift_convolution_type type, rift_precision precision, size_t signal_length,
                                     size_t filter_length, const void* filter, size_t number_of_signals,
                                     size_t input_distance, size_t output_distance, ConvolutionProblem& problem);

class ConvolutionPlan {
public:
    // segment_length 0 lets the planner choose; tests name one to cut short signals into many segments.
    static rift_status create(ConvolutionProblem problem, std::unique_ptr<ConvolutionPlan>& plan,
                              size_t segment_length = 0);

    const ConvolutionProblem& problem() const { return problem_; }
    const KernelChain& chain() const { return chain_; }
    int device() const { return device_; }
    std::string print() const;

private:
    ConvolutionProblem problem_;
    KernelChain chain_;
    int device_ = -1;
};

} // namespace rift
