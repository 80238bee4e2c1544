/* bench_fft.c — jnp.fft against a same-run copy of the same bytes and NumPy's np.fft (pocketfft,
   one thread, in double precision: complex64 inputs come back complex128 there).
   Rows: a batch of lanes (n / len of them, len long) along the last axis, along the first axis
   (lanes side by side in memory), one lane of all n, and fft2 of a square. GB/s = bytes read +
   written once; copy: a 2-thread memcpy of as many bytes, and jaxc's speed as a share of it (an
   FFT does log n passes of arithmetic: it is not held by the memory). ns/elem: jaxc's, best of
   REPS; numpy: its time over jaxc's (above 1: jaxc is faster).
   Run: make bench (or build/opt/bench_fft [min_log2 max_log2 [rows whose name contains this]],
   default 16 22, every row) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h" /* (with the C headers and omp.h the benches use) */

enum { REPS = 7 };
typedef enum { LAST, FIRST, WHOLE, SQUARE } layout;
typedef struct {
  const char *name, *np; /* NumPy's call on z */
  int kind;              /* 0 fft, 1 ifft, 2 rfft, 3 irfft, 4 fft2 */
  jaxc_dtype d;          /* the input's */
  int64_t len;           /* lane length (LAST, FIRST) */
  layout lay;
} row;
static const row rows[] = {
    {"fft c64 rows of 1024", "np.fft.fft(z)", 0, JAXC_C64, 1024, LAST},
    {"fft c128 rows of 1024", "np.fft.fft(z)", 0, JAXC_C128, 1024, LAST},
    {"ifft c128 rows of 1024", "np.fft.ifft(z)", 1, JAXC_C128, 1024, LAST},
    {"fft c128 rows of 1000", "np.fft.fft(z)", 0, JAXC_C128, 1000, LAST},
    {"fft c128 rows of 1009 (prime)", "np.fft.fft(z)", 0, JAXC_C128, 1009, LAST},
    {"fft c128 rows of 64", "np.fft.fft(z)", 0, JAXC_C128, 64, LAST},
    {"rfft f32 rows of 1024", "np.fft.rfft(z)", 2, JAXC_F32, 1024, LAST},
    {"rfft f64 rows of 1024", "np.fft.rfft(z)", 2, JAXC_F64, 1024, LAST},
    {"irfft c128 rows of 513 -> 1024", "np.fft.irfft(z)", 3, JAXC_C128, 513, LAST},
    {"fft c128 axis 0, lanes of 1024", "np.fft.fft(z, axis=0)", 0, JAXC_C128, 1024, FIRST},
    {"fft c128 one lane", "np.fft.fft(z)", 0, JAXC_C128, 0, WHOLE},
    {"rfft f64 one lane", "np.fft.rfft(z)", 2, JAXC_F64, 0, WHOLE},
    {"fft2 c128 square", "np.fft.fft2(z)", 4, JAXC_C128, 0, SQUARE},
};

static uint64_t rs = 0x9E3779B97F4A7C15u;
static double next(void) {
  rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17;
  return (double)(rs >> 11) * 0x1p-53;
}
static jaxc_array *input(jaxc_dtype d, int nd, const int64_t *s) {
  jaxc_array *a = jaxc_array_empty(d, nd, s);
  if (!a) return NULL;
  int64_t n = jaxc_array_size(a) * (jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX ? 2 : 1);
  double *v = malloc((size_t)n * sizeof(double));
  for (int64_t i = 0; v && i < n; i++) v[i] = next() - 0.5;
  jaxc_dtype part = d == JAXC_C64 ? JAXC_F32 : d == JAXC_C128 ? JAXC_F64 : d;
  if (v) jaxc_kernel_cast_dyn(JAXC_F64, part, (size_t)n, v, (void *)jaxc_array_data(a));
  free(v);
  return a;
}
typedef struct timed { const row *r; const jaxc_array *z; int axis; } timed;
static jaxc_array *run_once(const timed *c) {
  switch (c->r->kind) {
  case 0: return jaxc_fft(c->z, JAXC_NONE, c->axis, NULL);
  case 1: return jaxc_ifft(c->z, JAXC_NONE, c->axis, NULL);
  case 2: return jaxc_rfft(c->z, JAXC_NONE, c->axis, NULL);
  case 3: return jaxc_irfft(c->z, JAXC_NONE, c->axis, NULL);
  default: return jaxc_fft2(c->z, 0, NULL, 0, NULL, NULL);
  }
}
static bool time_once(void *ctx) {
  jaxc_array *res = run_once((const timed *)ctx);
  jaxc_array_free(res);
  return res != NULL;
}
static double numpy_seconds(const row *r, int nd, const int64_t *zs) {
  char shape[64], setup[400];
  bench_shape_tuple(shape, sizeof shape, nd, zs);
  const char *made = jaxc_dtype_kind(r->d) == JAXC_KIND_COMPLEX ? "(g.random(s) - 0.5 + 1j * (g.random(s) - 0.5)).astype(d)"
                                                                 : "(g.random(s) - 0.5).astype(d)";
  snprintf(setup, sizeof setup, "g = np.random.default_rng(1); s = (%s); d = '%s'; z = %s", shape, jaxc_dtype_name(r->d), made);
  return bench_numpy_best(setup, r->np, REPS);
}

static int bench_row(const row *r, int lg) {
  int64_t n = (int64_t)1 << lg, zs[2] = {n, 1};
  int nd = 1, axis = -1;
  switch (r->lay) {
  case LAST: zs[0] = n / r->len, zs[1] = r->len, nd = 2; break;
  case FIRST: zs[0] = r->len, zs[1] = n / r->len, nd = 2, axis = 0; break;
  case WHOLE: break;
  case SQUARE:
    if (lg % 2) return 0; /* (even sizes only) */
    zs[0] = zs[1] = (int64_t)1 << (lg / 2), nd = 2;
    break;
  }
  jaxc_array *z = input(r->d, nd, zs);
  timed call = {r, z, axis};
  jaxc_array *probe = z ? run_once(&call) : NULL;
  if (!probe) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  int64_t elems = jaxc_array_size(z);
  size_t bytes = (size_t)elems * jaxc_dtype_size(r->d) + (size_t)jaxc_array_size(probe) * jaxc_dtype_size(jaxc_array_dtype(probe));
  jaxc_array_free(probe);
  double t, t_copy;
  if (!bench_best_with_copy(time_once, &call, bytes, REPS, &t, &t_copy)) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  printf("  %-34s %5d", r->name, lg);
  bench_print_figures(elems, bytes, t, t_copy, numpy_seconds(r, nd, zs), true, 17);
  jaxc_array_free(z);
  return 0;
}

int main(int argc, char **argv) {
  bench_range range = bench_args(argc, argv);
  if (argc <= 2) range.lo = 16, range.hi = 22; /* (an FFT does far more than a pass: smaller sizes) */
  jaxc_set_x64(true); /* (complex128 inputs stay complex128) */
  printf("bench_fft: best of %d, %d thread(s); GB/s = bytes read + written; NumPy: 1 thread\n", REPS, bench_threads());
  printf("  %-34s %5s %8s %8s %8s %6s %17s\n", "op", "log2n", "ns/elem", "copy", "GB/s", "copy", "numpy: ns/elem jaxc");
  BENCH_EACH_ROW(rows, range, bench_row);
  if (!bench_numpy_present()) printf("  (numpy: not available to /usr/bin/python3, skipped)\n");
  return 0;
}
