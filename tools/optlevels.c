/* optlevels.c — the same results, bit for bit, whatever the build's optimization level, compiler,
   target ISA and -ffp-contract.
   It runs the float ops on fixed random inputs (threefry, so the inputs are the same in every
   build) and prints one line per result: what was computed, its dtype and shape, and a 64-bit
   FNV-1a hash of its bytes. `make test-optlevels` builds it several ways (gcc -O0, -O2 and -O3
   with -march=native and OpenMP, GNU C's contracting mode, x86-64 without FMA, clang) and diffs
   each output against the first: one differing line names the computation that changed.
   Why: the decompositions branch on last bits (eig's convergence tests, svd's and eigh's sign
   choices), so a product that one build fuses into an FMA and another does not changes
   eigenvector signs, not just ulps; GCC's vectorizer did exactly that once at -O2 with AVX-512
   (see JAXC__NOFUSE), invisible at -O1 where the tests are built.
   Run: make test-optlevels, or build by hand and compare `./optlevels` outputs. */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include <stdio.h>
#include <string.h>

static uint64_t fnv(const void *p, size_t n, uint64_t h) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

static void shape_str(const jaxc_array *a, char *buf, size_t len) {
  size_t at = (size_t)snprintf(buf, len, "(");
  for (int d = 0; d < a->ndim && at < len; d++) at += (size_t)snprintf(buf + at, len - at, d ? ",%lld" : "%lld", (long long)a->shape[d]);
  if (at < len) snprintf(buf + at, len - at, ")");
}

/* One result line; consumes r. A failure prints its status, which must match too. */
static void emit(const char *what, const char *in, jaxc_array *r) {
  if (!r) {
    printf("%-28s %-18s error %d\n", what, in, (int)jaxc_last_status());
    return;
  }
  char sh[96];
  shape_str(r, sh, sizeof sh);
  uint64_t h = fnv(r->data, (size_t)r->size * jaxc_dtype_size(r->dtype), 14695981039346656037ull);
  printf("%-28s %-18s %-10s %-14s %016llx\n", what, in, jaxc_dtype_name(r->dtype), sh, (unsigned long long)h);
  jaxc_array_free(r);
}

static uint32_t seed_counter;
/* Standard normal entries (complex: both parts), a fresh key per call. */
static jaxc_array *randn(jaxc_dtype dt, int ndim, const int64_t *shape) {
  jaxc_key k = jaxc_random_fold_in(jaxc_random_key(20261130), seed_counter++);
  bool cx = jaxc_dtype_kind(dt) == JAXC_KIND_COMPLEX;
  jaxc_dtype real = cx ? (dt == JAXC_C64 ? JAXC_F32 : JAXC_F64) : dt;
  jaxc_array *re = jaxc_random_normal(k, real, ndim, shape);
  if (!cx) return re;
  jaxc_array *im = jaxc_random_normal(jaxc_random_fold_in(k, 1), real, ndim, shape);
  jaxc_array *i = jaxc_weak_complex(0, 1), *t = jaxc_binary(JAXC_OP_MULTIPLY, im, i);
  jaxc_array *z = jaxc_binary(JAXC_OP_ADD, re, t);
  jaxc_array_free(re), jaxc_array_free(im), jaxc_array_free(i), jaxc_array_free(t);
  return z;
}

/* a a^H + n I: Hermitian positive definite, for cholesky and eigh. */
static jaxc_array *hpd(const jaxc_array *a) {
  int64_t n = a->shape[a->ndim - 1];
  jaxc_array *ah = jaxc_linalg_matrix_transpose(a), *c = jaxc_unary(JAXC_OP_CONJ, ah);
  jaxc_array *p = jaxc_matmul(a, c), *s = jaxc_weak_float((double)n), *e = jaxc_eye(n, n, 0, a->dtype);
  jaxc_array *ne = jaxc_binary(JAXC_OP_MULTIPLY, e, s), *r = jaxc_binary(JAXC_OP_ADD, p, ne);
  jaxc_array_free(ah), jaxc_array_free(c), jaxc_array_free(p), jaxc_array_free(s), jaxc_array_free(e), jaxc_array_free(ne);
  return r;
}

static void run_pair(const char *what, const char *in, int rc, jaxc_array *x, jaxc_array *y, jaxc_array *z) {
  char w[64];
  if (rc != JAXC_OK) {
    printf("%-28s %-18s error %d\n", what, in, rc);
    return;
  }
  snprintf(w, sizeof w, "%s[0]", what), emit(w, in, x);
  if (y) snprintf(w, sizeof w, "%s[1]", what), emit(w, in, y);
  if (z) snprintf(w, sizeof w, "%s[2]", what), emit(w, in, z);
}

static void square_cases(jaxc_dtype dt, int ndim, const int64_t *shape) {
  char in[48], sh[32];
  jaxc_array *a = randn(dt, ndim, shape), *h = hpd(a);
  shape_str(a, sh, sizeof sh);
  snprintf(in, sizeof in, "%s%s", jaxc_dtype_name(dt), sh);
  int64_t bshape[JAXC_MAX_NDIM];
  memcpy(bshape, shape, sizeof(int64_t) * (size_t)ndim), bshape[ndim - 1] = 3;
  jaxc_array *b = randn(dt, ndim, bshape);
  jaxc_array *x = NULL, *y = NULL, *z = NULL;
  int rc = jaxc_lax_linalg_lu(a, &x, &y, &z);
  run_pair("lu", in, rc, x, y, z);
  emit("det", in, jaxc_linalg_det(a));
  x = y = NULL, rc = jaxc_linalg_slogdet(a, &x, &y), run_pair("slogdet", in, rc, x, y, NULL);
  emit("solve", in, jaxc_linalg_solve(a, b));
  emit("inv", in, jaxc_linalg_inv(a));
  emit("cholesky", in, jaxc_linalg_cholesky(h, false, true));
  emit("cholesky_upper", in, jaxc_linalg_cholesky(h, true, false));
  emit("matrix_power5", in, jaxc_linalg_matrix_power(a, 5));
  emit("matrix_power-2", in, jaxc_linalg_matrix_power(a, -2));
  static const char *const norms[] = {"fro", "nuc", "2", "-2", "1", "inf"};
  for (size_t i = 0; i < sizeof norms / sizeof *norms; i++) {
    char w[32];
    snprintf(w, sizeof w, "matrix_norm_%s", norms[i]), emit(w, in, jaxc_linalg_matrix_norm(a, norms[i], false));
  }
  emit("vector_norm", in, jaxc_linalg_vector_norm(a, NULL, 0, NULL, false));
  emit("svdvals", in, jaxc_linalg_svdvals(a));
  emit("matrix_rank", in, jaxc_linalg_matrix_rank(a, NULL));
  x = y = z = NULL, rc = jaxc_linalg_svd(a, true, true, false, &x, &y, &z), run_pair("svd_full", in, rc, x, y, z);
  x = y = z = NULL, rc = jaxc_linalg_svd(h, false, true, true, &x, &y, &z), run_pair("svd_hermitian", in, rc, x, y, z);
  static const char *const modes[] = {"reduced", "complete", "r", "raw"};
  for (size_t i = 0; i < sizeof modes / sizeof *modes; i++) {
    char w[32];
    snprintf(w, sizeof w, "qr_%s", modes[i]);
    x = y = NULL, rc = jaxc_linalg_qr(a, modes[i], &x, &y); /* "r": x stays NULL */
    if (!x) x = y, y = NULL;
    run_pair(w, in, rc, x, y, NULL);
  }
  x = y = NULL, rc = jaxc_linalg_eigh(h, "L", true, &x, &y), run_pair("eigh", in, rc, x, y, NULL);
  x = y = NULL, rc = jaxc_linalg_eigh(a, "U", false, &x, &y), run_pair("eigh_U_nonsym", in, rc, x, y, NULL);
  emit("eigvalsh", in, jaxc_linalg_eigvalsh(h, "L"));
  x = y = NULL, rc = jaxc_linalg_eig(a, &x, &y), run_pair("eig", in, rc, x, y, NULL);
  emit("eigvals", in, jaxc_linalg_eigvals(a));
  emit("pinv", in, jaxc_linalg_pinv(a, NULL, false));
  emit("pinv_hermitian", in, jaxc_linalg_pinv(h, NULL, true));
  emit("cond", in, jaxc_linalg_cond(a, NULL));
  emit("cond_fro", in, jaxc_linalg_cond(a, "fro"));
  emit("matmul", in, jaxc_matmul(a, b));
  jaxc_array_free(a), jaxc_array_free(h), jaxc_array_free(b);
}

static void rect_cases(jaxc_dtype dt, int64_t m, int64_t n) {
  char in[48], sh[32];
  int64_t shape[2] = {m, n}, bshape[2] = {m, 2};
  jaxc_array *a = randn(dt, 2, shape), *b = randn(dt, 2, bshape);
  shape_str(a, sh, sizeof sh);
  snprintf(in, sizeof in, "%s%s", jaxc_dtype_name(dt), sh);
  jaxc_array *x = NULL, *y = NULL, *z = NULL, *w = NULL;
  int rc = jaxc_lax_linalg_lu(a, &x, &y, &z);
  run_pair("lu", in, rc, x, y, z);
  x = y = z = NULL, rc = jaxc_linalg_svd(a, false, true, false, &x, &y, &z), run_pair("svd", in, rc, x, y, z);
  x = y = NULL, rc = jaxc_linalg_qr(a, "reduced", &x, &y), run_pair("qr", in, rc, x, y, NULL);
  x = y = z = NULL, rc = jaxc_linalg_lstsq(a, b, NULL, &x, &y, &z, &w);
  run_pair("lstsq", in, rc, x, y, z);
  if (rc == JAXC_OK) emit("lstsq[3]", in, w);
  emit("pinv", in, jaxc_linalg_pinv(a, NULL, false));
  emit("matrix_rank", in, jaxc_linalg_matrix_rank(a, NULL));
  jaxc_array_free(a), jaxc_array_free(b);
}

/* Every unary, binary and reduction op of the table on one float dtype: 1000 elements (past
   the vector loops' widths, with tails), normal draws scaled to reach the functions' ranges. */
static void op_cases(jaxc_dtype dt) {
  int64_t n = 1000;
  jaxc_array *a = randn(dt, 1, &n), *b = randn(dt, 1, &n), *s = jaxc_weak_float(3.0);
  jaxc_array *a3 = jaxc_binary(JAXC_OP_MULTIPLY, a, s);
  const char *in = jaxc_dtype_name(dt);
  for (int op = 0; op < JAXC_NUM_OPS; op++) {
    jaxc_array *r = NULL;
    if (jaxc__op_arity[op] == JAXC_ARITY_UN) r = jaxc_unary((jaxc_op)op, a3);
    else if (jaxc__op_arity[op] == JAXC_ARITY_BIN) r = jaxc_binary((jaxc_op)op, a3, b);
    else if (jaxc__op_arity[op] == JAXC_ARITY_RED) r = jaxc_reduce((jaxc_op)op, a3, 0);
    else continue;
    emit(jaxc__op_names[op], in, r);
  }
  int64_t m = 40;
  jaxc_array *v = randn(dt, 1, &m);
  emit("convolve", in, jaxc_convolve(a, v, JAXC_CONV_FULL, JAXC_DTYPE_NONE));
  emit("polyval", in, jaxc_polyval(v, a));
  int64_t deg = 9;
  jaxc_array *p = randn(dt, 1, &deg);
  emit("roots", in, jaxc_roots(p, true));
  int64_t cs[2] = {5, 200};
  jaxc_array *c = randn(dt, 2, cs);
  emit("cov", in, jaxc_cov(c, NULL, true, false, -1, NULL, NULL, JAXC_DTYPE_NONE));
  emit("corrcoef", in, jaxc_corrcoef(c, NULL, true, JAXC_DTYPE_NONE));
  jaxc_array *ops[2] = {c, c};
  emit("einsum", in, jaxc_einsum("ij,kj->ik", 2, (const jaxc_array *const *)ops, JAXC_DTYPE_NONE));
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(s), jaxc_array_free(a3), jaxc_array_free(v);
  jaxc_array_free(p), jaxc_array_free(c);
}

/* The rest of the float arithmetic outside the op table, on float32 and float64: creation,
   quantiles, interpolation, differences, polynomials, windows, random draws, products. */
static void misc_cases(jaxc_dtype dt) {
  const char *in = jaxc_dtype_name(dt);
  int64_t n = 777, m3[2] = {100, 3};
  jaxc_array *a = randn(dt, 1, &n), *b = randn(dt, 1, &n), *c3 = randn(dt, 2, m3), *d3 = randn(dt, 2, m3);
  jaxc_array *sorted = jaxc_sort(b, 0), *t = NULL, *u = NULL;
  emit("linspace", in, jaxc_linspace_operands(jaxc__opnd_float(-2.5), jaxc__opnd_float(7.25), 1001, true, dt, 0, NULL));
  emit("logspace", in, jaxc_logspace_operands(jaxc__opnd_float(-3.0), jaxc__opnd_float(2.5), 301, true, jaxc__opnd_float(10.0), dt, 0));
  emit("geomspace", in, jaxc_geomspace_operands(jaxc__opnd_float(1e-3), jaxc__opnd_float(7e4), 301, false, dt, 0));
  int64_t nq = 17;
  jaxc_array *qs = jaxc_random_uniform(jaxc_random_key(3), dt, 1, &nq, 0.0, 1.0);
  static const jaxc_quantile_method qm[] = {JAXC_QUANTILE_LINEAR, JAXC_QUANTILE_MIDPOINT, JAXC_QUANTILE_NEAREST};
  for (size_t k = 0; k < sizeof qm / sizeof *qm; k++)
    emit("quantile", in, jaxc_quantile_ex(JAXC_FN_QUANTILE, a, jaxc__opnd_array(qs), 0, NULL, qm[k], false));
  emit("median", in, jaxc_median(a, JAXC_ALL_AXES, false));
  emit("interp", in, jaxc_interp(a, sorted, b, NULL, NULL, NULL, 0));
  emit("diff2", in, jaxc_diff(a, 2, -1, NULL, NULL));
  jaxc_array *g[1] = {NULL};
  int rc = jaxc_gradient(a, 0, NULL, 0, NULL, g);
  emit("gradient", in, rc == JAXC_OK ? g[0] : NULL);
  emit("cross", in, jaxc_cross(c3, d3, -1, -1, -1, -1));
  emit("vander", in, jaxc_vander(a, 6, false));
  int64_t pn = 12;
  jaxc_array *p = randn(dt, 1, &pn), *q = randn(dt, 1, &pn);
  emit("polymul", in, jaxc_polymul(p, q, false));
  rc = jaxc_polydiv(p, q, false, &t, &u);
  emit("polydiv[0]", in, rc == JAXC_OK ? t : NULL), emit("polydiv[1]", in, rc == JAXC_OK ? u : NULL);
  emit("polyder", in, jaxc_polyder(p, 2));
  emit("polyint", in, jaxc_polyint(p, 2, NULL));
  emit("poly", in, jaxc_poly(p));
  emit("kaiser", in, jaxc_kaiser(301, 8.6));
  emit("hanning", in, jaxc_hanning(301));
  emit("blackman", in, jaxc_blackman(301));
  emit("unwrap", in, jaxc_unwrap(a, NULL, -1, NULL));
  emit("var_ddof", in, jaxc_var_ddof(c3, 0, false, 1.5));
  emit("cumprod", in, jaxc_cumulative_prod(p, 0, JAXC_DTYPE_NONE, true));
  emit("round3", in, jaxc_round_decimals(a, 3));
  emit("correlate", in, jaxc_correlate(a, p, JAXC_CONV_SAME, JAXC_DTYPE_NONE));
  emit("kron", in, jaxc_kron(p, q));
  emit("tensordot", in, jaxc_tensordot(c3, d3, 2, JAXC_DTYPE_NONE));
  emit("angle", in, jaxc_angle(a, true));
  jaxc_array *cnt = NULL, *edges = NULL;
  rc = jaxc_histogram(a, 37, NULL, NULL, b, true, &cnt, &edges);
  emit("histogram[0]", in, rc == JAXC_OK ? cnt : NULL), emit("histogram[1]", in, rc == JAXC_OK ? edges : NULL);
  jaxc_key k = jaxc_random_key(7);
  emit("random_normal", in, jaxc_random_normal(k, dt, 1, &n));
  emit("random_uniform", in, jaxc_random_uniform(k, dt, 1, &n, -3.5, 11.0));
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c3), jaxc_array_free(d3), jaxc_array_free(sorted);
  jaxc_array_free(p), jaxc_array_free(q), jaxc_array_free(qs);
}

/* Big enough for the threads (past JAXC_PAR_BYTES): reductions and matmul must not depend on
   how many there are, which make test-optlevels varies (OMP_NUM_THREADS 1, 2, 3). */
static void parallel_cases(jaxc_dtype dt) {
  int64_t shape[2] = {1024, 1536}, m[2] = {320, 320};
  jaxc_array *a = randn(dt, 2, shape), *b = randn(dt, 2, m), *c = randn(dt, 2, m);
  const char *in = jaxc_dtype_name(dt);
  static const jaxc_op ops[] = {JAXC_OP_SUM, JAXC_OP_MEAN, JAXC_OP_VAR, JAXC_OP_STD, JAXC_OP_MAX, JAXC_OP_ARGMAX,
                                JAXC_OP_CUMSUM, JAXC_OP_NANSUM, JAXC_OP_NANVAR};
  char w[48];
  for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
    for (int axis = -1; axis < 2; axis++) {
      snprintf(w, sizeof w, "big_%s_axis%d", jaxc__op_names[ops[i]], axis);
      emit(w, in, jaxc_reduce((jaxc_op)ops[i], a, axis < 0 ? JAXC_ALL_AXES : axis));
    }
  emit("big_matmul", in, jaxc_matmul(b, c));
  int64_t n = a->size;
  jaxc_array *flat = jaxc_reshape(a, 1, &n), *wt = randn(dt, 1, &n);
  emit("big_vdot", in, jaxc_vdot(flat, wt, JAXC_DTYPE_NONE));
  emit("big_trapezoid", in, jaxc_trapezoid(flat, NULL, NULL, -1));
  emit("big_trapezoid_x", in, jaxc_trapezoid(flat, wt, NULL, -1));
  jaxc_array *sw = NULL;
  emit("big_average", in, jaxc_average(flat, JAXC_ALL_AXES, wt, false, &sw));
  emit("big_average[1]", in, sw);
  emit("big_vector_norm", in, jaxc_linalg_vector_norm(flat, NULL, 0, NULL, false));
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c), jaxc_array_free(flat), jaxc_array_free(wt);
}

/* eigh of an n x n Hermitian matrix alone (past 129 its Q by orgqr's blocks) */
static void eigh_cases(jaxc_dtype dt, int64_t n) {
  char in[48], sh[32];
  int64_t shape[2] = {n, n};
  jaxc_array *a = randn(dt, 2, shape), *h = hpd(a), *x = NULL, *y = NULL;
  shape_str(a, sh, sizeof sh);
  snprintf(in, sizeof in, "%s%s", jaxc_dtype_name(dt), sh);
  int rc = jaxc_linalg_eigh(h, "L", true, &x, &y);
  run_pair("eigh", in, rc, x, y, NULL);
  jaxc_array_free(a), jaxc_array_free(h);
}

/* jnp.fft: every radix, Bluestein, the real transforms, several axes, and a batch for the threads */
static void fft_cases(jaxc_dtype dt) {
  bool cx = jaxc_dtype_kind(dt) == JAXC_KIND_COMPLEX;
  static const int64_t lens[] = {1, 7, 12, 30, 64, 97, 1000, 4096};
  char in[48], sh[32];
  for (size_t i = 0; i < sizeof lens / sizeof *lens; i++) {
    jaxc_array *a = randn(dt, 1, &lens[i]);
    shape_str(a, sh, sizeof sh);
    snprintf(in, sizeof in, "%s%s", jaxc_dtype_name(dt), sh);
    emit("fft", in, jaxc_fft(a, JAXC_NONE, -1, NULL));
    emit("ifft_ortho", in, jaxc_ifft(a, lens[i] + 3, -1, "ortho"));
    emit(cx ? "irfft" : "rfft", in, cx ? jaxc_irfft(a, JAXC_NONE, -1, NULL) : jaxc_rfft(a, JAXC_NONE, -1, NULL));
    emit(cx ? "hfft" : "ihfft", in, cx ? jaxc_hfft(a, 2 * lens[i] + 1, -1, "forward") : jaxc_ihfft(a, JAXC_NONE, -1, NULL));
    jaxc_array_free(a);
  }
  int64_t s3[3] = {6, 5, 8}, big[2] = {512, 1024};
  jaxc_array *a = randn(dt, 3, s3), *b = randn(dt, 2, big);
  shape_str(a, sh, sizeof sh);
  snprintf(in, sizeof in, "%s%s", jaxc_dtype_name(dt), sh);
  emit("fftn", in, jaxc_fftn(a, 0, NULL, 0, NULL, NULL));
  emit(cx ? "irfftn" : "rfftn", in, cx ? jaxc_irfftn(a, 0, NULL, 0, NULL, NULL) : jaxc_rfftn(a, 0, NULL, 0, NULL, NULL));
  shape_str(b, sh, sizeof sh);
  snprintf(in, sizeof in, "%s%s", jaxc_dtype_name(dt), sh);
  emit("big_fft_axis1", in, jaxc_fft(b, JAXC_NONE, 1, NULL));
  emit("big_fft_axis0", in, jaxc_fft(b, JAXC_NONE, 0, NULL));
  jaxc_array_free(a), jaxc_array_free(b);
}

int main(void) {
  jaxc_set_x64(true);
  static const jaxc_dtype lin[] = {JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
  static const int64_t sizes[] = {1, 2, 3, 5, 8, 17, 40, 80};
  static const jaxc_dtype el[] = {JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
  for (size_t d = 0; d < sizeof el / sizeof *el; d++) op_cases(el[d]), parallel_cases(el[d]);
  misc_cases(JAXC_F32), misc_cases(JAXC_F64);
  for (size_t d = 0; d < sizeof lin / sizeof *lin; d++) {
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
      int64_t sh[2] = {sizes[s], sizes[s]};
      square_cases(lin[d], 2, sh);
    }
    int64_t batch[3] = {4, 6, 6};
    square_cases(lin[d], 3, batch);
    rect_cases(lin[d], 30, 7), rect_cases(lin[d], 7, 30);
  }
  /* qr's and svd's blocked reflectors, over the threads (last: the draws before stay as they were) */
  for (size_t d = 0; d < sizeof lin / sizeof *lin; d++) rect_cases(lin[d], 200, 170);
  for (size_t d = 0; d < sizeof lin / sizeof *lin; d++) eigh_cases(lin[d], 150);
  for (size_t d = 0; d < sizeof lin / sizeof *lin; d++) fft_cases(lin[d]);
  return 0;
}
