/* test_stats.c — jnp.quantile, nanquantile, percentile, nanpercentile, median, nanmedian,
   histogram_bin_edges, histogram, diff and ediff1d.
   References written here, not from the library:
     - quantiles from jnp's _quantile as written in jax/_src/numpy/reductions.py, evaluated on
       lanes gathered here coordinate by coordinate (in the order JAX's reshape gives them: the
       axis, the flattened array, or a tuple through JAX's own permutation loop), sorted by qsort
       (NaN last), values made inexact by C conversions, every step rounded in q's dtype by this
       file's own float16/bfloat16 rounding (testlib's round16, written from IEEE 754), and
       results compared bit for bit (NaN as NaN); every dtype that quantile accepts, x64 on and
       off, ranks 0-3 with empty axes, one axis / None / tuples (the empty one too), keepdims,
       q weak or a float16/bfloat16/float32/float64 array with values in, out of [0, 1] and NaN,
       the five methods, NaNs kept or skipped;
     - properties: a quantile at 0 and 1 is the lane's min and max, LOWER <= LINEAR <= HIGHER,
       median the mean of the middle values by integer index arithmetic, nanquantile equal to
       quantile where there is no NaN, percentile(100 q) equal to quantile(q) where 100 q / 100
       gives q back;
     - JAX facts: the examples of jnp.quantile/percentile/nanquantile/median/nanmedian's
       docstrings (JAX's own doctests);
     - histograms: edges from jnp.linspace's formula (start * (1 - t) + stop * t, each step
       rounded in the dtype), counts by comparing every value with the returned edges (e[j] <= x <
       e[j + 1], the last bin closed, NaN and outside values dropped), weighted sums, density;
       the example of jnp.histogram's docstring with exact edges;
     - diff and ediff1d by walking coordinates, n up to 4, prepend/append, promotion;
     - JAX's error messages, inputs unchanged, NULLs refused. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static long n_quantile_calls, n_quantile_values, n_hist_calls, n_diff_calls;
static bool check_ok(bool c, const char *msg) {
  CHECK_MSG(c, "%s", msg);
  return c;
}

/* ---- float helpers written here -------------------------------------------------------------- */
static double rnd(jaxc_dtype d, double x) { /* x rounded to the float dtype d */
  switch (d) {
  case JAXC_F32: return (double)(float)x;
  case JAXC_F16: return round16(F16F, x);
  case JAXC_BF16: return round16(BF16F, x);
  default: return x;
  }
}
static double elem(jaxc_dtype d, const void *base, int64_t i) { /* element i as a double (exact) */
  const char *p = (const char *)base;
  switch (d) {
  case JAXC_BOOL: return ((const uint8_t *)p)[i] != 0;
  case JAXC_U8: return ((const uint8_t *)p)[i];
  case JAXC_U16: return ((const uint16_t *)p)[i];
  case JAXC_U32: return ((const uint32_t *)p)[i];
  case JAXC_U64: return (double)((const uint64_t *)p)[i]; /* (only values below 2^53 are used) */
  case JAXC_I8: return ((const int8_t *)p)[i];
  case JAXC_I16: return ((const int16_t *)p)[i];
  case JAXC_I32: return ((const int32_t *)p)[i];
  case JAXC_I64: return (double)((const int64_t *)p)[i];
  case JAXC_BF16: return dec16(BF16F, ((const uint16_t *)p)[i]);
  case JAXC_F16: return dec16(F16F, ((const uint16_t *)p)[i]);
  case JAXC_F32: return ((const float *)p)[i];
  default: return ((const double *)p)[i];
  }
}
static void put(jaxc_dtype d, void *base, int64_t i, double v) { /* v must be representable in d */
  char *p = (char *)base;
  switch (d) {
  case JAXC_BOOL: ((uint8_t *)p)[i] = v != 0; break;
  case JAXC_U8: ((uint8_t *)p)[i] = (uint8_t)v; break;
  case JAXC_U16: ((uint16_t *)p)[i] = (uint16_t)v; break;
  case JAXC_U32: ((uint32_t *)p)[i] = (uint32_t)v; break;
  case JAXC_U64: ((uint64_t *)p)[i] = (uint64_t)v; break;
  case JAXC_I8: ((int8_t *)p)[i] = (int8_t)v; break;
  case JAXC_I16: ((int16_t *)p)[i] = (int16_t)v; break;
  case JAXC_I32: ((int32_t *)p)[i] = (int32_t)v; break;
  case JAXC_I64: ((int64_t *)p)[i] = (int64_t)v; break;
  case JAXC_BF16: ((uint16_t *)p)[i] = enc16(BF16F, v); break;
  case JAXC_F16: ((uint16_t *)p)[i] = enc16(F16F, v); break;
  case JAXC_F32: ((float *)p)[i] = (float)v; break;
  default: ((double *)p)[i] = v; break;
  }
}
static bool is_float(jaxc_dtype d) { return d == JAXC_BF16 || d == JAXC_F16 || d == JAXC_F32 || d == JAXC_F64; }
/* jnp's promote_dtypes_inexact of one array: ints and bool to float32, 64-bit ones to float64 */
static jaxc_dtype inexact_of(jaxc_dtype d) {
  if (is_float(d)) return d;
  return d == JAXC_I64 || d == JAXC_U64 ? JAXC_F64 : JAXC_F32;
}
/* v (exact in the source dtype) converted to the float dtype d, as XLA converts (one rounding) */
static double to_dtype(jaxc_dtype d, double v) { return rnd(d, v); }
static bool same_value(double got, double want) {
  if (want != want) return got != got;
  return got == want && signbit(got) == signbit(want);
}
static jaxc_array *array_of(jaxc_dtype d, int nd, const int64_t *shape, const double *v) {
  jaxc_array *a = jaxc_array_empty(d, nd, shape);
  for (int64_t i = 0; i < jaxc_array_size(a); i++) put(jaxc_array_dtype(a), a->data, i, v[i]);
  return a;
}
static int dcmp(const void *x, const void *y) { /* NaN last; -0 == 0 (qsort is not stable: only values matter) */
  double a = *(const double *)x, b = *(const double *)y;
  if (a != a || b != b) return (a != a) - (b != b);
  return (a > b) - (a < b);
}

/* ---- quantile reference ------------------------------------------------------------------------ */
typedef struct qcase {
  jaxc_quantile_fn fn;
  jaxc_quantile_method method;
  int naxes, axes[4];
  bool axes_none, tuple, keepdims;
} qcase;

/* the lane order JAX gathers: for a tuple, jnp's permutation of the axes (kept ones first) */
static int jax_perm(int nd, const bool *red, bool tuple, int *perm) {
  int k = 0;
  for (int d = 0; d < nd; d++) perm[d] = d;
  if (tuple) {
    int kept[8], nk = 0;
    for (int d = 0; d < nd; d++)
      if (!red[d]) kept[nk++] = d;
    for (int i = 0; i < nk; i++) { /* dimensions[i], dimensions[s] = dimensions[s], dimensions[i] */
      int s = kept[i], t = perm[i];
      perm[i] = perm[s], perm[s] = t;
    }
    return nk;
  }
  for (int d = 0; d < nd; d++)
    if (!red[d]) perm[k++] = d;
  for (int d = 0, j = k; d < nd; d++)
    if (red[d]) perm[j++] = d;
  return k;
}

/* jnp._quantile for one q and one sorted lane of len values, n of them not NaN */
static double ref_quantile(jaxc_quantile_method m, jaxc_dtype qt, jaxc_dtype ad, double q, const double *lane, int64_t len,
                           int64_t n, bool skip, bool x64) {
  if (!skip && n < len) return NAN;
  int64_t cnt = skip ? n : len;
  double nq = rnd(qt, (double)cnt), last = rnd(qt, nq - 1), t = rnd(qt, q * last);
  double low = floor(t), high = ceil(t), whi = rnd(qt, t - low), wlo = rnd(qt, 1 - whi);
  double pick[2] = {low, high};
  int64_t at[2];
  for (int k = 0; k < 2; k++) {
    double v = pick[k];
    if (v != v || last != last) v = NAN;
    else v = v < 0 ? 0 : v > last ? last : v;          /* max(0, min(v, last)) */
    if (!(v > 0)) at[k] = 0;                             /* convert_element_type: NaN -> 0 */
    else if (v >= (x64 ? 9.2e18 : 2147483647.0)) at[k] = x64 ? INT64_MAX : INT32_MAX;
    else at[k] = (int64_t)v;
    if (at[k] > len - 1) at[k] = len - 1;                /* the gather's clamp */
  }
  double lo = lane[at[0]], hi = lane[at[1]];
  switch (m) {
  case JAXC_QUANTILE_LINEAR: return rnd(qt, rnd(qt, rnd(qt, lo) * wlo) + rnd(qt, rnd(qt, hi) * whi));
  case JAXC_QUANTILE_LOWER: return lo;
  case JAXC_QUANTILE_HIGHER: return hi;
  case JAXC_QUANTILE_NEAREST: return whi <= 0.5 ? lo : hi;
  default: return rnd(ad, rnd(ad, lo + hi) * 0.5);
  }
}

/* the call under test, checked element by element against the reference */
static void check_quantile(const jaxc_array *a, const jaxc_array *q, bool q_weak_scalar, double qscalar, const qcase *c) {
  bool x64 = jaxc_x64(), skip = c->fn == JAXC_FN_NANQUANTILE || c->fn == JAXC_FN_NANPERCENTILE;
  bool percent = c->fn == JAXC_FN_PERCENTILE || c->fn == JAXC_FN_NANPERCENTILE;
  uint64_t before = checksum(a);
  jaxc_operand qo = q_weak_scalar ? jaxc__opnd_float(qscalar) : jaxc__opnd_array(q);
  jaxc_array *r = c->axes_none ? jaxc_quantile_ex(c->fn, a, qo, 0, NULL, c->method, c->keepdims)
                  : c->tuple   ? jaxc_quantile_ex(c->fn, a, qo, c->naxes, c->axes, c->method, c->keepdims)
                               : (c->fn == JAXC_FN_QUANTILE      ? jaxc_quantile_operand
                                  : c->fn == JAXC_FN_NANQUANTILE ? jaxc_nanquantile_operand
                                  : c->fn == JAXC_FN_PERCENTILE  ? jaxc_percentile_operand
                                                                 : jaxc_nanpercentile_operand)(a, qo, c->axes[0], c->method, c->keepdims);
  n_quantile_calls++;
  CHECK(checksum(a) == before);
  int nd = a->ndim;
  bool red[8] = {false};
  int64_t len = 1;
  if (c->axes_none) for (int d = 0; d < nd; d++) red[d] = true;
  for (int i = 0; i < c->naxes && !c->axes_none; i++) red[(c->axes[i] + nd) % nd] = true;
  for (int d = 0; d < nd; d++) if (red[d]) len *= a->shape[d];
  /* the empty-lane errors, as JAX raises them (their messages: test_quantile_errors) */
  bool fails = len == 0;
  for (int d = 0; d < nd && skip && !c->axes_none; d++) fails |= !red[d] && a->shape[d] == 0;
  if (fails) {
    CHECK_MSG(!r, "an empty lane gave a result");
    jaxc_array_free(r);
    return;
  }
  if (!r) { CHECK_MSG(false, "quantile failed: %s", jaxc_last_error()); return; }
  jaxc_dtype ad = jaxc_array_dtype(r), want_ad = inexact_of(a->dtype);
  if (!x64 && want_ad == JAXC_F64) want_ad = JAXC_F32;
  CHECK_MSG(ad == want_ad && !jaxc_array_is_weak(r), "result dtype %s, want %s", jaxc_dtype_name(ad), jaxc_dtype_name(want_ad));
  jaxc_dtype qt = q_weak_scalar ? (x64 ? JAXC_F64 : JAXC_F32) : jaxc_array_dtype(q);
  int64_t nq = q_weak_scalar || q->ndim == 0 ? 1 : q->shape[0];
  /* expected shape */
  int64_t shape[9];
  int on = 0;
  if (!q_weak_scalar && q->ndim == 1) shape[on++] = nq;
  for (int d = 0; d < nd; d++)
    if (!red[d] || c->keepdims) shape[on++] = red[d] ? 1 : a->shape[d];
  CHECK_EQ_INT(r->ndim, on);
  for (int d = 0; d < on && d < r->ndim; d++) CHECK_EQ_INT(r->shape[d], shape[d]);
  if (r->ndim != on) { jaxc_array_free(r); return; }
  int perm[8], k = jax_perm(nd, red, c->tuple && !c->axes_none, perm);
  int64_t rows = 1;
  for (int d = 0; d < k; d++) rows *= a->shape[perm[d]];
  double *lane = malloc(sizeof(double) * (size_t)(len ? len : 1));
  int64_t coord[8], tshape[8];
  for (int d = 0; d < nd; d++) tshape[d] = a->shape[perm[d]];
  for (int64_t b = 0; b < rows; b++) {
    for (int64_t j = 0; j < len; j++) { /* element (b, j) of the transposed array, in a */
      int64_t t = b * len + j, tc[8];
      coords_of(t, nd, tshape, tc);
      for (int d = 0; d < nd; d++) coord[perm[d]] = tc[d];
      lane[j] = to_dtype(ad, elem(a->dtype, a->data, flat_of(nd, a->shape, coord)));
      if (lane[j] != lane[j]) lane[j] = NAN;
    }
    qsort(lane, (size_t)len, sizeof(double), dcmp);
    int64_t n = 0;
    while (n < len && lane[n] == lane[n]) n++;
    for (int64_t i = 0; i < nq; i++) {
      double qv = q_weak_scalar ? rnd(qt, qscalar) : elem(q->dtype, q->data, i);
      if (percent) qv = rnd(qt, qv / 100);
      double want = to_dtype(ad, ref_quantile(c->method, qt, ad, qv, lane, len, n, skip, x64));
      double got = elem(ad, r->data, i * rows + b);
      n_quantile_values++;
      CHECK_MSG(same_value(got, want), "fn %d method %d %s[%d] lane %lld/%lld (n %lld) q %.9g (%s): got %.17g want %.17g",
                (int)c->fn, (int)c->method, jaxc_dtype_name(a->dtype), nd, (long long)b, (long long)len, (long long)n, qv,
                jaxc_dtype_name(qt), got, want);
    }
  }
  free(lane);
  jaxc_array_free(r);
}

/* random data: a few distinct values (ties), -0.0 and 0.0, sometimes NaN and infinities */
static jaxc_array *random_data(jaxc_dtype d, int nd, const int64_t *shape, int nan_rate) {
  jaxc_array *a = jaxc_array_empty(d, nd, shape);
  jaxc_dtype st = jaxc_array_dtype(a);
  for (int64_t i = 0; i < jaxc_array_size(a); i++) {
    double v;
    if (st == JAXC_BOOL) v = (double)(rnd64() % 2);
    else if (!is_float(st)) v = (double)(rnd64() % 40) - (st == JAXC_U8 || st == JAXC_U16 || st == JAXC_U32 || st == JAXC_U64 ? 0 : 20);
    else {
      unsigned r = (unsigned)(rnd64() % 100);
      double scale = r < 40 ? ldexp(1.0, (int)(rnd64() % 24) - 8) : 1.0; /* mixed exponents: sums round */
      double big = st == JAXC_F16 ? 49152 : st == JAXC_F64 ? 1.5 * ldexp(1.0, 1023) : 1.5 * ldexp(1.0, 127); /* sums overflow */
      v = r < 5 ? -0.0 : r < 10 ? 0.0 : r < 12 ? INFINITY : r < 14 ? -INFINITY : r < 15 ? big : r < 16 ? -big
          : rnd(st, scale * ((double)(int64_t)(rnd64() % 2001) - 1000) / 64.0);
      if ((int)(rnd64() % 100) < nan_rate) v = NAN;
    }
    put(st, a->data, i, v);
  }
  return a;
}
static jaxc_array *random_q(jaxc_dtype qt, int64_t nq) {
  jaxc_array *q = jaxc_array_empty(qt, nq < 0 ? 0 : 1, &nq);
  jaxc_dtype st = jaxc_array_dtype(q);
  for (int64_t i = 0; i < jaxc_array_size(q); i++) {
    unsigned r = (unsigned)(rnd64() % 20);
    double v = r == 0 ? 0 : r == 1 ? 1 : r == 2 ? 0.5 : r == 3 ? -0.25 : r == 4 ? 1.75 : r == 5 ? NAN
               : rnd(st, (double)(rnd64() % 1000001) / 1e6);
    put(st, q->data, i, v);
  }
  return q;
}

static void test_quantile_random(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64,
                                   JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64};
  static const jaxc_dtype qts[] = {JAXC_F16, JAXC_BF16, JAXC_F32, JAXC_F64};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int trial = 0; trial < 1500; trial++) {
      jaxc_dtype d = dts[rnd64() % (sizeof dts / sizeof dts[0])];
      int nd = (int)(rnd64() % 4);
      int64_t shape[4];
      for (int k = 0; k < nd; k++) shape[k] = rnd64() % 9 == 0 ? 0 : 1 + (int64_t)(rnd64() % (nd == 1 ? 60 : 6));
      jaxc_array *a = random_data(d, nd, shape, is_float(d) && rnd64() % 3 == 0 ? 15 : 0);
      qcase c = {(jaxc_quantile_fn)(rnd64() % JAXC_NUM_QUANTILE_FNS), (jaxc_quantile_method)(rnd64() % JAXC_NUM_QUANTILE_METHODS),
                 0, {0, 0, 0, 0}, false, false, rnd64() % 2 == 0};
      unsigned how = (unsigned)(rnd64() % 3);
      if (nd == 0 || how == 0) c.axes_none = true;
      else if (how == 1) c.naxes = 1, c.axes[0] = (int)(rnd64() % (unsigned)nd) - (rnd64() % 2 ? nd : 0);
      else { /* a tuple of distinct axes in any order, possibly empty */
        c.tuple = true;
        int order[4] = {0, 1, 2, 3};
        for (int k = nd - 1; k > 0; k--) { int j = (int)(rnd64() % (unsigned)(k + 1)), t = order[k]; order[k] = order[j], order[j] = t; }
        c.naxes = (int)(rnd64() % (unsigned)(nd + 1));
        for (int k = 0; k < c.naxes; k++) c.axes[k] = order[k];
      }
      bool weak = rnd64() % 3 == 0;
      jaxc_dtype qt = qts[rnd64() % (x64 ? 4 : 3)];
      jaxc_array *q = weak ? NULL : random_q(qt, (int64_t)(rnd64() % 5) - (rnd64() % 4 == 0));
      double qs = (double)(rnd64() % 101) / 100.0;
      if (!weak && (c.fn == JAXC_FN_PERCENTILE || c.fn == JAXC_FN_NANPERCENTILE)) /* percent values */
        for (int64_t i = 0; i < jaxc_array_size(q); i++) put(jaxc_array_dtype(q), q->data, i, rnd(jaxc_array_dtype(q), elem(jaxc_array_dtype(q), q->data, i) * 100));
      if (weak && (c.fn == JAXC_FN_PERCENTILE || c.fn == JAXC_FN_NANPERCENTILE)) qs *= 100;
      check_quantile(a, q, weak, qs, &c);
      jaxc_array_free(a), jaxc_array_free(q);
    }
  }
  jaxc_set_x64(false);
}

/* long lanes (the sort's threaded paths) and many lanes, checked against the reference too */
static void test_quantile_large(void) {
  int64_t n = 1200000, shape2[2] = {700, 1500}; /* (4.8 MB: the select's threaded count) */
  jaxc_array *a = random_data(JAXC_F32, 1, &n, 3), *b = random_data(JAXC_I32, 2, shape2, 0), *c2 = random_data(JAXC_F16, 2, shape2, 20);
  jaxc_array *q = random_q(JAXC_F32, 7);
  for (int m = 0; m < JAXC_NUM_QUANTILE_METHODS; m++) {
    qcase c = {m % 2 ? JAXC_FN_QUANTILE : JAXC_FN_NANQUANTILE, (jaxc_quantile_method)m, 1, {0, 0, 0, 0}, false, false, false};
    if (m < 2) check_quantile(a, q, false, 0, &c);
    c.fn = JAXC_FN_QUANTILE;
    c.axes[0] = 1;
    check_quantile(b, q, false, 0, &c);
    c.fn = JAXC_FN_NANQUANTILE, c.axes[0] = 0;
    check_quantile(c2, NULL, true, 0.3, &c);
  }
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c2), jaxc_array_free(q);
  /* lanes longer than q's dtype counts exactly: n - 1 is rounded after n (bfloat16: 257 -> 256,
     then 255; float16: 2049 -> 2048, then 2047) */
  int64_t n1 = 257, n2 = 2049;
  jaxc_array *l1 = jaxc_array_empty(JAXC_I16, 1, &n1), *l2 = jaxc_array_empty(JAXC_F32, 1, &n2); /* distinct values */
  for (int64_t i = 0; i < n1; i++) put(JAXC_I16, l1->data, i, (double)((i * 101) % n1));
  for (int64_t i = 0; i < n2; i++) put(JAXC_F32, l2->data, i, i % 10 == 3 ? NAN : (double)((i * 1009) % n2) / 8);
  jaxc_array *qb = random_q(JAXC_BF16, 9), *qh = random_q(JAXC_F16, 9);
  for (int f = 0; f < JAXC_NUM_QUANTILE_FNS; f++) {
    qcase c = {(jaxc_quantile_fn)f, JAXC_QUANTILE_LINEAR, 1, {0, 0, 0, 0}, false, false, false};
    if (f == JAXC_FN_PERCENTILE || f == JAXC_FN_NANPERCENTILE) continue;
    check_quantile(l1, qb, false, 0, &c), check_quantile(l2, qh, false, 0, &c);
    c.method = JAXC_QUANTILE_LOWER;
    check_quantile(l1, qb, false, 0, &c), check_quantile(l2, qh, false, 0, &c);
  }
  jaxc_array_free(l1), jaxc_array_free(l2), jaxc_array_free(qb), jaxc_array_free(qh);
}

/* lanes of 4096 or more values: the radix select, not the sort; every dtype, ties, signed zeros
   only (which zero a rank holds is the stable sort's), all equal, mostly NaN, lanes that are
   transposed first (a tuple of axes, reversed), several lanes (along axis 0 of 2-4 columns) */
static void test_quantile_select(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64,
                                   JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64};
  for (int trial = 0; trial < 160; trial++) {
    jaxc_set_x64(trial % 2);
    jaxc_dtype d = dts[rnd64() % (sizeof dts / sizeof dts[0])];
    int64_t len = 4096 + (int64_t)(rnd64() % 6000), shape[3] = {len, 1, 1};
    unsigned form = (unsigned)(rnd64() % 4), fill = (unsigned)(rnd64() % 5);
    int nd = 1;
    if (form == 1) nd = 2, shape[0] = 1, shape[1] = len;                         /* (1, n) along axis 1 */
    if (form == 2) nd = 3, shape[0] = len / 7, shape[1] = 7, len = shape[0] * 7; /* axes (0, 1): lanes read transposed */
    if (form == 3) nd = 2, shape[0] = len, shape[1] = 2 + (int64_t)(rnd64() % 3); /* rows > 1: along axis 0 */
    jaxc_array *a = random_data(d, nd, shape, is_float(d) ? (fill == 3 ? 90 : 10) : 0);
    jaxc_dtype st = jaxc_array_dtype(a);
    for (int64_t i = 0; i < jaxc_array_size(a) && (fill == 1 || fill == 2); i++) /* all equal; or zeros of either sign */
      put(st, a->data, i, fill == 1 ? 1 : is_float(st) && rnd64() % 2 ? -0.0 : 0.0);
    qcase c = {(jaxc_quantile_fn)(rnd64() % JAXC_NUM_QUANTILE_FNS), (jaxc_quantile_method)(rnd64() % JAXC_NUM_QUANTILE_METHODS),
               1, {form == 1 ? 1 : 0, 0, 0, 0}, false, false, rnd64() % 2 == 0};
    if (form == 2) c.tuple = true, c.naxes = 2, c.axes[0] = 1, c.axes[1] = 0;
    if (form == 0 && rnd64() % 2) c.axes_none = true;
    bool percent = c.fn == JAXC_FN_PERCENTILE || c.fn == JAXC_FN_NANPERCENTILE;
    jaxc_array *q = random_q(JAXC_F32, 5);
    for (int64_t i = 0; i < 5 && percent; i++) put(JAXC_F32, q->data, i, (double)(float)(elem(JAXC_F32, q->data, i) * 100));
    check_quantile(a, q, false, 0, &c);
    check_quantile(a, NULL, true, percent ? 50 : 0.5, &c);
    jaxc_array_free(a), jaxc_array_free(q);
  }
  jaxc_set_x64(false);
}

/* properties that need no formula: ends, order of the methods, the median by integer indices */
static void test_quantile_properties(void) {
  for (int trial = 0; trial < 300; trial++) {
    int64_t n = 1 + (int64_t)(rnd64() % 200);
    jaxc_array *a = random_data(JAXC_F64, 1, &n, 0); /* x64 off: float32 */
    double *v = malloc(sizeof(double) * (size_t)n);
    for (int64_t i = 0; i < n; i++) v[i] = elem(JAXC_F32, a->data, i);
    qsort(v, (size_t)n, sizeof(double), dcmp);
    bool finite = isfinite(v[0]) && isfinite(v[n - 1]);
    for (int m = 0; m < JAXC_NUM_QUANTILE_METHODS && finite; m++) { /* (inf * 0 is NaN in LINEAR) */
      if (m == JAXC_QUANTILE_MIDPOINT && fmax(-v[0], v[n - 1]) > 1e38) continue; /* x + x overflows there */
      jaxc_array *q0 = jaxc_quantile(a, 0.0, 0, (jaxc_quantile_method)m, false), *q1 = jaxc_quantile(a, 1.0, 0, (jaxc_quantile_method)m, false);
      CHECK(q0 && q1 && elem(JAXC_F32, q0->data, 0) == v[0] && elem(JAXC_F32, q1->data, 0) == v[n - 1]);
      jaxc_array_free(q0), jaxc_array_free(q1);
    }
    double qv = (double)(float)((double)(rnd64() % 1000) / 999.0);
    jaxc_array *lo = jaxc_quantile(a, (float)qv, 0, JAXC_QUANTILE_LOWER, false);
    jaxc_array *li = jaxc_quantile(a, (float)qv, 0, JAXC_QUANTILE_LINEAR, false);
    jaxc_array *hi = jaxc_quantile(a, (float)qv, 0, JAXC_QUANTILE_HIGHER, false);
    jaxc_array *nn = jaxc_nanquantile(a, (float)qv, 0, JAXC_QUANTILE_LINEAR, false);
    if (finite) CHECK(elem(JAXC_F32, lo->data, 0) <= elem(JAXC_F32, li->data, 0) && elem(JAXC_F32, li->data, 0) <= elem(JAXC_F32, hi->data, 0));
    CHECK(same_value(elem(JAXC_F32, nn->data, 0), elem(JAXC_F32, li->data, 0)));
    /* percentile(100 q) == quantile(q) when the float32 division gives q back */
    float pq = (float)(qv * 100);
    if ((float)(pq / 100.0f) == (float)qv) {
      jaxc_array *pc = jaxc_percentile(a, pq, 0, JAXC_QUANTILE_LINEAR, false);
      CHECK(pc && same_value(elem(JAXC_F32, pc->data, 0), elem(JAXC_F32, li->data, 0)));
      jaxc_array_free(pc);
    }
    jaxc_array *md = jaxc_median(a, JAXC_ALL_AXES, false);
    double want = (double)(float)((double)(float)(v[(n - 1) / 2] + v[n / 2]) * 0.5);
    CHECK_MSG(md && same_value(elem(JAXC_F32, md->data, 0), want), "median of %lld: %g vs %g", (long long)n, md ? elem(JAXC_F32, md->data, 0) : 0, want);
    jaxc_array_free(lo), jaxc_array_free(li), jaxc_array_free(hi), jaxc_array_free(nn), jaxc_array_free(md);
    free(v);
    jaxc_array_free(a);
  }
}

/* the examples of JAX's docstrings (jax/_src/numpy/reductions.py), run by JAX's doctests */
static void test_quantile_examples(void) {
  double x10[10], x7[7], xn[8] = {0, 1, 2, NAN, 3, 4, 5, 6}, q3[3] = {0.25, 0.5, 0.75}, p3[3] = {25, 50, 75};
  for (int i = 0; i < 10; i++) x10[i] = i;
  for (int i = 0; i < 7; i++) x7[i] = i;
  int64_t n10 = 10, n7 = 7, n8 = 8, n3 = 3, sh[2] = {3, 4};
  jaxc_array *a = array_of(JAXC_I32, 1, &n10, x10), *q = array_of(JAXC_F32, 1, &n3, q3), *a7 = array_of(JAXC_I32, 1, &n7, x7);
  jaxc_array *p = array_of(JAXC_I32, 1, &n3, p3), *an = array_of(JAXC_F32, 1, &n8, xn);
  expect_print(jaxc_quantile(a, q, JAXC_ALL_AXES, JAXC_QUANTILE_LINEAR, false), "Array([2.25, 4.5 , 6.75], dtype=float32)", "quantile");
  expect_print(jaxc_quantile(a, q, JAXC_ALL_AXES, JAXC_QUANTILE_NEAREST, false), "Array([2., 4., 7.], dtype=float32)", "nearest");
  expect_print(jaxc_percentile(a7, p, JAXC_ALL_AXES, JAXC_QUANTILE_LINEAR, false), "Array([1.5, 3. , 4.5], dtype=float32)", "percentile");
  expect_print(jaxc_percentile(a7, p, JAXC_ALL_AXES, JAXC_QUANTILE_NEAREST, false), "Array([1., 3., 4.], dtype=float32)", "percentile nearest");
  /* JAX's nearest takes the low value on a tie (weight <= 0.5); NumPy rounds the index half to
     even: arange(8) at 0.5 is 3 here and 4 in NumPy (t = 3.5) */
  jaxc_array *a8 = array_of(JAXC_I32, 1, &n8, x10);
  expect_print(jaxc_quantile(a8, 0.5, JAXC_ALL_AXES, JAXC_QUANTILE_NEAREST, false), "Array(3., dtype=float32)", "nearest tie");
  jaxc_array_free(a8);
  expect_print(jaxc_quantile(an, q, JAXC_ALL_AXES, JAXC_QUANTILE_LINEAR, false), "Array([nan, nan, nan], dtype=float32)", "quantile nan");
  expect_print(jaxc_nanquantile(an, q, JAXC_ALL_AXES, JAXC_QUANTILE_LINEAR, false), "Array([1.5, 3. , 4.5], dtype=float32)", "nanquantile");
  expect_print(jaxc_nanpercentile(an, p, JAXC_ALL_AXES, JAXC_QUANTILE_LINEAR, false), "Array([1.5, 3. , 4.5], dtype=float32)", "nanpercentile");
  double m[12] = {2, 4, 7, 1, 3, 5, 9, 2, 6, 1, 8, 3}, mn[12] = {2, NAN, 7, NAN, NAN, 5, 9, 2, 6, 1, NAN, 3};
  jaxc_array *am = array_of(JAXC_I32, 2, sh, m), *amn = array_of(JAXC_F32, 2, sh, mn);
  expect_print(jaxc_median(am, JAXC_ALL_AXES, false), "Array(3.5, dtype=float32)", "median");
  expect_print(jaxc_median(am, 1, false), "Array([3. , 4. , 4.5], dtype=float32)", "median axis 1");
  expect_print(jaxc_median(am, 1, true), "Array([[3. ],\n       [4. ],\n       [4.5]], dtype=float32)", "median keepdims");
  expect_print(jaxc_nanmedian(amn, JAXC_ALL_AXES, false), "Array(4., dtype=float32)", "nanmedian");
  expect_print(jaxc_nanmedian(amn, 1, false), "Array([4.5, 5. , 3. ], dtype=float32)", "nanmedian axis 1");
  jaxc_array_free(a), jaxc_array_free(q), jaxc_array_free(a7), jaxc_array_free(p), jaxc_array_free(an);
  jaxc_array_free(am), jaxc_array_free(amn);
}

static void test_quantile_errors(void) {
  double v[6] = {1, 2, 3, 4, 5, 6};
  int64_t n6 = 6, sh23[2] = {2, 3}, sh0[2] = {0, 5}, sh50[2] = {5, 0}, z = 0;
  jaxc_array *a = array_of(JAXC_F32, 2, sh23, v), *c = jaxc_array_zeros(JAXC_C64, 1, &n6), *q2 = array_of(JAXC_F32, 2, sh23, v);
  expect_error(jaxc_quantile(a, 0.5, 0, (jaxc_quantile_method)5, false),
               "method can only be 'linear', 'lower', 'higher', 'midpoint', or 'nearest'");
  expect_error(jaxc_quantile(c, 0.5, 0, JAXC_QUANTILE_LINEAR, false), "quantile does not support complex input, as the operation is poorly defined.");
  expect_error(jaxc_median(a, 2, false), "axis 2 is out of bounds for array of dimension 2");
  jaxc_array *s0 = jaxc_weak_float(2.5);
  expect_error(jaxc_median(s0, 0, false), "axis 0 is out of bounds for array of dimension 0");
  expect_print(jaxc_median(s0, JAXC_ALL_AXES, false), "Array(2.5, dtype=float32)", "median of a weak scalar: strong");
  jaxc_array_free(s0);
  int rep[2] = {1, -1};
  expect_error(jaxc_quantile_ex(JAXC_FN_QUANTILE, a, jaxc__opnd_float(0.5), 2, rep, JAXC_QUANTILE_LINEAR, false), "repeated axis");
  expect_error(jaxc_quantile(a, q2, 0, JAXC_QUANTILE_LINEAR, false), "q must be have rank <= 1, got shape (2, 3)");
  expect_error(jaxc_quantile(a, 1, 0, JAXC_QUANTILE_LINEAR, false), "floor does not accept dtype int32. Accepted dtypes are subtypes of floating.");
  jaxc_array *qc = jaxc_weak_complex(0.5, 0);
  expect_error(jaxc_quantile(a, qc, 0, JAXC_QUANTILE_LINEAR, false),
               "floor does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  jaxc_array_free(qc);
  jaxc_array *pc = jaxc_percentile(a, 50, 1, JAXC_QUANTILE_LINEAR, false); /* an int q is fine for percentile */
  CHECK(pc && elem(JAXC_F32, pc->data, 0) == 2 && elem(JAXC_F32, pc->data, 1) == 5);
  jaxc_array_free(pc);
  /* empty lanes: lax.gather's error for quantile; nanquantile indexes every axis */
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 1, &z), *e0 = jaxc_array_zeros(JAXC_F32, 2, sh0), *e1 = jaxc_array_zeros(JAXC_F32, 2, sh50);
  expect_error(jaxc_median(e, 0, false), "Slice size at index 0 in gather op is out of range, must be within [0, 0 + 1), got 1.");
  expect_error(jaxc_median(e1, 1, false), "Slice size at index 1 in gather op is out of range, must be within [0, 0 + 1), got 1.");
  int ax1 = 1;
  expect_error(jaxc_quantile_ex(JAXC_FN_QUANTILE, e1, jaxc__opnd_float(0.5), 1, &ax1, JAXC_QUANTILE_LINEAR, false),
               "Slice size at index 1 in gather op is out of range, must be within [0, 0 + 1), got 1.");
  expect_error(jaxc_nanmedian(e, 0, false), "index is out of bounds for axis 0 with size 0");
  expect_error(jaxc_nanmedian(e, 0, true), "Slice size at index 0 in gather op is out of range, must be within [0, 0 + 1), got 1.");
  expect_error(jaxc_nanmedian(e0, 1, false), "Slice size at index 0 in gather op is out of range, must be within [0, 0 + 1), got 1.");
  jaxc_array *ok = jaxc_median(e0, 1, false); /* quantile gathers only along the axis: an empty result */
  CHECK(ok && ok->ndim == 1 && ok->shape[0] == 0);
  jaxc_array_free(ok);
  expect_error(jaxc_quantile(NULL, 0.5, 0, JAXC_QUANTILE_LINEAR, false), "quantile: the array is NULL");
  expect_error(jaxc_quantile(a, (jaxc_array *)NULL, 0, JAXC_QUANTILE_LINEAR, false), "quantile: q is NULL");
  expect_error(jaxc_quantile_ex((jaxc_quantile_fn)9, a, jaxc__opnd_float(0.5), 0, NULL, JAXC_QUANTILE_LINEAR, false),
               "invalid quantile function 9");
  jaxc_array_free(a), jaxc_array_free(c), jaxc_array_free(q2), jaxc_array_free(e), jaxc_array_free(e0), jaxc_array_free(e1);
}

/* ---- histograms ------------------------------------------------------------------------------------ */
/* jnp.linspace(lo, hi, nb + 1) in dtype d as JAX writes it */
static void ref_edges(jaxc_dtype d, double lo, double hi, int64_t nb, double *e) {
  for (int64_t k = 0; k < nb; k++) {
    double t = rnd(d, (double)k / (double)nb);
    e[k] = rnd(d, rnd(d, lo * rnd(d, 1 - t)) + rnd(d, hi * t));
  }
  e[nb] = hi;
}

typedef struct hcase { jaxc_dtype a, w, want; } hcase;
static void test_histogram_random(void) {
  static const hcase cases[] = {
      {JAXC_I8, JAXC_DTYPE_INVALID, JAXC_F32},  {JAXC_I32, JAXC_DTYPE_INVALID, JAXC_F32}, {JAXC_U8, JAXC_DTYPE_INVALID, JAXC_F32},
      {JAXC_F16, JAXC_DTYPE_INVALID, JAXC_F16}, {JAXC_BF16, JAXC_DTYPE_INVALID, JAXC_BF16}, {JAXC_F32, JAXC_DTYPE_INVALID, JAXC_F32},
      {JAXC_F64, JAXC_DTYPE_INVALID, JAXC_F64}, {JAXC_I32, JAXC_F16, JAXC_F16}, {JAXC_I8, JAXC_F32, JAXC_F32},
      {JAXC_F16, JAXC_F32, JAXC_F32},           {JAXC_BF16, JAXC_F16, JAXC_F32},          {JAXC_F64, JAXC_F32, JAXC_F64},
      {JAXC_F32, JAXC_I32, JAXC_F32}};
  jaxc_set_x64(true);
  for (int trial = 0; trial < 1200; trial++) {
    const hcase *hc = &cases[rnd64() % (sizeof cases / sizeof cases[0])];
    int nd = 1 + (int)(rnd64() % 3);
    int64_t shape[3], size = 1;
    for (int k = 0; k < nd; k++) shape[k] = (int64_t)(rnd64() % (nd == 1 ? 200 : 8)), size *= shape[k];
    if (hc->a == JAXC_BF16 || hc->want == JAXC_BF16) while (size > 200) shape[0] /= 2, size = shape[0] * (nd > 1 ? shape[1] : 1) * (nd > 2 ? shape[2] : 1);
    jaxc_array *a = random_data(hc->a, nd, shape, is_float(hc->a) && rnd64() % 2 ? 10 : 0);
    jaxc_array *w = NULL;
    if (hc->w != JAXC_DTYPE_INVALID) {
      w = jaxc_array_empty(hc->w, nd, shape);
      for (int64_t i = 0; i < size; i++) put(hc->w, w->data, i, (double)(int64_t)(rnd64() % 7) - 2);
    }
    int64_t nb = 1 + (int64_t)(rnd64() % 12);
    double range[2], *rp = NULL;
    unsigned how = (unsigned)(rnd64() % 4);
    if (how >= 2) {
      range[0] = ((double)(int64_t)(rnd64() % 41) - 20) / 2, range[1] = range[0] + (how == 2 ? 0 : (double)(rnd64() % 40) / 4 + 0.25);
      rp = range;
    }
    bool density = rnd64() % 4 == 0;
    jaxc_dtype dt = hc->want;
    jaxc_array *ue = NULL; /* sometimes edges given: ascending, from a float32 array */
    if (rnd64() % 4 == 0) {
      int64_t ne = nb + 1;
      double *ev = malloc(sizeof(double) * (size_t)ne);
      for (int64_t k = 0; k < ne; k++) ev[k] = (double)((int64_t)(rnd64() % 81) - 40) / 4;
      qsort(ev, (size_t)ne, sizeof(double), dcmp);
      ue = array_of(JAXC_F32, 1, &ne, ev);
      free(ev);
    }
    /* the expected edges' ends */
    double lo = 0, hi = 0;
    bool any = false, nan = false;
    for (int64_t i = 0; i < size; i++) {
      double v = to_dtype(dt, elem(hc->a, a->data, i));
      if (v != v) { nan = true; continue; }
      if (!any || v < lo) lo = v;
      if (!any || v > hi) hi = v;
      any = true;
    }
    if (rp) lo = rnd(dt, range[0]), hi = rnd(dt, range[1]);
    uint64_t before = checksum(a);
    jaxc_array *counts = NULL, *edges = NULL;
    int st = jaxc_histogram(a, nb, ue, rp, w, density, &counts, &edges);
    n_hist_calls++;
    CHECK(checksum(a) == before);
    if (!rp && !ue && size == 0) {
      CHECK(st != 0 && !counts && !edges && strcmp(jaxc_last_error(), "zero-size array to reduction operation min which has no identity") == 0);
      jaxc_array_free(a), jaxc_array_free(w);
      continue;
    }
    if (!check_ok(st == 0 && counts && edges, jaxc_last_error())) { jaxc_array_free(a), jaxc_array_free(w); continue; }
    CHECK(jaxc_array_dtype(counts) == dt && jaxc_array_dtype(edges) == dt && counts->ndim == 1 && counts->shape[0] == nb && edges->shape[0] == nb + 1);
    if (ue) {
      for (int64_t k = 0; k <= nb && edges->shape[0] == nb + 1; k++) CHECK(same_value(elem(dt, edges->data, k), rnd(dt, elem(JAXC_F32, ue->data, k))));
    } else if (!rp && nan) { /* min and max are NaN: edges all NaN, nothing counted */
      for (int64_t k = 0; k <= nb && edges->shape[0] == nb + 1; k++) CHECK(isnan(elem(dt, edges->data, k)));
    } else if (edges->shape[0] == nb + 1) {
      if (rnd(dt, fmax(lo, hi) - fmin(lo, hi)) == 0) lo = rnd(dt, lo - 0.5), hi = rnd(dt, hi + 0.5);
      double *e = malloc(sizeof(double) * (size_t)(nb + 1));
      ref_edges(dt, lo, hi, nb, e);
      for (int64_t k = 0; k <= nb; k++)
        CHECK_MSG(same_value(elem(dt, edges->data, k), e[k]), "%s edge %lld of %lld: %.17g vs %.17g", jaxc_dtype_name(dt), (long long)k,
                  (long long)nb, elem(dt, edges->data, k), e[k]);
      free(e);
    }
    if (counts->shape[0] == nb && edges->shape[0] == nb + 1) { /* counts against the edges returned */
      double *want = calloc((size_t)nb, sizeof(double)), total = 0;
      for (int64_t i = 0; i < size; i++) {
        double x = to_dtype(dt, elem(hc->a, a->data, i)), wt = w ? to_dtype(dt, elem(hc->w, w->data, i)) : 1;
        int64_t bin = -1;
        if (x == elem(dt, edges->data, nb)) bin = nb - 1;
        else
          for (int64_t k = 0; k < nb; k++)
            if (elem(dt, edges->data, k) <= x && x < elem(dt, edges->data, k + 1)) bin = k;
        if (bin >= 0) want[bin] += wt;
      }
      for (int64_t k = 0; k < nb; k++) total += want[k];
      for (int64_t k = 0; k < nb; k++) {
        double c = want[k];
        if (density) c = rnd(dt, rnd(dt, c / rnd(dt, elem(dt, edges->data, k + 1) - elem(dt, edges->data, k))) / rnd(dt, total));
        CHECK_MSG(same_value(elem(dt, counts->data, k), c), "%s bin %lld of %lld%s: %.17g vs %.17g", jaxc_dtype_name(dt), (long long)k,
                  (long long)nb, density ? " (density)" : "", elem(dt, counts->data, k), c);
      }
      free(want);
    }
    jaxc_array *be = jaxc_histogram_bin_edges(a, nb, ue, rp);
    if (!w) CHECK(be && jaxc_array_size(be) == jaxc_array_size(edges) && memcmp(be->data, edges->data, (size_t)jaxc_array_size(be) * jaxc_dtype_size(dt)) == 0);
    jaxc_array_free(be);
    jaxc_array_free(counts), jaxc_array_free(edges), jaxc_array_free(a), jaxc_array_free(w), jaxc_array_free(ue);
  }
  jaxc_set_x64(false);
}

/* float32 x's unweighted counts c against counting by the returned edges e (e[k] <= x < e[k + 1],
   the last edge in the last bin); the number of values counted */
static int64_t check_counts_by_edges(const jaxc_array *x, const jaxc_array *c, const jaxc_array *e) {
  int64_t nb = c ? c->shape[0] : 0, total = 0, *want = calloc((size_t)nb + 1, sizeof(int64_t));
  for (int64_t i = 0; i < jaxc_array_size(x) && c; i++) {
    double v = elem(JAXC_F32, x->data, i);
    if (v == elem(JAXC_F32, e->data, nb)) want[nb - 1]++;
    else
      for (int64_t k = 0; k < nb; k++)
        if (elem(JAXC_F32, e->data, k) <= v && v < elem(JAXC_F32, e->data, k + 1)) want[k]++;
  }
  for (int64_t k = 0; k < nb; k++) {
    CHECK_EQ_INT((int64_t)elem(JAXC_F32, c->data, k), want[k]);
    total += want[k];
  }
  free(want);
  return total;
}

/* past the threaded cut, and counts past the float's digits (sequential adds of 1 stop there) */
static void test_histogram_large(void) {
  int64_t n = (int64_t)1 << 21;
  jaxc_array *a = random_data(JAXC_F32, 1, &n, 5), *c = NULL, *e = NULL;
  CHECK(jaxc_histogram(a, 37, NULL, (const double[]){-10, 10}, NULL, false, &c, &e) == 0);
  check_counts_by_edges(a, c, e);
  jaxc_array_free(c), jaxc_array_free(e), jaxc_array_free(a);
  /* values at the edges and a float32 step either side: the first guess of a bin is off there */
  double r2[2] = {-3.3, 7.1};
  jaxc_array *zero = jaxc_weak_float(0), *probe = jaxc_histogram_bin_edges(zero, 37, NULL, r2), *near = jaxc_array_empty(JAXC_F32, 1, (int64_t[]){38 * 3});
  for (int k = 0; k < 38 && probe; k++) {
    float ek = (float)elem(JAXC_F32, probe->data, k);
    ((float *)near->data)[3 * k] = ek, ((float *)near->data)[3 * k + 1] = nextafterf(ek, -INFINITY), ((float *)near->data)[3 * k + 2] = nextafterf(ek, INFINITY);
  }
  CHECK(jaxc_histogram(near, 37, NULL, r2, NULL, false, &c, &e) == 0);
  check_counts_by_edges(near, c, e);
  jaxc_array_free(c), jaxc_array_free(e), jaxc_array_free(near), jaxc_array_free(probe), jaxc_array_free(zero);
  /* bins an ulp or two wide: linspace's rounded edges stray from the even spacing by a bin */
  double r3[2] = {1, 1 + ldexp(1.0, -17)};
  int64_t nu = 70;
  jaxc_array *ulps = jaxc_array_empty(JAXC_F32, 1, &nu);
  for (int64_t i = 0; i < nu; i++) ((float *)ulps->data)[i] = (float)(1 + ldexp((double)(i - 3), -23));
  for (int64_t bins = 29; bins <= 64; bins += 5) {
    CHECK(jaxc_histogram(ulps, bins, NULL, r3, NULL, false, &c, &e) == 0);
    CHECK(check_counts_by_edges(ulps, c, e) == 65); /* (the 65 values from 1 to the last edge) */
    jaxc_array_free(c), jaxc_array_free(e);
  }
  jaxc_array_free(ulps);
  /* the one-pass count against .at[].add of ones (the composition JAX writes), on values at
     linspace's edges and up to 3 float32 steps either side, over ranges down to a few ulps */
  for (int t = 0; t < 300; t++) {
    double lo = (double)(float)((double)(rnd64() % 2000001) / 1000.0 - 1000);
    double rg[2] = {lo, lo + (double)(float)ldexp((double)(1 + rnd64() % 1000), -(int)(rnd64() % 30))};
    int64_t nb = 1 + (int64_t)(rnd64() % 500), nx = 300;
    jaxc_array *x = jaxc_array_empty(JAXC_F32, 1, &nx), *z = jaxc_weak_float(0), *ed = jaxc_histogram_bin_edges(z, nb, NULL, rg), *c2 = NULL;
    for (int64_t i = 0; i < nx && ed; i++) {
      float ek = ((const float *)ed->data)[rnd64() % (uint64_t)(nb + 1)];
      for (int d = (int)(rnd64() % 7) - 3; d; d += d > 0 ? -1 : 1) ek = nextafterf(ek, d > 0 ? INFINITY : -INFINITY);
      ((float *)x->data)[i] = ek;
    }
    jaxc_array *w = jaxc_ones_like(x, JAXC_DTYPE_NONE);
    CHECK(jaxc_histogram(x, nb, NULL, rg, NULL, false, &c, NULL) == 0 && jaxc_histogram(x, nb, NULL, rg, w, false, &c2, NULL) == 0);
    CHECK(c && c2 && memcmp(c->data, c2->data, (size_t)nb * 4) == 0);
    jaxc_array_free(x), jaxc_array_free(z), jaxc_array_free(ed), jaxc_array_free(c), jaxc_array_free(c2), jaxc_array_free(w);
  }
  /* every value in one bin, from every thread at once */
  jaxc_array *same = jaxc_full(1, &n, 0.5f, JAXC_F32);
  CHECK(jaxc_histogram(same, 4, NULL, (const double[]){0, 1}, NULL, false, &c, NULL) == 0);
  CHECK(c && elem(JAXC_F32, c->data, 2) == (double)n && elem(JAXC_F32, c->data, 1) == 0);
  jaxc_array_free(c), jaxc_array_free(same);
  static const struct { jaxc_dtype d; int64_t n; double cap; } sat[] = {{JAXC_BF16, 300, 256}, {JAXC_F16, 3000, 2048}, {JAXC_F32, 100, 100}};
  for (int k = 0; k < 3; k++) {
    jaxc_array *x = jaxc_array_zeros(sat[k].d, 1, &sat[k].n);
    for (int weighted = 0; weighted < 2; weighted++) { /* the one-pass count and .at[].add agree */
      jaxc_array *w = weighted ? jaxc_ones_like(x, JAXC_DTYPE_NONE) : NULL;
      CHECK(jaxc_histogram(x, 3, NULL, NULL, w, false, &c, NULL) == 0);
      CHECK_MSG(c && elem(sat[k].d, c->data, 1) == sat[k].cap && elem(sat[k].d, c->data, 0) == 0, "%s: %g ones counted as %g",
                jaxc_dtype_name(sat[k].d), (double)sat[k].n, c ? elem(sat[k].d, c->data, 1) : -1);
      jaxc_array_free(c), jaxc_array_free(w);
    }
    jaxc_array_free(x);
  }
}

static void test_histogram_cases(void) {
  /* jnp.histogram's docstring: [1, 2, 3, 10, 11, 15, 19, 25] in 8 bins (edges 1 + 3k, exact) */
  double x[8] = {1, 2, 3, 10, 11, 15, 19, 25}, be[4] = {0, 10, 20, 30};
  int64_t n8 = 8, n4 = 4;
  jaxc_array *a = array_of(JAXC_I32, 1, &n8, x), *bins = array_of(JAXC_I32, 1, &n4, be), *c = NULL, *e = NULL;
  CHECK(jaxc_histogram(a, 8, NULL, NULL, NULL, false, &c, &e) == 0);
  expect_print(c, "Array([3., 0., 0., 2., 1., 0., 1., 1.], dtype=float32)", "histogram counts");
  expect_print(e, "Array([ 1.,  4.,  7., 10., 13., 16., 19., 22., 25.], dtype=float32)", "histogram edges");
  CHECK(jaxc_histogram(a, 0, bins, NULL, NULL, false, &c, NULL) == 0);
  expect_print(c, "Array([3., 4., 1.], dtype=float32)", "histogram with edges");
  jaxc_array *d = NULL;
  CHECK(jaxc_histogram(a, 10, NULL, NULL, NULL, true, &d, &e) == 0); /* the density integrates to 1 */
  double s = 0;
  for (int k = 0; k < 10; k++) s += elem(JAXC_F32, d->data, k) * (elem(JAXC_F32, e->data, k + 1) - elem(JAXC_F32, e->data, k));
  CHECK(fabs(s - 1) < 1e-6);
  jaxc_array_free(d), jaxc_array_free(e);
  /* jnp.histogram_bin_edges's docstring */
  double y[6] = {2, 5, 3, 6, 4, 1};
  int64_t n6 = 6;
  jaxc_array *ya = array_of(JAXC_I32, 1, &n6, y);
  expect_print(jaxc_histogram_bin_edges(ya, 5, NULL, NULL), "Array([1., 2., 3., 4., 5., 6.], dtype=float32)", "bin edges");
  /* errors */
  jaxc_array *w = array_of(JAXC_F32, 1, &n4, be), *m2 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 2});
  CHECK(jaxc_histogram(a, 3, NULL, NULL, w, false, &c, &e) != 0 && !c && !e && strcmp(jaxc_last_error(), "weights should have the same shape as a.") == 0);
  CHECK(jaxc_histogram(a, -3, NULL, NULL, NULL, false, &c, &e) != 0 && strcmp(jaxc_last_error(), "Number of samples, -2, must be non-negative.") == 0);
  CHECK(jaxc_histogram(a, -1, NULL, NULL, NULL, false, &c, &e) != 0 && strcmp(jaxc_last_error(), "index -1 is out of bounds for axis 0 with size 0") == 0);
  expect_error(jaxc_histogram_bin_edges(a, 0, m2, NULL), "histogram_bin_edges: bins must be a 1-dimensional array of edges; got bins=float32[2,2]");
  CHECK(jaxc_histogram(NULL, 3, NULL, NULL, NULL, false, &c, &e) != 0 && strcmp(jaxc_last_error(), "histogram: the array is NULL") == 0);
  CHECK(jaxc_histogram(a, 3, NULL, NULL, NULL, false, NULL, &e) != 0 && !e);
  /* strict mode refuses weights that do not promote */
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  jaxc_array *wi = array_of(JAXC_F32, 1, &n8, x);
  CHECK(jaxc_histogram(a, 3, NULL, NULL, wi, false, &c, &e) != 0 && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array_free(a), jaxc_array_free(bins), jaxc_array_free(ya), jaxc_array_free(w), jaxc_array_free(m2), jaxc_array_free(wi);
}

/* ---- histogramdd, histogram2d ---------------------------------------------------------------------- */
/* searchsorted(e, x, 'right') for ascending e: the count of edges <= x (NaN: past them all) */
static int64_t count_at_or_below(const double *e, int64_t ne, double x) {
  if (x != x) return ne;
  int64_t k = 0;
  for (int64_t j = 0; j < ne; j++) k += e[j] <= x;
  return k;
}
static bool ascending(const double *e, int64_t ne) {
  for (int64_t j = 0; j < ne; j++)
    if (e[j] != e[j] || (j && e[j] < e[j - 1])) return false;
  return true;
}
/* hist of sample (n, nd) against a count written here: each axis's bin from the edges returned
   (searchsorted's count for ascending edges; else jaxc_searchsorted's, taken as given), the last
   edge moved into the last bin, clipped, the outlier slots dropped; weighted sums added in the
   points' order in the dtype; density divided in JAX's order */
static void check_histdd(const jaxc_array *sample, const jaxc_array *w, jaxc_dtype dt, bool density, const jaxc_array *h,
                         jaxc_array *const *E) {
  int nd = (int)sample->shape[1];
  int64_t n = sample->shape[0], cells = 1, stride[8], nb[8];
  double *e[8];
  for (int d = nd - 1; d >= 0; d--) {
    int64_t ne = E[d]->shape[0];
    nb[d] = ne - 1, stride[d] = cells, cells *= nb[d];
    e[d] = malloc(sizeof(double) * (size_t)ne);
    for (int64_t j = 0; j < ne; j++) e[d][j] = elem(dt, E[d]->data, j);
  }
  CHECK(h->ndim == nd);
  for (int d = 0; d < nd && h->ndim == nd; d++) CHECK_EQ_INT(h->shape[d], nb[d]);
  jaxc_dtype want_dt = density ? dt : w ? dt : (jaxc_x64() ? JAXC_I64 : JAXC_I32);
  CHECK(jaxc_array_dtype(h) == want_dt && !h->weak);
  double *want = calloc((size_t)cells + 1, sizeof(double));
  int64_t *place = malloc(sizeof(int64_t) * (size_t)(n + 1));
  for (int64_t p = 0; p < n; p++) place[p] = 0;
  for (int d = 0; d < nd; d++) {
    int64_t ne = nb[d] + 1;
    jaxc_array *col = jaxc_slice(sample, 2, (jaxc_slice_spec[]){JAXC_ALL, JAXC_I(d)}), *colx = jaxc_astype(col, dt);
    jaxc_array *ss = ascending(e[d], ne) ? NULL : jaxc_searchsorted(E[d], colx, JAXC_SIDE_RIGHT, NULL);
    for (int64_t p = 0; p < n; p++) {
      double x = elem(dt, colx->data, p);
      int64_t k = ss ? (int64_t)elem(jaxc_array_dtype(ss), ss->data, p) : count_at_or_below(e[d], ne, x);
      if (x == e[d][ne - 1]) k--;
      k = k < 0 ? 0 : k > ne ? ne : k; /* ravel_multi_index's clip */
      if (place[p] >= 0) place[p] = k >= 1 && k <= nb[d] ? place[p] + (k - 1) * stride[d] : -1;
    }
    jaxc_array_free(col), jaxc_array_free(colx), jaxc_array_free(ss);
  }
  for (int64_t p = 0; p < n; p++)
    if (place[p] >= 0) want[place[p]] = w ? rnd(dt, want[place[p]] + to_dtype(dt, elem(jaxc_array_dtype(w), w->data, p))) : want[place[p]] + 1;
  double total = 0; /* hist.astype(dtype).sum(): the cells in the dtype, summed (exact: few small integers) */
  for (int64_t c = 0; c < cells; c++) total += rnd(dt, want[c]);
  for (int64_t c = 0; c < cells && jaxc_array_size(h) == cells; c++) {
    double v = want[c];
    if (density) {
      v = rnd(dt, rnd(dt, v) / rnd(dt, total));
      for (int d = 0; d < nd; d++) {
        int64_t k = c / stride[d] % nb[d];
        v = rnd(dt, v / rnd(dt, e[d][k + 1] - e[d][k]));
      }
    }
    CHECK_MSG(same_value(elem(want_dt, h->data, c), v), "%s %dd cell %lld of %lld%s%s: %.17g vs %.17g", jaxc_dtype_name(want_dt), nd,
              (long long)c, (long long)cells, w ? " weighted" : "", density ? " density" : "", elem(want_dt, h->data, c), v);
  }
  for (int d = 0; d < nd; d++) free(e[d]);
  free(want), free(place);
}

static void test_histdd_random(void) {
  static const hcase cases[] = { /* (histogram's pairs and two more) */
      {JAXC_I8, JAXC_DTYPE_INVALID, JAXC_F32},  {JAXC_I32, JAXC_DTYPE_INVALID, JAXC_F32}, {JAXC_U8, JAXC_DTYPE_INVALID, JAXC_F32},
      {JAXC_F16, JAXC_DTYPE_INVALID, JAXC_F16}, {JAXC_BF16, JAXC_DTYPE_INVALID, JAXC_BF16}, {JAXC_F32, JAXC_DTYPE_INVALID, JAXC_F32},
      {JAXC_F64, JAXC_DTYPE_INVALID, JAXC_F64}, {JAXC_I32, JAXC_F16, JAXC_F16}, {JAXC_I8, JAXC_F32, JAXC_F32},
      {JAXC_F16, JAXC_F32, JAXC_F32},           {JAXC_BF16, JAXC_F16, JAXC_F32},          {JAXC_F64, JAXC_F32, JAXC_F64},
      {JAXC_F32, JAXC_I32, JAXC_F32},           {JAXC_BF16, JAXC_BF16, JAXC_BF16},        {JAXC_F16, JAXC_I8, JAXC_F16}};
  for (int trial = 0; trial < 1500; trial++) {
    const hcase *c = &cases[rnd64() % (sizeof cases / sizeof cases[0])];
    jaxc_set_x64(trial % 3 != 0); /* (the counts' default int; float64 stored as float32 without x64) */
    jaxc_dtype want = jaxc_storage_dtype(c->want, jaxc_x64());
    int nd = 1 + (int)(rnd64() % 4);
    bool narrow = want == JAXC_BF16 || want == JAXC_F16; /* sums and totals stay exact */
    int64_t shape[2] = {(int64_t)(rnd64() % (narrow ? 60 : 150)), nd};
    jaxc_array *s = random_data(c->a, 2, shape, is_float(c->a) && rnd64() % 2 ? 10 : 0), *w = NULL;
    if (c->w != JAXC_DTYPE_INVALID) {
      w = jaxc_array_empty(c->w, 1, shape);
      for (int64_t i = 0; i < shape[0]; i++) put(c->w, w->data, i, (double)(int64_t)(rnd64() % 7) - 2);
    }
    int64_t bins[4];
    double rg[4][2];
    const double *rp[4];
    jaxc_array *ue[4] = {NULL};
    bool any_range = rnd64() % 2, any_edges = rnd64() % 3 == 0, give_bins = rnd64() % 4 != 0;
    for (int d = 0; d < nd; d++) {
      bins[d] = 1 + (int64_t)(rnd64() % 6);
      rp[d] = NULL;
      if (any_range && rnd64() % 3) {
        rg[d][0] = ((double)(int64_t)(rnd64() % 41) - 20) / 2, rg[d][1] = rg[d][0] + (rnd64() % 5 == 0 ? 0 : (double)(rnd64() % 40) / 4 + 0.25);
        rp[d] = rg[d];
      }
      if (any_edges && rnd64() % 2) { /* ascending; or shuffled, or with a NaN: the composition's */
        int64_t ne = 1 + (int64_t)(rnd64() % 6);
        double ev[8];
        for (int64_t k = 0; k < ne; k++) ev[k] = (double)((int64_t)(rnd64() % 81) - 40) / 4;
        unsigned how = (unsigned)(rnd64() % 4);
        if (how) qsort(ev, (size_t)ne, sizeof(double), dcmp);
        if (how == 1) ev[rnd64() % (uint64_t)ne] = NAN;
        ue[d] = array_of(JAXC_F32, 1, &ne, ev);
      }
    }
    if (!give_bins && !any_edges) for (int d = 0; d < nd; d++) bins[d] = 10;
    bool density = rnd64() % 4 == 0;
    uint64_t before = checksum(s), wbefore = w ? checksum(w) : 0;
    jaxc_array *h = NULL, *E[4] = {NULL};
    int st = jaxc_histogramdd(s, nd, give_bins ? bins : NULL, any_edges ? (const jaxc_array *const *)ue : NULL, any_range ? rp : NULL, w,
                              density, &h, E);
    n_hist_calls++;
    CHECK(checksum(s) == before && (!w || checksum(w) == wbefore));
    bool needs_min = false;
    for (int d = 0; d < nd; d++) needs_min |= !rp[d] && !ue[d];
    if (shape[0] == 0 && needs_min) {
      CHECK(st != 0 && !h && !E[0] && strcmp(jaxc_last_error(), "zero-size array to reduction operation min which has no identity") == 0);
    } else if (check_ok(st == 0 && h, jaxc_last_error())) {
      for (int d = 0; d < nd; d++) { /* each axis's edges: histogram_bin_edges of its column */
        jaxc_array *col = jaxc_slice(s, 2, (jaxc_slice_spec[]){JAXC_ALL, JAXC_I(d)}), *colx = jaxc_astype(col, want);
        jaxc_array *be = jaxc_histogram_bin_edges(colx, give_bins ? bins[d] : 10, ue[d], rp[d]);
        CHECK(be && E[d] && jaxc_array_dtype(E[d]) == want && jaxc_array_size(be) == jaxc_array_size(E[d]) &&
              memcmp(be->data, E[d]->data, (size_t)jaxc_array_size(be) * jaxc_dtype_size(want)) == 0);
        jaxc_array_free(col), jaxc_array_free(colx), jaxc_array_free(be);
      }
      check_histdd(s, w, want, density, h, E);
      if (nd == 2) { /* histogram2d of the two columns: the same arrays */
        jaxc_array *x = jaxc_slice(s, 2, (jaxc_slice_spec[]){JAXC_ALL, JAXC_I(0)}), *y = jaxc_slice(s, 2, (jaxc_slice_spec[]){JAXC_ALL, JAXC_I(1)});
        jaxc_array *h2 = NULL, *ex = NULL, *ey = NULL;
        CHECK(jaxc_histogram2d(x, y, give_bins ? bins : NULL, any_edges ? (const jaxc_array *const *)ue : NULL, any_range ? rp : NULL, w,
                               density, &h2, &ex, &ey) == 0);
        CHECK(h2 && jaxc_array_dtype(h2) == jaxc_array_dtype(h) && jaxc_array_size(h2) == jaxc_array_size(h) &&
              memcmp(h2->data, h->data, (size_t)jaxc_array_size(h) * jaxc_dtype_size(jaxc_array_dtype(h))) == 0);
        CHECK(ex && ey && jaxc_array_size(ex) == jaxc_array_size(E[0]) && jaxc_array_size(ey) == jaxc_array_size(E[1]));
        jaxc_array_free(x), jaxc_array_free(y), jaxc_array_free(h2), jaxc_array_free(ex), jaxc_array_free(ey);
      }
    }
    jaxc_array_free(h), jaxc_array_free(s), jaxc_array_free(w);
    for (int d = 0; d < nd; d++) jaxc_array_free(E[d]), jaxc_array_free(ue[d]);
  }
  jaxc_set_x64(false);
}

/* past the threaded cut, with few cells (counts per thread) and with many (one count) */
static void test_histdd_large(void) {
  static const struct { int64_t n, bins[3]; int nd; bool weighted; } big[] = {
      {(int64_t)1 << 20, {10, 7, 0}, 2, false}, {(int64_t)1 << 20, {2000, 1000, 0}, 2, false},
      {(int64_t)1 << 19, {5, 6, 7}, 3, true},   {(int64_t)1 << 19, {64, 3, 0}, 2, true}};
  for (int k = 0; k < 4; k++) {
    int64_t shape[2] = {big[k].n, big[k].nd};
    jaxc_array *s = random_data(JAXC_F32, 2, shape, 3), *w = NULL, *h = NULL, *E[3] = {NULL};
    if (big[k].weighted) {
      w = jaxc_array_empty(JAXC_F32, 1, shape);
      for (int64_t i = 0; i < shape[0]; i++) put(JAXC_F32, w->data, i, (double)(int64_t)(rnd64() % 5) - 1);
    }
    double r[3][2] = {{-10, 10}, {-7.5, 12}, {-3, 3}};
    const double *rp[3] = {r[0], r[1], r[2]};
    CHECK(jaxc_histogramdd(s, big[k].nd, big[k].bins, NULL, rp, w, false, &h, E) == 0);
    if (h) check_histdd(s, w, JAXC_F32, false, h, E);
    jaxc_array_free(h), jaxc_array_free(s), jaxc_array_free(w);
    for (int d = 0; d < 3; d++) jaxc_array_free(E[d]);
  }
  /* every point in one cell, from every thread at once */
  int64_t shape[2] = {(int64_t)1 << 20, 2};
  jaxc_array *same = jaxc_full(2, shape, 0.5f, JAXC_F32), *h = NULL;
  const double *rp[2] = {(const double[]){0, 1}, (const double[]){0, 1}};
  CHECK(jaxc_histogramdd(same, 2, (const int64_t[]){2, 3}, NULL, rp, NULL, false, &h, NULL) == 0);
  CHECK(h && ((const int32_t *)h->data)[1 * 3 + 1] == (int32_t)shape[0] && ((const int32_t *)h->data)[0] == 0);
  jaxc_array_free(h), jaxc_array_free(same);
}

/* JAX's doctests compare with doctest's NUMBER flag: a float printed as "15." matches any value
   that rounds to 15 (linspace's float32 edges are 15.000001 and -0.9999999 there) */
static bool printed_as(const jaxc_array *e, int64_t n, const double *want) {
  bool ok = e && jaxc_array_size(e) == n && jaxc_array_dtype(e) == JAXC_F32;
  for (int64_t k = 0; k < n && ok; k++) ok = fabs(elem(JAXC_F32, e->data, k) - want[k]) < 0.5;
  return ok;
}

static void test_histdd_cases(void) {
  /* jnp.histogram2d's docstring */
  double xv[8] = {1, 2, 3, 10, 11, 15, 19, 25}, yv[8] = {2, 5, 6, 8, 13, 16, 17, 18}, be[4] = {0, 10, 20, 30};
  int64_t n8 = 8, n4 = 4;
  jaxc_array *x = array_of(JAXC_I32, 1, &n8, xv), *y = array_of(JAXC_I32, 1, &n8, yv), *eb = array_of(JAXC_I32, 1, &n4, be);
  jaxc_array *h = NULL, *ex = NULL, *ey = NULL;
  CHECK(jaxc_histogram2d(x, y, (const int64_t[]){8, 8}, NULL, NULL, NULL, false, &h, &ex, &ey) == 0);
  CHECK(h && h->ndim == 2 && h->shape[0] == 8 && h->shape[1] == 8);
  expect_print(ex, "Array([ 1.,  4.,  7., 10., 13., 16., 19., 22., 25.], dtype=float32)", "histogram2d x_edges");
  expect_print(ey, "Array([ 2.,  4.,  6.,  8., 10., 12., 14., 16., 18.], dtype=float32)", "histogram2d y_edges");
  jaxc_array_free(h);
  const double *r25[2] = {(const double[]){0, 25}, (const double[]){0, 25}};
  CHECK(jaxc_histogram2d(x, y, (const int64_t[]){5, 5}, NULL, r25, NULL, false, &h, &ex, &ey) == 0);
  CHECK(h && h->ndim == 2 && h->shape[0] == 5 && h->shape[1] == 5);
  CHECK(printed_as(ex, 6, (const double[]){0, 5, 10, 15, 20, 25}) && printed_as(ey, 6, (const double[]){0, 5, 10, 15, 20, 25}));
  jaxc_array_free(h), jaxc_array_free(ex), jaxc_array_free(ey);
  const jaxc_array *both[2] = {eb, eb};
  CHECK(jaxc_histogram2d(x, y, NULL, both, NULL, NULL, false, &h, NULL, NULL) == 0);
  expect_print(h, "Array([[3, 0, 0],\n       [1, 3, 0],\n       [0, 1, 0]], dtype=int32)", "histogram2d with edges");
  CHECK(jaxc_histogram2d(x, y, NULL, NULL, NULL, NULL, true, &h, &ex, &ey) == 0); /* density * dx * dy sums to 1 */
  double s = 0;
  for (int i = 0; i < 10 && h; i++)
    for (int j = 0; j < 10; j++)
      s += elem(JAXC_F32, h->data, 10 * i + j) * (elem(JAXC_F32, ex->data, i + 1) - elem(JAXC_F32, ex->data, i)) *
           (elem(JAXC_F32, ey->data, j + 1) - elem(JAXC_F32, ey->data, j));
  CHECK(fabs(s - 1) < 1e-5);
  jaxc_array_free(h), jaxc_array_free(ex), jaxc_array_free(ey);
  /* jnp.histogramdd's docstring: 100 points of jax.random.normal in 6^3 bins over [-3, 3] */
  jaxc_key key = jaxc_random_key(42);
  jaxc_array *a = jaxc_random_normal(key, JAXC_F32, 2, (const int64_t[]){100, 3}), *E[3] = {NULL};
  const double *r3[3] = {(const double[]){-3, 3}, (const double[]){-3, 3}, (const double[]){-3, 3}};
  CHECK(jaxc_histogramdd(a, 3, (const int64_t[]){6, 6, 6}, NULL, r3, NULL, false, &h, E) == 0);
  CHECK(h && h->ndim == 3 && h->shape[0] == 6 && h->shape[1] == 6 && h->shape[2] == 6);
  for (int d = 0; d < 3; d++) {
    CHECK(printed_as(E[d], 7, (const double[]){-3, -2, -1, 0, 1, 2, 3}));
    jaxc_array_free(E[d]);
  }
  jaxc_array_free(h);
  CHECK(jaxc_histogramdd(a, 0, NULL, NULL, NULL, NULL, true, &h, E) == 0); /* density * dx * dy * dz sums to 1 */
  s = 0;
  for (int64_t c = 0; c < 1000 && h; c++) {
    double v = elem(JAXC_F32, h->data, c);
    for (int d = 0; d < 3; d++) {
      int j = d == 0 ? (int)(c / 100) : d == 1 ? (int)(c / 10 % 10) : (int)(c % 10);
      v *= elem(JAXC_F32, E[d]->data, j + 1) - elem(JAXC_F32, E[d]->data, j);
    }
    s += v;
  }
  CHECK(fabs(s - 1) < 1e-5);
  jaxc_array_free(h);
  for (int d = 0; d < 3; d++) jaxc_array_free(E[d]);
  /* dtypes: the counts the default int; a weak sample joins the weights weakly, while histogram2d's
     asarray([x, y]) is strong; every result strong */
  jaxc_set_x64(true);
  CHECK(jaxc_histogramdd(a, 0, NULL, NULL, NULL, NULL, false, &h, NULL) == 0 && h && jaxc_array_dtype(h) == JAXC_I64);
  jaxc_array_free(h);
  jaxc_set_x64(false);
  jaxc_array *wk = jaxc__new_array(JAXC_F32, true, 2, (const int64_t[]){8, 2}), *wb = jaxc_array_zeros(JAXC_BF16, 1, &n8);
  memset(wk->data, 0, 8 * 2 * 4);
  CHECK(jaxc_histogramdd(wk, 0, NULL, NULL, NULL, wb, false, &h, E) == 0 && h && jaxc_array_dtype(h) == JAXC_BF16 && !h->weak &&
        jaxc_array_dtype(E[0]) == JAXC_BF16 && !E[0]->weak);
  jaxc_array_free(h), jaxc_array_free(E[0]), jaxc_array_free(E[1]);
  jaxc_array *wx = jaxc__new_array(JAXC_F32, true, 1, &n8);
  memset(wx->data, 0, 8 * 4);
  CHECK(jaxc_histogram2d(wx, wx, NULL, NULL, NULL, wb, false, &h, &ex, &ey) == 0 && h && jaxc_array_dtype(h) == JAXC_F32 && !h->weak);
  jaxc_array_free(h), jaxc_array_free(ex), jaxc_array_free(ey);
  /* errors, nothing returned */
  jaxc_array *w7 = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){7}), *s1 = jaxc_array_zeros(JAXC_F32, 1, &n8);
  jaxc_array *s3 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){2, 2, 2}), *s0 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){5, 0});
  jaxc_array *s9 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){5, 9}), *m = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){5, 2});
  jaxc_array *e0 = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){0}), *y7 = jaxc_array_zeros(JAXC_I32, 1, (const int64_t[]){7});
  E[0] = E[1] = (jaxc_array *)&n8; /* (overwritten with NULL on an error) */
  CHECK(jaxc_histogramdd(m, 0, NULL, NULL, NULL, w7, false, &h, E) != 0 && !h && !E[0] && !E[1]);
  CHECK(strcmp(jaxc_last_error(), "should have one weight for each sample.") == 0);
  CHECK(jaxc_histogramdd(s1, 0, NULL, NULL, NULL, NULL, false, &h, NULL) != 0 && strcmp(jaxc_last_error(), "not enough values to unpack (expected 2, got 1)") == 0);
  CHECK(jaxc_histogramdd(s3, 0, NULL, NULL, NULL, NULL, false, &h, NULL) != 0 && strcmp(jaxc_last_error(), "too many values to unpack (expected 2)") == 0);
  const double *r1[2] = {(const double[]){0, 1e-5}, NULL};
  CHECK(jaxc_histogramdd(m, 1, NULL, NULL, r1, NULL, false, &h, NULL) != 0 && !h);
  CHECK(strcmp(jaxc_last_error(), "For sample.shape=(5, 2), range must be a sequence of 2 pairs or Nones; got range=[(0.0, 1e-05)]") == 0);
  const double *r2[3] = {(const double[]){-2.5, 1e16}, NULL, (const double[]){123456.789, -0.0}};
  CHECK(jaxc_histogramdd(m, 3, NULL, NULL, r2, NULL, false, &h, NULL) != 0);
  CHECK(strcmp(jaxc_last_error(),
               "For sample.shape=(5, 2), range must be a sequence of 2 pairs or Nones; got range=[(-2.5, 1e+16), None, (123456.789, -0.0)]") == 0);
  CHECK(jaxc_histogramdd(m, 3, (const int64_t[]){1, 2, 3}, NULL, NULL, NULL, false, &h, NULL) != 0 &&
        strcmp(jaxc_last_error(), "should be a bin for each dimension.") == 0);
  CHECK(jaxc_histogramdd(s0, 0, NULL, NULL, NULL, NULL, false, &h, NULL) != 0 && strcmp(jaxc_last_error(), "only 1-dimensional input supported.") == 0);
  CHECK(jaxc_histogramdd(s9, 0, NULL, NULL, NULL, NULL, false, &h, NULL) != 0 && jaxc_last_status() == JAXC_ERR_SHAPE);
  const jaxc_array *eE[2] = {NULL, e0};
  CHECK(jaxc_histogramdd(m, 2, NULL, eE, NULL, NULL, false, &h, E) != 0 && !h && !E[0] && !E[1] &&
        strcmp(jaxc_last_error(), "index -1 is out of bounds for axis 0 with size 0") == 0);
  CHECK(jaxc_histogramdd(m, 2, (const int64_t[]){3, -2}, NULL, NULL, NULL, false, &h, NULL) != 0 &&
        strcmp(jaxc_last_error(), "Number of samples, -1, must be non-negative.") == 0);
  CHECK(jaxc_histogramdd(NULL, 0, NULL, NULL, NULL, NULL, false, &h, NULL) != 0 && strcmp(jaxc_last_error(), "histogramdd: the sample is NULL") == 0);
  CHECK(jaxc_histogramdd(m, 0, NULL, NULL, NULL, NULL, false, NULL, NULL) != 0 && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_histogram2d(x, y7, NULL, NULL, NULL, NULL, false, &h, &ex, &ey) != 0 && !h && !ex && !ey &&
        strcmp(jaxc_last_error(), "All input arrays must have the same shape.") == 0);
  CHECK(jaxc_histogram2d(x, NULL, NULL, NULL, NULL, NULL, false, &h, &ex, &ey) != 0 && strcmp(jaxc_last_error(), "histogram2d: y is NULL") == 0);
  jaxc_array *x0 = jaxc_scalar(JAXC_F32, 1, 0), *y0 = jaxc_scalar(JAXC_F32, 2, 0);
  CHECK(jaxc_histogram2d(x0, y0, NULL, NULL, NULL, NULL, false, &h, &ex, &ey) != 0 &&
        strcmp(jaxc_last_error(), "not enough values to unpack (expected 2, got 1)") == 0);
  CHECK(jaxc_histogram2d(m, m, NULL, NULL, NULL, NULL, false, &h, &ex, &ey) != 0 && strcmp(jaxc_last_error(), "too many values to unpack (expected 2)") == 0);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT); /* weights that do not promote with the sample */
  jaxc_array *wi5 = jaxc_array_zeros(JAXC_I32, 1, (const int64_t[]){5});
  CHECK(jaxc_histogramdd(m, 0, NULL, NULL, NULL, wi5, false, &h, NULL) != 0 && jaxc_last_status() == JAXC_ERR_PROMOTION);
  CHECK(jaxc_histogram2d(x, s1, NULL, NULL, NULL, NULL, false, &h, NULL, NULL) != 0 && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array *ys = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){0}); /* no points: the min of nothing */
  CHECK(jaxc_histogram2d(ys, ys, NULL, NULL, NULL, NULL, false, &h, &ex, &ey) != 0 &&
        strcmp(jaxc_last_error(), "zero-size array to reduction operation min which has no identity") == 0);
  CHECK(jaxc_histogram2d(ys, ys, NULL, NULL, r25, NULL, false, &h, &ex, &ey) == 0 && h && h->shape[0] == 10 && jaxc_array_size(h) == 100);
  jaxc_array_free(h), jaxc_array_free(ex), jaxc_array_free(ey);
  jaxc_array *free_list[] = {x, y, eb, a, wk, wb, wx, w7, s1, s3, s0, s9, m, e0, y7, x0, y0, wi5, ys};
  for (size_t k = 0; k < sizeof free_list / sizeof free_list[0]; k++) jaxc_array_free(free_list[k]);
}

/* ---- diff, ediff1d ----------------------------------------------------------------------------------- */
static void test_diff_random(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_I8, JAXC_I32, JAXC_F16, JAXC_F32, JAXC_F64};
  for (int trial = 0; trial < 800; trial++) {
    jaxc_dtype d = dts[rnd64() % (sizeof dts / sizeof dts[0])];
    int nd = 1 + (int)(rnd64() % 3), n = (int)(rnd64() % 5);
    int64_t shape[3];
    for (int k = 0; k < nd; k++) shape[k] = (int64_t)(rnd64() % 7);
    jaxc_array *a = random_data(d, nd, shape, 0);
    d = jaxc_array_dtype(a); /* (float64 is float32 with x64 off) */
    int axis = (int)(rnd64() % (unsigned)nd) - (rnd64() % 2 ? nd : 0), ax = (axis + nd) % nd;
    bool pre = rnd64() % 3 == 0, app = rnd64() % 3 == 0;
    jaxc_array *P = pre ? jaxc_weak_int(3) : NULL, *A = NULL;
    if (app) { /* one slice of a's dtype */
      int64_t s2[3];
      memcpy(s2, shape, sizeof s2);
      s2[ax] = 1 + (int64_t)(rnd64() % 2);
      A = random_data(d, nd, s2, 0);
    }
    uint64_t before = checksum(a);
    jaxc_array *r = jaxc_diff(a, n, axis, P, A);
    n_diff_calls++;
    CHECK(checksum(a) == before);
    if (d == JAXC_BOOL && pre && n) { /* bool and a weak int promote to int (n = 0 returns a as it is) */
      CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_I32, "bool diff: %s", r ? jaxc_dtype_name(jaxc_array_dtype(r)) : jaxc_last_error());
    }
    /* the reference: the joined lanes, differenced n times in double, converted as the dtype */
    jaxc_dtype rd = d == JAXC_BOOL && pre && n ? JAXC_I32 : d;
    int64_t L = shape[ax] + (pre ? 1 : 0) + (app ? A->shape[ax] : 0), outL = L > n ? L - n : 0;
    if (!check_ok(r != NULL, jaxc_last_error())) { jaxc_array_free(a), jaxc_array_free(P), jaxc_array_free(A); continue; }
    CHECK(jaxc_array_dtype(r) == rd && r->ndim == nd);
    int64_t rs[3];
    memcpy(rs, shape, sizeof rs);
    rs[ax] = n ? outL : shape[ax];
    for (int k = 0; k < nd; k++) CHECK_EQ_INT(r->shape[k], rs[k]);
    int64_t outer = 1, inner = 1;
    for (int k = 0; k < ax; k++) outer *= shape[k];
    for (int k = ax + 1; k < nd; k++) inner *= shape[k];
    double *lane = malloc(sizeof(double) * (size_t)(L + 1));
    for (int64_t o = 0; o < outer && n && r->ndim == nd && r->shape[ax] == outL; o++)
      for (int64_t in = 0; in < inner; in++) {
        int64_t j = 0;
        if (pre) lane[j++] = 3;
        for (int64_t i = 0; i < shape[ax]; i++) lane[j++] = elem(d, a->data, (o * shape[ax] + i) * inner + in);
        for (int64_t i = 0; app && i < A->shape[ax]; i++) lane[j++] = elem(d, A->data, (o * A->shape[ax] + i) * inner + in);
        for (int s = 0; s < n; s++)
          for (int64_t i = 0; i + 1 < L - s; i++) {
            double v = rd == JAXC_BOOL ? (double)(lane[i + 1] != lane[i]) : lane[i + 1] - lane[i];
            if (rd == JAXC_U8) v = (double)(uint8_t)(int)v;
            else if (rd == JAXC_I8) v = (double)(int8_t)(int)v;
            else if (is_float(rd)) v = rnd(rd, v);
            lane[i] = v;
          }
        for (int64_t i = 0; i < outL; i++) {
          double got = elem(rd, r->data, (o * outL + i) * inner + in);
          CHECK_MSG(same_value(got, lane[i]), "diff %s n %d axis %d: %g vs %g", jaxc_dtype_name(d), n, axis, got, lane[i]);
        }
      }
    free(lane);
    jaxc_array_free(r), jaxc_array_free(a), jaxc_array_free(P), jaxc_array_free(A);
  }
}

static void test_diff_cases(void) {
  double v[8] = {2, -1, 4, 7, 3, 5, -6, 9}, b4[4] = {1, 0, 0, 1};
  int64_t sh[2] = {2, 4}, n4 = 4, n2 = 2;
  jaxc_array *a = array_of(JAXC_I32, 2, sh, v), *b = array_of(JAXC_BOOL, 1, &n4, b4);
  /* jnp.ediff1d's docstring */
  expect_print(jaxc_ediff1d(a, NULL, NULL), "Array([ -3,   5,   3,  -4,   2, -11,  15], dtype=int32)", "ediff1d");
  double e6[6] = {1, 2, 4, 8, 0, 3}, te[2] = {20, 30};
  int64_t n6 = 6;
  jaxc_array *x = array_of(JAXC_I32, 1, &n6, e6), *to_end = array_of(JAXC_F32, 1, &n2, te), *tb = jaxc_weak_int(-10);
  expect_print(jaxc_ediff1d(x, to_end, tb), "Array([-10,   1,   2,   4,  -8,   3,  20,  30], dtype=int32)", "ediff1d ends (to_end converted to int32)");
  jaxc_array *sb = jaxc_subtract(b, b); /* lax.sub's refusal, as jaxc_subtract words it */
  char want[200];
  snprintf(want, sizeof want, "%s", jaxc_last_error());
  CHECK(!sb && strstr(want, "sub does not accept dtype bool") == want);
  expect_error(jaxc_ediff1d(b, NULL, NULL), want);
  expect_print(jaxc_diff(b, 1, 0, NULL, NULL), "Array([ True, False,  True], dtype=bool)", "diff of bool is !=");
  expect_print(jaxc_diff(a, 0, 0, NULL, NULL), "Array([[ 2, -1,  4,  7],\n       [ 3,  5, -6,  9]], dtype=int32)", "diff n=0");
  jaxc_array *w = jaxc_weak_int(5), *f = jaxc_weak_float(0.5);
  jaxc_array *r = jaxc_diff(w, 0, 0, NULL, NULL);
  CHECK(r && jaxc_array_is_weak(r)); /* n = 0 returns the array as it is, weak or not */
  jaxc_array_free(r);
  expect_error(jaxc_diff(w, 1, 0, NULL, NULL), "diff requires input that is at least one dimensional; got 5");
  expect_error(jaxc_diff(a, -1, 0, NULL, NULL), "order must be non-negative but got -1");
  expect_error(jaxc_diff(a, 1, 2, NULL, NULL), "axis 2 is out of bounds for array of dimension 2");
  expect_print(jaxc_diff(a, 1, 1, f, NULL), "Array([[  1.5,  -3. ,   5. ,   3. ],\n       [  2.5,   2. , -11. ,  15. ]], dtype=float32, weak_type=True)",
               "prepend a weak float: weak float32 (the join of int32 and float*)");
  expect_error(jaxc_diff(NULL, 1, 0, NULL, NULL), "diff: the array is NULL");
  expect_error(jaxc_ediff1d(NULL, NULL, NULL), "ediff1d: the array is NULL");
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(x), jaxc_array_free(to_end), jaxc_array_free(tb), jaxc_array_free(w), jaxc_array_free(f);
}

/* the gaps a mutation run found: Python's float reprs in the range message, the order of JAX's
   checks, the rank limit, the density total summed from the cells already in the dtype */
static void test_histdd_edges(void) {
  jaxc_array *m = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){5, 2}), *h = NULL, *ex = NULL, *ey = NULL;
  static const struct { double lo, hi; const char *want; } reprs[] = {
      {0.001, 0.25, "[(0.001, 0.25)]"}, {-INFINITY, INFINITY, "[(-inf, inf)]"}, {NAN, 0.5, "[(nan, 0.5)]"},
      {1e-5, 12345678901234567.0, "[(1e-05, 1.2345678901234568e+16)]"}, {100, -0.0001, "[(100.0, -0.0001)]"}};
  for (int k = 0; k < 5; k++) {
    const double *r[1] = {(const double[]){reprs[k].lo, reprs[k].hi}};
    char want[200];
    snprintf(want, sizeof want, "For sample.shape=(5, 2), range must be a sequence of 2 pairs or Nones; got range=%s", reprs[k].want);
    CHECK(jaxc_histogramdd(m, 1, NULL, NULL, r, NULL, false, &h, NULL) != 0 && !h);
    CHECK_MSG(strcmp(jaxc_last_error(), want) == 0, "range repr: %s", jaxc_last_error());
  }
  /* a 0-d sample passes the weights check with 0-d weights (shape(sample)[:1] is ()), then unpacks */
  jaxc_array *s0 = jaxc_scalar(JAXC_F32, 1, 0), *w0 = jaxc_scalar(JAXC_F32, 2, 0);
  CHECK(jaxc_histogramdd(s0, 0, NULL, NULL, NULL, w0, false, &h, NULL) != 0 &&
        strcmp(jaxc_last_error(), "not enough values to unpack (expected 2, got 0)") == 0);
  /* range is checked before bins; edges alone count as bins */
  const double *r3[3] = {(const double[]){0, 1}, NULL, NULL};
  CHECK(jaxc_histogramdd(m, 3, (const int64_t[]){1, 2, 3}, NULL, r3, NULL, false, &h, NULL) != 0 &&
        strncmp(jaxc_last_error(), "For sample.shape=(5, 2), range must be", 38) == 0);
  jaxc_array *e = jaxc_linspace(0, 1, 3, true, JAXC_F32);
  const jaxc_array *e3[3] = {e, e, e};
  CHECK(jaxc_histogramdd(m, 3, NULL, e3, NULL, NULL, false, &h, NULL) != 0 && strcmp(jaxc_last_error(), "should be a bin for each dimension.") == 0);
  /* eight axes are allowed (jaxc's rank limit): all points in the one cell */
  jaxc_array *s8 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){3, 8});
  CHECK(jaxc_histogramdd(s8, 8, (const int64_t[]){1, 1, 1, 1, 1, 1, 1, 1}, NULL, NULL, NULL, false, &h, NULL) == 0 && h && h->ndim == 8 &&
        jaxc_array_size(h) == 1 && ((const int32_t *)h->data)[0] == 3);
  jaxc_array_free(h);
  /* bfloat16 density: 259 points in each of 3 bins; hist.astype(bfloat16) holds 260 each, their sum
     780, so every cell is bfloat16(260 / 780) = 0.333984375 (not 260 / 777) */
  jaxc_array *b = jaxc_array_empty(JAXC_BF16, 2, (const int64_t[]){777, 1});
  for (int i = 0; i < 777; i++) put(JAXC_BF16, b->data, i, 0.5 + i % 3);
  const double *r03[1] = {(const double[]){0, 3}};
  CHECK(jaxc_histogramdd(b, 1, (const int64_t[]){3}, NULL, r03, NULL, true, &h, NULL) == 0 && h && jaxc_array_dtype(h) == JAXC_BF16);
  for (int k = 0; k < 3 && h; k++) CHECK_MSG(elem(JAXC_BF16, h->data, k) == 0.333984375, "bf16 density %g", elem(JAXC_BF16, h->data, k));
  jaxc_array_free(h);
  /* histogram2d: x (8,) and y (8, 1) are not one shape */
  jaxc_array *x8 = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){8}), *y81 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){8, 1});
  CHECK(jaxc_histogram2d(x8, y81, NULL, NULL, NULL, NULL, false, &h, &ex, &ey) != 0 && !h && !ex && !ey &&
        strcmp(jaxc_last_error(), "All input arrays must have the same shape.") == 0);
  jaxc_array *free_list[] = {m, s0, w0, e, s8, b, x8, y81};
  for (size_t k = 0; k < sizeof free_list / sizeof free_list[0]; k++) jaxc_array_free(free_list[k]);
}

/* ---- gradient -------------------------------------------------------------------------------------- */
/* one op of the reference in dtype d: float and double in their own type; float16 and bfloat16 in
   float32 rounded after each op, as XLA:CPU computes them */
static double g_op(jaxc_dtype d, char op, double x, double y) {
  if (d == JAXC_F64) return op == '+' ? x + y : op == '-' ? x - y : op == '*' ? x * y : x / y;
  float a = (float)x, b = (float)y, r = op == '+' ? a + b : op == '-' ? a - b : op == '*' ? a * b : a / b;
  return rnd(d, (double)r);
}
/* element i along a lane (stride st, length n) of f's gradient against JAX's lines: h scalar (hv),
   or the coordinates x (NULL: scalar) */
static double g_ref(jaxc_dtype d, const double *v, int64_t n, int64_t i, double hv, const double *x) {
  if (!x) {
    if (i == 0) return g_op(d, '/', g_op(d, '-', v[1], v[0]), hv);
    if (i == n - 1) return g_op(d, '/', g_op(d, '-', v[n - 1], v[n - 2]), hv);
    double t = g_op(d, '-', v[i + 1], v[i - 1]);
    t = g_op(d, '*', t, 0.5);
    return g_op(d, '/', t, hv);
  }
  if (i == 0) return g_op(d, '/', g_op(d, '-', v[1], v[0]), g_op(d, '-', x[1], x[0]));
  if (i == n - 1) return g_op(d, '/', g_op(d, '-', v[n - 1], v[n - 2]), g_op(d, '-', x[n - 1], x[n - 2]));
  double dx1 = g_op(d, '-', x[i], x[i - 1]), dx2 = g_op(d, '-', x[i + 1], x[i]);
  double s = g_op(d, '+', dx1, dx2);
  double a = g_op(d, '/', -dx2, g_op(d, '*', dx1, s));
  double b = g_op(d, '/', g_op(d, '-', dx2, dx1), g_op(d, '*', dx1, dx2));
  double c = g_op(d, '/', dx1, g_op(d, '*', dx2, s));
  double p = g_op(d, '*', a, v[i - 1]), q = g_op(d, '*', b, v[i]), r = g_op(d, '*', c, v[i + 1]);
  return g_op(d, '+', g_op(d, '+', p, q), r);
}
typedef enum { SP_NONE, SP_WEAK, SP_SCALAR, SP_COORDS } sp_kind;
typedef struct gcase { jaxc_dtype f; sp_kind sp; jaxc_dtype s, want; bool weak; } gcase;
static void test_gradient_random(void) {
  static const gcase cases[] = {
      {JAXC_F32, SP_NONE, 0, JAXC_F32, false},          {JAXC_I32, SP_NONE, 0, JAXC_F32, false},
      {JAXC_BOOL, SP_NONE, 0, JAXC_F32, false},         {JAXC_BF16, SP_NONE, 0, JAXC_BF16, false},
      {JAXC_F64, SP_NONE, 0, JAXC_F64, false},          {JAXC_U8, SP_WEAK, 0, JAXC_F64, true}, /* (the weak float: float64 with x64) */
      {JAXC_F16, SP_WEAK, 0, JAXC_F16, false},          {JAXC_F32, SP_WEAK, 0, JAXC_F32, false},
      {JAXC_BF16, SP_SCALAR, JAXC_F32, JAXC_F32, false}, {JAXC_F16, SP_COORDS, JAXC_F32, JAXC_F32, false},
      {JAXC_F64, SP_COORDS, JAXC_F32, JAXC_F64, false}, {JAXC_I8, SP_COORDS, JAXC_F16, JAXC_F16, false},
      {JAXC_F32, SP_COORDS, JAXC_I32, JAXC_F32, false}, {JAXC_F32, SP_COORDS, JAXC_F32, JAXC_F32, false},
      {JAXC_BF16, SP_COORDS, JAXC_BF16, JAXC_BF16, false}, {JAXC_I64, SP_SCALAR, JAXC_F16, JAXC_F16, false}};
  static const double hs[] = {0.5, 2, 3, 0.1, -1.5, 0};
  jaxc_set_x64(true);
  for (int trial = 0; trial < 1500; trial++) {
    const gcase *c = &cases[rnd64() % (sizeof cases / sizeof cases[0])];
    int nd = 1 + (int)(rnd64() % 3);
    int64_t shape[3];
    for (int k = 0; k < nd; k++) shape[k] = 2 + (int64_t)(rnd64() % (nd == 1 ? 40 : 6));
    jaxc_array *f = random_data(c->f, nd, shape, is_float(c->f) && rnd64() % 3 == 0 ? 5 : 0);
    int axes[4], naxes = 0;
    bool all = rnd64() % 3 == 0;
    if (!all) {
      naxes = 1 + (int)(rnd64() % (unsigned)nd);
      for (int k = 0; k < naxes; k++) axes[k] = (int)(rnd64() % (unsigned)nd) - (rnd64() % 2 ? nd : 0);
    }
    int m = all ? nd : naxes, nsp = c->sp == SP_NONE ? 0 : rnd64() % 2 ? 1 : m;
    jaxc_array *sp[4] = {NULL};
    double hv[4] = {1, 1, 1, 1}, *coords[4] = {NULL};
    for (int k = 0; k < nsp; k++) {
      int ax = all ? k : (axes[k < naxes ? k : 0] + nd) % nd;
      if (nsp == 1) ax = -1; /* (one for every axis: a scalar, or coordinates when the axes share a length) */
      bool same_len = true;
      for (int j = 0; j < m; j++) same_len &= shape[all ? j : (axes[j] + nd) % nd] == shape[all ? 0 : (axes[0] + nd) % nd];
      if (c->sp == SP_COORDS && (ax >= 0 || same_len)) {
        int64_t len = shape[ax >= 0 ? ax : all ? 0 : (axes[0] + nd) % nd];
        coords[k] = malloc(sizeof(double) * (size_t)len);
        double at = (double)(int64_t)(rnd64() % 9) - 4;
        for (int64_t j = 0; j < len; j++) /* (repeats: 0 / 0) */
          coords[k][j] = to_dtype(c->s, at), at += (double)(rnd64() % 9) / (is_float(c->s) ? 4 : 1);
        sp[k] = array_of(c->s, 1, &len, coords[k]);
        for (int64_t j = 0; j < len; j++) coords[k][j] = to_dtype(c->want, coords[k][j]);
      } else {
        hv[k] = hs[rnd64() % 6];
        if (c->sp != SP_WEAK && !is_float(c->s)) hv[k] = trunc(hv[k]); /* (what an integer scalar holds) */
        sp[k] = c->sp == SP_WEAK ? jaxc_weak_float(hv[k]) : jaxc_scalar(c->s, hv[k], 0); /* (0-d of s: the same join) */
        hv[k] = to_dtype(c->want, to_dtype(c->sp == SP_WEAK ? c->want : c->s, hv[k]));
      }
    }
    uint64_t before = checksum(f);
    jaxc_array *out[4] = {NULL};
    int st = jaxc_gradient(f, nsp, (const jaxc_array *const *)sp, naxes, all ? NULL : axes, out);
    n_diff_calls++;
    CHECK(checksum(f) == before);
    if (check_ok(st == 0, jaxc_last_error())) {
      for (int k = 0; k < m; k++) {
        int ax = all ? k : (axes[k] + nd) % nd, s = nsp == 1 ? 0 : k;
        const jaxc_array *g = out[k];
        jaxc_dtype want = c->want;
        CHECK_MSG(g && jaxc_array_dtype(g) == want && g->weak == c->weak && g->ndim == nd, "gradient of %s: %s%s, want %s%s",
                  jaxc_dtype_name(c->f), g ? jaxc_dtype_name(jaxc_array_dtype(g)) : "NULL", g && g->weak ? " weak" : "", jaxc_dtype_name(want),
                  c->weak ? " weak" : "");
        if (!g || jaxc_array_dtype(g) != want) continue;
        int64_t n = shape[ax], stride = 1, total = jaxc_array_size(f);
        for (int j = ax + 1; j < nd; j++) stride *= shape[j];
        double *lane = malloc(sizeof(double) * (size_t)n);
        for (int64_t base = 0; base < total; base++) {
          if (base / stride % n != 0) continue; /* one lane per start */
          for (int64_t i = 0; i < n; i++) lane[i] = to_dtype(want, elem(c->f, f->data, base + i * stride));
          for (int64_t i = 0; i < n; i++) {
            double r = g_ref(want, lane, n, i, nsp ? hv[s] : 1, nsp ? coords[s] : NULL), got = elem(want, g->data, base + i * stride);
            CHECK_MSG(same_value(got, r), "%s gradient axis %d of %lld, element %lld: %.17g vs %.17g (f %s, spacing %d of kind %d, h %g, %s)",
                      jaxc_dtype_name(want), ax, (long long)n, (long long)i, got, r, jaxc_dtype_name(c->f), nsp, (int)c->sp, nsp ? hv[s] : 1,
                      all ? "all axes" : "axes given");
          }
        }
        free(lane);
      }
    }
    for (int k = 0; k < m; k++) jaxc_array_free(out[k]);
    for (int k = 0; k < nsp; k++) jaxc_array_free(sp[k]), free(coords[k]);
    jaxc_array_free(f);
  }
  jaxc_set_x64(false);
}

/* the fused pass (float32/float64, a scalar spacing) bit for bit against JAX's lines run op by op
   (debug_nans makes jaxc run them), past the threaded cut too: lanes along the last axis split
   between the threads mid-lane, rows of the other axes, weak and strong spacings */
static void test_gradient_fused(void) {
  static const struct { int nd; int64_t shape[3]; } shapes[] = {
      {1, {2}}, {1, {3}}, {1, {(int64_t)1 << 20}}, {2, {1000, 601}}, {2, {3, 2}}, {3, {7, 5, 2}}, {2, {2, 300001}}, {3, {40, 3, 5000}}};
  for (int t = 0; t < 48; t++) {
    int si = t % 8, nd = shapes[si].nd;
    jaxc_dtype d = t % 16 < 8 ? JAXC_F32 : JAXC_F64;
    jaxc_set_x64(d == JAXC_F64 || t % 3 == 0);
    jaxc_array *f = jaxc_array_empty(d, nd, shapes[si].shape);
    for (int64_t i = 0; i < jaxc_array_size(f); i++) put(d, f->data, i, rnd(d, ((double)(int64_t)(rnd64() % 2000001) - 1e6) / 977.0));
    jaxc_array *h = t % 4 == 0 ? NULL : t % 4 == 1 ? jaxc_weak_float(0.3) : jaxc_scalar(d, -1.7, 0);
    int ax = (int)(rnd64() % (unsigned)nd);
    jaxc_array *fast = NULL, *slow = NULL;
    CHECK(jaxc_gradient(f, h ? 1 : 0, (const jaxc_array *const[]){h}, 1, &ax, &fast) == 0);
    jaxc_set_debug_nans(true);
    CHECK(jaxc_gradient(f, h ? 1 : 0, (const jaxc_array *const[]){h}, 1, &ax, &slow) == 0);
    jaxc_set_debug_nans(false);
    CHECK_MSG(fast && slow && jaxc_array_dtype(fast) == d && jaxc_array_dtype(slow) == d && fast->weak == slow->weak &&
                  memcmp(fast->data, slow->data, (size_t)jaxc_array_size(f) * jaxc_dtype_size(d)) == 0,
              "fused gradient of %s shape %d along %d differs from the lines", jaxc_dtype_name(d), si, ax);
    jaxc_array_free(fast), jaxc_array_free(slow), jaxc_array_free(f), jaxc_array_free(h);
  }
  jaxc_set_x64(false);
}

static void test_gradient_cases(void) {
  /* jnp.gradient's docstring: f(x) = sin(x) exp(-x / 4) at linspace(0, 5, 10), printed to 2 places */
  static const double want[10] = {0.83, 0.61, 0.18, -0.2, -0.43, -0.49, -0.39, -0.21, -0.02, 0.08};
  jaxc_array *x = jaxc_linspace(0, 5, 10, true, JAXC_F32), *s = jaxc_unary(JAXC_OP_SIN, x), *q = jaxc_weak_float(-4);
  jaxc_array *xq = jaxc_binary(JAXC_OP_TRUE_DIVIDE, x, q), *e = jaxc_unary(JAXC_OP_EXP, xq), *f = jaxc_binary(JAXC_OP_MULTIPLY, s, e);
  jaxc_array *g[3] = {NULL, NULL, NULL};
  CHECK(jaxc_gradient(f, 1, (const jaxc_array *const[]){x}, 0, NULL, g) == 0 && g[0] && jaxc_array_dtype(g[0]) == JAXC_F32);
  for (int k = 0; k < 10 && g[0]; k++) CHECK_MSG(fabs(elem(JAXC_F32, g[0]->data, k) - want[k]) <= 0.005 + 1e-6, "docstring gradient %d: %g", k, elem(JAXC_F32, g[0]->data, k));
  jaxc_array_free(g[0]);
  /* numpy's docstring values, exact in float32 */
  double fv[6] = {1, 2, 4, 7, 11, 16}, xv[6] = {0, 1, 1.5, 3.5, 4, 6};
  int64_t n6 = 6;
  jaxc_array *fa = array_of(JAXC_F32, 1, &n6, fv), *xa = array_of(JAXC_F32, 1, &n6, xv), *two = jaxc_weak_float(2);
  CHECK(jaxc_gradient(fa, 0, NULL, 0, NULL, g) == 0);
  expect_print(g[0], "Array([1. , 1.5, 2.5, 3.5, 4.5, 5. ], dtype=float32)", "gradient");
  CHECK(jaxc_gradient(fa, 1, (const jaxc_array *const[]){two}, 0, NULL, g) == 0);
  expect_print(g[0], "Array([0.5 , 0.75, 1.25, 1.75, 2.25, 2.5 ], dtype=float32)", "gradient, spacing 2");
  double mv[6] = {1, 2, 6, 3, 4, 5};
  jaxc_array *m = array_of(JAXC_F32, 2, (const int64_t[]){2, 3}, mv);
  CHECK(jaxc_gradient(m, 0, NULL, 0, NULL, g) == 0);
  expect_print(g[0], "Array([[ 2.,  2., -1.],\n       [ 2.,  2., -1.]], dtype=float32)", "gradient axis 0");
  expect_print(g[1], "Array([[1. , 2.5, 4. ],\n       [1. , 1. , 1. ]], dtype=float32)", "gradient axis 1");
  CHECK(jaxc_gradient(m, 1, (const jaxc_array *const[]){two}, 1, (const int[]){-1}, g) == 0);
  expect_print(g[0], "Array([[0.5 , 1.25, 2.  ],\n       [0.5 , 0.5 , 0.5 ]], dtype=float32)", "gradient axis -1, spacing 2");
  /* complex: the parts' differences (exact here) */
  jaxc_array *cz = jaxc_array_empty(JAXC_C64, 1, &n6);
  for (int k = 0; k < 6; k++) ((float *)cz->data)[2 * k] = (float)fv[k], ((float *)cz->data)[2 * k + 1] = (float)-xv[k];
  CHECK(jaxc_gradient(cz, 1, (const jaxc_array *const[]){two}, 0, NULL, g) == 0 && g[0] && jaxc_array_dtype(g[0]) == JAXC_C64);
  for (int k = 0; k < 6 && g[0]; k++) {
    int lo = k == 0 ? 0 : k - 1, hi = k == 5 ? 5 : k + 1;
    double dre = (fv[hi] - fv[lo]) / (hi - lo) / 2, dim = -(xv[hi] - xv[lo]) / (hi - lo) / 2;
    CHECK(((float *)g[0]->data)[2 * k] == (float)dre && ((float *)g[0]->data)[2 * k + 1] == (float)dim);
  }
  jaxc_array_free(g[0]);
  /* nothing to do: a 0-d f, an empty axis tuple */
  jaxc_array *z0 = jaxc_scalar(JAXC_F32, 1, 0);
  g[0] = (jaxc_array *)&n6;
  CHECK(jaxc_gradient(z0, 0, NULL, 0, NULL, g) == 0 && g[0] == (jaxc_array *)&n6);
  CHECK(jaxc_gradient(m, 0, NULL, 0, (const int[]){0}, g) == 0 && g[0] == (jaxc_array *)&n6);
  /* errors, in JAX's words; nothing returned */
  jaxc_array *x3 = array_of(JAXC_F32, 1, (const int64_t[]){3}, xv), *x23 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 3});
  jaxc_array *r1 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){1, 4}), *h16 = jaxc_array_zeros(JAXC_F16, 0, NULL);
  g[0] = g[1] = (jaxc_array *)&n6;
  CHECK(jaxc_gradient(m, 1, (const jaxc_array *const[]){xa}, 0, NULL, g) != 0 && !g[0] && !g[1] &&
        strcmp(jaxc_last_error(), "Spacing arrays must have the same length as the dimension along which the gradient is calculated.") == 0);
  g[0] = g[1] = (jaxc_array *)&n6; /* (axis 0's gradient made, then axis 1's spacing refused: both NULL) */
  CHECK(jaxc_gradient(m, 2, (const jaxc_array *const[]){two, x23}, 0, NULL, g) != 0 && !g[0] && !g[1] &&
        strcmp(jaxc_last_error(), "Spacing arrays must be 1D arrays or scalars.") == 0);
  CHECK(jaxc_gradient(m, 2, (const jaxc_array *const[]){x3, two}, 0, NULL, g) != 0);
  CHECK(jaxc_gradient(r1, 0, NULL, 0, NULL, g) != 0 &&
        strcmp(jaxc_last_error(), "Shape of array too small to calculate a numerical gradient, at least 2 elements are required.") == 0);
  CHECK(jaxc_gradient(r1, 0, NULL, 1, (const int[]){1}, g) == 0 && g[0]); /* (the long axis alone) */
  jaxc_array_free(g[0]);
  CHECK(jaxc_gradient(m, 3, (const jaxc_array *const[]){two, two, two}, 0, NULL, g) != 0 &&
        strcmp(jaxc_last_error(), "Invalid number of spacing arguments 3 for axis=None") == 0);
  CHECK(jaxc_gradient(m, 2, (const jaxc_array *const[]){two, two}, 1, (const int[]){0}, g) != 0 &&
        strcmp(jaxc_last_error(), "Invalid number of spacing arguments 2 for axis=0") == 0);
  CHECK(jaxc_gradient(m, 3, (const jaxc_array *const[]){two, two, two}, 2, (const int[]){0, -1}, g) != 0 &&
        strcmp(jaxc_last_error(), "Invalid number of spacing arguments 3 for axis=(0, -1)") == 0);
  CHECK(jaxc_gradient(m, 0, NULL, 1, (const int[]){2}, g) != 0 && strcmp(jaxc_last_error(), "axis 2 is out of bounds for array of dimension 2") == 0);
  CHECK(jaxc_gradient(NULL, 0, NULL, 0, NULL, g) != 0 && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_gradient(m, 1, NULL, 0, NULL, g) != 0 && jaxc_last_status() == JAXC_ERR_ARG);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  CHECK(jaxc_gradient(m, 1, (const jaxc_array *const[]){h16}, 0, NULL, g) != 0 && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array *free_list[] = {x, s, q, xq, e, f, fa, xa, two, m, cz, z0, x3, x23, r1, h16};
  for (size_t k = 0; k < sizeof free_list / sizeof free_list[0]; k++) jaxc_array_free(free_list[k]);
}

int main(void) {
  test_quantile_examples();
  test_quantile_errors();
  test_quantile_random();
  test_quantile_large();
  test_quantile_select();
  test_quantile_properties();
  test_histogram_cases();
  test_histogram_random();
  test_histogram_large();
  test_histdd_random();
  test_histdd_large();
  test_histdd_cases();
  test_histdd_edges();
  test_gradient_random();
  test_gradient_cases();
  test_gradient_fused();
  test_diff_cases();
  test_diff_random();
  printf("test_stats: %ld quantile calls (%ld values), %ld histograms, %ld diffs\n", n_quantile_calls, n_quantile_values, n_hist_calls,
         n_diff_calls);
  return check_summary("test_stats");
}
