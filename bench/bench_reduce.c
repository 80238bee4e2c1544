/* bench_reduce.c — full reductions (jnp.sum) against a same-run memcpy of the same bytes and,
   when /usr/bin/python3 has NumPy, NumPy's np.sum on the same sizes.
   Build: gcc -std=c11 -O3 -march=native -fopenmp -I. bench/bench_reduce.c -o build/bench_reduce -lm
   Run:   ./build/bench_reduce
   GB/s = bytes moved / time: a reduction reads its input once; the copy (2 OpenMP threads, like
   the reduction) reads and writes the same number of bytes, counted both ways as in bench_ops.
   Best of REPS runs on warm buffers. */
#define _POSIX_C_SOURCE 200809L
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h" /* (with the C headers and omp.h the benches use) */

enum { REPS = 9 };

static double best_sum(const jaxc_array *a) {
  double best = 1e30;
  for (int r = 0; r <= REPS; r++) { /* r == 0 warms up */
    double t0 = bench_now();
    jaxc_array *s = jaxc_reduce(JAXC_OP_SUM, a, JAXC_ALL_AXES);
    double t = bench_now() - t0;
    if (!s) { fprintf(stderr, "sum failed: %s\n", jaxc_last_error()); exit(1); }
    jaxc_array_free(s);
    if (r && t < best) best = t;
  }
  return best;
}
static double best_memcpy(char *dst, const char *src, size_t bytes) {
  double best = 1e30;
  for (int r = 0; r <= REPS; r++) {
    double t0 = bench_now();
    bench_par_copy(dst, src, bytes, 0);
    double t = bench_now() - t0;
    if (r && t < best) best = t;
  }
  return best;
}

/* NumPy's np.sum on the same dtype and size, GB/s of input; < 0 when NumPy is not there. */
static double numpy_gbps(const char *dtype, size_t n) {
#if defined(__unix__) || defined(__APPLE__)
  if (system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") != 0) return -1;
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "/usr/bin/python3 -c \"import numpy as np, timeit; a = np.ones(%zu, dtype='%s'); "
           "t = min(timeit.repeat(lambda: a.sum(), number=1, repeat=%d)); print(a.nbytes / t / 1e9)\" 2>/dev/null",
           n, dtype, REPS);
  return bench_command_number(cmd);
#else
  (void)dtype; (void)n;
  return -1;
#endif
}

int main(void) {
  int threads = bench_threads();
  const int lgs[3] = {20, 24, 26};
  size_t maxn = (size_t)1 << 26;
  char *buf = (char *)malloc(maxn * 4), *dst = (char *)malloc(maxn * 4);
  if (!buf || !dst) return 1;
  memset(dst, 1, maxn * 4);
  uint64_t x = 88172645463325252u;
  printf("bench_reduce: jaxc_reduce(SUM, all axes), best of %d; GB/s = bytes moved / time (copy: read + write); %d threads\n", REPS, threads);
  printf("  %-16s %10s %10s %10s %10s %8s\n", "case", "n", "jaxc GB/s", "memcpy", "numpy", "vs copy");
  for (int dt = 0; dt < 2; dt++) {
    jaxc_dtype d = dt == 0 ? JAXC_I8 : JAXC_F32;
    size_t es = dt == 0 ? 1 : 4;
    for (size_t i = 0; i < maxn; i++) {
      x ^= x << 13; x ^= x >> 7; x ^= x << 17;
      if (dt == 0) ((int8_t *)buf)[i] = (int8_t)x;
      else ((float *)(void *)buf)[i] = (float)(x >> 40) * 0x1p-24f;
    }
    for (int k = 0; k < 3; k++) {
      size_t n = (size_t)1 << lgs[k];
      int64_t shape = (int64_t)n;
      jaxc_array view;
      jaxc_array_wrap(&view, d, 1, &shape, buf);
      double t = best_sum(&view), tc = best_memcpy(dst, buf, n * es);
      double gb = (double)(n * es) / 1e9;
      double np_g = numpy_gbps(dt == 0 ? "int8" : "float32", n);
      char npbuf[32];
      if (np_g < 0) snprintf(npbuf, sizeof npbuf, "%10s", "n/a");
      else snprintf(npbuf, sizeof npbuf, "%10.2f", np_g);
      printf("  %-16s %10s %10.2f %10.2f %s %7.2fx\n", dt == 0 ? "sum i8 -> i32" : "sum f32", lgs[k] == 20 ? "2^20" : lgs[k] == 24 ? "2^24" : "2^26",
             gb / t, 2 * gb / tc, npbuf, (gb / t) / (2 * gb / tc));
    }
  }
  if (system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") != 0) printf("  (numpy: not available to /usr/bin/python3, skipped)\n");
  free(buf);
  free(dst);
  return 0;
}
