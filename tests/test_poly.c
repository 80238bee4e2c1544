/* test_poly.c — polyval, polyadd, polysub, polymul, polyder, polyint, the windows (hanning,
   hamming, blackman, bartlett), unwrap, packbits/unpackbits, resize and trim_zeros.
   References written here, not from the library:
     - polynomials in long double from the operands' values converted to the result dtype
       (Horner, sums of products, falling factorials), exact where every value is a small integer;
     - the windows' formulas in long double from the argument rounded as JAX rounds it (2 pi n,
       then / (M - 1), in the dtype);
     - unwrap: a random walk of steps below pi, wrapped into [-pi, pi), must come back up to a
       constant multiple of 2 pi (and numpy's rule written out for the exact cases);
     - bits set and read one by one for packbits/unpackbits, and their round trip;
     - resize and trim_zeros against index loops;
     - JAX/NumPy facts: the docstrings' examples, JAX's messages. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static const unsigned char *elem(const jaxc_array *a, int64_t i) {
  return (const unsigned char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(jaxc_array_dtype(a));
}
static int64_t rnd_dim(int hi) { return (int64_t)(rnd64() % (uint64_t)(hi + 1)); }
static ordval val(const jaxc_array *a, int64_t i) {
  ordval v = decode(jaxc_array_dtype(a), elem(a, i));
  if (v.cls != 2) v.re = v.cls == 0 ? (double)v.u : (double)v.i, v.im = 0, v.cls = 2;
  return v;
}
static bool same_shape(const jaxc_array *a, int nd, const int64_t *s) {
  if (!a || jaxc_array_ndim(a) != nd) return false;
  for (int k = 0; k < nd; k++)
    if (jaxc_array_shape(a)[k] != s[k]) return false;
  return true;
}
static jaxc_dtype inexact_of(jaxc_dtype d) {
  if (jaxc_dtype_kind(d) == JAXC_KIND_FLOAT || jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX) return d;
  return jaxc_dtype_size(d) == 8 ? JAXC_F64 : JAXC_F32;
}
static jaxc_array *f64_vector(int64_t n, const double *v) { return jaxc_array_from_data(JAXC_F64, 1, &n, v); }
static bool near(long double got, long double want, long double scale, jaxc_dtype d, int ulps) {
  return fabsl(got - want) <= ulps * eps_of(d) * (fabsl(want) + scale) + 1e-300L;
}

/* ---- polynomials ---------------------------------------------------------------------------------- */
static const jaxc_dtype pts[] = {JAXC_I8, JAXC_I32, JAXC_F16, JAXC_BF16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_I64};
#define NPTS ((int)(sizeof pts / sizeof pts[0]))

static void test_polyval(void) {
  jaxc_set_x64(true);
  for (int it = 0; it < 300; it++) {
    int64_t L = rnd_dim(6), k = 1 + rnd_dim(3), xs = rnd64() % 3 ? k : 1;
    bool twod = rnd64() % 3 == 0;
    jaxc_dtype dp = pts[rnd64() % NPTS], dx = pts[rnd64() % NPTS];
    jaxc_array *p = twod ? small_random_array(dp, 2, (int64_t[]){L, k}) : small_random_array(dp, 1, &L);
    jaxc_array *x = small_random_array(dx, 1, &xs);
    jaxc_array *r = jaxc_polyval(p, x);
    bool w;
    jaxc_dtype want = inexact_of(jaxc_binary_result(JAXC_OP_ADD, p, x, &w));
    int64_t n = twod ? (k > xs ? k : xs) : xs;
    CHECK_MSG(same_shape(r, 1, &n) && jaxc_array_dtype(r) == want && !jaxc_array_is_weak(r), "polyval #%d: %s", it, r ? "shape/dtype" : jaxc_last_error());
    long bad = 0;
    for (int64_t j = 0; r && j < n; j++) {
      long double yr = 0, yi = 0, mag = 0;
      ordval xv = val(x, xs == 1 ? 0 : j);
      for (int64_t i = 0; i < L; i++) {
        ordval pv = val(p, twod ? i * k + (k == 1 ? 0 : j) : i);
        long double tr = yr * xv.re - yi * xv.im + pv.re, ti = yr * xv.im + yi * xv.re + pv.im;
        yr = tr, yi = ti, mag = mag * fabsl((long double)xv.re) + fabsl(tr);
      }
      ordval got = val(r, j);
      bad += !near(got.re, yr, mag, want, 4 * (int)(L + 1)) || !near(got.im, yi, mag, want, 4 * (int)(L + 1));
    }
    CHECK_MSG(bad == 0, "polyval #%d (%s, %s): %ld off", it, jaxc_dtype_name(dp), jaxc_dtype_name(dx), bad);
    jaxc_array_free(p), jaxc_array_free(x), jaxc_array_free(r);
  }
  /* the fused float32/float64 line against JAX's ops one by one (debug_nans takes that path):
     the same roundings, so the same bits; sizes past the threaded cut too */
  for (int it = 0; it < 12; it++) {
    jaxc_dtype d = it % 2 ? JAXC_F64 : JAXC_F32;
    int64_t L = rnd_dim(9), n = it % 3 == 0 ? (int64_t)1 << 18 : 1 + rnd_dim(1000);
    jaxc_array *p = small_random_array(d, 1, &L), *x = jaxc_array_empty(d, 1, &n);
    for (int64_t i = 0; i < n; i++) { /* values in [-2, 2): no overflow over 9 coefficients */
      double v = (double)(rnd64() % 4000001) / 1e6 - 2;
      if (d == JAXC_F64) ((double *)(void *)jaxc_array_data(x))[i] = v;
      else ((float *)(void *)jaxc_array_data(x))[i] = (float)v;
    }
    jaxc_array *fast = jaxc_polyval(p, x);
    jaxc_set_debug_nans(true);
    jaxc_array *slow = jaxc_polyval(p, x);
    jaxc_set_debug_nans(false);
    CHECK_MSG(fast && slow && jaxc_array_size(fast) == n && memcmp(jaxc_array_data(fast), jaxc_array_data(slow), (size_t)n * jaxc_dtype_size(d)) == 0,
              "polyval fused vs op by op, %s, %lld coefficients, n %lld", jaxc_dtype_name(d), (long long)L, (long long)n);
    jaxc_array_free(p), jaxc_array_free(x), jaxc_array_free(fast), jaxc_array_free(slow);
  }
  jaxc_set_x64(false);
  /* np.polyval([3, 0, 1], 5) = 76; a weak p and x: still strong (zeros with a dtype start it) */
  jaxc_array *p = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){3, 0, 1}), *x = jaxc_weak_int(5);
  jaxc_array *r = jaxc_polyval(p, x);
  expect_print(r, "Array(76., dtype=float32)", "polyval([3, 0, 1], 5)");
  jaxc_array *s = jaxc_weak_float(2.0);
  CHECK_FAILS(jaxc_polyval(s, x), "scan got value with no leading axis to scan over: float32[].");
  jaxc_array_free(p), jaxc_array_free(x), jaxc_array_free(s);
}

static void test_polyadd_sub_mul(void) {
  static const jaxc_dtype ats[] = {JAXC_I8, JAXC_I16, JAXC_I32, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_U8};
  for (int it = 0; it < 400; it++) {
    int64_t l1 = 1 + rnd_dim(6), l2 = 1 + rnd_dim(6);
    jaxc_dtype d1 = ats[rnd64() % 8], d2 = ats[rnd64() % 8];
    bool sub = rnd64() % 2;
    if (sub && (jaxc_dtype_kind(d1) == JAXC_KIND_UINT || jaxc_dtype_kind(d2) == JAXC_KIND_UINT)) d1 = d2 = JAXC_I16;
    jaxc_array *a = small_random_array(d1, 1, &l1), *b = small_random_array(d2, 1, &l2);
    if (jaxc_dtype_kind(d1) == JAXC_KIND_UINT) jaxc_array_free(a), a = jaxc_array_ones(d1, 1, &l1);
    if (jaxc_dtype_kind(d2) == JAXC_KIND_UINT) jaxc_array_free(b), b = jaxc_array_ones(d2, 1, &l2);
    jaxc_array *r = sub ? jaxc_polysub(a, b) : jaxc_polyadd(a, b);
    bool w;
    jaxc_dtype want = jaxc_binary_result(JAXC_OP_ADD, a, b, &w);
    int64_t n = l1 > l2 ? l1 : l2;
    CHECK_MSG(same_shape(r, 1, &n) && jaxc_array_dtype(r) == want, "poly%s #%d: %s", sub ? "sub" : "add", it, r ? "shape/dtype" : jaxc_last_error());
    long bad = 0;
    for (int64_t i = 0; r && i < n; i++) {
      ordval x = i >= n - l1 ? val(a, i - (n - l1)) : (ordval){2, 0, 0, 0, 0}, y = i >= n - l2 ? val(b, i - (n - l2)) : (ordval){2, 0, 0, 0, 0};
      ordval g = val(r, i);
      bad += g.re != (sub ? x.re - y.re : x.re + y.re) || g.im != (sub ? x.im - y.im : x.im + y.im);
    }
    CHECK_MSG(bad == 0, "poly%s #%d: %ld differ", sub ? "sub" : "add", it, bad);
    jaxc_array_free(r);
    /* polymul: the full convolution, exact on these values in every inexact dtype but the 16-bit */
    bool trim = rnd64() % 2;
    if (trim) memset((void *)jaxc_array_data(a), 0, jaxc_dtype_size(jaxc_array_dtype(a))); /* (a leading zero to trim) */
    r = jaxc_polymul(a, b, trim);
    int64_t t1 = 0, t2 = 0;
    while (trim && (l1 > 1 || l2 > 1) && t1 < l1 && val(a, t1).re == 0 && val(a, t1).im == 0) t1++;
    while (trim && (l1 > 1 || l2 > 1) && t2 < l2 && val(b, t2).re == 0 && val(b, t2).im == 0) t2++;
    int64_t m1 = l1 - t1 ? l1 - t1 : 1, m2 = l2 - t2 ? l2 - t2 : 1, nm = m1 + m2 - 1;
    want = inexact_of(want);
    CHECK_MSG(same_shape(r, 1, &nm) && jaxc_array_dtype(r) == want, "polymul #%d: %s", it, r ? "shape/dtype" : jaxc_last_error());
    for (int64_t i = 0; r && i < nm; i++) {
      long double re = 0, im = 0, mag = 0;
      for (int64_t j = 0; j < m1; j++) {
        int64_t q = i - j;
        if (q < 0 || q >= m2) continue;
        ordval x = l1 - t1 ? val(a, t1 + j) : (ordval){2, 0, 0, 0, 0}, y = l2 - t2 ? val(b, t2 + q) : (ordval){2, 0, 0, 0, 0};
        re += (long double)x.re * y.re - (long double)x.im * y.im, im += (long double)x.re * y.im + (long double)x.im * y.re;
        mag += fabsl((long double)x.re * y.re) + fabsl((long double)x.im * y.im);
      }
      ordval g = val(r, i);
      bad += !near(g.re, re, mag, want, 8) || !near(g.im, im, mag, want, 8);
    }
    CHECK_MSG(bad == 0, "polymul #%d (%s, %s, trim %d): %ld off", it, jaxc_dtype_name(d1), jaxc_dtype_name(d2), trim, bad);
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(r);
  }
  jaxc_array *a = f64_vector(3, (double[]){1, 2, 3}), *b = f64_vector(2, (double[]){4, 5});
  expect_print(jaxc_polyadd(a, b), "Array([1., 6., 8.], dtype=float32)", "polyadd docstring");
  expect_print(jaxc_polysub(a, b), "Array([ 1., -2., -2.], dtype=float32)", "polysub");
  expect_print(jaxc_polymul(a, b, false), "Array([ 4., 13., 22., 15.], dtype=float32)", "polymul");
  jaxc_array *s = jaxc_weak_int(1);
  CHECK_FAILS(jaxc_polyadd(a, s), "tuple index out of range");
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(s);
}

static void test_polyder_int(void) {
  for (int it = 0; it < 300; it++) {
    int64_t L = rnd_dim(7);
    int m = (int)rnd_dim(3);
    jaxc_dtype d = pts[rnd64() % NPTS];
    jaxc_array *p = small_random_array(d, 1, &L);
    jaxc_dtype want = inexact_of(jaxc_array_dtype(p));
    jaxc_array *r = jaxc_polyder(p, m);
    int64_t n = m == 0 ? L : L > m ? L - m : 0;
    CHECK_MSG(same_shape(r, 1, &n) && jaxc_array_dtype(r) == want, "polyder #%d: %s", it, r ? "shape/dtype" : jaxc_last_error());
    long bad = 0;
    for (int64_t i = 0; r && i < n; i++) { /* p[i] * (L-1-i)(L-2-i)...(L-m-i) */
      long double f = 1;
      for (int j = 0; j < m; j++) f *= (long double)(L - 1 - i - j);
      ordval g = val(r, i), x = val(p, i);
      bad += !near(g.re, f * x.re, 0, want, 4) || !near(g.im, f * x.im, 0, want, 4);
    }
    CHECK_MSG(bad == 0, "polyder #%d (%s, m=%d): %ld off", it, jaxc_dtype_name(d), m, bad);
    jaxc_array_free(r);
    /* polyint with k a scalar, or m of them */
    jaxc_array *k = rnd64() % 2 ? NULL : rnd64() % 2 ? jaxc_weak_float(0.5) : small_random_array(JAXC_F32, 1, (int64_t[]){m});
    r = jaxc_polyint(p, m, k);
    bool w;
    jaxc_dtype wk = k ? inexact_of(jaxc_binary_result(JAXC_OP_ADD, p, k, &w)) : want;
    int64_t ni = L + m;
    CHECK_MSG(same_shape(r, 1, &ni) && jaxc_array_dtype(r) == wk, "polyint #%d: %s", it, r ? "shape/dtype" : jaxc_last_error());
    for (int64_t i = 0; r && i < ni; i++) {
      long double c = 1;
      for (int j = 0; j < m; j++) c *= fmaxl(1, (long double)(ni - 1 - i - j));
      ordval x = i < L ? val(p, i) : !k ? (ordval){2, 0, 0, 0, 0} : jaxc_array_ndim(k) ? val(k, i - L) : val(k, 0), g = val(r, i);
      bad += !near(g.re, x.re / c, 0, wk, 8) || !near(g.im, x.im / c, 0, wk, 8);
    }
    CHECK_MSG(bad == 0, "polyint #%d (%s, m=%d): %ld off", it, jaxc_dtype_name(d), m, bad);
    jaxc_array_free(p), jaxc_array_free(k), jaxc_array_free(r);
  }
  jaxc_array *p = f64_vector(4, (double[]){1, 1, 1, 1});
  expect_print(jaxc_polyder(p, 1), "Array([3., 2., 1.], dtype=float32)", "polyder");
  jaxc_array *q = f64_vector(3, (double[]){1, 1, 1});
  expect_print(jaxc_polyint(q, 1, NULL), "Array([0.33333334, 0.5       , 1.        , 0.        ], dtype=float32)", "polyint");
  CHECK_FAILS(jaxc_polyder(p, -1), "Order of derivative must be positive");
  CHECK_FAILS(jaxc_polyint(p, -1, NULL), "Order of integral must be positive (see polyder)");
  jaxc_array *k3 = f64_vector(3, (double[]){1, 2, 3});
  CHECK_FAILS(jaxc_polyint(p, 2, k3), "k must be a scalar or a rank-1 array of length 1 or m.");
  jaxc_array_free(p), jaxc_array_free(q), jaxc_array_free(k3);
}

/* ---- windows ------------------------------------------------------------------------------------ */
static void test_windows(void) {
  jaxc_array *(*const fn[4])(int64_t) = {jaxc_hanning, jaxc_hamming, jaxc_blackman, jaxc_bartlett};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    jaxc_dtype d = x64 ? JAXC_F64 : JAXC_F32;
    for (int f = 0; f < 4; f++)
      for (int64_t M = 0; M < 70; M += 1 + (M > 10) * 7) {
        jaxc_array *r = fn[f](M);
        CHECK_MSG(same_shape(r, 1, &M) && jaxc_array_dtype(r) == d && !jaxc_array_is_weak(r), "window %d M=%lld", f, (long long)M);
        long bad = 0;
        for (int64_t i = 0; r && i < M; i++) {
          long double want = 1, got = val(r, i).re;
          if (M > 1) {
            /* the argument as JAX rounds it: (2 pi * n) / (M - 1) in the dtype */
            long double a1 = x64 ? (double)(6.283185307179586 * (double)i) / (double)(M - 1)
                                 : (float)((float)(6.283185307179586 * (float)i) / (float)(M - 1));
            long double a2 = x64 ? (double)(12.566370614359172 * (double)i) / (double)(M - 1)
                                 : (float)((float)(12.566370614359172 * (float)i) / (float)(M - 1));
            want = f == 0 ? 0.5L * (1 - cosl(a1)) : f == 1 ? 0.54L - 0.46L * cosl(a1)
                 : f == 2 ? 0.42L - 0.5L * cosl(a1) + 0.08L * cosl(a2) : 1 - fabsl(2.0L * i + 1 - M) / (M - 1);
          }
          bad += !near(got, want, 1, d, 8);
        }
        CHECK_MSG(bad == 0, "window %d M=%lld x64=%d: %ld off", f, (long long)M, x64, bad);
        jaxc_array_free(r);
      }
  }
  jaxc_set_x64(false);
  expect_print(jaxc_hanning(5), "Array([0. , 0.5, 1. , 0.5, 0. ], dtype=float32)", "hanning(5)");
  expect_print(jaxc_bartlett(5), "Array([0. , 0.5, 1. , 0.5, 0. ], dtype=float32)", "bartlett(5)");
  expect_print(jaxc_hamming(1), "Array([1.], dtype=float32)", "hamming(1)");
  CHECK_FAILS(jaxc_blackman(-1), "broadcast_in_dim shape must have every element be nonnegative, got (-1,).");
}

/* ---- unwrap ---------------------------------------------------------------------------------------- */
static void test_unwrap(void) {
  const double pi = 3.141592653589793;
  for (int it = 0; it < 200; it++) {
    int64_t n = 1 + rnd_dim(200);
    double *orig = (double *)malloc((size_t)n * sizeof *orig), *wr = (double *)malloc((size_t)n * sizeof *wr);
    orig[0] = (double)(rnd64() % 1000) / 100.0 - 5;
    for (int64_t i = 1; i < n; i++) orig[i] = orig[i - 1] + ((double)(rnd64() % 2001) / 1000.0 - 1) * 2.5; /* steps below 2.5 < pi */
    for (int64_t i = 0; i < n; i++) wr[i] = orig[i] - 2 * pi * floor((orig[i] + pi) / (2 * pi));
    jaxc_set_x64(true); /* (the float64 values whole, then narrowed as the case asks) */
    jaxc_array *p = f64_vector(n, wr);
    jaxc_set_x64(it % 2);
    jaxc_array *pp = jaxc_astype(p, it % 2 ? JAXC_F64 : JAXC_F32);
    jaxc_array *r = jaxc_unwrap(pp, NULL, -1, NULL);
    CHECK_MSG(same_shape(r, 1, &n) && jaxc_array_dtype(r) == jaxc_array_dtype(pp), "unwrap #%d", it);
    long bad = 0;
    double c = r ? val(r, 0).re - orig[0] : 0;
    for (int64_t i = 0; r && i < n; i++) bad += fabs(val(r, i).re - orig[i] - c) > (it % 2 ? 1e-9 : 2e-3 * (1 + fabs(orig[i])));
    CHECK_MSG(bad == 0, "unwrap #%d (n %lld): %ld off", it, (long long)n, bad);
    jaxc_array_free(p), jaxc_array_free(pp), jaxc_array_free(r);
    free(orig), free(wr);
  }
  jaxc_set_x64(false);
  /* integers with period 6: numpy's rule in exact arithmetic; discont below period / 2 */
  jaxc_array *p = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){6}, (int32_t[]){0, 1, 2, 3, 4, 5});
  jaxc_array *six = jaxc_weak_int(6), *one = jaxc_weak_float(1.5);
  expect_print(jaxc_unwrap(p, NULL, -1, six), "Array([0., 1., 2., 3., 4., 5.], dtype=float32)", "unwrap period 6");
  jaxc_array *two = jaxc_weak_int(2);
  expect_print(jaxc_unwrap(p, one, -1, two), "Array([0., 1., 2., 3., 4., 5.], dtype=float32)", "unwrap period 2");
  jaxc_array_free(two);
  jaxc_array *q = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, (float[]){0, 5, 10, 15});
  expect_print(jaxc_unwrap(q, NULL, -1, six), "Array([ 0., -1., -2., -3.], dtype=float32)", "unwrap jumps of 5 with period 6");
  jaxc_array *c = jaxc_array_zeros(JAXC_C64, 1, (int64_t[]){3});
  CHECK_FAILS(jaxc_unwrap(c, NULL, -1, NULL), "jnp.unwrap does not support complex inputs.");
  jaxc_array *e = jaxc_array_zeros(JAXC_I32, 2, (int64_t[]){2, 0}), *re = jaxc_unwrap(e, NULL, -1, NULL);
  CHECK(re && jaxc_array_dtype(re) == JAXC_F32 && jaxc_array_size(re) == 0);
  jaxc_array_free(re);
  jaxc_array *s = jaxc_weak_float(1);
  CHECK_FAILS(jaxc_unwrap(s, NULL, -1, NULL), "tuple index out of range");
  jaxc_array_free(p), jaxc_array_free(six), jaxc_array_free(one), jaxc_array_free(q), jaxc_array_free(c), jaxc_array_free(e), jaxc_array_free(s);
}

/* ---- packbits, unpackbits, resize, trim_zeros ------------------------------------------------------ */
static void test_bits(void) {
  static const jaxc_dtype bts[] = {JAXC_BOOL, JAXC_U8, JAXC_I8, JAXC_I32, JAXC_U64};
  for (int it = 0; it < 300; it++) {
    int nd = 1 + (int)rnd_dim(2);
    int64_t s[3];
    for (int k = 0; k < nd; k++) s[k] = rnd_dim(11);
    jaxc_array *a = small_random_array(bts[rnd64() % 5], nd, s);
    bool little = rnd64() % 2, flat = rnd64() % 4 == 0;
    int axis = flat ? JAXC_ALL_AXES : (int)(rnd64() % (uint64_t)nd);
    jaxc_array *r = jaxc_packbits(a, axis, little ? "little" : rnd64() % 2 ? "big" : NULL);
    int ax = flat ? 0 : axis, rn = flat ? 1 : nd;
    int64_t as[3], os[3];
    if (flat) as[0] = jaxc_array_size(a);
    else memcpy(as, s, sizeof s);
    memcpy(os, as, sizeof as);
    os[ax] = (as[ax] + 7) / 8;
    CHECK_MSG(same_shape(r, rn, os) && jaxc_array_dtype(r) == JAXC_U8, "packbits #%d: %s", it, r ? "shape" : jaxc_last_error());
    long bad = 0;
    for (int64_t t = 0; r && t < jaxc_array_size(r); t++) {
      int64_t c[3];
      coords_of(t, rn, os, c);
      unsigned want = 0;
      for (int b = 0; b < 8; b++) {
        int64_t cc[3];
        memcpy(cc, c, sizeof cc);
        cc[ax] = c[ax] * 8 + b;
        if (cc[ax] >= as[ax]) continue;
        ordval v = val(a, flat_of(rn, as, cc));
        if (v.re != 0 || v.im != 0) want |= 1u << (little ? b : 7 - b);
      }
      bad += *elem(r, t) != want;
    }
    CHECK_MSG(bad == 0, "packbits #%d: %ld differ", it, bad);
    /* unpackbits back, count = the original length: the nonzero flags */
    jaxc_array *u = r ? jaxc_unpackbits(r, axis, as[ax], little ? "little" : "big") : NULL;
    CHECK_MSG(same_shape(u, rn, as), "unpackbits #%d: %s", it, u ? "shape" : jaxc_last_error());
    for (int64_t t = 0; u && t < jaxc_array_size(u); t++) {
      ordval v = val(a, t);
      bad += *elem(u, t) != (v.re != 0 || v.im != 0);
    }
    CHECK_MSG(bad == 0, "unpackbits round trip #%d: %ld differ", it, bad);
    jaxc_array_free(u);
    /* a count past the bits pads zeros; a negative one drops from the end */
    int64_t cnt = (int64_t)rnd_dim(30) - 10;
    u = r ? jaxc_unpackbits(r, axis, cnt, little ? "little" : "big") : NULL;
    int64_t bits = 8 * os[ax], keep = cnt < 0 ? (bits + cnt < 0 ? 0 : bits + cnt) : cnt;
    int64_t us[3];
    memcpy(us, os, sizeof os);
    us[ax] = keep;
    CHECK_MSG(same_shape(u, rn, us), "unpackbits count %lld #%d", (long long)cnt, it);
    for (int64_t t = 0; u && t < jaxc_array_size(u); t++) {
      int64_t c[3];
      coords_of(t, rn, us, c);
      int64_t i = c[ax];
      c[ax] = i / 8;
      unsigned want = i < bits ? (*elem(r, flat_of(rn, os, c)) >> (little ? i % 8 : 7 - i % 8)) & 1 : 0;
      bad += *elem(u, t) != want;
    }
    CHECK_MSG(bad == 0, "unpackbits count %lld #%d: %ld differ", (long long)cnt, it, bad);
    jaxc_array_free(u), jaxc_array_free(r), jaxc_array_free(a);
  }
  uint8_t v9[9] = {1, 0, 1, 1, 0, 0, 0, 1, 1};
  jaxc_array *a = jaxc_array_from_data(JAXC_U8, 1, (int64_t[]){9}, v9);
  expect_print(jaxc_packbits(a, JAXC_ALL_AXES, NULL), "Array([177, 128], dtype=uint8)", "packbits docstring");
  jaxc_array *f = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3});
  CHECK_FAILS(jaxc_packbits(f, 0, NULL), "Expected an input array of integer or boolean data type");
  CHECK_FAILS(jaxc_packbits(a, 0, "middle"), "'order' must be either 'little' or 'big'");
  jaxc_array *i8 = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){3});
  CHECK_FAILS(jaxc_unpackbits(i8, 0, JAXC_NONE, NULL), "Expected an input array of unsigned byte data type");
  jaxc_array_free(a), jaxc_array_free(f), jaxc_array_free(i8);
}

static void test_resize_trim(void) {
  for (int it = 0; it < 300; it++) {
    int nd = (int)rnd_dim(3), rn = (int)rnd_dim(3);
    int64_t s[3], t[3];
    for (int k = 0; k < nd; k++) s[k] = rnd_dim(4);
    for (int k = 0; k < rn; k++) t[k] = rnd_dim(5);
    jaxc_array *a = random_bytes_array(rnd64() % 2 ? JAXC_F32 : JAXC_C128, nd, s);
    jaxc_array *r = jaxc_resize(a, rn, t);
    CHECK_MSG(same_shape(r, rn, t) && jaxc_array_dtype(r) == jaxc_array_dtype(a), "resize #%d", it);
    size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
    static const unsigned char zero[16];
    long bad = 0;
    for (int64_t i = 0; r && i < jaxc_array_size(r); i++)
      bad += memcmp(elem(r, i), jaxc_array_size(a) ? elem(a, i % jaxc_array_size(a)) : zero, es) != 0;
    CHECK_MSG(bad == 0, "resize #%d: %ld differ", it, bad);
    jaxc_array_free(a), jaxc_array_free(r);
  }
  int32_t v4[4] = {0, 1, 2, 3};
  jaxc_array *a = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 2}, v4);
  expect_print(jaxc_resize(a, 2, (int64_t[]){2, 3}), "Array([[0, 1, 2],\n       [3, 0, 1]], dtype=int32)", "resize docstring");
  CHECK_FAILS(jaxc_resize(a, 1, (int64_t[]){-1}), "all elements of `new_shape` must be non-negative");
  jaxc_array *w = jaxc_weak_float(2), *rw = jaxc_resize(w, 1, (int64_t[]){3});
  CHECK(rw && jaxc_array_is_weak(rw) && jaxc_array_size(rw) == 3);
  jaxc_array_free(rw), jaxc_array_free(w);

  for (int it = 0; it < 300; it++) {
    int64_t n = rnd_dim(9);
    jaxc_array *f = small_random_array(rnd64() % 2 ? JAXC_I16 : JAXC_C64, 1, &n);
    for (int64_t i = 0; i < n; i++)
      if (rnd64() % 2) memset((char *)(void *)jaxc_array_data(f) + (size_t)i * jaxc_dtype_size(jaxc_array_dtype(f)), 0, jaxc_dtype_size(jaxc_array_dtype(f)));
    const char *modes[4] = {"fb", "f", "b", NULL};
    const char *mode = modes[rnd64() % 4];
    jaxc_array *r = jaxc_trim_zeros(f, mode);
    int64_t lo = 0, hi = n;
    while (lo < n && val(f, lo).re == 0 && val(f, lo).im == 0) lo++;
    while (hi > lo && val(f, hi - 1).re == 0 && val(f, hi - 1).im == 0) hi--;
    bool fr = !mode || strchr(mode, 'f'), bk = !mode || strchr(mode, 'b');
    int64_t a0 = lo == n ? 0 : fr ? lo : 0, a1 = lo == n ? 0 : bk ? hi : n, len = a1 - a0;
    CHECK_MSG(same_shape(r, 1, &len) && jaxc_array_dtype(r) == jaxc_array_dtype(f), "trim_zeros #%d", it);
    for (int64_t i = 0; r && i < len; i++) CHECK(memcmp(elem(r, i), elem(f, a0 + i), jaxc_dtype_size(jaxc_array_dtype(f))) == 0);
    jaxc_array_free(f), jaxc_array_free(r);
  }
  int32_t v10[10] = {0, 0, 0, 1, 2, 3, 0, 2, 1, 0};
  jaxc_array *f = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){10}, v10);
  expect_print(jaxc_trim_zeros(f, NULL), "Array([1, 2, 3, 0, 2, 1], dtype=int32)", "trim_zeros docstring");
  expect_print(jaxc_trim_zeros(f, "b"), "Array([0, 0, 0, 1, 2, 3, 0, 2, 1], dtype=int32)", "trim_zeros 'b'");
  CHECK_FAILS(jaxc_trim_zeros(a, NULL), "'filt' must be 1-D array, but received 2-D array.");
  jaxc_array_free(a), jaxc_array_free(f);
}

int main(void) {
  test_polyval();
  test_polyadd_sub_mul();
  test_polyder_int();
  test_windows();
  test_unwrap();
  test_bits();
  test_resize_trim();
  return check_summary("test_poly");
}
