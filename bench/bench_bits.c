/* bench_bits.c — gcd, lcm, bitwise_count, ldexp, spacing, frexp, modf, nan_to_num, angle, isclose against a same-run copy of
   the same bytes and NumPy's ufunc on the same values (Debian's numpy 1.24 has no
   bitwise_count: n/a). Two jaxc paths: into (jaxc_binary_into / jaxc_unary_into, the output
   reused) and alloc (a new result each call, from the buffer cache); frexp and modf return
   two new arrays, nan_to_num, angle and isclose one (alloc only). GB/s = bytes read + written once; copy: a 2-thread memcpy of as
   many bytes, and each path's speed as a share of it; numpy: its GB/s and jaxc's alloc path's
   speed as a multiple of it; ns/elem: the alloc path; best of REPS. The inputs are formulas of the index that NumPy repeats:
     gcd, lcm   24-bit ints (i * 2654435761 mod 2^32) >> 8 and the same of i * 40503 + 12345
     ldexp      x in [0.5, 8), exponent (i mod 41) - 20
     spacing, frexp, modf   x in [-500, 500)
     nan_to_num   the same with NaN, +inf, -inf as every 8th value each
     angle        complex64 x + iy, x and y in [-500, 500)
     isclose      x in [-500, 500) and x (1 + 1e-5 k), k = (i mod 3) - 1 (a third close, a third equal)
   Run: make bench (or build/opt/bench_bits [min_log2 max_log2 [rows whose name contains this]],
   default 20 26, every row) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h" /* (with the C headers and omp.h the benches use) */

enum { REPS = 7 };

typedef enum { IN_INT24, IN_INT24B, IN_SMALL, IN_UNIT8, IN_WIDE, IN_EXP, IN_NONFINITE, IN_COMPLEX, IN_NEAR } input_kind;
/* the NumPy expression of each input kind, i = np.arange(n, dtype=np.uint64) */
static const char *const np_input[] = {
    "((i * 2654435761) % 2**32 >> 8)", "(((i * 40503 + 12345) * 2654435761) % 2**32 >> 8)",
    "((i * 2654435761) % 2**32 >> 24)", "(0.5 + 7.5 * (((i * 2654435761) % 2**32) / 2.0**32))",
    "(1000.0 * (((i * 2654435761) % 2**32) / 2.0**32) - 500.0)", "((i % 41).astype(np.int64) - 20)",
    "np.choose(((i * 2654435761) % 2**32 % 8 % 4).astype(np.int64), [1000.0 * (((i * 2654435761) % 2**32) / 2.0**32) - 500.0, np.nan, np.inf, -np.inf])",
    "(1000.0 * (((i * 2654435761) % 2**32) / 2.0**32) - 500.0 + 1j * (1000.0 * ((((i + 1) * 2654435761) % 2**32) / 2.0**32) - 500.0))",
    "((1000.0 * (((i * 2654435761) % 2**32) / 2.0**32) - 500.0) * (1 + 1e-5 * ((i % 3).astype(np.float64) - 1)))"};
static double input_value(input_kind k, uint64_t i) {
  uint64_t h = (i * 2654435761u) % 4294967296u;
  switch (k) {
  case IN_INT24: return (double)(h >> 8);
  case IN_INT24B: return (double)((((i * 40503 + 12345) * 2654435761u) % 4294967296u) >> 8);
  case IN_SMALL: return (double)(h >> 24);
  case IN_UNIT8: return 0.5 + 7.5 * ((double)h / 4294967296.0);
  case IN_WIDE: return 1000.0 * ((double)h / 4294967296.0) - 500.0;
  case IN_NEAR: return (1000.0 * ((double)h / 4294967296.0) - 500.0) * (1 + 1e-5 * ((double)(i % 3) - 1));
  case IN_NONFINITE: {
    const double v[4] = {1000.0 * ((double)h / 4294967296.0) - 500.0, NAN, INFINITY, -INFINITY};
    return v[h % 8 % 4];
  }
  default: return (double)(int64_t)(i % 41) - 20;
  }
}
static jaxc_array *input(input_kind k, jaxc_dtype d, int64_t n) {
  bool cplx = k == IN_COMPLEX;
  jaxc_array *f = jaxc_array_empty(cplx ? JAXC_C128 : JAXC_F64, 1, &n), *a = jaxc_array_empty(d, 1, &n);
  if (!f || !a) return jaxc_array_free(f), jaxc_array_free(a), NULL;
  double *p = (double *)jaxc_array_data(f);
  for (int64_t i = 0; i < n; i++)
    if (cplx) p[2 * i] = input_value(IN_WIDE, (uint64_t)i), p[2 * i + 1] = input_value(IN_WIDE, (uint64_t)i + 1);
    else p[i] = input_value(k, (uint64_t)i);
  jaxc_astype_into(f, a);
  jaxc_array_free(f);
  return a;
}

typedef struct {
  const char *name, *np;  /* NumPy's call on z (and w); NULL: NumPy has none */
  int op;                 /* a jaxc_op, or -1 frexp, -2 modf, -3 nan_to_num, -4 angle, -5 isclose */
  jaxc_dtype a, b;        /* b JAXC_DTYPE_INVALID: unary */
  input_kind ka, kb;
} row;
static const row rows[] = {
    {"gcd i32", "np.gcd(z, w)", JAXC_OP_GCD, JAXC_I32, JAXC_I32, IN_INT24, IN_INT24B},
    {"lcm i32", "np.lcm(z, w)", JAXC_OP_LCM, JAXC_I32, JAXC_I32, IN_INT24, IN_INT24B},
    {"bitwise_count i8", NULL, JAXC_OP_BITWISE_COUNT, JAXC_I8, JAXC_DTYPE_INVALID, IN_SMALL, IN_SMALL},
    {"bitwise_count i32", NULL, JAXC_OP_BITWISE_COUNT, JAXC_I32, JAXC_DTYPE_INVALID, IN_INT24, IN_INT24},
    {"ldexp f32,i32", "np.ldexp(z, w)", JAXC_OP_LDEXP, JAXC_F32, JAXC_I32, IN_UNIT8, IN_EXP},
    {"ldexp f64,i32", "np.ldexp(z, w)", JAXC_OP_LDEXP, JAXC_F64, JAXC_I32, IN_UNIT8, IN_EXP},
    {"spacing f32", "np.spacing(z)", JAXC_OP_SPACING, JAXC_F32, JAXC_DTYPE_INVALID, IN_WIDE, IN_WIDE},
    {"spacing f64", "np.spacing(z)", JAXC_OP_SPACING, JAXC_F64, JAXC_DTYPE_INVALID, IN_WIDE, IN_WIDE},
    {"frexp f32", "np.frexp(z)", -1, JAXC_F32, JAXC_DTYPE_INVALID, IN_WIDE, IN_WIDE},
    {"modf f32", "np.modf(z)", -2, JAXC_F32, JAXC_DTYPE_INVALID, IN_WIDE, IN_WIDE},
    {"nan_to_num f32", "np.nan_to_num(z)", -3, JAXC_F32, JAXC_DTYPE_INVALID, IN_NONFINITE, IN_NONFINITE},
    {"nan_to_num f64", "np.nan_to_num(z)", -3, JAXC_F64, JAXC_DTYPE_INVALID, IN_NONFINITE, IN_NONFINITE},
    {"nan_to_num c64", "np.nan_to_num(z)", -3, JAXC_C64, JAXC_DTYPE_INVALID, IN_NONFINITE, IN_NONFINITE},
    {"angle c64", "np.angle(z)", -4, JAXC_C64, JAXC_DTYPE_INVALID, IN_COMPLEX, IN_COMPLEX},
    {"isclose f32", "np.isclose(z, w)", -5, JAXC_F32, JAXC_F32, IN_WIDE, IN_NEAR},
    {"isclose f64", "np.isclose(z, w)", -5, JAXC_F64, JAXC_F64, IN_WIDE, IN_NEAR}};

/* NumPy's best seconds per call (allocating, as jnp does) on the same values; < 0 without it */
static double numpy_seconds(const row *r, int64_t n) {
  if (!r->np) return -1;
  char setup[1200];
  const char *b = r->b == JAXC_DTYPE_INVALID ? "z" : np_input[r->kb];
  snprintf(setup, sizeof setup, "i = np.arange(%lld, dtype=np.uint64); z = %s.astype('%s'); w = %s.astype('%s')", (long long)n,
           np_input[r->ka], jaxc_dtype_name(r->a), b, jaxc_dtype_name(r->b == JAXC_DTYPE_INVALID ? r->a : r->b));
  return bench_numpy_best(setup, r->np, REPS);
}

/* one call of the row's op; into: the outputs o1 (and o2) reused */
static bool run_once(const row *r, const jaxc_array *z, const jaxc_array *w, jaxc_array *o1, bool into) {
  if (r->op <= -3) {
    jaxc_array *res = r->op == -3 ? jaxc_nan_to_num(z, 0, NULL, NULL) : r->op == -4 ? jaxc_angle(z, false)
                                                                      : jaxc_isclose(z, w, 1e-5, 1e-8, false);
    jaxc_array_free(res);
    return res != NULL;
  }
  if (r->op < 0) {
    jaxc_array *m = NULL, *e = NULL;
    int st = r->op == -1 ? jaxc_frexp(z, &m, &e) : jaxc_modf(z, &m, &e);
    jaxc_array_free(m), jaxc_array_free(e);
    return st == JAXC_OK;
  }
  jaxc_array *res;
  if (w) res = into ? jaxc_binary_into((jaxc_op)r->op, z, w, o1) : jaxc_binary((jaxc_op)r->op, z, w);
  else res = into ? jaxc_unary_into((jaxc_op)r->op, z, o1) : jaxc_unary((jaxc_op)r->op, z);
  if (!into) jaxc_array_free(res);
  return res != NULL;
}

static int bench_row(const row *r, int lg) {
  int64_t n = (int64_t)1 << lg;
  bool bin = r->b != JAXC_DTYPE_INVALID;
  jaxc_array *z = input(r->ka, r->a, n), *w = bin ? input(r->kb, r->b, n) : NULL;
  jaxc_dtype od = r->op == JAXC_OP_BITWISE_COUNT ? JAXC_U8 : r->a;
  jaxc_array *o1 = jaxc_array_empty(od, 1, &n);
  size_t out_bytes = r->op == -1 ? jaxc_dtype_size(r->a) + 4 : r->op == -2 ? 2 * jaxc_dtype_size(r->a)
                   : r->op == -4 ? jaxc_dtype_size(r->a) / 2 : r->op == -5 ? 1 : jaxc_dtype_size(od);
  size_t bytes = (size_t)n * (jaxc_dtype_size(r->a) + (bin ? jaxc_dtype_size(r->b) : 0) + out_bytes);
  char *src = malloc(bytes / 2 + 64), *dst = malloc(bytes / 2 + 64);
  if (!z || (bin && !w) || !o1 || !src || !dst) return 1;
  memset(src, 1, bytes / 2 + 64), memset(dst, 2, bytes / 2 + 64);
  double t_into = 1e30, t_alloc = 1e30, t_copy = 1e30;
  for (int rep = 0; rep <= REPS; rep++) { /* rep 0 warms up; the paths take turns */
    double t0 = bench_now();
    bool ok = r->op < 0 || run_once(r, z, w, o1, true);
    double t1 = bench_now();
    ok = ok && run_once(r, z, w, o1, false);
    double t2 = bench_now();
    bench_par_copy(dst, src, bytes / 2, 0);
    double t3 = bench_now();
    if (!ok) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
    if (rep) {
      if (t1 - t0 < t_into) t_into = t1 - t0;
      if (t2 - t1 < t_alloc) t_alloc = t2 - t1;
      if (t3 - t2 < t_copy) t_copy = t3 - t2;
    }
  }
  double tn = numpy_seconds(r, n);
  char into_s[40] = "-", np_s[40] = "n/a";
  if (r->op >= 0) snprintf(into_s, sizeof into_s, "%7.2f %5.0f%%", (double)bytes / t_into / 1e9, 100 * t_copy / t_into);
  if (tn > 0) snprintf(np_s, sizeof np_s, "%7.2f %6.1fx", (double)bytes / tn / 1e9, tn / t_alloc);
  printf("  %-18s %5d %8.2f %8.2f %14s %7.2f %5.0f%% %16s\n", r->name, lg, t_alloc / (double)n * 1e9,
         (double)bytes / t_copy / 1e9, into_s, (double)bytes / t_alloc / 1e9, 100 * t_copy / t_alloc, np_s);
  fflush(stdout);
  jaxc_array_free(z), jaxc_array_free(w), jaxc_array_free(o1), free(src), free(dst);
  return 0;
}

int main(int argc, char **argv) {
  bench_range range = bench_args(argc, argv);
  int threads = bench_threads();
  jaxc_set_x64(true);
  printf("bench_bits: best of %d, %d thread(s); GB/s = bytes read + written; NumPy: 1 thread, allocating\n", REPS, threads);
  printf("  %-18s %5s %8s %8s %14s %14s %16s\n", "op", "log2n", "ns/elem", "copy GB/s", "into: GB/s copy",
         "alloc: GB/s copy", "numpy: GB/s jaxc");
  BENCH_EACH_ROW(rows, range, bench_row);
  return 0;
}
