/* bench_sort.c — sort, argsort, searchsorted, unique, set operations, quantiles, histogram and
   diff against a same-run copy of the same bytes and NumPy's same call (np.sort(kind='stable') and
   np.argsort(kind='stable'), as jnp's sorts are stable; np.searchsorted; np.unique; np.isin,
   np.intersect1d, ...; np.median, np.quantile, np.nanmedian; np.histogram, histogram2d (of z and
   q), histogramdd (z as n/4 points of 4 values); np.diff; np.gradient (unit spacing, and at the
   sorted z's points); np.interp at n random queries into 1024 points; np.ptp; np.average weighted
   by q; np.cov and np.corrcoef of z as 8 rows of n/8 observations: NumPy computes these in
   float64, jnp in the input's dtype); np.trapz (unit spacing, and at the sorted z's points); np.polyval of arange(9) / 8 at z;
   np.packbits of uint8 z; np.unwrap(z * 8); np.select of z and q under c0 = z < 0.3 and c1 = q > 0.5;
   np.choose of z and q by a = (q < 0.5) as int8; np.compress(c0, z); np.array_equal of z and a
   copy of it.
   GB/s = bytes read + written once; copy: a 2-thread memcpy of as many bytes, and jaxc's speed as
   a share of it (sorting is not a one-pass op: the share says how many copies' time it takes).
   Inputs are random, drawn alike here and in NumPy: floats uniform in [0, 1), integers over
   their whole range (searchsorted: the sorted array of n values and n queries; unique: n values
   from n/16 distinct ones; set operations: two such operands, w drawn after z, isin's small set
   w's first 1000). ns/elem: jaxc's, the buffer cache on (the steady state of a loop),
   best of REPS; numpy: its GB/s and jaxc's speed as a multiple of it.
   Run: make bench (or build/opt/bench_sort [min_log2 max_log2 [rows whose name contains this]],
   default 20 26, every row) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h" /* (with the C headers and omp.h the benches use) */

enum { REPS = 5 };
typedef enum { SORT, ARGSORT, SORT_ROWS, SEARCH, UNIQUE, MEDIAN, QUANTILE3, NANMEDIAN, MEDIAN_ROWS, HISTOGRAM, DIFF,
               ARGSORT_DESC, LEXSORT2, INTERP, HISTOGRAM2D, HISTOGRAMDD, GRADIENT, PTP, AVERAGE, COV, CORRCOEF, TRAPEZOID, POLYVAL, PACKBITS, UNWRAP, SELECT, CHOOSE, COMPRESS, EQUAL, TOP_K, PARTITION, ARGPARTITION, ISIN, ISIN_SMALL, INTERSECT, UNION, SETDIFF, SETXOR } kind;
#define IS_SETOP(k) ((k) >= ISIN)
typedef struct {
  const char *name, *np; /* NumPy's call on z (and q, the queries) */
  kind k;
  jaxc_dtype d;
} row;
static const row rows[] = {
    {"sort f32", "np.sort(z, kind='stable')", SORT, JAXC_F32},
    {"sort f64", "np.sort(z, kind='stable')", SORT, JAXC_F64},
    {"sort i8", "np.sort(z, kind='stable')", SORT, JAXC_I8},
    {"sort i32", "np.sort(z, kind='stable')", SORT, JAXC_I32},
    {"sort i16", "np.sort(z, kind='stable')", SORT, JAXC_I16},
    {"sort f16", "np.sort(z, kind='stable')", SORT, JAXC_F16},
    {"sort bf16", "", SORT, JAXC_BF16},
    {"argsort f32", "np.argsort(z, kind='stable')", ARGSORT, JAXC_F32},
    {"argsort i64", "np.argsort(z, kind='stable')", ARGSORT, JAXC_I64},
    {"argsort f32 descending", "np.argsort(-z, kind='stable')", ARGSORT_DESC, JAXC_F32},
    {"lexsort f32 2 keys", "np.lexsort((z, q))", LEXSORT2, JAXC_F32},
    {"top_k f32 k=100", "np.argpartition(-z, 100)", TOP_K, JAXC_F32},
    {"partition f32 n/2", "np.partition(z, len(z) // 2)", PARTITION, JAXC_F32},
    {"argpartition f32 n/2", "np.argpartition(z, len(z) // 2)", ARGPARTITION, JAXC_F32},
    {"sort f32 rows of 64", "np.sort(z, axis=1, kind='stable')", SORT_ROWS, JAXC_F32},
    {"searchsorted f32", "np.searchsorted(zs, q)", SEARCH, JAXC_F32},
    {"interp f32 1024 points", "np.interp(q, zs[::len(zs) // 1024], zs[::len(zs) // 1024])", INTERP, JAXC_F32},
    {"unique f32", "np.unique(z)", UNIQUE, JAXC_F32},
    {"unique i32 +counts", "np.unique(z, return_counts=True)", UNIQUE, JAXC_I32},
    {"isin i32", "np.isin(z, w)", ISIN, JAXC_I32},
    {"isin f32", "np.isin(z, w)", ISIN, JAXC_F32},
    {"isin i32 in 1000", "np.isin(z, w[:1000])", ISIN_SMALL, JAXC_I32},
    {"intersect1d i32", "np.intersect1d(z, w)", INTERSECT, JAXC_I32},
    {"intersect1d f32 +ind", "np.intersect1d(z, w, return_indices=True)", INTERSECT, JAXC_F32},
    {"union1d f32", "np.union1d(z, w)", UNION, JAXC_F32},
    {"setdiff1d i32", "np.setdiff1d(z, w)", SETDIFF, JAXC_I32},
    {"setxor1d i32", "np.setxor1d(z, w)", SETXOR, JAXC_I32},
    {"median f32", "np.median(z)", MEDIAN, JAXC_F32},
    {"quantile f32 3 q", "np.quantile(z, [0.25, 0.5, 0.75])", QUANTILE3, JAXC_F32},
    {"nanmedian f32", "np.nanmedian(z)", NANMEDIAN, JAXC_F32},
    {"median f32 rows of 64", "np.median(z, axis=1)", MEDIAN_ROWS, JAXC_F32},
    {"histogram f32 100 bins", "np.histogram(z, 100)", HISTOGRAM, JAXC_F32},
    {"histogram2d f32 10x10", "np.histogram2d(z, q, 10)", HISTOGRAM2D, JAXC_F32},
    {"histogramdd f32 4 axes", "np.histogramdd(z, 8)", HISTOGRAMDD, JAXC_F32},
    {"diff f32", "np.diff(z)", DIFF, JAXC_F32},
    {"gradient f32", "np.gradient(z)", GRADIENT, JAXC_F32},
    {"gradient f32 at points", "np.gradient(z, zs)", GRADIENT, JAXC_F32},
    {"ptp f32", "np.ptp(z)", PTP, JAXC_F32},
    {"ptp i16", "np.ptp(z)", PTP, JAXC_I16},
    {"average f32 weighted", "np.average(z, weights=q)", AVERAGE, JAXC_F32},
    {"cov f32 8 rows", "np.cov(z)", COV, JAXC_F32},
    {"corrcoef f32 8 rows", "np.corrcoef(z)", CORRCOEF, JAXC_F32},
    {"cov f64 8 rows", "np.cov(z)", COV, JAXC_F64},
    {"trapezoid f32", "np.trapz(z)", TRAPEZOID, JAXC_F32},
    {"trapezoid f32 at points", "np.trapz(z, zs)", TRAPEZOID, JAXC_F32},
    {"polyval f32 degree 8", "np.polyval(np.arange(9, dtype=d) / 8, z)", POLYVAL, JAXC_F32},
    {"packbits u8", "np.packbits(z)", PACKBITS, JAXC_U8},
    {"unwrap f32", "np.unwrap(z * 8)", UNWRAP, JAXC_F32},
    {"select f32 2 conds", "np.select([c0, c1], [z, q])", SELECT, JAXC_F32},
    {"choose f32 2 choices", "np.choose(a, [z, q])", CHOOSE, JAXC_F32},
    {"compress f32", "np.compress(c0, z)", COMPRESS, JAXC_F32},
    {"array_equal f32", "np.array_equal(z, w)", EQUAL, JAXC_F32},
    {"array_equal i32", "np.array_equal(z, w)", EQUAL, JAXC_I32},
};
/* select's conditions c0 = z < 0.3, c1 = q > 0.5; choose's index a = q < 0.5 as int8; array_equal's
   w, a copy of z (equal: the whole of both is read) */
static jaxc_array *c0, *c1, *ai, *zw;

static uint64_t rs = 0x9E3779B97F4A7C15u;
static uint64_t next(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }
/* floats uniform in [0, 1) (through float64), integers over their range; `distinct` > 0: k *
   7919 mod 2^16 - 2^15 for k drawn from [0, distinct), floats divided by 2^15 */
static jaxc_array *input(jaxc_dtype d, int nd, const int64_t *s, int64_t distinct) {
  jaxc_array *a = jaxc_array_empty(d, nd, s);
  if (!a) return NULL;
  int64_t n = jaxc_array_size(a);
  size_t es = jaxc_dtype_size(d);
  char *p = (char *)jaxc_array_data(a);
  for (int64_t i = 0; i < n; i++) {
    uint64_t u = next();
    if (distinct) {
      double v = (double)((int64_t)((u % (uint64_t)distinct) * 7919 % 65536) - 32768);
      if (jaxc_dtype_kind(d) == JAXC_KIND_FLOAT) v /= 32768;
      jaxc_kernel_cast_dyn(JAXC_F64, d, 1, &v, p + (size_t)i * es);
    } else if (jaxc_dtype_kind(d) == JAXC_KIND_FLOAT) {
      double v = (double)(u >> 11) * 0x1p-53;
      jaxc_kernel_cast_dyn(JAXC_F64, d, 1, &v, p + (size_t)i * es);
    } else {
      memcpy(p + (size_t)i * es, &u, es); /* (little-endian: the low bytes) */
    }
  }
  return a;
}
static jaxc_array *run_once(const row *r, const jaxc_array *z, const jaxc_array *q) {
  jaxc_array *v = NULL, *c = NULL;
  switch (r->k) {
  case MEDIAN: return jaxc_median(z, JAXC_ALL_AXES, false);
  case QUANTILE3: return jaxc_quantile(z, q, JAXC_ALL_AXES, JAXC_QUANTILE_LINEAR, false);
  case NANMEDIAN: return jaxc_nanmedian(z, JAXC_ALL_AXES, false);
  case MEDIAN_ROWS: return jaxc_median(z, 1, false);
  case HISTOGRAM:
    jaxc_histogram(z, 100, NULL, NULL, NULL, false, &v, &c);
    jaxc_array_free(c);
    return v;
  case HISTOGRAM2D: jaxc_histogram2d(z, q, (const int64_t[]){10, 10}, NULL, NULL, NULL, false, &v, NULL, NULL); return v;
  case HISTOGRAMDD: jaxc_histogramdd(z, 4, (const int64_t[]){8, 8, 8, 8}, NULL, NULL, NULL, false, &v, NULL); return v;
  case DIFF: return jaxc_diff(z, 1, 0, NULL, NULL);
  case GRADIENT: jaxc_gradient(z, q ? 1 : 0, (const jaxc_array *const[]){q}, 0, NULL, &v); return v;
  case PTP: return jaxc_ptp(z, JAXC_ALL_AXES, false);
  case TRAPEZOID: return jaxc_trapezoid(z, q, NULL, -1);
  case POLYVAL: return jaxc_polyval(q, z);
  case PACKBITS: return jaxc_packbits(z, JAXC_ALL_AXES, NULL);
  case UNWRAP: return jaxc_unwrap(z, NULL, -1, NULL);
  case SELECT: return jaxc_select(2, (const jaxc_array *const[]){c0, c1}, (const jaxc_array *const[]){z, q}, NULL);
  case CHOOSE: return jaxc_choose(ai, 2, (const jaxc_array *const[]){z, q}, JAXC_MODE_DEFAULT);
  case COMPRESS: return jaxc_compress(c0, z, JAXC_ALL_AXES, JAXC_NONE, NULL);
  case EQUAL: return jaxc_array_equal(z, zw, false);
  case AVERAGE: return jaxc_average(z, JAXC_ALL_AXES, q, false, NULL);
  case COV: return jaxc_cov(z, NULL, true, false, JAXC_NONE, NULL, NULL, JAXC_DTYPE_NONE);
  case CORRCOEF: return jaxc_corrcoef(z, NULL, true, JAXC_DTYPE_NONE);
  case SEARCH: return jaxc_searchsorted(z, q, JAXC_SIDE_LEFT, NULL);
  case INTERP: return jaxc_interp(q, z, z, NULL, NULL, NULL, 0);
  case UNIQUE:
    jaxc_unique_ex(z, JAXC_ALL_AXES, true, JAXC_NONE, NULL, &v, NULL, NULL, r->d == JAXC_I32 ? &c : NULL);
    jaxc_array_free(c);
    return v;
  case ARGSORT: return jaxc_argsort(z, 0);
  case ARGSORT_DESC: return jaxc_argsort_ex(z, 0, true, true);
  case LEXSORT2: return jaxc_lexsort(2, (const jaxc_array *const[]){z, q}, 0);
  case TOP_K:
    jaxc_top_k(z, 100, 0, &v, &c);
    jaxc_array_free(v);
    return c;
  case PARTITION: return jaxc_partition(z, jaxc_array_size(z) / 2, 0);
  case ARGPARTITION: return jaxc_argpartition(z, jaxc_array_size(z) / 2, 0);
  case SORT_ROWS: return jaxc_sort(z, 1);
  case ISIN: case ISIN_SMALL: return jaxc_isin(z, q, false);
  case INTERSECT:
    jaxc_intersect1d(z, q, false, JAXC_NONE, NULL, &v, r->d == JAXC_F32 ? &c : NULL, NULL);
    jaxc_array_free(c);
    return v;
  case UNION: return jaxc_union1d(z, q, JAXC_NONE, NULL);
  case SETDIFF: return jaxc_setdiff1d(z, q, false, JAXC_NONE, NULL);
  case SETXOR: return jaxc_setxor1d(z, q, false, JAXC_NONE, NULL);
  default: return jaxc_sort(z, 0);
  }
}
typedef struct timed { const row *r; const jaxc_array *z, *q; } timed;
static bool time_once(void *ctx) { /* (the free is timed too: a large result goes to the buffer cache) */
  const timed *c = (const timed *)ctx;
  jaxc_array *res = run_once(c->r, c->z, c->q);
  jaxc_array_free(res);
  return res != NULL;
}
static double numpy_seconds(const row *r, int nd, const int64_t *zs, int64_t distinct) {
  if (!*r->np) return -1;
  char setup[1000], shape[64];
  bench_shape_tuple(shape, sizeof shape, nd, zs);
  const char *make = distinct ? "((g.integers(0, %lld, s) * 7919 %% 65536 - 32768) / (32768 if d[0] == 'f' else 1)).astype(d)"
                   : jaxc_dtype_kind(r->d) == JAXC_KIND_FLOAT ? "g.random(s).astype(d)"
                   : "g.integers(np.iinfo(d).min, np.iinfo(d).max, s, dtype=d, endpoint=True)";
  const char *extra = r->k == SELECT ? "; c0 = z < 0.3; c1 = q > 0.5" : r->k == CHOOSE ? "; a = (q < 0.5).astype(np.int8)"
                      : r->k == COMPRESS ? "; c0 = z < 0.3" : r->k == EQUAL ? "; w = z.copy()" : "";
  char made[200];
  snprintf(made, sizeof made, make, (long long)distinct);
  snprintf(setup, sizeof setup, "g = np.random.default_rng(1); s = (%s); d = '%s'; z = %s; zs = np.sort(z); q = g.random(s).astype(d); w = %s%s",
           shape, jaxc_dtype_name(r->d), made, IS_SETOP(r->k) ? made : "z", extra);
  return bench_numpy_best(setup, r->np, REPS);
}

static int bench_row(const row *r, int lg) {
  if ((r->k == SEARCH || r->k == INTERP) && lg > 24) return 0; /* (NumPy's 2^26 random searches take minutes) */
  int64_t n = (int64_t)1 << lg, zs[2] = {n, 1};
  int nd = 1;
  if (r->k == SORT_ROWS || r->k == MEDIAN_ROWS) zs[0] = n / 64, zs[1] = 64, nd = 2;
  if (r->k == HISTOGRAMDD) zs[0] = n / 4, zs[1] = 4, nd = 2; /* (n values: n / 4 points) */
  if (r->k == COV || r->k == CORRCOEF) zs[0] = 8, zs[1] = n / 8, nd = 2; /* (8 variables) */
  int64_t distinct = r->k == UNIQUE || IS_SETOP(r->k) ? n / 16 : 0;
  jaxc_array *z = input(r->d, nd, zs, distinct), *q = NULL;
  if (r->k == LEXSORT2 || r->k == HISTOGRAM2D || r->k == AVERAGE || r->k == SELECT || r->k == CHOOSE)
    q = input(r->d, nd, zs, 0); /* the second key, y; weights; a second choice */
  if (r->k >= SELECT && r->k <= EQUAL) {
    jaxc_array *t3 = jaxc_weak_float(0.3), *t5 = jaxc_weak_float(0.5), *b = q ? jaxc_less(q, t5) : NULL;
    c0 = jaxc_less(z, t3), c1 = q ? jaxc_greater(q, t5) : NULL, ai = b ? jaxc_astype(b, JAXC_I8) : NULL;
    zw = jaxc_astype(z, r->d);
    jaxc_array_free(t3), jaxc_array_free(t5), jaxc_array_free(b);
  }
  if (IS_SETOP(r->k)) q = input(r->d, nd, r->k == ISIN_SMALL ? (int64_t[]){1000} : zs, distinct);
  if ((r->k == GRADIENT || r->k == TRAPEZOID) && strstr(r->name, "points")) q = jaxc_sort(z, 0); /* (the coordinates: zs) */
  if (r->k == SEARCH || r->k == INTERP) { /* the sorted values, and as many random queries */
    jaxc_array *s = jaxc_sort(z, 0);
    jaxc_array_free(z), z = s, q = input(r->d, nd, zs, 0);
  }
  if (r->k == INTERP) { /* 1024 of them the points (and the values) */
    jaxc_slice_spec every = JAXC_S(JAXC_NONE, JAXC_NONE, n / 1024);
    jaxc_array *s = jaxc_slice(z, 1, &every);
    jaxc_array_free(z), z = s;
  }
  if (r->k == POLYVAL) { /* p = arange(9) / 8 */
    float pv[9];
    for (int i = 0; i < 9; i++) pv[i] = (float)i / 8;
    q = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){9}, pv);
  }
  if (r->k == UNWRAP) { /* z * 8: jumps past pi to take back */
    jaxc_array *t = jaxc_multiply(z, 8);
    jaxc_array_free(z), z = t;
  }
  if (r->k == QUANTILE3) { /* q = [0.25, 0.5, 0.75] */
    int64_t three = 3;
    float qv[3] = {0.25f, 0.5f, 0.75f};
    q = jaxc_array_from_data(JAXC_F32, 1, &three, qv);
  }
  jaxc_array *probe = z ? run_once(r, z, q) : NULL;
  if (!probe) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  size_t bytes = (size_t)n * (jaxc_dtype_size(r->d) * (r->k == SEARCH || r->k == LEXSORT2 || r->k == HISTOGRAM2D || r->k == AVERAGE || r->k == SELECT ||
                                                      r->k == CHOOSE || r->k == EQUAL || ((r->k == GRADIENT || r->k == TRAPEZOID) && q) ? 2 : r->k == INTERP ? 0 : 1)) +
                 (size_t)n * (r->k == SELECT ? 2 : r->k == CHOOSE || r->k == COMPRESS ? 1 : 0) + /* (conditions, the index) */
                 (r->k == INTERP ? (size_t)n * jaxc_dtype_size(r->d) : 0) + /* (interp: the queries; the result below) */
                 (q && IS_SETOP(r->k) ? (size_t)jaxc_array_size(q) * jaxc_dtype_size(r->d) : 0) +
                 (size_t)jaxc_array_size(probe) * jaxc_dtype_size(jaxc_array_dtype(probe)); /* (a quantile: the input) */
  jaxc_array_free(probe);
  timed call = {r, z, q};
  double t, t_copy;
  if (!bench_best_with_copy(time_once, &call, bytes, REPS, &t, &t_copy)) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  printf("  %-22s %5d", r->name, lg);
  bench_print_figures(n, bytes, t, t_copy, numpy_seconds(r, nd, zs, distinct), false, 16);
  jaxc_array_free(z), jaxc_array_free(q);
  jaxc_array_free(c0), jaxc_array_free(c1), jaxc_array_free(ai), jaxc_array_free(zw);
  c0 = c1 = ai = zw = NULL;
  return 0;
}

int main(int argc, char **argv) {
  bench_range range = bench_args(argc, argv);
  jaxc_set_x64(true);
  printf("bench_sort: best of %d, %d thread(s); GB/s = bytes read + written; NumPy: 1 thread\n", REPS, bench_threads());
  printf("  %-22s %5s %8s %8s %8s %6s %16s\n", "op", "log2n", "ns/elem", "copy", "GB/s", "copy", "numpy: GB/s jaxc");
  BENCH_EACH_ROW(rows, range, bench_row);
  return 0;
}
