/* test_delete_insert.c — jnp.delete, jnp.insert and jnp.append.
   References written here from the definitions, not from the library:
     - delete as a complement: a mask of the axis set by NumPy's rules (a negative position
       counted from the end once, repeats one, a bool mask's true places) and every result
       element compared with a's element at the kept coordinate;
     - insert as NumPy's documentation words it: walking a's axis, before element q come the
       values whose clipped position is q, in the order given, then a[q]; the values broadcast
       here by coordinates (an axis of 1 repeats) after jaxc_astype (test_cast's subject);
     - where JAX's index arithmetic breaks the promise of assume_unique_indices or wraps in a
       narrow index dtype: JAX's Python lines, one by one, each step wrapped to the dtype's width
       here;
     - JAX's docstring examples, its errors in its words, weak flags, inputs unchanged, sizes
       past the threaded copy. */
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
static const jaxc_dtype index_dtypes[] = {JAXC_I8, JAXC_U8, JAXC_I16, JAXC_U16, JAXC_I32, JAXC_U32, JAXC_I64, JAXC_U64};
#define NIX ((int)(sizeof index_dtypes / sizeof index_dtypes[0]))

static size_t esz(const jaxc_array *a) { return jaxc_dtype_size(jaxc_array_dtype(a)); }
static const char *elem(const jaxc_array *a, int64_t k) { return (const char *)jaxc_array_data(a) + (size_t)k * esz(a); }

/* ---- index arithmetic of a dtype, written from two's complement ------------------------------ */
static int dt_bits(jaxc_dtype d) { return (int)jaxc_dtype_size(d) * 8; }
static bool dt_signed(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_INT; }
/* v reduced to d's width: signed values sign-extended, unsigned ones as they are (uint64: bits) */
static int64_t wrap_to(jaxc_dtype d, int64_t v) {
  switch (d) {
  case JAXC_I8: return (int8_t)v;
  case JAXC_U8: return (uint8_t)v;
  case JAXC_I16: return (int16_t)v;
  case JAXC_U16: return (uint16_t)v;
  case JAXC_I32: return (int32_t)v;
  case JAXC_U32: return (uint32_t)v;
  default: return v;
  }
}
static bool ge_in(jaxc_dtype d, int64_t x, int64_t y) { return d == JAXC_U64 ? (uint64_t)x >= (uint64_t)y : x >= y; }
static int64_t dt_max(jaxc_dtype d) {
  if (dt_bits(d) == 64) return INT64_MAX;
  return dt_signed(d) ? (INT64_C(1) << (dt_bits(d) - 1)) - 1 : (INT64_C(1) << dt_bits(d)) - 1;
}
/* an index array of dtype d (as x64 leaves it) holding v[0 .. m); rank 0 when nd == 0 */
static jaxc_array *index_array(jaxc_dtype d, int nd, int64_t m, const int64_t *v) {
  jaxc_array *r = jaxc_array_empty(d, nd, (int64_t[]){m});
  d = jaxc_array_dtype(r);
  for (int64_t k = 0; r && k < m; k++) {
    int64_t w = wrap_to(d, v[k]);
    memcpy((char *)jaxc_array_data(r) + (size_t)k * jaxc_dtype_size(d), &w, jaxc_dtype_size(d)); /* little-endian */
  }
  return r;
}
/* an integer array's element k, read back (a uint64's bits as int64_t) */
static int64_t index_at(const jaxc_array *a, int64_t k) {
  const char *p = elem(a, k);
  switch (jaxc_array_dtype(a)) {
  case JAXC_I8: return *(const int8_t *)p;
  case JAXC_U8: return *(const uint8_t *)p;
  case JAXC_I16: { int16_t v; memcpy(&v, p, 2); return v; }
  case JAXC_U16: { uint16_t v; memcpy(&v, p, 2); return v; }
  case JAXC_I32: { int32_t v; memcpy(&v, p, 4); return v; }
  case JAXC_U32: { uint32_t v; memcpy(&v, p, 4); return v; }
  default: { int64_t v; memcpy(&v, p, 8); return v; }
  }
}

/* ---- the result as an axis map ------------------------------------------------------------- */
/* a viewed flat when axis is JAXC_ALL_AXES */
typedef struct view { jaxc_array arr; const jaxc_array *a; int ax; } view;
static void view_of(view *v, const jaxc_array *a, int axis) {
  if (axis == JAXC_ALL_AXES) {
    int64_t n = jaxc_array_size(a);
    jaxc_array_wrap(&v->arr, jaxc_array_dtype(a), 1, &n, (void *)(uintptr_t)jaxc_array_data(a)); /* (read only) */
    v->a = &v->arr, v->ax = 0;
  } else {
    v->a = a, v->ax = axis < 0 ? axis + jaxc_array_ndim(a) : axis;
  }
}
/* out == x with axis ax rebuilt: out[.., j, ..] is x[.., map[j], ..] (map[j] >= 0), a zero (-1) or
   the slice -2 - map[j] of vals (rank of x; an axis of 1 broadcasts) */
static bool matches_map(const jaxc_array *out, const jaxc_array *x, int ax, const int64_t *map, int64_t len,
                        const jaxc_array *vals, bool weak) {
  int nd = jaxc_array_ndim(x);
  if (!out || jaxc_array_dtype(out) != jaxc_array_dtype(x) || jaxc_array_ndim(out) != nd || jaxc_array_is_weak(out) != weak)
    return false;
  for (int k = 0; k < nd; k++)
    if (jaxc_array_shape(out)[k] != (k == ax ? len : jaxc_array_shape(x)[k])) return false;
  size_t es = esz(x);
  static const char zero[16];
  int64_t c[JAXC_MAX_NDIM];
  for (int64_t t = 0; t < jaxc_array_size(out); t++) {
    coords_of(t, nd, jaxc_array_shape(out), c);
    int64_t j = c[ax], src = map[j];
    const char *want = zero;
    if (src >= 0) {
      c[ax] = src;
      want = elem(x, flat_of(nd, jaxc_array_shape(x), c));
    } else if (src <= -2) {
      c[ax] = -2 - src;
      for (int k = 0; k < nd; k++) if (jaxc_array_shape(vals)[k] == 1) c[k] = 0;
      want = elem(vals, flat_of(nd, jaxc_array_shape(vals), c));
    }
    if (memcmp(elem(out, t), want, es) != 0) return false;
  }
  return true;
}

/* ---- delete -------------------------------------------------------------------------------- */
/* the kept positions of an axis of n once the positions in `gone` (a mask) are removed */
static int64_t kept_map(const bool *gone, int64_t n, int64_t *map) {
  int64_t len = 0;
  for (int64_t i = 0; i < n; i++)
    if (!gone[i]) map[len++] = i;
  return len;
}
static long n_delete;
/* delete with an integer array of positions p (each in [-n, n)), or a 0-d one, or as a mask */
static void check_delete(const jaxc_array *a, int axis, const jaxc_array *obj, const bool *gone_in, const char *what) {
  view v;
  view_of(&v, a, axis);
  int64_t n = jaxc_array_shape(v.a)[v.ax];
  uint64_t ha = checksum(a), ho = checksum(obj);
  bool *gone = calloc((size_t)n + 1, 1);
  int64_t *map = malloc(sizeof *map * (size_t)(n + 1));
  bool distinct = true; /* (assume_unique_indices gives the complement only then) */
  if (gone_in) {
    memcpy(gone, gone_in, (size_t)n);
  } else {
    for (int64_t k = 0; k < jaxc_array_size(obj); k++) {
      int64_t q = index_at(obj, k);
      distinct = distinct && !gone[q < 0 ? q + n : q];
      gone[q < 0 ? q + n : q] = true;
    }
  }
  int64_t len = kept_map(gone, n, map);
  for (int uniq = 0; uniq < 1 + distinct; uniq++) {
    jaxc_array *r = jaxc_delete(a, obj, axis, uniq);
    CHECK_MSG(matches_map(r, v.a, v.ax, map, len, NULL, jaxc_array_is_weak(a)), "delete %s %s axis %d uniq %d: %s",
              what, jaxc_dtype_name(jaxc_array_dtype(a)), axis, uniq, r ? "wrong result" : jaxc_last_error());
    jaxc_array_free(r);
  }
  CHECK(checksum(a) == ha && checksum(obj) == ho);
  n_delete++;
  free(gone), free(map);
}

/* JAX's assume_unique_indices lines, in dtype d, for positions p: the result's source per position */
static int64_t ref_delete_unique(jaxc_dtype d, const int64_t *p, int64_t m, int64_t n, int64_t *src) {
  int64_t *o = malloc(sizeof *o * (size_t)(m + 1));
  for (int64_t k = 0; k < m; k++) {
    int64_t v = p[k];
    if (dt_signed(d) && v < 0) v = wrap_to(d, v + n);      /* where(obj < 0, obj + n, obj) */
    if (d == JAXC_U64 && v < 0) v = n;                     /* clip(.., 0, n) */
    o[k] = v < 0 ? 0 : v > n ? n : v;
  }
  for (int64_t i = 1; i < m; i++) /* sort */
    for (int64_t j = i; j > 0 && o[j - 1] > o[j]; j--) { int64_t t = o[j]; o[j] = o[j - 1]; o[j - 1] = t; }
  for (int64_t k = 0; k < m; k++) o[k] = wrap_to(d, o[k] - k); /* obj -= arange(len(obj)) */
  int64_t len = n - m > 0 ? n - m : 0;
  for (int64_t i = 0; i < len; i++) {                      /* i += (i >= obj).sum() */
    int64_t cnt = 0;
    for (int64_t k = 0; k < m; k++) cnt += ge_in(d, i, o[k]);
    int64_t g = wrap_to(d, i + cnt);
    if (dt_signed(d) && g < 0) g += n;      /* a[idx]: a negative index from the end once, */
    g = (int32_t)(uint32_t)(uint64_t)g;     /* converted to int32, clamped */
    src[i] = g < 0 ? 0 : g >= n ? n - 1 : g;
  }
  free(o);
  return len;
}
static long n_unique_garbage;
static void check_delete_unique_garbage(jaxc_dtype a_dt, jaxc_dtype d, int64_t n, int64_t m) {
  jaxc_array *a = random_bytes_array(a_dt, 1, (int64_t[]){n});
  int64_t *p = malloc(sizeof *p * (size_t)(m + 1)), *src = malloc(sizeof *src * (size_t)(n + 1));
  int64_t lo = dt_signed(d) ? -n - 3 : 0, hi = n + 3 < dt_max(d) ? n + 3 : dt_max(d);
  for (int64_t k = 0; k < m; k++) p[k] = lo + (int64_t)(rnd64() % (uint64_t)(hi - lo + 1)); /* repeats, outside */
  if (m > 1) p[1] = p[0];
  jaxc_array *obj = index_array(d, 1, m, p);
  int64_t len = ref_delete_unique(d, p, m, n, src);
  jaxc_array *r = jaxc_delete(a, obj, 0, true);
  CHECK_MSG(matches_map(r, a, 0, src, len, NULL, false), "delete unique garbage %s n %lld m %lld: %s", jaxc_dtype_name(d),
            (long long)n, (long long)m, r ? "wrong" : jaxc_last_error());
  n_unique_garbage++;
  jaxc_array_free(r), jaxc_array_free(obj), jaxc_array_free(a);
  free(p), free(src);
}

/* ---- insert -------------------------------------------------------------------------------- */
/* values converted to a's dtype and given leading 1s up to rank nd (a 0-d obj's first axis of
   values moved to ax as JAX's moveaxis does: done by the caller through `moved`) */
static int64_t ref_insert_map(const int64_t *clipped, int64_t ni, int64_t n, int64_t *map) {
  int64_t len = 0;
  for (int64_t q = 0; q <= n; q++) {
    for (int64_t j = 0; j < ni; j++)
      if (clipped[j] == q) map[len++] = -2 - j;
    if (q < n) map[len++] = q;
  }
  return len;
}
static long n_insert;
/* insert along axis of positions p (m of them, dtype d; scalar: a 0-d obj) and values vals */
static void check_insert(const jaxc_array *a, int axis, jaxc_dtype d, const int64_t *p, int64_t m, bool scalar,
                         const jaxc_array *vals, const char *what) {
  view v;
  view_of(&v, a, axis);
  int nd = jaxc_array_ndim(v.a), ax = v.ax;
  int64_t n = jaxc_array_shape(v.a)[ax];
  jaxc_array *obj = index_array(d, scalar ? 0 : 1, m, p);
  uint64_t ha = checksum(a), hv = checksum(vals);
  /* values: converted, leading 1s, (0-d obj) first axis moved to ax */
  jaxc_array *conv = jaxc_astype(vals, jaxc_array_dtype(a));
  int vnd = jaxc_array_ndim(vals) < nd ? nd : jaxc_array_ndim(vals);
  int64_t vs[JAXC_MAX_NDIM];
  for (int k = 0; k < vnd; k++) vs[k] = k < vnd - jaxc_array_ndim(vals) ? 1 : jaxc_array_shape(vals)[k - (vnd - jaxc_array_ndim(vals))];
  jaxc_array *shaped = jaxc_reshape(conv, vnd, vs), *moved = scalar ? jaxc_moveaxis(shaped, 0, ax) : NULL;
  const jaxc_array *V = moved ? moved : shaped;
  int64_t nv = jaxc_array_shape(V)[ax], ni = m == 1 ? nv : m;
  int64_t *clipped = malloc(sizeof *clipped * (size_t)(ni + 1)), *map = malloc(sizeof *map * (size_t)(n + ni + 1));
  for (int64_t j = 0; j < ni; j++) {
    int64_t q = p[m == 1 ? 0 : j];
    if (q < 0) q += n;
    clipped[j] = q < 0 ? 0 : q > n ? n : q;
  }
  int64_t len = ref_insert_map(clipped, ni, n, map);
  jaxc_array *r = jaxc_insert(a, obj, vals, axis);
  CHECK_MSG(vnd == nd && matches_map(r, v.a, ax, map, len, V, jaxc_array_is_weak(a)), "insert %s %s into %s axis %d: %s", what,
            jaxc_dtype_name(d), jaxc_dtype_name(jaxc_array_dtype(a)), axis, r ? "wrong result" : jaxc_last_error());
  /* the inserted positions deleted again give a back */
  if (r) {
    int64_t *pos = malloc(sizeof *pos * (size_t)(ni + 1)), c = 0;
    for (int64_t t = 0; t < len; t++) if (map[t] < 0) pos[c++] = t;
    jaxc_array *pi = index_array(JAXC_I64, 1, c, pos), *back = jaxc_delete(r, pi, ax, true), *flat = jaxc_ravel(a);
    const jaxc_array *want = axis == JAXC_ALL_AXES ? flat : a;
    CHECK_MSG(back && jaxc_array_size(back) == jaxc_array_size(want) && checksum(back) == checksum(want), "insert %s: delete undoes it", what);
    jaxc_array_free(pi), jaxc_array_free(back), jaxc_array_free(flat), free(pos);
  }
  CHECK(checksum(a) == ha && checksum(vals) == hv);
  n_insert++;
  jaxc_array_free(r), jaxc_array_free(obj), jaxc_array_free(conv), jaxc_array_free(shaped), jaxc_array_free(moved);
  free(clipped), free(map);
}

/* JAX's insert lines where values_ind wraps (int8/uint8 positions past 127/255): one axis */
static long n_insert_wrap;
static void check_insert_wrap(jaxc_dtype a_dt, jaxc_dtype d, int64_t n, int64_t ni) {
  jaxc_array *a = random_bytes_array(a_dt, 1, (int64_t[]){n}), *vals = random_bytes_array(a_dt, 1, (int64_t[]){ni});
  int64_t *p = malloc(sizeof *p * (size_t)ni), L = n + ni;
  int64_t *s = malloc(sizeof *s * (size_t)ni), *order = malloc(sizeof *order * (size_t)ni), *vind = malloc(sizeof *vind * (size_t)ni);
  int64_t *map = malloc(sizeof *map * (size_t)L);
  for (int64_t k = 0; k < ni; k++) {
    p[k] = (int64_t)(rnd64() % (uint64_t)(n + 1));
    if (dt_signed(d)) p[k] -= (int64_t)(rnd64() % 3);
  }
  for (int64_t k = 0; k < ni; k++) { /* where(i < 0, i + n, i), clip(0, n) */
    int64_t q = p[k] < 0 ? p[k] + n : p[k];
    s[k] = q < 0 ? 0 : q > n ? n : q, order[k] = k;
  }
  for (int64_t i = 1; i < ni; i++) /* argsort, stable */
    for (int64_t j = i; j > 0 && s[order[j - 1]] > s[order[j]]; j--) { int64_t t = order[j]; order[j] = order[j - 1]; order[j - 1] = t; }
  for (int64_t k = 0; k < ni; k++) vind[order[k]] = wrap_to(d, s[order[k]] + k); /* .at[argsort].add(arange) */
  for (int64_t t = 0; t < L; t++) map[t] = -1;                                    /* zeros */
  bool *mask = malloc((size_t)L);
  for (int64_t t = 0; t < L; t++) mask[t] = true;
  for (int64_t j = 0; j < ni; j++) { /* out.at[values_ind].set(values): negative from the end, outside dropped */
    int64_t q = vind[j] < 0 ? vind[j] + L : vind[j];
    if (q >= 0 && q < L) map[q] = -2 - j, mask[q] = false;
  }
  int64_t i = 0;
  for (int64_t t = 0; t < L && i < n; t++) if (mask[t]) map[t] = i++; /* arr_ind = where(mask, size=n) */
  CHECK(i == n); /* (values clear at most ni places: where's padding is never needed) */
  jaxc_array *obj = index_array(d, 1, ni, p), *r = jaxc_insert(a, obj, vals, 0);
  CHECK_MSG(matches_map(r, a, 0, map, L, vals, false), "insert wrap %s n %lld ni %lld: %s", jaxc_dtype_name(d), (long long)n,
            (long long)ni, r ? "wrong" : jaxc_last_error());
  n_insert_wrap++;
  jaxc_array_free(r), jaxc_array_free(obj), jaxc_array_free(a), jaxc_array_free(vals);
  free(p), free(s), free(order), free(vind), free(map), free(mask);
}

/* ---- the sweeps ---------------------------------------------------------------------------- */
static const int64_t shapes[][4] = {{1, 7}, {1, 1}, {1, 0}, {2, 3, 5}, {2, 4, 1}, {2, 0, 3}, {3, 2, 3, 4}, {3, 3, 1, 5}, {1, 70}};
#define NSHAPES ((int)(sizeof shapes / sizeof shapes[0]))

static void test_delete_sweep(void) {
  jaxc_set_x64(true);
  for (int di = 0; di < NDT; di++)
    for (int si = 0; si < NSHAPES; si++) {
      int nd = (int)shapes[si][0];
      jaxc_array *a = random_bytes_array(all_dtypes[di], nd, &shapes[si][1]);
      for (int axis = -1; axis < nd; axis++) {
        int ax = axis < 0 ? JAXC_ALL_AXES : axis;
        view v;
        view_of(&v, a, ax);
        int64_t n = jaxc_array_shape(v.a)[v.ax];
        jaxc_dtype d = index_dtypes[(di + si + axis + 1) % NIX];
        if (n > dt_max(d)) d = JAXC_I32;
        /* integer arrays: random positions in [-n, n), repeats, of 1-d and 2-d shape */
        int64_t p[12];
        int64_t m = n ? (int64_t)(rnd64() % 9) : 0;
        for (int64_t k = 0; k < m; k++) {
          p[k] = (int64_t)(rnd64() % (uint64_t)n);
          if (dt_signed(d) && rnd64() % 2) p[k] -= n;
        }
        jaxc_array *obj = index_array(d, 1, m, p);
        check_delete(a, ax, obj, NULL, "positions");
        jaxc_array_free(obj);
        if (m >= 4) {
          jaxc_array *o2 = index_array(d, 1, 4, p), *r2 = jaxc_reshape(o2, 2, (int64_t[]){2, 2});
          bool gone[80] = {false};
          for (int k = 0; k < 4; k++) gone[p[k] < 0 ? p[k] + n : p[k]] = true;
          jaxc_array *r = jaxc_delete(a, r2, ax, false);
          int64_t map[80], len = kept_map(gone, n, map);
          CHECK_MSG(matches_map(r, v.a, v.ax, map, len, NULL, false), "delete 2-d positions");
          jaxc_array_free(r), jaxc_array_free(o2), jaxc_array_free(r2);
        }
        /* one position, 0-d */
        if (n) {
          int64_t q = (int64_t)(rnd64() % (uint64_t)n);
          if (rnd64() % 2) q -= n;
          if (!dt_signed(d) && q < 0) q += n;
          jaxc_array *o0 = index_array(d, 0, 1, &q);
          check_delete(a, ax, o0, NULL, "0-d");
          jaxc_array_free(o0);
          bool gone[80] = {false};
          gone[q < 0 ? q + n : q] = true;
          int64_t map[80], len = kept_map(gone, n, map);
          jaxc_array *r = jaxc_delete_slice(a, JAXC_I(q), ax);
          CHECK_MSG(matches_map(r, v.a, v.ax, map, len, NULL, false), "delete JAXC_I(%lld)", (long long)q);
          jaxc_array_free(r);
        }
        /* a bool mask */
        bool mask[80];
        for (int64_t i = 0; i < n; i++) mask[i] = rnd64() % 3 == 0;
        jaxc_array *mo = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){n}, mask);
        check_delete(a, ax, mo, mask, "mask");
        jaxc_array_free(mo);
        /* slices, every sign of start, stop and step */
        for (int t = 0; t < 6; t++) {
          int64_t st = (int64_t)(rnd64() % 7) - 3, lo = (int64_t)(rnd64() % 9) - 4, hi = (int64_t)(rnd64() % 9) - 4;
          if (st == 0) st = JAXC_NONE;
          if (t == 0) lo = JAXC_NONE;
          if (t == 1) hi = JAXC_NONE;
          bool gone[80] = {false};
          int64_t step = st == JAXC_NONE ? 1 : st;
          int64_t b = lo, e = hi; /* Python's slice.indices, written out */
          if (step > 0) {
            b = b == JAXC_NONE ? 0 : b < 0 ? (b + n < 0 ? 0 : b + n) : (b > n ? n : b);
            e = e == JAXC_NONE ? n : e < 0 ? (e + n < 0 ? 0 : e + n) : (e > n ? n : e);
            for (int64_t i = b; i < e; i += step) gone[i] = true;
          } else {
            b = b == JAXC_NONE ? n - 1 : b < 0 ? (b + n < 0 ? -1 : b + n) : (b >= n ? n - 1 : b);
            e = e == JAXC_NONE ? -1 : e < 0 ? (e + n < 0 ? -1 : e + n) : (e >= n ? n - 1 : e);
            for (int64_t i = b; i > e; i += step) gone[i] = true;
          }
          int64_t map[80], len = kept_map(gone, n, map);
          jaxc_array *r = jaxc_delete_slice(a, JAXC_S(lo, hi, st), ax);
          CHECK_MSG(matches_map(r, v.a, v.ax, map, len, NULL, false), "delete slice %lld:%lld:%lld of %lld", (long long)lo,
                    (long long)hi, (long long)st, (long long)n);
          jaxc_array_free(r);
        }
      }
      jaxc_array_free(a);
    }
  jaxc_set_x64(false);
}

static void test_insert_sweep(void) {
  jaxc_set_x64(true);
  for (int di = 0; di < NDT; di++)
    for (int si = 0; si < NSHAPES; si++) {
      int nd = (int)shapes[si][0];
      jaxc_dtype adt = all_dtypes[di];
      jaxc_array *a = random_bytes_array(adt, nd, &shapes[si][1]);
      for (int axis = -1; axis < nd; axis++) {
        int ax = axis < 0 ? JAXC_ALL_AXES : axis;
        view v;
        view_of(&v, a, ax);
        int vnd = jaxc_array_ndim(v.a), vax = v.ax;
        int64_t n = jaxc_array_shape(v.a)[vax];
        jaxc_dtype d = index_dtypes[(di + si + axis + 3) % NIX];
        if (n + 12 > dt_max(d)) d = JAXC_I32;
        for (int form = 0; form < 5; form++) {
          /* form 0: m positions, values of the slice shape; 1: values with 1s to broadcast;
             2: one position (1-d) and several values; 3: a 0-d position; 4: no positions */
          int64_t m = form == 2 ? 1 : form == 3 ? 1 : form == 4 ? 0 : 1 + (int64_t)(rnd64() % 5), p[8];
          for (int64_t k = 0; k < m; k++) {
            p[k] = (int64_t)(rnd64() % (uint64_t)(n + 5)) - 2; /* outside [0, n] too: clipped */
            if (!dt_signed(d) && p[k] < 0) p[k] = -p[k];
          }
          int64_t vs[JAXC_MAX_NDIM];
          int vrank = vnd;
          for (int k = 0; k < vnd; k++) vs[k] = jaxc_array_shape(v.a)[k];
          vs[vax] = form == 2 ? 3 : m;
          if (form == 1) { /* axes of 1, and a leading one left for insert to add back */
            for (int k = 0; k < vnd; k++) if (rnd64() % 2) vs[k] = 1;
            if (vnd > 1 && vs[0] == 1 && rnd64() % 2) vrank = vnd - 1, memmove(vs, vs + 1, sizeof(int64_t) * (size_t)vrank);
          }
          if (form == 3) { /* the values' first axis becomes the insertion axis */
            int64_t t[JAXC_MAX_NDIM];
            for (int k = 0; k < vnd; k++) t[k] = vs[k];
            t[vax] = 1 + (int64_t)(rnd64() % 2);
            vs[0] = t[vax];
            for (int k = 0, j = 1; k < vnd; k++) if (k != vax) vs[j++] = t[k];
          }
          jaxc_dtype vdt = rnd64() % 3 ? adt : all_dtypes[rnd64() % NDT];
          jaxc_array *vals = small_random_array(vdt, vrank, vs);
          if (!vals) vals = random_bytes_array(vdt, vrank, vs);
          check_insert(a, ax, d, p, m, form == 3, vals, form == 0 ? "positions" : form == 1 ? "broadcast" : form == 2 ? "one position" : form == 3 ? "0-d" : "none");
          jaxc_array_free(vals);
        }
      }
      jaxc_array_free(a);
    }
  jaxc_set_x64(false);
}

/* ---- big arrays: the threaded copy, long runs, one-element runs ---------------------------- */
static void test_big(void) {
  int64_t n = (int64_t)1 << 21;
  jaxc_array *a = random_bytes_array(JAXC_F32, 1, &n);
  int64_t m = 1000, *p = malloc(sizeof *p * (size_t)m);
  for (int64_t k = 0; k < m; k++) p[k] = (int64_t)(rnd64() % (uint64_t)n);
  jaxc_array *obj = index_array(JAXC_I32, 1, m, p);
  check_delete(a, 0, obj, NULL, "1000 of 2^21");
  jaxc_array *vals = random_bytes_array(JAXC_F32, 1, &m);
  check_insert(a, 0, JAXC_I32, p, m, false, vals, "1000 into 2^21");
  bool *gone = calloc((size_t)n, 1);
  int64_t *map = malloc(sizeof *map * (size_t)n);
  for (int64_t i = 0; i < n; i += 2) gone[i] = true;
  int64_t len = kept_map(gone, n, map);
  jaxc_array *r = jaxc_delete_slice(a, JAXC_S(JAXC_NONE, JAXC_NONE, 2), 0);
  CHECK_MSG(matches_map(r, a, 0, map, len, NULL, false), "delete ::2 of 2^21");
  jaxc_array_free(r);
  /* masks: a few places (runs), a random half (compressed over the threads' pieces) */
  for (int dense = 0; dense < 2; dense++) {
    bool *mk = malloc((size_t)n);
    for (int64_t i = 0; i < n; i++) mk[i] = dense ? rnd64() % 2 : rnd64() % 20000 == 0;
    jaxc_array *mo = jaxc_array_from_data(JAXC_BOOL, 1, &n, mk);
    check_delete(a, 0, mo, mk, dense ? "a random half of 2^21" : "a few of 2^21");
    jaxc_array_free(mo), free(mk);
  }
  /* other steps: short blocks (unit by unit), long ones (a run each), negative, a stretch */
  const int64_t sl[][3] = {{5, JAXC_NONE, 3}, {-7, 100, -5}, {11, -3, 8}, {0, JAXC_NONE, 9}, {1000, 900000, 1}, {3, 1 << 20, 64}};
  for (int t = 0; t < 6; t++) {
    memset(gone, 0, (size_t)n);
    int64_t st = sl[t][2], b = sl[t][0] < 0 ? sl[t][0] + n : sl[t][0], e = sl[t][1] == JAXC_NONE ? n : sl[t][1] < 0 ? sl[t][1] + n : sl[t][1];
    if (st > 0) for (int64_t i = b; i < e; i += st) gone[i] = true;
    else for (int64_t i = b; i > e; i += st) gone[i] = true;
    len = kept_map(gone, n, map);
    r = jaxc_delete_slice(a, JAXC_S(sl[t][0], sl[t][1], st), JAXC_ALL_AXES);
    CHECK_MSG(matches_map(r, a, 0, map, len, NULL, false), "delete %lld:%lld:%lld of 2^21", (long long)sl[t][0],
              (long long)sl[t][1], (long long)st);
    jaxc_array_free(r);
  }
  CHECK_FAILS(jaxc_insert_slice(a, JAXC_S(JAXC_NONE, JAXC_NONE, 3), vals, 0),
              "Incompatible shapes for broadcasting: shapes=[(699051,), (1000,)]");
  jaxc_array_free(obj), jaxc_array_free(vals), jaxc_array_free(a);
  /* 2-d, both axes, rows of 1500 */
  jaxc_array *b = random_bytes_array(JAXC_I16, 2, (int64_t[]){1200, 1500});
  for (int ax = 0; ax < 2; ax++) {
    int64_t q[40];
    for (int k = 0; k < 40; k++) q[k] = (int64_t)(rnd64() % 1200);
    jaxc_array *o = index_array(JAXC_I64, 1, 40, q);
    jaxc_set_x64(true);
    check_delete(b, ax, o, NULL, "40 of 1200 x 1500");
    jaxc_set_x64(false);
    int64_t vs[2] = {ax == 0 ? 40 : 1200, ax == 0 ? 1500 : 40};
    jaxc_array *vv = random_bytes_array(JAXC_I16, 2, vs);
    check_insert(b, ax, JAXC_I32, q, 40, false, vv, "40 into 1200 x 1500");
    for (int st = 2; st <= 10; st += 4) { /* a slice of every st-th row or column */
      bool g2[1500] = {false};
      int64_t m2[1500], n2 = ax ? 1500 : 1200;
      for (int64_t i = 1; i < n2; i += st) g2[i] = true;
      int64_t l2 = kept_map(g2, n2, m2);
      jaxc_array *r2 = jaxc_delete_slice(b, JAXC_S(1, JAXC_NONE, st), ax);
      CHECK_MSG(matches_map(r2, b, ax, m2, l2, NULL, false), "delete 1::%d of 1200 x 1500 along %d", st, ax);
      jaxc_array_free(r2);
    }
    jaxc_array_free(vv), jaxc_array_free(o);
  }
  jaxc_array_free(b);
  free(p), free(gone), free(map);
}

/* ---- JAX's examples, weak flags, append ---------------------------------------------------- */
static void expect_i32(jaxc_array *r, int n, const int32_t *want, const char *what) {
  bool ok = r && jaxc_array_dtype(r) == JAXC_I32 && jaxc_array_size(r) == n && memcmp(jaxc_array_data(r), want, sizeof *want * (size_t)n) == 0;
  CHECK_MSG(ok, "%s: %s", what, r ? "wrong values" : jaxc_last_error());
  jaxc_array_free(r);
}
static void test_examples(void) {
  jaxc_array *a = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){6}, (int32_t[]){4, 5, 6, 7, 8, 9});
  jaxc_array *two = jaxc_scalar(JAXC_I32, 2, 0), *idx = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){0, 1, 3});
  expect_i32(jaxc_delete(a, two, JAXC_ALL_AXES, false), 5, (int32_t[]){4, 5, 7, 8, 9}, "delete(a, 2)");
  expect_i32(jaxc_delete_slice(a, JAXC_S(1, 4, JAXC_NONE), JAXC_ALL_AXES), 3, (int32_t[]){4, 8, 9}, "delete(a, slice(1, 4))");
  expect_i32(jaxc_delete_slice(a, JAXC_S(JAXC_NONE, JAXC_NONE, 2), JAXC_ALL_AXES), 3, (int32_t[]){5, 7, 9}, "delete(a, ::2)");
  expect_i32(jaxc_delete(a, idx, JAXC_ALL_AXES, false), 3, (int32_t[]){6, 8, 9}, "delete(a, [0, 1, 3])");
  expect_i32(jaxc_delete(a, idx, JAXC_ALL_AXES, true), 3, (int32_t[]){6, 8, 9}, "delete(a, [0, 1, 3], assume_unique)");
  jaxc_array *a2 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){4, 5, 6, 7, 8, 9});
  expect_i32(jaxc_delete_slice(a2, JAXC_I(1), 1), 4, (int32_t[]){4, 6, 7, 9}, "delete(a2, 1, axis=1)");
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){5}, (int32_t[]){0, 1, 2, 3, 4});
  jaxc_array *w99 = jaxc_weak_int(99), *wm1 = jaxc_weak_int(-1);
  expect_i32(jaxc_insert_slice(x, JAXC_I(2), w99, JAXC_ALL_AXES), 6, (int32_t[]){0, 1, 99, 2, 3, 4}, "insert(x, 2, 99)");
  expect_i32(jaxc_insert_slice(x, JAXC_S(JAXC_NONE, JAXC_NONE, 2), wm1, JAXC_ALL_AXES), 8, (int32_t[]){-1, 0, 1, -1, 2, 3, -1, 4},
             "insert(x, slice(None, None, 2), -1)");
  jaxc_array *ind = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){4, 2, 5});
  jaxc_array *vals = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){10, 11, 12});
  expect_i32(jaxc_insert(x, ind, vals, JAXC_ALL_AXES), 8, (int32_t[]){0, 1, 11, 2, 3, 10, 4, 12}, "insert(x, [4, 2, 5], ...)");
  jaxc_array *x2 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){1, 2, 3, 4, 5, 6});
  jaxc_array *i2 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){1, 3});
  jaxc_array *v2 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 2}, (int32_t[]){10, 11, 12, 13});
  expect_i32(jaxc_insert(x2, i2, v2, 1), 10, (int32_t[]){1, 10, 2, 3, 11, 4, 12, 5, 6, 13}, "insert columns");
  /* NumPy's scalar rule: a 0-d position with a row of values inserts one column; a 1-element
     1-d position broadcasts the row over as many columns (np.insert's documented example) */
  jaxc_array *b = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){3, 2}, (int32_t[]){0, 1, 2, 3, 4, 5});
  jaxc_array *row = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){7, 8, 9});
  jaxc_array *one = jaxc_scalar(JAXC_I32, 1, 0), *one1 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){1}, (int32_t[]){1});
  expect_i32(jaxc_insert(b, one, row, 1), 9, (int32_t[]){0, 7, 1, 2, 8, 3, 4, 9, 5}, "insert(b, 1, [7, 8, 9], axis=1)");
  jaxc_array *w5 = jaxc_weak_int(5);
  expect_i32(jaxc_insert(b, one1, w5, 1), 9, (int32_t[]){0, 5, 1, 2, 5, 3, 4, 5, 5}, "insert(b, [1], 5, axis=1)");
  expect_i32(jaxc_insert(b, one1, row, 1), 15, (int32_t[]){0, 7, 8, 9, 1, 2, 7, 8, 9, 3, 4, 7, 8, 9, 5}, "insert(b, [1], [7, 8, 9], axis=1)");
  /* weak a stays weak; values are converted, not promoted: float 2.7 into int8 is 2 */
  jaxc_array *wk = jaxc_weak_float(1.5), *wkf = jaxc_ravel(wk);
  jaxc_array *r = jaxc_insert_slice(wkf, JAXC_I(0), w99, 0);
  CHECK(r && jaxc_array_is_weak(r) && jaxc_array_dtype(r) == JAXC_F32 && ((float *)jaxc_array_data(r))[0] == 99.0f);
  jaxc_array_free(r);
  r = jaxc_delete_slice(wkf, JAXC_I(0), 0);
  CHECK(r && jaxc_array_is_weak(r) && jaxc_array_size(r) == 0);
  jaxc_array_free(r);
  jaxc_array *i8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){2}, (int8_t[]){1, 2}), *f27 = jaxc_weak_float(2.7);
  jaxc_array *w300 = jaxc_weak_int(300);
  r = jaxc_insert_slice(i8, JAXC_I(1), f27, 0);
  CHECK(r && jaxc_array_dtype(r) == JAXC_I8 && !jaxc_array_is_weak(r) && ((int8_t *)jaxc_array_data(r))[1] == 2);
  jaxc_array_free(r);
  r = jaxc_insert_slice(i8, JAXC_I(1), w300, 0); /* asarray(300) is int32, then converted: 44 */
  CHECK(r && ((int8_t *)jaxc_array_data(r))[1] == 44);
  jaxc_array_free(r);
  /* append: concatenate's promotion (int8 with a Python float: a weak float32), raveled for axis=None */
  r = jaxc_append(i8, f27, JAXC_ALL_AXES);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_is_weak(r) && jaxc_array_size(r) == 3 && /* (i8 + f*: f*) */
        ((float *)jaxc_array_data(r))[2] == 2.7f);
  jaxc_array_free(r);
  r = jaxc_append(x2, b, JAXC_ALL_AXES);
  CHECK(r && jaxc_array_ndim(r) == 1 && jaxc_array_size(r) == 12 && ((int32_t *)jaxc_array_data(r))[6] == 0 &&
        ((int32_t *)jaxc_array_data(r))[11] == 5);
  jaxc_array_free(r);
  r = jaxc_append(x2, x2, 0);
  CHECK(r && jaxc_array_ndim(r) == 2 && jaxc_array_shape(r)[0] == 4 && ((int32_t *)jaxc_array_data(r))[6] == 1);
  jaxc_array_free(r);
  CHECK_FAILS(jaxc_append(x2, b, 0), "Cannot concatenate arrays with shapes that differ in dimensions other than the one being "
                                     "concatenated: concatenating along dimension 0 for shapes (2, 3), (3, 2).");
  jaxc_array *list[] = {a, two, idx, a2, x, w99, wm1, ind, vals, x2, i2, v2, b, row, one, one1, w5, wk, wkf, i8, f27, w300};
  for (size_t k = 0; k < sizeof list / sizeof list[0]; k++) jaxc_array_free(list[k]);
}

/* ---- JAX's arithmetic where the promises break ----------------------------------------------- */
static void test_arithmetic(void) {
  jaxc_set_x64(true);
  for (int di = 0; di < NIX; di++)
    for (int t = 0; t < 40; t++) {
      int64_t n = 1 + (int64_t)(rnd64() % 40), m = (int64_t)(rnd64() % 8);
      check_delete_unique_garbage(all_dtypes[rnd64() % NDT], index_dtypes[di], n, m);
    }
  /* insert positions past int8's 127 and uint8's 255 wrap in JAX: zeros where nothing lands */
  for (int t = 0; t < 30; t++) {
    int64_t n8 = 100 + (int64_t)(rnd64() % 28), ni8 = 20 + (int64_t)(rnd64() % 60);
    int64_t nu = 200 + (int64_t)(rnd64() % 56), niu = 60 + (int64_t)(rnd64() % 80);
    check_insert_wrap(JAXC_I16, JAXC_I8, n8, ni8);
    check_insert_wrap(JAXC_F32, JAXC_U8, nu, niu);
    check_insert_wrap(JAXC_C128, JAXC_I8, 120, 1 + (int64_t)(rnd64() % 10));
  }
  jaxc_set_x64(false);
}

/* ---- cases the mutation runs asked for: edges the random sweeps rarely meet ------------------ */
static jaxc_array *filled(jaxc_dtype d, int nd, const int64_t *shape, double v) {
  jaxc_array *a = jaxc_array_empty(d, nd, shape);
  for (int64_t i = 0; i < jaxc_array_size(a); i++) {
    if (d == JAXC_F64) ((double *)jaxc_array_data(a))[i] = v;
    else ((float *)jaxc_array_data(a))[i] = (float)v;
  }
  return a;
}
static void test_edges(void) {
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){5}, (int32_t[]){0, 1, 2, 3, 4}), *w9 = jaxc_weak_int(9);
  jaxc_array *five = jaxc_scalar(JAXC_I32, 5, 0);
  CHECK_FAILS(jaxc_delete(x, five, 0, false), "axis 5 is out of bounds for array of dimension 5");
  /* assume_unique with repeats: s - arange wraps, and a uint64's wrap is huge, an int8's negative:
     u64 [0, 0] -> s - k = [0, 2^64 - 1], only the 0 counts: [1, 2, 3]; int8 [0, 0, 0] -> [0, -1, -2],
     all count: [3, 4]; uint8 [0, 0, 0] -> [0, 255, 254]: [1, 2] */
  jaxc_set_x64(true);
  jaxc_array *u0 = jaxc_array_from_data(JAXC_U64, 1, (int64_t[]){2}, (uint64_t[]){0, 0});
  expect_i32(jaxc_delete(x, u0, 0, true), 3, (int32_t[]){1, 2, 3}, "delete(x, u64[0, 0], assume_unique)");
  jaxc_array *i0 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){0, 0, 0});
  expect_i32(jaxc_delete(x, i0, 0, true), 2, (int32_t[]){3, 4}, "delete(x, i8[0, 0, 0], assume_unique)");
  jaxc_array *b0 = jaxc_array_from_data(JAXC_U8, 1, (int64_t[]){3}, (uint8_t[]){0, 0, 0});
  expect_i32(jaxc_delete(x, b0, 0, true), 2, (int32_t[]){1, 2}, "delete(x, u8[0, 0, 0], assume_unique)");
  /* a uint64 past 2^63 clips to n; a Python int past int32 is fine with x64 */
  jaxc_array *ub = jaxc_array_from_data(JAXC_U64, 1, (int64_t[]){1}, (uint64_t[]){UINT64_MAX});
  expect_i32(jaxc_insert(x, ub, w9, 0), 6, (int32_t[]){0, 1, 2, 3, 4, 9}, "insert(x, u64[2^64 - 1], 9)");
  expect_i32(jaxc_insert_slice(x, JAXC_I(INT64_C(3000000000)), w9, 0), 6, (int32_t[]){0, 1, 2, 3, 4, 9}, "insert(x, 3e9, 9), x64");
  jaxc_set_x64(false);
  /* int8 positions [127, 127] into arange(127): the second value's 128 wraps to -128, slot 1 */
  int32_t a127[127], want[129];
  for (int i = 0; i < 127; i++) a127[i] = i;
  want[0] = 0, want[1] = -2, want[127] = -1, want[128] = 126;
  for (int i = 2; i < 127; i++) want[i] = i - 1;
  jaxc_array *A = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){127}, a127);
  jaxc_array *p8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){2}, (int8_t[]){127, 127});
  jaxc_array *v2 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){-1, -2});
  expect_i32(jaxc_insert(A, p8, v2, 0), 129, want, "insert(arange(127), i8[127, 127], [-1, -2])");
  /* the threaded value pass: (3000, 10) float64, 100 values at columns 5, 6, 7 */
  jaxc_set_x64(true);
  jaxc_array *B = filled(JAXC_F64, 2, (int64_t[]){3000, 10}, 0), *V = filled(JAXC_F64, 2, (int64_t[]){3000, 100}, 0);
  double *vd = (double *)jaxc_array_data(V);
  for (int64_t i = 0; i < 3000 * 100; i++) vd[i] = (double)(i + 1);
  int32_t pos[100];
  for (int k = 0; k < 100; k++) pos[k] = 5 + k % 3;
  jaxc_array *P = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){100}, pos), *r = jaxc_insert(B, P, V, 1);
  bool ok = r && jaxc_array_shape(r)[1] == 110;
  for (int64_t o = 0; ok && o < 3000; o++) {
    const double *d = (const double *)jaxc_array_data(r) + o * 110;
    int64_t c = 5;
    for (int q = 5; q <= 7; q++) {
      for (int k = 0; k < 100; k++)
        if (5 + k % 3 == q) ok = ok && d[c++] == vd[o * 100 + k];
      ok = ok && d[c++] == 0;
    }
  }
  CHECK_MSG(ok, "threaded insert, (3000, 10) float64, 100 values along axis 1");
  jaxc_array_free(r);
  jaxc_set_x64(false);
  /* holes left as zeros on a 2-d axis (units of 3): uint8 positions [0 x 10, 250 x 10] into ones
     (250, 3) wrap to 4 .. 13, so rows 264 .. 269 get nothing; freed junk first so a skipped fill shows */
  jaxc_array *C = filled(JAXC_F32, 2, (int64_t[]){250, 3}, 1), *CV = filled(JAXC_F32, 2, (int64_t[]){20, 3}, 1);
  uint8_t pu[20];
  for (int k = 0; k < 20; k++) pu[k] = k < 10 ? 0 : 250;
  jaxc_array *PU = jaxc_array_from_data(JAXC_U8, 1, (int64_t[]){20}, pu);
  for (int rep = 0; rep < 5; rep++) {
    jaxc_array *junk = filled(JAXC_F32, 2, (int64_t[]){270, 3}, 7);
    jaxc_array_free(junk);
    r = jaxc_insert(C, PU, CV, 0);
    ok = r && jaxc_array_shape(r)[0] == 270;
    for (int i = 0; ok && i < 270 * 3; i++) ok = ((const float *)jaxc_array_data(r))[i] == (i >= 264 * 3 ? 0.0f : 1.0f);
    CHECK_MSG(ok, "2-d wrapped insert: rows 264 .. 269 zero, the rest one");
    jaxc_array_free(r);
  }
  /* a 0-d array with axis=None is raveled first: delete(int32(5), 0) is [], insert(int32(5), 0, 7)
     [7, 5]; with an axis it has none */
  jaxc_array *s5 = jaxc_scalar(JAXC_I32, 5, 0), *w7 = jaxc_weak_int(7), *z0 = jaxc_scalar(JAXC_I32, 0, 0);
  r = jaxc_delete(s5, z0, JAXC_ALL_AXES, false);
  CHECK(r && jaxc_array_ndim(r) == 1 && jaxc_array_size(r) == 0 && jaxc_array_dtype(r) == JAXC_I32);
  jaxc_array_free(r);
  expect_i32(jaxc_insert(s5, z0, w7, JAXC_ALL_AXES), 2, (int32_t[]){7, 5}, "insert(int32(5), 0, 7)");
  CHECK_FAILS(jaxc_insert(s5, z0, w7, 0), "axis 0 is out of bounds for array of dimension 0");
  jaxc_array_free(s5), jaxc_array_free(w7), jaxc_array_free(z0);
  /* a float64 array made while x64 was on keeps its dtype when x64 is off: values converted to it */
  jaxc_set_x64(true);
  jaxc_array *d64 = jaxc_array_zeros(JAXC_F64, 2, (int64_t[]){2, 40});
  jaxc_set_x64(false);
  jaxc_array *f3 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){40}, (float[40]){1.5f, 2.25f, -3.0f});
  r = jaxc_insert_slice(d64, JAXC_I(1), f3, 0);
  ok = r && jaxc_array_dtype(r) == JAXC_F64 && jaxc_array_shape(r)[0] == 3;
  for (int i = 0; ok && i < 120; i++)
    ok = ((const double *)jaxc_array_data(r))[i] == (i == 40 ? 1.5 : i == 41 ? 2.25 : i == 42 ? -3.0 : 0.0);
  CHECK_MSG(ok, "insert into a float64 array with x64 off");
  jaxc_array_free(r);
  /* 200000 repeated zeros under assume_unique: s - k = -k, every one counts, so a[m:] (a sort, not
     an insertion sort: the fuzzer's 400k took 56 s) */
  int64_t nz = 300000, mz = 200000;
  jaxc_array *big = random_bytes_array(JAXC_I32, 1, &nz), *zs = jaxc_array_zeros(JAXC_I32, 1, &mz);
  r = jaxc_delete(big, zs, 0, true);
  CHECK(r && jaxc_array_size(r) == nz - mz && memcmp(jaxc_array_data(r), elem(big, mz), (size_t)(nz - mz) * 4) == 0);
  jaxc_array_free(r);
  jaxc_array *list[] = {x, w9, five, u0, i0, b0, ub, A, p8, v2, B, V, P, C, CV, PU, d64, f3, big, zs};
  for (size_t k = 0; k < sizeof list / sizeof list[0]; k++) jaxc_array_free(list[k]);
}

/* ---- errors, in JAX's words ---------------------------------------------------------------- */
static void test_errors(void) {
  jaxc_array *a = random_bytes_array(JAXC_F32, 2, (int64_t[]){2, 5}), *s = jaxc_weak_float(1.0);
  jaxc_array *i7 = jaxc_scalar(JAXC_I32, 7, 0), *m9 = jaxc_scalar(JAXC_I32, -9, 0);
  jaxc_array *f = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){1}, (float[]){1});
  jaxc_array *pos = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){1, 5});
  jaxc_array *pos2 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){1, 2}, (int32_t[]){1, 2});
  jaxc_array *bm = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){4}, (bool[]){1, 0, 1, 0});
  CHECK_FAILS(jaxc_delete(a, i7, 1, false), "axis 7 is out of bounds for array of dimension 5");
  jaxc_array *m11 = jaxc_scalar(JAXC_I32, -11, 0);
  CHECK_FAILS(jaxc_delete(a, m11, JAXC_ALL_AXES, false), "axis -11 is out of bounds for array of dimension 10");
  jaxc_array_free(m11);
  CHECK_FAILS(jaxc_delete(a, m9, 1, true), "axis -9 is out of bounds for array of dimension 5");
  CHECK_FAILS(jaxc_delete_slice(a, JAXC_I(5), 1), "axis 5 is out of bounds for array of dimension 5");
  CHECK_FAILS(jaxc_delete(a, i7, 2, false), "axis 2 is out of bounds for array of dimension 2");
  CHECK_FAILS(jaxc_delete(s, i7, 0, false), "axis 0 is out of bounds for array of dimension 0");
  CHECK_FAILS(jaxc_delete(a, f, 1, false), "np.delete(arr, obj): got obj.dtype=float32; must be integer or bool.");
  CHECK_FAILS(jaxc_delete(a, pos, 1, false), "index 5 is out of bounds for axis 0 with size 5");
  CHECK_FAILS(jaxc_delete(a, bm, 1, false),
              "np.delete(arr, obj): for boolean indices, obj must be one-dimensional with length matching specified axis.");
  CHECK_FAILS(jaxc_delete_slice(a, JAXC_S(0, 2, 0), 1), "slice step cannot be zero");
  CHECK_FAILS(jaxc_delete(NULL, pos, 0, false), "delete: an operand is NULL");
  CHECK_FAILS(jaxc_delete(a, NULL, 0, false), "delete: an operand is NULL");
  CHECK_FAILS(jaxc_insert(a, pos2, s, 1), "jnp.insert(): obj must be a slice, a one-dimensional array, or a scalar; got int32[1,2]");
  CHECK_FAILS(jaxc_insert(a, f, s, 1), "jnp.insert(): index array must be integer typed; got float32[1]");
  CHECK_FAILS(jaxc_insert(a, bm, s, 1), "jnp.insert(): index array must be integer typed; got bool[4]");
  jaxc_array *v3 = random_bytes_array(JAXC_F32, 1, (int64_t[]){3});
  CHECK_FAILS(jaxc_insert(a, pos, v3, 1), "Incompatible shapes for broadcasting: shapes=[(2,), (3,)]");
  jaxc_array *v23 = random_bytes_array(JAXC_F32, 2, (int64_t[]){2, 3});
  CHECK_FAILS(jaxc_insert(a, pos, v23, 0), "Incompatible types for broadcasting: input type=float32[2,3] and requested type=float32[2,5]");
  jaxc_array *v3d = random_bytes_array(JAXC_F32, 3, (int64_t[]){1, 2, 2});
  CHECK_FAILS(jaxc_insert(a, pos, v3d, 1), "Cannot broadcast to shape with fewer dimensions: arr_shape=(1, 2, 2) shape=(2, 2)");
  jaxc_array *big = random_bytes_array(JAXC_U8, 1, (int64_t[]){200});
  jaxc_array *p8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){1}, (int8_t[]){3});
  CHECK_FAILS(jaxc_insert(big, p8, s, 0), "Python int 200 too large to convert to int8");
  CHECK_FAILS(jaxc_delete(big, p8, 0, true), "Python int 200 too large to convert to int8");
  jaxc_array *r = jaxc_delete(big, p8, 0, false); /* the static path has no arithmetic */
  CHECK(r && jaxc_array_size(r) == 199);
  jaxc_array_free(r);
  CHECK_FAILS(jaxc_insert_slice(big, JAXC_I(INT64_C(3000000000)), s, 0), "Python int 3000000000 too large to convert to int32");
  CHECK_FAILS(jaxc_insert(a, pos, NULL, 0), "insert: an operand is NULL");
  CHECK_FAILS(jaxc_insert_slice(NULL, JAXC_I(0), s, 0), "insert: an operand is NULL");
  CHECK_FAILS(jaxc_append(a, NULL, 0), "append: an operand is NULL");
  /* an empty scatter looks at nothing: values that could not broadcast are not an error */
  jaxc_array *e = random_bytes_array(JAXC_F32, 2, (int64_t[]){0, 3}), *v72 = random_bytes_array(JAXC_F32, 2, (int64_t[]){7, 2});
  r = jaxc_insert(e, pos, v72, 1);
  CHECK(r && jaxc_array_ndim(r) == 2 && jaxc_array_shape(r)[0] == 0 && jaxc_array_shape(r)[1] == 5);
  jaxc_array_free(r);
  jaxc_array *list[] = {a, s, i7, m9, f, pos, pos2, bm, v3, v23, v3d, big, p8, e, v72};
  for (size_t k = 0; k < sizeof list / sizeof list[0]; k++) jaxc_array_free(list[k]);
}

int main(void) {
  test_examples();
  test_errors();
  test_edges();
  test_delete_sweep();
  test_insert_sweep();
  test_arithmetic();
  test_big();
  printf("delete checks %ld, insert checks %ld, assume_unique garbage %ld, wrapped inserts %ld\n", n_delete, n_insert,
         n_unique_garbage, n_insert_wrap);
  return check_summary("test_delete_insert");
}
