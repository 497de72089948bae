/* basic_c2c: the smallest complete rift program, in C99.
 *
 * A batch of 8 complex transforms of length 1024, forward then inverse (scaled by 1/1024 so the round trip is the
 * identity), in place. Runs on the GPU when there is one, else on rift's host executor, and checks that the data
 * comes back. Exit status 0 when it does.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "rift/rift.h"

#if defined(RIFT_PLATFORM_AMD)
#include <hip/hip_runtime_api.h>
#define gpuGetDeviceCount hipGetDeviceCount
#define gpuMalloc hipMalloc
#define gpuFree hipFree
#define gpuMemcpy hipMemcpy
#define gpuMemcpyHostToDevice hipMemcpyHostToDevice
#define gpuMemcpyDeviceToHost hipMemcpyDeviceToHost
#define gpuDeviceSynchronize hipDeviceSynchronize
#define gpuSuccess hipSuccess
#else
#include <cuda_runtime_api.h>
#define gpuGetDeviceCount cudaGetDeviceCount
#define gpuMalloc cudaMalloc
#define gpuFree cudaFree
#define gpuMemcpy cudaMemcpy
#define gpuMemcpyHostToDevice cudaMemcpyHostToDevice
#define gpuMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define gpuDeviceSynchronize cudaDeviceSynchronize
#define gpuSuccess cudaSuccess
#endif

#define LENGTH 1024
#define BATCH 8

/* On failure: say which call failed and why, and go free whatever was created. */
#define CHECK_RIFT(call)                                                                                       \
    do {                                                                                                       \
        rift_status status_ = (call);                                                                          \
        if (status_ != rift_status_success) {                                                                  \
            fprintf(stderr, "%s failed: %s: %s\n", #call, rift_status_string(status_),                         \
                    rift_get_last_error_message());                                                            \
            goto cleanup;                                                                                      \
        }                                                                                                      \
    } while (0)

#define CHECK_GPU(call)                                                                                        \
    do {                                                                                                       \
        if ((call) != gpuSuccess) {                                                                            \
            fprintf(stderr, "%s failed\n", #call);                                                             \
            goto cleanup;                                                                                      \
        }                                                                                                      \
    } while (0)

int main(void)
{
    const size_t length = LENGTH;
    const size_t count = 2 * LENGTH * BATCH; /* floats: interleaved (re, im) pairs */
    const size_t bytes = count * sizeof(float);
    int exit_code = EXIT_FAILURE;
    int rift_ready = 0;
    int gpu_count = 0;
    int use_gpu;
    float* original = NULL;
    float* result = NULL;
    void* data = NULL; /* the buffer rift transforms: device memory, or `result` on the host executor */
    rift_plan_description inverse_description = NULL;
    rift_plan forward = NULL;
    rift_plan inverse = NULL;
    rift_execution_info info = NULL;
    void* buffers[1];
    double max_error = 0;
    size_t i;

    original = malloc(bytes);
    result = malloc(bytes);
    if (original == NULL || result == NULL) {
        fprintf(stderr, "out of host memory\n");
        goto cleanup;
    }
    for (i = 0; i < count; ++i) original[i] = (float)sin(0.37 * (double)i) + 0.25f * (float)(i % 7);

    CHECK_RIFT(rift_setup());
    rift_ready = 1;

    use_gpu = gpuGetDeviceCount(&gpu_count) == gpuSuccess && gpu_count > 0;
    printf("basic_c2c: %d transforms of length %d on the %s\n", BATCH, LENGTH,
           use_gpu ? "GPU" : "host executor (no GPU found)");

    /* Forward: no description needed (contiguous data, no scale). Inverse: scaled by 1/N. */
    CHECK_RIFT(rift_plan_create(&forward, rift_placement_inplace, rift_transform_type_complex_forward,
                                rift_precision_single, 1, &length, BATCH, NULL));
    CHECK_RIFT(rift_plan_description_create(&inverse_description));
    CHECK_RIFT(rift_plan_description_set_scale_factor(inverse_description, 1.0 / LENGTH));
    CHECK_RIFT(rift_plan_create(&inverse, rift_placement_inplace, rift_transform_type_complex_inverse,
                                rift_precision_single, 1, &length, BATCH, inverse_description));

    CHECK_RIFT(rift_execution_info_create(&info));
    CHECK_RIFT(rift_execution_info_set_executor(info, use_gpu ? rift_executor_gpu : rift_executor_host));

    if (use_gpu) {
        CHECK_GPU(gpuMalloc(&data, bytes));
        CHECK_GPU(gpuMemcpy(data, original, bytes, gpuMemcpyHostToDevice));
    } else {
        for (i = 0; i < count; ++i) result[i] = original[i];
        data = result;
    }

    buffers[0] = data;
    CHECK_RIFT(rift_execute(forward, buffers, NULL, info));
    CHECK_RIFT(rift_execute(inverse, buffers, NULL, info));

    if (use_gpu) {
        CHECK_GPU(gpuDeviceSynchronize());
        CHECK_GPU(gpuMemcpy(result, data, bytes, gpuMemcpyDeviceToHost));
    }

    for (i = 0; i < count; ++i) {
        const double error = fabs((double)result[i] - (double)original[i]);
        if (isnan(error)) { /* an element rift never wrote, or a broken transform */
            max_error = error;
            break;
        }
        if (error > max_error) max_error = error;
    }
    /* Single precision: a round trip of length 1024 keeps about 6 significant digits. */
    if (max_error < 1e-4) {
        printf("round trip max error %.3g: PASSED\n", max_error);
        exit_code = EXIT_SUCCESS;
    } else {
        printf("round trip max error %.3g: FAILED\n", max_error);
    }

cleanup:
    if (data != NULL && data != result) gpuFree(data);
    if (info != NULL) rift_execution_info_destroy(info);
    if (inverse != NULL) rift_plan_destroy(inverse);
    if (forward != NULL) rift_plan_destroy(forward);
    if (inverse_description != NULL) rift_plan_description_destroy(inverse_description);
    if (rift_ready) rift_cleanup();
    free(result);
    free(original);
    return exit_code;
}
