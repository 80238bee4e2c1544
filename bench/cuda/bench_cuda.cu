/* bench_cuda — make bench's rows on the GPU at 2^10 ... 2^28 elements: the elementwise rows of
   bench_rows.h, an outer sum (general broadcasting: both operands gathered chunk by chunk),
   full sums (i8 -> i32, f32) and uniform f32 generation. GB/s counts bytes read
   plus bytes written once; next to it, a device-to-device cudaMemcpy moving the same number of
   bytes (half read, half written), timed with CUDA events in the same run, and the time per
   call (the launch cost dominates at small sizes). Each figure is the median of 7 timings of a
   burst of calls, after a warm-up call. Sizes up to 2^22 fit in the 50 MB L2 of an H100: their
   GB/s are cache figures. Results go into reused outputs (no allocation while timing).
   Run: make cuda-bench */
#include "jaxc_cuda.cuh"
#include "../bench_rows.h"
#include <algorithm>

typedef struct { const char *name; jaxc_op op; jaxc_dtype a, b, to; } bench_row;
static const bench_row rows[] = { BENCH_ROWS(BENCH_ROW_INIT) };

static cudaEvent_t e0, e1;

/* Small finite non-zero values of every dtype (never zeros: they can run faster than data). */
static jaxc_cuda_array *filled(jaxc_dtype d, int64_t n) {
  jaxc_cuda_array *a = jaxc_cuda_alloc(d, n);
  if (a) cudaMemset(a->data, 0x3c, (size_t)n * jaxc_dtype_bits(d) / 8);
  return a;
}

/* Seconds per call of f: the median of 7 bursts of reps calls. */
template <class F> static double per_call(F f, int reps) {
  f();
  double t[7];
  for (int r = 0; r < 7; r++) {
    cudaEventRecord(e0);
    for (int k = 0; k < reps; k++) f();
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    t[r] = ms / 1e3 / reps;
  }
  std::sort(t, t + 7);
  return t[3];
}

/* The same-run copy of `bytes` moved (bytes / 2 read, bytes / 2 written). */
static double copy_per_call(size_t bytes, int reps) {
  void *s = NULL, *d = NULL;
  size_t half = bytes / 2 > 0 ? bytes / 2 : 1;
  cudaMalloc(&s, half);
  cudaMalloc(&d, half);
  cudaMemset(s, 0x3c, half);
  double t = per_call([&] { cudaMemcpyAsync(d, s, half, cudaMemcpyDeviceToDevice); }, reps);
  cudaFree(s);
  cudaFree(d);
  return t;
}

static void report(const char *name, int lg, size_t bytes, double t, double tc) {
  printf("%-17s %5d %10.2f %9.1f %9.1f %6.0f%%\n", name, lg, t * 1e6, bytes / t / 1e9, bytes / tc / 1e9, 100.0 * tc / t);
}

static bool check(const void *p, const char *what) {
  if (p) return true;
  printf("%s: %s\n", what, jaxc_cuda_last_error());
  return false;
}

int main(void) {
  if (!jaxc_cuda_available()) { printf("bench_cuda: no CUDA device: nothing to measure\n"); return 0; }
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("bench_cuda: %s, %d SMs, %.0f MB L2\n", prop.name, prop.multiProcessorCount, prop.l2CacheSize / 1e6);
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  /* scratch (cudaMallocAsync) stays mapped between bursts, as frameworks' allocators keep theirs:
     the default pool otherwise hands freed memory back at every synchronisation, and the first
     call of each burst would time mapping it again */
  cudaMemPool_t pool;
  if (cudaDeviceGetDefaultMemPool(&pool, 0) == cudaSuccess) {
    uint64_t keep = UINT64_MAX;
    (void)cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
  }
  printf("%-17s %5s %10s %9s %9s %7s\n", "op", "log2n", "us/call", "GB/s", "copyGB/s", "vs copy");
  for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
    for (int lg = 10; lg <= 28; lg += 2) {
      int64_t n = (int64_t)1 << lg;
      const bench_row *b = &rows[r];
      bool cast = b->op == JAXC_NUM_OPS;
      jaxc_cuda_array *x = filled(b->a, n), *y = cast ? NULL : filled(b->b, n);
      jaxc_cuda_array *z = cast ? jaxc_cuda_astype(x, b->to, true) : jaxc_cuda_binary(b->op, x, y, JAXC_RULES_JAX, true);
      if (!check(z, b->name)) return 1;
      size_t bytes = (size_t)n * (jaxc_dtype_bits(b->a) / 8 + (y ? jaxc_dtype_bits(b->b) / 8 : 0) + jaxc_dtype_bits(z->dtype) / 8);
      int reps = lg <= 20 ? 200 : 20;
      bool ok = true; /* (a failing call would time as fast) */
      double t = per_call([&] {
        ok &= (cast ? jaxc_cuda_astype_into(x, z, true) : jaxc_cuda_binary_into(b->op, x, y, JAXC_RULES_JAX, true, z)) == z;
      }, reps);
      if (!check(ok ? z : NULL, b->name)) return 1;
      report(b->name, lg, bytes, t, copy_per_call(bytes, reps));
      jaxc_cuda_free(x); jaxc_cuda_free(y); jaxc_cuda_free(z);
    }
  /* (2^(lg/2), 1) + (1, 2^(lg/2)) in float32: GB/s of the output written (the operands are
     small); the gathers' own traffic is the cost of broadcasting */
  for (int lg = 10; lg <= 28; lg += 2) {
    int64_t n = (int64_t)1 << lg, side = (int64_t)1 << (lg / 2), col[2] = {side, 1}, row[2] = {1, side};
    jaxc_cuda_array *x = jaxc_cuda_alloc_shape(JAXC_F32, 2, col), *y = jaxc_cuda_alloc_shape(JAXC_F32, 2, row);
    if (x) cudaMemset(x->data, 0x3c, (size_t)side * 4);
    if (y) cudaMemset(y->data, 0x3c, (size_t)side * 4);
    jaxc_cuda_array *z = x && y ? jaxc_cuda_binary(JAXC_OP_ADD, x, y, JAXC_RULES_JAX, true) : NULL;
    if (!check(z, "outer f32+f32")) return 1;
    int reps = lg <= 20 ? 200 : 20;
    bool ok = true;
    double t = per_call([&] { ok &= jaxc_cuda_binary_into(JAXC_OP_ADD, x, y, JAXC_RULES_JAX, true, z) == z; }, reps);
    if (!check(ok ? z : NULL, "outer f32+f32")) return 1;
    report("outer f32+f32", lg, (size_t)n * 4, t, copy_per_call((size_t)n * 4, reps));
    jaxc_cuda_free(x); jaxc_cuda_free(y); jaxc_cuda_free(z);
  }
  const jaxc_dtype sums[2] = {JAXC_I8, JAXC_F32};
  const char *sum_names[2] = {"sum i8->i32", "sum f32"};
  for (int s = 0; s < 2; s++)
    for (int lg = 10; lg <= 28; lg += 2) {
      int64_t n = (int64_t)1 << lg;
      jaxc_cuda_array *x = filled(sums[s], n), *z = jaxc_cuda_reduce(JAXC_OP_SUM, x, JAXC_ALL_AXES, false, false);
      if (!check(z, sum_names[s])) return 1;
      size_t bytes = (size_t)n * jaxc_dtype_bits(sums[s]) / 8;
      int reps = lg <= 20 ? 200 : 20;
      bool ok = true;
      double t = per_call([&] { ok &= jaxc_cuda_reduce_into(JAXC_OP_SUM, x, JAXC_ALL_AXES, false, false, z) == z; }, reps);
      if (!check(ok ? z : NULL, sum_names[s])) return 1;
      report(sum_names[s], lg, bytes, t, copy_per_call(bytes, reps));
      jaxc_cuda_free(x); jaxc_cuda_free(z);
    }
  const uint32_t key[2] = {0u, 42u};
  for (int lg = 10; lg <= 28; lg += 2) {
    int64_t n = (int64_t)1 << lg;
    jaxc_cuda_array *z = jaxc_cuda_random_uniform(key, JAXC_F32, 1, &n, 0.0, 1.0, false);
    if (!check(z, "uniform f32")) return 1;
    int reps = lg <= 20 ? 200 : 20;
    int blocks = jaxc_cuda__blocks(n, 1);
    /* the kernel itself: the allocating API would time cudaMalloc */
    double t = per_call([&] { jaxc_cuda__k_uniform_f32<<<blocks, JAXC_CUDA__THREADS>>>(key[0], key[1], n, JAXC_F32, 0.0f, 1.0f, z->data); }, reps);
    report("uniform f32", lg, (size_t)n * 4, t, copy_per_call((size_t)n * 4, reps));
    jaxc_cuda_free(z);
  }
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) { printf("bench_cuda: %s\n", cudaGetErrorString(e)); return 1; }
  return 0;
}
