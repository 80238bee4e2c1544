/* linalg_check.h — what the linalg tests share: random matrices of a LAPACK dtype, elements as
   long double complex parts, shape and bit comparisons. */
#ifndef JAXC_TEST_LINALG_CHECK_H
#define JAXC_TEST_LINALG_CHECK_H
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jaxc.h"
#include "testlib.h"

static inline void free_list(jaxc_array **a, size_t n) {
  for (size_t i = 0; i < n; i++) jaxc_array_free(a[i]);
}
#define FREE_ALL(...)                                   \
  do {                                                  \
    jaxc_array *fa_[] = {__VA_ARGS__};                  \
    free_list(fa_, sizeof fa_ / sizeof fa_[0]);         \
  } while (0)

static const jaxc_dtype LAPACK[4] = {JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
static inline bool is_cx(jaxc_dtype d) { return d == JAXC_C64 || d == JAXC_C128; }

/* an array of dtype d from parts (complex: re, im interleaved), via complex128 or float64 */
static inline jaxc_array *from_parts(jaxc_dtype d, int nd, const int64_t *shape, const double *p) {
  jaxc_array *t = jaxc_array_from_data(is_cx(d) ? JAXC_C128 : JAXC_F64, nd, shape, p);
  jaxc_array *r = jaxc_astype(t, d);
  jaxc_array_free(t);
  return r;
}
/* uniform parts in [-1, 1) (with `diag` added to each matrix's diagonal), of dtype d */
static inline jaxc_array *rand_mats(jaxc_dtype d, int nd, const int64_t *shape, double diag) {
  int64_t n = 1;
  for (int i = 0; i < nd; i++) n *= shape[i];
  int w = is_cx(d) ? 2 : 1;
  double *p = malloc(sizeof(double) * (size_t)(n * w + 1));
  for (int64_t i = 0; i < n * w; i++) p[i] = (double)(rnd64() >> 11) * 0x1p-52 - 1.0;
  if (nd >= 2 && diag != 0) {
    int64_t r = shape[nd - 2], c = shape[nd - 1];
    for (int64_t b = 0; r && c && b < n / (r * c); b++)
      for (int64_t i = 0; i < r && i < c; i++) p[w * (b * r * c + i * c + i)] += diag;
  }
  jaxc_array *a = from_parts(d, nd, shape, p);
  free(p);
  return a;
}
/* element i's parts as long doubles (any dtype, through complex128) */
typedef struct { long double re, im; } cld;
/* (through complex128 with x64 on whatever the caller's setting, restored after) */
static inline cld at(const jaxc_array *a, int64_t i) {
  bool x64 = jaxc_x64();
  jaxc_set_x64(true);
  jaxc_array *c = jaxc_astype(a, JAXC_C128);
  const double *p = (const double *)jaxc_array_data(c);
  cld v = {p[2 * i], p[2 * i + 1]};
  jaxc_array_free(c);
  jaxc_set_x64(x64);
  return v;
}
/* all elements as long double complex parts (freed by the caller) */
static inline cld *parts(const jaxc_array *a) {
  int64_t n = jaxc_array_size(a);
  cld *v = malloc(sizeof(cld) * (size_t)(n + 1));
  bool x64 = jaxc_x64();
  jaxc_set_x64(true);
  jaxc_array *c = jaxc_astype(a, JAXC_C128);
  const double *p = (const double *)jaxc_array_data(c);
  for (int64_t i = 0; i < n; i++) v[i].re = p[2 * i], v[i].im = p[2 * i + 1];
  jaxc_array_free(c);
  jaxc_set_x64(x64);
  return v;
}
/* the larger of two errors, a NaN winning (fmaxl and "if (e > worst)" would drop a NaN, and the
   check it fed would pass) */
static inline long double maxnan(long double a, long double b) { return isnan(a) ? a : isnan(b) || b > a ? b : a; }
static inline cld cmul(cld a, cld b) { return (cld){a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
static inline long double cabsl_(cld a) { return hypotl(a.re, a.im); }
static inline long double u_of(jaxc_dtype d) { return eps_of(d); }
static inline bool same_shape(const jaxc_array *a, int nd, const int64_t *shape) {
  if (jaxc_array_ndim(a) != nd) return false;
  for (int i = 0; i < nd; i++)
    if (jaxc_array_shape(a)[i] != shape[i]) return false;
  return true;
}
static inline bool bits_equal(const jaxc_array *a, const jaxc_array *b) {
  return a && b && jaxc_array_dtype(a) == jaxc_array_dtype(b) && jaxc_array_size(a) == jaxc_array_size(b) &&
         memcmp(jaxc_array_data(a), jaxc_array_data(b), (size_t)jaxc_array_size(a) * jaxc_dtype_size(jaxc_array_dtype(a))) == 0;
}

#endif
