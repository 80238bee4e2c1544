/* parts/convert.h — spliced into jaxc_kernels.h: exact bfloat16 / float16 conversions.

   WHAT
     Scalar and array conversions between the 16-bit storage types (jaxc_bf16, jaxc_f16) and
     float / double, bit-exact, IEEE 754 round to nearest, ties to even:
       - NaN stays NaN: sign kept, quiet bit set, the payload's top bits kept (what F16C,
         VCVTNEPS2BF16 and LLVM's fptrunc do; Eigen's scalar bf16 cast keeps only the sign).
       - overflow rounds to +-inf (65520 -> inf in f16, 65519.996 -> 65504).
       - subnormals are produced and consumed exactly, never flushed; -0 stays -0.
       - f64 -> f16/bf16 rounds once, straight from the double (rounding through f32 first
         would round twice: 1 + 2^-11 + 2^-40 would come out 1.0 instead of 1 + 2^-10).
     Widening is exact. bf16 -> f32 is the plain 16-bit shift (a signalling NaN stays signalling,
     as in every bf16 library); the other widenings quieten NaNs, as FPUs and F16C do.

   HOW TO USE
     jaxc_f16 h = jaxc_f32_to_f16(1.5f);        float f = jaxc_f16_to_f32(h);
     jaxc_bf16 b = jaxc_f64_to_bf16(0.1);       double d = jaxc_bf16_to_f64(b);
     uint16_t bits = jaxc_f32_bits_to_f16_bits(0x3FC00000u);     (FP16-style _bits forms)
     jaxc_convert_f32_to_bf16_n(n, src, dst);   (arrays; no allocation, no OpenMP: callers split)

   HOW
     Integer arithmetic on the bit patterns (one exact float multiply for f16 subnormals), so the
     results do not depend on the FP environment (rounding mode, FTZ/DAZ, -ffast-math). The
     f32 <-> f16/bf16 paths select between precomputed candidates instead of branching, so gcc
     and clang vectorise loops of them (the array helpers below: clang -O2, gcc -O3 or -O2 with
     -fopenmp; on x86, f32 -> f16 needs AVX2 for its per-lane shifts). Where the
     compiler targets x86 F16C, the f16 array helpers use the F16C instructions, which round the
     same way (tests/test_convert.c checks both against the scalar functions).
     VCVTNEPS2BF16 (AVX512-BF16) is not used: it rounds NaN like us but flushes f32 subnormals
     to zero.

   COMPILE-TIME OPTIONS
     JAXC_NO_F16C   never use the F16C instructions (the plain C loops are used everywhere)

   Needs no libc (<stdint.h>, <stddef.h> only; <immintrin.h> only for the hosted F16C path);
   C11, C++ and CUDA (scalar functions are JAXC_HD). */
#ifndef JAXC_CONVERT_H_INCLUDED
#define JAXC_CONVERT_H_INCLUDED

#ifndef JAXC_PROMOTE_H_INCLUDED
#  include "../jaxc_promote.h"
#endif
#include <stddef.h>
#include <stdint.h>

#ifndef JAXC__INLINE
#  if defined(__GNUC__) || defined(__clang__)
#    define JAXC__INLINE static inline __attribute__((unused))
#  else
#    define JAXC__INLINE static inline
#  endif
#endif

#ifndef JAXC__RESTRICT
#  if defined(__cplusplus) && (defined(__GNUC__) || defined(__clang__))
#    define JAXC__RESTRICT __restrict__
#  elif defined(__cplusplus) && defined(_MSC_VER)
#    define JAXC__RESTRICT __restrict
#  elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#    define JAXC__RESTRICT restrict
#  else
#    define JAXC__RESTRICT
#  endif
#endif

/* Under OpenMP, `omp simd` makes gcc vectorise the array loops even where its cost model would
   not try (-O2). Not under clang: it vectorises them at -O2 anyway, and where it cannot (ASan
   instrumentation) an `omp simd` loop draws -Wpass-failed, an error under -Werror. */
#if defined(_OPENMP) && !defined(JAXC_NO_OPENMP) && defined(__GNUC__) && !defined(__clang__)
#  define JAXC__CONVERT_SIMD _Pragma("omp simd")
#else
#  define JAXC__CONVERT_SIMD
#endif

/* The F16C path needs a hosted compiler (immintrin.h pulls in stdlib.h) and is host-only. */
#if defined(__F16C__) && !defined(JAXC_NO_F16C) && !defined(__CUDACC__) && \
    defined(__STDC_HOSTED__) && __STDC_HOSTED__
#  define JAXC__HAS_F16C 1
#  include <immintrin.h>
#else
#  define JAXC__HAS_F16C 0
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* >>bitcast ------------------------------------------------------------------------------------
   Bit casts without memcpy (no libc): a union is the C11 way; C++ compilers (GCC, Clang, MSVC,
   nvcc) define union punning the same way; CUDA device code has intrinsics for it. */
JAXC__INLINE JAXC_HD uint32_t jaxc__fp32_to_bits(float f) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(f);
#else
  union { float f; uint32_t u; } c;
  c.f = f;
  return c.u;
#endif
}
JAXC__INLINE JAXC_HD float jaxc__fp32_from_bits(uint32_t u) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(u);
#else
  union { uint32_t u; float f; } c;
  c.u = u;
  return c.f;
#endif
}
JAXC__INLINE JAXC_HD uint64_t jaxc__fp64_to_bits(double d) {
#if defined(__CUDA_ARCH__)
  return (uint64_t)__double_as_longlong(d);
#else
  union { double d; uint64_t u; } c;
  c.d = d;
  return c.u;
#endif
}
JAXC__INLINE JAXC_HD double jaxc__fp64_from_bits(uint64_t u) {
#if defined(__CUDA_ARCH__)
  return __longlong_as_double((long long)u);
#else
  union { uint64_t u; double d; } c;
  c.u = u;
  return c.d;
#endif
}

/* The storage types from their bits (a compound literal is not C++). */
JAXC__INLINE JAXC_HD jaxc_f16 jaxc_f16_from_bits(uint16_t bits) {
  jaxc_f16 h;
  h.bits = bits;
  return h;
}
JAXC__INLINE JAXC_HD jaxc_bf16 jaxc_bf16_from_bits(uint16_t bits) {
  jaxc_bf16 b;
  b.bits = bits;
  return b;
}

/* >>f16 ----------------------------------------------------------------------------------------
   binary16 -> binary32, exact.
       f16:  s|eeeee|mmmmmmmmmm                                (bias 15)
       f32:  s|EEEEEEEE|mmmmmmmmmm 0000000000000               (bias 127)
   normal    (e = 1..30): shift e|m up 13 and add (127-15) << 23 to rebias the exponent.
   inf/NaN   (e = 31):    E must become 255: add (255-31) << 23 instead; NaN gets the quiet bit
                          (bit 22), as F16C's VCVTPH2PS does; its payload moves up unchanged.
   subnormal (e = 0):     0.m x 2^-14 = m x 2^-24, a normal f32: (float)m * 2^-24 is exact
                          (m < 2^10 converts exactly, the power-of-two product too); m = 0 -> +0.
   All three candidates are computed and one is selected, with the sign put back last. */
JAXC__INLINE JAXC_HD uint32_t jaxc_f16_bits_to_f32_bits(uint16_t h) {
  const uint32_t sign = ((uint32_t)h & 0x8000u) << 16;
  const uint32_t em = (uint32_t)h & 0x7FFFu;
  const uint32_t e = em & 0x7C00u;
  const uint32_t normal = (em << 13) + 0x38000000u;
  const uint32_t infnan = ((em << 13) + 0x70000000u) | (em > 0x7C00u ? 0x00400000u : 0u);
  /* 2^-24 = 0x33800000; int32 (not uint32) -> float, which SSE/AVX convert in one instruction */
  const uint32_t sub = jaxc__fp32_to_bits((float)(int32_t)em * jaxc__fp32_from_bits(0x33800000u));
  /* masks rather than ?: here: gcc will not if-convert a select fed by a float multiply */
  const uint32_t is_sub = 0u - (uint32_t)(e == 0u), is_top = 0u - (uint32_t)(e == 0x7C00u);
  return sign | (sub & is_sub) | (infnan & is_top) | (normal & ~(is_sub | is_top));
}

/* binary32 -> binary16, round to nearest even.
       f32:  s|EEEEEEEE|mmmmmmmmmm|rrrrrrrrrrrrr     r: the 13 bits rounded away
       f16:  s|eeeee|mmmmmmmmmm
   normal result (|x| >= 2^-14, i.e. bits >= 0x38800000): subtract (127-15) << 23 to rebias,
     add 0xFFF + (the lowest kept bit) and drop 13 bits. The add carries into the kept bits
     exactly when r > 0x1000, or r == 0x1000 and the kept part is odd: ties go to even. A carry
     out of the mantissa bumps the exponent, as it should; from 65520 up the result is 0x7C00
     (inf) or beyond, so clamp to 0x7C00 (inf itself lands beyond).
   subnormal result (|x| < 2^-14): the result is |x| / 2^-24 rounded. With the hidden bit H,
       f32:  s|EEEEEEEE|mmm...m     |x| = Hmmm...m x 2^(E-150) = M x 2^(E-150)
     so |x| / 2^-24 = M >> (126 - E); round that shift the same way: add half-1 plus the lowest
     kept bit, then shift. The shift is >= 14 here and clamped to 31: M < 2^24, so anything below
     2^-25 (f32 subnormals too) gives 0. Rounding up to 0x400 yields the smallest normal: right.
   NaN: s|11111|1 + the top 9 payload bits (quiet bit forced on, as F16C's VCVTPS2PH does).
   The three candidates are computed and one selected; the shifts stay in [1, 31] (no UB). */
JAXC__INLINE JAXC_HD uint16_t jaxc_f32_bits_to_f16_bits(uint32_t u) {
  const uint32_t sign = (u >> 16) & 0x8000u;
  const uint32_t a = u & 0x7FFFFFFFu;
  const uint32_t r = a - 0x38000000u;                       /* wraps for tiny a: not selected */
  uint32_t normal = (r + 0x0FFFu + ((r >> 13) & 1u)) >> 13;
  normal = normal < 0x7C00u ? normal : 0x7C00u;
  uint32_t e = a >> 23;
  e = e < 112u ? e : 112u;                                   /* 112: exponent of 2^-15 */
  uint32_t s = 126u - e;
  s = s < 31u ? s : 31u;
  const uint32_t m = (a & 0x007FFFFFu) | 0x00800000u;
  const uint32_t sub = (m + (1u << (s - 1u)) - 1u + ((m >> s) & 1u)) >> s;
  const uint32_t nan = 0x7E00u | ((a >> 13) & 0x03FFu);
  return (uint16_t)(sign | (a > 0x7F800000u ? nan : a < 0x38800000u ? sub : normal));
}

/* >>bf16 ---------------------------------------------------------------------------------------
   bfloat16 -> binary32, exact: bfloat16 is the top half of a binary32.
       bf16: s|EEEEEEEE|mmmmmmm
       f32:  s|EEEEEEEE|mmmmmmm 0000000000000000 */
JAXC__INLINE JAXC_HD uint32_t jaxc_bf16_bits_to_f32_bits(uint16_t b) { return (uint32_t)b << 16; }

/* binary32 -> bfloat16, round to nearest even.
       f32:  s|EEEEEEEE|mmmmmmm|rrrrrrrrrrrrrrrr     r: the 16 bits rounded away
       bf16: s|EEEEEEEE|mmmmmmm
   Add 0x7FFF + (the lowest kept bit) and keep the top half (the carry rule of the f16 case).
   The carry runs into the exponent and on to inf by itself (0x7F7F8000 and up -> 0x7F80), and
   subnormals need nothing special: the encoding is linear there, so they round like the rest.
   Only NaN is special, since the add could carry it into inf or, from 0xFFFF...., past the sign:
   NaN keeps its top half with the quiet bit (bit 6) set. */
JAXC__INLINE JAXC_HD uint16_t jaxc_f32_bits_to_bf16_bits(uint32_t u) {
  const uint32_t rounded = (u + 0x7FFFu + ((u >> 16) & 1u)) >> 16;
  const uint32_t nan = (u >> 16) | 0x0040u;
  return (uint16_t)((u & 0x7FFFFFFFu) > 0x7F800000u ? nan : rounded);
}

/* >>f64 ----------------------------------------------------------------------------------------
   binary32 -> binary64, exact.
       f32:  s|EEEEEEEE|m (23)                                    (bias 127)
       f64:  s|EEEEEEEEEEE|m (23) 00000000000000000000000000000   (bias 1023)
   normal: mantissa up 29, exponent + (1023-127); inf/NaN: exponent 2047, NaN gets the quiet bit
   (bit 51); subnormal: M x 2^-149 is a normal double, (double)M * 2^-149 exactly. Scalar code
   (the f64 paths are not bulk paths), so plain branches. */
JAXC__INLINE JAXC_HD uint64_t jaxc__f32_bits_to_f64_bits(uint32_t u) {
  const uint64_t sign = (uint64_t)(u & 0x80000000u) << 32;
  const uint32_t a = u & 0x7FFFFFFFu;
  const uint64_t m = (uint64_t)(a & 0x007FFFFFu) << 29;
  if (a >= 0x7F800000u)
    return sign | (uint64_t)0x7FF0000000000000u | m | (a > 0x7F800000u ? (uint64_t)0x0008000000000000u : 0u);
  if (a >= 0x00800000u) return sign | ((uint64_t)((a >> 23) + (1023u - 127u)) << 52) | m;
  /* 2^-149 = 0x36A0000000000000 (exponent 1023 - 149) */
  return sign | jaxc__fp64_to_bits((double)(int32_t)a * jaxc__fp64_from_bits((uint64_t)0x36A0000000000000u));
}

/* binary64 -> a 16-bit binary format with `man` mantissa bits and exponent bias `bias`
   (f16: 10, 15; bf16: 7, 127), rounded to nearest even in one step.
       f64:  s|EEEEEEEEEEE|m...m (man bits)|r...r (52 - man bits, rounded away)
       out:  s|e...e (15 - man bits)|m...m
   The f32 scheme on 64-bit words. Normal result (E >= 1024 - bias): rebias by (1023 - bias) << 52,
   add half-1 + lowest kept bit, drop 52 - man bits, clamp at inf. Subnormal result: M (with the
   hidden bit) x 2^(E-1075) / 2^(1-bias-man) = M >> (1076 - bias - man - E), rounded the same
   way; a shift past 54 leaves less than a quarter unit: zero. NaN: quiet bit + top payload bits. */
JAXC__INLINE JAXC_HD uint16_t jaxc__f64_bits_to_narrow_bits(uint64_t u, unsigned man, unsigned bias) {
  const uint32_t sign = (uint32_t)(u >> 48) & 0x8000u;
  const uint64_t a = u & (uint64_t)0x7FFFFFFFFFFFFFFFu;
  const uint32_t inf = ((1u << (15u - man)) - 1u) << man;
  const unsigned e = (unsigned)(a >> 52);
  if (a > (uint64_t)0x7FF0000000000000u)
    return (uint16_t)(sign | inf | (1u << (man - 1u)) | ((uint32_t)(a >> (52u - man)) & ((1u << man) - 1u)));
  if (e >= 1024u - bias) {
    const uint64_t r = a - ((uint64_t)(1023u - bias) << 52);
    const unsigned sh = 52u - man;
    const uint64_t q = (r + (((uint64_t)1u << (sh - 1u)) - 1u) + ((r >> sh) & 1u)) >> sh;
    return (uint16_t)(sign | (q < inf ? (uint32_t)q : inf));
  } else {
    const unsigned s = 1076u - bias - man - e;
    const uint64_t m = (a & (uint64_t)0x000FFFFFFFFFFFFFu) | ((uint64_t)1u << 52);
    if (s > 54u) return (uint16_t)sign;
    return (uint16_t)(sign | (uint32_t)((m + (((uint64_t)1u << (s - 1u)) - 1u) + ((m >> s) & 1u)) >> s));
  }
}
JAXC__INLINE JAXC_HD uint16_t jaxc_f64_bits_to_f16_bits(uint64_t u) { return jaxc__f64_bits_to_narrow_bits(u, 10u, 15u); }
JAXC__INLINE JAXC_HD uint16_t jaxc_f64_bits_to_bf16_bits(uint64_t u) { return jaxc__f64_bits_to_narrow_bits(u, 7u, 127u); }
JAXC__INLINE JAXC_HD uint64_t jaxc_f16_bits_to_f64_bits(uint16_t h) {
  return jaxc__f32_bits_to_f64_bits(jaxc_f16_bits_to_f32_bits(h));
}
JAXC__INLINE JAXC_HD uint64_t jaxc_bf16_bits_to_f64_bits(uint16_t b) {
  return jaxc__f32_bits_to_f64_bits(jaxc_bf16_bits_to_f32_bits(b));
}

/* >>scalar -------------------------------------------------------------------------------------
   The value forms, on the storage types. */
JAXC__INLINE JAXC_HD float jaxc_f16_to_f32(jaxc_f16 h) { return jaxc__fp32_from_bits(jaxc_f16_bits_to_f32_bits(h.bits)); }
JAXC__INLINE JAXC_HD float jaxc_bf16_to_f32(jaxc_bf16 b) { return jaxc__fp32_from_bits(jaxc_bf16_bits_to_f32_bits(b.bits)); }
JAXC__INLINE JAXC_HD double jaxc_f16_to_f64(jaxc_f16 h) { return jaxc__fp64_from_bits(jaxc_f16_bits_to_f64_bits(h.bits)); }
JAXC__INLINE JAXC_HD double jaxc_bf16_to_f64(jaxc_bf16 b) { return jaxc__fp64_from_bits(jaxc_bf16_bits_to_f64_bits(b.bits)); }
JAXC__INLINE JAXC_HD jaxc_f16 jaxc_f32_to_f16(float f) { return jaxc_f16_from_bits(jaxc_f32_bits_to_f16_bits(jaxc__fp32_to_bits(f))); }
JAXC__INLINE JAXC_HD jaxc_bf16 jaxc_f32_to_bf16(float f) { return jaxc_bf16_from_bits(jaxc_f32_bits_to_bf16_bits(jaxc__fp32_to_bits(f))); }
JAXC__INLINE JAXC_HD jaxc_f16 jaxc_f64_to_f16(double d) { return jaxc_f16_from_bits(jaxc_f64_bits_to_f16_bits(jaxc__fp64_to_bits(d))); }
JAXC__INLINE JAXC_HD jaxc_bf16 jaxc_f64_to_bf16(double d) { return jaxc_bf16_from_bits(jaxc_f64_bits_to_bf16_bits(jaxc__fp64_to_bits(d))); }
/* Between the two 16-bit formats: widening to f32 is exact, so one rounding, as XLA does. */
JAXC__INLINE JAXC_HD jaxc_bf16 jaxc_f16_to_bf16(jaxc_f16 h) {
  return jaxc_bf16_from_bits(jaxc_f32_bits_to_bf16_bits(jaxc_f16_bits_to_f32_bits(h.bits)));
}
JAXC__INLINE JAXC_HD jaxc_f16 jaxc_bf16_to_f16(jaxc_bf16 b) {
  return jaxc_f16_from_bits(jaxc_f32_bits_to_f16_bits(jaxc_bf16_bits_to_f32_bits(b.bits)));
}

/* >>arrays -------------------------------------------------------------------------------------
   dst[i] = convert(src[i]) for i < n; src and dst must not overlap. No allocation, no threads:
   a caller parallelises by splitting the range. The _portable forms are the plain C loops
   (vectorised by the compiler); the public forms use F16C where compiled in, with a C tail.
   Each C loop first converts the elements before the source's next 64-byte boundary one by one:
   gcc 12's AVX-512 loops load each source line several times, and from a misaligned source
   (malloc's 16-byte alignment) every load splits two lines; starting on a line boundary made
   f32 -> bf16 on 2^24 elements about 3x faster on Zen 4. */
JAXC__INLINE size_t jaxc__head_to_line(const void *p, size_t elem_size, size_t n) {
  const size_t k = (size_t)((64u - ((uintptr_t)p & 63u)) & 63u) / elem_size;
  return k < n ? k : n;
}
JAXC__INLINE void jaxc__convert_f16_to_f32_n_portable(size_t n, const jaxc_f16 *JAXC__RESTRICT src,
                                                      float *JAXC__RESTRICT dst) {
  size_t i;
  const size_t head = jaxc__head_to_line(src, sizeof *src, n);
  for (i = 0; i < head; i++) dst[i] = jaxc__fp32_from_bits(jaxc_f16_bits_to_f32_bits(src[i].bits));
  JAXC__CONVERT_SIMD
  for (i = head; i < n; i++) dst[i] = jaxc__fp32_from_bits(jaxc_f16_bits_to_f32_bits(src[i].bits));
}
JAXC__INLINE void jaxc__convert_f32_to_f16_n_portable(size_t n, const float *JAXC__RESTRICT src,
                                                      jaxc_f16 *JAXC__RESTRICT dst) {
  size_t i;
  const size_t head = jaxc__head_to_line(src, sizeof *src, n);
  for (i = 0; i < head; i++) dst[i].bits = jaxc_f32_bits_to_f16_bits(jaxc__fp32_to_bits(src[i]));
  JAXC__CONVERT_SIMD
  for (i = head; i < n; i++) dst[i].bits = jaxc_f32_bits_to_f16_bits(jaxc__fp32_to_bits(src[i]));
}
JAXC__INLINE void jaxc_convert_bf16_to_f32_n(size_t n, const jaxc_bf16 *JAXC__RESTRICT src,
                                             float *JAXC__RESTRICT dst) {
  size_t i;
  const size_t head = jaxc__head_to_line(src, sizeof *src, n);
  for (i = 0; i < head; i++) dst[i] = jaxc__fp32_from_bits(jaxc_bf16_bits_to_f32_bits(src[i].bits));
  JAXC__CONVERT_SIMD
  for (i = head; i < n; i++) dst[i] = jaxc__fp32_from_bits(jaxc_bf16_bits_to_f32_bits(src[i].bits));
}
JAXC__INLINE void jaxc_convert_f32_to_bf16_n(size_t n, const float *JAXC__RESTRICT src,
                                             jaxc_bf16 *JAXC__RESTRICT dst) {
  size_t i;
  const size_t head = jaxc__head_to_line(src, sizeof *src, n);
  for (i = 0; i < head; i++) dst[i].bits = jaxc_f32_bits_to_bf16_bits(jaxc__fp32_to_bits(src[i]));
  JAXC__CONVERT_SIMD
  for (i = head; i < n; i++) dst[i].bits = jaxc_f32_bits_to_bf16_bits(jaxc__fp32_to_bits(src[i]));
}

JAXC__INLINE void jaxc_convert_f16_to_f32_n(size_t n, const jaxc_f16 *JAXC__RESTRICT src,
                                            float *JAXC__RESTRICT dst) {
#if JAXC__HAS_F16C
  /* VCVTPH2PS is exact and quietens NaNs keeping the payload, like the C code above. */
  size_t i = 0;
  for (; i + 8u <= n; i += 8u)
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(const void *)(src + i))));
  src += i;
  dst += i;
  n -= i;
#endif
  jaxc__convert_f16_to_f32_n_portable(n, src, dst);
}
JAXC__INLINE void jaxc_convert_f32_to_f16_n(size_t n, const float *JAXC__RESTRICT src,
                                            jaxc_f16 *JAXC__RESTRICT dst) {
#if JAXC__HAS_F16C
  /* Rounding is fixed by the immediate (MXCSR.RC is ignored); VCVTPS2PH keeps NaN payloads'
     top bits with the quiet bit set and produces f16 subnormals, like the C code above. */
  size_t i = 0;
  for (; i + 8u <= n; i += 8u)
    _mm_storeu_si128((__m128i *)(void *)(dst + i), _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
  src += i;
  dst += i;
  n -= i;
#endif
  jaxc__convert_f32_to_f16_n_portable(n, src, dst);
}

#ifdef __cplusplus
}
#endif
#endif /* JAXC_CONVERT_H_INCLUDED */
