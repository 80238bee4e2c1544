/* test_formulas.c — the jax.numpy ops that JAX writes as compositions of lax ops (log2, log10,
   exp2, deg2rad, rad2deg, sinc, logaddexp2, heaviside, float_power; jax/_src/numpy/ufuncs.py):
   1. each equals, bit for bit, the same composition of jaxc's own ops through the public API,
      written here as ufuncs.py writes it (log(x) / log(2) with the dtype's 2, exp(ln2 * x)
      with np.array(log(2), dtype), logaddexp(x1 * ln2, x2 * ln2) / ln2 with a weak ln2, ...),
      for every bfloat16 and float16 pattern, float32/float64 specials and random bits, and
      complex64/complex128 grids of special and random parts;
   2. the outputs of JAX's own documentation examples of these functions (doctests, run by
      JAX's CI on CPU), printed as JAX prints them;
   3. the dtype constants against the double rounded to the dtype both directly and through
      float32 (so np.array(c, dtype)'s conversion path cannot matter), and log(2), log(10) in
      the dtype against them.
   tests/test_ops.c checks the real dtypes' values against long double and the result dtypes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static const double LN2 = 0.6931471805599453, LN10 = 2.302585092994046, PI = 3.141592653589793;

/* ---- helpers --------------------------------------------------------------------------------- */
static void fr(jaxc_array *a) { jaxc_array_free(a); }
/* np.array(c, dtype): the double converted to the dtype (a strong 0-d array) */
static jaxc_array *cst(jaxc_dtype d, double c) {
  jaxc_array *f = jaxc_array_from_data(JAXC_F64, 0, NULL, &c), *r = jaxc_astype(f, d);
  fr(f);
  return r;
}
static jaxc_dtype real_of(jaxc_dtype d) { return d == JAXC_C64 ? JAXC_F32 : d == JAXC_C128 ? JAXC_F64 : d; }
static bool is_complex(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX; }
/* these consume their array arguments */
static jaxc_array *bin(jaxc_op op, jaxc_array *a, jaxc_array *b) {
  jaxc_array *r = jaxc_binary(op, a, b);
  fr(a), fr(b);
  return r;
}
static jaxc_array *un(jaxc_op op, jaxc_array *a) {
  jaxc_array *r = jaxc_unary(op, a);
  fr(a);
  return r;
}
static jaxc_array *where3(jaxc_array *c, jaxc_array *x, jaxc_array *y) {
  jaxc_array *r = jaxc_where(c, x, y);
  fr(c), fr(x), fr(y);
  return r;
}
static jaxc_array *dup(const jaxc_array *a) { return jaxc_astype(a, jaxc_array_dtype(a)); }

/* element k of a real array, or part im of a complex one, as a double */
static double part(const jaxc_array *a, int64_t k, int im) {
  const void *p = jaxc_array_data(a);
  switch (jaxc_array_dtype(a)) {
  case JAXC_BF16: return dec16(BF16F, ((const uint16_t *)p)[k]);
  case JAXC_F16: return dec16(F16F, ((const uint16_t *)p)[k]);
  case JAXC_F32: return ((const float *)p)[k];
  case JAXC_F64: return ((const double *)p)[k];
  case JAXC_C64: return ((const float *)p)[2 * k + im];
  case JAXC_C128: return ((const double *)p)[2 * k + im];
  default: return NAN;
  }
}
static bool same(double a, double b) { return (a != a && b != b) || (a == b && signbit(a) == signbit(b)); }

/* part im of got equals want (a real array of the part's dtype) element by element; want consumed */
static void compare_part(const char *what, const jaxc_array *got, int im, jaxc_array *want) {
  jaxc_dtype d = jaxc_array_dtype(got);
  CHECK_MSG(want != NULL, "%s %s: composition failed: %s", what, jaxc_dtype_name(d), jaxc_last_error());
  if (!want) return;
  CHECK_MSG(jaxc_array_dtype(want) == real_of(d) || jaxc_array_dtype(want) == d, "%s %s: composition gives %s", what,
            jaxc_dtype_name(d), jaxc_dtype_name(jaxc_array_dtype(want)));
  CHECK(jaxc_array_size(want) == jaxc_array_size(got));
  long bad = 0;
  for (int64_t k = 0; k < jaxc_array_size(got) && k < jaxc_array_size(want); k++) {
    double g = part(got, k, im), w = part(want, k, 0);
    if (same(g, w)) { check_passed++; continue; }
    if (bad++ < 3)
      CHECK_MSG(0, "%s %s [%lld] part %d = %.17g, composition %.17g", what, jaxc_dtype_name(d), (long long)k, im, g, w);
    else check_failed++;
  }
  fr(want);
}
/* got equals the composition want (same dtype; complex compared part by part); want consumed */
static void compare(const char *what, const jaxc_array *got, jaxc_array *want) {
  CHECK_MSG(got != NULL, "%s: %s", what, jaxc_last_error());
  if (!got) { fr(want); return; }
  jaxc_dtype d = jaxc_array_dtype(got);
  if (want) CHECK_MSG(jaxc_array_dtype(want) == d, "%s %s: composition gives %s", what, jaxc_dtype_name(d),
                      jaxc_dtype_name(jaxc_array_dtype(want)));
  if (!is_complex(d)) { compare_part(what, got, 0, want); return; }
  compare_part(what, got, 0, jaxc_unary(JAXC_OP_REAL, want));
  compare_part(what, got, 1, jaxc_unary(JAXC_OP_IMAG, want));
  fr(want);
}

/* ---- the compositions, as ufuncs.py (and lax.exp2's lowering) write them ----------------------- */
/* log2, log10: lax.div(lax.log(x), lax.log(_constant_like(x, b))); complex: r = log(z), then
   complex(div(real(r), ln_b), div(imag(r), ln_b)) with ln_b the log of the real dtype's b */
static void check_log_base(const char *what, jaxc_op op, const jaxc_array *x, double base) {
  jaxc_dtype d = jaxc_array_dtype(x);
  jaxc_array *got = jaxc_unary(op, x);
  if (!is_complex(d)) {
    compare(what, got, bin(JAXC_OP_TRUE_DIVIDE, jaxc_unary(JAXC_OP_LOG, x), un(JAXC_OP_LOG, cst(d, base))));
  } else if (got) {
    jaxc_array *r = jaxc_unary(JAXC_OP_LOG, x), *lnb = un(JAXC_OP_LOG, cst(real_of(d), base));
    jaxc_array *re = jaxc_unary(JAXC_OP_REAL, r), *im = jaxc_unary(JAXC_OP_IMAG, r);
    compare_part(what, got, 0, jaxc_true_divide(re, lnb));
    compare_part(what, got, 1, jaxc_true_divide(im, lnb));
    fr(r), fr(lnb), fr(re), fr(im);
  } else {
    CHECK_MSG(0, "%s %s: %s", what, jaxc_dtype_name(d), jaxc_last_error());
  }
  fr(got);
}
/* exp2: hlo.exponential(hlo.multiply(np.array(np.log(2), dtype), x)) */
static jaxc_array *exp2_of(const jaxc_array *x) {
  return un(JAXC_OP_EXP, bin(JAXC_OP_MULTIPLY, cst(jaxc_array_dtype(x), LN2), dup(x)));
}
/* deg2rad, rad2deg: lax.mul(x, _lax_const(x, c)) */
static jaxc_array *scaled(const jaxc_array *x, double c) { return bin(JAXC_OP_MULTIPLY, dup(x), cst(jaxc_array_dtype(x), c)); }
/* logaddexp2: ln2 = float(np.log(2)); logaddexp(x1 * ln2, x2 * ln2) / ln2 (a weak float) */
static jaxc_array *logaddexp2_of(const jaxc_array *a, const jaxc_array *b) {
  jaxc_array *ma = jaxc_multiply(a, LN2), *mb = jaxc_multiply(b, LN2), *l = jaxc_logaddexp(ma, mb);
  jaxc_array *r = jaxc_true_divide(l, LN2);
  fr(ma), fr(mb), fr(l);
  return r;
}
/* heaviside: where(x1 < 0, 0, where(x1 > 0, 1, where(isnan(x1), x1, x2))) */
static jaxc_array *heaviside_of(const jaxc_array *a, const jaxc_array *b) {
  jaxc_dtype d = jaxc_array_dtype(a);
  jaxc_array *inner = where3(jaxc_unary(JAXC_OP_ISNAN, a), dup(a), dup(b));
  jaxc_array *mid = where3(jaxc_greater(a, 0), cst(d, 1), inner);
  return where3(jaxc_less(a, 0), cst(d, 0), mid);
}
/* sinc: eq = x == 0; pi_x = lax.mul(np.array(pi, dtype), x); safe = where(eq, 1, pi_x);
   where(eq, _sinc_maclaurin(0, pi_x), sin(safe) / safe), the first being pi_x * 0 + 1 */
static jaxc_array *sinc_of(const jaxc_array *x) {
  jaxc_dtype d = jaxc_array_dtype(x);
  jaxc_array *pi_x = bin(JAXC_OP_MULTIPLY, cst(d, PI), dup(x));
  jaxc_array *safe = where3(jaxc_equal(x, 0), cst(d, 1), dup(pi_x));
  jaxc_array *q = bin(JAXC_OP_TRUE_DIVIDE, un(JAXC_OP_SIN, dup(safe)), safe);
  jaxc_array *p0 = jaxc_multiply(pi_x, 0), *mac = jaxc_add(p0, 1);
  fr(pi_x), fr(p0);
  return where3(jaxc_equal(x, 0), mac, q);
}
/* ---- values ----------------------------------------------------------------------------------- */
static double special(int k) {
  static const double s[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 8.0, 10.0, 1e-3, 90.0, 180.0, -45.0, 3.0,
                             1e30, -1e30, 1e-300, 5e-324, 1e300, 700.0, -700.0, 88.0, -104.0, 127.5, 1024.0,
                             -1080.0, 65504.0, 6e-8, INFINITY, -INFINITY, NAN};
  return s[k % (int)(sizeof s / sizeof s[0])];
}
enum { NSPECIAL = 30 };
/* n values of the dtype: specials, then random bit patterns and random moderate values */
static jaxc_array *values(jaxc_dtype d, int n) {
  double *v = malloc((size_t)n * sizeof *v);
  for (int k = 0; k < n; k++) {
    if (k < NSPECIAL) v[k] = special(k);
    else if (k % 2) v[k] = d == JAXC_F32 ? (double)u2f((uint32_t)next_u64()) : u2d(next_u64());
    else v[k] = ldexp((double)(int64_t)(next_u64() >> 11) / 0x1p52 - 1.0, (int)(next_u64() % 24) - 12) * 37.0;
  }
  jaxc_array *f = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){n}, v), *r = jaxc_astype(f, d);
  fr(f), free(v);
  return r;
}
/* every 16-bit pattern (step 1), or every step-th */
static jaxc_array *all16(jaxc_dtype d, uint32_t step) {
  uint16_t *p = malloc(65536 * sizeof *p);
  int64_t n = 0;
  for (uint32_t k = 0; k < 65536; k += step) p[n++] = (uint16_t)k;
  jaxc_array *r = jaxc_array_from_data(d, 1, &n, p);
  free(p);
  return r;
}
/* complex values: every pair of a real part from re and an imaginary part from im (real arrays
   of the part dtype), set bit by bit (re + im * 1j would be XLA's product, NaN for infinite parts) */
static jaxc_array *complex_grid(jaxc_dtype d, const jaxc_array *re, const jaxc_array *im) {
  int64_t nr = jaxc_array_size(re), ni = jaxc_array_size(im);
  size_t ps = jaxc_dtype_size(real_of(d));
  char *buf = malloc((size_t)(nr * ni) * 2 * ps);
  for (int64_t i = 0; i < nr; i++)
    for (int64_t j = 0; j < ni; j++) {
      memcpy(buf + (size_t)(i * ni + j) * 2 * ps, (const char *)jaxc_array_data(re) + (size_t)i * ps, ps);
      memcpy(buf + ((size_t)(i * ni + j) * 2 + 1) * ps, (const char *)jaxc_array_data(im) + (size_t)j * ps, ps);
    }
  jaxc_array *z = jaxc_array_from_data(d, 2, (int64_t[]){nr, ni}, buf);
  free(buf);
  return z;
}

/* ---- 1. the ops against their compositions ------------------------------------------------ */
static void check_unary_ops(const jaxc_array *x) {
  check_log_base("log2", JAXC_OP_LOG2, x, 2);
  check_log_base("log10", JAXC_OP_LOG10, x, 10);
  jaxc_array *g = jaxc_unary(JAXC_OP_EXP2, x);
  compare("exp2", g, exp2_of(x)), fr(g);
  g = jaxc_unary(JAXC_OP_DEG2RAD, x);
  compare("deg2rad", g, scaled(x, PI / 180)), fr(g);
  g = jaxc_unary(JAXC_OP_RAD2DEG, x);
  compare("rad2deg", g, scaled(x, 180 / PI)), fr(g);
  g = jaxc_unary(JAXC_OP_SINC, x);
  compare("sinc", g, sinc_of(x)), fr(g);
}
static void check_binary_ops(const jaxc_array *a, const jaxc_array *b) {
  jaxc_array *g;
  if (!is_complex(jaxc_array_dtype(a))) {
    g = jaxc_logaddexp2(a, b);
    compare("logaddexp2", g, logaddexp2_of(a, b)), fr(g);
    g = jaxc_heaviside(a, b);
    compare("heaviside", g, heaviside_of(a, b)), fr(g);
  }
  g = jaxc_float_power(a, b);
  compare("float_power", g, jaxc_power(a, b)), fr(g);
}
/* a (n, 1) and b (1, n) view of one value list, for the binary ops over all pairs */
static void check_binary_grid(const jaxc_array *v) {
  int64_t n = jaxc_array_size(v);
  jaxc_dtype d = jaxc_array_dtype(v);
  jaxc_array *a = jaxc_array_from_data(d, 2, (int64_t[]){n, 1}, jaxc_array_data(v));
  jaxc_array *b = jaxc_array_from_data(d, 2, (int64_t[]){1, n}, jaxc_array_data(v));
  check_binary_ops(a, b);
  fr(a), fr(b);
}

static void test_compositions(void) {
  jaxc_set_x64(true);
  static const jaxc_dtype halves[] = {JAXC_BF16, JAXC_F16};
  for (int h = 0; h < 2; h++) {
    jaxc_array *x = all16(halves[h], 1), *s = all16(halves[h], 229); /* 287 patterns for all pairs */
    check_unary_ops(x);
    check_binary_grid(s);
    fr(s), fr(x);
  }
  static const jaxc_dtype wide[] = {JAXC_F32, JAXC_F64};
  for (int w = 0; w < 2; w++) {
    jaxc_array *x = values(wide[w], 40000), *y = values(wide[w], 400);
    check_unary_ops(x);
    check_binary_grid(y);
    fr(x), fr(y);
  }
  static const jaxc_dtype cplx[] = {JAXC_C64, JAXC_C128};
  for (int c = 0; c < 2; c++) {
    jaxc_dtype r = real_of(cplx[c]);
    jaxc_array *re = values(r, 160), *im = values(r, 150), *re2 = values(r, 160), *im2 = values(r, 150);
    jaxc_array *z = complex_grid(cplx[c], re, im), *w = complex_grid(cplx[c], re2, im2);
    CHECK(z != NULL && w != NULL);
    if (z && w) check_unary_ops(z), check_binary_ops(z, w);
    fr(z), fr(w), fr(re), fr(im), fr(re2), fr(im2);
  }
  jaxc_set_x64(false);
}

/* ---- 2. JAX's documentation examples (ufuncs.py docstrings, run as doctests on CPU) ---------- */
static void expect(const char *what, jaxc_array *a, const char *want) {
  CHECK_MSG(a != NULL, "%s: %s", what, jaxc_last_error());
  if (!a) return;
  const char *got = print_to_string(a);
  CHECK_MSG(strcmp(got, want) == 0, "%s printed\n%s\nwant\n%s", what, got, want);
  fr(a);
}
static jaxc_array *f32s(int n, const double *v) { /* jnp.array of Python floats: float32 with x64 off */
  jaxc_array *f = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){n}, v), *r = jaxc_astype(f, JAXC_F32);
  fr(f);
  return r;
}
static jaxc_array *i32s(int ndim, const int64_t *shape, const int32_t *v) { return jaxc_array_from_data(JAXC_I32, ndim, shape, v); }
static void test_jax_docs(void) {
  jaxc_array *r;
  jaxc_set_x64(false);
  jaxc_array *x = f32s(6, (double[]){0.25, 0.5, 1, 2, 4, 8});
  expect("log2", jaxc_unary(JAXC_OP_LOG2, x), "Array([-2., -1.,  0.,  1.,  2.,  3.], dtype=float32)");
  fr(x);
  x = i32s(1, (int64_t[]){4}, (int32_t[]){60, 90, 120, 180});
  expect("deg2rad", jaxc_unary(JAXC_OP_DEG2RAD, x), "Array([1.0471976, 1.5707964, 2.0943952, 3.1415927], dtype=float32)");
  fr(x);
  x = f32s(3, (double[]){PI / 4, PI / 2, 2 * PI / 3});
  expect("rad2deg", jaxc_unary(JAXC_OP_RAD2DEG, x), "Array([ 45.     ,  90.     , 120.00001], dtype=float32)");
  fr(x);
  /* exp2(x1 + x2) with x1 = [2, -4, 3, -1], x2 = [-1, 3, -2, 3] */
  x = i32s(1, (int64_t[]){4}, (int32_t[]){1, -1, 1, 2});
  expect("exp2", jaxc_unary(JAXC_OP_EXP2, x), "Array([2. , 0.5, 2. , 4. ], dtype=float32)");
  fr(x);
  jaxc_array *x1 = i32s(2, (int64_t[]){3, 3}, (int32_t[]){-2, 0, 3, 5, -1, 0, 0, 7, -3});
  jaxc_array *x2 = f32s(3, (double[]){2, 0.5, 1});
  expect("heaviside", jaxc_heaviside(x1, x2),
         "Array([[0. , 0.5, 1. ],\n       [1. , 0. , 1. ],\n       [2. , 1. , 0. ]], dtype=float32)");
  expect("heaviside(x1, 0.5)", jaxc_heaviside(x1, 0.5),
         "Array([[0. , 0.5, 1. ],\n       [1. , 0. , 0.5],\n       [0.5, 1. , 0. ]], dtype=float32)");
  expect("heaviside(-3, x2)", jaxc_heaviside(-3, x2), "Array([0., 0., 0.], dtype=float32)");
  fr(x1), fr(x2);
  /* the promotions: ints and bools to float32 (x64 on too), a C int to the weak float */
  x = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){2}, (bool[]){true, false});
  expect("heaviside(bool, bool)", jaxc_heaviside(x, x), "Array([1., 0.], dtype=float32)");
  fr(x);
  /* weak operands (Python scalars): lax.exp2 and logaddexp2's weak ln2 keep the weak type, the
     np.array constants of log2, log10, deg2rad, rad2deg and heaviside make the result strong */
  jaxc_array *w8 = jaxc_weak_float(8.0), *w2 = jaxc_weak_int(2);
  static const jaxc_op strong_ops[] = {JAXC_OP_LOG2, JAXC_OP_LOG10, JAXC_OP_DEG2RAD, JAXC_OP_RAD2DEG};
  for (int k = 0; k < 4; k++) {
    r = jaxc_unary(strong_ops[k], w8);
    CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_F32 && !jaxc_array_is_weak(r), "%s(8.0)", jaxc_op_name(strong_ops[k]));
    fr(r);
  }
  r = jaxc_unary(JAXC_OP_LOG2, w2);
  expect("log2(2)", r, "Array(1., dtype=float32)");
  expect("exp2(2)", jaxc_unary(JAXC_OP_EXP2, w2), "Array(4., dtype=float32, weak_type=True)");
  expect("logaddexp2(8.0, 8.0)", jaxc_logaddexp2(w8, w8), "Array(9., dtype=float32, weak_type=True)");
  expect("heaviside(8.0, 2)", jaxc_heaviside(w8, w2), "Array(1., dtype=float32)");
  expect("float_power(2, 8.0)", jaxc_float_power(w2, w8), "Array(256., dtype=float32, weak_type=True)");
  fr(w8), fr(w2);
  jaxc_set_x64(true);
  x = jaxc_array_from_data(JAXC_I64, 1, (int64_t[]){2}, (int64_t[]){1, 3});
  r = jaxc_unary(JAXC_OP_LOG2, x);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F64 && !jaxc_array_is_weak(r));
  fr(r), fr(x);
  x = jaxc_array_from_data(JAXC_I16, 1, (int64_t[]){2}, (int16_t[]){1, 3});
  r = jaxc_float_power(x, 2);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && !jaxc_array_is_weak(r)); /* pow(float32, 2.0): no integer_pow */
  fr(r), fr(x);
  jaxc_set_x64(false);
}

/* jax-ml/jax#40419 (2026-09, open): "bfloat16: jnp.log2(2^k) == k failed for 105 of 254 values of
   k. float32: ... 46 of 254", k from finfo.minexp to maxexp - 1, as JAX computes log(x) / log(2).
   The same counts here: the same rounding steps as real JAX. */
static void test_log2_issue(void) {
  static const jaxc_dtype ds[] = {JAXC_F32, JAXC_BF16};
  static const int want[] = {46, 105};
  for (int t = 0; t < 2; t++) {
    double xs[254];
    for (int k = -126; k <= 127; k++) xs[k + 126] = ldexp(1.0, k);
    jaxc_array *f = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){254}, xs);
    jaxc_set_x64(true);
    jaxc_array *x = jaxc_astype(f, ds[t]);
    jaxc_set_x64(false);
    jaxc_array *r = x ? jaxc_unary(JAXC_OP_LOG2, x) : NULL;
    int failed = 0;
    for (int k = -126; r && k <= 127; k++) failed += part(r, k + 126, 0) != (double)k;
    CHECK_MSG(r && failed == want[t], "log2(2^k) != k in %s for %d of 254 k (JAX: %d)", jaxc_dtype_name(ds[t]), failed, want[t]);
    fr(f), fr(x), fr(r);
  }
}

/* ---- 3. the constants -------------------------------------------------------------------------- */
static void test_constants(void) {
  static const double cs[] = {0.6931471805599453, 2.302585092994046, 3.141592653589793 / 180, 180 / 3.141592653589793};
  static const jaxc_dtype ds[] = {JAXC_BF16, JAXC_F16, JAXC_F32};
  jaxc_set_x64(true);
  for (int i = 0; i < 4; i++)
    for (int k = 0; k < 3; k++) {
      /* direct (astype of the double) and through float32 */
      jaxc_array *a = cst(ds[k], cs[i]), *b = cst(JAXC_F32, cs[i]), *b2 = b ? jaxc_astype(b, ds[k]) : NULL;
      CHECK(a && b2 && same(part(a, 0, 0), part(b2, 0, 0)));
      fr(a), fr(b), fr(b2);
    }
  /* log of the dtype's 2 and 10 equals the rounded ln 2 and ln 10, so `lax.log(_constant_like(x, 2))`
     and np.array(np.log(2), dtype) agree */
  static const jaxc_dtype all[] = {JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64};
  for (int k = 0; k < 4; k++) {
    jaxc_array *l2 = un(JAXC_OP_LOG, cst(all[k], 2)), *c2 = cst(all[k], LN2);
    jaxc_array *l10 = un(JAXC_OP_LOG, cst(all[k], 10)), *c10 = cst(all[k], LN10);
    CHECK_MSG(l2 && c2 && same(part(l2, 0, 0), part(c2, 0, 0)), "log(2) in %s", jaxc_dtype_name(all[k]));
    CHECK_MSG(l10 && c10 && same(part(l10, 0, 0), part(c10, 0, 0)), "log(10) in %s", jaxc_dtype_name(all[k]));
    fr(l2), fr(c2), fr(l10), fr(c10);
  }
  jaxc_set_x64(false);
}

int main(void) {
  test_constants();
  test_jax_docs();
  test_log2_issue();
  test_compositions();
  return check_summary("test_formulas");
}
