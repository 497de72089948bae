// cuFFT's API on the front core, compiled against the CUDA toolkit's own cufft.h and cufftXt.h so that every type
// and constant is cuFFT's. Built as librift_cufft, whose symbols carry cuFFT's version tag (cufft_exports.map):
// an application built against cuFFT runs on rift when relinked against it or with it in LD_PRELOAD.
#include <cufft.h>
#include <cufftXt.h>

#include "library/fronts/front_calls.h"
#include "rift/rift_fronts.h"

namespace front = rift::front;

namespace {

// cuFFT's names for what the front core does.
struct CufftApi {
    using Handle = cufftHandle;
    using Result = cufftResult;
    using Type = cufftType;
    using DataType = cudaDataType;

    static Result to_result(front::Status status)
    {
        switch (status) {
        case front::Status::success: return CUFFT_SUCCESS;
        case front::Status::invalid_plan: return CUFFT_INVALID_PLAN;
        case front::Status::alloc_failed: return CUFFT_ALLOC_FAILED;
        case front::Status::invalid_type: return CUFFT_INVALID_TYPE;
        case front::Status::invalid_value: return CUFFT_INVALID_VALUE;
        case front::Status::internal_error: return CUFFT_INTERNAL_ERROR;
        case front::Status::exec_failed: return CUFFT_EXEC_FAILED;
        case front::Status::setup_failed: return CUFFT_SETUP_FAILED;
        case front::Status::invalid_size: return CUFFT_INVALID_SIZE;
        case front::Status::no_workspace: return CUFFT_NO_WORKSPACE;
        case front::Status::not_implemented: return CUFFT_NOT_IMPLEMENTED;
        }
        return CUFFT_INTERNAL_ERROR;
    }

    static front::HandleId to_id(Handle handle) { return handle; }
    static Handle to_handle(front::HandleId id) { return id; }

    static bool to_type(Type type, front::TransformType& described)
    {
        using front::TransformKind;
        switch (type) {
        case CUFFT_C2C: described = {TransformKind::complex, rift_precision_single}; return true;
        case CUFFT_R2C: described = {TransformKind::real_forward, rift_precision_single}; return true;
        case CUFFT_C2R: described = {TransformKind::real_inverse, rift_precision_single}; return true;
        case CUFFT_Z2Z: described = {TransformKind::complex, rift_precision_double}; return true;
        case CUFFT_D2Z: described = {TransformKind::real_forward, rift_precision_double}; return true;
        case CUFFT_Z2D: described = {TransformKind::real_inverse, rift_precision_double}; return true;
        }
        return false;
    }

    static front::DataType to_data_type(DataType type)
    {
        switch (type) {
        case CUDA_R_16F: return front::DataType::real_half;
        case CUDA_C_16F: return front::DataType::complex_half;
        case CUDA_R_16BF: return front::DataType::real_bfloat16;
        case CUDA_C_16BF: return front::DataType::complex_bfloat16;
        case CUDA_R_32F: return front::DataType::real_single;
        case CUDA_C_32F: return front::DataType::complex_single;
        case CUDA_R_64F: return front::DataType::real_double;
        case CUDA_C_64F: return front::DataType::complex_double;
        default: return front::DataType::other;
        }
    }

    static front::Direction to_direction(int direction)
    {
        if (direction == CUFFT_FORWARD) return front::Direction::forward;
        if (direction == CUFFT_INVERSE) return front::Direction::inverse;
        return front::Direction::invalid;
    }
};

using Calls = front::Calls<CufftApi>;

} // namespace

extern "C" {

cufftResult cufftPlan1d(cufftHandle* plan, int nx, cufftType type, int batch)
{
    const long long lengths[] = {nx};
    return Calls::plan_basic(plan, 1, lengths, type, batch);
}

cufftResult cufftPlan2d(cufftHandle* plan, int nx, int ny, cufftType type)
{
    const long long lengths[] = {nx, ny};
    return Calls::plan_basic(plan, 2, lengths, type, 1);
}

cufftResult cufftPlan3d(cufftHandle* plan, int nx, int ny, int nz, cufftType type)
{
    const long long lengths[] = {nx, ny, nz};
    return Calls::plan_basic(plan, 3, lengths, type, 1);
}

cufftResult cufftPlanMany(cufftHandle* plan, int rank, int* n, int* inembed, int istride, int idist, int* onembed,
                          int ostride, int odist, cufftType type, int batch)
{
    return Calls::plan_many<int>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch);
}

cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t* workSize)
{
    const long long lengths[] = {nx};
    return Calls::make_basic(plan, 1, lengths, type, batch, workSize);
}

cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny};
    return Calls::make_basic(plan, 2, lengths, type, 1, workSize);
}

cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny, nz};
    return Calls::make_basic(plan, 3, lengths, type, 1, workSize);
}

cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int* n, int* inembed, int istride, int idist,
                              int* onembed, int ostride, int odist, cufftType type, int batch, size_t* workSize)
{
    return Calls::make_many<int>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                 workSize);
}

cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long int* n, long long int* inembed,
                                long long int istride, long long int idist, long long int* onembed,
                                long long int ostride, long long int odist, cufftType type, long long int batch,
                                size_t* workSize)
{
    return Calls::make_many<long long>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                       workSize);
}

cufftResult cufftGetSizeMany64(cufftHandle plan, int rank, long long int* n, long long int* inembed,
                               long long int istride, long long int idist, long long int* onembed,
                               long long int ostride, long long int odist, cufftType type, long long int batch,
                               size_t* workSize)
{
    return Calls::size_many<long long>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                       workSize);
}

cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t* workSize)
{
    const long long lengths[] = {nx};
    return Calls::estimate_basic(1, lengths, type, batch, workSize);
}

cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny};
    return Calls::estimate_basic(2, lengths, type, 1, workSize);
}

cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny, nz};
    return Calls::estimate_basic(3, lengths, type, 1, workSize);
}

cufftResult cufftEstimateMany(int rank, int* n, int* inembed, int istride, int idist, int* onembed, int ostride,
                              int odist, cufftType type, int batch, size_t* workSize)
{
    return Calls::estimate_many(rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, workSize);
}

cufftResult cufftCreate(cufftHandle* handle) { return Calls::create_handle(handle); }

cufftResult cufftGetSize1d(cufftHandle handle, int nx, cufftType type, int batch, size_t* workSize)
{
    const long long lengths[] = {nx};
    return Calls::size_basic(handle, 1, lengths, type, batch, workSize);
}

cufftResult cufftGetSize2d(cufftHandle handle, int nx, int ny, cufftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny};
    return Calls::size_basic(handle, 2, lengths, type, 1, workSize);
}

cufftResult cufftGetSize3d(cufftHandle handle, int nx, int ny, int nz, cufftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny, nz};
    return Calls::size_basic(handle, 3, lengths, type, 1, workSize);
}

cufftResult cufftGetSizeMany(cufftHandle handle, int rank, int* n, int* inembed, int istride, int idist,
                             int* onembed, int ostride, int odist, cufftType type, int batch, size_t* workArea)
{
    return Calls::size_many<int>(handle, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                 workArea);
}

cufftResult cufftGetSize(cufftHandle handle, size_t* workSize) { return Calls::get_size(handle, workSize); }

cufftResult cufftSetWorkArea(cufftHandle plan, void* workArea) { return Calls::set_work_area(plan, workArea); }

cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate)
{
    return Calls::set_auto_allocation(plan, autoAllocate);
}

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex* idata, cufftComplex* odata, int direction)
{
    return Calls::exec(plan, CUFFT_C2C, idata, odata, direction);
}

cufftResult cufftExecR2C(cufftHandle plan, cufftReal* idata, cufftComplex* odata)
{
    return Calls::exec(plan, CUFFT_R2C, idata, odata, front::Direction::implied);
}

cufftResult cufftExecC2R(cufftHandle plan, cufftComplex* idata, cufftReal* odata)
{
    return Calls::exec(plan, CUFFT_C2R, idata, odata, front::Direction::implied);
}

cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex* idata, cufftDoubleComplex* odata, int direction)
{
    return Calls::exec(plan, CUFFT_Z2Z, idata, odata, direction);
}

cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal* idata, cufftDoubleComplex* odata)
{
    return Calls::exec(plan, CUFFT_D2Z, idata, odata, front::Direction::implied);
}

cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex* idata, cufftDoubleReal* odata)
{
    return Calls::exec(plan, CUFFT_Z2D, idata, odata, front::Direction::implied);
}

cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream) { return Calls::set_stream(plan, stream); }

cufftResult cufftDestroy(cufftHandle plan) { return Calls::destroy(plan); }

// The cuFFT API version this front implements (that of the cufft.h it was built against), so that applications
// which check the version for the features they use see the API they were written for.
cufftResult cufftGetVersion(int* version)
{
    if (version == nullptr) return Calls::get_version(nullptr, 0, 0, 0);
    *version = CUFFT_VERSION;
    return CUFFT_SUCCESS;
}

cufftResult cufftGetProperty(libraryPropertyType type, int* value)
{
    static const int parts[] = {CUFFT_VER_MAJOR, CUFFT_VER_MINOR, CUFFT_VER_PATCH};
    const int* part = nullptr;
    switch (type) {
    case MAJOR_VERSION: part = &parts[0]; break;
    case MINOR_VERSION: part = &parts[1]; break;
    case PATCH_LEVEL: part = &parts[2]; break;
    }
    return Calls::get_property(int(type), part, value);
}

cufftResult cufftSetPlanPropertyInt64(cufftHandle, cufftProperty, const long long int)
{
    return Calls::not_implemented("cufftSetPlanPropertyInt64 (plan properties)");
}

cufftResult cufftGetPlanPropertyInt64(cufftHandle, cufftProperty, long long int*)
{
    return Calls::not_implemented("cufftGetPlanPropertyInt64 (plan properties)");
}

cufftResult cufftResetPlanProperty(cufftHandle, cufftProperty)
{
    return Calls::not_implemented("cufftResetPlanProperty (plan properties)");
}

cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int* n, long long int* inembed,
                                long long int istride, long long int idist, cudaDataType inputtype,
                                long long int* onembed, long long int ostride, long long int odist,
                                cudaDataType outputtype, long long int batch, size_t* workSize,
                                cudaDataType executiontype)
{
    return Calls::make_many_xt(plan, rank, n, inembed, istride, idist, inputtype, onembed, ostride, odist,
                               outputtype, batch, workSize, executiontype);
}

cufftResult cufftXtGetSizeMany(cufftHandle plan, int rank, long long int* n, long long int* inembed,
                               long long int istride, long long int idist, cudaDataType inputtype,
                               long long int* onembed, long long int ostride, long long int odist,
                               cudaDataType outputtype, long long int batch, size_t* workSize,
                               cudaDataType executiontype)
{
    return Calls::size_many_xt(plan, rank, n, inembed, istride, idist, inputtype, onembed, ostride, odist,
                               outputtype, batch, workSize, executiontype);
}

cufftResult cufftXtExec(cufftHandle plan, void* input, void* output, int direction)
{
    return Calls::exec_any(plan, input, output, direction);
}

cufftResult cufftXtSetCallback(cufftHandle, void**, cufftXtCallbackType, void**)
{
    return Calls::not_implemented("cufftXtSetCallback (callbacks)");
}

cufftResult cufftXtClearCallback(cufftHandle, cufftXtCallbackType)
{
    return Calls::not_implemented("cufftXtClearCallback (callbacks)");
}

cufftResult cufftXtSetCallbackSharedSize(cufftHandle, cufftXtCallbackType, size_t)
{
    return Calls::not_implemented("cufftXtSetCallbackSharedSize (callbacks)");
}

cufftResult cufftXtSetJITCallback(cufftHandle, const char*, const void*, size_t, cufftXtCallbackType, void**)
{
    return Calls::not_implemented("cufftXtSetJITCallback (callbacks)");
}

cufftResult cufftXtSetGPUs(cufftHandle, int, int*)
{
    return Calls::not_implemented("cufftXtSetGPUs (multiple GPUs)");
}

cufftResult cufftXtMalloc(cufftHandle, cudaLibXtDesc**, cufftXtSubFormat)
{
    return Calls::not_implemented("cufftXtMalloc (multiple GPUs)");
}

cufftResult cufftXtMemcpy(cufftHandle, void*, void*, cufftXtCopyType)
{
    return Calls::not_implemented("cufftXtMemcpy (multiple GPUs)");
}

cufftResult cufftXtFree(cudaLibXtDesc*) { return Calls::not_implemented("cufftXtFree (multiple GPUs)"); }

cufftResult cufftXtSetWorkArea(cufftHandle, void**)
{
    return Calls::not_implemented("cufftXtSetWorkArea (multiple GPUs)");
}

cufftResult cufftXtExecDescriptorC2C(cufftHandle, cudaLibXtDesc*, cudaLibXtDesc*, int)
{
    return Calls::not_implemented("cufftXtExecDescriptorC2C (multiple GPUs)");
}

cufftResult cufftXtExecDescriptorR2C(cufftHandle, cudaLibXtDesc*, cudaLibXtDesc*)
{
    return Calls::not_implemented("cufftXtExecDescriptorR2C (multiple GPUs)");
}

cufftResult cufftXtExecDescriptorC2R(cufftHandle, cudaLibXtDesc*, cudaLibXtDesc*)
{
    return Calls::not_implemented("cufftXtExecDescriptorC2R (multiple GPUs)");
}

cufftResult cufftXtExecDescriptorZ2Z(cufftHandle, cudaLibXtDesc*, cudaLibXtDesc*, int)
{
    return Calls::not_implemented("cufftXtExecDescriptorZ2Z (multiple GPUs)");
}

cufftResult cufftXtExecDescriptorD2Z(cufftHandle, cudaLibXtDesc*, cudaLibXtDesc*)
{
    return Calls::not_implemented("cufftXtExecDescriptorD2Z (multiple GPUs)");
}

cufftResult cufftXtExecDescriptorZ2D(cufftHandle, cudaLibXtDesc*, cudaLibXtDesc*)
{
    return Calls::not_implemented("cufftXtExecDescriptorZ2D (multiple GPUs)");
}

cufftResult cufftXtExecDescriptor(cufftHandle, cudaLibXtDesc*, cudaLibXtDesc*, int)
{
    return Calls::not_implemented("cufftXtExecDescriptor (multiple GPUs)");
}

cufftResult cufftXtQueryPlan(cufftHandle, void*, cufftXtQueryType)
{
    return Calls::not_implemented("cufftXtQueryPlan (multiple GPUs)");
}

cufftResult cufftXtSetWorkAreaPolicy(cufftHandle, cufftXtWorkAreaPolicy, size_t*)
{
    return Calls::not_implemented("cufftXtSetWorkAreaPolicy (work area policies)");
}

const char* rift_cufft_get_last_error_message(void) { return front::last_error_message(); }

} // extern "C"
