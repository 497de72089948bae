// Kernels compiled at run time for the plans that need them: the register-resident Stockham kernel
// (kernels/stockham_kernel.h, compiled_stockham_kernel) for lengths without an entry in the catalogue of
// kernels/fixed_lengths.h, and the one-block kernels of Rader's and Bluestein's algorithms (kernels/rader_kernel.h,
// kernels/bluestein_kernel.h) for each convolution length. NVRTC (NVIDIA) or hipRTC (AMD) compiles the same kernel
// headers the library is built from (embedded at build time; runtime_compiler.h); one registry per process maps a
// kernel's identity to its loaded code, and a persistent on-disk cache keeps the compiled code for later
// processes. Where none of this is available (no compiler library, RIFT_RUNTIME_COMPILATION=off), plans keep the
// runtime-radix kernel.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/shared_layout.h"
#include "kernels/stockham_args.h"
#include "library/core/values.h"
#include "library/platform/hip_api.h"
#include "library/platform/kernel_cache.h" // the on-disk cache the kernels go to
#include "rift/rift.h"

namespace rift {

struct LaunchShape;

// The kernel templates compiled at run time.
enum class CompiledFamily {
    stockham,  // compiled_stockham_kernel: one transform of `length` a slot
    rader,     // compiled_rader_kernel: Rader's convolution of `length` (the prime minus one) a slot
    bluestein, // compiled_bluestein_kernel: Bluestein's convolution of padded `length` a slot
};

// The data a compiled kernel transforms: complex elements, or the DFTs of a real batch (kernels/real_pack.h, their
// hermitian side staged). Real transforms of odd length (odd_real) run DFTs of their reals that may carry twins
// (kernels::TwinTransforms), and real-to-real ones their odd forms (kernels/real_to_real.h): kernels of other real
// data leave that code out. reordered_input: DCT-II and DST-II of even length whose first pass reads their reals
// where they lie (kernels::ReorderedSource; unit-stride rows, lane-major).
enum class KernelData { complex, real, odd_real, reordered_input };

// Everything that makes one compiled kernel: its identity is data, and its name says it all.
struct CompiledKernel {
    CompiledFamily family = CompiledFamily::stockham;
    Precision precision = Precision::single;
    Direction direction = Direction::forward;
    KernelData data = KernelData::complex;
    bool tile_major = false;  // columns on both sides (kernels::StockhamArgs::tile_major)
    bool staged_rows = false; // lane-major, its staged sides spans of consecutive transforms (real data: in rows)
    bool prefetched = false;  // lane-major, persistent blocks copying the next transform's input ahead
    bool unit_strides = false; // complex lane-major, both sides unstaged, of unit stride and untwiddled
    // Real data of a real-to-real launch: the kind plus one where the kernel is compiled for that kind alone (its
    // staged maps without the others'), 0 where it reads the launch's (kernels::kernel_real_to_real_kind).
    uint32_t real_to_real_kind = 0;
    uint32_t length = 0;
    uint32_t elements = 0; // registers (complex elements) a lane holds
    uint32_t lanes = 0;    // lanes a transform
    uint32_t pad_period = 0;
    std::vector<uint32_t> radices;
    // The register budget the compiler works to (__launch_bounds__): the most threads a block of its launches
    // has, and the blocks an SM should keep resident at once; where the compiler spills more than one register to
    // keep min_blocks (or cannot say whether it does), the kernel is compiled to keep fallback_min_blocks.
    uint32_t max_threads = kernels::kMaxThreadsPerBlock;
    uint32_t min_blocks = 1;
    uint32_t fallback_min_blocks = 1;

    // The instantiation the run-time compiler makes, e.g. rift::kernels::compiled_stockham_kernel<float, false,
    // false, false, false, false, false, false, true, 0u, 128u, 4u, 11, 55u, 550u, 16u, 11u, 10u, 5u>.
    // The convolution kernels take no direction (their tables carry it) and no layout; Bluestein's takes real data.
    std::string expression() const;
    // "compiled unit-stride length 550 lanes 55 elements 11 pad 16 radices 11 10 5 threads 128 blocks-per-sm 5 or 4
    // where that spills" (the fallback where it has one; "compiled length ..." for strided complex rows, "compiled
    // real length ..." for real data, "compiled odd-real length ..." for real data of odd length, "compiled
    // reordered-input length ..." for reordered_input, "compiled tile-major length ..." for columns, "compiled
    // staged-rows length ...", "compiled real staged-rows length ..." and "compiled reordered-input staged-rows
    // length ..." for real-to-real row spans, "compiled prefetched length ...", "compiled rader convolution ..."; "for
    // dct3" after the radices of a kernel compiled for one real-to-real kind), for plan prints.
    std::string describe() const;
};

// One loaded kernel, ready to launch on its device with its one parameter (kernels::StockhamArgs,
// kernels::RaderArgs or kernels::BluesteinArgs, as its family takes).
class RuntimeKernel {
public:
    virtual ~RuntimeKernel() = default;
    template <class Args>
    hipError_t launch(const Args& args, const LaunchShape& shape, hipStream_t stream) const
    {
        Args copy = args;
        return launch_with(&copy, shape, stream);
    }

private:
    virtual hipError_t launch_with(void* parameter, const LaunchShape& shape, hipStream_t stream) const = 0;
};

// Whether plans on `device` may take kernels compiled at run time (RIFT_RUNTIME_COMPILATION is not off, the
// device's architecture is known). Whether they can compile one is found out when one is missing: the compiler
// library opens only then.
bool runtime_kernels_enabled(int device);
// runtime_kernels_enabled, and the compiler library opens.
bool runtime_compilation_available(int device);

// The kernel for `identity` on `device`, for a planner with another way to run the transform: from this process's
// registry, the on-disk cache, or compiled now (`compiles` false: only a kernel already made, leaving `kernel` null
// otherwise). A kernel that does not compile or load leaves `kernel` null and is said in the plan log with
// `instead` (what runs in its place), and the plan goes on; only running out of memory fails.
rift_status runtime_kernel_or_fallback(const CompiledKernel& identity, int device, bool compiles,
                                       const std::string& instead, std::shared_ptr<const RuntimeKernel>& kernel);

// Compiles `identity` for a GPU architecture ("sm_90", "gfx90a") without loading it: the code object and its
// kernel's symbol, to its register budget or, where that spills, its fallback (`budget`: the blocks an SM it was
// compiled for). Needs no GPU, so CI checks that the kernel templates compile for shapes the planner makes.
rift_status compile_runtime_kernel(const CompiledKernel& identity, const std::string& architecture,
                                   std::string& code, std::string& symbol, uint32_t* budget = nullptr);

// Compiles `identity` for `architecture` into the on-disk cache unless it is there (`compiled` says which), so
// that plans in later processes find it: the kernel-cache tool fills a cache ahead of time, on any machine.
rift_status cache_runtime_kernel(const CompiledKernel& identity, const std::string& architecture,
                                 bool& compiled);

} // namespace rift
