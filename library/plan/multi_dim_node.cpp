#include "library/plan/multi_dim_node.h"

#include <algorithm>

namespace rift {

std::vector<StridedBatch> dimension_passes(const TransformProblem& problem)
{
    const size_t dimensions = problem.lengths.size();
    const BufferName output = problem.in_place ? BufferName::user_input : BufferName::user_output;
    std::vector<StridedBatch> passes;
    for (size_t d = 0; d < dimensions; ++d) {
        // The first pass reads the user's input; later ones work in place on the output.
        const Layout& in = d == 0 ? problem.input : problem.output;
        const Layout& out = problem.output;
        StridedBatch pass;
        pass.length = problem.lengths[d];
        pass.input = d == 0 ? BufferName::user_input : output;
        pass.output = output;
        pass.input_offset = in.offset;
        pass.output_offset = out.offset;
        pass.input_stride = in.strides[d];
        pass.output_stride = out.strides[d];
        for (size_t e = 0; e < dimensions; ++e)
            if (e != d) pass.dims.push_back({problem.lengths[e], in.strides[e], out.strides[e]});
        pass.dims.push_back({problem.batch, in.distance, out.distance});
        simplify_batch_dims(pass.dims);
        pass.direction = problem.direction;
        pass.precision = problem.precision;
        pass.scale = d + 1 == dimensions ? problem.scale : 1.0; // scaled once, in the last write
        passes.push_back(std::move(pass));
    }
    return passes;
}

void MultiDimNode::print(std::ostream& out, int depth) const
{
    indent(out, depth);
    out << "(dimensions";
    for (size_t length : lengths_) out << ' ' << length;
    out << '\n';
    for (const auto& pass : passes_) pass->print(out, depth + 1);
    indent(out, depth);
    out << ")\n";
}

void MultiDimNode::append_launches(KernelChain& chain) const
{
    for (const auto& pass : passes_) pass->append_launches(chain);
}

size_t MultiDimNode::work_elements() const
{
    size_t elements = 0;
    for (const auto& pass : passes_) elements = std::max(elements, pass->work_elements());
    return elements;
}

} // namespace rift
