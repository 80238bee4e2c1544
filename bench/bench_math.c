/* bench_math.c — elementwise math against a same-run copy of the same bytes and NumPy's ufunc
   on the same data, out= a reused buffer on both sides:
     - float32/float64 sqrt, rint, floor (the >>vector loops), exp, log, tanh, log1p, expm1,
       sin, cos, tan, arcsin, arccos, arctan, sinh, cosh, arcsinh, arccosh, arctanh, cbrt, i0
       (>>float math; arcsin, arccos and arctanh of values in [-1, 1)), trunc, log2, log10,
       exp2, deg2rad (jnp's compositions), next to a 2-thread loop of the C library's function
       on the same data (column libm: what the kernels cost when they called it); arctan2,
       logaddexp, power, fmod, remainder, floor_divide, logaddexp2 and heaviside of z and w (w uniform in
       [-6, 6)), next to atan2, pow, fmod and the long double formulas the same way;
     - complex64/complex128 multiply and divide (memory-bound), |z| (the >>vector loops), and
       exp, log, sqrt, arcsin, arctanh (compute-bound: in double, Annex G special values), the
       part-wise complex code CPU and GPU share.
   For the compute-bound rows ns per element is the figure to read.
   GB/s = (bytes read + bytes written) / time; copy: 2-thread memcpy of the same bytes; best of
   REPS runs on warm buffers.
   Run: make bench (or build/opt/bench_math [name]: the rows whose op name holds name) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h" /* (with the C headers and omp.h the benches use) */

enum { REPS = 7 };

/* NumPy's seconds per call of np.<ufunc>(z[, w], out=o) on n values of the dtype: complex parts
   uniform in [-3, 3), real values in [0.01, 6) (w: in [-6, 6)); < 0 without NumPy. */
static double numpy_seconds(const char *ufunc, bool binary, const char *dtype, size_t n, bool unit) { /* unit: real z in [-1, 1) */
  bool cpx = dtype[0] == 'c';
  char z[160], w[160], setup[600], call[64];
  if (cpx) {
    snprintf(z, sizeof z, "(r.uniform(-3, 3, %zu) + 1j * r.uniform(-3, 3, %zu))", n, n);
    snprintf(w, sizeof w, "%s", z);
  } else {
    snprintf(z, sizeof z, unit ? "r.uniform(-1, 1, %zu)" : "r.uniform(0.01, 6, %zu)", n);
    snprintf(w, sizeof w, "r.uniform(-6, 6, %zu)", n);
  }
  bool has_out = strcmp(ufunc, "i0") != 0; /* (np.i0 is not a ufunc: it allocates) */
  snprintf(setup, sizeof setup, "r = np.random.default_rng(1); z = %s.astype('%s'); w = %s.astype('%s'); f = np.%s; o = np.empty(z.shape, f(z%s).dtype)",
           z, dtype, w, dtype, ufunc, binary ? ", w" : "");
  snprintf(call, sizeof call, "f(z%s%s)", binary ? ", w" : "", has_out ? ", out=o" : "");
  return bench_numpy_best(setup, call, REPS);
}

typedef struct {
  jaxc_op op;
  const char *np;
  float (*libm_f)(float);
  double (*libm_d)(double);
  float (*libm_f2)(float, float); /* binary ops */
  double (*libm_d2)(double, double);
} math_op;
/* real ops whose domain is [-1, 1]: their input is w / 6 */
static bool unit_domain(jaxc_op op) {
  return op == JAXC_OP_ARCSIN || op == JAXC_OP_ARCCOS || op == JAXC_OP_ARCTANH || op == JAXC_OP_ERFINV;
}
static float sqrt_f(float x) { return sqrtf(x); } /* (function pointers to builtins) */
static double sqrt_d(double x) { return sqrt(x); }
static float rint_f(float x) { return rintf(x); }
static double rint_d(double x) { return rint(x); }
static float floor_f(float x) { return floorf(x); }
static double floor_d(double x) { return floor(x); }
/* logaddexp has no C function: what the kernels called before, the formula in long double */
static double logaddexp_ld_d(double a, double b) {
  long double amax = a > b ? a : b, d = (long double)a - (long double)b;
  if (d != d) return a + b;
  return (double)(amax + log1pl(expl(-fabsl(d))));
}
static float logaddexp_ld_f(float a, float b) { return (float)logaddexp_ld_d(a, b); }
/* jnp's compositions (README, "Ops"): the nearest C loops to set beside them */
static double logaddexp2_ld_d(double a, double b) {
  long double amax = a > b ? a : b, d = (long double)a - (long double)b;
  if (d != d) return a + b;
  return (double)(amax + log2l(1 + exp2l(-fabsl(d))));
}
static float logaddexp2_ld_f(float a, float b) { return (float)logaddexp2_ld_d(a, b); }
static float deg2rad_f(float x) { return x * (float)(3.141592653589793 / 180); }
static double deg2rad_d(double x) { return x * (3.141592653589793 / 180); }
static double heaviside_d(double a, double b) { return a < 0 ? 0.0 : a > 0 ? 1.0 : a != a ? a : b; }
/* jnp.remainder's floor-mod from C's fmod (the kernels' full function) */
static float pymod_f(float a, float b) { float m = fmodf(a, b); return m != 0 && (m < 0) != (b < 0) ? m + b : m; }
static double pymod_d(double a, double b) { double m = fmod(a, b); return m != 0 && (m < 0) != (b < 0) ? m + b : m; }
/* jnp.floor_divide's quotient from C's fmod and round (JAX's _float_divmod; the full function) */
static float floordiv_f(float a, float b) {
  float m = fmodf(a, b), d = (b == 0 ? a : a - m) / b;
  return roundf(m != 0 && (m < 0) != (b < 0) ? d - 1 : d);
}
static double floordiv_d(double a, double b) {
  double m = fmod(a, b), d = (b == 0 ? a : a - m) / b;
  return round(m != 0 && (m < 0) != (b < 0) ? d - 1 : d);
}
/* jax.scipy.special's compositions (NumPy has none), as plain C loops would write them */
static float logit_f(float x) { return logf(x / (1 - x)); }
static double logit_d(double x) { return log(x / (1 - x)); }
static float entr_f(float x) { return x < 0 ? -INFINITY : x == 0 ? 0.0f : -x * logf(x); }
static double entr_d(double x) { return x < 0 ? -INFINITY : x == 0 ? 0.0 : -x * log(x); }
static float xlogy_f(float x, float y) { return x == 0 ? 0.0f : x * logf(y); }
static double xlogy_d(double x, double y) { return x == 0 ? 0.0 : x * log(y); }
static float heaviside_f(float a, float b) { return a < 0 ? 0.0f : a > 0 ? 1.0f : a != a ? a : b; }
static const math_op real_ops[] = {
    {JAXC_OP_SQRT, "sqrt", sqrt_f, sqrt_d, NULL, NULL},     {JAXC_OP_EXP, "exp", expf, exp, NULL, NULL},         {JAXC_OP_LOG, "log", logf, log, NULL, NULL},
    {JAXC_OP_TANH, "tanh", tanhf, tanh, NULL, NULL},        {JAXC_OP_LOG1P, "log1p", log1pf, log1p, NULL, NULL}, {JAXC_OP_EXPM1, "expm1", expm1f, expm1, NULL, NULL},
    {JAXC_OP_SIN, "sin", sinf, sin, NULL, NULL},            {JAXC_OP_COS, "cos", cosf, cos, NULL, NULL},         {JAXC_OP_TAN, "tan", tanf, tan, NULL, NULL},
    {JAXC_OP_RINT, "rint", rint_f, rint_d, NULL, NULL},     {JAXC_OP_FLOOR, "floor", floor_f, floor_d, NULL, NULL},
    {JAXC_OP_ARCTAN2, "arctan2", NULL, NULL, atan2f, atan2},
    {JAXC_OP_LOGADDEXP, "logaddexp", NULL, NULL, logaddexp_ld_f, logaddexp_ld_d},
    {JAXC_OP_POWER, "power", NULL, NULL, powf, pow},
    {JAXC_OP_FMOD, "fmod", NULL, NULL, fmodf, fmod},
    {JAXC_OP_REMAINDER, "remainder", NULL, NULL, pymod_f, pymod_d},
    {JAXC_OP_FLOOR_DIVIDE, "floor_divide", NULL, NULL, floordiv_f, floordiv_d},
    {JAXC_OP_LOG2, "log2", log2f, log2, NULL, NULL},        {JAXC_OP_LOG10, "log10", log10f, log10, NULL, NULL}, {JAXC_OP_EXP2, "exp2", exp2f, exp2, NULL, NULL},
    {JAXC_OP_DEG2RAD, "deg2rad", deg2rad_f, deg2rad_d, NULL, NULL},
    {JAXC_OP_LOGADDEXP2, "logaddexp2", NULL, NULL, logaddexp2_ld_f, logaddexp2_ld_d},
    {JAXC_OP_HEAVISIDE, "heaviside", NULL, NULL, heaviside_f, heaviside_d},
    {JAXC_OP_ARCSIN, "arcsin", asinf, asin, NULL, NULL},       {JAXC_OP_ARCCOS, "arccos", acosf, acos, NULL, NULL},
    {JAXC_OP_ARCTAN, "arctan", atanf, atan, NULL, NULL},      {JAXC_OP_SINH, "sinh", sinhf, sinh, NULL, NULL},
    {JAXC_OP_COSH, "cosh", coshf, cosh, NULL, NULL},          {JAXC_OP_ARCSINH, "arcsinh", asinhf, asinh, NULL, NULL},
    {JAXC_OP_ARCCOSH, "arccosh", acoshf, acosh, NULL, NULL},  {JAXC_OP_ARCTANH, "arctanh", atanhf, atanh, NULL, NULL},
    {JAXC_OP_CBRT, "cbrt", cbrtf, cbrt, NULL, NULL},          {JAXC_OP_TRUNC, "trunc", truncf, trunc, NULL, NULL},
    {JAXC_OP_I0, "i0", NULL, NULL, NULL, NULL},
    {JAXC_OP_ERF, "erf", erff, erf, NULL, NULL},              {JAXC_OP_ERFC, "erfc", erfcf, erfc, NULL, NULL},
    {JAXC_OP_ERFINV, "erfinv", NULL, NULL, NULL, NULL},       {JAXC_OP_GAMMALN, "gammaln", lgammaf, lgamma, NULL, NULL},
    {JAXC_OP_DIGAMMA, "digamma", NULL, NULL, NULL, NULL},     {JAXC_OP_LOGIT, "logit", logit_f, logit_d, NULL, NULL},
    {JAXC_OP_ENTR, "entr", entr_f, entr_d, NULL, NULL},       {JAXC_OP_XLOGY, "xlogy", NULL, NULL, xlogy_f, xlogy_d},
    {JAXC_OP_GAMMA, "gamma", tgammaf, tgamma, NULL, NULL},
    {JAXC_OP_ZETA, "zeta", NULL, NULL, NULL, NULL},           {JAXC_OP_POLYGAMMA, "polygamma", NULL, NULL, NULL, NULL}};

/* Seconds per call of a 2-thread loop of the C library's function over z (and w) (best of REPS). */
static double libm_seconds(const math_op *m, const jaxc_array *z, const jaxc_array *w, jaxc_array *dest) {
  ptrdiff_t n = (ptrdiff_t)jaxc_array_size(z);
  bool dbl = jaxc_array_dtype(z) == JAXC_F64, bin = m->libm_d2 != NULL;
  const void *in = jaxc_array_data(z), *in2 = jaxc_array_data(w);
  void *out = (void *)jaxc_array_data(dest);
  double best = 1e30;
  for (int r = 0; r <= REPS; r++) {
    double t0 = bench_now();
    if (dbl && bin) {
      BENCH_PAR_FOR
      for (ptrdiff_t i = 0; i < n; i++) ((double *)out)[i] = m->libm_d2(((const double *)in)[i], ((const double *)in2)[i]);
    } else if (bin) {
      BENCH_PAR_FOR
      for (ptrdiff_t i = 0; i < n; i++) ((float *)out)[i] = m->libm_f2(((const float *)in)[i], ((const float *)in2)[i]);
    } else if (dbl) {
      BENCH_PAR_FOR
      for (ptrdiff_t i = 0; i < n; i++) ((double *)out)[i] = m->libm_d(((const double *)in)[i]);
    } else {
      BENCH_PAR_FOR
      for (ptrdiff_t i = 0; i < n; i++) ((float *)out)[i] = m->libm_f(((const float *)in)[i]);
    }
    double t = bench_now() - t0;
    if (r && t < best) best = t;
  }
  return best;
}
static const math_op complex_ops[] = {
    {JAXC_OP_MULTIPLY, "multiply", NULL, NULL, NULL, NULL}, {JAXC_OP_TRUE_DIVIDE, "true_divide", NULL, NULL, NULL, NULL},
    {JAXC_OP_ABS, "absolute", NULL, NULL, NULL, NULL},      {JAXC_OP_EXP, "exp", NULL, NULL, NULL, NULL},
    {JAXC_OP_LOG, "log", NULL, NULL, NULL, NULL},           {JAXC_OP_SQRT, "sqrt", NULL, NULL, NULL, NULL},
    {JAXC_OP_ARCSIN, "arcsin", NULL, NULL, NULL, NULL},     {JAXC_OP_ARCTANH, "arctanh", NULL, NULL, NULL, NULL}};

/* One row: the op on z (and w) into dest, the best of REPS against the copy of the same bytes. */
static int bench_row(const math_op *m, jaxc_array *z, jaxc_array *w, jaxc_array *dest, int lg, char *src, char *dst) {
  int64_t n = (int64_t)1 << lg;
  bool bin = jaxc_op_arity(m->op) == JAXC_ARITY_BIN;
  jaxc_dtype dt = jaxc_array_dtype(bin ? w : z); /* (polygamma's z: its integer n, as wide) */
  size_t bytes = (size_t)n * (jaxc_dtype_size(dt) * (bin ? 2 : 1) + jaxc_dtype_size(jaxc_array_dtype(dest)));
  double t = 1e30, tc = 1e30;
  for (int r = 0; r <= REPS; r++) { /* r == 0 warms up */
    double t0 = bench_now();
    jaxc_array *res = bin ? jaxc_binary_into(m->op, z, w, dest) : jaxc_unary_into(m->op, z, dest);
    double t1 = bench_now();
    if (!res) { fprintf(stderr, "%s: %s\n", jaxc_op_name(m->op), jaxc_last_error()); return 1; }
    bench_par_copy(dst, src, bytes / 2, 0);
    double t2 = bench_now();
    if (r && t1 - t0 < t) t = t1 - t0;
    if (r && t2 - t1 < tc) tc = t2 - t1;
  }
  double tn = numpy_seconds(m->np, bin, jaxc_dtype_name(dt), (size_t)n, unit_domain(m->op));
  char name[32], npns[16] = "n/a", npr[16] = "-", libm[16] = "-";
  snprintf(name, sizeof name, "%s %s", jaxc_op_name(m->op), jaxc_dtype_name(dt));
  if (m->libm_f || m->libm_f2) snprintf(libm, sizeof libm, "%.2f", libm_seconds(m, z, w, dest) / (double)n * 1e9);
  if (tn > 0) {
    snprintf(npns, sizeof npns, "%.2f", tn / (double)n * 1e9);
    snprintf(npr, sizeof npr, "%.1fx", tn / t);
  }
  printf("  %-22s %5d %9.2f %8.1f %8.1f %7.0f%% %9s %9s %8s\n", name, lg, t / (double)n * 1e9, (double)bytes / t / 1e9,
         (double)(bytes / 2 * 2) / tc / 1e9, 100 * tc / t, npns, npr, libm);
  fflush(stdout);
  return 0;
}

int main(int argc, char **argv) {
  const char *only = argc > 1 ? argv[1] : "";
  int threads = bench_threads();
  static const jaxc_dtype dtypes[] = {JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
  const int lgs[2] = {20, 24};
  jaxc_set_x64(true);
  printf("bench_math: best of %d, %d thread(s); GB/s = bytes read + written; NumPy: 1 thread, out= reused\n", REPS, threads);
  printf("  %-22s %5s %9s %8s %8s %8s %9s %9s %8s\n", "op", "log2n", "ns/elem", "GB/s", "copy", "vs copy", "numpy ns", "vs numpy",
         "libm ns");
  for (size_t d = 0; d < sizeof dtypes / sizeof *dtypes; d++)
    for (int k = 0; k < 2; k++) {
      jaxc_dtype dt = dtypes[d];
      bool cpx = dt == JAXC_C64 || dt == JAXC_C128, dbl = dt == JAXC_F64 || dt == JAXC_C128;
      int64_t n = (int64_t)1 << lgs[k], parts = cpx ? 2 * n : n;
      jaxc_array *z = jaxc_array_empty(dt, 1, &n), *w = jaxc_array_empty(dt, 1, &n), *out = jaxc_array_empty(dt, 1, &n);
      jaxc_array *real = jaxc_array_empty(dbl ? JAXC_F64 : JAXC_F32, 1, &n); /* |z| */
      jaxc_array *unit = jaxc_array_empty(dt, 1, &n), *prob = jaxc_array_empty(dt, 1, &n); /* logit's: [0, 1) */
      jaxc_array *above1 = jaxc_array_empty(dt, 1, &n), *nint = jaxc_array_empty(dbl ? JAXC_I64 : JAXC_I32, 1, &n); /* zeta's x, polygamma's n */
      size_t es = jaxc_dtype_size(dt);
      char *src = malloc((size_t)n * es * 2), *dst = malloc((size_t)n * es * 2);
      if (!z || !w || !out || !real || !unit || !prob || !above1 || !nint || !src || !dst) return 1;
      memset(src, 1, (size_t)n * es * 2);
      uint64_t x = 88172645463325252u;
      for (int64_t i = 0; i < parts; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        double u = (double)(x >> 11) * 0x1p-53, v = cpx ? u * 6 - 3 : 0.01 + u * 5.99;
        double u2 = (double)(x & 0xfffff) * 0x1p-20, v2 = cpx ? u2 * 6 - 3 : u2 * 12 - 6;
        if (dbl) ((double *)jaxc_array_data(z))[i] = v, ((double *)jaxc_array_data(w))[i] = v2;
        else ((float *)jaxc_array_data(z))[i] = (float)v, ((float *)jaxc_array_data(w))[i] = (float)v2;
        if (dbl) ((double *)jaxc_array_data(unit))[i] = v2 / 6, ((double *)jaxc_array_data(prob))[i] = (v2 + 6) / 12;
        else ((float *)jaxc_array_data(unit))[i] = (float)(v2 / 6), ((float *)jaxc_array_data(prob))[i] = (float)((v2 + 6) / 12);
        if (cpx) continue;
        if (dbl) ((double *)jaxc_array_data(above1))[i] = 1 + v, ((int64_t *)jaxc_array_data(nint))[i] = 1 + i % 4;
        else ((float *)jaxc_array_data(above1))[i] = (float)(1 + v), ((int32_t *)jaxc_array_data(nint))[i] = (int32_t)(1 + i % 4);
      }
      const math_op *ops = cpx ? complex_ops : real_ops;
      size_t nops = cpx ? sizeof complex_ops / sizeof *complex_ops : sizeof real_ops / sizeof *real_ops;
      for (size_t o = 0; o < nops; o++) {
        /* each op on its domain: erfinv's (-1, 1), logit's [0, 1), xlogy's y > 0, zeta's x > 1,
           polygamma's integer n */
        jaxc_op op = ops[o].op;
        jaxc_array *a = !cpx && unit_domain(op) ? unit : z, *b = w;
        if (op == JAXC_OP_LOGIT) a = prob;
        if (op == JAXC_OP_XLOGY) a = w, b = z;
        if (op == JAXC_OP_ZETA) a = above1, b = z;
        if (op == JAXC_OP_POLYGAMMA) a = nint, b = z;
        if (strstr(jaxc_op_name(op), only) && bench_row(&ops[o], a, b, cpx && op == JAXC_OP_ABS ? real : out, lgs[k], src, dst))
          return 1;
      }
      free(src);
      free(dst);
      jaxc_array_free(z);
      jaxc_array_free(w);
      jaxc_array_free(out);
      jaxc_array_free(real);
      jaxc_array_free(unit);
      jaxc_array_free(prob);
      jaxc_array_free(above1);
      jaxc_array_free(nint);
    }
  return 0;
}
