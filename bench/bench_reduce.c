/* bench_reduce.c — reductions (sum, max, argmax, var and the nan reductions, whole arrays and along an
   axis, nancumsum) against a same-run copy of the same bytes and NumPy's same call (np.sum,
   np.nansum, np.nanmean, np.nanmax, np.nanvar, np.nancumsum, ...).
   GB/s = bytes read + written once; copy: a 2-thread memcpy of as many bytes, and jaxc's speed as
   a share of it (a reduction reads its input once: near 100% it runs at the memory's speed).
   Inputs: floats uniform in [0, 1) with NaN at the row's rate, int8 over its range, drawn alike
   here and in NumPy. ns/elem: jaxc's, best of REPS with the buffer cache on; numpy: its GB/s
   and jaxc's speed as a multiple of it.
   Run: make bench (or build/opt/bench_reduce [min_log2 max_log2 [rows whose name contains this]],
   default 20 26, every row) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h" /* (with the C headers and omp.h the benches use) */

enum { REPS = 9 };
typedef struct {
  const char *name, *np; /* NumPy's call on z */
  jaxc_op op;
  jaxc_dtype d;
  double nan_rate;
  int cols; /* 0: the whole array; k: axis 0 of (n / k, k) when k < 64, axis 1 of (n / k, k) else;
               -k: axis 0 of (n / k, k) */
} row;
static const row rows[] = {
    {"sum i8 -> i32", "z.sum()", JAXC_OP_SUM, JAXC_I8, 0, 0},
    {"sum f32", "z.sum()", JAXC_OP_SUM, JAXC_F32, 0, 0},
    {"nansum f32", "np.nansum(z)", JAXC_OP_NANSUM, JAXC_F32, 0.1, 0},
    {"nanmean f32", "np.nanmean(z)", JAXC_OP_NANMEAN, JAXC_F32, 0.1, 0},
    {"max f32", "z.max()", JAXC_OP_MAX, JAXC_F32, 0, 0},
    {"nanmax f32", "np.nanmax(z)", JAXC_OP_NANMAX, JAXC_F32, 0.1, 0},
    {"argmax f32", "z.argmax()", JAXC_OP_ARGMAX, JAXC_F32, 0, 0},
    {"argmax i16", "z.argmax()", JAXC_OP_ARGMAX, JAXC_I16, 0, 0},
    {"argmax f32 rows of 64", "z.argmax(axis=1)", JAXC_OP_ARGMAX, JAXC_F32, 0, 64},
    {"var f32", "z.var()", JAXC_OP_VAR, JAXC_F32, 0, 0},
    {"nanvar f32", "np.nanvar(z)", JAXC_OP_NANVAR, JAXC_F32, 0.1, 0},
    {"nancumsum f32", "np.nancumsum(z)", JAXC_OP_NANCUMSUM, JAXC_F32, 0.1, 0},
    {"sum f32 axis 0 (n/8, 8)", "z.sum(axis=0)", JAXC_OP_SUM, JAXC_F32, 0, 8},
    {"nanmean f32 axis 0 (n/8, 8)", "np.nanmean(z, axis=0)", JAXC_OP_NANMEAN, JAXC_F32, 0.1, 8},
    {"nansum f32 rows of 64", "np.nansum(z, axis=1)", JAXC_OP_NANSUM, JAXC_F32, 0.1, 64},
    {"sum f32 rows of 64", "z.sum(axis=1)", JAXC_OP_SUM, JAXC_F32, 0, 64},
    {"max f32 rows of 64", "z.max(axis=1)", JAXC_OP_MAX, JAXC_F32, 0, 64},
    {"var f32 rows of 64", "z.var(axis=1)", JAXC_OP_VAR, JAXC_F32, 0, 64},
    {"sum f32 axis 0 (n/64, 64)", "z.sum(axis=0)", JAXC_OP_SUM, JAXC_F32, 0, -64},
    {"sum f32 axis 0 (n/1024, 1024)", "z.sum(axis=0)", JAXC_OP_SUM, JAXC_F32, 0, -1024},
    {"max f32 axis 0 (n/1024, 1024)", "z.max(axis=0)", JAXC_OP_MAX, JAXC_F32, 0, -1024},
    {"argmax f32 axis 0 (n/1024, 1024)", "z.argmax(axis=0)", JAXC_OP_ARGMAX, JAXC_F32, 0, -1024},
    {"var f32 axis 0 (n/1024, 1024)", "z.var(axis=0)", JAXC_OP_VAR, JAXC_F32, 0, -1024},
    {"nanmean f32 axis 0 (n/1024, 1024)", "np.nanmean(z, axis=0)", JAXC_OP_NANMEAN, JAXC_F32, 0.1, -1024},
    {"sum i8 -> i32 axis 0 (n/1024, 1024)", "z.sum(axis=0, dtype=np.int32)", JAXC_OP_SUM, JAXC_I8, 0, -1024},
};

static uint64_t rs = 0x9E3779B97F4A7C15u;
static uint64_t next(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
static jaxc_array *input(const row *r, int nd, const int64_t *s) {
  jaxc_array *a = jaxc_array_empty(r->d, nd, s);
  if (!a) return NULL;
  int64_t n = jaxc_array_size(a);
  size_t es = jaxc_dtype_size(r->d);
  char *p = (char *)jaxc_array_data(a);
  for (int64_t i = 0; i < n; i++) {
    uint64_t u = next();
    if (jaxc_dtype_kind(r->d) == JAXC_KIND_FLOAT) {
      double v = (double)(u >> 11) * 0x1p-53;
      if ((double)(next() >> 11) * 0x1p-53 < r->nan_rate) v = NAN;
      jaxc_kernel_cast_dyn(JAXC_F64, r->d, 1, &v, p + (size_t)i * es);
    } else {
      memcpy(p + (size_t)i * es, &u, es); /* (little-endian: the low bytes) */
    }
  }
  return a;
}
typedef struct timed { const row *r; const jaxc_array *z; int axis; } timed;
static jaxc_array *run_once(const timed *c) { return jaxc_reduce(c->r->op, c->z, c->axis); }
static bool time_once(void *ctx) { /* (the free is timed too: a large result goes to the buffer cache) */
  jaxc_array *res = run_once((const timed *)ctx);
  jaxc_array_free(res);
  return res != NULL;
}
static double numpy_seconds(const row *r, int nd, const int64_t *zs) {
  char shape[64], made[200], setup[400];
  bench_shape_tuple(shape, sizeof shape, nd, zs);
  if (jaxc_dtype_kind(r->d) == JAXC_KIND_FLOAT) snprintf(made, sizeof made, "g.random(s).astype(d); z[g.random(s) < %g] = np.nan", r->nan_rate);
  else snprintf(made, sizeof made, "g.integers(np.iinfo(d).min, np.iinfo(d).max, s, dtype=d, endpoint=True)");
  snprintf(setup, sizeof setup, "g = np.random.default_rng(1); s = (%s); d = '%s'; z = %s", shape, jaxc_dtype_name(r->d), made);
  return bench_numpy_best(setup, r->np, REPS);
}

static int bench_row(const row *r, int lg) {
  int64_t n = (int64_t)1 << lg, zs[2] = {n, 1};
  int nd = 1, axis = JAXC_ALL_AXES;
  int cols = r->cols < 0 ? -r->cols : r->cols;
  if (cols) zs[0] = n / cols, zs[1] = cols, nd = 2, axis = r->cols < 64 ? 0 : 1;
  jaxc_array *z = input(r, nd, zs);
  timed call = {r, z, axis};
  jaxc_array *probe = z ? run_once(&call) : NULL;
  if (!probe) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  size_t bytes = (size_t)n * jaxc_dtype_size(r->d) + (size_t)jaxc_array_size(probe) * jaxc_dtype_size(jaxc_array_dtype(probe));
  jaxc_array_free(probe);
  double t, t_copy;
  if (!bench_best_with_copy(time_once, &call, bytes, REPS, &t, &t_copy)) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  printf("  %-36s %5d", r->name, lg);
  bench_print_figures(n, bytes, t, t_copy, numpy_seconds(r, nd, zs), false, 16);
  jaxc_array_free(z);
  return 0;
}

int main(int argc, char **argv) {
  bench_range range = bench_args(argc, argv);
  printf("bench_reduce: best of %d, %d thread(s); GB/s = bytes read + written; NumPy: 1 thread\n", REPS, bench_threads());
  printf("  %-36s %5s %8s %8s %8s %6s %16s\n", "op", "log2n", "ns/elem", "copy", "GB/s", "copy", "numpy: GB/s jaxc");
  BENCH_EACH_ROW(rows, range, bench_row);
  if (!bench_numpy_present()) printf("  (numpy: not available to /usr/bin/python3, skipped)\n");
  return 0;
}
