/* bench_ops — elementwise ops of issue 3 against a plain copy of the same bytes and against
   NumPy, measured in the same run. GB/s counts every input read and the output written once.
   Three jaxc paths per op:
     into   jaxc_binary_into / jaxc_astype_into: the caller's output buffer is reused
     alloc  jaxc_binary / jaxc_astype: a new result each call (the buffer cache recycles it)
     cold   the same with the buffer cache off: fresh memory each call, 2 MiB huge pages
   copy is a 2-thread memcpy moving the same number of bytes (read + write). Every figure is
   the best of several repetitions in which the paths take turns. numpy runs
   bench/numpy_ops.py (Debian's python3-numpy; skipped when absent), allocating its results.
   Last, an outer sum (2^(k/2), 1) + (1, 2^(k/2)) in float32: broadcasting, GB/s of the output
   written plus the two small inputs read (into and alloc paths).
   Usage: bench_ops [min_log2 max_log2]   (default 10 26) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h"
#include "bench_rows.h"

#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#  include <omp.h>
#endif

typedef struct bench_case {
  const char *name;
  jaxc_op op;           /* JAXC_NUM_OPS: astype */
  jaxc_dtype a, b, cast_to;
} bench_case;

static const bench_case cases[] = { BENCH_ROWS(BENCH_ROW_INIT) };

/* Inputs with values that keep every op on its ordinary path (no zero divisors, no NaN). */
static jaxc_array *input(jaxc_dtype d, int64_t n, unsigned seed) {
  jaxc_array *a = jaxc_array_empty(d, 1, &n);
  if (!a) return NULL;
  jaxc_array *f = jaxc_array_empty(JAXC_F32, 1, &n);
  float *p = (float *)f->data;
  for (int64_t i = 0; i < n; i++) p[i] = (float)(1 + (int)((i * 2654435761u + seed) % 97u));
  jaxc_astype_into(f, a);
  jaxc_array_free(f);
  return a;
}

/* NumPy's GB/s per (op, log2n), read from bench/numpy_ops.py's output; 0 where absent. */
#define MAX_NP 128
static struct { char name[32]; int lg; double alloc; } np_rows[MAX_NP];
static int np_count;
static void load_numpy(int lo, int hi) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "/usr/bin/python3 bench/numpy_ops.py %d %d 2>/dev/null", lo, hi);
  FILE *p = popen(cmd, "r");
  if (!p) return;
  char line[256];
  while (fgets(line, sizeof line, p) && np_count < MAX_NP) {
    double t, into, alloc;
    if (line[0] == '#') { printf("%s", line); continue; }
    if (sscanf(line, "%31s %d %lf %lf %lf", np_rows[np_count].name, &np_rows[np_count].lg, &t, &into, &alloc) == 5) {
      np_rows[np_count].alloc = alloc;
      np_count++;
    }
  }
  pclose(p);
}
static double numpy_gbps(const char *name, int lg) {
  for (int i = 0; i < np_count; i++)
    if (np_rows[i].lg == lg && strcmp(np_rows[i].name, name) == 0) return np_rows[i].alloc;
  return 0;
}

/* The outer sum's rows: NumPy broadcasts it too (its "outer f32+f32" rows). */
static void bench_outer(int lo, int hi) {
  for (int lg = lo; lg <= hi; lg += 2) {
    int64_t side = (int64_t)1 << (lg / 2), n = side * side, col[2] = {side, 1}, row[2] = {1, side}, full[2] = {side, side};
    jaxc_array *a0 = input(JAXC_F32, side, 1), *b0 = input(JAXC_F32, side, 7);
    jaxc_array *a = jaxc_array_from_data(JAXC_F32, 2, col, a0->data), *b = jaxc_array_from_data(JAXC_F32, 2, row, b0->data), *out = jaxc_array_empty(JAXC_F32, 2, full);
    size_t bytes = (size_t)(2 * side + n) * 4;
    char *cs = malloc(bytes / 2 + 64), *cd = malloc(bytes / 2 + 64);
    memset(cs, 1, bytes / 2); memset(cd, 2, bytes / 2);
    int reps = lg <= 16 ? 31 : lg <= 22 ? 11 : 7, inner = lg <= 14 ? 64 : 1;
    double t_into = 1e30, t_alloc = 1e30, t_copy = 1e30, t0;
    for (int rep = 0; rep < reps; rep++) {
      t0 = bench_now();
      for (int q = 0; q < inner; q++) jaxc_binary_into(JAXC_OP_ADD, a, b, out);
      t_into = fmin(t_into, bench_now() - t0);
      t0 = bench_now();
      for (int q = 0; q < inner; q++) bench_par_copy(cd, cs, bytes / 2, (size_t)2 << 20);
      t_copy = fmin(t_copy, bench_now() - t0);
      t0 = bench_now();
      for (int q = 0; q < inner; q++) jaxc_array_free(jaxc_binary(JAXC_OP_ADD, a, b));
      t_alloc = fmin(t_alloc, bench_now() - t0);
    }
    t_into /= inner; t_alloc /= inner; t_copy /= inner;
    double g_into = (double)bytes / t_into / 1e9, g_alloc = (double)bytes / t_alloc / 1e9;
    double g_copy = (double)(bytes / 2 * 2) / t_copy / 1e9, g_np = numpy_gbps("outer-f32+f32", lg);
    char npc[16] = "-", npr[16] = "-";
    if (g_np > 0) { snprintf(npc, sizeof npc, "%.1f", g_np); snprintf(npr, sizeof npr, "%.1fx", g_alloc / g_np); }
    printf("%-17s %5d %9.1f %7.1f %7.1f %7s %7.1f %7s %7.0f%% %7.0f%% %8s\n", "outer-f32+f32", lg, t_into * 1e6, g_into,
           g_alloc, "-", g_copy, npc, 100 * g_into / g_copy, 100 * g_alloc / g_copy, npr);
    fflush(stdout);
    free(cs); free(cd);
    jaxc_array_free(a0); jaxc_array_free(b0); jaxc_array_free(a); jaxc_array_free(b); jaxc_array_free(out);
  }
}

/* where(c, x, y) over float32 (c: bool): no _into form, so the allocating path only, against
   NumPy's np.where (which has no out= either); GB/s of c, x, y and the result. */
static void bench_where(int lo, int hi) {
  for (int lg = lo; lg <= hi; lg += 2) {
    int64_t n = (int64_t)1 << lg;
    jaxc_array *x = input(JAXC_F32, n, 1), *y = input(JAXC_F32, n, 7), *u = input(JAXC_U8, n, 3);
    jaxc_array *c = jaxc_array_empty(JAXC_BOOL, 1, &n);
    for (int64_t i = 0; i < n; i++) ((bool *)c->data)[i] = ((const uint8_t *)u->data)[i] % 2 == 0;
    size_t bytes = (size_t)n * 13;
    char *cs = malloc(bytes / 2 + 64), *cd = malloc(bytes / 2 + 64);
    memset(cs, 1, bytes / 2); memset(cd, 2, bytes / 2);
    int reps = lg <= 16 ? 31 : lg <= 22 ? 11 : 7, inner = lg <= 14 ? 64 : 1;
    double t_alloc = 1e30, t_copy = 1e30, t0;
    for (int rep = 0; rep < reps; rep++) {
      t0 = bench_now();
      for (int q = 0; q < inner; q++) jaxc_array_free(jaxc_where(c, x, y));
      t_alloc = fmin(t_alloc, bench_now() - t0);
      t0 = bench_now();
      for (int q = 0; q < inner; q++) bench_par_copy(cd, cs, bytes / 2, (size_t)2 << 20);
      t_copy = fmin(t_copy, bench_now() - t0);
    }
    t_alloc /= inner; t_copy /= inner;
    double g_alloc = (double)bytes / t_alloc / 1e9, g_copy = (double)(bytes / 2 * 2) / t_copy / 1e9;
    double g_np = numpy_gbps("where-f32", lg);
    char npc[16] = "-", npr[16] = "-";
    if (g_np > 0) { snprintf(npc, sizeof npc, "%.1f", g_np); snprintf(npr, sizeof npr, "%.1fx", g_alloc / g_np); }
    printf("%-17s %5d %9s %7s %7.1f %7s %7.1f %7s %8s %7.0f%% %8s\n", "where-f32", lg, "-", "-", g_alloc, "-", g_copy, npc,
           "-", 100 * g_alloc / g_copy, npr);
    fflush(stdout);
    free(cs); free(cd);
    jaxc_array_free(x); jaxc_array_free(y); jaxc_array_free(u); jaxc_array_free(c);
  }
}

int main(int argc, char **argv) {
  int lo = argc > 2 ? atoi(argv[1]) : 10, hi = argc > 2 ? atoi(argv[2]) : 26;
  load_numpy(lo, hi);
  printf("# jaxc bench_ops; GB/s = (bytes read + bytes written) / time; copy = 2-thread memcpy of the same bytes\n");
  printf("%-17s %5s %9s %7s %7s %7s %7s %7s %8s %8s %8s\n", "op", "log2n", "into_us", "into", "alloc", "cold",
         "copy", "numpy", "into/cp", "alloc/cp", "alloc/np");
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    for (int lg = lo; lg <= hi; lg += 2) {
      int64_t n = (int64_t)1 << lg;
      const bench_case *bc = &cases[c];
      jaxc_array *a = input(bc->a, n, 1), *b = bc->op == JAXC_NUM_OPS ? NULL : input(bc->b, n, 7);
      jaxc_dtype od = bc->op == JAXC_NUM_OPS ? bc->cast_to : jaxc_binary_result(bc->op, a, b, NULL);
      jaxc_array *out = jaxc_array_empty(od, 1, &n);
      size_t bytes = (size_t)n * (jaxc_dtype_size(bc->a) + (b ? jaxc_dtype_size(bc->b) : 0) + jaxc_dtype_size(od));
      char *cs = malloc(bytes / 2 + 64), *cd = malloc(bytes / 2 + 64);
      memset(cs, 1, bytes / 2); memset(cd, 2, bytes / 2);
      int reps = lg <= 16 ? 31 : lg <= 22 ? 11 : 7;
      int inner = lg <= 14 ? 64 : 1; /* small sizes: time many calls */
      double t_into = 1e30, t_alloc = 1e30, t_cold = 1e30, t_copy = 1e30, t0;
      /* the paths take turns within each repetition, and each keeps its best time: on a
         shared 2-vCPU machine a neighbour's burst then hits one sample, not one path */
      for (int rep = 0; rep < reps; rep++) {
        t0 = bench_now();
        for (int q = 0; q < inner; q++) {
          if (b) jaxc_binary_into(bc->op, a, b, out); else jaxc_astype_into(a, out);
        }
        t_into = fmin(t_into, bench_now() - t0);
        t0 = bench_now();
        for (int q = 0; q < inner; q++) bench_par_copy(cd, cs, bytes / 2, (size_t)2 << 20);
        t_copy = fmin(t_copy, bench_now() - t0);
        t0 = bench_now();
        for (int q = 0; q < inner; q++) {
          jaxc_array *r = b ? jaxc_binary(bc->op, a, b) : jaxc_astype(a, od);
          jaxc_array_free(r);
        }
        t_alloc = fmin(t_alloc, bench_now() - t0);
      }
      jaxc_set_buffer_cache(0); /* cold: fresh memory for every result */
      for (int rep = 0; rep < reps; rep++) {
        t0 = bench_now();
        for (int q = 0; q < inner; q++) {
          jaxc_array *r = b ? jaxc_binary(bc->op, a, b) : jaxc_astype(a, od);
          jaxc_array_free(r);
        }
        t_cold = fmin(t_cold, bench_now() - t0);
      }
      jaxc_set_buffer_cache(JAXC_BUFFER_CACHE_BYTES);
      t_into /= inner; t_alloc /= inner; t_cold /= inner; t_copy /= inner;
      double g_into = (double)bytes / t_into / 1e9, g_alloc = (double)bytes / t_alloc / 1e9;
      double g_cold = (double)bytes / t_cold / 1e9, g_copy = (double)(bytes / 2 * 2) / t_copy / 1e9;
      double g_np = numpy_gbps(bc->name, lg);
      char npc[16] = "-", npr[16] = "-";
      if (g_np > 0) { snprintf(npc, sizeof npc, "%.1f", g_np); snprintf(npr, sizeof npr, "%.1fx", g_alloc / g_np); }
      printf("%-17s %5d %9.1f %7.1f %7.1f %7.1f %7.1f %7s %7.0f%% %7.0f%% %8s\n", bc->name, lg, t_into * 1e6, g_into,
             g_alloc, g_cold, g_copy, npc, 100 * g_into / g_copy, 100 * g_alloc / g_copy, npr);
      fflush(stdout);
      free(cs); free(cd);
      jaxc_array_free(a); jaxc_array_free(b); jaxc_array_free(out);
    }
  }
  bench_outer(lo, hi);
  bench_where(lo, hi);
  return 0;
}
