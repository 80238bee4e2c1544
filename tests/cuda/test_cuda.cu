/* GPU tests: round trips through device memory and the error paths. Built by `make cuda`,
   run by `make cuda-test`; without a GPU it says so and exits 0 (nothing to check there). */
#include "jaxc_cuda.cuh"
#include <string.h>

static long passed, failed;
#define CHECK(c) do { if (c) passed++; else { failed++; fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #c); } } while (0)

int main(void) {
  if (!jaxc_cuda_available()) {
    CHECK(jaxc_cuda_alloc(JAXC_F32, 4) == NULL);
    CHECK(jaxc_cuda_last_status() == JAXC_CUDA_ERR_NO_DEVICE);
    printf("test_cuda: no CUDA device: only the no-device path was checked\n");
    printf("test_cuda: %ld passed, %ld failed\n", passed, failed);
    return failed ? 1 : 0;
  }
  float host[1000], back[1000];
  for (int i = 0; i < 1000; i++) host[i] = (float)i * 0.5f - 7.0f;
  jaxc_cuda_array *d = jaxc_cuda_upload(JAXC_F32, 1000, host);
  CHECK(d != NULL);
  CHECK(jaxc_cuda_download(d, back, sizeof back) == JAXC_CUDA_OK);
  CHECK(memcmp(host, back, sizeof host) == 0);
  CHECK(jaxc_cuda_download(d, back, 10) == JAXC_CUDA_ERR_ARG);
  CHECK(jaxc_cuda_alloc(JAXC_WEAK_INT, 4) == NULL && jaxc_cuda_last_status() == JAXC_CUDA_ERR_ARG);
  CHECK(jaxc_cuda_alloc(JAXC_F32, -1) == NULL);
  CHECK(jaxc_cuda_alloc(JAXC_F64, (int64_t)1 << 50) == NULL && jaxc_cuda_last_status() == JAXC_CUDA_ERR_NOMEM);
  jaxc_cuda_free(d);
  jaxc_cuda_free(NULL);
  printf("test_cuda: %ld passed, %ld failed\n", passed, failed);
  return failed ? 1 : 0;
}
