/* test_cov.c — jnp.ptp, average, cov and corrcoef.
   References written here, not from the library:
     - ptp: each lane walked coordinate by coordinate, its max and min found by comparing decoded
       values (NaN propagates; complex in lax.max's lexicographic order), the difference in the
       dtype: integers wrapped to their width, floats rounded once from the exact double
       difference (double rounding through double is harmless for a subtraction);
     - average, cov, corrcoef: NumPy's definitions in long double (w = fweights * aweights, avg =
       sum(w x) / sum(w), fact = sum(w) - ddof * sum(w * aweights) / sum(w), C = sum(w (x - avg)
       conj(x - avg)) / fact, R = C / sqrt(C_ii C_jj) clipped), compared bit for bit where every
       step is exact but the last (small dyadic values, power-of-two counts) and within a bound
       of the dtype's epsilon, the terms' magnitude and the count elsewhere;
     - result dtypes and weak flags replayed from JAX's lines on the golden promotion table
       (tests/data/promotion.txt, recorded from JAX 0.11.2): average's promote_dtypes_inexact,
       cov's average, weights products and divisions, strict mode's refusals;
     - JAX facts: the examples of the four docstrings; JAX's error messages, in JAX's order;
     - properties: |R| <= 1, R's diagonal within ulps of 1, negative weights counted as their
       absolute values, a 1-D m beside a 2-D y promoted to a row first (JAX, unlike NumPy),
       inputs unchanged, nothing returned on error. */
#include <complex.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8];
static long n_ptp, n_avg, n_cov, n_corr;

/* ---- values ----------------------------------------------------------------------------------- */
typedef struct cval { long double re, im; } cval;
static bool is_cplx(jaxc_dtype d) { return d == JAXC_C64 || d == JAXC_C128; }
static bool is_int(jaxc_dtype d) { jaxc_kind k = jaxc_dtype_kind(d); return k == JAXC_KIND_INT || k == JAXC_KIND_UINT; }
static cval at(const jaxc_array *a, int64_t i) { /* element i, exact */
  const void *p = jaxc_array_data(a);
  cval v = {0, 0};
  switch (jaxc_array_dtype(a)) {
  case JAXC_BOOL: v.re = ((const uint8_t *)p)[i] != 0; break;
  case JAXC_U8: v.re = ((const uint8_t *)p)[i]; break;
  case JAXC_U16: v.re = ((const uint16_t *)p)[i]; break;
  case JAXC_U32: v.re = ((const uint32_t *)p)[i]; break;
  case JAXC_U64: v.re = ((const uint64_t *)p)[i]; break;
  case JAXC_I8: v.re = ((const int8_t *)p)[i]; break;
  case JAXC_I16: v.re = ((const int16_t *)p)[i]; break;
  case JAXC_I32: v.re = ((const int32_t *)p)[i]; break;
  case JAXC_I64: v.re = ((const int64_t *)p)[i]; break;
  case JAXC_BF16: v.re = dec16(BF16F, ((const uint16_t *)p)[i]); break;
  case JAXC_F16: v.re = dec16(F16F, ((const uint16_t *)p)[i]); break;
  case JAXC_F32: v.re = ((const float *)p)[i]; break;
  case JAXC_F64: v.re = ((const double *)p)[i]; break;
  case JAXC_C64: v.re = ((const float *)p)[2 * i], v.im = ((const float *)p)[2 * i + 1]; break;
  case JAXC_C128: v.re = ((const double *)p)[2 * i], v.im = ((const double *)p)[2 * i + 1]; break;
  default: break;
  }
  return v;
}
static double rnd(jaxc_dtype d, double x) { /* x rounded to float dtype d (a component's for complex) */
  switch (d) {
  case JAXC_F32: case JAXC_C64: return (double)(float)x;
  case JAXC_F16: return round16(F16F, x);
  case JAXC_BF16: return round16(BF16F, x);
  default: return x;
  }
}
/* an array of dtype d from values v (re, and im for complex) that d holds exactly */
static jaxc_array *array_of(jaxc_dtype d, int nd, const int64_t *shape, const double *re, const double *im) {
  jaxc_array *a = jaxc_array_empty(d, nd, shape);
  if (!a) return NULL;
  d = jaxc_array_dtype(a);
  void *p = (void *)jaxc_array_data(a); /* (ours: just made) */
  for (int64_t i = 0; i < jaxc_array_size(a); i++) {
    double x = re[i], y = im ? im[i] : 0;
    switch (d) {
    case JAXC_BOOL: ((uint8_t *)p)[i] = x != 0; break;
    case JAXC_U8: ((uint8_t *)p)[i] = (uint8_t)x; break;
    case JAXC_U16: ((uint16_t *)p)[i] = (uint16_t)x; break;
    case JAXC_U32: ((uint32_t *)p)[i] = (uint32_t)x; break;
    case JAXC_U64: ((uint64_t *)p)[i] = (uint64_t)x; break;
    case JAXC_I8: ((int8_t *)p)[i] = (int8_t)x; break;
    case JAXC_I16: ((int16_t *)p)[i] = (int16_t)x; break;
    case JAXC_I32: ((int32_t *)p)[i] = (int32_t)x; break;
    case JAXC_I64: ((int64_t *)p)[i] = (int64_t)x; break;
    case JAXC_BF16: ((uint16_t *)p)[i] = enc16(BF16F, x); break;
    case JAXC_F16: ((uint16_t *)p)[i] = enc16(F16F, x); break;
    case JAXC_F32: ((float *)p)[i] = (float)x; break;
    case JAXC_F64: ((double *)p)[i] = x; break;
    case JAXC_C64: ((float *)p)[2 * i] = (float)x, ((float *)p)[2 * i + 1] = (float)y; break;
    case JAXC_C128: ((double *)p)[2 * i] = x, ((double *)p)[2 * i + 1] = y; break;
    default: break;
    }
  }
  return a;
}
/* n small values for dtype d: integers -4..4 (0..8 unsigned, 0/1 bool), times 3/8 now and then
   for floats, an imaginary part for complex; every sum and product of a few of them is exact in
   float32 */
static void small_values(jaxc_dtype d, int64_t n, double *re, double *im, bool positive) {
  jaxc_kind k = jaxc_dtype_kind(d);
  for (int64_t i = 0; i < n; i++) {
    double v = (double)((int64_t)(rnd64() % 9) - 4);
    if (positive || k == JAXC_KIND_UINT) v = fabs(v);
    if (k == JAXC_KIND_BOOL) v = (double)(rnd64() & 1);
    if ((k == JAXC_KIND_FLOAT || k == JAXC_KIND_COMPLEX) && rnd64() % 4 == 0) v *= 0.375;
    re[i] = v;
    if (im) im[i] = k == JAXC_KIND_COMPLEX ? (double)((int64_t)(rnd64() % 9) - 4) * 0.5 : 0;
  }
}
static jaxc_array *small_array(jaxc_dtype d, int nd, const int64_t *shape, bool positive) {
  int64_t n = 1;
  for (int k = 0; k < nd; k++) n *= shape[k];
  double *re = malloc(sizeof(double) * (size_t)(n + 1)), *im = malloc(sizeof(double) * (size_t)(n + 1));
  small_values(d, n, re, im, positive);
  jaxc_array *a = array_of(d, nd, shape, re, im);
  free(re), free(im);
  return a;
}
static bool same_c(cval got, long double re, long double im) { /* bit-level equality of values, NaN = NaN */
  bool r = (got.re == re && signbit(got.re) == signbit(re)) || (got.re != got.re && re != re);
  bool i = (got.im == im && signbit(got.im) == signbit(im)) || (got.im != got.im && im != im);
  return r && i;
}

/* ---- dtype rules from the golden table ------------------------------------------------------- */
static int g_strict, g_x64;
static jaxc_dtype node_of(const jaxc_array *a) {
  if (!jaxc_array_is_weak(a)) return jaxc_array_dtype(a);
  switch (jaxc_dtype_kind(jaxc_array_dtype(a))) {
  case JAXC_KIND_FLOAT: return JAXC_WEAK_FLOAT;
  case JAXC_KIND_COMPLEX: return JAXC_WEAK_COMPLEX;
  default: return JAXC_WEAK_INT;
  }
}
/* the join of two lattice nodes by the golden table; INVALID where refused */
static jaxc_dtype join(jaxc_dtype a, jaxc_dtype b) {
  const char *g = golden[g_strict][g_x64][a][b];
  if (g[0] == '-') return JAXC_DTYPE_INVALID;
  bool weak;
  jaxc_dtype d = golden_cell(g, &weak);
  if (!weak) return d;
  return jaxc_dtype_kind(d) == JAXC_KIND_FLOAT ? JAXC_WEAK_FLOAT : jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX ? JAXC_WEAK_COMPLEX : JAXC_WEAK_INT;
}
/* dtypes.to_inexact_dtype of a node (jax/_src/dtypes.py's _dtype_to_inexact: bool and integers of
   up to 32 bits to float32, x64 or not; 64-bit integers to float64) */
static jaxc_dtype inexact(jaxc_dtype n) {
  if (n == JAXC_WEAK_INT) return JAXC_WEAK_FLOAT;
  if (n == JAXC_WEAK_FLOAT || n == JAXC_WEAK_COMPLEX) return n;
  jaxc_kind k = jaxc_dtype_kind(n);
  if (k == JAXC_KIND_FLOAT || k == JAXC_KIND_COMPLEX) return n;
  return n == JAXC_I64 || n == JAXC_U64 ? JAXC_F64 : JAXC_F32;
}
static jaxc_dtype storage(jaxc_dtype n) { /* the dtype a node is stored in, narrowed with x64 off */
  if (n == JAXC_WEAK_INT) n = JAXC_I64;
  if (n == JAXC_WEAK_FLOAT) n = JAXC_F64;
  if (n == JAXC_WEAK_COMPLEX) n = JAXC_C128;
  if (!g_x64) n = n == JAXC_F64 ? JAXC_F32 : n == JAXC_C128 ? JAXC_C64 : n == JAXC_I64 ? JAXC_I32 : n == JAXC_U64 ? JAXC_U32 : n;
  return n;
}
static void set_mode(int strict, int x64) {
  g_strict = strict, g_x64 = x64;
  jaxc_set_x64(x64);
  jaxc_set_promotion(strict ? JAXC_RULES_JAX_STRICT : JAXC_RULES_JAX);
}
static bool dtype_is(const jaxc_array *r, jaxc_dtype want, const char *what) {
  CHECK_MSG(r && jaxc_array_dtype(r) == want && !jaxc_array_is_weak(r), "%s: got %s%s, want %s", what,
            r ? jaxc_dtype_name(jaxc_array_dtype(r)) : jaxc_last_error(), r && jaxc_array_is_weak(r) ? " (weak)" : "",
            jaxc_dtype_name(want));
  return r && jaxc_array_dtype(r) == want;
}
static bool shape_is(const jaxc_array *r, int nd, const int64_t *shape) {
  bool ok = r && jaxc_array_ndim(r) == nd;
  for (int k = 0; ok && k < nd; k++) ok = jaxc_array_shape(r)[k] == shape[k];
  CHECK_MSG(ok, "shape of %s", r ? print_to_string(r) : jaxc_last_error());
  return ok;
}

static const jaxc_dtype all_dtypes[] = {JAXC_BOOL, JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32,
                                        JAXC_I64, JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
#define NDT ((int)(sizeof all_dtypes / sizeof all_dtypes[0]))

/* ---- ptp -------------------------------------------------------------------------------------- */
static bool c_greater(cval a, cval b) { return a.re > b.re || (a.re == b.re && a.im > b.im); }
/* max - min of a lane of ints, wrapped to d's width */
static long double int_diff(jaxc_dtype d, long double mx, long double mn) {
  int bits = jaxc_dtype_bits(d);
  bool uns = jaxc_dtype_kind(d) == JAXC_KIND_UINT; /* (a uint64 past INT64_MAX converts only as unsigned) */
  uint64_t u = uns ? (uint64_t)mx - (uint64_t)mn : (uint64_t)(int64_t)mx - (uint64_t)(int64_t)mn;
  if (bits < 64) u &= ((uint64_t)1 << bits) - 1;
  if (uns) return (long double)u;
  if (bits < 64 && (u >> (bits - 1)) & 1) return (long double)(int64_t)(u | ~(((uint64_t)1 << bits) - 1));
  return (long double)(int64_t)u;
}
static void check_ptp(const jaxc_array *a, int axis, bool keepdims) {
  jaxc_dtype d = jaxc_array_dtype(a);
  uint64_t sum = checksum(a);
  jaxc_array *r = jaxc_ptp(a, axis, keepdims);
  n_ptp++;
  CHECK(checksum(a) == sum);
  lane_geom g = lanes_of(a, axis);
  if (g.n == 0 && g.outer * g.inner > 0) { /* (max's error first, for bool too) */
    CHECK_MSG(!r && strcmp(jaxc_last_error(), "zero-size array to reduction operation max which has no identity") == 0, "%s",
              jaxc_last_error());
    jaxc_array_free(r);
    return;
  }
  if (d == JAXC_BOOL) {
    CHECK_MSG(!r && strncmp(jaxc_last_error(), "sub does not accept dtype bool. Accepted dtypes are subtypes of ", 64) == 0,
              "ptp(bool): %s", jaxc_last_error());
    jaxc_array_free(r);
    return;
  }
  if (!dtype_is(r, d, "ptp")) { jaxc_array_free(r); return; }
  /* the fused pass's bytes are those of JAX's line, max - min, NaN payloads and signed zeros too */
  jaxc_array *mx = jaxc_reduce_ex(JAXC_OP_MAX, a, axis, keepdims), *mn = jaxc_reduce_ex(JAXC_OP_MIN, a, axis, keepdims);
  jaxc_array *line = mx && mn ? jaxc_subtract(mx, mn) : NULL;
  CHECK_MSG(line && jaxc_array_size(line) == jaxc_array_size(r) &&
                memcmp(jaxc_array_data(line), jaxc_array_data(r), (size_t)jaxc_array_size(r) * jaxc_dtype_size(d)) == 0,
            "ptp %s: not max - min's bytes", jaxc_dtype_name(d));
  jaxc_array_free(mx), jaxc_array_free(mn), jaxc_array_free(line);
  int nd = jaxc_array_ndim(a), ax = axis == JAXC_ALL_AXES ? -1 : axis < 0 ? axis + nd : axis, rn = 0;
  int64_t want[JAXC_MAX_NDIM];
  for (int k = 0; k < nd; k++)
    if (ax >= 0 && k != ax) want[rn++] = jaxc_array_shape(a)[k];
    else if (keepdims) want[rn++] = 1;
  shape_is(r, rn, want);
  if (jaxc_array_size(r) != g.outer * g.inner) { jaxc_array_free(r); return; }
  for (int64_t j = 0; j < g.outer * g.inner; j++) {
    int64_t base = (j / g.inner) * g.n * g.inner + j % g.inner;
    cval mx = at(a, base), mn = mx;
    bool nan = false;
    for (int64_t t = 0; t < g.n; t++) {
      cval v = at(a, base + t * g.inner);
      if (v.re != v.re || v.im != v.im) nan = true;
      if (c_greater(v, mx)) mx = v;
      if (c_greater(mn, v)) mn = v;
    }
    long double re, im = 0;
    if (is_int(d)) re = int_diff(d, mx.re, mn.re);
    else if (nan && !is_cplx(d)) re = NAN;
    else re = rnd(d, (double)mx.re - (double)mn.re), im = rnd(d, (double)mx.im - (double)mn.im);
    cval got = at(r, j);
    if (nan && is_cplx(d)) continue; /* (lax.max's NaN order for complex is XLA's; not modelled here) */
    CHECK_MSG(same_c(got, re, im), "ptp %s lane %lld: got %Lg%+Lgj, want %Lg%+Lgj", jaxc_dtype_name(d), (long long)j, got.re,
              got.im, re, im);
  }
  jaxc_array_free(r);
}
static jaxc_array *ptp_input(jaxc_dtype d, int nd, const int64_t *shape) {
  jaxc_array *a = random_bytes_array(d, nd, shape);
  jaxc_dtype s = jaxc_array_dtype(a);
  if (jaxc_dtype_kind(s) == JAXC_KIND_FLOAT || is_cplx(s)) { /* random finite values, a few NaN and inf */
    int64_t n = jaxc_array_size(a);
    double *re = malloc(sizeof(double) * (size_t)(n + 1)), *im = malloc(sizeof(double) * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++) {
      int u = (int)(rnd64() % 64);
      re[i] = rnd(s, ldexp((double)(int64_t)(rnd64() % 2001 - 1000), (int)(rnd64() % 20) - 12));
      im[i] = rnd(s, (double)(int64_t)(rnd64() % 21 - 10));
      if (u == 0 && !is_cplx(s)) re[i] = u2d(d2u(NAN) | (rnd64() & 0xFFFF) << 29 | (rnd64() & 1) << 63); /* (payloads, signs) */
      if (u == 4 || u == 5) re[i] = u == 4 ? 0.0 : -0.0;
      if (u == 1) re[i] = INFINITY;
      if (u == 2) re[i] = -INFINITY;
      if (u == 3) re[i] = re[i - (i > 0)]; /* ties (complex: ordered by the imaginary part) */
    }
    jaxc_array_free(a);
    a = array_of(s, nd, shape, re, im);
    free(re), free(im);
  }
  return a;
}
static void test_ptp_random(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    set_mode(0, x64);
    for (int di = 0; di < NDT; di++)
      for (int rep = 0; rep < 24; rep++) {
        int nd = (int)(rnd64() % 4);
        int64_t shape[3];
        for (int k = 0; k < nd; k++) shape[k] = (int64_t)(rnd64() % (rep < 4 ? 3 : 7));
        jaxc_array *a = ptp_input(all_dtypes[di], nd, shape);
        check_ptp(a, JAXC_ALL_AXES, rep & 1);
        for (int k = 0; k < nd; k++) check_ptp(a, rep & 2 ? k - nd : k, rep & 1);
        jaxc_array_free(a);
      }
  }
  set_mode(0, 0);
  /* large: the threaded reductions */
  jaxc_dtype big[] = {JAXC_F32, JAXC_I16, JAXC_U8, JAXC_F64};
  for (int i = 0; i < 4; i++) {
    jaxc_array *a = ptp_input(big[i], 2, (const int64_t[]){1 << 10, 1 << 10});
    check_ptp(a, JAXC_ALL_AXES, false);
    check_ptp(a, 0, false);
    check_ptp(a, 1, true);
    jaxc_array_free(a);
    a = ptp_input(big[i], 3, (const int64_t[]){3, 1500, 700}); /* (blocks of 512 lanes and a part one) */
    check_ptp(a, 1, false);
    check_ptp(a, 0, true);
    check_ptp(a, JAXC_ALL_AXES, false);
    /* without NaNs (infinities kept): the extremes themselves, long lanes and one over the threads */
    double inf = INFINITY, ninf = -INFINITY;
    jaxc_array *clean = jaxc_nan_to_num(a, -0.0, &inf, &ninf);
    check_ptp(clean, 2, false);
    check_ptp(clean, JAXC_ALL_AXES, false);
    jaxc_array_free(clean), jaxc_array_free(a);
  }
  for (int i = 0; i < 2; i++) { /* lanes of one value, of both zeros, of finite values only */
    int64_t n = 5000;
    jaxc_array *a = ptp_input(i ? JAXC_F64 : JAXC_F32, 1, &n);
    double *v = malloc(sizeof(double) * (size_t)n);
    for (int kind = 0; kind < 3; kind++) {
      for (int64_t j = 0; j < n; j++)
        v[j] = kind == 0 ? -2.5 : kind == 1 ? ((rnd64() & 1) ? 0.0 : -0.0) : ldexp((double)(int64_t)(rnd64() % 2001 - 1000), -7);
      jaxc_array *b = array_of(jaxc_array_dtype(a), 1, &n, v, NULL);
      check_ptp(b, 0, false);
      jaxc_array_free(b);
    }
    free(v), jaxc_array_free(a);
  }
}
static void test_ptp_cases(void) {
  set_mode(0, 0);
  int32_t xv[] = {1, 3, 5, 2, 4, 6, 8, 1, 7, 9, 3, 4}; /* jnp.ptp's docstring */
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){3, 4}, xv);
  expect_print(jaxc_ptp(x, JAXC_ALL_AXES, false), "Array(8, dtype=int32)", "ptp(x)");
  expect_print(jaxc_ptp(x, 1, false), "Array([4, 7, 6], dtype=int32)", "ptp(x, axis=1)");
  expect_print(jaxc_ptp(x, 1, true), "Array([[4],\n       [7],\n       [6]], dtype=int32)", "ptp(x, axis=1, keepdims=True)");
  int8_t e[] = {-128, 127};
  jaxc_array *e8 = jaxc_array_from_data(JAXC_I8, 1, (const int64_t[]){2}, e);
  expect_print(jaxc_ptp(e8, 0, false), "Array(-1, dtype=int8)", "ptp wraps");
  jaxc_array_free(e8);
  jaxc_array *w = jaxc_weak_float(2.5);
  expect_print(jaxc_ptp(w, JAXC_ALL_AXES, false), "Array(0., dtype=float32)", "ptp of a weak scalar is strong");
  /* a 64-bit array made with x64 on, then x64 off: max and min keep it, lax.sub narrows */
  set_mode(0, 1);
  jaxc_array *f64 = array_of(JAXC_F64, 1, (const int64_t[]){3}, (const double[]){1.5, -2, 4}, NULL);
  jaxc_array *i64 = array_of(JAXC_I64, 1, (const int64_t[]){3}, (const double[]){1, -2, 40}, NULL);
  set_mode(0, 0);
  expect_print(jaxc_ptp(f64, JAXC_ALL_AXES, false), "Array(6., dtype=float32)", "ptp of float64 with x64 off");
  expect_print(jaxc_ptp(i64, 0, false), "Array(42, dtype=int32)", "ptp of int64 with x64 off");
  jaxc_array_free(f64), jaxc_array_free(i64);
  CHECK_FAILS(jaxc_ptp(x, 2, false), "axis 2 is out of bounds for array of dimension 2");
  CHECK_FAILS(jaxc_ptp(NULL, 0, false), "ptp: the array is NULL");
  jaxc_array_free(x), jaxc_array_free(w);
}

/* ---- average ---------------------------------------------------------------------------------- */
/* jnp.average of a and w (NULL: none) along axis, against the long double reference; dt the
   promoted dtype */
static void check_average(const jaxc_array *a, const jaxc_array *w, int axis, bool keepdims) {
  uint64_t sa = checksum(a), sw = w ? checksum(w) : 0;
  jaxc_array *s = NULL, *r = jaxc_average(a, axis, w, keepdims, &s);
  n_avg++;
  CHECK(checksum(a) == sa && (!w || checksum(w) == sw));
  jaxc_dtype node = w ? join(node_of(a), node_of(w)) : node_of(a);
  if (node == JAXC_DTYPE_INVALID) {
    CHECK_MSG(!r && !s && jaxc_last_status() == JAXC_ERR_PROMOTION, "average(%s, %s) should be refused", jaxc_dtype_name(jaxc_array_dtype(a)),
              jaxc_dtype_name(jaxc_array_dtype(w)));
    return;
  }
  jaxc_dtype dt = storage(inexact(node));
  int nd = jaxc_array_ndim(a), ax = axis == JAXC_ALL_AXES ? -1 : axis < 0 ? axis + nd : axis;
  bool along = w && jaxc_array_ndim(w) != nd; /* 1-D weights laid along the axis */
  char what[80];
  snprintf(what, sizeof what, "average(%s, %s), x64 %d", jaxc_dtype_name(jaxc_array_dtype(a)), w ? jaxc_dtype_name(jaxc_array_dtype(w)) : "None", g_x64);
  if (!dtype_is(r, dt, what) || !dtype_is(s, dt, what)) { jaxc_array_free(r), jaxc_array_free(s); return; }
  lane_geom g = lanes_of(a, axis);
  int rn = 0;
  int64_t want[JAXC_MAX_NDIM];
  for (int k = 0; k < nd; k++)
    if (ax >= 0 && k != ax) want[rn++] = jaxc_array_shape(a)[k];
    else if (keepdims) want[rn++] = 1;
  if (!shape_is(r, rn, want) || !shape_is(s, rn, want)) { jaxc_array_free(r), jaxc_array_free(s); return; }
  bool exact = dt == JAXC_F32 || dt == JAXC_F64; /* (every sum exact: one rounding, the division) */
  for (int64_t j = 0; j < g.outer * g.inner; j++) {
    int64_t base = (j / g.inner) * g.n * g.inner + j % g.inner;
    long double complex saw = 0, sww = 0;
    long double mag = 0, wmag = 0;
    for (int64_t t = 0; t < g.n; t++) {
      cval x = at(a, base + t * g.inner), v = {1, 0};
      if (w) v = at(w, along ? t : base + t * g.inner);
      long double complex xc = x.re + x.im * I, vc = v.re + v.im * I;
      saw += xc * vc, sww += vc;
      mag += cabsl(xc * vc), wmag += cabsl(vc);
    }
    cval got = at(r, j), gs = at(s, j);
    if (exact) {
      long double q = creall(saw) / creall(sww);
      CHECK_MSG(same_c(got, rnd(dt, (double)q), 0), "average %s lane %lld: got %.17Lg, want %.17g", jaxc_dtype_name(dt), (long long)j,
                got.re, rnd(dt, (double)q));
      CHECK(same_c(gs, creall(sww), 0));
    } else if (cabsl(sww) > 0) {
      long double complex q = saw / sww;
      long double scale = (mag + cabsl(q) * wmag) / cabsl(sww) * (long double)(g.n + 2);
      CHECK_MSG(close_to(got.re, creall(q), scale, dt) && close_to(got.im, cimagl(q), scale, dt),
                "average %s lane %lld: got %Lg%+Lgj, want %Lg%+Lgj", jaxc_dtype_name(dt), (long long)j, got.re, got.im, creall(q), cimagl(q));
      CHECK(close_to(gs.re, creall(sww), wmag * (long double)(g.n + 1), dt) && close_to(gs.im, cimagl(sww), wmag * (long double)(g.n + 1), dt));
    }
  }
  jaxc_array_free(r), jaxc_array_free(s);
}
static void test_average_random(void) {
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    set_mode(strict, x64);
    for (int ai = 0; ai < NDT; ai++)
      for (int wi = -1; wi < NDT; wi++) {
        jaxc_dtype da = all_dtypes[ai], dw = wi < 0 ? JAXC_DTYPE_NONE : all_dtypes[wi];
        int nd = 1 + (int)(rnd64() % 3);
        int64_t shape[3];
        for (int k = 0; k < nd; k++) shape[k] = 1 + (int64_t)(rnd64() % 4);
        jaxc_array *a = small_array(da, nd, shape, false), *w = NULL;
        int axis = (int)(rnd64() % (unsigned)nd);
        if (wi >= 0) w = small_array(dw, nd, shape, true);
        check_average(a, w, JAXC_ALL_AXES, false);
        check_average(a, w, axis, true);
        check_average(a, w, axis - nd, false);
        if (wi >= 0) { /* 1-D weights along the axis */
          jaxc_array *w1 = small_array(dw, 1, &shape[axis], true);
          check_average(a, w1, axis, false);
          check_average(a, w1, axis, true);
          jaxc_array_free(w1);
        }
        jaxc_array_free(a), jaxc_array_free(w);
      }
  }
  set_mode(0, 0);
}
/* The one-pass weighted average (float32/float64, weights of a's shape, all axes) against JAX's
   line run op by op (debug_nans forces it: no NaN arises here), bit for bit, past the threaded
   cut too, and against the long double sums */
static void test_average_fused(void) {
  set_mode(0, 1);
  const int64_t sizes[] = {1, 7, 129, 1000, 100003, 1 << 21, 3 << 20};
  for (int di = 0; di < 2; di++)
    for (int si = 0; si < 7; si++) {
      jaxc_dtype d = di ? JAXC_F64 : JAXC_F32;
      int64_t n = sizes[si], sh[2] = {n, 1};
      if (d == JAXC_F64 && n > (1 << 21)) continue;
      jaxc_array *a = jaxc_array_empty(d, 2, sh), *w = jaxc_array_empty(d, 2, sh);
      long double saw = 0, sw = 0, mag = 0;
      for (int64_t i = 0; i < n; i++) {
        double x = (double)(int64_t)(rnd64() >> 11) * 0x1p-53 * 200 - 100, v = (double)(rnd64() >> 11) * 0x1p-53;
        if (d == JAXC_F32) ((float *)(void *)jaxc_array_data(a))[i] = (float)x, ((float *)(void *)jaxc_array_data(w))[i] = (float)v;
        else ((double *)(void *)jaxc_array_data(a))[i] = x, ((double *)(void *)jaxc_array_data(w))[i] = v;
        long double xa = at(a, i).re, wa = at(w, i).re;
        saw += xa * wa, sw += wa, mag += fabsl(xa * wa);
      }
      jaxc_array *s1 = NULL, *s2 = NULL, *r1 = jaxc_average(a, JAXC_ALL_AXES, w, si & 1, &s1);
      jaxc_set_debug_nans(true);
      jaxc_array *r2 = jaxc_average(a, JAXC_ALL_AXES, w, si & 1, &s2);
      jaxc_set_debug_nans(false);
      n_avg += 2;
      bool same = r1 && r2 && s1 && s2 && jaxc_array_ndim(r1) == jaxc_array_ndim(r2) && checksum(r1) == checksum(r2) && checksum(s1) == checksum(s2);
      CHECK_MSG(same, "average %s n=%lld: the one pass and the line differ: %s vs %s", jaxc_dtype_name(d), (long long)n,
                r1 ? print_to_string(r1) : jaxc_last_error(), r2 ? print_to_string(r2) : "NULL");
      CHECK(r1 && shape_is(r1, si & 1 ? 2 : 0, (const int64_t[]){1, 1}) && s1 && shape_is(s1, si & 1 ? 2 : 0, (const int64_t[]){1, 1}));
      if (r1 && s1) {
        long double q = saw / sw;
        CHECK_MSG(close_to(at(r1, 0).re, q, mag / sw * 8, d) && close_to(at(s1, 0).re, sw, sw * 8, d), "average %s n=%lld: %Lg vs %Lg",
                  jaxc_dtype_name(d), (long long)n, at(r1, 0).re, q);
      }
      jaxc_array_free(r1), jaxc_array_free(r2), jaxc_array_free(s1), jaxc_array_free(s2), jaxc_array_free(a), jaxc_array_free(w);
    }
  set_mode(0, 0);
}
static void test_average_cases(void) {
  set_mode(0, 0);
  int32_t xv[] = {1, 2, 3, 2, 4}, wv[] = {2, 1, 3, 2, 2}, yv[] = {8, 2, 7, 3, 6, 4}, w3[] = {1, 2, 3};
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){5}, xv), *w = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){5}, wv);
  jaxc_array *y = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 3}, yv), *w2 = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){3}, w3);
  jaxc_array *s;
  expect_print(jaxc_average(x, JAXC_ALL_AXES, NULL, false, NULL), "Array(2.4, dtype=float32)", "average(x)");
  expect_print(jaxc_average(x, JAXC_ALL_AXES, w, false, NULL), "Array(2.5, dtype=float32)", "average(x, weights)");
  expect_print(jaxc_average(x, JAXC_ALL_AXES, NULL, false, &s), "Array(2.4, dtype=float32)", "returned");
  expect_print(s, "Array(5., dtype=float32)", "returned: the count");
  expect_print(jaxc_average(x, JAXC_ALL_AXES, w, false, &s), "Array(2.5, dtype=float32)", "returned, weighted");
  expect_print(s, "Array(10., dtype=float32)", "returned: the weights' sum");
  expect_print(jaxc_average(y, 1, w2, false, NULL), "Array([5.5, 4.5], dtype=float32)", "average(x, weights, axis=1)");
  expect_print(jaxc_average(y, 1, w2, false, &s), "Array([5.5, 4.5], dtype=float32)", "returned along an axis");
  expect_print(s, "Array([6., 6.], dtype=float32)", "the weights' sum broadcast to the average's shape");
  expect_print(jaxc_average(y, 0, NULL, true, &s), "Array([[5.5, 4. , 5.5]], dtype=float32)", "keepdims");
  expect_print(s, "Array([[2., 2., 2.]], dtype=float32)", "the count, keepdims");
  /* the count in the result's dtype: 70000 is inf in float16 */
  jaxc_array *h = jaxc_array_zeros(JAXC_F16, 1, (const int64_t[]){70000});
  expect_print(jaxc_average(h, 0, NULL, false, &s), "Array(0., dtype=float16)", "float16 mean");
  expect_print(s, "Array(inf, dtype=float16)", "a count past float16's range");
  /* zero weights: 0 / 0 */
  int32_t z3[] = {0, 0, 0};
  jaxc_array *wz = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){3}, z3);
  expect_print(jaxc_average(y, 1, wz, false, NULL), "Array([nan, nan], dtype=float32)", "zero weights");
  CHECK_FAILS(jaxc_average(y, JAXC_ALL_AXES, w2, false, &s), "Axis must be specified when shapes of a and weights differ.");
  CHECK(s == NULL);
  CHECK_FAILS(jaxc_average(y, 0, w2, false, &s), "Shape of weights must be consistent with shape of a along specified axis.");
  jaxc_array *two = jaxc_weak_int(2);
  CHECK_FAILS(jaxc_average(y, 1, two, false, NULL), "Shape of weights must be consistent with shape of a along specified axis.");
  jaxc_array_free(two);
  CHECK_FAILS(jaxc_average(y, 2, w2, false, &s), "axis 2 is out of bounds for array of dimension 2");
  CHECK_FAILS(jaxc_average(NULL, 0, NULL, false, &s), "average: the array is NULL");
  /* the axis is checked before the promotion (canonicalize_axis_tuple comes first) */
  set_mode(1, 0);
  jaxc_array *f = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3});
  CHECK_FAILS(jaxc_average(y, 3, f, false, NULL), "axis 3 is out of bounds for array of dimension 2");
  jaxc_array *r = jaxc_average(y, 1, f, false, NULL);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_array_free(r);
  set_mode(0, 0);
  jaxc_array *wk = jaxc_weak_int(3);
  expect_print(jaxc_average(wk, JAXC_ALL_AXES, NULL, false, NULL), "Array(3., dtype=float32)", "a weak int: a strong float");
  jaxc_array_free(x), jaxc_array_free(w), jaxc_array_free(y), jaxc_array_free(w2), jaxc_array_free(h), jaxc_array_free(wz);
  jaxc_array_free(f), jaxc_array_free(wk);
}

/* ---- cov and corrcoef ------------------------------------------------------------------------- */
typedef struct covcall {
  const jaxc_array *m, *y, *fw, *aw;
  bool rowvar, bias;
  int64_t ddof;
  jaxc_dtype dtype;
} covcall;
static jaxc_array *run_cov(const covcall *c) { return jaxc_cov(c->m, c->y, c->rowvar, c->bias, c->ddof, c->fw, c->aw, c->dtype); }
/* JAX's lines replayed on the golden table: the result's dtype, INVALID where strict mode refuses
   a step; *xd: X's dtype (the NaN result of an empty X) */
static jaxc_dtype join_ok(jaxc_dtype a, jaxc_dtype b, bool *ok) {
  if (!*ok) return JAXC_DTYPE_INVALID;
  jaxc_dtype j = join(a, b);
  if (j == JAXC_DTYPE_INVALID) *ok = false;
  return j;
}
static jaxc_dtype strong(jaxc_dtype n) { return storage(n); } /* a reduction's (strong) result */
/* jnp.sum's result dtype: bool and signed integers sum in the default int, unsigned ones in the
   default uint (promote_integers) */
static jaxc_dtype sum_dtype(jaxc_dtype n) {
  n = storage(n);
  jaxc_kind k = jaxc_dtype_kind(n);
  if (k == JAXC_KIND_BOOL || k == JAXC_KIND_INT) return storage(JAXC_I64);
  return k == JAXC_KIND_UINT ? storage(JAXC_U64) : n;
}
/* *overflow: ddof (a Python int) meets an unsigned sum it does not fit */
static jaxc_dtype cov_dtype(const covcall *c, jaxc_dtype *xd, jaxc_dtype *low, bool *overflow) {
  *overflow = false;
  bool ok = true;
  jaxc_dtype x = c->y ? join_ok(node_of(c->m), node_of(c->y), &ok) : node_of(c->m);
  if (!ok) return JAXC_DTYPE_INVALID;
  x = inexact(x);
  *xd = storage(x);
  jaxc_dtype w = JAXC_DTYPE_INVALID, aw = c->aw ? node_of(c->aw) : JAXC_DTYPE_INVALID;
  if (c->fw) w = node_of(c->fw);
  if (c->aw) w = c->fw ? join_ok(w, aw, &ok) : aw;
  if (c->dtype != JAXC_DTYPE_NONE) x = storage(c->dtype), w = c->fw || c->aw ? x : w;
  jaxc_dtype avg = strong(w != JAXC_DTYPE_INVALID ? inexact(join_ok(x, w, &ok)) : x);
  jaxc_dtype d1 = join_ok(x, avg, &ok), d2 = w != JAXC_DTYPE_INVALID ? join_ok(d1, w, &ok) : d1, d3 = join_ok(d1, d2, &ok);
  jaxc_dtype f = JAXC_WEAK_INT;
  int64_t ddof = c->ddof == JAXC_NONE ? !c->bias : c->ddof;
  if (w != JAXC_DTYPE_INVALID) {
    f = avg;
    if (ddof != 0 && c->aw) {
      jaxc_dtype t = sum_dtype(join_ok(w, aw, &ok));
      *overflow = ok && ddof < 0 && jaxc_dtype_kind(t) == JAXC_KIND_UINT;
      f = join_ok(avg, join_ok(join_ok(JAXC_WEAK_INT, t, &ok), avg, &ok), &ok);
    }
  }
  jaxc_dtype r = join_ok(d3, f, &ok);
  *low = storage(x); /* the narrowest float the values pass through */
  if (eps_of(storage(d1)) > eps_of(*low)) *low = storage(d1);
  return ok ? storage(r) : JAXC_DTYPE_INVALID;
}
/* The reference: X's rows as JAX lays them out (from m and y, with promote_shapes' ranks,
   atleast_2d and rowvar's transposes), values as the promoted arrays hold them (cast: the given
   dtype, its real part for a real one), NumPy's weighted formulas in long double. */
enum { MAXV = 16, MAXN = 64 };
typedef struct covref {
  int64_t nv, n;
  long double complex x[MAXV][MAXN];
  long double w[MAXN], fact, wsum;
  long double complex c[MAXV][MAXV], sum[MAXV][MAXV]; /* C, and its numerator */
  long double scale[MAXV][MAXV];
} covref;
static bool append_rows(covref *R, const jaxc_array *a, int nd, bool rowvar, bool is_y, jaxc_dtype cast) {
  int an = jaxc_array_ndim(a);
  const int64_t *sh = jaxc_array_shape(a);
  int64_t r = an == 2 ? sh[0] : 1, c = an >= 1 ? sh[an - 1] : 1;
  bool tr = !rowvar && (is_y ? r != 1 : nd != 1);
  int64_t rows = tr ? c : r, cols = tr ? r : c;
  if (rows == 0) return true;
  if (R->nv > 0 && cols != R->n) return false;
  if (R->nv + rows > MAXV || cols > MAXN) return false;
  R->n = cols;
  for (int64_t i = 0; i < rows; i++)
    for (int64_t k = 0; k < cols; k++) {
      cval v = at(a, tr ? k * c + i : i * c + k);
      if (cast != JAXC_DTYPE_NONE && !is_cplx(cast)) v.re = rnd(cast, (double)v.re), v.im = 0;
      R->x[R->nv + i][k] = v.re + v.im * I;
    }
  R->nv += rows;
  return true;
}
static bool ref_cov(const covcall *c, covref *R) {
  memset(R, 0, sizeof *R);
  int mnd = jaxc_array_ndim(c->m), ynd = c->y ? jaxc_array_ndim(c->y) : 0;
  if (c->y && mnd != ynd && mnd > 0 && ynd > 0) mnd = ynd = mnd > ynd ? mnd : ynd;
  if (!append_rows(R, c->m, mnd, c->rowvar, false, c->dtype)) return false;
  if (R->nv == 0) return true; /* (0, 0) */
  if (c->y && !append_rows(R, c->y, ynd, c->rowvar, true, c->dtype)) return false;
  int64_t n = R->n, ddof = c->ddof == JAXC_NONE ? !c->bias : c->ddof;
  long double swa = 0, sw = 0, swabs = 0;
  for (int64_t k = 0; k < n; k++) {
    long double f = c->fw ? fabsl(at(c->fw, k).re) : 1, a = c->aw ? fabsl(at(c->aw, k).re) : 1;
    R->w[k] = f * a, sw += R->w[k], swa += R->w[k] * a, swabs += fabsl(R->w[k]);
  }
  bool weighted = c->fw || c->aw;
  R->wsum = sw;
  R->fact = !weighted ? (long double)(n - ddof) : ddof == 0 ? sw : !c->aw ? sw - (long double)ddof : sw - (long double)ddof * swa / sw;
  long double complex avg[MAXV];
  long double amag[MAXV];
  for (int64_t i = 0; i < R->nv; i++) {
    long double complex t = 0;
    long double mag = 0;
    for (int64_t k = 0; k < n; k++) t += R->w[k] * R->x[i][k], mag += R->w[k] * cabsl(R->x[i][k]);
    avg[i] = t / sw, amag[i] = mag / sw;
  }
  for (int64_t i = 0; i < R->nv; i++)
    for (int64_t j = 0; j < R->nv; j++) {
      long double complex t = 0;
      long double mag = 0;
      for (int64_t k = 0; k < n; k++) {
        t += R->w[k] * (R->x[i][k] - avg[i]) * conjl(R->x[j][k] - avg[j]);
        mag += R->w[k] * (cabsl(R->x[i][k]) + amag[i]) * (cabsl(R->x[j][k]) + amag[j]);
      }
      R->sum[i][j] = t, R->c[i][j] = t / R->fact;
      /* the terms' size, and the weights' sums behind fact */
      R->scale[i][j] = mag / fabsl(R->fact) + cabsl(R->c[i][j]) * (weighted ? swabs / fabsl(R->fact) : 0);
    }
  return true;
}
/* r's dtype and shape as cov's (and corrcoef's) result for the reference's layout: no variables,
   the default float; no observations, X's dtype; else `want`, (nv, nv) or () for one variable.
   *eps: the unit roundoff of the narrowest dtype the values pass through. False, r freed, where
   they are not. */
static bool cov_layout_ok(jaxc_array *r, const covref *R, jaxc_dtype want, jaxc_dtype xd, jaxc_dtype low, const char *what,
                          long double *eps) {
  if (R->nv == 0) want = g_x64 ? JAXC_F64 : JAXC_F32;
  else if (R->n == 0) want = xd;
  if (!dtype_is(r, want, what) || !shape_is(r, R->nv == 1 ? 0 : 2, (const int64_t[]){R->nv, R->nv})) {
    jaxc_array_free(r);
    return false;
  }
  *eps = eps_of(low) > eps_of(want) ? eps_of(low) : eps_of(want);
  return true;
}
/* cov's result against the reference: shape (nv, nv), or () for one variable */
static void check_cov_call(const covcall *c, const char *what) {
  uint64_t sm = checksum(c->m), sy = c->y ? checksum(c->y) : 0;
  jaxc_array *r = run_cov(c);
  n_cov++;
  CHECK(checksum(c->m) == sm && (!c->y || checksum(c->y) == sy));
  jaxc_dtype xd, low;
  bool overflow;
  jaxc_dtype want = cov_dtype(c, &xd, &low, &overflow);
  if (overflow && want != JAXC_DTYPE_INVALID) {
    CHECK_MSG(!r && jaxc_last_status() == JAXC_ERR_OVERFLOW && strstr(jaxc_last_error(), " too large to convert to uint"),
              "%s: ddof < 0 times an unsigned sum: %s", what, r ? "a result" : jaxc_last_error());
    jaxc_array_free(r);
    return;
  }
  if (want == JAXC_DTYPE_INVALID) {
    CHECK_MSG(!r && jaxc_last_status() == JAXC_ERR_PROMOTION, "%s: strict mode should refuse (got %s)", what, jaxc_last_error());
    jaxc_array_free(r);
    return;
  }
  static covref R;
  if (!ref_cov(c, &R)) { /* y's rows of another length than m's */
    CHECK_MSG(!r && jaxc_last_status() == JAXC_ERR_SHAPE && strncmp(jaxc_last_error(), "Cannot concatenate arrays with shapes that differ", 49) == 0,
              "%s: concatenate's error, got %s", what, r ? "a result" : jaxc_last_error());
    jaxc_array_free(r);
    return;
  }
  long double e, k = 4 * (long double)(R.n + 4);
  if (!cov_layout_ok(r, &R, want, xd, low, what, &e)) return;
  for (int64_t i = 0; i < R.nv; i++)
    for (int64_t j = 0; j < R.nv; j++) {
      cval got = at(r, i * R.nv + j);
      if (R.n == 0) {
        CHECK_MSG(got.re != got.re, "%s: no observations: NaN", what);
        continue;
      }
      long double complex want_c = R.c[i][j];
      long double tol = k * e * (cabsl(want_c) + R.scale[i][j]);
      bool ok = fabsl(got.re - creall(want_c)) <= tol && fabsl(got.im - cimagl(want_c)) <= tol;
      if (isinf(creall(want_c)) || creall(want_c) != creall(want_c) || !isfinite(R.fact) || R.fact == 0) ok = true; /* (x / 0) */
      CHECK_MSG(ok, "%s: C[%lld][%lld] = %Lg%+Lgj, want %Lg%+Lgj (tol %Lg)", what, (long long)i, (long long)j, got.re, got.im,
                creall(want_c), cimagl(want_c), tol);
    }
  jaxc_array_free(r);
}
/* the docstrings' example of 100 draws of jax.random.normal(key(0), (3, 100)), printed by JAX with
   precision=2: each value within half a unit of the second decimal */
static void check_printed_2(jaxc_array *r, const double want[3][3], const char *what) {
  bool ok = r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_size(r) == 9;
  for (int i = 0; ok && i < 9; i++) ok = fabs((double)at(r, i).re - want[i / 3][i % 3]) <= 0.005 + 1e-6;
  CHECK_MSG(ok, "%s: got %s", what, r ? print_to_string(r) : jaxc_last_error());
  jaxc_array_free(r);
}
static void test_cov_cases(void) {
  set_mode(0, 0);
  int32_t a[] = {0, 1, 2, 0, 1, 2}, b[] = {-1, 0, 1, 1, 0, -1};
  jaxc_array *A = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 3}, a), *B = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 3}, b);
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){3}, b), *y = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){3}, b + 3);
  /* jnp.cov's and jnp.corrcoef's docstrings */
  expect_print(jaxc_cov(A, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Array([[1., 1.],\n       [1., 1.]], dtype=float32)", "cov(x)");
  expect_print(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Array([[ 1., -1.],\n       [-1.,  1.]], dtype=float32)", "cov(x)");
  expect_print(jaxc_cov(x, y, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Array([[ 1., -1.],\n       [-1.,  1.]], dtype=float32)", "cov(x, y)");
  expect_print(jaxc_corrcoef(A, NULL, true, JAXC_DTYPE_NONE), "Array([[1., 1.],\n       [1., 1.]], dtype=float32)", "corrcoef(x)");
  expect_print(jaxc_corrcoef(B, NULL, true, JAXC_DTYPE_NONE), "Array([[ 1., -1.],\n       [-1.,  1.]], dtype=float32)", "corrcoef(x)");
  expect_print(jaxc_corrcoef(x, y, true, JAXC_DTYPE_NONE), "Array([[ 1., -1.],\n       [-1.,  1.]], dtype=float32)", "corrcoef(x, y)");
  jaxc_array *nrm = jaxc_random_normal(jaxc_random_key(0), JAXC_F32, 2, (const int64_t[]){3, 100});
  check_printed_2(jaxc_cov(nrm, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE),
                  (const double[3][3]){{0.9, 0.03, 0.1}, {0.03, 1., 0.01}, {0.1, 0.01, 0.85}}, "cov of 100 normal draws");
  check_printed_2(jaxc_corrcoef(nrm, NULL, true, JAXC_DTYPE_NONE), (const double[3][3]){{1., 0.03, 0.12}, {0.03, 1., 0.01}, {0.12, 0.01, 1.}},
                  "corrcoef of 100 normal draws");
  /* one variable: a 0-d result; corrcoef's c / c */
  expect_print(jaxc_cov(x, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Array(1., dtype=float32)", "one variable");
  expect_print(jaxc_corrcoef(x, NULL, true, JAXC_DTYPE_NONE), "Array(1., dtype=float32)", "c / c");
  int32_t k3[] = {5, 5, 5};
  jaxc_array *K = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){3}, k3);
  expect_print(jaxc_corrcoef(K, NULL, true, JAXC_DTYPE_NONE), "Array(nan, dtype=float32)", "0 / 0");
  expect_print(jaxc_corrcoef(K, x, true, JAXC_DTYPE_NONE), "Array([[nan, nan],\n       [nan,  1.]], dtype=float32)", "a constant row");
  /* bias and ddof; rowvar */
  expect_print(jaxc_cov(B, NULL, true, true, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE),
               "Array([[ 0.6666667, -0.6666667],\n       [-0.6666667,  0.6666667]], dtype=float32)", "bias");
  expect_print(jaxc_cov(B, NULL, true, true, 2, NULL, NULL, JAXC_DTYPE_NONE), "Array([[ 2., -2.],\n       [-2.,  2.]], dtype=float32)",
               "ddof overrides bias");
  expect_print(jaxc_cov(B, NULL, true, false, 4, NULL, NULL, JAXC_DTYPE_NONE), "Array([[-2.,  2.],\n       [ 2., -2.]], dtype=float32)",
               "n - ddof < 0 divides (NumPy clamps to 0)");
  expect_print(jaxc_cov(B, NULL, true, false, 3, NULL, NULL, JAXC_DTYPE_NONE), "Array([[ inf, -inf],\n       [-inf,  inf]], dtype=float32)",
               "n - ddof = 0");
  expect_print(jaxc_cov(B, NULL, false, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE),
               "Array([[ 2.,  0., -2.],\n       [ 0.,  0.,  0.],\n       [-2.,  0.,  2.]], dtype=float32)", "rowvar=False (NumPy's value)");
  expect_print(jaxc_cov(x, NULL, false, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Array(1., dtype=float32)", "a 1-D m is not transposed");
  /* JAX's promote_shapes: a 1-D m beside a 2-D y is (1, 3) first, so rowvar=False transposes it
     (NumPy keeps it a row): three variables of one observation, then y's two columns */
  int32_t y2v[] = {1, 2, 3, 4, 5, 6};
  jaxc_array *y2 = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){3, 2}, y2v), *y1 = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){1, 3}, y2v);
  jaxc_array *r = jaxc_cov(x, y1, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE);
  expect_print(r, "Array([[1., 1.],\n       [1., 1.]], dtype=float32)", "1-D m, 2-D y");
  CHECK_FAILS(jaxc_cov(x, B, false, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE),
              "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated: "
              "concatenating along dimension 0 for shapes (3, 1), (3, 2).");
  CHECK_FAILS(jaxc_cov(x, y2, false, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Incompatible shapes for broadcasting: shapes=[(3,), (3, 2)]");
  /* weights: negative ones count as their absolute values; aweights of bool */
  int32_t fv[] = {1, -2, 3}, fp[] = {1, 2, 3};
  float av[] = {0.5f, -1.0f, 2.0f}, ap[] = {0.5f, 1.0f, 2.0f};
  jaxc_array *F = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){3}, fv), *Fp = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){3}, fp);
  jaxc_array *W = jaxc_array_from_data(JAXC_F32, 1, (const int64_t[]){3}, av), *Wp = jaxc_array_from_data(JAXC_F32, 1, (const int64_t[]){3}, ap);
  jaxc_array *c1 = jaxc_cov(B, NULL, true, false, JAXC_NONE, F, W, JAXC_DTYPE_NONE), *c2 = jaxc_cov(B, NULL, true, false, JAXC_NONE, Fp, Wp, JAXC_DTYPE_NONE);
  CHECK(c1 && c2 && checksum(c1) == checksum(c2));
  jaxc_array_free(c1), jaxc_array_free(c2);
  expect_print(jaxc_cov(B, NULL, true, false, JAXC_NONE, Fp, NULL, JAXC_DTYPE_NONE),
               "Array([[ 0.6666667, -0.6666667],\n       [-0.6666667,  0.6666667]], dtype=float32)", "fweights (NumPy's value)");
  expect_print(jaxc_cov(B, NULL, true, false, JAXC_NONE, Fp, Fp, JAXC_DTYPE_NONE),
               "Array([[ 0.47499996, -0.47499996],\n       [-0.47499996,  0.47499996]], dtype=float32)", "fweights and aweights (NumPy: 0.475)");
  /* ddof, a Python int, must fit an unsigned sum of w * aweights */
  uint8_t u3[] = {1, 2, 3};
  jaxc_array *U = jaxc_array_from_data(JAXC_U8, 1, (const int64_t[]){3}, u3);
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, -1, U, U, JAXC_DTYPE_NONE), "Python int -1 too large to convert to uint32");
  r = jaxc_cov(B, NULL, true, false, 1, U, U, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32);
  jaxc_array_free(r);
  /* dtype: the values cast first (x64 off narrows float64); a complex m cast to a real dtype keeps its real part */
  expect_print(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_F16), "Array([[ 1., -1.],\n       [-1.,  1.]], dtype=float16)", "dtype=float16");
  expect_print(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_F64), "Array([[ 1., -1.],\n       [-1.,  1.]], dtype=float32)", "dtype=float64, x64 off");
  expect_print(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_WEAK_FLOAT), "Array([[ 1., -1.],\n       [-1.,  1.]], dtype=float32)", "dtype=float");
  expect_print(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_C64),
               "Array([[ 1.+0.j, -1.+0.j],\n       [-1.+0.j,  1.+0.j]], dtype=complex64)", "dtype=complex64");
  expect_print(jaxc_corrcoef(B, NULL, true, JAXC_C64), "Array([[ 1.+0.j, -1.+0.j],\n       [-1.+0.j,  1.+0.j]], dtype=complex64)", "corrcoef complex");
  /* empty: no variables (the default float, x64 on too), no observations (NaN of X's dtype) */
  jaxc_array *e0 = jaxc_array_zeros(JAXC_F16, 2, (const int64_t[]){0, 3}), *e1 = jaxc_array_zeros(JAXC_F16, 2, (const int64_t[]){2, 0});
  jaxc_array *e2 = jaxc_array_zeros(JAXC_F16, 1, (const int64_t[]){0});
  expect_print(jaxc_cov(e0, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Array([], shape=(0, 0), dtype=float32)", "no variables");
  expect_print(jaxc_cov(e0, NULL, true, false, JAXC_NONE, F, F, JAXC_DTYPE_NONE), "Array([], shape=(0, 0), dtype=float32)",
               "no variables: the weights are not looked at");
  expect_print(jaxc_cov(e1, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_F64), "Array([[nan, nan],\n       [nan, nan]], dtype=float16)",
               "no observations: X's dtype, not the given one");
  expect_print(jaxc_cov(e2, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Array(nan, dtype=float16)", "no observations, one variable");
  expect_print(jaxc_corrcoef(e1, NULL, true, JAXC_DTYPE_NONE), "Array([[nan, nan],\n       [nan, nan]], dtype=float16)", "corrcoef, no observations");
  expect_print(jaxc_corrcoef(e0, NULL, true, JAXC_DTYPE_NONE), "Array([], shape=(0, 0), dtype=float32)", "corrcoef, no variables");
  set_mode(0, 1);
  expect_print(jaxc_cov(e0, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Array([], shape=(0, 0), dtype=float64)", "no variables, x64");
  set_mode(0, 0);
  /* weak inputs: strong results */
  jaxc_array *wf = jaxc_weak_float(3);
  expect_print(jaxc_cov(wf, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Array(nan, dtype=float32)", "one observation: 0 / 0");
  expect_print(jaxc_cov(wf, NULL, true, false, 0, NULL, NULL, JAXC_DTYPE_NONE), "Array(0., dtype=float32)", "one observation, ddof 0");
  /* errors, in JAX's order */
  jaxc_array *m3 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){2, 2, 2}), *m4 = jaxc_array_zeros(JAXC_F32, 4, (const int64_t[]){1, 2, 2, 2});
  jaxc_array *y24 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 4}), *i3 = jaxc_array_zeros(JAXC_I32, 1, (const int64_t[]){3});
  CHECK_FAILS(jaxc_cov(NULL, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "cov: m is NULL");
  CHECK_FAILS(jaxc_corrcoef(NULL, NULL, true, JAXC_DTYPE_NONE), "corrcoef: x is NULL");
  CHECK_FAILS(jaxc_cov(x, y24, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "Incompatible shapes for broadcasting: shapes=[(3,), (2, 4)]");
  CHECK_FAILS(jaxc_cov(m3, m4, true, false, JAXC_NONE, NULL, NULL, JAXC_I32), "y has more than 2 dimensions");
  CHECK_FAILS(jaxc_cov(m3, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_I32), "m has more than 2 dimensions");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_I32),
              "cov: dtype must be a subclass of float or complex; got dtype=dtype('int32')");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_BOOL),
              "cov: dtype must be a subclass of float or complex; got dtype=dtype('bool')");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_WEAK_INT),
              "cov: dtype must be a subclass of float or complex; got dtype=<class 'int'>");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, (jaxc_dtype)99), "cov: invalid dtype 99");
  CHECK_FAILS(jaxc_corrcoef(m3, NULL, true, JAXC_U8), "corrcoef: dtype must be a subclass of float or complex; got dtype=dtype('uint8')");
  CHECK_FAILS(jaxc_corrcoef(m3, NULL, true, JAXC_DTYPE_NONE), "m has more than 2 dimensions");
  jaxc_array *f2 = jaxc_array_zeros(JAXC_I32, 2, (const int64_t[]){1, 3}), *f0 = jaxc_weak_int(2), *f4 = jaxc_array_zeros(JAXC_I32, 1, (const int64_t[]){4});
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, f2, NULL, JAXC_DTYPE_NONE), "cannot handle multidimensional fweights");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, f0, NULL, JAXC_DTYPE_NONE), "tuple index out of range");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, f4, NULL, JAXC_DTYPE_NONE), "incompatible numbers of samples and fweights");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, W, NULL, JAXC_DTYPE_NONE), "fweights must be integer.");
  jaxc_array *bw = jaxc_array_zeros(JAXC_BOOL, 1, (const int64_t[]){3});
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, bw, NULL, JAXC_DTYPE_NONE), "fweights must be integer.");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, Fp, f2, JAXC_DTYPE_NONE), "cannot handle multidimensional aweights");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, f0, JAXC_DTYPE_NONE), "tuple index out of range");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, f4, JAXC_DTYPE_NONE), "incompatible numbers of samples and aweights");
  /* the dtype check comes after the rank checks and before the weights' */
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, f2, NULL, JAXC_I8), "cov: dtype must be a subclass of float or complex; got dtype=dtype('int8')");
  set_mode(1, 0);
  r = jaxc_cov(B, i3, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE); /* (int32 and int32: allowed) */
  CHECK(r != NULL);
  jaxc_array_free(r);
  CHECK_FAILS(jaxc_cov(y24, i3, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE),
              "Input dtypes ('float32', 'int32') have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict. "
              "Try explicitly casting inputs to the desired output type, or set jax_numpy_dtype_promotion=standard.");
  set_mode(0, 0);
  jaxc_array *list[] = {A, B, x, y, nrm, K, y2, y1, F, Fp, W, Wp, U, e0, e1, e2, wf, m3, m4, y24, i3, f2, f0, f4, bw};
  for (size_t i = 0; i < sizeof list / sizeof list[0]; i++) jaxc_array_free(list[i]);
}
/* every observation's weight, an integer: fweights (integer dtype) and aweights (any real dtype) */
static jaxc_array *weights_of(jaxc_dtype d, int64_t n, bool negative) {
  double v[MAXN];
  for (int64_t k = 0; k < n; k++) {
    v[k] = (double)(1 + rnd64() % 4);
    if (negative && rnd64() % 3 == 0 && jaxc_dtype_kind(d) != JAXC_KIND_UINT) v[k] = -v[k];
    if (d == JAXC_BOOL) v[k] = 1;
  }
  return array_of(d, 1, &n, v, NULL);
}
/* corrcoef of c's m and y (no weights: corrcoef passes none), against the reference's C */
static void check_corr_call(const covcall *c0, const char *what) {
  covcall c = {c0->m, c0->y, NULL, NULL, c0->rowvar, false, JAXC_NONE, c0->dtype};
  jaxc_array *r = jaxc_corrcoef(c.m, c.y, c.rowvar, c.dtype);
  n_corr++;
  jaxc_dtype xd, low;
  bool overflow;
  jaxc_dtype want = cov_dtype(&c, &xd, &low, &overflow);
  static covref R;
  if (want == JAXC_DTYPE_INVALID || !ref_cov(&c, &R)) {
    CHECK_MSG(!r && jaxc_last_status() != JAXC_OK, "%s: corrcoef should fail as cov does", what);
    jaxc_array_free(r);
    return;
  }
  long double e, k = 8 * (long double)(R.n + 4);
  if (!cov_layout_ok(r, &R, want, xd, low, what, &e)) return;
  for (int64_t i = 0; i < R.nv; i++)
    for (int64_t j = 0; j < R.nv; j++) {
      cval got = at(r, i * R.nv + j);
      long double cii = creall(R.c[i][i]), cjj = creall(R.c[j][j]);
      if (R.n == 0 || !isfinite(R.fact) || R.fact == 0) continue; /* (NaN / inf: cov's checks) */
      if (cii == 0 || cjj == 0) { /* a constant row: 0 / 0 */
        CHECK_MSG(got.re != got.re, "%s: R[%lld][%lld] of a constant row is %Lg, want NaN", what, (long long)i, (long long)j, got.re);
        continue;
      }
      if (fabsl(cii) < k * e * R.scale[i][i] * 64 || fabsl(cjj) < k * e * R.scale[j][j] * 64) continue; /* (cancellation) */
      long double complex q = R.c[i][j] / sqrtl(cii) / sqrtl(cjj);
      if (R.nv == 1) q = 1; /* (c / c) */
      long double re = fminl(fmaxl(creall(q), -1), 1), im = fminl(fmaxl(cimagl(q), -1), 1);
      long double tol = k * e * (cabsl(q) * (2 + R.scale[i][i] / fabsl(cii) + R.scale[j][j] / fabsl(cjj)) + R.scale[i][j] / sqrtl(cii * cjj));
      CHECK_MSG(fabsl(got.re - re) <= tol && fabsl(got.im - im) <= tol, "%s: R[%lld][%lld] = %Lg%+Lgj, want %Lg%+Lgj (tol %Lg)", what,
                (long long)i, (long long)j, got.re, got.im, re, im, tol);
      CHECK_MSG(fabsl(got.re) <= 1 && fabsl(got.im) <= 1, "%s: |R| <= 1", what); /* (clipped) */
      if (i == j) CHECK_MSG(fabsl(got.re - 1) <= 8 * eps_of(want), "%s: R[%lld][%lld] = %.9Lg", what, (long long)i, (long long)i, got.re);
    }
  jaxc_array_free(r);
}
/* Bit for bit where only the last step rounds: float32/float64 rows of small dyadic values and a
   power-of-two count, so the mean, the deviations, their products and sums are exact; the result
   is the exact sum divided by n - ddof, rounded once. */
static void test_cov_exact(void) {
  set_mode(0, 1);
  const jaxc_dtype dts[] = {JAXC_F32, JAXC_F64};
  for (int di = 0; di < 2; di++)
    for (int rep = 0; rep < 200; rep++) {
      int64_t nv = 1 + (int64_t)(rnd64() % 4), n = rnd64() % 2 ? 4 : 8, ddof = (int64_t)(rnd64() % 4) - 1;
      jaxc_array *m = small_array(dts[di], 2, (const int64_t[]){nv, n}, false);
      covcall c = {m, NULL, NULL, NULL, true, false, ddof, JAXC_DTYPE_NONE};
      static covref R;
      jaxc_array *r = run_cov(&c);
      n_cov++;
      if (!ref_cov(&c, &R) || !dtype_is(r, dts[di], "exact cov")) {
        jaxc_array_free(m), jaxc_array_free(r);
        continue;
      }
      for (int64_t i = 0; i < nv; i++)
        for (int64_t j = 0; j < nv; j++) {
          double want = rnd(dts[di], (double)creall(R.sum[i][j]) / (double)R.fact); /* (the exact sum, then one division) */
          cval got = at(r, i * nv + j);
          CHECK_MSG(same_c(got, want, 0), "cov %s %lldx%lld ddof %lld: C[%lld][%lld] = %.17Lg, want %.17g", jaxc_dtype_name(dts[di]),
                    (long long)nv, (long long)n, (long long)ddof, (long long)i, (long long)j, got.re, want);
        }
      jaxc_array_free(m), jaxc_array_free(r);
    }
  set_mode(0, 0);
}
static void test_cov_random(void) {
  static const jaxc_dtype xs[] = {JAXC_F32, JAXC_F64, JAXC_F16, JAXC_BF16, JAXC_C64, JAXC_C128, JAXC_I32, JAXC_U8, JAXC_BOOL, JAXC_I64};
  static const jaxc_dtype fws[] = {JAXC_I32, JAXC_U8, JAXC_I64, JAXC_I8};
  static const jaxc_dtype aws[] = {JAXC_F32, JAXC_F64, JAXC_F16, JAXC_I32, JAXC_BOOL, JAXC_BF16};
  static const jaxc_dtype given[] = {JAXC_DTYPE_NONE, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_F16};
  const int nx = (int)(sizeof xs / sizeof xs[0]);
  char what[160];
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    set_mode(strict, x64);
    for (int rep = 0; rep < 600; rep++) {
      jaxc_dtype dm = xs[rnd64() % (unsigned)nx], dy = xs[rnd64() % (unsigned)nx];
      int kind = (int)(rnd64() % 6); /* m's rank and y's presence */
      int64_t nv = 1 + (int64_t)(rnd64() % 3), n = (int64_t)(rnd64() % 9);
      if (rep % 50 == 0) n = 0;
      covcall c = {0};
      c.rowvar = rnd64() % 3 != 0, c.bias = rnd64() % 4 == 0;
      int64_t ddofs[] = {JAXC_NONE, JAXC_NONE, 0, 1, 2, -1};
      c.ddof = ddofs[rnd64() % 6];
      jaxc_array *m = NULL, *y = NULL, *fw = NULL, *aw = NULL;
      int64_t sh2[2] = {c.rowvar ? nv : n, c.rowvar ? n : nv};
      switch (kind) {
      case 0: m = small_array(dm, 1, &n, false); break;                                   /* one variable */
      case 1: m = small_array(dm, 2, sh2, false); break;
      case 2: m = small_array(dm, 2, sh2, false), y = small_array(dy, 2, sh2, false); break;
      case 3: m = small_array(dm, 1, &n, false), y = small_array(dy, 1, &n, false); break;
      case 4: m = small_array(dm, 0, NULL, false), n = 1; break;                          /* a scalar */
      default: /* a 1-D m beside a 2-D y: promote_shapes makes m (1, n) first */
        n = n ? n : 1;
        m = small_array(dm, 1, &n, false), y = small_array(dy, 2, (const int64_t[]){nv, n}, false);
        break;
      }
      c.m = m, c.y = y;
      static covref R0;
      if (ref_cov(&c, &R0) && R0.nv > 0 && R0.n > 0) { /* weights of the observations' count */
        if (rnd64() % 2) fw = weights_of(fws[rnd64() % 4], R0.n, true);
        if (rnd64() % 2) aw = weights_of(aws[rnd64() % 6], R0.n, true);
      }
      c.m = m, c.y = y, c.fw = fw, c.aw = aw;
      c.dtype = given[rnd64() % 5];
      if (rnd64() % 2) c.dtype = JAXC_DTYPE_NONE;
      snprintf(what, sizeof what, "cov #%d %s %s kind %d rowvar %d ddof %lld fw %s aw %s dtype %s strict %d x64 %d", rep, jaxc_dtype_name(dm),
               y ? jaxc_dtype_name(dy) : "-", kind, c.rowvar, (long long)c.ddof, fw ? jaxc_dtype_name(jaxc_array_dtype(fw)) : "-",
               aw ? jaxc_dtype_name(jaxc_array_dtype(aw)) : "-", c.dtype == JAXC_DTYPE_NONE ? "-" : jaxc_dtype_name(c.dtype), strict, x64);
      check_cov_call(&c, what);
      check_corr_call(&c, what);
      jaxc_array_free(m), jaxc_array_free(y), jaxc_array_free(fw), jaxc_array_free(aw);
    }
  }
  set_mode(0, 0);
}

/* Cases a mutation run found unchecked: the weak dtype arguments, a broadcast check only between
   ranks that differ, the weights' checks in cov's order, ddof's range, m's weak flag through the
   weighted average, empty lanes' shapes, a 0-d weights, a scalar y left out of the rank promotion */
static void test_cov_extra(void) {
  set_mode(0, 0);
  int32_t a[] = {0, 1, 2, 0, 1, 2}, b[] = {-1, 0, 1, 1, 0, -1};
  jaxc_array *A = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 3}, a), *B = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 3}, b);
  jaxc_array *y24 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 4}), *s;
  expect_print(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_WEAK_COMPLEX),
               "Array([[ 1.+0.j, -1.+0.j],\n       [-1.+0.j,  1.+0.j]], dtype=complex64)", "dtype=complex");
  set_mode(0, 1);
  expect_print(jaxc_cov(B, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_WEAK_FLOAT), "Array([[ 1., -1.],\n       [-1.,  1.]], dtype=float64)",
               "dtype=float, x64");
  set_mode(0, 0);
  CHECK_FAILS(jaxc_cov(A, y24, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE),
              "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated: "
              "concatenating along dimension 0 for shapes (2, 3), (2, 4).");
  jaxc_array *ff2 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){1, 3}), *ff4 = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){4});
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, ff2, NULL, JAXC_DTYPE_NONE), "cannot handle multidimensional fweights");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, JAXC_NONE, ff4, NULL, JAXC_DTYPE_NONE), "incompatible numbers of samples and fweights");
  CHECK_FAILS(jaxc_cov(B, NULL, true, false, INT64_MIN + 1, NULL, NULL, JAXC_DTYPE_NONE), "cov: ddof -9223372036854775807 out of range");
  jaxc_array *wf = jaxc_weak_float(3), *h1 = jaxc_array_from_data(JAXC_F16, 1, (const int64_t[]){1}, (const uint16_t[]){0x3c00});
  expect_print(jaxc_cov(wf, NULL, true, false, 0, NULL, h1, JAXC_DTYPE_NONE), "Array(0., dtype=float16)", "weak m, float16 aweights");
  jaxc_array *z03 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){0, 3});
  expect_print(jaxc_average(z03, 1, NULL, false, &s), "Array([], shape=(0,), dtype=float32)", "average of no lanes");
  expect_print(s, "Array([], shape=(0,), dtype=float32)", "the count broadcast to (0,)");
  jaxc_array *z30 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){3, 0}), *w3 = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3});
  expect_print(jaxc_average(z30, 0, w3, false, NULL), "Array([], shape=(0,), dtype=float32)", "weights along axis 0 of a (3, 0)");
  jaxc_array *z20 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 0}), *two = jaxc_weak_int(2);
  CHECK_FAILS(jaxc_average(z20, 1, two, false, NULL), "Shape of weights must be consistent with shape of a along specified axis.");
  jaxc_array *m3 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){2, 2, 2});
  CHECK_FAILS(jaxc_cov(m3, wf, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), "m has more than 2 dimensions");
  jaxc_array *list[] = {A, B, y24, ff2, ff4, wf, h1, z03, z30, w3, z20, two, m3};
  for (size_t i = 0; i < sizeof list / sizeof list[0]; i++) jaxc_array_free(list[i]);
}
/* corrcoef replayed with jaxc's ops on cov's result, bit for bit: c / std[:, None] / std[None, :]
   with std = sqrt(real(diag(c))), then real and imaginary parts clipped to [-1, 1] (complex rows
   of normal draws: in optimized builds cov's diagonal keeps a rounding residue in its imaginary
   part, which JAX's real() drops before the square root) */
static void test_corrcoef_replay(void) {
  set_mode(0, 1);
  for (int key = 0; key < 20; key++) {
    const int64_t sh[2] = {3, 40 + key};
    jaxc_dtype rd = key % 2 ? JAXC_F32 : JAXC_F64;
    jaxc_array *re = jaxc_random_normal(jaxc_random_key(2 * key), rd, 2, sh), *im = jaxc_random_normal(jaxc_random_key(2 * key + 1), rd, 2, sh);
    jaxc_array *j = jaxc_weak_complex(0, 1), *t = jaxc_binary(JAXC_OP_MULTIPLY, im, j), *x = jaxc_binary(JAXC_OP_ADD, re, t);
    jaxc_array *c = jaxc_cov(x, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE), *r = jaxc_corrcoef(x, NULL, true, JAXC_DTYPE_NONE);
    jaxc_array *d = jaxc_diag(c, 0), *dr = jaxc_real(d), *s0 = jaxc_sqrt(dr), *s = jaxc_astype(s0, jaxc_array_dtype(c));
    jaxc_array *sc = jaxc_reshape(s, 2, (const int64_t[]){3, 1}), *sr = jaxc_reshape(s, 2, (const int64_t[]){1, 3});
    jaxc_array *q1 = jaxc_binary(JAXC_OP_TRUE_DIVIDE, c, sc), *q = jaxc_binary(JAXC_OP_TRUE_DIVIDE, q1, sr);
    jaxc_array *lo = jaxc_weak_int(-1), *hi = jaxc_weak_int(1), *qr = jaxc_real(q), *qi = jaxc_imag(q);
    jaxc_array *wr = jaxc_clip(qr, lo, hi), *wi = jaxc_clip(qi, lo, hi), *gr = jaxc_real(r), *gi = jaxc_imag(r);
    CHECK_MSG(wr && wi && gr && gi && checksum(wr) == checksum(gr) && checksum(wi) == checksum(gi), "corrcoef replay, key %d: got %s", key,
              r ? print_to_string(r) : jaxc_last_error());
    jaxc_array *list[] = {re, im, j, t, x, c, r, d, dr, s0, s, sc, sr, q1, q, lo, hi, qr, qi, wr, wi, gr, gi};
    for (size_t i = 0; i < sizeof list / sizeof list[0]; i++) jaxc_array_free(list[i]);
  }
  set_mode(0, 0);
}

int main(void) {
  if (!load_golden_table(golden)) return check_summary("test_cov");
  test_ptp_cases();
  test_ptp_random();
  test_average_cases();
  test_average_random();
  test_average_fused();
  test_cov_cases();
  test_cov_random();
  test_cov_exact();
  test_cov_extra();
  test_corrcoef_replay();
  printf("test_cov: %ld ptp, %ld average, %ld cov, %ld corrcoef calls\n", n_ptp, n_avg, n_cov, n_corr);
  return check_summary("test_cov");
}
