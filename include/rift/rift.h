/* rift: fast Fourier transforms on GPUs, with a plan/execute C API.
 *
 * Create a plan once (lengths, batch, layout, precision, transform type), execute it many times on your stream.
 * Conventions, as in rocFFT:
 *  - lengths[0] is the fastest-varying dimension; strides pair with lengths in the same order;
 *  - strides, distances and offsets count elements (complex elements for complex data), not bytes;
 *  - forward transforms use exp(-2 pi i jk/N), inverse ones exp(+2 pi i jk/N); neither is normalised unless a
 *    scale factor is set in the plan description;
 *  - buffers and streams are plain pointers: device memory and a hipStream_t / cudaStream_t (0 = the default
 *    stream), or host memory when the host executor is chosen.
 *
 * Real transforms (R2C forward, C2R inverse), as FFTW, cuFFT and rocFFT lay them out:
 *  - lengths are the real data's lengths N0, N1, N2; the complex (hermitian) side keeps only the
 *    N0/2 + 1 non-redundant elements along the fastest dimension (N1, N2 unchanged);
 *  - strides, distances and offsets count reals on the real side and complex elements on the hermitian side;
 *  - default layouts: the hermitian side contiguous over (N0/2+1, N1, N2); the real side contiguous over
 *    (N0, N1, N2) out of place, and padded in place, rows of 2(N0/2+1) reals, so the spectrum fits the rows;
 *  - in place, both sides need unit stride along the fastest dimension, and the real side's other strides,
 *    distance and offset must be twice the hermitian side's (the padded layout, in bytes the same rows);
 *  - C2R expects the spectrum of real data (hermitian); a 1D C2R reads only the real parts of the elements
 *    that must be real (index 0 and, for even N0, N0/2). A 1D C2R leaves its input unchanged; a 2D/3D C2R
 *    may overwrite its input (also out of place), as cuFFT's and FFTW's do;
 *  - even N0 runs as a complex transform of N0/2 (with the spectrum unpacked or packed on the way) whenever that
 *    half fits one block, and beyond one block when the real side's offset, distance and outer strides are even
 *    and its fastest stride is 1; other real transforms run as complex transforms of N0.
 * Real-to-real transforms (DCT-I..IV, DST-I..IV), as FFTW defines them: unnormalised (DCT-II of x is
 * Y_k = 2 sum_j x_j cos(pi (j + 1/2) k / N); DCT-III undoes it up to a factor 2N, DCT-I up to 2(N - 1), DST-I up
 * to 2(N + 1), the others up to 2N, per dimension), the same kind along every dimension; both sides are real arrays,
 * strides, distances and offsets count reals, and in place both layouts must be the same. Each dimension runs one
 * complex DFT of N/2 points (II, III, IV of even N), N (II, III, IV of odd N), N - 1 (DCT-I) or N + 1 (DST-I),
 * with the pre- and post-processing in its loads and stores where the DFT fits one kernel; other dimensions run
 * in steps (the input map, the DFT's own plan, the output map).
 * Layouts: the furthest byte a layout touches, (offset + sum_d (N_d - 1) stride_d + (batch - 1) distance + 1)
 * times the element size, minus 1, counted from the start of its buffer, must be at most PTRDIFF_MAX (2^63 - 1);
 * otherwise plan creation fails with rift_status_invalid_offset, _invalid_stride or _invalid_distance, naming
 * the argument that reaches furthest. Convolutions (distances) and NFFTs (vectors) follow the same rule.
 * Lengths: every length from 1 to 2^30 plans; longer ones (up to 2^40) plan when their prime factors are all radix
 * factors (rift_status_not_implemented otherwise, and where one kernel launch of the plan would need more than
 * 2^31 - 1 blocks). Lengths whose prime factors are 2, 3, 5, 7, 11 and 13 run radix kernels (one kernel up to what one
 * block holds, row/column plans beyond); where kernels are compiled at run time (NVRTC, hipRTC), also those with the
 * factors 17, 19, 23, 29 and 31 that fit one block, and primes P whose P - 1 has such a kernel run Rader's
 * algorithm in one kernel. Other lengths run Bluestein's algorithm, as one kernel where its padded length (at least
 * 2N - 2) fits the shared memory of one block (how long that is depends on the device; rift_plan_print shows the
 * plan made), beyond that in three kernels with a work buffer of the padded length (2N - 2 to 3N elements a
 * transform; real transforms and N beyond 2^21 single, 3 * 2^18 double use padded row/column plans and up to 8 N).
 * Bluestein's tables are computed at plan creation (under a millisecond in one block, a few milliseconds for long
 * lengths) and shared between plans.
 * Every function returns a rift_status; on failure rift_get_last_error_message() says what was wrong (per thread).
 * No function aborts or leaks on bad input.
 */
#ifndef RIFT_RIFT_H
#define RIFT_RIFT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define RIFT_EXPORT __declspec(dllexport)
#else
#define RIFT_EXPORT __attribute__((visibility("default")))
#endif

#define RIFT_VERSION_MAJOR 0
#define RIFT_VERSION_MINOR 1
#define RIFT_VERSION_PATCH 0

typedef enum rift_status_e {
    rift_status_success = 0,
    rift_status_null_argument,          /* a required pointer argument is NULL */
    rift_status_invalid_dimensions,     /* dimensions outside 1..3 */
    rift_status_invalid_length,         /* a length is 0 or absurdly large (a negative value cast to size_t) */
    rift_status_invalid_batch,          /* number_of_transforms is 0 */
    rift_status_invalid_stride,         /* a stride is 0, stride counts do not match dimensions, or a stride
                                           takes the layout past the largest byte offset (see "Layouts") */
    rift_status_invalid_array_type,     /* array types do not fit the transform type, or a placement, transform
                                           type or precision value is not one of its enum */
    rift_status_invalid_scale,          /* scale factor is not finite */
    rift_status_overlapping_output,     /* the output layout writes one element twice */
    rift_status_in_place_layout_mismatch, /* in place, but input and output layouts differ */
    rift_status_invalid_plan,           /* NULL or already destroyed plan (or convolution) */
    rift_status_invalid_description,    /* NULL or already destroyed plan description */
    rift_status_invalid_execution_info, /* NULL (where required) or destroyed execution info, or no such executor */
    rift_status_invalid_work_buffer,    /* a work buffer given is smaller than rift_plan_get_work_buffer_size, or
                                           NULL with a nonzero size */
    rift_status_invalid_buffer,         /* an input or output buffer pointer the plan needs is NULL */
    rift_status_buffer_too_small,       /* a caller-provided text buffer cannot hold the result */
    rift_status_not_implemented,        /* valid request that this version of rift does not support yet */
    rift_status_no_device,              /* GPU execution asked for, but no usable GPU is present */
    rift_status_device_error,           /* the GPU runtime reported an error */
    rift_status_out_of_memory,          /* host or device allocation failed */
    rift_status_not_initialized,        /* rift_setup() was not called */
    rift_status_invalid_tolerance,      /* an NFFT tolerance, window (shape, width) or oversampling out of range */
    rift_status_invalid_nodes,          /* NFFT nodes not finite, not set yet, or set for the other executor */
    rift_status_invalid_offset,         /* an offset takes the layout past the largest byte offset */
    rift_status_invalid_distance        /* a distance takes the layout past the largest byte offset */
} rift_status;

typedef enum rift_transform_type_e {
    rift_transform_type_complex_forward,
    rift_transform_type_complex_inverse,
    rift_transform_type_real_forward, /* R2C: real input, hermitian_interleaved output (see "Real transforms") */
    rift_transform_type_real_inverse, /* C2R: hermitian_interleaved input, real output */
    /* Real-to-real transforms along every dimension: real input and output (see "Real-to-real transforms") */
    rift_transform_type_dct1, /* DCT-I, FFTW's REDFT00: every length at least 2 */
    rift_transform_type_dct2, /* DCT-II, REDFT10 ("the" DCT) */
    rift_transform_type_dct3, /* DCT-III, REDFT01 (its inverse, up to the factor 2N) */
    rift_transform_type_dct4, /* DCT-IV, REDFT11 */
    rift_transform_type_dst1, /* DST-I, RODFT00 */
    rift_transform_type_dst2, /* DST-II, RODFT10 */
    rift_transform_type_dst3, /* DST-III, RODFT01 */
    rift_transform_type_dst4  /* DST-IV, RODFT11 */
} rift_transform_type;

typedef enum rift_precision_e {
    rift_precision_single,
    rift_precision_double,
    rift_precision_half /* not implemented yet */
} rift_precision;

typedef enum rift_result_placement_e {
    rift_placement_inplace,
    rift_placement_notinplace
} rift_result_placement;

typedef enum rift_array_type_e {
    rift_array_type_complex_interleaved,
    rift_array_type_complex_planar, /* not implemented yet */
    rift_array_type_real,
    rift_array_type_hermitian_interleaved,
    rift_array_type_unset /* let rift choose from the transform type */
} rift_array_type;

typedef enum rift_executor_e {
    rift_executor_default, /* the GPU, unless RIFT_EXECUTOR=host is set in the environment */
    rift_executor_gpu,
    rift_executor_host /* run the same plan on the CPU: buffers are host memory; for debugging and CI */
} rift_executor;

/* Who holds a plan's work buffer (see rift_plan_get_work_buffer_size): the plan, allocated at creation (the
 * default), or the caller, who passes one to every execution that needs it (rift_execution_info_set_work_buffer),
 * so that the plan allocates no work memory at all (cuFFT's cufftSetAutoAllocation(plan, 0)). */
typedef enum rift_work_buffer_owner_e {
    rift_work_buffer_owner_plan,
    rift_work_buffer_owner_caller
} rift_work_buffer_owner;

/* When a plan compiles the kernels rift makes at run time (lengths without a kernel in the library, whose kernels
 * are neither in this process yet nor in the on-disk kernel cache; see docs/design.md). */
typedef enum rift_kernel_compilation_e {
    /* rift_plan_create returns without compiling: the plan runs at once, its transforms still to compile another
     * way (slower, as accurate); background threads compile the kernels, and executions enqueued after they are
     * in place take them (rift_plan_wait_for_kernels waits for that). Results before and after may differ in the
     * last bits. The default, unless RIFT_KERNEL_COMPILATION=at-creation is set in the environment. */
    rift_kernel_compilation_background,
    /* rift_plan_create returns once every kernel is compiled: every execution runs the same kernels. Plans whose
     * work buffer the caller holds (rift_work_buffer_owner_caller) always compile at creation. */
    rift_kernel_compilation_at_creation
} rift_kernel_compilation;

typedef struct rift_plan_t* rift_plan;
typedef struct rift_plan_description_t* rift_plan_description;
typedef struct rift_execution_info_t* rift_execution_info;

/* Library lifetime. rift_setup may be called more than once; each call needs a matching rift_cleanup. Plans are
 * created only between them (rift_status_not_initialized otherwise); the other calls need no setup. rift_setup reads RIFT_EXECUTOR: "host"
 * makes the host executor the default for executions that name none; and RIFT_LOG ("plan", "launch", "all",
 * comma-separated) with RIFT_LOG_FILE: log plan trees and launches to stderr or that file. */
RIFT_EXPORT rift_status rift_setup(void);
RIFT_EXPORT rift_status rift_cleanup(void);

/* "major.minor.patch"; needs its length + 1 bytes (16 always suffice). */
RIFT_EXPORT rift_status rift_get_version_string(char* buffer, size_t buffer_size);
/* Static text naming a status; never NULL. */
RIFT_EXPORT const char* rift_status_string(rift_status status);
/* Why this thread's most recent rift call failed ("" when it succeeded); valid until this thread's next call. */
RIFT_EXPORT const char* rift_get_last_error_message(void);

/* Plan description: data layout and scale. Without one, plans are contiguous, unit stride, distance = the
 * product of the lengths, offsets 0, scale 1. */
RIFT_EXPORT rift_status rift_plan_description_create(rift_plan_description* description);
RIFT_EXPORT rift_status rift_plan_description_destroy(rift_plan_description description);
/* Offsets arrays hold one value per buffer (one for interleaved data); strides arrays hold one value per
 * dimension. Pass NULL offsets or strides (with size 0) and distance 0 for the contiguous defaults. */
RIFT_EXPORT rift_status rift_plan_description_set_data_layout(rift_plan_description description,
                                                              rift_array_type in_array_type,
                                                              rift_array_type out_array_type,
                                                              const size_t* in_offsets,
                                                              const size_t* out_offsets,
                                                              size_t in_strides_size,
                                                              const size_t* in_strides,
                                                              size_t in_distance,
                                                              size_t out_strides_size,
                                                              const size_t* out_strides,
                                                              size_t out_distance);
/* Multiplies every output element; e.g. 1.0/N for a normalised inverse. Must be finite, and a single-precision
 * plan refuses a scale beyond the float range (rift_status_invalid_scale at plan creation). */
RIFT_EXPORT rift_status rift_plan_description_set_scale_factor(rift_plan_description description, double scale);
/* Who holds the work buffer of plans made with this description (default rift_work_buffer_owner_plan). With
 * rift_work_buffer_owner_caller, an execution of a plan that needs a work buffer and is given none fails with
 * rift_status_invalid_work_buffer (the host executor, which uses host memory, still allocates its own). */
RIFT_EXPORT rift_status rift_plan_description_set_work_buffer_owner(rift_plan_description description,
                                                                   rift_work_buffer_owner owner);

/* When plans made with this description compile their run-time kernels (default: RIFT_KERNEL_COMPILATION in the
 * environment, "background" or "at-creation"; rift_kernel_compilation_background without it). */
RIFT_EXPORT rift_status rift_plan_description_set_kernel_compilation(rift_plan_description description,
                                                                    rift_kernel_compilation compilation);

/* Creates a plan. description may be NULL. The plan keeps no pointer to description or lengths. */
RIFT_EXPORT rift_status rift_plan_create(rift_plan* plan,
                                         rift_result_placement placement,
                                         rift_transform_type transform_type,
                                         rift_precision precision,
                                         size_t dimensions,
                                         const size_t* lengths,
                                         size_t number_of_transforms,
                                         rift_plan_description description);
/* Frees the plan and its device tables (tables shared with other live plans stay). Synchronise the streams of
 * its GPU executions first: a plan must not be destroyed while an execution may still run. Destroying a handle
 * twice is refused with rift_status_invalid_plan unless its address was meanwhile reused by a new plan. */
RIFT_EXPORT rift_status rift_plan_destroy(rift_plan plan);
/* Returns once the plan's kernels compiled in the background are in place (rift_kernel_compilation_background),
 * so that every execution from then on runs them; at once for plans with none to wait for. A plan whose kernels
 * fail to compile keeps running its first ones (said in the plan log, RIFT_LOG=plan). */
RIFT_EXPORT rift_status rift_plan_wait_for_kernels(rift_plan plan);
/* Bytes of work buffer execution needs: 0 for plans that run in one pass per dimension; row/column plans (1D
 * lengths beyond one block) need about one copy of the data. A plan allocates its own work buffer on its device
 * at creation; a buffer set with rift_execution_info_set_work_buffer replaces it for that execution (a host
 * buffer for the host executor, which otherwise allocates its own). The size is the current kernels': an
 * execution given a buffer too small for the kernels compiled in the background runs the first ones. */
RIFT_EXPORT rift_status rift_plan_get_work_buffer_size(rift_plan plan, size_t* size_in_bytes);
/* The work buffer (rift_plan_get_work_buffer_size) of the plan rift_plan_create would make from the same
 * arguments, for sizing a buffer before planning, as cuFFT's cufftEstimate* do. The size is exact, not an
 * estimate: the plan is made, without a work buffer, and freed before returning; kernels it compiles at run
 * time stay in the kernel cache, so that the real plan finds them. Refusals are rift_plan_create's. */
RIFT_EXPORT rift_status rift_plan_estimate_work_buffer_size(rift_result_placement placement,
                                                            rift_transform_type transform_type,
                                                            rift_precision precision,
                                                            size_t dimensions,
                                                            const size_t* lengths,
                                                            size_t number_of_transforms,
                                                            rift_plan_description description,
                                                            size_t* size_in_bytes);
/* Writes the plan's node tree and kernel chain (with launch shapes) as text. *required_size gets the size
 * including the terminating NUL; call with buffer NULL and size 0 to ask for it. */
RIFT_EXPORT rift_status rift_plan_get_print(rift_plan plan, char* buffer, size_t buffer_size, size_t* required_size);
/* The same text on stdout. */
RIFT_EXPORT rift_status rift_plan_print(rift_plan plan);

/* Execution info: stream, work buffer and executor for rift_execute. Optional (NULL = defaults). */
RIFT_EXPORT rift_status rift_execution_info_create(rift_execution_info* info);
RIFT_EXPORT rift_status rift_execution_info_destroy(rift_execution_info info);
RIFT_EXPORT rift_status rift_execution_info_set_stream(rift_execution_info info, void* stream);
/* work_buffer NULL (size 0): the plan's own. Otherwise at least rift_plan_get_work_buffer_size bytes, aligned as
 * the data buffers (one complex element; rift_execute refuses others with rift_status_invalid_work_buffer),
 * device memory for GPU execution, host memory for the host executor; it must not be in use by another
 * execution. */
RIFT_EXPORT rift_status rift_execution_info_set_work_buffer(rift_execution_info info, void* work_buffer,
                                                           size_t size_in_bytes);
RIFT_EXPORT rift_status rift_execution_info_set_executor(rift_execution_info info, rift_executor executor);

/* Runs the plan. in_buffer/out_buffer are arrays of one pointer each for interleaved data; out_buffer is
 * ignored (may be NULL) for in-place plans. Buffers must be aligned to one complex element of the plan's
 * precision (8 or 16 bytes; hipMalloc/cudaMalloc and malloc align more), rift_status_invalid_buffer otherwise. GPU execution is asynchronous on the stream; host execution
 * returns when the result is written. Executions of one plan that may overlap (on different streams) must each
 * pass a work buffer of their own when the plan needs one, as the plan's own is shared by its executions. */
RIFT_EXPORT rift_status rift_execute(rift_plan plan, void* in_buffer[], void* out_buffer[], rift_execution_info info);

/* Fast convolution and correlation: batches of complex signals x of L samples (complex interleaved, in the
 * precision of the plan) with one fixed filter h of K taps, whose spectrum is computed at creation. Types, with
 * x and h zero outside 0..L-1 and 0..K-1 for the linear ones:
 *  - linear convolution:   y[n] = sum_k h[k] x[n - k],                       n = 0 .. L + K - 2;
 *  - circular convolution: y[n] = sum_k h[k] x[(n - k) mod L],               n = 0 .. L - 1;
 *  - linear correlation:   y[n] = sum_k conj(h[k]) x[n - (K - 1) + k],       n = 0 .. L + K - 2 (lag n - K + 1);
 *  - circular correlation: y[n] = sum_k conj(h[k]) x[(n + k) mod L],         n = 0 .. L - 1.
 * rift_convolution_get_output_length tells the output's length. It runs by overlap-save: segments of a power
 * of two M that one block holds (the longest depends on the device's shared memory), one kernel for the whole batch,
 * which reads each signal about M / (M - K + 1) times and writes each output once. Filters longer than the
 * longest segment return rift_status_not_implemented, except circular ones whose whole period L is a segment
 * length (circular filters longer than L are folded modulo L first). Signal i starts at element
 * i * input_distance of the input and its output at i * output_distance (0: L and the output length). Execution
 * is out of place: output must not overlap input. */
typedef enum rift_convolution_type_e {
    rift_convolution_linear,
    rift_convolution_circular,
    rift_correlation_linear,
    rift_correlation_circular
} rift_convolution_type;

typedef struct rift_convolution_t* rift_convolution;

/* filter: K complex values in host memory, read only during the call. Needs rift_setup, like plans. */
RIFT_EXPORT rift_status rift_convolution_create(rift_convolution* convolution,
                                                rift_convolution_type type,
                                                rift_precision precision,
                                                size_t signal_length,
                                                size_t filter_length,
                                                const void* filter,
                                                size_t number_of_signals,
                                                size_t input_distance,
                                                size_t output_distance);
/* As rift_plan_destroy: synchronise the streams of its GPU executions first. */
RIFT_EXPORT rift_status rift_convolution_destroy(rift_convolution convolution);
/* Samples of each signal's output: L + K - 1 for the linear types, L for the circular ones. */
RIFT_EXPORT rift_status rift_convolution_get_output_length(rift_convolution convolution, size_t* output_length);
/* The chosen segments and the kernel launch as text, as rift_plan_get_print. */
RIFT_EXPORT rift_status rift_convolution_get_print(rift_convolution convolution, char* buffer, size_t buffer_size,
                                                   size_t* required_size);
/* Runs the convolution on info's stream and executor (NULL: the defaults); it needs no work buffer. input and
 * output are device memory (host memory for the host executor), aligned as rift_execute asks. */
RIFT_EXPORT rift_status rift_convolution_execute(rift_convolution convolution, const void* input, void* output,
                                                 rift_execution_info info);

/* The nonequispaced FFT (NFFT): for M nodes x_j in [-1/2, 1/2)^d (d = 1, 2, 3) and N_0 x .. x N_(d-1) Fourier
 * coefficients f^_k, k_i = -floor(N_i/2) .. ceil(N_i/2) - 1,
 *  - forward:  f_j  = sum_k f^_k exp(-2 pi i k . x_j)   (coefficients to values at the nodes);
 *  - adjoint:  f^_k = sum_j f_j  exp(+2 pi i k . x_j)   (values to coefficients).
 * Both run to a relative error (L2 over the output) of about `tolerance`: a window of W points per dimension
 * couples each node to an oversampled grid (2N_i points, rounded up to a fast FFT length) whose FFT rift runs;
 * W = ceil(log10(4 / tolerance)) + 1, at most 16 (8 in single precision). Dimension 0 is the fastest, as for
 * plans: coefficient k sits at index sum_i (k_i + floor(N_i/2)) * (N_0 .. N_(i-1)), and node j's coordinates
 * are nodes[j d + i], i < d. Coordinates outside [-1/2, 1/2) wrap (the torus is periodic); coordinates that are
 * not finite are refused by rift_nfft_set_nodes. number_of_vectors coefficient vectors (N_0..N_(d-1) apart)
 * and value vectors (M apart) go through each execution over the same nodes. set_nodes and execute of one NFFT
 * must not run concurrently from several threads. */
typedef struct rift_nfft_t* rift_nfft;

typedef enum rift_nfft_direction_e {
    rift_nfft_forward, /* coefficients -> values at the nodes */
    rift_nfft_adjoint  /* values at the nodes -> coefficients */
} rift_nfft_direction;

/* tolerance in (0, 1); single precision reaches about 1e-6 at best, double 1e-14. Needs rift_setup. */
RIFT_EXPORT rift_status rift_nfft_create(rift_nfft* nfft,
                                         rift_precision precision,
                                         size_t dimensions,
                                         const size_t* lengths,
                                         size_t number_of_nodes,
                                         size_t number_of_vectors,
                                         double tolerance);
typedef enum rift_nfft_window_e {
    /* exp(beta (sqrt(1 - (2t/W)^2) - 1)): the narrowest window for a tolerance, rift_nfft_create's */
    rift_nfft_window_exponential_of_semicircle,
    /* exp(-t^2 / b), b = 2 sigma W / ((2 sigma - 1) 2 pi) (NFFT3's), by fast Gaussian gridding (two exponentials
     * per node and dimension); about twice as wide as the exponential of semicircle for the same error */
    rift_nfft_window_gaussian
} rift_nfft_window;

/* For experts: the window's shape, its width W (2 .. 16 grid points) and the oversampling factor sigma
 * (1.25 .. 4) instead of a tolerance. */
RIFT_EXPORT rift_status rift_nfft_create_expert(rift_nfft* nfft,
                                                rift_precision precision,
                                                size_t dimensions,
                                                const size_t* lengths,
                                                size_t number_of_nodes,
                                                size_t number_of_vectors,
                                                rift_nfft_window window,
                                                size_t window_width,
                                                double oversampling);
/* As rift_plan_destroy: synchronise the streams of its GPU executions first. */
RIFT_EXPORT rift_status rift_nfft_destroy(rift_nfft nfft);
/* Sorts the nodes into the grid's bins for later executions, which read rift's copy: `nodes` (M x d reals of the
 * plan's precision, device memory for the GPU, host memory for the host executor) may change afterwards. Runs on
 * info's stream and executor and waits for it. Executions use the executor the nodes were set for. */
RIFT_EXPORT rift_status rift_nfft_set_nodes(rift_nfft nfft, const void* nodes, rift_execution_info info);
/* Runs the forward or adjoint NFFT on info's stream (asynchronously on the GPU). input and output: device memory
 * (host memory for the host executor), not overlapping, aligned as rift_execute asks. Needs no work buffer. */
RIFT_EXPORT rift_status rift_nfft_execute(rift_nfft nfft, rift_nfft_direction direction, const void* input,
                                          void* output, rift_execution_info info);
/* For profiling: runs as rift_nfft_execute, then waits for the stream, and gives the time each step took in
 * milliseconds, over all vectors (GPU: events around each step, which the call waits for in turn; host: the
 * clock): step_milliseconds[0] the roll-off correction (with the grid's zero padding), [1] the grid's FFT, [2]
 * the gridding (interpolation at the nodes, or spreading onto the cleared grid). */
RIFT_EXPORT rift_status rift_nfft_execute_timed(rift_nfft nfft, rift_nfft_direction direction, const void* input,
                                                void* output, double step_milliseconds[3],
                                                rift_execution_info info);
/* The window, grid, bins and FFT plans as text, as rift_plan_get_print. */
RIFT_EXPORT rift_status rift_nfft_get_print(rift_nfft nfft, char* buffer, size_t buffer_size, size_t* required_size);

#ifdef __cplusplus
}
#endif

#endif /* RIFT_RIFT_H */
