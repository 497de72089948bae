/* rocFFT's C API (the rocFFT 6.4 interface) on rift. Applications written for rocFFT compile against this header
 * unchanged and link librift_rocfft instead of librocfft. docs/fronts.md lists what is supported; what rift cannot
 * do yet (half precision, planar layouts, callbacks, fields and bricks, communicators, the kernel cache) answers
 * rocfft_status_failure, and rift_rocfft_get_last_error_message() (rocfft/rift_rocfft.h) says why.
 *
 * Conventions, as rocFFT defines them:
 *  - lengths, strides and brick coordinates are given fastest-varying dimension first;
 *  - strides, distances and offsets count elements of the buffer's own type: complex elements for complex and
 *    hermitian data, reals for real data;
 *  - without a plan description, or for what its data layout leaves unset, data is contiguous; the real side of
 *    an in-place real transform is padded to rows of 2 (lengths[0] / 2 + 1) reals;
 *  - rocfft_execute takes arrays of buffer pointers, one per buffer (interleaved data); in-place plans read and
 *    write in_buffer and ignore out_buffer.
 * The enumerations keep rocFFT's values, so code built against rocFFT's header links against this library.
 */
#ifndef ROCFFT_H
#define ROCFFT_H

#include "rocfft-export.h"

#ifdef __cplusplus
#include <cstddef>
extern "C" {
#else
#include <stddef.h>
#endif

/* Opaque handles. */
typedef struct rocfft_plan_t* rocfft_plan;
typedef struct rocfft_plan_description_t* rocfft_plan_description;
typedef struct rocfft_execution_info_t* rocfft_execution_info;
/* A field (a distribution of data over bricks) and a brick (one part of it); experimental in rocFFT. */
typedef struct rocfft_field_t* rocfft_field;
typedef struct rocfft_brick_t* rocfft_brick;

typedef enum rocfft_status_e {
    rocfft_status_success = 0,
    rocfft_status_failure = 1,             /* anything else, including what is not implemented */
    rocfft_status_invalid_arg_value = 2,   /* an argument out of its range (a NULL pointer, a non-finite scale) */
    rocfft_status_invalid_dimensions = 3,  /* dimensions outside 1..3 */
    rocfft_status_invalid_array_type = 4,  /* array types that do not fit the transform type or placement */
    rocfft_status_invalid_strides = 5,
    rocfft_status_invalid_distance = 6,
    rocfft_status_invalid_offset = 7,
    rocfft_status_invalid_work_buffer = 8  /* a work buffer that is NULL or smaller than the plan needs */
} rocfft_status;

typedef enum rocfft_transform_type_e {
    rocfft_transform_type_complex_forward = 0,
    rocfft_transform_type_complex_inverse = 1,
    rocfft_transform_type_real_forward = 2, /* real input, hermitian output */
    rocfft_transform_type_real_inverse = 3  /* hermitian input, real output */
} rocfft_transform_type;

typedef enum rocfft_precision_e {
    rocfft_precision_single = 0,
    rocfft_precision_double = 1,
    rocfft_precision_half = 2
} rocfft_precision;

typedef enum rocfft_result_placement_e {
    rocfft_placement_inplace = 0,
    rocfft_placement_notinplace = 1
} rocfft_result_placement;

typedef enum rocfft_array_type_e {
    rocfft_array_type_complex_interleaved = 0,
    rocfft_array_type_complex_planar = 1,
    rocfft_array_type_real = 2,
    rocfft_array_type_hermitian_interleaved = 3,
    rocfft_array_type_hermitian_planar = 4,
    rocfft_array_type_unset = 5 /* chosen from the transform type */
} rocfft_array_type;

/* The communication library of a distributed transform. */
typedef enum rocfft_comm_type_e {
    rocfft_comm_none = 0,
    rocfft_comm_mpi = 1
} rocfft_comm_type;

/* Library lifetime: rocfft_setup before the first plan, rocfft_cleanup after the last. */
ROCFFT_EXPORT rocfft_status rocfft_setup(void);
ROCFFT_EXPORT rocfft_status rocfft_cleanup(void);

/* Makes a plan of number_of_transforms transforms of `dimensions` (1 to 3) lengths, fastest first. description
 * (layout, scale) may be NULL for contiguous data. Destroy the plan with rocfft_plan_destroy. */
ROCFFT_EXPORT rocfft_status rocfft_plan_create(rocfft_plan* plan,
                                               rocfft_result_placement placement,
                                               rocfft_transform_type transform_type,
                                               rocfft_precision precision,
                                               size_t dimensions,
                                               const size_t* lengths,
                                               size_t number_of_transforms,
                                               const rocfft_plan_description description);

/* Runs the plan: in_buffer and out_buffer are arrays of buffer pointers (out_buffer is ignored in place). info
 * (stream, work buffer) may be NULL. */
ROCFFT_EXPORT rocfft_status rocfft_execute(const rocfft_plan plan,
                                           void* in_buffer[],
                                           void* out_buffer[],
                                           rocfft_execution_info info);

ROCFFT_EXPORT rocfft_status rocfft_plan_destroy(rocfft_plan plan);

/* Multiplies every output element by scale_factor, which must be finite. */
ROCFFT_EXPORT rocfft_status rocfft_plan_description_set_scale_factor(rocfft_plan_description description,
                                                                     const double scale_factor);

/* The array types and layouts of a plan's input and output. Offsets: one per buffer (two for planar types);
 * strides: one per dimension, fastest first; distance: between consecutive transforms of the batch. A NULL
 * offsets or strides array, or a distance of 0, leaves that value as it was (the contiguous default unless set
 * before). */
ROCFFT_EXPORT rocfft_status rocfft_plan_description_set_data_layout(rocfft_plan_description description,
                                                                    const rocfft_array_type in_array_type,
                                                                    const rocfft_array_type out_array_type,
                                                                    const size_t* in_offsets,
                                                                    const size_t* out_offsets,
                                                                    const size_t in_strides_size,
                                                                    const size_t* in_strides,
                                                                    const size_t in_distance,
                                                                    const size_t out_strides_size,
                                                                    const size_t* out_strides,
                                                                    const size_t out_distance);

/* Fields and bricks (experimental in rocFFT): data distributed over devices. */
ROCFFT_EXPORT rocfft_status rocfft_field_create(rocfft_field* field);
ROCFFT_EXPORT rocfft_status rocfft_field_destroy(rocfft_field field);

/* Writes the library's version, NUL-terminated, into buf of len bytes (30 always suffice). */
ROCFFT_EXPORT rocfft_status rocfft_get_version_string(char* buf, size_t len);

/* The communicator of a distributed transform; comm_handle points to the library's communicator (an MPI_Comm
 * for rocfft_comm_mpi). */
ROCFFT_EXPORT rocfft_status rocfft_plan_description_set_comm(rocfft_plan_description description,
                                                             rocfft_comm_type comm_type,
                                                             void* comm_handle);

/* A brick: the part of a field from field_lower (inclusive) to field_upper (exclusive), laid out with
 * brick_stride, on device deviceID. Each array holds dim_with_batch values (the transform's dimensions plus the
 * batch), fastest first. */
ROCFFT_EXPORT rocfft_status rocfft_brick_create(rocfft_brick* brick,
                                                const size_t* field_lower,
                                                const size_t* field_upper,
                                                const size_t* brick_stride,
                                                size_t dim_with_batch,
                                                int deviceID);
ROCFFT_EXPORT rocfft_status rocfft_brick_destroy(rocfft_brick brick);
/* Adds a copy of brick to field; bricks' buffers are passed to rocfft_execute in the order they were added. */
ROCFFT_EXPORT rocfft_status rocfft_field_add_brick(rocfft_field field, rocfft_brick brick);
/* Makes field the plan's input (infield) or output (outfield) distribution; the description keeps a copy. */
ROCFFT_EXPORT rocfft_status rocfft_plan_description_add_infield(rocfft_plan_description description,
                                                                rocfft_field field);
ROCFFT_EXPORT rocfft_status rocfft_plan_description_add_outfield(rocfft_plan_description description,
                                                                 rocfft_field field);

/* Bytes of work buffer the plan's executions need (0: none). */
ROCFFT_EXPORT rocfft_status rocfft_plan_get_work_buffer_size(const rocfft_plan plan, size_t* size_in_bytes);

/* Prints the plan on stdout. */
ROCFFT_EXPORT rocfft_status rocfft_plan_get_print(const rocfft_plan plan);

ROCFFT_EXPORT rocfft_status rocfft_plan_description_create(rocfft_plan_description* description);
ROCFFT_EXPORT rocfft_status rocfft_plan_description_destroy(rocfft_plan_description description);

/* Execution info: the stream and work buffer of executions. */
ROCFFT_EXPORT rocfft_status rocfft_execution_info_create(rocfft_execution_info* info);
ROCFFT_EXPORT rocfft_status rocfft_execution_info_destroy(rocfft_execution_info info);
/* A work buffer of at least rocfft_plan_get_work_buffer_size bytes, in device memory; never NULL. */
ROCFFT_EXPORT rocfft_status rocfft_execution_info_set_work_buffer(rocfft_execution_info info,
                                                                  void* work_buffer,
                                                                  const size_t size_in_bytes);
/* The hipStream_t executions run on (the stream itself, not its address). */
ROCFFT_EXPORT rocfft_status rocfft_execution_info_set_stream(rocfft_execution_info info, void* stream);

/* User functions called to load each input element and store each output element (experimental in rocFFT):
 * arrays of one function pointer and one data pointer per device; NULL functions clear the callback;
 * shared_mem_bytes must be 0.
 *   load:  T load(T* buffer, size_t offset, void* data, void* shared_memory);
 *   store: void store(T* buffer, size_t offset, T element, void* data, void* shared_memory); */
ROCFFT_EXPORT rocfft_status rocfft_execution_info_set_load_callback(rocfft_execution_info info,
                                                                    void** cb_functions,
                                                                    void** cb_data,
                                                                    size_t shared_mem_bytes);
ROCFFT_EXPORT rocfft_status rocfft_execution_info_set_store_callback(rocfft_execution_info info,
                                                                     void** cb_functions,
                                                                     void** cb_data,
                                                                     size_t shared_mem_bytes);

/* rocFFT's cache of run-time compiled kernels, serialized into a buffer the library allocates (free it with
 * rocfft_cache_buffer_free), and read back. */
ROCFFT_EXPORT rocfft_status rocfft_cache_serialize(void** buffer, size_t* buffer_len_bytes);
ROCFFT_EXPORT rocfft_status rocfft_cache_buffer_free(void* buffer);
ROCFFT_EXPORT rocfft_status rocfft_cache_deserialize(const void* buffer, size_t buffer_len_bytes);

#ifdef __cplusplus
}
#endif

#endif /* ROCFFT_H */
