/* bench_linalg.c — jnp.matmul of square matrices: GFLOP/s (2 n^3 flops), the same-run copy of
   the operands' and result's bytes (a matmul is compute-bound: this ratio only says how far from
   the memory limit it is), and NumPy's matmul on the same values (float32/float64: its BLAS,
   here Debian's reference BLAS; int8: NumPy's own loop; bfloat16 has no NumPy dtype: n/a); then a float32 matrix times a vector
   (memory-bound: GB/s of the matrix, against a same-run copy of its bytes); then the other
   contractions: tensordot over a's first axis (a transposed copy, then the product: GFLOP/s
   against NumPy's tensordot), int8 with preferred int32, and the memory-bound vdot, vecdot,
   outer and kron at 2^20-2^26 elements against a same-run copy of the bytes they read or write
   and NumPy's vdot, einsum('ij,ij->i'), outer and kron; then einsum's row dot products, row and
   column sums and batched 8x8 products against the copy and NumPy's einsum, and batched 2x2,
   4x4 and 8x8 matmuls and points times a 4x4 matrix against NumPy's matmul; then einsum_path's
   search (us a call) for 3-24 operands; then jnp.convolve (mode 'same') of 2^20-2^24 elements
   with kernels of 3, 33 and 255 taps, float32 and complex64 (GFLOP/s of the 2 n k real flops
   (complex: 8 n k), the same-run copy of the input and result bytes, NumPy's np.convolve).
   Then jnp.linalg's decompositions (GFLOP/s against NumPy's np.linalg); `decomp` runs them
   alone, `decomp op` the one named.
   Best of REPS.
   Run: make bench (or build/opt/bench_linalg [max_n] [decomp [op]], e.g. 1024 decomp qr) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h" /* (with the C headers and omp.h the benches use) */

enum { REPS = 5 };
static jaxc_array *input(jaxc_dtype d, int64_t n, uint64_t seed) {
  int64_t s[2] = {n, n}, nn = n * n;
  jaxc_array *f = jaxc_array_empty(JAXC_F64, 1, &nn), *a = jaxc_array_empty(d, 2, s), flat;
  double *p = (double *)jaxc_array_data(f);
  for (int64_t i = 0; i < nn; i++) p[i] = (double)((((uint64_t)i * 2654435761u + seed) % 97) % 9) - 4;
  jaxc_array_wrap(&flat, jaxc_array_dtype(a), 1, &nn, a->data);
  jaxc_astype_into(f, &flat);
  jaxc_array_free(f);
  return a;
}
/* NumPy's best seconds of `expr` on z, w: n x n of `dtype` holding input()'s values (seeds 1, 7); < 0 without it */
static double numpy_square_seconds(const char *dtype, int64_t n, const char *expr) {
  char setup[400];
  snprintf(setup, sizeof setup,
           "n = %lld; f = lambda s: (((np.arange(n * n, dtype=np.uint64) * 2654435761 + s) %% 97) %% 9).astype(np.float64) - 4; "
           "z = f(1).astype('%s').reshape(n, n); w = f(7).astype('%s').reshape(n, n)",
           (long long)n, dtype, dtype);
  return bench_numpy_best(setup, expr, REPS);
}
static double numpy_seconds(jaxc_dtype d, int64_t n) { return d == JAXC_BF16 ? -1 : numpy_square_seconds(jaxc_dtype_name(d), n, "z @ w"); }
typedef jaxc_array *(*bench_op)(const jaxc_array *, const jaxc_array *);
/* Best seconds of op(a, b) and of a 2-thread copy of `bytes`, taking turns (rep 0 warms up);
   false when op fails. */
static bool time_op(bench_op op, const jaxc_array *a, const jaxc_array *b, size_t bytes, double *t_op, double *t_copy) {
  char *src = malloc(bytes), *dst = malloc(bytes);
  bool ok = src && dst;
  if (ok) memset(src, 1, bytes), memset(dst, 2, bytes);
  *t_op = *t_copy = 1e30;
  for (int rep = 0; rep <= REPS && ok; rep++) {
    double t0 = bench_now();
    jaxc_array *r = op(a, b);
    double t1 = bench_now();
    bench_par_copy(dst, src, bytes, 0);
    double t2 = bench_now();
    if (!(ok = r != NULL)) fprintf(stderr, "bench_linalg: %s\n", jaxc_last_error());
    jaxc_array_free(r);
    if (rep && t1 - t0 < *t_op) *t_op = t1 - t0;
    if (rep && t2 - t1 < *t_copy) *t_copy = t2 - t1;
  }
  free(src), free(dst);
  return ok;
}
static bool time_matmul(const jaxc_array *a, const jaxc_array *b, size_t bytes, double *t_mm, double *t_copy) {
  return time_op(jaxc_matmul, a, b, bytes, t_mm, t_copy);
}
static jaxc_array *op_tensordot0(const jaxc_array *a, const jaxc_array *b) {
  int z = 0;
  return jaxc_tensordot_axes(a, b, 1, &z, &z, JAXC_DTYPE_NONE);
}
static jaxc_array *op_matmul_i32(const jaxc_array *a, const jaxc_array *b) { return jaxc_matmul_preferred(a, b, JAXC_I32); }
static jaxc_array *op_vdot(const jaxc_array *a, const jaxc_array *b) { return jaxc_vdot(a, b, JAXC_DTYPE_NONE); }
static jaxc_array *op_vecdot(const jaxc_array *a, const jaxc_array *b) { return jaxc_vecdot(a, b, -1, JAXC_DTYPE_NONE); }
static jaxc_array *einsum2(const char *sub, const jaxc_array *a, const jaxc_array *b) {
  return jaxc_einsum(sub, b ? 2 : 1, (const jaxc_array *const[]){a, b}, JAXC_DTYPE_NONE);
}
static jaxc_array *op_ein_dot(const jaxc_array *a, const jaxc_array *b) { return einsum2("ij,ij->i", a, b); }
static jaxc_array *op_ein_rows(const jaxc_array *a, const jaxc_array *b) { return (void)b, einsum2("ij->i", a, NULL); }
static jaxc_array *op_ein_cols(const jaxc_array *a, const jaxc_array *b) { return (void)b, einsum2("ij->j", a, NULL); }
static jaxc_array *op_ein_bmm(const jaxc_array *a, const jaxc_array *b) { return einsum2("bij,bjk->bik", a, b); }

/* The operands' shapes of kind k (bench_contractions' table) for n elements. */
static void shapes_of(int k, int64_t n, int *nda, int64_t *sa, int *ndb, int64_t *sb) {
  int64_t root = (int64_t)1 << (int)(log2((double)n) / 2), side = k == 4 ? 8 : k == 5 ? 2 : 4;
  *nda = *ndb = k >= 4 && k <= 6 ? 3 : k == 1 || k == 3 || k >= 7 ? 2 : 1;
  sa[0] = k == 0 ? n : k == 1 ? n / 16 : k == 2 ? root : k == 3 ? root / 2 : k == 7 ? n / 4 : k == 8 ? n / 64 : n / (side * side);
  sa[1] = k == 1 ? 16 : k == 3 ? root / 2 : k == 8 ? 64 : side, sa[2] = side;
  for (int i = 0; i < 3; i++) sb[i] = k == 3 ? 2 : k == 7 ? 4 : sa[i];
  if (k == 8) sb[0] = 64, sb[1] = 4;
}
/* a shape as Python writes it: "(3, 4)", "(5,)" */
static void shape_str(char *s, size_t cap, int nd, const int64_t *shape) {
  size_t w = (size_t)snprintf(s, cap, "(");
  for (int i = 0; i < nd && w < cap; i++) w += (size_t)snprintf(s + w, cap - w, "%lld%s", (long long)shape[i], nd == 1 ? "," : i + 1 < nd ? ", " : "");
  if (w < cap) snprintf(s + w, cap - w, ")");
}
/* The contractions: compute-bound ones in GFLOP/s, memory-bound ones against the copy. */
static int bench_contractions(int64_t max_n) {
  printf("  %-22s %6s %10s %10s %12s %16s\n", "compute-bound", "n", "ms", "GFLOP/s", "copy share", "numpy: GFLOP/s jaxc");
  for (int kind = 0; kind < 2; kind++)
    for (int64_t n = 256; n <= max_n; n *= 2) {
      jaxc_dtype d = kind ? JAXC_I8 : JAXC_F32;
      jaxc_array *a = input(d, n, 1), *b = input(d, n, 7);
      double t_op, t_copy, flop = 2.0 * (double)n * (double)n * (double)n;
      if (!a || !b || !time_op(kind ? op_matmul_i32 : op_tensordot0, a, b, (size_t)(3 * n * n) * jaxc_dtype_size(d), &t_op, &t_copy)) return 1;
      char np_s[40] = "n/a";
      double tn = numpy_square_seconds(kind ? "int8" : "float32", n, kind ? "np.matmul(z, w, dtype=np.int32)" : "np.tensordot(z, w, ([0], [0]))");
      if (tn > 0) snprintf(np_s, sizeof np_s, "%8.1f %6.2fx", flop / tn / 1e9, tn / t_op);
      printf("  %-22s %6lld %10.3f %10.1f %11.1f%% %16s\n", kind ? "int8 @, preferred i32" : "tensordot f32 a.T b", (long long)n, t_op * 1e3,
             flop / t_op / 1e9, 100 * t_copy / t_op, np_s);
      fflush(stdout);
      jaxc_array_free(a), jaxc_array_free(b);
    }
  printf("  %-26s %6s %10s %10s %12s %16s\n", "memory-bound (f32)", "log2 n", "ns/elem", "GB/s", "copy share", "numpy: GB/s jaxc");
  /* operand shapes (shapes_of): 0 (n,) both; 1 (n/16, 16) both; 2 (sqrt n,) both; 3 (sqrt n / 2,
     sqrt n / 2) and (2, 2); 4 (n/64, 8, 8) both; 5 (n/4, 2, 2) both; 6 (n/16, 4, 4) both; 7 (n/4,
     4) and (4, 4); 8 (n/64, 64) and (64, 4). traffic: the elements read or written, in n's (8:
     a's n, its result's n/16 not counted) */
  static const struct { const char *name, *np; bench_op op; int shapes, traffic; } ops[] = {
      {"vdot (n,) (n,)", "np.vdot(z, w)", op_vdot, 0, 2},
      {"vecdot (n/16, 16) x2", "np.einsum('ij,ij->i', z, w)", op_vecdot, 1, 2},
      {"outer (sqrt n) (sqrt n)", "np.outer(z, w)", jaxc_outer, 2, 1},
      {"kron (r/2, r/2) (2, 2)", "np.kron(z, w)", jaxc_kron, 3, 1},
      {"einsum ij,ij->i (n/16,16)", "np.einsum('ij,ij->i', z, w)", op_ein_dot, 1, 2},
      {"einsum ij->i (n/16, 16)", "np.einsum('ij->i', z)", op_ein_rows, 1, 1},
      {"einsum ij->j (n/16, 16)", "np.einsum('ij->j', z)", op_ein_cols, 1, 1},
      {"einsum bij,bjk->bik 8x8", "np.einsum('bij,bjk->bik', z, w)", op_ein_bmm, 4, 3},
      {"matmul (n/4, 2, 2) x2", "np.matmul(z, w)", jaxc_matmul, 5, 3},
      {"matmul (n/16, 4, 4) x2", "np.matmul(z, w)", jaxc_matmul, 6, 3},
      {"matmul (n/64, 8, 8) x2", "np.matmul(z, w)", jaxc_matmul, 4, 3},
      {"matmul (n/4, 4) @ (4, 4)", "np.matmul(z, w)", jaxc_matmul, 7, 2},
      {"matmul (n/64,64) @ (64,4)", "np.matmul(z, w)", jaxc_matmul, 8, 1}};
  for (size_t o = 0; o < sizeof ops / sizeof *ops; o++)
    for (int lg = 20; lg <= 26; lg += 2) {
      int64_t n = (int64_t)1 << lg, sa[3], sb[3];
      int nda, ndb;
      shapes_of(ops[o].shapes, n, &nda, sa, &ndb, sb);
      jaxc_array *a = jaxc_full(nda, sa, 0.5, JAXC_F32), *b = jaxc_full(ndb, sb, 0.25, JAXC_F32);
      size_t bytes = (size_t)n * 4 * (size_t)ops[o].traffic;
      double t_op, t_copy;
      if (!a || !b || !time_op(ops[o].op, a, b, bytes, &t_op, &t_copy)) return 1;
      char za[64], zb[64], setup[200], np_s[40] = "n/a";
      shape_str(za, sizeof za, nda, sa), shape_str(zb, sizeof zb, ndb, sb);
      snprintf(setup, sizeof setup, "z = np.full(%s, 0.5, np.float32); w = np.full(%s, 0.25, np.float32)", za, zb);
      double tn = bench_numpy_best(setup, ops[o].np, REPS);
      if (tn > 0) snprintf(np_s, sizeof np_s, "%8.1f %6.2fx", (double)bytes / tn / 1e9, tn / t_op);
      printf("  %-26s %6d %10.3f %10.1f %11.1f%% %16s\n", ops[o].name, lg, t_op * 1e9 / (double)n, (double)bytes / t_op / 1e9,
             100 * t_copy / t_op, np_s);
      fflush(stdout);
      jaxc_array_free(a), jaxc_array_free(b);
    }
  return 0;
}
/* einsum_path's search, µs a call: n operands of 3 labels each (k, k+1, k+3 of n+3 labels, size
   4), so that each term shares labels with four others: "auto" runs optimal (n <= 4), branch and
   bound (all branches to 6, two to 8, one to 14), greedy past. NumPy's np.einsum_path (its own
   greedy, in Python) on the same shapes for scale. */
static int bench_paths(void) {
  printf("  %-26s %6s %10s %16s\n", "einsum_path", "n", "us/call", "numpy greedy us");
  static const int ns[] = {3, 4, 6, 8, 14, 24};
  for (size_t t = 0; t < sizeof ns / sizeof *ns; t++) {
    const char *letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    int n = ns[t], L = n + 3, path[64];
    char sub[256] = "", shapes[1024] = "";
    const jaxc_array *ops[24];
    int64_t sh[3] = {4, 4, 4};
    jaxc_array *x = jaxc_array_zeros(JAXC_F32, 3, sh);
    if (!x) return 1;
    for (int k = 0; k < n; k++) {
      size_t w = strlen(sub);
      snprintf(sub + w, sizeof sub - w, "%s%c%c%c", k ? "," : "", letters[k % L], letters[(k + 1) % L], letters[(k + 3) % L]);
      w = strlen(shapes);
      snprintf(shapes + w, sizeof shapes - w, "%s(4, 4, 4)", k ? ", " : "");
      ops[k] = x;
    }
    int calls = 0;
    double t0 = bench_now(), best = HUGE_VAL;
    for (int r = 0; r < REPS; r++, t0 = bench_now()) {
      for (calls = 0; bench_now() - t0 < 0.05; calls++)
        if (jaxc_einsum_path(sub, n, ops, path) != n - 1) return 1;
      double per = (bench_now() - t0) / calls;
      if (per < best) best = per;
    }
    char setup[1200], calls20[200], np_s[40] = "n/a"; /* (20 calls a timing: one is microseconds) */
    snprintf(setup, sizeof setup, "ops = [np.zeros(s, np.float32) for s in [%s]]", shapes);
    snprintf(calls20, sizeof calls20, "[np.einsum_path('%s', *ops, optimize='greedy') for _ in range(20)]", sub);
    double tn = bench_numpy_best(setup, calls20, REPS) / 20;
    if (tn > 0) snprintf(np_s, sizeof np_s, "%10.1f", tn * 1e6);
    printf("  %-26.26s %6d %10.1f %16s\n", sub, n, best * 1e6, np_s);
    fflush(stdout);
    jaxc_array_free(x);
  }
  return 0;
}
/* jnp.convolve(z, w, 'same'): n outputs of k products each */
static jaxc_array *conv_same(const jaxc_array *a, const jaxc_array *b) { return jaxc_convolve(a, b, JAXC_CONV_SAME, JAXC_DTYPE_NONE); }
static int bench_conv(void) {
  printf("  %-22s %6s %6s %10s %10s %12s %16s\n", "convolve 'same'", "log2 n", "k", "ns/elem", "GFLOP/s", "copy share", "numpy: GFLOP/s jaxc");
  static const int64_t ks[] = {3, 33, 255};
  for (int cx = 0; cx < 2; cx++)
    for (int lg = 20; lg <= 24; lg += 2)
      for (int ki = 0; ki < 3; ki++) {
        int64_t n = (int64_t)1 << lg, k = ks[ki];
        jaxc_dtype d = cx ? JAXC_C64 : JAXC_F32;
        jaxc_array *a = jaxc_full(1, &n, 0.5, d), *b = jaxc_full(1, &k, 0.25, d);
        double t_op, t_copy, flop = (cx ? 8.0 : 2.0) * (double)n * (double)k;
        if (!a || !b || !time_op(conv_same, a, b, (size_t)n * 2 * jaxc_dtype_size(d), &t_op, &t_copy)) return 1;
        char setup[200], np_s[40] = "n/a";
        snprintf(setup, sizeof setup, "z = np.full(%lld, 0.5, np.%s); w = np.full(%lld, 0.25, np.%s)", (long long)n, cx ? "complex64" : "float32",
                 (long long)k, cx ? "complex64" : "float32");
        double tn = lg <= 22 || k < 255 ? bench_numpy_best(setup, "np.convolve(z, w, 'same')", REPS) : -1; /* (NumPy's 2^24 x 255: seconds a run) */
        if (tn > 0) snprintf(np_s, sizeof np_s, "%8.2f %6.2fx", flop / tn / 1e9, tn / t_op);
        printf("  %-22s %6d %6lld %10.3f %10.2f %11.1f%% %16s\n", jaxc_dtype_name(d), lg, (long long)k, t_op * 1e9 / (double)n, flop / t_op / 1e9,
               100 * t_copy / t_op, np_s);
        fflush(stdout);
        jaxc_array_free(a), jaxc_array_free(b);
      }
  return 0;
}

/* jnp.linalg: det (LU, 2n^3/3 flops), solve with n right-hand sides and inv (LU then the two
   triangular solves, 8n^3/3), cholesky (n^3/3), qr, svdvals, eigh and svd, and eig and eigvals (up to n = 256) of n x n matrices, and 10^4 batched 4x4 and
   16x16 ones (`only`: the op of that name alone, when not NULL); GFLOP/s, the same-run copy of the operand and result bytes, and NumPy's
   np.linalg (Debian's reference LAPACK) on the same values. The matrices are I + the input
   pattern / (4n) (diagonally dominant), cholesky's a a^T + I. */
static jaxc_array *well_conditioned(jaxc_dtype d, int64_t batch, int64_t n, bool spd) {
  int64_t sh[3] = {batch, n, n}, total = batch * n * n;
  jaxc_array *f = jaxc_array_empty(JAXC_F64, 3, sh);
  double *p = (double *)jaxc_array_data(f);
  for (int64_t i = 0; i < total; i++) p[i] = ((double)((((uint64_t)i * 2654435761u + 1) % 97) % 9) - 4) / (4.0 * (double)n) + (i % (n * n) % (n + 1) == 0);
  if (spd) { /* a a^T + I, by jaxc's matmul */
    jaxc_array *t = jaxc_linalg_matrix_transpose(f), *m = jaxc_matmul(f, t);
    double *q = (double *)jaxc_array_data(m);
    for (int64_t i = 0; i < total; i++) q[i] += i % (n * n) % (n + 1) == 0;
    jaxc_array_free(t), jaxc_array_free(f), f = m;
  }
  jaxc_array *a = jaxc_astype(f, d), *r = batch == 1 ? jaxc_reshape(a, 2, sh + 1) : NULL;
  jaxc_array_free(f);
  if (r) jaxc_array_free(a);
  return r ? r : a;
}
static jaxc_array *op_det(const jaxc_array *a, const jaxc_array *b) { return (void)b, jaxc_linalg_det(a); }
static jaxc_array *op_inv(const jaxc_array *a, const jaxc_array *b) { return (void)b, jaxc_linalg_inv(a); }
static jaxc_array *op_chol(const jaxc_array *a, const jaxc_array *b) { return (void)b, jaxc_linalg_cholesky(a, false, true); }
static jaxc_array *op_svdvals(const jaxc_array *a, const jaxc_array *b) { return (void)b, jaxc_linalg_svdvals(a); }
static jaxc_array *op_qr(const jaxc_array *a, const jaxc_array *b) {
  jaxc_array *q = NULL, *r = NULL;
  (void)b, jaxc_linalg_qr(a, NULL, &q, &r);
  jaxc_array_free(r);
  return q;
}
static jaxc_array *op_eigh(const jaxc_array *a, const jaxc_array *b) {
  jaxc_array *w = NULL, *v = NULL;
  (void)b, jaxc_linalg_eigh(a, NULL, true, &w, &v);
  jaxc_array_free(w);
  return v;
}
static jaxc_array *op_svd(const jaxc_array *a, const jaxc_array *b) {
  jaxc_array *u = NULL, *s = NULL, *vh = NULL;
  (void)b, jaxc_linalg_svd(a, false, true, false, &u, &s, &vh);
  jaxc_array_free(s), jaxc_array_free(vh);
  return u;
}
static jaxc_array *op_eig(const jaxc_array *a, const jaxc_array *b) {
  jaxc_array *w = NULL, *v = NULL;
  (void)b, jaxc_linalg_eig(a, &w, &v);
  jaxc_array_free(w);
  return v;
}
static jaxc_array *op_eigvals(const jaxc_array *a, const jaxc_array *b) { return (void)b, jaxc_linalg_eigvals(a); }
static int bench_decomp(int64_t max_n, const char *only) {
  printf("  %-16s %-8s %6s %6s %10s %10s %12s %16s\n", "jnp.linalg", "dtype", "batch", "n", "ms", "GFLOP/s", "copy share", "numpy: GFLOP/s jaxc");
  static const struct { const char *name, *np; bench_op op; double flops; int outs; bool spd; int64_t max_n; } ops[] = {
      {"det", "np.linalg.det(z)", op_det, 2.0 / 3, 0, false, 1 << 20},
      {"solve (n cols)", "np.linalg.solve(z, z)", jaxc_linalg_solve, 8.0 / 3, 1, false, 1 << 20},
      {"inv", "np.linalg.inv(z)", op_inv, 8.0 / 3, 1, false, 1 << 20},
      {"cholesky", "np.linalg.cholesky(z)", op_chol, 1.0 / 3, 1, true, 1 << 20},
      /* (nominal flops: the bidiagonalization, 4n^3/3, as for the others below LAPACK's counts) */
      {"svdvals", "np.linalg.svd(z, compute_uv=False)", op_svdvals, 4.0 / 3, 0, false, 1024},
      /* (nominal: geqrf + orgqr 8n^3/3, symmetric QR with vectors 9n^3, Golub-Reinsch with vectors 21n^3) */
      {"qr", "np.linalg.qr(z)", op_qr, 8.0 / 3, 2, false, 1 << 20},
      {"eigh", "np.linalg.eigh(z)", op_eigh, 9.0, 1, true, 1024},
      {"svd", "np.linalg.svd(z, full_matrices=False)", op_svd, 21.0, 2, false, 1024},
      /* (nominal: the Schur form with vectors, 25n^3, as Golub and Van Loan count it) */
      {"eig", "np.linalg.eig(z)", op_eig, 25.0, 2, false, 256},
      /* (nominal: the Schur form alone, 10n^3) */
      {"eigvals", "np.linalg.eigvals(z)", op_eigvals, 10.0, 0, false, 256}};
  static const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64};
  static const int64_t shapes[][2] = {{1, 64}, {1, 256}, {1, 1024}, {10000, 4}, {10000, 16}};
  for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
    for (size_t di = 0; di < 2; di++)
      for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++) {
        int64_t batch = shapes[si][0], n = shapes[si][1];
        if (n > max_n || n > ops[o].max_n || (only && strcmp(only, ops[o].name))) continue;
        jaxc_array *a = well_conditioned(ds[di], batch, n, ops[o].spd);
        size_t bytes = (size_t)(batch * n * n) * jaxc_dtype_size(ds[di]) * (size_t)(1 + 2 * ops[o].outs);
        double t_op, t_copy;
        if (!a || !time_op(ops[o].op, a, a, bytes, &t_op, &t_copy)) return 1;
        double flop = ops[o].flops * (double)batch * (double)n * (double)n * (double)n;
        char setup[1000], np_s[40] = "n/a";
        snprintf(setup, sizeof setup,
                 "b, n = %lld, %lld; i = np.arange(b * n * n, dtype=np.uint64); "
                 "z = ((((i * 2654435761 + 1) %% 97) %% 9).astype(np.float64) - 4) / (4.0 * n) + (i %% (n * n) %% (n + 1) == 0); z = z.reshape(b, n, n); "
                 "z = (z @ z.transpose(0, 2, 1) + np.eye(n)) if %d else z; z = z.astype('%s'); z = z[0] if b == 1 else z",
                 (long long)batch, (long long)n, (int)ops[o].spd, jaxc_dtype_name(ds[di]));
        double tn = bench_numpy_best(setup, ops[o].np, REPS);
        if (tn > 0) snprintf(np_s, sizeof np_s, "%8.2f %6.2fx", flop / tn / 1e9, tn / t_op);
        printf("  %-16s %-8s %6lld %6lld %10.3f %10.2f %11.1f%% %16s\n", ops[o].name, jaxc_dtype_name(ds[di]), (long long)batch, (long long)n,
               t_op * 1e3, flop / t_op / 1e9, 100 * t_copy / t_op, np_s);
        fflush(stdout);
        jaxc_array_free(a);
      }
  return 0;
}

int main(int argc, char **argv) {
  int64_t max_n = argc > 1 ? atoll(argv[1]) : 1024;
  int threads = bench_threads();
  jaxc_set_x64(true);
  if (argc > 2 && !strcmp(argv[2], "decomp")) return bench_decomp(max_n, argc > 3 ? argv[3] : NULL);
  printf("bench_linalg: matmul of n x n matrices, best of %d, %d thread(s); NumPy: its matmul (Debian's links the reference BLAS)\n", REPS, threads);
  printf("  %-8s %6s %10s %10s %12s %16s\n", "dtype", "n", "ms", "GFLOP/s", "copy share", "numpy: GFLOP/s jaxc");
  static const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64, JAXC_BF16, JAXC_I8};
  for (size_t di = 0; di < sizeof ds / sizeof ds[0]; di++)
    for (int64_t n = 128; n <= max_n; n *= 2) {
      jaxc_array *a = input(ds[di], n, 1), *b = input(ds[di], n, 7);
      size_t bytes = (size_t)(3 * n * n) * jaxc_dtype_size(ds[di]);
      double t_mm, t_copy;
      if (!a || !b || !time_matmul(a, b, bytes, &t_mm, &t_copy)) return 1;
      double flop = 2.0 * (double)n * (double)n * (double)n, tn = numpy_seconds(ds[di], n);
      char np_s[40] = "n/a";
      if (tn > 0) snprintf(np_s, sizeof np_s, "%8.1f %6.2fx", flop / tn / 1e9, tn / t_mm);
      printf("  %-8s %6lld %10.3f %10.1f %11.1f%% %16s\n", jaxc_dtype_name(ds[di]), (long long)n, t_mm * 1e3, flop / t_mm / 1e9,
             100 * t_copy / t_mm, np_s);
      fflush(stdout);
      jaxc_array_free(a), jaxc_array_free(b);
    }
  /* matrix times vector: memory-bound (A read once), so set against the copy of A's bytes */
  printf("  %-8s %6s %10s %10s %12s %16s\n", "A @ v", "n", "ms", "GB/s of A", "copy share", "numpy: GB/s jaxc");
  for (int64_t n = 1024; n <= 2 * max_n && n <= 8192; n *= 2) {
    int64_t nn = n;
    jaxc_array *a = input(JAXC_F32, n, 1), *vv = jaxc_array_zeros(JAXC_F32, 1, &nn);
    size_t bytes = (size_t)(n * n) * 4;
    double t_mm, t_copy;
    if (!a || !vv || !time_matmul(a, vv, bytes, &t_mm, &t_copy)) return 1;
    char setup[200], np_s[40] = "n/a";
    snprintf(setup, sizeof setup, "z = np.ones((%lld, %lld), np.float32); w = np.zeros(%lld, np.float32)", (long long)n, (long long)n, (long long)n);
    double tn = bench_numpy_best(setup, "z @ w", REPS);
    if (tn > 0) snprintf(np_s, sizeof np_s, "%8.1f %6.2fx", (double)bytes / tn / 1e9, tn / t_mm);
    printf("  %-8s %6lld %10.3f %10.1f %11.1f%% %16s\n", "float32", (long long)n, t_mm * 1e3, (double)bytes / t_mm / 1e9, 100 * t_copy / t_mm, np_s);
    fflush(stdout);
    jaxc_array_free(a), jaxc_array_free(vv);
  }
  return bench_decomp(max_n, NULL) || bench_contractions(max_n) || bench_paths() || bench_conv();
}
