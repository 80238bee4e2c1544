/* test_linalg.c — jnp.matmul. References written here, not from the library:
     - every result element against a long double sum of the operands converted to the result's
       dtype (jaxc_astype, checked elsewhere): integers exactly (the sum wrapped to the dtype),
       bool as any(a & b), floats within the bound of a float32 (float64) sum plus the result's
       own rounding: |got - ref| <= (k + 2) u sum |a_i b_i| + ulp(ref);
     - the result dtype and weak flag against JAX's golden table (jnp.matmul's result_type is
       jnp.add's join) for every pair of the 18 lattice nodes, x64 on and off, standard and
       strict, each with its values;
     - shapes: matrix and vector operands, broadcast batch axes, sizes 0 and 1, sizes past the
       blocks and the threaded loop; JAX's documentation examples; its error messages;
       debug_nans on inf * 0; inputs unchanged;
     - the blocked kernel bit for bit against the in-order sum written out here (every element
       from 0, each product rounded, k ascending), and the small kernel against the blocked. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8]; /* [strict][x64][a][b] */

/* element i of x as complex long double parts (through astype to complex128) */
static void parts(const jaxc_array *c128, int64_t i, long double *re, long double *im) {
  const double *p = (const double *)jaxc_array_data(c128);
  *re = p[2 * i], *im = p[2 * i + 1];
}
static uint64_t int_at(const jaxc_array *x, int64_t i) { return (uint64_t)((const int64_t *)jaxc_array_data(x))[i]; }
/* r = a @ b checked element by element. Shapes follow jnp.matmul's rules, re-derived here. */
static void check_matmul(const jaxc_array *a, const jaxc_array *b, const jaxc_array *r, const char *what) {
  CHECK_MSG(r != NULL, "%s: %s", what, jaxc_last_error());
  if (!r) return;
  int na = jaxc_array_ndim(a), nb = jaxc_array_ndim(b);
  const int64_t *sa = jaxc_array_shape(a), *sb = jaxc_array_shape(b);
  int64_t m = na > 1 ? sa[na - 2] : 1, k = sa[na - 1], n = nb > 1 ? sb[nb - 1] : 1;
  int ba = na > 1 ? na - 2 : 0, bb = nb > 1 ? nb - 2 : 0, nbt = ba > bb ? ba : bb;
  int64_t bshape[JAXC_MAX_NDIM], want[JAXC_MAX_NDIM];
  int nw = 0;
  for (int i = 0; i < nbt; i++) {
    int64_t da = i - (nbt - ba) >= 0 ? sa[i - (nbt - ba)] : 1, db = i - (nbt - bb) >= 0 ? sb[i - (nbt - bb)] : 1;
    bshape[i] = da == 1 ? db : da;
    want[nw++] = bshape[i];
  }
  if (na > 1) want[nw++] = m;
  if (nb > 1) want[nw++] = n;
  bool shape_ok = jaxc_array_ndim(r) == nw;
  for (int i = 0; i < nw && shape_ok; i++) shape_ok = jaxc_array_shape(r)[i] == want[i];
  CHECK_MSG(shape_ok, "%s: shape", what);
  if (!shape_ok) return;
  jaxc_dtype rd = jaxc_array_dtype(r);
  int kind = jaxc_dtype_kind(rd);
  jaxc_array *ca = jaxc_astype(a, rd), *cb = jaxc_astype(b, rd); /* the operands as XLA converts them */
  bool x64 = jaxc_x64();
  jaxc_set_x64(true); /* (complex128 and int64 copies for the reference, whatever the switch says) */
  jaxc_array *xa = jaxc_astype(ca, JAXC_C128), *xb = jaxc_astype(cb, JAXC_C128), *xr = jaxc_astype(r, JAXC_C128);
  jaxc_array *ia = jaxc_astype(ca, JAXC_I64), *ib = jaxc_astype(cb, JAXC_I64); /* integers' bits */
  jaxc_set_x64(x64);
  int64_t mn = m * n, batches = jaxc_array_size(r) / (mn > 0 ? mn : 1), bad = 0, total = 0;
  long double u = rd == JAXC_F64 || rd == JAXC_C128 ? 0x1p-53L : 0x1p-24L; /* the sum's unit roundoff */
  for (int64_t t = 0; t < batches && mn > 0; t++) {
    int64_t ao = 0, bo = 0, rest = t, as = 1, bs = 1;
    for (int i = nbt - 1; i >= 0; i--) {
      int64_t c = rest % bshape[i];
      rest /= bshape[i];
      int ia = i - (nbt - ba), ib = i - (nbt - bb);
      if (ia >= 0) { ao += (sa[ia] == 1 ? 0 : c) * as; as *= sa[ia]; }
      if (ib >= 0) { bo += (sb[ib] == 1 ? 0 : c) * bs; bs *= sb[ib]; }
    }
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        long double sr = 0, si = 0, mag = 0;
        uint64_t isum = 0;
        bool any = false;
        for (int64_t q = 0; q < k; q++) {
          long double ar, ai, br, bi;
          parts(xa, (ao * m + i) * k + q, &ar, &ai);
          parts(xb, (bo * k + q) * n + j, &br, &bi);
          sr += ar * br - ai * bi, si += ar * bi + ai * br;
          mag += fabsl(ar * br) + fabsl(ai * bi) + fabsl(ar * bi) + fabsl(ai * br);
          isum += int_at(ia, (ao * m + i) * k + q) * int_at(ib, (bo * k + q) * n + j);
          any = any || (ar != 0 && br != 0);
        }
        long double gr, gi;
        int64_t at = (t * m + i) * n + j;
        parts(xr, at, &gr, &gi);
        bool ok;
        if (kind == JAXC_KIND_BOOL) {
          ok = (gr != 0) == any;
        } else if (kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT) {
          /* the exact sum wrapped to the dtype: through int64 (mod 2^64), then astype */
          int64_t v = (int64_t)isum;
          jaxc_set_x64(true);
          jaxc_array *s = jaxc_array_from_data(JAXC_I64, 0, NULL, &v), *w = jaxc_astype(s, rd);
          jaxc_set_x64(x64);
          ok = memcmp(jaxc_array_data(w), (const char *)jaxc_array_data(r) + (size_t)at * jaxc_dtype_size(rd), jaxc_dtype_size(rd)) == 0;
          jaxc_array_free(s), jaxc_array_free(w);
        } else {
          long double tol = (long double)(k + 2) * u * mag;
          ok = fabsl(gr - sr) <= tol + ulp_of(rd, sr) && fabsl(gi - si) <= tol + ulp_of(rd, si);
          if (kind != JAXC_KIND_COMPLEX) ok = ok && gi == 0;
        }
        bad += !ok;
        total++;
      }
  }
  CHECK_MSG(bad == 0, "%s (%s): %lld of %lld elements wrong", what, jaxc_dtype_name(rd), (long long)bad, (long long)total);
  jaxc_array_free(ca), jaxc_array_free(cb), jaxc_array_free(xa), jaxc_array_free(xb), jaxc_array_free(xr);
  jaxc_array_free(ia), jaxc_array_free(ib);
}

static jaxc_array *node_array(jaxc_dtype d, int nd, const int64_t *shape) {
  if (d == JAXC_WEAK_INT || d == JAXC_WEAK_FLOAT || d == JAXC_WEAK_COMPLEX) {
    jaxc_array *s = weak_node_scalar(d, false);
    jaxc_array *b = jaxc_broadcast_to(s, nd, shape);
    jaxc_array_free(s);
    return b;
  }
  return small_random_array(d, nd, shape);
}

static void test_dtypes(void) {
  if (!load_golden_table(golden)) return;
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int da = 0; da < JAXC_NUM_DTYPES; da++)
      for (int db = 0; db < JAXC_NUM_DTYPES; db++) {
        jaxc_array *a = node_array((jaxc_dtype)da, 2, (int64_t[]){2, 3}), *b = node_array((jaxc_dtype)db, 2, (int64_t[]){3, 4});
        uint64_t ha = checksum(a), hb = checksum(b);
        jaxc_array *r = jaxc_matmul(a, b);
        const char *g = golden[strict][x64][da][db];
        char what[96];
        snprintf(what, sizeof what, "matmul %s @ %s (%s, x64 %d)", jaxc_dtype_name((jaxc_dtype)da), jaxc_dtype_name((jaxc_dtype)db),
                 strict ? "strict" : "standard", x64);
        if (golden_result_ok(g, r, what)) check_matmul(a, b, r, what);
        CHECK(checksum(a) == ha && checksum(b) == hb);
        jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(r);
      }
  }
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_set_x64(false);
}

static void test_shapes(void) {
  static const struct { int na; int64_t sa[4]; int nb; int64_t sb[4]; } cases[] = {
      {2, {5, 7}, 2, {7, 3}},         {1, {7}, 2, {7, 3}},             {2, {5, 7}, 1, {7}},             {1, {7}, 1, {7}},
      {3, {2, 5, 7}, 2, {7, 3}},      {2, {5, 7}, 3, {4, 7, 3}},       {4, {2, 1, 5, 7}, 3, {3, 7, 3}}, {3, {1, 5, 7}, 3, {6, 7, 3}},
      {2, {0, 7}, 2, {7, 3}},         {2, {5, 0}, 2, {0, 3}},          {3, {0, 5, 7}, 2, {7, 3}},       {2, {1, 1}, 2, {1, 1}},
      {2, {70, 300}, 2, {300, 600}},  {3, {3, 40, 33}, 3, {3, 33, 17}}, {1, {1000}, 2, {1000, 2}},      {4, {2, 3, 4, 5}, 1, {5}},
      {2, {70, 301}, 1, {301}},       {1, {300}, 2, {300, 1500}},      {3, {3, 9, 47}, 3, {3, 47, 1}},
  };
  static const jaxc_dtype ds[] = {JAXC_F32, JAXC_I8, JAXC_BF16, JAXC_C64, JAXC_F64, JAXC_BOOL, JAXC_U32, JAXC_F16, JAXC_C128, JAXC_I64};
  jaxc_set_x64(true);
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    for (size_t d = 0; d < sizeof ds / sizeof ds[0]; d++) {
      if (c >= 12 && d % 3) continue; /* (the large cases: a few dtypes) */
      jaxc_array *a = small_random_array(ds[d], cases[c].na, cases[c].sa), *b = small_random_array(ds[(d + c) % 10], cases[c].nb, cases[c].sb);
      jaxc_array *r = jaxc_matmul(a, b);
      char what[64];
      snprintf(what, sizeof what, "shape case %zu, %s @ %s", c, jaxc_dtype_name(ds[d]), jaxc_dtype_name(ds[(d + c) % 10]));
      check_matmul(a, b, r, what);
      jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(r);
    }
  /* integers over their whole range: the sums wrap */
  static const jaxc_dtype ints[] = {JAXC_I8, JAXC_U8, JAXC_I16, JAXC_I32, JAXC_U32, JAXC_I64, JAXC_U64};
  for (size_t d = 0; d < sizeof ints / sizeof ints[0]; d++) {
    jaxc_array *a = jaxc_array_empty(ints[d], 2, (int64_t[]){7, 50}), *b = jaxc_array_empty(ints[(d + 3) % 7], 3, (int64_t[]){2, 50, 9});
    for (int j = 0; j < 2; j++) {
      jaxc_array *x = j ? b : a;
      unsigned char *p = (unsigned char *)x->data;
      for (size_t i = 0; i < (size_t)jaxc_array_size(x) * jaxc_dtype_size(jaxc_array_dtype(x)); i++) p[i] = (unsigned char)rnd64();
    }
    jaxc_array *r = jaxc_matmul(a, b);
    check_matmul(a, b, r, "full-range integers");
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(r);
  }
  jaxc_set_x64(false);
}

static void test_examples_and_errors(void) {
  /* JAX's docstring examples */
  jaxc_array *a = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){1, 2, 3});
  jaxc_array *b = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){4, 5, 6});
  jaxc_array *r = jaxc_matmul(a, b);
  CHECK(r && strcmp(print_to_string(r), "Array(32, dtype=int32)") == 0);
  jaxc_array_free(r);
  jaxc_array *m1 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){1, 2, 3, 4, 5, 6});
  jaxc_array *m2 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){3, 2}, (int32_t[]){1, 2, 3, 4, 5, 6});
  r = jaxc_matmul(m1, m2);
  CHECK_MSG(r && strcmp(print_to_string(r), "Array([[22, 28],\n       [49, 64]], dtype=int32)") == 0, "got %s", r ? print_to_string(r) : "NULL");
  jaxc_array_free(r);
  /* int8 wraps: 100 * 100 * 3 = 30000 = 48 mod 256 */
  jaxc_array *i8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){100, 100, 100});
  r = jaxc_matmul(i8, i8);
  CHECK(r && jaxc_array_dtype(r) == JAXC_I8 && *(const int8_t *)jaxc_array_data(r) == 48);
  jaxc_array_free(r);
  /* operands converted to the result's dtype first: int32 257 is bfloat16 256, so
     [257, 1] @ [1, 1] is 256 + 1 = 257 -> 256 in bfloat16 (from 257 + 1 it would be 258) */
  jaxc_array *iv = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){257, 1});
  jaxc_array *bv = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){1, 1}), *bb = jaxc_astype(bv, JAXC_BF16);
  r = jaxc_matmul(iv, bb);
  CHECK(r && jaxc_array_dtype(r) == JAXC_BF16 && jaxc_bf16_to_f64(*(const jaxc_bf16 *)jaxc_array_data(r)) == 256.0);
  jaxc_array_free(r), jaxc_array_free(iv), jaxc_array_free(bv), jaxc_array_free(bb);
  /* float16 sums in float32, rounded once: 2048 + 1 + 1 is 2050 (in float16 steps: 2048) */
  jaxc_array *hv = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){2048, 1, 1}), *h = jaxc_astype(hv, JAXC_F16);
  jaxc_array *ones = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){1, 1, 1}), *h1 = jaxc_astype(ones, JAXC_F16);
  r = jaxc_matmul(h, h1);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F16 && jaxc_f16_to_f64(*(const jaxc_f16 *)jaxc_array_data(r)) == 2050.0);
  jaxc_array_free(r), jaxc_array_free(hv), jaxc_array_free(h), jaxc_array_free(ones), jaxc_array_free(h1);
  /* errors, in JAX's words */
  jaxc_array *s = jaxc_weak_int(2);
  r = jaxc_matmul(s, a);
  CHECK(!r && strcmp(jaxc_last_error(), "matmul input operand 0 must have ndim at least 1, but it has ndim 0") == 0);
  r = jaxc_matmul(a, s);
  CHECK(!r && strcmp(jaxc_last_error(), "matmul input operand 1 must have ndim at least 1, but it has ndim 0") == 0);
  r = jaxc_matmul(m1, m1);
  CHECK_MSG(!r && strcmp(jaxc_last_error(), "dot_general requires contracting dimensions to have the same shape, got (3,) and (2,).") == 0, "%s", jaxc_last_error());
  jaxc_array *b3 = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){2, 3, 4}), *b5 = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){5, 4, 6});
  r = jaxc_matmul(b3, b5);
  CHECK_MSG(!r && strcmp(jaxc_last_error(), "Incompatible shapes for matmul arguments: (2, 3, 4) and (5, 4, 6)") == 0, "%s", jaxc_last_error());
  CHECK(jaxc_matmul(NULL, a) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  /* debug_nans: inf * 0 makes NaN of NaN-free operands */
  jaxc_array *inf = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){INFINITY, 1});
  jaxc_array *zero = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){0, 1});
  jaxc_set_debug_nans(true);
  r = jaxc_matmul(inf, zero);
  CHECK(!r && strcmp(jaxc_last_error(), "invalid value (nan) encountered in dot_general") == 0);
  jaxc_set_debug_nans(false);
  r = jaxc_matmul(inf, zero);
  CHECK(r && isnan(*(const float *)jaxc_array_data(r)));
  jaxc_array_free(r);
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(m1), jaxc_array_free(m2), jaxc_array_free(i8), jaxc_array_free(s);
  jaxc_array_free(b3), jaxc_array_free(b5), jaxc_array_free(inf), jaxc_array_free(zero);
}

/* An array of values whose sums round (floats with full mantissas, in [-8, 8)), integers over
   their whole range, bools both ways; with `specials`, one in 16 a zero of either sign, an
   infinity or a NaN. */
static jaxc_array *random_full(jaxc_dtype d, int nd, const int64_t *shape, bool specials) {
  jaxc_array *a = jaxc_array_empty(d, nd, shape), flat;
  int64_t n = jaxc_array_size(a);
  unsigned char *bytes = (unsigned char *)a->data;
  if (jaxc_dtype_kind(d) == JAXC_KIND_INT || jaxc_dtype_kind(d) == JAXC_KIND_UINT) {
    for (size_t i = 0; i < (size_t)n * jaxc_dtype_size(d); i++) bytes[i] = (unsigned char)rnd64();
    return a;
  }
  bool x64 = jaxc_x64();
  jaxc_set_x64(true);
  jaxc_array *f = jaxc_array_empty(JAXC_C128, 1, &n);
  double *p = (double *)jaxc_array_data(f);
  static const double special[] = {0.0, -0.0, INFINITY, -INFINITY, NAN};
  for (int64_t i = 0; i < 2 * n; i++) {
    p[i] = ldexp((double)(rnd64() >> 11) * 0x1p-53 * 2 - 1, (int)(rnd64() % 7) - 3);
    if (specials && rnd64() % 16 == 0) p[i] = special[rnd64() % 5];
  }
  jaxc_array_wrap(&flat, d, 1, &n, a->data);
  jaxc_astype_into(f, &flat);
  jaxc_set_x64(x64);
  jaxc_array_free(f);
  return a;
}
/* Products whose rows fit 128 bytes take the small kernel (B copied 32 rows at a time), the
   rest the blocked one; both sum k in order, so their results agree bit for bit. C's column j
   depends on B's column j alone: a @ b must equal the first n columns of a @ [b | x], x so wide
   that the blocked kernel takes that product. Over random shapes (k past 32 in a quarter) that
   split into several row blocks, broadcast either operand's batch, and (the larger ones) go over
   the threads in runs, whose last rows are stored exactly; every element also against the long
   double reference (check_matmul). */
static void test_small_products(void) {
  static const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64, JAXC_I32, JAXC_I8, JAXC_U64, JAXC_I64, JAXC_BOOL, JAXC_BF16, JAXC_F16, JAXC_U16, JAXC_C64, JAXC_C128};
  jaxc_set_x64(true);
  int64_t mismatched = 0, cases = 0, small_cases = 0;
  for (int c = 0; c < 240; c++) {
    jaxc_dtype d = ds[c % 12];
    int nbt = (int)(rnd64() % 3), big = c % 10 == 9;
    int64_t sa[JAXC_MAX_NDIM], sb[JAXC_MAX_NDIM], sw[JAXC_MAX_NDIM];
    int64_t m = big ? 1 + (int64_t)(rnd64() % 12) : 1 + (int64_t)(rnd64() % 70), k = 1 + (int64_t)(rnd64() % (c % 4 ? 34 : 100));
    int64_t n = 2 + (int64_t)(rnd64() % (big ? 16 : 40)), w = 130;
    for (int i = 0; i < nbt; i++) {
      int64_t e = big && i == 0 ? 200 + (int64_t)(rnd64() % 3000) : 1 + (int64_t)(rnd64() % 3);
      sa[i] = rnd64() % 4 ? e : 1, sb[i] = rnd64() % 4 ? e : 1;
    }
    if (big && nbt == 0) m = 3000 + (int64_t)(rnd64() % 3000); /* (one matrix: its row blocks go over the threads) */
    sa[nbt] = m, sa[nbt + 1] = k, sb[nbt] = k, sb[nbt + 1] = n;
    memcpy(sw, sb, sizeof sw), sw[nbt + 1] = w;
    bool specials = c % 3 == 0 && (jaxc_dtype_kind(d) == JAXC_KIND_FLOAT || jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX);
    jaxc_array *a = random_full(d, nbt + 2, sa, specials), *b = random_full(d, nbt + 2, sb, specials), *x = random_full(d, nbt + 2, sw, false);
    jaxc_array *bx = jaxc_concatenate(2, (const jaxc_array *const[]){b, x}, -1);
    jaxc_array *r = jaxc_matmul(a, b), *rx = jaxc_matmul(a, bx);
    CHECK_MSG(r && rx, "small products, case %d: %s", c, jaxc_last_error());
    if (r && rx) {
      jaxc_dtype rd = jaxc_array_dtype(r);
      size_t es = jaxc_dtype_size(rd), parts = jaxc_dtype_kind(rd) == JAXC_KIND_COMPLEX ? 2 : 1, ps = es / parts;
      bool inexact = jaxc_dtype_kind(rd) == JAXC_KIND_FLOAT || parts == 2;
      int64_t rows = jaxc_array_size(r) / n;
      for (int64_t i = 0; i < rows; i++)
        for (int64_t j = 0; j < n; j++)
          for (size_t h = 0; h < parts; h++) { /* (a NaN matches any NaN) */
            const unsigned char *p = (const unsigned char *)r->data + (size_t)(i * n + j) * es + h * ps;
            const unsigned char *q = (const unsigned char *)rx->data + (size_t)(i * (n + w) + j) * es + h * ps;
            double vp = !inexact ? 0 : ps == 4 ? *(const float *)(const void *)p : ps == 8 ? *(const double *)(const void *)p : 0;
            double vq = !inexact ? 0 : ps == 4 ? *(const float *)(const void *)q : ps == 8 ? *(const double *)(const void *)q : 0;
            mismatched += !(isnan(vp) && isnan(vq)) && memcmp(p, q, ps) != 0;
          }
      char what[96];
      snprintf(what, sizeof what, "small products, case %d: %s (%d batch axes, %lld x %lld x %lld)", c, jaxc_dtype_name(d), nbt, (long long)m,
               (long long)k, (long long)n);
      if (!specials) check_matmul(a, b, r, what);
      cases++;
      small_cases += n * (int64_t)(d == JAXC_C128 ? 16 : d == JAXC_F64 || d == JAXC_U64 || d == JAXC_I64 || d == JAXC_C64 ? 8 : d == JAXC_BOOL ? 1 : 4) <= 128;
    }
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(x), jaxc_array_free(bx), jaxc_array_free(r), jaxc_array_free(rx);
  }
  CHECK_MSG(mismatched == 0, "small products: %lld elements differ from the blocked kernel's", (long long)mismatched);
  CHECK_MSG(small_cases >= cases / 2, "small products: only %lld of %lld cases small", (long long)small_cases, (long long)cases);
  jaxc_set_x64(false);
}

/* ---- the blocked kernel's bits ------------------------------------------------------------------ */
/* the sums below are evaluated one rounding per operation, as XLA's ops are */
#ifdef __clang__
#  pragma STDC FP_CONTRACT OFF
#endif
/* C = A B as written out here, row-major: every element starts at 0 and adds a[i][t] * b[t][j] for
   t = 0 .. k - 1, each product rounded (complex: (ac - bd, ad + bc), each part's products rounded).
   jaxc's kernel works by tiles of rows (8, complex 4) by a vector of columns, on B packed 64 rows
   at a time, its items over the threads, the rows and columns left over a row at a time, and
   keeps this order for every element, so its bits must be these. */
#define REF_MATMUL(SUF, T, CX)                                                                      \
  static void ref_matmul_##SUF(const T *A, const T *B, T *C, int64_t m, int64_t k, int64_t n) {     \
    int64_t w = CX + 1;                                                                            \
    for (int64_t i = 0; i < m; i++)                                                                \
      for (int64_t j = 0; j < n; j++) {                                                            \
        T re = 0, im = 0;                                                                          \
        for (int64_t t = 0; t < k; t++) {                                                          \
          const T *a = A + w * (i * k + t), *b = B + w * (t * n + j);                              \
          if (CX) {                                                                                \
            T p1 = a[0] * b[0], p2 = a[CX] * b[CX], p3 = a[0] * b[CX], p4 = a[CX] * b[0];          \
            T pr = p1 - p2, pi = p3 + p4;                                                          \
            re += pr, im += pi;                                                                    \
          } else                                                                                   \
            re += a[0] * b[0];                                                                     \
        }                                                                                          \
        C[w * (i * n + j)] = re;                                                                   \
        if (CX) C[w * (i * n + j) + CX] = im;                                                      \
      }                                                                                            \
  }
REF_MATMUL(f32, float, 0)
REF_MATMUL(f64, double, 0)
REF_MATMUL(c64, float, 1)
REF_MATMUL(c128, double, 1)
/* whether the part at p (ps bytes of a d result) is a NaN */
static bool nan_part(jaxc_dtype d, size_t ps, const unsigned char *p) {
  uint16_t h;
  float f;
  double g;
  if (ps == 2) memcpy(&h, p, 2);
  if (ps == 4) memcpy(&f, p, 4);
  if (ps == 8) memcpy(&g, p, 8);
  return ps == 2 ? (d == JAXC_BF16 ? (h & 0x7fff) > 0x7f80 : (h & 0x7fff) > 0x7c00) : ps == 4 ? isnan(f) : isnan(g);
}
/* a @ b (batch x m x k, batch x k x n, of dtype d; n past the small kernel's 128 bytes) against
   ref_matmul on the operands converted to the sum's dtype (bfloat16 and float16: float32), its
   result rounded once to d */
static void check_matmul_bits(jaxc_dtype d, int64_t batch, int64_t m, int64_t k, int64_t n, bool specials) {
  bool cx = jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX;
  jaxc_dtype s = d == JAXC_BF16 || d == JAXC_F16 ? JAXC_F32 : d;
  int64_t sa[3] = {batch, m, k}, sb[3] = {batch, k, n}, sc[3] = {batch, m, n};
  jaxc_array *a = random_full(d, 3, sa, specials), *b = random_full(d, 3, sb, specials), *r = jaxc_matmul(a, b);
  jaxc_array *as = jaxc_astype(a, s), *bs = jaxc_astype(b, s), *cs = jaxc_array_empty(s, 3, sc), *ref = NULL;
  CHECK_MSG(r && as && bs && cs, "matmul bits: %s", jaxc_last_error());
  if (r && as && bs && cs) {
    for (int64_t t = 0; t < batch; t++) {
      size_t es = jaxc_dtype_size(s);
      const char *pa = (const char *)jaxc_array_data(as) + (size_t)(t * m * k) * es, *pb = (const char *)jaxc_array_data(bs) + (size_t)(t * k * n) * es;
      char *pc = (char *)cs->data + (size_t)(t * m * n) * es;
      switch (s) {
      case JAXC_F32: ref_matmul_f32((const float *)(const void *)pa, (const float *)(const void *)pb, (float *)(void *)pc, m, k, n); break;
      case JAXC_F64: ref_matmul_f64((const double *)(const void *)pa, (const double *)(const void *)pb, (double *)(void *)pc, m, k, n); break;
      case JAXC_C64: ref_matmul_c64((const float *)(const void *)pa, (const float *)(const void *)pb, (float *)(void *)pc, m, k, n); break;
      default: ref_matmul_c128((const double *)(const void *)pa, (const double *)(const void *)pb, (double *)(void *)pc, m, k, n); break;
      }
    }
    ref = jaxc_astype(cs, d);
    size_t ps = jaxc_dtype_size(d) / (cx ? 2 : 1);
    int64_t parts = jaxc_array_size(r) * (cx ? 2 : 1), differ = 0;
    for (int64_t i = 0; ref && i < parts; i++) {
      const unsigned char *p = (const unsigned char *)r->data + (size_t)i * ps, *q = (const unsigned char *)ref->data + (size_t)i * ps;
      differ += memcmp(p, q, ps) != 0 && !(nan_part(d, ps, p) && nan_part(d, ps, q));
    }
    CHECK_MSG(ref && differ == 0, "matmul %s %lld x (%lld x %lld) @ (%lld x %lld)%s: %lld parts not the in-order sum's bits", jaxc_dtype_name(d),
              (long long)batch, (long long)m, (long long)k, (long long)k, (long long)n, specials ? " with inf and NaN" : "", (long long)differ);
  }
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(r), jaxc_array_free(as), jaxc_array_free(bs), jaxc_array_free(cs), jaxc_array_free(ref);
}
static void test_matmul_bits(void) {
  /* one tile; leftover rows, columns and steps; fewer rows than a tile; several k blocks; a row
     vector; several items of rows and of columns (512), over the threads */
  static const int64_t sh[][4] = {{1, 8, 64, 33}, {1, 9, 65, 47}, {2, 17, 130, 100}, {1, 33, 1, 129}, {1, 7, 200, 40},
                                  {1, 1, 500, 300}, {3, 40, 70, 96}, {1, 64, 129, 513}, {1, 100, 300, 600}};
  static const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128, JAXC_BF16, JAXC_F16};
  jaxc_set_x64(true);
  for (size_t t = 0; t < sizeof ds / sizeof ds[0]; t++)
    for (size_t i = 0; i < sizeof sh / sizeof sh[0]; i++) check_matmul_bits(ds[t], sh[i][0], sh[i][1], sh[i][2], sh[i][3], i % 3 == 1);
  jaxc_set_x64(false);
}

int main(void) {
  test_examples_and_errors();
  test_dtypes();
  test_shapes();
  test_small_products();
  test_matmul_bits();
  return check_summary("test_linalg");
}
