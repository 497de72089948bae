// hipFFT's API (include/hipfft) on the front core: names, enums and handles translated, nothing decided here.
#include <climits>
#include <cstdint>
#include <string>

#include "hipfft/hipfft.h"
#include "hipfft/hipfftMp.h"
#include "hipfft/hipfftXt.h"
#include "library/fronts/front_calls.h"
#include "rift/rift.h"
#include "rift/rift_fronts.h"

namespace front = rift::front;

namespace {

// hipFFT's names for what the front core does.
struct HipfftApi {
    using Handle = hipfftHandle;
    using Result = hipfftResult;
    using Type = hipfftType;
    using DataType = hipDataType;

    static Result to_result(front::Status status)
    {
        switch (status) {
        case front::Status::success: return HIPFFT_SUCCESS;
        case front::Status::invalid_plan: return HIPFFT_INVALID_PLAN;
        case front::Status::alloc_failed: return HIPFFT_ALLOC_FAILED;
        case front::Status::invalid_type: return HIPFFT_INVALID_TYPE;
        case front::Status::invalid_value: return HIPFFT_INVALID_VALUE;
        case front::Status::internal_error: return HIPFFT_INTERNAL_ERROR;
        case front::Status::exec_failed: return HIPFFT_EXEC_FAILED;
        case front::Status::setup_failed: return HIPFFT_SETUP_FAILED;
        case front::Status::invalid_size: return HIPFFT_INVALID_SIZE;
        case front::Status::no_workspace: return HIPFFT_NO_WORKSPACE;
        case front::Status::not_implemented: return HIPFFT_NOT_IMPLEMENTED;
        }
        return HIPFFT_INTERNAL_ERROR;
    }

    // The core's handle number on NVIDIA, as hipFFT's handles are there; that number carried in an opaque
    // pointer elsewhere (0, never a live handle, for a pointer that carries none).
#ifdef __HIP_PLATFORM_NVIDIA__
    static front::HandleId to_id(Handle handle) { return handle; }
    static Handle to_handle(front::HandleId id) { return id; }
#else
    static front::HandleId to_id(Handle handle)
    {
        const auto value = reinterpret_cast<intptr_t>(handle);
        return value > 0 && value <= INT_MAX ? static_cast<front::HandleId>(value) : 0;
    }
    static Handle to_handle(front::HandleId id) { return reinterpret_cast<Handle>(static_cast<intptr_t>(id)); }
#endif

    static bool to_type(Type type, front::TransformType& described)
    {
        using front::TransformKind;
        switch (type) {
        case HIPFFT_C2C: described = {TransformKind::complex, rift_precision_single}; return true;
        case HIPFFT_R2C: described = {TransformKind::real_forward, rift_precision_single}; return true;
        case HIPFFT_C2R: described = {TransformKind::real_inverse, rift_precision_single}; return true;
        case HIPFFT_Z2Z: described = {TransformKind::complex, rift_precision_double}; return true;
        case HIPFFT_D2Z: described = {TransformKind::real_forward, rift_precision_double}; return true;
        case HIPFFT_Z2D: described = {TransformKind::real_inverse, rift_precision_double}; return true;
        }
        return false;
    }

    // hipFFT's transforms take half, single and double precision (no bfloat16, unlike cuFFT's).
    static front::DataType to_data_type(DataType type)
    {
        switch (type) {
        case HIP_R_16F: return front::DataType::real_half;
        case HIP_C_16F: return front::DataType::complex_half;
        case HIP_R_32F: return front::DataType::real_single;
        case HIP_C_32F: return front::DataType::complex_single;
        case HIP_R_64F: return front::DataType::real_double;
        case HIP_C_64F: return front::DataType::complex_double;
        default: return front::DataType::other;
        }
    }

    static front::Direction to_direction(int direction)
    {
        if (direction == HIPFFT_FORWARD) return front::Direction::forward;
        if (direction == HIPFFT_BACKWARD) return front::Direction::inverse;
        return front::Direction::invalid;
    }
};

using Calls = front::Calls<HipfftApi>;

} // namespace

extern "C" {

hipfftResult hipfftPlan1d(hipfftHandle* plan, int nx, hipfftType type, int batch)
{
    const long long lengths[] = {nx};
    return Calls::plan_basic(plan, 1, lengths, type, batch);
}

hipfftResult hipfftPlan2d(hipfftHandle* plan, int nx, int ny, hipfftType type)
{
    const long long lengths[] = {nx, ny};
    return Calls::plan_basic(plan, 2, lengths, type, 1);
}

hipfftResult hipfftPlan3d(hipfftHandle* plan, int nx, int ny, int nz, hipfftType type)
{
    const long long lengths[] = {nx, ny, nz};
    return Calls::plan_basic(plan, 3, lengths, type, 1);
}

hipfftResult hipfftPlanMany(hipfftHandle* plan, int rank, int* n, int* inembed, int istride, int idist,
                            int* onembed, int ostride, int odist, hipfftType type, int batch)
{
    return Calls::plan_many<int>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch);
}

hipfftResult hipfftCreate(hipfftHandle* plan) { return Calls::create_handle(plan); }

hipfftResult hipfftExtPlanScaleFactor(hipfftHandle plan, double scalefactor)
{
    return HipfftApi::to_result(front::set_scale_factor(HipfftApi::to_id(plan), scalefactor));
}

hipfftResult hipfftMakePlan1d(hipfftHandle plan, int nx, hipfftType type, int batch, size_t* workSize)
{
    const long long lengths[] = {nx};
    return Calls::make_basic(plan, 1, lengths, type, batch, workSize);
}

hipfftResult hipfftMakePlan2d(hipfftHandle plan, int nx, int ny, hipfftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny};
    return Calls::make_basic(plan, 2, lengths, type, 1, workSize);
}

hipfftResult hipfftMakePlan3d(hipfftHandle plan, int nx, int ny, int nz, hipfftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny, nz};
    return Calls::make_basic(plan, 3, lengths, type, 1, workSize);
}

hipfftResult hipfftMakePlanMany(hipfftHandle plan, int rank, int* n, int* inembed, int istride, int idist,
                                int* onembed, int ostride, int odist, hipfftType type, int batch, size_t* workSize)
{
    return Calls::make_many<int>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                 workSize);
}

hipfftResult hipfftMakePlanMany64(hipfftHandle plan, int rank, long long int* n, long long int* inembed,
                                  long long int istride, long long int idist, long long int* onembed,
                                  long long int ostride, long long int odist, hipfftType type, long long int batch,
                                  size_t* workSize)
{
    return Calls::make_many<long long>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                       workSize);
}

hipfftResult hipfftEstimate1d(int nx, hipfftType type, int batch, size_t* workSize)
{
    const long long lengths[] = {nx};
    return Calls::estimate_basic(1, lengths, type, batch, workSize);
}

hipfftResult hipfftEstimate2d(int nx, int ny, hipfftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny};
    return Calls::estimate_basic(2, lengths, type, 1, workSize);
}

hipfftResult hipfftEstimate3d(int nx, int ny, int nz, hipfftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny, nz};
    return Calls::estimate_basic(3, lengths, type, 1, workSize);
}

hipfftResult hipfftEstimateMany(int rank, int* n, int* inembed, int istride, int idist, int* onembed, int ostride,
                                int odist, hipfftType type, int batch, size_t* workSize)
{
    return Calls::estimate_many(rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch, workSize);
}

hipfftResult hipfftGetSize1d(hipfftHandle plan, int nx, hipfftType type, int batch, size_t* workSize)
{
    const long long lengths[] = {nx};
    return Calls::size_basic(plan, 1, lengths, type, batch, workSize);
}

hipfftResult hipfftGetSize2d(hipfftHandle plan, int nx, int ny, hipfftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny};
    return Calls::size_basic(plan, 2, lengths, type, 1, workSize);
}

hipfftResult hipfftGetSize3d(hipfftHandle plan, int nx, int ny, int nz, hipfftType type, size_t* workSize)
{
    const long long lengths[] = {nx, ny, nz};
    return Calls::size_basic(plan, 3, lengths, type, 1, workSize);
}

hipfftResult hipfftGetSizeMany(hipfftHandle plan, int rank, int* n, int* inembed, int istride, int idist,
                               int* onembed, int ostride, int odist, hipfftType type, int batch, size_t* workSize)
{
    return Calls::size_many<int>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                 workSize);
}

hipfftResult hipfftGetSizeMany64(hipfftHandle plan, int rank, long long int* n, long long int* inembed,
                                 long long int istride, long long int idist, long long int* onembed,
                                 long long int ostride, long long int odist, hipfftType type, long long int batch,
                                 size_t* workSize)
{
    return Calls::size_many<long long>(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                                       workSize);
}

hipfftResult hipfftGetSize(hipfftHandle plan, size_t* workSize) { return Calls::get_size(plan, workSize); }

hipfftResult hipfftSetAutoAllocation(hipfftHandle plan, int autoAllocate)
{
    return Calls::set_auto_allocation(plan, autoAllocate);
}

hipfftResult hipfftSetWorkArea(hipfftHandle plan, void* workArea) { return Calls::set_work_area(plan, workArea); }

hipfftResult hipfftExecC2C(hipfftHandle plan, hipfftComplex* idata, hipfftComplex* odata, int direction)
{
    return Calls::exec(plan, HIPFFT_C2C, idata, odata, direction);
}

hipfftResult hipfftExecR2C(hipfftHandle plan, hipfftReal* idata, hipfftComplex* odata)
{
    return Calls::exec(plan, HIPFFT_R2C, idata, odata, front::Direction::implied);
}

hipfftResult hipfftExecC2R(hipfftHandle plan, hipfftComplex* idata, hipfftReal* odata)
{
    return Calls::exec(plan, HIPFFT_C2R, idata, odata, front::Direction::implied);
}

hipfftResult hipfftExecZ2Z(hipfftHandle plan, hipfftDoubleComplex* idata, hipfftDoubleComplex* odata, int direction)
{
    return Calls::exec(plan, HIPFFT_Z2Z, idata, odata, direction);
}

hipfftResult hipfftExecD2Z(hipfftHandle plan, hipfftDoubleReal* idata, hipfftDoubleComplex* odata)
{
    return Calls::exec(plan, HIPFFT_D2Z, idata, odata, front::Direction::implied);
}

hipfftResult hipfftExecZ2D(hipfftHandle plan, hipfftDoubleComplex* idata, hipfftDoubleReal* odata)
{
    return Calls::exec(plan, HIPFFT_Z2D, idata, odata, front::Direction::implied);
}

hipfftResult hipfftSetStream(hipfftHandle plan, hipStream_t stream) { return Calls::set_stream(plan, stream); }

hipfftResult hipfftDestroy(hipfftHandle plan) { return Calls::destroy(plan); }

// hipFFT reports the version of the library behind it: here, rift's.
hipfftResult hipfftGetVersion(int* version)
{
    return Calls::get_version(version, RIFT_VERSION_MAJOR, RIFT_VERSION_MINOR, RIFT_VERSION_PATCH);
}

hipfftResult hipfftGetProperty(hipfftLibraryPropertyType type, int* value)
{
    static const int parts[] = {RIFT_VERSION_MAJOR, RIFT_VERSION_MINOR, RIFT_VERSION_PATCH};
    const int* part = nullptr;
    switch (type) {
    case HIPFFT_MAJOR_VERSION: part = &parts[0]; break;
    case HIPFFT_MINOR_VERSION: part = &parts[1]; break;
    case HIPFFT_PATCH_LEVEL: part = &parts[2]; break;
    }
    return Calls::get_property(int(type), part, value);
}

hipfftResult hipfftXtMakePlanMany(hipfftHandle plan, int rank, long long int* n, long long int* inembed,
                                  long long int istride, long long int idist, hipDataType inputType,
                                  long long int* onembed, long long int ostride, long long int odist,
                                  hipDataType outputType, long long int batch, size_t* workSize,
                                  hipDataType executionType)
{
    return Calls::make_many_xt(plan, rank, n, inembed, istride, idist, inputType, onembed, ostride, odist,
                               outputType, batch, workSize, executionType);
}

hipfftResult hipfftXtGetSizeMany(hipfftHandle plan, int rank, long long int* n, long long int* inembed,
                                 long long int istride, long long int idist, hipDataType inputType,
                                 long long int* onembed, long long int ostride, long long int odist,
                                 hipDataType outputType, long long int batch, size_t* workSize,
                                 hipDataType executionType)
{
    return Calls::size_many_xt(plan, rank, n, inembed, istride, idist, inputType, onembed, ostride, odist,
                               outputType, batch, workSize, executionType);
}

hipfftResult hipfftXtExec(hipfftHandle plan, void* input, void* output, int direction)
{
    return Calls::exec_any(plan, input, output, direction);
}

hipfftResult hipfftXtSetCallback(hipfftHandle, void**, hipfftXtCallbackType, void**)
{
    return Calls::not_implemented("hipfftXtSetCallback (callbacks)");
}

hipfftResult hipfftXtClearCallback(hipfftHandle, hipfftXtCallbackType)
{
    return Calls::not_implemented("hipfftXtClearCallback (callbacks)");
}

hipfftResult hipfftXtSetCallbackSharedSize(hipfftHandle, hipfftXtCallbackType, size_t)
{
    return Calls::not_implemented("hipfftXtSetCallbackSharedSize (callbacks)");
}

hipfftResult hipfftXtSetGPUs(hipfftHandle, int, int*)
{
    return Calls::not_implemented("hipfftXtSetGPUs (multiple GPUs)");
}

hipfftResult hipfftXtMalloc(hipfftHandle, hipLibXtDesc**, hipfftXtSubFormat)
{
    return Calls::not_implemented("hipfftXtMalloc (multiple GPUs)");
}

hipfftResult hipfftXtMemcpy(hipfftHandle, void*, void*, hipfftXtCopyType)
{
    return Calls::not_implemented("hipfftXtMemcpy (multiple GPUs)");
}

hipfftResult hipfftXtFree(hipLibXtDesc*) { return Calls::not_implemented("hipfftXtFree (multiple GPUs)"); }

hipfftResult hipfftXtExecDescriptorC2C(hipfftHandle, hipLibXtDesc*, hipLibXtDesc*, int)
{
    return Calls::not_implemented("hipfftXtExecDescriptorC2C (multiple GPUs)");
}

hipfftResult hipfftXtExecDescriptorR2C(hipfftHandle, hipLibXtDesc*, hipLibXtDesc*)
{
    return Calls::not_implemented("hipfftXtExecDescriptorR2C (multiple GPUs)");
}

hipfftResult hipfftXtExecDescriptorC2R(hipfftHandle, hipLibXtDesc*, hipLibXtDesc*)
{
    return Calls::not_implemented("hipfftXtExecDescriptorC2R (multiple GPUs)");
}

hipfftResult hipfftXtExecDescriptorZ2Z(hipfftHandle, hipLibXtDesc*, hipLibXtDesc*, int)
{
    return Calls::not_implemented("hipfftXtExecDescriptorZ2Z (multiple GPUs)");
}

hipfftResult hipfftXtExecDescriptorD2Z(hipfftHandle, hipLibXtDesc*, hipLibXtDesc*)
{
    return Calls::not_implemented("hipfftXtExecDescriptorD2Z (multiple GPUs)");
}

hipfftResult hipfftXtExecDescriptorZ2D(hipfftHandle, hipLibXtDesc*, hipLibXtDesc*)
{
    return Calls::not_implemented("hipfftXtExecDescriptorZ2D (multiple GPUs)");
}

hipfftResult hipfftXtExecDescriptor(hipfftHandle, hipLibXtDesc*, hipLibXtDesc*, int)
{
    return Calls::not_implemented("hipfftXtExecDescriptor (multiple GPUs)");
}

hipfftResult hipfftMpAttachComm(hipfftHandle, hipfftMpCommType, void*)
{
    return Calls::not_implemented("hipfftMpAttachComm (multiple processes)");
}

hipfftResult hipfftXtSetDistribution(hipfftHandle, int, const long long int*, const long long int*,
                                     const long long int*, const long long int*, const long long int*,
                                     const long long int*)
{
    return Calls::not_implemented("hipfftXtSetDistribution (multiple processes)");
}

hipfftResult hipfftXtSetSubformatDefault(hipfftHandle, hipfftXtSubFormat, hipfftXtSubFormat)
{
    return Calls::not_implemented("hipfftXtSetSubformatDefault (multiple processes)");
}

const char* rift_hipfft_get_last_error_message(void) { return front::last_error_message(); }

} // extern "C"
