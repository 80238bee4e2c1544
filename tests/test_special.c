/* test_special.c — the ops JAXC_OP_ERF and JAXC_OP_ERFC (lax.erf, lax.erfc; jax.scipy.special's
   erf and erfc), held to long double's erfl/erfcl with the error XLA's algorithms have:
   - erf float32 (XLA's EmitErfF32 rational): within 7 ulps on 2^22 inputs and the edges, +-1
     from 3.8325 on, exactly odd; float64 (the C library's): within 1.1 ulps;
   - erfc (StableHLO's Cephes decomposition): its e^(-x^2) takes x^2 rounded, so the error grows
     as x^2 ulps: within 8 + x^2 ulps where the result is normal and |x| >= 1, within
     4 (1 + erf(x) / erfc(x)) below, where 1 - x T(x^2) cancels, exactly 0 (x > 0) or 2 (x < 0)
     where -x^2 < -maxlog (88.72 float32, 709.78 float64);
   - bfloat16 and float16, all 2^16 inputs: float32's result rounded once, within an ulp of the
     type;
   - float32 bit for bit against XLA's two algorithms transcribed here (FMAs where XLA has them);
   - dtypes (promote_args_inexact: ints to float32, weak kept), lax's refusal of complex. */
#define JAXC_NO_TYPED_KERNELS
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

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
static void test_16bit(void) {
  for (int t = 0; t < 2; t++) {
    jaxc_dtype d = t ? JAXC_F16 : JAXC_BF16;
    int64_t n = 65536;
    jaxc_array *x = jaxc_array_empty(d, 1, &n);
    for (int i = 0; i < 65536; i++) ((uint16_t *)jaxc_array_data(x))[i] = (uint16_t)i;
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

int main(void) {
  jaxc_set_x64(false);
  test_float32();
  test_float64();
  test_16bit();
  test_dtypes_and_errors();
  return check_summary("test_special");
}
