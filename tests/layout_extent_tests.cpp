// Layouts whose byte addresses would pass PTRDIFF_MAX (and wrap around the address space) are refused at plan
// creation with a status naming the argument: the reproductions of such layouts, the messages that must say what
// is wrong, and a property test over random layouts near the limit that computes the furthest byte on its own.
// The Gpu suite repeats the reproductions with GPU plans and device buffers (run under compute-sanitizer).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "rift/rift.h"
#include "tests/gpu.h"
#include "tests/handles.h"

namespace rift::test {
namespace {

std::string last_error() { return rift_get_last_error_message(); }

constexpr unsigned __int128 kLargestByte = PTRDIFF_MAX;

// One side of a layout as a test states it; an empty `strides` means rift's contiguous default.
struct Side {
    size_t offset = 0;
    std::vector<size_t> strides;
    size_t distance = 0;
};

struct Request {
    rift_transform_type type = rift_transform_type_complex_forward;
    rift_precision precision = rift_precision_double;
    rift_result_placement placement = rift_placement_notinplace;
    std::vector<size_t> lengths = {8};
    size_t batch = 1;
    Side in, out;
    double scale = 1.0;
};

// The message of the last create() below, kept because destroying its description clears rift's.
std::string created_message;

rift_status create(const Request& r, PlanHandle& plan)
{
    created_message.clear();
    rift_plan_description raw_description = nullptr;
    EXPECT_EQ(rift_plan_description_create(&raw_description), rift_status_success);
    const DescriptionHandle description(raw_description);
    const size_t in_offsets[] = {r.in.offset};
    const size_t out_offsets[] = {r.out.offset};
    rift_status status = rift_plan_description_set_data_layout(
        description.get(), rift_array_type_unset, rift_array_type_unset, in_offsets, out_offsets, r.in.strides.size(),
        r.in.strides.empty() ? nullptr : r.in.strides.data(), r.in.distance, r.out.strides.size(),
        r.out.strides.empty() ? nullptr : r.out.strides.data(), r.out.distance);
    if (status != rift_status_success) return status;
    status = rift_plan_description_set_scale_factor(description.get(), r.scale);
    if (status != rift_status_success) return status;
    rift_plan raw_plan = nullptr;
    status = rift_plan_create(&raw_plan, r.placement, r.type, r.precision, r.lengths.size(), r.lengths.data(),
                              r.batch, description.get());
    created_message = last_error();
    plan.reset(raw_plan);
    EXPECT_EQ(status == rift_status_success, raw_plan != nullptr);
    return status;
}

rift_status create(const Request& r)
{
    PlanHandle plan;
    return create(r, plan);
}

// --- The reproductions: each must be refused before anything runs, naming the argument. ---

TEST(LayoutExtent, OutputOffsetWrappingTheAddressSpace)
{
    Request r; // double complex, 8 points: byte offset 2^64 - 128 would land 128 bytes before the buffer
    r.out.offset = (size_t(1) << 60) - 8;
    EXPECT_EQ(create(r), rift_status_invalid_offset) << created_message;
    EXPECT_NE(created_message.find("output offset"), std::string::npos) << created_message;
}

TEST(LayoutExtent, InputOffsetWrappingTheAddressSpace)
{
    Request r;
    r.in.offset = (size_t(1) << 60) - 8;
    EXPECT_EQ(create(r), rift_status_invalid_offset) << created_message;
    EXPECT_NE(created_message.find("input offset"), std::string::npos) << created_message;
}

TEST(LayoutExtent, OutputStridePastTheLargestByte)
{
    Request r;
    r.out.strides = {size_t(1) << 58};
    EXPECT_EQ(create(r), rift_status_invalid_stride) << created_message;
    EXPECT_NE(created_message.find("output stride 0"), std::string::npos) << created_message;
}

TEST(LayoutExtent, DistancePastTheLargestByte)
{
    Request r;
    r.batch = 3;
    r.in.distance = size_t(1) << 61; // two distances of 2^61 16-byte elements: 2^66 bytes
    EXPECT_EQ(create(r), rift_status_invalid_distance) << created_message;
    EXPECT_NE(created_message.find("input distance"), std::string::npos) << created_message;
}

// In elements the layout is far below 2^62; in bytes it is not: the rule counts bytes.
TEST(LayoutExtent, ElementCountBelowTheOldLimitButBytesAbove)
{
    Request r;
    r.in.offset = size_t(1) << 61; // 2^61 elements of 16 bytes
    EXPECT_EQ(create(r), rift_status_invalid_offset) << created_message;
    r.in.offset = (size_t(1) << 59) - 8; // the last of 8 elements at 2^63 - 16 bytes: the largest that fits
    EXPECT_EQ(create(r), rift_status_success) << created_message;
    r.in.offset += 1;
    EXPECT_EQ(create(r), rift_status_invalid_offset) << created_message;
}

// The real side counts reals: the same offset fits twice as far in elements.
TEST(LayoutExtent, RealSideCountsReals)
{
    Request r;
    r.type = rift_transform_type_real_forward;
    r.in.offset = (size_t(1) << 60) - 8; // 8 reals of 8 bytes, the last at 2^63 - 8
    EXPECT_EQ(create(r), rift_status_success) << created_message;
    r.in.offset += 1;
    EXPECT_EQ(create(r), rift_status_invalid_offset) << created_message;
}

TEST(LayoutExtent, ConvolutionOutputDistance)
{
    const std::vector<double> filter(8, 0.25);
    rift_convolution raw = nullptr;
    EXPECT_EQ(rift_convolution_create(&raw, rift_convolution_linear, rift_precision_double, 64, 4, filter.data(), 2, 0,
                                      (size_t(1) << 60) - 16),
              rift_status_invalid_distance)
        << last_error();
    EXPECT_EQ(raw, nullptr);
    EXPECT_NE(last_error().find("output distance"), std::string::npos) << last_error();
    EXPECT_EQ(rift_convolution_create(&raw, rift_convolution_linear, rift_precision_single, 64, 4, filter.data(), 2,
                                      size_t(1) << 61, 0),
              rift_status_invalid_distance)
        << last_error();
    EXPECT_NE(last_error().find("input distance"), std::string::npos) << last_error();
}

// Default strides of lengths whose product wraps 2^64 must not turn into a stride of zero.
TEST(LayoutExtent, DefaultStridesOfHugeLengths)
{
    const size_t lengths[] = {size_t(1) << 32, size_t(1) << 32, 2};
    rift_plan plan = nullptr;
    EXPECT_EQ(rift_plan_create(&plan, rift_placement_notinplace, rift_transform_type_complex_forward,
                               rift_precision_single, 3, lengths, 1, nullptr),
              rift_status_invalid_length)
        << last_error();
    EXPECT_EQ(plan, nullptr);
    EXPECT_EQ(last_error().find("zero"), std::string::npos) << last_error();
    EXPECT_NE(last_error().find("largest byte offset"), std::string::npos) << last_error();
}

// Lengths the header says plan, refused only for their launch size, say so rather than blaming the batch.
TEST(LayoutExtent, LaunchBeyondTheGridLimitSaysSo)
{
    for (const size_t length : {size_t(285311670611) /* 11^11 */, size_t(762939453125) /* 5^17 */}) {
        rift_plan plan = nullptr;
        const rift_status status = rift_plan_create(&plan, rift_placement_notinplace,
                                                    rift_transform_type_complex_forward, rift_precision_double, 1,
                                                    &length, 1, nullptr);
        if (status == rift_status_success) {
            rift_plan_destroy(plan);
            continue; // a device with a larger grid limit may plan it
        }
        EXPECT_EQ(status, rift_status_not_implemented) << length << ": " << last_error();
        EXPECT_EQ(last_error().find("batch of"), std::string::npos) << last_error();
        EXPECT_NE(last_error().find("kernel launch"), std::string::npos) << last_error();
    }
}

TEST(LayoutExtent, SingleScaleBeyondFloatRange)
{
    Request r;
    r.precision = rift_precision_single;
    r.scale = 1e300;
    EXPECT_EQ(create(r), rift_status_invalid_scale) << created_message;
    r.scale = -1e39;
    EXPECT_EQ(create(r), rift_status_invalid_scale) << created_message;
    r.scale = 3e38;
    EXPECT_EQ(create(r), rift_status_success) << created_message;
    r.precision = rift_precision_double;
    r.scale = 1e300;
    EXPECT_EQ(create(r), rift_status_success) << created_message;
}

TEST(LayoutExtent, NfftVectorsPastTheLargestByte)
{
    const size_t lengths[] = {64};
    rift_nfft nfft = nullptr;
    EXPECT_EQ(rift_nfft_create(&nfft, rift_precision_double, 1, lengths, 100, size_t(1) << 57, 1e-6),
              rift_status_invalid_batch)
        << last_error();
    EXPECT_EQ(nfft, nullptr);
    EXPECT_NE(last_error().find("number_of_vectors"), std::string::npos) << last_error();
    const size_t huge[] = {size_t(1) << 30, size_t(1) << 30, size_t(1) << 30};
    EXPECT_NE(rift_nfft_create(&nfft, rift_precision_double, 3, huge, 100, 1, 1e-6), rift_status_success);
    EXPECT_EQ(nfft, nullptr);
}

// N = 2^30 along one dimension needs a grid of 2^31 points: the message quotes the grid, not N as a grid.
TEST(LayoutExtent, NfftGridMessageQuotesTheGrid)
{
    const size_t lengths[] = {size_t(1) << 30};
    rift_nfft nfft = nullptr;
    EXPECT_EQ(rift_nfft_create(&nfft, rift_precision_single, 1, lengths, 100, 1, 1e-3), rift_status_invalid_length)
        << last_error();
    EXPECT_NE(last_error().find("oversampled grid of 2147483648 points"), std::string::npos) << last_error();
}

// A misaligned buffer is told to use offsets only where a plan has them.
TEST(LayoutExtent, AlignmentAdviceFitsTheObject)
{
    ExecutionInfoHandle info;
    {
        rift_execution_info raw = nullptr;
        ASSERT_EQ(rift_execution_info_create(&raw), rift_status_success);
        info.reset(raw);
        ASSERT_EQ(rift_execution_info_set_executor(raw, rift_executor_host), rift_status_success);
    }
    std::vector<double> data(64, 0.0);
    auto* misaligned = reinterpret_cast<unsigned char*>(data.data()) + 4;
    const std::vector<double> filter(8, 0.25);
    rift_convolution raw = nullptr;
    ASSERT_EQ(rift_convolution_create(&raw, rift_convolution_linear, rift_precision_single, 8, 2, filter.data(), 1,
                                      0, 0),
              rift_status_success)
        << last_error();
    const ConvolutionHandle convolution(raw);
    std::vector<double> output(64);
    EXPECT_EQ(rift_convolution_execute(convolution.get(), misaligned, output.data(), info.get()),
              rift_status_invalid_buffer);
    EXPECT_EQ(last_error().find("offset"), std::string::npos) << last_error();

    const size_t lengths[] = {16};
    rift_nfft nfft = nullptr;
    ASSERT_EQ(rift_nfft_create(&nfft, rift_precision_double, 1, lengths, 4, 1, 1e-6), rift_status_success);
    EXPECT_EQ(rift_nfft_set_nodes(nfft, misaligned, info.get()), rift_status_invalid_buffer);
    EXPECT_EQ(last_error().find("offset"), std::string::npos) << last_error();
    EXPECT_EQ(rift_nfft_destroy(nfft), rift_status_success);

    PlanHandle plan;
    ASSERT_EQ(create(Request{}, plan), rift_status_success) << created_message;
    void* in[] = {misaligned};
    void* out[] = {output.data()};
    EXPECT_EQ(rift_execute(plan.get(), in, out, info.get()), rift_status_invalid_buffer);
    EXPECT_NE(last_error().find("offsets"), std::string::npos) << last_error();
}

// A work buffer must be aligned as the data: one complex element.
TEST(LayoutExtent, MisalignedWorkBufferIsRefused)
{
    Request r;
    r.lengths = {size_t(1) << 16}; // beyond one block in double: a row/column plan with a work buffer
    r.batch = 1;
    PlanHandle plan;
    ASSERT_EQ(create(r, plan), rift_status_success) << created_message;
    size_t work_bytes = 0;
    ASSERT_EQ(rift_plan_get_work_buffer_size(plan.get(), &work_bytes), rift_status_success);
    ASSERT_GT(work_bytes, 0u);
    std::vector<double> work(work_bytes / sizeof(double) + 4), in_data(2 << 16), out_data(2 << 16);
    rift_execution_info raw = nullptr;
    ASSERT_EQ(rift_execution_info_create(&raw), rift_status_success);
    const ExecutionInfoHandle info(raw);
    ASSERT_EQ(rift_execution_info_set_executor(raw, rift_executor_host), rift_status_success);
    ASSERT_EQ(rift_execution_info_set_work_buffer(raw, reinterpret_cast<unsigned char*>(work.data()) + 1, work_bytes),
              rift_status_success);
    void* in[] = {in_data.data()};
    void* out[] = {out_data.data()};
    EXPECT_EQ(rift_execute(plan.get(), in, out, raw), rift_status_invalid_work_buffer) << last_error();
    ASSERT_EQ(rift_execution_info_set_work_buffer(raw, work.data(), work_bytes), rift_status_success);
    EXPECT_EQ(rift_execute(plan.get(), in, out, raw), rift_status_success) << last_error();
}

// --- The property: every accepted layout's furthest byte fits; every refusal for reach is justified. ---

// The furthest byte, computed here independently of rift: the last element's index times the element size.
unsigned __int128 furthest_byte(const std::vector<size_t>& lengths, size_t batch, size_t element_bytes,
                                const Side& side)
{
    unsigned __int128 last = side.offset;
    for (size_t d = 0; d < lengths.size(); ++d) last += (unsigned __int128)(lengths[d] - 1) * side.strides[d];
    last += (unsigned __int128)(batch - 1) * side.distance;
    return (last + 1) * element_bytes - 1;
}

// Near the limit for an element of `element_bytes`: a few elements either side of 2^63 / element_bytes divided
// by a small number, zero, or small.
size_t near_limit(std::mt19937_64& random, size_t element_bytes)
{
    const size_t limit = (size_t(1) << 63) / element_bytes;
    switch (random() % 5) {
    case 0: return random() % 64;
    case 1: return limit / (1 + random() % 16) - random() % 64;
    case 2: return limit / (1 + random() % 16) + random() % 64;
    case 3: return limit - random() % 4096;
    default: return random() >> (random() % 64);
    }
}

TEST(LayoutExtent, RandomLayoutsNearTheLimit)
{
    std::mt19937_64 random(20261126);
    int accepted = 0, refused_for_reach = 0;
    for (int trial = 0; trial < 4000; ++trial) {
        Request r;
        r.precision = random() % 2 ? rift_precision_single : rift_precision_double;
        r.type = random() % 3 == 0 ? rift_transform_type_real_forward : rift_transform_type_complex_forward;
        const size_t dims = 1 + random() % 3;
        r.lengths.assign(dims, 0);
        for (size_t& length : r.lengths) length = 1 + random() % 12;
        r.batch = random() % 3 == 0 ? 1 : 1 + random() % 1000;
        const size_t complex_bytes = r.precision == rift_precision_single ? 8 : 16;
        const bool real = r.type == rift_transform_type_real_forward;
        std::vector<size_t> hermitian = r.lengths;
        hermitian[0] = r.lengths[0] / 2 + 1;
        const size_t in_bytes = real ? complex_bytes / 2 : complex_bytes;
        for (Side* side : {&r.in, &r.out}) {
            const size_t bytes = side == &r.in ? in_bytes : complex_bytes;
            side->offset = near_limit(random, bytes);
            side->strides.resize(dims);
            for (size_t& stride : side->strides) stride = 1 + near_limit(random, bytes) / (1 + random() % 1024);
            side->distance = 1 + near_limit(random, bytes) / (1 + random() % 4096);
        }
        const unsigned __int128 in_reach = furthest_byte(r.lengths, r.batch, in_bytes, r.in);
        const unsigned __int128 out_reach = furthest_byte(real ? hermitian : r.lengths, r.batch, complex_bytes, r.out);
        const bool fits = in_reach <= kLargestByte && out_reach <= kLargestByte;

        const rift_status status = create(r);
        const std::string message = created_message;
        const bool refused_reach = status == rift_status_invalid_offset || status == rift_status_invalid_stride ||
                                   status == rift_status_invalid_distance;
        if (status == rift_status_success) {
            ++accepted;
            EXPECT_TRUE(fits) << "trial " << trial << ": an accepted plan reaches past 2^63 - 1 bytes";
        } else if (!fits) {
            // A layout that does not fit may also be refused for overlapping output, but never run.
            EXPECT_TRUE(refused_reach || status == rift_status_overlapping_output)
                << "trial " << trial << ": " << rift_status_string(status) << ": " << message;
        }
        if (refused_reach) {
            ++refused_for_reach;
            EXPECT_FALSE(fits) << "trial " << trial << " refused a layout that fits: " << message;
            const char* argument = status == rift_status_invalid_offset   ? "offset"
                                   : status == rift_status_invalid_stride ? "stride"
                                                                          : "distance";
            EXPECT_NE(message.find(argument), std::string::npos) << "trial " << trial << ": " << message;
            EXPECT_TRUE(message.rfind("input", 0) == 0 || message.rfind("output", 0) == 0)
                << "trial " << trial << " does not say which side: " << message;
        }
    }
    // Both outcomes must be common, or the sample does not probe the limit.
    EXPECT_GT(accepted, 200);
    EXPECT_GT(refused_for_reach, 200);
}

// --- On the GPU: the same refusals for GPU plans, and a device work buffer misaligned by a byte. ---

TEST(GpuLayoutExtent, ReproductionsAreRefusedBeforeExecution)
{
    RIFT_SKIP_WITHOUT_GPU();
    Request offset;
    offset.out.offset = (size_t(1) << 60) - 8;
    EXPECT_EQ(create(offset), rift_status_invalid_offset) << created_message;
    offset.out.offset = 0;
    offset.in.offset = (size_t(1) << 60) - 8;
    EXPECT_EQ(create(offset), rift_status_invalid_offset) << created_message;
    Request stride;
    stride.out.strides = {size_t(1) << 58};
    EXPECT_EQ(create(stride), rift_status_invalid_stride) << created_message;
    const std::vector<double> filter(8, 0.25);
    rift_convolution convolution = nullptr;
    EXPECT_EQ(rift_convolution_create(&convolution, rift_convolution_linear, rift_precision_double, 64, 4,
                                      filter.data(), 2, 0, (size_t(1) << 60) - 16),
              rift_status_invalid_distance)
        << last_error();

    Request r;
    r.lengths = {size_t(1) << 16};
    PlanHandle plan;
    ASSERT_EQ(create(r, plan), rift_status_success) << created_message;
    size_t work_bytes = 0;
    ASSERT_EQ(rift_plan_get_work_buffer_size(plan.get(), &work_bytes), rift_status_success);
    DeviceMemory work, in, out;
    ASSERT_EQ(work.allocate(work_bytes + 256), "");
    ASSERT_EQ(in.allocate(16 << 16), "");
    ASSERT_EQ(out.allocate(16 << 16), "");
    rift_execution_info raw = nullptr;
    ASSERT_EQ(rift_execution_info_create(&raw), rift_status_success);
    const ExecutionInfoHandle info(raw);
    ASSERT_EQ(rift_execution_info_set_executor(raw, rift_executor_gpu), rift_status_success);
    ASSERT_EQ(rift_execution_info_set_work_buffer(raw, static_cast<unsigned char*>(work.get()) + 1, work_bytes),
              rift_status_success);
    void* in_pointers[] = {in.get()};
    void* out_pointers[] = {out.get()};
    EXPECT_EQ(rift_execute(plan.get(), in_pointers, out_pointers, raw), rift_status_invalid_work_buffer)
        << last_error();
    EXPECT_EQ(synchronize_device(), "");
}

} // namespace
} // namespace rift::test
