/* test_grid.c — atleast_1d/2d/3d, hstack/vstack/dstack/column_stack, broadcast_arrays, meshgrid,
   indices, tril/triu/diag indices, fill_diagonal, trapezoid, cross and vander.
   References written here, not from the library:
     - shapes from JAX's definitions (array(x, ndmin=n) puts 1s in front; atleast_3d's
       expand_dims at (0, 1, 2), (0, 2), (2,); column_stack's atleast_2d(x).T), restated below;
     - every output element found from its coordinates: the operand it comes from and the place
       in it, its bytes compared with the operand's converted by jaxc_astype (XLA's conversion,
       tested bit for bit in test_cast), so that only the placing is under test here;
     - result dtypes and weak flags of the stacks replayed on JAX's golden promotion table
       (tests/data, JAX 0.11.2) in all four modes;
     - brute force: the (i, j) pairs of every n x m matrix with j - i <= k (>= k) for n, m < 8 and
       k in -9..9, and JAX's own definition nonzero(tril(ones((n, m)), k)) on jaxc's ops;
     - trapezoid in long double, lane by lane, from the promoted values; cross and vander exact on
       small integers (every intermediate is exact in every dtype), floats against long double;
     - JAX facts: the docstrings' examples (trapezoid 13.0 and 43.0, meshgrid's shapes) and JAX's
       messages;
     - properties: inputs unchanged, out[] all NULL after an error. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8];
static const jaxc_dtype concrete[] = {JAXC_BOOL, JAXC_U8,  JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8,  JAXC_I16, JAXC_I32,
                                      JAXC_I64,  JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
#define NCONCRETE ((int)(sizeof concrete / sizeof concrete[0]))

static const unsigned char *elem(const jaxc_array *a, int64_t i) {
  return (const unsigned char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(jaxc_array_dtype(a));
}
static int64_t rnd_dim(int hi) { return (int64_t)(rnd64() % (uint64_t)(hi + 1)); }
static jaxc_dtype rnd_dtype(void) { return concrete[rnd64() % NCONCRETE]; }
static bool same_shape(const jaxc_array *a, int nd, const int64_t *s) {
  if (!a || jaxc_array_ndim(a) != nd) return false;
  for (int k = 0; k < nd; k++)
    if (jaxc_array_shape(a)[k] != s[k]) return false;
  return true;
}
static double value_of(const jaxc_array *a, int64_t i) {
  ordval v = decode(jaxc_array_dtype(a), elem(a, i));
  return v.cls == 0 ? (double)v.u : v.cls == 1 ? (double)v.i : v.re;
}
/* a weak 1-D array of n copies of a Python scalar of node w (reshape keeps the weak flag) */
static jaxc_array *weak_vector(jaxc_dtype w, int64_t n, double v) {
  jaxc_array *s = w == JAXC_WEAK_INT ? jaxc_weak_int((int64_t)v) : w == JAXC_WEAK_FLOAT ? jaxc_weak_float(v) : jaxc_weak_complex(v, 0.5);
  jaxc_array *one = jaxc_reshape(s, 1, (int64_t[]){1});
  jaxc_array *r = jaxc_broadcast_to(one, 1, &n);
  jaxc_array_free(s);
  jaxc_array_free(one);
  return r;
}

/* ---- atleast_nd and the stacks ------------------------------------------------------------------ */
enum { V1D = 1, V2D, V3D, VCOL };
/* the shape each function gives a (JAX's definitions) */
static int view_of(int kind, int r, const int64_t *d, int64_t *s) {
  if (kind == V1D && r == 0) { s[0] = 1; return 1; }
  if (kind == V2D && r == 0) { s[0] = s[1] = 1; return 2; }
  if (kind == V2D && r == 1) { s[0] = 1, s[1] = d[0]; return 2; }
  if (kind == VCOL && r == 0) { s[0] = s[1] = 1; return 2; }
  if (kind == VCOL && r == 1) { s[0] = d[0], s[1] = 1; return 2; }
  if (kind == V3D && r == 0) { s[0] = s[1] = s[2] = 1; return 3; }
  if (kind == V3D && r == 1) { s[0] = 1, s[1] = d[0], s[2] = 1; return 3; }
  if (kind == V3D && r == 2) { s[0] = d[0], s[1] = d[1], s[2] = 1; return 3; }
  for (int k = 0; k < r; k++) s[k] = d[k];
  return r;
}

static void test_atleast(void) {
  jaxc_array *(*const fn[3])(const jaxc_array *) = {jaxc_atleast_1d, jaxc_atleast_2d, jaxc_atleast_3d};
  for (int it = 0; it < 300; it++) {
    int r = (int)rnd_dim(4);
    int64_t d[4], s[8];
    for (int k = 0; k < r; k++) d[k] = rnd_dim(3);
    jaxc_array *a = it % 7 == 0 ? weak_vector(JAXC_WEAK_FLOAT, r ? d[0] : 1, 1.5) : random_bytes_array(rnd_dtype(), r, d);
    if (it % 7 == 0) r = 1, d[0] = jaxc_array_shape(a)[0];
    uint64_t before = checksum(a);
    for (int f = 0; f < 3; f++) {
      jaxc_array *o = fn[f](a);
      int nd = view_of(f + 1, r, d, s);
      CHECK_MSG(same_shape(o, nd, s), "atleast_%dd of rank %d: shape", f + 1, r);
      if (!o) continue;
      CHECK(jaxc_array_dtype(o) == jaxc_array_dtype(a) && jaxc_array_is_weak(o) == jaxc_array_is_weak(a));
      CHECK(memcmp(jaxc_array_data(o), jaxc_array_data(a), (size_t)jaxc_array_size(a) * jaxc_dtype_size(jaxc_array_dtype(a))) == 0);
      jaxc_array_free(o);
    }
    CHECK(checksum(a) == before);
    jaxc_array_free(a);
  }
  CHECK_FAILS(jaxc_atleast_2d(NULL), "atleast_2d: the array is NULL");
}

typedef enum { F_H, F_V, F_D, F_COL } stack_fn;
static const char *const stack_name[] = {"hstack", "vstack", "dstack", "column_stack"};
static jaxc_array *call_stack(stack_fn f, int n, const jaxc_array *const *x, jaxc_dtype dtype) {
  switch (f) {
  case F_H: return jaxc_hstack(n, x, dtype);
  case F_V: return jaxc_vstack(n, x, dtype);
  case F_D: return jaxc_dstack(n, x, dtype);
  default: return jaxc_column_stack(n, x);
  }
}
static int kind_of(stack_fn f) { return f == F_H ? V1D : f == F_V ? V2D : f == F_D ? V3D : VCOL; }

/* r against the reference: the views' shapes, their concatenation along the function's axis
   (or the failure where they do not fit), each element from its operand */
static void check_stack(stack_fn f, int n, const jaxc_array *const *x, const jaxc_array *r, jaxc_dtype want_dt, const char *what) {
  int64_t vs[8][8], out[8];
  int vr[8];
  for (int j = 0; j < n; j++) vr[j] = view_of(kind_of(f), jaxc_array_ndim(x[j]), jaxc_array_shape(x[j]), vs[j]);
  int ax = f == F_H ? (vr[0] == 1 ? 0 : 1) : f == F_V ? 0 : f == F_D ? 2 : 1;
  bool fits = ax < vr[0];
  for (int j = 1; j < n; j++) {
    fits = fits && vr[j] == vr[0];
    for (int k = 0; k < vr[0] && fits; k++) fits = k == ax || vs[j][k] == vs[0][k];
  }
  if (!fits) {
    CHECK_MSG(r == NULL && jaxc_last_status() == JAXC_ERR_SHAPE, "%s: should fail (%s)", what, jaxc_last_error());
    return;
  }
  for (int k = 0; k < vr[0]; k++) out[k] = vs[0][k];
  out[ax] = 0;
  for (int j = 0; j < n; j++) out[ax] += vs[j][ax];
  CHECK_MSG(same_shape(r, vr[0], out), "%s: shape", what);
  if (!same_shape(r, vr[0], out)) return;
  if (want_dt != JAXC_DTYPE_INVALID) CHECK_MSG(jaxc_array_dtype(r) == want_dt, "%s: dtype %s", what, jaxc_dtype_name(jaxc_array_dtype(r)));
  jaxc_array *conv[8];
  for (int j = 0; j < n; j++) conv[j] = jaxc_astype(x[j], jaxc_array_dtype(r));
  size_t es = jaxc_dtype_size(jaxc_array_dtype(r));
  long bad = 0;
  for (int64_t t = 0; t < jaxc_array_size(r); t++) {
    int64_t c[8];
    coords_of(t, vr[0], out, c);
    int j = 0;
    while (c[ax] >= vs[j][ax]) c[ax] -= vs[j][ax], j++;
    if (memcmp(elem(r, t), elem(conv[j], flat_of(vr[0], vs[j], c)), es) != 0) bad++;
  }
  CHECK_MSG(bad == 0, "%s: %ld elements differ", what, bad);
  for (int j = 0; j < n; j++) jaxc_array_free(conv[j]);
}

/* an original shape whose view is w (rank v): w itself or a lower rank the view rebuilds */
static int origin_of(int kind, int v, const int64_t *w, int64_t *o) {
  int64_t cand[4][8];
  int cr[4], nc = 0;
  for (int r = 0; r <= v; r++) {
    int64_t d[8], s[8];
    for (int k = 0; k < r; k++) d[k] = 0;
    /* the lower-rank shapes a view can come from: the dims of w it keeps */
    if (r == v) memcpy(d, w, sizeof(int64_t) * (size_t)v);
    else if (kind == V2D && v == 2) { if (r == 1) d[0] = w[1]; }
    else if (kind == VCOL && v == 2) { if (r == 1) d[0] = w[0]; }
    else if (kind == V3D && v == 3) { if (r == 2) d[0] = w[0], d[1] = w[1]; if (r == 1) d[0] = w[1]; }
    int nd = view_of(kind, r, d, s);
    bool eq = nd == v;
    for (int k = 0; k < v && eq; k++) eq = s[k] == w[k];
    if (eq) memcpy(cand[nc], d, sizeof d), cr[nc++] = r;
  }
  int pick = (int)(rnd64() % (uint64_t)nc);
  memcpy(o, cand[pick], sizeof(int64_t) * 8);
  return cr[pick];
}

static void test_stacks_random(void) {
  for (int it = 0; it < 1500; it++) {
    stack_fn f = (stack_fn)(it % 4);
    int kind = kind_of(f), minr = kind == V1D ? 1 : kind == V3D ? 3 : 2;
    int v = minr + (int)rnd_dim(1), n = 1 + (int)rnd_dim(3);
    int ax = f == F_H ? (v == 1 ? 0 : 1) : f == F_V ? 0 : f == F_D ? 2 : 1;
    int64_t w[8];
    for (int k = 0; k < v; k++) w[k] = rnd64() % 3 ? 1 + rnd_dim(2) : rnd_dim(1);
    jaxc_array *x[4];
    for (int j = 0; j < n; j++) {
      int64_t wj[8], o[8];
      memcpy(wj, w, sizeof wj);
      wj[ax] = rnd_dim(3);
      if (rnd64() % 12 == 0) wj[(ax + 1) % v] += 1; /* (sometimes a misfit) */
      int r = origin_of(kind, v, wj, o);
      if (rnd64() % 15 == 0 && r > 0) r--; /* (a rank that may not fit) */
      x[j] = random_bytes_array(rnd_dtype(), r, o);
    }
    uint64_t sum[4];
    for (int j = 0; j < n; j++) sum[j] = checksum(x[j]);
    jaxc_dtype dtype = rnd64() % 4 ? JAXC_DTYPE_NONE : rnd_dtype();
    if (f == F_COL) dtype = JAXC_DTYPE_NONE;
    jaxc_array *r = call_stack(f, n, (const jaxc_array *const *)x, dtype);
    char what[80];
    snprintf(what, sizeof what, "%s #%d (%d arrays, dtype %s)", stack_name[f], it, n, dtype == JAXC_DTYPE_NONE ? "None" : jaxc_dtype_name(dtype));
    jaxc_dtype want = dtype == JAXC_DTYPE_NONE ? JAXC_DTYPE_INVALID : jaxc_storage_dtype(dtype, jaxc_x64());
    check_stack(f, n, (const jaxc_array *const *)x, r, want, what);
    if (r && dtype != JAXC_DTYPE_NONE) CHECK_MSG(!jaxc_array_is_weak(r), "%s: strong", what);
    for (int j = 0; j < n; j++) {
      CHECK(checksum(x[j]) == sum[j]);
      jaxc_array_free(x[j]);
    }
    jaxc_array_free(r);
  }
}

/* hstack/vstack of every pair of lattice nodes: promote_dtypes' result, as JAX's golden table */
static void test_stack_dtypes(void) {
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int a = 0; a < JAXC_NUM_DTYPES; a++)
      for (int b = 0; b < JAXC_NUM_DTYPES; b++) {
        int64_t two = 2;
        jaxc_array *xa = JAXC_DTYPE_IS_WEAK(a) ? weak_node_scalar((jaxc_dtype)a, false) : small_random_array((jaxc_dtype)a, 1, &two);
        jaxc_array *xb = JAXC_DTYPE_IS_WEAK(b) ? weak_node_scalar((jaxc_dtype)b, true) : small_random_array((jaxc_dtype)b, 1, &two);
        const jaxc_array *x[2] = {xa, xb};
        char what[96];
        stack_fn f = JAXC_DTYPE_IS_WEAK(a) || JAXC_DTYPE_IS_WEAK(b) || (a + b) % 2 ? F_H : F_V; /* (vstack: (1, 2) and (1, 1) do not fit) */
        snprintf(what, sizeof what, "%s(%s, %s) %s x64=%d", stack_name[f], jaxc_dtype_name((jaxc_dtype)a),
                 jaxc_dtype_name((jaxc_dtype)b), strict ? "strict" : "standard", x64);
        jaxc_array *r = call_stack(f, 2, x, JAXC_DTYPE_NONE);
        if (golden_result_ok(golden[strict][x64][a][b], r, what)) check_stack(f, 2, x, r, JAXC_DTYPE_INVALID, what);
        /* jnp.result_type of the same operands (and of them with the first again: a join is
           idempotent) */
        bool rw = false, gw, rw3 = false;
        const jaxc_array *x3[3] = {xa, xb, xa};
        jaxc_dtype rt = jaxc_result_type(2, x, &rw), rt3 = jaxc_result_type(3, x3, &rw3);
        if (golden[strict][x64][a][b][0] == '-')
          CHECK_MSG(rt == JAXC_DTYPE_INVALID && jaxc_last_status() == JAXC_ERR_PROMOTION && rt3 == JAXC_DTYPE_INVALID, "result_type %s", what);
        else
          CHECK_MSG(rt == golden_cell(golden[strict][x64][a][b], &gw) && rw == gw && rt3 == rt && rw3 == rw, "result_type %s: %s", what,
                    jaxc_dtype_name(rt));
        jaxc_array_free(r);
        /* a dtype given: every operand converted to it, no promotion (strict mode too) */
        r = call_stack(f, 2, x, JAXC_F32);
        CHECK_MSG(r && jaxc_array_dtype(r) == JAXC_F32 && !jaxc_array_is_weak(r), "%s dtype=float32", what);
        if (r) check_stack(f, 2, x, r, JAXC_F32, what);
        jaxc_array_free(r);
        jaxc_array_free(xa);
        jaxc_array_free(xb);
      }
  }
  jaxc_set_x64(false);
  jaxc_set_promotion(JAXC_RULES_JAX);
  /* one operand: its own dtype as arrays hold it; none: JAX's error */
  jaxc_array *wf = jaxc_weak_float(0.5);
  const jaxc_array *one[1] = {wf};
  bool w = false;
  CHECK(jaxc_result_type(1, one, &w) == JAXC_F32 && w);
  jaxc_set_x64(true);
  CHECK(jaxc_result_type(1, one, &w) == JAXC_F64 && w);
  jaxc_set_x64(false);
  CHECK(jaxc_result_type(0, one, &w) == JAXC_DTYPE_INVALID && !strcmp(jaxc_last_error(), "at least one array or dtype is required"));
  jaxc_array_free(wf);
}

static void test_stack_facts(void) {
  /* jnp.hstack([1, 2], [3]) -> [1 2 3]; vstack gives (2, 2) rows; dstack (1, 2, 2) */
  int32_t a3[3] = {1, 2, 3}, b3[3] = {4, 5, 6};
  jaxc_array *a = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, a3), *b = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, b3);
  const jaxc_array *ab[2] = {a, b};
  jaxc_array *r = jaxc_hstack(2, ab, JAXC_DTYPE_NONE);
  expect_print(r, "Array([1, 2, 3, 4, 5, 6], dtype=int32)", "hstack");
  r = jaxc_vstack(2, ab, JAXC_DTYPE_NONE);
  expect_print(r, "Array([[1, 2, 3],\n       [4, 5, 6]], dtype=int32)", "vstack");
  r = jaxc_dstack(2, ab, JAXC_DTYPE_NONE);
  CHECK(same_shape(r, 3, (int64_t[]){1, 3, 2}));
  expect_print(r, "Array([[[1, 4],\n        [2, 5],\n        [3, 6]]], dtype=int32)", "dstack");
  r = jaxc_column_stack(2, ab);
  expect_print(r, "Array([[1, 4],\n       [2, 5],\n       [3, 6]], dtype=int32)", "column_stack");
  r = jaxc_hstack(2, ab, JAXC_I64); /* x64 off: int64 narrows to int32, as asarray(x, int64) does */
  CHECK(r && jaxc_array_dtype(r) == JAXC_I32);
  jaxc_array_free(r);
  /* a weak scalar and a weak one: a weak result; dtype=float: float32 */
  jaxc_array *w1 = jaxc_weak_int(7), *w2 = jaxc_weak_float(0.5);
  const jaxc_array *ww[2] = {w1, w2};
  r = jaxc_hstack(2, ww, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_is_weak(r) && jaxc_array_size(r) == 2);
  jaxc_array_free(r);
  r = jaxc_vstack(2, ww, JAXC_WEAK_FLOAT);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && !jaxc_array_is_weak(r) && same_shape(r, 2, (int64_t[]){2, 1}));
  jaxc_array_free(r);
  /* errors, in JAX's words */
  jaxc_array *m = jaxc_array_zeros(JAXC_I32, 2, (int64_t[]){2, 2});
  const jaxc_array *am[2] = {a, m};
  CHECK_FAILS(jaxc_hstack(2, am, JAXC_DTYPE_NONE), "Cannot concatenate arrays with different numbers of dimensions: got (3,), (2, 2).");
  CHECK_FAILS(jaxc_vstack(2, am, JAXC_DTYPE_NONE),
              "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated: "
              "concatenating along dimension 0 for shapes (1, 3), (2, 2).");
  CHECK_FAILS(jaxc_vstack(0, am, JAXC_DTYPE_NONE), "Need at least one array to concatenate.");
  CHECK_FAILS(jaxc_column_stack(-1, am), "column_stack: negative array count -1");
  const jaxc_array *an[2] = {a, NULL};
  CHECK_FAILS(jaxc_dstack(2, an, JAXC_DTYPE_NONE), "dstack: array 1 is NULL");
  CHECK_FAILS(jaxc_hstack(2, ab, (jaxc_dtype)99), "invalid dtype 99");
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(m), jaxc_array_free(w1), jaxc_array_free(w2);
}

/* ---- broadcast_arrays ---------------------------------------------------------------------------- */
static void test_broadcast_arrays(void) {
  for (int it = 0; it < 300; it++) {
    int nd = (int)rnd_dim(4), n = (int)rnd_dim(4);
    int64_t full[4], s[4][4];
    int r[4];
    jaxc_array *x[4], *out[4];
    for (int k = 0; k < nd; k++) full[k] = rnd_dim(3);
    bool bad = false;
    for (int j = 0; j < n; j++) {
      r[j] = (int)rnd_dim(nd);
      for (int k = 0; k < r[j]; k++) s[j][k] = rnd64() % 3 == 0 ? 1 : full[nd - r[j] + k];
      if (rnd64() % 20 == 0 && r[j] && full[nd - r[j]] > 1) s[j][0] = full[nd - r[j]] + 1, bad = true;
      x[j] = random_bytes_array(rnd_dtype(), r[j], s[j]);
    }
    int st = jaxc_broadcast_arrays(n, (const jaxc_array *const *)x, out);
    /* the common shape from the operands (a dim of 1 everywhere stays 1) */
    int64_t want[4];
    int wn = 0;
    for (int j = 0; j < n; j++) wn = r[j] > wn ? r[j] : wn;
    bool fits = true;
    for (int k = 0; k < wn; k++) {
      want[k] = 1;
      for (int j = 0; j < n; j++) {
        int off = wn - r[j];
        int64_t d = k < off ? 1 : s[j][k - off];
        if (d != 1 && want[k] != 1 && d != want[k]) fits = false;
        if (d != 1) want[k] = d;
      }
    }
    CHECK_MSG((st == JAXC_OK) == fits, "broadcast_arrays #%d: status %d, fits %d", it, st, fits);
    (void)bad;
    /* jnp.broadcast_shapes of the same shapes: the same answer, without arrays */
    const int64_t *sp[4] = {s[0], s[1], s[2], s[3]};
    int gn = -1;
    int64_t got[JAXC_MAX_NDIM];
    int st2 = jaxc_broadcast_shapes(n, r, sp, &gn, got);
    CHECK_MSG(st2 == st, "broadcast_shapes #%d: status %d vs broadcast_arrays' %d", it, st2, st);
    if (fits) CHECK_MSG(gn == wn && memcmp(got, want, sizeof(int64_t) * (size_t)wn) == 0, "broadcast_shapes #%d: shape", it);
    else CHECK(strncmp(jaxc_last_error(), "Incompatible shapes for broadcasting: shapes=[", 46) == 0);
    for (int j = 0; j < n; j++) {
      if (!fits) { CHECK(out[j] == NULL); continue; }
      CHECK(same_shape(out[j], wn, want) && jaxc_array_dtype(out[j]) == jaxc_array_dtype(x[j]));
      long diff = 0;
      size_t es = jaxc_dtype_size(jaxc_array_dtype(x[j]));
      for (int64_t t = 0; out[j] && t < jaxc_array_size(out[j]); t++) {
        int64_t c[4], src = 0;
        coords_of(t, wn, want, c);
        for (int k = 0; k < r[j]; k++) src = src * s[j][k] + (s[j][k] == 1 ? 0 : c[wn - r[j] + k]);
        diff += memcmp(elem(out[j], t), elem(x[j], src), es) != 0;
      }
      CHECK_MSG(diff == 0, "broadcast_arrays #%d operand %d: %ld differ", it, j, diff);
      jaxc_array_free(out[j]);
    }
    for (int j = 0; j < n; j++) jaxc_array_free(x[j]);
  }
  jaxc_array *a = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3}), *b = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4});
  jaxc_array *w = jaxc_weak_int(3), *out[3] = {a, a, a};
  const jaxc_array *ab[3] = {a, w, b};
  CHECK(jaxc_broadcast_arrays(3, ab, out) == JAXC_ERR_SHAPE && !out[0] && !out[1] && !out[2]);
  CHECK_MSG(strcmp(jaxc_last_error(), "Incompatible shapes for broadcasting: shapes=[(3,), (), (4,)]") == 0, "%s", jaxc_last_error());
  /* jnp.broadcast_shapes((3,), (), (4,)): lax's message; no shapes: (); bad input */
  {
    int nd = -1;
    int64_t sh[JAXC_MAX_NDIM] = {7};
    const int64_t s3[] = {3}, s4[] = {4}, s21[] = {2, 1}, sneg[] = {2, -1};
    CHECK(jaxc_broadcast_shapes(3, (int[]){1, 0, 1}, (const int64_t *const[]){s3, NULL, s4}, &nd, sh) == JAXC_ERR_SHAPE);
    CHECK_MSG(strcmp(jaxc_last_error(), "Incompatible shapes for broadcasting: shapes=[(3,), (), (4,)]") == 0, "%s", jaxc_last_error());
    CHECK(nd == -1 && sh[0] == 7); /* nothing written on failure */
    CHECK(jaxc_broadcast_shapes(0, NULL, NULL, &nd, sh) == JAXC_OK && nd == 0);
    CHECK(jaxc_broadcast_shapes(2, (int[]){2, 1}, (const int64_t *const[]){s21, s3}, &nd, sh) == JAXC_OK && nd == 2 && sh[0] == 2 && sh[1] == 3);
    CHECK(jaxc_broadcast_shapes(1, (int[]){2}, (const int64_t *const[]){sneg}, &nd, sh) == JAXC_ERR_SHAPE);
    CHECK_MSG(strcmp(jaxc_last_error(), "broadcast_in_dim shape must have every element be nonnegative, got (2, -1).") == 0, "%s", jaxc_last_error());
    CHECK(jaxc_broadcast_shapes(-1, NULL, NULL, &nd, sh) == JAXC_ERR_ARG);
    CHECK(jaxc_broadcast_shapes(1, NULL, (const int64_t *const[]){s3}, &nd, sh) == JAXC_ERR_ARG);
    CHECK(jaxc_broadcast_shapes(1, (int[]){1}, (const int64_t *const[]){s3}, NULL, sh) == JAXC_ERR_ARG);
    CHECK(jaxc_broadcast_shapes(1, (int[]){1}, (const int64_t *const[]){s3}, &nd, NULL) == JAXC_ERR_ARG);
    CHECK(jaxc_broadcast_shapes(1, (int[]){1}, (const int64_t *const[]){NULL}, &nd, sh) == JAXC_ERR_ARG);
    CHECK(jaxc_broadcast_shapes(1, (int[]){JAXC_MAX_NDIM + 1}, (const int64_t *const[]){s3}, &nd, sh) == JAXC_ERR_ARG);
    CHECK(jaxc_broadcast_shapes(1, (int[]){-1}, (const int64_t *const[]){s3}, &nd, sh) == JAXC_ERR_ARG);
  }
  CHECK(jaxc_broadcast_arrays(2, ab, out) == JAXC_OK && jaxc_array_is_weak(out[1]) && same_shape(out[1], 1, (int64_t[]){3}));
  jaxc_array_free(out[0]), jaxc_array_free(out[1]);
  CHECK(jaxc_broadcast_arrays(0, ab, NULL) == JAXC_OK);
  CHECK(jaxc_broadcast_arrays(1, ab, NULL) == JAXC_ERR_ARG);
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(w);
}

/* ---- meshgrid, indices ----------------------------------------------------------------------------- */
static void test_meshgrid(void) {
  for (int it = 0; it < 400; it++) {
    int n = (int)rnd_dim(4);
    bool sparse = rnd64() % 2, xy = rnd64() % 2;
    jaxc_array *x[4], *out[4];
    int64_t len[4];
    for (int j = 0; j < n; j++) {
      len[j] = rnd_dim(4);
      x[j] = rnd64() % 6 ? random_bytes_array(rnd_dtype(), 1, &len[j]) : weak_vector(JAXC_WEAK_INT, len[j], 3);
    }
    int st = jaxc_meshgrid(n, (const jaxc_array *const *)x, sparse, xy ? (rnd64() % 2 ? "xy" : NULL) : "ij", out);
    CHECK(st == JAXC_OK);
    /* grid axis of argument j: j, but 0 and 1 trade places with "xy" */
    int64_t grid[4];
    for (int j = 0; j < n; j++) grid[xy && n >= 2 && j < 2 ? 1 - j : j] = len[j];
    for (int j = 0; j < n && st == JAXC_OK; j++) {
      int ax = xy && n >= 2 && j < 2 ? 1 - j : j;
      int64_t s[4];
      for (int k = 0; k < n; k++) s[k] = sparse && k != ax ? 1 : grid[k];
      CHECK_MSG(same_shape(out[j], n, s), "meshgrid #%d output %d: shape", it, j);
      CHECK(jaxc_array_dtype(out[j]) == jaxc_array_dtype(x[j]) && jaxc_array_is_weak(out[j]) == jaxc_array_is_weak(x[j]));
      long diff = 0;
      size_t es = jaxc_dtype_size(jaxc_array_dtype(x[j]));
      for (int64_t t = 0; t < jaxc_array_size(out[j]); t++) {
        int64_t c[4];
        coords_of(t, n, s, c);
        diff += memcmp(elem(out[j], t), elem(x[j], c[ax]), es) != 0;
      }
      CHECK_MSG(diff == 0, "meshgrid #%d output %d: %ld differ", it, j, diff);
      jaxc_array_free(out[j]);
    }
    for (int j = 0; j < n; j++) jaxc_array_free(x[j]);
  }
  /* the docstring: x (3,), y (2,): xy gives (2, 3) grids, ij (3, 2) */
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){1, 2, 3});
  jaxc_array *y = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){4, 5}), *out[2];
  const jaxc_array *xy[2] = {x, y};
  CHECK(jaxc_meshgrid(2, xy, false, "xy", out) == JAXC_OK);
  expect_print(out[0], "Array([[1, 2, 3],\n       [1, 2, 3]], dtype=int32)", "meshgrid xx");
  expect_print(out[1], "Array([[4, 4, 4],\n       [5, 5, 5]], dtype=int32)", "meshgrid yy");
  CHECK(jaxc_meshgrid(2, xy, true, "ij", out) == JAXC_OK);
  CHECK(same_shape(out[0], 2, (int64_t[]){3, 1}) && same_shape(out[1], 2, (int64_t[]){1, 2}));
  jaxc_array_free(out[0]), jaxc_array_free(out[1]);
  CHECK(jaxc_meshgrid(2, xy, false, "XY", out) == JAXC_ERR_ARG && !out[0] && !out[1]);
  CHECK(strcmp(jaxc_last_error(), "Valid values for indexing are 'xy' and 'ij', got XY") == 0);
  jaxc_array *m = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 2});
  const jaxc_array *xm[2] = {x, m};
  CHECK(jaxc_meshgrid(2, xm, false, NULL, out) == JAXC_ERR_SHAPE && !out[0] && !out[1]);
  CHECK_MSG(strcmp(jaxc_last_error(), "Arguments to jax.numpy.meshgrid must be 1D, got shapes [(3,), (2, 2)]") == 0, "%s", jaxc_last_error());
  CHECK(jaxc_meshgrid(0, xm, false, NULL, NULL) == JAXC_OK);
  jaxc_array_free(x), jaxc_array_free(y), jaxc_array_free(m);
}

static void test_indices(void) {
  static const jaxc_dtype dts[] = {JAXC_DTYPE_NONE, JAXC_I8, JAXC_U8, JAXC_I64, JAXC_F16, JAXC_BF16, JAXC_F32, JAXC_C64, JAXC_WEAK_FLOAT};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int it = 0; it < 200; it++) {
      int nd = (int)rnd_dim(4);
      int64_t d[4];
      for (int k = 0; k < nd; k++) d[k] = rnd_dim(4);
      jaxc_dtype dt = dts[rnd64() % (sizeof dts / sizeof dts[0])];
      jaxc_dtype want = dt == JAXC_DTYPE_NONE ? (x64 ? JAXC_I64 : JAXC_I32) : jaxc_storage_dtype(dt, x64);
      jaxc_array *r = jaxc_indices(nd, d, dt), *sp[4];
      int64_t s[5] = {nd};
      for (int k = 0; k < nd; k++) s[k + 1] = d[k];
      CHECK_MSG(nd ? same_shape(r, nd + 1, s) : same_shape(r, 1, (int64_t[]){0}), "indices #%d: shape", it);
      CHECK(r && jaxc_array_dtype(r) == want && !jaxc_array_is_weak(r));
      int64_t slab = nd ? jaxc_array_size(r) / nd : 0;
      long diff = 0;
      for (int64_t t = 0; r && t < jaxc_array_size(r); t++) {
        int64_t c[4];
        coords_of(t % slab, nd, d, c);
        diff += value_of(r, t) != (double)c[t / slab];
      }
      CHECK_MSG(diff == 0, "indices #%d: %ld values differ", it, diff);
      CHECK(jaxc_indices_sparse(nd, d, dt, sp) == JAXC_OK);
      for (int i = 0; i < nd; i++) {
        int64_t e[4];
        for (int k = 0; k < nd; k++) e[k] = k == i ? d[i] : 1;
        CHECK(same_shape(sp[i], nd, e) && jaxc_array_dtype(sp[i]) == want);
        for (int64_t t = 0; t < d[i]; t++) diff += value_of(sp[i], t) != (double)t;
        jaxc_array_free(sp[i]);
      }
      CHECK_MSG(diff == 0, "indices_sparse #%d: values differ", it);
      jaxc_array_free(r);
    }
  }
  jaxc_set_x64(false);
  CHECK_FAILS(jaxc_indices(2, (int64_t[]){2, 3}, JAXC_BOOL),
              "iota does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, complexfloating.");
  CHECK_FAILS(jaxc_indices(2, (int64_t[]){2, -1}, JAXC_DTYPE_NONE), "iota shape must have every element be nonnegative, got (-1,).");
  jaxc_array *b = jaxc_indices(0, NULL, JAXC_BOOL); /* array([], dtype=bool): no iota */
  CHECK(b && jaxc_array_dtype(b) == JAXC_BOOL && jaxc_array_size(b) == 0);
  jaxc_array_free(b);
  jaxc_array *sp[2] = {NULL, NULL};
  CHECK(jaxc_indices_sparse(2, (int64_t[]){2, -3}, JAXC_I32, sp) == JAXC_ERR_SHAPE && !sp[0] && !sp[1]);
}

/* ---- tril/triu/diag indices, fill_diagonal --------------------------------------------------------- */
static void test_tri_indices(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int64_t n = 0; n < 8; n++)
      for (int64_t m = 0; m < 8; m++)
        for (int64_t k = -9; k <= 9; k++)
          for (int lower = 0; lower < 2; lower++) {
            jaxc_array *out[2];
            int st = lower ? jaxc_tril_indices(n, k, m, out) : jaxc_triu_indices(n, k, m, out);
            CHECK(st == JAXC_OK);
            if (st) continue;
            int64_t at = 0;
            long diff = 0;
            for (int64_t i = 0; i < n; i++)
              for (int64_t j = 0; j < m; j++)
                if (lower ? j - i <= k : j - i >= k) {
                  diff += at >= jaxc_array_size(out[0]) || value_of(out[0], at) != (double)i || value_of(out[1], at) != (double)j;
                  at++;
                }
            CHECK_MSG(diff == 0 && jaxc_array_size(out[0]) == at && jaxc_array_size(out[1]) == at,
                      "%s_indices(%lld, %lld, %lld): %ld differ", lower ? "tril" : "triu", (long long)n, (long long)k, (long long)m, diff);
            CHECK(jaxc_array_dtype(out[0]) == (x64 ? JAXC_I64 : JAXC_I32) && jaxc_array_dtype(out[1]) == jaxc_array_dtype(out[0]));
            /* JAX's definition: nonzero(tril(ones((n, m)), k)) */
            if (n % 3 == 0 && m % 2 == 0) {
              jaxc_array *ones = jaxc_array_ones(JAXC_F32, 2, (int64_t[]){n, m});
              jaxc_array *t = lower ? jaxc_tril(ones, k) : jaxc_triu(ones, k), *nz[2];
              CHECK(jaxc_nonzero(t, JAXC_NONE, NULL, nz) == JAXC_OK);
              jaxc_array *eq0 = jaxc_array_equal(nz[0], out[0], false), *eq1 = jaxc_array_equal(nz[1], out[1], false);
              CHECK(eq0 && eq1 && *(const bool *)jaxc_array_data(eq0) && *(const bool *)jaxc_array_data(eq1));
              jaxc_array_free(eq0), jaxc_array_free(eq1);
              jaxc_array_free(nz[0]), jaxc_array_free(nz[1]), jaxc_array_free(t), jaxc_array_free(ones);
            }
            /* _from: n and m from a 2-D array */
            jaxc_array *a = jaxc_array_zeros(JAXC_I8, 2, (int64_t[]){n, m}), *fr[2];
            CHECK((lower ? jaxc_tril_indices_from(a, k, fr) : jaxc_triu_indices_from(a, k, fr)) == JAXC_OK);
            jaxc_array *e0 = jaxc_array_equal(fr[0], out[0], false), *e1 = jaxc_array_equal(fr[1], out[1], false);
            CHECK(e0 && e1 && *(const bool *)jaxc_array_data(e0) && *(const bool *)jaxc_array_data(e1));
            jaxc_array_free(e0), jaxc_array_free(e1), jaxc_array_free(fr[0]), jaxc_array_free(fr[1]), jaxc_array_free(a);
            jaxc_array_free(out[0]), jaxc_array_free(out[1]);
          }
  }
  jaxc_set_x64(false);
  jaxc_array *out[2] = {NULL, NULL};
  CHECK(jaxc_tril_indices(3, 0, JAXC_NONE, out) == JAXC_OK && jaxc_array_size(out[0]) == 6);
  expect_print(out[0], "Array([0, 1, 1, 2, 2, 2], dtype=int32)", "tril_indices(3) rows");
  expect_print(out[1], "Array([0, 0, 1, 0, 1, 2], dtype=int32)", "tril_indices(3) cols");
  CHECK(jaxc_triu_indices(-1, 0, JAXC_NONE, out) == JAXC_ERR_SHAPE && !out[0] && !out[1]);
  CHECK(strcmp(jaxc_last_error(), "broadcast_in_dim shape must have every element be nonnegative, got (-1, -1).") == 0);
  /* an offset past int32 with x64 off: JAX's overflow, as jnp.tri reports it */
  jaxc_array *t = jaxc_tri(3, 3, (int64_t)1 << 40, JAXC_DTYPE_NONE);
  char want[200];
  snprintf(want, sizeof want, "%s", jaxc_last_error());
  CHECK(t == NULL && jaxc_tril_indices(3, (int64_t)1 << 40, 3, out) != JAXC_OK && strcmp(jaxc_last_error(), want) == 0);
  jaxc_array *v = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4});
  CHECK(jaxc_triu_indices_from(v, 0, out) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "Only 2-D inputs are accepted") == 0);
  jaxc_array_free(v);
}

static void test_diag(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int64_t n = 0; n < 6; n++)
      for (int nd = 0; nd < 5; nd++) {
        jaxc_array *out[4];
        CHECK(jaxc_diag_indices(n, nd, out) == JAXC_OK);
        for (int i = 0; i < nd; i++) {
          CHECK(same_shape(out[i], 1, &n) && jaxc_array_dtype(out[i]) == (x64 ? JAXC_I64 : JAXC_I32));
          for (int64_t t = 0; t < n; t++) CHECK(value_of(out[i], t) == (double)t);
          jaxc_array_free(out[i]);
        }
      }
  }
  jaxc_set_x64(false);
  jaxc_array *out[3] = {NULL, NULL, NULL};
  CHECK(jaxc_diag_indices(-1, 2, out) == JAXC_ERR_ARG && strcmp(jaxc_last_error(), "n argument to diag_indices must be nonnegative, got -1") == 0);
  CHECK(jaxc_diag_indices(2, -1, out) == JAXC_ERR_ARG && strcmp(jaxc_last_error(), "ndim argument to diag_indices must be nonnegative, got -1") == 0);
  jaxc_array *cube = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){4, 4, 4}), *rect = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){3, 4});
  jaxc_array *line = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4});
  CHECK(jaxc_diag_indices_from(cube, out) == JAXC_OK && same_shape(out[2], 1, (int64_t[]){4}));
  for (int i = 0; i < 3; i++) jaxc_array_free(out[i]);
  CHECK(jaxc_diag_indices_from(rect, out) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "All dimensions of input must be of equal length") == 0);
  CHECK(jaxc_diag_indices_from(line, out) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "input array must be at least 2-d") == 0);

  /* fill_diagonal against the reference: where every coordinate is the same i < min(shape), val
     (raveled, repeated) converted to a's dtype; a elsewhere */
  for (int it = 0; it < 400; it++) {
    int nd = 2 + (int)rnd_dim(2);
    int64_t s[4], e = rnd_dim(5);
    for (int k = 0; k < nd; k++) s[k] = nd == 2 ? rnd_dim(5) : e;
    jaxc_array *a = random_bytes_array(rnd_dtype(), nd, s);
    int vr = (int)rnd_dim(2);
    int64_t vs[2] = {1 + rnd_dim(4), 1 + rnd_dim(2)};
    jaxc_array *val = rnd64() % 5 == 0 ? weak_node_scalar(JAXC_WEAK_FLOAT, false) : random_bytes_array(rnd_dtype(), vr, vs);
    uint64_t ca = checksum(a), cv = checksum(val);
    jaxc_array *r = jaxc_fill_diagonal(a, val), *conv = jaxc_astype(val, jaxc_array_dtype(a));
    CHECK_MSG(r && same_shape(r, nd, s) && jaxc_array_dtype(r) == jaxc_array_dtype(a) && jaxc_array_is_weak(r) == jaxc_array_is_weak(a),
              "fill_diagonal #%d", it);
    int64_t n = s[0];
    for (int k = 1; k < nd; k++) n = s[k] < n ? s[k] : n;
    size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
    long diff = 0;
    for (int64_t t = 0; r && t < jaxc_array_size(a); t++) {
      int64_t c[4];
      coords_of(t, nd, s, c);
      bool diag = c[0] < n;
      for (int k = 1; k < nd; k++) diag = diag && c[k] == c[0];
      const unsigned char *want = diag ? elem(conv, jaxc_array_ndim(val) ? c[0] % jaxc_array_size(val) : 0) : elem(a, t);
      diff += memcmp(elem(r, t), want, es) != 0;
    }
    CHECK_MSG(diff == 0, "fill_diagonal #%d: %ld differ", it, diff);
    CHECK(checksum(a) == ca && checksum(val) == cv);
    jaxc_array_free(a), jaxc_array_free(val), jaxc_array_free(r), jaxc_array_free(conv);
  }
  jaxc_array *empty = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){0}), *one = jaxc_weak_int(1);
  CHECK_FAILS(jaxc_fill_diagonal(line, one), "array must be at least 2-d");
  jaxc_array *c344 = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){3, 4, 4});
  CHECK_FAILS(jaxc_fill_diagonal(c344, one), "All dimensions of input must be of equal length");
  CHECK_FAILS(jaxc_fill_diagonal(rect, empty), "division by zero");
  jaxc_array *r = jaxc_fill_diagonal(rect, one);
  expect_print(r, "Array([[1., 0., 0., 0.],\n       [0., 1., 0., 0.],\n       [0., 0., 1., 0.]], dtype=float32)", "fill_diagonal((3, 4), 1)");
  jaxc_array_free(cube), jaxc_array_free(rect), jaxc_array_free(line), jaxc_array_free(empty), jaxc_array_free(one), jaxc_array_free(c344);
}

/* ---- trapezoid ------------------------------------------------------------------------------------ */
static jaxc_dtype inexact_of(jaxc_dtype d) {
  if (jaxc_dtype_kind(d) == JAXC_KIND_FLOAT || jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX) return d;
  return jaxc_dtype_size(d) == 8 ? JAXC_F64 : JAXC_F32;
}
static void test_trapezoid(void) {
  /* the docstring's examples */
  int32_t yv[7] = {1, 2, 3, 2, 3, 2, 1}, xv[7] = {0, 2, 5, 7, 10, 15, 20};
  jaxc_array *y = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){7}, yv), *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){7}, xv);
  jaxc_array *r = jaxc_trapezoid(y, NULL, NULL, -1);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_ndim(r) == 0 && value_of(r, 0) == 13.0);
  jaxc_array_free(r);
  r = jaxc_trapezoid(y, x, NULL, -1);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && value_of(r, 0) == 43.0);
  jaxc_array_free(r);
  jaxc_array_free(x), jaxc_array_free(y);

  static const jaxc_dtype fts[] = {JAXC_F16, JAXC_BF16, JAXC_F32, JAXC_F64, JAXC_I32, JAXC_I8, JAXC_U8, JAXC_BOOL};
  jaxc_set_x64(true);
  for (int it = 0; it < 400; it++) {
    int nd = 1 + (int)rnd_dim(2), axis = (int)(rnd64() % (uint64_t)nd) - (rnd64() % 2 ? nd : 0);
    int ax = axis < 0 ? axis + nd : axis;
    int64_t s[3];
    for (int k = 0; k < nd; k++) s[k] = 1 + rnd_dim(5);
    jaxc_dtype dy = fts[rnd64() % 8], dxx = fts[rnd64() % 8];
    jaxc_array *Y = small_random_array(dy, nd, s), *X = NULL, *DX = NULL;
    int mode = (int)(rnd64() % 4); /* 0: dx None, 1: a 0-d dx, 2: x 1-D, 3: x of y's shape */
    if (mode == 1) DX = rnd64() % 2 ? jaxc_weak_float(0.25) : small_random_array(JAXC_F64, 0, NULL);
    if (mode == 2) X = small_random_array(dxx, 1, &s[ax]);
    if (mode == 3) X = small_random_array(dxx, nd, s);
    bool w;
    jaxc_dtype want = X ? inexact_of(jaxc_binary_result(JAXC_OP_ADD, Y, X, &w)) : inexact_of(dy); /* to_inexact(join) */
    if (DX && !jaxc_array_is_weak(DX)) want = JAXC_F64; /* (a float64 dx promotes the product) */
    r = jaxc_trapezoid(Y, X, DX, axis);
    char what[96];
    snprintf(what, sizeof what, "trapezoid #%d %s x %s mode %d", it, jaxc_dtype_name(dy), jaxc_dtype_name(dxx), mode);
    CHECK_MSG(r && jaxc_array_dtype(r) == want, "%s: dtype %s want %s", what, r ? jaxc_dtype_name(jaxc_array_dtype(r)) : "-", jaxc_dtype_name(want));
    if (!r) goto next;
    /* the reference: lanes along ax, from y and x converted to the result dtype */
    jaxc_array *yc = jaxc_astype(Y, want), *xc = X ? jaxc_astype(X, want) : NULL;
    double dxv = mode == 1 ? value_of(DX, 0) : 1.0;
    int64_t outer = 1, inner = 1, len = s[ax];
    for (int k = 0; k < ax; k++) outer *= s[k];
    for (int k = ax + 1; k < nd; k++) inner *= s[k];
    long bad = 0;
    for (int64_t o = 0; o < outer; o++)
      for (int64_t i = 0; i < inner; i++) {
        long double acc = 0, mag = 0;
        for (int64_t t = 0; t + 1 < len; t++) {
          int64_t p = (o * len + t) * inner + i, q = p + inner;
          long double d = mode == 2 ? (long double)value_of(xc, t + 1) - value_of(xc, t) : mode == 3 ? (long double)value_of(xc, q) - value_of(xc, p) : dxv;
          long double term = d * ((long double)value_of(yc, q) + value_of(yc, p));
          acc += term, mag += fabsl(term);
        }
        long double ref = 0.5L * acc;
        double got = value_of(r, o * inner + i);
        /* each step rounds in the dtype: a few units of it on the terms' size */
        if (!(fabsl(got - ref) <= 8 * (len + 2) * eps_of(want) * (0.5L * mag + fabsl(ref)) + 1e-30L)) bad++;
      }
    CHECK_MSG(bad == 0, "%s: %ld lanes off", what, bad);
    jaxc_array_free(yc), jaxc_array_free(xc);
  next:
    jaxc_array_free(r), jaxc_array_free(Y), jaxc_array_free(X), jaxc_array_free(DX);
  }
  jaxc_set_x64(false);
  /* the fused float32 line against JAX's ops one by one (debug_nans takes that path): the same
     roundings, the sums in double, so the same float32 bits; lanes past the threaded cut too */
  for (int it = 0; it < 24; it++) {
    int64_t s2[2] = {it % 3 == 0 ? 1 : 1 + rnd_dim(40), it % 4 == 0 ? (int64_t)1 << 20 : 1 + rnd_dim(3000)};
    jaxc_array *Y = random_bytes_array(JAXC_F32, 2, s2), *X = NULL, *D = NULL;
    float *yp = (float *)jaxc_array_data(Y);
    for (int64_t i = 0; i < jaxc_array_size(Y); i++) yp[i] = (float)(rnd64() % 2000001) * 1e-3f - 1000.0f;
    if (it % 3 == 1) X = small_random_array(JAXC_F32, 1, &s2[1]);
    if (it % 3 == 2) D = jaxc_weak_float(0.1);
    jaxc_array *fast = jaxc_trapezoid(Y, X, D, -1);
    jaxc_set_debug_nans(true);
    jaxc_array *slow = jaxc_trapezoid(Y, X, D, 1);
    jaxc_set_debug_nans(false);
    CHECK_MSG(fast && slow && jaxc_array_size(fast) == s2[0] &&
              memcmp(jaxc_array_data(fast), jaxc_array_data(slow), (size_t)s2[0] * 4) == 0,
              "trapezoid fused vs op by op, (%lld, %lld) mode %d", (long long)s2[0], (long long)s2[1], it % 3);
    jaxc_array_free(Y), jaxc_array_free(X), jaxc_array_free(D), jaxc_array_free(fast), jaxc_array_free(slow);
  }
  /* a weak y: promote_dtypes_inexact keeps the flag, but the sum's result is strong */
  jaxc_array *w = weak_vector(JAXC_WEAK_INT, 3, 2);
  r = jaxc_trapezoid(w, NULL, NULL, 0);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && !jaxc_array_is_weak(r) && value_of(r, 0) == 4.0);
  jaxc_array_free(r);
  jaxc_array *s0 = jaxc_weak_float(1.0);
  CHECK_FAILS(jaxc_trapezoid(s0, NULL, NULL, -1), "axis -1 is out of bounds for array of dimension 0");
  jaxc_array *bad_dx = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){5});
  CHECK_FAILS(jaxc_trapezoid(w, NULL, bad_dx, -1), "mul got incompatible shapes for broadcasting: (5,), (2,).");
  jaxc_array_free(w), jaxc_array_free(s0), jaxc_array_free(bad_dx);
}

/* ---- cross, vander ----------------------------------------------------------------------------------- */
/* element i of a as a complex value (re, im) */
static ordval as_complex(const jaxc_array *a, int64_t i) {
  ordval v = decode(jaxc_array_dtype(a), elem(a, i));
  if (v.cls != 2) v.re = value_of(a, i), v.im = 0, v.cls = 2;
  return v;
}
static void test_cross(void) {
  static const jaxc_dtype cts[] = {JAXC_I8, JAXC_I32, JAXC_U8, JAXC_F16, JAXC_BF16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_I64};
  for (int it = 0; it < 600; it++) {
    int la = 2 + (int)rnd_dim(1), lb = 2 + (int)rnd_dim(1);
    int ra = (int)rnd_dim(2), rb = (int)rnd_dim(2), nl = ra > rb ? ra : rb;
    int64_t lead[2], sa[3], sb[3];
    for (int k = 0; k < nl; k++) lead[k] = 1 + rnd_dim(2);
    int pa = (int)rnd_dim(ra), pb = (int)rnd_dim(rb); /* where the vector axis sits */
    for (int k = 0, q = 0; k <= ra; k++) sa[k] = k == pa ? la : (rnd64() % 4 ? lead[nl - ra + q++] : (q++, 1));
    for (int k = 0, q = 0; k <= rb; k++) sb[k] = k == pb ? lb : (rnd64() % 4 ? lead[nl - rb + q++] : (q++, 1));
    jaxc_dtype da = cts[rnd64() % 9], db = cts[rnd64() % 9];
    if (jaxc_dtype_kind(da) == JAXC_KIND_UINT || jaxc_dtype_kind(db) == JAXC_KIND_UINT) da = db = JAXC_I16; /* (differences of unsigned wrap) */
    jaxc_array *A = small_random_array(da, ra + 1, sa), *B = small_random_array(db, rb + 1, sb);
    bool same_axis = rnd64() % 5 == 0 && pa - (ra + 1) == pb - (rb + 1);
    int axa = pa - (rnd64() % 2 ? ra + 1 : 0), axb = pb - (rnd64() % 2 ? rb + 1 : 0);
    int three = la == 3 || lb == 3, axc = three ? (int)rnd_dim(nl) : 0;
    jaxc_array *r = same_axis ? jaxc_cross(A, B, 0, 0, 0, pa - (ra + 1)) : jaxc_cross(A, B, axa, axb, axc, JAXC_ALL_AXES);
    if (same_axis) axc = nl + pa - (ra + 1) + 1, axc = axc < 0 ? 0 : axc;
    bool w;
    jaxc_dtype want = jaxc_binary_result(JAXC_OP_MULTIPLY, A, B, &w);
    char what[96];
    snprintf(what, sizeof what, "cross #%d %s(%d) x %s(%d)", it, jaxc_dtype_name(da), la, jaxc_dtype_name(db), lb);
    int64_t os[3];
    for (int k = 0, q = 0; k < nl + three; k++) os[k] = three && k == axc ? 3 : lead[q++];
    /* the broadcast leading dims: a 1 where both operands had 1 */
    int64_t bl[2];
    for (int k = 0; k < nl; k++) {
      int64_t xa = 1, xb = 1;
      int ka = k - (nl - ra), kb = k - (nl - rb);
      if (ka >= 0) xa = sa[ka + (ka >= pa)];
      if (kb >= 0) xb = sb[kb + (kb >= pb)];
      bl[k] = xa > xb ? xa : xb;
    }
    for (int k = 0, q = 0; k < nl + three; k++) os[k] = three && k == axc ? 3 : bl[q++];
    CHECK_MSG(same_shape(r, nl + three, os), "%s: shape", what);
    if (!same_shape(r, nl + three, os)) goto next;
    CHECK_MSG(jaxc_array_dtype(r) == want && jaxc_array_is_weak(r) == (three ? false : w), "%s: dtype", what);
    long bad = 0;
    for (int64_t t = 0; t < jaxc_array_size(r); t++) {
      int64_t c[3], l[2], comp = 0;
      coords_of(t, nl + three, os, c);
      for (int k = 0, q = 0; k < nl + three; k++)
        if (three && k == axc) comp = c[k];
        else l[q++] = c[k];
      ordval av[3] = {{2, 0, 0, 0, 0}, {2, 0, 0, 0, 0}, {2, 0, 0, 0, 0}}, bv[3] = {av[0], av[0], av[0]};
      for (int v = 0; v < 3; v++) {
        int64_t ca[3], cb[3];
        for (int k = 0, q = 0; k <= ra; k++) ca[k] = k == pa ? v : (sa[k] == 1 ? 0 : l[nl - ra + q]), q += k != pa;
        for (int k = 0, q = 0; k <= rb; k++) cb[k] = k == pb ? v : (sb[k] == 1 ? 0 : l[nl - rb + q]), q += k != pb;
        if (v < la) av[v] = as_complex(A, flat_of(ra + 1, sa, ca));
        if (v < lb) bv[v] = as_complex(B, flat_of(rb + 1, sb, cb));
      }
      int p = three ? (int)(comp + 1) % 3 : 0, q = three ? (int)(comp + 2) % 3 : 1; /* c = a_p b_q - a_q b_p */
      ordval got = as_complex(r, t);
      double re = av[p].re * bv[q].re - av[p].im * bv[q].im - (av[q].re * bv[p].re - av[q].im * bv[p].im);
      double im = av[p].re * bv[q].im + av[p].im * bv[q].re - (av[q].re * bv[p].im + av[q].im * bv[p].re);
      bad += got.re != re || got.im != im;
    }
    CHECK_MSG(bad == 0, "%s: %ld differ", what, bad);
  next:
    jaxc_array_free(A), jaxc_array_free(B), jaxc_array_free(r);
  }
  jaxc_array *a = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){1, 2, 3});
  jaxc_array *b = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){4, 5, 6});
  jaxc_array *r = jaxc_cross(a, b, -1, -1, -1, JAXC_ALL_AXES);
  expect_print(r, "Array([-3.,  6., -3.], dtype=float32)", "cross docstring");
  jaxc_array *four = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4});
  CHECK_FAILS(jaxc_cross(a, four, -1, -1, -1, JAXC_ALL_AXES), "Dimension must be either 2 or 3 for cross product");
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(four);
}

static void test_vander(void) {
  static const jaxc_dtype vts[] = {JAXC_I8, JAXC_I32, JAXC_U8, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_BF16, JAXC_I64};
  for (int it = 0; it < 300; it++) {
    int64_t len = rnd_dim(5), n = rnd64() % 3 ? rnd_dim(6) : JAXC_NONE;
    jaxc_dtype d = vts[rnd64() % 8];
    jaxc_array *x = small_random_array(d, 1, &len);
    if (jaxc_dtype_kind(d) == JAXC_KIND_UINT) { /* (small_random_array's negatives wrapped) */
      jaxc_array_free(x);
      x = jaxc_array_zeros(d, 1, &len);
      for (int64_t i = 0; i < len; i++) ((uint8_t *)jaxc_array_data(x))[i] = (uint8_t)(rnd64() % 4);
    }
    bool inc = rnd64() % 2;
    jaxc_array *r = jaxc_vander(x, n, inc);
    int64_t cols = n == JAXC_NONE ? len : n;
    CHECK_MSG(same_shape(r, 2, (int64_t[]){len, cols}) && jaxc_array_dtype(r) == jaxc_array_dtype(x), "vander #%d: shape", it);
    long bad = 0;
    for (int64_t i = 0; r && i < len; i++)
      for (int64_t j = 0; j < cols; j++) {
        int64_t p = inc ? j : cols - 1 - j;
        long double ref = 1, xv = value_of(x, i);
        for (int64_t q = 0; q < p; q++) ref *= xv;
        if (jaxc_dtype_kind(d) == JAXC_KIND_INT && d == JAXC_I8) ref = (int8_t)(int64_t)ref; /* (wraps, as int8 does) */
        double got = value_of(r, i * cols + j);
        bad += !(jaxc_dtype_kind(d) >= JAXC_KIND_FLOAT ? fabsl(got - ref) <= 4 * eps_of(d) * fabsl(ref) : got == (double)ref);
      }
    CHECK_MSG(bad == 0, "vander #%d (%s, %lld, %d): %ld differ", it, jaxc_dtype_name(d), (long long)n, inc, bad);
    jaxc_array_free(x), jaxc_array_free(r);
  }
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){1, 2, 3});
  jaxc_array *r = jaxc_vander(x, JAXC_NONE, false);
  expect_print(r, "Array([[1, 1, 1],\n       [4, 2, 1],\n       [9, 3, 1]], dtype=int32)", "vander docstring");
  r = jaxc_vander(x, 4, true);
  expect_print(r, "Array([[ 1,  1,  1,  1],\n       [ 1,  2,  4,  8],\n       [ 1,  3,  9, 27]], dtype=int32)", "vander increasing");
  jaxc_array *m = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 2}), *b = jaxc_array_zeros(JAXC_BOOL, 1, (int64_t[]){2});
  jaxc_array *i8 = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){2});
  CHECK_FAILS(jaxc_vander(m, 2, false), "x must be a one-dimensional array");
  CHECK_FAILS(jaxc_vander(x, -1, false), "N must be nonnegative");
  CHECK_FAILS(jaxc_vander(b, 2, false), "iota does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, complexfloating.");
  CHECK_FAILS(jaxc_vander(i8, 200, false), "Python integer 199 out of bounds for int8");
  r = jaxc_vander(i8, 200, true); /* increasing: no N - 1 constant */
  CHECK(r && same_shape(r, 2, (int64_t[]){2, 200}));
  jaxc_array_free(r), jaxc_array_free(x), jaxc_array_free(m), jaxc_array_free(b), jaxc_array_free(i8);
}

/* ---- hsplit / vsplit / dsplit, unstack, ix_ ------------------------------------------------------- */
/* a's flat position of the element at coordinates c */
static int64_t flat_at(const jaxc_array *a, const int64_t *c) {
  int64_t f = 0;
  for (int k = 0; k < jaxc_array_ndim(a); k++) f = f * jaxc_array_shape(a)[k] + c[k];
  return f;
}
/* every element of piece p equals a's at the same coordinates, moved by `off` along axis ax (and
   with `dropped` set, a's axis ax fixed at off and absent from p) */
static bool piece_matches(const jaxc_array *a, const jaxc_array *p, int ax, int64_t off, bool dropped) {
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  if (jaxc_array_dtype(p) != jaxc_array_dtype(a) || jaxc_array_is_weak(p) != jaxc_array_is_weak(a)) return false;
  int64_t c[JAXC_MAX_NDIM], pc[JAXC_MAX_NDIM];
  for (int64_t i = 0; i < jaxc_array_size(p); i++) {
    coords_of(i, jaxc_array_ndim(p), jaxc_array_shape(p), pc);
    for (int k = 0, q = 0; k < jaxc_array_ndim(a); k++) c[k] = k == ax ? (dropped ? off : pc[q++] + off) : pc[q++];
    if (memcmp(elem(p, i), elem(a, flat_at(a, c)), es) != 0) return false;
  }
  return true;
}
typedef int (*split_fn)(const jaxc_array *, int64_t, jaxc_array **);
typedef int (*split_at_fn)(const jaxc_array *, int, const int64_t *, jaxc_array **);
static void test_splits(void) {
  static const split_fn fn[3] = {jaxc_hsplit, jaxc_vsplit, jaxc_dsplit};
  static const split_at_fn fn_at[3] = {jaxc_hsplit_at, jaxc_vsplit_at, jaxc_dsplit_at};
  static const char *const name[3] = {"hsplit", "vsplit", "dsplit"};
  long cases = 0;
  for (int rep = 0; rep < 600; rep++) {
    int f = (int)(rnd64() % 3), nd = 1 + (int)(rnd64() % 4);
    int64_t shape[4], size = 1;
    for (int k = 0; k < nd; k++) shape[k] = rnd_dim(6), size *= shape[k];
    int ax = f == 0 ? (nd == 1 ? 0 : 1) : f == 1 ? 0 : 2; /* JAX's axis for each */
    jaxc_array *a = small_random_array(rnd_dtype(), nd, shape), *out[8] = {0};
    uint64_t ca = checksum(a);
    if (ax >= nd) { /* ary.shape[axis] of a tuple too short */
      CHECK_FAILS(fn[f](a, 2, out) == JAXC_OK ? out[0] : NULL, "tuple index out of range");
      CHECK(out[0] == NULL);
    } else {
      int64_t n = shape[ax], sections = 1 + (int64_t)(rnd64() % 4);
      int st = fn[f](a, sections, out);
      if (n % sections) {
        CHECK_MSG(st == JAXC_ERR_SHAPE && out[0] == NULL, "%s of %lld into %lld", name[f], (long long)n, (long long)sections);
      } else {
        bool ok = st == JAXC_OK;
        for (int64_t j = 0; ok && j < sections; j++) ok = piece_matches(a, out[j], ax, j * (n / sections), false) && jaxc_array_shape(out[j])[ax] == n / sections;
        CHECK_MSG(ok, "%s of %lld into %lld sections", name[f], (long long)n, (long long)sections);
        for (int64_t j = 0; j < sections; j++) jaxc_array_free(out[j]), out[j] = NULL;
      }
      int64_t cut[3];
      int ncut = (int)(rnd64() % 4);
      for (int j = 0; j < ncut; j++) cut[j] = rnd_dim((int)n);
      for (int j = 1; j < ncut; j++) /* (sorted: a negative difference is lax.split's error) */
        for (int i = j; i > 0 && cut[i - 1] > cut[i]; i--) { int64_t t = cut[i]; cut[i] = cut[i - 1], cut[i - 1] = t; }
      bool ok = fn_at[f](a, ncut, cut, out) == JAXC_OK;
      for (int j = 0; ok && j <= ncut; j++) {
        int64_t lo = j ? cut[j - 1] : 0, hi = j < ncut ? cut[j] : n;
        ok = piece_matches(a, out[j], ax, lo, false) && jaxc_array_shape(out[j])[ax] == hi - lo;
      }
      CHECK_MSG(ok, "%s_at with %d cuts", name[f], ncut);
      for (int j = 0; j <= ncut; j++) jaxc_array_free(out[j]), out[j] = NULL;
    }
    /* unstack on a random axis: each slice, and stack(unstack(x)) is x */
    int uax = (int)(rnd64() % (uint64_t)nd) - (rnd64() % 2 ? nd : 0);
    int cax = uax < 0 ? uax + nd : uax;
    jaxc_array **u = (jaxc_array **)calloc((size_t)shape[cax] + 1, sizeof *u);
    bool ok = jaxc_unstack(a, uax, u) == JAXC_OK;
    for (int64_t j = 0; ok && j < shape[cax]; j++) ok = jaxc_array_ndim(u[j]) == nd - 1 && piece_matches(a, u[j], cax, j, true);
    CHECK_MSG(ok, "unstack of rank %d on axis %d", nd, uax);
    if (ok && shape[cax] > 0) {
      jaxc_array *back = jaxc_stack((int)shape[cax], (const jaxc_array *const *)u, uax);
      CHECK(back && same_shape(back, nd, shape) && memcmp(jaxc_array_data(back), jaxc_array_data(a), (size_t)size * jaxc_dtype_size(jaxc_array_dtype(a))) == 0);
      jaxc_array_free(back);
    }
    for (int64_t j = 0; j < shape[cax]; j++) jaxc_array_free(u[j]);
    free(u);
    CHECK(checksum(a) == ca);
    jaxc_array_free(a);
    cases++;
  }
  CHECK(cases == 600);
  /* JAX's own facts: vsplit takes a 1-D array (NumPy refuses it), hsplit a 1-D one on axis 0 */
  int64_t six = 6;
  jaxc_array *v = jaxc_arange(0, 6, 1, JAXC_I32), *o[3] = {0};
  CHECK(v && jaxc_vsplit(v, 3, o) == JAXC_OK && same_shape(o[2], 1, (int64_t[]){2}) && value_of(o[2], 1) == 5);
  for (int j = 0; j < 3; j++) jaxc_array_free(o[j]), o[j] = NULL;
  CHECK(jaxc_hsplit(v, 4, o) == JAXC_ERR_SHAPE && !strcmp(jaxc_last_error(), "array split does not result in an equal division: rest is 2"));
  jaxc_array *s0 = jaxc_weak_int(3);
  CHECK(jaxc_hsplit(s0, 1, o) != JAXC_OK && !strcmp(jaxc_last_error(), "tuple index out of range") && !o[0]);
  CHECK(jaxc_unstack(s0, 0, o) == JAXC_ERR_SHAPE &&
        !strcmp(jaxc_last_error(), "Unstack requires arrays with rank > 0, however a scalar array was passed."));
  jaxc_array *m = jaxc_reshape(v, 2, (int64_t[]){2, 3}), *u[3] = {0};
  CHECK(jaxc_unstack(m, 2, u) != JAXC_OK && !u[0]);
  CHECK(jaxc_unstack(m, -1, u) == JAXC_OK);
  expect_print(u[2], "Array([2, 5], dtype=int32)", "unstack(x, axis=-1)[2]"); /* (lax.unstack's docstring kind) */
  jaxc_array_free(u[0]), jaxc_array_free(u[1]);
  (void)six;
  jaxc_array_free(v), jaxc_array_free(s0), jaxc_array_free(m);
}
static void test_ix(void) {
  for (int rep = 0; rep < 200; rep++) {
    int n = (int)(rnd64() % 5);
    jaxc_array *args[4] = {0}, *out[4] = {0};
    int64_t len[4];
    for (int i = 0; i < n; i++) {
      jaxc_dtype d = rnd_dtype();
      if (d == JAXC_BOOL) d = JAXC_I8;
      len[i] = rnd_dim(4);
      args[i] = rnd64() % 4 ? small_random_array(d, 1, &len[i]) : weak_vector(JAXC_WEAK_FLOAT, len[i], 1.5);
    }
    CHECK(jaxc_ix_(n, (const jaxc_array *const *)args, out) == JAXC_OK);
    for (int i = 0; i < n; i++) {
      int64_t want[4];
      for (int j = 0; j < n; j++) want[j] = j == i ? len[i] : 1;
      bool ok = same_shape(out[i], n, want);
      if (ok && len[i] == 0) ok = jaxc_array_dtype(out[i]) == JAXC_I32 && !jaxc_array_is_weak(out[i]); /* (np.intp) */
      else if (ok) ok = jaxc_array_dtype(out[i]) == jaxc_array_dtype(args[i]) && jaxc_array_is_weak(out[i]) == jaxc_array_is_weak(args[i]) &&
                        memcmp(jaxc_array_data(out[i]), jaxc_array_data(args[i]), (size_t)len[i] * jaxc_dtype_size(jaxc_array_dtype(args[i]))) == 0;
      CHECK_MSG(ok, "ix_ of %d arrays: out[%d]", n, i);
    }
    for (int i = 0; i < n; i++) jaxc_array_free(args[i]), jaxc_array_free(out[i]);
  }
  /* JAX's docstring: ix_([0, 2], [1, 3]) */
  jaxc_array *r = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){0, 2});
  jaxc_array *c = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){1, 3}), *o[2] = {0};
  const jaxc_array *rc[2] = {r, c};
  CHECK(jaxc_ix_(2, rc, o) == JAXC_OK);
  expect_print(o[0], "Array([[0],\n       [2]], dtype=int32)", "ix_ rows");
  expect_print(o[1], "Array([[1, 3]], dtype=int32)", "ix_ cols");
  jaxc_array *m = jaxc_reshape(r, 2, (int64_t[]){1, 2}), *b = jaxc_astype(r, JAXC_BOOL), *bad[2] = {0};
  const jaxc_array *mb[2] = {r, m}, *bb[2] = {b, r};
  CHECK(jaxc_ix_(2, mb, bad) == JAXC_ERR_SHAPE && !bad[0] && !strcmp(jaxc_last_error(), "Arguments to jax.numpy.ix_ must be 1-dimensional, got shape (1, 2)"));
  CHECK(jaxc_ix_(2, bb, bad) == JAXC_ERR_DTYPE && !strcmp(jaxc_last_error(), "Boolean arguments to jax.numpy.ix_ are not implemented"));
  jaxc_array_free(r), jaxc_array_free(c), jaxc_array_free(m), jaxc_array_free(b);
}

int main(void) {
  if (!load_golden_table(golden)) return check_summary("test_grid");
  test_atleast();
  test_stacks_random();
  test_stack_dtypes();
  test_stack_facts();
  test_broadcast_arrays();
  test_meshgrid();
  test_indices();
  test_tri_indices();
  test_diag();
  test_trapezoid();
  test_cross();
  test_vander();
  test_splits();
  test_ix();
  return check_summary("test_grid");
}
