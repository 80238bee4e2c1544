/* test_order.c — the sort keywords (descending, stable), jnp.lexsort, lax.top_k, jnp.partition and
   jnp.argpartition.
   References written here, not from the library:
     - XLA's total order (lax.top_k's) as IEEE 754's totalOrder on decoded values: numbers by
       value, -0 below +0, a NaN with its sign bit below every number and one without above,
       NaNs of one sign by payload (a larger negative payload lower); integers as int64/uint64;
       top_k by qsort on (value descending, position ascending), its first k;
     - partition and argpartition as JAX writes them, step by step: -a computed on the decoded
       values (integers wrapping in their width: int8's -(-128) is -128; unsigned -(x + 1) as
       jnp does), top_k of that for the first kth + 1, top_k of a for the rest, argpartition's
       0/1 proxy through the same top_k reference; plus the partition property where no wrap
       meets it;
     - sort descending as lax.rev of the stable ascending sort; argsort descending as JAX's
       composition (reverse, stable argsort, positions mapped back, reverse); lexsort by qsort
       on positions comparing the keys from the last one, in lax.sort's order (testlib's
       order_cmp), ties by position;
     - every dtype, x64 on and off, ranks 1-3, every axis, lanes around the insertion cut and
       past the threaded paths, value sets from testlib's sort_input (random bits with NaN
       payloads of both signs, few values, small integers, all equal, planted -0.0/NaN/inf);
       every bfloat16, float16, int8 and uint8 pattern through top_k; JAX's docstring examples;
       inputs unchanged; JAX's error messages;
     - sort_complex: each lane of the result in lax.sort's complex order (testlib's order_cmp) and
       the multiset of the lane's input values converted by C to the complex type's parts, the
       dtype from to_complex_dtype's rule restated here, for every dtype, x64 on and off. */
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
static bool is_complex(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX; }
static int64_t index_at(const jaxc_array *r, int64_t k) {
  switch (jaxc_array_dtype(r)) {
  case JAXC_I64: return ((const int64_t *)jaxc_array_data(r))[k];
  default: return ((const int32_t *)jaxc_array_data(r))[k];
  }
}
static const char *elem(const jaxc_array *a, int64_t k) {
  return (const char *)jaxc_array_data(a) + (size_t)k * jaxc_dtype_size(jaxc_array_dtype(a));
}

/* ---- IEEE 754 totalOrder on decoded values --------------------------------------------------------- */
typedef struct tval { int cls; uint64_t u; int64_t i; double v; int sign, nan; uint64_t payload; } tval;
static int mant_bits(jaxc_dtype d) { return d == JAXC_BF16 ? 7 : d == JAXC_F16 ? 10 : d == JAXC_F32 ? 23 : 52; }
/* the value at p, or (neg) jnp.negative's of it: integers wrap in their width, unsigned give
   -(x + 1) (what jnp.partition negates), a float's sign flips, a NaN's too */
static tval tdecode(jaxc_dtype d, const void *p, bool neg) {
  ordval o = decode(d, p);
  tval t = {o.cls, o.u, o.i, o.re, 0, 0, 0};
  int bits = (int)jaxc_dtype_size(d) * 8;
  if (o.cls == 2) {
    uint64_t raw = 0;
    memcpy(&raw, p, jaxc_dtype_size(d)); /* (little-endian: the low bytes) */
    t.sign = (int)(raw >> (bits - 1) & 1);
    t.nan = o.re != o.re;
    t.payload = raw & ((UINT64_C(1) << mant_bits(d)) - 1);
    if (neg) t.v = -t.v, t.sign ^= 1;
  } else if (neg && o.cls == 1) {
    int64_t lo = bits == 64 ? INT64_MIN : -(INT64_C(1) << (bits - 1));
    t.i = o.i == lo ? lo : -o.i; /* (the one value whose negative wraps to itself) */
  } else if (neg) {
    uint64_t max = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    t.u = max - o.u;
  }
  return t;
}
static int total_cmp(tval a, tval b) {
  if (a.cls == 0) return (a.u > b.u) - (a.u < b.u);
  if (a.cls == 1) return (a.i > b.i) - (a.i < b.i);
  if (a.nan || b.nan) {
    int ra = a.nan ? (a.sign ? -1 : 1) : 0, rb = b.nan ? (b.sign ? -1 : 1) : 0;
    if (ra != rb) return ra < rb ? -1 : 1;
    int c = (a.payload > b.payload) - (a.payload < b.payload);
    return a.sign ? -c : c;
  }
  if (a.v != b.v) return a.v < b.v ? -1 : 1;
  return b.sign - a.sign; /* -0 < +0 */
}
typedef struct titem { tval v; int64_t pos; } titem;
static int titem_desc(const void *x, const void *y) {
  const titem *a = x, *b = y;
  int c = total_cmp(b->v, a->v);
  return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}
/* lax.top_k on n values: the positions of the k largest, largest first, equal ones lower first */
static void ref_top_k(const tval *v, int64_t n, int64_t k, int64_t *pos) {
  titem *it = malloc(sizeof *it * (size_t)(n ? n : 1));
  for (int64_t i = 0; i < n; i++) it[i] = (titem){v[i], i};
  qsort(it, (size_t)n, sizeof *it, titem_desc);
  for (int64_t i = 0; i < k; i++) pos[i] = it[i].pos;
  free(it);
}
static tval *lane_tvals(const jaxc_array *a, int64_t base, int64_t n, int64_t s, bool neg) {
  tval *v = malloc(sizeof *v * (size_t)(n ? n : 1));
  for (int64_t i = 0; i < n; i++) v[i] = tdecode(jaxc_array_dtype(a), elem(a, base + i * s), neg);
  return v;
}

/* ---- top_k --------------------------------------------------------------------------------------- */
static long n_topk;
static void check_top_k(const jaxc_array *a, int64_t k, int axis) {
  uint64_t before = checksum(a);
  jaxc_array *v = NULL, *ix = NULL;
  int st = jaxc_top_k(a, k, axis, &v, &ix);
  CHECK_MSG(st == JAXC_OK && v && ix, "top_k %s k %lld: %s", jaxc_dtype_name(jaxc_array_dtype(a)), (long long)k, jaxc_last_error());
  if (!v || !ix) return;
  int nd = jaxc_array_ndim(a), ax = axis < 0 ? axis + nd : axis;
  lane_geom g = lanes_of(a, ax);
  bool shape_ok = jaxc_array_ndim(v) == nd && jaxc_array_dtype(v) == jaxc_array_dtype(a) && jaxc_array_dtype(ix) == JAXC_I32;
  for (int i = 0; i < nd; i++) shape_ok = shape_ok && jaxc_array_shape(v)[i] == (i == ax ? k : jaxc_array_shape(a)[i]) &&
                                          jaxc_array_shape(ix)[i] == jaxc_array_shape(v)[i];
  CHECK_MSG(shape_ok, "top_k %s: result shapes or dtypes", jaxc_dtype_name(jaxc_array_dtype(a)));
  int64_t *pos = malloc(sizeof *pos * (size_t)(k ? k : 1)), bad = -1;
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  for (int64_t j = 0; shape_ok && bad < 0 && j < g.outer * g.inner; j++) {
    int64_t base = (j / g.inner) * g.n * g.inner + j % g.inner, obase = (j / g.inner) * k * g.inner + j % g.inner;
    tval *tv = lane_tvals(a, base, g.n, g.inner, false);
    ref_top_k(tv, g.n, k, pos);
    for (int64_t i = 0; i < k && bad < 0; i++)
      if (index_at(ix, obase + i * g.inner) != pos[i] || memcmp(elem(v, obase + i * g.inner), elem(a, base + pos[i] * g.inner), es)) bad = i;
    free(tv);
    n_topk++;
  }
  CHECK_MSG(bad < 0, "top_k %s k %lld axis %d: first difference at %lld", jaxc_dtype_name(jaxc_array_dtype(a)), (long long)k, axis, (long long)bad);
  CHECK(checksum(a) == before);
  free(pos);
  jaxc_array_free(v), jaxc_array_free(ix);
}
static void test_top_k(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 0; d < NDT; d++) {
      if (is_complex(all_dtypes[d])) continue;
      for (int trial = 0; trial < 40; trial++) {
        int nd = 1 + (int)(rnd64() % 3);
        int64_t sh[3];
        for (int i = 0; i < nd; i++) sh[i] = nd == 1 ? (int64_t)(rnd64() % 300) : (int64_t)(rnd64() % 9);
        jaxc_array *a = sort_input(all_dtypes[d], nd, sh, (int)(rnd64() % 6));
        int ax = (int)(rnd64() % (uint64_t)nd);
        int64_t n = sh[ax], k = trial % 4 == 0 ? n : trial % 4 == 1 ? 0 : (int64_t)(rnd64() % (uint64_t)(n + 1));
        check_top_k(a, k, trial & 1 ? ax : ax - nd);
        jaxc_array_free(a);
      }
    }
  }
  jaxc_set_x64(false);
  /* every pattern of the 8- and 16-bit dtypes, shuffled, all k of them: the whole total order */
  static const jaxc_dtype pat[] = {JAXC_U8, JAXC_I8, JAXC_BF16, JAXC_F16, JAXC_I16};
  for (size_t d = 0; d < sizeof pat / sizeof pat[0]; d++) {
    int64_t n = jaxc_dtype_size(pat[d]) == 1 ? 256 : 65536;
    jaxc_array *a = jaxc_array_empty(pat[d], 1, &n);
    for (int64_t i = 0; i < n; i++) {
      if (n == 256) ((uint8_t *)jaxc_array_data(a))[i] = (uint8_t)i;
      else ((uint16_t *)jaxc_array_data(a))[i] = (uint16_t)i;
    }
    for (int64_t i = n - 1; i > 0; i--) { /* Fisher-Yates */
      int64_t j = (int64_t)(rnd64() % (uint64_t)(i + 1));
      char t[2], *p = (char *)jaxc_array_data(a);
      size_t es = jaxc_dtype_size(pat[d]);
      memcpy(t, p + i * es, es), memcpy(p + i * es, p + j * es, es), memcpy(p + j * es, t, es);
    }
    check_top_k(a, n, 0);
    check_top_k(a, n / 5, 0); /* (selected) */
    jaxc_array_free(a);
  }
  /* lanes of JAXC_SELECT_MIN and more (counted, the buckets up to rank k sorted), contiguous and
     strided, k on both sides of the cut at n / 4 */
  jaxc_set_x64(true);
  for (int d = 0; d < NDT; d++) {
    if (is_complex(all_dtypes[d])) continue;
    for (int kind = 0; kind < 6; kind++) {
      int64_t n = 4096 + (int64_t)(rnd64() % 6000), sh[2] = {n, 3}, ks[5] = {1, 100, n / 4, n / 4 + 1, 1 + (int64_t)(rnd64() % (uint64_t)n)};
      jaxc_array *a = sort_input(all_dtypes[d], kind & 1 ? 2 : 1, sh, kind);
      for (int k = 0; k < 5; k++) check_top_k(a, ks[k], 0);
      jaxc_array_free(a);
    }
  }
  jaxc_set_x64(false);
  /* one long lane over the threads, and many lanes over them */
  int64_t big = 1 << 20, many[2] = {600, 1500};
  jaxc_array *a = sort_input(JAXC_F32, 1, &big, 4), *b = sort_input(JAXC_I32, 2, many, 1);
  check_top_k(a, 1000, 0);
  check_top_k(b, 7, 1);
  check_top_k(b, 600, 0);
  jaxc_array_free(a), jaxc_array_free(b);
  /* the docstring: top_k([9, 3, 6, 4, 10], 3) is [10, 9, 6] at [4, 0, 2] */
  float x[5] = {9, 3, 6, 4, 10};
  int64_t five = 5;
  jaxc_array *xa = jaxc_array_from_data(JAXC_F32, 1, &five, x), *v, *ix;
  CHECK(jaxc_top_k(xa, 3, -1, &v, &ix) == JAXC_OK);
  expect_print(v, "Array([10.,  9.,  6.], dtype=float32)", "top_k values");
  expect_print(ix, "Array([4, 0, 2], dtype=int32)", "top_k indices");
  /* either output alone */
  CHECK(jaxc_top_k(xa, 2, 0, NULL, &ix) == JAXC_OK && ix && index_at(ix, 0) == 4 && index_at(ix, 1) == 0);
  jaxc_array_free(ix);
  CHECK(jaxc_top_k(xa, 2, 0, &v, NULL) == JAXC_OK && v && ((float *)jaxc_array_data(v))[1] == 9.0f);
  jaxc_array_free(v), jaxc_array_free(xa);
}

/* ---- partition, argpartition: JAX's composition, step by step ------------------------------------------ */
static long n_part;
static void check_partition(const jaxc_array *a, int64_t kth, int axis) {
  uint64_t before = checksum(a);
  jaxc_array *p = jaxc_partition(a, kth, axis), *q = jaxc_argpartition(a, kth, axis);
  jaxc_dtype d = jaxc_array_dtype(a);
  CHECK_MSG(p && q, "partition %s kth %lld: %s", jaxc_dtype_name(d), (long long)kth, jaxc_last_error());
  if (!p || !q) {
    jaxc_array_free(p), jaxc_array_free(q);
    return;
  }
  int nd = jaxc_array_ndim(a), ax = axis < 0 ? axis + nd : axis;
  lane_geom g = lanes_of(a, ax);
  CHECK(jaxc_array_dtype(p) == d && jaxc_array_dtype(q) == JAXC_I32 && jaxc_array_size(p) == jaxc_array_size(a) &&
        jaxc_array_size(q) == jaxc_array_size(a));
  int64_t k = kth < 0 ? kth + g.n : kth, n = g.n, *bot = malloc(sizeof(int64_t) * (size_t)(n ? n : 1)),
          *top = malloc(sizeof(int64_t) * (size_t)(n ? n : 1)), badp = -1, badq = -1;
  size_t es = jaxc_dtype_size(d);
  tval *proxy = malloc(sizeof *proxy * (size_t)(n ? n : 1));
  bool wraps = false; /* a signed integer's minimum in a lane: the partition property does not hold */
  for (int64_t j = 0; j < g.outer * g.inner; j++) {
    int64_t base = (j / g.inner) * n * g.inner + j % g.inner;
    tval *neg = lane_tvals(a, base, n, g.inner, true), *val = lane_tvals(a, base, n, g.inner, false);
    ref_top_k(neg, n, k + 1, bot);     /* bottom = -top_k(-a, kth + 1) */
    ref_top_k(val, n, n - k - 1, top); /* top = top_k(a, n - kth - 1) */
    for (int64_t i = 0; i < n && badp < 0; i++) {
      int64_t src = i <= k ? bot[i] : top[i - k - 1];
      if (memcmp(elem(p, base + i * g.inner), elem(a, base + src * g.inner), es)) badp = i;
    }
    for (int64_t i = 0; i < n; i++) proxy[i] = (tval){2, 0, 0, 1.0, 0, 0, 0};
    for (int64_t i = 0; i <= k; i++) proxy[bot[i]].v = 0.0; /* ones(a.shape).at[bottom_ind].set(0) */
    ref_top_k(proxy, n, n - k - 1, top);
    for (int64_t i = 0; i < n && badq < 0; i++)
      if (index_at(q, base + i * g.inner) != (i <= k ? bot[i] : top[i - k - 1])) badq = i;
    for (int64_t i = 0; i < n; i++) wraps = wraps || (val[i].cls == 1 && val[i].i == neg[i].i && val[i].i != 0);
    if (!wraps && badp < 0) { /* the property: the kth value in its sorted place (in the total order) */
      for (int64_t i = 0; i < n && badp < 0; i++) {
        tval x = tdecode(d, elem(p, base + i * g.inner), false), y = tdecode(d, elem(p, base + k * g.inner), false);
        if (i < k ? total_cmp(x, y) > 0 : i > k ? total_cmp(x, y) < 0 : 0) badp = n + i;
      }
    }
    free(neg), free(val);
    n_part++;
  }
  CHECK_MSG(badp < 0, "partition %s kth %lld axis %d: first difference at %lld", jaxc_dtype_name(d), (long long)kth, axis, (long long)badp);
  CHECK_MSG(badq < 0, "argpartition %s kth %lld axis %d: first difference at %lld", jaxc_dtype_name(d), (long long)kth, axis, (long long)badq);
  CHECK(checksum(a) == before);
  free(bot), free(top), free(proxy);
  jaxc_array_free(p), jaxc_array_free(q);
}
static void test_partition(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 1; d < NDT; d++) { /* (not bool: -a refuses it) */
      if (is_complex(all_dtypes[d])) continue;
      for (int trial = 0; trial < 40; trial++) {
        int nd = 1 + (int)(rnd64() % 3);
        int64_t sh[3];
        for (int i = 0; i < nd; i++) sh[i] = nd == 1 ? 1 + (int64_t)(rnd64() % 300) : 1 + (int64_t)(rnd64() % 8);
        jaxc_array *a = sort_input(all_dtypes[d], nd, sh, (int)(rnd64() % 6));
        int ax = (int)(rnd64() % (uint64_t)nd);
        int64_t n = sh[ax], kth = (int64_t)(rnd64() % (uint64_t)(2 * n)) - n; /* [-n, n) */
        check_partition(a, trial % 5 == 0 ? 0 : trial % 5 == 1 ? n - 1 : kth, trial & 1 ? ax : ax - nd);
        jaxc_array_free(a);
      }
    }
  }
  jaxc_set_x64(false);
  /* long lanes (selected for argpartition), with the signed minimum planted in half of them (one
     sort of the values for partition without it, JAX's two top_k orders with it) */
  jaxc_set_x64(true);
  for (int d = 1; d < NDT; d++) {
    if (is_complex(all_dtypes[d])) continue;
    for (int kind = 0; kind < 6; kind++) {
      int64_t n = 4096 + (int64_t)(rnd64() % 6000), sh[2] = {n, 2};
      jaxc_array *a = sort_input(all_dtypes[d], kind & 1 ? 2 : 1, sh, kind);
      if (jaxc_dtype_kind(all_dtypes[d]) == JAXC_KIND_INT && kind >= 3) { /* the sign bit alone, little-endian */
        size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
        char *p = (char *)jaxc_array_data(a) + (size_t)(rnd64() % (uint64_t)n) * es;
        memset(p, 0, es), p[es - 1] = (char)0x80;
      }
      int64_t kths[4] = {0, n / 4 - 1, n / 4, (int64_t)(rnd64() % (uint64_t)n)};
      for (int k = 0; k < 4; k++) check_partition(a, kths[k], 0);
      jaxc_array_free(a);
    }
  }
  jaxc_set_x64(false);
  /* every int8 / uint8 pattern, every kth */
  for (int u = 0; u < 2; u++) {
    int64_t n = 256;
    jaxc_array *a = jaxc_array_empty(u ? JAXC_U8 : JAXC_I8, 1, &n);
    for (int i = 0; i < 256; i++) ((uint8_t *)jaxc_array_data(a))[i] = (uint8_t)(i * 167 + 13);
    for (int64_t kth = 0; kth < n; kth += 5) check_partition(a, kth, 0);
    jaxc_array_free(a);
  }
  /* long lanes over the threads: one of 2^20, many of 1500 */
  int64_t big = 1 << 20, many[2] = {1500, 600};
  jaxc_array *a = sort_input(JAXC_F32, 1, &big, 4), *b = sort_input(JAXC_I16, 2, many, 2);
  check_partition(a, 777, 0);
  check_partition(b, 1000, 0);
  jaxc_array_free(a), jaxc_array_free(b);
  /* JAX's docstrings: x = [6, 8, 4, 3, 1, 9, 7, 5, 2, 3], kth 4 */
  int32_t x[10] = {6, 8, 4, 3, 1, 9, 7, 5, 2, 3};
  int64_t ten = 10, two = 2;
  jaxc_array *xa = jaxc_array_from_data(JAXC_I32, 1, &ten, x);
  expect_print(jaxc_argpartition(xa, 4, -1), "Array([4, 8, 3, 9, 2, 0, 1, 5, 6, 7], dtype=int32)", "argpartition docstring");
  expect_print(jaxc_partition(xa, 4, -1), "Array([1, 2, 3, 3, 4, 9, 8, 7, 6, 5], dtype=int32)", "partition docstring");
  jaxc_array_free(xa);
  /* int8's -128 is its own negative: JAX's bottom takes 5 for it, its top takes 5 again */
  int8_t w[2] = {-128, 5};
  jaxc_array *wa = jaxc_array_from_data(JAXC_I8, 1, &two, w);
  expect_print(jaxc_partition(wa, 0, 0), "Array([5, 5], dtype=int8)", "partition int8 -128");
  expect_print(jaxc_argpartition(wa, 0, 0), "Array([1, 0], dtype=int32)", "argpartition int8 -128");
  jaxc_array_free(wa);
  /* -NaN first, then -0.0 before 0.0 (the total order), NaN last */
  float f[5] = {NAN, 0.0f, -NAN, -0.0f, 1.0f};
  int64_t n5 = 5;
  jaxc_array *fa = jaxc_array_from_data(JAXC_F32, 1, &n5, f);
  expect_print(jaxc_argpartition(fa, 2, 0), "Array([2, 3, 1, 0, 4], dtype=int32)", "argpartition NaN and zeros");
  expect_print(jaxc_partition(fa, 2, 0), "Array([nan, -0.,  0., nan,  1.], dtype=float32)", "partition NaN and zeros");
  jaxc_array_free(fa);
}

/* ---- sort and argsort, descending --------------------------------------------------------------------- */
typedef struct oitem { ordval v; int64_t pos; } oitem;
static int oitem_cmp(const void *x, const void *y) {
  const oitem *a = x, *b = y;
  int c = order_cmp(a->v, b->v);
  return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}
/* the stable ascending order of n decoded values: their positions */
static void ref_argsort(const ordval *v, int64_t n, int64_t *pos) {
  oitem *it = malloc(sizeof *it * (size_t)(n ? n : 1));
  for (int64_t i = 0; i < n; i++) it[i] = (oitem){v[i], i};
  qsort(it, (size_t)n, sizeof *it, oitem_cmp);
  for (int64_t i = 0; i < n; i++) pos[i] = it[i].pos;
  free(it);
}
static long n_desc;
static void check_descending(const jaxc_array *a, int axis, bool stable) {
  uint64_t before = checksum(a);
  jaxc_array *s = jaxc_sort_ex(a, axis, stable, true), *ix = jaxc_argsort_ex(a, axis, stable, true);
  jaxc_dtype d = jaxc_array_dtype(a);
  CHECK_MSG(s && ix, "descending %s: %s", jaxc_dtype_name(d), jaxc_last_error());
  if (!s || !ix) {
    jaxc_array_free(s), jaxc_array_free(ix);
    return;
  }
  CHECK(jaxc_array_dtype(s) == d && jaxc_array_dtype(ix) == (jaxc_x64() ? JAXC_I64 : JAXC_I32));
  lane_geom g = lanes_of(a, axis);
  int64_t n = g.n, *asc = malloc(sizeof(int64_t) * (size_t)(n ? n : 1)), bad = -1;
  ordval *v = malloc(sizeof *v * (size_t)(n ? n : 1)), *r = malloc(sizeof *r * (size_t)(n ? n : 1));
  size_t es = jaxc_dtype_size(d);
  for (int64_t j = 0; j < g.outer * g.inner && bad < 0; j++) {
    int64_t base = axis == JAXC_ALL_AXES ? 0 : (j / g.inner) * n * g.inner + j % g.inner, st = axis == JAXC_ALL_AXES ? 1 : g.inner;
    for (int64_t i = 0; i < n; i++) v[i] = decode(d, elem(a, base + i * st)), r[n - 1 - i] = v[i];
    ref_argsort(v, n, asc); /* sort: lax.rev(lax.sort(a)) */
    for (int64_t i = 0; i < n && bad < 0; i++)
      if (memcmp(elem(s, base + i * st), elem(a, base + asc[n - 1 - i] * st), es)) bad = i;
    ref_argsort(r, n, asc); /* argsort: rev(argsort(rev(a))) mapped back to a's positions */
    for (int64_t i = 0; i < n && bad < 0; i++)
      if (index_at(ix, base + i * st) != n - 1 - asc[n - 1 - i]) bad = n + i;
    n_desc++;
  }
  CHECK_MSG(bad < 0, "descending %s axis %d: first difference at %lld", jaxc_dtype_name(d), axis, (long long)bad);
  CHECK(checksum(a) == before);
  free(asc), free(v), free(r);
  jaxc_array_free(s), jaxc_array_free(ix);
}
static void test_descending(void) {
  static const int64_t lens[] = {0, 1, 2, 47, 48, 49, 50, 257, 1000};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 0; d < NDT; d++) {
      for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
        for (int kind = 0; kind < 6; kind++) {
          jaxc_array *a = sort_input(all_dtypes[d], 1, &lens[l], kind);
          check_descending(a, 0, kind & 1);
          jaxc_array_free(a);
        }
      int64_t sh[3] = {3, 1 + (int64_t)(rnd64() % 60), 5};
      jaxc_array *a = sort_input(all_dtypes[d], 3, sh, 1);
      for (int ax = -3; ax < 3; ax++) check_descending(a, ax, true);
      check_descending(a, JAXC_ALL_AXES, true);
      jaxc_array_free(a);
    }
  }
  jaxc_set_x64(false);
  int64_t big = 1 << 20, many[2] = {600, 1500};
  jaxc_array *a = sort_input(JAXC_F32, 1, &big, 4), *b = sort_input(JAXC_BF16, 2, many, 1);
  check_descending(a, 0, true);
  check_descending(b, 1, true);
  jaxc_array_free(a), jaxc_array_free(b);
  /* NaNs first, 0.0 before the -0.0 that preceded it (values reversed), equal positions kept */
  float f[5] = {-0.0f, 1.0f, 0.0f, NAN, 1.0f};
  int64_t n5 = 5;
  jaxc_array *fa = jaxc_array_from_data(JAXC_F32, 1, &n5, f);
  expect_print(jaxc_sort_ex(fa, 0, true, true), "Array([nan,  1.,  1.,  0., -0.], dtype=float32)", "sort descending");
  expect_print(jaxc_argsort_ex(fa, 0, true, true), "Array([3, 1, 4, 0, 2], dtype=int32)", "argsort descending");
  expect_print(jaxc_argsort_ex(fa, 0, true, false), "Array([0, 2, 1, 4, 3], dtype=int32)", "argsort ascending");
  jaxc_array_free(fa);
}

/* ---- lexsort ------------------------------------------------------------------------------------ */
static const jaxc_array *const *lex_keys;
static int lex_nkeys;
static int64_t lex_base, lex_stride;
static int lex_cmp(const void *x, const void *y) {
  int64_t i = *(const int64_t *)x, j = *(const int64_t *)y;
  for (int k = lex_nkeys - 1; k >= 0; k--) {
    jaxc_dtype d = jaxc_array_dtype(lex_keys[k]);
    int c = order_cmp(decode(d, elem(lex_keys[k], lex_base + i * lex_stride)), decode(d, elem(lex_keys[k], lex_base + j * lex_stride)));
    if (c) return c;
  }
  return (i > j) - (i < j);
}
static long n_lex;
static void check_lexsort(int nk, jaxc_array **keys, int axis) {
  uint64_t before = checksum(keys[0]);
  jaxc_array *r = jaxc_lexsort(nk, (const jaxc_array *const *)keys, axis);
  CHECK_MSG(r, "lexsort of %d keys: %s", nk, jaxc_last_error());
  if (!r) return;
  CHECK(jaxc_array_dtype(r) == (jaxc_x64() ? JAXC_I64 : JAXC_I32) && jaxc_array_size(r) == jaxc_array_size(keys[0]));
  lane_geom g = lanes_of(keys[0], axis);
  int64_t *pos = malloc(sizeof *pos * (size_t)(g.n ? g.n : 1)), bad = -1;
  lex_keys = (const jaxc_array *const *)keys, lex_nkeys = nk, lex_stride = g.inner;
  for (int64_t j = 0; j < g.outer * g.inner && bad < 0; j++) {
    lex_base = (j / g.inner) * g.n * g.inner + j % g.inner;
    for (int64_t i = 0; i < g.n; i++) pos[i] = i;
    qsort(pos, (size_t)g.n, sizeof *pos, lex_cmp);
    for (int64_t i = 0; i < g.n && bad < 0; i++)
      if (index_at(r, lex_base + i * g.inner) != pos[i]) bad = i;
    n_lex++;
  }
  CHECK_MSG(bad < 0, "lexsort of %d keys (%s first) axis %d: first difference at %lld", nk, jaxc_dtype_name(jaxc_array_dtype(keys[0])),
            axis, (long long)bad);
  CHECK(checksum(keys[0]) == before);
  free(pos);
  jaxc_array_free(r);
}
static void test_lexsort(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int trial = 0; trial < 300; trial++) {
      int nd = 1 + (int)(rnd64() % 3), nk = 1 + (int)(rnd64() % 4);
      int64_t sh[3];
      for (int i = 0; i < nd; i++) sh[i] = nd == 1 ? (int64_t)(rnd64() % 400) : (int64_t)(rnd64() % 10);
      jaxc_array *keys[4];
      for (int k = 0; k < nk; k++) { /* (one draw a statement: the same cases under every compiler) */
        jaxc_dtype d = all_dtypes[rnd64() % NDT];
        int kind = 1 + (int)(rnd64() % 5);
        keys[k] = sort_input(d, nd, sh, kind);
      }
      int ax = (int)(rnd64() % (uint64_t)nd);
      check_lexsort(nk, keys, trial & 1 ? ax : ax - nd);
      for (int k = 0; k < nk; k++) jaxc_array_free(keys[k]);
    }
  }
  jaxc_set_x64(false);
  int64_t many[2] = {600, 1500}, big = 1 << 20;
  jaxc_array *two[2] = {sort_input(JAXC_F64, 2, many, 1), sort_input(JAXC_U8, 2, many, 2)};
  check_lexsort(2, two, 1);
  jaxc_array_free(two[0]), jaxc_array_free(two[1]);
  jaxc_array *one[3] = {sort_input(JAXC_C128, 1, &big, 1), sort_input(JAXC_I32, 1, &big, 2), sort_input(JAXC_BOOL, 1, &big, 0)};
  check_lexsort(3, one, 0);
  for (int k = 0; k < 3; k++) jaxc_array_free(one[k]);
  /* NumPy's docstring: lexsort((b, a)) with a = [1,5,1,4,3,4,4], b = [9,4,0,4,0,2,1] */
  int32_t av[7] = {1, 5, 1, 4, 3, 4, 4}, bv[7] = {9, 4, 0, 4, 0, 2, 1};
  int64_t seven = 7;
  jaxc_array *ab[2] = {jaxc_array_from_data(JAXC_I32, 1, &seven, bv), jaxc_array_from_data(JAXC_I32, 1, &seven, av)};
  expect_print(jaxc_lexsort(2, (const jaxc_array *const *)ab, -1), "Array([2, 0, 4, 6, 5, 3, 1], dtype=int32)", "lexsort docstring");
  /* 0-d keys: JAX returns the index 0 */
  jaxc_array *s0[2] = {jaxc_array_from_data(JAXC_F32, 0, NULL, (float[]){2.0f}), jaxc_array_from_data(JAXC_I8, 0, NULL, (int8_t[]){1})};
  expect_print(jaxc_lexsort(2, (const jaxc_array *const *)s0, -1), "Array(0, dtype=int32)", "lexsort 0-d");
  /* errors */
  expect_error(jaxc_lexsort(0, (const jaxc_array *const *)ab, 0), "need sequence of keys with len > 0 in lexsort");
  jaxc_array *mixed[2] = {ab[0], s0[0]};
  expect_error(jaxc_lexsort(2, (const jaxc_array *const *)mixed, 0), "all keys need to be the same shape");
  expect_error(jaxc_lexsort(2, (const jaxc_array *const *)ab, 1), "axis 1 is out of bounds for array of dimension 1");
  mixed[1] = NULL;
  expect_error(jaxc_lexsort(2, (const jaxc_array *const *)mixed, 0), "lexsort: key 1 is NULL");
  expect_error(jaxc_lexsort(1, NULL, 0), "lexsort: keys is NULL");
  for (int k = 0; k < 2; k++) jaxc_array_free(ab[k]), jaxc_array_free(s0[k]);
}

/* ---- errors, in JAX's words ------------------------------------------------------------------------- */
static void test_errors(void) {
  int64_t sh[2] = {2, 5}, five = 5;
  jaxc_array *a = jaxc_array_zeros(JAXC_F32, 2, sh), *c = jaxc_array_zeros(JAXC_C64, 1, &five), *b = jaxc_array_zeros(JAXC_BOOL, 1, &five),
             *z = jaxc_array_zeros(JAXC_F32, 0, NULL), *v = NULL, *ix = NULL;
  CHECK(jaxc_top_k(a, -1, -1, &v, &ix) == JAXC_ERR_ARG && !v && !ix);
  CHECK(strcmp(jaxc_last_error(), "k argument to top_k must be nonnegative, got -1") == 0);
  CHECK(jaxc_top_k(a, 6, -1, &v, &ix) != JAXC_OK && !v && !ix);
  CHECK(strcmp(jaxc_last_error(), "k argument to top_k must be no larger than size along axis; got k=6 with shape=[2, 5] and axis=1") == 0);
  CHECK(jaxc_top_k(c, 6, 0, &v, &ix) != JAXC_OK && strcmp(jaxc_last_error(), "top_k is not compatible with complex inputs.") == 0);
  CHECK(jaxc_top_k(b, 6, 0, &v, &ix) != JAXC_OK &&
        strcmp(jaxc_last_error(), "k argument to top_k must be no larger than size along axis; got k=6 with shape=[5] and axis=0") == 0);
  CHECK(jaxc_top_k(z, 0, -1, &v, &ix) != JAXC_OK && strcmp(jaxc_last_error(), "axis -1 is out of bounds for array of dimension 0") == 0);
  CHECK(jaxc_top_k(a, 1, 2, &v, &ix) != JAXC_OK && strcmp(jaxc_last_error(), "axis 2 is out of bounds for array of dimension 2") == 0);
  CHECK(jaxc_top_k(NULL, 1, 0, &v, &ix) == JAXC_ERR_ARG && !v && !ix);
  expect_error(jaxc_partition(c, 0, 0), "jnp.partition for complex dtype is not implemented.");
  expect_error(jaxc_argpartition(c, 0, 0), "jnp.argpartition for complex dtype is not implemented.");
  /* bool: JAX fails on -a, with lax.neg's error */
  CHECK(!jaxc_unary(JAXC_OP_NEGATIVE, b));
  char neg_error[256];
  snprintf(neg_error, sizeof neg_error, "%s", jaxc_last_error());
  CHECK(strncmp(neg_error, "neg does not accept dtype bool.", 31) == 0);
  expect_error(jaxc_partition(b, 0, 0), neg_error);
  expect_error(jaxc_argpartition(b, 1, 0), neg_error);
  expect_error(jaxc_partition(a, 5, 1), "axis 5 is out of bounds for array of dimension 5");
  expect_error(jaxc_argpartition(a, -6, 1), "axis -6 is out of bounds for array of dimension 5");
  expect_error(jaxc_partition(a, 0, 2), "axis 2 is out of bounds for array of dimension 2");
  expect_error(jaxc_partition(z, 0, -1), "axis -1 is out of bounds for array of dimension 0");
  expect_error(jaxc_argpartition(NULL, 0, 0), "argpartition: the array is NULL");
  expect_error(jaxc_sort_ex(z, 0, true, true), "axis 0 is out of bounds for array of dimension 0");
  expect_error(jaxc_argsort_ex(a, -3, true, true), "axis -3 is out of bounds for array of dimension 2");
  /* a 0-d array flattened; empty lanes */
  expect_print(jaxc_sort_ex(z, JAXC_ALL_AXES, true, true), "Array([0.], dtype=float32)", "0-d sort flattened");
  int64_t e[2] = {3, 0};
  jaxc_array *emp = jaxc_array_zeros(JAXC_I16, 2, e);
  CHECK(jaxc_top_k(emp, 0, 1, &v, &ix) == JAXC_OK && jaxc_array_size(v) == 0 && jaxc_array_shape(ix)[0] == 3);
  jaxc_array_free(v), jaxc_array_free(ix);
  CHECK(jaxc_top_k(emp, 2, 0, &v, &ix) == JAXC_OK && jaxc_array_shape(v)[0] == 2 && jaxc_array_size(ix) == 0);
  jaxc_array_free(v), jaxc_array_free(ix);
  expect_error(jaxc_partition(emp, 0, 1), "axis 0 is out of bounds for array of dimension 0");
  jaxc_array *es = jaxc_argsort_ex(emp, 1, false, true);
  CHECK(es && jaxc_array_size(es) == 0);
  jaxc_array_free(es), jaxc_array_free(emp);
  jaxc_array_free(a), jaxc_array_free(c), jaxc_array_free(b), jaxc_array_free(z);
}

/* jnp.sort_complex: lax.sort on the last axis, then to_complex_dtype(a.dtype), strong */
static long n_sortc;
static int cmp_parts(const void *x, const void *y) {
  const double *a = (const double *)x, *b = (const double *)y;
  ordval u = {2, 0, 0, a[0], a[1]}, v = {2, 0, 0, b[0], b[1]};
  return order_cmp(u, v);
}
static void test_sort_complex(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 0; d < JAXC_NUM_CONCRETE_DTYPES; d++) {
      bool wide = d == JAXC_F64 || d == JAXC_I64 || d == JAXC_U64 || d == JAXC_C128;
      jaxc_dtype want = wide && x64 ? JAXC_C128 : JAXC_C64;
      for (int kind = 0; kind < 3; kind++) {
        int64_t shape[2] = {3, 1 + (int64_t)(rnd64() % 300)};
        jaxc_array *a = sort_input((jaxc_dtype)d, 2, shape, kind);
        if (kind == 2) a->weak = true;
        uint64_t ca = checksum(a);
        jaxc_array *r = jaxc_sort_complex(a);
        CHECK(checksum(a) == ca);
        CHECK_MSG(r && r->dtype == want && !r->weak && r->ndim == 2 && r->shape[0] == 3 && r->shape[1] == shape[1], "sort_complex %s: %s", jaxc_dtype_name(a->dtype),
                  r ? jaxc_dtype_name(r->dtype) : jaxc_last_error());
        if (!r || r->dtype != want) {
          jaxc_array_free(a), jaxc_array_free(r);
          continue;
        }
        int64_t n = shape[1];
        double *in = malloc((size_t)n * 2 * sizeof *in), *out = malloc((size_t)n * 2 * sizeof *out);
        size_t es = jaxc_dtype_size(a->dtype);
        for (int64_t row = 0; row < 3; row++) {
          bool ok = true;
          for (int64_t i = 0; i < n; i++) {
            ordval v = decode(a->dtype, (const char *)a->data + (size_t)(row * n + i) * es);
            double re = v.cls == 0 ? (double)v.u : v.cls == 1 ? (double)v.i : v.re, im = v.cls == 2 ? v.im : 0;
            if (want == JAXC_C64) /* (C's conversions to float: from the integer itself, not its double) */
              re = v.cls == 0 ? (double)(float)v.u : v.cls == 1 ? (double)(float)v.i : (double)(float)re, im = (double)(float)im;
            in[2 * i] = re, in[2 * i + 1] = im;
            ordval o = decode(want, (const char *)r->data + (size_t)(row * n + i) * jaxc_dtype_size(want));
            out[2 * i] = o.re, out[2 * i + 1] = o.im;
            if (i && cmp_parts(out + 2 * i - 2, out + 2 * i) > 0) ok = false;
          }
          qsort(in, (size_t)n, 2 * sizeof *in, cmp_parts);
          for (int64_t i = 0; i < n && ok; i++)
            ok = cmp_parts(in + 2 * i, out + 2 * i) == 0; /* (-0 and 0, and NaNs, compare equal: order_cmp's) */
          CHECK_MSG(ok, "sort_complex %s x64=%d kind %d row %lld", jaxc_dtype_name(a->dtype), x64, kind, (long long)row);
          n_sortc++;
        }
        free(in), free(out), jaxc_array_free(a), jaxc_array_free(r);
      }
    }
  }
  jaxc_set_x64(false);
  jaxc_array *c = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){4}, (float[]){1, 2, 2, 4, 3, -1, 2, 3});
  expect_print(jaxc_sort_complex(c), "Array([1.+2.j, 2.+3.j, 2.+4.j, 3.-1.j], dtype=complex64)", "sort_complex docstring");
  jaxc_array *m = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){5, 3, 4, 6, 9, 2});
  expect_print(jaxc_sort_complex(m), "Array([[3.+0.j, 4.+0.j, 5.+0.j],\n       [2.+0.j, 6.+0.j, 9.+0.j]], dtype=complex64)", "sort_complex 2-d");
  jaxc_array *s = jaxc_weak_float(2);
  CHECK_FAILS(jaxc_sort_complex(s), "axis -1 is out of bounds for array of dimension 0");
  CHECK_FAILS(jaxc_sort_complex(NULL), "sort_complex: the array is NULL");
  jaxc_array_free(c), jaxc_array_free(m), jaxc_array_free(s);
}

int main(void) {
  test_errors();
  test_top_k();
  test_partition();
  test_descending();
  test_lexsort();
  test_sort_complex();
  printf("test_order: %ld sort_complex lanes\n", n_sortc);
  printf("test_order: %ld top_k lanes, %ld partition lanes, %ld descending lanes, %ld lexsort lanes\n", n_topk, n_part, n_desc, n_lex);
  return check_summary("test_order");
}
