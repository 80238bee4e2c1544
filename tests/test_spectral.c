/* test_spectral.c — jnp.linalg's orthogonal decompositions and what JAX builds on them: qr (every
   mode), eigh and eigvalsh, svd (full or reduced, hermitian), pinv, lstsq, cond. References
   written here, not taken from the library:
     - every factorization against the matrix it factors, in long double: Q R = a, U diag(s) Vh =
       a and a V = V diag(w) within c k u |a|, and Q^H Q = I, U^H U = I, V^H V = I within c k u;
     - R upper triangular with a real diagonal, LAPACK's reflector signs (R[0][0] has the sign
       opposite to a[0][0]), 1 <= tau <= 2 for a real reflector, the raw reflectors rebuilding
       the complete Q; JAX's documented qr example; reference LAPACK's qr of a 4x3 matrix;
     - eigenvalues by trace and Frobenius sums, the 2x2 closed form, diagonal matrices exactly
       (sorted, with permutation vectors), a prescribed spectrum with repeats through a
       reflector built here; the triangle read (UPLO) and symmetrize_input;
     - singular vectors of rank-deficient and zero matrices still orthonormal (the zero values
       included), full and reduced sharing their columns bit for bit, s bit for bit svdvals';
       hermitian=True's zero row of vh for a zero eigenvalue (JAX's sign(0));
     - pinv by the four Moore-Penrose conditions, exact rationals of JAX's doc example, the cutoff;
     - lstsq by the normal equations, the minimum norm solution orthogonal to the null space;
     - cond against closed forms of diagonal matrices, inf for singular ones;
   and JAX's shapes of empty matrices, result dtypes, error messages, NaN, inputs unchanged. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"
#include "linalg_check.h"

static int64_t batch_of(int nd, const int64_t *shape) {
  int64_t c = 1;
  for (int i = 0; i < nd - 2; i++) c *= shape[i];
  return c;
}
/* sum over t of X[i][t] * Y[t][j]: X (r x k) and Y (k x c) row-major */
static cld prod_at(const cld *X, const cld *Y, int64_t k, int64_t c, int64_t i, int64_t j) {
  cld s = {0, 0};
  for (int64_t t = 0; t < k; t++) {
    cld x = X[i * k + t];
    cld p = cmul(x, Y[t * c + j]);
    s.re += p.re, s.im += p.im;
  }
  return s;
}
/* max |G - I| of G = Q^H Q (cols: Q's columns, Q rows x cols) or Q Q^H (rows) */
static long double orth_err(const cld *Q, int64_t rows, int64_t cols, bool of_rows) {
  long double worst = 0;
  int64_t nv = of_rows ? rows : cols, len = of_rows ? cols : rows;
  for (int64_t p = 0; p < nv; p++)
    for (int64_t q = 0; q < nv; q++) {
      cld s = {0, 0};
      for (int64_t t = 0; t < len; t++) {
        cld x = of_rows ? Q[p * cols + t] : Q[t * cols + p], y = of_rows ? Q[q * cols + t] : Q[t * cols + q];
        x.im = -x.im;
        cld pr = cmul(x, y);
        s.re += pr.re, s.im += pr.im;
      }
      long double e = hypotl(s.re - (p == q), s.im);
      worst = maxnan(worst, e);
    }
  return worst;
}
static long double fro(const cld *A, int64_t n) {
  long double s = 0;
  for (int64_t i = 0; i < n; i++) s += A[i].re * A[i].re + A[i].im * A[i].im;
  return sqrtl(s);
}
/* a Hermitian (real: symmetric) batch of n x n of dtype d */
static jaxc_array *rand_herm(jaxc_dtype d, int nd, const int64_t *shape) {
  jaxc_array *a = rand_mats(d, nd, shape, 0), *h;
  jaxc_array *t = jaxc_linalg_matrix_transpose(a), *c = jaxc_conj(t), *s = jaxc_add(a, c), *two = jaxc_weak_int(2);
  h = jaxc_true_divide(s, two);
  FREE_ALL(a, t, c, s, two);
  return h;
}

/* ---- qr ------------------------------------------------------------------------------------- */
static void check_qr(jaxc_dtype d, int nd, const int64_t *shape) {
  jaxc_array *a = rand_mats(d, nd, shape, 0);
  int64_t m = shape[nd - 2], n = shape[nd - 1], k = m < n ? m : n, count = batch_of(nd, shape);
  uint64_t before = checksum(a);
  jaxc_array *q = NULL, *r = NULL, *qc = NULL, *rc = NULL, *ro = NULL, *h = NULL, *tau = NULL, *dummy = NULL;
  int st = jaxc_linalg_qr(a, NULL, &q, &r);
  st |= jaxc_linalg_qr(a, "complete", &qc, &rc);
  st |= jaxc_linalg_qr(a, "r", &dummy, &ro);
  st |= jaxc_linalg_qr(a, "raw", &h, &tau);
  CHECK_MSG(st == 0 && q && r && qc && rc && ro && !dummy && h && tau, "qr %s: %s", jaxc_dtype_name(d), jaxc_last_error());
  if (!q || !r || !qc || !rc || !ro || !h || !tau) {
    FREE_ALL(a, q, r, qc, rc, ro, h, tau);
    return;
  }
  int64_t sq[JAXC_MAX_NDIM], sr[JAXC_MAX_NDIM], sqc[JAXC_MAX_NDIM], src[JAXC_MAX_NDIM], sh[JAXC_MAX_NDIM];
  for (int i = 0; i < nd; i++) sq[i] = sr[i] = sqc[i] = src[i] = sh[i] = shape[i];
  sq[nd - 1] = k, sr[nd - 2] = k, sqc[nd - 1] = m, src[nd - 2] = m, sh[nd - 2] = n, sh[nd - 1] = m;
  CHECK(jaxc_array_dtype(q) == d && same_shape(q, nd, sq) && same_shape(r, nd, sr) && same_shape(ro, nd, sr));
  CHECK(same_shape(qc, nd, sqc) && same_shape(rc, nd, src) && same_shape(h, nd, sh) && same_shape(tau, nd - 1, sr));
  CHECK(checksum(a) == before);
  CHECK_MSG(bits_equal(r, ro), "qr %s: mode r is reduced's R", jaxc_dtype_name(d));
  cld *A = parts(a), *Q = parts(q), *R = parts(r), *QC = parts(qc), *RC = parts(rc), *H = parts(h), *T = parts(tau);
  long double u = u_of(d), worst_rec = 0, worst_orth = 0, worst_raw = 0;
  bool upper = true, diag_real = true, share = true, signs = true, tau_ok = true;
  for (int64_t b = 0; b < count; b++) {
    const cld *Ab = A + b * m * n, *Qb = Q + b * m * k, *Rb = R + b * k * n, *QCb = QC + b * m * m, *RCb = RC + b * m * n;
    long double scale = fro(Ab, m * n) + 1e-300L;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        cld s = prod_at(Qb, Rb, k, n, i, j);
        long double e = hypotl(s.re - Ab[i * n + j].re, s.im - Ab[i * n + j].im) / (8 * (long double)(k + 2) * u * scale);
        worst_rec = maxnan(worst_rec, e);
      }
    long double oe = orth_err(QCb, m, m, false) / (8 * (long double)(m + 2) * u);
    worst_orth = maxnan(worst_orth, oe);
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        if (i > j) upper &= RCb[i * n + j].re == 0 && RCb[i * n + j].im == 0;
        if (i == j) diag_real &= RCb[i * n + j].im == 0 || (i < k && T[b * k + i].re == 0 && T[b * k + i].im == 0);
        if (i < k) share &= RCb[i * n + j].re == Rb[i * n + j].re && RCb[i * n + j].im == Rb[i * n + j].im;
        if (j < k) share &= QCb[i * m + j].re == Qb[i * k + j].re && QCb[i * m + j].im == Qb[i * k + j].im;
        /* raw: h[j][i] is geqrf's a[i][j]: R on and above the diagonal */
        if (i <= j) share &= H[b * m * n + j * m + i].re == RCb[i * n + j].re && H[b * m * n + j * m + i].im == RCb[i * n + j].im;
      }
    if (m > 1 && n > 0) /* LAPACK's sign: beta = -sign(re a[0][0]) |a[:, 0]| */
      signs &= Ab[0].re == 0 || (RCb[0].re < 0) == (Ab[0].re > 0);
    /* the raw reflectors rebuild Q: H_0 ... H_{k-1} applied to the identity, in long double */
    cld *P = calloc((size_t)(m * m + 1), sizeof(cld));
    for (int64_t i = 0; i < m; i++) P[i * m + i].re = 1;
    for (int64_t jj = k - 1; jj >= 0; jj--) {
      cld t = T[b * k + jj];
      if (!is_cx(d)) tau_ok &= (t.re == 0) || (t.re >= 1 - 4 * u && t.re <= 2 + 4 * u);
      tau_ok &= hypotl(t.re - 1, t.im) <= 1 + 4 * u || (t.re == 0 && t.im == 0);
      for (int64_t c = 0; c < m; c++) { /* column c -= tau v (v^H col) */
        cld w = {0, 0};
        for (int64_t i = jj; i < m; i++) {
          cld v = i == jj ? (cld){1, 0} : H[b * m * n + jj * m + i];
          v.im = -v.im;
          cld p = cmul(v, P[i * m + c]);
          w.re += p.re, w.im += p.im;
        }
        cld f = cmul(t, w);
        for (int64_t i = jj; i < m; i++) {
          cld v = i == jj ? (cld){1, 0} : H[b * m * n + jj * m + i], p = cmul(f, v);
          P[i * m + c].re -= p.re, P[i * m + c].im -= p.im;
        }
      }
    }
    for (int64_t i = 0; i < m * m; i++) {
      long double e = hypotl(P[i].re - QCb[i].re, P[i].im - QCb[i].im) / (8 * (long double)(m + 2) * u);
      worst_raw = maxnan(worst_raw, e);
    }
    free(P);
  }
  const char *dn = jaxc_dtype_name(d);
  CHECK_MSG(worst_rec <= 1, "qr %s %lldx%lld: |QR - a| at %.3Lg of the bound", dn, (long long)m, (long long)n, worst_rec);
  CHECK_MSG(worst_orth <= 1, "qr %s %lldx%lld: |Q^H Q - I| at %.3Lg of the bound", dn, (long long)m, (long long)n, worst_orth);
  CHECK_MSG(worst_raw <= 1, "qr %s %lldx%lld: raw reflectors vs Q at %.3Lg of the bound", dn, (long long)m, (long long)n, worst_raw);
  CHECK_MSG(upper && diag_real, "qr %s %lldx%lld: R upper with a real diagonal", dn, (long long)m, (long long)n);
  CHECK_MSG(share, "qr %s %lldx%lld: reduced, complete and raw share their entries", dn, (long long)m, (long long)n);
  CHECK_MSG(signs, "qr %s: LAPACK's sign of R[0][0]", dn);
  CHECK_MSG(tau_ok, "qr %s: tau of a reflector", dn);
  free(A), free(Q), free(R), free(QC), free(RC), free(H), free(T);
  FREE_ALL(a, q, r, qc, rc, ro, h, tau);
}
static void test_qr(void) {
  /* (past 128 columns, LAPACK's blocked route: 230x200 three blocks of 32 and 104 columns
     unblocked; 150x230 one block; two 170x140 at once, each on one thread) */
  static const int64_t shapes[][3] = {{2, 3, 4},  {1, 5, 3},   {1, 3, 5},     {1, 4, 4},     {1, 1, 1},   {1, 40, 25},
                                      {1, 25, 40}, {1, 0, 0},  {1, 0, 3},     {1, 3, 0},     {3, 6, 6},   {1, 230, 200},
                                      {1, 150, 230}, {2, 170, 140}};
  for (int di = 0; di < 4; di++)
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) check_qr(LAPACK[di], shapes[s][0] == 1 ? 2 : 3, shapes[s][0] == 1 ? shapes[s] + 1 : shapes[s]);
  /* reference LAPACK 3.11's dgeqrf + dorgqr (through NumPy's np.linalg.qr, repr()): jaxc's
     reflectors round as larfg and dlarf do, so these agree to the bit in a build without FMA
     contraction; 2 ulps allowed (clang contracts by default) */
  {
    double a43[12] = {2, -1, 3, 4, 1, 0, -2, 5, 1, 1, 1, -3};
    const double ql[12] = {-0.40000000000000013, 0.08622479818365836, -0.6681570902990359, -0.8000000000000002, -0.4154467548848989,
                           0.02329549284719301, 0.4000000000000001, -0.8700865998532789, -0.27636925605078955, -0.20000000000000004,
                           -0.2508357765342785, 0.6903936971077197};
    const double rl[9] = {-4.999999999999999, 1.4000000000000004, -0.20000000000000018, 0.0, -5.102940328869229, 0.14109512430053206, 0.0, 0.0, -4.352021618271056};
    jaxc_array *x = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){4, 3}, a43), *xq = NULL, *xr = NULL;
    CHECK(jaxc_linalg_qr(x, NULL, &xq, &xr) == JAXC_OK && xq && xr);
    long double e = 0;
    for (int i = 0; xq && i < 12; i++) e = maxnan(e, fabsl(at(xq, i).re - ql[i]) / 0x1p-53L);
    for (int i = 0; xr && i < 9; i++) e = maxnan(e, fabsl(at(xr, i).re - rl[i]) / (0x1p-53L * 8));
    CHECK_MSG(e <= 2, "qr: LAPACK's values, off by %.3Lg ulps", e);
    FREE_ALL(x, xq, xr);
  }
  /* JAX's doc example (float32 LAPACK's values, to its rounding) */
  double av[12] = {1, 2, 3, 4, 5, 4, 2, 1, 6, 3, 1, 5};
  const double qw[9] = {-0.12700021, -0.7581426, -0.6396022, -0.63500065, -0.43322435, 0.63960224, -0.7620008, 0.48737738, -0.42640156};
  const double rw[12] = {-7.8740077, -5.080005, -2.4130025, -4.953006, 0, -1.7870499, -2.6534991, -1.028908, 0, 0, -1.0660033, -4.050814};
  jaxc_array *a = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){3, 4}, av), *a32 = jaxc_astype(a, JAXC_F32), *q, *r;
  CHECK(jaxc_linalg_qr(a32, "reduced", &q, &r) == 0 && jaxc_array_dtype(q) == JAXC_F32);
  bool near = q && r;
  for (int i = 0; near && i < 9; i++) near &= fabsl(at(q, i).re - qw[i]) <= 4e-6;
  for (int i = 0; near && i < 12; i++) near &= fabsl(at(r, i).re - rw[i]) <= 4e-6 * 8;
  CHECK_MSG(near, "qr: JAX's doc example");
  FREE_ALL(q, r);
  /* a zero matrix: every tau 0, Q exactly the identity, R zero */
  jaxc_array *z = jaxc_array_zeros(JAXC_F64, 2, (const int64_t[]){4, 3}), *h = NULL, *t = NULL;
  CHECK(jaxc_linalg_qr(z, "complete", &q, &r) == 0 && jaxc_linalg_qr(z, "raw", &h, &t) == 0);
  bool exact = q && r && t;
  for (int i = 0; exact && i < 16; i++) exact &= at(q, i).re == (i % 5 == 0);
  for (int i = 0; exact && i < 12; i++) exact &= at(r, i).re == 0;
  for (int i = 0; exact && i < 3; i++) exact &= at(t, i).re == 0;
  CHECK_MSG(exact, "qr: a zero matrix");
  FREE_ALL(q, r, h, t, z);
  /* an upper triangular matrix with a positive diagonal in its first column: tau 0 there */
  double tri[9] = {-2, 1, 1, 0, 3, 1, 0, 0, 5};
  jaxc_array *ta = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){3, 3}, tri);
  CHECK(jaxc_linalg_qr(ta, "raw", &h, &t) == 0 && t && at(t, 0).re == 0 && at(h, 0).re == -2);
  FREE_ALL(ta, h, t);
  /* promotion: int32 -> float32 (JAX's to_inexact_dtype, x64 on or off); NaN spreads */
  int32_t iv[4] = {1, 2, 3, 4};
  jaxc_array *ia = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 2}, iv);
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    CHECK(jaxc_linalg_qr(ia, NULL, &q, &r) == 0 && jaxc_array_dtype(q) == JAXC_F32 && jaxc_array_dtype(r) == jaxc_array_dtype(q));
    FREE_ALL(q, r);
  }
  jaxc_set_x64(true);
  av[0] = NAN;
  jaxc_array *na = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){3, 4}, av);
  CHECK(jaxc_linalg_qr(na, NULL, &q, &r) == 0 && r && isnan((double)at(r, 0).re));
  FREE_ALL(q, r, na);
  /* errors */
  jaxc_array *v = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3}), *f16 = jaxc_astype(a, JAXC_F16);
  q = r = (jaxc_array *)a;
  CHECK(jaxc_linalg_qr(a, "economic", &q, &r) == JAXC_ERR_ARG && !q && !r);
  CHECK(strcmp(jaxc_last_error(), "Unsupported QR decomposition mode 'economic'") == 0);
  CHECK(jaxc_linalg_qr(v, NULL, &q, &r) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "Input 0 to qr must have rank at least 2, but got shape=(3,)") == 0);
  CHECK(jaxc_linalg_qr(v, "raw", &q, &r) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "Input 0 to geqrf must have rank at least 2, but got shape=(3,)") == 0);
  CHECK(jaxc_linalg_qr(f16, NULL, &q, &r) == JAXC_ERR_DTYPE && strcmp(jaxc_last_error(), "Unsupported dtype float16.") == 0);
  CHECK(jaxc_linalg_qr(NULL, NULL, &q, &r) == JAXC_ERR_ARG);
  FREE_ALL(a, a32, ia, v, f16);
}

/* ---- eigh ----------------------------------------------------------------------------------- */
/* eigh of a Hermitian a (taken) against a itself */
static void check_eigh_on(jaxc_array *a) {
  jaxc_dtype d = jaxc_array_dtype(a);
  int nd = jaxc_array_ndim(a);
  const int64_t *shape = jaxc_array_shape(a);
  jaxc_array *w = NULL, *v = NULL, *w2 = NULL;
  int64_t n = shape[nd - 1], count = batch_of(nd, shape);
  uint64_t before = checksum(a);
  CHECK_MSG(jaxc_linalg_eigh(a, NULL, true, &w, &v) == 0 && w && v, "eigh %s: %s", jaxc_dtype_name(d), jaxc_last_error());
  w2 = jaxc_linalg_eigvalsh(a, "U");
  if (!w || !v || !w2) {
    FREE_ALL(a, w, v, w2);
    return;
  }
  jaxc_dtype rd = d == JAXC_C64 ? JAXC_F32 : d == JAXC_C128 ? JAXC_F64 : d;
  CHECK(jaxc_array_dtype(w) == rd && same_shape(w, nd - 1, shape) && jaxc_array_dtype(v) == d && same_shape(v, nd, shape));
  CHECK(checksum(a) == before);
  CHECK_MSG(bits_equal(w, w2), "eigvalsh(a, 'U') of a Hermitian a is eigh's w");
  cld *A = parts(a), *W = parts(w), *V = parts(v);
  long double u = u_of(d), worst_res = 0, worst_orth = 0, worst_sum = 0;
  bool ascending = true;
  for (int64_t b = 0; b < count; b++) {
    const cld *Ab = A + b * n * n, *Vb = V + b * n * n, *Wb = W + b * n;
    long double scale = fro(Ab, n * n) + 1e-300L, tr = 0, f2 = 0, ws = 0, w2s = 0;
    for (int64_t i = 0; i < n; i++) {
      tr += Ab[i * n + i].re, ws += Wb[i].re, w2s += Wb[i].re * Wb[i].re;
      if (i) ascending &= Wb[i - 1].re <= Wb[i].re;
      for (int64_t j = 0; j < n; j++) f2 += Ab[i * n + j].re * Ab[i * n + j].re + Ab[i * n + j].im * Ab[i * n + j].im;
      for (int64_t j = 0; j < n; j++) { /* (a v)[i][j] - v[i][j] w[j] */
        cld s = prod_at(Ab, Vb, n, n, i, j), vw = {Vb[i * n + j].re * Wb[j].re, Vb[i * n + j].im * Wb[j].re};
        long double e = hypotl(s.re - vw.re, s.im - vw.im) / (8 * (long double)(n + 2) * u * scale);
        worst_res = maxnan(worst_res, e);
      }
    }
    long double oe = orth_err(Vb, n, n, false) / (8 * (long double)(n + 2) * u);
    long double se = fabsl(ws - tr) / (8 * (n + 2) * u * scale * sqrtl((long double)n + 1)) + fabsl(w2s - f2) / (16 * (n + 2) * u * scale * scale);
    worst_orth = maxnan(worst_orth, oe);
    worst_sum = maxnan(worst_sum, se);
  }
  const char *dn = jaxc_dtype_name(d);
  CHECK_MSG(ascending, "eigh %s n=%lld: ascending", dn, (long long)n);
  CHECK_MSG(worst_res <= 1, "eigh %s n=%lld: |a v - v w| at %.3Lg of the bound", dn, (long long)n, worst_res);
  CHECK_MSG(worst_orth <= 1, "eigh %s n=%lld: |V^H V - I| at %.3Lg of the bound", dn, (long long)n, worst_orth);
  CHECK_MSG(worst_sum <= 1, "eigh %s n=%lld: trace and Frobenius sums at %.3Lg of the bound", dn, (long long)n, worst_sum);
  free(A), free(W), free(V);
  FREE_ALL(a, w, v, w2);
}
static void check_eigh(jaxc_dtype d, int nd, const int64_t *shape) { check_eigh_on(rand_herm(d, nd, shape)); }
/* (s + s^T) / 2, s[i][j] = sin(0.37 (i n + j)): rank 4 (sin(x + y) = sin x cos y + cos x sin y),
   so T's values below its four large ones are a cluster of roundings */
static jaxc_array *sin_rank4(jaxc_dtype d, int64_t n) {
  jaxc_array *f = jaxc_array_empty(JAXC_F64, 2, (const int64_t[]){n, n}), *r;
  double *p = (double *)jaxc_array_data(f);
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++) p[i * n + j] = (sin(0.37 * (double)(i * n + j)) + sin(0.37 * (double)(j * n + i))) / 2;
  r = jaxc_astype(f, d);
  jaxc_array_free(f);
  return r;
}
static void test_eigh(void) {
  /* (from 130 the vectors' Q by orgqr's blocks, the matrix's threads or the batch's) */
  static const int64_t shapes[][3] = {{1, 1, 1}, {1, 2, 2}, {1, 3, 3}, {2, 8, 8}, {1, 33, 33}, {3, 0, 0}, {1, 0, 0}, {1, 150, 150}, {2, 131, 131}};
  for (int di = 0; di < 4; di++)
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) check_eigh(LAPACK[di], shapes[s][0] == 1 ? 2 : 3, shapes[s][0] == 1 ? shapes[s] + 1 : shapes[s]);
  /* a cluster of tiny values under large ones: QL's split tested e only beside the d's, and
     these gave NaN from n = 32 (np.linalg.eigvalsh: -8.714791806360596 .. 8.207660878469092 at 32) */
  for (int di = 0; di < 4; di++)
    for (int64_t n = 32; n <= 96; n += 64) check_eigh_on(sin_rank4(LAPACK[di], n));
  {
    jaxc_array *s32 = sin_rank4(JAXC_F64, 32), *w32 = jaxc_linalg_eigvalsh(s32, NULL);
    CHECK_MSG(w32 && fabsl(at(w32, 0).re + 8.714791806360596L) < 1e-13 && fabsl(at(w32, 31).re - 8.207660878469092L) < 1e-13 &&
                  fabsl(at(w32, 15).re) < 1e-13,
              "eigh: the rank-4 sin matrix's values are NumPy's");
    FREE_ALL(s32, w32);
  }
  jaxc_array *w, *v;
  /* JAX's doc example: [[1, -2j], [2j, 1]] -> [-1, 3] (exact here: theta = 0) */
  double hv[8] = {1, 0, 0, -2, 0, 2, 1, 0};
  jaxc_array *h = jaxc_array_from_data(JAXC_C128, 2, (const int64_t[]){2, 2}, hv), *h64 = jaxc_astype(h, JAXC_C64);
  CHECK(jaxc_linalg_eigh(h64, NULL, true, &w, &v) == 0 && jaxc_array_dtype(w) == JAXC_F32 && at(w, 0).re == -1 && at(w, 1).re == 3);
  CHECK(v && fabsl(cabsl_(at(v, 0)) - sqrtl(0.5L)) < 1e-7 && fabsl(cabsl_(at(v, 3)) - sqrtl(0.5L)) < 1e-7);
  FREE_ALL(w, v, h, h64);
  /* a diagonal matrix: its diagonal sorted, the vectors a permutation, exactly */
  double dg[16] = {3, 0, 0, 0, 0, -1, 0, 0, 0, 0, 2, 0, 0, 0, 0, -1};
  jaxc_array *D = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){4, 4}, dg);
  CHECK(jaxc_linalg_eigh(D, NULL, true, &w, &v) == 0);
  const double sorted[4] = {-1, -1, 2, 3};
  const int col_of[4] = {1, 3, 2, 0}; /* the stable order: equal values keep their rows' order */
  bool exact = w && v;
  for (int i = 0; exact && i < 4; i++) {
    exact &= at(w, i).re == sorted[i];
    for (int r = 0; r < 4; r++) exact &= at(v, r * 4 + i).re == (r == col_of[i]);
  }
  CHECK_MSG(exact, "eigh: a diagonal matrix exactly");
  FREE_ALL(w, v, D);
  /* the 2x2 closed form: (a + d) / 2 -+ hypot((a - d) / 2, |b|), to 16 u |A| (parts in [-2, 2);
     the bound had been 32 u absolute for parts in [-2, 6): 40 u at |A| = 10.6 failed it) */
  for (int t = 0; t < 50; t++) {
    double p[8];
    for (int i = 0; i < 8; i++) p[i] = (double)(rnd64() >> 11) * 0x1p-53 * 4 - 2;
    p[1] = p[7] = 0, p[4] = p[2], p[5] = -p[3]; /* [[a, b], [conj b, d]] */
    jaxc_array *m2 = jaxc_array_from_data(JAXC_C128, 2, (const int64_t[]){2, 2}, p), *e = jaxc_linalg_eigvalsh(m2, NULL);
    long double mid = ((long double)p[0] + p[6]) / 2, rad = hypotl(((long double)p[0] - p[6]) / 2, hypotl(p[2], p[3])), tol = 16 * 0x1p-53L * (fabsl(mid) + rad);
    CHECK_MSG(e && fabsl(at(e, 0).re - (mid - rad)) <= tol && fabsl(at(e, 1).re - (mid + rad)) <= tol, "eigh: 2x2 closed form, case %d", t);
    FREE_ALL(m2, e);
  }
  /* a prescribed spectrum with repeats: H diag(lam) H, H = I - 2 x x^T / x^T x built in long double */
  {
    enum { N = 12 };
    const double lam[N] = {5, -3, 1, 1, 1, 0, 2.5, -3, 7, 0.25, 1e-3, -1e-3};
    long double x[N], xx = 0, Hm[N][N];
    double M[N * N];
    for (int i = 0; i < N; i++) x[i] = (long double)(i + 1) - 0.3L * i * i / N, xx += x[i] * x[i];
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) Hm[i][j] = (i == j) - 2 * x[i] * x[j] / xx;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        long double s = 0;
        for (int t = 0; t < N; t++) s += Hm[i][t] * lam[t] * Hm[t][j];
        M[i * N + j] = (double)s;
      }
    jaxc_array *Ma = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){N, N}, M), *e = jaxc_linalg_eigvalsh(Ma, NULL);
    double want[N];
    memcpy(want, lam, sizeof want);
    for (int i = 1; i < N; i++)
      for (int j = i; j > 0 && want[j - 1] > want[j]; j--) {
        double t = want[j];
        want[j] = want[j - 1], want[j - 1] = t;
      }
    bool ok = e != NULL;
    for (int i = 0; ok && i < N; i++) ok &= fabsl(at(e, i).re - want[i]) <= 64 * 0x1p-53L * 7;
    CHECK_MSG(ok, "eigh: a prescribed spectrum");
    FREE_ALL(Ma, e);
  }
  /* the triangle read: UPLO, symmetrize_input False; the diagonal's imaginary part dropped */
  {
    double g[18] = {2, 0.5, 9, 9, 9, 9, 1, -1, 3, 7, 9, 9, 0.5, 2, -1, 0.25, 1, 0.0};
    /* lower: [[2, ., .], [1 - i, 3, .], [0.5 + 2i, -1 + 0.25i, 1]], the rest garbage */
    jaxc_array *L = jaxc_array_from_data(JAXC_C128, 2, (const int64_t[]){3, 3}, g), *LH, *e1, *e2, *e3;
    /* the Hermitian matrix it stands for, built here */
    double f[18];
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++) {
        int lo = i >= j ? i * 3 + j : j * 3 + i;
        f[2 * (i * 3 + j)] = g[2 * lo], f[2 * (i * 3 + j) + 1] = i == j ? 0 : i > j ? g[2 * lo + 1] : -g[2 * lo + 1];
      }
    jaxc_array *F = jaxc_array_from_data(JAXC_C128, 2, (const int64_t[]){3, 3}, f);
    LH = jaxc_linalg_matrix_transpose(L);
    jaxc_array *LC = jaxc_conj(LH);
    CHECK(jaxc_linalg_eigh(L, "L", false, &e1, NULL) == 0);
    CHECK(jaxc_linalg_eigh(LC, "U", false, &e2, NULL) == 0);
    CHECK(jaxc_linalg_eigh(F, NULL, true, &e3, NULL) == 0);
    bool same = e1 && e2 && e3;
    for (int i = 0; same && i < 3; i++) same &= fabsl(at(e1, i).re - at(e3, i).re) < 1e-14 && at(e1, i).re == at(e2, i).re;
    CHECK_MSG(same, "eigh: the lower or upper triangle read as it says");
    FREE_ALL(L, LH, LC, F, e1, e2, e3);
  }
  /* symmetrize_input: eigh(a) is eigh of (a + a^H) / 2 read as it is */
  {
    int64_t s3[3] = {2, 5, 5};
    jaxc_array *a = rand_mats(JAXC_C64, 3, s3, 0), *t = jaxc_linalg_matrix_transpose(a), *c = jaxc_conj(t), *s = jaxc_add(a, c), *two = jaxc_weak_int(2),
               *sym = jaxc_true_divide(s, two), *w1 = NULL, *v1 = NULL, *w2 = NULL, *v2 = NULL;
    CHECK(jaxc_linalg_eigh(a, NULL, true, &w1, &v1) == 0 && jaxc_linalg_eigh(sym, NULL, false, &w2, &v2) == 0);
    CHECK_MSG(bits_equal(w1, w2) && bits_equal(v1, v2), "eigh: symmetrize_input");
    FREE_ALL(a, t, c, s, two, sym, w1, v1, w2, v2);
  }
  /* NaN: values and vectors NaN (JAX's failed syevd) */
  {
    double p[4] = {1, NAN, NAN, 2};
    jaxc_array *a = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){2, 2}, p);
    CHECK(jaxc_linalg_eigh(a, NULL, true, &w, &v) == 0 && isnan((double)at(w, 0).re) && isnan((double)at(w, 1).re) && isnan((double)at(v, 3).re));
    FREE_ALL(a, w, v);
  }
  /* promotion and errors */
  int32_t iv[4] = {2, 1, 1, 2};
  jaxc_array *ia = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 2}, iv), *rect = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 3});
  jaxc_array *vec = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3}), *f16 = jaxc_astype(ia, JAXC_F16);
  jaxc_set_x64(false);
  CHECK(jaxc_linalg_eigh(ia, NULL, true, &w, &v) == 0 && jaxc_array_dtype(w) == JAXC_F32 && jaxc_array_dtype(v) == JAXC_F32 && at(w, 0).re == 1 && at(w, 1).re == 3);
  FREE_ALL(w, v);
  jaxc_set_x64(true);
  w = v = ia;
  CHECK(jaxc_linalg_eigh(ia, "X", true, &w, &v) == JAXC_ERR_ARG && !w && !v && strcmp(jaxc_last_error(), "UPLO must be one of None, 'L', or 'U', got X") == 0);
  CHECK(jaxc_linalg_eigh(rect, NULL, false, &w, &v) == JAXC_ERR_SHAPE &&
        strcmp(jaxc_last_error(), "Argument to symmetric eigendecomposition must have shape [..., n, n], got shape (2, 3)") == 0);
  CHECK(jaxc_linalg_eigh(rect, NULL, true, &w, &v) != 0 && !w);
  CHECK(jaxc_linalg_eigh(vec, NULL, false, &w, &v) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "Input 0 to eigh must have rank at least 2, but got shape=(3,)") == 0);
  CHECK(jaxc_linalg_eigh(f16, NULL, true, &w, &v) == JAXC_ERR_DTYPE && strcmp(jaxc_last_error(), "Unsupported dtype float16.") == 0);
  expect_error(jaxc_linalg_eigvalsh(NULL, NULL), "eigh: the array is NULL");
  FREE_ALL(ia, rect, vec, f16);
}

/* ---- svd ------------------------------------------------------------------------------------ */
/* U diag(s) Vh = a and the vectors orthonormal; full and reduced share their columns */
static void check_svd(const jaxc_array *a, const char *what) {
  jaxc_dtype d = jaxc_array_dtype(a);
  int nd = jaxc_array_ndim(a);
  const int64_t *shape = jaxc_array_shape(a);
  int64_t m = shape[nd - 2], n = shape[nd - 1], k = m < n ? m : n, count = batch_of(nd, shape);
  uint64_t before = checksum(a);
  jaxc_array *u = NULL, *s = NULL, *vh = NULL, *uf = NULL, *sf = NULL, *vhf = NULL, *sv = jaxc_linalg_svdvals(a);
  CHECK_MSG(jaxc_linalg_svd(a, false, true, false, &u, &s, &vh) == 0 && jaxc_linalg_svd(a, true, true, false, &uf, &sf, &vhf) == 0, "svd %s: %s", what,
            jaxc_last_error());
  if (!u || !uf || !sv) {
    FREE_ALL(u, s, vh, uf, sf, vhf, sv);
    return;
  }
  int64_t su[JAXC_MAX_NDIM], sv_[JAXC_MAX_NDIM], suf[JAXC_MAX_NDIM], svf[JAXC_MAX_NDIM];
  for (int i = 0; i < nd; i++) su[i] = sv_[i] = suf[i] = svf[i] = shape[i];
  su[nd - 1] = k, sv_[nd - 2] = k, suf[nd - 1] = m, svf[nd - 2] = n;
  CHECK(jaxc_array_dtype(u) == d && jaxc_array_dtype(vh) == d && same_shape(u, nd, su) && same_shape(vh, nd, sv_));
  CHECK(same_shape(uf, nd, suf) && same_shape(vhf, nd, svf) && checksum(a) == before);
  CHECK_MSG(bits_equal(s, sv) && bits_equal(sf, sv), "svd %s: s is svdvals'", what);
  cld *A = parts(a), *U = parts(u), *S = parts(s), *Vh = parts(vh), *UF = parts(uf), *VF = parts(vhf);
  long double uu = u_of(d), worst_rec = 0, worst_orth = 0;
  bool share = true, desc = true;
  for (int64_t b = 0; b < count; b++) {
    const cld *Ab = A + b * m * n, *Ub = U + b * m * k, *Sb = S + b * k, *Vb = Vh + b * k * n, *UFb = UF + b * m * m, *VFb = VF + b * n * n;
    long double scale = fro(Ab, m * n) + 1e-300L;
    for (int64_t i = 1; i < k; i++) desc &= Sb[i - 1].re >= Sb[i].re && Sb[i].re >= 0;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        cld acc = {0, 0};
        for (int64_t t = 0; t < k; t++) {
          cld p = cmul(Ub[i * k + t], Vb[t * n + j]);
          acc.re += p.re * Sb[t].re, acc.im += p.im * Sb[t].re;
        }
        long double e = hypotl(acc.re - Ab[i * n + j].re, acc.im - Ab[i * n + j].im) / (8 * (long double)(k + 2) * uu * scale);
        worst_rec = maxnan(worst_rec, e);
        if (j < k) share &= UFb[i * m + j].re == Ub[i * k + j].re && UFb[i * m + j].im == Ub[i * k + j].im;
      }
    for (int64_t i = 0; i < k; i++)
      for (int64_t j = 0; j < n; j++) share &= VFb[i * n + j].re == Vb[i * n + j].re && VFb[i * n + j].im == Vb[i * n + j].im;
    long double oe = orth_err(UFb, m, m, false) + orth_err(VFb, n, n, true) + orth_err(Ub, m, k, false) + orth_err(Vb, k, n, true);
    oe /= 8 * (long double)(m + n + 2) * uu;
    worst_orth = maxnan(worst_orth, oe);
  }
  CHECK_MSG(desc, "svd %s: s descending", what);
  CHECK_MSG(worst_rec <= 1, "svd %s: |U S Vh - a| at %.3Lg of the bound", what, worst_rec);
  CHECK_MSG(worst_orth <= 1, "svd %s: orthonormal vectors at %.3Lg of the bound", what, worst_orth);
  CHECK_MSG(share, "svd %s: full and reduced share their vectors", what);
  free(A), free(U), free(S), free(Vh), free(UF), free(VF);
  FREE_ALL(u, s, vh, uf, sf, vhf, sv);
}
/* r outer products x_i y_i^H of dtype d (m x n): rank r */
static jaxc_array *low_rank(jaxc_dtype d, int64_t m, int64_t n, int r) {
  int64_t sx[2] = {m, r}, sy[2] = {r, n};
  jaxc_array *x = rand_mats(d, 2, sx, 0), *y = rand_mats(d, 2, sy, 0), *p = jaxc_matmul(x, y);
  FREE_ALL(x, y);
  return p;
}
static void test_svd(void) {
  /* (200x140: U's reflectors past 128, formed by LAPACK's orgqr blocks) */
  static const int64_t shapes[][3] = {{1, 5, 3}, {1, 3, 5}, {1, 4, 4}, {1, 1, 6}, {1, 6, 1}, {2, 7, 4}, {2, 4, 7}, {1, 30, 20}, {1, 200, 140}};
  char what[96];
  for (int di = 0; di < 4; di++) {
    jaxc_dtype d = LAPACK[di];
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      int nd = shapes[s][0] == 1 ? 2 : 3;
      jaxc_array *a = rand_mats(d, nd, shapes[s][0] == 1 ? shapes[s] + 1 : shapes[s], 0);
      snprintf(what, sizeof what, "%s %lldx%lld", jaxc_dtype_name(d), (long long)shapes[s][1], (long long)shapes[s][2]);
      check_svd(a, what);
      jaxc_array_free(a);
    }
    /* rank-deficient and zero matrices: vectors of zero singular values still orthonormal */
    for (int r = 0; r <= 2; r++) {
      jaxc_array *a = r ? low_rank(d, 6, 5, r) : jaxc_array_zeros(d, 2, (const int64_t[]){6, 5}), *at_ = jaxc_linalg_matrix_transpose(a);
      snprintf(what, sizeof what, "%s rank %d", jaxc_dtype_name(d), r);
      check_svd(a, what);
      check_svd(at_, what);
      jaxc_array *s = jaxc_linalg_svdvals(a);
      bool small = s != NULL;
      for (int i = r; small && i < 5; i++) small &= at(s, i).re <= 64 * u_of(d) * (at(s, 0).re + (r == 0));
      CHECK_MSG(small, "svd %s: the singular values past the rank vanish", what);
      FREE_ALL(a, at_, s);
    }
  }
  jaxc_array *u, *s, *vh;
  /* JAX's empty shapes: full: u eye(m) or (0, 0), vh the other */
  jaxc_array *e03 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){0, 3}), *e30 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){3, 0});
  CHECK(jaxc_linalg_svd(e03, true, true, false, &u, &s, &vh) == 0 && same_shape(u, 2, (const int64_t[]){0, 0}) && same_shape(vh, 2, (const int64_t[]){3, 3}) &&
        same_shape(s, 1, (const int64_t[]){0}) && at(vh, 0).re == 1 && at(vh, 1).re == 0 && at(vh, 4).re == 1);
  FREE_ALL(u, s, vh);
  CHECK(jaxc_linalg_svd(e30, true, true, false, &u, &s, &vh) == 0 && same_shape(u, 2, (const int64_t[]){3, 3}) && same_shape(vh, 2, (const int64_t[]){0, 0}) && at(u, 8).re == 1);
  FREE_ALL(u, s, vh);
  CHECK(jaxc_linalg_svd(e30, false, true, false, &u, &s, &vh) == 0 && same_shape(u, 2, (const int64_t[]){3, 0}) && same_shape(vh, 2, (const int64_t[]){0, 0}));
  FREE_ALL(u, s, vh, e03, e30);
  /* compute_uv false: s only */
  jaxc_array *a = rand_mats(JAXC_F64, 2, (const int64_t[]){4, 3}, 0), *sv = jaxc_linalg_svdvals(a);
  u = vh = a;
  CHECK(jaxc_linalg_svd(a, true, false, false, &u, &s, &vh) == 0 && !u && !vh && bits_equal(s, sv));
  FREE_ALL(s, sv);
  /* hermitian=True: |eigenvalues| descending, U S Vh = a; a zero eigenvalue gives vh a zero row */
  {
    jaxc_array *h = rand_herm(JAXC_C128, 2, (const int64_t[]){6, 6}), *w = jaxc_linalg_eigvalsh(h, NULL);
    CHECK(jaxc_linalg_svd(h, true, true, true, &u, &s, &vh) == 0 && jaxc_array_dtype(u) == JAXC_C128 && jaxc_array_dtype(s) == JAXC_F64);
    cld *H = parts(h), *U = parts(u), *S = parts(s), *V = parts(vh), *W = parts(w);
    long double worst = 0;
    bool desc = true;
    for (int i = 0; i < 6; i++) {
      if (i) desc &= S[i - 1].re >= S[i].re;
      for (int j = 0; j < 6; j++) {
        cld acc = {0, 0};
        for (int t = 0; t < 6; t++) {
          cld p = cmul(U[i * 6 + t], V[t * 6 + j]);
          acc.re += p.re * S[t].re, acc.im += p.im * S[t].re;
        }
        long double e = hypotl(acc.re - H[i * 6 + j].re, acc.im - H[i * 6 + j].im);
        worst = maxnan(worst, e);
      }
    }
    long double sa = 0, ss = 0;
    for (int i = 0; i < 6; i++) sa += fabsl(W[i].re), ss += S[i].re;
    CHECK_MSG(desc && worst < 1e-13 && fabsl(sa - ss) < 1e-13, "svd hermitian: U S Vh = a (%.3Lg)", worst);
    free(H), free(U), free(S), free(V), free(W);
    FREE_ALL(h, w, u, s, vh);
    double dg[4] = {0, 0, 0, 2};
    jaxc_array *D = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){2, 2}, dg);
    CHECK(jaxc_linalg_svd(D, true, true, true, &u, &s, &vh) == 0 && at(s, 0).re == 2 && at(s, 1).re == 0 && at(u, 1).re == 1 && at(vh, 1).re == 1 &&
          at(vh, 2).re == 0 && at(vh, 3).re == 0);
    FREE_ALL(D, u, s, vh);
  }
  /* NaN: everything NaN */
  {
    double p[6] = {1, 2, NAN, 4, 5, 6};
    jaxc_array *na = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){3, 2}, p);
    CHECK(jaxc_linalg_svd(na, false, true, false, &u, &s, &vh) == 0 && isnan((double)at(s, 0).re) && isnan((double)at(u, 0).re) && isnan((double)at(vh, 3).re));
    FREE_ALL(na, u, s, vh);
  }
  /* errors */
  jaxc_array *vec = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3}), *f16 = jaxc_astype(a, JAXC_F16);
  CHECK(jaxc_linalg_svd(vec, true, true, false, &u, &s, &vh) == JAXC_ERR_SHAPE && !s && strcmp(jaxc_last_error(), "Input 0 to svd must have rank at least 2, but got shape=(3,)") == 0);
  CHECK(jaxc_linalg_svd(f16, true, true, false, &u, &s, &vh) == JAXC_ERR_DTYPE && strcmp(jaxc_last_error(), "Unsupported dtype float16.") == 0);
  CHECK(jaxc_linalg_svd(a, true, true, true, &u, &s, &vh) != 0 && !u && !s && !vh); /* hermitian of a 4x3: add's broadcasting error */
  /* hermitian of a vector or a scalar: eigh's symmetrization refuses it (read shape[-1] of a 0-d
     array before that, found by the fuzzer) */
  jaxc_array *sc = jaxc_array_zeros(JAXC_F32, 0, NULL);
  for (int uv = 0; uv < 2; uv++) {
    CHECK(jaxc_linalg_svd(vec, false, uv, true, &u, &s, &vh) == JAXC_ERR_ARG && !u && !s && !vh &&
          strcmp(jaxc_last_error(), "transpose permutation isn't a permutation of operand dimensions, got permutation (0, -1) for operand shape (3,).") == 0);
    CHECK(jaxc_linalg_svd(sc, false, uv, true, &u, &s, &vh) == JAXC_ERR_ARG && !u && !s && !vh &&
          strcmp(jaxc_last_error(), "transpose permutation isn't a permutation of operand dimensions, got permutation (-1, -2) for operand shape ().") == 0);
  }
  jaxc_array_free(sc);
  /* hermitian of a (1, 3) or (2, 1, 3) array: X + X^H broadcasts (JAX's symmetrize is jnp's +), so
     it is the SVD of that (3, 3) matrix, the same bits as of (X + X^H) / 2 given whole (its
     shapes were taken from X: reads and writes past the buffers, found by the fuzzer) */
  for (int nd = 2; nd <= 3; nd++) {
    jaxc_array *x = rand_mats(JAXC_C128, nd, nd == 2 ? (const int64_t[]){1, 3} : (const int64_t[]){2, 1, 3}, 0);
    jaxc_array *t = jaxc_swapaxes(x, -1, -2), *xh = jaxc_conj(t), *sum = jaxc_add(x, xh), *two = jaxc_weak_int(2), *sym = jaxc_true_divide(sum, two);
    jaxc_array *u2 = NULL, *s2 = NULL, *vh2 = NULL;
    int st1 = jaxc_linalg_svd(x, false, true, true, &u, &s, &vh), st2 = jaxc_linalg_svd(sym, false, true, true, &u2, &s2, &vh2);
    CHECK_MSG(st1 == JAXC_OK && st2 == JAXC_OK && bits_equal(u, u2) && bits_equal(s, s2) && bits_equal(vh, vh2),
              "svd hermitian of a rank-%d (.., 1, 3) array: not the SVD of its (3, 3) symmetrization", nd);
    FREE_ALL(x, t, xh, sum, two, sym, u, s, vh, u2, s2, vh2);
  }
  CHECK(jaxc_linalg_svd(NULL, true, true, false, &u, &s, &vh) == JAXC_ERR_ARG);
  FREE_ALL(a, vec, f16);
}

/* ---- pinv ----------------------------------------------------------------------------------- */
/* the four Moore-Penrose conditions, in long double: a x a = a, x a x = x, (a x)^H = a x, (x a)^H = x a */
static void check_pinv(const jaxc_array *a, const char *what) {
  jaxc_dtype d = jaxc_array_dtype(a);
  int64_t m = jaxc_array_shape(a)[0], n = jaxc_array_shape(a)[1];
  jaxc_array *x = jaxc_linalg_pinv(a, NULL, false);
  CHECK_MSG(x && jaxc_array_dtype(x) == d && same_shape(x, 2, (const int64_t[]){n, m}), "pinv %s: %s", what, x ? "shape" : jaxc_last_error());
  if (!x) return;
  cld *A = parts(a), *X = parts(x), *AX = calloc((size_t)(m * m + 1), sizeof(cld)), *XA = calloc((size_t)(n * n + 1), sizeof(cld));
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < m; j++) AX[i * m + j] = prod_at(A, X, n, m, i, j);
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++) XA[i * n + j] = prod_at(X, A, m, n, i, j);
  long double e1 = 0, e2 = 0, e3 = 0, na = fro(A, m * n), nx = fro(X, m * n);
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      cld s = prod_at(AX, A, m, n, i, j);
      e1 = maxnan(e1, hypotl(s.re - A[i * n + j].re, s.im - A[i * n + j].im) / na);
    }
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < m; j++) {
      cld s = prod_at(XA, X, n, m, i, j);
      e2 = maxnan(e2, hypotl(s.re - X[i * m + j].re, s.im - X[i * m + j].im) / nx);
    }
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < m; j++) e3 = maxnan(e3, hypotl(AX[i * m + j].re - AX[j * m + i].re, AX[i * m + j].im + AX[j * m + i].im));
  for (int64_t i = 0; i < n; i++)
    for (int64_t j = 0; j < n; j++) e3 = maxnan(e3, hypotl(XA[i * n + j].re - XA[j * n + i].re, XA[i * n + j].im + XA[j * n + i].im));
  long double tol = 64 * (long double)(m + n) * u_of(d) * 10; /* the matrices here have condition numbers of a few */
  CHECK_MSG(e1 <= tol && e2 <= tol && e3 <= tol * na * nx, "pinv %s: Moore-Penrose %.3Lg %.3Lg %.3Lg (tol %.3Lg)", what, e1, e2, e3, tol);
  free(A), free(X), free(AX), free(XA);
  jaxc_array_free(x);
}
static void test_pinv(void) {
  char what[64];
  for (int di = 0; di < 4; di++) {
    jaxc_dtype d = LAPACK[di];
    static const int64_t sh[][2] = {{5, 3}, {3, 5}, {4, 4}};
    for (int s = 0; s < 3; s++) {
      jaxc_array *a = rand_mats(d, 2, sh[s], 2);
      snprintf(what, sizeof what, "%s %lldx%lld", jaxc_dtype_name(d), (long long)sh[s][0], (long long)sh[s][1]);
      check_pinv(a, what);
      jaxc_array_free(a);
    }
    jaxc_array *r2 = low_rank(d, 6, 5, 2);
    snprintf(what, sizeof what, "%s rank 2", jaxc_dtype_name(d));
    check_pinv(r2, what);
    jaxc_array_free(r2);
  }
  /* JAX's doc example: exactly [[-4/3, -1/3, 2/3], [13/12, 1/3, -5/12]] */
  int32_t iv[6] = {1, 2, 3, 4, 5, 6};
  const double want[6] = {-4.0 / 3, -1.0 / 3, 2.0 / 3, 13.0 / 12, 1.0 / 3, -5.0 / 12};
  jaxc_set_x64(false);
  jaxc_array *ia = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){3, 2}, iv), *p = jaxc_linalg_pinv(ia, NULL, false);
  jaxc_set_x64(true);
  bool near = p && jaxc_array_dtype(p) == JAXC_F32;
  for (int i = 0; near && i < 6; i++) near &= fabsl(at(p, i).re - want[i]) < 1e-5;
  CHECK_MSG(near, "pinv: JAX's doc example");
  jaxc_array_free(p);
  /* the cutoff: diag(4, 1) with rtol 0.5 keeps 4 only; rtol per matrix of a batch */
  double dg[8] = {4, 0, 0, 1, 4, 0, 0, 1};
  float rt[2] = {0.5f, 0.1f};
  jaxc_array *D = jaxc_array_from_data(JAXC_F64, 3, (const int64_t[]){2, 2, 2}, dg), *R = jaxc_array_from_data(JAXC_F32, 1, (const int64_t[]){2}, rt);
  p = jaxc_linalg_pinv(D, R, false);
  CHECK(p && at(p, 0).re == 0.25 && at(p, 3).re == 0 && at(p, 4).re == 0.25 && at(p, 7).re == 1);
  jaxc_array_free(p);
  /* hermitian on a symmetric matrix agrees with the plain one */
  jaxc_array *h = rand_herm(JAXC_F64, 2, (const int64_t[]){5, 5}), *p1 = jaxc_linalg_pinv(h, NULL, false), *p2 = jaxc_linalg_pinv(h, NULL, true);
  near = p1 && p2;
  for (int i = 0; near && i < 25; i++) near &= fabsl(at(p1, i).re - at(p2, i).re) < 1e-9 * (1 + fabsl(at(p1, i).re));
  CHECK_MSG(near, "pinv hermitian");
  /* empty: (n, m) zeros; errors */
  jaxc_array *e = jaxc_array_zeros(JAXC_C64, 3, (const int64_t[]){2, 0, 3}), *pe = jaxc_linalg_pinv(e, NULL, false), *vec = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3});
  CHECK(pe && jaxc_array_dtype(pe) == JAXC_C64 && same_shape(pe, 3, (const int64_t[]){2, 3, 0}));
  expect_error(jaxc_linalg_pinv(vec, NULL, false), "not enough values to unpack (expected 2, got 1)");
  expect_error(jaxc_linalg_pinv(NULL, NULL, false), "pinv: the array is NULL");
  FREE_ALL(ia, D, R, h, p1, p2, e, pe, vec);
}

/* ---- lstsq ---------------------------------------------------------------------------------- */
static void test_lstsq(void) {
  for (int di = 0; di < 4; di++) {
    jaxc_dtype d = LAPACK[di];
    /* overdetermined, full rank: the normal equations a^H (a x - b) = 0 */
    jaxc_array *a = rand_mats(d, 2, (const int64_t[]){8, 3}, 0), *b = rand_mats(d, 2, (const int64_t[]){8, 2}, 0), *x, *res, *rk, *s;
    CHECK_MSG(jaxc_linalg_lstsq(a, b, NULL, &x, &res, &rk, &s) == 0, "lstsq %s: %s", jaxc_dtype_name(d), jaxc_last_error());
    if (x) {
      jaxc_array *sv = jaxc_linalg_svdvals(a);
      CHECK(same_shape(x, 2, (const int64_t[]){3, 2}) && same_shape(res, 1, (const int64_t[]){2}) && jaxc_array_ndim(rk) == 0 && at(rk, 0).re == 3);
      CHECK(bits_equal(s, sv) && jaxc_array_dtype(rk) == JAXC_I64 && jaxc_array_dtype(res) == jaxc_array_dtype(s));
      cld *A = parts(a), *B = parts(b), *X = parts(x), *RS = parts(res);
      long double worst = 0, rerr = 0;
      for (int c = 0; c < 2; c++) {
        cld r[8];
        long double rr = 0;
        for (int i = 0; i < 8; i++) {
          cld ax = {0, 0};
          for (int t = 0; t < 3; t++) {
            cld p = cmul(A[i * 3 + t], X[t * 2 + c]);
            ax.re += p.re, ax.im += p.im;
          }
          r[i] = (cld){B[i * 2 + c].re - ax.re, B[i * 2 + c].im - ax.im};
          rr += r[i].re * r[i].re + r[i].im * r[i].im;
        }
        for (int t = 0; t < 3; t++) {
          cld g = {0, 0};
          for (int i = 0; i < 8; i++) {
            cld ah = A[i * 3 + t];
            ah.im = -ah.im;
            cld p = cmul(ah, r[i]);
            g.re += p.re, g.im += p.im;
          }
          worst = maxnan(worst, hypotl(g.re, g.im));
        }
        rerr = maxnan(rerr, fabsl(RS[c].re - rr) / (rr + 1e-30L));
      }
      CHECK_MSG(worst < 2000 * u_of(d) && rerr < 1000 * u_of(d), "lstsq %s: normal equations %.3Lg, residual %.3Lg", jaxc_dtype_name(d), worst, rerr);
      free(A), free(B), free(X), free(RS);
      jaxc_array_free(sv);
    }
    FREE_ALL(a, b, x, res, rk, s);
    /* underdetermined (2 x 3): a x = b and x orthogonal to the null space (the rows' cross product) */
    double av[6], bv[2] = {1, -2};
    for (int i = 0; i < 6; i++) av[i] = (double)(rnd64() >> 11) * 0x1p-52 * 2 - 1;
    jaxc_array *a2 = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){2, 3}, av), *a2d = jaxc_astype(a2, d), *b2 = jaxc_array_from_data(JAXC_F64, 1, (const int64_t[]){2}, bv);
    CHECK(jaxc_linalg_lstsq(a2d, b2, NULL, &x, &res, &rk, &s) == 0 && same_shape(x, 1, (const int64_t[]){3}) && same_shape(res, 1, (const int64_t[]){1}) && at(rk, 0).re == 2);
    if (x) {
      long double z[3] = {(long double)av[1] * av[5] - (long double)av[2] * av[4], (long double)av[2] * av[3] - (long double)av[0] * av[5],
                          (long double)av[0] * av[4] - (long double)av[1] * av[3]},
                  dot = 0, r0 = -bv[0], r1 = -bv[1];
      for (int t = 0; t < 3; t++) dot += z[t] * at(x, t).re, r0 += av[t] * at(x, t).re, r1 += av[3 + t] * at(x, t).re;
      CHECK_MSG(fabsl(dot) < 200 * u_of(d) && fabsl(r0) < 200 * u_of(d) && fabsl(r1) < 200 * u_of(d), "lstsq %s: minimum norm %.3Lg", jaxc_dtype_name(d), dot);
    }
    FREE_ALL(a2, a2d, b2, x, res, rk, s);
  }
  /* JAX's doc example (x64 off: float32, an int32 rank); the rank under rcond */
  jaxc_set_x64(false);
  int32_t av[4] = {1, 2, 3, 4}, bv[2] = {5, 6};
  jaxc_array *a = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 2}, av), *b = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){2}, bv), *x, *res, *rk, *s;
  CHECK(jaxc_linalg_lstsq(a, b, NULL, &x, &res, &rk, &s) == 0 && jaxc_array_dtype(x) == JAXC_F32 && fabsl(at(x, 0).re + 4) < 1e-5 && fabsl(at(x, 1).re - 4.5) < 1e-5);
  FREE_ALL(x, res, rk, s);
  jaxc_array *big = jaxc_scalar(JAXC_F32, 0.1, 0); /* s = [5.46, 0.366]: 0.366 < 0.1 * 5.46 drops it */
  CHECK(jaxc_linalg_lstsq(a, b, big, &x, &res, &rk, &s) == 0 && at(rk, 0).re == 1);
  FREE_ALL(x, res, rk, s, big);
  CHECK(jaxc_linalg_lstsq(a, b, NULL, &x, &res, &rk, &s) == 0 && jaxc_array_dtype(rk) == JAXC_I32 && jaxc_array_dtype(x) == JAXC_F32);
  FREE_ALL(x, res, rk, s);
  jaxc_set_x64(true);
  /* an empty a: x zeros, s empty of a's dtype, rank 0, resid |b|^2 */
  jaxc_array *e = jaxc_array_zeros(JAXC_C64, 2, (const int64_t[]){2, 0});
  CHECK(jaxc_linalg_lstsq(e, b, NULL, &x, &res, &rk, &s) == 0 && same_shape(x, 1, (const int64_t[]){0}) && jaxc_array_dtype(s) == JAXC_C64 &&
        at(rk, 0).re == 0 && fabsl(at(res, 0).re - 61) < 1e-4);
  FREE_ALL(x, res, rk, s, e);
  /* errors */
  jaxc_array *a3 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){2, 2, 2}), *b3 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){2, 1, 1}),
             *b4 = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3});
  x = a;
  CHECK(jaxc_linalg_lstsq(a3, b, NULL, &x, &res, &rk, &s) == JAXC_ERR_SHAPE && !x && strcmp(jaxc_last_error(), "3-dimensional array given. Array must be two-dimensional") == 0);
  CHECK(jaxc_linalg_lstsq(a, b3, NULL, &x, &res, &rk, &s) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "3-dimensional array given. Array must be one or two-dimensional") == 0);
  CHECK(jaxc_linalg_lstsq(a, b4, NULL, &x, &res, &rk, &s) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "Leading dimensions of input arrays must match") == 0);
  CHECK(jaxc_linalg_lstsq(a, NULL, NULL, &x, &res, &rk, &s) == JAXC_ERR_ARG);
  FREE_ALL(a, b, a3, b3, b4);
}

/* ---- cond ----------------------------------------------------------------------------------- */
static void test_cond(void) {
  int32_t sv[4] = {1, 2, 2, 1}, sg[4] = {1, 2, 0, 0}, ones[4] = {1, 1, 1, 1};
  jaxc_array *a = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 2}, sv), *z = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 2}, sg),
             *o = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 2}, ones), *c;
  jaxc_set_x64(false);
  c = jaxc_linalg_cond(a, NULL);
  jaxc_set_x64(true);
  CHECK(c && jaxc_array_dtype(c) == JAXC_F32 && fabsl(at(c, 0).re - 3) < 4e-6);
  jaxc_array_free(c);
  c = jaxc_linalg_cond(a, "-2");
  CHECK(c && fabsl(at(c, 0).re - 1.0L / 3) < 2e-7);
  jaxc_array_free(c);
  c = jaxc_linalg_cond(z, NULL); /* JAX's doc example: inf */
  CHECK(c && isinf((double)at(c, 0).re));
  jaxc_array_free(c);
  c = jaxc_linalg_cond(o, "1"); /* singular: inv's inf/NaN -> inf */
  CHECK(c && isinf((double)at(c, 0).re) && at(c, 0).re > 0);
  jaxc_array_free(c);
  /* diagonal matrices: closed forms */
  double dg[9] = {2, 0, 0, 0, 8, 0, 0, 0, 0.5};
  jaxc_array *D = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){3, 3}, dg);
  const char *ps[5] = {"1", "-1", "inf", "-inf", "fro"};
  const long double want[5] = {16, 0.25L * 0.0L + 0.5L * 0.5L, 16, 0.25L, sqrtl(4 + 64 + 0.25L) * sqrtl(0.25L + 1.0L / 64 + 4)};
  /* p=-1: min col sum (0.5) * min col sum of inv (0.125) */
  for (int i = 0; i < 5; i++) {
    c = jaxc_linalg_cond(D, ps[i]);
    long double w = i == 1 ? 0.5L * 0.125L : i == 3 ? 0.5L * 0.125L : want[i];
    CHECK_MSG(c && fabsl(at(c, 0).re - w) <= 4 * 0x1p-53L * w, "cond p=%s: %.17Lg", ps[i], c ? at(c, 0).re : 0.0L);
    jaxc_array_free(c);
  }
  c = jaxc_linalg_cond(D, "nuc");
  CHECK(c && fabsl(at(c, 0).re - 10.5L * (0.5L + 0.125L + 2)) <= 8 * 0x1p-53L * 30);
  jaxc_array_free(c);
  /* NaN stays NaN; batches */
  double nv[8] = {1, 0, 0, 1, NAN, 0, 0, 1};
  jaxc_array *N = jaxc_array_from_data(JAXC_F64, 3, (const int64_t[]){2, 2, 2}, nv);
  c = jaxc_linalg_cond(N, "1");
  CHECK(c && same_shape(c, 1, (const int64_t[]){2}) && at(c, 0).re == 1 && isnan((double)at(c, 1).re));
  jaxc_array_free(c);
  /* errors */
  jaxc_array *v = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3}), *e = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){0, 3}),
             *r = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 3});
  expect_error(jaxc_linalg_cond(v, NULL), "jnp.linalg.cond: input array must be at least 2D; got arr.shape=(3,)");
  expect_error(jaxc_linalg_cond(e, NULL), "jnp.linalg.cond: input array must not be empty; got arr.shape=(0, 3)");
  expect_error(jaxc_linalg_cond(r, "1"), "jnp.linalg.cond: for p=1, array must be square; got arr.shape=(2, 3)");
  expect_error(jaxc_linalg_cond(r, "fro"), "jnp.linalg.cond: for p='fro', array must be square; got arr.shape=(2, 3)");
  expect_error(jaxc_linalg_cond(a, "3"), "Invalid order '3' for matrix norm.");
  expect_error(jaxc_linalg_cond(NULL, NULL), "cond: the array is NULL");
  c = jaxc_linalg_cond(r, "2"); /* 2 and -2 take any shape */
  CHECK(c != NULL);
  FREE_ALL(a, z, o, D, N, v, e, r, c);
}

/* Some results below are petabytes, as they would be in JAX: jaxc's answer is JAXC_ERR_NOMEM,
   which an ASan build gives only where its allocator may return NULL */
#if defined(__SANITIZE_ADDRESS__)
#  define TEST_ASAN 1
#elif defined(__has_feature)
#  if __has_feature(address_sanitizer)
#    define TEST_ASAN 1
#  endif
#endif
#ifdef TEST_ASAN
const char *__asan_default_options(void);
const char *__asan_default_options(void) { return "allocator_may_return_null=1"; }
#endif
/* ---- empty matrices with a huge dimension ------------------------------------------------------
   A (2^50, 0) array holds nothing, but a loop over its rows ran 2^50 times (qr hung; found by the
   fuzzer). Every function returns at once: a result of the right shape, or an error when a result
   would not fit (qr's complete Q, 2^50 x 2^50), with a consistent status. */
static void test_huge_empty(void) {
  static const int64_t shapes[][3] = {{(int64_t)1 << 50, 0}, {0, (int64_t)1 << 50}, {3, (int64_t)1 << 50, 0}};
  for (int s = 0; s < 3; s++) {
    int nd = s == 2 ? 3 : 2;
    jaxc_array *a = jaxc_array_empty(JAXC_F32, nd, shapes[s]), *c = jaxc_astype(a, JAXC_C64);
    for (int cx = 0; cx < 2; cx++) {
      const jaxc_array *x = cx ? c : a;
      jaxc_array *q = NULL, *r = NULL, *u = NULL, *sv = NULL, *vh = NULL;
      int st = jaxc_linalg_qr(x, "reduced", &q, &r);
      int64_t m = shapes[s][nd - 2], n = shapes[s][nd - 1], k = m < n ? m : n;
      CHECK_MSG(st == JAXC_OK && q && r && jaxc_array_shape(q)[nd - 2] == m && jaxc_array_shape(q)[nd - 1] == k &&
                    jaxc_array_shape(r)[nd - 2] == k && jaxc_array_shape(r)[nd - 1] == n,
                "qr of an empty (%lld, %lld): status %d", (long long)m, (long long)n, st);
      FREE_ALL(q, r);
      st = jaxc_linalg_qr(x, "complete", &q, &r);
      CHECK(m > 1000 ? st != JAXC_OK && !q && !r && (int)jaxc_last_status() == st : st == JAXC_OK);
      FREE_ALL(q, r);
      st = jaxc_linalg_qr(x, "raw", &q, &r);
      CHECK(st == JAXC_OK);
      FREE_ALL(q, r);
      st = jaxc_linalg_svd(x, false, true, false, &u, &sv, &vh);
      CHECK_MSG(st == JAXC_OK && jaxc_array_shape(u)[nd - 2] == m && jaxc_array_shape(u)[nd - 1] == k && jaxc_array_size(sv) == 0,
                "svd of an empty (%lld, %lld): status %d", (long long)m, (long long)n, st);
      FREE_ALL(u, sv, vh);
#define RETURNS(expr)                                                                                 \
  do {                                                                                              \
    jaxc_array *r_ = (expr);                                                                        \
    CHECK_MSG((r_ != NULL) == (jaxc_last_status() == JAXC_OK), "%s of an empty (%lld, %lld)", #expr, (long long)m, (long long)n); \
    jaxc_array_free(r_);                                                                            \
  } while (0)
      RETURNS(jaxc_linalg_svdvals(x));
      RETURNS(jaxc_linalg_pinv(x, NULL, false));
      RETURNS(jaxc_linalg_matrix_rank(x, NULL));
      RETURNS(jaxc_linalg_matrix_norm(x, "fro", false));
      RETURNS(jaxc_linalg_matrix_norm(x, "nuc", false));
      RETURNS(jaxc_linalg_matrix_norm(x, "2", false));
      RETURNS(jaxc_linalg_matrix_norm(x, "1", false));
      RETURNS(jaxc_linalg_cond(x, NULL));
      RETURNS(jaxc_linalg_det(x));
      RETURNS(jaxc_linalg_inv(x));
      RETURNS(jaxc_linalg_eigvals(x));
      RETURNS(jaxc_linalg_eigvalsh(x, NULL));
      RETURNS(jaxc_linalg_cholesky(x, false, true));
#undef RETURNS
      jaxc_array *l = NULL, *p = NULL, *pm = NULL;
      st = jaxc_lax_linalg_lu(x, &l, &p, &pm); /* (a 2^50-row one's permutation is 4 PiB: out of memory) */
      CHECK(m < 1000 ? st == JAXC_OK && l && p && pm : st == JAXC_ERR_NOMEM && !l && !p && !pm);
      FREE_ALL(l, p, pm);
      jaxc_array *b = jaxc_array_empty(jaxc_array_dtype(x), nd, shapes[s]), *ls[4] = {NULL};
      st = jaxc_linalg_lstsq(x, b, NULL, &ls[0], &ls[1], &ls[2], &ls[3]);
      CHECK(st == JAXC_OK ? ls[0] && ls[3] : !ls[0] && !ls[3]);
      FREE_ALL(b, ls[0], ls[1], ls[2], ls[3]);
    }
    FREE_ALL(a, c);
  }
}

int main(void) {
  jaxc_set_x64(true);
  test_qr();
  test_eigh();
  test_svd();
  test_pinv();
  test_lstsq();
  test_cond();
  test_huge_empty();
  return check_summary("test_spectral");
}
