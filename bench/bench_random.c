/* bench_random.c — jax.random uniform float32 generation speed next to a memcpy of the same
   output bytes, measured in the same run (best of several repetitions, warm buffers).
     gcc -O3 -march=native -fopenmp -I. bench/bench_random.c -o build/bench_random -lm
   Prints one line per size: elements, MiB, uniform GB/s (into caller memory), the allocating
   form's GB/s (fresh array each time), memcpy GB/s, and the uniform/memcpy ratio. */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#  include <omp.h>
#endif

/* Repetitions so that each size runs for roughly a fixed amount of work. */
static int reps_for(int64_t n) { return n <= (1 << 20) ? 50 : n <= (1 << 24) ? 8 : 4; }

int main(void) {
  static const int log2n[] = {20, 24, 26};
  jaxc_key key = jaxc_random_key(0);
  int threads = bench_threads();
  printf("bench_random: uniform float32 [0, 1), threefry2x32 partitionable; %d thread(s)\n", threads);
  printf("%10s %8s %14s %14s %12s %8s\n", "elements", "MiB", "into GB/s", "alloc GB/s", "memcpy GB/s", "ratio");
  for (size_t s = 0; s < sizeof log2n / sizeof log2n[0]; s++) {
    int64_t n = (int64_t)1 << log2n[s];
    size_t bytes = (size_t)n * sizeof(float);
    float *out = malloc(bytes), *src = malloc(bytes), *dst = malloc(bytes);
    if (!out || !src || !dst) {
      fprintf(stderr, "out of memory\n");
      return 1;
    }
    memset(out, 0, bytes); /* touch every page before timing */
    memset(dst, 0, bytes);
    if (jaxc_random_uniform_into(key, JAXC_F32, n, 0.0, 1.0, src) != JAXC_OK) {
      fprintf(stderr, "%s\n", jaxc_last_error());
      return 1;
    }
    double best_gen = 1e30, best_alloc = 1e30, best_copy = 1e30;
    volatile float sink = 0;
    for (int r = 0; r < reps_for(n); r++) {
      double t0 = bench_now();
      jaxc_random_uniform_into(key, JAXC_F32, n, 0.0, 1.0, out);
      double t1 = bench_now();
      memcpy(dst, src, bytes);
      double t2 = bench_now();
      jaxc_array *a = jaxc_random_uniform(key, JAXC_F32, 1, &n, 0.0, 1.0);
      double t3 = bench_now();
      sink += out[r % n] + dst[r % n] + (a ? ((const float *)jaxc_array_data(a))[r % n] : 0.0f);
      jaxc_array_free(a);
      if (t1 - t0 < best_gen) best_gen = t1 - t0;
      if (t2 - t1 < best_copy) best_copy = t2 - t1;
      if (t3 - t2 < best_alloc) best_alloc = t3 - t2;
    }
    double gb = (double)bytes / 1e9;
    printf("%10lld %8.1f %14.2f %14.2f %12.2f %8.2f\n", (long long)n, (double)bytes / (1 << 20), gb / best_gen,
           gb / best_alloc, gb / best_copy, best_copy / best_gen);
    (void)sink;
    free(out);
    free(src);
    free(dst);
  }
  return 0;
}
