#include "library/plan/compiled_kernel_list.h"

#include "kernels/real_to_real.h"
#include "library/plan/stockham_shape.h"

namespace rift {
namespace {

// Rows of complex and real data (1D, and the first dimension of 2D/3D), the columns of complex 2D/3D transforms, and
// of real-to-real ones (tiles of real data, staged), and the rows of DCT-II and DST-II of even length (their inputs
// read where they lie). A real kernel of odd length comes in two forms: for real transforms of that length and of
// twice it. The real data of a real-to-real launch takes a kernel compiled for its kind (real_to_real_kinds).
struct LaunchKind {
    const char* name;
    KernelData data;
    BlockLayout layout;
    bool real_to_real;
};
constexpr LaunchKind kLaunchKinds[] = {
    {"rows", KernelData::complex, BlockLayout::lane_major, false},
    {"real-rows", KernelData::real, BlockLayout::lane_major, false},
    {"real-rows", KernelData::odd_real, BlockLayout::lane_major, false},
    {"columns", KernelData::complex, BlockLayout::tile_major, false},
    {"real-columns", KernelData::real, BlockLayout::staged, true},
    {"real-columns", KernelData::odd_real, BlockLayout::staged, true},
    {"reordered-rows", KernelData::reordered_input, BlockLayout::lane_major, true},
    // Real-to-real rows: strided or of many lanes, and the halved forms' rows that lie as spans.
    {"real-to-real-rows", KernelData::real, BlockLayout::lane_major, true},
    {"real-to-real-rows", KernelData::odd_real, BlockLayout::lane_major, true},
    {"real-to-real-rows", KernelData::real, BlockLayout::staged_rows, true},
    {"real-to-real-rows", KernelData::reordered_input, BlockLayout::staged_rows, true}};

// The real-to-real kinds (plus one; 0: none) a real-to-real launch's kernel of this data, layout and direction is
// compiled for, as plans choose them (stockham_node.cpp, kernel_real_to_real_kind): reordered inputs 0 (their kernels
// compile the DCT-II and DST-II output alone); real data the kinds whose DFT runs in that direction, and of staged
// rows the halved forms whose rows plans stage.
std::vector<uint32_t> real_to_real_kinds(uint32_t length, Precision precision, KernelData data, BlockLayout layout,
                                         Direction direction)
{
    using kernels::RealToRealKind;
    if (data == KernelData::reordered_input) return {0};
    std::vector<uint32_t> kinds;
    for (uint32_t k = 0; k < 8; ++k) {
        const RealToRealKind kind = RealToRealKind(k);
        const bool halved_form = kind != RealToRealKind::dct1 && kind != RealToRealKind::dst1;
        if (kernels::real_to_real_dft_inverse(kind) != (direction == Direction::inverse)) continue;
        if (data == KernelData::odd_real && !halved_form) continue; // DCT-I, DST-I: real DFTs of even length
        if (layout == BlockLayout::staged_rows) {
            if (!halved_form || kind == RealToRealKind::dct2 || kind == RealToRealKind::dst2) continue; // reordered
            if (!stages_real_to_real_row_spans(length, complex_element_bytes(precision), real_row_input(kind, length)))
                continue;
        }
        kinds.push_back(k + 1);
    }
    return kinds;
}

} // namespace

std::vector<CompiledKernel> compiled_stockham_kernels(uint32_t length, Precision precision, Direction direction,
                                                      size_t shared_bytes,
                                                      const std::function<bool(const char*)>& wants)
{
    std::vector<CompiledKernel> kernels;
    const size_t element_bytes = complex_element_bytes(precision);
    for (const auto& [name, data, layout, real_to_real] : kLaunchKinds) {
        if (!wants(name) || (data == KernelData::odd_real && length % 2 == 0)) continue;
        if (data == KernelData::reordered_input && layout == BlockLayout::staged_rows &&
            !stages_real_to_real_row_spans(length, element_bytes, RealRowInput::reordered)) // the most lanes
            continue;
        std::optional<CompiledKernel> identity =
            compiled_stockham_identity(length, precision, direction, data, layout, shared_bytes);
        if (!identity ||
            compiled_stockham_shape(length, element_bytes, layout, shared_bytes).shared_bytes_per_transform >
                shared_bytes)
            continue;
        const std::vector<uint32_t> kinds = real_to_real
                                                ? real_to_real_kinds(length, precision, data, layout, direction)
                                                : std::vector<uint32_t>{0};
        for (uint32_t kind : kinds) {
            identity->real_to_real_kind = kind;
            kernels.push_back(*identity);
        }
        identity->real_to_real_kind = 0;
        // Complex rows come strided, and as the usual batch of contiguous rows: staged as spans where the plans
        // stage such rows, else of unit stride.
        if (data != KernelData::complex || layout != BlockLayout::lane_major) continue;
        if (stages_row_spans(length, element_bytes)) {
            if (auto staged =
                    compiled_stockham_identity(length, precision, direction, data, BlockLayout::staged_rows, shared_bytes))
                kernels.push_back(*staged);
        } else {
            identity->unit_strides = true;
            kernels.push_back(*identity);
        }
    }
    return kernels;
}

} // namespace rift
