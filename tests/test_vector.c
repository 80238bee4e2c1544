/* test_vector.c — the hand-vectorised loops of jaxc_kernels.h >>vector (sqrt of float32 and
   float64, |z| of complex64 and complex128) against the scalar functions they stand in for:
     - bit for bit, NaN payloads included, on special values (zeros, subnormals, the scaling
       thresholds of |z|, the largest finite values, infinities, NaNs with payloads, negative
       numbers for sqrt) in every pairing, and on random bit patterns;
     - at every start offset 0..3 and every length through three vectors and a tail, with a
       guard element after the output that must stay untouched;
     - through the typed array kernel (jaxc_kernel_<op>_<c>) on an array large enough to go
       parallel in blocks;
     - and independently: |z| within an ulp of long double hypotl, sqrt of float32 equal to the
       long double square root rounded once.
   And the float32 exp, log and tanh of >>float math, plain C the compiler vectorises: the
   array kernels against the scalar functions bit for bit, and both against long double on a
   sweep of float32 bit patterns (every 1021st, with the specials): correctly rounded (an
   exhaustive run found 3 logs and 7 log1ps of all 2^32 inputs that are not, by under 0.50001
   ulp, none of them in this sweep; they are checked by name).
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

/* |got - ref| in ulps of ref's rounding to the type; 0 for both NaN; infinite for a NaN or an
   infinity that the rounded reference is not */
static double ulps_d(double got, long double ref) {
  double r = (double)ref;
  if (isnan(got) || isnan(r)) return isnan(got) && isnan(r) ? 0 : INFINITY;
  if (isinf(r) || isinf(got)) return got == r ? 0 : INFINITY;
  double u = nextafter(fabs(r), INFINITY) - fabs(r);
  return (double)fabsl((long double)got - ref) / u;
}
static double ulps_f(float got, long double ref) {
  float r = (float)ref;
  if (isnan(got) || isnan(r)) return isnan(got) && isnan(r) ? 0 : INFINITY;
  if (isinf(r) || isinf(got)) return got == r ? 0 : INFINITY;
  float u = nextafterf(fabsf(r), INFINITY) - fabsf(r);
  return (double)(fabsl((long double)got - ref) / u);
}

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

/* exp, log and tanh of float32 over every 1021st bit pattern and the specials */
static void check_float_math(void) {
  size_t n = 0, cap = (size_t)(0x100000000ull / 1021) + NF + 1;
  float *x = malloc(cap * sizeof *x), *out = malloc(cap * sizeof *out);
  if (!x || !out) { CHECK(0); free(x); free(out); return; }
  for (size_t i = 0; i < NF; i++) x[n++] = f_special[i];
  for (uint64_t u = 0; u < 0x100000000ull; u += 1021) x[n++] = u2f((uint32_t)u);
  static const struct { const char *name; void (*kernel)(size_t, const float *, float *); float (*scalar)(float); long double (*ref)(long double); } fns[] = {
      {"exp", jaxc_kernel_exp_f32, jaxc_scalar_exp_f32, expl},
      {"log", jaxc_kernel_log_f32, jaxc_scalar_log_f32, logl},
      {"tanh", jaxc_kernel_tanh_f32, jaxc_scalar_tanh_f32, tanhl},
      {"log1p", jaxc_kernel_log1p_f32, jaxc_scalar_log1p_f32, log1pl},
      {"expm1", jaxc_kernel_expm1_f32, jaxc_scalar_expm1_f32, expm1l}};
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
  for (size_t i = 0; i < sizeof hard_log / sizeof *hard_log; i++) {
    double e = ulps_f(jaxc_scalar_log_f32(hard_log[i]), logl(hard_log[i]));
    CHECK_MSG(e > 0.5 && e < 0.50001, "log(%a): %.6f ulp", hard_log[i], e);
  }
  for (size_t i = 0; i < sizeof hard_log1p / sizeof *hard_log1p; i++) {
    double e = ulps_f(jaxc_scalar_log1p_f32(hard_log1p[i]), log1pl(hard_log1p[i]));
    CHECK_MSG(e > 0.5 && e < 0.50001, "log1p(%a): %.6f ulp", hard_log1p[i], e);
  }
  free(x);
  free(out);
}

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

  CHECK_KERNEL("sqrt f32", jaxc__k_sqrt_F32, jaxc_scalar_sqrt_f32, float, float, same_f, f32, nf);
  CHECK_KERNEL("sqrt f64", jaxc__k_sqrt_F64, jaxc_scalar_sqrt_f64, double, double, same_d, f64, nf);
  CHECK_KERNEL("abs c64", jaxc__k_abs_C64, jaxc_scalar_abs_c64, jaxc_c64, float, same_f, c64, NF * NF + NPAIRS);
  CHECK_KERNEL("abs c128", jaxc__k_abs_C128, jaxc_scalar_abs_c128, jaxc_c128, double, same_d, c128, ND * ND + NPAIRS);
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
  check_float_math();
  printf("  %zu kernel results compared with the scalar functions\n", n_compared);

  free(f32), free(c64), free(f64), free(c128), free(big32), free(big64);
#if JAXC__HAS_VECTOR
  return check_summary(JAXC__VD_N == 8 ? "test_vector_avx512" : "test_vector_avx2");
#else
  return check_summary("test_vector_scalar");
#endif
}
