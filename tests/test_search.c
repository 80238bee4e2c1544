/* test_search.c — jnp.sort / argsort (the radix engine), searchsorted, digitize, unique, nonzero,
   flatnonzero, argwhere, count_nonzero and bincount.
   References written here, not from the library:
     - lax.sort's order as a comparison of decoded values (ints as int64/uint64, bfloat16 and
       float16 decoded from their fields, floats and doubles as themselves: -0 == 0, every NaN
       last and equal; complex by real part, then imaginary part), and a stable order from qsort
       on (value, position): argsort must equal it exactly and sort must return the input's bits
       at those positions (a -0.0 or a NaN's payload kept);
     - every dtype, x64 on (int64 positions) and off (int32), lanes of every length near the
       insertion-sort cut (47-50), lengths past the threaded paths (one lane of 2^20, 600 lanes
       of 1500), every axis of 3-D arrays and the flattened array, value sets chosen to hit each
       radix pass and its skipping (random bits with NaN payloads of both signs, few distinct
       values, small integers in wide dtypes, all equal, planted -0.0/0.0/-NaN/inf), and every
       bfloat16, float16, int8 and uint8 pattern;
     - searchsorted by JAX's own binary-search loop (ceil(log2(n + 1)) halvings, clamped read) on
       the decoded order, against bisect for sorted inputs and its own loop for unsorted ones;
       digitize from its definition (bins[i-1] <= x < bins[i], decreasing bins mirrored);
     - unique from its definition: first occurrences in sorted order, counts by counting, the
       inverse by lookup, NaNs merged or not, sizes cut and padded;
     - nonzero, flatnonzero, argwhere and count_nonzero by walking the decoded values (x != 0),
       sizes and fill values (promoted: a float fill makes float coordinates); bincount by
       counting clip(x, 0) into the bins, weights summed;
     - inputs unchanged, JAX's error messages, bad arguments refused. */
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

typedef struct item { ordval v; int64_t pos; } item;
static int item_cmp(const void *x, const void *y) {
  const item *a = x, *b = y;
  int c = order_cmp(a->v, b->v);
  return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}
static int64_t index_at(const jaxc_array *r, int64_t k) {
  return jaxc_array_dtype(r) == JAXC_I64 ? ((const int64_t *)jaxc_array_data(r))[k] : ((const int32_t *)jaxc_array_data(r))[k];
}

/* One lane (n values s elements apart from base) of sort's and argsort's results against the stable reference. */
static long lanes_checked;
static void check_lane(const jaxc_array *a, const jaxc_array *srt, const jaxc_array *idx, int64_t base, int64_t n, int64_t s) {
  jaxc_dtype d = jaxc_array_dtype(a);
  size_t es = jaxc_dtype_size(d);
  const char *src = (const char *)jaxc_array_data(a) + (size_t)base * es;
  item *it = malloc(sizeof *it * (size_t)(n ? n : 1));
  for (int64_t i = 0; i < n; i++) it[i] = (item){decode(d, src + (size_t)(i * s) * es), i};
  qsort(it, (size_t)n, sizeof *it, item_cmp);
  int64_t bad = -1;
  for (int64_t k = 0; k < n && bad < 0; k++) {
    const char *got = (const char *)jaxc_array_data(srt) + (size_t)(base + k * s) * es;
    if (index_at(idx, base + k * s) != it[k].pos || memcmp(got, src + (size_t)(it[k].pos * s) * es, es) != 0) bad = k;
  }
  CHECK_MSG(bad < 0, "%s lane of %lld (stride %lld): first difference at %lld", jaxc_dtype_name(d), (long long)n,
            (long long)s, (long long)bad);
  free(it);
  lanes_checked++;
}
static void check_sort_axis(const jaxc_array *a, int axis) {
  uint64_t before = checksum(a);
  jaxc_array *s = jaxc_sort(a, axis), *i = jaxc_argsort(a, axis);
  CHECK(s && i);
  if (s && i) {
    CHECK(jaxc_array_dtype(s) == jaxc_array_dtype(a) && jaxc_array_dtype(i) == (jaxc_x64() ? JAXC_I64 : JAXC_I32));
    CHECK(!jaxc_array_is_weak(s) && !jaxc_array_is_weak(i));
    int nd = jaxc_array_ndim(a);
    const int64_t *sh = jaxc_array_shape(a);
    if (axis == JAXC_ALL_AXES) {
      CHECK(jaxc_array_ndim(s) == 1 && jaxc_array_shape(s)[0] == jaxc_array_size(a));
      check_lane(a, s, i, 0, jaxc_array_size(a), 1);
    } else {
      int ax = axis < 0 ? axis + nd : axis;
      int64_t outer = 1, inner = 1;
      for (int k = 0; k < ax; k++) outer *= sh[k];
      for (int k = ax + 1; k < nd; k++) inner *= sh[k];
      CHECK(jaxc_array_ndim(s) == nd && memcmp(jaxc_array_shape(s), sh, sizeof(int64_t) * (size_t)nd) == 0);
      for (int64_t o = 0; o < outer; o++)
        for (int64_t in = 0; in < inner; in++) check_lane(a, s, i, o * sh[ax] * inner + in, sh[ax], inner);
    }
  }
  CHECK(checksum(a) == before);
  jaxc_array_free(s);
  jaxc_array_free(i);
}

static void test_sort_lanes(void) {
  static const int64_t lens[] = {0, 1, 2, 3, 17, 47, 48, 49, 50, 64, 255, 256, 257, 1000, 4099};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 0; d < NDT; d++)
      for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++)
        for (int kind = 0; kind < 6; kind++) {
          jaxc_array *a = sort_input(all_dtypes[d], 1, &lens[l], kind);
          check_sort_axis(a, 0);
          if (lens[l] == 257) check_sort_axis(a, JAXC_ALL_AXES);
          jaxc_array_free(a);
        }
  }
  jaxc_set_x64(false);
}
/* every axis of 3-D arrays (strided lanes), and the flattened array */
static void test_sort_axes(void) {
  jaxc_set_x64(true);
  static const int64_t shapes[][3] = {{3, 60, 5}, {70, 2, 3}, {1, 1, 130}, {4, 0, 3}, {2, 51, 1}};
  for (int d = 0; d < NDT; d++)
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      jaxc_array *a = sort_input(all_dtypes[d], 3, shapes[s], (int)(s % 6));
      for (int axis = -3; axis < 3; axis++) check_sort_axis(a, axis);
      check_sort_axis(a, JAXC_ALL_AXES);
      jaxc_array_free(a);
    }
  jaxc_set_x64(false);
}
/* one long lane (the threaded radix: a histogram per thread and pass) and many lanes over the threads */
static void test_sort_large(void) {
  jaxc_set_x64(true);
  static const jaxc_dtype big[] = {JAXC_U8, JAXC_I16, JAXC_F32, JAXC_I64, JAXC_F64, JAXC_C64, JAXC_C128, JAXC_BF16};
  for (size_t d = 0; d < sizeof big / sizeof big[0]; d++) {
    int64_t n = (int64_t)1 << 20, many[2] = {600, 1500};
    jaxc_array *a = sort_input(big[d], 1, &n, (int)(d % 3) + 3 - (d % 3 == 0)); /* 2, 4, 5 */
    check_sort_axis(a, 0);
    jaxc_array_free(a);
    a = sort_input(big[d], 2, many, d % 2 ? 1 : 4);
    check_sort_axis(a, 1);
    check_sort_axis(a, 0);
    jaxc_array_free(a);
  }
  jaxc_set_x64(false);
}
/* every bfloat16, float16, int8 and uint8 pattern, shuffled, sorted: each pattern lands where
   the decoded order puts it (and each NaN, -0.0 and 0.0 keeps its input order) */
static void test_sort_exhaustive(void) {
  static const jaxc_dtype d16[] = {JAXC_BF16, JAXC_F16, JAXC_I16, JAXC_U16, JAXC_I8, JAXC_U8};
  for (size_t d = 0; d < sizeof d16 / sizeof d16[0]; d++) {
    int64_t n = jaxc_dtype_size(d16[d]) == 2 ? 65536 * 2 : 256 * 3; /* every pattern, twice or thrice */
    jaxc_array *a = jaxc_array_empty(d16[d], 1, &n);
    unsigned char *p = (unsigned char *)jaxc_array_data(a);
    for (int64_t i = 0; i < n; i++) {
      if (jaxc_dtype_size(d16[d]) == 2) { uint16_t u = (uint16_t)i; memcpy(p + 2 * i, &u, 2); }
      else p[i] = (unsigned char)i;
    }
    size_t es = jaxc_dtype_size(d16[d]);
    for (int64_t i = n - 1; i > 0; i--) { /* Fisher-Yates */
      int64_t j = (int64_t)(rnd64() % (uint64_t)(i + 1));
      unsigned char t[2];
      memcpy(t, p + i * es, es), memcpy(p + i * es, p + j * es, es), memcpy(p + j * es, t, es);
    }
    check_sort_axis(a, 0);
    jaxc_array_free(a);
  }
}
/* lax.sort's documented cases, written out */
static void test_sort_examples(void) {
  float v[8] = {1.0f, -NAN, -0.0f, INFINITY, 0.0f, NAN, -INFINITY, -0.0f};
  int64_t n = 8;
  jaxc_array *a = jaxc_array_from_data(JAXC_F32, 1, &n, v);
  jaxc_array *i = jaxc_argsort(a, 0);
  int64_t want[8] = {6, 2, 4, 7, 0, 3, 1, 5}; /* -inf, the zeros in input order, 1, inf, the NaNs in input order */
  for (int k = 0; k < 8; k++) CHECK_EQ_INT(index_at(i, k), want[k]);
  jaxc_array_free(i);
  jaxc_array_free(a);
  /* complex: (1+nanj) after (1+5j), before (2+0j); nan+1j < nan+2j < nan+nanj */
  float c[12] = {2, 0, NAN, 2, 1, NAN, NAN, NAN, 1, 5, NAN, 1};
  n = 6;
  a = jaxc_array_from_data(JAXC_C64, 1, &n, c);
  i = jaxc_argsort(a, 0);
  int64_t wantc[6] = {4, 2, 0, 5, 1, 3};
  for (int k = 0; k < 6; k++) CHECK_EQ_INT(index_at(i, k), wantc[k]);
  jaxc_array_free(i);
  jaxc_array_free(a);
}

/* ---- searchsorted, digitize ------------------------------------------------------------------- */
/* JAX's scan on decoded values: ceil(log2(n + 1)) halvings of [0, n], left where q <= a[mid]
   (left) or q < a[mid] (right), a[n] read as a[n - 1] */
static int64_t ref_bisect(const ordval *a, int64_t n, ordval q, bool right) {
  if (n == 0) return 0;
  int levels = 0;
  while (((int64_t)1 << levels) < n + 1) levels++;
  int64_t low = 0, high = n;
  for (int l = 0; l < levels; l++) {
    int64_t mid = (low + high) / 2;
    int c = order_cmp(q, a[mid < n ? mid : n - 1]);
    if (right ? c < 0 : c <= 0) high = mid;
    else low = mid;
  }
  return high;
}
static ordval *decode_all(const jaxc_array *a) {
  int64_t n = jaxc_array_size(a);
  ordval *v = malloc(sizeof *v * (size_t)(n ? n : 1));
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  for (int64_t i = 0; i < n; i++) v[i] = decode(jaxc_array_dtype(a), (const char *)jaxc_array_data(a) + (size_t)i * es);
  return v;
}
/* searchsorted(a, v, side) against the reference on a and v promoted as JAX promotes them; for a
   sorted a also against the definition: left counts the a[i] < q, right the a[i] <= q */
static long n_search;
static void check_search(const jaxc_array *a, const jaxc_array *v, bool sorted) {
  uint64_t ha = checksum(a), hv = checksum(v);
  bool weak;
  jaxc_dtype dt = jaxc_binary_result(JAXC_OP_ADD, a, v, &weak);
  jaxc_array *pa = jaxc_astype(a, dt), *pv = jaxc_astype(v, dt);
  ordval *A = decode_all(pa), *V = decode_all(pv);
  int64_t n = jaxc_array_size(a), m = jaxc_array_size(v);
  for (int64_t k = 1; k < n; k++) sorted = sorted && order_cmp(A[k - 1], A[k]) <= 0; /* (x64 off, uint32 -> int32 wraps) */
  for (int side = 0; side < 2; side++) {
    jaxc_array *r = jaxc_searchsorted(a, v, (jaxc_side)side, NULL);
    CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_I32 && !jaxc_array_is_weak(r) && jaxc_array_ndim(r) == jaxc_array_ndim(v) &&
                  memcmp(jaxc_array_shape(r), jaxc_array_shape(v), sizeof(int64_t) * (size_t)jaxc_array_ndim(v)) == 0,
              "searchsorted %s in %s: %s", jaxc_dtype_name(jaxc_array_dtype(v)), jaxc_dtype_name(jaxc_array_dtype(a)),
              r ? "dtype/shape" : jaxc_last_error());
    int64_t bad = -1;
    for (int64_t i = 0; r && i < m && bad < 0; i++) {
      int64_t want = ref_bisect(A, n, V[i], side);
      if (sorted) {
        int64_t cnt = 0;
        for (int64_t k = 0; k < n; k++) cnt += side ? order_cmp(A[k], V[i]) <= 0 : order_cmp(A[k], V[i]) < 0;
        CHECK_MSG(cnt == want, "the reference's bisect and count differ (%lld, %lld): %s in %s, n %lld", (long long)want, (long long)cnt,
                  jaxc_dtype_name(jaxc_array_dtype(v)), jaxc_dtype_name(jaxc_array_dtype(a)), (long long)n);
      }
      if (index_at(r, i) != want) bad = i;
    }
    CHECK_MSG(bad < 0, "searchsorted %s side %d, n %lld: query %lld", jaxc_dtype_name(dt), side, (long long)n, (long long)bad);
    jaxc_array_free(r);
    n_search++;
  }
  CHECK(checksum(a) == ha && checksum(v) == hv);
  free(A), free(V);
  jaxc_array_free(pa), jaxc_array_free(pv);
}
/* queries: random values of v's dtype, some copied from a (ties), NaN/-0.0 among them */
static jaxc_array *queries(jaxc_dtype d, int nd, const int64_t *shape, const jaxc_array *a) {
  jaxc_array *v = sort_input(d, nd, shape, (int)(rnd64() % 6));
  int64_t m = jaxc_array_size(v), n = jaxc_array_size(a);
  size_t es = jaxc_dtype_size(jaxc_array_dtype(v));
  if (n && jaxc_array_dtype(a) == jaxc_array_dtype(v))
    for (int64_t i = 0; i < m; i += 1 + (int64_t)(rnd64() % 3))
      memcpy((char *)jaxc_array_data(v) + (size_t)i * es, (const char *)jaxc_array_data(a) + (size_t)(rnd64() % (uint64_t)n) * es, es);
  return v;
}
static void test_searchsorted(void) {
  static const int64_t lens[] = {0, 1, 2, 3, 7, 8, 9, 100, 1000};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 0; d < NDT; d++)
      for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
        jaxc_array *raw = sort_input(all_dtypes[d], 1, &lens[l], (int)(l % 6)), *a = jaxc_sort(raw, 0);
        int64_t vs[2] = {3, 1 + (int64_t)(rnd64() % 40)};
        jaxc_array *v = queries(all_dtypes[d], (int)(l % 3), vs, a);
        check_search(a, v, true);
        check_search(raw, v, false); /* unsorted: JAX's loop, whatever it finds */
        jaxc_dtype other = all_dtypes[rnd64() % NDT];
        jaxc_array *w = queries(other, 1, vs, a); /* promoted together */
        check_search(a, w, true);
        jaxc_array_free(raw), jaxc_array_free(a), jaxc_array_free(v), jaxc_array_free(w);
      }
  }
  jaxc_set_x64(false);
  /* the threaded path: 2^18 queries in 2^16 values */
  int64_t n = 65536, m = 262144;
  jaxc_array *raw = sort_input(JAXC_F32, 1, &n, 4), *a = jaxc_sort(raw, 0), *v = queries(JAXC_F32, 1, &m, a);
  check_search(a, v, false);
  jaxc_array_free(raw), jaxc_array_free(a), jaxc_array_free(v);
}
/* promotion, weak scalars, the sorter, JAX's documented cases and errors */
static void test_search_cases(void) {
  uint8_t u[3] = {1, 100, 200};
  int8_t q[2] = {-1, 100};
  int64_t three = 3, two = 2;
  jaxc_array *a = jaxc_array_from_data(JAXC_U8, 1, &three, u), *v = jaxc_array_from_data(JAXC_I8, 1, &two, q);
  jaxc_array *r = jaxc_searchsorted(a, v, JAXC_SIDE_LEFT, NULL); /* int16 comparisons: -1 is before 1 (not 255) */
  CHECK(r && index_at(r, 0) == 0 && index_at(r, 1) == 1);
  jaxc_array_free(r);
  r = jaxc_searchsorted(a, v, JAXC_SIDE_RIGHT, NULL);
  CHECK(r && index_at(r, 0) == 0 && index_at(r, 1) == 2);
  jaxc_array_free(r);
  jaxc_array *h = jaxc_weak_float(100.5), *hi = jaxc_weak_int(300);
  r = jaxc_searchsorted(a, h, JAXC_SIDE_LEFT, NULL); /* float32 comparisons */
  CHECK(r && jaxc_array_ndim(r) == 0 && index_at(r, 0) == 2 && jaxc_array_dtype(r) == JAXC_I32);
  jaxc_array_free(r);
  r = jaxc_searchsorted(a, hi, JAXC_SIDE_LEFT, NULL); /* a weak int keeps uint8: 300 wraps to 44 */
  CHECK(r && index_at(r, 0) == 1);
  jaxc_array_free(r);
  /* sorter: a[sorter], indices as x[idx] takes them (a negative counts from the end, past the end clamps) */
  float f[4] = {3, 1, 2, 0};
  int32_t so[4] = {3, -3, 2, 0}, so_clip[4] = {-1, 3, 9, 99}; /* -> 0 1 2 3;  0 ... wait: [-1]=0, [3]=0, [9]=a[3]=0, [99]=0 */
  int64_t four = 4;
  jaxc_array *fa = jaxc_array_from_data(JAXC_F32, 1, &four, f), *s1 = jaxc_array_from_data(JAXC_I32, 1, &four, so);
  jaxc_array *s2 = jaxc_array_from_data(JAXC_I32, 1, &four, so_clip), *x = jaxc_weak_float(1.5);
  r = jaxc_searchsorted(fa, x, JAXC_SIDE_LEFT, s1);
  CHECK(r && index_at(r, 0) == 2);
  jaxc_array_free(r);
  jaxc_array *sorted_by = jaxc_argsort(fa, 0);
  for (int k = -2; k < 6; k++) {
    jaxc_array *xk = jaxc_weak_float(k * 0.5), *r1 = jaxc_searchsorted(fa, xk, JAXC_SIDE_RIGHT, sorted_by);
    jaxc_array *sa = jaxc_sort(fa, 0), *r2 = jaxc_searchsorted(sa, xk, JAXC_SIDE_RIGHT, NULL);
    CHECK(r1 && r2 && index_at(r1, 0) == index_at(r2, 0));
    jaxc_array_free(xk), jaxc_array_free(r1), jaxc_array_free(sa), jaxc_array_free(r2);
  }
  r = jaxc_searchsorted(fa, x, JAXC_SIDE_LEFT, s2); /* a[sorter] = [0, 0, 0, 0]: everything is below 1.5 */
  CHECK(r && index_at(r, 0) == 4);
  jaxc_array_free(r);
  /* errors */
  int64_t sq[2] = {2, 2};
  jaxc_array *m2 = jaxc_array_zeros(JAXC_F32, 2, sq);
  expect_error(jaxc_searchsorted(m2, x, JAXC_SIDE_LEFT, NULL), "a should be 1-dimensional");
  expect_error(jaxc_searchsorted(fa, x, (jaxc_side)7, NULL), "7 is an invalid value for keyword 'side'. Expected one of ['left', 'right'].");
  expect_error(jaxc_searchsorted(fa, x, JAXC_SIDE_LEFT, m2), "sorter should be 1-dimensional");
  CHECK(jaxc_searchsorted(NULL, x, JAXC_SIDE_LEFT, NULL) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  expect_error(jaxc_searchsorted(fa, x, JAXC_SIDE_LEFT, fa), "Indexer must have integer or boolean type, got indexer with type float32 at position 0");
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  CHECK(jaxc_searchsorted(a, v, JAXC_SIDE_LEFT, NULL) == NULL && jaxc_last_status() != JAXC_OK);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array_free(a), jaxc_array_free(v), jaxc_array_free(h), jaxc_array_free(hi), jaxc_array_free(fa), jaxc_array_free(s1);
  jaxc_array_free(s2), jaxc_array_free(x), jaxc_array_free(sorted_by), jaxc_array_free(m2);
}

/* digitize from its definition: increasing bins, i with bins[i-1] <= x < bins[i] (right: bins[i-1]
   < x <= bins[i]); decreasing ones mirrored; the order is sort's (NaN last) */
static int64_t ref_digitize(const ordval *b, int64_t n, ordval x, bool right) {
  bool nan_end = b[0].cls == 2 && (b[0].re != b[0].re || b[n - 1].re != b[n - 1].re);
  if (nan_end) { /* bins[-1] >= bins[0] is false: n - searchsorted(bins[::-1], x), whatever the order */
    ordval *r = malloc(sizeof *r * (size_t)n);
    for (int64_t k = 0; k < n; k++) r[k] = b[n - 1 - k];
    int64_t p = n - ref_bisect(r, n, x, !right);
    free(r);
    return p;
  }
  bool inc = order_cmp(b[n - 1], b[0]) >= 0;
  int64_t c = 0;
  for (int64_t k = 0; k < n; k++) {
    int cm = order_cmp(b[k], x);
    c += inc ? (right ? cm < 0 : cm <= 0) : (right ? cm >= 0 : cm > 0);
  }
  return c;
}
static void test_digitize(void) {
  jaxc_set_x64(true);
  static const jaxc_dtype dts[] = {JAXC_I8, JAXC_U16, JAXC_F32, JAXC_F64, JAXC_BF16};
  for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++)
    for (int trial = 0; trial < 40; trial++) {
      int64_t nb = 1 + (int64_t)(rnd64() % 12), nx = 50;
      jaxc_array *raw = sort_input(dts[d], 1, &nb, trial % 3 ? 2 : 4), *s = jaxc_sort(raw, 0);
      jaxc_array *bins = trial % 2 ? jaxc_flip(s, 0, NULL) : jaxc_sort(s, 0);
      jaxc_array *x = queries(dts[d], 1, &nx, bins);
      ordval *B = decode_all(bins), *X = decode_all(x);
      for (int right = 0; right < 2; right++) {
        jaxc_array *r = jaxc_digitize(x, bins, right);
        int64_t bad = -1;
        for (int64_t i = 0; r && i < nx && bad < 0; i++)
          if (index_at(r, i) != ref_digitize(B, nb, X[i], right)) bad = i;
        CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_I32 && bad < 0, "digitize %s trial %d right %d: %lld", jaxc_dtype_name(dts[d]), trial, right,
                  (long long)bad);
        jaxc_array_free(r);
      }
      free(B), free(X);
      jaxc_array_free(raw), jaxc_array_free(s), jaxc_array_free(bins), jaxc_array_free(x);
    }
  jaxc_set_x64(false);
  /* NumPy's documented example: x = [0.2, 6.4, 3.0, 1.6], bins = [0, 1, 2.5, 4, 10] -> [1, 4, 3, 2]; right
     with x = [1, 2, 3, 4] on bins [1, 2, 3]... and decreasing bins */
  float xs[4] = {0.2f, 6.4f, 3.0f, 1.6f}, bs[5] = {0, 1, 2.5f, 4, 10}, rb[5] = {10, 4, 2.5f, 1, 0};
  int64_t four = 4, five = 5;
  jaxc_array *x = jaxc_array_from_data(JAXC_F32, 1, &four, xs), *b = jaxc_array_from_data(JAXC_F32, 1, &five, bs);
  jaxc_array *rbins = jaxc_array_from_data(JAXC_F32, 1, &five, rb);
  jaxc_array *r = jaxc_digitize(x, b, false), *r2 = jaxc_digitize(x, rbins, false);
  int64_t want[4] = {1, 4, 3, 2}, want2[4] = {4, 1, 2, 3};
  for (int k = 0; k < 4; k++) CHECK(r && r2 && index_at(r, k) == want[k] && index_at(r2, k) == want2[k]);
  jaxc_array_free(r), jaxc_array_free(r2);
  int64_t zero = 0, sq[2] = {1, 2};
  jaxc_array *none = jaxc_array_empty(JAXC_F32, 1, &zero), *m2 = jaxc_array_zeros(JAXC_I32, 2, sq);
  r = jaxc_digitize(x, none, true); /* no bins: zeros of x's shape */
  CHECK(r && jaxc_array_dtype(r) == JAXC_I32 && jaxc_array_size(r) == 4 && index_at(r, 0) == 0 && index_at(r, 3) == 0);
  jaxc_array_free(r);
  jaxc_array *i8x = jaxc_astype(x, JAXC_I8);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT); /* (JAX returns zeros_like(x) before promoting x with the bins) */
  r = jaxc_digitize(i8x, none, false);
  CHECK(r && jaxc_array_size(r) == 4 && index_at(r, 2) == 0);
  jaxc_array_free(r);
  CHECK(!jaxc_digitize(i8x, b, false)); /* (with bins, searchsorted promotes: strict mode refuses int8 beside float32) */
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array_free(i8x);
  expect_error(jaxc_digitize(x, m2, false), "digitize: bins must be a 1-dimensional array; got bins=int32[1,2]");
  jaxc_array_free(x), jaxc_array_free(b), jaxc_array_free(rbins), jaxc_array_free(none), jaxc_array_free(m2);
}

/* ---- unique ------------------------------------------------------------------------------------ */
static bool dnan(ordval v) { return v.cls == 2 && (v.re != v.re || v.im != v.im); }
/* rows of w decoded values: lexicographic in sort's order, then by position */
typedef struct urow { const ordval *v; int64_t w, pos; } urow;
static int urow_cmp(const void *x, const void *y) {
  const urow *a = x, *b = y;
  for (int64_t j = 0; j < a->w; j++) {
    int c = order_cmp(a->v[j], b->v[j]);
    if (c) return c;
  }
  return (a->pos > b->pos) - (a->pos < b->pos);
}
static bool urow_same(const urow *a, const urow *b, bool equal_nan) { /* lax.ne, NaNs equal or not */
  for (int64_t j = 0; j < a->w; j++)
    if (order_cmp(a->v[j], b->v[j]) != 0 || (!equal_nan && dnan(a->v[j]))) return false;
  return true;
}
/* unique_ex(a, axis, equal_nan, size, fill) against its definition, element by element */
static long n_unique;
static void check_unique(const jaxc_array *a, int axis, bool equal_nan, int64_t size, const jaxc_array *fill) {
  uint64_t before = checksum(a);
  jaxc_array *vals, *idx, *inv, *cnt;
  int st = jaxc_unique_ex(a, axis, equal_nan, size, fill, &vals, &idx, &inv, &cnt);
  CHECK_MSG(st == JAXC_OK && vals && idx && inv && cnt, "unique: %s", jaxc_last_error());
  if (st != JAXC_OK) return;
  jaxc_dtype d = jaxc_array_dtype(a);
  size_t es = jaxc_dtype_size(d);
  int nd = jaxc_array_ndim(a), ax = axis == JAXC_ALL_AXES ? 0 : axis < 0 ? axis + nd : axis;
  const int64_t *sh = jaxc_array_shape(a);
  /* rows: the slices along ax (flattened: the elements), decoded; complex NaNs made nan+0j */
  int64_t n = axis == JAXC_ALL_AXES ? jaxc_array_size(a) : sh[ax], w = 1, inner = 1;
  if (axis != JAXC_ALL_AXES) {
    for (int k = 0; k < nd; k++) w *= k == ax ? 1 : sh[k];
    for (int k = ax + 1; k < nd; k++) inner *= sh[k];
  }
  ordval *dv = malloc(sizeof *dv * (size_t)(n * w + 1));
  urow *rows = malloc(sizeof *rows * (size_t)(n + 1));
  int64_t *elem = malloc(sizeof *elem * (size_t)(n * w + 1)); /* the flat index of row i's value j */
  for (int64_t i = 0; i < n; i++) {
    for (int64_t j = 0; j < w; j++) {
      int64_t e = axis == JAXC_ALL_AXES ? i : (j / inner) * n * inner + i * inner + j % inner;
      elem[i * w + j] = e;
      dv[i * w + j] = decode(d, (const char *)jaxc_array_data(a) + (size_t)e * es);
      if (jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX && dnan(dv[i * w + j])) dv[i * w + j].re = NAN, dv[i * w + j].im = 0;
    }
    rows[i] = (urow){dv + i * w, w, i};
  }
  qsort(rows, (size_t)n, sizeof *rows, urow_cmp);
  int64_t *gstart = malloc(sizeof *gstart * (size_t)(n + 1)), ng = 0;
  for (int64_t i = 0; i < n; i++)
    if (i == 0 || (w > 0 && !urow_same(&rows[i], &rows[i - 1], equal_nan))) gstart[ng++] = i;
  gstart[ng] = n;
  int64_t want_nv = w == 0 ? (size != JAXC_NONE && fill ? size : n < 1 ? n : 1) : size != JAXC_NONE ? size : ng;
  /* values: shape, then each value of each row */
  int vnd = jaxc_array_ndim(vals);
  CHECK(jaxc_array_dtype(vals) == d && vnd == (axis == JAXC_ALL_AXES ? 1 : nd));
  CHECK_EQ_INT(jaxc_array_shape(vals)[axis == JAXC_ALL_AXES ? 0 : ax], want_nv);
  int64_t vinner = 1;
  for (int k = ax + 1; axis != JAXC_ALL_AXES && k < nd; k++) vinner *= jaxc_array_shape(vals)[k];
  int64_t bad = -1;
  unsigned char fillb[16], nanb[16];
  double nan2[2] = {NAN, 0};
  jaxc_kernel_cast_dyn(JAXC_C128, d, 1, nan2, nanb);
  if (fill) { jaxc_array *f = jaxc_astype(fill, d); memcpy(fillb, jaxc_array_data(f), es); jaxc_array_free(f); }
  bool shaped = jaxc_array_shape(vals)[axis == JAXC_ALL_AXES ? 0 : ax] == want_nv;
  for (int64_t g = 0; shaped && g < want_nv && w > 0 && bad < 0; g++) {
    int64_t src_row = g < ng ? rows[gstart[g]].pos : rows[0].pos;
    for (int64_t j = 0; j < w; j++) {
      int64_t e = axis == JAXC_ALL_AXES ? g : (j / vinner) * want_nv * vinner + g * vinner + j % vinner;
      const char *got = (const char *)jaxc_array_data(vals) + (size_t)e * es;
      const void *want = g >= ng && fill ? (const void *)fillb : (const char *)jaxc_array_data(a) + (size_t)elem[src_row * w + j] * es;
      if (jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX && !(g >= ng && fill) && dnan(dv[src_row * w + j])) want = nanb;
      if (memcmp(got, want, es) != 0) bad = g;
    }
  }
  CHECK_MSG(bad < 0, "unique %s axis %d equal_nan %d size %lld: value %lld", jaxc_dtype_name(d), axis, equal_nan, (long long)size, (long long)bad);
  /* indices, counts: first occurrences and group sizes, padded with the smallest's index and 0 */
  int64_t want_ni = n == 0 ? 0 : w == 0 ? 1 : want_nv;
  CHECK(jaxc_array_ndim(idx) == 1 && jaxc_array_shape(idx)[0] == want_ni && jaxc_array_ndim(cnt) == 1 && jaxc_array_shape(cnt)[0] == want_ni);
  CHECK(jaxc_array_dtype(idx) == (jaxc_x64() ? JAXC_I64 : JAXC_I32) && jaxc_array_dtype(cnt) == jaxc_array_dtype(idx) &&
        jaxc_array_dtype(inv) == jaxc_array_dtype(idx));
  for (int64_t g = 0; g < want_ni && jaxc_array_shape(idx)[0] == want_ni; g++) {
    int64_t wi = w == 0 ? 0 : rows[gstart[g < ng ? g : 0]].pos, wc = w == 0 ? n : g < ng ? gstart[g + 1] - gstart[g] : 0;
    CHECK_MSG(index_at(idx, g) == wi && index_at(cnt, g) == wc, "unique indices/counts at %lld", (long long)g);
  }
  /* inverse: row i's group, a's shape when flattened */
  if (axis == JAXC_ALL_AXES) CHECK(jaxc_array_ndim(inv) == nd && memcmp(jaxc_array_shape(inv), sh, sizeof(int64_t) * (size_t)nd) == 0);
  else CHECK(jaxc_array_ndim(inv) == 1 && jaxc_array_shape(inv)[0] == n);
  bad = -1;
  for (int64_t g = 0; g < ng && w > 0; g++)
    for (int64_t i = gstart[g]; i < gstart[g + 1]; i++)
      if (index_at(inv, rows[i].pos) != g) bad = rows[i].pos;
  for (int64_t i = 0; w == 0 && i < n; i++)
    if (index_at(inv, i) != 0) bad = i;
  CHECK_MSG(bad < 0, "unique inverse at %lld", (long long)bad);
  CHECK(checksum(a) == before);
  free(dv), free(rows), free(elem), free(gstart);
  jaxc_array_free(vals), jaxc_array_free(idx), jaxc_array_free(inv), jaxc_array_free(cnt);
  n_unique++;
}
static void test_unique(void) {
  static const int64_t shapes[][3] = {{0, 0, 0}, {1, 1, 1}, {7, 1, 1}, {40, 3, 1}, {5, 4, 3}, {3, 0, 2}, {0, 3, 2}, {300, 2, 1}};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 0; d < NDT; d++)
      for (size_t s = 0; s < 2 * sizeof shapes / sizeof shapes[0]; s++) {
        const int64_t *shape = shapes[s / 2];
        int nd = s / 2 == 0 ? 0 : shape[2] == 1 ? (shape[1] == 1 ? 1 : 2) : 3;
        jaxc_array *a = s % 2 ? sort_input(all_dtypes[d], nd, shape, 4) /* NaNs, zeros, infinities planted */
                              : d % 2 ? sort_input(all_dtypes[d], nd, shape, 1) : small_random_array(all_dtypes[d], nd, shape);
        double fv = 2.5;
        int64_t one = 1;
        jaxc_array *fill = jaxc_array_from_data(JAXC_F64, 0, &one, &fv);
        for (int eq = 0; eq < 2; eq++) {
          check_unique(a, JAXC_ALL_AXES, eq, JAXC_NONE, NULL);
          for (int axis = -nd; axis < nd; axis++) check_unique(a, axis, eq, JAXC_NONE, NULL);
          int64_t sz = (int64_t)(rnd64() % 8);
          check_unique(a, JAXC_ALL_AXES, eq, sz, fill);
          if (jaxc_array_size(a)) check_unique(a, JAXC_ALL_AXES, eq, sz, NULL);
          if (nd) check_unique(a, nd - 1, eq, sz, fill);
          if (nd && (jaxc_array_shape(a)[0] || !sz)) check_unique(a, 0, eq, sz, NULL);
        }
        jaxc_array_free(a), jaxc_array_free(fill);
      }
  }
  jaxc_set_x64(false);
  /* documented cases: -0.0 / 0.0 the first; NaNs merged (the first NaN's bits) or each its own */
  float v[7] = {0.0f, -0.0f, NAN, 1.0f, -NAN, 0.0f, 1.0f};
  int64_t seven = 7;
  jaxc_array *a = jaxc_array_from_data(JAXC_F32, 1, &seven, v), *u = jaxc_unique(a);
  CHECK(u && jaxc_array_size(u) == 3);
  if (u) {
    const float *p = (const float *)jaxc_array_data(u);
    CHECK(p[0] == 0 && !signbit(p[0]) && p[1] == 1 && isnan(p[2]) && !signbit(p[2]));
  }
  jaxc_array_free(u);
  jaxc_array *vals, *cnt;
  CHECK(jaxc_unique_ex(a, JAXC_ALL_AXES, false, JAXC_NONE, NULL, &vals, NULL, NULL, &cnt) == JAXC_OK);
  CHECK(jaxc_array_size(vals) == 4 && index_at(cnt, 0) == 3 && index_at(cnt, 1) == 2 && index_at(cnt, 2) == 1 && index_at(cnt, 3) == 1);
  CHECK(signbit(((const float *)jaxc_array_data(vals))[3])); /* the -NaN, after the NaN */
  jaxc_array_free(vals), jaxc_array_free(cnt);
  /* errors: none of the results made */
  int64_t zero = 0;
  jaxc_array *e = jaxc_array_empty(JAXC_F32, 1, &zero), *idx = (jaxc_array *)1;
  vals = (jaxc_array *)1;
  CHECK(jaxc_unique_ex(e, JAXC_ALL_AXES, true, 3, NULL, &vals, &idx, NULL, NULL) == JAXC_ERR_ARG && !vals && !idx);
  CHECK(strcmp(jaxc_last_error(), "jnp.unique: for zero-sized input with nonzero size argument, fill_value must be specified") == 0);
  CHECK(jaxc_unique_ex(a, 1, true, JAXC_NONE, NULL, &vals, NULL, NULL, NULL) != JAXC_OK && !vals);
  CHECK(jaxc_unique_ex(a, JAXC_ALL_AXES, true, -2, NULL, &vals, NULL, NULL, NULL) == JAXC_ERR_ARG && !vals);
  CHECK(jaxc_unique_ex(a, JAXC_ALL_AXES, true, 2, a, &vals, NULL, NULL, NULL) == JAXC_ERR_SHAPE && !vals);
  CHECK(jaxc_unique_ex(NULL, JAXC_ALL_AXES, true, 2, NULL, &vals, NULL, NULL, NULL) == JAXC_ERR_ARG && !vals);
  CHECK(jaxc_unique_ex(a, JAXC_ALL_AXES, true, 2, NULL, NULL, NULL, NULL, NULL) == JAXC_ERR_ARG);
  u = jaxc_unique(e);
  CHECK(u && jaxc_array_size(u) == 0 && jaxc_last_status() == JAXC_OK);
  jaxc_array_free(u), jaxc_array_free(a), jaxc_array_free(e);
}

/* ---- nonzero, flatnonzero, argwhere, count_nonzero, bincount ----------------------------------- */
static bool dnonzero(ordval v) { /* x != 0: NaN counts, -0.0 does not, either complex part */
  if (v.cls == 0) return v.u != 0;
  if (v.cls == 1) return v.i != 0;
  return v.re != 0 || v.im != 0; /* (NaN != 0 is true) */
}
static long n_nonzero;
static double num_at(const jaxc_array *r, int64_t k) { /* element k as a double, whatever the dtype */
  ordval v = decode(jaxc_array_dtype(r), (const char *)jaxc_array_data(r) + (size_t)k * jaxc_dtype_size(jaxc_array_dtype(r)));
  return v.cls == 0 ? (double)v.u : v.cls == 1 ? (double)v.i : v.re;
}
static void check_nonzero(const jaxc_array *a, int64_t size, const jaxc_array *fill) {
  uint64_t before = checksum(a);
  int nd = jaxc_array_ndim(a);
  int64_t n = jaxc_array_size(a), count = 0;
  ordval *v = decode_all(a);
  for (int64_t i = 0; i < n; i++) count += dnonzero(v[i]);
  int64_t k = size == JAXC_NONE ? count : size;
  bool filled = fill && n > 0 && k > 0;
  double fv = 0;
  if (filled) fv = num_at(fill, 0);
  jaxc_dtype idt = jaxc_x64() ? JAXC_I64 : JAXC_I32;
  jaxc_array *c[JAXC_MAX_NDIM] = {NULL};
  int st = jaxc_nonzero(a, size, fill, c);
  jaxc_array *flat = jaxc_flatnonzero(a, size, fill), *aw = jaxc_argwhere(a, size, fill);
  CHECK_MSG(st == JAXC_OK && flat && aw, "nonzero: %s", jaxc_last_error());
  if (st == JAXC_OK && flat && aw) {
    jaxc_dtype got = jaxc_array_dtype(c[0]);
    CHECK(!filled ? got == idt : jaxc_array_dtype(flat) == got && jaxc_array_dtype(aw) == got);
    CHECK(jaxc_array_ndim(aw) == 2 && jaxc_array_shape(aw)[0] == k && jaxc_array_shape(aw)[1] == nd);
    CHECK(jaxc_array_size(flat) == k && jaxc_array_size(c[0]) == k);
    int64_t j = 0, bad = -1;
    bool sized = jaxc_array_size(flat) == k && jaxc_array_size(c[0]) == k && jaxc_array_shape(aw)[0] == k;
    for (int64_t i = 0; sized && i <= n && j < k; i++) {
      if (i < n && !dnonzero(v[i])) continue;
      int64_t co[JAXC_MAX_NDIM];
      if (i < n) coords_of(i, nd, jaxc_array_shape(a), co);
      for (int d = 0; d < nd; d++) {
        double want = i < n ? (double)co[d] : filled ? fv : 0;
        if (num_at(c[d], j) != want || num_at(aw, j * nd + d) != want) bad = j;
      }
      double wf = i < n ? (double)i : filled ? fv : 0;
      if (num_at(flat, j) != wf) bad = j;
      j++;
      if (i == n) i--; /* (padding: stay past the end) */
    }
    CHECK_MSG(bad < 0, "nonzero of %s, size %lld: entry %lld", jaxc_dtype_name(jaxc_array_dtype(a)), (long long)size, (long long)bad);
  }
  for (int d = 0; d < nd; d++) jaxc_array_free(c[d]);
  jaxc_array_free(flat), jaxc_array_free(aw);
  /* count_nonzero along each axis and in all */
  jaxc_array *cn = jaxc_count_nonzero(a, JAXC_ALL_AXES, false);
  CHECK(cn && jaxc_array_dtype(cn) == idt && jaxc_array_ndim(cn) == 0 && index_at(cn, 0) == count);
  jaxc_array_free(cn);
  for (int ax = 0; ax < nd; ax++) {
    cn = jaxc_count_nonzero(a, ax, true);
    CHECK(cn && jaxc_array_ndim(cn) == nd && jaxc_array_shape(cn)[ax] == 1);
    int64_t total = 0;
    for (int64_t t = 0; cn && t < jaxc_array_size(cn); t++) total += index_at(cn, t);
    CHECK(total == count);
    jaxc_array_free(cn);
  }
  CHECK(checksum(a) == before);
  free(v);
  n_nonzero++;
}
static void test_nonzero(void) {
  static const int64_t shapes[][3] = {{5, 1, 1}, {4, 6, 1}, {3, 0, 2}, {2, 3, 4}, {1, 1, 1}, {40, 30, 1}};
  int64_t one = 1;
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    jaxc_array *ffill = jaxc_array_from_data(JAXC_F32, 0, &one, (float[]){-1.5f}), *ifill = jaxc_weak_int(-7);
    for (int d = 0; d < NDT; d++)
      for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int nd = shapes[s][2] != 1 ? 3 : shapes[s][1] != 1 ? 2 : 1;
        jaxc_array *a = s % 2 ? sort_input(all_dtypes[d], nd, shapes[s], 4) : small_random_array(all_dtypes[d], nd, shapes[s]);
        check_nonzero(a, JAXC_NONE, NULL);
        check_nonzero(a, JAXC_NONE, ifill);
        check_nonzero(a, (int64_t)(rnd64() % 9), NULL);
        check_nonzero(a, (int64_t)(rnd64() % 9), ffill);
        check_nonzero(a, 0, ffill);
        jaxc_array_free(a);
      }
    jaxc_array_free(ffill), jaxc_array_free(ifill);
  }
  jaxc_set_x64(false);
  /* JAX's cases: a 0-d array is refused by nonzero, not by flatnonzero / argwhere */
  jaxc_array *z = jaxc_weak_float(2.0), *zero = jaxc_weak_float(0.0), *c[1] = {NULL};
  CHECK(jaxc_nonzero(z, JAXC_NONE, NULL, c) == JAXC_ERR_SHAPE &&
        strcmp(jaxc_last_error(), "Calling nonzero on 0d arrays is not allowed. Use jnp.atleast_1d(scalar).nonzero() instead.") == 0);
  jaxc_array *aw = jaxc_argwhere(z, JAXC_NONE, NULL), *aw0 = jaxc_argwhere(zero, JAXC_NONE, NULL), *aw3 = jaxc_argwhere(zero, 3, NULL);
  CHECK(aw && jaxc_array_ndim(aw) == 2 && jaxc_array_shape(aw)[0] == 1 && jaxc_array_shape(aw)[1] == 0);
  CHECK(aw0 && jaxc_array_shape(aw0)[0] == 0 && aw3 && jaxc_array_shape(aw3)[0] == 3 && jaxc_array_shape(aw3)[1] == 0);
  jaxc_array *fz = jaxc_flatnonzero(z, JAXC_NONE, NULL);
  CHECK(fz && jaxc_array_size(fz) == 1 && index_at(fz, 0) == 0);
  int64_t two = 2;
  jaxc_array *v2 = jaxc_array_zeros(JAXC_F32, 1, &two), *m2 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){1, 2});
  expect_error(jaxc_flatnonzero(v2, 3, m2), "fill_value must be a scalar or a tuple of length 1; got float32[1,2]");
  expect_error(jaxc_flatnonzero(v2, -1, NULL), "nonzero: size must be nonnegative, got -1");
  jaxc_array_free(z), jaxc_array_free(zero), jaxc_array_free(aw), jaxc_array_free(aw0), jaxc_array_free(aw3), jaxc_array_free(fz);
  jaxc_array_free(v2), jaxc_array_free(m2);
}
/* bincount against counting: clip(x, 0) into length bins, the rest dropped; weights added in their dtype */
static void test_bincount(void) {
  static const jaxc_dtype xs[] = {JAXC_I8, JAXC_U8, JAXC_I32, JAXC_U16, JAXC_I64, JAXC_BOOL};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (size_t d = 0; d < sizeof xs / sizeof xs[0]; d++)
      for (int trial = 0; trial < 30; trial++) {
        int64_t n = (int64_t)(rnd64() % 60), minlength = (int64_t)(rnd64() % 8), length = trial % 3 ? JAXC_NONE : (int64_t)(rnd64() % 12);
        jaxc_array *x = small_random_array(xs[d], 1, &n), *wts = trial % 2 ? small_random_array(JAXC_F32, 1, &n) : NULL;
        if (trial % 5 == 0) { jaxc_array *y = jaxc_multiply(x, 3); jaxc_array_free(x); x = y; } /* (wider values) */
        ordval *xv = decode_all(x), *wv = wts ? decode_all(wts) : NULL;
        int64_t top = 0;
        for (int64_t i = 0; i < n; i++) {
          int64_t v = xv[i].cls == 1 ? xv[i].i : (int64_t)xv[i].u;
          top = v > top ? v : top;
        }
        int64_t want_len = length != JAXC_NONE ? length : n ? (top + 1 > minlength ? top + 1 : minlength) : minlength;
        jaxc_array *r = jaxc_bincount(x, wts, minlength, length);
        if (want_len == 0 && n > 0) { /* zeros(0).at[x]: JAX's indexing refuses an empty axis */
          CHECK(!r && strcmp(jaxc_last_error(), "index is out of bounds for axis 0 with size 0") == 0);
          free(xv), free(wv), jaxc_array_free(x), jaxc_array_free(wts);
          continue;
        }
        CHECK_MSG(r && jaxc_array_size(r) == want_len && jaxc_array_dtype(r) == (wts ? JAXC_F32 : jaxc_x64() ? JAXC_I64 : JAXC_I32),
                  "bincount %s: %s", jaxc_dtype_name(xs[d]), r ? "shape/dtype" : jaxc_last_error());
        for (int64_t b = 0; r && b < want_len && jaxc_array_size(r) == want_len; b++) {
          double want = 0;
          float wantf = 0;
          for (int64_t i = 0; i < n; i++) {
            int64_t v = xv[i].cls == 1 ? xv[i].i : (int64_t)xv[i].u;
            if ((v < 0 ? 0 : v) == b) want += 1, wantf += wts ? (float)wv[i].re : 0;
          }
          double got = wts ? ((const float *)jaxc_array_data(r))[b] : (double)index_at(r, b);
          CHECK_MSG(got == (wts ? (double)wantf : want), "bincount %s bin %lld", jaxc_dtype_name(xs[d]), (long long)b);
        }
        free(xv), free(wv);
        jaxc_array_free(r), jaxc_array_free(x), jaxc_array_free(wts);
      }
  }
  jaxc_set_x64(false);
  int64_t three = 3, two = 2;
  jaxc_array *f = jaxc_array_zeros(JAXC_F32, 1, &three), *i3 = jaxc_array_zeros(JAXC_I32, 1, &three), *w2 = jaxc_array_zeros(JAXC_F32, 1, &two);
  jaxc_array *m = jaxc_array_zeros(JAXC_I32, 2, (int64_t[]){1, 3});
  expect_error(jaxc_bincount(f, NULL, 0, JAXC_NONE), "x argument to bincount must have an integer type; got float32");
  expect_error(jaxc_bincount(m, NULL, 0, JAXC_NONE), "only 1-dimensional input supported.");
  expect_error(jaxc_bincount(i3, w2, 0, JAXC_NONE), "shape of weights must match shape of x.");
  CHECK(jaxc_bincount(NULL, NULL, 0, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  /* all negative: JAX's newest gives max(0, max(x)) + 1 = 1 bin */
  int8_t neg[3] = {-3, -1, -2};
  jaxc_array *xn = jaxc_array_from_data(JAXC_I8, 1, &three, neg), *rn = jaxc_bincount(xn, NULL, 0, JAXC_NONE);
  CHECK(rn && jaxc_array_size(rn) == 1 && index_at(rn, 0) == 3);
  jaxc_array_free(f), jaxc_array_free(i3), jaxc_array_free(w2), jaxc_array_free(m), jaxc_array_free(xn), jaxc_array_free(rn);
}

/* jnp.unique_values / _counts / _inverse / _all: unique_ex of the flattened array with NaNs kept
   apart, result for result; JAX's docstring examples */
static void test_unique_api(void) {
  for (int rep = 0; rep < 60; rep++) {
    int64_t shape[2] = {1 + (int64_t)(rnd64() % 4), (int64_t)(rnd64() % 5)};
    float v[20];
    for (int i = 0; i < 20; i++) v[i] = rnd64() % 5 == 0 ? NAN : (float)(rnd64() % 4);
    jaxc_array *x = jaxc_array_from_data(JAXC_F32, 2, shape, v);
    int64_t size = rnd64() % 3 ? JAXC_NONE : (int64_t)(rnd64() % 6);
    jaxc_array *ev = NULL, *ei = NULL, *einv = NULL, *ec = NULL, *av = NULL, *ai = NULL, *ainv = NULL, *ac = NULL;
    int est = jaxc_unique_ex(x, JAXC_ALL_AXES, false, size, NULL, &ev, &ei, &einv, &ec);
    int ast = jaxc_unique_all(x, size, NULL, &av, &ai, &ainv, &ac);
    bool ok = est == ast;
    if (ok && est == JAXC_OK) {
      const jaxc_array *e4[4] = {ev, ei, einv, ec}, *a4[4] = {av, ai, ainv, ac};
      for (int k = 0; ok && k < 4; k++) ok = jaxc_array_size(e4[k]) == jaxc_array_size(a4[k]) && jaxc_array_dtype(e4[k]) == jaxc_array_dtype(a4[k]) &&
                                           !memcmp(jaxc_array_data(e4[k]), jaxc_array_data(a4[k]), (size_t)jaxc_array_size(a4[k]) * jaxc_dtype_size(jaxc_array_dtype(a4[k])));
      ok = ok && jaxc_array_ndim(ainv) == 2 && jaxc_array_shape(ainv)[0] == shape[0] && jaxc_array_shape(ainv)[1] == shape[1];
      jaxc_array *vals = jaxc_unique_values(x, size, NULL), *cv = NULL, *cc = NULL, *iv = NULL, *ii = NULL;
      ok = ok && vals && !memcmp(jaxc_array_data(vals), jaxc_array_data(av), (size_t)jaxc_array_size(av) * 4);
      ok = ok && jaxc_unique_counts(x, size, NULL, &cv, &cc) == JAXC_OK && !memcmp(jaxc_array_data(cc), jaxc_array_data(ac), (size_t)jaxc_array_size(ac) * 4);
      ok = ok && jaxc_unique_inverse(x, size, NULL, &iv, &ii) == JAXC_OK && !memcmp(jaxc_array_data(ii), jaxc_array_data(ainv), (size_t)jaxc_array_size(ainv) * 4);
      /* values[inverse] is x again, every NaN included (each is its own value) */
      if (size == JAXC_NONE)
        for (int64_t i = 0; ok && i < shape[0] * shape[1]; i++) {
          float got = ((const float *)jaxc_array_data(av))[((const int32_t *)jaxc_array_data(ainv))[i]];
          ok = got == v[i] || (got != got && v[i] != v[i]);
        }
      jaxc_array_free(vals), jaxc_array_free(cv), jaxc_array_free(cc), jaxc_array_free(iv), jaxc_array_free(ii);
    }
    CHECK_MSG(ok, "unique_all/values/counts/inverse vs unique_ex, shape (%lld, %lld), size %lld", (long long)shape[0], (long long)shape[1], (long long)size);
    jaxc_array_free(x), jaxc_array_free(ev), jaxc_array_free(ei), jaxc_array_free(einv), jaxc_array_free(ec);
    jaxc_array_free(av), jaxc_array_free(ai), jaxc_array_free(ainv), jaxc_array_free(ac);
  }
  /* JAX's docstrings: x = [3, 4, 1, 3, 1] */
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){5}, (int32_t[]){3, 4, 1, 3, 1}), *v, *i, *inv, *c;
  CHECK(jaxc_unique_all(x, JAXC_NONE, NULL, &v, &i, &inv, &c) == JAXC_OK);
  expect_print(v, "Array([1, 3, 4], dtype=int32)", "unique_all values");
  expect_print(i, "Array([2, 0, 1], dtype=int32)", "unique_all indices");
  expect_print(inv, "Array([1, 2, 0, 1, 0], dtype=int32)", "unique_all inverse_indices");
  expect_print(c, "Array([2, 2, 1], dtype=int32)", "unique_all counts");
  expect_print(jaxc_unique_values(x, JAXC_NONE, NULL), "Array([1, 3, 4], dtype=int32)", "unique_values");
  /* NaNs apart, unlike jnp.unique's default */
  jaxc_array *n = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){NAN, 1, NAN});
  expect_print(jaxc_unique_values(n, JAXC_NONE, NULL), "Array([ 1., nan, nan], dtype=float32)", "unique_values of NaNs");
  expect_print(jaxc_unique(n), "Array([ 1., nan], dtype=float32)", "unique of NaNs");
  CHECK(jaxc_unique_counts(x, JAXC_NONE, NULL, &v, NULL) == JAXC_ERR_ARG);
  CHECK(jaxc_unique_all(x, JAXC_NONE, NULL, &v, &i, NULL, &c) == JAXC_ERR_ARG);
  jaxc_array_free(x), jaxc_array_free(n);
}

int main(void) {
  test_sort_examples();
  test_sort_lanes();
  test_sort_axes();
  test_sort_exhaustive();
  test_sort_large();
  test_searchsorted();
  test_search_cases();
  test_digitize();
  test_unique();
  test_unique_api();
  test_nonzero();
  test_bincount();
  printf("test_search: %ld sorted lanes, %ld searchsorted calls, %ld unique calls, %ld nonzero arrays\n", lanes_checked, n_search,
         n_unique, n_nonzero);
  return check_summary("test_search");
}
