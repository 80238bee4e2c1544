/* test_static.c — the statically typed front: the _Generic named functions (C scalars are weak
   like Python scalars), the per-dtype scalar functions jaxc_scalar_<op>_<a>_<b> (their C return
   types are checked at compile time) and the array kernels jaxc_kernel_<op>_..., which write into
   caller memory and allocate nothing. Values against references written here. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "jaxc.h"
#include <complex.h> /* I, for complex literals (jaxc.h does not define it) */
#include "check.h"

static long n_cases;

/* ---- compile-time facts: the C type a scalar function returns is the op's result dtype ---- */
#define RETURNS(expr, T) _Generic((expr), T: 1, default: 0)
_Static_assert(RETURNS(jaxc_scalar_true_divide_f32_f32(1.0f, 2.0f), float), "f32 / f32 is float32");
_Static_assert(RETURNS(jaxc_scalar_true_divide_f64_f64(1.0, 2.0), double), "f64 / f64 is float64");
_Static_assert(RETURNS(jaxc_scalar_less_i8_i8(1, 2), bool), "comparisons return bool");
_Static_assert(RETURNS(jaxc_scalar_equal_c64_c64(0, 0), bool), "complex comparisons return bool");
_Static_assert(RETURNS(jaxc_scalar_add_i8_i8(1, 2), int8_t), "i8 + i8 is int8");
_Static_assert(RETURNS(jaxc_scalar_add_u64_u64(1, 2), uint64_t), "u64 + u64 is uint64");
_Static_assert(RETURNS(jaxc_scalar_add_bf16_bf16(jaxc_bf16_from_bits(0), jaxc_bf16_from_bits(0)), jaxc_bf16),
               "bf16 + bf16 is bfloat16");
_Static_assert(RETURNS(jaxc_scalar_multiply_f16_f16(jaxc_f16_from_bits(0), jaxc_f16_from_bits(0)), jaxc_f16),
               "f16 * f16 is float16");
_Static_assert(RETURNS(jaxc_scalar_abs_c64(0), float), "abs of complex64 is float32");
_Static_assert(RETURNS(jaxc_scalar_abs_c128(0), double), "abs of complex128 is float64");
_Static_assert(RETURNS(jaxc_scalar_real_c64(0), float), "real of complex64 is float32");
_Static_assert(RETURNS(jaxc_scalar_isnan_f32(0), bool), "isnan returns bool");
_Static_assert(RETURNS(jaxc_scalar_logical_and_b_b(1, 0), bool), "logical_and returns bool");
_Static_assert(RETURNS(jaxc_scalar_left_shift_u16_u16(1, 2), uint16_t), "shifts keep the integer type");
_Static_assert(JAXC_DTYPE_OF(jaxc_scalar_hypot_f32_f32(3, 4)) == JAXC_F32, "JAXC_DTYPE_OF of a scalar result");
_Static_assert(JAXC_DTYPE_OF(jaxc_scalar_remainder_i16_i16(3, 4)) == JAXC_I16, "JAXC_DTYPE_OF of a scalar result");
_Static_assert(JAXC_PROMOTE(JAXC_I8, JAXC_U8) == JAXC_I16, "JEP 9407: i8 v u8 = i16");

#ifdef JAXC__PAIRS
/* mixed pairs return the join's C type (x64 storage): i8 v f32 = f32, i32 v f16 = f16,
   u64 v i64 = f* (float64), u8 v i8 = i16, comparisons bool */
_Static_assert(RETURNS(jaxc_scalar_add_i8_f32(1, 0.5f), float), "i8 + f32 is float32");
_Static_assert(RETURNS(jaxc_scalar_add_i32_f16(1, jaxc_f16_from_bits(0)), jaxc_f16), "i32 + f16 is float16");
_Static_assert(RETURNS(jaxc_scalar_add_u64_i64(1, 2), double), "u64 + i64 is float64 (f*)");
_Static_assert(RETURNS(jaxc_scalar_floor_divide_u8_i8(1, 2), int16_t), "u8 // i8 is int16");
_Static_assert(RETURNS(jaxc_scalar_less_u8_i8(1, 2), bool), "mixed comparisons return bool");
#endif

/* ---- the _Generic front ------------------------------------------------------------------- */
static void test_generic(void) {
  int8_t x8[3] = {1, -2, 100};
  jaxc_array *x = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, x8);
  /* a C int is a weak int: int8 stays int8, strong */
  jaxc_array *a = jaxc_add(x, 2);
  CHECK(a && jaxc_array_dtype(a) == JAXC_I8 && !jaxc_array_is_weak(a));
  for (int i = 0; a && i < 3; i++) { CHECK(((const int8_t *)jaxc_array_data(a))[i] == (int8_t)(x8[i] + 2)); n_cases++; }
  /* 100 + 28 wraps in int8 */
  jaxc_array *wrapv = jaxc_add(x, 28);
  CHECK(wrapv && ((const int8_t *)jaxc_array_data(wrapv))[2] == -128);
  /* a C double is a weak float: int8 * 2.5 -> float32, weak (i8 v f* = f*) */
  jaxc_array *m = jaxc_multiply(2.5, x);
  CHECK(m && jaxc_array_dtype(m) == JAXC_F32 && jaxc_array_is_weak(m));
  for (int i = 0; m && i < 3; i++) { CHECK(((const float *)jaxc_array_data(m))[i] == 2.5f * (float)x8[i]); n_cases++; }
  /* a float16 array stays float16 with a weak float; strong */
  jaxc_f16 h[2] = {jaxc_f32_to_f16(1.5f), jaxc_f32_to_f16(-3.0f)};
  jaxc_array *hx = jaxc_array_from_data(JAXC_F16, 1, (int64_t[]){2}, h), *hm = jaxc_multiply(hx, 0.5f);
  CHECK(hm && jaxc_array_dtype(hm) == JAXC_F16 && !jaxc_array_is_weak(hm) &&
        jaxc_f16_to_f32(((const jaxc_f16 *)jaxc_array_data(hm))[0]) == 0.75f);
  /* a C bool is a strong bool (not a weak int): bool + int8 -> int8; bool + bool -> bool */
  jaxc_array *b = jaxc_add(x, (bool)true);
  CHECK(b && jaxc_array_dtype(b) == JAXC_I8 && !jaxc_array_is_weak(b) && ((const int8_t *)jaxc_array_data(b))[0] == 2);
  jaxc_array *bb = jaxc_add((bool)true, (bool)false);
  CHECK(bb && jaxc_array_dtype(bb) == JAXC_BOOL && !jaxc_array_is_weak(bb) && *(const bool *)jaxc_array_data(bb) == true);
  /* two C scalars: weak int + weak int = weak int32; weak int + weak float = weak float32 */
  jaxc_array *ii = jaxc_add(2, 3), *if_ = jaxc_add(2, 0.5);
  CHECK(ii && jaxc_array_dtype(ii) == JAXC_I32 && jaxc_array_is_weak(ii) && *(const int32_t *)jaxc_array_data(ii) == 5);
  CHECK(if_ && jaxc_array_dtype(if_) == JAXC_F32 && jaxc_array_is_weak(if_) && *(const float *)jaxc_array_data(if_) == 2.5f);
  /* a complex scalar is a weak complex: f32 array -> complex64 */
  float f2[2] = {1.0f, 2.0f};
  jaxc_array *fx = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, f2);
  jaxc_array *cx = jaxc_add(fx, 1.0 + 2.0 * I);
  CHECK(cx && jaxc_array_dtype(cx) == JAXC_C64 && !jaxc_array_is_weak(cx));
  if (cx) {
    const float *c = jaxc_array_data(cx);
    CHECK(c[0] == 2.0f && c[1] == 2.0f && c[2] == 3.0f && c[3] == 2.0f);
  }
  /* an int that does not fit the array's integer dtype: JAX's OverflowError wording */
  jaxc_array *bad = jaxc_add(x, 300);
  CHECK(bad == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  CHECK_MSG(strcmp(jaxc_last_error(), "Python int 300 too large to convert to int8") == 0, "got '%s'", jaxc_last_error());
  uint8_t u8[1] = {5};
  jaxc_array *ux = jaxc_array_from_data(JAXC_U8, 1, (int64_t[]){1}, u8);
  jaxc_array *bad2 = jaxc_less(ux, -1);
  CHECK(bad2 == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  CHECK_MSG(strcmp(jaxc_last_error(), "Python int -1 too large to convert to uint8") == 0, "got '%s'", jaxc_last_error());
  jaxc_array *bad3 = jaxc_add(x, 3000000000LL); /* x64 off: a Python int must fit int32 */
  CHECK(bad3 == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  CHECK_MSG(strcmp(jaxc_last_error(), "Python int 3000000000 too large to convert to int32") == 0, "got '%s'", jaxc_last_error());
  /* where the int converts straight to a float, nothing overflows (promote_args_inexact) */
  jaxc_array *td = jaxc_true_divide(x, 300), *fl = jaxc_add(fx, 300);
  CHECK(td && jaxc_array_dtype(td) == JAXC_F32 && ((const float *)jaxc_array_data(td))[0] == 1.0f / 300.0f);
  CHECK(fl && ((const float *)jaxc_array_data(fl))[1] == 302.0f);
  /* 127 fits */
  jaxc_array *fits = jaxc_add(x, 127);
  CHECK(fits && ((const int8_t *)jaxc_array_data(fits))[0] == -128);
  n_cases += 16;
  jaxc_array *all[] = {x, a, wrapv, m, hx, hm, b, bb, ii, if_, fx, cx, bad, ux, bad2, bad3, td, fl, fits};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) jaxc_array_free(all[i]);
}

/* ---- scalar functions and kernels, exhaustive over int8 pairs for the integer semantics ---- */
static int64_t floordiv_ref(int64_t x, int64_t y) {
  if (y == 0) return x == 0 ? -1 : -2; /* XLA x/0 = -1, then JAX's floor fix-up */
  int64_t q = x / y;
  if (x % y != 0 && ((x < 0) != (y < 0))) q--;
  return (int8_t)(uint8_t)q;
}
static int64_t mod_ref(int64_t x, int64_t y) {
  if (y == 0) return 0;
  int64_t r = x % y;
  return (r != 0 && ((r < 0) != (y < 0))) ? r + y : r;
}
static void test_scalar_functions(void) {
  for (int x = -128; x < 128; x++)
    for (int y = -128; y < 128; y++) {
      int8_t a = (int8_t)x, b = (int8_t)y;
      CHECK(jaxc_scalar_add_i8_i8(a, b) == (int8_t)(uint8_t)(x + y));
      CHECK(jaxc_scalar_multiply_i8_i8(a, b) == (int8_t)(uint8_t)(x * y));
      CHECK(jaxc_scalar_floor_divide_i8_i8(a, b) == floordiv_ref(x, y));
      CHECK(jaxc_scalar_remainder_i8_i8(a, b) == mod_ref(x, y));
      CHECK(jaxc_scalar_right_shift_i8_i8(a, b) == ((y < 0 || y >= 8) ? (x < 0 ? -1 : 0) : (x >= 0 ? x >> y : -((-x - 1) >> y) - 1)));
      CHECK(jaxc_scalar_left_shift_i8_i8(a, b) == ((y < 0 || y >= 8) ? 0 : (int8_t)(uint8_t)((unsigned)x << y)));
      CHECK(jaxc_scalar_less_i8_i8(a, b) == (x < y));
      n_cases += 7;
    }
  CHECK(jaxc_scalar_floor_divide_i32_i32(INT32_MIN, -1) == INT32_MIN && jaxc_scalar_remainder_i32_i32(INT32_MIN, -1) == 0);
  CHECK(jaxc_scalar_floor_divide_u8_u8(7, 0) == 255 && jaxc_scalar_remainder_u8_u8(7, 0) == 0);
  CHECK(jaxc_scalar_true_divide_f32_f32(1.0f, 3.0f) == 1.0f / 3.0f);
  CHECK(jaxc_scalar_remainder_f64_f64(-5.0, 3.0) == 1.0 && jaxc_scalar_floor_divide_f64_f64(-5.0, 3.0) == -2.0);
  CHECK(isnan(jaxc_scalar_maximum_f32_f32(NAN, 1.0f)) && jaxc_scalar_fmax_f32_f32(NAN, 1.0f) == 1.0f);
  CHECK(jaxc_scalar_abs_c64(3.0f + 4.0f * I) == 5.0f);
  CHECK(jaxc_bf16_to_f32(jaxc_scalar_add_bf16_bf16(jaxc_f32_to_bf16(1.0f), jaxc_f32_to_bf16(0x1p-8f))) == 1.0f); /* tie -> even */
  CHECK(jaxc_scalar_logical_xor_b_b(true, true) == false);
  n_cases += 8;
}

static void test_kernels(void) {
  float a[5] = {1.0f, -2.5f, 3.0f, 0.0f, 1e30f}, b[5] = {0.5f, 0.5f, -3.0f, -0.0f, 1e30f}, o[5];
  jaxc_kernel_add_f32_f32(5, a, b, o);
  for (int i = 0; i < 5; i++) { CHECK(o[i] == a[i] + b[i]); n_cases++; }
  bool lt[5];
  jaxc_kernel_less_f32_f32(5, a, b, lt);
  for (int i = 0; i < 5; i++) { CHECK(lt[i] == (a[i] < b[i])); n_cases++; }
  float s[5];
  jaxc_kernel_sqrt_f32(5, b, s);
  CHECK(s[0] == sqrtf(0.5f) && isnan(s[2]) && s[3] == 0.0f && signbit(s[3]));
  int8_t i8[4] = {-128, 127, 5, -5}, n8[4];
  jaxc_kernel_negative_i8(4, i8, n8);
  CHECK(n8[0] == -128 && n8[1] == -127 && n8[2] == -5 && n8[3] == 5);
  float c[4];
  jaxc_kernel_cast_i8_f32(4, i8, c);
  CHECK(c[0] == -128.0f && c[1] == 127.0f);
  n_cases += 3;
  /* zero-length calls touch nothing */
  jaxc_kernel_add_f32_f32(0, NULL, NULL, NULL);
#ifdef JAXC__PAIRS
  /* the fused mixed-dtype kernels: convert inside the loop, output the promoted type */
  int8_t p8[4] = {1, 2, -3, 100};
  float pf[4] = {0.5f, 0.25f, 1.5f, 1e-8f}, po[4];
  jaxc_kernel_add_i8_f32(4, p8, pf, po);
  for (int i = 0; i < 4; i++) { CHECK(po[i] == (float)p8[i] + pf[i]); n_cases++; }
  uint8_t pu[4] = {255, 0, 128, 7};
  int16_t pi[4];
  jaxc_kernel_add_u8_i8(4, pu, p8, pi);
  for (int i = 0; i < 4; i++) { CHECK(pi[i] == (int16_t)(pu[i] + p8[i])); n_cases++; }
  /* exhaustive u8 x i8 through the pair scalars: int16 arithmetic, Python floor division */
  for (int x = 0; x < 256; x++)
    for (int y = -128; y < 128; y++) {
      int16_t q = jaxc_scalar_floor_divide_u8_i8((uint8_t)x, (int8_t)y), r = jaxc_scalar_remainder_u8_i8((uint8_t)x, (int8_t)y);
      int wq = y == 0 ? (x == 0 ? -1 : -2) : (x / y - ((x % y != 0) && (y < 0) ? 1 : 0));
      int wr = y == 0 ? 0 : mod_ref(x, y);
      CHECK(q == wq && r == wr);
      CHECK(jaxc_scalar_less_u8_i8((uint8_t)x, (int8_t)y) == (x < y));
      CHECK(jaxc_scalar_multiply_u8_i8((uint8_t)x, (int8_t)y) == (int16_t)(x * y));
      n_cases += 3;
    }
  /* i32 + f16 -> f16: the int converts to f16 first (70000 -> inf) */
  int32_t pi32[2] = {70000, 3};
  jaxc_f16 ph[2] = {jaxc_f32_to_f16(0.0f), jaxc_f32_to_f16(0.5f)}, pho[2];
  jaxc_kernel_add_i32_f16(2, pi32, ph, pho);
  CHECK(isinf(jaxc_f16_to_f32(pho[0])) && jaxc_f16_to_f32(pho[1]) == 3.5f);
  n_cases += 2;
#else
  printf("static: mixed-pair kernels (JAXC__PAIRS) not present yet, not tested\n");
#endif
}

int main(void) {
  jaxc_set_x64(false);
  test_generic();
  test_scalar_functions();
  test_kernels();
  printf("static: %ld cases\n", n_cases);
  return check_summary("test_static");
}
