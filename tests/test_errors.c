/* test_errors.c — every error path of the elementwise layer and the configuration switches:
   status codes, JAX's messages where JAX has them, no leaks (LSan), inputs unmodified, and the
   status reset by the next successful call. The environment variables are checked in a child
   process (this program re-run through system() with the variables set). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"

static long n_cases;

#define EXPECT_FAIL(expr, status, msg)                                                            \
  do {                                                                                            \
    jaxc_array *r_ = (expr);                                                                      \
    CHECK_MSG(r_ == NULL && jaxc_last_status() == (status), "%s: status %d (%s)", #expr,          \
              (int)jaxc_last_status(), jaxc_last_error());                                        \
    expect_message(#expr, msg);                                                                   \
    jaxc_array_free(r_);                                                                          \
    n_cases++;                                                                                    \
  } while (0)
#define EXPECT_PREFIX(prefix)                                                                     \
  CHECK_MSG(strncmp(jaxc_last_error(), prefix, strlen(prefix)) == 0, "message '%s' should start with '%s'", \
            jaxc_last_error(), prefix)

static void expect_message(const char *expr, const char *want) {
  if (want)
    CHECK_MSG(strcmp(jaxc_last_error(), want) == 0, "%s: message\n  got  '%s'\n  want '%s'", expr, jaxc_last_error(), want);
}

static jaxc_array *f32s(int64_t n, const float *v) { return jaxc_array_from_data(JAXC_F32, 1, &n, v); }

static void test_strict(void) {
  float a = 1.0f;
  int32_t b = 2;
  int8_t c = 3;
  jaxc_array *A = jaxc_array_from_data(JAXC_F32, 0, NULL, &a), *B = jaxc_array_from_data(JAXC_I32, 0, NULL, &b);
  jaxc_array *C = jaxc_array_from_data(JAXC_I8, 0, NULL, &c), *wi = jaxc_weak_int(5), *wf = jaxc_weak_float(0.5);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  CHECK(jaxc_promotion() == JAXC_RULES_JAX_STRICT);
  EXPECT_FAIL(jaxc_binary(JAXC_OP_ADD, A, B), JAXC_ERR_PROMOTION,
              "Input dtypes ('float32', 'int32') have no available implicit dtype promotion path when "
              "jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, or set "
              "jax_numpy_dtype_promotion=standard.");
  EXPECT_FAIL(jaxc_binary(JAXC_OP_MULTIPLY, C, B), JAXC_ERR_PROMOTION,
              "Input dtypes ('int8', 'int32') have no available implicit dtype promotion path when "
              "jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, or set "
              "jax_numpy_dtype_promotion=standard.");
  /* weak scalars still join their kind in strict mode */
  jaxc_array *o1 = jaxc_binary(JAXC_OP_ADD, C, wi), *o2 = jaxc_binary(JAXC_OP_ADD, A, wf), *o3 = jaxc_binary(JAXC_OP_ADD, A, wi);
  CHECK(o1 && jaxc_array_dtype(o1) == JAXC_I8 && o2 && jaxc_array_dtype(o2) == JAXC_F32 && o3 &&
        jaxc_array_dtype(o3) == JAXC_F32);
  jaxc_array_free(o1), jaxc_array_free(o2), jaxc_array_free(o3);
  /* an invalid setting is ignored */
  jaxc_set_promotion(JAXC_RULES_NUMPY);
  CHECK(jaxc_promotion() == JAXC_RULES_JAX_STRICT);
  jaxc_set_promotion((jaxc_rules)77);
  CHECK(jaxc_promotion() == JAXC_RULES_JAX_STRICT);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array *o4 = jaxc_binary(JAXC_OP_ADD, A, B);
  CHECK(o4 && jaxc_array_dtype(o4) == JAXC_F32 && jaxc_last_status() == JAXC_OK && strcmp(jaxc_last_error(), "") == 0);
  n_cases += 5;
  jaxc_array_free(o4), jaxc_array_free(A), jaxc_array_free(B), jaxc_array_free(C), jaxc_array_free(wi), jaxc_array_free(wf);
}

static void test_shapes(void) {
  static float z[24];
  int64_t s34[2] = {3, 4}, s24[2] = {2, 4}, s3[1] = {3}, s4[1] = {4};
  jaxc_array *A = jaxc_array_from_data(JAXC_F32, 2, s34, z), *B = jaxc_array_from_data(JAXC_F32, 2, s24, z);
  jaxc_array *C = jaxc_array_from_data(JAXC_F32, 1, s3, z), *D = jaxc_array_from_data(JAXC_F32, 1, s4, z);
  EXPECT_FAIL(jaxc_binary(JAXC_OP_ADD, A, B), JAXC_ERR_SHAPE, "add got incompatible shapes for broadcasting: (3, 4), (2, 4).");
  EXPECT_FAIL(jaxc_binary(JAXC_OP_MULTIPLY, C, D), JAXC_ERR_SHAPE,
              "mul got incompatible shapes for broadcasting: (3,), (4,).");
  /* ranks that differ: promote_shapes' ValueError; one rank: the lax primitive's TypeError */
  EXPECT_FAIL(jaxc_binary(JAXC_OP_LESS, A, C), JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: shapes=[(3, 4), (3,)]");
  EXPECT_FAIL(jaxc_binary(JAXC_OP_LESS, C, D), JAXC_ERR_SHAPE, "lt got incompatible shapes for broadcasting: (3,), (4,).");
  bool t = true;
  jaxc_array *T = jaxc_array_from_data(JAXC_BOOL, 0, NULL, &t);
  EXPECT_FAIL(jaxc_where(T, A, B), JAXC_ERR_SHAPE, NULL);
  jaxc_array_free(T);
  /* creation: ndim > 8, negative ndim, negative dims, overflowing element counts, NULLs */
  int64_t nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1}, neg[2] = {2, -1}, big[2] = {INT64_MAX, 2}, big2[3] = {1 << 30, 1 << 30, 1 << 30};
  int64_t zero_big[2] = {0, (int64_t)1 << 58}, zero_huge[3] = {(int64_t)1 << 62, 4, 0};
  EXPECT_FAIL(jaxc_array_from_data(JAXC_F32, 9, nine, z), JAXC_ERR_SHAPE, NULL);
  EXPECT_FAIL(jaxc_array_from_data(JAXC_F32, -1, nine, z), JAXC_ERR_SHAPE, NULL);
  EXPECT_FAIL(jaxc_array_from_data(JAXC_F32, 2, neg, z), JAXC_ERR_SHAPE, NULL);
  EXPECT_FAIL(jaxc_array_from_data(JAXC_F32, 2, big, z), JAXC_ERR_OVERFLOW, NULL);
  EXPECT_FAIL(jaxc_array_from_data(JAXC_C128, 3, big2, z), JAXC_ERR_OVERFLOW, NULL);
  EXPECT_FAIL(jaxc_array_empty(JAXC_F32, 2, big), JAXC_ERR_OVERFLOW, NULL);
  EXPECT_FAIL(jaxc_array_from_data(JAXC_F32, 2, NULL, z), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_array_from_data(JAXC_F32, 1, s3, NULL), JAXC_ERR_ARG, NULL);
  /* a zero-size shape is refused when its other dimensions overflow (NumPy: "array is too big") */
  EXPECT_FAIL(jaxc_array_from_data(JAXC_F32, 3, zero_huge, NULL), JAXC_ERR_OVERFLOW, NULL);
  EXPECT_FAIL(jaxc_array_empty(JAXC_U8, 2, (int64_t[]){INT64_MAX, 0}), JAXC_ERR_OVERFLOW, NULL);
  jaxc_array *E = jaxc_array_from_data(JAXC_F32, 2, zero_big, NULL); /* empty: fine, nothing to read */
  CHECK(E && jaxc_array_size(E) == 0);
  jaxc_array_free(E);
  jaxc_array *eight = jaxc_array_from_data(JAXC_F32, 8, nine, z);
  CHECK(eight && jaxc_array_ndim(eight) == 8);
  /* broadcasting 8-d against 1-d works; rank stays 8 */
  jaxc_array *o = jaxc_binary(JAXC_OP_ADD, eight, C);
  CHECK(o && jaxc_array_ndim(o) == 8 && jaxc_array_size(o) == 3);
  jaxc_array_free(o), jaxc_array_free(eight);
  /* invalid dtypes at creation */
  EXPECT_FAIL(jaxc_array_from_data((jaxc_dtype)99, 1, s3, z), JAXC_ERR_DTYPE, NULL);
  EXPECT_FAIL(jaxc_array_from_data((jaxc_dtype)-5, 1, s3, z), JAXC_ERR_DTYPE, NULL);
  EXPECT_FAIL(jaxc_array_from_data(JAXC_WEAK_INT, 1, s3, z), JAXC_ERR_DTYPE, NULL);
  n_cases += 2;
  jaxc_array_free(A), jaxc_array_free(B), jaxc_array_free(C), jaxc_array_free(D);
}

/* A zero-size array whose other dimensions are huge: every op answers at once (no loop over the
   2^56 empty rows) with the right shape, or JAX's error. */
static void expect_shape(jaxc_array *r, int ndim, const int64_t *want, const char *what) {
  bool ok = r && jaxc_array_ndim(r) == ndim && jaxc_array_size(r) == 0;
  for (int i = 0; ok && i < ndim; i++) ok = jaxc_array_shape(r)[i] == want[i];
  CHECK_MSG(ok, "%s: zero-size result of the wrong shape (status %d: %s)", what, (int)jaxc_last_status(), jaxc_last_error());
  jaxc_array_free(r);
  n_cases++;
}
static void test_zero_size(void) {
  const int64_t R = (int64_t)1 << 56, sh[3] = {R, 4, 0};
  jaxc_array *Z = jaxc_array_zeros(JAXC_F32, 3, sh), *one = jaxc_weak_float(1);
  jaxc_array *ix = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){0, -1});
  CHECK(Z && one && ix);
  if (!Z || !one || !ix) return;
  expect_shape(jaxc_unary(JAXC_OP_EXP, Z), 3, sh, "exp");
  expect_shape(jaxc_binary(JAXC_OP_ADD, Z, one), 3, sh, "add");
  expect_shape(jaxc_binary(JAXC_OP_MULTIPLY, Z, Z), 3, sh, "multiply");
  expect_shape(jaxc_astype(Z, JAXC_BF16), 3, sh, "astype");
  expect_shape(jaxc_where(Z, one, Z), 3, sh, "where");
  for (int ax = 0; ax < 3; ax++) {
    expect_shape(jaxc_reduce(JAXC_OP_CUMSUM, Z, ax), 3, sh, "cumsum");
    expect_shape(jaxc_sort(Z, ax), 3, sh, "sort");
    expect_shape(jaxc_argsort(Z, ax), 3, sh, "argsort");
  }
  expect_shape(jaxc_reduce(JAXC_OP_SUM, Z, 0), 2, (int64_t[]){4, 0}, "sum axis 0");
  expect_shape(jaxc_reduce(JAXC_OP_MAX, Z, 1), 2, (int64_t[]){R, 0}, "max axis 1");
  expect_shape(jaxc_nanargmax(Z, 0, true), 3, (int64_t[]){1, 4, 0}, "nanargmax axis 0");
  EXPECT_FAIL(jaxc_reduce(JAXC_OP_MAX, Z, 2), JAXC_ERR_SHAPE, "zero-size array to reduction operation max which has no identity");
  EXPECT_FAIL(jaxc_reduce(JAXC_OP_ARGMIN, Z, 2), JAXC_ERR_SHAPE, "attempt to get argmin of an empty sequence");
  /* jnp.take's fill mode computes indices + 2^56 in the indices' int32: JAX's OverflowError */
  EXPECT_FAIL(jaxc_take(Z, ix, 0, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_OVERFLOW, "Python int 72057594037927936 too large to convert to int32");
  expect_shape(jaxc_take(Z, ix, 0, JAXC_MODE_CLIP, NULL), 3, (int64_t[]){2, 4, 0}, "take axis 0");
  expect_shape(jaxc_take(Z, ix, 1, JAXC_MODE_CLIP, NULL), 3, (int64_t[]){R, 2, 0}, "take axis 1");
  expect_shape(jaxc_index_take(Z, ix, 1, JAXC_MODE_FILL, NULL), 3, (int64_t[]){R, 2, 0}, "index_take axis 1");
  jaxc_array *ix1 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){1}, (int32_t[]){0});
  EXPECT_FAIL(jaxc_take(Z, ix1, 2, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_INDEX, "Cannot do a non-empty jnp.take() from an empty axis.");
  /* _take raises for any non-empty index array on an empty axis, before the result's shape */
  EXPECT_FAIL(jaxc_take(Z, ix, 2, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_INDEX, "Cannot do a non-empty jnp.take() from an empty axis.");
  jaxc_array_free(ix1);
  expect_shape(jaxc_at_update_axis(JAXC_OP_ADD, Z, ix, 1, one, JAXC_MODE_DEFAULT), 3, sh, "at_update_axis");
  expect_shape(jaxc_slice(Z, 2, (jaxc_slice_spec[]){JAXC_S(1, JAXC_NONE, 3), JAXC_I(1)}), 2, (int64_t[]){R / 3, 0}, "slice");
  expect_shape(jaxc_slice(Z, 1, (jaxc_slice_spec[]){JAXC_S(JAXC_NONE, JAXC_NONE, -1)}), 3, sh, "reversed");
  expect_shape(jaxc_at_update_slice(JAXC_OP_SET, Z, 1, (jaxc_slice_spec[]){JAXC_S(JAXC_NONE, JAXC_NONE, 2)}, one,
                                    JAXC_MODE_DEFAULT), 3, sh, "at_update_slice");
  jaxc_array_free(Z), jaxc_array_free(one), jaxc_array_free(ix);
}

static void test_dtypes_and_args(void) {
  float fv[3] = {1.5f, -2.0f, 0.0f};
  bool bv[2] = {true, false};
  float cv[2] = {1, 2};
  int32_t iv[2] = {2, -1};
  jaxc_array *F = f32s(3, fv), *Bo = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){2}, bv);
  jaxc_array *Cx = jaxc_array_from_data(JAXC_C64, 0, NULL, cv), *In = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, iv);
  /* lax's wording: "<prim> does not accept dtype <d>. Accepted dtypes are subtypes of ..." */
  EXPECT_FAIL(jaxc_binary(JAXC_OP_BITWISE_AND, F, F), JAXC_ERR_DTYPE, NULL);
  EXPECT_PREFIX("and does not accept dtype float32. Accepted dtypes are subtypes of ");
  EXPECT_FAIL(jaxc_binary(JAXC_OP_LEFT_SHIFT, F, F), JAXC_ERR_DTYPE, NULL);
  EXPECT_PREFIX("shift_left does not accept dtype float32. Accepted dtypes are subtypes of ");
  EXPECT_FAIL(jaxc_binary(JAXC_OP_SUBTRACT, Bo, Bo), JAXC_ERR_DTYPE, NULL);
  EXPECT_PREFIX("sub does not accept dtype bool. Accepted dtypes are subtypes of ");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_SIGN, Bo), JAXC_ERR_DTYPE, NULL);
  EXPECT_PREFIX("sign does not accept dtype bool. Accepted dtypes are subtypes of ");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_NEGATIVE, Bo), JAXC_ERR_DTYPE, NULL);
  EXPECT_PREFIX("neg does not accept dtype bool. Accepted dtypes are subtypes of ");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_INVERT, F), JAXC_ERR_DTYPE, NULL);
  EXPECT_PREFIX("not does not accept dtype float32. Accepted dtypes are subtypes of ");
  /* jnp.floor_divide refuses complex in its own words */
  EXPECT_FAIL(jaxc_binary(JAXC_OP_FLOOR_DIVIDE, Cx, Cx), JAXC_ERR_DTYPE, "floor_divide does not support complex-valued inputs.");
  EXPECT_FAIL(jaxc_binary(JAXC_OP_ARCTAN2, Cx, F), JAXC_ERR_DTYPE, NULL);
  /* jnp.signbit's own words; jnp.cbrt passes complex on to lax.cbrt, which refuses it */
  EXPECT_FAIL(jaxc_unary(JAXC_OP_SIGNBIT, Cx), JAXC_ERR_DTYPE, "jax.numpy.signbit is not well defined for complex64");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_CBRT, Cx), JAXC_ERR_DTYPE, "cbrt does not accept dtype complex64. Accepted dtypes are subtypes of floating.");
  /* gcd, lcm, ldexp and spacing check in their own words; bitwise_count's abs makes complex real
     before lax.population_count refuses it */
  EXPECT_FAIL(jaxc_binary(JAXC_OP_GCD, F, In), JAXC_ERR_DTYPE, "Arguments to jax.numpy.gcd must be integers.");
  EXPECT_FAIL(jaxc_binary(JAXC_OP_LCM, Bo, Bo), JAXC_ERR_DTYPE, "Arguments to jax.numpy.lcm must be integers.");
  EXPECT_FAIL(jaxc_binary(JAXC_OP_LDEXP, F, F), JAXC_ERR_DTYPE, "ldexp not supported for input types (dtype('float32'), dtype('float32'))");
  EXPECT_FAIL(jaxc_binary(JAXC_OP_LDEXP, Cx, In), JAXC_ERR_DTYPE, "ldexp not supported for input types (dtype('complex64'), dtype('int32'))");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_SPACING, Cx), JAXC_ERR_DTYPE, "jnp.spacing is not defined for complex inputs.");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_BITWISE_COUNT, Cx), JAXC_ERR_DTYPE, "population_count does not accept dtype float32. Accepted dtypes are subtypes of integer.");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_BITWISE_COUNT, F), JAXC_ERR_DTYPE, "population_count does not accept dtype float32. Accepted dtypes are subtypes of integer.");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_FABS, Cx), JAXC_ERR_DTYPE, "ufunc 'fabs' does not support complex dtypes");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_I0, Cx), JAXC_ERR_DTYPE, "Unsupported input type to jax.numpy.i0: complex64");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_ISNEGINF, Cx), JAXC_ERR_DTYPE, "isposinf/isneginf are not well defined for complex types");
  EXPECT_FAIL(jaxc_clip(NULL, F, F), JAXC_ERR_ARG, "No input was provided to the clip function.");
  EXPECT_FAIL(jaxc_clip(F, NULL, Cx), JAXC_ERR_DTYPE, "Clip received a complex value either through the input or the min/max keywords. Complex values have no ordering and cannot be clipped. Please convert to a real value or array by taking the real or imaginary components via jax.numpy.real/imag respectively.");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_FLOOR, Cx), JAXC_ERR_DTYPE, NULL);
  /* integers to negative integer powers: a C int exponent is lax.integer_pow's, which refuses it
     (JAX's TypeError wording); an array exponent is _pow_int_int's six rounds of square and
     multiply over its low bits, which never fail: -1 counts as 63, 64 as 0 (2^63 wraps to 0) */
  jaxc_array *m1 = jaxc_weak_int(-1);
  EXPECT_FAIL(jaxc_binary(JAXC_OP_POWER, In, m1), JAXC_ERR_DTYPE,
              "Integers cannot be raised to negative powers, got integer_pow(ShapedArray(int32[2]), -1)");
  jaxc_array_free(m1);
  {
    const int32_t base[5] = {2, -1, 0, 1, 3}, ex[5] = {-1, -1, -1, -1, 64};
    jaxc_array *xb = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){5}, base), *xe = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){5}, ex);
    jaxc_array *r = jaxc_binary(JAXC_OP_POWER, xb, xe);
    const int32_t *rv = r ? (const int32_t *)jaxc_array_data(r) : NULL;
    CHECK(rv && jaxc_array_dtype(r) == JAXC_I32 && rv[0] == 0 && rv[1] == -1 && rv[2] == 0 && rv[3] == 1 && rv[4] == 1);
    jaxc_array_free(r), jaxc_array_free(xb), jaxc_array_free(xe);
  }
  jaxc_array *F0 = jaxc_array_from_data(JAXC_F32, 0, NULL, fv);
  jaxc_array *ok = jaxc_binary(JAXC_OP_POWER, F0, In); /* float base: fine, 1.5 ** [2, -1] */
  CHECK(ok && jaxc_array_dtype(ok) == JAXC_F32 && ((const float *)jaxc_array_data(ok))[0] == 2.25f &&
        ((const float *)jaxc_array_data(ok))[1] == 1.0f / 1.5f);
  jaxc_array_free(ok), jaxc_array_free(F0);
  /* NULL operands, invalid ops, ops of the wrong arity */
  EXPECT_FAIL(jaxc_binary(JAXC_OP_ADD, NULL, F), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_binary(JAXC_OP_ADD, F, NULL), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_binary(JAXC_OP_ADD, NULL, NULL), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_unary(JAXC_OP_SQRT, NULL), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_binary((jaxc_op)999, F, F), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_binary((jaxc_op)-5, F, F), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_binary(JAXC_OP_SQRT, F, F), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_binary(JAXC_OP_SUM, F, F), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_unary(JAXC_OP_ADD, F), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_unary((jaxc_op)12345, F), JAXC_ERR_ARG, NULL);
  EXPECT_FAIL(jaxc_where(NULL, F, F), JAXC_ERR_ARG, NULL);
  bool w = true;
  CHECK(jaxc_binary_result(JAXC_OP_ADD, NULL, F, &w) == JAXC_DTYPE_INVALID && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_unary_result((jaxc_op)-1, F, &w) == JAXC_DTYPE_INVALID && jaxc_last_status() == JAXC_ERR_ARG);
  /* the _into variants: wrong dtype / shape of the output */
  jaxc_array *out_i = jaxc_array_zeros(JAXC_I32, 1, (int64_t[]){3}), *out_s = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4});
  EXPECT_FAIL(jaxc_binary_into(JAXC_OP_ADD, F, F, out_i), JAXC_ERR_DTYPE, NULL);
  EXPECT_FAIL(jaxc_binary_into(JAXC_OP_ADD, F, F, out_s), JAXC_ERR_SHAPE, NULL);
  EXPECT_FAIL(jaxc_binary_into(JAXC_OP_ADD, F, F, NULL), JAXC_ERR_ARG, NULL);
  /* fmod of two bools (its own path: int32) checked its output too late (found by fuzzing: it
     converted into a float32 output, or into the bool input itself) */
  jaxc_array *out_f2 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){2}), *out_i2 = jaxc_array_zeros(JAXC_I32, 1, (int64_t[]){2});
  EXPECT_FAIL(jaxc_binary_into(JAXC_OP_FMOD, Bo, Bo, out_f2), JAXC_ERR_DTYPE, "output array has dtype float32, the result is int32");
  EXPECT_FAIL(jaxc_binary_into(JAXC_OP_FMOD, Bo, Bo, Bo), JAXC_ERR_DTYPE, "output array has dtype bool, the result is int32");
  CHECK(((const float *)jaxc_array_data(out_f2))[0] == 0 && memcmp(jaxc_array_data(Bo), bv, sizeof bv) == 0);
  jaxc_array *Bf = jaxc_array_zeros(JAXC_BOOL, 1, (int64_t[]){2}); /* x % False = x (lax.rem on int32) */
  CHECK(jaxc_binary_into(JAXC_OP_FMOD, Bo, Bf, out_i2) == out_i2 && ((const int32_t *)jaxc_array_data(out_i2))[0] == 1 &&
        ((const int32_t *)jaxc_array_data(out_i2))[1] == 0);
  jaxc_array_free(out_i), jaxc_array_free(out_s), jaxc_array_free(out_f2), jaxc_array_free(out_i2), jaxc_array_free(Bf);
  /* inputs unmodified by all of the above; a success resets the status */
  CHECK(memcmp(jaxc_array_data(F), fv, sizeof fv) == 0 && memcmp(jaxc_array_data(In), iv, sizeof iv) == 0);
  jaxc_array *s = jaxc_binary(JAXC_OP_ADD, F, F);
  CHECK(s && jaxc_last_status() == JAXC_OK && jaxc_last_error()[0] == 0);
  n_cases += 6;
  jaxc_array_free(s), jaxc_array_free(F), jaxc_array_free(Bo), jaxc_array_free(Cx), jaxc_array_free(In);
  /* a Python int that does not fit int32 (x64 off) */
  EXPECT_FAIL(jaxc_weak_int(3000000000LL), JAXC_ERR_OVERFLOW, "Python int 3000000000 too large to convert to int32");
  jaxc_set_x64(true);
  jaxc_array *big = jaxc_weak_int(3000000000LL);
  CHECK(big && jaxc_array_dtype(big) == JAXC_I64 && jaxc_array_is_weak(big));
  jaxc_array_free(big);
  jaxc_set_x64(false);
}

/* The checks cover every primitive that computes values, not only the elementwise ones, and a
   failing check of an _into op leaves the output array as it was. */
static void test_debug_every_primitive(void) {
  float big[2] = {3e38f, 3e38f}, pm[2] = {INFINITY, -INFINITY}, fin[2] = {1.0f, 2.0f}, keep[2] = {7.0f, 8.0f};
  float negs[2] = {-1.0f, -2.0f};
  double huge = 1e300;
  jaxc_array *Big = f32s(2, big), *Pm = f32s(2, pm), *Fin = f32s(2, fin), *Out = f32s(2, keep), *Neg = f32s(2, negs);
  jaxc_array *ninf = jaxc_weak_float(-INFINITY), *wbig = jaxc_weak_float(3e38);
  jaxc_set_x64(true); /* a float64 array (with x64 off, 1e300 would already be float32 inf) */
  jaxc_array *H = jaxc_array_from_data(JAXC_F64, 0, NULL, &huge);
  jaxc_array *ix = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){1}, (int32_t[]){0});
  jaxc_set_debug_infs(true);
  EXPECT_FAIL(jaxc_reduce(JAXC_OP_SUM, Big, 0), JAXC_ERR_NAN, "invalid value (inf) encountered in reduce_sum");
  EXPECT_FAIL(jaxc_reduce(JAXC_OP_PROD, Big, 0), JAXC_ERR_NAN, "invalid value (inf) encountered in reduce_prod");
  EXPECT_FAIL(jaxc_reduce(JAXC_OP_CUMSUM, Big, 0), JAXC_ERR_NAN, "invalid value (inf) encountered in cumsum");
  EXPECT_FAIL(jaxc_at_update(JAXC_OP_ADD, Big, ix, wbig, JAXC_MODE_DEFAULT), JAXC_ERR_NAN,
              "invalid value (inf) encountered in scatter-add");
  EXPECT_FAIL(jaxc_astype(H, JAXC_F32), JAXC_ERR_NAN, "invalid value (inf) encountered in convert_element_type");
  jaxc_set_x64(false);
  EXPECT_FAIL(jaxc_binary_into(JAXC_OP_ADD, Big, Big, Out), JAXC_ERR_NAN, "invalid value (inf) encountered in add");
  CHECK(memcmp(jaxc_array_data(Out), keep, sizeof keep) == 0); /* not overwritten */
  jaxc_array *ok = jaxc_reduce(JAXC_OP_MAX, Big, 0); /* nothing new: fine */
  CHECK(ok && ((const float *)jaxc_array_data(ok))[0] == 3e38f);
  jaxc_array_free(ok);
  /* where's promotion is convert_element_type: int32 70000 is inf in float16 (found by fuzzing:
     where returned the inf with status OK); an inf already in y is nothing new */
  uint16_t h0 = 0, hinf = 0x7c00;
  jaxc_array *c1 = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){1}, (bool[]){true});
  jaxc_array *i7 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){1}, (int32_t[]){70000});
  jaxc_array *h16 = jaxc_array_from_data(JAXC_F16, 1, (int64_t[]){1}, &h0), *hi16 = jaxc_array_from_data(JAXC_F16, 1, (int64_t[]){1}, &hinf);
  EXPECT_FAIL(jaxc_where(c1, i7, h16), JAXC_ERR_NAN, "invalid value (inf) encountered in convert_element_type");
  ok = jaxc_where(c1, i7, hi16);
  CHECK(ok != NULL);
  jaxc_array_free(ok), jaxc_array_free(c1), jaxc_array_free(i7), jaxc_array_free(h16), jaxc_array_free(hi16);
  jaxc_set_debug_infs(false);
  jaxc_set_debug_nans(true);
  EXPECT_FAIL(jaxc_reduce(JAXC_OP_SUM, Pm, 0), JAXC_ERR_NAN, "invalid value (nan) encountered in reduce_sum");
  EXPECT_FAIL(jaxc_reduce(JAXC_OP_MEAN, Pm, 0), JAXC_ERR_NAN, "invalid value (nan) encountered in mean");
  EXPECT_FAIL(jaxc_reduce(JAXC_OP_VAR, Pm, 0), JAXC_ERR_NAN, "invalid value (nan) encountered in var");
  EXPECT_FAIL(jaxc_reduce(JAXC_OP_CUMSUM, Pm, 0), JAXC_ERR_NAN, "invalid value (nan) encountered in cumsum");
  EXPECT_FAIL(jaxc_at_update(JAXC_OP_ADD, Pm, ix, ninf, JAXC_MODE_DEFAULT), JAXC_ERR_NAN,
              "invalid value (nan) encountered in scatter-add");
  EXPECT_FAIL(jaxc_unary_into(JAXC_OP_LOG, Neg, Out), JAXC_ERR_NAN, "invalid value (nan) encountered in log");
  CHECK(memcmp(jaxc_array_data(Out), keep, sizeof keep) == 0);
  /* a passing _into op still writes its output */
  jaxc_array *r = jaxc_binary_into(JAXC_OP_ADD, Fin, Fin, Out);
  CHECK(r == Out && ((const float *)jaxc_array_data(Out))[1] == 4.0f);
  jaxc_set_debug_nans(false);
  n_cases += 3;
  jaxc_array_free(Big), jaxc_array_free(Pm), jaxc_array_free(Fin), jaxc_array_free(Out), jaxc_array_free(H);
  jaxc_array_free(ninf), jaxc_array_free(ix), jaxc_array_free(Neg), jaxc_array_free(wbig);
}

static void test_debug_nans(void) {
  float a[3] = {0.0f, 1.0f, NAN}, b[3] = {0.0f, 0.0f, 1.0f};
  jaxc_array *A = f32s(1, a), *B = f32s(1, b), *One = f32s(1, a + 1), *N = f32s(1, a + 2), *M = f32s(1, b + 2);
  jaxc_set_debug_nans(true);
  CHECK(jaxc_debug_nans());
  EXPECT_FAIL(jaxc_binary(JAXC_OP_TRUE_DIVIDE, A, B), JAXC_ERR_NAN, "invalid value (nan) encountered in div");
  float m1 = -1.0f;
  jaxc_array *Neg = f32s(1, &m1);
  EXPECT_FAIL(jaxc_unary(JAXC_OP_SQRT, Neg), JAXC_ERR_NAN, "invalid value (nan) encountered in sqrt");
  /* a NaN already in the input does not trigger it */
  jaxc_array *o = jaxc_binary(JAXC_OP_ADD, N, M);
  CHECK(o && ((const float *)jaxc_array_data(o))[0] != ((const float *)jaxc_array_data(o))[0]);
  jaxc_array_free(o);
  /* 1/0 = inf is no NaN */
  o = jaxc_binary(JAXC_OP_TRUE_DIVIDE, One, B);
  CHECK(o && isinf(((const float *)jaxc_array_data(o))[0]));
  jaxc_array_free(o);
  jaxc_set_debug_nans(false);
  o = jaxc_binary(JAXC_OP_TRUE_DIVIDE, A, B);
  CHECK(o != NULL && !jaxc_debug_nans());
  jaxc_array_free(o);
  jaxc_set_debug_infs(true);
  CHECK(jaxc_debug_infs());
  EXPECT_FAIL(jaxc_binary(JAXC_OP_TRUE_DIVIDE, One, B), JAXC_ERR_NAN, "invalid value (inf) encountered in div");
  EXPECT_FAIL(jaxc_unary(JAXC_OP_LOG, A), JAXC_ERR_NAN, "invalid value (inf) encountered in log");
  jaxc_set_debug_infs(false);
  n_cases += 4;
  test_debug_every_primitive();
  jaxc_array_free(A), jaxc_array_free(B), jaxc_array_free(One), jaxc_array_free(N), jaxc_array_free(M), jaxc_array_free(Neg);
}

/* The child: reports the switches' defaults as read from the environment at the first query. */
static int env_child(const char *want) {
  bool x64 = jaxc_x64(), nans = jaxc_debug_nans(), infs = jaxc_debug_infs();
  char got[8];
  snprintf(got, sizeof got, "%d%d%d", x64, nans, infs);
  int ok = strcmp(got, want) == 0;
  if (ok && x64) { /* and the switch is honoured: a weak int is int64, float64 is kept */
    jaxc_array *w = jaxc_weak_int(1);
    double d = 0.1;
    jaxc_array *f = jaxc_array_from_data(JAXC_F64, 0, NULL, &d);
    ok = w && f && jaxc_array_dtype(w) == JAXC_I64 && jaxc_array_dtype(f) == JAXC_F64;
    jaxc_array_free(w), jaxc_array_free(f);
    jaxc_set_x64(false); /* jaxc_set_* overrides the environment */
    ok = ok && !jaxc_x64();
  }
  if (!ok) fprintf(stderr, "env child: switches %s, want %s\n", got, want);
  return ok ? 0 : 1;
}

static void test_env(const char *self) {
  static const struct { const char *env, *want; } cases[] = {
      {"JAXC_ENABLE_X64=1", "100"},
      {"JAXC_ENABLE_X64=true JAXC_DEBUG_NANS=1", "110"},
      {"JAXC_DEBUG_INFS=1 JAXC_ENABLE_X64=0", "001"},
      {"JAXC_ENABLE_X64=", "000"},
  };
  if (!system(NULL)) { fprintf(stderr, "no command processor: environment tests skipped\n"); return; }
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "env -u JAXC_ENABLE_X64 -u JAXC_DEBUG_NANS -u JAXC_DEBUG_INFS %s '%s' --env-child %s",
             cases[i].env, self, cases[i].want);
    int rc = system(cmd);
    CHECK_MSG(rc == 0, "with %s the switches should read %s (x64, nans, infs)", cases[i].env, cases[i].want);
    n_cases++;
  }
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "--env-child") == 0) return env_child(argv[2]);
  CHECK(!jaxc_x64() || getenv("JAXC_ENABLE_X64")); /* off by default, like JAX */
  jaxc_set_x64(false);
  test_strict();
  test_shapes();
  test_dtypes_and_args();
  test_zero_size();
  test_debug_nans();
  test_env(argv[0]);
  printf("errors: %ld cases\n", n_cases);
  return check_summary("test_errors");
}
