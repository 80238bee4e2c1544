/* testlib.h — helpers the test programs share, all written here from first principles (none
   uses the library under test): seeded generators, bit casts, an input checksum, and a 16-bit
   float reference built on ldexp/nearbyint. Everything is static inline: a test uses what it
   needs. Each test seeds the generators it uses, so its inputs are its own. tools/exhaustive.c
   uses it too. */
#ifndef JAXC_TESTLIB_H
#define JAXC_TESTLIB_H
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jaxc.h"

/* What jaxc_array_print writes for a, without its last newline ("" if printing fails); the
   buffer is reused by the next call. */
static inline const char *print_to_string(const jaxc_array *a) {
  static char printed[1 << 16];
  FILE *f = tmpfile();
  printed[0] = 0;
  if (!f) return printed;
  if (jaxc_array_print(a, f) != JAXC_OK) {
    fclose(f);
    return printed;
  }
  rewind(f);
  size_t n = fread(printed, 1, sizeof printed - 1, f);
  printed[n] = 0;
  if (n && printed[n - 1] == '\n') printed[n - 1] = 0;
  fclose(f);
  return printed;
}

/* JAX's jnp.add result for every pair of lattice nodes (tests/data/promotion.txt, recorded from
   JAX 0.11.2; $JAXC_TEST_DATA overrides the folder) as g[strict][x64][a][b]: "code", "code~"
   (weakly typed) or "-" (refused). Returns the rows read: 4 x 18 x 18 when the file is whole. */
static inline int read_golden_promotion(char g[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8]) {
  const char *dir = getenv("JAXC_TEST_DATA");
  char path[512], line[256], mode[32], x64[8], a[8], b[8], r[8];
  snprintf(path, sizeof path, "%s/promotion.txt", dir ? dir : "tests/data");
  FILE *f = fopen(path, "r");
  if (!f) f = fopen("../shared/golden/promotion.txt", "r");
  if (!f) return fprintf(stderr, "cannot open %s (run from the repository root)\n", path), 0;
  int rows = 0;
  while (fgets(line, sizeof line, f)) {
    if (sscanf(line, "promote %31s %7s %7s %7s %7s", mode, x64, a, b, r) != 5) continue;
    jaxc_dtype da = jaxc_dtype_parse(a), db = jaxc_dtype_parse(b);
    if (da == JAXC_DTYPE_INVALID || db == JAXC_DTYPE_INVALID) continue;
    snprintf(g[strcmp(mode, "strict") == 0][strcmp(x64, "x64") == 0][da][db], 8, "%s", r);
    rows++;
  }
  fclose(f);
  return rows;
}

/* A golden cell, "code" or "code~", as its dtype and weak flag. */
static inline jaxc_dtype golden_cell(const char *g, bool *weak) {
  char code[8];
  snprintf(code, sizeof code, "%.7s", g);
  size_t n = strlen(code);
  *weak = n > 0 && code[n - 1] == '~';
  if (*weak) code[n - 1] = 0;
  return jaxc_dtype_parse(code);
}

/* The golden table's four modes in turn (standard and strict, x64 off and on), each set before
   the loop's body runs: FOR_EACH_GOLDEN_MODE(strict, x64) { ... golden[strict][x64] ... } */
static inline bool golden_mode(int strict, int x64) {
  jaxc_set_x64(x64);
  jaxc_set_promotion(strict ? JAXC_RULES_JAX_STRICT : JAXC_RULES_JAX);
  return true;
}
#define FOR_EACH_GOLDEN_MODE(strict, x64)   \
  for (int strict = 0; strict < 2; strict++) \
    for (int x64 = 0; x64 < 2 && golden_mode(strict, x64); x64++)

#ifdef JAXC_TEST_CHECK_H
/* r against golden cell g: refused ("-") with the promotion status, or of its dtype and weak flag.
   True when r is a result whose values the caller should check. */
static inline bool golden_result_ok(const char *g, const jaxc_array *r, const char *what) {
  if (g[0] == '-') {
    CHECK_MSG(!r && jaxc_last_status() == JAXC_ERR_PROMOTION, "%s should be refused", what);
    return false;
  }
  bool weak;
  jaxc_dtype want = golden_cell(g, &weak);
  CHECK_MSG(r && jaxc_array_dtype(r) == want && jaxc_array_is_weak(r) == weak, "%s: got %s%s, want %s", what,
            r ? jaxc_dtype_name(jaxc_array_dtype(r)) : "NULL", r && jaxc_array_is_weak(r) ? "~" : "", g);
  return r != NULL;
}
/* The golden table read into g, checked whole (four modes of 18 x 18 lattice nodes). */
static inline bool load_golden_table(char g[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8]) {
  int rows = read_golden_promotion(g);
  CHECK_EQ_INT(rows, 4 * 18 * 18);
  return rows == 4 * 18 * 18;
}
#endif
/* The 0-d weak scalar standing for weak node d (i*, f*, c*: a Python int, float or complex), one
   value or (second) another. */
static inline jaxc_array *weak_node_scalar(jaxc_dtype d, bool second) {
  if (d == JAXC_WEAK_INT) return jaxc_weak_int(second ? -2 : 3);
  if (d == JAXC_WEAK_FLOAT) return jaxc_weak_float(second ? 0.25 : 1.5);
  return second ? jaxc_weak_complex(0.5, 1) : jaxc_weak_complex(1, -2);
}
#ifdef JAXC_TEST_CHECK_H
/* r (then freed) printed as JAX prints it, or the error message of a NULL r. */
static inline void expect_print(jaxc_array *r, const char *want, const char *what) {
  const char *got = r ? print_to_string(r) : jaxc_last_error();
  CHECK_MSG(r && strcmp(got, want) == 0, "%s: got %s", what, got);
  jaxc_array_free(r);
}
static inline void expect_error(jaxc_array *r, const char *want) {
  CHECK_MSG(!r && strcmp(jaxc_last_error(), want) == 0, "want \"%s\", got \"%s\"", want, r ? "a result" : jaxc_last_error());
  jaxc_array_free(r);
}
#endif

/* dot_general's type_properties (jax/_src/lax/lax.py, XLA's HigherPrecisionType): complex,
   finfo(component).maxexp and .nmant (-1 for non-floats), the component's bit width (bool 1),
   signed (not an unsigned integer). */
static inline const int *type_properties(jaxc_dtype d) {
  static const int p[JAXC_NUM_CONCRETE_DTYPES][5] = {
      [JAXC_BOOL] = {0, -1, -1, 1, 1},  [JAXC_U8] = {0, -1, -1, 8, 0},    [JAXC_U16] = {0, -1, -1, 16, 0},
      [JAXC_U32] = {0, -1, -1, 32, 0},  [JAXC_U64] = {0, -1, -1, 64, 0},  [JAXC_I8] = {0, -1, -1, 8, 1},
      [JAXC_I16] = {0, -1, -1, 16, 1},  [JAXC_I32] = {0, -1, -1, 32, 1},  [JAXC_I64] = {0, -1, -1, 64, 1},
      [JAXC_BF16] = {0, 128, 7, 16, 1}, [JAXC_F16] = {0, 16, 10, 16, 1},  [JAXC_F32] = {0, 128, 23, 32, 1},
      [JAXC_F64] = {0, 1024, 52, 64, 1}, [JAXC_C64] = {1, 128, 23, 32, 1}, [JAXC_C128] = {1, 1024, 52, 64, 1},
  };
  return p[d];
}
/* x > y in that order (lexicographic on the tuples) */
static inline bool higher(jaxc_dtype x, jaxc_dtype y) {
  const int *a = type_properties(x), *b = type_properties(y);
  for (int i = 0; i < 5; i++)
    if (a[i] != b[i]) return a[i] > b[i];
  return false;
}
/* dot_general's TypeError (_maybe_upcast): a preferred type of fewer bits than the higher operand
   type, where that is not a real float */
static inline bool dot_narrower(jaxc_dtype a, jaxc_dtype b, jaxc_dtype preferred) {
  jaxc_dtype r = higher(a, b) ? a : b;
  return r != preferred && jaxc_dtype_kind(r) != JAXC_KIND_FLOAT && type_properties(preferred)[3] < type_properties(r)[3];
}

/* splitmix64 and xorshift64 (the tests' two generators) */
static uint64_t rng_state = 0x2545F4914F6CDD1Du;
static inline uint64_t rnd64(void) {
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}
static uint64_t rng = 0x9E3779B97F4A7C15u;
static inline uint64_t next_u64(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }

/* An array of random bytes (bool: 0/1); x64 off narrows d as jnp does. */
static inline jaxc_array *random_bytes_array(jaxc_dtype d, int nd, const int64_t *shape) {
  jaxc_array *a = jaxc_array_empty(d, nd, shape);
  if (!a) return NULL;
  unsigned char *p = (unsigned char *)jaxc_array_data(a);
  size_t n = (size_t)jaxc_array_size(a) * jaxc_dtype_size(jaxc_array_dtype(a));
  for (size_t i = 0; i < n; i++) p[i] = d == JAXC_BOOL ? (unsigned char)(rnd64() & 1) : (unsigned char)rnd64();
  return a;
}
/* flat index <-> coordinates, row-major */
static inline void coords_of(int64_t t, int nd, const int64_t *shape, int64_t *c) {
  for (int k = nd - 1; k >= 0; k--) c[k] = t % shape[k], t /= shape[k];
}
static inline int64_t flat_of(int nd, const int64_t *shape, const int64_t *c) {
  int64_t t = 0;
  for (int k = 0; k < nd; k++) t = t * shape[k] + c[k];
  return t;
}

/* bit casts through memcpy */
static inline uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static inline double u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

/* |got - ref| in ulps of ref's rounding to the type; 0 for both NaN; infinite for a NaN or an
   infinity that the rounded reference is not */
static inline double ulps_d(double got, long double ref) {
  double r = (double)ref;
  if (isnan(got) || isnan(r)) return isnan(got) && isnan(r) ? 0 : INFINITY;
  if (isinf(r) || isinf(got)) return got == r ? 0 : INFINITY;
  double u = nextafter(fabs(r), INFINITY) - fabs(r);
  return (double)fabsl((long double)got - ref) / u;
}
static inline double ulps_f(float got, long double ref) {
  float r = (float)ref;
  if (isnan(got) || isnan(r)) return isnan(got) && isnan(r) ? 0 : INFINITY;
  if (isinf(r) || isinf(got)) return got == r ? 0 : INFINITY;
  float u = nextafterf(fabsf(r), INFINITY) - fabsf(r);
  return (double)(fabsl((long double)got - ref) / u);
}

/* FNV-1a over an array's bytes: inputs must come back from every call unchanged */
static inline uint64_t checksum(const jaxc_array *a) {
  uint64_t h = 1469598103934665603u;
  const unsigned char *p = (const unsigned char *)jaxc_array_data(a);
  size_t n = (size_t)jaxc_array_size(a) * jaxc_dtype_size(jaxc_array_dtype(a));
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211u;
  return h;
}

/* A 16-bit float format by its fields: decoding and round-to-nearest-even from double, written
   here from IEEE 754 (ldexp / nearbyint), independent of the bf16/f16 conversions of jaxc_kernels.h. */
typedef struct fmt16 { int man, bias; } fmt16;
#define F16F ((fmt16){10, 15})
#define BF16F ((fmt16){7, 127})
static inline double dec16(fmt16 f, uint16_t p) {
  int e = (p >> f.man) & ((1 << (15 - f.man)) - 1), emax = (1 << (15 - f.man)) - 1;
  uint32_t m = p & ((1u << f.man) - 1);
  double s = (p & 0x8000) ? -1.0 : 1.0, v;
  if (e == emax) v = m ? NAN : INFINITY;
  else if (e == 0) v = ldexp((double)m, 1 - f.bias - f.man);
  else v = ldexp((double)(m | (1u << f.man)), e - f.bias - f.man);
  return s * v;
}
/* x rounded to format f (ties to even; overflow -> inf; subnormals kept), as a double. */
static inline double round16(fmt16 f, double x) {
  if (x != x || isinf(x) || x == 0) return x;
  int e;
  frexp(x, &e); /* |x| in [2^(e-1), 2^e) */
  int q = e - 1 - f.man;          /* ulp exponent for normals */
  int qmin = 1 - f.bias - f.man;  /* ulp exponent of subnormals */
  if (q < qmin) q = qmin;
  double r = ldexp(nearbyint(ldexp(x, -q)), q);
  double maxf = ldexp((double)((2u << f.man) - 1), (1 << (15 - f.man)) - 2 - f.bias - f.man);
  if (fabs(r) > maxf) return copysign(INFINITY, x);
  return r;
}
static inline uint16_t enc16(fmt16 f, double x) { /* x must be representable (or NaN/inf) */
  if (x != x) return (uint16_t)(((1u << (15 - f.man)) - 1) << f.man | (1u << (f.man - 1)));
  uint16_t s = signbit(x) ? 0x8000 : 0;
  x = fabs(x);
  uint16_t emax = (uint16_t)((1u << (15 - f.man)) - 1);
  if (isinf(x)) return (uint16_t)(s | emax << f.man);
  if (x == 0) return s;
  int e;
  frexp(x, &e);
  int be = e - 1 + f.bias;
  if (be <= 0) return (uint16_t)(s | (uint16_t)ldexp(x, f.bias - 1 + f.man));
  return (uint16_t)(s | be << f.man | ((uint16_t)(ldexp(x, f.man - (e - 1))) & ((1u << f.man) - 1)));
}

/* small random values of dtype d, shape (nd, shape): integers -4..4, floats with a few bits (so
   that sums of products are nearly exact), complex parts alike, bool 0/1 (narrowed with x64 off) */
static inline jaxc_array *small_random_array(jaxc_dtype d, int nd, const int64_t *shape) {
  int64_t n = 1;
  for (int k = 0; k < nd; k++) n *= shape[k];
  jaxc_array *a = jaxc_array_empty(d, nd, shape), flat;
  bool x64 = jaxc_x64();
  jaxc_set_x64(true);
  jaxc_array *f = jaxc_array_empty(JAXC_C128, 1, &n);
  double *p = (double *)jaxc_array_data(f);
  for (int64_t i = 0; i < n; i++) {
    p[2 * i] = (double)((int64_t)(rnd64() % 9) - 4) * (rnd64() % 4 ? 1.0 : 0.375);
    p[2 * i + 1] = (double)((int64_t)(rnd64() % 9) - 4) * 0.5;
  }
  jaxc_array_wrap(&flat, jaxc_array_dtype(a), 1, &n, a->data);
  jaxc_astype_into(f, &flat);
  jaxc_array_free(f);
  jaxc_set_x64(x64);
  return a;
}
/* The unit roundoff of a result dtype (float32's for complex64, float64's for complex128), and
   whether got is within 4 of them of want, relative to |want| plus the terms' magnitude (NaN
   matches NaN, an infinity only itself). */
static inline long double eps_of(jaxc_dtype d) {
  switch (d) {
  case JAXC_BF16: return 0x1p-8L;
  case JAXC_F16: return 0x1p-11L;
  case JAXC_F32: case JAXC_C64: return 0x1p-24L;
  default: return 0x1p-53L;
  }
}
static inline bool close_to(long double got, long double want, long double scale, jaxc_dtype d) {
  if (want != want) return got != got;
  if (isinf(want)) return got == want;
  if (scale != scale) scale = 0;
  return fabsl(got - want) <= 4 * eps_of(d) * (fabsl(want) + scale) + 1e-300L;
}
/* A reduction's lanes over axis (JAXC_ALL_AXES: one lane of everything): lane j has n elements
   from (j / inner) * n * inner + j % inner, stride inner. */
typedef struct lane_geom { int64_t outer, n, inner; } lane_geom;
static inline lane_geom lanes_of(const jaxc_array *a, int axis) {
  int nd = jaxc_array_ndim(a);
  const int64_t *sh = jaxc_array_shape(a);
  int ax = axis == JAXC_ALL_AXES ? -1 : (axis < 0 ? axis + nd : axis);
  lane_geom g = {1, jaxc_array_size(a), 1};
  if (ax >= 0) {
    g.n = sh[ax];
    for (int i = 0; i < ax; i++) g.outer *= sh[i];
    for (int i = ax + 1; i < nd; i++) g.inner *= sh[i];
  }
  return g;
}
/* the spacing of d's floats at |v| (float32's for complex64, float64's for complex128) */
static inline double ulp_of(jaxc_dtype d, long double v) {
  int man = d == JAXC_BF16 ? 7 : d == JAXC_F16 ? 10 : d == JAXC_F32 || d == JAXC_C64 ? 23 : 52;
  int e;
  frexpl(fabsl(v), &e);
  if (v == 0) e = d == JAXC_F16 ? -13 : -125;
  return ldexp(1.0, e - 1 - man);
}

/* ---- lax.sort's order on decoded values (test_search, test_order) ----------------------------- */
typedef struct ordval { int cls; uint64_t u; int64_t i; double re, im; } ordval; /* cls 0 uint, 1 int, 2 float */
static inline ordval decode(jaxc_dtype d, const void *p) {
  ordval v = {0, 0, 0, 0, 0};
  switch (d) {
  case JAXC_BOOL: case JAXC_U8: v.u = *(const uint8_t *)p; break;
  case JAXC_U16: v.u = *(const uint16_t *)p; break;
  case JAXC_U32: v.u = *(const uint32_t *)p; break;
  case JAXC_U64: v.u = *(const uint64_t *)p; break;
  case JAXC_I8: v.cls = 1, v.i = *(const int8_t *)p; break;
  case JAXC_I16: v.cls = 1, v.i = *(const int16_t *)p; break;
  case JAXC_I32: v.cls = 1, v.i = *(const int32_t *)p; break;
  case JAXC_I64: v.cls = 1, v.i = *(const int64_t *)p; break;
  case JAXC_BF16: v.cls = 2, v.re = dec16(BF16F, *(const uint16_t *)p); break;
  case JAXC_F16: v.cls = 2, v.re = dec16(F16F, *(const uint16_t *)p); break;
  case JAXC_F32: v.cls = 2, v.re = *(const float *)p; break;
  case JAXC_F64: v.cls = 2, v.re = *(const double *)p; break;
  case JAXC_C64: v.cls = 2, v.re = ((const float *)p)[0], v.im = ((const float *)p)[1]; break;
  default: v.cls = 2, v.re = ((const double *)p)[0], v.im = ((const double *)p)[1]; break;
  }
  return v;
}
static inline int order_fcmp(double a, double b) { /* NaN last and equal to NaN; -0 == 0 */
  if (a != a || b != b) return (a != a) - (b != b);
  return (a > b) - (a < b);
}
static inline int order_cmp(ordval a, ordval b) {
  if (a.cls == 0) return (a.u > b.u) - (a.u < b.u);
  if (a.cls == 1) return (a.i > b.i) - (a.i < b.i);
  int c = order_fcmp(a.re, b.re);
  return c ? c : order_fcmp(a.im, b.im);
}
/* values that exercise the radix passes: kind 0 random bits, 1 few distinct values, 2 small
   integers (wide dtypes: the high bytes all equal, their passes skipped), 3 all equal, 4 random
   bits with -0.0, 0.0, -NaN, NaN and infinities planted, 5 all equal but one (each byte of its
   key shared by all the others but one) */
static inline jaxc_array *sort_input(jaxc_dtype d, int nd, const int64_t *shape, int kind) {
  jaxc_array *a = random_bytes_array(d, nd, shape);
  if (!a) return NULL;
  jaxc_dtype st = jaxc_array_dtype(a);
  size_t es = jaxc_dtype_size(st);
  int64_t n = jaxc_array_size(a);
  char *p = (char *)jaxc_array_data(a);
  double pick[4] = {-3.0, 0.5, 7.0, 1e3};
  for (int64_t i = 0; kind && kind != 4 && i < n; i++) {
    if (kind == 5 && i == n / 3) continue; /* the one left random */
    double v[2] = {kind == 1 ? pick[rnd64() % 4] : kind == 2 ? (double)(int)(rnd64() % 200) - (jaxc_dtype_kind(st) == JAXC_KIND_UINT ? 0 : 100) : 5.0,
                   kind == 1 ? pick[rnd64() % 2] : 0.0};
    if (st == JAXC_BOOL) v[0] = (double)(kind >= 3 || (rnd64() & 1));
    jaxc_kernel_cast_dyn(JAXC_C128, st, 1, v, p + (size_t)i * es);
  }
  if (kind == 4 && (jaxc_dtype_kind(st) == JAXC_KIND_FLOAT || jaxc_dtype_kind(st) == JAXC_KIND_COMPLEX)) {
    double planted[7][2] = {{-0.0, 0.0}, {0.0, -0.0}, {-NAN, 1.0}, {NAN, NAN}, {INFINITY, -0.0}, {-INFINITY, 2.0}, {1.0, -NAN}};
    for (int64_t i = 0; i < n; i += 1 + (int64_t)(rnd64() % 5))
      jaxc_kernel_cast_dyn(JAXC_C128, st, 1, planted[rnd64() % 7], p + (size_t)i * es);
  }
  return a;
}

/* A call that must fail with JAX's message `want` (NULL result, a status, the exact text). */
static inline const char *msg_is(const char *want) {
  static char buf[600];
  snprintf(buf, sizeof buf, "message \"%s\", want \"%s\"", jaxc_last_error(), want);
  return buf;
}
#define CHECK_FAILS(expr, want)                                                        \
  do {                                                                                 \
    jaxc_array *r_ = (expr);                                                           \
    CHECK_MSG(r_ == NULL && jaxc_last_status() != JAXC_OK, "%s should fail", #expr);   \
    CHECK_MSG(strcmp(jaxc_last_error(), want) == 0, "%s", msg_is(want));               \
    jaxc_array_free(r_);                                                               \
  } while (0)
#endif
