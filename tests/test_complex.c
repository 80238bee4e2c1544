/* test_complex.c — complex64 / complex128 arithmetic and functions (jaxc_kernels.h >>complex
   math), the code the CPU and the device share:
     - values against long double references (glibc's long double complex functions, or series
       near zero for log1p and expm1), normwise: |got - ref| <= k eps |ref|, with the largest
       error seen printed per function;
     - multiply against XLA's plain formula exactly; divide within 3 ulps normwise;
     - special values (zeros, infinities, NaN in every position) against C11 Annex G as glibc's
       double complex functions give it, where Annex G fixes the result;
     - power's special cases as XLA's (x ** 0 = 1, 1 ** y = 1, 0 ** c = 0 ...); maximum and
       minimum with NaN and infinities as JAX gives them;
     - both storages, C's _Complex and the {re, im} struct of C++/CUDA builds, give the same bits;
     - through the array API: dtypes, weak scalars, sums and products. */
#include <complex.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include "check.h"
#include "testlib.h"
#define COMPLEX_EVAL_NAME complex_eval_native
#include "complex_eval.h"

bool complex_eval_struct_entry(jaxc_op op, bool c128, const double *a, const double *b, double *out);

typedef long double complex lcx;

static int n_cases;

/* ---- references ---------------------------------------------------------------------------- */
/* log(1 + z) and exp(z) - 1 by their series where 1 + z would cancel in long double */
static lcx ref_log1p(lcx z) {
  if (cabsl(z) > 0x1p-6L) return clogl(1 + z);
  lcx s = 0, p = z;
  for (int k = 1; k < 40; k++, p *= -z) s += p / k;
  return s;
}
static lcx ref_expm1(lcx z) {
  if (cabsl(z) > 0x1p-6L) return cexpl(z) - 1;
  lcx s = 0, t = z;
  for (int k = 2; k < 30; k++) { s += t; t *= z / k; }
  return s;
}
static lcx ref_unary(jaxc_op op, lcx z) {
  switch (op) {
  case JAXC_OP_SQRT: return csqrtl(z);
  case JAXC_OP_EXP: return cexpl(z);
  case JAXC_OP_LOG: return clogl(z);
  case JAXC_OP_LOG1P: return ref_log1p(z);
  case JAXC_OP_EXPM1: return ref_expm1(z);
  case JAXC_OP_SIN: return csinl(z);
  case JAXC_OP_COS: return ccosl(z);
  case JAXC_OP_TAN: return ctanl(z);
  case JAXC_OP_TANH: return ctanhl(z);
  case JAXC_OP_ARCSIN: return casinl(z);
  case JAXC_OP_ARCCOS: return cacosl(z);
  case JAXC_OP_ARCTAN: return catanl(z);
  case JAXC_OP_SINH: return csinhl(z);
  case JAXC_OP_COSH: return ccoshl(z);
  case JAXC_OP_ARCSINH: return casinhl(z);
  case JAXC_OP_ARCCOSH: return cacoshl(z);
  case JAXC_OP_ARCTANH: return catanhl(z);
  case JAXC_OP_ABS: return cabsl(z);
  case JAXC_OP_SIGN: return z / cabsl(z);
  case JAXC_OP_RECIPROCAL: return 1 / z;
  case JAXC_OP_SQUARE: return z * z;
  default: return NAN;
  }
}
/* x + iy without arithmetic (x + y * I would turn an infinite y into NaN parts); C11's CMPLX
   is missing from some compilers' headers */
static double complex cx(double x, double y) {
  double p[2] = {x, y};
  double complex z;
  memcpy(&z, p, sizeof z);
  return z;
}
/* ... and in long double (x + y * I would also turn x = -0 into +0, off a branch cut's side) */
static lcx lcx_of(double x, double y) {
  long double p[2] = {x, y};
  lcx z;
  memcpy(&z, p, sizeof z);
  return z;
}
/* the same in double, for the special values (glibc follows Annex G) */
static double complex annex_g(jaxc_op op, double complex z) {
  switch (op) {
  case JAXC_OP_SQRT: return csqrt(z);
  case JAXC_OP_EXP: return cexp(z);
  case JAXC_OP_LOG: return clog(z);
  case JAXC_OP_SIN: return csin(z);
  case JAXC_OP_COS: return ccos(z);
  case JAXC_OP_TAN: return ctan(z);
  case JAXC_OP_TANH: return ctanh(z);
  case JAXC_OP_ARCSIN: return casin(z);
  case JAXC_OP_ARCCOS: return cacos(z);
  case JAXC_OP_ARCTAN: return catan(z);
  case JAXC_OP_SINH: return csinh(z);
  case JAXC_OP_COSH: return ccosh(z);
  case JAXC_OP_ARCSINH: return casinh(z);
  case JAXC_OP_ARCCOSH: return cacosh(z);
  case JAXC_OP_ARCTANH: return catanh(z);
  case JAXC_OP_ABS: return cabs(z);
  default: return NAN;
  }
}

static bool eval(jaxc_op op, bool c128, double ar, double ai, double br, double bi, double *out) {
  double a[2] = {ar, ai}, b[2] = {br, bi};
  return complex_eval_native(op, c128, a, b, out);
}

/* normwise error in units of the dtype's epsilon */
static double err_eps(const double *got, lcx ref, bool c128) {
  long double dr = got[0] - creall(ref), di = got[1] - cimagl(ref), m = cabsl(ref);
  long double e = sqrtl(dr * dr + di * di);
  long double eps = c128 ? DBL_EPSILON : FLT_EPSILON;
  if (m < (c128 ? DBL_MIN : FLT_MIN)) m = c128 ? DBL_MIN : FLT_MIN; /* subnormal results: absolute */
  return (double)(e / (m * eps));
}

/* A random finite value: magnitude 2^[-e, e], random sign; sometimes 0 or a small integer. */
static double rnd_part(int e) {
  uint64_t r = rnd64();
  switch (r & 15) {
  case 0: return 0.0;
  case 1: return (double)(int)((r >> 8) % 7) - 3;
  default: {
    double m = 1 + (double)((r >> 11) & 0xfffff) / 0x1p20;
    double v = ldexp(m, (int)((r >> 32) % (uint64_t)(2 * e + 1)) - e);
    return (r >> 63) ? -v : v;
  }
  }
}

/* x as a float, inf beyond float's range (a plain (float) cast of such a double is undefined
   behaviour, which compilers exploit at -O2) */
static double to_f32(double x) { return fabs(x) > FLT_MAX && isfinite(x) ? copysign(INFINITY, x) : (float)x; }

/* ---- functions against long double ----------------------------------------------------------- */
typedef struct { jaxc_op op; const char *name; int range; double tol64, tol128; } fn_case;
static void test_functions(void) {
  /* range: the exponents drawn (results stay finite: exp/sin/cos/tanh of |x| <= 2^6 < 709) */
  static const fn_case fns[] = {
      {JAXC_OP_SQRT, "sqrt", 60, 1.5, 4},     {JAXC_OP_EXP, "exp", 6, 1.5, 8},
      {JAXC_OP_LOG, "log", 60, 1.5, 4},       {JAXC_OP_LOG1P, "log1p", 20, 1.5, 6},
      {JAXC_OP_EXPM1, "expm1", 6, 1.5, 8},    {JAXC_OP_SIN, "sin", 6, 1.5, 8},
      {JAXC_OP_COS, "cos", 6, 1.5, 8},        {JAXC_OP_TAN, "tan", 6, 1.5, 8},
      {JAXC_OP_TANH, "tanh", 6, 1.5, 8},      {JAXC_OP_ABS, "abs", 60, 1, 1},
      {JAXC_OP_RECIPROCAL, "reciprocal", 60, 2, 2}, {JAXC_OP_SQUARE, "square", 30, 1.5, 1.5},
      /* the whole double range: |z| and sqrt scale their parts away from overflow/underflow */
      {JAXC_OP_ABS, "abs wide", 1070, 1, 1},   {JAXC_OP_SQRT, "sqrt wide", 1070, 1.5, 4},
      {JAXC_OP_LOG, "log wide", 1070, 1.5, 4}, {JAXC_OP_SIGN, "sign wide", 1070, 1, 2},
      /* Kahan's formulas, and log 2z (1/z for arctanh) beyond 2^500 */
      {JAXC_OP_ARCSIN, "arcsin", 8, 1.5, 4},   {JAXC_OP_ARCCOS, "arccos", 8, 1.5, 4},
      {JAXC_OP_ARCTAN, "arctan", 8, 1.5, 4},   {JAXC_OP_SINH, "sinh", 6, 1.5, 8},
      {JAXC_OP_COSH, "cosh", 6, 1.5, 8},       {JAXC_OP_ARCSINH, "arcsinh", 8, 1.5, 4},
      {JAXC_OP_ARCCOSH, "arccosh", 8, 1.5, 4}, {JAXC_OP_ARCTANH, "arctanh", 8, 1.5, 4},
      {JAXC_OP_ARCSIN, "arcsin wide", 1070, 1.5, 4},   {JAXC_OP_ARCCOS, "arccos wide", 1070, 1.5, 4},
      {JAXC_OP_ARCTAN, "arctan wide", 1070, 1.5, 4},   {JAXC_OP_ARCSINH, "arcsinh wide", 1070, 1.5, 4},
      {JAXC_OP_ARCCOSH, "arccosh wide", 1070, 1.5, 4}, {JAXC_OP_ARCTANH, "arctanh wide", 1070, 1.5, 4},
  };
  for (size_t f = 0; f < sizeof fns / sizeof fns[0]; f++)
    for (int c128 = 0; c128 < 2; c128++) {
      double worst = 0, tol = c128 ? fns[f].tol128 : fns[f].tol64;
      for (int i = 0; i < 40000; i++) {
        double x = rnd_part(fns[f].range), y = rnd_part(fns[f].range), got[2];
        if (!c128) x = to_f32(x), y = to_f32(y);
        if (fns[f].op == JAXC_OP_RECIPROCAL && x == 0 && y == 0) continue;
        if ((fns[f].op == JAXC_OP_LOG || fns[f].op == JAXC_OP_SIGN) && x == 0 && y == 0) continue;
        eval(fns[f].op, c128, x, y, 0, 0, got);
        lcx ref = ref_unary(fns[f].op, lcx_of(x, y));
        if (!isfinite(creall(ref)) || !isfinite(cimagl(ref)) || cabsl(ref) > (c128 ? DBL_MAX : FLT_MAX)) continue;
        double e = err_eps(got, ref, c128);
        if (e > worst) worst = e;
        CHECK_MSG(e <= tol, "%s %s(%a%+ai) = %a%+ai, ref %La%+Lai: %.2f eps", c128 ? "c128" : "c64", fns[f].name, x, y,
                  got[0], got[1], creall(ref), cimagl(ref), e);
        n_cases++;
      }
      printf("  %-10s %-4s largest error %.2f eps (bound %.1f)\n", fns[f].name, c128 ? "c128" : "c64", worst, tol);
    }
  /* log, log1p, expm1 where 1 + z and |z| = 1 cancel: |z| near 1 and z near 0 */
  for (int c128 = 0; c128 < 2; c128++)
    for (int i = 0; i < 20000; i++) {
      double t = (double)(rnd64() >> 11) * 0x1p-53 * 6.283185307179586, d = ldexp(1, -1 - (int)(rnd64() % 40)) * ((i & 1) ? 1 : -1);
      double x = cos(t) * (1 + d), y = sin(t) * (1 + d), got[2];
      if (!c128) x = to_f32(x), y = to_f32(y);
      eval(JAXC_OP_LOG, c128, x, y, 0, 0, got);
      double e = err_eps(got, clogl((long double)x + (long double)y * I), c128);
      CHECK_MSG(e <= (c128 ? 4 : 1.5), "%s log(%a%+ai) = %a%+ai: %.2f eps", c128 ? "c128" : "c64", x, y, got[0], got[1], e);
      double s = ldexp(1, -(int)(rnd64() % 60)), u = x * s, v = y * s;
      if (!c128) u = to_f32(u), v = to_f32(v);
      eval(JAXC_OP_LOG1P, c128, u, v, 0, 0, got);
      CHECK_MSG(err_eps(got, ref_log1p((long double)u + (long double)v * I), c128) <= (c128 ? 6 : 1.5), "log1p small: %a%+ai", u, v);
      eval(JAXC_OP_EXPM1, c128, u, v, 0, 0, got);
      CHECK_MSG(err_eps(got, ref_expm1((long double)u + (long double)v * I), c128) <= (c128 ? 8 : 1.5), "expm1 small: %a%+ai", u, v);
      n_cases += 3;
    }
  /* large arguments: exp and sinh/cosh scaled instead of overflowing early */
  for (int c128 = 0; c128 < 2; c128++) {
    double x = c128 ? 709.5 : 88.5, got[2];
    for (double y = -3; y <= 3; y += 0.75) {
      eval(JAXC_OP_EXP, c128, x, y, 0, 0, got);
      lcx r = cexpl((long double)x + (long double)y * I);
      if (cabsl(r) < (c128 ? DBL_MAX : FLT_MAX) * 0.5L)
        CHECK_MSG(err_eps(got, r, c128) <= 8, "exp(%g%+gi) near overflow: %g%+gi", x, y, got[0], got[1]);
      eval(JAXC_OP_COS, c128, y, x, 0, 0, got);
      r = ccosl((long double)y + (long double)x * I);
      if (cabsl(r) < (c128 ? DBL_MAX : FLT_MAX) * 0.5L)
        CHECK_MSG(err_eps(got, r, c128) <= 8, "cos(%g%+gi) near overflow: %g%+gi", y, x, got[0], got[1]);
      n_cases += 2;
    }
  }
}

/* ---- arithmetic ------------------------------------------------------------------------------- */
static void test_arithmetic(void) {
  double worst_div[2] = {0, 0};
  for (int c128 = 0; c128 < 2; c128++)
    for (int i = 0; i < 100000; i++) {
      double ar = rnd_part(40), ai = rnd_part(40), br = rnd_part(40), bi = rnd_part(40), got[2];
      if (!c128) ar = to_f32(ar), ai = to_f32(ai), br = to_f32(br), bi = to_f32(bi);
      /* multiply: XLA's (ac - bd, ad + bc), each product rounded, in the dtype */
      eval(JAXC_OP_MULTIPLY, c128, ar, ai, br, bi, got);
      if (c128) {
        volatile double p1 = ar * br, p2 = ai * bi, p3 = ar * bi, p4 = ai * br;
        CHECK(got[0] == p1 - p2 && got[1] == p3 + p4);
      } else {
        volatile float p1 = (float)ar * (float)br, p2 = (float)ai * (float)bi, p3 = (float)ar * (float)bi, p4 = (float)ai * (float)br;
        CHECK(got[0] == (double)(float)(p1 - p2) && got[1] == (double)(float)(p3 + p4));
      }
      eval(JAXC_OP_ADD, c128, ar, ai, br, bi, got);
      CHECK(got[0] == (c128 ? ar + br : (double)(float)(ar + br)) && got[1] == (c128 ? ai + bi : (double)(float)(ai + bi)));
      eval(JAXC_OP_SUBTRACT, c128, ar, ai, br, bi, got);
      CHECK(got[0] == (c128 ? ar - br : (double)(float)(ar - br)) && got[1] == (c128 ? ai - bi : (double)(float)(ai - bi)));
      n_cases += 3;
      if (br == 0 && bi == 0) continue;
      eval(JAXC_OP_TRUE_DIVIDE, c128, ar, ai, br, bi, got);
      lcx ref = ((long double)ar + (long double)ai * I) / ((long double)br + (long double)bi * I);
      double e = err_eps(got, ref, c128);
      if (cabsl(ref) > (c128 ? DBL_MAX : FLT_MAX) || cabsl(ref) < (c128 ? DBL_MIN : FLT_MIN) / (c128 ? DBL_EPSILON : FLT_EPSILON)) continue;
      if (e > worst_div[c128]) worst_div[c128] = e;
      CHECK_MSG(e <= 3, "%s (%a%+ai) / (%a%+ai) = %a%+ai: %.2f eps", c128 ? "c128" : "c64", ar, ai, br, bi, got[0], got[1], e);
      n_cases++;
    }
  printf("  divide     largest error %.2f eps (c64), %.2f eps (c128) (bound 3)\n", worst_div[0], worst_div[1]);
  /* Smith's method keeps quotients of huge and tiny parts finite where (ac + bd) / (c^2 + d^2) would not */
  double got[2];
  eval(JAXC_OP_TRUE_DIVIDE, true, 1e300, 1e300, 1e300, 1e300, got);
  CHECK(got[0] == 1 && got[1] == 0);
  eval(JAXC_OP_TRUE_DIVIDE, true, 1e-300, 2e-300, 1e-300, 0, got);
  CHECK(got[0] == 1 && got[1] == 2);
  eval(JAXC_OP_TRUE_DIVIDE, false, 3e38, 0, 1e38, 1e38, got);
  CHECK(fabs(got[0] - 1.5) < 1e-6 && fabs(got[1] + 1.5) < 1e-6);
  /* sign: z / |z|, and +0 + 0i for every zero (XLA's Sign); conj; comparisons are lexicographic */
  eval(JAXC_OP_SIGN, true, 3, -4, 0, 0, got);
  CHECK(got[0] == 0.6 && got[1] == -0.8);
  static const double zeros[4][2] = {{0.0, 0.0}, {-0.0, 0.0}, {0.0, -0.0}, {-0.0, -0.0}};
  for (int c128 = 0; c128 < 2; c128++)
    for (int i = 0; i < 4; i++) {
      eval(JAXC_OP_SIGN, c128 != 0, zeros[i][0], zeros[i][1], 0, 0, got);
      CHECK(got[0] == 0 && !signbit(got[0]) && got[1] == 0 && !signbit(got[1]));
    }
  eval(JAXC_OP_CONJ, false, 1, 2, 0, 0, got);
  CHECK(got[0] == 1 && got[1] == -2);
  static const double lex[][4] = {{1, 2, 1, 3}, {1, 3, 1, 2}, {0, 5, 1, -5}, {2, 0, 2, 0}, {-1, 0, -1, -0.0}};
  for (size_t i = 0; i < sizeof lex / sizeof lex[0]; i++) {
    const double *v = lex[i];
    bool lt = v[0] == v[2] ? v[1] < v[3] : v[0] < v[2], eq = v[0] == v[2] && v[1] == v[3];
    double r[6];
    eval(JAXC_OP_LESS, false, v[0], v[1], v[2], v[3], r);
    eval(JAXC_OP_EQUAL, false, v[0], v[1], v[2], v[3], r + 2);
    eval(JAXC_OP_GREATER_EQUAL, false, v[0], v[1], v[2], v[3], r + 4);
    CHECK(r[0] == lt && r[2] == eq && r[4] == !lt);
    eval(JAXC_OP_MAXIMUM, true, v[0], v[1], v[2], v[3], r);
    CHECK(r[0] == (lt ? v[2] : v[0]) && r[1] == (lt ? v[3] : v[1]));
    n_cases += 2;
  }
}

/* ---- special values --------------------------------------------------------------------------- */
static bool same_class(double got, double want, bool sign_free, double rel) {
  if (isnan(want)) return isnan(got);
  if (isinf(want) || want == 0) return fabs(got) == fabs(want) && (sign_free || signbit(got) == signbit(want));
  return isfinite(got) && fabs(got - want) <= rel * fabs(want) + 1e-300;
}
static void test_special_values(void) {
  static const double v[] = {0.0, -0.0, 0.5, -1.5, 3.0, INFINITY, -INFINITY, NAN, 1e-310, -1e300};
  enum { NV = sizeof v / sizeof v[0] };
  static const jaxc_op ops[] = {JAXC_OP_SQRT,    JAXC_OP_EXP,     JAXC_OP_LOG,     JAXC_OP_SIN,     JAXC_OP_COS,
                                JAXC_OP_TAN,     JAXC_OP_TANH,    JAXC_OP_ABS,     JAXC_OP_ARCSIN,  JAXC_OP_ARCCOS,
                                JAXC_OP_ARCTAN,  JAXC_OP_SINH,    JAXC_OP_COSH,    JAXC_OP_ARCSINH, JAXC_OP_ARCCOSH,
                                JAXC_OP_ARCTANH};
  int differ_unspecified = 0;
  for (int c128 = 0; c128 < 2; c128++)
  for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
    for (int i = 0; i < NV; i++)
      for (int j = 0; j < NV; j++) {
        double x = v[i], y = v[j], got[2], rel = c128 ? 1e-13 : 1e-6;
        if (!c128) x = to_f32(x), y = to_f32(y); /* (1e-310 is 0 and -1e300 -inf in float) */
        eval(ops[o], c128, x, y, 0, 0, got);
        double complex w = annex_g(ops[o], cx(x, y));
        /* Annex G leaves the sign of some zero and infinite parts unspecified: where an input
           part is infinite or NaN, signs of zero/inf results may differ from glibc's choice */
        bool loose = !isfinite(x) || !isfinite(y);
        bool ok = same_class(got[0], creal(w), loose, rel) && same_class(got[1], cimag(w), loose, rel);
        if (ops[o] == JAXC_OP_ABS) ok = same_class(got[0], creal(w), false, rel);
        if (ok && loose && (signbit(got[0]) != signbit(creal(w)) || signbit(got[1]) != signbit(cimag(w)))) differ_unspecified++;
        CHECK_MSG(ok, "%s %s(%g%+gi) = %g%+gi, Annex G (glibc) %g%+gi", c128 ? "c128" : "c64", jaxc_op_name(ops[o]), x, y, got[0],
                  got[1], creal(w), cimag(w));
        n_cases++;
      }
  printf("  special values: %d results differ from glibc only in a sign Annex G leaves open\n", differ_unspecified);
  /* maximum/minimum of complex values as JAX computes them (jnp.maximum(complex(nan), complex(inf))
     is inf: a NaN loses when it comes first and wins when it comes second; real parts here) */
  static const double mm[][4] = {/* a, b, max, min */
                                 {NAN, INFINITY, INFINITY, INFINITY}, {INFINITY, NAN, NAN, NAN}, {NAN, NAN, NAN, NAN},
                                 {INFINITY, -INFINITY, INFINITY, -INFINITY}, {-INFINITY, INFINITY, INFINITY, -INFINITY},
                                 {NAN, -INFINITY, -INFINITY, -INFINITY}, {-INFINITY, NAN, NAN, NAN}};
  for (size_t i = 0; i < sizeof mm / sizeof mm[0]; i++)
    for (int c128 = 0; c128 < 2; c128++) {
      double mx[2], mn[2];
      eval(JAXC_OP_MAXIMUM, c128, mm[i][0], 0, mm[i][1], 0, mx);
      eval(JAXC_OP_MINIMUM, c128, mm[i][0], 0, mm[i][1], 0, mn);
      CHECK_MSG(same_class(mx[0], mm[i][2], false, 0) && same_class(mn[0], mm[i][3], false, 0), "max/min(%g, %g) = %g, %g", mm[i][0],
                mm[i][1], mx[0], mn[0]);
      n_cases++;
    }
  /* division's recoveries: x / 0 = inf, inf / finite = inf, finite / inf = 0 */
  double got[2];
  eval(JAXC_OP_TRUE_DIVIDE, true, 1, 1, 0, 0, got);
  CHECK(isinf(got[0]) && got[0] > 0 && isinf(got[1]) && got[1] > 0);
  eval(JAXC_OP_TRUE_DIVIDE, true, INFINITY, NAN, 2, 1, got);
  CHECK(isinf(got[0]) && got[0] > 0 && isinf(got[1]) && got[1] < 0);
  eval(JAXC_OP_TRUE_DIVIDE, false, 1, 2, INFINITY, NAN, got);
  CHECK(got[0] == 0 && got[1] == 0);
  eval(JAXC_OP_TRUE_DIVIDE, true, 0, 0, 0, 0, got);
  CHECK(isnan(got[0]) && isnan(got[1]));
  /* multiply is XLA's formula: no Annex G recovery of infinities */
  eval(JAXC_OP_MULTIPLY, true, INFINITY, NAN, 1, 0, got);
  CHECK(isnan(got[0]) && isnan(got[1]));
  n_cases += 5;
  /* power: XLA's special cases, then |x|^c e^(-d arg x) (cos q, sin q) */
  static const double pw[][6] = {
      /* x, y, want */
      {0, 0, 0, 0, 1, 0}, {NAN, NAN, 0, 0, 1, 0}, {1, 0, NAN, 3, 1, 0}, {0, 0, 2, 0, 0, 0},
      {INFINITY, 0, 2, 0, INFINITY, 0}, {INFINITY, 0, -2, 0, 0, 0}, {2, 0, 10, 0, 1024, 0},
      {0, 1, 2, 0, -1, 0}, {-1, 0, 0.5, 0, 0, 1}, {0, 1, 0, 1, 0.20787957635076193, 0},
  };
  for (size_t i = 0; i < sizeof pw / sizeof pw[0]; i++)
    for (int c128 = 0; c128 < 2; c128++) {
      eval(JAXC_OP_POWER, c128, pw[i][0], pw[i][1], pw[i][2], pw[i][3], got);
      double tol = c128 ? 1e-15 : 1e-6;
      bool ok = isinf(pw[i][4]) ? got[0] == pw[i][4] && got[1] == 0 : fabs(got[0] - pw[i][4]) <= tol * (1 + fabs(pw[i][4])) && fabs(got[1] - pw[i][5]) <= tol;
      CHECK_MSG(ok,
                "(%g%+gi) ** (%g%+gi) = %g%+gi, want %g%+gi", pw[i][0], pw[i][1], pw[i][2], pw[i][3], got[0], got[1], pw[i][4], pw[i][5]);
      n_cases++;
    }
  /* 0 ** (c < 0) and 0 ** (d != 0) take the formula: NaN, as in XLA */
  eval(JAXC_OP_POWER, true, 0, 0, -1, 0, got);
  CHECK(isnan(got[0]));
  /* random powers against exp(y log x) in long double; the error grows with |y log x| */
  for (int c128 = 0; c128 < 2; c128++)
    for (int i = 0; i < 20000; i++) {
      double ar = rnd_part(8), ai = rnd_part(8), br = rnd_part(3), bi = rnd_part(3);
      if (!c128) ar = to_f32(ar), ai = to_f32(ai), br = to_f32(br), bi = to_f32(bi);
      if ((ar == 0 && ai == 0) || (br == 0 && bi == 0)) continue;
      lcx x = (long double)ar + (long double)ai * I, y = (long double)br + (long double)bi * I, w = y * clogl(x);
      lcx ref = cexpl(w);
      if (cabsl(ref) > (c128 ? DBL_MAX : FLT_MAX) / 4 || cabsl(ref) < (c128 ? DBL_MIN : FLT_MIN) * 1e10) continue;
      eval(JAXC_OP_POWER, c128, ar, ai, br, bi, got);
      double e = err_eps(got, ref, c128), bound = 4 * (1 + (double)cabsl(w)) * (c128 ? 1 : 0.5);
      CHECK_MSG(e <= bound, "%s (%a%+ai) ** (%a%+ai) = %a%+ai: %.1f eps > %.1f", c128 ? "c128" : "c64", ar, ai, br, bi, got[0], got[1], e, bound);
      n_cases++;
    }
}

/* ---- both storages ----------------------------------------------------------------------------- */
static bool same_bits(double a, double b) { return (isnan(a) && isnan(b)) || d2u(a) == d2u(b); }
static void test_storages(void) {
  static const double sp[] = {0.0, -0.0, 1.0, -2.5, INFINITY, -INFINITY, NAN, 1e-310, 1e300, 0.75};
  long compared = 0;
  for (int op = 0; op < JAXC_NUM_OPS; op++)
    for (int c128 = 0; c128 < 2; c128++)
      for (int i = 0; i < 3000; i++) {
        double a[2], b[2], r1[2], r2[2];
        for (int k = 0; k < 2; k++) {
          a[k] = (i % 3) ? rnd_part(10) : sp[rnd64() % 10];
          b[k] = (i % 5) ? rnd_part(10) : sp[rnd64() % 10];
        }
        bool k1 = complex_eval_native((jaxc_op)op, c128, a, b, r1), k2 = complex_eval_struct_entry((jaxc_op)op, c128, a, b, r2);
        CHECK(k1 == k2);
        if (!k1) break;
        CHECK_MSG(same_bits(r1[0], r2[0]) && same_bits(r1[1], r2[1]), "%s %s: _Complex %a%+ai, struct %a%+ai",
                  jaxc_op_name((jaxc_op)op), c128 ? "c128" : "c64", r1[0], r1[1], r2[0], r2[1]);
        compared++;
      }
  printf("  _Complex and struct storage: %ld results compared bit for bit\n", compared);
  n_cases += (int)compared;
}

/* ---- the vectorised exp and log (split ops) ------------------------------------------------------ */
/* error of one part in ulps of the reference part (an ulp of the dtype at |ref|; subnormal and
   zero references count the smallest normal's ulp) */
static double part_ulps(double got, long double ref, bool c128) {
  int e;
  frexpl(ref, &e);
  int lo = c128 ? -1021 : -125, digits = c128 ? 53 : 24;
  return (double)(fabsl(got - ref) / ldexpl(1, (e < lo ? lo : e) - digits));
}
/* x + iy drawn where the vectorised code works (x in [-700, 700] for complex128, [-87, 88] for
   complex64, |y| up to 2^19), or, one in four, anywhere its fallback takes over: x up to 760 in
   size, |y| up to 2^30, zeros, infinities and NaN */
static void draw_exp_arg(bool c128, bool wide, double *x, double *y) {
  static const double sp[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1e-310, 0x1p-30};
  uint64_t r = rnd64();
  double u = (double)(r >> 11) * 0x1p-53, v = ldexp(1 + (double)(rnd64() >> 12) * 0x1p-52, (int)(rnd64() % 50) - 30);
  *x = c128 ? -700 + 1400 * u : -87 + 175 * u;
  *y = (r & 1) ? -v : v;
  if (wide) {
    *x = (r & 2) ? -760 + 1475 * u : ldexp(u, (int)(r % 13)) - 0x1p11;
    *y = (r & 4) ? *y * 0x1p11 : sp[(r >> 3) % 7];
    if ((r & 8) && !(r & 4)) *x = sp[(r >> 5) % 7];
  }
  if (!c128) *x = to_f32(*x), *y = to_f32(*y);
}
static void test_split_functions(void) {
  enum { N = 4099 };
  static double z[2 * N], out[2 * N];
  static const struct {
    jaxc_op op;
    void (*c64)(size_t, const jaxc_c64 *, jaxc_c64 *);
    void (*c128)(size_t, const jaxc_c128 *, jaxc_c128 *);
  } fns[] = {{JAXC_OP_EXP, jaxc_kernel_exp_c64, jaxc_kernel_exp_c128},
             {JAXC_OP_LOG, jaxc_kernel_log_c64, jaxc_kernel_log_c128},
             {JAXC_OP_SQRT, jaxc_kernel_sqrt_c64, jaxc_kernel_sqrt_c128}};
  for (int c128 = 0; c128 < 2; c128++) {
    double worst[3] = {0, 0, 0};
    for (int rep = 0; rep < 20; rep++) {
      /* the kernel (vector loop, then the marked elements again) against the scalar function
         bit for bit, and against long double part by part; for sqrt, one in eight complex128
         arguments scaled to the ends of the exponent range (where its parts are rescaled) */
      for (int i = 0; i < N; i++) draw_exp_arg(c128, i % 4 == 3, &z[2 * i], &z[2 * i + 1]);
      for (int op = 0; op < 3; op++) {
        jaxc_op o = fns[op].op;
        if (o == JAXC_OP_LOG) /* one in eight near the unit circle, |z| = 1 + 2^-k u */
          for (int i = 5; i < N; i += 8) {
            long double th = (long double)(rnd64() >> 11) * 0x1p-53L * 6.283185307179586L;
            long double r = 1 + ldexpl((long double)(rnd64() >> 11) * 0x1p-53L - 0.5L, -(int)(rnd64() % 60));
            z[2 * i] = (double)(r * cosl(th)), z[2 * i + 1] = (double)(r * sinl(th));
            if (!c128) z[2 * i] = to_f32(z[2 * i]), z[2 * i + 1] = to_f32(z[2 * i + 1]);
          }
        if (o == JAXC_OP_SQRT && c128)
          for (int i = 0; i < N; i += 8) {
            int k = (int)(rnd64() % 2100) - 1075;
            double sx = ldexp(z[2 * i], k), sy = ldexp(z[2 * i + 1], k + (int)(rnd64() % 9) - 4);
            if (isfinite(sx) && isfinite(sy)) z[2 * i] = sx, z[2 * i + 1] = sy; /* (finite stays finite) */
          }
        if (c128) {
          fns[op].c128(N, (const jaxc_c128 *)(void *)z, (jaxc_c128 *)(void *)out);
        } else {
          static float zf[2 * N], of[2 * N];
          for (int i = 0; i < 2 * N; i++) zf[i] = (float)to_f32(z[i]);
          fns[op].c64(N, (const jaxc_c64 *)(void *)zf, (jaxc_c64 *)(void *)of);
          for (int i = 0; i < 2 * N; i++) out[i] = of[i];
        }
        for (int i = 0; i < N; i++) {
          double x = z[2 * i], y = z[2 * i + 1], got[2];
          eval(o, c128, x, y, 0, 0, got);
          CHECK_MSG(same_bits(out[2 * i], got[0]) && same_bits(out[2 * i + 1], got[1]), "%s %s(%a%+ai): kernel %a%+ai, scalar %a%+ai",
                    c128 ? "c128" : "c64", jaxc_op_name(o), x, y, out[2 * i], out[2 * i + 1], got[0], got[1]);
          n_cases++;
          if (i % 4 == 3 || (o == JAXC_OP_LOG && x == 0 && y == 0)) continue;
          lcx zl = (long double)x + (long double)y * I;
          lcx ref = o == JAXC_OP_EXP ? cexpl(zl) : o == JAXC_OP_LOG ? clogl(zl) : csqrtl(zl);
          double e = fmax(part_ulps(got[0], creall(ref), c128), part_ulps(got[1], cimagl(ref), c128));
          /* complex64: each part correctly rounded but within a hair of a midpoint; complex128
             exp: each part within 0.51 ulp, but parts near underflow, which the C library's
             functions compute; log: each part within 0.51 ulp, near |z| = 1 too; sqrt: |z|,
             a sum, a square root and a division, each rounded */
          bool subnormal = fabsl(creall(ref)) < 0x1p-1021L || (fabsl(cimagl(ref)) < 0x1p-1021L && cimagl(ref) != 0);
          if (e > worst[op] && !(c128 && subnormal)) worst[op] = e;
          double bound = !c128 ? 0.5001 : o == JAXC_OP_SQRT ? 2.5 : subnormal ? 1.5 : 0.51;
          CHECK_MSG(e <= bound, "%s %s(%a%+ai) = %a%+ai, ref %La%+Lai: %.4f ulp", c128 ? "c128" : "c64", jaxc_op_name(o), x, y,
                    got[0], got[1], creall(ref), cimagl(ref), e);
          n_cases++;
        }
      }
    }
    printf("  vectorised exp, log, sqrt %-4s: kernels equal the scalar functions; largest part error %.4f, %.4f, %.4f ulp "
           "(normal parts)\n", c128 ? "c128" : "c64", worst[0], worst[1], worst[2]);
  }
}

/* ---- through the array API ---------------------------------------------------------------------- */
static void test_arrays(void) {
  float zv[6] = {1, 2, -3, 0.5f, 0, -1};
  int64_t s3[1] = {3};
  jaxc_array *z = jaxc_array_from_data(JAXC_C64, 1, s3, zv);
  jaxc_array *e = jaxc_exp(z), *l = jaxc_log1p(z), *p = jaxc_power(z, z), *sq = jaxc_sqrt(z);
  CHECK(e && l && p && sq && jaxc_array_dtype(e) == JAXC_C64 && jaxc_array_dtype(p) == JAXC_C64);
  if (e && l && p && sq)
    for (int i = 0; i < 3; i++) {
      double got[2];
      const float *E = jaxc_array_data(e), *L = jaxc_array_data(l), *P = jaxc_array_data(p), *S = jaxc_array_data(sq);
      eval(JAXC_OP_EXP, false, zv[2 * i], zv[2 * i + 1], 0, 0, got);
      CHECK(E[2 * i] == (float)got[0] && E[2 * i + 1] == (float)got[1]);
      eval(JAXC_OP_LOG1P, false, zv[2 * i], zv[2 * i + 1], 0, 0, got);
      CHECK(L[2 * i] == (float)got[0] && L[2 * i + 1] == (float)got[1]);
      eval(JAXC_OP_POWER, false, zv[2 * i], zv[2 * i + 1], zv[2 * i], zv[2 * i + 1], got);
      CHECK(P[2 * i] == (float)got[0] && P[2 * i + 1] == (float)got[1]);
      eval(JAXC_OP_SQRT, false, zv[2 * i], zv[2 * i + 1], 0, 0, got);
      CHECK(S[2 * i] == (float)got[0] && S[2 * i + 1] == (float)got[1]);
      CHECK(err_eps((double[]){S[2 * i], S[2 * i + 1]}, csqrtl(zv[2 * i] + zv[2 * i + 1] * I), false) <= 1);
      n_cases += 5;
    }
  jaxc_array_free(e), jaxc_array_free(l), jaxc_array_free(p), jaxc_array_free(sq);
  /* int8 * complex64 -> complex64; a weak float scalar keeps complex64 */
  int8_t iv[3] = {2, -1, 100};
  jaxc_array *i8 = jaxc_array_from_data(JAXC_I8, 1, s3, iv), *m = jaxc_multiply(i8, z), *h = jaxc_multiply(z, 0.5);
  CHECK(m && h && jaxc_array_dtype(m) == JAXC_C64 && jaxc_array_dtype(h) == JAXC_C64);
  for (int i = 0; m && h && i < 3; i++) {
    const float *M = jaxc_array_data(m), *H = jaxc_array_data(h);
    CHECK(M[2 * i] == iv[i] * zv[2 * i] && M[2 * i + 1] == iv[i] * zv[2 * i + 1]);
    CHECK(H[2 * i] == zv[2 * i] * 0.5f && H[2 * i + 1] == zv[2 * i + 1] * 0.5f);
    n_cases += 2;
  }
  jaxc_array_free(m), jaxc_array_free(h), jaxc_array_free(i8), jaxc_array_free(z);
  /* sum in double part by part, rounded once; prod by the multiply above, in order */
  enum { N = 1000 };
  static float cv[2 * N];
  double sre = 0, sim = 0, pr[2] = {1, 0};
  for (int i = 0; i < N; i++) {
    cv[2 * i] = (float)rnd_part(4), cv[2 * i + 1] = (float)rnd_part(4);
    sre += cv[2 * i], sim += cv[2 * i + 1];
  }
  for (int i = 0; i < 20; i++) eval(JAXC_OP_MULTIPLY, false, pr[0], pr[1], cv[2 * i], cv[2 * i + 1], pr);
  int64_t sn = N, s20 = 20;
  jaxc_array *Z = jaxc_array_from_data(JAXC_C64, 1, &sn, cv), *Z20 = jaxc_array_from_data(JAXC_C64, 1, &s20, cv);
  jaxc_array *sum = jaxc_reduce(JAXC_OP_SUM, Z, JAXC_ALL_AXES), *prod = jaxc_reduce(JAXC_OP_PROD, Z20, JAXC_ALL_AXES);
  CHECK(sum && prod && jaxc_array_dtype(sum) == JAXC_C64 && jaxc_array_dtype(prod) == JAXC_C64);
  if (sum && prod) {
    const float *S = jaxc_array_data(sum), *P = jaxc_array_data(prod);
    CHECK_MSG(fabs(S[0] - sre) <= 1e-6 * (1 + fabs(sre)) && fabs(S[1] - sim) <= 1e-6 * (1 + fabs(sim)), "sum %g%+gi vs %g%+gi", S[0], S[1], sre, sim);
    CHECK_MSG(P[0] == (float)pr[0] && P[1] == (float)pr[1], "prod %a%+ai vs %a%+ai", P[0], P[1], pr[0], pr[1]);
    n_cases += 2;
  }
  jaxc_array_free(sum), jaxc_array_free(prod), jaxc_array_free(Z), jaxc_array_free(Z20);
}

int main(void) {
  test_functions();
  test_arithmetic();
  test_special_values();
  test_storages();
  test_split_functions();
  test_arrays();
  printf("test_complex cases: %d\n", n_cases);
  return check_summary("test_complex");
}
