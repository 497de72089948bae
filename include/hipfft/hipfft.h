/* hipFFT's C API (the hipFFT 6.x interface) on rift: plans of 1 to 3 dimensions, batched, with cuFFT's layout
 * rules, executed on HIP streams. Applications written for hipFFT compile against this header unchanged and link
 * librift_hipfft instead of libhipfft. docs/fronts.md lists what is supported and what answers
 * HIPFFT_NOT_IMPLEMENTED.
 *
 * Conventions, as hipFFT and cuFFT define them:
 *  - dimensions are given slowest first (n[0] varies slowest, n[rank - 1] fastest);
 *  - a plan's data layout is contiguous unless inembed and onembed are both given (the advanced layout, where
 *    element x of batch b sits at b * dist + stride * (x[rank-1] + embed[rank-1] * (x[rank-2] + ...)));
 *  - real transforms keep n[rank - 1] / 2 + 1 complex elements along the fastest dimension; in place, the real
 *    side is padded to rows of 2 (n[rank - 1] / 2 + 1) reals;
 *  - the direction (HIPFFT_FORWARD, HIPFFT_BACKWARD) is chosen at execution, and whether a transform runs in
 *    place by comparing the input and output pointers; a complex-to-real transform may overwrite its input.
 * On NVIDIA (__HIP_PLATFORM_NVIDIA__) a handle is an int, as hipFFT's own; elsewhere an opaque pointer.
 */
#ifndef HIPFFT_H_
#define HIPFFT_H_

/* Applications include hip_runtime_api.h between these, as hipFFT's header lets them. */
#if defined(__GNUC__) || defined(__clang__)
#define DO_PRAGMA(X) _Pragma(#X)
#define DISABLE_WARNING_PUSH DO_PRAGMA(GCC diagnostic push)
#define DISABLE_WARNING_POP DO_PRAGMA(GCC diagnostic pop)
#define DISABLE_WARNING(warningName) DO_PRAGMA(GCC diagnostic ignored #warningName)
#define DISABLE_WARNING_DEPRECATED_DECLARATIONS DISABLE_WARNING(-Wdeprecated-declarations)
#define DISABLE_WARNING_RETURN_TYPE DISABLE_WARNING(-Wreturn-type)
#else
#define DISABLE_WARNING_PUSH
#define DISABLE_WARNING_POP
#define DISABLE_WARNING_DEPRECATED_DECLARATIONS
#define DISABLE_WARNING_RETURN_TYPE
#endif

#include <hip/hip_complex.h>
#include <hip/library_types.h>
DISABLE_WARNING_PUSH
DISABLE_WARNING_DEPRECATED_DECLARATIONS
DISABLE_WARNING_RETURN_TYPE
#include <hip/hip_runtime_api.h>
DISABLE_WARNING_POP

#include <stddef.h>

#ifndef HIPFFT_EXPORT
#if defined(_WIN32)
#define HIPFFT_EXPORT __declspec(dllexport)
#else
#define HIPFFT_EXPORT __attribute__((visibility("default")))
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hipfftResult_t {
    HIPFFT_SUCCESS = 0,
    HIPFFT_INVALID_PLAN = 1,               /* not a live handle, or a handle in the wrong state for the call */
    HIPFFT_ALLOC_FAILED = 2,               /* host or device memory ran out */
    HIPFFT_INVALID_TYPE = 3,               /* not a transform type (or library property) of this API */
    HIPFFT_INVALID_VALUE = 4,              /* a NULL pointer, an inconsistent layout or another bad argument */
    HIPFFT_INTERNAL_ERROR = 5,
    HIPFFT_EXEC_FAILED = 6,                /* the GPU could not run the transform */
    HIPFFT_SETUP_FAILED = 7,               /* the library could not be initialised */
    HIPFFT_INVALID_SIZE = 8,               /* a length, rank, batch or embed outside what the API allows */
    HIPFFT_UNALIGNED_DATA = 9,
    HIPFFT_INCOMPLETE_PARAMETER_LIST = 10,
    HIPFFT_INVALID_DEVICE = 11,
    HIPFFT_PARSE_ERROR = 12,
    HIPFFT_NO_WORKSPACE = 13,              /* no auto-allocation and no work area set before execution */
    HIPFFT_NOT_IMPLEMENTED = 14,           /* valid, but rift does not do it (yet) */
    HIPFFT_NOT_SUPPORTED = 16
} hipfftResult;

typedef enum hipfftType_t {
    HIPFFT_R2C = 0x2a, /* single precision, real to complex */
    HIPFFT_C2R = 0x2c, /* single precision, complex to real */
    HIPFFT_C2C = 0x29, /* single precision, complex to complex */
    HIPFFT_D2Z = 0x6a, /* double precision, real to complex */
    HIPFFT_Z2D = 0x6c, /* double precision, complex to real */
    HIPFFT_Z2Z = 0x69  /* double precision, complex to complex */
} hipfftType;

typedef enum hipfftLibraryPropertyType_t {
    HIPFFT_MAJOR_VERSION,
    HIPFFT_MINOR_VERSION,
    HIPFFT_PATCH_LEVEL
} hipfftLibraryPropertyType;

#define HIPFFT_FORWARD -1
#define HIPFFT_BACKWARD 1

#ifdef __HIP_PLATFORM_NVIDIA__
typedef int hipfftHandle;
#else
typedef struct hipfftHandle_t* hipfftHandle;
#endif

typedef hipComplex hipfftComplex;
typedef hipDoubleComplex hipfftDoubleComplex;
typedef float hipfftReal;
typedef double hipfftDoubleReal;

/* Handle and plan creation. hipfftPlan* create a handle and make its plan in one call; on failure no handle is
 * left. hipfftCreate makes an empty handle; hipfftMakePlan* then make its plan once (workSize may be NULL). */
HIPFFT_EXPORT hipfftResult hipfftPlan1d(hipfftHandle* plan, int nx, hipfftType type, int batch);
HIPFFT_EXPORT hipfftResult hipfftPlan2d(hipfftHandle* plan, int nx, int ny, hipfftType type);
HIPFFT_EXPORT hipfftResult hipfftPlan3d(hipfftHandle* plan, int nx, int ny, int nz, hipfftType type);
HIPFFT_EXPORT hipfftResult hipfftPlanMany(hipfftHandle* plan,
                                          int rank,
                                          int* n,
                                          int* inembed,
                                          int istride,
                                          int idist,
                                          int* onembed,
                                          int ostride,
                                          int odist,
                                          hipfftType type,
                                          int batch);
HIPFFT_EXPORT hipfftResult hipfftCreate(hipfftHandle* plan);
/* Multiplies every output element by scalefactor; between hipfftCreate and hipfftMakePlan*. */
HIPFFT_EXPORT hipfftResult hipfftExtPlanScaleFactor(hipfftHandle plan, double scalefactor);
HIPFFT_EXPORT hipfftResult hipfftMakePlan1d(hipfftHandle plan, int nx, hipfftType type, int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlan2d(hipfftHandle plan, int nx, int ny, hipfftType type, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlan3d(hipfftHandle plan, int nx, int ny, int nz, hipfftType type,
                                            size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlanMany(hipfftHandle plan,
                                              int rank,
                                              int* n,
                                              int* inembed,
                                              int istride,
                                              int idist,
                                              int* onembed,
                                              int ostride,
                                              int odist,
                                              hipfftType type,
                                              int batch,
                                              size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftMakePlanMany64(hipfftHandle plan,
                                                int rank,
                                                long long int* n,
                                                long long int* inembed,
                                                long long int istride,
                                                long long int idist,
                                                long long int* onembed,
                                                long long int ostride,
                                                long long int odist,
                                                hipfftType type,
                                                long long int batch,
                                                size_t* workSize);

/* Work area sizes. Estimate* need no handle; GetSize* take a live handle but leave it as it is; both report
 * what a plan of those arguments would need. hipfftGetSize reports the handle's own plan's. */
HIPFFT_EXPORT hipfftResult hipfftEstimate1d(int nx, hipfftType type, int batch, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftEstimate2d(int nx, int ny, hipfftType type, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftEstimate3d(int nx, int ny, int nz, hipfftType type, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftEstimateMany(int rank,
                                              int* n,
                                              int* inembed,
                                              int istride,
                                              int idist,
                                              int* onembed,
                                              int ostride,
                                              int odist,
                                              hipfftType type,
                                              int batch,
                                              size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSize1d(hipfftHandle plan, int nx, hipfftType type, int batch,
                                           size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSize2d(hipfftHandle plan, int nx, int ny, hipfftType type, size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSize3d(hipfftHandle plan, int nx, int ny, int nz, hipfftType type,
                                           size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSizeMany(hipfftHandle plan,
                                             int rank,
                                             int* n,
                                             int* inembed,
                                             int istride,
                                             int idist,
                                             int* onembed,
                                             int ostride,
                                             int odist,
                                             hipfftType type,
                                             int batch,
                                             size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSizeMany64(hipfftHandle plan,
                                               int rank,
                                               long long int* n,
                                               long long int* inembed,
                                               long long int istride,
                                               long long int idist,
                                               long long int* onembed,
                                               long long int ostride,
                                               long long int odist,
                                               hipfftType type,
                                               long long int batch,
                                               size_t* workSize);
HIPFFT_EXPORT hipfftResult hipfftGetSize(hipfftHandle plan, size_t* workSize);

/* Work areas: by default a plan has its own. hipfftSetAutoAllocation(plan, 0) before hipfftMakePlan* says the
 * caller will provide one with hipfftSetWorkArea (device memory of at least the reported work size) before
 * executing; hipfftSetWorkArea(plan, NULL) goes back to no caller's area. */
HIPFFT_EXPORT hipfftResult hipfftSetAutoAllocation(hipfftHandle plan, int autoAllocate);
HIPFFT_EXPORT hipfftResult hipfftSetWorkArea(hipfftHandle plan, void* workArea);

/* Execution, asynchronous on the plan's stream. idata == odata runs in place. */
HIPFFT_EXPORT hipfftResult hipfftExecC2C(hipfftHandle plan, hipfftComplex* idata, hipfftComplex* odata,
                                         int direction);
HIPFFT_EXPORT hipfftResult hipfftExecR2C(hipfftHandle plan, hipfftReal* idata, hipfftComplex* odata);
HIPFFT_EXPORT hipfftResult hipfftExecC2R(hipfftHandle plan, hipfftComplex* idata, hipfftReal* odata);
HIPFFT_EXPORT hipfftResult hipfftExecZ2Z(hipfftHandle plan, hipfftDoubleComplex* idata, hipfftDoubleComplex* odata,
                                         int direction);
HIPFFT_EXPORT hipfftResult hipfftExecD2Z(hipfftHandle plan, hipfftDoubleReal* idata, hipfftDoubleComplex* odata);
HIPFFT_EXPORT hipfftResult hipfftExecZ2D(hipfftHandle plan, hipfftDoubleComplex* idata, hipfftDoubleReal* odata);

/* The stream later executions of the plan run on (0, the default stream, until set). */
HIPFFT_EXPORT hipfftResult hipfftSetStream(hipfftHandle plan, hipStream_t stream);
/* Frees the handle and its plans; synchronise its stream first. */
HIPFFT_EXPORT hipfftResult hipfftDestroy(hipfftHandle plan);

/* The version of the library behind the API (rift's), as major * 10000 + minor * 100 + patch, and its parts. */
HIPFFT_EXPORT hipfftResult hipfftGetVersion(int* version);
HIPFFT_EXPORT hipfftResult hipfftGetProperty(hipfftLibraryPropertyType type, int* value);

#ifdef __cplusplus
}
#endif

#endif /* HIPFFT_H_ */
