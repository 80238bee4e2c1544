/* The array layer itself: creation and its errors, rank 8 and zero-size shapes through
   broadcasting, wrapping caller memory, copy_to bounds, x64 narrowing at creation, weak
   scalars, and the buffer cache (a recycled block never leaks old values into a result). */
#include <stdlib.h>
#include <string.h>
#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"

static void test_creation(void) {
  int64_t sh[2] = {2, 3};
  int32_t v[6] = {1, 2, 3, 4, 5, 6};
  jaxc_array *a = jaxc_array_from_data(JAXC_I32, 2, sh, v);
  CHECK(a && jaxc_array_ndim(a) == 2 && jaxc_array_size(a) == 6 && jaxc_array_shape(a)[1] == 3);
  CHECK(!jaxc_array_is_weak(a) && jaxc_array_dtype(a) == JAXC_I32);
  v[0] = 99; /* the array holds a copy */
  int32_t back[6] = {0};
  CHECK(jaxc_array_copy_to(a, back, sizeof back) == JAXC_OK && back[0] == 1 && back[5] == 6);
  CHECK(jaxc_array_copy_to(a, back, sizeof back - 1) == JAXC_ERR_ARG);
  CHECK(jaxc_array_copy_to(NULL, back, sizeof back) == JAXC_ERR_ARG);
  CHECK(jaxc_array_copy_to(a, NULL, sizeof back) == JAXC_ERR_ARG);
  jaxc_array_free(a);
  /* bad creation arguments */
  CHECK(jaxc_array_from_data(JAXC_WEAK_INT, 1, sh, v) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  CHECK(jaxc_array_from_data((jaxc_dtype)77, 1, sh, v) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  CHECK(jaxc_array_from_data(JAXC_I32, 1, sh, NULL) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_array_from_data(JAXC_I32, 1, NULL, v) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_array_from_data(JAXC_I32, -1, sh, v) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  CHECK(jaxc_array_from_data(JAXC_I32, JAXC_MAX_NDIM + 1, sh, v) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  int64_t huge[3] = {(int64_t)1 << 40, (int64_t)1 << 40, 4};
  CHECK(jaxc_array_empty(JAXC_F32, 3, huge) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  int64_t neg[2] = {3, -1};
  CHECK(jaxc_array_empty(JAXC_F32, 2, neg) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  CHECK(strstr(jaxc_last_error(), "negative") != NULL);
  /* a NULL data pointer is fine for an empty array */
  int64_t zero = 0;
  jaxc_array *e = jaxc_array_from_data(JAXC_F32, 1, &zero, NULL);
  CHECK(e && jaxc_array_size(e) == 0 && jaxc_last_status() == JAXC_OK && jaxc_last_error()[0] == 0);
  jaxc_array_free(e);
  jaxc_array_free(NULL);
}

static void test_x64_narrowing(void) {
  int64_t n = 3;
  int64_t big[3] = {(int64_t)1 << 33, -1, ((int64_t)1 << 31) + 5};
  jaxc_set_x64(false);
  jaxc_array *a = jaxc_array_from_data(JAXC_I64, 1, &n, big);
  int32_t w[3];
  CHECK(a && jaxc_array_dtype(a) == JAXC_I32 && jaxc_array_copy_to(a, w, sizeof w) == JAXC_OK);
  CHECK(w[0] == 0 && w[1] == -1 && w[2] == INT32_MIN + 5); /* wraps like XLA's convert */
  jaxc_array_free(a);
  CHECK(jaxc_weak_int((int64_t)1 << 40) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  CHECK(strcmp(jaxc_last_error(), "Python int 1099511627776 too large to convert to int32") == 0);
  jaxc_array *wi = jaxc_weak_int(5), *wf = jaxc_weak_float(0.1), *wc = jaxc_weak_complex(1, 2);
  CHECK(wi && jaxc_array_dtype(wi) == JAXC_I32 && jaxc_array_is_weak(wi));
  CHECK(wf && jaxc_array_dtype(wf) == JAXC_F32 && *(const float *)jaxc_array_data(wf) == 0.1f);
  CHECK(wc && jaxc_array_dtype(wc) == JAXC_C64 && jaxc_array_is_weak(wc));
  jaxc_array_free(wi); jaxc_array_free(wf); jaxc_array_free(wc);
  jaxc_set_x64(true);
  a = jaxc_array_from_data(JAXC_I64, 1, &n, big);
  CHECK(a && jaxc_array_dtype(a) == JAXC_I64 && ((const int64_t *)jaxc_array_data(a))[0] == big[0]);
  wf = jaxc_weak_float(0.1);
  CHECK(wf && jaxc_array_dtype(wf) == JAXC_F64 && *(const double *)jaxc_array_data(wf) == 0.1);
  jaxc_array_free(a); jaxc_array_free(wf);
  jaxc_set_x64(false);
}

/* (2,1,2,1,2,1,2,1) + (1,2,1,2,1,2,1,2): every element checked against index arithmetic. */
static void test_rank8_broadcast(void) {
  int64_t sa[8] = {2, 1, 2, 1, 2, 1, 2, 1}, sb[8] = {1, 2, 1, 2, 1, 2, 1, 2};
  int16_t va[16], vb[16];
  for (int i = 0; i < 16; i++) va[i] = (int16_t)(100 * i), vb[i] = (int16_t)i;
  jaxc_array *a = jaxc_array_from_data(JAXC_I16, 8, sa, va), *b = jaxc_array_from_data(JAXC_I16, 8, sb, vb);
  jaxc_array *c = jaxc_add(a, b);
  CHECK(c && jaxc_array_ndim(c) == 8 && jaxc_array_size(c) == 256);
  const int16_t *r = c ? (const int16_t *)jaxc_array_data(c) : NULL;
  for (int i = 0; r && i < 256; i++) {
    int ia = 0, ib = 0;
    for (int d = 0; d < 8; d++) {
      int bit = (i >> (7 - d)) & 1;
      if (d % 2 == 0) ia = ia * 2 + bit; else ib = ib * 2 + bit;
    }
    CHECK_MSG(r[i] == va[ia] + vb[ib], "rank-8 element %d", i);
  }
  jaxc_array_free(a); jaxc_array_free(b); jaxc_array_free(c);
}

static void test_zero_size(void) {
  int64_t s03[2] = {0, 3}, s3 = 3, s0 = 0, s2 = 2;
  jaxc_array *z = jaxc_array_zeros(JAXC_F32, 2, s03), *v = jaxc_array_zeros(JAXC_I8, 1, &s3);
  jaxc_array *r = jaxc_multiply(z, v);
  CHECK(r && jaxc_array_size(r) == 0 && jaxc_array_shape(r)[0] == 0 && jaxc_array_shape(r)[1] == 3);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32);
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 1, &s0), *t = jaxc_array_zeros(JAXC_F32, 1, &s2);
  CHECK(jaxc_add(e, t) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  CHECK(strcmp(jaxc_last_error(), "add got incompatible shapes for broadcasting: (0,), (2,).") == 0);
  jaxc_array *u = jaxc_sqrt(e);
  CHECK(u && jaxc_array_size(u) == 0);
  jaxc_array_free(z); jaxc_array_free(v); jaxc_array_free(r); jaxc_array_free(e); jaxc_array_free(t); jaxc_array_free(u);
}

static void test_wrap(void) {
  float in[4] = {1, 2, 3, 4}, out[4] = {0};
  jaxc_array xs, os;
  int64_t n = 4;
  CHECK(jaxc_array_wrap(&xs, JAXC_F32, 1, &n, in) == &xs);
  CHECK(jaxc_array_wrap(&os, JAXC_F32, 1, &n, out) == &os);
  CHECK(jaxc_binary_into(JAXC_OP_MULTIPLY, &xs, &xs, &os) == &os);
  CHECK(out[0] == 1 && out[3] == 16 && in[3] == 4);
  jaxc_array_free(&xs); /* a wrapped array owns nothing: free is a no-op */
  CHECK(in[0] == 1);
  jaxc_array bad;
  CHECK(jaxc_array_wrap(&bad, JAXC_F32, 1, &n, NULL) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_array_wrap(NULL, JAXC_F32, 1, &n, in) == NULL);
  jaxc_array oi;
  int32_t o32[4];
  jaxc_array_wrap(&oi, JAXC_I32, 1, &n, o32);
  CHECK(jaxc_binary_into(JAXC_OP_ADD, &xs, &xs, &oi) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  /* data at an odd address: from_data copies it (narrowing float64 with x64 off too, through an
     aligned block: 300 values span several blocks); wrap refuses it */
  enum { N = 300 };
  static double src[N];
  static unsigned char packed[N * sizeof(double) + 1];
  for (int i = 0; i < N; i++) src[i] = i * 0.37 - 41.0;
  memcpy(packed + 1, src, sizeof src);
  int64_t m = N;
  jaxc_array *want = jaxc_array_from_data(JAXC_F64, 1, &m, src), *got = jaxc_array_from_data(JAXC_F64, 1, &m, packed + 1);
  CHECK(want && got && jaxc_array_dtype(got) == JAXC_F32 &&
        memcmp(jaxc_array_data(want), jaxc_array_data(got), N * sizeof(float)) == 0);
  jaxc_array *gi = jaxc_array_from_data(JAXC_I16, 1, &m, packed + 1); /* same dtype: a byte copy */
  CHECK(gi && memcmp(jaxc_array_data(gi), packed + 1, N * 2) == 0);
  jaxc_array_free(want), jaxc_array_free(got), jaxc_array_free(gi);
  CHECK(jaxc_array_wrap(&bad, JAXC_F32, 1, &n, (char *)in + 2) == NULL && jaxc_last_status() == JAXC_ERR_ARG &&
        strstr(jaxc_last_error(), "not aligned for float32") != NULL);
  CHECK(jaxc_array_wrap(&bad, JAXC_U8, 1, &n, (char *)in + 1) == &bad); /* bytes: any address */
}

/* Freed large results are recycled; every result must still be fully (re)written. */
static void test_buffer_cache(void) {
  int64_t n = (int64_t)3 << 20; /* 12 MiB of float32: the huge-page, cached path */
  jaxc_set_buffer_cache(JAXC_BUFFER_CACHE_BYTES); /* (test_threads left it off) */
  jaxc_array *a = jaxc_array_zeros(JAXC_F32, 1, &n);
  for (int round = 0; round < 3; round++) {
    jaxc_array *r = jaxc_add(a, (double)round);
    const float *p = r ? (const float *)jaxc_array_data(r) : NULL;
    bool ok = p != NULL;
    for (int64_t i = 0; ok && i < n; i += 4093) ok = p[i] == (float)round;
    CHECK(ok && p[n - 1] == (float)round);
    jaxc_array_free(r);
  }
  jaxc_array *zz = jaxc_array_zeros(JAXC_F32, 1, &n); /* zeros really are zeros on a recycled block */
  const float *p = (const float *)jaxc_array_data(zz);
  bool ok = p != NULL;
  for (int64_t i = 0; ok && i < n; i += 997) ok = p[i] == 0.0f;
  CHECK(ok);
  jaxc_array_free(zz);
  /* each size class (small from 16 KiB, medium from 128 KiB, large from 4 MiB) hands a freed
     block back to the next result of its size, and the result is still written whole */
  static const int64_t sizes[] = {6 << 10, 5 << 10, 96 << 10, 3 << 20}; /* float32: 24, 20, 384 KiB, 12 MiB */
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
    jaxc_array *first = jaxc_full(1, &sizes[k], 1.0, JAXC_F32);
    const char *at = (const char *)jaxc_array_data(first);
    jaxc_array_free(first);
    void *libc = malloc((size_t)sizes[k] * 4); /* (the block is the cache's: libc cannot hand it out) */
    CHECK(libc && (char *)libc + 64 != at && (char *)libc != at);
    free(libc);
    jaxc_array *again = jaxc_full(1, &sizes[k], 2.0, JAXC_F32);
    const float *q = (const float *)jaxc_array_data(again);
    CHECK((const char *)q == at && q[0] == 2.0f && q[sizes[k] - 1] == 2.0f);
    jaxc_array_free(again);
  }
  jaxc_set_buffer_cache(0); /* releases what is cached (LSan checks nothing is lost) */
  jaxc_set_buffer_cache(JAXC_BUFFER_CACHE_BYTES);
  jaxc_array_free(a);
  jaxc_set_buffer_cache(0);
}

/* Callers on several threads at once: each sees its own status, and the buffer cache hands
   every large block to one result only (values would mix otherwise). */
static void test_threads(void) {
  int64_t n = (int64_t)5 << 20; /* 20 MiB of float32: the cached path */
  jaxc_array *base = jaxc_array_zeros(JAXC_F32, 1, &n);
  int bad = 0, status_bad = 0;
#ifdef _OPENMP
#  pragma omp parallel for reduction(+ : bad, status_bad) schedule(dynamic)
#endif
  for (int k = 0; k < 16; k++) {
    jaxc_array *r = jaxc_add(base, (double)k);
    const float *p = r ? (const float *)jaxc_array_data(r) : NULL;
    if (!p) { bad++; continue; }
    for (int64_t i = 0; i < n; i += 65521) bad += p[i] != (float)k;
    bad += p[n - 1] != (float)k;
    /* an error on this thread leaves the other threads' status alone */
    if (k % 2) { status_bad += jaxc_add(base, (int64_t)1 << 40) != NULL; status_bad += jaxc_last_status() != JAXC_ERR_OVERFLOW; }
    else { jaxc_array *ok = jaxc_add(base, 1); status_bad += jaxc_last_status() != JAXC_OK; jaxc_array_free(ok); }
    jaxc_array_free(r);
  }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(status_bad, 0);
  jaxc_array_free(base);
  jaxc_set_buffer_cache(0);
}

int main(void) {
  test_creation();
  test_threads();
  test_x64_narrowing();
  test_rank8_broadcast();
  test_zero_size();
  test_wrap();
  test_buffer_cache();
  return check_summary("test_arrays");
}
