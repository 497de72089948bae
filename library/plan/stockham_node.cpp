#include "library/plan/stockham_node.h"

#include <algorithm>
#include <climits>
#include <sstream>

#include "kernels/fixed_lengths.h"
#include "kernels/shared_layout.h"
#include "library/api/error.h"
#include "library/plan/factorize.h"

namespace rift {

namespace {

// Small blocks: many blocks per SM overlap one block's loads with another's passes, and a barrier waits for
// fewer warps. Measured on an H200 with targets of 64 to 512 threads: 64 was best or within 1 % of it for every
// length of the benchmark suite (docs/performance.md). Blocks keep to 64 KiB of shared memory unless one
// transform needs more.
constexpr uint32_t kTargetThreadsPerBlock = 64;
constexpr size_t kPreferredSharedBytesPerBlock = 64 * 1024;

struct Shape {
    std::vector<uint32_t> radices;
    bool fixed_length = false;
    uint32_t pad_period = 0;
    uint32_t threads_per_transform = 0;
    uint32_t slot_elements = 0;
    size_t shared_bytes_per_transform = 0;
};

struct FixedLength {
    uint32_t length;
    uint32_t elements_per_lane;
    uint32_t pad_period;
    std::vector<uint32_t> radices;
};

const std::vector<FixedLength>& fixed_lengths()
{
    static const std::vector<FixedLength> table = {
#define RIFT_FIXED_ENTRY(length, elements, pad_period, ...) {length, elements, pad_period, {__VA_ARGS__}},
        RIFT_FOR_EACH_FIXED_LENGTH(RIFT_FIXED_ENTRY)
#undef RIFT_FIXED_ENTRY
    };
    return table;
}

// Fixed lengths: each lane holds E elements, so ceil(N / E) lanes. Other lengths: one butterfly a lane in the
// pass with the fewest butterflies, lanes looping in the others, and looping in every pass when even the fewest
// outnumber a block's threads (5^5 = 3125 has 625).
Shape shape_for(uint32_t length, size_t element_bytes)
{
    Shape shape;
    const auto fixed = std::find_if(fixed_lengths().begin(), fixed_lengths().end(),
                                    [&](const FixedLength& entry) { return entry.length == length; });
    if (fixed != fixed_lengths().end()) {
        shape.radices = fixed->radices;
        shape.fixed_length = true;
        shape.pad_period = fixed->pad_period;
        shape.threads_per_transform = (length + fixed->elements_per_lane - 1) / fixed->elements_per_lane;
    } else if (auto radices = choose_radices(length)) {
        shape.radices = *radices;
        uint32_t fewest_butterflies = length;
        for (uint32_t radix : shape.radices) fewest_butterflies = std::min(fewest_butterflies, length / radix);
        uint32_t rounds = 1;
        while ((fewest_butterflies + rounds - 1) / rounds > kernels::kMaxThreadsPerBlock) ++rounds;
        shape.threads_per_transform = (fewest_butterflies + rounds - 1) / rounds;
        const bool any_even = std::any_of(shape.radices.begin(), shape.radices.end(),
                                          [](uint32_t radix) { return radix % 2 == 0; });
        shape.pad_period = any_even ? 16 : 0;
    } else {
        return shape; // no radices: a prime factor without a butterfly
    }
    shape.slot_elements = kernels::slot_elements(length, shape.pad_period);
    shape.shared_bytes_per_transform =
        size_t(kernels::stockham_scratch_slots(uint32_t(shape.radices.size()), shape.fixed_length)) *
        shape.slot_elements * element_bytes;
    return shape;
}

// Transforms per block: about kTargetThreadsPerBlock threads, within the shared-memory budget and the batch.
uint32_t transforms_per_block(const Shape& shape, size_t batch, size_t shared_memory_per_block)
{
    uint32_t count = std::max<uint32_t>(1, kTargetThreadsPerBlock / shape.threads_per_transform);
    count = std::min<uint32_t>(count, kernels::kMaxThreadsPerBlock / shape.threads_per_transform);
    if (shape.shared_bytes_per_transform > 0) {
        const size_t budget = std::min(std::max(kPreferredSharedBytesPerBlock, shape.shared_bytes_per_transform),
                                       shared_memory_per_block);
        count = uint32_t(std::min<size_t>(count, budget / shape.shared_bytes_per_transform));
    }
    return uint32_t(std::max<size_t>(1, std::min<size_t>(count, batch)));
}

std::vector<uint32_t> radices_of(const kernels::StockhamArgs& args)
{
    std::vector<uint32_t> radices;
    for (uint32_t p = 0; p < args.pass_count; ++p) radices.push_back(args.radix(p));
    return radices;
}

std::string join_radices(const std::vector<uint32_t>& radices)
{
    std::ostringstream text;
    for (size_t i = 0; i < radices.size(); ++i) text << (i ? "x" : "") << radices[i];
    return text.str();
}

class StockhamBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "stockham"; }

    std::string why_not(const TransformProblem& problem, const PlanContext& context) const override
    {
        if (problem.lengths.size() != 1) return "multi-dimensional transforms are not implemented yet";
        const size_t length = problem.lengths[0];
        if (length > kMaxLength) return "length " + std::to_string(length) + " is beyond one block";
        const Shape shape = shape_for(uint32_t(length), problem.element_bytes());
        if (shape.radices.empty())
            return "length " + std::to_string(length) +
                   " has a prime factor above 13 (Bluestein plans are not implemented yet)";
        if (shape.shared_bytes_per_transform > context.shared_memory_per_block)
            return "length " + std::to_string(length) + " needs " + std::to_string(shape.shared_bytes_per_transform) +
                   " bytes of shared memory, more than the " + std::to_string(context.shared_memory_per_block) +
                   " a block gets (row/column plans are not implemented yet)";
        if (shape.threads_per_transform > kernels::kMaxThreadsPerBlock)
            return "length " + std::to_string(length) + " needs more threads than one block has";
        if (shape.radices.size() > size_t(kernels::kMaxPasses))
            return "length " + std::to_string(length) + " needs more passes than the kernel takes";
        return {};
    }

    rift_status build(const TransformProblem& problem, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const uint32_t length = uint32_t(problem.lengths[0]);
        const Shape shape = shape_for(length, problem.element_bytes());

        const uint32_t per_block = transforms_per_block(shape, problem.batch, context.shared_memory_per_block);
        const size_t blocks = (problem.batch + per_block - 1) / per_block;
        if (blocks > size_t(INT_MAX))
            return fail(rift_status_not_implemented, "batch ", problem.batch, " needs more than 2^31 blocks");

        std::shared_ptr<const TwiddleTable> table;
        RIFT_RETURN_IF_FAILED(acquire_stockham_table(shape.radices, problem.precision, context.device, table));

        StockhamLaunch launch;
        kernels::StockhamArgs& args = launch.args;
        args.batch = problem.batch;
        args.input_offset = problem.input.offset;
        args.input_stride = problem.input.strides[0];
        args.input_distance = problem.input.distance;
        args.output_offset = problem.output.offset;
        args.output_stride = problem.output.strides[0];
        args.output_distance = problem.output.distance;
        args.scale = problem.scale;
        args.length = length;
        args.pass_count = uint32_t(shape.radices.size());
        args.threads_per_transform = shape.threads_per_transform;
        args.transforms_per_block = per_block;
        args.slot_elements = shape.slot_elements;
        args.pad_period = shape.pad_period;
        for (size_t p = 0; p < shape.radices.size(); ++p) args.packed_radices |= uint64_t(shape.radices[p]) << (8 * p);
        launch.fixed_length = shape.fixed_length;
        launch.precision = problem.precision;
        launch.direction = problem.direction;
        launch.input = BufferName::user_input;
        launch.output = problem.in_place ? BufferName::user_input : BufferName::user_output;
        launch.shape = {uint32_t(blocks), shape.threads_per_transform, per_block,
                        uint32_t(shape.shared_bytes_per_transform * per_block)};
        launch.twiddles = std::move(table);
        node = std::make_unique<StockhamNode>(std::move(launch));
        return rift_status_success;
    }

private:
    // Keeps every in-transform index in 32 bits and the pass count within kernels::kMaxPasses.
    static constexpr size_t kMaxLength = 65536;
};

} // namespace

void StockhamNode::print(std::ostream& out, int depth) const
{
    const kernels::StockhamArgs& args = launch_.args;
    indent(out, depth);
    out << (launch_.fixed_length ? "(stockham-fixed length " : "(stockham length ") << args.length << " radices "
        << join_radices(radices_of(args)) << " batch " << args.batch
        << " per-block " << args.transforms_per_block << ")\n";
}

void StockhamNode::append_launches(KernelChain& chain) const { chain.push_back(launch_); }

const NodeBuilder& stockham_builder()
{
    static const StockhamBuilder builder;
    return builder;
}

} // namespace rift
