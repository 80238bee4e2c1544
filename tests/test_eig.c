/* test_eig.c — jnp.linalg.eig and eigvals (the nonsymmetric eigenproblem), and the tensor and
   chain products built on solve, inv and einsum: tensorinv, tensorsolve, multi_dot. References
   written here, not taken from the library:
     - every decomposition against its matrix in long double: a v = v diag(w) within c n u |a|,
       each column of v of norm 1 with its largest component real (positive for complex input,
       as zgeev; for real input a pair's vectors rotated as dgeev does);
     - a real matrix's eigenvalues real (imaginary part exactly 0, real vectors) or in exact
       conjugate pairs with conjugate vectors, the positive imaginary part first;
     - spectra known in closed form: triangular matrices (the diagonal, in its order),
       rotation-scaling blocks hidden by an orthogonal similarity built here, companion matrices
       of polynomials with chosen roots, a Jordan block; the trace and the sum of squares;
     - balancing: D a D^-1 (D powers of 2 up to 2^40) has a's eigenvalues to a's accuracy;
     - JAX's documented eig example; LAPACK's dgeev/zgeev outputs (recorded from reference LAPACK
       3.11) in order, sign and value; eigvals bit for bit eig's w;
     - tensorinv by tensordot(tensorinv(a), a) = I, tensorsolve by tensordot(a, x) = b with
       moved axes, multi_dot against matmuls done here in long double (both 1-d ends);
   and JAX's shapes, dtypes (complex64 for float32, complex128 for float64), messages, NaN,
   inputs unchanged. */
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

static jaxc_dtype complex_of(jaxc_dtype d) { return d == JAXC_F32 ? JAXC_C64 : d == JAXC_F64 ? JAXC_C128 : d; }

/* checks one decomposition of the n x n matrices of a (count of them): residual, norms, the
   largest component real, real input's exact pairs; returns the worst residual in units of the
   bound */
static void check_eig(const jaxc_array *a, const char *what) {
  jaxc_dtype d = jaxc_array_dtype(a);
  int nd = jaxc_array_ndim(a);
  const int64_t *shape = jaxc_array_shape(a);
  int64_t n = shape[nd - 1], count = n ? jaxc_array_size(a) / (n * n) : 0;
  jaxc_array *w = NULL, *v = NULL, *w2;
  uint64_t before = checksum(a);
  CHECK_MSG(jaxc_linalg_eig(a, &w, &v) == JAXC_OK && w && v, "eig %s: %s", what, jaxc_last_error());
  w2 = jaxc_linalg_eigvals(a);
  if (!w || !v || !w2) {
    FREE_ALL(w, v, w2);
    return;
  }
  CHECK(checksum(a) == before);
  CHECK_MSG(jaxc_array_dtype(w) == complex_of(d) && jaxc_array_dtype(v) == complex_of(d) && same_shape(w, nd - 1, shape) && same_shape(v, nd, shape),
            "eig %s: dtypes and shapes", what);
  CHECK_MSG(bits_equal(w, w2), "eig %s: eigvals is eig's w bit for bit", what);
  cld *A = parts(a), *W = parts(w), *V = parts(v);
  long double u = u_of(d), worst_res = 0, worst_norm = 0, worst_sum = 0;
  bool largest_real = true, pairs_exact = true;
  for (int64_t b = 0; b < count; b++) {
    const cld *Ab = A + b * n * n, *Vb = V + b * n * n, *Wb = W + b * n;
    long double scale = 0, tr_re = 0, tr_im = 0, ws_re = 0, ws_im = 0;
    for (int64_t i = 0; i < n * n; i++) scale += Ab[i].re * Ab[i].re + Ab[i].im * Ab[i].im;
    scale = sqrtl(scale) + 1e-300L;
    for (int64_t i = 0; i < n; i++) tr_re += Ab[i * n + i].re, tr_im += Ab[i * n + i].im, ws_re += Wb[i].re, ws_im += Wb[i].im;
    long double se = hypotl(tr_re - ws_re, tr_im - ws_im) / (16 * (long double)(n + 2) * u * scale * sqrtl((long double)n));
    worst_sum = maxnan(worst_sum, se);
    for (int64_t j = 0; j < n; j++) {
      long double nrm = 0, big = -1;
      int64_t k = 0;
      for (int64_t i = 0; i < n; i++) {
        cld s = {0, 0};
        for (int64_t t = 0; t < n; t++) {
          cld p = cmul(Ab[i * n + t], Vb[t * n + j]);
          s.re += p.re, s.im += p.im;
        }
        cld vw = cmul(Vb[i * n + j], Wb[j]);
        long double e = hypotl(s.re - vw.re, s.im - vw.im) / (16 * (long double)(n + 2) * u * scale);
        worst_res = maxnan(worst_res, e);
        long double m2 = Vb[i * n + j].re * Vb[i * n + j].re + Vb[i * n + j].im * Vb[i * n + j].im;
        nrm += m2;
        if (m2 > big * (1 + 8 * u)) big = m2, k = i; /* (a near tie may go either way in rounding) */
      }
      long double ne = fabsl(sqrtl(nrm) - 1) / (4 * (long double)(n + 2) * u);
      worst_norm = maxnan(worst_norm, ne);
      bool some_real = false; /* the largest component (or one tied with it) exactly real */
      for (int64_t i = 0; i < n; i++) {
        long double m2 = Vb[i * n + j].re * Vb[i * n + j].re + Vb[i * n + j].im * Vb[i * n + j].im;
        if (m2 >= big * (1 - 16 * u) && Vb[i * n + j].im == 0 && (!is_cx(d) || Vb[i * n + j].re > 0)) some_real = true;
      }
      (void)k;
      largest_real &= some_real;
      if (!is_cx(d)) { /* real input: a real eigenvalue has a real vector; a pair is exact */
        if (Wb[j].im == 0) {
          for (int64_t i = 0; i < n; i++) pairs_exact &= Vb[i * n + j].im == 0;
        } else if (Wb[j].im > 0) {
          pairs_exact &= j + 1 < n && Wb[j + 1].re == Wb[j].re && Wb[j + 1].im == -Wb[j].im;
          for (int64_t i = 0; j + 1 < n && i < n; i++) pairs_exact &= Vb[i * n + j + 1].re == Vb[i * n + j].re && Vb[i * n + j + 1].im == -Vb[i * n + j].im;
        } else {
          pairs_exact &= j > 0 && Wb[j - 1].im == -Wb[j].im;
        }
      }
    }
  }
  CHECK_MSG(worst_res <= 1, "eig %s: |a v - v w| at %.3Lg of the bound", what, worst_res);
  CHECK_MSG(worst_norm <= 1, "eig %s: column norms off 1 by %.3Lg of the bound", what, worst_norm);
  CHECK_MSG(worst_sum <= 1, "eig %s: sum of eigenvalues vs trace at %.3Lg of the bound", what, worst_sum);
  CHECK_MSG(largest_real, "eig %s: each vector's largest component real%s", what, is_cx(d) ? " and positive" : "");
  CHECK_MSG(pairs_exact, "eig %s: real input's eigenvalues real or in exact conjugate pairs, with conjugate vectors", what);
  free(A), free(W), free(V);
  FREE_ALL(w, v, w2);
}

/* the eigenvalues of a (one matrix) as long double parts, sorted by (re, im) */
static int cmp_cld(const void *x, const void *y) {
  const cld *a = (const cld *)x, *b = (const cld *)y;
  if (a->re != b->re) return a->re < b->re ? -1 : 1;
  return a->im < b->im ? -1 : a->im > b->im;
}
static cld *sorted_eigvals(const jaxc_array *a) {
  jaxc_array *w = jaxc_linalg_eigvals(a);
  if (!w) return NULL;
  cld *W = parts(w);
  qsort(W, (size_t)jaxc_array_size(w), sizeof(cld), cmp_cld);
  jaxc_array_free(w);
  return W;
}
/* the largest distance from each wanted eigenvalue to the nearest computed one not yet taken
   (n of each; sorting alone would pair a rounded-apart repeated pair crosswise) */
static long double spectrum_err(const cld *W, const cld *want, int64_t n) {
  bool taken[64] = {false};
  long double e = 0;
  for (int64_t i = 0; i < n && n <= 64; i++) {
    int64_t best = -1;
    long double d = INFINITY;
    for (int64_t k = 0; k < n; k++)
      if (!taken[k] && hypotl(W[k].re - want[i].re, W[k].im - want[i].im) < d) d = hypotl(W[k].re - want[i].re, W[k].im - want[i].im), best = k;
    if (best >= 0) taken[best] = true;
    e = maxnan(e, d);
  }
  return e;
}

static void test_random(void) {
  /* (150: past 129 columns Q is formed by orgqr's blocks) */
  static const int64_t shapes[][3] = {{1, 1, 1}, {1, 2, 2}, {1, 3, 3}, {1, 5, 5}, {4, 4, 4}, {1, 8, 8}, {1, 17, 17}, {1, 40, 40}, {1, 150, 150}};
  for (int t = 0; t < 4; t++)
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      jaxc_array *a = rand_mats(LAPACK[t], 3, shapes[s], 0);
      char what[64];
      snprintf(what, sizeof what, "%s (%lld, %lld, %lld)", jaxc_dtype_name(LAPACK[t]), (long long)shapes[s][0], (long long)shapes[s][1], (long long)shapes[s][2]);
      check_eig(a, what);
      jaxc_array_free(a);
    }
  /* balancing's permutations: lower triangular matrices (every row isolates an eigenvalue) and
     random ones with rows and columns zeroed off the diagonal (isolated in the middle) */
  for (int t = 0; t < 4; t++) {
    int64_t n = 7, sh[2] = {7, 7};
    double p[2 * 49];
    int w = is_cx(LAPACK[t]) ? 2 : 1;
    for (int i = 0; i < w * 49; i++) p[i] = (double)(rnd64() >> 11) * 0x1p-52 - 1.0;
    double q[2 * 49];
    memcpy(q, p, sizeof p);
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = i + 1; j < n; j++)
        for (int c = 0; c < w; c++) p[w * (i * n + j) + c] = 0; /* lower */
    for (int64_t j = 0; j < n; j++)
      for (int c = 0; c < w; c++) {
        if (j != 2) q[w * (2 * n + j) + c] = 0; /* row 2 isolates */
        if (j != 5) q[w * (j * n + 5) + c] = 0; /* column 5 isolates */
      }
    jaxc_array *lo = from_parts(LAPACK[t], 2, sh, p), *iso = from_parts(LAPACK[t], 2, sh, q);
    check_eig(lo, "lower triangular");
    check_eig(iso, "an isolated row and column");
    jaxc_array *wl = jaxc_linalg_eigvals(lo); /* a triangular matrix's eigenvalues are its diagonal, exactly */
    cld *W = wl ? parts(wl) : NULL, want[7];
    for (int64_t i = 0; i < n; i++) want[i] = at(lo, i * n + i);
    CHECK_MSG(W && spectrum_err(W, want, n) == 0, "lower triangular %s: the diagonal exactly", jaxc_dtype_name(LAPACK[t]));
    free(W);
    FREE_ALL(lo, iso, wl);
  }
  /* the same at 150, where Q's blocks hold identity reflectors outside ilo .. ihi */
  for (int t = 0; t < 4; t++) {
    int64_t n = 150, sh[2] = {150, 150};
    jaxc_array *r = rand_mats(LAPACK[t], 2, sh, 0);
    int w = is_cx(LAPACK[t]) ? 2 : 1;
    double *q = malloc(sizeof(double) * (size_t)(w * n * n));
    for (int64_t i = 0; i < n * n; i++) {
      cld x = at(r, i);
      q[w * i] = (double)x.re;
      if (w == 2) q[w * i + 1] = (double)x.im;
    }
    for (int64_t j = 0; j < n; j++)
      for (int c = 0; c < w; c++) {
        if (j != 3) q[w * (3 * n + j) + c] = 0;     /* row 3 isolates */
        if (j != 140) q[w * (j * n + 140) + c] = 0; /* column 140 isolates */
      }
    jaxc_array *iso = from_parts(LAPACK[t], 2, sh, q);
    check_eig(iso, "150 x 150, an isolated row and column");
    FREE_ALL(r, iso);
    free(q);
  }
  /* Hessenberg matrices with two small subdiagonals in a row (1e-9 each: their product below
     u, neither negligible alone): the sweeps start below the active block's top, and zlahqr then
     rescales rows and columns to keep H(m, m - 1) real (and after the sweep, in Z) */
  for (int t = 0; t < 4; t++) {
    int64_t n = 24, sh[2] = {24, 24};
    int w = is_cx(LAPACK[t]) ? 2 : 1;
    double p[2 * 24 * 24];
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++)
        for (int c = 0; c < w; c++) p[w * (i * n + j) + c] = i > j + 1 ? 0 : (double)(rnd64() >> 11) * 0x1p-52 - 0.5;
    for (int c = 0; c < w; c++) p[w * (9 * n + 8) + c] = 1e-9, p[w * (10 * n + 9) + c] = -1e-9;
    jaxc_array *h = from_parts(LAPACK[t], 2, sh, p);
    check_eig(h, "two small subdiagonals in a row");
    jaxc_array_free(h);
  }
  /* sparse matrices (two thirds zeros): balancing's swaps chain, and gebak must undo them in
     its order */
  for (int t = 0; t < 2; t++) {
    int64_t sh[3] = {300, 5, 5};
    double *p = malloc(sizeof(double) * 300 * 25);
    for (int i = 0; i < 300 * 25; i++) p[i] = rnd64() % 3 ? 0 : (double)(int)(rnd64() % 9) - 4;
    jaxc_array *sp = from_parts(LAPACK[t], 3, sh, p);
    check_eig(sp, t ? "sparse f64" : "sparse f32");
    jaxc_array_free(sp), free(p);
  }
  /* integer matrices (exact entries, often repeated or zero eigenvalues) */
  for (int t = 0; t < 2; t++) {
    int64_t sh[2] = {6, 6};
    double p[36];
    for (int i = 0; i < 36; i++) p[i] = (double)(int)(rnd64() % 5) - 2;
    jaxc_array *a = from_parts(LAPACK[t], 2, sh, p);
    check_eig(a, t ? "small integers f64" : "small integers f32");
    jaxc_array_free(a);
  }
}

/* JAX's documented example and small closed forms */
static void test_known(void) {
  float s[4] = {1, 2, 2, 1};
  jaxc_array *a = jaxc_array_from_data(JAXC_F32, 2, (const int64_t[]){2, 2}, s), *w = NULL, *v = NULL;
  CHECK(jaxc_linalg_eig(a, &w, &v) == JAXC_OK);
  if (w && v) { /* Array([ 3.+0.j, -1.+0.j]), [[0.70710677, -0.70710677], [0.70710677, 0.70710677]] */
    cld W0 = at(w, 0), W1 = at(w, 1);
    CHECK_MSG(jaxc_array_dtype(w) == JAXC_C64 && fabsl(W0.re - 3) < 4e-7 && W0.im == 0 && fabsl(W1.re + 1) < 4e-7 && W1.im == 0, "JAX's example: w");
    const long double want[4] = {0.70710677L, -0.70710677L, 0.70710677L, 0.70710677L};
    for (int i = 0; i < 4; i++) CHECK_MSG(fabsl(at(v, i).re - want[i]) < 1e-7 && at(v, i).im == 0, "JAX's example: v[%d]", i);
  }
  FREE_ALL(a, w, v);
  /* rotation-scaling [[a, -b], [b, a]]: a +- i b, +b first */
  double r[4] = {0.5, -2, 2, 0.5};
  a = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){2, 2}, r);
  w = jaxc_linalg_eigvals(a);
  CHECK(w && at(w, 0).re == 0.5 && fabsl(at(w, 0).im - 2) <= 0x1p-51L && at(w, 1).re == 0.5 && at(w, 1).im == -at(w, 0).im); /* (sqrt 2 sqrt 2, as dlanv2) */
  FREE_ALL(a, w);
  /* triangular: the diagonal, in its order, exactly */
  double tri[16] = {4, 1, -2, 7, 0, -3, 5, 1, 0, 0, 0.25, 9, 0, 0, 0, 11};
  a = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){4, 4}, tri);
  w = jaxc_linalg_eigvals(a);
  CHECK(w && at(w, 0).re == 4 && at(w, 1).re == -3 && at(w, 2).re == 0.25 && at(w, 3).re == 11 && at(w, 0).im == 0 && at(w, 3).im == 0);
  FREE_ALL(a, w);
  /* a Jordan block: a double eigenvalue 2, both vectors along e0 */
  double jb[4] = {2, 1, 0, 2};
  a = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){2, 2}, jb);
  CHECK(jaxc_linalg_eig(a, &w, &v) == JAXC_OK && w && v);
  if (w && v) CHECK(at(w, 0).re == 2 && at(w, 1).re == 2 && at(v, 0).re == 1 && at(v, 2).re == 0 && fabsl(at(v, 1).re + 1) < 1e-15 && fabsl(at(v, 3).re) < 1e-15);
  FREE_ALL(a, w, v);
  /* a complex Hermitian matrix has real eigenvalues (up to rounding): JAX's eigh example */
  double h[8] = {1, 0, 0, -2, 0, 2, 1, 0};
  a = jaxc_array_from_data(JAXC_C128, 2, (const int64_t[]){2, 2}, h);
  cld *W = sorted_eigvals(a);
  CHECK(W && fabsl(W[0].re + 1) < 1e-15 && fabsl(W[1].re - 3) < 1e-15 && fabsl(W[0].im) < 1e-15 && fabsl(W[1].im) < 1e-15);
  free(W);
  check_eig(a, "JAX's eigh example as eig");
  jaxc_array_free(a);
}

/* Q B Q^T with B block diagonal (rotation-scaling 2 x 2 blocks a +- i b, and real 1 x 1 ones), Q
   an orthogonal reflector I - 2 u u^T / u^T u: the spectrum is known exactly */
static void test_hidden_spectrum(void) {
  enum { N = 9 };
  const double blocks[][2] = {{1, 2}, {-0.5, 0.75}, {3, 0}, {1, 2}, {-2, 0}, {0.25, 0}}; /* (a, b): b 0 is a real 1 x 1 */
  long double B[N][N] = {{0}}, M[N][N], u[N], uu = 0;
  cld want[N];
  int at_ = 0;
  for (size_t k = 0; k < sizeof blocks / sizeof blocks[0]; k++) {
    double ar = blocks[k][0], bi = blocks[k][1];
    if (bi == 0) {
      B[at_][at_] = ar, want[at_] = (cld){ar, 0}, at_++;
    } else {
      B[at_][at_] = ar, B[at_][at_ + 1] = -bi, B[at_ + 1][at_] = bi, B[at_ + 1][at_ + 1] = ar;
      want[at_] = (cld){ar, bi}, want[at_ + 1] = (cld){ar, -bi}, at_ += 2;
    }
  }
  CHECK(at_ == N);
  for (int i = 0; i < N; i++) u[i] = (long double)((int)(rnd64() % 7) - 3) + 0.5L, uu += u[i] * u[i];
  for (int i = 0; i < N; i++) /* M = Q B Q, Q = I - 2 u u^T / uu */
    for (int j = 0; j < N; j++) {
      long double s = 0;
      for (int p = 0; p < N; p++)
        for (int q = 0; q < N; q++) s += ((i == p) - 2 * u[i] * u[p] / uu) * B[p][q] * ((q == j) - 2 * u[q] * u[j] / uu);
      M[i][j] = s;
    }
  double md[N * N];
  for (int i = 0; i < N * N; i++) md[i] = (double)M[i / N][i % N];
  for (int t = 0; t < 2; t++) {
    jaxc_array *a = from_parts(LAPACK[t], 2, (const int64_t[]){N, N}, md);
    cld *W = sorted_eigvals(a);
    long double e = W ? spectrum_err(W, want, N) : INFINITY;
    CHECK_MSG(e <= 64 * N * u_of(LAPACK[t]) * 8, "hidden spectrum %s: off by %.3Lg", jaxc_dtype_name(LAPACK[t]), e);
    free(W);
    check_eig(a, "hidden spectrum");
    jaxc_array_free(a);
  }
  /* balancing: D M D^-1, D = diag(2^(5k) ...): the same eigenvalues, to M's (not D M D^-1's) accuracy */
  double sd[N * N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sd[i * N + j] = ldexp(md[i * N + j], 5 * (i - j));
  jaxc_array *s = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){N, N}, sd);
  cld *W = sorted_eigvals(s);
  long double e = W ? spectrum_err(W, want, N) : INFINITY;
  CHECK_MSG(e <= 1e-12, "balanced D M D^-1: off by %.3Lg", e);
  free(W);
  check_eig(s, "badly scaled");
  jaxc_array_free(s);
}

/* companion matrices (jnp.roots' construction): roots of prod (x - r_k) */
static void test_companion(void) {
  const double roots[][6] = {{1, 2, 3, 4, 5, 6}, {-1, -1, 2, 0.5, 3, -4}};
  for (int t = 0; t < 2; t++) {
    long double c[7] = {1}; /* monic coefficients, highest first */
    for (int k = 0; k < 6; k++)
      for (int i = k + 1; i >= 1; i--) c[i] -= roots[t][k] * c[i - 1];
    double m[36] = {0};
    for (int j = 0; j < 6; j++) m[j] = (double)-c[j + 1];
    for (int i = 1; i < 6; i++) m[i * 6 + i - 1] = 1;
    jaxc_array *a = jaxc_array_from_data(JAXC_F64, 2, (const int64_t[]){6, 6}, m);
    cld *W = sorted_eigvals(a), want[6];
    for (int k = 0; k < 6; k++) want[k] = (cld){roots[t][k], 0};
    long double e = W ? spectrum_err(W, want, 6) : INFINITY;
    CHECK_MSG(e <= (t ? 1e-6 : 1e-9), "companion %d: roots off by %.3Lg", t, e); /* (a double root: sqrt(u)) */
    free(W);
    jaxc_array_free(a);
  }
}

/* LAPACK's dgeev and zgeev (reference LAPACK 3.11, through NumPy's np.linalg.eig: the routine JAX
   calls on CPU), recorded with repr(): the order of the eigenvalues, each vector's sign or phase
   and the values. jaxc takes the same steps with the same roundings, so the real matrices'
   eigenvalues agree to the bit there; asserted here to 2 ulps of |a| (and the vectors to 1e-14,
   which any sign or phase choice of a vector but LAPACK's would miss). */
static void test_lapack_reference(void) {
  static const double r5[25] = {4, -2, 1, 3, 0, 1, 0, -3, 2, 2, -1, 5, 2, 0, 1, 2, 1, 1, -4, 3, 0, -2, 3, 1, 1};
  static const double r5w[10] = {-5.517890359007225, 0.0, 0.31481692696643865, 4.558447882855907, 0.31481692696643865, -4.558447882855907,
                                 3.31117270612451, 0.0, 4.577083798949834, 0.0};
  static const double r5v[50] = {0.32413796805117967, 0.0, 0.09627874003008041, 0.16636004461071438, 0.09627874003008041, -0.16636004461071438,
                                 0.8218094323046198, 0.0, 0.9069293738408114, 0.0, 0.14434918183624873, 0.0, 0.6229023348668588, 0.0,
                                 0.6229023348668588, -0.0, 0.1955839708660012, 0.0, 0.2501386267207191, 0.0, -0.08228062930619019, 0.0,
                                 -0.15201689340338456, -0.546030365968575, -0.15201689340338456, 0.546030365968575, -0.24382816477699754, 0.0,
                                 0.1634078082584979, 0.0, -0.9047102160412757, 0.0, 0.09489106231257495, 0.12394825473140522,
                                 0.09489106231257495, -0.12394825473140522, 0.022970446391084885, 0.0, 0.28674789787272986, 0.0,
                                 0.22096880866399154, 0.0, -0.27300567300118983, 0.3935600888102888, -0.27300567300118983,
                                 -0.3935600888102888, -0.47581125666541485, 0.0, 0.07735185552209203, 0.0};
  static const double r4[16] = {0, 1, 0, 0, -2, 0, 0, 1, 1, 0, 0, 3, 0, 0, -1, 0};
  static const double r4w[8] = {-0.26995491388803383, 1.6040185957563886, -0.26995491388803383, -1.6040185957563886,
                                0.26995491388803294, 1.60401859575639, 0.26995491388803294, -1.60401859575639};
  static const double r4v[32] = {-0.06146221521785422, -0.3651963015820806, -0.06146221521785422, 0.3651963015820806, -0.3470003821471319,
                                 0.12937031103951088, -0.3470003821471319, -0.12937031103951088, 0.6023736858556195, 0.0, 0.6023736858556195,
                                 -0.0, -0.30118684292780823, -0.5216709145222332, -0.30118684292780823, 0.5216709145222332,
                                 0.30118684292780923, 0.5216709145222327, 0.30118684292780923, -0.5216709145222327, -0.60237368585562, 0.0,
                                 -0.60237368585562, -0.0, -0.2855381669292783, 0.23582599054256745, -0.2855381669292783, -0.23582599054256745,
                                 0.06146221521785314, -0.365196301582081, 0.06146221521785314, 0.365196301582081};
  static const double c3[18] = {1, 2, -1, 0, 0, 3, 2, 0, 1, -1, 1, 1, 0, 0, -2, 1, 4, 0};
  static const double c3w[6] = {1.7290984560878577, 3.1677827094449085, 0.8161543495864362, -0.7624264748729577, 3.454747194325705, -1.4053562345719535};
  static const double c3v[18] = {0.8297491125300057, 0.0, -0.4270407622811203, 0.057351041379406664, -0.33237511992135516, 0.2535210422627267,
                                 0.06908764253732796, -0.47917025017593606, 0.7451849489813884, 0.0, -0.047432568773939504, 0.5055796049285265,
                                 0.16326547220462156, -0.22468547980774234, 0.3897083226903343, -0.32737419024802356, 0.7532551196554235, 0.0};
  /* balancing's permutations decide the order: gebal's search starts over after each swap */
  static const double p3[9] = {1, 0, 0, 0, 4, 0, 0, -1, 0};
  static const double p3w[6] = {1.0, 0.0, 0.0, 0.0, 4.0, 0.0};
  static const double p3v[18] = {1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.9701425001453319, 0.0, 0.0, 0.0, 1.0, 0.0, -0.24253562503633297, 0.0};
  static const double p4[16] = {0, 2, 0, 1, 0, 3, 0, 0, 1, -1, 2, 0, 0, 4, 0, -1};
  static const double p4w[8] = {2.0, 0.0, 0.0, 0.0, -1.0, 0.0, 3.0, 0.0};
  static const double p4v[32] = {0.0, 0.0, 0.8944271909999159, 0.0, -0.6882472016116853, 0.0, 0.5773502691896258, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                                 0.5773502691896258, 0.0, 1.0, 0.0, -0.4472135954999579, 0.0, 0.22941573387056174, 0.0, 0.0, 0.0, 0.0, 0.0,
                                 0.0, 0.0, 0.6882472016116853, 0.0, 0.5773502691896258, 0.0};
  /* nilpotent with 1e200 above the diagonal: the back substitution must shrink x as it goes
     (unscaled, x reaches 1e491 and the vector turns to NaN) */
  static const double n3[9] = {0, 1e200, 1e200, 0, 0, 1e200, 0, 0, 0};
  static const double n3w[6] = {0, 0, 0, 0, 0, 0};
  static const double n3v[18] = {1, 0, -1, 0, 1, 0, 0, 0, 0, 0, -0.0, 0, 0, 0, 0, 0, 0, 0};
  const struct { const double *a, *w, *v; int n; bool cx; const char *name; } cases[6] = {
      {r5, r5w, r5v, 5, false, "5x5 real"}, {r4, r4w, r4v, 4, false, "4x4 real, two pairs"}, {c3, c3w, c3v, 3, true, "3x3 complex"},
      {p3, p3w, p3v, 3, false, "3x3 permuted"}, {p4, p4w, p4v, 4, false, "4x4 permuted"}, {n3, n3w, n3v, 3, false, "3x3 nilpotent, 1e200"}};
  for (int t = 0; t < 6; t++) {
    int64_t sh[2] = {cases[t].n, cases[t].n};
    jaxc_array *a = jaxc_array_from_data(cases[t].cx ? JAXC_C128 : JAXC_F64, 2, sh, cases[t].a), *w = NULL, *v = NULL;
    CHECK(jaxc_linalg_eig(a, &w, &v) == JAXC_OK && w && v);
    if (w && v) {
      cld *W = parts(w), *V = parts(v);
      long double ew = 0, ev = 0;
      for (int i = 0; i < cases[t].n; i++) ew = maxnan(ew, fabsl(W[i].re - cases[t].w[2 * i]) + fabsl(W[i].im - cases[t].w[2 * i + 1]));
      for (int i = 0; i < cases[t].n * cases[t].n; i++) ev = maxnan(ev, fabsl(V[i].re - cases[t].v[2 * i]) + fabsl(V[i].im - cases[t].v[2 * i + 1]));
      CHECK_MSG(ew <= (cases[t].cx ? 1e-14L : 2 * 0x1p-52L * 8), "%s: eigenvalues off LAPACK's by %.3Lg", cases[t].name, ew);
      CHECK_MSG(ev <= 1e-14L, "%s: eigenvectors off LAPACK's by %.3Lg", cases[t].name, ev);
      free(W), free(V);
    }
    FREE_ALL(a, w, v);
  }
}

static void test_edges(void) {
  /* empty: (..., 0) and (..., 0, 0) of the complex dtype */
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){3, 0, 0}), *w = NULL, *v = NULL;
  CHECK(jaxc_linalg_eig(e, &w, &v) == JAXC_OK && w && v && same_shape(w, 2, (const int64_t[]){3, 0}) && same_shape(v, 3, (const int64_t[]){3, 0, 0}) &&
        jaxc_array_dtype(w) == JAXC_C64);
  FREE_ALL(e, w, v);
  /* 1 x 1: the entry and 1 (complex: |z| made real by its phase: 1) */
  double z[2] = {-2.5, 4};
  jaxc_array *one = jaxc_array_from_data(JAXC_C128, 2, (const int64_t[]){1, 1}, z);
  CHECK(jaxc_linalg_eig(one, &w, &v) == JAXC_OK && w && v && at(w, 0).re == -2.5 && at(w, 0).im == 4 && at(v, 0).re == 1 && at(v, 0).im == 0);
  FREE_ALL(one, w, v);
  /* integer input promotes as JAX's to_inexact_dtype: int32 -> float32 -> complex64 (x64 on or
     off), int64 -> float64 -> complex128 */
  int32_t iv[4] = {0, 1, -1, 0};
  int64_t lv[4] = {0, 1, -1, 0};
  jaxc_array *ia = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 2}, iv), *la = jaxc_array_from_data(JAXC_I64, 2, (const int64_t[]){2, 2}, lv);
  w = jaxc_linalg_eigvals(ia);
  CHECK(w && jaxc_array_dtype(w) == JAXC_C64 && at(w, 0).re == 0 && at(w, 0).im == 1 && at(w, 1).im == -1);
  jaxc_array_free(w);
  w = jaxc_linalg_eigvals(la);
  CHECK(w && jaxc_array_dtype(w) == JAXC_C128 && at(w, 0).im == 1);
  FREE_ALL(ia, la, w);
  /* NaN or inf: every output NaN (LAPACK's info, JAX's _replace_not_ok_with_nan), per matrix */
  double nv[8] = {1, 0, 0, 1, 1, NAN, 0, 1};
  jaxc_array *na = jaxc_array_from_data(JAXC_F64, 3, (const int64_t[]){2, 2, 2}, nv);
  CHECK(jaxc_linalg_eig(na, &w, &v) == JAXC_OK && w && v);
  if (w && v) {
    CHECK(at(w, 0).re == 1 && at(w, 1).re == 1 && isnan((double)at(w, 2).re) && isnan((double)at(w, 3).im));
    CHECK(at(v, 0).re == 1 && isnan((double)at(v, 4).re) && isnan((double)at(v, 7).im));
  }
  FREE_ALL(na, w, v);
  /* errors, in JAX's words; outputs stay NULL */
  jaxc_array *vec = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3}), *rect = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){4, 2, 3}),
             *h = jaxc_array_zeros(JAXC_F16, 2, (const int64_t[]){2, 2});
  w = v = NULL;
  CHECK(jaxc_linalg_eig(vec, &w, &v) == JAXC_ERR_SHAPE && !w && !v && strcmp(jaxc_last_error(), "Input 0 to eig must have rank at least 2, but got shape=(3,)") == 0);
  CHECK(jaxc_linalg_eig(rect, &w, &v) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "The input to eig must be a square matrix. Got shape (2, 3).") == 0);
  expect_error(jaxc_linalg_eigvals(h), "Unsupported dtype float16.");
  expect_error(jaxc_linalg_eigvals(NULL), "eig: the array is NULL");
  CHECK(jaxc_linalg_eig(NULL, &w, NULL) == JAXC_ERR_ARG && !w);
  FREE_ALL(vec, rect, h);
}

/* ---- tensorinv, tensorsolve, multi_dot ------------------------------------------------------ */
static void test_tensorinv(void) {
  /* (2, 3, 6) with ind 2: inverse (6, 2, 3); tensordot(inv, a, 2) = I_6 and tensordot(a, inv, 1) = I_(2,3) */
  const int64_t sh[3] = {2, 3, 6};
  for (int t = 0; t < 4; t++) {
    jaxc_array *a = rand_mats(LAPACK[t], 3, sh, 0);
    uint64_t before = checksum(a);
    jaxc_array *ia = jaxc_linalg_tensorinv(a, 2), *p = ia ? jaxc_tensordot(ia, a, 2, JAXC_DTYPE_NONE) : NULL;
    CHECK_MSG(ia && same_shape(ia, 3, (const int64_t[]){6, 2, 3}) && jaxc_array_dtype(ia) == LAPACK[t] && checksum(a) == before, "tensorinv %s", jaxc_dtype_name(LAPACK[t]));
    CHECK(p && same_shape(p, 2, (const int64_t[]){6, 6}));
    if (p) {
      cld *P = parts(p);
      long double worst = 0;
      for (int i = 0; i < 36; i++) worst = maxnan(worst, hypotl(P[i].re - (i % 7 == 0), P[i].im));
      CHECK_MSG(worst < 1e4 * u_of(LAPACK[t]), "tensorinv %s: |inv . a - I| = %.3Lg", jaxc_dtype_name(LAPACK[t]), worst);
      free(P);
    }
    FREE_ALL(a, ia, p);
  }
  /* ind past ndim: the whole shape (Python's slice); ints promote */
  int32_t one[1] = {4};
  jaxc_array *o = jaxc_array_from_data(JAXC_I32, 1, (const int64_t[]){1}, one), *r = jaxc_linalg_tensorinv(o, 5);
  CHECK(r && same_shape(r, 1, (const int64_t[]){1}) && at(r, 0).re == 0.25);
  jaxc_array *bad = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 3});
  expect_error(jaxc_linalg_tensorinv(bad, 0), "ind must be a positive integer; got ind=0");
  expect_error(jaxc_linalg_tensorinv(bad, 1),
               "tensorinv is only possible when the product of the first `ind` dimensions equals that of the remaining dimensions. got arr.shape=(2, 3) with ind=1.");
  expect_error(jaxc_linalg_tensorinv(NULL, 1), "tensorinv: the array is NULL");
  FREE_ALL(o, r, bad);
}

static void test_tensorsolve(void) {
  /* a (2, 3, 6), b (2, 3): x (6,) with tensordot(a, x, 1) = b */
  for (int t = 0; t < 4; t++) {
    jaxc_array *a = rand_mats(LAPACK[t], 3, (const int64_t[]){2, 3, 6}, 0), *b = rand_mats(LAPACK[t], 2, (const int64_t[]){2, 3}, 0);
    jaxc_array *x = jaxc_linalg_tensorsolve(a, b, 0, NULL), *ax = x ? jaxc_tensordot(a, x, 1, JAXC_DTYPE_NONE) : NULL;
    CHECK_MSG(x && same_shape(x, 1, (const int64_t[]){6}) && jaxc_array_dtype(x) == LAPACK[t], "tensorsolve %s: %s", jaxc_dtype_name(LAPACK[t]), jaxc_last_error());
    if (ax) {
      cld *AX = parts(ax), *B = parts(b);
      long double worst = 0;
      for (int i = 0; i < 6; i++) worst = maxnan(worst, hypotl(AX[i].re - B[i].re, AX[i].im - B[i].im));
      CHECK_MSG(worst < 1e4 * u_of(LAPACK[t]), "tensorsolve %s: |a x - b| = %.3Lg", jaxc_dtype_name(LAPACK[t]), worst);
      free(AX), free(B);
    }
    FREE_ALL(a, b, x, ax);
  }
  /* axes: a (6, 2, 3) with axes (0,) is a moved to (2, 3, 6); axes (3, -4) of (2, 4, 2, 4) give
     (4, 2, 2, 4), the moved ones in ascending order (JAX's moveaxis to one destination) */
  jaxc_array *a = rand_mats(JAXC_F64, 3, (const int64_t[]){6, 2, 3}, 0), *b = rand_mats(JAXC_F64, 2, (const int64_t[]){2, 3}, 0);
  jaxc_array *m = jaxc_moveaxis(a, 0, -1), *x1 = jaxc_linalg_tensorsolve(a, b, 1, (const int[]){0}), *x2 = jaxc_linalg_tensorsolve(m, b, 0, NULL);
  CHECK(x1 && x2 && bits_equal(x1, x2));
  FREE_ALL(a, b, m, x1, x2);
  a = rand_mats(JAXC_F64, 4, (const int64_t[]){2, 4, 2, 4}, 0), b = rand_mats(JAXC_F64, 2, (const int64_t[]){4, 2}, 0);
  jaxc_array *p = jaxc_transpose(a, 4, (const int[]){1, 2, 0, 3});
  x1 = jaxc_linalg_tensorsolve(a, b, 2, (const int[]){3, -4}), x2 = jaxc_linalg_tensorsolve(p, b, 0, NULL);
  CHECK(x1 && x2 && same_shape(x1, 2, (const int64_t[]){2, 4}) && bits_equal(x1, x2));
  FREE_ALL(a, b, p, x1, x2);
  /* errors */
  a = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){2, 2, 4}), b = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 3});
  jaxc_array *b2 = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){2});
  expect_error(jaxc_linalg_tensorsolve(a, b, 0, NULL), "After moving axes to end, leading shape of a must match shape of b. got a.shape=(2, 2, 4), b.shape=(2, 3)");
  expect_error(jaxc_linalg_tensorsolve(a, b2, 0, NULL), "Input arrays must have prod(a.shape[:b.ndim]) == prod(a.shape[b.ndim:]); got a.shape=(2, 2, 4), b.ndim=1.");
  expect_error(jaxc_linalg_tensorsolve(a, b2, 1, (const int[]){3}), "axis 3 is out of bounds for array of dimension 3");
  expect_error(jaxc_linalg_tensorsolve(a, NULL, 0, NULL), "tensorsolve: an operand is NULL");
  FREE_ALL(a, b, b2);
}

/* reduce(matmul) in long double of row-major real matrices (r_i x c_i) */
static void test_multi_dot(void) {
  /* shapes chosen so that the order matters: (10, 40) (40, 3) (3, 50) (50, 2) */
  const int64_t dims[5] = {10, 40, 3, 50, 2};
  jaxc_array *m[4];
  for (int i = 0; i < 4; i++) m[i] = rand_mats(JAXC_F64, 2, (const int64_t[]){dims[i], dims[i + 1]}, 0);
  long double *acc = malloc(sizeof(long double) * 10 * 50), *nxt = malloc(sizeof(long double) * 10 * 50);
  cld *P0 = parts(m[0]);
  for (int i = 0; i < 10 * 40; i++) acc[i] = P0[i].re;
  free(P0);
  for (int k = 1; k < 4; k++) {
    cld *P = parts(m[k]);
    for (int64_t i = 0; i < 10; i++)
      for (int64_t j = 0; j < dims[k + 1]; j++) {
        long double s = 0;
        for (int64_t t = 0; t < dims[k]; t++) s += acc[i * dims[k] + t] * P[t * dims[k + 1] + j].re;
        nxt[i * dims[k + 1] + j] = s;
      }
    memcpy(acc, nxt, sizeof(long double) * (size_t)(10 * dims[k + 1]));
    free(P);
  }
  jaxc_array *r = jaxc_linalg_multi_dot(4, (const jaxc_array *const *)m);
  CHECK(r && same_shape(r, 2, (const int64_t[]){10, 2}) && jaxc_array_dtype(r) == JAXC_F64);
  if (r) {
    cld *R = parts(r);
    long double worst = 0;
    for (int i = 0; i < 20; i++) worst = maxnan(worst, fabsl(R[i].re - acc[i]));
    CHECK_MSG(worst < 1e-12, "multi_dot: off by %.3Lg", worst);
    free(R);
  }
  /* the path is einsum's (opt_einsum's optimal): the same result as einsum over the chain */
  jaxc_array *e = jaxc_einsum("ab,bc,cd,de->ae", 4, (const jaxc_array *const *)m, JAXC_DTYPE_NONE);
  CHECK(bits_equal(r, e));
  FREE_ALL(r, e);
  /* JAX's docstring chain, (200, 5) (5, 100) (100, 10): y @ z first (the cheaper order), so the
     result is x @ (y @ z) bit for bit */
  {
    jaxc_array *dx = rand_mats(JAXC_F32, 2, (const int64_t[]){200, 5}, 0), *dy = rand_mats(JAXC_F32, 2, (const int64_t[]){5, 100}, 0),
               *dz = rand_mats(JAXC_F32, 2, (const int64_t[]){100, 10}, 0);
    const jaxc_array *chain[3] = {dx, dy, dz};
    int path[4] = {0};
    CHECK(jaxc_einsum_path("ab,bc,cd->ad", 3, chain, path) == 2 && path[0] == 1 && path[1] == 2 && path[2] == 0 && path[3] == 1);
    jaxc_array *md = jaxc_linalg_multi_dot(3, chain), *yz = jaxc_matmul(dy, dz), *xyz = yz ? jaxc_matmul(dx, yz) : NULL;
    CHECK_MSG(md && xyz && bits_equal(md, xyz), "multi_dot of JAX's docstring chain: x @ (y @ z)");
    FREE_ALL(dx, dy, dz, md, yz, xyz);
  }
  /* 1-d ends: a vector-matrix-vector chain is a 0-d result */
  jaxc_array *v0 = rand_mats(JAXC_F64, 1, (const int64_t[]){10}, 0), *v1 = rand_mats(JAXC_F64, 1, (const int64_t[]){40}, 0);
  const jaxc_array *vmv[3] = {v0, m[0], v1};
  r = jaxc_linalg_multi_dot(3, vmv);
  e = jaxc_einsum("b,bc,c->", 3, vmv, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_ndim(r) == 0 && bits_equal(r, e));
  FREE_ALL(r, e);
  /* mixed dtypes promote as einsum does: int32 with float32 -> float32 */
  int32_t iv[4] = {1, 2, 3, 4};
  float fv[4] = {0.5f, 1, -1, 2};
  jaxc_array *ia = jaxc_array_from_data(JAXC_I32, 2, (const int64_t[]){2, 2}, iv), *fa = jaxc_array_from_data(JAXC_F32, 2, (const int64_t[]){2, 2}, fv);
  const jaxc_array *mixed[2] = {ia, fa};
  r = jaxc_linalg_multi_dot(2, mixed);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && at(r, 0).re == 0.5 - 2 && at(r, 3).re == 3 * 1 + 4 * 2);
  jaxc_array_free(r);
  /* errors */
  const jaxc_array *one[1] = {m[0]}, *bad[2] = {m[0], m[0]}, *three_d[2] = {m[0], NULL};
  jaxc_array *t3 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){40, 1, 1});
  three_d[1] = t3;
  expect_error(jaxc_linalg_multi_dot(1, one), "multi_dot requires at least two arrays; got len(arrays)=1");
  expect_error(jaxc_linalg_multi_dot(2, bad), "multi_dot: last dimension of each array must match first dimension of following array. Got array shapes [(10, 40), (10, 40)]");
  expect_error(jaxc_linalg_multi_dot(2, three_d),
               "multi_dot: input arrays must all be two-dimensional, except for the first and last array which may be 1 or 2 dimensional. Got array shapes [(10, 40), (40, 1, 1)]");
  expect_error(jaxc_linalg_multi_dot(2, NULL), "multi_dot: 2 arrays, the list NULL or n negative");
  free(acc), free(nxt);
  FREE_ALL(m[0], m[1], m[2], m[3], v0, v1, ia, fa, t3);
}

int main(void) {
  jaxc_set_x64(true);
  test_random();
  test_known();
  test_hidden_spectrum();
  test_companion();
  test_lapack_reference();
  test_edges();
  test_tensorinv();
  test_tensorsolve();
  test_multi_dot();
  return check_summary("test_eig");
}
