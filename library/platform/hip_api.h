// The HIP runtime API as the library uses it. On AMD this is the real HIP runtime. On NVIDIA it maps the handful
// of HIP calls rift makes onto the CUDA runtime (Debian's HIP NVIDIA headers do not compile with CUDA 13), so the
// kernels and host code are written once against HIP names. Add a mapping here only when rift starts using a call.
#pragma once

#if defined(RIFT_PLATFORM_AMD)

#include <hip/hip_runtime.h>

namespace rift {
// AMD has no opt-in beyond the per-block limit.
inline constexpr auto kBlockSharedMemoryAttribute = hipDeviceAttributeMaxSharedMemoryPerBlock;
} // namespace rift

#elif defined(RIFT_PLATFORM_NVIDIA)

#include <cuda_runtime.h>

using hipError_t = cudaError_t;
using hipStream_t = cudaStream_t;
using hipEvent_t = cudaEvent_t;
using hipDeviceProp_t = cudaDeviceProp;

inline constexpr hipError_t hipSuccess = cudaSuccess;
inline constexpr hipError_t hipErrorOutOfMemory = cudaErrorMemoryAllocation;
inline constexpr hipError_t hipErrorInvalidValue = cudaErrorInvalidValue;
inline constexpr auto hipMemcpyHostToDevice = cudaMemcpyHostToDevice;
inline constexpr auto hipMemcpyDeviceToHost = cudaMemcpyDeviceToHost;
inline constexpr auto hipMemcpyDeviceToDevice = cudaMemcpyDeviceToDevice;
inline constexpr auto hipFuncAttributeMaxDynamicSharedMemorySize = cudaFuncAttributeMaxDynamicSharedMemorySize;
inline constexpr auto hipDeviceAttributeMultiprocessorCount = cudaDevAttrMultiProcessorCount;
inline constexpr auto hipDeviceAttributeClockRate = cudaDevAttrClockRate;
inline constexpr auto hipDeviceAttributeMemoryClockRate = cudaDevAttrMemoryClockRate;
inline constexpr auto hipDeviceAttributeMemoryBusWidth = cudaDevAttrGlobalMemoryBusWidth;
inline constexpr auto hipDeviceAttributeComputeCapabilityMajor = cudaDevAttrComputeCapabilityMajor;

inline hipError_t hipGetDeviceCount(int* count) { return cudaGetDeviceCount(count); }
inline hipError_t hipGetDevice(int* device) { return cudaGetDevice(device); }
inline hipError_t hipSetDevice(int device) { return cudaSetDevice(device); }
inline hipError_t hipGetDeviceProperties(hipDeviceProp_t* props, int device)
{
    return cudaGetDeviceProperties(props, device);
}
inline hipError_t hipDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device)
{
    return cudaDeviceGetAttribute(value, attribute, device);
}
inline hipError_t hipMalloc(void** pointer, size_t bytes) { return cudaMalloc(pointer, bytes); }
inline hipError_t hipFree(void* pointer) { return cudaFree(pointer); }
inline hipError_t hipMemcpy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind)
{
    return cudaMemcpy(dst, src, bytes, kind);
}
inline hipError_t hipMemcpyAsync(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind, hipStream_t stream)
{
    return cudaMemcpyAsync(dst, src, bytes, kind, stream);
}
inline hipError_t hipMemset(void* pointer, int value, size_t bytes) { return cudaMemset(pointer, value, bytes); }
inline hipError_t hipMemsetAsync(void* pointer, int value, size_t bytes, hipStream_t stream)
{
    return cudaMemsetAsync(pointer, value, bytes, stream);
}
inline hipError_t hipDeviceSynchronize() { return cudaDeviceSynchronize(); }
inline hipError_t hipStreamCreate(hipStream_t* stream) { return cudaStreamCreate(stream); }
inline hipError_t hipStreamDestroy(hipStream_t stream) { return cudaStreamDestroy(stream); }
inline hipError_t hipStreamSynchronize(hipStream_t stream) { return cudaStreamSynchronize(stream); }
inline hipError_t hipEventCreate(hipEvent_t* event) { return cudaEventCreate(event); }
inline hipError_t hipEventDestroy(hipEvent_t event) { return cudaEventDestroy(event); }
inline hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) { return cudaEventRecord(event, stream); }
inline hipError_t hipEventSynchronize(hipEvent_t event) { return cudaEventSynchronize(event); }
inline hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop)
{
    return cudaEventElapsedTime(ms, start, stop);
}
using hipGraph_t = cudaGraph_t;
using hipGraphExec_t = cudaGraphExec_t;
inline constexpr auto hipStreamCaptureModeGlobal = cudaStreamCaptureModeGlobal;
inline hipError_t hipStreamBeginCapture(hipStream_t stream, cudaStreamCaptureMode mode)
{
    return cudaStreamBeginCapture(stream, mode);
}
inline hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* graph)
{
    return cudaStreamEndCapture(stream, graph);
}
inline hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* exec, hipGraph_t graph, unsigned long long flags)
{
    return cudaGraphInstantiateWithFlags(exec, graph, flags);
}
inline hipError_t hipGraphLaunch(hipGraphExec_t exec, hipStream_t stream) { return cudaGraphLaunch(exec, stream); }
inline hipError_t hipGraphExecDestroy(hipGraphExec_t exec) { return cudaGraphExecDestroy(exec); }
inline hipError_t hipGraphDestroy(hipGraph_t graph) { return cudaGraphDestroy(graph); }
inline hipError_t hipGetLastError() { return cudaGetLastError(); }
inline const char* hipGetErrorString(hipError_t error) { return cudaGetErrorString(error); }
using hipFuncAttributes = cudaFuncAttributes;
inline hipError_t hipFuncGetAttributes(hipFuncAttributes* attributes, const void* kernel)
{
    return cudaFuncGetAttributes(attributes, kernel);
}
inline hipError_t hipFuncSetAttribute(const void* kernel, cudaFuncAttribute attribute, int value)
{
    return cudaFuncSetAttribute(kernel, attribute, value);
}

namespace rift {
// Blocks may use more than the default 48 KiB once the kernel opts in (hipFuncSetAttribute).
inline constexpr auto kBlockSharedMemoryAttribute = cudaDevAttrMaxSharedMemoryPerBlockOptin;
} // namespace rift

#else
#error "define RIFT_PLATFORM_AMD or RIFT_PLATFORM_NVIDIA (CMake does this)"
#endif
