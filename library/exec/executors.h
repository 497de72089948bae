// The two ways to run a kernel chain: on the GPU (asynchronously, on the user's stream) or on the host, where
// plain C++ interprets the same launches over the same tables, strides and buffers.
#pragma once

#include "library/exec/kernel_chain.h"

namespace rift {

rift_status execute_on_host(const KernelChain& chain, const ExecutionBuffers& buffers);

// `plan_device` is where the plan's tables live (kNoDevice if none was present at plan creation).
rift_status execute_on_gpu(const KernelChain& chain, const ExecutionBuffers& buffers, void* stream, int plan_device);

// Per launch, implemented by the GPU translation units (stockham_launch.cpp, real_pack_launch.hip,
// bluestein_launch.cpp, rader_launch.cpp, bluestein_pointwise_launch.hip, bluestein_step_launch.hip,
// convolution_launch.hip, nfft_launch.hip).
rift_status launch_on_gpu(const StockhamLaunch& launch, const ExecutionBuffers& buffers, void* stream);
rift_status launch_on_gpu(const RealPackLaunch& launch, const ExecutionBuffers& buffers, void* stream);
rift_status launch_on_gpu(const RealToRealMapLaunch& launch, const ExecutionBuffers& buffers, void* stream);
rift_status launch_on_gpu(const BluesteinLaunch& launch, const ExecutionBuffers& buffers, void* stream);
rift_status launch_on_gpu(const RaderLaunch& launch, const ExecutionBuffers& buffers, void* stream);
rift_status launch_on_gpu(const BluesteinPointwiseLaunch& launch, const ExecutionBuffers& buffers, void* stream);
rift_status launch_on_gpu(const BluesteinStepLaunch& launch, const ExecutionBuffers& buffers, void* stream);
rift_status launch_on_gpu(const ConvolutionLaunch& launch, const ExecutionBuffers& buffers, void* stream);
rift_status launch_on_gpu(const NfftCorrectionLaunch& launch, const ExecutionBuffers& buffers, void* stream);
rift_status launch_on_gpu(const NfftGriddingLaunch& launch, const ExecutionBuffers& buffers, void* stream);

// Per launch on the host, for those the host executor's file does not hold (nfft_host.cpp).
void run_on_host(const NfftCorrectionLaunch& launch, const ExecutionBuffers& buffers);
void run_on_host(const NfftGriddingLaunch& launch, const ExecutionBuffers& buffers);

} // namespace rift
