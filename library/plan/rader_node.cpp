#include "library/plan/rader_node.h"

#include <cstring>

#include "kernels/radices.h"
#include "library/core/error.h"
#include "library/plan/bluestein_node.h"
#include "library/plan/stockham_shape.h"
#include "library/platform/allocation_faults.h"
#include "library/tables/radix_transform.h"
#include "library/tables/twiddle_table.h"

namespace rift {

namespace {

uint64_t power_modulo(uint64_t base, uint64_t exponent, uint64_t modulus)
{
    uint64_t result = 1;
    base %= modulus;
    for (; exponent > 0; exponent >>= 1) {
        if (exponent & 1) result = result * base % modulus;
        base = base * base % modulus;
    }
    return result;
}

bool is_prime(size_t length)
{
    if (length < 2) return false;
    for (size_t divisor = 2; divisor * divisor <= length; ++divisor)
        if (length % divisor == 0) return false;
    return true;
}

// The smallest generator of the nonzero integers modulo the prime p: g^((p - 1) / q) != 1 for every prime q
// dividing p - 1.
uint64_t smallest_generator(uint64_t prime)
{
    std::vector<uint64_t> factors;
    uint64_t rest = prime - 1;
    for (uint64_t q = 2; q * q <= rest; ++q) {
        if (rest % q != 0) continue;
        factors.push_back(q);
        while (rest % q == 0) rest /= q;
    }
    if (rest > 1) factors.push_back(rest);
    for (uint64_t g = 2;; ++g) {
        bool generates = true;
        for (uint64_t q : factors) generates = generates && power_modulo(g, (prime - 1) / q, prime) != 1;
        if (generates) return g;
    }
}

// log_g n for 0 < n < P, at n - 1 (kernels::RaderArgs::logarithms).
std::vector<uint32_t> generator_logarithms(uint64_t prime, uint64_t generator)
{
    std::vector<uint32_t> logarithms = host_buffer<uint32_t>(prime - 1);
    uint64_t power = 1;
    for (uint64_t q = 0; q + 1 < prime; ++q) {
        logarithms[power - 1] = uint32_t(q);
        power = power * generator % prime;
    }
    return logarithms;
}

// The convolution's filter b_m = w^(g^-m), w = exp(-+2 pi i / P), transformed (divided by M) in double on the
// host by the convolution's own forward passes (M has them: it is one block's length).
rift_status rader_spectrum(uint64_t prime, uint64_t generator, Direction direction, Precision precision,
                           const std::vector<uint32_t>& radices, int device,
                           std::shared_ptr<const TwiddleTable>& table)
{
    const uint64_t m = prime - 1;
    const uint64_t inverse = power_modulo(generator, m - 1, prime);
    const UnitRootsOfOrder roots(prime);
    std::vector<ComplexDouble> filter = host_buffer<ComplexDouble>(m);
    uint64_t power = 1; // g^-i
    for (uint64_t i = 0; i < m; ++i) {
        const UnitRoot root = roots.below_order(power);
        filter[i] = {root.re, direction == Direction::forward ? root.im : -root.im};
        power = power * inverse % prime;
    }
    return make_unshared_table(radix_transform(std::move(filter), radices, 1.0 / double(m)), precision, device, table);
}

rift_status logarithm_table(const std::vector<uint32_t>& logarithms, int device,
                            std::shared_ptr<const TwiddleTable>& table)
{
    const size_t bytes = logarithms.size() * sizeof(uint32_t);
    std::vector<unsigned char> host_bytes = host_buffer<unsigned char>(bytes);
    std::memcpy(host_bytes.data(), logarithms.data(), bytes);
    DeviceBuffer device_copy;
    if (device != kNoDevice) RIFT_RETURN_IF_FAILED(DeviceBuffer::upload(logarithms.data(), bytes, device_copy));
    table = std::make_shared<const TwiddleTable>(std::move(host_bytes), std::move(device_copy));
    return rift_status_success;
}

// Shared-memory passes of a one-block convolution: each pass moves its slot once; Rader's permutations go through
// the slot on the way in and out and its forward transform ends there (three more), Bluestein's keeps its last
// pass in registers where it can. Butterflies of the primes 17-31 cost about half as much again per element as
// the others (their odd-pair form takes more multiplies, and a lane holds more elements).
size_t rader_cost(const CompiledKernel& identity)
{
    const size_t cost = size_t(identity.length) * (2 * identity.radices.size() + 3);
    for (uint32_t radix : identity.radices) {
#define RIFT_LARGE_PRIME_COST(R) \
    if (radix == R) return cost * 3 / 2;
        RIFT_FOR_EACH_LARGE_PRIME_RADIX(RIFT_LARGE_PRIME_COST)
#undef RIFT_LARGE_PRIME_COST
    }
    return cost;
}
size_t bluestein_cost(size_t padded_length, const StridedBatch& batch)
{
    const StockhamShape shape =
        stockham_shape(uint32_t(padded_length), batch.element_bytes(), kernels::EntryKernel::bluestein);
    return padded_length * 2 * shape.radices.size();
}

// The convolution's forward passes' twiddles, then its inverse passes', which run the radices in the reverse
// order (kernels/rader_kernel.h).
rift_status rader_twiddle_table(const std::vector<uint32_t>& radices, Precision precision, int device,
                                std::shared_ptr<const TwiddleTable>& table)
{
    std::vector<ComplexDouble> entries = stockham_twiddles(radices);
    const std::vector<ComplexDouble> inverse = stockham_twiddles({radices.rbegin(), radices.rend()});
    entries.insert(entries.end(), inverse.begin(), inverse.end());
    return make_unshared_table(entries, precision, device, table);
}

// The convolution's shape, a transform's shared memory holding its two cells too (kernels::RaderTileMemory).
StockhamShape rader_shape(uint32_t convolution_length, size_t element_bytes)
{
    StockhamShape shape = compiled_stockham_shape(convolution_length, element_bytes);
    keep_one_slot(shape, element_bytes);
    shape.shared_bytes_per_transform += kernels::kRaderCellsPerTransform * element_bytes;
    return shape;
}

class RaderBuilder final : public NodeBuilder {
public:
    const char* name() const override { return "rader"; }

    std::string why_not(const StridedBatch& batch, const PlanContext& context) const override
    {
        if (batch.real) return "real transforms pad through Bluestein's algorithm";
        if (batch.step_twiddled) return "row/column steps run Stockham kernels";
        if (batch.output_group > 1) return "grouped output elements are Stockham launches'";
        if (batch.dims.size() > size_t(kernels::kMaxBatchDims)) return "too many batch dimensions";
        if (batch.length < 3 || !is_prime(batch.length)) return "length " + std::to_string(batch.length) + " is not an odd prime";
        if (context.device != kNoDevice && !runtime_kernels_enabled(context.device))
            return "its kernels are compiled at run time, which this platform does not do";
        const std::optional<CompiledKernel> identity =
            compiled_convolution_identity(CompiledFamily::rader, uint32_t(batch.length - 1), batch.precision, false,
                                          context.shared_memory_per_block);
        if (!identity ||
            rader_shape(identity->length, batch.element_bytes()).shared_bytes_per_transform > context.shared_memory_per_block)
            return "convolution length " + std::to_string(batch.length - 1) + " has no one-block kernel";
        const size_t padded_length = bluestein_one_block_length(batch.length, batch.precision, context);
        if (padded_length != 0 && bluestein_cost(padded_length, batch) < rader_cost(*identity))
            return "Bluestein's padded length " + std::to_string(padded_length) + " costs fewer passes";
        return {};
    }

    rift_status build(const StridedBatch& batch, const PlanContext& context,
                      std::unique_ptr<TreeNode>& node) const override
    {
        const std::string why = why_not(batch, context);
        if (!why.empty()) return fail(rift_status_not_implemented, why);
        const uint32_t convolution_length = uint32_t(batch.length - 1);
        const CompiledKernel identity =
            *compiled_convolution_identity(CompiledFamily::rader, convolution_length, batch.precision, false,
                                           context.shared_memory_per_block);
        const StockhamShape shape = rader_shape(convolution_length, batch.element_bytes());

        RaderLaunch launch;
        if (context.device != kNoDevice) {
            RIFT_RETURN_IF_FAILED(context_runtime_kernel(
                identity, context, "Bluestein's algorithm runs length " + std::to_string(batch.length),
                launch.compiled));
            if (!launch.compiled) return rift_status_success; // declined: Bluestein's algorithm runs it
        }
        launch.compiled_identity = identity.describe();
        const uint32_t per_block = transforms_per_block(shape, batch.dims[0].count, context.shared_memory_per_block);
        size_t tiles = 0, blocks = 0;
        RIFT_RETURN_IF_FAILED(tiled_block_count(batch, per_block, tiles, blocks));
        // The tables are made once a prime (and direction) and shared by the plans that need them at once.
        const uint64_t prime = batch.length;
        const uint64_t generator = smallest_generator(prime);
        const Precision precision = batch.precision;
        const Direction direction = batch.direction;
        const int device = context.device;
        RIFT_RETURN_IF_FAILED(acquire_rader_table(
            RaderTable::twiddles, {shape.radices.begin(), shape.radices.end()}, precision, device,
            [radices = shape.radices, precision, device](std::shared_ptr<const TwiddleTable>& made) {
                return rader_twiddle_table(radices, precision, device, made);
            },
            launch.twiddles));
        RIFT_RETURN_IF_FAILED(acquire_rader_table(
            RaderTable::logarithms, {prime}, precision, device,
            [prime, generator, device](std::shared_ptr<const TwiddleTable>& made) {
                return logarithm_table(generator_logarithms(prime, generator), device, made);
            },
            launch.logarithms));
        RIFT_RETURN_IF_FAILED(acquire_rader_table(
            RaderTable::spectrum, {prime, uint64_t(direction)}, precision, device,
            [prime, generator, direction, precision, radices = shape.radices, device](
                std::shared_ptr<const TwiddleTable>& made) {
                return rader_spectrum(prime, generator, direction, precision, radices, device, made);
            },
            launch.spectrum));

        kernels::StockhamArgs& convolution = launch.args.convolution;
        set_layout(convolution, batch);
        convolution.scale = batch.scale;
        convolution.length = convolution_length;
        convolution.tiles = uint32_t(tiles);
        set_pass_shape(convolution, shape, per_block);
        launch.args.length = uint32_t(batch.length);
        launch.precision = batch.precision;
        launch.direction = batch.direction;
        launch.input = batch.input;
        launch.output = batch.output;
        launch.shape = {uint32_t(blocks), shape.threads_per_transform, per_block,
                        uint32_t(shape.shared_bytes_per_transform * per_block)};
        node = std::make_unique<RaderNode>(std::move(launch));
        return rift_status_success;
    }
};

} // namespace

void RaderNode::print(std::ostream& out, int depth) const
{
    const kernels::StockhamArgs& convolution = launch_.args.convolution;
    indent(out, depth);
    out << "(rader length " << launch_.args.length << " convolution " << convolution.length << " batch "
        << describe_dims(std::vector<kernels::BatchDim>(convolution.dims, convolution.dims + convolution.dim_count))
        << " per-block " << convolution.transforms_per_block << ")\n";
}

void RaderNode::append_launches(KernelChain& chain) const { chain.push_back(launch_); }

const NodeBuilder& rader_builder()
{
    static const RaderBuilder builder;
    return builder;
}

} // namespace rift
