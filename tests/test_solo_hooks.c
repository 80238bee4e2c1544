#define _POSIX_C_SOURCE 200809L /* setenv */
/* The platform hooks and switches, in a translation unit of their own: JAXC_MALLOC/JAXC_FREE
   see every allocation (and every one is freed, error paths included), JAXC_NO_OPENMP,
   JAXC_NO_GETENV and JAXC_NO_HUGEPAGES build and run, and results match the default build's
   semantics on a few ops. */
#include <stdlib.h>
#include <string.h>
static long hook_allocs, hook_frees, hook_live_bytes;
static void *hook_malloc(size_t n) {
  hook_allocs++;
  size_t *p = (size_t *)malloc(n + 64);
  if (!p) return NULL;
  p[0] = n;
  hook_live_bytes += (long)n;
  return (char *)p + 64; /* keep the library's 64-byte alignment promise */
}
static void hook_free(void *q) {
  hook_frees++;
  size_t *p = (size_t *)(void *)((char *)q - 64);
  hook_live_bytes -= (long)p[0];
  free(p);
}
#define JAXC_MALLOC(ctx, n) ((void)(ctx), hook_malloc(n))
#define JAXC_FREE(ctx, p) ((void)(ctx), hook_free(p))
#define JAXC_NO_OPENMP
#define JAXC_NO_GETENV
#define JAXC_NO_HUGEPAGES
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "check.h"

int main(void) {
  setenv("JAXC_ENABLE_X64", "1", 1); /* ignored under JAXC_NO_GETENV */
  CHECK(!jaxc_x64());
  jaxc_array *x = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){4}, (int8_t[]){1, -2, 3, 127});
  jaxc_array *y = jaxc_add(x, 1);
  int8_t out[4];
  CHECK(y && jaxc_array_copy_to(y, out, sizeof out) == JAXC_OK);
  CHECK(out[0] == 2 && out[1] == -1 && out[2] == 4 && out[3] == -128); /* wraps like XLA */
  CHECK(hook_allocs == 2 && hook_frees == 0);
  /* error paths allocate nothing or free what they allocated */
  jaxc_array *m = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){3, 4}, (float[12]){0});
  jaxc_array *n = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){2, 4}, (float[8]){0});
  long before = hook_allocs;
  CHECK(jaxc_add(m, n) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  CHECK(jaxc_add(x, 300) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  CHECK(jaxc_astype(x, (jaxc_dtype)99) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  CHECK(hook_allocs == before);
  jaxc_set_debug_nans(true);
  jaxc_array *z = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){1}, (float[]){0});
  CHECK(jaxc_true_divide(z, z) == NULL && jaxc_last_status() == JAXC_ERR_NAN);
  jaxc_set_debug_nans(false);
  /* a large result goes through the hook too (no huge-page path, no cache) */
  int64_t big = (int64_t)1 << 21;
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 1, &big);
  jaxc_array *f = e ? jaxc_multiply(e, 2.0) : NULL;
  CHECK(f && jaxc_array_dtype(f) == JAXC_F32 && ((const float *)jaxc_array_data(f))[big - 1] == 0.0f);
  jaxc_array *all[] = {x, y, m, n, z, e, f};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) jaxc_array_free(all[i]);
  CHECK_EQ_INT(hook_allocs, hook_frees);
  CHECK_EQ_INT(hook_live_bytes, 0);
  return check_summary("test_solo_hooks");
}
