#include "library/plan/row_column_node.h"

#include <algorithm>
#include <map>
#include <optional>

#include "library/core/error.h"
#include "library/plan/stockham_node.h"
#include "library/plan/stockham_shape.h"

namespace rift {

namespace {

// Factors stay at or below this many bytes of data (2048 single, 1024 double): longer factors leave too few
// transforms per block for a tile to move whole 128-byte lines. Factors with a kernel of their own may be twice
// as long (4096 single, 2048 double): the column kernels of those move tiles of 32-byte runs well enough that
// two steps beat three (2^24 single as 4096 x 4096 rather than 256 x 256 x 256; docs/performance.md).
constexpr size_t kMaxFactorBytes = 16 * 1024;
constexpr size_t kMaxFixedFactorBytes = 32 * 1024;
// Where DRAM feeds each SM this many bytes a cycle or more, column steps (every factor but the last) avoid
// tiles that fill an SM: 4096 single runs 1024-thread tiles of 130 KiB, one block an SM, which loads, transforms
// and stores in turn at a pace set by the SM, not by DRAM, and an extra pass of short factors costs less. Column
// factors whose tiles leave room for a second block keep two steps: 2^23 (2048-point columns), 3^14 (2187), 5^10
// (3125) and double 2^22 (512-thread tiles) are slower in three (docs/performance.md).
constexpr double kFastDramBytesPerSmCycle = 16;

struct Split {
    std::vector<size_t> factors;
    size_t slow_factors = 0; // factors without a fixed-length kernel
    bool better_than(const Split& other) const
    {
        if (factors.size() != other.factors.size()) return factors.size() < other.factors.size();
        if (slow_factors != other.slow_factors) return slow_factors < other.slow_factors;
        // The most even split: its largest factor is the smallest.
        return *std::max_element(factors.begin(), factors.end()) <
               *std::max_element(other.factors.begin(), other.factors.end());
    }
};

class Splitter {
public:
    // Splits `length` (and its divisors).
    Splitter(size_t length, Precision precision, const PlanContext& context) : precision_(precision), context_(context)
    {
        max_factor_ = kMaxFactorBytes / complex_element_bytes(precision);
        max_fixed_factor_ = kMaxFixedFactorBytes / complex_element_bytes(precision);
        // Every factor of every split divides `length`: collect those once, not per recursive call.
        for (size_t factor = 2; factor <= max_fixed_factor_ && factor < length; ++factor)
            if (length % factor == 0) divisors_.push_back(factor);
    }

    // The best split of `length` into at least `min_factors` one-block factors; empty if there is none.
    Split best(size_t length, size_t min_factors)
    {
        const auto key = std::make_pair(length, min_factors);
        if (auto found = memo_.find(key); found != memo_.end()) return found->second;
        Split result;
        if (min_factors <= 1 && usable(length)) {
            result.factors = {length};
            result.slow_factors = has_fixed_length_kernel(length) ? 0 : 1;
        } else {
            for (const size_t factor : divisors_) {
                if (factor >= length) break;
                if (length % factor != 0 || !usable(factor) || !usable_column(factor)) continue;
                Split rest = best(length / factor, min_factors > 1 ? min_factors - 1 : 1);
                if (rest.factors.empty()) continue;
                rest.factors.insert(rest.factors.begin(), factor);
                rest.slow_factors += has_fixed_length_kernel(factor) ? 0 : 1;
                if (result.factors.empty() || rest.better_than(result)) result = std::move(rest);
            }
        }
        memo_[key] = result;
        return result;
    }

private:
    // Factors before the last are column steps.
    bool usable_column(size_t factor)
    {
        // The device answers slowly the first time in a process: asked only where a split has a column step.
        if (!fast_dram_) fast_dram_ = dram_bytes_per_sm_cycle(context_) >= kFastDramBytesPerSmCycle;
        return !*fast_dram_ || !tiled_block_fills_an_sm(factor, precision_, context_);
    }

    bool usable(size_t factor)
    {
        if (factor > max_fixed_factor_ || (factor > max_factor_ && !has_fixed_length_kernel(factor))) return false;
        if (auto found = usable_.find(factor); found != usable_.end()) return found->second;
        return usable_[factor] = why_not_one_block(factor, precision_, context_).empty();
    }

    Precision precision_;
    PlanContext context_;
    size_t max_factor_ = 0;
    size_t max_fixed_factor_ = 0;
    std::optional<bool> fast_dram_; // asked when first needed
    std::vector<size_t> divisors_; // of the length being split, ascending, up to max_fixed_factor_
    std::map<std::pair<size_t, size_t>, Split> memo_;
    std::map<size_t, bool> usable_;
};

// The work buffer between the two steps of a two-factor plan F1 x F2 may keep the rows k1 of the row step's
// tiles side by side: element m of row k1 at (k1 mod g) + g m + g F2 (k1 / g), g the rows a tile of F2-point
// rows takes. A column-step warp stores w columns (its tile) times 32 / w consecutive k1; where w g <= 32 those
// are whole runs of w g elements, so columns of 4096 or 2048 points (w = 4 single) write whole 128-byte lines
// instead of 32-byte runs, and each row-step tile reads its g rows as one run of g F2 elements, tile-major
// (2^24, 2^23 and 10^6 gain). Where w g > 32 a warp's stores scatter into short pieces, and shorter factors
// already store whole lines (2^16, 2^20 lose); runs shorter than a line gain nothing (6 10^6). Every run a column
// transform stores must step over whole groups: g divides F1 / R, R its last radix; and F1 needs a kernel of its
// own, whose tile-major launches alone group their stores (kernels/stockham_transform.h). Returns 1 where the
// buffer keeps plain rows.
size_t work_row_group(const std::vector<size_t>& factors, Precision precision, const PlanContext& context)
{
    constexpr size_t kWarpLanes = 32;
    constexpr size_t kLineBytes = 128;
    if (factors.size() != 2 || !has_fixed_length_kernel(factors[0])) return 1;
    const size_t element_bytes = complex_element_bytes(precision);
    const size_t columns = tiled_run_bytes(factors[0], precision, context) / element_bytes;
    const size_t group = tiled_run_bytes(factors[1], precision, context) / element_bytes;
    const size_t run = columns * group;
    const std::vector<uint32_t> radices =
        stockham_shape(uint32_t(factors[0]), element_bytes, kernels::EntryKernel::complex_stockham, true).radices;
    if (group <= 1 || run > kWarpLanes || run * element_bytes < kLineBytes || radices.empty() ||
        factors[0] % (group * radices.back()) != 0)
        return 1;
    return group;
}

class RowColumnBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "row-column"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (batch.real) return "real transforms split through their half-length complex transform (real-half-length)";
        if (row_column_factors(batch.length, batch.precision, context).empty())
            return "length " + std::to_string(batch.length) + " has no split into factors of one block each";
        if (batch.length > (size_t(1) << 40)) return "length beyond 2^40";
        return {};
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const std::vector<size_t> factors = row_column_factors(batch.length, batch.precision, context);
        const size_t k = factors.size();
        const size_t length = batch.length;
        const size_t sa = batch.input_stride;
        const size_t sb = batch.output_stride;

        // The work buffer holds each transform contiguously, in the order of the batch axes.
        std::vector<kernels::BatchDim> to_work = batch.dims, from_work = batch.dims, in_work = batch.dims;
        size_t work_stride = length;
        for (size_t d = 0; d < batch.dims.size(); ++d) {
            to_work[d].output_stride = work_stride;
            from_work[d].input_stride = work_stride;
            in_work[d].input_stride = in_work[d].output_stride = work_stride;
            work_stride *= batch.dims[d].count;
        }
        const size_t work_elements = work_stride;

        // remaining[i]: the product of the factors after factor i (M_i in the four-step recursion).
        std::vector<size_t> remaining(k);
        for (size_t i = 0, product = length; i < k; ++i) remaining[i] = product /= factors[i];
        const size_t group = work_row_group(factors, batch.precision, context);

        std::vector<std::unique_ptr<TreeNode>> steps;
        for (size_t i = 0; i < k; ++i) {
            const bool first = i == 0;
            const bool last = i + 1 == k;
            StridedBatch step;
            step.length = factors[i];
            step.direction = batch.direction;
            step.precision = batch.precision;
            step.scale = last ? batch.scale : 1.0;
            step.input = first ? batch.input : BufferName::work;
            step.output = last ? batch.output : BufferName::work;
            step.input_offset = first ? batch.input_offset : 0;
            step.output_offset = last ? batch.output_offset : 0;
            if (!last) {
                // Column step: factor i across the columns m < remaining[i], twiddled by exp(-2 pi i m k / M_(i-1)).
                step.input_stride = remaining[i] * (first ? sa : 1);
                step.output_stride = remaining[i];
                step.step_twiddled = true;
                step.dims.push_back({remaining[i], first ? sa : 1, 1});
                if (group > 1) { // element k1 of column m at (k1 mod g) + g m + g F2 (k1 / g)
                    step.output_stride = 1;
                    step.output_group = group;
                    step.output_group_stride = group * remaining[i];
                    step.dims[0].output_stride = group;
                }
                for (size_t j = i; j-- > 0;) step.dims.push_back({factors[j], remaining[j], remaining[j]});
                const auto& outer = first ? to_work : in_work;
                step.dims.insert(step.dims.end(), outer.begin(), outer.end());
            } else {
                // Row step: contiguous rows, written to X[k1 + F1 k2 + F1 F2 k3 + ...].
                step.input_stride = 1;
                step.output_stride = (length / factors[i]) * sb;
                for (size_t j = 0, digit_stride = sb; j < i; digit_stride *= factors[j], ++j)
                    step.dims.push_back({factors[j], remaining[j], digit_stride});
                if (group > 1) { // the rows k1 of a group side by side, each of stride g
                    step.input_stride = group;
                    step.dims[0] = {group, 1, sb};
                    step.dims.insert(step.dims.begin() + 1, {factors[0] / group, group * remaining[0], group * sb});
                }
                step.dims.insert(step.dims.end(), from_work.begin(), from_work.end());
            }
            // A twiddled step's first axis is the twiddle's row index: it stays where it is.
            simplify_batch_dims(step.dims, step.step_twiddled);
            std::unique_ptr<TreeNode> child;
            RIFT_RETURN_IF_FAILED(build_batch_node(step, context, child));
            steps.push_back(std::move(child));
        }
        node = std::make_unique<RowColumnNode>(length, factors, work_elements, std::move(steps));
        return rift_status_success;
    }
};

} // namespace

std::vector<size_t> row_column_factors(size_t length, Precision precision, const PlanContext& context)
{
    Splitter splitter(length, precision, context);
    return splitter.best(length, 2).factors;
}

void RowColumnNode::print(std::ostream& out, int depth) const
{
    indent(out, depth);
    out << "(row-column length " << length_ << " factors";
    for (size_t i = 0; i < factors_.size(); ++i) out << (i ? "x" : " ") << factors_[i];
    out << " work " << work_elements_ << '\n';
    for (const auto& step : steps_) step->print(out, depth + 1);
    indent(out, depth);
    out << ")\n";
}

void RowColumnNode::append_launches(KernelChain& chain) const
{
    for (const auto& step : steps_) step->append_launches(chain);
}

const NodeBuilder& row_column_builder()
{
    static const RowColumnBuilder builder;
    return builder;
}

} // namespace rift
