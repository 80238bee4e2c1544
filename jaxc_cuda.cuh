/* jaxc_cuda.cuh — the optional CUDA path of jaxc (C++/CUDA; include from a .cu file).

   STATUS
     Device arrays (allocation, upload, download, free) with CUDA errors (no device, out of
     memory, a failed launch) reported through a status and a message, never an abort; every
     elementwise binary and unary op with JAX's promotion, weak scalars and NumPy broadcasting;
     astype; where; reductions (sum prod mean max min argmax argmin any all, over one axis or
     all, keepdims) with jax.numpy's result dtypes (jaxc_reduce_output_dtype, shared with the
     CPU); jax.random bits (u8/u16/u32/u64) and uniform (f32/f64/bf16/f16). The device kernels
     call the very scalar and conversion functions the CPU kernels use (jaxc__f_<op>_<dtype>,
     jaxc_cvt_<a>_<b> of jaxc_kernels.h) and the CPU's threefry code, generated from the same
     X-macro tables, so results agree by construction (tests/cuda/test_cuda.cu compares them
     element by element). Complex64 and complex128 use the {re, im} struct storage and the same
     part-wise complex arithmetic as the CPU (jaxc_kernels.h >>complex math).

   HOW TO USE
     #include "jaxc_cuda.cuh"          (nvcc -std=c++17 -fmad=false -I. your.cu)
     jaxc_cuda_array *d = jaxc_cuda_upload(JAXC_F32, n, host_ptr);
     if (!d) fprintf(stderr, "%s\n", jaxc_cuda_last_error());
     jaxc_cuda_array *s = jaxc_cuda_binary(JAXC_OP_ADD, d, d, JAXC_RULES_JAX, false);
     jaxc_cuda_array *t = jaxc_cuda_reduce(JAXC_OP_SUM, s, JAXC_ALL_AXES, false, false);
     jaxc_cuda_download(s, out, n * sizeof(float));
     jaxc_cuda_free(t); jaxc_cuda_free(s); jaxc_cuda_free(d);
   -fmad=false matters: nvcc contracts a * b + c into an FMA by default, and complex multiply,
   the exact sums of the math functions and the float conversions would then round differently
   from the CPU (the device results are no longer the CPU's bit for bit). For the same reason do
   not build with --use_fast_math, -ftz=true, -prec-div=false or -prec-sqrt=false. nvcc says
   nothing of these flags to the source (CUDA 13 defines no macro for any of them), so the first
   op runs a small kernel that checks the device's arithmetic as this file was built, and every
   op fails with JAXC_CUDA_ERR_ARG, naming the flag, where it would differ from the CPU (define
   JAXC_CUDA_ALLOW_FAST_MATH to skip the check and accept the differences).
   Every call is asynchronous on the default stream (downloads wait for it), so a fault inside a
   kernel (an illegal address: a bug, which the checks on every argument are there to prevent)
   is reported by the next call that waits, a download, and CUDA keeps it: the context is
   unusable after it, as after any CUDA fault. Scratch (gathered operands, reduction partials)
   comes from the default memory pool in stream order; that pool gives freed memory back to the
   driver at each synchronisation unless its cudaMemPoolAttrReleaseThreshold is raised, which a
   program timing repeated ops should do (bench/cuda/bench_cuda.cu does). Device arrays hold
   their data at 16-byte boundaries (cudaMalloc's are; an op given a hand-made jaxc_cuda_array
   whose data is not fails with JAXC_CUDA_ERR_ARG), and each op starts by clearing a launch error
   left pending by the caller's own kernels (check those first). With x64 false the
   dtypes follow JAX's default (64-bit requests narrowed to 32-bit), as jaxc_x64() does on the
   CPU; results carry JAX's weak flag.

   CONFIGURATION
     JAXC_CUDA_MAX_NDIM      dimensions of a device array (8)
     JAXC_CUDA_MIN_BLOCKS    blocks per multiprocessor the elementwise kernels are built for (4:
                             at most 64 registers a thread)
     JAXC_CUDA_ILP_NARROW    elements a thread takes at once in kernels of 1- and 2-byte dtypes
                             (16; a power of 2, at least 4)
     JAXC_CUDA_ILP_WIDE      the same for 4- and 8-byte dtypes (8; a power of 2, at least 8:
                             complex128 kernels take half as many, and write bool groups)
     JAXC_CUDA_GATHER_BYTES  scratch for each operand broadcast along an inner dimension (an
                             outer product's): it is gathered into contiguous chunks of at
                             most this many bytes, each op running chunk by chunk (32 MiB)

   nvcc has no _Generic and no designated initialisers; this header uses only the C++-clean
   parts of jaxc_promote.h and jaxc_kernels.h. A .cu file may also include jaxc.h for the CPU
   API; jaxc.h's implementation (JAXC_IMPLEMENTATION) is C and goes in a .c file of its own, as
   tests/cuda/test_cuda.cu does with tests/impl.c. */
#ifndef JAXC_CUDA_CUH_INCLUDED
#define JAXC_CUDA_CUH_INCLUDED

#include <cuda_runtime.h>
#include <atomic>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jaxc_promote.h"

#include "jaxc_kernels.h"
#ifndef JAXC__HAS_TYPED_KERNELS
#error "jaxc_cuda.cuh: the device ops are jaxc_kernels.h's typed kernels: do not define JAXC_NO_TYPED_KERNELS"
#endif

#ifndef JAXC_CUDA_MAX_NDIM
#  define JAXC_CUDA_MAX_NDIM 8
#endif

/* A device array: contiguous, row-major, one dtype (the CPU's jaxc_array, on the GPU). */
typedef struct jaxc_cuda_array {
  jaxc_dtype dtype; /* storage dtype */
  bool weak;        /* weakly typed (a Python scalar in JAX) */
  int ndim;
  int64_t shape[JAXC_CUDA_MAX_NDIM];
  int64_t size;
  void *data; /* device pointer */
} jaxc_cuda_array;

typedef enum jaxc_cuda_status {
  JAXC_CUDA_OK = 0, JAXC_CUDA_ERR_NO_DEVICE, JAXC_CUDA_ERR_NOMEM, JAXC_CUDA_ERR_LAUNCH, JAXC_CUDA_ERR_ARG
} jaxc_cuda_status;

static inline size_t jaxc_cuda__dtype_size(jaxc_dtype d) {
  return JAXC_DTYPE_VALID(d) && !JAXC_DTYPE_IS_WEAK(d) ? (size_t)jaxc_dtype_bits(d) / 8 : 0;
}

/* Per host thread: the last status and its message. */
static thread_local jaxc_cuda_status jaxc_cuda__status;
static thread_local char jaxc_cuda__message[256];

static inline jaxc_cuda_status jaxc_cuda_last_status(void) { return jaxc_cuda__status; }
static inline const char *jaxc_cuda_last_error(void) { return jaxc_cuda__status ? jaxc_cuda__message : ""; }
static inline void *jaxc_cuda__fail(jaxc_cuda_status s, const char *what, cudaError_t e) {
  jaxc_cuda__status = s;
  snprintf(jaxc_cuda__message, sizeof jaxc_cuda__message, "%s: %s", what, e == cudaSuccess ? "invalid argument" : cudaGetErrorString(e));
  return NULL;
}
/* Every CUDA call goes through this: on failure it records the call and returns false. */
#define JAXC_CUDA_CHECK(call, status) \
  jaxc_cuda__check((call), (status), #call " at " __FILE__ ":" JAXC_CUDA__STR(__LINE__))
#define JAXC_CUDA__STR(x) JAXC_CUDA__STR_(x)
#define JAXC_CUDA__STR_(x) #x
static inline bool jaxc_cuda__check(cudaError_t e, jaxc_cuda_status s, const char *what) {
  if (e == cudaSuccess) return true;
  (void)cudaGetLastError(); /* clear a sticky launch error */
  jaxc_cuda__fail(s, what, e);
  return false;
}

/* True when a CUDA device is present and usable. */
static inline bool jaxc_cuda_available(void) {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) { (void)cudaGetLastError(); return false; }
  return n > 0;
}

/* A device array of the given shape (ndim 0: a scalar). */
static inline jaxc_cuda_array *jaxc_cuda_alloc_shape(jaxc_dtype dtype, int ndim, const int64_t *shape) {
  size_t es = jaxc_cuda__dtype_size(dtype);
  int64_t n = 1;
  if (!es || ndim < 0 || ndim > JAXC_CUDA_MAX_NDIM || (ndim && !shape))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_alloc: bad dtype or shape", cudaSuccess);
  for (int i = 0; i < ndim; i++) {
    if (shape[i] < 0 || (shape[i] && n > (int64_t)(SIZE_MAX / 16) / shape[i]))
      return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_alloc: bad shape", cudaSuccess);
    n *= shape[i];
  }
  if (!jaxc_cuda_available())
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_NO_DEVICE, "jaxc_cuda_alloc", cudaErrorNoDevice);
  (void)cudaGetLastError(); /* (see jaxc_cuda__start: the random ops begin here) */
  jaxc_cuda_array *a = (jaxc_cuda_array *)malloc(sizeof *a);
  if (!a) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_NOMEM, "jaxc_cuda_alloc: host memory", cudaSuccess);
  a->dtype = dtype;
  a->weak = false;
  a->ndim = ndim;
  for (int i = 0; i < JAXC_CUDA_MAX_NDIM; i++) a->shape[i] = i < ndim ? shape[i] : 0;
  a->size = n;
  a->data = NULL;
  if (n && !JAXC_CUDA_CHECK(cudaMalloc(&a->data, (size_t)n * es), JAXC_CUDA_ERR_NOMEM)) { free(a); return NULL; }
  jaxc_cuda__status = JAXC_CUDA_OK;
  return a;
}
/* A one-dimensional device array of n elements. */
static inline jaxc_cuda_array *jaxc_cuda_alloc(jaxc_dtype dtype, int64_t n) {
  if (n < 0) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_alloc: bad dtype or size", cudaSuccess);
  return jaxc_cuda_alloc_shape(dtype, 1, &n);
}
static inline void jaxc_cuda_free(jaxc_cuda_array *a) {
  if (!a) return;
  if (a->data) (void)cudaFree(a->data);
  free(a);
}
static inline jaxc_cuda_array *jaxc_cuda_upload_shape(jaxc_dtype dtype, int ndim, const int64_t *shape, const void *host);
static inline jaxc_cuda_array *jaxc_cuda_upload(jaxc_dtype dtype, int64_t n, const void *host) {
  if (n < 0) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_upload: bad size", cudaSuccess);
  return jaxc_cuda_upload_shape(dtype, 1, &n, host);
}
/* A device copy of host data of the given dtype and shape (the dtype is used as stored: narrow
   it with jaxc_storage_dtype first to follow the x64 switch). */
static inline jaxc_cuda_array *jaxc_cuda_upload_shape(jaxc_dtype dtype, int ndim, const int64_t *shape, const void *host) {
  jaxc_cuda_array *a = jaxc_cuda_alloc_shape(dtype, ndim, shape);
  if (!a) return NULL;
  if (!host && a->size) {
    jaxc_cuda_free(a);
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_upload: host is NULL", cudaSuccess);
  }
  size_t bytes = (size_t)a->size * jaxc_cuda__dtype_size(dtype);
  if (bytes && !JAXC_CUDA_CHECK(cudaMemcpy(a->data, host, bytes, cudaMemcpyHostToDevice), JAXC_CUDA_ERR_LAUNCH)) {
    jaxc_cuda_free(a);
    return NULL;
  }
  return a;
}
/* Copies the array to host memory of host_bytes; returns a jaxc_cuda_status. */
static inline int jaxc_cuda_download(const jaxc_cuda_array *a, void *host, size_t host_bytes) {
  if (!a || (!host && a->size)) return (jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_download: NULL", cudaSuccess), JAXC_CUDA_ERR_ARG);
  size_t bytes = (size_t)a->size * jaxc_cuda__dtype_size(a->dtype);
  if (host_bytes < bytes)
    return (jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_download: destination too small", cudaSuccess), JAXC_CUDA_ERR_ARG);
  if (bytes && !JAXC_CUDA_CHECK(cudaMemcpy(host, a->data, bytes, cudaMemcpyDeviceToHost), JAXC_CUDA_ERR_LAUNCH))
    return JAXC_CUDA_ERR_LAUNCH;
  jaxc_cuda__status = JAXC_CUDA_OK;
  return JAXC_CUDA_OK;
}

/* Scratch device memory in stream order (cudaMallocAsync, freed once the kernels before the free
   are done), or cudaMalloc/cudaFree where the device has no memory pools (cudaErrorNotSupported:
   remembered, so no pool allocation is ever freed by cudaFree). */
static bool jaxc_cuda__no_pools;
static inline cudaError_t jaxc_cuda__scratch(void **p, size_t bytes) {
  if (!jaxc_cuda__no_pools) {
    cudaError_t e = cudaMallocAsync(p, bytes, 0);
    if (e != cudaErrorNotSupported) return e;
    (void)cudaGetLastError();
    jaxc_cuda__no_pools = true;
  }
  return cudaMalloc(p, bytes);
}
static inline void jaxc_cuda__scratch_free(void *p) {
  if (p) (void)(jaxc_cuda__no_pools ? cudaFree(p) : cudaFreeAsync(p, 0));
}

/* >>device ops ------------------------------------------------------------------------------------ */
/* Where each operand's element lies: contiguous (mode 0), one broadcast element (1), or
   general broadcasting through per-dimension strides (2). */
typedef struct jaxc_cuda__operand {
  const void *data;
  int dtype, mode, size; /* size: bytes per element */
  int cls;               /* how its raw bits widen: JAXC_CUDA__CLS_* */
  int64_t stride[JAXC_CUDA_MAX_NDIM];
} jaxc_cuda__operand;
typedef struct jaxc_cuda__launch {
  int64_t n;
  int ndim;
  int64_t shape[JAXC_CUDA_MAX_NDIM];
  jaxc_cuda__operand in[3]; /* where() has three */
  void *out;
} jaxc_cuda__launch;
/* The element of a generally broadcast operand behind output element i. */
__device__ static inline int64_t jaxc_cuda__offset_strided(const jaxc_cuda__launch &g, const jaxc_cuda__operand &o, int64_t i) {
  int64_t off = 0;
  for (int d = g.ndim - 1; d >= 0; d--) {
    off += (i % g.shape[d]) * o.stride[d];
    i /= g.shape[d];
  }
  return off;
}
/* General broadcasting is materialised before the op, a chunk at a time: elements [start,
   start + count) of operand j gathered into a contiguous buffer (one kernel for every op, so
   that the op kernels know only contiguous operands and broadcast scalars: no 64-bit
   divisions, few registers, vector loads). */
__global__ static void jaxc_cuda__k_gather(const __grid_constant__ jaxc_cuda__launch g, int j, int64_t start, int64_t count,
                                           void *dst) {
  const jaxc_cuda__operand &o = g.in[j];
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += (int64_t)gridDim.x * blockDim.x) {
    int64_t off = jaxc_cuda__offset_strided(g, o, start + i);
    switch (o.size) {
    case 1: ((uint8_t *)dst)[i] = ((const uint8_t *)o.data)[off]; break;
    case 2: ((uint16_t *)dst)[i] = ((const uint16_t *)o.data)[off]; break;
    case 4: ((uint32_t *)dst)[i] = ((const uint32_t *)o.data)[off]; break;
    case 8: ((uint64_t *)dst)[i] = ((const uint64_t *)o.data)[off]; break;
    default: ((uint4 *)dst)[i] = ((const uint4 *)o.data)[off]; break; /* complex128 */
    }
  }
}

/* The memory-bound shape of every elementwise kernel: each thread takes groups of ILP
   consecutive elements (grid-stride), so that a contiguous operand is read with one vector load
   of ILP elements (4 to 32 bytes, coalesced across the warp) and the result written with one
   vector store; conversions are inline and each element lives in a register of its own width
   (jaxc_cuda__get_<E>), which keeps the kernels within 64 registers. */
#define JAXC_CUDA__THREADS 256
/* Elements per thread and group, by the kernel's dtype: 16 for 1- and 2-byte dtypes, 8 for
   wider ones. Measured on an H100 at 2^28 elements (% of a same-run device copy): u8+i8->i16
   53% with 4, 83% with 8, 89% with 16; bf16*bf16 74 / 87 / 102%; i8+f32->f32 78% with 4, 101%
   with 8. Fewer leave too few bytes in flight per thread. At 64 registers ptxas spills in some
   kernels of 1- and 2-byte dtypes (up to 288 bytes, where() and u8/i8 ops among them: -Xptxas
   -warn-spills lists them); the H100 figures in docs/h100 were taken with these settings.
   Reductions use JAXC_CUDA__ILP. */
#ifndef JAXC_CUDA_ILP_NARROW
#  define JAXC_CUDA_ILP_NARROW 16 /* for 1- and 2-byte dtypes */
#endif
#ifndef JAXC_CUDA_ILP_WIDE
#  define JAXC_CUDA_ILP_WIDE 8 /* for 4- and 8-byte dtypes */
#endif
/* (checked where the groups are loaded and stored: 1-byte groups of JAXC_CUDA_ILP_NARROW, 16-byte
   complex128 groups of JAXC_CUDA_ILP_WIDE / 2 elements) */
#define JAXC_CUDA__ILP_OF(T) \
  (sizeof(T) <= 2 ? JAXC_CUDA_ILP_NARROW : sizeof(T) <= 8 ? JAXC_CUDA_ILP_WIDE : JAXC_CUDA_ILP_WIDE / 2)
#define JAXC_CUDA__ILP 4
/* Blocks per multiprocessor the kernels are compiled for (0: the compiler's choice). */
#ifndef JAXC_CUDA_MIN_BLOCKS
#  define JAXC_CUDA_MIN_BLOCKS 4
#endif
#if JAXC_CUDA_MIN_BLOCKS
#  define JAXC_CUDA__BOUNDS __launch_bounds__(JAXC_CUDA__THREADS, JAXC_CUDA_MIN_BLOCKS)
#else
#  define JAXC_CUDA__BOUNDS
#endif
#define JAXC_CUDA__FOR_GROUPS(g, i, L)                                                              \
  for (int64_t i = ((int64_t)blockIdx.x * JAXC_CUDA__THREADS + threadIdx.x) * (L); i < (g).n;         \
       i += (int64_t)gridDim.x * JAXC_CUDA__THREADS * (L))
#define JAXC_CUDA__FOR_L(k, L) _Pragma("unroll") for (int k = 0; k < (L); k++)
#define JAXC_CUDA__FOR_EACH(i, n) \
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += (int64_t)gridDim.x * blockDim.x)

/* N bytes between global memory and registers in the widest aligned pieces. */
#define JAXC_CUDA__GROUP_BYTES_OK(N) ((N) > 0 && ((N) % 16 == 0 || (N) == 8 || (N) == 4))
#define JAXC_CUDA__GROUP_MSG \
  "a group of ILP elements must be 4, 8 or a multiple of 16 bytes: JAXC_CUDA_ILP_NARROW a power of 2 >= 4, JAXC_CUDA_ILP_WIDE a power of 2 >= 8"
template <int N> __device__ static inline void jaxc_cuda__vload(void *dst, const void *src) {
  static_assert(JAXC_CUDA__GROUP_BYTES_OK(N), JAXC_CUDA__GROUP_MSG);
  if (N % 16 == 0) {
    _Pragma("unroll") for (int q = 0; q < N / 16; q++) { uint4 v = ((const uint4 *)src)[q]; memcpy((char *)dst + 16 * q, &v, 16); }
  } else if (N == 8) { uint2 v = *(const uint2 *)src; memcpy(dst, &v, 8); }
  else { uint32_t v = *(const uint32_t *)src; memcpy(dst, &v, 4); }
}
template <int N> __device__ static inline void jaxc_cuda__vstore(void *dst, const void *src) {
  static_assert(JAXC_CUDA__GROUP_BYTES_OK(N), JAXC_CUDA__GROUP_MSG);
  if (N % 16 == 0) {
    _Pragma("unroll") for (int q = 0; q < N / 16; q++) { uint4 v; memcpy(&v, (const char *)src + 16 * q, 16); ((uint4 *)dst)[q] = v; }
  } else if (N == 8) { uint2 v; memcpy(&v, src, 8); *(uint2 *)dst = v; }
  else { uint32_t v; memcpy(&v, src, 4); *(uint32_t *)dst = v; }
}

/* The group's results, one vector store when the group is whole. */
template <class OT, int L> __device__ static inline void jaxc_cuda__store4(OT *out, int64_t i, int64_t n, const OT (&v)[L]) {
  if (i + L > n) {
    JAXC_CUDA__FOR_L(k, L) if (i + k < n) out[i + k] = v[k];
  } else {
    jaxc_cuda__vstore<sizeof v>(out + i, v);
  }
}

/* Every XLA conversion factors through a 64-bit hub (jaxc_kernels.h: jaxc_cvt_<a>_<b> is
   FROM_<hub(a)>(hub_a(x))), and a float32 or 16-bit value widened to double converts to any
   dtype exactly as from its own type. So a group is converted inline with three conversions
   per dtype, whatever the source: unsigned (and bool) through u64, signed through i64, floats
   through f64. The source's class is uniform across a launch. */
enum { JAXC_CUDA__CLS_U, JAXC_CUDA__CLS_I, JAXC_CUDA__CLS_BF16, JAXC_CUDA__CLS_F16, JAXC_CUDA__CLS_F32, JAXC_CUDA__CLS_F64,
       JAXC_CUDA__CLS_C64, JAXC_CUDA__CLS_C128 };
static inline int jaxc_cuda__class(jaxc_dtype d) {
  switch (jaxc_dtype_kind(d)) {
  case JAXC_KIND_INT: return JAXC_CUDA__CLS_I;
  case JAXC_KIND_COMPLEX: return d == JAXC_C64 ? JAXC_CUDA__CLS_C64 : JAXC_CUDA__CLS_C128;
  case JAXC_KIND_FLOAT:
    return d == JAXC_BF16 ? JAXC_CUDA__CLS_BF16 : d == JAXC_F16 ? JAXC_CUDA__CLS_F16 : d == JAXC_F32 ? JAXC_CUDA__CLS_F32 : JAXC_CUDA__CLS_F64;
  default: return JAXC_CUDA__CLS_U;
  }
}
__device__ static inline double jaxc_cuda__float_of(uint64_t r, int cls) {
  switch (cls) {
  case JAXC_CUDA__CLS_BF16: return (double)jaxc__fp32_from_bits(jaxc_bf16_bits_to_f32_bits((uint16_t)r));
  case JAXC_CUDA__CLS_F16: return (double)jaxc__fp32_from_bits(jaxc_f16_bits_to_f32_bits((uint16_t)r));
  case JAXC_CUDA__CLS_F32: return (double)jaxc__fp32_from_bits((uint32_t)r);
  default: return jaxc__fp64_from_bits(r);
  }
}
/* jaxc_cuda__get_<E><L>(g, o, i): the group of operand o at element i as dtype E: one vector load
   of contiguous elements (device arrays are whole cudaMalloc blocks, so a group is aligned to
   its own size) converted as it arrives, each element kept in a register of its own width;
   broadcast operands and ragged ends element by element. jaxc_cuda__conv_<E><S>: one element of
   S bytes (0: the operand's size at run time), the bits themselves when o is of dtype E. */
#define JAXC_CUDA__IN_DEVICE_KB JAXC__KEEP
#define JAXC_CUDA__IN_DEVICE_KU JAXC__KEEP
#define JAXC_CUDA__IN_DEVICE_KI JAXC__KEEP
#define JAXC_CUDA__IN_DEVICE_KF JAXC__KEEP
#define JAXC_CUDA__IN_DEVICE_KC JAXC__KEEP
#define JAXC_CUDA__GET_CASE(E, S, U)                                                                 \
  case S: {                                                                                          \
    U t[L];                                                                                          \
    jaxc_cuda__vload<sizeof t>(t, (const char *)o.data + i * S);                                     \
    JAXC_CUDA__FOR_L(k, L) out.v[k] = jaxc_cuda__conv_##E<S>(o, t[k]);                               \
  } break;
#define JAXC_CUDA__CVT4(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__CVT4_##K(E, c, T)
#define JAXC_CUDA__CVT4_KB JAXC_CUDA__CVT4_REAL
#define JAXC_CUDA__CVT4_KU JAXC_CUDA__CVT4_REAL
#define JAXC_CUDA__CVT4_KI JAXC_CUDA__CVT4_REAL
#define JAXC_CUDA__CVT4_KF JAXC_CUDA__CVT4_REAL
/* Kernels of real dtypes read real operands only (complex ones are cast first: precast). */
#define JAXC_CUDA__CVT4_REAL(E, c, T) \
  template <int L> struct jaxc_cuda__v4_##E { T v[L]; };                                             \
  template <int S> __device__ static inline T jaxc_cuda__conv_##E(const jaxc_cuda__operand &o, uint64_t r) { \
    const int bytes = S ? S : o.size;                                                                \
    if ((S == 0 || S == (int)sizeof(T)) && o.dtype == JAXC_##E) {                                    \
      T x;                                                                                           \
      memcpy(&x, &r, sizeof x); /* the low bytes: little-endian */                                   \
      return x;                                                                                      \
    }                                                                                                \
    if (o.cls == JAXC_CUDA__CLS_U) return jaxc_cvt_u64_##c(r);                                       \
    if (o.cls == JAXC_CUDA__CLS_I || S == 1) /* sign-extended from the element's width */            \
      return jaxc_cvt_i64_##c(jaxc_cuda__sext(r, bytes));                                              \
    return jaxc_cvt_f64_##c(jaxc_cuda__float_of(r, S == 4 ? JAXC_CUDA__CLS_F32 : S == 8 ? JAXC_CUDA__CLS_F64 : o.cls)); \
  }                                                                                                  \
  template <int L>                                                                                   \
  __device__ static inline jaxc_cuda__v4_##E<L> jaxc_cuda__get_##E(const jaxc_cuda__launch &g, const jaxc_cuda__operand &o, int64_t i) { \
    jaxc_cuda__v4_##E<L> out;                                                                        \
    if (o.mode == 0 && i + L <= g.n) {                                                               \
      switch (o.size) {                                                                              \
        JAXC_CUDA__GET_CASE(E, 1, uint8_t)                                                           \
        JAXC_CUDA__GET_CASE(E, 2, uint16_t)                                                          \
        JAXC_CUDA__GET_CASE(E, 4, uint32_t)                                                          \
      default:                                                                                       \
        JAXC_CUDA__GET_CASE(E, 8, uint64_t)                                                          \
      }                                                                                              \
      return out;                                                                                    \
    }                                                                                                \
    JAXC_CUDA__FOR_L(k, L) /* a broadcast scalar (mode 1) or the ragged end */                       \
      out.v[k] = jaxc_cuda__conv_##E<0>(o, i + k < g.n ? jaxc_cuda__raw(o, o.mode ? 0 : i + k) : 0);  \
    return out;                                                                                      \
  }
/* Complex kernels read operands of any dtype: complex ones part by part (complex128 -> complex64
   rounds each part), real ones through the hubs as (x, 0), exactly as jaxc_cvt_<a>_<c64|c128>. */
#define JAXC_CUDA__CVT4_KC(E, c, T)                                                                 \
  template <int L> struct jaxc_cuda__v4_##E { T v[L]; };                                             \
  __device__ static inline T jaxc_cuda__cload_##E(const jaxc_cuda__operand &o, int64_t off) {       \
    switch (o.cls) {                                                                                 \
    case JAXC_CUDA__CLS_C64: {                                                                       \
      float2 p = ((const float2 *)o.data)[off];                                                      \
      return jaxc_cvt_c64_##c(jaxc__mk_jaxc_c64(p.x, p.y));                                          \
    }                                                                                                \
    case JAXC_CUDA__CLS_C128: {                                                                      \
      double2 p = ((const double2 *)o.data)[off];                                                    \
      return jaxc_cvt_c128_##c(jaxc__mk_jaxc_c128(p.x, p.y));                                        \
    }                                                                                                \
    case JAXC_CUDA__CLS_U: return jaxc_cvt_u64_##c(jaxc_cuda__raw(o, off));                         \
    case JAXC_CUDA__CLS_I: return jaxc_cvt_i64_##c(jaxc_cuda__sext(jaxc_cuda__raw(o, off), o.size)); \
    default: return jaxc_cvt_f64_##c(jaxc_cuda__float_of(jaxc_cuda__raw(o, off), o.cls));            \
    }                                                                                                \
  }                                                                                                  \
  template <int L>                                                                                   \
  __device__ static inline jaxc_cuda__v4_##E<L> jaxc_cuda__get_##E(const jaxc_cuda__launch &g, const jaxc_cuda__operand &o, int64_t i) { \
    jaxc_cuda__v4_##E<L> out;                                                                        \
    if (o.mode == 0 && i + L <= g.n && o.dtype == JAXC_##E) {                                        \
      jaxc_cuda__vload<sizeof out.v>(out.v, (const T *)o.data + i);                                  \
      return out;                                                                                    \
    }                                                                                                \
    JAXC_CUDA__FOR_L(k, L) out.v[k] = i + k < g.n ? jaxc_cuda__cload_##E(o, o.mode ? 0 : i + k) : jaxc__mk_##T(0, 0); \
    return out;                                                                                      \
  }
/* One element's bits (up to 8 bytes), and an integer's sign extended from its width. */
__device__ static inline uint64_t jaxc_cuda__raw(const jaxc_cuda__operand &o, int64_t off) {
  switch (o.size) {
  case 1: return ((const uint8_t *)o.data)[off];
  case 2: return ((const uint16_t *)o.data)[off];
  case 4: return ((const uint32_t *)o.data)[off];
  default: return ((const uint64_t *)o.data)[off];
  }
}
__device__ static inline int64_t jaxc_cuda__sext(uint64_t r, int bytes) {
  return bytes == 1 ? (int64_t)(int8_t)r : bytes == 2 ? (int64_t)(int16_t)r : bytes == 4 ? (int64_t)(int32_t)r : (int64_t)r;
}
JAXC__ARITH(JAXC_CUDA__CVT4, ~)

/* One kernel per op and compute dtype (the JAXC_OPS x JAXC__ARITH cross product, filtered by
   the op's group as on the CPU). */
#define JAXC_CUDA__GEN_OP(OP, name, ar, rule, grp, out, lax) JAXC__ARITH(JAXC_CUDA__GEN_ROW, (OP, name, ar, grp, out))
#define JAXC_CUDA__GEN_ROW(P, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) \
  JAXC_CUDA__GEN_ROW_(JAXC__UNPACK P, E, T, CT, RT, K, LD, ST)
#define JAXC_CUDA__GEN_ROW_(...) JAXC_CUDA__GEN_ROW__(__VA_ARGS__)
#define JAXC_CUDA__GEN_ROW__(OP, name, ar, grp, out, E, T, CT, RT, K, LD, ST) \
  JAXC__IN_##grp##_##K(JAXC_CUDA__DEF_##ar(name, E, LD, JAXC__OUTT_##out(K, T, CT, RT), JAXC__OUTST_##out(K, ST)))
#define JAXC_CUDA__DEF_RED(...)
#define JAXC_CUDA__DEF_UPD(...)
#define JAXC_CUDA__DEF_BIN(name, E, LD, OT, OST)                                                     \
  __global__ static void JAXC_CUDA__BOUNDS jaxc_cuda__k_##name##_##E(const __grid_constant__ jaxc_cuda__launch g) { \
    const int L = JAXC_CUDA__ILP_OF(jaxc__T_##E);                                                    \
    JAXC_CUDA__FOR_GROUPS(g, i, L) {                                                                 \
      jaxc_cuda__v4_##E<L> a = jaxc_cuda__get_##E<L>(g, g.in[0], i), b = jaxc_cuda__get_##E<L>(g, g.in[1], i); \
      OT o[L];                                                                                       \
      JAXC_CUDA__FOR_L(k, L) o[k] = OST(jaxc__f_##name##_##E(LD(a.v[k]), LD(b.v[k])));               \
      jaxc_cuda__store4((OT *)g.out, i, g.n, o);                                                     \
    }                                                                                                \
  }
#define JAXC_CUDA__DEF_UN(name, E, LD, OT, OST)                                                      \
  __global__ static void JAXC_CUDA__BOUNDS jaxc_cuda__k_##name##_##E(const __grid_constant__ jaxc_cuda__launch g) { \
    const int L = JAXC_CUDA__ILP_OF(jaxc__T_##E);                                                    \
    JAXC_CUDA__FOR_GROUPS(g, i, L) {                                                                 \
      jaxc_cuda__v4_##E<L> a = jaxc_cuda__get_##E<L>(g, g.in[0], i);                                 \
      OT o[L];                                                                                       \
      JAXC_CUDA__FOR_L(k, L) o[k] = OST(jaxc__f_##name##_##E(LD(a.v[k])));                           \
      jaxc_cuda__store4((OT *)g.out, i, g.n, o);                                                     \
    }                                                                                                \
  }
JAXC_OPS(JAXC_CUDA__GEN_OP)

/* where(cond, x, y) per result dtype, cond through XLA's cast to bool; astype per target. */
#define JAXC_CUDA__ELEMENTWISE(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__IN_DEVICE_##K(  \
  __global__ static void JAXC_CUDA__BOUNDS jaxc_cuda__kwhere_##E(const __grid_constant__ jaxc_cuda__launch g) { \
    const int L = JAXC_CUDA__ILP_OF(T);                                                              \
    JAXC_CUDA__FOR_GROUPS(g, i, L) {                                                                 \
      jaxc_cuda__v4_BOOL<L> w = jaxc_cuda__get_BOOL<L>(g, g.in[0], i);                               \
      jaxc_cuda__v4_##E<L> x = jaxc_cuda__get_##E<L>(g, g.in[1], i), y = jaxc_cuda__get_##E<L>(g, g.in[2], i); \
      T o[L];                                                                                        \
      JAXC_CUDA__FOR_L(k, L) o[k] = w.v[k] ? x.v[k] : y.v[k];                                        \
      jaxc_cuda__store4((T *)g.out, i, g.n, o);                                                      \
    }                                                                                                \
  }                                                                                                  \
  __global__ static void JAXC_CUDA__BOUNDS jaxc_cuda__kcast_to_##E(const __grid_constant__ jaxc_cuda__launch g) { \
    const int L = JAXC_CUDA__ILP_OF(T);                                                              \
    JAXC_CUDA__FOR_GROUPS(g, i, L) {                                                                 \
      jaxc_cuda__v4_##E<L> x = jaxc_cuda__get_##E<L>(g, g.in[0], i);                                 \
      jaxc_cuda__store4((T *)g.out, i, g.n, x.v);                                                    \
    }                                                                                                \
  })
JAXC__ARITH(JAXC_CUDA__ELEMENTWISE, ~)
/* complex64/complex128 -> a real dtype E (jaxc_cvt_c64_<e>: the real part; bool: either part). */
#define JAXC_CUDA__FROM_COMPLEX(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_NOC_##K(         \
  __global__ static void jaxc_cuda__kcplx_to_##E(const void *src, bool c128, int64_t n, T *dst) {    \
    JAXC_CUDA__FOR_EACH(i, n) {                                                                      \
      if (c128) {                                                                                    \
        double2 p = ((const double2 *)src)[i];                                                       \
        dst[i] = jaxc_cvt_c128_##c(jaxc__mk_jaxc_c128(p.x, p.y));                                    \
      } else {                                                                                       \
        float2 p = ((const float2 *)src)[i];                                                         \
        dst[i] = jaxc_cvt_c64_##c(jaxc__mk_jaxc_c64(p.x, p.y));                                      \
      }                                                                                              \
    }                                                                                                \
  })
JAXC__ARITH(JAXC_CUDA__FROM_COMPLEX, ~)

/* >>dispatch: a (op, dtype) switch generated from the same tables. */
/* Blocks for n elements in groups of ILP (at most the grid-stride loop's usual cap). */
static inline int jaxc_cuda__blocks(int64_t n, int ilp = JAXC_CUDA__ILP) {
  const int64_t per_block = (int64_t)JAXC_CUDA__THREADS * ilp;
  int64_t b = (n + per_block - 1) / per_block;
  return (int)(b < 1 ? 1 : b > 65535 * 8 ? 65535 * 8 : b);
}
#define JAXC_CUDA__CASE_OP(OP, name, ar, rule, grp, out, lax) \
  case JAXC_OP_##OP: switch (c) { JAXC__ARITH(JAXC_CUDA__CASE_ROW, (name, grp, ar)) default: return false; }
#define JAXC_CUDA__CASE_ROW(P, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__CASE_ROW_(JAXC__UNPACK P, E, K)
#define JAXC_CUDA__CASE_ROW_(...) JAXC_CUDA__CASE_ROW__(__VA_ARGS__)
#define JAXC_CUDA__CASE_ROW__(name, grp, ar, E, K) JAXC__IN_##grp##_##K(JAXC_CUDA__LAUNCH_##ar(name, E))
#define JAXC_CUDA__LAUNCH_BIN(name, E) \
  case JAXC_##E:                                                                                     \
    jaxc_cuda__k_##name##_##E<<<jaxc_cuda__blocks(g->n, JAXC_CUDA__ILP_OF(jaxc__T_##E)), JAXC_CUDA__THREADS>>>(*g); \
    return true;
#define JAXC_CUDA__LAUNCH_UN JAXC_CUDA__LAUNCH_BIN
#define JAXC_CUDA__LAUNCH_RED(name, E)
#define JAXC_CUDA__LAUNCH_UPD(name, E)
static inline bool jaxc_cuda__launch_op(jaxc_op op, jaxc_dtype c, const jaxc_cuda__launch *g) {
  switch (op) {
    JAXC_OPS(JAXC_CUDA__CASE_OP)
  default: return false;
  }
}
#define JAXC_CUDA__CASE_KERNEL(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) \
  case JAXC_##E: A##E<<<jaxc_cuda__blocks(g->n, JAXC_CUDA__ILP_OF(T)), JAXC_CUDA__THREADS>>>(*g); return true;
#define JAXC_CUDA__CASE_DEVICE(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) \
  JAXC_CUDA__IN_DEVICE_##K(JAXC_CUDA__CASE_KERNEL(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD))
static inline bool jaxc_cuda__launch_cast(jaxc_dtype to, const jaxc_cuda__launch *g) {
  switch (to) {
    JAXC__ARITH(JAXC_CUDA__CASE_DEVICE, jaxc_cuda__kcast_to_)
  default: return false;
  }
}
static inline bool jaxc_cuda__launch_where(jaxc_dtype dt, const jaxc_cuda__launch *g) {
  switch (dt) {
    JAXC__ARITH(JAXC_CUDA__CASE_DEVICE, jaxc_cuda__kwhere_)
  default: return false;
  }
}
#define JAXC_CUDA__CASE_FROM_COMPLEX(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_NOC_##K( \
  case JAXC_##E: jaxc_cuda__kcplx_to_##E<<<jaxc_cuda__blocks(n, 1), JAXC_CUDA__THREADS>>>(src, c128, n, (T *)dst); return true;)
static inline bool jaxc_cuda__launch_from_complex(jaxc_dtype to, const void *src, bool c128, int64_t n, void *dst) {
  switch (to) {
    JAXC__ARITH(JAXC_CUDA__CASE_FROM_COMPLEX, ~)
  default: return false;
  }
}

/* >>ops: the host side, with the CPU's promotion (jaxc_result_node, jaxc_op_result_node). */
static inline jaxc_dtype jaxc_cuda__node_of(const jaxc_cuda_array *a) {
  if (!a->weak) return a->dtype;
  switch (jaxc_dtype_kind(a->dtype)) {
  case JAXC_KIND_FLOAT: return JAXC_WEAK_FLOAT;
  case JAXC_KIND_COMPLEX: return JAXC_WEAK_COMPLEX;
  case JAXC_KIND_BOOL: return JAXC_BOOL; /* (a weak bool is a bool, as on the CPU) */
  default: return JAXC_WEAK_INT;
  }
}
/* The device's float arithmetic as this translation unit was compiled: a * b + c not contracted
   into an FMA (-fmad=false), subnormals kept (no -ftz=true), division and square root correctly
   rounded (no -prec-div=false / -prec-sqrt=false; --use_fast_math sets all three). Checked once
   per translation unit (static: each unit's flags are its own) against the host's IEEE
   arithmetic; the result is kept (0 unknown, 1 good, or the failing check + 1). */
enum { JAXC_CUDA__PROBE_N = 64 };
__global__ static void jaxc_cuda__k_probe(const float *in, float *out) {
  const int n = JAXC_CUDA__PROBE_N, i = (int)threadIdx.x;
  if (i == 0) out[0] = in[0] * in[1] + in[2]; /* 0, or 2^-24 when fused */
  if (i == 1) out[1] = in[3] * in[4];         /* a subnormal times 1, or 0 when flushed */
  if (i < n) out[2 + i] = in[5 + i] / in[5 + n + i], out[2 + n + i] = sqrtf(in[5 + i]);
}
static std::atomic<int> jaxc_cuda__probe_state(0);
static inline bool jaxc_cuda__arithmetic_ok(const char *what) {
#ifdef JAXC_CUDA_ALLOW_FAST_MATH
  (void)what;
  return true;
#else
  static const char *const flags[] = {"", "-fmad=true (nvcc's default: build with -fmad=false)",
                                      "-ftz=true (subnormals flushed to zero)", "-prec-div=false", "-prec-sqrt=false"};
  int state = jaxc_cuda__probe_state.load();
  if (state == 0 && !jaxc_cuda_available()) return true; /* (the op reports that) */
  if (state == 0) {
    const int n = JAXC_CUDA__PROBE_N;
    float in[5 + 2 * n], out[2 + 2 * n];
    float a = 1.0f + 0x1p-12f; /* a * a = 1 + 2^-11 + 2^-24 rounds to 1 + 2^-11 (a tie, to even) */
    in[0] = a, in[1] = a, in[2] = -(1.0f + 0x1p-11f), in[3] = 0x1p-140f, in[4] = 1.0f;
    uint32_t r = 12345u;
    for (int i = 0; i < 2 * n; i++) { /* quotients and roots of assorted magnitudes */
      r = r * 1664525u + 1013904223u;
      in[5 + i] = ldexpf(1.0f + (float)(r >> 9) * 0x1p-23f, (int)(r % 61u) - 30);
    }
    void *dev = NULL;
    if (!JAXC_CUDA_CHECK(cudaMalloc(&dev, sizeof in + sizeof out), JAXC_CUDA_ERR_NOMEM)) return false;
    float *din = (float *)dev, *dout = din + (5 + 2 * n);
    bool ran = JAXC_CUDA_CHECK(cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice), JAXC_CUDA_ERR_LAUNCH);
    if (ran) jaxc_cuda__k_probe<<<1, JAXC_CUDA__PROBE_N>>>(din, dout);
    ran = ran && JAXC_CUDA_CHECK(cudaGetLastError(), JAXC_CUDA_ERR_LAUNCH) &&
          JAXC_CUDA_CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost), JAXC_CUDA_ERR_LAUNCH);
    (void)cudaFree(dev);
    if (!ran) return false; /* (not kept: the next op tries again) */
    /* (the host's references, computed at run time; the subnormal compared as bits, which a
       host flushing subnormals cannot change) */
    state = out[0] != 0.0f ? 2 : memcmp(&out[1], &in[3], 4) ? 3 : 1;
    for (int i = 0; i < n && state == 1; i++) {
      volatile float x = in[5 + i], y = in[5 + n + i];
      float q = x / y, s = sqrtf(x);
      if (memcmp(&out[2 + i], &q, 4)) state = 4;
      else if (memcmp(&out[2 + n + i], &s, 4)) state = 5;
    }
    jaxc_cuda__probe_state.store(state);
  }
  if (state == 1) return true;
  snprintf(jaxc_cuda__message, sizeof jaxc_cuda__message,
           "%s: this file was compiled with %s: device results would differ from the CPU's "
           "(define JAXC_CUDA_ALLOW_FAST_MATH to accept that)", what, flags[state - 1]);
  jaxc_cuda__status = JAXC_CUDA_ERR_ARG;
  return false;
#endif
}
/* The start of every op: a launch error the caller's own kernels left pending is cleared (it
   would otherwise be reported as this op's), the device's arithmetic is as the CPU's (above),
   and each array (NULLs skipped) must hold its data at a 16-byte boundary, as cudaMalloc gives:
   the kernels load groups of up to 16 bytes at once. */
static inline bool jaxc_cuda__start(const char *what, int k, const jaxc_cuda_array *const *arrays) {
  (void)cudaGetLastError();
  if (!jaxc_cuda__arithmetic_ok(what)) return false;
  for (int j = 0; j < k; j++)
    if (arrays[j] && ((uintptr_t)arrays[j]->data & 15u)) {
      snprintf(jaxc_cuda__message, sizeof jaxc_cuda__message, "%s: device data must be 16-byte aligned", what);
      jaxc_cuda__status = JAXC_CUDA_ERR_ARG;
      return false;
    }
  return true;
}
/* Fills the operand's addressing for an output of g's shape (NumPy broadcasting). */
static inline bool jaxc_cuda__place(jaxc_cuda__launch *g, int j, const jaxc_cuda_array *a) {
  jaxc_cuda__operand *o = &g->in[j];
  o->data = a->data;
  o->dtype = a->dtype;
  o->size = (int)jaxc_cuda__dtype_size(a->dtype);
  o->cls = jaxc_cuda__class(a->dtype);
  bool same = a->ndim == g->ndim;
  for (int i = 0; same && i < g->ndim; i++) same = a->shape[i] == g->shape[i];
  o->mode = same ? 0 : a->size == 1 ? 1 : 2;
  int off = g->ndim - a->ndim;
  int64_t s = 1;
  for (int i = g->ndim - 1; i >= 0; i--) {
    int64_t d = i < off ? 1 : a->shape[i - off];
    if (d != 1 && d != g->shape[i]) return false;
    o->stride[i] = d == 1 ? 0 : s;
    s *= d;
  }
  return true;
}
/* The broadcast shape of k operands into g, and each operand's addressing. */
static inline bool jaxc_cuda__broadcast(jaxc_cuda__launch *g, int k, const jaxc_cuda_array *const *in) {
  g->ndim = 0;
  for (int j = 0; j < k; j++) g->ndim = in[j]->ndim > g->ndim ? in[j]->ndim : g->ndim;
  g->n = 1;
  for (int i = 0; i < g->ndim; i++) {
    int64_t d = 1;
    for (int j = 0; j < k; j++) {
      int ia = i - (g->ndim - in[j]->ndim);
      int64_t dj = ia < 0 ? 1 : in[j]->shape[ia];
      if (dj != d && dj != 1 && d != 1) return false;
      if (dj != 1) d = dj;
    }
    g->shape[i] = d;
    g->n *= d;
  }
  for (int j = 0; j < k; j++)
    if (!jaxc_cuda__place(g, j, in[j])) return false;
  return true;
}
/* An output of dtype od and the given shape: `into` when it fits, else a new array. */
static inline jaxc_cuda_array *jaxc_cuda__output_shape(jaxc_dtype od, int ndim, const int64_t *shape, jaxc_cuda_array *into) {
  if (!into) return jaxc_cuda_alloc_shape(od, ndim, shape);
  bool ok = into->dtype == od && into->ndim == ndim;
  for (int i = 0; ok && i < ndim; i++) ok = into->shape[i] == shape[i];
  if (!ok) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "output array has another dtype or shape", cudaSuccess);
  return into;
}
static inline jaxc_cuda_array *jaxc_cuda__output(const jaxc_cuda__launch *g, jaxc_dtype od, jaxc_cuda_array *into) {
  return jaxc_cuda__output_shape(od, g->ndim, g->shape, into);
}
/* After a launch: a launch error frees a new output and returns NULL. */
static inline jaxc_cuda_array *jaxc_cuda__launched(jaxc_cuda_array *out, jaxc_cuda_array *into) {
  if (!JAXC_CUDA_CHECK(cudaGetLastError(), JAXC_CUDA_ERR_LAUNCH)) {
    if (out != into) jaxc_cuda_free(out);
    return NULL;
  }
  jaxc_cuda__status = JAXC_CUDA_OK;
  return out;
}

/* Scratch per generally broadcast operand: at most JAXC_CUDA_GATHER_BYTES (default 32 MiB,
   which an H100's 50 MB L2 cache holds, so a gathered chunk is mostly read back from L2, and
   an outer product needs no scratch the size of its output). */
#ifndef JAXC_CUDA_GATHER_BYTES
#  define JAXC_CUDA_GATHER_BYTES (32 << 20)
#endif
/* Chunks start at multiples of 4096 elements, so that every chunk's groups stay aligned to
   their own size. */
#define JAXC_CUDA__CHUNK_MIN 4096
#if JAXC_CUDA_ILP_NARROW > JAXC_CUDA__CHUNK_MIN || JAXC_CUDA_ILP_WIDE > JAXC_CUDA__CHUNK_MIN
#  error "JAXC_CUDA_ILP_NARROW and JAXC_CUDA_ILP_WIDE must divide 4096 (the gather chunks' alignment)"
#endif
/* Elements per chunk of launch g over k operands: all of them when nothing is gathered. */
static inline int64_t jaxc_cuda__chunk(const jaxc_cuda__launch *g, int k) {
  int size = 0;
  for (int j = 0; j < k; j++)
    if (g->in[j].mode == 2 && g->in[j].size > size) size = g->in[j].size;
  if (!size) return g->n;
  int64_t c = JAXC_CUDA__CHUNK_MIN;
  while ((uint64_t)c * 2 * (uint64_t)size <= (uint64_t)(JAXC_CUDA_GATHER_BYTES)) c *= 2;
  return c;
}
/* Elements [s, s + c) of launch g as a launch of their own (out_size: bytes per output
   element); its generally broadcast operands are gathered into scratch (stream-ordered, freed
   by jaxc_cuda__release once the op is queued). False (nothing left allocated) on failure. */
static inline bool jaxc_cuda__part(const jaxc_cuda__launch *g, int k, int64_t s, int64_t c, size_t out_size,
                                   jaxc_cuda__launch *part, void **tmp) {
  *part = *g;
  part->n = c;
  part->out = (char *)g->out + s * (int64_t)out_size;
  for (int j = 0; j < k; j++) {
    jaxc_cuda__operand *o = &part->in[j];
    tmp[j] = NULL;
    if (o->mode == 0) o->data = (const char *)o->data + s * o->size;
    if (o->mode != 2) continue;
    if (!JAXC_CUDA_CHECK(jaxc_cuda__scratch(&tmp[j], (size_t)c * (size_t)o->size), JAXC_CUDA_ERR_NOMEM)) {
      for (int q = 0; q < j; q++) jaxc_cuda__scratch_free(tmp[q]);
      return false;
    }
    jaxc_cuda__k_gather<<<jaxc_cuda__blocks(c), JAXC_CUDA__THREADS>>>(*g, j, s, c, tmp[j]);
    o->data = tmp[j];
    o->mode = 0;
  }
  return true;
}
static inline void jaxc_cuda__release(int k, void **tmp) {
  for (int j = 0; j < k; j++) jaxc_cuda__scratch_free(tmp[j]);
}
/* A complex operand of a kernel of real dtype `to` (logical ops and where's condition test
   complex values) is cast to `to` first, into scratch that replaces tmp[j] (operands are
   contiguous or broadcast scalars by now); the real kernels then read real operands only. */
static inline bool jaxc_cuda__precast(jaxc_cuda__launch *g, int j, jaxc_dtype to, void **tmp) {
  jaxc_cuda__operand *o = &g->in[j];
  if (jaxc_dtype_kind((jaxc_dtype)o->dtype) != JAXC_KIND_COMPLEX || jaxc_dtype_kind(to) == JAXC_KIND_COMPLEX || !g->n)
    return true;
  int64_t count = o->mode ? 1 : g->n;
  void *buf = NULL;
  if (!JAXC_CUDA_CHECK(jaxc_cuda__scratch(&buf, (size_t)count * jaxc_cuda__dtype_size(to)), JAXC_CUDA_ERR_NOMEM)) return false;
  jaxc_cuda__launch_from_complex(to, o->data, o->dtype == JAXC_C128, count, buf);
  jaxc_cuda__scratch_free(*tmp);
  *tmp = buf;
  o->data = buf;
  o->dtype = to;
  o->size = (int)jaxc_cuda__dtype_size(to);
  o->cls = jaxc_cuda__class(to);
  return true;
}

/* Launches op in dtype c over g chunk by chunk (jaxc_cuda__chunk); where() when k is 3 (its
   condition tested as bool). False with the status set (nothing left allocated) on failure. */
static inline bool jaxc_cuda__run(jaxc_cuda__launch *g, int k, size_t out_size, jaxc_op op, jaxc_dtype c) {
  const int64_t chunk = jaxc_cuda__chunk(g, k);
  for (int64_t s = 0; s < g->n; s += chunk) {
    jaxc_cuda__launch part;
    void *tmp[3];
    if (!jaxc_cuda__part(g, k, s, g->n - s < chunk ? g->n - s : chunk, out_size, &part, tmp)) return false;
    bool ok = jaxc_cuda__precast(&part, 0, k == 3 ? JAXC_BOOL : c, &tmp[0]) && (k == 3 || jaxc_cuda__precast(&part, 1, c, &tmp[1]));
    bool launched = ok && (k == 3 ? jaxc_cuda__launch_where(c, &part) : jaxc_cuda__launch_op(op, c, &part));
    jaxc_cuda__release(k, tmp);
    if (!ok) return false;
    if (!launched) return jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "no device kernel for this op and dtype", cudaSuccess), false;
  }
  return true;
}

static inline jaxc_cuda_array *jaxc_cuda_unary(jaxc_op op, const jaxc_cuda_array *a, bool x64);
static inline jaxc_cuda_array *jaxc_cuda_astype(const jaxc_cuda_array *a, jaxc_dtype dtype, bool x64);
static inline jaxc_cuda_array *jaxc_cuda_astype_into(const jaxc_cuda_array *a, jaxc_cuda_array *out, bool x64);
static inline jaxc_cuda_array *jaxc_cuda__binary(jaxc_op op, const jaxc_cuda_array *a, const jaxc_cuda_array *b,
                                                 jaxc_rules rules, bool x64, jaxc_cuda_array *into);
/* fmod of two bools, as on the CPU (jaxc.h): jnp.fmod skips its zero-divisor guard for them and
   lax.rem on int32 gives x % 0 == x, so a && !b */
static inline jaxc_cuda_array *jaxc_cuda__fmod_bools(const jaxc_cuda_array *a, const jaxc_cuda_array *b, bool x64,
                                                     jaxc_cuda_array *into) {
  /* the output checked here (astype_into below would convert to any dtype); a broadcast error is
     the logical op's to report */
  jaxc_cuda__launch g;
  const jaxc_cuda_array *in[2] = {a, b};
  if (into && jaxc_cuda__broadcast(&g, 2, in) && !jaxc_cuda__output(&g, JAXC_I32, into)) return NULL;
  jaxc_cuda_array *nb = jaxc_cuda_unary(JAXC_OP_LOGICAL_NOT, b, x64);
  jaxc_cuda_array *t = nb ? jaxc_cuda__binary(JAXC_OP_LOGICAL_AND, a, nb, JAXC_RULES_JAX, x64, NULL) : NULL;
  jaxc_cuda_array *r = !t ? NULL : into ? jaxc_cuda_astype_into(t, into, x64) : jaxc_cuda_astype(t, JAXC_I32, x64);
  jaxc_cuda_free(nb);
  jaxc_cuda_free(t);
  return r;
}
/* A 0-d integer exponent (lax.integer_pow's, as on the CPU: jaxc__is_int_scalar): its value,
   read back from the device. False for any other b, or when the read fails (*failed). */
static inline bool jaxc_cuda__int_exponent(const jaxc_cuda_array *b, jaxc__int_exp *e, bool *failed) {
  *failed = false;
  if (!jaxc__is_int_scalar(b->ndim, b->dtype)) return false;
  unsigned char raw[8] = {0};
  if (!JAXC_CUDA_CHECK(cudaMemcpy(raw, b->data, jaxc_cuda__dtype_size(b->dtype), cudaMemcpyDeviceToHost), JAXC_CUDA_ERR_LAUNCH))
    return (*failed = true), false;
  *e = jaxc__int_exp_of(b->dtype, raw);
  return true;
}
/* lax.integer_pow(a, n), n != 0, as the CPU computes it (jaxc.h, jaxc__integer_pow): square and
   multiply over every bit of |n| in whole-array passes of the multiply kernel, 1 / acc for
   n < 0; `acc` is x itself until the first product (`alias`). */
static inline jaxc_cuda_array *jaxc_cuda__integer_pow(const jaxc_cuda_array *a, jaxc__int_exp e, jaxc_dtype c, bool weak,
                                                      bool x64, jaxc_cuda_array *into) {
  uint64_t m = e.mag;
  jaxc_cuda_array *x = jaxc_cuda_astype(a, c, x64), *acc = NULL, *t;
  bool alias = false;
  for (; x && m; m >>= 1) {
    if (m & 1) {
      if (!acc) acc = x, alias = true;
      else {
        t = jaxc_cuda__binary(JAXC_OP_MULTIPLY, acc, x, JAXC_RULES_JAX, x64, NULL);
        if (!alias) jaxc_cuda_free(acc);
        acc = t, alias = false;
        if (!acc) break;
      }
    }
    if (m > 1) {
      t = jaxc_cuda__binary(JAXC_OP_MULTIPLY, x, x, JAXC_RULES_JAX, x64, NULL);
      if (!alias) jaxc_cuda_free(x);
      x = t, alias = false;
    }
  }
  if (!alias) jaxc_cuda_free(x);
  if (!x || !acc) { if (acc != x) jaxc_cuda_free(acc); return NULL; }
  if (e.neg) {
    const int64_t one_v = 1;
    jaxc_cuda_array *one = jaxc_cuda_upload_shape(JAXC_I64, 0, NULL, &one_v);
    if (one) one->weak = true;
    t = one ? jaxc_cuda__binary(JAXC_OP_TRUE_DIVIDE, one, acc, JAXC_RULES_JAX, x64, NULL) : NULL;
    jaxc_cuda_free(one), jaxc_cuda_free(acc);
    if (!(acc = t)) return NULL;
  }
  acc->weak = weak;
  if (!into) return acc;
  jaxc_cuda_array *r = jaxc_cuda_astype_into(acc, into, x64); /* (same dtype: a copy) */
  jaxc_cuda_free(acc);
  return r;
}
/* jnp.<op>(a, b) on the device: JAX's result dtype and weak flag (rules: JAXC_RULES_JAX or
   _STRICT; x64 as jaxc_x64() would say), broadcasting, no implicit host copies. With `into`
   the result goes to an existing device array of the right dtype and shape (no allocation). */
static inline jaxc_cuda_array *jaxc_cuda__binary(jaxc_op op, const jaxc_cuda_array *a, const jaxc_cuda_array *b,
                                                 jaxc_rules rules, bool x64, jaxc_cuda_array *into) {
  if (!a || !b || jaxc_op_arity(op) != JAXC_ARITY_BIN)
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_binary: bad op or operand", cudaSuccess);
  const jaxc_cuda_array *arrays[3] = {a, b, into};
  if (!jaxc_cuda__start("jaxc_cuda_binary", 3, arrays)) return NULL;
  if (op == JAXC_OP_FMOD && a->dtype == JAXC_BOOL && b->dtype == JAXC_BOOL) return jaxc_cuda__fmod_bools(a, b, x64, into);
  if (op == JAXC_OP_LDEXP && !jaxc__ldexp_accepts(a->dtype, b->dtype))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "ldexp not supported for these input types", cudaSuccess);
  if (op == JAXC_OP_POLYGAMMA && !jaxc__polygamma_n_ok(a->dtype))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "Argument `n` to polygamma must be of integer type", cudaSuccess);
  bool int_pow = op == JAXC_OP_POWER && jaxc__is_int_scalar(b->ndim, b->dtype);
  jaxc_dtype node = jaxc__follows_first(op, b->ndim, b->dtype) /* (x1 alone, as on the CPU) */
                        ? jaxc_cuda__node_of(a) : jaxc_result_node(rules, x64, jaxc_cuda__node_of(a), jaxc_cuda__node_of(b));
  if (node == JAXC_DTYPE_INVALID)
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "no implicit dtype promotion path (strict)", cudaSuccess);
  if (jaxc_op_rule(op) == JAXC_RULE_LOGICAL) {
    /* promote_args first, as on the CPU (jaxc__logical_operand): a weak operand converted to the
       join can become 0; strong ones only widen */
    jaxc_dtype join = jaxc_storage_dtype(node, x64);
    bool conv_a = a->weak && a->dtype != join, conv_b = b->weak && b->dtype != join;
    if (conv_a || conv_b) {
      jaxc_cuda_array *ta = conv_a ? jaxc_cuda_astype(a, join, x64) : NULL, *tb = conv_b ? jaxc_cuda_astype(b, join, x64) : NULL;
      jaxc_cuda_array *r = NULL;
      if ((ta || !conv_a) && (tb || !conv_b)) {
        if (ta) ta->weak = true; /* still the weak value: the join (and strict mode) see the same */
        if (tb) tb->weak = true;
        r = jaxc_cuda__binary(op, ta ? ta : a, tb ? tb : b, rules, x64, into);
      }
      jaxc_cuda_free(ta);
      jaxc_cuda_free(tb);
      return r;
    }
    node = JAXC_BOOL;
  }
  node = jaxc_op_result_node(op, node);
  jaxc_dtype c = jaxc_storage_dtype(node, x64), od = jaxc_op_output_dtype(op, c);
  if (!jaxc_op_accepts(op, c))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "the op does not accept this dtype on the device", cudaSuccess);
  jaxc__int_exp e = {0, false};
  bool read_failed = false;
  if (int_pow && jaxc_cuda__int_exponent(b, &e, &read_failed) && e.mag != 0) { /* (x ** 0: the kernel) */
    if (e.neg && jaxc__is_integral(c))
      return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "Integers cannot be raised to negative powers (integer_pow)", cudaSuccess);
    return jaxc_cuda__integer_pow(a, e, c, jaxc_dtype_is_weak(node), x64, into);
  }
  if (read_failed) return NULL;
  jaxc_cuda__launch g;
  const jaxc_cuda_array *in[2] = {a, b};
  if (!jaxc_cuda__broadcast(&g, 2, in))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "incompatible shapes for broadcasting", cudaSuccess);
  jaxc_cuda_array *out = jaxc_cuda__output(&g, od, into);
  if (!out) return NULL;
  out->weak = od == c && jaxc_dtype_is_weak(node);
  g.out = out->data;
  if (!jaxc_cuda__run(&g, 2, jaxc_cuda__dtype_size(od), op, c)) {
    if (out != into) jaxc_cuda_free(out);
    return NULL;
  }
  return jaxc_cuda__launched(out, into);
}
static inline jaxc_cuda_array *jaxc_cuda_binary(jaxc_op op, const jaxc_cuda_array *a, const jaxc_cuda_array *b,
                                                jaxc_rules rules, bool x64) {
  return jaxc_cuda__binary(op, a, b, rules, x64, NULL);
}
static inline jaxc_cuda_array *jaxc_cuda_binary_into(jaxc_op op, const jaxc_cuda_array *a, const jaxc_cuda_array *b,
                                                     jaxc_rules rules, bool x64, jaxc_cuda_array *out) {
  if (!out) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "output array is NULL", cudaSuccess);
  return jaxc_cuda__binary(op, a, b, rules, x64, out);
}
/* A launch over one operand of a's shape. */
static inline void jaxc_cuda__single(jaxc_cuda__launch *g, const jaxc_cuda_array *a) {
  jaxc_cuda__broadcast(g, 1, &a);
  g->in[1] = g->in[2] = g->in[0];
}
static inline jaxc_cuda_array *jaxc_cuda_unary(jaxc_op op, const jaxc_cuda_array *a, bool x64) {
  if (!a || jaxc_op_arity(op) != JAXC_ARITY_UN)
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_unary: bad op or operand", cudaSuccess);
  if (!jaxc_cuda__start("jaxc_cuda_unary", 1, &a)) return NULL;
  jaxc_dtype node = jaxc_op_result_node(op, jaxc_cuda__node_of(a));
  jaxc_dtype c = jaxc_storage_dtype(node, x64), od = jaxc_op_output_dtype(op, c);
  if (!jaxc_op_accepts(op, c))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "the op does not accept this dtype on the device", cudaSuccess);
  jaxc_cuda__launch g;
  jaxc_cuda__single(&g, a);
  jaxc_cuda_array *out = jaxc_cuda__output(&g, od, NULL);
  if (!out) return NULL;
  out->weak = jaxc__unary_weak(op, node, od);
  g.out = out->data;
  void *tmp = NULL;
  if (!jaxc_cuda__precast(&g, 0, c, &tmp)) {
    jaxc_cuda_free(out);
    return NULL;
  }
  bool launched = !g.n || jaxc_cuda__launch_op(op, c, &g);
  jaxc_cuda__release(1, &tmp);
  if (!launched) {
    jaxc_cuda_free(out);
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "no device kernel for this op and dtype", cudaSuccess);
  }
  return jaxc_cuda__launched(out, NULL);
}
/* astype with XLA's ConvertElementType, as on the CPU (dtype narrowed by x64). */
static inline jaxc_cuda_array *jaxc_cuda__astype(const jaxc_cuda_array *a, jaxc_dtype dtype, bool x64, jaxc_cuda_array *into) {
  if (!a || !JAXC_DTYPE_VALID(dtype) || JAXC_DTYPE_IS_WEAK(dtype))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_astype: bad array or dtype", cudaSuccess);
  const jaxc_cuda_array *arrays[2] = {a, into};
  if (!jaxc_cuda__start("jaxc_cuda_astype", 2, arrays)) return NULL;
  jaxc_dtype to = jaxc_storage_dtype(dtype, x64);
  jaxc_cuda__launch g;
  jaxc_cuda__single(&g, a);
  jaxc_cuda_array *out = jaxc_cuda__output(&g, to, into);
  if (!out) return NULL;
  out->weak = false;
  g.out = out->data;
  if (g.n && jaxc_dtype_kind(a->dtype) == JAXC_KIND_COMPLEX && jaxc_dtype_kind(to) != JAXC_KIND_COMPLEX)
    jaxc_cuda__launch_from_complex(to, a->data, a->dtype == JAXC_C128, g.n, out->data);
  else if (g.n)
    jaxc_cuda__launch_cast(to, &g);
  return jaxc_cuda__launched(out, into);
}
static inline jaxc_cuda_array *jaxc_cuda_astype(const jaxc_cuda_array *a, jaxc_dtype dtype, bool x64) {
  return jaxc_cuda__astype(a, dtype, x64, NULL);
}
static inline jaxc_cuda_array *jaxc_cuda_astype_into(const jaxc_cuda_array *a, jaxc_cuda_array *out, bool x64) {
  if (!out) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "output array is NULL", cudaSuccess);
  return jaxc_cuda__astype(a, out->dtype, x64, out);
}
/* jnp.where(cond, x, y): cond tested != 0 (NaN is true), x and y promoted like a binary op
   (weak flag kept), all three broadcast. */
static inline jaxc_cuda_array *jaxc_cuda_where(const jaxc_cuda_array *cond, const jaxc_cuda_array *x, const jaxc_cuda_array *y,
                                               jaxc_rules rules, bool x64) {
  if (!cond || !x || !y) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "where: an operand is NULL", cudaSuccess);
  const jaxc_cuda_array *arrays[3] = {cond, x, y};
  if (!jaxc_cuda__start("jaxc_cuda_where", 3, arrays)) return NULL;
  jaxc_dtype node = jaxc_result_node(rules, x64, jaxc_cuda__node_of(x), jaxc_cuda__node_of(y));
  if (node == JAXC_DTYPE_INVALID)
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "no implicit dtype promotion path (strict)", cudaSuccess);
  jaxc_dtype dt = jaxc_storage_dtype(node, x64);
  jaxc_cuda__launch g;
  const jaxc_cuda_array *in[3] = {cond, x, y};
  if (!jaxc_cuda__broadcast(&g, 3, in))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "where got incompatible shapes for broadcasting", cudaSuccess);
  jaxc_cuda_array *out = jaxc_cuda__output(&g, dt, NULL);
  if (!out) return NULL;
  out->weak = jaxc_dtype_is_weak(node);
  g.out = out->data;
  if (!jaxc_cuda__run(&g, 3, jaxc_cuda__dtype_size(dt), JAXC_OP_ADD /* (unused) */, dt)) {
    jaxc_cuda_free(out);
    return NULL;
  }
  return jaxc_cuda__launched(out, NULL);
}

/* >>reduce: sum, prod, mean, max, min, argmax, argmin, any, all over one axis or all, with
   jax.numpy's result dtypes (jaxc_reduce_output_dtype, shared with the CPU). Lanes of n
   elements at stride `inner` are cut into chunks; each (lane, chunk) gives a partial state,
   then one thread per output merges its chunks in order and stores the result. Integer sums
   and products wrap in 64 bits and are truncated to the result (exactly the CPU's values);
   max/min/arg* keep the first NaN or the first extreme (exact); float sums run in double,
   float products in the compute type, in a tree order (the CPU sums pairwise). */
typedef enum jaxc_cuda__rkind { JAXC_CUDA__R_SUM, JAXC_CUDA__R_MEAN, JAXC_CUDA__R_PROD, JAXC_CUDA__R_EXT, JAXC_CUDA__R_ANY, JAXC_CUDA__R_ALL } jaxc_cuda__rkind;
/* max/argmax (else min/argmin); max/min values, where +0 is above -0 (argmax and argmin take the
   first of equal zeros, as JAX's comparator does) */
enum { JAXC_CUDA__EXT_MAX = 1, JAXC_CUDA__EXT_VALUE = 2 };
typedef struct jaxc_cuda__rgeom {
  const void *x;
  int64_t outer, n, inner, nout, chunks;
  int ext;   /* R_EXT: JAXC_CUDA__EXT_* flags */
  void *part;
} jaxc_cuda__rgeom;
/* A partial state: integer sum/product (u), float sum (f; complex: f + i fi), float product or
   extreme value (v, in the compute type), the extreme's position in the lane (idx, -1 none),
   any/all (u). */
#define JAXC_CUDA__RSTATE(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__IN_DEVICE_##K( \
  typedef struct jaxc_cuda__rs_##E { uint64_t u; double f, fi; CT v; int64_t idx; } jaxc_cuda__rs_##E;)
JAXC__ARITH(JAXC_CUDA__RSTATE, ~)
#define JAXC_CUDA__TOU64_KB(v) ((uint64_t)(v))
#define JAXC_CUDA__TOU64_KU(v) ((uint64_t)(v))
#define JAXC_CUDA__TOU64_KI(v) ((uint64_t)(int64_t)(v))
#define JAXC_CUDA__TOU64_KF(v) ((uint64_t)0)
#define JAXC_CUDA__ISNAN_KB(v) false
#define JAXC_CUDA__ISNAN_KU(v) false
#define JAXC_CUDA__ISNAN_KI(v) false
#define JAXC_CUDA__ISNAN_KF(v) ((v) != (v))
#define JAXC_CUDA__INTLIKE_KB true
#define JAXC_CUDA__INTLIKE_KU true
#define JAXC_CUDA__INTLIKE_KI true
#define JAXC_CUDA__INTLIKE_KF false
/* The value operations a reduction needs: C's operators on the real compute types, the CPU's
   part-wise functions on complex ones (an overload wins over the template); any/all of a
   complex value test its real part, as jnp.any does. */
#define JAXC_CUDA__TOU64_KC(v) ((uint64_t)0)
#define JAXC_CUDA__ISNAN_KC(v) jaxc_cuda__visnan(v)
#define JAXC_CUDA__INTLIKE_KC false
template <class V> __device__ static inline V jaxc_cuda__vone(const V *, bool one) { return (V)one; }
template <class V> __device__ static inline V jaxc_cuda__vmul(V a, V b) { return (V)(a * b); }
template <class V> __device__ static inline bool jaxc_cuda__veq(V a, V b) { return a == b; }
template <class V> __device__ static inline bool jaxc_cuda__vlt(V a, V b) { return a < b; }
template <class V> __device__ static inline bool jaxc_cuda__vneg(V v) { return signbit((double)v); }
template <class V> __device__ static inline double jaxc_cuda__vre(V v) { return (double)v; }
template <class V> __device__ static inline double jaxc_cuda__vim(V) { return 0.0; }
/* mean's summand: 32-bit ints through float32, their result dtype, as on the CPU */
template <class V> __device__ static inline V jaxc_cuda__mean_in(V v) { return v; }
__device__ static inline float jaxc_cuda__mean_in(int32_t v) { return (float)v; }
__device__ static inline float jaxc_cuda__mean_in(uint32_t v) { return (float)v; }
template <class V> __device__ static inline bool jaxc_cuda__vtruth(V v) { return v != (V)0; }
#define JAXC_CUDA__CPX_VALUE_OPS(T)                                                                  \
  __device__ static inline T jaxc_cuda__vone(const T *, bool one) { return jaxc__mk_##T(one, 0); }   \
  __device__ static inline T jaxc_cuda__vmul(T a, T b) { return jaxc__m_mul_##T(a, b); }            \
  __device__ static inline bool jaxc_cuda__veq(T a, T b) { return jaxc__m_eq_##T(a, b); }           \
  __device__ static inline bool jaxc_cuda__vlt(T a, T b) { return jaxc__m_lt_##T(a, b); }           \
  __device__ static inline bool jaxc_cuda__vneg(T) { return false; }                                \
  __device__ static inline double jaxc_cuda__vre(T v) { return jaxc__re_##T(v); }                    \
  __device__ static inline double jaxc_cuda__vim(T v) { return jaxc__im_##T(v); }                    \
  __device__ static inline bool jaxc_cuda__vtruth(T v) { return jaxc__re_##T(v) != 0; }            \
  __device__ static inline bool jaxc_cuda__visnan(T v) { return jaxc__m_isnan_##T(v); }
JAXC_CUDA__CPX_VALUE_OPS(jaxc_c64)
JAXC_CUDA__CPX_VALUE_OPS(jaxc_c128)
/* A float or complex result from the merged state, stored in the result's dtype. */
#define JAXC_CUDA__STOREF_KB(E, T, s, r, g, out, j, od)                                             \
  jaxc_cuda__store_f64(out, j, od, r == JAXC_CUDA__R_PROD ? (double)s.v : r == JAXC_CUDA__R_MEAN ? s.f / (double)g.n : s.f)
#define JAXC_CUDA__STOREF_KU JAXC_CUDA__STOREF_KB
#define JAXC_CUDA__STOREF_KI JAXC_CUDA__STOREF_KB
#define JAXC_CUDA__STOREF_KF JAXC_CUDA__STOREF_KB
#define JAXC_CUDA__STOREF_KC(E, T, s, r, g, out, j, od)                                             \
  ((T *)out)[j] = r == JAXC_CUDA__R_PROD ? s.v                                                       \
                  : r == JAXC_CUDA__R_MEAN ? jaxc__mk_##T((jaxc__RT_##E)(s.f / (double)g.n), (jaxc__RT_##E)(s.fi / (double)g.n)) \
                                           : jaxc__mk_##T((jaxc__RT_##E)s.f, (jaxc__RT_##E)s.fi)

/* Per input dtype E: the identity, one element in, two states merged (commutative and
   associative: the extreme's tie-break is the lower position), a block's states merged, and
   the kernels. */
#define JAXC_CUDA__RED(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__IN_DEVICE_##K(         \
  __device__ static inline jaxc_cuda__rs_##E jaxc_cuda__rs_init_##E(int r) {                         \
    jaxc_cuda__rs_##E s;                                                                             \
    s.u = r == JAXC_CUDA__R_PROD || r == JAXC_CUDA__R_ALL;                                           \
    s.f = s.fi = 0;                                                                                  \
    s.v = jaxc_cuda__vone((const CT *)0, r == JAXC_CUDA__R_PROD);                                    \
    s.idx = -1;                                                                                      \
    return s;                                                                                        \
  }                                                                                                  \
  __device__ static inline void jaxc_cuda__rs_merge_##E(jaxc_cuda__rs_##E &s, const jaxc_cuda__rs_##E &o, int r, int ext) { \
    switch (r) {                                                                                     \
    case JAXC_CUDA__R_SUM: case JAXC_CUDA__R_MEAN: s.u += o.u; s.f += o.f; s.fi += o.fi; break;                                            \
    case JAXC_CUDA__R_PROD: s.u *= o.u; s.v = jaxc_cuda__vmul(s.v, o.v); break;               \
    case JAXC_CUDA__R_ANY: s.u |= o.u; break;                                                        \
    case JAXC_CUDA__R_ALL: s.u &= o.u; break;                                                        \
    default: {                                                                                       \
      if (o.idx < 0) break;                                                                          \
      if (s.idx < 0) { s = o; break; }                                                               \
      bool sn = JAXC_CUDA__ISNAN_##K(s.v), on = JAXC_CUDA__ISNAN_##K(o.v), take, max = ext & JAXC_CUDA__EXT_MAX; \
      if (sn || on) take = on && (!sn || o.idx < s.idx);                                             \
      else if (jaxc_cuda__veq(o.v, s.v))                                                             \
        take = (ext & JAXC_CUDA__EXT_VALUE) && jaxc_cuda__vneg(o.v) != jaxc_cuda__vneg(s.v)           \
                   ? jaxc_cuda__vneg(o.v) != max /* -0 and +0 */                                     \
                   : o.idx < s.idx;                                                                  \
      else take = max ? jaxc_cuda__vlt(s.v, o.v) : jaxc_cuda__vlt(o.v, s.v);                         \
      if (take) { s.v = o.v; s.idx = o.idx; }                                                        \
    }                                                                                                \
    }                                                                                                \
  }                                                                                                  \
  __device__ static inline void jaxc_cuda__rs_add_##E(jaxc_cuda__rs_##E &s, int r, int ext, CT v, int64_t k) { \
    switch (r) {                                                                                     \
    case JAXC_CUDA__R_SUM:                                                                           \
      if (JAXC_CUDA__INTLIKE_##K) s.u += JAXC_CUDA__TOU64_##K(v);                                    \
      else s.f += jaxc_cuda__vre(v), s.fi += jaxc_cuda__vim(v);                         \
      break;                                                                                         \
    case JAXC_CUDA__R_MEAN: s.f += jaxc_cuda__vre(jaxc_cuda__mean_in(v)); s.fi += jaxc_cuda__vim(v); break; \
    case JAXC_CUDA__R_PROD:                                                                          \
      if (JAXC_CUDA__INTLIKE_##K) s.u *= JAXC_CUDA__TOU64_##K(v); else s.v = jaxc_cuda__vmul(s.v, v); \
      break;                                                                                         \
    case JAXC_CUDA__R_ANY: s.u |= jaxc_cuda__vtruth(v); break;                                \
    case JAXC_CUDA__R_ALL: s.u &= jaxc_cuda__vtruth(v); break;                                \
    default: {                                                                                       \
      jaxc_cuda__rs_##E o;                                                                           \
      o.v = v;                                                                                       \
      o.idx = k;                                                                                     \
      jaxc_cuda__rs_merge_##E(s, o, r, ext);                                                         \
    }                                                                                                \
    }                                                                                                \
  }                                                                                                  \
  /* Merges the block's states into thread 0's (sh: THREADS states of shared memory). */      \
  __device__ static inline jaxc_cuda__rs_##E jaxc_cuda__rs_block_##E(jaxc_cuda__rs_##E s, jaxc_cuda__rs_##E *sh, int r, int ext) { \
    sh[threadIdx.x] = s;                                                                             \
    __syncthreads();                                                                                 \
    for (int w = JAXC_CUDA__THREADS / 2; w > 0; w /= 2) {                                            \
      if ((int)threadIdx.x < w) jaxc_cuda__rs_merge_##E(sh[threadIdx.x], sh[threadIdx.x + w], r, ext); \
      __syncthreads();                                                                               \
    }                                                                                                \
    s = sh[0];                                                                                       \
    __syncthreads(); /* sh may be reused */                                                          \
    return s;                                                                                        \
  }                                                                                                  \
  /* Long contiguous lanes: a block per (lane, chunk), 16-byte loads between scalar ends. */       \
  template <int R> __global__ static void jaxc_cuda__kred_rows_##E(const __grid_constant__ jaxc_cuda__rgeom g) { \
    __shared__ jaxc_cuda__rs_##E sh[JAXC_CUDA__THREADS];                                             \
    const int V = 16 / sizeof(T);                                                                    \
    int64_t j = blockIdx.x / g.chunks, ch = blockIdx.x % g.chunks;                                   \
    int64_t k0 = g.n * ch / g.chunks, k1 = g.n * (ch + 1) / g.chunks;                                \
    const T *x = (const T *)g.x + j * g.n;                                                           \
    int64_t a0 = k0 + (int64_t)(((16u - ((uintptr_t)(x + k0) & 15u)) & 15u) / sizeof(T));            \
    if (a0 > k1) a0 = k1;                                                                            \
    int64_t nv = (k1 - a0) / V, a1 = a0 + nv * V;                                                    \
    jaxc_cuda__rs_##E s = jaxc_cuda__rs_init_##E(R);                                                 \
    for (int64_t k = k0 + threadIdx.x; k < a0; k += JAXC_CUDA__THREADS) jaxc_cuda__rs_add_##E(s, R, g.ext, LD(x[k]), k); \
    const uint4 *xv = (const uint4 *)(x + a0);                                                       \
    _Pragma("unroll 4") for (int64_t m = threadIdx.x; m < nv; m += JAXC_CUDA__THREADS) {             \
      uint4 w = xv[m];                                                                               \
      T e[16 / sizeof(T)];                                                                           \
      memcpy(e, &w, 16);                                                                             \
      _Pragma("unroll") for (int q = 0; q < V; q++) jaxc_cuda__rs_add_##E(s, R, g.ext, LD(e[q]), a0 + m * V + q); \
    }                                                                                                \
    for (int64_t k = a1 + threadIdx.x; k < k1; k += JAXC_CUDA__THREADS) jaxc_cuda__rs_add_##E(s, R, g.ext, LD(x[k]), k); \
    s = jaxc_cuda__rs_block_##E(s, sh, R, g.ext);                                                    \
    if (threadIdx.x == 0) ((jaxc_cuda__rs_##E *)g.part)[blockIdx.x] = s;                             \
  }                                                                                                  \
  /* Output j from its merged state, in the result's dtype. */                                      \
  __device__ static inline void jaxc_cuda__rs_store_##E(const jaxc_cuda__rgeom &g, int r, int op, int od, void *out, \
                                                        int64_t j, const jaxc_cuda__rs_##E &s) {     \
    if (r == JAXC_CUDA__R_EXT && (op == JAXC_OP_MAX || op == JAXC_OP_MIN)) {                         \
      int64_t o = j / g.inner, i = j % g.inner;                                                      \
      ((T *)out)[j] = ((const T *)g.x)[(o * g.n + s.idx) * g.inner + i]; /* the element's bits */   \
    } else if (r == JAXC_CUDA__R_EXT) {                                                              \
      jaxc_cuda__store_u64(out, j, od, (uint64_t)s.idx);                                             \
    } else if (r == JAXC_CUDA__R_ANY || r == JAXC_CUDA__R_ALL) {                                     \
      ((bool *)out)[j] = s.u != 0;                                                                   \
    } else if (JAXC_CUDA__INTLIKE_##K && r != JAXC_CUDA__R_MEAN) {                                   \
      jaxc_cuda__store_u64(out, j, od, s.u);                                                         \
    } else {                                                                                         \
      JAXC_CUDA__STOREF_##K(E, T, s, r, g, out, j, od);                                              \
    }                                                                                                \
  }                                                                                                  \
  /* Everything else: a thread per (output, chunk), adjacent threads on adjacent columns; with one \
     chunk per output the thread stores the result itself (no partial states: a (2^28, 2) sum  \
     over axis 1 would need 2^28 of them). */                                                    \
  template <int R> __global__ static void jaxc_cuda__kred_cols_##E(const __grid_constant__ jaxc_cuda__rgeom g, int op, int od, void *out) { \
    for (int64_t t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; t < g.nout * g.chunks;         \
         t += (int64_t)gridDim.x * blockDim.x) {                                                     \
      int64_t ch = t / g.nout, j = t % g.nout, o = j / g.inner, i = j % g.inner;                     \
      int64_t k0 = g.n * ch / g.chunks, k1 = g.n * (ch + 1) / g.chunks;                              \
      const T *x = (const T *)g.x + o * g.n * g.inner + i;                                           \
      jaxc_cuda__rs_##E s = jaxc_cuda__rs_init_##E(R);                                               \
      for (int64_t k = k0; k < k1; k++) jaxc_cuda__rs_add_##E(s, R, g.ext, LD(x[k * g.inner]), k);   \
      if (g.chunks == 1) jaxc_cuda__rs_store_##E(g, R, op, od, out, j, s);                           \
      else ((jaxc_cuda__rs_##E *)g.part)[j * g.chunks + ch] = s;                                      \
    }                                                                                                \
  }                                                                                                  \
  /* Each output's chunks merged (a thread per output, or a block when there are several). */     \
  template <int R> __global__ static void jaxc_cuda__kred_finish_##E(const __grid_constant__ jaxc_cuda__rgeom g, int op, int od, void *out) { \
    __shared__ jaxc_cuda__rs_##E sh[JAXC_CUDA__THREADS];                                             \
    const jaxc_cuda__rs_##E *p = (const jaxc_cuda__rs_##E *)g.part;                                  \
    if (g.chunks == 1) {                                                                             \
      for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < g.nout; j += (int64_t)gridDim.x * blockDim.x) \
        jaxc_cuda__rs_store_##E(g, R, op, od, out, j, p[j]);                                         \
      return;                                                                                        \
    }                                                                                                \
    for (int64_t j = blockIdx.x; j < g.nout; j += gridDim.x) {                                       \
      jaxc_cuda__rs_##E s = jaxc_cuda__rs_init_##E(R);                                               \
      for (int64_t ch = threadIdx.x; ch < g.chunks; ch += JAXC_CUDA__THREADS)                        \
        jaxc_cuda__rs_merge_##E(s, p[j * g.chunks + ch], R, g.ext);                                  \
      s = jaxc_cuda__rs_block_##E(s, sh, R, g.ext);                                                  \
      if (threadIdx.x == 0) jaxc_cuda__rs_store_##E(g, R, op, od, out, j, s);                        \
    }                                                                                                \
  }                                                                                                  \
  template <int R> static inline void jaxc_cuda__red_run_##E(const jaxc_cuda__rgeom *g, bool rows, int op, int od, void *out) { \
    int64_t pieces = g->nout * g->chunks;                                                            \
    if (!rows) {                                                                                     \
      jaxc_cuda__kred_cols_##E<R><<<jaxc_cuda__blocks(pieces * JAXC_CUDA__ILP), JAXC_CUDA__THREADS>>>(*g, op, od, out); \
      if (g->chunks == 1) return;                                                                    \
    } else {                                                                                         \
      jaxc_cuda__kred_rows_##E<R><<<(unsigned)pieces, JAXC_CUDA__THREADS>>>(*g);                     \
    }                                                                                                \
    int fb = g->chunks == 1 ? jaxc_cuda__blocks(g->nout * JAXC_CUDA__ILP) : (int)(g->nout < 65535 * 8 ? g->nout : 65535 * 8); \
    jaxc_cuda__kred_finish_##E<R><<<fb, JAXC_CUDA__THREADS>>>(*g, op, od, out);                      \
  })
/* Stores with the CPU's casts from the 64-bit hubs (u64 wraps; f64 rounds once). */
#define JAXC_CUDA__STORE_CASE(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__IN_DEVICE_##K( \
  case JAXC_##E: ((T *)out)[j] = jaxc_cvt_##A##_##c(v); break;)
__device__ static inline void jaxc_cuda__store_u64(void *out, int64_t j, int od, uint64_t v) {
  switch (od) { JAXC__ARITH(JAXC_CUDA__STORE_CASE, u64) default: break; }
}
__device__ static inline void jaxc_cuda__store_f64(void *out, int64_t j, int od, double v) {
  switch (od) { JAXC__ARITH(JAXC_CUDA__STORE_CASE, f64) default: break; }
}
JAXC__ARITH(JAXC_CUDA__RED, ~)

#define JAXC_CUDA__RED_LAUNCH(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__IN_DEVICE_##K( \
  case JAXC_##E:                                                                                     \
    switch (r) {                                                                                     \
    case JAXC_CUDA__R_SUM: jaxc_cuda__red_run_##E<JAXC_CUDA__R_SUM>(g, rows, op, od, out); break;   \
    case JAXC_CUDA__R_MEAN: jaxc_cuda__red_run_##E<JAXC_CUDA__R_MEAN>(g, rows, op, od, out); break; \
    case JAXC_CUDA__R_PROD: jaxc_cuda__red_run_##E<JAXC_CUDA__R_PROD>(g, rows, op, od, out); break; \
    case JAXC_CUDA__R_EXT: jaxc_cuda__red_run_##E<JAXC_CUDA__R_EXT>(g, rows, op, od, out); break;   \
    case JAXC_CUDA__R_ANY: jaxc_cuda__red_run_##E<JAXC_CUDA__R_ANY>(g, rows, op, od, out); break;   \
    default: jaxc_cuda__red_run_##E<JAXC_CUDA__R_ALL>(g, rows, op, od, out); break;                 \
    }                                                                                                \
    return true;)
#define JAXC_CUDA__RED_SIZE(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__IN_DEVICE_##K( \
  case JAXC_##E: return sizeof(jaxc_cuda__rs_##E);)
static inline size_t jaxc_cuda__rs_size(jaxc_dtype d) {
  switch (d) { JAXC__ARITH(JAXC_CUDA__RED_SIZE, ~) default: return 0; }
}
static inline bool jaxc_cuda__launch_reduce(jaxc_dtype d, const jaxc_cuda__rgeom *g, bool rows, int r, int op, int od, void *out) {
  switch (d) { JAXC__ARITH(JAXC_CUDA__RED_LAUNCH, ~) default: return false; }
}

/* The device's share of work: enough (lane, chunk) pieces to fill it, none too small. */
static inline int64_t jaxc_cuda__chunks(int64_t nout, int64_t n, int64_t want, int64_t min_len) {
  int64_t c = (want + nout - 1) / nout, most = n / min_len;
  if (c > most) c = most;
  if (c > 4096) c = 4096;
  return c < 1 ? 1 : c;
}

/* jnp.<op>(a, axis, keepdims) on the device for op SUM PROD MEAN MAX MIN ARGMAX ARGMIN ANY ALL;
   axis JAXC_ALL_AXES reduces everything, a negative axis counts from the end. Errors as on the
   CPU (max/min/argmax/argmin of an empty axis). */
static inline jaxc_cuda_array *jaxc_cuda__reduce(jaxc_op op, const jaxc_cuda_array *a, int axis, bool keepdims, bool x64,
                                                 jaxc_cuda_array *into) {
  int r;
  switch (op) {
  case JAXC_OP_SUM: r = JAXC_CUDA__R_SUM; break;
  case JAXC_OP_MEAN: r = JAXC_CUDA__R_MEAN; break;
  case JAXC_OP_PROD: r = JAXC_CUDA__R_PROD; break;
  case JAXC_OP_MAX: case JAXC_OP_MIN: case JAXC_OP_ARGMAX: case JAXC_OP_ARGMIN: r = JAXC_CUDA__R_EXT; break;
  case JAXC_OP_ANY: r = JAXC_CUDA__R_ANY; break;
  case JAXC_OP_ALL: r = JAXC_CUDA__R_ALL; break;
  default: return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_reduce: not a device reduction", cudaSuccess);
  }
  if (!a) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_reduce: the array is NULL", cudaSuccess);
  const jaxc_cuda_array *arrays[2] = {a, into};
  if (!jaxc_cuda__start("jaxc_cuda_reduce", 2, arrays)) return NULL;
  if (!jaxc_cuda__rs_size(a->dtype))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_reduce: bad dtype", cudaSuccess);
  jaxc_dtype od = jaxc_reduce_output_dtype(op, a->dtype, x64);
  jaxc_cuda__rgeom g;
  int64_t shape[JAXC_CUDA_MAX_NDIM];
  int ndim = 0;
  g.x = a->data;
  g.outer = 1; g.inner = 1; g.n = a->size;
  g.ext = (op == JAXC_OP_MAX || op == JAXC_OP_ARGMAX ? JAXC_CUDA__EXT_MAX : 0) |
          (op == JAXC_OP_MAX || op == JAXC_OP_MIN ? JAXC_CUDA__EXT_VALUE : 0);
  if (axis == JAXC_ALL_AXES) {
    if (keepdims) for (; ndim < a->ndim; ndim++) shape[ndim] = 1;
  } else {
    int ax = axis < 0 ? axis + a->ndim : axis;
    if (ax < 0 || ax >= a->ndim)
      return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "axis is out of bounds for the array", cudaSuccess);
    g.n = a->shape[ax];
    for (int i = 0; i < a->ndim; i++) {
      if (i < ax) g.outer *= a->shape[i];
      if (i > ax) g.inner *= a->shape[i];
      if (i != ax) shape[ndim++] = a->shape[i];
      else if (keepdims) shape[ndim++] = 1;
    }
  }
  g.nout = g.outer * g.inner;
  if (g.n == 0 && g.nout > 0 && r == JAXC_CUDA__R_EXT) {
    bool arg = op == JAXC_OP_ARGMAX || op == JAXC_OP_ARGMIN;
    snprintf(jaxc_cuda__message, sizeof jaxc_cuda__message, arg ? "attempt to get %s of an empty sequence"
             : "zero-size array to reduction operation %s which has no identity", jaxc_op_name(op));
    jaxc_cuda__status = JAXC_CUDA_ERR_ARG;
    return NULL;
  }
  jaxc_cuda_array *out = jaxc_cuda__output_shape(od, ndim, shape, into);
  if (!out) return NULL;
  out->weak = false;
  jaxc_cuda__status = JAXC_CUDA_OK;
  if (g.nout == 0) return out;
  bool rows = g.inner == 1 && g.n >= 4096;
  g.chunks = rows ? jaxc_cuda__chunks(g.nout, g.n, 2048, 4096) : jaxc_cuda__chunks(g.nout, g.n, 1 << 18, 64);
  g.part = NULL;
  size_t bytes = rows || g.chunks > 1 ? (size_t)(g.nout * g.chunks) * jaxc_cuda__rs_size(a->dtype) : 0;
  if (bytes && !JAXC_CUDA_CHECK(jaxc_cuda__scratch(&g.part, bytes), JAXC_CUDA_ERR_NOMEM)) {
    if (out != into) jaxc_cuda_free(out);
    return NULL;
  }
  jaxc_cuda__launch_reduce(a->dtype, &g, rows, r, op, od, out->data);
  cudaError_t e = cudaGetLastError();
  jaxc_cuda__scratch_free(g.part); /* stream-ordered: freed once the kernels are done */
  if (!JAXC_CUDA_CHECK(e, JAXC_CUDA_ERR_LAUNCH)) {
    if (out != into) jaxc_cuda_free(out);
    return NULL;
  }
  jaxc_cuda__status = JAXC_CUDA_OK;
  return out;
}
static inline jaxc_cuda_array *jaxc_cuda_reduce(jaxc_op op, const jaxc_cuda_array *a, int axis, bool keepdims, bool x64) {
  return jaxc_cuda__reduce(op, a, axis, keepdims, x64, NULL);
}
/* The same into an existing device array of the result's dtype and shape (no allocation but
   the stream-ordered scratch of the partial states). */
static inline jaxc_cuda_array *jaxc_cuda_reduce_into(jaxc_op op, const jaxc_cuda_array *a, int axis, bool keepdims, bool x64,
                                                     jaxc_cuda_array *out) {
  if (!out) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "output array is NULL", cudaSuccess);
  return jaxc_cuda__reduce(op, a, axis, keepdims, x64, out);
}

/* >>random: element i is drawn from threefry2x32(key, (hi32(i), lo32(i))) with the code the
   CPU runs (jaxc_kernels.h >>threefry), so device and host outputs are equal bit for bit. */
__device__ static inline void jaxc_cuda__threefry(uint32_t k0, uint32_t k1, int64_t i, uint32_t *w0, uint32_t *w1) {
  uint32_t k2 = k0 ^ k1 ^ 0x1BD11BDAu, x0 = (uint32_t)((uint64_t)i >> 32), x1 = (uint32_t)i;
  JAXC__TF20(k0, k1, k2, x0, x1);
  *w0 = x0;
  *w1 = x1;
}
__global__ static void jaxc_cuda__k_bits(uint32_t k0, uint32_t k1, int64_t n, int width, void *out) {
  JAXC_CUDA__FOR_EACH(i, n) {
    uint32_t a, b;
    jaxc_cuda__threefry(k0, k1, i, &a, &b);
    switch (width) {
    case 8: ((uint8_t *)out)[i] = (uint8_t)(a ^ b); break;
    case 16: ((uint16_t *)out)[i] = (uint16_t)(a ^ b); break;
    case 32: ((uint32_t *)out)[i] = a ^ b; break;
    default: ((uint64_t *)out)[i] = (uint64_t)a << 32 | b; break;
    }
  }
}
/* float32, bfloat16 (bf) and float16: fma in f32, as the CPU. */
__global__ static void jaxc_cuda__k_uniform_f32(uint32_t k0, uint32_t k1, int64_t n, int dtype, float lo, float span, void *out) {
  JAXC_CUDA__FOR_EACH(i, n) {
    uint32_t a, b;
    jaxc_cuda__threefry(k0, k1, i, &a, &b);
    if (dtype == JAXC_F32) ((float *)out)[i] = jaxc__rnd_maxf(lo, fmaf(jaxc__rnd_unit_f32(a ^ b), span, lo));
    else ((uint16_t *)out)[i] = jaxc__rnd_uniform16(dtype == JAXC_BF16, a ^ b, lo, span);
  }
}
__global__ static void jaxc_cuda__k_uniform_f64(uint32_t k0, uint32_t k1, int64_t n, double lo, double span, double *out) {
  JAXC_CUDA__FOR_EACH(i, n) {
    uint32_t a, b;
    jaxc_cuda__threefry(k0, k1, i, &a, &b);
    out[i] = jaxc__rnd_max(lo, fma(jaxc__rnd_unit_f64((uint64_t)a << 32 | b), span, lo));
  }
}

/* jax.random.bits(key, shape, dtype) for uint8/16/32/64 (narrowed by x64 like the CPU's). */
static inline jaxc_cuda_array *jaxc_cuda_random_bits(const uint32_t key[2], jaxc_dtype dtype, int ndim, const int64_t *shape, bool x64) {
  jaxc_dtype st = jaxc_storage_dtype(dtype, x64);
  if (!key || (st != JAXC_U8 && st != JAXC_U16 && st != JAXC_U32 && st != JAXC_U64))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_random_bits: dtype must be an unsigned integer", cudaSuccess);
  jaxc_cuda_array *out = jaxc_cuda_alloc_shape(st, ndim, shape);
  if (!out) return NULL;
  if (out->size) jaxc_cuda__k_bits<<<jaxc_cuda__blocks(out->size, 1), JAXC_CUDA__THREADS>>>(key[0], key[1], out->size, jaxc_dtype_bits(st), out->data);
  return jaxc_cuda__launched(out, NULL);
}
/* jax.random.uniform(key, shape, dtype, minval, maxval) for bfloat16/float16/float32/float64:
   the bounds become Python floats (float32 with x64 off) converted to the dtype, as on the CPU. */
static inline jaxc_cuda_array *jaxc_cuda_random_uniform(const uint32_t key[2], jaxc_dtype dtype, int ndim, const int64_t *shape,
                                                        double minval, double maxval, bool x64) {
  jaxc_dtype st = jaxc_storage_dtype(dtype, x64);
  if (!jaxc_cuda__arithmetic_ok("jaxc_cuda_random_uniform")) return NULL;
  if (!key || jaxc_dtype_kind(st) != JAXC_KIND_FLOAT)
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "dtype argument to `uniform` must be a float dtype", cudaSuccess);
  if (!x64) minval = (float)minval, maxval = (float)maxval;
  jaxc_cuda_array *out = jaxc_cuda_alloc_shape(st, ndim, shape);
  if (!out) return NULL;
  int blocks = jaxc_cuda__blocks(out->size, 1);
  float lo = (float)minval, span = (float)maxval - (float)minval;
  if (st == JAXC_BF16 || st == JAXC_F16) { /* the bounds in the 16-bit format, the span rounded to it */
    bool bf = st == JAXC_BF16;
    uint64_t ulo = jaxc__fp64_to_bits(minval), uhi = jaxc__fp64_to_bits(maxval);
    lo = jaxc__rnd_load16(bf, bf ? jaxc_f64_bits_to_bf16_bits(ulo) : jaxc_f64_bits_to_f16_bits(ulo));
    float hi = jaxc__rnd_load16(bf, bf ? jaxc_f64_bits_to_bf16_bits(uhi) : jaxc_f64_bits_to_f16_bits(uhi));
    span = jaxc__rnd_round16(bf, hi - lo);
  }
  if (out->size && st == JAXC_F64)
    jaxc_cuda__k_uniform_f64<<<blocks, JAXC_CUDA__THREADS>>>(key[0], key[1], out->size, minval, maxval - minval, (double *)out->data);
  else if (out->size)
    jaxc_cuda__k_uniform_f32<<<blocks, JAXC_CUDA__THREADS>>>(key[0], key[1], out->size, st, lo, span, out->data);
  return jaxc_cuda__launched(out, NULL);
}

#endif /* JAXC_CUDA_CUH_INCLUDED */
