/* test_shape.c — jnp.reshape, ravel, transpose, swapaxes, moveaxis, expand_dims, squeeze,
   broadcast_to, concatenate and stack, and x[...] basic slicing. References written here, not from the library:
     - every result element found by its multi-index (the output's flat index split into
       coordinates, mapped back to the input's coordinates by the op's definition and joined
       into the input's flat index), compared byte for byte; for every permutation of ranks 0-5
       on random shapes (sizes 0, 1 and odd ones included), every element size (1, 2, 4, 8, 16
       bytes and complex64's 8 aligned to 4), and sizes past the threaded and tiled paths;
     - concatenate/stack's dtype and weak flag against JAX's golden jnp.add table (promote_dtypes
       is that join) for every pair of the 18 lattice nodes, x64 on and off, standard and strict;
       values against each operand converted by jaxc_astype and placed by its coordinates;
     - reshape's error messages in JAX's words (_compute_newshape, lax.reshape), the size it
       prints exact: Python's unbounded product, checked against 128-bit arithmetic;
     - basic slicing (jaxc_slice, a strided copy since this change) against Python's slice
       positions written here, on threaded sizes, negative and huge steps, clamped indices;
     - weak flags kept, inputs unchanged, bad arguments refused without a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static const jaxc_dtype dtypes[] = {JAXC_BOOL, JAXC_I16, JAXC_F32, JAXC_C64, JAXC_F64, JAXC_C128, JAXC_U8, JAXC_BF16};
#define NDT ((int)(sizeof dtypes / sizeof dtypes[0]))

static bool same_shape(const jaxc_array *a, int nd, const int64_t *shape) {
  if (jaxc_array_ndim(a) != nd) return false;
  for (int k = 0; k < nd; k++)
    if (jaxc_array_shape(a)[k] != shape[k]) return false;
  return true;
}

/* ---- transpose ------------------------------------------------------------------------------ */
/* out = transpose(a, perm), checked element by element: out[c] = a[c permuted back]. */
static void check_transposed(const jaxc_array *a, const jaxc_array *out, const int *perm, const char *what) {
  int nd = jaxc_array_ndim(a);
  int64_t oshape[JAXC_MAX_NDIM], oc[JAXC_MAX_NDIM], ic[JAXC_MAX_NDIM];
  for (int k = 0; k < nd; k++) oshape[k] = jaxc_array_shape(a)[perm[k]];
  CHECK_MSG(out && same_shape(out, nd, oshape), "%s: shape", what);
  if (!out || !same_shape(out, nd, oshape)) return;
  CHECK_MSG(jaxc_array_dtype(out) == jaxc_array_dtype(a) && jaxc_array_is_weak(out) == jaxc_array_is_weak(a), "%s: dtype", what);
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  const unsigned char *ip = (const unsigned char *)jaxc_array_data(a), *op = (const unsigned char *)jaxc_array_data(out);
  int64_t n = jaxc_array_size(out), bad = 0;
  for (int64_t t = 0; t < n; t++) {
    coords_of(t, nd, oshape, oc);
    for (int k = 0; k < nd; k++) ic[perm[k]] = oc[k];
    bad += memcmp(op + (size_t)t * es, ip + (size_t)flat_of(nd, jaxc_array_shape(a), ic) * es, es) != 0;
  }
  CHECK_MSG(bad == 0, "%s: %lld of %lld elements differ", what, (long long)bad, (long long)n);
}

/* All permutations of 0..n-1 in lexicographic order, through next_perm. */
static bool next_perm(int *p, int n) {
  int i = n - 2;
  while (i >= 0 && p[i] > p[i + 1]) i--;
  if (i < 0) return false;
  int j = n - 1;
  while (p[j] < p[i]) j--;
  int t = p[i]; p[i] = p[j]; p[j] = t;
  for (int l = i + 1, r = n - 1; l < r; l++, r--) t = p[l], p[l] = p[r], p[r] = t;
  return true;
}

static void test_transpose_all_perms(void) {
  static const int64_t dims[] = {0, 1, 2, 3, 5, 7, 17, 33, 65};
  int cases = 0;
  for (int nd = 0; nd <= 5; nd++)
    for (int rep = 0; rep < (nd <= 2 ? 12 : 4); rep++) {
      int64_t shape[JAXC_MAX_NDIM];
      for (int k = 0; k < nd; k++) { /* keep the size moderate: larger dims on low ranks */
        int lim = nd <= 2 ? 9 : nd == 3 ? 7 : 5;
        shape[k] = dims[rnd64() % (uint64_t)lim];
      }
      if (rep == 0)
        for (int k = 0; k < nd; k++) shape[k] = k + 2; /* one case without 0 and 1 */
      jaxc_dtype d = dtypes[(rep + nd) % NDT];
      jaxc_array *a = random_bytes_array(d, nd, shape);
      if (rep % 3 == 1) a->weak = true; /* (a test may set the flag of its own array) */
      uint64_t sum = checksum(a);
      int perm[JAXC_MAX_NDIM];
      for (int k = 0; k < nd; k++) perm[k] = k;
      do {
        char what[96];
        snprintf(what, sizeof what, "transpose rank %d %s perm %d%d%d%d%d", nd, jaxc_dtype_name(d), perm[0], perm[1], perm[2], perm[3], perm[4]);
        int neg[JAXC_MAX_NDIM]; /* the same axes counted from the end, for some */
        for (int k = 0; k < nd; k++) neg[k] = (rnd64() & 1) ? perm[k] - nd : perm[k];
        jaxc_array *out = jaxc_transpose(a, nd, neg);
        check_transposed(a, out, perm, what);
        jaxc_array_free(out);
        cases++;
      } while (next_perm(perm, nd));
      int rev[JAXC_MAX_NDIM];
      for (int k = 0; k < nd; k++) rev[k] = nd - 1 - k;
      jaxc_array *t = jaxc_transpose(a, 0, NULL);
      check_transposed(a, t, rev, "transpose(a) reverses the axes");
      jaxc_array_free(t);
      CHECK(checksum(a) == sum);
      jaxc_array_free(a);
    }
  CHECK(cases > 500);
}

/* Sizes past the threaded loops and the tiles, every element size, shapes that are no multiple
   of a tile: 2-D, 3-D, and a transpose whose last axis stays (row copies). */
static void test_transpose_large(void) {
  static const struct { int nd; int64_t shape[4]; int perm[4]; } cases[] = {
      {2, {1031, 1029}, {1, 0}},      {2, {3, 700001}, {1, 0}},        {2, {700001, 3}, {1, 0}},
      {3, {37, 129, 131}, {2, 0, 1}}, {3, {37, 129, 131}, {1, 2, 0}},  {3, {64, 300, 70}, {1, 0, 2}},
      {4, {9, 31, 33, 35}, {3, 1, 0, 2}}, {2, {2, 1 << 20}, {1, 0}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    for (int di = 0; di < NDT; di++) {
      jaxc_dtype d = dtypes[di];
      if (c % 2 && di % 2) continue; /* (time) */
      jaxc_array *a = random_bytes_array(d, cases[c].nd, cases[c].shape);
      jaxc_array *out = jaxc_transpose(a, cases[c].nd, cases[c].perm);
      char what[64];
      snprintf(what, sizeof what, "large transpose case %zu %s", c, jaxc_dtype_name(d));
      check_transposed(a, out, cases[c].perm, what);
      jaxc_array_free(out);
      jaxc_array_free(a);
    }
}

/* A complex64 array in caller memory 4 bytes past an 8-byte boundary: the copies must not
   assume 8-byte alignment. */
static void test_transpose_unaligned(void) {
  static float buf[2 * 2 * 300 * 17 + 1];
  for (size_t i = 0; i < sizeof buf / sizeof buf[0]; i++) buf[i] = (float)i;
  jaxc_array view;
  int64_t shape[2] = {300, 17};
  jaxc_array *a = jaxc_array_wrap(&view, JAXC_C64, 2, shape, buf + 1);
  int perm[2] = {1, 0};
  jaxc_array *out = jaxc_transpose(a, 2, perm);
  check_transposed(a, out, perm, "complex64 view aligned to 4 bytes");
  jaxc_array_free(out);
}

static void test_swap_move(void) {
  int64_t shape[4] = {2, 3, 4, 5};
  jaxc_array *a = random_bytes_array(JAXC_F32, 4, shape);
  for (int x = -4; x < 4; x++)
    for (int y = -4; y < 4; y++) {
      int perm[4] = {0, 1, 2, 3}, xx = x < 0 ? x + 4 : x, yy = y < 0 ? y + 4 : y;
      perm[xx] = yy, perm[yy] = xx;
      jaxc_array *s = jaxc_swapaxes(a, x, y);
      check_transposed(a, s, perm, "swapaxes");
      jaxc_array_free(s);
      /* moveaxis(src, dst): NumPy's definition, the order list with src taken out and put back */
      int order[4], m = 0;
      for (int k = 0; k < 4; k++)
        if (k != xx) order[m++] = k;
      for (int k = 3; k > yy; k--) order[k] = order[k - 1];
      order[yy] = xx;
      jaxc_array *mv = jaxc_moveaxis(a, x, y);
      check_transposed(a, mv, order, "moveaxis");
      jaxc_array_free(mv);
    }
  CHECK_FAILS(jaxc_swapaxes(a, 4, 0), "axis 4 is out of bounds for array of dimension 4");
  CHECK_FAILS(jaxc_moveaxis(a, 0, -5), "axis -5 is out of bounds for array of dimension 4");
  jaxc_array_free(a);
}

static void test_transpose_errors(void) {
  int64_t shape[2] = {2, 3};
  jaxc_array *a = random_bytes_array(JAXC_I32, 2, shape);
  CHECK_FAILS(jaxc_transpose(a, 2, (int[]){0, 0}),
              "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0) for operand shape (2, 3).");
  CHECK_FAILS(jaxc_transpose(a, 1, (int[]){0}),
              "transpose permutation isn't a permutation of operand dimensions, got permutation (0,) for operand shape (2, 3).");
  CHECK_FAILS(jaxc_transpose(a, 3, (int[]){0, 1, -1}),
              "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 1, 1) for operand shape (2, 3).");
  CHECK_FAILS(jaxc_transpose(a, 2, (int[]){0, 2}), "axis 2 is out of bounds for array of dimension 2");
  CHECK_FAILS(jaxc_transpose(a, 2, (int[]){-3, 0}), "axis -3 is out of bounds for array of dimension 2");
  CHECK(jaxc_transpose(a, -1, (int[]){0}) == NULL && jaxc_last_status() != JAXC_OK);
  CHECK(jaxc_transpose(a, 100, (int[]){0}) == NULL && jaxc_last_status() != JAXC_OK);
  CHECK(jaxc_transpose(NULL, 0, NULL) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  jaxc_array_free(a);
}

/* ---- basic slicing (a strided copy) ----------------------------------------------------------- */
/* Python's slice(start, stop, step).indices(n), the positions it takes; JAXC_NONE omitted. */
static int64_t py_slice(int64_t n, int64_t start, int64_t stop, int64_t step, int64_t *pos) {
  if (step == JAXC_NONE) step = 1;
  int64_t lo, hi;
  if (step > 0) {
    lo = start == JAXC_NONE ? 0 : start < 0 ? (start + n < 0 ? 0 : start + n) : (start > n ? n : start);
    hi = stop == JAXC_NONE ? n : stop < 0 ? (stop + n < 0 ? 0 : stop + n) : (stop > n ? n : stop);
  } else {
    lo = start == JAXC_NONE ? n - 1 : start < 0 ? (start + n < 0 ? -1 : start + n) : (start > n - 1 ? n - 1 : start);
    hi = stop == JAXC_NONE ? -1 : stop < 0 ? (stop + n < 0 ? -1 : stop + n) : (stop > n - 1 ? n - 1 : stop);
  }
  int64_t c = 0;
  for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) {
    pos[c++] = i;
    if (step > 0 ? i > INT64_MAX - step : i < INT64_MIN - step) break;
  }
  return c;
}
static void test_slices_strided(void) {
  static const int64_t shapes[][3] = {{64, 300, 90}, {5, 7, 9}, {1, 2000, 3}, {3, 1, 4000}};
  static int64_t pos[3][4000];
  for (size_t c = 0; c < sizeof shapes / sizeof shapes[0]; c++)
    for (int rep = 0; rep < 12; rep++) {
      jaxc_dtype d = dtypes[(c + (size_t)rep) % NDT];
      jaxc_array *a = random_bytes_array(d, 3, shapes[c]);
      jaxc_slice_spec sp[3];
      int64_t cnt[3], oshape[3];
      int ond = 0;
      for (int ax = 0; ax < 3; ax++) {
        int64_t n = shapes[c][ax];
        uint64_t r = rnd64();
        if (r % 7 == 0) { /* an integer index, clamped when reading */
          int64_t i = (int64_t)(rnd64() % (uint64_t)(2 * n + 4)) - n - 2;
          sp[ax] = JAXC_I(i);
          int64_t v = i < 0 ? i + n : i;
          pos[ax][0] = v < 0 ? 0 : v >= n ? n - 1 : v;
          cnt[ax] = 1;
          continue;
        }
        int64_t steps[] = {1, 1, 2, 3, -1, -2, 7, -5, JAXC_NONE, INT64_MAX, INT64_MIN + 1};
        int64_t st = steps[rnd64() % 11];
        int64_t lo = (r >> 8) % 3 == 0 ? JAXC_NONE : (int64_t)(rnd64() % (uint64_t)(2 * n + 3)) - n - 1;
        int64_t hi = (r >> 16) % 3 == 0 ? JAXC_NONE : (int64_t)(rnd64() % (uint64_t)(2 * n + 3)) - n - 1;
        sp[ax] = JAXC_S(lo, hi, st);
        cnt[ax] = py_slice(n, lo, hi, st, pos[ax]);
        oshape[ond++] = cnt[ax];
      }
      jaxc_array *r = jaxc_slice(a, 3, sp);
      CHECK_MSG(r && same_shape(r, ond, oshape), "slice case %zu rep %d: shape (%s)", c, rep, jaxc_last_error());
      if (r && same_shape(r, ond, oshape)) {
        size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
        int64_t bad = 0, t = 0;
        for (int64_t i = 0; i < cnt[0]; i++)
          for (int64_t j = 0; j < cnt[1]; j++)
            for (int64_t k = 0; k < cnt[2]; k++, t++) {
              int64_t src = (pos[0][i] * shapes[c][1] + pos[1][j]) * shapes[c][2] + pos[2][k];
              bad += memcmp((const char *)jaxc_array_data(r) + (size_t)t * es, (const char *)jaxc_array_data(a) + (size_t)src * es, es) != 0;
            }
        CHECK_MSG(bad == 0, "slice case %zu rep %d %s: %lld elements differ", c, rep, jaxc_dtype_name(d), (long long)bad);
        CHECK(jaxc_array_dtype(r) == jaxc_array_dtype(a) && jaxc_array_is_weak(r) == jaxc_array_is_weak(a));
      }
      jaxc_array_free(r);
      jaxc_array_free(a);
    }
}

/* ---- reshape, ravel, expand_dims, squeeze ----------------------------------------------------- */
static void check_same_bytes(const jaxc_array *a, const jaxc_array *out, int nd, const int64_t *shape, const char *what) {
  CHECK_MSG(out && same_shape(out, nd, shape), "%s: shape", what);
  if (!out) return;
  CHECK_MSG(jaxc_array_dtype(out) == jaxc_array_dtype(a) && jaxc_array_is_weak(out) == jaxc_array_is_weak(a), "%s: dtype", what);
  CHECK_MSG(jaxc_array_size(out) == jaxc_array_size(a) &&
                memcmp(jaxc_array_data(out), jaxc_array_data(a), (size_t)jaxc_array_size(a) * jaxc_dtype_size(jaxc_array_dtype(a))) == 0,
            "%s: bytes", what);
}

static void test_reshape_factorizations(void) {
  /* every ordered factorization of 24 into up to 4 factors, each with a -1 in every position */
  int64_t shape[2] = {4, 6};
  jaxc_array *a = random_bytes_array(JAXC_I16, 2, shape);
  uint64_t sum = checksum(a);
  int count = 0;
  for (int nd = 1; nd <= 4; nd++) {
    int64_t f[4] = {1, 1, 1, 1};
    for (int64_t code = 0; code < 24 * 24 * 24 * 24; code++) {
      int64_t c = code, p = 1;
      bool skip = false;
      for (int k = 0; k < nd; k++) { f[k] = c % 24 + 1; c /= 24; p *= f[k]; }
      if (c) break;
      skip = p != 24;
      if (skip) continue;
      jaxc_array *r = jaxc_reshape(a, nd, f);
      check_same_bytes(a, r, nd, f, "reshape");
      jaxc_array_free(r);
      for (int u = 0; u < nd; u++) {
        int64_t g[4];
        memcpy(g, f, sizeof g);
        g[u] = -1;
        r = jaxc_reshape(a, nd, g);
        check_same_bytes(a, r, nd, f, "reshape with -1");
        jaxc_array_free(r);
      }
      count++;
    }
  }
  CHECK_EQ_INT(count, 1 + 8 + 30 + 80); /* ordered factorizations of 24 = 2^3 3 into k = 1..4 factors: C(k + 2, 3) k */
  jaxc_array *r = jaxc_ravel(a);
  int64_t n24 = 24;
  check_same_bytes(a, r, 1, &n24, "ravel");
  jaxc_array_free(r);
  CHECK(checksum(a) == sum);
  jaxc_array_free(a);

  /* weak scalars keep their flag through reshape (lax.reshape's weak_type rule) */
  jaxc_array *w = jaxc_weak_float(2.5), *w1 = jaxc_reshape(w, 2, (int64_t[]){1, 1}), *w0 = jaxc_reshape(w1, 0, NULL);
  CHECK(w1 && jaxc_array_is_weak(w1) && jaxc_array_ndim(w1) == 2 && w0 && jaxc_array_is_weak(w0) && jaxc_array_ndim(w0) == 0);
  CHECK(w0 && jaxc_array_dtype(w0) == JAXC_F64 && *(const double *)jaxc_array_data(w0) == 2.5); /* (x64 on) */
  jaxc_array_free(w), jaxc_array_free(w1), jaxc_array_free(w0);
  /* zero-size arrays: any shape of size 0; a -1 beside nonzero sizes is 0 */
  jaxc_array *z = jaxc_array_empty(JAXC_F32, 2, (int64_t[]){0, 5});
  jaxc_array *z1 = jaxc_reshape(z, 3, (int64_t[]){5, -1, 7});
  CHECK(z1 && same_shape(z1, 3, (int64_t[]){5, 0, 7}));
  jaxc_array_free(z1);
  z1 = jaxc_reshape(z, 2, (int64_t[]){(int64_t)1 << 40, 0});
  CHECK(z1 && jaxc_array_size(z1) == 0);
  jaxc_array_free(z1);
  jaxc_array_free(z);
}

static void test_reshape_errors(void) {
  int64_t shape[2] = {2, 3};
  jaxc_array *a = random_bytes_array(JAXC_I32, 2, shape);
  CHECK_FAILS(jaxc_reshape(a, 1, (int64_t[]){4}), "cannot reshape array of shape (2, 3) (size 6) into shape (4,) (size 4)");
  CHECK_FAILS(jaxc_reshape(a, 2, (int64_t[]){4, -1}),
              "cannot reshape array of shape (2, 3) (size 6) into shape (4, -1) because the product of specified axis sizes (4) does not evenly divide 6");
  CHECK_FAILS(jaxc_reshape(a, 3, (int64_t[]){-1, 2, -1}), "can only specify one unknown axis size with a `-1` value, got (-1, 2, -1)");
  CHECK_FAILS(jaxc_reshape(a, 2, (int64_t[]){-2, -3}), "reshape new_sizes must all be positive, got (-2, -3).");
  CHECK_FAILS(jaxc_reshape(a, 2, (int64_t[]){-2, -1}), "reshape new_sizes must all be positive, got (-2, -3).");
  CHECK_FAILS(jaxc_reshape(a, 2, (int64_t[]){-2, 3}), "cannot reshape array of shape (2, 3) (size 6) into shape (-2, 3) (size -6)");
  CHECK_FAILS(jaxc_reshape(a, 0, NULL), "cannot reshape array of shape (2, 3) (size 6) into shape () (size 1)");
  /* Python's exact products (computed with its unbounded ints) */
  CHECK_FAILS(jaxc_reshape(a, 3, (int64_t[]){(int64_t)1 << 62, 8, 7}),
              "cannot reshape array of shape (2, 3) (size 6) into shape (4611686018427387904, 8, 7) (size 258254417031933722624)");
  CHECK_FAILS(jaxc_reshape(a, 3, (int64_t[]){INT64_MAX, INT64_MIN, -1}),
              "cannot reshape array of shape (2, 3) (size 6) into shape (9223372036854775807, -9223372036854775808, -1) because the "
              "product of specified axis sizes (-85070591730234615856620279821087277056) does not evenly divide 6");
  CHECK(jaxc_reshape(a, -1, NULL) == NULL && jaxc_last_status() != JAXC_OK);
  CHECK(jaxc_reshape(a, JAXC_MAX_NDIM + 1, (int64_t[JAXC_MAX_NDIM + 1]){1}) == NULL && jaxc_last_status() != JAXC_OK);
  CHECK(jaxc_reshape(a, 2, NULL) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_reshape(NULL, 1, (int64_t[]){6}) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
#ifdef __SIZEOF_INT128__ /* (a GNU extension, hence __extension__ for -Wpedantic) */
  __extension__ typedef __int128 i128;
  __extension__ typedef unsigned __int128 u128;
  /* the printed product of two large sizes against 128-bit arithmetic */
  for (int i = 0; i < 2000; i++) {
    int64_t d[2] = {(int64_t)(rnd64() >> (rnd64() % 40)), (int64_t)(rnd64() >> (1 + rnd64() % 40))};
    if (i % 3 == 0) d[0] = -d[0];
    i128 p = (i128)d[0] * d[1];
    u128 m = p < 0 ? (u128)0 - (u128)p : (u128)p;
    char digits[64], want[512], s[200];
    int n = 0;
    do digits[n++] = (char)('0' + (int)(m % 10)), m /= 10; while (m);
    int at = 0;
    if (p < 0) s[at++] = '-';
    while (n) s[at++] = digits[--n];
    s[at] = 0;
    snprintf(want, sizeof want, "cannot reshape array of shape (2, 3) (size 6) into shape (%lld, %lld) (size %s)", (long long)d[0], (long long)d[1], s);
    if (p == 6) continue;
    CHECK_FAILS(jaxc_reshape(a, 2, d), want);
  }
#endif
  jaxc_array_free(a);
}

static void test_expand_squeeze(void) {
  int64_t shape[3] = {2, 1, 3};
  jaxc_array *a = random_bytes_array(JAXC_F64, 3, shape);
  for (int ax = -4; ax <= 3; ax++) {
    int64_t want[4];
    int p = ax < 0 ? ax + 4 : ax;
    for (int k = 0, j = 0; k < 4; k++) want[k] = k == p ? 1 : shape[j++];
    jaxc_array *e = jaxc_expand_dims(a, ax);
    check_same_bytes(a, e, 4, want, "expand_dims");
    jaxc_array_free(e);
  }
  CHECK_FAILS(jaxc_expand_dims(a, 4), "axis 4 is out of bounds for array of dimension 4");
  CHECK_FAILS(jaxc_expand_dims(a, -5), "axis -5 is out of bounds for array of dimension 4");
  jaxc_array *s = jaxc_squeeze(a, 1);
  check_same_bytes(a, s, 2, (int64_t[]){2, 3}, "squeeze(1)");
  jaxc_array_free(s);
  s = jaxc_squeeze(a, -2);
  check_same_bytes(a, s, 2, (int64_t[]){2, 3}, "squeeze(-2)");
  jaxc_array_free(s);
  s = jaxc_squeeze(a, JAXC_ALL_AXES);
  check_same_bytes(a, s, 2, (int64_t[]){2, 3}, "squeeze()");
  jaxc_array_free(s);
  CHECK_FAILS(jaxc_squeeze(a, 0), "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 1, 3) and dimensions=(0,)");
  CHECK_FAILS(jaxc_squeeze(a, 3), "axis 3 is out of bounds for array of dimension 3");
  jaxc_array *w = jaxc_weak_int(7), *we = jaxc_expand_dims(w, 0), *ws = jaxc_squeeze(we, JAXC_ALL_AXES);
  CHECK(we && jaxc_array_is_weak(we) && jaxc_array_ndim(we) == 1 && ws && jaxc_array_is_weak(ws) && jaxc_array_ndim(ws) == 0);
  jaxc_array_free(w), jaxc_array_free(we), jaxc_array_free(ws);
  /* the largest rank refuses a new axis */
  int64_t ones[JAXC_MAX_NDIM];
  for (int k = 0; k < JAXC_MAX_NDIM; k++) ones[k] = 1;
  jaxc_array *big = jaxc_array_zeros(JAXC_I8, JAXC_MAX_NDIM, ones);
  CHECK(jaxc_expand_dims(big, 0) == NULL && jaxc_last_status() != JAXC_OK);
  jaxc_array_free(big);
  jaxc_array_free(a);
}

/* ---- broadcast_to --------------------------------------------------------------------------- */
static void test_broadcast_to(void) {
  static const struct { int and_; int64_t as[3]; int nd; int64_t s[4]; } cases[] = {
      {1, {3}, 2, {2, 3}}, {2, {2, 1}, 2, {2, 4}}, {0, {0}, 3, {2, 3, 5}}, {3, {1, 3, 1}, 4, {5, 2, 3, 7}},
      {1, {1}, 1, {0}}, {2, {1, 1}, 2, {1000, 1000}}, {3, {3, 1, 5}, 3, {3, 4, 5}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    for (int di = 0; di < NDT; di++) {
      jaxc_array *a = random_bytes_array(dtypes[di], cases[c].and_, cases[c].as);
      if (di % 2) a->weak = true;
      uint64_t sum = checksum(a);
      jaxc_array *b = jaxc_broadcast_to(a, cases[c].nd, cases[c].s);
      CHECK_MSG(b && same_shape(b, cases[c].nd, cases[c].s), "broadcast_to case %zu: shape", c);
      if (b) {
        CHECK(jaxc_array_dtype(b) == dtypes[di] && jaxc_array_is_weak(b) == (di % 2 == 1));
        size_t es = jaxc_dtype_size(dtypes[di]);
        int64_t oc[4], ic[3], bad = 0, off = cases[c].nd - cases[c].and_;
        for (int64_t t = 0; t < jaxc_array_size(b); t++) {
          coords_of(t, cases[c].nd, cases[c].s, oc);
          for (int k = 0; k < cases[c].and_; k++) ic[k] = cases[c].as[k] == 1 ? 0 : oc[off + k];
          bad += memcmp((const char *)jaxc_array_data(b) + (size_t)t * es,
                        (const char *)jaxc_array_data(a) + (size_t)flat_of(cases[c].and_, cases[c].as, ic) * es, es) != 0;
        }
        CHECK_MSG(bad == 0, "broadcast_to case %zu %s: %lld elements differ", c, jaxc_dtype_name(dtypes[di]), (long long)bad);
      }
      CHECK(checksum(a) == sum);
      jaxc_array_free(b);
      jaxc_array_free(a);
    }
  jaxc_array *a = random_bytes_array(JAXC_I32, 1, (int64_t[]){3});
  CHECK_FAILS(jaxc_broadcast_to(a, 2, (int64_t[]){2, 4}), "Incompatible types for broadcasting: input type=int32[3] and requested type=int32[2,4]");
  CHECK_FAILS(jaxc_broadcast_to(a, 0, NULL), "Cannot broadcast to shape with fewer dimensions: arr_shape=(3,) shape=()");
  CHECK_FAILS(jaxc_broadcast_to(a, 2, (int64_t[]){-1, 3}), "broadcast_in_dim shape must have every element be nonnegative, got (-1, 3).");
  CHECK(jaxc_broadcast_to(a, 2, NULL) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  jaxc_array_free(a);
}

/* ---- concatenate, stack ---------------------------------------------------------------------- */
static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8]; /* [strict][x64][a][b] */

/* A 1-d array standing for lattice node d: weak nodes are weak scalars made 1-d by reshape. */
static jaxc_array *node_array(jaxc_dtype d, int64_t n) {
  if (d == JAXC_WEAK_INT || d == JAXC_WEAK_FLOAT || d == JAXC_WEAK_COMPLEX) {
    jaxc_array *s = weak_node_scalar(d, false);
    jaxc_array *b = jaxc_broadcast_to(s, 1, &n);
    jaxc_array_free(s);
    return b;
  }
  return random_bytes_array(d, 1, &n);
}

static void test_concat_dtypes(void) {
  if (!load_golden_table(golden)) return;
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int da = 0; da < JAXC_NUM_DTYPES; da++)
      for (int db = 0; db < JAXC_NUM_DTYPES; db++) {
        jaxc_array *x[2] = {node_array((jaxc_dtype)da, 2), node_array((jaxc_dtype)db, 3)};
        const char *g = golden[strict][x64][da][db];
        jaxc_array *c = jaxc_concatenate(2, (const jaxc_array *const *)x, 0);
        jaxc_status st = jaxc_last_status();
        if (g[0] == '-') {
          CHECK_MSG(!c && st == JAXC_ERR_PROMOTION, "concatenate %s %s should be refused", jaxc_dtype_name((jaxc_dtype)da), jaxc_dtype_name((jaxc_dtype)db));
        } else {
          bool weak;
          jaxc_dtype want = golden_cell(g, &weak);
          CHECK_MSG(c && jaxc_array_dtype(c) == want && jaxc_array_is_weak(c) == weak && jaxc_array_size(c) == 5,
                    "concatenate %s %s (%s x64 %d): got %s%s, want %s", jaxc_dtype_name((jaxc_dtype)da), jaxc_dtype_name((jaxc_dtype)db),
                    strict ? "strict" : "standard", x64, c ? jaxc_dtype_name(jaxc_array_dtype(c)) : "NULL", c && jaxc_array_is_weak(c) ? "~" : "", g);
          /* values: each operand converted by astype, in its place */
          for (int j = 0; c && j < 2; j++) {
            jaxc_array *conv = jaxc_astype(x[j], want);
            size_t es = jaxc_dtype_size(want);
            CHECK_MSG(conv && memcmp((const char *)jaxc_array_data(c) + (j ? 2 * es : 0), jaxc_array_data(conv), (size_t)jaxc_array_size(conv) * es) == 0,
                      "concatenate %s %s (x64 %d): operand %d's values", jaxc_dtype_name((jaxc_dtype)da), jaxc_dtype_name((jaxc_dtype)db), x64, j);
            jaxc_array_free(conv);
          }
        }
        /* stack of one node with itself keeps its dtype and weak flag */
        jaxc_array *s = jaxc_stack(2, (const jaxc_array *const *)(jaxc_array *[]){x[0], x[0]}, 0);
        CHECK(s && jaxc_array_dtype(s) == jaxc_array_dtype(x[0]) && jaxc_array_is_weak(s) == jaxc_array_is_weak(x[0]) && jaxc_array_ndim(s) == 2);
        jaxc_array_free(c), jaxc_array_free(s), jaxc_array_free(x[0]), jaxc_array_free(x[1]);
      }
  }
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_set_x64(false);
  /* three operands: the join of all (u8, i8, bf16 -> bf16; int8 and uint8 alone would be int16) */
  jaxc_array *x[3] = {node_array(JAXC_U8, 1), node_array(JAXC_I8, 2), node_array(JAXC_BF16, 3)};
  jaxc_array *c = jaxc_concatenate(3, (const jaxc_array *const *)x, 0);
  CHECK(c && jaxc_array_dtype(c) == JAXC_BF16 && !jaxc_array_is_weak(c));
  jaxc_array_free(c);
  c = jaxc_concatenate(2, (const jaxc_array *const *)x, 0);
  CHECK(c && jaxc_array_dtype(c) == JAXC_I16);
  jaxc_array_free(c);
  for (int j = 0; j < 3; j++) jaxc_array_free(x[j]);
}

/* concatenate along every axis of random shapes, n = 1..5 operands of mixed dtypes, checked
   element by element against the operands converted by astype; stack the same way. */
static void test_concat_values(void) {
  static const jaxc_dtype mix[] = {JAXC_U8, JAXC_I16, JAXC_F32, JAXC_BF16, JAXC_C64, JAXC_BOOL, JAXC_I8};
  jaxc_set_x64(true);
  for (int rep = 0; rep < 300; rep++) {
    int nd = 1 + (int)(rnd64() % 4), n = 1 + (int)(rnd64() % 5), ax = (int)(rnd64() % (uint64_t)nd);
    bool big = rep % 50 == 7, stack = rep % 3 == 2;
    int64_t base[JAXC_MAX_NDIM];
    if (big && nd > 3) nd = 3, ax = ax % 3;
    if (stack) ax = (int)(rnd64() % (uint64_t)(nd + 1)); /* (a new axis: nd + 1 places) */
    for (int k = 0; k < nd; k++) base[k] = (int64_t)(rnd64() % (big ? 90 : 6));
    if (rep == 7) /* threaded, one-element rows converted in groups: stack along the last axis */
      nd = 1, ax = 1, stack = true, n = 2, base[0] = 600000;
    jaxc_array *x[5];
    int64_t shapes[5][JAXC_MAX_NDIM];
    for (int j = 0; j < n; j++) {
      memcpy(shapes[j], base, sizeof base);
      if (!stack) shapes[j][ax] = (int64_t)(rnd64() % (big ? 200 : 5));
      x[j] = random_bytes_array(mix[rnd64() % (sizeof mix / sizeof mix[0])], nd, shapes[j]);
    }
    uint64_t sums[5];
    for (int j = 0; j < n; j++) sums[j] = checksum(x[j]);
    int axis = (rnd64() & 1) ? ax - (nd + stack) : ax; /* the same axis counted from the end */
    jaxc_array *c = stack ? jaxc_stack(n, (const jaxc_array *const *)x, axis) : jaxc_concatenate(n, (const jaxc_array *const *)x, axis);
    CHECK_MSG(c != NULL, "concatenate/stack rep %d: %s", rep, jaxc_last_error());
    if (c) {
      jaxc_dtype dt = jaxc_array_dtype(c);
      size_t es = jaxc_dtype_size(dt);
      int rnd = jaxc_array_ndim(c);
      int64_t oc[JAXC_MAX_NDIM], ic[JAXC_MAX_NDIM], bad = 0;
      jaxc_array *conv[5];
      for (int j = 0; j < n; j++) conv[j] = jaxc_astype(x[j], dt);
      for (int64_t t = 0; t < jaxc_array_size(c); t++) {
        coords_of(t, rnd, jaxc_array_shape(c), oc);
        int j = 0;
        int64_t pos = oc[ax];
        if (stack) {
          j = (int)pos;
          for (int k = 0, m = 0; k < rnd; k++)
            if (k != ax) ic[m++] = oc[k];
        } else {
          while (pos >= shapes[j][ax]) pos -= shapes[j][ax], j++;
          memcpy(ic, oc, sizeof ic);
          ic[ax] = pos;
        }
        bad += memcmp((const char *)jaxc_array_data(c) + (size_t)t * es,
                      (const char *)jaxc_array_data(conv[j]) + (size_t)flat_of(nd, shapes[j], ic) * es, es) != 0;
      }
      CHECK_MSG(bad == 0, "%s rep %d: %lld elements differ", stack ? "stack" : "concatenate", rep, (long long)bad);
      for (int j = 0; j < n; j++) jaxc_array_free(conv[j]);
      int64_t total = 0;
      for (int j = 0; j < n; j++) total += jaxc_array_size(x[j]);
      CHECK(jaxc_array_size(c) == total && rnd == nd + stack);
    }
    /* axis None: the operands flattened, one after the other */
    if (!stack) {
      jaxc_array *f = jaxc_concatenate(n, (const jaxc_array *const *)x, JAXC_ALL_AXES);
      CHECK(f && jaxc_array_ndim(f) == 1);
      if (f && c) {
        jaxc_array *rc = jaxc_ravel(c);
        int64_t off = 0;
        bool ok = true;
        size_t es = jaxc_dtype_size(jaxc_array_dtype(f));
        for (int j = 0; j < n; j++) {
          jaxc_array *conv = jaxc_astype(x[j], jaxc_array_dtype(f));
          ok = ok && memcmp((const char *)jaxc_array_data(f) + (size_t)off * es, jaxc_array_data(conv), (size_t)jaxc_array_size(conv) * es) == 0;
          off += jaxc_array_size(conv);
          jaxc_array_free(conv);
        }
        CHECK_MSG(ok && off == jaxc_array_size(f), "concatenate(axis=None) rep %d", rep);
        jaxc_array_free(rc);
      }
      jaxc_array_free(f);
    }
    for (int j = 0; j < n; j++) {
      CHECK(checksum(x[j]) == sums[j]);
      jaxc_array_free(x[j]);
    }
    jaxc_array_free(c);
  }
  jaxc_set_x64(false);
}

static void test_concat_errors(void) {
  jaxc_array *a = random_bytes_array(JAXC_I32, 2, (int64_t[]){2, 3}), *b = random_bytes_array(JAXC_I32, 2, (int64_t[]){3, 2});
  jaxc_array *v = random_bytes_array(JAXC_I32, 1, (int64_t[]){3}), *s = jaxc_weak_int(1);
  CHECK_FAILS(jaxc_concatenate(0, NULL, 0), "Need at least one array to concatenate.");
  CHECK_FAILS(jaxc_stack(0, NULL, 0), "Need at least one array to stack.");
  CHECK_FAILS(jaxc_concatenate(2, (const jaxc_array *[]){s, s}, 0), "Zero-dimensional arrays cannot be concatenated.");
  CHECK_FAILS(jaxc_concatenate(2, (const jaxc_array *[]){a, b}, 0),
              "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated: "
              "concatenating along dimension 0 for shapes (2, 3), (3, 2).");
  CHECK_FAILS(jaxc_concatenate(3, (const jaxc_array *[]){a, a, v}, 1),
              "Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (2, 3), (3,).");
  CHECK_FAILS(jaxc_concatenate(2, (const jaxc_array *[]){a, b}, 2), "axis 2 is out of bounds for array of dimension 2");
  CHECK_FAILS(jaxc_stack(2, (const jaxc_array *[]){a, b}, 0), "All input arrays must have the same shape.");
  CHECK_FAILS(jaxc_stack(2, (const jaxc_array *[]){a, a}, 3), "axis 3 is out of bounds for array of dimension 3");
  /* stack of 0-d arrays is fine (they become 1-d first) */
  jaxc_array *st = jaxc_stack(2, (const jaxc_array *[]){s, s}, -1);
  CHECK(st && jaxc_array_ndim(st) == 1 && jaxc_array_shape(st)[0] == 2 && jaxc_array_is_weak(st));
  jaxc_array_free(st);
  /* axis=None ravels first, so 0-d operands join (jnp.concatenate([3, float32(2.5)], axis=None)) */
  jaxc_array *h25 = jaxc_scalar(JAXC_F32, 2.5, 0), *cn = jaxc_concatenate(2, (const jaxc_array *[]){s, h25}, JAXC_ALL_AXES);
  CHECK(cn && jaxc_array_ndim(cn) == 1 && jaxc_array_shape(cn)[0] == 2 && jaxc_array_dtype(cn) == JAXC_F32 &&
        !jaxc_array_is_weak(cn) && ((float *)jaxc_array_data(cn))[0] == 1.0f && ((float *)jaxc_array_data(cn))[1] == 2.5f);
  jaxc_array_free(cn);
  jaxc_array_free(h25);
  CHECK(jaxc_concatenate(2, (const jaxc_array *[]){a, NULL}, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_concatenate(-1, NULL, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_concatenate(2, NULL, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  /* strict mode refuses mixed dtypes in JAX's words */
  jaxc_array *f = random_bytes_array(JAXC_F32, 2, (int64_t[]){2, 3});
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  CHECK_FAILS(jaxc_concatenate(2, (const jaxc_array *[]){a, f}, 0),
              "Input dtypes ('int32', 'float32') have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict. "
              "Try explicitly casting inputs to the desired output type, or set jax_numpy_dtype_promotion=standard.");
  jaxc_set_promotion(JAXC_RULES_JAX);
  /* debug_infs: int32 70000 becomes inf in float16 in promote_dtypes' convert_element_type */
  jaxc_array *big = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){1}, (int32_t[]){70000});
  jaxc_array *h = jaxc_array_zeros(JAXC_F16, 1, (int64_t[]){1});
  jaxc_set_debug_infs(true);
  CHECK_FAILS(jaxc_concatenate(2, (const jaxc_array *[]){h, big}, 0), "invalid value (inf) encountered in convert_element_type");
  jaxc_set_debug_infs(false);
  jaxc_array *ok = jaxc_concatenate(2, (const jaxc_array *[]){h, big}, 0);
  CHECK(ok && jaxc_array_dtype(ok) == JAXC_F16 && jaxc_f16_to_f64(((const jaxc_f16 *)jaxc_array_data(ok))[1]) == INFINITY);
  jaxc_array_free(ok);
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(v), jaxc_array_free(s), jaxc_array_free(f), jaxc_array_free(big), jaxc_array_free(h);
}

int main(void) {
  jaxc_set_x64(true); /* (float64 and complex128 operands) */
  test_transpose_all_perms();
  test_transpose_large();
  test_transpose_unaligned();
  test_swap_move();
  test_transpose_errors();
  test_slices_strided();
  test_reshape_factorizations();
  test_reshape_errors();
  test_expand_squeeze();
  test_broadcast_to();
  test_concat_dtypes();
  test_concat_values();
  test_concat_errors();
  return check_summary("test_shape");
}
