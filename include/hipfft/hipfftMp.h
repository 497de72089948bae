/* hipFFT's multi-process (MPI) API, declared so that code written for hipFFT compiles. rift's hipFFT front runs
 * single-process plans only: these calls answer HIPFFT_NOT_IMPLEMENTED. */
#ifndef HIPFFT_MP_H
#define HIPFFT_MP_H

#include "hipfft/hipfft.h"
#include "hipfft/hipfftXt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hipfftMpCommType_t {
    HIPFFT_COMM_MPI = 0x00,
    HIPFFT_COMM_NONE = 0x01
} hipfftMpCommType;

HIPFFT_EXPORT hipfftResult hipfftMpAttachComm(hipfftHandle plan, hipfftMpCommType comm_type, void* comm_handle);
HIPFFT_EXPORT hipfftResult hipfftXtSetDistribution(hipfftHandle plan,
                                                   int rank,
                                                   const long long int* input_lower,
                                                   const long long int* input_upper,
                                                   const long long int* output_lower,
                                                   const long long int* output_upper,
                                                   const long long int* input_stride,
                                                   const long long int* output_stride);
HIPFFT_EXPORT hipfftResult hipfftXtSetSubformatDefault(hipfftHandle plan, hipfftXtSubFormat subformat_forward,
                                                       hipfftXtSubFormat subformat_inverse);

#ifdef __cplusplus
}
#endif

#endif /* HIPFFT_MP_H */
