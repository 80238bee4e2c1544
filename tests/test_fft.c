/* test_fft.c — jnp.fft. References written here, not from the library:
     - every transform (fft, ifft, rfft, irfft, hfft, ihfft, each norm) of every length 1 to 70
       and of powers, smooth lengths, primes past the radices (Bluestein) up to 4096, against the
       DFT summed directly in long double from its definition (irfft, hfft: the Hermitian
       spectrum built here, the imaginary parts of bin 0 and bin n / 2 dropped): within
       4 (1 + log2 n) 2^-53 of the values' rms in double, and rounded once (half an ulp more) in
       complex64 / float32; n cutting and padding;
     - fftn, rfftn, irfftn, fft2 bit for bit against 1-d transforms axis by axis; lanes along a
       leading axis bit for bit against the same lanes made last by a transpose; 1, 2, 3 threads
       bit for bit; round trips and Parseval;
     - the result dtype of every input dtype, x64 off and on, from lax.fft's rules as this file
       states them; integer inputs transformed as their float conversion;
     - fftfreq and rfftfreq against k / (d n) rounded in the dtype (float16 by testlib's rounding),
       fftshift and ifftshift against index arithmetic;
     - JAX's docstring examples as printed, JAX's error messages, infinities and debug_nans,
       empty lengths, inputs unchanged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#  include <omp.h>
#endif

#define JAXC_NO_TYPED_KERNELS
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static const long double PI_L = 3.141592653589793238462643383279502884L;

/* element i of a float32 / float64 / complex64 / complex128 array, as long doubles */
static void value_at(const jaxc_array *a, int64_t i, long double *re, long double *im) {
  const void *p = jaxc_array_data(a);
  switch (jaxc_array_dtype(a)) {
  case JAXC_F32: *re = ((const float *)p)[i], *im = 0; break;
  case JAXC_F64: *re = ((const double *)p)[i], *im = 0; break;
  case JAXC_C64: *re = ((const float *)p)[2 * i], *im = ((const float *)p)[2 * i + 1]; break;
  default: *re = ((const double *)p)[2 * i], *im = ((const double *)p)[2 * i + 1]; break;
  }
}
/* a 1-d array of n random values in [-1, 1) of dtype d (exact in it) */
static jaxc_array *random_1d(jaxc_dtype d, int64_t n) {
  jaxc_array *a = jaxc_array_empty(d, 1, &n);
  for (int64_t i = 0; a && i < n; i++) {
    double re = (double)(int64_t)(rnd64() >> 11) * 0x1p-52 - 1, im = (double)(int64_t)(rnd64() >> 11) * 0x1p-52 - 1;
    void *p = (void *)jaxc_array_data(a);
    switch (d) {
    case JAXC_F32: ((float *)p)[i] = (float)re; break;
    case JAXC_F64: ((double *)p)[i] = re; break;
    case JAXC_C64: ((float *)p)[2 * i] = (float)re, ((float *)p)[2 * i + 1] = (float)im; break;
    default: ((double *)p)[2 * i] = re, ((double *)p)[2 * i + 1] = im; break;
    }
  }
  return a;
}

/* the DFT of x (n values, zero past nx, cut past n) with e^{sign 2 pi i jk / n}, times scale */
static void dft(const long double *xr, const long double *xi, int64_t nx, int64_t n, int sign, long double scale,
                long double *Xr, long double *Xi) {
  long double *c = malloc(sizeof(long double) * (size_t)(2 * n + 2)), *s = c + n + 1;
  for (int64_t m = 0; m < n; m++) c[m] = cosl(2 * PI_L * (long double)m / (long double)n), s[m] = sinl(2 * PI_L * (long double)m / (long double)n);
  for (int64_t k = 0; k < n; k++) {
    long double ar = 0, ai = 0;
    for (int64_t j = 0; j < n && j < nx; j++) {
      int64_t m = (j * k) % n;
      long double wr = c[m], wi = sign * s[m];
      ar += xr[j] * wr - xi[j] * wi, ai += xr[j] * wi + xi[j] * wr;
    }
    Xr[k] = ar * scale, Xi[k] = ai * scale;
  }
  free(c);
}
/* r (count values) against the reference: |error| per part within tol (rms-relative, double's
   FFT error) plus half an ulp of the part where r is float32 / complex64 (one rounding) */
static long checked_values;
static bool matches(const jaxc_array *r, const long double *Xr, const long double *Xi, int64_t count, int64_t n, bool real_out,
                    long double scale) {
  if (!r || jaxc_array_size(r) != count) return false;
  long double rms = 0;
  for (int64_t k = 0; k < count; k++) rms += Xr[k] * Xr[k] + (real_out ? 0 : Xi[k] * Xi[k]);
  rms = count ? sqrtl(rms / count) * scale : 0;
  long double tol = 4 * (1 + log2l((long double)n + 1)) * 0x1p-53L * rms + 0x1p-1000L;
  bool single = jaxc_array_dtype(r) == JAXC_F32 || jaxc_array_dtype(r) == JAXC_C64;
  for (int64_t k = 0; k < count; k++) {
    long double gr, gi, wr = Xr[k] * scale, wi = Xi[k] * scale;
    value_at(r, k, &gr, &gi);
    long double ur = single ? 0.5L * ulp_of(JAXC_F32, wr) : 0, ui = single ? 0.5L * ulp_of(JAXC_F32, wi) : 0;
    if (fabsl(gr - wr) > tol + ur || (!real_out && fabsl(gi - wi) > tol + ui)) {
      fprintf(stderr, "  n %lld bin %lld: got %.17Lg%+.17Lgj want %.17Lg%+.17Lgj (tol %.3Lg)\n", (long long)n, (long long)k, gr, gi, wr,
              wi, tol);
      return false;
    }
    checked_values++;
  }
  return true;
}

/* the reference factor of a norm: inverse (the e^{+} sum of ifft/irfft, ihfft's conj) or not */
static long double norm_scale(const char *norm, bool inverse, int64_t n) {
  if (n == 0) return 1;
  if (norm && !strcmp(norm, "ortho")) return 1 / sqrtl((long double)n);
  bool backward = !norm || !strcmp(norm, "backward");
  return inverse == backward ? 1 / (long double)n : 1;
}
/* the full Hermitian spectrum of n from bins X[0 .. nb) (zero past nb), as C2R reads it */
static void hermitian(const long double *Xr, const long double *Xi, int64_t nb, int64_t n, long double *Yr, long double *Yi) {
  for (int64_t k = 0; k < n; k++) Yr[k] = Yi[k] = 0;
  for (int64_t k = 0; k <= n / 2; k++) {
    long double r = k < nb ? Xr[k] : 0, i = k < nb ? Xi[k] : 0;
    if (k == 0 || 2 * k == n) i = 0; /* (bin 0's and bin n/2's imaginary parts dropped) */
    Yr[k] = r, Yi[k] = i;
    if (k) Yr[n - k] = r, Yi[n - k] = -i;
  }
}

static const char *const norms[] = {NULL, "backward", "ortho", "forward"};
/* every 1-d transform of one length, from a random input of each dtype: the unscaled references
   once, each norm's factor applied in the comparison */
static void check_length(int64_t len, jaxc_dtype cd, int64_t n) {
  jaxc_dtype rd = cd == JAXC_C64 ? JAXC_F32 : JAXC_F64;
  jaxc_array *x = random_1d(cd, len), *xr = random_1d(rd, len);
  int64_t N = n == JAXC_NONE ? len : n, M = n == JAXC_NONE ? (len > 1 ? 2 * (len - 1) : 0) : n; /* (irfft's, hfft's) */
  size_t big = (size_t)((N > len ? N : len) + M + 2);
  long double *buf = calloc(18 * big, sizeof(long double)), *ar = buf, *ai = ar + big, *rr = ai + big, *zero = rr + big, *at = zero + big;
  long double *F[2][2], *R[2][2], *H[2][2], *Hs[2]; /* fft, rfft by sign; hfft's, irfft's outputs; a spectrum */
  for (int k = 0; k < 2; k++)
    for (int p = 0; p < 2; p++) F[k][p] = at, at += big, R[k][p] = at, at += big, H[k][p] = at, at += big;
  Hs[0] = at, Hs[1] = at + big;
  for (int64_t i = 0; i < len; i++) value_at(x, i, &ar[i], &ai[i]), value_at(xr, i, &rr[i], &zero[i]);
  uint64_t hx = checksum(x), hr = checksum(xr);
  dft(ar, ai, len, N, -1, 1, F[0][0], F[0][1]);
  dft(ar, ai, len, N, +1, 1, F[1][0], F[1][1]);
  dft(rr, zero, len, N, -1, 1, R[0][0], R[0][1]);
  dft(rr, zero, len, N, +1, 1, R[1][0], R[1][1]);
  for (int k = 0; k < 2; k++) { /* irfft: the Hermitian spectrum of x's bins; hfft: of conj(x)'s */
    for (int64_t i = 0; i < len; i++) ai[i] = -ai[i];
    hermitian(ar, ai, len < M / 2 + 1 ? len : M / 2 + 1, M, Hs[0], Hs[1]);
    dft(Hs[0], Hs[1], M, M, +1, 1, H[k][0], H[k][1]);
  }
  for (int v = 0; v < 4; v++) {
    const char *nm = norms[v], *nn = nm ? nm : "None";
    jaxc_array *r = jaxc_fft(x, n, -1, nm);
    CHECK_MSG(matches(r, F[0][0], F[0][1], N, N, false, norm_scale(nm, false, N)) && jaxc_array_dtype(r) == cd, "fft %s n=%lld of %lld (%s)", jaxc_dtype_name(cd), (long long)N, (long long)len, nn);
    jaxc_array_free(r);
    r = jaxc_ifft(x, n, 0, nm);
    CHECK_MSG(matches(r, F[1][0], F[1][1], N, N, false, norm_scale(nm, true, N)), "ifft %s n=%lld of %lld (%s)", jaxc_dtype_name(cd), (long long)N, (long long)len, nn);
    jaxc_array_free(r);
    /* rfft: the first N / 2 + 1 bins of the real input's DFT; ihfft: conj, the inverse's norm */
    r = jaxc_rfft(xr, n, -1, nm);
    CHECK_MSG(matches(r, R[0][0], R[0][1], N / 2 + 1, N, false, norm_scale(nm, false, N)) && jaxc_array_dtype(r) == cd, "rfft %s n=%lld of %lld (%s)", jaxc_dtype_name(rd), (long long)N, (long long)len, nn);
    jaxc_array_free(r);
    if (N > 0) {
      r = jaxc_ihfft(xr, n, -1, nm);
      CHECK_MSG(matches(r, R[1][0], R[1][1], N / 2 + 1, N, false, norm_scale(nm, true, N)), "ihfft %s n=%lld of %lld (%s)", jaxc_dtype_name(rd), (long long)N, (long long)len, nn);
      jaxc_array_free(r);
    }
    /* irfft, hfft of x's len values as bins, to M outputs */
    r = jaxc_irfft(x, n, -1, nm);
    CHECK_MSG(matches(r, H[1][0], H[1][1], M, M, true, norm_scale(nm, true, M)) && jaxc_array_dtype(r) == rd, "irfft %s n=%lld of %lld (%s)", jaxc_dtype_name(cd), (long long)M, (long long)len, nn);
    jaxc_array_free(r);
    r = jaxc_hfft(x, n, -1, nm);
    CHECK_MSG(matches(r, H[0][0], H[0][1], M, M, true, norm_scale(nm, false, M)), "hfft %s n=%lld of %lld (%s)", jaxc_dtype_name(cd), (long long)M, (long long)len, nn);
    jaxc_array_free(r);
  }
  CHECK_MSG(checksum(x) == hx && checksum(xr) == hr, "inputs unchanged");
  free(buf);
  jaxc_array_free(x), jaxc_array_free(xr);
}
static void test_lengths(void) {
  jaxc_set_x64(true);
  for (int64_t len = 1; len <= 70; len++) check_length(len, JAXC_C128, JAXC_NONE);
  static const int64_t more[] = {81, 97, 101, 121, 125, 127, 128, 169, 243, 256, 289, 343, 361, 509, 512, 625, 961, 1000, 1009, 1024, 2048, 2187, 3125, 4096};
  for (size_t t = 0; t < sizeof more / sizeof more[0]; t++) check_length(more[t], JAXC_C128, JAXC_NONE);
  static const int64_t single[] = {1, 2, 3, 5, 8, 12, 37, 64, 100, 1024, 1031};
  for (size_t t = 0; t < sizeof single / sizeof single[0]; t++) check_length(single[t], JAXC_C64, JAXC_NONE);
  /* n cuts or pads the input at its end; n 0 is empty */
  static const int64_t cut[][2] = {{10, 16}, {16, 10}, {7, 9}, {9, 7}, {33, 64}, {64, 33}, {5, 1}, {1, 5}, {8, 0}};
  for (size_t t = 0; t < sizeof cut / sizeof cut[0]; t++) check_length(cut[t][0], JAXC_C128, cut[t][1]), check_length(cut[t][0], JAXC_C64, cut[t][1]);
  jaxc_set_x64(false);
}

/* an array of shape `shape` with random complex128 (or float64) values */
static jaxc_array *random_nd(jaxc_dtype d, int nd, const int64_t *shape) {
  int64_t n = 1;
  for (int k = 0; k < nd; k++) n *= shape[k];
  jaxc_array *f = random_1d(d, n), *r = jaxc_reshape(f, nd, shape);
  jaxc_array_free(f);
  return r;
}
static bool same_bits(const jaxc_array *a, const jaxc_array *b) {
  if (!a || !b || jaxc_array_dtype(a) != jaxc_array_dtype(b) || jaxc_array_ndim(a) != jaxc_array_ndim(b)) return false;
  for (int k = 0; k < jaxc_array_ndim(a); k++)
    if (jaxc_array_shape(a)[k] != jaxc_array_shape(b)[k]) return false;
  return memcmp(jaxc_array_data(a), jaxc_array_data(b), (size_t)jaxc_array_size(a) * jaxc_dtype_size(jaxc_array_dtype(a))) == 0;
}
/* fftn is the 1-d transforms axis by axis, the last axis first (bit for bit, complex128) */
static void test_nd(void) {
  jaxc_set_x64(true);
  const int64_t shape[3] = {6, 5, 8};
  jaxc_array *x = random_nd(JAXC_C128, 3, shape), *xr = random_nd(JAXC_F64, 3, shape);
  for (int v = 0; v < 4; v++) {
    const char *nm = norms[v];
    jaxc_array *a = jaxc_fft(x, JAXC_NONE, 2, nm), *b = jaxc_fft(a, JAXC_NONE, 1, nm), *c = jaxc_fft(b, JAXC_NONE, 0, nm);
    jaxc_array *f = jaxc_fftn(x, 0, NULL, 0, NULL, nm);
    CHECK_MSG(same_bits(f, c), "fftn = fft along 2, 1, 0 (%s)", nm ? nm : "None");
    jaxc_array *i = jaxc_ifftn(f, 0, NULL, 0, NULL, nm);
    long double worst = 0;
    for (int64_t k = 0; i && k < 2 * jaxc_array_size(x); k++)
      worst = fmaxl(worst, fabsl((long double)((const double *)jaxc_array_data(i))[k] - ((const double *)jaxc_array_data(x))[k]));
    CHECK_MSG(i && worst < 1e-14L, "ifftn(fftn(x)) = x (%Lg, %s)", worst, nm ? nm : "None");
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c), jaxc_array_free(f), jaxc_array_free(i);
    /* axes and s: (2, 0) with s (4, 9): cut then padded */
    int ax[2] = {2, 0};
    int64_t s[2] = {4, 9};
    a = jaxc_fft(x, 9, 0, nm), b = jaxc_fft(a, 4, 2, nm); /* (the last of the axes first) */
    f = jaxc_fftn(x, 2, s, 2, ax, nm);
    CHECK_MSG(same_bits(f, b), "fftn s (4, 9) axes (2, 0) (%s)", nm ? nm : "None");
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(f);
    /* rfftn: rfft along the last axis, then fft; irfftn: ifft first, then irfft along the last */
    a = jaxc_rfft(xr, JAXC_NONE, 2, nm), b = jaxc_fft(a, JAXC_NONE, 1, nm), c = jaxc_fft(b, JAXC_NONE, 0, nm);
    f = jaxc_rfftn(xr, 0, NULL, 0, NULL, nm);
    CHECK_MSG(same_bits(f, c), "rfftn = rfft along 2, fft along 1, 0 (%s)", nm ? nm : "None");
    jaxc_array *g = jaxc_irfftn(f, 3, shape, 0, NULL, nm), *h1 = jaxc_ifft(f, JAXC_NONE, 1, nm), *h0 = jaxc_ifft(h1, JAXC_NONE, 0, nm);
    jaxc_array *h = jaxc_irfft(h0, shape[2], 2, nm);
    CHECK_MSG(same_bits(g, h), "irfftn = ifft along 1, 0, irfft along 2 (%s)", nm ? nm : "None");
    worst = 0;
    for (int64_t k = 0; g && k < jaxc_array_size(xr); k++)
      worst = fmaxl(worst, fabsl((long double)((const double *)jaxc_array_data(g))[k] - ((const double *)jaxc_array_data(xr))[k]));
    CHECK_MSG(g && worst < 1e-14L, "irfftn(rfftn(x), s) = x (%Lg, %s)", worst, nm ? nm : "None");
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c), jaxc_array_free(f), jaxc_array_free(g);
    jaxc_array_free(h1), jaxc_array_free(h0), jaxc_array_free(h);
    /* the 2-d ones are the n-d ones over (-2, -1) */
    int last2[2] = {-2, -1};
    a = jaxc_fft2(x, 0, NULL, 0, NULL, nm), b = jaxc_fftn(x, 0, NULL, 2, last2, nm);
    CHECK(same_bits(a, b));
    jaxc_array_free(a), jaxc_array_free(b);
    a = jaxc_irfft2(x, 0, NULL, 0, NULL, nm), b = jaxc_irfftn(x, 0, NULL, 2, last2, nm);
    CHECK(same_bits(a, b));
    jaxc_array_free(a), jaxc_array_free(b);
    a = jaxc_rfft2(xr, 0, NULL, 0, NULL, nm), b = jaxc_rfftn(xr, 0, NULL, 2, last2, nm);
    c = jaxc_ifft2(x, 0, NULL, 0, NULL, nm), f = jaxc_ifftn(x, 0, NULL, 2, last2, nm);
    CHECK(same_bits(a, b) && same_bits(c, f));
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c), jaxc_array_free(f);
  }
  /* no axes: the input converted, untransformed (irfftn: complex) */
  jaxc_array *a = jaxc_fftn(xr, 0, NULL, 0, (const int[]){0}, NULL), *b = jaxc_irfftn(xr, 0, NULL, 0, (const int[]){0}, NULL);
  jaxc_array *c = jaxc_astype(xr, JAXC_C128), *f = jaxc_rfftn(xr, 0, NULL, 0, (const int[]){0}, NULL);
  CHECK(same_bits(a, c) && same_bits(b, c) && same_bits(f, xr));
  jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(c), jaxc_array_free(f);
  /* Parseval: sum |X|^2 = n sum |x|^2 */
  a = jaxc_fftn(x, 0, NULL, 0, NULL, "ortho");
  long double e0 = 0, e1 = 0;
  for (int64_t k = 0; a && k < 2 * jaxc_array_size(x); k++) {
    long double u = ((const double *)jaxc_array_data(x))[k], v = ((const double *)jaxc_array_data(a))[k];
    e0 += u * u, e1 += v * v;
  }
  CHECK_MSG(a && fabsl(e0 - e1) < 1e-13L * e0, "Parseval (ortho): %Lg %Lg", e0, e1);
  jaxc_array_free(a), jaxc_array_free(x), jaxc_array_free(xr);
  jaxc_set_x64(false);
}

/* lanes along a leading axis (side by side in memory) give the bits of the same lanes last */
static void test_strides(void) {
  jaxc_set_x64(true);
  static const int64_t lens[] = {1, 2, 6, 31, 64, 97};
  static const int64_t widths[] = {1, 2, 7, 8, 9, 17};
  for (size_t a = 0; a < sizeof lens / sizeof lens[0]; a++)
    for (size_t b = 0; b < sizeof widths / sizeof widths[0]; b++) {
      int64_t sh[3] = {2, lens[a], widths[b]};
      jaxc_array *x = random_nd(JAXC_C128, 3, sh), *xr = random_nd(JAXC_F64, 3, sh);
      jaxc_array *xt = jaxc_swapaxes(x, 1, 2), *xrt = jaxc_swapaxes(xr, 1, 2);
      for (int kind = 0; kind < 4; kind++) {
        jaxc_array *p, *q;
        int64_t n = lens[a] + (kind == 3 ? 3 : 0);
        if (kind == 0) p = jaxc_fft(x, JAXC_NONE, 1, NULL), q = jaxc_fft(xt, JAXC_NONE, 2, NULL);
        else if (kind == 1) p = jaxc_ifft(x, n + 1, 1, "ortho"), q = jaxc_ifft(xt, n + 1, 2, "ortho");
        else if (kind == 2) p = jaxc_rfft(xr, JAXC_NONE, 1, NULL), q = jaxc_rfft(xrt, JAXC_NONE, 2, NULL);
        else p = jaxc_irfft(x, n, 1, NULL), q = jaxc_irfft(xt, n, 2, NULL);
        jaxc_array *qt = q ? jaxc_swapaxes(q, 1, 2) : NULL;
        CHECK_MSG(same_bits(p, qt), "kind %d along axis 1 of (2, %lld, %lld) = along axis 2 of its transpose", kind, (long long)lens[a], (long long)widths[b]);
        jaxc_array_free(p), jaxc_array_free(q), jaxc_array_free(qt);
      }
      jaxc_array_free(x), jaxc_array_free(xr), jaxc_array_free(xt), jaxc_array_free(xrt);
    }
  jaxc_set_x64(false);
}

/* short lanes go in batches (interleaved, up to 16 a batch): each row alone, a batch of one,
   gives the bits it has among 37 rows (batches of 16, 16, 5) */
static void test_batches(void) {
  jaxc_set_x64(true);
  static const int64_t lens[] = {1, 2, 5, 6, 64, 97, 100, 256};
  for (size_t a = 0; a < sizeof lens / sizeof lens[0]; a++) {
    int64_t n = lens[a], sh[2] = {37, n}, one[2] = {1, n};
    jaxc_array *x = random_nd(JAXC_C128, 2, sh), *xr = random_nd(JAXC_F64, 2, sh);
    for (int kind = 0; kind < 4; kind++) {
      jaxc_array *z = kind == 2 ? xr : x, *all = NULL;
      int64_t m = n + (kind == 3 ? 3 : 0);
      if (kind == 0) all = jaxc_fft(z, JAXC_NONE, -1, NULL);
      else if (kind == 1) all = jaxc_ifft(z, m + 1, -1, "ortho");
      else if (kind == 2) all = jaxc_rfft(z, JAXC_NONE, -1, NULL);
      else all = jaxc_irfft(z, m, -1, NULL);
      int bad = 0;
      size_t ein = jaxc_dtype_size(jaxc_array_dtype(z)), eout = all ? jaxc_dtype_size(jaxc_array_dtype(all)) : 0;
      int64_t nout = all ? jaxc_array_shape(all)[1] : 0;
      for (int64_t r = 0; r < 37 && all; r++) {
        jaxc_array *row = jaxc_array_from_data(jaxc_array_dtype(z), 2, one, (const char *)jaxc_array_data(z) + (size_t)(r * n) * ein), *alone = NULL;
        if (kind == 0) alone = jaxc_fft(row, JAXC_NONE, -1, NULL);
        else if (kind == 1) alone = jaxc_ifft(row, m + 1, -1, "ortho");
        else if (kind == 2) alone = jaxc_rfft(row, JAXC_NONE, -1, NULL);
        else alone = jaxc_irfft(row, m, -1, NULL);
        bad += !alone || memcmp(jaxc_array_data(alone), (const char *)jaxc_array_data(all) + (size_t)(r * nout) * eout, (size_t)nout * eout) != 0;
        jaxc_array_free(row), jaxc_array_free(alone);
      }
      CHECK_MSG(all && !bad, "kind %d, rows of %lld: %d of 37 rows differ from the row alone", kind, (long long)n, bad);
      jaxc_array_free(all);
    }
    jaxc_array_free(x), jaxc_array_free(xr);
  }
  jaxc_set_x64(false);
}

/* six bins of a long 1-d transform X of x (sign -1: fft; +1 and 1 / n: ifft) against direct long
   double sums, within the tolerance of `matches` from Parseval's rms */
static bool long_bins_match(const jaxc_array *x, const jaxc_array *X, int sign, long double scale) {
  int64_t n = x ? jaxc_array_size(x) : 0;
  if (!X || jaxc_array_size(X) != n || n < 8) return false;
  long double e = 0, r, i;
  for (int64_t j = 0; j < n; j++) value_at(x, j, &r, &i), e += r * r + i * i;
  long double tol = 4 * (1 + log2l((long double)n + 1)) * 0x1p-53L * sqrtl(e) * scale;
  const int64_t ks[6] = {0, 1, 7, n / 3, n / 2, n - 1};
  for (int b = 0; b < 6; b++) {
    long double ar = 0, ai = 0, gr, gi;
    for (int64_t j = 0; j < n; j++) {
      long double t = 2 * PI_L * (long double)(j * ks[b] % n) / (long double)n, wr = cosl(t), wi = sign * sinl(t);
      value_at(x, j, &r, &i);
      ar += r * wr - i * wi, ai += r * wi + i * wr;
    }
    value_at(X, ks[b], &gr, &gi);
    if (fabsl(gr - ar * scale) > tol || fabsl(gi - ai * scale) > tol) {
      fprintf(stderr, "  n %lld bin %lld: got %.17Lg%+.17Lgj want %.17Lg%+.17Lgj (tol %.3Lg)\n", (long long)n, (long long)ks[b], gr, gi,
              ar * scale, ai * scale, tol);
      return false;
    }
    checked_values++;
  }
  return true;
}

/* complex64 and float32 inputs are read as they are and the results written in single
   precision by the last pass: the bits of the same input as complex128 / float64 transformed in
   double and rounded once (astype), for rows, lanes side by side, 2-d, and each kind */
static void test_single(void) {
  jaxc_set_x64(true);
  static const int64_t shapes[][2] = {{37, 64}, {5, 100}, {64, 9}, {3, 97}, {12, 1}};
  for (size_t a = 0; a < sizeof shapes / sizeof shapes[0]; a++) {
    jaxc_array *x = random_nd(JAXC_C64, 2, shapes[a]), *xr = random_nd(JAXC_F32, 2, shapes[a]);
    jaxc_array *xd = jaxc_astype(x, JAXC_C128), *xrd = jaxc_astype(xr, JAXC_F64);
    for (int kind = 0; kind < 8; kind++) {
      jaxc_array *single = NULL, *dbl = NULL;
      int64_t m = shapes[a][1] + 3;
      const int axes0[1] = {0};
      switch (kind) {
      case 0: single = jaxc_fft(x, JAXC_NONE, -1, NULL), dbl = jaxc_fft(xd, JAXC_NONE, -1, NULL); break;
      case 1: single = jaxc_ifft(x, JAXC_NONE, 0, "ortho"), dbl = jaxc_ifft(xd, JAXC_NONE, 0, "ortho"); break;
      case 2: single = jaxc_rfft(xr, JAXC_NONE, -1, NULL), dbl = jaxc_rfft(xrd, JAXC_NONE, -1, NULL); break;
      case 3: single = jaxc_irfft(x, m, -1, NULL), dbl = jaxc_irfft(xd, m, -1, NULL); break;
      case 4: single = jaxc_hfft(x, JAXC_NONE, 0, "forward"), dbl = jaxc_hfft(xd, JAXC_NONE, 0, "forward"); break;
      case 5: single = jaxc_ihfft(xr, JAXC_NONE, -1, NULL), dbl = jaxc_ihfft(xrd, JAXC_NONE, -1, NULL); break;
      case 6: single = jaxc_fft2(x, 0, NULL, 0, NULL, NULL), dbl = jaxc_fft2(xd, 0, NULL, 0, NULL, NULL); break;
      default: single = jaxc_rfftn(xr, 0, NULL, 1, axes0, NULL), dbl = jaxc_rfftn(xrd, 0, NULL, 1, axes0, NULL); break;
      }
      jaxc_dtype want = kind == 3 || kind == 4 ? JAXC_F32 : JAXC_C64;
      jaxc_array *rounded = dbl ? jaxc_astype(dbl, want) : NULL;
      CHECK_MSG(single && jaxc_array_dtype(single) == want && same_bits(single, rounded), "kind %d of (%lld, %lld) in single precision = in double, rounded",
                kind, (long long)shapes[a][0], (long long)shapes[a][1]);
      jaxc_array_free(single), jaxc_array_free(dbl), jaxc_array_free(rounded);
    }
    jaxc_array_free(x), jaxc_array_free(xr), jaxc_array_free(xd), jaxc_array_free(xrd);
  }
  jaxc_set_x64(false);
}

/* past JAXC_PAR_BYTES the lanes go to threads, or, fewer lanes than threads, each stage in
   pieces: the same bits with 1, 2, 3 of them */
static void test_threads(void) {
#ifdef _OPENMP
  jaxc_set_x64(true);
  int saved = omp_get_max_threads();
  const int64_t sh[2] = {600, 384};
  jaxc_array *x = random_nd(JAXC_C128, 2, sh), *first[3] = {NULL, NULL, NULL};
  for (int th = 1; th <= 3; th++) {
    omp_set_num_threads(th);
    jaxc_array *r[3] = {jaxc_fft(x, JAXC_NONE, 1, NULL), jaxc_fft(x, 1000, 0, NULL), jaxc_irfft(x, 700, 1, "ortho")};
    for (int k = 0; k < 3; k++) {
      if (th == 1) first[k] = r[k];
      else {
        CHECK_MSG(same_bits(first[k], r[k]), "case %d with %d threads", k, th);
        jaxc_array_free(r[k]);
      }
    }
  }
  /* one long lane: radix 4, mixed radices with a 7, Bluestein (65537); real ones even and odd;
     two lanes (a batch each: by pieces of stages with 3 threads, by batches with 2); three side
     by side along axis 0 (one batch of 3) */
  const int64_t n1 = 1 << 16, n2 = 3 * 5 * 7 * 1024, n3 = 65537, sh2[2] = {2, 1 << 15}, sh3[2] = {1 << 15, 3};
  jaxc_array *l1 = random_nd(JAXC_C128, 1, &n1), *l2 = random_nd(JAXC_C128, 1, &n2), *l3 = random_nd(JAXC_C128, 1, &n3);
  jaxc_array *lr = random_nd(JAXC_F64, 1, &n1), *two = random_nd(JAXC_C128, 2, sh2), *side = random_nd(JAXC_C128, 2, sh3);
  jaxc_array *one[8] = {NULL};
  for (int th = 1; th <= 3; th++) {
    omp_set_num_threads(th);
    jaxc_array *r[8] = {jaxc_fft(l1, JAXC_NONE, 0, NULL), jaxc_ifft(l2, JAXC_NONE, 0, NULL), jaxc_fft(l3, JAXC_NONE, 0, NULL),
                        jaxc_rfft(lr, JAXC_NONE, 0, NULL), jaxc_irfft(l1, n1 + 1, 0, NULL), jaxc_irfft(l1, n1, 0, "forward"),
                        jaxc_fft(two, JAXC_NONE, 1, NULL), jaxc_fft(side, JAXC_NONE, 0, NULL)};
    for (int k = 0; k < 8; k++) {
      if (th == 1) one[k] = r[k];
      else {
        CHECK_MSG(r[k] && same_bits(one[k], r[k]), "long lanes: case %d with %d threads", k, th);
        jaxc_array_free(r[k]);
      }
    }
  }
  omp_set_num_threads(saved);
  CHECK_MSG(long_bins_match(l1, one[0], -1, 1), "fft of 2^16: bins against long double sums");
  CHECK_MSG(long_bins_match(l2, one[1], +1, 1.0L / (long double)n2), "ifft of 3 5 7 2^10: bins against long double sums");
  CHECK_MSG(long_bins_match(l3, one[2], -1, 1), "fft of 65537 (Bluestein): bins against long double sums");
  for (int k = 0; k < 8; k++) jaxc_array_free(one[k]);
  jaxc_array_free(l1), jaxc_array_free(l2), jaxc_array_free(l3), jaxc_array_free(lr), jaxc_array_free(two), jaxc_array_free(side);
  for (int k = 0; k < 3; k++) jaxc_array_free(first[k]);
  jaxc_array_free(x);
  jaxc_set_x64(false);
#endif
}

/* lax.fft's dtypes: to_inexact (bool, ints to 32 bits: float32; 64-bit ints: float64), then the
   complex dtype (float64, complex128: complex128; the rest complex64), narrowed with x64 off */
static void test_dtypes(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int d = 0; d < JAXC_NUM_CONCRETE_DTYPES; d++) {
      const int64_t n = 6;
      jaxc_array *a = small_random_array((jaxc_dtype)d, 1, &n);
      jaxc_dtype st = jaxc_array_dtype(a); /* (narrowed with x64 off) */
      jaxc_kind kind = jaxc_dtype_kind(st);
      bool integral = kind == JAXC_KIND_BOOL || kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT;
      jaxc_dtype inexact = integral ? (jaxc_dtype_bits(st) == 64 ? JAXC_F64 : JAXC_F32) : st;
      jaxc_dtype cpx = inexact == JAXC_F64 || inexact == JAXC_C128 ? JAXC_C128 : JAXC_C64;
      jaxc_dtype re = cpx == JAXC_C128 ? JAXC_F64 : JAXC_F32;
      jaxc_array *f = jaxc_fft(a, JAXC_NONE, -1, NULL), *i = jaxc_irfft(a, JAXC_NONE, -1, NULL), *r = jaxc_rfft(a, JAXC_NONE, -1, NULL);
      CHECK_MSG(f && jaxc_array_dtype(f) == cpx && !jaxc_array_is_weak(f), "fft of %s: %s", jaxc_dtype_name(st), f ? jaxc_dtype_name(jaxc_array_dtype(f)) : jaxc_last_error());
      CHECK_MSG(i && jaxc_array_dtype(i) == re && jaxc_array_size(i) == 10, "irfft of %s", jaxc_dtype_name(st));
      if (kind == JAXC_KIND_COMPLEX) CHECK_MSG(!r && !strcmp(jaxc_last_error(), "only real valued inputs supported for rfft"), "rfft of %s", jaxc_dtype_name(st));
      else if (inexact == JAXC_F16 || inexact == JAXC_BF16) {
        char want[80];
        snprintf(want, sizeof want, "RFFT input must be float32 or float64, got %s", jaxc_dtype_name(inexact));
        CHECK_MSG(!r && !strcmp(jaxc_last_error(), want), "rfft of %s: %s", jaxc_dtype_name(st), jaxc_last_error());
      } else CHECK_MSG(r && jaxc_array_dtype(r) == cpx && jaxc_array_size(r) == 4, "rfft of %s", jaxc_dtype_name(st));
      /* the values: those of the input converted first */
      jaxc_array *c = jaxc_astype(a, cpx), *fc = jaxc_fft(c, JAXC_NONE, -1, NULL);
      CHECK_MSG(same_bits(f, fc), "fft of %s = fft of it as %s", jaxc_dtype_name(st), jaxc_dtype_name(cpx));
      jaxc_array_free(a), jaxc_array_free(f), jaxc_array_free(i), jaxc_array_free(r), jaxc_array_free(c), jaxc_array_free(fc);
    }
  }
  jaxc_set_x64(false);
}

/* fftfreq: k / (d n) for k = 0 .. (n - 1) / 2, -(n / 2) .. -1, computed in the float dtype; rfftfreq:
   k = 0 .. n / 2 over d n converted to dtype itself (int32: truncated, then true_divide's float32,
   x64 or not) */
static void test_freq(void) {
  static const double ds[] = {1, 0.1, 2.5, -3, 1e-3};
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int64_t n = 0; n <= 40; n++)
      for (size_t t = 0; t < sizeof ds / sizeof ds[0]; t++) {
        double d = ds[t];
        jaxc_array *f = jaxc_fftfreq(n, d, JAXC_DTYPE_NONE), *h = jaxc_fftfreq(n, d, JAXC_F16), *g = jaxc_fftfreq(n, d, JAXC_I32);
        jaxc_array *c = jaxc_fftfreq(n, d, JAXC_C64), *r = jaxc_rfftfreq(n, d, JAXC_DTYPE_NONE), *ri = jaxc_rfftfreq(n, d, JAXC_I32);
        bool ok = f && h && g && c && r && ri && jaxc_array_size(f) == n && jaxc_array_size(r) == n / 2 + 1;
        ok = ok && jaxc_array_dtype(f) == (x64 ? JAXC_F64 : JAXC_F32) && jaxc_array_dtype(h) == JAXC_F16 && jaxc_array_dtype(g) == JAXC_I32;
        ok = ok && jaxc_array_dtype(c) == JAXC_C64 && jaxc_array_dtype(ri) == JAXC_F32; /* (int32 / int32: float32) */
        for (int64_t i = 0; ok && i < n; i++) {
          int64_t k = i < (n + 1) / 2 ? i : i - n;
          double want = x64 ? (double)k / (d * (double)n) : (double)((float)k / (float)(d * (double)n));
          double want32 = (double)((float)k / (float)(d * (double)n));
          double want16 = round16(F16F, (double)k / round16(F16F, d * (double)n));
          long double got, gi;
          value_at(f, i, &got, &gi);
          ok = got == want;
          ok = ok && dec16(F16F, ((const uint16_t *)jaxc_array_data(h))[i]) == want16;
          ok = ok && ((const int32_t *)jaxc_array_data(g))[i] == (int32_t)want32;
          value_at(c, i, &got, &gi);
          ok = ok && got == want32 && gi == 0;
          if (!ok) fprintf(stderr, "  fftfreq(%lld, %g)[%lld]\n", (long long)n, d, (long long)i);
        }
        for (int64_t k = 0; ok && k <= n / 2; k++) {
          long double got, gi;
          value_at(r, k, &got, &gi);
          double den = d * (double)n, want = x64 ? (double)k / den : (double)((float)k / (float)den);
          ok = (isnan(want) && isnan((double)got)) || got == want;
          int32_t di = (int32_t)den; /* (jnp.array(d * n, dtype=int32): truncated) */
          double wi = (double)((float)k / (float)di);
          value_at(ri, k, &got, &gi);
          ok = ok && ((isnan(wi) && isnan((double)got)) || got == wi);
          if (!ok) fprintf(stderr, "  rfftfreq(%lld, %g)[%lld]\n", (long long)n, d, (long long)k);
        }
        CHECK_MSG(ok, "fftfreq / rfftfreq (%lld, %g), x64 %d", (long long)n, d, x64);
        jaxc_array_free(f), jaxc_array_free(h), jaxc_array_free(g), jaxc_array_free(c), jaxc_array_free(r), jaxc_array_free(ri);
      }
  }
  jaxc_set_x64(false);
}

/* fftshift: out[c] = x[(c - dim // 2) mod dim] along the axes; ifftshift undoes it */
static void test_shift(void) {
  const int64_t sh[3] = {4, 5, 3};
  jaxc_array *x = small_random_array(JAXC_I8, 3, sh);
  static const int axsets[][3] = {{0, 1, 2}, {1, -1, -1}, {-1, 0, -1}};
  static const int counts[] = {3, 1, 2};
  for (int t = 0; t < 4; t++) {
    const int *axes = t == 3 ? NULL : axsets[t];
    int na = t == 3 ? 3 : counts[t];
    int64_t shift[3] = {0, 0, 0};
    for (int j = 0; j < na; j++) {
      int a = axes ? axes[j] : j;
      a = a < 0 ? a + 3 : a;
      shift[a] += sh[a] / 2;
    }
    jaxc_array *f = jaxc_fftshift(x, na, axes), *b = f ? jaxc_ifftshift(f, na, axes) : NULL;
    bool ok = f && b && same_bits(b, x) && jaxc_array_dtype(f) == JAXC_I8;
    for (int64_t i = 0; ok && i < 60; i++) {
      int64_t c[3], s[3];
      coords_of(i, 3, sh, c);
      for (int k = 0; k < 3; k++) s[k] = ((c[k] - shift[k]) % sh[k] + sh[k]) % sh[k];
      ok = ((const int8_t *)jaxc_array_data(f))[i] == ((const int8_t *)jaxc_array_data(x))[flat_of(3, sh, s)];
    }
    CHECK_MSG(ok, "fftshift / ifftshift, axes set %d", t);
    jaxc_array_free(f), jaxc_array_free(b);
  }
  CHECK_FAILS(jaxc_fftshift(x, 1, (const int[]){3}), "tuple index out of range");
  jaxc_array_free(x);
}

/* JAX's docstring examples and edge cases */
static void test_examples(void) {
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){4}, (int32_t[]){1, 2, 3, 4});
  expect_print(jaxc_fft(x, JAXC_NONE, -1, NULL), "Array([10.+0.j, -2.+2.j, -2.+0.j, -2.-2.j], dtype=complex64)", "jnp.fft.fft([1, 2, 3, 4])");
  expect_print(jaxc_rfft(x, JAXC_NONE, -1, NULL), "Array([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex64)", "rfft");
  expect_print(jaxc_fftfreq(4, 0.1, JAXC_DTYPE_NONE), "Array([ 0. ,  2.5, -5. , -2.5], dtype=float32)", "fftfreq(4, 0.1)");
  expect_print(jaxc_rfftfreq(4, 0.1, JAXC_DTYPE_NONE), "Array([0. , 2.5, 5. ], dtype=float32)", "rfftfreq(4, 0.1)");
  /* an impulse of inf: inf in every bin (no 0 * inf in a trivial twiddle); inf - inf is NaN,
     which debug_nans reports in lax.fft's name */
  jaxc_array *inf = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, (float[]){INFINITY, 0, 0, 0});
  expect_print(jaxc_fft(inf, JAXC_NONE, -1, NULL), "Array([inf+0.j, inf+0.j, inf+0.j, inf+0.j], dtype=complex64)", "fft of an inf impulse");
  jaxc_array *both = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, (float[]){INFINITY, -INFINITY, 0, 0});
  jaxc_set_debug_nans(true);
  CHECK_FAILS(jaxc_fft(both, JAXC_NONE, -1, NULL), "invalid value (nan) encountered in fft");
  jaxc_set_debug_nans(false);
  /* n = 0: empty (rfft: one bin of 0); an empty axis stays empty */
  jaxc_array *e = jaxc_fft(x, 0, -1, NULL), *r0 = jaxc_rfft(x, 0, -1, NULL), *i0 = jaxc_irfft(x, 0, -1, NULL);
  CHECK(e && jaxc_array_size(e) == 0 && r0 && jaxc_array_size(r0) == 1 && ((const float *)jaxc_array_data(r0))[0] == 0);
  CHECK(i0 && jaxc_array_size(i0) == 0 && jaxc_array_dtype(i0) == JAXC_F32);
  jaxc_array_free(e), jaxc_array_free(r0), jaxc_array_free(i0);
  jaxc_array *empty = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){3, 0});
  e = jaxc_fft(empty, JAXC_NONE, 1, NULL), r0 = jaxc_fft(empty, JAXC_NONE, 0, NULL), i0 = jaxc_irfft(empty, JAXC_NONE, 1, NULL);
  CHECK(e && jaxc_array_size(e) == 0 && r0 && jaxc_array_size(r0) == 0 && i0 && jaxc_array_shape(i0)[1] == 0);
  jaxc_array_free(e), jaxc_array_free(r0), jaxc_array_free(i0);
  /* a 0-d array: no axes by default for fftn (converted), an error for fft */
  jaxc_array *z = jaxc_scalar(JAXC_I16, 3, 0);
  expect_print(jaxc_fftn(z, 0, NULL, 0, NULL, NULL), "Array(3.+0.j, dtype=complex64)", "fftn of a 0-d array");
  CHECK_FAILS(jaxc_fft(z, JAXC_NONE, -1, NULL), "axis -1 is out of bounds for array of dimension 0");
  /* the errors, in JAX's words and order */
  jaxc_array *m = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){3, 4});
  CHECK_FAILS(jaxc_fft(NULL, JAXC_NONE, -1, NULL), "jax.numpy.fft.fft: the array is NULL");
  CHECK_FAILS(jaxc_fft(m, -3, -1, NULL), "Shape should be non-negative.");
  CHECK_FAILS(jaxc_fftn(m, 1, (int64_t[]){4}, 2, (int[]){0, 1}, NULL), "Shape and axes have different lengths.");
  CHECK_FAILS(jaxc_fftn(m, 0, NULL, 2, (int[]){1, 1}, NULL), "jax.numpy.fft.fftn does not support repeated axes. Got axes (1, 1).");
  CHECK_FAILS(jaxc_ifftn(m, 0, NULL, 2, (int[]){1, -1}, NULL),
              "transpose permutation isn't a permutation of operand dimensions, got permutation (1, 1, 0) for operand shape (3, 4).");
  CHECK_FAILS(jaxc_fft(m, JAXC_NONE, 2, NULL), "axis 2 is out of bounds for array of dimension 2");
  CHECK_FAILS(jaxc_fft(m, 5, 2, NULL), "list assignment index out of range");
  CHECK_FAILS(jaxc_fft(m, JAXC_NONE, -1, "Ortho"), "Invalid norm value Ortho; should be \"backward\",\"ortho\" or \"forward\".");
  CHECK_FAILS(jaxc_fft2(m, 0, NULL, 1, (int[]){0}, NULL), "jax.numpy.fft.fft2 only supports 2 axes. Got axes = (0,).");
  CHECK_FAILS(jaxc_fft2(x, 0, NULL, 0, NULL, NULL), "axis -2 is out of bounds for array of dimension 1");
  CHECK_FAILS(jaxc_hfft(m, JAXC_NONE, 3, NULL), "tuple index out of range");
  CHECK_FAILS(jaxc_ihfft(m, 0, 1, NULL), "division by zero");
  jaxc_array *c = jaxc_astype(m, JAXC_C64), *h = jaxc_astype(m, JAXC_F16);
  CHECK_FAILS(jaxc_rfft(c, JAXC_NONE, -1, NULL), "only real valued inputs supported for rfft");
  CHECK_FAILS(jaxc_ihfft(c, JAXC_NONE, -1, NULL), "only real valued inputs supported for rfft");
  CHECK_FAILS(jaxc_rfftn(h, 0, NULL, 0, NULL, NULL), "RFFT input must be float32 or float64, got float16");
  CHECK_FAILS(jaxc_fftshift(NULL, 0, NULL), "fftshift: the array is NULL");
  jaxc_array_free(x), jaxc_array_free(inf), jaxc_array_free(both), jaxc_array_free(empty), jaxc_array_free(z);
  jaxc_array_free(m), jaxc_array_free(c), jaxc_array_free(h);
}

int main(void) {
  test_examples();
  test_dtypes();
  test_lengths();
  test_nd();
  test_strides();
  test_batches();
  test_single();
  test_threads();
  test_freq();
  test_shift();
  printf("(%ld transform values checked against the long double DFT)\n", checked_values);
  return check_summary("test_fft");
}
