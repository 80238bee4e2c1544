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
#include <float.h>
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

/* ---- poly, polydiv ------------------------------------------------------------------------------- */
static void test_poly_roots(void) {
  for (int rep = 0; rep < 300; rep++) { /* small integer (Gaussian integer) roots: Vieta's sums are exact */
    bool cpx = rep % 3 == 0;
    int64_t n = rnd_dim(6);
    double z[12];
    for (int64_t i = 0; i < n; i++) z[2 * i] = (double)((int64_t)(rnd64() % 7) - 3), z[2 * i + 1] = cpx ? (double)((int64_t)(rnd64() % 5) - 2) : 0;
    jaxc_array *Z;
    if (cpx) {
      jaxc_array *w = jaxc_array_from_data(JAXC_C128, 1, &n, z);
      Z = jaxc_astype(w, JAXC_C64), jaxc_array_free(w);
    } else {
      int32_t zi[6];
      for (int64_t i = 0; i < n; i++) zi[i] = (int32_t)z[2 * i];
      Z = jaxc_array_from_data(JAXC_I32, 1, &n, zi);
    }
    jaxc_array *r = jaxc_poly(Z);
    long double cr[7] = {1}, ci[7] = {0}; /* prod (x - z_k), highest power first */
    for (int64_t k = 0; k < n; k++)
      for (int64_t j = k + 1; j >= 1; j--) {
        long double ar = cr[j] - (cr[j - 1] * z[2 * k] - ci[j - 1] * z[2 * k + 1]);
        long double ai = ci[j] - (cr[j - 1] * z[2 * k + 1] + ci[j - 1] * z[2 * k]);
        cr[j] = ar, ci[j] = ai;
      }
    bool ok = r && jaxc_array_dtype(r) == (cpx ? JAXC_C64 : JAXC_F32) && !jaxc_array_is_weak(r);
    if (ok && n == 0) ok = jaxc_array_ndim(r) == 0 && val(r, 0).re == 1;
    else ok = ok && same_shape(r, 1, (int64_t[]){n + 1});
    for (int64_t j = 0; ok && n > 0 && j <= n; j++) ok = val(r, j).re == cr[j] && val(r, j).im == ci[j];
    CHECK_MSG(ok, "poly of %lld %s roots", (long long)n, cpx ? "complex" : "integer");
    jaxc_array_free(r), jaxc_array_free(Z);
  }
  /* JAX's docstring */
  jaxc_array *one = jaxc_weak_int(1);
  expect_print(jaxc_poly(one), "Array([ 1., -1.], dtype=float32)", "poly(1)");
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){1, 2, 3});
  expect_print(jaxc_poly(x), "Array([ 1., -6., 11., -6.], dtype=float32)", "poly([1, 2, 3])");
  jaxc_array *c128 = jaxc_array_from_data(JAXC_C128, 1, (int64_t[]){3}, (double[]){2, 0, 1, 2, 1, -2}), *c = jaxc_astype(c128, JAXC_C64);
  expect_print(jaxc_poly(c), "Array([  1.+0.j,  -4.+0.j,   9.+0.j, -10.+0.j], dtype=complex64)", "poly of conjugates");
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){0}), *m23 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 3});
  jaxc_array *m22 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 2});
  expect_print(jaxc_poly(e), "Array(1., dtype=float32)", "poly of no roots");
  CHECK_FAILS(jaxc_poly(m23), "input must be 1d or non-empty square 2d array.");
  /* a square matrix: its characteristic polynomial through eigvals, complex as in JAX: det(x I - A)
     of [[2, 0], [1, 3]] is x^2 - 5x + 6, exactly in float32 */
  jaxc_array *tri = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 2}, (int32_t[]){2, 0, 1, 3}), *ch = jaxc_poly(tri);
  CHECK(ch && jaxc_array_dtype(ch) == JAXC_C64 && same_shape(ch, 1, (int64_t[]){3}) && val(ch, 0).re == 1 && val(ch, 1).re == -5 &&
        val(ch, 2).re == 6 && val(ch, 0).im == 0 && val(ch, 1).im == 0 && val(ch, 2).im == 0);
  jaxc_array *z22 = jaxc_poly(m22); /* the zero matrix: x^2 */
  CHECK(z22 && same_shape(z22, 1, (int64_t[]){3}) && val(z22, 0).re == 1 && val(z22, 1).re == 0 && val(z22, 2).re == 0);
  jaxc_array_free(tri), jaxc_array_free(ch), jaxc_array_free(z22);
  jaxc_array_free(one), jaxc_array_free(x), jaxc_array_free(c128), jaxc_array_free(c), jaxc_array_free(e), jaxc_array_free(m23), jaxc_array_free(m22);
}
/* Long polynomials through the op-by-op paths (integer and complex polyval, poly of many roots):
   every coefficient makes arrays on the way, and a 300-term loop must neither run out of room
   for them nor keep them (LSan). Values stay exact: coefficients in [-3, 3] at x in {-1, 0, 1};
   roots mostly 0 with ten of +-1 (binomials up to 252). */
/* jnp.roots: the companion matrix's eigenvalues; JAX's docstring examples, round trips through
   poly, leading zeros stripped or kept as NaN roots, trailing zeros as exact zero roots */
static void test_roots(void) {
  jaxc_set_x64(true);
  int32_t cz[3] = {0, 1, 2};
  jaxc_array *c = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, cz);
  uint64_t before = checksum(c);
  expect_print(jaxc_roots(c, true), "Array([-2.+0.j], dtype=complex64)", "roots([0, 1, 2])");
  jaxc_array *r = jaxc_roots(c, false); /* Array([-2. +0.j, nan+nanj], dtype=complex64) */
  CHECK(r && jaxc_array_dtype(r) == JAXC_C64 && same_shape(r, 1, (int64_t[]){2}) && val(r, 0).re == -2 && val(r, 0).im == 0 && isnan(val(r, 1).re) &&
        isnan(val(r, 1).im));
  CHECK(checksum(c) == before);
  jaxc_array_free(r);
  /* round trips: the roots of poly(z) are z, for real roots, conjugate pairs and complex ones */
  const double zr[3][8] = {{1, 0, 2, 0, 3, 0, 4, 0}, {-1, 2, -1, -2, 0.5, 0, 3, 0}, {1, 1, -2, 0.5, 0, -1, 2, 3}};
  for (int t = 0; t < 3; t++) {
    jaxc_array *z = jaxc_array_from_data(JAXC_C128, 1, (int64_t[]){4}, zr[t]), *zz = t < 1 ? jaxc_real(z) : jaxc_astype(z, JAXC_C128);
    jaxc_array *pc0 = jaxc_poly(zz), *pc = pc0 && t == 1 ? jaxc_real(pc0) : pc0, *rt = pc ? jaxc_roots(pc, true) : NULL; /* (case 1: real coefficients) */
    CHECK_MSG(rt && same_shape(rt, 1, (int64_t[]){4}) && jaxc_array_dtype(rt) == JAXC_C128, "roots of poly, case %d", t);
    bool used[4] = {false}, ok = rt != NULL;
    for (int i = 0; ok && i < 4; i++) { /* each wanted root matched by a computed one, once */
      int best = -1;
      double d = INFINITY;
      for (int k = 0; k < 4; k++) {
        double e = hypot(val(rt, k).re - zr[t][2 * i], val(rt, k).im - zr[t][2 * i + 1]);
        if (!used[k] && e < d) d = e, best = k;
      }
      ok = best >= 0 && d < 1e-12;
      if (ok) used[best] = true;
    }
    CHECK_MSG(ok, "roots of poly, case %d: the roots back", t);
    if (t == 1 && rt) /* a real polynomial's pair: exact conjugates */
      for (int k = 0; k < 4; k++)
        if (val(rt, k).im > 0) CHECK(k + 1 < 4 && val(rt, k + 1).re == val(rt, k).re && val(rt, k + 1).im == -val(rt, k).im);
    if (pc != pc0) jaxc_array_free(pc0);
    jaxc_array_free(z), jaxc_array_free(zz), jaxc_array_free(pc), jaxc_array_free(rt);
  }
  /* trailing zeros: exact zero roots; leading zeros kept: NaN roots last, zeros before them */
  double tz[5] = {0, 0, 1, -3, 2}, tw[5] = {1, -3, 2, 0, 0};
  jaxc_array *lead = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){5}, tz), *trail = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){5}, tw);
  jaxc_array *rs = jaxc_roots(lead, true), *rk = jaxc_roots(lead, false), *rz = jaxc_roots(trail, true);
  CHECK(rs && same_shape(rs, 1, (int64_t[]){2}) && fabs(val(rs, 0).re + val(rs, 1).re - 3) < 1e-14 && fabs(val(rs, 0).re * val(rs, 1).re - 2) < 1e-14);
  CHECK(rk && same_shape(rk, 1, (int64_t[]){4}) && fabs(val(rk, 0).re + val(rk, 1).re - 3) < 1e-14 && fabs(val(rk, 0).re * val(rk, 1).re - 2) < 1e-14 &&
        isnan(val(rk, 2).re) && isnan(val(rk, 3).im)); /* (the rolled p's two zero roots sorted last, then made NaN) */
  int zeros = 0;
  for (int k = 0; rz && k < 4; k++) zeros += val(rz, k).re == 0 && val(rz, k).im == 0;
  CHECK_MSG(rz && same_shape(rz, 1, (int64_t[]){4}) && zeros == 2, "trailing zeros: %d exact zero roots", zeros);
  jaxc_array_free(rs), jaxc_array_free(rk), jaxc_array_free(rz);
  /* all zeros; fewer than two coefficients; errors */
  double z3[3] = {0, 0, 0};
  jaxc_array *allz = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){0, 0, 0}), *one = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){1}, z3);
  rs = jaxc_roots(allz, true), rk = jaxc_roots(allz, false), rz = jaxc_roots(one, true);
  CHECK(rs && same_shape(rs, 1, (int64_t[]){0}) && jaxc_array_dtype(rs) == JAXC_C64);
  CHECK(rk && same_shape(rk, 1, (int64_t[]){2}) && isnan(val(rk, 0).re) && isnan(val(rk, 1).im));
  CHECK(rz && same_shape(rz, 1, (int64_t[]){0}) && jaxc_array_dtype(rz) == JAXC_C128);
  jaxc_array_free(rs), jaxc_array_free(rk), jaxc_array_free(rz);
  jaxc_array *m2 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 2}), *h = jaxc_array_from_data(JAXC_F16, 1, (int64_t[]){3}, (uint16_t[]){0x3C00, 0, 0x3C00});
  CHECK_FAILS(jaxc_roots(m2, true), "Input must be a rank-1 array.");
  CHECK_FAILS(jaxc_roots(h, true), "Unsupported dtype float16.");
  CHECK_FAILS(jaxc_roots(NULL, true), "roots: the array is NULL");
  jaxc_array_free(c), jaxc_array_free(lead), jaxc_array_free(trail), jaxc_array_free(allz), jaxc_array_free(one), jaxc_array_free(m2), jaxc_array_free(h);
  /* JAX's poly docstring: round(poly([[2, 1, 5], [3, 4, 7], [1, 3, 5]])) = [1, -11, 9, -15] */
  jaxc_array *m3 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){3, 3}, (int32_t[]){2, 1, 5, 3, 4, 7, 1, 3, 5});
  jaxc_set_x64(false);
  jaxc_array *pm = jaxc_poly(m3);
  jaxc_set_x64(true);
  const double want[4] = {1, -11, 9, -15};
  bool near = pm && jaxc_array_dtype(pm) == JAXC_C64 && same_shape(pm, 1, (int64_t[]){4});
  for (int i = 0; near && i < 4; i++) near = fabs(val(pm, i).re - want[i]) < 1e-4 && fabs(val(pm, i).im) < 1e-4;
  CHECK_MSG(near, "poly of JAX's docstring matrix");
  jaxc_array_free(m3), jaxc_array_free(pm);
}
static void test_poly_long(void) {
  enum { L = 300, NZ = 40 };
  static int8_t p8[L];
  int32_t xs[3] = {-1, 0, 1};
  for (int i = 0; i < L; i++) p8[i] = (int8_t)((int)(rnd64() % 7) - 3);
  jaxc_array *p = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){L}, p8), *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, xs);
  jaxc_array *pc = jaxc_astype(p, JAXC_C64), *r = jaxc_polyval(p, x), *rc = jaxc_polyval(pc, x);
  bool ok = r && rc && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_dtype(rc) == JAXC_C64;
  for (int j = 0; ok && j < 3; j++) {
    long double y = 0;
    for (int i = 0; i < L; i++) y = y * xs[j] + p8[i];
    ok = val(r, j).re == y && val(rc, j).re == y && val(rc, j).im == 0;
  }
  CHECK_MSG(ok, "polyval of %d int8 (complex64) coefficients: %s", L, r && rc ? "values" : jaxc_last_error());
  int32_t z[NZ];
  for (int k = 0; k < NZ; k++) z[k] = k % 4 == 0 ? (k % 8 ? 1 : -1) : 0;
  jaxc_array *Z = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){NZ}, z), *c = jaxc_poly(Z);
  long double cr[NZ + 1] = {1}; /* prod (x - z_k), highest power first */
  for (int k = 0; k < NZ; k++)
    for (int j = k + 1; j >= 1; j--) cr[j] -= cr[j - 1] * z[k];
  ok = c && same_shape(c, 1, (int64_t[]){NZ + 1});
  for (int j = 0; ok && j <= NZ; j++) ok = val(c, j).re == cr[j];
  CHECK_MSG(ok, "poly of %d roots: %s", NZ, c ? "values" : jaxc_last_error());
  jaxc_array_free(p), jaxc_array_free(x), jaxc_array_free(pc), jaxc_array_free(r), jaxc_array_free(rc);
  jaxc_array_free(Z), jaxc_array_free(c);
}
/* JAX's long division in float32, op by op: d = scale * u[k], u[k + j] += (-d) * v[j] */
static void polydiv_ref(int64_t nu, float *u, int64_t nv, const float *v, float *q) {
  volatile float scale = 1.0f / v[0];
  for (int64_t k = 0; k + nv <= nu; k++) {
    volatile float d = scale * u[k];
    q[k] = d;
    for (int64_t j = 0; j < nv; j++) {
      volatile float p = -d * v[j];
      u[k + j] = u[k + j] + p;
    }
  }
}
static void test_polydiv(void) {
  for (int rep = 0; rep < 400; rep++) {
    int64_t nu = rnd_dim(9), nv = 1 + rnd_dim(5), nq = nu - nv + 1 > 1 ? nu - nv + 1 : 1;
    float u[10], v[6], q[10] = {0}, ur[10];
    bool exact = rep % 2 == 0; /* integer u, v[0] a power of two: every step exact */
    for (int64_t i = 0; i < nu; i++) u[i] = exact ? (float)((int64_t)(rnd64() % 9) - 4) : (float)((double)(rnd64() >> 11) * 0x1p-53 * 8 - 4);
    for (int64_t i = 0; i < nv; i++) v[i] = exact ? (float)((int64_t)(rnd64() % 9) - 4) : (float)((double)(rnd64() >> 11) * 0x1p-53 * 8 - 4);
    if (exact) v[0] = (rnd64() & 1 ? 1.0f : -1.0f) * (float)(1 << (rnd64() % 3));
    else if (v[0] == 0) v[0] = 1;
    memcpy(ur, u, sizeof u);
    polydiv_ref(nu, ur, nv, v, q);
    jaxc_array *U = jaxc_array_from_data(JAXC_F32, 1, &nu, u), *V = jaxc_array_from_data(JAXC_F32, 1, &nv, v), *Q = NULL, *R = NULL;
    int st = jaxc_polydiv(U, V, false, &Q, &R);
    bool ok = st == JAXC_OK && same_shape(Q, 1, &nq) && same_shape(R, 1, &nu);
    for (int64_t i = 0; ok && i < nu; i++) ok = ((const float *)jaxc_array_data(R))[i] == ur[i];
    for (int64_t i = 0; ok && i < nq; i++) ok = ((const float *)jaxc_array_data(Q))[i] == q[i];
    if (ok && exact && nu > 0) { /* q * v + r is u again, and r's first nu - nv + 1 coefficients are 0 (polyadd
                                    of an empty r is JAX's broadcast error: a.at[-0:] is all of a) */
      jaxc_array *qv = jaxc_polymul(Q, V, false), *back = qv ? jaxc_polyadd(qv, R) : NULL;
      int64_t nb = back ? jaxc_array_shape(back)[0] : 0;
      for (int64_t i = 0; ok && i < nb; i++) ok = val(back, nb - 1 - i).re == (i < nu ? u[nu - 1 - i] : 0);
      for (int64_t i = 0; ok && i + nv <= nu; i++) ok = ((const float *)jaxc_array_data(R))[i] == 0;
      ok = ok && back;
      jaxc_array_free(qv), jaxc_array_free(back);
    }
    CHECK_MSG(ok, "polydiv of %lld by %lld coefficients (%s)", (long long)nu, (long long)nv, exact ? "exact" : "float32 steps");
    jaxc_array_free(U), jaxc_array_free(V), jaxc_array_free(Q), jaxc_array_free(R);
  }
  /* JAX's docstring */
  jaxc_array *x1 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){5, 7, 9});
  jaxc_array *x2 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){4, 1}), *q = NULL, *r = NULL;
  CHECK(jaxc_polydiv(x1, x2, false, &q, &r) == JAXC_OK);
  expect_print(q, "Array([1.25  , 1.4375], dtype=float32)", "polydiv q");
  expect_print(r, "Array([0.    , 0.    , 7.5625], dtype=float32)", "polydiv r");
  CHECK(jaxc_polydiv(x1, x2, true, &q, &r) == JAXC_OK);
  expect_print(q, "Array([1.25  , 1.4375], dtype=float32)", "polydiv q, trimmed");
  expect_print(r, "Array([7.5625], dtype=float32)", "polydiv r, trimmed");
  /* a divisor longer than the dividend: q is [0], r is u (promoted) */
  CHECK(jaxc_polydiv(x2, x1, false, &q, &r) == JAXC_OK);
  expect_print(q, "Array([0.], dtype=float32)", "polydiv q of a short u");
  expect_print(r, "Array([4., 1.], dtype=float32)", "polydiv r of a short u");
  jaxc_array *z = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3}), *s = jaxc_weak_int(2), *none = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){0});
  CHECK(jaxc_polydiv(z, x2, true, &q, &r) == JAXC_OK);
  expect_print(r, "Array([], shape=(0,), dtype=float32)", "polydiv r all trimmed");
  jaxc_array_free(q);
  CHECK(jaxc_polydiv(s, x2, false, &q, &r) == JAXC_ERR_ARG && !q && !r && !strcmp(jaxc_last_error(), "len() of unsized object"));
  CHECK(jaxc_polydiv(x1, none, false, &q, &r) == JAXC_ERR_INDEX && !q && !r);
  jaxc_array_free(x1), jaxc_array_free(x2), jaxc_array_free(z), jaxc_array_free(s), jaxc_array_free(none);
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

/* ---- i0 and kaiser ---------------------------------------------------------------------------- */
/* I0(x) = sum over k of (x^2 / 4)^k / (k!)^2, in long double (every term positive) */
static long double i0_series(long double x) {
  long double q = x * x / 4, term = 1, sum = 1;
  for (int k = 1; k < 5000 && term > sum * 1e-22L; k++) {
    term *= q / ((long double)k * k);
    sum += term;
  }
  return sum;
}
/* what jnp.i0 gives in d up to its rounding: I0(x), but inf where exp(|x|) overflows d (JAX
   multiplies exp(|x|) by exp(-|x|) I0(|x|)), and NaN at infinity (inf * 0) and NaN */
static long double i0_model(long double x, jaxc_dtype d) {
  if (x != x || isinf(x)) return NAN;
  long double e = expl(fabsl(x)), top = d == JAXC_F16 ? 65504 : d == JAXC_BF16 ? 0x1.fep127L : d == JAXC_F32 ? FLT_MAX : DBL_MAX;
  if (e > top * (1 + eps_of(d))) return INFINITY; /* (the rounding of exp past the largest float) */
  return i0_series(x);
}
/* got against i0_model(x) in ulps of d; the largest seen goes to *worst */
static bool i0_ok(long double got, long double x, jaxc_dtype d, double tol, double *worst) {
  long double want = i0_model(x, d);
  if (want != want || isinf(want)) return want != want ? got != got : got == want;
  double u = (double)(fabsl(got - want) / ulp_of(d, want));
  if (u > *worst) *worst = u;
  return u <= tol;
}
/* JAX's algorithm is this accurate (the worst errors measured against the series): bfloat16
   and float16 under 1.75 ulps over every pattern, float32 6.45 ulps over every float32 in
   [0, 88.7] (at 7.4348874: Clenshaw's rounding errors grow near the ends of the interval),
   float64 4.7 ulps over 2^22 random values; the bounds below are these with a margin. */
static void test_i0(void) {
  static const jaxc_dtype half[2] = {JAXC_F16, JAXC_BF16};
  for (int h = 0; h < 2; h++) { /* every pattern */
    int64_t n = 65536;
    uint16_t *bits = (uint16_t *)malloc(65536 * sizeof *bits);
    for (int64_t i = 0; i < n; i++) bits[i] = (uint16_t)i;
    jaxc_array *x = jaxc_array_from_data(half[h], 1, &n, bits), *r = jaxc_i0(x);
    CHECK(r && jaxc_array_dtype(r) == half[h] && !jaxc_array_is_weak(r));
    long bad = 0;
    double worst = 0;
    for (int64_t i = 0; r && i < n; i++) {
      fmt16 f = h ? BF16F : F16F;
      bool ok = i0_ok(dec16(f, ((const uint16_t *)jaxc_array_data(r))[i]), dec16(f, bits[i]), half[h], 1.75, &worst);
      check_passed += ok;
      if (!ok && bad++ < 3) CHECK_MSG(0, "%s i0(%.9g) = %.9g", jaxc_dtype_name(half[h]), dec16(f, bits[i]), dec16(f, ((const uint16_t *)jaxc_array_data(r))[i]));
    }
    CHECK_MSG(bad == 0, "%s i0: %ld of 65536 off (worst %.3g ulps)", jaxc_dtype_name(half[h]), bad, worst);
    CHECK_MSG(memcmp(jaxc_array_data(x), bits, 65536 * sizeof *bits) == 0, "i0 changed its input");
    jaxc_array_free(x), jaxc_array_free(r), free(bits);
  }
  /* float32 and float64: a sweep of [0, 720) in steps of 1/64 (both signs), tiny and huge values,
     random bits within the range */
  for (int w = 0; w < 2; w++) {
    jaxc_dtype d = w ? JAXC_F64 : JAXC_F32;
    jaxc_set_x64(w); /* (float64 needs it) */
    int64_t n = 2 * 46080 + 4096 + 8;
    double *v = (double *)malloc((size_t)n * sizeof *v);
    int64_t k = 0;
    for (int i = 0; i < 46080; i++) v[k++] = i / 64.0, v[k++] = -i / 64.0 - 1.0 / 128;
    for (int i = 0; i < 4096; i++) v[k++] = ldexp((double)(rnd64() >> 11) * 0x1p-53, (int)(rnd64() % 40) - 30);
    const double special[8] = {0x1p-149, 0x1p-1074, 1e-30, 8, 8.000001, INFINITY, -INFINITY, NAN};
    for (int i = 0; i < 8; i++) v[k++] = special[i];
    jaxc_array *x64a = jaxc_array_from_data(JAXC_F64, 1, &n, v), *x = jaxc_astype(x64a, d), *r = jaxc_i0(x);
    CHECK(r && jaxc_array_dtype(r) == d);
    long bad = 0;
    double worst = 0;
    for (int64_t i = 0; r && i < n; i++) {
      long double xi = w ? ((const double *)jaxc_array_data(x))[i] : ((const float *)jaxc_array_data(x))[i];
      long double got = w ? ((const double *)jaxc_array_data(r))[i] : ((const float *)jaxc_array_data(r))[i];
      bool ok = i0_ok(got, xi, d, w ? 6 : 7, &worst);
      /* the array kernel (vectorised, over the threads) gives the scalar function's bits */
      long double one = w ? jaxc_scalar_i0_f64((double)xi) : jaxc_scalar_i0_f32((float)xi);
      ok = ok && (one == got || (one != one && got != got));
      check_passed += ok;
      if (!ok && bad++ < 3) CHECK_MSG(0, "%s i0(%.17Lg) = %.17Lg, want %.17Lg", jaxc_dtype_name(d), xi, got, i0_model(xi, d));
    }
    CHECK_MSG(bad == 0, "%s i0: %ld of %lld off (worst %.3g ulps)", jaxc_dtype_name(d), bad, (long long)n, worst);
    jaxc_array_free(x64a), jaxc_array_free(x), jaxc_array_free(r), free(v);
  }
  jaxc_set_x64(false);
  /* JAX's documentation: jnp.i0(jnp.array([-2, -1, 0, 1, 2])), so i0(0) is not 1 in float32 */
  int32_t ints[5] = {-2, -1, 0, 1, 2};
  int64_t five = 5;
  jaxc_array *xi = jaxc_array_from_data(JAXC_I32, 1, &five, ints);
  expect_print(jaxc_i0(xi), "Array([2.2795851, 1.266066 , 1.0000001, 1.266066 , 2.2795851], dtype=float32)", "i0 doc");
  /* promote_args_inexact: a Python scalar stays weak, bool and integers go to the default float */
  jaxc_array *wf = jaxc_weak_float(1), *r = jaxc_i0(wf);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_is_weak(r));
  jaxc_array_free(r), jaxc_array_free(wf);
  jaxc_set_x64(true);
  r = jaxc_i0(xi);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32); /* (int32 goes to float32 with x64 too) */
  jaxc_array_free(r);
  jaxc_set_x64(false);
  jaxc_array *cx = jaxc_astype(xi, JAXC_C64);
  CHECK_FAILS(jaxc_i0(cx), "Unsupported input type to jax.numpy.i0: complex64");
  jaxc_array_free(cx), jaxc_array_free(xi);
}

/* the argument of i0 as JAX rounds it in float32 / float64: beta * sqrt(1 - ((n - alpha) / alpha)^2) */
static long double kaiser_arg(int64_t M, int64_t i, double beta, bool x64) {
  double alpha = 0.5 * (double)(M - 1);
  if (x64) {
    volatile double t = (double)i - alpha;
    t = t / alpha, t = t * t, t = 1 - t, t = sqrt(t), t = beta * t;
    return t;
  }
  volatile float t = (float)i - (float)alpha;
  t = t / (float)alpha, t = t * t, t = 1 - t, t = sqrtf(t), t = (float)beta * t;
  return t;
}
static void test_kaiser(void) {
  static const double betas[] = {0, 0.5, 1.5, 5, 8.6, 14, 30};
  double worst = 0;
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    jaxc_dtype d = x64 ? JAXC_F64 : JAXC_F32;
    for (int b = 0; b < 7; b++)
      for (int64_t M = 0; M < 90; M += 1 + (M > 12) * 6) {
        jaxc_array *r = jaxc_kaiser(M, betas[b]);
        CHECK_MSG(same_shape(r, 1, &M) && jaxc_array_dtype(r) == d && !jaxc_array_is_weak(r), "kaiser M=%lld", (long long)M);
        long bad = 0;
        long double den = i0_series((float)betas[b]);
        if (x64) den = i0_series(betas[b]);
        for (int64_t i = 0; r && i < M; i++) {
          long double got = val(r, i).re, want = M == 1 ? 1 : i0_series(kaiser_arg(M, i, betas[b], x64)) / den;
          double u = (double)(fabsl(got - want) / ulp_of(d, want));
          if (u > worst) worst = u;
          bool ok = u <= (x64 ? 10 : 14); /* (each i0 within 7 (float64: 5) ulps, and the quotient's rounding) */
          bad += !ok, check_passed += ok;
        }
        CHECK_MSG(bad == 0, "kaiser(%lld, %g) x64=%d: %ld off (worst %.3g)", (long long)M, betas[b], x64, bad, worst);
        jaxc_array_free(r);
      }
  }
  jaxc_set_x64(false);
  /* JAX's documentation: kaiser(4, 1.5) printed to 2 decimals is [0.61 0.95 0.95 0.61] */
  jaxc_array *r = jaxc_kaiser(4, 1.5);
  static const double doc[4] = {0.61, 0.95, 0.95, 0.61};
  for (int i = 0; r && i < 4; i++) CHECK_MSG(fabs(val(r, i).re - doc[i]) < 0.005, "kaiser(4, 1.5)[%d] = %g", i, val(r, i).re);
  jaxc_array_free(r);
  /* float32 i0(100) overflows: the middle is inf / inf (NaN), the ends i0(0) / inf = 0 */
  r = jaxc_kaiser(5, 100);
  CHECK(r && isnan(val(r, 2).re) && val(r, 0).re == 0 && val(r, 4).re == 0);
  jaxc_array_free(r);
  expect_print(jaxc_kaiser(1, 3), "Array([1.], dtype=float32)", "kaiser(1)");
  expect_print(jaxc_kaiser(0, 3), "Array([], shape=(0,), dtype=float32)", "kaiser(0)");
  CHECK_FAILS(jaxc_kaiser(-1, 3), "broadcast_in_dim shape must have every element be nonnegative, got (-1,).");
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

/* the fused float32/float64 line (last axis, default discont and period) gives the op-by-op
   path's bits: against the same call with period given as the Python float 2 pi (the op path;
   its interval, 2 pi / 2, is the same rounded pi) and against axis 0 of the transpose; lanes
   of random walks, wrapped, with jumps, NaN and infinities, up to 2^18 long (over the threads) */
/* the same bits, any NaN matching any NaN (which operand's NaN an add passes on is the compiler's
   choice of operand order) */
static bool same_bits(const jaxc_array *a, const jaxc_array *b) {
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  for (int64_t i = 0; i < jaxc_array_size(a); i++) {
    double x = val(a, i).re, y = val(b, i).re;
    if (!(x != x && y != y) && memcmp(elem(a, i), elem(b, i), es)) return false;
  }
  return true;
}
static void test_unwrap_fused(void) {
  for (int w = 0; w < 2; w++) {
    jaxc_set_x64(w);
    jaxc_dtype d = w ? JAXC_F64 : JAXC_F32;
    for (int it = 0; it < 40; it++) {
      /* (one long lane: split over the threads, then scanned; four: a lane a thread) */
      int64_t rows = it == 0 ? 1 : it == 1 ? 4 : 1 + rnd_dim(3), n = it < 2 ? (int64_t)1 << 18 : 1 + rnd_dim(1200), size = rows * n;
      double *v = (double *)malloc((size_t)size * sizeof *v), x = 0;
      for (int64_t i = 0; i < size; i++) {
        x += (double)(rnd64() >> 11) * 0x1p-53 * 10 - 5;
        uint64_t r = rnd64() % 1000;
        v[i] = r == 0 ? NAN : r == 1 ? INFINITY : r == 2 ? -INFINITY : r < 20 ? x * 1e3 : fmod(x, 6.283185307179586) - 3.141592653589793;
      }
      int64_t shape[2] = {rows, n};
      jaxc_array *v64 = jaxc_array_from_data(JAXC_F64, 2, shape, v), *p = jaxc_astype(v64, d);
      jaxc_array *per = jaxc_weak_float(2 * 3.141592653589793), *pt = jaxc_transpose(p, 0, NULL);
      jaxc_array *fused = jaxc_unwrap(p, NULL, -1, NULL), *ops = jaxc_unwrap(p, NULL, -1, per);
      jaxc_array *opt = jaxc_unwrap(pt, NULL, 0, NULL), *back = opt ? jaxc_transpose(opt, 0, NULL) : NULL;
      CHECK_MSG(fused && ops && back && same_shape(fused, 2, shape) && same_shape(back, 2, shape), "unwrap fused %s", jaxc_dtype_name(d));
      CHECK_MSG(fused && ops && same_bits(fused, ops), "unwrap fused vs period given, %s (%lld x %lld)", jaxc_dtype_name(d), (long long)rows,
                (long long)n);
      CHECK_MSG(fused && back && same_bits(fused, back), "unwrap fused vs axis 0, %s (%lld x %lld)", jaxc_dtype_name(d), (long long)rows,
                (long long)n);
      jaxc_array_free(v64), jaxc_array_free(p), jaxc_array_free(per), jaxc_array_free(pt), jaxc_array_free(fused), jaxc_array_free(ops);
      jaxc_array_free(opt), jaxc_array_free(back), free(v);
    }
  }
  jaxc_set_x64(false);
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
  test_poly_roots();
  test_roots();
  test_poly_long();
  test_polydiv();
  test_windows();
  test_i0();
  test_kaiser();
  test_unwrap();
  test_unwrap_fused();
  test_bits();
  test_resize_trim();
  return check_summary("test_poly");
}
