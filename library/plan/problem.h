// The transform a user asked for, checked and with defaults filled in: what every node builder looks at.
// Immutable once made; the plan, its nodes and the executors read it but never change it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "kernels/real_to_real.h"
#include "library/core/values.h"
#include "rift/rift.h"

namespace rift {

// Where the elements of a batch of transforms live: element (n_0, n_1, ..., b) is at
// offset + sum_d n_d * strides[d] + b * distance, all counted in elements: complex elements, or reals on the real
// side of a real transform.
struct Layout {
    size_t offset = 0;
    std::vector<size_t> strides;
    size_t distance = 0;

    bool operator==(const Layout& other) const
    {
        return offset == other.offset && strides == other.strides && distance == other.distance;
    }
};

struct TransformProblem {
    std::vector<size_t> lengths; // fastest dimension first; of the real data for real transforms
    size_t batch = 1;
    Layout input;
    Layout output;
    // Real transforms: forward is R2C (real input, hermitian output), inverse is C2R.
    bool real = false;
    // Real-to-real transforms (DCT, DST): this kind along every dimension, reals in and out, layouts counted in
    // reals; `real` stays false and the direction forward.
    std::optional<kernels::RealToRealKind> real_to_real;
    Direction direction = Direction::forward;
    Precision precision = Precision::single;
    bool in_place = false;
    // In place with input and output layouts that differ (multi-dimensional transforms only): the plan must read
    // all of the input before it writes any output (node_builders.cpp routes the passes through the work buffer).
    bool in_place_layouts_differ = false;
    double scale = 1.0;

    size_t element_bytes() const { return complex_element_bytes(precision); }
    // Elements along each dimension of the complex side: N0 / 2 + 1 along the fastest for real transforms (the
// lengths themselves for complex and real-to-real ones).
    std::vector<size_t> complex_lengths() const;
    bool real_input() const { return real && direction == Direction::forward; }
    bool real_output() const { return real && direction == Direction::inverse; }
};

std::string to_string(const Layout& layout);

// The layout choices of a plan description before they are checked against the lengths.
struct LayoutRequest {
    rift_array_type input_type = rift_array_type_unset;
    rift_array_type output_type = rift_array_type_unset;
    size_t input_offset = 0;
    size_t output_offset = 0;
    std::vector<size_t> input_strides; // empty: contiguous
    std::vector<size_t> output_strides;
    size_t input_distance = 0; // 0: contiguous
    size_t output_distance = 0;
    double scale = 1.0;
};

// Checks the arguments of rift_plan_create and builds the problem, or returns the status naming what is wrong.
rift_status make_transform_problem(rift_result_placement placement, rift_transform_type type,
                                   rift_precision precision, size_t dimensions, const size_t* lengths,
                                   size_t number_of_transforms, const LayoutRequest& request,
                                   TransformProblem& problem);

} // namespace rift
