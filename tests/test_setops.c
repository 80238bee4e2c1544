/* test_setops.c — jnp.isin, intersect1d, union1d, setdiff1d and setxor1d.
   References written here from JAX's Python (jax/_src/numpy/setops.py), not from the library:
     - == on decoded values (ints as int64/uint64, bfloat16/float16 from their fields, complex by
       both parts): -0.0 equals 0.0, a NaN equals nothing; isin by comparing every pair;
     - unique as JAX's: complex values with a NaN part made nan+0j, a stable insertion sort on
       lax.sort's order (NaNs last and equal), the first of each group kept;
     - intersect1d and setxor1d as JAX's lines: the (unique) operands concatenated and sorted
       stably, neighbours compared; the indices read from the sorted concatenation's positions;
       size and fill_value as _intersect1d_size and _setxor1d_size pad (the smallest result
       laundered through the largest, 0 for none, NaN where a NaN is among them);
     - setdiff1d as JAX's: a's unique values (or a) filtered by not-isin, its padded-unique count
       when size is given (a list of NaNs keeps its padding);
     - union1d as unique of the concatenation;
     - result dtypes and weak flags from JAX 0.11.2's recorded promotion table (golden), strict
       mode's refusal with JAX's message;
     - exhaustive: every float16, bfloat16, int8 and uint8 pattern tested for membership; every
       int8 x int8 pair of one-element sets through the five functions;
     - large operands (2^20 uint16 and int32 values) against presence tables counted here;
     - JAX's docstring examples, errors, inputs unchanged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static const jaxc_dtype all_dtypes[] = {JAXC_BOOL, JAXC_U8,   JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8,  JAXC_I16,
                                        JAXC_I32,  JAXC_I64,  JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
#define NDT ((int)(sizeof all_dtypes / sizeof all_dtypes[0]))
static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8];
static long n_cases;

static size_t esz(const jaxc_array *a) { return jaxc_dtype_size(jaxc_array_dtype(a)); }
static const char *elem(const jaxc_array *a, int64_t k) { return (const char *)jaxc_array_data(a) + (size_t)k * esz(a); }
static bool is_complex(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX; }

/* ---- the reference's values ------------------------------------------------------------------ */
typedef struct item { ordval v; const char *p; int64_t pos; } item; /* value, its bytes, its place */
static bool val_nan(ordval v) { return v.cls == 2 && (v.re != v.re || v.im != v.im); }
static bool val_eq(ordval x, ordval y) { /* Python's == */
  if (x.cls == 0) return x.u == y.u;
  if (x.cls == 1) return x.i == y.i;
  return x.re == y.re && x.im == y.im;
}
/* x (of dtype d) as items, positions counted from base */
static item *items_of(const jaxc_array *x, int64_t base) {
  int64_t n = jaxc_array_size(x);
  item *it = malloc((size_t)(n > 0 ? n : 1) * sizeof *it);
  for (int64_t i = 0; i < n; i++) it[i].v = decode(jaxc_array_dtype(x), elem(x, i)), it[i].p = elem(x, i), it[i].pos = base + i;
  return it;
}
static void sort_items(item *it, int64_t n) { /* stable insertion sort on lax.sort's order */
  for (int64_t i = 1; i < n; i++) {
    item t = it[i];
    int64_t j = i;
    while (j > 0 && order_cmp(it[j - 1].v, t.v) > 0) it[j] = it[j - 1], j--;
    it[j] = t;
  }
}
static char canon_nan[16]; /* nan+0j in the dtype at hand */
/* JAX's unique, in place: complex NaNs made nan+0j, sorted, the first of each group */
static int64_t unique_items(item *it, int64_t n, jaxc_dtype d) {
  if (is_complex(d)) {
    jaxc_kernel_cast_dyn(JAXC_C128, d, 1, (double[]){NAN, 0.0}, canon_nan);
    for (int64_t i = 0; i < n; i++)
      if (val_nan(it[i].v)) it[i].v = decode(d, canon_nan), it[i].p = canon_nan;
  }
  sort_items(it, n);
  int64_t k = 0;
  for (int64_t i = 0; i < n; i++)
    if (i == 0 || order_cmp(it[i].v, it[k - 1].v) != 0) it[k++] = it[i];
  return k;
}

/* ---- operands --------------------------------------------------------------------------------- */
/* n values of d from a small pool (so that the operands share values): small integers, and for
   floats -0.0, 0.0, NaNs of both signs, infinities, halves; complex parts drawn alike */
static void pool_value(jaxc_dtype st, char *p) {
  static const double fpool[] = {-0.0, 0.0, NAN, -NAN, INFINITY, -INFINITY, 0.5, -2.5, 1.0, 3.0, -1.0, 2.0};
  double v[2];
  for (int k = 0; k < 2; k++) {
    uint64_t r = rnd64();
    bool fl = jaxc_dtype_kind(st) == JAXC_KIND_FLOAT || is_complex(st);
    v[k] = fl ? fpool[r % 12] : jaxc_dtype_kind(st) == JAXC_KIND_UINT ? (double)(r % 9) : (double)(int)(r % 13) - 6;
    if (k == 1 && (!is_complex(st) || (rnd64() & 1))) v[1] = 0.0;
  }
  if (st == JAXC_BOOL) v[0] = (double)(rnd64() & 1);
  jaxc_kernel_cast_dyn(JAXC_C128, st, 1, v, p);
}
static jaxc_array *pool_array(jaxc_dtype d, int nd, const int64_t *shape) {
  jaxc_array *a = jaxc_array_empty(d, nd, shape);
  for (int64_t i = 0; a && i < jaxc_array_size(a); i++) pool_value(jaxc_array_dtype(a), (char *)jaxc_array_data(a) + (size_t)i * esz(a));
  return a;
}
static jaxc_array *ints(jaxc_dtype d, int64_t n, const int64_t *v) {
  jaxc_array *a = jaxc_array_empty(d, 1, &n);
  for (int64_t i = 0; a && i < n; i++) jaxc_kernel_cast_dyn(JAXC_F64, jaxc_array_dtype(a), 1, (double[]){(double)v[i]}, (char *)jaxc_array_data(a) + (size_t)i * esz(a));
  return a;
}
static jaxc_array *f32s(int64_t n, const float *v) { return jaxc_array_from_data(JAXC_F32, 1, &n, v); }

/* ---- the reference of each op ------------------------------------------------------------------ */
typedef struct expect {
  item *v;           /* the results (before size) */
  int64_t n;
  int64_t *i1, *i2;  /* intersect1d's indices */
} expect;
static void expect_free(expect *e) { free(e->v), free(e->i1), free(e->i2); }
typedef enum { OP_INTERSECT, OP_XOR, OP_DIFF, OP_UNION } setop;

/* JAX's sorted concatenation of the (unique) operands: A's items then B's, positions in the
   concatenation (B's from na on; the unique path: each value's first occurrence) */
static item *sorted_concat(const jaxc_array *A, const jaxc_array *B, bool uniq, int64_t *N, int64_t *na_part) {
  jaxc_dtype d = jaxc_array_dtype(A);
  int64_t na = jaxc_array_size(A), nb = jaxc_array_size(B);
  item *a = items_of(A, 0), *b = items_of(B, 0);
  if (uniq) na = unique_items(a, na, d), nb = unique_items(b, nb, d);
  item *s = malloc((size_t)(na + nb > 0 ? na + nb : 1) * sizeof *s);
  /* positions: the unique path's concatenation positions are the list places (JAX then maps them
     through return_index), so keep the first occurrence and mark B's by adding the raw size */
  for (int64_t i = 0; i < na; i++) s[i] = a[i];
  for (int64_t i = 0; i < nb; i++) s[na + i] = b[i], s[na + i].pos += jaxc_array_size(A);
  sort_items(s, na + nb);
  free(a), free(b);
  *N = na + nb, *na_part = jaxc_array_size(A);
  return s;
}
static expect ref_intersect_xor(setop op, const jaxc_array *A, const jaxc_array *B, bool uniq) {
  int64_t N, na;
  item *s = sorted_concat(A, B, uniq, &N, &na);
  expect e = {malloc((size_t)(N > 0 ? N : 1) * sizeof(item)), 0, malloc((size_t)(N > 0 ? N : 1) * 8), malloc((size_t)(N > 0 ? N : 1) * 8)};
  for (int64_t t = 0; t < N; t++) {
    bool next = t + 1 < N && val_eq(s[t].v, s[t + 1].v), prev = t > 0 && val_eq(s[t - 1].v, s[t].v);
    if (op == OP_INTERSECT && next) e.i1[e.n] = s[t].pos, e.i2[e.n] = s[t + 1].pos - na, e.v[e.n++] = s[t];
    if (op == OP_XOR && !next && !prev) e.v[e.n++] = s[t];
  }
  free(s);
  return e;
}
static expect ref_diff(const jaxc_array *a, const jaxc_array *Ac, const jaxc_array *Bc, bool uniq, int64_t size) {
  /* a in its own dtype; Ac, Bc: both in the promoted dtype (membership compares there) */
  int64_t n = jaxc_array_size(a), m = jaxc_array_size(Bc);
  item *it = items_of(a, 0), *ac = items_of(Ac, 0), *bc = items_of(Bc, 0);
  expect e = {malloc((size_t)(n > 0 ? n : 1) * sizeof(item)), 0, NULL, NULL};
  int64_t nu = uniq ? unique_items(it, n, jaxc_array_dtype(a)) : n;
  for (int64_t j = 0; j < nu; j++) {
    bool in = false;
    for (int64_t k = 0; k < m && !in; k++) in = val_eq(ac[it[j].pos].v, bc[k].v);
    if (!in) e.v[e.n++] = it[j];
  }
  /* size given: unique(a, size=a.size) pads with its first value; values == values[0] counts
     none when that is a NaN, and then the padding counts as kept too */
  if (size != JAXC_NONE && uniq && nu > 0 && val_nan(it[0].v))
    for (int64_t j = nu; j < n; j++) e.v[e.n++] = it[0];
  free(it), free(ac), free(bc);
  return e;
}

/* result r (values, its dtype dt) against e cut or padded to size: the kept ones bit for bit; the
   padding fill's bits, or the op's default: PAD_ZERO 0 (setdiff1d), PAD_FIRST the smallest value's
   bits (unique's), PAD_LAUNDER the smallest result through the largest (0 for none, NaN where a
   NaN is kept) */
typedef enum { PAD_ZERO, PAD_FIRST, PAD_LAUNDER } padding;
static bool same_bits(const char *x, const char *y, size_t w) { return memcmp(x, y, w) == 0; }
static bool all_zero(const char *x, size_t w) {
  for (size_t k = 0; k < w; k++)
    if (x[k]) return false;
  return true;
}
static void check_values(const char *what, const jaxc_array *r, jaxc_dtype dt, const expect *e, int64_t size, const jaxc_array *fill,
                         padding pad) {
  int64_t len = size == JAXC_NONE ? e->n : size;
  CHECK_MSG(r && jaxc_array_ndim(r) == 1 && jaxc_array_size(r) == len && jaxc_array_dtype(r) == dt, "%s: shape/dtype (got %lld, want %lld)", what,
            r ? (long long)jaxc_array_size(r) : -1LL, (long long)len);
  if (!r || jaxc_array_size(r) != len || jaxc_array_dtype(r) != dt) return;
  size_t w = jaxc_dtype_size(dt);
  bool any_nan = false;
  for (int64_t j = 0; j < e->n && j < len; j++) any_nan |= val_nan(e->v[j].v);
  for (int64_t j = 0; j < len; j++) {
    const char *got = elem(r, j);
    bool ok;
    if (j < e->n) ok = same_bits(got, e->v[j].p, w);
    else if (fill) ok = same_bits(got, jaxc_array_data(fill), w);
    else if (pad == PAD_ZERO || e->n == 0) ok = all_zero(got, w);
    else if (pad == PAD_FIRST) ok = same_bits(got, e->v[0].p, w);
    else ok = any_nan ? val_nan(decode(dt, got)) : val_eq(decode(dt, got), e->v[0].v);
    CHECK_MSG(ok, "%s: %s at %lld", what, j < e->n ? "value" : "padding", (long long)j);
  }
}
static void check_indices(const char *what, const jaxc_array *ix, jaxc_dtype want, const int64_t *v, int64_t n, int64_t len, int64_t pad) {
  CHECK_MSG(ix && jaxc_array_dtype(ix) == want && jaxc_array_size(ix) == len && !jaxc_array_is_weak(ix), "%s: dtype/length", what);
  if (!ix || jaxc_array_size(ix) != len || jaxc_array_dtype(ix) != want) return;
  for (int64_t j = 0; j < len; j++) {
    int64_t got = want == JAXC_I32 ? *(const int32_t *)elem(ix, j) : *(const int64_t *)elem(ix, j);
    CHECK_MSG(got == (j < n ? v[j] : pad), "%s[%lld] = %lld, want %lld", what, (long long)j, (long long)got, (long long)(j < n ? v[j] : pad));
  }
}

/* ---- one case of all five functions against the references ---------------------------------- */
static jaxc_dtype node_of(const jaxc_array *x) {
  jaxc_dtype d = jaxc_array_dtype(x);
  if (!jaxc_array_is_weak(x)) return d;
  return jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX ? JAXC_WEAK_COMPLEX : jaxc_dtype_kind(d) == JAXC_KIND_FLOAT ? JAXC_WEAK_FLOAT : JAXC_WEAK_INT;
}
static void check_case(const jaxc_array *a, const jaxc_array *b, bool assume_unique, int64_t size, bool with_fill, int strict, int x64) {
  n_cases++;
  const char *g = golden[strict][x64][node_of(a)][node_of(b)];
  uint64_t ca = checksum(a), cb = checksum(b);
  char what[160];
  snprintf(what, sizeof what, "%s%s x %s%s au=%d size=%lld strict=%d x64=%d", jaxc_dtype_name(jaxc_array_dtype(a)), jaxc_array_is_weak(a) ? "~" : "",
           jaxc_dtype_name(jaxc_array_dtype(b)), jaxc_array_is_weak(b) ? "~" : "", assume_unique, (long long)size, strict, x64);
  bool weak;
  jaxc_dtype dt = golden_cell(g, &weak);
  jaxc_array *isin = jaxc_isin(a, b, false), *notin = jaxc_isin(a, b, true), *v = NULL, *i1 = NULL, *i2 = NULL;
  int st = jaxc_intersect1d(a, b, assume_unique, size, NULL, &v, &i1, &i2);
  jaxc_array *x = jaxc_setxor1d(a, b, assume_unique, size, NULL), *u = jaxc_union1d(a, b, size, NULL);
  bool empty_a = jaxc_array_size(a) == 0 || size == 0;
  jaxc_array *d = jaxc_setdiff1d(a, b, assume_unique, size, NULL);
  if (g[0] == '-') {
    CHECK_MSG(!isin && !notin && !v && !i1 && !i2 && st == JAXC_ERR_PROMOTION && !x && !u, "%s: strict mode refuses", what);
    CHECK_MSG(empty_a ? d != NULL : d == NULL, "%s: setdiff1d in strict mode", what);
  } else {
    jaxc_array *A = jaxc_astype(a, dt), *B = jaxc_astype(b, dt);
    /* isin */
    CHECK_MSG(isin && notin && jaxc_array_dtype(isin) == JAXC_BOOL && jaxc_array_ndim(isin) == jaxc_array_ndim(a) && jaxc_array_size(isin) == jaxc_array_size(a),
              "%s: isin shape", what);
    for (int64_t i = 0; isin && notin && i < jaxc_array_size(a); i++) {
      bool in = false;
      ordval e = decode(dt, elem(A, i));
      for (int64_t k = 0; k < jaxc_array_size(B) && !in; k++) in = val_eq(e, decode(dt, elem(B, k)));
      CHECK_MSG(((const bool *)jaxc_array_data(isin))[i] == in && ((const bool *)jaxc_array_data(notin))[i] == !in, "%s: isin at %lld", what, (long long)i);
    }
    /* intersect1d */
    bool empty_aux = jaxc_array_size(a) + jaxc_array_size(b) == 0;
    expect e = ref_intersect_xor(OP_INTERSECT, A, B, !assume_unique);
    CHECK_MSG(st == JAXC_OK && v && jaxc_array_is_weak(v) == (weak && !(size != JAXC_NONE && empty_aux)), "%s: intersect1d status/weak", what);
    check_values(what, v, dt, &e, size, NULL, PAD_LAUNDER);
    jaxc_dtype it = size != JAXC_NONE || !assume_unique ? (x64 ? JAXC_I64 : JAXC_I32) : JAXC_I32;
    int64_t ilen = size == JAXC_NONE ? e.n : empty_aux ? 0 : size;
    check_indices(what, i1, it, e.i1, e.n, ilen, jaxc_array_size(a));
    check_indices(what, i2, it, e.i2, e.n, ilen, jaxc_array_size(b));
    if (!assume_unique) /* what the indices mean: the first places of the value in a and in b */
      for (int64_t j = 0; j < e.n; j++) {
        ordval val = e.v[j].v;
        int64_t f1 = 0, f2 = 0;
        while (!val_eq(decode(dt, elem(A, f1)), val)) f1++;
        while (!val_eq(decode(dt, elem(B, f2)), val)) f2++;
        CHECK_MSG(e.i1[j] == f1 && e.i2[j] == f2, "%s: reference indices are first occurrences", what);
      }
    expect_free(&e);
    /* setxor1d */
    e = ref_intersect_xor(OP_XOR, A, B, !assume_unique);
    CHECK_MSG(x && jaxc_array_is_weak(x) == (weak && !(size != JAXC_NONE && empty_aux)), "%s: setxor1d weak", what);
    check_values(what, x, dt, &e, size, NULL, PAD_LAUNDER);
    expect_free(&e);
    /* union1d: unique of the concatenation */
    if (!(empty_aux && size != JAXC_NONE && size > 0)) {
      const jaxc_array *both[2] = {A, B};
      jaxc_array *cat = jaxc_concatenate(2, both, JAXC_ALL_AXES);
      item *it = items_of(cat, 0);
      expect eu = {it, unique_items(it, jaxc_array_size(cat), dt), NULL, NULL};
      CHECK_MSG(u && jaxc_array_is_weak(u) == weak, "%s: union1d weak", what);
      check_values(what, u, dt, &eu, size, NULL, PAD_FIRST);
      jaxc_array_free(cat);
      free(it);
    } else {
      CHECK_MSG(!u && strcmp(jaxc_last_error(), "jnp.unique: for zero-sized input with nonzero size argument, fill_value must be specified") == 0,
                "%s: union1d of nothing", what);
    }
    /* setdiff1d: a's dtype */
    if (empty_a) {
      CHECK_MSG(d && jaxc_array_size(d) == (size == JAXC_NONE ? 0 : size) && jaxc_array_dtype(d) == jaxc_array_dtype(a), "%s: setdiff1d empty", what);
      for (int64_t j = 0; d && j < jaxc_array_size(d); j++) CHECK(all_zero(elem(d, j), esz(d)));
    } else {
      e = ref_diff(a, A, B, !assume_unique, size);
      CHECK_MSG(d && jaxc_array_is_weak(d) == jaxc_array_is_weak(a), "%s: setdiff1d weak", what);
      check_values(what, d, jaxc_array_dtype(a), &e, size, NULL, PAD_ZERO);
      expect_free(&e);
    }
    jaxc_array_free(A), jaxc_array_free(B);
  }
  /* fill_value given: intersect1d and setxor1d pad through jnp.where, setdiff1d converts */
  if (with_fill && g[0] != '-' && size != JAXC_NONE && size > 0) {
    jaxc_array *f = jaxc_array_empty(dt, 0, NULL), *r = NULL, *A = jaxc_astype(a, dt), *B = jaxc_astype(b, dt);
    pool_value(jaxc_array_dtype(f), (char *)jaxc_array_data(f));
    CHECK(jaxc_intersect1d(a, b, assume_unique, size, f, &r, NULL, NULL) == JAXC_OK);
    expect e = ref_intersect_xor(OP_INTERSECT, A, B, !assume_unique);
    check_values(what, r, dt, &e, size, f, PAD_LAUNDER);
    expect_free(&e), jaxc_array_free(r);
    r = jaxc_setxor1d(a, b, assume_unique, size, f);
    e = ref_intersect_xor(OP_XOR, A, B, !assume_unique);
    check_values(what, r, dt, &e, size, f, PAD_LAUNDER);
    expect_free(&e), jaxc_array_free(r);
    jaxc_array_free(f), jaxc_array_free(A), jaxc_array_free(B);
  }
  CHECK_MSG(checksum(a) == ca && checksum(b) == cb, "%s: inputs unchanged", what);
  jaxc_array_free(isin), jaxc_array_free(notin), jaxc_array_free(v), jaxc_array_free(i1), jaxc_array_free(i2);
  jaxc_array_free(x), jaxc_array_free(u), jaxc_array_free(d);
}

/* every dtype pair (and the weak scalars) in every golden mode, shapes 0-d to 2-d, sizes none,
   short, long and 0, assume_unique both ways (its broken promise included: the pools repeat) */
static void test_pairs(void) {
  const int64_t sizes[] = {JAXC_NONE, 0, 1, 3, 9};
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int i = 0; i < NDT + 3; i++)
      for (int j = 0; j < NDT + 3; j++) {
        int64_t sa[2] = {1 + (int64_t)(rnd64() % 4), 1 + (int64_t)(rnd64() % 3)}, sb[1] = {(int64_t)(rnd64() % 7)};
        int nda = (int)(rnd64() % 3);
        jaxc_array *a = i < NDT ? pool_array(all_dtypes[i], nda, sa) : weak_node_scalar(JAXC_WEAK_INT + i - NDT, false);
        jaxc_array *b = j < NDT ? pool_array(all_dtypes[j], 1, sb) : weak_node_scalar(JAXC_WEAK_INT + j - NDT, true);
        int64_t size = sizes[rnd64() % 5];
        bool au = rnd64() & 1;
        check_case(a, b, au, size, true, strict, x64);
        jaxc_array_free(a), jaxc_array_free(b);
      }
  }
  golden_mode(0, 0);
}
/* each pair of a dtype with itself, longer operands, many draws */
static void test_same_dtype(void) {
  for (int rep = 0; rep < 40; rep++)
    for (int i = 0; i < NDT; i++) {
      jaxc_set_x64(rep & 1);
      int64_t na = (int64_t)(rnd64() % 40), nb = (int64_t)(rnd64() % 40);
      jaxc_array *a = pool_array(all_dtypes[i], 1, &na), *b = pool_array(all_dtypes[i], 1, &nb);
      int64_t size = rep % 3 == 0 ? JAXC_NONE : (int64_t)(rnd64() % 50);
      check_case(a, b, rep % 4 == 1, size, true, 0, rep & 1);
      jaxc_array_free(a), jaxc_array_free(b);
    }
  jaxc_set_x64(false);
}

/* every int8 pair of one-value operands: intersect, xor, diff, union and isin as set algebra */
static void test_int8_pairs(void) {
  for (int x = -128; x < 128; x++)
    for (int y = -128; y < 128; y++) {
      jaxc_array *a = ints(JAXC_I8, 1, (int64_t[]){x}), *b = ints(JAXC_I8, 1, (int64_t[]){y});
      jaxc_array *in = jaxc_isin(a, b, false), *v = NULL, *x1 = jaxc_setxor1d(a, b, false, JAXC_NONE, NULL);
      jaxc_array *d = jaxc_setdiff1d(a, b, false, JAXC_NONE, NULL), *u = jaxc_union1d(a, b, JAXC_NONE, NULL);
      jaxc_intersect1d(a, b, false, JAXC_NONE, NULL, &v, NULL, NULL);
      bool eq = x == y;
      CHECK(in && *(const bool *)jaxc_array_data(in) == eq);
      CHECK(v && jaxc_array_size(v) == eq && (!eq || *(const int8_t *)jaxc_array_data(v) == x));
      CHECK(x1 && jaxc_array_size(x1) == 2 * !eq && (eq || (*(const int8_t *)elem(x1, 0) == (x < y ? x : y) && *(const int8_t *)elem(x1, 1) == (x < y ? y : x))));
      CHECK(d && jaxc_array_size(d) == !eq && (eq || *(const int8_t *)jaxc_array_data(d) == x));
      CHECK(u && jaxc_array_size(u) == 2 - eq && *(const int8_t *)elem(u, 0) == (x < y ? x : y));
      jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(in), jaxc_array_free(v), jaxc_array_free(x1), jaxc_array_free(d), jaxc_array_free(u);
    }
}

/* every pattern of the 16- and 8-bit dtypes as elements, tested against a set of specials */
static void test_exhaustive_isin(void) {
  const jaxc_dtype ds[] = {JAXC_F16, JAXC_BF16, JAXC_I8, JAXC_U8, JAXC_I16, JAXC_U16};
  const double tv[] = {-0.0, 1.0, -2.5, INFINITY, NAN, 65504.0, 1e-7, 3.0, -128.0, 255.0, 100.0};
  for (size_t k = 0; k < sizeof ds / sizeof ds[0]; k++) {
    jaxc_dtype d = ds[k];
    int64_t n = jaxc_dtype_size(d) == 1 ? 256 : 65536, m = (int64_t)(sizeof tv / sizeof tv[0]);
    jaxc_array *a = jaxc_array_empty(d, 1, &n), *t = jaxc_array_empty(d, 1, &m);
    for (int64_t i = 0; i < n; i++) {
      if (jaxc_dtype_size(d) == 1) ((uint8_t *)jaxc_array_data(a))[i] = (uint8_t)i;
      else ((uint16_t *)jaxc_array_data(a))[i] = (uint16_t)i;
    }
    for (int64_t i = 0; i < m; i++) jaxc_kernel_cast_dyn(JAXC_F64, d, 1, &tv[i], (char *)jaxc_array_data(t) + (size_t)i * jaxc_dtype_size(d));
    jaxc_array *r = jaxc_isin(a, t, false);
    long bad = 0;
    for (int64_t i = 0; r && i < n; i++) {
      ordval e = decode(d, elem(a, i));
      bool in = false;
      for (int64_t j = 0; j < m; j++) in |= val_eq(e, decode(d, elem(t, j)));
      bad += ((const bool *)jaxc_array_data(r))[i] != in;
    }
    CHECK_MSG(r && bad == 0, "isin over every %s pattern: %ld wrong", jaxc_dtype_name(d), bad);
    jaxc_array_free(a), jaxc_array_free(t), jaxc_array_free(r);
  }
}

/* large operands (over the threads) against presence tables: values f(w) for w drawn from a range,
   f increasing: uint16 w (every value counted; isin's table), int32 w - 2^20 (the table), float32
   (w - 2^20) / 2 and int32 (w - 2^20) * 1000 (too wide a span for the table: sorted and merged) */
static double big_value(int k, int64_t w) {
  return k == 0 ? (double)w : k == 1 ? (double)(w - (1 << 20)) : k == 2 ? (double)(w - (1 << 20)) / 2 : (double)(w - (1 << 20)) * 1000;
}
static double big_at(const jaxc_array *x, int64_t j) {
  switch (jaxc_array_dtype(x)) {
  case JAXC_U16: return ((const uint16_t *)jaxc_array_data(x))[j];
  case JAXC_I32: return ((const int32_t *)jaxc_array_data(x))[j];
  default: return ((const float *)jaxc_array_data(x))[j];
  }
}
static void test_big(void) {
  int64_t n = INT64_C(1) << 20, m = (INT64_C(1) << 20) + 77;
  for (int k = 0; k < 4; k++) {
    jaxc_dtype d = k == 0 ? JAXC_U16 : k == 2 ? JAXC_F32 : JAXC_I32;
    int64_t range = k ? INT64_C(1) << 21 : 65536;
    jaxc_array *a = jaxc_array_empty(d, 1, &n), *b = jaxc_array_empty(d, 1, &m);
    unsigned char *in_a = calloc((size_t)range, 1), *in_b = calloc((size_t)range, 1);
    int64_t *first_a = malloc((size_t)range * 8), *first_b = malloc((size_t)range * 8), *wa = malloc((size_t)n * 8);
    for (int64_t i = 0; i < n + m; i++) {
      int64_t w = (int64_t)(rnd64() % (uint64_t)(k ? range : 40000)) + (i >= n && !k ? 20000 : 0);
      jaxc_array *x = i < n ? a : b;
      int64_t at = i < n ? i : i - n;
      jaxc_kernel_cast_dyn(JAXC_F64, d, 1, (double[]){big_value(k, w)}, (char *)jaxc_array_data(x) + (size_t)at * esz(x));
      unsigned char *in = i < n ? in_a : in_b;
      if (i < n) wa[i] = w;
      if (!in[w]) in[w] = 1, (i < n ? first_a : first_b)[w] = at;
    }
    jaxc_array *v = NULL, *i1 = NULL, *i2 = NULL, *x = jaxc_setxor1d(a, b, false, JAXC_NONE, NULL);
    jaxc_array *u = jaxc_union1d(a, b, JAXC_NONE, NULL), *df = jaxc_setdiff1d(a, b, false, JAXC_NONE, NULL);
    jaxc_array *in = jaxc_isin(a, b, false), *out = jaxc_isin(a, b, true);
    CHECK(jaxc_intersect1d(a, b, false, JAXC_NONE, NULL, &v, &i1, &i2) == JAXC_OK);
    int64_t pv = 0, px = 0, pu = 0, pd = 0;
    long bad = 0;
    for (int64_t w = 0; w < range; w++) {
      double val = big_value(k, w);
      if (in_a[w] && in_b[w]) {
        bad += !(pv < jaxc_array_size(v) && big_at(v, pv) == val && ((const int32_t *)jaxc_array_data(i1))[pv] == first_a[w] &&
                 ((const int32_t *)jaxc_array_data(i2))[pv] == first_b[w]);
        pv++;
      }
      if (in_a[w] != in_b[w]) bad += !(px < jaxc_array_size(x) && big_at(x, px) == val), px++;
      if (in_a[w] || in_b[w]) bad += !(pu < jaxc_array_size(u) && big_at(u, pu) == val), pu++;
      if (in_a[w] && !in_b[w]) bad += !(pd < jaxc_array_size(df) && big_at(df, pd) == val), pd++;
    }
    for (int64_t i = 0; i < n; i++)
      bad += ((const bool *)jaxc_array_data(in))[i] != in_b[wa[i]] || ((const bool *)jaxc_array_data(out))[i] == in_b[wa[i]];
    CHECK_MSG(bad == 0 && pv == jaxc_array_size(v) && px == jaxc_array_size(x) && pu == jaxc_array_size(u) && pd == jaxc_array_size(df),
              "2^20 %s operands (%d): %ld wrong", jaxc_dtype_name(d), k, bad);
    CHECK(pv > 1000 && px > 1000 && pd > 1000); /* (the draws overlap and differ) */
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(v), jaxc_array_free(i1), jaxc_array_free(i2);
    jaxc_array_free(x), jaxc_array_free(u), jaxc_array_free(df), jaxc_array_free(in), jaxc_array_free(out);
    free(in_a), free(in_b), free(first_a), free(first_b), free(wa);
  }
}

/* isin's merge with specials: 20000 elements against 20000 test values of a small pool (NaNs of
   both signs, -0.0, infinities; int64 spread by 2^40 so that no table is made), against the
   distinct test values compared with == here */
static void test_isin_merge(void) {
  const jaxc_dtype ds[] = {JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128, JAXC_I64, JAXC_U64};
  jaxc_set_x64(true);
  for (size_t k = 0; k < sizeof ds / sizeof ds[0]; k++) {
    int64_t n = 20000 + (int64_t)k, m = 20011;
    jaxc_array *e = pool_array(ds[k], 1, &n), *t = pool_array(ds[k], 1, &m);
    if (ds[k] == JAXC_I64 || ds[k] == JAXC_U64)
      for (int sd = 0; sd < 2; sd++) {
        jaxc_array *x = sd ? t : e;
        for (int64_t i = 0; i < jaxc_array_size(x); i++) ((int64_t *)jaxc_array_data(x))[i] *= INT64_C(1) << 40;
      }
    item *dist = items_of(t, 0);
    int64_t nd = unique_items(dist, m, ds[k]); /* (distinct by lax.sort's order; == decides below, a NaN equal to none) */
    jaxc_array *r = jaxc_isin(e, t, false);
    long bad = 0;
    for (int64_t i = 0; r && i < n; i++) {
      ordval v = decode(ds[k], elem(e, i));
      bool in = false;
      for (int64_t j = 0; j < nd && !in; j++) in = val_eq(v, dist[j].v);
      bad += ((const bool *)jaxc_array_data(r))[i] != in;
    }
    CHECK_MSG(r && bad == 0, "isin %s, 20000 in 20011: %ld wrong", jaxc_dtype_name(ds[k]), bad);
    free(dist);
    jaxc_array_free(e), jaxc_array_free(t), jaxc_array_free(r);
  }
  jaxc_set_x64(false);
}

/* JAX's docstring examples and its sharper corners, printed as JAX prints them */
static void test_examples(void) {
  jaxc_array *a = ints(JAXC_I32, 4, (int64_t[]){1, 2, 3, 4}), *b = ints(JAXC_I32, 4, (int64_t[]){3, 4, 5, 6});
  jaxc_array *zero = jaxc_weak_int(0), *v, *i1, *i2;
  expect_print(jaxc_setdiff1d(a, b, false, JAXC_NONE, NULL), "Array([1, 2], dtype=int32)", "setdiff1d");
  expect_print(jaxc_setdiff1d(a, b, false, 2, NULL), "Array([1, 2], dtype=int32)", "setdiff1d size=2");
  expect_print(jaxc_setdiff1d(a, b, false, 1, NULL), "Array([1], dtype=int32)", "setdiff1d size=1");
  expect_print(jaxc_setdiff1d(a, b, false, 4, zero), "Array([1, 2, 0, 0], dtype=int32)", "setdiff1d size=4 fill 0");
  expect_print(jaxc_union1d(a, b, JAXC_NONE, NULL), "Array([1, 2, 3, 4, 5, 6], dtype=int32)", "union1d");
  expect_print(jaxc_union1d(a, b, 4, NULL), "Array([1, 2, 3, 4], dtype=int32)", "union1d size=4");
  expect_print(jaxc_union1d(a, b, 8, zero), "Array([1, 2, 3, 4, 5, 6, 0, 0], dtype=int32)", "union1d size=8");
  expect_print(jaxc_setxor1d(a, b, false, JAXC_NONE, NULL), "Array([1, 2, 5, 6], dtype=int32)", "setxor1d");
  CHECK(jaxc_intersect1d(a, b, false, JAXC_NONE, NULL, &v, &i1, &i2) == JAXC_OK);
  expect_print(v, "Array([3, 4], dtype=int32)", "intersect1d");
  expect_print(i1, "Array([2, 3], dtype=int32)", "intersect1d ar1_indices");
  expect_print(i2, "Array([0, 1], dtype=int32)", "intersect1d ar2_indices");
  jaxc_array *t = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){1, 6}, (int32_t[]){1, 5, 6, 3, 7, 1});
  expect_print(jaxc_isin(a, t, false), "Array([ True, False,  True, False], dtype=bool)", "isin");
  expect_print(jaxc_isin(a, t, true), "Array([False,  True, False,  True], dtype=bool)", "isin invert");
  /* a 0-d element gives a 0-d answer; an empty test set none found */
  jaxc_array *three = jaxc_weak_int(3), *none = ints(JAXC_I32, 0, NULL);
  expect_print(jaxc_isin(three, b, false), "Array(True, dtype=bool)", "isin of a scalar");
  expect_print(jaxc_isin(a, none, false), "Array([False, False, False, False], dtype=bool)", "isin of nothing");
  expect_print(jaxc_isin(a, none, true), "Array([ True,  True,  True,  True], dtype=bool)", "isin invert of nothing");
  /* NaN is never found and never common; -0.0 is 0.0; a's value is the one returned */
  jaxc_array *fa = f32s(4, (float[]){NAN, -0.0f, 1.0f, 2.0f}), *fb = f32s(3, (float[]){0.0f, NAN, 2.0f});
  expect_print(jaxc_isin(fa, fb, false), "Array([False,  True, False,  True], dtype=bool)", "isin with NaN and -0.0");
  CHECK(jaxc_intersect1d(fa, fb, false, JAXC_NONE, NULL, &v, &i1, &i2) == JAXC_OK);
  expect_print(v, "Array([-0.,  2.], dtype=float32)", "intersect1d keeps a's -0.0");
  expect_print(i1, "Array([1, 3], dtype=int32)", "intersect1d a indices");
  expect_print(i2, "Array([0, 2], dtype=int32)", "intersect1d b indices");
  expect_print(jaxc_setxor1d(fa, fb, false, JAXC_NONE, NULL), "Array([ 1., nan, nan], dtype=float32)", "setxor1d keeps both NaNs");
  expect_print(jaxc_setxor1d(fa, fb, false, 5, NULL), "Array([ 1., nan, nan, nan, nan], dtype=float32)", "setxor1d pads with NaN");
  expect_print(jaxc_union1d(fa, fb, JAXC_NONE, NULL), "Array([-0.,  1.,  2., nan], dtype=float32)", "union1d: one NaN, the first zero");
  expect_print(jaxc_setdiff1d(fa, fb, false, JAXC_NONE, NULL), "Array([ 1., nan], dtype=float32)", "setdiff1d keeps the NaN");
  /* a list of NaNs keeps unique's padding (JAX counts none equal to the first) */
  jaxc_array *nans = f32s(3, (float[]){NAN, NAN, NAN});
  expect_print(jaxc_setdiff1d(nans, fb, false, 4, NULL), "Array([nan, nan, nan,  0.], dtype=float32)", "setdiff1d of NaNs with size");
  expect_print(jaxc_setdiff1d(nans, fb, false, JAXC_NONE, NULL), "Array([nan], dtype=float32)", "setdiff1d of NaNs");
  /* sizes pad: intersect1d with the smallest result and the operands' sizes */
  CHECK(jaxc_intersect1d(a, b, false, 4, NULL, &v, &i1, &i2) == JAXC_OK);
  expect_print(v, "Array([3, 4, 3, 3], dtype=int32)", "intersect1d size=4");
  expect_print(i1, "Array([2, 3, 4, 4], dtype=int32)", "intersect1d size=4 a indices");
  expect_print(i2, "Array([0, 1, 4, 4], dtype=int32)", "intersect1d size=4 b indices");
  jaxc_array *c = ints(JAXC_I32, 2, (int64_t[]){7, 8});
  expect_print(jaxc_setxor1d(a, a, false, 3, NULL), "Array([0, 0, 0], dtype=int32)", "setxor1d of nothing pads 0");
  CHECK(jaxc_intersect1d(a, c, false, 2, NULL, &v, NULL, NULL) == JAXC_OK);
  expect_print(v, "Array([0, 0], dtype=int32)", "intersect1d of nothing pads 0");
  /* fill_value is jnp.where's operand for intersect1d and setxor1d: a Python float makes floats */
  jaxc_array *half = jaxc_weak_float(0.5);
  expect_print(jaxc_setxor1d(a, b, false, 6, half), "Array([1. , 2. , 5. , 6. , 0.5, 0.5], dtype=float32, weak_type=True)", "setxor1d float fill");
  CHECK(jaxc_intersect1d(a, b, false, 3, half, &v, NULL, NULL) == JAXC_OK);
  expect_print(v, "Array([3. , 4. , 0.5], dtype=float32, weak_type=True)", "intersect1d float fill");
  expect_print(jaxc_setdiff1d(a, b, false, 3, half), "Array([1, 2, 0], dtype=int32)", "setdiff1d converts its fill");
  /* assume_unique: setdiff1d keeps a's order; a broken promise gives JAX's answer */
  jaxc_array *p = ints(JAXC_I32, 4, (int64_t[]){4, 1, 9, 3}), *q = ints(JAXC_I32, 2, (int64_t[]){1, 1}), *r = ints(JAXC_I32, 1, (int64_t[]){1});
  expect_print(jaxc_setdiff1d(p, b, true, JAXC_NONE, NULL), "Array([1, 9], dtype=int32)", "setdiff1d assume_unique order");
  CHECK(jaxc_intersect1d(q, r, true, JAXC_NONE, NULL, &v, &i1, &i2) == JAXC_OK);
  expect_print(v, "Array([1, 1], dtype=int32)", "intersect1d broken promise");
  expect_print(i1, "Array([0, 1], dtype=int32)", "intersect1d broken promise a indices");
  expect_print(i2, "Array([-1,  0], dtype=int32)", "intersect1d broken promise b indices");
  expect_print(jaxc_setxor1d(q, r, true, JAXC_NONE, NULL), "Array([], shape=(0,), dtype=int32)", "setxor1d broken promise");
  /* promotion: int8 with uint8 compares in int16, so 255 is not -1 */
  jaxc_array *i8 = ints(JAXC_I8, 2, (int64_t[]){-1, 5}), *u8 = ints(JAXC_U8, 2, (int64_t[]){255, 5});
  expect_print(jaxc_isin(i8, u8, false), "Array([False,  True], dtype=bool)", "isin promotes");
  expect_print(jaxc_union1d(i8, u8, JAXC_NONE, NULL), "Array([ -1,   5, 255], dtype=int16)", "union1d promotes");
  expect_print(jaxc_setdiff1d(u8, i8, false, JAXC_NONE, NULL), "Array([255], dtype=uint8)", "setdiff1d keeps a's dtype");
  /* complex: a NaN part makes nan+0j in unique's values */
  jaxc_array *cx = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){3}, (float[]){1, NAN, NAN, 2, 1, 0});
  jaxc_array *cy = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){1}, (float[]){1, 0});
  expect_print(jaxc_setdiff1d(cx, cy, false, JAXC_NONE, NULL), "Array([nan+0.j], dtype=complex64)", "setdiff1d complex NaN");
  expect_print(jaxc_setxor1d(cx, cy, true, JAXC_NONE, NULL), "Array([ 1.+nanj, nan +2.j], dtype=complex64)", "setxor1d assume_unique keeps NaN parts");
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(zero), jaxc_array_free(t), jaxc_array_free(three), jaxc_array_free(none);
  jaxc_array_free(fa), jaxc_array_free(fb), jaxc_array_free(nans), jaxc_array_free(c), jaxc_array_free(half), jaxc_array_free(p);
  jaxc_array_free(q), jaxc_array_free(r), jaxc_array_free(i8), jaxc_array_free(u8), jaxc_array_free(cx), jaxc_array_free(cy);
}

/* the corners a mutation run found unchecked: empty weak operands (JAX's zeros(size) is not weak),
   size 0 with a fill (no jnp.where: the dtype stays), both operands empty with a size (indices
   empty), setdiff1d's fill converted (not 0), its early return's fill and weak flag, NaNs of both
   signs padded by unique with the first one's bits */
static void test_corners(void) {
  jaxc_array *w = jaxc_weak_float(1.5), *ew = jaxc_broadcast_to(w, 1, (int64_t[]){0}), *v = NULL, *i1 = NULL, *i2 = NULL;
  CHECK(ew && jaxc_array_is_weak(ew) && jaxc_array_size(ew) == 0);
  CHECK(jaxc_intersect1d(ew, ew, false, 2, NULL, &v, NULL, NULL) == JAXC_OK);
  expect_print(v, "Array([0., 0.], dtype=float32)", "intersect1d of empty weak operands, size 2");
  expect_print(jaxc_setxor1d(ew, ew, false, 2, NULL), "Array([0., 0.], dtype=float32)", "setxor1d of empty weak operands, size 2");
  CHECK(jaxc_intersect1d(ew, ew, false, JAXC_NONE, NULL, &v, NULL, NULL) == JAXC_OK);
  expect_print(v, "Array([], shape=(0,), dtype=float32, weak_type=True)", "intersect1d of empty weak operands");
  expect_print(jaxc_setxor1d(ew, ew, true, JAXC_NONE, NULL), "Array([], shape=(0,), dtype=float32, weak_type=True)", "setxor1d of empty weak operands");
  jaxc_array *a = ints(JAXC_I32, 2, (int64_t[]){1, 2}), *b = ints(JAXC_I32, 1, (int64_t[]){2}), *half = jaxc_weak_float(0.5);
  CHECK(jaxc_intersect1d(a, b, false, 0, half, &v, NULL, NULL) == JAXC_OK);
  expect_print(v, "Array([], shape=(0,), dtype=int32)", "intersect1d size 0 with a float fill");
  expect_print(jaxc_setxor1d(a, b, false, 0, half), "Array([], shape=(0,), dtype=int32)", "setxor1d size 0 with a float fill");
  jaxc_array *e = ints(JAXC_I32, 0, NULL);
  CHECK(jaxc_intersect1d(e, e, false, 3, NULL, &v, &i1, &i2) == JAXC_OK);
  expect_print(v, "Array([0, 0, 0], dtype=int32)", "intersect1d of nothing, size 3");
  expect_print(i1, "Array([], shape=(0,), dtype=int32)", "intersect1d of nothing: a indices");
  expect_print(i2, "Array([], shape=(0,), dtype=int32)", "intersect1d of nothing: b indices");
  jaxc_array *seven = jaxc_weak_int(7), *nine = jaxc_weak_int(9), *three = jaxc_weak_int(3);
  jaxc_array *p = ints(JAXC_I32, 4, (int64_t[]){1, 2, 3, 4}), *q = ints(JAXC_I32, 4, (int64_t[]){3, 4, 5, 6});
  expect_print(jaxc_setdiff1d(e, b, false, 2, seven), "Array([7, 7], dtype=int32)", "setdiff1d of nothing, fill 7");
  expect_print(jaxc_setdiff1d(p, q, false, 4, nine), "Array([1, 2, 9, 9], dtype=int32)", "setdiff1d fill 9");
  expect_print(jaxc_setdiff1d(p, q, true, 3, nine), "Array([1, 2, 9], dtype=int32)", "setdiff1d assume_unique fill 9");
  expect_print(jaxc_setdiff1d(three, b, false, 0, NULL), "Array([], shape=(0,), dtype=int32, weak_type=True)", "setdiff1d size 0 keeps a's weak flag");
  expect_print(jaxc_setdiff1d(three, b, false, 2, NULL), "Array([3, 0], dtype=int32, weak_type=True)", "setdiff1d of a weak scalar");
  uint32_t bits[2] = {0x7fc00000u, 0xffc00000u}, one = 0x3f800000u;
  jaxc_array *nn = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, bits), *o = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){1}, &one);
  jaxc_array *r = jaxc_setdiff1d(nn, o, false, 3, NULL);
  CHECK(r && jaxc_array_size(r) == 3);
  for (int j = 0; r && j < 3; j++) CHECK(((const uint32_t *)jaxc_array_data(r))[j] == (j < 2 ? 0x7fc00000u : 0u));
  jaxc_array_free(r);
  uint32_t bits3[3] = {0xffc00000u, 0x7fc00001u, 0x7fc00000u};
  jaxc_array *n3 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, bits3);
  r = jaxc_setdiff1d(n3, o, false, 4, NULL); /* the first NaN's bits, three times, then 0 */
  CHECK(r && jaxc_array_size(r) == 4);
  for (int j = 0; r && j < 4; j++) CHECK(((const uint32_t *)jaxc_array_data(r))[j] == (j < 3 ? 0xffc00000u : 0u));
  jaxc_array_free(r);
  /* 64-bit arrays wrapped with x64 off (made while it was on): setdiff1d keeps their dtype, its
     copies and its fill must be that dtype too (the fuzzer found the narrowed copy read wide) */
  double cv[6] = {0, 0, 1, 0, NAN, 1}, fv[3] = {1, 2, 3};
  jaxc_array cst, fst, *cw = jaxc_array_wrap(&cst, JAXC_C128, 1, (int64_t[]){3}, cv), *fw = jaxc_array_wrap(&fst, JAXC_F64, 1, (int64_t[]){3}, fv);
  jaxc_array *two = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){1}, (float[]){2.0f}), *fill = jaxc_weak_float(1.5);
  r = jaxc_setdiff1d(cw, cw, false, JAXC_NONE, NULL);
  CHECK(r && jaxc_array_dtype(r) == JAXC_C128 && jaxc_array_size(r) == 1 && isnan(((const double *)jaxc_array_data(r))[0]) &&
        ((const double *)jaxc_array_data(r))[1] == 0.0);
  jaxc_array_free(r);
  r = jaxc_setdiff1d(fw, two, false, 5, fill);
  const double want[5] = {1, 3, 1.5, 1.5, 1.5};
  CHECK(r && jaxc_array_dtype(r) == JAXC_F64 && jaxc_array_size(r) == 5);
  for (int j = 0; r && j < 5; j++) CHECK(((const double *)jaxc_array_data(r))[j] == want[j]);
  jaxc_array_free(r), jaxc_array_free(two), jaxc_array_free(fill);
  jaxc_array_free(w), jaxc_array_free(ew), jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(half), jaxc_array_free(e);
  jaxc_array_free(seven), jaxc_array_free(nine), jaxc_array_free(three), jaxc_array_free(p), jaxc_array_free(q);
  jaxc_array_free(nn), jaxc_array_free(o), jaxc_array_free(n3);
}

static void test_errors(void) {
  jaxc_array *a = ints(JAXC_I8, 3, (int64_t[]){1, 2, 3}), *b = ints(JAXC_I32, 2, (int64_t[]){2, 9}), *v = NULL, *i1 = NULL;
  jaxc_array *empty = ints(JAXC_I32, 0, NULL), *fill2 = ints(JAXC_I8, 2, (int64_t[]){0, 0});
  CHECK_FAILS(jaxc_isin(NULL, b, false), "isin: an operand is NULL");
  CHECK_FAILS(jaxc_union1d(a, NULL, JAXC_NONE, NULL), "union1d: an operand is NULL");
  CHECK_FAILS(jaxc_setdiff1d(NULL, b, false, JAXC_NONE, NULL), "setdiff1d: an operand is NULL");
  CHECK_FAILS(jaxc_setxor1d(a, NULL, false, JAXC_NONE, NULL), "setxor1d: an operand is NULL");
  CHECK(jaxc_intersect1d(a, b, false, JAXC_NONE, NULL, NULL, &i1, NULL) == JAXC_ERR_ARG && i1 == NULL);
  CHECK(jaxc_intersect1d(a, NULL, false, JAXC_NONE, NULL, &v, &i1, NULL) == JAXC_ERR_ARG && !v && !i1);
  CHECK_FAILS(jaxc_setxor1d(a, b, false, -1, NULL), "setxor1d: size must be nonnegative, got -1");
  CHECK_FAILS(jaxc_setdiff1d(a, b, false, -2, NULL), "setdiff1d: size must be nonnegative, got -2");
  CHECK_FAILS(jaxc_setdiff1d(a, b, false, 4, fill2), "full must be called with scalar fill_value, got fill_value.shape (2,).");
  CHECK_FAILS(jaxc_union1d(empty, empty, 3, NULL), "jnp.unique: for zero-sized input with nonzero size argument, fill_value must be specified");
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  const char *strict_msg = "Input dtypes ('int8', 'int32') have no available implicit dtype promotion path when "
                           "jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output type, "
                           "or set jax_numpy_dtype_promotion=standard.";
  CHECK_FAILS(jaxc_isin(a, b, false), strict_msg);
  CHECK_FAILS(jaxc_setxor1d(a, b, false, JAXC_NONE, NULL), strict_msg);
  CHECK_FAILS(jaxc_setdiff1d(a, b, false, JAXC_NONE, NULL), strict_msg);
  CHECK(jaxc_intersect1d(a, b, false, JAXC_NONE, NULL, &v, &i1, NULL) == JAXC_ERR_PROMOTION && !v && !i1);
  CHECK(strcmp(jaxc_last_error(), strict_msg) == 0);
  jaxc_array *e8 = ints(JAXC_I8, 0, NULL), *r = jaxc_setdiff1d(e8, b, false, 2, NULL); /* (JAX returns before it promotes) */
  CHECK(r && jaxc_array_size(r) == 2 && jaxc_array_dtype(r) == JAXC_I8);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(empty), jaxc_array_free(fill2), jaxc_array_free(e8), jaxc_array_free(r);
}

int main(void) {
  if (!load_golden_table(golden)) return check_summary("test_setops");
  test_examples();
  test_errors();
  test_corners();
  test_int8_pairs();
  test_exhaustive_isin();
  test_pairs();
  test_same_dtype();
  test_isin_merge();
  test_big();
  printf("operand pairs checked against the references: %ld\n", n_cases);
  return check_summary("test_setops");
}
