// A minimal HIP runtime on the CUDA runtime, just enough for hipFFT's and rocFFT's test clients (hipfft-test,
// rocfft-test) built with nvcc for NVIDIA GPUs. Debian's HIP headers for NVIDIA (HIP 5.2) do not compile with
// CUDA 13, and the clients need little: about 26 runtime functions, a few types and hipLaunchKernelGGL.
//
// Types are CUDA's wherever HIP on NVIDIA makes them CUDA's (streams, events, complex and data types), so they
// match what rift's hipfft.h and rift's fronts were built with (library/fronts/hip_types_on_cuda). hipError_t is
// HIP's own enum, with HIP's values, because the clients switch over HIP-only names (hipErrorTbd,
// hipErrorRuntimeOther, ...) that have no CUDA counterpart; CUDA's errors are translated.
#pragma once

#include <cuComplex.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <library_types.h>
#include <vector_types.h>

// HIP's own headers pull these in, and client code relies on it: rocFFT's shared/hostbuf.h and fft_params.h use
// std::stringstream and assert without including <sstream> or <cassert>.
#include <cassert>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

// The clients check these for version-dependent code paths; HIP 6.4 is what hipFFT/rocFFT 6.4.3 expect.
#define HIP_VERSION_MAJOR 6
#define HIP_VERSION_MINOR 4
#define HIP_VERSION_PATCH 0
#define HIP_VERSION (HIP_VERSION_MAJOR * 10000000 + HIP_VERSION_MINOR * 100000 + HIP_VERSION_PATCH)

// ---- Errors: HIP's names and values (hip_runtime_api.h of HIP 6.x), translated from CUDA's.
enum hipError_t {
    hipSuccess = 0,
    hipErrorInvalidValue = 1,
    hipErrorOutOfMemory = 2,
    hipErrorMemoryAllocation = 2,
    hipErrorNotInitialized = 3,
    hipErrorInitializationError = 3,
    hipErrorInvalidConfiguration = 9,
    hipErrorInvalidSymbol = 13,
    hipErrorInvalidDevicePointer = 17,
    hipErrorInvalidMemcpyDirection = 21,
    hipErrorInsufficientDriver = 35,
    hipErrorInvalidDeviceFunction = 98,
    hipErrorNoDevice = 100,
    hipErrorInvalidDevice = 101,
    hipErrorInvalidImage = 200,
    hipErrorInvalidContext = 201,
    hipErrorMapBufferObjectFailed = 205,
    hipErrorNoBinaryForGpu = 209,
    hipErrorInvalidKernelFile = 218,
    hipErrorInvalidResourceHandle = 400,
    hipErrorNotReady = 600,
    hipErrorIllegalAddress = 700,
    hipErrorLaunchOutOfResources = 701,
    hipErrorPeerAccessAlreadyEnabled = 704,
    hipErrorPeerAccessNotEnabled = 705,
    hipErrorHostMemoryAlreadyRegistered = 712,
    hipErrorHostMemoryNotRegistered = 713,
    hipErrorLaunchFailure = 719,
    hipErrorNotSupported = 801,
    hipErrorStreamCaptureUnsupported = 900,
    hipErrorStreamCaptureInvalidated = 901,
    hipErrorUnknown = 999,
    hipErrorRuntimeMemory = 1052,
    hipErrorRuntimeOther = 1053,
    hipErrorTbd
};

inline hipError_t hipErrorFromCuda(cudaError_t e)
{
    switch(e)
    {
    case cudaSuccess: return hipSuccess;
    case cudaErrorInvalidValue: return hipErrorInvalidValue;
    case cudaErrorMemoryAllocation: return hipErrorOutOfMemory;
    case cudaErrorInitializationError: return hipErrorInitializationError;
    case cudaErrorInvalidConfiguration: return hipErrorInvalidConfiguration;
    case cudaErrorInvalidSymbol: return hipErrorInvalidSymbol;
    case cudaErrorInvalidDevicePointer: return hipErrorInvalidDevicePointer;
    case cudaErrorInvalidMemcpyDirection: return hipErrorInvalidMemcpyDirection;
    case cudaErrorInsufficientDriver: return hipErrorInsufficientDriver;
    case cudaErrorInvalidDeviceFunction: return hipErrorInvalidDeviceFunction;
    case cudaErrorNoDevice: return hipErrorNoDevice;
    case cudaErrorInvalidDevice: return hipErrorInvalidDevice;
    case cudaErrorInvalidKernelImage: return hipErrorInvalidImage;
    case cudaErrorDeviceUninitialized: return hipErrorInvalidContext;
    case cudaErrorNoKernelImageForDevice: return hipErrorNoBinaryForGpu;
    case cudaErrorInvalidResourceHandle: return hipErrorInvalidResourceHandle;
    case cudaErrorNotReady: return hipErrorNotReady;
    case cudaErrorIllegalAddress: return hipErrorIllegalAddress;
    case cudaErrorLaunchOutOfResources: return hipErrorLaunchOutOfResources;
    case cudaErrorPeerAccessAlreadyEnabled: return hipErrorPeerAccessAlreadyEnabled;
    case cudaErrorPeerAccessNotEnabled: return hipErrorPeerAccessNotEnabled;
    case cudaErrorHostMemoryAlreadyRegistered: return hipErrorHostMemoryAlreadyRegistered;
    case cudaErrorHostMemoryNotRegistered: return hipErrorHostMemoryNotRegistered;
    case cudaErrorLaunchFailure: return hipErrorLaunchFailure;
    case cudaErrorNotSupported: return hipErrorNotSupported;
    case cudaErrorStreamCaptureUnsupported: return hipErrorStreamCaptureUnsupported;
    case cudaErrorStreamCaptureInvalidated: return hipErrorStreamCaptureInvalidated;
    default: return hipErrorUnknown;
    }
}

inline const char* hipGetErrorName(hipError_t e)
{
    switch(e)
    {
#define HIP_ON_CUDA_NAME(x) \
    case x: return #x;
        HIP_ON_CUDA_NAME(hipSuccess)
        HIP_ON_CUDA_NAME(hipErrorInvalidValue)
        HIP_ON_CUDA_NAME(hipErrorOutOfMemory)
        HIP_ON_CUDA_NAME(hipErrorNotInitialized)
        HIP_ON_CUDA_NAME(hipErrorInvalidConfiguration)
        HIP_ON_CUDA_NAME(hipErrorInvalidSymbol)
        HIP_ON_CUDA_NAME(hipErrorInvalidDevicePointer)
        HIP_ON_CUDA_NAME(hipErrorInvalidMemcpyDirection)
        HIP_ON_CUDA_NAME(hipErrorInsufficientDriver)
        HIP_ON_CUDA_NAME(hipErrorInvalidDeviceFunction)
        HIP_ON_CUDA_NAME(hipErrorNoDevice)
        HIP_ON_CUDA_NAME(hipErrorInvalidDevice)
        HIP_ON_CUDA_NAME(hipErrorInvalidImage)
        HIP_ON_CUDA_NAME(hipErrorInvalidContext)
        HIP_ON_CUDA_NAME(hipErrorMapBufferObjectFailed)
        HIP_ON_CUDA_NAME(hipErrorNoBinaryForGpu)
        HIP_ON_CUDA_NAME(hipErrorInvalidKernelFile)
        HIP_ON_CUDA_NAME(hipErrorInvalidResourceHandle)
        HIP_ON_CUDA_NAME(hipErrorNotReady)
        HIP_ON_CUDA_NAME(hipErrorIllegalAddress)
        HIP_ON_CUDA_NAME(hipErrorLaunchOutOfResources)
        HIP_ON_CUDA_NAME(hipErrorPeerAccessAlreadyEnabled)
        HIP_ON_CUDA_NAME(hipErrorPeerAccessNotEnabled)
        HIP_ON_CUDA_NAME(hipErrorHostMemoryAlreadyRegistered)
        HIP_ON_CUDA_NAME(hipErrorHostMemoryNotRegistered)
        HIP_ON_CUDA_NAME(hipErrorLaunchFailure)
        HIP_ON_CUDA_NAME(hipErrorNotSupported)
        HIP_ON_CUDA_NAME(hipErrorStreamCaptureUnsupported)
        HIP_ON_CUDA_NAME(hipErrorStreamCaptureInvalidated)
        HIP_ON_CUDA_NAME(hipErrorUnknown)
        HIP_ON_CUDA_NAME(hipErrorRuntimeMemory)
        HIP_ON_CUDA_NAME(hipErrorRuntimeOther)
        HIP_ON_CUDA_NAME(hipErrorTbd)
#undef HIP_ON_CUDA_NAME
    }
    return "hipErrorUnknown";
}
inline const char* hipGetErrorString(hipError_t e) { return hipGetErrorName(e); }

// ---- Types that are CUDA's under HIP on NVIDIA.
typedef cudaStream_t hipStream_t;
typedef cudaEvent_t hipEvent_t;
typedef cudaGraph_t hipGraph_t;
typedef cudaGraphExec_t hipGraphExec_t;
typedef cudaGraphNode_t hipGraphNode_t;
typedef cudaMemcpyKind hipMemcpyKind;
typedef cudaStreamCaptureMode hipStreamCaptureMode;
#define hipMemcpyHostToHost cudaMemcpyHostToHost
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipMemcpyDeviceToDevice cudaMemcpyDeviceToDevice
#define hipMemcpyDefault cudaMemcpyDefault
#define hipStreamCaptureModeGlobal cudaStreamCaptureModeGlobal
#define hipMemAttachGlobal cudaMemAttachGlobal

// HIP's device properties carry gcnArchName (rocFFT's bitwise-repro database keys on it); here it is "sm_XY".
struct hipDeviceProp_t : cudaDeviceProp {
    char gcnArchName[256];
};

// ---- Runtime functions: real inline functions, not macros, because rocFFT's hip_object_wrapper.h passes
// hipStreamCreate/Destroy and hipEventCreate/Destroy as template arguments.
inline hipError_t hipGetLastError() { return hipErrorFromCuda(cudaGetLastError()); }
inline hipError_t hipDeviceSynchronize() { return hipErrorFromCuda(cudaDeviceSynchronize()); }
inline hipError_t hipGetDevice(int* device) { return hipErrorFromCuda(cudaGetDevice(device)); }
inline hipError_t hipSetDevice(int device) { return hipErrorFromCuda(cudaSetDevice(device)); }
inline hipError_t hipGetDeviceCount(int* count)
{
    // HIP reports 0 devices with hipErrorNoDevice; the clients call this while registering tests, so a machine
    // without a GPU (or driver) must give a count of 0 rather than garbage.
    *count = 0;
    cudaError_t e = cudaGetDeviceCount(count);
    if(e != cudaSuccess)
        *count = 0;
    return hipErrorFromCuda(e);
}
inline hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int device)
{
    cudaError_t e = cudaGetDeviceProperties(prop, device);
    std::snprintf(prop->gcnArchName, sizeof prop->gcnArchName, "sm_%d%d", prop->major, prop->minor);
    return hipErrorFromCuda(e);
}
inline hipError_t hipMemGetInfo(size_t* free_bytes, size_t* total_bytes)
{
    return hipErrorFromCuda(cudaMemGetInfo(free_bytes, total_bytes));
}

template <class T>
inline hipError_t hipMalloc(T** ptr, size_t bytes)
{
    return hipErrorFromCuda(cudaMalloc(reinterpret_cast<void**>(ptr), bytes));
}
template <class T>
inline hipError_t hipMallocManaged(T** ptr, size_t bytes, unsigned int flags = hipMemAttachGlobal)
{
    return hipErrorFromCuda(cudaMallocManaged(reinterpret_cast<void**>(ptr), bytes, flags));
}
inline hipError_t hipFree(void* ptr) { return hipErrorFromCuda(cudaFree(ptr)); }
inline hipError_t hipMemset(void* ptr, int value, size_t bytes) { return hipErrorFromCuda(cudaMemset(ptr, value, bytes)); }
inline hipError_t hipMemcpy(void* dst, const void* src, size_t bytes, hipMemcpyKind kind)
{
    return hipErrorFromCuda(cudaMemcpy(dst, src, bytes, kind));
}
inline hipError_t hipMemcpyAsync(void* dst, const void* src, size_t bytes, hipMemcpyKind kind, hipStream_t stream = 0)
{
    return hipErrorFromCuda(cudaMemcpyAsync(dst, src, bytes, kind, stream));
}
inline hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                              hipMemcpyKind kind)
{
    return hipErrorFromCuda(cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind));
}
// The clients copy __device__ callback pointers out with HIP_SYMBOL(var); on NVIDIA the symbol is the variable.
template <class T>
inline hipError_t hipMemcpyFromSymbol(void* dst, const T& symbol, size_t bytes, size_t offset = 0,
                                      hipMemcpyKind kind = hipMemcpyDeviceToHost)
{
    return hipErrorFromCuda(cudaMemcpyFromSymbol(dst, symbol, bytes, offset, kind));
}
#define HIP_SYMBOL(x) x

inline hipError_t hipStreamCreate(hipStream_t* stream) { return hipErrorFromCuda(cudaStreamCreate(stream)); }
inline hipError_t hipStreamDestroy(hipStream_t stream) { return hipErrorFromCuda(cudaStreamDestroy(stream)); }
inline hipError_t hipStreamSynchronize(hipStream_t stream) { return hipErrorFromCuda(cudaStreamSynchronize(stream)); }
inline hipError_t hipEventCreate(hipEvent_t* event) { return hipErrorFromCuda(cudaEventCreate(event)); }
inline hipError_t hipEventDestroy(hipEvent_t event) { return hipErrorFromCuda(cudaEventDestroy(event)); }

inline hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode)
{
    return hipErrorFromCuda(cudaStreamBeginCapture(stream, mode));
}
inline hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* graph)
{
    return hipErrorFromCuda(cudaStreamEndCapture(stream, graph));
}
// HIP keeps the old 5-argument form (error node, log buffer); CUDA 12+ takes flags instead.
inline hipError_t hipGraphInstantiate(hipGraphExec_t* exec, hipGraph_t graph, hipGraphNode_t* /*error_node*/,
                                      char* log, size_t log_size)
{
    if(log && log_size)
        log[0] = '\0';
    return hipErrorFromCuda(cudaGraphInstantiate(exec, graph, 0));
}
inline hipError_t hipGraphLaunch(hipGraphExec_t exec, hipStream_t stream)
{
    return hipErrorFromCuda(cudaGraphLaunch(exec, stream));
}
inline hipError_t hipGraphDestroy(hipGraph_t graph) { return hipErrorFromCuda(cudaGraphDestroy(graph)); }

// ---- Kernel launches. HIP_KERNEL_NAME protects template arguments' commas inside hipLaunchKernelGGL.
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define hipLaunchKernelGGL(kernel, grid, block, shared_bytes, stream, ...) \
    kernel<<<(grid), (block), (shared_bytes), (stream)>>>(__VA_ARGS__)
