/* test_select.c — jnp.select, choose, compress, extract, array_equal and array_equiv.
   References written here, not from the library:
     - every output element found from its coordinates: each operand read at its broadcast place
       (a 1 in its shape, or a missing leading dim, pins the coordinate to 0), conditions decoded
       and tested for nonzero (NaN and either complex part count, -0.0 does not), the first true
       one picking its choice; choose's index reduced by Python's % or clamped; compress's slices
       counted along the axis with the condition and the axis cut to the shorter;
     - values compared as bytes: with the choices in the result's dtype, the operand's own bytes;
       else the bytes of the operand converted by jaxc_astype (XLA's conversion, tested bit for bit
       in test_cast), so that only the picking is under test here;
     - result dtypes and weak flags replayed on JAX's golden promotion table (tests/data, JAX
       0.11.2) in all four modes: select's promote_dtypes(default, *choices), its conditions joined
       with bool (strict refuses an int condition), choose's array(choices) (their join, strong);
     - exhaustive: every int8 and uint8 index under choose's three modes; every 8-bit condition
       byte of select;
     - JAX facts: the docstrings' examples; JAX's messages in JAX's order; array_equal's promotion
       facts (uint32 2^32-1 equals int32 -1 with x64 off; int32 16777217 equals float32 2^24);
       array_equiv catching only promote_shapes' ValueError;
     - properties: inputs unchanged, nothing returned on error, one answer over the threads and
       without them (sizes past JAXC_PAR_BYTES, rows longer than a piece). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

/* free a list of arrays (NULL ones too) */
#define FREE_ALL(...)                                                              \
  do {                                                                             \
    jaxc_array *fa_[] = {__VA_ARGS__};                                             \
    for (size_t q_ = 0; q_ < sizeof fa_ / sizeof fa_[0]; q_++) jaxc_array_free(fa_[q_]); \
  } while (0)

static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8];
static const jaxc_dtype concrete[] = {JAXC_BOOL, JAXC_U8,  JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8,  JAXC_I16, JAXC_I32,
                                      JAXC_I64,  JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
#define NCONCRETE ((int)(sizeof concrete / sizeof concrete[0]))

/* ---- helpers ----------------------------------------------------------------------------------- */
static const unsigned char *elem(const jaxc_array *a, int64_t i) {
  return (const unsigned char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(jaxc_array_dtype(a));
}
/* a's flat index at output coordinates c of an nd-dim broadcast shape */
static int64_t bidx(const jaxc_array *a, int nd, const int64_t *c) {
  int an = jaxc_array_ndim(a), off = nd - an;
  const int64_t *s = jaxc_array_shape(a);
  int64_t t = 0;
  for (int k = 0; k < an; k++) t = t * s[k] + (s[k] == 1 ? 0 : c[off + k]);
  return t;
}
static bool truthy(const jaxc_array *a, int64_t i) {
  ordval v = decode(jaxc_array_dtype(a), elem(a, i));
  return v.cls == 0 ? v.u != 0 : v.cls == 1 ? v.i != 0 : (v.re != 0 || v.im != 0);
}
/* a shape broadcasting to `full` (nd dims): a suffix of it, some dims set to 1 */
static int sub_shape(int nd, const int64_t *full, int64_t *s) {
  int m = nd ? (int)(rnd64() % (uint64_t)(nd + 1)) : 0;
  if (rnd64() % 2) m = nd;
  for (int k = 0; k < m; k++) s[k] = rnd64() % 3 == 0 ? 1 : full[nd - m + k];
  return m;
}
/* random values of dtype d with zeros, NaN, -0.0 and small integers among them */
static jaxc_array *random_values(jaxc_dtype d, int nd, const int64_t *shape) {
  jaxc_array *a = random_bytes_array(d, nd, shape);
  if (!a) return NULL;
  d = jaxc_array_dtype(a); /* (narrowed with x64 off) */
  size_t es = jaxc_dtype_size(d);
  unsigned char *p = (unsigned char *)jaxc_array_data(a);
  for (int64_t i = 0; i < jaxc_array_size(a); i++) {
    unsigned r = (unsigned)(rnd64() % 8);
    if (r < 3) memset(p + (size_t)i * es, 0, es); /* zero, or -0.0 / a zero part below */
    if (r == 1 && jaxc_dtype_kind(d) >= JAXC_KIND_FLOAT) p[(size_t)i * es + (d == JAXC_C64 ? 3 : d == JAXC_C128 ? 7 : es - 1)] = 0x80;
    if (r == 2 && jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX) p[(size_t)i * es + es - 1] = 0x3f; /* real 0, imaginary not */
  }
  return a;
}
static jaxc_array *converted(const jaxc_array *a, jaxc_dtype d) { return jaxc_astype(a, d); }

/* ---- select ------------------------------------------------------------------------------------ */
/* select's result against the element-by-element reference */
static void check_select(int n, const jaxc_array *const *cond, const jaxc_array *const *choice, const jaxc_array *dflt,
                         const jaxc_array *r, const char *what) {
  int nd = jaxc_array_ndim(r);
  const int64_t *shape = jaxc_array_shape(r);
  jaxc_dtype dt = jaxc_array_dtype(r);
  size_t es = jaxc_dtype_size(dt);
  jaxc_array *conv[9];
  jaxc_array *zero = dflt ? NULL : jaxc_weak_int(0);
  for (int j = 0; j <= n; j++) conv[j] = converted(j < n ? choice[j] : dflt ? dflt : zero, dt);
  long bad = 0;
  for (int64_t t = 0; t < jaxc_array_size(r); t++) {
    int64_t c[JAXC_MAX_NDIM];
    coords_of(t, nd, shape, c);
    int pick = n;
    for (int j = 0; j < n && pick == n; j++)
      if (truthy(cond[j], bidx(cond[j], nd, c))) pick = j;
    if (memcmp(elem(r, t), elem(conv[pick], bidx(conv[pick], nd, c)), es) != 0) bad++;
  }
  CHECK_MSG(bad == 0, "%s: %ld elements differ", what, bad);
  for (int j = 0; j <= n; j++) jaxc_array_free(conv[j]);
  jaxc_array_free(zero);
}

/* the result dtype of every (choice, default) pair of lattice nodes, and of every condition dtype */
static void test_select_dtypes(void) {
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int x = 0; x < JAXC_NUM_DTYPES; x++)
      for (int y = 0; y < JAXC_NUM_DTYPES; y++) {
        int64_t three = 3;
        jaxc_array *cx = JAXC_DTYPE_IS_WEAK(x) ? weak_node_scalar((jaxc_dtype)x, false) : small_random_array((jaxc_dtype)x, 1, &three);
        jaxc_array *cy = JAXC_DTYPE_IS_WEAK(y) ? weak_node_scalar((jaxc_dtype)y, true) : small_random_array((jaxc_dtype)y, 1, &three);
        bool cv[3] = {true, false, true};
        jaxc_array *c = jaxc_array_from_data(JAXC_BOOL, 1, &three, cv);
        const jaxc_array *cl[1] = {c}, *xl[1] = {cx};
        char what[96];
        snprintf(what, sizeof what, "select(%s, default %s) %s x64=%d", jaxc_dtype_name((jaxc_dtype)x),
                 jaxc_dtype_name((jaxc_dtype)y), strict ? "strict" : "standard", x64);
        jaxc_array *r = jaxc_select(1, cl, xl, cy);
        /* promote_dtypes(default, *choicelist): the join is symmetric, the golden row is y's */
        if (golden_result_ok(golden[strict][x64][y][x], r, what)) check_select(1, cl, xl, cy, r, what);
        jaxc_array_free(r);
        if (y == 0) { /* the default default: Python's 0 */
          r = jaxc_select(1, cl, xl, NULL);
          snprintf(what, sizeof what, "select(%s) %s x64=%d", jaxc_dtype_name((jaxc_dtype)x), strict ? "strict" : "standard", x64);
          if (golden_result_ok(golden[strict][x64][x][JAXC_WEAK_INT], r, what)) check_select(1, cl, xl, NULL, r, what);
          jaxc_array_free(r);
        }
        if (y == 0 && !JAXC_DTYPE_IS_WEAK(x)) { /* a condition of dtype x: stacked with False */
          jaxc_array *f = jaxc_array_from_data(JAXC_F32, 1, &three, (float[]){1, 2, 3});
          const jaxc_array *cl2[1] = {cx}, *fl[1] = {f};
          r = jaxc_select(1, cl2, fl, NULL);
          bool ok = golden[strict][x64][JAXC_BOOL][x][0] != '-';
          CHECK_MSG(ok ? r != NULL : (!r && jaxc_last_status() == JAXC_ERR_PROMOTION), "condition %s %s x64=%d",
                    jaxc_dtype_name((jaxc_dtype)x), strict ? "strict" : "standard", x64);
          if (r) check_select(1, cl2, fl, NULL, r, "condition dtype");
          jaxc_array_free(r), jaxc_array_free(f);
        }
        jaxc_array_free(c), jaxc_array_free(cx), jaxc_array_free(cy);
      }
  }
  jaxc_set_x64(false);
  jaxc_set_promotion(JAXC_RULES_JAX);
}

/* random shapes broadcasting together, random dtypes (standard mode), 1 to 5 pairs */
static void test_select_random(void) {
  static const jaxc_dtype cd[] = {JAXC_BOOL, JAXC_BOOL, JAXC_I8, JAXC_U16, JAXC_F32, JAXC_F16, JAXC_C64};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int trial = 0; trial < 600; trial++) {
      int nd = (int)(rnd64() % 5), n = 1 + (int)(rnd64() % 5);
      int64_t full[JAXC_MAX_NDIM];
      for (int k = 0; k < nd; k++) full[k] = 1 + (int64_t)(rnd64() % 5);
      if (trial % 50 == 7 && nd) full[rnd64() % (uint64_t)nd] = 0;
      if (trial % 25 == 3 && nd) full[nd - 1] = 2048 + (int64_t)(rnd64() % 3000); /* rows of several pieces */
      jaxc_array *cond[5], *choice[5], *dflt = NULL;
      uint64_t sum[11];
      for (int j = 0; j < n; j++) {
        int64_t s[JAXC_MAX_NDIM];
        int m = sub_shape(nd, full, s);
        cond[j] = random_values(cd[rnd64() % 7], m, s);
        m = sub_shape(nd, full, s);
        if (j == 0) memcpy(s, full, sizeof full), m = nd; /* one operand of the whole shape */
        choice[j] = random_values(concrete[trial % 5 == 0 ? rnd64() % NCONCRETE : (uint64_t)(trial % 3 ? 11 : 7)], m, s);
        sum[j] = checksum(cond[j]), sum[5 + j] = checksum(choice[j]);
      }
      if (rnd64() % 3) {
        int64_t s[JAXC_MAX_NDIM];
        int m = sub_shape(nd, full, s);
        dflt = random_values(jaxc_array_dtype(choice[0]), m, s);
        sum[10] = checksum(dflt);
      }
      jaxc_array *r = jaxc_select(n, (const jaxc_array *const *)cond, (const jaxc_array *const *)choice, dflt);
      CHECK_MSG(r != NULL, "select trial %d: %s", trial, jaxc_last_error());
      if (r) {
        CHECK_EQ_INT(jaxc_array_ndim(r), nd);
        for (int k = 0; k < nd && k < jaxc_array_ndim(r); k++) CHECK_EQ_INT(jaxc_array_shape(r)[k], full[k] ? full[k] : 0);
        check_select(n, (const jaxc_array *const *)cond, (const jaxc_array *const *)choice, dflt, r, "select random");
      }
      for (int j = 0; j < n; j++) {
        CHECK(checksum(cond[j]) == sum[j] && checksum(choice[j]) == sum[5 + j]);
        jaxc_array_free(cond[j]), jaxc_array_free(choice[j]);
      }
      if (dflt) CHECK(checksum(dflt) == sum[10]);
      jaxc_array_free(dflt), jaxc_array_free(r);
    }
  }
  jaxc_set_x64(false);
}

/* every byte of a uint8 / int8 condition; a large case over the threads */
static void test_select_exhaustive_and_large(void) {
  int64_t n = 256;
  uint8_t b[256];
  for (int i = 0; i < 256; i++) b[i] = (uint8_t)i;
  jaxc_array *u = jaxc_array_from_data(JAXC_U8, 1, &n, b), *s = jaxc_array_from_data(JAXC_I8, 1, &n, b);
  jaxc_array *one = jaxc_weak_int(1), *two = jaxc_weak_int(2);
  const jaxc_array *cl[2] = {u, s}, *xl[2] = {one, two};
  jaxc_array *r = jaxc_select(2, cl, xl, NULL); /* all weak: a weak int */
  CHECK(r && jaxc_array_dtype(r) == JAXC_I32 && jaxc_array_is_weak(r));
  for (int i = 0; r && i < 256; i++) CHECK_EQ_INT(((const int32_t *)jaxc_array_data(r))[i], i ? 1 : 0);
  jaxc_array_free(r);
  /* 3 x 2^20 float32 over the threads: conditions of different shapes, a row per piece */
  int64_t big[2] = {3, 1 << 20}, col[2] = {3, 1}, row[1] = {1 << 20};
  jaxc_array *c0 = random_values(JAXC_BOOL, 2, big), *c1 = random_values(JAXC_F32, 1, row), *c2 = random_values(JAXC_I8, 2, col);
  jaxc_array *x0 = random_values(JAXC_F32, 2, big), *x1 = random_values(JAXC_F32, 1, row), *x2 = random_values(JAXC_F32, 2, col);
  jaxc_array *d = random_values(JAXC_F32, 2, big);
  const jaxc_array *C[3] = {c0, c1, c2}, *X[3] = {x0, x1, x2};
  r = jaxc_select(3, C, X, d);
  CHECK(r != NULL);
  if (r) check_select(3, C, X, d, r, "select large");
  jaxc_array_free(r);
  FREE_ALL(c0, c1, c2, x0, x1, x2, d, u, s, one, two);
}

static void test_select_facts_and_errors(void) {
  int64_t four = 4;
  bool c0v[4] = {false, true, false, false}, c1v[4] = {true, false, false, false}, c2v[4] = {false, true, true, false};
  int32_t x0v[4] = {1, 2, 3, 4}, x1v[4] = {10, 20, 30, 40}, x2v[4] = {100, 200, 300, 400}, dv[4] = {-1, -2, -3, -4};
  jaxc_array *c0 = jaxc_array_from_data(JAXC_BOOL, 1, &four, c0v), *c1 = jaxc_array_from_data(JAXC_BOOL, 1, &four, c1v);
  jaxc_array *c2 = jaxc_array_from_data(JAXC_BOOL, 1, &four, c2v), *x0 = jaxc_array_from_data(JAXC_I32, 1, &four, x0v);
  jaxc_array *x1 = jaxc_array_from_data(JAXC_I32, 1, &four, x1v), *x2 = jaxc_array_from_data(JAXC_I32, 1, &four, x2v);
  jaxc_array *dd = jaxc_array_from_data(JAXC_I32, 1, &four, dv);
  const jaxc_array *C[3] = {c0, c1, c2}, *X[3] = {x0, x1, x2};
  /* jnp.select's docstring */
  expect_print(jaxc_select(3, C, X, NULL), "Array([ 10,   2, 300,   0], dtype=int32)", "select docstring");
  expect_print(jaxc_select(3, C, X, dd), "Array([ 10,   2, 300,  -4], dtype=int32)", "select docstring, array default");
  /* bool choices and the default 0: a weak int32 */
  jaxc_array *r = jaxc_select(1, C, (const jaxc_array *const *)&c2, NULL);
  CHECK(r && jaxc_array_dtype(r) == JAXC_I32 && jaxc_array_is_weak(r)); /* (bool and i* join at i*) */
  jaxc_array_free(r);
  /* errors, in JAX's words and order */
  CHECK_FAILS(jaxc_select(0, C, X, NULL), "condlist must be non-empty");
  int64_t three = 3;
  jaxc_array *c3 = jaxc_array_zeros(JAXC_BOOL, 1, &three), *x3 = jaxc_array_zeros(JAXC_F32, 1, &three);
  const jaxc_array *Cbad[2] = {c0, c3}, *Xbad[2] = {x0, x1}, *C1[1] = {c0}, *X3[1] = {x3};
  CHECK_FAILS(jaxc_select(2, Cbad, Xbad, NULL), "Incompatible shapes for broadcasting: shapes=[(), (4,), (3,)]");
  CHECK_FAILS(jaxc_select(1, C1, X3, NULL), "Incompatible shapes for broadcasting: shapes=[(4,), (), (3,)]");
  CHECK_FAILS(jaxc_select(1, C1, X, x3), "Incompatible shapes for broadcasting: shapes=[(4,), (3,), (4,)]");
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  const jaxc_array *Xmix[2] = {x0, x3}, *C2[2] = {c0, c0};
  r = jaxc_select(2, C2, Xmix, NULL);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_PROMOTION);
  const jaxc_array *Ci[1] = {x0};
  r = jaxc_select(1, Ci, X, NULL); /* an int32 condition, stacked with False */
  CHECK(!r && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  const jaxc_array *Cnull[1] = {NULL};
  r = jaxc_select(1, Cnull, X, NULL);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_ARG);
  r = jaxc_select(-1, C, X, NULL);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_ARG);
  /* debug_infs: a choice converted to float16 overflows (convert_element_type's check) */
  jaxc_array *h = jaxc_array_zeros(JAXC_F16, 1, &four), *big = jaxc_scalar(JAXC_I32, 70000, 0);
  const jaxc_array *XH[2] = {h, big}, *CC[2] = {c0, c1};
  jaxc_set_debug_infs(true);
  r = jaxc_select(2, CC, XH, NULL);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_NAN);
  jaxc_set_debug_infs(false);
  r = jaxc_select(2, CC, XH, NULL);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F16 && isinf(dec16(F16F, ((const uint16_t *)jaxc_array_data(r))[0])));
  jaxc_array_free(r);
  FREE_ALL(c0, c1, c2, x0, x1, x2, dd, c3, x3, h, big);
}

/* ---- choose ------------------------------------------------------------------------------------ */
static int64_t mode_index(ordval v, int64_t n, jaxc_index_mode mode) {
  if (v.cls == 0) { /* unsigned: no negatives */
    if (mode == JAXC_MODE_WRAP) return (int64_t)(v.u % (uint64_t)n);
    return v.u >= (uint64_t)n ? (mode == JAXC_MODE_CLIP ? n - 1 : -1) : (int64_t)v.u;
  }
  if (mode == JAXC_MODE_WRAP) return ((v.i % n) + n) % n;
  if (mode == JAXC_MODE_CLIP) return v.i < 0 ? 0 : v.i >= n ? n - 1 : v.i;
  return v.i;
}
static void check_choose(const jaxc_array *a, int n, const jaxc_array *const *ch, jaxc_index_mode mode, const jaxc_array *r,
                         const char *what) {
  int nd = jaxc_array_ndim(r);
  const int64_t *shape = jaxc_array_shape(r);
  jaxc_dtype dt = jaxc_array_dtype(r);
  jaxc_array *conv[300];
  for (int j = 0; j < n; j++) conv[j] = converted(ch[j], dt);
  long bad = 0;
  for (int64_t t = 0; t < jaxc_array_size(r); t++) {
    int64_t c[JAXC_MAX_NDIM];
    coords_of(t, nd, shape, c);
    ordval v = decode(jaxc_array_dtype(a), elem(a, bidx(a, nd, c)));
    int64_t j = mode_index(v, n, mode);
    if (j < 0 || j >= n || memcmp(elem(r, t), elem(conv[j], bidx(conv[j], nd, c)), jaxc_dtype_size(dt)) != 0) bad++;
  }
  CHECK_MSG(bad == 0, "%s: %ld elements differ", what, bad);
  for (int j = 0; j < n; j++) jaxc_array_free(conv[j]);
}
static void test_choose(void) {
  /* every int8 and uint8 index under the three modes, three float32 choices */
  int64_t n = 256;
  uint8_t b[256];
  for (int i = 0; i < 256; i++) b[i] = (uint8_t)i;
  jaxc_array *ch[3];
  for (int j = 0; j < 3; j++) ch[j] = random_values(JAXC_F32, 1, &n);
  for (int s = 0; s < 2; s++) {
    jaxc_array *a = jaxc_array_from_data(s ? JAXC_I8 : JAXC_U8, 1, &n, b);
    for (int m = 0; m < 3; m++) {
      jaxc_index_mode mode = m == 0 ? JAXC_MODE_DEFAULT : m == 1 ? JAXC_MODE_WRAP : JAXC_MODE_CLIP;
      jaxc_array *r = jaxc_choose(a, 3, (const jaxc_array *const *)ch, mode);
      if (mode == JAXC_MODE_DEFAULT) {
        CHECK(!r && strcmp(jaxc_last_error(), "invalid entry in choice array") == 0);
      } else {
        CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && !jaxc_array_is_weak(r));
        if (r) check_choose(a, 3, (const jaxc_array *const *)ch, mode, r, "choose exhaustive");
      }
      jaxc_array_free(r);
    }
    jaxc_array_free(a);
  }
  /* the dtypes: array(choices), the join of the choices, strong; a takes no part */
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    int64_t three = 3;
    int8_t iv[3] = {1, 0, 1};
    jaxc_array *a = jaxc_array_from_data(JAXC_I8, 1, &three, iv);
    for (int x = 0; x < JAXC_NUM_DTYPES; x++)
      for (int y = 0; y < JAXC_NUM_DTYPES; y++) {
        jaxc_array *cx = JAXC_DTYPE_IS_WEAK(x) ? weak_node_scalar((jaxc_dtype)x, false) : small_random_array((jaxc_dtype)x, 1, &three);
        jaxc_array *cy = JAXC_DTYPE_IS_WEAK(y) ? weak_node_scalar((jaxc_dtype)y, true) : small_random_array((jaxc_dtype)y, 1, &three);
        const jaxc_array *C[2] = {cx, cy};
        jaxc_array *r = jaxc_choose(a, 2, C, JAXC_MODE_DEFAULT);
        const char *g = golden[strict][x64][x][y];
        char what[96], strong[8];
        snprintf(what, sizeof what, "choose(%s, %s) %s x64=%d", jaxc_dtype_name((jaxc_dtype)x), jaxc_dtype_name((jaxc_dtype)y),
                 strict ? "strict" : "standard", x64);
        snprintf(strong, sizeof strong, "%.*s", (int)strcspn(g, "~"), g);
        if (golden_result_ok(strong, r, what)) check_choose(a, 2, C, JAXC_MODE_DEFAULT, r, what);
        FREE_ALL(r, cx, cy);
      }
    jaxc_array_free(a);
  }
  jaxc_set_x64(false);
  jaxc_set_promotion(JAXC_RULES_JAX);
  /* random broadcasting, every index dtype */
  static const jaxc_dtype idt[] = {JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64};
  for (int trial = 0; trial < 400; trial++) {
    jaxc_set_x64(trial % 2);
    int nd = (int)(rnd64() % 4), k = 1 + (int)(rnd64() % 12); /* (past 8: the gather, not the blends) */
    int64_t full[JAXC_MAX_NDIM], s[JAXC_MAX_NDIM];
    for (int q = 0; q < nd; q++) full[q] = 1 + (int64_t)(rnd64() % 5);
    if (trial % 20 == 5 && nd) full[nd - 1] = 3000;
    int m = sub_shape(nd, full, s);
    jaxc_array *a = random_bytes_array(idt[trial % 8], m, s), *C[12];
    jaxc_index_mode mode = trial % 3 == 0 ? JAXC_MODE_CLIP : JAXC_MODE_WRAP;
    for (int j = 0; j < k; j++) {
      m = sub_shape(nd, full, s);
      C[j] = random_values(concrete[rnd64() % NCONCRETE], m, s);
    }
    uint64_t sa = checksum(a);
    jaxc_array *r = jaxc_choose(a, k, (const jaxc_array *const *)C, mode);
    if (r) check_choose(a, k, (const jaxc_array *const *)C, mode, r, "choose random");
    else /* only a mixed unsigned 64-bit and signed pair can fail: none here is strict */
      CHECK_MSG(0, "choose trial %d: %s", trial, jaxc_last_error());
    CHECK(checksum(a) == sa);
    jaxc_array_free(r), jaxc_array_free(a);
    for (int j = 0; j < k; j++) jaxc_array_free(C[j]);
  }
  jaxc_set_x64(false);
  for (int j = 0; j < 3; j++) jaxc_array_free(ch[j]);
}
static void test_choose_facts_and_errors(void) {
  int64_t four = 4;
  int32_t c0[4] = {1, 2, 3, 4}, c1[4] = {5, 6, 7, 8}, c2[4] = {9, 10, 11, 12}, i0[4] = {2, 0, 1, 0}, i1[4] = {2, 3, -1, -3};
  jaxc_array *C[3] = {jaxc_array_from_data(JAXC_I32, 1, &four, c0), jaxc_array_from_data(JAXC_I32, 1, &four, c1),
                      jaxc_array_from_data(JAXC_I32, 1, &four, c2)};
  jaxc_array *a0 = jaxc_array_from_data(JAXC_I32, 1, &four, i0), *a1 = jaxc_array_from_data(JAXC_I32, 1, &four, i1);
  const jaxc_array *const *CC = (const jaxc_array *const *)C;
  expect_print(jaxc_choose(a0, 3, CC, JAXC_MODE_DEFAULT), "Array([9, 2, 7, 4], dtype=int32)", "choose docstring");
  expect_print(jaxc_choose(a1, 3, CC, JAXC_MODE_CLIP), "Array([ 9, 10,  3,  4], dtype=int32)", "choose clip");
  expect_print(jaxc_choose(a1, 3, CC, JAXC_MODE_WRAP), "Array([ 9,  2, 11,  4], dtype=int32)", "choose wrap");
  CHECK_FAILS(jaxc_choose(a1, 3, CC, JAXC_MODE_DEFAULT), "invalid entry in choice array");
  CHECK_FAILS(jaxc_choose(a1, 3, CC, JAXC_MODE_FILL), "mode='fill' not understood. Must be 'raise', 'wrap', or 'clip'");
  CHECK_FAILS(jaxc_choose(a1, 3, CC, (jaxc_index_mode)77), "invalid index mode 77");
  jaxc_array *fa = jaxc_array_zeros(JAXC_F32, 1, &four), *ba = jaxc_array_zeros(JAXC_BOOL, 1, &four);
  CHECK_FAILS(jaxc_choose(fa, 3, CC, JAXC_MODE_CLIP), "`a` array must be integer typed");
  CHECK_FAILS(jaxc_choose(ba, 3, CC, JAXC_MODE_CLIP), "`a` array must be integer typed");
  int64_t three = 3;
  jaxc_array *a3 = jaxc_array_zeros(JAXC_I32, 1, &three);
  CHECK_FAILS(jaxc_choose(a3, 3, CC, JAXC_MODE_CLIP), "Incompatible shapes for broadcasting: shapes=[(3,), (4,), (4,), (4,)]");
  /* n (raise, wrap) or n - 1 (clip) as a Python int meeting int8 */
  jaxc_array *many[129];
  for (int j = 0; j < 129; j++) many[j] = jaxc_weak_int(j);
  int8_t iv[4] = {0, 5, 127, -1};
  jaxc_array *a8 = jaxc_array_from_data(JAXC_I8, 1, &four, iv);
  const jaxc_array *const *M = (const jaxc_array *const *)many;
  CHECK_FAILS(jaxc_choose(a8, 128, M, JAXC_MODE_DEFAULT), "Python int 128 too large to convert to int8");
  CHECK_FAILS(jaxc_choose(a8, 128, M, JAXC_MODE_WRAP), "Python int 128 too large to convert to int8");
  CHECK_FAILS(jaxc_choose(a8, 129, M, JAXC_MODE_CLIP), "Python int 128 too large to convert to int8");
  jaxc_array *r = jaxc_choose(a8, 128, M, JAXC_MODE_CLIP); /* all weak ints: int32, strong */
  CHECK(r && jaxc_array_dtype(r) == JAXC_I32 && !jaxc_array_is_weak(r));
  for (int i = 0; r && i < 4; i++) CHECK_EQ_INT(((const int32_t *)jaxc_array_data(r))[i], iv[i] < 0 ? 0 : iv[i]);
  jaxc_array_free(r);
  CHECK_FAILS(jaxc_choose(a8, 0, M, JAXC_MODE_CLIP), "choose: no choices");
  CHECK_FAILS(jaxc_choose(NULL, 3, CC, JAXC_MODE_CLIP), "choose: the array a is NULL");
  for (int j = 0; j < 129; j++) jaxc_array_free(many[j]);
  FREE_ALL(C[0], C[1], C[2], a0, a1, fa, ba, a3, a8);
}

/* ---- compress, extract ------------------------------------------------------------------------- */
static void check_compress(const jaxc_array *cond, const jaxc_array *a, int axis, int64_t size, const jaxc_array *fill,
                           const jaxc_array *r, const char *what) {
  int and_ = jaxc_array_ndim(a), ax = axis == JAXC_ALL_AXES ? 0 : (axis < 0 ? axis + and_ : axis);
  int64_t outer = 1, n = jaxc_array_size(a), inner = 1;
  if (axis != JAXC_ALL_AXES) {
    n = jaxc_array_shape(a)[ax];
    for (int i = 0; i < and_; i++)
      if (i != ax) *(i < ax ? &outer : &inner) *= jaxc_array_shape(a)[i];
  }
  int64_t m = jaxc_array_size(cond), k = n < m ? n : m, cnt = 0, *sel = malloc(sizeof(int64_t) * (size_t)(k + 1));
  for (int64_t i = 0; i < k; i++)
    if (truthy(cond, i)) sel[cnt++] = i;
  int64_t len = size == JAXC_NONE ? cnt : size;
  jaxc_dtype dt = jaxc_array_dtype(a);
  size_t es = jaxc_dtype_size(dt);
  CHECK_MSG(jaxc_array_dtype(r) == dt && jaxc_array_is_weak(r) == (jaxc_array_is_weak(a) && size == JAXC_NONE), "%s: dtype", what);
  CHECK_MSG(jaxc_array_size(r) == outer * len * inner, "%s: size %lld, want %lld", what, (long long)jaxc_array_size(r),
            (long long)(outer * len * inner));
  if (jaxc_array_size(r) != outer * len * inner) {
    free(sel);
    return;
  }
  CHECK(jaxc_array_ndim(r) == (axis == JAXC_ALL_AXES ? 1 : and_));
  if (axis != JAXC_ALL_AXES)
    for (int i = 0; i < and_; i++) CHECK(jaxc_array_shape(r)[i] == (i == ax ? len : jaxc_array_shape(a)[i]));
  jaxc_array *fc = fill ? converted(fill, dt) : jaxc_array_zeros(dt, 0, NULL);
  long bad = 0;
  for (int64_t o = 0; o < outer; o++)
    for (int64_t w = 0; w < len; w++)
      for (int64_t i = 0; i < inner; i++) {
        const unsigned char *want = w < cnt ? elem(a, (o * n + sel[w]) * inner + i) : (const unsigned char *)jaxc_array_data(fc);
        if (memcmp(elem(r, (o * len + w) * inner + i), want, es) != 0) bad++;
      }
  CHECK_MSG(bad == 0, "%s: %ld elements differ", what, bad);
  jaxc_array_free(fc), free(sel);
}
static void test_compress(void) {
  for (int trial = 0; trial < 1500; trial++) {
    int nd = (int)(rnd64() % 4);
    int64_t s[JAXC_MAX_NDIM];
    for (int k = 0; k < nd; k++) s[k] = (int64_t)(rnd64() % 5);
    if (trial % 30 == 1 && nd) s[0] = 3000;
    jaxc_array *a = random_values(concrete[rnd64() % NCONCRETE], nd, s);
    if (trial % 7 == 0) { /* a weak input keeps its flag */
      jaxc_array *w = jaxc_weak_float(2.5);
      jaxc_array_free(a);
      a = w, nd = 0;
    }
    int axis = nd && rnd64() % 4 ? (int)(rnd64() % (uint64_t)(2 * nd)) - nd : JAXC_ALL_AXES;
    int64_t n = axis == JAXC_ALL_AXES ? jaxc_array_size(a) : jaxc_array_shape(a)[axis < 0 ? axis + nd : axis];
    int64_t m = (int64_t)(rnd64() % (uint64_t)(n + 4));
    jaxc_array *c = random_values(trial % 2 ? JAXC_BOOL : concrete[rnd64() % NCONCRETE], 1, &m);
    bool extra = false;
    for (int64_t i = n; i < m; i++) extra |= truthy(c, i);
    int64_t k = n < m ? n : m;
    int64_t size = rnd64() % 2 ? JAXC_NONE : (int64_t)(rnd64() % (uint64_t)(k + 2)) - (trial % 11 == 0);
    jaxc_array *fill = rnd64() % 2 ? random_values(concrete[rnd64() % NCONCRETE], 0, NULL) : NULL;
    uint64_t sa = checksum(a), sc = checksum(c);
    jaxc_array *r = jaxc_compress(c, a, axis, size, fill);
    char what[64];
    snprintf(what, sizeof what, "compress trial %d", trial);
    if (size == JAXC_NONE && extra) {
      CHECK_MSG(!r && strcmp(jaxc_last_error(), "condition contains entries that are out of bounds") == 0, "%s: extra", what);
    } else if (size != JAXC_NONE && (size < 0 || size > k)) {
      char want[200];
      snprintf(want, sizeof want,
               "size must be positive and not greater than the size of the array axis; got size=%lld for a.shape[axis]=%lld",
               (long long)size, (long long)k);
      CHECK_MSG(!r && strcmp(jaxc_last_error(), want) == 0, "%s: %s", what, msg_is(want));
    } else {
      CHECK_MSG(r != NULL, "%s: %s", what, jaxc_last_error());
      if (r) check_compress(c, a, axis, size, fill, r, what);
      /* extract is compress of the flattened pair */
      if (axis == JAXC_ALL_AXES) {
        jaxc_array *e = jaxc_extract(c, a, size, fill);
        CHECK(e && r && jaxc_array_size(e) == jaxc_array_size(r) && jaxc_array_dtype(e) == jaxc_array_dtype(r) &&
              memcmp(jaxc_array_data(e), jaxc_array_data(r), (size_t)jaxc_array_size(r) * jaxc_dtype_size(jaxc_array_dtype(r))) == 0);
        jaxc_array_free(e);
      }
    }
    CHECK(checksum(a) == sa && checksum(c) == sc);
    FREE_ALL(r, a, c, fill);
  }
  /* past JAXC_PAR_BYTES: a piece per thread, each compacting into its place */
  for (int trial = 0; trial < 4; trial++) {
    int64_t big = (1 << 20) + 7, m = trial == 3 ? big - 1000 : big;
    jaxc_array *a = random_values(trial ? JAXC_F32 : JAXC_U8, 1, &big), *c = random_values(JAXC_BOOL, 1, &m);
    int64_t size = trial == 2 ? 1000 : trial == 1 ? m / 2 + 77 : JAXC_NONE;
    jaxc_array *f = trial == 1 ? jaxc_weak_float(-1.5) : NULL, *r = jaxc_compress(c, a, 0, size, f);
    CHECK_MSG(r != NULL, "large compress %d: %s", trial, jaxc_last_error());
    if (r) check_compress(c, a, 0, size, f, r, "large compress");
    FREE_ALL(a, c, f, r);
  }
  /* selections of every density (none, 1 in 16, half, all but 1 in 16, all), for the vector
     compaction of 4- and 8-byte slices (16 or 8 at once) and the scalar loop after it */
  static const jaxc_dtype dense_dts[] = {JAXC_F32, JAXC_I32, JAXC_I64, JAXC_C64, JAXC_F64, JAXC_U8, JAXC_C128};
  for (int trial = 0; trial < 140; trial++) {
    int64_t n = 200 + (int64_t)(rnd64() % 900), ones = 0;
    int density = trial % 5; /* in sixteenths: 0, 1, 8, 15, 16 */
    int sixteenths = density == 0 ? 0 : density == 1 ? 1 : density == 2 ? 8 : density == 3 ? 15 : 16;
    bool *cv = (bool *)malloc((size_t)n);
    for (int64_t i = 0; i < n; i++) ones += cv[i] = (int)(rnd64() % 16) < sixteenths;
    jaxc_array *a = random_values(dense_dts[trial / 5 % 7], 1, &n), *c = jaxc_array_from_data(JAXC_BOOL, 1, &n, cv);
    int64_t size = trial % 3 == 0 ? JAXC_NONE : (int64_t)(rnd64() % (uint64_t)(ones + 1));
    jaxc_array *r = jaxc_compress(c, a, 0, size, NULL);
    CHECK_MSG(r != NULL, "dense compress %d: %s", trial, jaxc_last_error());
    if (r) check_compress(c, a, 0, size, NULL, r, "dense compress");
    FREE_ALL(a, c, r);
    free(cv);
  }
  /* a bool condition made from caller bytes other than 0 and 1 (crashed before the thirty-ninth
     session: the count summed the bytes): each nonzero byte selects once */
  for (int trial = 0; trial < 12; trial++) {
    int64_t n = 100 + 97 * trial;
    unsigned char *raw = (unsigned char *)malloc((size_t)n);
    bool *norm = (bool *)malloc((size_t)n);
    static const unsigned char byte_of[4] = {0, 1, 2, 255};
    for (int64_t i = 0; i < n; i++) raw[i] = byte_of[rnd64() % 4], norm[i] = raw[i] != 0;
    jaxc_array *a = random_values(dense_dts[trial % 7], 1, &n), *c = jaxc_array_from_data(JAXC_BOOL, 1, &n, raw),
               *c01 = jaxc_array_from_data(JAXC_BOOL, 1, &n, norm);
    jaxc_array *r = jaxc_compress(c, a, 0, JAXC_NONE, NULL), *want = jaxc_compress(c01, a, 0, JAXC_NONE, NULL);
    CHECK_MSG(r && want && jaxc_array_size(r) == jaxc_array_size(want) &&
                  memcmp(jaxc_array_data(r), jaxc_array_data(want), (size_t)jaxc_array_size(r) * jaxc_dtype_size(jaxc_array_dtype(r))) == 0,
              "compress by raw bool bytes, trial %d", trial);
    const unsigned char *held = (const unsigned char *)jaxc_array_data(c); /* from_data keeps 0 and 1 only */
    bool only01 = true;
    for (int64_t i = 0; i < n; i++) only01 &= held[i] == (raw[i] != 0);
    CHECK_MSG(only01, "bool from bytes, trial %d", trial);
    FREE_ALL(a, c, c01, r, want);
    free(raw), free(norm);
  }
  for (int trial = 0; trial < 4; trial++) { /* 2-D: rows over the threads (axis 1), or wide slices (axis 0) */
    int64_t s2[2] = {trial < 2 ? 600 : 3001, trial < 2 ? 3001 : 300}, m = s2[trial < 2 ? 1 : 0] - (trial & 1) * 50;
    jaxc_array *a = random_values(trial & 1 ? JAXC_I16 : JAXC_F32, 2, s2), *c = random_values(JAXC_BOOL, 1, &m);
    int64_t size = trial & 1 ? m / 2 + 3 : JAXC_NONE;
    jaxc_array *f = trial & 1 ? jaxc_weak_int(-9) : NULL, *r = jaxc_compress(c, a, trial < 2 ? 1 : 0, size, f);
    CHECK_MSG(r != NULL, "large 2-D compress %d: %s", trial, jaxc_last_error());
    if (r) check_compress(c, a, trial < 2 ? 1 : 0, size, f, r, "large 2-D compress");
    FREE_ALL(a, c, f, r);
  }
  /* the docstring, errors */
  int64_t s34[2] = {3, 4}, three = 3;
  int32_t xv[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  bool cv[3] = {true, false, true};
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 2, s34, xv), *c = jaxc_array_from_data(JAXC_BOOL, 1, &three, cv);
  expect_print(jaxc_compress(c, x, 0, JAXC_NONE, NULL), "Array([[ 1,  2,  3,  4],\n       [ 9, 10, 11, 12]], dtype=int32)", "compress docstring");
  expect_print(jaxc_compress(c, x, 1, JAXC_NONE, NULL), "Array([[ 1,  3],\n       [ 5,  7],\n       [ 9, 11]], dtype=int32)", "compress axis 1");
  expect_print(jaxc_compress(c, x, JAXC_ALL_AXES, JAXC_NONE, NULL), "Array([1, 3], dtype=int32)", "compress flat");
  jaxc_array *f = jaxc_weak_float(-7.9);
  expect_print(jaxc_compress(c, x, 1, 3, f), "Array([[ 1,  3, -7],\n       [ 5,  7, -7],\n       [ 9, 11, -7]], dtype=int32)",
               "compress size, fill truncated to int32");
  CHECK_FAILS(jaxc_compress(x, x, 0, JAXC_NONE, NULL), "condition must be a 1D array");
  CHECK_FAILS(jaxc_compress(c, x, 2, JAXC_NONE, NULL), "axis 2 is out of bounds for array of dimension 2");
  CHECK_FAILS(jaxc_compress(c, x, 1, 4, NULL),
              "size must be positive and not greater than the size of the array axis; got size=4 for a.shape[axis]=3");
  CHECK_FAILS(jaxc_compress(c, x, 1, 3, c), "compress: fill_value must be a scalar (a 0-d array), got shape (3,)");
  CHECK_FAILS(jaxc_compress(NULL, x, 1, 3, NULL), "compress: the condition is NULL");
  CHECK_FAILS(jaxc_extract(c, NULL, 3, NULL), "extract: the array is NULL");
  /* extract's docstring-like facts: a 2-D condition, a longer condition with only False beyond */
  int64_t s5 = 14;
  bool lv[14] = {false, true, false, false, true, false, false, false, false, false, false, true, false, false};
  jaxc_array *lc = jaxc_array_from_data(JAXC_BOOL, 1, &s5, lv);
  expect_print(jaxc_extract(lc, x, JAXC_NONE, NULL), "Array([ 2,  5, 12], dtype=int32)", "extract");
  lv[13] = true;
  jaxc_array *lc2 = jaxc_array_from_data(JAXC_BOOL, 1, &s5, lv);
  CHECK_FAILS(jaxc_extract(lc2, x, JAXC_NONE, NULL), "condition contains entries that are out of bounds");
  expect_print(jaxc_extract(lc2, x, 5, NULL), "Array([ 2,  5, 12,  0,  0], dtype=int32)", "extract size ignores the extra");
  FREE_ALL(x, c, f, lc, lc2);
}

/* ---- array_equal, array_equiv ------------------------------------------------------------------ */
static bool result_bool(jaxc_array *r, int *ok) {
  *ok = r && jaxc_array_dtype(r) == JAXC_BOOL && jaxc_array_ndim(r) == 0 && !jaxc_array_is_weak(r);
  bool v = *ok && *(const bool *)jaxc_array_data(r);
  jaxc_array_free(r);
  return v;
}
static void test_equal(void) {
  int ok;
  /* same dtype: the reference compares decoded values (NaN unequal, -0 == 0) */
  for (int trial = 0; trial < 3000; trial++) {
    jaxc_dtype d = concrete[trial % NCONCRETE];
    int64_t n = 1 + (int64_t)(rnd64() % (trial % 50 == 0 ? 300000 : 20));
    jaxc_array *a = random_values(d, 1, &n), *b;
    d = jaxc_array_dtype(a), b = jaxc_astype(a, d);
    int flips = (int)(rnd64() % 3); /* 0: the same bytes */
    size_t es = jaxc_dtype_size(d);
    for (int f = 0; f < flips; f++) {
      int64_t i = (int64_t)(rnd64() % (uint64_t)n);
      unsigned char *p = (unsigned char *)jaxc_array_data(b) + (size_t)i * es;
      p[rnd64() % es] ^= (unsigned char)(d == JAXC_BOOL ? 1 : 1u << (rnd64() % 8));
    }
    bool want = true, want_nan = true;
    for (int64_t i = 0; i < n; i++) {
      ordval u = decode(d, elem(a, i)), v = decode(d, elem(b, i));
      bool eq = u.cls == 2 ? (u.re == v.re && u.im == v.im) : u.u == v.u && u.i == v.i;
      bool bothnan = u.cls == 2 && (u.re != u.re || u.im != u.im) && (v.re != v.re || v.im != v.im);
      want &= eq, want_nan &= eq || bothnan;
    }
    bool got = result_bool(jaxc_array_equal(a, b, false), &ok);
    CHECK_MSG(ok && got == want, "array_equal %s trial %d", jaxc_dtype_name(d), trial);
    got = result_bool(jaxc_array_equal(a, b, true), &ok);
    CHECK_MSG(ok && got == want_nan, "array_equal equal_nan %s trial %d", jaxc_dtype_name(d), trial);
    got = result_bool(jaxc_array_equiv(a, b), &ok);
    CHECK_MSG(ok && got == want, "array_equiv %s trial %d", jaxc_dtype_name(d), trial);
    jaxc_array_free(a), jaxc_array_free(b);
  }
  /* JAX's promotion decides mixed dtypes (x64 off) */
  int64_t one = 1, three = 3, s23[2] = {2, 3}, s13[2] = {1, 3}, s24[2] = {2, 4};
  jaxc_array *u = jaxc_array_from_data(JAXC_U32, 1, &one, (uint32_t[]){4294967295u});
  jaxc_array *i = jaxc_array_from_data(JAXC_I32, 1, &one, (int32_t[]){-1});
  CHECK(result_bool(jaxc_array_equal(u, i, false), &ok) && ok);
  jaxc_array *i2 = jaxc_array_from_data(JAXC_I32, 1, &one, (int32_t[]){16777217});
  jaxc_array *f2 = jaxc_array_from_data(JAXC_F32, 1, &one, (float[]){16777216.0f});
  CHECK(result_bool(jaxc_array_equal(i2, f2, false), &ok) && ok);
  jaxc_set_x64(true);
  CHECK(!result_bool(jaxc_array_equal(u, i, false), &ok) && ok); /* int64 now: 2^32 - 1 != -1 */
  jaxc_set_x64(false);
  /* shapes: array_equal never broadcasts; array_equiv does, and returns false only for
     promote_shapes' error (ranks differ) */
  jaxc_array *r3 = jaxc_array_ones(JAXC_F32, 1, &three), *m23 = jaxc_array_ones(JAXC_I8, 2, s23), *m13 = jaxc_array_ones(JAXC_F32, 2, s13);
  jaxc_array *m24 = jaxc_array_ones(JAXC_F32, 2, s24), *w1 = jaxc_weak_int(1), *w2 = jaxc_weak_float(2);
  CHECK(!result_bool(jaxc_array_equal(r3, m13, false), &ok) && ok);
  CHECK(result_bool(jaxc_array_equal(r3, r3, false), &ok) && ok);
  CHECK(result_bool(jaxc_array_equiv(r3, m13), &ok) && ok);
  CHECK(result_bool(jaxc_array_equiv(r3, m23), &ok) && ok);
  CHECK(result_bool(jaxc_array_equiv(m23, w1), &ok) && ok);
  CHECK(!result_bool(jaxc_array_equiv(m23, w2), &ok) && ok);
  CHECK(!result_bool(jaxc_array_equiv(r3, m24), &ok) && ok);
  CHECK_FAILS(jaxc_array_equiv(m23, m24), "eq got incompatible shapes for broadcasting: (2, 3), (2, 4).");
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  CHECK(!result_bool(jaxc_array_equal(r3, m13, false), &ok) && ok); /* shapes first: no promotion */
  jaxc_array *r3i = jaxc_array_ones(JAXC_I8, 1, &three);
  jaxc_array *r = jaxc_array_equal(r3, r3i, false);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_PROMOTION);
  r = jaxc_array_equiv(r3i, m24); /* promote_dtypes' error comes before the shapes' */
  CHECK(!r && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  CHECK_FAILS(jaxc_array_equal(NULL, r3, false), "array_equal: an array is NULL");
  FREE_ALL(u, i, i2, f2, r3, m23, m13, m24, w1, w2, r3i);
}

int main(void) {
  if (!load_golden_table(golden)) return check_summary("test_select");
  test_select_dtypes();
  test_select_random();
  test_select_exhaustive_and_large();
  test_select_facts_and_errors();
  test_choose();
  test_choose_facts_and_errors();
  test_compress();
  test_equal();
  return check_summary("test_select");
}
