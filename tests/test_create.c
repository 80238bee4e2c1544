/* test_create.c — jnp.full, full_like, zeros_like, ones_like, zeros/ones/empty with dtype=None,
   arange, linspace, logspace, geomspace, eye, identity, tri, tril and triu. References written here, not from the
   library:
     - every element of every result compared with the value written out from the definition:
       C scalars converted as NumPy converts them (ints wrapped modulo 2^bits, floats rounded
       once by C's own conversions or, for float16/bfloat16, by testlib's IEEE rounding from
       ldexp/nearbyint; bfloat16 from a Python scalar through float32, as ml_dtypes does), sums
       and products rounded one at a time in the dtype (float16/bfloat16: the exact double
       result rounded once, which equals XLA's float32-then-round for these formats);
     - arange's length against tests/data/arange_cases.txt: 2,800 (start, stop, step) triples
       whose length Python computed with JAX's own expression (exact ints, int / int correctly
       rounded, ties a hair from an integer, ints past int64, NaN, inf, zero steps);
     - the dtype rules against JAX's golden promotion table (result_type is the join of the
       operands: arange's dtype, linspace's to_inexact of it) for every pair of the 18 nodes,
       x64 on and off, standard and strict; the weak-type rules of lax.full and full_like;
     - properties: linspace's ends exact, monotone, array bounds equal to scalar linspaces
       placed along the axis; tril(a, k) + triu(a, k + 1) == a; eye == tri(k) - tri(k - 1);
     - JAX's docstring examples; JAX's messages; inputs unchanged, bad arguments refused. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#if JAXC__HAS_C_COMPLEX
#  include <complex.h>
#endif
#include "check.h"
#include "testlib.h"

static const jaxc_dtype concrete[] = {JAXC_BOOL, JAXC_U8,  JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8,  JAXC_I16, JAXC_I32,
                                      JAXC_I64,  JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
#define NCONC ((int)(sizeof concrete / sizeof concrete[0]))

static bool fails_with(jaxc_array *r, jaxc_status s, const char *msg) {
  bool ok = r == NULL && jaxc_last_status() == s && (!msg || strcmp(jaxc_last_error(), msg) == 0);
  if (!ok) fprintf(stderr, "  expected %s [%s], got %p %s [%s]\n", jaxc_status_str(s), msg ? msg : "", (void *)r,
                   jaxc_status_str(jaxc_last_status()), jaxc_last_error());
  jaxc_array_free(r);
  return ok;
}

/* --- reference conversions ------------------------------------------------------------------ */
/* A value v (re, im) of dtype d written into out: integers from an exact int64 wrap modulo 2^bits
   (NumPy's astype), floats rounded once. `from_int` says v came from the int iv. */
typedef struct { bool from_int; int64_t iv; double re, im; } refval;
static void ref_store(jaxc_dtype d, refval v, unsigned char *out) {
  int kind = jaxc_dtype_kind(d);
  if (d == JAXC_BOOL) { out[0] = v.from_int ? v.iv != 0 : (v.re != 0 || v.im != 0); return; }
  if (kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT) {
    uint64_t u = v.from_int ? (uint64_t)v.iv : (uint64_t)(int64_t)v.re; /* callers keep floats in range */
    memcpy(out, &u, jaxc_dtype_size(d)); /* little-endian: the low bytes */
    return;
  }
  double re = v.from_int ? (double)v.iv : v.re, im = v.from_int ? 0 : v.im;
  float fre = v.from_int ? (float)v.iv : (float)re, fim = (float)im;
  switch (d) {
  case JAXC_F32: memcpy(out, &fre, 4); break;
  case JAXC_F64: memcpy(out, &re, 8); break;
  case JAXC_C64: memcpy(out, &fre, 4); memcpy(out + 4, &fim, 4); break;
  case JAXC_C128: memcpy(out, &re, 8); memcpy(out + 8, &im, 8); break;
  case JAXC_F16: { uint16_t h = enc16(F16F, round16(F16F, re)); memcpy(out, &h, 2); break; }
  default: { uint16_t h = enc16(BF16F, round16(BF16F, (double)fre)); memcpy(out, &h, 2); break; } /* via float32 */
  }
}
/* Element for element the same bytes, or both NaN (float dtypes: NaN payloads are not compared). */
static bool is_nan_bytes(jaxc_dtype d, const unsigned char *p) {
  uint16_t h;
  memcpy(&h, p, 2);
  switch (d) {
  case JAXC_F16: return (h & 0x7C00) == 0x7C00 && (h & 0x3FF);
  case JAXC_BF16: return (h & 0x7F80) == 0x7F80 && (h & 0x7F);
  case JAXC_F32: { float f; memcpy(&f, p, 4); return f != f; }
  case JAXC_F64: { double f; memcpy(&f, p, 8); return f != f; }
  default: return false;
  }
}
static bool same_elements(const jaxc_array *a, const unsigned char *want, int64_t n, size_t es) {
  const unsigned char *p = (const unsigned char *)jaxc_array_data(a);
  jaxc_dtype d = jaxc_array_dtype(a);
  for (int64_t i = 0; i < n; i++) {
    const unsigned char *x = p + (size_t)i * es, *y = want + (size_t)i * es;
    if (memcmp(x, y, es) != 0 && !(is_nan_bytes(d, x) && is_nan_bytes(d, y))) return false;
  }
  return true;
}
static bool all_equal_to(const jaxc_array *a, const unsigned char *v) {
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  const unsigned char *p = (const unsigned char *)jaxc_array_data(a);
  for (int64_t i = 0; i < jaxc_array_size(a); i++)
    if (memcmp(p + (size_t)i * es, v, es) != 0) return false;
  return true;
}

/* --- full and friends ---------------------------------------------------------------------- */
static void test_full_scalars(void) {
  static const int64_t ints[] = {0, 1, -1, 2, 44, 127, 128, 255, 256, 300, -129, 65535, 65536, 70000, -70000,
                                 2147483647, -2147483648LL, 4294967296LL, 16842753, INT64_MAX, INT64_MIN + 1};
  static const double flts[] = {0.0, -0.0, 0.1, -2.5, 1e-8, 65504.0, 65520.0, 3.0e38, 1e300, 16842753.0};
  int64_t shapes[][3] = {{3, 0, 0}, {2, 3, 1}, {0, 0, 0}, {(1 << 21) + 3, 0, 0}};
  int ndims[] = {1, 3, 1, 1};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int s = 0; s < 4; s++)
      for (int t = 0; t < NCONC; t++) {
        jaxc_dtype d = concrete[t], st = jaxc_storage_dtype(d, x64);
        int nint = s == 3 ? 2 : (int)(sizeof ints / sizeof ints[0]), nflt = s == 3 ? 3 : (int)(sizeof flts / sizeof flts[0]);
        for (int i = 0; i < nint; i++) { /* a C integer wraps (np.asarray(v).astype(dtype)) */
          jaxc_array *a = jaxc_full(ndims[s], shapes[s], (long long)ints[i], d);
          unsigned char want[16];
          ref_store(st, (refval){true, ints[i], 0, 0}, want);
          CHECK_MSG(a && jaxc_array_dtype(a) == st && !jaxc_array_is_weak(a) && jaxc_array_ndim(a) == ndims[s] &&
                        all_equal_to(a, want),
                    "full(%lld, %s) x64=%d", (long long)ints[i], jaxc_dtype_name(d), x64);
          jaxc_array_free(a);
        }
        int kind = jaxc_dtype_kind(st);
        for (int i = 0; i < nflt; i++) {
          double v = flts[i];
          /* out of range, or negative into unsigned: NumPy's C cast, the platform's (jaxc: XLA's) */
          if ((kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT) && (fabs(v) > 127 || (kind == JAXC_KIND_UINT && v < 0))) continue;
          jaxc_array *a = jaxc_full(ndims[s], shapes[s], v, d);
          unsigned char want[16];
          ref_store(st, (refval){false, 0, v, 0}, want);
          CHECK_MSG(a && jaxc_array_dtype(a) == st && !jaxc_array_is_weak(a) && all_equal_to(a, want), "full(%g, %s)", v,
                    jaxc_dtype_name(d));
          jaxc_array_free(a);
        }
      }
  }
  jaxc_set_x64(false);
}

/* dtype=None: the fill's dtype and weak flag (lax.full); a C bool is a strong bool. */
static void test_full_inferred(void) {
  int64_t s = 4;
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    jaxc_dtype di = x64 ? JAXC_I64 : JAXC_I32, df = x64 ? JAXC_F64 : JAXC_F32, dc = x64 ? JAXC_C128 : JAXC_C64;
    jaxc_array *a = jaxc_full(1, &s, 7, JAXC_DTYPE_NONE), *b = jaxc_full(1, &s, 2.5, JAXC_DTYPE_NONE);
    jaxc_array *c = jaxc_full(1, &s, (bool)true, JAXC_DTYPE_NONE);
    CHECK(a && jaxc_array_dtype(a) == di && jaxc_array_is_weak(a));
    CHECK(b && jaxc_array_dtype(b) == df && jaxc_array_is_weak(b));
    CHECK(c && jaxc_array_dtype(c) == JAXC_BOOL && !jaxc_array_is_weak(c) && ((const bool *)jaxc_array_data(c))[3]);
    /* a C int past int32 with x64 off wraps into int32 (dtypes.dtype has no range check) */
    jaxc_array *w = jaxc_full(1, &s, (long long)((1LL << 40) + 5), JAXC_DTYPE_NONE);
    CHECK(w && jaxc_array_is_weak(w) && (x64 ? ((const int64_t *)jaxc_array_data(w))[0] == (1LL << 40) + 5
                                             : ((const int32_t *)jaxc_array_data(w))[0] == 5));
    /* a 0-d array keeps its dtype and weak flag; with a dtype it is converted (XLA) and strong */
    for (int t = 0; t < NCONC; t++) {
      jaxc_array *z = jaxc_scalar(concrete[t], 3, 0), *wz = jaxc_weak_float(-1.5);
      jaxc_array *f = jaxc_full(1, &s, z, JAXC_DTYPE_NONE), *g = jaxc_full(1, &s, wz, JAXC_DTYPE_NONE);
      jaxc_array *h = jaxc_full(1, &s, wz, concrete[t]), *ref = jaxc_astype(wz, concrete[t]);
      CHECK(f && jaxc_array_dtype(f) == jaxc_array_dtype(z) && !jaxc_array_is_weak(f) &&
            all_equal_to(f, (const unsigned char *)jaxc_array_data(z)));
      CHECK(g && jaxc_array_dtype(g) == df && jaxc_array_is_weak(g));
      CHECK(h && ref && jaxc_array_dtype(h) == jaxc_array_dtype(ref) && !jaxc_array_is_weak(h) &&
            all_equal_to(h, (const unsigned char *)jaxc_array_data(ref)));
      jaxc_array_free(z), jaxc_array_free(wz), jaxc_array_free(f), jaxc_array_free(g), jaxc_array_free(h), jaxc_array_free(ref);
    }
#if JAXC__HAS_C_COMPLEX
    jaxc_array *z = jaxc_full(1, &s, 1.0 + 2.0 * I, JAXC_DTYPE_NONE);
    CHECK(z && jaxc_array_dtype(z) == dc && jaxc_array_is_weak(z));
    jaxc_array_free(z);
#else
    (void)dc;
#endif
    /* Python's types as dtypes: dtype=int, float (weak nodes) give the defaults, strong */
    jaxc_array *pi = jaxc_full(1, &s, 2.75, JAXC_WEAK_INT), *pf = jaxc_full(1, &s, 3, JAXC_WEAK_FLOAT);
    CHECK(pi && jaxc_array_dtype(pi) == di && !jaxc_array_is_weak(pi) && jaxc_array_size(pi) == 4);
    CHECK(pf && jaxc_array_dtype(pf) == df && !jaxc_array_is_weak(pf));
    CHECK(pi && (x64 ? ((const int64_t *)jaxc_array_data(pi))[1] == 2 : ((const int32_t *)jaxc_array_data(pi))[1] == 2));
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c), jaxc_array_free(w), jaxc_array_free(pi), jaxc_array_free(pf);
  }
  jaxc_set_x64(false);
  /* bfloat16 from a C int goes through float32 (ml_dtypes): 2^24 + 2^16 + 1 -> 2^24 + 2^16 ->
     (a tie) 2^24, where a direct rounding gives 2^24 + 2^17 */
  jaxc_array *b = jaxc_full(1, &s, 16842753, JAXC_BF16);
  CHECK(b && ((const uint16_t *)jaxc_array_data(b))[0] == enc16(BF16F, 16777216.0));
  jaxc_array_free(b);
  /* and a C double: 1 + 2^-8 + 2^-30 -> float32 1 + 2^-8 -> (a tie) 1, where directly 1 + 2^-7 */
  b = jaxc_full(1, &s, 1.0 + 0x1p-8 + 0x1p-30, JAXC_BF16);
  CHECK(b && ((const uint16_t *)jaxc_array_data(b))[0] == enc16(BF16F, 1.0));
  jaxc_array_free(b);
}

/* A fill with dimensions: _broadcast_to(asarray(fill, dtype), shape). */
static void test_full_broadcast(void) {
  int64_t fs = 3, s23[2] = {2, 3}, s4[1] = {4};
  jaxc_array *f = jaxc_array_from_data(JAXC_I16, 1, &fs, (int16_t[]){-1, 300, 7});
  jaxc_array *a = jaxc_full(2, s23, f, JAXC_DTYPE_NONE), *b = jaxc_full(2, s23, f, JAXC_I8);
  CHECK(a && jaxc_array_dtype(a) == JAXC_I16 && !jaxc_array_is_weak(a));
  CHECK(b && jaxc_array_dtype(b) == JAXC_I8);
  for (int i = 0; a && b && i < 6; i++) {
    int16_t v = ((const int16_t *)jaxc_array_data(f))[i % 3];
    CHECK(((const int16_t *)jaxc_array_data(a))[i] == v && ((const int8_t *)jaxc_array_data(b))[i] == (int8_t)(uint8_t)v);
  }
  CHECK(fails_with(jaxc_full(1, s4, f, JAXC_DTYPE_NONE), JAXC_ERR_SHAPE,
                   "Incompatible types for broadcasting: input type=int16[3] and requested type=int16[4]"));
  /* full_like with an array fill: result_type(a), strong even for a weak a */
  jaxc_array *w = jaxc_full(1, &fs, 1.5, JAXC_DTYPE_NONE), *l = jaxc_full_like(w, f, JAXC_DTYPE_NONE);
  CHECK(w && jaxc_array_is_weak(w) && l && jaxc_array_dtype(l) == JAXC_F32 && !jaxc_array_is_weak(l) &&
        ((const float *)jaxc_array_data(l))[1] == 300.0f);
  jaxc_array_free(f), jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(w), jaxc_array_free(l);
}

static void test_like(void) {
  int64_t s[2] = {3, 5};
  for (int t = 0; t < NCONC; t++) {
    jaxc_array *a = jaxc_array_zeros(concrete[t], 2, s);
    jaxc_dtype d = jaxc_array_dtype(a);
    jaxc_array *z = jaxc_zeros_like(a, JAXC_DTYPE_NONE), *o = jaxc_ones_like(a, JAXC_DTYPE_NONE);
    jaxc_array *f = jaxc_full_like(a, -2, JAXC_DTYPE_NONE), *g = jaxc_ones_like(a, JAXC_F16);
    unsigned char zero[16], one[16], m2[16], h1[16];
    ref_store(d, (refval){true, 0, 0, 0}, zero);
    ref_store(d, (refval){true, 1, 0, 0}, one);
    ref_store(d, (refval){true, -2, 0, 0}, m2);
    ref_store(JAXC_F16, (refval){true, 1, 0, 0}, h1);
    CHECK(z && jaxc_array_dtype(z) == d && jaxc_array_ndim(z) == 2 && jaxc_array_shape(z)[1] == 5 && all_equal_to(z, zero));
    CHECK(o && jaxc_array_dtype(o) == d && all_equal_to(o, one));
    CHECK(f && jaxc_array_dtype(f) == d && all_equal_to(f, m2) && !jaxc_array_is_weak(f));
    CHECK(g && jaxc_array_dtype(g) == JAXC_F16 && all_equal_to(g, h1));
    jaxc_array_free(a), jaxc_array_free(z), jaxc_array_free(o), jaxc_array_free(f), jaxc_array_free(g);
  }
  /* a weak a: the result is weak unless a dtype is given (lax.full_like) */
  jaxc_array *w = jaxc_weak_int(5), *z = jaxc_zeros_like(w, JAXC_DTYPE_NONE), *y = jaxc_zeros_like(w, JAXC_I32);
  jaxc_array *f = jaxc_full_like(w, 2.9, JAXC_DTYPE_NONE);
  CHECK(z && jaxc_array_is_weak(z) && jaxc_array_dtype(z) == JAXC_I32 && jaxc_array_ndim(z) == 0);
  CHECK(y && !jaxc_array_is_weak(y));
  CHECK(f && jaxc_array_is_weak(f) && *(const int32_t *)jaxc_array_data(f) == 2); /* 2.9 -> int32: 2 */
  jaxc_array_free(w), jaxc_array_free(z), jaxc_array_free(y), jaxc_array_free(f);
  /* zeros/ones/empty: dtype=None is the default float, strong; dtype=int the default int */
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    jaxc_array *e = jaxc_array_empty(JAXC_DTYPE_NONE, 2, s), *zz = jaxc_array_zeros(JAXC_DTYPE_NONE, 2, s);
    jaxc_array *oo = jaxc_array_ones(JAXC_DTYPE_NONE, 2, s), *oi = jaxc_array_ones(JAXC_WEAK_INT, 1, s);
    jaxc_dtype df = x64 ? JAXC_F64 : JAXC_F32;
    unsigned char one[16], zero[16];
    ref_store(df, (refval){true, 1, 0, 0}, one);
    ref_store(df, (refval){true, 0, 0, 0}, zero);
    CHECK(e && jaxc_array_dtype(e) == df && !jaxc_array_is_weak(e) && jaxc_array_size(e) == 15);
    CHECK(zz && jaxc_array_dtype(zz) == df && all_equal_to(zz, zero));
    CHECK(oo && jaxc_array_dtype(oo) == df && all_equal_to(oo, one) && !jaxc_array_is_weak(oo));
    CHECK(oi && jaxc_array_dtype(oi) == (x64 ? JAXC_I64 : JAXC_I32) && jaxc_array_size(oi) == 3);
    jaxc_array_free(e), jaxc_array_free(zz), jaxc_array_free(oo), jaxc_array_free(oi);
  }
  jaxc_set_x64(false);
}

static void test_full_errors(void) {
  int64_t neg[2] = {2, -1}, s = 2;
  CHECK(fails_with(jaxc_full(2, neg, 1, JAXC_F32), JAXC_ERR_SHAPE,
                   "broadcast_in_dim shape must have every element be nonnegative, got (2, -1)."));
  CHECK(fails_with(jaxc_array_ones(JAXC_DTYPE_NONE, 2, neg), JAXC_ERR_SHAPE,
                   "broadcast_in_dim shape must have every element be nonnegative, got (2, -1)."));
  CHECK(fails_with(jaxc_full(1, &s, 1, (jaxc_dtype)99), JAXC_ERR_DTYPE, "invalid dtype 99"));
  CHECK(fails_with(jaxc_full(1, &s, 1, JAXC_DTYPE_INVALID), JAXC_ERR_DTYPE, "invalid dtype -1"));
  CHECK(fails_with(jaxc_full(1, &s, (jaxc_array *)NULL, JAXC_F32), JAXC_ERR_ARG, "full: argument 0 is NULL"));
  CHECK(fails_with(jaxc_full(9, neg, 1, JAXC_F32), JAXC_ERR_SHAPE, NULL));
  CHECK(fails_with(jaxc_full(1, NULL, 1, JAXC_F32), JAXC_ERR_ARG, NULL));
  CHECK(fails_with(jaxc_full_like(NULL, 1, JAXC_F32), JAXC_ERR_ARG, "full_like: the array is NULL"));
  CHECK(fails_with(jaxc_zeros_like(NULL, JAXC_DTYPE_NONE), JAXC_ERR_ARG, NULL));
  CHECK(fails_with(jaxc_array_empty((jaxc_dtype)-7, 1, &s), JAXC_ERR_DTYPE, NULL));
  int64_t huge[3] = {INT64_MAX / 2, 4, 3};
  CHECK(fails_with(jaxc_full(3, huge, 1, JAXC_U8), JAXC_ERR_OVERFLOW, NULL));
}

/* --- arange ---------------------------------------------------------------------------------- */
/* A value of arange_cases.txt as an operand: i:<int> (a C long long, or unsigned past int64),
   f:<hex float>, n (None: JAXC_NONE). */
static jaxc_operand parse_operand(const char *tok, bool *ok) {
  *ok = true;
  if (tok[0] == 'n') return JAXC_OPERAND((long long)JAXC_NONE);
  if (tok[0] == 'f') return JAXC_OPERAND(strtod(tok + 2, NULL));
  if (tok[2] == '-') {
    long long v = strtoll(tok + 2, NULL, 10);
    return JAXC_OPERAND(v);
  }
  unsigned long long u = strtoull(tok + 2, NULL, 10);
  if (u <= (unsigned long long)INT64_MAX) return JAXC_OPERAND((long long)u);
  return JAXC_OPERAND(u);
}
static void test_arange_sizes(void) {
  FILE *f = fopen("tests/data/arange_cases.txt", "r");
  CHECK_MSG(f != NULL, "tests/data/arange_cases.txt (run from the repository root)");
  if (!f) return;
  char a[64], b[64], c[64], want[64];
  int lines = 0, sized = 0;
  jaxc_set_x64(true);
  while (fscanf(f, "%63s %63s %63s %63s", a, b, c, want) == 4) {
    bool ok;
    jaxc_operand s = parse_operand(a, &ok), t = parse_operand(b, &ok), u = parse_operand(c, &ok);
    if (strcmp(b, "i:-9223372036854775808") == 0 || strcmp(c, "i:-9223372036854775808") == 0) continue; /* JAXC_NONE */
    jaxc_array *r = jaxc_arange_operands(s, t, u, JAXC_F64);
    lines++;
    if (want[0] >= '0' && want[0] <= '9') {
      sized++;
      CHECK_MSG(r && jaxc_array_ndim(r) == 1 && jaxc_array_size(r) == strtoll(want, NULL, 10),
                "arange(%s, %s, %s): size %lld, Python %s (%s)", a, b, c, r ? (long long)jaxc_array_size(r) : -1LL, want,
                jaxc_last_error());
    } else {
      const char *msg = strcmp(want, "ZeroDivisionError") == 0 ? (a[0] == 'f' || b[0] == 'f' || c[0] == 'f' ? "float division by zero" : "division by zero")
                        : strcmp(want, "ValueError") == 0 ? "cannot convert float NaN to integer"
                                                          : "cannot convert float infinity to integer";
      CHECK_MSG(r == NULL && strcmp(jaxc_last_error(), msg) == 0, "arange(%s, %s, %s): %s, got [%s]", a, b, c, want,
                jaxc_last_error());
    }
    jaxc_array_free(r);
  }
  fclose(f);
  jaxc_set_x64(false);
  CHECK_MSG(lines > 2500 && sized > 2400, "arange cases read: %d (%d sized)", lines, sized);
}

/* arange's values: start + step * i, each op rounded in the working dtype (float32 for the 16-bit
   floats, then rounded once more), integers wrapping; dtype=None from the golden table. */
static double round_to(jaxc_dtype d, double x) {
  switch (d) {
  case JAXC_F32: case JAXC_C64: return (double)(float)x;
  case JAXC_F16: return round16(F16F, x);
  case JAXC_BF16: return round16(BF16F, x);
  default: return x;
  }
}
static void test_arange_values(void) {
  static const double starts[] = {0, 1, -3, 0.1, -2.5, 1e6, 250};
  static const double steps[] = {1, 2, -1, 0.1, 0.3, -0.75, 3e-3, 7};
  const int64_t n_big = (1 << 20) + 77;
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int t = 1; t < NCONC; t++) { /* not bool: iota refuses it */
      jaxc_dtype d = concrete[t], st = jaxc_storage_dtype(d, x64);
      int kind = jaxc_dtype_kind(st);
      bool integral = kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT;
      jaxc_dtype wd = st == JAXC_F16 || st == JAXC_BF16 ? JAXC_F32 : st;
      size_t es = jaxc_dtype_size(st);
      for (int i = 0; i < 7; i++)
        for (int j = 0; j < 8; j++) {
          double s0 = starts[i], dv = steps[j];
          if (integral && (dv != floor(dv) || s0 != floor(s0))) continue;
          double stop = s0 + dv * (i == 3 && j == 3 ? n_big : 37 + 5 * j); /* one threaded size */
          jaxc_array *r = integral ? jaxc_arange((long long)s0, (long long)stop, (long long)dv, d) : jaxc_arange(s0, stop, dv, d);
          int64_t n = r ? jaxc_array_size(r) : 0;
          CHECK_MSG(r && jaxc_array_dtype(r) == st && !jaxc_array_is_weak(r) && n > 30, "arange(%g, %g, %g, %s): %s", s0, stop,
                    dv, jaxc_dtype_name(d), jaxc_last_error());
          unsigned char *want = (unsigned char *)malloc((size_t)(n ? n : 1) * es);
          for (int64_t k = 0; k < n; k++) {
            refval v = {integral, 0, 0, 0};
            if (integral) {
              uint64_t w = (uint64_t)(int64_t)s0 + (uint64_t)(int64_t)dv * (uint64_t)k; /* wraps */
              v.iv = (int64_t)w;
            } else {
              double ik = round_to(wd, (double)k), sw = round_to(wd, s0), tw = round_to(wd, dv);
              double p = round_to(wd, tw * ik); /* the product, then the sum: two roundings */
              v.re = round_to(wd, sw + p);
            }
            ref_store(st, v, want + (size_t)k * es);
          }
          CHECK_MSG(r && same_elements(r, want, n, es), "arange(%g, %g, %g, %s) values", s0, stop, dv, jaxc_dtype_name(d));
          free(want);
          jaxc_array_free(r);
        }
      /* arange(n) and arange(a, b): iota in the dtype itself (float16 rounds past 2048) */
      jaxc_array *r = jaxc_arange(5000, JAXC_NONE, JAXC_NONE, d), *q = jaxc_arange(-7, 4993, JAXC_NONE, d);
      CHECK(r && q && jaxc_array_size(r) == 5000 && jaxc_array_size(q) == 5000);
      for (int64_t k = 0; r && q && k < 5000; k++) {
        unsigned char w1[16], w2[16];
        refval v = {integral, k, round_to(st, (double)k), 0};
        ref_store(st, v, w1);
        refval u = {integral, k - 7, round_to(st, round_to(st, (double)k) - 7), 0};
        ref_store(st, u, w2);
        if (memcmp((const char *)jaxc_array_data(r) + k * (int64_t)es, w1, es) ||
            memcmp((const char *)jaxc_array_data(q) + k * (int64_t)es, w2, es)) {
          CHECK_MSG(0, "arange(5000) / arange(-7, 4993) %s at %lld", jaxc_dtype_name(d), (long long)k);
          break;
        }
      }
      jaxc_array_free(r), jaxc_array_free(q);
    }
  }
  jaxc_set_x64(false);
}

/* dtype=None: result_type(start, stop, step), strong: the golden join of the operands' nodes. */
static jaxc_array *node_operand(jaxc_dtype n) { /* the value 1 (a bool True): arange(x, y) is empty */
  if (n == JAXC_WEAK_INT) return jaxc_weak_int(1);
  if (n == JAXC_WEAK_FLOAT) return jaxc_weak_float(1);
  if (n == JAXC_WEAK_COMPLEX) return jaxc_weak_complex(1, 0);
  return jaxc_scalar(n, 1, 0);
}
static void test_dtype_rules(void) {
  static char g[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8];
  CHECK(read_golden_promotion(g) == 4 * JAXC_NUM_DTYPES * JAXC_NUM_DTYPES);
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int a = 0; a < JAXC_NUM_DTYPES; a++)
      for (int b = 0; b < JAXC_NUM_DTYPES; b++) {
        const char *want = g[strict][x64][a][b];
        jaxc_array *x = node_operand((jaxc_dtype)a), *y = node_operand((jaxc_dtype)b);
        char code[8];
        snprintf(code, sizeof code, "%s", want);
        char *tilde = strchr(code, '~');
        if (tilde) *tilde = 0;
        jaxc_dtype join = want[0] == '-' ? JAXC_DTYPE_INVALID : jaxc_storage_dtype(jaxc_dtype_parse(code), x64);
        bool cplx = join != JAXC_DTYPE_INVALID && jaxc_dtype_kind(join) == JAXC_KIND_COMPLEX;
        /* arange(x, y): refused where the join is, complex refused, bool: iota refuses it */
        jaxc_array *r = jaxc_arange(x, y, JAXC_NONE, JAXC_DTYPE_NONE);
        if (join == JAXC_DTYPE_INVALID)
          CHECK_MSG(r == NULL && jaxc_last_status() == JAXC_ERR_PROMOTION, "arange %s %s strict=%d", jaxc_dtype_code((jaxc_dtype)a),
                    jaxc_dtype_code((jaxc_dtype)b), strict);
        else if (cplx || join == JAXC_BOOL)
          CHECK(r == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
        else
          CHECK_MSG(r && jaxc_array_dtype(r) == join && !jaxc_array_is_weak(r) && jaxc_array_size(r) == 0,
                    "arange(%s, %s): %s, want %s (x64=%d strict=%d)", jaxc_dtype_code((jaxc_dtype)a), jaxc_dtype_code((jaxc_dtype)b),
                    r ? jaxc_dtype_name(jaxc_array_dtype(r)) : jaxc_last_error(), want, x64, strict);
        jaxc_array_free(r);
        /* linspace(x, y): to_inexact(result_type) (bool, ints -> float32, 64-bit ints -> float64) */
        r = jaxc_linspace(x, y, 3, true, JAXC_DTYPE_NONE);
        if (join == JAXC_DTYPE_INVALID) {
          CHECK(r == NULL && jaxc_last_status() == JAXC_ERR_PROMOTION);
        } else {
          int kind = jaxc_dtype_kind(join);
          jaxc_dtype li = kind == JAXC_KIND_FLOAT || kind == JAXC_KIND_COMPLEX ? join : jaxc_dtype_bits(join) == 64 ? JAXC_F64 : JAXC_F32;
          CHECK_MSG(r && jaxc_array_dtype(r) == li && !jaxc_array_is_weak(r) && jaxc_array_size(r) == 3, "linspace(%s, %s): %s",
                    jaxc_dtype_code((jaxc_dtype)a), jaxc_dtype_code((jaxc_dtype)b), r ? jaxc_dtype_name(jaxc_array_dtype(r)) : jaxc_last_error());
        }
        jaxc_array_free(r);
        jaxc_array_free(x), jaxc_array_free(y);
      }
  }
  jaxc_set_x64(false);
  jaxc_set_promotion(JAXC_RULES_JAX);
}

static void test_arange_misc(void) {
  /* JAX's docstring examples (jnp.arange) */
  static const char *const want[] = {"Array([0, 1, 2, 3], dtype=int32)", "Array([0., 1., 2., 3.], dtype=float32)",
                                     "Array([1, 2, 3, 4, 5], dtype=int32)", "Array([0. , 0.5, 1. , 1.5], dtype=float32)"};
  jaxc_array *ex[4] = {jaxc_arange(4, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE), jaxc_arange(4.0, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE),
                       jaxc_arange(1, 6, JAXC_NONE, JAXC_DTYPE_NONE), jaxc_arange(0, 2, 0.5, JAXC_DTYPE_NONE)};
  for (int k = 0; k < 4; k++) {
    CHECK_MSG(ex[k] && strcmp(print_to_string(ex[k]), want[k]) == 0, "arange example %d: %s", k, ex[k] ? print_to_string(ex[k]) : "");
    jaxc_array_free(ex[k]);
  }
  /* the sharp bit: arange(0, 1, 0.1) in float32 is 0.1f * i, rounded: its 10th element is 0.90000004 */
  jaxc_array *r = jaxc_arange(0, 1, 0.1, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_size(r) == 10 && ((const float *)jaxc_array_data(r))[9] == 0.1f * 9.0f &&
        ((const float *)jaxc_array_data(r))[9] != 0.9f);
  jaxc_array_free(r);
  /* a 0-d array's dtype joins; a C scalar beside it is weak */
  jaxc_array *i8 = jaxc_scalar(JAXC_I8, 3, 0), *h = jaxc_scalar(JAXC_F16, 0.5, 0);
  r = jaxc_arange(i8, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_dtype(r) == JAXC_I8 && jaxc_array_size(r) == 3);
  jaxc_array_free(r);
  r = jaxc_arange(0, 1, h, JAXC_DTYPE_NONE); /* float16, computed in float32: 0, 0.5 */
  CHECK(r && jaxc_array_dtype(r) == JAXC_F16 && jaxc_array_size(r) == 2 && ((const uint16_t *)jaxc_array_data(r))[1] == 0x3800);
  jaxc_array_free(r);
  /* a Python int beside an array goes through jnp: past int32 it is JAX's OverflowError */
  CHECK(fails_with(jaxc_arange(0, 3000000000LL, h, JAXC_DTYPE_NONE), JAXC_ERR_OVERFLOW,
                   "Python int 3000000000 too large to convert to int32"));
  /* jnp arithmetic on arrays: stop - start in int8 wraps (100 - -100 = -56: empty) */
  jaxc_array *a = jaxc_scalar(JAXC_I8, -100, 0), *b = jaxc_scalar(JAXC_I8, 100, 0);
  r = jaxc_arange(a, b, JAXC_NONE, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_dtype(r) == JAXC_I8 && jaxc_array_size(r) == 0);
  jaxc_array_free(r);
  r = jaxc_arange(-100, 100, JAXC_NONE, JAXC_I8); /* Python ints: 200 elements, wrapping past 127 */
  CHECK(r && jaxc_array_size(r) == 200 && ((const int8_t *)jaxc_array_data(r))[199] == (int8_t)(uint8_t)99 &&
        ((const int8_t *)jaxc_array_data(r))[0] == -100);
  jaxc_array_free(r);
  jaxc_array *z = jaxc_scalar(JAXC_F32, 0, 0), *v = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){2});
  CHECK(fails_with(jaxc_arange(1, 2, z, JAXC_DTYPE_NONE), JAXC_ERR_OVERFLOW, "cannot convert float infinity to integer"));
  CHECK(fails_with(jaxc_arange(0, 0, z, JAXC_DTYPE_NONE), JAXC_ERR_ARG, "cannot convert float NaN to integer"));
  CHECK(fails_with(jaxc_arange(v, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE), JAXC_ERR_SHAPE,
                   "jax.numpy.arange: arguments must be scalars; got stop of shape (2,)"));
  CHECK(fails_with(jaxc_arange(0, v, 1, JAXC_DTYPE_NONE), JAXC_ERR_SHAPE, NULL));
  CHECK(fails_with(jaxc_arange((jaxc_array *)NULL, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE), JAXC_ERR_ARG, NULL));
  CHECK(fails_with(jaxc_arange(3, JAXC_NONE, JAXC_NONE, JAXC_BOOL), JAXC_ERR_DTYPE,
                   "iota does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, complexfloating."));
  CHECK(fails_with(jaxc_arange(3, JAXC_NONE, JAXC_NONE, (jaxc_dtype)42), JAXC_ERR_DTYPE, NULL));
  jaxc_array *c = jaxc_weak_complex(1, 1);
  CHECK(fails_with(jaxc_arange(c, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE), JAXC_ERR_DTYPE,
                   "Passing complex start/stop/step to jnp.arange is no longer supported starting in JAX v0.10.0."));
  /* an explicit complex dtype is fine: start + step * i + 0j */
  r = jaxc_arange(1, 4, 1, JAXC_C64);
  CHECK(r && jaxc_array_dtype(r) == JAXC_C64 && ((const float *)jaxc_array_data(r))[4] == 3.0f &&
        ((const float *)jaxc_array_data(r))[5] == 0.0f);
  jaxc_array_free(r);
  /* debug_infs: each lax op checked as JAX runs it: step * i overflows float32 in lax.mul; the
     float32 values past float16's range overflow in convert_element_type */
  jaxc_set_debug_infs(true);
  CHECK(fails_with(jaxc_arange(-3.4e38, 1e38, 2e38, JAXC_DTYPE_NONE), JAXC_ERR_NAN, "invalid value (inf) encountered in mul"));
  CHECK(fails_with(jaxc_arange(65000, 65700, 100, JAXC_F16), JAXC_ERR_NAN, "invalid value (inf) encountered in convert_element_type"));
  r = jaxc_arange(65000, 65500, 100, JAXC_F16);
  CHECK(r && jaxc_array_size(r) == 5);
  jaxc_array_free(r);
  CHECK(fails_with(jaxc_arange(0, 1, 0, JAXC_DTYPE_NONE), JAXC_ERR_ARG, "division by zero"));
  r = jaxc_arange(5, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE); /* iota alone: success says so (the fuzzer's find) */
  CHECK(r && jaxc_last_status() == JAXC_OK && jaxc_last_error()[0] == 0 && jaxc_array_size(r) == 5);
  jaxc_array_free(r);
  jaxc_set_debug_infs(false);
  r = jaxc_arange(-3.4e38, 1e38, 2e38, JAXC_DTYPE_NONE); /* without the check: inf, as XLA computes it */
  CHECK(r && jaxc_array_size(r) == 3 && isinf(((const float *)jaxc_array_data(r))[2]));
  jaxc_array_free(r);
  jaxc_array_free(i8), jaxc_array_free(h), jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(z), jaxc_array_free(v), jaxc_array_free(c);
}

/* --- linspace -------------------------------------------------------------------------------- */
/* The reference for scalar bounds, real dtypes: t = i / div in cd, start (1 - t) + stop t, each op
   rounded in cd; stop itself last with endpoint; floor for integer dtypes. */
static double lin_ref(jaxc_dtype cd, double s, double e, int64_t i, int64_t div) {
  double t = round_to(cd, round_to(cd, (double)i) / round_to(cd, (double)div));
  double u = round_to(cd, 1.0 - t);
  double a = round_to(cd, s * u), b = round_to(cd, e * t);
  return round_to(cd, a + b);
}
static void test_linspace_values(void) {
  static const double se[][2] = {{0, 1}, {-1, 10}, {2.5, -7.25}, {1e-3, 1e3}, {-100, 100}, {0.1, 0.7}, {5, 5}};
  static const int64_t nums[] = {2, 3, 5, 7, 50, 1000, 100003};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int t = 0; t < NCONC; t++) {
      jaxc_dtype d = concrete[t], st = jaxc_storage_dtype(d, x64);
      int kind = jaxc_dtype_kind(st);
      if (kind == JAXC_KIND_COMPLEX) continue; /* below */
      jaxc_dtype cd = kind == JAXC_KIND_FLOAT ? st : jaxc_dtype_bits(st) == 64 ? JAXC_F64 : JAXC_F32;
      bool integral = kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT;
      size_t es = jaxc_dtype_size(st);
      for (int b = 0; b < 7; b++)
        for (int k = 0; k < 7; k++)
          for (int endpoint = 0; endpoint < 2; endpoint++) {
            double s = round_to(cd, se[b][0]), e = round_to(cd, se[b][1]);
            if (integral && (fabs(s) > 127 || fabs(e) > 127 || (kind == JAXC_KIND_UINT && (s < 0 || e < 0)))) continue; /* in range */
            int64_t num = nums[k], div = endpoint ? num - 1 : num;
            jaxc_array *r = jaxc_linspace(se[b][0], se[b][1], num, endpoint, d);
            CHECK_MSG(r && jaxc_array_dtype(r) == st && jaxc_array_size(r) == num && !jaxc_array_is_weak(r), "linspace %s: %s",
                      jaxc_dtype_name(d), jaxc_last_error());
            unsigned char *want = (unsigned char *)malloc((size_t)num * es);
            for (int64_t i = 0; i < num; i++) {
              double v = endpoint && i == num - 1 ? e : lin_ref(cd, s, e, i, div);
              refval rv = {false, 0, integral ? floor(v) : v, 0};
              if (st == JAXC_BOOL) rv.re = v;
              ref_store(st, rv, want + (size_t)i * es);
            }
            CHECK_MSG(r && same_elements(r, want, num, es), "linspace(%g, %g, %lld, %d, %s) values", se[b][0], se[b][1],
                      (long long)num, endpoint, jaxc_dtype_name(d));
            free(want);
            /* properties (float32/64): the first element is start, the last stop (endpoint), and
               each within 3 units of the dtype's rounding of s + (e - s) i / div in long double
               (a lerp is not monotone: neighbours may swap by an ulp) */
            if (r && kind == JAXC_KIND_FLOAT && st != JAXC_F16 && st != JAXC_BF16) {
              bool close = true;
              double u = st == JAXC_F32 ? 0x1p-24 : 0x1p-53, scale = fmax(fabs(s), fabs(e));
              for (int64_t i = 0; i < num; i++) {
                double q = st == JAXC_F32 ? ((const float *)jaxc_array_data(r))[i] : ((const double *)jaxc_array_data(r))[i];
                long double x = (long double)s + ((long double)e - s) * (long double)i / (long double)div;
                close = close && fabsl((long double)q - x) <= 3 * u * scale;
              }
              double first = st == JAXC_F32 ? ((const float *)jaxc_array_data(r))[0] : ((const double *)jaxc_array_data(r))[0];
              double last = st == JAXC_F32 ? ((const float *)jaxc_array_data(r))[num - 1] : ((const double *)jaxc_array_data(r))[num - 1];
              CHECK_MSG(close && first == s && (!endpoint || last == e), "linspace(%g, %g, %lld) %s: close %d", s, e, (long long)num,
                        jaxc_dtype_name(st), close);
            }
            jaxc_array_free(r);
          }
    }
  }
  jaxc_set_x64(false);
  /* complex bounds: t real, then complex products and sums (XLA's, here: parts, no cross terms
     since t has no imaginary part... but lax.mul of complex is the full formula: (a+bi)(t+0i)) */
  jaxc_array *s = jaxc_weak_complex(1, -2), *e = jaxc_weak_complex(3, 4);
  jaxc_array *r = jaxc_linspace(s, e, 5, true, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_dtype(r) == JAXC_C64 && !jaxc_array_is_weak(r));
  static const float want[10] = {1, -2, 1.5f, -0.5f, 2, 1, 2.5f, 2.5f, 3, 4};
  CHECK(r && memcmp(jaxc_array_data(r), want, sizeof want) == 0);
  jaxc_array_free(s), jaxc_array_free(e), jaxc_array_free(r);
}

static void test_linspace_arrays(void) {
  /* bounds of shapes (2, 1) and (3,): broadcast to (2, 3); along each axis the values are the
     scalar linspaces of each pair */
  jaxc_array *A = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){2, 1}, (float[]){0, -4});
  jaxc_array *B = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){1, 10, -7});
  for (int axis = -3; axis <= 2; axis++)
    for (int endpoint = 0; endpoint < 2; endpoint++) {
      jaxc_array *st = NULL;
      jaxc_array *r = jaxc_linspace_operands(JAXC_OPERAND(A), JAXC_OPERAND(B), 6, endpoint, JAXC_DTYPE_NONE, axis, &st);
      int ax = axis < 0 ? axis + 3 : axis;
      CHECK_MSG(r && jaxc_array_ndim(r) == 3 && jaxc_array_shape(r)[ax] == 6 && jaxc_array_dtype(r) == JAXC_F32, "axis %d: %s", axis,
                jaxc_last_error());
      CHECK(st && jaxc_array_ndim(st) == 2 && jaxc_array_shape(st)[0] == 2 && jaxc_array_shape(st)[1] == 3);
      bool ok = r != NULL && st != NULL;
      for (int i = 0; ok && i < 2; i++)
        for (int j = 0; ok && j < 3; j++) {
          float a0 = ((const float *)jaxc_array_data(A))[i];
          int32_t b0 = ((const int32_t *)jaxc_array_data(B))[j];
          jaxc_array *one = jaxc_linspace((double)a0, (double)b0, 6, endpoint, JAXC_F32);
          for (int k = 0; one && k < 6; k++) {
            int64_t c[3], p = 0;
            int other[2] = {i, j}, o = 0;
            for (int q = 0; q < 3; q++) c[q] = q == ax ? k : other[o++];
            for (int q = 0; q < 3; q++) p = p * jaxc_array_shape(r)[q] + c[q];
            ok = ok && ((const float *)jaxc_array_data(r))[p] == ((const float *)jaxc_array_data(one))[k];
          }
          float step = ((const float *)jaxc_array_data(st))[i * 3 + j];
          ok = ok && step == (float)((float)((float)b0 - a0) / (float)(endpoint ? 5 : 6));
          jaxc_array_free(one);
        }
      CHECK_MSG(ok, "linspace with array bounds, axis %d endpoint %d", axis, endpoint);
      jaxc_array_free(r), jaxc_array_free(st);
    }
  CHECK(fails_with(jaxc_linspace_operands(JAXC_OPERAND(A), JAXC_OPERAND(B), 6, true, JAXC_DTYPE_NONE, 3, NULL), JAXC_ERR_ARG,
                   "axis 3 is out of bounds for array of dimension 3"));
  jaxc_array *C = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){2});
  CHECK(fails_with(jaxc_linspace(C, B, 6, true, JAXC_DTYPE_NONE), JAXC_ERR_SHAPE, NULL));
  jaxc_array_free(A), jaxc_array_free(B), jaxc_array_free(C);
}

static void test_linspace_misc(void) {
  /* JAX's docstring examples (jnp.linspace) */
  jaxc_array *r = jaxc_linspace(0, 10, 5, true, JAXC_DTYPE_NONE);
  CHECK(r && strcmp(print_to_string(r), "Array([ 0. ,  2.5,  5. ,  7.5, 10. ], dtype=float32)") == 0);
  jaxc_array_free(r);
  r = jaxc_linspace(0, 10, 8, false, JAXC_DTYPE_NONE);
  CHECK(r && strcmp(print_to_string(r), "Array([0.  , 1.25, 2.5 , 3.75, 5.  , 6.25, 7.5 , 8.75], dtype=float32)") == 0);
  jaxc_array_free(r);
  jaxc_array *st = NULL;
  r = jaxc_linspace_operands(JAXC_OPERAND(0), JAXC_OPERAND(10), 9, true, JAXC_DTYPE_NONE, 0, &st);
  CHECK(r && strcmp(print_to_string(r), "Array([ 0.  ,  1.25,  2.5 ,  3.75,  5.  ,  6.25,  7.5 ,  8.75, 10.  ],      dtype=float32)") == 0);
  CHECK(st && strcmp(print_to_string(st), "Array(1.25, dtype=float32)") == 0);
  jaxc_array_free(r), jaxc_array_free(st);
  jaxc_array *a0 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){0, 5});
  jaxc_array *a1 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){5, 10});
  r = jaxc_linspace(a0, a1, 5, true, JAXC_DTYPE_NONE);
  CHECK(r && strcmp(print_to_string(r), "Array([[ 0.  ,  5.  ],\n       [ 1.25,  6.25],\n       [ 2.5 ,  7.5 ],\n"
                                        "       [ 3.75,  8.75],\n       [ 5.  , 10.  ]], dtype=float32)") == 0);
  jaxc_array_free(r), jaxc_array_free(a0), jaxc_array_free(a1);
  r = jaxc_linspace(0, 10, 4, true, JAXC_I32); /* floor, then int32 */
  CHECK(r && strcmp(print_to_string(r), "Array([ 0,  3,  6, 10], dtype=int32)") == 0);
  jaxc_array_free(r);
  /* num 1 and 0; retstep's NaN (num 1 with endpoint) and stop - start (without) */
  r = jaxc_linspace_operands(JAXC_OPERAND(2), JAXC_OPERAND(10), 1, true, JAXC_DTYPE_NONE, 0, &st);
  CHECK(r && jaxc_array_size(r) == 1 && ((const float *)jaxc_array_data(r))[0] == 2.0f && st &&
        isnan(((const float *)jaxc_array_data(st))[0]));
  jaxc_array_free(r), jaxc_array_free(st);
  r = jaxc_linspace_operands(JAXC_OPERAND(2), JAXC_OPERAND(10), 1, false, JAXC_DTYPE_NONE, 0, &st);
  CHECK(st && ((const float *)jaxc_array_data(st))[0] == 8.0f);
  jaxc_array_free(r), jaxc_array_free(st);
  r = jaxc_linspace_operands(JAXC_OPERAND(2), JAXC_OPERAND(10), 0, true, JAXC_I16, 0, &st);
  CHECK(r && jaxc_array_size(r) == 0 && jaxc_array_dtype(r) == JAXC_I16 && st && isnan(((const float *)jaxc_array_data(st))[0]));
  jaxc_array_free(r), jaxc_array_free(st);
  /* float16 is computed in float16 (no float32 working dtype, unlike arange) */
  r = jaxc_linspace(0, 1, 7, true, JAXC_F16);
  CHECK(r && ((const uint16_t *)jaxc_array_data(r))[1] == enc16(F16F, lin_ref(JAXC_F16, 0, 1, 1, 6)));
  jaxc_array_free(r);
  CHECK(fails_with(jaxc_linspace(0, 1, -1, true, JAXC_DTYPE_NONE), JAXC_ERR_ARG, "Number of samples, -1, must be non-negative."));
  CHECK(fails_with(jaxc_linspace(0, (jaxc_array *)NULL, 3, true, JAXC_DTYPE_NONE), JAXC_ERR_ARG, NULL));
  CHECK(fails_with(jaxc_linspace(0, 3000000000LL, 3, true, JAXC_DTYPE_NONE), JAXC_ERR_OVERFLOW,
                   "Python int 3000000000 too large to convert to int32"));
  /* the retstep pointer is cleared on failure */
  st = (jaxc_array *)&st;
  CHECK(fails_with(jaxc_linspace_operands(JAXC_OPERAND(0), JAXC_OPERAND(1), -2, true, JAXC_DTYPE_NONE, 0, &st), JAXC_ERR_ARG, NULL) &&
        st == NULL);
  /* debug_nans: inf * 0 in lax.mul (start * (1 - t) at t = 1 ... and stop * t at t = 0) */
  jaxc_set_debug_nans(true);
  CHECK(fails_with(jaxc_linspace(0, INFINITY, 3, true, JAXC_DTYPE_NONE), JAXC_ERR_NAN, "invalid value (nan) encountered in mul"));
  jaxc_set_debug_nans(false);
}

/* --- logspace, geomspace ---------------------------------------------------------------------- */
/* |v - p| within half a unit of the 3rd decimal: what jnp.printoptions(precision=3) shows as p */
static bool shows_as(const jaxc_array *a, const double *p, int n) {
  if (!a || jaxc_array_dtype(a) != JAXC_F32 || jaxc_array_size(a) != n) return false;
  for (int i = 0; i < n; i++)
    if (!(fabs(((const float *)jaxc_array_data(a))[i] - p[i]) <= 0.0005 + 1e-6 * fabs(p[i]))) return false;
  return true;
}
static void test_logspace_geomspace(void) {
  /* JAX's docstring examples (printed there with precision=3) */
  jaxc_array *r = jaxc_logspace(0, 2, 5, true, 10.0, JAXC_DTYPE_NONE);
  CHECK(shows_as(r, (const double[]){1, 3.162, 10, 31.623, 100}, 5));
  jaxc_array_free(r);
  r = jaxc_logspace(0, 2, 5, false, 10.0, JAXC_DTYPE_NONE);
  CHECK(shows_as(r, (const double[]){1, 2.512, 6.31, 15.849, 39.811}, 5));
  jaxc_array_free(r);
  r = jaxc_logspace(0, 2, 7, true, 2, JAXC_DTYPE_NONE);
  CHECK(shows_as(r, (const double[]){1, 1.26, 1.587, 2, 2.52, 3.175, 4}, 7));
  jaxc_array_free(r);
  jaxc_array *s = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){0, 5});
  jaxc_array *e = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){5, 0});
  jaxc_array *b = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){2, 3});
  r = jaxc_logspace(s, e, 5, true, b, JAXC_DTYPE_NONE);
  CHECK(shows_as(r, (const double[]){1, 243, 2.378, 61.547, 5.657, 15.588, 13.454, 3.948, 32, 1}, 10) && jaxc_array_ndim(r) == 2);
  jaxc_array_free(r);
  r = jaxc_geomspace(1, 16, 5, true, JAXC_DTYPE_NONE);
  CHECK(shows_as(r, (const double[]){1, 2, 4, 8, 16}, 5));
  jaxc_array_free(r);
  r = jaxc_geomspace(1, 16, 4, false, JAXC_DTYPE_NONE);
  CHECK(shows_as(r, (const double[]){1, 2, 4, 8}, 4));
  jaxc_array_free(r);
  jaxc_array *g0 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){1, 1000});
  jaxc_array *g1 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){27, 1});
  r = jaxc_geomspace(g0, g1, 4, true, JAXC_DTYPE_NONE);
  CHECK(shows_as(r, (const double[]){1, 1000, 3, 100, 9, 10, 27, 1}, 8) && jaxc_array_shape(r)[0] == 4);
  jaxc_array_free(r);
  /* axis: the new axis last is the transpose of axis 0 */
  jaxc_array *r0 = jaxc_geomspace_operands(JAXC_OPERAND(g0), JAXC_OPERAND(g1), 4, true, JAXC_DTYPE_NONE, 0);
  jaxc_array *r1 = jaxc_geomspace_operands(JAXC_OPERAND(g0), JAXC_OPERAND(g1), 4, true, JAXC_DTYPE_NONE, -1);
  bool ok = r0 && r1 && jaxc_array_shape(r1)[0] == 2 && jaxc_array_shape(r1)[1] == 4;
  for (int i = 0; ok && i < 4; i++)
    for (int j = 0; j < 2; j++) ok = ok && ((const float *)jaxc_array_data(r0))[i * 2 + j] == ((const float *)jaxc_array_data(r1))[j * 4 + i];
  CHECK(ok);
  jaxc_array_free(r0), jaxc_array_free(r1);
  CHECK(fails_with(jaxc_geomspace_operands(JAXC_OPERAND(g0), JAXC_OPERAND(g1), 4, true, JAXC_DTYPE_NONE, 2), JAXC_ERR_ARG,
                   "axis 2 is out of bounds for array of dimension 2"));
  /* every element is power(base, linspace's element), within 2 ulps of long double powl; float64 too */
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    jaxc_dtype d = x64 ? JAXC_F64 : JAXC_F32;
    jaxc_array *lg = jaxc_logspace(-3.5, 4.25, 1001, true, 3.0, d), *ln = jaxc_linspace(-3.5, 4.25, 1001, true, d);
    bool near = lg && ln && jaxc_array_dtype(lg) == d;
    for (int i = 0; near && i < 1001; i++) {
      double x = d == JAXC_F32 ? ((const float *)jaxc_array_data(ln))[i] : ((const double *)jaxc_array_data(ln))[i];
      long double want = powl(3.0L, (long double)x);
      double got = d == JAXC_F32 ? ((const float *)jaxc_array_data(lg))[i] : ((const double *)jaxc_array_data(lg))[i];
      near = (d == JAXC_F32 ? ulps_f((float)got, want) : ulps_d(got, want)) <= 2;
    }
    CHECK_MSG(near, "logspace vs powl, x64=%d", x64);
    jaxc_array_free(lg), jaxc_array_free(ln);
  }
  jaxc_set_x64(false);
  /* integer dtypes truncate (convert_element_type; linspace floors): 10^0.5 = 3.16 -> 3, and
     geomspace(-1, -3.5) ends near -3.5 -> -3 (floor would give -4) */
  r = jaxc_logspace(0, 0.5, 2, true, 10.0, JAXC_I32);
  CHECK(r && ((const int32_t *)jaxc_array_data(r))[1] == 3);
  jaxc_array_free(r);
  r = jaxc_geomspace(-1, -3.5, 2, true, JAXC_I16);
  CHECK(r && jaxc_array_dtype(r) == JAXC_I16 && ((const int16_t *)jaxc_array_data(r))[0] == -1 && ((const int16_t *)jaxc_array_data(r))[1] == -3);
  jaxc_array_free(r);
  /* dtype: to_inexact(result_type(start, stop)): an int8 array with a C int is float32, float16 stays */
  jaxc_array *i8 = jaxc_scalar(JAXC_I8, 1, 0), *h = jaxc_scalar(JAXC_F16, 1, 0);
  r = jaxc_logspace(i8, 2, 3, true, 10.0, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && !jaxc_array_is_weak(r));
  jaxc_array_free(r);
  r = jaxc_geomspace(h, 100, 3, true, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F16);
  jaxc_array_free(r);
  /* geomspace from 0: 0 / sign(0) is NaN, as in JAX (no error) */
  r = jaxc_geomspace(0, 1, 3, true, JAXC_DTYPE_NONE);
  CHECK(r && isnan(((const float *)jaxc_array_data(r))[1]));
  jaxc_array_free(r);
  CHECK(fails_with(jaxc_logspace(0, 1, -1, true, 10.0, JAXC_DTYPE_NONE), JAXC_ERR_ARG, "Number of samples, -1, must be non-negative."));
  CHECK(fails_with(jaxc_logspace(0, 1, 3, true, (jaxc_array *)NULL, JAXC_DTYPE_NONE), JAXC_ERR_ARG, "logspace: argument 4 is NULL"));
  CHECK(fails_with(jaxc_geomspace((jaxc_array *)NULL, 1, 3, true, JAXC_DTYPE_NONE), JAXC_ERR_ARG, "geomspace: argument 0 is NULL"));
  jaxc_array_free(s), jaxc_array_free(e), jaxc_array_free(b), jaxc_array_free(g0), jaxc_array_free(g1), jaxc_array_free(i8), jaxc_array_free(h);
}

/* --- eye, identity, tri, tril, triu ---------------------------------------------------------- */
static void test_eye_tri(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int iter = 0; iter < 300; iter++) {
      int64_t n = (int64_t)(rnd64() % 9), m = (int64_t)(rnd64() % 9), k = (int64_t)(rnd64() % 21) - 10;
      if (iter == 0) n = 700, m = 1500, k = 3;
      if (iter == 1) k = INT64_MAX;
      if (iter == 2) k = -5000000000LL;
      jaxc_dtype d = concrete[rnd64() % NCONC], st = jaxc_storage_dtype(d, x64);
      jaxc_array *e = jaxc_eye(n, m, k, d), *t = jaxc_tri(n, m, k, d);
      jaxc_status ts = jaxc_last_status();
      jaxc_array *tn = jaxc_tri(n, m, 0, JAXC_DTYPE_NONE), *en = jaxc_eye(n, m, 0, JAXC_DTYPE_NONE);
      if (!x64 && (k > INT32_MAX || k < INT32_MIN)) { /* asarray(k): JAX's OverflowError (eye clips k) */
        CHECK(e && t == NULL && ts == JAXC_ERR_OVERFLOW);
      } else {
        CHECK_MSG(e && t && jaxc_array_dtype(e) == st && jaxc_array_dtype(t) == st, "eye/tri %lld %lld %lld", (long long)n,
                  (long long)m, (long long)k);
      }
      CHECK(tn && jaxc_array_dtype(tn) == JAXC_F32);                        /* tri's default: float32, x64 too */
      CHECK(en && jaxc_array_dtype(en) == (x64 ? JAXC_F64 : JAXC_F32));     /* eye's: the default float */
      size_t es = jaxc_dtype_size(st);
      unsigned char zero[16], one[16];
      ref_store(st, (refval){true, 0, 0, 0}, zero);
      ref_store(st, (refval){true, 1, 0, 0}, one);
      int64_t kc = k > INT32_MAX ? INT32_MAX : k < INT32_MIN ? INT32_MIN : k; /* eye clips k to int32 */
      bool ok = true;
      for (int64_t i = 0; i < n && e; i++)
        for (int64_t j = 0; j < m; j++) {
          ok = ok && memcmp((const char *)jaxc_array_data(e) + (size_t)(i * m + j) * es, j - i == kc ? one : zero, es) == 0;
          if (t) ok = ok && memcmp((const char *)jaxc_array_data(t) + (size_t)(i * m + j) * es, j - i <= k ? one : zero, es) == 0;
        }
      CHECK_MSG(ok, "eye/tri(%lld, %lld, %lld, %s) elements", (long long)n, (long long)m, (long long)k, jaxc_dtype_name(d));
      jaxc_array_free(e), jaxc_array_free(t), jaxc_array_free(tn), jaxc_array_free(en);
    }
  }
  jaxc_set_x64(false);
  jaxc_array *i3 = jaxc_identity(3, JAXC_DTYPE_NONE);
  CHECK(i3 && strcmp(print_to_string(i3), "Array([[1., 0., 0.],\n       [0., 1., 0.],\n       [0., 0., 1.]], dtype=float32)") == 0);
  jaxc_array_free(i3);
  CHECK(fails_with(jaxc_identity(-2, JAXC_DTYPE_NONE), JAXC_ERR_SHAPE, "negative dimensions are not allowed, got -2 and None"));
  CHECK(fails_with(jaxc_eye(2, -1, 0, JAXC_DTYPE_NONE), JAXC_ERR_SHAPE, "negative dimensions are not allowed, got 2 and -1"));
  CHECK(fails_with(jaxc_eye(2, 2, 0, (jaxc_dtype)77), JAXC_ERR_DTYPE, NULL));
  CHECK(fails_with(jaxc_tri(-1, 3, 0, JAXC_DTYPE_NONE), JAXC_ERR_SHAPE, "iota shape must have every element be nonnegative, got (-1, 3)."));
}

static void test_tril_triu(void) {
  static const jaxc_dtype ds[] = {JAXC_BOOL, JAXC_I16, JAXC_F32, JAXC_F64, JAXC_C128, JAXC_BF16};
  for (int iter = 0; iter < 400; iter++) {
    int nd = 2 + (int)(rnd64() % 3);
    int64_t shape[4];
    for (int q = 0; q < nd; q++) shape[q] = (int64_t)(rnd64() % 6);
    if (iter == 0) shape[nd - 2] = 300, shape[nd - 1] = 257;
    int64_t k = (int64_t)(rnd64() % 15) - 7;
    if (iter == 1) k = INT32_MAX;
    if (iter == 2) k = INT32_MIN + 1;
    jaxc_array *a = jaxc_array_empty(ds[rnd64() % 6], nd, shape);
    jaxc_dtype d = jaxc_array_dtype(a); /* (x64 off narrows float64)*/
    size_t es = jaxc_dtype_size(d), bytes = (size_t)jaxc_array_size(a) * es;
    unsigned char *p = (unsigned char *)jaxc_array_data(a);
    for (size_t b = 0; b < bytes; b++) p[b] = d == JAXC_BOOL ? (unsigned char)(rnd64() & 1) : (unsigned char)(rnd64() | 1);
    unsigned char *copy = (unsigned char *)malloc(bytes + 1);
    memcpy(copy, p, bytes);
    a->weak = iter % 2; /* the weak flag is kept */
    jaxc_array *lo = jaxc_tril(a, k), *hi = jaxc_triu(a, k + 1), *hk = jaxc_triu(a, k);
    CHECK(lo && hi && hk && jaxc_array_dtype(lo) == d && jaxc_array_is_weak(lo) == (iter % 2) && jaxc_array_is_weak(hi) == (iter % 2));
    CHECK(memcmp(p, copy, bytes) == 0); /* input untouched */
    int64_t n = shape[nd - 2], m = shape[nd - 1];
    bool ok = lo && hi && hk;
    unsigned char zero[16] = {0};
    for (int64_t t = 0; ok && t < jaxc_array_size(a); t++) {
      int64_t j = t % m, i = (t / m) % n;
      const unsigned char *x = p + (size_t)t * es, *l = (const unsigned char *)jaxc_array_data(lo) + (size_t)t * es;
      const unsigned char *h = (const unsigned char *)jaxc_array_data(hi) + (size_t)t * es;
      const unsigned char *hh = (const unsigned char *)jaxc_array_data(hk) + (size_t)t * es;
      bool below = j - i <= k;
      /* tril(a, k) + triu(a, k + 1) == a: each element in exactly one of them, the other zero */
      ok = memcmp(l, below ? x : zero, es) == 0 && memcmp(h, below ? zero : x, es) == 0 && memcmp(hh, j - i >= k ? x : zero, es) == 0;
    }
    CHECK_MSG(ok, "tril/triu k=%lld %s", (long long)k, jaxc_dtype_name(d));
    free(copy);
    jaxc_array_free(a), jaxc_array_free(lo), jaxc_array_free(hi), jaxc_array_free(hk);
  }
  /* JAX's docstring example: jnp.tril(x) for x = [[1, 2, 3], [4, 5, 6], [7, 8, 9]] */
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){3, 3}, (int32_t[]){1, 2, 3, 4, 5, 6, 7, 8, 9});
  jaxc_array *l = jaxc_tril(x, 0), *u = jaxc_triu(x, 1);
  CHECK(l && strcmp(print_to_string(l), "Array([[1, 0, 0],\n       [4, 5, 0],\n       [7, 8, 9]], dtype=int32)") == 0);
  CHECK(u && strcmp(print_to_string(u), "Array([[0, 2, 3],\n       [0, 0, 6],\n       [0, 0, 0]], dtype=int32)") == 0);
  jaxc_array *v = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3});
  CHECK(fails_with(jaxc_tril(v, 0), JAXC_ERR_SHAPE, "Argument to jax.numpy.tril must be at least 2D"));
  CHECK(fails_with(jaxc_triu(v, 0), JAXC_ERR_SHAPE, "Argument to jax.numpy.triu must be at least 2D"));
  CHECK(fails_with(jaxc_tril(NULL, 0), JAXC_ERR_ARG, NULL));
  CHECK(fails_with(jaxc_tril(x, 1LL << 40), JAXC_ERR_OVERFLOW, "Python int 1099511627776 too large to convert to int32"));
  CHECK(fails_with(jaxc_triu(x, INT32_MIN), JAXC_ERR_OVERFLOW, "Python int -2147483649 too large to convert to int32"));
  jaxc_set_x64(true);
  CHECK(fails_with(jaxc_triu(x, INT64_MIN), JAXC_ERR_OVERFLOW, "Python int -9223372036854775809 too large to convert to int64"));
  jaxc_array *big = jaxc_tril(x, INT64_MAX);
  CHECK(big && memcmp(jaxc_array_data(big), jaxc_array_data(x), 36) == 0);
  jaxc_array_free(big);
  jaxc_set_x64(false);
  jaxc_array_free(x), jaxc_array_free(l), jaxc_array_free(u), jaxc_array_free(v);
}

/* The examples of JAX's docstrings (jax/_src/numpy/array_creation.py and lax_numpy.py), as printed. */
static void expect_repr(jaxc_array *a, const char *want) {
  CHECK_MSG(a && strcmp(print_to_string(a), want) == 0, "want %s, got %s", want, a ? print_to_string(a) : jaxc_last_error());
  jaxc_array_free(a);
}
static void test_doc_examples(void) {
  int64_t s4 = 4, s23[2] = {2, 3};
  expect_repr(jaxc_full(1, &s4, 2, JAXC_WEAK_FLOAT), "Array([2., 2., 2., 2.], dtype=float32)"); /* dtype=float */
  expect_repr(jaxc_full(2, s23, 0, JAXC_BOOL), "Array([[False, False, False],\n       [False, False, False]], dtype=bool)");
  jaxc_array *r3 = jaxc_arange(3, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE);
  expect_repr(jaxc_full(2, s23, r3, JAXC_DTYPE_NONE), "Array([[0, 1, 2],\n       [0, 1, 2]], dtype=int32)");
  jaxc_array *x = jaxc_arange(4.0, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE);
  expect_repr(jaxc_full_like(x, 2, JAXC_DTYPE_NONE), "Array([2., 2., 2., 2.], dtype=float32)");
  jaxc_array *x6 = jaxc_arange(6, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE), *x23 = jaxc_reshape(x6, 2, s23);
  jaxc_array *col = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 1}, (int32_t[]){1, 2});
  expect_repr(jaxc_full_like(x23, col, JAXC_DTYPE_NONE), "Array([[1, 1, 1],\n       [2, 2, 2]], dtype=int32)");
  expect_repr(jaxc_array_zeros(JAXC_DTYPE_NONE, 1, &s4), "Array([0., 0., 0., 0.], dtype=float32)");
  expect_repr(jaxc_array_ones(JAXC_BOOL, 2, s23), "Array([[ True,  True,  True],\n       [ True,  True,  True]], dtype=bool)");
  jaxc_array *xi = jaxc_arange(4, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE);
  expect_repr(jaxc_zeros_like(xi, JAXC_DTYPE_NONE), "Array([0, 0, 0, 0], dtype=int32)");
  expect_repr(jaxc_zeros_like(xi, JAXC_BOOL), "Array([False, False, False, False], dtype=bool)");
  expect_repr(jaxc_ones_like(xi, JAXC_DTYPE_NONE), "Array([1, 1, 1, 1], dtype=int32)");
  expect_repr(jaxc_ones_like(xi, JAXC_BOOL), "Array([ True,  True,  True,  True], dtype=bool)");
  expect_repr(jaxc_eye(3, 3, 1, JAXC_WEAK_INT), "Array([[0, 1, 0],\n       [0, 0, 1],\n       [0, 0, 0]], dtype=int32)");
  expect_repr(jaxc_eye(3, 3, -1, JAXC_WEAK_INT), "Array([[0, 0, 0],\n       [1, 0, 0],\n       [0, 1, 0]], dtype=int32)");
  expect_repr(jaxc_eye(3, 5, 1, JAXC_DTYPE_NONE),
              "Array([[0., 1., 0., 0., 0.],\n       [0., 0., 1., 0., 0.],\n       [0., 0., 0., 1., 0.]], dtype=float32)");
  expect_repr(jaxc_identity(2, JAXC_WEAK_INT), "Array([[1, 0],\n       [0, 1]], dtype=int32)");
  expect_repr(jaxc_tri(3, 3, 0, JAXC_DTYPE_NONE), "Array([[1., 0., 0.],\n       [1., 1., 0.],\n       [1., 1., 1.]], dtype=float32)");
  expect_repr(jaxc_tri(3, 3, 1, JAXC_DTYPE_NONE), "Array([[1., 1., 0.],\n       [1., 1., 1.],\n       [1., 1., 1.]], dtype=float32)");
  expect_repr(jaxc_tri(3, 4, -1, JAXC_DTYPE_NONE),
              "Array([[0., 0., 0., 0.],\n       [1., 0., 0., 0.],\n       [1., 1., 0., 0.]], dtype=float32)");
  jaxc_array *b8 = jaxc_arange(1, 9, JAXC_NONE, JAXC_DTYPE_NONE), *x1 = jaxc_reshape(b8, 3, (int64_t[]){2, 2, 2});
  expect_repr(jaxc_tril(x1, 0), "Array([[[1, 0],\n        [3, 4]],\n\n       [[5, 0],\n        [7, 8]]], dtype=int32)");
  expect_repr(jaxc_triu(x1, 0), "Array([[[1, 2],\n        [0, 4]],\n\n       [[5, 6],\n        [0, 8]]], dtype=int32)");
  jaxc_array *b12 = jaxc_arange(1, 13, JAXC_NONE, JAXC_DTYPE_NONE), *x43 = jaxc_reshape(b12, 2, (int64_t[]){4, 3});
  expect_repr(jaxc_triu(x43, -1), "Array([[ 1,  2,  3],\n       [ 4,  5,  6],\n       [ 0,  8,  9],\n       [ 0,  0, 12]], dtype=int32)");
  jaxc_array_free(r3), jaxc_array_free(x), jaxc_array_free(x6), jaxc_array_free(x23), jaxc_array_free(col), jaxc_array_free(xi);
  jaxc_array_free(b8), jaxc_array_free(x1), jaxc_array_free(b12), jaxc_array_free(x43);
}

int main(void) {
  test_doc_examples();
  test_full_scalars();
  test_full_inferred();
  test_full_broadcast();
  test_like();
  test_full_errors();
  test_arange_sizes();
  test_arange_values();
  test_arange_misc();
  test_dtype_rules();
  test_linspace_values();
  test_linspace_arrays();
  test_linspace_misc();
  test_logspace_geomspace();
  test_eye_tri();
  test_tril_triu();
  return check_summary("test_create");
}
