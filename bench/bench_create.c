/* bench_create.c — full, arange, linspace, eye and tril against a same-run memset and copy of the
   result's bytes, and NumPy's same call. These ops write their result and read nothing (tril
   reads its input too), so the write-only limit is a memset of the result's bytes; the copy
   (read + write) is the yardstick the other benches use. GB/s = bytes written (tril: read +
   written); the two jaxc paths as in bench_shape: `cache` (the result from the buffer cache of
   freed large buffers, a loop's steady state) and `fresh` (the cache off: new memory, first
   touched by the op, huge pages where the kernel gives them). numpy: its GB/s, and jaxc's cache
   path as a multiple of it; ns/elem: the cache path; best of REPS.
   Run: make bench (or build/opt/bench_create [min_log2 max_log2 [rows whose name contains this]],
   default 20 26, every row) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h" /* (with the C headers and omp.h the benches use) */

enum { REPS = 7 };
typedef enum { FULL, ARANGE_INT, ARANGE_STEP, LINSPACE, EYE, TRIL } kind;
typedef struct {
  const char *name, *np; /* NumPy's call: n elements, side = sqrt(n), z a (side, side) input */
  kind k;
  jaxc_dtype d;
} row;
static const row rows[] = {
    {"full f32", "np.full(n, 2.5, np.float32)", FULL, JAXC_F32},
    {"full i8", "np.full(n, 7, np.int8)", FULL, JAXC_I8},
    {"full c128", "np.full(n, 1 + 2j, np.complex128)", FULL, JAXC_C128},
    {"arange i32", "np.arange(n, dtype=np.int32)", ARANGE_INT, JAXC_I32},
    {"arange f32 step", "np.arange(0, n * 0.5, 0.5, dtype=np.float32)", ARANGE_STEP, JAXC_F32},
    {"arange f16 step", "np.arange(0, n * 0.5, 0.5, dtype=np.float16)", ARANGE_STEP, JAXC_F16},
    {"arange f64 step", "np.arange(0, n * 0.5, 0.5, dtype=np.float64)", ARANGE_STEP, JAXC_F64},
    {"linspace f32", "np.linspace(0, 1, n, dtype=np.float32)", LINSPACE, JAXC_F32},
    {"linspace f64", "np.linspace(0, 1, n, dtype=np.float64)", LINSPACE, JAXC_F64},
    {"eye f32", "np.eye(side, dtype=np.float32)", EYE, JAXC_F32},
    {"tril f32", "np.tril(z)", TRIL, JAXC_F32},
};

static jaxc_array *run_once(const row *r, int64_t n, int64_t side, const jaxc_array *z) {
  switch (r->k) {
  case FULL: return jaxc_full(1, &n, 2.5, r->d);
  case ARANGE_INT: return jaxc_arange((long long)n, JAXC_NONE, JAXC_NONE, r->d);
  case ARANGE_STEP: return jaxc_arange(0.0, (double)n * 0.5, 0.5, r->d);
  case LINSPACE: return jaxc_linspace(0, 1, n, true, r->d);
  case EYE: return jaxc_eye(side, side, 0, r->d);
  default: return jaxc_tril(z, 0);
  }
}

/* NumPy's best seconds per call; < 0 without it */
static double numpy_seconds(const row *r, int64_t n, int64_t side) {
  char setup[200];
  snprintf(setup, sizeof setup, "n = %lld; side = %lld; z = np.arange(side * side, dtype=np.float32).reshape(side, side)",
           (long long)n, (long long)side);
  return bench_numpy_best(setup, r->np, REPS);
}

static int bench_row(const row *r, int lg) {
  int64_t n = (int64_t)1 << lg, side = (int64_t)1 << (lg / 2), sq[2] = {side, side};
  jaxc_array *z = NULL;
  if (r->k == EYE || r->k == TRIL) n = side * side;
  if (r->k == TRIL && !(z = jaxc_array_ones(JAXC_F32, 2, sq))) return 1;
  jaxc_array *probe = run_once(r, n, side, z);
  if (!probe) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  size_t bytes = (size_t)jaxc_array_size(probe) * jaxc_dtype_size(jaxc_array_dtype(probe)) * (r->k == TRIL ? 2 : 1);
  jaxc_array_free(probe);
  char *src = malloc(bytes + 64), *dst = malloc(bytes + 64);
  if (!src || !dst) return 1;
  memset(src, 1, bytes + 64), memset(dst, 2, bytes + 64);
  double t_cache = 1e30, t_fresh = 1e30, t_copy = 1e30, t_set = 1e30;
  for (int pass = 0; pass < 2; pass++) {
    if (pass) jaxc_set_buffer_cache(0);
    for (int rep = 0; rep <= REPS; rep++) { /* rep 0 warms up; the copy and memset take turns with the op */
      double t0 = bench_now();
      jaxc_array *res = run_once(r, n, side, z);
      double t1 = bench_now();
      jaxc_array_free(res);
      double t2 = bench_now();
      bench_par_copy(dst, src, bytes / 2, 0); /* bytes / 2 read + written: `bytes` moved */
      double t3 = bench_now();
      bench_par_set(dst, 3, bytes);
      double t4 = bench_now();
      if (!res) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
      if (rep && t1 - t0 < (pass ? t_fresh : t_cache)) *(pass ? &t_fresh : &t_cache) = t1 - t0;
      if (rep && t3 - t2 < t_copy) t_copy = t3 - t2;
      if (rep && t4 - t3 < t_set) t_set = t4 - t3;
    }
  }
  jaxc_set_buffer_cache(JAXC_BUFFER_CACHE_BYTES);
  double tn = numpy_seconds(r, n, side);
  char np_s[40] = "n/a";
  if (tn > 0) snprintf(np_s, sizeof np_s, "%7.2f %6.1fx", (double)bytes / tn / 1e9, tn / t_cache);
  printf("  %-16s %5d %8.3f %7.1f %7.1f %8.2f %4.0f%% %4.0f%% %8.2f %4.0f%% %16s\n", r->name, lg, t_cache / (double)n * 1e9,
         (double)bytes / t_set / 1e9, (double)bytes / t_copy / 1e9, (double)bytes / t_cache / 1e9, 100 * t_set / t_cache,
         100 * t_copy / t_cache, (double)bytes / t_fresh / 1e9, 100 * t_set / t_fresh, np_s);
  fflush(stdout);
  jaxc_array_free(z), free(src), free(dst);
  return 0;
}

int main(int argc, char **argv) {
  bench_range range = bench_args(argc, argv);
  int threads = bench_threads();
  jaxc_set_x64(true);
  printf("bench_create: best of %d, %d thread(s); GB/s = bytes written (tril: + read); NumPy: 1 thread\n", REPS, threads);
  printf("  %-16s %5s %8s %7s %7s %20s %14s %16s\n", "op", "log2n", "ns/elem", "memset", "copy", "cache: GB/s %set %copy",
         "fresh: GB/s %set", "numpy: GB/s jaxc");
  BENCH_EACH_ROW(rows, range, bench_row);
  return 0;
}
