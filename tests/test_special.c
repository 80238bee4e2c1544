/* test_special.c — jax.scipy.special's ops, each held to long double with the error its
   algorithm has, and to JAX's own definitions op by op:
   - erf and erfc (lax.erf, lax.erfc): erf float32 (XLA's EmitErfF32 rational) within 7 ulps on
     2^22 inputs and the edges, +-1 from 3.8325 on, exactly odd; float64 (the C library's):
     within 1.1 ulps; erfc (StableHLO's Cephes decomposition): its e^(-x^2) takes x^2 rounded,
     so the error grows as x^2 ulps: within 8 + x^2 ulps where the result is normal and |x| >= 1,
     within 4 (1 + erf(x) / erfc(x)) below, where 1 - x T(x^2) cancels, exactly 0 (x > 0) or 2
     (x < 0) where -x^2 < -maxlog (88.72 float32, 709.78 float64); float32 bit for bit against
     XLA's two algorithms transcribed here (FMAs where XLA has them);
   - erfinv (lax.erf_inv, XLA's ErfInv): against the inverse of erfl at the x whose square is
     x^2 rounded (the algorithm's w = -log1p(-x^2) sees only that: near +-1 it is all the
     input there is), exactly odd, and sqrt(2) erfinv(uniform) = jax.random.normal bit for bit;
   - gammaln and digamma (lax.lgamma, lax.digamma: Lanczos's sum, reflected below 1/2): within
     K roundings of the terms the algorithm adds (their magnitudes, in long double: near the
     zeros the terms cancel and the error is absolute), of lgammal and of a digamma in long
     double (recurrence to 20, then the asymptotic series);
   - xlogy, xlog1py, logit, entr: bit for bit the lax ops JAX composes (real and complex), and
     within their roundings of long double;
   - zeta (lax.zeta: nine terms, then Euler-Maclaurin at q + 10): within K roundings of the
     terms it adds of Hurwitz's zeta in long double at the q + k it rounds, plus the first
     Bernoulli term it leaves out; known values; polygamma (chlo.polygamma: (-1)^(n+1) n!
     zeta(n + 1, x)) bit for bit the ops it composes and within their errors of long double;
   - bfloat16 and float16, all 2^16 inputs: float32's result rounded once;
   - dtypes (promote_args_inexact: ints to float32, weak kept), lax's refusal of complex. */
#define JAXC_NO_TYPED_KERNELS
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef long double LD;
static int prec_of(jaxc_dtype d) { return d == JAXC_F64 ? 53 : d == JAXC_F32 ? 24 : d == JAXC_F16 ? 11 : 8; }
static int emin_of(jaxc_dtype d) { return d == JAXC_F64 ? -1021 : d == JAXC_F16 ? -13 : -125; }
/* |got - ref| in units of ref's last place in dtype d (NaN NaN: 0) */
static double ulps(LD got, LD ref, jaxc_dtype d) {
  if (got != got || ref != ref) return got != got && ref != ref ? 0 : INFINITY;
  if (got == ref) return 0;
  if (isinf(got) || isinf(ref)) return INFINITY;
  int e;
  frexpl(ref, &e);
  if (ref == 0 || e < emin_of(d)) e = emin_of(d);
  return (double)(fabsl(got - ref) / ldexpl(1.0L, e - prec_of(d)));
}
static LD elem(const jaxc_array *a, int64_t i) {
  const void *p = jaxc_array_data(a);
  switch (jaxc_array_dtype(a)) {
  case JAXC_F32: return ((const float *)p)[i];
  case JAXC_F64: return ((const double *)p)[i];
  case JAXC_BF16: return dec16(BF16F, ((const uint16_t *)p)[i]);
  default: return dec16(F16F, ((const uint16_t *)p)[i]);
  }
}
/* erfc's bound in ulps: from |x| = 1 on, x^2 from the rounded x^2 in e^(-x^2) (a relative error
   of x^2 2^-53) and 8 for the rest: two Horner sums of eight positive terms, a product and a
   quotient (float64 measured at most 5.3 + x^2 on 2^21 points of [1, 8], the worst near 1.09);
   below 1, 1 - x T(x^2) cancels where x > 0, which multiplies the error of x T
   (a few ulps of it) by erf(x) / erfc(x) (5.4 at x = 1) */
static double erfc_bound(LD x) {
  if (fabsl(x) >= 1) return 8 + (double)(x * x);
  return x > 0 ? 4 * (double)(1 + erfl(x) / erfcl(x)) : 4;
}

/* XLA's two float32 algorithms transcribed from their sources here (EmitErfF32 in
   xla/service/llvm_ir/math_ops.cc; chlo.erfc's decomposition in StableHLO's
   ChloLegalizeToStablehlo.cpp), exp correctly rounded as jaxc's is: the kernels must give these
   bits (the bounds above cannot tell an FMA from a multiply and an add) */
static float xla_erf32(float x) {
  float x2 = x * x;
  float p = fmaf(x2, 0.00022905065861350646f, 0.0034082910107109506f);
  p = fmaf(x2, p, 0.050955695062380861f);
  p = fmaf(x2, p, 0.18520832239976145f);
  p = fmaf(x2, p, 1.128379143519084f);
  p = x * p;
  float q = fmaf(x2, -1.1791602954361697e-7f, 0.000023547966471313185f);
  q = fmaf(x2, q, 0.0010179625278914885f);
  q = fmaf(x2, q, 0.014070470171167667f);
  q = fmaf(x2, q, 0.11098505178285362f);
  q = fmaf(x2, q, 0.49746925110067538f);
  q = fmaf(x2, q, 1.0f);
  return fabsf(x) >= 3.832506856900711f ? copysignf(1.0f, x) : p / q;
}
static float poly32(float t, const float *c, int n) {
  volatile float p = c[0]; /* (volatile: one rounding a step, whatever the compiler contracts) */
  for (int i = 1; i < n; i++) p = p * t, p = p + c[i];
  return p;
}
static float xla_erfc32(float x) {
  static const float P[] = {2.326819970068386E-2f, -1.387039388740657E-1f, 3.687424674597105E-1f, -5.824733027278666E-1f,
                            6.210004621745983E-1f, -4.944515323274145E-1f, 3.404879937665872E-1f, -2.741127028184656E-1f,
                            5.638259427386472E-1f};
  static const float R[] = {-1.047766399936249E+1f, 1.297719955372516E+1f, -7.495518717768503E+0f, 2.921019019210786E+0f,
                            -1.015265279202700E+0f, 4.218463358204948E-1f, -2.820767439740514E-1f, 5.641895067754075E-1f};
  static const float T[] = {7.853861353153693E-5f, -8.010193625184903E-4f, 5.188327685732524E-3f, -2.685381193529856E-2f,
                            1.128358514861418E-1f, -3.761262582423300E-1f, 1.128379165726710E+0f};
  float ax = fabsf(x);
  if (ax < 1.0f) {
    volatile float b = x * poly32(x * x, T, 7);
    return 1.0f - b;
  }
  float z = -(x * x), e = (float)expl(z);
  volatile float r = e * (1.0f / ax);
  float v = r * (ax < 2.0f ? poly32(1.0f / (x * x), P, 9) : poly32(1.0f / (x * x), R, 8));
  v = z < -88.72283935546875f ? 0.0f : v;
  return x < 0 ? 2.0f - v : v;
}

static void check_array(const char *what, const jaxc_array *x) {
  jaxc_dtype d = jaxc_array_dtype(x);
  uint64_t sum = checksum(x);
  jaxc_array *e = jaxc_unary(JAXC_OP_ERF, x), *c = jaxc_unary(JAXC_OP_ERFC, x);
  CHECK_MSG(e && c && jaxc_array_dtype(e) == d && jaxc_array_dtype(c) == d, "%s: %s", what, jaxc_last_error());
  if (!e || !c) { jaxc_array_free(e), jaxc_array_free(c); return; }
  bool half = d == JAXC_BF16 || d == JAXC_F16;
  double maxlog = d == JAXC_F64 ? 7.09782712893383996843E2 : 88.72283935546875;
  double erf_tol = half ? 1 : d == JAXC_F32 ? 7 : 1.1, worst_e = 0, worst_c = 0;
  long bad_e = 0, bad_c = 0, bad_odd = 0;
  int64_t wi = 0;
  for (int64_t i = 0; i < jaxc_array_size(x); i++) {
    LD v = elem(x, i), ge = elem(e, i), gc = elem(c, i);
    double ue = ulps(ge, erfl(v), d);
    if (ue > erf_tol) bad_e++;
    worst_e = fmax(worst_e, ue);
    if (v != v) {
      bad_c += gc == gc;
      continue;
    }
    LD xx = v * v;
    if (-xx < -maxlog) { /* the clamp: exactly 0 or 2 */
      bad_c += gc != (v > 0 ? 0 : 2);
      continue;
    }
    LD ref = erfcl(v);
    double tol = half ? 1 : erfc_bound(v);
    if (fabsl(ref) < ldexpl(1.0L, emin_of(d) - 1)) continue; /* (subnormal results: below) */
    double uc = ulps(gc, ref, d);
    if (uc > tol) bad_c++;
    if (uc / tol > worst_c) worst_c = uc / tol, wi = i;
  }
  printf("test_special: %s, %lld values: erf within %.2f ulp, erfc within %.2f of its bound\n", what, (long long)jaxc_array_size(x),
         worst_e, worst_c);
  CHECK_MSG(bad_e == 0, "%s erf: %ld values beyond %g ulp (worst %g)", what, bad_e, erf_tol, worst_e);
  CHECK_MSG(bad_c == 0, "%s erfc: %ld values beyond the bound (worst %g of it at x = %.9Lg)", what, bad_c, worst_c, elem(x, wi));
  /* erf is odd bit for bit: x P(x^2) / Q(x^2) */
  jaxc_array *nx = jaxc_negative(x), *en = nx ? jaxc_unary(JAXC_OP_ERF, nx) : NULL;
  for (int64_t i = 0; en && i < jaxc_array_size(x); i++) {
    LD a = elem(e, i), b = elem(en, i);
    bad_odd += !(a == -b || (a != a && b != b));
  }
  CHECK_MSG(en && bad_odd == 0, "%s: erf(-x) != -erf(x) in %ld places", what, bad_odd);
  if (d == JAXC_F32) {
    long diff_e = 0, diff_c = 0;
    for (int64_t i = 0; i < jaxc_array_size(x); i++) {
      float v = ((const float *)jaxc_array_data(x))[i], a = xla_erf32(v), b = xla_erfc32(v);
      float ge = ((const float *)jaxc_array_data(e))[i], gc = ((const float *)jaxc_array_data(c))[i];
      diff_e += f2u(a) != f2u(ge) && !(a != a && ge != ge);
      diff_c += f2u(b) != f2u(gc) && !(b != b && gc != gc);
    }
    CHECK_MSG(diff_e == 0 && diff_c == 0, "%s: %ld erf and %ld erfc values differ from XLA's algorithms", what, diff_e, diff_c);
  }
  CHECK_MSG(checksum(x) == sum, "%s: the input changed", what);
  jaxc_array_free(nx), jaxc_array_free(en), jaxc_array_free(e), jaxc_array_free(c);
}

/* a uniform double in [lo, hi): one rounding a statement, so that clang (which contracts a * b + c
   within an expression) and gcc draw the same inputs */
static double uniform(double lo, double hi) {
  double u = (double)(rnd64() >> 11) * 0x1p-53;
  u = u * (hi - lo);
  return u + lo;
}

static const double edges[] = {0.0,  -0.0, 1.0,  -1.0, 0.5,  -0.5, 0.999, -0.999, 1.001, -1.001, 2.0, -2.0, 1.999, 2.001,
                               3.8325, -3.8325, 3.8326, 4.0, 8.0, 7.99, 8.01, 9.0, 9.4, 9.5, 10.0, 26.0, 27.0, 30.0,
                               -30.0, 1e-30, -1e-30, 1e-310, INFINITY, -INFINITY, NAN};
#define NEDGES ((int64_t)(sizeof edges / sizeof edges[0]))

static void test_float32(void) {
  int64_t n = ((int64_t)1 << 22) + NEDGES;
  jaxc_array *x = jaxc_array_empty(JAXC_F32, 1, &n);
  float *p = (float *)jaxc_array_data(x);
  for (int64_t i = 0; i < n; i++) {
    if (i < NEDGES) p[i] = (float)edges[i];
    else if (i % 2) p[i] = u2f((uint32_t)rnd64());
    else p[i] = (float)uniform(-12, 12);
  }
  check_array("float32", x);
  /* the documented points: erf saturates at +-1 from 3.8325, erfc(+-inf) = 0, 2, erf(-0) = -0 */
  jaxc_array *e = jaxc_unary(JAXC_OP_ERF, x), *c = jaxc_unary(JAXC_OP_ERFC, x);
  const float *pe = (const float *)jaxc_array_data(e), *pc = (const float *)jaxc_array_data(c);
  CHECK(pe[0] == 0 && !signbit(pe[0]) && pe[1] == 0 && signbit(pe[1]) && pc[0] == 1 && pc[1] == 1);
  CHECK(pe[16] == 1 && pe[28] == -1 && pe[32] == 1 && pe[33] == -1 && pc[32] == 0 && pc[33] == 2);
  CHECK(isnan(pe[34]) && isnan(pc[34]));
  jaxc_array_free(e), jaxc_array_free(c), jaxc_array_free(x);
}
static void test_float64(void) {
  jaxc_set_x64(true);
  int64_t n = ((int64_t)1 << 19) + NEDGES;
  jaxc_array *x = jaxc_array_empty(JAXC_F64, 1, &n);
  double *p = (double *)jaxc_array_data(x);
  for (int64_t i = 0; i < n; i++) {
    if (i < NEDGES) p[i] = edges[i];
    else if (i % 4 == 1) p[i] = u2d(rnd64());
    else if (i % 4 == 2) p[i] = uniform(1, 8); /* where the bound is tightest */
    else p[i] = uniform(-30, 30);
  }
  check_array("float64", x);
  jaxc_array_free(x);
  jaxc_set_x64(false);
}
/* every bit pattern of a 16-bit float dtype */
static jaxc_array *all_16bit(jaxc_dtype d) {
  int64_t n = 65536;
  jaxc_array *x = jaxc_array_empty(d, 1, &n);
  for (int i = 0; x && i < 65536; i++) ((uint16_t *)jaxc_array_data(x))[i] = (uint16_t)i;
  return x;
}
static void test_16bit(void) {
  for (int t = 0; t < 2; t++) {
    jaxc_dtype d = t ? JAXC_F16 : JAXC_BF16;
    jaxc_array *x = all_16bit(d);
    check_array(jaxc_dtype_name(d), x);
    /* float32's result rounded once: the same op on the float32 values, rounded */
    jaxc_array *x32 = jaxc_astype(x, JAXC_F32);
    for (int k = 0; k < 2; k++) {
      jaxc_op op = k ? JAXC_OP_ERFC : JAXC_OP_ERF;
      jaxc_array *r = jaxc_unary(op, x), *r32 = jaxc_unary(op, x32), *back = jaxc_astype(r32, d);
      CHECK_MSG(r && back && !memcmp(jaxc_array_data(r), jaxc_array_data(back), 2 * 65536), "%s %s = float32's, rounded", jaxc_dtype_name(d),
                jaxc_op_name(op));
      jaxc_array_free(r), jaxc_array_free(r32), jaxc_array_free(back);
    }
    jaxc_array_free(x32), jaxc_array_free(x);
  }
}
static void test_dtypes_and_errors(void) {
  /* promote_args_inexact: int8/int32/bool -> float32, a weak int -> weak float32 */
  const jaxc_dtype ins[] = {JAXC_I8, JAXC_I32, JAXC_BOOL, JAXC_U16};
  for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++) {
    jaxc_array *x = small_random_array(ins[i], 1, (int64_t[]){9}), *r = jaxc_erf(x), *xf = jaxc_astype(x, JAXC_F32), *rf = jaxc_erf(xf);
    CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_F32 && !memcmp(jaxc_array_data(r), jaxc_array_data(rf), 36), "erf(%s)",
              jaxc_dtype_name(ins[i]));
    jaxc_array_free(x), jaxc_array_free(r), jaxc_array_free(xf), jaxc_array_free(rf);
  }
  jaxc_array *w = jaxc_weak_int(1), *r = jaxc_erfc(w);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_is_weak(r) && fabsl(elem(r, 0) - erfcl(1)) < 1e-7L);
  jaxc_array_free(w), jaxc_array_free(r);
  jaxc_array *z = small_random_array(JAXC_C64, 1, (int64_t[]){2});
  expect_error(jaxc_erf(z), "erf does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  expect_error(jaxc_erfc(z), "erfc does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  expect_error(jaxc_erf(NULL), "erf: the operand is NULL");
  jaxc_array_free(z);
  /* gelu_exact's erfc is this op: 0.5 * x * erfc(-x * sqrt(1/2)) */
  jaxc_array *x = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){-2.5f, 0.75f, 3.0f});
  jaxc_array *g = jaxc_nn_gelu_exact(x);
  for (int i = 0; g && i < 3; i++) {
    float v = ((const float *)jaxc_array_data(x))[i], a = (float)0.5f * v, b = -v * (float)0.70710678118654757274;
    jaxc_array *bb = jaxc_array_from_data(JAXC_F32, 0, NULL, &b), *eb = jaxc_erfc(bb);
    float want = a * ((const float *)jaxc_array_data(eb))[0];
    CHECK_MSG(((const float *)jaxc_array_data(g))[i] == want, "gelu_exact(%g)", (double)v);
    jaxc_array_free(bb), jaxc_array_free(eb);
  }
  jaxc_array_free(g), jaxc_array_free(x);
}

/* the same bits in every component, but any NaN for a NaN (which NaN a product of two gives is
   the compiler's choice of operand order, in JAX's XLA as here) */
static bool is_nan_bits(const unsigned char *p, size_t w) {
  uint64_t b = 0;
  memcpy(&b, p, w);
  switch (w) {
  case 8: return (b & 0x7fffffffffffffffu) > 0x7ff0000000000000u;
  case 4: return (b & 0x7fffffffu) > 0x7f800000u;
  default: return false; /* (16-bit: compared by the caller's dtype below) */
  }
}
static bool same_bits(const jaxc_array *a, const jaxc_array *b) {
  if (!a || !b || jaxc_array_dtype(a) != jaxc_array_dtype(b) || jaxc_array_size(a) != jaxc_array_size(b)) return false;
  jaxc_dtype d = jaxc_array_dtype(a);
  bool cx = jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX, half = d == JAXC_BF16 || d == JAXC_F16;
  size_t w = jaxc_dtype_size(d) / (cx ? 2 : 1), n = (size_t)jaxc_array_size(a) * (cx ? 2 : 1);
  const unsigned char *p = jaxc_array_data(a), *q = jaxc_array_data(b);
  for (size_t i = 0; i < n; i++, p += w, q += w) {
    if (!memcmp(p, q, w)) continue;
    bool nan_p = half ? elem(a, (int64_t)i) != elem(a, (int64_t)i) : is_nan_bits(p, w);
    bool nan_q = half ? elem(b, (int64_t)i) != elem(b, (int64_t)i) : is_nan_bits(q, w);
    if (!(nan_p && nan_q)) return false;
  }
  return true;
}
/* ---- erfinv ------------------------------------------------------------------------------- */
static const LD PI_L = 3.14159265358979323846264338327950288L;
static const LD SQRT_PI_L = 1.77245385090551602729816748334114518L;

/* erf's inverse in long double: Winitzki's approximation (within 2e-3), then Newton's steps on
   erf (on erfc from 1/2, where 1 - x is exact) */
static LD erfinv_ref(LD x) {
  if (x != x || fabsl(x) > 1) return NAN;
  if (fabsl(x) == 1) return copysignl(INFINITY, x);
  if (x == 0) return x;
  LD ax = fabsl(x), c = 1 - ax, l = logl(c * (1 + ax)), b = 2 / (PI_L * 0.147L) + l / 2;
  LD y = sqrtl(sqrtl(b * b - l / 0.147L) - b);
  for (int i = 0; i < 8; i++) {
    LD d = 2 / SQRT_PI_L * expl(-y * y);
    y -= ax < 0.5L ? (erfl(y) - ax) / d : (c - erfcl(y)) / d;
  }
  return copysignl(y, x);
}
/* x^2 rounded to d, as the algorithm squares x */
static LD square_in(jaxc_dtype d, LD x) { return d == JAXC_F64 ? (LD)((double)x * (double)x) : (LD)((float)x * (float)x); }

/* erfinv's bound in ulps for x^2 rounded to s, w = -log1p(-s): 8, but float64's Giles
   polynomials lose accuracy from w = 11 (|x| > 1 - 2e-5) to 32: measured on 2e6 points, the
   worst error grows about e-fold a unit of w to 14,279 ulps (a relative 3e-12) at w = 21.5 and
   falls as fast beyond (19 ulps at w = 13 and 28, 3.4 at 30; float32's are within 3 ulps): so
   8 + 4 e^(min(w, 43 - w) - 11) */
static double erfinv_bound(jaxc_dtype d, LD s) {
  double w = (double)-log1pl(-s);
  return d == JAXC_F64 ? 8 + 4 * exp(fmin(w, 43 - w) - 11) : 8;
}
/* erfinv of every element within its bound of the inverse at sqrt(x^2 rounded), odd bit for bit */
static void check_erfinv(const char *what, const jaxc_array *x) {
  jaxc_dtype d = jaxc_array_dtype(x);
  uint64_t sum = checksum(x);
  jaxc_array *e = jaxc_unary(JAXC_OP_ERFINV, x), *nx = jaxc_negative(x), *en = jaxc_unary(JAXC_OP_ERFINV, nx);
  CHECK_MSG(e && en && jaxc_array_dtype(e) == d, "%s erfinv: %s", what, jaxc_last_error());
  double worst = 0;
  long bad = 0, bad_odd = 0;
  LD wx = 0;
  for (int64_t i = 0; e && en && i < jaxc_array_size(x); i++) {
    LD v = elem(x, i), g = elem(e, i), s = square_in(d, v);
    /* x F(s) for F(s) = erfinv(sqrt s) / sqrt s: the result is x times a function of s alone */
    LD ref = fabsl(v) > 1 || v != v ? (LD)NAN : s == 0 || fabsl(v) == 1 ? erfinv_ref(v) : v * erfinv_ref(sqrtl(s)) / sqrtl(s);
    double u = ulps(g, ref, d), tol = erfinv_bound(d, s);
    if (u > tol) bad++;
    if (u / tol > worst) worst = u / tol, wx = v;
    LD a = elem(e, i), b = elem(en, i);
    bad_odd += !(a == -b || (a != a && b != b));
  }
  jaxc_array *in_place = jaxc_astype(x, d); /* (the split loop's blocked path: the same bits) */
  CHECK_MSG(in_place && jaxc_unary_into(JAXC_OP_ERFINV, in_place, in_place) && same_bits(in_place, e), "%s erfinv in place", what);
  jaxc_array_free(in_place);
  printf("test_special: %s erfinv, %lld values: within %.2f of its bound (at x = %.17Lg)\n", what, (long long)jaxc_array_size(x), worst, wx);
  CHECK_MSG(bad == 0, "%s erfinv: %ld values beyond the bound (worst %g of it at x = %.17Lg)", what, bad, worst, wx);
  CHECK_MSG(bad_odd == 0, "%s: erfinv(-x) != -erfinv(x) in %ld places", what, bad_odd);
  CHECK_MSG(checksum(x) == sum, "%s: the input changed", what);
  jaxc_array_free(e), jaxc_array_free(nx), jaxc_array_free(en);
}

/* jax.random.normal is sqrt(2) * erf_inv(uniform(nextafter(-1, 0), 1)): the op gives its bits */
static void check_normal_is_erfinv(jaxc_dtype d) {
  jaxc_key key = jaxc_random_key(7);
  int64_t n = 100000;
  double lo = d == JAXC_F64 ? nextafter(-1.0, 0.0) : (double)nextafterf(-1.0f, 0.0f);
  jaxc_array *u = jaxc_random_uniform(key, d, 1, &n, lo, 1.0), *e = jaxc_unary(JAXC_OP_ERFINV, u);
  jaxc_array *r = jaxc_multiply(e, 1.4142135623730951), *want = jaxc_random_normal(key, d, 1, &n);
  CHECK_MSG(r && want && !memcmp(jaxc_array_data(r), jaxc_array_data(want), (size_t)n * jaxc_dtype_size(d)),
            "%s: sqrt(2) erfinv(uniform) = normal", jaxc_dtype_name(d));
  jaxc_array_free(u), jaxc_array_free(e), jaxc_array_free(r), jaxc_array_free(want);
}

static void test_erfinv(void) {
  static const double ed[] = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -2.0, 1e-30, -1e-30, 1e-40, 0.9999999, INFINITY, NAN};
  int64_t ne = (int64_t)(sizeof ed / sizeof ed[0]), n = ((int64_t)1 << 18) + ne;
  for (int t = 0; t < 2; t++) {
    jaxc_dtype d = t ? JAXC_F64 : JAXC_F32;
    jaxc_set_x64(t);
    jaxc_array *x = jaxc_array_empty(d, 1, &n);
    for (int64_t i = 0; i < n; i++) {
      /* uniform in (-1, 1), a quarter of them within 2^-20 of +-1 (down to the last ulps), a
         quarter random bits of [-1, 1] */
      double v = i < ne ? ed[i] : i % 4 == 1 ? 1 - ldexp(uniform(0, 1), -(int)(rnd64() % 53)) : uniform(-1, 1);
      if (i >= ne && i % 4 == 3) v = t ? u2d(rnd64() & 0xbfefffffffffffffu) : (double)u2f((uint32_t)rnd64() & 0xbf7fffffu);
      if (i >= ne && i % 8 == 1) v = -v;
      if (t) ((double *)jaxc_array_data(x))[i] = v;
      else ((float *)jaxc_array_data(x))[i] = (float)v;
    }
    check_erfinv(t ? "float64" : "float32", x);
    jaxc_array *e = jaxc_unary(JAXC_OP_ERFINV, x);
    LD e0 = elem(e, 0), e1 = elem(e, 1);
    CHECK(e0 == 0 && !signbit(e0) && e1 == 0 && signbit(e1) && isinf(elem(e, 2)) && elem(e, 2) > 0 && elem(e, 3) < 0 &&
          isinf(elem(e, 3)) && isnan(elem(e, 6)) && isnan(elem(e, 7)) && isnan(elem(e, 12)) && isnan(elem(e, 13)));
    jaxc_array_free(e), jaxc_array_free(x);
    check_normal_is_erfinv(d);
  }
  jaxc_set_x64(false);
}

/* ---- gammaln, digamma --------------------------------------------------------------------- */
static const LD LANCZOS_C[8] = {676.520368121885098567009190444019L, -1259.13921672240287047156078755283L,
                                771.3234287776530788486528258894L,   -176.61502916214059906584551354L,
                                12.507343278686904814458936853L,     -0.13857109526572011689554707L,
                                9.984369578019570859563e-6L,         1.50563273514931155834e-7L};
/* The sum of the magnitudes of what the algorithm adds for x, in long double: a rounding of
   each (a unit u of it) is what the result can be off by where they cancel */
static LD lanczos_terms(LD x, bool digamma) {
  bool reflect = x < 0.5L;
  LD z = reflect ? -x : x - 1, a = 0.99999999999980993227684700473478L, ap = 0;
  for (int k = 0; k < 8; k++) a += LANCZOS_C[k] / (z + k + 1), ap -= LANCZOS_C[k] / ((z + k + 1) * (z + k + 1));
  LD t = 7.5L + z, lt = logl(t), s;
  if (digamma) s = fabsl(lt) + fabsl(ap / a) + 7 / t;
  else s = 0.92L + (fabsl(z + 0.5L) + t / lt) * lt + fabsl(logl(a));
  if (!reflect) return s;
  LD f = x - roundl(x);
  return s + (digamma ? fabsl(PI_L / tanl(PI_L * f)) : 1.15L + fabsl(logl(fabsl(sinl(PI_L * f)))));
}
/* digamma in long double: the reflection psi(x) = psi(1 - x) - pi cot(pi x) below 1/2, the
   recurrence psi(x) = psi(x + 1) - 1/x up to 20, then the asymptotic series */
static LD digamma_ref(LD x) {
  if (x != x || (x <= 0 && x == floorl(x)) || x == -INFINITY) return NAN;
  if (x == INFINITY) return x;
  LD r = 0;
  if (x < 0.5L) r = -PI_L / tanl(PI_L * (x - roundl(x))), x = 1 - x;
  for (; x < 20; x += 1) r -= 1 / x;
  LD y = 1 / (x * x);
  LD series = y * (1.0L / 12 - y * (1.0L / 120 - y * (1.0L / 252 - y * (1.0L / 240 - y * (1.0L / 132 - y * (691.0L / 32760 - y / 12))))));
  return r + logl(x) - 0.5L / x - series;
}
/* what pi times x's distance to an integer (sin's and cot's argument) loses where it is
   subnormal: its rounding, relative to it, carried into log sin (lgamma) or cot (digamma) */
static LD tiny_arg_error(jaxc_dtype d, LD x, bool digamma) {
  LD f = fabsl(x - roundl(x)), half_tiny = d == JAXC_F64 ? 0x1p-1075L : 0x1p-150L;
  if (!(x < 0.5L) || f == 0) return 0;
  LD rel = half_tiny / (PI_L * f);
  return digamma ? rel * fabsl(PI_L / tanl(PI_L * f)) : rel;
}

/* gammaln and digamma of every element within K u (terms + |result|) of the reference; the
   worst ratio to that is printed and returned */
static void check_gamma(const char *what, const jaxc_array *x, double k_lg, double k_dg) {
  jaxc_dtype d = jaxc_array_dtype(x);
  uint64_t sum = checksum(x);
  LD u = ldexpl(1.0L, -prec_of(d));
  for (int which = 0; which < 2; which++) {
    jaxc_op op = which ? JAXC_OP_DIGAMMA : JAXC_OP_GAMMALN;
    jaxc_array *r = jaxc_unary(op, x);
    CHECK_MSG(r && jaxc_array_dtype(r) == d, "%s %s: %s", what, jaxc_op_name(op), jaxc_last_error());
    double k = which ? k_dg : k_lg, worst = 0;
    long bad = 0;
    LD wx = 0;
    for (int64_t i = 0; r && i < jaxc_array_size(x); i++) {
      LD v = elem(x, i), g = elem(r, i), ref = which ? digamma_ref(v) : isinf(v) ? (LD)INFINITY : lgammal(v);
      if (v != v || isinf(v) || isinf(ref) || ref != ref) { /* NaN, poles, infinities: exactly */
        bad += !(g == ref || (g != g && ref != ref));
        continue;
      }
      LD rd = d == JAXC_F64 ? (LD)(double)ref : (LD)(float)ref;
      if (isinf(g) && g == rd) continue; /* (beyond the dtype's range) */
      LD allowed = (LD)k * u * (lanczos_terms(v, which) + fabsl(ref)) + tiny_arg_error(d, v, which);
      double ratio = (double)(fabsl(g - ref) / allowed) * k;
      if (!(ratio <= k)) bad++;
      if (ratio > worst || ratio != ratio) worst = ratio, wx = v;
    }
    /* in place (the split loop's blocked path): the same bits */
    jaxc_array *in_place = jaxc_astype(x, d);
    CHECK_MSG(in_place && jaxc_unary_into(op, in_place, in_place) && same_bits(in_place, r), "%s %s in place", what,
              jaxc_op_name(op));
    jaxc_array_free(in_place);
    printf("test_special: %s %s, %lld values: within %.2f roundings of the terms (at x = %.9Lg)\n", what,
           jaxc_op_name(op), (long long)jaxc_array_size(x), worst, wx);
    CHECK_MSG(bad == 0, "%s %s: %ld values beyond %g roundings (worst %g at x = %.17Lg)", what, jaxc_op_name(op), bad, k,
              worst, wx);
    jaxc_array_free(r);
  }
  CHECK_MSG(checksum(x) == sum, "%s: the input changed", what);
}

static void test_gamma(void) {
  static const double ed[] = {1.0, 2.0, 0.5, 0.0, -0.0, -1.0, -2.0, -2.5, 1.4616321449683622, 3.0, 10.0, 1e-30, -1e-30,
                              1e-40, 170.5, 1e30, -1e30, 3e38, -0.5, INFINITY, -INFINITY, NAN};
  int64_t ne = (int64_t)(sizeof ed / sizeof ed[0]), n = ((int64_t)1 << 20) + ne;
  for (int t = 0; t < 2; t++) {
    jaxc_dtype d = t ? JAXC_F64 : JAXC_F32;
    jaxc_set_x64(t);
    if (t) n = ((int64_t)1 << 18) + ne;
    jaxc_array *x = jaxc_array_empty(d, 1, &n);
    for (int64_t i = 0; i < n; i++) {
      double v = i < ne ? ed[i] : i % 4 == 1 ? uniform(0, 4) : i % 4 == 2 ? uniform(-40, 40) : uniform(-1, 1) * ldexp(1, (int)(rnd64() % 60) - 30);
      if (i >= ne && i % 16 == 3) v = t ? u2d(rnd64()) : (double)u2f((uint32_t)rnd64()); /* any bits */
      if (t) ((double *)jaxc_array_data(x))[i] = v;
      else ((float *)jaxc_array_data(x))[i] = (float)v;
    }
    check_gamma(t ? "float64" : "float32", x, 6, 10); /* (measured 2.3 and 4.5) */
    /* the documented points: lgamma(+-inf) = +inf, +inf at the poles; digamma NaN at the poles */
    jaxc_array *lg = jaxc_unary(JAXC_OP_GAMMALN, x), *dg = jaxc_unary(JAXC_OP_DIGAMMA, x);
    CHECK(isinf(elem(lg, 3)) && isinf(elem(lg, 5)) && isinf(elem(lg, 19)) && isinf(elem(lg, 20)) && elem(lg, 20) > 0 &&
          isnan(elem(lg, 21)));
    CHECK(isnan(elem(dg, 3)) && isnan(elem(dg, 4)) && isnan(elem(dg, 5)) && isinf(elem(dg, 19)) && isnan(elem(dg, 20)));
    CHECK(fabsl(elem(dg, 0) + 0.5772156649015329L) < 1e-6L && fabsl(elem(lg, 2) - logl(SQRT_PI_L)) < 1e-6L);
    jaxc_array_free(lg), jaxc_array_free(dg), jaxc_array_free(x);
  }
  jaxc_set_x64(false);
}

/* ---- xlogy, xlog1py, logit, entr ---------------------------------------------------------- */
/* JAX's definitions, op by op: where(x != 0, x * log(y) [log1p], 0); log(x / (1 - x));
   where(x < 0, -inf, -xlogy(x, x)) */
static jaxc_array *xlogy_by_ops(const jaxc_array *x, const jaxc_array *y, bool p1) {
  jaxc_array *l = p1 ? jaxc_log1p(y) : jaxc_log(y), *m = jaxc_multiply(x, l), *ok = jaxc_not_equal(x, 0.0);
  jaxc_array *zero = jaxc_weak_int(0), *r = jaxc_where(ok, m, zero);
  jaxc_array_free(l), jaxc_array_free(m), jaxc_array_free(ok), jaxc_array_free(zero);
  return r;
}
static jaxc_array *logit_by_ops(const jaxc_array *x) {
  jaxc_array *s = jaxc_subtract(1, x), *q = jaxc_true_divide(x, s), *r = jaxc_log(q);
  jaxc_array_free(s), jaxc_array_free(q);
  return r;
}
static jaxc_array *entr_by_ops(const jaxc_array *x) {
  jaxc_array *xl = xlogy_by_ops(x, x, false), *neg = jaxc_negative(xl), *lt = jaxc_less(x, 0);
  jaxc_array *minf = jaxc_weak_float(-INFINITY), *r = jaxc_where(lt, minf, neg);
  jaxc_array_free(xl), jaxc_array_free(neg), jaxc_array_free(lt), jaxc_array_free(minf);
  return r;
}
/* values where the definitions branch: 0, -1, 1, +-inf, NaN, and a spread of others */
static double special_value(void) {
  static const double picks[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, INFINITY, -INFINITY, NAN, 1e-30};
  uint64_t r = rnd64();
  if (r % 4 == 0) return picks[(r >> 8) % 10];
  return r % 4 == 1 ? uniform(-1.5, 1.5) : r % 4 == 2 ? uniform(0, 100) : uniform(-5, 5) * ldexp(1, (int)((r >> 8) % 80) - 40);
}
static void test_compositions(void) {
  const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64, JAXC_BF16, JAXC_F16, JAXC_C64, JAXC_C128};
  int64_t n = 5000;
  jaxc_set_x64(true);
  for (size_t k = 0; k < sizeof ds / sizeof ds[0]; k++) {
    jaxc_dtype d = ds[k];
    bool cx = jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX;
    jaxc_array *x = jaxc_array_empty(JAXC_C128, 1, &n), *y = jaxc_array_empty(JAXC_C128, 1, &n);
    double *px = (double *)jaxc_array_data(x), *py = (double *)jaxc_array_data(y);
    for (int64_t i = 0; i < 2 * n; i++) px[i] = (i % 2 && !cx) ? 0 : special_value(), py[i] = (i % 2 && !cx) ? 0 : special_value();
    jaxc_array *xd = jaxc_astype(x, d), *yd = jaxc_astype(y, d);
    uint64_t sx = checksum(xd), sy = checksum(yd);
    for (int p1 = 0; p1 < 2; p1++) {
      jaxc_array *got = p1 ? jaxc_xlog1py(xd, yd) : jaxc_xlogy(xd, yd), *want = xlogy_by_ops(xd, yd, p1);
      CHECK_MSG(same_bits(got, want), "%s %s = JAX's ops", jaxc_dtype_name(d), p1 ? "xlog1py" : "xlogy");
      jaxc_array_free(got), jaxc_array_free(want);
    }
    jaxc_array *got = jaxc_logit(xd), *want = logit_by_ops(xd);
    CHECK_MSG(same_bits(got, want), "%s logit = JAX's ops", jaxc_dtype_name(d));
    jaxc_array_free(got), jaxc_array_free(want);
    if (!cx) {
      got = jaxc_entr(xd), want = entr_by_ops(xd);
      CHECK_MSG(same_bits(got, want), "%s entr = JAX's ops", jaxc_dtype_name(d));
      jaxc_array_free(got), jaxc_array_free(want);
    }
    CHECK_MSG(checksum(xd) == sx && checksum(yd) == sy, "%s: the inputs changed", jaxc_dtype_name(d));
    /* float32 and float64 against long double: two roundings for xlogy; logit's log sees x / (1 - x)
       to two roundings, an absolute error of 2u in its result */
    if (d == JAXC_F32 || d == JAXC_F64) {
      jaxc_array *xy = jaxc_xlogy(xd, yd), *x1 = jaxc_xlog1py(xd, yd), *lg = jaxc_logit(xd), *en = jaxc_entr(xd);
      LD u = ldexpl(1.0L, -prec_of(d));
      long bad = 0;
      for (int64_t i = 0; i < n; i++) {
        LD a = elem(xd, i), b = elem(yd, i);
        LD r1 = a == 0 ? 0 : a * logl(b), r2 = a == 0 ? 0 : a * log1pl(b), r3 = logl(a / (1 - a)), r4 = a < 0 ? -INFINITY : a == 0 ? 0 : -a * logl(a);
        bad += ulps(elem(xy, i), r1, d) > 2 || ulps(elem(x1, i), r2, d) > 2 || ulps(elem(en, i), r4, d) > 2;
        LD g3 = elem(lg, i);
        bad += !(g3 == r3 || (g3 != g3 && r3 != r3) || fabsl(g3 - r3) <= 3 * u + ldexpl(fabsl(r3), -prec_of(d)));
      }
      CHECK_MSG(bad == 0, "%s: %ld of xlogy, xlog1py, logit, entr beyond their roundings", jaxc_dtype_name(d), bad);
      jaxc_array_free(xy), jaxc_array_free(x1), jaxc_array_free(lg), jaxc_array_free(en);
    }
    jaxc_array_free(xd), jaxc_array_free(yd), jaxc_array_free(x), jaxc_array_free(y);
  }
  jaxc_set_x64(false);
  /* the defining points, in float32: xlogy(0, y) = +0 whatever y; entr(0) = -0 (the negated
     0), entr(x < 0) = -inf; logit(0), logit(1) = -inf, +inf */
  float xs[] = {0.0f, 0.0f, 0.0f, -0.0f, 1.0f, 2.0f, 0.5f, -1.0f};
  float ys[] = {0.0f, NAN, -1.0f, 5.0f, 0.0f, -1.0f, 1.0f, 2.0f};
  jaxc_array *X = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){8}, xs), *Y = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){8}, ys);
  jaxc_array *a = jaxc_xlogy(X, Y), *b = jaxc_xlog1py(X, Y), *c = jaxc_logit(Y), *e = jaxc_entr(X);
  const float *pa = jaxc_array_data(a), *pb = jaxc_array_data(b), *pc = jaxc_array_data(c), *pe = jaxc_array_data(e);
  for (int i = 0; i < 4; i++) CHECK_MSG(pa[i] == 0 && !signbit(pa[i]) && pb[i] == 0 && !signbit(pb[i]), "xlogy(0, y) at %d", i);
  CHECK(pa[4] == -INFINITY && pb[5] == -INFINITY && pc[0] == -INFINITY && pc[6] == INFINITY && isnan(pc[5]));
  CHECK(pe[0] == 0 && signbit(pe[0]) && pe[4] == 0 && signbit(pe[4]) && pe[7] == -INFINITY && pe[6] == 0.5f * logf(2.0f));
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c), jaxc_array_free(e), jaxc_array_free(X), jaxc_array_free(Y);
}

/* bfloat16 and float16: float32's result rounded once, for every input (xlogy and xlog1py with
   a second operand of every value, the first fixed per block) */
static void test_new_16bit(void) {
  const jaxc_op ops[] = {JAXC_OP_ERFINV, JAXC_OP_GAMMALN, JAXC_OP_DIGAMMA, JAXC_OP_GAMMASGN};
  for (int t = 0; t < 2; t++) {
    jaxc_dtype d = t ? JAXC_F16 : JAXC_BF16;
    jaxc_array *x = all_16bit(d);
    jaxc_array *x32 = jaxc_astype(x, JAXC_F32);
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
      jaxc_array *r = jaxc_unary(ops[k], x), *r32 = jaxc_unary(ops[k], x32), *back = jaxc_astype(r32, d);
      CHECK_MSG(same_bits(r, back), "%s %s = float32's, rounded", jaxc_dtype_name(d), jaxc_op_name(ops[k]));
      jaxc_array_free(r), jaxc_array_free(r32), jaxc_array_free(back);
    }
    jaxc_array_free(x32), jaxc_array_free(x);
  }
}

static void test_new_dtypes_and_errors(void) {
  /* promote_args_inexact: int8 -> float32, a weak int -> weak float32, bool pairs -> float32 */
  jaxc_array *i8 = small_random_array(JAXC_I8, 1, (int64_t[]){9}), *f = jaxc_astype(i8, JAXC_F32);
  const jaxc_op un[] = {JAXC_OP_ERFINV, JAXC_OP_GAMMALN, JAXC_OP_DIGAMMA, JAXC_OP_LOGIT, JAXC_OP_ENTR};
  for (size_t k = 0; k < sizeof un / sizeof un[0]; k++) {
    jaxc_array *r = jaxc_unary(un[k], i8), *rf = jaxc_unary(un[k], f);
    CHECK_MSG(same_bits(r, rf), "%s(int8) = %s(float32)", jaxc_op_name(un[k]), jaxc_op_name(un[k]));
    jaxc_array_free(r), jaxc_array_free(rf);
  }
  jaxc_array *w = jaxc_weak_int(3), *r = jaxc_gammaln(w);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_is_weak(r) && fabsl(elem(r, 0) - logl(2)) < 1e-6L);
  jaxc_array_free(r);
  r = jaxc_xlogy(w, 2.0); /* two weak operands: a weak float32 */
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_is_weak(r) && fabsl(elem(r, 0) - 3 * logl(2)) < 1e-6L);
  jaxc_array_free(r);
  r = jaxc_xlogy(f, 2); /* a C scalar broadcast: the array's dtype */
  jaxc_array *two = jaxc_array_from_data(JAXC_F32, 0, NULL, (float[]){2.0f}), *r2 = jaxc_xlogy(f, two);
  CHECK(same_bits(r, r2));
  jaxc_array_free(r), jaxc_array_free(r2), jaxc_array_free(two), jaxc_array_free(w), jaxc_array_free(i8), jaxc_array_free(f);
  jaxc_array *z = small_random_array(JAXC_C64, 1, (int64_t[]){2});
  expect_error(jaxc_erfinv(z), "erf_inv does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  expect_error(jaxc_gammaln(z), "lgamma does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  expect_error(jaxc_digamma(z), "digamma does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  expect_error(jaxc_entr(z), "entr does not support complex-valued inputs.");
  expect_error(jaxc_gammaln(NULL), "gammaln: the operand is NULL");
  expect_error(jaxc_xlogy(z, NULL), "xlogy: an operand is NULL");
  jaxc_array *a = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3}), *b = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4});
  r = jaxc_xlogy(a, b);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_SHAPE);
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(z);
}

/* ---- gammasgn, gamma, factorial ----------------------------------------------------------- */
/* JAX's definitions, op by op: select([(x < 0 & x == floor(x)) | isnan(x), (x < 0 & floor(x) % 2 !=
   0) | (x == 0 & signbit(x))], [nan, -1], 1); gammasgn(x) * exp(lgamma(x)); where(n < 0, 0,
   exp(lgamma(n + 1))) */
static jaxc_array *gammasgn_by_ops(const jaxc_array *x) {
  jaxc_array *fl = jaxc_floor(x), *neg = jaxc_less(x, 0), *isint = jaxc_equal(x, fl), *nan = jaxc_isnan(x);
  jaxc_array *c1a = jaxc_logical_and(neg, isint), *c1 = jaxc_logical_or(c1a, nan);
  jaxc_array *m2 = jaxc_remainder(fl, 2), *odd = jaxc_not_equal(m2, 0), *c2a = jaxc_logical_and(neg, odd);
  jaxc_array *zero = jaxc_equal(x, 0), *sb = jaxc_signbit(x), *c2b = jaxc_logical_and(zero, sb), *c2 = jaxc_logical_or(c2a, c2b);
  jaxc_array *vnan = jaxc_weak_float(NAN), *vm1 = jaxc_weak_float(-1), *v1 = jaxc_weak_float(1);
  jaxc_array *inner = jaxc_where(c2, vm1, v1), *r0 = jaxc_where(c1, vnan, inner), *r = jaxc_astype(r0, jaxc_array_dtype(x));
  jaxc_array *all[] = {fl, neg, isint, nan, c1a, c1, m2, odd, c2a, zero, sb, c2b, c2, vnan, vm1, v1, inner, r0};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) jaxc_array_free(all[i]);
  return r;
}
static jaxc_array *gamma_by_ops(const jaxc_array *x, bool factorial) {
  jaxc_array *n1 = factorial ? jaxc_add(x, 1) : jaxc_astype(x, jaxc_array_dtype(x));
  jaxc_array *lg = jaxc_gammaln(n1), *e = jaxc_exp(lg), *r;
  if (factorial) {
    jaxc_array *lt = jaxc_less(x, 0), *zero = jaxc_weak_int(0);
    r = jaxc_where(lt, zero, e);
    jaxc_array_free(lt), jaxc_array_free(zero);
  } else {
    jaxc_array *sg = gammasgn_by_ops(x);
    r = jaxc_multiply(sg, e);
    jaxc_array_free(sg);
  }
  jaxc_array_free(n1), jaxc_array_free(lg), jaxc_array_free(e);
  return r;
}
static void test_gamma_compositions(void) {
  const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64, JAXC_BF16, JAXC_F16};
  static const double ed[] = {0.0, -0.0, 1.0, -1.0, -2.5, -3.5, 0.5, 5.0, 34.5, 171.5, 1e30, -1e30, 16777217.0, -16777215.5,
                              INFINITY, -INFINITY, NAN};
  int64_t ne = (int64_t)(sizeof ed / sizeof ed[0]), n = 20000;
  jaxc_set_x64(true);
  for (size_t k = 0; k < sizeof ds / sizeof ds[0]; k++) {
    jaxc_dtype d = ds[k];
    jaxc_array *x64 = jaxc_array_empty(JAXC_F64, 1, &n);
    double *p = (double *)jaxc_array_data(x64);
    for (int64_t i = 0; i < n; i++)
      p[i] = i < ne ? ed[i] : i % 3 == 0 ? uniform(-40, 40) : i % 3 == 1 ? (double)(int)uniform(-30, 180) : uniform(-1, 1) * ldexp(1, (int)(rnd64() % 40) - 20);
    jaxc_array *x = jaxc_astype(x64, d);
    uint64_t sum = checksum(x);
    jaxc_array *s = jaxc_gammasgn(x), *sw = gammasgn_by_ops(x), *g = jaxc_gamma(x), *gw = gamma_by_ops(x, false);
    jaxc_array *f = jaxc_factorial(x), *fw = gamma_by_ops(x, true);
    CHECK_MSG(same_bits(s, sw), "%s gammasgn = JAX's ops", jaxc_dtype_name(d));
    CHECK_MSG(same_bits(g, gw), "%s gamma = JAX's ops", jaxc_dtype_name(d));
    CHECK_MSG(same_bits(f, fw), "%s factorial = JAX's ops", jaxc_dtype_name(d));
    CHECK_MSG(checksum(x) == sum, "%s: the input changed", jaxc_dtype_name(d));
    /* float32, float64: the sign is tgamma's, the value within exp's error plus the relative
       error lgamma's absolute one makes (its bound above) */
    if (d == JAXC_F32 || d == JAXC_F64) {
      LD u = ldexpl(1.0L, -prec_of(d));
      long bad_s = 0, bad_g = 0;
      for (int64_t i = 0; i < n; i++) {
        LD v = elem(x, i), sg = elem(s, i), gv = elem(g, i);
        bool pole = v != v || v == -INFINITY || (v <= 0 && v == floorl(v) && v != 0);
        LD t = tgammal(v);
        if (pole) { bad_s += sg == sg; continue; }
        bad_s += sg != (signbit(v == 0 ? v : t) ? -1 : 1);
        LD rd = d == JAXC_F64 ? (LD)(double)t : (LD)(float)t;
        if (isinf(rd) || rd == 0 || isinf(t)) continue; /* (beyond the dtype's range: exp's overflow or underflow) */
        if (fabsl(rd) < ldexpl(1.0L, emin_of(d))) continue; /* (subnormal results) */
        LD lg = lgammal(v), allowed = 6 * u * (lanczos_terms(v, false) + fabsl(lg)) + tiny_arg_error(d, v, false) + 2 * u;
        bad_g += !(fabsl(gv - t) <= allowed * fabsl(t));
      }
      CHECK_MSG(bad_s == 0 && bad_g == 0, "%s: %ld gammasgn and %ld gamma values off", jaxc_dtype_name(d), bad_s, bad_g);
      /* factorial of 0..20: n! (exact in long double) within the same bound */
      for (int m = 0; m <= 20; m++) {
        LD fact = 1;
        for (int j = 2; j <= m; j++) fact *= j;
        jaxc_array *nm = jaxc_array_from_data(JAXC_F64, 0, NULL, &(double){m}), *nd = jaxc_astype(nm, d), *fm = jaxc_factorial(nd);
        LD allowed = 6 * u * (lanczos_terms(m + 1, false) + lgammal(m + 1)) + 2 * u;
        CHECK_MSG(fm && fabsl(elem(fm, 0) - fact) <= allowed * fact, "%s factorial(%d)", jaxc_dtype_name(d), m);
        jaxc_array_free(nm), jaxc_array_free(nd), jaxc_array_free(fm);
      }
    }
    jaxc_array *all[] = {x64, x, s, sw, g, gw, f, fw};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) jaxc_array_free(all[i]);
  }
  jaxc_set_x64(false);
  /* the documented points (float32): gamma(+-0) = +-inf, NaN at the negative integers and -inf,
     gammasgn(-2.5) = -1, gammasgn(-3.5) = +1, factorial(-0.5) = 0 */
  float xs[] = {0.0f, -0.0f, -2.0f, -INFINITY, -2.5f, -3.5f, -0.5f, 4.0f};
  jaxc_array *X = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){8}, xs);
  jaxc_array *g = jaxc_gamma(X), *s = jaxc_gammasgn(X), *f = jaxc_factorial(X);
  const float *pg = jaxc_array_data(g), *ps = jaxc_array_data(s), *pf = jaxc_array_data(f);
  CHECK(pg[0] == INFINITY && pg[1] == -INFINITY && isnan(pg[2]) && isnan(pg[3]) && ps[4] == -1 && ps[5] == 1);
  CHECK(pf[6] == 0 && fabsf(pf[7] - 24) < 1e-4f && fabsf(pg[7] - 6) < 1e-5f && ps[1] == -1 && ps[0] == 1);
  jaxc_array *z = small_random_array(JAXC_C64, 1, (int64_t[]){2});
  expect_error(jaxc_gamma(z), "floor does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  expect_error(jaxc_gammasgn(z), "floor does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  expect_error(jaxc_factorial(z), "lt does not accept dtype complex64. Accepted dtypes are subtypes of integer, floating, bool.");
  jaxc_array_free(z), jaxc_array_free(g), jaxc_array_free(s), jaxc_array_free(f), jaxc_array_free(X);
}

/* ---- zeta, polygamma ---------------------------------------------------------------------- */
/* Hurwitz's zeta in long double, for a > 0: thirty terms, then Euler-Maclaurin at a + 30 with
   the Bernoulli numbers to B_20 (a remainder below 2^-64 of the sum for x <= 60) */
static LD zeta_ref(LD x, LD a) {
  static const LD B2k[] = {1.0L / 6, -1.0L / 30, 1.0L / 42, -1.0L / 30, 5.0L / 66, -691.0L / 2730, 7.0L / 6, -3617.0L / 510,
                           43867.0L / 798, -174611.0L / 330};
  LD s = 0;
  for (int k = 0; k < 30; k++) s += powl(a + k, -x);
  LD A = a + 30, t = powl(A, -x), fact = 1, rising = x / A; /* x (x+1) .. (x+2j-2) / A^(2j-1) */
  s += A * t / (x - 1) + t / 2;
  for (int j = 1; j <= 10; j++) {
    fact *= (2 * j - 1) * (2 * j); /* (2j)! */
    s += t * B2k[j - 1] / fact * rising;
    rising *= (x + 2 * j - 1) * (x + 2 * j) / (A * A);
  }
  return s;
}
/* What the algorithm sums for (x, q) in dtype d: the ten terms at q + k as it rounds them
   (acc = acc + 1 in d: the rest of the algorithm sees only these), Hurwitz's zeta at the
   eleventh for the Euler-Maclaurin part; *terms gets the sum of the magnitudes it adds, *em
   the first Bernoulli term it leaves out, B_26 / 26! x (x+1) .. (x+24) a^(-x-25), *sub what
   subnormal powers can be off by: half the least subnormal each, a / (x - 1) times that in the
   term a^-x a / (x - 1) */
static LD zeta_seen(jaxc_dtype d, LD x, LD q, LD *terms, LD *em, LD *sub) {
  LD acc = q, s = 0, mag = 0;
  for (int k = 0; k < 10; k++) {
    LD t = powl(acc, -x);
    s += t, mag += fabsl(t);
    acc = d == JAXC_F64 ? (LD)((double)acc + 1.0) : (LD)((float)acc + 1.0f);
  }
  LD t = powl(acc, -x), r = x;
  for (int j = 1; j <= 24; j++) r *= (x + j) / acc;
  *em = fabsl(t * r / acc) * 3.5347e-21L;
  *sub = (d == JAXC_F64 ? 0x1p-1075L : 0x1p-150L) * (12 + fabsl(acc / (x - 1)));
  LD z = zeta_ref(x, acc);
  *terms = mag + fabsl(z) + fabsl(t * acc / (x - 1)) + fabsl(t) * (1 + fabsl(x / acc));
  return s + z;
}
/* zeta of every element within K u (terms + |result|) + twice the first term Euler-Maclaurin
   leaves out of what it sums and twice what subnormal powers lose; the worst ratio printed */
static void check_zeta(const char *what, const jaxc_array *x, const jaxc_array *q, double k) {
  jaxc_dtype d = jaxc_array_dtype(x);
  uint64_t sx = checksum(x), sq = checksum(q);
  LD u = ldexpl(1.0L, -prec_of(d)), big = d == JAXC_F64 ? DBL_MAX : FLT_MAX;
  jaxc_array *z = jaxc_zeta(x, q);
  CHECK_MSG(z && jaxc_array_dtype(z) == d, "%s zeta: %s", what, jaxc_last_error());
  double worst = 0;
  long bad = 0, n_checked = 0;
  LD wx = 0, wq = 0;
  for (int64_t i = 0; z && i < jaxc_array_size(x); i++) {
    LD xv = elem(x, i), qv = elem(q, i), g = elem(z, i), terms, em, sub;
    if (!(xv > 1) || !(qv > -9) || (qv <= 0 && xv != floorl(xv)) || (qv == floorl(qv) && qv <= 0) || isinf(xv)) continue;
    LD ref = zeta_seen(d, xv, qv, &terms, &em, &sub);
    if (!(fabsl(ref) < big) || !(terms < big)) continue; /* (beyond the dtype: inf or NaN on the way) */
    LD allowed = (LD)k * u * (terms + fabsl(ref)) + 2 * em + 2 * sub;
    double ratio = (double)(fabsl(g - ref) / allowed) * k;
    n_checked++;
    if (!(ratio <= k)) bad++;
    if (ratio > worst || ratio != ratio) worst = ratio, wx = xv, wq = qv;
  }
  printf("test_special: %s zeta, %ld values: within %.2f roundings of the terms (at x = %.9Lg, q = %.9Lg)\n", what, n_checked,
         worst, wx, wq);
  CHECK_MSG(bad == 0, "%s zeta: %ld values beyond %g roundings (worst %g at x = %.17Lg, q = %.17Lg)", what, bad, k, worst, wx, wq);
  CHECK_MSG(n_checked > jaxc_array_size(x) / 2, "%s zeta: only %ld values checked", what, n_checked);
  jaxc_array *in_place = jaxc_astype(x, d); /* (the split loop's blocked path: the same bits) */
  CHECK_MSG(in_place && jaxc_binary_into(JAXC_OP_ZETA, in_place, q, in_place) && same_bits(in_place, z), "%s zeta in place", what);
  CHECK_MSG(checksum(x) == sx && checksum(q) == sq, "%s: an input changed", what);
  jaxc_array_free(in_place), jaxc_array_free(z);
}
static void test_zeta(void) {
  for (int t = 0; t < 2; t++) {
    jaxc_dtype d = t ? JAXC_F64 : JAXC_F32;
    jaxc_set_x64(true); /* (the float64 staging arrays) */
    int64_t n = t ? (int64_t)1 << 15 : (int64_t)1 << 17;
    jaxc_array *X = jaxc_array_empty(JAXC_F64, 1, &n), *Q = jaxc_array_empty(JAXC_F64, 1, &n);
    double *px = (double *)jaxc_array_data(X), *pq = (double *)jaxc_array_data(Q);
    for (int64_t i = 0; i < n; i++) {
      /* x: mostly (1, 5], some to 60, some 1 + 2^-k; q: (0, 12], spread over 2^-30 .. 2^30, or
         below 0 (not an integer) with an integer x */
      int kind = (int)(i % 8);
      double x = kind < 4 ? uniform(1, 5) : kind < 6 ? uniform(1, 60) : 1 + ldexp(uniform(1, 2), -(int)(rnd64() % 40) - 1);
      double q = kind % 2 ? uniform(0, 12) : ldexp(uniform(1, 2), (int)(rnd64() % 61) - 30);
      if (kind == 2) x = (double)(2 + rnd64() % 20), q = -uniform(0, 9);
      px[i] = x, pq[i] = q;
    }
    jaxc_array *x = jaxc_astype(X, d), *q = jaxc_astype(Q, d);
    jaxc_set_x64(t);
    check_zeta(jaxc_dtype_name(d), x, q, 8);
    jaxc_array_free(X), jaxc_array_free(Q), jaxc_array_free(x), jaxc_array_free(q);
  }
  jaxc_set_x64(false);
  /* known values: zeta(2, 1) = pi^2/6, zeta(4, 1) = pi^4/90, zeta(2, 1/2) = pi^2/2, zeta(3, 1) = Apery's constant,
     zeta(2, -1/2) = 4 + pi^2/2; and the documented points: inf at x = 1 (any q) and at the poles q = 0, -1, ..
     for even x, NaN there for odd x, NaN for x < 1 and for q <= 0 with x not an integer */
  float xs[] = {2, 4, 2, 3, 2, 1, 1, 2, 3, 0.5f, 2.5f, NAN, 2, 60, 1e30f, 1e30f};
  float qs[] = {1, 1, 0.5f, 1, -0.5f, 3, NAN, -2, -1, 1, -0.5f, 1, NAN, 1, 1, 2};
  const LD want[] = {PI_L * PI_L / 6, PI_L * PI_L * PI_L * PI_L / 90, PI_L * PI_L / 2, 1.2020569031595942853997381615L, 4 + PI_L * PI_L / 2};
  int64_t m = (int64_t)(sizeof xs / sizeof xs[0]);
  jaxc_array *x = jaxc_array_from_data(JAXC_F32, 1, &m, xs), *q = jaxc_array_from_data(JAXC_F32, 1, &m, qs), *z = jaxc_zeta(x, q);
  for (int i = 0; z && i < 5; i++) CHECK_MSG(ulps(elem(z, i), want[i], JAXC_F32) <= 4, "zeta(%g, %g) = %.9Lg", (double)xs[i], (double)qs[i], elem(z, i));
  CHECK(z && elem(z, 5) == INFINITY && elem(z, 6) == INFINITY && elem(z, 7) == INFINITY && isnan(elem(z, 8)) && isnan(elem(z, 9)));
  CHECK(z && isnan(elem(z, 10)) && isnan(elem(z, 11)) && isnan(elem(z, 12)) && elem(z, 13) == 1);
  /* x = 1e30: the Bernoulli sum overflows and a^-x is 0, so the Euler-Maclaurin part is 0 * inf;
     at q = 1 the power sum alone (1: its first term) is taken, at q = 2 it is 0 too: NaN */
  CHECK(z && elem(z, 14) == 1 && isnan(elem(z, 15)));
  jaxc_array_free(x), jaxc_array_free(q), jaxc_array_free(z);
}

/* JAX's polygamma, op by op as chlo.polygamma decomposes: (2 rem(n, 2) - 1) exp(lgamma(n + 1))
   zeta(n + 1, x), digamma(x) where n == 0, NaN where n is no natural number */
static jaxc_array *polygamma_by_ops(const jaxc_array *n, const jaxc_array *x) {
  jaxc_array *n1 = jaxc_add(n, 1), *r2 = jaxc_fmod(n, 2), *t2 = jaxc_multiply(2, r2), *sg = jaxc_subtract(t2, 1);
  jaxc_array *lg = jaxc_gammaln(n1), *e = jaxc_exp(lg), *se = jaxc_multiply(sg, e), *z = jaxc_zeta(n1, x), *pg = jaxc_multiply(se, z);
  jaxc_array *n0 = jaxc_equal(n, 0), *dg = jaxc_digamma(x), *r = jaxc_where(n0, dg, pg);
  jaxc_array *fl = jaxc_floor(n), *ni = jaxc_not_equal(n, fl), *ng = jaxc_less(n, 0), *bad = jaxc_logical_or(ni, ng);
  jaxc_array *nan = jaxc_weak_float(NAN), *out = jaxc_where(bad, nan, r);
  jaxc_array *all[] = {n1, r2, t2, sg, lg, e, se, z, pg, n0, dg, r, fl, ni, ng, bad, nan};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) jaxc_array_free(all[i]);
  return out;
}
static void test_polygamma(void) {
  for (int t = 0; t < 2; t++) {
    jaxc_dtype d = t ? JAXC_F64 : JAXC_F32;
    jaxc_set_x64(true); /* (the float64 staging array) */
    int64_t m = 40000;
    jaxc_array *N = jaxc_array_empty(JAXC_I32, 1, &m), *X = jaxc_array_empty(JAXC_F64, 1, &m);
    int32_t *pn = (int32_t *)jaxc_array_data(N);
    double *px = (double *)jaxc_array_data(X);
    for (int64_t i = 0; i < m; i++) {
      pn[i] = i % 16 == 0 ? -(int32_t)(rnd64() % 3) - 1 : (int32_t)(rnd64() % 12);
      px[i] = i % 4 == 0 ? uniform(-8, 8) : i % 4 == 1 ? (double)(int)uniform(-4, 20) : uniform(0, 30);
    }
    jaxc_array *x = jaxc_astype(X, d), *nd = jaxc_astype(N, d);
    jaxc_set_x64(t);
    uint64_t sn = checksum(N), sx = checksum(x);
    jaxc_array *p = jaxc_polygamma(N, x), *want = polygamma_by_ops(nd, x), *dg = jaxc_digamma(x);
    CHECK_MSG(p && jaxc_array_dtype(p) == d, "%s polygamma: %s", jaxc_dtype_name(d), jaxc_last_error());
    CHECK_MSG(same_bits(p, want), "%s polygamma = JAX's ops", jaxc_dtype_name(d));
    CHECK_MSG(checksum(N) == sn && checksum(x) == sx, "%s polygamma: an input changed", jaxc_dtype_name(d));
    /* (-1)^(n+1) n! zeta(n + 1, x): n! within exp's error plus the relative error of lgamma's
       absolute one, zeta(n + 1, x) within its bound above; digamma's bits at n = 0; NaN for n < 0 */
    LD u = ldexpl(1.0L, -prec_of(d)), big = d == JAXC_F64 ? DBL_MAX : FLT_MAX;
    long bad = 0, n_checked = 0;
    for (int64_t i = 0; p && i < m; i++) {
      LD g = elem(p, i), xv = elem(x, i);
      int nv = pn[i];
      if (nv < 0) { bad += g == g; continue; }
      if (nv == 0) { bad += !(g == elem(dg, i) || (g != g && elem(dg, i) != elem(dg, i))); continue; }
      if (!(xv > -9) || (xv == floorl(xv) && xv <= 0)) continue;
      LD terms, em, sub, fact = 1;
      for (int j = 2; j <= nv; j++) fact *= j;
      LD zr = zeta_seen(d, nv + 1, xv, &terms, &em, &sub), ref = (nv % 2 ? 1 : -1) * fact * zr;
      if (!(fabsl(ref) < big) || !(terms * fact < big)) continue;
      LD rel_fact = 6 * u * (lanczos_terms(nv + 1, false) + lgammal(nv + 1)) + 2 * u;
      LD allowed = fact * (8 * u * (terms + fabsl(zr)) + 2 * em + 2 * sub) + rel_fact * fabsl(ref) + u * fabsl(ref);
      bad += !(fabsl(g - ref) <= allowed);
      n_checked++;
    }
    CHECK_MSG(bad == 0 && n_checked > m / 2, "%s polygamma: %ld of %ld values off", jaxc_dtype_name(d), bad, n_checked);
    jaxc_array *all[] = {N, X, x, nd, p, want, dg};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) jaxc_array_free(all[i]);
  }
  jaxc_set_x64(false);
  /* known values: polygamma(1, 1) = pi^2/6, (1, 1/2) = pi^2/2, (2, 1) = -2 zeta(3), (3, 1) = pi^4/15,
     (1, -1.5) = pi^2 - polygamma(1, 2.5) (reflection); inf at (1, 0), NaN at (1, inf) (zeta's
     Euler-Maclaurin part is 0 * inf there, as in JAX) and for negative n */
  int32_t ns[] = {1, 1, 2, 3, 1, 1, 1, -1};
  float xs[] = {1, 0.5f, 1, 1, -1.5f, 0, INFINITY, 2};
  const LD want[] = {PI_L * PI_L / 6, PI_L * PI_L / 2, -2 * 1.2020569031595942853997381615L, PI_L * PI_L * PI_L * PI_L / 15,
                     PI_L * PI_L - (PI_L * PI_L / 2 - 4 - 4.0L / 9)};
  int64_t m = 8;
  jaxc_array *n = jaxc_array_from_data(JAXC_I32, 1, &m, ns), *x = jaxc_array_from_data(JAXC_F32, 1, &m, xs), *p = jaxc_polygamma(n, x);
  /* (n! = exp(lgamma(n + 1)) carries lgamma's absolute error: 8.7 ulps at n = 3) */
  for (int i = 0; p && i < 5; i++) CHECK_MSG(ulps(elem(p, i), want[i], JAXC_F32) <= 16, "polygamma(%d, %g) = %.9Lg", ns[i], (double)xs[i], elem(p, i));
  CHECK(p && elem(p, 5) == INFINITY && isnan(elem(p, 6)) && isnan(elem(p, 7)));
  jaxc_array_free(p), jaxc_array_free(n);
  /* a C int for n (a weak int: float32 with x) */
  jaxc_array *p1 = jaxc_polygamma(2, x), *n2 = jaxc_array_from_data(JAXC_F32, 0, NULL, (float[]){2}), *p2 = polygamma_by_ops(n2, x);
  CHECK(same_bits(p1, p2) && !jaxc_array_is_weak(p1));
  jaxc_array_free(p1), jaxc_array_free(n2), jaxc_array_free(p2), jaxc_array_free(x);
}

/* bfloat16 and float16: float32's result rounded once, every x (zeta: every x for a few q and
   every q for a few x; polygamma: every x for a few n) */
static void test_zeta_16bit(void) {
  const float fixed[] = {1, 0.5f, 3, -2, -2.5f, 7.25f};
  for (int t = 0; t < 2; t++) {
    jaxc_dtype d = t ? JAXC_F16 : JAXC_BF16;
    jaxc_array *all = all_16bit(d);
    jaxc_array *all32 = jaxc_astype(all, JAXC_F32);
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++) {
      jaxc_array *c = jaxc_array_from_data(JAXC_F32, 0, NULL, &fixed[k]), *c16 = jaxc_astype(c, d);
      for (int side = 0; side < 3; side++) {
        jaxc_array *r, *r32;
        if (side == 0) r = jaxc_zeta(all, c16), r32 = jaxc_zeta(all32, c);
        else if (side == 1) r = jaxc_zeta(c16, all), r32 = jaxc_zeta(c, all32);
        else {
          jaxc_array *nn = jaxc_array_from_data(JAXC_I32, 0, NULL, &(int32_t){(int32_t)k});
          r = jaxc_polygamma(nn, all), r32 = jaxc_polygamma(nn, all32);
          jaxc_array_free(nn);
        }
        jaxc_array *back = jaxc_astype(r32, d);
        CHECK_MSG(same_bits(r, back), "%s %s (%s %g) = float32's, rounded", jaxc_dtype_name(d), side == 2 ? "polygamma" : "zeta",
                  side == 0 ? "q" : side == 1 ? "x" : "n", side == 2 ? (double)k : (double)fixed[k]);
        jaxc_array_free(r), jaxc_array_free(r32), jaxc_array_free(back);
      }
      jaxc_array_free(c), jaxc_array_free(c16);
    }
    jaxc_array_free(all32), jaxc_array_free(all);
  }
}

static void test_zeta_dtypes_and_errors(void) {
  /* promote_args_inexact: int8 -> float32; n's dtype is checked before: an integer, not bool
     or a float (a Python float, a weak float here, neither) */
  jaxc_array *i8 = small_random_array(JAXC_I8, 1, (int64_t[]){9}), *f = jaxc_astype(i8, JAXC_F32);
  jaxc_array *a = jaxc_zeta(i8, 2), *b = jaxc_zeta(f, 2.0f);
  CHECK(a && jaxc_array_dtype(a) == JAXC_F32 && same_bits(a, b));
  jaxc_array_free(a), jaxc_array_free(b);
  jaxc_array *w = jaxc_weak_int(3), *r = jaxc_zeta(w, 2);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_is_weak(r));
  jaxc_array_free(r);
  r = jaxc_polygamma(w, 2); /* two weak ints: a weak float32 */
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_is_weak(r) && fabsl(elem(r, 0) - (6 * 1.0823232337111381915L - 6)) < 1e-5L);
  jaxc_array_free(r), jaxc_array_free(w);
  jaxc_array *u8 = jaxc_astype(i8, JAXC_U8), *bf = jaxc_astype(f, JAXC_BF16);
  r = jaxc_polygamma(u8, bf); /* uint8 and bfloat16: bfloat16 */
  CHECK(r && jaxc_array_dtype(r) == JAXC_BF16);
  jaxc_array_free(r), jaxc_array_free(u8), jaxc_array_free(bf);
  jaxc_array *bo = small_random_array(JAXC_BOOL, 1, (int64_t[]){2}), *z = small_random_array(JAXC_C64, 1, (int64_t[]){2});
  expect_error(jaxc_polygamma(f, f), "Argument `n` to polygamma must be of integer type. Got dtype float32.");
  expect_error(jaxc_polygamma(bo, f), "Argument `n` to polygamma must be of integer type. Got dtype bool.");
  expect_error(jaxc_polygamma(1.5, f), "Argument `n` to polygamma must be of integer type. Got dtype float32.");
  expect_error(jaxc_polygamma(i8, z), "polygamma does not support complex-valued inputs.");
  expect_error(jaxc_zeta(z, f), "zeta does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  expect_error(jaxc_zeta(f, NULL), "zeta: an operand is NULL");
  jaxc_set_x64(true);
  expect_error(jaxc_polygamma(2.0, f), "Argument `n` to polygamma must be of integer type. Got dtype float64.");
  jaxc_set_x64(false);
  jaxc_array *s3 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3}), *s4 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4});
  r = jaxc_zeta(s3, s4);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_SHAPE);
  jaxc_array_free(s3), jaxc_array_free(s4), jaxc_array_free(bo), jaxc_array_free(z), jaxc_array_free(i8), jaxc_array_free(f);
}

int main(void) {
  jaxc_set_x64(false);
  test_float32();
  test_float64();
  test_16bit();
  test_dtypes_and_errors();
  test_erfinv();
  test_gamma();
  test_compositions();
  test_new_16bit();
  test_new_dtypes_and_errors();
  test_gamma_compositions();
  test_zeta();
  test_polygamma();
  test_zeta_16bit();
  test_zeta_dtypes_and_errors();
  return check_summary("test_special");
}
