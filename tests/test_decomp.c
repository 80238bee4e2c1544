/* test_decomp.c — jnp.linalg's factorizations and what JAX builds on them: lax.linalg.lu, det,
   slogdet, solve, inv, cholesky, matrix_power, the norms. References written here, not taken
   from the library:
     - every factor against the matrix it factors, in long double: P a = L U and L L^H = a within
       the rounding bound of the dtype (|L U - P a| <= c k u (|L| |U|)), partial pivoting's
       |l| <= 1, the pivots and permutation consistent with each other;
     - determinants against a long double elimination; the 2x2 and 3x3 ones bit for bit against
       JAX's formula evaluated here op by op (float16/bfloat16 through an IEEE rounding of this
       file's own); signs exactly on scaled permutation matrices (every step exact);
     - solutions by their residual |a x - b| <= c n u (|a| |x| + |b|); broadcast batches
       bit for bit against the 2-D solves they are made of; inv(a) @ a near the identity;
     - matrix powers of small integer matrices exactly (every sum exact), negative powers
       against inv;
     - singular values exactly where the columns are orthogonal, else by sum of squares, |det|
       and the 2x2 closed form; ranks of sums of r outer products;
     - norms against long double sums, maxima and counts; JAX's dtype rules for every input
       dtype (x64 on and off), JAX's error messages, inputs unchanged, debug_nans. */
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

/* the formulas below are evaluated one rounding per operation, as XLA's ops are */
#ifdef __clang__
#  pragma STDC FP_CONTRACT OFF
#endif

/* ---- lax.linalg.lu ---------------------------------------------------------------------------- */
static void check_lu(jaxc_dtype d, int nd, const int64_t *shape, double diag, bool zero_col) {
  jaxc_array *a = rand_mats(d, nd, shape, diag);
  int64_t m = shape[nd - 2], n = shape[nd - 1], k = m < n ? m : n, count = 1;
  for (int i = 0; i < nd - 2; i++) count *= shape[i];
  if (zero_col && n > 1) { /* column 1 a multiple of nothing: zeros, so U[1][1] is exactly 0 */
    int w = is_cx(d) ? 2 : 1;
    jaxc_array *c = jaxc_astype(a, is_cx(d) ? JAXC_C128 : JAXC_F64);
    double *p = (double *)jaxc_array_data(c);
    for (int64_t b = 0; b < count; b++)
      for (int64_t i = 0; i < m; i++)
        for (int h = 0; h < w; h++) p[w * ((b * m + i) * n + 1) + h] = 0;
    jaxc_array_free(a);
    a = jaxc_astype(c, d);
    jaxc_array_free(c);
  }
  uint64_t before = checksum(a);
  jaxc_array *lu, *piv, *perm;
  int st = jaxc_lax_linalg_lu(a, &lu, &piv, &perm);
  CHECK_MSG(st == 0 && lu && piv && perm, "lu %s: %s", jaxc_dtype_name(d), jaxc_last_error());
  if (!lu) return;
  int64_t pshape[JAXC_MAX_NDIM], qshape[JAXC_MAX_NDIM];
  memcpy(pshape, shape, sizeof(int64_t) * (size_t)nd), memcpy(qshape, shape, sizeof(int64_t) * (size_t)nd);
  pshape[nd - 2] = k;
  CHECK(jaxc_array_dtype(lu) == d && same_shape(lu, nd, shape));
  CHECK(jaxc_array_dtype(piv) == JAXC_I32 && same_shape(piv, nd - 1, pshape));
  CHECK(jaxc_array_dtype(perm) == JAXC_I32 && same_shape(perm, nd - 1, qshape));
  CHECK(checksum(a) == before);
  cld *A = parts(a), *F = parts(lu);
  const int32_t *pv = (const int32_t *)jaxc_array_data(piv), *pm = (const int32_t *)jaxc_array_data(perm);
  long double u = u_of(d), worst = 0;
  bool perm_ok = true, piv_ok = true, l_ok = true;
  for (int64_t b = 0; b < count; b++) {
    int32_t q[64];
    for (int64_t i = 0; i < m && i < 64; i++) q[i] = (int32_t)i;
    for (int64_t i = 0; i < k && m <= 64; i++) {
      int32_t s = pv[b * k + i];
      piv_ok &= s >= i && s < m;
      if (s >= i && s < m) {
        int32_t t = q[i];
        q[i] = q[s], q[s] = t;
      }
    }
    for (int64_t i = 0; i < m && m <= 64; i++) perm_ok &= pm[b * m + i] == q[i];
    const cld *Ab = A + b * m * n, *Fb = F + b * m * n;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        if (j < i && j < k) l_ok &= cabsl_(Fb[i * n + j]) <= (is_cx(d) ? sqrtl(2) : 1) * (1 + 4 * u);
        cld s = {0, 0}, mag = {0, 0};
        for (int64_t t = 0; t <= i && t <= j && t < k; t++) {
          cld l = t == i ? (cld){1, 0} : Fb[i * n + t], uu = Fb[t * n + j];
          cld p = cmul(l, uu);
          s.re += p.re, s.im += p.im, mag.re += cabsl_(l) * cabsl_(uu);
        }
        cld want = Ab[pm[b * m + i] * n + j];
        long double err = hypotl(s.re - want.re, s.im - want.im), bound = 4 * (long double)(k + 2) * u * (mag.re + cabsl_(want)) + 1e-300L;
        worst = maxnan(worst, err / bound);
      }
  }
  CHECK_MSG(perm_ok && piv_ok, "lu %s (%lldx%lld): pivots/permutation", jaxc_dtype_name(d), (long long)m, (long long)n);
  CHECK_MSG(l_ok, "lu %s (%lldx%lld): |l| > 1 (partial pivoting)", jaxc_dtype_name(d), (long long)m, (long long)n);
  CHECK_MSG(worst <= 1, "lu %s (%lldx%lld): |LU - Pa| at %.3Lg of the bound", jaxc_dtype_name(d), (long long)m, (long long)n, worst);
  if (zero_col && n > 1 && m > 1) { /* the zero pivot stays, nothing is NaN */
    bool finite = true;
    for (int64_t i = 0; i < m * n * count; i++) finite &= isfinite(F[i].re) && isfinite(F[i].im);
    CHECK_MSG(finite && F[1 * n + 1].re == 0 && F[1 * n + 1].im == 0, "lu %s: singular", jaxc_dtype_name(d));
  }
  free(A), free(F);
  jaxc_array_free(a), jaxc_array_free(lu), jaxc_array_free(piv), jaxc_array_free(perm);
}
static void test_lu(void) {
  static const int64_t sh[][5] = {{2, 0, 0}, {2, 1, 1}, {2, 0, 3}, {2, 3, 0}, {2, 2, 5}, {2, 5, 2}, {2, 7, 7},
                                  {2, 33, 17}, {2, 17, 33}, {3, 3, 4, 4}, {4, 2, 3, 5, 6}, {3, 5, 9, 9}};
  for (int t = 0; t < 4; t++)
    for (size_t s = 0; s < sizeof sh / sizeof sh[0]; s++) check_lu(LAPACK[t], (int)sh[s][0], &sh[s][1], 0, false);
  for (int t = 0; t < 4; t++) check_lu(LAPACK[t], 2, (const int64_t[]){6, 6}, 0, true);
  /* large enough that the updates go over the threads, and a batch that goes over them whole */
  check_lu(JAXC_F64, 2, (const int64_t[]){300, 300}, 0, false);
  check_lu(JAXC_C64, 2, (const int64_t[]){260, 200}, 0, false);
  check_lu(JAXC_F32, 3, (const int64_t[]){64, 40, 40}, 0, false);
  /* errors */
  jaxc_array *i32 = jaxc_array_zeros(JAXC_I32, 2, (const int64_t[]){2, 2}), *v = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3});
  jaxc_array *h = jaxc_array_zeros(JAXC_F16, 2, (const int64_t[]){2, 2}), *lu = (jaxc_array *)1, *pv = (jaxc_array *)1;
  CHECK(jaxc_lax_linalg_lu(i32, &lu, &pv, NULL) == JAXC_ERR_DTYPE && !lu && !pv);
  CHECK_MSG(!strcmp(jaxc_last_error(), "lu does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating."), "%s",
            jaxc_last_error());
  CHECK(jaxc_lax_linalg_lu(v, &lu, NULL, NULL) != 0 && !lu);
  CHECK_MSG(!strcmp(jaxc_last_error(), "Input 0 to lu must have rank at least 2, but got shape=(3,)"), "%s", jaxc_last_error());
  CHECK(jaxc_lax_linalg_lu(h, &lu, NULL, NULL) == JAXC_ERR_DTYPE && !strcmp(jaxc_last_error(), "Unsupported dtype float16."));
  CHECK(jaxc_lax_linalg_lu(NULL, &lu, NULL, NULL) == JAXC_ERR_ARG);
  jaxc_array_free(i32), jaxc_array_free(v), jaxc_array_free(h);
}

/* getf2 written out here: row-major, in the dtype's own precision, one operation at a time: the
   pivot the first largest |x| (|re| + |im|), the rows swapped whole, the column below scaled by
   the pivot's reciprocal (complex: Smith's 1 / d) or, past the safe minimum, divided by it; then
   every element right of and below the pivot takes a[i][c] -= a[i][k] * a[k][c] (complex: (ac -
   bd, ad + bc), each product rounded). jaxc's LU is blocked (a recursive split, the updates as
   packed tiles, the leaves on a copy by columns) but keeps each element's operations and their
   order, so its bits must be these. */
#define REF_GETF2(SUF, T, CX, ABS, HYPOT, SFMIN)                                                     \
  static void ref_cdiv_##SUF(T *xr, T *xi, T dr, T di) { /* Smith's division, as Fortran's */      \
    T r, den, a = *xr, b = *xi;                                                                      \
    if (ABS(dr) >= ABS(di)) {                                                                        \
      r = di / dr, den = dr + di * r;                                                                \
      *xr = (a + b * r) / den, *xi = (b - a * r) / den;                                              \
    } else {                                                                                         \
      r = dr / di, den = dr * r + di;                                                                \
      *xr = (a * r + b) / den, *xi = (b * r - a) / den;                                              \
    }                                                                                                \
  }                                                                                                  \
  static void ref_getf2_##SUF(T *A, int32_t *piv, int64_t m, int64_t n) {                             \
    int64_t w = CX + 1, kmax = m < n ? m : n;                                                        \
    for (int64_t k = 0; k < kmax; k++) {                                                             \
      int64_t p = k;                                                                                 \
      T best = 0;                                                                                    \
      for (int64_t i = k; i < m; i++) {                                                              \
        T *x = A + w * (i * n + k), g = CX ? ABS(x[0]) + ABS(x[CX]) : ABS(x[0]);                     \
        if (i == k || g > best) best = g, p = i;                                                     \
      }                                                                                              \
      piv[k] = (int32_t)p;                                                                           \
      T *pk = A + w * (p * n + k);                                                                   \
      if (pk[0] != 0 || (CX && pk[CX] != 0)) {                                                       \
        for (int64_t c = 0; p != k && c < w * n; c++) {                                              \
          T t = A[w * k * n + c];                                                                    \
          A[w * k * n + c] = A[w * p * n + c], A[w * p * n + c] = t;                                 \
        }                                                                                            \
        T dr = A[w * (k * n + k)], di = CX ? A[w * (k * n + k) + CX] : 0;                            \
        bool scale = (CX ? HYPOT(dr, di) : ABS(dr)) >= SFMIN;                                        \
        T rr = 1, ri = 0;                                                                            \
        if (scale && CX) ref_cdiv_##SUF(&rr, &ri, dr, di);                                           \
        if (scale && !CX) rr = 1 / dr;                                                               \
        for (int64_t i = k + 1; i < m; i++) {                                                        \
          T *x = A + w * (i * n + k), xr = x[0], xi = CX ? x[CX] : 0;                                \
          if (!CX) x[0] = scale ? xr * rr : xr / dr;                                                 \
          else if (scale) {                                                                          \
            T p1 = xr * rr, p2 = xi * ri, p3 = xr * ri, p4 = xi * rr;                                \
            x[0] = p1 - p2, x[CX] = p3 + p4;                                                         \
          } else                                                                                     \
            ref_cdiv_##SUF(&x[0], &x[CX], dr, di);                                                   \
        }                                                                                            \
      }                                                                                              \
      for (int64_t i = k + 1; i < m; i++)                                                            \
        for (int64_t c = k + 1; c < n; c++) {                                                        \
          T *x = A + w * (i * n + c), lr = A[w * (i * n + k)], li = CX ? A[w * (i * n + k) + CX] : 0; \
          T ur = A[w * (k * n + c)], ui = CX ? A[w * (k * n + c) + CX] : 0;                          \
          if (CX) {                                                                                  \
            T p1 = lr * ur, p2 = li * ui, p3 = lr * ui, p4 = li * ur, re = p1 - p2, im = p3 + p4;    \
            x[0] -= re, x[CX] -= im;                                                                 \
          } else                                                                                     \
            x[0] -= lr * ur;                                                                         \
        }                                                                                            \
    }                                                                                                \
  }
/* lu_solve written out here: the pivots' swaps in order, then each row i of X takes x[i] -= lu[i][r]
   * x[r] for r = 0 .. i - 1 going down, and r = m - 1 down to i + 1 going back up, then x[i] /=
   lu[i][i] (complex: Smith's division), one operation at a time. jaxc blocks these (packed tiles
   of rows, the triangles' blocks) in the same per-element order, so its bits must be these. */
#define REF_LU_SOLVE(SUF, T, CX)                                                                    \
  static void ref_axpy_##SUF(T *y, const T *l, const T *x, int64_t k) { /* y -= l x, k elements */  \
    for (int64_t c = 0; c < k; c++) {                                                              \
      if (CX) {                                                                                    \
        T p1 = l[0] * x[2 * c], p2 = l[1] * x[2 * c + 1], p3 = l[0] * x[2 * c + 1], p4 = l[1] * x[2 * c]; \
        T re = p1 - p2, im = p3 + p4;                                                              \
        y[2 * c] -= re, y[2 * c + 1] -= im;                                                        \
      } else                                                                                       \
        y[c] -= l[0] * x[c];                                                                       \
    }                                                                                              \
  }                                                                                                \
  static void ref_lu_solve_##SUF(const T *LU, const int32_t *piv, T *X, int64_t m, int64_t k) {     \
    int64_t w = CX + 1;                                                                            \
    for (int64_t i = 0; i < m; i++)                                                                \
      for (int64_t c = 0; piv[i] != i && c < w * k; c++) {                                         \
        T t = X[w * i * k + c];                                                                    \
        X[w * i * k + c] = X[w * piv[i] * k + c], X[w * piv[i] * k + c] = t;                       \
      }                                                                                            \
    for (int64_t i = 0; i < m; i++)                                                                \
      for (int64_t r = 0; r < i; r++) ref_axpy_##SUF(X + w * i * k, LU + w * (i * m + r), X + w * r * k, k); \
    for (int64_t i = m - 1; i >= 0; i--) {                                                         \
      for (int64_t r = m - 1; r > i; r--) ref_axpy_##SUF(X + w * i * k, LU + w * (i * m + r), X + w * r * k, k); \
      for (int64_t c = 0; c < k; c++) {                                                            \
        if (CX) ref_cdiv_##SUF(&X[w * (i * k + c)], &X[w * (i * k + c) + 1], LU[w * (i * m + i)], LU[w * (i * m + i) + 1]); \
        else X[i * k + c] /= LU[i * m + i];                                                        \
      }                                                                                            \
    }                                                                                              \
  }
REF_GETF2(f32, float, 0, fabsf, hypotf, FLT_MIN)
REF_GETF2(f64, double, 0, fabs, hypot, DBL_MIN)
REF_GETF2(c64, float, 1, fabsf, hypotf, FLT_MIN)
REF_GETF2(c128, double, 1, fabs, hypot, DBL_MIN)
/* potf2 written out here, as the upper factor U (a = U^H U) by rows: U starts as the lower
   triangle of a transposed and conjugated; row j over the square root of its diagonal (times
   the reciprocal), then every row p below takes U[p][q] -= conj(U[j][p]) U[j][q] for q >= p.
   false where a diagonal is not > 0. jaxc's blocked Cholesky must give these bits. */
#define REF_POTF2(SUF, T, CX, SQRT)                                                                 \
  static bool ref_potf2_##SUF(T *W, int64_t n) {                                                   \
    int64_t w = CX + 1;                                                                            \
    for (int64_t j = 0; j < n; j++) {                                                              \
      T *row = W + w * j * n, d = row[w * j];                                                      \
      if (!(d > 0)) return false;                                                                  \
      d = SQRT(d);                                                                                 \
      T r = 1 / d;                                                                                 \
      row[w * j] = d;                                                                              \
      if (CX) row[w * j + 1] = 0;                                                                  \
      for (int64_t q = w * (j + 1); q < w * n; q++) row[q] *= r;                                   \
      for (int64_t p = j + 1; p < n; p++) {                                                        \
        T ar = row[w * p], ai = CX ? -row[w * p + 1] : 0, *y = W + w * p * n;                      \
        for (int64_t q = p; q < n; q++) {                                                          \
          if (CX) {                                                                                \
            T p1 = ar * row[2 * q], p2 = ai * row[2 * q + 1], p3 = ar * row[2 * q + 1], p4 = ai * row[2 * q]; \
            T re = p1 - p2, im = p3 + p4;                                                          \
            y[2 * q] -= re, y[2 * q + 1] -= im;                                                    \
          } else                                                                                   \
            y[q] -= ar * row[q];                                                                   \
        }                                                                                          \
      }                                                                                            \
    }                                                                                              \
    return true;                                                                                   \
  }
REF_POTF2(f32, float, 0, sqrtf)
REF_POTF2(f64, double, 0, sqrt)
REF_POTF2(c64, float, 1, sqrtf)
REF_POTF2(c128, double, 1, sqrt)
REF_LU_SOLVE(f32, float, 0)
REF_LU_SOLVE(f64, double, 0)
REF_LU_SOLVE(c64, float, 1)
REF_LU_SOLVE(c128, double, 1)
/* the same bits, a NaN matching any NaN (a product's operands may be swapped, and of two NaNs
   the first one's payload wins) */
static bool same_floats(jaxc_dtype d, const void *x, const void *y, int64_t count) {
  for (int64_t i = 0; i < count; i++) {
    bool f = d == JAXC_F32 || d == JAXC_C64;
    double a = f ? ((const float *)x)[i] : ((const double *)x)[i], b = f ? ((const float *)y)[i] : ((const double *)y)[i];
    if (isnan(a) && isnan(b)) continue;
    if (f ? memcmp((const float *)x + i, (const float *)y + i, 4) : memcmp((const double *)x + i, (const double *)y + i, 8)) return false;
  }
  return true;
}
/* fills of a matrix's parts that reach every path of getf2: random, small integers (pivots tied
   in magnitude, exact zeros and singular steps), a zero column and equal rows, NaN and infinity,
   parts so small that the column is divided, not scaled */
enum { FILL_RANDOM, FILL_INTS, FILL_RANK, FILL_NONFINITE, FILL_TINY, FILLS };
static double fill_part(int fill, int64_t i, int64_t j, int64_t n, double tiny) {
  double r = (double)(rnd64() >> 11) * 0x1p-52 - 1.0;
  switch (fill) {
  case FILL_INTS: return (double)((int64_t)(rnd64() % 7) - 3);
  case FILL_RANK: return j == 3 ? 0 : (double)(((i % 5) * 7 + j * 3) % 11) - 5 + (i % 5 == 4 ? r : 0);
  case FILL_NONFINITE: return (i * n + j) % 97 == 13 ? NAN : (i * n + j) % 89 == 7 ? INFINITY : r;
  case FILL_TINY: return r * tiny;
  default: return r;
  }
}
static void check_lu_bits(jaxc_dtype d, int64_t count, int64_t m, int64_t n, int fill) {
  int64_t w = is_cx(d) ? 2 : 1, k = m < n ? m : n, shape[3] = {count, m, n};
  double tiny = d == JAXC_F32 || d == JAXC_C64 ? 1e-39 : 1e-309;
  double *p = malloc(sizeof(double) * (size_t)(count * m * n * w + 1));
  for (int64_t b = 0; b < count; b++)
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n * w; j++) p[(b * m + i) * n * w + j] = fill_part(fill, i, j / w, n, tiny);
  jaxc_array *a = from_parts(d, 3, shape, p), *lu = NULL, *piv = NULL;
  free(p);
  CHECK(jaxc_lax_linalg_lu(a, &lu, &piv, NULL) == JAXC_OK);
  size_t es = jaxc_dtype_size(d);
  char *ref = malloc((size_t)(count * m * n) * es + 1);
  int32_t *rp = malloc(sizeof(int32_t) * (size_t)(count * k + 1));
  memcpy(ref, jaxc_array_data(a), (size_t)(count * m * n) * es);
  for (int64_t b = 0; b < count; b++) {
    void *A = ref + (size_t)(b * m * n) * es;
    int32_t *pv = rp + b * k;
    switch (d) {
    case JAXC_F32: ref_getf2_f32((float *)A, pv, m, n); break;
    case JAXC_F64: ref_getf2_f64((double *)A, pv, m, n); break;
    case JAXC_C64: ref_getf2_c64((float *)A, pv, m, n); break;
    default: ref_getf2_c128((double *)A, pv, m, n); break;
    }
  }
  bool ok = lu && piv && same_floats(d, jaxc_array_data(lu), ref, count * m * n * w) &&
            !memcmp(jaxc_array_data(piv), rp, sizeof(int32_t) * (size_t)(count * k));
  CHECK_MSG(ok, "lu %s %lldx%lldx%lld (fill %d): not getf2's bits", jaxc_dtype_name(d), (long long)count, (long long)m, (long long)n, fill);
  free(ref), free(rp);
  jaxc_array_free(a), jaxc_array_free(lu), jaxc_array_free(piv);
}
static void test_lu_bits(void) {
  /* small ones (factored whole, step by step) and ones past 32 KiB (blocked: split, packed tiles,
     leaves by columns; a wide matrix's last columns; over the threads past 2 MiB of updates) */
  static const int64_t sh[][3] = {{1, 1, 1}, {4, 5, 5}, {2, 17, 16}, {1, 48, 48}, {1, 65, 70}, {1, 100, 100}, {1, 129, 130},
                                  {1, 200, 90}, {1, 90, 200}, {1, 1, 300}, {1, 300, 1}, {1, 257, 64}, {1, 64, 257}, {3, 70, 70}};
  for (int t = 0; t < 4; t++)
    for (size_t s = 0; s < sizeof sh / sizeof sh[0]; s++)
      for (int fill = 0; fill < FILLS; fill++) check_lu_bits(LAPACK[t], sh[s][0], sh[s][1], sh[s][2], fill);
  check_lu_bits(JAXC_F64, 1, 300, 300, FILL_RANDOM);
  check_lu_bits(JAXC_C64, 1, 260, 300, FILL_INTS);
  check_lu_bits(JAXC_F32, 1, 400, 400, FILL_RANK);
}

/* solve(a, b) against lu_solve written out here on lax.linalg.lu's factors of a: the same bits
   (b a vector, one column, a few, and more columns than the tiles' vectors; 1x1 to 150x150;
   random and small-integer matrices, the latter singular at times: inf and NaN must match) */
static void check_solve_bits(jaxc_dtype d, int64_t m, int64_t k, bool vec, int fill) {
  int64_t w = is_cx(d) ? 2 : 1, ash[2] = {m, m}, bsh[2] = {m, k};
  double *p = malloc(sizeof(double) * (size_t)(m * m * w + 1)), *q = malloc(sizeof(double) * (size_t)(m * k * w + 1));
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < m * w; j++) p[i * m * w + j] = fill_part(fill, i, j / w, m, 0) + (fill == FILL_RANDOM && j == w * i ? 2 : 0);
  for (int64_t i = 0; i < m * k * w; i++) q[i] = fill_part(fill == FILL_INTS ? FILL_INTS : FILL_RANDOM, i, 0, 1, 0);
  jaxc_array *a = from_parts(d, 2, ash, p), *b = from_parts(d, vec ? 1 : 2, vec ? ash : bsh, q), *lu = NULL, *piv = NULL;
  jaxc_array *x = jaxc_linalg_solve(a, b);
  CHECK(jaxc_lax_linalg_lu(a, &lu, &piv, NULL) == JAXC_OK && x);
  size_t es = jaxc_dtype_size(d);
  char *ref = malloc((size_t)(m * k) * es + 1);
  memcpy(ref, jaxc_array_data(b), (size_t)(m * k) * es);
  const int32_t *pv = (const int32_t *)jaxc_array_data(piv);
  switch (d) {
  case JAXC_F32: ref_lu_solve_f32((const float *)jaxc_array_data(lu), pv, (float *)(void *)ref, m, k); break;
  case JAXC_F64: ref_lu_solve_f64((const double *)jaxc_array_data(lu), pv, (double *)(void *)ref, m, k); break;
  case JAXC_C64: ref_lu_solve_c64((const float *)jaxc_array_data(lu), pv, (float *)(void *)ref, m, k); break;
  default: ref_lu_solve_c128((const double *)jaxc_array_data(lu), pv, (double *)(void *)ref, m, k); break;
  }
  CHECK_MSG(x && same_floats(d, jaxc_array_data(x), ref, m * k * w), "solve %s %lldx%lld, %lld columns (fill %d): not lu_solve's bits",
            jaxc_dtype_name(d), (long long)m, (long long)m, (long long)k, fill);
  free(p), free(q), free(ref);
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(x), jaxc_array_free(lu), jaxc_array_free(piv);
}
static void test_solve_bits(void) {
  static const int64_t sh[][2] = {{1, 1}, {5, 3}, {40, 1}, {40, 16}, {100, 70}, {150, 130}, {70, 150}};
  for (int t = 0; t < 4; t++) {
    for (size_t s = 0; s < sizeof sh / sizeof sh[0]; s++)
      for (int fill = FILL_RANDOM; fill <= FILL_INTS; fill++) check_solve_bits(LAPACK[t], sh[s][0], sh[s][1], false, fill);
    check_solve_bits(LAPACK[t], 90, 1, true, FILL_RANDOM);
  }
}

/* cholesky(a, lower, no symmetrizing) against potf2 written out here: the same bits (1x1 to
   257x257, past 32 KiB blocked), and a matrix that fails at row `bad` (a negative diagonal):
   NaN on the factor's triangle, zeros above */
static void check_cholesky_bits(jaxc_dtype d, int64_t n, int64_t bad) {
  int64_t w = is_cx(d) ? 2 : 1, sh[2] = {n, n};
  double *g = malloc(sizeof(double) * (size_t)(n * n * w + 1)), *p = calloc((size_t)(n * n * w + 1), sizeof(double));
  for (int64_t i = 0; i < n * n * w; i++) g[i] = (double)(rnd64() >> 11) * 0x1p-52 - 0.5;
  for (int64_t i = 0; i < n; i++) /* g g^H + n I, Hermitian */
    for (int64_t q = 0; q < n; q++) {
      double re = i == q ? (double)n : 0, im = 0;
      for (int64_t t = 0; t < n; t++) {
        double ar = g[w * (i * n + t)], ai = w == 2 ? g[w * (i * n + t) + 1] : 0, br = g[w * (q * n + t)], bi = w == 2 ? -g[w * (q * n + t) + 1] : 0;
        re += ar * br - ai * bi, im += ar * bi + ai * br;
      }
      p[w * (i * n + q)] = i == q && i == bad ? -1 : re;
      if (w == 2) p[w * (i * n + q) + 1] = i == q ? 0 : im;
    }
  jaxc_array *a = from_parts(d, 2, sh, p), *L = jaxc_linalg_cholesky(a, false, false);
  size_t es = jaxc_dtype_size(d), half = es / (size_t)w;
  char *W = calloc((size_t)(n * n) + 1, es), *A = (char *)jaxc_array_data(a);
  for (int64_t i = 0; i < n; i++) /* W[i][q] = conj(a[q][i]), q >= i */
    for (int64_t q = i; q < n; q++) {
      memcpy(W + (size_t)(i * n + q) * es, A + (size_t)(q * n + i) * es, es);
      if (w == 2) {
        char *im = W + (size_t)(i * n + q) * es + half;
        if (half == 4) *(float *)(void *)im = -*(float *)(void *)im;
        else *(double *)(void *)im = -*(double *)(void *)im;
      }
    }
  bool ok;
  switch (d) {
  case JAXC_F32: ok = ref_potf2_f32((float *)(void *)W, n); break;
  case JAXC_F64: ok = ref_potf2_f64((double *)(void *)W, n); break;
  case JAXC_C64: ok = ref_potf2_c64((float *)(void *)W, n); break;
  default: ok = ref_potf2_c128((double *)(void *)W, n); break;
  }
  CHECK(ok == (bad < 0) && L);
  bool same = L != NULL;
  const char *R = L ? (const char *)jaxc_array_data(L) : NULL;
  for (int64_t i = 0; same && i < n; i++) /* L[q][i] = conj(U[i][q]); zeros above the diagonal */
    for (int64_t q = 0; same && q < n; q++) {
      const char *x = R + (size_t)(q * n + i) * es;
      for (int h = 0; h < w; h++) {
        double got = half == 4 ? ((const float *)(const void *)x)[h] : ((const double *)(const void *)x)[h];
        double want = 0;
        if (q >= i && ok) {
          const char *u = W + (size_t)(i * n + q) * es;
          want = half == 4 ? ((const float *)(const void *)u)[h] : ((const double *)(const void *)u)[h];
          if (h == 1) want = -want;
        } else if (q >= i)
          want = NAN;
        same &= isnan(want) ? isnan(got) : q < i ? got == 0 : !memcmp(&got, &want, sizeof got); /* (zeros: either sign) */
      }
    }
  CHECK_MSG(same, "cholesky %s %lldx%lld (failing at %lld): not potf2's bits", jaxc_dtype_name(d), (long long)n, (long long)n, (long long)bad);
  free(g), free(p), free(W);
  jaxc_array_free(a), jaxc_array_free(L);
}
static void test_cholesky_bits(void) {
  static const int64_t ns[] = {1, 5, 40, 64, 65, 100, 150, 257};
  for (int t = 0; t < 4; t++) {
    for (size_t s = 0; s < sizeof ns / sizeof ns[0]; s++) check_cholesky_bits(LAPACK[t], ns[s], -1);
    check_cholesky_bits(LAPACK[t], 130, 100);
  }
}

/* ---- determinants ----------------------------------------------------------------------------- */
/* a long double determinant by elimination with partial pivoting */
static cld det_ref(const cld *a0, int64_t n) {
  cld *a = malloc(sizeof(cld) * (size_t)(n * n + 1)), det = {1, 0};
  memcpy(a, a0, sizeof(cld) * (size_t)(n * n));
  for (int64_t k = 0; k < n; k++) {
    int64_t p = k;
    for (int64_t i = k + 1; i < n; i++)
      if (cabsl_(a[i * n + k]) > cabsl_(a[p * n + k])) p = i;
    if (p != k) {
      for (int64_t c = 0; c < n; c++) {
        cld t = a[k * n + c];
        a[k * n + c] = a[p * n + c], a[p * n + c] = t;
      }
      det.re = -det.re, det.im = -det.im;
    }
    cld d = a[k * n + k];
    det = cmul(det, d);
    long double dd = d.re * d.re + d.im * d.im;
    if (dd == 0) break;
    cld inv = {d.re / dd, -d.im / dd};
    for (int64_t i = k + 1; i < n; i++) {
      cld l = cmul(a[i * n + k], inv);
      for (int64_t c = k; c < n; c++) {
        cld t = cmul(l, a[k * n + c]);
        a[i * n + c].re -= t.re, a[i * n + c].im -= t.im;
      }
    }
  }
  free(a);
  return det;
}
/* JAX's _det_2x2 / _det_3x3 op by op in the dtype: float and double arithmetic (one rounding
   each: FP_CONTRACT OFF), float16/bfloat16 exact products and sums in double rounded by round16 */
typedef struct { double re, im; } cd;
static cd op_round(jaxc_dtype d, cd v) {
  if (d == JAXC_F32 || d == JAXC_C64) { /* (volatile: GCC 12's SLP vectorizer drops a pair's double -> float -> double round trip) */
    volatile float re = (float)v.re, im = (float)v.im;
    return (cd){re, im};
  }
  if (d == JAXC_F16) return (cd){round16(F16F, v.re), 0};
  if (d == JAXC_BF16) return (cd){round16(BF16F, v.re), 0};
  return v;
}
static cd op_mul(jaxc_dtype d, cd a, cd b) {
  if (!is_cx(d)) return op_round(d, (cd){a.re * b.re, 0});
  /* (volatile: GCC's SLP vectorizer fuses ac - bd into a multiply-add at -O2 otherwise, even
     under -ffp-contract=off, and the reference would no longer be XLA's) */
  if (d == JAXC_C64) { /* each product and sum of XLA's (ac - bd, ad + bc) in float */
    volatile float ac = (float)a.re * (float)b.re, bd = (float)a.im * (float)b.im, ad = (float)a.re * (float)b.im, bc = (float)a.im * (float)b.re;
    return (cd){ac - bd, ad + bc};
  }
  volatile double ac = a.re * b.re, bd = a.im * b.im, ad = a.re * b.im, bc = a.im * b.re;
  return (cd){ac - bd, ad + bc};
}
static cd op_add(jaxc_dtype d, cd a, cd b, int sign) {
  return op_round(d, (cd){sign > 0 ? a.re + b.re : a.re - b.re, sign > 0 ? a.im + b.im : a.im - b.im});
}
static cd det_formula(jaxc_dtype d, const cd *e, int n) {
  static const int terms3[6][4] = {{0, 4, 8, 1}, {1, 5, 6, 1}, {2, 3, 7, 1}, {2, 4, 6, -1}, {0, 5, 7, -1}, {1, 3, 8, -1}};
  if (n == 2) return op_add(d, op_mul(d, e[0], e[3]), op_mul(d, e[1], e[2]), -1);
  cd acc = {0, 0};
  for (int t = 0; t < 6; t++) {
    cd p = op_mul(d, op_mul(d, e[terms3[t][0]], e[terms3[t][1]]), e[terms3[t][2]]);
    acc = t ? op_add(d, acc, p, terms3[t][3]) : p;
  }
  return acc;
}
static void test_det_small(void) {
  /* debug_nans: a NaN in a later term's product (0 * inf) fails the call, after the first term
     was summed: NULL, not that partial sum with the error status (found by the fuzzer) */
  double inf3[] = {1, 0, 0, 0, 1, 0, INFINITY, 0, 1};
  jaxc_array *d3 = from_parts(JAXC_F64, 2, (const int64_t[]){3, 3}, inf3);
  jaxc_set_debug_nans(true);
  CHECK_FAILS(jaxc_linalg_det(d3), "invalid value (nan) encountered in mul");
  jaxc_set_debug_nans(false);
  jaxc_array_free(d3);
  static const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128, JAXC_F16, JAXC_BF16};
  for (size_t t = 0; t < sizeof ds / sizeof ds[0]; t++)
    for (int n = 2; n <= 3; n++) {
      jaxc_dtype d = ds[t];
      int64_t shape[3] = {50, n, n};
      jaxc_array *a = rand_mats(d == JAXC_F16 || d == JAXC_BF16 ? JAXC_F32 : d, 3, shape, 0), *a16 = a;
      if (d == JAXC_F16 || d == JAXC_BF16) a16 = jaxc_astype(a, d), jaxc_array_free(a);
      uint64_t before = checksum(a16);
      jaxc_array *r = jaxc_linalg_det(a16);
      CHECK_MSG(r && jaxc_array_dtype(r) == d && same_shape(r, 1, shape), "det %dx%d %s: %s", n, n, jaxc_dtype_name(d), jaxc_last_error());
      bool ok = r != NULL;
      cld *A = parts(a16), *R = r ? parts(r) : NULL;
      for (int64_t b = 0; r && b < 50; b++) {
        cd e[9];
        for (int i = 0; i < n * n; i++) e[i] = (cd){(double)A[b * n * n + i].re, (double)A[b * n * n + i].im};
        cd want = det_formula(d, e, n);
        ok &= (double)R[b].re == want.re && (double)R[b].im == want.im;
      }
      CHECK_MSG(ok, "det %dx%d %s: JAX's formula op by op", n, n, jaxc_dtype_name(d));
      CHECK(checksum(a16) == before);
      free(A), free(R);
      jaxc_array_free(a16), jaxc_array_free(r);
    }
}
static void test_det_general(void) {
  for (int t = 0; t < 4; t++)
    for (int n = 0; n <= 12; n++) {
      if (n == 2 || n == 3) continue;
      jaxc_dtype d = LAPACK[t];
      int64_t shape[3] = {4, n, n};
      jaxc_array *a = rand_mats(d, 3, shape, 0), *r = jaxc_linalg_det(a), *sg, *ld;
      int st = jaxc_linalg_slogdet(a, &sg, &ld);
      CHECK_MSG(r && st == 0 && jaxc_array_dtype(r) == d && jaxc_array_dtype(sg) == d &&
                    jaxc_array_dtype(ld) == (is_cx(d) ? (d == JAXC_C64 ? JAXC_F32 : JAXC_F64) : d) && same_shape(r, 1, shape),
                "det %d %s: %s", n, jaxc_dtype_name(d), jaxc_last_error());
      if (!r || st) continue;
      cld *A = parts(a), *R = parts(r), *S = parts(sg), *L = parts(ld);
      bool ok = true, sok = true;
      for (int64_t b = 0; b < 4; b++) {
        cld want = det_ref(A + b * n * n, n);
        long double mag = cabsl_(want);
        ok &= hypotl(R[b].re - want.re, R[b].im - want.im) <= 32 * (long double)(n + 1) * (n + 1) * u_of(d) * mag + 1e-300L;
        /* sign * exp(logabsdet) is the determinant; |sign| = 1 */
        sok &= fabsl(cabsl_(S[b]) - 1) <= 8 * u_of(d) && fabsl(L[b].re - logl(mag)) <= 32 * (long double)(n + 1) * (n + 1) * u_of(d) * (1 + fabsl(logl(mag)));
      }
      CHECK_MSG(ok, "det %dx%d %s against a long double elimination", n, n, jaxc_dtype_name(d));
      CHECK_MSG(sok, "slogdet %dx%d %s", n, n, jaxc_dtype_name(d));
      if (n == 0) CHECK(R[0].re == 1 && R[0].im == 0 && S[0].re == 1 && L[0].re == 0);
      free(A), free(R), free(S), free(L);
      FREE_ALL(a, r, sg, ld);
    }
  /* scaled permutation matrices: every step exact, so the sign is exact and |det| a power of 2 */
  for (int trial = 0; trial < 40; trial++) {
    int n = 1 + trial % 9;
    jaxc_dtype d = LAPACK[trial % 4];
    int w = is_cx(d) ? 2 : 1, perm[9], sign = 1, e2 = 0;
    for (int i = 0; i < n; i++) perm[i] = i;
    for (int i = n - 1; i > 0; i--) {
      int j = (int)(rnd64() % (uint64_t)(i + 1));
      if (j != i) sign = -sign;
      int t = perm[i];
      perm[i] = perm[j], perm[j] = t;
    }
    double p[2 * 81] = {0};
    for (int i = 0; i < n; i++) {
      int k = (int)(rnd64() % 7) - 3;
      double v = ldexp(rnd64() & 1 ? -1.0 : 1.0, k);
      if (v < 0) sign = -sign;
      e2 += k;
      p[w * (i * n + perm[i])] = v;
    }
    jaxc_array *a = from_parts(d, 2, (const int64_t[]){n, n}, p), *sg, *ld, *r = jaxc_linalg_det(a);
    jaxc_linalg_slogdet(a, &sg, &ld);
    cld s = at(sg, 0), l = at(ld, 0), dv = at(r, 0);
    CHECK_MSG(s.re == sign && s.im == 0, "slogdet sign of a scaled permutation (n %d, %s): %Lg", n, jaxc_dtype_name(d), s.re);
    CHECK_MSG(fabsl(l.re - e2 * logl(2)) <= 8 * u_of(d) * (1 + fabsl(e2 * logl(2))) * n, "slogdet log of a scaled permutation");
    /* (2x2 and 3x3 are JAX's formulas, exact here; 1x1 and 4x4 on are sign * exp(logabsdet)) */
    CHECK_MSG(n == 2 || n == 3 ? dv.re == sign * ldexpl(1, e2) : fabsl(dv.re - sign * ldexpl(1, e2)) <= 64 * u_of(d) * ldexpl(1, e2) * n, "det of a scaled permutation %d %s: %Lg",
              n, jaxc_dtype_name(d), dv.re);
    FREE_ALL(a, sg, ld, r);
  }
  /* singular: a zero column gives sign 0, logabsdet -inf, det 0 */
  for (int t = 0; t < 4; t++) {
    jaxc_dtype d = LAPACK[t];
    jaxc_array *a = rand_mats(d, 2, (const int64_t[]){5, 5}, 0), *c = jaxc_astype(a, is_cx(d) ? JAXC_C128 : JAXC_F64);
    double *p = (double *)jaxc_array_data(c);
    for (int i = 0; i < 5; i++) p[(is_cx(d) ? 2 : 1) * (i * 5 + 2)] = 0, p[(is_cx(d) ? 2 : 1) * (i * 5 + 2) + (is_cx(d) ? 1 : 0)] = 0;
    jaxc_array *z = jaxc_astype(c, d), *sg, *ld, *r = jaxc_linalg_det(z);
    jaxc_linalg_slogdet(z, &sg, &ld);
    CHECK(at(sg, 0).re == 0 && at(sg, 0).im == 0 && at(ld, 0).re == -INFINITY && at(r, 0).re == 0 && at(r, 0).im == 0);
    FREE_ALL(a, c, z, sg, ld, r);
  }
}
/* result dtypes: promote_dtypes_inexact, x64 on and off; float16/bfloat16 only without LU */
static void test_det_dtypes(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 0; d < JAXC_NUM_CONCRETE_DTYPES; d++) {
      jaxc_dtype st = jaxc_storage_dtype((jaxc_dtype)d, x64);
      jaxc_kind k = jaxc_dtype_kind(st);
      jaxc_dtype want = k == JAXC_KIND_FLOAT || k == JAXC_KIND_COMPLEX ? st
                        : (st == JAXC_I64 || st == JAXC_U64) && x64 ? JAXC_F64 : JAXC_F32;
      jaxc_array *a2 = small_random_array(st, 2, (const int64_t[]){2, 2}), *a4 = small_random_array(st, 2, (const int64_t[]){4, 4});
      jaxc_array *r2 = jaxc_linalg_det(a2), *r4 = jaxc_linalg_det(a4);
      jaxc_status st4 = jaxc_last_status();
      jaxc_array *s = jaxc_linalg_solve(a4, a4);
      jaxc_status sts = jaxc_last_status();
      char msg4[160];
      snprintf(msg4, sizeof msg4, "%s", jaxc_last_error());
      jaxc_array *n = jaxc_linalg_norm(a4, NULL, 0, NULL, false);
      jaxc_dtype real = want == JAXC_C64 ? JAXC_F32 : want == JAXC_C128 ? JAXC_F64 : want;
      CHECK_MSG(r2 && jaxc_array_dtype(r2) == want && !jaxc_array_is_weak(r2), "det 2x2 of %s (x64 %d)", jaxc_dtype_name(st), x64);
      CHECK_MSG(n && jaxc_array_dtype(n) == real, "norm of %s (x64 %d)", jaxc_dtype_name(st), x64);
      if (want == JAXC_F16 || want == JAXC_BF16) {
        CHECK_MSG(!r4 && !s && st4 == JAXC_ERR_DTYPE && sts == JAXC_ERR_DTYPE, "det 4x4 of %s refused", jaxc_dtype_name(st));
        char msg[64];
        snprintf(msg, sizeof msg, "Unsupported dtype %s.", jaxc_dtype_name(want));
        CHECK_MSG(!strcmp(msg4, msg), "%s", msg4);
      } else
        CHECK_MSG(r4 && s && jaxc_array_dtype(r4) == want && jaxc_array_dtype(s) == want, "det/solve 4x4 of %s (x64 %d)", jaxc_dtype_name(st), x64);
      FREE_ALL(a2, a4, r2, r4, s, n);
    }
  }
  jaxc_set_x64(true);
  /* weak: det 2x2 keeps a weak float (the formula's ops), the LU path makes a strong one */
  jaxc_array *w = jaxc_weak_float(1.5), *w22 = jaxc_broadcast_to(w, 2, (const int64_t[]){2, 2}), *w44 = jaxc_broadcast_to(w, 2, (const int64_t[]){4, 4});
  jaxc_array *r2 = jaxc_linalg_det(w22), *r4 = jaxc_linalg_det(w44);
  if (w22 && jaxc_array_is_weak(w22)) CHECK_MSG(r2 && jaxc_array_is_weak(r2) && r4 && !jaxc_array_is_weak(r4), "det of weak matrices");
  FREE_ALL(w, w22, w44, r2, r4);
  /* errors */
  jaxc_array *v = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3}), *r23 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 3}), *sg, *ld;
  CHECK_FAILS(jaxc_linalg_det(v), "Argument to _det() must have shape [..., n, n], got (3,)");
  CHECK_FAILS(jaxc_linalg_det(r23), "Argument to _det() must have shape [..., n, n], got (2, 3)");
  CHECK(jaxc_linalg_slogdet(r23, &sg, &ld) == JAXC_ERR_SHAPE && !sg && !ld);
  CHECK(!strcmp(jaxc_last_error(), "Argument to slogdet() must have shape [..., n, n], got (2, 3)"));
  CHECK_FAILS(jaxc_linalg_det(NULL), "det: the array is NULL");
  FREE_ALL(v, r23);
}

/* ---- solve, inv ------------------------------------------------------------------------------- */
/* the residual of every system: |a x - b| <= c n u (|a| |x| + |b|), per element */
static long double residual(const jaxc_array *a, const jaxc_array *b, const jaxc_array *x, bool vec, jaxc_dtype d) {
  cld *A = parts(a), *B = parts(b), *X = parts(x);
  int nd = jaxc_array_ndim(a);
  int64_t n = jaxc_array_shape(a)[nd - 1], k = vec ? 1 : jaxc_array_shape(b)[jaxc_array_ndim(b) - 1];
  int64_t count = jaxc_array_size(a) / (n ? n * n : 1);
  long double worst = 0;
  for (int64_t t = 0; n && t < count; t++)
    for (int64_t i = 0; i < n; i++)
      for (int64_t c = 0; c < k; c++) {
        cld s = {0, 0};
        long double mag = 0;
        for (int64_t j = 0; j < n; j++) {
          cld p = cmul(A[t * n * n + i * n + j], X[(t * n + j) * k + c]);
          s.re += p.re, s.im += p.im, mag += cabsl_(A[t * n * n + i * n + j]) * cabsl_(X[(t * n + j) * k + c]);
        }
        cld want = B[(vec ? 0 : t * n * k) + i * k + c];
        long double err = hypotl(s.re - want.re, s.im - want.im) / (16 * (long double)(n + 2) * u_of(d) * (mag + cabsl_(want)) + 1e-300L);
        worst = maxnan(worst, err);
      }
  free(A), free(B), free(X);
  return worst;
}
static void test_solve(void) {
  static const int ns[] = {1, 2, 3, 5, 17, 64};
  for (int t = 0; t < 4; t++)
    for (size_t s = 0; s < sizeof ns / sizeof ns[0]; s++) {
      jaxc_dtype d = LAPACK[t];
      int64_t n = ns[s];
      jaxc_array *a = rand_mats(d, 3, (const int64_t[]){3, n, n}, 0), *bm = rand_mats(d, 3, (const int64_t[]){3, n, 4}, 0);
      jaxc_array *bv = rand_mats(d, 1, &n, 0);
      uint64_t ca = checksum(a), cb = checksum(bm);
      jaxc_array *xm = jaxc_linalg_solve(a, bm), *xv = jaxc_linalg_solve(a, bv), *inv = jaxc_linalg_inv(a);
      CHECK_MSG(xm && xv && inv && same_shape(xm, 3, (const int64_t[]){3, n, 4}) && same_shape(xv, 2, (const int64_t[]){3, n}) &&
                    jaxc_array_dtype(xm) == d,
                "solve %s n %lld: %s", jaxc_dtype_name(d), (long long)n, jaxc_last_error());
      if (xm && xv && inv) {
        jaxc_array *eye = jaxc_eye(n, n, 0, d), *Id = jaxc_broadcast_to(eye, 3, (const int64_t[]){3, n, n});
        long double r1 = residual(a, bm, xm, false, d), r2 = residual(a, bv, xv, true, d), r3 = residual(a, Id, inv, false, d);
        CHECK_MSG(r1 <= 1 && r2 <= 1 && r3 <= 1, "solve %s n %lld residuals %.3Lg %.3Lg %.3Lg of the bound", jaxc_dtype_name(d), (long long)n, r1, r2, r3);
        FREE_ALL(eye, Id);
      }
      CHECK(checksum(a) == ca && checksum(bm) == cb);
      FREE_ALL(a, bm, bv, xm, xv, inv);
    }
  /* a system large enough for the column pieces over the threads, and many for the batch */
  jaxc_array *a = rand_mats(JAXC_F64, 2, (const int64_t[]){200, 200}, 0), *b = rand_mats(JAXC_F64, 2, (const int64_t[]){200, 150}, 0);
  jaxc_array *x = jaxc_linalg_solve(a, b);
  CHECK_MSG(x && residual(a, b, x, false, JAXC_F64) <= 1, "solve 200x200, 150 columns");
  FREE_ALL(a, b, x);
  a = rand_mats(JAXC_C128, 3, (const int64_t[]){40, 24, 24}, 0), b = rand_mats(JAXC_C128, 3, (const int64_t[]){40, 24, 24}, 0);
  x = jaxc_linalg_solve(a, b);
  CHECK_MSG(x && residual(a, b, x, false, JAXC_C128) <= 1, "solve 40 of 24x24 complex128");
  FREE_ALL(a, b, x);
  /* broadcast batches: each result is the 2-D solve of its pair, bit for bit */
  a = rand_mats(JAXC_F32, 4, (const int64_t[]){2, 1, 3, 3}, 0), b = rand_mats(JAXC_F32, 3, (const int64_t[]){4, 3, 2}, 0);
  x = jaxc_linalg_solve(a, b);
  CHECK_MSG(x && same_shape(x, 4, (const int64_t[]){2, 4, 3, 2}), "solve broadcast: %s", jaxc_last_error());
  for (int i = 0; x && i < 2; i++)
    for (int j = 0; j < 4; j++) {
      jaxc_array ai, bj, xij;
      jaxc_array_wrap(&ai, JAXC_F32, 2, (const int64_t[]){3, 3}, (float *)jaxc_array_data(a) + 9 * i);
      jaxc_array_wrap(&bj, JAXC_F32, 2, (const int64_t[]){3, 2}, (float *)jaxc_array_data(b) + 6 * j);
      jaxc_array_wrap(&xij, JAXC_F32, 2, (const int64_t[]){3, 2}, (float *)jaxc_array_data(x) + 6 * (4 * i + j));
      jaxc_array *one = jaxc_linalg_solve(&ai, &bj);
      CHECK(bits_equal(one, &xij));
      jaxc_array_free(one);
    }
  FREE_ALL(a, b, x);
  /* JAX's documentation example; mixed dtypes join; strict mode refuses them */
  double A3[] = {1, 2, 3, 2, 4, 2, 3, 2, 1}, b3[] = {14, 16, 10};
  jaxc_array *A = from_parts(JAXC_F32, 2, (const int64_t[]){3, 3}, A3), *B = from_parts(JAXC_F32, 1, (const int64_t[]){3}, b3);
  jaxc_array *B64 = from_parts(JAXC_F64, 1, (const int64_t[]){3}, b3);
  x = jaxc_linalg_solve(A, B);
  bool ok = x != NULL;
  for (int i = 0; ok && i < 3; i++) ok &= fabsl(at(x, i).re - (i + 1)) <= 8 * 0x1p-24L * 3;
  CHECK_MSG(ok, "solve: JAX's example [1., 2., 3.]");
  jaxc_array_free(x);
  x = jaxc_linalg_solve(A, B64);
  CHECK(x && jaxc_array_dtype(x) == JAXC_F64);
  jaxc_array_free(x);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  x = jaxc_linalg_solve(A, B64);
  CHECK(!x && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  /* a singular system: inf/NaN, no error */
  double s2[] = {1, 2, 2, 4};
  jaxc_array *S2 = from_parts(JAXC_F32, 2, (const int64_t[]){2, 2}, s2), *iv = jaxc_linalg_inv(S2);
  CHECK(iv && !isfinite(at(iv, 3).re));
  /* errors */
  jaxc_array *v = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3}), *r23 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 3});
  jaxc_array *a233 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){2, 3, 3}), *b23 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 3});
  jaxc_array *b24 = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){4}), *s0 = jaxc_array_zeros(JAXC_F32, 0, NULL);
  jaxc_array *a533 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){5, 3, 3}), *b432 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){4, 3, 2});
  CHECK_FAILS(jaxc_linalg_solve(v, v), "left hand array must be at least two dimensional; got a.shape=(3,)");
  CHECK_FAILS(jaxc_linalg_solve(a233, b23), "Invalid shapes for solve: (2, 3, 3), (2, 3). Prior to JAX v0.5.0, this would have been treated as a "
                                          "batched 1-dimensional solve. To recover this behavior, use solve(a, b[..., None]).squeeze(-1).");
  CHECK_FAILS(jaxc_linalg_solve(A, b24), "inconsistent size for core dimension 'm': 4 vs 3 on vectorized function with excluded=frozenset() and "
                                       "signature='(m,m),(m)->(m)'");
  CHECK_FAILS(jaxc_linalg_solve(r23, b23), "inconsistent size for core dimension 'm': 3 vs 2 on vectorized function with excluded=frozenset() and "
                                         "signature='(m,m),(m,n)->(m,n)'");
  CHECK_FAILS(jaxc_linalg_solve(A, s0), "input with shape () does not have enough dimensions for all core dimensions ('m', 'n') on vectorized "
                                      "function with excluded=frozenset() and signature='(m,m),(m,n)->(m,n)'");
  CHECK_FAILS(jaxc_linalg_solve(a533, b432), "Incompatible shapes for broadcasting: shapes=[(5,), (4,)]");
  CHECK_FAILS(jaxc_linalg_inv(r23), "Argument to inv must have shape [..., n, n], got (2, 3).");
  CHECK_FAILS(jaxc_linalg_inv(v), "Argument to inv must have shape [..., n, n], got (3,).");
  CHECK_FAILS(jaxc_linalg_solve(NULL, v), "solve: an operand is NULL");
  FREE_ALL(A, B, B64, S2, iv, v, r23, a233, b23, b24, s0, a533, b432);
}

/* ---- cholesky --------------------------------------------------------------------------------- */
/* a Hermitian positive definite batch: B B^H + n I in long double, mirrored exactly */
static jaxc_array *spd(jaxc_dtype d, int64_t count, int64_t n) {
  jaxc_array *b = rand_mats(is_cx(d) ? JAXC_C128 : JAXC_F64, 3, (const int64_t[]){count, n, n}, 0);
  cld *B = parts(b);
  int w = is_cx(d) ? 2 : 1;
  double *p = calloc((size_t)(count * n * n * w + 1), sizeof(double));
  for (int64_t t = 0; t < count; t++)
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j <= i; j++) {
        cld s = {i == j ? (long double)n : 0, 0};
        for (int64_t k = 0; k < n; k++) {
          cld x = B[t * n * n + i * n + k], y = B[t * n * n + j * n + k];
          cld q = cmul(x, (cld){y.re, -y.im});
          s.re += q.re, s.im += q.im;
        }
        if (i == j) s.im = 0;
        p[w * (t * n * n + i * n + j)] = (double)s.re, p[w * (t * n * n + j * n + i)] = (double)s.re;
        if (w == 2) p[2 * (t * n * n + i * n + j) + 1] = (double)s.im, p[2 * (t * n * n + j * n + i) + 1] = -(double)s.im;
      }
  jaxc_array *a = from_parts(d, 3, (const int64_t[]){count, n, n}, p);
  free(p), free(B);
  jaxc_array_free(b);
  return a;
}
static void check_cholesky(jaxc_dtype d, int64_t count, int64_t n) {
  jaxc_array *a = spd(d, count, n);
  uint64_t before = checksum(a);
  jaxc_array *L = jaxc_linalg_cholesky(a, false, true), *U = jaxc_linalg_cholesky(a, true, true), *Ln = jaxc_linalg_cholesky(a, false, false);
  CHECK_MSG(L && U && Ln && jaxc_array_dtype(L) == d && same_shape(L, 3, (const int64_t[]){count, n, n}), "cholesky %s: %s", jaxc_dtype_name(d),
            jaxc_last_error());
  if (!L || !U || !Ln) return;
  CHECK(checksum(a) == before);
  CHECK_MSG(bits_equal(L, Ln), "cholesky %s: a Hermitian input symmetrizes to itself", jaxc_dtype_name(d));
  jaxc_array *Ut = jaxc_linalg_matrix_transpose(U), *Uh = jaxc_conj(Ut);
  CHECK_MSG(bits_equal(Uh, L), "cholesky %s: upper is L^H", jaxc_dtype_name(d));
  cld *A = parts(a), *F = parts(L);
  bool shape_ok = true;
  long double worst = 0;
  for (int64_t t = 0; t < count; t++)
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) {
        const cld *f = F + t * n * n;
        if (j > i) shape_ok &= f[i * n + j].re == 0 && f[i * n + j].im == 0;
        if (i == j) shape_ok &= f[i * n + i].re > 0 && f[i * n + i].im == 0;
        cld s = {0, 0};
        long double mag = 0;
        for (int64_t k = 0; k <= i && k <= j; k++) {
          cld x = f[i * n + k], y = f[j * n + k], q = cmul(x, (cld){y.re, -y.im});
          s.re += q.re, s.im += q.im, mag += cabsl_(x) * cabsl_(y);
        }
        cld want = A[t * n * n + i * n + j];
        long double err = hypotl(s.re - want.re, s.im - want.im) / (8 * (long double)(n + 2) * u_of(d) * (mag + cabsl_(want)) + 1e-300L);
        worst = maxnan(worst, err);
      }
  CHECK_MSG(shape_ok, "cholesky %s: lower, real positive diagonal", jaxc_dtype_name(d));
  CHECK_MSG(worst <= 1, "cholesky %s n %lld: |L L^H - a| at %.3Lg of the bound", jaxc_dtype_name(d), (long long)n, worst);
  free(A), free(F);
  FREE_ALL(a, L, U, Ln, Ut, Uh);
}
static void test_cholesky(void) {
  for (int t = 0; t < 4; t++)
    for (int64_t n = 0; n <= 9; n++) check_cholesky(LAPACK[t], 3, n);
  check_cholesky(JAXC_F64, 1, 400);  /* the updates over the threads */
  check_cholesky(JAXC_C64, 50, 30);  /* the batch over the threads */
  check_cholesky(JAXC_F64, 200, 24); /* the same, real (symmetrized as loaded) */
  /* symmetrize_input: the result is the factor of (a + a^H) / 2, made here in the dtype; without
     it only the lower triangle is read (NaN above changes nothing) */
  for (int t = 0; t < 4; t++) {
    jaxc_dtype d = LAPACK[t];
    int64_t n = 6;
    jaxc_array *s = spd(d, 1, n);
    cld *S = parts(s);
    int w = is_cx(d) ? 2 : 1;
    double *p = malloc(sizeof(double) * (size_t)(n * n * w)), *q = malloc(sizeof(double) * (size_t)(n * n * w));
    for (int64_t i = 0; i < n * n * w; i++) p[i] = (double)(w == 2 ? (&S[i / 2].re)[i % 2] : S[i].re);
    for (int64_t i = 0; i < n; i++) /* skew the pair (i, j), (j, i) by +-delta: the average is unchanged in exact arithmetic */
      for (int64_t j = 0; j < i; j++) {
        double delta = 0.25 * (double)((i + j) % 3);
        p[w * (i * n + j)] += delta, p[w * (j * n + i)] -= delta;
      }
    memcpy(q, p, sizeof(double) * (size_t)(n * n * w));
    jaxc_array *m = from_parts(d, 2, (const int64_t[]){n, n}, p);
    cld *M = parts(m);
    double *h = malloc(sizeof(double) * (size_t)(n * n * w));
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) {
        cld x = M[i * n + j], y = M[j * n + i];
        if (d == JAXC_F32 || d == JAXC_C64) {
          h[w * (i * n + j)] = (float)((float)x.re + (float)y.re) / 2.0f;
          if (w == 2) h[2 * (i * n + j) + 1] = (float)((float)x.im - (float)y.im) / 2.0f;
        } else {
          h[w * (i * n + j)] = ((double)x.re + (double)y.re) / 2;
          if (w == 2) h[2 * (i * n + j) + 1] = ((double)x.im - (double)y.im) / 2;
        }
      }
    jaxc_array *H = from_parts(d, 2, (const int64_t[]){n, n}, h);
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = i + 1; j < n; j++) q[w * (i * n + j)] = NAN;
    jaxc_array *Q = from_parts(d, 2, (const int64_t[]){n, n}, q), *Hs = from_parts(d, 2, (const int64_t[]){n, n}, h);
    jaxc_array *L1 = jaxc_linalg_cholesky(m, false, true), *L2 = jaxc_linalg_cholesky(H, false, false);
    jaxc_array *L3 = jaxc_linalg_cholesky(Q, false, false), *L4 = jaxc_linalg_cholesky(m, false, false);
    CHECK_MSG(bits_equal(L1, L2), "cholesky %s: symmetrize_input is (a + a^H) / 2", jaxc_dtype_name(d));
    CHECK_MSG(bits_equal(L3, L4), "cholesky %s: without symmetrizing, the upper triangle is not read", jaxc_dtype_name(d));
    free(S), free(M), free(p), free(q), free(h);
    FREE_ALL(s, m, H, Q, Hs, L1, L2, L3, L4);
  }
  /* not positive definite: NaN on the factor's triangle, zeros off it, per matrix */
  double np2[] = {1, 2, 2, 1, 4, 2, 2, 3};
  jaxc_array *a = from_parts(JAXC_F32, 3, (const int64_t[]){2, 2, 2}, np2), *L = jaxc_linalg_cholesky(a, false, true), *U = jaxc_linalg_cholesky(a, true, true);
  CHECK(L && isnan(at(L, 0).re) && at(L, 1).re == 0 && isnan(at(L, 2).re) && isnan(at(L, 3).re));
  CHECK(L && at(L, 4).re == 2 && at(L, 5).re == 0 && at(L, 6).re == 1 && fabsl(at(L, 7).re - sqrtl(2)) < 1e-6L);
  CHECK(U && isnan(at(U, 0).re) && isnan(at(U, 1).re) && at(U, 2).re == 0 && isnan(at(U, 3).re));
  jaxc_set_debug_nans(true);
  CHECK_FAILS(jaxc_linalg_cholesky(a, false, true), "invalid value (nan) encountered in cholesky");
  jaxc_set_debug_nans(false);
  FREE_ALL(a, L, U);
  /* JAX's documentation example */
  double e2[] = {2, 1, 1, 2};
  a = from_parts(JAXC_F32, 2, (const int64_t[]){2, 2}, e2);
  expect_print(jaxc_linalg_cholesky(a, false, true), "Array([[1.4142135 , 0.        ],\n       [0.70710677, 1.2247449 ]], dtype=float32)", "cholesky doc");
  expect_print(jaxc_linalg_cholesky(a, true, true), "Array([[1.4142135 , 0.70710677],\n       [0.        , 1.2247449 ]], dtype=float32)", "cholesky doc upper");
  jaxc_array_free(a);
  /* errors */
  jaxc_array *v = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3}), *r23 = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){4, 2, 3});
  jaxc_array *h = jaxc_array_zeros(JAXC_BF16, 2, (const int64_t[]){2, 2});
  CHECK_FAILS(jaxc_linalg_cholesky(r23, false, true), "add got incompatible shapes for broadcasting: (4, 2, 3), (4, 3, 2).");
  CHECK_FAILS(jaxc_linalg_cholesky(r23, false, false), "The input to cholesky must be a square matrix. Got shape (2, 3).");
  CHECK_FAILS(jaxc_linalg_cholesky(v, false, true), "transpose permutation isn't a permutation of operand dimensions, got permutation (0, -1) for operand shape (3,).");
  CHECK_FAILS(jaxc_linalg_cholesky(v, false, false), "Input 0 to cholesky must have rank at least 2, but got shape=(3,)");
  CHECK_FAILS(jaxc_linalg_cholesky(h, false, true), "Unsupported dtype bfloat16.");
  FREE_ALL(v, r23, h);
}

/* ---- matrix_power ----------------------------------------------------------------------------- */
static void test_matrix_power(void) {
  for (int trial = 0; trial < 12; trial++) {
    int64_t n = 1 + trial % 4;
    jaxc_dtype d = LAPACK[trial % 4];
    int w = is_cx(d) ? 2 : 1;
    double p[2 * 16];
    for (int i = 0; i < n * n * w; i++) p[i] = (double)((int)(rnd64() % 3) - 1);
    jaxc_array *a = from_parts(d, 3, (const int64_t[]){1, n, n}, p);
    cld *A = parts(a), acc[16], nxt[16];
    for (int i = 0; i < n * n; i++) acc[i] = (cld){i / n == i % n, 0};
    for (int e = 0; e <= 9; e++) {
      jaxc_array *r = jaxc_linalg_matrix_power(a, e);
      cld *R = r ? parts(r) : NULL;
      bool ok = r && jaxc_array_dtype(r) == d && same_shape(r, 3, (const int64_t[]){1, n, n});
      for (int i = 0; ok && i < n * n; i++) ok &= R[i].re == acc[i].re && R[i].im == acc[i].im;
      CHECK_MSG(ok, "matrix_power %s n %lld ^ %d exact", jaxc_dtype_name(d), (long long)n, e);
      free(R);
      jaxc_array_free(r);
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
          cld s = {0, 0};
          for (int k = 0; k < n; k++) {
            cld q = cmul(acc[i * n + k], A[k * n + j]);
            s.re += q.re, s.im += q.im;
          }
          nxt[i * n + j] = s;
        }
      memcpy(acc, nxt, sizeof acc);
    }
    free(A);
    jaxc_array_free(a);
  }
  /* negative powers: inv(a) to the power */
  jaxc_array *a = rand_mats(JAXC_F64, 2, (const int64_t[]){4, 4}, 3), *inv = jaxc_linalg_inv(a);
  jaxc_array *m1 = jaxc_linalg_matrix_power(a, -1), *m3 = jaxc_linalg_matrix_power(a, -3), *i3 = jaxc_linalg_matrix_power(inv, 3);
  CHECK(bits_equal(m1, inv) && bits_equal(m3, i3));
  FREE_ALL(a, inv, m1, m3, i3);
  /* int32 -> float32; JAX's example; errors */
  double e2[] = {1, 2, 3, 4};
  jaxc_array *ai = from_parts(JAXC_I32, 2, (const int64_t[]){2, 2}, e2);
  expect_print(jaxc_linalg_matrix_power(ai, 3), "Array([[ 37.,  54.],\n       [ 81., 118.]], dtype=float32)", "matrix_power doc");
  expect_print(jaxc_linalg_matrix_power(ai, 0), "Array([[1., 0.],\n       [0., 1.]], dtype=float32)", "matrix_power 0");
  jaxc_array *v = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3}), *r23 = jaxc_array_zeros(JAXC_F32, 2, (const int64_t[]){2, 3});
  CHECK_FAILS(jaxc_linalg_matrix_power(v, 2), "1-dimensional array given. Array must be at least two-dimensional");
  CHECK_FAILS(jaxc_linalg_matrix_power(r23, 2), "Last 2 dimensions of the array must be square");
  FREE_ALL(ai, v, r23);
}

/* ---- norms ------------------------------------------------------------------------------------ */
static void test_norms(void) {
  for (int t = 0; t < 4; t++) {
    jaxc_dtype d = LAPACK[t], rd = d == JAXC_C64 ? JAXC_F32 : d == JAXC_C128 ? JAXC_F64 : d;
    int64_t n = 1000;
    jaxc_array *x = rand_mats(d, 1, &n, 0);
    cld *X = parts(x);
    long double s2 = 0, s1 = 0, mx = 0, mn = INFINITY, s3 = 0, sh = 0;
    for (int64_t i = 0; i < n; i++) {
      long double a = cabsl_(X[i]);
      s2 += X[i].re * X[i].re + X[i].im * X[i].im, s1 += a, s3 += a * a * a, sh += sqrtl(a);
      mx = a > mx ? a : mx, mn = a < mn ? a : mn;
    }
    struct { const char *ord; long double want, tol; } cases[] = {
        {NULL, sqrtl(s2), 4}, {"2", sqrtl(s2), 4}, {"1", s1, 4}, {"inf", mx, 2}, {"-inf", mn, 2}, {"3", cbrtl(s3), 16}, {"0.5", sh * sh, 16}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
      jaxc_array *r = jaxc_linalg_norm(x, cases[c].ord, 0, NULL, false), *v = jaxc_linalg_vector_norm(x, cases[c].ord, 1, (const int[]){0}, false);
      CHECK_MSG(r && v && jaxc_array_dtype(r) == rd && jaxc_array_ndim(r) == 0 && bits_equal(r, v), "norm %s ord %s: %s", jaxc_dtype_name(d),
                cases[c].ord ? cases[c].ord : "None", jaxc_last_error());
      if (r) CHECK_MSG(fabsl(at(r, 0).re - cases[c].want) <= cases[c].tol * u_of(rd) * cases[c].want, "norm %s ord %s: %.9Lg vs %.9Lg", jaxc_dtype_name(d),
                       cases[c].ord ? cases[c].ord : "None", at(r, 0).re, cases[c].want);
      FREE_ALL(r, v);
    }
    free(X);
    jaxc_array_free(x);
  }
  /* ord 0 counts nonzeros, in finfo's dtype */
  double z[] = {0, 1.5, -0.0, 2, 0, -3};
  jaxc_array *x = from_parts(JAXC_F32, 1, (const int64_t[]){6}, z);
  expect_print(jaxc_linalg_norm(x, "0", 0, NULL, false), "Array(3., dtype=float32)", "norm ord 0");
  jaxc_array_free(x);
  /* matrix norms over two axes of a 3-D array, keepdims; against sums here */
  jaxc_array *m = rand_mats(JAXC_F64, 3, (const int64_t[]){3, 4, 5}, 0);
  cld *M = parts(m);
  const char *ords[] = {NULL, "fro", "1", "-1", "inf", "-inf"};
  for (size_t o = 0; o < 6; o++)
    for (int keep = 0; keep < 2; keep++) {
      jaxc_array *r = jaxc_linalg_norm(m, ords[o], 2, (const int[]){2, 0}, keep); /* rows: axis 2, columns: axis 0 */
      bool ok = r && (keep ? same_shape(r, 3, (const int64_t[]){1, 4, 1}) : same_shape(r, 1, (const int64_t[]){4}));
      for (int j = 0; ok && j < 4; j++) {
        long double want = 0, best = o % 2 || o == 0 ? 0 : INFINITY;
        if (o < 2) {
          for (int i = 0; i < 3; i++)
            for (int k = 0; k < 5; k++) want += M[i * 20 + j * 5 + k].re * M[i * 20 + j * 5 + k].re;
          want = sqrtl(want);
        } else {
          bool byrows = o < 4; /* ord 1: sum over the row axis (axis 2 here), then max over axis 0 */
          int outer = byrows ? 3 : 5, inner = byrows ? 5 : 3;
          best = o % 2 == 0 ? 0 : INFINITY;
          for (int a = 0; a < outer; a++) {
            long double s = 0;
            for (int b = 0; b < inner; b++) s += fabsl(byrows ? M[a * 20 + j * 5 + b].re : M[b * 20 + j * 5 + a].re);
            best = o % 2 == 0 ? (s > best ? s : best) : (s < best ? s : best);
          }
          want = best;
        }
        ok &= fabsl(at(r, j).re - want) <= 8 * 0x1p-53L * want;
      }
      CHECK_MSG(ok, "matrix norm ord %s keepdims %d", ords[o] ? ords[o] : "None", keep);
      jaxc_array_free(r);
    }
  free(M);
  /* vector_norm over two axes is one sum; axes None with ord None: everything */
  jaxc_array *v2 = jaxc_linalg_vector_norm(m, NULL, 2, (const int[]){0, 2}, false), *f2 = jaxc_linalg_norm(m, "fro", 2, (const int[]){0, 2}, false);
  CHECK(bits_equal(v2, f2));
  jaxc_array *all = jaxc_linalg_norm(m, NULL, 0, NULL, true), *all3 = jaxc_linalg_vector_norm(m, NULL, 3, (const int[]){0, 1, 2}, true);
  CHECK(all && same_shape(all, 3, (const int64_t[]){1, 1, 1}) && bits_equal(all, all3));
  FREE_ALL(v2, f2, all, all3);
  /* JAX's examples */
  double e3[] = {3, 4, 12}, e23[] = {1, 2, 3, 4, 5, 7}, e9[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  jaxc_array *x3 = from_parts(JAXC_F32, 1, (const int64_t[]){3}, e3), *x23 = from_parts(JAXC_F32, 2, (const int64_t[]){2, 3}, e23);
  jaxc_array *i9 = from_parts(JAXC_I32, 2, (const int64_t[]){3, 3}, e9);
  expect_print(jaxc_linalg_norm(x3, NULL, 0, NULL, false), "Array(13., dtype=float32)", "norm doc");
  expect_print(jaxc_linalg_norm(x3, "1", 0, NULL, false), "Array(19., dtype=float32)", "norm doc 1");
  expect_print(jaxc_linalg_norm(x23, NULL, 0, NULL, false), "Array(10.198039, dtype=float32)", "norm doc fro");
  expect_print(jaxc_linalg_norm(x23, "1", 0, NULL, false), "Array(10., dtype=float32)", "norm doc matrix 1");
  expect_print(jaxc_linalg_norm(x23, NULL, 1, (const int[]){1}, false), "Array([3.7416575, 9.486833 ], dtype=float32)", "norm doc axis 1");
  expect_print(jaxc_linalg_matrix_norm(i9, NULL, false), "Array(16.881943, dtype=float32)", "matrix_norm doc");
  /* vector_norm does not promote: integer max stays integer; ord 0 wants an inexact dtype (x64
     off: int32 sums stay int32) */
  jaxc_set_x64(false);
  expect_print(jaxc_linalg_vector_norm(i9, "inf", 0, NULL, false), "Array(9, dtype=int32)", "vector_norm int inf");
  expect_print(jaxc_linalg_vector_norm(i9, "1", 0, NULL, false), "Array(45, dtype=int32)", "vector_norm int 1");
  expect_print(jaxc_linalg_vector_norm(i9, NULL, 0, NULL, false), "Array(16.881943, dtype=float32)", "vector_norm int 2");
  CHECK_FAILS(jaxc_linalg_vector_norm(i9, "0", 0, NULL, false), "data type <class 'numpy.int32'> not inexact");
  expect_print(jaxc_linalg_norm(i9, "0", 1, (const int[]){0}, false), "Array([3., 3., 3.], dtype=float32)", "norm int ord 0 (promoted)");
  jaxc_set_x64(true);
  /* errors */
  CHECK_FAILS(jaxc_linalg_norm(x3, "fro", 0, NULL, false), "Invalid order 'fro' for vector norm.");
  CHECK_FAILS(jaxc_linalg_norm(x23, "3", 0, NULL, false), "Invalid order '3' for matrix norm.");
  CHECK_FAILS(jaxc_linalg_norm(x23, "foo", 0, NULL, false), "Invalid order 'foo' for matrix norm.");
  CHECK_FAILS(jaxc_linalg_norm(m, "1", 0, NULL, false), "Invalid axis values ((0, 1, 2)) for jnp.linalg.norm.");
  CHECK_FAILS(jaxc_linalg_norm(x23, NULL, 1, (const int[]){2}, false), "axis 2 is out of bounds for array of dimension 2");
  CHECK_FAILS(jaxc_linalg_norm(x23, NULL, 2, (const int[]){1, -1}, false), "duplicate value in 'axis': (1, 1)");
  CHECK_FAILS(jaxc_linalg_matrix_transpose(x3), "matrix_transpose requres at least 2 dimensions; got ndim=1");
  expect_print(jaxc_linalg_matrix_transpose(x23), "Array([[1., 4.],\n       [2., 5.],\n       [3., 7.]], dtype=float32)", "matrix_transpose");
  FREE_ALL(m, x3, x23, i9);
}


/* ---- singular values, matrix_rank, the spectral and nuclear norms ------------------------------ */
static long double fro2(const cld *A, int64_t count) {
  long double s = 0;
  for (int64_t i = 0; i < count; i++) s += A[i].re * A[i].re + A[i].im * A[i].im;
  return s;
}
static void test_svdvals(void) {
  /* one nonzero per row and column: the columns are orthogonal already, so the values are the
     entries' magnitudes, sorted, exactly (complex entries on the axes: |v| exact too) */
  for (int trial = 0; trial < 48; trial++) {
    jaxc_dtype d = LAPACK[trial % 4];
    int64_t m = 1 + trial % 6, n = 1 + (trial / 6) % 6, k = m < n ? m : n;
    int w = is_cx(d) ? 2 : 1, rp[8], cp[8];
    double p[2 * 36] = {0}, want[8];
    for (int i = 0; i < 8; i++) rp[i] = cp[i] = i;
    for (int i = (int)m - 1; i > 0; i--) { int j = (int)(rnd64() % (uint64_t)(i + 1)), t = rp[i]; rp[i] = rp[j], rp[j] = t; }
    for (int i = (int)n - 1; i > 0; i--) { int j = (int)(rnd64() % (uint64_t)(i + 1)), t = cp[i]; cp[i] = cp[j], cp[j] = t; }
    for (int i = 0; i < k; i++) {
      double v = ldexp((double)(1 + rnd64() % 15), (int)(rnd64() % 9) - 4) * (rnd64() & 1 ? -1 : 1);
      want[i] = fabs(v);
      p[w * (rp[i] * n + cp[i]) + (w == 2 && rnd64() & 1)] = v; /* complex: real or imaginary */
    }
    for (int i = 1; i < k; i++) /* descending */
      for (int j = i; j > 0 && want[j - 1] < want[j]; j--) { double t = want[j]; want[j] = want[j - 1], want[j - 1] = t; }
    jaxc_array *a = from_parts(d, 2, (const int64_t[]){m, n}, p), *sv = jaxc_linalg_svdvals(a);
    bool ok = sv && same_shape(sv, 1, &k);
    for (int i = 0; ok && i < k; i++) ok &= at(sv, i).re == want[i];
    CHECK_MSG(ok, "svdvals %s %lldx%lld of orthogonal columns: exact", jaxc_dtype_name(d), (long long)m, (long long)n);
    FREE_ALL(a, sv);
  }
  /* random matrices: sum of squares = |a|_F^2, product = |det| (square), 2x2 in closed form */
  static const int64_t sh[][3] = {{5, 2, 2}, {4, 6, 6}, {3, 9, 4}, {3, 4, 9}, {2, 33, 20}, {1, 64, 64}};
  for (int t = 0; t < 4; t++)
    for (size_t q = 0; q < sizeof sh / sizeof sh[0]; q++) {
      jaxc_dtype d = LAPACK[t], rd = d == JAXC_C64 ? JAXC_F32 : d == JAXC_C128 ? JAXC_F64 : d;
      int64_t b = sh[q][0], m = sh[q][1], n = sh[q][2], k = m < n ? m : n;
      jaxc_array *a = rand_mats(d, 3, sh[q], 2), *sv = jaxc_linalg_svdvals(a);
      CHECK_MSG(sv && jaxc_array_dtype(sv) == rd && same_shape(sv, 2, (const int64_t[]){b, k}), "svdvals %s: %s", jaxc_dtype_name(d), jaxc_last_error());
      if (!sv) continue;
      cld *A = parts(a), *S = parts(sv);
      bool sum_ok = true, det_ok = true, closed_ok = true, order_ok = true;
      for (int64_t i = 0; i < b; i++) {
        long double ss = 0, prod = 1;
        for (int64_t j = 0; j < k; j++) ss += S[i * k + j].re * S[i * k + j].re, prod *= S[i * k + j].re;
        for (int64_t j = 1; j < k; j++) order_ok &= S[i * k + j - 1].re >= S[i * k + j].re;
        long double f = fro2(A + i * m * n, m * n);
        sum_ok &= fabsl(ss - f) <= 8 * (long double)(k + 2) * u_of(rd) * f;
        if (m == n) {
          long double dv = cabsl_(det_ref(A + i * m * n, n));
          det_ok &= fabsl(prod - dv) <= 8 * (long double)(n + 2) * (n + 2) * u_of(rd) * dv;
        }
        if (m == 2 && n == 2 && !is_cx(d)) {
          long double a0 = A[i * 4].re, a1 = A[i * 4 + 1].re, a2 = A[i * 4 + 2].re, a3 = A[i * 4 + 3].re;
          long double s2 = a0 * a0 + a1 * a1 + a2 * a2 + a3 * a3, dt = a0 * a3 - a1 * a2, rt = sqrtl(s2 * s2 - 4 * dt * dt);
          long double hi = sqrtl((s2 + rt) / 2), lo = fabsl(dt) / hi;
          /* (the reflection's roundings, ~2u, then each sweep's rotations: sqrt(f^2 + g^2) within
             an ulp, as LAPACK's dlartg takes it, where hypot's is within half of one) */
          closed_ok &= fabsl(S[i * 2].re - hi) <= 4 * u_of(rd) * hi && fabsl(S[i * 2 + 1].re - lo) <= 4 * u_of(rd) * hi;
        }
      }
      CHECK_MSG(order_ok && sum_ok && det_ok && closed_ok, "svdvals %s %lldx%lld: order %d, sum of squares %d, |det| %d, closed form %d",
                jaxc_dtype_name(d), (long long)m, (long long)n, order_ok, sum_ok, det_ok, closed_ok);
      /* the spectral and nuclear norms are max, min and sum of these, keepdims puts 1s back */
      jaxc_array *n2 = jaxc_linalg_norm(a, "2", 2, (const int[]){1, 2}, false), *nm2 = jaxc_linalg_norm(a, "-2", 2, (const int[]){-2, -1}, true);
      jaxc_array *nuc = jaxc_linalg_norm(a, "nuc", 2, (const int[]){1, 2}, false), *mx = jaxc_reduce(JAXC_OP_MAX, sv, -1);
      jaxc_array *mn = jaxc_reduce_ex(JAXC_OP_MIN, sv, -1, false), *sm = jaxc_sum(sv, -1), *mnk = jaxc_reshape(mn, 3, (const int64_t[]){b, 1, 1});
      CHECK(bits_equal(n2, mx) && bits_equal(nm2, mnk) && nm2 && same_shape(nm2, 3, (const int64_t[]){b, 1, 1}) && bits_equal(nuc, sm));
      free(A), free(S);
      FREE_ALL(a, sv, n2, nm2, nuc, mx, mn, sm, mnk);
    }
  /* a NaN or an infinity: that matrix's values are NaN (JAX's failed gesdd), the others not */
  double nanp[8] = {1, 2, 3, NAN, 1, 0, 0, 2};
  jaxc_array *a = from_parts(JAXC_F32, 3, (const int64_t[]){2, 2, 2}, nanp), *sv = jaxc_linalg_svdvals(a);
  CHECK(sv && isnan(at(sv, 0).re) && isnan(at(sv, 1).re) && at(sv, 2).re == 2 && at(sv, 3).re == 1);
  FREE_ALL(a, sv);
  /* empty: (..., 0) */
  a = jaxc_array_zeros(JAXC_F32, 3, (const int64_t[]){2, 0, 3}), sv = jaxc_linalg_svdvals(a);
  CHECK(sv && same_shape(sv, 2, (const int64_t[]){2, 0}));
  FREE_ALL(a, sv);
  /* JAX's examples */
  double e1[] = {1, 2, 3, 6, 5, 4}, e2[] = {1, 2, 3, 4, 5, 7}, r2[] = {1, 2, 3, 4}, r1[] = {1, 0, 0, 0};
  jaxc_array *x1 = from_parts(JAXC_F32, 2, (const int64_t[]){2, 3}, e1), *x2 = from_parts(JAXC_F32, 2, (const int64_t[]){2, 3}, e2);
  jaxc_array *i2 = from_parts(JAXC_I32, 2, (const int64_t[]){2, 2}, r2), *i1 = from_parts(JAXC_I32, 2, (const int64_t[]){2, 2}, r1);
  /* JAX's docstring (marked doctest: +SKIP) shows float32 gesdd's [9.361919, 1.8315067]; the exact
     values are sqrt((91 +- sqrt(7105)) / 2) = 9.36192186..., 1.83150729..., which round to these */
  expect_print(jaxc_linalg_svdvals(x1), "Array([9.361922 , 1.8315073], dtype=float32)", "svdvals doc");
  expect_print(jaxc_linalg_norm(x2, "nuc", 0, NULL, false), "Array(10.762535, dtype=float32)", "norm nuc doc");
  jaxc_set_x64(false);
  expect_print(jaxc_linalg_matrix_rank(i2, NULL), "Array(2, dtype=int32)", "matrix_rank doc");
  expect_print(jaxc_linalg_matrix_rank(i1, NULL), "Array(1, dtype=int32)", "matrix_rank doc 2");
  jaxc_set_x64(true);
  /* ranks of sums of r outer products (float64, 8 x 6), the default tolerance; a given rtol is
     absolute (JAX's); 1-d: any(M != 0) as int32 */
  for (int r = 0; r <= 6; r++) {
    jaxc_array *u = rand_mats(JAXC_F64, 2, (const int64_t[]){8, r}, 0), *v = rand_mats(JAXC_F64, 2, (const int64_t[]){r, 6}, 0);
    jaxc_array *mm = jaxc_matmul(u, v), *rk = jaxc_linalg_matrix_rank(mm, NULL);
    CHECK_MSG(rk && jaxc_array_dtype(rk) == JAXC_I64 && at(rk, 0).re == r, "matrix_rank of a rank-%d product: %Lg", r, rk ? at(rk, 0).re : -1);
    FREE_ALL(u, v, mm, rk);
  }
  jaxc_array *big = jaxc_weak_float(3.5), *rk = jaxc_linalg_matrix_rank(i2, big), *v1 = jaxc_array_zeros(JAXC_F32, 1, (const int64_t[]){3});
  CHECK(rk && at(rk, 0).re == 1); /* s = (5.46, 0.37): only the first is > 3.5 */
  expect_print(jaxc_linalg_matrix_rank(v1, NULL), "Array(0, dtype=int32)", "matrix_rank 1-d zeros");
  /* errors */
  jaxc_array *h = jaxc_array_zeros(JAXC_F16, 2, (const int64_t[]){2, 2});
  CHECK_FAILS(jaxc_linalg_svdvals(v1), "Input 0 to svd must have rank at least 2, but got shape=(3,)");
  CHECK_FAILS(jaxc_linalg_svdvals(h), "Unsupported dtype float16.");
  CHECK_FAILS(jaxc_linalg_norm(h, "2", 0, NULL, false), "Unsupported dtype float16.");
  FREE_ALL(x1, x2, i2, i1, big, rk, v1, h);
}

int main(void) {
  jaxc_set_x64(true);
  test_lu();
  test_lu_bits();
  test_solve_bits();
  test_cholesky_bits();
  test_det_small();
  test_det_general();
  test_det_dtypes();
  test_solve();
  test_cholesky();
  test_matrix_power();
  test_norms();
  test_svdvals();
  return check_summary("test_decomp");
}
