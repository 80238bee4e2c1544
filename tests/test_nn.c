/* test_nn.c — jax.nn: the activations, softmax, log_softmax, logsumexp, one_hot, glu and
   standardize.
   - Every activation against JAX's formula (jax/_src/nn/functions.py) written out again here,
     op by op in long double, each op's result rounded to the dtype as XLA rounds it (the
     16-bit types through float32): all 2^16 bfloat16 and float16 inputs, 2^18 float32 inputs
     (random bits and [-24, 24]) and float64 ones, all 256 int8 inputs, and the edge values
     (NaN, +-inf, -0, the largest and smallest). float32 and the 16-bit types must agree bit for
     bit (jaxc's float32 ops are correctly rounded); float64 within a few ulps of the terms.
   - The fused float loops against the op-by-op path (jaxc__nn_activation_ops): the same bits,
     1 and 2 threads, sizes past the parallel threshold.
   - Result dtypes and weak types for bool, ints, floats, complex and Python scalars, as JAX's
     ops give them (relu keeps int8, relu6 makes it float32, hard_tanh(bool) is a weak int...),
     and JAX's refusals in its words.
   - softmax / log_softmax / logsumexp against long double sums (rows sum to 1, log_softmax =
     x - logsumexp), with where masks, +inf lanes, empty lanes, b weights with signs,
     return_sign, complex inputs, axis None and negative axes; the fused softmax rows = the op by
     op path.
   - one_hot against its definition (x[..., None] == arange), every axis, dtypes, uint8's
     wrapping iota, past a block and the parallel threshold; glu = x1 * sigmoid(x2).
   - standardize against JAX's formula in long double (mean, mean(x^2) - mean^2) with the bound
     its roundings allow, every axis and None, with and without where, float32/bfloat16/float16/
     int32; with mean and variance given, bit for bit against float32's ops; the fused rows =
     the op-by-op path (lanes of 1 to 2^21, 1 and 2 threads). Inputs are never modified. */
#define JAXC_NO_TYPED_KERNELS
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#  include <omp.h>
#endif

typedef long double LD;

/* --- the emulation: JAX's ops on long double, each result rounded to dtype D ------------------ */
static jaxc_dtype D;
static bool int8_input; /* the ops before the first float step wrap in int8 */
static LD R(LD v) {
  if (v != v) return v;
  switch (D) {
  case JAXC_F64: return (double)v;
  case JAXC_F32: return (float)v;
  case JAXC_BF16: return round16(BF16F, (double)(float)v);
  default: return round16(F16F, (double)(float)v);
  }
}
/* a Python float constant (weak: float32 storage without x64, then D) and a numpy scalar of D
   (strong: converted once) */
static LD K(double v) { return R(jaxc_x64() ? v : (float)v); }
static LD S(double v) {
  switch (D) {
  case JAXC_F64: return v;
  case JAXC_F32: return (float)v;
  case JAXC_BF16: return round16(BF16F, v);
  default: return round16(F16F, v);
  }
}
static LD add(LD a, LD b) { return R(a + b); }
static LD mul(LD a, LD b) { return R(a * b); }
static LD dv(LD a, LD b) { return R(a / b); }
static LD ex(LD a) { return R(expl(a)); }
static LD em1(LD a) { return R(expm1l(a)); }
static LD th(LD a) { return R(tanhl(a)); }
/* lax.max / lax.min: NaN wins, -0 below +0 */
static LD mx(LD a, LD b) { return a != a || b != b ? NAN : (a > b || (a == b && !signbit(a))) ? a : b; }
static LD mn(LD a, LD b) { return a != a || b != b ? NAN : (a < b || (a == b && signbit(a))) ? a : b; }
/* jnp.logaddexp: amax + log1p(exp(-|a - b|)), a + b where a - b is NaN; one correctly rounded
   function for float32/float64, JAX's steps each rounded for the 16-bit types */
static LD lae(LD a, LD b) {
  bool half = D == JAXC_BF16 || D == JAXC_F16;
  LD d = half ? R(a - b) : a - b;
  if (d != d) return R(a + b);
  if (!half) return R(mx(a, b) + log1pl(expl(-fabsl(d))));
  return R(mx(a, b) + R(log1pl(R(expl(-fabsl(d))))));
}
static LD sigm(LD x) { return dv(1, add(1, ex(-x))); }
static LD hsig(LD x) { return dv(mn(mx(add(x, 3), 0), K(6)), K(6)); }
static LD elu(LD x, LD alpha_k) { return x > 0 ? x : mul(alpha_k, em1(x > 0 ? 0 : x)); }
/* lax.erfc is jaxc's own (XLA's algorithm, held to long double in test_special.c): a in D, through
   the op on a 0-d array in D */
static LD erfc_op(LD a) {
  _Alignas(8) unsigned char in[8], out[8];
  switch (D) {
  case JAXC_F64: { double v = (double)a; memcpy(in, &v, 8); break; }
  case JAXC_F32: { float v = (float)a; memcpy(in, &v, 4); break; }
  default: { uint16_t h = enc16(D == JAXC_BF16 ? BF16F : F16F, (double)a); memcpy(in, &h, 2); break; }
  }
  jaxc_array A, O;
  jaxc_array_wrap(&A, D, 0, NULL, in);
  jaxc_array_wrap(&O, D, 0, NULL, out);
  if (!jaxc_unary_into(JAXC_OP_ERFC, &A, &O)) return -12345; /* (a value no check accepts) */
  switch (D) {
  case JAXC_F64: { double v; memcpy(&v, out, 8); return v; }
  case JAXC_F32: { float v; memcpy(&v, out, 4); return v; }
  default: { uint16_t h; memcpy(&h, out, 2); return dec16(D == JAXC_BF16 ? BF16F : F16F, h); }
  }
}
static int8_t wrap8(int v) { return (int8_t)(uint8_t)(v & 0xff); }

static LD emu(jaxc_activation f, LD x, double p) {
  switch (f) {
  case JAXC_NN_RELU: return x >= 0 ? x : 0.0L; /* select(x >= 0, x, 0): NaN -> 0, -0 stays */
  case JAXC_NN_RELU6: return mn(mx(x, 0), K(6));
  case JAXC_NN_SIGMOID: return sigm(x);
  case JAXC_NN_LOG_SIGMOID: return -lae(int8_input ? wrap8(-(int)x) : -x, 0);
  case JAXC_NN_SOFTPLUS: return lae(x, 0);
  case JAXC_NN_SPARSE_PLUS: {
    LD t = add(x, 1);
    t = dv(mul(t, t), 4);
    return x <= -1 ? 0.0L : x >= 1 ? x : t;
  }
  case JAXC_NN_SPARSE_SIGMOID: return mul(K(0.5), mn(K(2), mx(K(0), add(x, 1))));
  case JAXC_NN_SOFT_SIGN: /* (int8: |-128| is -128, and |127| + 1 wraps to -128) */
    return dv(x, int8_input ? (LD)wrap8(wrap8(abs((int)x)) + 1) : add(fabsl(x), 1));
  case JAXC_NN_SILU: return mul(x, sigm(x));
  case JAXC_NN_MISH: return mul(x, th(lae(x, 0)));
  case JAXC_NN_HARD_TANH: return x > 1 ? 1 : x < -1 ? -1 : x;
  case JAXC_NN_HARD_SIGMOID: return hsig(x);
  case JAXC_NN_HARD_SILU: return mul(x, hsig(x));
  case JAXC_NN_ELU: return elu(x, K(p));
  case JAXC_NN_SELU: return mul(K(1.0507009873554804934193349852946), elu(x, K(1.6732632423543772848170429916717)));
  case JAXC_NN_CELU: return add(mx(x, 0), mul(K(p), em1(dv(mn(x, 0), K(p)))));
  case JAXC_NN_LEAKY_RELU: return x >= 0 ? x : mul(K(p), x);
  case JAXC_NN_SQUAREPLUS: {
    bool pint = p == floor(p);
    LD s;
    if (int8_input && pint) s = (LD)wrap8(wrap8((int)x * (int)x) + (int)p); /* int8 until sqrt */
    else if (int8_input) s = R((LD)wrap8((int)x * (int)x) + K(p));
    else s = add(mul(x, x), pint ? R(p) : K(p));
    return dv(add(x, R(sqrtl(s))), 2);
  }
  case JAXC_NN_GELU: {
    LD t = add(x, mul(K(0.044715), mul(x, mul(x, x))));
    t = add(1, th(mul(S(0.79788456080286535588), t)));
    return mul(x, mul(K(0.5), t));
  }
  case JAXC_NN_GELU_EXACT: return mul(mul(K(0.5), x), erfc_op(mul(-x, S(0.70710678118654757274))));
  default: return NAN;
  }
}

/* --- arrays ------------------------------------------------------------------------------------ */
static LD elem(const jaxc_array *a, int64_t i) {
  const void *d = jaxc_array_data(a);
  switch (jaxc_array_dtype(a)) {
  case JAXC_F32: return ((const float *)d)[i];
  case JAXC_F64: return ((const double *)d)[i];
  case JAXC_BF16: return dec16(BF16F, ((const uint16_t *)d)[i]);
  case JAXC_F16: return dec16(F16F, ((const uint16_t *)d)[i]);
  case JAXC_I8: return ((const int8_t *)d)[i];
  case JAXC_I32: return ((const int32_t *)d)[i];
  case JAXC_I64: return (LD)((const int64_t *)d)[i];
  case JAXC_U8: return ((const uint8_t *)d)[i];
  case JAXC_BOOL: return ((const bool *)d)[i];
  default: return NAN;
  }
}
static int prec_of(jaxc_dtype d) { return d == JAXC_F64 ? 53 : d == JAXC_F32 ? 24 : d == JAXC_F16 ? 11 : 8; }
/* got and want the same value (NaN NaN, -0 only -0), or how many units of want's last place
   apart in dtype d */
static double ulp_diff(LD got, LD want, jaxc_dtype d) {
  if (got != got || want != want) return got != got && want != want ? 0 : INFINITY;
  if (got == want) return signbit(got) == signbit(want) ? 0 : 0.5;
  if (isinf(got) || isinf(want)) return INFINITY;
  int e;
  frexpl(want, &e);
  int emin = d == JAXC_F64 ? -1021 : d == JAXC_F16 ? -13 : -125;
  if (want == 0 || e < emin) e = emin;
  return (double)(fabsl(got - want) / ldexpl(1.0L, e - prec_of(d)));
}
static bool same_bits(const jaxc_array *a, const jaxc_array *b) {
  return a && b && jaxc_array_dtype(a) == jaxc_array_dtype(b) && jaxc_array_is_weak(a) == jaxc_array_is_weak(b) &&
         jaxc_array_size(a) == jaxc_array_size(b) &&
         !memcmp(jaxc_array_data(a), jaxc_array_data(b), (size_t)jaxc_array_size(a) * jaxc_dtype_size(jaxc_array_dtype(a)));
}
static jaxc_array *vec(jaxc_dtype d, int64_t n) { return jaxc_array_empty(d, 1, &n); }
static double pick_param(jaxc_activation f, int variant) {
  double dflt = jaxc_activation_default(f);
  if (!jaxc_activation_has_param(f) || variant == 0) return dflt;
  return f == JAXC_NN_SQUAREPLUS ? 2.5 : f == JAXC_NN_LEAKY_RELU ? 0.2 : 0.75;
}

/* One float array through every activation: the emulation (bits for all but float64), and the
   fused path against the op-by-op one */
static void check_floats(const char *what, const jaxc_array *x, double f64_tol) {
  jaxc_dtype d = jaxc_array_dtype(x);
  uint64_t sum = checksum(x);
  for (int f = 0; f < JAXC_NUM_NN_ACTIVATIONS; f++)
    for (int variant = 0; variant < (jaxc_activation_has_param((jaxc_activation)f) ? 2 : 1); variant++) {
      double p = pick_param((jaxc_activation)f, variant);
      jaxc_array *got = jaxc_nn_activation((jaxc_activation)f, x, p);
      jaxc_array *ops = jaxc__nn_activation_ops((jaxc_activation)f, x, p);
      const char *name = jaxc_activation_name((jaxc_activation)f);
      CHECK_MSG(got && ops, "%s %s: %s", what, name, jaxc_last_error());
      if (!got || !ops) { jaxc_array_free(got), jaxc_array_free(ops); continue; }
      CHECK_MSG(jaxc_array_dtype(got) == d && !jaxc_array_is_weak(got), "%s %s: dtype %s", what, name, jaxc_dtype_name(jaxc_array_dtype(got)));
      CHECK_MSG(same_bits(got, ops), "%s %s p=%g: the fused path differs from the op-by-op one", what, name, p);
      D = d;
      long bad = 0;
      double worst = 0;
      int64_t worst_i = 0;
      for (int64_t i = 0; i < jaxc_array_size(x); i++) {
        LD xv = elem(x, i), want = emu((jaxc_activation)f, xv, p), g = elem(got, i);
        double u = ulp_diff(g, want, d);
        if (d == JAXC_F64 && u > 0) { /* (float64's ops are within 0.52 ulp, not exact: allow the
                                          terms' rounding, relative to |x| + 1) */
          LD scale = fabsl(want) + fabsl(xv) + 1;
          if (g == g && want == want && fabsl(g - want) <= f64_tol * 0x1p-52L * scale) u = 0;
        }
        if (u > 0) bad++;
        if (u > worst) worst = u, worst_i = i;
      }
      CHECK_MSG(bad == 0, "%s %s p=%g: %ld values differ from JAX's formula, worst %g ulp at x=%.17Lg (got %.17Lg, want %.17Lg)", what,
                name, p, bad, worst, elem(x, worst_i), elem(got, worst_i), emu((jaxc_activation)f, elem(x, worst_i), p));
      jaxc_array_free(got);
      jaxc_array_free(ops);
    }
  CHECK_MSG(checksum(x) == sum, "%s: the input changed", what);
}

static const double edges[] = {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 6.0, -6.0, 1e-3, -1e-3, 20.0, -20.0,
                               88.0, -88.0, 89.0, -89.0, 104.0, -104.0, 710.0, -710.0, 750.0, -750.0, 1e-30, -1e-30,
                               1e-310, -1e-310, 1e300, -1e300, INFINITY, -INFINITY, NAN, 0.999, -0.999, 1.001, -1.001};
#define NEDGES ((int64_t)(sizeof edges / sizeof edges[0]))

static void test_16bit_exhaustive(void) {
  for (int t = 0; t < 2; t++) {
    jaxc_dtype d = t ? JAXC_F16 : JAXC_BF16;
    jaxc_array *x = vec(d, 65536);
    for (int i = 0; i < 65536; i++) ((uint16_t *)jaxc_array_data(x))[i] = (uint16_t)i;
    check_floats(jaxc_dtype_name(d), x, 0);
    jaxc_array_free(x);
  }
}
static void test_f32(void) {
  int64_t n = (1 << 18) + NEDGES;
  jaxc_array *x = vec(JAXC_F32, n);
  float *p = (float *)jaxc_array_data(x);
  for (int64_t i = 0; i < n; i++) {
    if (i < NEDGES) p[i] = (float)edges[i];
    else if (i % 2) p[i] = u2f((uint32_t)rnd64());
    else p[i] = (float)((double)(rnd64() >> 11) * 0x1p-53 * 48.0 - 24.0);
  }
  check_floats("float32", x, 0);
  jaxc_array_free(x);
}
static void test_f64(void) {
  jaxc_set_x64(true);
  int64_t n = (1 << 16) + NEDGES;
  jaxc_array *x = vec(JAXC_F64, n);
  double *p = (double *)jaxc_array_data(x);
  for (int64_t i = 0; i < n; i++) {
    if (i < NEDGES) p[i] = edges[i];
    else if (i % 4 == 1) p[i] = u2d(rnd64());
    else p[i] = (double)(rnd64() >> 11) * 0x1p-53 * 60.0 - 30.0;
  }
  check_floats("float64", x, 16);
  jaxc_array_free(x);
  jaxc_set_x64(false);
}

/* all 256 int8 values: the ops in int8 until the first float step, then float32 */
static void test_int8(void) {
  jaxc_array *x = vec(JAXC_I8, 256);
  for (int i = 0; i < 256; i++) ((int8_t *)jaxc_array_data(x))[i] = (int8_t)(i - 128);
  for (int f = 0; f < JAXC_NUM_NN_ACTIVATIONS; f++) {
    const char *name = jaxc_activation_name((jaxc_activation)f);
    double p = jaxc_activation_default((jaxc_activation)f);
    jaxc_array *r = jaxc_nn_activation((jaxc_activation)f, x, p);
    if (f == JAXC_NN_SIGMOID || f == JAXC_NN_SILU) {
      CHECK_MSG(!r && !strcmp(jaxc_last_error(), "logistic does not accept dtype int8. Accepted dtypes are subtypes of floating, complexfloating."),
                "%s(int8): %s", name, jaxc_last_error());
      jaxc_array_free(r);
      continue;
    }
    CHECK_MSG(r, "%s(int8): %s", name, jaxc_last_error());
    if (!r) continue;
    bool stays = f == JAXC_NN_RELU || f == JAXC_NN_HARD_TANH;
    CHECK_MSG(jaxc_array_dtype(r) == (stays ? JAXC_I8 : JAXC_F32), "%s(int8) -> %s", name, jaxc_dtype_name(jaxc_array_dtype(r)));
    D = JAXC_F32, int8_input = true;
    long bad = 0;
    for (int i = 0; i < 256; i++) {
      LD xv = i - 128, want = emu((jaxc_activation)f, xv, p);
      bad += ulp_diff(elem(r, i), want, JAXC_F32) != 0;
    }
    int8_input = false;
    CHECK_MSG(bad == 0, "%s(int8): %ld of 256 differ", name, bad);
    jaxc_array_free(r);
  }
  jaxc_array_free(x);
}

/* result dtypes and weak types, and refusals, as JAX's ops give them */
static void test_dtypes(void) {
  /* relu keeps ints and bool; hard_tanh keeps int8 and turns bool into a weak int (where with
     Python ints); relu6 of bool or uint8 meets the Python float 6.0 as a strong int: weak
     float32 (JAX's table: u8 v f* = f*); the rest go to float32 */
  struct { jaxc_activation f; jaxc_dtype in; jaxc_dtype out; bool weak; } rows[] = {
      {JAXC_NN_RELU, JAXC_BOOL, JAXC_BOOL, false},   {JAXC_NN_RELU, JAXC_U8, JAXC_U8, false},
      {JAXC_NN_RELU, JAXC_I32, JAXC_I32, false},     {JAXC_NN_RELU6, JAXC_BOOL, JAXC_F32, true},
      {JAXC_NN_RELU6, JAXC_U8, JAXC_F32, true},      {JAXC_NN_HARD_TANH, JAXC_BOOL, JAXC_I32, true},
      {JAXC_NN_HARD_TANH, JAXC_I8, JAXC_I8, false},  {JAXC_NN_SOFTPLUS, JAXC_I32, JAXC_F32, false},
      {JAXC_NN_GELU, JAXC_I32, JAXC_F32, false},     {JAXC_NN_GELU_EXACT, JAXC_U8, JAXC_F32, false},
      {JAXC_NN_RELU6, JAXC_C64, JAXC_C64, false},    {JAXC_NN_SIGMOID, JAXC_C64, JAXC_C64, false},
      {JAXC_NN_SOFT_SIGN, JAXC_C64, JAXC_C64, false}, {JAXC_NN_GELU, JAXC_C64, JAXC_C64, false},
      {JAXC_NN_SPARSE_PLUS, JAXC_C64, JAXC_C64, false},
  };
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    jaxc_array *x = small_random_array(rows[i].in, 1, (int64_t[]){5});
    jaxc_array *r = jaxc_nn_activation(rows[i].f, x, jaxc_activation_default(rows[i].f));
    CHECK_MSG(r && jaxc_array_dtype(r) == rows[i].out && jaxc_array_is_weak(r) == rows[i].weak, "%s(%s) -> %s%s (%s)",
              jaxc_activation_name(rows[i].f), jaxc_dtype_name(rows[i].in), r ? jaxc_dtype_name(jaxc_array_dtype(r)) : "NULL",
              r && jaxc_array_is_weak(r) ? " weak" : "", jaxc_last_error());
    jaxc_array_free(x), jaxc_array_free(r);
  }
  /* complex sigmoid is 1 / (1 + exp(-z)) in complex64 */
  {
    jaxc_array *z = vec(JAXC_C64, 1);
    float *zp = (float *)jaxc_array_data(z);
    zp[0] = 0.5f, zp[1] = -1.25f;
    jaxc_array *r = jaxc_nn_sigmoid(z);
    double complex_ref_re, complex_ref_im;
    { /* 1 / (1 + e^{-z}) in long double */
      LD er = expl(-0.5L) * cosl(1.25L), ei = expl(-0.5L) * sinl(1.25L); /* e^{-z} = e^{-0.5} (cos 1.25 + i sin 1.25) */
      LD dr = 1 + er, di = ei, m = dr * dr + di * di;
      complex_ref_re = (double)(dr / m), complex_ref_im = (double)(-di / m);
    }
    const float *rp = r ? (const float *)jaxc_array_data(r) : NULL;
    CHECK_MSG(rp && fabs(rp[0] - complex_ref_re) < 4e-7 && fabs(rp[1] - complex_ref_im) < 4e-7, "complex sigmoid %g%+gi vs %g%+gi",
              rp ? rp[0] : 0, rp ? rp[1] : 0, complex_ref_re, complex_ref_im);
    jaxc_array_free(z), jaxc_array_free(r);
  }
  /* Python scalars: weak in, weak out, except gelu (a strong numpy constant) and gelu_exact
     (jnp.array(..., dtype)) */
  for (int f = 0; f < JAXC_NUM_NN_ACTIVATIONS; f++) {
    jaxc_array *w = jaxc_weak_float(1.5), *r = jaxc_nn_activation((jaxc_activation)f, w, jaxc_activation_default((jaxc_activation)f));
    bool strong = f == JAXC_NN_GELU || f == JAXC_NN_GELU_EXACT;
    CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_is_weak(r) == !strong, "%s(1.5): weak %d",
              jaxc_activation_name((jaxc_activation)f), r ? jaxc_array_is_weak(r) : -1);
    D = JAXC_F32;
    CHECK_MSG(r && ulp_diff(elem(r, 0), emu((jaxc_activation)f, 1.5L, jaxc_activation_default((jaxc_activation)f)), JAXC_F32) == 0,
              "%s(1.5)", jaxc_activation_name((jaxc_activation)f));
    jaxc_array_free(w), jaxc_array_free(r);
  }
  /* JAX's documented values and sharp edges */
  {
    float in[] = {-2.f, -1.f, -0.5f, 0.f, 0.5f, 1.f, 2.f, -0.f, NAN};
    jaxc_array *x = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){9}, in);
    jaxc_array *r = jaxc_nn_relu(x), *r6 = jaxc_nn_relu6(x);
    const float *p = (const float *)jaxc_array_data(r), *p6 = (const float *)jaxc_array_data(r6);
    float want[] = {0, 0, 0, 0, 0.5f, 1, 2};
    CHECK(!memcmp(p, want, sizeof want));
    CHECK_MSG(p[7] == 0 && signbit(p[7]) && p[8] == 0, "relu(-0) = -0, relu(NaN) = 0 (select(x >= 0, x, 0))");
    CHECK_MSG(p6[7] == 0 && !signbit(p6[7]) && isnan(p6[8]), "relu6(-0) = +0 (lax.max), relu6(NaN) = NaN");
    jaxc_array_free(x), jaxc_array_free(r), jaxc_array_free(r6);
  }
  /* refusals */
  {
    jaxc_array *c = small_random_array(JAXC_C64, 1, (int64_t[]){3}), *b = small_random_array(JAXC_BOOL, 1, (int64_t[]){3});
    jaxc_array *i = small_random_array(JAXC_I32, 1, (int64_t[]){3});
    expect_error(jaxc_nn_relu(c), "ge does not accept dtype complex64. Accepted dtypes are subtypes of integer, floating, bool.");
    expect_error(jaxc_nn_sigmoid(i), "logistic does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating.");
    expect_error(jaxc_nn_sigmoid(b), "logistic does not accept dtype bool. Accepted dtypes are subtypes of floating, complexfloating.");
    expect_error(jaxc_nn_gelu_exact(c), "erfc does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
    jaxc_array *r = jaxc_nn_sparse_sigmoid(c);
    CHECK_MSG(!r && strstr(jaxc_last_error(), "Clip received a complex value"), "sparse_sigmoid(complex): %s", jaxc_last_error());
    jaxc_array_free(r);
    r = jaxc_nn_log_sigmoid(b);
    CHECK_MSG(!r && jaxc_last_status() == JAXC_ERR_DTYPE, "log_sigmoid(bool): neg refuses bool: %s", jaxc_last_error());
    jaxc_array_free(r);
    r = jaxc_nn_softplus(c);
    CHECK_MSG(!r && jaxc_last_status() == JAXC_ERR_DTYPE, "softplus(complex): %s", jaxc_last_error());
    jaxc_array_free(r);
    expect_error(jaxc_nn_activation((jaxc_activation)99, i, 0), "invalid activation 99");
    expect_error(jaxc_nn_activation((jaxc_activation)-1, i, 0), "invalid activation -1");
    expect_error(jaxc_nn_relu(NULL), "relu: the array is NULL");
    CHECK(jaxc_activation_name((jaxc_activation)99) == NULL && !strcmp(jaxc_activation_name(JAXC_NN_GELU_EXACT), "gelu_exact"));
    CHECK(jaxc_activation_has_param(JAXC_NN_ELU) && !jaxc_activation_has_param(JAXC_NN_SELU));
    CHECK(jaxc_activation_default(JAXC_NN_LEAKY_RELU) == 0.01 && jaxc_activation_default(JAXC_NN_SQUAREPLUS) == 4.0);
    /* a Python int parameter must fit: squareplus(int8, 300) is JAX's OverflowError */
    jaxc_array *i8 = small_random_array(JAXC_I8, 1, (int64_t[]){3});
    expect_error(jaxc_nn_squareplus(i8, 300), "Python int 300 too large to convert to int8");
    /* hard_tanh(uint8) compares with the Python int -1, which uint8 cannot hold */
    jaxc_array *u8 = small_random_array(JAXC_U8, 1, (int64_t[]){3});
    expect_error(jaxc_nn_hard_tanh(u8), "Python int -1 too large to convert to uint8");
    jaxc_array_free(u8);
    jaxc_array_free(c), jaxc_array_free(b), jaxc_array_free(i), jaxc_array_free(i8);
  }
  /* the aliases */
  {
    jaxc_array *x = small_random_array(JAXC_F32, 1, (int64_t[]){7});
    jaxc_array *a = jaxc_nn_swish(x), *b = jaxc_nn_silu(x), *c = jaxc_nn_hard_swish(x), *d = jaxc_nn_hard_silu(x);
    CHECK(same_bits(a, b) && same_bits(c, d));
    jaxc_array_free(x), jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c), jaxc_array_free(d);
  }
}

/* the fused loops in parallel (past JAXC_PAR_BYTES) and with 1 and 2 threads: the same bits */
static void test_threads(void) {
  int64_t n = 3 << 19;
  jaxc_array *x = vec(JAXC_F32, n);
  float *p = (float *)jaxc_array_data(x);
  for (int64_t i = 0; i < n; i++) p[i] = (float)((double)(rnd64() >> 11) * 0x1p-53 * 40.0 - 20.0);
  for (int f = 0; f < JAXC_NUM_NN_ACTIVATIONS; f++) {
    jaxc_array *ops = jaxc__nn_activation_ops((jaxc_activation)f, x, jaxc_activation_default((jaxc_activation)f));
    for (int t = 1; t <= 2; t++) {
#ifdef _OPENMP
      omp_set_num_threads(t);
#endif
      jaxc_array *r = jaxc_nn_activation((jaxc_activation)f, x, jaxc_activation_default((jaxc_activation)f));
      CHECK_MSG(same_bits(r, ops), "%s, %d threads, 1.5M float32", jaxc_activation_name((jaxc_activation)f), t);
      jaxc_array_free(r);
    }
    jaxc_array_free(ops);
  }
#ifdef _OPENMP
  omp_set_num_threads(2);
#endif
  jaxc_array_free(x);
}

/* debug_nans checks every op: the op-by-op path, JAX's message for the first NaN */
static void test_debug_nans(void) {
  float in[] = {1.f, -INFINITY};
  jaxc_array *x = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, in);
  jaxc_set_debug_nans(true);
  jaxc_array *r = jaxc_nn_silu(x); /* -inf * sigmoid(-inf) = -inf * 0 */
  CHECK_MSG(!r && jaxc_last_status() == JAXC_ERR_NAN, "silu(-inf) under debug_nans: %s", jaxc_last_error());
  jaxc_array_free(r);
  r = jaxc_nn_relu(x);
  CHECK_MSG(r != NULL, "relu(-inf) makes no NaN: %s", jaxc_last_error());
  jaxc_array_free(r);
  jaxc_set_debug_nans(false);
  r = jaxc_nn_silu(x);
  CHECK_MSG(r && isnan(((const float *)jaxc_array_data(r))[1]), "silu(-inf) is NaN");
  jaxc_array_free(r), jaxc_array_free(x);
}

/* --- softmax, log_softmax, logsumexp ----------------------------------------------------------- */
static jaxc_array *rand_f32(int nd, const int64_t *shape, double lo, double hi) {
  jaxc_array *x = jaxc_array_empty(JAXC_F32, nd, shape);
  float *p = (float *)jaxc_array_data(x);
  for (int64_t i = 0; i < jaxc_array_size(x); i++) p[i] = (float)(lo + (hi - lo) * (double)(rnd64() >> 11) * 0x1p-53);
  return x;
}
static jaxc_array *rand_mask(int nd, const int64_t *shape, int percent_true) {
  jaxc_array *m = jaxc_array_empty(JAXC_BOOL, nd, shape);
  bool *p = (bool *)jaxc_array_data(m);
  for (int64_t i = 0; i < jaxc_array_size(m); i++) p[i] = (int)(rnd64() % 100) < percent_true;
  return m;
}
/* the smallest subnormal of a float dtype */
static LD tiny_of(jaxc_dtype d) {
  switch (d) {
  case JAXC_BF16: return 0x1p-133L;
  case JAXC_F16: return 0x1p-24L;
  case JAXC_F32: return 0x1p-149L;
  default: return 0x1p-1074L;
  }
}
/* softmax (or log_softmax) of one lane in long double over the elements mask allows */
static void ref_lane(const LD *x, const bool *m, int64_t n, bool log, LD *out, LD *lse) {
  LD mx_ = -INFINITY, s = 0;
  for (int64_t i = 0; i < n; i++)
    if (!m || m[i]) mx_ = x[i] > mx_ || x[i] != x[i] ? x[i] : mx_;
  for (int64_t i = 0; i < n; i++)
    if (!m || m[i]) s += expl(x[i] - mx_);
  for (int64_t i = 0; i < n; i++) {
    if (m && !m[i]) out[i] = log ? -INFINITY : 0;
    else out[i] = log ? x[i] - mx_ - logl(s) : expl(x[i] - mx_) / s;
  }
  if (lse) *lse = logl(s) + mx_;
}
/* got against the long double softmax along axis, lane by lane. JAX's algorithm rounds x - max
   (half an ulp of |x - max|, which exp turns into that relative error) and the sum (an ulp of 1
   in log_softmax): softmax within tol roundoffs of |ref| (1 + |x - max|), log_softmax within tol
   roundoffs of |ref| + |x - max| + 1 */
static long check_softmax_values(const jaxc_array *x, const jaxc_array *mask, const jaxc_array *got, int axis, bool log, double tol) {
  lane_geom g = lanes_of(x, axis);
  jaxc_dtype d = jaxc_array_dtype(got);
  LD *xs = malloc(sizeof(LD) * (size_t)g.n), *r = malloc(sizeof(LD) * (size_t)g.n);
  bool *ms = malloc((size_t)g.n + 1);
  long bad = 0;
  for (int64_t j = 0; j < g.outer * g.inner; j++) {
    int64_t base = (j / g.inner) * g.n * g.inner + j % g.inner;
    LD mx_ = -INFINITY;
    for (int64_t i = 0; i < g.n; i++) {
      xs[i] = elem(x, base + i * g.inner);
      if (mask) ms[i] = ((const bool *)jaxc_array_data(mask))[base + i * g.inner];
      if (!mask || ms[i]) mx_ = xs[i] > mx_ ? xs[i] : mx_;
    }
    ref_lane(xs, mask ? ms : NULL, g.n, log, r, NULL);
    for (int64_t i = 0; i < g.n; i++) {
      LD v = elem(got, base + i * g.inner), w = r[i], sh = fabsl(xs[i] - mx_);
      bool ok;
      if (w != w || isinf(w)) ok = (v != v && w != w) || v == w;
      else if (log) ok = fabsl(v - w) <= tol * eps_of(d) * (fabsl(w) + sh + 1);
      else ok = fabsl(v - w) <= tol * eps_of(d) * fabsl(w) * (1 + sh) + tol * tiny_of(d); /* (underflow to subnormals) */
      if (!ok && bad++ < 3)
        fprintf(stderr, "  lane %lld elem %lld: got %.9Lg want %.9Lg\n", (long long)j, (long long)i, v, w);
    }
  }
  free(xs), free(r), free(ms);
  return bad;
}
static void test_softmax_values(void) {
  const int64_t shape[3] = {5, 7, 33};
  jaxc_array *x = rand_f32(3, shape, -30, 30), *m = rand_mask(3, shape, 70);
  uint64_t sx = checksum(x), sm = checksum(m);
  const int axes[] = {-1, 0, 1, 2, -3, JAXC_ALL_AXES};
  for (int log = 0; log < 2; log++)
    for (size_t a = 0; a < sizeof axes / sizeof axes[0]; a++)
      for (int w = 0; w < 2; w++) {
        jaxc_array *r = log ? jaxc_nn_log_softmax(x, axes[a], w ? m : NULL) : jaxc_nn_softmax(x, axes[a], w ? m : NULL);
        CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_ndim(r) == 3 && !jaxc_array_is_weak(r), "%s axis %d where %d: %s",
                  log ? "log_softmax" : "softmax", axes[a], w, jaxc_last_error());
        if (!r) continue;
        long bad = check_softmax_values(x, w ? m : NULL, r, axes[a], log, 8);
        CHECK_MSG(bad == 0, "%s axis %d where %d: %ld values off", log ? "log_softmax" : "softmax", axes[a], w, bad);
        jaxc_array *ops = jaxc__nn_softmax_ops(x, axes[a], w ? m : NULL, log);
        CHECK_MSG(same_bits(r, ops), "%s axis %d where %d: fused != op by op", log ? "log_softmax" : "softmax", axes[a], w);
        jaxc_array_free(r), jaxc_array_free(ops);
      }
  CHECK(checksum(x) == sx && checksum(m) == sm);
  jaxc_array_free(x), jaxc_array_free(m);
}
/* lanes of many lengths, float32 and float64, 1 and 2 threads: the fused rows = op by op, and
   each row of softmax sums to 1 */
static void test_softmax_rows(void) {
  const int64_t lens[] = {1, 2, 7, 64, 1000, 4097, 1 << 16};
  for (int t64 = 0; t64 < 2; t64++) {
    jaxc_set_x64(t64);
    for (size_t L = 0; L < sizeof lens / sizeof lens[0]; L++) {
      int64_t shape[2] = {lens[L] < 64 ? 300 : (1 << 17) / lens[L] + 1, lens[L]};
      jaxc_array *x32 = rand_f32(2, shape, -60, 20), *x = t64 ? jaxc_astype(x32, JAXC_F64) : x32;
      for (int log = 0; log < 2; log++) {
        jaxc_array *ops = jaxc__nn_softmax_ops(x, -1, NULL, log);
        for (int th = 1; th <= 2; th++) {
#ifdef _OPENMP
          omp_set_num_threads(th);
#endif
          jaxc_array *r = log ? jaxc_nn_log_softmax(x, -1, NULL) : jaxc_nn_softmax(x, -1, NULL);
          CHECK_MSG(same_bits(r, ops), "%s %s lane %lld, %d threads: fused != op by op", t64 ? "float64" : "float32",
                    log ? "log_softmax" : "softmax", (long long)lens[L], th);
          if (th == 2 && !log && r) {
            double worst = 0;
            for (int64_t i = 0; i < shape[0]; i++) {
              LD s = 0;
              for (int64_t k = 0; k < shape[1]; k++) s += elem(r, i * shape[1] + k);
              worst = fmax(worst, (double)fabsl(s - 1));
            }
            CHECK_MSG(worst <= (double)(eps_of(jaxc_array_dtype(r)) * 4 * (LD)sqrt((double)shape[1])), "rows sum to 1 (%g off)", worst);
          }
          if (th == 2 && lens[L] <= 1000 && r)
            CHECK_MSG(check_softmax_values(x, NULL, r, -1, log, 8) == 0, "%s values, lane %lld", log ? "log_softmax" : "softmax",
                      (long long)lens[L]);
          jaxc_array_free(r);
        }
        jaxc_array_free(ops);
      }
      if (x != x32) jaxc_array_free(x);
      jaxc_array_free(x32);
    }
  }
  /* the 16-bit types take the fused rows too: each step rounded to the type, the sum in double */
  for (int t = 0; t < 2; t++) {
    jaxc_array *x32 = rand_f32(2, (int64_t[]){37, 129}, -40, 10), *x = jaxc_astype(x32, t ? JAXC_F16 : JAXC_BF16);
    for (int log = 0; log < 2; log++) {
      jaxc_array *ops = jaxc__nn_softmax_ops(x, 1, NULL, log), *r = log ? jaxc_nn_log_softmax(x, 1, NULL) : jaxc_nn_softmax(x, 1, NULL);
      CHECK_MSG(same_bits(r, ops), "%s %s: fused != op by op", jaxc_dtype_name(jaxc_array_dtype(x)), log ? "log_softmax" : "softmax");
      CHECK(r && check_softmax_values(x, NULL, r, 1, log, 8) == 0);
      jaxc_array_free(r), jaxc_array_free(ops);
    }
    jaxc_array_free(x), jaxc_array_free(x32);
  }
  /* one lane of 2^21 (axis None, 8 MiB): the sum in jaxc_sum's 64 pieces, added in order */
  for (int t64 = 0; t64 < 2; t64++) {
    jaxc_set_x64(t64);
    int64_t big[2] = {1 << 11, 1 << 10};
    jaxc_array *x32 = rand_f32(2, big, -30, 30), *x = t64 ? jaxc_astype(x32, JAXC_F64) : x32;
    for (int log = 0; log < 2; log++) {
      jaxc_array *ops = jaxc__nn_softmax_ops(x, JAXC_ALL_AXES, NULL, log);
      jaxc_array *r = log ? jaxc_nn_log_softmax(x, JAXC_ALL_AXES, NULL) : jaxc_nn_softmax(x, JAXC_ALL_AXES, NULL);
      CHECK_MSG(same_bits(r, ops), "%s %s of 2^21 elements, axis None: fused != op by op", t64 ? "float64" : "float32",
                log ? "log_softmax" : "softmax");
      jaxc_array_free(r), jaxc_array_free(ops);
    }
    if (x != x32) jaxc_array_free(x);
    jaxc_array_free(x32);
  }
#ifdef _OPENMP
  omp_set_num_threads(2);
#endif
  jaxc_set_x64(false);
}
static void test_softmax_edges(void) {
  /* +inf makes its lane NaN (inf - inf), -inf gets 0 and leaves the rest alone, NaN spreads */
  float in[4][3] = {{1, INFINITY, 2}, {1, -INFINITY, 1}, {NAN, 0, 1}, {-INFINITY, -INFINITY, -INFINITY}};
  jaxc_array *x = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){4, 3}, in);
  jaxc_array *s = jaxc_nn_softmax(x, -1, NULL), *l = jaxc_nn_log_softmax(x, -1, NULL);
  const float *p = (const float *)jaxc_array_data(s), *q = (const float *)jaxc_array_data(l);
  CHECK(isnan(p[0]) && isnan(p[1]) && isnan(p[2]));
  CHECK(p[3] == 0.5f && p[4] == 0 && p[5] == 0.5f && q[4] == -INFINITY && q[3] == -logf(2.f));
  CHECK(isnan(p[6]) && isnan(p[7]) && isnan(p[8]));
  CHECK_MSG(isnan(p[9]) && isnan(q[9]), "an all -inf lane: -inf - -inf is NaN");
  jaxc_array_free(s), jaxc_array_free(l);
  /* a lane where masks everything: 0 (softmax), -inf (log_softmax) */
  bool mk[4][3] = {{1, 0, 1}, {0, 0, 0}, {0, 1, 1}, {1, 1, 1}};
  jaxc_array *m = jaxc_array_from_data(JAXC_BOOL, 2, (int64_t[]){4, 3}, mk);
  s = jaxc_nn_softmax(x, -1, m), l = jaxc_nn_log_softmax(x, -1, m);
  p = (const float *)jaxc_array_data(s), q = (const float *)jaxc_array_data(l);
  CHECK_MSG(fabsf(p[0] - 1 / (1 + expf(1))) < 1e-7f && p[1] == 0 && q[1] == -INFINITY, "where hides the +inf: %g %g", p[0], p[1]);
  CHECK(p[3] == 0 && p[4] == 0 && p[5] == 0 && q[3] == -INFINITY && q[5] == -INFINITY);
  CHECK_MSG(p[6] == 0 && fabsf(p[7] - 1 / (1 + expf(1))) < 1e-7f && fabsf(p[8] - 1 / (1 + expf(-1))) < 1e-7f, "where hides the NaN");
  jaxc_array_free(s), jaxc_array_free(l);
  /* a mask of shape (3,) broadcast along the rows; one of shape (2, 4, 3) broadcasts x up */
  jaxc_array *m1 = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){3}, (bool[]){1, 0, 1});
  s = jaxc_nn_softmax(x, -1, m1);
  CHECK(s && jaxc_array_ndim(s) == 2 && ((const float *)jaxc_array_data(s))[1] == 0);
  jaxc_array_free(s);
  jaxc_array *m3 = rand_mask(3, (int64_t[]){2, 4, 3}, 50);
  s = jaxc_nn_softmax(x, -1, m3);
  CHECK_MSG(s && jaxc_array_ndim(s) == 3 && jaxc_array_shape(s)[0] == 2, "where's shape broadcasts x: %s", jaxc_last_error());
  jaxc_array_free(s), jaxc_array_free(m3), jaxc_array_free(m1);
  jaxc_array *bad = rand_mask(1, (int64_t[]){4}, 50);
  s = jaxc_nn_softmax(x, -1, bad);
  CHECK_MSG(!s && jaxc_last_status() == JAXC_ERR_SHAPE, "where of shape (4,) against (4, 3): %s", jaxc_last_error());
  jaxc_array_free(bad), jaxc_array_free(m), jaxc_array_free(x);
  /* ints become float32; bfloat16 stays bfloat16; empty lanes give empty results */
  jaxc_array *xi = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){1, 2, 3});
  s = jaxc_nn_softmax(xi, 0, NULL);
  CHECK(s && jaxc_array_dtype(s) == JAXC_F32);
  if (s) {
    LD e = expl(1) + expl(2) + expl(3);
    CHECK(fabsl(elem(s, 2) - expl(3) / e) < 1e-7L);
  }
  jaxc_array_free(s), jaxc_array_free(xi);
  jaxc_array *xb = jaxc_astype(x = rand_f32(2, (int64_t[]){3, 50}, -5, 5), JAXC_BF16);
  s = jaxc_nn_softmax(xb, 1, NULL);
  CHECK(s && jaxc_array_dtype(s) == JAXC_BF16 && check_softmax_values(xb, NULL, s, 1, false, 8) == 0);
  jaxc_array_free(s), jaxc_array_free(xb), jaxc_array_free(x);
  jaxc_array *e0 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){3, 0});
  s = jaxc_nn_softmax(e0, -1, NULL), l = jaxc_nn_log_softmax(e0, 0, NULL);
  CHECK(s && l && jaxc_array_size(s) == 0 && jaxc_array_ndim(s) == 2 && jaxc_array_dtype(l) == JAXC_F32);
  jaxc_array_free(s), jaxc_array_free(l), jaxc_array_free(e0);
  /* refusals */
  x = rand_f32(2, (int64_t[]){2, 2}, 0, 1);
  expect_error(jaxc_nn_softmax(x, 2, NULL), "axis 2 is out of bounds for array of dimension 2");
  expect_error(jaxc_nn_log_softmax(NULL, -1, NULL), "log_softmax: the array is NULL");
  jaxc_array *xb2 = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){2}, (bool[]){1, 0});
  s = jaxc_nn_softmax(xb2, -1, NULL);
  CHECK_MSG(!s && jaxc_last_status() == JAXC_ERR_DTYPE, "softmax(bool): x - x_max refuses bool: %s", jaxc_last_error());
  jaxc_array_free(s), jaxc_array_free(xb2), jaxc_array_free(x);
}

/* logsumexp against long double, with b, where, keepdims, return_sign and complex */
static void test_logsumexp(void) {
  const int64_t shape[2] = {6, 40};
  jaxc_array *a = rand_f32(2, shape, -50, 50), *b = rand_f32(2, shape, -1, 2), *m = rand_mask(2, shape, 60);
  uint64_t sa = checksum(a), sb = checksum(b);
  for (int ax = -1; ax <= 1; ax++)
    for (int kd = 0; kd < 2; kd++)
      for (int use_b = 0; use_b < 2; use_b++)
        for (int use_w = 0; use_w < 2; use_w++)
          for (int want_sign = 0; want_sign < 2; want_sign++) {
            int axis = ax == 1 ? JAXC_ALL_AXES : ax;
            jaxc_array *sg = NULL, *r = jaxc_logsumexp(a, axis, use_b ? b : NULL, kd, use_w ? m : NULL, want_sign ? &sg : NULL);
            CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_F32 && (!want_sign || sg), "logsumexp: %s", jaxc_last_error());
            if (!r) { jaxc_array_free(sg); continue; }
            int want_nd = kd ? 2 : axis == JAXC_ALL_AXES ? 0 : 1;
            CHECK_MSG(jaxc_array_ndim(r) == want_nd, "logsumexp keepdims %d axis %d: ndim %d", kd, axis, jaxc_array_ndim(r));
            lane_geom g = lanes_of(a, axis);
            long bad = 0;
            for (int64_t j = 0; j < g.outer * g.inner; j++) {
              int64_t base = (j / g.inner) * g.n * g.inner + j % g.inner;
              LD s = 0, mx_ = -INFINITY;
              for (int64_t i = 0; i < g.n; i++) {
                int64_t k = base + i * g.inner;
                bool on = (!use_w || ((const bool *)jaxc_array_data(m))[k]) && (!use_b || elem(b, k) != 0);
                if (on) mx_ = fmaxl(mx_, elem(a, k));
              }
              for (int64_t i = 0; i < g.n; i++) {
                int64_t k = base + i * g.inner;
                if (use_w && !((const bool *)jaxc_array_data(m))[k]) continue;
                s += expl(elem(a, k) - mx_) * (use_b ? elem(b, k) : 1);
              }
              LD want = logl(fabsl(s)) + mx_, got = elem(r, j);
              if (!want_sign && s < 0) want = NAN;
              bool ok = want != want ? got != got
                        : isinf(want)  ? got == want /* (a lane masked whole: log 0 = -inf) */
                                       : fabsl(got - want) <= 8 * 0x1p-24L * (fabsl(want) + fabsl(mx_) + 1);
              if (want_sign) ok = ok && elem(sg, j) == (s > 0 ? 1 : s < 0 ? -1 : 0);
              bad += !ok;
            }
            CHECK_MSG(bad == 0, "logsumexp axis %d keepdims %d b %d where %d sign %d: %ld lanes off", axis, kd, use_b, use_w, want_sign, bad);
            jaxc_array_free(r), jaxc_array_free(sg);
          }
  CHECK(checksum(a) == sa && checksum(b) == sb);
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(m);
  /* empty lanes: -inf, sign 0; all masked: -inf; +inf: inf; ints: float32, Python scalars: strong */
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){3, 0}), *sg = NULL;
  jaxc_array *r = jaxc_logsumexp(e, 1, NULL, false, NULL, &sg);
  CHECK(r && jaxc_array_size(r) == 3 && elem(r, 0) == -INFINITY && sg && elem(sg, 2) == 0);
  jaxc_array_free(r), jaxc_array_free(sg), jaxc_array_free(e);
  jaxc_array *x = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){2, 2}, (float[]){INFINITY, 1, -INFINITY, -INFINITY});
  r = jaxc_logsumexp(x, 1, NULL, false, NULL, NULL);
  CHECK(r && elem(r, 0) == INFINITY && elem(r, 1) == -INFINITY);
  jaxc_array_free(r);
  jaxc_array *mask = jaxc_array_from_data(JAXC_BOOL, 2, (int64_t[]){2, 2}, (bool[]){0, 0, 1, 1});
  r = jaxc_logsumexp(x, 1, NULL, true, mask, NULL);
  CHECK(r && jaxc_array_ndim(r) == 2 && elem(r, 0) == -INFINITY);
  jaxc_array_free(r), jaxc_array_free(mask), jaxc_array_free(x);
  jaxc_array *xi = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){1, 2, 3}), *w = jaxc_weak_float(2.0);
  r = jaxc_logsumexp(xi, JAXC_ALL_AXES, NULL, false, NULL, NULL);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && fabsl(elem(r, 0) - logl(expl(1) + expl(2) + expl(3))) < 1e-6L);
  jaxc_array_free(r);
  r = jaxc_logsumexp(w, JAXC_ALL_AXES, NULL, false, NULL, NULL);
  CHECK(r && !jaxc_array_is_weak(r) && elem(r, 0) == 2.0L);
  jaxc_array_free(r), jaxc_array_free(w), jaxc_array_free(xi);
  /* complex: log of the complex sum (principal branch); return_sign: log|sum| and sum/|sum| */
  jaxc_array *z = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){2}, (float[]){1.0f, 2.0f, 0.5f, -3.0f});
  jaxc_array *zs = NULL;
  r = jaxc_logsumexp(z, 0, NULL, false, NULL, NULL);
  jaxc_array *rs = jaxc_logsumexp(z, 0, NULL, false, NULL, &zs);
  {
    LD sr = expl(1) * cosl(2) + expl(0.5L) * cosl(-3), si = expl(1) * sinl(2) + expl(0.5L) * sinl(-3);
    LD mag = sqrtl(sr * sr + si * si), arg = atan2l(si, sr);
    const float *rp = r ? (const float *)jaxc_array_data(r) : NULL;
    CHECK_MSG(rp && jaxc_array_dtype(r) == JAXC_C64 && fabsl(rp[0] - logl(mag)) < 1e-6L && fabsl(rp[1] - arg) < 1e-6L,
              "complex logsumexp %g%+gi, want %Lg%+Lgi", rp ? rp[0] : 0, rp ? rp[1] : 0, logl(mag), arg);
    const float *sp = zs ? (const float *)jaxc_array_data(zs) : NULL;
    CHECK_MSG(rs && jaxc_array_dtype(rs) == JAXC_F32 && fabsl(elem(rs, 0) - logl(mag)) < 1e-6L && sp && fabsl(sp[0] - sr / mag) < 1e-6L &&
                  fabsl(sp[1] - si / mag) < 1e-6L, "complex logsumexp with return_sign");
  }
  jaxc_array_free(r), jaxc_array_free(rs), jaxc_array_free(zs), jaxc_array_free(z);
  /* refusals; a failed call leaves *sign NULL */
  x = rand_f32(1, (int64_t[]){4}, 0, 1);
  jaxc_array *b3 = rand_f32(1, (int64_t[]){3}, 0, 1);
  sg = (jaxc_array *)1;
  r = jaxc_logsumexp(x, 0, b3, false, NULL, &sg);
  CHECK_MSG(!r && sg == NULL && jaxc_last_status() == JAXC_ERR_SHAPE, "b of shape (3,) against (4,): %s", jaxc_last_error());
  expect_error(jaxc_logsumexp(x, 1, NULL, false, NULL, NULL), "axis 1 is out of bounds for array of dimension 1");
  expect_error(jaxc_logsumexp(NULL, 0, NULL, false, NULL, NULL), "logsumexp: the array is NULL");
  jaxc_array_free(x), jaxc_array_free(b3);
}

/* --- standardize ----------------------------------------------------------------------------- */
/* got against JAX's formula in long double along axis (mask: the values the statistics see):
   mean, mean(x^2) - mean^2, (x - mean) / sqrt(var + 1e-5). The roundings of the means and of the
   squares cost eps (msq + mean^2) in var, which is relative to var + eps; x - mean costs
   eps (|x| + |mean|) */
static long check_standardize(const jaxc_array *x, const jaxc_array *mask, const jaxc_array *got, int axis, double tol) {
  lane_geom g = lanes_of(x, axis);
  jaxc_dtype d = jaxc_array_dtype(got);
  long bad = 0;
  for (int64_t j = 0; j < g.outer * g.inner; j++) {
    int64_t base = (j / g.inner) * g.n * g.inner + j % g.inner;
    LD s = 0, s2 = 0, cnt = 0;
    for (int64_t i = 0; i < g.n; i++) {
      LD v = elem(x, base + i * g.inner);
      if (mask && !((const bool *)jaxc_array_data(mask))[base + i * g.inner]) continue;
      s += v, s2 += v * v, cnt += 1;
    }
    LD mean = s / cnt, msq = s2 / cnt, var = msq - mean * mean, den = sqrtl(var + 1e-5L);
    for (int64_t i = 0; i < g.n; i++) {
      LD v = elem(x, base + i * g.inner), w = (v - mean) / den, r = elem(got, base + i * g.inner);
      LD bound = tol * eps_of(d) * ((fabsl(v) + fabsl(mean)) / den + fabsl(w) * (1 + (msq + mean * mean) / (var + 1e-5L)));
      /* (a lane where shows nothing: 0 / 0. Where var's rounding error reaches a quarter of
         var + eps, as it can in a 16-bit lane of two or three values, the first-order bound no
         longer holds (var + eps can even go negative: NaN, as in JAX): not checked) */
      bool wild = tol * eps_of(d) * (msq + mean * mean) >= (var + 1e-5L) / 4;
      bool ok = w != w ? r != r : fabsl(r - w) <= bound || (wild && d != JAXC_F32);
      if (!ok && bad++ < 3)
        fprintf(stderr, "  lane %lld elem %lld: got %.9Lg want %.9Lg (bound %.3Lg)\n", (long long)j, (long long)i, r, w, bound);
    }
  }
  return bad;
}
static void test_standardize(void) {
  const int64_t shape[3] = {5, 7, 33};
  jaxc_array *x = rand_f32(3, shape, -3, 5), *m = rand_mask(3, shape, 70);
  uint64_t sx = checksum(x), sm = checksum(m);
  const int axes[] = {-1, 0, 1, JAXC_ALL_AXES};
  const jaxc_dtype dts[] = {JAXC_F32, JAXC_BF16, JAXC_F16, JAXC_I32};
  for (size_t t = 0; t < sizeof dts / sizeof dts[0]; t++) {
    jaxc_array *xt = jaxc_astype(x, dts[t]);
    for (size_t a = 0; a < sizeof axes / sizeof axes[0]; a++)
      for (int w = 0; w < 2; w++) {
        jaxc_array *r = jaxc_nn_standardize(xt, axes[a], NULL, NULL, 1e-5, w ? m : NULL);
        jaxc_dtype want = dts[t] == JAXC_I32 ? JAXC_F32 : dts[t];
        CHECK_MSG(r && jaxc_array_dtype(r) == want && jaxc_array_ndim(r) == 3 && !jaxc_array_is_weak(r), "standardize %s axis %d where %d: %s",
                  jaxc_dtype_name(dts[t]), axes[a], w, jaxc_last_error());
        if (!r) continue;
        long bad = check_standardize(xt, w ? m : NULL, r, axes[a], 6);
        CHECK_MSG(bad == 0, "standardize %s axis %d where %d: %ld values off", jaxc_dtype_name(dts[t]), axes[a], w, bad);
        jaxc_array_free(r);
      }
    jaxc_array_free(xt);
  }
  /* given mean and variance: (x - mean) * (1 / sqrt(variance + 1e-5)), each op rounded in
     float32, epsilon a weak float32 */
  const int64_t kshape[3] = {5, 7, 1};
  jaxc_array *mu = rand_f32(3, kshape, -1, 1), *var = rand_f32(3, kshape, 0, 4);
  jaxc_array *r = jaxc_nn_standardize(x, -1, mu, var, 1e-5, NULL);
  long bad = 0;
  for (int64_t i = 0; r && i < jaxc_array_size(x); i++) {
    float xv = ((const float *)jaxc_array_data(x))[i], mv = ((const float *)jaxc_array_data(mu))[i / 33];
    float vv = ((const float *)jaxc_array_data(var))[i / 33], s = sqrtf(vv + (float)1e-5), rs = 1.0f / s, dd = xv - mv;
    bad += ((const float *)jaxc_array_data(r))[i] != dd * rs;
  }
  CHECK_MSG(r && bad == 0, "standardize with mean and variance: %ld values differ from (x - mean) * (1 / sqrt(var + eps))", bad);
  jaxc_array_free(r);
  /* a float16 x with a weak epsilon stays float16; an epsilon of 0 on a constant lane is 0 * inf */
  jaxc_array *h = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, (float[]){2, 2, 2, 2}), *hr = jaxc_nn_standardize(h, -1, NULL, NULL, 0.0, NULL);
  CHECK(hr && isnan(((const float *)jaxc_array_data(hr))[0]));
  jaxc_array_free(hr);
  hr = jaxc_nn_standardize(h, -1, NULL, NULL, 1e-5, NULL);
  CHECK(hr && ((const float *)jaxc_array_data(hr))[3] == 0);
  jaxc_array_free(hr), jaxc_array_free(h);
  /* errors: NULL, an axis out of range, a where or mean that does not broadcast */
  expect_error(jaxc_nn_standardize(NULL, -1, NULL, NULL, 1e-5, NULL), "standardize: the array is NULL");
  expect_error(jaxc_nn_standardize(x, 3, NULL, NULL, 1e-5, NULL), "axis 3 is out of bounds for array of dimension 3");
  jaxc_array *bw = rand_mask(1, (int64_t[]){4}, 50), *bm = rand_f32(1, (int64_t[]){4}, 0, 1);
  r = jaxc_nn_standardize(x, -1, NULL, NULL, 1e-5, bw);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_SHAPE);
  r = jaxc_nn_standardize(x, -1, bm, NULL, 1e-5, NULL);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_SHAPE);
  CHECK(checksum(x) == sx && checksum(m) == sm);
  jaxc_array_free(bw), jaxc_array_free(bm), jaxc_array_free(mu), jaxc_array_free(var), jaxc_array_free(x), jaxc_array_free(m);
}

/* the fused rows (float32/float64, last axis or None, no where) = the op-by-op path bit for bit:
   lanes of many lengths, a 2^21 lane past 4 MiB (summed in 64 pieces), 1 and 2 threads */
static void test_standardize_rows(void) {
  const int64_t lens[] = {1, 2, 7, 64, 1000, 4097, 1 << 16, 1 << 21};
  for (int t64 = 0; t64 < 2; t64++) {
    jaxc_set_x64(t64);
    for (size_t L = 0; L < sizeof lens / sizeof lens[0]; L++) {
      int64_t shape[2] = {lens[L] < 64 ? 300 : lens[L] > (1 << 17) ? 1 : (1 << 17) / lens[L] + 1, lens[L]};
      jaxc_array *x32 = rand_f32(2, shape, -2, 6), *x = t64 ? jaxc_astype(x32, JAXC_F64) : x32;
      for (int all = 0; all < 2; all++) {
        int axis = all ? JAXC_ALL_AXES : -1;
        jaxc_array *ops = jaxc__nn_standardize_ops(x, axis, NULL, NULL, 1e-5, NULL);
        for (int th = 1; th <= 2; th++) {
#ifdef _OPENMP
          omp_set_num_threads(th);
#endif
          jaxc_array *r = jaxc_nn_standardize(x, axis, NULL, NULL, 1e-5, NULL);
          CHECK_MSG(r && same_bits(r, ops), "standardize %s lane %lld axis %s, %d threads: fused != op by op", t64 ? "float64" : "float32",
                    (long long)lens[L], all ? "None" : "-1", th);
          if (th == 2 && !all && lens[L] <= 4097 && r)
            CHECK_MSG(check_standardize(x, NULL, r, -1, 6) == 0, "standardize values, lane %lld", (long long)lens[L]);
          jaxc_array_free(r);
        }
        jaxc_array_free(ops);
      }
      if (x != x32) jaxc_array_free(x);
      jaxc_array_free(x32);
    }
  }
  jaxc_set_x64(false);
}

/* one_hot against x[..., None] == arange(num_classes) in x's dtype, at every axis */
static void test_one_hot(void) {
  const int64_t shape[2] = {3, 5};
  jaxc_array *x = jaxc_array_empty(JAXC_I32, 2, shape);
  for (int i = 0; i < 15; i++) ((int32_t *)jaxc_array_data(x))[i] = (int32_t)(rnd64() % 16) - 3;
  uint64_t sx = checksum(x);
  for (int axis = -3; axis <= 2; axis++) {
    jaxc_array *r = jaxc_nn_one_hot(x, 10, JAXC_DTYPE_NONE, axis);
    int pos = axis < 0 ? axis + 3 : axis;
    CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_ndim(r) == 3 && jaxc_array_shape(r)[pos] == 10, "one_hot axis %d: %s",
              axis, jaxc_last_error());
    if (!r) continue;
    long bad = 0;
    for (int64_t t = 0; t < jaxc_array_size(r); t++) {
      int64_t c[3], xc[2];
      coords_of(t, 3, jaxc_array_shape(r), c);
      for (int k = 0, j = 0; k < 3; k++)
        if (k != pos) xc[j++] = c[k];
      int32_t v = ((const int32_t *)jaxc_array_data(x))[flat_of(2, shape, xc)];
      bad += elem(r, t) != (v == c[pos] ? 1 : 0);
    }
    CHECK_MSG(bad == 0, "one_hot axis %d: %ld wrong", axis, bad);
    jaxc_array_free(r);
  }
  CHECK(checksum(x) == sx);
  expect_error(jaxc_nn_one_hot(x, 10, JAXC_DTYPE_NONE, 3), "axis 3 is out of bounds for array of dimension 3");
  expect_error(jaxc_nn_one_hot(x, -1, JAXC_DTYPE_NONE, -1), "one_hot: num_classes must be non-negative, got -1");
  jaxc_array *r = jaxc_nn_one_hot(x, 0, JAXC_I8, -1);
  CHECK(r && jaxc_array_size(r) == 0 && jaxc_array_dtype(r) == JAXC_I8);
  jaxc_array_free(r), jaxc_array_free(x);
  /* JAX's examples: one_hot([0, 1, 2], 3) is the identity; -1 and 3 give zeros; bool and int8
     results; x64's float64 default */
  jaxc_array *a = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){5}, (int32_t[]){0, 1, 2, -1, 3});
  r = jaxc_nn_one_hot(a, 3, JAXC_BOOL, -1);
  bool want[15] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0};
  CHECK(r && jaxc_array_dtype(r) == JAXC_BOOL && !memcmp(jaxc_array_data(r), want, 15));
  jaxc_array_free(r);
  jaxc_set_x64(true);
  r = jaxc_nn_one_hot(a, 3, JAXC_DTYPE_NONE, 0);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F64 && jaxc_array_shape(r)[0] == 3 && elem(r, 5 + 1) == 1 && elem(r, 3) == 0);
  jaxc_array_free(r);
  jaxc_set_x64(false);
  jaxc_array_free(a);
  /* uint8 x: iota in uint8 wraps, so 0 is also class 256 (and 44 class 300) */
  jaxc_array *u = jaxc_array_from_data(JAXC_U8, 1, (int64_t[]){2}, (uint8_t[]){0, 44});
  r = jaxc_nn_one_hot(u, 301, JAXC_I32, -1);
  const int32_t *ri = r ? (const int32_t *)jaxc_array_data(r) : NULL;
  CHECK(ri && ri[0] == 1 && ri[256] == 1 && ri[1] == 0 && ri[301 + 44] == 1 && ri[301 + 300] == 1 && ri[301 + 45] == 0);
  jaxc_array_free(r), jaxc_array_free(u);
  /* float x (deprecated in JAX): compared as floats; -0 is class 0, 1.5 and NaN none */
  jaxc_array *f = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, (float[]){1.0f, 1.5f, NAN, -0.0f});
  r = jaxc_nn_one_hot(f, 3, JAXC_F32, -1);
  float fw[12] = {0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0};
  CHECK(r && !memcmp(jaxc_array_data(r), fw, sizeof fw));
  jaxc_array_free(r), jaxc_array_free(f);
  jaxc_array *b = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){1}, (bool[]){1});
  r = jaxc_nn_one_hot(b, 2, JAXC_F32, -1);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_DTYPE);
  jaxc_array_free(r), jaxc_array_free(b);
}

/* one_hot past a block and the parallel threshold, at every axis, for x dtypes whose iota is
   exact (one class a value: int32, float32) and not (uint8 wraps past 255, bfloat16 rounds past
   256, float16 past 2048: a value can equal several classes), against JAX's definition built
   from other ops: (expand_dims(x, axis) == iota in x's dtype).astype(float32) */
static void test_one_hot_big(void) {
  static const struct { jaxc_dtype d; int64_t nc, n0, n1; } cases[] = {
      {JAXC_I32, 10, 300, 257}, {JAXC_F32, 10, 300, 257}, {JAXC_U8, 300, 9, 300},
      {JAXC_BF16, 300, 9, 300}, {JAXC_F16, 2100, 3, 520}, {JAXC_I32, 2100, 3, 520},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    const int64_t nc = cases[k].nc, shape[2] = {cases[k].n0, cases[k].n1};
    jaxc_dtype d = cases[k].d;
    jaxc_array *xi = jaxc_random_randint(jaxc_random_key((uint32_t)k), JAXC_I32, 2, shape, -3, nc + 3), *x = jaxc_astype(xi, d);
    if (d == JAXC_F32) /* values no class has */
      for (int i = 0; i < 40; i++) ((float *)jaxc_array_data(x))[rnd64() % (uint64_t)(shape[0] * shape[1])] = i % 2 ? NAN : 2.5f;
    jaxc_array *ii = jaxc_arange(0, nc, 1, JAXC_I32), *iota = jaxc_astype(ii, d);
    uint64_t sx = checksum(x);
    for (int axis = -3; axis <= 2; axis++) {
      int pos = axis < 0 ? axis + 3 : axis;
      int64_t ishape[3] = {1, 1, 1};
      ishape[pos] = nc;
      jaxc_array *r = jaxc_nn_one_hot(x, nc, JAXC_F32, axis), *xe = jaxc_expand_dims(x, pos), *io = jaxc_reshape(iota, 3, ishape);
      jaxc_array *eq = jaxc_equal(xe, io), *ref = jaxc_astype(eq, JAXC_F32);
      CHECK_MSG(r && ref && jaxc_array_size(r) == jaxc_array_size(ref) &&
                    !memcmp(jaxc_array_data(r), jaxc_array_data(ref), 4 * (size_t)jaxc_array_size(r)),
                "one_hot %s x [%lld, %lld], %lld classes, axis %d: %s", jaxc_dtype_name(d), (long long)shape[0], (long long)shape[1],
                (long long)nc, axis, r ? "differs from the definition" : jaxc_last_error());
      jaxc_array_free(r), jaxc_array_free(xe), jaxc_array_free(io), jaxc_array_free(eq), jaxc_array_free(ref);
    }
    CHECK(checksum(x) == sx);
    jaxc_array_free(xi), jaxc_array_free(x), jaxc_array_free(ii), jaxc_array_free(iota);
  }
}

static void test_glu(void) {
  jaxc_array *x = rand_f32(2, (int64_t[]){4, 6}, -4, 4);
  for (int axis = -1; axis <= 0; axis++) {
    jaxc_array *r = jaxc_nn_glu(x, axis), *half[2];
    int ax = axis < 0 ? 1 : 0;
    jaxc_split(x, 2, ax, half);
    jaxc_array *s = jaxc_nn_sigmoid(half[1]), *want = jaxc_multiply(half[0], s);
    CHECK_MSG(same_bits(r, want), "glu axis %d = x1 * sigmoid(x2)", axis);
    D = JAXC_F32;
    CHECK(r && ulp_diff(elem(r, 0), mul(elem(half[0], 0), sigm(elem(half[1], 0))), JAXC_F32) == 0);
    jaxc_array_free(r), jaxc_array_free(half[0]), jaxc_array_free(half[1]), jaxc_array_free(s), jaxc_array_free(want);
  }
  jaxc_array *odd = rand_f32(2, (int64_t[]){3, 5}, -1, 1);
  expect_error(jaxc_nn_glu(odd, -1), "axis size must be divisible by 2");
  expect_error(jaxc_nn_glu(odd, 2), "axis 2 is out of bounds for array of dimension 2");
  jaxc_array *xi = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){1, 2});
  expect_error(jaxc_nn_glu(xi, 0), "logistic does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating.");
  jaxc_array_free(xi), jaxc_array_free(odd), jaxc_array_free(x);
}

int main(void) {
  jaxc_set_x64(false);
  test_16bit_exhaustive();
  test_f32();
  test_f64();
  test_int8();
  test_dtypes();
  test_threads();
  test_debug_nans();
  test_softmax_values();
  test_softmax_rows();
  test_softmax_edges();
  test_logsumexp();
  test_one_hot();
  test_one_hot_big();
  test_standardize();
  test_standardize_rows();
  test_glu();
  return check_summary("test_nn");
}
