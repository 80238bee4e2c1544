/* bench_complex.c — complex64/complex128 ops (the part-wise complex code CPU and GPU share)
   against a same-run copy of the same bytes and NumPy's ufunc on the same data, out= a reused
   buffer on both sides. multiply and divide are memory-bound; the functions are compute-bound
   (computed in double, Annex G special values), where ns per element is the figure to read.
   GB/s = (bytes read + bytes written) / time; copy: 2-thread memcpy of the same bytes; best of
   REPS runs on warm buffers.
   Run: make bench (or build/opt/bench_complex) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#  include <omp.h>
#endif

enum { REPS = 7 };

/* NumPy's seconds per call of np.<ufunc>(z[, z], out=o) on n values of the dtype, parts uniform
   in [-3, 3); < 0 without NumPy. */
static double numpy_seconds(const char *ufunc, bool binary, const char *dtype, size_t n) {
  char cmd[768];
  snprintf(cmd, sizeof cmd,
           "/usr/bin/python3 -c \"import numpy as np, timeit; r = np.random.default_rng(1); "
           "z = (r.uniform(-3, 3, %zu) + 1j * r.uniform(-3, 3, %zu)).astype('%s'); o = np.empty_like(z); "
           "f = np.%s; o = np.empty(z.shape, f(z%s).dtype); "
           "print(min(timeit.repeat(lambda: f(z%s, out=o), number=1, repeat=%d)))\" 2>/dev/null",
           n, n, dtype, ufunc, binary ? ", z" : "", binary ? ", z" : "", REPS);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  double t = -1;
  if (fscanf(p, "%lf", &t) != 1) t = -1;
  pclose(p);
  return t;
}

int main(void) {
  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  static const struct { jaxc_op op; const char *np; } ops[] = {
      {JAXC_OP_MULTIPLY, "multiply"}, {JAXC_OP_TRUE_DIVIDE, "true_divide"}, {JAXC_OP_ABS, "absolute"},
      {JAXC_OP_EXP, "exp"},           {JAXC_OP_LOG, "log"},                 {JAXC_OP_SQRT, "sqrt"}};
  const int lgs[2] = {20, 24};
  jaxc_set_x64(true);
  printf("bench_complex: best of %d, %d thread(s); GB/s = bytes read + written; NumPy: 1 thread, out= reused\n", REPS, threads);
  printf("  %-22s %5s %9s %8s %8s %8s %9s %9s\n", "op", "log2n", "ns/elem", "GB/s", "copy", "vs copy", "numpy ns", "vs numpy");
  for (int d = 0; d < 2; d++)
    for (int k = 0; k < 2; k++) {
      jaxc_dtype dt = d ? JAXC_C128 : JAXC_C64;
      int64_t n = (int64_t)1 << lgs[k];
      jaxc_array *z = jaxc_array_empty(dt, 1, &n), *out = jaxc_array_empty(dt, 1, &n);
      jaxc_array *real = jaxc_array_empty(d ? JAXC_F64 : JAXC_F32, 1, &n);
      if (!z || !out || !real) return 1;
      uint64_t x = 88172645463325252u;
      for (int64_t i = 0; i < 2 * n; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        double v = (double)(x >> 11) * 0x1p-53 * 6 - 3;
        if (d) ((double *)jaxc_array_data(z))[i] = v;
        else ((float *)jaxc_array_data(z))[i] = (float)v;
      }
      size_t es = jaxc_dtype_size(dt);
      char *src = malloc((size_t)n * es * 2), *dst = malloc((size_t)n * es * 2);
      if (!src || !dst) return 1;
      memset(src, 1, (size_t)n * es * 2);
      for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        bool bin = jaxc_op_arity(ops[o].op) == JAXC_ARITY_BIN;
        jaxc_array *dest = ops[o].op == JAXC_OP_ABS ? real : out;
        size_t bytes = (size_t)n * (es * (bin ? 2 : 1) + jaxc_dtype_size(jaxc_array_dtype(dest)));
        double t = 1e30, tc = 1e30;
        for (int r = 0; r <= REPS; r++) { /* r == 0 warms up */
          double t0 = bench_now();
          jaxc_array *res = bin ? jaxc_binary_into(ops[o].op, z, z, dest) : jaxc_unary_into(ops[o].op, z, dest);
          double t1 = bench_now();
          if (!res) { fprintf(stderr, "%s: %s\n", jaxc_op_name(ops[o].op), jaxc_last_error()); return 1; }
          bench_par_copy(dst, src, bytes / 2, 0);
          double t2 = bench_now();
          if (r && t1 - t0 < t) t = t1 - t0;
          if (r && t2 - t1 < tc) tc = t2 - t1;
        }
        double tn = numpy_seconds(ops[o].np, bin, d ? "complex128" : "complex64", (size_t)n);
        char name[32], npns[16] = "n/a", npr[16] = "-";
        snprintf(name, sizeof name, "%s %s", jaxc_op_name(ops[o].op), d ? "c128" : "c64");
        if (tn > 0) {
          snprintf(npns, sizeof npns, "%.2f", tn / (double)n * 1e9);
          snprintf(npr, sizeof npr, "%.1fx", tn / t);
        }
        printf("  %-22s %5d %9.2f %8.1f %8.1f %7.0f%% %9s %9s\n", name, lgs[k], t / (double)n * 1e9, (double)bytes / t / 1e9,
               (double)(bytes / 2 * 2) / tc / 1e9, 100 * tc / t, npns, npr);
        fflush(stdout);
      }
      free(src);
      free(dst);
      jaxc_array_free(z);
      jaxc_array_free(out);
      jaxc_array_free(real);
    }
  return 0;
}
