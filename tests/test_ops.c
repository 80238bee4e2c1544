/* test_ops.c — the elementwise layer (jaxc_binary / jaxc_unary) against references written
   here, from JAX's source and documentation, not from the library:
     - exhaustive over every pair of bool/int8/uint8 values for the integer ops, with Python-style
       floor division and modulo, wrap-around, XLA's division by zero (x/0 = -1, x%0 = x, see
       XLA's ElementalIrEmitter::EmitIntegerDivide) and XLA's shift rules;
     - result dtype and weak flag of every binary op on all 18 x 18 lattice nodes, x64 on and
       off, from the golden promotion table and each op's rule as jax.numpy states it;
     - float ops (f32, f64, bf16, f16) on edge values and random inputs against float64 /
       long double references, bf16/f16 computed in f32 and rounded once;
     - unary ops (exhaustive over int8/uint8 and all 2^16 f16/bf16 patterns for the exact ones);
     - broadcasting, mixed-dtype operands, large (OpenMP) arrays, inputs left unmodified. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static long n_cases;
/* Counts a check without printing it: after a few printed failures of one kind, the rest are
   tallied and summarised in one line. */
#define TALLY(ok) ((ok) ? (void)check_passed++ : (void)check_failed++)

/* ---- the test's own helpers -------------------------------------------------------------- */


static jaxc_array *arr1(jaxc_dtype d, int64_t n, const void *data) { return jaxc_array_from_data(d, 1, &n, data); }
static jaxc_array *arr0(jaxc_dtype d, const void *data) { return jaxc_array_from_data(d, 0, NULL, data); }


/* Units in the last place between two values of a float format with `man` mantissa bits
   (subnormal spacing floor at 2^qmin). NaN-equal gives 0, NaN vs number a large value. */
static double ulp_diff(double got, double want, int man, int qmin) {
  if (got != got || want != want) return (got != got && want != want) ? 0 : 1e9;
  if (got == want) return 0;
  if (isinf(got) || isinf(want)) return 1e9;
  int e;
  frexp(want, &e);
  int q = e - 1 - man;
  if (q < qmin) q = qmin;
  return fabs(got - want) / ldexp(1.0, q);
}

/* The same against an unrounded long double reference. */
static double ulp_diff_l(double got, long double want, int man, int qmin) {
  if (got != got || want != want) return (got != got && want != want) ? 0 : 1e9;
  if (isinf(got) || isinf(want)) return (long double)got == want ? 0 : 1e9;
  int e;
  frexpl(want, &e);
  int q = e - 1 - man;
  if (q < qmin) q = qmin;
  return (double)(fabsl((long double)got - want) / ldexpl(1.0L, q));
}
static bool same_value(double got, double want) {
  return (got != got && want != want) || (got == want && signbit(got) == signbit(want));
}

/* ---- int8 / uint8 / bool: exhaustive ------------------------------------------------------- */
typedef struct itype { jaxc_dtype d; int bits; bool sgn; } itype;

/* The join on {bool, u8, i8} (JEP 9407: b < u8, b < i8, u8 v i8 = i16). */
static jaxc_dtype join8(jaxc_dtype a, jaxc_dtype b) {
  if (a == b) return a;
  if (a == JAXC_BOOL) return b;
  if (b == JAXC_BOOL) return a;
  return JAXC_I16;
}
static itype itype_of(jaxc_dtype d) {
  switch (d) {
  case JAXC_BOOL: return (itype){d, 1, false};
  case JAXC_U8: return (itype){d, 8, false};
  case JAXC_I8: return (itype){d, 8, true};
  case JAXC_I16: return (itype){d, 16, true};
  default: return (itype){JAXC_I32, 32, true};
  }
}
static int64_t wrap(int64_t v, itype t) {
  if (t.d == JAXC_BOOL) return v != 0;
  uint64_t m = (t.bits == 64) ? ~(uint64_t)0 : (((uint64_t)1 << t.bits) - 1);
  uint64_t u = (uint64_t)v & m;
  if (t.sgn && (u >> (t.bits - 1))) return (int64_t)(u | ~m);
  return (int64_t)u;
}
static int64_t load_int(jaxc_dtype d, const void *p, int64_t i) {
  switch (d) {
  case JAXC_BOOL: return ((const bool *)p)[i];
  case JAXC_U8: return ((const uint8_t *)p)[i];
  case JAXC_I8: return ((const int8_t *)p)[i];
  case JAXC_U16: return ((const uint16_t *)p)[i];
  case JAXC_I16: return ((const int16_t *)p)[i];
  case JAXC_U32: return ((const uint32_t *)p)[i];
  case JAXC_I32: return ((const int32_t *)p)[i];
  case JAXC_I64: return ((const int64_t *)p)[i];
  case JAXC_U64: return (int64_t)((const uint64_t *)p)[i];
  default: return 0x7777;
  }
}
static void store_int(jaxc_dtype d, void *p, int64_t i, int64_t v) {
  switch (d) {
  case JAXC_BOOL: ((bool *)p)[i] = v != 0; break;
  case JAXC_U8: ((uint8_t *)p)[i] = (uint8_t)v; break;
  case JAXC_I8: ((int8_t *)p)[i] = (int8_t)v; break;
  default: break;
  }
}

/* The op rules of jax.numpy for these ops (see the dtype-table test for their sources). */
static bool is_cmp(jaxc_op op) { return op >= JAXC_OP_EQUAL && op <= JAXC_OP_GREATER_EQUAL; }
static bool is_logical(jaxc_op op) { return op >= JAXC_OP_LOGICAL_AND && op <= JAXC_OP_LOGICAL_XOR; }
static bool is_numeric_rule(jaxc_op op) {
  return op == JAXC_OP_FLOOR_DIVIDE || op == JAXC_OP_REMAINDER || op == JAXC_OP_POWER || op == JAXC_OP_FMOD ||
         op == JAXC_OP_LEFT_SHIFT || op == JAXC_OP_RIGHT_SHIFT;
}

/* JAX's integer power (jnp.power -> _pow_int_int): acc = (x == 0 && y != 0) ? 0 : 1, then six
   rounds of binary exponentiation: only the low 6 bits of the exponent count. For y < 64 this
   is exactly x^y wrapped. */
static int64_t pow_exact(int64_t x, int64_t y, itype t) {
  int64_t acc = 1;
  for (int64_t k = 0; k < y; k++) acc = wrap((int64_t)((uint64_t)acc * (uint64_t)x), t);
  return wrap(acc, t);
}
static int64_t pow_jax(int64_t x, int64_t y, itype t) {
  int64_t acc = (x == 0 && y != 0) ? 0 : 1;
  uint64_t e = (uint64_t)y;
  for (int k = 0; k < 6; k++) {
    if (e & 1) acc = wrap((int64_t)((uint64_t)acc * (uint64_t)x), t);
    x = wrap((int64_t)((uint64_t)x * (uint64_t)x), t);
    e >>= 1; /* shift_right_logical */
  }
  return acc;
}

/* The reference: x, y already converted to the result type t (value preserving here). */
static int64_t ref_int(jaxc_op op, int64_t x, int64_t y, itype t, bool bool_inputs) {
  int64_t q, r;
  switch (op) {
  case JAXC_OP_ADD: return wrap(t.d == JAXC_BOOL ? (x || y) : x + y, t);
  case JAXC_OP_SUBTRACT: return wrap(x - y, t);
  case JAXC_OP_MULTIPLY: return wrap(x * y, t);
  case JAXC_OP_FLOOR_DIVIDE: /* XLA: x / 0 = -1 (all ones); JAX then subtracts 1 where signs differ and x % 0 = x != 0 */
    if (y == 0) return t.sgn ? (x == 0 ? -1 : -2) : wrap(-1, t);
    q = x / y;
    if (x % y != 0 && ((x < 0) != (y < 0))) q--;
    return wrap(q, t);
  case JAXC_OP_REMAINDER: /* JAX replaces an integer divisor 0 by 1 */
    if (y == 0) return 0;
    r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) r += y;
    return wrap(r, t);
  case JAXC_OP_FMOD: /* divisor 0 -> 1 when result_type(x1, x2) is integer; bool/bool is not: lax.rem(x, 0) = x */
    if (y == 0) return bool_inputs ? x : 0;
    return wrap(x % y, t);
  case JAXC_OP_POWER: return pow_exact(x, y, t);
  case JAXC_OP_MAXIMUM: return x > y ? x : y;
  case JAXC_OP_MINIMUM: return x < y ? x : y;
  case JAXC_OP_FMAX: return x > y ? x : y;
  case JAXC_OP_FMIN: return x < y ? x : y;
  case JAXC_OP_BITWISE_AND: return wrap(x & y, t);
  case JAXC_OP_BITWISE_OR: return wrap(x | y, t);
  case JAXC_OP_BITWISE_XOR: return wrap(x ^ y, t);
  case JAXC_OP_LEFT_SHIFT: /* XLA: an amount outside [0, bits) (unsigned compare) gives 0 */
    if (y < 0 || y >= t.bits) return 0;
    return wrap((int64_t)((uint64_t)x << y), t);
  case JAXC_OP_RIGHT_SHIFT: /* signed: arithmetic, out of range -> sign fill; unsigned: logical */
    if (y < 0 || y >= t.bits) return (t.sgn && x < 0) ? -1 : 0;
    return x >= 0 ? x >> y : -((-x - 1) >> y) - 1;
  case JAXC_OP_EQUAL: return x == y;
  case JAXC_OP_NOT_EQUAL: return x != y;
  case JAXC_OP_LESS: return x < y;
  case JAXC_OP_LESS_EQUAL: return x <= y;
  case JAXC_OP_GREATER: return x > y;
  case JAXC_OP_GREATER_EQUAL: return x >= y;
  case JAXC_OP_LOGICAL_AND: return (x != 0) && (y != 0);
  case JAXC_OP_LOGICAL_OR: return (x != 0) || (y != 0);
  case JAXC_OP_LOGICAL_XOR: return (x != 0) != (y != 0);
  default: return 0x5555;
  }
}

static const jaxc_op int_ops[] = {
    JAXC_OP_ADD, JAXC_OP_SUBTRACT, JAXC_OP_MULTIPLY, JAXC_OP_FLOOR_DIVIDE, JAXC_OP_REMAINDER, JAXC_OP_FMOD,
    JAXC_OP_POWER, JAXC_OP_MAXIMUM, JAXC_OP_MINIMUM, JAXC_OP_FMAX, JAXC_OP_FMIN, JAXC_OP_BITWISE_AND,
    JAXC_OP_BITWISE_OR, JAXC_OP_BITWISE_XOR, JAXC_OP_LEFT_SHIFT, JAXC_OP_RIGHT_SHIFT, JAXC_OP_EQUAL,
    JAXC_OP_NOT_EQUAL, JAXC_OP_LESS, JAXC_OP_LESS_EQUAL, JAXC_OP_GREATER, JAXC_OP_GREATER_EQUAL,
    JAXC_OP_LOGICAL_AND, JAXC_OP_LOGICAL_OR, JAXC_OP_LOGICAL_XOR};

/* Runs op over all value pairs (x from xs, y from ys) of dtypes da, db; checks dtype, weak flag,
   every value and that the inputs are unchanged. high_pow: check JAX's 6-bit exponent rule. */
static void run_int_pairs(jaxc_op op, jaxc_dtype da, jaxc_dtype db, const int64_t *xs, int nx,
                          const int64_t *ys, int ny, bool high_pow) {
  int64_t n = (int64_t)nx * ny;
  unsigned char *ba = malloc((size_t)n), *bb = malloc((size_t)n);
  for (int64_t k = 0; k < n; k++) store_int(da, ba, k, xs[k % nx]), store_int(db, bb, k, ys[k / nx]);
  jaxc_array *a = arr1(da, n, ba), *b = arr1(db, n, bb);
  jaxc_dtype join = join8(da, db);
  bool bool_inputs = join == JAXC_BOOL;
  jaxc_dtype want = is_cmp(op) || is_logical(op) ? JAXC_BOOL : (is_numeric_rule(op) && join == JAXC_BOOL) ? JAXC_I32 : join;
  itype t = itype_of(is_cmp(op) || is_logical(op) ? join : want);
  jaxc_array *o = jaxc_binary(op, a, b);
  if (op == JAXC_OP_SUBTRACT && join == JAXC_BOOL) { /* lax.sub does not accept bool */
    CHECK_MSG(!o && jaxc_last_status() == JAXC_ERR_DTYPE, "subtract(bool, bool) must fail");
  } else if (!o) {
    CHECK_MSG(0, "%s(%s, %s) failed: %s", jaxc_op_name(op), jaxc_dtype_name(da), jaxc_dtype_name(db), jaxc_last_error());
  } else {
    CHECK_MSG(jaxc_array_dtype(o) == want && !jaxc_array_is_weak(o), "%s(%s, %s) dtype %s, want %s", jaxc_op_name(op),
              jaxc_dtype_name(da), jaxc_dtype_name(db), jaxc_dtype_name(jaxc_array_dtype(o)), jaxc_dtype_name(want));
    if (jaxc_array_dtype(o) == want) {
      long bad = 0;
      const void *od = jaxc_array_data(o);
      for (int64_t k = 0; k < n; k++) {
        int64_t x = xs[k % nx], y = ys[k / nx];
        if (da == JAXC_BOOL) x = x != 0;
        if (db == JAXC_BOOL) y = y != 0;
        int64_t w = high_pow ? pow_jax(x, y, t) : ref_int(op, x, y, t, bool_inputs);
        int64_t g = load_int(want, od, k);
        if (g != w && bad++ >= 3) { TALLY(0); n_cases++; continue; }
        CHECK_MSG(g == w, "%s(%s %lld, %s %lld) = %lld, want %lld%s", jaxc_op_name(op), jaxc_dtype_name(da),
                  (long long)x, jaxc_dtype_name(db), (long long)y, (long long)g, (long long)w,
                  high_pow ? " (JAX _pow_int_int uses the low 6 bits of the exponent)" : "");
        n_cases++;
      }
      if (bad) fprintf(stderr, "  %s(%s, %s): %ld mismatches\n", jaxc_op_name(op), jaxc_dtype_name(da), jaxc_dtype_name(db), bad);
    }
  }
  const void *pa = jaxc_array_data(a), *pb = jaxc_array_data(b);
  CHECK(memcmp(pa, ba, (size_t)n) == 0 && memcmp(pb, bb, (size_t)n) == 0);
  jaxc_array_free(o), jaxc_array_free(a), jaxc_array_free(b);
  free(ba), free(bb);
}

static void test_int8_exhaustive(void) {
  static const jaxc_dtype ds[] = {JAXC_BOOL, JAXC_U8, JAXC_I8};
  int64_t vals[3][256];
  int nv[3];
  for (int i = 0; i < 3; i++) {
    nv[i] = ds[i] == JAXC_BOOL ? 2 : 256;
    for (int v = 0; v < nv[i]; v++) vals[i][v] = ds[i] == JAXC_I8 ? v - 128 : v;
  }
  int64_t expo[64], high[192];
  for (int v = 0; v < 64; v++) expo[v] = v;
  for (int v = 0; v < 192; v++) high[v] = 64 + v;
  for (size_t k = 0; k < sizeof int_ops / sizeof int_ops[0]; k++) {
    jaxc_op op = int_ops[k];
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) {
        if (op != JAXC_OP_POWER) {
          run_int_pairs(op, ds[i], ds[j], vals[i], nv[i], vals[j], nv[j], false);
        } else { /* non-negative exponents; then the JAX rule for exponents >= 64 */
          int ny = ds[j] == JAXC_BOOL ? 2 : 64;
          run_int_pairs(op, ds[i], ds[j], vals[i], nv[i], expo, ny, false);
          if (ds[j] != JAXC_BOOL) run_int_pairs(op, ds[i], ds[j], vals[i], nv[i], high, ds[j] == JAXC_I8 ? 64 : 192, true);
        }
      }
  }
}

/* Specific 32/64-bit integer facts (no UB: UBSan runs). */
static void test_int_wide(void) {
  int32_t a[] = {INT32_MIN, INT32_MIN, INT32_MAX, 7, -7, 7, -7, 0, 5, -5, INT32_MIN, INT32_MAX};
  int32_t b[] = {-1, 0, 1, 2, 2, -2, -2, 0, 0, 0, 31, 32};
  int64_t n = 12;
  jaxc_array *x = arr1(JAXC_I32, n, a), *y = arr1(JAXC_I32, n, b);
  itype t = {JAXC_I32, 32, true};
  static const jaxc_op ops[] = {JAXC_OP_ADD, JAXC_OP_SUBTRACT, JAXC_OP_MULTIPLY, JAXC_OP_FLOOR_DIVIDE,
                                JAXC_OP_REMAINDER, JAXC_OP_FMOD, JAXC_OP_LEFT_SHIFT, JAXC_OP_RIGHT_SHIFT};
  for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
    jaxc_array *o = jaxc_binary(ops[k], x, y);
    CHECK_MSG(o && jaxc_array_dtype(o) == JAXC_I32, "%s i32", jaxc_op_name(ops[k]));
    for (int64_t i = 0; o && i < n; i++) {
      int64_t g = ((const int32_t *)jaxc_array_data(o))[i], w = ref_int(ops[k], a[i], b[i], t, false);
      CHECK_MSG(g == w, "%s(%d, %d) = %lld, want %lld", jaxc_op_name(ops[k]), a[i], b[i], (long long)g, (long long)w);
      n_cases++;
    }
    jaxc_array_free(o);
  }
  jaxc_array_free(x), jaxc_array_free(y);
  /* int64 and uint64 edges with x64 on */
  jaxc_set_x64(true);
  int64_t c[] = {INT64_MIN, INT64_MIN, INT64_MAX, -1, INT64_MIN};
  int64_t d[] = {-1, 0, 1, 63, 64};
  jaxc_array *p = arr1(JAXC_I64, 5, c), *q = arr1(JAXC_I64, 5, d);
  jaxc_array *fd = jaxc_floor_divide(p, q), *rm = jaxc_remainder(p, q), *ad = jaxc_add(p, q), *rs = jaxc_right_shift(p, q);
  CHECK(fd && rm && ad && rs);
  if (fd && rm && ad && rs) {
    const int64_t *F = jaxc_array_data(fd), *R = jaxc_array_data(rm), *A = jaxc_array_data(ad), *S = jaxc_array_data(rs);
    CHECK(F[0] == INT64_MIN && R[0] == 0);      /* XLA: INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0 */
    CHECK(F[1] == -2 && R[1] == 0);             /* x // 0: XLA -1, then JAX's sign fix-up: -2 */
    CHECK(A[2] == INT64_MIN && A[0] == INT64_MAX); /* wrap-around */
    CHECK(S[3] == -1 && S[4] == -1);            /* arithmetic shift: sign fill, also past the width */
    n_cases += 4;
  }
  jaxc_array_free(fd), jaxc_array_free(rm), jaxc_array_free(ad), jaxc_array_free(rs);
  uint64_t e[] = {UINT64_MAX, 5, 1}, f[] = {0, 0, 64};
  jaxc_array *u = arr1(JAXC_U64, 3, e), *v = arr1(JAXC_U64, 3, f);
  jaxc_array *ufd = jaxc_floor_divide(u, v), *urm = jaxc_remainder(u, v), *uls = jaxc_left_shift(u, v);
  CHECK(ufd && urm && uls);
  if (ufd && urm && uls) {
    const uint64_t *F = jaxc_array_data(ufd), *R = jaxc_array_data(urm), *L = jaxc_array_data(uls);
    CHECK(F[0] == UINT64_MAX && F[1] == UINT64_MAX && R[0] == 0 && R[1] == 0 && L[2] == 0);
    n_cases += 5;
  }
  jaxc_array_free(ufd), jaxc_array_free(urm), jaxc_array_free(uls), jaxc_array_free(u), jaxc_array_free(v);
  jaxc_array_free(p), jaxc_array_free(q);
  jaxc_set_x64(false);
}

/* ---- result dtypes and weak flags for all 18 x 18 pairs --------------------------------------
   Expected = the op's rule applied to the golden jnp.add result (tests/data/promotion.txt, JAX
   0.11.2). The rules, from jax.numpy's source:
     add multiply maximum minimum: the join, any dtype (bool included)
     subtract: the join; lax.sub refuses bool
     fmax fmin: where(greater(x1, x2) | isnan(x2), x1, x2) after promote_args: any dtype
     true_divide arctan2 hypot copysign nextafter logaddexp zeta (promote_args_inexact):
       integers and bool -> the default float (float32, float64 with x64), weakness kept; all
       but the first refuse complex; polygamma: the same, its n of an integer dtype
     floor_divide remainder fmod (promote_args_numeric): bool -> default int; no complex
     power (promote_args_numeric): bool -> default int; any other dtype
     left_shift right_shift (promote_args_numeric): bool -> default int; integers only
     bitwise_and/or/xor: integers and bool
     comparisons: bool (complex compares lexicographically); logical ops: bool, any inputs */
typedef enum { K_BOOL, K_UINT, K_INT, K_FLOAT, K_COMPLEX } kind_t;
static kind_t kind_of_code(const char *c) {
  if (c[0] == 'b' && c[1] != 'f') return K_BOOL;
  if (c[0] == 'u') return K_UINT;
  if (c[0] == 'i') return K_INT;
  if (c[0] == 'c') return K_COMPLEX;
  return K_FLOAT;
}

static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8]; /* [strict][x64][a][b] */

static jaxc_array *node_array(jaxc_dtype d) {
  static const unsigned char zero[16];
  if (d == JAXC_WEAK_INT) return jaxc_weak_int(0);
  if (d == JAXC_WEAK_FLOAT) return jaxc_weak_float(0);
  if (d == JAXC_WEAK_COMPLEX) return jaxc_weak_complex(0, 0);
  return arr0(d, zero);
}

/* Expected "code" / "code~" or "-" for op on golden join g. */
static void expected_result(jaxc_op op, const char *g, bool x64, char *out) {
  if (g[0] == '-') { strcpy(out, "-"); return; }
  char code[8];
  snprintf(code, sizeof code, "%.7s", g); /* (codes are up to 5 characters) */
  bool weak = code[strlen(code) - 1] == '~';
  if (weak) code[strlen(code) - 1] = 0;
  kind_t k = kind_of_code(code);
  const char *dflt_float = x64 ? "f64" : "f32", *numeric_int = "i32"; /* (bool: to_numeric_dtype's int32) */
  bool integral = k == K_BOOL || k == K_UINT || k == K_INT;
  /* an integral join as an inexact op's result (jax.dtypes.to_inexact_dtype): float32 up to 32
     bits, float64 from 64-bit ints and weak (Python) ints with x64 */
  const char *inexact = weak ? dflt_float : strstr(code, "64") ? "f64" : "f32";
  if (is_cmp(op) || is_logical(op)) { strcpy(out, "b"); return; }
  switch (op) {
  case JAXC_OP_SUBTRACT:
    if (k == K_BOOL) { strcpy(out, "-"); return; }
    break;
  case JAXC_OP_TRUE_DIVIDE: case JAXC_OP_FLOAT_POWER: case JAXC_OP_XLOGY: case JAXC_OP_XLOG1PY:
    if (integral) snprintf(code, sizeof code, "%s", inexact);
    break;
  case JAXC_OP_ARCTAN2: case JAXC_OP_HYPOT: case JAXC_OP_COPYSIGN: case JAXC_OP_NEXTAFTER: case JAXC_OP_LOGADDEXP:
  case JAXC_OP_LOGADDEXP2: case JAXC_OP_HEAVISIDE: case JAXC_OP_ZETA: case JAXC_OP_POLYGAMMA:
    if (k == K_COMPLEX) { strcpy(out, "-"); return; }
    if (integral) snprintf(code, sizeof code, "%s", inexact);
    break;
  case JAXC_OP_FLOOR_DIVIDE: case JAXC_OP_REMAINDER: case JAXC_OP_FMOD:
    if (k == K_COMPLEX) { strcpy(out, "-"); return; }
    if (k == K_BOOL) snprintf(code, sizeof code, "%s", numeric_int);
    break;
  case JAXC_OP_POWER:
    if (k == K_BOOL) snprintf(code, sizeof code, "%s", numeric_int);
    break;
  case JAXC_OP_LEFT_SHIFT: case JAXC_OP_RIGHT_SHIFT:
    if (!integral) { strcpy(out, "-"); return; }
    if (k == K_BOOL) snprintf(code, sizeof code, "%s", numeric_int);
    break;
  case JAXC_OP_BITWISE_AND: case JAXC_OP_BITWISE_OR: case JAXC_OP_BITWISE_XOR:
    if (!integral) { strcpy(out, "-"); return; }
    break;
  case JAXC_OP_GCD: case JAXC_OP_LCM: /* promote_dtypes, then "must be integers" (bool too) */
    if (k != K_INT && k != K_UINT) { strcpy(out, "-"); return; }
    break;
  default: break;
  }
  if (op == JAXC_OP_HEAVISIDE) weak = false; /* where(x1 < 0, np zero, ...): the constants are strong */
  snprintf(out, 16, "%s%s", code, weak ? "~" : "");
}

static void test_result_dtypes(void) {
  if (!load_golden_table(golden)) return;
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int op = 0; op < JAXC_NUM_OPS; op++) {
      if (jaxc_op_arity((jaxc_op)op) != JAXC_ARITY_BIN) continue;
      if (strict && op != JAXC_OP_ADD && op != JAXC_OP_TRUE_DIVIDE && op != JAXC_OP_LESS && op != JAXC_OP_LOGICAL_AND &&
          op != JAXC_OP_LDEXP)
        continue;
      long bad = 0;
      for (int a = 0; a < JAXC_NUM_DTYPES; a++)
        for (int b = 0; b < JAXC_NUM_DTYPES; b++) {
          char want[16], got[16];
          const char *g = golden[strict][x64][a][b];
          /* logical ops promote their operands (strict mode refuses as for any op), then give bool */
          if (is_logical((jaxc_op)op) && g[0] != '-') g = "b";
          /* x ** (0-d int): jnp.power's concrete-integer case, lax.integer_pow of
             promote_dtypes_numeric(x) alone (the node arrays here are 0-d; bool is no int) */
          int bk = jaxc_dtype_kind((jaxc_dtype)b);
          if (op == JAXC_OP_POWER && (bk == JAXC_KIND_INT || bk == JAXC_KIND_UINT)) g = golden[strict][x64][a][a];
          expected_result((jaxc_op)op, g, x64, want);
          /* ldexp: x1 complex or x2 inexact is refused; else promote_args_inexact(x1) alone (x2 is
             converted to it), and the result is strong (m * 2**e with m from frexp's bitcast) */
          if (op == JAXC_OP_LDEXP) {
            int ak = jaxc_dtype_kind((jaxc_dtype)a);
            expected_result(JAXC_OP_TRUE_DIVIDE, golden[strict][x64][a][a], x64, want);
            char *tilde = strchr(want, '~');
            if (tilde) *tilde = 0;
            if (ak == JAXC_KIND_COMPLEX || bk == JAXC_KIND_FLOAT || bk == JAXC_KIND_COMPLEX) strcpy(want, "-");
          }
          /* polygamma: n (the first) of an integer dtype, or refused before any promotion */
          int ak = jaxc_dtype_kind((jaxc_dtype)a);
          if (op == JAXC_OP_POLYGAMMA && ak != JAXC_KIND_INT && ak != JAXC_KIND_UINT) strcpy(want, "-");
          jaxc_array *A = node_array((jaxc_dtype)a), *B = node_array((jaxc_dtype)b);
          bool weak = true;
          jaxc_dtype r = jaxc_binary_result((jaxc_op)op, A, B, &weak);
          if (r == JAXC_DTYPE_INVALID) snprintf(got, sizeof got, "-");
          else snprintf(got, sizeof got, "%s%s", jaxc_dtype_code(r), weak ? "~" : "");
          bool same = strcmp(got, want) == 0;
          if (!same) bad++;
          if (same || bad > 2) TALLY(same);
          else CHECK_MSG(same, "%s %s x64=%d %s(%s, %s) = %s, want %s", strict ? "strict" : "standard",
                    jaxc_op_name((jaxc_op)op), x64, jaxc_op_name((jaxc_op)op), jaxc_dtype_code((jaxc_dtype)a),
                    jaxc_dtype_code((jaxc_dtype)b), got, want);
          /* the array op agrees with the planning function */
          jaxc_array *o = jaxc_binary((jaxc_op)op, A, B);
          if (r == JAXC_DTYPE_INVALID) CHECK(!o && jaxc_last_status() != JAXC_OK);
          else CHECK(o && jaxc_array_dtype(o) == r && jaxc_array_is_weak(o) == weak);
          n_cases++;
          jaxc_array_free(o), jaxc_array_free(A), jaxc_array_free(B);
        }
      if (bad) fprintf(stderr, "  %s x64=%d %s: %ld of 324 result dtypes differ\n", strict ? "strict" : "standard", x64,
                       jaxc_op_name((jaxc_op)op), bad);
    }
  }
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_set_x64(false);
}

/* Unary result dtypes on all 18 nodes, from jax.numpy's definitions:
   negative: lax.neg, no bool; abs: bool/unsigned returned as is, complex -> real; sign: no bool;
   sqrt..tanh, reciprocal: promote_dtypes_inexact; floor/ceil: integral and bool returned
   as is, complex refused; round: integral returned as is; rint: inexact; square:
   promote_dtypes_numeric; isnan/isinf/isfinite/logical_not: bool; invert: integers and bool;
   real/imag: complex -> real dtype; conj: same. Weakness follows the input except for bool
   results. */
static void test_unary_dtypes(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int op = 0; op < JAXC_NUM_OPS; op++) {
      if (jaxc_op_arity((jaxc_op)op) != JAXC_ARITY_UN) continue;
      for (int a = 0; a < JAXC_NUM_DTYPES; a++) {
        jaxc_array *A = node_array((jaxc_dtype)a);
        jaxc_dtype st = jaxc_array_dtype(A);
        bool wk = jaxc_array_is_weak(A);
        kind_t k = kind_of_code(jaxc_dtype_code(st));
        bool integral = k == K_BOOL || k == K_UINT || k == K_INT;
        jaxc_dtype dflt_f = x64 ? JAXC_F64 : JAXC_F32, real = st == JAXC_C64 ? JAXC_F32 : st == JAXC_C128 ? JAXC_F64 : st;
        jaxc_dtype want = st;
        bool want_weak = wk;
        switch ((jaxc_op)op) {
        case JAXC_OP_NEGATIVE: case JAXC_OP_SIGN: if (k == K_BOOL) want = JAXC_DTYPE_INVALID; break;
        case JAXC_OP_ABS: want = real; break;
        case JAXC_OP_SQRT: case JAXC_OP_EXP: case JAXC_OP_LOG: case JAXC_OP_LOG1P: case JAXC_OP_EXPM1: case JAXC_OP_SIN:
        case JAXC_OP_COS: case JAXC_OP_TAN: case JAXC_OP_TANH: case JAXC_OP_RECIPROCAL: case JAXC_OP_EXP2:
        case JAXC_OP_ARCSIN: case JAXC_OP_ARCCOS: case JAXC_OP_ARCTAN: case JAXC_OP_SINH: case JAXC_OP_COSH:
        case JAXC_OP_ARCSINH: case JAXC_OP_ARCCOSH: case JAXC_OP_ARCTANH: case JAXC_OP_CBRT: case JAXC_OP_LOGIT:
          /* jax.dtypes.to_inexact_dtype: float32 up to 32 bits, float64 for 64-bit ints and
             (x64) Python ints */
          if (integral) want = wk ? dflt_f : jaxc_dtype_size(st) == 8 ? JAXC_F64 : JAXC_F32;
          if (op == JAXC_OP_CBRT && k == K_COMPLEX) want = JAXC_DTYPE_INVALID; /* lax.cbrt: floating only */
          break;
        case JAXC_OP_LOG2: case JAXC_OP_LOG10: case JAXC_OP_DEG2RAD: case JAXC_OP_RAD2DEG: case JAXC_OP_SINC:
          /* the same, never weak: lax.div(log(x), log(np.array(2, dtype))), lax.mul(x, np.array(c,
             dtype)): a NumPy constant is strong, and a lax op is weak only if all operands are */
          if (integral) want = wk ? dflt_f : jaxc_dtype_size(st) == 8 ? JAXC_F64 : JAXC_F32;
          want_weak = false;
          break;
        case JAXC_OP_RINT: if (integral) want = dflt_f, want_weak = false; break; /* jnp.rint: convert_element_type(x, float_), strong */
        case JAXC_OP_FLOOR: case JAXC_OP_CEIL: case JAXC_OP_TRUNC: if (k == K_COMPLEX) want = JAXC_DTYPE_INVALID; break;
        case JAXC_OP_SPACING: case JAXC_OP_I0: case JAXC_OP_ERF: case JAXC_OP_ERFC: case JAXC_OP_ERFINV:
        case JAXC_OP_GAMMALN: case JAXC_OP_DIGAMMA: case JAXC_OP_ENTR: case JAXC_OP_GAMMASGN: case JAXC_OP_GAMMA:
        case JAXC_OP_FACTORIAL: /* promote_args_inexact; complex refused */
          if (integral) want = wk ? dflt_f : jaxc_dtype_size(st) == 8 ? JAXC_F64 : JAXC_F32;
          if (k == K_COMPLEX) want = JAXC_DTYPE_INVALID;
          break;
        case JAXC_OP_FABS: /* lax.abs(promote_args_inexact(x)); complex refused */
          if (integral) want = wk ? dflt_f : jaxc_dtype_size(st) == 8 ? JAXC_F64 : JAXC_F32;
          if (k == K_COMPLEX) want = JAXC_DTYPE_INVALID;
          break;
        case JAXC_OP_ISPOSINF: case JAXC_OP_ISNEGINF: /* lax.eq with a NumPy constant, or full_like(dtype=bool) */
          want = k == K_COMPLEX ? JAXC_DTYPE_INVALID : JAXC_BOOL, want_weak = false;
          break;
        case JAXC_OP_ISREAL: case JAXC_OP_ISCOMPLEX: want = JAXC_BOOL, want_weak = false; break; /* imag(x) ==/!= 0 */
        case JAXC_OP_BITWISE_COUNT: /* population_count(abs(promote_args_numeric(x))).astype('uint8') */
          want = integral ? JAXC_U8 : JAXC_DTYPE_INVALID, want_weak = false;
          break;
        case JAXC_OP_SIGNBIT: /* jnp.signbit: integers, floats and bool, result bool */
          want = k == K_COMPLEX ? JAXC_DTYPE_INVALID : JAXC_BOOL, want_weak = false;
          break;
        case JAXC_OP_SQUARE: if (k == K_BOOL) want = JAXC_I32; break; /* promote_dtypes_numeric: int32 */
        case JAXC_OP_ISNAN: case JAXC_OP_ISINF: case JAXC_OP_ISFINITE: case JAXC_OP_LOGICAL_NOT:
          want = JAXC_BOOL, want_weak = false;
          break;
        case JAXC_OP_INVERT: if (!integral) want = JAXC_DTYPE_INVALID; break;
        case JAXC_OP_REAL: case JAXC_OP_IMAG: want = real; break;
        default: break;
        }
        bool weak = !want_weak;
        jaxc_dtype r = jaxc_unary_result((jaxc_op)op, A, &weak);
        if (want == JAXC_DTYPE_INVALID)
          CHECK_MSG(r == JAXC_DTYPE_INVALID, "x64=%d %s(%s) should fail, gives %s", x64, jaxc_op_name((jaxc_op)op),
                    jaxc_dtype_code((jaxc_dtype)a), jaxc_dtype_code(r));
        else
          CHECK_MSG(r == want && weak == want_weak, "x64=%d %s(%s) = %s%s, want %s%s", x64, jaxc_op_name((jaxc_op)op),
                    jaxc_dtype_code((jaxc_dtype)a), jaxc_dtype_code(r), weak ? "~" : "", jaxc_dtype_code(want),
                    want_weak ? "~" : "");
        jaxc_array *o = jaxc_unary((jaxc_op)op, A);
        CHECK(r == JAXC_DTYPE_INVALID ? o == NULL : (o && jaxc_array_dtype(o) == r));
        n_cases++;
        jaxc_array_free(o), jaxc_array_free(A);
      }
    }
  }
  jaxc_set_x64(false);
}

/* ---- float binary ops --------------------------------------------------------------------- */
typedef enum { FT_BF16, FT_F16, FT_F32, FT_F64 } ftype;
static const jaxc_dtype ft_dtype[] = {JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64};
static const int ft_man[] = {7, 10, 23, 52}, ft_qmin[] = {-133, -24, -149, -1074};
static const char *const ft_name[] = {"bf16", "f16", "f32", "f64"};

static double ft_round(ftype t, double x) {
  switch (t) {
  case FT_BF16: return round16(BF16F, (double)(float)x); /* computed in f32, rounded once from it */
  case FT_F16: return round16(F16F, (double)(float)x);
  case FT_F32: return (double)(float)x;
  default: return x;
  }
}
static void ft_store(ftype t, void *p, int64_t i, double v) {
  switch (t) {
  case FT_BF16: ((uint16_t *)p)[i] = enc16(BF16F, v); break;
  case FT_F16: ((uint16_t *)p)[i] = enc16(F16F, v); break;
  case FT_F32: ((float *)p)[i] = (float)v; break;
  default: ((double *)p)[i] = v; break;
  }
}
/* the sign bit of element i as stored (dec16 and enc16 leave a NaN's sign to the compiler) */
static bool stored_sign(ftype t, const void *p, int64_t i) {
  switch (t) {
  case FT_BF16: case FT_F16: return ((const uint16_t *)p)[i] >> 15;
  case FT_F32: return f2u(((const float *)p)[i]) >> 31;
  default: return d2u(((const double *)p)[i]) >> 63;
  }
}
static double ft_load(ftype t, const void *p, int64_t i) {
  switch (t) {
  case FT_BF16: return dec16(BF16F, ((const uint16_t *)p)[i]);
  case FT_F16: return dec16(F16F, ((const uint16_t *)p)[i]);
  case FT_F32: return ((const float *)p)[i];
  default: return ((const double *)p)[i];
  }
}
static size_t ft_size(ftype t) { return t == FT_F64 ? 8 : t == FT_F32 ? 4 : 2; }

/* Values of format t: edges, then random (random bit patterns and moderate values). */
static int ft_values(ftype t, double *v, int nrand) {
  int n = 0;
  double maxv = t == FT_F64 ? DBL_MAX : t == FT_F32 ? FLT_MAX : t == FT_F16 ? 65504.0 : dec16(BF16F, 0x7F7F);
  double minn = ldexp(1.0, t == FT_F64 ? -1022 : t == FT_F32 ? -126 : t == FT_F16 ? -14 : -126);
  double sub = ldexp(1.0, ft_qmin[t]);
  double edges[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.0, -3.0,
                    7.0, -7.0, 2.0, -2.0, maxv, -maxv, minn, -minn, sub, -sub, 3 * sub, 100.25, -0.75};
  for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) v[n++] = ft_round(t, edges[i]);
  for (int i = 0; i < nrand; i++) {
    uint64_t r = rnd64();
    double x;
    if (i % 2) {
      x = ((double)(int64_t)(r >> 11) / 9007199254740992.0) * 200.0 - 100.0;
      x = ldexp(x, (int)(r % 7) - 3);
    } else {
      switch (t) {
      case FT_BF16: x = dec16(BF16F, (uint16_t)r); break;
      case FT_F16: x = dec16(F16F, (uint16_t)r); break;
      case FT_F32: x = u2f((uint32_t)r); break;
      default: x = u2d(r); break;
      }
    }
    v[n++] = ft_round(t == FT_F64 ? FT_F64 : t, x);
  }
  return n;
}

/* JAX's _float_divmod (with jax-ml/jax#38017: a zero divisor divides x1 itself, so 1 // 0 is
   inf as in NumPy), in the format's compute precision */
/* One lax op's result in a 16-bit dtype: computed in float32 (XLA:CPU), rounded to the dtype;
   jnp formulas of several ops round after each (hypot, floor_divide, logaddexp). */
static bool is_half(ftype t) { return t == FT_BF16 || t == FT_F16; }
static float step(ftype t, float x) { return is_half(t) ? (float)ft_round(t, x) : x; }
static double ref_floordiv(ftype t, double a, double b) {
  if (t == FT_F64) {
    double mod = fmod(a, b), div = (b == 0 ? a : a - mod) / b;
    bool ind = mod != 0 && ((b > 0) - (b < 0)) != ((mod > 0) - (mod < 0));
    if (mod != mod || b != b) ind = true;
    if (ind) div -= 1;
    return round(div);
  }
  float af = (float)a, bf = (float)b, mod = fmodf(af, bf), div = step(t, (bf == 0 ? af : step(t, af - mod)) / bf);
  bool ind = mod != 0 && ((bf > 0) - (bf < 0)) != ((mod > 0) - (mod < 0));
  if (mod != mod || bf != bf) ind = true;
  if (ind) div = step(t, div - 1);
  return roundf(div);
}
static double ref_remainder(ftype t, double a, double b) {
  if (t == FT_F64) {
    double m = fmod(a, b);
    return (m != 0 && ((m < 0) != (b < 0))) ? m + b : m;
  }
  float m = fmodf((float)a, (float)b);
  return (m != 0 && ((m < 0) != ((float)b < 0))) ? (double)(m + (float)b) : (double)m;
}
/* nextafter in the format's own grid (NumPy's and XLA's NextAfter per type). */
static double ref_nextafter(ftype t, double a, double b) {
  if (a != a || b != b) return NAN;
  if (a == b) return b;
  if (t == FT_F64) return nextafter(a, b);
  if (t == FT_F32) return nextafterf((float)a, (float)b);
  fmt16 f = t == FT_BF16 ? BF16F : F16F;
  uint16_t p = enc16(f, a);
  if ((p & 0x7FFF) == 0) p = (uint16_t)((b > 0 ? 0 : 0x8000) | 1);
  else if ((a < b) == !(p & 0x8000)) p++;
  else p--;
  return dec16(f, p);
}
/* 16-bit logaddexp op by op: amax + log1p(exp(-|a - b|)), each op correctly rounded to float32
   (from long double) and then to the dtype; a + b where a - b is NaN */
static double ref_logaddexp_half(ftype t, double a, double b) {
  float d = step(t, (float)(a - b));
  if (d != d) return step(t, (float)(a + b));
  float e = step(t, (float)expl(-fabsl((long double)d)));
  float l = step(t, (float)log1pl((long double)e));
  return step(t, (float)(fmax(a, b) + (double)l));
}
static long double ref_logaddexp(long double a, long double b) {
  if (a != a || b != b) return NAN;
  if (isinf(a) && isinf(b) && a == b) return a;
  long double m = a > b ? a : b;
  if (isinf(m)) return m;
  return m + log1pl(expl(-fabsl(a - b)));
}

/* jnp.hypot is not libm's hypot but x sqrt(1 + (y/x)^2) with x, y the larger and smaller of |a|,
   |b| (0 where x is 0, inf where either is inf): in double for float64, in float for the others,
   16-bit floats rounded to the dtype after every op */
static double ref_hypot(ftype t, double a, double b) {
  if (isinf(a) || isinf(b)) return INFINITY;
  if (a != a || b != b) return NAN;
  double x = fmax(fabs(a), fabs(b)), y = fmin(fabs(a), fabs(b));
  if (x == 0) return x;
  if (t == FT_F64) {
    double q = y / x, qq = q * q; /* rounded apart, as XLA computes (clang would contract q * q + 1) */
    return x * sqrt(1 + qq);
  }
  float xf = (float)x, qf = step(t, (float)y / xf);
  return ft_round(t, xf * step(t, sqrtf(step(t, 1 + step(t, qf * qf)))));
}

typedef enum { EXACT, ULP1 } tol_t;
typedef struct fop { jaxc_op op; tol_t tol; } fop;
static const fop float_ops[] = {
    {JAXC_OP_ADD, EXACT}, {JAXC_OP_SUBTRACT, EXACT}, {JAXC_OP_MULTIPLY, EXACT}, {JAXC_OP_TRUE_DIVIDE, EXACT},
    {JAXC_OP_FLOOR_DIVIDE, EXACT}, {JAXC_OP_REMAINDER, EXACT}, {JAXC_OP_FMOD, EXACT}, {JAXC_OP_POWER, ULP1},
    {JAXC_OP_MAXIMUM, EXACT}, {JAXC_OP_MINIMUM, EXACT}, {JAXC_OP_FMAX, EXACT},
    {JAXC_OP_FMIN, EXACT}, {JAXC_OP_ARCTAN2, ULP1}, {JAXC_OP_HYPOT, EXACT}, {JAXC_OP_COPYSIGN, EXACT},
    {JAXC_OP_NEXTAFTER, EXACT}, {JAXC_OP_LOGADDEXP, ULP1}, {JAXC_OP_LOGADDEXP2, EXACT}, {JAXC_OP_HEAVISIDE, EXACT},
    {JAXC_OP_FLOAT_POWER, ULP1}, {JAXC_OP_EQUAL, EXACT}, {JAXC_OP_NOT_EQUAL, EXACT},
    {JAXC_OP_LESS, EXACT}, {JAXC_OP_LESS_EQUAL, EXACT}, {JAXC_OP_GREATER, EXACT}, {JAXC_OP_GREATER_EQUAL, EXACT},
    {JAXC_OP_LOGICAL_AND, EXACT}, {JAXC_OP_LOGICAL_OR, EXACT}, {JAXC_OP_LOGICAL_XOR, EXACT}};

/* jnp's constants: np.array(c, dtype), c rounded from double to the dtype */
static const double LN2 = 0.6931471805599453, LN10 = 2.302585092994046, PI = 3.141592653589793;
static double ft_const(ftype t, double c) { return ft_round(t, c); }
/* jnp.logaddexp2 and jnp.log2/log10 compose lax ops, each rounded to the dtype: the references
   build them from the dtype's constants and jaxc's own logaddexp and log (float32 for the 16-bit
   formats), which the logaddexp and log cases check against long double; what is checked here
   is the composition, exactly. */
static double ref_logaddexp2(ftype t, double a, double b);
static double ref_log_prim(ftype t, double a) {
  return t == FT_F64 ? jaxc_scalar_log_f64(a) : ft_round(t, jaxc_scalar_log_f32((float)a));
}

/* The reference in long double for f64 (then rounded to double), in double for the others
   (rounded through f32 for bf16/f16). */
static double ref_float(ftype t, jaxc_op op, double a, double b) {
  long double A = a, B = b;
  bool wide = t == FT_F64;
  switch (op) {
  case JAXC_OP_ADD: return wide ? a + b : ft_round(t, a + b);
  case JAXC_OP_SUBTRACT: return wide ? a - b : ft_round(t, a - b);
  case JAXC_OP_MULTIPLY: return wide ? a * b : ft_round(t, a * b);
  case JAXC_OP_TRUE_DIVIDE: return wide ? a / b : ft_round(t, a / b);
  case JAXC_OP_FLOOR_DIVIDE: return ft_round(t, ref_floordiv(t, a, b));
  case JAXC_OP_REMAINDER: return ft_round(t, ref_remainder(t, a, b));
  case JAXC_OP_FMOD: return ft_round(t, fmod(a, b)); /* exact in any precision */
  case JAXC_OP_POWER: case JAXC_OP_FLOAT_POWER: return wide ? (double)powl(A, B) : ft_round(t, pow(a, b));
  /* IEEE 754-2019 maximum and minimum (XLA's llvm.maximum/minimum): NaN wins, -0 < +0 */
  case JAXC_OP_MAXIMUM: return (a != a || b != b) ? NAN : a == 0 && b == 0 ? (signbit(a) && signbit(b) ? -0.0 : 0.0) : fmax(a, b);
  case JAXC_OP_MINIMUM: return (a != a || b != b) ? NAN : a == 0 && b == 0 ? (signbit(a) || signbit(b) ? -0.0 : 0.0) : fmin(a, b);
  case JAXC_OP_FMAX: return (a > b || b != b) ? a : b; /* where(greater(x1, x2) | isnan(x2), x1, x2) */
  case JAXC_OP_FMIN: return (a < b || b != b) ? a : b;
  case JAXC_OP_ARCTAN2: return wide ? (double)atan2l(A, B) : ft_round(t, atan2(a, b));
  case JAXC_OP_HYPOT: return ref_hypot(t, a, b);
  case JAXC_OP_COPYSIGN: return copysign(a, b);
  case JAXC_OP_NEXTAFTER: return ref_nextafter(t, a, b);
  case JAXC_OP_LOGADDEXP:
    return wide ? (double)ref_logaddexp(A, B) : is_half(t) ? ref_logaddexp_half(t, a, b) : ft_round(t, (double)ref_logaddexp(A, B));
  case JAXC_OP_LOGADDEXP2: return ref_logaddexp2(t, a, b);
  case JAXC_OP_HEAVISIDE: return a < 0 ? 0.0 : a > 0 ? 1.0 : a != a ? a : b; /* jnp: 0, 1, x1 if NaN, else x2 */
  case JAXC_OP_EQUAL: return a == b;
  case JAXC_OP_NOT_EQUAL: return a != b;
  case JAXC_OP_LESS: return a < b;
  case JAXC_OP_LESS_EQUAL: return a <= b;
  case JAXC_OP_GREATER: return a > b;
  case JAXC_OP_GREATER_EQUAL: return a >= b;
  case JAXC_OP_LOGICAL_AND: return a != 0 && b != 0;
  case JAXC_OP_LOGICAL_OR: return a != 0 || b != 0;
  case JAXC_OP_LOGICAL_XOR: return (a != 0) != (b != 0);
  default: return NAN;
  }
}

static double ref_logaddexp2(ftype t, double a, double b) {
  double c = ft_const(t, LN2), m1 = ft_round(t, a * c), m2 = ft_round(t, b * c);
  double lae = t == FT_F64   ? jaxc_scalar_logaddexp_f64_f64(m1, m2)
               : t == FT_F32 ? jaxc_scalar_logaddexp_f32_f32((float)m1, (float)m2)
                             : ref_logaddexp_half(t, m1, m2);
  return ft_round(t, lae / c);
}
/* The unrounded value of the 1-ulp ops, in long double. */
static long double exact_float(jaxc_op op, double a, double b) {
  switch (op) {
  case JAXC_OP_POWER: case JAXC_OP_FLOAT_POWER: return powl(a, b);
  case JAXC_OP_ARCTAN2: return atan2l(a, b);
  default: return ref_logaddexp(a, b);
  }
}

static void test_float_binary(ftype t, int nrand) {
  jaxc_set_x64(t == FT_F64);
  static double v[4096];
  int nv = ft_values(t, v, nrand);
  int64_t n = (int64_t)nv * nv;
  size_t es = ft_size(t);
  char *ba = malloc((size_t)n * es), *bb = malloc((size_t)n * es);
  for (int64_t k = 0; k < n; k++) ft_store(t, ba, k, v[k % nv]), ft_store(t, bb, k, v[k / nv]);
  jaxc_array *A = arr1(ft_dtype[t], n, ba), *B = arr1(ft_dtype[t], n, bb);
  for (size_t q = 0; q < sizeof float_ops / sizeof float_ops[0]; q++) {
    jaxc_op op = float_ops[q].op;
    jaxc_array *o = jaxc_binary(op, A, B);
    bool boolean = is_cmp(op) || is_logical(op);
    CHECK_MSG(o && jaxc_array_dtype(o) == (boolean ? JAXC_BOOL : ft_dtype[t]), "%s %s", ft_name[t], jaxc_op_name(op));
    if (!o) continue;
    long bad = 0;
    for (int64_t k = 0; k < n; k++) {
      double a = v[k % nv], b = v[k / nv];
      double want = ref_float(t, op, a, b);
      bool ok;
      double got;
      if (boolean) {
        got = ((const bool *)jaxc_array_data(o))[k];
        ok = got == want;
      } else {
        got = ft_load(t, jaxc_array_data(o), k);
        if (float_ops[q].tol == ULP1 && is_half(t) && op == JAXC_OP_LOGADDEXP) /* op by op: exactly */
          ok = same_value(got, want);
        else if (float_ops[q].tol == ULP1)
          ok = same_value(got, want) || ulp_diff_l(got, exact_float(op, a, b), ft_man[t], ft_qmin[t]) <= 1.0;
        else ok = (got != got && want != want) || (got == want && signbit(got) == signbit(want));
      }
      if (!ok && bad++ < 3)
        CHECK_MSG(0, "%s %s(%.17g, %.17g) = %.17g, want %.17g", ft_name[t], jaxc_op_name(op), a, b, got, want);
      else
        TALLY(ok);
      n_cases++;
    }
    if (bad) fprintf(stderr, "  %s %s: %ld mismatches of %lld\n", ft_name[t], jaxc_op_name(op), bad, (long long)n);
    jaxc_array_free(o);
  }
  CHECK(memcmp(jaxc_array_data(A), ba, (size_t)n * es) == 0 && memcmp(jaxc_array_data(B), bb, (size_t)n * es) == 0);
  jaxc_array_free(A), jaxc_array_free(B);
  free(ba), free(bb);
  jaxc_set_x64(false);
}

/* bf16/f16 compute in f32 and round once from it: a case where rounding the exact double sum
   straight to f16 would differ is no different here (the f32 sum is exact), but a product
   whose f32 rounding lands on an f16 tie shows the order: f32 first, then f16. */
static void test_half_round_once(void) {
  /* 1 + 2^-11 (an exact f16 tie) + 2^-24 * ... : a * b with a = 1 + 2^-10, b = 1 + 2^-10 - 2^-20 */
  uint16_t ha = enc16(F16F, 1 + ldexp(1, -10)), hb = enc16(F16F, 1 + ldexp(1, -10));
  jaxc_array *a = arr0(JAXC_F16, &ha), *b = arr0(JAXC_F16, &hb);
  jaxc_array *o = jaxc_multiply(a, b);
  CHECK(o && jaxc_array_dtype(o) == JAXC_F16);
  if (o) {
    double exact = (1 + ldexp(1, -10)) * (1 + ldexp(1, -10)); /* 1 + 2^-9 + 2^-20 */
    double want = round16(F16F, (double)(float)exact);
    CHECK(dec16(F16F, *(const uint16_t *)jaxc_array_data(o)) == want);
    n_cases++;
  }
  jaxc_array_free(o), jaxc_array_free(a), jaxc_array_free(b);
}

/* ---- unary ops -------------------------------------------------------------------------------*/
static double ref_rne(double x) { /* round half to even, sign kept (independent of the FP mode) */
  if (x != x || isinf(x)) return x;
  double r = floor(x), d = x - r;
  if (d > 0.5 || (d == 0.5 && fmod(r, 2.0) != 0)) r += 1;
  return copysign(r, x);
}
static void test_float_unary(ftype t, int nrand) {
  jaxc_set_x64(t == FT_F64);
  static double v[70000];
  int nv;
  if (t == FT_BF16 || t == FT_F16) { /* every pattern */
    nv = 0;
    for (uint32_t p = 0; p < 0x10000; p++) v[nv++] = dec16(t == FT_BF16 ? BF16F : F16F, (uint16_t)p);
  } else {
    nv = ft_values(t, v, nrand);
  }
  size_t es = ft_size(t);
  char *ba = malloc((size_t)nv * es);
  for (int k = 0; k < nv; k++) ft_store(t, ba, k, v[k]);
  jaxc_array *A = arr1(ft_dtype[t], nv, ba);
  static const jaxc_op ops[] = {JAXC_OP_NEGATIVE, JAXC_OP_ABS, JAXC_OP_SIGN, JAXC_OP_SQRT, JAXC_OP_EXP, JAXC_OP_LOG,
                                JAXC_OP_LOG1P, JAXC_OP_EXPM1, JAXC_OP_SIN, JAXC_OP_COS, JAXC_OP_TAN, JAXC_OP_TANH,
                                JAXC_OP_FLOOR, JAXC_OP_CEIL, JAXC_OP_ROUND, JAXC_OP_RINT, JAXC_OP_SQUARE,
                                JAXC_OP_RECIPROCAL, JAXC_OP_ISNAN, JAXC_OP_ISINF, JAXC_OP_ISFINITE,
                                JAXC_OP_LOGICAL_NOT, JAXC_OP_REAL, JAXC_OP_IMAG, JAXC_OP_CONJ,
                                JAXC_OP_LOG2, JAXC_OP_LOG10, JAXC_OP_EXP2, JAXC_OP_DEG2RAD, JAXC_OP_RAD2DEG,
                                JAXC_OP_ARCSIN, JAXC_OP_ARCCOS, JAXC_OP_ARCTAN, JAXC_OP_SINH, JAXC_OP_COSH,
                                JAXC_OP_ARCSINH, JAXC_OP_ARCCOSH, JAXC_OP_ARCTANH, JAXC_OP_CBRT, JAXC_OP_TRUNC,
                                JAXC_OP_SIGNBIT};
  for (size_t q = 0; q < sizeof ops / sizeof ops[0]; q++) {
    jaxc_op op = ops[q];
    jaxc_array *o = jaxc_unary(op, A);
    bool boolean = op == JAXC_OP_ISNAN || op == JAXC_OP_ISINF || op == JAXC_OP_ISFINITE || op == JAXC_OP_LOGICAL_NOT ||
                   op == JAXC_OP_SIGNBIT;
    CHECK_MSG(o && jaxc_array_dtype(o) == (boolean ? JAXC_BOOL : ft_dtype[t]), "%s %s", ft_name[t], jaxc_op_name(op));
    if (!o) continue;
    long bad = 0;
    for (int k = 0; k < nv; k++) {
      double a = v[k], want;
      long double L = a, exact = 0;
      bool wide = t == FT_F64;
      double ulp = 0; /* 0: exact; else the tolerance in ulps against `exact` */
      switch (op) {
      case JAXC_OP_NEGATIVE: want = -a; break;
      case JAXC_OP_ABS: want = fabs(a); break;
      case JAXC_OP_SIGN: want = a != a ? NAN : a > 0 ? 1.0 : a < 0 ? -1.0 : a; break; /* XLA: sign(-0) = -0 */
      case JAXC_OP_SQRT: exact = sqrtl(L), want = ft_round(t, sqrt(a)), ulp = wide ? 0.5 : 0; break;
      case JAXC_OP_EXP: exact = expl(L), want = wide ? (double)exact : ft_round(t, exp(a)), ulp = 1; break;
      case JAXC_OP_LOG: exact = logl(L), want = wide ? (double)exact : ft_round(t, log(a)), ulp = 1; break;
      case JAXC_OP_LOG1P: exact = log1pl(L), want = wide ? (double)exact : ft_round(t, log1p(a)), ulp = 1; break;
      case JAXC_OP_EXPM1: exact = expm1l(L), want = wide ? (double)exact : ft_round(t, expm1(a)), ulp = 1; break;
      case JAXC_OP_SIN: exact = sinl(L), want = wide ? (double)exact : ft_round(t, sin(a)), ulp = 1; break;
      case JAXC_OP_COS: exact = cosl(L), want = wide ? (double)exact : ft_round(t, cos(a)), ulp = 1; break;
      case JAXC_OP_TAN: exact = tanl(L), want = wide ? (double)exact : ft_round(t, tan(a)), ulp = 1; break;
      case JAXC_OP_TANH: exact = tanhl(L), want = wide ? (double)exact : ft_round(t, tanh(a)), ulp = 2; break;
      case JAXC_OP_FLOOR: want = floor(a); break;
      case JAXC_OP_CEIL: want = ceil(a); break;
      case JAXC_OP_ROUND: case JAXC_OP_RINT: want = ref_rne(a); break;
      case JAXC_OP_SQUARE: want = wide ? a * a : ft_round(t, a * a); break;
      case JAXC_OP_RECIPROCAL: want = wide ? 1 / a : ft_round(t, 1 / a); break;
      case JAXC_OP_ISNAN: want = a != a; break;
      case JAXC_OP_ISINF: want = isinf(a) != 0; break;
      case JAXC_OP_ISFINITE: want = isfinite(a) != 0; break;
      case JAXC_OP_LOGICAL_NOT: want = a == 0; break;
      case JAXC_OP_REAL: case JAXC_OP_CONJ: want = a; break;
      /* jnp: log(x) / log(base), exp(ln2 x), x * (pi/180), x * (180/pi), each op rounded */
      case JAXC_OP_LOG2: case JAXC_OP_LOG10: {
        double c = ft_const(t, op == JAXC_OP_LOG2 ? LN2 : LN10);
        want = ft_round(t, ref_log_prim(t, a) / c);
        break;
      }
      case JAXC_OP_EXP2: {
        double p = ft_round(t, ft_const(t, LN2) * a);
        exact = expl(p), want = wide ? (double)exact : ft_round(t, exp(p)), ulp = 1;
        break;
      }
      /* float32 (and the 16-bit floats through it): correctly rounded but for a hair's breadth
         (within 0.50001 ulp of the long double value); float64: arcsin, arccos and arctan
         (arctan2's near code), sinh and cosh up to 709 (beyond: the C library's), arcsinh,
         arccosh and arctanh jaxc's own two-part code, within 0.52 */
      case JAXC_OP_ARCSIN: exact = asinl(L), want = ft_round(t, (double)exact), ulp = wide ? 0.52 : 0.50001; break;
      case JAXC_OP_ARCCOS: exact = acosl(L), want = ft_round(t, (double)exact), ulp = wide ? 0.52 : 0.50001; break;
      case JAXC_OP_ARCTAN: exact = atanl(L), want = ft_round(t, (double)exact), ulp = wide ? 0.52 : 0.50001; break;
      case JAXC_OP_SINH: exact = sinhl(L), want = ft_round(t, (double)exact), ulp = wide ? (fabs(a) <= 709 ? 0.52 : 2) : 0.50001; break;
      case JAXC_OP_COSH: exact = coshl(L), want = ft_round(t, (double)exact), ulp = wide ? (fabs(a) <= 709 ? 0.52 : 2) : 0.50001; break;
      case JAXC_OP_ARCSINH: exact = asinhl(L), want = ft_round(t, (double)exact), ulp = wide ? 0.52 : 0.50001; break;
      case JAXC_OP_ARCCOSH: exact = acoshl(L), want = ft_round(t, (double)exact), ulp = wide ? 0.52 : 0.50001; break;
      case JAXC_OP_ARCTANH: exact = atanhl(L), want = ft_round(t, (double)exact), ulp = wide ? 0.52 : 0.50001; break;
      case JAXC_OP_CBRT: exact = cbrtl(L), want = ft_round(t, (double)exact), ulp = 0.50001; break; /* (float64 too) */
      case JAXC_OP_TRUNC: want = trunc(a); break;
      case JAXC_OP_SIGNBIT: want = stored_sign(t, ba, k); break; /* (a NaN's sign: the bits stored) */
      case JAXC_OP_DEG2RAD: want = ft_round(t, a * ft_const(t, PI / 180)); break;
      case JAXC_OP_RAD2DEG: want = ft_round(t, a * ft_const(t, 180 / PI)); break;
      default: want = 0; break; /* imag of a real number */
      }
      double got = boolean ? (double)((const bool *)jaxc_array_data(o))[k] : ft_load(t, jaxc_array_data(o), k);
      bool ok = boolean ? got == want
                : same_value(got, want) || (ulp > 0 && ulp_diff_l(got, exact, ft_man[t], ft_qmin[t]) <= ulp);
      if (!ok && bad++ < 3) CHECK_MSG(0, "%s %s(%.17g) = %.17g, want %.17g", ft_name[t], jaxc_op_name(op), a, got, want);
      else TALLY(ok);
      n_cases++;
    }
    if (bad) fprintf(stderr, "  %s %s: %ld mismatches of %d\n", ft_name[t], jaxc_op_name(op), bad, nv);
    jaxc_array_free(o);
  }
  CHECK(memcmp(jaxc_array_data(A), ba, (size_t)nv * es) == 0);
  jaxc_array_free(A);
  free(ba);
  jaxc_set_x64(false);
}

/* Integer unary ops, exhaustive over int8 and uint8: wrap-around (JAX: -(-128) = -128,
   abs(-128) = -128 in int8), sign, invert, and the float ops' default-float result. */
static void test_int_unary(void) {
  for (int s = 0; s < 2; s++) {
    jaxc_dtype d = s ? JAXC_I8 : JAXC_U8;
    itype t = itype_of(d);
    unsigned char buf[256];
    for (int v = 0; v < 256; v++) buf[v] = (unsigned char)v;
    jaxc_array *A = arr1(d, 256, buf);
    static const jaxc_op ops[] = {JAXC_OP_NEGATIVE, JAXC_OP_ABS, JAXC_OP_SIGN, JAXC_OP_INVERT, JAXC_OP_SQUARE,
                                  JAXC_OP_FLOOR, JAXC_OP_ROUND, JAXC_OP_ISNAN, JAXC_OP_ISFINITE, JAXC_OP_SQRT,
                                  JAXC_OP_LOGICAL_NOT, JAXC_OP_REAL, JAXC_OP_IMAG, JAXC_OP_TRUNC, JAXC_OP_SIGNBIT,
                                  JAXC_OP_CBRT};
    for (size_t q = 0; q < sizeof ops / sizeof ops[0]; q++) {
      jaxc_array *o = jaxc_unary(ops[q], A);
      CHECK_MSG(o != NULL, "%s(%s): %s", jaxc_op_name(ops[q]), jaxc_dtype_name(d), jaxc_last_error());
      if (!o) continue;
      for (int v = 0; v < 256; v++) {
        int64_t x = load_int(d, buf, v), w;
        double wf = 0;
        bool isf = false;
        switch (ops[q]) {
        case JAXC_OP_NEGATIVE: w = wrap(-x, t); break;
        case JAXC_OP_ABS: w = wrap(x < 0 ? -x : x, t); break;
        case JAXC_OP_SIGN: w = (x > 0) - (x < 0); break;
        case JAXC_OP_INVERT: w = wrap(~x, t); break;
        case JAXC_OP_SQUARE: w = wrap(x * x, t); break;
        case JAXC_OP_ISNAN: w = 0; break;
        case JAXC_OP_ISFINITE: w = 1; break;
        case JAXC_OP_LOGICAL_NOT: w = x == 0; break;
        case JAXC_OP_IMAG: w = 0; break;
        case JAXC_OP_SQRT: isf = true, wf = (double)(float)sqrt((double)x), w = 0; break;
        case JAXC_OP_CBRT: isf = true, wf = (double)(float)cbrtl((long double)x), w = 0; break;
        case JAXC_OP_SIGNBIT: w = x < 0; break; /* (bool: load_int reads 0 or 1) */
        default: w = x; break;
        }
        if (isf) {
          CHECK(jaxc_array_dtype(o) == JAXC_F32);
          float g = ((const float *)jaxc_array_data(o))[v];
          CHECK_MSG((g != g && wf != wf) || (double)g == wf, "%s(%lld) = %g", jaxc_op_name(ops[q]), (long long)x, (double)g);
        } else {
          int64_t g = load_int(jaxc_array_dtype(o), jaxc_array_data(o), v);
          CHECK_MSG(g == w, "%s(%s %lld) = %lld, want %lld", jaxc_op_name(ops[q]), jaxc_dtype_name(d), (long long)x,
                    (long long)g, (long long)w);
        }
        n_cases++;
      }
      jaxc_array_free(o);
    }
    jaxc_array_free(A);
  }
}

/* ---- specific documented facts --------------------------------------------------------------*/
static void test_facts(void) {
  /* jnp.round: half to even, -0 kept; floor_divide/remainder of floats take the divisor's sign */
  float r_in[] = {0.5f, 1.5f, 2.5f, -0.5f, -2.5f, -0.0f, -0.4f, 3.5f};
  float r_want[] = {0.0f, 2.0f, 2.0f, -0.0f, -2.0f, -0.0f, -0.0f, 4.0f};
  jaxc_array *x = arr1(JAXC_F32, 8, r_in), *o = jaxc_round(x);
  CHECK(o != NULL);
  for (int i = 0; o && i < 8; i++) {
    float g = ((const float *)jaxc_array_data(o))[i];
    CHECK_MSG(g == r_want[i] && signbit(g) == signbit(r_want[i]), "round(%g) = %g", (double)r_in[i], (double)g);
    n_cases++;
  }
  jaxc_array_free(o), jaxc_array_free(x);
  float a[] = {5.0f, -5.0f, 5.0f, -5.0f, 1.0f, 0.0f}, b[] = {3.0f, 3.0f, -3.0f, -3.0f, 0.0f, 0.0f};
  float rem_w[] = {2.0f, 1.0f, -1.0f, -2.0f, NAN, NAN}, fd_w[] = {1.0f, -2.0f, -2.0f, 1.0f, INFINITY, NAN};
  jaxc_array *A = arr1(JAXC_F32, 6, a), *B = arr1(JAXC_F32, 6, b);
  jaxc_array *rm = jaxc_remainder(A, B), *fd = jaxc_floor_divide(A, B), *td = jaxc_true_divide(A, B);
  CHECK(rm && fd && td);
  for (int i = 0; rm && fd && i < 6; i++) {
    float g = ((const float *)jaxc_array_data(rm))[i], h = ((const float *)jaxc_array_data(fd))[i];
    CHECK_MSG((g != g && rem_w[i] != rem_w[i]) || g == rem_w[i], "remainder(%g, %g) = %g", (double)a[i], (double)b[i], (double)g);
    /* floor_divide(1, 0) = inf, (0, 0) = nan: jax-ml/jax#38017 (JAX >= 0.7) divides x1 itself */
    CHECK_MSG((h != h && fd_w[i] != fd_w[i]) || h == fd_w[i], "floor_divide(%g, %g) = %g", (double)a[i], (double)b[i], (double)h);
    n_cases += 2;
  }
  jaxc_array_free(rm), jaxc_array_free(fd), jaxc_array_free(td), jaxc_array_free(A), jaxc_array_free(B);
  /* maximum/minimum propagate NaN, fmax/fmin don't */
  float m1[] = {NAN, 1.0f, NAN}, m2[] = {1.0f, NAN, NAN};
  jaxc_array *P = arr1(JAXC_F32, 3, m1), *Q = arr1(JAXC_F32, 3, m2);
  jaxc_array *mx = jaxc_maximum(P, Q), *mn = jaxc_minimum(P, Q), *fx = jaxc_fmax(P, Q), *fn = jaxc_fmin(P, Q);
  CHECK(mx && mn && fx && fn);
  if (mx && mn && fx && fn) {
    const float *MX = jaxc_array_data(mx), *MN = jaxc_array_data(mn), *FX = jaxc_array_data(fx), *FN = jaxc_array_data(fn);
    CHECK(MX[0] != MX[0] && MX[1] != MX[1] && MN[0] != MN[0] && MN[1] != MN[1]);
    CHECK(FX[0] == 1.0f && FX[1] == 1.0f && FN[0] == 1.0f && FN[1] == 1.0f && FX[2] != FX[2]);
    n_cases += 2;
  }
  jaxc_array_free(mx), jaxc_array_free(mn), jaxc_array_free(fx), jaxc_array_free(fn), jaxc_array_free(P), jaxc_array_free(Q);
  /* complex: values against C's complex arithmetic in double; abs -> float32; lexicographic order */
  float cz[] = {1.0f, 2.0f, 3.0f, -4.0f}, cw[] = {1.0f, 3.0f, 0.5f, 0.25f};
  jaxc_array *Z = arr1(JAXC_C64, 2, cz), *W = arr1(JAXC_C64, 2, cw);
  jaxc_array *zm = jaxc_multiply(Z, W), *za = jaxc_abs(Z), *zl = jaxc_less(Z, W), *zd = jaxc_true_divide(Z, W);
  CHECK(zm && za && zl && zd && jaxc_array_dtype(za) == JAXC_F32 && jaxc_array_dtype(zl) == JAXC_BOOL);
  if (zm && za && zl && zd) {
    const float *M = jaxc_array_data(zm), *Ab = jaxc_array_data(za), *D = jaxc_array_data(zd);
    const bool *L = jaxc_array_data(zl);
    for (int i = 0; i < 2; i++) {
      double ar = cz[2 * i], ai = cz[2 * i + 1], br = cw[2 * i], bi = cw[2 * i + 1];
      CHECK(M[2 * i] == (float)(ar * br - ai * bi) && M[2 * i + 1] == (float)(ar * bi + ai * br));
      CHECK(ulp_diff(Ab[i], (double)(float)hypot(ar, ai), 23, -149) <= 1);
      double den = br * br + bi * bi;
      CHECK(ulp_diff(D[2 * i], (ar * br + ai * bi) / den, 23, -149) <= 2 &&
            ulp_diff(D[2 * i + 1], (ai * br - ar * bi) / den, 23, -149) <= 2);
      n_cases += 3;
    }
    CHECK(L[0] == true && L[1] == false); /* (1,2) < (1,3): equal real parts, imag decides; (3,-4) < (0.5,..) false */
  }
  jaxc_array_free(zm), jaxc_array_free(za), jaxc_array_free(zl), jaxc_array_free(zd), jaxc_array_free(Z), jaxc_array_free(W);
}

/* ---- broadcasting, mixed dtypes, large arrays ----------------------------------------------*/
static void test_broadcast(void) {
  /* (3,1) int8 + (1,4) float32 -> (3,4) float32, values exact */
  int8_t a[3] = {1, -2, 100};
  float b[4] = {0.5f, -1.25f, 1e10f, 3.0f};
  int64_t sa[2] = {3, 1}, sb[2] = {1, 4};
  jaxc_array *A = jaxc_array_from_data(JAXC_I8, 2, sa, a), *B = jaxc_array_from_data(JAXC_F32, 2, sb, b);
  jaxc_array *o = jaxc_add(A, B);
  CHECK(o && jaxc_array_dtype(o) == JAXC_F32 && jaxc_array_ndim(o) == 2 && jaxc_array_shape(o)[0] == 3 &&
        jaxc_array_shape(o)[1] == 4);
  for (int i = 0; o && i < 3; i++)
    for (int j = 0; j < 4; j++) {
      CHECK(((const float *)jaxc_array_data(o))[i * 4 + j] == (float)((double)a[i] + (double)b[j]));
      n_cases++;
    }
  jaxc_array_free(o);
  /* (2,3,4) - (4,), 0-d * (5,), (0,3) + (1,3) */
  double c[24], d[4] = {1, 2, 3, 4};
  for (int i = 0; i < 24; i++) c[i] = i * 1.5;
  int64_t sc[3] = {2, 3, 4}, sd[1] = {4};
  jaxc_set_x64(true);
  jaxc_array *C = jaxc_array_from_data(JAXC_F64, 3, sc, c), *D = jaxc_array_from_data(JAXC_F64, 1, sd, d);
  o = jaxc_subtract(C, D);
  CHECK(o && jaxc_array_dtype(o) == JAXC_F64 && jaxc_array_ndim(o) == 3 && jaxc_array_size(o) == 24);
  for (int i = 0; o && i < 24; i++) { CHECK(((const double *)jaxc_array_data(o))[i] == c[i] - d[i % 4]); n_cases++; }
  jaxc_array_free(o);
  /* broadcasting the other way round, and a middle axis */
  int64_t sm[3] = {2, 1, 4};
  double m[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  jaxc_array *M = jaxc_array_from_data(JAXC_F64, 3, sm, m);
  o = jaxc_multiply(M, C);
  CHECK(o && jaxc_array_size(o) == 24);
  for (int i = 0; o && i < 2; i++)
    for (int j = 0; j < 3; j++)
      for (int k = 0; k < 4; k++)
        { CHECK(((const double *)jaxc_array_data(o))[(i * 3 + j) * 4 + k] == m[i * 4 + k] * c[(i * 3 + j) * 4 + k]); n_cases++; }
  jaxc_array_free(o), jaxc_array_free(M);
  jaxc_set_x64(false);
  int32_t five[5] = {1, 2, 3, 4, 5}, s7 = 7;
  jaxc_array *F = arr1(JAXC_I32, 5, five), *S = arr0(JAXC_I32, &s7);
  o = jaxc_multiply(S, F);
  CHECK(o && jaxc_array_ndim(o) == 1 && jaxc_array_size(o) == 5);
  for (int i = 0; o && i < 5; i++) { CHECK(((const int32_t *)jaxc_array_data(o))[i] == 7 * five[i]); n_cases++; }
  jaxc_array_free(o);
  int64_t se[2] = {0, 3}, s13[2] = {1, 3};
  float e3[3] = {1, 2, 3};
  jaxc_array *E = jaxc_array_from_data(JAXC_F32, 2, se, NULL), *E3 = jaxc_array_from_data(JAXC_F32, 2, s13, e3);
  o = jaxc_add(E, E3);
  CHECK(o && jaxc_array_size(o) == 0 && jaxc_array_ndim(o) == 2 && jaxc_array_shape(o)[0] == 0 && jaxc_array_shape(o)[1] == 3);
  jaxc_array_free(o), jaxc_array_free(E), jaxc_array_free(E3);
  jaxc_array_free(A), jaxc_array_free(B), jaxc_array_free(C), jaxc_array_free(D), jaxc_array_free(F), jaxc_array_free(S);
}

static void test_mixed_values(void) {
  /* int32 + float16 -> float16 (JAX: i32 v f16 = f16); a big int converts to inf */
  int32_t a[4] = {1, 70000, -3, 2049};
  uint16_t h[4];
  double hv[4] = {0.5, 0.0, 0.25, 0.0};
  for (int i = 0; i < 4; i++) h[i] = enc16(F16F, hv[i]);
  jaxc_array *A = arr1(JAXC_I32, 4, a), *H = arr1(JAXC_F16, 4, h);
  jaxc_array *o = jaxc_add(A, H);
  CHECK(o && jaxc_array_dtype(o) == JAXC_F16);
  for (int i = 0; o && i < 4; i++) {
    double conv = round16(F16F, (double)a[i]); /* the int converted to f16 first */
    double want = round16(F16F, (double)(float)(conv + hv[i]));
    double got = dec16(F16F, ((const uint16_t *)jaxc_array_data(o))[i]);
    CHECK_MSG(got == want, "int32 %d + f16 %g = %g, want %g", a[i], hv[i], got, want);
    n_cases++;
  }
  jaxc_array_free(o), jaxc_array_free(A), jaxc_array_free(H);
  /* uint32 + int32 with x64 off -> int32 (JAX's x32 lattice edge u32 -> i32): wraps */
  uint32_t u[2] = {4000000000u, 1u};
  int32_t s[2] = {1, -2};
  jaxc_array *U = arr1(JAXC_U32, 2, u), *S = arr1(JAXC_I32, 2, s);
  o = jaxc_add(U, S);
  CHECK(o && jaxc_array_dtype(o) == JAXC_I32);
  if (o) { CHECK(((const int32_t *)jaxc_array_data(o))[0] == (int32_t)(4000000001u - 4294967296u) &&
               ((const int32_t *)jaxc_array_data(o))[1] == -1); n_cases += 2; }
  jaxc_array_free(o), jaxc_array_free(U), jaxc_array_free(S);
  /* weak float with int8 array -> float32 weak? no: i8 v f* = f*, stored as float32, weak */
  int8_t b[3] = {1, 2, -3};
  jaxc_array *B = arr1(JAXC_I8, 3, b), *w = jaxc_weak_float(0.5);
  o = jaxc_multiply(B, w);
  CHECK(o && jaxc_array_dtype(o) == JAXC_F32 && jaxc_array_is_weak(o));
  for (int i = 0; o && i < 3; i++) { CHECK(((const float *)jaxc_array_data(o))[i] == (float)b[i] * 0.5f); n_cases++; }
  jaxc_array_free(o), jaxc_array_free(B), jaxc_array_free(w);
}

static void test_large(void) {
  /* > JAXC_PAR_BYTES of traffic: the OpenMP path must give the same values */
  int64_t n = (int64_t)1 << 21;
  float *a = malloc((size_t)n * 4), *b = malloc((size_t)n * 4);
  for (int64_t i = 0; i < n; i++) a[i] = (float)(i % 1000) * 0.25f, b[i] = (float)(i % 7) - 3.0f;
  jaxc_array *A = arr1(JAXC_F32, n, a), *B = arr1(JAXC_F32, n, b);
  jaxc_array *o = jaxc_floor_divide(A, B), *p = jaxc_add(A, B);
  int64_t sb[2] = {1, 8}, sa[2] = {n / 8, 8};
  jaxc_array *A2 = jaxc_array_from_data(JAXC_F32, 2, sa, a), *B2 = jaxc_array_from_data(JAXC_F32, 2, sb, b);
  jaxc_array *q = jaxc_multiply(A2, B2);
  CHECK(o && p && q);
  long bad = 0;
  for (int64_t i = 0; o && p && q && i < n; i++) {
    float fd = ((const float *)jaxc_array_data(o))[i], want = (float)ref_floordiv(FT_F32, a[i], b[i]);
    bool ok = ((fd != fd && want != want) || fd == want) && ((const float *)jaxc_array_data(p))[i] == a[i] + b[i] &&
              ((const float *)jaxc_array_data(q))[i] == a[i] * b[i % 8];
    if (!ok) bad++;
    n_cases += 3;
  }
  CHECK_MSG(bad == 0, "large arrays: %ld wrong elements", bad);
  jaxc_array_free(o), jaxc_array_free(p), jaxc_array_free(q), jaxc_array_free(A), jaxc_array_free(B);
  jaxc_array_free(A2), jaxc_array_free(B2);
  free(a), free(b);
}

/* jnp.power(x, n) with a C int n is lax.integer_pow: square-and-multiply in the dtype, each
   product rounded (x**3 is (x*x)*x, x**5 is x*((x*x)*(x*x))), 1/acc for n < 0, integers wrapping
   over the whole exponent (not _pow_int_int's low six bits: 3**64 in int32 is 2038349057). */
static void test_integer_pow(void) {
  jaxc_set_x64(false);
  enum { N = 4096 };
  static float v[N];
  for (int i = 0; i < N; i++) v[i] = (float)(((double)(rnd64() >> 11) * 0x1p-53 * 6 - 3) * (i % 7 == 0 ? 100 : 1));
  v[0] = 0.0f, v[1] = -0.0f, v[2] = NAN, v[3] = INFINITY;
  jaxc_array *x = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){N}, v);
  const int ns[] = {1, 2, 3, 5, 7, -1, -3, 0};
  for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
    jaxc_array *r = jaxc_power(x, ns[k]);
    CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && !jaxc_array_is_weak(r));
    if (!r) continue;
    long bad = 0;
    for (int i = 0; i < N; i++) {
      float a = v[i], x2 = a * a, x4 = x2 * x2, want;
      switch (ns[k] < 0 ? -ns[k] : ns[k]) {
      case 0: want = 1.0f; break;
      case 1: want = a; break;
      case 2: want = x2; break;
      case 3: want = x2 * a; break; /* bits 1, 1: acc = x, then acc * x^2 */
      case 5: want = a * x4; break;
      default: want = (a * x2) * x4; break; /* 7 */
      }
      if (ns[k] < 0) want = 1.0f / want;
      float got = ((const float *)jaxc_array_data(r))[i];
      if (!(got == want || (got != got && want != want)) || signbit(got) != signbit(want)) bad++;
    }
    CHECK_MSG(bad == 0, "x ** %d: %ld of %d differ from the square-and-multiply chain", ns[k], bad, N);
    jaxc_array_free(r);
  }
  /* weak stays weak; _into; ints over the whole exponent */
  jaxc_array *w = jaxc_weak_float(1.5), *r = jaxc_power(w, 3);
  CHECK(r && jaxc_array_is_weak(r) && ((const float *)jaxc_array_data(r))[0] == 3.375f);
  jaxc_array_free(w), jaxc_array_free(r);
  jaxc_array *into = jaxc_array_empty(JAXC_F32, 1, (int64_t[]){N});
  jaxc_array *three = jaxc_weak_int(3);
  CHECK(jaxc_binary_into(JAXC_OP_POWER, x, three, into) == into && ((const float *)jaxc_array_data(into))[5] == (v[5] * v[5]) * v[5]);
  jaxc_array_free(three), jaxc_array_free(into), jaxc_array_free(x);
  const int32_t b[3] = {3, 2, -3};
  jaxc_array *bi = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, b);
  r = jaxc_power(bi, 64);
  CHECK(r && ((const int32_t *)jaxc_array_data(r))[0] == 2038349057 && ((const int32_t *)jaxc_array_data(r))[1] == 0 &&
        ((const int32_t *)jaxc_array_data(r))[2] == 2038349057);
  jaxc_array_free(r);
  r = jaxc_power(bi, 65);
  CHECK(r && ((const int32_t *)jaxc_array_data(r))[2] == -1820079875);
  jaxc_array_free(r), jaxc_array_free(bi);
  n_cases += 12;
  /* a strong 0-d integer exponent is concrete too (jnp.power: core.is_concrete(x2), then
     operator.index): integer_pow, the base's dtype, every bit of the exponent; uint64 past 2^63
     exactly; a negative one for an integer base is the TypeError; bool and 1-d exponents are
     not integer_pow (promotion, _pow_int_int's six bits) */
  const int8_t b8[2] = {3, 2};
  jaxc_array *x8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){2}, b8);
  const int32_t e70 = 70, em1 = -1;
  const uint64_t ebig = 0x8000000000000001u;
  jaxc_array *E70 = arr0(JAXC_I32, &e70), *Em1 = arr0(JAXC_I32, &em1);
  jaxc_set_x64(true);
  jaxc_array *Ebig = arr0(JAXC_U64, &ebig);
  jaxc_set_x64(false);
  for (int k = 0; k < 2; k++) {
    jaxc_array *e = k ? Ebig : E70;
    r = jaxc_power(x8, e);
    CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_I8 && !jaxc_array_is_weak(r), "int8 ** 0-d %s: %s", k ? "uint64" : "int32",
              jaxc_last_error());
    for (int i = 0; r && i < 2; i++) {
      uint8_t want = 1, base = (uint8_t)b8[i]; /* modular square-and-multiply over the whole exponent */
      for (uint64_t m = k ? ebig : (uint64_t)e70; m; m >>= 1, base = (uint8_t)(base * base))
        if (m & 1) want = (uint8_t)(want * base);
      CHECK_MSG((uint8_t)((const int8_t *)jaxc_array_data(r))[i] == want, "int8 %d ** 0-d exponent %d", b8[i], k);
    }
    jaxc_array_free(r);
  }
  CHECK(jaxc_power(x8, Em1) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE &&
        strstr(jaxc_last_error(), "Integers cannot be raised to negative powers") != NULL);
  const float f2[2] = {1.5f, -2.0f};
  jaxc_array *xf = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, f2);
  r = jaxc_power(xf, Em1); /* float base: 1 / x */
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && ((const float *)jaxc_array_data(r))[1] == -0.5f);
  jaxc_array_free(r);
  const bool tb = true;
  jaxc_array *Eb = arr0(JAXC_BOOL, &tb), *E1d = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){1}, &e70);
  r = jaxc_power(x8, Eb); /* bool exponent: promotion (int8), _pow_int_int */
  CHECK(r && jaxc_array_dtype(r) == JAXC_I8 && ((const int8_t *)jaxc_array_data(r))[0] == 3);
  jaxc_array_free(r);
  r = jaxc_power(x8, E1d); /* a 1-d exponent: int8 v int32 = int32, the low six bits of 70 (6): 3^6 */
  CHECK(r && jaxc_array_dtype(r) == JAXC_I32 && ((const int32_t *)jaxc_array_data(r))[0] == 729);
  jaxc_array_free(r);
  jaxc_array_free(x8), jaxc_array_free(xf), jaxc_array_free(E70), jaxc_array_free(Em1), jaxc_array_free(Ebig);
  jaxc_array_free(Eb), jaxc_array_free(E1d);
  n_cases += 10;
}

/* jnp.logical_and/or/xor are _to_bool of promote_args(x, y): the operands are promoted first, so
   a weak operand converted to the other's dtype can become 0, and strict mode refuses what it
   refuses for any op (jaxc tested each operand on its own before). */
static void test_logical_promotion(void) {
  uint8_t u[2] = {1, 0};
  uint16_t h[2] = {0, 0x3c00}; /* float16 0, 1 */
  jaxc_array *U = arr1(JAXC_U8, 2, u), *H = arr1(JAXC_F16, 2, h), *w256 = jaxc_weak_int(256), *w1 = jaxc_weak_int(1);
  jaxc_array *tiny = jaxc_weak_float(1e-10); /* 0 in float16 */
  struct { jaxc_op op; const jaxc_array *a, *b; bool want[2]; } cases[] = {
      {JAXC_OP_LOGICAL_AND, U, w256, {false, false}}, /* 256 -> uint8 0 */
      {JAXC_OP_LOGICAL_OR, U, w256, {true, false}},
      {JAXC_OP_LOGICAL_XOR, w256, U, {true, false}},
      {JAXC_OP_LOGICAL_OR, w1, U, {true, true}},
      {JAXC_OP_LOGICAL_OR, H, tiny, {false, true}}, /* 1e-10 -> float16 0 */
      {JAXC_OP_LOGICAL_AND, tiny, H, {false, false}},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    jaxc_array *r = jaxc_binary(cases[k].op, cases[k].a, cases[k].b);
    CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_BOOL && !jaxc_array_is_weak(r), "logical case %zu: %s", k, jaxc_last_error());
    if (r)
      for (int i = 0; i < 2; i++)
        CHECK_MSG(((const bool *)jaxc_array_data(r))[i] == cases[k].want[i], "logical case %zu [%d]", k, i);
    jaxc_array_free(r);
  }
  CHECK(u[0] == 1 && jaxc_array_is_weak(w256)); /* inputs untouched */
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  int8_t i8[2] = {1, 0};
  float f32[2] = {1, 0};
  jaxc_array *I = arr1(JAXC_I8, 2, i8), *F = arr1(JAXC_F32, 2, f32);
  CHECK(jaxc_binary(JAXC_OP_LOGICAL_AND, I, F) == NULL && jaxc_last_status() == JAXC_ERR_PROMOTION);
  CHECK(jaxc_binary_result(JAXC_OP_LOGICAL_OR, U, F, NULL) == JAXC_DTYPE_INVALID);
  jaxc_array *ok = jaxc_binary(JAXC_OP_LOGICAL_AND, I, w1); /* a weak scalar is allowed in strict mode */
  CHECK(ok != NULL);
  jaxc_array_free(ok);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array_free(I), jaxc_array_free(F);
  jaxc_array_free(U), jaxc_array_free(H), jaxc_array_free(w256), jaxc_array_free(w1), jaxc_array_free(tiny);
}

/* signbit of every bfloat16 and float16 pattern, built from the raw bits: the sign bit, of -0
   and of every negative NaN too */
static void test_signbit_patterns(void) {
  static uint16_t p[65536];
  for (uint32_t k = 0; k < 65536; k++) p[k] = (uint16_t)k;
  static const jaxc_dtype ds[] = {JAXC_BF16, JAXC_F16};
  for (int d = 0; d < 2; d++) {
    jaxc_array *a = arr1(ds[d], 65536, p), *o = jaxc_unary(JAXC_OP_SIGNBIT, a);
    CHECK(o && jaxc_array_dtype(o) == JAXC_BOOL);
    long bad = 0;
    for (uint32_t k = 0; o && k < 65536; k++) bad += ((const bool *)jaxc_array_data(o))[k] != (bool)(k >> 15);
    CHECK_MSG(bad == 0, "%s signbit: %ld patterns wrong", jaxc_dtype_name(ds[d]), bad);
    n_cases += 65536;
    jaxc_array_free(o), jaxc_array_free(a);
  }
}

/* jax.numpy's other names: the same functions and enums (jnp.fix is where(x >= 0, floor, ceil),
   which gives trunc's values, -0 and NaN included) */
static void test_aliases(void) {
  CHECK(JAXC_OP_DIVIDE == JAXC_OP_TRUE_DIVIDE && JAXC_OP_MOD == JAXC_OP_REMAINDER && JAXC_OP_POW == JAXC_OP_POWER &&
        JAXC_OP_ABSOLUTE == JAXC_OP_ABS && JAXC_OP_FIX == JAXC_OP_TRUNC);
  static const float xs[] = {-2.5f, -0.5f, -0.0f, 0.0f, 0.5f, 1.0f, 7.25f, -7.75f, INFINITY, -INFINITY, NAN};
  enum { N = sizeof xs / sizeof xs[0] };
  jaxc_array *x = arr1(JAXC_F32, N, xs), *fix = jaxc_fix(x), *mod = jaxc_mod(x, 2), *dv = jaxc_divide(x, 4.0),
             *pw = jaxc_pow(x, 2), *ab = jaxc_absolute(x), *rad = jaxc_radians(x), *deg = jaxc_degrees(x),
             *as = jaxc_asin(x), *at2 = jaxc_atan2(x, 1.0);
  jaxc_array *want[] = {jaxc_unary(JAXC_OP_TRUNC, x), jaxc_binary_operands(JAXC_OP_REMAINDER, JAXC_OPERAND(x), JAXC_OPERAND(2)),
                        jaxc_binary_operands(JAXC_OP_TRUE_DIVIDE, JAXC_OPERAND(x), JAXC_OPERAND(4.0)),
                        jaxc_binary_operands(JAXC_OP_POWER, JAXC_OPERAND(x), JAXC_OPERAND(2)), jaxc_unary(JAXC_OP_ABS, x),
                        jaxc_unary(JAXC_OP_DEG2RAD, x), jaxc_unary(JAXC_OP_RAD2DEG, x), jaxc_unary(JAXC_OP_ARCSIN, x),
                        jaxc_binary_operands(JAXC_OP_ARCTAN2, JAXC_OPERAND(x), JAXC_OPERAND(1.0))};
  jaxc_array *got[] = {fix, mod, dv, pw, ab, rad, deg, as, at2};
  for (size_t i = 0; i < sizeof got / sizeof got[0]; i++) {
    CHECK(got[i] && want[i] && jaxc_array_dtype(got[i]) == JAXC_F32);
    if (got[i] && want[i]) CHECK(memcmp(jaxc_array_data(got[i]), jaxc_array_data(want[i]), sizeof xs) == 0);
    jaxc_array_free(got[i]), jaxc_array_free(want[i]);
    n_cases++;
  }
  /* the values of fix itself: C's trunc, bit for bit */
  jaxc_array *f2 = jaxc_fix(x);
  for (int i = 0; f2 && i < N; i++) {
    float g = ((const float *)jaxc_array_data(f2))[i], w = truncf(xs[i]);
    CHECK_MSG((g != g && w != w) || f2u(g) == f2u(w), "fix(%g) = %g", (double)xs[i], (double)g);
  }
  jaxc_array_free(f2), jaxc_array_free(x);
}

int main(void) {
  rng_state = 0x2545F4914F6CDD1Du; /* this test's inputs */
  (void)f2u, (void)d2u;
  check_quiet_after = 1 << 30; /* each kind prints its first few failures itself */
  jaxc_set_x64(false);
  test_int8_exhaustive();
  test_int_wide();
  test_result_dtypes();
  test_unary_dtypes();
  test_float_binary(FT_F32, 260);
  test_float_binary(FT_F64, 260);
  test_float_binary(FT_BF16, 200);
  test_float_binary(FT_F16, 200);
  test_half_round_once();
  test_float_unary(FT_F32, 20000);
  test_float_unary(FT_F64, 20000);
  test_float_unary(FT_BF16, 0);
  test_float_unary(FT_F16, 0);
  test_int_unary();
  test_facts();
  test_broadcast();
  test_mixed_values();
  test_large();
  test_integer_pow();
  test_logical_promotion();
  test_aliases();
  test_signbit_patterns();
  printf("ops: %ld cases\n", n_cases);
  return check_summary("test_ops");
}
