/* test_random.c — jax.random in C against JAX facts and independent references:
   - tests/data/prng.txt: outputs recorded from JAX 0.11.2 (x64 on), compared bit for bit;
   - tests/data/normal_jax.txt: jax.random.normal recorded from JAX 0.11.2 on CPU: vectors for
     five seeds in every float dtype, every possible float32 output (a hash of the 2^23-entry
     table), every float16 and bfloat16 output, and 2^18 draws of float32 and float64;
   - Random123's known-answer vectors for threefry2x32 with 20 rounds;
   - JAX's own test expectations (tests/random_test.py): seed -> key tables, and the legacy-layout
     distribution values, which check our normal transform and randint arithmetic on bits that
     the test derives itself from threefry2x32;
   - tests/data/random_ref.txt: randint, permutation and bernoulli derived (not recorded) by
     tests/data/gen_random_ref.py, a pure-Python rewrite of JAX's algorithms;
   - reimplementations inside the test (randint's arithmetic, a qsort-based shuffle, a bisection
     erfinv on libm's double erf) and statistics (moments, Kolmogorov-Smirnov, chi-square);
   - thread-count independence, _into forms equal to the allocating ones, error paths. */
#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"

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
static float f32_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static double bf16_val(uint16_t h) { return (double)f32_of((uint32_t)h << 16); }
static double f16_val(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
  return (h & 0x8000) ? -v : v;
}
/* Element i of a float-kind array as a double. */
static double float_elem(const jaxc_array *a, int64_t i) {
  const void *d = jaxc_array_data(a);
  switch (jaxc_array_dtype(a)) {
  case JAXC_F32: return ((const float *)d)[i];
  case JAXC_F64: return ((const double *)d)[i];
  case JAXC_BF16: return bf16_val(((const uint16_t *)d)[i]);
  case JAXC_F16: return f16_val(((const uint16_t *)d)[i]);
  default: return NAN;
  }
}
static uint64_t uint_elem(const jaxc_array *a, int64_t i) {
  const void *d = jaxc_array_data(a);
  switch (jaxc_array_dtype(a)) {
  case JAXC_U8: return ((const uint8_t *)d)[i];
  case JAXC_U16: return ((const uint16_t *)d)[i];
  case JAXC_U32: return ((const uint32_t *)d)[i];
  case JAXC_U64: return ((const uint64_t *)d)[i];
  default: return 0;
  }
}
static int64_t int_elem(const jaxc_array *a, int64_t i) {
  const void *d = jaxc_array_data(a);
  switch (jaxc_array_dtype(a)) {
  case JAXC_I8: return ((const int8_t *)d)[i];
  case JAXC_I16: return ((const int16_t *)d)[i];
  case JAXC_I32: return ((const int32_t *)d)[i];
  case JAXC_I64: return ((const int64_t *)d)[i];
  case JAXC_U8: return ((const uint8_t *)d)[i];
  case JAXC_U16: return ((const uint16_t *)d)[i];
  case JAXC_U32: return ((const uint32_t *)d)[i];
  case JAXC_U64: return (int64_t)((const uint64_t *)d)[i];
  default: return 0;
  }
}

/* ---- Random123 known answers --------------------------------------------------------------
   Source: Random123 (D. E. Shaw Research), tests/kat_vectors, lines "threefry2x32 20 ctr0 ctr1
   key0 key1 out0 out1"; the same three vectors are JAX's testThreefry2x32. */
static void test_kat(void) {
  static const uint32_t kat[3][6] = {
      {0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x6b200159u, 0x99ba4efeu},
      {0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0x1cb996fcu, 0xbb002be7u},
      {0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u, 0xc4923a9cu, 0x483df7a0u},
  };
  for (int i = 0; i < 3; i++) {
    uint32_t out[2];
    jaxc_threefry2x32(mkkey(kat[i][2], kat[i][3]), kat[i], out);
    CHECK_MSG(out[0] == kat[i][4] && out[1] == kat[i][5], "KAT %d: %08x %08x", i, out[0], out[1]);
  }
}

/* ---- recorded JAX outputs ------------------------------------------------------------------*/
static int split_ws(char *s, char **tok, int max) {
  int n = 0;
  for (char *t = strtok(s, " \t\r\n"); t && n < max; t = strtok(NULL, " \t\r\n")) tok[n++] = t;
  return n;
}

static void golden_bits(jaxc_key key, char **tok, int nt, bool two_by_three) {
  jaxc_dtype d = jaxc_dtype_parse(tok[3]);
  int64_t n = strtoll(tok[4], NULL, 10);
  int64_t shape23[2] = {2, 3};
  jaxc_array *a = two_by_three ? jaxc_random_bits(key, d, 2, shape23) : jaxc_random_bits(key, d, 1, &n);
  CHECK_MSG(a && jaxc_array_dtype(a) == d && jaxc_array_size(a) == n && nt == 5 + n, "bits %s line shape", tok[3]);
  if (!a) return;
  for (int64_t i = 0; i < n && 5 + i < nt; i++) {
    uint64_t want = strtoull(tok[5 + i], NULL, 10);
    CHECK_MSG(uint_elem(a, i) == want, "bits %s seed %s [%lld]: %llu vs %llu", tok[3], tok[2], (long long)i,
              (unsigned long long)uint_elem(a, i), (unsigned long long)want);
  }
  jaxc_array_free(a);
}

static void golden_uniform(jaxc_key key, char **tok, int nt) {
  jaxc_dtype d = jaxc_dtype_parse(tok[3]);
  double lo = strtod(tok[4], NULL), hi = strtod(tok[5], NULL);
  int64_t n = strtoll(tok[6], NULL, 10);
  jaxc_array *a = jaxc_random_uniform(key, d, 1, &n, lo, hi);
  CHECK_MSG(a && jaxc_array_dtype(a) == d && nt == 7 + n, "uniform %s line shape", tok[3]);
  if (!a) return;
  for (int64_t i = 0; i < n && 7 + i < nt; i++) {
    double want = strtod(tok[7 + i], NULL), got = float_elem(a, i);
    CHECK_MSG(got == want, "uniform %s [%g,%g) seed %s [%lld]: %a vs %a", tok[3], lo, hi, tok[2], (long long)i, got, want);
  }
  jaxc_array_free(a);
}

static void test_golden(void) {
  FILE *f = fopen("tests/data/prng.txt", "r");
  CHECK_MSG(f != NULL, "cannot open tests/data/prng.txt (run from the repository root)");
  if (!f) return;
  jaxc_set_x64(true); /* recorded with x64 on */
  char line[4096], *tok[128];
  int lines = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    int nt = split_ws(line, tok, 128);
    if (nt < 5) continue;
    lines++;
    jaxc_key key = jaxc_random_key(strtoll(tok[2], NULL, 10));
    CHECK_MSG(strcmp(tok[1], "p1") == 0, "unexpected layout tag %s", tok[1]);
    if (strcmp(tok[0], "key") == 0) {
      CHECK(key.data[0] == strtoul(tok[3], NULL, 10) && key.data[1] == strtoul(tok[4], NULL, 10));
    } else if (strcmp(tok[0], "split") == 0) {
      int n = atoi(tok[3]);
      jaxc_key ks[8];
      jaxc_random_split(key, n, ks);
      CHECK(nt == 4 + 2 * n && n <= 8);
      for (int i = 0; i < n && 5 + 2 * i < nt; i++)
        CHECK_MSG(ks[i].data[0] == strtoul(tok[4 + 2 * i], NULL, 10) && ks[i].data[1] == strtoul(tok[5 + 2 * i], NULL, 10),
                  "split seed %s n %d key %d", tok[2], n, i);
    } else if (strcmp(tok[0], "foldin") == 0) {
      jaxc_key k = jaxc_random_fold_in(key, (uint32_t)strtoul(tok[3], NULL, 10));
      CHECK_MSG(k.data[0] == strtoul(tok[4], NULL, 10) && k.data[1] == strtoul(tok[5], NULL, 10), "fold_in seed %s", tok[2]);
    } else if (strcmp(tok[0], "bits") == 0 || strcmp(tok[0], "bits2x3") == 0) {
      golden_bits(key, tok, nt, strcmp(tok[0], "bits2x3") == 0);
    } else if (strcmp(tok[0], "uniform") == 0) {
      golden_uniform(key, tok, nt);
    } else {
      CHECK_MSG(0, "unknown golden line kind %s", tok[0]);
    }
  }
  fclose(f);
  CHECK_EQ_INT(lines, 30);
}

/* ---- seeds: JAX's test_prng_seeds_and_keys table (tests/random_test.py) ----------------------*/
static void test_seeds(void) {
  static const struct { int64_t seed; uint32_t x64[2], x32[2]; } rows[] = {
      {0, {0, 0}, {0, 0}},
      {1, {0, 1}, {0, 1}},
      {-1, {4294967295u, 4294967295u}, {0, 4294967295u}},
      {-3, {4294967295u, 4294967293u}, {0, 4294967293u}},
      {(int64_t)INT32_MAX + 100, {0, 2147483747u}, {0, 2147483747u}},
      {(int64_t)INT32_MIN - 101, {4294967295u, 2147483547u}, {0, 2147483547u}},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    jaxc_set_x64(true);
    jaxc_key k = jaxc_random_key(rows[i].seed);
    CHECK_MSG(k.data[0] == rows[i].x64[0] && k.data[1] == rows[i].x64[1], "key(%lld) x64", (long long)rows[i].seed);
    jaxc_set_x64(false);
    k = jaxc_random_key(rows[i].seed);
    CHECK_MSG(k.data[0] == rows[i].x32[0] && k.data[1] == rows[i].x32[1], "key(%lld) x32", (long long)rows[i].seed);
  }
  /* A 64-bit seed is the pair of its words. */
  jaxc_set_x64(true);
  jaxc_key k = jaxc_random_key((int64_t)0x123456789abcdef0);
  CHECK(k.data[0] == 0x12345678u && k.data[1] == 0x9abcdef0u);
  /* fold_in(key, i) == split(key, n)[i] in the partitionable layout. */
  jaxc_key ks[40];
  jaxc_random_split(mkkey(7, 9), 40, ks);
  for (uint32_t i = 0; i < 40; i++) {
    jaxc_key f = jaxc_random_fold_in(mkkey(7, 9), i);
    CHECK(f.data[0] == ks[i].data[0] && f.data[1] == ks[i].data[1]);
  }
}

/* ---- randint's arithmetic, rewritten from jax.random._randint -------------------------------*/
static uint64_t ref_rem(uint64_t a, uint64_t b) { return b == 0 ? a : a % b; }
static uint64_t ref_randint_one(int nbits, bool sgn, bool x64, int64_t minval, int64_t maxval, uint64_t hi, uint64_t lo) {
  uint64_t mask = nbits == 64 ? UINT64_MAX : (1ull << nbits) - 1;
  int64_t vmin = x64 ? INT64_MIN : INT32_MIN, vmax = x64 ? INT64_MAX : INT32_MAX;
  int64_t dmin = sgn ? (nbits == 64 ? INT64_MIN : -(1ll << (nbits - 1))) : 0;
  int64_t dmax = sgn ? (nbits == 64 ? INT64_MAX : (1ll << (nbits - 1)) - 1) : (nbits == 64 ? INT64_MAX : (1ll << nbits) - 1);
  int64_t cmin = dmin > vmin ? dmin : vmin, cmax = dmax < vmax ? dmax : vmax;
  bool oor = maxval > cmax;
  int64_t mn = minval < cmin ? cmin : (minval > cmax ? cmax : minval);
  int64_t mx = maxval < cmin ? cmin : (maxval > cmax ? cmax : maxval);
  uint64_t span = ((uint64_t)mx - (uint64_t)mn) & mask;
  if (mx <= mn) span = 1;
  else if (oor) span = (span + 1) & mask;
  uint64_t m = ref_rem(1ull << (nbits / 2), span);
  m = ref_rem((m * m) & mask, span);
  uint64_t off = ref_rem(((ref_rem(hi, span) * m) & mask) + ref_rem(lo, span), span);
  return ((uint64_t)mn + off) & mask;
}

/* ---- JAX's legacy-layout values (random_test.py _RANDOM_VALUES_CASES, partitionable=False) ----
   The legacy layout splits iota(n) (padded to even) into halves as the two counter words. These
   cases fix the distributions' arithmetic independently of the layout. */
static uint32_t adler32(const char *s) {
  uint32_t a = 1, b = 0;
  for (; *s; s++) a = (a + (uint8_t)*s) % 65521u, b = (b + a) % 65521u;
  return b << 16 | a;
}
static void legacy_bits32(jaxc_key key, int n, uint32_t *out) {
  int h = (n + 1) / 2;
  uint32_t *o0 = malloc(sizeof(uint32_t) * 2 * (size_t)h);
  for (int j = 0; j < h; j++) {
    uint32_t in[2] = {(uint32_t)j, h + j < n ? (uint32_t)(h + j) : 0u}, o[2];
    jaxc_threefry2x32(key, in, o);
    o0[j] = o[0];
    o0[h + j] = o[1];
  }
  memcpy(out, o0, sizeof(uint32_t) * (size_t)n);
  free(o0);
}
static void legacy_split2(jaxc_key key, jaxc_key *k1, jaxc_key *k2) {
  uint32_t a[2], b[2], in0[2] = {0, 2}, in1[2] = {1, 3};
  jaxc_threefry2x32(key, in0, a);
  jaxc_threefry2x32(key, in1, b);
  *k1 = mkkey(a[0], b[0]);
  *k2 = mkkey(a[1], b[1]);
}
static void test_legacy_values(void) {
  uint32_t bits[5];
  static const uint32_t want_bits[5] = {1978747883u, 4134381225u, 3628107870u, 689687174u, 2788938207u};
  legacy_bits32(mkkey(0, adler32("bitsthreefry2x32")), 5, bits);
  for (int i = 0; i < 5; i++) CHECK_EQ_INT(bits[i], want_bits[i]);

  static const double want_normal[5] = {-1.173234, -1.511662, 0.070593, -0.099764, 1.052845};
  legacy_bits32(mkkey(0, adler32("normalthreefry2x32")), 5, bits);
  for (int i = 0; i < 5; i++) {
    double got = jaxc__rnd_normal_f32(bits[i]);
    CHECK_MSG(fabs(got - want_normal[i]) <= 1.5e-6, "legacy normal[%d] %.7f vs %.6f", i, got, want_normal[i]);
  }

  static const int want_randint[5] = {0, 5, 7, 7, 5};
  jaxc_key k1, k2;
  legacy_split2(mkkey(0, adler32("randintthreefry2x32")), &k1, &k2);
  uint32_t hi[5], lo[5];
  legacy_bits32(k1, 5, hi);
  legacy_bits32(k2, 5, lo);
  for (int i = 0; i < 5; i++) CHECK_EQ_INT(ref_randint_one(32, true, false, 0, 10, hi[i], lo[i]), want_randint[i]);

  /* bernoulli(p=0.5), x64 off: uniform float32 < 0.5, i.e. the top bit of the draw is clear. */
  static const bool want_bern[5] = {false, true, true, true, false};
  legacy_bits32(mkkey(0, adler32("bernoullithreefry2x32")), 5, bits);
  for (int i = 0; i < 5; i++) CHECK_EQ_INT(((bits[i] >> 9) | 0x3f800000u) < 0x3fc00000u, want_bern[i]);
}

/* ---- randint: against the rewrite, over every integer dtype and awkward bounds ---------------*/
static void test_randint(void) {
  static const jaxc_dtype ints[] = {JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64};
  static const int64_t bounds[][2] = {
      {0, 10}, {-5, 5}, {0, 256}, {-128, 128}, {-1000, 70000}, {5, 5}, {9, 3}, {0, 1},
      {INT64_MIN, INT64_MAX}, {-3, (int64_t)1 << 40}, {0, INT64_MAX}, {INT32_MIN, INT32_MAX}, {100, 200}, {0, 65536}};
  const int64_t n = 257;
  for (int x = 0; x < 2; x++) {
    bool x64 = x == 1;
    jaxc_set_x64(x64);
    jaxc_key key = mkkey(12345, 678);
    jaxc_key ks[2];
    jaxc_random_split(key, 2, ks);
    for (size_t d = 0; d < sizeof ints / sizeof ints[0]; d++) {
      jaxc_dtype st = jaxc_storage_dtype(ints[d], x64);
      int nbits = jaxc_dtype_bits(st);
      bool sgn = jaxc_dtype_kind(st) == JAXC_KIND_INT;
      jaxc_dtype ud = nbits == 8 ? JAXC_U8 : nbits == 16 ? JAXC_U16 : nbits == 32 ? JAXC_U32 : JAXC_U64;
      jaxc_array *hb = jaxc_random_bits(ks[0], ud, 1, &n), *lb = jaxc_random_bits(ks[1], ud, 1, &n);
      for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
        int64_t mn = bounds[b][0], mx = bounds[b][1];
        bool fits32 = mn >= INT32_MIN && mn <= INT32_MAX && mx >= INT32_MIN && mx <= INT32_MAX;
        jaxc_array *a = jaxc_random_randint(key, ints[d], 1, &n, mn, mx);
        if (!x64 && !fits32) {
          CHECK_MSG(!a && jaxc_last_status() == JAXC_ERR_OVERFLOW, "x32 randint bound %lld", (long long)mx);
          jaxc_array_free(a);
          continue;
        }
        CHECK_MSG(a && jaxc_array_dtype(a) == st, "randint %s [%lld, %lld)", jaxc_dtype_name(ints[d]), (long long)mn, (long long)mx);
        if (!a || !hb || !lb) { jaxc_array_free(a); continue; }
        int bad = 0;
        for (int64_t i = 0; i < n; i++) {
          uint64_t want = ref_randint_one(nbits, sgn, x64, mn, mx, uint_elem(hb, i), uint_elem(lb, i));
          uint64_t mask = nbits == 64 ? UINT64_MAX : (1ull << nbits) - 1;
          bad += ((uint64_t)int_elem(a, i) & mask) != want;
        }
        CHECK_MSG(bad == 0, "randint %s [%lld, %lld) x64=%d: %d mismatches", jaxc_dtype_name(st), (long long)mn, (long long)mx, x64, bad);
        jaxc_array_free(a);
      }
      jaxc_array_free(hb);
      jaxc_array_free(lb);
    }
  }
  jaxc_set_x64(true);
  /* Range and absence of bias: chi-square on [0, 10) (9 dof; 27.88 is p = 0.001) and full-range
     coverage of uint8 [0, 256) and int8 [-128, 128), whose maxval is out of the dtype's range. */
  int64_t big = 1000000;
  jaxc_array *a = jaxc_random_randint(mkkey(1, 2), JAXC_I32, 1, &big, 0, 10);
  long cnt[10] = {0};
  bool inside = a != NULL;
  for (int64_t i = 0; a && i < big; i++) {
    int v = ((const int32_t *)jaxc_array_data(a))[i];
    if (v < 0 || v >= 10) inside = false;
    else cnt[v]++;
  }
  double chi = 0;
  for (int v = 0; v < 10; v++) chi += (cnt[v] - big / 10.0) * (cnt[v] - big / 10.0) / (big / 10.0);
  CHECK(inside);
  CHECK_MSG(chi < 27.88, "randint chi-square %.2f", chi);
  jaxc_array_free(a);
  int64_t m = 1 << 16;
  jaxc_array *u8 = jaxc_random_randint(mkkey(3, 4), JAXC_U8, 1, &m, 0, 256);
  jaxc_array *i8 = jaxc_random_randint(mkkey(3, 4), JAXC_I8, 1, &m, -128, 128);
  long cu[256] = {0}, ci[256] = {0};
  for (int64_t i = 0; u8 && i8 && i < m; i++) {
    cu[((const uint8_t *)jaxc_array_data(u8))[i]]++;
    ci[((const int8_t *)jaxc_array_data(i8))[i] + 128]++;
  }
  double chu = 0, chi8 = 0;
  int zero = 0;
  for (int v = 0; v < 256; v++) {
    zero += cu[v] == 0 || ci[v] == 0;
    chu += (cu[v] - m / 256.0) * (cu[v] - m / 256.0) / (m / 256.0);
    chi8 += (ci[v] - m / 256.0) * (ci[v] - m / 256.0) / (m / 256.0);
  }
  CHECK_MSG(u8 && i8 && zero == 0, "full-range randint misses values");
  CHECK_MSG(chu < 330.5 && chi8 < 330.5, "full-range chi-square %.1f %.1f (255 dof)", chu, chi8);
  jaxc_array_free(u8);
  jaxc_array_free(i8);
  /* maxval <= minval returns minval everywhere (JAX issue 222). */
  int64_t five = 5;
  jaxc_array *e = jaxc_random_randint(mkkey(5, 6), JAXC_I16, 1, &five, 7, -7);
  for (int i = 0; e && i < 5; i++) CHECK_EQ_INT(((const int16_t *)jaxc_array_data(e))[i], 7);
  CHECK(e != NULL);
  jaxc_array_free(e);
}

/* ---- uniform statistics, and bernoulli == (uniform < p) ---------------------------------------*/
static void test_uniform_stats(void) {
  jaxc_set_x64(true);
  static const jaxc_dtype fl[] = {JAXC_F32, JAXC_F64, JAXC_BF16, JAXC_F16};
  int64_t n = 1000000;
  const double lo = -2.0, hi = 3.0;
  for (size_t d = 0; d < 4; d++) {
    jaxc_array *a = jaxc_random_uniform(mkkey(11, (uint32_t)d), fl[d], 1, &n, lo, hi);
    CHECK(a != NULL);
    if (!a) continue;
    double s = 0, s2 = 0;
    long outside = 0;
    for (int64_t i = 0; i < n; i++) {
      double v = float_elem(a, i);
      outside += !(v >= lo && v < hi);
      s += v;
      s2 += v * v;
    }
    double mean = s / n, var = s2 / n - mean * mean;
    /* 16-bit types round to the nearest representable value, hi included: allow that edge. */
    bool narrow = fl[d] == JAXC_BF16 || fl[d] == JAXC_F16;
    double tol_m = narrow ? 0.02 : 0.0072, tol_v = narrow ? 0.03 : 0.0093;
    CHECK_MSG(narrow ? outside < n / 50 : outside == 0, "uniform %s: %ld outside [lo, hi)", jaxc_dtype_name(fl[d]), outside);
    CHECK_MSG(fabs(mean - 0.5) < tol_m, "uniform %s mean %.5f", jaxc_dtype_name(fl[d]), mean);
    CHECK_MSG(fabs(var - 25.0 / 12) < tol_v, "uniform %s variance %.5f", jaxc_dtype_name(fl[d]), var);
    jaxc_array_free(a);
  }
  /* [0, 1) is never 1 and the 16-bit ones stay within it too (their mantissa is exact). */
  for (size_t d = 0; d < 4; d++) {
    int64_t m = 100000;
    jaxc_array *a = jaxc_random_uniform(mkkey(2, (uint32_t)d), fl[d], 1, &m, 0.0, 1.0);
    long bad = 0;
    for (int64_t i = 0; a && i < m; i++) bad += !(float_elem(a, i) >= 0.0 && float_elem(a, i) < 1.0);
    CHECK_MSG(a && bad == 0, "uniform %s [0,1): %ld outside", jaxc_dtype_name(fl[d]), bad);
    jaxc_array_free(a);
  }
  for (int x = 0; x < 2; x++) {
    jaxc_set_x64(x == 1);
    int64_t m = 100000;
    const double p = 0.3;
    jaxc_array *b = jaxc_random_bernoulli(mkkey(8, 8), p, 1, &m);
    jaxc_array *u = jaxc_random_uniform(mkkey(8, 8), JAXC_F64, 1, &m, 0.0, 1.0);
    long ones = 0, bad = 0;
    for (int64_t i = 0; b && u && i < m; i++) {
      bool v = ((const bool *)jaxc_array_data(b))[i];
      ones += v;
      double uv = float_elem(u, i);
      bad += v != (x == 1 ? uv < p : (float)uv < (float)p);
    }
    CHECK(b && jaxc_array_dtype(b) == JAXC_BOOL);
    CHECK_MSG(bad == 0, "bernoulli != uniform < p in %ld places (x64=%d)", bad, x);
    CHECK_MSG(fabs(ones / (double)m - p) < 5 * sqrt(p * (1 - p) / m), "bernoulli mean %.4f", ones / (double)m);
    jaxc_array_free(b);
    jaxc_array_free(u);
  }
  jaxc_set_x64(true);
}

/* ---- normal: double-precision reference and Kolmogorov-Smirnov --------------------------------*/
/* sqrt(2) erfinv(y) where y^2 = s: XLA squares u in the working precision first (w = -log1p(-u*u)),
   which decides the tail, so the reference starts from that rounded square and is exact after it
   (bisection on long double erfc, with erfc(t) = 1 - sqrt(s) formed without cancellation). */
static double ref_normal_of_square(long double s, bool neg) {
  long double c = (1.0L - s) / (1.0L + sqrtl(s)), a = 0, b = 7;
  for (int i = 0; i < 200; i++) {
    long double m = 0.5L * (a + b);
    if (m == a || m == b) break;
    if (erfcl(m) > c) a = m;
    else b = m;
  }
  long double t = sqrtl(2.0L) * 0.5L * (a + b);
  return (double)(neg ? -t : t);
}
static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}
static void test_normal(void) {
  jaxc_set_x64(true);
  /* Against sqrt(2) erfinv(u), u the exact uniform the generator drew (f32 and f64). */
  int64_t n = 1 << 15;
  jaxc_key key = mkkey(21, 22);
  jaxc_array *z = jaxc_random_normal(key, JAXC_F32, 1, &n), *bits = jaxc_random_bits(key, JAXC_U32, 1, &n);
  jaxc_array *z64 = jaxc_random_normal(key, JAXC_F64, 1, &n), *b64 = jaxc_random_bits(key, JAXC_U64, 1, &n);
  CHECK(z && bits && z64 && b64);
  double worst = 0, worst64 = 0;
  for (int64_t i = 0; z && bits && i < n; i++) {
    uint32_t b = ((const uint32_t *)jaxc_array_data(bits))[i];
    double f = (double)f32_of((b >> 9) | 0x3f800000u) - 1.0;
    float u = (float)(2.0 * f - 0x1.fffffep-1), sq = u * u;
    double ref = ref_normal_of_square(sq, u < 0);
    double got = ((const float *)jaxc_array_data(z))[i];
    double ulp = ldexp(1.0, ilogb(ref) - 23);
    if (fabs(got - ref) / ulp > worst) worst = fabs(got - ref) / ulp;
  }
  for (int64_t i = 0; z64 && b64 && i < n; i++) {
    uint64_t b = ((const uint64_t *)jaxc_array_data(b64))[i];
    double f = ldexp((double)(b >> 12), -52);
    double u = 2.0 * f - 0x1.fffffffffffffp-1; /* exact: the fma rounds nothing here */
    double ref = ref_normal_of_square((long double)(u * u), u < 0);
    double got = ((const double *)jaxc_array_data(z64))[i];
    double ulps = fabs(got - ref) / ldexp(1.0, ilogb(ref) - 52);
    if (ulps > worst64) worst64 = ulps;
  }
  /* XLA's polynomials (Giles) with libm's log1p measure <= 4.2 ulp (f32) and <= 1.9 ulp (f64). */
  CHECK_MSG(worst <= 6.0, "normal f32 is %.2f ulp from the reference", worst);
  CHECK_MSG(worst64 <= 4.0, "normal f64 is %.2f ulp from the reference", worst64);
  jaxc_array_free(z); jaxc_array_free(bits); jaxc_array_free(z64); jaxc_array_free(b64);

  /* Kolmogorov-Smirnov on 10^6 draws for f32 and f64: D < 1.949 / sqrt(n) is p > 0.001. */
  static const jaxc_dtype fl[] = {JAXC_F32, JAXC_F64};
  for (int d = 0; d < 2; d++) {
    int64_t m = 1000000;
    jaxc_array *a = jaxc_random_normal(mkkey(31, 32), fl[d], 1, &m);
    double *v = malloc(sizeof(double) * (size_t)m);
    CHECK(a && v);
    if (!a || !v) { jaxc_array_free(a); free(v); continue; }
    for (int64_t i = 0; i < m; i++) v[i] = float_elem(a, i);
    qsort(v, (size_t)m, sizeof(double), cmp_double);
    double D = 0;
    for (int64_t i = 0; i < m; i++) {
      double F = 0.5 * erfc(-v[i] / sqrt(2.0));
      double d1 = fabs(F - (double)i / m), d2 = fabs((double)(i + 1) / m - F);
      if (d1 > D) D = d1;
      if (d2 > D) D = d2;
    }
    CHECK_MSG(D < 1.949 / sqrt((double)m), "normal %s KS D = %.5f", jaxc_dtype_name(fl[d]), D);
    jaxc_array_free(a);
    free(v);
  }
  /* bf16/f16: finite, roughly standard. */
  static const jaxc_dtype h[] = {JAXC_BF16, JAXC_F16};
  for (int d = 0; d < 2; d++) {
    int64_t m = 200000;
    jaxc_array *a = jaxc_random_normal(mkkey(41, 42), h[d], 1, &m);
    double s = 0, s2 = 0;
    bool finite = a != NULL;
    for (int64_t i = 0; a && i < m; i++) {
      double v = float_elem(a, i);
      finite = finite && isfinite(v);
      s += v;
      s2 += v * v;
    }
    CHECK_MSG(finite && fabs(s / m) < 0.02 && fabs(s2 / m - 1.0) < 0.03, "normal %s mean %.4f var %.4f",
              jaxc_dtype_name(h[d]), s / m, s2 / m);
    jaxc_array_free(a);
  }
}

/* ---- permutation: against a qsort-based shuffle written from jax.random._shuffle --------------*/
typedef struct { uint32_t key, pos, val; } sort_item;
static int cmp_item(const void *x, const void *y) {
  const sort_item *a = x, *b = y;
  if (a->key != b->key) return a->key < b->key ? -1 : 1;
  return (a->pos > b->pos) - (a->pos < b->pos); /* stable */
}
static int cmp_u32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return (a > b) - (a < b);
}
static void ref_permutation(jaxc_key key, int64_t n, int64_t *out) {
  sort_item *it = malloc(sizeof(sort_item) * (size_t)(n > 0 ? n : 1));
  for (int64_t i = 0; i < n; i++) out[i] = i;
  int rounds = n > 1 ? (int)ceil(3.0 * log((double)n) / log(4294967295.0)) : 0;
  for (int r = 0; r < rounds; r++) {
    jaxc_key ks[2];
    jaxc_random_split(key, 2, ks);
    key = ks[0];
    jaxc_array *b = jaxc_random_bits(ks[1], JAXC_U32, 1, &n);
    for (int64_t i = 0; i < n; i++)
      it[i] = (sort_item){((const uint32_t *)jaxc_array_data(b))[i], (uint32_t)i, (uint32_t)out[i]};
    qsort(it, (size_t)n, sizeof(sort_item), cmp_item);
    for (int64_t i = 0; i < n; i++) out[i] = it[i].val;
    jaxc_array_free(b);
  }
  free(it);
}
static void test_permutation(void) {
  static const int64_t sizes[] = {0, 1, 2, 5, 100, 1625, 1626, 5000};
  for (int x = 0; x < 2; x++) {
    jaxc_set_x64(x == 1);
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
      int64_t n = sizes[s];
      jaxc_array *p = jaxc_random_permutation(mkkey(99, (uint32_t)s), n);
      CHECK(p && jaxc_array_size(p) == n && jaxc_array_dtype(p) == (x ? JAXC_I64 : JAXC_I32));
      if (!p) continue;
      int64_t *ref = malloc(sizeof(int64_t) * (size_t)(n ? n : 1));
      char *seen = calloc((size_t)(n ? n : 1), 1);
      ref_permutation(mkkey(99, (uint32_t)s), n, ref);
      int bad = 0, dup = 0;
      for (int64_t i = 0; i < n; i++) {
        int64_t v = int_elem(p, i);
        bad += v != ref[i];
        if (v < 0 || v >= n || seen[v]++) dup++;
      }
      CHECK_MSG(bad == 0 && dup == 0, "permutation n=%lld x64=%d: %d differ from the reference, %d not a permutation",
                (long long)n, x, bad, dup);
      free(ref);
      free(seen);
      jaxc_array_free(p);
    }
  }
  /* Ties between 32-bit sort keys: lax.sort_key_val is stable (is_stable=True), so tied elements
     keep their order. n = 2^18 (2 rounds) draws ~16 tied pairs per round; n = 2642246 is the
     first size with 3 rounds (ceil(3 ln n / ln(2^32 - 1)); 2642245 has 2). Against the qsort
     reference, which breaks ties by position. */
  static const int64_t big[] = {(int64_t)1 << 18, 2642246};
  jaxc_set_x64(false);
  for (int b = 0; b < 2; b++) {
    int64_t n = big[b];
    CHECK_EQ_INT((int)ceil(3.0 * log((double)n) / log(4294967295.0)), b == 0 ? 2 : 3);
    jaxc_array *p = jaxc_random_permutation(mkkey(7, (uint32_t)b), n);
    int64_t *ref = malloc(sizeof(int64_t) * (size_t)n);
    CHECK(p && ref);
    if (!p || !ref) { jaxc_array_free(p); free(ref); continue; }
    ref_permutation(mkkey(7, (uint32_t)b), n, ref);
    /* count the ties of the first round's keys, so the check is known to exercise them */
    jaxc_key ks[2];
    jaxc_random_split(mkkey(7, (uint32_t)b), 2, ks);
    jaxc_array *k = jaxc_random_bits(ks[1], JAXC_U32, 1, &n);
    uint32_t *sorted = malloc(sizeof(uint32_t) * (size_t)n);
    long ties = 0;
    if (k && sorted) {
      memcpy(sorted, jaxc_array_data(k), sizeof(uint32_t) * (size_t)n);
      qsort(sorted, (size_t)n, sizeof(uint32_t), cmp_u32);
      for (int64_t i = 1; i < n; i++) ties += sorted[i] == sorted[i - 1];
    }
    long bad = 0;
    for (int64_t i = 0; i < n; i++) bad += int_elem(p, i) != ref[i];
    CHECK_MSG(ties > 0, "permutation n=%lld: no tied sort keys to test stability on", (long long)n);
    CHECK_MSG(bad == 0, "permutation n=%lld: %ld differ from the stable reference (%ld tied keys)", (long long)n, bad, ties);
    free(sorted);
    jaxc_array_free(k);
    free(ref);
    jaxc_array_free(p);
  }
  /* Negative n is an empty arange, as in JAX. */
  jaxc_array *e = jaxc_random_permutation(mkkey(1, 1), -4);
  CHECK(e && jaxc_array_size(e) == 0);
  jaxc_array_free(e);
  jaxc_set_x64(true);
}

/* ---- _into forms equal the allocating ones ----------------------------------------------------*/
static void test_into(void) {
  jaxc_set_x64(true);
  int64_t n = 1000;
  jaxc_key key = mkkey(0xdead, 0xbeef);
  unsigned char *buf = malloc(16 * (size_t)n);
  static const jaxc_dtype u[] = {JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64};
  static const jaxc_dtype f[] = {JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64};
  static const jaxc_dtype in[] = {JAXC_I8, JAXC_U16, JAXC_I32, JAXC_U64};
  for (int d = 0; d < 4; d++) {
    jaxc_array *a = jaxc_random_bits(key, u[d], 1, &n);
    CHECK(jaxc_random_bits_into(key, u[d], n, buf) == JAXC_OK && a && memcmp(buf, jaxc_array_data(a), (size_t)n * jaxc_dtype_size(u[d])) == 0);
    jaxc_array_free(a);
    a = jaxc_random_uniform(key, f[d], 1, &n, -1.5, 2.5);
    CHECK(jaxc_random_uniform_into(key, f[d], n, -1.5, 2.5, buf) == JAXC_OK && a && memcmp(buf, jaxc_array_data(a), (size_t)n * jaxc_dtype_size(f[d])) == 0);
    jaxc_array_free(a);
    a = jaxc_random_normal(key, f[d], 1, &n);
    CHECK(jaxc_random_normal_into(key, f[d], n, buf) == JAXC_OK && a && memcmp(buf, jaxc_array_data(a), (size_t)n * jaxc_dtype_size(f[d])) == 0);
    jaxc_array_free(a);
    a = jaxc_random_randint(key, in[d], 1, &n, -3, 1000);
    CHECK(jaxc_random_randint_into(key, in[d], n, -3, 1000, buf) == JAXC_OK && a && memcmp(buf, jaxc_array_data(a), (size_t)n * jaxc_dtype_size(in[d])) == 0);
    jaxc_array_free(a);
  }
  jaxc_array *b = jaxc_random_bernoulli(key, 0.25, 1, &n);
  CHECK(jaxc_random_bernoulli_into(key, 0.25, n, (bool *)buf) == JAXC_OK && b && memcmp(buf, jaxc_array_data(b), (size_t)n) == 0);
  jaxc_array_free(b);
  void *scratch = malloc(jaxc_random_permutation_scratch_bytes(n));
  jaxc_array *p = jaxc_random_permutation(key, n);
  CHECK(jaxc_random_permutation_into(key, n, buf, scratch) == JAXC_OK && p && memcmp(buf, jaxc_array_data(p), (size_t)n * 8) == 0);
  jaxc_array_free(p);
  free(scratch);
  /* Shapes only reshape: a (2, 500) draw is the flat draw. */
  int64_t sh[2] = {2, 500};
  jaxc_array *a2 = jaxc_random_uniform(key, JAXC_F32, 2, sh, 0.0, 1.0);
  CHECK(jaxc_random_uniform_into(key, JAXC_F32, n, 0.0, 1.0, buf) == JAXC_OK && a2 && memcmp(buf, jaxc_array_data(a2), 4000) == 0);
  jaxc_array_free(a2);
  free(buf);
}

/* ---- x64 off narrows 64-bit requests as JAX does ----------------------------------------------*/
static void test_x32(void) {
  jaxc_set_x64(false);
  int64_t n = 64;
  jaxc_key key = mkkey(4, 2);
  jaxc_array *a = jaxc_random_uniform(key, JAXC_F64, 1, &n, 0.0, 1.0), *b = jaxc_random_uniform(key, JAXC_F32, 1, &n, 0.0, 1.0);
  CHECK(a && b && jaxc_array_dtype(a) == JAXC_F32 && memcmp(jaxc_array_data(a), jaxc_array_data(b), 256) == 0);
  jaxc_array_free(a); jaxc_array_free(b);
  a = jaxc_random_bits(key, JAXC_U64, 1, &n); b = jaxc_random_bits(key, JAXC_U32, 1, &n);
  CHECK(a && b && jaxc_array_dtype(a) == JAXC_U32 && memcmp(jaxc_array_data(a), jaxc_array_data(b), 256) == 0);
  jaxc_array_free(a); jaxc_array_free(b);
  a = jaxc_random_randint(key, JAXC_I64, 1, &n, -9, 9);
  CHECK(a && jaxc_array_dtype(a) == JAXC_I32);
  jaxc_array_free(a);
  a = jaxc_random_normal(key, JAXC_WEAK_FLOAT, 1, &n);
  CHECK(a && jaxc_array_dtype(a) == JAXC_F32);
  jaxc_array_free(a);
  jaxc_set_x64(true);
  a = jaxc_random_normal(key, JAXC_WEAK_FLOAT, 1, &n);
  CHECK(a && jaxc_array_dtype(a) == JAXC_F64);
  jaxc_array_free(a);
}

/* ---- large outputs: the same bits whatever the thread count, and a prefix of a big draw is the
   small draw (the OpenMP path agrees with the serial one). ---------------------------------------*/
static void test_threads(void) {
  jaxc_set_x64(true);
  int64_t n = (int64_t)1 << 20, seven = 7;
  jaxc_key key = jaxc_random_key(0);
  jaxc_array *small = jaxc_random_uniform(key, JAXC_F32, 1, &seven, 0.0, 1.0);
  jaxc_array *big = jaxc_random_uniform(key, JAXC_F32, 1, &n, 0.0, 1.0);
  CHECK(small && big && memcmp(jaxc_array_data(small), jaxc_array_data(big), 28) == 0);
  jaxc_array *bign = jaxc_random_normal(key, JAXC_F64, 1, &n), *smalln = jaxc_random_normal(key, JAXC_F64, 1, &seven);
  CHECK(bign && smalln && memcmp(jaxc_array_data(smalln), jaxc_array_data(bign), 56) == 0);
#ifdef _OPENMP
  int saved = omp_get_max_threads();
  static const int counts[] = {1, 2, 3, 4};
  for (int t = 0; t < 4; t++) {
    omp_set_num_threads(counts[t]);
    jaxc_array *u = jaxc_random_uniform(key, JAXC_F32, 1, &n, 0.0, 1.0);
    jaxc_array *z = jaxc_random_normal(key, JAXC_F64, 1, &n);
    jaxc_array *r = jaxc_random_randint(key, JAXC_I32, 1, &n, -100, 100);
    jaxc_array *r0 = jaxc_random_randint(key, JAXC_I32, 1, &seven, -100, 100);
    CHECK_MSG(u && big && memcmp(jaxc_array_data(u), jaxc_array_data(big), (size_t)n * 4) == 0, "uniform differs with %d threads", counts[t]);
    CHECK_MSG(z && bign && memcmp(jaxc_array_data(z), jaxc_array_data(bign), (size_t)n * 8) == 0, "normal differs with %d threads", counts[t]);
    CHECK(r && r0 && memcmp(jaxc_array_data(r), jaxc_array_data(r0), 28) == 0);
    jaxc_array_free(u); jaxc_array_free(z); jaxc_array_free(r); jaxc_array_free(r0);
  }
  omp_set_num_threads(saved);
#endif
  jaxc_array_free(small); jaxc_array_free(big); jaxc_array_free(bign); jaxc_array_free(smalln);
}

/* The last error's message, when one is expected (NULL: any). */
static bool message_is(const char *want) { return !want || strcmp(jaxc_last_error(), want) == 0; }

/* ---- errors: NULL / status / JAX's words, nothing written or leaked ---------------------------*/
static void test_errors(void) {
  jaxc_set_x64(true);
  int64_t n = 4, neg = -1;
  jaxc_key key = mkkey(1, 2);
  jaxc_array *a;
#define EXPECT_FAIL(expr, st, msg)                                                               \
  do {                                                                                           \
    a = (expr);                                                                                  \
    CHECK_MSG(a == NULL && jaxc_last_status() == (st), "%s should fail with %d", #expr, (int)(st)); \
    CHECK_MSG(message_is(msg), "message: %s", jaxc_last_error());                               \
    jaxc_array_free(a);                                                                          \
  } while (0)
  EXPECT_FAIL(jaxc_random_uniform(key, JAXC_I32, 1, &n, 0, 1), JAXC_ERR_DTYPE, "dtype argument to `uniform` must be a float dtype, got int32");
  EXPECT_FAIL(jaxc_random_bits(key, JAXC_F32, 1, &n), JAXC_ERR_DTYPE, "dtype argument to `bits` must be an unsigned int dtype, got float32");
  EXPECT_FAIL(jaxc_random_bits(key, JAXC_I8, 1, &n), JAXC_ERR_DTYPE, "dtype argument to `bits` must be an unsigned int dtype, got int8");
  EXPECT_FAIL(jaxc_random_normal(key, JAXC_I32, 1, &n), JAXC_ERR_DTYPE, "dtype argument to `normal` must be a float or complex dtype, got int32");
  EXPECT_FAIL(jaxc_random_normal(key, JAXC_C64, 1, &n), JAXC_ERR_DTYPE, NULL);
  EXPECT_FAIL(jaxc_random_randint(key, JAXC_F32, 1, &n, 0, 3), JAXC_ERR_DTYPE, "randint only accepts integer dtypes, got float32");
  EXPECT_FAIL(jaxc_random_randint(key, JAXC_BOOL, 1, &n, 0, 3), JAXC_ERR_DTYPE, "randint only accepts integer dtypes, got bool");
  EXPECT_FAIL(jaxc_random_uniform(key, (jaxc_dtype)99, 1, &n, 0, 1), JAXC_ERR_DTYPE, NULL);
  EXPECT_FAIL(jaxc_random_normal(key, (jaxc_dtype)-5, 1, &n), JAXC_ERR_DTYPE, NULL);
  EXPECT_FAIL(jaxc_random_uniform(key, JAXC_F32, 1, &neg, 0, 1), JAXC_ERR_SHAPE, NULL);
  EXPECT_FAIL(jaxc_random_randint(key, JAXC_I32, 1, &neg, 0, 3), JAXC_ERR_SHAPE, NULL);
  EXPECT_FAIL(jaxc_random_bits(key, JAXC_U8, 1, NULL), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_random_bernoulli(key, 0.5, 2, NULL), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_random_normal(key, JAXC_F32, 99, &n), JAXC_ERR_SHAPE, NULL);
  jaxc_set_x64(false);
  EXPECT_FAIL(jaxc_random_randint(key, JAXC_I32, 1, &n, 0, (int64_t)1 << 33), JAXC_ERR_OVERFLOW,
              "Python int 8589934592 too large to convert to int32");
  /* bits, uniform and normal raise on the dtype as given, before canonicalize_dtype (random.py),
     so x64 off still names int64 / float64; randint canonicalises first and names float32. */
  EXPECT_FAIL(jaxc_random_uniform(key, JAXC_I64, 1, &n, 0, 1), JAXC_ERR_DTYPE, "dtype argument to `uniform` must be a float dtype, got int64");
  EXPECT_FAIL(jaxc_random_normal(key, JAXC_U64, 1, &n), JAXC_ERR_DTYPE, "dtype argument to `normal` must be a float or complex dtype, got uint64");
  EXPECT_FAIL(jaxc_random_bits(key, JAXC_F64, 1, &n), JAXC_ERR_DTYPE, "dtype argument to `bits` must be an unsigned int dtype, got float64");
  EXPECT_FAIL(jaxc_random_randint(key, JAXC_F64, 1, &n, 0, 3), JAXC_ERR_DTYPE, "randint only accepts integer dtypes, got float32");
  jaxc_set_x64(true);
#undef EXPECT_FAIL
  jaxc_key out[3] = {{{7, 7}}, {{7, 7}}, {{7, 7}}};
  jaxc_random_split(key, -1, out);
  CHECK(jaxc_last_status() == JAXC_ERR_SHAPE && out[0].data[0] == 7);
  jaxc_random_split(key, 3, NULL);
  CHECK(jaxc_last_status() == JAXC_ERR_ARG);
  jaxc_random_split(key, 0, NULL);
  CHECK(jaxc_last_status() == JAXC_OK);
  float buf[4] = {42, 42, 42, 42};
  CHECK(jaxc_random_uniform_into(key, JAXC_F32, -3, 0, 1, buf) == JAXC_ERR_SHAPE && buf[0] == 42);
  CHECK(jaxc_random_uniform_into(key, JAXC_F32, 4, 0, 1, NULL) == JAXC_ERR_ARG);
  CHECK(jaxc_random_uniform_into(key, JAXC_U8, 4, 0, 1, buf) == JAXC_ERR_DTYPE && buf[0] == 42);
  CHECK(jaxc_random_bits_into(key, JAXC_F16, 4, buf) == JAXC_ERR_DTYPE);
  CHECK(jaxc_random_normal_into(key, JAXC_BOOL, 4, buf) == JAXC_ERR_DTYPE);
  CHECK(jaxc_random_randint_into(key, JAXC_F64, 4, 0, 1, buf) == JAXC_ERR_DTYPE);
  CHECK(jaxc_random_bernoulli_into(key, 0.5, 4, NULL) == JAXC_ERR_ARG);
  CHECK(jaxc_random_permutation_into(key, 4, buf, NULL) == JAXC_ERR_ARG);
  CHECK(jaxc_random_uniform_into(key, JAXC_F32, 0, 0, 1, NULL) == JAXC_OK);
}

/* ---- randint / permutation / bernoulli against values DERIVED from JAX's algorithms -----------
   tests/data/random_ref.txt comes from tests/data/gen_random_ref.py, a pure-Python rewrite of
   jax.random._randint, _shuffle and _bernoulli with its own threefry2x32 (not JAX's recorded
   output: no such recording exists for these three). */
static void test_derived_ref(void) {
  FILE *f = fopen("tests/data/random_ref.txt", "r");
  CHECK_MSG(f != NULL, "cannot open tests/data/random_ref.txt (run from the repository root)");
  if (!f) return;
  static char line[65536];
  char *tok[4096];
  int lines = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    int nt = split_ws(line, tok, 4096);
    if (nt < 4) continue;
    jaxc_set_x64(atoi(tok[1]) != 0);
    jaxc_array *a = NULL;
    int first = 0;
    if (strcmp(tok[0], "randint") == 0) {
      int64_t n = 23;
      a = jaxc_random_randint(jaxc_random_key(strtoll(tok[5], NULL, 10)), jaxc_dtype_parse(tok[2]), 1, &n,
                              strtoll(tok[3], NULL, 10), strtoll(tok[4], NULL, 10));
      if (strcmp(tok[6], "ERR") == 0) {
        CHECK_MSG(!a && jaxc_last_status() == JAXC_ERR_OVERFLOW, "randint %s [%s, %s) x64=%s should overflow", tok[2], tok[3], tok[4], tok[1]);
        jaxc_array_free(a);
        lines++;
        continue;
      }
      CHECK_MSG(a && nt == 6 + 23, "randint %s [%s, %s) x64=%s", tok[2], tok[3], tok[4], tok[1]);
      first = 6;
    } else if (strcmp(tok[0], "perm") == 0) {
      a = jaxc_random_permutation(jaxc_random_key(strtoll(tok[2], NULL, 10)), strtoll(tok[3], NULL, 10));
      CHECK_MSG(a && jaxc_array_size(a) == nt - 4, "permutation(key(%s), %s)", tok[2], tok[3]);
      first = 4;
    } else if (strcmp(tok[0], "bern") == 0) {
      int64_t n = 64;
      a = jaxc_random_bernoulli(jaxc_random_key(strtoll(tok[2], NULL, 10)), strtod(tok[3], NULL), 1, &n);
      CHECK(a != NULL && nt == 5 && strlen(tok[4]) == 64);
      long bad = 0;
      for (int64_t i = 0; a && nt == 5 && i < 64; i++) bad += ((const bool *)jaxc_array_data(a))[i] != (tok[4][i] == '1');
      CHECK_MSG(bad == 0, "bernoulli(key(%s), %s) x64=%s: %ld of 64 differ from the derived reference", tok[2], tok[3], tok[1], bad);
      jaxc_array_free(a);
      lines++;
      continue;
    }
    if (!a) continue;
    jaxc_dtype st = jaxc_array_dtype(a);
    long bad = 0;
    for (int64_t i = 0; i < jaxc_array_size(a) && first + i < nt; i++) {
      bool u = jaxc_dtype_kind(st) == JAXC_KIND_UINT;
      if (u) bad += uint_elem(a, i) != strtoull(tok[first + i], NULL, 10);
      else bad += int_elem(a, i) != strtoll(tok[first + i], NULL, 10);
    }
    CHECK_MSG(bad == 0, "%s %s %s %s x64=%s: %ld values differ from the derived reference", tok[0], tok[2], tok[3], tok[4], tok[1], bad);
    jaxc_array_free(a);
    lines++;
  }
  fclose(f);
  CHECK_MSG(lines == 2 * (8 * 13 + 7 + 5), "random_ref.txt: %d cases", lines);
  jaxc_set_x64(true);
}

/* ---- normal against JAX's recorded outputs (tests/data/normal_jax.txt) ------------------------*/
static uint64_t fnv1a64(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
  return h;
}
#define FNV_OFFSET 1469598103934665603ull
static jaxc_dtype dtype_of_name(const char *s) {
  return strcmp(s, "float16") == 0 ? JAXC_F16 : strcmp(s, "bfloat16") == 0 ? JAXC_BF16 : strcmp(s, "float32") == 0 ? JAXC_F32 : JAXC_F64;
}
/* Every 16-bit normal: draws of 2^16 elements cover each table entry (their uniform bits come
   from the same stream as bits(key, uint32)). */
static void check_table16(jaxc_dtype d, const uint16_t *table, int entries) {
  int64_t n = 1 << 16;
  jaxc_key key = mkkey(2024, 11);
  jaxc_array *z = jaxc_random_normal(key, d, 1, &n), *bits = jaxc_random_bits(key, JAXC_U32, 1, &n);
  CHECK(z && bits);
  if (!z || !bits) { jaxc_array_free(z); jaxc_array_free(bits); return; }
  static char seen[1024];
  memset(seen, 0, sizeof seen);
  long bad = 0;
  for (int64_t i = 0; i < n; i++) {
    uint32_t w = ((const uint32_t *)jaxc_array_data(bits))[i];
    int m = d == JAXC_F16 ? (uint16_t)w >> 6 : (uint8_t)w >> 1;
    seen[m] = 1;
    bad += ((const uint16_t *)jaxc_array_data(z))[i] != table[m];
  }
  int covered = 0;
  for (int m = 0; m < entries; m++) covered += seen[m];
  CHECK_MSG(bad == 0, "normal %s: %ld of %lld draws differ from JAX's table", jaxc_dtype_name(d), bad, (long long)n);
  CHECK_MSG(covered == entries, "normal %s: the draws covered %d of %d table entries", jaxc_dtype_name(d), covered, entries);
  jaxc_array_free(z);
  jaxc_array_free(bits);
}
static void test_normal_golden(void) {
  FILE *f = fopen("tests/data/normal_jax.txt", "r");
  CHECK_MSG(f != NULL, "cannot open tests/data/normal_jax.txt (run from the repository root)");
  if (!f) return;
  char line[4096], *tok[64];
  uint16_t t16[1024], tbf[128];
  uint64_t want_table = 0, want_f32 = 0, want_f64 = 0;
  int vectors = 0, rows16 = 0, rowsbf = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#') continue;
    int nt = split_ws(line, tok, 64);
    if (nt < 2) continue;
    if (strcmp(tok[0], "vector") == 0 && nt == 13) {
      jaxc_dtype d = dtype_of_name(tok[2]);
      jaxc_set_x64(d == JAXC_F64);
      int64_t n = 10;
      jaxc_array *z = jaxc_random_normal(jaxc_random_key(strtoll(tok[1], NULL, 10)), d, 1, &n);
      CHECK(z != NULL);
      for (int i = 0; z && i < 10; i++) {
        uint64_t want = strtoull(tok[3 + i], NULL, 16), got = 0;
        memcpy(&got, (const char *)jaxc_array_data(z) + (size_t)i * jaxc_dtype_size(d), jaxc_dtype_size(d));
        CHECK_MSG(got == want, "normal(key(%s), (10,), %s)[%d]: %llx vs JAX %llx", tok[1], tok[2], i,
                  (unsigned long long)got, (unsigned long long)want);
      }
      jaxc_array_free(z);
      vectors++;
    } else if (strcmp(tok[0], "table_f32_fnv1a64") == 0) {
      want_table = strtoull(tok[1], NULL, 16);
    } else if (strcmp(tok[0], "key0_f32_262144_fnv1a64") == 0) {
      want_f32 = strtoull(tok[1], NULL, 16);
    } else if (strcmp(tok[0], "key0_f64_262144_fnv1a64") == 0) {
      want_f64 = strtoull(tok[1], NULL, 16);
    } else if ((strcmp(tok[0], "table_f16") == 0 || strcmp(tok[0], "table_bf16") == 0) && nt == 18) {
      bool bf = tok[0][6] == 'b';
      int at = atoi(tok[1]);
      for (int i = 0; i < 16 && at + i < (bf ? 128 : 1024); i++) (bf ? tbf : t16)[at + i] = (uint16_t)strtoul(tok[2 + i], NULL, 16);
      *(bf ? &rowsbf : &rows16) += 1;
    }
  }
  fclose(f);
  CHECK_MSG(vectors == 20 && rows16 == 64 && rowsbf == 8, "normal_jax.txt: %d vectors, %d+%d table rows", vectors, rows16, rowsbf);
  /* every float32 output: entry m is the draw whose uniform mantissa is m */
  uint64_t h = FNV_OFFSET;
  for (uint32_t m = 0; m < (1u << 23); m++) {
    float v = jaxc__rnd_normal_f32(m << 9);
    h = fnv1a64(h, &v, 4);
  }
  CHECK_MSG(h == want_table, "normal float32: the 2^23 outputs hash to %016llx, JAX's table to %016llx",
            (unsigned long long)h, (unsigned long long)want_table);
  /* the array path (a vectorised pass, then the draws with w >= 5 again) = the function above,
     on 2^20 draws, x64 off and on (the same float32 bits) */
  for (int x = 0; x < 2; x++) {
    jaxc_set_x64(x != 0);
    int64_t m = 1 << 20;
    jaxc_array *z = jaxc_random_normal(mkkey(0xface, (uint32_t)x), JAXC_F32, 1, &m), *b = jaxc_random_bits(mkkey(0xface, (uint32_t)x), JAXC_U32, 1, &m);
    long differ = 0, tails = 0;
    for (int64_t i = 0; z && b && i < m; i++) {
      float want = jaxc__rnd_normal_f32(((const uint32_t *)jaxc_array_data(b))[i]), got = ((const float *)jaxc_array_data(z))[i];
      differ += memcmp(&want, &got, 4) != 0;
      tails += fabsf(want) > 2.8f; /* about where w passes 5 */
    }
    CHECK_MSG(z && b && differ == 0 && tails > 1000, "normal float32 array path: %ld of 2^20 differ from jaxc__rnd_normal_f32 (%ld in the tails)", differ, tails);
    jaxc_array_free(z);
    jaxc_array_free(b);
  }
  int64_t n = 1 << 18;
  for (int wide = 0; wide < 2; wide++) {
    jaxc_set_x64(wide != 0);
    jaxc_array *z = jaxc_random_normal(jaxc_random_key(0), wide ? JAXC_F64 : JAXC_F32, 1, &n);
    uint64_t got = z ? fnv1a64(FNV_OFFSET, jaxc_array_data(z), (size_t)n * (wide ? 8 : 4)) : 0;
    CHECK_MSG(got == (wide ? want_f64 : want_f32), "normal(key(0), (2^18,), %s) hashes to %016llx, JAX's to %016llx",
              wide ? "float64" : "float32", (unsigned long long)got, (unsigned long long)(wide ? want_f64 : want_f32));
    jaxc_array_free(z);
  }
  jaxc_set_x64(false);
  check_table16(JAXC_F16, t16, 1024);
  check_table16(JAXC_BF16, tbf, 128);
  jaxc_set_x64(true);
}

int main(void) {
  test_kat();
  test_golden();
  test_seeds();
  test_legacy_values();
  test_randint();
  test_uniform_stats();
  test_normal();
  test_normal_golden();
  test_permutation();
  test_derived_ref();
  test_into();
  test_x32();
  test_threads();
  test_errors();
  return check_summary("test_random");
}
