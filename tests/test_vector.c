/* test_vector.c — the vectorised math of jaxc_kernels.h against the scalar functions it stands
   in for, and against independent references:
     - the hand-vectorised loops of >>vector (sqrt of float32 and float64, |z| of complex64 and
       complex128, floor, ceil, trunc and rint): bit for bit, NaN payloads included, on special
       values (zeros, subnormals, the scaling thresholds of |z|, the largest finite values,
       infinities, NaNs with payloads, negative numbers for sqrt) in every pairing, and on
       random bit patterns; at every start offset 0..3 and every length through three vectors
       and a tail, with a guard element after the output that must stay untouched; through the
       typed array kernel on an array large enough to go parallel in blocks; and
       independently: |z| within an ulp of long double hypotl, sqrt of float32 equal to the
       long double square root rounded once, rounding equal to C's nearbyint/floor/ceil/trunc;
     - the float32 functions of >>float math, plain C the compiler vectorises (exp, log, tanh,
       log1p, expm1, sin, cos, tan, arcsin, arccos, arctan, sinh, cosh, arcsinh, arccosh,
       arctanh, cbrt): the array kernels against the scalar functions bit for
       bit, and both against long double on a sweep of float32 bit patterns (every 4093rd, with
       the specials): correctly rounded (tools/exhaustive.c runs all 2^32 inputs; the few it
       finds not correctly rounded, by under 0.50001 ulp, none in this sweep, are checked by
       name here);
     - the two-input ones (logaddexp with its long double redo, arctan2, power) on 300 k pairs
       through all four kernels, against long double, C's special values exactly;
     - float64 exp, log, expm1, log1p, sin, cos, tan, tanh, arcsin and arccos (exact sums of
       their leading terms) on 2 M inputs each against long double; float64's vectorisable
       square root (i0's) against C's on 3 M inputs, a third next to squares of midpoints;
       float32 and float64 fmod, remainder and floor_divide (exact near code) against C's
       fmodf and fmod (and round) on 2 M pairs each.
   make test builds this file twice: for this machine (-march=native: AVX-512 here) and for
   x86-64-v3 (AVX2 + FMA), so both widths of the vocabulary run. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "testlib.h"

enum { NPAIRS = 6000, BIG = 3 * (1 << 17) + 5, MAXLEN = 3 * 16 + 7 };
static size_t n_compared;

/* "same" = the same bits (the scalar and vector paths run the same IEEE operations), or both
   NaN: IEEE 754 leaves a NaN result's sign and payload to the implementation, and compilers use
   that freedom (gcc folds |x| * |x| to x * x, which keeps a NaN's sign). */
static bool same_f(float a, float b) { return f2u(a) == f2u(b) || (isnan(a) && isnan(b)); }

static bool same_d(double a, double b) { return d2u(a) == d2u(b) || (isnan(a) && isnan(b)); }
static bool same_c64(jaxc_c64 a, jaxc_c64 b) {
  return same_f(jaxc__re_jaxc_c64(a), jaxc__re_jaxc_c64(b)) && same_f(jaxc__im_jaxc_c64(a), jaxc__im_jaxc_c64(b));
}
static bool same_c128(jaxc_c128 a, jaxc_c128 b) {
  return same_d(jaxc__re_jaxc_c128(a), jaxc__re_jaxc_c128(b)) && same_d(jaxc__im_jaxc_c128(a), jaxc__im_jaxc_c128(b));
}

static const float f_special[] = {0.0f, -0.0f, 0x1p-149f, -0x1p-149f, 0x1.fffffcp-127f, 0x1p-126f, 0.5f, 1.0f,
                                  -1.0f, 3.0f, 4.0f, 0x1p63f, FLT_MAX, -FLT_MAX, INFINITY, -INFINITY, NAN, -NAN};
static const double d_special[] = {0.0, -0.0, 0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1p-700, 0x1p-600, 0x1.fffffffffffffp-501,
                                   0x1p-500, 0x1.0000000000001p-500, 0.5, 1.0, -1.0, 3.0, 4.0, 0x1.fffffffffffffp499,
                                   0x1p500, 0x1.0000000000001p500, 0x1p600, 0x1p1023, DBL_MAX, -DBL_MAX, INFINITY,
                                   -INFINITY, NAN, -NAN};
#define NF (sizeof f_special / sizeof *f_special)
#define ND (sizeof d_special / sizeof *d_special)

/* Inputs: every pairing of the specials, then random bit patterns (and, one in four, random
   values of ordinary size, so the random part is not all huge or NaN). */
static float f_input(size_t i) {
  if (i < NF) return f_special[i];
  float v = u2f((uint32_t)next_u64());
  return (next_u64() & 3) ? v : (float)((double)(int32_t)next_u64() * 0x1p-20);
}
static double d_input(size_t i) {
  if (i < ND) return d_special[i];
  double v = u2d(next_u64());
  return (next_u64() & 3) ? v : (double)(int64_t)next_u64() * 0x1p-40;
}
static void fill_c64(float *p, size_t n) { /* p holds n complex values (2n floats) */
  for (size_t i = 0; i < n; i++) {
    p[2 * i] = i < NF * NF ? f_special[i / NF] : f_input(NF + i);
    p[2 * i + 1] = i < NF * NF ? f_special[i % NF] : f_input(NF + i);
  }
}
static void fill_c128(double *p, size_t n) {
  for (size_t i = 0; i < n; i++) {
    p[2 * i] = i < ND * ND ? d_special[i / ND] : d_input(ND + i);
    p[2 * i + 1] = i < ND * ND ? d_special[i % ND] : d_input(ND + i);
  }
}

/* The dispatch kernel K at every offset and length (and on the whole input) against the scalar
   function S, element by element; the element after the output must keep its guard value. */
#define CHECK_KERNEL(name, K, S, IT, OT, SAME, in, n)                                             \
  do {                                                                                            \
    OT *out = malloc(((n) + 1) * sizeof(OT));                                                     \
    for (size_t off = 0; off < 4; off++)                                                          \
      for (size_t len = 0; len <= MAXLEN + 1; len++) {                                            \
        size_t m = len == MAXLEN + 1 ? (n) - off : len;                                           \
        memset(out, 0x5A, (m + 1) * sizeof(OT));                                                  \
        OT guard = out[m];                                                                        \
        K(m, (const IT *)(in) + off, out);                                                        \
        for (size_t i = 0; i < m; i++)                                                            \
          CHECK_MSG(SAME(out[i], S(((const IT *)(in))[off + i])),                                 \
                    "%s: element %zu of %zu (offset %zu) differs from the scalar function", name, i, m, off); \
        n_compared += m;                                                                          \
        CHECK_MSG(SAME(out[m], guard), "%s: the element after %zu results was written", name, m); \
      }                                                                                           \
    free(out);                                                                                    \
  } while (0)

/* The typed array kernel on BIG elements (parallel blocks above JAXC_PAR_BYTES). */
#define CHECK_TYPED(name, K, S, IT, OT, SAME, in)                                                 \
  do {                                                                                            \
    OT *out = malloc(BIG * sizeof(OT));                                                           \
    K(BIG, (const IT *)(in), out);                                                                \
    for (size_t i = 0; i < BIG; i++)                                                              \
      CHECK_MSG(SAME(out[i], S(((const IT *)(in))[i])), "%s (typed kernel): element %zu differs", name, i); \
    n_compared += BIG;                                                                            \
    free(out);                                                                                    \
  } while (0)

/* |z| against hypotl (Annex G: infinite when a part is, even with a NaN), over all inputs */
static void check_abs_reference(const float *c64, const double *c128, size_t n) {
  jaxc_set_x64(true);
  int64_t shape = (int64_t)n;
  jaxc_array *a = jaxc_array_from_data(JAXC_C64, 1, &shape, c64), *b = jaxc_array_from_data(JAXC_C128, 1, &shape, c128);
  jaxc_array *ra = jaxc_unary(JAXC_OP_ABS, a), *rb = jaxc_unary(JAXC_OP_ABS, b);
  CHECK(ra && rb && jaxc_array_dtype(ra) == JAXC_F32 && jaxc_array_dtype(rb) == JAXC_F64);
  if (ra && rb) {
    const float *fa = jaxc_array_data(ra);
    const double *fb = jaxc_array_data(rb);
    double worst_f = 0, worst_d = 0;
    for (size_t i = 0; i < n; i++) {
      double ef = ulps_f(fa[i], hypotl(c64[2 * i], c64[2 * i + 1]));
      double ed = ulps_d(fb[i], hypotl(c128[2 * i], c128[2 * i + 1]));
      worst_f = ef > worst_f ? ef : worst_f;
      worst_d = ed > worst_d ? ed : worst_d;
    }
    CHECK_MSG(worst_f <= 0.5 + 1e-6, "abs c64: %.4f ulp from hypotl", worst_f);
    CHECK_MSG(worst_d <= 1.0, "abs c128: %.4f ulp from hypotl", worst_d);
    printf("  abs through the array API vs hypotl: c64 %.3f ulp, c128 %.3f ulp at most\n", worst_f, worst_d);
  }
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(ra), jaxc_array_free(rb);
}

/* The float32 functions of >>float math over every 4093rd bit pattern (a million, every
   exponent) and the specials; make exhaustive runs all 2^32 */
static void check_float_math(void) {
  size_t n = 0, cap = (size_t)(0x100000000ull / 4093) + NF + 1;
  float *x = malloc(cap * sizeof *x), *out = malloc(cap * sizeof *out);
  if (!x || !out) { CHECK(0); free(x); free(out); return; }
  for (size_t i = 0; i < NF; i++) x[n++] = f_special[i];
  for (uint64_t u = 0; u < 0x100000000ull; u += 4093) x[n++] = u2f((uint32_t)u);
  static const struct { const char *name; void (*kernel)(size_t, const float *, float *); float (*scalar)(float); long double (*ref)(long double); } fns[] = {
      {"exp", jaxc_kernel_exp_f32, jaxc_scalar_exp_f32, expl},
      {"log", jaxc_kernel_log_f32, jaxc_scalar_log_f32, logl},
      {"tanh", jaxc_kernel_tanh_f32, jaxc_scalar_tanh_f32, tanhl},
      {"log1p", jaxc_kernel_log1p_f32, jaxc_scalar_log1p_f32, log1pl},
      {"expm1", jaxc_kernel_expm1_f32, jaxc_scalar_expm1_f32, expm1l},
      {"sin", jaxc_kernel_sin_f32, jaxc_scalar_sin_f32, sinl},
      {"cos", jaxc_kernel_cos_f32, jaxc_scalar_cos_f32, cosl},
      {"tan", jaxc_kernel_tan_f32, jaxc_scalar_tan_f32, tanl},
      {"arcsin", jaxc_kernel_arcsin_f32, jaxc_scalar_arcsin_f32, asinl},
      {"arccos", jaxc_kernel_arccos_f32, jaxc_scalar_arccos_f32, acosl},
      {"arctan", jaxc_kernel_arctan_f32, jaxc_scalar_arctan_f32, atanl},
      {"sinh", jaxc_kernel_sinh_f32, jaxc_scalar_sinh_f32, sinhl},
      {"cosh", jaxc_kernel_cosh_f32, jaxc_scalar_cosh_f32, coshl},
      {"arcsinh", jaxc_kernel_arcsinh_f32, jaxc_scalar_arcsinh_f32, asinhl},
      {"arccosh", jaxc_kernel_arccosh_f32, jaxc_scalar_arccosh_f32, acoshl},
      {"arctanh", jaxc_kernel_arctanh_f32, jaxc_scalar_arctanh_f32, atanhl},
      {"cbrt", jaxc_kernel_cbrt_f32, jaxc_scalar_cbrt_f32, cbrtl}};
  for (size_t f = 0; f < sizeof fns / sizeof *fns; f++) {
    fns[f].kernel(n, x, out);
    double worst = 0;
    long off = 0;
    for (size_t i = 0; i < n; i++) {
      CHECK_MSG(same_f(out[i], fns[f].scalar(x[i])), "%s(%a): the kernel and the scalar function differ", fns[f].name, x[i]);
      double e = ulps_f(out[i], fns[f].ref(x[i]));
      worst = e > worst ? e : worst;
      off += e > 0.5;
      CHECK_MSG(e <= 0.501, "%s(%a) = %a: %.4f ulp from long double", fns[f].name, x[i], out[i], e);
      CHECK_MSG(isnan(out[i]) || signbit(out[i]) == signbit((float)fns[f].ref(x[i])), "%s(%a): wrong sign", fns[f].name, x[i]);
    }
    CHECK_MSG(off == 0, "%s: %ld results not correctly rounded", fns[f].name, off);
    n_compared += n;
    printf("  %s f32 on %zu patterns: %.4f ulp at most, %ld not correctly rounded\n", fns[f].name, n, worst, off);
  }
  /* the inputs the exhaustive run found not correctly rounded (within 2^-53 of a midpoint):
     off by a hair, no more */
  static const float hard_log[] = {0x1.bacb4ap+25f, 0x1.b121a6p+76f, 0x1.6351d8p+95f};
  static const float hard_log1p[] = {0x1.200036p-17f, 0x1.fb035ap-2f, 0x1.b121a6p+76f, 0x1.6351d8p+95f,
                                     -0x1.1fffcap-17f, -0x1.1d9188p-9f, -0x1.333e56p-2f};
  static const float hard_sin[] = {0x1.33333p+13f, -0x1.33333p+13f};
  static const float hard_arccos[] = {0x1.110b46p-26f, 0x1.04c444p-12f}, hard_sinh[] = {0x1.250bfep-11f, -0x1.250bfep-11f};
  static const float hard_arcsinh[] = {0x1.bacb4ap+24f,  0x1.b121a6p+75f,  0x1.6351d8p+94f,
                                       -0x1.bacb4ap+24f, -0x1.b121a6p+75f, -0x1.6351d8p+94f};
  static const float hard_arccosh[] = {0x1.0e03b8p+0f, 0x1.5f6d26p+6f, 0x1.b121a6p+75f, 0x1.6351d8p+94f};
  static const float hard_arctanh[] = {0x1.713744p-12f, 0x1.ac6fd6p-10f, -0x1.713744p-12f, -0x1.ac6fd6p-10f};
  static const struct { const char *name; float (*f)(float); long double (*ref)(long double); const float *x; size_t n; } hard[] = {
#define HARD(name, fn, ref) {#name, fn, ref, hard_##name, sizeof hard_##name / sizeof *hard_##name}
      HARD(log, jaxc_scalar_log_f32, logl),         HARD(log1p, jaxc_scalar_log1p_f32, log1pl),
      HARD(sin, jaxc_scalar_sin_f32, sinl),         HARD(arccos, jaxc_scalar_arccos_f32, acosl),
      HARD(sinh, jaxc_scalar_sinh_f32, sinhl),      HARD(arcsinh, jaxc_scalar_arcsinh_f32, asinhl),
      HARD(arccosh, jaxc_scalar_arccosh_f32, acoshl), HARD(arctanh, jaxc_scalar_arctanh_f32, atanhl)};
#undef HARD
  for (size_t h = 0; h < sizeof hard / sizeof *hard; h++)
    for (size_t i = 0; i < hard[h].n; i++) {
      double e = ulps_f(hard[h].f(hard[h].x[i]), hard[h].ref(hard[h].x[i]));
      CHECK_MSG(e > 0.5 && e < 0.50001, "%s(%a): %.6f ulp", hard[h].name, hard[h].x[i], e);
    }
  /* cos's, beyond 2^24, come from the C library's double cos: under 0.50001 ulp (no claim that
     it misses, which is the C library's business) */
  static const float hard_cos[] = {0x1.3170fp+63f, 0x1.2b9622p+67f, -0x1.3170fp+63f, -0x1.2b9622p+67f};
  for (size_t i = 0; i < sizeof hard_cos / sizeof *hard_cos; i++) {
    double e = ulps_f(jaxc_scalar_cos_f32(hard_cos[i]), cosl(hard_cos[i]));
    CHECK_MSG(e < 0.50001, "cos(%a): %.6f ulp", hard_cos[i], e);
  }
  free(x);
  free(out);
}

/* floor, ceil, trunc and rint of float32/float64: the kernels (the >>vector loops where the
   build has them) against the scalar functions, and those against C's floor, ceil, trunc and
   nearbyint (the default rounding mode rounds to nearest even) */
static float nearbyint_f(float x) { return nearbyintf(x); }
static double nearbyint_d(double x) { return nearbyint(x); }
static float floor_f(float x) { return floorf(x); }
static double floor_d(double x) { return floor(x); }
static float ceil_f(float x) { return ceilf(x); }
static double ceil_d(double x) { return ceil(x); }
static float trunc_f(float x) { return truncf(x); }
static double trunc_d(double x) { return trunc(x); }
static void check_rounding(const float *f32, const double *f64, size_t n) {
  CHECK_KERNEL("rint f32", jaxc__k_rint_F32, jaxc_scalar_rint_f32, float, float, same_f, f32, n);
  CHECK_KERNEL("rint f64", jaxc__k_rint_F64, jaxc_scalar_rint_f64, double, double, same_d, f64, n);
  CHECK_KERNEL("round f32", jaxc__k_round_F32, jaxc_scalar_round_f32, float, float, same_f, f32, n);
  CHECK_KERNEL("floor f32", jaxc__k_floor_F32, jaxc_scalar_floor_f32, float, float, same_f, f32, n);
  CHECK_KERNEL("floor f64", jaxc__k_floor_F64, jaxc_scalar_floor_f64, double, double, same_d, f64, n);
  CHECK_KERNEL("ceil f32", jaxc__k_ceil_F32, jaxc_scalar_ceil_f32, float, float, same_f, f32, n);
  CHECK_KERNEL("ceil f64", jaxc__k_ceil_F64, jaxc_scalar_ceil_f64, double, double, same_d, f64, n);
  CHECK_KERNEL("trunc f32", jaxc__k_trunc_F32, jaxc_scalar_trunc_f32, float, float, same_f, f32, n);
  CHECK_KERNEL("trunc f64", jaxc__k_trunc_F64, jaxc_scalar_trunc_f64, double, double, same_d, f64, n);
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    float x = f32[i];
    double y = f64[i];
    bad += !same_f(jaxc_scalar_rint_f32(x), nearbyint_f(x)) || !same_f(jaxc_scalar_floor_f32(x), floor_f(x)) ||
           !same_f(jaxc_scalar_ceil_f32(x), ceil_f(x)) || !same_d(jaxc_scalar_rint_f64(y), nearbyint_d(y)) ||
           !same_d(jaxc_scalar_floor_f64(y), floor_d(y)) || !same_d(jaxc_scalar_ceil_f64(y), ceil_d(y)) ||
           !same_f(jaxc_scalar_trunc_f32(x), trunc_f(x)) || !same_d(jaxc_scalar_trunc_f64(y), trunc_d(y));
  }
  CHECK_MSG(bad == 0, "rounding: %zu inputs differ from C's nearbyint/floor/ceil/trunc", bad);
  /* ties go to even, and the sign of a zero result stays */
  CHECK(jaxc_scalar_rint_f32(2.5f) == 2.0f && jaxc_scalar_rint_f32(3.5f) == 4.0f && jaxc_scalar_rint_f64(-0.5) == 0.0);
  CHECK(signbit(jaxc_scalar_rint_f64(-0.5)) && signbit(jaxc_scalar_rint_f32(-0.4f)) && signbit(jaxc_scalar_ceil_f32(-0.5f)) &&
        signbit(jaxc_scalar_trunc_f32(-0.5f)) && signbit(jaxc_scalar_trunc_f64(-0.75)));
}

/* A binary op's four kernels (vv, sv, vs: one operand broadcast, and the typed kernel) against
   its scalar function; o holds the vv results on return. One for float32, one for float64. The
   broadcast kernels run over the first 20000 elements (dozens of redo blocks) for 97 broadcast
   values from the whole input: over all n they cost the sanitized builds 40 s and found nothing
   more. */
typedef void (*bin_kernel)(size_t, const void *, const void *, void *);
#define CHECK_BINARY_KERNELS(NAME, T, SAME, CODE)                                                  \
  static void NAME(const char *name, bin_kernel vv, bin_kernel sv, bin_kernel vs,                    \
                   void (*typed)(size_t, const T *, const T *, T *), T (*scalar)(T, T), const T *a,  \
                   const T *b, T *o, size_t n) {                                                     \
    T *o2 = malloc(n * sizeof *o2);                                                                  \
    if (!o2) { CHECK(0); return; }                                                                   \
    long diff = 0;                                                                                   \
    vv(n, a, b, o);                                                                                  \
    for (size_t i = 0; i < n; i++) diff += !SAME(o[i], scalar(a[i], b[i]));                          \
    size_t m = n < 20000 ? n : 20000;                                                                \
    for (size_t j = 0; j < n; j += n / 97) {                                                         \
      sv(m, &a[j], b, o2);                                                                           \
      for (size_t i = 0; i < m; i += 7) diff += !SAME(o2[i], scalar(a[j], b[i]));                   \
      vs(m, a, &b[j], o2);                                                                           \
      for (size_t i = 0; i < m; i += 7) diff += !SAME(o2[i], scalar(a[i], b[j]));                   \
    }                                                                                                \
    typed(n, a, b, o2);                                                                              \
    for (size_t i = 0; i < n; i++) diff += !SAME(o2[i], o[i]);                                       \
    CHECK_MSG(diff == 0, "%s " CODE ": %ld kernel results differ from the scalar function", name, diff); \
    n_compared += 2 * n;                                                                             \
    free(o2);                                                                                        \
  }
CHECK_BINARY_KERNELS(check_binary_kernels, float, same_f, "f32")
CHECK_BINARY_KERNELS(check_binary_kernels_f64, double, same_d, "f64")
/* Pairs: the specials paired, then values of ordinary size and random bit patterns in turn;
   `special` pairs from index lo on (the caller's). */
static void fill_pairs(float *a, float *b, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i < NF * NF) a[i] = f_special[i / NF], b[i] = f_special[i % NF];
    else if (i & 1) a[i] = (float)((double)(int32_t)next_u64() * 0x1p-26), b[i] = (float)((double)(int32_t)next_u64() * 0x1p-26);
    else a[i] = u2f((uint32_t)next_u64()), b[i] = u2f((uint32_t)next_u64());
  }
}

/* logaddexp of float32: the near code in double and its long double redo where the sum cancels.
   Inputs: the pairs above, and pairs whose result is near 0 (e^a + e^b near 1: the redo). The
   results are correctly rounded against amax + log1p(e^-|a - b|) in long double, and those near
   0 within an ulp of log(e^a + e^b) in long double, or within 2^-60 of it: long double resolves
   the sum near 1 to 2^-64, and that absolute error is all either computation can promise. */
static long double logaddexp_ref(float a, float b) {
  long double m = a > b ? a : b;
  if (isnan(a) || isnan(b)) return NAN;
  if (isinf(m) || (isinf(a) && isinf(b))) return m; /* inf, or -inf for two -infs */
  return m + log1pl(expl(-fabsl((long double)a - b)));
}
static void check_logaddexp(void) {
  enum { N = 300000, NCANCEL = 60000 };
  float *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *o = malloc(N * sizeof *o);
  if (!a || !b || !o) { CHECK(0); free(a), free(b), free(o); return; }
  fill_pairs(a, b, N);
  for (size_t i = NF * NF; i < NF * NF + NCANCEL; i++) { /* b ~ log(1 - e^a), a few ulps either way */
    a[i] = -(float)((double)(next_u64() >> 11) * 0x1p-53 * 0.75);
    b[i] = u2f(f2u((float)log(-expm1((double)a[i]))) + (uint32_t)(next_u64() % 5) - 2u);
  }
  check_binary_kernels("logaddexp", jaxc__k_logaddexp_F32_vv, jaxc__k_logaddexp_F32_sv, jaxc__k_logaddexp_F32_vs,
                       jaxc_kernel_logaddexp_f32_f32, jaxc_scalar_logaddexp_f32_f32, a, b, o, N);
  long off = 0, cancel_off = 0;
  double worst = 0, worst_cancel = 0;
  for (size_t i = 0; i < N; i++) {
    bool cancel = i >= NF * NF && i < NF * NF + NCANCEL;
    /* near 0, log(e^a + e^b) (no cancellation in the sum of positive terms) */
    long double ref = cancel ? logl(expl(a[i]) + expl(b[i])) : logaddexp_ref(a[i], b[i]);
    double e = ulps_f(o[i], ref);
    if (cancel) {
      bool tiny = fabsl(o[i] - ref) <= 0x1p-60L; /* below what long double resolves near 1 */
      worst_cancel = e > worst_cancel && !tiny ? e : worst_cancel;
      cancel_off += e > 0.5;
    } else {
      worst = e > worst ? e : worst;
      off += e > 0.5;
      CHECK_MSG(e <= 0.501, "logaddexp(%a, %a) = %a: %.4f ulp", a[i], b[i], o[i], e);
    }
  }
  CHECK_MSG(off == 0, "logaddexp f32: %ld results not correctly rounded", off);
  CHECK_MSG(worst_cancel <= 1.0, "logaddexp f32 near 0: %.4f ulp", worst_cancel);
  printf("  logaddexp f32 on %d pairs: %.4f ulp at most (%ld not correctly rounded); %d pairs near 0: %.4f ulp "
         "(or 2^-60) at most (%ld not correctly rounded)\n",
         N - NCANCEL, worst, off, NCANCEL, worst_cancel, cancel_off);
  free(a), free(b), free(o);
}

/* arctan2 and power of float32 in double, through all four kernels, against long double:
   arctan2 correctly rounded, C's special values exactly (every pairing of the specials is
   among the pairs); power within 0.50001 ulp (the hard cases, such as (2^24 - 1)^1.5 or
   FLT_MAX^0.5, a hair from a midpoint, are off by a hair), exact where the result is (C's
   special values among the specials' pairings, 3^4, 4^0.5, inf, 0, NaN) */
typedef struct {
  const char *name;
  bin_kernel vv, sv, vs;
  void (*typed)(size_t, const float *, const float *, float *);
  float (*scalar)(float, float);
  long double (*ref)(long double, long double);
  double tol;                           /* ulps from ref */
  bool all_cr;                          /* every result correctly rounded */
  void (*more_pairs)(float *, float *); /* inputs of its own beyond fill_pairs' (or NULL) */
  bool (*exact)(size_t i, long double ref);
} bin_math;
enum { NBIN = 300000 };
static void power_pairs(float *a, float *b) { /* bases near 1 and ordinary exponents, integers too */
  for (size_t i = NF * NF; i < NBIN; i += 3) {
    a[i] = (float)((double)(next_u64() >> 11) * 0x1p-53 * 4);
    b[i] = (i & 4) ? (float)(int32_t)(next_u64() % 81) - 40 : (float)((double)(int32_t)next_u64() * 0x1p-26);
    if (i & 8) a[i] = -a[i];
  }
}
static bool specials_exact(size_t i, long double ref) { (void)ref; return i < NF * NF; }
static bool exact_results(size_t i, long double ref) { (void)i; return isnan(ref) || isinf(ref) || ref == (float)ref; }
static void check_bin_math(const bin_math *f) {
  float *a = malloc(NBIN * sizeof *a), *b = malloc(NBIN * sizeof *b), *o = malloc(NBIN * sizeof *o);
  if (!a || !b || !o) { CHECK(0); free(a), free(b), free(o); return; }
  fill_pairs(a, b, NBIN);
  if (f->more_pairs) f->more_pairs(a, b);
  check_binary_kernels(f->name, f->vv, f->sv, f->vs, f->typed, f->scalar, a, b, o, NBIN);
  long off = 0;
  double worst = 0;
  for (size_t i = 0; i < NBIN; i++) {
    long double ref = f->ref(a[i], b[i]);
    double e = ulps_f(o[i], ref);
    worst = e > worst ? e : worst;
    off += e > 0.5;
    CHECK_MSG(e <= f->tol, "%s(%a, %a) = %a: %.6f ulp", f->name, a[i], b[i], o[i], e);
    if (f->exact(i, ref)) CHECK_MSG(same_f(o[i], (float)ref), "%s(%a, %a) = %a, want %a", f->name, a[i], b[i], o[i], (float)ref);
  }
  if (f->all_cr) CHECK_MSG(off == 0, "%s f32: %ld results not correctly rounded", f->name, off);
  printf("  %s f32 on %d pairs: %.6f ulp at most, %ld not correctly rounded\n", f->name, NBIN, worst, off);
  free(a), free(b), free(o);
}
/* The float64 near code is compiled where it vectorises (JAXC__F64_NEAR); elsewhere the functions
   are the C library's, whose accuracy the tolerances below do not bound. */
#if defined(__AVX2__) || defined(__AVX512F__)
#  define F64_NEAR_BUILD 1
#else
#  define F64_NEAR_BUILD 0
#endif
/* float64 logaddexp, arctan2 and power: the near code in double (exact sums) and the full function
   where it defers (NaN marks those): logaddexp's long double formula where the sum cancels (the
   result nearer 0 than L/2), where a - b is NaN, and far apart near 0; the C library's atan2 for
   zeros, infinities, NaN and extreme ratios, and its pow for all but normal x (x < 0: integer y),
   finite y and normal results. Inputs: every pairing of the specials, then each op's
   pairs. Where the near code keeps a result, within tol of long double; where it defers, the
   full function's result bit for bit; the kernels (vv, sv, vs, typed) equal the scalar function. */
static long double logaddexp_ref_d(double a, double b) {
  long double m = a > b ? a : b;
  if (isnan(a) || isnan(b)) return NAN;
  if (isinf(m) || (isinf(a) && isinf(b))) return m;
  return m + log1pl(expl(-fabsl((long double)a - b)));
}
/* ordinary values, random bits, results near 0, pairs far apart, pairs near each other, and
   a ~ e^b (where a - b is inexact and the result is about a + e^b) */
static double logaddexp_pair_input(size_t i, double *b) {
  double u = (double)(next_u64() >> 11) * 0x1p-53, a;
  switch (i % 6) {
  case 0: a = (u - 0.5) * 40, *b = a + ((double)(next_u64() >> 11) * 0x1p-53 - 0.5) * 60; return a;
  case 1: *b = u2d(next_u64()); return u2d(next_u64());
  case 2: a = -u * 0.75, *b = (double)logl(-expm1l(a)) * (1 + ((double)(next_u64() % 9) - 4) * 0x1p-40); return a;
  case 3: a = (u - 0.5) * ldexp(1.0, -(int)(next_u64() % 1000)), *b = a - 690 - (double)(next_u64() % 30); return a;
  case 4: a = (u - 0.5) * 4, *b = a + (u - 0.5) * ldexp(1.0, -(int)(next_u64() % 60)); return a;
  default: *b = -1 - u * 699, a = exp(*b) * (0.25 + (double)(next_u64() >> 11) * 0x1p-52); return a;
  }
}
/* arctan2(y, x): ordinary values, random bits, near the diagonals (c = 1 and the quadrant
   edges), near the axes, ratios near each c = j/4 and its thresholds, and extreme magnitudes */
static double arctan2_pair_input(size_t i, double *x) {
  double u = (double)(next_u64() >> 11) * 0x1p-53, v = (double)(next_u64() >> 11) * 0x1p-53;
  double sy = (next_u64() & 1) ? 1 : -1;
  switch (i % 6) {
  case 0: *x = (v - 0.5) * 20; return (u - 0.5) * 20;
  case 1: *x = u2d(next_u64()); return u2d(next_u64());
  case 2: *x = (v - 0.5) * 6; return sy * *x * (1 + (u - 0.5) * ldexp(1.0, -(int)(next_u64() % 50)));
  case 3: *x = (v - 0.5) * 6; return sy * (u - 0.5) * ldexp(1.0, -(int)(next_u64() % 80));
  case 4: *x = (v - 0.5) * 6; return sy * *x * (0.125 * (double)(next_u64() % 9) + (u - 0.5) * 0x1p-20);
  default: *x = (v - 0.5) * ldexp(1.0, (int)(next_u64() % 2040) - 1020); return (u - 0.5) * ldexp(1.0, (int)(next_u64() % 2040) - 1020);
  }
}
/* power(x, y): ordinary values, random bits, negative x with integer y, x near 1 with large y,
   results near the ends of the normal range, and exact results (small integers and powers of 2
   to small integer powers: within 0.5 ulp and a hair means exact) */
static double power_pair_input(size_t i, double *y) {
  double u = (double)(next_u64() >> 11) * 0x1p-53, v = (double)(next_u64() >> 11) * 0x1p-53;
  switch (i % 6) {
  case 0: *y = (v * 2 - 1) * 20; return u * 10;
  case 1: *y = u2d(next_u64()); return u2d(next_u64());
  case 2: *y = (double)((int)(next_u64() % 61) - 30); return -u * 10;
  case 3: *y = (v * 2 - 1) * 1e8; return 1 + (u - 0.5) * 1e-6;
  case 4: *y = 1 + (v - 0.5) * 0.01; return exp((u * 2 - 1) * 700);
  default: *y = (double)(next_u64() % 12); return ldexp((double)(next_u64() % 20) - 10, (int)(next_u64() % 40) - 20);
  }
}
static long double powl_ref(double x, double y) { return powl(x, y); }
static double pow_d(double x, double y) { return pow(x, y); }
static long double atan2l_ref(double y, double x) { return atan2l(y, x); }
static double atan2_d(double y, double x) { return atan2(y, x); }
typedef struct {
  const char *name;
  bin_kernel vv, sv, vs;
  void (*typed)(size_t, const double *, const double *, double *);
  double (*scalar)(double, double), (*near)(double, double), (*full)(double, double);
  long double (*ref)(double, double);
  double (*input)(size_t, double *); /* returns the first operand, writes the second */
  double tol;                        /* ulps, where the near code keeps its result */
  long defer_min, defer_max;         /* per million pairs */
} bin64_fn;
static void check_bin64(const bin64_fn *f) {
  enum { N = 1000000 };
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b), *o = malloc(N * sizeof *o);
  if (!a || !b || !o) { CHECK(0); free(a), free(b), free(o); return; }
  for (size_t i = 0; i < N; i++) {
    if (i < ND * ND) a[i] = d_special[i / ND], b[i] = d_special[i % ND];
    else a[i] = f->input(i, &b[i]);
  }
  check_binary_kernels_f64(f->name, f->vv, f->sv, f->vs, f->typed, f->scalar, a, b, o, N);
  long off = 0, deferred = 0, off_full = 0;
  double worst = 0, worst_full = 0;
  for (size_t i = 0; i < N; i++) {
    if (isnan(f->near(a[i], b[i]))) {
      deferred++;
      CHECK_MSG(same_d(o[i], f->full(a[i], b[i])), "%s(%a, %a) = %a: not the full function's", f->name, a[i], b[i], o[i]);
      continue;
    }
    long double ref = f->ref(a[i], b[i]);
    double e = ulps_d(o[i], ref), ef = ulps_d(f->full(a[i], b[i]), ref);
    worst = e > worst ? e : worst;
    worst_full = ef > worst_full ? ef : worst_full;
    off += e > 0.5, off_full += ef > 0.5;
    CHECK_MSG(!F64_NEAR_BUILD || e <= f->tol, "%s(%a, %a) = %a: %.4f ulp", f->name, a[i], b[i], o[i], e);
  }
  CHECK_MSG(!F64_NEAR_BUILD || (deferred >= f->defer_min && deferred <= f->defer_max), "%s f64: %ld of %d deferred",
            f->name, deferred, N);
  printf("  %s f64 on %d pairs: %.4f ulp at most, %ld not correctly rounded (the full function: %.4f, %ld); %ld deferred "
         "to it\n", f->name, N, worst, off, worst_full, off_full, deferred);
  free(a), free(b), free(o);
}
/* The float64 logaddexp fallback where the sum cancels (a near log(1 - e^b)): the result is
   near 0 and its ulps are no measure; what counts is the absolute error against L = log1p(e^-|a - b|),
   the size of the terms that cancel. Reference: amax + L in long double with a - b carried in two
   parts (2Sum in long double) and L corrected for the second part to first order, so within about
   2^-63 of L. JAX's plain double formula misses by up to 2^-53 of L. */
static long double logaddexp_ref_cancel(double a, double b) {
  long double A = a, B = -(long double)b, d = A + B, bb = d - A, d_lo = (A - (d - bb)) + (B - bb);
  if (d < 0) d = -d, d_lo = -d_lo;
  long double y = expl(-d);
  return (a > b ? a : b) + (log1pl(y) - y / (1 + y) * d_lo);
}
static void check_logaddexp_cancelling(void) {
  enum { N = 200000 };
  double worst = 0, worst_plain = 0;
  for (int i = 0; i < N; i++) {
    double u = (double)(next_u64() >> 11) * 0x1p-53, a = -ldexp(u, -(int)(next_u64() % 30)) * 3;
    double b = (double)logl(-expm1l(a)) * (1 + ((double)(next_u64() % 9) - 4) * 0x1p-52);
    if (next_u64() & 1) { double t = a; a = b; b = t; }
    long double ref = logaddexp_ref_cancel(a, b), L = log1pl(expl(-fabsl((long double)a - b)));
    double got = jaxc__logaddexp_d(a, b), plain = (a > b ? a : b) + log1p(exp(-fabs(a - b)));
    double e = (double)(fabsl(got - ref) / L), ep = (double)(fabsl(plain - ref) / L);
    worst = e > worst ? e : worst;
    worst_plain = ep > worst_plain ? ep : worst_plain;
    CHECK_MSG(e <= 0x1p-58 || ulps_d(got, ref) <= 1.0, "logaddexp(%a, %a) = %a: %g of L off", a, b, got, e);
  }
  printf("  logaddexp f64 where the sum cancels, %d pairs: within 2^%.1f of L (the plain double formula: 2^%.1f)\n", N,
         log2(worst), log2(worst_plain));
}
static void check_bin64_math(void) {
  static const bin64_fn fns[] = {
      /* logaddexp defers the results near 0 (a sixth of the pairs) */
      {"logaddexp", jaxc__k_logaddexp_F64_vv, jaxc__k_logaddexp_F64_sv, jaxc__k_logaddexp_F64_vs,
       jaxc_kernel_logaddexp_f64_f64, jaxc_scalar_logaddexp_f64_f64, jaxc__near_logaddexp_double, jaxc__logaddexp_d,
       logaddexp_ref_d, logaddexp_pair_input, 0.505, 100000, 300000},
      /* arctan2 defers little beyond the specials and the extreme random bits */
      {"arctan2", jaxc__k_arctan2_F64_vv, jaxc__k_arctan2_F64_sv, jaxc__k_arctan2_F64_vs, jaxc_kernel_arctan2_f64_f64,
       jaxc_scalar_arctan2_f64_f64, jaxc__near_arctan2_double, atan2_d, atan2l_ref, arctan2_pair_input, 0.52, 1000, 100000},
      /* power defers most random bits, and x < 0 with y not an integer (NaN) */
      {"power", jaxc__k_power_F64_vv, jaxc__k_power_F64_sv, jaxc__k_power_F64_vs, jaxc_kernel_power_f64_f64,
       jaxc_scalar_power_f64_f64, jaxc__near_pow_double, pow_d, powl_ref, power_pair_input, 0.515, 100000, 300000}};
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++) check_bin64(&fns[i]);
}
static void check_arctan2_power(void) {
  static const bin_math fns[] = {
      {"arctan2", jaxc__k_arctan2_F32_vv, jaxc__k_arctan2_F32_sv, jaxc__k_arctan2_F32_vs, jaxc_kernel_arctan2_f32_f32,
       jaxc_scalar_arctan2_f32_f32, atan2l, 0.501, true, NULL, specials_exact},
      {"power", jaxc__k_power_F32_vv, jaxc__k_power_F32_sv, jaxc__k_power_F32_vs, jaxc_kernel_power_f32_f32,
       jaxc_scalar_power_f32_f32, powl, 0.50001, false, power_pairs, exact_results}};
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++) check_bin_math(&fns[i]);
}

/* float64 exp, log, expm1, log1p, sin, cos, tan and tanh: the near code (within 0.505, 0.503,
   0.512, 0.503, 0.503, 0.503, 0.504 and 0.507 ulp, by exact sums of the leading terms) and the C
   library outside its range (exp, expm1: [-707, 709]; log: positive normal finite x; log1p:
   x > -1, finite; trig: |x| < 2^20, and near multiples of pi/2 where the near code defers to
   it; tanh: NaN); kernels at
   every offset and length against the scalar function, then 2 M inputs against long double,
   the C library's own figures beside */
static double exp_d(double x) { return exp(x); }
static double log_d(double x) { return log(x); }
static double expm1_d(double x) { return expm1(x); }
static double log1p_d(double x) { return log1p(x); }
static double log1p_input(size_t i) {
  double u = (double)(next_u64() >> 11) * 0x1p-53;
  switch (i & 3) {
  case 0: return fabs(u2d(next_u64()));                           /* all magnitudes, subnormals too */
  case 1: return u * 1.7 - 0.99999;                              /* (-1, 0.7): both branches */
  case 2: return (u - 0.5) * ldexp(1.0, -(int)(next_u64() % 70)); /* near 0 */
  default: return -u;                                             /* (-1, 0] */
  }
}
static bool log1p_near(double x) { return x > -1 && x < INFINITY; }
static double exp_input(size_t i) {
  double u = (double)(next_u64() >> 11) * 0x1p-53;
  return (i & 1) ? u * 1500 - 750 : (u * 2 - 1) * ((i & 6) ? 1 : (i & 8) ? 1e-9 : 0x1p-50);
}
static bool exp_near(double x) { return x >= -707 && x <= 709; }
static double log_input(size_t i) {
  double u = (double)(next_u64() >> 11) * 0x1p-53;
  return (i & 1) ? fabs(u2d(next_u64())) : (i & 2) ? 0.5 + u : 1 + (u - 0.5) * 1e-6;
}
static bool log_near(double x) { return x >= 0x1p-1022 && x < INFINITY; }
static double sin_d(double x) { return sin(x); }
static double cos_d(double x) { return cos(x); }
static double tan_d(double x) { return tan(x); }
static double trig_input(size_t i) {
  double u = (double)(next_u64() >> 11) * 0x1p-53, k = floor((u * 2 - 1) * 6e5);
  switch (i % 5) {
  case 0: return (u * 2 - 1) * 4;                                       /* the first quadrants */
  case 1: return (u * 2 - 1) * 0x1.2p20;                                /* up to 2^20 and beyond */
  case 2: return (u * 2 - 1) * ldexp(1.0, -(int)(next_u64() % 60));    /* near 0 */
  case 3: return k * 0x1.921fb54442d18p+0 + (u - 0.5) * ldexp(1.0, -(int)(next_u64() % 40)); /* near k pi/2 */
  default: return u2d(next_u64());                                       /* all magnitudes */
  }
}
static bool trig_near(double x) { return fabs(x) < 0x1p20; }
static double tanh_d(double x) { return tanh(x); }
static double tanh_input(size_t i) {
  double u = (double)(next_u64() >> 11) * 0x1p-53;
  switch (i % 4) {
  case 0: return (u * 2 - 1) * 0.6;                                   /* where e^2x - 1 cancels most */
  case 1: return (u * 2 - 1) * 25;                                    /* up to where tanh is 1 */
  case 2: return (u * 2 - 1) * ldexp(1.0, -(int)(next_u64() % 60)); /* near 0 */
  default: return u2d(next_u64());                                    /* all magnitudes */
  }
}
static bool tanh_near(double x) { return !isnan(x); }
static double asin_d(double x) { return asin(x); }
static double acos_d(double x) { return acos(x); }
static double asin_input(size_t i) {
  double u = (double)(next_u64() >> 11) * 0x1p-53, s = next_u64() & 1 ? -1 : 1;
  switch (i % 4) {
  case 0: return u * 2 - 1;                                             /* the whole domain */
  case 1: return s * (1 - u * ldexp(1.0, -(int)(next_u64() % 54)));    /* near +-1 */
  case 2: return s * u * ldexp(1.0, -(int)(next_u64() % 60));          /* near 0 */
  default: return u2d(next_u64());                                      /* all magnitudes */
  }
}
static bool asin_near(double x) { return fabs(x) <= 1; }
typedef struct {
  const char *name;
  void (*dispatch)(size_t, const void *, void *); /* the jaxc__k_ kernel, at every offset and length */
  void (*kernel)(size_t, const double *, double *);
  double (*scalar)(double), (*libm)(double), (*input)(size_t);
  long double (*ref)(long double);
  bool (*near)(double);       /* the near code's range */
  double (*near_code)(double); /* NaN where it defers */
  double tol;                  /* ulps, where near */
  bool own;                    /* jaxc's code on every target (else the C library's where not F64_NEAR_BUILD) */
} f64_fn;
static void check_f64_fn(const f64_fn *f, const double *f64, size_t n) {
  CHECK_KERNEL(f->name, f->dispatch, f->scalar, double, double, same_d, f64, n);
  enum { M = 2000000 };
  double *x = malloc(M * sizeof *x), *o = malloc(M * sizeof *o);
  if (!x || !o) { CHECK(0); free(x), free(o); return; }
  for (size_t i = 0; i < M; i++) x[i] = i < ND ? d_special[i] : f->input(i);
  f->kernel(M, x, o);
  long off = 0, off_libm = 0, diff = 0, in_range = 0, deferred = 0;
  double worst = 0, worst_libm = 0;
  for (size_t i = 0; i < M; i++) {
    long double ref = f->ref(x[i]);
    double e = ulps_d(o[i], ref), el = ulps_d(f->libm(x[i]), ref);
    /* in the near code's range, unless it defers (trig near a multiple of pi/2) */
    bool defers = isnan(f->near_code(x[i])), near = f->near(x[i]) && !defers;
    in_range += f->near(x[i]), deferred += f->near(x[i]) && defers;
    diff += !same_d(o[i], f->scalar(x[i]));
    worst = e > worst && near ? e : worst;
    worst_libm = el > worst_libm && near ? el : worst_libm;
    off += near && e > 0.5;
    off_libm += near && el > 0.5;
    if (near) CHECK_MSG(!(F64_NEAR_BUILD || f->own) || e <= f->tol, "%s(%a) = %a: %.4f ulp", f->name, x[i], o[i], e);
    else CHECK_MSG(same_d(o[i], f->libm(x[i])), "%s(%a) = %a: not the C library's %a", f->name, x[i], o[i], f->libm(x[i]));
  }
  CHECK_MSG(diff == 0, "%s f64: %ld typed kernel results differ from the scalar function", f->name, diff);
  /* (only the trig inputs aimed within 2^-36 of a multiple of pi/2 defer: 2% of them) */
  CHECK_MSG(deferred <= in_range / 20, "%s f64: %ld of %ld inputs in range deferred", f->name, deferred, in_range);
  printf("  %s f64 on %d inputs: %.4f ulp at most, %ld not correctly rounded (the C library: %.4f, %ld) in the near range"
         " (%ld inputs, %ld deferred)\n", f->name, M, worst, off, worst_libm, off_libm, in_range, deferred);
  n_compared += M;
  free(x), free(o);
}
static void check_f64_math(const double *f64, size_t n) {
  static const f64_fn fns[] = {{"exp", jaxc__k_exp_F64, jaxc_kernel_exp_f64, jaxc_scalar_exp_f64, exp_d, exp_input, expl, exp_near, jaxc__near_exp_double, 0.505, false},
                               {"log", jaxc__k_log_F64, jaxc_kernel_log_f64, jaxc_scalar_log_f64, log_d, log_input, logl, log_near, jaxc__near_log_double, 0.503, false},
                               {"expm1", jaxc__k_expm1_F64, jaxc_kernel_expm1_f64, jaxc_scalar_expm1_f64, expm1_d, exp_input, expm1l, exp_near, jaxc__near_expm1_double, 0.512, false},
                               {"log1p", jaxc__k_log1p_F64, jaxc_kernel_log1p_f64, jaxc_scalar_log1p_f64, log1p_d, log1p_input, log1pl, log1p_near, jaxc__near_log1p_double, 0.503, false},
                               {"sin", jaxc__k_sin_F64, jaxc_kernel_sin_f64, jaxc_scalar_sin_f64, sin_d, trig_input, sinl, trig_near, jaxc__near_sin_double, 0.503, false},
                               {"cos", jaxc__k_cos_F64, jaxc_kernel_cos_f64, jaxc_scalar_cos_f64, cos_d, trig_input, cosl, trig_near, jaxc__near_cos_double, 0.503, false},
                               {"tan", jaxc__k_tan_F64, jaxc_kernel_tan_f64, jaxc_scalar_tan_f64, tan_d, trig_input, tanl, trig_near, jaxc__near_tan_double, 0.504, false},
                               {"tanh", jaxc__k_tanh_F64, jaxc_kernel_tanh_f64, jaxc_scalar_tanh_f64, tanh_d, tanh_input, tanhl, tanh_near, jaxc__near_tanh_double, 0.507, false},
                               {"arcsin", jaxc__k_arcsin_F64, jaxc_kernel_arcsin_f64, jaxc_scalar_arcsin_f64, asin_d, asin_input, asinl, asin_near, jaxc__arcsin_near_code, 0.52, true},
                               {"arccos", jaxc__k_arccos_F64, jaxc_kernel_arccos_f64, jaxc_scalar_arccos_f64, acos_d, asin_input, acosl, asin_near, jaxc__arccos_near_code, 0.52, true}};
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++) check_f64_fn(&fns[i], f64, n);
}

/* float64's vectorisable square root (i0's): where it vouches, the correctly rounded sqrt (C's),
   and it vouches for all but one input in 10^5: random magnitudes, [8, 8008) (i0's range), and
   x next to the square of a midpoint between doubles (long double), where rounding is hardest */
static void check_sqrt_near(void) {
  enum { M = 3000000 };
  long bad = 0, deferred = 0, in_range = 0, outside_vouched = 0;
  double *x = malloc(M * sizeof *x), *o = malloc(M * sizeof *o);
  if (!x || !o) { CHECK(0); free(x), free(o); return; }
  for (size_t i = 0; i < M; i++) {
    uint64_t b = rnd64();
    switch (i % 3) {
    case 0: x[i] = u2d(b & 0x7fffffffffffffffu); break;
    case 1: x[i] = 8 + (double)(b >> 11) * 0x1p-53 * 8000; break;
    default: {
      double y = ldexp(1.0 + (double)(b >> 12) * 0x1p-52, (int)(rnd64() % 900) - 450);
      long double m = (long double)y + (long double)ldexp(1.0, ilogb(y) - 53);
      x[i] = nextafter((double)(m * m), (rnd64() & 1) ? 0 : INFINITY);
    }
    }
  }
  for (size_t i = 0; i < M; i++) o[i] = jaxc__sqrt_near_code(x[i]); /* (the loop the compiler vectorises) */
  for (size_t i = 0; i < M; i++) {
    bool range = x[i] >= 0x1p-960 && x[i] < 0x1p1000;
    in_range += range;
    if (isnan(o[i])) deferred += range;
    else if (!range) outside_vouched++;
    else bad += !same_d(o[i], sqrt(x[i]));
  }
  CHECK_MSG(bad == 0, "sqrt near: %ld results differ from C's sqrt", bad);
  CHECK_MSG(outside_vouched == 0, "sqrt near: %ld results outside [2^-960, 2^1000) not deferred", outside_vouched);
  CHECK_MSG(deferred * 100000 <= in_range, "sqrt near: %ld of %ld deferred", deferred, in_range);
  static const double specials[] = {0.0, -0.0, -1.0, INFINITY, -INFINITY, NAN, 0x1p-1074, 0x1p-961, 0x1p1000, DBL_MAX};
  for (size_t i = 0; i < sizeof specials / sizeof *specials; i++) CHECK(isnan(jaxc__sqrt_near_code(specials[i])));
  printf("  sqrt near f64 on %d inputs: %ld in range, %ld deferred, %ld wrong\n", M, in_range, deferred, bad);
  n_compared += M;
  free(x), free(o);
}

/* float32 fmod and remainder (jnp.fmod, jnp.remainder): the near code, exact where it vouches
   (C's fmodf bit for bit, the sign of zero included), defers only where |x| >= 2^29 |y| or an
   operand is not finite or y is 0; the split kernels against the scalar functions (C's) bit for
   bit. Pairs: random bits; exponents a few apart; x a multiple of y and its neighbours (where
   the quotient rounds across an integer); quarter and eighth steps */
static float fmod_input(size_t i, float *y) {
  uint32_t bx = (uint32_t)rnd64(), by;
  switch (i % 4) {
  case 0: *y = u2f((uint32_t)rnd64()); return u2f(bx);
  case 1: {
    int k = (int)(rnd64() % 40) - 5;
    by = (bx & 0x807fffffu) | ((((bx >> 23) & 0xffu) - (uint32_t)k) & 0xffu) << 23;
    *y = u2f(by ^ ((uint32_t)rnd64() & 0x807fffffu));
    return u2f(bx);
  }
  case 2: {
    *y = u2f((uint32_t)rnd64());
    float x = (float)((double)(int64_t)(rnd64() % 100000000) * (double)*y);
    return rnd64() & 1 ? nextafterf(x, rnd64() & 1 ? INFINITY : -INFINITY) : x;
  }
  default: *y = (float)((int64_t)(rnd64() % 201) - 100) * 0.125f; return (float)((int64_t)(rnd64() % 2000001) - 1000000) * 0.25f;
  }
}

/* float64's the same way: its near code (q below 2^52, the remainder by FMA or prod_err) against
   C's fmod bit for bit, deferring only outside |x| < 2^52 |y|, 2^-960 <= |y| < 2^960 */
static double fmod64_input(size_t i, double *y) {
  uint64_t bx = rnd64();
  switch (i % 4) {
  case 0: *y = u2d(rnd64()); return u2d(bx);
  case 1: {
    uint64_t k = (uint64_t)(rnd64() % 70) - 5, ex = (bx >> 52) & 0x7ffu;
    *y = u2d(((bx & 0x800fffffffffffffu) | ((ex - k) & 0x7ffu) << 52) ^ (rnd64() & 0x800fffffffffffffu));
    return u2d(bx);
  }
  case 2: {
    double yy = u2d(rnd64() & 0x7fffffffffffffffu);
    *y = yy < 0x1p900 && yy > 0x1p-900 ? yy : 1.5;
    double x = (double)(int64_t)(rnd64() % 10000000000000u) * *y;
    x = rnd64() & 1 ? nextafter(x, rnd64() & 1 ? INFINITY : -INFINITY) : x;
    return rnd64() & 1 ? -x : x;
  }
  default: *y = (double)((int64_t)(rnd64() % 201) - 100) * 0.01; return (double)((int64_t)(rnd64() % 2000001) - 1000000) * 0.1;
  }
}
/* the near code's range, where it must not defer */
static bool fmod_range_f32(float x, float y) { return fabs((double)x) < 0x1p29 * fabs((double)y) && y != 0 && isfinite(y); }
static bool fmod_range_f64(double x, double y) { return fabs(x) < 0x1p52 * fabs(y) && fabs(y) >= 0x1p-960 && fabs(y) < 0x1p960; }
/* jnp.floor_divide of floats (JAX's _float_divmod) with C's fmod and round */
#define DEF_FLOORDIV_REF(c, T, SFX)                                                          \
  static T floordiv_ref_##c(T a, T b) {                                                      \
    T mod = fmod##SFX(a, b), div = (b == 0 ? a : a - mod) / b;                               \
    if (mod != 0 && (b < 0) != (mod < 0)) div -= 1;                                          \
    return round##SFX(div);                                                                  \
  }
DEF_FLOORDIV_REF(f32, float, f)
DEF_FLOORDIV_REF(f64, double, )
/* check_fmod_near_<c>: the near fmod, remainder and floor_divide against C's (and the scalar
   functions), and the split kernels against both */
#define DEF_CHECK_FMOD_NEAR(c, E, T, INPUT, NEAR_FMOD, NEAR_REM, NEAR_FDIV, CFMOD, SAME)                       \
  static void check_fmod_near_##c(void) {                                                                        \
    enum { M = 2000000 };                                                                                        \
    T *x = malloc(M * sizeof *x), *y = malloc(M * sizeof *y), *o = malloc(M * sizeof *o), *r = malloc(M * sizeof *r); \
    T *d = malloc(M * sizeof *d);                                                                                \
    if (!x || !y || !o || !r || !d) { CHECK(0); free(x), free(y), free(o), free(r), free(d); return; }           \
    for (size_t i = 0; i < M; i++) x[i] = INPUT(i, &y[i]);                                                       \
    long bad = 0, badr = 0, badd = 0, deferred = 0, wrong_defer = 0, kern = 0;                                   \
    for (size_t i = 0; i < M; i++) {                                                                             \
      T f = NEAR_FMOD(x[i], y[i]), q = NEAR_REM(x[i], y[i]), v = NEAR_FDIV(x[i], y[i]);                          \
      if (isnan(f)) deferred++, wrong_defer += fmod_range_##c(x[i], y[i]);                                       \
      else bad += !SAME(f, CFMOD(x[i], y[i]));                                                                   \
      if (!isnan(q)) badr += !SAME(q, jaxc_scalar_remainder_##c##_##c(x[i], y[i]));                              \
      if (!isnan(v)) badd += !SAME(v, floordiv_ref_##c(x[i], y[i]));                                             \
      wrong_defer += isnan(v) & !isnan(f);                                                                       \
    }                                                                                                            \
    jaxc__k_fmod_##E##_vv(M, x, y, o);                                                                           \
    jaxc__k_remainder_##E##_vv(M, x, y, r);                                                                      \
    jaxc__k_floor_divide_##E##_vv(M, x, y, d);                                                                   \
    for (size_t i = 0; i < M; i++)                                                                               \
      kern += !SAME(o[i], CFMOD(x[i], y[i])) || !SAME(o[i], jaxc_scalar_fmod_##c##_##c(x[i], y[i])) ||           \
              !SAME(r[i], jaxc_scalar_remainder_##c##_##c(x[i], y[i])) || !SAME(d[i], floordiv_ref_##c(x[i], y[i])) || \
              !SAME(d[i], jaxc_scalar_floor_divide_##c##_##c(x[i], y[i]));                                       \
    CHECK_MSG(bad == 0 && badr == 0 && badd == 0, "fmod near " #c ": %ld fmod, %ld remainder and %ld floor_divide results differ from C's", \
              bad, badr, badd);                                                                                  \
    CHECK_MSG(wrong_defer == 0, "fmod near " #c ": %ld deferred inside its range", wrong_defer);                 \
    CHECK_MSG(kern == 0, "fmod/remainder/floor_divide " #c " kernels: %ld results differ from C's or the scalar functions", kern); \
    printf("  fmod/remainder/floor_divide near " #c " on %d pairs: %ld deferred (outside its range), %ld wrong\n", M, \
           deferred, bad + badr + badd + kern);                                                                  \
    n_compared += 3 * M;                                                                                         \
    free(x), free(y), free(o), free(r), free(d);                                                                 \
  }
DEF_CHECK_FMOD_NEAR(f32, F32, float, fmod_input, jaxc__near_fmod_float, jaxc__near_remainder_float, jaxc__near_floordiv_float,
                    fmodf, same_f)
DEF_CHECK_FMOD_NEAR(f64, F64, double, fmod64_input, jaxc__fmod_near_code, jaxc__remainder_near_code, jaxc__floordiv_near_code,
                    fmod, same_d)

int main(void) {
#if JAXC__HAS_VECTOR
  printf("test_vector: %d-bit vectors\n", JAXC__VD_N * 64);
#else
  printf("test_vector: no vector loops in this build (the scalar code is compared with itself)\n");
#endif
  size_t nf = NF + NPAIRS, nc = BIG;
  float *f32 = malloc(nf * sizeof *f32), *c64 = malloc(2 * nc * sizeof *c64);
  double *f64 = malloc(nf * sizeof *f64), *c128 = malloc(2 * nc * sizeof *c128);
  float *big32 = malloc(BIG * sizeof *big32);
  double *big64 = malloc(BIG * sizeof *big64);
  if (!f32 || !c64 || !f64 || !c128 || !big32 || !big64) return 1;
  for (size_t i = 0; i < nf; i++) f32[i] = f_input(i), f64[i] = d_input(i);
  for (size_t i = 0; i < BIG; i++) big32[i] = f_input(NF + i), big64[i] = d_input(ND + i);
  fill_c64(c64, nc);
  fill_c128(c128, nc);

  check_sqrt_near();
  check_fmod_near_f32();
  check_fmod_near_f64();
  CHECK_KERNEL("sqrt f32", jaxc__k_sqrt_F32, jaxc_scalar_sqrt_f32, float, float, same_f, f32, nf);
  CHECK_KERNEL("sqrt f64", jaxc__k_sqrt_F64, jaxc_scalar_sqrt_f64, double, double, same_d, f64, nf);
  CHECK_KERNEL("abs c64", jaxc__k_abs_C64, jaxc_scalar_abs_c64, jaxc_c64, float, same_f, c64, NF * NF + NPAIRS);
  CHECK_KERNEL("abs c128", jaxc__k_abs_C128, jaxc_scalar_abs_c128, jaxc_c128, double, same_d, c128, ND * ND + NPAIRS);
  CHECK_KERNEL("sqrt c64", jaxc__k_sqrt_C64, jaxc_scalar_sqrt_c64, jaxc_c64, jaxc_c64, same_c64, c64, NF * NF + NPAIRS);
  CHECK_KERNEL("sqrt c128", jaxc__k_sqrt_C128, jaxc_scalar_sqrt_c128, jaxc_c128, jaxc_c128, same_c128, c128, ND * ND + NPAIRS);
  CHECK_TYPED("sqrt c64", jaxc_kernel_sqrt_c64, jaxc_scalar_sqrt_c64, jaxc_c64, jaxc_c64, same_c64, c64);
  CHECK_TYPED("sqrt c128", jaxc_kernel_sqrt_c128, jaxc_scalar_sqrt_c128, jaxc_c128, jaxc_c128, same_c128, c128);
  CHECK_TYPED("sqrt f32", jaxc_kernel_sqrt_f32, jaxc_scalar_sqrt_f32, float, float, same_f, big32);
  CHECK_TYPED("sqrt f64", jaxc_kernel_sqrt_f64, jaxc_scalar_sqrt_f64, double, double, same_d, big64);
  CHECK_TYPED("abs c64", jaxc_kernel_abs_c64, jaxc_scalar_abs_c64, jaxc_c64, float, same_f, c64);
  CHECK_TYPED("abs c128", jaxc_kernel_abs_c128, jaxc_scalar_abs_c128, jaxc_c128, double, same_d, c128);

  /* the scalar functions themselves, independently */
  size_t bad = 0;
  for (size_t i = 0; i < nf; i++) {
    float r = jaxc_scalar_sqrt_f32(f32[i]), ref = (float)sqrtl(f32[i]);
    bad += !same_f(r, ref);
  }
  CHECK_MSG(bad == 0, "sqrt f32: %zu results differ from the long double square root", bad);
  CHECK(isinf(jaxc_scalar_abs_c64(jaxc__mk_jaxc_c64(NAN, -INFINITY))));
  CHECK(isinf(jaxc_scalar_abs_c128(jaxc__mk_jaxc_c128(INFINITY, NAN))));
  CHECK(isnan(jaxc_scalar_abs_c128(jaxc__mk_jaxc_c128(NAN, 0.0))));
  CHECK(jaxc_scalar_abs_c128(jaxc__mk_jaxc_c128(DBL_MAX, DBL_MAX)) == INFINITY);
  CHECK(jaxc_scalar_abs_c128(jaxc__mk_jaxc_c128(0x1p1023, 0x1p1023)) == 0x1.6a09e667f3bcdp1023);
  CHECK(jaxc_scalar_abs_c128(jaxc__mk_jaxc_c128(0x1p-1074, 0x1p-1074)) == 0x1p-1074); /* sqrt 2 x 2^-1074 rounds down */
  CHECK(jaxc_scalar_abs_c64(jaxc__mk_jaxc_c64(0x1p-149f, 0.0f)) == 0x1p-149f);
  CHECK(jaxc_scalar_abs_c64(jaxc__mk_jaxc_c64(FLT_MAX, FLT_MAX)) == INFINITY);
  check_abs_reference(c64, c128, NF * NF + NPAIRS);
  check_rounding(f32, f64, nf);
  check_float_math();
  check_logaddexp();
  check_bin64_math();
  check_logaddexp_cancelling();
  check_arctan2_power();
  check_f64_math(f64, nf);
  printf("  %zu kernel results compared with the scalar functions\n", n_compared);

  free(f32), free(c64), free(f64), free(c128), free(big32), free(big64);
#if JAXC__HAS_VECTOR
  return check_summary(JAXC__VD_N == 8 ? "test_vector_avx512" : "test_vector_avx2");
#else
  return check_summary("test_vector_scalar");
#endif
}
