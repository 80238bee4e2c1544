/* test_nanred.c — jnp's nan reductions: nansum, nanprod, nanmean, nanmax, nanmin, nanvar, nanstd
   (with ddof), nancumsum and nancumprod.
   References written here, not from the library:
     - JAX's own definitions (jax/_src/numpy/reductions.py: _nan_reduction, nanmean, nanvar,
       nanstd, _cumulative_reduction(fill_nan=True)) composed from jaxc's plain ops and compared
       bit for bit: sum(where(isnan(a), 0, a)), prod(where(isnan(a), 1, a)), where(all(isnan(a)),
       nan, max(where(isnan(a), -inf, a))), nansum(a) / astype(sum(~isnan(a)), dtype),
       sqrt(nanvar(a)), cumsum(where(isnan(a), 0, a)), ...; bool and integer inputs give the
       plain reduction;
     - brute force per lane in long double over the values that are not NaN (a complex value
       is NaN when either part is): sums, products, means rounded as jnp.nanmean rounds them
       (the sum and the count each in the result's dtype, by this file's own float16/bfloat16
       rounding), two-pass variances with ddof, extremes with NaN read as -inf/+inf, -0 below +0;
     - properties: on lanes without NaN each equals its plain reduction bit for bit (nanmean of
       floats aside: JAX rounds its sum and count first);
     - JAX facts: the examples of the nine functions' docstrings (JAX's doctests), the count's
       rounding in bfloat16, the empty-axis error, every dtype's result dtype x64 on and off;
     - inputs unchanged, threaded lanes, NULLs and bad axes refused. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static long n_composed, n_brute, n_facts, n_dtypes;

static const jaxc_op nan_ops[] = {JAXC_OP_NANSUM, JAXC_OP_NANPROD, JAXC_OP_NANMEAN, JAXC_OP_NANMAX, JAXC_OP_NANMIN,
                                  JAXC_OP_NANVAR, JAXC_OP_NANSTD, JAXC_OP_NANCUMSUM, JAXC_OP_NANCUMPROD};
enum { N_NAN_OPS = sizeof nan_ops / sizeof nan_ops[0] };
/* The plain reduction each skips NaNs of (written out here, not read from the library). */
static jaxc_op plain_of(jaxc_op op) {
  switch (op) {
  case JAXC_OP_NANSUM: return JAXC_OP_SUM;
  case JAXC_OP_NANPROD: return JAXC_OP_PROD;
  case JAXC_OP_NANMEAN: return JAXC_OP_MEAN;
  case JAXC_OP_NANMAX: return JAXC_OP_MAX;
  case JAXC_OP_NANMIN: return JAXC_OP_MIN;
  case JAXC_OP_NANVAR: return JAXC_OP_VAR;
  case JAXC_OP_NANSTD: return JAXC_OP_STD;
  case JAXC_OP_NANCUMSUM: return JAXC_OP_CUMSUM;
  default: return JAXC_OP_CUMPROD;
  }
}
static bool is_cum(jaxc_op op) { return op == JAXC_OP_NANCUMSUM || op == JAXC_OP_NANCUMPROD; }
static bool inexact(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_FLOAT || jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX; }

/* ---- element access and comparison ------------------------------------------------------------ */
static void elem(const jaxc_array *a, int64_t i, double *re, double *im) {
  double v[2];
  jaxc_dtype d = jaxc_array_dtype(a);
  jaxc_kernel_cast_dyn(d, JAXC_C128, 1, (const char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(d), v);
  *re = v[0];
  *im = v[1];
}
static bool same_part(double x, double y) { return (x != x && y != y) || d2u(x) == d2u(y); }
/* Bit for bit, except that any NaN matches any NaN. */
static bool same_elem(const jaxc_array *a, int64_t i, const jaxc_array *b, int64_t j) {
  double ar, ai, br, bi;
  elem(a, i, &ar, &ai);
  elem(b, j, &br, &bi);
  return same_part(ar, br) && same_part(ai, bi);
}
static bool same_arrays(const jaxc_array *a, const jaxc_array *b, const char *what) {
  if (!a || !b) {
    CHECK_MSG(!a && !b, "%s: one failed (%s)", what, jaxc_last_error());
    return !a && !b;
  }
  bool ok = jaxc_array_dtype(a) == jaxc_array_dtype(b) && jaxc_array_ndim(a) == jaxc_array_ndim(b) &&
            jaxc_array_size(a) == jaxc_array_size(b);
  for (int k = 0; ok && k < jaxc_array_ndim(a); k++) ok = jaxc_array_shape(a)[k] == jaxc_array_shape(b)[k];
  CHECK_MSG(ok, "%s: dtype/shape %s vs %s", what, jaxc_dtype_name(jaxc_array_dtype(a)), jaxc_dtype_name(jaxc_array_dtype(b)));
  for (int64_t i = 0; ok && i < jaxc_array_size(a); i++) {
    double ar, ai, br, bi;
    elem(a, i, &ar, &ai);
    elem(b, i, &br, &bi);
    ok = same_elem(a, i, b, i);
    CHECK_MSG(ok, "%s: element %lld: %a%+ai vs %a%+ai", what, (long long)i, ar, ai, br, bi);
  }
  return ok;
}

/* ---- JAX's definitions, composed from jaxc's plain ops ------------------------------------------ */
static jaxc_array *isnan_of(const jaxc_array *a) { return jaxc_unary(JAXC_OP_ISNAN, a); }
/* where(isnan(a), fill, a) */
static jaxc_array *filled(const jaxc_array *a, double fill) {
  jaxc_array *m = isnan_of(a), *f = jaxc_weak_float(fill), *r = jaxc_where(m, f, a);
  jaxc_array_free(m);
  jaxc_array_free(f);
  return r;
}
static jaxc_array *composed(jaxc_op op, const jaxc_array *a, int axis, bool kd, double ddof) {
  jaxc_op plain = plain_of(op);
  if (!inexact(jaxc_array_dtype(a))) {
    if (plain == JAXC_OP_VAR) return jaxc_var_ddof(a, axis, kd, ddof);
    if (plain == JAXC_OP_STD) return jaxc_std_ddof(a, axis, kd, ddof);
    return jaxc_reduce_ex(plain, a, axis, kd);
  }
  jaxc_array *r = NULL;
  switch (op) {
  case JAXC_OP_NANSUM: case JAXC_OP_NANPROD: case JAXC_OP_NANCUMSUM: case JAXC_OP_NANCUMPROD: {
    bool one = op == JAXC_OP_NANPROD || op == JAXC_OP_NANCUMPROD;
    jaxc_array *f = filled(a, one ? 1.0 : 0.0);
    r = jaxc_reduce_ex(plain, f, axis, kd);
    jaxc_array_free(f);
    break;
  }
  case JAXC_OP_NANMAX: case JAXC_OP_NANMIN: {
    jaxc_array *f = filled(a, op == JAXC_OP_NANMAX ? -INFINITY : INFINITY), *m = jaxc_reduce_ex(plain, f, axis, kd);
    jaxc_array *isn = isnan_of(a), *all = jaxc_reduce_ex(JAXC_OP_ALL, isn, axis, kd), *nan = jaxc_weak_float(NAN);
    r = m ? jaxc_where(all, nan, m) : NULL;
    jaxc_array_free(f), jaxc_array_free(m), jaxc_array_free(isn), jaxc_array_free(all), jaxc_array_free(nan);
    break;
  }
  case JAXC_OP_NANMEAN: {
    jaxc_array *s = composed(JAXC_OP_NANSUM, a, axis, kd, 0), *isn = isnan_of(a), *ok = jaxc_unary(JAXC_OP_LOGICAL_NOT, isn);
    jaxc_array *cnt = jaxc_reduce_ex(JAXC_OP_SUM, ok, axis, kd), *cd = jaxc_astype(cnt, jaxc_array_dtype(s));
    r = jaxc_binary(JAXC_OP_TRUE_DIVIDE, s, cd);
    jaxc_array_free(s), jaxc_array_free(isn), jaxc_array_free(ok), jaxc_array_free(cnt), jaxc_array_free(cd);
    break;
  }
  case JAXC_OP_NANSTD: {
    jaxc_array *v = jaxc_nanvar_ddof(a, axis, kd, ddof);
    r = jaxc_unary(JAXC_OP_SQRT, v);
    jaxc_array_free(v);
    break;
  }
  default: /* nanvar: no composition (computed in double, see brute) */
    r = jaxc_nanvar_ddof(a, axis, kd, ddof);
    break;
  }
  return r;
}
static jaxc_array *call(jaxc_op op, const jaxc_array *a, int axis, bool kd, double ddof) {
  if (op == JAXC_OP_NANVAR) return jaxc_nanvar_ddof(a, axis, kd, ddof);
  if (op == JAXC_OP_NANSTD) return jaxc_nanstd_ddof(a, axis, kd, ddof);
  return jaxc_reduce_ex(op, a, axis, kd);
}

/* ---- brute force, per lane ---------------------------------------------------------------------- */
static long double round_to(jaxc_dtype d, long double x) {
  switch (d) {
  case JAXC_F16: case JAXC_BF16: return round16(d == JAXC_F16 ? F16F : BF16F, (double)x);
  case JAXC_F32: case JAXC_C64: return (float)x;
  default: return (double)x;
  }
}
typedef struct lane { int64_t base, n, s; } lane;
/* The lane's values that are not NaN, as long doubles. */
static int64_t gather(const jaxc_array *a, lane L, long double *re, long double *im) {
  int64_t m = 0;
  for (int64_t i = 0; i < L.n; i++) {
    double r, c;
    elem(a, L.base + i * L.s, &r, &c);
    if (r != r || c != c) continue;
    re[m] = r, im[m] = c, m++;
  }
  return m;
}
/* One output of a nan reduction (not the cumulative ones) against its lane. */
static void brute_check(jaxc_op op, const jaxc_array *a, lane L, double ddof, const jaxc_array *r, int64_t j, const char *what) {
  long double *re = (long double *)malloc(sizeof(long double) * (size_t)(L.n + 1));
  long double *im = (long double *)malloc(sizeof(long double) * (size_t)(L.n + 1));
  int64_t m = gather(a, L, re, im);
  jaxc_dtype od = jaxc_array_dtype(r), ad = jaxc_array_dtype(a);
  bool cpx = jaxc_dtype_kind(ad) == JAXC_KIND_COMPLEX;
  double gr, gi;
  elem(r, j, &gr, &gi);
  long double wr = 0, wi = 0, scale = 0;
  bool ok = true;
  for (int64_t i = 0; i < m; i++) scale += fabsl(re[i]) + fabsl(im[i]);
  switch (op) {
  case JAXC_OP_NANSUM: case JAXC_OP_NANMEAN:
    for (int64_t i = 0; i < m; i++) wr += re[i], wi += im[i];
    if (op == JAXC_OP_NANMEAN && !cpx) { /* jnp.nanmean: sum and count each in the dtype, then divided */
      long double n = round_to(od, (long double)m);
      wr = round_to(od, round_to(od, wr) / n);
      scale = scale / (m ? (long double)m : 1) + fabsl(wr);
    } else if (op == JAXC_OP_NANMEAN) {
      wr /= (long double)m, wi /= (long double)m, scale /= (m ? (long double)m : 1);
    }
    ok = close_to(gr, wr, scale, od) && close_to(gi, wi, scale, od);
    /* complex division by (n + 0i) makes the other part of an inf or NaN NaN too (inf * 0): the
       composition covers it */
    if (op == JAXC_OP_NANMEAN && cpx && (!isfinite(wr) || !isfinite(wi))) ok = true;
    break;
  case JAXC_OP_NANPROD: {
    wr = 1;
    for (int64_t i = 0; i < m; i++) {
      if (!cpx) { wr *= re[i]; continue; }
      long double t = wr * re[i] - wi * im[i];
      wi = wr * im[i] + wi * re[i];
      wr = t;
    }
    if (!isfinite(wr) || !isfinite(wi)) { /* an inf among the values, or overflow: the composition's exact check covers it */
      ok = true;
      break;
    }
    long double mag = fabsl(wr) + fabsl(wi), big = od == JAXC_F16 ? 65504.0L : od == JAXC_BF16 || od == JAXC_F32 || od == JAXC_C64 ? 3.4e38L : 1.7e308L;
    /* a product rounds at every step: its error grows with the lane */
    ok = mag > big / 4 ? true : fabsl(gr - wr) + fabsl(gi - wi) <= 2 * (long double)(m + 2) * eps_of(od) * mag + 1e-300L;
    break;
  }
  case JAXC_OP_NANVAR: case JAXC_OP_NANSTD: {
    long double mr = 0, mi = 0, ss = 0;
    for (int64_t i = 0; i < m; i++) mr += re[i], mi += im[i];
    mr /= (long double)m, mi /= (long double)m;
    for (int64_t i = 0; i < m; i++) ss += (re[i] - mr) * (re[i] - mr) + (im[i] - mi) * (im[i] - mi);
    long double den = (long double)m - ddof;
    wr = den > 0 ? ss / den : NAN;
    if (op == JAXC_OP_NANSTD) wr = sqrtl(round_to(od, wr));
    ok = close_to(gr, wr, 16 * fabsl(wr) + 1e-6L, od) && gi == 0;
    break;
  }
  default: { /* nanmax, nanmin: NaN read as -inf / +inf; all NaN: NaN */
    bool mx = op == JAXC_OP_NANMAX;
    if (m == 0) { ok = gr != gr && (!cpx || gi == 0); break; }
    long double nk = mx ? -INFINITY : INFINITY;
    wr = nk, wi = 0;
    bool first = true;
    for (int64_t i = 0; i < L.n; i++) {
      double r0, c0;
      elem(a, L.base + i * L.s, &r0, &c0);
      long double xr = r0, xi = c0;
      if (r0 != r0 || c0 != c0) xr = nk, xi = 0;
      bool better = mx ? (xr > wr || (xr == wr && xi > wi)) : (xr < wr || (xr == wr && xi < wi));
      if (!cpx && xr == wr && !signbit(xr) != !signbit(wr)) better = mx ? !signbit(xr) : signbit(xr) != 0; /* -0 < +0 */
      if (first || better) wr = xr, wi = xi;
      first = false;
    }
    ok = (long double)gr == wr && (long double)gi == wi && !signbit(gr) == !signbit((double)wr);
    break;
  }
  }
  CHECK_MSG(ok, "%s output %lld: got %a%+ai want %La%+Lai (%lld non-NaN of %lld)", what, (long long)j, gr, gi, wr, wi,
            (long long)m, (long long)L.n);
  n_brute++;
  free(re);
  free(im);
}

/* ---- random inputs ---------------------------------------------------------------------------- */
static double uniform(double lo, double hi) { return lo + (hi - lo) * (double)(next_u64() >> 11) * 0x1p-53; }
static double special_or(double v) {
  switch (next_u64() % 40) {
  case 0: return INFINITY;
  case 1: return -INFINITY;
  case 2: return -0.0;
  case 3: return 0.0;
  default: return v;
  }
}
/* Values in [-4, 4] (sometimes inf or a zero), NaN at nan_rate (complex: in either part). */
static jaxc_array *random_array(jaxc_dtype d, int nd, const int64_t *shape, double nan_rate, bool specials) {
  jaxc_array *a = jaxc_array_empty(d, nd, shape);
  jaxc_dtype st = jaxc_array_dtype(a);
  size_t es = jaxc_dtype_size(st);
  int k = jaxc_dtype_kind(st);
  for (int64_t i = 0; i < jaxc_array_size(a); i++) {
    double v[2] = {0, 0};
    if (k == JAXC_KIND_BOOL) v[0] = (double)(next_u64() % 2);
    else if (k == JAXC_KIND_INT || k == JAXC_KIND_UINT) v[0] = (double)(int)(next_u64() % 7) - (k == JAXC_KIND_INT ? 3 : 0);
    else {
      v[0] = uniform(-4, 4);
      v[1] = k == JAXC_KIND_COMPLEX ? uniform(-4, 4) : 0;
      if (specials) v[0] = special_or(v[0]);
      if (uniform(0, 1) < nan_rate) v[k == JAXC_KIND_COMPLEX ? next_u64() % 2 : 0] = NAN;
    }
    jaxc_kernel_cast_dyn(JAXC_C128, st, 1, v, (char *)jaxc_array_data(a) + (size_t)i * es);
  }
  return a;
}

/* ---- 1. every op, dtype, shape, axis and keepdims against the composition and brute force ------- */
static void check_case(jaxc_op op, const jaxc_array *a, int axis, bool kd, double ddof) {
  char what[200];
  snprintf(what, sizeof what, "%s(%s, shape rank %d, axis %d, keepdims %d, ddof %g)", jaxc_op_name(op),
           jaxc_dtype_name(jaxc_array_dtype(a)), jaxc_array_ndim(a), axis, kd, ddof);
  uint64_t before = checksum(a);
  jaxc_array *r = call(op, a, axis, kd, ddof), *c = composed(op, a, axis, kd, ddof);
  CHECK_MSG(checksum(a) == before, "%s modified its input", what);
  if (r) {
    CHECK_MSG(jaxc_array_dtype(r) == jaxc_reduce_result(op, a) && jaxc_reduce_result(op, a) == jaxc_reduce_result(plain_of(op), a),
              "%s: dtype %s", what, jaxc_dtype_name(jaxc_array_dtype(r)));
    CHECK_MSG(!jaxc_array_is_weak(r), "%s: weak result", what);
  }
  same_arrays(r, c, what);
  n_composed++;
  /* brute force over each lane (the reductions), and the plain op where a lane holds no NaN */
  if (r && !is_cum(op)) {
    lane_geom lg = lanes_of(a, axis);
    int64_t outer = lg.outer, n = lg.n, inner = lg.inner;
    jaxc_op plain = plain_of(op);
    jaxc_array *p = plain == JAXC_OP_VAR ? jaxc_var_ddof(a, axis, kd, ddof) : plain == JAXC_OP_STD ? jaxc_std_ddof(a, axis, kd, ddof)
                                                                            : jaxc_reduce_ex(plain, a, axis, kd);
    for (int64_t j = 0; j < outer * inner; j++) {
      lane L = {(j / inner) * n * inner + j % inner, n, inner};
      if (inexact(jaxc_array_dtype(a))) brute_check(op, a, L, ddof, r, j, what);
      bool has_nan = false;
      for (int64_t i = 0; i < n && !has_nan; i++) {
        double x, y;
        elem(a, L.base + i * L.s, &x, &y);
        has_nan = x != x || y != y;
      }
      /* (not nanmean of floats: it rounds its sum and its count before dividing, mean once) */
      if (!has_nan && p && !(op == JAXC_OP_NANMEAN && inexact(jaxc_array_dtype(a)))) {
        CHECK_MSG(same_elem(r, j, p, j), "%s output %lld: differs from %s on a lane without NaN", what, (long long)j, jaxc_op_name(plain));
      }
    }
    jaxc_array_free(p);
  }
  jaxc_array_free(r);
  jaxc_array_free(c);
}

static void test_random(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_I16, JAXC_I32, JAXC_U64, JAXC_I64,
                                   JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
  static const int64_t shapes[][3] = {{3, 5, 7}, {1, 4, 1}, {2, 0, 3}, {6, 1, 33}, {2, 300, 1}};
  static const double rates[] = {0.0, 0.1, 0.5, 1.0};
  static const double ddofs[] = {0, 1, 2.5, -1};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++)
      for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++)
        for (size_t nr = 0; nr < (inexact(dts[d]) ? 4u : 1u); nr++) {
          jaxc_array *a = random_array(dts[d], 3, shapes[sh], rates[nr], sh == 3);
          for (int o = 0; o < N_NAN_OPS; o++)
            for (int axis = -3; axis <= 3; axis++) {
              if (is_cum(nan_ops[o]) && axis == -3) continue;
              double ddof = ddofs[(size_t)(axis + 3) % 4];
              check_case(nan_ops[o], a, axis == 3 ? JAXC_ALL_AXES : axis, (axis & 1) != 0, ddof);
            }
          jaxc_array_free(a);
        }
  }
  jaxc_set_x64(false);
}

/* ---- 2. lanes over the threads: NaN-only chunks, chunk counts combined ----------------------------- */
static void test_threaded(void) {
  int64_t n = (int64_t)1 << 21;
  for (int variant = 0; variant < 3; variant++) {
    jaxc_array *a = random_array(JAXC_F32, 1, &n, variant == 2 ? 0.3 : 0.01, false);
    float *p = (float *)jaxc_array_data(a);
    if (variant == 0)
      for (int64_t i = 0; i < n / 2; i++) p[i] = NAN; /* whole chunks of NaN */
    if (variant == 1) p[n - 1] = -INFINITY, p[7] = INFINITY;
    for (int o = 0; o < N_NAN_OPS; o++) check_case(nan_ops[o], a, JAXC_ALL_AXES, false, 1.0);
    int64_t sh2[2] = {3, n / 3};
    jaxc_array *t = jaxc_array_empty(JAXC_F32, 2, sh2);
    memcpy((void *)jaxc_array_data(t), p, (size_t)(3 * (n / 3)) * sizeof(float));
    for (int o = 0; o < N_NAN_OPS; o++) check_case(nan_ops[o], t, 1, true, 0.0);
    jaxc_array_free(t);
    jaxc_array_free(a);
  }
}

/* ---- 3. max/min's order keys: every pair of float16/bfloat16 values and of 8-bit integers ------- */
static uint64_t bits_at(const jaxc_array *a, int64_t i) {
  uint64_t b = 0;
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  memcpy(&b, (const char *)jaxc_array_data(a) + (size_t)i * es, es); /* (little-endian: the low bytes) */
  return b;
}
static void put_bits(jaxc_array *a, int64_t i, uint64_t b) {
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  memcpy((char *)jaxc_array_data(a) + (size_t)i * es, &b, es);
}
/* The rule for one pair, from the values: max/min take the first NaN (its bits), else the larger
   (smaller) value with -0 below +0; nanmax/nanmin read NaN as -inf (+inf), NaN when both are. */
static uint64_t pair_rule(const jaxc_array *a, int64_t i, int64_t j, bool min, bool skip, bool *want_nan, double *want) {
  double x, y, xi, yi;
  elem(a, i, &x, &xi);
  elem(a, j, &y, &yi);
  *want_nan = false;
  if (!skip && (x != x || y != y)) return *want_nan = true, bits_at(a, x != x ? i : j);
  if (skip && x != x && y != y) return *want_nan = true, 0;
  if (skip && x != x) x = min ? INFINITY : -INFINITY;
  if (skip && y != y) y = min ? INFINITY : -INFINITY;
  bool take_y = min ? (y < x || (y == x && signbit(y) && !signbit(x))) : (y > x || (y == x && !signbit(y) && signbit(x)));
  *want = take_y ? y : x;
  return 0;
}
static void check_pairs(jaxc_dtype d, int64_t n, uint64_t (*bits)(int64_t k)) {
  /* (n, 2) rows [x, y]: reduced along axis 1 (contiguous lanes) and its transpose along axis 0 (strided) */
  int64_t sh[2] = {n, 2}, tsh[2] = {2, n};
  jaxc_array *a = jaxc_array_empty(d, 2, sh), *t = jaxc_array_empty(d, 2, tsh);
  for (int64_t k = 0; k < n; k++) {
    uint64_t b = bits(k), c = bits(k * 7919 + 13);
    put_bits(a, 2 * k, b), put_bits(a, 2 * k + 1, c);
    put_bits(t, k, b), put_bits(t, n + k, c);
  }
  static const jaxc_op ops[4] = {JAXC_OP_MAX, JAXC_OP_MIN, JAXC_OP_NANMAX, JAXC_OP_NANMIN};
  long bad = 0;
  for (int o = 0; o < 4; o++)
    for (int strided = 0; strided < 2; strided++) {
      jaxc_array *r = jaxc_reduce(ops[o], strided ? t : a, strided ? 0 : 1);
      CHECK_MSG(r && jaxc_array_size(r) == n, "%s of %s pairs failed", jaxc_op_name(ops[o]), jaxc_dtype_name(d));
      for (int64_t k = 0; r && k < n; k++) {
        bool want_nan;
        double want, got, gi;
        uint64_t wb = pair_rule(a, 2 * k, 2 * k + 1, o % 2 == 1, o >= 2, &want_nan, &want);
        elem(r, k, &got, &gi);
        bool ok = want_nan ? (got != got && (o >= 2 || bits_at(r, k) == wb)) : (got == want && !signbit(got) == !signbit(want));
        if (!ok && bad++ < 5)
          CHECK_MSG(ok, "%s%s of %s bits %#llx, %#llx: got %a", jaxc_op_name(ops[o]), strided ? " (strided)" : "", jaxc_dtype_name(d),
                    (unsigned long long)bits_at(a, 2 * k), (unsigned long long)bits_at(a, 2 * k + 1), got);
      }
      jaxc_array_free(r);
      n_brute += n;
    }
  CHECK_MSG(bad == 0, "%s: %ld pairs wrong", jaxc_dtype_name(d), bad);
  jaxc_array_free(a), jaxc_array_free(t);
}
static uint64_t all16(int64_t k) { return (uint64_t)k & 0xffff; }
static uint64_t all8pairs(int64_t k) { return (uint64_t)k & 0xff; } /* (k * 7919 + 13 walks the second column) */
static uint64_t bools(int64_t k) { return ((uint64_t)k >> 1) & 1; }
static uint64_t random32(int64_t k) {
  static const uint32_t sp[] = {0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u, 0x00000001u, 0x80000001u, 0x7f7fffffu};
  return k % 5 == 0 ? sp[(uint64_t)k / 5 % 9] : (uint32_t)next_u64();
}
static uint64_t random64(int64_t k) {
  static const uint64_t sp[] = {0, 0x8000000000000000u, 0x7ff0000000000000u, 0xfff0000000000000u, 0x7ff8000000000000u,
                                0xfff8000000000001u, 1, 0x8000000000000001u};
  return k % 5 == 0 ? sp[(uint64_t)k / 5 % 8] : next_u64();
}
static void test_extreme_keys(void) {
  check_pairs(JAXC_F16, 65536, all16);
  check_pairs(JAXC_BF16, 65536, all16);
  check_pairs(JAXC_F32, 65536, random32);
  jaxc_set_x64(true);
  check_pairs(JAXC_F64, 65536, random64);
  check_pairs(JAXC_I64, 65536, random64);
  check_pairs(JAXC_U64, 65536, random64);
  jaxc_set_x64(false);
  check_pairs(JAXC_U8, 65536, all8pairs);
  check_pairs(JAXC_I8, 65536, all8pairs);
  check_pairs(JAXC_I16, 65536, all16);
  check_pairs(JAXC_BOOL, 64, bools);
  /* over the threads: the first NaN of the lane wins (its bits), and the chunks' zeros keep their order */
  int64_t n = (int64_t)1 << 21;
  jaxc_array *a = jaxc_array_zeros(JAXC_F32, 1, &n);
  for (int64_t i = 0; i < n; i++) put_bits(a, i, 0x80000000u); /* -0.0 */
  put_bits(a, n - 3, 0); /* one +0.0, in the last chunk */
  jaxc_array *mx = jaxc_max(a, 0), *mn = jaxc_min(a, 0);
  CHECK(mx && bits_at(mx, 0) == 0 && mn && bits_at(mn, 0) == 0x80000000u);
  jaxc_array_free(mx), jaxc_array_free(mn);
  put_bits(a, n / 2 + 5, 0xffc00123u), put_bits(a, n - 2, 0x7fc00000u), put_bits(a, 3 * n / 4, 0x7f800000u);
  mx = jaxc_max(a, 0), mn = jaxc_min(a, 0);
  jaxc_array *nmx = jaxc_nanmax(a, 0), *nmn = jaxc_nanmin(a, 0);
  CHECK(mx && bits_at(mx, 0) == 0xffc00123u && mn && bits_at(mn, 0) == 0xffc00123u);
  CHECK(nmx && bits_at(nmx, 0) == 0x7f800000u && nmn && bits_at(nmn, 0) == 0x80000000u);
  jaxc_array_free(mx), jaxc_array_free(mn), jaxc_array_free(nmx), jaxc_array_free(nmn);
  jaxc_array_free(a);
  n_facts += 4;
}

/* ---- 4. JAX facts ------------------------------------------------------------------------------- */
static jaxc_array *f32_2d(int64_t r, int64_t c, const float *v) { return jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){r, c}, v); }
static void expect_values(jaxc_array *r, int64_t n, const double *want, double tol, const char *what) {
  bool ok = r && jaxc_array_size(r) == n && jaxc_array_dtype(r) == JAXC_F32;
  for (int64_t i = 0; ok && i < n; i++) {
    double g, gi;
    elem(r, i, &g, &gi);
    ok = tol == 0 ? g == want[i] : fabs(g - want[i]) <= tol;
    CHECK_MSG(ok, "%s: element %lld is %.9g, want %.9g", what, (long long)i, g, want[i]);
  }
  CHECK_MSG(ok, "%s failed (%s)", what, r ? "values" : jaxc_last_error());
  jaxc_array_free(r);
  n_facts++;
}
static void test_docstrings(void) {
  const float N = NAN;
  /* jnp.nanmin, jnp.nanmax */
  jaxc_array *x = f32_2d(3, 4, (const float[]){1, N, 4, 5, N, -2, N, -4, 2, 1, 3, N});
  expect_values(jaxc_nanmin(x, JAXC_ALL_AXES), 1, (const double[]){-4}, 0, "nanmin(x)");
  expect_values(jaxc_nanmin(x, 1), 3, (const double[]){1, -4, 1}, 0, "nanmin(x, axis=1)");
  jaxc_array *kd = jaxc_reduce_ex(JAXC_OP_NANMIN, x, 1, true);
  CHECK(kd && jaxc_array_ndim(kd) == 2 && jaxc_array_shape(kd)[0] == 3 && jaxc_array_shape(kd)[1] == 1);
  expect_values(kd, 3, (const double[]){1, -4, 1}, 0, "nanmin(x, axis=1, keepdims=True)");
  jaxc_array_free(x);
  x = f32_2d(3, 4, (const float[]){8, N, 4, 6, N, -2, N, -4, -2, 1, 7, N});
  expect_values(jaxc_nanmax(x, JAXC_ALL_AXES), 1, (const double[]){8}, 0, "nanmax(x)");
  expect_values(jaxc_nanmax(x, 1), 3, (const double[]){8, -2, 7}, 0, "nanmax(x, axis=1)");
  jaxc_array_free(x);
  /* jnp.nansum, jnp.nanprod */
  x = f32_2d(3, 4, (const float[]){3, N, 4, 5, N, -2, N, 7, 2, 1, 6, N});
  expect_values(jaxc_nansum(x, JAXC_ALL_AXES), 1, (const double[]){26}, 0, "nansum(x)");
  expect_values(jaxc_nansum(x, 1), 3, (const double[]){12, 5, 9}, 0, "nansum(x, axis=1)");
  jaxc_array_free(x);
  x = f32_2d(3, 4, (const float[]){N, 3, 4, N, 5, N, 1, 3, 2, 1, N, 1});
  expect_values(jaxc_nanprod(x, JAXC_ALL_AXES), 1, (const double[]){360}, 0, "nanprod(x)");
  expect_values(jaxc_nanprod(x, 1), 3, (const double[]){12, 15, 2}, 0, "nanprod(x, axis=1)");
  jaxc_array_free(x);
  /* jnp.nanmean */
  x = f32_2d(3, 4, (const float[]){2, N, 4, 3, N, -2, N, 9, 4, -7, 6, N});
  expect_values(jaxc_nanmean(x, JAXC_ALL_AXES), 1, (const double[]){2.375}, 0, "nanmean(x)");
  expect_values(jaxc_nanmean(x, 1), 3, (const double[]){3, 3.5, 1}, 0, "nanmean(x, axis=1)");
  jaxc_array_free(x);
  /* jnp.nanvar: 6.984375; axis 1 printed [1.56 12.25 2.67]; ddof=1 [2.33 24.5 4.] */
  x = f32_2d(3, 4, (const float[]){1, N, 4, 3, N, 2, N, 9, 4, 8, 6, N});
  expect_values(jaxc_nanvar(x, JAXC_ALL_AXES), 1, (const double[]){6.984375}, 0, "nanvar(x)");
  expect_values(jaxc_nanvar(x, 1), 3, (const double[]){1.56, 12.25, 2.67}, 0.005, "nanvar(x, axis=1)");
  expect_values(jaxc_nanvar_ddof(x, 1, true, 1), 3, (const double[]){2.33, 24.5, 4.0}, 0.005, "nanvar(x, axis=1, ddof=1)");
  jaxc_array_free(x);
  /* jnp.nanstd: Array(1.9843135); axis 0 [0.5, 0.5, 1., 1.]; ddof=1 [0.71 0.71 1.41 1.41] */
  x = f32_2d(3, 4, (const float[]){3, N, 4, 5, N, 2, N, 7, 2, 1, 6, N});
  expect_values(jaxc_nanstd(x, JAXC_ALL_AXES), 1, (const double[]){(double)1.9843135f}, 0, "nanstd(x)");
  expect_values(jaxc_nanstd(x, 0), 4, (const double[]){0.5, 0.5, 1, 1}, 0, "nanstd(x, axis=0)");
  expect_values(jaxc_nanstd_ddof(x, 0, true, 1), 4, (const double[]){0.71, 0.71, 1.41, 1.41}, 0.005, "nanstd(x, axis=0, ddof=1)");
  jaxc_array_free(x);
  /* jnp.nancumsum, jnp.nancumprod */
  x = f32_2d(2, 3, (const float[]){1, 2, N, 4, N, 6});
  expect_values(jaxc_nancumsum(x, JAXC_ALL_AXES), 6, (const double[]){1, 3, 3, 7, 7, 13}, 0, "nancumsum(x)");
  expect_values(jaxc_nancumsum(x, 1), 6, (const double[]){1, 3, 3, 4, 4, 10}, 0, "nancumsum(x, axis=1)");
  expect_values(jaxc_nancumprod(x, JAXC_ALL_AXES), 6, (const double[]){1, 2, 2, 8, 8, 48}, 0, "nancumprod(x)");
  expect_values(jaxc_nancumprod(x, 1), 6, (const double[]){1, 2, 2, 4, 4, 24}, 0, "nancumprod(x, axis=1)");
  jaxc_array_free(x);
}

/* ---- 5. edge cases written out from JAX's definitions ------------------------------------------ */
static jaxc_array *one_d(jaxc_dtype d, int64_t n, const double *v) {
  jaxc_array *a = jaxc_array_empty(d, 1, &n);
  for (int64_t i = 0; i < n; i++)
    jaxc_kernel_cast_dyn(JAXC_F64, jaxc_array_dtype(a), 1, &v[i], (char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(jaxc_array_dtype(a)));
  return a;
}
static double value0(jaxc_array *r) {
  double re = NAN, im;
  if (r) elem(r, 0, &re, &im);
  jaxc_array_free(r);
  return re;
}
static void test_edges(void) {
  /* a NaN slot is -inf for nanmax: [NaN, -inf] -> -inf, [NaN, +inf] -> +inf for nanmin; all NaN -> NaN */
  jaxc_array *a = one_d(JAXC_F32, 2, (const double[]){NAN, -INFINITY});
  CHECK(value0(jaxc_nanmax(a, 0)) == -INFINITY);
  jaxc_array_free(a);
  a = one_d(JAXC_F16, 2, (const double[]){NAN, INFINITY});
  CHECK(value0(jaxc_nanmin(a, 0)) == INFINITY);
  jaxc_array_free(a);
  /* a lane of NaNs only gives jnp's np.nan constant (float32 0x7fc00000), whatever NaNs came in */
  a = one_d(JAXC_F32, 2, (const double[]){-NAN, NAN});
  jaxc_array *nm = jaxc_nanmax(a, 0), *nn = jaxc_nanmin(a, 0);
  CHECK(nm && bits_at(nm, 0) == 0x7fc00000u && nn && bits_at(nn, 0) == 0x7fc00000u);
  jaxc_array_free(nm), jaxc_array_free(nn), jaxc_array_free(a);
  a = one_d(JAXC_BF16, 3, (const double[]){NAN, NAN, NAN});
  CHECK(isnan(value0(jaxc_nanmax(a, 0))) && isnan(value0(jaxc_nanmin(a, 0))) && isnan(value0(jaxc_nanmean(a, 0))));
  CHECK(value0(jaxc_nansum(a, 0)) == 0 && value0(jaxc_nanprod(a, 0)) == 1 && isnan(value0(jaxc_nanvar(a, 0))));
  jaxc_array *cs = jaxc_nancumsum(a, 0), *cp = jaxc_nancumprod(a, 0);
  for (int i = 0; i < 3; i++) {
    double r0, i0, r1, i1;
    elem(cs, i, &r0, &i0);
    elem(cp, i, &r1, &i1);
    CHECK(r0 == 0 && !signbit(r0) && r1 == 1);
  }
  jaxc_array_free(cs), jaxc_array_free(cp), jaxc_array_free(a);
  /* -0 + 0 is +0: nancumsum([-0., NaN]) is [-0., 0.] (cumsum of where(isnan, 0, a)) */
  a = one_d(JAXC_F64, 2, (const double[]){-0.0, NAN});
  cs = jaxc_nancumsum(a, 0);
  double z0, z1, im;
  elem(cs, 0, &z0, &im);
  elem(cs, 1, &z1, &im);
  CHECK(z0 == 0 && signbit(z0) && z1 == 0 && !signbit(z1));
  jaxc_array_free(cs), jaxc_array_free(a);
  /* max's zeros: nanmax([-0., NaN, 0.]) is +0, nanmin is -0 */
  a = one_d(JAXC_F32, 3, (const double[]){-0.0, NAN, 0.0});
  double mx = value0(jaxc_nanmax(a, 0)), mn = value0(jaxc_nanmin(a, 0));
  CHECK(mx == 0 && !signbit(mx) && mn == 0 && signbit(mn));
  jaxc_array_free(a);
  /* a complex value with a NaN imaginary part is skipped whole */
  {
    int64_t n = 3;
    const float v[6] = {1, 2, 5, NAN, 3, -1};
    jaxc_array *c = jaxc_array_from_data(JAXC_C64, 1, &n, v);
    jaxc_array *s = jaxc_nansum(c, 0), *m = jaxc_nanmean(c, 0), *mxc = jaxc_nanmax(c, 0);
    double sr, si, mr, mi, xr, xi;
    elem(s, 0, &sr, &si);
    elem(m, 0, &mr, &mi);
    elem(mxc, 0, &xr, &xi);
    CHECK(sr == 4 && si == 1 && mr == 2 && mi == 0.5 && xr == 3 && xi == -1);
    jaxc_array_free(s), jaxc_array_free(m), jaxc_array_free(mxc);
    /* a NaN reads as -inf + 0j, above -inf - 1j: nanmax([nan, -inf - 1j]) is -inf + 0j */
    const float u[4] = {NAN, 1, -INFINITY, -1}, u2[4] = {INFINITY, 1, 2, NAN};
    jaxc_array *cu = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){2}, u), *cu2 = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){2}, u2);
    mxc = jaxc_nanmax(cu, 0);
    jaxc_array *mnc = jaxc_nanmin(cu2, 0);
    elem(mxc, 0, &xr, &xi);
    CHECK(xr == -INFINITY && xi == 0);
    elem(mnc, 0, &xr, &xi);
    CHECK(xr == INFINITY && xi == 0);
    jaxc_array_free(mxc), jaxc_array_free(mnc), jaxc_array_free(cu), jaxc_array_free(cu2);
    const float w[4] = {NAN, 0, 0, NAN}; /* all NaN: nanmax is nan + 0j */
    jaxc_array *c2 = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){2}, w);
    mxc = jaxc_nanmax(c2, 0);
    elem(mxc, 0, &xr, &xi);
    CHECK(isnan(xr) && xi == 0);
    jaxc_array_free(mxc), jaxc_array_free(c2), jaxc_array_free(c);
  }
  /* nanmean rounds the sum and the count to bfloat16 before dividing: 256 ones and a 3 sum to
     259 -> 260, the count 257 -> 256, so the mean is 260/256 = 1.015625 (259/257 would round
     to 1.0078125) */
  {
    int64_t n = 258;
    double *v = (double *)malloc(sizeof(double) * (size_t)n);
    for (int64_t i = 0; i < n; i++) v[i] = 1;
    v[100] = 3, v[200] = NAN;
    a = one_d(JAXC_BF16, n, v);
    jaxc_array *m = jaxc_nanmean(a, 0);
    CHECK(m && jaxc_array_dtype(m) == JAXC_BF16);
    CHECK(value0(m) == 1.015625);
    jaxc_array_free(a);
    free(v);
  }
  /* float16: 70000 ones sum and count to inf, so nanmean is nan (as in JAX); mean divides once */
  {
    int64_t n = 70000;
    double *v = (double *)malloc(sizeof(double) * (size_t)n);
    for (int64_t i = 0; i < n; i++) v[i] = 1;
    a = one_d(JAXC_F16, n, v);
    CHECK(isnan(value0(jaxc_nanmean(a, 0))) && value0(jaxc_reduce(JAXC_OP_MEAN, a, 0)) == 1);
    jaxc_array_free(a);
    free(v);
  }
  /* ddof: the divisor is the non-NaN count minus ddof; NaN where that is <= 0 */
  a = one_d(JAXC_F64, 4, (const double[]){1, NAN, 3, NAN});
  CHECK(value0(jaxc_nanvar_ddof(a, 0, false, 0)) == 1 && value0(jaxc_nanvar_ddof(a, 0, false, 1)) == 2);
  CHECK(isnan(value0(jaxc_nanvar_ddof(a, 0, false, 2))) && value0(jaxc_nanvar_ddof(a, 0, false, 1.5)) == 4);
  CHECK(value0(jaxc_nanstd_ddof(a, 0, false, 1)) == (double)sqrtf(2.0f)); /* (float64 is stored as float32, x64 off) */
  jaxc_array_free(a);
  /* empty axes: nanmax is jnp.max's error; the sums are 0 and 1, the mean and var NaN */
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){0, 3});
  CHECK(jaxc_nanmax(e, 0) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE &&
        strcmp(jaxc_last_error(), "zero-size array to reduction operation max which has no identity") == 0);
  CHECK(jaxc_nanmin(e, 0) == NULL && strcmp(jaxc_last_error(), "zero-size array to reduction operation min which has no identity") == 0);
  jaxc_array *r = jaxc_nanmax(e, 1);
  CHECK(r && jaxc_array_size(r) == 0);
  jaxc_array_free(r);
  CHECK(value0(jaxc_nansum(e, 0)) == 0 && value0(jaxc_nanprod(e, 0)) == 1 && isnan(value0(jaxc_nanmean(e, 0))));
  CHECK(isnan(value0(jaxc_nanvar(e, 0))) && isnan(value0(jaxc_nanstd(e, JAXC_ALL_AXES))));
  /* with debug_nans, nanmean's 0/0 is JAX's error in div; NaNs that came in are not */
  jaxc_set_debug_nans(true);
  CHECK(jaxc_nanmean(e, 0) == NULL && jaxc_last_status() == JAXC_ERR_NAN &&
        strcmp(jaxc_last_error(), "invalid value (nan) encountered in div") == 0);
  a = one_d(JAXC_F32, 2, (const double[]){NAN, NAN});
  r = jaxc_nanmax(a, 0);
  CHECK(r != NULL);
  jaxc_array_free(r), jaxc_array_free(a);
  jaxc_set_debug_nans(false);
  jaxc_array_free(e);
  n_facts += 30;
}

/* ---- 6. result dtypes, errors, NULL ---------------------------------------------------------- */
static void test_dtypes_and_errors(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 0; d < JAXC_NUM_CONCRETE_DTYPES; d++) {
      jaxc_array *a = jaxc_array_zeros((jaxc_dtype)d, 1, (int64_t[]){2});
      for (int o = 0; o < N_NAN_OPS; o++) {
        CHECK_EQ_INT(jaxc_reduce_result(nan_ops[o], a), jaxc_reduce_result(plain_of(nan_ops[o]), a));
        n_dtypes++;
      }
      jaxc_array_free(a);
    }
  }
  jaxc_set_x64(false);
  jaxc_array *a = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 3});
  for (int o = 0; o < N_NAN_OPS; o++) {
    CHECK(jaxc_reduce(nan_ops[o], NULL, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
    CHECK(jaxc_reduce(nan_ops[o], a, 2) == NULL && strcmp(jaxc_last_error(), "axis 2 is out of bounds for array of dimension 2") == 0);
    CHECK(jaxc_reduce(nan_ops[o], a, -3) == NULL && strcmp(jaxc_last_error(), "axis -3 is out of bounds for array of dimension 2") == 0);
  }
  CHECK(jaxc_nanvar_ddof(NULL, 0, false, 1) == NULL && jaxc_nanstd_ddof(a, 5, false, 1) == NULL);
  jaxc_array_free(a);
  /* a weak scalar reduces to a strong result */
  jaxc_array *w = jaxc_weak_float(NAN), *s = jaxc_nansum(w, JAXC_ALL_AXES);
  CHECK(s && !jaxc_array_is_weak(s) && jaxc_array_dtype(s) == JAXC_F32);
  CHECK(value0(s) == 0);
  jaxc_array_free(w);
}

int main(void) {
  test_random();
  test_threaded();
  test_extreme_keys();
  test_docstrings();
  test_edges();
  test_dtypes_and_errors();
  printf("test_nanred cases: %ld composed, %ld brute-force lanes, %ld facts, %ld dtypes\n", n_composed, n_brute, n_facts, n_dtypes);
  return check_summary("test_nanred");
}
