/* GPU tests: the device ops against the CPU library on the same inputs. For every binary and
   unary op and every pair of non-complex dtypes (weak scalars included), random values mixed
   with edge values (0, -0, +-inf, NaN, min, max, subnormals) go through jaxc_cuda_binary and
   jaxc_binary; dtypes, weak flags and bytes must agree. Ops whose float values come from a
   math library (exp, sin, ... on the device's libm vs glibc) are compared within a few ulp.
   Built by `make cuda`, run by `make cuda-test`; without a GPU it checks only the no-device
   path and says so. */
#include "jaxc.h"
#include "jaxc_cuda.cuh"
#include <math.h>
#include <string.h>

static long passed, failed;
#define CHECK(c) do { if (c) passed++; else if (failed++ < 30) fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, #c); } while (0)
#define CHECK_MSG(c, ...) do { if (c) passed++; else if (failed++ < 30) { fprintf(stderr, "FAIL: "); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_u64(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

/* n values of dtype d: edge values first, then random bits (floats) or random integers. */
static jaxc_array *inputs(jaxc_dtype d, int64_t n) {
  static const double edges[] = {0.0, -0.0, 1.0, -1.0, 2.5, -2.5, INFINITY, -INFINITY, NAN, 1e-40, -1e-310,
                                 65504.0, 3.4e38, 127.0, -128.0, 255.0, 32767.0, -32768.0, 2147483647.0, -2147483648.0};
  jaxc_array *f = jaxc_array_empty(JAXC_F64, 1, &n), *out = NULL;
  double *p = f ? (double *)f->data : NULL;
  for (int64_t i = 0; p && i < n; i++) {
    uint64_t r = next_u64();
    double v;
    if (i < (int64_t)(sizeof edges / sizeof edges[0])) v = edges[i];
    else if (jaxc_dtype_kind(d) == JAXC_KIND_FLOAT) memcpy(&v, &r, sizeof v), v = (r & 1) ? v : (double)(int64_t)(r >> 40) / 1024.0;
    else v = (double)(int64_t)(r % 2001) - 1000.0;
    p[i] = v;
  }
  if (f) out = jaxc_astype(f, d);
  jaxc_array_free(f);
  return out;
}

static bool libm_op(jaxc_op op) {
  switch (op) {
  case JAXC_OP_EXP: case JAXC_OP_LOG: case JAXC_OP_LOG1P: case JAXC_OP_EXPM1: case JAXC_OP_SIN: case JAXC_OP_COS:
  case JAXC_OP_TAN: case JAXC_OP_TANH: case JAXC_OP_POWER: case JAXC_OP_ARCTAN2: case JAXC_OP_HYPOT:
  case JAXC_OP_LOGADDEXP: case JAXC_OP_SQRT: return true;
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
  return fabs(a - b) / ldexp(1.0, e - mant);
}

static void compare(const char *what, jaxc_op op, const jaxc_array *cpu, const jaxc_cuda_array *gpu) {
  CHECK_MSG(cpu && gpu, "%s: cpu %s / gpu %s", what, cpu ? "ok" : jaxc_last_error(), gpu ? "ok" : jaxc_cuda_last_error());
  if (!cpu || !gpu) return;
  CHECK_MSG(cpu->dtype == gpu->dtype && cpu->weak == gpu->weak && cpu->size == gpu->size, "%s: dtype/weak/size", what);
  if (cpu->dtype != gpu->dtype || cpu->size != gpu->size) return;
  size_t es = jaxc_dtype_size(cpu->dtype), bytes = (size_t)cpu->size * es;
  unsigned char *host = (unsigned char *)malloc(bytes ? bytes : 1);
  CHECK(jaxc_cuda_download(gpu, host, bytes) == JAXC_CUDA_OK);
  bool exact = !libm_op(op) || jaxc_dtype_kind(cpu->dtype) != JAXC_KIND_FLOAT;
  for (int64_t i = 0; i < cpu->size; i++) {
    const unsigned char *c = (const unsigned char *)cpu->data + (size_t)i * es, *g = host + (size_t)i * es;
    if (exact) {
      double cv, gv;
      jaxc_kernel_cast_dyn(cpu->dtype, JAXC_F64, 1, c, &cv);
      jaxc_kernel_cast_dyn(cpu->dtype, JAXC_F64, 1, g, &gv);
      CHECK_MSG(memcmp(c, g, es) == 0 || (cv != cv && gv != gv), "%s[%lld]: cpu %.17g gpu %.17g", what, (long long)i, cv, gv);
    } else {
      double cv, gv;
      jaxc_kernel_cast_dyn(cpu->dtype, JAXC_F64, 1, c, &cv);
      jaxc_kernel_cast_dyn(cpu->dtype, JAXC_F64, 1, g, &gv);
      CHECK_MSG(ulps(cv, gv, cpu->dtype) <= 4, "%s[%lld]: cpu %.17g gpu %.17g", what, (long long)i, cv, gv);
    }
  }
  free(host);
}

static jaxc_cuda_array *to_device(const jaxc_array *a) {
  jaxc_cuda_array *d = jaxc_cuda_upload_shape(a->dtype, a->ndim, a->shape, a->data);
  if (d) d->weak = a->weak;
  return d;
}

int main(void) {
  if (!jaxc_cuda_available()) {
    CHECK(jaxc_cuda_alloc(JAXC_F32, 4) == NULL);
    CHECK(jaxc_cuda_last_status() == JAXC_CUDA_ERR_NO_DEVICE);
    printf("test_cuda: no CUDA device: only the no-device path was checked\n");
    printf("test_cuda: %ld passed, %ld failed\n", passed, failed);
    return failed ? 1 : 0;
  }
  jaxc_set_x64(true); /* every dtype exists on both sides */
  const int64_t n = 1000;
  const jaxc_dtype dts[] = {JAXC_BOOL, JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64,
                            JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64};
  const int nd = (int)(sizeof dts / sizeof dts[0]);
  jaxc_array *in[16];
  jaxc_cuda_array *din[16];
  for (int i = 0; i < nd; i++) { in[i] = inputs(dts[i], n); din[i] = to_device(in[i]); }
  char what[128];
  long pairs = 0;
  for (int op = 0; op < JAXC_NUM_OPS; op++) {
    if (jaxc_op_arity((jaxc_op)op) == JAXC_ARITY_UN) {
      for (int i = 0; i < nd; i++) {
        jaxc_array *c = jaxc_unary((jaxc_op)op, in[i]);
        if (!c) continue; /* the CPU refuses this dtype; the device must too */
        jaxc_cuda_array *g = jaxc_cuda_unary((jaxc_op)op, din[i], true);
        snprintf(what, sizeof what, "%s(%s)", jaxc_op_name((jaxc_op)op), jaxc_dtype_code(dts[i]));
        compare(what, (jaxc_op)op, c, g);
        jaxc_array_free(c); jaxc_cuda_free(g);
        pairs++;
      }
    }
    if (jaxc_op_arity((jaxc_op)op) != JAXC_ARITY_BIN) continue;
    for (int i = 0; i < nd; i++)
      for (int j = 0; j < nd; j++) {
        if (op == JAXC_OP_POWER && jaxc_dtype_kind(dts[j]) != JAXC_KIND_FLOAT) continue; /* negative exponents */
        jaxc_array *c = jaxc_binary((jaxc_op)op, in[i], in[j]);
        if (!c) continue;
        jaxc_cuda_array *g = jaxc_cuda_binary((jaxc_op)op, din[i], din[j], JAXC_RULES_JAX, true);
        snprintf(what, sizeof what, "%s(%s, %s)", jaxc_op_name((jaxc_op)op), jaxc_dtype_code(dts[i]), jaxc_dtype_code(dts[j]));
        compare(what, (jaxc_op)op, c, g);
        jaxc_array_free(c); jaxc_cuda_free(g);
        pairs++;
      }
  }
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
  /* errors: a launch on freed memory is reported, not fatal */
  CHECK(jaxc_cuda_alloc(JAXC_F64, (int64_t)1 << 50) == NULL && jaxc_cuda_last_status() == JAXC_CUDA_ERR_NOMEM);
  CHECK(jaxc_cuda_binary(JAXC_OP_SQRT, din[0], din[0], JAXC_RULES_JAX, true) == NULL);
  jaxc_array_free(w); jaxc_cuda_free(dw); jaxc_array_free(a31); jaxc_array_free(b4); jaxc_cuda_free(da31); jaxc_cuda_free(db4);
  for (int i = 0; i < nd; i++) { jaxc_array_free(in[i]); jaxc_cuda_free(din[i]); }
  printf("test_cuda: %ld op/dtype combinations compared on %lld elements each\n", pairs, (long long)n);
  printf("test_cuda: %ld passed, %ld failed\n", passed, failed);
  return failed ? 1 : 0;
}
