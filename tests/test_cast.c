/* test_cast.c — jaxc_astype against XLA ConvertElementType semantics written here:
     -> bool     non-zero (NaN is true; a complex is true when either part is non-zero)
     -> integer  from integers: two's complement wrap-around; from floats: truncate toward zero,
                 saturate at the type's range, NaN -> 0 (JAX docs, "sharp bits": 254..257.0
                 astype uint8 gives [254, 255, 255, 255]); from complex: the real part
     -> float    round to nearest even, overflow -> inf, subnormals kept; integers reach bf16
                 through float32 (XLA converts s32 -> f32 -> bf16); float64 reaches bf16/f16 in
                 one rounding
     -> complex  (x, 0), or part by part
   on all 15 x 15 dtype pairs: edge values, random values, every f16/bf16 bit pattern. Also the
   x64 narrowing at creation (float64 -> float32, int64 -> int32 wraps like XLA) and astype's
   errors. The 16-bit formats are decoded and rounded here with ldexp/nearbyint. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

#define TALLY(ok) ((ok) ? (void)check_passed++ : (void)check_failed++)
static long n_cases;



/* ---- a value of any dtype: an exact integer, or a real/complex float ---- */
typedef struct val { bool is_int, is_unsigned; int64_t i; uint64_t u; double re, im; } val;

static int bits_of(jaxc_dtype d) { return (int)jaxc_dtype_size(d) * 8; }
static bool is_int_dtype(jaxc_dtype d) { return d >= JAXC_U8 && d <= JAXC_I64; }
static bool is_signed(jaxc_dtype d) { return d >= JAXC_I8 && d <= JAXC_I64; }
static bool is_complex(jaxc_dtype d) { return d == JAXC_C64 || d == JAXC_C128; }

static val load(jaxc_dtype d, const void *p, int64_t k) {
  val v = {false, false, 0, 0, 0, 0};
  const char *c = (const char *)p + (size_t)k * jaxc_dtype_size(d);
  switch (d) {
  case JAXC_BOOL: v.is_int = true, v.i = *(const bool *)c; break;
  case JAXC_U8: v.is_int = true, v.i = *(const uint8_t *)c; break;
  case JAXC_U16: v.is_int = true, v.i = *(const uint16_t *)c; break;
  case JAXC_U32: v.is_int = true, v.i = *(const uint32_t *)c; break;
  case JAXC_U64: v.is_int = v.is_unsigned = true, v.u = *(const uint64_t *)c; break;
  case JAXC_I8: v.is_int = true, v.i = *(const int8_t *)c; break;
  case JAXC_I16: v.is_int = true, v.i = *(const int16_t *)c; break;
  case JAXC_I32: v.is_int = true, v.i = *(const int32_t *)c; break;
  case JAXC_I64: v.is_int = true, v.i = *(const int64_t *)c; break;
  case JAXC_BF16: v.re = dec16(BF16F, *(const uint16_t *)c); break;
  case JAXC_F16: v.re = dec16(F16F, *(const uint16_t *)c); break;
  case JAXC_F32: v.re = *(const float *)c; break;
  case JAXC_F64: v.re = *(const double *)c; break;
  case JAXC_C64: v.re = ((const float *)c)[0], v.im = ((const float *)c)[1]; break;
  case JAXC_C128: v.re = ((const double *)c)[0], v.im = ((const double *)c)[1]; break;
  default: break;
  }
  if (v.is_int && !v.is_unsigned) v.u = (uint64_t)v.i;
  return v;
}

/* float -> integer of `bits`: truncate, saturate, NaN -> 0 (as an exact int64/uint64 pair). */
static uint64_t float_to_int_bits(double x, jaxc_dtype t) {
  int w = bits_of(t);
  if (x != x) return 0;
  long double tx = truncl((long double)x);
  if (is_signed(t)) {
    long double lo = -ldexpl(1.0L, w - 1), hi = ldexpl(1.0L, w - 1) - 1;
    if (tx <= lo) return (uint64_t)(-(int64_t)(((uint64_t)1 << (w - 1)) - 1) - 1);
    if (tx >= hi) return ((uint64_t)1 << (w - 1)) - 1;
    return (uint64_t)(int64_t)tx;
  }
  long double hi = ldexpl(1.0L, w) - 1;
  if (tx <= 0) return 0;
  if (tx >= hi) return w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
  return (uint64_t)tx;
}
/* An integer as a float of dtype t (round to nearest even; bf16 through f32). */
static double int_to_float(val v, jaxc_dtype t) {
  long double x = v.is_unsigned ? (long double)v.u : (long double)v.i; /* exact: 64-bit mantissa */
  switch (t) {
  case JAXC_F32: case JAXC_C64: return (double)(float)x;
  case JAXC_F64: case JAXC_C128: return (double)x;
  case JAXC_BF16: return round16(BF16F, (double)(float)x);
  default: return round16(F16F, (double)(float)x); /* (through f32 or not: the same for f16) */
  }
}
static double float_to_float(double x, jaxc_dtype t) {
  switch (t) {
  case JAXC_F32: case JAXC_C64: return (double)(float)x;
  case JAXC_BF16: return round16(BF16F, x);
  case JAXC_F16: return round16(F16F, x);
  default: return x;
  }
}

/* Compare element k of the result (dtype t) with the reference conversion of v. */
static bool check_one(val v, jaxc_dtype t, const void *out, int64_t k, char *msg, size_t n) {
  val g = load(t, out, k);
  if (t == JAXC_BOOL) {
    int64_t want = v.is_int ? (v.u != 0) : (v.re != 0 || v.im != 0);
    snprintf(msg, n, "want %lld got %lld", (long long)want, (long long)g.i);
    return g.i == want;
  }
  if (is_int_dtype(t)) {
    int w = bits_of(t);
    uint64_t mask = w == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
    uint64_t want = v.is_int ? (v.u & mask) : (float_to_int_bits(v.re, t) & mask);
    uint64_t got = (g.is_unsigned ? g.u : (uint64_t)g.i) & mask;
    snprintf(msg, n, "want 0x%llx got 0x%llx", (unsigned long long)want, (unsigned long long)got);
    return got == want;
  }
  double wr = v.is_int ? int_to_float(v, t) : float_to_float(v.re, t);
  double wi = v.is_int ? 0 : float_to_float(v.im, t);
  bool ok_r = (wr != wr && g.re != g.re) || (wr == g.re && signbit(wr) == signbit(g.re));
  bool ok_i = !is_complex(t) || (wi != wi && g.im != g.im) || (wi == g.im && signbit(wi) == signbit(g.im));
  snprintf(msg, n, "want (%.17g, %.17g) got (%.17g, %.17g)", wr, wi, g.re, g.im);
  return ok_r && ok_i;
}

/* ---- source values per dtype ---- */
static const int64_t int_edges[] = {0, 1, -1, 2, 127, 128, -128, -129, 255, 256, -256, 32767, 32768, -32768, -32769,
                                    65535, 65536, 2049, 2051, 65519, 65520, 16842753, 16777217, 2147483647,
                                    -2147483647 - 1, 2147483648LL, 4294967295LL, 4294967296LL,
                                    (1LL << 53) + 1, INT64_MAX, INT64_MIN, -1000000, 300, -300};
static const double float_edges[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 0.5, -0.5, 1.5, -1.5, 2.5, 0.9999,
                                     -0.9999, 127.5, 128.0, -128.5, -129.0, 254.7, 255.5, 256.0, 257.0, -1.0,
                                     32767.5, 32768.0, 65504.0, 65519.99, 65520.0, 70000.0, -70000.0,
                                     2147483647.0, 2147483648.0, -2147483649.0, 4294967296.0, 9.3e18, 1.9e19,
                                     -9.3e18, 1e30, -1e30, 1e300, -1e300, 1e-5, 1e-40, -1e-40, 1e-310, 5.96e-8,
                                     2.98e-8, 16842753.0, 1.0 + 0x1p-11 + 0x1p-40, 1.0 + 0x1p-8 + 0x1p-30,
                                     3.4028235677973366e38, 4e38, 1.401298464324817e-45, 7e-46};

static int64_t make_source(jaxc_dtype s, void *buf, int64_t cap) {
  int64_t n = 0;
  size_t es = jaxc_dtype_size(s);
  char *b = (char *)buf;
  if (s == JAXC_BF16 || s == JAXC_F16) {
    for (uint32_t p = 0; p < 0x10000 && n < cap; p++) ((uint16_t *)buf)[n++] = (uint16_t)p;
    return n;
  }
  if (is_int_dtype(s) || s == JAXC_BOOL) {
    int64_t vals[400];
    int nv = 0;
    for (size_t i = 0; i < sizeof int_edges / sizeof int_edges[0]; i++) vals[nv++] = int_edges[i];
    for (int i = 0; i < 300; i++) { uint64_t r = rnd64(); vals[nv++] = (int64_t)(r >> (r % 64)) * ((r & 1) ? -1 : 1); }
    for (int i = 0; i < nv; i++) {
      uint64_t u = (uint64_t)vals[i];
      if (s == JAXC_BOOL) ((bool *)buf)[n++] = u & 1;
      else memcpy(b + (size_t)n++ * es, &u, es); /* little-endian low bytes: the wrapped value */
    }
    return n;
  }
  double vals[700];
  int nv = 0;
  for (size_t i = 0; i < sizeof float_edges / sizeof float_edges[0]; i++) vals[nv++] = float_edges[i];
  for (int i = 0; i < 600; i++) {
    uint64_t r = rnd64();
    double x;
    if (i % 3 == 0) memcpy(&x, &r, 8);
    else if (i % 3 == 1) { uint32_t u = (uint32_t)r; float f; memcpy(&f, &u, 4); x = f; }
    else x = ldexp((double)(r >> 11) / 9007199254740992.0 - 0.5, (int)(r % 140) - 70);
    vals[nv++] = x;
  }
  for (int i = 0; i < nv; i++) {
    double x = vals[i], y = vals[(i * 7 + 3) % nv];
    switch (s) {
    case JAXC_F32: ((float *)buf)[n++] = (float)x; break;
    case JAXC_F64: ((double *)buf)[n++] = x; break;
    case JAXC_C64: ((float *)buf)[2 * n] = (float)x, ((float *)buf)[2 * n + 1] = (i % 4 ? (float)y : 0.0f), n++; break;
    default: ((double *)buf)[2 * n] = x, ((double *)buf)[2 * n + 1] = (i % 4 ? y : 0.0), n++; break;
    }
  }
  return n;
}

static void test_all_pairs(void) {
  jaxc_set_x64(true);
  static char src[0x10000 * 16];
  for (int s = 0; s < JAXC_NUM_CONCRETE_DTYPES; s++) {
    int64_t n = make_source((jaxc_dtype)s, src, 0x10000);
    jaxc_array *A = jaxc_array_from_data((jaxc_dtype)s, 1, &n, src);
    CHECK(A && jaxc_array_dtype(A) == (jaxc_dtype)s);
    if (!A) continue;
    for (int t = 0; t < JAXC_NUM_CONCRETE_DTYPES; t++) {
      jaxc_array *o = jaxc_astype(A, (jaxc_dtype)t);
      CHECK_MSG(o && jaxc_array_dtype(o) == (jaxc_dtype)t && !jaxc_array_is_weak(o) && jaxc_array_size(o) == n,
                "astype %s -> %s", jaxc_dtype_name((jaxc_dtype)s), jaxc_dtype_name((jaxc_dtype)t));
      if (!o) continue;
      long bad = 0;
      for (int64_t k = 0; k < n; k++) {
        char msg[160];
        val v = load((jaxc_dtype)s, src, k);
        bool ok = check_one(v, (jaxc_dtype)t, jaxc_array_data(o), k, msg, sizeof msg);
        if (!ok && bad++ < 3) {
          val shown = v;
          CHECK_MSG(0, "astype %s -> %s of element %lld (%.17g / %lld): %s", jaxc_dtype_name((jaxc_dtype)s),
                    jaxc_dtype_name((jaxc_dtype)t), (long long)k, shown.re, (long long)shown.i, msg);
        } else {
          TALLY(ok);
        }
        n_cases++;
      }
      if (bad) fprintf(stderr, "  astype %s -> %s: %ld of %lld differ\n", jaxc_dtype_name((jaxc_dtype)s),
                       jaxc_dtype_name((jaxc_dtype)t), bad, (long long)n);
      /* the typed kernel agrees with the dynamic path (jaxc_kernel_cast_dyn is what both use) */
      jaxc_array_free(o);
    }
    /* creation copies the caller's bits (a same-dtype "conversion" must not quieten NaNs) */
    CHECK_MSG(memcmp(jaxc_array_data(A), src, (size_t)n * jaxc_dtype_size((jaxc_dtype)s)) == 0,
              "jaxc_array_from_data(%s) changed the bits of some elements", jaxc_dtype_name((jaxc_dtype)s));
    jaxc_array_free(A);
  }
  jaxc_set_x64(false);
}

/* The documented examples, verbatim. */
static void test_documented(void) {
  float f[4] = {254.0f, 255.0f, 256.0f, 257.0f};
  jaxc_array *A = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, f), *o = jaxc_astype(A, JAXC_U8);
  CHECK(o && jaxc_array_dtype(o) == JAXC_U8);
  if (o) {
    const uint8_t *u = jaxc_array_data(o);
    CHECK(u[0] == 254 && u[1] == 255 && u[2] == 255 && u[3] == 255); /* sharp bits: [254, 255, 255, 255] */
    n_cases++;
  }
  jaxc_array_free(o), jaxc_array_free(A);
  /* the typed scalar conversions */
  CHECK(jaxc_cvt_f32_i8(NAN) == 0 && jaxc_cvt_f32_i8(-1e9f) == -128 && jaxc_cvt_f32_u8(-3.7f) == 0);
  CHECK(jaxc_cvt_f32_b(NAN) == true && jaxc_cvt_f32_b(-0.0f) == false);
  CHECK(jaxc_cvt_i64_i32(((int64_t)1 << 32) + 5) == 5 && jaxc_cvt_i32_u8(-1) == 255);
  CHECK(isinf(jaxc_cvt_f64_f32(1e39)) && jaxc_cvt_f64_f32(1e39) > 0);
  CHECK(dec16(F16F, jaxc_cvt_i32_f16(70000).bits) == INFINITY);
  n_cases += 5;
  float in[3] = {1.5f, -2.5f, 1e10f};
  int8_t out[3];
  jaxc_kernel_cast_f32_i8(3, in, out);
  CHECK(out[0] == 1 && out[1] == -2 && out[2] == 127);
  n_cases++;
}

/* x64 off: creation narrows 64-bit dtypes as JAX does; astype to a 64-bit dtype narrows too. */
static void test_x64_narrowing(void) {
  jaxc_set_x64(false);
  double d[6] = {0.1, 1e39, -1e-50, 16777217.0, NAN, -0.0};
  jaxc_array *A = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){6}, d);
  CHECK(A && jaxc_array_dtype(A) == JAXC_F32);
  for (int i = 0; A && i < 6; i++) {
    float g = ((const float *)jaxc_array_data(A))[i], w = (float)d[i];
    CHECK_MSG((g != g && w != w) || (g == w && signbit(g) == signbit(w)), "f64 %g stored as %g", d[i], (double)g);
    n_cases++;
  }
  int64_t l[4] = {((int64_t)1 << 32) + 5, (int64_t)1 << 31, -((int64_t)1 << 31) - 1, -1};
  jaxc_array *L = jaxc_array_from_data(JAXC_I64, 1, (int64_t[]){4}, l);
  CHECK(L && jaxc_array_dtype(L) == JAXC_I32);
  if (L) {
    const int32_t *v = jaxc_array_data(L);
    CHECK(v[0] == 5 && v[1] == INT32_MIN && v[2] == INT32_MAX && v[3] == -1);
    n_cases++;
  }
  uint64_t u[2] = {((uint64_t)1 << 32) + 7, UINT64_MAX};
  jaxc_array *U = jaxc_array_from_data(JAXC_U64, 1, (int64_t[]){2}, u);
  CHECK(U && jaxc_array_dtype(U) == JAXC_U32 && ((const uint32_t *)jaxc_array_data(U))[0] == 7 &&
        ((const uint32_t *)jaxc_array_data(U))[1] == UINT32_MAX);
  double c[2] = {1e39, 0.25};
  jaxc_array *C = jaxc_array_from_data(JAXC_C128, 0, NULL, c);
  CHECK(C && jaxc_array_dtype(C) == JAXC_C64 && isinf(((const float *)jaxc_array_data(C))[0]) &&
        ((const float *)jaxc_array_data(C))[1] == 0.25f);
  jaxc_array *o = jaxc_astype(L, JAXC_F64);
  CHECK(o && jaxc_array_dtype(o) == JAXC_F32 && ((const float *)jaxc_array_data(o))[0] == 5.0f);
  jaxc_array *p = jaxc_astype(A, JAXC_I64);
  CHECK(p && jaxc_array_dtype(p) == JAXC_I32 && ((const int32_t *)jaxc_array_data(p))[1] == INT32_MAX &&
        ((const int32_t *)jaxc_array_data(p))[4] == 0);
  n_cases += 4;
  /* a weak scalar cast is strong; shapes (and empty arrays) are kept */
  jaxc_array *w = jaxc_weak_float(2.75), *wi = jaxc_astype(w, JAXC_I8);
  CHECK(wi && jaxc_array_dtype(wi) == JAXC_I8 && !jaxc_array_is_weak(wi) && *(const int8_t *)jaxc_array_data(wi) == 2 &&
        jaxc_array_ndim(wi) == 0);
  int64_t sh[3] = {2, 0, 3};
  jaxc_array *E = jaxc_array_from_data(JAXC_I16, 3, sh, NULL), *Ec = jaxc_astype(E, JAXC_C64);
  CHECK(Ec && jaxc_array_ndim(Ec) == 3 && jaxc_array_size(Ec) == 0 && jaxc_array_shape(Ec)[2] == 3);
  n_cases += 2;
  /* errors: NULL, invalid and weak dtypes */
  CHECK(jaxc_astype(NULL, JAXC_F32) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_astype(A, (jaxc_dtype)99) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  CHECK(jaxc_astype(A, (jaxc_dtype)-5) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  CHECK(jaxc_astype(A, JAXC_WEAK_FLOAT) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  n_cases += 4;
  jaxc_array *arrs[] = {A, L, U, C, o, p, w, wi, E, Ec};
  for (size_t i = 0; i < sizeof arrs / sizeof arrs[0]; i++) jaxc_array_free(arrs[i]);
}

int main(void) {
  rng_state = 0x0123456789ABCDEFu; /* this test's inputs */
  check_quiet_after = 1 << 30; /* each pair prints its first few failures itself */
  (void)enc16;
  test_documented();
  test_all_pairs();
  test_x64_narrowing();
  printf("cast: %ld cases\n", n_cases);
  return check_summary("test_cast");
}
