/* bench_convert.c — throughput of the bf16/f16 array converters against memcpy.
   Build: gcc -std=c11 -O3 -march=native -fopenmp -I. bench/bench_convert.c -o build/bench_convert
   Run:   ./build/bench_convert [log2 n]   (default n = 2^24 elements)
   GB/s counts the bytes read plus written. memcpy is given the same traffic: it copies
   (src + dst bytes) / 2, so the bars compare like with like. Best of REPS runs, warm buffers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#  include <omp.h>
#endif

#include "jaxc_kernels.h"
#include "bench_util.h"

enum { REPS = 15 };

typedef void (*conv_fn)(size_t, const void *, void *);
static void f16_f32(size_t n, const void *s, void *d) { jaxc_convert_f16_to_f32_n(n, (const jaxc_f16 *)s, (float *)d); }
static void f16_f32_c(size_t n, const void *s, void *d) { jaxc__convert_f16_to_f32_n_portable(n, (const jaxc_f16 *)s, (float *)d); }
static void f32_f16(size_t n, const void *s, void *d) { jaxc_convert_f32_to_f16_n(n, (const float *)s, (jaxc_f16 *)d); }
static void f32_f16_c(size_t n, const void *s, void *d) { jaxc__convert_f32_to_f16_n_portable(n, (const float *)s, (jaxc_f16 *)d); }
static void bf16_f32(size_t n, const void *s, void *d) { jaxc_convert_bf16_to_f32_n(n, (const jaxc_bf16 *)s, (float *)d); }
static void f32_bf16(size_t n, const void *s, void *d) { jaxc_convert_f32_to_bf16_n(n, (const float *)s, (jaxc_bf16 *)d); }

/* The converter over [0, n) in one thread, or split into one contiguous block per thread. */
static void run(conv_fn f, size_t n, size_t s_sz, size_t d_sz, const char *src, char *dst, int par) {
  if (!par) {
    f(n, src, dst);
    return;
  }
#ifdef _OPENMP
#  pragma omp parallel
  {
    size_t t = (size_t)omp_get_thread_num(), nt = (size_t)omp_get_num_threads();
    size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    f(hi - lo, src + lo * s_sz, dst + lo * d_sz);
  }
#else
  (void)s_sz; (void)d_sz;
  f(n, src, dst);
#endif
}

static double best_of(conv_fn f, size_t n, size_t s_sz, size_t d_sz, const char *src, char *dst, int par) {
  double best = 1e30;
  run(f, n, s_sz, d_sz, src, dst, par); /* warm-up: page faults, caches */
  for (int r = 0; r < REPS; r++) {
    double t0 = bench_now();
    run(f, n, s_sz, d_sz, src, dst, par);
    double t = bench_now() - t0;
    if (t < best) best = t;
  }
  return best;
}

static double best_memcpy(size_t bytes, const char *src, char *dst) {
  double best = 1e30;
  memcpy(dst, src, bytes);
  for (int r = 0; r < REPS; r++) {
    double t0 = bench_now();
    memcpy(dst, src, bytes);
    double t = bench_now() - t0;
    if (t < best) best = t;
  }
  return best;
}

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 24;
  if (lg < 10 || lg > 30) lg = 24;
  const size_t n = (size_t)1 << lg;
  char *src = (char *)malloc(n * 4), *dst = (char *)malloc(n * 4);
  if (!src || !dst) return 1;
  /* f32 inputs spread over f16's range; the 16-bit converters read the same bytes as 16-bit
     patterns (the code is branch-free: its speed does not depend on the values) */
  uint64_t x = 88172645463325252u;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    ((float *)(void *)src)[i] = (float)((double)(x >> 11) * 0x1p-53 * 2000.0 - 1000.0);
  }
  memset(dst, 0, n * 4);

  struct { const char *name; conv_fn f; size_t s, d; } rows[] = {
    {JAXC__HAS_F16C ? "f16 -> f32 (F16C)" : "f16 -> f32", f16_f32, 2, 4},
    {"f16 -> f32 (portable C)", f16_f32_c, 2, 4},
    {JAXC__HAS_F16C ? "f32 -> f16 (F16C)" : "f32 -> f16", f32_f16, 4, 2},
    {"f32 -> f16 (portable C)", f32_f16_c, 4, 2},
    {"bf16 -> f32", bf16_f32, 2, 4},
    {"f32 -> bf16", f32_bf16, 4, 2},
  };
  int threads = bench_threads();
  const double mc = best_memcpy(n * 3, src, dst);
  printf("bench_convert: n = 2^%d elements, best of %d; GB/s = (bytes read + written) / time\n", lg, REPS);
  printf("  %-26s %8.2f GB/s (copying %zu MiB, 1 thread)\n", "memcpy, same traffic", 2.0 * (double)(n * 3) / mc / 1e9,
         n * 3 >> 20);
  for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
    double t1 = best_of(rows[k].f, n, rows[k].s, rows[k].d, src, dst, 0);
    double tp = best_of(rows[k].f, n, rows[k].s, rows[k].d, src, dst, 1);
    double bytes = (double)(n * (rows[k].s + rows[k].d));
    printf("  %-26s %8.2f GB/s  %5.2fx memcpy   %8.2f GB/s with %d threads\n", rows[k].name, bytes / t1 / 1e9,
           mc / t1, bytes / tp / 1e9, threads);
  }
  volatile char sink = dst[n];
  (void)sink;
  free(src);
  free(dst);
  return 0;
}
