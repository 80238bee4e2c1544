/* test_samplers.c — jax.random's exponential, laplace, logistic, gumbel (three modes),
   rademacher, categorical and choice, checked without the code under test's own formulas:
   - each value against its formula in long double, on the uniform (or bits) that
     jaxc_random_uniform / jaxc_random_bits draw from the same key: the counters, the bounds and
     the dtype's steps must line up (within a few ulps: XLA's float32 log and log1p are not
     correctly rounded);
   - Kolmogorov-Smirnov against each distribution's CDF, chi-square of categorical and choice
     frequencies against softmax(logits) and p;
   - categorical and choice recomposed here from gumbel, randint, permutation and bernoulli
     (argmax with its first-of-equal rule, top_k's order, the take along axis), bit for bit;
   - _into = allocating, 1..4 threads the same bits, x64's dtypes, and every error with JAX's
     wording where JAX has one. */
#define JAXC_NO_TYPED_KERNELS
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#  include <omp.h>
#endif

static jaxc_key mkkey(uint32_t a, uint32_t b) {
  jaxc_key k = {{a, b}};
  return k;
}
static double half_val(jaxc_dtype d, uint16_t h) { return dec16(d == JAXC_BF16 ? BF16F : F16F, h); }
static double felem(const jaxc_array *a, int64_t i) {
  const void *d = jaxc_array_data(a);
  switch (jaxc_array_dtype(a)) {
  case JAXC_F32: return ((const float *)d)[i];
  case JAXC_F64: return ((const double *)d)[i];
  default: return half_val(jaxc_array_dtype(a), ((const uint16_t *)d)[i]);
  }
}
static int64_t ielem(const jaxc_array *a, int64_t i) {
  const void *d = jaxc_array_data(a);
  switch (jaxc_array_dtype(a)) {
  case JAXC_I32: return ((const int32_t *)d)[i];
  case JAXC_I64: return ((const int64_t *)d)[i];
  default: return INT64_MIN;
  }
}
/* significand bits of each float dtype (with the implicit one) */
static int prec_of(jaxc_dtype d) { return d == JAXC_F64 ? 53 : d == JAXC_F32 ? 24 : d == JAXC_F16 ? 11 : 8; }
/* |got - ref| in units of ref's last place in dtype d (at least the smallest normal's) */
static double ulps(double got, long double ref, jaxc_dtype d) {
  int e;
  frexpl(ref, &e);
  int emin = d == JAXC_F64 ? -1021 : d == JAXC_F16 ? -13 : -125;
  if (ref == 0 || e < emin) e = emin;
  return (double)(fabsl((long double)got - ref) / ldexpl(1.0L, e - prec_of(d)));
}
/* v rounded to nearest-even in dtype d, subnormals included (no overflow here) */
static long double round_to(jaxc_dtype d, long double v) {
  if (v == 0) return v;
  int e, emin = d == JAXC_F64 ? -1021 : d == JAXC_F16 ? -13 : -125;
  frexpl(v, &e);
  long double q = ldexpl(1.0L, (e < emin ? emin : e) - prec_of(d));
  return nearbyintl(v / q) * q;
}
static bool message_is(const char *want) { return strcmp(jaxc_last_error(), want) == 0; }

static const jaxc_dtype FL[] = {JAXC_F32, JAXC_F64, JAXC_BF16, JAXC_F16};

/* ---- the samplers of one uniform: value by value ---------------------------------------------*/
typedef enum { EXPONENTIAL, LAPLACE, LOGISTIC, GUMBEL } sampler;
static const char *const NAMES[] = {"exponential", "laplace", "logistic", "gumbel"};
static jaxc_array *draw(sampler s, jaxc_key k, jaxc_dtype d, int64_t n) {
  switch (s) {
  case EXPONENTIAL: return jaxc_random_exponential(k, d, 1, &n);
  case LAPLACE: return jaxc_random_laplace(k, d, 1, &n);
  case LOGISTIC: return jaxc_random_logistic(k, d, 1, &n);
  default: return jaxc_random_gumbel(k, d, 1, &n, JAXC_GUMBEL_LOW);
  }
}
/* minval of the sampler's uniform: 0, -1 + epsneg = -(1 - 2^-p), or the smallest normal */
static double minval_of(sampler s, jaxc_dtype d) {
  if (s == EXPONENTIAL) return 0.0;
  if (s == LAPLACE) return -(1.0 - ldexp(1.0, -prec_of(d)));
  return d == JAXC_F64 ? ldexp(1.0, -1022) : d == JAXC_F16 ? ldexp(1.0, -14) : ldexp(1.0, -126);
}
/* The distribution's formula at u, exact but for long double's rounding */
static long double formula(sampler s, long double u) {
  switch (s) {
  case EXPONENTIAL: return -log1pl(-u);
  case LAPLACE: return (u > 0 ? 1 : u < 0 ? -1 : 0) * log1pl(-fabsl(u));
  case LOGISTIC: return logl(u) - log1pl(-u);
  default: return -logl(-logl(u));
  }
}
/* How far a value may stray from the formula, in ulps of the dtype: a few for XLA's log and log1p
   (not correctly rounded) and each step's rounding, plus the absolute error the inner steps
   leave where a difference (logistic) or an outer log (gumbel) shrinks the result. */
static double allowed(sampler s, long double u, long double ref, jaxc_dtype d) {
  long double eps = ldexpl(1.0L, 1 - prec_of(d)), spread = 0;
  if (s == LOGISTIC) spread = fabsl(logl(u)) + fabsl(log1pl(-u));
  if (s == GUMBEL) spread = 1.0L; /* log(-log(u) (1 + e)) = log(-log u) + e */
  int e;
  frexpl(ref == 0 ? 1.0L : ref, &e);
  return (double)(3.0L + 3.0L * spread * eps / ldexpl(1.0L, e - prec_of(d)));
}
static double cdf(sampler s, double x) {
  switch (s) {
  case EXPONENTIAL: return x < 0 ? 0 : -expm1(-x);
  case LAPLACE: return x < 0 ? 0.5 * exp(x) : 1 - 0.5 * exp(-x);
  case LOGISTIC: return 1 / (1 + exp(-x));
  default: return exp(-exp(-x));
  }
}
static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}
/* sqrt(n) times the Kolmogorov-Smirnov distance of n sorted values from a CDF; ties (the 16-bit
   types hold few values) judged at both ends of their run */
static double ks_stat(double *v, int64_t n, double (*F)(sampler, double), sampler s) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  double d = 0;
  for (int64_t i = 0; i < n;) {
    int64_t j = i;
    while (j < n && v[j] == v[i]) j++;
    double f = F(s, v[i]), lo = fabs(f - (double)i / n), hi = fabs(f - (double)j / n);
    d = fmax(d, fmax(lo, hi));
    i = j;
  }
  return d * sqrt((double)n);
}

static void test_values(void) {
  for (int x = 0; x < 2; x++) {
    jaxc_set_x64(x == 1);
    for (int s = 0; s < 4; s++)
      for (int di = 0; di < 4; di++) {
        jaxc_dtype d = FL[di];
        if (d == JAXC_F64 && !x) continue;
        int64_t n = 1 << 16;
        jaxc_key k = mkkey(0x5eed + (uint32_t)s, (uint32_t)di);
        jaxc_array *a = draw((sampler)s, k, d, n), *u = jaxc_random_uniform(k, d, 1, &n, minval_of((sampler)s, d), 1.0);
        CHECK(a && u && jaxc_array_dtype(a) == d);
        if (!a || !u) continue;
        double worst = 0, worst_over = 0;
        long bad = 0, nonfinite = 0;
        for (int64_t i = 0; i < n; i++) {
          long double uv = felem(u, i), ref = formula((sampler)s, uv);
          double got = felem(a, i), e = ulps(got, ref, d), lim = allowed((sampler)s, uv, ref, d);
          nonfinite += !isfinite(got);
          worst = fmax(worst, e);
          worst_over = fmax(worst_over, e / lim);
          bad += e > lim;
        }
        CHECK_MSG(bad == 0 && nonfinite == 0, "%s %s x64=%d: %ld values off the formula (worst %.2f ulps, %.2f of the bound), %ld not finite",
                  NAMES[s], jaxc_dtype_name(d), x, bad, worst, worst_over, nonfinite);
        jaxc_array_free(a);
        jaxc_array_free(u);
      }
  }
  jaxc_set_x64(true);
}

/* Each distribution's shape: KS on 2^18 draws (float32, float64), 2^16 (16-bit: coarse values,
   ties handled) */
static void test_ks(void) {
  jaxc_set_x64(true);
  for (int s = 0; s < 4; s++)
    for (int di = 0; di < 4; di++) {
      int64_t n = di < 2 ? 1 << 18 : 1 << 16;
      jaxc_array *a = draw((sampler)s, mkkey(77, (uint32_t)(10 * s + di)), FL[di], n);
      double *v = malloc((size_t)n * sizeof *v);
      CHECK(a && v);
      if (!a || !v) { free(v); jaxc_array_free(a); continue; }
      for (int64_t i = 0; i < n; i++) v[i] = felem(a, i);
      double ks = ks_stat(v, n, cdf, (sampler)s);
      /* 16-bit: values rounded to 8/11 bits move the CDF by up to half a spacing */
      double lim = di < 2 ? 1.95 : FL[di] == JAXC_BF16 ? 2.5 * sqrt((double)n) * 0.004 + 1.95 : 1.95 + sqrt((double)n) * 0.0006;
      CHECK_MSG(ks < lim, "%s %s: KS %.3f >= %.3f", NAMES[s], jaxc_dtype_name(FL[di]), ks, lim);
      free(v);
      jaxc_array_free(a);
    }
}

/* ---- gumbel HIGH and HIGHEST against their recipes, built here from uniform and bits --------*/
/* _safe_int_to_float written from its definition: the 64-bit fraction v / 2^64 truncated to 24
   significant bits; v = 0 gives 2^-65 */
static long double trunc24(uint64_t v) {
  if (!v) return ldexpl(1.0L, -65);
  int top = 63;
  while (!(v >> top)) top--;
  uint64_t keep = top >= 23 ? (v >> (top - 23)) << (top - 23) : v;
  return ldexpl((long double)keep, -64);
}
static void test_gumbel_modes(void) {
  jaxc_set_x64(true);
  int64_t n = 1 << 15, n2 = 2 * n;
  for (int di = 0; di < 4; di++) { /* HIGH: h = uniform[i], l = uniform[n + i] */
    jaxc_dtype d = FL[di];
    jaxc_key k = mkkey(31, (uint32_t)di);
    jaxc_array *g = jaxc_random_gumbel(k, d, 1, &n, JAXC_GUMBEL_HIGH), *u = jaxc_random_uniform(k, d, 1, &n2, 0.0, 1.0);
    CHECK(g && u);
    if (!g || !u) { jaxc_array_free(g); jaxc_array_free(u); continue; }
    long bad = 0;
    double worst = 0;
    for (int64_t i = 0; i < n; i++) {
      long double h = felem(u, i), l = felem(u, n + i);
      /* x in the dtype: h + 2^-nmant l is exact in long double, then one rounding to the dtype;
         + tiny matters only at 0 */
      long double x = h < 0.5L ? round_to(d, round_to(d, h + ldexpl(l, 1 - prec_of(d))) + minval_of(GUMBEL, d)) : h;
      long double ref = -logl(-log1pl(-x));
      double e = ulps(felem(g, i), ref, d) / allowed(GUMBEL, 0, ref, d);
      worst = fmax(worst, e);
      bad += e > 1;
    }
    CHECK_MSG(bad == 0, "gumbel HIGH %s: %ld values off (worst %.2f of the bound)", jaxc_dtype_name(d), bad, worst);
    jaxc_array_free(g);
    jaxc_array_free(u);
  }
  /* HIGHEST, float32: the 64-bit fraction b = bits[i]:bits[n + i], reflected above 0.5 */
  jaxc_key k = mkkey(32, 1);
  jaxc_array *g = jaxc_random_gumbel(k, JAXC_F32, 1, &n, JAXC_GUMBEL_HIGHEST), *b = jaxc_random_bits(k, JAXC_U32, 1, &n2);
  CHECK(g && b);
  if (g && b) {
    const uint32_t *w = jaxc_array_data(b);
    long bad = 0;
    double worst = 0;
    for (int64_t i = 0; i < n; i++) {
      uint64_t v = (uint64_t)w[i] << 32 | w[n + i];
      bool low = v < (UINT64_C(1) << 63);
      long double x = trunc24(low ? v : (uint64_t)0 - v);
      long double ref = low ? -logl(-log1pl(-x)) : -logl(-logl(x));
      double e = ulps(felem(g, i), ref, JAXC_F32) / allowed(GUMBEL, 0, ref, JAXC_F32);
      worst = fmax(worst, e);
      bad += e > 1;
    }
    CHECK_MSG(bad == 0, "gumbel HIGHEST float32: %ld values off (worst %.2f of the bound)", bad, worst);
  }
  jaxc_array_free(g);
  jaxc_array_free(b);
  /* HIGHEST is HIGH for the other dtypes; each mode keeps the distribution */
  for (int di = 1; di < 4; di++) {
    jaxc_array *p = jaxc_random_gumbel(k, FL[di], 1, &n, JAXC_GUMBEL_HIGHEST), *q = jaxc_random_gumbel(k, FL[di], 1, &n, JAXC_GUMBEL_HIGH);
    CHECK(p && q && memcmp(jaxc_array_data(p), jaxc_array_data(q), (size_t)n * jaxc_dtype_size(FL[di])) == 0);
    jaxc_array_free(p);
    jaxc_array_free(q);
  }
  for (int mode = 1; mode < 3; mode++)
    for (int di = 0; di < 2; di++) {
      int64_t m = 1 << 18;
      jaxc_array *a = jaxc_random_gumbel(mkkey(90, (uint32_t)(mode * 2 + di)), FL[di], 1, &m, (jaxc_gumbel_mode)mode);
      double *v = malloc((size_t)m * sizeof *v);
      CHECK(a && v);
      if (a && v) {
        for (int64_t i = 0; i < m; i++) v[i] = felem(a, i);
        double ks = ks_stat(v, m, cdf, GUMBEL);
        CHECK_MSG(ks < 1.95, "gumbel mode %d %s: KS %.3f", mode, jaxc_dtype_name(FL[di]), ks);
      }
      free(v);
      jaxc_array_free(a);
    }
}

/* ---- rademacher: 2 * bernoulli(key, 0.5) - 1, cast as astype casts ---------------------------*/
static void test_rademacher(void) {
  for (int x = 0; x < 2; x++) {
    jaxc_set_x64(x == 1);
    int64_t n = 4096;
    jaxc_key k = mkkey(5, (uint32_t)x);
    jaxc_array *b = jaxc_random_bernoulli(k, 0.5, 1, &n);
    static const jaxc_dtype ds[] = {JAXC_I32, JAXC_I8, JAXC_U8, JAXC_U32, JAXC_BOOL, JAXC_F32, JAXC_BF16, JAXC_C64, JAXC_WEAK_INT};
    for (size_t t = 0; t < sizeof ds / sizeof *ds; t++) {
      jaxc_array *r = jaxc_random_rademacher(k, ds[t], 1, &n);
      CHECK(r && b);
      if (!r || !b) { jaxc_array_free(r); continue; }
      const bool *bv = jaxc_array_data(b);
      jaxc_dtype st = jaxc_array_dtype(r);
      CHECK(ds[t] != JAXC_WEAK_INT || st == (x ? JAXC_I64 : JAXC_I32));
      long bad = 0, plus = 0;
      for (int64_t i = 0; i < n; i++) {
        const void *p = (const char *)jaxc_array_data(r) + (size_t)i * jaxc_dtype_size(st);
        bool one = bv[i];
        plus += one;
        switch (st) {
        case JAXC_I32: bad += *(const int32_t *)p != (one ? 1 : -1); break;
        case JAXC_I64: bad += *(const int64_t *)p != (one ? 1 : -1); break;
        case JAXC_I8: bad += *(const int8_t *)p != (one ? 1 : -1); break;
        case JAXC_U8: bad += *(const uint8_t *)p != (one ? 1 : 255); break;
        case JAXC_U32: bad += *(const uint32_t *)p != (one ? 1u : 0xffffffffu); break;
        case JAXC_BOOL: bad += *(const bool *)p != true; break;
        case JAXC_F32: bad += *(const float *)p != (one ? 1.0f : -1.0f); break;
        case JAXC_BF16: bad += *(const uint16_t *)p != (one ? 0x3f80 : 0xbf80); break;
        case JAXC_C64: bad += ((const float *)p)[0] != (one ? 1.0f : -1.0f) || ((const float *)p)[1] != 0.0f; break;
        default: bad++;
        }
      }
      CHECK_MSG(bad == 0, "rademacher %s: %ld values differ from 2 * bernoulli - 1", jaxc_dtype_name(ds[t]), bad);
      CHECK_MSG(fabs(plus - n / 2.0) < 4 * sqrt(n / 4.0), "rademacher: %ld of %lld are +1", plus, (long long)n);
      jaxc_array_free(r);
    }
    jaxc_array_free(b);
  }
  jaxc_set_x64(true);
}

/* ---- categorical -------------------------------------------------------------------------------*/
/* logits (rows, cols) float32 from a small formula, some equal */
static jaxc_array *logits_2d(int64_t rows, int64_t cols) {
  float *v = malloc((size_t)(rows * cols) * sizeof *v);
  for (int64_t i = 0; i < rows * cols; i++) v[i] = (float)((i * 7) % 5) * 0.5f - 1.0f;
  jaxc_array *a = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){rows, cols}, v);
  free(v);
  return a;
}
static void test_categorical(void) {
  jaxc_set_x64(false);
  jaxc_key k = mkkey(123, 456);
  /* replace, shape None, axis -1: argmax_j gumbel(key, (3, 5))[i, j] + logits[i, j], the first
     of equal sums */
  jaxc_array *L = logits_2d(3, 5), *G = jaxc_random_gumbel(k, JAXC_F32, 2, (int64_t[]){3, 5}, JAXC_GUMBEL_LOW);
  jaxc_array *c = jaxc_random_categorical(k, L, -1, -1, NULL, true, JAXC_GUMBEL_LOW);
  bool ok = L && G && c && jaxc_array_dtype(c) == JAXC_I32 && jaxc_array_ndim(c) == 1 && jaxc_array_shape(c)[0] == 3;
  CHECK(ok);
  if (ok) {
    const float *l = jaxc_array_data(L), *g = jaxc_array_data(G);
    for (int i = 0; i < 3; i++) {
      int best = 0;
      for (int j = 1; j < 5; j++)
        if (g[i * 5 + j] + l[i * 5 + j] > g[i * 5 + best] + l[i * 5 + best]) best = j;
      CHECK_EQ_INT(ielem(c, i), best);
    }
  }
  jaxc_array_free(G);
  jaxc_array_free(c);
  /* axis 0 with a prefix: shape (4, 5) over logits (3, 5) -> draws (4, 3, 5), argmax over -2 */
  G = jaxc_random_gumbel(k, JAXC_F32, 3, (int64_t[]){4, 3, 5}, JAXC_GUMBEL_LOW);
  c = jaxc_random_categorical(k, L, 0, 2, (int64_t[]){4, 5}, true, JAXC_GUMBEL_LOW);
  ok = G && c && jaxc_array_dtype(c) == JAXC_I32 && jaxc_array_ndim(c) == 2 && jaxc_array_shape(c)[0] == 4 && jaxc_array_shape(c)[1] == 5;
  CHECK(ok);
  if (ok) {
    const float *l = jaxc_array_data(L), *g = jaxc_array_data(G);
    long bad = 0;
    for (int p = 0; p < 4; p++)
      for (int j = 0; j < 5; j++) {
        int best = 0;
        for (int i = 1; i < 3; i++)
          if (g[(p * 3 + i) * 5 + j] + l[i * 5 + j] > g[(p * 3 + best) * 5 + j] + l[best * 5 + j]) best = i;
        bad += ielem(c, p * 5 + j) != best;
      }
    CHECK_MSG(bad == 0, "categorical axis 0: %ld of 20 differ from argmax(gumbel + logits)", bad);
  }
  jaxc_array_free(G);
  jaxc_array_free(c);
  /* frequencies: softmax(logits), chi-square over 6 classes, 2^16 draws */
  {
    const float lv[6] = {0.0f, 1.0f, -1.0f, 2.0f, 0.5f, -3.0f};
    jaxc_array *L6 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){6}, lv);
    int64_t m = 1 << 16;
    jaxc_array *cs = jaxc_random_categorical(mkkey(9, 9), L6, 0, 1, &m, true, JAXC_GUMBEL_LOW);
    CHECK(cs && jaxc_array_dtype(cs) == JAXC_I32 && jaxc_array_ndim(cs) == 1 && jaxc_array_shape(cs)[0] == m);
    if (cs && jaxc_array_dtype(cs) == JAXC_I32 && jaxc_array_shape(cs)[0] == m) {
      double z = 0, cnt[6] = {0}, chi = 0;
      for (int j = 0; j < 6; j++) z += exp(lv[j]);
      for (int64_t i = 0; i < m; i++) cnt[ielem(cs, i)]++;
      for (int j = 0; j < 6; j++) {
        double e = m * exp(lv[j]) / z;
        chi += (cnt[j] - e) * (cnt[j] - e) / e;
      }
      CHECK_MSG(chi < 20.5, "categorical frequencies: chi-square %.2f (5 dof)", chi); /* p = 0.001 */
    }
    jaxc_array_free(cs);
    /* without replacement, the first of k = 6 draws follows softmax too, and each set is a
       permutation */
    long chi_cnt[6] = {0}, not_perm = 0;
    int64_t reps = 20000;
    for (int64_t r = 0; r < reps; r++) {
      int64_t six = 6;
      jaxc_array *w = jaxc_random_categorical(jaxc_random_fold_in(mkkey(3, 4), (uint32_t)r), L6, 0, 1, &six, false, JAXC_GUMBEL_LOW);
      if (!w || jaxc_array_ndim(w) != 1 || jaxc_array_shape(w)[0] != 6) { not_perm++; jaxc_array_free(w); continue; }
      int seen = 0;
      for (int j = 0; j < 6; j++) seen |= 1 << ielem(w, j);
      not_perm += seen != 63;
      chi_cnt[ielem(w, 0)]++;
      jaxc_array_free(w);
    }
    double z = 0, chi = 0;
    for (int j = 0; j < 6; j++) z += exp(lv[j]);
    for (int j = 0; j < 6; j++) {
      double e = reps * exp(lv[j]) / z;
      chi += (chi_cnt[j] - e) * (chi_cnt[j] - e) / e;
    }
    CHECK_MSG(not_perm == 0, "categorical without replacement: %ld draws not a permutation", not_perm);
    CHECK_MSG(chi < 20.5, "categorical without replacement, first draw: chi-square %.2f", chi);
    jaxc_array_free(L6);
  }
  /* without replacement: top_k(logits + gumbel(key, logits.shape), k) along axis 1, k leading */
  G = jaxc_random_gumbel(k, JAXC_F32, 2, (int64_t[]){3, 5}, JAXC_GUMBEL_LOW);
  c = jaxc_random_categorical(k, L, 1, 2, (int64_t[]){4, 3}, false, JAXC_GUMBEL_LOW);
  ok = G && c && jaxc_array_dtype(c) == JAXC_I32 && jaxc_array_ndim(c) == 2 && jaxc_array_shape(c)[0] == 4 && jaxc_array_shape(c)[1] == 3;
  CHECK(ok);
  if (ok) {
    const float *l = jaxc_array_data(L), *g = jaxc_array_data(G);
    long bad = 0;
    for (int b = 0; b < 3; b++) {
      bool used[5] = {false};
      for (int kk = 0; kk < 4; kk++) { /* the largest unused, the lower index among equals */
        int best = -1;
        for (int j = 0; j < 5; j++)
          if (!used[j] && (best < 0 || l[b * 5 + j] + g[b * 5 + j] > l[b * 5 + best] + g[b * 5 + best])) best = j;
        used[best] = true;
        bad += ielem(c, kk * 3 + b) != best;
      }
    }
    CHECK_MSG(bad == 0, "categorical without replacement: %ld of 12 differ from top_k", bad);
  }
  jaxc_array_free(G);
  jaxc_array_free(c);
  /* x64: int64 with replacement, int32 (lax.top_k's) without */
  jaxc_set_x64(true);
  c = jaxc_random_categorical(k, L, 1, -1, NULL, true, JAXC_GUMBEL_HIGH);
  CHECK(c && jaxc_array_dtype(c) == JAXC_I64);
  jaxc_array_free(c);
  c = jaxc_random_categorical(k, L, 1, 2, (int64_t[]){2, 3}, false, JAXC_GUMBEL_LOW);
  CHECK(c && jaxc_array_dtype(c) == JAXC_I32);
  jaxc_array_free(c);
  /* bfloat16 logits draw bfloat16 gumbels */
  jaxc_array *Lb = jaxc_astype(L, JAXC_BF16), *Gb = jaxc_random_gumbel(k, JAXC_BF16, 2, (int64_t[]){3, 5}, JAXC_GUMBEL_LOW);
  c = jaxc_random_categorical(k, Lb, 1, -1, NULL, true, JAXC_GUMBEL_LOW);
  ok = Lb && Gb && c && jaxc_array_ndim(c) == 1 && jaxc_array_shape(c)[0] == 3;
  CHECK(ok);
  if (ok)
    for (int i = 0; i < 3; i++) {
      int best = 0;
      double sb = 0;
      for (int j = 0; j < 5; j++) { /* bfloat16 sums: the float sum rounded to 8 bits */
        float s = (float)(felem(Gb, i * 5 + j) + felem(Lb, i * 5 + j));
        uint32_t u;
        memcpy(&u, &s, 4);
        u = (u + 0x7fff + ((u >> 16) & 1)) & 0xffff0000u;
        double v = u2f(u);
        if (j == 0 || v > sb) best = j, sb = v;
      }
      CHECK_EQ_INT(ielem(c, i), best);
    }
  jaxc_array_free(Lb);
  jaxc_array_free(Gb);
  jaxc_array_free(c);
  jaxc_array_free(L);
}

/* ---- choice ------------------------------------------------------------------------------------*/
static void test_choice(void) {
  jaxc_set_x64(false);
  jaxc_key k = mkkey(2024, 12);
  int64_t n = 1000;
  /* an int: randint(key, shape, 0, a), int32 */
  jaxc_array *a10 = jaxc_scalar(JAXC_I32, 10, 0), *c = jaxc_random_choice(k, a10, 1, &n, true, NULL, 0, JAXC_GUMBEL_LOW);
  jaxc_array *r = jaxc_random_randint(k, JAXC_I32, 1, &n, 0, 10);
  CHECK(c && r && jaxc_array_dtype(c) == JAXC_I32 && jaxc_array_size(c) == n && memcmp(jaxc_array_data(c), jaxc_array_data(r), 4000) == 0);
  jaxc_array_free(c);
  jaxc_array_free(r);
  /* a 0-d float counts as int(a): 10.9 -> 10 */
  jaxc_array *af = jaxc_scalar(JAXC_F32, 10.9, 0);
  c = jaxc_random_choice(k, af, 1, &n, true, NULL, 0, JAXC_GUMBEL_LOW);
  r = jaxc_random_randint(k, JAXC_I32, 1, &n, 0, 10);
  CHECK(c && r && jaxc_array_dtype(c) == JAXC_I32 && jaxc_array_size(c) == n && memcmp(jaxc_array_data(c), jaxc_array_data(r), 4000) == 0);
  jaxc_array_free(c);
  jaxc_array_free(r);
  jaxc_array_free(af);
  /* an array, rows along axis 1 with replacement: a[:, randint(key, (2, 3), 0, 4)] */
  float av[20];
  for (int i = 0; i < 20; i++) av[i] = (float)i * 1.5f;
  jaxc_array *A = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){5, 4}, av);
  int64_t sh[2] = {2, 3}, six = 6;
  c = jaxc_random_choice(k, A, 2, sh, true, NULL, 1, JAXC_GUMBEL_LOW);
  r = jaxc_random_randint(k, JAXC_I32, 1, &six, 0, 4);
  bool ok = c && r && jaxc_array_ndim(c) == 3 && jaxc_array_shape(c)[0] == 5 && jaxc_array_shape(c)[1] == 2 && jaxc_array_shape(c)[2] == 3;
  CHECK(ok);
  if (ok) {
    long bad = 0;
    for (int i = 0; i < 5; i++)
      for (int j = 0; j < 6; j++) bad += felem(c, i * 6 + j) != av[i * 4 + ielem(r, j)];
    CHECK_MSG(bad == 0, "choice along axis 1: %ld of 30 differ", bad);
  }
  jaxc_array_free(c);
  jaxc_array_free(r);
  /* without replacement: permutation(key, 4)[:3] of the columns, distinct */
  int64_t three = 3;
  c = jaxc_random_choice(k, A, 1, &three, false, NULL, 1, JAXC_GUMBEL_LOW);
  r = jaxc_random_permutation(k, 4);
  ok = c && r && jaxc_array_ndim(c) == 2 && jaxc_array_shape(c)[0] == 5 && jaxc_array_shape(c)[1] == 3;
  CHECK(ok);
  if (ok) {
    long bad = 0;
    for (int i = 0; i < 5; i++)
      for (int j = 0; j < 3; j++) bad += felem(c, i * 3 + j) != av[i * 4 + ielem(r, j)];
    CHECK_MSG(bad == 0, "choice without replacement: %ld of 15 differ from permutation[:3]", bad);
    CHECK(ielem(r, 0) != ielem(r, 1) && ielem(r, 1) != ielem(r, 2) && ielem(r, 0) != ielem(r, 2));
  }
  jaxc_array_free(c);
  jaxc_array_free(r);
  /* with p: frequencies (chi-square), zeros never drawn */
  const float pv[5] = {0.1f, 0.0f, 0.4f, 0.3f, 0.2f};
  jaxc_array *P = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){5}, pv), *a5 = jaxc_scalar(JAXC_I32, 5, 0);
  int64_t m = 1 << 16;
  c = jaxc_random_choice(k, a5, 1, &m, true, P, 0, JAXC_GUMBEL_LOW);
  ok = c && jaxc_array_dtype(c) == JAXC_I32 && jaxc_array_size(c) == m;
  CHECK(ok);
  if (ok) {
    double cnt[5] = {0}, chi = 0;
    for (int64_t i = 0; i < m; i++) cnt[ielem(c, i)]++;
    for (int j = 0; j < 5; j++)
      if (pv[j] > 0) chi += (cnt[j] - m * pv[j]) * (cnt[j] - m * pv[j]) / (m * pv[j]);
    CHECK_MSG(cnt[1] == 0 && chi < 18.5, "choice with p: %g draws of p = 0, chi-square %.2f (4 dof)", cnt[1], chi);
  }
  jaxc_array_free(c);
  /* ... and each draw is the first cumulative sum at or above p_cuml[-1] * (1 - u): checked where
     r is not within float32 rounding of a boundary */
  int64_t m2 = 4096;
  c = jaxc_random_choice(k, a5, 1, &m2, true, P, 0, JAXC_GUMBEL_LOW);
  jaxc_array *u = jaxc_random_uniform(k, JAXC_F32, 1, &m2, 0.0, 1.0);
  ok = c && u && jaxc_array_dtype(c) == JAXC_I32 && jaxc_array_size(c) == m2;
  CHECK(ok);
  if (ok) {
    double cum[5], s = 0;
    for (int j = 0; j < 5; j++) cum[j] = s += pv[j];
    long bad = 0;
    for (int64_t i = 0; i < m2; i++) {
      double rv = cum[4] * (1.0 - felem(u, i));
      int want = 0;
      while (want < 4 && cum[want] < rv) want++;
      bool near = false;
      for (int j = 0; j < 5; j++) near = near || fabs(cum[j] - rv) < 1e-6;
      bad += !near && ielem(c, i) != want;
    }
    CHECK_MSG(bad == 0, "choice with p: %ld draws differ from the cumulative search", bad);
  }
  jaxc_array_free(c);
  jaxc_array_free(u);
  /* without replacement with p: distinct, never p = 0, = top_k(gumbel(key, (5,)) + log p) */
  int64_t four = 4;
  c = jaxc_random_choice(k, a5, 1, &four, false, P, 0, JAXC_GUMBEL_LOW);
  jaxc_array *G = jaxc_random_gumbel(k, JAXC_F32, 1, (int64_t[]){5}, JAXC_GUMBEL_LOW);
  ok = c && G && jaxc_array_dtype(c) == JAXC_I32 && jaxc_array_size(c) == 4;
  CHECK(ok);
  if (ok) {
    bool used[5] = {false};
    long bad = 0;
    for (int kk = 0; kk < 4; kk++) {
      int best = -1;
      double bv = 0;
      for (int j = 0; j < 5; j++) {
        double v = pv[j] > 0 ? felem(G, j) + log(pv[j]) : -INFINITY;
        if (!used[j] && (best < 0 || v > bv)) best = j, bv = v;
      }
      used[best] = true;
      bad += ielem(c, kk) != best;
    }
    CHECK_MSG(bad == 0, "choice with p without replacement: %ld of 4 differ from gumbel top-k", bad);
  }
  jaxc_array_free(c);
  jaxc_array_free(G);
  /* x64: the index dtype is int64 */
  jaxc_set_x64(true);
  c = jaxc_random_choice(k, a10, 1, &n, true, NULL, 0, JAXC_GUMBEL_LOW);
  CHECK(c && jaxc_array_dtype(c) == JAXC_I64);
  jaxc_array_free(c);
  c = jaxc_random_choice(k, a5, 1, &four, false, P, 0, JAXC_GUMBEL_HIGH);
  CHECK(c && jaxc_array_dtype(c) == JAXC_I64);
  jaxc_array_free(c);
  /* no draws: zeros(shape, a.dtype), whatever a holds */
  int64_t zsh[2] = {2, 0};
  c = jaxc_random_choice(k, A, 2, zsh, false, NULL, 0, JAXC_GUMBEL_LOW);
  CHECK(c && jaxc_array_dtype(c) == JAXC_F32 && jaxc_array_ndim(c) == 2 && jaxc_array_shape(c)[1] == 0);
  jaxc_array_free(c);
  jaxc_array_free(a10);
  jaxc_array_free(a5);
  jaxc_array_free(P);
  jaxc_array_free(A);
}

/* ---- _into = allocating; threads; errors -------------------------------------------------------*/
static void test_into_threads(void) {
  jaxc_set_x64(true);
  int64_t n = (int64_t)1 << 20; /* 4 MiB of float32: the threaded path */
  jaxc_key k = jaxc_random_key(7);
  void *buf = malloc((size_t)n * 8);
  for (int s = 0; s < 4; s++)
    for (int di = 0; di < 4; di++) {
      jaxc_array *a = draw((sampler)s, k, FL[di], n);
      int st = s == EXPONENTIAL ? jaxc_random_exponential_into(k, FL[di], n, buf)
             : s == LAPLACE     ? jaxc_random_laplace_into(k, FL[di], n, buf)
             : s == LOGISTIC    ? jaxc_random_logistic_into(k, FL[di], n, buf)
                                : jaxc_random_gumbel_into(k, FL[di], n, JAXC_GUMBEL_LOW, buf);
      CHECK_MSG(a && st == JAXC_OK && memcmp(buf, jaxc_array_data(a), (size_t)n * jaxc_dtype_size(FL[di])) == 0,
                "%s_into %s differs", NAMES[s], jaxc_dtype_name(FL[di]));
#ifdef _OPENMP
      int saved = omp_get_max_threads();
      for (int t = 1; t <= 3; t += 2) {
        omp_set_num_threads(t);
        jaxc_array *b = draw((sampler)s, k, FL[di], n);
        CHECK_MSG(a && b && memcmp(jaxc_array_data(b), jaxc_array_data(a), (size_t)n * jaxc_dtype_size(FL[di])) == 0,
                  "%s %s differs with %d threads", NAMES[s], jaxc_dtype_name(FL[di]), t);
        jaxc_array_free(b);
      }
      omp_set_num_threads(saved);
#endif
      jaxc_array_free(a);
    }
  /* gumbel HIGH's second draw starts at counter n: a prefix of a long draw is not a short draw */
  int64_t m = 1000;
  jaxc_array *g = jaxc_random_gumbel(k, JAXC_F32, 1, &m, JAXC_GUMBEL_HIGH);
  CHECK(g && jaxc_random_gumbel_into(k, JAXC_F32, m, JAXC_GUMBEL_HIGH, buf) == JAXC_OK && memcmp(buf, jaxc_array_data(g), 4000) == 0);
  jaxc_array_free(g);
  jaxc_array *r = jaxc_random_rademacher(k, JAXC_I16, 1, &m);
  CHECK(r && jaxc_random_rademacher_into(k, JAXC_I16, m, buf) == JAXC_OK && memcmp(buf, jaxc_array_data(r), 2000) == 0);
  jaxc_array_free(r);
  free(buf);
}

static void test_errors(void) {
  jaxc_set_x64(false);
  jaxc_key k = mkkey(1, 1);
  int64_t n = 4, neg = -2;
  float dummy[4];
  CHECK(jaxc_random_exponential(k, JAXC_I32, 1, &n) == NULL && message_is("dtype argument to `exponential` must be a float dtype, got int32"));
  CHECK(jaxc_random_laplace(k, JAXC_I64, 1, &n) == NULL && message_is("dtype argument to `laplace` must be a float dtype, got int32"));
  CHECK(jaxc_random_logistic(k, JAXC_C64, 1, &n) == NULL && message_is("dtype argument to `logistic` must be a float dtype, got complex64"));
  CHECK(jaxc_random_gumbel(k, JAXC_BOOL, 1, &n, JAXC_GUMBEL_LOW) == NULL && message_is("dtype argument to `gumbel` must be a float dtype, got bool"));
  CHECK(jaxc_random_gumbel(k, JAXC_F32, 1, &n, (jaxc_gumbel_mode)7) == NULL && message_is("Must provide valid mode for gumbel got: 7"));
  CHECK(jaxc_random_exponential(k, (jaxc_dtype)99, 1, &n) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  CHECK(jaxc_random_laplace(k, JAXC_F32, 1, &neg) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  CHECK(jaxc_random_exponential_into(k, JAXC_F32, -1, dummy) == JAXC_ERR_SHAPE);
  CHECK(jaxc_random_gumbel_into(k, JAXC_F32, 4, JAXC_GUMBEL_LOW, NULL) == JAXC_ERR_ARG);
  CHECK(jaxc_random_rademacher_into(k, JAXC_F32, 4, NULL) == JAXC_ERR_ARG);
  CHECK(jaxc_random_rademacher(k, (jaxc_dtype)-7, 1, &n) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  /* categorical */
  jaxc_array *L = logits_2d(2, 3), *Li = jaxc_astype(L, JAXC_I32);
  CHECK(jaxc_random_categorical(k, NULL, 0, -1, NULL, true, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_random_categorical(k, L, 2, -1, NULL, true, 0) == NULL && message_is("index 2 is out of bounds for axis 0 with size 2"));
  CHECK(jaxc_random_categorical(k, Li, -1, -1, NULL, true, 0) == NULL && message_is("dtype argument to `gumbel` must be a float dtype, got int32"));
  CHECK(jaxc_random_categorical(k, L, -1, 1, (int64_t[]){3}, true, 0) == NULL &&
        message_is("Incompatible shapes for broadcasting: shapes=[(3,), (2,)]"));
  CHECK(jaxc_random_categorical(k, L, -1, 2, (int64_t[]){1, 1}, true, 0) == NULL &&
        message_is("categorical parameter shapes must be broadcast-compatible with shape argument, and the result of "
                   "broadcasting the shapes must equal the shape argument, but got result (1, 2) for shape argument (1, 1)."));
  CHECK(jaxc_random_categorical(k, L, -1, 2, (int64_t[]){4, 2}, false, 0) == NULL &&
        message_is("Number of samples without replacement (4) cannot exceed number of categories (3)."));
  CHECK(jaxc_random_categorical(k, L, -1, -1, NULL, true, (jaxc_gumbel_mode)-1) == NULL && message_is("Must provide valid mode for gumbel got: -1"));
  CHECK(jaxc_random_categorical(k, L, -1, 1, &neg, true, 0) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  jaxc_array *empty = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 0});
  CHECK(jaxc_random_categorical(k, empty, -1, -1, NULL, true, 0) == NULL && message_is("attempt to get argmax of an empty sequence"));
  /* choice */
  jaxc_array *a0 = jaxc_scalar(JAXC_I32, 0, 0), *a3 = jaxc_scalar(JAXC_I32, 3, 0), *anan = jaxc_scalar(JAXC_F32, NAN, 0);
  jaxc_array *P2 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){0.5f, 0.5f});
  CHECK(jaxc_random_choice(k, NULL, 1, &n, true, NULL, 0, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_random_choice(k, a0, 1, &n, true, NULL, 0, 0) == NULL && message_is("a must be greater than 0 unless no samples are taken"));
  CHECK(jaxc_random_choice(k, a3, 1, &n, false, NULL, 0, 0) == NULL &&
        message_is("Cannot take a larger sample (size 4) than population (size 3) when 'replace=False'"));
  CHECK(jaxc_random_choice(k, a3, 1, &n, true, P2, 0, 0) == NULL &&
        message_is("p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (2,) and a.shape[axis] is 3."));
  CHECK(jaxc_random_choice(k, L, 1, &n, true, NULL, 2, 0) == NULL && message_is("axis 2 is out of bounds for array of dimension 2"));
  CHECK(jaxc_random_choice(k, anan, 1, &n, true, NULL, 0, 0) == NULL && message_is("cannot convert float NaN to integer"));
  CHECK(jaxc_random_choice(k, a3, -1, NULL, true, NULL, 0, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_random_choice(k, a3, 1, &neg, true, NULL, 0, 0) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  jaxc_array *Pc = jaxc_astype(P2, JAXC_C64), *a2 = jaxc_scalar(JAXC_I32, 2, 0);
  CHECK(jaxc_random_choice(k, a2, 1, &n, true, Pc, 0, 0) == NULL && message_is("dtype argument to `uniform` must be a float dtype, got complex64"));
  CHECK(jaxc_random_choice(k, a2, 1, (int64_t[]){2}, false, Pc, 0, 0) == NULL && message_is("dtype argument to `gumbel` must be a float dtype, got complex64"));
  /* inputs untouched */
  const float *lv = jaxc_array_data(L);
  long changed = 0;
  for (int i = 0; i < 6; i++) changed += lv[i] != (float)((i * 7) % 5) * 0.5f - 1.0f;
  CHECK_EQ_INT(changed, 0);
  jaxc_array *arrs[] = {L, Li, empty, a0, a3, anan, P2, Pc, a2};
  for (size_t i = 0; i < sizeof arrs / sizeof *arrs; i++) jaxc_array_free(arrs[i]);
  jaxc_set_x64(true);
}

int main(void) {
  test_values();
  test_ks();
  test_gumbel_modes();
  test_rademacher();
  test_categorical();
  test_choice();
  test_into_threads();
  test_errors();
  return check_summary("test_samplers");
}
