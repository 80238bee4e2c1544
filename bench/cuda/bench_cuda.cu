/* bench_cuda — the rows of bench_ops on the GPU at 2^20 ... 2^28 elements: GB/s (inputs read
   + output written once) next to a device-to-device cudaMemcpy of the same bytes, timed with
   CUDA events in the same run, and the time per call at small sizes. Run: make cuda-bench */
#include "jaxc_cuda.cuh"
#include "../bench_rows.h"

typedef struct { const char *name; jaxc_op op; jaxc_dtype a, b, to; } bench_row;
static const bench_row rows[] = { BENCH_ROWS(BENCH_ROW_INIT) };

static jaxc_cuda_array *filled(jaxc_dtype d, int64_t n) {
  jaxc_cuda_array *a = jaxc_cuda_alloc(d, n);
  if (a) cudaMemset(a->data, 0x3c, (size_t)n * jaxc_dtype_bits(d) / 8); /* small, finite, non-zero values */
  return a;
}

int main(void) {
  if (!jaxc_cuda_available()) { printf("bench_cuda: no CUDA device: nothing to measure\n"); return 0; }
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  printf("%-17s %5s %10s %9s %9s %7s\n", "op", "log2n", "us/call", "GB/s", "copyGB/s", "vs copy");
  for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
    for (int lg = 10; lg <= 28; lg += 2) {
      int64_t n = (int64_t)1 << lg;
      const bench_row *b = &rows[r];
      jaxc_cuda_array *x = filled(b->a, n), *y = b->op == JAXC_NUM_OPS ? NULL : filled(b->b, n);
      jaxc_cuda_array *z = b->op == JAXC_NUM_OPS ? jaxc_cuda_astype(x, b->to, true) : jaxc_cuda_binary(b->op, x, y, JAXC_RULES_JAX, true);
      if (!z) { printf("%s: %s\n", b->name, jaxc_cuda_last_error()); return 1; }
      size_t bytes = (size_t)n * (jaxc_dtype_bits(b->a) / 8 + (y ? jaxc_dtype_bits(b->b) / 8 : 0) + jaxc_dtype_bits(z->dtype) / 8);
      int reps = lg <= 20 ? 200 : 20;
      cudaEventRecord(e0);
      for (int k = 0; k < reps; k++) { /* into a reused output: no allocation in the loop */
        if (b->op == JAXC_NUM_OPS) jaxc_cuda_astype_into(x, z, true);
        else jaxc_cuda_binary_into(b->op, x, y, JAXC_RULES_JAX, true, z);
      }
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      float ms_op = 0, ms_cp = 0;
      cudaEventElapsedTime(&ms_op, e0, e1);
      void *s = NULL, *d = NULL;
      cudaMalloc(&s, bytes / 2 + 1);
      cudaMalloc(&d, bytes / 2 + 1);
      cudaEventRecord(e0);
      for (int k = 0; k < reps; k++) cudaMemcpy(d, s, bytes / 2, cudaMemcpyDeviceToDevice);
      cudaEventRecord(e1);
      cudaEventSynchronize(e1);
      cudaEventElapsedTime(&ms_cp, e0, e1);
      cudaFree(s);
      cudaFree(d);
      double t = ms_op / 1e3 / reps, tc = ms_cp / 1e3 / reps;
      printf("%-17s %5d %10.2f %9.1f %9.1f %6.0f%%\n", b->name, lg, t * 1e6, bytes / t / 1e9, (bytes / 2 * 2) / tc / 1e9,
             100.0 * (bytes / t) / ((bytes / 2 * 2) / tc));
      jaxc_cuda_free(x); jaxc_cuda_free(y); jaxc_cuda_free(z);
    }
  return 0;
}
