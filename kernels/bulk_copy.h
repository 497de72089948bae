// Asynchronous bulk copies from global into shared memory (the Hopper tensor memory accelerator, sm_90 and
// later), tracked by a transaction-counting barrier in shared memory: one thread starts a copy and every thread
// waits for the barrier's phase to flip. Registers hold nothing while the copy is in flight, which is what lets a
// kernel that keeps its whole transform in registers load the next one meanwhile. Elsewhere (older NVIDIA
// architectures, AMD) these are empty, and the launches never pick the kernels that use them.
#pragma once

#include <cstdint>

#include "kernels/host_device.h"

namespace rift::kernels {

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900

__device__ inline uint32_t shared_address(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// A barrier of one arrival (the thread that starts each copy), made visible to the copy engine.
__device__ inline void init_copy_barrier(uint64_t* barrier)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(barrier)) : "memory");
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

// `bytes` (a multiple of 16, both addresses 16-byte aligned) from global `source` to shared `destination`; the
// barrier's current phase completes when they have all landed. The proxy fence orders the block's earlier reads
// of `destination` (seen through the barrier the caller has just passed) before the copy's writes.
__device__ inline void start_bulk_copy(void* destination, const void* source, uint32_t bytes, uint64_t* barrier)
{
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(barrier)), "r"(bytes)
                 : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     shared_address(destination)),
                 "l"(source), "r"(bytes), "r"(shared_address(barrier))
                 : "memory");
}

// Waits until the barrier's phase of the given parity (0 for its first, 1 for its second, ...) has completed.
__device__ inline void wait_bulk_copy(uint64_t* barrier, uint32_t parity)
{
    uint32_t done = 0;
    do {
        asm volatile("{\n\t.reg .pred complete;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 complete, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, complete;\n\t}"
                     : "=r"(done)
                     : "r"(shared_address(barrier)), "r"(parity)
                     : "memory");
    } while (!done);
}
#else
#if defined(__CUDACC__) || defined(__HIPCC__) || defined(__HIPCC_RTC__)
__device__ inline void init_copy_barrier(uint64_t*) {}
__device__ inline void start_bulk_copy(void*, const void*, uint32_t, uint64_t*) {}
__device__ inline void wait_bulk_copy(uint64_t*, uint32_t) {}
#endif
#endif

} // namespace rift::kernels
