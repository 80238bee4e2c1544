/* tsan_threads — the library called from several threads at once, built with ThreadSanitizer and
   without OpenMP (whose runtime TSan cannot see into), so that every data race in jaxc's shared
   state is reported: the configuration switches (read by every op while another thread sets
   them, and read first from the environment), the cache of freed large buffers (taken, filled
   and emptied by jaxc_set_buffer_cache from several threads), the per-thread status and message.
   Each thread runs the same mixed work as a reference run made alone beforehand and must get the
   same bits, and its own errors. POSIX threads: TSan does not see threads C11's thrd_create
   starts (glibc calls its pthread_create internally), and crashes in them. */
#define _POSIX_C_SOURCE 200809L
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "check.h"
#include "testlib.h"
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

enum { THREADS = 4, ROUNDS = 6 };

/* One round of work for seed s: ops of every family, a large (cached) array, an error of its
   own; returns a checksum of every result. */
static uint64_t mix(uint64_t h, const jaxc_array *a) {
  return h * 31 + (a ? checksum(a) ^ (uint64_t)jaxc_array_dtype(a) << 40 : 7);
}
static uint64_t work(int s, int *errors_ok) {
  uint64_t h = 0xcbf29ce484222325u;
  jaxc_key k = jaxc_random_fold_in(jaxc_random_key(2024), (uint32_t)s);
  int64_t shape[2] = {37, 53}, big = (int64_t)1 << 20; /* 4 MiB of float32: the buffer cache */
  jaxc_array *x = jaxc_random_uniform(k, JAXC_F32, 2, shape, -3.0, 3.0);
  jaxc_array *y = jaxc_random_randint(jaxc_random_fold_in(k, 1), JAXC_I8, 1, shape + 1, -100, 100);
  jaxc_array *z = jaxc_random_normal(jaxc_random_fold_in(k, 2), JAXC_F16, 2, shape);
  jaxc_array *r[12] = {
      jaxc_add(x, y),
      jaxc_multiply(z, 2.5),
      jaxc_sin(x),
      jaxc_unary(JAXC_OP_EXP, z),
      jaxc_reduce(JAXC_OP_SUM, x, 1),
      jaxc_reduce(JAXC_OP_ARGMAX, z, 0),
      jaxc_astype(x, JAXC_BF16),
      jaxc_where(y, x, z),
      jaxc_reduce(JAXC_OP_CUMSUM, y, 0),
      NULL,
      jaxc_random_uniform(jaxc_random_fold_in(k, 3), JAXC_F32, 1, &big, 0.0, 1.0),
      jaxc_random_permutation(jaxc_random_fold_in(k, 4), 1000),
  };
  int64_t ishape = 5;
  int32_t idx[5] = {0, 36, -1, 40, 3};
  jaxc_array *ix = jaxc_array_from_data(JAXC_I32, 1, &ishape, idx);
  r[9] = jaxc_take(x, ix, 0, JAXC_MODE_CLIP, NULL);
  for (int i = 0; i < 12; i++) h = mix(h, r[i]);
  jaxc_array *big_sum = jaxc_reduce(JAXC_OP_SUM, r[10], JAXC_ALL_AXES);
  h = mix(h, big_sum);
  /* this thread's own error, whatever the others do meanwhile (ranks 2 and 1: promote_shapes' words) */
  jaxc_array *bad = jaxc_add(x, ix); /* (37, 53) + (5,) */
  *errors_ok += bad == NULL && jaxc_last_status() == JAXC_ERR_SHAPE &&
                strstr(jaxc_last_error(), "Incompatible shapes for broadcasting: shapes=[(37, 53), (5,)]") != NULL;
  jaxc_array *fine = jaxc_subtract(y, 1);
  *errors_ok += fine != NULL && jaxc_last_status() == JAXC_OK && !strcmp(jaxc_last_error(), "");
  h = mix(h, fine);
  for (int i = 0; i < 12; i++) jaxc_array_free(r[i]);
  jaxc_array_free(big_sum), jaxc_array_free(bad), jaxc_array_free(fine), jaxc_array_free(ix);
  jaxc_array_free(x), jaxc_array_free(y), jaxc_array_free(z);
  return h;
}

static uint64_t want[THREADS * ROUNDS];
static int got_bad[THREADS], errors_bad[THREADS];

static void *worker(void *arg) {
  int t = (int)(intptr_t)arg;
  for (int round = 0; round < ROUNDS; round++) {
    int s = t * ROUNDS + round, ok = 0;
    got_bad[t] += work(s, &ok) != want[s];
    errors_bad[t] += ok != 2;
    /* the switches, set while other threads read them; these values change no result here */
    if (t == 0) jaxc_set_debug_infs(round % 2 == 0);
    if (t == 1) jaxc_set_promotion(JAXC_RULES_JAX);
    if (t == 2) jaxc_set_buffer_cache(round % 2 ? (size_t)64 << 20 : 0);
  }
  return NULL;
}

int main(void) {
  int ok = 0;
  jaxc_set_debug_nans(false);
  for (int s = 0; s < THREADS * ROUNDS; s++) want[s] = work(s, &ok);
  CHECK_EQ_INT(ok, 2 * THREADS * ROUNDS);
  jaxc_set_debug_infs(false);
  pthread_t th[THREADS];
  for (int t = 0; t < THREADS; t++) CHECK(pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t) == 0);
  for (int t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
  for (int t = 0; t < THREADS; t++) {
    CHECK_MSG(got_bad[t] == 0, "thread %d: %d of %d rounds differ from the run alone", t, got_bad[t], ROUNDS);
    CHECK_MSG(errors_bad[t] == 0, "thread %d: %d rounds saw another thread's status", t, errors_bad[t]);
  }
  jaxc_set_buffer_cache(0);
  return check_summary("tsan_threads");
}
