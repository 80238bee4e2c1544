/* test_index.c — take, index_take, slices and .at[] updates against references written here:
   jnp.take / indexing / scatter semantics re-implemented as plain loops, every mode with
   in-range, negative, out-of-range and repeated indices; inputs checksummed before and after. */
#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static long n_take, n_slice, n_update, n_error;
static int64_t rand_in(int64_t lo, int64_t hi) { return lo + (int64_t)(next_u64() % (uint64_t)(hi - lo + 1)); }

static double dval(const jaxc_array *a, int64_t i) {
  double v[2];
  jaxc_dtype d = jaxc_array_dtype(a);
  jaxc_kernel_cast_dyn(d, JAXC_C128, 1, (const char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(d), v);
  return v[0];
}
static bool same(double a, double b) { return a == b || (a != a && b != b); }

/* --- take ----------------------------------------------------------------------------------------- */
/* jnp.take's index rule (and, with get = true, x.at[].get's), written independently. */
static int64_t ref_index(int64_t v, int64_t n, jaxc_index_mode mode, bool get) {
  switch (mode) {
  case JAXC_MODE_CLIP:
    if (get && v < 0) v += n;
    return v < 0 ? 0 : v > n - 1 ? n - 1 : v;
  case JAXC_MODE_WRAP: return ((v % n) + n) % n;
  case JAXC_MODE_PROMISE_IN_BOUNDS:
    if (v < 0) v += n;
    return v < 0 ? 0 : v > n - 1 ? n - 1 : v;
  default: /* take's default and FILL/DROP fill; indexing's default clamps */
    if (v < 0) v += n;
    if (get && mode == JAXC_MODE_DEFAULT) return v < 0 ? 0 : v > n - 1 ? n - 1 : v;
    return (v >= 0 && v < n) ? v : -1;
  }
}

static void check_take(jaxc_dtype dt, int axis, jaxc_index_mode mode, bool get, bool custom_fill) {
  int64_t shape[3] = {3, 4, 5};
  jaxc_array *a = jaxc_array_empty(dt, 3, shape);
  for (int64_t i = 0; i < 60; i++) {
    double v = (double)(i % 17) - 5;
    jaxc_kernel_cast_dyn(JAXC_F64, jaxc_array_dtype(a), 1, &v, (char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(jaxc_array_dtype(a)));
  }
  int ax = axis == JAXC_ALL_AXES ? -1 : axis < 0 ? axis + 3 : axis;
  int64_t n = ax < 0 ? 60 : shape[ax];
  int32_t idx[6];
  for (int k = 0; k < 6; k++) idx[k] = (int32_t)rand_in(-2 * n - 1, 2 * n + 1);
  idx[5] = idx[0]; /* a repeat */
  jaxc_array *ix = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, idx);
  jaxc_array *fill = custom_fill ? jaxc_weak_float(42.0) : NULL;
  uint64_t ha = checksum(a), hi = checksum(ix);
  jaxc_array *r = get ? jaxc_index_take(a, ix, axis, mode, fill) : jaxc_take(a, ix, axis, mode, fill);
  CHECK_EQ_INT(checksum(a), ha);
  CHECK_EQ_INT(checksum(ix), hi);
  CHECK_MSG(r != NULL, "take failed: %s", jaxc_last_error());
  if (!r) { jaxc_array_free(a); jaxc_array_free(ix); jaxc_array_free(fill); return; }
  CHECK_EQ_INT(jaxc_array_dtype(r), jaxc_array_dtype(a));
  /* default fill, from JAX's gather: NaN / iinfo.min / iinfo.max / True */
  int kind = jaxc_dtype_kind(jaxc_array_dtype(a));
  double fv = custom_fill ? (kind == JAXC_KIND_BOOL ? 1.0 : 42.0) : kind == JAXC_KIND_FLOAT || kind == JAXC_KIND_COMPLEX ? NAN
            : kind == JAXC_KIND_INT ? -ldexp(1.0, jaxc_dtype_bits(jaxc_array_dtype(a)) - 1)
            : kind == JAXC_KIND_UINT ? ldexp(1.0, jaxc_dtype_bits(jaxc_array_dtype(a))) - 1 : 1.0;
  int64_t outer = 1, inner = 1;
  if (ax >= 0) { for (int i = 0; i < ax; i++) outer *= shape[i]; for (int i = ax + 1; i < 3; i++) inner *= shape[i]; }
  CHECK_EQ_INT(jaxc_array_size(r), outer * 6 * inner);
  CHECK_EQ_INT(jaxc_array_ndim(r), ax < 0 ? 2 : 4);
  int64_t t = 0;
  for (int64_t o = 0; o < outer; o++)
    for (int k = 0; k < 6; k++)
      for (int64_t i = 0; i < inner; i++, t++) {
        int64_t p = ref_index(idx[k], n, mode, get);
        double want = p < 0 ? fv : dval(a, (o * n + p) * inner + i);
        CHECK_MSG(same(dval(r, t), want), "%s %s axis %d mode %d idx %d: got %g want %g", get ? "index_take" : "take",
                  jaxc_dtype_name(jaxc_array_dtype(a)), axis, (int)mode, idx[k], dval(r, t), want);
      }
  n_take++;
  jaxc_array_free(r); jaxc_array_free(a); jaxc_array_free(ix); jaxc_array_free(fill);
}

static void test_take(void) {
  static const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_U16, JAXC_I8, JAXC_I32, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64};
  for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++)
    for (int axis = -3; axis <= 3; axis++)
      for (int mode = 0; mode <= 5; mode++)
        for (int rep = 0; rep < 3; rep++) {
          int ax = axis == 3 ? JAXC_ALL_AXES : axis;
          /* jnp.take knows fill, clip and wrap only */
          if (mode != JAXC_MODE_DROP && mode != JAXC_MODE_PROMISE_IN_BOUNDS) check_take(dts[d], ax, (jaxc_index_mode)mode, false, rep == 2);
          if (mode != JAXC_MODE_WRAP) check_take(dts[d], ax, (jaxc_index_mode)mode, true, rep == 2);
        }
  /* plain indexing facts: x[11] and x[-11] on 10 elements (clip after counting -11 from the end once) */
  float v[10];
  for (int i = 0; i < 10; i++) v[i] = (float)i * 10;
  jaxc_array *x = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){10}, v);
  int32_t ii[4] = {11, -11, -1, -10};
  jaxc_array *ix = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){4}, ii);
  jaxc_array *r = jaxc_index_take(x, ix, 0, JAXC_MODE_DEFAULT, NULL);
  CHECK(r && dval(r, 0) == 90 && dval(r, 1) == 0 && dval(r, 2) == 90 && dval(r, 3) == 0);
  jaxc_array_free(r);
  r = jaxc_take(x, ix, 0, JAXC_MODE_DEFAULT, NULL); /* jnp.take fills */
  CHECK(r && isnan(dval(r, 0)) && isnan(dval(r, 1)) && dval(r, 2) == 90 && dval(r, 3) == 0);
  jaxc_array_free(r);
  r = jaxc_take(x, ix, 0, JAXC_MODE_CLIP, NULL); /* jnp.take(mode='clip') does not wrap -1 */
  CHECK(r && dval(r, 0) == 90 && dval(r, 1) == 0 && dval(r, 2) == 0 && dval(r, 3) == 0);
  jaxc_array_free(r);
  /* errors */
  float fi[1] = {1};
  jaxc_array *fx = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){1}, fi);
  /* jnp.take hands a float index array to lax.gather, whose dtype rule words it (x[idx] raises
     index_to_gather's "Indexer must have integer or boolean type" instead) */
  CHECK(jaxc_take(x, fx, 0, JAXC_MODE_DEFAULT, NULL) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE &&
        strcmp(jaxc_last_error(), "indices must have an integer type") == 0);
  CHECK(jaxc_index_take(x, fx, 0, JAXC_MODE_DEFAULT, NULL) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE &&
        strstr(jaxc_last_error(), "Indexer must have integer or boolean type") != NULL);
  CHECK(jaxc_take(x, ix, 1, JAXC_MODE_DEFAULT, NULL) == NULL && strcmp(jaxc_last_error(), "axis 1 is out of bounds for array of dimension 1") == 0);
  CHECK(jaxc_take(x, ix, 0, (jaxc_index_mode)99, NULL) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_take(x, ix, 0, JAXC_MODE_DROP, NULL) == NULL && strcmp(jaxc_last_error(), "Invalid mode 'drop' for np.take") == 0);
  CHECK(jaxc_take(x, ix, 0, JAXC_MODE_PROMISE_IN_BOUNDS, NULL) == NULL &&
        strcmp(jaxc_last_error(), "Invalid mode 'promise_in_bounds' for np.take") == 0);
  CHECK(jaxc_index_take(x, ix, 0, JAXC_MODE_WRAP, NULL) == NULL && strstr(jaxc_last_error(), "Unknown gather mode") != NULL);
  CHECK(jaxc_take(NULL, ix, 0, JAXC_MODE_DEFAULT, NULL) == NULL && jaxc_take(x, NULL, 0, JAXC_MODE_DEFAULT, NULL) == NULL);
  CHECK(jaxc_take(x, ix, 0, JAXC_MODE_FILL, x) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE); /* non-scalar fill */
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){0});
  CHECK(jaxc_take(e, ix, 0, JAXC_MODE_DEFAULT, NULL) == NULL && jaxc_last_status() == JAXC_ERR_INDEX);
  n_error += 7;
  jaxc_array_free(e); jaxc_array_free(fx); jaxc_array_free(x); jaxc_array_free(ix);
}

/* --- slices ----------------------------------------------------------------------------------------- */
/* Python's slice membership, by brute force: the positions a loop from the normalised start visits. */
static int64_t ref_slice(int64_t n, jaxc_slice_spec s, int64_t *out) {
  int64_t step = s.step == JAXC_NONE ? 1 : s.step, start, stop, m = 0;
  if (step > 0) {
    start = s.start == JAXC_NONE ? 0 : s.start < 0 ? s.start + n : s.start;
    stop = s.stop == JAXC_NONE ? n : s.stop < 0 ? s.stop + n : s.stop;
    for (int64_t i = start < 0 ? 0 : start; i < stop && i < n; i += step) {
      out[m++] = i;
      if (i > INT64_MAX - step) break; /* a step near INT64_MAX: the next position is past any n */
    }
  } else {
    start = s.start == JAXC_NONE ? n - 1 : s.start < 0 ? s.start + n : s.start;
    stop = s.stop == JAXC_NONE ? -1 : s.stop < 0 ? s.stop + n : s.stop;
    if (stop < -1) stop = -1;
    for (int64_t i = start > n - 1 ? n - 1 : start; i > stop && i >= 0; i += step) {
      out[m++] = i;
      if (i < INT64_MIN - step) break;
    }
  }
  return m;
}

/* Bounds and steps: mostly small, sometimes at the ends of int64 (where a careless length
   computation such as (stop - start + step - 1) / step overflows). */
static int64_t rand_huge(void) {
  static const int64_t v[] = {INT64_MAX, INT64_MAX - 1, INT64_MIN + 1, INT64_MIN + 2, (int64_t)1 << 62, -((int64_t)1 << 62)};
  return v[rand_in(0, (int64_t)(sizeof v / sizeof v[0]) - 1)];
}
static int64_t rand_bound(int64_t n) {
  int64_t r = rand_in(0, 11);
  return r == 0 ? JAXC_NONE : r == 1 ? rand_huge() : rand_in(-n - 3, n + 3);
}
static int64_t rand_step(void) {
  int64_t st = rand_in(-3, 3);
  return st == 0 ? JAXC_NONE : rand_in(0, 7) == 0 ? rand_huge() : st;
}

static void test_slices(void) {
  int64_t shape[2] = {6, 7};
  jaxc_array *a = jaxc_array_empty(JAXC_I16, 2, shape);
  for (int64_t i = 0; i < 42; i++) ((int16_t *)jaxc_array_data(a))[i] = (int16_t)(i * 3 - 20);
  uint64_t h = checksum(a);
  for (int rep = 0; rep < 400; rep++) {
    jaxc_slice_spec sp[2];
    for (int ax = 0; ax < 2; ax++) {
      sp[ax] = JAXC_S(rand_bound(shape[ax]), rand_bound(shape[ax]), rand_step());
      if (rand_in(0, 5) == 0) sp[ax] = JAXC_I(rand_in(-shape[ax] - 2, shape[ax] + 2));
    }
    jaxc_array *r = jaxc_slice(a, 2, sp);
    CHECK_MSG(r != NULL, "slice: %s", jaxc_last_error());
    if (!r) continue;
    int64_t p0[16], p1[16], c0, c1;
    if (sp[0].index) { int64_t v = sp[0].start < 0 ? sp[0].start + 6 : sp[0].start; p0[0] = v < 0 ? 0 : v > 5 ? 5 : v; c0 = 1; }
    else c0 = ref_slice(6, sp[0], p0);
    if (sp[1].index) { int64_t v = sp[1].start < 0 ? sp[1].start + 7 : sp[1].start; p1[0] = v < 0 ? 0 : v > 6 ? 6 : v; c1 = 1; }
    else c1 = ref_slice(7, sp[1], p1);
    CHECK_EQ_INT(jaxc_array_size(r), c0 * c1);
    CHECK_EQ_INT(jaxc_array_ndim(r), 2 - sp[0].index - sp[1].index);
    for (int64_t i = 0; i < c0 && jaxc_array_size(r) == c0 * c1; i++)
      for (int64_t j = 0; j < c1; j++) CHECK(dval(r, i * c1 + j) == dval(a, p0[i] * 7 + p1[j]));
    jaxc_array_free(r);
    n_slice++;
  }
  /* x[::-1] of a 1-d view (nspec < ndim: trailing axes whole) */
  jaxc_array *r = jaxc_slice(a, 1, (jaxc_slice_spec[]){JAXC_S(JAXC_NONE, JAXC_NONE, -1)});
  CHECK(r && jaxc_array_shape(r)[0] == 6 && jaxc_array_shape(r)[1] == 7 && dval(r, 0) == dval(a, 35));
  jaxc_array_free(r);
  CHECK(jaxc_slice(a, 1, (jaxc_slice_spec[]){JAXC_S(0, 3, 0)}) == NULL && strcmp(jaxc_last_error(), "slice step cannot be zero") == 0);
  CHECK(jaxc_slice(a, 3, (jaxc_slice_spec[]){JAXC_ALL, JAXC_ALL, JAXC_ALL}) == NULL && jaxc_last_status() == JAXC_ERR_INDEX);
  CHECK(jaxc_slice(NULL, 0, NULL) == NULL);
  CHECK_EQ_INT(checksum(a), h);
  n_slice += 5;
  jaxc_array_free(a);
}

/* --- .at[] updates ------------------------------------------------------------------------------------ */
/* One combining step in float (the promoted dtype of an f32 or int32 operand with f32/weak-float updates). */
static double combine(jaxc_op op, double x, double u) {
  switch (op) {
  case JAXC_OP_SET: return u;
  case JAXC_OP_ADD: return (double)((float)x + (float)u);
  case JAXC_OP_MULTIPLY: return (double)((float)x * (float)u);
  case JAXC_OP_MINIMUM: return (x != x || u != u) ? NAN : x < u ? x : u;
  default: return (x != x || u != u) ? NAN : x > u ? x : u;
  }
}

static void check_update(jaxc_dtype dt, jaxc_op op, jaxc_index_mode mode, bool scalar_update) {
  const int64_t R = 5, C = 3;
  jaxc_array *a = jaxc_array_empty(dt, 2, (int64_t[]){R, C});
  for (int64_t i = 0; i < R * C; i++) {
    double v = (double)rand_in(-9, 9) + (dt == JAXC_F32 ? 0.25 : 0.0);
    jaxc_kernel_cast_dyn(JAXC_F64, dt, 1, &v, (char *)jaxc_array_data(a) + (size_t)i * jaxc_dtype_size(dt));
  }
  int32_t idx[5] = {(int32_t)rand_in(0, R - 1), (int32_t)rand_in(-R, -1), (int32_t)rand_in(R, 2 * R), (int32_t)rand_in(-3 * R, -R - 1), 0};
  idx[4] = idx[0]; /* a duplicate */
  jaxc_array *ix = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){5}, idx);
  float uv[15];
  for (int i = 0; i < 15; i++) uv[i] = (float)rand_in(-4, 4) * 0.75f;
  jaxc_array *u = scalar_update ? jaxc_weak_float(2.7) : jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){5, C}, uv);
  uint64_t ha = checksum(a), hi = checksum(ix), hu = checksum(u);
  jaxc_array *r = jaxc_at_update(op, a, ix, u, mode);
  CHECK(checksum(a) == ha && checksum(ix) == hi && checksum(u) == hu);
  CHECK_MSG(r != NULL, "at_update: %s", jaxc_last_error());
  if (r) {
    CHECK_EQ_INT(jaxc_array_dtype(r), dt); /* the input's dtype, whatever the updates */
    /* reference: promote to float32, apply in order, convert back */
    double w[15];
    for (int64_t i = 0; i < R * C; i++) w[i] = dval(a, i);
    for (int k = 0; k < 5; k++) {
      int64_t p = idx[k] < 0 ? idx[k] + R : idx[k];
      if (mode == JAXC_MODE_CLIP) p = p < 0 ? 0 : p > R - 1 ? R - 1 : p;
      else if (p < 0 || p >= R) continue; /* dropped */
      for (int64_t c = 0; c < C; c++) {
        double uu = scalar_update ? (double)2.7f : (double)uv[k * C + c];
        w[p * C + c] = combine(op, w[p * C + c], uu);
      }
    }
    for (int64_t i = 0; i < R * C; i++) {
      double want = dt == JAXC_I32 ? (w[i] != w[i] ? 0 : trunc(w[i])) : (double)(float)w[i];
      CHECK_MSG(same(dval(r, i), want), "at[].%s %s mode %d elem %lld: got %g want %g", jaxc_op_name(op), jaxc_dtype_name(dt),
                (int)mode, (long long)i, dval(r, i), want);
    }
    jaxc_array_free(r);
  }
  n_update++;
  jaxc_array_free(a); jaxc_array_free(ix); jaxc_array_free(u);
}

static void test_updates(void) {
  static const jaxc_op ops[] = {JAXC_OP_SET, JAXC_OP_ADD, JAXC_OP_MULTIPLY, JAXC_OP_MINIMUM, JAXC_OP_MAXIMUM};
  static const jaxc_index_mode modes[] = {JAXC_MODE_DEFAULT, JAXC_MODE_DROP, JAXC_MODE_FILL, JAXC_MODE_CLIP, JAXC_MODE_PROMISE_IN_BOUNDS};
  for (int rep = 0; rep < 20; rep++)
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
      for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
        check_update(JAXC_F32, ops[o], modes[m], rep % 2);
        check_update(JAXC_I32, ops[o], modes[m], rep % 2);
      }
  /* x.at[2].set(2.7) on int32 stores 2; x.at[1].add(0.5) twice (duplicates) in float: 1 + 0.5 + 0.5 = 2 */
  int32_t xi[4] = {1, 1, 1, 1};
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){4}, xi);
  jaxc_array *two = jaxc_weak_int(2), *w27 = jaxc_weak_float(2.7), *half = jaxc_weak_float(0.5);
  jaxc_array *r = jaxc_at_update(JAXC_OP_SET, x, two, w27, JAXC_MODE_DEFAULT);
  CHECK(r && jaxc_array_dtype(r) == JAXC_I32 && dval(r, 2) == 2 && dval(r, 1) == 1);
  jaxc_array_free(r);
  jaxc_array *dup = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){1, -3});
  r = jaxc_at_update(JAXC_OP_ADD, x, dup, half, JAXC_MODE_DEFAULT);
  CHECK(r && dval(r, 1) == 2 && dval(r, 0) == 1);
  jaxc_array_free(r);
  /* divide: x / ones.at[idx].multiply(u) -> an int x gives float32; power keeps int */
  r = jaxc_at_update(JAXC_OP_TRUE_DIVIDE, x, dup, two, JAXC_MODE_DEFAULT);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && dval(r, 1) == 0.25 && dval(r, 0) == 1);
  jaxc_array_free(r);
  int32_t x3[3] = {2, 3, 4};
  jaxc_array *y = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, x3);
  jaxc_array *dup3 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){1, -2});
  r = jaxc_at_update(JAXC_OP_POWER, y, dup3, two, JAXC_MODE_DEFAULT); /* index 1 twice: 3 ** (2*2) */
  CHECK(r && jaxc_array_dtype(r) == JAXC_I32 && dval(r, 1) == 81 && dval(r, 0) == 2 && dval(r, 2) == 4);
  jaxc_array_free(r);
  jaxc_array_free(dup3);
  /* slice-based: x.at[1, :].set(1), x.at[::2, 3:].add(7) */
  jaxc_array *m = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){4, 5});
  uint64_t hm = checksum(m);
  jaxc_array *one = jaxc_weak_int(1), *seven = jaxc_weak_int(7);
  r = jaxc_at_update_slice(JAXC_OP_SET, m, 2, (jaxc_slice_spec[]){JAXC_I(1), JAXC_ALL}, one, JAXC_MODE_DEFAULT);
  for (int i = 0; r && i < 20; i++) CHECK(dval(r, i) == (i / 5 == 1 ? 1 : 0));
  jaxc_array *r2 = r ? jaxc_at_update_slice(JAXC_OP_ADD, r, 2, (jaxc_slice_spec[]){JAXC_S(JAXC_NONE, JAXC_NONE, 2), JAXC_S(3, JAXC_NONE, JAXC_NONE)}, seven, JAXC_MODE_DEFAULT) : NULL;
  for (int i = 0; r2 && i < 20; i++) CHECK(dval(r2, i) == (i / 5 == 1 ? 1 : 0) + ((i / 5) % 2 == 0 && i % 5 >= 3 ? 7 : 0));
  CHECK(r && r2 && checksum(m) == hm);
  jaxc_array_free(r); jaxc_array_free(r2);
  /* row updates broadcast along the indexed shape; x.at[1:, ::-1] with an (ncols,) row */
  float row[5] = {1, 2, 3, 4, 5};
  jaxc_array *rw = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){5}, row);
  r = jaxc_at_update_slice(JAXC_OP_SET, m, 2, (jaxc_slice_spec[]){JAXC_S(1, JAXC_NONE, JAXC_NONE), JAXC_S(JAXC_NONE, JAXC_NONE, -1)}, rw, JAXC_MODE_DEFAULT);
  for (int i = 0; r && i < 20; i++) CHECK(dval(r, i) == (i < 5 ? 0 : row[4 - i % 5]));
  jaxc_array_free(r);
  /* an integer index out of range drops (default) or clips */
  r = jaxc_at_update_slice(JAXC_OP_SET, m, 1, (jaxc_slice_spec[]){JAXC_I(9)}, one, JAXC_MODE_DEFAULT);
  CHECK(r && checksum(r) == hm);
  jaxc_array_free(r);
  r = jaxc_at_update_slice(JAXC_OP_SET, m, 1, (jaxc_slice_spec[]){JAXC_I(9)}, one, JAXC_MODE_CLIP);
  for (int i = 0; r && i < 20; i++) CHECK(dval(r, i) == (i >= 15 ? 1 : 0));
  jaxc_array_free(r);
  /* steps at the ends of int64: x.at[::INT64_MAX, ::-INT64_MAX].set(1) updates the one element
     m[0, 4] (a length computed as (stop - start + step - 1) / step would overflow) */
  r = jaxc_at_update_slice(JAXC_OP_SET, m, 2, (jaxc_slice_spec[]){JAXC_S(JAXC_NONE, JAXC_NONE, INT64_MAX),
                           JAXC_S(JAXC_NONE, JAXC_NONE, -INT64_MAX)}, one, JAXC_MODE_DEFAULT);
  for (int i = 0; r && i < 20; i++) CHECK(dval(r, i) == (i == 4 ? 1 : 0));
  jaxc_array_free(r);
  /* at_update_axis: x.at[:, idx].add(u) with a repeated column */
  jaxc_array *cols = jaxc_array_from_data(JAXC_I64, 1, (int64_t[]){3}, (int64_t[]){4, -1, 0});
  r = jaxc_at_update_axis(JAXC_OP_ADD, m, cols, 1, one, JAXC_MODE_DEFAULT);
  for (int i = 0; r && i < 20; i++) CHECK(dval(r, i) == (i % 5 == 4 ? 2 : i % 5 == 0 ? 1 : 0));
  jaxc_array_free(r);
  n_update += 10;
  /* errors leak nothing and say why */
  jaxc_array *bad = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4});
  CHECK(jaxc_at_update(JAXC_OP_SET, m, dup, bad, JAXC_MODE_DEFAULT) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE &&
        strstr(jaxc_last_error(), "Incompatible shapes for broadcasting") != NULL);
  CHECK(jaxc_at_update(JAXC_OP_SUBTRACT, m, dup, one, JAXC_MODE_DEFAULT) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_at_update(JAXC_OP_SET, m, dup, one, JAXC_MODE_WRAP) == NULL && strstr(jaxc_last_error(), "Unknown gather mode") != NULL);
  CHECK(jaxc_at_update(JAXC_OP_SET, m, bad, one, JAXC_MODE_DEFAULT) == NULL &&
        strstr(jaxc_last_error(), "Indexer must have integer or boolean type") != NULL);
  CHECK(jaxc_at_update(JAXC_OP_SET, NULL, dup, one, JAXC_MODE_DEFAULT) == NULL);
  CHECK(jaxc_at_update(JAXC_OP_SET, m, dup, NULL, JAXC_MODE_DEFAULT) == NULL);
  CHECK(jaxc_at_update(JAXC_OP_SET, m, NULL, one, JAXC_MODE_DEFAULT) == NULL);
  CHECK(jaxc_at_update((jaxc_op)(JAXC_NUM_OPS + 7), m, dup, one, JAXC_MODE_DEFAULT) == NULL);
  CHECK(jaxc_at_update(JAXC_OP_SET, m, dup, one, (jaxc_index_mode)-2) == NULL);
  CHECK(jaxc_at_update_axis(JAXC_OP_SET, m, dup, 2, one, JAXC_MODE_DEFAULT) == NULL &&
        strcmp(jaxc_last_error(), "axis 2 is out of bounds for array of dimension 2") == 0);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  jaxc_array *i8 = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){1});
  CHECK(jaxc_at_update(JAXC_OP_SET, m, dup, i8, JAXC_MODE_DEFAULT) == NULL && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  CHECK(checksum(m) == hm);
  n_error += 12;
  jaxc_array_free(i8); jaxc_array_free(bad); jaxc_array_free(cols); jaxc_array_free(rw);
  jaxc_array_free(one); jaxc_array_free(seven); jaxc_array_free(m); jaxc_array_free(y);
  jaxc_array_free(dup); jaxc_array_free(x); jaxc_array_free(two); jaxc_array_free(w27); jaxc_array_free(half);
}

/* --- JAX facts checked against jax/_src/numpy/indexing.py, jax/_src/ops/scatter.py and
   jax/_src/lax/slicing.py (JAX 0.11) ------------------------------------------------------------ */
static jaxc_array *f32v(int n, const float *v) { return jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){n}, v); }
static bool shape_is(const jaxc_array *r, int nd, const int64_t *sh) {
  if (!r || jaxc_array_ndim(r) != nd) return false;
  for (int i = 0; i < nd; i++) if (jaxc_array_shape(r)[i] != sh[i]) return false;
  return true;
}
static bool vals_are(const jaxc_array *r, int n, const double *want) {
  if (!r || jaxc_array_size(r) != n) return false;
  for (int i = 0; i < n; i++) if (!same(dval(r, i), want[i])) return false;
  return true;
}

static void test_jax_facts(void) {
  jaxc_array *x = f32v(3, (const float[]){1, 2, 3}), *w9 = jaxc_weak_float(9), *r;
  /* _take: `if slice_sizes[axis_idx] == 0: if indices.size != 0: raise IndexError(...); return a`,
     whatever the other dimensions are; with no indices it is the (flattened) operand itself. */
  jaxc_array *e00 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){0, 0});
  jaxc_array *e0 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){0});
  jaxc_array *i0 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){1}, (const int32_t[]){0});
  jaxc_array *i20 = jaxc_array_zeros(JAXC_I32, 2, (int64_t[]){2, 0});
  CHECK(jaxc_take(e00, i0, 1, JAXC_MODE_DEFAULT, NULL) == NULL && jaxc_last_status() == JAXC_ERR_INDEX &&
        strcmp(jaxc_last_error(), "Cannot do a non-empty jnp.take() from an empty axis.") == 0);
  r = jaxc_take(e0, i20, 0, JAXC_MODE_DEFAULT, NULL);
  CHECK(shape_is(r, 1, (int64_t[]){0}));
  jaxc_array_free(r);
  r = jaxc_take(e00, i20, JAXC_ALL_AXES, JAXC_MODE_CLIP, NULL);
  CHECK(shape_is(r, 1, (int64_t[]){0}));
  jaxc_array_free(r);
  /* an empty index array: zeros of the result shape before lax.gather checks the index dtype */
  jaxc_array *f0 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){0});
  r = jaxc_take(x, f0, 0, JAXC_MODE_DEFAULT, NULL);
  CHECK(shape_is(r, 1, (int64_t[]){0}));
  jaxc_array_free(r);

  /* bool index arrays in jnp.take: fill mode computes where(i < 0, i + n, i), which promotes a bool
     to int (True is 1); wrap computes mod(i, _const(i, n)) = mod(i, True) = 0; clip hands the bool
     array to lax.gather: "indices must have an integer type". */
  jaxc_array *bi = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){2}, (const bool[]){true, false});
  r = jaxc_take(x, bi, 0, JAXC_MODE_DEFAULT, NULL);
  CHECK(vals_are(r, 2, (const double[]){2, 1}));
  jaxc_array_free(r);
  r = jaxc_take(x, bi, 0, JAXC_MODE_WRAP, NULL);
  CHECK(vals_are(r, 2, (const double[]){1, 1}));
  jaxc_array_free(r);
  CHECK(jaxc_take(x, bi, 0, JAXC_MODE_CLIP, NULL) == NULL && strcmp(jaxc_last_error(), "indices must have an integer type") == 0);

  /* index_to_gather converts (normalised) indices to int32 (int_dtype_for_shape); _normalize_index
     leaves unsigned indices alone, so uint32 2^32-1 is int32 -1: out of bounds, not x[2]. */
  jaxc_array *u32 = jaxc_array_from_data(JAXC_U32, 1, (int64_t[]){1}, (const uint32_t[]){4294967295u});
  r = jaxc_index_take(x, u32, 0, JAXC_MODE_DEFAULT, NULL); /* promise_in_bounds: XLA clamps -1 to 0 */
  CHECK(vals_are(r, 1, (const double[]){1}));
  jaxc_array_free(r);
  r = jaxc_index_take(x, u32, 0, JAXC_MODE_CLIP, NULL);
  CHECK(vals_are(r, 1, (const double[]){1}));
  jaxc_array_free(r);
  r = jaxc_index_take(x, u32, 0, JAXC_MODE_FILL, NULL);
  CHECK(vals_are(r, 1, (const double[]){NAN}));
  jaxc_array_free(r);
  r = jaxc_at_update(JAXC_OP_SET, x, u32, w9, JAXC_MODE_DEFAULT); /* dropped */
  CHECK(vals_are(r, 3, (const double[]){1, 2, 3}));
  jaxc_array_free(r);
  r = jaxc_take(x, u32, 0, JAXC_MODE_CLIP, NULL); /* jnp.take's clip gathers with the uint32 itself */
  CHECK(vals_are(r, 1, (const double[]){3}));
  jaxc_array_free(r);
  r = jaxc_take(x, u32, 0, JAXC_MODE_FILL, NULL);
  CHECK(vals_are(r, 1, (const double[]){NAN}));
  jaxc_array_free(r);
  jaxc_set_x64(true);
  jaxc_array *u64 = jaxc_array_from_data(JAXC_U64, 1, (int64_t[]){1}, (const uint64_t[]){UINT64_MAX});
  r = jaxc_take(x, u64, 0, JAXC_MODE_FILL, NULL); /* never counts from the end */
  CHECK(vals_are(r, 1, (const double[]){NAN}));
  jaxc_array_free(r);
  r = jaxc_take(x, u64, 0, JAXC_MODE_CLIP, NULL); /* unsigned clamp: the last element */
  CHECK(vals_are(r, 1, (const double[]){3}));
  jaxc_array_free(r);
  r = jaxc_index_take(x, u64, 0, JAXC_MODE_FILL, NULL);
  CHECK(vals_are(r, 1, (const double[]){NAN}));
  jaxc_array_free(r);
  r = jaxc_at_update(JAXC_OP_ADD, x, u64, w9, JAXC_MODE_DEFAULT);
  CHECK(vals_are(r, 3, (const double[]){1, 2, 3}));
  jaxc_array_free(r);
  jaxc_array_free(u64);
  jaxc_set_x64(false);

  /* the axis size as a constant of the index dtype (int8 cannot hold 200) */
  jaxc_array *x200 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){200});
  jaxc_array *i8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){1}, (const int8_t[]){-1});
  CHECK(jaxc_take(x200, i8, 0, JAXC_MODE_DEFAULT, NULL) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW &&
        strcmp(jaxc_last_error(), "Python int 200 too large to convert to int8") == 0);
  CHECK(jaxc_take(x200, i8, 0, JAXC_MODE_WRAP, NULL) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW &&
        strcmp(jaxc_last_error(), "Python integer 200 out of bounds for int8") == 0);
  CHECK(jaxc_index_take(x200, i8, 0, JAXC_MODE_DEFAULT, NULL) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  CHECK(jaxc_at_update(JAXC_OP_SET, x200, i8, w9, JAXC_MODE_DEFAULT) == NULL &&
        jaxc_last_status() == JAXC_ERR_OVERFLOW);
  r = jaxc_take(x200, i8, 0, JAXC_MODE_CLIP, NULL); /* clip does no arithmetic: -1 clamps to 0 */
  CHECK(vals_are(r, 1, (const double[]){0}));
  jaxc_array_free(r);
  jaxc_array *u8 = jaxc_array_from_data(JAXC_U8, 1, (int64_t[]){1}, (const uint8_t[]){199});
  r = jaxc_index_take(x200, u8, 0, JAXC_MODE_DEFAULT, NULL); /* unsigned: not normalised, fine */
  CHECK(r != NULL);
  jaxc_array_free(r);

  /* _scatter_impl: `if core.is_empty_shape(indexer.slice_shape): return x`, before promote_dtypes,
     broadcast_to and the scatter's mode parsing */
  jaxc_array *none = jaxc_array_zeros(JAXC_I32, 1, (int64_t[]){0});
  jaxc_array *u5 = f32v(5, (const float[]){9, 9, 9, 9, 9});
  r = jaxc_at_update(JAXC_OP_SET, x, none, u5, JAXC_MODE_DEFAULT);
  CHECK(vals_are(r, 3, (const double[]){1, 2, 3}) && jaxc_array_dtype(r) == JAXC_F32);
  jaxc_array_free(r);
  r = jaxc_at_update(JAXC_OP_ADD, x, none, u5, JAXC_MODE_WRAP);
  CHECK(vals_are(r, 3, (const double[]){1, 2, 3}));
  jaxc_array_free(r);
  r = jaxc_at_update(JAXC_OP_TRUE_DIVIDE, x, none, u5, JAXC_MODE_DEFAULT); /* x / ones_like(x) */
  CHECK(vals_are(r, 3, (const double[]){1, 2, 3}));
  jaxc_array_free(r);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  jaxc_array *i8u = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){1});
  r = jaxc_at_update(JAXC_OP_SET, x, none, i8u, JAXC_MODE_DEFAULT);
  CHECK(vals_are(r, 3, (const double[]){1, 2, 3}));
  jaxc_array_free(r);
  jaxc_set_promotion(JAXC_RULES_JAX);
  r = jaxc_at_update_slice(JAXC_OP_SET, x, 1, (jaxc_slice_spec[]){JAXC_S(2, 1, 1)}, u5, JAXC_MODE_DEFAULT);
  CHECK(vals_are(r, 3, (const double[]){1, 2, 3}));
  jaxc_array_free(r);
  /* _gather returns full_like before lax.gather parses the mode */
  r = jaxc_index_take(x, none, 0, JAXC_MODE_WRAP, NULL);
  CHECK(shape_is(r, 1, (int64_t[]){0}));
  jaxc_array_free(r);
  /* non-empty: still refused */
  CHECK(jaxc_at_update(JAXC_OP_SET, x, i0, u5, JAXC_MODE_WRAP) == NULL && strcmp(jaxc_last_error(), "Unknown gather mode \"wrap\"") == 0);
  n_error += 30;
  jaxc_array_free(i8u); jaxc_array_free(none); jaxc_array_free(u5); jaxc_array_free(u8); jaxc_array_free(i8);
  jaxc_array_free(x200); jaxc_array_free(u32); jaxc_array_free(bi); jaxc_array_free(f0); jaxc_array_free(i20);
  jaxc_array_free(i0); jaxc_array_free(e0); jaxc_array_free(e00); jaxc_array_free(x); jaxc_array_free(w9);
}

int main(void) {
  rng = 0x2545F4914F6CDD1Du; /* this test's inputs */
  test_take();
  test_slices();
  test_updates();
  test_jax_facts();
  printf("test_index cases: take %ld, slices %ld, updates %ld, errors %ld\n", n_take, n_slice, n_update, n_error);
  return check_summary("test_index");
}
