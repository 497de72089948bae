// Whole plan prints of a set of plans, against tests/golden/plans.txt: every node and launch shape the planner
// chooses for them. Plans are made for two GPU-shaped contexts without a device (no tables uploaded, nothing
// compiled: lengths a GPU compiles kernels for print the kernels' identities and shapes, which the host executor
// runs), so the prints are the same on every machine. After a deliberate planner change, RIFT_UPDATE_GOLDEN=1 rewrites the file; review its
// diff like code.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "library/plan/plan.h"

namespace {

struct GoldenCase {
    const char* name;
    rift_result_placement placement;
    rift_transform_type type;
    rift_precision precision;
    std::vector<size_t> lengths;
    size_t batch;
    rift::LayoutRequest layout = {};
};

// A GPU of 227 KiB of shared memory a block and 132 SMs that bulk-copies, and one of 64 KiB that does not.
const rift::PlanContext kLargeSharedMemory{rift::kNoDevice, 227 * 1024, 12.8, 132, true};
const rift::PlanContext kSmallSharedMemory{rift::kNoDevice, 64 * 1024, 0, 0, false};

std::vector<GoldenCase> golden_cases()
{
    const auto c2c = rift_transform_type_complex_forward;
    const auto c2c_inverse = rift_transform_type_complex_inverse;
    const auto r2c = rift_transform_type_real_forward;
    const auto c2r = rift_transform_type_real_inverse;
    const auto single = rift_precision_single;
    const auto double_ = rift_precision_double;
    const auto apart = rift_placement_notinplace;
    const auto in_place = rift_placement_inplace;
    rift::LayoutRequest strided;
    strided.input_strides = {2};
    strided.output_strides = {3};
    strided.input_distance = 2001;
    strided.output_distance = 3005;
    strided.input_offset = 7;
    strided.output_offset = 1;
    rift::LayoutRequest padded_input;
    padded_input.input_distance = 260;
    return {
        {"catalogue 1024", apart, c2c, single, {1024}, 1000},
        {"catalogue 12 double in place", in_place, c2c_inverse, double_, {12}, 5000},
        {"short rows 36", apart, c2c, single, {36}, 100000},
        {"length 2916", apart, c2c, single, {2916}, 300},
        {"length 5460", apart, c2c, single, {5460}, 200},
        {"length 12675 inverse", apart, c2c_inverse, single, {12675}, 50},
        {"length 15925", apart, c2c, single, {15925}, 50},
        {"double 4375", apart, c2c, double_, {4375}, 100},
        {"prime butterfly 29", apart, c2c, single, {29}, 100000},
        {"split butterfly 23 double", apart, c2c, double_, {23}, 100000},
        {"split butterfly 41", apart, c2c, single, {41}, 100000},
        {"rader 4447", apart, c2c, single, {4447}, 8},
        {"bluestein 8147", apart, c2c, single, {8147}, 8},
        {"bluestein 12791", apart, c2c, single, {12791}, 4},
        {"bluestein steps 1000003", apart, c2c, single, {1000003}, 2},
        {"bluestein padded plans R2C 100003", apart, r2c, single, {100003}, 2},
        {"row-column 100000", in_place, c2c, single, {100000}, 4},
        {"row-column 2^24", apart, c2c, single, {size_t(1) << 24}, 1},
        {"strided 1000", apart, c2c, single, {1000}, 30, strided},
        {"2D 480x640", apart, c2c, single, {640, 480}, 2},
        {"3D 96^3", apart, c2c, single, {96, 96, 96}, 2},
        {"R2C 6000", apart, r2c, single, {6000}, 64},
        {"C2R double 2310", apart, c2r, double_, {2310}, 64},
        {"R2C 1215 (odd: two transforms a DFT)", apart, r2c, single, {1215}, 64},
        {"R2C 2D 378x378", apart, r2c, single, {378, 378}, 4},
        {"DCT-II 2D 360x100", apart, rift_transform_type_dct2, single, {360, 100}, 2},
        {"DCT-II 3D 64x24x256 (compiled columns of a single butterfly and of a catalogue length)", apart,
         rift_transform_type_dct2, single, {64, 24, 256}, 2},
        {"DST-IV double 1000 in place", in_place, rift_transform_type_dst4, double_, {1000}, 3},
        {"DST-II 44 (input read where it lies by the first pass, output rows staged in shared memory)", apart,
         rift_transform_type_dst2, single, {44}, 7},
        {"DCT-II 256, input rows apart (input read where it lies, output rows staged)", apart,
         rift_transform_type_dct2, single, {256}, 5, padded_input},
        {"DCT-III 462 in place (rows staged in shared memory, mapped)", in_place, rift_transform_type_dct3, single,
         {462}, 6},
        {"DST-III 64 (a catalogue length's rows staged, compiled)", apart, rift_transform_type_dst3, single, {64}, 9},
        {"DCT-IV 128 (the catalogue's kernel kept)", apart, rift_transform_type_dct4, single, {128}, 9},
        {"DCT-IV 125 (two transforms a DFT, the last alone)", apart, rift_transform_type_dct4, single, {125}, 5},
        {"DST-III 1003 (DFT of 17 x 59 in steps, two transforms a DFT)", apart, rift_transform_type_dst3, single,
         {1003}, 4},
        {"DCT-I 68 (DFT of 67 by Rader's algorithm, in steps)", apart, rift_transform_type_dct1, single, {68}, 5},
        {"DCT-III 100000 (DFT beyond one block in steps)", apart, rift_transform_type_dct3, single, {100000}, 2},
    };
}

std::string golden_path() { return std::string(RIFT_TEST_SOURCE_DIR) + "/golden/plans.txt"; }

std::string print_golden_plans()
{
    std::ostringstream text;
    for (const auto& [context_name, context] :
         {std::pair{"227 KiB, bulk copies", kLargeSharedMemory}, std::pair{"64 KiB", kSmallSharedMemory}}) {
        for (const GoldenCase& c : golden_cases()) {
            text << "== " << c.name << " (" << context_name << ")\n";
            rift::TransformProblem problem;
            std::unique_ptr<rift::Plan> plan;
            rift_status status = rift::make_transform_problem(c.placement, c.type, c.precision, c.lengths.size(),
                                                              c.lengths.data(), c.batch, c.layout, problem);
            if (status == rift_status_success) status = rift::Plan::create(std::move(problem), context, false, plan);
            text << (status == rift_status_success ? plan->print() : "status " + std::to_string(int(status)) + "\n");
        }
    }
    return text.str();
}

TEST(PlanGolden, WholePlanPrintsMatchTheGoldenFile)
{
    const std::string printed = print_golden_plans();
    if (const char* update = std::getenv("RIFT_UPDATE_GOLDEN"); update != nullptr && std::string(update) == "1") {
        std::ofstream(golden_path()) << printed;
        GTEST_SKIP() << "rewrote " << golden_path();
    }
    std::ifstream file(golden_path());
    ASSERT_TRUE(file) << "cannot read " << golden_path();
    std::stringstream expected;
    expected << file.rdbuf();
    if (printed == expected.str()) return;
    // Name the first line that differs, with the case it belongs to.
    std::istringstream got_lines(printed), want_lines(expected.str());
    std::string got, want, current_case;
    for (size_t line = 1;; ++line) {
        const bool more_got = bool(std::getline(got_lines, got));
        const bool more_want = bool(std::getline(want_lines, want));
        if (!more_got && !more_want) break;
        if (more_got && got.rfind("== ", 0) == 0) current_case = got;
        if (!more_got || !more_want || got != want) {
            FAIL() << golden_path() << " line " << line << " (" << current_case << ")\n  expected: " << want
                   << "\n  printed:  " << got
                   << "\nA deliberate planner change: run with RIFT_UPDATE_GOLDEN=1 and review the file's diff.";
        }
    }
}

} // namespace
