/* test_fast_math.cu — jaxc_cuda.cuh refuses to compute with arithmetic unlike the CPU's. Built
   by `make cuda` with --use_fast_math (FMA contraction, subnormals flushed, approximate division
   and square root), and by `make test-cuda-emu` for the host emulation with -ffast-math (at -O0
   subnormals flushed, through crtfastmath; at -O2 FMA contraction too), every op must fail with
   JAXC_CUDA_ERR_ARG and a message naming the flag, while uploads and downloads still work. */
#include "jaxc_cuda.cuh"
#ifndef TEST_NAME
#  define TEST_NAME "test_fast_math"
#endif

static long passed, failed;
#define CHECK(c) do { if (c) passed++; else { failed++; fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #c); } } while (0)

static bool refused(void) {
  return jaxc_cuda_last_status() == JAXC_CUDA_ERR_ARG && strstr(jaxc_cuda_last_error(), "compiled with") != NULL;
}

int main(void) {
  if (!jaxc_cuda_available()) {
    printf("%s: no GPU on this machine: not run\n%s: 0 passed, 0 failed\n", TEST_NAME, TEST_NAME);
    return 0;
  }
  float h[4] = {1.0f, 2.0f, 3.0f, 4.0f}, back[4] = {0};
  jaxc_cuda_array *a = jaxc_cuda_upload(JAXC_F32, 4, h);
  CHECK(a != NULL);
  if (!a) return 1;
  CHECK(jaxc_cuda_download(a, back, sizeof back) == JAXC_CUDA_OK && memcmp(h, back, sizeof h) == 0);
  jaxc_cuda_array *s = jaxc_cuda_binary(JAXC_OP_ADD, a, a, JAXC_RULES_JAX, false);
  CHECK(s == NULL && refused());
  fprintf(stderr, "%s: as expected: %s\n", TEST_NAME, jaxc_cuda_last_error());
  CHECK(jaxc_cuda_unary(JAXC_OP_SQRT, a, false) == NULL && refused());
  CHECK(jaxc_cuda_reduce(JAXC_OP_SUM, a, JAXC_ALL_AXES, false, false) == NULL && refused());
  uint32_t key[2] = {0, 42};
  int64_t n = 8;
  CHECK(jaxc_cuda_random_uniform(key, JAXC_F32, 1, &n, 0.0, 1.0, false) == NULL && refused());
  jaxc_cuda_free(s);
  jaxc_cuda_free(a);
  printf("%s: %ld passed, %ld failed\n", TEST_NAME, passed, failed);
  return failed ? 1 : 0;
}
