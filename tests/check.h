/* check.h — the tests' tiny harness: CHECK counts, prints the failing expression with its
   location, and check_summary() prints the closing line "N passed, M failed". */
#ifndef JAXC_TEST_CHECK_H
#define JAXC_TEST_CHECK_H
#include <stdio.h>
#include <stdint.h>

static long check_passed, check_failed;
static int check_quiet_after = 20; /* print at most this many failures per test program */

#define CHECK(cond) CHECK_MSG(cond, "%s", #cond)
#define CHECK_MSG(cond, ...)                                                   \
  do {                                                                         \
    if (cond) {                                                                \
      check_passed++;                                                          \
    } else {                                                                   \
      if (check_failed++ < check_quiet_after) {                                \
        fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);                  \
        fprintf(stderr, __VA_ARGS__);                                          \
        fputc('\n', stderr);                                                   \
      }                                                                        \
    }                                                                          \
  } while (0)
#define CHECK_EQ_INT(a, b) \
  CHECK_MSG((long long)(a) == (long long)(b), "%s == %s (%lld vs %lld)", #a, #b, (long long)(a), (long long)(b))

static int check_summary(const char *name) {
  printf("%s: %ld passed, %ld failed\n", name, check_passed, check_failed);
  return check_failed ? 1 : 0;
}
#endif
