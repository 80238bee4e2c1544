/* jaxc_cuda.cuh — the optional CUDA path of jaxc (C++/CUDA; include from a .cu file).

   STATUS
     This header holds the device-array foundation: allocation, upload, download and free,
     with CUDA errors (no device, out of memory, a failed copy) reported through a status and
     a message, never an abort. The device ops (elementwise, casts, reductions, random bits),
     generated from the same X-macro tables as the CPU kernels, are still to come.

   HOW TO USE
     #include "jaxc_cuda.cuh"          (nvcc -std=c++17 -I. your.cu)
     jaxc_cuda_array *d = jaxc_cuda_upload(JAXC_F32, n, host_ptr);
     if (!d) fprintf(stderr, "%s\n", jaxc_cuda_last_error());
     jaxc_cuda_download(d, out, n * sizeof(float));
     jaxc_cuda_free(d);

   nvcc has no _Generic and no designated initialisers; this header uses only the C++-clean
   parts of jaxc_promote.h and jaxc_kernels.h. */
#ifndef JAXC_CUDA_CUH_INCLUDED
#define JAXC_CUDA_CUH_INCLUDED

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include "jaxc_promote.h"

/* A device array: contiguous, row-major, one dtype (the CPU's jaxc_array, on the GPU). */
typedef struct jaxc_cuda_array {
  jaxc_dtype dtype;
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

static inline jaxc_cuda_array *jaxc_cuda_alloc(jaxc_dtype dtype, int64_t n) {
  size_t es = jaxc_cuda__dtype_size(dtype);
  if (!es || n < 0 || (uint64_t)n > SIZE_MAX / 16)
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_alloc: bad dtype or size", cudaSuccess);
  if (!jaxc_cuda_available())
    return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_NO_DEVICE, "jaxc_cuda_alloc", cudaErrorNoDevice);
  jaxc_cuda_array *a = (jaxc_cuda_array *)malloc(sizeof *a);
  if (!a) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_NOMEM, "jaxc_cuda_alloc: host memory", cudaSuccess);
  a->dtype = dtype;
  a->size = n;
  a->data = NULL;
  if (n && !JAXC_CUDA_CHECK(cudaMalloc(&a->data, (size_t)n * es), JAXC_CUDA_ERR_NOMEM)) { free(a); return NULL; }
  jaxc_cuda__status = JAXC_CUDA_OK;
  return a;
}
static inline void jaxc_cuda_free(jaxc_cuda_array *a) {
  if (!a) return;
  if (a->data) (void)cudaFree(a->data);
  free(a);
}
static inline jaxc_cuda_array *jaxc_cuda_upload(jaxc_dtype dtype, int64_t n, const void *host) {
  if (!host && n) return (jaxc_cuda_array *)jaxc_cuda__fail(JAXC_CUDA_ERR_ARG, "jaxc_cuda_upload: host is NULL", cudaSuccess);
  jaxc_cuda_array *a = jaxc_cuda_alloc(dtype, n);
  if (!a) return NULL;
  size_t bytes = (size_t)n * jaxc_cuda__dtype_size(dtype);
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

#endif /* JAXC_CUDA_CUH_INCLUDED */
