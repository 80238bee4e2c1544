/* fused_cmul.c — complex multiply, elementwise and in matmul, in an optimized build (-O2, FMA
   available, no sanitizers): each product XLA's (ac - bd, ad + bc) with four roundings, no fused
   multiply-add. GCC's vectorizer fuses that loop by itself, even under -ffp-contract=off, unless
   the products are fenced (JAXC__NOFUSE); the sanitized test builds never vectorise it, so it is
   checked here, against an unsanitized -O1 -ftree-loop-vectorize build for x86-64-v3 (make
   test-fused). */
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"

static uint64_t state = 0x9E3779B97F4A7C15u;
static double next_part(void) {
  state ^= state << 13, state ^= state >> 7, state ^= state << 17;
  return (double)(state >> 11) * 0x1p-53 - 0.5;
}

int main(void) {
  jaxc_set_x64(true);
  enum { N = 1000 };
  static double a[2 * N], b[2 * N];
  static float af[2 * N], bf[2 * N];
  for (int i = 0; i < 2 * N; i++) a[i] = next_part(), b[i] = next_part(), af[i] = (float)a[i], bf[i] = (float)b[i];
  const int64_t n = N;
  jaxc_array *x = jaxc_array_from_data(JAXC_C128, 1, &n, a), *y = jaxc_array_from_data(JAXC_C128, 1, &n, b), *z = jaxc_multiply(x, y);
  jaxc_array *xf = jaxc_array_from_data(JAXC_C64, 1, &n, af), *yf = jaxc_array_from_data(JAXC_C64, 1, &n, bf), *zf = jaxc_multiply(xf, yf);
  CHECK(z && zf);
  if (z && zf) {
    const double *p = (const double *)jaxc_array_data(z);
    const float *q = (const float *)jaxc_array_data(zf);
    int bad = 0, badf = 0;
    for (int i = 0; i < N; i++) {
      volatile double ac = a[2 * i] * b[2 * i], bd = a[2 * i + 1] * b[2 * i + 1], ad = a[2 * i] * b[2 * i + 1], bc = a[2 * i + 1] * b[2 * i];
      volatile float acf = af[2 * i] * bf[2 * i], bdf = af[2 * i + 1] * bf[2 * i + 1], adf = af[2 * i] * bf[2 * i + 1], bcf = af[2 * i + 1] * bf[2 * i];
      bad += p[2 * i] != ac - bd || p[2 * i + 1] != ad + bc;
      badf += q[2 * i] != acf - bdf || q[2 * i + 1] != adf + bcf;
    }
    CHECK_MSG(bad == 0, "complex128 products fused: %d of %d differ from (ac - bd, ad + bc)", bad, N);
    CHECK_MSG(badf == 0, "complex64 products fused: %d of %d differ from (ac - bd, ad + bc)", badf, N);
  }
  jaxc_array_free(x), jaxc_array_free(y), jaxc_array_free(z), jaxc_array_free(xf), jaxc_array_free(yf), jaxc_array_free(zf);
  /* matmul's kernels (the small one for rows of up to 128 bytes, the blocked one past them, and
     matrix times vector) sum k in order, each product XLA's: (ac - bd, ad + bc) rounded alone */
  static const int64_t dims[3][3] = {{5, 7, 3}, {4, 9, 40}, {6, 33, 1}}; /* m, k, n */
  for (int t = 0; t < 3; t++) {
    int64_t m = dims[t][0], k = dims[t][1], nn = dims[t][2], sa[2] = {m, k}, sb[2] = {k, nn};
    jaxc_array *A = jaxc_array_from_data(JAXC_C128, 2, sa, a), *B = jaxc_array_from_data(JAXC_C128, 2, sb, b), *C = jaxc_matmul(A, B);
    int bad = 0;
    CHECK(C != NULL);
    for (int64_t i = 0; C && i < m; i++)
      for (int64_t j = 0; j < nn; j++) {
        double re = 0, im = 0;
        for (int64_t l = 0; l < k; l++) {
          const double *x1 = a + 2 * (i * k + l), *y1 = b + 2 * (l * nn + j);
          volatile double ac = x1[0] * y1[0], bd = x1[1] * y1[1], ad = x1[0] * y1[1], bc = x1[1] * y1[0];
          re += ac - bd, im += ad + bc;
        }
        const double *c = (const double *)jaxc_array_data(C) + 2 * (i * nn + j);
        bad += c[0] != re || c[1] != im;
      }
    CHECK_MSG(bad == 0, "complex128 matmul %lldx%lldx%lld fused: %d elements differ from the in-order sums", (long long)m, (long long)k, (long long)nn, bad);
    jaxc_array_free(A), jaxc_array_free(B), jaxc_array_free(C);
  }
  /* complex division, Smith's (|br| >= |bi|: r = bi / br, d = br + bi r, ((ar + ai r) / d, (ai - ar r) / d)),
     elementwise and as the linalg routines divide (a 1 x 1 solve divides each right-hand side by the
     pivot), each product rounded alone: (ar + ai r, ai - ar r) is the shape GCC's complex-FMA
     pattern matches (in eig's back substitution, inlined, it did at -O2 -march=native) */
  {
    int64_t one[2] = {1, 1}, row[2] = {1, N};
    jaxc_array *piv = jaxc_array_from_data(JAXC_C128, 2, one, b);
    jaxc_array *xa = jaxc_array_from_data(JAXC_C128, 1, &n, a), *ya = jaxc_array_from_data(JAXC_C128, 1, &n, b), *za = jaxc_true_divide(xa, ya);
    jaxc_array *rhs = jaxc_array_from_data(JAXC_C128, 2, row, a), *sol = jaxc_linalg_solve(piv, rhs);
    CHECK(za && sol);
    int bad = 0, bads = 0;
    for (int i = 0; za && sol && i < N; i++) {
      const double *d = b + 2 * i, *d0 = b;
      double ref[2], refs[2];
      for (int w = 0; w < 2; w++) {
        const double *dv = w ? d0 : d, ar = a[2 * i], ai = a[2 * i + 1], br = dv[0], bi = dv[1];
        volatile double r, den, p1, p2;
        double *out = w ? refs : ref;
        if (fabs(br) >= fabs(bi)) {
          r = bi / br, p1 = bi * r, den = br + p1, p1 = ai * r, p2 = ar * r;
          out[0] = (ar + p1) / den, out[1] = (ai - p2) / den;
        } else {
          r = br / bi, p1 = br * r, den = p1 + bi, p1 = ar * r, p2 = ai * r;
          out[0] = (p1 + ai) / den, out[1] = (p2 - ar) / den;
        }
      }
      const double *z1 = (const double *)jaxc_array_data(za) + 2 * i, *s1 = (const double *)jaxc_array_data(sol) + 2 * i;
      bad += z1[0] != ref[0] || z1[1] != ref[1];
      bads += s1[0] != refs[0] || s1[1] != refs[1];
    }
    CHECK_MSG(bad == 0, "complex128 division fused: %d of %d quotients differ from Smith's", bad, N);
    CHECK_MSG(bads == 0, "complex128 1 x 1 solve fused: %d of %d quotients differ from Smith's", bads, N);
    jaxc_array_free(piv), jaxc_array_free(xa), jaxc_array_free(ya), jaxc_array_free(za), jaxc_array_free(rhs), jaxc_array_free(sol);
  }
  return check_summary("fused_cmul");
}
