/* test_convert.c — bf16/f16 conversions against references computed here, independently of
   the bf16/f16 conversions of jaxc_kernels.h:
     - widening: every one of the 2^16 patterns of each format, decoded with ldexp from its
       sign/exponent/mantissa fields, and back (round trips);
     - narrowing: random f32 and f64 inputs rounded by a reference that enumerates the finite
       16-bit values, finds the two neighbours of the input and picks the nearer (ties to even),
       in exact double arithmetic; plus hand-derived boundary cases (overflow, subnormals, ties,
       NaN, signed zeros, infinities, the f64 double-rounding trap);
     - the array helpers (F16C where compiled in, and the portable loops) against the scalar
       functions on all patterns and on the random set, with odd lengths and offsets.
   Usage: test_convert [N]   N random f32 patterns (default 10^7; make test runs the default). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc_kernels.h"
#include "check.h"
#include "testlib.h"

/* ---- helpers of the test's own (memcpy bit casts, not the library's) ---- */


/* ---- the two formats, described by their fields ---- */
typedef struct format {
  const char *name;
  int man;          /* mantissa bits */
  int bias;         /* exponent bias */
  uint16_t inf;     /* bit pattern of +inf: the first pattern past the finite ones */
  double *table;    /* table[p] = value of pattern p for p < inf; table[inf] = 2^(emax+1) */
} format;

static double f16_table[0x7C01], bf16_table[0x7F81];
static format F16 = {"f16", 10, 15, 0x7C00, f16_table};
static format BF16 = {"bf16", 7, 127, 0x7F80, bf16_table};

/* The value of a 16-bit pattern from its fields; NaN for NaN patterns. */
static double ref_decode(const format *f, uint16_t p) {
  int emask = (1 << (15 - f->man)) - 1;
  int e = (p >> f->man) & emask;
  int m = p & ((1 << f->man) - 1);
  double sign = (p & 0x8000) ? -1.0 : 1.0;
  if (e == emask) return m ? NAN : sign * INFINITY;
  if (e == 0) return sign * ldexp((double)m, 1 - f->bias - f->man);
  return sign * ldexp((double)((1 << f->man) + m), e - f->bias - f->man);
}

static void build_table(format *f) {
  for (uint32_t p = 0; p < f->inf; p++) f->table[p] = ref_decode(f, (uint16_t)p);
  /* Past the largest finite value, IEEE rounds as if the exponent range went on: the next value
     would be 2^(emax+1), and rounding to it means overflow to inf. */
  f->table[f->inf] = ldexp(1.0, (1 << (15 - f->man)) - 1 - f->bias);
}

/* Round a (non-NaN) double to the format, to nearest, ties to even, by finding its neighbours.
   Exact: the table values have <= 11 significant bits, so the midpoint of two neighbours is a
   double, and comparing x with it decides the rounding without error. */
static uint16_t ref_round(const format *f, double x) {
  uint16_t sign = signbit(x) ? 0x8000 : 0;
  double ax = fabs(x);
  if (ax >= f->table[f->inf]) return sign | f->inf;
  size_t lo = 0, hi = f->inf; /* table[lo] <= ax < table[hi] */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->table[mid] <= ax) lo = mid; else hi = mid;
  }
  if (f->table[lo] == ax) return (uint16_t)(sign | lo);
  double midpoint = (f->table[lo] + f->table[hi]) / 2;
  size_t r = ax < midpoint ? lo : ax > midpoint ? hi : (lo % 2 == 0 ? lo : hi);
  return (uint16_t)(sign | r);
}

/* NaN narrowing, as specified: sign kept, exponent all ones, quiet bit (the top mantissa bit)
   set, the rest of the mantissa from the top of the input's payload. */
static uint16_t ref_nan_from_f32(const format *f, uint32_t u) {
  uint32_t top = (u & 0x007FFFFFu) >> (23 - f->man);
  return (uint16_t)(((u >> 16) & 0x8000u) | f->inf | (1u << (f->man - 1)) | top);
}
static uint16_t ref_nan_from_f64(const format *f, uint64_t u) {
  uint32_t top = (uint32_t)((u & 0x000FFFFFFFFFFFFFu) >> (52 - f->man));
  return (uint16_t)(((u >> 48) & 0x8000u) | f->inf | (1u << (f->man - 1)) | top);
}
static uint16_t ref_from_f32(const format *f, uint32_t u) {
  float x = u2f(u);
  return isnan(x) ? ref_nan_from_f32(f, u) : ref_round(f, (double)x);
}
static uint16_t ref_from_f64(const format *f, uint64_t u) {
  double x = u2d(u);
  return isnan(x) ? ref_nan_from_f64(f, u) : ref_round(f, x);
}

static uint16_t lib_from_f32(const format *f, float x) {
  return f == &F16 ? jaxc_f32_to_f16(x).bits : jaxc_f32_to_bf16(x).bits;
}
static uint16_t lib_from_f64(const format *f, double x) {
  return f == &F16 ? jaxc_f64_to_f16(x).bits : jaxc_f64_to_bf16(x).bits;
}
static float lib_to_f32(const format *f, uint16_t p) {
  return f == &F16 ? jaxc_f16_to_f32(jaxc_f16_from_bits(p)) : jaxc_bf16_to_f32(jaxc_bf16_from_bits(p));
}
static double lib_to_f64(const format *f, uint16_t p) {
  return f == &F16 ? jaxc_f16_to_f64(jaxc_f16_from_bits(p)) : jaxc_bf16_to_f64(jaxc_bf16_from_bits(p));
}

/* ---- 1. every 16-bit pattern: widening and round trips ---- */
static void test_widen_all(const format *f) {
  const format *other = f == &F16 ? &BF16 : &F16;
  for (uint32_t p = 0; p < 0x10000u; p++) {
    const uint16_t h = (uint16_t)p;
    const double v = ref_decode(f, h);
    const float g32 = lib_to_f32(f, h);
    const double g64 = lib_to_f64(f, h);
    const uint32_t sign32 = (p & 0x8000u) << 16;
    const uint64_t sign64 = (uint64_t)sign32 << 32;
    const uint32_t payload = p & ((1u << f->man) - 1u);
    if (isnan(v)) {
      /* bf16 -> f32 is the 16-bit shift (an sNaN stays an sNaN); f16 -> f32 and both -> f64
         quieten and keep the payload at the top of the mantissa. */
      uint32_t want32 = f == &BF16 ? p << 16 : sign32 | 0x7FC00000u | payload << (23 - f->man);
      uint64_t want64 = sign64 | 0x7FF8000000000000u | (uint64_t)payload << (52 - f->man);
      CHECK_MSG(f2u(g32) == want32, "%s %04x -> f32 %08x, want NaN %08x", f->name, p, f2u(g32), want32);
      CHECK_MSG(d2u(g64) == want64, "%s %04x -> f64 %016llx, want NaN %016llx", f->name, p,
                (unsigned long long)d2u(g64), (unsigned long long)want64);
      uint16_t quiet = (uint16_t)(h | (1u << (f->man - 1)));
      CHECK_MSG(lib_from_f32(f, g32) == quiet, "%s NaN %04x round trip via f32 -> %04x", f->name, p, lib_from_f32(f, g32));
      CHECK_MSG(lib_from_f64(f, g64) == quiet, "%s NaN %04x round trip via f64 -> %04x", f->name, p, lib_from_f64(f, g64));
      /* the other 16-bit format: still a NaN of the same sign */
      uint16_t o = f == &F16 ? jaxc_f16_to_bf16(jaxc_f16_from_bits(h)).bits : jaxc_bf16_to_f16(jaxc_bf16_from_bits(h)).bits;
      CHECK_MSG((o & 0x7FFFu) > other->inf && (o & 0x8000u) == (p & 0x8000u), "%s NaN %04x -> %s %04x", f->name, p, other->name, o);
      continue;
    }
    /* v is exactly representable in float and double, with its sign (also for -0) */
    CHECK_MSG(f2u(g32) == f2u((float)v), "%s %04x -> f32 %08x, want %08x", f->name, p, f2u(g32), f2u((float)v));
    CHECK_MSG(d2u(g64) == d2u(v), "%s %04x -> f64 %016llx, want %016llx (%a)", f->name, p,
              (unsigned long long)d2u(g64), (unsigned long long)d2u(v), v);
    CHECK_MSG(lib_from_f32(f, g32) == h, "%s %04x round trip via f32 -> %04x", f->name, p, lib_from_f32(f, g32));
    CHECK_MSG(lib_from_f64(f, g64) == h, "%s %04x round trip via f64 -> %04x", f->name, p, lib_from_f64(f, g64));
    uint16_t o = f == &F16 ? jaxc_f16_to_bf16(jaxc_f16_from_bits(h)).bits : jaxc_bf16_to_f16(jaxc_bf16_from_bits(h)).bits;
    uint16_t want = ref_round(other, v);
    CHECK_MSG(o == want, "%s %04x (%a) -> %s %04x, want %04x", f->name, p, v, other->name, o, want);
  }
}

/* ---- 2. hand-derived cases: expected patterns worked out from IEEE 754, not from code ---- */
typedef struct case32 { uint32_t in; uint16_t f16, bf16; } case32;
static void test_special_f32(void) {
  static const case32 cases[] = {
    /* zeros, infinities */
    {0x00000000u, 0x0000, 0x0000}, {0x80000000u, 0x8000, 0x8000},
    {0x7F800000u, 0x7C00, 0x7F80}, {0xFF800000u, 0xFC00, 0xFF80},
    /* f16 overflow: 65504 is the largest; 65520 is the tie with 2^16 -> inf; one ulp below stays */
    {0x477FE000u /* 65504 */, 0x7BFF, 0x4780}, {0x477FF000u /* 65520 */, 0x7C00, 0x4780},
    {0x477FEFFFu /* 65519.996 */, 0x7BFF, 0x4780}, {0xC77FF000u /* -65520 */, 0xFC00, 0xC780},
    {0x501502F9u /* 1e10 */, 0x7C00, 0x5015},
    /* f16 subnormals: 2^-24 is the smallest; 2^-25 ties with 0 -> 0; just above -> 2^-24 */
    {0x33800000u /* 2^-24 */, 0x0001, 0x3380}, {0x33000000u /* 2^-25 */, 0x0000, 0x3300},
    {0x33000001u, 0x0001, 0x3300}, {0xB3000000u /* -2^-25 */, 0x8000, 0xB300},
    {0x33C00000u /* 1.5 x 2^-24: tie -> 2 units */, 0x0002, 0x33C0},
    {0x34200000u /* 2.5 x 2^-24: tie -> 2 units */, 0x0002, 0x3420},
    {0x38800000u /* 2^-14 smallest normal */, 0x0400, 0x3880},
    /* below 2^-14 one f16 unit (2^-24) is 2^14 f32 ulps (2^-38): mantissa = (units/512 - 1) x 2^23 */
    {0x387FE000u /* 1023.5 units: tie -> 1024 = smallest normal */, 0x0400, 0x3880},
    {0x387FDFFFu /* just below 1023.5 -> 1023 */, 0x03FF, 0x3880},
    {0x387FC000u /* 1023 units exact */, 0x03FF, 0x3880},
    {0x387FA000u /* 1022.5 units: tie -> 1022 */, 0x03FE, 0x3880},
    {0x387F8000u /* 1022 units exact */, 0x03FE, 0x3880},
    {0x00000001u /* f32 smallest subnormal */, 0x0000, 0x0000}, {0x80000001u, 0x8000, 0x8000},
    /* f16 normal ties: 1 + 2^-11 -> 1; 1 + 3x2^-11 -> 1 + 2^-9; a hair above the tie -> up */
    {0x3F801000u, 0x3C00, 0x3F80}, {0x3F803000u, 0x3C02, 0x3F80}, {0x3F801001u, 0x3C01, 0x3F80},
    {0x45001000u /* 2049: tie -> 2048 */, 0x6800, 0x4500}, {0x45003000u /* 2051 -> 2052 */, 0x6802, 0x4500},
    /* bf16 ties: 1 + 2^-8 -> 1; 1 + 3x2^-8 -> 1 + 2^-6; above the tie -> up */
    {0x3F808000u, 0x3C04, 0x3F80}, {0x3F818000u, 0x3C0C, 0x3F82}, {0x3F808001u, 0x3C04, 0x3F81},
    /* bf16 overflow: 0x7F7F is the largest; the tie with 2^128 goes to inf; FLT_MAX -> inf */
    {0x7F7F0000u, 0x7C00, 0x7F7F}, {0x7F7F7FFFu, 0x7C00, 0x7F7F}, {0x7F7F8000u, 0x7C00, 0x7F80},
    {0x7F7FFFFFu, 0x7C00, 0x7F80}, {0xFF7FFFFFu, 0xFC00, 0xFF80},
    /* bf16 subnormals (f32 subnormals' top half): ties to even, rounding up to the smallest normal */
    {0x00008000u, 0x0000, 0x0000}, {0x00018000u, 0x0000, 0x0002}, {0x00008001u, 0x0000, 0x0001},
    {0x007FFFFFu, 0x0000, 0x0080}, {0x807FFFFFu, 0x8000, 0x8080}, {0x00010000u, 0x0000, 0x0001},
    /* NaN: quiet, sign and top payload bits kept (sNaN 0x7F800001 has none in range) */
    {0x7FC00000u, 0x7E00, 0x7FC0}, {0xFFC00000u, 0xFE00, 0xFFC0}, {0x7F800001u, 0x7E00, 0x7FC0},
    {0x7FBFFFFFu, 0x7FFF, 0x7FFF}, {0xFFFFFFFFu, 0xFFFF, 0xFFFF}, {0x7F810000u, 0x7E08, 0x7FC1},
    {0x7FA00000u, 0x7F00, 0x7FE0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const case32 c = cases[i];
    uint16_t h = jaxc_f32_to_f16(u2f(c.in)).bits, b = jaxc_f32_to_bf16(u2f(c.in)).bits;
    CHECK_MSG(h == c.f16, "f32 %08x (%a) -> f16 %04x, want %04x", c.in, (double)u2f(c.in), h, c.f16);
    CHECK_MSG(b == c.bf16, "f32 %08x (%a) -> bf16 %04x, want %04x", c.in, (double)u2f(c.in), b, c.bf16);
    /* the reference agrees with the hand-derived answers (it is checked too) */
    CHECK_MSG(ref_from_f32(&F16, c.in) == c.f16 && ref_from_f32(&BF16, c.in) == c.bf16, "reference on %08x", c.in);
  }
}

static void test_special_f64(void) {
  /* The double-rounding trap: just above a tie of the 16-bit format, but within half an f32 ulp
     of it, so rounding to f32 first lands on the tie, which then goes to even (down). */
  const double t16 = 1.0 + ldexp(1, -11) + ldexp(1, -40), tb16 = 1.0 + ldexp(1, -8) + ldexp(1, -30);
  CHECK_EQ_INT(jaxc_f64_to_f16(t16).bits, 0x3C01);
  CHECK_EQ_INT(jaxc_f32_to_f16((float)t16).bits, 0x3C00); /* the trap is real */
  CHECK_EQ_INT(jaxc_f64_to_bf16(tb16).bits, 0x3F81);
  CHECK_EQ_INT(jaxc_f32_to_bf16((float)tb16).bits, 0x3F80);
  /* the same trap at the overflow and the subnormal boundaries */
  CHECK_EQ_INT(jaxc_f64_to_f16(65520.0 - ldexp(1, -30)).bits, 0x7BFF);
  CHECK_EQ_INT(jaxc_f32_to_f16((float)(65520.0 - ldexp(1, -30))).bits, 0x7C00);
  CHECK_EQ_INT(jaxc_f64_to_f16(ldexp(1, -25) + ldexp(1, -60)).bits, 0x0001);
  CHECK_EQ_INT(jaxc_f64_to_f16(ldexp(1, -25)).bits, 0x0000);
  CHECK_EQ_INT(jaxc_f64_to_bf16(ldexp(1, -134) + ldexp(1, -180)).bits, 0x0001);
  CHECK_EQ_INT(jaxc_f64_to_bf16(ldexp(1, -134)).bits, 0x0000);
  CHECK_EQ_INT(jaxc_f64_to_bf16(ldexp(1, 128) - ldexp(1, 119)).bits, 0x7F80);            /* tie -> inf */
  CHECK_EQ_INT(jaxc_f64_to_bf16(ldexp(1, 128) - ldexp(1, 119) - ldexp(1, 80)).bits, 0x7F7F);
  /* beyond f32's range, and tiny doubles */
  CHECK_EQ_INT(jaxc_f64_to_f16(65520.0).bits, 0x7C00);
  CHECK_EQ_INT(jaxc_f64_to_f16(-1e300).bits, 0xFC00);
  CHECK_EQ_INT(jaxc_f64_to_bf16(1e39).bits, 0x7F80);
  CHECK_EQ_INT(jaxc_f64_to_bf16(-DBL_MAX).bits, 0xFF80);
  CHECK_EQ_INT(jaxc_f64_to_f16(1e-300).bits, 0x0000);
  CHECK_EQ_INT(jaxc_f64_to_f16(-1e-300).bits, 0x8000);
  CHECK_EQ_INT(jaxc_f64_to_bf16(-1e-300).bits, 0x8000);
  CHECK_EQ_INT(jaxc_f64_to_f16(u2d(1)).bits, 0x0000);                                 /* f64 subnormal */
  CHECK_EQ_INT(jaxc_f64_to_bf16(-u2d(1)).bits, 0x8000);
  CHECK_EQ_INT(jaxc_f64_to_f16(-0.0).bits, 0x8000);
  CHECK_EQ_INT(jaxc_f64_to_bf16(INFINITY).bits, 0x7F80);
  CHECK_EQ_INT(jaxc_f64_to_f16(-INFINITY).bits, 0xFC00);
  CHECK_EQ_INT(jaxc_f64_to_f16(0.1).bits, 0x2E66);  /* 0.1 = 0x1.999..p-4: 0x1.998p-4 (below the tie) */
  CHECK_EQ_INT(jaxc_f64_to_bf16(0.1).bits, 0x3DCD); /* 0x1.9ap-4 */
  /* NaN: quiet, sign and the payload's top bits */
  CHECK_EQ_INT(jaxc_f64_to_f16(u2d(0x7FF0000000000001u)).bits, 0x7E00);
  CHECK_EQ_INT(jaxc_f64_to_bf16(u2d(0x7FF0000000000001u)).bits, 0x7FC0);
  CHECK_EQ_INT(jaxc_f64_to_f16(u2d(0xFFF8000000000000u)).bits, 0xFE00);
  CHECK_EQ_INT(jaxc_f64_to_bf16(u2d(0xFFF8000000000000u)).bits, 0xFFC0);
  CHECK_EQ_INT(jaxc_f64_to_f16(u2d(0x7FF4000000000000u)).bits, 0x7F00);
  CHECK_EQ_INT(jaxc_f64_to_bf16(u2d(0x7FF4000000000000u)).bits, 0x7FE0);
}

/* ---- 3. random inputs against the reference ---- */
/* Uniform bit patterns mostly overflow or underflow, so most inputs are steered into the
   formats' ranges and onto their rounding ties (exactly, and one f32 ulp either side). */
static uint32_t random_f32_bits(void) {
  uint64_t r = rnd64();
  uint32_t u = (uint32_t)r, sign = u & 0x80000000u, mant = u & 0x007FFFFFu;
  uint32_t sel = (uint32_t)(r >> 32) % 5u, pick = (uint32_t)(r >> 40);
  static const uint32_t f16_low[4] = {0x1000u, 0x0FFFu, 0x1001u, 0u};
  static const uint32_t bf16_low[4] = {0x8000u, 0x7FFFu, 0x8001u, 0u};
  switch (sel) {
  case 0: return u;                                                         /* anything */
  case 1: return sign | (100u + pick % 46u) << 23 | mant;                   /* f16 range */
  case 2: return sign | (100u + pick % 46u) << 23 | (mant & ~0x1FFFu) | f16_low[(pick >> 8) & 3u];
  case 3: return (u & 0xFFFF0000u) | bf16_low[pick & 3u];                    /* bf16 ties */
  default: return sign | (pick % 3u == 0 ? 0u : pick % 3u == 1 ? 0x7F000000u : 0x3F800000u) | mant;
  }
}
static uint64_t random_f64_bits(void) {
  uint64_t r = rnd64(), q = rnd64();
  uint64_t sign = r & 0x8000000000000000u, mant = r & 0x000FFFFFFFFFFFFFu;
  uint64_t e;
  switch (q % 5u) {
  case 0: return r;
  case 1: e = 1023u - 30u + (q >> 8) % 50u; break;    /* f16 range */
  case 2: e = 1023u - 140u + (q >> 8) % 270u; break;  /* bf16 range */
  case 3: /* a tie of one of the formats, exactly or one f64 ulp off */
    e = 1023u - 140u + (q >> 8) % 270u;
    mant = (mant & ~((UINT64_C(1) << 45) - 1u)) | UINT64_C(1) << ((q >> 20) % 2u ? 44 : 41);
    mant += (uint64_t)((q >> 24) % 3u) - 1u;
    mant &= 0x000FFFFFFFFFFFFFu;
    break;
  default: e = 1023u - 30u + (q >> 8) % 50u; mant = (mant & ~((UINT64_C(1) << 42) - 1u)) | UINT64_C(1) << 41; break;
  }
  return sign | e << 52 | mant;
}

enum { CHUNK = 1 << 16 };
static float rnd_in[CHUNK + 64];
static uint16_t want_h[CHUNK], want_b[CHUNK];
static jaxc_f16 out_h[CHUNK + 64];
static jaxc_bf16 out_b[CHUNK + 64];

/* The array helpers against the scalar answers want_h/want_b on rnd_in[0..n), in pieces of
   varying length (many not multiples of 8 or 16) at varying offsets. */
static void check_arrays_on_chunk(size_t n) {
  size_t i = 0;
  uint64_t r = rnd64();
  int variant = 0;
  while (i < n) {
    size_t len = (r & 7u) == 0 ? 4096u + (size_t)(r >> 3) % 300u : (size_t)(r >> 3) % 70u;
    r = r >> 13 ? r >> 13 : rnd64();
    if (len > n - i) len = n - i;
    if (variant++ % 2) {
      jaxc_convert_f32_to_f16_n(len, rnd_in + i, out_h + i);
      jaxc_convert_f32_to_bf16_n(len, rnd_in + i, out_b + i);
    } else {
      jaxc__convert_f32_to_f16_n_portable(len, rnd_in + i, out_h + i);
      jaxc_convert_f32_to_bf16_n(len, rnd_in + i, out_b + i);
    }
    i += len;
  }
  long bad_h = 0, bad_b = 0;
  for (i = 0; i < n; i++) {
    bad_h += out_h[i].bits != want_h[i];
    bad_b += out_b[i].bits != want_b[i];
  }
  CHECK_MSG(bad_h == 0, "f32 -> f16 array helpers differ from the scalar function on %ld of %zu", bad_h, n);
  CHECK_MSG(bad_b == 0, "f32 -> bf16 array helper differs from the scalar function on %ld of %zu", bad_b, n);
}

static void test_random_f32(long count) {
  long done = 0;
  while (done < count) {
    size_t n = count - done < CHUNK ? (size_t)(count - done) : CHUNK;
    for (size_t i = 0; i < n; i++) {
      const uint32_t u = random_f32_bits();
      const float x = u2f(u);
      rnd_in[i] = x;
      want_h[i] = jaxc_f32_to_f16(x).bits;
      want_b[i] = jaxc_f32_to_bf16(x).bits;
      const uint16_t rh = ref_from_f32(&F16, u), rb = ref_from_f32(&BF16, u);
      CHECK_MSG(want_h[i] == rh, "f32 %08x (%a) -> f16 %04x, reference %04x", u, (double)x, want_h[i], rh);
      CHECK_MSG(want_b[i] == rb, "f32 %08x (%a) -> bf16 %04x, reference %04x", u, (double)x, want_b[i], rb);
      /* widening to f64 is exact, so the f64 converters must agree (f64 NaNs are quiet, which
         the 16-bit result is anyway) */
      const double d = (double)x;
      CHECK_MSG(jaxc_f64_to_f16(d).bits == rh && jaxc_f64_to_bf16(d).bits == rb, "f64 of f32 %08x", u);
    }
    check_arrays_on_chunk(n);
    done += (long)n;
  }
}

static void test_random_f64(long count) {
  for (long i = 0; i < count; i++) {
    const uint64_t u = random_f64_bits();
    const double x = u2d(u);
    const uint16_t h = jaxc_f64_to_f16(x).bits, b = jaxc_f64_to_bf16(x).bits;
    const uint16_t rh = ref_from_f64(&F16, u), rb = ref_from_f64(&BF16, u);
    CHECK_MSG(h == rh, "f64 %016llx (%a) -> f16 %04x, reference %04x", (unsigned long long)u, x, h, rh);
    CHECK_MSG(b == rb, "f64 %016llx (%a) -> bf16 %04x, reference %04x", (unsigned long long)u, x, b, rb);
  }
}

/* ---- 4. array helpers on every pattern ---- */
static jaxc_f16 all_h[0x10000];
static jaxc_bf16 all_b[0x10000];
static float wide[0x20000 + 64], wide2[0x20000 + 64];

static void test_arrays_all(void) {
  for (uint32_t p = 0; p < 0x10000u; p++) {
    all_h[p].bits = (uint16_t)p;
    all_b[p].bits = (uint16_t)p;
  }
  /* widening, at a few odd offsets and lengths, through each helper */
  static const size_t offs[] = {0, 1, 3, 7, 8, 13, 16, 17};
  for (size_t k = 0; k < sizeof offs / sizeof offs[0]; k++) {
    const size_t o = offs[k], n = 0x10000u - o - k * 5u;
    long bad_h = 0, bad_hp = 0, bad_b = 0;
    jaxc_convert_f16_to_f32_n(n, all_h + o, wide);
    jaxc__convert_f16_to_f32_n_portable(n, all_h + o, wide2);
    for (size_t i = 0; i < n; i++) {
      const uint32_t want = f2u(jaxc_f16_to_f32(all_h[o + i]));
      bad_h += f2u(wide[i]) != want;
      bad_hp += f2u(wide2[i]) != want;
    }
    jaxc_convert_bf16_to_f32_n(n, all_b + o, wide);
    for (size_t i = 0; i < n; i++) bad_b += f2u(wide[i]) != f2u(jaxc_bf16_to_f32(all_b[o + i]));
    CHECK_MSG(bad_h == 0, "f16 -> f32 array (offset %zu, n %zu): %ld differ", o, n, bad_h);
    CHECK_MSG(bad_hp == 0, "f16 -> f32 portable array (offset %zu, n %zu): %ld differ", o, n, bad_hp);
    CHECK_MSG(bad_b == 0, "bf16 -> f32 array (offset %zu, n %zu): %ld differ", o, n, bad_b);
  }
  /* narrowing every value of both formats (as f32, NaNs included) back through each helper */
  for (uint32_t p = 0; p < 0x10000u; p++) {
    wide[p] = jaxc_f16_to_f32(all_h[p]);
    wide[0x10000u + p] = jaxc_bf16_to_f32(all_b[p]);
  }
  static jaxc_f16 nh[0x20000], nhp[0x20000];
  static jaxc_bf16 nb[0x20000];
  for (size_t len = 0; len <= 0x20000u; len += len < 40u ? 1u : 0x20000u - 40u) {
    const size_t n = len; /* lengths 0..40 from the start, then everything */
    jaxc_convert_f32_to_f16_n(n, wide, nh);
    jaxc__convert_f32_to_f16_n_portable(n, wide, nhp);
    jaxc_convert_f32_to_bf16_n(n, wide, nb);
    long bad = 0;
    for (size_t i = 0; i < n; i++)
      bad += nh[i].bits != jaxc_f32_to_f16(wide[i]).bits || nhp[i].bits != jaxc_f32_to_f16(wide[i]).bits ||
             nb[i].bits != jaxc_f32_to_bf16(wide[i]).bits;
    CHECK_MSG(bad == 0, "f32 -> f16/bf16 arrays (n %zu): %ld differ", n, bad);
  }
  /* n = 0 writes nothing */
  wide2[0] = 42.0f;
  jaxc_convert_f16_to_f32_n(0, all_h, wide2);
  CHECK(wide2[0] == 42.0f);
}

int main(int argc, char **argv) {
  rng_state = 0x9E3779B97F4A7C15u; /* this test's inputs */
  long count = 10000000L;
  if (argc > 1) count = strtol(argv[1], NULL, 10);
  if (count < 0) count = 0;
  build_table(&F16);
  build_table(&BF16);
  test_widen_all(&F16);
  test_widen_all(&BF16);
  test_special_f32();
  test_special_f64();
  test_arrays_all();
  test_random_f32(count);
  test_random_f64(count / 4);
  printf("test_convert: 2^16 f16 and 2^16 bf16 patterns each way, %ld random f32, %ld random f64 (%s array path)\n",
         count, count / 4, JAXC__HAS_F16C ? "F16C" : "portable");
  return check_summary("test_convert");
}
