/* test_conv.c — jnp.convolve and jnp.correlate. References written here, not from the library:
     - every element of every result against numpy's definitions summed exactly (integers mod
       2^64, floats in long double over values with few bits, so that every partial sum the
       library makes is exact too and the one rounding is the result's): the full convolution
       F[m] = sum_i a[i] v[m - i] and correlation F[m] = sum_n a[n + m - (nv - 1)] conj(v[n]),
       then JAX's window of F: 'valid' from k - 1, 'same' from k - 1 - k / 2 -- from k / 2 for a
       correlation whose a is the shorter, which JAX computes with the operands swapped and
       reverses -- k the shorter length;
     - the operands converted as this file states JAX's rule: promote_dtypes_inexact without
       preferred_element_type, promote_dtypes with it, then dot_general's upcast (to the result
       when that is the higher type; float16 counts as float32), the sum in float32 for 16-bit
       floats, one rounding; every pair of the 15 dtypes, x64 off and on, every preferred dtype,
       with _maybe_upcast's TypeError decided from testlib's table;
     - the result's dtype and weak flag against JAX's golden promotion table made inexact;
     - accuracy on random float32 / complex64 / bfloat16 values against a long double bound, and
       a sum that would be lost in bfloat16; an infinity in the kernel against the padding's zeros
       (NaN where XLA's window multiplies them); long inputs over the threads, exact; JAX's
       docstring examples as printed; errors in JAX's words; inputs unchanged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8]; /* [strict][x64][a][b] */

static bool integral(jaxc_dtype d) { jaxc_kind k = jaxc_dtype_kind(d); return k == JAXC_KIND_BOOL || k == JAXC_KIND_INT || k == JAXC_KIND_UINT; }
static bool is_complex(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX; }
/* JAX's to_inexact_dtype: bool and ints up to 32 bits to float32 (x64 or not), 64-bit ints to
   float64 (then narrowed with x64 off) */
static jaxc_dtype to_inexact(jaxc_dtype d) {
  if (!integral(d)) return d;
  return jaxc_dtype_bits(d) == 64 && jaxc_x64() ? JAXC_F64 : JAXC_F32;
}
/* what the products are summed in for operands converted to c (XLA:CPU: 16-bit floats in
   float32, integers in 32 or 64 bits, bool as or-of-ands) */
static jaxc_dtype sum_of(jaxc_dtype c) {
  if (c == JAXC_BOOL) return JAXC_BOOL;
  if (integral(c)) return jaxc_dtype_bits(c) == 64 ? JAXC_U64 : JAXC_U32;
  if (c == JAXC_BF16 || c == JAXC_F16) return JAXC_F32;
  return c;
}

/* x's elements converted to p then to c, as complex128 parts and as int64 bits (x64 on) */
typedef struct { jaxc_array *cx, *i64; } ref_copy;
static ref_copy ref_of(const jaxc_array *x, jaxc_dtype p, jaxc_dtype c) {
  jaxc_array *pv = jaxc_astype(x, p), *cv = jaxc_astype(pv, c);
  bool x64 = jaxc_x64();
  jaxc_set_x64(true);
  ref_copy r = {jaxc_astype(cv, JAXC_C128), jaxc_astype(cv, JAXC_I64)};
  jaxc_set_x64(x64);
  jaxc_array_free(pv), jaxc_array_free(cv);
  return r;
}
static void ref_free(ref_copy r) { jaxc_array_free(r.cx), jaxc_array_free(r.i64); }
static double re_at(ref_copy r, int64_t i) { return ((const double *)r.cx->data)[2 * i]; }
static double im_at(ref_copy r, int64_t i) { return ((const double *)r.cx->data)[2 * i + 1]; }
static int64_t int_at(ref_copy r, int64_t i) { return ((const int64_t *)r.i64->data)[i]; }

/* numpy's full result F[m] (m in [0, na + nv - 1)) in exact arithmetic: which a and v elements
   meet at m, for convolve and correlate */
typedef struct { long double re, im, mag; uint64_t isum; bool any; } exact_sum;
static exact_sum full_at(bool corr, ref_copy A, int64_t na, ref_copy V, int64_t nv, int64_t m) {
  exact_sum s = {0, 0, 0, 0, false};
  /* corr: a[n + m - (nv - 1)] with n = j; convolve: v[m - i] */
  int64_t lo = m - (nv - 1), hi = m + 1; /* (the same range for both) */
  for (int64_t i = lo < 0 ? 0 : lo; i < na && i < hi; i++) {
    int64_t j = corr ? i - (m - (nv - 1)) : m - i;
    long double ar = re_at(A, i), ai = im_at(A, i), vr = re_at(V, j), vi = corr ? -im_at(V, j) : im_at(V, j);
    s.re += ar * vr - ai * vi, s.im += ar * vi + ai * vr;
    s.mag += (fabsl(ar) + fabsl(ai)) * (fabsl(vr) + fabsl(vi));
    s.isum += (uint64_t)int_at(A, i) * (uint64_t)int_at(V, j);
    s.any = s.any || (int_at(A, i) != 0 && int_at(V, j) != 0);
  }
  return s;
}
/* where JAX's result starts in F */
static int64_t window_start(bool corr, jaxc_conv_mode mode, int64_t na, int64_t nv) {
  int64_t k = na < nv ? na : nv;
  if (mode == JAXC_CONV_FULL) return 0;
  if (mode == JAXC_CONV_VALID) return k - 1;
  return corr && na < nv ? k / 2 : k - 1 - k / 2;
}
static int64_t result_length(jaxc_conv_mode mode, int64_t na, int64_t nv) {
  int64_t n = na > nv ? na : nv, k = na + nv - n;
  return mode == JAXC_CONV_FULL ? n + k - 1 : mode == JAXC_CONV_SAME ? n : n - k + 1;
}

/* The exact sums s[0..n) as the dtype sd they are summed in, then converted to out (the one
   rounding): an array to compare bit for bit. */
static jaxc_array *expected_elements(const exact_sum *s, int64_t n, jaxc_dtype sd, jaxc_dtype out) {
  bool x64 = jaxc_x64();
  jaxc_set_x64(true);
  jaxc_array *e = jaxc_array_zeros(sd, 1, &n), *r;
  for (int64_t i = 0; i < n; i++) {
    void *p = (char *)e->data + (size_t)i * jaxc_dtype_size(sd);
    switch (sd) {
    case JAXC_BOOL: *(uint8_t *)p = s[i].any; break;
    case JAXC_U32: *(uint32_t *)p = (uint32_t)s[i].isum; break;
    case JAXC_U64: *(uint64_t *)p = s[i].isum; break;
    case JAXC_F32: *(float *)p = (float)(s[i].re + 0.0L); break;
    case JAXC_F64: *(double *)p = (double)(s[i].re + 0.0L); break;
    case JAXC_C64: ((float *)p)[0] = (float)(s[i].re + 0.0L), ((float *)p)[1] = (float)(s[i].im + 0.0L); break;
    default: ((double *)p)[0] = (double)(s[i].re + 0.0L), ((double *)p)[1] = (double)(s[i].im + 0.0L); break;
    }
  }
  r = jaxc_astype(e, out);
  jaxc_set_x64(x64);
  jaxc_array_free(e);
  return r;
}
/* An integer result of an integer sum is the sum's low bits (sums mod 2^64 wrap to the signed
   sum's bits, whatever the operands' signedness); any other is the expected element's bits. */
static bool same_element(const jaxc_array *got, int64_t i, const jaxc_array *want, jaxc_dtype out, jaxc_dtype sd, exact_sum s) {
  size_t es = jaxc_dtype_size(out);
  if (integral(out) && out != JAXC_BOOL && integral(sd) && sd != JAXC_BOOL) {
    uint64_t g = 0, w = s.isum;
    memcpy(&g, (const char *)got->data + (size_t)i * es, es);
    if (es < 8) w &= (((uint64_t)1) << (8 * es)) - 1;
    return g == w;
  }
  return memcmp((const char *)got->data + (size_t)i * es, (const char *)want->data + (size_t)i * es, es) == 0;
}

static long cases_checked;
/* one call against the reference: every element of r, or the refusal JAX makes */
static void check_call(bool corr, const jaxc_array *a, const jaxc_array *v, jaxc_conv_mode mode, jaxc_dtype pref) {
  uint64_t ca = checksum(a), cv = checksum(v);
  jaxc_array *r = corr ? jaxc_correlate(a, v, mode, pref) : jaxc_convolve(a, v, mode, pref);
  char msg[256];
  snprintf(msg, sizeof msg, "%s", jaxc_last_error());
  CHECK(checksum(a) == ca && checksum(v) == cv);
  jaxc_dtype da = a->dtype, db = v->dtype;
  /* promote_dtypes(_inexact): both operands strong here, so the join is jnp.add's result (of
     one element of each) */
  jaxc_array a0, v0, *probe;
  jaxc_array_wrap(&a0, da, 0, NULL, a->data), jaxc_array_wrap(&v0, db, 0, NULL, v->data);
  probe = jaxc_add(&a0, &v0);
  jaxc_dtype p = probe ? probe->dtype : JAXC_DTYPE_INVALID;
  bool weak = probe && probe->weak; /* (uint64 with int64 joins at the weak float) */
  jaxc_array_free(probe);
  if (pref == JAXC_DTYPE_NONE) p = to_inexact(p);
  jaxc_dtype out = pref == JAXC_DTYPE_NONE ? p : jaxc_storage_dtype(pref, jaxc_x64());
  bool narrower = pref != JAXC_DTYPE_NONE && dot_narrower(p, p, out), drops_imag = is_complex(p) && !is_complex(out);
  if (narrower || drops_imag) {
    CHECK_MSG(!r, "%s %s,%s pref %s should be refused", corr ? "correlate" : "convolve", jaxc_dtype_name(da), jaxc_dtype_name(db), jaxc_dtype_name(out));
    if (narrower && !r) {
      char want[256];
      snprintf(want, sizeof want, "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of %s for result type of %s.",
               jaxc_dtype_name(out), jaxc_dtype_name(p));
      CHECK_MSG(strcmp(msg, want) == 0, "message \"%s\", want \"%s\"", msg, want);
    }
    jaxc_array_free(r);
    return;
  }
  int64_t na = a->size, nv = v->size, n = result_length(mode, na, nv);
  CHECK_MSG(r && r->dtype == out && r->ndim == 1 && r->shape[0] == n && r->weak == weak, "%s %s,%s mode %d pref %s: %s",
            corr ? "correlate" : "convolve", jaxc_dtype_name(da), jaxc_dtype_name(db), (int)mode, jaxc_dtype_name(out), r ? jaxc_dtype_name(r->dtype) : jaxc_last_error());
  if (!r || r->dtype != out || r->shape[0] != n) {
    jaxc_array_free(r);
    return;
  }
  jaxc_dtype d16 = p == JAXC_F16 ? JAXC_F32 : p, conv = higher(out, d16) ? out : d16;
  ref_copy A = ref_of(a, p, conv), V = ref_of(v, p, conv);
  int64_t start = window_start(corr, mode, na, nv);
  long bad = 0;
  exact_sum *s = malloc((size_t)n * sizeof *s);
  for (int64_t i = 0; i < n; i++) s[i] = full_at(corr, A, na, V, nv, start + i);
  jaxc_array *want = expected_elements(s, n, sum_of(conv), out);
  for (int64_t i = 0; i < n; i++) {
    if (!same_element(r, i, want, out, sum_of(conv), s[i]) && bad++ < 3)
      CHECK_MSG(0, "%s %s,%s (%lld,%lld) mode %d pref %s: element %lld differs", corr ? "correlate" : "convolve", jaxc_dtype_name(da),
                jaxc_dtype_name(db), (long long)na, (long long)nv, (int)mode, jaxc_dtype_name(out), (long long)i);
  }
  free(s), jaxc_array_free(want);
  CHECK(bad == 0);
  cases_checked++;
  ref_free(A), ref_free(V), jaxc_array_free(r);
}

/* every pair of dtypes, x64 off and on, preferred None and every dtype, random lengths */
static void test_all_pairs(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int da = 0; da < JAXC_NUM_CONCRETE_DTYPES; da++)
      for (int db = 0; db < JAXC_NUM_CONCRETE_DTYPES; db++)
        for (int pi = -1; pi < JAXC_NUM_CONCRETE_DTYPES; pi++) {
          jaxc_dtype pref = pi < 0 ? JAXC_DTYPE_NONE : (jaxc_dtype)pi;
          int64_t na = 1 + (int64_t)(rnd64() % 40), nv = 1 + (int64_t)(rnd64() % 12);
          if (rnd64() % 3 == 0) { int64_t t = na; na = nv, nv = t; }
          jaxc_array *a = small_random_array((jaxc_dtype)da, 1, &na), *v = small_random_array((jaxc_dtype)db, 1, &nv);
          bool corr = rnd64() & 1;
          check_call(corr, a, v, (jaxc_conv_mode)(rnd64() % 3), pref);
          if (pi < 0) /* all modes, both functions */
            for (int m = 0; m < 3; m++) check_call(!corr, a, v, (jaxc_conv_mode)m, pref);
          jaxc_array_free(a), jaxc_array_free(v);
        }
  }
  jaxc_set_x64(false);
}

/* lengths around the kernel's block of results and the swap: every mode, both functions */
static void test_lengths(void) {
  const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64, JAXC_I32, JAXC_BF16, JAXC_C64, JAXC_C128, JAXC_BOOL, JAXC_U8, JAXC_I64};
  const int64_t lens[] = {1, 2, 3, 4, 63, 64, 65, 127, 128, 130, 200};
  for (size_t t = 0; t < sizeof ds / sizeof *ds; t++)
    for (size_t i = 0; i < sizeof lens / sizeof *lens; i++)
      for (size_t j = 0; j < sizeof lens / sizeof *lens; j += 2) {
        jaxc_dtype pref = ds[t] == JAXC_I32 || ds[t] == JAXC_U8 ? ds[t] : ds[t] == JAXC_I64 ? JAXC_I64 : JAXC_DTYPE_NONE;
        jaxc_array *a = small_random_array(ds[t], 1, &lens[i]), *v = small_random_array(ds[t], 1, &lens[j]);
        for (int m = 0; m < 3; m++)
          for (int corr = 0; corr < 2; corr++) check_call(corr, a, v, (jaxc_conv_mode)m, pref);
        jaxc_array_free(a), jaxc_array_free(v);
      }
}

/* long inputs, over the threads: still exact, every element */
static void test_long(void) {
  int64_t n = 300000, k = 33, k2 = 300;
  jaxc_array *a = small_random_array(JAXC_F32, 1, &n), *v = small_random_array(JAXC_F32, 1, &k), *w = small_random_array(JAXC_C64, 1, &k2);
  jaxc_array *ai = small_random_array(JAXC_I16, 1, &n);
  check_call(false, a, v, JAXC_CONV_SAME, JAXC_DTYPE_NONE);
  check_call(true, v, a, JAXC_CONV_FULL, JAXC_DTYPE_NONE);
  check_call(false, w, a, JAXC_CONV_VALID, JAXC_DTYPE_NONE);
  check_call(true, ai, v, JAXC_CONV_SAME, JAXC_I32);
  check_call(false, ai, ai, JAXC_CONV_VALID, JAXC_I16); /* (k = n: one result of 300000 products) */
  jaxc_array_free(a), jaxc_array_free(v), jaxc_array_free(w), jaxc_array_free(ai);
}

/* random values with all their bits: within a long double bound of the error of sums in the
   result's precision (complex: relative to the parts' magnitudes, Gauss's trick's bound) */
static void test_accuracy(void) {
  const jaxc_dtype ds[] = {JAXC_F32, JAXC_C64, JAXC_BF16, JAXC_F16, JAXC_F64};
  for (size_t t = 0; t < sizeof ds / sizeof *ds; t++)
    for (int rep = 0; rep < 20; rep++) {
      int64_t na = 1 + (int64_t)(rnd64() % 3000), nv = 1 + (int64_t)(rnd64() % 200);
      int64_t n2a = 2 * na, n2v = 2 * nv;
      jaxc_set_x64(true);
      jaxc_array *pa = jaxc_array_empty(JAXC_F64, 1, &n2a), *pv = jaxc_array_empty(JAXC_F64, 1, &n2v);
      for (int64_t i = 0; i < n2a; i++) ((double *)pa->data)[i] = (double)(rnd64() >> 11) * 0x1p-53 * 2 - 1;
      for (int64_t i = 0; i < n2v; i++) ((double *)pv->data)[i] = (double)(rnd64() >> 11) * 0x1p-53 * 2 - 1;
      jaxc_array ca, cv, *a, *v;
      jaxc_set_x64(true);
      jaxc_array_wrap(&ca, JAXC_C128, 1, &na, pa->data), jaxc_array_wrap(&cv, JAXC_C128, 1, &nv, pv->data);
      a = jaxc_astype(&ca, ds[t]), v = jaxc_astype(&cv, ds[t]);
      jaxc_set_x64(ds[t] == JAXC_F64);
      bool corr = rep & 1;
      jaxc_conv_mode mode = (jaxc_conv_mode)(rep % 3);
      jaxc_array *r = corr ? jaxc_correlate(a, v, mode, JAXC_DTYPE_NONE) : jaxc_convolve(a, v, mode, JAXC_DTYPE_NONE);
      ref_copy A = ref_of(a, ds[t], ds[t]), V = ref_of(v, ds[t], ds[t]);
      jaxc_set_x64(true);
      jaxc_array *rc = jaxc_astype(r, JAXC_C128);
      jaxc_set_x64(ds[t] == JAXC_F64);
      int64_t n = result_length(mode, na, nv), start = window_start(corr, mode, na, nv);
      CHECK(r && r->shape[0] == n);
      long double tol = (ds[t] == JAXC_F64 ? 0x1p-53L : 0x1p-24L) * (long double)(nv < na ? nv : na) * 2 * (is_complex(ds[t]) ? 3 : 1);
      long bad = 0;
      for (int64_t i = 0; r && i < n; i++) {
        exact_sum s = full_at(corr, A, na, V, nv, start + i);
        long double gr = ((const double *)rc->data)[2 * i], gi = ((const double *)rc->data)[2 * i + 1];
        long double err = fabsl(gr - s.re) + fabsl(gi - s.im);
        long double lim = tol * s.mag + (ds[t] == JAXC_BF16 || ds[t] == JAXC_F16 ? eps_of(ds[t]) * 1.01L * fabsl(s.re) : 0) + 1e-30L;
        if (err > lim && bad++ < 3) CHECK_MSG(0, "%s %s element %lld: error %Lg over %Lg", corr ? "correlate" : "convolve", jaxc_dtype_name(ds[t]), (long long)i, err, lim);
      }
      CHECK(bad == 0);
      jaxc_set_x64(false);
      ref_free(A), ref_free(V), jaxc_array_free(rc), jaxc_array_free(r), jaxc_array_free(a), jaxc_array_free(v), jaxc_array_free(pa), jaxc_array_free(pv);
    }
  /* bfloat16 sums in float32: 1 + 300 x 2^-9 is 1.5859 (bfloat16 1.5859375); summed in bfloat16
     each 2^-9 would be lost against 1 */
  int64_t n = 301;
  jaxc_array *x = jaxc_array_empty(JAXC_BF16, 1, &n);
  for (int64_t i = 0; i < n; i++) ((uint16_t *)x->data)[i] = enc16(BF16F, i ? 0x1p-9 : 1.0);
  jaxc_array *ones = jaxc_array_ones(JAXC_BF16, 1, &n), *r = jaxc_correlate(x, ones, JAXC_CONV_VALID, JAXC_DTYPE_NONE);
  CHECK(r && r->dtype == JAXC_BF16 && r->size == 1 && dec16(BF16F, ((uint16_t *)r->data)[0]) == round16(BF16F, 1 + 300 * 0x1p-9));
  jaxc_array_free(r), jaxc_array_free(x), jaxc_array_free(ones);
}

/* an infinity meets the padding's zeros: XLA's window multiplies them (NaN), numpy would not */
static void test_padding_zeros(void) {
  jaxc_array *a = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){1, 2, 3});
  jaxc_array *v = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){INFINITY, 1});
  expect_print(jaxc_convolve(a, v, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "Array([inf, inf, inf, nan], dtype=float32)", "inf kernel, full");
  expect_print(jaxc_convolve(a, v, JAXC_CONV_VALID, JAXC_DTYPE_NONE), "Array([inf, inf], dtype=float32)", "inf kernel, valid");
  expect_print(jaxc_correlate(a, v, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "Array([nan, inf, inf, inf], dtype=float32)", "inf kernel, correlate full");
  jaxc_set_debug_nans(true);
  CHECK_FAILS(jaxc_convolve(a, v, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "invalid value (nan) encountered in conv_general_dilated");
  jaxc_array *ok = jaxc_convolve(a, v, JAXC_CONV_VALID, JAXC_DTYPE_NONE);
  CHECK(ok != NULL);
  jaxc_array_free(ok);
  jaxc_set_debug_nans(false);
  jaxc_array_free(a), jaxc_array_free(v);
}

/* the result's dtype and weak flag against JAX's golden jnp.add table made inexact (weak
   operands are 1-d arrays marked weak, as lax.full of a Python scalar makes them): jnp's
   promotion gives both operands the join's weak flag, so one weak operand may make a weak result */
static void test_golden_dtypes(void) {
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int na = 0; na < JAXC_NUM_DTYPES; na++)
      for (int nb = 0; nb < JAXC_NUM_DTYPES; nb++) {
        bool wa = jaxc_dtype_is_weak((jaxc_dtype)na), wb = jaxc_dtype_is_weak((jaxc_dtype)nb);
        int64_t la = 3, lb = 2;
        jaxc_array *a = small_random_array(jaxc_storage_dtype((jaxc_dtype)na, x64), 1, &la);
        jaxc_array *b = small_random_array(jaxc_storage_dtype((jaxc_dtype)nb, x64), 1, &lb);
        a->weak = wa, b->weak = wb;
        jaxc_array *r = jaxc_convolve(a, b, JAXC_CONV_FULL, JAXC_DTYPE_NONE);
        const char *g = golden[strict][x64][na][nb];
        if (strcmp(g, "-") == 0) {
          CHECK_MSG(!r && jaxc_last_status() == JAXC_ERR_PROMOTION, "%s %s strict: should be refused", jaxc_dtype_name((jaxc_dtype)na), jaxc_dtype_name((jaxc_dtype)nb));
        } else {
          bool weak;
          jaxc_dtype node = golden_cell(g, &weak);
          jaxc_dtype want = to_inexact(node); /* (a weak int is int64 with x64 on: float64) */
          CHECK_MSG(r && r->dtype == want && r->weak == weak, "%s %s (%s): got %s%s", jaxc_dtype_name((jaxc_dtype)na), jaxc_dtype_name((jaxc_dtype)nb), g,
                    r ? jaxc_dtype_name(r->dtype) : jaxc_last_error(), r && r->weak ? "~" : "");
        }
        jaxc_array_free(r);
        /* with a preferred dtype too: promote_dtypes gives both operands the join's weak flag,
           and conv_general_dilated's result is weak when both are */
        r = jaxc_correlate(a, b, JAXC_CONV_SAME, JAXC_F64);
        if (r) CHECK(r->weak == (g[strlen(g) - 1] == '~') && r->dtype == jaxc_storage_dtype(JAXC_F64, x64));
        jaxc_array_free(r), jaxc_array_free(a), jaxc_array_free(b);
      }
  }
  jaxc_set_x64(false);
  jaxc_set_promotion(JAXC_RULES_JAX);
}

/* JAX's docstring examples, as printed */
static void test_docstrings(void) {
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){5}, (int32_t[]){1, 2, 3, 2, 1});
  jaxc_array *y = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){4, 1, 2});
  expect_print(jaxc_convolve(x, y, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "Array([ 4.,  9., 16., 15., 12.,  5.,  2.], dtype=float32)", "convolve");
  expect_print(jaxc_convolve(x, y, JAXC_CONV_SAME, JAXC_DTYPE_NONE), "Array([ 9., 16., 15., 12.,  5.], dtype=float32)", "convolve same");
  expect_print(jaxc_convolve(x, y, JAXC_CONV_VALID, JAXC_DTYPE_NONE), "Array([16., 15., 12.], dtype=float32)", "convolve valid");
  expect_print(jaxc_convolve(x, y, JAXC_CONV_FULL, JAXC_I32), "Array([ 4,  9, 16, 15, 12,  5,  2], dtype=int32)", "convolve int32");
  jaxc_array *x1 = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){3}, (float[]){3, 1, 2, 0, 4, -3});
  jaxc_array *y1 = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){3}, (float[]){1, 0, 2, -3, 4, 5});
  expect_print(jaxc_convolve(x1, y1, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "Array([ 3. +1.j, 11. -7.j, 15.+10.j,  7. -8.j, 31. +8.j], dtype=complex64)", "convolve complex");
  jaxc_array *y2 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){4, 5, 6});
  expect_print(jaxc_correlate(x, y2, JAXC_CONV_VALID, JAXC_DTYPE_NONE), "Array([32., 35., 28.], dtype=float32)", "correlate");
  expect_print(jaxc_correlate(x, y2, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "Array([ 6., 17., 32., 35., 28., 13.,  4.], dtype=float32)", "correlate full");
  expect_print(jaxc_correlate(x, y2, JAXC_CONV_SAME, JAXC_DTYPE_NONE), "Array([17., 32., 35., 28., 13.], dtype=float32)", "correlate same");
  jaxc_array *y3 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){4, 5, 4});
  expect_print(jaxc_correlate(x, y3, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "Array([ 4., 13., 26., 31., 26., 13.,  4.], dtype=float32)", "correlate symmetric");
  expect_print(jaxc_convolve(x, y3, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "Array([ 4., 13., 26., 31., 26., 13.,  4.], dtype=float32)", "convolve symmetric");
  jaxc_array *x2 = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){3}, (float[]){3, 1, 2, 0, 2, -3});
  jaxc_array *y4 = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){3}, (float[]){4, 0, 2, -5, 1, 0});
  expect_print(jaxc_correlate(x2, y4, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "Array([ 3. +1.j,  3.+17.j, 18.+11.j, 27. +4.j,  8.-12.j], dtype=complex64)", "correlate complex");
  jaxc_array_free(x), jaxc_array_free(y), jaxc_array_free(x1), jaxc_array_free(y1), jaxc_array_free(y2), jaxc_array_free(y3), jaxc_array_free(x2), jaxc_array_free(y4);
}

static void test_errors(void) {
  jaxc_array *v3 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3}), *e = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){0});
  jaxc_array *m = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 2}), *s = jaxc_weak_float(1.5);
  jaxc_array *i8 = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){2}), *u8 = jaxc_array_zeros(JAXC_U8, 1, (int64_t[]){2});
  jaxc_array *i32 = jaxc_array_zeros(JAXC_I32, 1, (int64_t[]){2}), *c = jaxc_array_zeros(JAXC_C64, 1, (int64_t[]){2});
  CHECK_FAILS(jaxc_convolve(NULL, v3, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "convolve: an operand is NULL");
  CHECK_FAILS(jaxc_correlate(v3, NULL, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "correlate: an operand is NULL");
  CHECK_FAILS(jaxc_convolve(m, v3, JAXC_CONV_FULL, JAXC_DTYPE_NONE), "convolve() only support 1-dimensional inputs.");
  CHECK_FAILS(jaxc_correlate(v3, s, JAXC_CONV_VALID, JAXC_DTYPE_NONE), "correlate() only support 1-dimensional inputs.");
  CHECK_FAILS(jaxc_correlate(e, v3, JAXC_CONV_VALID, JAXC_DTYPE_NONE), "correlate: inputs cannot be empty, got shapes (0,) and (3,).");
  CHECK_FAILS(jaxc_convolve(v3, e, JAXC_CONV_VALID, JAXC_DTYPE_NONE), "convolve: inputs cannot be empty, got shapes (3,) and (0,).");
  CHECK_FAILS(jaxc_convolve(v3, v3, (jaxc_conv_mode)3, JAXC_DTYPE_NONE), "mode must be one of ['full', 'same', 'valid']");
  CHECK_FAILS(jaxc_correlate(v3, v3, (jaxc_conv_mode)-1, JAXC_DTYPE_NONE), "mode must be one of ['full', 'same', 'valid']");
  CHECK_FAILS(jaxc_convolve(i32, i32, JAXC_CONV_FULL, JAXC_I8),
              "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of int8 for result type of int32.");
  CHECK_FAILS(jaxc_convolve(i8, u8, JAXC_CONV_FULL, JAXC_U8), /* (promote_dtypes: int16 first) */
              "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of uint8 for result type of int16.");
  jaxc_array *r = jaxc_convolve(c, v3, JAXC_CONV_FULL, JAXC_F32);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_DTYPE);
  jaxc_array_free(r);
  r = jaxc_convolve(v3, v3, JAXC_CONV_FULL, (jaxc_dtype)99);
  CHECK(!r && jaxc_last_status() != JAXC_OK);
  jaxc_array_free(r);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  r = jaxc_convolve(i8, v3, JAXC_CONV_FULL, JAXC_DTYPE_NONE);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_array_free(r);
  r = jaxc_convolve(i8, i8, JAXC_CONV_FULL, JAXC_DTYPE_NONE); /* (one dtype: no implicit promotion) */
  CHECK(r && r->dtype == JAXC_F32);
  jaxc_array_free(r);
  jaxc_set_promotion(JAXC_RULES_JAX);
  /* the mode is checked after the empty operands, as JAX's _conv does */
  CHECK_FAILS(jaxc_convolve(e, v3, (jaxc_conv_mode)7, JAXC_DTYPE_NONE), "convolve: inputs cannot be empty, got shapes (0,) and (3,).");
  /* and the empty operands after the promotion (promote_dtypes_inexact comes first in _conv) */
  jaxc_array *e8 = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){0});
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  r = jaxc_correlate(e8, v3, JAXC_CONV_FULL, JAXC_DTYPE_NONE);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_array_free(r);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array_free(e8);
  jaxc_array_free(v3), jaxc_array_free(e), jaxc_array_free(m), jaxc_array_free(s), jaxc_array_free(i8), jaxc_array_free(u8), jaxc_array_free(i32), jaxc_array_free(c);
}

/* operands whose conversions round (small_random_array's values never do): check_call's
   reference and the values themselves */
static void test_rounding_conversions(void) {
  /* int16 and bfloat16 promote to bfloat16 (257 rounds to 256), then to the preferred float32:
     not straight from int16 to float32 */
  jaxc_array *a = jaxc_array_from_data(JAXC_I16, 1, (int64_t[]){2}, (int16_t[]){257, 3});
  jaxc_array *v = jaxc_array_from_data(JAXC_BF16, 1, (int64_t[]){1}, (uint16_t[]){enc16(BF16F, 1.0)});
  check_call(false, a, v, JAXC_CONV_FULL, JAXC_F32);
  expect_print(jaxc_convolve(a, v, JAXC_CONV_FULL, JAXC_F32), "Array([256.,   3.], dtype=float32)", "int16 through bfloat16 to float32");
  jaxc_array_free(a), jaxc_array_free(v);
  /* float16 operands go to float32 for a bfloat16 result, not to bfloat16: 1 + 2^-9 - 1 is 2^-9,
     where bfloat16 operands (1 + 2^-9 rounds to 1) would make 0 */
  a = jaxc_array_from_data(JAXC_F16, 1, (int64_t[]){2}, (uint16_t[]){enc16(F16F, 1 + 0x1p-9), enc16(F16F, -1.0)});
  v = jaxc_array_from_data(JAXC_F16, 1, (int64_t[]){2}, (uint16_t[]){enc16(F16F, 1.0), enc16(F16F, 1.0)});
  check_call(true, a, v, JAXC_CONV_VALID, JAXC_BF16);
  jaxc_array *r = jaxc_correlate(a, v, JAXC_CONV_VALID, JAXC_BF16);
  CHECK(r && r->dtype == JAXC_BF16 && r->size == 1 && dec16(BF16F, ((uint16_t *)r->data)[0]) == 0x1p-9);
  jaxc_array_free(r), jaxc_array_free(a), jaxc_array_free(v);
}

/* properties, exact on small values: a convolution does not depend on the operands' order; a
   correlation is the reversed conjugate of the swapped one */
static void test_properties(void) {
  for (int rep = 0; rep < 200; rep++) {
    int64_t na = 1 + (int64_t)(rnd64() % 90), nv = 1 + (int64_t)(rnd64() % 90);
    jaxc_dtype d = rep % 3 == 0 ? JAXC_C64 : rep % 3 == 1 ? JAXC_F32 : JAXC_I16;
    jaxc_array *a = small_random_array(d, 1, &na), *v = small_random_array(d, 1, &nv);
    jaxc_dtype pref = d == JAXC_I16 ? JAXC_I32 : JAXC_DTYPE_NONE;
    jaxc_array *p = jaxc_convolve(a, v, JAXC_CONV_FULL, pref), *q = jaxc_convolve(v, a, JAXC_CONV_FULL, pref);
    CHECK(p && q && p->size == q->size && memcmp(p->data, q->data, (size_t)p->size * jaxc_dtype_size(p->dtype)) == 0);
    jaxc_array *c1 = jaxc_correlate(a, v, JAXC_CONV_FULL, pref), *c2 = jaxc_correlate(v, a, JAXC_CONV_FULL, pref);
    jaxc_array *c2r = c2 ? jaxc_flip(c2, 0, NULL) : NULL, *c2rc = c2r ? jaxc_conj(c2r) : NULL;
    bool same = c1 && c2rc && c1->size == c2rc->size; /* (by value: conj makes -0 of a +0 imaginary part) */
    for (int64_t i = 0; same && i < c1->size * (is_complex(c1->dtype) ? 2 : 1); i++)
      same = d == JAXC_I16 ? ((int32_t *)c1->data)[i] == ((int32_t *)c2rc->data)[i] : ((float *)c1->data)[i] == ((float *)c2rc->data)[i];
    CHECK_MSG(same, "correlate(a, v) is conj(correlate(v, a))[::-1]: %s (%lld, %lld)", jaxc_dtype_name(d), (long long)na, (long long)nv);
    jaxc_array_free(p), jaxc_array_free(q), jaxc_array_free(c1), jaxc_array_free(c2), jaxc_array_free(c2r), jaxc_array_free(c2rc);
    jaxc_array_free(a), jaxc_array_free(v);
  }
}

int main(void) {
  if (!load_golden_table(golden)) return 1;
  test_docstrings();
  test_errors();
  test_rounding_conversions();
  test_padding_zeros();
  test_golden_dtypes();
  test_properties();
  test_lengths();
  test_all_pairs();
  test_long();
  test_accuracy();
  printf("(%ld calls checked element by element)\n", cases_checked);
  return check_summary("test_conv");
}
