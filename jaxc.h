/* jaxc.h — JAX's arrays and dtype semantics in C11: immutable arrays, weak scalars, JAX's
   promotion, XLA casts, NaN debugging, functional .at[] updates and threefry random keys.

   HOW TO USE (stb style)
     In exactly one C file of your program:
         #define JAXC_IMPLEMENTATION
         #include "jaxc.h"
     and in every other file just #include "jaxc.h". jaxc_promote.h and jaxc_kernels.h (which
     jaxc.h includes) are all static inline and need no implementation file.

     jaxc_array *x = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){1, 2, 3});
     jaxc_array *y = jaxc_multiply(x, 2);        // 2 is a weak int, like a Python int: int8
     jaxc_array *z = jaxc_add(y, 0.5);           // 0.5 is a weak float: float32
     if (!z) fprintf(stderr, "%s\n", jaxc_last_error());
     jaxc_array_print(z, stdout);                // Array([2.5, 4.5, 6.5], dtype=float32)
     jaxc_array_free(x); jaxc_array_free(y); jaxc_array_free(z);

   Every function returning jaxc_array * returns a new array (inputs are never modified) or
   NULL, with jaxc_last_status()/jaxc_last_error() saying why, in JAX's words where JAX has them.

   COMPILE-TIME OPTIONS (define before including, in the implementation file at least)
     JAXC_IMPLEMENTATION          emit the function definitions in this translation unit
     JAXC_MALLOC(ctx, n) / JAXC_FREE(ctx, p)   allocator hooks (both or neither; ctx is NULL)
     JAXC_ASSERT(x)               internal invariant checks (default: assert)
     JAXC_NO_OPENMP               never use OpenMP, even under -fopenmp
     JAXC_NO_STDIO                no printing, no formatted error messages (status codes stay)
     JAXC_NO_GETENV               ignore JAXC_ENABLE_X64 / JAXC_DEBUG_NANS / JAXC_DEBUG_INFS
     JAXC_NO_HUGEPAGES            do not madvise(MADV_HUGEPAGE) large allocations
     JAXC_MAX_NDIM                maximum rank (default 8)

   ENVIRONMENT
     JAXC_ENABLE_X64=1, JAXC_DEBUG_NANS=1, JAXC_DEBUG_INFS=1 set the defaults of the switches
     (read once, at the first query; jaxc_set_* override them).

   WHAT IS WHERE (grep the banners)
     >>types >>status >>config >>arrays >>ops >>reduce >>index >>random >>impl */
#ifndef JAXC_H_INCLUDED
#define JAXC_H_INCLUDED

#include "jaxc_promote.h"
#include "jaxc_kernels.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#ifndef JAXC_NO_STDIO
#  include <stdio.h>
#endif

#ifndef JAXC_MAX_NDIM
#  define JAXC_MAX_NDIM 8
#endif
#define JAXC_ALL_AXES (-1000)

#ifndef JAXC_API
#  define JAXC_API extern
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* >>status -------------------------------------------------------------------------------------*/
#define JAXC_STATUSES(X)                                                   \
  X(OK, "ok")                                                              \
  X(ERR_PROMOTION, "no implicit dtype promotion path")                     \
  X(ERR_DTYPE, "unsupported dtype")                                        \
  X(ERR_SHAPE, "incompatible or invalid shape")                            \
  X(ERR_INDEX, "index out of bounds")                                      \
  X(ERR_OVERFLOW, "value or size overflow")                                \
  X(ERR_NAN, "invalid value (nan/inf) encountered")                        \
  X(ERR_NOMEM, "out of memory")                                            \
  X(ERR_ARG, "invalid argument")
#define JAXC__STATUS_ENUM(E, s) JAXC_##E,
typedef enum jaxc_status { JAXC_STATUSES(JAXC__STATUS_ENUM) JAXC_NUM_STATUSES } jaxc_status;

JAXC_API jaxc_status jaxc_last_status(void);  /* of the last jaxc call in this thread */
JAXC_API const char *jaxc_last_error(void);   /* its message; "" when JAXC_OK */
JAXC_API const char *jaxc_status_str(jaxc_status s);

/* >>config -------------------------------------------------------------------------------------*/
JAXC_API void jaxc_set_x64(bool on);
JAXC_API bool jaxc_x64(void);
JAXC_API void jaxc_set_promotion(jaxc_rules r);  /* JAXC_RULES_JAX or JAXC_RULES_JAX_STRICT */
JAXC_API jaxc_rules jaxc_promotion(void);
JAXC_API void jaxc_set_debug_nans(bool on);
JAXC_API void jaxc_set_debug_infs(bool on);
JAXC_API bool jaxc_debug_nans(void);
JAXC_API bool jaxc_debug_infs(void);

/* >>types --------------------------------------------------------------------------------------
   The struct is public so that a caller can wrap its own memory with no allocation at all
   (jaxc_array_wrap); treat the fields as read-only. */
typedef struct jaxc_array {
  jaxc_dtype dtype;              /* storage dtype, never a weak node */
  bool weak;                     /* weakly typed (a Python scalar in JAX) */
  bool owns_data;                /* data was allocated with the array and is freed with it */
  bool owns_self;                /* the struct itself was allocated by jaxc */
  int ndim;
  int64_t size;                  /* product of shape */
  int64_t shape[JAXC_MAX_NDIM];
  void *data;                    /* row-major, contiguous */
} jaxc_array;

/* >>arrays -------------------------------------------------------------------------------------*/
JAXC_API jaxc_array *jaxc_array_from_data(jaxc_dtype dtype, int ndim, const int64_t *shape, const void *data);
JAXC_API jaxc_array *jaxc_weak_int(int64_t v);
JAXC_API jaxc_array *jaxc_weak_float(double v);
JAXC_API jaxc_array *jaxc_weak_complex(double re, double im);
JAXC_API jaxc_dtype jaxc_array_dtype(const jaxc_array *a);
JAXC_API bool jaxc_array_is_weak(const jaxc_array *a);
JAXC_API int jaxc_array_ndim(const jaxc_array *a);
JAXC_API const int64_t *jaxc_array_shape(const jaxc_array *a);
JAXC_API int64_t jaxc_array_size(const jaxc_array *a);
JAXC_API int jaxc_array_copy_to(const jaxc_array *a, void *dst, size_t dst_bytes);
JAXC_API void jaxc_array_free(jaxc_array *a);
/* Extras: uninitialised/zeroed creation, scalars of a given dtype, the raw data pointer, and
   a zero-copy, no-allocation view of caller memory (the caller keeps both alive). */
JAXC_API jaxc_array *jaxc_array_empty(jaxc_dtype dtype, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_array_zeros(jaxc_dtype dtype, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_scalar(jaxc_dtype dtype, double re, double im);
JAXC_API const void *jaxc_array_data(const jaxc_array *a);
JAXC_API jaxc_array *jaxc_array_wrap(jaxc_array *storage, jaxc_dtype dtype, int ndim, const int64_t *shape, void *data);
JAXC_API size_t jaxc_dtype_size(jaxc_dtype d); /* bytes per element of the storage dtype */
/* Freed results of 4 MiB and more are kept for reuse up to this many bytes (default
   JAXC_BUFFER_CACHE_BYTES, 512 MiB); 0 turns the cache off and releases what it holds. */
JAXC_API void jaxc_set_buffer_cache(size_t bytes);
#ifndef JAXC_NO_STDIO
JAXC_API int jaxc_array_print(const jaxc_array *a, FILE *f); /* like repr() of a JAX Array */
#endif


/* Internal API shared by the implementation sections (not part of the contract). */
JAXC_API jaxc_array *jaxc__new_array(jaxc_dtype storage, bool weak, int ndim, const int64_t *shape);
JAXC_API void *jaxc__fail(jaxc_status s, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
JAXC_API void jaxc__ok(void);
JAXC_API bool jaxc__check_shape(int ndim, const int64_t *shape, int64_t *size_out);

/* >>ops -------------------------------------------------------------------------------------- */
#include "parts/ops.h"
/* >>reduce, >>index -------------------------------------------------------------------------- */
#include "parts/reduce.h"
/* >>random ----------------------------------------------------------------------------------- */
#include "parts/random.h"

#ifdef __cplusplus
}
#endif
#endif /* JAXC_H_INCLUDED */

/* >>impl ===================================================================================== */
#if defined(JAXC_IMPLEMENTATION) && !defined(JAXC_IMPLEMENTATION_DONE)
#define JAXC_IMPLEMENTATION_DONE

#include <stdarg.h>
#include <string.h>
#include <math.h>
#if !defined(JAXC_MALLOC) || !defined(JAXC_NO_GETENV)
#  include <stdlib.h>
#endif
#if defined(JAXC_MALLOC) != defined(JAXC_FREE)
#  error "define both JAXC_MALLOC and JAXC_FREE, or neither"
#endif
#ifndef JAXC_ASSERT
#  include <assert.h>
#  define JAXC_ASSERT(x) assert(x)
#endif
#if defined(__linux__) && !defined(JAXC_NO_HUGEPAGES) && !defined(JAXC_MALLOC)
/* madvise is POSIX-plus-Linux and hidden under strict -std=c11: declare it, as glibc does. */
#  include <sys/mman.h>
#  ifndef MADV_HUGEPAGE
#    define MADV_HUGEPAGE 14
#  endif
extern int madvise(void *addr, size_t len, int advice);
#  define JAXC__HUGEPAGES 1
#else
#  define JAXC__HUGEPAGES 0
#endif

#if defined(__STDC_NO_THREADS__) && !defined(JAXC_THREAD_LOCAL)
#  define JAXC_THREAD_LOCAL
#elif !defined(JAXC_THREAD_LOCAL)
#  define JAXC_THREAD_LOCAL _Thread_local
#endif

/* --- status ---------------------------------------------------------------------------------*/
static JAXC_THREAD_LOCAL jaxc_status jaxc__status;
static JAXC_THREAD_LOCAL char jaxc__message[512];

#define JAXC__STATUS_STR(E, s) s,
JAXC_API const char *jaxc_status_str(jaxc_status s) {
  static const char *const strs[] = {JAXC_STATUSES(JAXC__STATUS_STR)};
  return (unsigned)s < (unsigned)JAXC_NUM_STATUSES ? strs[s] : "invalid status";
}
JAXC_API jaxc_status jaxc_last_status(void) { return jaxc__status; }
JAXC_API const char *jaxc_last_error(void) { return jaxc__status == JAXC_OK ? "" : jaxc__message; }
JAXC_API void jaxc__ok(void) { jaxc__status = JAXC_OK; jaxc__message[0] = 0; }
JAXC_API void *jaxc__fail(jaxc_status s, const char *fmt, ...) {
  jaxc__status = s;
#ifndef JAXC_NO_STDIO
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(jaxc__message, sizeof jaxc__message, fmt, ap);
  va_end(ap);
#else
  (void)fmt;
  strncpy(jaxc__message, jaxc_status_str(s), sizeof jaxc__message - 1);
#endif
  return NULL;
}

/* --- config ---------------------------------------------------------------------------------*/
/* Each switch is -1 until first read, then 0/1: the environment gives the default once. */
static int jaxc__cfg_x64 = -1, jaxc__cfg_nans = -1, jaxc__cfg_infs = -1;
static jaxc_rules jaxc__cfg_rules = JAXC_RULES_JAX;

static int jaxc__env_flag(const char *name) {
#ifndef JAXC_NO_GETENV
  const char *v = getenv(name);
  return v && (strcmp(v, "1") == 0 || strcmp(v, "true") == 0 || strcmp(v, "True") == 0);
#else
  (void)name;
  return 0;
#endif
}
static bool jaxc__read_flag(int *flag, const char *env) {
  if (*flag < 0) *flag = jaxc__env_flag(env);
  return *flag != 0;
}
JAXC_API void jaxc_set_x64(bool on) { jaxc__cfg_x64 = on; }
JAXC_API bool jaxc_x64(void) { return jaxc__read_flag(&jaxc__cfg_x64, "JAXC_ENABLE_X64"); }
JAXC_API void jaxc_set_debug_nans(bool on) { jaxc__cfg_nans = on; }
JAXC_API void jaxc_set_debug_infs(bool on) { jaxc__cfg_infs = on; }
JAXC_API bool jaxc_debug_nans(void) { return jaxc__read_flag(&jaxc__cfg_nans, "JAXC_DEBUG_NANS"); }
JAXC_API bool jaxc_debug_infs(void) { return jaxc__read_flag(&jaxc__cfg_infs, "JAXC_DEBUG_INFS"); }
JAXC_API void jaxc_set_promotion(jaxc_rules r) {
  if (r == JAXC_RULES_JAX || r == JAXC_RULES_JAX_STRICT) jaxc__cfg_rules = r;
}
JAXC_API jaxc_rules jaxc_promotion(void) { return jaxc__cfg_rules; }

/* --- memory ---------------------------------------------------------------------------------
   Every block carries a 64-byte prefix holding its size, so that jaxc__free knows it.
   Large blocks (>= 4 MiB) are 2 MiB aligned and madvise'd to huge pages: first touch of fresh
   4 KiB pages costs ~11 us each on the machines we measure, which dominates a fresh large
   output. Freed large blocks go to a small cache (JAX's allocators pool buffers too), so a loop
   that allocates results reuses warm memory instead of faulting in new pages each time. */
#define JAXC__ALIGN 64
#define JAXC__HUGE_BYTES ((size_t)4 << 20)
#define JAXC__HUGE_ALIGN ((size_t)2 << 20)
#ifndef JAXC_BUFFER_CACHE_BYTES
#  define JAXC_BUFFER_CACHE_BYTES ((size_t)512 << 20)
#endif
#define JAXC__CACHE_SLOTS 8
#if !defined(JAXC_MALLOC) && !defined(__STDC_NO_ATOMICS__)
#  include <stdatomic.h>
#  define JAXC__CACHE 1
static struct { void *base; size_t bytes; } jaxc__cache[JAXC__CACHE_SLOTS];
static size_t jaxc__cache_total, jaxc__cache_cap = JAXC_BUFFER_CACHE_BYTES;
static atomic_flag jaxc__cache_lock = ATOMIC_FLAG_INIT;
static void jaxc__cache_acquire(void) { while (atomic_flag_test_and_set_explicit(&jaxc__cache_lock, memory_order_acquire)) {} }
static void jaxc__cache_release(void) { atomic_flag_clear_explicit(&jaxc__cache_lock, memory_order_release); }
/* A cached block of at least `bytes` and at most 25% more, or NULL. */
static void *jaxc__cache_take(size_t bytes) {
  void *p = NULL;
  jaxc__cache_acquire();
  int best = -1;
  for (int i = 0; i < JAXC__CACHE_SLOTS; i++)
    if (jaxc__cache[i].base && jaxc__cache[i].bytes >= bytes && jaxc__cache[i].bytes <= bytes + bytes / 4 &&
        (best < 0 || jaxc__cache[i].bytes < jaxc__cache[best].bytes))
      best = i;
  if (best >= 0) {
    p = jaxc__cache[best].base;
    jaxc__cache_total -= jaxc__cache[best].bytes;
    jaxc__cache[best].base = NULL;
  }
  jaxc__cache_release();
  return p;
}
/* Keeps a freed large block when it fits in the cache; false when the caller must free it. */
static bool jaxc__cache_put(void *base, size_t bytes) {
  bool kept = false;
  jaxc__cache_acquire();
  if (jaxc__cache_total + bytes <= jaxc__cache_cap)
    for (int i = 0; i < JAXC__CACHE_SLOTS && !kept; i++)
      if (!jaxc__cache[i].base) {
        jaxc__cache[i].base = base;
        jaxc__cache[i].bytes = bytes;
        jaxc__cache_total += bytes;
        kept = true;
      }
  jaxc__cache_release();
  return kept;
}
#else
#  define JAXC__CACHE 0
#endif

/* Sets how many bytes of freed large buffers jaxc keeps for reuse (0: none; frees them now). */
JAXC_API void jaxc_set_buffer_cache(size_t bytes) {
#if JAXC__CACHE
  void *drop[JAXC__CACHE_SLOTS];
  int n = 0;
  jaxc__cache_acquire();
  jaxc__cache_cap = bytes;
  for (int i = 0; i < JAXC__CACHE_SLOTS; i++)
    if (jaxc__cache[i].base && jaxc__cache_total > bytes) {
      drop[n++] = jaxc__cache[i].base;
      jaxc__cache_total -= jaxc__cache[i].bytes;
      jaxc__cache[i].base = NULL;
    }
  jaxc__cache_release();
  while (n) free(drop[--n]);
#else
  (void)bytes;
#endif
}

static void *jaxc__malloc(size_t n) {
  if (n > SIZE_MAX - JAXC__HUGE_ALIGN - JAXC__ALIGN) return NULL;
  size_t total = n + JAXC__ALIGN, bytes;
  unsigned char *base;
#ifdef JAXC_MALLOC
  bytes = total;
  base = (unsigned char *)JAXC_MALLOC(NULL, bytes);
#else
  if (total >= JAXC__HUGE_BYTES) {
    bytes = (total + JAXC__HUGE_ALIGN - 1) & ~(JAXC__HUGE_ALIGN - 1);
#  if JAXC__CACHE
    base = (unsigned char *)jaxc__cache_take(bytes);
    if (base) bytes = ((size_t *)(void *)base)[0];
    else
#  endif
    {
      base = (unsigned char *)aligned_alloc(JAXC__HUGE_ALIGN, bytes);
#  if JAXC__HUGEPAGES
      if (base) (void)madvise(base, bytes, MADV_HUGEPAGE);
#  endif
    }
  } else {
    bytes = (total + JAXC__ALIGN - 1) & ~(size_t)(JAXC__ALIGN - 1);
    base = (unsigned char *)aligned_alloc(JAXC__ALIGN, bytes);
  }
#endif
  if (!base) return NULL;
  ((size_t *)(void *)base)[0] = bytes;
  return base + JAXC__ALIGN;
}
static void jaxc__free(void *p) {
  if (!p) return;
  unsigned char *base = (unsigned char *)p - JAXC__ALIGN;
#ifdef JAXC_FREE
  JAXC_FREE(NULL, base);
#else
#  if JAXC__CACHE
  size_t bytes = ((size_t *)(void *)base)[0];
  if (bytes >= JAXC__HUGE_BYTES && jaxc__cache_put(base, bytes)) return;
#  endif
  free(base);
#endif
}

/* --- arrays ---------------------------------------------------------------------------------*/
#define JAXC__SIZE_ROW(E, code, name, kind, bits, T, rank, s64, s32) sizeof(T),
JAXC_API size_t jaxc_dtype_size(jaxc_dtype d) {
  static const size_t sizes[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__SIZE_ROW)};
  return JAXC_DTYPE_VALID(d) ? sizes[d] : 0;
}

/* Shapes: 0 <= ndim <= JAXC_MAX_NDIM, every dimension >= 0, and the element count (and its byte
   size for any dtype, 16 bytes at most) fits comfortably in int64 and size_t. */
JAXC_API bool jaxc__check_shape(int ndim, const int64_t *shape, int64_t *size_out) {
  if (ndim < 0 || ndim > JAXC_MAX_NDIM) {
    jaxc__fail(JAXC_ERR_SHAPE, "ndim must be between 0 and %d, got %d", JAXC_MAX_NDIM, ndim);
    return false;
  }
  if (ndim > 0 && !shape) {
    jaxc__fail(JAXC_ERR_ARG, "shape is NULL for an array of rank %d", ndim);
    return false;
  }
  int64_t size = 1;
  const int64_t limit = (int64_t)((SIZE_MAX < (uint64_t)INT64_MAX ? SIZE_MAX : (uint64_t)INT64_MAX) / 16);
  bool zero = false;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] < 0) {
      jaxc__fail(JAXC_ERR_SHAPE, "negative dimensions are not allowed: dimension %d is %lld", i, (long long)shape[i]);
      return false;
    }
    if (shape[i] == 0) zero = true;
  }
  for (int i = 0; i < ndim && !zero; i++) {
    if (shape[i] > limit / size) {
      jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows");
      return false;
    }
    size *= shape[i];
  }
  if (size_out) *size_out = zero ? 0 : size;
  return true;
}

static void jaxc__set_shape(jaxc_array *a, jaxc_dtype storage, bool weak, int ndim, const int64_t *shape, int64_t size) {
  a->dtype = storage;
  a->weak = weak;
  a->ndim = ndim;
  a->size = size;
  for (int i = 0; i < JAXC_MAX_NDIM; i++) a->shape[i] = i < ndim ? shape[i] : 0;
}

/* Header and data in one block: the data starts at the next 64-byte boundary. */
JAXC_API jaxc_array *jaxc__new_array(jaxc_dtype storage, bool weak, int ndim, const int64_t *shape) {
  int64_t size;
  if (!JAXC_DTYPE_VALID(storage) || JAXC_DTYPE_IS_WEAK(storage))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)storage);
  if (!jaxc__check_shape(ndim, shape, &size)) return NULL;
  size_t head = (sizeof(jaxc_array) + JAXC__ALIGN - 1) & ~(size_t)(JAXC__ALIGN - 1);
  size_t bytes = (size_t)size * jaxc_dtype_size(storage);
  jaxc_array *a = (jaxc_array *)jaxc__malloc(head + bytes);
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory allocating %zu bytes", head + bytes);
  jaxc__set_shape(a, storage, weak, ndim, shape, size);
  a->owns_data = true;
  a->owns_self = true;
  a->data = (char *)a + head;
  return a;
}

/* A dtype requested by the caller, narrowed as JAX narrows it with x64 off. */
static jaxc_dtype jaxc__requested(jaxc_dtype dtype) {
  if (!JAXC_DTYPE_VALID(dtype) || JAXC_DTYPE_IS_WEAK(dtype)) return JAXC_DTYPE_INVALID;
  return jaxc_storage_dtype(dtype, jaxc_x64());
}

JAXC_API jaxc_array *jaxc_array_empty(jaxc_dtype dtype, int ndim, const int64_t *shape) {
  jaxc_dtype st = jaxc__requested(dtype);
  if (st == JAXC_DTYPE_INVALID) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)dtype);
  jaxc_array *a = jaxc__new_array(st, false, ndim, shape);
  if (a) jaxc__ok();
  return a;
}
JAXC_API jaxc_array *jaxc_array_zeros(jaxc_dtype dtype, int ndim, const int64_t *shape) {
  jaxc_array *a = jaxc_array_empty(dtype, ndim, shape);
  if (a) memset(a->data, 0, (size_t)a->size * jaxc_dtype_size(a->dtype));
  return a;
}

JAXC_API jaxc_array *jaxc_array_from_data(jaxc_dtype dtype, int ndim, const int64_t *shape, const void *data) {
  if (!JAXC_DTYPE_VALID(dtype) || JAXC_DTYPE_IS_WEAK(dtype))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d: arrays need a concrete dtype", (int)dtype);
  int64_t size;
  if (!jaxc__check_shape(ndim, shape, &size)) return NULL;
  if (!data && size > 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "data is NULL for a non-empty array");
  jaxc_dtype st = jaxc__requested(dtype);
  jaxc_array *a = jaxc__new_array(st, false, ndim, shape);
  if (!a) return NULL;
  /* the same dtype is copied bit for bit (a cast would quieten signalling NaNs) */
  if (size > 0 && st == dtype) memcpy(a->data, data, (size_t)size * jaxc_dtype_size(st));
  else if (size > 0) jaxc_kernel_cast_dyn(dtype, st, (size_t)size, data, a->data);
  jaxc__ok();
  return a;
}

/* A 0-d array of a given node (a weak node gives a weak scalar of its default storage). */
static jaxc_array *jaxc__scalar_node(jaxc_dtype node, double re, double im) {
  bool weak = JAXC_DTYPE_IS_WEAK(node);
  jaxc_dtype st = jaxc_storage_dtype(node, jaxc_x64());
  if (st == JAXC_DTYPE_INVALID) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)node);
  jaxc_array *a = jaxc__new_array(st, weak, 0, NULL);
  if (!a) return NULL;
  jaxc_c128 v = jaxc__c128_make(re, im);
  jaxc_kernel_cast_dyn(JAXC_C128, st, 1, &v, a->data);
  jaxc__ok();
  return a;
}
JAXC_API jaxc_array *jaxc_scalar(jaxc_dtype dtype, double re, double im) {
  if (!JAXC_DTYPE_VALID(dtype)) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)dtype);
  return jaxc__scalar_node(dtype, re, im);
}

/* A Python int: weak, int32 storage (int64 with x64). JAX refuses a value that does not fit:
   "Python int 3000000000 too large to convert to int32". */
JAXC_API jaxc_array *jaxc_weak_int(int64_t v) {
  bool x64 = jaxc_x64();
  if (!x64 && (v < INT32_MIN || v > INT32_MAX))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "Python int %lld too large to convert to int32", (long long)v);
  jaxc_array *a = jaxc__new_array(x64 ? JAXC_I64 : JAXC_I32, true, 0, NULL);
  if (!a) return NULL;
  if (x64) *(int64_t *)a->data = v;
  else *(int32_t *)a->data = (int32_t)v;
  jaxc__ok();
  return a;
}
JAXC_API jaxc_array *jaxc_weak_float(double v) { return jaxc__scalar_node(JAXC_WEAK_FLOAT, v, 0.0); }
JAXC_API jaxc_array *jaxc_weak_complex(double re, double im) { return jaxc__scalar_node(JAXC_WEAK_COMPLEX, re, im); }

JAXC_API jaxc_array *jaxc_array_wrap(jaxc_array *storage, jaxc_dtype dtype, int ndim, const int64_t *shape, void *data) {
  int64_t size;
  if (!storage) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "jaxc_array_wrap: storage is NULL");
  if (!JAXC_DTYPE_VALID(dtype) || JAXC_DTYPE_IS_WEAK(dtype))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d: arrays need a concrete dtype", (int)dtype);
  if (!jaxc__check_shape(ndim, shape, &size)) return NULL;
  if (!data && size > 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "data is NULL for a non-empty array");
  jaxc__set_shape(storage, dtype, false, ndim, shape, size);
  storage->owns_data = false;
  storage->owns_self = false;
  storage->data = data;
  jaxc__ok();
  return storage;
}

JAXC_API jaxc_dtype jaxc_array_dtype(const jaxc_array *a) { return a ? a->dtype : JAXC_DTYPE_INVALID; }
JAXC_API bool jaxc_array_is_weak(const jaxc_array *a) { return a && a->weak; }
JAXC_API int jaxc_array_ndim(const jaxc_array *a) { return a ? a->ndim : -1; }
JAXC_API const int64_t *jaxc_array_shape(const jaxc_array *a) { return a ? a->shape : NULL; }
JAXC_API int64_t jaxc_array_size(const jaxc_array *a) { return a ? a->size : -1; }
JAXC_API const void *jaxc_array_data(const jaxc_array *a) { return a ? a->data : NULL; }

JAXC_API int jaxc_array_copy_to(const jaxc_array *a, void *dst, size_t dst_bytes) {
  if (!a) return (jaxc__fail(JAXC_ERR_ARG, "jaxc_array_copy_to: array is NULL"), JAXC_ERR_ARG);
  size_t bytes = (size_t)a->size * jaxc_dtype_size(a->dtype);
  if (!dst && bytes > 0) return (jaxc__fail(JAXC_ERR_ARG, "jaxc_array_copy_to: destination is NULL"), JAXC_ERR_ARG);
  if (dst_bytes < bytes)
    return (jaxc__fail(JAXC_ERR_ARG, "jaxc_array_copy_to: destination holds %zu bytes, the array needs %zu",
                       dst_bytes, bytes), JAXC_ERR_ARG);
  if (bytes) memcpy(dst, a->data, bytes);
  jaxc__ok();
  return JAXC_OK;
}

JAXC_API void jaxc_array_free(jaxc_array *a) {
  if (a && a->owns_self) jaxc__free(a);
}

#ifndef JAXC_NO_STDIO
/* One element as NumPy prints it: ints plainly, floats in the shortest form that reads back
   ("1." for integral values, as NumPy does), complex as "1.+2.j", bools True/False. */
static void jaxc__print_real(FILE *f, double v, jaxc_dtype d) {
  if (v != v) { fputs("nan", f); return; }
  if (v - v != 0) { fputs(v > 0 ? "inf" : "-inf", f); return; }
  char buf[64];
  unsigned char want[8] = {0}, got[8] = {0};
  jaxc_kernel_cast_dyn(JAXC_F64, d, 1, &v, want);
  for (int p = 1; p <= 17; p++) { /* the shortest decimal that reads back to the same d */
    snprintf(buf, sizeof buf, "%.*g", p, v);
    double back = strtod(buf, NULL);
    jaxc_kernel_cast_dyn(JAXC_F64, d, 1, &back, got);
    if (memcmp(want, got, jaxc_dtype_size(d)) == 0) break;
  }
  fputs(buf, f);
  if (!strpbrk(buf, ".eEn")) fputc('.', f);
}
static void jaxc__print_elem(FILE *f, jaxc_dtype d, const void *p) {
  jaxc_c128 z = jaxc__c128_make(0, 0);
  switch (jaxc_dtype_kind(d)) {
  case JAXC_KIND_BOOL: fputs(*(const bool *)p ? "True" : "False", f); return;
  case JAXC_KIND_UINT: { uint64_t u; jaxc_kernel_cast_dyn(d, JAXC_U64, 1, p, &u); fprintf(f, "%llu", (unsigned long long)u); return; }
  case JAXC_KIND_INT: { int64_t i; jaxc_kernel_cast_dyn(d, JAXC_I64, 1, p, &i); fprintf(f, "%lld", (long long)i); return; }
  default: break;
  }
  jaxc_kernel_cast_dyn(d, JAXC_C128, 1, p, &z);
  jaxc_dtype real = d == JAXC_C64 ? JAXC_F32 : d == JAXC_C128 ? JAXC_F64 : d;
  jaxc__print_real(f, jaxc__re_jaxc_c128(z), real);
  if (jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX) {
    double im = jaxc__im_jaxc_c128(z);
    fputc(im < 0 || (im == 0 && signbit(im)) ? '-' : '+', f);
    jaxc__print_real(f, fabs(im), real);
    fputc('j', f);
  }
}
static void jaxc__print_dim(FILE *f, const jaxc_array *a, int dim, size_t *at, int indent) {
  if (dim == a->ndim) { jaxc__print_elem(f, a->dtype, (const char *)a->data + *at * jaxc_dtype_size(a->dtype)); (*at)++; return; }
  fputc('[', f);
  for (int64_t i = 0; i < a->shape[dim]; i++) {
    if (i) {
      fputc(',', f);
      if (dim + 1 < a->ndim) { fputc('\n', f); for (int k = 0; k < indent + dim + 1; k++) fputc(' ', f); }
      else fputc(' ', f);
    }
    jaxc__print_dim(f, a, dim + 1, at, indent);
  }
  fputc(']', f);
}
JAXC_API int jaxc_array_print(const jaxc_array *a, FILE *f) {
  if (!a || !f) return (jaxc__fail(JAXC_ERR_ARG, "jaxc_array_print: NULL argument"), JAXC_ERR_ARG);
  size_t at = 0;
  fputs("Array(", f);
  jaxc__print_dim(f, a, 0, &at, 6);
  fprintf(f, ", dtype=%s%s)\n", jaxc_dtype_name(a->dtype), a->weak ? ", weak_type=True" : "");
  jaxc__ok();
  return JAXC_OK;
}
#endif

#define JAXC__PART_IMPL
#include "parts/ops.h"
#include "parts/reduce.h"
#include "parts/random.h"
#undef JAXC__PART_IMPL

#endif /* JAXC_IMPLEMENTATION */
