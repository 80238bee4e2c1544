/* parts/random.h — spliced into jaxc.h: jax.random with threefry2x32 keys, bit-exact with JAX 0.11
   under its default jax_threefry_partitionable=True.

   WHAT
     Keys are plain values (jaxc_key, two uint32 words, what jax.random.key_data shows). Every
     generator draws element i of the flattened output from threefry2x32(key, (hi32(i), lo32(i))),
     so element i never depends on the shape, the thread count or the other elements.
       jaxc_random_key(seed)        jax.random.key / PRNGKey: [hi32, lo32] of the int64 seed with
                                    x64 on; [0, lo32] with x64 off (JAX first narrows the seed to int32)
       jaxc_random_split(key, n)    key i = threefry(key, (0, i))
       jaxc_random_fold_in(key, d)  threefry(key, (0, d)): equal to split(key, d + 1)[d]
       bits       u32: w0 ^ w1; u8/u16: that, truncated; u64: w0 << 32 | w1
       uniform    mantissa bits | 1.0, minus 1, fma(f, max - min, min), max(min, .) as XLA CPU
                  computes it (it contracts the multiply-add); bf16 takes 8 random bits, f16 16
       normal     sqrt(2) * erf_inv(uniform(nextafter(-1, 0), 1)) with XLA's ErfInv polynomials
       randint    two bit draws from split(key), JAX's span / multiplier arithmetic, out-of-range
                  bounds clipped to the dtype as JAX clips them
       bernoulli  uniform(key, float dtype of a Python float) < p
       permutation  JAX's _shuffle: ceil(3 ln n / ln(2^32 - 1)) rounds of a stable sort by fresh
                  32-bit keys; int32 result (int64 with x64), like jnp.arange(n)
     Output dtypes follow x64 as JAX does: float64 asks give float32 with x64 off, and so on.

   BIT-EXACTNESS (checked in tests/test_random.c)
     key, split, fold_in, bits (all widths), uniform f32/f64/bf16/f16 on [0, 1) and f32 with other
     bounds: against recorded JAX 0.11 outputs. threefry2x32-20: Random123's known answers.
     randint, bernoulli, permutation: exact by construction (integer arithmetic and a stable sort
     on exact bits), checked against independent reimplementations and JAX facts.
     normal: XLA's polynomial with the same fused multiply-adds; log1p comes from libm where XLA
     uses its own, so a value may differ from JAX's by an ulp or two.
     bf16/f16 uniform with bounds other than [0, 1): JAX's formula with the bounds and the span
     rounded to the 16-bit type, one fused multiply-add in f32, one rounding (not checked).

   NO ALLOCATION
     Each generator has an _into form that writes n elements of the storage dtype
     (jaxc_storage_dtype(dtype, jaxc_x64())) into caller memory and returns a jaxc_status:
         float buf[256];
         if (jaxc_random_uniform_into(k, JAXC_F32, 256, 0.0, 1.0, buf) != JAXC_OK) ...
     jaxc_random_permutation_into also takes scratch of jaxc_random_permutation_scratch_bytes(n)
     bytes (4-byte aligned) for its sort.

   PARALLELISM
     Outputs above JAXC__RND_PAR_BYTES (2 MiB) are filled by OpenMP threads (with -fopenmp and
     without JAXC_NO_OPENMP), in blocks of JAXC__RND_BLOCK counters; the inner loops are plain
     uint32 arithmetic that compilers vectorise. */
#ifndef JAXC__PART_IMPL

typedef struct jaxc_key { uint32_t data[2]; } jaxc_key;

/* The threefry2x32 block cipher with 20 rounds (Random123's threefry2x32_20): out = E_key(in). */
JAXC_API void jaxc_threefry2x32(jaxc_key key, const uint32_t in[2], uint32_t out[2]);

JAXC_API jaxc_key jaxc_random_key(int64_t seed);
JAXC_API void jaxc_random_split(jaxc_key key, int n, jaxc_key *out); /* n < 0 or out NULL: status set, nothing written */
JAXC_API jaxc_key jaxc_random_fold_in(jaxc_key key, uint32_t data);

JAXC_API jaxc_array *jaxc_random_bits(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_random_uniform(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape, double minval, double maxval);
JAXC_API jaxc_array *jaxc_random_normal(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_random_randint(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape, int64_t minval, int64_t maxval);
JAXC_API jaxc_array *jaxc_random_bernoulli(jaxc_key key, double p, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_random_permutation(jaxc_key key, int64_t n);

/* The same generators writing n elements into caller memory; 0 (JAXC_OK) or a jaxc_status.
   Element type: jaxc_storage_dtype(dtype, jaxc_x64()); bernoulli writes bool; permutation
   writes int32 (int64 with x64). */
JAXC_API int jaxc_random_bits_into(jaxc_key key, jaxc_dtype dtype, int64_t n, void *out);
JAXC_API int jaxc_random_uniform_into(jaxc_key key, jaxc_dtype dtype, int64_t n, double minval, double maxval, void *out);
JAXC_API int jaxc_random_normal_into(jaxc_key key, jaxc_dtype dtype, int64_t n, void *out);
JAXC_API int jaxc_random_randint_into(jaxc_key key, jaxc_dtype dtype, int64_t n, int64_t minval, int64_t maxval, void *out);
JAXC_API int jaxc_random_bernoulli_into(jaxc_key key, double p, int64_t n, bool *out);
JAXC_API size_t jaxc_random_permutation_scratch_bytes(int64_t n);
JAXC_API int jaxc_random_permutation_into(jaxc_key key, int64_t n, void *out, void *scratch);

/* Internal: the per-element normal transforms of one raw draw (u32 / u64 bits), for tests. */
JAXC_API float jaxc__rnd_normal_f32(uint32_t bits);
JAXC_API double jaxc__rnd_normal_f64(uint64_t bits);

#else /* JAXC__PART_IMPL */

#include <float.h>

#define JAXC__RND_BLOCK 1024                     /* counters per block; divides 2^32 */
#define JAXC__RND_PAR_BYTES ((int64_t)2 << 20)   /* outputs above this go to OpenMP threads */

/* --- threefry2x32 ---------------------------------------------------------------------------*/
#define JAXC__TF_ROT(x, r) (((x) << (r)) | ((x) >> (32 - (r))))
#define JAXC__TF_ROUND(x0, x1, r) (x0 += x1, x1 = JAXC__TF_ROT(x1, r), x1 ^= x0)
#define JAXC__TF_ROUNDS_A(x0, x1) \
  (JAXC__TF_ROUND(x0, x1, 13), JAXC__TF_ROUND(x0, x1, 15), JAXC__TF_ROUND(x0, x1, 26), JAXC__TF_ROUND(x0, x1, 6))
#define JAXC__TF_ROUNDS_B(x0, x1) \
  (JAXC__TF_ROUND(x0, x1, 17), JAXC__TF_ROUND(x0, x1, 29), JAXC__TF_ROUND(x0, x1, 16), JAXC__TF_ROUND(x0, x1, 24))
/* Five groups of four rounds with a key injection after each, as Random123 and JAX define it. */
#define JAXC__TF20(k0, k1, k2, x0, x1)                       \
  do {                                                       \
    x0 += k0; x1 += k1;                                      \
    JAXC__TF_ROUNDS_A(x0, x1); x0 += k1; x1 += k2 + 1u;      \
    JAXC__TF_ROUNDS_B(x0, x1); x0 += k2; x1 += k0 + 2u;      \
    JAXC__TF_ROUNDS_A(x0, x1); x0 += k0; x1 += k1 + 3u;      \
    JAXC__TF_ROUNDS_B(x0, x1); x0 += k1; x1 += k2 + 4u;      \
    JAXC__TF_ROUNDS_A(x0, x1); x0 += k2; x1 += k0 + 5u;      \
  } while (0)

JAXC_API void jaxc_threefry2x32(jaxc_key key, const uint32_t in[2], uint32_t out[2]) {
  uint32_t k0 = key.data[0], k1 = key.data[1], k2 = k0 ^ k1 ^ 0x1BD11BDAu;
  uint32_t x0 = in[0], x1 = in[1];
  JAXC__TF20(k0, k1, k2, x0, x1);
  out[0] = x0;
  out[1] = x1;
}

/* Counters start .. start+m-1 (a block never crosses a multiple of 2^32, so the high word is
   fixed): one vectorisable loop. */
static void jaxc__rnd_threefry_block(jaxc_key key, uint64_t start, int m, uint32_t *restrict o0, uint32_t *restrict o1) {
  const uint32_t k0 = key.data[0], k1 = key.data[1], k2 = k0 ^ k1 ^ 0x1BD11BDAu;
  const uint32_t hi = (uint32_t)(start >> 32), lo = (uint32_t)start;
  for (int j = 0; j < m; j++) {
    uint32_t x0 = hi, x1 = lo + (uint32_t)j;
    JAXC__TF20(k0, k1, k2, x0, x1);
    o0[j] = x0;
    o1[j] = x1;
  }
}

static jaxc_key jaxc__rnd_child(jaxc_key key, uint32_t hi, uint32_t lo) {
  uint32_t in[2] = {hi, lo};
  jaxc_key k;
  jaxc_threefry2x32(key, in, k.data);
  return k;
}

/* --- keys -----------------------------------------------------------------------------------*/
/* jax._src.prng.threefry_seed: shift_right_logical(seed, 32) and seed & 0xFFFFFFFF. With x64 off
   JAX has already narrowed the seed to int32, whose logical shift by 32 is 0. */
JAXC_API jaxc_key jaxc_random_key(int64_t seed) {
  jaxc_key k;
  uint64_t s = (uint64_t)seed;
  k.data[0] = jaxc_x64() ? (uint32_t)(s >> 32) : 0u;
  k.data[1] = (uint32_t)s;
  return k;
}

JAXC_API void jaxc_random_split(jaxc_key key, int n, jaxc_key *out) {
  if (n < 0) {
    jaxc__fail(JAXC_ERR_SHAPE, "split: num must be non-negative, got %d", n);
    return;
  }
  if (!out && n > 0) {
    jaxc__fail(JAXC_ERR_ARG, "split: out is NULL");
    return;
  }
  for (int i = 0; i < n; i++) out[i] = jaxc__rnd_child(key, 0u, (uint32_t)i);
  jaxc__ok();
}

/* threefry_2x32(key, threefry_seed(uint32 data)) = threefry(key, (0, data)). */
JAXC_API jaxc_key jaxc_random_fold_in(jaxc_key key, uint32_t data) { return jaxc__rnd_child(key, 0u, data); }

/* --- small float helpers (16-bit formats, XLA's max) -----------------------------------------*/
static inline float jaxc__rnd_f32_of_bits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t jaxc__rnd_bits_of_f32(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double jaxc__rnd_f64_of_bits(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }

/* The 16-bit formats through jaxc_kernels.h's exact round-to-nearest-even conversions. */
static inline uint16_t jaxc__rnd_store16(bool bf, float f) {
  return bf ? jaxc_f32_bits_to_bf16_bits(jaxc__rnd_bits_of_f32(f)) : jaxc_f32_bits_to_f16_bits(jaxc__rnd_bits_of_f32(f));
}
static inline float jaxc__rnd_load16(bool bf, uint16_t h) {
  return jaxc__rnd_f32_of_bits(bf ? jaxc_bf16_bits_to_f32_bits(h) : jaxc_f16_bits_to_f32_bits(h));
}
static inline float jaxc__rnd_round16(bool bf, float f) { return jaxc__rnd_load16(bf, jaxc__rnd_store16(bf, f)); }

/* lax.max: NaN in either operand gives NaN. */
static inline float jaxc__rnd_maxf(float a, float b) { return (a != a || a > b) ? a : b; }
static inline double jaxc__rnd_max(double a, double b) { return (a != a || a > b) ? a : b; }

/* Uniform [0, 1) from raw words: the random mantissa under the exponent of 1.0, minus 1. */
static inline float jaxc__rnd_unit_f32(uint32_t b) { return jaxc__rnd_f32_of_bits((b >> 9) | 0x3f800000u) - 1.0f; }
static inline double jaxc__rnd_unit_f64(uint64_t b) { return jaxc__rnd_f64_of_bits((b >> 12) | 0x3ff0000000000000ull) - 1.0; }
/* bf16 has 7 mantissa bits (< 8), so JAX draws 8 bits and shifts by 1; f16 draws 16, shifts by 6.
   Either result is k / 2^nmant, exact in f32. */
static inline float jaxc__rnd_unit16(bool bf, uint32_t w) {
  return bf ? (float)(((uint8_t)w) >> 1) * 0x1p-7f : (float)(((uint16_t)w) >> 6) * 0x1p-10f;
}

/* --- XLA's ErfInv (xla/client/lib/math.cc: Giles, "Approximating the erfinv function") ------*/
static float jaxc__rnd_erfinv_f32(float x) {
  static const float lt5[9] = {2.81022636e-08f, 3.43273939e-07f, -3.5233877e-06f, -4.39150654e-06f, 0.00021858087f,
                               -0.00125372503f, -0.00417768164f, 0.246640727f, 1.50140941f};
  static const float ge5[9] = {-0.000200214257f, 0.000100950558f, 0.00134934322f, -0.00367342844f, 0.00573950773f,
                               -0.0076224613f, 0.00943887047f, 1.00167406f, 2.83297682f};
  float w = -log1pf(-x * x);
  bool lt = w < 5.0f;
  const float *c = lt ? lt5 : ge5;
  float t = lt ? w - 2.5f : sqrtf(w) - 3.0f;
  float p = c[0];
  for (int i = 1; i < 9; i++) p = fmaf(p, t, c[i]); /* XLA CPU fuses c + p * w */
  return fabsf(x) == 1.0f ? x * FLT_MAX : p * x;
}

static double jaxc__rnd_erfinv_f64(double x) {
  static const double lt625[23] = {
      -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18, 1.115787767802518096e-17,
      -1.333171662854620906e-16, 2.0972767875968561637e-17, 6.6376381343583238325e-15, -4.0545662729752068639e-14,
      -8.1519341976054721522e-14, 2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
      1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08, 4.2347877827932403518e-07,
      -1.3654692000834678645e-06, -1.3882523362786468719e-05, 0.0001867342080340571352, -0.00074070253416626697512,
      -0.0060336708714301490533, 0.24015818242558961693, 1.6536545626831027356};
  static const double lt16[19] = {
      2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07, 1.8239629214389227755e-08,
      1.5027403968909827627e-06, -4.013867526981545969e-06, 2.9234449089955446044e-06, 1.2475304481671778723e-05,
      -4.7318229009055733981e-05, 6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
      0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066, -0.0037512085075692412107,
      0.005370914553590063617, 1.0052589676941592334, 3.0838856104922207635};
  static const double ge16[17] = {
      -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09, -3.7894654401267369937e-09,
      7.6157012080783393804e-09, -1.4960026627149240478e-08, 2.9147953450901080826e-08, -6.7711997758452339498e-08,
      2.2900482228026654717e-07, -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
      7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026, 1.0103004648645343977,
      4.8499064014085844221};
  double w = -log1p(-x * x);
  const double *c;
  int deg;
  double t;
  if (w < 6.25) c = lt625, deg = 23, t = w - 3.125;
  else if (w < 16.0) c = lt16, deg = 19, t = sqrt(w) - 3.25;
  else c = ge16, deg = 17, t = sqrt(w) - 5.0;
  double p = c[0];
  for (int i = 1; i < deg; i++) p = fma(p, t, c[i]);
  return fabs(x) == 1.0 ? x * DBL_MAX : p * x;
}

/* jax.random._normal_real: u = uniform(nextafter(-1, 0), 1); sqrt(2) * erf_inv(u). In f32 and
   f64 the span 1 - lo rounds to exactly 2. */
JAXC_API float jaxc__rnd_normal_f32(uint32_t bits) {
  const float lo = -0x1.fffffep-1f, span = 1.0f - lo;
  float u = jaxc__rnd_maxf(lo, fmaf(jaxc__rnd_unit_f32(bits), span, lo));
  return 1.41421356f * jaxc__rnd_erfinv_f32(u);
}
JAXC_API double jaxc__rnd_normal_f64(uint64_t bits) {
  const double lo = -0x1.fffffffffffffp-1, span = 1.0 - lo;
  double u = jaxc__rnd_max(lo, fma(jaxc__rnd_unit_f64(bits), span, lo));
  return 1.4142135623730951 * jaxc__rnd_erfinv_f64(u);
}
/* bf16/f16: every op rounds to the 16-bit type; ErfInv runs in f32 (XLA upcasts). */
static inline float jaxc__rnd_normal16(bool bf, uint32_t w) {
  const float lo = bf ? -0x1.fep-1f : -0x1.ffcp-1f; /* nextafter(-1, 0) in bf16 / f16 */
  const float span = jaxc__rnd_round16(bf, 1.0f - lo);
  float u = jaxc__rnd_round16(bf, fmaf(jaxc__rnd_unit16(bf, w), span, lo));
  u = jaxc__rnd_maxf(lo, u);
  float e = jaxc__rnd_round16(bf, jaxc__rnd_erfinv_f32(u));
  return e * jaxc__rnd_round16(bf, 1.41421356f); /* caller rounds the product */
}

/* --- the block driver ------------------------------------------------------------------------*/
typedef struct jaxc__rnd_job jaxc__rnd_job;
typedef void (*jaxc__rnd_fill_fn)(const jaxc__rnd_job *job, int64_t start, int m, uint32_t *const w[4]);
struct jaxc__rnd_job {
  jaxc_key key[2];
  int nkeys;             /* randint draws from two keys */
  jaxc_dtype st;         /* storage dtype written */
  void *out;
  jaxc__rnd_fill_fn fill;
  double lo, span, p;    /* uniform bounds (in the dtype's precision), bernoulli's p */
  float lo_f, span_f, p_f;
  uint64_t r_min, r_span, r_mult, r_mask; /* randint, in the unsigned type of the dtype's width */
  int r_bits;
};

static void jaxc__rnd_run_blocks(const jaxc__rnd_job *job, int64_t b0, int64_t b1, int64_t n) {
  uint32_t w0[JAXC__RND_BLOCK], w1[JAXC__RND_BLOCK], w2[JAXC__RND_BLOCK], w3[JAXC__RND_BLOCK];
  uint32_t *const w[4] = {w0, w1, w2, w3};
  for (int64_t b = b0; b < b1; b++) {
    int64_t start = b * JAXC__RND_BLOCK;
    int m = (int)(n - start < JAXC__RND_BLOCK ? n - start : JAXC__RND_BLOCK);
    for (int k = 0; k < job->nkeys; k++) jaxc__rnd_threefry_block(job->key[k], (uint64_t)start, m, w[2 * k], w[2 * k + 1]);
    job->fill(job, start, m, w);
  }
}

static void jaxc__rnd_run(const jaxc__rnd_job *job, int64_t n) {
  int64_t nblocks = (n + JAXC__RND_BLOCK - 1) / JAXC__RND_BLOCK;
  int64_t bytes = n * (int64_t)jaxc_dtype_size(job->st);
#if defined(_OPENMP) && !defined(JAXC_NO_OPENMP)
  if (bytes > JAXC__RND_PAR_BYTES) {
#pragma omp parallel for schedule(static)
    for (int64_t b = 0; b < nblocks; b++) jaxc__rnd_run_blocks(job, b, b + 1, n);
    return;
  }
#else
  (void)bytes;
#endif
  jaxc__rnd_run_blocks(job, 0, nblocks, n);
}

static void jaxc__rnd_fill_bits(const jaxc__rnd_job *job, int64_t start, int m, uint32_t *const w[4]) {
  const uint32_t *a = w[0], *b = w[1];
  switch (job->st) {
  case JAXC_U8: { uint8_t *o = (uint8_t *)job->out + start; for (int j = 0; j < m; j++) o[j] = (uint8_t)(a[j] ^ b[j]); } break;
  case JAXC_U16: { uint16_t *o = (uint16_t *)job->out + start; for (int j = 0; j < m; j++) o[j] = (uint16_t)(a[j] ^ b[j]); } break;
  case JAXC_U32: { uint32_t *o = (uint32_t *)job->out + start; for (int j = 0; j < m; j++) o[j] = a[j] ^ b[j]; } break;
  default: { uint64_t *o = (uint64_t *)job->out + start; for (int j = 0; j < m; j++) o[j] = (uint64_t)a[j] << 32 | b[j]; } break;
  }
}

static void jaxc__rnd_fill_uniform(const jaxc__rnd_job *job, int64_t start, int m, uint32_t *const w[4]) {
  const uint32_t *a = w[0], *b = w[1];
  switch (job->st) {
  case JAXC_F32: {
    float *o = (float *)job->out + start;
    const float lo = job->lo_f, span = job->span_f;
    for (int j = 0; j < m; j++) o[j] = jaxc__rnd_maxf(lo, fmaf(jaxc__rnd_unit_f32(a[j] ^ b[j]), span, lo));
  } break;
  case JAXC_F64: {
    double *o = (double *)job->out + start;
    const double lo = job->lo, span = job->span;
    for (int j = 0; j < m; j++)
      o[j] = jaxc__rnd_max(lo, fma(jaxc__rnd_unit_f64((uint64_t)a[j] << 32 | b[j]), span, lo));
  } break;
  default: {
    const bool bf = job->st == JAXC_BF16;
    uint16_t *o = (uint16_t *)job->out + start;
    const float lo = job->lo_f, span = job->span_f;
    for (int j = 0; j < m; j++) {
      float r = jaxc__rnd_round16(bf, fmaf(jaxc__rnd_unit16(bf, a[j] ^ b[j]), span, lo));
      o[j] = jaxc__rnd_store16(bf, jaxc__rnd_maxf(lo, r));
    }
  } break;
  }
}

static void jaxc__rnd_fill_normal(const jaxc__rnd_job *job, int64_t start, int m, uint32_t *const w[4]) {
  const uint32_t *a = w[0], *b = w[1];
  switch (job->st) {
  case JAXC_F32: { float *o = (float *)job->out + start; for (int j = 0; j < m; j++) o[j] = jaxc__rnd_normal_f32(a[j] ^ b[j]); } break;
  case JAXC_F64: {
    double *o = (double *)job->out + start;
    for (int j = 0; j < m; j++) o[j] = jaxc__rnd_normal_f64((uint64_t)a[j] << 32 | b[j]);
  } break;
  default: {
    const bool bf = job->st == JAXC_BF16;
    uint16_t *o = (uint16_t *)job->out + start;
    for (int j = 0; j < m; j++) o[j] = jaxc__rnd_store16(bf, jaxc__rnd_normal16(bf, a[j] ^ b[j]));
  } break;
  }
}

static void jaxc__rnd_fill_bernoulli(const jaxc__rnd_job *job, int64_t start, int m, uint32_t *const w[4]) {
  const uint32_t *a = w[0], *b = w[1];
  bool *o = (bool *)job->out + start;
  if (job->st == JAXC_F64) {
    const double p = job->p;
    for (int j = 0; j < m; j++) o[j] = jaxc__rnd_unit_f64((uint64_t)a[j] << 32 | b[j]) < p;
  } else {
    const float p = job->p_f;
    for (int j = 0; j < m; j++) o[j] = jaxc__rnd_unit_f32(a[j] ^ b[j]) < p;
  }
}

/* XLA's unsigned remainder: x % 0 is x. */
static inline uint64_t jaxc__rnd_urem(uint64_t x, uint64_t s) { return s ? x % s : x; }
static inline uint64_t jaxc__rnd_draw(int nbits, uint32_t w0, uint32_t w1) {
  if (nbits == 64) return (uint64_t)w0 << 32 | w1;
  uint32_t v = w0 ^ w1;
  return nbits == 32 ? v : nbits == 16 ? (uint16_t)v : (uint8_t)v;
}

static void jaxc__rnd_fill_randint(const jaxc__rnd_job *job, int64_t start, int m, uint32_t *const w[4]) {
  const uint64_t span = job->r_span, mult = job->r_mult, mask = job->r_mask, mn = job->r_min;
  const int nb = job->r_bits;
  for (int j = 0; j < m; j++) {
    uint64_t hi = jaxc__rnd_draw(nb, w[0][j], w[1][j]), lo = jaxc__rnd_draw(nb, w[2][j], w[3][j]);
    uint64_t off = (jaxc__rnd_urem(hi, span) * mult + jaxc__rnd_urem(lo, span)) & mask;
    uint64_t v = (mn + jaxc__rnd_urem(off, span)) & mask;
    int64_t i = start + j;
    switch (job->st) {
    case JAXC_U8: case JAXC_I8: ((uint8_t *)job->out)[i] = (uint8_t)v; break;
    case JAXC_U16: case JAXC_I16: ((uint16_t *)job->out)[i] = (uint16_t)v; break;
    case JAXC_U32: case JAXC_I32: ((uint32_t *)job->out)[i] = (uint32_t)v; break;
    default: ((uint64_t *)job->out)[i] = v; break;
    }
  }
}

/* --- argument checks ---------------------------------------------------------------------------*/
/* The storage dtype for a request, or INVALID with the status set. kind_ok picks the kinds the
   generator accepts; msg is JAX's wording, given the canonical dtype name. */
static jaxc_dtype jaxc__rnd_storage(jaxc_dtype dtype, unsigned kinds, const char *msg) {
  if (!JAXC_DTYPE_VALID(dtype)) return (jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)dtype), JAXC_DTYPE_INVALID);
  jaxc_dtype st = jaxc_storage_dtype(dtype, jaxc_x64());
  if (!(kinds & (1u << jaxc_dtype_kind(st)))) return (jaxc__fail(JAXC_ERR_DTYPE, msg, jaxc_dtype_name(st)), JAXC_DTYPE_INVALID);
  return st;
}
#define JAXC__RND_KIND(k) (1u << (k))

static int jaxc__rnd_check_out(int64_t n, const void *out) {
  if (n < 0) return (jaxc__fail(JAXC_ERR_SHAPE, "negative dimensions are not allowed: n is %lld", (long long)n), JAXC_ERR_SHAPE);
  if (!out && n > 0) return (jaxc__fail(JAXC_ERR_ARG, "output pointer is NULL for %lld elements", (long long)n), JAXC_ERR_ARG);
  return JAXC_OK;
}

/* --- generators, writing into memory the caller owns ----------------------------------------*/
static void jaxc__rnd_do_bits(jaxc_key key, jaxc_dtype st, int64_t n, void *out) {
  jaxc__rnd_job job = {.key = {key}, .nkeys = 1, .st = st, .out = out, .fill = jaxc__rnd_fill_bits};
  jaxc__rnd_run(&job, n);
}

static const char jaxc__rnd_msg_bits[] = "dtype argument to `bits` must be an unsigned int dtype, got %s";
static const char jaxc__rnd_msg_uniform[] = "dtype argument to `uniform` must be a float dtype, got %s";
static const char jaxc__rnd_msg_normal[] = "dtype argument to `normal` must be a float or complex dtype, got %s";
static const char jaxc__rnd_msg_randint[] = "randint only accepts integer dtypes, got %s";

JAXC_API int jaxc_random_bits_into(jaxc_key key, jaxc_dtype dtype, int64_t n, void *out) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_UINT), jaxc__rnd_msg_bits);
  if (st == JAXC_DTYPE_INVALID) return JAXC_ERR_DTYPE;
  int s = jaxc__rnd_check_out(n, out);
  if (s) return s;
  jaxc__rnd_do_bits(key, st, n, out);
  jaxc__ok();
  return JAXC_OK;
}

/* A double to the 16-bit type in one rounding (f64 -> bf16 directly, as XLA converts). */
static float jaxc__rnd_bound16(bool bf, double d) {
  uint64_t u;
  memcpy(&u, &d, 8);
  return jaxc__rnd_load16(bf, bf ? jaxc_f64_bits_to_bf16_bits(u) : jaxc_f64_bits_to_f16_bits(u));
}

/* The bounds as JAX converts them: a Python float (f32, f64 with x64) converted to the dtype. */
static void jaxc__rnd_set_bounds(jaxc__rnd_job *job, double minval, double maxval) {
  if (!jaxc_x64()) minval = (float)minval, maxval = (float)maxval;
  if (job->st == JAXC_F64) {
    job->lo = minval;
    job->span = maxval - minval;
  } else if (job->st == JAXC_F32) {
    job->lo_f = (float)minval;
    job->span_f = (float)maxval - (float)minval;
  } else {
    const bool bf = job->st == JAXC_BF16;
    float lo = jaxc__rnd_bound16(bf, minval), hi = jaxc__rnd_bound16(bf, maxval);
    job->lo_f = lo;
    job->span_f = jaxc__rnd_round16(bf, hi - lo);
  }
}

static void jaxc__rnd_do_uniform(jaxc_key key, jaxc_dtype st, int64_t n, double minval, double maxval, void *out) {
  jaxc__rnd_job job = {.key = {key}, .nkeys = 1, .st = st, .out = out, .fill = jaxc__rnd_fill_uniform};
  jaxc__rnd_set_bounds(&job, minval, maxval);
  jaxc__rnd_run(&job, n);
}

JAXC_API int jaxc_random_uniform_into(jaxc_key key, jaxc_dtype dtype, int64_t n, double minval, double maxval, void *out) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_FLOAT), jaxc__rnd_msg_uniform);
  if (st == JAXC_DTYPE_INVALID) return JAXC_ERR_DTYPE;
  int s = jaxc__rnd_check_out(n, out);
  if (s) return s;
  jaxc__rnd_do_uniform(key, st, n, minval, maxval, out);
  jaxc__ok();
  return JAXC_OK;
}

static jaxc_dtype jaxc__rnd_normal_storage(jaxc_dtype dtype) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_FLOAT) | JAXC__RND_KIND(JAXC_KIND_COMPLEX),
                                    jaxc__rnd_msg_normal);
  if (st != JAXC_DTYPE_INVALID && jaxc_dtype_kind(st) == JAXC_KIND_COMPLEX)
    return (jaxc__fail(JAXC_ERR_DTYPE, "normal: complex dtypes are not supported by jaxc, got %s", jaxc_dtype_name(st)),
            JAXC_DTYPE_INVALID);
  return st;
}

static void jaxc__rnd_do_normal(jaxc_key key, jaxc_dtype st, int64_t n, void *out) {
  jaxc__rnd_job job = {.key = {key}, .nkeys = 1, .st = st, .out = out, .fill = jaxc__rnd_fill_normal};
  jaxc__rnd_run(&job, n);
}

JAXC_API int jaxc_random_normal_into(jaxc_key key, jaxc_dtype dtype, int64_t n, void *out) {
  jaxc_dtype st = jaxc__rnd_normal_storage(dtype);
  if (st == JAXC_DTYPE_INVALID) return JAXC_ERR_DTYPE;
  int s = jaxc__rnd_check_out(n, out);
  if (s) return s;
  jaxc__rnd_do_normal(key, st, n, out);
  jaxc__ok();
  return JAXC_OK;
}

/* jax.random._randint's scalar set-up. The bounds are Python ints: int64 with x64, int32 without
   (JAX refuses larger ones). They are clipped to the intersection of their own range and the
   dtype's (_convert_and_clip_integer); a maxval above the dtype's maximum widens the span by one. */
static int jaxc__rnd_randint_setup(jaxc__rnd_job *job, int64_t minval, int64_t maxval) {
  const bool x64 = jaxc_x64();
  if (!x64) {
    int64_t bad = (minval < INT32_MIN || minval > INT32_MAX) ? minval : (maxval < INT32_MIN || maxval > INT32_MAX) ? maxval : 0;
    if (bad) return (jaxc__fail(JAXC_ERR_OVERFLOW, "Python int %lld too large to convert to int32", (long long)bad), JAXC_ERR_OVERFLOW);
  }
  const int nbits = jaxc_dtype_bits(job->st);
  const bool is_signed = jaxc_dtype_kind(job->st) == JAXC_KIND_INT;
  const int64_t val_min = x64 ? INT64_MIN : INT32_MIN, val_max = x64 ? INT64_MAX : INT32_MAX;
  int64_t d_min = is_signed ? (nbits == 64 ? INT64_MIN : -((int64_t)1 << (nbits - 1))) : 0;
  int64_t d_max = is_signed ? (nbits == 64 ? INT64_MAX : ((int64_t)1 << (nbits - 1)) - 1)
                            : (nbits == 64 ? INT64_MAX : ((int64_t)1 << nbits) - 1); /* capped: int64 operands */
  const int64_t lo_c = d_min > val_min ? d_min : val_min, hi_c = d_max < val_max ? d_max : val_max;
  const bool out_of_range = maxval > hi_c;
  const int64_t mn = minval < lo_c ? lo_c : minval > hi_c ? hi_c : minval;
  const int64_t mx = maxval < lo_c ? lo_c : maxval > hi_c ? hi_c : maxval;
  const uint64_t mask = nbits == 64 ? ~(uint64_t)0 : (((uint64_t)1 << nbits) - 1);
  uint64_t span = ((uint64_t)mx - (uint64_t)mn) & mask;
  if (mx <= mn) span = 1;
  if (out_of_range && mx > mn) span = (span + 1) & mask;
  uint64_t mult = jaxc__rnd_urem((uint64_t)1 << (nbits / 2), span);
  mult = jaxc__rnd_urem((mult * mult) & mask, span);
  job->r_min = (uint64_t)mn & mask;
  job->r_span = span;
  job->r_mult = mult;
  job->r_mask = mask;
  job->r_bits = nbits;
  return JAXC_OK;
}

static void jaxc__rnd_randint_keys(jaxc__rnd_job *job, jaxc_key key) {
  job->key[0] = jaxc__rnd_child(key, 0u, 0u); /* k1, k2 = split(key) */
  job->key[1] = jaxc__rnd_child(key, 0u, 1u);
  job->nkeys = 2;
  job->fill = jaxc__rnd_fill_randint;
}

JAXC_API int jaxc_random_randint_into(jaxc_key key, jaxc_dtype dtype, int64_t n, int64_t minval, int64_t maxval, void *out) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_INT) | JAXC__RND_KIND(JAXC_KIND_UINT), jaxc__rnd_msg_randint);
  if (st == JAXC_DTYPE_INVALID) return JAXC_ERR_DTYPE;
  int s = jaxc__rnd_check_out(n, out);
  if (s) return s;
  jaxc__rnd_job job = {.st = st, .out = out};
  if ((s = jaxc__rnd_randint_setup(&job, minval, maxval)) != JAXC_OK) return s;
  jaxc__rnd_randint_keys(&job, key);
  jaxc__rnd_run(&job, n);
  jaxc__ok();
  return JAXC_OK;
}

/* p is a Python float: its dtype is float32, float64 with x64; uniform draws in that dtype. */
static void jaxc__rnd_do_bernoulli(jaxc_key key, double p, int64_t n, bool *out) {
  jaxc__rnd_job job = {.key = {key}, .nkeys = 1, .st = jaxc_x64() ? JAXC_F64 : JAXC_F32, .out = out,
                       .fill = jaxc__rnd_fill_bernoulli, .p = p, .p_f = (float)p};
  jaxc__rnd_run(&job, n);
}

JAXC_API int jaxc_random_bernoulli_into(jaxc_key key, double p, int64_t n, bool *out) {
  int s = jaxc__rnd_check_out(n, out);
  if (s) return s;
  jaxc__rnd_do_bernoulli(key, p, n, out);
  jaxc__ok();
  return JAXC_OK;
}

/* --- permutation: JAX's _shuffle ---------------------------------------------------------------*/
JAXC_API size_t jaxc_random_permutation_scratch_bytes(int64_t n) {
  return n > 1 && (uint64_t)n <= UINT32_MAX ? (size_t)n * 4 * sizeof(uint32_t) : 0;
}

/* One stable LSD radix sort of (keys, vals) by the unsigned keys: 4 passes of 8 bits, ping-ponging
   with the second halves; an even pass count leaves the result in the first. */
static void jaxc__rnd_sort_kv(uint32_t *k, uint32_t *v, uint32_t *k2, uint32_t *v2, uint32_t n) {
  for (int shift = 0; shift < 32; shift += 8) {
    uint32_t count[257] = {0};
    for (uint32_t i = 0; i < n; i++) count[((k[i] >> shift) & 0xffu) + 1]++;
    for (int d = 0; d < 256; d++) count[d + 1] += count[d];
    for (uint32_t i = 0; i < n; i++) {
      uint32_t dst = count[(k[i] >> shift) & 0xffu]++;
      k2[dst] = k[i];
      v2[dst] = v[i];
    }
    uint32_t *t = k; k = k2; k2 = t;
    t = v; v = v2; v2 = t;
  }
}

/* num_rounds = ceil(3 * log(max(1, n)) / log(uint32 max)): each round sorts by fresh 32-bit keys,
   drawn from the second half of split(key), the first half carrying on. */
static void jaxc__rnd_do_permutation(jaxc_key key, int64_t n, jaxc_dtype st, void *out, uint32_t *scratch) {
  uint32_t un = (uint32_t)n;
  if (n > 1) {
    uint32_t *k = scratch, *k2 = scratch + un, *v = scratch + 2 * (size_t)un, *v2 = scratch + 3 * (size_t)un;
    for (uint32_t i = 0; i < un; i++) v[i] = i;
    int rounds = (int)ceil(3.0 * log((double)n) / log(4294967295.0));
    for (int r = 0; r < rounds; r++) {
      jaxc_key sub = jaxc__rnd_child(key, 0u, 1u);
      key = jaxc__rnd_child(key, 0u, 0u);
      jaxc__rnd_do_bits(sub, JAXC_U32, n, k);
      jaxc__rnd_sort_kv(k, v, k2, v2, un);
    }
    if (st == JAXC_I64) for (uint32_t i = 0; i < un; i++) ((int64_t *)out)[i] = v[i];
    else for (uint32_t i = 0; i < un; i++) ((int32_t *)out)[i] = (int32_t)v[i];
  } else if (n == 1) {
    if (st == JAXC_I64) *(int64_t *)out = 0;
    else *(int32_t *)out = 0;
  }
}

/* jnp.arange(n) is empty for n <= 0; int32 without x64 cannot count past INT32_MAX. */
static int jaxc__rnd_perm_check(int64_t n, jaxc_dtype *st) {
  *st = jaxc_x64() ? JAXC_I64 : JAXC_I32;
  int64_t limit = *st == JAXC_I64 ? (int64_t)UINT32_MAX : (int64_t)INT32_MAX;
  if (n > limit)
    return (jaxc__fail(JAXC_ERR_OVERFLOW, "permutation: n = %lld exceeds the supported %lld", (long long)n, (long long)limit),
            JAXC_ERR_OVERFLOW);
  return JAXC_OK;
}

JAXC_API int jaxc_random_permutation_into(jaxc_key key, int64_t n, void *out, void *scratch) {
  jaxc_dtype st;
  int s = jaxc__rnd_perm_check(n, &st);
  if (s) return s;
  if (n <= 0) return (jaxc__ok(), JAXC_OK);
  if (!out) return (jaxc__fail(JAXC_ERR_ARG, "output pointer is NULL for %lld elements", (long long)n), JAXC_ERR_ARG);
  if (n > 1 && !scratch)
    return (jaxc__fail(JAXC_ERR_ARG, "permutation: scratch is NULL; it needs %zu bytes",
                       jaxc_random_permutation_scratch_bytes(n)), JAXC_ERR_ARG);
  jaxc__rnd_do_permutation(key, n, st, out, (uint32_t *)scratch);
  jaxc__ok();
  return JAXC_OK;
}

/* --- allocating forms ------------------------------------------------------------------------*/
JAXC_API jaxc_array *jaxc_random_bits(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_UINT), jaxc__rnd_msg_bits);
  if (st == JAXC_DTYPE_INVALID) return NULL;
  jaxc_array *a = jaxc__new_array(st, false, ndim, shape);
  if (!a) return NULL;
  jaxc__rnd_do_bits(key, st, a->size, a->data);
  jaxc__ok();
  return a;
}

JAXC_API jaxc_array *jaxc_random_uniform(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape, double minval, double maxval) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_FLOAT), jaxc__rnd_msg_uniform);
  if (st == JAXC_DTYPE_INVALID) return NULL;
  jaxc_array *a = jaxc__new_array(st, false, ndim, shape);
  if (!a) return NULL;
  jaxc__rnd_do_uniform(key, st, a->size, minval, maxval, a->data);
  jaxc__ok();
  return a;
}

JAXC_API jaxc_array *jaxc_random_normal(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape) {
  jaxc_dtype st = jaxc__rnd_normal_storage(dtype);
  if (st == JAXC_DTYPE_INVALID) return NULL;
  jaxc_array *a = jaxc__new_array(st, false, ndim, shape);
  if (!a) return NULL;
  jaxc__rnd_do_normal(key, st, a->size, a->data);
  jaxc__ok();
  return a;
}

JAXC_API jaxc_array *jaxc_random_randint(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape, int64_t minval, int64_t maxval) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_INT) | JAXC__RND_KIND(JAXC_KIND_UINT), jaxc__rnd_msg_randint);
  if (st == JAXC_DTYPE_INVALID) return NULL;
  jaxc__rnd_job job = {.st = st};
  if (jaxc__rnd_randint_setup(&job, minval, maxval) != JAXC_OK) return NULL;
  jaxc_array *a = jaxc__new_array(st, false, ndim, shape);
  if (!a) return NULL;
  job.out = a->data;
  jaxc__rnd_randint_keys(&job, key);
  jaxc__rnd_run(&job, a->size);
  jaxc__ok();
  return a;
}

JAXC_API jaxc_array *jaxc_random_bernoulli(jaxc_key key, double p, int ndim, const int64_t *shape) {
  jaxc_array *a = jaxc__new_array(JAXC_BOOL, false, ndim, shape);
  if (!a) return NULL;
  jaxc__rnd_do_bernoulli(key, p, a->size, (bool *)a->data);
  jaxc__ok();
  return a;
}

JAXC_API jaxc_array *jaxc_random_permutation(jaxc_key key, int64_t n) {
  jaxc_dtype st;
  if (jaxc__rnd_perm_check(n, &st) != JAXC_OK) return NULL;
  int64_t len = n > 0 ? n : 0;
  jaxc_array *a = jaxc__new_array(st, false, 1, &len);
  if (!a) return NULL;
  uint32_t *scratch = NULL;
  if (len > 1) {
    scratch = (uint32_t *)jaxc__malloc(jaxc_random_permutation_scratch_bytes(len));
    if (!scratch) {
      jaxc_array_free(a);
      return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory allocating the permutation's sort scratch");
    }
  }
  jaxc__rnd_do_permutation(key, len, st, a->data, scratch);
  jaxc__free(scratch);
  jaxc__ok();
  return a;
}

#undef JAXC__TF_ROT
#undef JAXC__TF_ROUND
#undef JAXC__TF_ROUNDS_A
#undef JAXC__TF_ROUNDS_B
#undef JAXC__TF20
#undef JAXC__RND_KIND
#endif /* JAXC__PART_IMPL */
