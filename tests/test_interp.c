/* test_interp.c — jnp.interp. References written here, not from the library:
     - every element against JAX's _interp written out in C arithmetic of the result's precision
       (float32 and float64 in their own type; bfloat16 and float16 as XLA:CPU computes them, in
       float32 rounded to the 16-bit type after each op): the index from a linear count of xp <= x
       (NaN: past the end), clipped to [1, n - 1], the line through the neighbours unless
       |dx| <= spacing(finfo.eps), left/right or fp's ends off the ends, the 'extrapolate' flags,
       and period (Python's modulo, a stable sort of xp with fp carried, one point past each end);
       sorted random xp with repeated points, x over and past both ends, NaN;
     - result dtypes and weak flags for mixed operands, from the promotion rule of each of JAX's
       steps, restated here;
     - JAX's docstring examples as printed; errors in JAX's words; inputs unchanged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

/* one operation's result in dtype d: float32 arithmetic, then rounded to the 16-bit format */
static float rnd(jaxc_dtype d, float v) {
  if (d == JAXC_BF16) return (float)round16(BF16F, v);
  if (d == JAXC_F16) return (float)round16(F16F, v);
  return v;
}
static double get(const jaxc_array *a, int64_t i) {
  switch (a->dtype) {
  case JAXC_F32: return ((const float *)a->data)[i];
  case JAXC_F64: return ((const double *)a->data)[i];
  case JAXC_BF16: return dec16(BF16F, ((const uint16_t *)a->data)[i]);
  default: return dec16(F16F, ((const uint16_t *)a->data)[i]);
  }
}
static jaxc_array *make(jaxc_dtype d, int64_t n, const double *v) {
  jaxc_array *a = jaxc_array_empty(d, 1, &n);
  for (int64_t i = 0; i < n; i++) {
    if (d == JAXC_F32) ((float *)a->data)[i] = (float)v[i];
    else if (d == JAXC_F64) ((double *)a->data)[i] = v[i];
    else ((uint16_t *)a->data)[i] = enc16(d == JAXC_BF16 ? BF16F : F16F, round16(d == JAXC_BF16 ? BF16F : F16F, v[i]));
  }
  return a;
}

/* JAX's _interp for one x, all operands of dtype d (double carries float32's rounded values) */
typedef struct { const double *xp, *fp; int64_t n; double left, right; bool has_left, has_right; int extrapolate; bool periodic; } ref_args;
static double ref_one(jaxc_dtype d, double x, const ref_args *r) {
  bool f64 = d == JAXC_F64;
  int64_t i = 0;
  if (x != x) i = r->n;
  else
    while (i < r->n && r->xp[i] <= x) i++;
  if (i > r->n - 1) i = r->n - 1; /* clip(i, 1, n - 1): the max first, then the min (n = 1: 0) */
  if (i < 1 && r->n > 1) i = 1;
  int64_t j = i - 1 < 0 ? r->n - 1 : i - 1; /* (fp[-1]) */
  double f;
  int p = d == JAXC_BF16 ? 8 : d == JAXC_F16 ? 11 : d == JAXC_F32 ? 24 : 53;
  double eps = ldexp(1.0, 2 * (1 - p));
  if (f64) {
    double df = r->fp[i] - r->fp[j], dx = r->xp[i] - r->xp[j], delta = x - r->xp[j];
    bool dx0 = fabs(dx) <= eps;
    /* one op a statement: clang contracts a * b + c within an expression into a fused
       multiply-add (its default -ffp-contract=on), which JAX's separate ops never are */
    double q = delta / dx;
    q = q * df;
    f = dx0 ? r->fp[j] : r->fp[j] + q;
  } else {
    float df = rnd(d, (float)r->fp[i] - (float)r->fp[j]), dx = rnd(d, (float)r->xp[i] - (float)r->xp[j]);
    float delta = rnd(d, (float)x - (float)r->xp[j]);
    bool dx0 = fabsf(dx) <= (float)eps;
    f = dx0 ? r->fp[j] : rnd(d, (float)r->fp[j] + rnd(d, rnd(d, delta / dx) * df));
  }
  if (!r->periodic) {
    if (!(r->extrapolate & JAXC_EXTRAPOLATE_LEFT) && x < r->xp[0]) f = r->has_left ? r->left : r->fp[0];
    if (!(r->extrapolate & JAXC_EXTRAPOLATE_RIGHT) && x > r->xp[r->n - 1]) f = r->has_right ? r->right : r->fp[r->n - 1];
  }
  return f;
}
static bool same_value(double got, double want) { return got == want || (got != got && want != want); }

static double urand(void) { return (double)(rnd64() >> 11) * 0x1p-53; }
/* random sorted xp (repeated points now and then), fp, and x over [-2, 12] with xp's points */
static void random_case(jaxc_dtype d, int64_t n, int64_t m, double *xp, double *fp, double *x) {
  double at = urand() * 2 - 1;
  for (int64_t i = 0; i < n; i++) {
    if (i == 0 || rnd64() % 5) at += urand() * (10.0 / (double)n) * 2;
    xp[i] = at, fp[i] = urand() * 20 - 10;
  }
  jaxc_array *rx = make(d, n, xp), *rf = make(d, n, fp); /* (the values the dtype holds) */
  for (int64_t i = 0; i < n; i++) xp[i] = get(rx, i), fp[i] = get(rf, i);
  for (int64_t i = 0; i < m; i++) {
    uint64_t c = rnd64() % 8;
    x[i] = c == 0 ? xp[rnd64() % (uint64_t)n] : c == 1 ? NAN : urand() * 14 - 2;
  }
  jaxc_array *rxx = make(d, m, x);
  for (int64_t i = 0; i < m; i++) x[i] = get(rxx, i);
  jaxc_array_free(rx), jaxc_array_free(rf), jaxc_array_free(rxx);
}

static void test_values(void) {
  const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64, JAXC_BF16, JAXC_F16};
  for (size_t t = 0; t < sizeof ds / sizeof *ds; t++) {
    jaxc_dtype d = ds[t];
    jaxc_set_x64(d == JAXC_F64);
    for (int rep = 0; rep < 150; rep++) {
      int64_t n = 1 + (int64_t)(rnd64() % 40), m = 1 + (int64_t)(rnd64() % 300);
      double *xp = malloc((size_t)n * sizeof *xp), *fp = malloc((size_t)n * sizeof *fp), *x = malloc((size_t)m * sizeof *x);
      random_case(d, n, m, xp, fp, x);
      jaxc_array *X = make(d, m, x), *XP = make(d, n, xp), *FP = make(d, n, fp);
      ref_args r = {xp, fp, n, 0, 0, false, false, rep % 4, false};
      jaxc_array *L = NULL, *R = NULL;
      /* (weak: f stays d, the value converted to d: 77.25 is 77 in bfloat16) */
      if (rep % 3 == 1) L = jaxc_weak_float(-99.5), r.left = rnd(d, -99.5f), r.has_left = true;
      if (rep % 3 == 2) R = jaxc_weak_float(77.25), r.right = rnd(d, 77.25f), r.has_right = true;
      uint64_t cx = checksum(X), cp = checksum(XP), cf = checksum(FP);
      jaxc_array *got = jaxc_interp(X, XP, FP, L, R, NULL, r.extrapolate);
      CHECK(checksum(X) == cx && checksum(XP) == cp && checksum(FP) == cf);
      CHECK_MSG(got && got->dtype == d && got->ndim == 1 && got->shape[0] == m && !got->weak, "%s: %s", jaxc_dtype_name(d), got ? jaxc_dtype_name(got->dtype) : jaxc_last_error());
      long bad = 0;
      for (int64_t i = 0; got && got->dtype == d && i < m; i++) {
        double want = ref_one(d, x[i], &r), g = get(got, i);
        if (!same_value(g, want) && bad++ < 3)
          CHECK_MSG(0, "%s n=%lld x=%.9g: got %.9g want %.9g (extrapolate %d)", jaxc_dtype_name(d), (long long)n, x[i], g, want, r.extrapolate);
      }
      CHECK(bad == 0);
      /* float32/float64 take a fused line, the 16-bit types JAX's ops one by one; debug_nans
         makes the fused dtypes go op by op too: the same bits */
      jaxc_set_debug_nans(true);
      jaxc_array *slow = jaxc_interp(X, XP, FP, L, R, NULL, r.extrapolate);
      jaxc_set_debug_nans(false);
      bad = 0;
      for (int64_t i = 0; got && slow && i < m; i++) bad += !same_value(get(slow, i), get(got, i));
      CHECK_MSG(slow && bad == 0, "%s: op by op differs from the fused line in %ld places", jaxc_dtype_name(d), bad);
      jaxc_array_free(slow);
      /* period: x and xp mod p (Python's modulo), xp sorted with fp carried, ends copied */
      double per = rep % 2 ? 10.0 : -7.5, ap = fabs(per);
      jaxc_array *P = jaxc_weak_float(per), *gp = jaxc_interp(X, XP, FP, L, R, P, 0);
      double *xs = malloc((size_t)(n + 2) * sizeof *xs), *fs = malloc((size_t)(n + 2) * sizeof *fs);
      int64_t *ord = malloc((size_t)n * sizeof *ord);
      for (int64_t i = 0; i < n; i++) ord[i] = i;
      double *xm = malloc((size_t)n * sizeof *xm);
      for (int64_t i = 0; i < n; i++) {
        double v = d == JAXC_F64 ? fmod(xp[i], ap) : rnd(d, fmodf((float)xp[i], (float)ap));
        if (v != 0 && v < 0) v = d == JAXC_F64 ? v + ap : rnd(d, (float)v + (float)ap);
        xm[i] = v;
      }
      for (int64_t i = 1; i < n; i++) /* insertion sort: stable */
        for (int64_t k = i; k > 0 && xm[ord[k - 1]] > xm[ord[k]]; k--) { int64_t s = ord[k]; ord[k] = ord[k - 1], ord[k - 1] = s; }
      for (int64_t i = 0; i < n; i++) xs[i + 1] = xm[ord[i]], fs[i + 1] = fp[ord[i]];
      xs[0] = d == JAXC_F64 ? xs[n] - ap : rnd(d, (float)xs[n] - (float)ap), fs[0] = fs[n];
      xs[n + 1] = d == JAXC_F64 ? xs[1] + ap : rnd(d, (float)xs[1] + (float)ap), fs[n + 1] = fs[1];
      ref_args rp = {xs, fs, n + 2, 0, 0, false, false, 0, true};
      CHECK(gp && gp->dtype == d && gp->shape[0] == m);
      bad = 0;
      for (int64_t i = 0; gp && gp->dtype == d && i < m; i++) {
        double xv = x[i], v;
        if (d == JAXC_F64) v = fmod(xv, ap); else v = rnd(d, fmodf((float)xv, (float)ap));
        if (v != 0 && v < 0) v = d == JAXC_F64 ? v + ap : rnd(d, (float)v + (float)ap);
        double want = ref_one(d, v, &rp), g = get(gp, i);
        if (!same_value(g, want) && bad++ < 3)
          CHECK_MSG(0, "%s period %g n=%lld x=%.9g: got %.9g want %.9g", jaxc_dtype_name(d), per, (long long)n, xv, g, want);
      }
      CHECK(bad == 0);
      free(xs), free(fs), free(ord), free(xm);
      jaxc_array_free(P), jaxc_array_free(gp);
      free(xp), free(fp), free(x);
      jaxc_array_free(X), jaxc_array_free(XP), jaxc_array_free(FP), jaxc_array_free(L), jaxc_array_free(R), jaxc_array_free(got);
    }
  }
  jaxc_set_x64(false);
}

/* edges the random cases miss: |dx| at and just above spacing(finfo.eps) in each dtype (fp[i - 1],
   then the line), a decreasing xp (|dx|, not dx), a 0/0 that where(dx0, 1, dx) keeps from
   debug_nans, both paths (fused and op by op) */
static void test_edges(void) {
  const jaxc_dtype ds[] = {JAXC_F32, JAXC_F64, JAXC_BF16, JAXC_F16};
  for (size_t t = 0; t < sizeof ds / sizeof *ds; t++) {
    jaxc_dtype d = ds[t];
    jaxc_set_x64(d == JAXC_F64);
    int p = d == JAXC_BF16 ? 8 : d == JAXC_F16 ? 11 : d == JAXC_F32 ? 24 : 53;
    double eps = ldexp(1.0, 2 * (1 - p));
    jaxc_array *XP = make(d, 3, (double[]){0, eps, 3 * eps}), *FP = make(d, 3, (double[]){0, 1, 3}), *X = make(d, 2, (double[]){eps / 2, 2 * eps});
    jaxc_array *XD = make(d, 2, (double[]){1, 0}), *FD = make(d, 2, (double[]){0, 2}), *XH = make(d, 1, (double[]){0.5});
    jaxc_array *XR = make(d, 3, (double[]){0, 1, 1}), *X1 = make(d, 1, (double[]){1});
    for (int debug = 0; debug < 2; debug++) {
      jaxc_set_debug_nans(debug);
      jaxc_array *r = jaxc_interp(X, XP, FP, NULL, NULL, NULL, 0); /* |dx| = eps: fp[0]; 2 eps: 1 + 0.5 * 2 */
      CHECK_MSG(r && r->dtype == d && get(r, 0) == 0 && get(r, 1) == 2, "%s |dx| vs eps: %g %g", jaxc_dtype_name(d), r ? get(r, 0) : -1, r ? get(r, 1) : -1);
      jaxc_array_free(r);
      r = jaxc_interp(XH, XD, FD, NULL, NULL, NULL, JAXC_EXTRAPOLATE_LEFT | JAXC_EXTRAPOLATE_RIGHT); /* dx = -1 */
      CHECK_MSG(r && get(r, 0) == 1, "%s decreasing xp: %g", jaxc_dtype_name(d), r ? get(r, 0) : -1);
      jaxc_array_free(r);
      r = jaxc_interp(X1, XR, FP, NULL, NULL, NULL, 0); /* i clipped to 2: dx = 0, delta = 0 */
      CHECK_MSG(r && get(r, 0) == 1, "%s x on a repeated last point: %s", jaxc_dtype_name(d), r ? "" : jaxc_last_error());
      jaxc_array_free(r);
    }
    jaxc_set_debug_nans(false);
    jaxc_array_free(XP), jaxc_array_free(FP), jaxc_array_free(X), jaxc_array_free(XD), jaxc_array_free(FD), jaxc_array_free(XH);
    jaxc_array_free(XR), jaxc_array_free(X1);
  }
  jaxc_set_x64(false);
  /* the fused line only for one dtype: float64 points with float32 values and the reverse */
  jaxc_set_x64(true);
  jaxc_array *x64 = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){3}, (double[]){0.5, 1.5, 3}), *p64 = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){2}, (double[]){0, 2});
  jaxc_array *x32 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){0.5f, 1.5f, 3}), *p32 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){0, 2});
  jaxc_array *f32 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){0, 1}), *f64 = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){2}, (double[]){0, 1});
  expect_print(jaxc_interp(x64, p64, f32, NULL, NULL, NULL, 0), "Array([0.25, 0.75, 1.  ], dtype=float64)", "interp float64 points, float32 values");
  expect_print(jaxc_interp(x32, p32, f64, NULL, NULL, NULL, 0), "Array([0.25, 0.75, 1.  ], dtype=float64)", "interp float32 points, float64 values");
  jaxc_set_x64(false);
  /* a left of x's shape, element by element */
  jaxc_array *xl = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){-5, -6, 0.5f}), *lv = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){-1, -2, -3});
  expect_print(jaxc_interp(xl, p32, f32, lv, NULL, NULL, 0), "Array([-1.  , -2.  ,  0.25], dtype=float32)", "interp array left");
  /* with period, left and right are not used: not their dtype either */
  jaxc_array *bp = make(JAXC_BF16, 3, (double[]){0, 1, 2}), *bx = make(JAXC_BF16, 1, (double[]){0.5});
  jaxc_array *s32 = jaxc_array_from_data(JAXC_F32, 0, NULL, (float[]){5}), *per = jaxc_weak_float(3);
  jaxc_array *r = jaxc_interp(bx, bp, bp, s32, s32, per, 0);
  CHECK_MSG(r && r->dtype == JAXC_BF16 && get(r, 0) == 0.5, "interp period with float32 left/right: %s", r ? jaxc_dtype_name(r->dtype) : jaxc_last_error());
  jaxc_array_free(r);
  /* debug_nans: the NaN of inf * 0 (delta * df) is caught in the op that makes it */
  jaxc_array *xi = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){1}, (float[]){INFINITY}), *ones = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){1, 1});
  jaxc_set_debug_nans(true);
  CHECK_FAILS(jaxc_interp(xi, p32, ones, NULL, NULL, NULL, JAXC_EXTRAPOLATE_LEFT | JAXC_EXTRAPOLATE_RIGHT), "invalid value (nan) encountered in mul");
  jaxc_set_debug_nans(false);
  jaxc_array_free(x64), jaxc_array_free(p64), jaxc_array_free(x32), jaxc_array_free(p32), jaxc_array_free(f32), jaxc_array_free(f64);
  jaxc_array_free(xl), jaxc_array_free(lv), jaxc_array_free(bp), jaxc_array_free(bx), jaxc_array_free(s32), jaxc_array_free(per);
  jaxc_array_free(xi), jaxc_array_free(ones);
}

/* dtypes: x and xp promoted to inexact together, fp alone, then each step's promotion (the line
   in the join of both, left/right joining too), as JAX's lines give them */
static void test_dtypes(void) {
  jaxc_array *i32 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){0, 5, 9});
  jaxc_array *i8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){0, 4, 8});
  jaxc_array *bf = jaxc_array_from_data(JAXC_BF16, 1, (int64_t[]){3}, (uint16_t[]){0x3f80, 0x4000, 0x4040}); /* 1, 2, 3 */
  jaxc_array *h = jaxc_array_from_data(JAXC_F16, 1, (int64_t[]){3}, (uint16_t[]){0x3c00, 0x4000, 0x4200}); /* 1, 2, 3 */
  jaxc_array *w = jaxc_weak_float(2.0), *wi = jaxc_weak_int(6);
  struct { const jaxc_array *x, *xp, *fp, *left; jaxc_dtype want; bool weak; const char *print; } cases[] = {
      {i32, i8, bf, NULL, JAXC_F32, false, "Array([1.  , 2.25, 3.  ], dtype=float32)"}, /* f32 line, bf16 fp: float32 */
      {h, h, h, NULL, JAXC_F16, false, "Array([1., 2., 3.], dtype=float16)"},
      {w, h, bf, NULL, JAXC_F32, false, "Array(2., dtype=float32)"}, /* x weak: float16 line; bf16 v f16 = f32 */
      {wi, i8, i8, NULL, JAXC_F32, false, "Array(6., dtype=float32)"},
      {i32, i8, h, w, JAXC_F32, false, "Array([1.  , 2.25, 3.  ], dtype=float32)"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
    jaxc_array *r = jaxc_interp(cases[c].x, cases[c].xp, cases[c].fp, cases[c].left, NULL, NULL, 0);
    CHECK_MSG(r && r->dtype == cases[c].want && r->weak == cases[c].weak, "case %zu: %s", c, r ? jaxc_dtype_name(r->dtype) : jaxc_last_error());
    expect_print(r, cases[c].print, "interp dtype case");
  }
  /* x64: int64 points are float64; a weak x with them too */
  jaxc_set_x64(true);
  jaxc_array *l64 = jaxc_array_from_data(JAXC_I64, 1, (int64_t[]){2}, (int64_t[]){0, 10});
  jaxc_array *r = jaxc_interp(w, l64, l64, NULL, NULL, NULL, 0);
  CHECK(r && r->dtype == JAXC_F64 && !r->weak);
  jaxc_array_free(r);
  jaxc_array *wf = jaxc_full(1, (int64_t[]){2}, 1.5, JAXC_DTYPE_NONE); /* weak float64 points and values */
  r = jaxc_interp(w, wf, wf, NULL, NULL, NULL, 0);
  CHECK(r && r->dtype == JAXC_F64 && r->weak);
  jaxc_array_free(r), jaxc_array_free(wf), jaxc_array_free(l64);
  /* a strong float64 left joins a float32 line: float64 (where's promotion), where it applies */
  jaxc_array *f32 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){0, 1}), *l = jaxc_array_from_data(JAXC_F64, 0, NULL, (double[]){0.1});
  jaxc_array *xs = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){-1, 0.5f});
  expect_print(jaxc_interp(xs, f32, f32, l, NULL, NULL, 0), "Array([0.1, 0.5], dtype=float64)", "interp float64 left");
  jaxc_array_free(f32), jaxc_array_free(l), jaxc_array_free(xs);
  jaxc_set_x64(false);
  /* strict mode refuses mixed points, as promote_dtypes_inexact does */
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  r = jaxc_interp(i32, i8, bf, NULL, NULL, NULL, 0);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_array_free(r);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array_free(i32), jaxc_array_free(i8), jaxc_array_free(bf), jaxc_array_free(h), jaxc_array_free(w), jaxc_array_free(wi);
}

static void test_docstrings(void) {
  jaxc_array *xp = jaxc_arange(0, 10, 1, JAXC_DTYPE_NONE), *fp = jaxc_multiply(xp, 2);
  jaxc_array *x = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){0.5f, 2.0f, 3.5f});
  expect_print(jaxc_interp(x, xp, fp, NULL, NULL, NULL, 0), "Array([1., 4., 7.], dtype=float32)", "interp");
  jaxc_array *x2 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){-10, 10});
  expect_print(jaxc_interp(x2, xp, fp, NULL, NULL, NULL, 0), "Array([ 0., 18.], dtype=float32)", "interp constant ends");
  expect_print(jaxc_interp(x2, xp, fp, NULL, NULL, NULL, JAXC_EXTRAPOLATE_LEFT | JAXC_EXTRAPOLATE_RIGHT), "Array([-20.,  20.], dtype=float32)",
               "interp extrapolate");
  const double pi = 3.14159265358979323846;
  jaxc_array *xq = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, (float[]){0, (float)(pi / 2), (float)pi, (float)(3 * pi / 2)});
  jaxc_array *fq = jaxc_sin(xq), *xs = jaxc_weak_float(2 * pi), *per = jaxc_weak_float(2 * pi);
  expect_print(jaxc_interp(xs, xq, fq, NULL, NULL, per, 0), "Array(0., dtype=float32)", "interp period");
  jaxc_array_free(xp), jaxc_array_free(fp), jaxc_array_free(x), jaxc_array_free(x2), jaxc_array_free(xq), jaxc_array_free(fq), jaxc_array_free(xs), jaxc_array_free(per);
}

static void test_errors(void) {
  jaxc_array *v3 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3}), *v2 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){2});
  jaxc_array *m = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){3, 1}), *e = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){0});
  jaxc_array *c = jaxc_array_zeros(JAXC_C64, 1, (int64_t[]){3}), *s = jaxc_weak_float(1);
  CHECK_FAILS(jaxc_interp(NULL, v3, v3, NULL, NULL, NULL, 0), "interp: an array is NULL");
  CHECK_FAILS(jaxc_interp(v3, v3, v2, NULL, NULL, NULL, 0), "xp and fp must be one-dimensional arrays of equal size");
  CHECK_FAILS(jaxc_interp(v3, m, m, NULL, NULL, NULL, 0), "xp and fp must be one-dimensional arrays of equal size");
  CHECK_FAILS(jaxc_interp(v3, v3, m, NULL, NULL, NULL, 0), "xp and fp must be one-dimensional arrays of equal size");
  CHECK_FAILS(jaxc_interp(v3, m, v3, NULL, NULL, NULL, 0), "xp and fp must be one-dimensional arrays of equal size");
  CHECK_FAILS(jaxc_interp(c, v3, v3, NULL, NULL, NULL, 0), "jnp.interp: complex x values not supported.");
  CHECK_FAILS(jaxc_interp(v3, c, v3, NULL, NULL, NULL, 0), "jnp.interp: complex x values not supported.");
  CHECK_FAILS(jaxc_interp(v3, v3, v3, NULL, NULL, v2, 0), "period must be a scalar; got an array of shape (2,)");
  CHECK_FAILS(jaxc_interp(v3, e, e, NULL, NULL, NULL, 0), "index 0 is out of bounds for axis 0 with size 0");
  CHECK_FAILS(jaxc_interp(v3, v3, v3, NULL, NULL, NULL, 4), "interp: extrapolate must be 0, JAXC_EXTRAPOLATE_LEFT, JAXC_EXTRAPOLATE_RIGHT or both");
  /* complex fp is fine (only x is refused): the line in complex64 */
  jaxc_array *xp = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){0, 2});
  jaxc_array *fc = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){2}, (float[]){0, 0, 2, 4});
  expect_print(jaxc_interp(s, xp, fc, NULL, NULL, NULL, 0), "Array(1.+2.j, dtype=complex64)", "interp complex fp");
  jaxc_array_free(v3), jaxc_array_free(v2), jaxc_array_free(m), jaxc_array_free(e), jaxc_array_free(c), jaxc_array_free(s), jaxc_array_free(xp), jaxc_array_free(fc);
}

int main(void) {
  test_docstrings();
  test_errors();
  test_dtypes();
  test_values();
  test_edges();
  return check_summary("test_interp");
}
