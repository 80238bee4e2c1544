/* test_fuzz.c — the whole API called at random with arguments good and bad: every dtype (and
   invalid enums), every op, shapes that broadcast and shapes that do not, empty and 0-d arrays,
   weak scalars and C scalars of every kind and size, NULL, axes and index modes in and out of
   range, overflowing shapes, the x64 and
   strict switches flipped between calls. Whatever the call, it must not crash (ASan/UBSan), leak
   (LSan) or touch its inputs, and it must report consistently: a result and status OK with an
   empty message, or NULL and a valid error status with a message. Where it succeeds, the
   result's shape is checked against the rule computed here independently (broadcasting,
   reductions, take, sort), and its dtype against the library's own result query. A failing
   _into call leaves its output as it was. Seeded, and every random draw in its own statement (an
   argument list's order is the compiler's), so a failure reproduces under any compiler. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"

enum { ITERS = 300000, POOL = 64, MAXN = 24 };

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t next_u64(void) { /* xorshift64* */
  rng ^= rng >> 12, rng ^= rng << 25, rng ^= rng >> 27;
  return rng * 0x2545f4914f6cdd1du;
}
static int pick(int n) { return (int)(next_u64() % (uint64_t)n); }
static bool coin(int one_in) { return pick(one_in) == 0; }

/* --- arguments ------------------------------------------------------------------------------------ */
static jaxc_dtype any_dtype(void) {
  static const int bad[] = {-1, JAXC_NUM_DTYPES, 99, -1000};
  return coin(12) ? (jaxc_dtype)bad[pick(4)] : (jaxc_dtype)pick(JAXC_NUM_DTYPES);
}
static jaxc_op any_op(void) { return coin(20) ? (jaxc_op)(coin(2) ? -1 : JAXC_NUM_OPS + pick(3)) : (jaxc_op)pick(JAXC_NUM_OPS); }
/* mostly an op of the kind the call takes (found by trying each on float32), sometimes any */
static jaxc_op kind_ops[3][JAXC_NUM_OPS];
static int n_kind_ops[3];
enum { UNARY, BINARY, REDUCTION };
static void sort_ops(void) {
  jaxc_array *v = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){0.5f, 2.0f});
  for (int op = 0; op < JAXC_NUM_OPS; op++) {
    jaxc_array *r[3] = {jaxc_unary((jaxc_op)op, v), jaxc_binary((jaxc_op)op, v, v), jaxc_reduce((jaxc_op)op, v, 0)};
    for (int k = 0; k < 3; k++)
      if (r[k]) kind_ops[k][n_kind_ops[k]++] = (jaxc_op)op, jaxc_array_free(r[k]);
  }
  jaxc_array_free(v);
  if (n_kind_ops[UNARY] < 20 || n_kind_ops[BINARY] < 20 || n_kind_ops[REDUCTION] < 8) {
    fprintf(stderr, "test_fuzz: only %d unary, %d binary, %d reduction ops\n", n_kind_ops[0], n_kind_ops[1], n_kind_ops[2]);
    exit(1);
  }
}
static jaxc_op op_of(int kind) { return coin(8) ? any_op() : kind_ops[kind][pick(n_kind_ops[kind])]; }
static int any_axis(void) {
  static const int odd[] = {JAXC_ALL_AXES, -1000000, 1000000, -4, 4, 8};
  return coin(4) ? odd[pick(6)] : pick(7) - 3;
}
static jaxc_index_mode any_mode(void) { return (jaxc_index_mode)(coin(15) ? 77 : pick(6)); }

static const int64_t shapes[][3] = {{0}, {3}, {2, 3}, {3, 1}, {1, 3}, {0}, {2, 0}, {4, 1, 2}, {1}, {2, 3}, {3, 3}, {2, 2, 2}};
static const int ndims[] = {0, 1, 2, 2, 2, 1, 2, 3, 1, 2, 2, 3}; /* (the last two square, for linalg) */
static jaxc_array *pool[POOL];        /* the inputs: every call draws from here */
static unsigned char *pool_bytes[POOL]; /* their contents, to see they never change */
static jaxc_array *outs[4];           /* _into outputs */

static jaxc_array *random_array(void) {
  int s = pick(12);
  jaxc_dtype d = (jaxc_dtype)pick(JAXC_NUM_CONCRETE_DTYPES);
  unsigned char data[MAXN * 16];
  for (size_t i = 0; i < sizeof data; i++) data[i] = (unsigned char)next_u64();
  if (d == JAXC_BOOL) for (size_t i = 0; i < sizeof data; i++) data[i] &= 1;
  if (coin(3) && d >= JAXC_I8 && d <= JAXC_I64) /* small signed values: good indices */
    for (int i = 0; i < MAXN; i++) {
      int64_t v = pick(11) - 5;
      jaxc_kernel_cast_dyn(JAXC_I64, d, 1, &v, data + (size_t)i * jaxc_dtype_size(d));
    }
  return jaxc_array_from_data(d, ndims[s], shapes[s], data);
}
static void make_pool(void) {
  for (int i = 0; i < POOL; i++) {
    int kind = i % 16;
    pool[i] = kind == 13 ? jaxc_weak_int(pick(7) - 3) : kind == 14 ? jaxc_weak_float(pick(2) ? 0.5 : NAN)
            : kind == 15 ? jaxc_weak_complex(1, -2) : random_array();
    size_t bytes = (size_t)jaxc_array_size(pool[i]) * jaxc_dtype_size(jaxc_array_dtype(pool[i]));
    pool_bytes[i] = (unsigned char *)malloc(bytes + 1);
    if (!pool[i] || !pool_bytes[i] || jaxc_array_copy_to(pool[i], pool_bytes[i], bytes) != JAXC_OK) {
      fprintf(stderr, "test_fuzz: could not make the pool\n");
      exit(1);
    }
  }
  outs[0] = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 3});
  outs[1] = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){3});
  outs[2] = jaxc_array_zeros(JAXC_C64, 0, NULL);
  outs[3] = jaxc_array_zeros(JAXC_BOOL, 2, (int64_t[]){3, 3});
}
static const jaxc_array *arg(void) { return coin(40) ? NULL : pool[pick(POOL)]; }

/* a shape for creation: small, or invalid (negative, rank out of range, overflowing) */
static int rand_shape(int64_t *shape) {
  int nd = coin(10) ? (coin(2) ? -1 : JAXC_MAX_NDIM + 1) : pick(4);
  for (int i = 0; i < JAXC_MAX_NDIM + 1; i++) shape[i] = pick(4);
  if (coin(8)) {
    int at = pick(nd > 0 && nd <= JAXC_MAX_NDIM ? nd : 1);
    shape[at] = coin(2) ? -1 : INT64_C(1) << 62;
  }
  if (coin(10) && nd >= 2) shape[0] = shape[1] = INT64_C(1) << 40; /* the product overflows */
  return nd;
}

/* --- expected shapes, computed here ------------------------------------------------------------- */
typedef struct { int nd; int64_t d[JAXC_MAX_NDIM + 2]; } shp;
static shp shape_of(const jaxc_array *a) {
  shp s = {jaxc_array_ndim(a), {0}};
  for (int i = 0; i < s.nd; i++) s.d[i] = jaxc_array_shape(a)[i];
  return s;
}
static bool broadcast(shp a, shp b, shp *r) {
  r->nd = a.nd > b.nd ? a.nd : b.nd;
  for (int i = 0; i < r->nd; i++) {
    int64_t x = i < r->nd - a.nd ? 1 : a.d[i - (r->nd - a.nd)], y = i < r->nd - b.nd ? 1 : b.d[i - (r->nd - b.nd)];
    if (x != y && x != 1 && y != 1) return false;
    r->d[i] = x == 1 ? y : x;
  }
  return true;
}
static bool same_shape(const jaxc_array *r, shp want) {
  shp got = shape_of(r);
  if (got.nd != want.nd) return false;
  for (int i = 0; i < got.nd; i++)
    if (got.d[i] != want.d[i]) return false;
  return true;
}
static int norm_axis(int axis, int nd) { return axis < 0 ? axis + nd : axis; }

/* --- the calls ---------------------------------------------------------------------------------- */
static long n_calls, n_ok, n_fail, n_shape_checked;
static long n_status[JAXC_NUM_STATUSES];

static void check_report(const char *what, const void *r, bool ok_by_status) {
  jaxc_status s = jaxc_last_status();
  n_calls++;
  CHECK_MSG((unsigned)s < JAXC_NUM_STATUSES, "%s: status %d out of range", what, (int)s);
  if ((unsigned)s < JAXC_NUM_STATUSES) n_status[s]++;
  bool ok = r ? true : ok_by_status;
  if (ok) {
    n_ok++;
    CHECK_MSG(s == JAXC_OK && jaxc_last_error()[0] == 0, "%s: succeeded with status %d '%s'", what, (int)s, jaxc_last_error());
  } else {
    n_fail++;
    CHECK_MSG(s != JAXC_OK && jaxc_last_error()[0] != 0, "%s: failed with status %d and message '%s'", what, (int)s,
              jaxc_last_error());
  }
}
static const char *shape_str(shp s, char *buf) {
  char *p = buf;
  p += sprintf(p, "(");
  for (int i = 0; i < s.nd; i++) p += sprintf(p, i ? ", %lld" : "%lld", (long long)s.d[i]);
  sprintf(p, ")");
  return buf;
}
static void expect_shape(const char *what, const jaxc_array *r, shp want) {
  if (!r) return;
  n_shape_checked++;
  char g[200], w[200];
  CHECK_MSG(same_shape(r, want), "%s: result shape %s, want %s", what, shape_str(shape_of(r), g), shape_str(want, w));
}

static void fuzz_binary(void) {
  const jaxc_array *a = arg(), *b = arg();
  jaxc_op op = op_of(BINARY);
  bool weak;
  jaxc_dtype rd = jaxc_binary_result(op, a, b, &weak);
  jaxc_array *r = jaxc_binary(op, a, b);
  check_report("binary", r, false);
  shp want;
  if (r) {
    CHECK_MSG(broadcast(shape_of(a), shape_of(b), &want), "binary op %d: shapes that do not broadcast succeeded", (int)op);
    expect_shape("binary", r, want);
    CHECK_MSG(jaxc_array_dtype(r) == rd && jaxc_array_is_weak(r) == weak, "binary op %d: dtype %d, result query %d",
              (int)op, (int)jaxc_array_dtype(r), (int)rd);
  } else if (a && b) { /* (the values may refuse what the dtypes allow: overflowing weak ints, an integer
                          raised to a negative weak int, which JAX sees at trace time) */
    CHECK_MSG(rd == JAXC_DTYPE_INVALID || !broadcast(shape_of(a), shape_of(b), &want) || jaxc_last_status() == JAXC_ERR_NAN ||
              jaxc_last_status() == JAXC_ERR_OVERFLOW || jaxc_last_status() == JAXC_ERR_NOMEM ||
              (op == JAXC_OP_POWER && strstr(jaxc_last_error(), "negative powers")),
              "binary op %d failed (%s) though its result query gave dtype %d", (int)op, jaxc_last_error(), (int)rd);
  }
  jaxc_array_free(r);
}
/* an array and a C scalar, in either order, through the _Generic front's path: weak ints of any
   size (too large for the array's dtype: JAX's error), unsigned ones, floats, bools */
static void fuzz_scalar_operand(void) {
  static const long long ints[] = {0, 1, -1, 127, 128, -129, 255, 256, 65536, INT32_MAX, (long long)INT32_MAX + 1, INT64_MIN, INT64_MAX};
  static const double floats[] = {0.5, -0.0, 1e40, -1e300, 65520.0};
  const jaxc_array *a = arg();
  jaxc_op op = op_of(BINARY);
  int kind = pick(4), v = pick(13);
  jaxc_operand s = kind == 0 ? jaxc__opnd_int(ints[v]) : kind == 1 ? jaxc__opnd_uint(UINT64_MAX - (unsigned)v)
                 : kind == 2 ? jaxc__opnd_float(v >= 5 ? (double)NAN : floats[v]) : jaxc__opnd_bool(v & 1);
  bool first = coin(2);
  jaxc_array *r = first ? jaxc_binary_operands(op, s, jaxc__opnd_array(a)) : jaxc_binary_operands(op, jaxc__opnd_array(a), s);
  check_report("binary with a scalar", r, false);
  if (r) expect_shape("binary with a scalar", r, shape_of(a));
  jaxc_array_free(r);
}
static void fuzz_unary(void) {
  const jaxc_array *a = arg();
  if (coin(8)) { /* the two-result functions: both results of a's shape, or both NULL */
    jaxc_array *r1 = NULL, *r2 = NULL;
    bool fx = coin(2);
    int st = fx ? jaxc_frexp(a, &r1, &r2) : jaxc_modf(a, &r1, &r2);
    CHECK_MSG((st == JAXC_OK) == (r1 && r2) && (st == JAXC_OK || (!r1 && !r2)), "%s: status %d with results %p %p",
              fx ? "frexp" : "modf", st, (void *)r1, (void *)r2);
    check_report(fx ? "frexp" : "modf", r1, false);
    if (r1 && r2) expect_shape("frexp/modf", r1, shape_of(a)), expect_shape("frexp/modf", r2, shape_of(a));
    jaxc_array_free(r1), jaxc_array_free(r2);
    return;
  }
  jaxc_array *r = jaxc_unary(op_of(UNARY), a);
  check_report("unary", r, false);
  if (r) expect_shape("unary", r, shape_of(a));
  jaxc_array_free(r);
}
static void fuzz_reduce(void) {
  const jaxc_array *a = arg();
  int axis = any_axis(), k = pick(4);
  bool keep = coin(2);
  jaxc_op op = op_of(REDUCTION);
  jaxc_array *r = k == 0 ? jaxc_reduce_ex(op, a, axis, keep)
                : k == 1 ? jaxc_var_ddof(a, axis, keep, coin(2) ? 1.0 : -3.5)
                : k == 2 ? jaxc_nanargmax(a, axis, keep) : jaxc_reduce(op, a, axis);
  check_report("reduce", r, false);
  if (r && k == 0 && a) { /* a reduction (cumulative ops keep the shape or flatten) */
    shp s = shape_of(a), want = {0, {0}};
    int ax = norm_axis(axis, s.nd);
    if (op == JAXC_OP_CUMSUM || op == JAXC_OP_CUMPROD || op == JAXC_OP_NANCUMSUM || op == JAXC_OP_NANCUMPROD) { /* keep the shape, or flatten (keepdims ignored) */
      if (axis == JAXC_ALL_AXES) want.nd = 1, want.d[0] = jaxc_array_size(a);
      else want = s;
    } else if (axis == JAXC_ALL_AXES) {
      if (keep) { want.nd = s.nd; for (int i = 0; i < s.nd; i++) want.d[i] = 1; }
    } else {
      for (int i = 0; i < s.nd; i++)
        if (i != ax) want.d[want.nd++] = s.d[i];
        else if (keep) want.d[want.nd++] = 1;
    }
    char what[400], in[200];
    snprintf(what, sizeof what, "reduce op of %s axis %d keepdims %d", shape_str(s, in), axis, keep);
    expect_shape(what, r, want);
  }
  jaxc_array_free(r);
}
static void fuzz_where_astype(void) {
  const jaxc_array *c = arg(), *x = arg(), *y = arg();
  jaxc_array *r = jaxc_where(c, x, y);
  check_report("where", r, false);
  shp t, want = {0, {0}};
  if (r) {
    CHECK(broadcast(shape_of(c), shape_of(x), &t) && broadcast(t, shape_of(y), &want));
    expect_shape("where", r, want);
  }
  jaxc_array_free(r);
  jaxc_dtype d = any_dtype();
  r = jaxc_astype(x, d);
  check_report("astype", r, false);
  if (r) expect_shape("astype", r, shape_of(x));
  jaxc_array_free(r);
}
static void fuzz_index(void) {
  const jaxc_array *a = arg(), *ix = arg(), *fill = coin(3) ? arg() : NULL;
  int axis = any_axis();
  jaxc_index_mode mode = any_mode();
  bool plain = coin(2);
  jaxc_array *r = plain ? jaxc_take(a, ix, axis, mode, fill) : jaxc_index_take(a, ix, axis, mode, fill);
  check_report(plain ? "take" : "index_take", r, false);
  if (r && a && ix && axis != JAXC_ALL_AXES && jaxc_array_ndim(a) > 0) {
    shp s = shape_of(a), i = shape_of(ix), want = {0, {0}};
    int ax = norm_axis(axis, s.nd);
    for (int k = 0; k < ax; k++) want.d[want.nd++] = s.d[k];
    for (int k = 0; k < i.nd; k++) want.d[want.nd++] = i.d[k];
    for (int k = ax + 1; k < s.nd; k++) want.d[want.nd++] = s.d[k];
    if (plain && s.d[ax] == 0) want = s; /* jnp.take returns the operand itself from an empty axis */
    char what[600], in[200], in2[200];
    snprintf(what, sizeof what, "%s of %s with indices %s axis %d mode %d", plain ? "take" : "index_take",
             shape_str(s, in), shape_str(i, in2), axis, (int)mode);
    expect_shape(what, r, want);
  }
  jaxc_array_free(r);
  jaxc_slice_spec spec[4];
  int nspec = pick(5) - (coin(20) ? 3 : 0);
  for (int k = 0; k < 4; k++) {
    static const int64_t ends[] = {JAXC_NONE, 0, 1, -1, 2, 5, -7, INT64_MAX, INT64_MIN + 1};
    int64_t start = ends[pick(9)], stop = ends[pick(9)], step = coin(4) ? ends[pick(9)] : pick(5) - 2;
    spec[k] = coin(3) ? JAXC_I(start) : JAXC_S(start, stop, step);
  }
  r = jaxc_slice(a, nspec, coin(30) ? NULL : spec);
  check_report("slice", r, false);
  jaxc_array_free(r);
  const jaxc_array *u = arg();
  static const jaxc_op upd[] = {JAXC_OP_SET, JAXC_OP_ADD, JAXC_OP_MULTIPLY, JAXC_OP_MINIMUM, JAXC_OP_MAXIMUM,
                                JAXC_OP_TRUE_DIVIDE, JAXC_OP_POWER, JAXC_OP_SUBTRACT};
  jaxc_op op = coin(10) ? any_op() : upd[pick(8)];
  int k = pick(3);
  r = k == 0 ? jaxc_at_update(op, a, ix, u, mode)
    : k == 1 ? jaxc_at_update_axis(op, a, ix, axis, u, mode) : jaxc_at_update_slice(op, a, nspec, spec, u, mode);
  check_report("at_update", r, false);
  if (r && a) { /* x.at[...].op(u) keeps x's shape, dtype and weak flag (not divide/power: their dtype) */
    expect_shape("at_update", r, shape_of(a));
    if (op != JAXC_OP_TRUE_DIVIDE && op != JAXC_OP_POWER) CHECK(jaxc_array_dtype(r) == jaxc_array_dtype(a));
  }
  jaxc_array_free(r);
}
static void fuzz_sort_create_print(void) {
  const jaxc_array *a = arg();
  int axis = any_axis();
  bool arg_sort = coin(2);
  jaxc_array *r = arg_sort ? jaxc_argsort(a, axis) : jaxc_sort(a, axis);
  check_report("sort", r, false);
  if (r && a && axis != JAXC_ALL_AXES) expect_shape("sort", r, shape_of(a));
  if (r && !arg_sort) CHECK(jaxc_array_dtype(r) == jaxc_array_dtype(a));
  jaxc_array_free(r);
  int64_t shape[JAXC_MAX_NDIM + 1];
  int nd = rand_shape(shape);
  jaxc_dtype d = any_dtype();
  static const unsigned char data[64 * 16];
  int64_t size = 1;
  bool small = nd >= 0 && nd <= JAXC_MAX_NDIM;
  for (int i = 0; small && i < nd; i++) small = shape[i] >= 0 && shape[i] <= 64, size *= small ? shape[i] : 1;
  r = coin(2) ? jaxc_array_zeros(d, nd, shape) : small && size <= 64 ? jaxc_array_from_data(d, nd, shape, data)
                                                                    : jaxc_array_empty(d, nd, shape);
  check_report("create", r, false);
  CHECK_MSG(r || !small || (unsigned)d >= JAXC_NUM_CONCRETE_DTYPES, "creating a small %s array failed: %s",
            jaxc_dtype_name(d), jaxc_last_error());
  jaxc_array_free(r);
  jaxc_key key = jaxc_random_key((int64_t)next_u64());
  double p = coin(5) ? NAN : coin(2) ? -0.5 : 0.25;
  int k = pick(6), lo = pick(9) - 4, hi = pick(9) - 4;
  r = k == 0 ? jaxc_random_bits(key, d, nd, shape) : k == 1 ? jaxc_random_uniform(key, d, nd, shape, p, 1.0)
    : k == 2 ? jaxc_random_normal(key, d, nd, shape) : k == 3 ? jaxc_random_randint(key, d, nd, shape, lo, hi)
    : k == 4 ? jaxc_random_bernoulli(key, p, nd, shape) : jaxc_random_permutation(key, pick(40) - 5);
  check_report("random", r, false);
  jaxc_array_free(r);
  if (coin(8)) {
    FILE *f = fopen("/dev/null", "w");
    if (f) {
      int s = jaxc_array_print(a, f);
      check_report("print", NULL, s == JAXC_OK);
      fclose(f);
    }
  }
  unsigned char buf[64 * 16];
  int s = jaxc_array_copy_to(a, buf, (size_t)pick(sizeof buf + 1));
  check_report("copy_to", NULL, s == JAXC_OK);
}
static void fuzz_into(void) {
  jaxc_array *o = outs[pick(4)];
  size_t bytes = (size_t)jaxc_array_size(o) * jaxc_dtype_size(jaxc_array_dtype(o));
  unsigned char before[64 * 16], after[64 * 16];
  jaxc_array_copy_to(o, before, sizeof before);
  int k = pick(3);
  bool nans = coin(4);
  jaxc_set_debug_nans(nans);
  jaxc_op op = op_of(k == 0 ? BINARY : UNARY);
  const jaxc_array *a = arg(), *b = arg();
  jaxc_array *r = k == 0 ? jaxc_binary_into(op, a, b, o) : k == 1 ? jaxc_unary_into(op, a, o) : jaxc_astype_into(a, o);
  jaxc_set_debug_nans(false);
  check_report("into", r, false);
  CHECK(r == NULL || r == o);
  if (!r) {
    jaxc_array_copy_to(o, after, sizeof after);
    CHECK_MSG(memcmp(before, after, bytes) == 0, "a failing _into call changed its output");
  }
}

/* scalars of any dtype, views of caller memory, and the random generators' caller-memory forms */
static void fuzz_caller_memory(void) {
  static const double vals[] = {0.0, -1.0, 3.7, 1e300, -300.0, 65504.0};
  int v = pick(6);
  double re = coin(10) ? NAN : vals[v];
  jaxc_array *r = jaxc_scalar(any_dtype(), re, -re);
  check_report("scalar", r, false);
  if (r) CHECK(jaxc_array_ndim(r) == 0 && jaxc_array_size(r) == 1);
  jaxc_array_free(r);
  static union { long double align; unsigned char b[64 * 16]; } mem;
  static jaxc_array storage;
  int64_t shape[JAXC_MAX_NDIM + 1];
  int nd = rand_shape(shape);
  bool small = nd >= 0 && nd <= JAXC_MAX_NDIM;
  int64_t size = 1;
  for (int i = 0; small && i < nd; i++) small = shape[i] >= 0 && shape[i] <= 64, size *= small ? shape[i] : 1;
  jaxc_dtype d = any_dtype();
  if (!(small && size <= 64)) nd = -1; /* (a view of more than mem holds would be the caller's bug) */
  for (size_t i = 0; i < sizeof mem.b; i++) mem.b[i] = d == JAXC_BOOL ? (unsigned char)(i & 1) : (unsigned char)next_u64();
  bool no_storage = coin(20), no_data = coin(20);
  jaxc_array *w = jaxc_array_wrap(no_storage ? NULL : &storage, d, nd, shape, no_data ? NULL : mem.b);
  check_report("wrap", w, false);
  if (w) {
    bool data_ok = jaxc_array_data(w) == mem.b || (size == 0 && no_data); /* (no memory needed) */
    CHECK_MSG(w == &storage && data_ok && jaxc_array_size(w) == size, "wrap %s, rank %d: size %lld, want %lld",
              jaxc_dtype_name(d), nd, (long long)jaxc_array_size(w), (long long)size);
    const jaxc_array *b = arg();
    jaxc_array *sum = jaxc_add(w, b);
    check_report("add to a view", sum, false);
    jaxc_array_free(sum);
    jaxc_array_free(w); /* (frees nothing: the caller's) */
  }
  jaxc_key key = jaxc_random_key((int64_t)next_u64()), keys[4];
  int n = pick(6) - 1;
  bool null_out = coin(10);
  jaxc_random_split(key, n, null_out ? NULL : keys);
  check_report("split", NULL, jaxc_last_status() == JAXC_OK);
  CHECK((n >= 0 && !null_out) == (jaxc_last_status() == JAXC_OK) || n == 0);
  int64_t count = coin(10) ? -3 : pick(65);
  static union { long double align; unsigned char b[8192]; } scratch;
  if (jaxc_random_permutation_scratch_bytes(64) > sizeof scratch.b) {
    fprintf(stderr, "test_fuzz: permutation scratch of 64 elements is over %zu bytes\n", sizeof scratch.b);
    exit(1);
  }
  int k = pick(6);
  void *out = coin(20) ? NULL : mem.b;
  int st = k == 0 ? jaxc_random_bits_into(key, d, count, out) : k == 1 ? jaxc_random_uniform_into(key, d, count, re, 2.0, out)
         : k == 2 ? jaxc_random_normal_into(key, d, count, out) : k == 3 ? jaxc_random_randint_into(key, d, count, -9, v, out)
         : k == 4 ? jaxc_random_bernoulli_into(key, re, count, (bool *)out)
         : jaxc_random_permutation_into(key, count, out, coin(10) ? NULL : scratch.b);
  check_report("random into", NULL, st == JAXC_OK);
  CHECK((st == JAXC_OK) == (jaxc_last_status() == JAXC_OK));
}

/* the contractions, diagonal, trace, diag, diagflat, kron: tensordot's int form has the shape a.shape[:-n] + b.shape[n:] */
static void fuzz_contract(void) {
  const jaxc_array *a = arg(), *b = arg();
  jaxc_dtype p = coin(2) ? JAXC_DTYPE_NONE : any_dtype();
  int k = pick(12), n = pick(4) - 1, ax[2] = {any_axis(), any_axis()};
  static const char *const names[] = {"dot", "tensordot", "tensordot_axes", "vdot", "inner", "outer", "vecdot", "matvec", "diagonal", "trace", "diag", "kron"};
  jaxc_array *r = k == 0 ? jaxc_dot(a, b, p) : k == 1 ? jaxc_tensordot(a, b, n, p) : k == 2 ? jaxc_tensordot_axes(a, b, 1, ax, ax + 1, p)
                : k == 3 ? jaxc_vdot(a, b, p) : k == 4 ? jaxc_inner(a, b, p) : k == 5 ? jaxc_outer(a, b) : k == 6 ? jaxc_vecdot(a, b, ax[0], p)
                : k == 7 ? (coin(2) ? jaxc_matvec(a, b) : jaxc_vecmat(a, b)) : k == 8 ? jaxc_diagonal(a, n, ax[0], ax[1])
                : k == 9 ? jaxc_trace(a, n, ax[0], ax[1], p) : k == 10 ? (coin(2) ? jaxc_diag(a, n) : jaxc_diagflat(a, n)) : jaxc_kron(a, b);
  check_report(names[k], r, false);
  if (r && k == 1) {
    shp sa = shape_of(a), sb = shape_of(b), want = {0, {0}};
    int m = n < 0 ? 0 : n;
    for (int i = 0; i < sa.nd - m; i++) want.d[want.nd++] = sa.d[i];
    for (int i = m; i < sb.nd; i++) want.d[want.nd++] = sb.d[i];
    expect_shape("tensordot", r, want);
  }
  jaxc_array_free(r);
}

/* jnp.linalg: every function on pool arrays (any dtype, rank 0-3, square or not, NULL) and bad
   ord / mode / UPLO strings; a function of several results gives all of them or none */
static void fuzz_linalg(void) {
  static const char *const ords[] = {NULL, "fro", "nuc", "1", "-1", "2", "-2", "inf", "-inf", "0", "bad"};
  static const char *const modes[] = {NULL, "reduced", "complete", "r", "raw", "economic"};
  static const char *const uplos[] = {NULL, "L", "U", "x"};
  static const char *const names[] = {"lu", "det", "slogdet", "solve", "inv", "cholesky", "matrix_power", "norm",
                                      "matrix_norm", "svdvals", "matrix_rank", "svd", "qr", "eigh", "eigvalsh", "eig",
                                      "eigvals", "pinv", "lstsq", "cond", "tensorinv", "tensorsolve", "multi_dot"};
  const jaxc_array *a = arg(), *b = arg();
  const char *ord = ords[pick(11)];
  int k = pick(23), axes[2] = {any_axis(), any_axis()};
  jaxc_array *r = NULL, *o[4] = {NULL, NULL, NULL, NULL};
  int st = -1, nout = 0; /* (st: the status of a function of several results) */
  switch (k) {
  case 0: st = jaxc_lax_linalg_lu(a, &o[0], &o[1], &o[2]), nout = 3; break;
  case 1: r = jaxc_linalg_det(a); break;
  case 2: st = jaxc_linalg_slogdet(a, &o[0], &o[1]), nout = 2; break;
  case 3: r = jaxc_linalg_solve(a, b); break;
  case 4: r = jaxc_linalg_inv(a); break;
  case 5: r = jaxc_linalg_cholesky(a, coin(2), coin(2)); break;
  case 6: r = jaxc_linalg_matrix_power(a, pick(9) - 4); break;
  case 7: r = coin(2) ? jaxc_linalg_norm(a, ord, pick(3), axes, coin(2)) : jaxc_linalg_vector_norm(a, ord, pick(3), axes, coin(2)); break;
  case 8: r = jaxc_linalg_matrix_norm(a, ord, coin(2)); break;
  case 9: r = jaxc_linalg_svdvals(a); break;
  case 10: r = jaxc_linalg_matrix_rank(a, coin(2) ? b : NULL); break;
  case 11: {
    bool uv = coin(2);
    st = jaxc_linalg_svd(a, coin(2), uv, coin(2), &o[0], &o[1], &o[2]), nout = uv ? 3 : 0;
    if (!uv) CHECK_MSG(!o[0] && !o[2] && (st == JAXC_OK) == (o[1] != NULL), "svd without vectors: u %p, s %p, vh %p",
                       (void *)o[0], (void *)o[1], (void *)o[2]);
    break;
  }
  case 12: {
    const char *m = modes[pick(6)];
    st = jaxc_linalg_qr(a, m, &o[0], &o[1]), nout = m && !strcmp(m, "r") ? 0 : 2;
    if (!nout) CHECK_MSG(!o[0] && (st == JAXC_OK) == (o[1] != NULL), "qr mode r: q %p, r %p", (void *)o[0], (void *)o[1]);
    break;
  }
  case 13: st = jaxc_linalg_eigh(a, uplos[pick(4)], coin(2), &o[0], &o[1]), nout = 2; break;
  case 14: r = jaxc_linalg_eigvalsh(a, uplos[pick(4)]); break;
  case 15: st = jaxc_linalg_eig(a, &o[0], &o[1]), nout = 2; break;
  case 16: r = jaxc_linalg_eigvals(a); break;
  case 17: r = jaxc_linalg_pinv(a, coin(2) ? b : NULL, coin(2)); break;
  case 18: st = jaxc_linalg_lstsq(a, b, coin(3) ? NULL : arg(), &o[0], &o[1], &o[2], &o[3]), nout = 4; break;
  case 19: r = jaxc_linalg_cond(a, ord); break;
  case 20: r = jaxc_linalg_tensorinv(a, pick(4) - 1); break;
  case 21: r = jaxc_linalg_tensorsolve(a, b, pick(3), coin(2) ? axes : NULL); break;
  default: {
    const jaxc_array *arrs[3] = {a, b, arg()};
    r = jaxc_linalg_multi_dot(pick(4), arrs);
  }
  }
  if (st == -1) check_report(names[k], r, false);
  else {
    check_report(names[k], NULL, st == JAXC_OK);
    CHECK_MSG(st == (int)jaxc_last_status(), "%s: returned %d, status %d", names[k], st, (int)jaxc_last_status());
    for (int i = 0; i < nout; i++)
      CHECK_MSG((o[i] != NULL) == (st == JAXC_OK), "%s: result %d is %p with status %d", names[k], i, (void *)o[i], st);
  }
  jaxc_array_free(r);
  for (int i = 0; i < 4; i++) jaxc_array_free(o[i]);
}

int main(void) {
  sort_ops();
  make_pool();
  for (long it = 0; it < ITERS; it++) {
    if (coin(50)) jaxc_set_x64(coin(2));
    if (coin(50)) jaxc_set_promotion(coin(3) ? JAXC_RULES_JAX : coin(2) ? JAXC_RULES_JAX_STRICT : (jaxc_rules)99);
    switch (pick(7)) {
      case 0: if (coin(3)) fuzz_scalar_operand(); else fuzz_binary(); break;
      case 1: fuzz_binary(); break;
      case 2: fuzz_unary(); break;
      case 3: fuzz_reduce(); break;
      case 4: fuzz_where_astype(); break;
      case 5: fuzz_index(); break;
      default: {
        int k = pick(5);
        if (k == 0) fuzz_sort_create_print();
        else if (k == 1) fuzz_into();
        else if (k == 2) fuzz_caller_memory();
        else if (k == 3) fuzz_contract();
        else fuzz_linalg();
      }
    }
  }
  for (int i = 0; i < POOL; i++) {
    size_t bytes = (size_t)jaxc_array_size(pool[i]) * jaxc_dtype_size(jaxc_array_dtype(pool[i]));
    unsigned char *now = (unsigned char *)malloc(bytes + 1);
    CHECK(now && jaxc_array_copy_to(pool[i], now, bytes) == JAXC_OK && memcmp(now, pool_bytes[i], bytes) == 0);
    free(now), free(pool_bytes[i]), jaxc_array_free(pool[i]);
  }
  for (int i = 0; i < 4; i++) jaxc_array_free(outs[i]);
  printf("test_fuzz: %ld calls: %ld succeeded (%ld shapes checked), %ld failed:", n_calls, n_ok, n_shape_checked, n_fail);
  for (int s = 1; s < JAXC_NUM_STATUSES; s++) printf(" %s %ld", jaxc_status_str((jaxc_status)s), n_status[s]);
  printf("\n");
  CHECK_MSG(n_ok > n_calls / 10 && n_fail > n_calls / 10, "the mix should both succeed and fail often");
  return check_summary("test_fuzz");
}
