/* test_reduce.c — reductions, cumulative ops, sorting and where against independent references:
   brute-force loops in long double / wrapping uint64 written here, JAX's dtype rules written
   out by hand, and properties (permutations, stability, inputs never modified). */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#  include <omp.h>
#endif

static long n_dtype, n_value, n_special, n_error, n_sort, n_where, n_big;

static double uniform(double lo, double hi) { return lo + (hi - lo) * (double)(next_u64() >> 11) * 0x1p-53; }

/* Element i of any array as a long double (real part) / its imaginary part. */
static long double val(const jaxc_array *a, int64_t i) {
  jaxc_dtype d = jaxc_array_dtype(a);
  const char *p = (const char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(d);
  int k = jaxc_dtype_kind(d);
  if (k == JAXC_KIND_INT) { int64_t v; jaxc_kernel_cast_dyn(d, JAXC_I64, 1, p, &v); return (long double)v; }
  if (k == JAXC_KIND_UINT || k == JAXC_KIND_BOOL) { uint64_t v; jaxc_kernel_cast_dyn(d, JAXC_U64, 1, p, &v); return (long double)v; }
  double v[2];
  jaxc_kernel_cast_dyn(d, JAXC_C128, 1, p, v);
  return v[0];
}
static long double ival(const jaxc_array *a, int64_t i) {
  jaxc_dtype d = jaxc_array_dtype(a);
  if (jaxc_dtype_kind(d) != JAXC_KIND_COMPLEX) return 0;
  double v[2];
  jaxc_kernel_cast_dyn(d, JAXC_C128, 1, (const char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(d), v);
  return v[1];
}
static uint64_t uval(const jaxc_array *a, int64_t i) {
  uint64_t v;
  jaxc_dtype d = jaxc_array_dtype(a);
  jaxc_kernel_cast_dyn(d, JAXC_U64, 1, (const char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(d), &v);
  return v;
}
static bool isnanl_(long double x) { return x != x; }
/* the largest finite value of a float or complex dtype (of its parts) */
static long double max_finite(jaxc_dtype d) {
  switch (d) {
  case JAXC_F16: return 65504.0L;
  case JAXC_BF16: return 0x1.fep127L;
  case JAXC_F32: case JAXC_C64: return 0x1.fffffep127L;
  default: return 0x1.fffffffffffffp1023L;
  }
}

/* A random array of dtype d: small integers (so products stay meaningful), floats in [-4, 4]. */
static jaxc_array *random_array(jaxc_dtype d, int nd, const int64_t *shape, double nan_rate) {
  jaxc_array *a = jaxc_array_empty(d, nd, shape);
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  for (int64_t i = 0; i < jaxc_array_size(a); i++) {
    char *p = (char *)jaxc_array_data(a) + (size_t)i * es;
    int k = jaxc_dtype_kind(jaxc_array_dtype(a));
    double re = (k == JAXC_KIND_FLOAT || k == JAXC_KIND_COMPLEX) ? uniform(-4, 4) : (double)(int)(next_u64() % 7) - (k == JAXC_KIND_INT ? 3 : 0);
    if (k == JAXC_KIND_BOOL) re = (double)(next_u64() % 2);
    if (nan_rate > 0 && uniform(0, 1) < nan_rate) re = NAN;
    double v[2] = {re, k == JAXC_KIND_COMPLEX ? uniform(-4, 4) : 0};
    jaxc_kernel_cast_dyn(JAXC_C128, jaxc_array_dtype(a), 1, v, p);
  }
  return a;
}

/* --- 1. result dtypes, written out from jax.numpy's rules --------------------------------------- */
static void test_dtypes(void) {
  static const jaxc_dtype all[] = {JAXC_BOOL, JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64,
                                   JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
  /* per input dtype (x32 storage, then x64): sum/prod, mean, var, max, cumsum; mean and var of
     bool and ints up to 32 bits are float32 with x64 on too (jax.dtypes.to_inexact_dtype) */
  static const struct { jaxc_dtype in; jaxc_dtype sum32, sum64, mean32, mean64, var32, var64; } rows[] = {
      {JAXC_BOOL, JAXC_I32, JAXC_I64, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32},
      {JAXC_U8, JAXC_U32, JAXC_U64, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32},
      {JAXC_U16, JAXC_U32, JAXC_U64, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32},
      {JAXC_U32, JAXC_U32, JAXC_U64, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32},
      {JAXC_U64, JAXC_U32, JAXC_U64, JAXC_F32, JAXC_F64, JAXC_F32, JAXC_F64},
      {JAXC_I8, JAXC_I32, JAXC_I64, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32},
      {JAXC_I16, JAXC_I32, JAXC_I64, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32},
      {JAXC_I32, JAXC_I32, JAXC_I64, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32},
      {JAXC_I64, JAXC_I32, JAXC_I64, JAXC_F32, JAXC_F64, JAXC_F32, JAXC_F64},
      {JAXC_BF16, JAXC_BF16, JAXC_BF16, JAXC_BF16, JAXC_BF16, JAXC_BF16, JAXC_BF16},
      {JAXC_F16, JAXC_F16, JAXC_F16, JAXC_F16, JAXC_F16, JAXC_F16, JAXC_F16},
      {JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32, JAXC_F32},
      {JAXC_F64, JAXC_F32, JAXC_F64, JAXC_F32, JAXC_F64, JAXC_F32, JAXC_F64},
      {JAXC_C64, JAXC_C64, JAXC_C64, JAXC_C64, JAXC_C64, JAXC_F32, JAXC_F32},
      {JAXC_C128, JAXC_C64, JAXC_C128, JAXC_C64, JAXC_C128, JAXC_F32, JAXC_F64},
  };
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
      jaxc_array *a = jaxc_array_zeros(rows[r].in, 1, (int64_t[]){3});
      jaxc_dtype st = jaxc_array_dtype(a);
      jaxc_dtype dint = x64 ? JAXC_I64 : JAXC_I32;
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_SUM, a), x64 ? rows[r].sum64 : rows[r].sum32);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_PROD, a), x64 ? rows[r].sum64 : rows[r].sum32);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_MEAN, a), x64 ? rows[r].mean64 : rows[r].mean32);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_VAR, a), x64 ? rows[r].var64 : rows[r].var32);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_STD, a), x64 ? rows[r].var64 : rows[r].var32);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_MAX, a), st);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_MIN, a), st);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_ARGMAX, a), dint);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_ARGMIN, a), dint);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_ANY, a), JAXC_BOOL);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_ALL, a), JAXC_BOOL);
      CHECK_EQ_INT(jaxc_reduce_result(JAXC_OP_CUMSUM, a), rows[r].in == JAXC_BOOL ? dint : st);
      /* the arrays really come out in that dtype, and strong */
      jaxc_array *s = jaxc_reduce(JAXC_OP_SUM, a, 0);
      CHECK(s && jaxc_array_dtype(s) == (x64 ? rows[r].sum64 : rows[r].sum32) && !jaxc_array_is_weak(s));
      jaxc_array_free(s);
      n_dtype += 13;
      jaxc_array_free(a);
    }
    (void)all;
  }
  jaxc_set_x64(false);
  /* a weak scalar reduces to a strong result */
  jaxc_array *w = jaxc_weak_float(2.5);
  jaxc_array *s = jaxc_reduce(JAXC_OP_SUM, w, JAXC_ALL_AXES);
  CHECK(s && !jaxc_array_is_weak(s) && jaxc_array_dtype(s) == JAXC_F32 && val(s, 0) == 2.5L);
  jaxc_array_free(s);
  jaxc_array_free(w);
  n_dtype++;
}

/* --- 2. values over every axis, against brute force ---------------------------------------------- */
typedef struct ref { long double re, im; uint64_t u; int64_t idx; bool flag, nan; } ref;

/* Reference for one lane (n elements at base, stride s) of op; mode 2/3: nanargmax/nanargmin. */
static ref brute(jaxc_op op, int mode, const jaxc_array *a, int64_t base, int64_t n, int64_t s, jaxc_dtype out) {
  ref r = {0, 0, 0, -1, false, false};
  int k = jaxc_dtype_kind(jaxc_array_dtype(a));
  bool intlike = k == JAXC_KIND_INT || k == JAXC_KIND_UINT || k == JAXC_KIND_BOOL;
  int obits = jaxc_dtype_bits(out);
  uint64_t mask = obits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << obits) - 1);
  switch (op) {
  case JAXC_OP_SUM: case JAXC_OP_MEAN:
    if (intlike && op == JAXC_OP_SUM) { for (int64_t i = 0; i < n; i++) r.u += uval(a, base + i * s); r.u &= mask; break; }
    for (int64_t i = 0; i < n; i++) { r.re += val(a, base + i * s); r.im += ival(a, base + i * s); }
    if (op == JAXC_OP_MEAN) { r.re /= (long double)n; r.im = k != JAXC_KIND_COMPLEX ? 0 : r.im / (long double)n; }
    break;
  case JAXC_OP_PROD:
    if (intlike) { r.u = 1; for (int64_t i = 0; i < n; i++) r.u *= uval(a, base + i * s); r.u &= mask; break; }
    r.re = 1;
    for (int64_t i = 0; i < n; i++) {
      long double xr = val(a, base + i * s), xi = ival(a, base + i * s), t = r.re * xr - r.im * xi;
      if (k != JAXC_KIND_COMPLEX) { r.re *= xr; continue; }
      r.im = r.re * xi + r.im * xr;
      r.re = t;
    }
    break;
  case JAXC_OP_VAR: case JAXC_OP_STD: {
    long double mr = 0, mi = 0, ss = 0;
    for (int64_t i = 0; i < n; i++) { mr += val(a, base + i * s); mi += ival(a, base + i * s); }
    mr /= (long double)n; mi /= (long double)n;
    for (int64_t i = 0; i < n; i++) {
      long double dr = val(a, base + i * s) - mr, di = ival(a, base + i * s) - mi;
      ss += dr * dr + di * di;
    }
    r.re = n > 0 ? ss / (long double)n : NAN;
    if (op == JAXC_OP_STD) r.re = sqrtl(r.re);
    break;
  }
  case JAXC_OP_ANY: case JAXC_OP_ALL: {
    bool any = false, all = true;
    for (int64_t i = 0; i < n; i++) { bool t = val(a, base + i * s) != 0; any = any || t; all = all && t; }
    r.flag = op == JAXC_OP_ANY ? any : all;
    break;
  }
  default: { /* MAX MIN ARGMAX ARGMIN and the nan variants: the first extreme; NaN handling */
    bool mx = op == JAXC_OP_MAX || op == JAXC_OP_ARGMAX;
    if (mode == 2 || mode == 3) mx = mode == 2;
    bool seen = false;
    long double br = 0, bi = 0;
    for (int64_t i = 0; i < n; i++) {
      long double xr = val(a, base + i * s), xi = ival(a, base + i * s);
      bool isn = isnanl_(xr) || isnanl_(xi);
      if (isn && mode < 2) { r.idx = i; r.nan = true; break; }
      if (isn) { xr = mx ? -INFINITY : INFINITY; xi = 0; } else seen = true;
      bool better = mx ? (xr > br || (xr == br && xi > bi)) : (xr < br || (xr == br && xi < bi));
      /* max and min of reals: -0 < +0 (XLA's maximum); argmax and argmin keep the first zero */
      if ((op == JAXC_OP_MAX || op == JAXC_OP_MIN) && k != JAXC_KIND_COMPLEX && xr == br && !signbit(xr) != !signbit(br))
        better = mx ? !signbit(xr) : signbit(xr) != 0;
      if (r.idx < 0 || better) { br = xr; bi = xi; r.idx = i; }
    }
    if (mode >= 2 && !seen) r.idx = -1;
    r.re = br; r.im = bi;
    break;
  }
  }
  return r;
}

static void check_reduce_case(jaxc_op op, int mode, const jaxc_array *a, int axis, bool keepdims) {
  uint64_t before = checksum(a);
  jaxc_array *r = mode >= 2 ? (mode == 2 ? jaxc_nanargmax(a, axis, keepdims) : jaxc_nanargmin(a, axis, keepdims))
                            : jaxc_reduce_ex(op, a, axis, keepdims);
  CHECK_EQ_INT(checksum(a), before);
  int nd = jaxc_array_ndim(a);
  int ax = axis == JAXC_ALL_AXES ? -1 : (axis < 0 ? axis + nd : axis);
  lane_geom lg = lanes_of(a, axis);
  int64_t outer = lg.outer, n = lg.n, inner = lg.inner;
  bool needs_elems = op == JAXC_OP_MAX || op == JAXC_OP_MIN || op == JAXC_OP_ARGMAX || op == JAXC_OP_ARGMIN;
  if (needs_elems && n == 0 && outer * inner > 0) {
    CHECK_MSG(r == NULL, "%s of an empty axis must fail", jaxc_op_name(op));
    jaxc_array_free(r);
    n_value++;
    return;
  }
  CHECK_MSG(r != NULL, "%s failed: %s", jaxc_op_name(op), jaxc_last_error());
  if (!r) return;
  /* shape */
  int want_nd = ax < 0 ? (keepdims ? nd : 0) : (keepdims ? nd : nd - 1);
  CHECK_EQ_INT(jaxc_array_ndim(r), want_nd);
  CHECK_EQ_INT(jaxc_array_size(r), outer * inner);
  jaxc_dtype od = jaxc_array_dtype(r);
  for (int64_t j = 0; j < outer * inner && j < jaxc_array_size(r); j++) {
    int64_t base = (j / inner) * n * inner + j % inner;
    ref w = brute(op, mode, a, base, n, inner, od);
    bool ok;
    if (op == JAXC_OP_ARGMAX || op == JAXC_OP_ARGMIN || mode >= 2) ok = val(r, j) == (long double)w.idx;
    else if (op == JAXC_OP_MAX || op == JAXC_OP_MIN) {
      long double g = val(r, j), gi = ival(r, j);
      ok = w.nan ? (isnanl_(g) || isnanl_(gi)) : (g == w.re && gi == w.im && !signbit(g) == !signbit(w.re));
    } else if (op == JAXC_OP_ANY || op == JAXC_OP_ALL) ok = val(r, j) == (long double)w.flag;
    else if (jaxc_dtype_kind(od) != JAXC_KIND_FLOAT && jaxc_dtype_kind(od) != JAXC_KIND_COMPLEX) ok = (uval(r, j) & (jaxc_dtype_bits(od) >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << jaxc_dtype_bits(od)) - 1)) == w.u;
    else {
      long double scale = 0;
      for (int64_t i = 0; i < n; i++) scale += fabsl(val(a, base + i * inner)) + fabsl(ival(a, base + i * inner));
      if (op == JAXC_OP_PROD) scale = fabsl(w.re) + fabsl(w.im);
      if (op == JAXC_OP_MEAN) scale /= (long double)(n ? n : 1);
      if (op == JAXC_OP_VAR || op == JAXC_OP_STD) scale = 16 * fabsl(w.re) + 1e-6L;
      ok = close_to(val(r, j), w.re, scale, od) && close_to(ival(r, j), w.im, scale, od);
      long double big = od == JAXC_F16 ? 65504.0L : (od == JAXC_F64 || od == JAXC_C128) ? 1e308L : 3.4e38L;
      if (op == JAXC_OP_PROD && fabsl(w.re) + fabsl(w.im) > big / 4) /* overflows in the dtype, as in JAX */
        ok = !isfinite(val(r, j)) || !isfinite(ival(r, j)) || ok;
    }
    CHECK_MSG(ok, "%s%s dtype %s axis %d keepdims %d output %lld: got %Lg%+Lgi want %Lg%+Lgi (u %llu idx %lld)",
              mode == 2 ? "nanargmax" : mode == 3 ? "nanargmin" : jaxc_op_name(op), "", jaxc_dtype_name(jaxc_array_dtype(a)),
              axis, keepdims, (long long)j, val(r, j), ival(r, j), w.re, w.im, (unsigned long long)w.u, (long long)w.idx);
  }
  n_value++;
  jaxc_array_free(r);
}

static void test_values(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64,
                                   JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
  static const jaxc_op ops[] = {JAXC_OP_SUM, JAXC_OP_PROD, JAXC_OP_MEAN, JAXC_OP_MAX, JAXC_OP_MIN, JAXC_OP_ARGMAX,
                                JAXC_OP_ARGMIN, JAXC_OP_ANY, JAXC_OP_ALL, JAXC_OP_VAR, JAXC_OP_STD};
  static const int64_t shapes[][3] = {{3, 5, 7}, {1, 4, 1}, {2, 0, 3}, {6, 1, 33}};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++)
      for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++) {
        bool fl = jaxc_dtype_kind(dts[d]) == JAXC_KIND_FLOAT || jaxc_dtype_kind(dts[d]) == JAXC_KIND_COMPLEX;
        jaxc_array *a = random_array(dts[d], 3, shapes[sh], fl && sh == 3 ? 0.05 : 0.0);
        for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
          for (int axis = -3; axis <= 3; axis++)
            for (int kd = 0; kd < 2; kd++) check_reduce_case(ops[o], 0, a, axis == 3 ? JAXC_ALL_AXES : axis, kd);
        for (int mode = 2; mode <= 3; mode++)
          for (int axis = -1; axis <= 3; axis++) check_reduce_case(JAXC_OP_ARGMAX, mode, a, axis == 3 ? JAXC_ALL_AXES : axis, false);
        jaxc_array_free(a);
      }
  }
  jaxc_set_x64(false);
}

/* --- 3. special values: accuracy, NaN, empties ---------------------------------------------------- */
static jaxc_array *f32s(int64_t n, const float *v) { return jaxc_array_from_data(JAXC_F32, 1, &n, v); }

static void test_special(void) {
  /* 2^25 float32 ones: a running float32 sum would stop at 2^24 */
  int64_t n = (int64_t)1 << 25;
  float *ones = (float *)malloc((size_t)n * sizeof(float));
  for (int64_t i = 0; i < n; i++) ones[i] = 1.0f;
  jaxc_array *a = f32s(n, ones);
  free(ones);
  jaxc_array *s = jaxc_reduce(JAXC_OP_SUM, a, JAXC_ALL_AXES);
  CHECK(s && val(s, 0) == 33554432.0L);
  jaxc_array_free(s);
  s = jaxc_reduce(JAXC_OP_MEAN, a, JAXC_ALL_AXES);
  CHECK(s && val(s, 0) == 1.0L);
  jaxc_array_free(s);
  jaxc_array_free(a);
  n_special += 2;
  /* mean and var of int32 are float32 with x64 on too, and JAX converts the values to float32
     first: 16777217 and 16777219 become 16777216 and 16777220 (var 4, not 1) */
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    int64_t m = 2;
    const int32_t big[2] = {16777217, 16777219};
    jaxc_array *b = jaxc_array_from_data(JAXC_I32, 1, &m, big);
    jaxc_array *mu = jaxc_reduce(JAXC_OP_MEAN, b, 0), *v = jaxc_reduce(JAXC_OP_VAR, b, 0), *sd = jaxc_reduce(JAXC_OP_STD, b, 0);
    CHECK(mu && jaxc_array_dtype(mu) == JAXC_F32 && val(mu, 0) == 16777218.0L);
    CHECK(v && jaxc_array_dtype(v) == JAXC_F32 && val(v, 0) == 4.0L);
    CHECK(sd && jaxc_array_dtype(sd) == JAXC_F32 && val(sd, 0) == 2.0L);
    jaxc_array_free(mu), jaxc_array_free(v), jaxc_array_free(sd), jaxc_array_free(b);
    n_special += 3;
  }
  jaxc_set_x64(false);
  /* f16 / bf16 accumulate wider: 4096 f16 ones (a f16 running sum stalls at 2048), 1000 bf16 ones (stalls at 256) */
  {
    int64_t m = 4096;
    jaxc_array *h = jaxc_array_empty(JAXC_F16, 1, &m);
    for (int64_t i = 0; i < m; i++) ((jaxc_f16 *)(void *)jaxc_array_data(h))[i] = jaxc_f64_to_f16(1.0);
    s = jaxc_reduce(JAXC_OP_SUM, h, 0);
    CHECK(s && jaxc_array_dtype(s) == JAXC_F16 && val(s, 0) == 4096.0L);
    jaxc_array_free(s);
    jaxc_array_free(h);
    m = 1000;
    jaxc_array *b = jaxc_array_empty(JAXC_BF16, 1, &m);
    for (int64_t i = 0; i < m; i++) ((jaxc_bf16 *)(void *)jaxc_array_data(b))[i] = jaxc_f64_to_bf16(1.0);
    s = jaxc_reduce(JAXC_OP_SUM, b, 0);
    CHECK(s && jaxc_array_dtype(s) == JAXC_BF16 && val(s, 0) == 1000.0L);
    jaxc_array_free(s);
    jaxc_array_free(b);
    n_special += 2;
  }
  /* NaN: max/min propagate, argmax/argmin point at the first NaN; nanarg ignores NaN, all-NaN -> -1 */
  {
    float v[6] = {1, NAN, 7, NAN, -2, 7};
    a = f32s(6, v);
    s = jaxc_reduce(JAXC_OP_MAX, a, 0); CHECK(s && isnanl_(val(s, 0))); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_MIN, a, 0); CHECK(s && isnanl_(val(s, 0))); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_ARGMAX, a, 0); CHECK(s && val(s, 0) == 1); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_ARGMIN, a, 0); CHECK(s && val(s, 0) == 1); jaxc_array_free(s);
    s = jaxc_nanargmax(a, 0, false); CHECK(s && val(s, 0) == 2); jaxc_array_free(s);
    s = jaxc_nanargmin(a, 0, false); CHECK(s && val(s, 0) == 4); jaxc_array_free(s);
    jaxc_array_free(a);
    float w[4] = {NAN, NAN, NAN, NAN};
    a = f32s(4, w);
    s = jaxc_nanargmax(a, 0, false); CHECK(s && val(s, 0) == -1); jaxc_array_free(s);
    s = jaxc_nanargmin(a, JAXC_ALL_AXES, true); CHECK(s && val(s, 0) == -1 && jaxc_array_ndim(s) == 1); jaxc_array_free(s);
    jaxc_array_free(a);
    /* zeros: max and min order -0 below +0 (XLA's maximum and minimum), argmax and argmin
       take the first of equal zeros (JAX's comparator: eq(0., -0.)) */
    float zs[4] = {-0.0f, 0.0f, -0.0f, 0.0f};
    a = f32s(4, zs);
    s = jaxc_reduce(JAXC_OP_MAX, a, 0); CHECK(s && val(s, 0) == 0 && !signbit(val(s, 0))); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_MIN, a, 0); CHECK(s && val(s, 0) == 0 && signbit(val(s, 0))); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_ARGMAX, a, 0); CHECK(s && val(s, 0) == 0); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_ARGMIN, a, 0); CHECK(s && val(s, 0) == 0); jaxc_array_free(s);
    jaxc_array_free(a);
    n_special += 4;
    /* JAX replaces NaN by -inf first: [nan, -inf] -> index 0 */
    float z[2] = {NAN, -INFINITY};
    a = f32s(2, z);
    s = jaxc_nanargmax(a, 0, false); CHECK(s && val(s, 0) == 0); jaxc_array_free(s);
    jaxc_array_free(a);
    n_special += 9;
  }
  /* any/all of a complex value look at the real part only (jnp's _cast_to_bool) */
  {
    double c[2] = {0.0, 1.0};
    jaxc_array *z = jaxc_array_from_data(JAXC_C128, 1, (int64_t[]){1}, c);
    s = jaxc_reduce(JAXC_OP_ANY, z, 0); CHECK(s && val(s, 0) == 0); jaxc_array_free(s);
    jaxc_array_free(z);
    n_special++;
  }
  /* empties */
  {
    jaxc_array *e = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){0, 3});
    s = jaxc_reduce(JAXC_OP_SUM, e, JAXC_ALL_AXES); CHECK(s && val(s, 0) == 0); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_PROD, e, JAXC_ALL_AXES); CHECK(s && val(s, 0) == 1); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_MEAN, e, JAXC_ALL_AXES); CHECK(s && isnanl_(val(s, 0))); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_VAR, e, 0); CHECK(s && jaxc_array_size(s) == 3 && isnanl_(val(s, 2))); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_ANY, e, JAXC_ALL_AXES); CHECK(s && val(s, 0) == 0); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_ALL, e, JAXC_ALL_AXES); CHECK(s && val(s, 0) == 1); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_SUM, e, 0); CHECK(s && jaxc_array_size(s) == 3 && val(s, 1) == 0); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_MAX, e, 1); CHECK(s && jaxc_array_size(s) == 0 && jaxc_array_ndim(s) == 1); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_MAX, e, 0);
    CHECK(!s && strcmp(jaxc_last_error(), "zero-size array to reduction operation max which has no identity") == 0);
    s = jaxc_reduce(JAXC_OP_MIN, e, JAXC_ALL_AXES);
    CHECK(!s && strcmp(jaxc_last_error(), "zero-size array to reduction operation min which has no identity") == 0);
    s = jaxc_reduce(JAXC_OP_ARGMAX, e, 0);
    CHECK(!s && strcmp(jaxc_last_error(), "attempt to get argmax of an empty sequence") == 0);
    s = jaxc_reduce(JAXC_OP_CUMSUM, e, 0); CHECK(s && jaxc_array_size(s) == 0 && jaxc_array_ndim(s) == 2); jaxc_array_free(s);
    jaxc_array_free(e);
    n_special += 12;
  }
  /* integer sums wrap in the result's width: 3 x int32 max in int32 */
  {
    int32_t v[3] = {INT32_MAX, INT32_MAX, INT32_MAX};
    jaxc_array *i = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, v);
    s = jaxc_reduce(JAXC_OP_SUM, i, 0); CHECK(s && val(s, 0) == (long double)(int32_t)(3u * (uint32_t)INT32_MAX)); jaxc_array_free(s);
    jaxc_array_free(i);
    int8_t b[300];
    for (int k = 0; k < 300; k++) b[k] = 100;
    i = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){300}, b);
    s = jaxc_reduce(JAXC_OP_SUM, i, 0); CHECK(s && jaxc_array_dtype(s) == JAXC_I32 && val(s, 0) == 30000); jaxc_array_free(s);
    jaxc_array_free(i);
    n_special += 2;
  }
  /* var/std with ddof */
  {
    float v[4] = {1, 2, 3, 4};
    a = f32s(4, v);
    s = jaxc_var_ddof(a, 0, false, 1.0); CHECK(s && close_to(val(s, 0), 5.0L / 3, 0, JAXC_F32)); jaxc_array_free(s);
    s = jaxc_std_ddof(a, 0, false, 0.0); CHECK(s && close_to(val(s, 0), sqrtl(1.25L), 0, JAXC_F32)); jaxc_array_free(s);
    s = jaxc_var_ddof(a, 0, false, 4.0); CHECK(s && isnanl_(val(s, 0))); jaxc_array_free(s);
    jaxc_array_free(a);
    n_special += 3;
  }
}

/* --- 4. cumulative ops ---------------------------------------------------------------------------- */
static void test_cumulative(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_I8, JAXC_I32, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64};
  for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++) {
    jaxc_array *a = random_array(dts[d], 2, (int64_t[]){4, 9}, 0);
    uint64_t before = checksum(a);
    for (int op = 0; op < 2; op++)
      for (int axis = -2; axis <= 2; axis++) {
        int ax = axis == 2 ? JAXC_ALL_AXES : axis;
        jaxc_array *r = jaxc_reduce(op ? JAXC_OP_CUMPROD : JAXC_OP_CUMSUM, a, ax);
        CHECK(r != NULL);
        if (!r) continue;
        jaxc_dtype od = jaxc_array_dtype(r);
        CHECK_EQ_INT(od, dts[d] == JAXC_BOOL ? JAXC_I32 : jaxc_array_dtype(a));
        int64_t outer = 1, n = 36, inner = 1;
        if (ax != JAXC_ALL_AXES) { int a2 = ax < 0 ? ax + 2 : ax; n = a2 == 0 ? 4 : 9; outer = a2 == 0 ? 1 : 4; inner = a2 == 0 ? 9 : 1; }
        CHECK_EQ_INT(jaxc_array_ndim(r), ax == JAXC_ALL_AXES ? 1 : 2);
        bool intlike = jaxc_dtype_kind(od) != JAXC_KIND_FLOAT && jaxc_dtype_kind(od) != JAXC_KIND_COMPLEX;
        uint64_t mask = jaxc_dtype_bits(od) >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << jaxc_dtype_bits(od)) - 1;
        for (int64_t j = 0; j < outer * inner; j++) {
          uint64_t u = op ? 1 : 0;
          long double re = op ? 1 : 0, im = 0, scale = 0;
          for (int64_t k = 0; k < n; k++) {
            int64_t pos = (j / inner) * n * inner + j % inner + k * inner;
            if (intlike) {
              u = op ? u * uval(a, pos) : u + uval(a, pos);
              CHECK_MSG((uval(r, pos) & mask) == (u & mask), "cum %s int pos %lld", jaxc_dtype_name(od), (long long)pos);
            } else {
              long double xr = val(a, pos), xi = ival(a, pos);
              if (op) { long double t = re * xr - im * xi; im = re * xi + im * xr; re = t; scale = fabsl(re) + fabsl(im); }
              else { re += xr; im += xi; scale += fabsl(xr) + fabsl(xi); }
              if (fabsl(re) + fabsl(im) > max_finite(od) / 2) break; /* (near overflow the partials' infinities are
                                                                        the dtype's, not the reference's) */
              /* XLA rounds every partial to the dtype: allow k+1 roundings */
              long double tol = (long double)(k + 2) * 4 * eps_of(od) * (scale + fabsl(re) + fabsl(im) + 1);
              CHECK_MSG(fabsl(val(r, pos) - re) <= tol && fabsl(ival(r, pos) - im) <= tol, "cum %s pos %lld: %Lg vs %Lg",
                        jaxc_dtype_name(od), (long long)pos, val(r, pos), re);
            }
          }
        }
        jaxc_array_free(r);
        n_value++;
      }
    CHECK_EQ_INT(checksum(a), before);
    jaxc_array_free(a);
  }
}

/* Long lanes, converted and scanned block by block (2048 elements), and strided lanes, row by
   row: every partial is the sequential one, across block edges, in float32 (C's float adds), float16 (jaxc's scalar add,
   rounding each partial) and int8 summed in int32 (cumulative_sum) */
static void test_cumulative_long(void) {
  static const int64_t lens[] = {2047, 2048, 2049, 4096, 6145, 10001};
  for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
    int64_t L = lens[li], shape[2] = {3, L};
    jaxc_array *f = random_array(JAXC_F32, 2, shape, 0), *h = random_array(JAXC_F16, 2, shape, 0), *b = random_array(JAXC_I8, 2, shape, 0);
    jaxc_array *rf = jaxc_reduce(JAXC_OP_CUMSUM, f, 1), *rh = jaxc_reduce(JAXC_OP_CUMPROD, h, 1);
    jaxc_array *rb = jaxc_cumulative_sum(b, 1, JAXC_DTYPE_NONE, false), *r1 = jaxc_reduce(JAXC_OP_CUMSUM, f, JAXC_ALL_AXES);
    CHECK(rf && rh && rb && r1 && jaxc_array_dtype(rb) == JAXC_I32);
    if (rf && rh && rb && r1) {
      const float *x = jaxc_array_data(f), *y = jaxc_array_data(rf), *y1 = jaxc_array_data(r1);
      const jaxc_f16 *hx = jaxc_array_data(h), *hy = jaxc_array_data(rh);
      const int8_t *bx = jaxc_array_data(b);
      const int32_t *by = jaxc_array_data(rb);
      long bad = 0;
      float all = 0;
      for (int64_t r = 0; r < 3; r++) {
        float acc = 0;
        jaxc_f16 hacc = jaxc_f32_to_f16(1.0f);
        int32_t iacc = 0;
        for (int64_t k = 0; k < L; k++) {
          int64_t i = r * L + k;
          acc = k ? acc + x[i] : x[i];
          all = i ? all + x[i] : x[i];
          hacc = k ? jaxc_scalar_multiply_f16_f16(hacc, hx[i]) : hx[i];
          iacc += bx[i];
          bad += memcmp(&acc, &y[i], 4) != 0 || memcmp(&all, &y1[i], 4) != 0 || hacc.bits != hy[i].bits || iacc != by[i];
        }
      }
      CHECK_MSG(bad == 0, "cumulative over lanes of %lld: %ld partials differ from the sequential ones", (long long)L, bad);
      n_value += 4;
    }
    jaxc_array *all_[] = {f, h, b, rf, rh, rb, r1};
    for (size_t i = 0; i < sizeof all_ / sizeof all_[0]; i++) jaxc_array_free(all_[i]);
  }  /* along axis 0 of (2, 5, C): row by row, the columns split over the threads where it is large
     enough (C 300001: 12 MB of int32), also in small runs (C 7) */
  static const int64_t cols[] = {7, 300001};
  for (size_t ci = 0; ci < 2; ci++) {
    int64_t C = cols[ci], shape[3] = {2, 5, C};
    jaxc_array *f = random_array(JAXC_F32, 3, shape, 0), *h = random_array(JAXC_F16, 3, shape, 0), *b = random_array(JAXC_I8, 3, shape, 0);
    jaxc_array *rf = jaxc_reduce(JAXC_OP_CUMSUM, f, 1), *rh = jaxc_reduce(JAXC_OP_CUMPROD, h, 1);
    jaxc_array *rb = jaxc_cumulative_sum(b, 1, JAXC_DTYPE_NONE, false);
    CHECK(rf && rh && rb);
    if (rf && rh && rb) {
      const float *x = jaxc_array_data(f), *y = jaxc_array_data(rf);
      const jaxc_f16 *hx = jaxc_array_data(h), *hy = jaxc_array_data(rh);
      const int8_t *bx = jaxc_array_data(b);
      const int32_t *by = jaxc_array_data(rb);
      long bad = 0;
      for (int64_t o = 0; o < 2; o++)
        for (int64_t c = 0; c < C; c++) {
          float acc = 0;
          jaxc_f16 hacc = hx[0];
          int32_t iacc = 0;
          for (int64_t k = 0; k < 5; k++) {
            int64_t i = (o * 5 + k) * C + c;
            acc = k ? acc + x[i] : x[i];
            hacc = k ? jaxc_scalar_multiply_f16_f16(hacc, hx[i]) : hx[i];
            iacc += bx[i];
            bad += memcmp(&acc, &y[i], 4) != 0 || hacc.bits != hy[i].bits || iacc != by[i];
          }
        }
      CHECK_MSG(bad == 0, "cumulative along axis 1 of (2, 5, %lld): %ld partials differ from the sequential ones", (long long)C, bad);
      n_value += 3;
    }
    jaxc_array *all_[] = {f, h, b, rf, rh, rb};
    for (size_t i = 0; i < sizeof all_ / sizeof all_[0]; i++) jaxc_array_free(all_[i]);
  }
}

/* --- 4b. cumulative_sum / cumulative_prod (the array API's) --------------------------------------- */
/* _promote_integer_dtype, restated: bool and ints narrower than the default int (uint) widened */
static jaxc_dtype promote_int(jaxc_dtype d, bool x64) {
  int k = jaxc_dtype_kind(d), bits = (int)jaxc_dtype_bits(d), wide = x64 ? 64 : 32;
  if (k == JAXC_KIND_BOOL) return x64 ? JAXC_I64 : JAXC_I32;
  if (k == JAXC_KIND_UINT && bits < wide) return x64 ? JAXC_U64 : JAXC_U32;
  if (k == JAXC_KIND_INT && bits < wide) return x64 ? JAXC_I64 : JAXC_I32;
  return d;
}
static void test_cumulative_api(void) {
  static const jaxc_dtype ins[] = {JAXC_BOOL, JAXC_U8, JAXC_U16, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_F16, JAXC_F32, JAXC_C64};
  static const jaxc_dtype asks[] = {JAXC_DTYPE_NONE, JAXC_BOOL, JAXC_I8, JAXC_U32, JAXC_F32};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (size_t d = 0; d < sizeof ins / sizeof ins[0]; d++)
      for (size_t q = 0; q < sizeof asks / sizeof asks[0]; q++)
        for (int op = 0; op < 2; op++)
          for (int inc = 0; inc < 2; inc++) {
            int64_t shape[2] = {3, 5};
            jaxc_array *a = random_array(ins[d], 2, shape, 0);
            int axis = (int)(next_u64() % 4) - 2, ax = axis < 0 ? axis + 2 : axis;
            jaxc_array *r = op ? jaxc_cumulative_prod(a, axis, asks[q], inc) : jaxc_cumulative_sum(a, axis, asks[q], inc);
            /* the dtypes: result, and the one accumulated in */
            jaxc_dtype ask = asks[q], res, comp;
            if (ask == JAXC_DTYPE_NONE) res = comp = (!op || ins[d] == JAXC_BOOL) ? promote_int(ins[d], x64) : ins[d];
            else if (ask == JAXC_BOOL) res = JAXC_BOOL, comp = x64 ? JAXC_I64 : JAXC_I32;
            else res = comp = ask;
            int64_t want_shape[2] = {shape[0] + (inc && ax == 0), shape[1] + (inc && ax == 1)};
            CHECK_MSG(r && jaxc_array_dtype(r) == res && !jaxc_array_is_weak(r) && jaxc_array_shape(r)[0] == want_shape[0] &&
                          jaxc_array_shape(r)[1] == want_shape[1],
                      "cumulative_%s(%s, dtype=%s, include_initial=%d) x64=%d: %s", op ? "prod" : "sum", jaxc_dtype_name(ins[d]),
                      ask == JAXC_DTYPE_NONE ? "None" : jaxc_dtype_name(ask), inc, x64, r ? jaxc_dtype_name(jaxc_array_dtype(r)) : jaxc_last_error());
            if (!r) { jaxc_array_free(a); continue; }
            /* the values: the identity first where asked; then the running sum/product of the
               input converted to comp (bool asked: its nonzero flags), converted to res */
            jaxc_array *src = ask == JAXC_BOOL && ins[d] != JAXC_BOOL ? jaxc_not_equal(a, 0) : jaxc_astype(a, ins[d]);
            jaxc_array *conv = jaxc_astype(src, comp), *run = jaxc_reduce(op ? JAXC_OP_CUMPROD : JAXC_OP_CUMSUM, conv, ax);
            jaxc_array *want = jaxc_astype(run, res);
            long bad = 0;
            for (int64_t i = 0; want && i < want_shape[0]; i++)
              for (int64_t j = 0; j < want_shape[1]; j++) {
                int64_t g = i * want_shape[1] + j, si = i - (inc && ax == 0), sj = j - (inc && ax == 1);
                long double wr = op ? 1 : 0, wi = 0;
                if (si >= 0 && sj >= 0) wr = val(want, si * shape[1] + sj), wi = ival(want, si * shape[1] + sj);
                if (res == JAXC_BOOL && (si < 0 || sj < 0)) wr = op; /* (the identity converted to bool) */
                bad += !(val(r, g) == wr && ival(r, g) == wi);
              }
            /* integer results independently: the running sum/product of the small integer values
               in int64, wrapped to comp's width */
            if (jaxc_dtype_kind(comp) != JAXC_KIND_FLOAT && jaxc_dtype_kind(comp) != JAXC_KIND_COMPLEX && jaxc_dtype_kind(ins[d]) != JAXC_KIND_FLOAT &&
                jaxc_dtype_kind(ins[d]) != JAXC_KIND_COMPLEX && res != JAXC_BOOL) {
              uint64_t mask = jaxc_dtype_bits(comp) >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << jaxc_dtype_bits(comp)) - 1;
              for (int64_t l = 0; l < shape[1 - ax]; l++) {
                uint64_t acc = op ? 1 : 0;
                for (int64_t k = 0; k < shape[ax]; k++) {
                  int64_t pos = ax == 0 ? k * shape[1] + l : l * shape[1] + k;
                  uint64_t x = (uint64_t)(int64_t)val(a, pos);
                  acc = op ? acc * x : acc + x;
                  int64_t rk = k + inc, rpos = ax == 0 ? rk * want_shape[1] + l : l * want_shape[1] + rk;
                  bad += (uval(r, rpos) & mask) != (acc & mask);
                }
              }
            }
            CHECK_MSG(bad == 0, "cumulative_%s(%s, dtype=%s, include_initial=%d, axis=%d) x64=%d: %ld wrong", op ? "prod" : "sum",
                      jaxc_dtype_name(ins[d]), ask == JAXC_DTYPE_NONE ? "None" : jaxc_dtype_name(ask), inc, axis, x64, bad);
            jaxc_array_free(src), jaxc_array_free(conv), jaxc_array_free(run), jaxc_array_free(want);
            jaxc_array_free(r), jaxc_array_free(a);
            n_value++;
          }
  }
  jaxc_set_x64(false);
  /* dtype=bool counts nonzeros: [-1, 1, 0] is [True, True, True], not cumsum's [-1, 0, 0] != 0 */
  int64_t three = 3;
  jaxc_array *s = jaxc_array_from_data(JAXC_I32, 1, &three, (int32_t[]){-1, 1, 0});
  expect_print(jaxc_cumulative_sum(s, JAXC_ALL_AXES, JAXC_BOOL, false), "Array([ True,  True,  True], dtype=bool)", "cumulative_sum bool");
  /* JAX's docstrings */
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){1, 2, 3, 4, 5, 6});
  expect_print(jaxc_cumulative_sum(x, 1, JAXC_DTYPE_NONE, false), "Array([[ 1,  3,  6],\n       [ 4,  9, 15]], dtype=int32)", "doc sum");
  expect_print(jaxc_cumulative_sum(x, 1, JAXC_DTYPE_NONE, true), "Array([[ 0,  1,  3,  6],\n       [ 0,  4,  9, 15]], dtype=int32)", "doc sum initial");
  expect_print(jaxc_cumulative_prod(x, 1, JAXC_DTYPE_NONE, false), "Array([[  1,   2,   6],\n       [  4,  20, 120]], dtype=int32)", "doc prod");
  expect_print(jaxc_cumulative_prod(x, 1, JAXC_DTYPE_NONE, true), "Array([[  1,   1,   2,   6],\n       [  1,   4,  20, 120]], dtype=int32)", "doc prod initial");
  /* errors in JAX's words */
  jaxc_array *z = jaxc_weak_int(2);
  expect_error(jaxc_cumulative_sum(z, 0, JAXC_DTYPE_NONE, false),
               "The input must be non-scalar to take a cumulative sum, however a scalar value or scalar array was given.");
  expect_error(jaxc_cumulative_prod(z, 0, JAXC_DTYPE_NONE, false),
               "The input must be non-scalar to take a cumulative product, however a scalar value or scalar array was given.");
  expect_error(jaxc_cumulative_sum(x, JAXC_ALL_AXES, JAXC_DTYPE_NONE, false),
               "The input array has rank 2, however axis was not set to an explicit value. The axis argument is only optional for one-dimensional arrays.");
  expect_error(jaxc_cumulative_sum(x, 2, JAXC_DTYPE_NONE, false), "axis 2 is out of bounds for array of dimension 2");
  jaxc_array_free(s), jaxc_array_free(x), jaxc_array_free(z);
}

/* --- 5. errors -------------------------------------------------------------------------------------- */
static void test_errors(void) {
  jaxc_array *a = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 3});
  CHECK(jaxc_reduce(JAXC_OP_SUM, a, 3) == NULL);
  CHECK(strcmp(jaxc_last_error(), "axis 3 is out of bounds for array of dimension 2") == 0);
  CHECK(jaxc_reduce(JAXC_OP_SUM, a, -3) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_reduce(JAXC_OP_SUM, NULL, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_reduce(JAXC_OP_ADD, a, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_reduce((jaxc_op)(JAXC_NUM_OPS + 3), a, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_reduce((jaxc_op)-5, a, 0) == NULL);
  CHECK(jaxc_reduce(JAXC_OP_CUMSUM, a, 2) == NULL);
  { /* jnp.cumsum/cumprod are jitted, so even a Python scalar is a 0-d tracer there and
       _isscalar(a) is False: only axis=None flattens; an axis on a 0-d input is out of bounds */
    jaxc_array *z = jaxc_array_zeros(JAXC_F32, 0, NULL), *w = jaxc_weak_float(2.5);
    CHECK(jaxc_reduce(JAXC_OP_CUMSUM, z, 0) == NULL && strcmp(jaxc_last_error(), "axis 0 is out of bounds for array of dimension 0") == 0);
    CHECK(jaxc_reduce(JAXC_OP_CUMPROD, w, -1) == NULL && strcmp(jaxc_last_error(), "axis -1 is out of bounds for array of dimension 0") == 0);
    jaxc_array *c = jaxc_reduce(JAXC_OP_CUMSUM, w, JAXC_ALL_AXES);
    CHECK(c && jaxc_array_ndim(c) == 1 && jaxc_array_shape(c)[0] == 1 && !jaxc_array_is_weak(c));
    jaxc_array_free(c); jaxc_array_free(z); jaxc_array_free(w);
  }
  CHECK(jaxc_sort(a, 5) == NULL && jaxc_argsort(NULL, 0) == NULL);
  CHECK(jaxc_reduce_result(JAXC_OP_SET, a) == JAXC_DTYPE_INVALID);
  jaxc_array *s = jaxc_reduce(JAXC_OP_SUM, a, -1);
  CHECK(s && jaxc_last_status() == JAXC_OK && jaxc_array_size(s) == 2);
  jaxc_array_free(s);
  jaxc_array *z = jaxc_scalar(JAXC_F32, 3, 0);
  CHECK(jaxc_reduce(JAXC_OP_SUM, z, 0) == NULL); /* a 0-d array has no axis 0 */
  s = jaxc_sum(z, JAXC_ALL_AXES);
  CHECK(s && val(s, 0) == 3);
  jaxc_array_free(s);
  jaxc_array_free(z);
  jaxc_array_free(a);
  n_error += 13;
}

/* arg-extremes over lanes longer than the search's blocks (256), of few distinct values so that
   the extreme repeats, its first place falls in any block, zeros of both signs tie and (nanarg)
   a NaN counts as -inf / +inf ahead of a real one; strided and contiguous lanes, every real dtype */
static void test_arg_long(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_I16, JAXC_U32, JAXC_I64, JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64};
  static const double vals[] = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, INFINITY, -INFINITY, NAN};
  jaxc_set_x64(true);
  for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++)
    for (int trial = 0; trial < 6; trial++) {
      int64_t shape[3] = {2, 300 + 331 * trial, 3};
      jaxc_array *a = jaxc_array_empty(dts[d], 3, shape);
      bool fl = jaxc_dtype_kind(dts[d]) == JAXC_KIND_FLOAT;
      int nv = fl ? 9 : 6, rare = 1 + (int)(next_u64() % 700); /* the extremes: about one in `rare` */
      for (int64_t i = 0; i < jaxc_array_size(a); i++) {
        int k = (int)(next_u64() % 4);                    /* 0, -0, 1, -1 mostly */
        if (next_u64() % (uint64_t)rare == 0) k = 4 + (int)(next_u64() % (uint64_t)(nv - 4));
        if (trial == 5 && fl) k = next_u64() % 3 ? 8 : 7; /* NaN and -inf only: nanargmax's ties */
        double v[2] = {vals[k], 0};
        if (!fl && v[0] < 0 && jaxc_dtype_kind(dts[d]) != JAXC_KIND_INT) v[0] = -v[0];
        jaxc_kernel_cast_dyn(JAXC_C128, dts[d], 1, v, (char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(dts[d]));
      }
      for (int axis = 0; axis <= 3; axis++) {
        int ax = axis == 3 ? JAXC_ALL_AXES : axis;
        check_reduce_case(JAXC_OP_ARGMAX, 0, a, ax, false);
        check_reduce_case(JAXC_OP_ARGMIN, 0, a, ax, false);
        check_reduce_case(JAXC_OP_MAX, 0, a, ax, false);
        check_reduce_case(JAXC_OP_MIN, 0, a, ax, false);
        if (fl) check_reduce_case(JAXC_OP_ARGMAX, 2, a, ax, false), check_reduce_case(JAXC_OP_ARGMAX, 3, a, ax, false);
      }
      jaxc_array_free(a);
    }
  jaxc_set_x64(false);
}

/* Long contiguous lanes, where arg-extremes compare blocks of 4096 and search the first best one:
   each block of one kind, so that blocks tie (equal extremes, zeros of both signs, nanargmax's
   NaN-only block against a block of -inf) and a NaN sits in one block only. */
static void test_arg_blocks(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_I16, JAXC_I64, JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64};
  static const double vals[] = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, INFINITY, -INFINITY, NAN};
  /* the values each kind of block draws from (indices into vals) */
  static const int kinds[][4] = {{8, 8, 8, 8}, {7, 7, 7, 7}, {6, 6, 6, 6}, {7, 8, 7, 7}, {0, 1, 3, 5},
                                 {1, 1, 1, 1}, {0, 0, 0, 0}, {1, 0, 3, 3}, {2, 3, 4, 5}, {2, 2, 2, 8}};
  const int nkinds = (int)(sizeof kinds / sizeof kinds[0]);
  jaxc_set_x64(true);
  for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++)
    for (int trial = 0; trial < 24; trial++) {
      int64_t n = 4096 * (2 + trial % 5) + (trial % 3) * 1234 + 1;
      jaxc_array *a = jaxc_array_empty(dts[d], 1, &n);
      bool fl = jaxc_dtype_kind(dts[d]) == JAXC_KIND_FLOAT;
      int kind = 0;
      for (int64_t i = 0; i < n; i++) {
        if (i % 4096 == 0) kind = (int)(next_u64() % (uint64_t)nkinds);
        int k = kinds[kind][next_u64() % 4];
        if (next_u64() % 5000 == 0) k = (int)(next_u64() % 9); /* a rare value of any kind */
        double v[2] = {vals[k], 0};
        if (!fl && (v[0] != v[0] || isinf(v[0]))) v[0] = v[0] != v[0] ? 3 : (v[0] > 0 ? 4 : -4);
        if (!fl && v[0] < 0 && jaxc_dtype_kind(dts[d]) != JAXC_KIND_INT) v[0] = -v[0];
        jaxc_kernel_cast_dyn(JAXC_C128, dts[d], 1, v, (char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(dts[d]));
      }
      check_reduce_case(JAXC_OP_ARGMAX, 0, a, 0, false);
      check_reduce_case(JAXC_OP_ARGMIN, 0, a, JAXC_ALL_AXES, false);
      if (fl) check_reduce_case(JAXC_OP_ARGMAX, 2, a, 0, false), check_reduce_case(JAXC_OP_ARGMAX, 3, a, 0, false);
      jaxc_array_free(a);
    }
  int64_t n = 3 * 4096 + 5; /* NaNs only: nanargmax's -1 */
  jaxc_array *a = jaxc_full(1, &n, (double)NAN, JAXC_F32), *r = jaxc_nanargmax(a, 0, false);
  check_reduce_case(JAXC_OP_ARGMAX, 2, a, 0, false), check_reduce_case(JAXC_OP_ARGMAX, 3, a, 0, false);
  CHECK(r && val(r, 0) == -1);
  jaxc_array_free(r), jaxc_array_free(a);
  jaxc_set_x64(false);
}

/* --- 6. large, threaded reductions -------------------------------------------------------------- */
static void test_big(void) {
  int64_t n = (int64_t)1 << 23;
  jaxc_array *a = jaxc_array_empty(JAXC_I8, 1, &n);
  int8_t *p = (int8_t *)jaxc_array_data(a);
  int64_t want = 0;
  for (int64_t i = 0; i < n; i++) { p[i] = (int8_t)(next_u64() & 0xff); want += p[i]; }
  jaxc_array *s = jaxc_reduce(JAXC_OP_SUM, a, JAXC_ALL_AXES);
  CHECK(s && val(s, 0) == (long double)(int32_t)(uint32_t)(uint64_t)want);
  jaxc_array_free(s);
  /* the max twice, in different chunks: argmax is the first */
  p[n / 3] = 127; p[n - 5] = 127;
  for (int64_t i = 0; i < n; i++) if (p[i] == 127 && i != n / 3 && i != n - 5) p[i] = 0;
  s = jaxc_reduce(JAXC_OP_ARGMAX, a, JAXC_ALL_AXES);
  CHECK(s && val(s, 0) == (long double)(n / 3));
  jaxc_array_free(s);
  jaxc_array_free(a);
  /* float32: threads and pairwise blocks vs a long double sum; NaN in a late chunk wins argmax */
  jaxc_array *f = jaxc_array_empty(JAXC_F32, 2, (int64_t[]){2, n / 2});
  float *q = (float *)jaxc_array_data(f);
  long double ref0 = 0, ref1 = 0, mag = 0;
  for (int64_t i = 0; i < n; i++) {
    q[i] = (float)uniform(-1, 3);
    if (i < n / 2) ref0 += q[i]; else ref1 += q[i];
    mag += fabsl((long double)q[i]);
  }
  s = jaxc_reduce(JAXC_OP_SUM, f, 1);
  CHECK(s && fabsl(val(s, 0) - ref0) <= 1e-6L * mag && fabsl(val(s, 1) - ref1) <= 1e-6L * mag);
  jaxc_array_free(s);
  s = jaxc_reduce(JAXC_OP_MEAN, f, JAXC_ALL_AXES);
  CHECK(s && close_to(val(s, 0), (ref0 + ref1) / n, 1, JAXC_F32));
  jaxc_array_free(s);
  /* zeros across threads' chunks: one +0 late among -0 is the max, one -0 the min among +0 */
  {
    jaxc_array *z = jaxc_array_empty(JAXC_F32, 1, &n);
    float *zp = (float *)jaxc_array_data(z);
    for (int64_t i = 0; i < n; i++) zp[i] = -0.0f;
    zp[n - 7] = 0.0f;
    s = jaxc_reduce(JAXC_OP_MAX, z, JAXC_ALL_AXES); CHECK(s && val(s, 0) == 0 && !signbit(val(s, 0))); jaxc_array_free(s);
    s = jaxc_reduce(JAXC_OP_ARGMAX, z, JAXC_ALL_AXES); CHECK(s && val(s, 0) == 0); jaxc_array_free(s);
    for (int64_t i = 0; i < n; i++) zp[i] = 0.0f;
    zp[n - 7] = -0.0f;
    s = jaxc_reduce(JAXC_OP_MIN, z, JAXC_ALL_AXES); CHECK(s && val(s, 0) == 0 && signbit(val(s, 0))); jaxc_array_free(s);
    jaxc_array_free(z);
  }
  q[n - 10] = NAN; q[n - 3] = NAN;
  s = jaxc_reduce(JAXC_OP_ARGMAX, f, JAXC_ALL_AXES);
  CHECK(s && val(s, 0) == (long double)(n - 10));
  jaxc_array_free(s);
  s = jaxc_reduce(JAXC_OP_MAX, f, 1);
  CHECK(s && !isnanl_(val(s, 0)) && isnanl_(val(s, 1)));
  jaxc_array_free(s);
  jaxc_array_free(f);
  n_big += 6;
}

/* --- the same bits whatever the thread count (and with or without OpenMP): long float sums are
   cut into pieces by their size alone, 64 past 4 MiB, added in order. Checked two ways: 1, 2
   and 3 threads give one result, bit for bit; and a float64 sum is, bit for bit, the in-order
   double sum of jaxc's sums of the 64 pieces (each piece a small, serial reduction). -------- */
static bool same_bits(const jaxc_array *x, const jaxc_array *y) {
  return x && y && jaxc_array_dtype(x) == jaxc_array_dtype(y) && jaxc_array_size(x) == jaxc_array_size(y) &&
         !memcmp(jaxc_array_data(x), jaxc_array_data(y), (size_t)jaxc_array_size(x) * jaxc_dtype_size(jaxc_array_dtype(x)));
}
static void test_thread_counts(void) {
  static const jaxc_dtype dts[] = {JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
  static const jaxc_op ops[] = {JAXC_OP_SUM, JAXC_OP_MEAN, JAXC_OP_VAR, JAXC_OP_NANSUM, JAXC_OP_NANVAR, JAXC_OP_PROD};
  int64_t n = (int64_t)3 << 19; /* 6 MiB of float32 */
  jaxc_set_x64(true);
  for (size_t d = 0; d < sizeof dts / sizeof *dts; d++) {
    jaxc_array *a = random_array(dts[d], 1, &n, 0.0), *w = random_array(dts[d], 1, &n, 0.0);
    /* (prod of 3 M values under/overflows: scaled to 1 +- 2^-10 first) */
    jaxc_array *eps = jaxc_weak_float(0x1p-10), *one = jaxc_weak_float(1.0), *t = jaxc_multiply(a, eps), *near1 = jaxc_add(t, one);
    for (size_t o = 0; o < sizeof ops / sizeof *ops; o++) {
      const jaxc_array *in = ops[o] == JAXC_OP_PROD ? near1 : a;
      jaxc_array *ref = NULL;
#ifdef _OPENMP
      int saved = omp_get_max_threads();
      for (int th = 1; th <= 3; th++) {
        omp_set_num_threads(th);
        jaxc_array *r = jaxc_reduce(ops[o], in, JAXC_ALL_AXES);
        if (!ref) ref = r;
        else {
          CHECK_MSG(same_bits(ref, r), "%s of %lld %s: %d threads give other bits than 1", jaxc_op_name(ops[o]), (long long)n,
                    jaxc_dtype_name(dts[d]), th);
          jaxc_array_free(r);
        }
      }
      omp_set_num_threads(saved);
#else
      ref = jaxc_reduce(ops[o], in, JAXC_ALL_AXES);
#endif
      if (ops[o] == JAXC_OP_SUM && (dts[d] == JAXC_F64 || dts[d] == JAXC_C128)) {
        double re = 0, im = 0;
        for (int c = 0; c < 64; c++) {
          jaxc_slice_spec sp = JAXC_S(n * c / 64, n * (c + 1) / 64, 1);
          jaxc_array *piece = jaxc_slice(a, 1, &sp), *ps = jaxc_reduce(JAXC_OP_SUM, piece, JAXC_ALL_AXES);
          re += (double)val(ps, 0), im += (double)ival(ps, 0);
          jaxc_array_free(piece), jaxc_array_free(ps);
        }
        CHECK_MSG(ref && val(ref, 0) == re && ival(ref, 0) == im, "sum of %s: not the in-order sum of its 64 pieces' sums",
                  jaxc_dtype_name(dts[d]));
      }
      jaxc_array_free(ref);
      n_big++;
    }
    /* vdot, trapezoid and average: their long sums the same way */
    jaxc_array *refs[4] = {NULL}, *sw = NULL;
#ifdef _OPENMP
    int saved = omp_get_max_threads();
    for (int th = 1; th <= 3; th++) {
      omp_set_num_threads(th);
#else
    for (int th = 1; th <= 1; th++) {
#endif
      jaxc_array *r[4] = {jaxc_vdot(a, w, JAXC_DTYPE_NONE), jaxc_trapezoid(a, NULL, NULL, -1), NULL,
                          jaxc_dtype_kind(dts[d]) == JAXC_KIND_COMPLEX ? NULL : jaxc_average(a, JAXC_ALL_AXES, w, false, &sw)};
      r[2] = jaxc_dtype_kind(dts[d]) == JAXC_KIND_COMPLEX ? NULL : jaxc_trapezoid(a, w, NULL, -1);
      for (int k = 0; k < 4; k++) {
        if (!refs[k]) refs[k] = r[k];
        else {
          CHECK_MSG(same_bits(refs[k], r[k]), "%s of %s: %d threads give other bits than 1",
                    (const char *[]){"vdot", "trapezoid", "trapezoid(x)", "average"}[k], jaxc_dtype_name(dts[d]), th);
          jaxc_array_free(r[k]);
        }
      }
      jaxc_array_free(sw), sw = NULL;
    }
#ifdef _OPENMP
    omp_set_num_threads(saved);
#endif
    for (int k = 0; k < 4; k++) jaxc_array_free(refs[k]);
    jaxc_array_free(a), jaxc_array_free(w), jaxc_array_free(eps), jaxc_array_free(one), jaxc_array_free(t), jaxc_array_free(near1);
    n_big++;
  }
  jaxc_set_x64(false);
}

/* --- 7. sort / argsort ------------------------------------------------------------------------------ */
/* lax.sort's order: -0 == 0, every NaN last; returns -1, 0, 1 */
static int total_cmp(long double a, long double b) {
  bool na = isnanl_(a), nb = isnanl_(b);
  if (na || nb) return na == nb ? 0 : na ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}
static void check_sorted_lane(const jaxc_array *a, const jaxc_array *srt, const jaxc_array *idx, int64_t base, int64_t n, int64_t s) {
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  bool *used = (bool *)calloc((size_t)n, 1);
  for (int64_t k = 0; k < n; k++) {
    int64_t p = (int64_t)val(idx, base + k * s);
    CHECK(p >= 0 && p < n && !used[p]);
    if (p < 0 || p >= n || used[p]) break;
    used[p] = true;
    /* sort's values are a's values at argsort's positions, bit for bit */
    CHECK(memcmp((const char *)jaxc_array_data(srt) + (size_t)(base + k * s) * es,
                 (const char *)jaxc_array_data(a) + (size_t)(base + p * s) * es, es) == 0);
    if (k > 0) {
      int64_t q = (int64_t)val(idx, base + (k - 1) * s);
      int c = total_cmp(val(a, base + q * s), val(a, base + p * s));
      if (c == 0) c = total_cmp(ival(a, base + q * s), ival(a, base + p * s));
      CHECK_MSG(c < 0 || (c == 0 && q < p), "sort order/stability at %lld", (long long)k);
    }
  }
  free(used);
  n_sort++;
}
static void test_sort(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_I16, JAXC_I64, JAXC_BF16, JAXC_F32, JAXC_F64, JAXC_C64};
  jaxc_set_x64(true);
  for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++) {
    jaxc_array *a = random_array(dts[d], 2, (int64_t[]){5, 40}, 0.1);
    if (jaxc_dtype_kind(dts[d]) == JAXC_KIND_FLOAT) { /* plant -0 / 0 ties and -NaN */
      double v[4] = {-0.0, 0.0, -NAN, -0.0};
      for (int k = 0; k < 4; k++) jaxc_kernel_cast_dyn(JAXC_F64, dts[d], 1, &v[k], (char *)jaxc_array_data(a) + (size_t)(3 + 5 * k) * jaxc_dtype_size(dts[d]));
    }
    uint64_t before = checksum(a);
    for (int axis = -2; axis <= 2; axis++) {
      int ax = axis == 2 ? JAXC_ALL_AXES : axis;
      jaxc_array *s = jaxc_sort(a, ax), *i = jaxc_argsort(a, ax);
      CHECK(s && i && jaxc_array_dtype(i) == JAXC_I64 && jaxc_array_dtype(s) == jaxc_array_dtype(a));
      if (s && i) {
        if (ax == JAXC_ALL_AXES) check_sorted_lane(a, s, i, 0, 200, 1);
        else if (ax == 1 || ax == -1) for (int r = 0; r < 5; r++) check_sorted_lane(a, s, i, r * 40, 40, 1);
        else for (int c = 0; c < 40; c++) check_sorted_lane(a, s, i, c, 5, 40);
      }
      jaxc_array_free(s);
      jaxc_array_free(i);
    }
    CHECK_EQ_INT(checksum(a), before);
    jaxc_array_free(a);
  }
  jaxc_set_x64(false);
  /* -0.0 and 0.0 keep their order and their bits; NaN of either sign goes last */
  float v[6] = {0.0f, NAN, -0.0f, -1.0f, -NAN, -0.0f};
  jaxc_array *a = f32s(6, v);
  jaxc_array *i = jaxc_argsort(a, 0), *s = jaxc_sort(a, 0);
  int64_t want[6] = {3, 0, 2, 5, 1, 4};
  for (int k = 0; k < 6; k++) CHECK_EQ_INT((int64_t)val(i, k), want[k]);
  CHECK(jaxc_array_dtype(i) == JAXC_I32);
  CHECK(signbit(((const float *)jaxc_array_data(s))[2]) && !signbit(((const float *)jaxc_array_data(s))[1]));
  jaxc_array_free(i);
  jaxc_array_free(s);
  jaxc_array_free(a);
  n_sort += 3;
}

/* --- 8. where: promotion, weak scalars, broadcasting, strict mode --------------- */
static void test_where(void) {
  bool c[3] = {true, false, true};
  int8_t x[4] = {1, 2, 3, 4};
  jaxc_array *cond = jaxc_array_from_data(JAXC_BOOL, 2, (int64_t[]){3, 1}, c);
  jaxc_array *xi = jaxc_array_from_data(JAXC_I8, 2, (int64_t[]){1, 4}, x);
  jaxc_array *wf = jaxc_weak_float(0.5), *wi = jaxc_weak_int(-7);
  uint64_t hc = checksum(cond), hx = checksum(xi);
  jaxc_array *r = jaxc_where(cond, xi, wf);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_ndim(r) == 2 && jaxc_array_shape(r)[0] == 3 && jaxc_array_shape(r)[1] == 4);
  for (int i = 0; r && i < 3; i++)
    for (int j = 0; j < 4; j++) CHECK(val(r, i * 4 + j) == (c[i] ? (long double)x[j] : 0.5L));
  jaxc_array_free(r);
  r = jaxc_where(cond, xi, wi); /* a weak int keeps int8 */
  CHECK(r && jaxc_array_dtype(r) == JAXC_I8 && !jaxc_array_is_weak(r) && val(r, 4) == -7 && val(r, 3) == 4);
  jaxc_array_free(r);
  r = jaxc_where(cond, wi, wi); /* both weak: weak int */
  CHECK(r && jaxc_array_is_weak(r) && jaxc_array_dtype(r) == JAXC_I32);
  jaxc_array_free(r);
  float f[2] = {1.5f, 2.5f};
  jaxc_array *xf = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, f);
  jaxc_array *bad = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){5}, (float[]){0, 0, 0, 0, 0});
  CHECK(jaxc_where(cond, xf, bad) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  jaxc_array *i32 = jaxc_array_zeros(JAXC_I32, 1, (int64_t[]){2});
  r = jaxc_where(cond, xf, i32);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32);
  jaxc_array_free(r);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  CHECK(jaxc_where(cond, xf, i32) == NULL && jaxc_last_status() == JAXC_ERR_PROMOTION);
  CHECK(strstr(jaxc_last_error(), "jax_numpy_dtype_promotion=strict") != NULL);
  jaxc_set_promotion(JAXC_RULES_JAX);
  CHECK(jaxc_where(NULL, xf, xf) == NULL);
  CHECK_EQ_INT(checksum(cond), hc);
  CHECK_EQ_INT(checksum(xi), hx);
  n_where += 10;
  jaxc_array_free(cond); jaxc_array_free(xi); jaxc_array_free(wf); jaxc_array_free(wi);
  jaxc_array_free(xf); jaxc_array_free(bad); jaxc_array_free(i32);
}

/* where's typed loops (one per element size, 16 bytes in two halves) for every broadcast
   pattern: each of cond, x, y either a full (n,) array or a 0-d one, for every dtype, on n below
   and above the parallel threshold and on a (k, 1) condition against (k, m) operands (a chunk
   per row); every element's bytes must be x's or y's as cond says (NaN payloads too). */
static void test_where_layouts(void) {
  static const int64_t sizes[] = {37, 600001};
  jaxc_set_x64(true);
  for (int d = 0; d < JAXC_NUM_CONCRETE_DTYPES; d++)
    for (int si = 0; si < 2; si++)
      for (unsigned mask = 0; mask < 8; mask++) {
        int64_t n = sizes[si];
        size_t es = jaxc_dtype_size((jaxc_dtype)d);
        int64_t nc = (mask & 1u) ? 1 : n, nx = (mask & 2u) ? 1 : n, ny = (mask & 4u) ? 1 : n;
        bool *cv = malloc((size_t)nc);
        unsigned char *xv = malloc((size_t)nx * es), *yv = malloc((size_t)ny * es);
        for (int64_t i = 0; i < nc; i++) cv[i] = (next_u64() >> 20) & 1;
        for (size_t i = 0; i < (size_t)nx * es; i++) xv[i] = (unsigned char)(next_u64() >> 24);
        for (size_t i = 0; i < (size_t)ny * es; i++) yv[i] = (unsigned char)(next_u64() >> 24);
        if (d == JAXC_BOOL) {
          for (int64_t i = 0; i < nx; i++) xv[i] &= 1;
          for (int64_t i = 0; i < ny; i++) yv[i] &= 1;
        }
        jaxc_array *C = jaxc_array_from_data(JAXC_BOOL, nc == 1 ? 0 : 1, &nc, cv);
        jaxc_array *X = jaxc_array_from_data((jaxc_dtype)d, nx == 1 ? 0 : 1, &nx, xv);
        jaxc_array *Y = jaxc_array_from_data((jaxc_dtype)d, ny == 1 ? 0 : 1, &ny, yv);
        jaxc_array *r = C && X && Y ? jaxc_where(C, X, Y) : NULL;
        bool full = mask != 7u;
        CHECK_MSG(r && jaxc_array_dtype(r) == (jaxc_dtype)d && jaxc_array_size(r) == (full ? n : 1), "where %s mask %u n %lld: %s",
                  jaxc_dtype_name((jaxc_dtype)d), mask, (long long)n, jaxc_last_error());
        long bad = 0;
        for (int64_t i = 0; r && i < jaxc_array_size(r); i++) {
          bool ci = cv[(mask & 1u) ? 0 : i];
          const unsigned char *want = ci ? xv + (size_t)((mask & 2u) ? 0 : i) * es : yv + (size_t)((mask & 4u) ? 0 : i) * es;
          bad += memcmp((const unsigned char *)jaxc_array_data(r) + (size_t)i * es, want, es) != 0;
        }
        CHECK_MSG(bad == 0, "where %s mask %u n %lld: %ld elements differ", jaxc_dtype_name((jaxc_dtype)d), mask, (long long)n, bad);
        n_where++;
        jaxc_array_free(r), jaxc_array_free(C), jaxc_array_free(X), jaxc_array_free(Y);
        free(cv), free(xv), free(yv);
      }
  /* complex64 is aligned to its float parts only: views 4 bytes into 8-aligned buffers (the
     8-byte loop loaded them as uint64_t: misaligned; found by make fuzz) */
  {
    enum { NC = 1001 };
    static _Alignas(8) float xb[2 * NC + 1], yb[2 * NC + 1];
    bool *cb = malloc(NC);
    for (int i = 0; i < 2 * NC + 1; i++) xb[i] = (float)i, yb[i] = -(float)i;
    for (int i = 0; i < NC; i++) cb[i] = i % 2 == 0;
    jaxc_array sx, sy;
    jaxc_array *X = jaxc_array_wrap(&sx, JAXC_C64, 1, (int64_t[]){NC}, xb + 1);
    jaxc_array *Y = jaxc_array_wrap(&sy, JAXC_C64, 1, (int64_t[]){NC}, yb + 1);
    jaxc_array *C = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){NC}, cb);
    jaxc_array *r = X && Y && C ? jaxc_where(C, X, Y) : NULL;
    long bad = 0;
    for (int i = 0; r && i < 2 * NC; i++) bad += ((const float *)jaxc_array_data(r))[i] != (cb[i / 2] ? xb : yb)[1 + i];
    CHECK_MSG(r && bad == 0, "where of 4-byte-aligned complex64 views: %ld parts differ", bad);
    n_where++;
    jaxc_array_free(r), jaxc_array_free(C);
    free(cb);
  }
  /* a (k, 1) condition against (k, m) and (1, m) operands: x along rows, y repeated per row */
  enum { K = 300, M = 2001 };
  bool *cv = malloc(K);
  float *xv = malloc(sizeof(float) * K * M), *yv = malloc(sizeof(float) * M);
  for (int i = 0; i < K; i++) cv[i] = i % 3 == 1;
  for (int i = 0; i < K * M; i++) xv[i] = (float)i;
  for (int j = 0; j < M; j++) yv[j] = -(float)j;
  jaxc_array *C = jaxc_array_from_data(JAXC_BOOL, 2, (int64_t[]){K, 1}, cv);
  jaxc_array *X = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){K, M}, xv), *Y = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){1, M}, yv);
  jaxc_array *r = jaxc_where(C, X, Y);
  long bad = 0;
  for (int i = 0; r && i < K; i++)
    for (int j = 0; j < M; j++) bad += ((const float *)jaxc_array_data(r))[i * M + j] != (cv[i] ? xv[i * M + j] : yv[j]);
  CHECK_MSG(r && bad == 0, "where (k, 1) (k, m) (1, m): %ld differ", bad);
  n_where++;
  jaxc_array_free(r), jaxc_array_free(C), jaxc_array_free(X), jaxc_array_free(Y);
  free(cv), free(xv), free(yv);
  jaxc_set_x64(false);
}

/* --- a lane reduces the same whether its values are adjacent or strided ---------------------------
   Strided lanes (a reduction over a leading axis) are read a run of up to 64 at a time by the
   column kernels, adjacent ones one at a time by the lane kernels; both keep the pairwise blocks
   and 8 accumulators of the sums, the products' order and the first of equal extremes. Every
   reduction and dtype along axis 1 of (o, n, w) against axis 2 of its transpose (o, w, n), bit
   for bit (a NaN as any NaN): widths either side of a run of 64, lanes past a pairwise leaf, and
   one long enough to be cut into pieces over the threads; zeros of both signs, infinities, NaNs
   and ties. */
static void put_specials(jaxc_array *a) {
  static const double sp[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 2.0};
  int k = jaxc_dtype_kind(jaxc_array_dtype(a));
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  if (k != JAXC_KIND_FLOAT && k != JAXC_KIND_COMPLEX) return;
  for (int64_t i = 0; i < jaxc_array_size(a); i++) {
    uint64_t u = next_u64();
    if (u % 8 != 0) continue;
    double v[2] = {sp[(u >> 8) % 8], k == JAXC_KIND_COMPLEX ? sp[(u >> 16) % 8] : 0};
    jaxc_kernel_cast_dyn(JAXC_C128, jaxc_array_dtype(a), 1, v, (char *)jaxc_array_data(a) + (size_t)i * es);
  }
}
static bool same_parts(long double x, long double y) { return (isnanl_(x) && isnanl_(y)) || (x == y && signbit(x) == signbit(y)); }
static jaxc_array *reduce_by(int op, const jaxc_array *a, int axis) {
  if (op == -1) return jaxc_nanargmax(a, axis, false);
  if (op == -2) return jaxc_nanargmin(a, axis, false);
  return jaxc_reduce((jaxc_op)op, a, axis);
}
static void test_stride_invariance(void) {
  static const int ops[] = {JAXC_OP_SUM, JAXC_OP_PROD, JAXC_OP_MEAN, JAXC_OP_VAR, JAXC_OP_STD, JAXC_OP_MAX, JAXC_OP_MIN,
                            JAXC_OP_ARGMAX, JAXC_OP_ARGMIN, JAXC_OP_ANY, JAXC_OP_ALL, JAXC_OP_NANSUM, JAXC_OP_NANPROD,
                            JAXC_OP_NANMEAN, JAXC_OP_NANVAR, JAXC_OP_NANSTD, JAXC_OP_NANMAX, JAXC_OP_NANMIN, -1, -2};
  static const int64_t shapes[][3] = {{1, 7, 5}, {1, 131, 70}, {2, 1000, 70}, {3, 9, 64}, {1, 1, 70}, {2, 300, 17}, {1, 270000, 5}};
  jaxc_set_x64(true);
  for (int d = 0; d < JAXC_NUM_CONCRETE_DTYPES; d++)
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      if (s == 6 && d != JAXC_F32 && d != JAXC_I8) continue; /* (the long lane: pieces over the threads) */
      jaxc_array *a = random_array((jaxc_dtype)d, 3, shapes[s], 0.02), *t;
      put_specials(a);
      t = jaxc_transpose(a, 3, (const int[]){0, 2, 1});
      for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        jaxc_array *x = reduce_by(ops[o], a, 1), *y = reduce_by(ops[o], t, 2);
        bool ok = (!x && !y) || (x && y && jaxc_array_size(x) == jaxc_array_size(y) && jaxc_array_dtype(x) == jaxc_array_dtype(y));
        size_t es = x ? jaxc_dtype_size(jaxc_array_dtype(x)) : 0;
        for (int64_t j = 0; ok && x && j < jaxc_array_size(x); j++)
          ok = memcmp((const char *)jaxc_array_data(x) + j * es, (const char *)jaxc_array_data(y) + j * es, es) == 0 ||
               (same_parts(val(x, j), val(y, j)) && same_parts(ival(x, j), ival(y, j)));
        CHECK_MSG(ok, "%s of %s (%lld, %lld, %lld): axis 1 and the transpose's axis 2 differ",
                  ops[o] < 0 ? (ops[o] == -1 ? "nanargmax" : "nanargmin") : jaxc_op_name((jaxc_op)ops[o]),
                  jaxc_dtype_name((jaxc_dtype)d), (long long)shapes[s][0], (long long)shapes[s][1], (long long)shapes[s][2]);
        jaxc_array_free(x), jaxc_array_free(y);
        n_value++;
      }
      jaxc_array_free(a), jaxc_array_free(t);
    }
  jaxc_set_x64(false);
}

int main(void) {
  rng = 0x9E3779B97F4A7C15u; /* this test's inputs */
  test_stride_invariance();
  test_dtypes();
  test_values();
  test_special();
  test_cumulative();
  test_cumulative_long();
  test_cumulative_api();
  test_errors();
  test_arg_long();
  test_arg_blocks();
  test_big();
  test_thread_counts();
  test_sort();
  test_where();
  test_where_layouts();
  printf("test_reduce cases: dtype rules %ld, value cases %ld, special %ld, errors %ld, threaded %ld, sorted lanes %ld, where %ld\n",
         n_dtype, n_value, n_special, n_error, n_big, n_sort, n_where);
  return check_summary("test_reduce");
}
