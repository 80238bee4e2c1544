/* jaxc_cuda.cuh — the optional CUDA path of jaxc (C++/CUDA; include from a .cu file).

   STATUS
     Device arrays (allocation, upload, download, free) with CUDA errors (no device, out of
     memory, a failed launch) reported through a status and a message, never an abort; every
     elementwise binary and unary op with JAX's promotion, weak scalars and NumPy broadcasting;
     astype. The device kernels call the very scalar functions the CPU kernels use
     (jaxc__f_<op>_<dtype>, jaxc_cvt_<a>_<b> of jaxc_kernels.h), generated from the same
     X-macro tables, so results agree by construction; complex dtypes stay on the CPU (nvcc has
     no C _Complex); jax.random bits (u8/u16/u32/u64) and uniform (f32/f64) with the CPU's
     threefry code, bit for bit. Reductions on the device are still to come.

   HOW TO USE
     #include "jaxc_cuda.cuh"          (nvcc -std=c++17 -I. your.cu)
     jaxc_cuda_array *d = jaxc_cuda_upload(JAXC_F32, n, host_ptr);
     if (!d) fprintf(stderr, "%s\n", jaxc_cuda_last_error());
     jaxc_cuda_download(d, out, n * sizeof(float));
     jaxc_cuda_free(d);

   nvcc has no _Generic and no designated initialisers; this header uses only the C++-clean
   parts of jaxc_promote.h and jaxc_kernels.h. A .cu file may also include jaxc.h for the CPU
   API; jaxc.h's implementation (JAXC_IMPLEMENTATION) is C and goes in a .c file of its own, as
   tests/cuda/test_cuda.cu does with tests/impl.c. */
#ifndef JAXC_CUDA_CUH_INCLUDED
#define JAXC_CUDA_CUH_INCLUDED

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include "jaxc_promote.h"

#include "jaxc_kernels.h"

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

/* >>device ops ------------------------------------------------------------------------------------
   jaxc_cuda__load_<E>(p, i, from): element i of an array of dtype `from`, converted to dtype E's
   compute type with the CPU's XLA casts (a switch that is uniform across a launch). */
#define JAXC_CUDA__LOAD_OUTER(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__IN_DEVICE_##K( \
  __device__ static inline CT jaxc_cuda__load_##E(const void *p, int64_t i, int from) {               \
    switch (from) { JAXC__ARITH_NAMES(JAXC_CUDA__LOAD_CASE, (E, c)) default: return LD(ST((CT)0)); } \
  })
#define JAXC_CUDA__LOAD_CASE(P, B, cb, KB) JAXC_CUDA__LOAD_CASE_(JAXC__UNPACK P, B, cb)
#define JAXC_CUDA__LOAD_CASE_(...) JAXC_CUDA__LOAD_CASE__(__VA_ARGS__)
#define JAXC_CUDA__LOAD_CASE__(E, c, B, cb) \
  case JAXC_##B: return jaxc__ld_##E(jaxc_cvt_##cb##_##c(((const jaxc__T_##B *)p)[i]));
/* Complex values live on the device only as data (loads from them are casts). */
#define JAXC_CUDA__IN_DEVICE_KB JAXC__KEEP
#define JAXC_CUDA__IN_DEVICE_KU JAXC__KEEP
#define JAXC_CUDA__IN_DEVICE_KI JAXC__KEEP
#define JAXC_CUDA__IN_DEVICE_KF JAXC__KEEP
#define JAXC_CUDA__IN_DEVICE_KC JAXC__DROP
JAXC__ARITH(JAXC_CUDA__LOAD_OUTER, ~)

/* Where each operand's element lies: contiguous (mode 0), one broadcast element (1), or
   general broadcasting through per-dimension strides (2). */
typedef struct jaxc_cuda__operand {
  const void *data;
  int dtype, mode;
  int64_t stride[JAXC_CUDA_MAX_NDIM];
} jaxc_cuda__operand;
typedef struct jaxc_cuda__launch {
  int64_t n;
  int ndim;
  int64_t shape[JAXC_CUDA_MAX_NDIM];
  jaxc_cuda__operand in[2];
  void *out;
} jaxc_cuda__launch;
__device__ static inline int64_t jaxc_cuda__offset(const jaxc_cuda__launch &g, const jaxc_cuda__operand &o, int64_t i) {
  if (o.mode == 0) return i;
  if (o.mode == 1) return 0;
  int64_t off = 0;
  for (int d = g.ndim - 1; d >= 0; d--) {
    off += (i % g.shape[d]) * o.stride[d];
    i /= g.shape[d];
  }
  return off;
}

/* One kernel per op and compute dtype (the JAXC_OPS x JAXC__ARITH cross product, filtered by
   the op's group as on the CPU), grid-stride loops. */
#define JAXC_CUDA__GEN_OP(OP, name, ar, rule, grp, out, lax) JAXC__ARITH(JAXC_CUDA__GEN_ROW, (OP, name, ar, grp, out))
#define JAXC_CUDA__GEN_ROW(P, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) \
  JAXC_CUDA__GEN_ROW_(JAXC__UNPACK P, E, T, CT, RT, K, ST)
#define JAXC_CUDA__GEN_ROW_(...) JAXC_CUDA__GEN_ROW__(__VA_ARGS__)
#define JAXC_CUDA__GEN_ROW__(OP, name, ar, grp, out, E, T, CT, RT, K, ST) \
  JAXC__IN_##grp##_##K(JAXC_CUDA__DEF_##ar(name, E, JAXC__OUTT_##out(K, T, CT, RT), JAXC__OUTST_##out(K, ST)))
#define JAXC_CUDA__DEF_RED(...)
#define JAXC_CUDA__DEF_UPD(...)
#define JAXC_CUDA__DEF_BIN(name, E, OT, OST)                                                         \
  __global__ static void jaxc_cuda__k_##name##_##E(jaxc_cuda__launch g) {                            \
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < g.n; i += (int64_t)gridDim.x * blockDim.x) \
      ((OT *)g.out)[i] = OST(jaxc__f_##name##_##E(                                                   \
          jaxc_cuda__load_##E(g.in[0].data, jaxc_cuda__offset(g, g.in[0], i), g.in[0].dtype),         \
          jaxc_cuda__load_##E(g.in[1].data, jaxc_cuda__offset(g, g.in[1], i), g.in[1].dtype)));       \
  }
#define JAXC_CUDA__DEF_UN(name, E, OT, OST)                                                          \
  __global__ static void jaxc_cuda__k_##name##_##E(jaxc_cuda__launch g) {                            \
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < g.n; i += (int64_t)gridDim.x * blockDim.x) \
      ((OT *)g.out)[i] = OST(jaxc__f_##name##_##E(                                                   \
          jaxc_cuda__load_##E(g.in[0].data, jaxc_cuda__offset(g, g.in[0], i), g.in[0].dtype)));       \
  }
JAXC_OPS(JAXC_CUDA__GEN_OP)

/* astype: one kernel per target dtype; the source dtype is a uniform switch. */
#define JAXC_CUDA__CAST_KERNEL(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD)                         \
  __global__ static void jaxc_cuda__kcast_to_##E(jaxc_cuda__launch g) {                              \
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < g.n; i += (int64_t)gridDim.x * blockDim.x) \
      ((T *)g.out)[i] = jaxc_cuda__cast_elem_##E(g.in[0].data, i, g.in[0].dtype);                  \
  }
#define JAXC_CUDA__CAST_ELEM(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD)                           \
  __device__ static inline T jaxc_cuda__cast_elem_##E(const void *p, int64_t i, int from) {          \
    switch (from) { JAXC__ARITH_NAMES(JAXC_CUDA__CAST_CASE, (E, c)) default: return ((const T *)p)[i]; } \
  }
#define JAXC_CUDA__CAST_CASE(P, B, cb, KB) JAXC_CUDA__CAST_CASE_(JAXC__UNPACK P, B, cb)
#define JAXC_CUDA__CAST_CASE_(...) JAXC_CUDA__CAST_CASE__(__VA_ARGS__)
#define JAXC_CUDA__CAST_CASE__(E, c, B, cb) case JAXC_##B: return jaxc_cvt_##cb##_##c(((const jaxc__T_##B *)p)[i]);
JAXC__ARITH(JAXC_CUDA__CAST_ELEM, ~)
JAXC__ARITH(JAXC_CUDA__CAST_KERNEL, ~)

/* >>dispatch: a (op, dtype) switch generated from the same tables. */
static inline void jaxc_cuda__grid(int64_t n, int *blocks, int *threads) {
  *threads = 256;
  int64_t b = (n + 255) / 256;
  *blocks = (int)(b < 1 ? 1 : b > 65535 * 8 ? 65535 * 8 : b);
}
#define JAXC_CUDA__CASE_OP(OP, name, ar, rule, grp, out, lax) \
  case JAXC_OP_##OP: switch (c) { JAXC__ARITH(JAXC_CUDA__CASE_ROW, (name, grp, ar)) default: return false; }
#define JAXC_CUDA__CASE_ROW(P, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC_CUDA__CASE_ROW_(JAXC__UNPACK P, E, K)
#define JAXC_CUDA__CASE_ROW_(...) JAXC_CUDA__CASE_ROW__(__VA_ARGS__)
#define JAXC_CUDA__CASE_ROW__(name, grp, ar, E, K) JAXC__IN_##grp##_##K(JAXC_CUDA__LAUNCH_##ar(name, E))
#define JAXC_CUDA__LAUNCH_BIN(name, E) case JAXC_##E: jaxc_cuda__k_##name##_##E<<<blocks, threads>>>(*g); return true;
#define JAXC_CUDA__LAUNCH_UN JAXC_CUDA__LAUNCH_BIN
#define JAXC_CUDA__LAUNCH_RED(name, E)
#define JAXC_CUDA__LAUNCH_UPD(name, E)
static inline bool jaxc_cuda__launch_op(jaxc_op op, jaxc_dtype c, const jaxc_cuda__launch *g) {
  int blocks, threads;
  jaxc_cuda__grid(g->n, &blocks, &threads);
  switch (op) {
    JAXC_OPS(JAXC_CUDA__CASE_OP)
  default: return false;
  }
}
#define JAXC_CUDA__CASE_CAST(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) \
  case JAXC_##E: jaxc_cuda__kcast_to_##E<<<blocks, threads>>>(*g); return true;
static inline bool jaxc_cuda__launch_cast(jaxc_dtype to, const jaxc_cuda__launch *g) {
  int blocks, threads;
  jaxc_cuda__grid(g->n, &blocks, &threads);
  switch (to) {
    JAXC__ARITH(JAXC_CUDA__CASE_CAST, ~)
  default: return false;
  }
}

/* >>ops: the host side, with the CPU's promotion (jaxc_result_node, jaxc_op_result_node). */
static inline jaxc_dtype jaxc_cuda__node_of(const jaxc_cuda_array *a) {
  if (!a->weak) return a->dtype;
  int k = jaxc_dtype_kind(a->dtype);
  return k == JAXC_KIND_FLOAT ? JAXC_WEAK_FLOAT : k == JAXC_KIND_COMPLEX ? JAXC_WEAK_COMPLEX : JAXC_WEAK_INT;
}
/* Fills the operand's addressing for an output of g's shape (NumPy broadcasting). */
static inline bool jaxc_cuda__place(jaxc_cuda__launch *g, int j, const jaxc_cuda_array *a) {
  jaxc_cuda__operand *o = &g->in[j];
  o->data = a->data;
  o->dtype = a->dtype;
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
static inline bool jaxc_cuda__broadcast(jaxc_cuda__launch *g, const jaxc_cuda_array *a, const jaxc_cuda_array *b) {
  g->ndim = a->ndim > b->ndim ? a->ndim : b->ndim;
  g->n = 1;
  for (int i = 0; i < g->ndim; i++) {
    int ia = i - (g->ndim - a->ndim), ib = i - (g->ndim - b->ndim);
    int64_t da = ia < 0 ? 1 : a->shape[ia], db = ib < 0 ? 1 : b->shape[ib];
    if (da != db && da != 1 && db != 1) return false;
    g->shape[i] = da == 1 ? db : da;
    g->n *= g->shape[i];
  }
  return jaxc_cuda__place(g, 0, a) && jaxc_cuda__place(g, 1, b);
}
static inline jaxc_cuda_array *jaxc_cuda__finish(jaxc_cuda_array *out) {
  if (!JAXC_CUDA_CHECK(cudaGetLastError(), JAXC_CUDA_ERR_LAUNCH)) { jaxc_cuda_free(out); return NULL; }
  jaxc_cuda__status = JAXC_CUDA_OK;
  return out;
}

/* jnp.<op>(a, b) on the device: JAX's result dtype and weak flag (rules: JAXC_RULES_JAX or
   _STRICT; x64 as jaxc_x64() would say), broadcasting, no implicit host copies. With `into`
   the result goes to an existing device array of the right dtype and shape (no allocation). */
static inline jaxc_cuda_array *jaxc_cuda__binary(jaxc_op op, const jaxc_cuda_array *a, const jaxc_cuda_array *b,
                                                 jaxc_rules rules, bool x64, jaxc_cuda_array *into) {
  if (!a || !b || jaxc_op_arity(op) != JAXC_ARITY_BIN)
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_binary: bad op or operand", cudaSuccess);
  jaxc_dtype node = jaxc_op_rule(op) == JAXC_RULE_LOGICAL ? JAXC_BOOL
                                                           : jaxc_result_node(rules, x64, jaxc_cuda__node_of(a), jaxc_cuda__node_of(b));
  if (node == JAXC_DTYPE_INVALID)
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "no implicit dtype promotion path (strict)", cudaSuccess);
  node = jaxc_op_result_node(op, node);
  jaxc_dtype c = jaxc_storage_dtype(node, x64), od = jaxc_op_output_dtype(op, c);
  if (!jaxc_op_accepts(op, c))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "the op does not accept this dtype on the device", cudaSuccess);
  jaxc_cuda__launch g;
  if (!jaxc_cuda__broadcast(&g, a, b))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "incompatible shapes for broadcasting", cudaSuccess);
  jaxc_cuda_array *out = into;
  if (into) {
    bool ok = into->dtype == od && into->ndim == g.ndim;
    for (int i = 0; ok && i < g.ndim; i++) ok = into->shape[i] == g.shape[i];
    if (!ok) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "output array has another dtype or shape", cudaSuccess);
  } else if (!(out = jaxc_cuda_alloc_shape(od, g.ndim, g.shape))) {
    return NULL;
  }
  out->weak = od == c && jaxc_dtype_is_weak(node);
  g.out = out->data;
  if (g.n && !jaxc_cuda__launch_op(op, c, &g)) {
    if (!into) jaxc_cuda_free(out);
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "no device kernel for this op and dtype", cudaSuccess);
  }
  if (!JAXC_CUDA_CHECK(cudaGetLastError(), JAXC_CUDA_ERR_LAUNCH)) {
    if (!into) jaxc_cuda_free(out);
    return NULL;
  }
  jaxc_cuda__status = JAXC_CUDA_OK;
  return out;
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
static inline jaxc_cuda_array *jaxc_cuda_unary(jaxc_op op, const jaxc_cuda_array *a, bool x64) {
  if (!a || jaxc_op_arity(op) != JAXC_ARITY_UN)
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_unary: bad op or operand", cudaSuccess);
  jaxc_dtype node = jaxc_op_result_node(op, jaxc_cuda__node_of(a));
  jaxc_dtype c = jaxc_storage_dtype(node, x64), od = jaxc_op_output_dtype(op, c);
  if (!jaxc_op_accepts(op, c))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "the op does not accept this dtype on the device", cudaSuccess);
  jaxc_cuda__launch g;
  g.ndim = a->ndim;
  g.n = a->size;
  for (int i = 0; i < a->ndim; i++) g.shape[i] = a->shape[i];
  jaxc_cuda__place(&g, 0, a);
  g.in[1] = g.in[0];
  jaxc_cuda_array *out = jaxc_cuda_alloc_shape(od, a->ndim, a->shape);
  if (!out) return NULL;
  out->weak = od != JAXC_BOOL && a->weak;
  g.out = out->data;
  if (g.n && !jaxc_cuda__launch_op(op, c, &g)) {
    jaxc_cuda_free(out);
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "no device kernel for this op and dtype", cudaSuccess);
  }
  return jaxc_cuda__finish(out);
}
/* astype with XLA's ConvertElementType, as on the CPU (dtype narrowed by x64). */
static inline jaxc_cuda_array *jaxc_cuda__astype(const jaxc_cuda_array *a, jaxc_dtype dtype, bool x64, jaxc_cuda_array *into) {
  if (!a || !JAXC_DTYPE_VALID(dtype) || JAXC_DTYPE_IS_WEAK(dtype))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_astype: bad array or dtype", cudaSuccess);
  jaxc_dtype to = jaxc_storage_dtype(dtype, x64);
  jaxc_cuda__launch g;
  g.ndim = a->ndim;
  g.n = a->size;
  for (int i = 0; i < a->ndim; i++) g.shape[i] = a->shape[i];
  jaxc_cuda__place(&g, 0, a);
  jaxc_cuda_array *out = into;
  if (into) {
    bool ok = into->dtype == to && into->size == a->size;
    if (!ok) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "output array has another dtype or size", cudaSuccess);
  } else if (!(out = jaxc_cuda_alloc_shape(to, a->ndim, a->shape))) {
    return NULL;
  }
  out->weak = false;
  g.out = out->data;
  if (g.n) jaxc_cuda__launch_cast(to, &g);
  if (!JAXC_CUDA_CHECK(cudaGetLastError(), JAXC_CUDA_ERR_LAUNCH)) {
    if (!into) jaxc_cuda_free(out);
    return NULL;
  }
  jaxc_cuda__status = JAXC_CUDA_OK;
  return out;
}
static inline jaxc_cuda_array *jaxc_cuda_astype(const jaxc_cuda_array *a, jaxc_dtype dtype, bool x64) {
  return jaxc_cuda__astype(a, dtype, x64, NULL);
}
static inline jaxc_cuda_array *jaxc_cuda_astype_into(const jaxc_cuda_array *a, jaxc_cuda_array *out, bool x64) {
  if (!out) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "output array is NULL", cudaSuccess);
  return jaxc_cuda__astype(a, out->dtype, x64, out);
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
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
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
__global__ static void jaxc_cuda__k_uniform_f32(uint32_t k0, uint32_t k1, int64_t n, float lo, float span, float *out) {
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
    uint32_t a, b;
    jaxc_cuda__threefry(k0, k1, i, &a, &b);
    out[i] = jaxc__rnd_maxf(lo, fmaf(jaxc__rnd_unit_f32(a ^ b), span, lo));
  }
}
__global__ static void jaxc_cuda__k_uniform_f64(uint32_t k0, uint32_t k1, int64_t n, double lo, double span, double *out) {
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (int64_t)gridDim.x * blockDim.x) {
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
  int blocks, threads;
  jaxc_cuda__grid(out->size, &blocks, &threads);
  if (out->size) jaxc_cuda__k_bits<<<blocks, threads>>>(key[0], key[1], out->size, jaxc_dtype_bits(st), out->data);
  return jaxc_cuda__finish(out);
}
/* jax.random.uniform(key, shape, dtype, minval, maxval) for float32/float64: the bounds become
   Python floats (float32 with x64 off) converted to the dtype, as on the CPU. */
static inline jaxc_cuda_array *jaxc_cuda_random_uniform(const uint32_t key[2], jaxc_dtype dtype, int ndim, const int64_t *shape,
                                                        double minval, double maxval, bool x64) {
  jaxc_dtype st = jaxc_storage_dtype(dtype, x64);
  if (!key || (st != JAXC_F32 && st != JAXC_F64))
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_random_uniform: float32 or float64 on the device", cudaSuccess);
  if (!x64) minval = (float)minval, maxval = (float)maxval;
  jaxc_cuda_array *out = jaxc_cuda_alloc_shape(st, ndim, shape);
  if (!out) return NULL;
  int blocks, threads;
  jaxc_cuda__grid(out->size, &blocks, &threads);
  if (out->size && st == JAXC_F32)
    jaxc_cuda__k_uniform_f32<<<blocks, threads>>>(key[0], key[1], out->size, (float)minval, (float)maxval - (float)minval, (float *)out->data);
  else if (out->size)
    jaxc_cuda__k_uniform_f64<<<blocks, threads>>>(key[0], key[1], out->size, minval, maxval - minval, (double *)out->data);
  return jaxc_cuda__finish(out);
}

#endif /* JAXC_CUDA_CUH_INCLUDED */
