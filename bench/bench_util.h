/* bench_util.h — what the CPU benchmarks share: a wall clock, and the copy of the same bytes
   each figure is set against (split across the OpenMP threads, as the measured ops are). */
#ifndef JAXC_BENCH_UTIL_H
#define JAXC_BENCH_UTIL_H
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#  include <omp.h>
#endif

static inline double bench_now(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* a loop over the threads where there are any (the pragma is no error in a build without OpenMP) */
#ifdef _OPENMP
#  define BENCH_PAR_FOR _Pragma("omp parallel for schedule(static)")
#else
#  define BENCH_PAR_FOR
#endif

/* memcpy of `bytes`, one contiguous block per OpenMP thread when it moves more than par_above
   bytes (0: always), as jaxc's loops switch at JAXC_PAR_BYTES. */
static inline void bench_par_copy(char *dst, const char *src, size_t bytes, size_t par_above) {
#ifdef _OPENMP
  if (bytes > par_above) {
#  pragma omp parallel
    {
      size_t t = (size_t)omp_get_thread_num(), nt = (size_t)omp_get_num_threads();
      size_t lo = bytes * t / nt, hi = bytes * (t + 1) / nt;
      memcpy(dst + lo, src + lo, hi - lo);
    }
    return;
  }
#endif
  (void)par_above;
  memcpy(dst, src, bytes);
}
/* The best of reps timed calls of op(ctx) (returning false on failure) and, taking turns with
   it, of a bench_par_copy of bytes / 2 (bytes read + written); rep 0 warms up. */
static inline bool bench_best_with_copy(bool (*op)(void *), void *ctx, size_t bytes, int reps, double *t_op, double *t_copy) {
  char *src = (char *)malloc(bytes / 2 + 64), *dst = (char *)malloc(bytes / 2 + 64);
  bool ok = src && dst;
  if (ok) memset(src, 1, bytes / 2 + 64), memset(dst, 2, bytes / 2 + 64);
  *t_op = *t_copy = 1e30;
  for (int rep = 0; ok && rep <= reps; rep++) {
    double t0 = bench_now();
    ok = op(ctx);
    double t1 = bench_now();
    bench_par_copy(dst, src, bytes / 2, 0);
    double t2 = bench_now();
    if (rep && t1 - t0 < *t_op) *t_op = t1 - t0;
    if (rep && t2 - t1 < *t_copy) *t_copy = t2 - t1;
  }
  free(src), free(dst);
  return ok;
}
/* The OpenMP threads the measured ops run on (1 without OpenMP). */
static inline int bench_threads(void) {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

/* The row benches' command line, [min_log2 max_log2 [rows whose name contains this]], and their
   loop: every row whose name matches, at every other log2 size from lo to hi. */
typedef struct bench_range { int lo, hi; const char *only; } bench_range;
static inline bench_range bench_args(int argc, char **argv) {
  bench_range r = {argc > 2 ? atoi(argv[1]) : 20, argc > 2 ? atoi(argv[2]) : 26, argc > 3 ? argv[3] : ""};
  return r;
}
#define BENCH_EACH_ROW(rows, range, run)                                                   \
  for (size_t row_ = 0; row_ < sizeof rows / sizeof rows[0]; row_++)                       \
    for (int lg_ = (range).lo; lg_ <= (range).hi && strstr(rows[row_].name, (range).only); lg_ += 2) \
      if (run(&rows[row_], lg_)) return 1

/* memset of `bytes`, one block per OpenMP thread: the write-only limit (bench_create). */
static inline void bench_par_set(char *dst, int v, size_t bytes) {
#ifdef _OPENMP
#  pragma omp parallel
  {
    size_t t = (size_t)omp_get_thread_num(), nt = (size_t)omp_get_num_threads();
    size_t lo = bytes * t / nt, hi = bytes * (t + 1) / nt;
    memset(dst + lo, v, hi - lo);
  }
#else
  memset(dst, v, bytes);
#endif
}
/* The figures of a row after its name and log2 n: ns an element, the copy's GB/s, the op's GB/s,
   its share of the copy, then NumPy's (time tn; < 0: n/a) as ns an element when np_ns, else as
   GB/s, and NumPy's time over ours, right-aligned in np_width */
static inline void bench_print_figures(int64_t elems, size_t bytes, double t, double t_copy, double tn, bool np_ns, int np_width) {
  char np_s[40] = "n/a";
  if (tn > 0 && np_ns) snprintf(np_s, sizeof np_s, "%8.3f %6.2fx", tn / (double)elems * 1e9, tn / t);
  else if (tn > 0) snprintf(np_s, sizeof np_s, "%7.2f %6.1fx", (double)bytes / tn / 1e9, tn / t);
  printf(" %8.3f %8.2f %8.2f %5.1f%% %*s\n", t / (double)elems * 1e9, (double)bytes / t_copy / 1e9, (double)bytes / t / 1e9,
         100 * t_copy / t, np_width, np_s);
  fflush(stdout);
}
#if defined(_POSIX_C_SOURCE) /* popen: the benches that ask NumPy define it first */
/* The first number a shell command prints (NumPy's figures), or -1. */
static inline double bench_command_number(const char *cmd) {
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  double v = -1;
  if (fscanf(p, "%lf", &v) != 1) v = -1;
  pclose(p);
  return v;
}
/* Whether Debian's NumPy answers (/usr/bin/python3: the first python3 on PATH may have none). */
static inline bool bench_numpy_present(void) { return system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") == 0; }
/* A shape as the inside of a Python tuple: "4096,256," */
static inline void bench_shape_tuple(char *buf, size_t cap, int nd, const int64_t *zs) {
  buf[0] = 0;
  for (int k = 0; k < nd; k++) snprintf(buf + strlen(buf), cap - strlen(buf), "%lld,", (long long)zs[k]);
}
/* NumPy's best time in seconds of one call of `expr` after the statements `setup`, or -1. */
static inline double bench_numpy_best(const char *setup, const char *expr, int reps) {
  char cmd[2600];
  snprintf(cmd, sizeof cmd,
           "/usr/bin/python3 -c \"import numpy as np, timeit; %s; print(min(timeit.repeat(lambda: %s, number=1, repeat=%d)))\" 2>/dev/null",
           setup, expr, reps);
  return bench_command_number(cmd);
}
#endif
#endif
