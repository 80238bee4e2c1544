/* GPU tests: the device ops against the CPU library on the same inputs. For every binary and
   unary op and every pair of dtypes, complex64 and complex128 included (weak scalars too),
   random values mixed with edge values (0, -0, +-inf, +-NaN, min, max, subnormals; complex parts
   drawn independently) go through jaxc_cuda_binary and jaxc_binary; dtypes, weak flags and
   bytes must agree. Ops whose float values come from a math library (exp, sin, ... on the
   device's libm vs glibc; complex functions, abs and sign too) are compared within a few ulp
   (complex: part by part, or within a few eps of |z|); complex power on moderate inputs.
   Reductions (sum prod mean max min argmax argmin any all, every axis form) and where are
   compared the same way: integer results, extremes, positions and truth values exactly, float
   sums (double accumulation in another order) within 2 ulp of the result or 1e-12 of the
   magnitude summed. Random bits and uniform (f32, f64, bf16, f16) are compared bit for bit.
   Built by `make cuda`, run by `make cuda-test`; without a GPU it checks only the no-device
   path and says so. */
#include "jaxc.h"
/* general broadcasting gathered in chunks of 4096 elements (the least), so that every
   broadcast test below crosses chunk boundaries and ends in a ragged chunk */
#define JAXC_CUDA_GATHER_BYTES 4096
#include "jaxc_cuda.cuh"
#ifndef TEST_NAME
#  define TEST_NAME "test_cuda" /* (test_cuda_emulated: built against tests/cuda/emu) */
#endif
#include <float.h>
#include <functional>
#include <math.h>
#include <string.h>

static long passed, failed;
#define CHECK(c) do { if (c) passed++; else if (failed++ < 30) fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #c); } while (0)
#define CHECK_MSG(c, ...) do { if (c) passed++; else if (failed++ < 30) { fprintf(stderr, "FAIL: "); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_u64(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

static bool is_cpx(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX; }

/* n values of dtype d: edge values first, then random bits (floats) or random integers;
   complex values take their imaginary parts from a second such list (edges shifted by 7, so that
   edge values meet each other). With `moderate`, values in [-4, 4] instead. */
static jaxc_array *inputs_ex(jaxc_dtype d, int64_t n, bool moderate) {
  static const double edges[] = {0.0, -0.0, 1.0, -1.0, 2.5, -2.5, INFINITY, -INFINITY, NAN, -NAN, 1e-40, -1e-310,
                                 65504.0, 3.4e38, 127.0, -128.0, 255.0, 32767.0, -32768.0, 2147483647.0, -2147483648.0};
  const int64_t ne = (int64_t)(sizeof edges / sizeof edges[0]);
  int64_t n2 = 2 * n;
  jaxc_array *f = jaxc_array_empty(JAXC_F64, 1, &n2), *out = NULL;
  double *p = f ? (double *)f->data : NULL;
  bool fl = jaxc_dtype_kind(d) == JAXC_KIND_FLOAT || is_cpx(d);
  for (int64_t i = 0; p && i < n2; i++) {
    uint64_t r = next_u64();
    int64_t k = i < n ? i : (i - n + 7) % n; /* the second list: imaginary parts */
    double v;
    if (moderate) v = fl ? (double)(int64_t)(r % 8001) / 1000.0 - 4.0 : (double)(int64_t)(r % 9) - 4.0;
    else if (k < ne) v = edges[k];
    else if (fl) memcpy(&v, &r, sizeof v), v = (r & 1) ? v : (double)(int64_t)(r >> 40) / 1024.0;
    else v = (double)(int64_t)(r % 2001) - 1000.0;
    p[i] = v;
  }
  if (f && is_cpx(d)) {
    out = jaxc_array_empty(d, 1, &n);
    for (int64_t i = 0; out && i < n; i++) {
      if (d == JAXC_C64) ((float *)out->data)[2 * i] = (float)p[i], ((float *)out->data)[2 * i + 1] = (float)p[n + i];
      else ((double *)out->data)[2 * i] = p[i], ((double *)out->data)[2 * i + 1] = p[n + i];
    }
  } else if (f) {
    jaxc_array *first = jaxc_array_from_data(JAXC_F64, 1, &n, p);
    out = first ? jaxc_astype(first, d) : NULL;
    jaxc_array_free(first);
  }
  jaxc_array_free(f);
  return out;
}
static jaxc_array *inputs(jaxc_dtype d, int64_t n) { return inputs_ex(d, n, false); }

/* A copy with signaling NaNs made quiet: C leaves libm's answer for them open, and glibc and
   CUDA differ (pow(1, sNaN), hypot(inf, sNaN)), so math-library ops are fed quiet NaNs. */
/* A copy moved by one element (element k holds a's element k + 1) */
static jaxc_array *rotated(const jaxc_array *a) {
  jaxc_array *r = jaxc_array_from_data(a->dtype, a->ndim, a->shape, a->data);
  size_t es = jaxc_dtype_size(a->dtype);
  if (r && a->size > 1) {
    memmove(r->data, (const char *)a->data + es, (size_t)(a->size - 1) * es);
    memcpy((char *)r->data + (size_t)(a->size - 1) * es, a->data, es);
  }
  return r;
}
static jaxc_array *quieted(const jaxc_array *a) {
  jaxc_array *q = jaxc_array_from_data(a->dtype, a->ndim, a->shape, a->data);
  int k = jaxc_dtype_kind(a->dtype);
  /* complex: each part as a real of its own dtype */
  jaxc_dtype pd = a->dtype == JAXC_C64 ? JAXC_F32 : a->dtype == JAXC_C128 ? JAXC_F64 : a->dtype;
  int64_t parts = is_cpx(a->dtype) ? 2 * a->size : a->size;
  size_t es = jaxc_dtype_size(pd);
  for (int64_t i = 0; q && (k == JAXC_KIND_FLOAT || is_cpx(a->dtype)) && i < parts; i++) {
    unsigned char *p = (unsigned char *)q->data + (size_t)i * es;
    double v;
    jaxc_kernel_cast_dyn(pd, JAXC_F64, 1, p, &v);
    if (v == v) continue;
    int bit = pd == JAXC_F64 ? 51 : pd == JAXC_F32 ? 22 : pd == JAXC_F16 ? 9 : 6;
    p[bit / 8] |= (unsigned char)(1u << (bit % 8));
  }
  return q;
}

static bool libm_op(jaxc_op op) {
  switch (op) {
  case JAXC_OP_EXP: case JAXC_OP_LOG: case JAXC_OP_LOG1P: case JAXC_OP_EXPM1: case JAXC_OP_SIN: case JAXC_OP_COS:
  case JAXC_OP_TAN: case JAXC_OP_TANH: case JAXC_OP_POWER: case JAXC_OP_ARCTAN2: case JAXC_OP_HYPOT:
  case JAXC_OP_LOGADDEXP: case JAXC_OP_SQRT: return true;
  /* float64 and complex: the C library's functions on the CPU, CUDA's on the device */
  case JAXC_OP_ARCSIN: case JAXC_OP_ARCCOS: case JAXC_OP_ARCTAN: case JAXC_OP_SINH: case JAXC_OP_COSH:
  case JAXC_OP_ARCSINH: case JAXC_OP_ARCCOSH: case JAXC_OP_ARCTANH: case JAXC_OP_SINC: case JAXC_OP_ERF: return true;
  /* erfc: jaxc's own code on both (float64's exp near code, its redo the C library's / CUDA's) */
  case JAXC_OP_ERFC: return true;
  /* jax.scipy.special's: jaxc's code on both, float64's far paths (log, log1p, sin, cos beyond the
     near code's range; erfinv's log past |x| = 0.54) the C library's / CUDA's */
  case JAXC_OP_ERFINV: case JAXC_OP_GAMMALN: case JAXC_OP_DIGAMMA: case JAXC_OP_LOGIT: case JAXC_OP_ENTR:
  case JAXC_OP_XLOGY: case JAXC_OP_XLOG1PY: return true;
  /* gamma, factorial: float64's exp and lgamma's far paths; zeta, polygamma: float64's pow too */
  case JAXC_OP_GAMMA: case JAXC_OP_FACTORIAL: case JAXC_OP_ZETA: case JAXC_OP_POLYGAMMA: return true;
  default: return false;
  }
}
/* Ulp distance between two doubles of the same sign; 0 for both NaN. */
static double ulps(double a, double b, jaxc_dtype d) {
  if (a != a && b != b) return 0;
  if (a == b) return 0;
  if (a != a || b != b || isinf(a) || isinf(b)) return 1e9;
  double m = fmax(fabs(a), fabs(b));
  int e;
  frexp(m, &e);
  int mant = d == JAXC_F64 ? 53 : d == JAXC_F32 ? 24 : d == JAXC_F16 ? 11 : 8;
  int emin = d == JAXC_F64 ? -1021 : d == JAXC_F32 ? -125 : d == JAXC_F16 ? -13 : -125;
  /* below the normal range the spacing stays that of the smallest subnormal */
  return fabs(a - b) / ldexp(1.0, (e < emin ? emin : e) - mant);
}

/* How results must agree: bit for bit (NaN payloads aside), within a few ulp (math library
   functions), or within a reduction's tolerance (another summation order: 1e-12 of the
   magnitude summed; products of up to 5000 factors in the compute type: 1e-3 relative). */
typedef enum { EXACT, LIBM, REDUCTION, PRODUCT } agreement;
static double tolerance_scale; /* for REDUCTION: the magnitude summed per output */
static double complex_libm_eps = 8; /* LIBM for complex values: within this many eps of |z| */
static void compare_as(const char *what, agreement how, const jaxc_array *cpu, const jaxc_cuda_array *gpu);
static void compare(const char *what, jaxc_op op, const jaxc_array *cpu, const jaxc_cuda_array *gpu) {
  int k = cpu ? jaxc_dtype_kind(cpu->dtype) : JAXC_KIND_BOOL;
  compare_as(what, libm_op(op) && (k == JAXC_KIND_FLOAT || k == JAXC_KIND_COMPLEX) ? LIBM : EXACT, cpu, gpu);
}
/* A complex op's result: exact parts, or (math library) each part within 4 ulp or a few eps of
   |z|, infinities and NaN where the CPU has them. */
static double part_of(const unsigned char *p, jaxc_dtype d, int k) {
  if (d == JAXC_C64) { float f; memcpy(&f, p + 4 * k, 4); return f; }
  double v;
  memcpy(&v, p + 8 * k, 8);
  return v;
}
static bool complex_agree(agreement how, jaxc_dtype d, const unsigned char *c, const unsigned char *g) {
  jaxc_dtype pd = d == JAXC_C64 ? JAXC_F32 : JAXC_F64;
  double eps = d == JAXC_C64 ? FLT_EPSILON : DBL_EPSILON, norm = hypot(part_of(c, d, 0), part_of(c, d, 1));
  size_t half = jaxc_dtype_size(d) / 2;
  for (int k = 0; k < 2; k++) {
    double cv = part_of(c, d, k), gv = part_of(g, d, k);
    if ((cv != cv && gv != gv) || memcmp(c + k * half, g + k * half, half) == 0) continue;
    if (how == EXACT || !isfinite(cv) || !isfinite(gv)) return false;
    bool ok = how == LIBM ? ulps(cv, gv, pd) <= 4 || fabs(cv - gv) <= complex_libm_eps * eps * norm
              : how == PRODUCT ? ulps(cv, gv, pd) <= 2 || fabs(cv - gv) <= 1e-3 * norm
                               : ulps(cv, gv, pd) <= 2 || fabs(cv - gv) <= 1e-12 * tolerance_scale;
    if (!ok) return false;
  }
  return true;
}
static void compare_as(const char *what, agreement how, const jaxc_array *cpu, const jaxc_cuda_array *gpu) {
  CHECK_MSG(cpu && gpu, "%s: cpu %s / gpu %s", what, cpu ? "ok" : jaxc_last_error(), gpu ? "ok" : jaxc_cuda_last_error());
  if (!cpu || !gpu) return;
  CHECK_MSG(cpu->dtype == gpu->dtype && cpu->weak == gpu->weak && cpu->size == gpu->size, "%s: dtype/weak/size", what);
  if (cpu->dtype != gpu->dtype || cpu->size != gpu->size) return;
  size_t es = jaxc_dtype_size(cpu->dtype), bytes = (size_t)cpu->size * es;
  unsigned char *host = (unsigned char *)malloc(bytes ? bytes : 1);
  CHECK(jaxc_cuda_download(gpu, host, bytes) == JAXC_CUDA_OK);
  bool exact = how == EXACT || jaxc_dtype_kind(cpu->dtype) != JAXC_KIND_FLOAT;
  for (int64_t i = 0; i < cpu->size; i++) {
    const unsigned char *c = (const unsigned char *)cpu->data + (size_t)i * es, *g = host + (size_t)i * es;
    if (is_cpx(cpu->dtype)) {
      CHECK_MSG(complex_agree(how, cpu->dtype, c, g), "%s[%lld]: cpu %.17g%+.17gi gpu %.17g%+.17gi", what, (long long)i,
                part_of(c, cpu->dtype, 0), part_of(c, cpu->dtype, 1), part_of(g, cpu->dtype, 0), part_of(g, cpu->dtype, 1));
    } else if (exact) {
      double cv, gv;
      jaxc_kernel_cast_dyn(cpu->dtype, JAXC_F64, 1, c, &cv);
      jaxc_kernel_cast_dyn(cpu->dtype, JAXC_F64, 1, g, &gv);
      CHECK_MSG(memcmp(c, g, es) == 0 || (cv != cv && gv != gv), "%s[%lld]: cpu %.17g gpu %.17g", what, (long long)i, cv, gv);
    } else {
      double cv, gv;
      jaxc_kernel_cast_dyn(cpu->dtype, JAXC_F64, 1, c, &cv);
      jaxc_kernel_cast_dyn(cpu->dtype, JAXC_F64, 1, g, &gv);
      bool ok = how == LIBM ? ulps(cv, gv, cpu->dtype) <= 4
                : how == PRODUCT ? ulps(cv, gv, cpu->dtype) <= 2 || fabs(cv - gv) <= 1e-3 * fabs(cv)
                                 : ulps(cv, gv, cpu->dtype) <= 2 || fabs(cv - gv) <= 1e-12 * tolerance_scale;
      CHECK_MSG(ok, "%s[%lld]: cpu %.17g gpu %.17g", what, (long long)i, cv, gv);
    }
  }
  free(host);
}

static jaxc_cuda_array *to_device(const jaxc_array *a) {
  jaxc_cuda_array *d = jaxc_cuda_upload_shape(a->dtype, a->ndim, a->shape, a->data);
  if (d) d->weak = a->weak;
  return d;
}

/* Every device reduction against jaxc_reduce_ex: each dtype, op, axis form (every axis of
   2-D and 3-D shapes, all axes, keepdims), on inputs with edge values (NaN lanes, infinities)
   and on benign values in [0.9, 1.1) (finite sums and products). */
static long test_reductions(jaxc_array *const *in, jaxc_cuda_array *const *din, const jaxc_dtype *dts, int nd) {
  static const jaxc_op ops[] = {JAXC_OP_SUM, JAXC_OP_PROD, JAXC_OP_MEAN, JAXC_OP_MAX, JAXC_OP_MIN,
                                JAXC_OP_ARGMAX, JAXC_OP_ARGMIN, JAXC_OP_ANY, JAXC_OP_ALL};
  static const int64_t shapes[][3] = {{5000, 0, 0}, {50, 100, 0}, {5, 1000, 1}, {2, 50, 50}, {1, 5000, 1}};
  static const int ndims[] = {1, 2, 3, 3, 3};
  long cases = 0;
  char what[160];
  for (int d = 0; d < nd; d++)
    for (int benign = 0; benign < 2; benign++) {
      jaxc_array *src = in[d];
      jaxc_array *own = NULL;
      if (benign) {
        int64_t n = in[d]->size;
        jaxc_array *u = jaxc_random_uniform(jaxc_random_key(77 + d), JAXC_F64, 1, &n, 0.9, 1.1);
        own = jaxc_astype(u, dts[d]);
        jaxc_array_free(u);
        src = own;
      }
      double scale = 0;
      for (int64_t i = 0; i < src->size; i++) {
        const unsigned char *e = (const unsigned char *)src->data + i * jaxc_dtype_size(src->dtype);
        double v, im = is_cpx(src->dtype) ? part_of(e, src->dtype, 1) : 0;
        jaxc_kernel_cast_dyn(src->dtype, JAXC_F64, 1, e, &v);
        if (isfinite(v)) scale += fabs(v);
        if (isfinite(im)) scale += fabs(im);
      }
      tolerance_scale = scale;
      for (int s = 0; s < (int)(sizeof ndims / sizeof ndims[0]); s++) {
        jaxc_array *x = jaxc_array_from_data(src->dtype, ndims[s], shapes[s], src->data);
        jaxc_cuda_array *gx = to_device(x);
        for (int axis = -1; axis < ndims[s]; axis++)
          for (int keep = 0; keep < 2; keep++)
            for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
              int ax = axis < 0 ? JAXC_ALL_AXES : axis;
              jaxc_array *c = jaxc_reduce_ex(ops[o], x, ax, keep != 0);
              jaxc_cuda_array *g = jaxc_cuda_reduce(ops[o], gx, ax, keep != 0, true);
              snprintf(what, sizeof what, "%s(%s%s, shape %d, axis %d, keepdims %d)", jaxc_op_name(ops[o]),
                       benign ? "benign " : "", jaxc_dtype_code(dts[d]), s, axis, keep);
              int rk = jaxc_dtype_kind(c ? c->dtype : JAXC_BOOL);
              bool fsum = (rk == JAXC_KIND_FLOAT || rk == JAXC_KIND_COMPLEX) &&
                          (ops[o] == JAXC_OP_SUM || ops[o] == JAXC_OP_MEAN || ops[o] == JAXC_OP_PROD);
              if (fsum && ops[o] == JAXC_OP_PROD && !benign) { /* products of edge values overflow in any order */
                jaxc_array_free(c); jaxc_cuda_free(g);
                continue;
              }
              if (c && g) CHECK_MSG(c->ndim == g->ndim, "%s: ndim %d vs %d", what, c->ndim, g->ndim);
              compare_as(what, !fsum ? EXACT : ops[o] == JAXC_OP_PROD ? PRODUCT : REDUCTION, c, g);
              jaxc_array_free(c); jaxc_cuda_free(g);
              cases++;
            }
        jaxc_array_free(x); jaxc_cuda_free(gx);
      }
      jaxc_array_free(own);
    }
  /* large lanes: several blocks per lane, merged in order */
  {
    int64_t n = (int64_t)1 << 22;
    jaxc_array *u = jaxc_random_uniform(jaxc_random_key(9), JAXC_F32, 1, &n, -1000.0, 1000.0);
    jaxc_array *i8 = jaxc_astype(u, JAXC_I8);
    jaxc_cuda_array *gu = to_device(u), *gi = to_device(i8);
    tolerance_scale = 1000.0 * (double)n;
    const jaxc_op big[] = {JAXC_OP_SUM, JAXC_OP_MAX, JAXC_OP_ARGMAX, JAXC_OP_ARGMIN};
    for (int k = 0; k < 4; k++) {
      jaxc_array *c = jaxc_reduce(big[k], u, JAXC_ALL_AXES);
      jaxc_cuda_array *g = jaxc_cuda_reduce(big[k], gu, JAXC_ALL_AXES, false, true);
      compare_as("big f32", big[k] == JAXC_OP_SUM ? REDUCTION : EXACT, c, g);
      jaxc_array_free(c); jaxc_cuda_free(g);
      c = jaxc_reduce(big[k], i8, JAXC_ALL_AXES);
      g = jaxc_cuda_reduce(big[k], gi, JAXC_ALL_AXES, false, true);
      compare_as("big i8", EXACT, c, g);
      jaxc_array_free(c); jaxc_cuda_free(g);
      cases += 2;
    }
    jaxc_array_free(u); jaxc_array_free(i8); jaxc_cuda_free(gu); jaxc_cuda_free(gi);
  }
  (void)din;
  return cases;
}

/* where(cond, x, y) for every pair of dtypes with a bool, a float (NaN is true) and an int
   condition, and a broadcast (cond (50, 1), x (1, 100), weak y). */
static long test_where(jaxc_array *const *in, jaxc_cuda_array *const *din, const jaxc_dtype *dts, int nd) {
  long cases = 0;
  char what[128];
  const int conds[] = {0, 11, 5, 13}; /* bool, f32, i8, c64 */
  for (int ci = 0; ci < 4; ci++)
    for (int i = 0; i < nd; i++)
      for (int j = 0; j < nd; j++) {
        jaxc_array *c = jaxc_where(in[conds[ci]], in[i], in[j]);
        jaxc_cuda_array *g = jaxc_cuda_where(din[conds[ci]], din[i], din[j], JAXC_RULES_JAX, true);
        snprintf(what, sizeof what, "where(%s, %s, %s)", jaxc_dtype_code(dts[conds[ci]]), jaxc_dtype_code(dts[i]), jaxc_dtype_code(dts[j]));
        compare(what, JAXC_OP_ADD, c, g);
        jaxc_array_free(c); jaxc_cuda_free(g);
        cases++;
      }
  int64_t s1[2] = {50, 1}, s2[2] = {1, 100};
  jaxc_array *cond = jaxc_array_from_data(JAXC_F32, 2, s1, in[11]->data);
  jaxc_array *x = jaxc_array_from_data(JAXC_I16, 2, s2, in[6]->data);
  jaxc_array *y = jaxc_weak_float(-7.25);
  jaxc_cuda_array *gc = to_device(cond), *gx = to_device(x), *gy = to_device(y);
  jaxc_array *c = jaxc_where(cond, x, y);
  jaxc_cuda_array *g = jaxc_cuda_where(gc, gx, gy, JAXC_RULES_JAX, true);
  compare("where((50,1) f32, (1,100) i16, weak 7.25)", JAXC_OP_ADD, c, g);
  jaxc_array_free(c); jaxc_cuda_free(g);
  jaxc_array_free(cond); jaxc_array_free(x); jaxc_array_free(y);
  jaxc_cuda_free(gc); jaxc_cuda_free(gx); jaxc_cuda_free(gy);
  return cases + 1;
}

/* Every unary op on every dtype and every binary op on every pair (with the rotated copies for
   same-dtype pairs), CPU against device; where the CPU refuses, the device must refuse too. */
/* General broadcasting over two chunks (4096 + 904 elements) for every pair of dtypes: an
   outer sum (40, 1) + (1, 125); a full (40, 125) operand, read at the chunk's offset, and-ed
   with a broadcast row (complex operands cast to bool chunk by chunk); where(cond (40, 1),
   x full, y row). */
static long test_broadcast(jaxc_array *const *in, const jaxc_dtype *dts, int nd) {
  long cases = 0;
  char what[128];
  int64_t col[2] = {40, 1}, row[2] = {1, 125}, full[2] = {40, 125};
  for (int i = 0; i < nd; i++)
    for (int j = 0; j < nd; j++) {
      jaxc_array *a[3] = {jaxc_array_from_data(dts[i], 2, col, in[i]->data), jaxc_array_from_data(dts[i], 2, full, in[i]->data),
                          jaxc_array_from_data(dts[j], 2, row, in[j]->data)};
      jaxc_array *cj = jaxc_array_from_data(dts[j], 2, col, in[j]->data);
      jaxc_cuda_array *d[3] = {to_device(a[0]), to_device(a[1]), to_device(a[2])}, *dcj = to_device(cj);
      jaxc_array *c[3] = {jaxc_binary(JAXC_OP_ADD, a[0], a[2]), jaxc_binary(JAXC_OP_LOGICAL_AND, a[1], a[2]),
                          jaxc_where(cj, a[1], a[2])};
      jaxc_cuda_array *g[3] = {jaxc_cuda_binary(JAXC_OP_ADD, d[0], d[2], JAXC_RULES_JAX, true),
                               jaxc_cuda_binary(JAXC_OP_LOGICAL_AND, d[1], d[2], JAXC_RULES_JAX, true),
                               jaxc_cuda_where(dcj, d[1], d[2], JAXC_RULES_JAX, true)};
      const char *names[3] = {"(40,1) %s + (1,125) %s", "(40,125) %s and (1,125) %s", "where((40,1) %s, (40,125) %s, (1,125))"};
      for (int k = 0; k < 3; k++) {
        CHECK_MSG(c[k] && c[k]->size == 5000, "%s %s %s", names[k], jaxc_dtype_code(dts[i]), jaxc_dtype_code(dts[j]));
        snprintf(what, sizeof what, names[k], jaxc_dtype_code(k == 2 ? dts[j] : dts[i]), jaxc_dtype_code(k == 2 ? dts[i] : dts[j]));
        compare(what, JAXC_OP_ADD, c[k], g[k]);
        jaxc_array_free(a[k]); jaxc_cuda_free(d[k]); jaxc_array_free(c[k]); jaxc_cuda_free(g[k]);
        cases++;
      }
      jaxc_array_free(cj); jaxc_cuda_free(dcj);
    }
  return cases;
}

static long test_ops(bool x64, int nd, const jaxc_dtype *dts, jaxc_array **in, jaxc_cuda_array **din, jaxc_array **inq,
                     jaxc_cuda_array **dinq, jaxc_array **mod, jaxc_cuda_array **dmod, jaxc_array **rot, jaxc_cuda_array **drot,
                     jaxc_array **rotq, jaxc_cuda_array **drotq) {
  char what[160];
  long pairs = 0;
  for (int op = 0; op < JAXC_NUM_OPS; op++) {
    if (jaxc_op_arity((jaxc_op)op) == JAXC_ARITY_UN) {
      for (int i = 0; i < nd; i++) {
        bool q = libm_op((jaxc_op)op);
        jaxc_array *c = jaxc_unary((jaxc_op)op, q ? inq[i] : in[i]);
        jaxc_cuda_array *g = jaxc_cuda_unary((jaxc_op)op, q ? dinq[i] : din[i], x64);
        snprintf(what, sizeof what, "%s(%s), x64=%d", jaxc_op_name((jaxc_op)op), jaxc_dtype_code(dts[i]), x64);
        if (!c) { /* the CPU refuses this dtype; the device must too */
          CHECK_MSG(!g && jaxc_cuda_last_status() == JAXC_CUDA_ERR_ARG, "%s: the CPU refuses, the device does not", what);
          jaxc_cuda_free(g);
          continue;
        }
        /* |z| and z / |z| of complex values come from hypot: the device's libm */
        bool hyp = is_cpx(dts[i]) && (op == JAXC_OP_ABS || op == JAXC_OP_SIGN);
        compare_as(what, (q && (is_cpx(dts[i]) || jaxc_dtype_kind(c->dtype) == JAXC_KIND_FLOAT)) || hyp ? LIBM : EXACT, c, g);
        jaxc_array_free(c); jaxc_cuda_free(g);
        pairs++;
      }
    }
    if (jaxc_op_arity((jaxc_op)op) != JAXC_ARITY_BIN) continue;
    for (int i = 0; i < nd; i++)
      for (int j = 0; j < nd; j++)
        for (int r = 0; r < 1 + (i == j); r++) { /* r = 1: against the rotated copy */
          bool cpow = op == JAXC_OP_POWER && (is_cpx(dts[i]) || is_cpx(dts[j]));
          bool q = libm_op((jaxc_op)op);
          jaxc_array *a = cpow ? mod[i] : q ? inq[i] : in[i];
          jaxc_array *b = cpow ? mod[j] : r ? (q ? rotq[j] : rot[j]) : q ? inq[j] : in[j];
          jaxc_cuda_array *da = cpow ? dmod[i] : q ? dinq[i] : din[i];
          jaxc_cuda_array *db = cpow ? dmod[j] : r ? (q ? drotq[j] : drot[j]) : q ? dinq[j] : din[j];
          jaxc_array *c = jaxc_binary((jaxc_op)op, a, b);
          jaxc_cuda_array *g = jaxc_cuda_binary((jaxc_op)op, da, db, JAXC_RULES_JAX, x64);
          snprintf(what, sizeof what, "%s(%s, %s%s), x64=%d", jaxc_op_name((jaxc_op)op), jaxc_dtype_code(dts[i]),
                   jaxc_dtype_code(dts[j]), r ? " rotated" : "", x64);
          if (!c) {
            CHECK_MSG(!g && jaxc_cuda_last_status() == JAXC_CUDA_ERR_ARG, "%s: the CPU refuses, the device does not", what);
            jaxc_cuda_free(g);
            continue;
          }
          complex_libm_eps = cpow ? 128 : 8; /* exp(y log x): the libm's error grows with |y log x| */
          compare(what, (jaxc_op)op, c, g);
          complex_libm_eps = 8;
          jaxc_array_free(c); jaxc_cuda_free(g);
          pairs++;
        }
  }
  /* a C int exponent: lax.integer_pow's square-and-multiply on both sides (negative for an
     integer base: refused on both) */
  const int64_t exps[4] = {3, -2, 64, 0};
  for (int e = 0; e < 4; e++) {
    jaxc_array *ce = jaxc_weak_int(exps[e]);
    jaxc_cuda_array *ge = jaxc_cuda_upload_shape(JAXC_I64, 0, NULL, &exps[e]);
    if (ge) ge->weak = true;
    for (int i = 0; i < nd; i++) {
      jaxc_array *c = jaxc_binary(JAXC_OP_POWER, in[i], ce);
      jaxc_cuda_array *g = jaxc_cuda_binary(JAXC_OP_POWER, din[i], ge, JAXC_RULES_JAX, x64);
      snprintf(what, sizeof what, "power(%s, C int %lld), x64=%d", jaxc_dtype_code(dts[i]), (long long)exps[e], x64);
      if (!c) CHECK_MSG(!g, "%s: the CPU refuses, the device does not", what);
      else compare(what, JAXC_OP_MULTIPLY, c, g), pairs++;
      jaxc_array_free(c); jaxc_cuda_free(g);
    }
    jaxc_array_free(ce); jaxc_cuda_free(ge);
  }
  return pairs;
}

__global__ static void noop_kernel(void) {}

#ifdef JAXC_EMU
/* Out of device memory at each allocation of an op in turn (the emulator's k-th cudaMalloc
   fails; scratch from the pool comes through it too): the op returns NULL with
   JAXC_CUDA_ERR_NOMEM, or the same result, and holds no device memory afterwards. */
static long test_device_oom(void) {
  int64_t sc[2] = {64, 1}, sr[2] = {1, 1000}, sm[2] = {64, 1000};
  jaxc_array *hc = jaxc_random_uniform(jaxc_random_key(11), JAXC_F32, 2, sc, -2.0, 2.0);
  jaxc_array *hr0 = jaxc_random_uniform(jaxc_random_key(12), JAXC_F32, 2, sr, -90.0, 90.0);
  jaxc_array *hr = hr0 ? jaxc_astype(hr0, JAXC_I8) : NULL, *hm = jaxc_random_uniform(jaxc_random_key(13), JAXC_F32, 2, sm, -1.0, 1.0);
  jaxc_cuda_array *col = hc ? to_device(hc) : NULL, *row = hr ? to_device(hr) : NULL, *mat = hm ? to_device(hm) : NULL;
  CHECK(col && row && mat);
  const uint32_t key[2] = {3, 4};
  const float host4[4] = {1, 2, 3, 4};
  auto outer = [&] { return jaxc_cuda_binary(JAXC_OP_MULTIPLY, col, row, JAXC_RULES_JAX, true); };
  auto where = [&] { return jaxc_cuda_where(col, row, mat, JAXC_RULES_JAX, true); };
  auto sum_rows = [&] { return jaxc_cuda_reduce(JAXC_OP_SUM, mat, 0, false, true); };
  auto argmax_all = [&] { return jaxc_cuda_reduce(JAXC_OP_ARGMAX, mat, JAXC_ALL_AXES, true, true); };
  auto astype = [&] { return jaxc_cuda_astype(mat, JAXC_BF16, true); };
  auto upload = [&] { return jaxc_cuda_upload(JAXC_F32, 4, host4); };
  auto uniform = [&] { return jaxc_cuda_random_uniform(key, JAXC_F16, 2, sm, -1.0, 1.0, true); };
  struct { const char *name; std::function<jaxc_cuda_array *()> call; } cases[] = {
    {"outer product", outer}, {"where", where}, {"sum over rows", sum_rows}, {"argmax", argmax_all},
    {"astype", astype}, {"upload", upload}, {"random uniform", uniform}};
  long runs = 0;
  jaxc_emu::state &st = jaxc_emu::st();
  for (auto &c : cases) {
    size_t held0 = st.held;
    long calls0 = st.malloc_calls;
    jaxc_cuda_array *ref = col && row && mat ? c.call() : NULL;
    long allocs = st.malloc_calls - calls0;
    CHECK_MSG(ref != NULL && allocs >= 1, "%s: %s, %ld allocations", c.name, jaxc_cuda_last_error(), allocs);
    if (!ref) continue;
    size_t bytes = (size_t)ref->size * jaxc_cuda__dtype_size(ref->dtype);
    unsigned char *want = (unsigned char *)malloc(bytes + 1), *got = (unsigned char *)malloc(bytes + 1);
    CHECK(want && got && jaxc_cuda_download(ref, want, bytes) == JAXC_CUDA_OK);
    jaxc_cuda_free(ref);
    for (long k = 1; k <= allocs && want && got; k++, runs++) {
      st.fail_malloc_at = st.malloc_calls + k;
      jaxc_cuda_array *r = c.call();
      st.fail_malloc_at = 0;
      if (r) /* (an allocation it could do without) */
        CHECK_MSG(jaxc_cuda_download(r, got, bytes) == JAXC_CUDA_OK && memcmp(got, want, bytes) == 0, "%s: another result", c.name);
      else
        CHECK_MSG(jaxc_cuda_last_status() == JAXC_CUDA_ERR_NOMEM && strstr(jaxc_cuda_last_error(), "out of memory"),
                  "%s, allocation %ld failing: status %d '%s'", c.name, k, (int)jaxc_cuda_last_status(), jaxc_cuda_last_error());
      jaxc_cuda_free(r);
      CHECK_MSG(st.held == held0, "%s, allocation %ld failing: %zu device bytes kept", c.name, k, st.held - held0);
    }
    free(want), free(got);
  }
  jaxc_array_free(hc), jaxc_array_free(hr0), jaxc_array_free(hr), jaxc_array_free(hm);
  jaxc_cuda_free(col), jaxc_cuda_free(row), jaxc_cuda_free(mat);
  return runs;
}
#endif

int main(void) {
  if (!jaxc_cuda_available()) {
    CHECK(jaxc_cuda_alloc(JAXC_F32, 4) == NULL);
    CHECK(jaxc_cuda_last_status() == JAXC_CUDA_ERR_NO_DEVICE);
    printf(TEST_NAME ": no CUDA device: only the no-device path was checked\n");
    printf(TEST_NAME ": %ld passed, %ld failed\n", passed, failed);
    return failed ? 1 : 0;
  }
  jaxc_set_x64(true); /* every dtype exists on both sides */
  const int64_t n = 5000; /* four full tiles of 1024 and a ragged one */
  const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64,
                            JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
  const int nd = (int)(sizeof dts / sizeof dts[0]);
  jaxc_array *in[16], *inq[16], *mod[16];
  jaxc_cuda_array *din[16], *dinq[16], *dmod[16];
  for (int i = 0; i < nd; i++) {
    in[i] = inputs(dts[i], n);
    din[i] = to_device(in[i]);
    inq[i] = quieted(in[i]);
    dinq[i] = to_device(inq[i]);
    mod[i] = inputs_ex(dts[i], n, true); /* complex power: |y log x| stays small */
    dmod[i] = to_device(mod[i]);
  }
  /* the right operand of a same-dtype pair is also a copy rotated by one element, so that an
     op meets distinct values (edge against edge: 0 and -0, inf and -inf, ...), not only op(x, x) */
  jaxc_array *rot[16], *rotq[16];
  jaxc_cuda_array *drot[16], *drotq[16];
  for (int i = 0; i < nd; i++) {
    rot[i] = rotated(in[i]);
    drot[i] = to_device(rot[i]);
    rotq[i] = rotated(inq[i]);
    drotq[i] = to_device(rotq[i]);
  }
  long pairs = 0;
  for (int x64 = 1; x64 >= 0; x64--) { /* with x64 off the results narrow to 32 bits on both sides */
    jaxc_set_x64(x64 != 0);
    pairs += test_ops(x64 != 0, nd, dts, in, din, inq, dinq, mod, dmod, rot, drot, rotq, drotq);
  }
  jaxc_set_x64(true);
  char what[128];
  /* broadcasting with a weak scalar and a (3, 1) x (4,) pair */
  jaxc_array *w = jaxc_weak_float(0.5);
  jaxc_cuda_array *dw = to_device(w);
  jaxc_array *c = jaxc_binary(JAXC_OP_MULTIPLY, in[5], w);
  jaxc_cuda_array *g = jaxc_cuda_binary(JAXC_OP_MULTIPLY, din[5], dw, JAXC_RULES_JAX, true);
  compare("i8 * 0.5", JAXC_OP_MULTIPLY, c, g);
  jaxc_array_free(c); jaxc_cuda_free(g);
  int64_t s31[2] = {3, 1}, s4 = 4;
  const float v31[3] = {1, 2, 3};
  const int16_t v4[4] = {10, 20, 30, 40};
  jaxc_array *a31 = jaxc_array_from_data(JAXC_F32, 2, s31, v31);
  jaxc_array *b4 = jaxc_array_from_data(JAXC_I16, 1, &s4, v4);
  jaxc_cuda_array *da31 = to_device(a31), *db4 = to_device(b4);
  c = jaxc_binary(JAXC_OP_ADD, a31, b4);
  g = jaxc_cuda_binary(JAXC_OP_ADD, da31, db4, JAXC_RULES_JAX, true);
  compare("(3,1) + (4,)", JAXC_OP_ADD, c, g);
  jaxc_array_free(c); jaxc_cuda_free(g);
  /* astype between every pair */
  for (int i = 0; i < nd; i++)
    for (int j = 0; j < nd; j++) {
      c = jaxc_astype(in[i], dts[j]);
      g = jaxc_cuda_astype(din[i], dts[j], true);
      snprintf(what, sizeof what, "astype(%s -> %s)", jaxc_dtype_code(dts[i]), jaxc_dtype_code(dts[j]));
      compare(what, JAXC_OP_ADD, c, g);
      jaxc_array_free(c); jaxc_cuda_free(g);
    }
  /* jax.random on the device equals the CPU bit for bit (counter-based: no dependence on the
     launch shape), for every bits width and uniform dtype, x64 on and off */
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64 != 0);
    jaxc_key key = jaxc_random_fold_in(jaxc_random_key(42), 7);
    int64_t shape[2] = {37, 1001};
    const jaxc_dtype bdt[] = {JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64};
    for (int i = 0; i < 4; i++) {
      c = jaxc_random_bits(key, bdt[i], 2, shape);
      g = jaxc_cuda_random_bits(key.data, bdt[i], 2, shape, x64 != 0);
      snprintf(what, sizeof what, "bits(%s, x64=%d)", jaxc_dtype_code(bdt[i]), x64);
      compare(what, JAXC_OP_ADD, c, g);
      jaxc_array_free(c); jaxc_cuda_free(g);
    }
    const jaxc_dtype udt[] = {JAXC_F32, JAXC_F64};
    for (int i = 0; i < 2; i++) {
      c = jaxc_random_uniform(key, udt[i], 2, shape, -2.0, 3.0);
      g = jaxc_cuda_random_uniform(key.data, udt[i], 2, shape, -2.0, 3.0, x64 != 0);
      snprintf(what, sizeof what, "uniform(%s, x64=%d)", jaxc_dtype_code(udt[i]), x64);
      compare(what, JAXC_OP_ADD, c, g);
      jaxc_array_free(c); jaxc_cuda_free(g);
    }
  }
  jaxc_set_x64(true);
  long reductions = test_reductions(in, din, dts, nd), wheres = test_where(in, din, dts, nd);
  /* 16-bit uniform draws and bounds */
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64 != 0);
    jaxc_key key = jaxc_random_key(1234 + x64);
    int64_t shape[1] = {100003};
    const jaxc_dtype hdt[] = {JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64};
    const double bounds[3][2] = {{0.0, 1.0}, {-2.0, 3.0}, {0.1, 0.7}};
    for (int i = 0; i < 4; i++)
      for (int b = 0; b < 3; b++) {
        c = jaxc_random_uniform(key, hdt[i], 1, shape, bounds[b][0], bounds[b][1]);
        g = jaxc_cuda_random_uniform(key.data, hdt[i], 1, shape, bounds[b][0], bounds[b][1], x64 != 0);
        snprintf(what, sizeof what, "uniform(%s, [%g, %g), x64=%d)", jaxc_dtype_code(hdt[i]), bounds[b][0], bounds[b][1], x64);
        compare(what, JAXC_OP_ADD, c, g);
        jaxc_array_free(c); jaxc_cuda_free(g);
      }
  }
  jaxc_set_x64(true);
  long broadcasts = test_broadcast(in, dts, nd);
  /* a generally broadcast pair large enough for many tiles: (64, 1) * (1, 1000) */
  {
    int64_t sa[2] = {64, 1}, sb[2] = {1, 1000};
    jaxc_array *ha = jaxc_random_uniform(jaxc_random_key(5), JAXC_F32, 2, sa, -3.0, 3.0);
    jaxc_array *hb0 = jaxc_random_uniform(jaxc_random_key(6), JAXC_F32, 2, sb, -100.0, 100.0);
    jaxc_array *hb = jaxc_astype(hb0, JAXC_I8);
    jaxc_cuda_array *ga = to_device(ha), *gb = to_device(hb);
    c = jaxc_binary(JAXC_OP_MULTIPLY, ha, hb);
    g = jaxc_cuda_binary(JAXC_OP_MULTIPLY, ga, gb, JAXC_RULES_JAX, true);
    compare("(64,1) f32 * (1,1000) i8", JAXC_OP_MULTIPLY, c, g);
    jaxc_array_free(c); jaxc_cuda_free(g);
    jaxc_array_free(ha); jaxc_array_free(hb0); jaxc_array_free(hb); jaxc_cuda_free(ga); jaxc_cuda_free(gb);
  }
  /* errors: a launch on freed memory is reported, not fatal */
  CHECK(jaxc_cuda_alloc(JAXC_F64, (int64_t)1 << 50) == NULL && jaxc_cuda_last_status() == JAXC_CUDA_ERR_NOMEM);
  CHECK(jaxc_cuda_binary(JAXC_OP_SQRT, din[0], din[0], JAXC_RULES_JAX, true) == NULL);
  {
    int64_t z[2] = {3, 0};
    jaxc_cuda_array *e = jaxc_cuda_alloc_shape(JAXC_F32, 2, z);
    CHECK(e && jaxc_cuda_reduce(JAXC_OP_MAX, e, 1, false, true) == NULL);
    CHECK(strcmp(jaxc_cuda_last_error(), "zero-size array to reduction operation max which has no identity") == 0);
    CHECK(jaxc_cuda_reduce(JAXC_OP_ARGMIN, e, -1, false, true) == NULL);
    CHECK(strcmp(jaxc_cuda_last_error(), "attempt to get argmin of an empty sequence") == 0);
    jaxc_cuda_array *s = jaxc_cuda_reduce(JAXC_OP_SUM, e, 1, false, true); /* sum of nothing: zeros */
    float zs[3] = {1, 1, 1};
    CHECK(s && s->size == 3 && jaxc_cuda_download(s, zs, sizeof zs) == JAXC_CUDA_OK && zs[0] == 0 && zs[2] == 0);
    CHECK(jaxc_cuda_reduce(JAXC_OP_SUM, e, 2, false, true) == NULL && jaxc_cuda_last_status() == JAXC_CUDA_ERR_ARG);
    CHECK(jaxc_cuda_reduce(JAXC_OP_ADD, e, 0, false, true) == NULL);
    CHECK(jaxc_cuda_reduce(JAXC_OP_SUM, NULL, 0, false, true) == NULL);
    CHECK(jaxc_cuda_where(din[0], din[1], NULL, JAXC_RULES_JAX, true) == NULL);
    CHECK(jaxc_cuda_where(din[0], e, din[1], JAXC_RULES_JAX, true) == NULL);
    CHECK(strstr(jaxc_cuda_last_error(), "incompatible shapes") != NULL);
    CHECK(jaxc_cuda_random_uniform(NULL, JAXC_F32, 1, z, 0, 1, true) == NULL);
    CHECK(jaxc_cuda_random_uniform((const uint32_t[2]){1, 2}, JAXC_I32, 1, z, 0, 1, true) == NULL);
    jaxc_cuda_free(s); jaxc_cuda_free(e);
  }
  {
    /* a hand-made array whose data is not 16-byte aligned is refused, not loaded from */
    jaxc_cuda_array off = *din[11];
    off.data = (char *)off.data + 4;
    off.size = off.shape[0] = n - 1;
    CHECK(jaxc_cuda_binary(JAXC_OP_ADD, &off, din[11], JAXC_RULES_JAX, true) == NULL &&
          jaxc_cuda_last_status() == JAXC_CUDA_ERR_ARG && strstr(jaxc_cuda_last_error(), "16-byte aligned") != NULL);
    CHECK(jaxc_cuda_unary(JAXC_OP_NEGATIVE, &off, true) == NULL && jaxc_cuda_last_status() == JAXC_CUDA_ERR_ARG);
    CHECK(jaxc_cuda_reduce(JAXC_OP_SUM, &off, 0, false, true) == NULL && jaxc_cuda_last_status() == JAXC_CUDA_ERR_ARG);
    /* fmod of two bools into an output of another dtype is refused, as on the CPU (it converted) */
    const bool bt[2] = {true, false};
    jaxc_cuda_array *b2 = jaxc_cuda_upload(JAXC_BOOL, 2, bt), *wrong = jaxc_cuda_alloc_shape(JAXC_F32, 1, (const int64_t[]){2});
    CHECK(b2 && wrong && jaxc_cuda_binary_into(JAXC_OP_FMOD, b2, b2, JAXC_RULES_JAX, true, wrong) == NULL &&
          jaxc_cuda_last_status() == JAXC_CUDA_ERR_ARG);
    /* logical ops promote first, as on the CPU: uint8 1 and a weak 256 (uint8 0) is False; strict
       mode refuses int8 with float32 */
    const uint8_t u1[2] = {1, 0};
    const int32_t v256 = 256;
    jaxc_cuda_array *du = jaxc_cuda_upload(JAXC_U8, 2, u1), *dw256 = jaxc_cuda_upload_shape(JAXC_I32, 0, NULL, &v256);
    if (dw256) dw256->weak = true;
    jaxc_cuda_array *land = du && dw256 ? jaxc_cuda_binary(JAXC_OP_LOGICAL_AND, du, dw256, JAXC_RULES_JAX, false) : NULL;
    jaxc_cuda_array *lor = du && dw256 ? jaxc_cuda_binary(JAXC_OP_LOGICAL_OR, dw256, du, JAXC_RULES_JAX, false) : NULL;
    bool got_and[2] = {true, true}, got_or[2] = {false, false};
    CHECK(land && jaxc_cuda_download(land, got_and, sizeof got_and) == JAXC_CUDA_OK && !got_and[0] && !got_and[1]);
    CHECK(lor && jaxc_cuda_download(lor, got_or, sizeof got_or) == JAXC_CUDA_OK && got_or[0] && !got_or[1]);
    const int8_t i1[2] = {1, 0};
    const float f1[2] = {1, 0};
    jaxc_cuda_array *di8 = jaxc_cuda_upload(JAXC_I8, 2, i1), *df = jaxc_cuda_upload(JAXC_F32, 2, f1);
    CHECK(di8 && df && jaxc_cuda_binary(JAXC_OP_LOGICAL_AND, di8, df, JAXC_RULES_JAX_STRICT, false) == NULL);
    jaxc_cuda_free(b2); jaxc_cuda_free(wrong); jaxc_cuda_free(du); jaxc_cuda_free(dw256); jaxc_cuda_free(land);
    jaxc_cuda_free(lor); jaxc_cuda_free(di8); jaxc_cuda_free(df);
    /* a launch error the caller left pending is not reported as the next op's */
    noop_kernel<<<1, 4096>>>(); /* too many threads: cudaErrorInvalidConfiguration, pending */
    jaxc_cuda_array *ok = jaxc_cuda_unary(JAXC_OP_NEGATIVE, din[11], true);
    CHECK(ok != NULL && jaxc_cuda_last_status() == JAXC_CUDA_OK);
    jaxc_cuda_free(ok);
  }
#ifdef JAXC_EMU
  long oom = test_device_oom();
  /* again as a device without memory pools: the scratch of gathers and reductions comes from
     cudaMalloc and goes back by cudaFree (the switch is one-way, so this runs last) */
  jaxc_emu::st().no_pools = true;
  long oom_np = test_device_oom(), red_np = test_reductions(in, din, dts, nd);
  CHECK(jaxc_cuda__no_pools); /* (the scratch did take the cudaMalloc path) */
#endif
  jaxc_array_free(w); jaxc_cuda_free(dw); jaxc_array_free(a31); jaxc_array_free(b4); jaxc_cuda_free(da31); jaxc_cuda_free(db4);
  for (int i = 0; i < nd; i++) {
    jaxc_array_free(rot[i]); jaxc_cuda_free(drot[i]);
    jaxc_array_free(rotq[i]); jaxc_cuda_free(drotq[i]);
    jaxc_array_free(in[i]); jaxc_cuda_free(din[i]);
    jaxc_array_free(inq[i]); jaxc_cuda_free(dinq[i]);
    jaxc_array_free(mod[i]); jaxc_cuda_free(dmod[i]);
  }
  printf(TEST_NAME ": %ld op/dtype combinations compared on %lld elements each\n", pairs, (long long)n);
  printf(TEST_NAME ": %ld reductions, %ld where and %ld broadcast cases compared\n", reductions, wheres, broadcasts);
#ifdef JAXC_EMU
  printf(TEST_NAME ": %ld runs with one device allocation failing\n", oom);
  printf(TEST_NAME ": without memory pools: %ld such runs and %ld reductions\n", oom_np, red_np);
#endif
  printf(TEST_NAME ": %ld passed, %ld failed\n", passed, failed);
  return failed ? 1 : 0;
}
