/* hipFFT's multi-device memory descriptors. The types are here so that code written for hipFFT compiles; rift's
 * hipFFT front runs on one device, and the calls that take these descriptors answer HIPFFT_NOT_IMPLEMENTED. */
#ifndef HIPLIBXT_H_
#define HIPLIBXT_H_

#include <stddef.h>

#define MAX_HIP_DESCRIPTOR_GPUS 64

/* Per device: its number, its data and the data's size in bytes. */
typedef struct hipXtDesc_t {
    int version;
    int nGPUs;
    int GPUs[MAX_HIP_DESCRIPTOR_GPUS];
    void* data[MAX_HIP_DESCRIPTOR_GPUS];
    size_t size[MAX_HIP_DESCRIPTOR_GPUS];
    void* hipXtState;
} hipXtDesc;

typedef enum hiplibFormat_t {
    HIPLIB_FORMAT_HIPFFT = 0x0,
    HIPLIB_FORMAT_UNDEFINED = 0x1
} hiplibFormat;

typedef struct hipLibXtDesc_t {
    int version;
    hipXtDesc* descriptor;
    hiplibFormat library;
    int subFormat;
    void* libDescriptor;
} hipLibXtDesc;

typedef enum hipfftXtCopyType_t {
    HIPFFT_COPY_HOST_TO_DEVICE = 0x00,
    HIPFFT_COPY_DEVICE_TO_HOST = 0x01,
    HIPFFT_COPY_DEVICE_TO_DEVICE = 0x02,
    HIPFFT_COPY_UNDEFINED = 0x03
} hipfftXtCopyType;

#endif /* HIPLIBXT_H_ */
