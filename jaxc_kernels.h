/* jaxc_kernels.h — jaxc's statically typed element kernels and scalar conversions.

   WHAT
     - bf16/f16 conversions (round to nearest even, NaN kept, subnormals kept), see >>convert;
     - XLA ConvertElementType between every pair of the 15 dtypes (jaxc_cvt_<from>_<to> scalar,
       jaxc_kernel_cast_<from>_<to> array), see >>cast;
     - one X-macro table of every jax.numpy op (JAXC_OPS), and from it, per op and dtype,
       scalar functions jaxc_scalar_<op>_<c>_<c> (binary) / jaxc_scalar_<op>_<c> (unary) and
       array kernels jaxc_kernel_<op>_<c>_<c> / jaxc_kernel_<op>_<c>, see >>ops;
     - for every ordered pair of distinct dtypes whose join the op accepts, fused kernels
       jaxc_kernel_<op>_<a>_<b>(n, const A *, const B *, OUT *) that convert inside the loop
       and scalar functions jaxc_scalar_<op>_<a>_<b> whose C return type is the join's (>>pairs).
     - complex arithmetic on (re, im) parts, one code for C, C++ and CUDA builds: XLA's
       multiply, Smith's divide, XLA's power, Annex G functions in double (>>complex math);
     - erf and erfc as XLA computes them (float32 erf: XLA:CPU's rational; erfc: StableHLO's
       decomposition of chlo.erfc), vectorisable (>>float math, after i0); erfinv (XLA's
       ErfInv, with XLA:CPU's own log and log1p), gammaln and digamma (StableHLO's Lanczos
       decompositions), zeta and polygamma (StableHLO's Euler-Maclaurin decomposition), and
       jax.scipy.special's xlogy, xlog1py, logit, entr, gammasgn, gamma and factorial (after
       erfc);
     - float32 exp, log, tanh, log1p, expm1, sin, cos, tan, arcsin, arccos, arctan, sinh, cosh,
       arcsinh, arccosh, arctanh, cbrt, arctan2, power and logaddexp as vectorisable C in
       double, correctly rounded but for a few inputs within a hair of a midpoint (>>float
       math; tools/exhaustive.c runs all 2^32 inputs of the unary ones); float64 exp, log,
       expm1, log1p, sin, cos, tan, tanh, arctan2, power and logaddexp within 0.501-0.518 ulp,
       vectorisable where the target has AVX2, and cbrt; the C library's for the rest;
       hand-vectorised AVX2/AVX-512 loops for sqrt (real and complex), complex |z|, floor, ceil
       and rint, which errno or -ftrapping-math keep scalar otherwise (>>vector);
     <c> is the dtype's code: b, u8 ... u64, i8 ... i64, bf16, f16, f32, f64, c64, c128.
     Kernels write into caller memory and never allocate; they are usable without jaxc.h.
     `out` may be an input of the same element type (in place); it must not overlap one otherwise.

   HOW TO USE
     #include "jaxc_kernels.h"
     float out[4];
     jaxc_kernel_add_i8_f32(4, (int8_t[]){1, 2, 3, 4}, (float[]){.5f, .5f, .5f, .5f}, out);
     int16_t s = jaxc_scalar_add_u8_i8(200, -100);     // u8 v i8 = i16, as jnp gives: 100

   COMPILE-TIME OPTIONS
     JAXC_NO_OPENMP     never emit OpenMP pragmas (also off when not compiling with -fopenmp)
     JAXC_PAR_BYTES     memory traffic above which loops go parallel (default 2 MiB)
     JAXC_NO_F16C       never use the x86 F16C instructions for float16 arrays
     JAXC_NO_COMPLEX_H  store complex values as {re, im} structs even where C has _Complex
     JAXC_NO_SIMD       never use the hand-written AVX2/AVX-512 loops (sqrt, complex sqrt and abs,
                        floor, ceil, rint: >>vector)
     JAXC_LIBM_F64      float64 exp, expm1, log, log1p, sin, cos, tan, tanh, arctan2, power, sqrt,
                        fmod from the C library on targets without AVX2, where jaxc's own run
                        scalar and cost more (exp 25 ns against glibc's 4): the last bits then
                        differ from every other build's (JAXC__F64_NEAR)
     JAXC_NO_TYPED_KERNELS  leave out the per-op functions (jaxc_kernel_<op>_..., jaxc_scalar_<op>_...;
                        the conversions and casts stay), for files that use only jaxc.h's arrays:
                        their ~11,000 definitions are most of what including jaxc.h costs (gcc 12:
                        3.3 s per file at -O1, 0.5 s without). jaxc.h's implementation file and
                        jaxc_cuda.cuh need them and refuse the option.

   All functions are static inline: include this header anywhere, as often as you like. */
#ifndef JAXC_KERNELS_H_INCLUDED
#define JAXC_KERNELS_H_INCLUDED

#include "jaxc_promote.h"
#include <math.h>
#include <string.h>

#ifndef JAXC__INLINE
#  if defined(__GNUC__) || defined(__clang__)
#    define JAXC__INLINE static inline __attribute__((unused))
#  else
#    define JAXC__INLINE static inline
#  endif
#endif
/* A variable some expansions of a macro do not read (nvcc warns of one only cast to void) */
#if defined(__GNUC__) || defined(__clang__)
#  define JAXC__MAYBE_UNUSED __attribute__((unused))
#else
#  define JAXC__MAYBE_UNUSED
#endif
/* Functions device code may call too (jaxc_cuda.cuh): the scalar op and cast functions. */
#define JAXC__DEV JAXC__INLINE JAXC_HD
/* ... and the near code of split ops, which a loop calls beside the full function: without
   the attribute gcc -O2 keeps one out-of-line copy, and the call stops vectorisation. */
#if defined(__GNUC__) || defined(__clang__)
#  define JAXC__DEV_VEC JAXC__DEV __attribute__((always_inline))
#else
#  define JAXC__DEV_VEC JAXC__DEV
#endif

/* >>convert: exact bfloat16 / float16 conversions.

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

/* The x86 paths (F16C here, the SIMD loops of >>vector) need a hosted compiler (immintrin.h
   pulls in stdlib.h) and are host-only. */
#if !defined(__CUDACC__) && defined(__STDC_HOSTED__) && __STDC_HOSTED__ && defined(__F16C__) && \
    !defined(JAXC_NO_F16C)
#  define JAXC__HAS_F16C 1
#else
#  define JAXC__HAS_F16C 0
#endif
#if !defined(__CUDACC__) && defined(__STDC_HOSTED__) && __STDC_HOSTED__ && !defined(JAXC_NO_SIMD) && \
    (defined(__AVX512F__) || (defined(__AVX2__) && defined(__FMA__)))
#  define JAXC__HAS_VECTOR 1
#else
#  define JAXC__HAS_VECTOR 0
#endif
#if JAXC__HAS_F16C || JAXC__HAS_VECTOR
/* g++ 12 warns about _mm*_undefined_* inside its own intrinsics (GCC PR 105593, fixed in 13) */
#  if defined(__cplusplus) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
#    pragma GCC diagnostic push
#    pragma GCC diagnostic ignored "-Wuninitialized"
#    pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#    include <immintrin.h>
#    pragma GCC diagnostic pop
#  else
#    include <immintrin.h>
#  endif
#endif

/* Every product and every sum in jaxc rounds on its own, as the code writes it: no a * b + c
   becomes a fused multiply-add behind the code's back, whatever the build's -ffp-contract (clang
   contracts within an expression by default; gcc everywhere outside ISO mode, that is in its
   default -std=gnu* builds). Results must not depend on the build: a contracted matmul or
   polynomial changes last bits, and the decompositions' QR iterations branch on last bits (a
   sweep more or less, an eigenvector's sign). Where jaxc wants one rounding it calls fma().
   clang: a pragma over jaxc's headers. gcc: its optimize pragma over the functions of the file
   that defines JAXC_IMPLEMENTATION alone, because gcc does not inline a function whose optimize
   options differ from its caller's: in other files the typed kernels your functions call are
   inlined and compiled under your flags; in the implementation file they are called out of line
   (gcc 12 -O2: jaxc_scalar_hypot_f32_f32 from a loop), so keep such loops elsewhere.
   tools/optlevels.c (make test-optlevels) checks that gcc -O0 .. -O3, -std=gnu11 and clang
   builds give the same bits. (GCC's vectorizer fuses complex products even under
   fp-contract=off: those are fenced one by one, JAXC__NOFUSE.) */
#if defined(__clang__) && !defined(__CUDACC__)
#  define JAXC__ROUND_EACH_BEGIN _Pragma("float_control(push)") _Pragma("clang fp contract(off)")
#  define JAXC__ROUND_EACH_END _Pragma("float_control(pop)")
#elif defined(__GNUC__) && !defined(__CUDACC__) && !defined(__INTEL_COMPILER) && defined(JAXC_IMPLEMENTATION)
#  define JAXC__ROUND_EACH_BEGIN _Pragma("GCC push_options") _Pragma("GCC optimize(\"fp-contract=off\")")
#  define JAXC__ROUND_EACH_END _Pragma("GCC pop_options")
#else
#  define JAXC__ROUND_EACH_BEGIN
#  define JAXC__ROUND_EACH_END
#endif
JAXC__ROUND_EACH_BEGIN

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
/* One converting loop per direction: NAME(n, src, dst) writes dst[i] = CONVERT(src[i]). */
#define JAXC__DEF_CONVERT_N(NAME, S, D, CONVERT)                                                  \
  JAXC__INLINE void NAME(size_t n, const S *JAXC__RESTRICT src, D *JAXC__RESTRICT dst) {          \
    size_t i;                                                                                     \
    const size_t head = jaxc__head_to_line(src, sizeof *src, n);                                  \
    for (i = 0; i < head; i++) CONVERT(dst[i], src[i]);                                           \
    JAXC__CONVERT_SIMD                                                                            \
    for (i = head; i < n; i++) CONVERT(dst[i], src[i]);                                           \
  }
#define JAXC__F16_TO_F32(d, s) ((d) = jaxc__fp32_from_bits(jaxc_f16_bits_to_f32_bits((s).bits)))
#define JAXC__F32_TO_F16(d, s) ((d).bits = jaxc_f32_bits_to_f16_bits(jaxc__fp32_to_bits(s)))
#define JAXC__BF16_TO_F32(d, s) ((d) = jaxc__fp32_from_bits(jaxc_bf16_bits_to_f32_bits((s).bits)))
#define JAXC__F32_TO_BF16(d, s) ((d).bits = jaxc_f32_bits_to_bf16_bits(jaxc__fp32_to_bits(s)))
JAXC__DEF_CONVERT_N(jaxc__convert_f16_to_f32_n_portable, jaxc_f16, float, JAXC__F16_TO_F32)
JAXC__DEF_CONVERT_N(jaxc__convert_f32_to_f16_n_portable, float, jaxc_f16, JAXC__F32_TO_F16)
JAXC__DEF_CONVERT_N(jaxc_convert_bf16_to_f32_n, jaxc_bf16, float, JAXC__BF16_TO_F32)
JAXC__DEF_CONVERT_N(jaxc_convert_f32_to_bf16_n, float, jaxc_bf16, JAXC__F32_TO_BF16)

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

/* >>omp --------------------------------------------------------------------------------------
   OpenMP through always-defined 0/1 probes; a region costs >= 1.2 us here, so loops go
   parallel only above JAXC_PAR_BYTES of traffic, chosen by a plain `if` around two loops. */
/* clang reports an `omp simd` loop it cannot vectorise (-Wpass-failed, an error under -Werror),
   and vectorises these loops at -O2 by itself: it gets no simd pragmas. */
#if defined(_OPENMP) && !defined(JAXC_NO_OPENMP)
#  define JAXC__HAS_OPENMP 1
#  define JAXC__PRAGMA(x) _Pragma(#x)
#  define JAXC__OMP_PAR_FOR JAXC__PRAGMA(omp parallel for schedule(static))
#  if defined(__clang__)
#    define JAXC__OMP_FOR JAXC__PRAGMA(omp parallel for schedule(static))
#  else
#    define JAXC__OMP_FOR JAXC__PRAGMA(omp parallel for simd schedule(static))
#  endif
#else
#  define JAXC__HAS_OPENMP 0
#  define JAXC__OMP_FOR
#  define JAXC__OMP_PAR_FOR
#endif
#ifndef JAXC__SIMD
#  if defined(_OPENMP) && !defined(__clang__)
#    define JAXC__SIMD _Pragma("omp simd")
#    define JAXC__SIMD_REDO _Pragma("omp simd reduction(| : jaxc__redo)") /* (split ops, >>ops) */
#  else
#    define JAXC__SIMD
#    define JAXC__SIMD_REDO
#  endif
#endif
/* x as a value no arithmetic around it may fuse with: GCC's vectorizer turns (ac - bd, ad + bc)
   into fused multiply-adds (its complex-multiply pattern, deaf to -ffp-contract=off) unless the
   products are fenced (__builtin_assoc_barrier, GCC 12) */
#if defined(__GNUC__) && !defined(__clang__) && !defined(__CUDACC__) && defined(__has_builtin)
#  if __has_builtin(__builtin_assoc_barrier)
#    define JAXC__NOFUSE(x) __builtin_assoc_barrier(x)
#  endif
#endif
#ifndef JAXC__NOFUSE
#  define JAXC__NOFUSE(x) (x)
#endif
/* the parts of (ar + ai i)(br + bi i) as XLA writes them, (ar br - ai bi, ar bi + ai br), each
   product fenced: the complex products of jaxc.h's matmul, LU, solve and decompositions */
#define JAXC__CMUL_RE(ar, ai, br, bi) (JAXC__NOFUSE((ar) * (br)) - JAXC__NOFUSE((ai) * (bi)))
#define JAXC__CMUL_IM(ar, ai, br, bi) (JAXC__NOFUSE((ar) * (bi)) + JAXC__NOFUSE((ai) * (br)))
#ifndef JAXC_PAR_BYTES
#  define JAXC_PAR_BYTES ((size_t)2 << 20)
#endif
/* CALL over blocks of n, with jaxc__lo and jaxc__len naming each block's start and length, in
   parallel when `bytes` of traffic justify it: for kernels that do more than one element a step
   (>>vector, split ops). */
#define JAXC__BLOCK ((size_t)1 << 14)
#define JAXC__BLOCKS(n, bytes, CALL)                                                            \
  do {                                                                                          \
    size_t jaxc__n = (n);                                                                       \
    if (JAXC__HAS_OPENMP && (bytes) > JAXC_PAR_BYTES) {                                         \
      ptrdiff_t jaxc__nb = (ptrdiff_t)((jaxc__n + JAXC__BLOCK - 1) / JAXC__BLOCK);              \
      JAXC__OMP_PAR_FOR                                                                         \
      for (ptrdiff_t jaxc__b = 0; jaxc__b < jaxc__nb; jaxc__b++) {                              \
        size_t jaxc__lo = (size_t)jaxc__b * JAXC__BLOCK;                                        \
        size_t jaxc__len = jaxc__n - jaxc__lo < JAXC__BLOCK ? jaxc__n - jaxc__lo : JAXC__BLOCK; \
        CALL;                                                                                   \
      }                                                                                         \
    } else if (jaxc__n) { /* (n = 0 may come with NULL pointers, which take no offset) */     \
      size_t jaxc__lo = 0, jaxc__len = jaxc__n;                                                 \
      CALL;                                                                                     \
    }                                                                                           \
  } while (0)
/* for (i < n) BODY, in parallel when `bytes` of traffic justify it. */
#define JAXC__LOOP(n, bytes, BODY)                                            \
  do {                                                                        \
    ptrdiff_t jaxc__n = (ptrdiff_t)(n);                                       \
    if (JAXC__HAS_OPENMP && (bytes) > JAXC_PAR_BYTES) {                       \
      JAXC__OMP_FOR                                                           \
      for (ptrdiff_t i = 0; i < jaxc__n; i++) { BODY; }                       \
    } else {                                                                  \
      JAXC__SIMD                                                              \
      for (ptrdiff_t i = 0; i < jaxc__n; i++) { BODY; }                       \
    }                                                                         \
  } while (0)

/* >>complex ------------------------------------------------------------------------------------
   Complex values are stored as C's _Complex where the compiler has it and as a {re, im} struct
   elsewhere (C++, CUDA, JAXC_NO_COMPLEX_H); the arithmetic (>>complex math) works on the parts
   either way. Helpers are named after the storage type so that macros can paste them:
   jaxc__re_jaxc_c64(z), jaxc__mk_jaxc_c128(re, im). */
#if JAXC__HAS_C_COMPLEX
JAXC__DEV jaxc_c64 jaxc__mk_jaxc_c64(float re, float im) { jaxc_c64 z; ((float *)&z)[0] = re; ((float *)&z)[1] = im; return z; }
JAXC__DEV jaxc_c128 jaxc__mk_jaxc_c128(double re, double im) { jaxc_c128 z; ((double *)&z)[0] = re; ((double *)&z)[1] = im; return z; }
/* C11 6.2.5: a complex has the layout of an array of two reals, {re, im}. */
JAXC__DEV float jaxc__re_jaxc_c64(jaxc_c64 z) { return ((const float *)&z)[0]; }
JAXC__DEV float jaxc__im_jaxc_c64(jaxc_c64 z) { return ((const float *)&z)[1]; }
JAXC__DEV double jaxc__re_jaxc_c128(jaxc_c128 z) { return ((const double *)&z)[0]; }
JAXC__DEV double jaxc__im_jaxc_c128(jaxc_c128 z) { return ((const double *)&z)[1]; }
#else
JAXC__DEV jaxc_c64 jaxc__mk_jaxc_c64(float re, float im) { jaxc_c64 z; z.re = re; z.im = im; return z; }
JAXC__DEV jaxc_c128 jaxc__mk_jaxc_c128(double re, double im) { jaxc_c128 z; z.re = re; z.im = im; return z; }
JAXC__DEV float jaxc__re_jaxc_c64(jaxc_c64 z) { return z.re; }
JAXC__DEV float jaxc__im_jaxc_c64(jaxc_c64 z) { return z.im; }
JAXC__DEV double jaxc__re_jaxc_c128(jaxc_c128 z) { return z.re; }
JAXC__DEV double jaxc__im_jaxc_c128(jaxc_c128 z) { return z.im; }
#endif
JAXC__DEV jaxc_c128 jaxc__c128_make(double re, double im) { return jaxc__mk_jaxc_c128(re, im); }

/* >>arith --------------------------------------------------------------------------------------
   The arithmetic facts of each concrete dtype, one row each:
     X(A, ENUM, code, T, CT, UT, RT, K, HUB, LD, ST, STD)
   A      a forwarded argument (for cross products and per-op generation)
   code   the lower-case token used in public names (jaxc_kernel_add_i8_f32)
   T      storage type           CT  the type arithmetic happens in (bf16/f16: float, rounded once)
   UT     unsigned type of T's width, for wrap-around integer arithmetic without UB
   RT     real type (of a complex; else CT)
   K      kind token: KB (bool) KU (unsigned) KI (signed) KF (float) KC (complex); not single
          letters, which could collide with users' macros (<complex.h> defines I)
   HUB    the lossless wide type values pass through in conversions: U64, I64, F32 (for
          float-valued compute types), F64 or C128
   LD/ST  storage -> compute and compute -> storage (rounding to nearest even for bf16/f16)
   STD    double -> storage (floats only: rounds once, straight from double) */
#define JAXC__ID(x) (x)
#define JAXC__TO_F32(x) ((float)(x))
#define JAXC__ARITH(X, A)                                                                               \
  X(A, BOOL, b,    bool,      bool,      uint8_t,  bool, KB, U64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, U8,   u8,   uint8_t,   uint8_t,   uint8_t,  uint8_t, KU, U64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, U16,  u16,  uint16_t,  uint16_t,  uint16_t, uint16_t, KU, U64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, U32,  u32,  uint32_t,  uint32_t,  uint32_t, uint32_t, KU, U64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, U64,  u64,  uint64_t,  uint64_t,  uint64_t, uint64_t, KU, U64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, I8,   i8,   int8_t,    int8_t,    uint8_t,  int8_t, KI, I64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, I16,  i16,  int16_t,   int16_t,   uint16_t, int16_t, KI, I64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, I32,  i32,  int32_t,   int32_t,   uint32_t, int32_t, KI, I64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, I64,  i64,  int64_t,   int64_t,   uint64_t, int64_t, KI, I64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, BF16, bf16, jaxc_bf16, float,     uint16_t, float, KF, F32,  jaxc_bf16_to_f32, jaxc_f32_to_bf16, jaxc_f64_to_bf16) \
  X(A, F16,  f16,  jaxc_f16,  float,     uint16_t, float, KF, F32,  jaxc_f16_to_f32, jaxc_f32_to_f16, jaxc_f64_to_f16) \
  X(A, F32,  f32,  float,     float,     uint32_t, float, KF, F32,  JAXC__ID, JAXC__ID, JAXC__TO_F32)      \
  X(A, F64,  f64,  double,    double,    uint64_t, double, KF, F64,  JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, C64,  c64,  jaxc_c64,  jaxc_c64,  uint64_t, float, KC, C128, JAXC__ID, JAXC__ID, JAXC__ID)          \
  X(A, C128, c128, jaxc_c128, jaxc_c128, uint64_t, double, KC, C128, JAXC__ID, JAXC__ID, JAXC__ID)
/* A second list of the same dtypes (names only) for the inner loop of cross products: a macro
   list cannot expand inside itself. Pinned to the first by the enum checks below. */
#define JAXC__ARITH_NAMES(X, A)                                                                     \
  X(A, BOOL, b, KB) X(A, U8, u8, KU) X(A, U16, u16, KU) X(A, U32, u32, KU) X(A, U64, u64, KU)          \
  X(A, I8, i8, KI) X(A, I16, i16, KI) X(A, I32, i32, KI) X(A, I64, i64, KI) X(A, BF16, bf16, KF)          \
  X(A, F16, f16, KF) X(A, F32, f32, KF) X(A, F64, f64, KF) X(A, C64, c64, KC) X(A, C128, c128, KC)
#define JAXC__NAMES_ENUM(A, E, c, K) JAXC__N_##E,
enum jaxc__names_order { JAXC__ARITH_NAMES(JAXC__NAMES_ENUM, ~) JAXC__N_COUNT };
#define JAXC__NAMES_CHECK(A, E, c, K) \
  JAXC_STATIC_ASSERT((int)JAXC__N_##E == (int)JAXC_##E, "JAXC__ARITH_NAMES follows the enum order");
JAXC__ARITH_NAMES(JAXC__NAMES_CHECK, ~)
#define JAXC__ARITH_ENUM(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__AR_##E,
enum jaxc__arith_order { JAXC__ARITH(JAXC__ARITH_ENUM, ~) JAXC__AR_COUNT };
#define JAXC__ARITH_ENUM_CHECK(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) \
  JAXC_STATIC_ASSERT((int)JAXC__AR_##E == (int)JAXC_##E, "JAXC__ARITH follows the enum order");
JAXC__ARITH(JAXC__ARITH_ENUM_CHECK, ~)
JAXC_STATIC_ASSERT((int)JAXC__AR_COUNT == (int)JAXC_NUM_CONCRETE_DTYPES && (int)JAXC__N_COUNT == (int)JAXC__AR_COUNT,
                   "both lists name every concrete dtype");

/* Per-dtype names for the types and the load/store functions. */
#define JAXC__TYPES_ROW(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD)                                \
  typedef T jaxc__T_##E;                                                                          \
  typedef CT jaxc__CT_##E;                                                                        \
  typedef UT jaxc__UT_##E;                                                                        \
  typedef RT jaxc__RT_##E;                                                                        \
  JAXC__INLINE JAXC_HD CT jaxc__ld_##E(T x) { return LD(x); }                                     \
  JAXC__INLINE JAXC_HD T jaxc__st_##E(CT x) { return ST(x); }
JAXC__ARITH(JAXC__TYPES_ROW, ~)

/* >>cast -----------------------------------------------------------------------------------------
   XLA ConvertElementType. Every value first widens losslessly to its HUB (u64, i64, float,
   double, complex128), then narrows to the target with the target kind's rule:
     -> bool     non-zero (NaN is true; a complex is true when either part is non-zero)
     -> integer  from integers: wrap-around (two's complement); from floats: truncate toward
                 zero, saturating at the type's range, NaN -> 0; complex: its real part
     -> float    round to nearest even (bf16/f16 straight from double, never through float
                 twice); overflow -> inf; integers go through float32 first for bf16/f16, as
                 XLA's lowering does; complex: its real part
     -> complex  (x, 0), or part by part */
typedef uint64_t jaxc__hubt_U64;
typedef int64_t jaxc__hubt_I64;
typedef double jaxc__hubt_F64;
typedef float jaxc__hubt_F32;
typedef jaxc_c128 jaxc__hubt_C128;
#define JAXC__TOHUB_U64(x, CT) ((uint64_t)(x))
#define JAXC__TOHUB_I64(x, CT) ((int64_t)(x))
#define JAXC__TOHUB_F64(x, CT) ((double)(x))
#define JAXC__TOHUB_F32(x, CT) ((float)(x))
#define JAXC__TOHUB_C128(x, CT) jaxc__mk_jaxc_c128(jaxc__re_##CT(x), jaxc__im_##CT(x))

/* 2^(bits-1) and 2^bits as doubles, for the saturating float -> integer conversions. */
#define JAXC__HALF_RANGE(UT) ((double)((UT)1 << (sizeof(UT) * 8 - 1)))
#define JAXC__FROM_U64_KB(E, x) ((x) != 0)
#define JAXC__FROM_I64_KB(E, x) ((x) != 0)
#define JAXC__FROM_F64_KB(E, x) ((x) != 0)
#define JAXC__FROM_F32_KB(E, x) ((x) != 0)
#define JAXC__FROM_F32_KU(E, x) JAXC__FROM_F64_KU(E, (double)(x))
#define JAXC__FROM_F32_KI(E, x) JAXC__FROM_F64_KI(E, (double)(x))
/* float sources (f32, bf16, f16) round once, straight from float */
#define JAXC__FROM_F32_KF(E, x) jaxc__st_##E((jaxc__CT_##E)(x))
#define JAXC__FROM_F32_KC(E, x) jaxc__mk_##E((jaxc__RT_##E)(x), 0)
#define JAXC__FROM_C128_KB(E, x) (jaxc__re_jaxc_c128(x) != 0 || jaxc__im_jaxc_c128(x) != 0)
#define JAXC__FROM_U64_KU(E, x) ((jaxc__T_##E)(x))
#define JAXC__FROM_I64_KU(E, x) ((jaxc__T_##E)(uint64_t)(x))
#define JAXC__FROM_F64_KU(E, x)                                                                  \
  (!((x) > 0) ? (jaxc__T_##E)0                                                                  \
   : (x) >= 2.0 * JAXC__HALF_RANGE(jaxc__UT_##E) ? (jaxc__T_##E)~(jaxc__UT_##E)0 : (jaxc__T_##E)(x))
#define JAXC__FROM_C128_KU(E, x) JAXC__FROM_F64_KU(E, jaxc__re_jaxc_c128(x))
#define JAXC__FROM_U64_KI(E, x) ((jaxc__T_##E)(jaxc__UT_##E)(x))
#define JAXC__FROM_I64_KI(E, x) ((jaxc__T_##E)(jaxc__UT_##E)(uint64_t)(x))
#define JAXC__FROM_F64_KI(E, x)                                                                  \
  ((x) != (x) ? (jaxc__T_##E)0                                                                  \
   : (x) <= -JAXC__HALF_RANGE(jaxc__UT_##E) ? (jaxc__T_##E)(-(jaxc__T_##E)((jaxc__UT_##E)~(jaxc__UT_##E)0 >> 1) - 1) \
   : (x) >= JAXC__HALF_RANGE(jaxc__UT_##E) ? (jaxc__T_##E)((jaxc__UT_##E)~(jaxc__UT_##E)0 >> 1)  \
   : (jaxc__T_##E)(x))
#define JAXC__FROM_C128_KI(E, x) JAXC__FROM_F64_KI(E, jaxc__re_jaxc_c128(x))
#define JAXC__FROM_U64_KF(E, x) jaxc__st_##E(JAXC__INT_TO_CT(E, x))
#define JAXC__FROM_I64_KF(E, x) jaxc__st_##E(JAXC__INT_TO_CT(E, x))
#define JAXC__INT_TO_CT(E, x) \
  (sizeof(jaxc__CT_##E) == sizeof(double) ? (jaxc__CT_##E)(x) : (jaxc__CT_##E)(float)(x))
#define JAXC__FROM_F64_KF(E, x) jaxc__std_##E(x)
#define JAXC__FROM_C128_KF(E, x) jaxc__std_##E(jaxc__re_jaxc_c128(x))
#define JAXC__FROM_U64_KC(E, x) jaxc__mk_##E((jaxc__RT_##E)(x), 0)
#define JAXC__FROM_I64_KC(E, x) jaxc__mk_##E((jaxc__RT_##E)(x), 0)
#define JAXC__FROM_F64_KC(E, x) jaxc__mk_##E((jaxc__RT_##E)(x), 0)
#define JAXC__FROM_C128_KC(E, x) jaxc__mk_##E((jaxc__RT_##E)jaxc__re_jaxc_c128(x), (jaxc__RT_##E)jaxc__im_jaxc_c128(x))

/* Kind filters: JAXC__IN_<group>_<K>(code) keeps code when kind K belongs to the group.
   Groups: ALL; NUM (not bool); NUMR (integers, floats); INTB (bool, integers); INT; NOC (not complex); FLT (floats);
   INX (floats, complex); BOOL; CPX (complex only). */
#define JAXC__KEEP(...) __VA_ARGS__
#define JAXC__DROP(...)
#define JAXC__IN_ALL_KB JAXC__KEEP
#define JAXC__IN_ALL_KU JAXC__KEEP
#define JAXC__IN_ALL_KI JAXC__KEEP
#define JAXC__IN_ALL_KF JAXC__KEEP
#define JAXC__IN_NUM_KB JAXC__DROP
#define JAXC__IN_NUM_KU JAXC__KEEP
#define JAXC__IN_NUM_KI JAXC__KEEP
#define JAXC__IN_NUM_KF JAXC__KEEP
#define JAXC__IN_INTB_KB JAXC__KEEP
#define JAXC__IN_INTB_KU JAXC__KEEP
#define JAXC__IN_INTB_KI JAXC__KEEP
#define JAXC__IN_INTB_KF JAXC__DROP
#define JAXC__IN_INTB_KC JAXC__DROP
#define JAXC__IN_INT_KB JAXC__DROP
#define JAXC__IN_INT_KU JAXC__KEEP
#define JAXC__IN_INT_KI JAXC__KEEP
#define JAXC__IN_INT_KF JAXC__DROP
#define JAXC__IN_INT_KC JAXC__DROP
#define JAXC__IN_NOC_KB JAXC__KEEP
#define JAXC__IN_NOC_KU JAXC__KEEP
#define JAXC__IN_NOC_KI JAXC__KEEP
#define JAXC__IN_NOC_KF JAXC__KEEP
#define JAXC__IN_NOC_KC JAXC__DROP
#define JAXC__IN_NUMR_KB JAXC__DROP
#define JAXC__IN_NUMR_KU JAXC__KEEP
#define JAXC__IN_NUMR_KI JAXC__KEEP
#define JAXC__IN_NUMR_KF JAXC__KEEP
#define JAXC__IN_NUMR_KC JAXC__DROP
#define JAXC__IN_FLT_KB JAXC__DROP
#define JAXC__IN_FLT_KU JAXC__DROP
#define JAXC__IN_FLT_KI JAXC__DROP
#define JAXC__IN_FLT_KF JAXC__KEEP
#define JAXC__IN_FLT_KC JAXC__DROP
#define JAXC__IN_INX_KB JAXC__DROP
#define JAXC__IN_INX_KU JAXC__DROP
#define JAXC__IN_INX_KI JAXC__DROP
#define JAXC__IN_INX_KF JAXC__KEEP
#define JAXC__IN_BOOL_KB JAXC__KEEP
#define JAXC__IN_BOOL_KU JAXC__DROP
#define JAXC__IN_BOOL_KI JAXC__DROP
#define JAXC__IN_BOOL_KF JAXC__DROP
#define JAXC__IN_BOOL_KC JAXC__DROP
#define JAXC__IN_CPX_KB JAXC__DROP
#define JAXC__IN_CPX_KU JAXC__DROP
#define JAXC__IN_CPX_KI JAXC__DROP
#define JAXC__IN_CPX_KF JAXC__DROP
#define JAXC__IN_CPX_KC JAXC__KEEP
#define JAXC__IN_ALL_KC JAXC__KEEP
#define JAXC__IN_NUM_KC JAXC__KEEP
#define JAXC__IN_INX_KC JAXC__KEEP

/* Per-dtype conversion helpers: hub widening, straight-from-double stores, complex makers. */
#define JAXC__CONV_ROW(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD)                               \
  JAXC__INLINE JAXC_HD jaxc__hubt_##HUB jaxc__hub_##E(CT x) { return JAXC__TOHUB_##HUB(x, CT); }  \
  JAXC__IN_FLT_##K(JAXC__INLINE JAXC_HD T jaxc__std_##E(double x) { return STD(x); })            \
  JAXC__IN_CPX_##K(JAXC__INLINE JAXC_HD T jaxc__mk_##E(RT re, RT im) { return jaxc__mk_##T(re, im); })
JAXC__ARITH(JAXC__CONV_ROW, ~)

/* jaxc_cvt_<a>_<b>(x): one value; jaxc_kernel_cast_<a>_<b>(n, src, dst): an array. */
#define JAXC__UNPACK(...) __VA_ARGS__
#define JAXC__CAST_OUTER(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__ARITH_NAMES(JAXC__CAST_INNER, (E, c, HUB))
#define JAXC__CAST_INNER(P, B, cb, KB) JAXC__CAST_DEF(JAXC__UNPACK P, B, cb, KB)
#define JAXC__CAST_DEF(...) JAXC__CAST_DEF_(__VA_ARGS__)
#define JAXC__CAST_DEF_(A, ca, HUBA, B, cb, KB)                                                     \
  JAXC__DEV jaxc__T_##B jaxc_cvt_##ca##_##cb(jaxc__T_##A x) {                            \
    return JAXC__FROM_##HUBA##_##KB(B, jaxc__hub_##A(jaxc__ld_##A(x)));                             \
  }                                                                                                 \
  JAXC__INLINE void jaxc_kernel_cast_##ca##_##cb(size_t n, const jaxc__T_##A *src, jaxc__T_##B *dst) { \
    JAXC__LOOP(n, n * (sizeof *src + sizeof *dst), dst[i] = jaxc_cvt_##ca##_##cb(src[i]));          \
  }                                                                                                 \
  JAXC__INLINE void jaxc__kcast_##A##_##B(size_t n, const void *src, void *dst) {                   \
    const jaxc__T_##A *s = (const jaxc__T_##A *)src;                                                \
    jaxc__T_##B *d = (jaxc__T_##B *)dst;                                                            \
    JAXC__SIMD for (size_t i = 0; i < n; i++) d[i] = jaxc_cvt_##ca##_##cb(s[i]);                    \
  }
JAXC__ARITH(JAXC__CAST_OUTER, ~)

typedef void (*jaxc__cast_fn)(size_t n, const void *src, void *dst);
#define JAXC__CAST_TAB_OUTER(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) {JAXC__ARITH_NAMES(JAXC__CAST_TAB_INNER, E)},
#define JAXC__CAST_TAB_INNER(A, B, cb, KB) jaxc__kcast_##A##_##B,
static const jaxc__cast_fn jaxc__cast_table[JAXC_NUM_CONCRETE_DTYPES][JAXC_NUM_CONCRETE_DTYPES] = {
    JAXC__ARITH(JAXC__CAST_TAB_OUTER, ~)};

/* Cast n elements between any two concrete dtypes; false (nothing written) for a bad dtype.
   Serial: callers that want threads split the work (jaxc.h runs it per cache-sized chunk). */
JAXC__INLINE bool jaxc_kernel_cast_dyn(jaxc_dtype from, jaxc_dtype to, size_t n, const void *src, void *dst) {
  if ((unsigned)from >= (unsigned)JAXC_NUM_CONCRETE_DTYPES || (unsigned)to >= (unsigned)JAXC_NUM_CONCRETE_DTYPES)
    return false;
  /* the 16-bit float <-> float32 pairs have array converters (F16C where the target has it),
     which round the same way and run at memory speed */
  if (from == JAXC_F16 && to == JAXC_F32) jaxc_convert_f16_to_f32_n(n, (const jaxc_f16 *)src, (float *)dst);
  else if (from == JAXC_F32 && to == JAXC_F16) jaxc_convert_f32_to_f16_n(n, (const float *)src, (jaxc_f16 *)dst);
  else if (from == JAXC_BF16 && to == JAXC_F32) jaxc_convert_bf16_to_f32_n(n, (const jaxc_bf16 *)src, (float *)dst);
  else if (from == JAXC_F32 && to == JAXC_BF16) jaxc_convert_f32_to_bf16_n(n, (const float *)src, (jaxc_bf16 *)dst);
  else jaxc__cast_table[from][to](n, src, dst);
  return true;
}

/* >>threefry: the counter-based generator of jax.random, shared by the CPU (jaxc.h) and the
   GPU (jaxc_cuda.cuh) so that both draw the same bits. */
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

/* jax.random.uniform's bits -> [0, 1): the mantissa bits under the exponent of 1.0, minus 1;
   then lax.max(minval, u * span + minval) with NaN from minval kept, as XLA computes it. */
JAXC__DEV float jaxc__rnd_unit_f32(uint32_t b) { return jaxc__fp32_from_bits((b >> 9) | 0x3f800000u) - 1.0f; }
JAXC__DEV double jaxc__rnd_unit_f64(uint64_t b) { return jaxc__fp64_from_bits((b >> 12) | 0x3ff0000000000000ull) - 1.0; }
JAXC__DEV float jaxc__rnd_maxf(float a, float b) { return (a != a || a > b) ? a : b; }
JAXC__DEV double jaxc__rnd_max(double a, double b) { return (a != a || a > b) ? a : b; }

/* The 16-bit formats through the exact round-to-nearest-even conversions above. bf16 has 7
   mantissa bits (< 8), so JAX draws 8 bits and shifts by 1; f16 draws 16 and shifts by 6:
   either unit value is k / 2^nmant, exact in f32. */
JAXC__DEV uint16_t jaxc__rnd_store16(bool bf, float f) {
  return bf ? jaxc_f32_bits_to_bf16_bits(jaxc__fp32_to_bits(f)) : jaxc_f32_bits_to_f16_bits(jaxc__fp32_to_bits(f));
}
JAXC__DEV float jaxc__rnd_load16(bool bf, uint16_t h) {
  return jaxc__fp32_from_bits(bf ? jaxc_bf16_bits_to_f32_bits(h) : jaxc_f16_bits_to_f32_bits(h));
}
JAXC__DEV float jaxc__rnd_round16(bool bf, float f) { return jaxc__rnd_load16(bf, jaxc__rnd_store16(bf, f)); }
JAXC__DEV float jaxc__rnd_unit16(bool bf, uint32_t w) {
  return bf ? (float)(((uint8_t)w) >> 1) * 0x1p-7f : (float)(((uint16_t)w) >> 6) * 0x1p-10f;
}
/* One uniform 16-bit draw: u * span + lo in f32 with one rounding (XLA's fma), rounded to the
   format, then max(lo, .). */
JAXC__DEV uint16_t jaxc__rnd_uniform16(bool bf, uint32_t w, float lo, float span) {
  float r = jaxc__rnd_round16(bf, fmaf(jaxc__rnd_unit16(bf, w), span, lo));
  return jaxc__rnd_store16(bf, jaxc__rnd_maxf(lo, r));
}

/* >>ops ------------------------------------------------------------------------------------------
   Every jax.numpy op, one row each: X(OP, name, ARITY, RULE, GROUP, OUT, lax)
   ARITY  BIN, UN, RED (reduction), UPD (update-only)
   RULE   how the result dtype follows from the inputs' joined dtype (jaxc.h applies it):
          SAME     the join                        NUMERIC  bool becomes int32 (to_numeric_dtype)
          INEXACT  JAX's to_inexact_dtype: bool and ints up to 32 bits become float32, 64-bit
                   ints float64, a weak int the weak float
          CMP      compare in the join, result bool LOGICAL  each input tested != 0, result bool
          REAL     like SAME, but complex results give their real dtype
          KEEP     unary ops that return ints and bool unchanged (floor, ceil, round)
          RINT     ints and bool become the default float (strong), unchanged otherwise
          STRONG   INEXACT, never weak: jnp composes these with np.array constants, which are
                   strong, and a lax op's result is weak only where every operand is (ldexp:
                   of x1 alone, which jnp promotes alone, x2 then converted to its dtype)
          COUNT    computes as NUMERIC, returns uint8 (strong)
   GROUP  the compute kinds the op accepts (ALL NUM INTB INT NOC FLT INX BOOL), see JAXC__IN_*
   OUT    the kernel's output: SAME (the compute dtype), BOOL, REAL (real part's dtype), U8
   lax    the jax.lax primitive JAX names in its errors ("invalid value (nan) encountered in div")
   The enum jaxc_op, the names, the kernels and the dispatch tables are generated from it. */
#define JAXC_OPS(X)                                                      \
  X(ADD,           add,           BIN, SAME,    ALL,  SAME, add)              \
  X(SUBTRACT,      subtract,      BIN, SAME,    NUM,  SAME, sub)              \
  X(MULTIPLY,      multiply,      BIN, SAME,    ALL,  SAME, mul)              \
  X(TRUE_DIVIDE,   true_divide,   BIN, INEXACT, INX,  SAME, div)              \
  X(FLOOR_DIVIDE,  floor_divide,  BIN, NUMERIC, NUMR,  SAME, floor_divide)              \
  X(REMAINDER,     remainder,     BIN, NUMERIC, NUMR,  SAME, rem)              \
  X(POWER,         power,         BIN, NUMERIC, NUM,  SAME, pow)              \
  X(MAXIMUM,       maximum,       BIN, SAME,    ALL,  SAME, max)              \
  X(MINIMUM,       minimum,       BIN, SAME,    ALL,  SAME, min)              \
  X(FMAX,          fmax,          BIN, SAME,    ALL,  SAME, fmax)              \
  X(FMIN,          fmin,          BIN, SAME,    ALL,  SAME, fmin)              \
  X(EQUAL,         equal,         BIN, CMP,     ALL,  BOOL, eq)              \
  X(NOT_EQUAL,     not_equal,     BIN, CMP,     ALL,  BOOL, ne)              \
  X(LESS,          less,          BIN, CMP,     ALL,  BOOL, lt)              \
  X(LESS_EQUAL,    less_equal,    BIN, CMP,     ALL,  BOOL, le)              \
  X(GREATER,       greater,       BIN, CMP,     ALL,  BOOL, gt)              \
  X(GREATER_EQUAL, greater_equal, BIN, CMP,     ALL,  BOOL, ge)              \
  X(LOGICAL_AND,   logical_and,   BIN, LOGICAL, BOOL, SAME, and)              \
  X(LOGICAL_OR,    logical_or,    BIN, LOGICAL, BOOL, SAME, or)              \
  X(LOGICAL_XOR,   logical_xor,   BIN, LOGICAL, BOOL, SAME, xor)              \
  X(BITWISE_AND,   bitwise_and,   BIN, SAME,    INTB, SAME, and)              \
  X(BITWISE_OR,    bitwise_or,    BIN, SAME,    INTB, SAME, or)              \
  X(BITWISE_XOR,   bitwise_xor,   BIN, SAME,    INTB, SAME, xor)              \
  X(LEFT_SHIFT,    left_shift,    BIN, NUMERIC, INT,  SAME, shift_left)              \
  X(RIGHT_SHIFT,   right_shift,   BIN, NUMERIC, INT,  SAME, shift_right)              \
  X(ARCTAN2,       arctan2,       BIN, INEXACT, FLT,  SAME, atan2)              \
  X(HYPOT,         hypot,         BIN, INEXACT, FLT,  SAME, hypot)              \
  X(COPYSIGN,      copysign,      BIN, INEXACT, FLT,  SAME, copysign)              \
  X(NEXTAFTER,     nextafter,     BIN, INEXACT, FLT,  SAME, nextafter)              \
  X(LOGADDEXP,     logaddexp,     BIN, INEXACT, FLT,  SAME, logaddexp)              \
  X(FMOD,          fmod,          BIN, NUMERIC, NUMR,  SAME, rem)              \
  X(LOGADDEXP2,    logaddexp2,    BIN, INEXACT, FLT,  SAME, div)              \
  X(HEAVISIDE,     heaviside,     BIN, STRONG,  FLT,  SAME, select_n)              \
  X(FLOAT_POWER,   float_power,   BIN, INEXACT, INX,  SAME, pow)              \
  X(GCD,           gcd,           BIN, SAME,    INT,  SAME, rem)              \
  X(LCM,           lcm,           BIN, SAME,    INT,  SAME, mul)              \
  X(LDEXP,         ldexp,         BIN, STRONG,  FLT,  SAME, mul)              \
  X(NEGATIVE,      negative,      UN,  SAME,    NUM,  SAME, neg)              \
  X(ABS,           abs,           UN,  REAL,    ALL,  REAL, abs)              \
  X(SIGN,          sign,          UN,  SAME,    NUM,  SAME, sign)              \
  X(SQRT,          sqrt,          UN,  INEXACT, INX,  SAME, sqrt)              \
  X(EXP,           exp,           UN,  INEXACT, INX,  SAME, exp)              \
  X(LOG,           log,           UN,  INEXACT, INX,  SAME, log)              \
  X(LOG1P,         log1p,         UN,  INEXACT, INX,  SAME, log1p)              \
  X(EXPM1,         expm1,         UN,  INEXACT, INX,  SAME, expm1)              \
  X(SIN,           sin,           UN,  INEXACT, INX,  SAME, sin)              \
  X(COS,           cos,           UN,  INEXACT, INX,  SAME, cos)              \
  X(TAN,           tan,           UN,  INEXACT, INX,  SAME, tan)              \
  X(TANH,          tanh,          UN,  INEXACT, INX,  SAME, tanh)              \
  X(FLOOR,         floor,         UN,  KEEP,    NOC,  SAME, floor)              \
  X(CEIL,          ceil,          UN,  KEEP,    NOC,  SAME, ceil)              \
  X(ROUND,         round,         UN,  KEEP,    ALL,  SAME, round)              \
  X(RINT,          rint,          UN,  RINT,    INX,  SAME, round)              \
  X(SQUARE,        square,        UN,  NUMERIC, NUM,  SAME, square)              \
  X(RECIPROCAL,    reciprocal,    UN,  INEXACT, INX,  SAME, integer_pow)              \
  X(ISNAN,         isnan,         UN,  CMP,     ALL,  BOOL, ne)              \
  X(ISINF,         isinf,         UN,  CMP,     ALL,  BOOL, isinf)              \
  X(ISFINITE,      isfinite,      UN,  CMP,     ALL,  BOOL, is_finite)              \
  X(LOGICAL_NOT,   logical_not,   UN,  LOGICAL, BOOL, SAME, not)              \
  X(INVERT,        invert,        UN,  SAME,    INTB, SAME, not)              \
  X(REAL,          real,          UN,  REAL,    ALL,  REAL, real)              \
  X(IMAG,          imag,          UN,  REAL,    ALL,  REAL, imag)              \
  X(CONJ,          conj,          UN,  SAME,    ALL,  SAME, conj)              \
  X(LOG2,          log2,          UN,  STRONG,  INX,  SAME, log)              \
  X(LOG10,         log10,         UN,  STRONG,  INX,  SAME, log)              \
  X(EXP2,          exp2,          UN,  INEXACT, INX,  SAME, exp2)              \
  X(DEG2RAD,       deg2rad,       UN,  STRONG,  INX,  SAME, mul)              \
  X(RAD2DEG,       rad2deg,       UN,  STRONG,  INX,  SAME, mul)              \
  X(ARCSIN,        arcsin,        UN,  INEXACT, INX,  SAME, asin)              \
  X(ARCCOS,        arccos,        UN,  INEXACT, INX,  SAME, acos)              \
  X(ARCTAN,        arctan,        UN,  INEXACT, INX,  SAME, atan)              \
  X(SINH,          sinh,          UN,  INEXACT, INX,  SAME, sinh)              \
  X(COSH,          cosh,          UN,  INEXACT, INX,  SAME, cosh)              \
  X(ARCSINH,       arcsinh,       UN,  INEXACT, INX,  SAME, asinh)              \
  X(ARCCOSH,       arccosh,       UN,  INEXACT, INX,  SAME, acosh)              \
  X(ARCTANH,       arctanh,       UN,  INEXACT, INX,  SAME, atanh)              \
  X(CBRT,          cbrt,          UN,  INEXACT, FLT,  SAME, cbrt)              \
  X(TRUNC,         trunc,         UN,  KEEP,    NOC,  SAME, ceil)              \
  X(SIGNBIT,       signbit,       UN,  CMP,     NOC,  BOOL, shift_right_logical)              \
  X(SINC,          sinc,          UN,  STRONG,  INX,  SAME, div)              \
  X(SPACING,       spacing,       UN,  INEXACT, FLT,  SAME, sub)              \
  X(BITWISE_COUNT, bitwise_count, UN,  COUNT,   INT,  U8,   population_count)              \
  X(POSITIVE,      positive,      UN,  SAME,    ALL,  SAME, asarray)              \
  X(FABS,          fabs,          UN,  INEXACT, FLT,  SAME, abs)              \
  X(ISPOSINF,      isposinf,      UN,  CMP,     NOC,  BOOL, eq)              \
  X(ISNEGINF,      isneginf,      UN,  CMP,     NOC,  BOOL, eq)              \
  X(ISREAL,        isreal,        UN,  CMP,     ALL,  BOOL, eq)              \
  X(ISCOMPLEX,     iscomplex,     UN,  CMP,     ALL,  BOOL, ne)              \
  X(I0,            i0,            UN,  INEXACT, FLT,  SAME, bessel_i0e)              \
  X(ERF,           erf,           UN,  INEXACT, FLT,  SAME, erf)              \
  X(ERFC,          erfc,          UN,  INEXACT, FLT,  SAME, erfc)              \
  X(ERFINV,        erfinv,        UN,  INEXACT, FLT,  SAME, erf_inv)              \
  X(GAMMALN,       gammaln,       UN,  INEXACT, FLT,  SAME, lgamma)              \
  X(DIGAMMA,       digamma,       UN,  INEXACT, FLT,  SAME, digamma)              \
  X(LOGIT,         logit,         UN,  INEXACT, INX,  SAME, log)              \
  X(ENTR,          entr,          UN,  INEXACT, FLT,  SAME, log)              \
  X(XLOGY,         xlogy,         BIN, INEXACT, INX,  SAME, log)              \
  X(XLOG1PY,       xlog1py,       BIN, INEXACT, INX,  SAME, log1p)              \
  X(GAMMASGN,      gammasgn,      UN,  INEXACT, FLT,  SAME, select_n)              \
  X(GAMMA,         gamma,         UN,  INEXACT, FLT,  SAME, mul)              \
  X(FACTORIAL,     factorial,     UN,  INEXACT, FLT,  SAME, exp)              \
  X(ZETA,          zeta,          BIN, INEXACT, FLT,  SAME, zeta)              \
  X(POLYGAMMA,     polygamma,     BIN, INEXACT, FLT,  SAME, polygamma)              \
  X(SUM,           sum,           RED, SAME,    ALL,  SAME, reduce_sum)              \
  X(PROD,          prod,          RED, SAME,    ALL,  SAME, reduce_prod)              \
  X(MEAN,          mean,          RED, INEXACT, ALL,  SAME, mean)              \
  X(MAX,           max,           RED, SAME,    ALL,  SAME, reduce_max)              \
  X(MIN,           min,           RED, SAME,    ALL,  SAME, reduce_min)              \
  X(ARGMAX,        argmax,        RED, SAME,    ALL,  SAME, argmax)              \
  X(ARGMIN,        argmin,        RED, SAME,    ALL,  SAME, argmin)              \
  X(ANY,           any,           RED, LOGICAL, ALL,  BOOL, reduce_or)              \
  X(ALL,           all,           RED, LOGICAL, ALL,  BOOL, reduce_and)              \
  X(VAR,           var,           RED, INEXACT, ALL,  SAME, var)              \
  X(STD,           std,           RED, INEXACT, ALL,  SAME, std)              \
  X(CUMSUM,        cumsum,        RED, SAME,    ALL,  SAME, cumsum)              \
  X(CUMPROD,       cumprod,       RED, SAME,    ALL,  SAME, cumprod)              \
  X(NANSUM,        nansum,        RED, SAME,    ALL,  SAME, reduce_sum)              \
  X(NANPROD,       nanprod,       RED, SAME,    ALL,  SAME, reduce_prod)              \
  X(NANMEAN,       nanmean,       RED, INEXACT, ALL,  SAME, div)              \
  X(NANMAX,        nanmax,        RED, SAME,    ALL,  SAME, reduce_max)              \
  X(NANMIN,        nanmin,        RED, SAME,    ALL,  SAME, reduce_min)              \
  X(NANVAR,        nanvar,        RED, INEXACT, ALL,  SAME, div)              \
  X(NANSTD,        nanstd,        RED, INEXACT, ALL,  SAME, div)              \
  X(NANCUMSUM,     nancumsum,     RED, SAME,    ALL,  SAME, cumsum)              \
  X(NANCUMPROD,    nancumprod,    RED, SAME,    ALL,  SAME, cumprod)              \
  X(SET,           set,           UPD, SAME,    ALL,  SAME, scatter)

#define JAXC__OP_ENUM(OP, name, ar, rule, grp, out, lax) JAXC_OP_##OP,
typedef enum jaxc_op { JAXC_OPS(JAXC__OP_ENUM) JAXC_NUM_OPS } jaxc_op;
/* jnp's nan reductions, each the reduction of its row with NaNs skipped (jax's _nan_reduction
   and _cumulative_reduction(fill_nan=True)): X(NAN_OP, OP). A NaN counts as the op's identity
   (0, 1, -inf for max, +inf for min; a complex value is NaN when either part is); nanmax/nanmin
   of a lane of NaNs only are NaN; nanmean divides nansum by the count of non-NaNs, both rounded
   to the result dtype. On bool and integers, which hold no NaN, each is its row's op. */
#define JAXC_NAN_REDUCTIONS(X)                                                                   \
  X(NANSUM, SUM) X(NANPROD, PROD) X(NANMEAN, MEAN) X(NANMAX, MAX) X(NANMIN, MIN) X(NANVAR, VAR) \
  X(NANSTD, STD) X(NANCUMSUM, CUMSUM) X(NANCUMPROD, CUMPROD)
#define JAXC__NAN_BASE_CASE(NOP, OP) case JAXC_OP_##NOP: return JAXC_OP_##OP;
/* The reduction a nan reduction skips NaNs of; any other op itself. */
JAXC__INLINE jaxc_op jaxc__nan_base(jaxc_op op) {
  switch (op) {
  JAXC_NAN_REDUCTIONS(JAXC__NAN_BASE_CASE)
  default: return op;
  }
}
typedef enum jaxc_arity { JAXC_ARITY_BIN, JAXC_ARITY_UN, JAXC_ARITY_RED, JAXC_ARITY_UPD } jaxc_arity;
typedef enum jaxc_result_rule {
  JAXC_RULE_SAME, JAXC_RULE_NUMERIC, JAXC_RULE_INEXACT, JAXC_RULE_CMP, JAXC_RULE_LOGICAL,
  JAXC_RULE_REAL, JAXC_RULE_KEEP, JAXC_RULE_RINT, JAXC_RULE_STRONG, JAXC_RULE_COUNT
} jaxc_result_rule;
#define JAXC__OP_NAME(OP, name, ar, rule, grp, out, lax) #name,
#define JAXC__OP_ARITY(OP, name, ar, rule, grp, out, lax) JAXC_ARITY_##ar,
#define JAXC__OP_RULE(OP, name, ar, rule, grp, out, lax) JAXC_RULE_##rule,
#define JAXC__OP_LAX(OP, name, ar, rule, grp, out, lax) #lax,
#define JAXC__OP_GROUP(OP, name, ar, rule, grp, out, lax) JAXC_GROUP_##grp,
static const char *const jaxc__op_names[JAXC_NUM_OPS] = {JAXC_OPS(JAXC__OP_NAME)};
static const uint8_t jaxc__op_arity[JAXC_NUM_OPS] = {JAXC_OPS(JAXC__OP_ARITY)};
static const uint8_t jaxc__op_rule[JAXC_NUM_OPS] = {JAXC_OPS(JAXC__OP_RULE)};
static const char *const jaxc__op_lax[JAXC_NUM_OPS] = {JAXC_OPS(JAXC__OP_LAX)};
/* The op groups (GROUP column), each the set of kinds its JAXC__IN_<group>_<K> filters keep. */
#define JAXC__GROUPS(X) X(ALL) X(NUM) X(NUMR) X(INTB) X(INT) X(NOC) X(FLT) X(INX) X(BOOL)
#define JAXC__GROUP_ENUM(G) JAXC_GROUP_##G,
typedef enum jaxc_group { JAXC__GROUPS(JAXC__GROUP_ENUM) JAXC_NUM_GROUPS } jaxc_group;
#define JAXC__GROUP_KINDS(G)                                                                   \
  (uint8_t)(0u JAXC__IN_##G##_KB(| 1u << JAXC_KIND_BOOL) JAXC__IN_##G##_KU(| 1u << JAXC_KIND_UINT) \
            JAXC__IN_##G##_KI(| 1u << JAXC_KIND_INT) JAXC__IN_##G##_KF(| 1u << JAXC_KIND_FLOAT)    \
            JAXC__IN_##G##_KC(| 1u << JAXC_KIND_COMPLEX)),
static const uint8_t jaxc__group_kinds[JAXC_NUM_GROUPS] = {JAXC__GROUPS(JAXC__GROUP_KINDS)};
static const uint8_t jaxc__op_group[JAXC_NUM_OPS] = {JAXC_OPS(JAXC__OP_GROUP)};
/* jax.numpy's name of an op ("add", "true_divide"); "invalid" out of range. */
JAXC__INLINE const char *jaxc_op_name(jaxc_op op) { return (unsigned)op < JAXC_NUM_OPS ? jaxc__op_names[op] : "invalid"; }
JAXC__INLINE int jaxc_op_arity(jaxc_op op) { return (unsigned)op < JAXC_NUM_OPS ? jaxc__op_arity[op] : -1; }
JAXC__INLINE int jaxc_op_rule(jaxc_op op) { return (unsigned)op < JAXC_NUM_OPS ? jaxc__op_rule[op] : -1; }

/* --- result dtypes, shared by jaxc.h and jaxc_cuda.cuh -------------------------------------- */
JAXC__INLINE bool jaxc__is_integral(jaxc_dtype d) {
  int kind = jaxc_dtype_kind(d);
  return kind == JAXC_KIND_BOOL || kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT;
}
/* jnp.power's integer_pow case: an exponent that is a concrete integer scalar, which
   operator.index accepts -- a Python int (a C int here) or, outside jit, any 0-d integer
   array, signed or unsigned (jax-ml/jax ufuncs.py: `if core.is_concrete(x2): x2 =
   operator.index(x2) ... return lax.integer_pow(x1, x2)`); jaxc's arrays are always concrete.
   Not bool: NumPy's bool refuses operator.index. lax.integer_pow promotes the base alone. */
JAXC__INLINE bool jaxc__is_int_scalar(int ndim, jaxc_dtype d) {
  int kind = jaxc_dtype_kind(d);
  return ndim == 0 && (kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT);
}
/* Its value as a magnitude and a sign (a uint64 past 2^63 stays exact, as Python's int). */
typedef struct jaxc__int_exp { uint64_t mag; bool neg; } jaxc__int_exp;
JAXC__INLINE jaxc__int_exp jaxc__int_exp_of(jaxc_dtype d, const void *raw) {
  jaxc__int_exp e = {0, false};
  if (jaxc_dtype_kind(d) == JAXC_KIND_UINT) {
    jaxc_kernel_cast_dyn(d, JAXC_U64, 1, raw, &e.mag);
  } else {
    int64_t v = 0;
    jaxc_kernel_cast_dyn(d, JAXC_I64, 1, raw, &v);
    e.neg = v < 0;
    e.mag = e.neg ? 0 - (uint64_t)v : (uint64_t)v;
  }
  return e;
}
/* JAX's to_inexact_dtype (jax/_src/dtypes.py, _dtype_to_inexact): bool and ints of up to 32 bits
   become float32 -- with x64 on too, "for backward compatibility" -- and 64-bit ints float64; a
   weak int (a C int, int64 with x64) becomes the weak float. Inexact dtypes stay. */
JAXC__INLINE jaxc_dtype jaxc__to_inexact(jaxc_dtype d) {
  if (!jaxc__is_integral(d)) return d;
  if (jaxc_dtype_is_weak(d)) return JAXC_WEAK_FLOAT;
  return jaxc_dtype_bits(d) == 64 ? JAXC_F64 : JAXC_F32;
}
/* The node an op's result rule makes of the joined input node (NUMERIC: bool becomes int32, as
   jax.dtypes.to_numeric_dtype makes it, x64 or not; INEXACT: jaxc__to_inexact; RINT: integers and
   bool become the default float, strong, as jnp.rint's lax.convert_element_type(x, float_);
   STRONG: jaxc__to_inexact's node made strong, the default float or complex (the storage then
   narrows them with x64 off, as for every node)). */
JAXC__INLINE jaxc_dtype jaxc_op_result_node(jaxc_op op, jaxc_dtype node) {
  bool integral = jaxc__is_integral(node);
  switch ((unsigned)op < JAXC_NUM_OPS ? (jaxc_result_rule)jaxc__op_rule[op] : JAXC_RULE_SAME) {
  case JAXC_RULE_NUMERIC: case JAXC_RULE_COUNT: return node == JAXC_BOOL ? JAXC_I32 : node;
  case JAXC_RULE_INEXACT: return jaxc__to_inexact(node);
  case JAXC_RULE_RINT: return integral ? JAXC_F64 : node;
  case JAXC_RULE_STRONG:
    node = jaxc__to_inexact(node);
    return node == JAXC_WEAK_FLOAT ? JAXC_F64 : node == JAXC_WEAK_COMPLEX ? JAXC_C128 : node;
  case JAXC_RULE_LOGICAL: return JAXC_BOOL;
  default: return node;
  }
}
JAXC__INLINE jaxc_dtype jaxc__real_dtype(jaxc_dtype d) {
  return d == JAXC_C64 ? JAXC_F32 : d == JAXC_C128 ? JAXC_F64 : d;
}
/* The dtype an op's kernel writes when it computes in dtype c. */
JAXC__INLINE jaxc_dtype jaxc_op_output_dtype(jaxc_op op, jaxc_dtype c) {
  switch ((unsigned)op < JAXC_NUM_OPS ? (jaxc_result_rule)jaxc__op_rule[op] : JAXC_RULE_SAME) {
  case JAXC_RULE_CMP: case JAXC_RULE_LOGICAL: return JAXC_BOOL;
  case JAXC_RULE_REAL: return jaxc__real_dtype(c);
  case JAXC_RULE_COUNT: return JAXC_U8;
  default: return c;
  }
}
/* Whether a unary op's result is weak, for the input's node and the result's dtype: a weak
   input's, unless the op returns bool or, as bitwise_count's astype('uint8'), a fixed dtype
   (rint of a C int is strong: its node is the default float's) */
JAXC__INLINE bool jaxc__unary_weak(jaxc_op op, jaxc_dtype node, jaxc_dtype out) {
  return out != JAXC_BOOL && jaxc_op_rule(op) != JAXC_RULE_COUNT && jaxc_dtype_is_weak(node);
}
/* Binary ops whose result follows the first operand alone: jnp.ldexp (x2 is converted to
   x1's inexact dtype) and jnp.power's integer_pow case (see jaxc__is_int_scalar). */
JAXC__INLINE bool jaxc__follows_first(jaxc_op op, int b_ndim, jaxc_dtype b_dtype) {
  return op == JAXC_OP_LDEXP || (op == JAXC_OP_POWER && jaxc__is_int_scalar(b_ndim, b_dtype));
}
/* jnp.ldexp's own check: x1 not complex, x2 not inexact (bool and unsigned x2 are fine). */
JAXC__INLINE bool jaxc__ldexp_accepts(jaxc_dtype a, jaxc_dtype b) {
  int kb = jaxc_dtype_kind(b);
  return jaxc_dtype_kind(a) != JAXC_KIND_COMPLEX && kb != JAXC_KIND_FLOAT && kb != JAXC_KIND_COMPLEX;
}
/* jax.scipy.special.polygamma's own check: n of an integer dtype (not bool), before promotion. */
JAXC__INLINE bool jaxc__polygamma_n_ok(jaxc_dtype n) {
  int k = jaxc_dtype_kind(n);
  return k == JAXC_KIND_INT || k == JAXC_KIND_UINT;
}
/* Reductions reduce every axis when given this axis. */
#ifndef JAXC_ALL_AXES
#  define JAXC_ALL_AXES (-1000)
#endif
/* The dtype jax.numpy's reduction op returns for an input of dtype d (x64: the default int and
   float are 64-bit), shared by the CPU and the device; JAXC_DTYPE_INVALID when op is no
   reduction. sum/prod widen bool and narrow ints to the default int or uint; mean/var/std of
   bool and ints give jaxc__to_inexact's float (float32 up to 32 bits, as JAX's _mean and
   _var_promote_types), var/std of complex its real dtype; arg* give the default int. */
JAXC__INLINE jaxc_dtype jaxc_reduce_output_dtype(jaxc_op op, jaxc_dtype d, bool x64) {
  int kind = jaxc_dtype_kind(d), bits = jaxc_dtype_bits(d);
  op = jaxc__nan_base(op); /* a nan reduction returns what its reduction returns */
  jaxc_dtype dint = x64 ? JAXC_I64 : JAXC_I32, duint = x64 ? JAXC_U64 : JAXC_U32;
  switch (op) {
  case JAXC_OP_SUM: case JAXC_OP_PROD:
    if (kind == JAXC_KIND_BOOL) return dint;
    if (kind == JAXC_KIND_UINT && bits < jaxc_dtype_bits(duint)) return duint;
    if (kind == JAXC_KIND_INT && bits < jaxc_dtype_bits(dint)) return dint;
    return d;
  case JAXC_OP_MEAN: return jaxc__to_inexact(d); /* (d is a storage dtype: never weak) */
  case JAXC_OP_VAR: case JAXC_OP_STD: return jaxc__real_dtype(jaxc__to_inexact(d));
  case JAXC_OP_MAX: case JAXC_OP_MIN: return d;
  case JAXC_OP_ARGMAX: case JAXC_OP_ARGMIN: return dint;
  case JAXC_OP_ANY: case JAXC_OP_ALL: return JAXC_BOOL;
  default: return JAXC_DTYPE_INVALID;
  }
}
/* Whether the op's group accepts compute dtype c's kind (the JAXC__IN_* filters, as data). */
JAXC__INLINE bool jaxc_op_accepts(jaxc_op op, jaxc_dtype c) {
  if ((unsigned)op >= JAXC_NUM_OPS || (unsigned)c >= JAXC_NUM_CONCRETE_DTYPES) return false;
  return (jaxc__group_kinds[jaxc__op_group[op]] >> jaxc_dtype_kind(c)) & 1u;
}

/* --- scalar helpers the op bodies share ---------------------------------------------------- */
/* Integer arithmetic wraps: compute in uint64_t, truncate to the width, then to the type. */
#define JAXC__WRAP(E, v) ((jaxc__CT_##E)(jaxc__UT_##E)(uint64_t)(v))
#define JAXC__U64(E, x) ((uint64_t)(jaxc__UT_##E)(x))
#define JAXC__IMIN(E) ((jaxc__CT_##E)(-(jaxc__CT_##E)((jaxc__UT_##E)~(jaxc__UT_##E)0 >> 1) - 1))
#define JAXC__BITS(E) (sizeof(jaxc__CT_##E) * 8)

/* XLA's integer division: x/0 = -1 (all ones), x%0 = x, INT_MIN/-1 = INT_MIN, INT_MIN%-1 = 0;
   otherwise C's truncating division. */
#define JAXC__XDIV_KI(E, a, b) ((b) == 0 ? (jaxc__CT_##E)-1 : ((a) == JAXC__IMIN(E) && (b) == -1) ? (a) : (jaxc__CT_##E)((a) / (b)))
#define JAXC__XREM_KI(E, a, b) ((b) == 0 ? (a) : (b) == -1 ? (jaxc__CT_##E)0 : (jaxc__CT_##E)((a) % (b)))
#define JAXC__XDIV_KU(E, a, b) ((b) == 0 ? (jaxc__CT_##E)~(jaxc__UT_##E)0 : (jaxc__CT_##E)((a) / (b)))
#define JAXC__XREM_KU(E, a, b) ((b) == 0 ? (a) : (jaxc__CT_##E)((a) % (b)))
#define JAXC__SIGN_I(a) (((a) > 0) - ((a) < 0))

/* >>float math: float32 functions computed in double ---------------------------------------------
   libm computes these one value per call, so loops of them stay scalar (NumPy's SIMD versions
   ran 2-20x faster). These are plain C the compiler vectorises: no calls, no branches (a select
   of two computed values, or a select on the bits where gcc would otherwise sink the work into
   one arm and, since an FP operation may trap (-ftrapping-math), give up vectorising). In
   double, the Taylor and atanh series below carry errors under 2^-44, so the float results are
   correctly rounded but within a hair of a midpoint, where rounding to double, then to float,
   can go the other way. Over all 2^32 inputs against long double (tools/exhaustive.c): exp,
   tanh, expm1 and tan have no such input, log 3, log1p 7, sin 2 and cos 4 (cos's beyond 2^24,
   where the double libm runs), each under 0.50001 ulp (tests/test_vector.c lists them); glibc's
   expf, logf and tanhf miss the correctly rounded result on 0.2 M, 0.4 M and 119 M inputs.
   arctan2, power and logaddexp take two inputs: tests/test_vector.c samples them.
   sin, cos, tan and logaddexp are split ops (see JAXC__SPLIT): their near code returns NaN
   where it cannot vouch for the result, and the full function computes those elements again.
   bfloat16 and float16 compute through these. The device runs the same code. */
/* c ? a : b on the bits */
JAXC__DEV float jaxc__sel_f(bool c, float a, float b) {
  uint32_t m = 0u - (uint32_t)c;
  return jaxc__fp32_from_bits((jaxc__fp32_to_bits(a) & m) | (jaxc__fp32_to_bits(b) & ~m));
}
/* a where the mask m is all ones, b where it is 0 */
JAXC__DEV double jaxc__sel_mask_d(uint64_t m, double a, double b) {
  return jaxc__fp64_from_bits((jaxc__fp64_to_bits(a) & m) | (jaxc__fp64_to_bits(b) & ~m));
}
JAXC__DEV double jaxc__sel_d(bool c, double a, double b) { return jaxc__sel_mask_d(0u - (uint64_t)c, a, b); }
/* jnp.heaviside: 0 below 0, 1 above, x1 where it is NaN, x2 at 0; selects on the bits, so that
   x2 is read whatever x1 is (read in one arm of ?:, gcc made it a masked load, which ran 15x
   slower on Zen 4 at 2^24 elements: 4 ns an element) */
JAXC__DEV float jaxc__m_heaviside_float(float a, float b) {
  return jaxc__sel_f(a < 0, 0.0f, jaxc__sel_f(a > 0, 1.0f, jaxc__sel_f(a != a, a, b)));
}
JAXC__DEV double jaxc__m_heaviside_double(double a, double b) {
  return jaxc__sel_d(a < 0, 0.0, jaxc__sel_d(a > 0, 1.0, jaxc__sel_d(a != a, a, b)));
}
/* e^x - 1 = x (1 + x/2! + x^2/3! + ... + x^12/13!) for |x| <= ln(2)/2 (the rest is under 2^-50
   of it), by Estrin's scheme: a chain 5 operations deep instead of Horner's 24, for scalar
   builds. */
JAXC__DEV double jaxc__expm1_series(double x) {
  double x2 = x * x, x4 = x2 * x2, x8 = x4 * x4;
  double a0 = 1 + x * (1.0 / 2), a1 = 1.0 / 6 + x * (1.0 / 24), a2 = 1.0 / 120 + x * (1.0 / 720);
  double a3 = 1.0 / 5040 + x * (1.0 / 40320), a4 = 1.0 / 362880 + x * (1.0 / 3628800);
  double a5 = 1.0 / 39916800 + x * (1.0 / 479001600), a6 = 1.0 / 6227020800;
  return x * ((a0 + a1 * x2) + (a2 + a3 * x2) * x4 + ((a4 + a5 * x2) + a6 * x4) * x8);
}
/* e^x = (1 + em1) scale for |x| < 700, relative error under 2^-46: x = k ln 2 + r with |r| <=
   ln(2)/2, em1 = e^r - 1 by the series, scale = 2^k made from its bits. Below ln(2)/2, k = 0 and
   r = x, so em1 is e^x - 1 itself (expm1 uses that). */
typedef struct { double em1, scale; } jaxc__exp_reduced;
JAXC__DEV jaxc__exp_reduced jaxc__exp_reduce(double x) {
  /* k = round(x / ln 2): adding 1.5 2^52 leaves it in the low bits, read as an integer so that
     -ffast-math cannot cancel the addition against a subtraction */
  uint64_t kb = jaxc__fp64_to_bits(x * 1.4426950408889634 + 0x1.8p52);
  double kd = (double)((int32_t)(uint32_t)((kb + 0x8000u) & 0xffffu) - 0x8000); /* |k| < 2^15 */
  jaxc__exp_reduced e;
  e.em1 = jaxc__expm1_series(x - kd * 0.6931471805599453);
  e.scale = jaxc__fp64_from_bits((kb + 1023u) << 52);
  return e;
}
JAXC__DEV double jaxc__exp_core(double x) {
  jaxc__exp_reduced e = jaxc__exp_reduce(x);
  return (1 + e.em1) * e.scale;
}
/* Beyond [-104, 89] e^x rounds to 0 or overflows in float; the clamp keeps k in range. NaN
   passes through. */
JAXC__DEV double jaxc__exp_arg(float x) {
  bool hi = x > 89.0f, lo = x < -104.0f;
  float c = jaxc__sel_f(hi, 89.0f, x);
  return jaxc__sel_f(lo, -104.0f, c);
}
JAXC__DEV_VEC float jaxc__m_exp_float(float x) { return (float)jaxc__exp_core(jaxc__exp_arg(x)); }
/* 2 atanh(s) = log((1 + s)/(1 - s)) for |s| <= 0.172: the series to s^15 leaves under 2^-44. */
JAXC__DEV double jaxc__log_series(double s) {
  double z = s * s, z2 = z * z, z4 = z2 * z2;
  double p = ((1 + z * (1.0 / 3)) + (1.0 / 5 + z * (1.0 / 7)) * z2) +
             ((1.0 / 9 + z * (1.0 / 11)) + (1.0 / 13 + z * (1.0 / 15)) * z2) * z4;
  return 2 * s * p;
}
/* x = 2^e m, m in [sqrt(1/2), sqrt 2), for a positive normal x (every float is normal in
   double) */
typedef struct { double e, m; } jaxc__log_reduced;
JAXC__DEV_VEC jaxc__log_reduced jaxc__log_reduce(double x) {
  uint64_t b = jaxc__fp64_to_bits(x), mb = b & 0x000fffffffffffffu;
  bool big = mb > 0x6a09e667f3bcdu; /* m >= sqrt 2: use m / 2 */
  jaxc__log_reduced r;
  r.e = (double)((int)(b >> 52) - 1023 + (int)big);
  r.m = jaxc__fp64_from_bits(mb | (big ? 0x3fe0000000000000u : 0x3ff0000000000000u));
  return r;
}
/* log x for a positive normal double: log m = 2 atanh(s) with s = (m - 1)/(m + 1), |s| <= 0.172 */
JAXC__DEV double jaxc__log_core(double x) {
  jaxc__log_reduced r = jaxc__log_reduce(x);
  return r.e * 0.6931471805599453 + jaxc__log_series((r.m - 1) / (r.m + 1));
}
/* log(1 + x) for u = 1 + x > 0 (exact or rounded once): 2 atanh(x / (2 + x)), which never
   cancels, where that is within the series' range (x in [-0.29, 0.41]); log u beyond, where
   |log u| > 0.34 and u's rounding costs under 2^-51 of it. One division and one series serve
   both: their arguments are selected first. */
JAXC__DEV double jaxc__log1p_core(double x, double u) {
  bool near = (x > -0.29) & (x < 0.41); /* &, not &&: no branch */
  jaxc__log_reduced r = jaxc__log_reduce(jaxc__sel_d(near | !(u > 0), 1.0, u));
  double l = jaxc__log_series(jaxc__sel_d(near, x, r.m - 1) / jaxc__sel_d(near, 2 + x, r.m + 1));
  return jaxc__sel_d(near, l, r.e * 0.6931471805599453 + l);
}
/* log's special values on r: NaN below 0 (the input's NaN for a NaN), -inf at 0, inf at inf;
   `at0` is where the argument is 0 (x = 0 for log, x = -1 for log1p). */
JAXC__DEV float jaxc__log_specials(float xf, bool pos, bool at0, double r) {
  r = jaxc__sel_d(pos, r, (double)NAN);
  r = jaxc__sel_d(at0, -(double)INFINITY, r);
  r = jaxc__sel_d(xf == (float)INFINITY, (double)INFINITY, r);
  r = jaxc__sel_d(xf != xf, (double)xf, r); /* the input's NaN, as libm returns it */
  return (float)r;
}
JAXC__DEV_VEC float jaxc__m_log_float(float x) { return jaxc__log_specials(x, x > 0, x == 0, jaxc__log_core(x)); }
JAXC__DEV_VEC float jaxc__m_log1p_float(float x) {
  return jaxc__log_specials(x, x > -1, x == -1, jaxc__log1p_core(x, 1 + (double)x)); /* (exact) */
}
/* e^x - 1: the series for |x| < ln(2)/2, which never cancels; e^x - 1 in double beyond, where
   the result is at least 0.29 in size. */
JAXC__DEV_VEC float jaxc__m_expm1_float(float xf) {
  double x = jaxc__exp_arg(xf);
  jaxc__exp_reduced e = jaxc__exp_reduce(x);
  return (float)jaxc__sel_d(fabs(x) < 0.34657359027997264, e.em1, (1 + e.em1) * e.scale - 1);
}
/* tanh x: its Taylor series to x^9 below |x| = 1/16 (the rest under 2^-47), else
   (e^2a - 1)/(e^2a + 1) for a = |x| (e^2a - 1 >= 0.13 loses under 2^-3 of e^2a's accuracy), with
   a held at 20, where tanh is 1 in double. */
JAXC__DEV_VEC float jaxc__m_tanh_float(float xf) {
  double x = xf, a = fabs(x), z = x * x;
  double p = (-1.0 / 3 + z * (2.0 / 15)) + (-17.0 / 315 + z * (62.0 / 2835)) * (z * z);
  double small = x * (1 + z * p); /* tanh(-0) = -0 */
  double ac = jaxc__sel_d(a > 20.0, 20.0, a), E = jaxc__exp_core(2 * ac);
  double large = copysign((E - 1) / (E + 1), x);
  return (float)jaxc__sel_d(a < 0.0625, small, large);
}

/* sin, cos and tan of a float: x = k pi/2 + r with |r| <= pi/4 (a hair more where x/(pi/2)
   rounds the other way), then Taylor series in r to r^15 and r^16 (the rest under 2^-53).
   k comes from the bits as in jaxc__exp_core. pi/2 is split in three: the first two parts
   have 29 bits, so k times them is exact for |x| < 2^24 (k < 2^24), x - k P1 is exact
   (Sterbenz), and what is left of pi/2 (2^-114) times k stays under 2^-90. Nearer a multiple
   of pi/2 than that no float comes. Beyond 2^24, and for inf and NaN, the near code returns
   NaN and the full function calls the C library in double (jaxc__m_sin_float). */
#define JAXC__PIO2_1 0x1.921fb54p+0
#define JAXC__PIO2_2 0x1.10b4611p-30 /* (rounded down, so the third part is positive and */
#define JAXC__PIO2_3 0x1.4c4c6628b80dcp-59 /* -0 - 0 * P3 stays -0: sin(-0) = -0) */
JAXC__DEV double jaxc__sin_series(double r) {
  double z = r * r, z2 = z * z, z4 = z2 * z2;
  double p = ((1 - z * (1.0 / 6)) + (1.0 / 120 - z * (1.0 / 5040)) * z2) +
             ((1.0 / 362880 - z * (1.0 / 39916800)) + (1.0 / 6227020800 - z * (1.0 / 1307674368000)) * z2) * z4;
  return r * p;
}
JAXC__DEV double jaxc__cos_series(double r) {
  double z = r * r, z2 = z * z, z4 = z2 * z2;
  return ((1 - z * (1.0 / 2)) + (1.0 / 24 - z * (1.0 / 720)) * z2) +
         ((1.0 / 40320 - z * (1.0 / 3628800)) + (1.0 / 479001600 - z * (1.0 / 87178291200)) * z2) * z4 +
         (z4 * z4) * (1.0 / 20922789888000);
}
/* NaN marks an element the near code leaves to the full function (see JAXC__SPLIT). */
/* (on the bits, so that -ffinite-math-only keeps the test; signed, as SIMD compares are) */
JAXC__DEV bool jaxc__isnan_float(float x) { return (int32_t)(jaxc__fp32_to_bits(x) & 0x7fffffffu) > 0x7f800000; }
JAXC__DEV bool jaxc__isnan_double(double x) {
  return (int64_t)(jaxc__fp64_to_bits(x) & 0x7fffffffffffffffu) > 0x7ff0000000000000;
}
/* r and the quadrant (k mod 4 in the low bits of q); `quarter` adds to k (cos x = sin(x + pi/2)).
   The quadrant's tests below are integer masks: gcc does not vectorise a bool made of a bit. */
typedef struct { double r; uint64_t q; } jaxc__reduced;
JAXC__DEV jaxc__reduced jaxc__trig_reduce(float xf, uint64_t quarter) {
  double x = xf;
  uint64_t kb = jaxc__fp64_to_bits(x * 0.6366197723675814 + 0x1.8p52); /* k = round(x 2/pi) */
  double k = (double)(int32_t)(uint32_t)kb;
  jaxc__reduced red;
  red.r = ((x - k * JAXC__PIO2_1) - k * JAXC__PIO2_2) - k * JAXC__PIO2_3;
  red.q = kb + quarter;
  return red;
}
JAXC__DEV uint64_t jaxc__odd_mask(uint64_t q) { return 0u - (q & 1u); }
/* sin(q pi/2 + r) from sin r and cos r: sin r, cos r, -sin r, -cos r for q mod 4 = 0..3
   (cos(q pi/2 + r) is this at q + 1) */
JAXC__DEV double jaxc__quadrant(uint64_t q, double sin_r, double cos_r) {
  return jaxc__fp64_from_bits(jaxc__fp64_to_bits(jaxc__sel_mask_d(jaxc__odd_mask(q), cos_r, sin_r)) ^ ((q & 2u) << 62));
}
JAXC__DEV bool jaxc__trig_far(float x) { return !(fabsf(x) < 0x1p24f); }
JAXC__DEV_VEC float jaxc__near_sincos(float x, uint64_t quarter) {
  jaxc__reduced t = jaxc__trig_reduce(x, quarter);
  double v = jaxc__quadrant(t.q, jaxc__sin_series(t.r), jaxc__cos_series(t.r));
  return (float)jaxc__sel_d(jaxc__trig_far(x), (double)NAN, v);
}
JAXC__DEV_VEC float jaxc__near_sin_float(float x) { return jaxc__near_sincos(x, 0); }
JAXC__DEV_VEC float jaxc__near_cos_float(float x) { return jaxc__near_sincos(x, 1); }
/* tan(k pi/2 + r) is tan r for even k, -1/tan r for odd. tan r = r P(r^2)/Q(r^2), the ninth
   convergent of Lambert's continued fraction r/(1 - r^2/(3 - r^2/(5 - ...))): within 2^-60
   for |r| <= 0.786, in half the operations of the sin and cos series (its coefficients are
   integers, exact in double). */
JAXC__DEV_VEC float jaxc__near_tan_float(float x) {
  jaxc__reduced t = jaxc__trig_reduce(x, 0);
  double z = t.r * t.r;
  double s = t.r * ((((z + -990.0) * z + 135135.0) * z + -4729725.0) * z + 34459425.0);
  double c = (((45.0 * z + -13860.0) * z + 945945.0) * z + -16216200.0) * z + 34459425.0;
  uint64_t odd = jaxc__odd_mask(t.q);
  double v = jaxc__sel_mask_d(odd, -c, s) / jaxc__sel_mask_d(odd, s, c);
  return (float)jaxc__sel_d(jaxc__trig_far(x), (double)NAN, v);
}
/* The full function of a split op: its near code, and FAR where that returns NaN. */
#define JAXC__FULL_FN(T, name, FAR)                                                                  \
  JAXC__DEV T jaxc__m_##name##_##T(T x) {                                                          \
    T r = jaxc__near_##name##_##T(x);                                                                \
    return jaxc__isnan_##T(r) ? FAR(x) : r;                                                          \
  }
/* The full function of a split binary op: its near code, and FAR where that returns NaN. */
#define JAXC__FULL_FN2(T, name, FAR)                                                                 \
  JAXC__DEV T jaxc__m_##name##_##T(T a, T b) {                                                     \
    T r = jaxc__near_##name##_##T(a, b);                                                             \
    return jaxc__isnan_##T(r) ? FAR(a, b) : r;                                                       \
  }
#define JAXC__VIA_DOUBLE(f, x) ((float)f((double)(x)))
#define jaxc__sin_via_double(x) JAXC__VIA_DOUBLE(sin, x)
#define jaxc__cos_via_double(x) JAXC__VIA_DOUBLE(cos, x)
#define jaxc__tan_via_double(x) JAXC__VIA_DOUBLE(tan, x)
JAXC__FULL_FN(float, sin, jaxc__sin_via_double)
JAXC__FULL_FN(float, cos, jaxc__cos_via_double)
JAXC__FULL_FN(float, tan, jaxc__tan_via_double)

/* atan2 of floats in double, vectorisable: t = min/max of |y|, |x| in [0, 1]; atan t = atan c +
   atan u with c the nearest of 0, 1/4, .., 1 and u = (t - c)/(1 + t c), |u| <= 1/8, whose series
   to u^15 leaves 2^-52; then pi/2 - . where |y| > |x|, pi - . where x is negative (or -0), and
   y's sign. 0/0 and inf/inf make t 0 and 1, which gives C's special values (atan2(+-0, -0) =
   +-pi, atan2(+-inf, -inf) = +-3pi/4, ...). */
JAXC__DEV_VEC double jaxc__atan2_core(double y, double x) { /* (of doubles: NaN left to the caller) */
  double ay = fabs(y), ax = fabs(x);
  bool steep = ay > ax;
  double mn = jaxc__sel_d(steep, ax, ay), mx = jaxc__sel_d(steep, ay, ax), t = mn / mx;
  t = jaxc__sel_d(mx == 0, 0.0, t);
  t = jaxc__sel_d(mn == (double)INFINITY, 1.0, t);
  double c = 0.25 * ((double)(t > 0.125) + (double)(t > 0.375) + (double)(t > 0.625) + (double)(t > 0.875));
  double atan_c = jaxc__sel_d(t > 0.875, 0x1.921fb54442d18p-1,
                              jaxc__sel_d(t > 0.625, 0x1.4978fa3269ee1p-1,
                                          jaxc__sel_d(t > 0.375, 0x1.dac670561bb4fp-2,
                                                      jaxc__sel_d(t > 0.125, 0x1.f5b75f92c80ddp-3, 0.0))));
  double u = (t - c) / (1 + t * c), z = u * u, z2 = z * z, z4 = z2 * z2;
  double p = ((1 - z * (1.0 / 3)) + (1.0 / 5 - z * (1.0 / 7)) * z2) +
             ((1.0 / 9 - z * (1.0 / 11)) + (1.0 / 13 - z * (1.0 / 15)) * z2) * z4;
  double a = atan_c + u * p;
  a = jaxc__sel_d(steep, 0x1.921fb54442d18p+0 - a, a);
  a = jaxc__sel_mask_d(0u - (jaxc__fp64_to_bits(x) >> 63), 0x1.921fb54442d18p+1 - a, a); /* x < 0 or -0 */
  return copysign(a, y);
}
JAXC__DEV_VEC float jaxc__m_arctan2_float(float yf, float xf) {
  double y = yf, x = xf;
  bool x_nan = jaxc__isnan_double(x), y_nan = jaxc__isnan_double(y);
  return (float)jaxc__sel_d(x_nan | y_nan, x + y, jaxc__atan2_core(y, x));
}

/* x^y of floats in double, vectorisable: e^(y log|x|) (log to 2^-50 of itself, so y log|x|
   within 2^-43 where the result is a float), the sign from y odd, and C's special values
   (Annex F pow) as selects: log|x| is -inf at 0 and inf at inf, so y log|x| gives 0 and inf
   the right way round for finite and infinite y alike. (Forced inline like every near code:
   its size is past gcc -O2's and clang's inlining limits, and the call kept its loops scalar.) */
JAXC__DEV_VEC float jaxc__m_pow_float(float xf, float yf) {
  /* y is an integer where no mantissa bits lie below the binary point (sh of them, 24 for
     |y| < 1), odd where its units bit is set (and |y| < 2^24). & and |, not && and ||: no
     branches, so loops of it vectorise. */
  uint32_t yb = jaxc__fp32_to_bits(yf), ye = (yb >> 23) & 0xffu, m = (yb & 0x7fffffu) | 0x800000u;
  int32_t s = 150 - (int32_t)ye;
  uint32_t sh = (uint32_t)(s < 0 ? 0 : s > 24 ? 24 : s);
  uint32_t y_int = (uint32_t)((m & ((1u << sh) - 1u)) == 0) | (uint32_t)((yb & 0x7fffffffu) == 0);
  uint32_t y_odd = y_int & (uint32_t)(ye <= 150u) & (m >> sh); /* (in bit 0) */
  double x = xf, y = yf, ax = fabs(x);
  bool x_fin = ax < (double)INFINITY, y_fin = fabs(y) < (double)INFINITY;
  double l = jaxc__log_core(jaxc__sel_d((ax > 0) & x_fin, ax, 1.0));
  l = jaxc__sel_d(ax == 0, -(double)INFINITY, jaxc__sel_d(ax == (double)INFINITY, (double)INFINITY, l));
  l = jaxc__sel_d(jaxc__isnan_double(x), x, l);
  double e = y * l;
  e = jaxc__sel_d(e > 200.0, 200.0, jaxc__sel_d(e < -200.0, -200.0, e)); /* (NaN stays) */
  double r = jaxc__exp_core(e);
  r = jaxc__fp64_from_bits(jaxc__fp64_to_bits(r) ^ ((uint64_t)((jaxc__fp32_to_bits(xf) >> 31) & y_odd & 1u) << 63));
  r = jaxc__sel_d((x < 0) & x_fin & y_fin & (y_int == 0), (double)NAN, r);
  r = jaxc__sel_d((x == -1.0) & !y_fin & (y == y), 1.0, r);
  r = jaxc__sel_d((x == 1.0) | (y == 0), 1.0, r); /* even for a NaN in the other */
  return (float)r;
}

/* arcsin, arccos, arctan, sinh, cosh, arcsinh, arccosh, arctanh and cbrt of floats, in double
   from the pieces above (a = |x|, its sign put back where the function is odd):
     arcsin x  = atan2(x, sqrt((1 - x)(1 + x)))     arccos x  = 2 atan2(sqrt(1 - x), sqrt(1 + x))
     arctan x  = atan2(x, 1)                        arcsinh a = log1p(a + a^2 / (1 + sqrt(1 + a^2)))
     arccosh x = log1p(t + sqrt(t (2 + t))), t = x - 1     arctanh a = log1p(2a / (1 - a)) / 2
     sinh a    = (m + m / (1 + m)) / 2, m = e^a - 1     cosh a = (e^a + e^-a) / 2
     cbrt a    = e^(log(a) / 3), then one Newton step (2y + a / y^2) / 3
   For a float x, 1 - x, 1 + x, x - 1 and x^2 are exact in double, so nothing cancels; e^a - 1
   is 2^k (e^r - 1) + (2^k - 1) from jaxc__exp_reduce. The square roots are jaxc__sqrt_nr's:
   the C library's sqrt sets errno below 0, and the test and call compilers add for that keep a
   loop scalar. Like the functions above, these are correctly rounded but within a hair of a
   midpoint (tools/exhaustive.c runs every float input; tests/test_ops.c samples them). */
/* sqrt x for x in [0, 2^1000): 1/sqrt x from the bits (within 3.5%), four Newton steps (each
   squares the error, down to rounding's few 2^-53), times x; 0 at 0. */
JAXC__DEV double jaxc__sqrt_nr(double x) {
  double y = jaxc__fp64_from_bits(0x5fe6eb50c7b537a9u - (jaxc__fp64_to_bits(x) >> 1)), h = 0.5 * x;
  y = y * (1.5 - h * y * y);
  y = y * (1.5 - h * y * y);
  y = y * (1.5 - h * y * y);
  y = y * (1.5 - h * y * y);
  return x * y;
}
/* r where x is in the domain, else NaN: the input's own for a NaN, as libm returns it */
JAXC__DEV double jaxc__domain(double x, bool in, double r) { return jaxc__sel_d(in, r, jaxc__sel_d(x != x, x, (double)NAN)); }
JAXC__DEV_VEC float jaxc__m_arcsin_float(float xf) {
  double x = xf;
  bool in = fabs(x) <= 1;
  double r = jaxc__atan2_core(x, jaxc__sqrt_nr(jaxc__sel_d(in, (1 - x) * (1 + x), 0.0)));
  return (float)jaxc__domain(x, in, r);
}
JAXC__DEV_VEC float jaxc__m_arccos_float(float xf) {
  double x = xf;
  bool in = fabs(x) <= 1;
  double r = 2 * jaxc__atan2_core(jaxc__sqrt_nr(jaxc__sel_d(in, 1 - x, 0.0)), jaxc__sqrt_nr(jaxc__sel_d(in, 1 + x, 1.0)));
  return (float)jaxc__domain(x, in, r);
}
JAXC__DEV_VEC float jaxc__m_arctan_float(float xf) {
  double x = xf;
  return (float)jaxc__domain(x, x == x, jaxc__atan2_core(x, 1.0));
}
JAXC__DEV_VEC float jaxc__m_sinh_float(float xf) {
  double x = xf, a = fabs(x);
  jaxc__exp_reduced e = jaxc__exp_reduce(jaxc__sel_d(a > 90.0, 90.0, a)); /* (e^90 overflows a float) */
  double m = e.em1 * e.scale + (e.scale - 1);
  return (float)jaxc__domain(x, x == x, copysign(0.5 * (m + m / (1 + m)), x));
}
JAXC__DEV_VEC float jaxc__m_cosh_float(float xf) {
  double x = xf, a = fabs(x), E = jaxc__exp_core(jaxc__sel_d(a > 90.0, 90.0, a));
  return (float)jaxc__domain(x, x == x, 0.5 * (E + 1 / E));
}
JAXC__DEV_VEC float jaxc__m_arcsinh_float(float xf) {
  double x = xf, a = fabs(x), z = a * a, v = a + z / (1 + jaxc__sqrt_nr(1 + z));
  double r = jaxc__sel_d(a == (double)INFINITY, a, jaxc__log1p_core(v, 1 + v));
  return (float)jaxc__domain(x, x == x, copysign(r, x));
}
JAXC__DEV_VEC float jaxc__m_arccosh_float(float xf) {
  double x = xf, t = x - 1;
  bool in = t >= 0;
  double v = t + jaxc__sqrt_nr(jaxc__sel_d(in, t * (2 + t), 0.0));
  double r = jaxc__sel_d(x == (double)INFINITY, x, jaxc__log1p_core(v, 1 + v));
  return (float)jaxc__domain(x, in, r);
}
JAXC__DEV_VEC float jaxc__m_arctanh_float(float xf) {
  double x = xf, a = fabs(x);
  bool in = a < 1;
  double d = jaxc__sel_d(in, 1 - a, 1.0), r = 0.5 * jaxc__log1p_core(2 * a / d, (1 + a) / d);
  r = jaxc__sel_d(a == 1, (double)INFINITY, r);
  return (float)jaxc__domain(x, in | (a == 1), copysign(r, x));
}
JAXC__DEV_VEC float jaxc__m_cbrt_float(float xf) {
  double x = xf, a = fabs(x);
  bool finite = (a > 0) & (a < (double)INFINITY); /* 0, inf and NaN are their own cube roots */
  double ac = jaxc__sel_d(finite, a, 1.0), y = jaxc__exp_core(jaxc__log_core(ac) * (1.0 / 3));
  y = y - (y - ac / (y * y)) * (1.0 / 3);
  return (float)copysign(jaxc__sel_d(finite, y, a), x);
}
/* float64 arcsin, arccos, sinh, cosh, arcsinh, arccosh, arctanh and arctan are jaxc's own
   (below, from the two-part exp and log and arctan2's near code), cbrt next */
/* cbrt of a float64 (glibc 2.36's misses by up to 3.4 ulps): the float code's estimate, within
   2^-40, and a Newton step y - (y^3 - a) / 3y^2 with y^3 - a exact (y^2 and y^2 y in two parts
   by fma; y^3 - a cancels exactly), so that y's one rounding is off only within 2^-80 of a
   midpoint.
   Beyond 2^+-900 a is scaled by 2^-+270 first (the root by 2^+-90 after), so that the parts stay
   normal and y^3 finite. */
JAXC__DEV_VEC double jaxc__m_cbrt_double(double x) {
  double a = fabs(x);
  bool finite = (a > 0) & (a < (double)INFINITY), tiny = a < 0x1p-900, huge = a > 0x1p900;
  double k = jaxc__sel_d(tiny, 0x1p270, jaxc__sel_d(huge, 0x1p-270, 1.0));
  double ac = jaxc__sel_d(finite, a * k, 1.0), y = jaxc__exp_core(jaxc__log_core(ac) * (1.0 / 3));
  double y2 = y * y, e2 = fma(y, y, -y2), y3 = y2 * y, e3 = fma(y2, y, -y3);
  y = y - ((y3 - ac) + (e3 + e2 * y)) / (3 * y2);
  y = y * jaxc__sel_d(tiny, 0x1p-90, jaxc__sel_d(huge, 0x1p90, 1.0));
  return copysign(jaxc__sel_d(finite, y, a), x);
}

/* Float helpers in the compute type's precision (float or double), named by type for pasting. */
#define JAXC__FLOAT_HELPERS(T, SFX)                                                                   \
  JAXC__DEV T jaxc__m_floor_##T(T x) { return floor##SFX(x); }                                       \
  JAXC__DEV T jaxc__m_ceil_##T(T x) { return ceil##SFX(x); }                                         \
  JAXC__DEV T jaxc__m_trunc_##T(T x) { return trunc##SFX(x); }                                       \
  JAXC__DEV T jaxc__m_sqrt_##T(T x) { return sqrt##SFX(x); }                                         \
  JAXC__DEV T jaxc__m_fmod_##T(T x, T y) { return fmod##SFX(x, y); }                                 \
  /* Round half to even whatever the FP rounding mode; keeps -0 and the sign of small values. */     \
  /* (Branch-free, so loops of it vectorise: r is odd where r / 2 is not an integer.) */           \
  JAXC__DEV T jaxc__m_rne_##T(T x) {                                                               \
    T r = floor##SFX(x), d = x - r, h = r * (T)0.5;                                                  \
    T up = (T)((d > (T)0.5) | ((d == (T)0.5) & (floor##SFX(h) != h)));                               \
    return copysign##SFX(r + up, x);                                                                 \
  }                                                                                                   \
  /* jnp.remainder of floats: fmod's remainder moved to the divisor's sign (floor_mod_##T is the \
     step the near code shares). */                                                                   \
  JAXC__DEV T jaxc__floor_mod_##T(T mod, T b) { return ((mod != 0) & ((mod < 0) != (b < 0))) ? mod + b : mod; } \
  JAXC__DEV T jaxc__m_remainder_##T(T a, T b) { return jaxc__floor_mod_##T(fmod##SFX(a, b), b); }     \
  /* lax.max and lax.min as XLA emits them (llvm.maximum and llvm.minimum, IEEE 754-2019's    \
     maximum and minimum): a NaN wins, and -0 is below +0 (maximum(-0., 0.) is 0. either way). */   \
  JAXC__DEV T jaxc__m_max_##T(T a, T b) {                                                          \
    return (a != a || b != b) ? a + b : (a > b || (a == b && !signbit(a))) ? a : b;                  \
  }                                                                                                 \
  JAXC__DEV T jaxc__m_min_##T(T a, T b) {                                                          \
    return (a != a || b != b) ? a + b : (a < b || (a == b && signbit(a))) ? a : b;                   \
  }                                                                                                 \
  JAXC__DEV T jaxc__m_sign_##T(T a) { return a > 0 ? (T)1 : a < 0 ? (T)-1 : a; }
JAXC__FLOAT_HELPERS(float, f)
JAXC__FLOAT_HELPERS(double, )
/* lax.round(x, AWAY_FROM_ZERO), as jnp.floor_divide uses it: truncated through an integer below
   2^23 (2^52), where x - t is exact, then a step away from zero where that is at least a half
   (C's round kept the loops scalar: gcc vectorises no rounding function under trapping math). */
#define JAXC__ROUND_AWAY(T, SFX, I, BIG, SEL)                                                       \
  JAXC__DEV T jaxc__m_round_away_##T(T x) {                                                          \
    bool small = fabs##SFX(x) < BIG;                                                                 \
    T t = SEL(small, copysign##SFX((T)(I)SEL(small, x, (T)0), x), x);                                \
    return t + copysign##SFX((T)(fabs##SFX(x - t) >= (T)0.5), x);                                   \
  }
JAXC__ROUND_AWAY(float, f, int32_t, 0x1p23f, jaxc__sel_f)
JAXC__ROUND_AWAY(double, , int64_t, 0x1p52, jaxc__sel_d)
/* fmod of floats (float32 and the 16-bit floats computed in it), exactly, where the loop is to
   vectorise (the C library's fmodf keeps it scalar, at 12 ns an element): |x| = q |y| + r with q
   the quotient truncated in double, below 2^29, so that q |y| (29 + 24 bits) and |x| - q |y| are
   exact; then one |y| added or taken off where the division rounded across an integer; the sign
   is x's. NaN where it cannot vouch (|x| >= 2^29 |y|, y zero, NaN or infinite, x not finite),
   for the full function, C's, to redo. jnp.remainder's floor-mod on it alike. float64's below. */
JAXC__DEV float jaxc__near_fmod_float(float x, float y) {
  double ax = fabs((double)x), ay = fabs((double)y);
  bool ok = (ax < 0x1p29 * ay) & (ay > 0) & (ay < (double)INFINITY); /* (false for NaN) */
  double q = (double)(int32_t)jaxc__sel_d(ok, ax / ay, 0.0), r = ax - q * ay;
  r = jaxc__sel_d(r < 0, r + ay, r);
  r = jaxc__sel_d(r >= ay, r - ay, r);
  return jaxc__sel_f(ok, copysignf((float)r, x), (float)NAN);
}
JAXC__DEV float jaxc__near_remainder_float(float a, float b) { return jaxc__floor_mod_float(jaxc__near_fmod_float(a, b), b); }
/* bfloat16 and float16 go through jnp's formulas of several lax ops (floor_divide's
   _float_divmod, hypot, logaddexp) op by op: XLA:CPU computes each op in float32 and rounds it
   back to the dtype (FloatNormalization for bfloat16, LLVM's promotion of half ops for float16),
   so every step is rounded; computing the formula in float32 and rounding once differs by an
   ulp or more (float32 and float64 run the same formulas in their own type: JAXC__JNP_FORMULAS
   below makes both from one text; logaddexp has its own float code above). XLA:GPU
   may keep float32 between the ops of a fusion (xla_allow_excess_precision), so JAX on a GPU
   can differ from these. JAXC__STEPPED_<E>(f, h): f for float32 and float64, h_<E> for E. */
#define JAXC__HALF_STEPS(E, LD, ST)                                                                 \
  JAXC__DEV float jaxc__step_##E(float x) { return LD(ST(x)); }                                      \
  /* lax_other.logaddexp: amax + log1p(exp(-|a - b|)), a + b where a - b is NaN */                   \
  JAXC__DEV float jaxc__m_logaddexp_##E(float a, float b) {                                           \
    float d = jaxc__step_##E(a - b);                                                                 \
    if (d != d) return jaxc__step_##E(a + b);                                                        \
    float e = jaxc__step_##E(jaxc__m_exp_float(-fabsf(d)));                                          \
    return jaxc__step_##E(jaxc__m_max_float(a, b) + jaxc__step_##E(jaxc__m_log1p_float(e)));          \
  }
JAXC__HALF_STEPS(BF16, jaxc_bf16_to_f32, jaxc_f32_to_bf16)
JAXC__HALF_STEPS(F16, jaxc_f16_to_f32, jaxc_f32_to_f16)
/* jnp's formulas of lax ops, in compute type T, every op's result passed through S (the
   identity for float32 and float64, jaxc__step_<E> for the 16-bit floats), named by N. */
#define JAXC__SAME(x) (x)
#define JAXC__JNP_FORMULAS(N, T, SFX, S)                                                              \
  /* jnp.floor_divide of floats (JAX's _float_divmod): the quotient from mod = fmod(a, b); a    \
     zero divisor divides a itself (jax-ml/jax#38017), so 1 // 0 is inf as in NumPy. The near   \
     code passes the near fmod's mod, whose NaN (no vouching) makes the quotient NaN, redone. */ \
  JAXC__DEV T jaxc__floordiv_by_mod_##N(T a, T b, T mod) {                                         \
    T div = S((b == 0 ? a : S(a - mod)) / b);                                                        \
    div = ((mod != 0) & ((b < 0) != (mod < 0))) ? S(div - 1) : div;                                  \
    return jaxc__m_round_away_##T(div);                                                              \
  }                                                                                                   \
  JAXC__DEV T jaxc__m_floordiv_##N(T a, T b) { return jaxc__floordiv_by_mod_##N(a, b, fmod##SFX(a, b)); } \
  /* jnp.hypot's own formula (not libm's hypot: JAX's values, within 1-2 ulp): with x, y the   \
     larger and smaller of |a|, |b| (NaN propagating), x sqrt(1 + (y/x)^2), x where x is 0, inf \
     where either is inf (even with a NaN). */                                                      \
  JAXC__DEV T jaxc__m_hypot_##N(T a, T b) {                                                        \
    T aa = fabs##SFX(a), ab = fabs##SFX(b), x = jaxc__m_max_##T(aa, ab), y = jaxc__m_min_##T(aa, ab);   \
    T q = S(y / (x == 0 ? (T)1 : x));                                                                \
    T qq = S(q * q); /* a statement of its own: JAX rounds the square (no FMA contraction into 1 + q q) */ \
    T r = x == 0 ? x : S(x * S(sqrt##SFX(S(1 + qq))));                                               \
    return ((aa == (T)INFINITY) | (ab == (T)INFINITY)) ? (T)INFINITY : r;                            \
  }
JAXC__JNP_FORMULAS(float, float, f, JAXC__SAME)
JAXC__JNP_FORMULAS(double, double, , JAXC__SAME)
JAXC__JNP_FORMULAS(BF16, float, f, jaxc__step_BF16)
JAXC__JNP_FORMULAS(F16, float, f, jaxc__step_F16)
/* (the 16-bit floats' fmod is exact in float32 and in their own format alike) */
JAXC__DEV float jaxc__near_floordiv_float(float a, float b) { return jaxc__floordiv_by_mod_float(a, b, jaxc__near_fmod_float(a, b)); }
JAXC__DEV float jaxc__near_floordiv_BF16(float a, float b) { return jaxc__floordiv_by_mod_BF16(a, b, jaxc__near_fmod_float(a, b)); }
JAXC__DEV float jaxc__near_floordiv_F16(float a, float b) { return jaxc__floordiv_by_mod_F16(a, b, jaxc__near_fmod_float(a, b)); }
#define JAXC__STEPPED_F32(f, h) f
#define JAXC__STEPPED_F64(f, h) f
#define JAXC__STEPPED_BF16(f, h) h##_BF16
#define JAXC__STEPPED_F16(f, h) h##_F16
/* Error-free transformations, for float64 functions that carry a result in two parts:
   a b = p + prod_err exactly (by an FMA where the target has a fast one (FP_FAST_FMA), else by
   Dekker's split of a and b into halves of 26 bits); a + b = sum + sum_err exactly (2Sum, any
   magnitudes); fast_sum_err the same where |a| >= |b| (Fast2Sum). */
JAXC__DEV double jaxc__prod_err(double a, double b, double p) {
#if defined(FP_FAST_FMA) || defined(__CUDA_ARCH__)
  return fma(a, b, -p);
#else
  double ca = a * 134217729.0, ah = ca - (ca - a), al = a - ah; /* 2^27 + 1 */
  double cb = b * 134217729.0, bh = cb - (cb - b), bl = b - bh;
  return ((ah * bh - p) + ah * bl + al * bh) + al * bl;
#endif
}
JAXC__DEV double jaxc__sum_err(double a, double b, double sum) {
  double bv = sum - a;
  return (a - (sum - bv)) + (b - bv);
}
JAXC__DEV double jaxc__fast_sum_err(double a, double b, double sum) { return (a - sum) + b; }
/* fmod of float64 the same way: q, the quotient truncated, below 2^52; |x| - q |y| is exact as
   a double (the division rounds q to the floor or one above it, so the difference is in
   (-|y|, |y|)), and computed exactly: by one FMA, or as (|x| - p) - e with q |y| = p + e by
   prod_err (|x| - p exact by Sterbenz's lemma). NaN outside |x| < 2^52 |y|, 2^-960 <= |y| <
   2^960 (where p's error term stays normal). */
JAXC__DEV double jaxc__fmod_near_code(double x, double y) {
  double ax = fabs(x), ay = fabs(y);
  bool ok = (ax < 0x1p52 * ay) & (ay >= 0x1p-960) & (ay < 0x1p960);
  double q = (double)(int64_t)jaxc__sel_d(ok, ax / ay, 0.0);
#if defined(FP_FAST_FMA) || defined(__CUDA_ARCH__)
  double r = fma(-q, ay, ax);
#else
  double p = q * ay, r = (ax - p) - jaxc__prod_err(q, ay, p);
#endif
  r = jaxc__sel_d(r < 0, r + ay, r);
  r = jaxc__sel_d(r >= ay, r - ay, r);
  return jaxc__sel_d(ok, copysign(r, x), (double)NAN);
}
JAXC__DEV double jaxc__remainder_near_code(double a, double b) { return jaxc__floor_mod_double(jaxc__fmod_near_code(a, b), b); }
#define jaxc__near_fmod_double JAXC__F64_NEAR(jaxc__fmod_near_code, jaxc__m_fmod_double)
#define jaxc__near_remainder_double JAXC__F64_NEAR(jaxc__remainder_near_code, jaxc__m_remainder_double)
JAXC__DEV double jaxc__floordiv_near_code(double a, double b) { return jaxc__floordiv_by_mod_double(a, b, jaxc__fmod_near_code(a, b)); }
#define jaxc__near_floordiv_double JAXC__F64_NEAR(jaxc__floordiv_near_code, jaxc__m_floordiv_double)
/* a value carried as hi + tail, |tail| a few ulps of hi at most, rounded once when summed */
typedef struct { double hi, tail; } jaxc__parts;
/* e^x of a float64, vectorisable, within 0.502 ulp (2 M inputs; glibc's exp: 0.505): x = k ln 2 +
   r with r carried as r + r_lo (ln 2 in two parts, the first of 42 bits, so k times it is exact);
   e^r = 1 + r + r^2/2 + r^3/6 + r^4 (1/4! + r/5! + .. + r^10/14!), where 1 + r + r^2/2 is summed
   exactly and r^3/6 computed exactly (r^2, r^3 and the sums' rounding errors go into the tail
   with r_lo e^r), so only the tail, under r^3/6 < 0.007, carries rounding error, and the result
   is rounded once at the end.
   Where e^x is not a normal double (x outside [-707, 709]), and for inf and NaN, the near code
   returns NaN and the full function calls the C library. Under -ffast-math the exact sums fold
   away and the error grows to about 1 ulp; GNU C's FMA contraction (-ffp-contract=fast, gcc's
   default outside ISO mode) keeps these functions within their bounds (make test builds
   test_vector so). expm1 below shares it.
   This and the float64 functions below pay where they vectorise: AVX2, AVX-512 (exp 1.0 ns
   an element on one core against glibc's 3.2) and the device. Compiled scalar, for plain SSE2,
   they cost more than the C library's (see JAXC__F64_NEAR). */
/* e^r - 1 - r - r^2/2 = r^3/3! + r^4/4! + .. + r^14/14! for |r| <= ln(2)/2, with r^2 = r2 + r2_lo
   exactly, as hi + tail: hi is r^3/6 rounded, and the tail holds its rounding error exactly and
   the rest of the series (under r^4/24) */
JAXC__DEV_VEC jaxc__parts jaxc__exp_cube(double r, double r2, double r2_lo) {
  double r4 = r2 * r2;
  double s4 = ((1.0 / 24 + r * (1.0 / 120)) + (1.0 / 720 + r * (1.0 / 5040)) * r2) +
              ((1.0 / 40320 + r * (1.0 / 362880)) + (1.0 / 3628800 + r * (1.0 / 39916800)) * r2) * r4 +
              ((1.0 / 479001600 + r * (1.0 / 6227020800)) + r2 * (1.0 / 87178291200)) * (r4 * r4);
  double c = r2 * r, c_lo = jaxc__prod_err(r2, r, c) + r2_lo * r;
  double h = c * 0x1.5555555555555p-3, h_lo = jaxc__prod_err(c, 0x1.5555555555555p-3, h); /* 1/6 = that + 2^-55/3 */
  jaxc__parts p;
  p.hi = h;
  p.tail = ((h_lo + c * 0x1.5555555555555p-57) + c_lo * (1.0 / 6)) + c * r * s4;
  return p;
}
/* e^x = 2^k (t + tail) for |x| <= 709, t + tail exact but for the tail's own rounding; r^2/2 =
   half + half_err exactly, and r^3/6 + .. = cube, which expm1 reuses where k = 0 and r = x */
typedef struct { double t, tail, scale, half, half_err; jaxc__parts cube; } jaxc__exp_parts;
JAXC__DEV_VEC jaxc__exp_parts jaxc__exp_split(double x) {
  uint64_t kb = jaxc__fp64_to_bits(x * 0x1.71547652b82fep+0 + 0x1.8p52); /* k = round(x / ln 2) */
  double k = (double)(int32_t)(uint32_t)kb;
  double hi = x - k * 0x1.62e42fefa38p-1, r = hi - k * 0x1.ef35793c7673p-45;
  double r_lo = (hi - r) - k * 0x1.ef35793c7673p-45;
  double r2 = r * r, half = 0.5 * r2, half_err = 0.5 * jaxc__prod_err(r, r, r2);
  jaxc__parts c = jaxc__exp_cube(r, r2, 2 * half_err);
  double s = 1 + r, t = s + half, t3 = t + c.hi; /* |1| >= |r|, |s| >= |r^2/2| >= |r^3/6|: Fast2Sum */
  jaxc__exp_parts e;
  e.t = t3;
  e.tail = (jaxc__fast_sum_err(t, c.hi, t3) + jaxc__fast_sum_err(s, half, t) + jaxc__fast_sum_err(1, r, s)) +
           (half_err + r_lo * t3) + c.tail;
  e.scale = jaxc__fp64_from_bits((kb + 1023u) << 52);
  e.half = half;
  e.half_err = half_err;
  e.cube = c;
  return e;
}
JAXC__DEV_VEC double jaxc__exp_near_code(double x) {
  bool near = (x >= -707.0) & (x <= 709.0);
  jaxc__exp_parts e = jaxc__exp_split(jaxc__sel_d(near, x, 0.0));
  return jaxc__sel_d(near, (e.t + e.tail) * e.scale, (double)NAN);
}
/* e^x - 1 = hi + tail for |x| <= 709: where k = 0 (|x| < ln(2)/2), x + x^2/2 by Fast2Sum plus the
   series' tail (under x/17 of the result), so that no 1 + x is formed; else 2^k t - 1 by 2Sum,
   exact, plus 2^k tail. */
JAXC__DEV_VEC jaxc__parts jaxc__expm1_parts(double x) {
  jaxc__exp_parts e = jaxc__exp_split(x);
  double a = e.t * e.scale, u = a - 1;
  double p = x + e.half, p3 = p + e.cube.hi; /* (where small, k = 0: e's r is x) */
  bool small = fabs(x) < 0.34657359027997264;
  jaxc__parts m;
  m.hi = jaxc__sel_d(small, p3, u);
  m.tail = jaxc__sel_d(small,
                       (jaxc__fast_sum_err(p, e.cube.hi, p3) + jaxc__fast_sum_err(x, e.half, p) + e.half_err) + e.cube.tail,
                       jaxc__sum_err(a, -1, u) + e.tail * e.scale);
  return m;
}
/* -0 stays -0 */
JAXC__DEV_VEC double jaxc__expm1_near_code(double x) {
  bool near = (x >= -707.0) & (x <= 709.0);
  double xc = jaxc__sel_d(near, x, 0.0);
  jaxc__parts m = jaxc__expm1_parts(xc);
  return jaxc__sel_d(near, jaxc__sel_d(xc == 0, xc, m.hi + m.tail), (double)NAN);
}
/* tanh x of a float64, vectorisable, within 0.505 ulp (glibc: 2.1): E/(E + 2) with E = e^2a - 1
   (a = |x|) in two parts, the quotient's remainder exact, and x's sign. Beyond |x| = 22 tanh is 1 in double, and
   below 2^-27 it is x (x^3/3 is under a quarter ulp), which keeps -0 and subnormals. NaN
   alone goes to the C library. */
JAXC__DEV_VEC double jaxc__tanh_near_code(double x) {
  double a = fabs(x);
  jaxc__parts e = jaxc__expm1_parts(2 * jaxc__sel_d(a > 22.0, 22.0, a));
  double n = e.hi + e.tail, n_lo = jaxc__fast_sum_err(e.hi, e.tail, n);
  double d = 2 + n, d_lo = jaxc__sum_err(2, n, d) + n_lo;
  double q = n / d, p = q * d;
  double t = q + (((n - p) - jaxc__prod_err(q, d, p)) + n_lo - q * d_lo) / d;
  t = jaxc__fp64_from_bits(jaxc__fp64_to_bits(t) | (jaxc__fp64_to_bits(x) & 0x8000000000000000u));
  return jaxc__sel_d(a < 0x1p-27, x, t);
}
/* log x of a float64, vectorisable, within 0.501 ulp, in the manner of exp above: x = 2^e m, m in
   [sqrt(1/2), sqrt 2), log m = 2 atanh(s) = 2s + 2s^3 (1/3 + s^2/5 + .. + s^20/23) with s =
   (m - 1)/(m + 1), |s| <= 0.172. s is carried in two parts (m + 1 by 2Sum, the division's
   remainder exactly), and e ln 2 + 2s + 2s^3/3 is summed exactly (ln 2 in two parts), so only a
   tail under 2^-13 of the result carries rounding error. For zeros, negative, subnormal and
   non-finite x the near code returns NaN and the full function calls the C library. */
/* 2 atanh(s) for s = f/(d + d_lo), |s| <= 0.172: 2s + (2 s_lo + 2s^3/3 + 2s^5 (1/5 + s^2/7 + .. +
   s^18/23)) with s_lo from the division's exact remainder and 2s^3/3 computed exactly, as in
   jaxc__exp_cube. One division: s = f (1/d) is within 2 ulps of f/d, and s_lo, the exact
   remainder times 1/d, makes up for it (its terms to s_lo s^4 in the tail, 2^-66 of the result). */
JAXC__DEV_VEC jaxc__parts jaxc__atanh2(double f, double d, double d_lo) {
  /* s d apart: C compilers may fuse f - s * d into an FMA (clang does by default), which is
     f - s d exactly, and the product's error would be taken twice */
  double r = 1 / d, s = f * r, sd = s * d;
  double s_lo = ((f - sd) - jaxc__prod_err(s, d, sd) - s * d_lo) * r;
  double z = s * s, z_lo = jaxc__prod_err(s, s, z), z2 = z * z, z4 = z2 * z2;
  double p = ((1.0 / 5 + z * (1.0 / 7)) + (1.0 / 9 + z * (1.0 / 11)) * z2) +
             ((1.0 / 13 + z * (1.0 / 15)) + (1.0 / 17 + z * (1.0 / 19)) * z2) * z4 +
             (1.0 / 21 + z * (1.0 / 23)) * (z4 * z4);
  double s2 = 2 * s, c = s2 * z, c_lo = jaxc__prod_err(s2, z, c) + s2 * z_lo; /* 2s^3 */
  double h = c * 0x1.5555555555555p-2, h_lo = jaxc__prod_err(c, 0x1.5555555555555p-2, h); /* 1/3 = that + 2^-54/3 */
  jaxc__parts l;
  l.hi = s2 + h; /* (so that the tail holds under 2^-13 of the result: pow needs log to 2^-66) */
  l.tail = jaxc__fast_sum_err(s2, h, l.hi) + (2 * s_lo + (((h_lo + c * 0x1.5555555555555p-56) + c_lo * (1.0 / 3)) + (z + z2) * (2 * s_lo) + c * z * p));
  return l;
}
/* e ln 2 + 2 atanh(f/(d + d_lo)) = hi + tail */
JAXC__DEV_VEC jaxc__parts jaxc__log_combine(double e, double f, double d, double d_lo) {
  jaxc__parts t = jaxc__atanh2(f, d, d_lo), l;
  double a = e * 0x1.62e42fefa38p-1; /* e ln2_hi: exact */
  l.hi = a + t.hi;
  l.tail = jaxc__sum_err(a, t.hi, l.hi) + (e * 0x1.ef35793c7673p-45 + t.tail);
  return l;
}
JAXC__DEV_VEC jaxc__parts jaxc__log_split(double x) { /* log x = hi + tail, x positive normal */
  jaxc__log_reduced r = jaxc__log_reduce(x);
  double d = r.m + 1; /* m - 1 is exact (Sterbenz) */
  return jaxc__log_combine(r.e, r.m - 1, d, jaxc__sum_err(r.m, 1, d));
}
JAXC__DEV_VEC double jaxc__log_near_code(double x) {
  bool near = (x >= 0x1p-1022) & (x < (double)INFINITY);
  jaxc__parts l = jaxc__log_split(jaxc__sel_d(near, x, 1.0));
  return jaxc__sel_d(near, l.hi + l.tail, (double)NAN);
}
/* log1p x: 2 atanh(x/(2 + x)) where that is within the series' range (x in [-0.29, 0.41]), which
   never forms 1 + x; beyond, log u + (the error of u = 1 + x)/u, the correction added to log's
   tail before the one rounding. Within 0.501 ulp. Below 2^-60 the result is x (x^2/2 is under
   a quarter ulp), which also keeps -0 and subnormals, whose halving in x/(2 + x) would round. */
JAXC__DEV_VEC jaxc__parts jaxc__log1p_parts(double x) { /* 1 + x positive normal */
  double u = 1 + x, dx = 2 + x;
  bool small = (x > -0.29) & (x < 0.41);
  jaxc__log_reduced r = jaxc__log_reduce(jaxc__sel_d(small, 1.0, u)); /* (e = 0 where small) */
  double dm = r.m + 1;
  /* one atanh series for both: of x/(2 + x), or of (m - 1)/(m + 1) */
  jaxc__parts l = jaxc__log_combine(r.e, jaxc__sel_d(small, x, r.m - 1), jaxc__sel_d(small, dx, dm),
                                    jaxc__sel_d(small, jaxc__sum_err(2, x, dx), jaxc__sum_err(r.m, 1, dm)));
  l.tail += jaxc__sel_d(small, 0.0, jaxc__sum_err(1, x, u) / u);
  return l;
}
JAXC__DEV_VEC double jaxc__log1p_near_code(double x) {
  double u = 1 + x;
  bool near = (u >= 0x1p-1022) & (u < (double)INFINITY);
  jaxc__parts l = jaxc__log1p_parts(jaxc__sel_d(near, x, 0.0));
  return jaxc__sel_d(near, jaxc__sel_d(fabs(x) < 0x1p-60, x, l.hi + l.tail), (double)NAN);
}
/* sin, cos and tan of a float64, vectorisable, within 0.502 ulp: x = k pi/2 + r with r
   carried as r + r_lo. pi/2 is split in three (Cody and Waite): P1 and P2 have 33 bits, so
   k P1 and k P2 are exact for |k| < 2^20, x - k P1 is exact, and the rest is summed by 2Sum,
   with k P3's rounding error from prod_err; what is left of pi/2 (2^-122) times k stays
   under 2^-66 of r while |r| >= 2^-36. Then Taylor series (jaxc__sincos_parts) whose leading
   terms are summed exactly. Beyond |x| = 2^20, for inf and NaN, and
   where r is nearer 0 than 2^-36 (x within 2^-36 of a multiple of pi/2), the near code
   returns NaN and the full function calls the C library, whose reduction is exact for any x.
   Below 2^-27 sin and tan are x (x^3/3 is under a quarter ulp), which keeps -0 and
   subnormals. */
#define JAXC__PIO2D_1 0x1.921fb544p+0
#define JAXC__PIO2D_2 0x1.0b4611a6p-34
#define JAXC__PIO2D_3 0x1.3198a2e037073p-69
typedef struct { jaxc__parts r; uint64_t q; bool far; } jaxc__reduced_d;
JAXC__DEV_VEC jaxc__reduced_d jaxc__trig_reduce_d(double x) {
  jaxc__reduced_d red;
  red.far = !(fabs(x) < 0x1p20);
  x = jaxc__sel_d(red.far, 0.0, x);
  uint64_t kb = jaxc__fp64_to_bits(x * 0x1.45f306dc9c883p-1 + 0x1.8p52); /* k = round(x 2/pi) */
  double k = (double)(int32_t)(uint32_t)kb;
  double t = x - k * JAXC__PIO2D_1, p2 = k * JAXC__PIO2D_2, p3 = k * JAXC__PIO2D_3;
  double s = t - p2, r = s - p3;
  red.r.hi = r;
  red.r.tail = (jaxc__sum_err(t, -p2, s) + jaxc__sum_err(s, -p3, r)) - jaxc__prod_err(k, JAXC__PIO2D_3, p3);
  red.q = kb;
  red.far |= (fabs(r) < 0x1p-36) & (fabs(x) > 0.5);
  return red;
}
/* sin r where the mask `odd` is 0, cos r where it is all ones (one code for both, so that a vector
   of both costs one evaluation), for r = r.hi + r.tail, |r| <= pi/4 (a hair more):
   A + U (k1 + z (q0 + z Q(z))) + r.tail f'(r), z = r^2, with
     sin: A = r, U = r^3, k1 = -1/3!, q0 = 1/5!, Q = -1/7! + z/9! - .. + z^7/21!, f' = cos;
     cos: A = 1, U = r^2, k1 = -1/2!, q0 = 1/4!, Q = -1/6! + z/8! - .. + z^7/20!, f' = -sin
   (the rest under 2^-64). U and U z are carried exactly (prod_err), U k1 and U z q0 with their
   rounding errors and the constants' low parts, and both are summed into the leading part by
   Fast2Sum, so that only a tail under r^7/5040 (< 2^-11 of the result) carries rounding error. */
#define JAXC__SC(cos_v, sin_v) jaxc__sel_mask_d(odd, cos_v, sin_v)
JAXC__DEV_VEC jaxc__parts jaxc__sincos_parts(jaxc__parts r, uint64_t odd) {
  double z = r.hi * r.hi, z_lo = jaxc__prod_err(r.hi, r.hi, z), z2 = z * z, z4 = z2 * z2;
  double c = r.hi * z, c_lo = jaxc__prod_err(r.hi, z, c) + r.hi * z_lo; /* r^3 */
  double A = JAXC__SC(1.0, r.hi), U = JAXC__SC(z, c), U_lo = JAXC__SC(z_lo, c_lo);
  double k1 = JAXC__SC(-0.5, -0x1.5555555555555p-3), k1_lo = JAXC__SC(0.0, -0x1.5555555555555p-57);
  double q0 = JAXC__SC(0x1.5555555555555p-5, 0x1.1111111111111p-7), q0_lo = JAXC__SC(0x1.5555555555555p-59, 0x1.1111111111111p-63);
  double q = ((JAXC__SC(-1.0 / 720, -1.0 / 5040) + z * JAXC__SC(1.0 / 40320, 1.0 / 362880)) +
              (JAXC__SC(-1.0 / 3628800, -1.0 / 39916800) + z * JAXC__SC(1.0 / 479001600, 1.0 / 6227020800)) * z2) +
             ((JAXC__SC(-1.0 / 87178291200, -1.0 / 1307674368000) + z * JAXC__SC(1.0 / 20922789888000, 1.0 / 355687428096000)) +
              (JAXC__SC(-1.0 / 6402373705728000, -1.0 / 121645100408832000) +
               z * JAXC__SC(1.0 / 2432902008176640000, 1.0 / 51090942171709440000.0)) * z2) * z4;
  double H = U * k1, H_lo = jaxc__prod_err(U, k1, H);
  double U2 = U * z, U2_lo = jaxc__prod_err(U, z, U2) + U * z_lo + U_lo * z;
  double T = U2 * q0, T_lo = jaxc__prod_err(U2, q0, T);
  double G = JAXC__SC(-r.hi * (1 - z * (1.0 / 6)), 1 - 0.5 * z * (1 - z * (1.0 / 12)));
  double h1 = A + H; /* |A| >= |U k1| >= |U z q0|: Fast2Sum */
  jaxc__parts p;
  p.hi = h1 + T;
  p.tail = (jaxc__fast_sum_err(h1, T, p.hi) + jaxc__fast_sum_err(A, H, h1)) + ((H_lo + U * k1_lo + U_lo * k1) +
           (T_lo + U2 * q0_lo + U2_lo * q0)) + (U2 * z * q + r.tail * G);
  return p;
}
#undef JAXC__SC
/* sin(k pi/2 + r) is sin r, cos r, -sin r, -cos r for k mod 4 = 0..3; `quarter` adds to k */
JAXC__DEV_VEC double jaxc__sincos_near_code(double x, uint64_t quarter) {
  jaxc__reduced_d t = jaxc__trig_reduce_d(x);
  uint64_t q = t.q + quarter;
  jaxc__parts f = jaxc__sincos_parts(t.r, jaxc__odd_mask(q));
  double v = f.hi + f.tail;
  v = jaxc__fp64_from_bits(jaxc__fp64_to_bits(v) ^ ((q & 2u) << 62));
  v = jaxc__sel_d((quarter == 0) & (fabs(x) < 0x1p-27), x, v);
  return jaxc__sel_d(t.far, (double)NAN, v);
}
JAXC__DEV_VEC double jaxc__sin_near_code(double x) { return jaxc__sincos_near_code(x, 0); }
JAXC__DEV_VEC double jaxc__cos_near_code(double x) { return jaxc__sincos_near_code(x, 1); }
/* tan(k pi/2 + r) is sin r / cos r for even k, -cos r / sin r for odd: the quotient of the
   parts, q + ((n - q d) + n_tail - q d_tail) / d with n - q d exact */
JAXC__DEV_VEC double jaxc__tan_near_code(double x) {
  jaxc__reduced_d t = jaxc__trig_reduce_d(x);
  jaxc__parts s = jaxc__sincos_parts(t.r, 0), c = jaxc__sincos_parts(t.r, ~(uint64_t)0);
  uint64_t odd = jaxc__odd_mask(t.q);
  double nh = jaxc__sel_mask_d(odd, -c.hi, s.hi), nt = jaxc__sel_mask_d(odd, -c.tail, s.tail);
  double dh = jaxc__sel_mask_d(odd, s.hi, c.hi), dt = jaxc__sel_mask_d(odd, s.tail, c.tail);
  double n = nh + nt, d = dh + dt; /* (|tail| < 0.003 |hi|; the quotient's remainder needs d whole) */
  nt = jaxc__fast_sum_err(nh, nt, n), dt = jaxc__fast_sum_err(dh, dt, d), nh = n, dh = d;
  double q = nh / dh, p = q * dh;
  double v = q + (((nh - p) - jaxc__prod_err(q, dh, p)) + nt - q * dt) / dh;
  v = jaxc__sel_d(fabs(x) < 0x1p-27, x, v);
  return jaxc__sel_d(t.far, (double)NAN, v);
}
/* float64's near code on every target, as float32's is, so that every build gives the same bits.
   Scalar (plain SSE2: gcc -O2 -march=x86-64, one element an instruction and no FMA, so Dekker's
   products) it is slower than glibc's functions: exp 25 ns against 4, log 29 against 2.6, sin 28
   against 18, tanh 26 against 16. JAXC_LIBM_F64 takes the C library's function there instead
   (which returns NaN only where the function is NaN, so the full function is the C library's
   too): faster, but its last bits differ (exp: 1 result in 500) and its errors are larger. */
#if defined(JAXC_LIBM_F64) && !(defined(__AVX2__) || defined(__AVX512F__) || defined(__CUDA_ARCH__))
#  define JAXC__F64_NEAR(code, libm) libm
#else
#  define JAXC__F64_NEAR(code, libm) code
#endif
#define jaxc__near_exp_double JAXC__F64_NEAR(jaxc__exp_near_code, exp)
#define jaxc__near_expm1_double JAXC__F64_NEAR(jaxc__expm1_near_code, expm1)
#define jaxc__near_log_double JAXC__F64_NEAR(jaxc__log_near_code, log)
#define jaxc__near_log1p_double JAXC__F64_NEAR(jaxc__log1p_near_code, log1p)
#define jaxc__near_sin_double JAXC__F64_NEAR(jaxc__sin_near_code, sin)
#define jaxc__near_cos_double JAXC__F64_NEAR(jaxc__cos_near_code, cos)
#define jaxc__near_tan_double JAXC__F64_NEAR(jaxc__tan_near_code, tan)
#define jaxc__near_tanh_double JAXC__F64_NEAR(jaxc__tanh_near_code, tanh)
JAXC__FULL_FN(double, exp, exp)
JAXC__FULL_FN(double, expm1, expm1)
JAXC__FULL_FN(double, log, log)
JAXC__FULL_FN(double, log1p, log1p)
JAXC__FULL_FN(double, sin, sin)
JAXC__FULL_FN(double, cos, cos)
JAXC__FULL_FN(double, tan, tan)
JAXC__FULL_FN(double, tanh, tanh)
/* sinh, cosh, arcsinh, arccosh and arctanh of a float64, vectorisable, from the two-part
   pieces above (a = |x|, the sign put back where the function is odd), each summed into one
   rounding (glibc 2.36's sinh, cosh, asinh, acosh and atanh miss by up to 1.8 ulp and run
   scalar):
     sinh a   = (m + m/(1 + m)) / 2, m = e^a - 1 in two parts, the quotient's remainder exact
     cosh a   = (E + 1/E) / 2, E = e^a = 1 + m in two parts, 1/E's remainder exact
     arcsinh a = log(a + sqrt(a^2 + 1)), arccosh x = log(x + sqrt(x^2 - 1)): a^2 +- 1 exact in
               two parts, the square root corrected by its exact remainder, so that w = a + sqrt
               is known to 2^-100 of itself, and log w = log(w_hi) + w_lo / w_hi (which keeps the
               small results of w near 1 accurate); beyond 2^28, log a + ln 2
     arctanh a = (log1p(a) - log1p(-a)) / 2: the two logs have opposite signs, so nothing
               cancels
   Below 2^-28 (2^-26 for cosh) the result is x (1), which keeps -0 and subnormals. sinh and
   cosh beyond 709 (e^a overflows), inf and NaN are split ops' far path: the near code returns
   NaN and the full function calls the C library; the inverse functions give their special
   values themselves (so that out-of-domain inputs, NaN, do not go through the redo loop). Over 2 M samples each against long double: sinh and cosh
   (to 709) within 0.502 ulp, arcsinh 0.501, arccosh 0.518, arctanh 0.501. */
JAXC__DEV_VEC double jaxc__odd(double r, double x) { /* r with x's sign (r >= 0) */
  return jaxc__fp64_from_bits(jaxc__fp64_to_bits(r) | (jaxc__fp64_to_bits(x) & 0x8000000000000000u));
}
JAXC__DEV_VEC double jaxc__sinh_near_code(double x) {
  double a = fabs(x);
  bool near = a <= 709.0;
  jaxc__parts m = jaxc__expm1_parts(jaxc__sel_d(near, a, 0.0));
  double mh = m.hi + m.tail, ml = jaxc__fast_sum_err(m.hi, m.tail, mh);
  double d = 1 + mh, dl = jaxc__sum_err(1, mh, d) + ml;
  double q = mh / d, qd = q * d, ql = (((mh - qd) - jaxc__prod_err(q, d, qd)) + ml - q * dl) / d;
  double s = mh + q, r = 0.5 * (s + (jaxc__fast_sum_err(mh, q, s) + (ml + ql))); /* (mh >= q) */
  r = jaxc__sel_d(a < 0x1p-28, a, r);
  return jaxc__sel_d(near, jaxc__odd(r, x), (double)NAN);
}
JAXC__DEV_VEC double jaxc__cosh_near_code(double x) {
  double a = fabs(x);
  bool near = a <= 709.0;
  jaxc__parts m = jaxc__expm1_parts(jaxc__sel_d(near, a, 0.0));
  double mh = m.hi + m.tail, ml = jaxc__fast_sum_err(m.hi, m.tail, mh); /* (the tail can be 2^-10 of hi) */
  double E = 1 + mh, El = jaxc__sum_err(1, mh, E) + ml;
  double i = 1 / E, iE = i * E, il = (((1 - iE) - jaxc__prod_err(i, E, iE)) - i * El) / E;
  double s = E + i, r = 0.5 * (s + (jaxc__fast_sum_err(E, i, s) + (El + il)));
  r = jaxc__sel_d(a < 0x1p-26, 1.0, r);
  return jaxc__sel_d(near, r, (double)NAN);
}
/* log(x + sqrt(x^2 + c)) for c = 1, x in [0, 2^28], and c = -1, x in [1, 2^28] */
JAXC__DEV_VEC double jaxc__log_x_sqrt(double x, double c) {
  double z = x * x, zl = jaxc__prod_err(x, x, z);
  double q = z + c, ql = jaxc__sum_err(z, c, q) + zl;
  double sq = jaxc__sqrt_nr(q), ss = sq * sq;
  double sl = jaxc__sel_d(q > 0, ((q - ss) - jaxc__prod_err(sq, sq, ss) + ql) / (2 * sq), 0.0);
  double w = x + sq, wl = jaxc__sum_err(x, sq, w) + sl;
  jaxc__parts l = jaxc__log_split(w);
  return l.hi + (l.tail + wl / w);
}
JAXC__DEV_VEC double jaxc__log2x(double a) { /* log 2a for a >= 2^28, finite */
  jaxc__parts l = jaxc__log_split(a);
  double h = l.hi + 0x1.62e42fefa39efp-1;
  return h + (jaxc__fast_sum_err(l.hi, 0x1.62e42fefa39efp-1, h) + (l.tail + 0x1.abc9e3b39803fp-56)); /* (l.hi > 19) */
}
JAXC__DEV_VEC double jaxc__arcsinh_near_code(double x) {
  double a = fabs(x);
  bool near = a < (double)INFINITY, big = a > 0x1p28;
  double ac = jaxc__sel_d(near, a, 1.0);
  double r = jaxc__sel_d(big, jaxc__log2x(jaxc__sel_d(big, ac, 0x1p28)), jaxc__log_x_sqrt(jaxc__sel_d(big, 1.0, ac), 1.0));
  r = jaxc__sel_d((a < 0x1p-28) | !near, a, r); /* (inf and NaN are their own) */
  return jaxc__odd(r, x);
}
JAXC__DEV_VEC double jaxc__arccosh_near_code(double x) {
  bool near = (x >= 1) & (x < (double)INFINITY), big = x > 0x1p28;
  double xc = jaxc__sel_d(near, x, 1.0);
  double r = jaxc__sel_d(big, jaxc__log2x(jaxc__sel_d(big, xc, 0x1p28)), jaxc__log_x_sqrt(jaxc__sel_d(big, 1.0, xc), -1.0));
  return jaxc__sel_d(near, r, jaxc__domain(x, x == (double)INFINITY, x)); /* (inf; NaN below 1, NaN kept) */
}
JAXC__DEV_VEC double jaxc__arctanh_near_code(double x) {
  double a = fabs(x);
  bool near = a < 1;
  double ac = jaxc__sel_d(near, a, 0.0);
  jaxc__parts p = jaxc__log1p_parts(ac), n = jaxc__log1p_parts(-ac);
  double d = p.hi - n.hi, r = 0.5 * (d + (jaxc__sum_err(p.hi, -n.hi, d) + (p.tail - n.tail)));
  r = jaxc__sel_d(a < 0x1p-28, a, r);
  r = jaxc__sel_d(near, r, jaxc__domain(x, a == 1, (double)INFINITY)); /* (+-1: +-inf; NaN beyond, NaN kept) */
  return jaxc__sel_d(x != x, x, jaxc__odd(r, x));
}
/* (the near code on every target, unlike exp's and log's: it is also the more accurate) */
#define jaxc__near_sinh_double jaxc__sinh_near_code
#define jaxc__near_cosh_double jaxc__cosh_near_code
JAXC__FULL_FN(double, sinh, sinh)
JAXC__FULL_FN(double, cosh, cosh)
#define jaxc__m_arcsinh_double jaxc__arcsinh_near_code
#define jaxc__m_arccosh_double jaxc__arccosh_near_code
#define jaxc__m_arctanh_double jaxc__arctanh_near_code
/* The float32 ones have no far path (NaN only where the function is NaN): near = full */
#define jaxc__near_sinh_float jaxc__m_sinh_float
#define jaxc__near_cosh_float jaxc__m_cosh_float
#define jaxc__near_exp_float jaxc__m_exp_float
#define jaxc__near_expm1_float jaxc__m_expm1_float
#define jaxc__near_log_float jaxc__m_log_float
#define jaxc__near_log1p_float jaxc__m_log1p_float
#define jaxc__near_tanh_float jaxc__m_tanh_float

/* logaddexp of floats in double, vectorisable: amax + log1p(e^-|a - b|) carries L = log1p(..)
   to about 2^-48 of itself, plenty while |result| >= L/8 (2^-45 of the result); where the sum
   cancels further, and where a - b is NaN (a NaN, or infinities of one sign), NaN sends the
   element to the long double formula. */
JAXC__DEV_VEC float jaxc__near_logaddexp_float(float a, float b) {
  double amax = a > b ? a : b, d = (double)a - (double)b, ad = fabs(d);
  double y = jaxc__exp_core(-jaxc__sel_d(ad > 200.0, 200.0, ad)); /* (e^-200 ~ 0 for floats) */
  double L = jaxc__log1p_core(y, 1 + y);
  double r = amax + L;
  bool d_nan = jaxc__isnan_double(d), cancels = fabs(r) < 0.125 * L;
  bool redo = d_nan | cancels;
  return (float)jaxc__sel_d(redo, (double)NAN, r);
}
/* arctan2 of float64s, vectorisable, within 0.52 ulp: with mn, mx the smaller and larger of |y|,
   |x| and c the nearest of 0, 1/4, .., 1 to mn/mx, atan(mn/mx) = atan c + atan u, u = (mn - c mx) /
   (mx + c mn), |u| <= 1/8, whose numerator is exact (Sterbenz) and denominator carried in two
   parts by 2Sum, so u is carried in two parts by the division's exact remainder; atan u by its
   series to u^19 (the rest under 2^-63). Then K + atan(mn/mx) or K - atan(mn/mx), K = 0, pi/2
   or pi (atan c and pi in two parts), by 2Sum, and y's sign. mn and mx are first scaled by a
   power of 2 that brings mx into [1, 2). Where mx is 0, subnormal or not below 2^1023, where
   mn/mx is under 2^-969 (the error-free products' range), and for inf and NaN the near code
   returns NaN and the full function calls the C library. jaxc__arctan2_plus adds corr, a term
   far below an ulp, to atan2(|y|, x) before the last rounding (arcsin and arccos below fix
   their square roots' rounding with it). */
#define JAXC__ATAN_J(j, v0, v1, v2, v3, v4) \
  jaxc__sel_d((j) > 3.5, v4, jaxc__sel_d((j) > 2.5, v3, jaxc__sel_d((j) > 1.5, v2, jaxc__sel_d((j) > 0.5, v1, v0))))
JAXC__DEV_VEC double jaxc__arctan2_plus(double y, double x, double corr) {
  double ay = fabs(y), ax = fabs(x);
  bool steep = ay > ax;
  double mn = jaxc__sel_d(steep, ax, ay), mx = jaxc__sel_d(steep, ay, ax);
  /* mx scaled into [1, 2) by its exponent: no product under- or overflows */
  uint64_t eb = jaxc__fp64_to_bits(mx) >> 52; /* (mx >= 0) */
  bool far = (eb - 1u) >= 2045u;            /* zero, subnormal, >= 2^1023, inf, NaN */
  double scale = jaxc__fp64_from_bits((2046u - (eb & 0x7ffu)) << 52);
  mn *= scale, mx *= scale;
  far |= (mn < 0x1p-969) & (mn != 0); /* mn/mx under 2^-969: leave the rounding to the C library */
  double j = (double)(mn > 0.125 * mx) + (double)(mn > 0.375 * mx) + (double)(mn > 0.625 * mx) + (double)(mn > 0.875 * mx);
  double c = 0.25 * j;
  double atan_c = JAXC__ATAN_J(j, 0.0, 0x1.f5b75f92c80ddp-3, 0x1.dac670561bb4fp-2, 0x1.4978fa3269ee1p-1, 0x1.921fb54442d18p-1);
  double atan_c_lo = JAXC__ATAN_J(j, 0.0, 0x1.8ab6e3cf7afbdp-57, 0x1.a2b7f222f65e2p-56, 0x1.2419a87f2a458p-56, 0x1.1a62633145c07p-55);
  double p1 = c * mx, n = mn - p1, p2 = c * mn, d = mx + p2;
  double d_lo = jaxc__sum_err(mx, p2, d) + jaxc__prod_err(c, mn, p2);
  double u = n / d, pu = u * d;
  double u_lo = (((n - pu) - jaxc__prod_err(u, d, pu)) - jaxc__prod_err(c, mx, p1) - u * d_lo) / d;
  double z = u * u, z2 = z * z, z4 = z2 * z2;
  double q = ((-1.0 / 3 + z * (1.0 / 5)) + (-1.0 / 7 + z * (1.0 / 9)) * z2) +
             ((-1.0 / 11 + z * (1.0 / 13)) + (-1.0 / 15 + z * (1.0 / 17)) * z2) * z4 + (z4 * z4) * (-1.0 / 19);
  double a = atan_c + u, a_tail = (jaxc__sum_err(atan_c, u, a) + atan_c_lo) + (u_lo * (1 - z) + u * z * q);
  /* K + a (x >= 0, not steep: K = 0; x < 0, steep: pi/2) or K - a (steep: pi/2; x < 0: pi) */
  uint64_t neg = 0u - (jaxc__fp64_to_bits(x) >> 63), flip = (neg ^ (0u - (uint64_t)steep)) & 0x8000000000000000u;
  double k = jaxc__sel_d(steep, 0x1.921fb54442d18p+0, jaxc__sel_mask_d(neg, 0x1.921fb54442d18p+1, 0.0));
  double k_lo = jaxc__sel_d(steep, 0x1.1a62633145c07p-54, jaxc__sel_mask_d(neg, 0x1.1a62633145c07p-53, 0.0));
  a = jaxc__fp64_from_bits(jaxc__fp64_to_bits(a) ^ flip);
  a_tail = jaxc__fp64_from_bits(jaxc__fp64_to_bits(a_tail) ^ flip);
  double h = k + a, v = h + (jaxc__sum_err(k, a, h) + ((k_lo + a_tail) + corr));
  v = jaxc__fp64_from_bits(jaxc__fp64_to_bits(v) | (jaxc__fp64_to_bits(y) & 0x8000000000000000u));
  return jaxc__sel_d(far, (double)NAN, v);
}
JAXC__DEV_VEC double jaxc__arctan2_near_code(double y, double x) { return jaxc__arctan2_plus(y, x, 0.0); }
/* float64 arcsin and arccos from that arctan2, as the float32 ones (arcsin x = atan2(x, sqrt(1 -
   x^2)), arccos x = 2 atan2(sqrt(1 - x), sqrt(1 + x))), but with the radicands in two parts (2Sum,
   prod_err: exact) and each square root's error from its exact remainder: s + ds = sqrt(w + w_lo)
   to about 2^-100. The rounding of s would move atan2 by up to 0.5 ulp; the first-order term
   fixes it: atan2(y + dy, x + dx) = atan2(y, x) + (x dy - y dx) / (x^2 + y^2), with x^2 + y^2 = 1
   for arcsin and 2 for arccos, added inside arctan2's last sum (corr, for atan2(|y|, x)). Within
   0.52 ulp (tests/test_ops.c), on every target, no far path: |x| < 2^-26 gives x (arcsin), |x|
   > 1 NaN. */
typedef struct { double s, ds; } jaxc__root;
JAXC__DEV_VEC jaxc__root jaxc__sqrt_parts(double w, double w_lo) {
  jaxc__root r;
  r.s = jaxc__sqrt_nr(w);
  double p = r.s * r.s, rem = ((w - p) - jaxc__prod_err(r.s, r.s, p)) + w_lo; /* (w - p exact: Sterbenz) */
  r.ds = jaxc__sel_d(r.s > 0, rem / (2 * r.s), 0.0);
  return r;
}
JAXC__DEV_VEC double jaxc__arcsin_near_code(double x) {
  double a = fabs(x);
  bool in = a <= 1;
  double aa = jaxc__sel_d(in, a, 0.0);
  double p = aa * aa, w = 1 - p, w_lo = jaxc__sum_err(1.0, -p, w) - jaxc__prod_err(aa, aa, p); /* 1 - a^2 */
  jaxc__root r = jaxc__sqrt_parts(w, w_lo);
  double v = jaxc__arctan2_plus(x, r.s, -aa * r.ds);
  v = jaxc__sel_d(a < 0x1p-26, x, v); /* (asin x = x (1 + x^2/6 + ..) rounds to x; zeros, subnormals) */
  return jaxc__domain(x, in, v);
}
JAXC__DEV_VEC double jaxc__arccos_near_code(double x) {
  bool in = fabs(x) <= 1;
  double xx = jaxc__sel_d(in, x, 0.0), u = 1 - xx, v = 1 + xx;
  jaxc__root su = jaxc__sqrt_parts(u, jaxc__sum_err(1.0, -xx, u)), sv = jaxc__sqrt_parts(v, jaxc__sum_err(1.0, xx, v));
  double r = 2 * jaxc__arctan2_plus(su.s, sv.s, 0.5 * (sv.s * su.ds - su.s * sv.ds));
  return jaxc__domain(x, in, r);
}
#define jaxc__m_arcsin_double jaxc__arcsin_near_code
#define jaxc__m_arccos_double jaxc__arccos_near_code
/* x^y of float64s, vectorisable, within 0.51 ulp: e^(y log|x|) with log|x| in two parts (to 2^-66
   of itself, from log's exact sums) and y log|x| = P + P_lo by prod_err, so that P_lo corrects e^P
   as e^P (1 + P_lo); the sign from y odd (read from y's bits, as in the float32 power). Only
   normal x (x < 0 with y an integer), finite y and P within [-707, 709] are near; zeros,
   subnormals, infinities, NaN, x < 0 with y not an integer, and results beyond a normal double
   go to the C library, whose special values (Annex F) stand. */
JAXC__DEV_VEC double jaxc__pow_near_code(double x, double y) {
  uint64_t yb = jaxc__fp64_to_bits(y), ye = (yb >> 52) & 0x7ffu, m = (yb & 0x000fffffffffffffu) | 0x0010000000000000u;
  int64_t s = 1075 - (int64_t)ye; /* mantissa bits below the binary point */
  uint64_t sh = (uint64_t)(s < 0 ? 0 : s > 53 ? 53 : s);
  /* ((m >> sh) << sh rather than a mask of 1 << sh, which gcc 12 does not vectorise for 64 bits) */
  uint64_t y_int = (uint64_t)(((m >> sh) << sh) == m) | (uint64_t)((yb << 1) == 0);
  uint64_t y_odd = y_int & (uint64_t)(ye <= 1075u) & (m >> sh); /* (in bit 0) */
  double ax = fabs(x);
  uint64_t xe = jaxc__fp64_to_bits(ax) >> 52;
  bool near = ((xe - 1u) < 2046u) & ((x > 0) | (y_int != 0)); /* (y NaN or inf: P below) */
  jaxc__parts l = jaxc__log_split(jaxc__sel_d(near, ax, 1.0));
  double L = l.hi + l.tail, L_lo = jaxc__fast_sum_err(l.hi, l.tail, L); /* (the tail was up to 2^-13 of it) */
  double P = y * L, P_lo = jaxc__prod_err(y, L, P) + y * L_lo;
  near &= (P >= -707.0) & (P <= 709.0);
  jaxc__exp_parts e = jaxc__exp_split(jaxc__sel_d(near, P, 0.0));
  double v = (e.t + (e.tail + (e.t + e.tail) * P_lo)) * e.scale; /* (the tail is up to r^4/24) */
  v = jaxc__fp64_from_bits(jaxc__fp64_to_bits(v) ^ ((jaxc__fp64_to_bits(x) >> 63) & y_odd & 1u) << 63);
  return jaxc__sel_d(near, v, (double)NAN);
}
/* logaddexp of float64s: y = e^-|a - b| (a - b in two parts by 2Sum) and L = log1p(y) in two
   parts from the exp and log1p above, amax + L by 2Sum; *L_hi gets L's leading part. Correct
   for |a - b| <= 700 (beyond, it computes at 700). Where the sum cancels, the error is that of
   L's parts, about 2^-60 of L (tests/test_vector.c measures it). */
JAXC__DEV_VEC double jaxc__logaddexp_sum(double a, double b, double *L_hi) {
  double amax = a > b ? a : b, d = a - b, d_lo = jaxc__sum_err(a, -b, d), ad = fabs(d);
  jaxc__exp_parts e = jaxc__exp_split(-jaxc__sel_d((ad > 700.0) | jaxc__isnan_double(d), 700.0, ad));
  double t = e.t + e.tail, y = t * e.scale, y_lo = jaxc__fast_sum_err(e.t, e.tail, t) * e.scale; /* e^-|d| = y + y_lo */
  y_lo -= y * jaxc__fp64_from_bits(jaxc__fp64_to_bits(d_lo) ^ (jaxc__fp64_to_bits(d) & 0x8000000000000000u)); /* e^-(|d| + |d|'s error) */
  jaxc__parts L = jaxc__log1p_parts(y);
  L.tail += y_lo / (1 + y);
  double r = amax + L.hi;
  *L_hi = L.hi;
  return r + (jaxc__sum_err(amax, L.hi, r) + L.tail);
}
/* The vectorised near code, within 0.51 ulp where it does not defer: where the sum cancels by
   more than half of L (the result nearer 0 than L/2), where a - b is NaN, and where |a - b| > 700
   with amax under 2^-900 (e^-|a - b| could still count), NaN sends the element to
   jaxc__logaddexp_d. */
JAXC__DEV_VEC double jaxc__logaddexp_near_code(double a, double b) {
  double amax = a > b ? a : b, d = a - b, L_hi, v = jaxc__logaddexp_sum(a, b, &L_hi);
  bool redo = jaxc__isnan_double(d) | (fabs(v) < 0.5 * L_hi) | ((fabs(d) > 700.0) & (fabs(amax) < 0x1p-900));
  return jaxc__sel_d(redo, (double)NAN, v);
}
/* JAX's formula, amax + log1p(exp(-|a - b|)), where the sum cancels (a near -b): in plain double
   its error there reaches 10^5 ulps and more; jaxc__logaddexp_sum's parts keep it to about 2^-60
   of log1p(..) (better than long double's formula), the same on the CPU and the GPU. */
JAXC__DEV double jaxc__logaddexp_d(double a, double b) {
  double d = a - b, L_hi;
  if (d != d) return a + b; /* NaN in, or inf - inf of equal signs */
  if (fabs(d) > 700.0) return (a > b ? a : b) + log1p(exp(-fabs(d))); /* (e^-|d| < 2^-1009) */
  return jaxc__logaddexp_sum(a, b, &L_hi);
}
#define jaxc__logaddexp_via_d(a, b) ((float)jaxc__logaddexp_d(a, b))
#define jaxc__near_logaddexp_double JAXC__F64_NEAR(jaxc__logaddexp_near_code, jaxc__logaddexp_d)
#define jaxc__near_arctan2_double JAXC__F64_NEAR(jaxc__arctan2_near_code, atan2)
#define jaxc__near_arctan2_float jaxc__m_arctan2_float /* (no far path) */
JAXC__FULL_FN2(double, arctan2, atan2)
/* float64 arctan x = arctan2(x, 1), by its near code where that vectorises (4x glibc's atan
   here, as accurate); the float32 one has no far path */
#define jaxc__near_arctan_double(x) jaxc__near_arctan2_double(x, 1.0)
JAXC__FULL_FN(double, arctan, atan)
#define jaxc__near_arctan_float jaxc__m_arctan_float
#define jaxc__near_pow_double JAXC__F64_NEAR(jaxc__pow_near_code, pow)
#define jaxc__near_pow_float jaxc__m_pow_float /* (no far path) */
JAXC__FULL_FN2(double, pow, pow)
JAXC__FULL_FN2(float, logaddexp, jaxc__logaddexp_via_d)
JAXC__FULL_FN2(double, logaddexp, jaxc__logaddexp_d)

/* nextafter in each float format's own bits (bf16/f16 step in their 16-bit grid). */
JAXC__DEV float jaxc__nextafter16(float a, float b, bool bf) {
  if (a != a || b != b) return a + b;
  if (a == b) return b;
  uint16_t bits = bf ? jaxc_f32_to_bf16(a).bits : jaxc_f32_to_f16(a).bits;
  if ((bits & 0x7fff) == 0) bits = (uint16_t)((b > 0 ? 0 : 0x8000) | 1); /* +-0 -> smallest subnormal toward b */
  else if ((a < b) == !(bits & 0x8000)) bits++;
  else bits--;
  if (bf) { jaxc_bf16 r; r.bits = bits; return jaxc_bf16_to_f32(r); }
  jaxc_f16 h; h.bits = bits; return jaxc_f16_to_f32(h);
}
#define JAXC__NEXTAFTER_BF16(a, b) jaxc__nextafter16(a, b, true)
#define JAXC__NEXTAFTER_F16(a, b) jaxc__nextafter16(a, b, false)
#define JAXC__NEXTAFTER_F32(a, b) nextafterf(a, b)
#define JAXC__NEXTAFTER_F64(a, b) nextafter(a, b)

/* Integer power as JAX computes it (_pow_int_int): six rounds of binary exponentiation, so
   only the exponent's low 6 bits count (more would overflow any base > 1 anyway), starting
   from 0 for 0 ** (x != 0). jaxc.h refuses negative exponents first, as issue 3 asks. */
#define JAXC__IPOW_ROW(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_INT_##K(                 \
  JAXC__DEV CT jaxc__ipow_##E(CT a, CT b) {                                                       \
    uint64_t base = JAXC__U64(E, a), e = JAXC__U64(E, b), acc = (a == 0 && b != 0) ? 0 : 1;          \
    for (int round = 0; round < 6; round++) {                                                        \
      if (e & 1) acc *= base;                                                                        \
      base *= base;                                                                                  \
      e >>= 1;                                                                                       \
    }                                                                                                \
    return JAXC__WRAP(E, acc);                                                                       \
  })
JAXC__ARITH(JAXC__IPOW_ROW, ~)

/* >>complex math --------------------------------------------------------------------------------
   Complex arithmetic on (re, im) parts, the same code for the CPU, C++ builds and the device
   (jaxc_cuda.cuh), so that every build gives the same values (C's _Complex operators and glibc's
   c* functions would not exist on the device, and differ from XLA where XLA is explicit):
     - multiply is XLA's plain formula (ac - bd, ad + bc) in the dtype's precision (C's Annex G
       recovery of NaN + NaN*i products into infinities is not what jnp gives);
     - divide is Smith's method, as XLA emits it, with C Annex G's recovery of the three
       NaN + NaN*i cases (x/0, inf/finite, finite/inf) that XLA also special-cases;
     - the functions (sqrt exp expm1 log log1p sin cos tan sinh cosh tanh, the inverse ones,
       power abs) are computed in double and rounded once to the dtype: complex64 results are
       then within an ulp of the exact value, and complex128 ones within a few (checked against
       long double in tests/test_complex.c). Special values follow C11 Annex G (csqrt, cexp,
       clog, csinh, ccosh, ctanh, casinh, cacos, cacosh, catanh; sin, cos, tan through
       sin z = -i sinh(iz), cos z = cosh(iz), tan z = -i tanh(iz), arcsin and arctan likewise);
       log1p and expm1 stay accurate near zero, where log(1 + z) and exp(z) - 1 would cancel;
     - order is lexicographic (real part, then imaginary), as jnp compares complex values;
       maximum/minimum pick by that order without propagating NaN, as JAX's lowering does. */
#define JAXC__CPX_ARITH(T, R, SFX)                                                                        \
  JAXC__DEV bool jaxc__m_isnan_##T(T z) { return isnan(jaxc__re_##T(z)) || isnan(jaxc__im_##T(z)); } \
  JAXC__DEV bool jaxc__m_eq_##T(T a, T b) { return jaxc__re_##T(a) == jaxc__re_##T(b) && jaxc__im_##T(a) == jaxc__im_##T(b); } \
  JAXC__DEV T jaxc__m_add_##T(T a, T b) { return jaxc__mk_##T(jaxc__re_##T(a) + jaxc__re_##T(b), jaxc__im_##T(a) + jaxc__im_##T(b)); } \
  JAXC__DEV T jaxc__m_sub_##T(T a, T b) { return jaxc__mk_##T(jaxc__re_##T(a) - jaxc__re_##T(b), jaxc__im_##T(a) - jaxc__im_##T(b)); } \
  JAXC__DEV T jaxc__m_neg_##T(T a) { return jaxc__mk_##T(-jaxc__re_##T(a), -jaxc__im_##T(a)); }       \
  JAXC__DEV T jaxc__m_conj_##T(T z) { return jaxc__mk_##T(jaxc__re_##T(z), -jaxc__im_##T(z)); }      \
  JAXC__DEV T jaxc__m_mul_##T(T a, T b) {                                                              \
    R ar = jaxc__re_##T(a), ai = jaxc__im_##T(a), br = jaxc__re_##T(b), bi = jaxc__im_##T(b);         \
    R rr = ar * br, ii = ai * bi, ri = ar * bi, ir = ai * br; /* four roundings, no fused steps */   \
    return jaxc__mk_##T(JAXC__NOFUSE(rr) - JAXC__NOFUSE(ii), JAXC__NOFUSE(ri) + JAXC__NOFUSE(ir));    \
  }                                                                                                   \
  JAXC__DEV T jaxc__m_div_##T(T a, T b) {                                                              \
    R ar = jaxc__re_##T(a), ai = jaxc__im_##T(a), br = jaxc__re_##T(b), bi = jaxc__im_##T(b);         \
    /* Smith: divide through by the larger part of b. Written with selects, not branches (the      \
       loops vectorise; warps do not diverge): with |br| >= |bi|, x = (ar + ai r) / d and           \
       y = (ai - ar r) / d, r = bi / br, d = br + bi r; otherwise the roles swap. */                \
    bool big_re = fabs##SFX(br) >= fabs##SFX(bi);                                                    \
    R c = big_re ? br : bi, e = big_re ? bi : br, p = big_re ? ar : ai, q = big_re ? ai : ar;         \
    R r = e / c, d = c + e * r, pr = p * r;                                                           \
    R x = (p + q * r) / d, y = (big_re ? q - pr : pr - q) / d;                                        \
    if (isnan(x) && isnan(y)) { /* what the ratios lost: nonzero / 0, inf / finite, finite / inf */ \
      if (br == 0 && bi == 0 && (!isnan(ar) || !isnan(ai))) {                                         \
        x = copysign##SFX((R)INFINITY, br) * ar;                                                     \
        y = copysign##SFX((R)INFINITY, br) * ai;                                                     \
      } else if ((isinf(ar) || isinf(ai)) && isfinite(br) && isfinite(bi)) {                          \
        ar = copysign##SFX(isinf(ar) ? (R)1 : (R)0, ar);                                             \
        ai = copysign##SFX(isinf(ai) ? (R)1 : (R)0, ai);                                             \
        x = (R)INFINITY * (ar * br + ai * bi);                                                        \
        y = (R)INFINITY * (ai * br - ar * bi);                                                        \
      } else if ((isinf(br) || isinf(bi)) && isfinite(ar) && isfinite(ai)) {                          \
        br = copysign##SFX(isinf(br) ? (R)1 : (R)0, br);                                             \
        bi = copysign##SFX(isinf(bi) ? (R)1 : (R)0, bi);                                             \
        x = (R)0 * (ar * br + ai * bi);                                                               \
        y = (R)0 * (ai * br - ar * bi);                                                               \
      }                                                                                               \
    }                                                                                                 \
    return jaxc__mk_##T(x, y);                                                                        \
  }                                                                                                   \
  JAXC__DEV bool jaxc__m_lt_##T(T a, T b) { return jaxc__re_##T(a) == jaxc__re_##T(b) ? jaxc__im_##T(a) < jaxc__im_##T(b) : jaxc__re_##T(a) < jaxc__re_##T(b); } \
  JAXC__DEV bool jaxc__m_le_##T(T a, T b) { return jaxc__re_##T(a) == jaxc__re_##T(b) ? jaxc__im_##T(a) <= jaxc__im_##T(b) : jaxc__re_##T(a) < jaxc__re_##T(b); } \
  /* jnp.maximum/minimum of complex values (lax's _minmax_complex): a when a > b (a < b)          \
     lexicographically, else b; so a NaN loses to b: maximum(nan, inf) = inf, maximum(inf, nan) =    \
     nan, unlike the real case, where NaN always wins. */                                            \
  JAXC__DEV T jaxc__m_max_##T(T a, T b) { return jaxc__m_lt_##T(b, a) ? a : b; }                      \
  JAXC__DEV T jaxc__m_min_##T(T a, T b) { return jaxc__m_lt_##T(a, b) ? a : b; }                      \
  JAXC__DEV T jaxc__m_rne_##T(T z) { return jaxc__mk_##T(jaxc__m_rne_##R(jaxc__re_##T(z)), jaxc__m_rne_##R(jaxc__im_##T(z))); }
JAXC__CPX_ARITH(jaxc_c64, float, f)
JAXC__CPX_ARITH(jaxc_c128, double, )

/* The functions on double parts. */
#define JAXC__C(x, y) jaxc__mk_jaxc_c128(x, y)
#define JAXC__BIG_EXP 709.0 /* exp(x) overflows a double a little above this */
#define JAXC__LN2_D 0.693147180559945309417232121458176568
/* a + b exactly as s + e (Knuth's two-sum). */
JAXC__DEV double jaxc__two_sum(double a, double b, double *e) {
  double s = a + b, bb = s - a;
  *e = (a - (s - bb)) + (b - bb);
  return s;
}
/* |z| = hypot(x, y), overflowing only when the result does, within an ulp: the parts scaled by a
   power of two away from overflow and underflow, x^2 + y^2 with one rounding (fma); infinite
   when a part is, even a NaN one (Annex G). No libm call (hypot cost 9 ns an element here) and
   selects, not branches, so that the SIMD loops of >>vector can compute the same operations. */
JAXC__DEV double jaxc__cabs_d(double x, double y) {
  double ax = fabs(x), ay = fabs(y), m = ax > ay ? ax : ay, n = ax > ay ? ay : ax;
  double s = m > 0x1p500 ? 0x1p-600 : m < 0x1p-500 ? 0x1p600 : 1.0, a = m * s, b = n * s;
  double h = sqrt(fma(a, a, b * b)) * (1 / s); /* 1/s is exact: a power of two */
  return ((ax == (double)INFINITY) | (ay == (double)INFINITY)) ? (double)INFINITY : h; /* |, not ||: no branch */
}
/* |z| of float parts: in double, x^2 and y^2 are exact and cannot overflow or underflow, so no
   scaling is needed; the sum rounds once, the square root once, the float once more. */
JAXC__DEV float jaxc__cabs_f(float x, float y) {
  double dx = x, dy = y, h = sqrt(dx * dx + dy * dy);
  return ((fabsf(x) == INFINITY) | (fabsf(y) == INFINITY)) ? INFINITY : (float)h;
}
/* log|z| with x^2 + y^2 - 1 summed exactly in double-double near |z| = 1, where log(hypot)
   would keep only the absolute accuracy of 1. */
JAXC__DEV double jaxc__clog_abs_d(double x, double y) {
  double ax = fabs(x), ay = fabs(y);
  if (ax < ay) { double t = ax; ax = ay; ay = t; }
  if (ax >= 0.5 && ax <= 2.0 && ay <= ax) {
    double p = ax * ax, q = ay * ay;
    if (p + q > 0.5 && p + q < 2.0) {
      double pe = fma(ax, ax, -p), qe = fma(ay, ay, -q), e1, e2;
      double t1 = jaxc__two_sum(p, -1.0, &e1), t2 = jaxc__two_sum(t1, q, &e2);
      return 0.5 * log1p(t2 + (((pe + qe) + e1) + e2));
    }
  }
  /* |z| itself would overflow, or lose bits as a subnormal: log(|z| 2^k) - k log 2 */
  if (ax > 0x1p1020) return log(jaxc__cabs_d(x * 0.25, y * 0.25)) + 2 * JAXC__LN2_D;
  if (ax < 0x1p-500) return log(jaxc__cabs_d(x * 0x1p600, y * 0x1p600)) - 600 * JAXC__LN2_D;
  return log(jaxc__cabs_d(x, y));
}
JAXC__DEV jaxc_c128 jaxc__clog_d(double x, double y) { return JAXC__C(jaxc__clog_abs_d(x, y), atan2(y, x)); }
/* sqrt z of finite parts, not both 0: t = sqrt((|x| + |z|)/2), then (t, y/2t) for x >= 0 and
   (|y|/2t, +-t) for x < 0 (no cancellation either way). Parts are scaled by a power of 4 where
   |x| + |z| could overflow or lose bits below. The SIMD loops of >>vector compute the same
   operations (jaxc__vsqrt_jaxc_c128). */
JAXC__DEV jaxc_c128 jaxc__csqrt_finite(double x, double y) {
  bool big = (fabs(x) > 0x1p1020) | (fabs(y) > 0x1p1020), tiny = (fabs(x) < 0x1p-1000) & (fabs(y) < 0x1p-1000);
  double k = jaxc__sel_d(big, 0x1p-2, jaxc__sel_d(tiny, 0x1p100, 1.0)), s = jaxc__sel_d(big, 2.0, jaxc__sel_d(tiny, 0x1p-50, 1.0));
  x *= k, y *= k;
  double t = sqrt((fabs(x) + jaxc__cabs_d(x, y)) * 0.5), q = y / (2 * t);
  bool pos = x >= 0;
  return JAXC__C(jaxc__sel_d(pos, t, fabs(q)) * s, jaxc__sel_d(pos, q, copysign(t, y)) * s);
}
JAXC__DEV jaxc_c128 jaxc__csqrt_d(double x, double y) {
  if (isinf(y)) return JAXC__C(INFINITY, y);
  if (isnan(x)) return JAXC__C(x, x);
  if (isinf(x)) return x > 0 ? JAXC__C(x, isnan(y) ? y : copysign(0.0, y)) : JAXC__C(isnan(y) ? y : 0.0, copysign(INFINITY, y));
  if (isnan(y)) return JAXC__C(y, y);
  if (x == 0 && y == 0) return JAXC__C(0.0, y);
  return jaxc__csqrt_finite(x, y);
}
/* e^x (cos y, sin y), halved twice where e^x alone would overflow. */
JAXC__DEV jaxc_c128 jaxc__cis_scaled(double x, double y) {
  if (x > JAXC__BIG_EXP) {
    double h = exp(0.5 * x);
    return JAXC__C(h * cos(y) * h, h * sin(y) * h);
  }
  double e = exp(x);
  return JAXC__C(e * cos(y), e * sin(y));
}
JAXC__DEV jaxc_c128 jaxc__cexp_d(double x, double y) {
  if (y == 0) return JAXC__C(exp(x), y);
  if (isinf(x) && !isfinite(y)) return x > 0 ? JAXC__C(x, y - y) : JAXC__C(0.0, 0.0);
  if (isinf(x)) return x > 0 ? JAXC__C(x * cos(y), x * sin(y)) : JAXC__C(copysign(0.0, cos(y)), copysign(0.0, sin(y)));
  if (isnan(x) || !isfinite(y)) return JAXC__C(x + (y - y), x + (y - y));
  return jaxc__cis_scaled(x, y);
}
/* exp(z) - 1 = (expm1(x) cos y - 2 sin^2(y/2), e^x sin y): no cancellation near 0. */
JAXC__DEV jaxc_c128 jaxc__cexpm1_d(double x, double y) {
  if (!isfinite(x) || !isfinite(y) || x > JAXC__BIG_EXP) {
    jaxc_c128 e = jaxc__cexp_d(x, y);
    return JAXC__C(jaxc__re_jaxc_c128(e) - 1, jaxc__im_jaxc_c128(e));
  }
  if (y == 0) return JAXC__C(expm1(x), y);
  double h = sin(0.5 * y);
  return JAXC__C(expm1(x) * cos(y) - 2 * h * h, exp(x) * sin(y));
}
/* log(1 + z): the real part is log1p(2x + x^2 + y^2) / 2 while |z| is small. */
JAXC__DEV jaxc_c128 jaxc__clog1p_d(double x, double y) {
  if (!isfinite(x) || !isfinite(y)) return jaxc__clog_d(1 + x, y);
  double xp1 = 1 + x;
  if (fabs(x) < 0.5 && fabs(y) < 0.5) return JAXC__C(0.5 * log1p(x * (2 + x) + y * y), atan2(y, xp1));
  return JAXC__C(jaxc__clog_abs_d(xp1, y), atan2(y, xp1));
}
/* sinh and cosh of z, with Annex G's special values. */
JAXC__DEV jaxc_c128 jaxc__csinh_d(double x, double y) {
  if (y == 0) return JAXC__C(sinh(x), y);
  if ((isinf(x) || x == 0) && !isfinite(y)) return JAXC__C(x, y - y);
  if (fabs(x) > JAXC__BIG_EXP && isfinite(x)) {
    double h = exp(0.5 * fabs(x)), c = 0.5 * h;
    return JAXC__C(copysign(1.0, x) * (c * cos(y)) * h, (c * sin(y)) * h);
  }
  return JAXC__C(sinh(x) * cos(y), cosh(x) * sin(y));
}
JAXC__DEV jaxc_c128 jaxc__ccosh_d(double x, double y) {
  if (y == 0) return JAXC__C(cosh(x), copysign(0.0, x) * y); /* sinh(x) * y: a zero of their signs */
  if (isinf(x) && !isfinite(y)) return JAXC__C(x * x, y - y);
  if (x == 0 && !isfinite(y)) return JAXC__C(y - y, x);
  if (fabs(x) > JAXC__BIG_EXP && isfinite(x)) {
    double h = exp(0.5 * fabs(x)), c = 0.5 * h;
    return JAXC__C((c * cos(y)) * h, copysign(1.0, x) * (c * sin(y)) * h);
  }
  return JAXC__C(cosh(x) * cos(y), sinh(x) * sin(y));
}
/* tanh z = (sinh x cosh x + i sin y cos y) / (sinh^2 x + cos^2 y); 1 + 4i sin y cos y e^-2|x|
   once tanh x rounds to 1. */
JAXC__DEV jaxc_c128 jaxc__ctanh_d(double x, double y) {
  if (isinf(x)) return JAXC__C(copysign(1.0, x), isfinite(y) ? copysign(0.0, sin(y) * cos(y)) : copysign(0.0, y));
  if (isnan(x)) return y == 0 ? JAXC__C(x, y) : JAXC__C(x, x);
  if (!isfinite(y)) return JAXC__C(x == 0 ? x : y - y, y - y);
  double s = sin(y), c = cos(y);
  if (fabs(x) > 22) return JAXC__C(copysign(1.0, x), 4 * s * c * exp(-2 * fabs(x)));
  double sh = sinh(x), ch = cosh(x), den = sh * sh + c * c;
  return JAXC__C(sh * ch / den, s * c / den);
}
/* -i f(iz) for f = sinh, tanh: sin and tan from the hyperbolic functions. */
JAXC__DEV jaxc_c128 jaxc__rot_back(jaxc_c128 w) { return JAXC__C(jaxc__im_jaxc_c128(w), -jaxc__re_jaxc_c128(w)); }
JAXC__DEV jaxc_c128 jaxc__csin_d(double x, double y) { return jaxc__rot_back(jaxc__csinh_d(-y, x)); }
JAXC__DEV jaxc_c128 jaxc__ccos_d(double x, double y) { return jaxc__ccosh_d(-y, x); }
JAXC__DEV jaxc_c128 jaxc__ctan_d(double x, double y) { return jaxc__rot_back(jaxc__ctanh_d(-y, x)); }
/* The inverse functions by Kahan's formulas ("Branch cuts for complex elementary functions",
   1987), from the square roots of 1 -+ z (z -+ 1 for arccosh), which carry the branch cuts and
   the signs of zero parts, with no cancellation:
     arcsin z  = atan(x / Re(sqrt(1 - z) sqrt(1 + z)))  + i asinh(Im(conj(sqrt(1 - z)) sqrt(1 + z)))
     arccos z  = 2 atan(Re sqrt(1 - z) / Re sqrt(1 + z)) + i asinh(Im(conj(sqrt(1 + z)) sqrt(1 - z)))
     arccosh z = asinh(Re(conj(sqrt(z - 1)) sqrt(z + 1))) + 2i atan(Im sqrt(z - 1) / Re sqrt(z + 1))
     arctanh z = log1p(4x / ((1 - x)^2 + y^2)) / 4       + i atan2(2y, (1 - x)(1 + x) - y^2) / 2
   and arcsinh z = -i arcsin(iz), arctan z = -i arctanh(iz). Where a part passes 2^500 the squares
   would overflow: there the asymptotes (log 2z for the first three, 1/z for arctanh), whose next
   terms are under 2^-1000 of them; they give Annex G's values for infinite parts too. NaN parts
   as Annex G. */
JAXC__DEV bool jaxc__cfar(double x, double y) { return fabs(x) > 0x1p500 || fabs(y) > 0x1p500; }
/* arcsin z of finite parts under 2^500 (no recursion anywhere here: the device's stack is sized
   at compile time) */
JAXC__DEV jaxc_c128 jaxc__casin_near(double x, double y) {
  jaxc_c128 s = jaxc__csqrt_d(1 - x, -y), t = jaxc__csqrt_d(1 + x, y);
  double sr = jaxc__re_jaxc_c128(s), si = jaxc__im_jaxc_c128(s), tr = jaxc__re_jaxc_c128(t), ti = jaxc__im_jaxc_c128(t);
  return JAXC__C(atan2(x, fabs(sr * tr - si * ti)), asinh(sr * ti - si * tr));
}
/* arcsinh z: a NaN part gives NaN parts but for arcsinh(NaN + 0i) = NaN + 0i and the infinite
   real part of arcsinh(+-inf + NaN i), arcsinh(NaN +- inf i) */
JAXC__DEV jaxc_c128 jaxc__casinh_d(double x, double y) {
  if (isnan(x) || isnan(y)) {
    if (isinf(x)) return JAXC__C(x, y);
    if (isinf(y)) return JAXC__C(y, x);
    return JAXC__C(x + y, y == 0 ? y : x + y);
  }
  if (jaxc__cfar(x, y)) return JAXC__C(copysign(jaxc__clog_abs_d(x, y) + JAXC__LN2_D, x), atan2(y, fabs(x)));
  jaxc_c128 w = jaxc__casin_near(-y, x);
  return JAXC__C(jaxc__im_jaxc_c128(w), -jaxc__re_jaxc_c128(w));
}
JAXC__DEV jaxc_c128 jaxc__casin_d(double x, double y) {
  if (isnan(x) || isnan(y) || jaxc__cfar(x, y)) { /* -i arcsinh(iz) */
    jaxc_c128 w = jaxc__casinh_d(-y, x);
    return JAXC__C(jaxc__im_jaxc_c128(w), -jaxc__re_jaxc_c128(w));
  }
  return jaxc__casin_near(x, y);
}
JAXC__DEV jaxc_c128 jaxc__cacos_d(double x, double y) {
  if (isnan(x) || isnan(y)) {
    if (isinf(x)) return JAXC__C(y, x);                   /* NaN +- inf i */
    if (isinf(y)) return JAXC__C(x, -y);
    return JAXC__C(x == 0 ? 0x1.921fb54442d18p+0 : x + y, x + y);
  }
  if (jaxc__cfar(x, y)) return JAXC__C(atan2(fabs(y), x), -copysign(jaxc__clog_abs_d(x, y) + JAXC__LN2_D, y));
  jaxc_c128 s = jaxc__csqrt_d(1 - x, -y), t = jaxc__csqrt_d(1 + x, y);
  double sr = jaxc__re_jaxc_c128(s), si = jaxc__im_jaxc_c128(s), tr = jaxc__re_jaxc_c128(t), ti = jaxc__im_jaxc_c128(t);
  return JAXC__C(2 * atan2(sr, tr), asinh(tr * si - ti * sr));
}
JAXC__DEV jaxc_c128 jaxc__cacosh_d(double x, double y) {
  if (isnan(x) || isnan(y)) /* (as i arccos z: arccosh(0 + NaN i) = NaN + i pi/2) */
    return JAXC__C(isinf(x) || isinf(y) ? (double)INFINITY : x + y, x == 0 ? 0x1.921fb54442d18p+0 : x + y);
  if (jaxc__cfar(x, y)) return JAXC__C(jaxc__clog_abs_d(x, y) + JAXC__LN2_D, atan2(y, x));
  jaxc_c128 s = jaxc__csqrt_d(x - 1, y), t = jaxc__csqrt_d(x + 1, y);
  double sr = jaxc__re_jaxc_c128(s), si = jaxc__im_jaxc_c128(s), tr = jaxc__re_jaxc_c128(t), ti = jaxc__im_jaxc_c128(t);
  return JAXC__C(asinh(sr * tr + si * ti), 2 * atan2(si, tr));
}
JAXC__DEV jaxc_c128 jaxc__catanh_d(double x, double y) {
  if (isnan(x) || isnan(y)) {
    if (isinf(y)) return JAXC__C(copysign(0.0, x), copysign(0x1.921fb54442d18p+0, y));
    if (isinf(x) || x == 0) return JAXC__C(copysign(0.0, x), y);
    return JAXC__C(x + y, x + y);
  }
  if (jaxc__cfar(x, y)) {
    double m = jaxc__cabs_d(x, y);
    return JAXC__C(isinf(m) ? copysign(0.0, x) : x / m / m, copysign(0x1.921fb54442d18p+0, y));
  }
  /* odd: computed at -z for x < 0 (or -0), where 4x / den would near -1 and log1p cancel */
  double sg = signbit(x) ? -1.0 : 1.0;
  x = fabs(x), y *= sg;
  double u = 1 - x, den = u * u + y * y;
  /* near z = 1 the squares can underflow: log|1 + z| - log|1 - z|, which cannot cancel there */
  double re = den < 0x1p-1000 ? 0.5 * (jaxc__clog_abs_d(1 + x, y) - jaxc__clog_abs_d(u, y)) : 0.25 * log1p(4 * x / den);
  return JAXC__C(sg * re, sg * (0.5 * atan2(2 * y, u * (1 + x) - y * y)));
}
JAXC__DEV jaxc_c128 jaxc__catan_d(double x, double y) {
  jaxc_c128 w = jaxc__catanh_d(-y, x);
  return JAXC__C(jaxc__im_jaxc_c128(w), -jaxc__re_jaxc_c128(w));
}
/* x ** y as XLA's power computes it: |x|^c e^(-d arg x) (cos q, sin q), q = c arg x + d log|x|
   (y = c + di), after its special cases: x ** 0 = 1 for every x (NaN too), 1 ** y = 1,
   0 ** c = 0 and inf ** c = inf for real c > 0, inf ** c = 0 for real c < 0 (other zero or
   infinite bases take the formula, NaN parts included, as in XLA). */
JAXC__DEV jaxc_c128 jaxc__cpow_d(double a, double b, double c, double d) {
  if ((c == 0 && d == 0) || (a == 1 && b == 0)) return JAXC__C(1.0, 0.0);
  if (b == 0 && d == 0 && a == 0 && c > 0) return JAXC__C(0.0, 0.0);
  if (b == 0 && d == 0 && a == INFINITY && (c > 0 || c < 0)) return c > 0 ? JAXC__C(INFINITY, 0.0) : JAXC__C(0.0, 0.0);
  double arg = atan2(b, a), q = c * arg + d * jaxc__clog_abs_d(a, b);
  double coeff = pow(jaxc__cabs_d(a, b), c) * exp(-d * arg);
  return JAXC__C(coeff * cos(q), coeff * sin(q));
}

/* The functions per dtype: complex128 as is, complex64 widened and rounded once; exp, and log of
   complex64, are split ops whose full functions (jaxc__m_) come below, so the Annex G code is
   their fallback (jaxc__annex_). */
#define JAXC__CPX_FN1(T, R, name, fn)                                                                \
  JAXC__DEV T fn(T z) {                                                                               \
    jaxc_c128 w = jaxc__c##name##_d((double)jaxc__re_##T(z), (double)jaxc__im_##T(z));               \
    return jaxc__mk_##T((R)jaxc__re_jaxc_c128(w), (R)jaxc__im_jaxc_c128(w));                          \
  }
#define JAXC__CPX_FUNCS(T, R)                                                                        \
  JAXC__CPX_FN1(T, R, sqrt, jaxc__m_sqrt_##T) JAXC__CPX_FN1(T, R, exp, jaxc__annex_exp_##T)          \
  JAXC__CPX_FN1(T, R, expm1, jaxc__m_expm1_##T) JAXC__CPX_FN1(T, R, log, jaxc__annex_log_##T)        \
  JAXC__CPX_FN1(T, R, log1p, jaxc__m_log1p_##T) JAXC__CPX_FN1(T, R, sin, jaxc__m_sin_##T)            \
  JAXC__CPX_FN1(T, R, cos, jaxc__m_cos_##T) JAXC__CPX_FN1(T, R, tan, jaxc__m_tan_##T)                \
  JAXC__CPX_FN1(T, R, tanh, jaxc__m_tanh_##T)                                                        \
  JAXC__CPX_FN1(T, R, asin, jaxc__m_arcsin_##T) JAXC__CPX_FN1(T, R, acos, jaxc__m_arccos_##T)        \
  JAXC__CPX_FN1(T, R, atan, jaxc__m_arctan_##T) JAXC__CPX_FN1(T, R, sinh, jaxc__m_sinh_##T)           \
  JAXC__CPX_FN1(T, R, cosh, jaxc__m_cosh_##T) JAXC__CPX_FN1(T, R, asinh, jaxc__m_arcsinh_##T)         \
  JAXC__CPX_FN1(T, R, acosh, jaxc__m_arccosh_##T) JAXC__CPX_FN1(T, R, atanh, jaxc__m_arctanh_##T)     \
  JAXC__DEV T jaxc__m_pow_##T(T a, T b) {                                                             \
    jaxc_c128 w = jaxc__cpow_d(jaxc__re_##T(a), jaxc__im_##T(a), jaxc__re_##T(b), jaxc__im_##T(b));   \
    return jaxc__mk_##T((R)jaxc__re_jaxc_c128(w), (R)jaxc__im_jaxc_c128(w));                          \
  }                                                                                                   \
  /* z / |z|, and +0 + 0i for any zero (XLA's Sign: select(|z| == 0, (0, 0), z / |z|)), in      \
     double; tiny parts scaled up first, so that |z| is never a subnormal short of bits */           \
  JAXC__DEV T jaxc__m_sign_##T(T z) {                                                                 \
    double x = jaxc__re_##T(z), y = jaxc__im_##T(z);                                                  \
    double k = fabs(x) < 0x1p-500 && fabs(y) < 0x1p-500 ? 0x1p600 : 1.0, m = jaxc__cabs_d(x * k, y * k); \
    return m == 0 ? jaxc__mk_##T(0, 0) : jaxc__mk_##T((R)(x * k / m), (R)(y * k / m));                \
  }
JAXC__CPX_FUNCS(jaxc_c64, float)
JAXC__CPX_FUNCS(jaxc_c128, double)
JAXC__DEV float jaxc__m_abs_jaxc_c64(jaxc_c64 z) { return jaxc__cabs_f(jaxc__re_jaxc_c64(z), jaxc__im_jaxc_c64(z)); }
JAXC__DEV double jaxc__m_abs_jaxc_c128(jaxc_c128 z) { return jaxc__cabs_d(jaxc__re_jaxc_c128(z), jaxc__im_jaxc_c128(z)); }

/* Vectorisable exp and log: where no special value is near, plain C the compiler vectorises (as
   >>float math), and NaN in the real part for the rest, which the full function hands to the
   Annex G code above (JAXC__SPLIT). */
JAXC__DEV bool jaxc__isnan_jaxc_c64(jaxc_c64 z) { return jaxc__isnan_float(jaxc__re_jaxc_c64(z)); }
JAXC__DEV bool jaxc__isnan_jaxc_c128(jaxc_c128 z) { return jaxc__isnan_double(jaxc__re_jaxc_c128(z)); }
/* cos y and sin y of a float from one reduction (jaxc__trig_reduce) */
typedef struct { double cos, sin; } jaxc__cis;
JAXC__DEV_VEC jaxc__cis jaxc__cis_float(float y) {
  jaxc__reduced t = jaxc__trig_reduce(y, 0);
  double s = jaxc__sin_series(t.r), c = jaxc__cos_series(t.r);
  jaxc__cis w;
  w.cos = jaxc__quadrant(t.q + 1u, s, c);
  w.sin = jaxc__quadrant(t.q, s, c);
  return w;
}
/* e^z of a complex64, in double: e^x (cos y + i sin y), e^x by jaxc__exp_core with x held to
   [-200, 700] (beyond, the float parts are 0 or inf either way), each part rounded once to float
   (within 2^-45 of the exact value before that). Non-finite parts and |y| >= 2^24 go to the full
   function. */
JAXC__DEV_VEC jaxc_c64 jaxc__near_exp_jaxc_c64(jaxc_c64 z) {
  float xf = jaxc__re_jaxc_c64(z), yf = jaxc__im_jaxc_c64(z);
  double x = xf, e = jaxc__exp_core(jaxc__sel_d(x > 700.0, 700.0, jaxc__sel_d(x < -200.0, -200.0, x)));
  jaxc__cis w = jaxc__cis_float(yf);
  bool far = jaxc__trig_far(yf) | !(fabsf(xf) < (float)INFINITY);
  return jaxc__mk_jaxc_c64((float)jaxc__sel_d(far, (double)NAN, e * w.cos), (float)(e * w.sin));
}
/* log z of a complex64, in double: log|z| = log1p(t)/2 with t = (m^2 - 1) + n^2 = |z|^2 - 1 for
   m, n the larger and smaller of |x|, |y| (squares exact in double, m^2 - 1 exact where |z| is
   near 1, so t is rounded once: no cancellation), or log(x^2 + y^2)/2 away from |z| = 1
   (jaxc__log1p_core chooses); arg z = atan2(y, x) (jaxc__m_arctan2_float). z = 0 and
   non-finite parts go to the full function. */
JAXC__DEV_VEC jaxc_c64 jaxc__near_log_jaxc_c64(jaxc_c64 z) {
  float xf = jaxc__re_jaxc_c64(z), yf = jaxc__im_jaxc_c64(z);
  double x = xf, y = yf, x2 = x * x, y2 = y * y, s = x2 + y2;
  bool x_big = x2 > y2, far = !(s > 0) | !(s < (double)INFINITY);
  double t = (jaxc__sel_d(x_big, x2, y2) - 1) + jaxc__sel_d(x_big, y2, x2);
  double l = 0.5 * jaxc__log1p_core(t, jaxc__sel_d(far, 1.0, s));
  return jaxc__mk_jaxc_c64((float)jaxc__sel_d(far, (double)NAN, l), jaxc__m_arctan2_float(yf, xf));
}
/* (a + a_tail)(b + b_tail) rounded once; the tails may be as large as 2^-14 of their parts */
JAXC__DEV_VEC double jaxc__mul_parts(double a, double a_tail, double b, double b_tail) {
  double p = a * b;
  return p + (jaxc__prod_err(a, b, p) + (a * b_tail + a_tail * (b + b_tail)));
}
/* e^z of a complex128, each part within 0.51 ulp: e^x = 2^k (t + tail) (jaxc__exp_split) and
   cos y, sin y as parts from one reduction (jaxc__trig_reduce_d, jaxc__sincos_parts), their
   products carried in two parts (prod_err) and rounded once, then scaled by 2^k. x outside
   [-707, 709] or not finite, y where its reduction defers, and parts that would be subnormal
   go to the full function. */
JAXC__DEV_VEC jaxc_c128 jaxc__cexp_near_code(jaxc_c128 z) {
  double x = jaxc__re_jaxc_c128(z), y = jaxc__im_jaxc_c128(z);
  bool near_x = (x >= -707.0) & (x <= 709.0);
  jaxc__exp_parts e = jaxc__exp_split(jaxc__sel_d(near_x, x, 0.0));
  jaxc__reduced_d t = jaxc__trig_reduce_d(y);
  jaxc__parts s = jaxc__sincos_parts(t.r, 0), c = jaxc__sincos_parts(t.r, ~(uint64_t)0);
  double re = jaxc__mul_parts(e.t, e.tail, jaxc__quadrant(t.q + 1u, s.hi, c.hi), jaxc__quadrant(t.q + 1u, s.tail, c.tail)) * e.scale;
  double im = jaxc__mul_parts(e.t, e.tail, jaxc__quadrant(t.q, s.hi, c.hi), jaxc__quadrant(t.q, s.tail, c.tail)) * e.scale;
  im = jaxc__sel_d(y == 0, y, im); /* e^x (+-0) */
  bool sub = (fabs(re) < 0x1p-1021) | ((fabs(im) < 0x1p-1021) & (im != 0));
  return jaxc__mk_jaxc_c128(jaxc__sel_d(!near_x | t.far | sub, (double)NAN, re), im);
}
#define jaxc__near_exp_jaxc_c128 JAXC__F64_NEAR(jaxc__cexp_near_code, jaxc__annex_exp_jaxc_c128)
/* log z of a complex128: log|z| = log(S)/2 for S = m^2 + n^2 (m, n the larger and smaller of |x|,
   |y|), the squares and their sum carried in two parts (prod_err, sum_err); near |z| = 1, where
   t = S - 1 in (-0.29, 0.41), log1p(t)/2 by the atanh series of t/(2 + t), with t summed from
   m^2 - 1 (exact there), n^2 and the squares' errors, so that nothing is lost to the cancellation
   (as jaxc__clog_abs_d); else log S's series with S's error added to the tail; one series and
   one division for both (as jaxc__log1p_parts). arg z by the float64 arctan2 near code. m
   outside (2^-510, 2^510) (squares out of range), z = 0, infinities, NaN and arguments the
   arctan2 near code defers go to the full function. */
JAXC__DEV_VEC jaxc_c128 jaxc__clog_near_code(jaxc_c128 z) {
  double x = jaxc__re_jaxc_c128(z), y = jaxc__im_jaxc_c128(z), ax = fabs(x), ay = fabs(y);
  double m = jaxc__sel_d(ax > ay, ax, ay), n = jaxc__sel_d(ax > ay, ay, ax);
  bool far = !(m < 0x1p510) | !(m > 0x1p-510);
  m = jaxc__sel_d(far, 1.0, m), n = jaxc__sel_d(far, 0.0, n);
  double p = m * m, pe = jaxc__prod_err(m, m, p), q = n * n, qe = jaxc__prod_err(n, n, q);
  double S = p + q, S_lo = (jaxc__sum_err(p, q, S) + pe) + qe;
  /* t = (m^2 - 1) + n^2 from its four exact terms by a cascade of 2Sums: near |z| = 1 the leading
     terms cancel down to the size of the squares' errors (|z|^2 - 1 can be as small as 2^-106) */
  double a = p - 1, t1 = a + q, t2 = t1 + pe, t = t2 + qe;
  double t_lo = ((jaxc__sum_err(p, -1.0, a) + jaxc__sum_err(a, q, t1)) + jaxc__sum_err(t1, pe, t2)) + jaxc__sum_err(t2, qe, t);
  bool small = (t > -0.29) & (t < 0.41);
  jaxc__log_reduced r = jaxc__log_reduce(jaxc__sel_d(small, 1.0, S)); /* (e = 0 where small) */
  double dt = 2 + t, dm = r.m + 1;
  jaxc__parts l = jaxc__log_combine(r.e, jaxc__sel_d(small, t, r.m - 1), jaxc__sel_d(small, dt, dm),
                                    jaxc__sel_d(small, jaxc__sum_err(2, t, dt), jaxc__sum_err(r.m, 1, dm)));
  l.tail += jaxc__sel_d(small, t_lo / (1 + t), S_lo / S);
  double re = jaxc__sel_d(fabs(t) < 0x1p-60, t + t_lo, l.hi + l.tail) * 0.5; /* (log1p t = t below 2^-60) */
  double im = jaxc__arctan2_near_code(y, x);
  return jaxc__mk_jaxc_c128(jaxc__sel_d(far | jaxc__isnan_double(im), (double)NAN, re), im);
}
#define jaxc__near_log_jaxc_c128 JAXC__F64_NEAR(jaxc__clog_near_code, jaxc__annex_log_jaxc_c128)
JAXC__FULL_FN(jaxc_c64, exp, jaxc__annex_exp_jaxc_c64)
JAXC__FULL_FN(jaxc_c128, exp, jaxc__annex_exp_jaxc_c128)
JAXC__FULL_FN(jaxc_c64, log, jaxc__annex_log_jaxc_c64)
JAXC__FULL_FN(jaxc_c128, log, jaxc__annex_log_jaxc_c128)
#undef JAXC__C

/* --- op bodies: JAXC__<OP>_<K>(E, M, a, b) on compute values; M names the compute type for
   the helpers named by type (jaxc__m_sqrt_float, jaxc__m_abs_jaxc_c64) ------------------------------------ */
#define JAXC__ADD_KB(E, M, a, b) ((a) || (b))
#define JAXC__ADD_KU(E, M, a, b) JAXC__WRAP(E, JAXC__U64(E, a) + JAXC__U64(E, b))
#define JAXC__ADD_KI JAXC__ADD_KU
#define JAXC__ADD_KF(E, M, a, b) ((a) + (b))
#define JAXC__ADD_KC(E, M, a, b) jaxc__m_add_##M(a, b)
#define JAXC__SUBTRACT_KU(E, M, a, b) JAXC__WRAP(E, JAXC__U64(E, a) - JAXC__U64(E, b))
#define JAXC__SUBTRACT_KI JAXC__SUBTRACT_KU
#define JAXC__SUBTRACT_KF(E, M, a, b) ((a) - (b))
#define JAXC__SUBTRACT_KC(E, M, a, b) jaxc__m_sub_##M(a, b)
#define JAXC__MULTIPLY_KB(E, M, a, b) ((a) && (b))
#define JAXC__MULTIPLY_KU(E, M, a, b) JAXC__WRAP(E, JAXC__U64(E, a) * JAXC__U64(E, b))
#define JAXC__MULTIPLY_KI JAXC__MULTIPLY_KU
#define JAXC__MULTIPLY_KF(E, M, a, b) ((a) * (b))
#define JAXC__MULTIPLY_KC(E, M, a, b) jaxc__m_mul_##M(a, b)
#define JAXC__TRUE_DIVIDE_KF(E, M, a, b) ((a) / (b))
#define JAXC__TRUE_DIVIDE_KC(E, M, a, b) jaxc__m_div_##M(a, b)
#define JAXC__FLOOR_DIVIDE_KU(E, M, a, b) JAXC__XDIV_KU(E, a, b)
/* JAX: q = div(a, b); q - 1 where sign(a) != sign(b) and rem(a, b) != 0 (XLA div/rem). */
#define JAXC__FLOOR_DIVIDE_KI(E, M, a, b)                                                         \
  ((JAXC__SIGN_I(a) != JAXC__SIGN_I(b) && JAXC__XREM_KI(E, a, b) != 0)                           \
       ? JAXC__WRAP(E, JAXC__U64(E, JAXC__XDIV_KI(E, a, b)) - 1u) : JAXC__XDIV_KI(E, a, b))
#define JAXC__FLOOR_DIVIDE_KF(E, M, a, b) JAXC__STEPPED_##E(jaxc__m_floordiv_##M, jaxc__m_floordiv)(a, b)
#define JAXC__FLOOR_DIVIDE_NEAR_KF(E, M, a, b) JAXC__STEPPED_##E(jaxc__near_floordiv_##M, jaxc__near_floordiv)(a, b)
#define JAXC__SPLIT_FLOOR_DIVIDE_KF ~, JAXC__FLOOR_DIVIDE_NEAR_KF, JAXC__REDO_NAN
/* JAX replaces a zero integer divisor by 1 before the remainder (so x % 0 == 0). */
#define JAXC__REMAINDER_KU(E, M, a, b) ((b) == 0 ? (jaxc__CT_##E)0 : (jaxc__CT_##E)((a) % (b)))
#define JAXC__REMAINDER_KI(E, M, a, b)                                                            \
  ((b) == 0 ? (jaxc__CT_##E)0                                                                   \
   : (JAXC__XREM_KI(E, a, b) != 0 && (JAXC__XREM_KI(E, a, b) < 0) != ((b) < 0))                 \
       ? (jaxc__CT_##E)(JAXC__XREM_KI(E, a, b) + (b)) : JAXC__XREM_KI(E, a, b))
#define JAXC__REMAINDER_KF(E, M, a, b) jaxc__m_remainder_##M(a, b)
#define JAXC__REMAINDER_NEAR_KF(E, M, a, b) jaxc__near_remainder_##M(a, b)
#define JAXC__SPLIT_REMAINDER_KF ~, JAXC__REMAINDER_NEAR_KF, JAXC__REDO_NAN
#define JAXC__POWER_KU(E, M, a, b) jaxc__ipow_##E(a, b)
#define JAXC__POWER_KI JAXC__POWER_KU
#define JAXC__POWER_KF(E, M, a, b) jaxc__m_pow_##M(a, b)
#define JAXC__POWER_NEAR_KF(E, M, a, b) jaxc__near_pow_##M(a, b)
#define JAXC__SPLIT_POWER_KF ~, JAXC__POWER_NEAR_KF, JAXC__REDO_NAN
#define JAXC__POWER_KC JAXC__POWER_KF
#define JAXC__MAXIMUM_KB(E, M, a, b) ((a) || (b))
#define JAXC__MAXIMUM_KU(E, M, a, b) ((a) > (b) ? (a) : (b))
#define JAXC__MAXIMUM_KI JAXC__MAXIMUM_KU
#define JAXC__MAXIMUM_KF(E, M, a, b) jaxc__m_max_##M(a, b)
#define JAXC__MAXIMUM_KC JAXC__MAXIMUM_KF
#define JAXC__MINIMUM_KB(E, M, a, b) ((a) && (b))
#define JAXC__MINIMUM_KU(E, M, a, b) ((a) < (b) ? (a) : (b))
#define JAXC__MINIMUM_KI JAXC__MINIMUM_KU
#define JAXC__MINIMUM_KF(E, M, a, b) jaxc__m_min_##M(a, b)
#define JAXC__MINIMUM_KC JAXC__MINIMUM_KF
#define JAXC__FMAX_KB JAXC__MAXIMUM_KB
#define JAXC__FMAX_KU JAXC__MAXIMUM_KU
#define JAXC__FMAX_KI JAXC__MAXIMUM_KU
#define JAXC__FMAX_KF(E, M, a, b) (((a) > (b) || (b) != (b)) ? (a) : (b))
#define JAXC__FMAX_KC(E, M, a, b) ((jaxc__m_lt_##M(b, a) || jaxc__m_isnan_##M(b)) ? (a) : (b))
#define JAXC__FMIN_KB JAXC__MINIMUM_KB
#define JAXC__FMIN_KU JAXC__MINIMUM_KU
#define JAXC__FMIN_KI JAXC__MINIMUM_KU
#define JAXC__FMIN_KF(E, M, a, b) (((a) < (b) || (b) != (b)) ? (a) : (b))
#define JAXC__FMIN_KC(E, M, a, b) ((jaxc__m_lt_##M(a, b) || jaxc__m_isnan_##M(b)) ? (a) : (b))
#define JAXC__EQUAL_KB(E, M, a, b) ((a) == (b))
#define JAXC__EQUAL_KU JAXC__EQUAL_KB
#define JAXC__EQUAL_KI JAXC__EQUAL_KB
#define JAXC__EQUAL_KF JAXC__EQUAL_KB
#define JAXC__EQUAL_KC(E, M, a, b) jaxc__m_eq_##M(a, b)
#define JAXC__NOT_EQUAL_KB(E, M, a, b) ((a) != (b))
#define JAXC__NOT_EQUAL_KU JAXC__NOT_EQUAL_KB
#define JAXC__NOT_EQUAL_KI JAXC__NOT_EQUAL_KB
#define JAXC__NOT_EQUAL_KF JAXC__NOT_EQUAL_KB
#define JAXC__NOT_EQUAL_KC(E, M, a, b) (!jaxc__m_eq_##M(a, b))
#define JAXC__LESS_KB(E, M, a, b) ((a) < (b))
#define JAXC__LESS_KU JAXC__LESS_KB
#define JAXC__LESS_KI JAXC__LESS_KB
#define JAXC__LESS_KF JAXC__LESS_KB
#define JAXC__LESS_KC(E, M, a, b) jaxc__m_lt_##M(a, b)
#define JAXC__LESS_EQUAL_KB(E, M, a, b) ((a) <= (b))
#define JAXC__LESS_EQUAL_KU JAXC__LESS_EQUAL_KB
#define JAXC__LESS_EQUAL_KI JAXC__LESS_EQUAL_KB
#define JAXC__LESS_EQUAL_KF JAXC__LESS_EQUAL_KB
#define JAXC__LESS_EQUAL_KC(E, M, a, b) jaxc__m_le_##M(a, b)
#define JAXC__GREATER_KB(E, M, a, b) ((a) > (b))
#define JAXC__GREATER_KU JAXC__GREATER_KB
#define JAXC__GREATER_KI JAXC__GREATER_KB
#define JAXC__GREATER_KF JAXC__GREATER_KB
#define JAXC__GREATER_KC(E, M, a, b) jaxc__m_lt_##M(b, a)
#define JAXC__GREATER_EQUAL_KB(E, M, a, b) ((a) >= (b))
#define JAXC__GREATER_EQUAL_KU JAXC__GREATER_EQUAL_KB
#define JAXC__GREATER_EQUAL_KI JAXC__GREATER_EQUAL_KB
#define JAXC__GREATER_EQUAL_KF JAXC__GREATER_EQUAL_KB
#define JAXC__GREATER_EQUAL_KC(E, M, a, b) jaxc__m_le_##M(b, a)
#define JAXC__LOGICAL_AND_KB(E, M, a, b) ((a) && (b))
#define JAXC__LOGICAL_OR_KB(E, M, a, b) ((a) || (b))
#define JAXC__LOGICAL_XOR_KB(E, M, a, b) ((a) != (b))
#define JAXC__BITWISE_AND_KB(E, M, a, b) ((a) && (b))
#define JAXC__BITWISE_AND_KU(E, M, a, b) ((jaxc__CT_##E)((a) & (b)))
#define JAXC__BITWISE_AND_KI JAXC__BITWISE_AND_KU
#define JAXC__BITWISE_OR_KB(E, M, a, b) ((a) || (b))
#define JAXC__BITWISE_OR_KU(E, M, a, b) ((jaxc__CT_##E)((a) | (b)))
#define JAXC__BITWISE_OR_KI JAXC__BITWISE_OR_KU
#define JAXC__BITWISE_XOR_KB(E, M, a, b) ((a) != (b))
#define JAXC__BITWISE_XOR_KU(E, M, a, b) ((jaxc__CT_##E)((a) ^ (b)))
#define JAXC__BITWISE_XOR_KI JAXC__BITWISE_XOR_KU
/* XLA shifts: an amount outside [0, bits) shifts everything out (arithmetic right shifts
   leave the sign). */
#define JAXC__LEFT_SHIFT_KU(E, M, a, b) \
  (JAXC__U64(E, b) >= JAXC__BITS(E) ? (jaxc__CT_##E)0 : JAXC__WRAP(E, JAXC__U64(E, a) << JAXC__U64(E, b)))
#define JAXC__LEFT_SHIFT_KI JAXC__LEFT_SHIFT_KU
#define JAXC__RIGHT_SHIFT_KU(E, M, a, b) (JAXC__U64(E, b) >= JAXC__BITS(E) ? (jaxc__CT_##E)0 : (jaxc__CT_##E)((a) >> (b)))
#define JAXC__RIGHT_SHIFT_KI(E, M, a, b)                                                          \
  (JAXC__U64(E, b) >= JAXC__BITS(E) ? (jaxc__CT_##E)((a) < 0 ? -1 : 0)                          \
   : (a) < 0 ? (jaxc__CT_##E)~(~(a) >> (b)) : (jaxc__CT_##E)((a) >> (b)))
#define JAXC__ARCTAN2_KF(E, M, a, b) jaxc__m_arctan2_##M(a, b)
#define JAXC__ARCTAN2_NEAR_KF(E, M, a, b) jaxc__near_arctan2_##M(a, b)
#define JAXC__SPLIT_ARCTAN2_KF ~, JAXC__ARCTAN2_NEAR_KF, JAXC__REDO_NAN
#define JAXC__HYPOT_KF(E, M, a, b) JAXC__STEPPED_##E(jaxc__m_hypot_##M, jaxc__m_hypot)(a, b)
#define JAXC__COPYSIGN_KF(E, M, a, b) ((jaxc__CT_##E)copysign((double)(a), (double)(b)))
#define JAXC__NEXTAFTER_KF(E, M, a, b) JAXC__NEXTAFTER_##E(a, b)
#define JAXC__LOGADDEXP_KF(E, M, a, b) JAXC__STEPPED_##E(jaxc__m_logaddexp_##M, jaxc__m_logaddexp)(a, b)
/* (16-bit floats: the stepped formula, whose NaN results the redo loop computes again alike) */
#define JAXC__LOGADDEXP_NEAR_KF(E, M, a, b) JAXC__STEPPED_##E(jaxc__near_logaddexp_##M, jaxc__m_logaddexp)(a, b)
#define JAXC__SPLIT_LOGADDEXP_KF ~, JAXC__LOGADDEXP_NEAR_KF, JAXC__REDO_NAN
/* jnp.fmod: a zero integer divisor becomes 1; floats follow C's fmod (sign of the dividend). */
#define JAXC__FMOD_KU(E, M, a, b) ((b) == 0 ? (jaxc__CT_##E)0 : (jaxc__CT_##E)((a) % (b)))
#define JAXC__FMOD_KI(E, M, a, b) ((b) == 0 ? (jaxc__CT_##E)0 : JAXC__XREM_KI(E, a, b))
#define JAXC__FMOD_KF(E, M, a, b) jaxc__m_fmod_##M(a, b)
#define JAXC__FMOD_NEAR_KF(E, M, a, b) jaxc__near_fmod_##M(a, b)
#define JAXC__SPLIT_FMOD_KF ~, JAXC__FMOD_NEAR_KF, JAXC__REDO_NAN
/* jnp.gcd: Euclid's algorithm on abs(x1), abs(x2) (a lax.while_loop over the whole array);
   jnp.lcm: where(d == 0, 0, abs(x1) * (abs(x2) // d)), wrapping. Here on the magnitudes as
   uint64, the result wrapped to the dtype: the values JAX's loop gives wherever it ends. It
   never ends for an element that pairs the most negative integer (whose abs is itself) with a
   nonzero value, nor for 0 then it; there the result is the magnitudes' gcd wrapped, NumPy's
   (gcd(int8 -128, 6) = 2, gcd(int8 -128, 0) = -128 as JAX gives it). */
JAXC__DEV int jaxc__ctz64(uint64_t x) { /* x != 0 */
#if defined(__CUDA_ARCH__)
  return __ffsll((long long)x) - 1;
#elif defined(__GNUC__) || defined(__clang__)
  return __builtin_ctzll(x);
#else
  int n = 0;
  while (!(x & 1)) x >>= 1, n++;
  return n;
#endif
}
/* Stein's binary gcd: shifts and subtractions, 3x faster than Euclid's divisions here */
JAXC__DEV uint64_t jaxc__gcd_u64(uint64_t a, uint64_t b) {
  if (!a || !b) return a | b;
  int k = jaxc__ctz64(a | b);
  a >>= jaxc__ctz64(a);
  do {
    b >>= jaxc__ctz64(b);
    uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
    a = lo, b = hi - lo;
  } while (b);
  return a << k;
}
JAXC__DEV uint64_t jaxc__lcm_u64(uint64_t a, uint64_t b) {
  uint64_t d = jaxc__gcd_u64(a, b);
  return d ? a * (b / d) : 0;
}
#define JAXC__MAG_KU(E, a) JAXC__U64(E, a)
#define JAXC__MAG_KI(E, a) ((a) < 0 ? 0u - (uint64_t)(a) : (uint64_t)(a))
#define JAXC__GCD_KU(E, M, a, b) JAXC__WRAP(E, jaxc__gcd_u64(JAXC__MAG_KU(E, a), JAXC__MAG_KU(E, b)))
#define JAXC__GCD_KI(E, M, a, b) JAXC__WRAP(E, jaxc__gcd_u64(JAXC__MAG_KI(E, a), JAXC__MAG_KI(E, b)))
#define JAXC__LCM_KU(E, M, a, b) JAXC__WRAP(E, jaxc__lcm_u64(JAXC__MAG_KU(E, a), JAXC__MAG_KU(E, b)))
#define JAXC__LCM_KI(E, M, a, b) JAXC__WRAP(E, jaxc__lcm_u64(JAXC__MAG_KI(E, a), JAXC__MAG_KI(E, b)))
/* unary */
#define JAXC__NEGATIVE_KU(E, M, a) JAXC__WRAP(E, 0u - JAXC__U64(E, a))
#define JAXC__NEGATIVE_KI JAXC__NEGATIVE_KU
#define JAXC__NEGATIVE_KF(E, M, a) (-(a))
#define JAXC__NEGATIVE_KC(E, M, a) jaxc__m_neg_##M(a)
#define JAXC__ABS_KB(E, M, a) (a)
#define JAXC__ABS_KU(E, M, a) (a)
#define JAXC__ABS_KI(E, M, a) ((a) < 0 ? JAXC__WRAP(E, 0u - JAXC__U64(E, a)) : (a))
#define JAXC__ABS_KF(E, M, a) ((jaxc__CT_##E)fabs((double)(a)))
#define JAXC__ABS_KC(E, M, a) jaxc__m_abs_##M(a)
#define JAXC__SIGN_KU(E, M, a) ((jaxc__CT_##E)((a) > 0))
#define JAXC__SIGN_KI(E, M, a) ((jaxc__CT_##E)JAXC__SIGN_I(a))
#define JAXC__SIGN_KF(E, M, a) jaxc__m_sign_##M(a)
#define JAXC__SIGN_KC JAXC__SIGN_KF
#define JAXC__SQRT_KF(E, M, a) jaxc__m_sqrt_##M(a)
#define JAXC__SQRT_KC JAXC__SQRT_KF
#define JAXC__EXP_KF(E, M, a) jaxc__m_exp_##M(a)
#define JAXC__EXP_KC JAXC__EXP_KF
#define JAXC__EXP_NEAR_KF(E, M, a) jaxc__near_exp_##M(a)
#define JAXC__SPLIT_EXP_KF ~, JAXC__EXP_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SPLIT_EXP_KC JAXC__SPLIT_EXP_KF
#define JAXC__LOG_KF(E, M, a) jaxc__m_log_##M(a)
#define JAXC__LOG_KC JAXC__LOG_KF
#define JAXC__LOG_NEAR_KF(E, M, a) jaxc__near_log_##M(a)
#define JAXC__SPLIT_LOG_KF ~, JAXC__LOG_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SPLIT_LOG_KC JAXC__SPLIT_LOG_KF
#define JAXC__LOG1P_KF(E, M, a) jaxc__m_log1p_##M(a)
#define JAXC__LOG1P_KC JAXC__LOG1P_KF
#define JAXC__LOG1P_NEAR_KF(E, M, a) jaxc__near_log1p_##M(a)
#define JAXC__SPLIT_LOG1P_KF ~, JAXC__LOG1P_NEAR_KF, JAXC__REDO_NAN
#define JAXC__EXPM1_KF(E, M, a) jaxc__m_expm1_##M(a)
#define JAXC__EXPM1_KC JAXC__EXPM1_KF
#define JAXC__EXPM1_NEAR_KF(E, M, a) jaxc__near_expm1_##M(a)
#define JAXC__SPLIT_EXPM1_KF ~, JAXC__EXPM1_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SIN_KF(E, M, a) jaxc__m_sin_##M(a)
#define JAXC__SIN_KC JAXC__SIN_KF
#define JAXC__COS_KF(E, M, a) jaxc__m_cos_##M(a)
#define JAXC__COS_KC JAXC__COS_KF
#define JAXC__TAN_KF(E, M, a) jaxc__m_tan_##M(a)
#define JAXC__TAN_KC JAXC__TAN_KF
#define JAXC__SIN_NEAR_KF(E, M, a) jaxc__near_sin_##M(a)
#define JAXC__COS_NEAR_KF(E, M, a) jaxc__near_cos_##M(a)
#define JAXC__TAN_NEAR_KF(E, M, a) jaxc__near_tan_##M(a)
#define JAXC__SPLIT_SIN_KF ~, JAXC__SIN_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SPLIT_COS_KF ~, JAXC__COS_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SPLIT_TAN_KF ~, JAXC__TAN_NEAR_KF, JAXC__REDO_NAN
#define JAXC__TANH_KF(E, M, a) jaxc__m_tanh_##M(a)
#define JAXC__TANH_KC JAXC__TANH_KF
#define JAXC__TANH_NEAR_KF(E, M, a) jaxc__near_tanh_##M(a)
#define JAXC__SPLIT_TANH_KF ~, JAXC__TANH_NEAR_KF, JAXC__REDO_NAN
#define JAXC__FLOOR_KB(E, M, a) (a)
#define JAXC__FLOOR_KU(E, M, a) (a)
#define JAXC__FLOOR_KI(E, M, a) (a)
#define JAXC__FLOOR_KF(E, M, a) jaxc__m_floor_##M(a)
#define JAXC__CEIL_KB(E, M, a) (a)
#define JAXC__CEIL_KU(E, M, a) (a)
#define JAXC__CEIL_KI(E, M, a) (a)
#define JAXC__CEIL_KF(E, M, a) jaxc__m_ceil_##M(a)
#define JAXC__ROUND_KB(E, M, a) (a)
#define JAXC__ROUND_KU(E, M, a) (a)
#define JAXC__ROUND_KI(E, M, a) (a)
#define JAXC__ROUND_KF(E, M, a) jaxc__m_rne_##M(a)
#define JAXC__ROUND_KC JAXC__ROUND_KF
#define JAXC__RINT_KF JAXC__ROUND_KF
#define JAXC__RINT_KC JAXC__ROUND_KF
#define JAXC__SQUARE_KU(E, M, a) JAXC__MULTIPLY_KU(E, M, a, a)
#define JAXC__SQUARE_KI JAXC__SQUARE_KU
#define JAXC__SQUARE_KF(E, M, a) ((a) * (a))
#define JAXC__SQUARE_KC(E, M, a) jaxc__m_mul_##M(a, a)
#define JAXC__RECIPROCAL_KF(E, M, a) ((jaxc__CT_##E)1 / (a))
#define JAXC__RECIPROCAL_KC(E, M, a) jaxc__m_div_##M(jaxc__mk_##M(1, 0), a)
#define JAXC__ISNAN_KB(E, M, a) false
#define JAXC__ISNAN_KU JAXC__ISNAN_KB
#define JAXC__ISNAN_KI JAXC__ISNAN_KB
#define JAXC__ISNAN_KF(E, M, a) ((a) != (a))
#define JAXC__ISNAN_KC(E, M, a) jaxc__m_isnan_##M(a)
#define JAXC__ISINF_KB(E, M, a) false
#define JAXC__ISINF_KU JAXC__ISINF_KB
#define JAXC__ISINF_KI JAXC__ISINF_KB
#define JAXC__ISINF_KF(E, M, a) (isinf(a) != 0)
#define JAXC__ISINF_KC(E, M, a) (isinf(jaxc__re_##M(a)) || isinf(jaxc__im_##M(a)))
#define JAXC__ISFINITE_KB(E, M, a) true
#define JAXC__ISFINITE_KU JAXC__ISFINITE_KB
#define JAXC__ISFINITE_KI JAXC__ISFINITE_KB
#define JAXC__ISFINITE_KF(E, M, a) (isfinite(a) != 0)
#define JAXC__ISFINITE_KC(E, M, a) (isfinite(jaxc__re_##M(a)) && isfinite(jaxc__im_##M(a)))
#define JAXC__LOGICAL_NOT_KB(E, M, a) (!(a))
#define JAXC__INVERT_KB(E, M, a) (!(a))
#define JAXC__INVERT_KU(E, M, a) JAXC__WRAP(E, ~JAXC__U64(E, a))
#define JAXC__INVERT_KI JAXC__INVERT_KU
#define JAXC__REAL_KB(E, M, a) (a)
#define JAXC__REAL_KU(E, M, a) (a)
#define JAXC__REAL_KI(E, M, a) (a)
#define JAXC__REAL_KF(E, M, a) (a)
#define JAXC__REAL_KC(E, M, a) jaxc__re_##M(a)
#define JAXC__IMAG_KB(E, M, a) false
#define JAXC__IMAG_KU(E, M, a) ((jaxc__CT_##E)0)
#define JAXC__IMAG_KI JAXC__IMAG_KU
#define JAXC__IMAG_KF JAXC__IMAG_KU
#define JAXC__IMAG_KC(E, M, a) jaxc__im_##M(a)
#define JAXC__CONJ_KB(E, M, a) (a)
#define JAXC__CONJ_KU(E, M, a) (a)
#define JAXC__CONJ_KI(E, M, a) (a)
#define JAXC__CONJ_KF(E, M, a) (a)
#define JAXC__CONJ_KC(E, M, a) jaxc__m_conj_##M(a)
#define JAXC__ARCSIN_KF(E, M, a) jaxc__m_arcsin_##M(a)
#define JAXC__ARCSIN_KC JAXC__ARCSIN_KF
#define JAXC__ARCCOS_KF(E, M, a) jaxc__m_arccos_##M(a)
#define JAXC__ARCCOS_KC JAXC__ARCCOS_KF
#define JAXC__ARCTAN_KF(E, M, a) jaxc__m_arctan_##M(a)
#define JAXC__ARCTAN_KC JAXC__ARCTAN_KF
#define JAXC__ARCTAN_NEAR_KF(E, M, a) jaxc__near_arctan_##M(a)
#define JAXC__SPLIT_ARCTAN_KF ~, JAXC__ARCTAN_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SINH_KF(E, M, a) jaxc__m_sinh_##M(a)
#define JAXC__SINH_NEAR_KF(E, M, a) jaxc__near_sinh_##M(a)
#define JAXC__SPLIT_SINH_KF ~, JAXC__SINH_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SINH_KC JAXC__SINH_KF
#define JAXC__COSH_KF(E, M, a) jaxc__m_cosh_##M(a)
#define JAXC__COSH_NEAR_KF(E, M, a) jaxc__near_cosh_##M(a)
#define JAXC__SPLIT_COSH_KF ~, JAXC__COSH_NEAR_KF, JAXC__REDO_NAN
#define JAXC__COSH_KC JAXC__COSH_KF
#define JAXC__ARCSINH_KF(E, M, a) jaxc__m_arcsinh_##M(a)
#define JAXC__ARCSINH_KC JAXC__ARCSINH_KF
#define JAXC__ARCCOSH_KF(E, M, a) jaxc__m_arccosh_##M(a)
#define JAXC__ARCCOSH_KC JAXC__ARCCOSH_KF
#define JAXC__ARCTANH_KF(E, M, a) jaxc__m_arctanh_##M(a)
#define JAXC__ARCTANH_KC JAXC__ARCTANH_KF
#define JAXC__CBRT_KF(E, M, a) jaxc__m_cbrt_##M(a)
/* jnp.trunc: integers and bool as they are; floats where(x < 0, ceil(x), floor(x)), which is C's
   trunc, -0 and NaN included */
#define JAXC__TRUNC_KB(E, M, a) (a)
#define JAXC__TRUNC_KU(E, M, a) (a)
#define JAXC__TRUNC_KI(E, M, a) (a)
#define JAXC__TRUNC_KF(E, M, a) jaxc__m_trunc_##M(a)
/* jnp.signbit: False for bool (and so for unsigned ints), x < 0 for ints, the sign bit of a float
   (of -0 and of a NaN too: lax.shift_right_logical of the bits, read here from the bits: gcc 12's
   signbit of a float widened from bfloat16 stops with an internal error under AVX-512) */
#define JAXC__SIGNBIT_KB(E, M, a) false
#define JAXC__SIGNBIT_KU JAXC__SIGNBIT_KB
#define JAXC__SIGNBIT_KI(E, M, a) ((a) < 0)
#define JAXC__SIGNBIT_KF(E, M, a) jaxc__m_signbit_##M(a)
JAXC__DEV bool jaxc__m_signbit_float(float a) { return (jaxc__fp32_to_bits(a) >> 31) != 0; }
JAXC__DEV bool jaxc__m_signbit_double(double a) { return (jaxc__fp64_to_bits(a) >> 63) != 0; }
/* jnp's compositions of lax ops (jax/_src/numpy/ufuncs.py), each op rounded to the dtype as
   XLA rounds it (JAXC__RND_<E>: bfloat16 and float16 through float32, see JAXC__HALF_STEPS):
     log2, log10  log(x) / log(base)                  (complex: each part of log(z) divided)
     exp2         exp(log(2) * x)                     (lax.exp2's lowering; complex: (ln 2 + 0j) z)
     deg2rad      x * (pi / 180), rad2deg x * (180 / pi)
     logaddexp2   logaddexp(x1 * ln 2, x2 * ln 2) / ln 2
     heaviside    0 below 0, 1 above, x1 where it is NaN, x2 at 0
     sinc         where(x == 0, 1, sin(pi x) / (pi x))
     float_power  lax.pow of the operands promoted to inexact
   Not log2 of the C library: log2(8.0f) is log(8)/log(2) rounded twice (3 here, as JAX's
   documentation shows; other powers of two can miss by an ulp). The constants are the
   dtype's roundings of the double (np.array(c, dtype)); log(2) and log(10) of the dtype's
   2 and 10 are the same values (tests/test_formulas.c checks both). */
#define JAXC__RND_F32(x) (x)
#define JAXC__RND_F64(x) (x)
#define JAXC__RND_BF16(x) jaxc__step_BF16(x)
#define JAXC__RND_F16(x) jaxc__step_F16(x)
#define JAXC__LN2_F64 0x1.62e42fefa39efp-1
#define JAXC__LN2_F32 0x1.62e43p-1f
#define JAXC__LN2_BF16 0x1.62p-1f
#define JAXC__LN2_F16 0x1.63p-1f
#define JAXC__LN10_F64 0x1.26bb1bbb55516p+1
#define JAXC__LN10_F32 0x1.26bb1cp+1f
#define JAXC__LN10_BF16 0x1.26p+1f
#define JAXC__LN10_F16 0x1.26cp+1f
#define JAXC__DEG_F64 0x1.1df46a2529d39p-6
#define JAXC__DEG_F32 0x1.1df46ap-6f
#define JAXC__DEG_BF16 0x1.1ep-6f
#define JAXC__DEG_F16 0x1.1ep-6f
#define JAXC__RAD_F64 0x1.ca5dc1a63c1f8p+5
#define JAXC__RAD_F32 0x1.ca5dc2p+5f
#define JAXC__RAD_BF16 0x1.cap+5f
#define JAXC__RAD_F16 0x1.ca4p+5f
#define JAXC__LN2_C64 JAXC__LN2_F32
#define JAXC__LN2_C128 JAXC__LN2_F64
#define JAXC__LN10_C64 JAXC__LN10_F32
#define JAXC__LN10_C128 JAXC__LN10_F64
#define JAXC__DEG_C64 JAXC__DEG_F32
#define JAXC__DEG_C128 JAXC__DEG_F64
#define JAXC__RAD_C64 JAXC__RAD_F32
#define JAXC__RAD_C128 JAXC__RAD_F64
#define JAXC__PI_F64 0x1.921fb54442d18p+1
#define JAXC__PI_F32 0x1.921fb6p+1f
#define JAXC__PI_BF16 0x1.92p+1f
#define JAXC__PI_F16 0x1.92p+1f
#define JAXC__PI_C64 JAXC__PI_F32
#define JAXC__PI_C128 JAXC__PI_F64
JAXC__DEV jaxc_c64 jaxc__cdivr_jaxc_c64(jaxc_c64 z, float r) {
  return jaxc__mk_jaxc_c64(jaxc__re_jaxc_c64(z) / r, jaxc__im_jaxc_c64(z) / r);
}
JAXC__DEV jaxc_c128 jaxc__cdivr_jaxc_c128(jaxc_c128 z, double r) {
  return jaxc__mk_jaxc_c128(jaxc__re_jaxc_c128(z) / r, jaxc__im_jaxc_c128(z) / r);
}
#define JAXC__LOGB_KF(E, LOG, a, B) (JAXC__RND_##E(LOG(a)) / JAXC__##B##_##E)
#define JAXC__LOG2_KF(E, M, a) JAXC__LOGB_KF(E, jaxc__m_log_##M, a, LN2)
#define JAXC__LOG2_NEAR_KF(E, M, a) JAXC__LOGB_KF(E, jaxc__near_log_##M, a, LN2)
#define JAXC__LOG2_KC(E, M, z) jaxc__cdivr_##M(jaxc__m_log_##M(z), JAXC__LN2_##E)
#define JAXC__LOG2_NEAR_KC(E, M, z) jaxc__cdivr_##M(jaxc__near_log_##M(z), JAXC__LN2_##E)
#define JAXC__SPLIT_LOG2_KF ~, JAXC__LOG2_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SPLIT_LOG2_KC ~, JAXC__LOG2_NEAR_KC, JAXC__REDO_NAN
#define JAXC__LOG10_KF(E, M, a) JAXC__LOGB_KF(E, jaxc__m_log_##M, a, LN10)
#define JAXC__LOG10_NEAR_KF(E, M, a) JAXC__LOGB_KF(E, jaxc__near_log_##M, a, LN10)
#define JAXC__LOG10_KC(E, M, z) jaxc__cdivr_##M(jaxc__m_log_##M(z), JAXC__LN10_##E)
#define JAXC__LOG10_NEAR_KC(E, M, z) jaxc__cdivr_##M(jaxc__near_log_##M(z), JAXC__LN10_##E)
#define JAXC__SPLIT_LOG10_KF ~, JAXC__LOG10_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SPLIT_LOG10_KC ~, JAXC__LOG10_NEAR_KC, JAXC__REDO_NAN
#define JAXC__EXP2_KF(E, M, a) jaxc__m_exp_##M(JAXC__RND_##E(JAXC__LN2_##E * (a)))
#define JAXC__EXP2_NEAR_KF(E, M, a) jaxc__near_exp_##M(JAXC__RND_##E(JAXC__LN2_##E * (a)))
#define JAXC__EXP2_KC(E, M, z) jaxc__m_exp_##M(jaxc__m_mul_##M(jaxc__mk_##M(JAXC__LN2_##E, 0), z))
#define JAXC__EXP2_NEAR_KC(E, M, z) jaxc__near_exp_##M(jaxc__m_mul_##M(jaxc__mk_##M(JAXC__LN2_##E, 0), z))
#define JAXC__SPLIT_EXP2_KF ~, JAXC__EXP2_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SPLIT_EXP2_KC ~, JAXC__EXP2_NEAR_KC, JAXC__REDO_NAN
#define JAXC__DEG2RAD_KF(E, M, a) ((a) * JAXC__DEG_##E)
#define JAXC__DEG2RAD_KC(E, M, z) jaxc__m_mul_##M(z, jaxc__mk_##M(JAXC__DEG_##E, 0))
#define JAXC__RAD2DEG_KF(E, M, a) ((a) * JAXC__RAD_##E)
#define JAXC__RAD2DEG_KC(E, M, z) jaxc__m_mul_##M(z, jaxc__mk_##M(JAXC__RAD_##E, 0))
#define JAXC__LOGADDEXP2_WITH(LAE, E, M, a, b) \
  (LAE(E, M, JAXC__RND_##E((a) * JAXC__LN2_##E), JAXC__RND_##E((b) * JAXC__LN2_##E)) / JAXC__LN2_##E)
#define JAXC__LOGADDEXP2_KF(E, M, a, b) JAXC__LOGADDEXP2_WITH(JAXC__LOGADDEXP_KF, E, M, a, b)
#define JAXC__LOGADDEXP2_NEAR_KF(E, M, a, b) JAXC__LOGADDEXP2_WITH(JAXC__LOGADDEXP_NEAR_KF, E, M, a, b)
#define JAXC__SPLIT_LOGADDEXP2_KF ~, JAXC__LOGADDEXP2_NEAR_KF, JAXC__REDO_NAN
#define JAXC__HEAVISIDE_KF(E, M, a, b) jaxc__m_heaviside_##M(a, b)
/* sinc: p = pi x (in the dtype); where(x == 0, p * 0 + 1, sin(p) / p): 1 for every zero (jnp's
   _sinc_maclaurin(0, p) is p * 0 + 1) */
JAXC__DEV float jaxc__sinc_float(float p, float s, bool zero) { return jaxc__sel_f(zero, 1.0f, s / p); }
JAXC__DEV double jaxc__sinc_double(double p, double s, bool zero) { return jaxc__sel_d(zero, 1.0, s / p); }
#define JAXC__SINC_WITH(SIN, E, M, a) \
  jaxc__sinc_##M(JAXC__RND_##E(JAXC__PI_##E * (a)), JAXC__RND_##E(SIN(JAXC__RND_##E(JAXC__PI_##E * (a)))), (a) == 0)
#define JAXC__SINC_KF(E, M, a) JAXC__SINC_WITH(jaxc__m_sin_##M, E, M, a)
#define JAXC__SINC_NEAR_KF(E, M, a) JAXC__SINC_WITH(jaxc__near_sin_##M, E, M, a)
#define JAXC__SPLIT_SINC_KF ~, JAXC__SINC_NEAR_KF, JAXC__REDO_NAN
#define JAXC__SINC_KC(E, M, z) jaxc__csinc_##M(jaxc__m_mul_##M(jaxc__mk_##M(JAXC__PI_##E, 0), z), jaxc__m_eq_##M(z, jaxc__mk_##M(0, 0)))
#define JAXC__CSINC(T)                                                                                \
  JAXC__DEV T jaxc__csinc_##T(T p, bool zero) {                                                       \
    T safe = zero ? jaxc__mk_##T(1, 0) : p;                                                            \
    return zero ? jaxc__m_add_##T(jaxc__m_mul_##T(p, jaxc__mk_##T(0, 0)), jaxc__mk_##T(1, 0))           \
                : jaxc__m_div_##T(jaxc__m_sin_##T(safe), safe);                                        \
  }
JAXC__CSINC(jaxc_c64)
JAXC__CSINC(jaxc_c128)
/* jnp.i0: exp(|x|) * bessel_i0e(|x|), each factor rounded to the dtype (lax.mul of two lax ops).
   bessel_i0e as JAX lowers it (jax/_src/lax/special.py, after Cephes' i0e): a Chebyshev series
   in 0.5 x - 2 up to 8 and one in 32 / x - 2 (over sqrt(x)) beyond, both computed and one
   selected; 18 + 7 terms in float32 (the last ones of float64's 30 + 25), each coefficient the
   float32 rounding of the double; bfloat16 and float16 through float32. Every multiply and add
   rounds as its own op (no FMA, so every compiler gives the same bits). So i0(0) is 1.0000001
   in float32, as JAX's documentation shows, and i0(inf) is NaN (inf * 0), as JAX's is. */
#define JAXC__I0E_A32(X)                                                                                 \
  X(-1.30002500998624804212E-8) X(6.04699502254191894932E-8) X(-2.67079385394061173391E-7)             \
  X(1.11738753912010371815E-6) X(-4.41673835845875056359E-6) X(1.64484480707288970893E-5)              \
  X(-5.75419501008210370398E-5) X(1.88502885095841655729E-4) X(-5.76375574538582365885E-4)             \
  X(1.63947561694133579842E-3) X(-4.32430999505057594430E-3) X(1.05464603945949983183E-2)              \
  X(-2.37374148058994688156E-2) X(4.93052842396707084878E-2) X(-9.49010970480476444210E-2)             \
  X(1.71620901522208775349E-1) X(-3.04682672343198398683E-1) X(6.76795274409476084995E-1)
#define JAXC__I0E_A64(X)                                                                                 \
  X(-4.41534164647933937950E-18) X(3.33079451882223809783E-17) X(-2.43127984654795469359E-16)          \
  X(1.71539128555513303061E-15) X(-1.16853328779934516808E-14) X(7.67618549860493561688E-14)           \
  X(-4.85644678311192946090E-13) X(2.95505266312963983461E-12) X(-1.72682629144155570723E-11)          \
  X(9.67580903537323691224E-11) X(-5.18979560163526290666E-10) X(2.65982372468238665035E-9)            \
  JAXC__I0E_A32(X)
#define JAXC__I0E_B32(X)                                                                                 \
  X(3.39623202570838634515E-9) X(2.26666899049817806459E-8) X(2.04891858946906374183E-7)               \
  X(2.89137052083475648297E-6) X(6.88975834691682398426E-5) X(3.36911647825569408990E-3)               \
  X(8.04490411014108831608E-1)
#define JAXC__I0E_B64(X)                                                                                 \
  X(-7.23318048787475395456E-18) X(-4.83050448594418207126E-18) X(4.46562142029675999901E-17)          \
  X(3.46122286769746109310E-17) X(-2.82762398051658348494E-16) X(-3.42548561967721913462E-16)          \
  X(1.77256013305652638360E-15) X(3.81168066935262242075E-15) X(-9.55484669882830764870E-15)           \
  X(-4.15056934728722208663E-14) X(1.54008621752140982691E-14) X(3.85277838274214270114E-13)           \
  X(7.18012445138366623367E-13) X(-1.79417853150680611778E-12) X(-1.32158118404477131188E-11)          \
  X(-3.14991652796324136454E-11) X(1.18891471078464383424E-11) X(4.94060238822496958910E-10)           \
  JAXC__I0E_B32(X)
/* Clenshaw's recurrence b0 = t b1 - b2 + c over the coefficients; 0.5 (b0 - b2) at the end */
#define JAXC__CHEB_float(c) b2 = b1; b1 = b0; p = t * b1; p = p - b2; b0 = p + (float)(c);
#define JAXC__CHEB_double(c) b2 = b1; b1 = b0; p = t * b1; p = p - b2; b0 = p + (c);
/* float32's square root from double's Newton steps: equal to sqrtf for every float >= 0 (all
   2^31 checked), and with no errno branch the loop vectorises. */
JAXC__DEV float jaxc__i0e_sqrt_float(float x) { return (float)jaxc__sqrt_nr(x); }
/* float64's, where the loop is to vectorise: jaxc__sqrt_nr, one Newton step on the exact residual
   x - y^2 (Dekker's product), then the test that y is sqrt x rounded to nearest: |x - y^2| <
   y ulp(y) - ulp(y)^2/4, that is |sqrt x - y| < ulp/2. r is x - y^2 to within 2^-53 of itself,
   so |r| < (1 - 2^-20) y ulp(y) proves it. NaN where it cannot vouch (sqrt x within ulp/2^21 of
   a midpoint, or x outside [2^-960, 2^1000)), for the caller's full function to redo with the
   C library's sqrt. */
JAXC__DEV double jaxc__sqrt_near_code(double x) {
  double y = jaxc__sqrt_nr(x), p = y * y;
  y = y + ((x - p) - jaxc__prod_err(y, y, p)) / (y + y);
#if defined(FP_FAST_FMA) || defined(__CUDA_ARCH__)
  double r = fma(-y, y, x); /* (one rounding of x - y^2 whatever the compiler contracts) */
#else
  p = y * y;
  double r = (x - p) - jaxc__prod_err(y, y, p); /* (x - p exact: Sterbenz) */
#endif
  double ulp = jaxc__fp64_from_bits(jaxc__fp64_to_bits(y) & 0x7ff0000000000000u) * 0x1p-52;
  bool ok = (fabs(r) < 0x1.ffffep-1 * (y * ulp)) & (x >= 0x1p-960) & (x < 0x1p1000); /* (no &&: a branch) */
  return jaxc__sel_d(ok, y, (double)NAN);
}
#define jaxc__i0e_sqrt_double jaxc__m_sqrt_double
#define jaxc__near_sqrt_double JAXC__F64_NEAR(jaxc__sqrt_near_code, jaxc__m_sqrt_double)
/* jaxc__i0e_<T> (the C library's sqrt for float64) and jaxc__i0e_near_<T> (the near one; NaN for
   x > 8 where it cannot vouch): the same bits wherever the near one is not NaN */
#define JAXC__I0E_FN(NAME, T, SQRT, A, B, SEL)                                                           \
  JAXC__DEV_VEC T NAME(T x) {                                                                            \
    T t = (T)0.5 * x, b0 = 0, b1 = 0, b2 = 0, p, lo, hi;                                                 \
    t = t - 2;                                                                                           \
    A(JAXC__CHEB_##T) lo = b0 - b2;                                                                      \
    lo = (T)0.5 * lo;                                                                                    \
    t = 32 / x, b0 = 0, b1 = 0, b2 = 0;                                                                  \
    t = t - 2;                                                                                           \
    B(JAXC__CHEB_##T) hi = b0 - b2;                                                                      \
    hi = (T)0.5 * hi;                                                                                    \
    hi = hi / SQRT(x);                                                                                   \
    return SEL(x <= 8, lo, hi);                                                                          \
  }
JAXC__I0E_FN(jaxc__i0e_float, float, jaxc__i0e_sqrt_float, JAXC__I0E_A32, JAXC__I0E_B32, jaxc__sel_f)
JAXC__I0E_FN(jaxc__i0e_double, double, jaxc__i0e_sqrt_double, JAXC__I0E_A64, JAXC__I0E_B64, jaxc__sel_d)
JAXC__I0E_FN(jaxc__i0e_near_double, double, jaxc__near_sqrt_double, JAXC__I0E_A64, JAXC__I0E_B64, jaxc__sel_d)
#define jaxc__i0e_near_float jaxc__i0e_float
#define JAXC__I0_WITH(EXP, I0E, E, M, a) \
  (JAXC__RND_##E(EXP((M)fabs((double)(a)))) * JAXC__RND_##E(I0E##_##M((M)fabs((double)(a)))))
#define JAXC__I0_KF(E, M, a) JAXC__I0_WITH(jaxc__m_exp_##M, jaxc__i0e, E, M, a)
#define JAXC__I0_NEAR_KF(E, M, a) JAXC__I0_WITH(jaxc__near_exp_##M, jaxc__i0e_near, E, M, a)
#define JAXC__SPLIT_I0_KF ~, JAXC__I0_NEAR_KF, JAXC__REDO_NAN
/* lax.erf and lax.erfc as XLA computes them on CPU (the 16-bit floats in float32, rounded once).
   erf float32 is XLA's EmitErfF32: x P(x^2) / Q(x^2) in fused multiply-adds, +-1 from |x| =
   3.8325; float64 the C library's erf, which XLA CPU calls. erfc is StableHLO's decomposition of
   chlo.erfc (Cephes's): 1 - x T(x^2) where |x| < 1; else e^(-x^2) / |x| P(1/x^2) (float32; R
   from |x| = 2) or e^(-x^2) P(|x|) / Q(|x|) (float64; R/S from 8), 0 where -x^2 < -maxlog, and
   2 - that for x < 0. erfc's multiplies and adds are rounded one by one (XLA:CPU lets LLVM
   contract them into FMAs, so JAX's last bits can differ) and e^z is jaxc's exp where XLA has
   its own. Selects, no branches, so that loops of them vectorise. Polynomials are written
   highest degree first: p = c0, then p = p t + c for each next c (two roundings a step). */
#define JAXC__HORNER_STEP(p, t, c) p = p * (t); p = p + (c);
#define JAXC__FMA_STEP(p, t, c) p = fmaf(t, p, c);
#define JAXC__ERF32_P(S, p, t) p = fmaf(t, 0.00022905065861350646f, 0.0034082910107109506f); \
  S(p, t, 0.050955695062380861f) S(p, t, 0.18520832239976145f) S(p, t, 1.128379143519084f)
#define JAXC__ERF32_Q(S, p, t) p = fmaf(t, -1.1791602954361697e-7f, 0.000023547966471313185f);             \
  S(p, t, 0.0010179625278914885f) S(p, t, 0.014070470171167667f) S(p, t, 0.11098505178285362f)          \
  S(p, t, 0.49746925110067538f) S(p, t, 1.0f)
#define JAXC__ERFC32_P(S, p, t) p = +2.326819970068386E-2f;                                                \
  S(p, t, -1.387039388740657E-1f) S(p, t, +3.687424674597105E-1f) S(p, t, -5.824733027278666E-1f)        \
  S(p, t, +6.210004621745983E-1f) S(p, t, -4.944515323274145E-1f) S(p, t, +3.404879937665872E-1f)        \
  S(p, t, -2.741127028184656E-1f) S(p, t, +5.638259427386472E-1f)
#define JAXC__ERFC32_R(S, p, t) p = -1.047766399936249E+1f;                                                \
  S(p, t, +1.297719955372516E+1f) S(p, t, -7.495518717768503E+0f) S(p, t, +2.921019019210786E+0f)        \
  S(p, t, -1.015265279202700E+0f) S(p, t, +4.218463358204948E-1f) S(p, t, -2.820767439740514E-1f)        \
  S(p, t, +5.641895067754075E-1f)
#define JAXC__ERFC32_T(S, p, t) p = +7.853861353153693E-5f;                                                \
  S(p, t, -8.010193625184903E-4f) S(p, t, +5.188327685732524E-3f) S(p, t, -2.685381193529856E-2f)        \
  S(p, t, +1.128358514861418E-1f) S(p, t, -3.761262582423300E-1f) S(p, t, +1.128379165726710E+0f)
#define JAXC__ERFC64_P(S, p, t) p = 2.46196981473530512524E-10;                                            \
  S(p, t, 5.64189564831068821977E-1) S(p, t, 7.46321056442269912687E0) S(p, t, 4.86371970985681366614E1) \
  S(p, t, 1.96520832956077098242E2) S(p, t, 5.26445194995477358631E2) S(p, t, 9.34528527171957607540E2)  \
  S(p, t, 1.02755188689515710272E3) S(p, t, 5.57535335369399327526E2)
#define JAXC__ERFC64_Q(S, p, t) p = 1.0;                                                                   \
  S(p, t, 1.32281951154744992508E1) S(p, t, 8.67072140885989742329E1) S(p, t, 3.54937778887819891062E2)  \
  S(p, t, 9.75708501743205489753E2) S(p, t, 1.82390916687909736289E3) S(p, t, 2.24633760818710981792E3)  \
  S(p, t, 1.65666309194161350182E3) S(p, t, 5.57535340817727675546E2)
#define JAXC__ERFC64_R(S, p, t) p = 5.64189583547755073984E-1;                                             \
  S(p, t, 1.27536670759978104416E0) S(p, t, 5.01905042251180477414E0) S(p, t, 6.16021097993053585195E0)  \
  S(p, t, 7.40974269950448939160E0) S(p, t, 2.97886665372100240670E0)
#define JAXC__ERFC64_S(S, p, t) p = 1.0;                                                                   \
  S(p, t, 2.26052863220117276590E0) S(p, t, 9.39603524938001434673E0) S(p, t, 1.20489539808096656605E1)  \
  S(p, t, 1.70814450747565897222E1) S(p, t, 9.60896809063285878198E0) S(p, t, 3.36907645100081516050E0)
#define JAXC__ERFC64_T(S, p, t) p = 9.60497373987051638749E0;                                              \
  S(p, t, 9.00260197203842689217E1) S(p, t, 2.23200534594684319226E3) S(p, t, 7.00332514112805075473E3)  \
  S(p, t, 5.55923013010394962768E4)
#define JAXC__ERFC64_U(S, p, t) p = 1.0;                                                                   \
  S(p, t, 3.35617141647503099647E1) S(p, t, 5.21357949780152679795E2) S(p, t, 4.59432382970980127987E3)  \
  S(p, t, 2.26290000613890934246E4) S(p, t, 4.92673942608635921086E4)
JAXC__DEV_VEC float jaxc__m_erf_float(float x) {
  float x2 = x * x, n, d;
  JAXC__ERF32_P(JAXC__FMA_STEP, n, x2)
  JAXC__ERF32_Q(JAXC__FMA_STEP, d, x2)
  n = x * n;
  return jaxc__sel_f(3.832506856900711f <= fabsf(x), copysignf(1.0f, x), n / d);
}
JAXC__DEV double jaxc__m_erf_double(double x) { return erf(x); }
JAXC__DEV_VEC float jaxc__m_erfc_float(float x) {
  float xx = x * x, z = -xx, ax = fabsf(x), rxx = 1.0f / xx, e = jaxc__m_exp_float(z), p, r, t;
  e = e * (1.0f / ax);
  JAXC__ERFC32_P(JAXC__HORNER_STEP, p, rxx)
  JAXC__ERFC32_R(JAXC__HORNER_STEP, r, rxx)
  JAXC__ERFC32_T(JAXC__HORNER_STEP, t, xx)
  float far = e * jaxc__sel_f(ax < 2.0f, p, r);
  far = jaxc__sel_f(z < -88.72283935546875f, 0.0f, far);
  far = jaxc__sel_f(x < 0.0f, 2.0f - far, far);
  t = x * t;
  return jaxc__sel_f(ax < 1.0f, 1.0f - t, far);
}
#define JAXC__ERFC64_FN(NAME, EXP)                                                                        \
  JAXC__DEV double NAME(double x) {                                                                       \
    double xx = x * x, z = -xx, ez = EXP(z), ax = fabs(x), p, q, r, s, t, u;                              \
    JAXC__ERFC64_P(JAXC__HORNER_STEP, p, ax)                                                              \
    JAXC__ERFC64_Q(JAXC__HORNER_STEP, q, ax)                                                              \
    JAXC__ERFC64_R(JAXC__HORNER_STEP, r, ax)                                                              \
    JAXC__ERFC64_S(JAXC__HORNER_STEP, s, ax)                                                              \
    JAXC__ERFC64_T(JAXC__HORNER_STEP, t, xx)                                                              \
    JAXC__ERFC64_U(JAXC__HORNER_STEP, u, xx)                                                              \
    p = ez * p, r = ez * r;                                                                               \
    double far = jaxc__sel_d(ax < 8.0, p / q, r / s);                                                     \
    far = jaxc__sel_d(z < -7.09782712893383996843E2, 0.0, far);                                           \
    far = jaxc__sel_d(x < 0.0, 2.0 - far, far);                                                           \
    t = x * t;                                                                                            \
    return jaxc__sel_d(ax < 1.0, 1.0 - t / u, far);                                                       \
  }
JAXC__ERFC64_FN(jaxc__m_erfc_double, jaxc__m_exp_double)
JAXC__ERFC64_FN(jaxc__near_erfc_double, jaxc__near_exp_double) /* (NaN where exp's near code is) */
#define jaxc__near_erfc_float jaxc__m_erfc_float
#define JAXC__ERF_KF(E, M, a) jaxc__m_erf_##M(a)
#define JAXC__ERFC_KF(E, M, a) jaxc__m_erfc_##M(a)
#define JAXC__ERFC_NEAR_KF(E, M, a) jaxc__near_erfc_##M(a)
#define JAXC__SPLIT_ERFC_KF ~, JAXC__ERFC_NEAR_KF, JAXC__REDO_NAN
/* --- XLA CPU's float32 log, log1p and ErfInv, as jaxlib 0.11 compiles them --------------------
   Bit-exact normal draws need XLA's own math, not libm's: log is Eigen's plog_float (Cephes
   logf) inlined, log1p is xla/codegen/intrinsic/log1p.cc (Cephes' rational for |x| < sqrt(2)-1,
   log(1 + x) beyond), ErfInv is xla/client/lib/math.cc's ErfInv32 (Giles). Which steps are fused
   multiply-adds is what LLVM emitted for x86-64 with FMA (read from the compiled kernels); each
   is an explicit fmaf here, every other step rounds on its own. Checked against every float32,
   float16 and bfloat16 value jax.random.normal can return (tests/test_random.c). Branch-free
   (each side computed, then selected; -ftrapping-math keeps gcc from if-converting a branch
   around a division) and forced inline, so that a loop of them vectorises. */
JAXC__DEV_VEC float jaxc__xla_logf(float v) {
  float a = v < 0x1p-126f ? 0x1p-126f : v; /* max(v, FLT_MIN) */
  if (v != v) a = v;
  uint32_t ab = jaxc__fp32_to_bits(a);
  float e = (float)((int32_t)(ab >> 23) - 127) + 1.0f;
  float m = jaxc__fp32_from_bits((ab & 0x807fffffu) | 0x3f000000u); /* mantissa in [0.5, 1) */
  bool small = m < 0.707106769f;
  float x = (m + -1.0f) + (small ? m : 0.0f);
  e = small ? e - 1.0f : e;
  float x2 = x * x, x3 = x2 * x;
  float y = fmaf(0.0703768358f, x, -0.115146101f), y1 = fmaf(-0.12420141f, x, 0.142493233f);
  float y2 = fmaf(0.200007141f, x, -0.24999994f);
  y = fmaf(y, x, 0.116769984f);
  y1 = fmaf(y1, x, -0.166680574f);
  y2 = fmaf(y2, x, 0.333333313f);
  y1 = fmaf(x3, y, y1);
  y = fmaf(y1, x3, y2);
  float t = fmaf(x3, y, e * -0.000212194442f);
  float r = fmaf(-0.5f, x2, x) + t;
  r = fmaf(e, 0.693359375f, r);
  r = v > 0.0f ? r : jaxc__fp32_from_bits(0xffffffffu);
  r = v == 0.0f ? -INFINITY : r;
  return v == INFINITY ? INFINITY : r;
}
JAXC__DEV_VEC float jaxc__xla_log1pf(float x) {
  /* Horner's steps written out: a loop over coefficient arrays kept gcc's vectoriser away */
  float z = x * 0.0f, n = z + 4.52700006e-05f, d = z + 1.0f;
  n = fmaf(n, x, 0.498541027f), d = fmaf(d, x, 15.0629091f);
  n = fmaf(n, x, 6.57873249f), d = fmaf(d, x, 83.0475693f);
  n = fmaf(n, x, 29.9119186f), d = fmaf(d, x, 221.762405f);
  n = fmaf(n, x, 60.9496689f), d = fmaf(d, x, 309.098724f);
  n = fmaf(n, x, 57.1129646f), d = fmaf(d, x, 216.427887f);
  n = fmaf(n, x, 20.0395527f), d = fmaf(d, x, 60.11866f);
  float x2 = x * x, near = x + fmaf(-0.5f, x2, (x * x2) * (n / d));
  return jaxc__sel_f(fabsf(x) < 0.414213568f, near, jaxc__xla_logf(x + 1.0f)); /* a ?: became a branch */
}
/* ErfInv32's two polynomials in t, highest degree first: w < 5 (t = w - 2.5) and beyond
   (t = sqrt(w) - 3) */
#define JAXC__ERFINV32_LT5(F)                                                                   \
  F(2.81022636e-08f) F(3.43273939e-07f) F(-3.5233877e-06f) F(-4.39150654e-06f) F(0.00021858087f) \
  F(-0.00125372503f) F(-0.00417768164f) F(0.246640727f) F(1.50140941f)
#define JAXC__ERFINV32_GE5(F)                                                                   \
  F(-0.000200214257f) F(0.000100950558f) F(0.00134934322f) F(-0.00367342844f) F(0.00573950773f)  \
  F(-0.0076224613f) F(0.00943887047f) F(1.00167406f) F(2.83297682f)
/* Horner's step p = p t + c in one rounding (from p = 0 the first step gives c itself) */
#define JAXC__ERFINV_STEP_F(c) p = fmaf(p, t, c);
#define JAXC__ERFINV_STEP_D(c) p = fma(p, t, c);
/* lax.erf_inv as chlo.erf_inv lowers (XLA's ErfInv32, Giles's): x p(w), w = -log1p(-x^2); +-inf
   at +-1, NaN beyond. Both polynomials computed, then selected, so that loops vectorise (the
   square root jaxc__i0e_sqrt_float's, which has no errno branch: sqrtf's bits). */
JAXC__DEV_VEC float jaxc__m_erfinv_float(float x) {
  float w = -jaxc__xla_log1pf(x * -x), t = w - 2.5f, p = 0.0f;
  JAXC__ERFINV32_LT5(JAXC__ERFINV_STEP_F)
  float lt5 = p;
  t = jaxc__i0e_sqrt_float(w) - 3.0f, p = 0.0f;
  JAXC__ERFINV32_GE5(JAXC__ERFINV_STEP_F)
  return x * jaxc__sel_f(fabsf(x) == 1.0f, INFINITY, jaxc__sel_f(w < 5.0f, lt5, p));
}

/* float64 log1p as XLA CPU compiles it: Cephes' rational on [1/sqrt(2) - 1, sqrt(2) - 1] (the
   same Horner FMAs as float32), the C library's log(1 + x) beyond. */
#define JAXC__XLA_LOG1P_NUM(F)                                                                   \
  F(4.9854102823193375972e-01) F(6.5787325942061044847e+00) F(2.9911919328553073277e+01)        \
  F(6.0949667980987787058e+01) F(5.7112963590585538103e+01) F(2.0039553499201281260e+01)
#define JAXC__XLA_LOG1P_DEN(F)                                                                   \
  F(1.5062909083469192043e+01) F(8.3047565967967209469e+01) F(2.2176239823732856465e+02)        \
  F(3.0909872225312059775e+02) F(2.1642788614495947685e+02) F(6.0118660497603843919e+01)
#define JAXC__XLA_LOG1P_N(c) n = fma(n, x, c);
#define JAXC__XLA_LOG1P_D(c) d = fma(d, x, c);
JAXC__DEV double jaxc__xla_log1p_rational(double x) {
  double z = x * 0.0, n = z + 4.5270000862445199635e-05, d = z + 1.0;
  JAXC__XLA_LOG1P_NUM(JAXC__XLA_LOG1P_N)
  JAXC__XLA_LOG1P_DEN(JAXC__XLA_LOG1P_D)
  double x2 = x * x;
  return x + fma(x2, -0.5, (x * x2) * (n / d));
}
JAXC__DEV double jaxc__xla_log1p(double x) {
  if (!(x >= -0.29289321881345254 && x <= 0.41421356237309503)) return log(x + 1.0);
  return jaxc__xla_log1p_rational(x);
}
/* ErfInv64's three polynomials: w < 6.25 (t = w - 3.125), w < 16 (t = sqrt(w) - 3.25), beyond
   (t = sqrt(w) - 5) */
#define JAXC__ERFINV64_LT625(F)                                                                        \
  F(-3.6444120640178196996e-21) F(-1.685059138182016589e-19) F(1.2858480715256400167e-18)              \
  F(1.115787767802518096e-17) F(-1.333171662854620906e-16) F(2.0972767875968561637e-17)                \
  F(6.6376381343583238325e-15) F(-4.0545662729752068639e-14) F(-8.1519341976054721522e-14)             \
  F(2.6335093153082322977e-12) F(-1.2975133253453532498e-11) F(-5.4154120542946279317e-11)             \
  F(1.051212273321532285e-09) F(-4.1126339803469836976e-09) F(-2.9070369957882005086e-08)              \
  F(4.2347877827932403518e-07) F(-1.3654692000834678645e-06) F(-1.3882523362786468719e-05)             \
  F(0.0001867342080340571352) F(-0.00074070253416626697512) F(-0.0060336708714301490533)               \
  F(0.24015818242558961693) F(1.6536545626831027356)
#define JAXC__ERFINV64_LT16(F)                                                                         \
  F(2.2137376921775787049e-09) F(9.0756561938885390979e-08) F(-2.7517406297064545428e-07)              \
  F(1.8239629214389227755e-08) F(1.5027403968909827627e-06) F(-4.013867526981545969e-06)               \
  F(2.9234449089955446044e-06) F(1.2475304481671778723e-05) F(-4.7318229009055733981e-05)              \
  F(6.8284851459573175448e-05) F(2.4031110387097893999e-05) F(-0.0003550375203628474796)               \
  F(0.00095328937973738049703) F(-0.0016882755560235047313) F(0.0024914420961078508066)                \
  F(-0.0037512085075692412107) F(0.005370914553590063617) F(1.0052589676941592334)                     \
  F(3.0838856104922207635)
#define JAXC__ERFINV64_GE16(F)                                                                         \
  F(-2.7109920616438573243e-11) F(-2.5556418169965252055e-10) F(1.5076572693500548083e-09)             \
  F(-3.7894654401267369937e-09) F(7.6157012080783393804e-09) F(-1.4960026627149240478e-08)             \
  F(2.9147953450901080826e-08) F(-6.7711997758452339498e-08) F(2.2900482228026654717e-07)              \
  F(-9.9298272942317002539e-07) F(4.5260625972231537039e-06) F(-1.9681778105531670567e-05)             \
  F(7.5995277030017761139e-05) F(-0.00021503011930044477347) F(-0.00013871931833623122026)             \
  F(1.0103004648645343977) F(4.8499064014085844221)
JAXC__DEV double jaxc__m_erfinv_double(double x) {
  double w = -jaxc__xla_log1p(x * -x), t, p = 0.0;
  if (w < 6.25) {
    t = w - 3.125;
    JAXC__ERFINV64_LT625(JAXC__ERFINV_STEP_D)
  } else if (w < 16.0) {
    t = sqrt(w) - 3.25;
    JAXC__ERFINV64_LT16(JAXC__ERFINV_STEP_D)
  } else {
    t = sqrt(w) - 5.0;
    JAXC__ERFINV64_GE16(JAXC__ERFINV_STEP_D)
  }
  return x * (fabs(x) == 1.0 ? INFINITY : p);
}
/* The same where x^2 <= 1 - 1/sqrt(2) (|x| <= 0.541, about half of (-1, 1)): log1p's rational,
   then w < 0.35 and the first polynomial, with no branch, so that loops vectorise; NaN beyond,
   for the split loop's redo to compute with the full function (the C library's log, as XLA) */
JAXC__DEV_VEC double jaxc__near_erfinv_double(double x) {
  double s = x * -x, w = -jaxc__xla_log1p_rational(s), t = w - 3.125, p = 0.0;
  JAXC__ERFINV64_LT625(JAXC__ERFINV_STEP_D)
  return jaxc__sel_d(s >= -0.29289321881345254, x * p, (double)NAN);
}
#define jaxc__near_erfinv_float jaxc__m_erfinv_float
/* gammaln and digamma (lax.lgamma, lax.digamma) as StableHLO decomposes chlo.lgamma and
   chlo.digamma, which JAX lowers them to (ported from XLA's Lgamma and Digamma): Lanczos's
   approximation with g = 7 and 9 terms, for z = x - 1, and for x < 1/2 the reflection formula
   with z = -x. Each step rounds on its own in the compute type (16-bit floats in float32, once
   at the end, as the decomposition upcasts them); the constants are the double values rounded
   to it, log(7.5), (log 2 + log pi) / 2 and log(pi) as the double computation gives them.
   log, log1p, sin and cos are jaxc's (XLA:CPU has its own, so JAX's last bits can differ).
   Selects, no branches: loops of them vectorise. */
#define jaxc__sel_float jaxc__sel_f
#define jaxc__sel_double jaxc__sel_d
#define JAXC__LANCZOS(X)                                                                            \
  X(1, 676.520368121885098567009190444019) X(2, -1259.13921672240287047156078755283)               \
  X(3, 771.3234287776530788486528258894) X(4, -176.61502916214059906584551354)                     \
  X(5, 12.507343278686904814458936853) X(6, -0.13857109526572011689554707)                         \
  X(7, 9.984369578019570859563e-6) X(8, 1.50563273514931155834e-7)
#define JAXC__LANCZOS_BASE 0.99999999999980993227684700473478
#define JAXC__LOG_7_5 0x1.01e85798eb9a3p+1           /* log(7.5) */
#define JAXC__LOG_SQRT_2PI 0x1.d67f1c864beb4p-1      /* (log(2) + log(pi)) / 2, each step in double */
#define JAXC__LOG_PI 0x1.250d048e7a1bdp+0            /* log(pi) */
#define JAXC__PI_D 0x1.921fb54442d18p+1
/* floor(x), branch-free and without floorf/floor (which gcc vectorises only under
   -fno-trapping-math): x rounded to an integer by adding and subtracting 2^(p-1) of x's sign
   (round to nearest), one less where that went up; |x| >= 2^(p-1), inf and NaN are their own
   floor. (floor(-0) is +0 here: its users take differences and abs.) */
#define JAXC__FLOOR_SEL_FN(T, SFX, BIG)                                                             \
  JAXC__DEV T jaxc__floor_sel_##T(T x) {                                                            \
    T m = copysign##SFX(BIG, x), t = (x + m) - m;                                                   \
    t = jaxc__sel_##T(t > x, t - (T)1, t);                                                          \
    return jaxc__sel_##T(fabs##SFX(x) < BIG, t, x);                                                 \
  }
JAXC__FLOOR_SEL_FN(float, f, 0x1p23f)
JAXC__FLOOR_SEL_FN(double, , 0x1p52)
/* a(z) = base + sum c_k / (z + k) */
#define JAXC__LGAMMA_TERM(k, c) a = a + (jaxc__T)(c) / (z + (jaxc__T)(k));
/* and a'(z) = -sum c_k / (z + k)^2 */
#define JAXC__DIGAMMA_TERM(k, c) zk = z + (jaxc__T)(k), ap = ap - (jaxc__T)(c) / (zk * zk), a = a + (jaxc__T)(c) / zk;
/* log(t) for t = 7.5 + z, as log(7.5) + log1p(z / 7.5) */
#define JAXC__LANCZOS_LOG_T(P, T, z) ((T)JAXC__LOG_7_5 + jaxc__##P##_log1p_##T((z) / (T)7.5))
/* NAME(x) for T (SFX: the C library's suffix), its log, log1p, sin and cos those of P (m: full;
   near: NaN where they cannot vouch, for a split op's redo) */
#define JAXC__GAMMALN_FN(NAME, T, SFX, P)                                                             \
  JAXC__DEV_VEC T NAME(T x) {                                                                         \
    typedef T jaxc__T; /* (the terms' type) */                                                        \
    const T half = (T)0.5, one = (T)1;                                                                \
    bool reflect = x < half;                                                                          \
    T z = jaxc__sel_##T(reflect, -x, x - one), a = (T)JAXC__LANCZOS_BASE;                             \
    JAXC__LANCZOS(JAXC__LGAMMA_TERM)                                                                  \
    T t = (T)7.5 + z, log_t = JAXC__LANCZOS_LOG_T(P, T, z);                                           \
    T r = ((z + half) - t / log_t) * log_t; /* (z + 1/2) log t - t, which cannot overflow */         \
    T lg = ((T)JAXC__LOG_SQRT_2PI + r) + jaxc__##P##_log_##T(a);                                      \
    /* reflection: log(pi) - lgamma(1 - x) - log |sin(pi x)|, sin's argument pi times the distance \
       from |x| to its nearest integer (exact: 0 at the poles, whose log is -inf, the result +inf) */ \
    T ax = fabs##SFX(x), f = ax - jaxc__floor_sel_##T(ax);                                              \
    f = jaxc__sel_##T(half < f, one - f, f);                                                          \
    T denom = jaxc__##P##_log_##T(jaxc__##P##_sin_##T((T)JAXC__PI_D * f));                            \
    T refl = jaxc__sel_##T(fabs##SFX(denom) < (T)INFINITY, ((T)JAXC__LOG_PI - denom) - lg, -denom);   \
    lg = jaxc__sel_##T(reflect, refl, lg);                                                            \
    return jaxc__sel_##T(fabs##SFX(x) == (T)INFINITY, (T)INFINITY, lg);                               \
  }
#define JAXC__DIGAMMA_FN(NAME, T, SFX, P)                                                             \
  JAXC__DEV_VEC T NAME(T x) {                                                                         \
    typedef T jaxc__T; /* (the terms' type) */                                                        \
    const T half = (T)0.5, one = (T)1;                                                                \
    bool reflect = x < half;                                                                          \
    T z = jaxc__sel_##T(reflect, -x, x - one), a = (T)JAXC__LANCZOS_BASE, ap = (T)0, zk;              \
    JAXC__LANCZOS(JAXC__DIGAMMA_TERM)                                                                 \
    T t = (T)7.5 + z, log_t = JAXC__LANCZOS_LOG_T(P, T, z);                                           \
    T dg = (log_t + ap / a) - (T)7 / t;                                                               \
    /* reflection: digamma(1 - x) - pi cot(pi x), x moved into [-1/2, 1/2] first */                  \
    T rx = x + fabs##SFX(jaxc__floor_sel_##T(x + half)), px = (T)JAXC__PI_D * rx;                       \
    T refl = dg - ((T)JAXC__PI_D * jaxc__##P##_cos_##T(px)) / jaxc__##P##_sin_##T(px);                \
    dg = jaxc__sel_##T(reflect, refl, dg);                                                            \
    bool pole = (x <= (T)0) & (x == jaxc__floor_sel_##T(x)); /* 0 and the negative integers: NaN */    \
    return jaxc__sel_##T(pole, (T)NAN, dg);                                                           \
  }
JAXC__GAMMALN_FN(jaxc__m_gammaln_float, float, f, m)
JAXC__GAMMALN_FN(jaxc__near_gammaln_float, float, f, near)
JAXC__GAMMALN_FN(jaxc__m_gammaln_double, double, , m)
JAXC__GAMMALN_FN(jaxc__near_gammaln_double, double, , near)
JAXC__DIGAMMA_FN(jaxc__m_digamma_float, float, f, m)
JAXC__DIGAMMA_FN(jaxc__near_digamma_float, float, f, near)
JAXC__DIGAMMA_FN(jaxc__m_digamma_double, double, , m)
JAXC__DIGAMMA_FN(jaxc__near_digamma_double, double, , near)
#define JAXC__GAMMALN_KF(E, M, a) jaxc__m_gammaln_##M(a)
#define JAXC__GAMMALN_NEAR_KF(E, M, a) jaxc__near_gammaln_##M(a)
#define JAXC__SPLIT_GAMMALN_KF ~, JAXC__GAMMALN_NEAR_KF, JAXC__REDO_NAN
/* jax.scipy.special.gammasgn: select([(x < 0 & x == floor(x)) | isnan(x), (x < 0 & floor(x) % 2
   != 0) | (x == 0 & signbit(x))], [nan, -1], 1) (floats from 2^24 (2^53) on are even integers:
   their % 2 is 0, as the halving test finds); gamma: gammasgn(x) * exp(lgamma(x)); factorial:
   where(n < 0, 0, exp(lgamma(n + 1))), each lax op rounded to the dtype */
#define JAXC__GAMMASGN_FN(T, SFX)                                                                     \
  JAXC__DEV T jaxc__gammasgn_##T(T x) {                                                               \
    T fl = jaxc__floor_sel_##T(x), h = fl * (T)0.5;                                                   \
    bool neg = x < (T)0, odd = h != jaxc__floor_sel_##T(h);                                           \
    bool undef = (neg & (x == fl)) | (x != x);                                                        \
    bool minus = (neg & odd) | ((x == (T)0) & (copysign##SFX((T)1, x) < (T)0));                       \
    return jaxc__sel_##T(undef, (T)NAN, jaxc__sel_##T(minus, (T)-1, (T)1));                             \
  }
JAXC__GAMMASGN_FN(float, f)
JAXC__GAMMASGN_FN(double, )
#define JAXC__GAMMASGN_KF(E, M, a) jaxc__gammasgn_##M(a)
#define JAXC__GAMMA_WITH(P, E, M, a) (jaxc__gammasgn_##M(a) * JAXC__RND_##E(jaxc__##P##_exp_##M(JAXC__RND_##E(jaxc__##P##_gammaln_##M(a)))))
#define JAXC__GAMMA_KF(E, M, a) JAXC__GAMMA_WITH(m, E, M, a)
#define JAXC__GAMMA_NEAR_KF(E, M, a) JAXC__GAMMA_WITH(near, E, M, a)
#define JAXC__SPLIT_GAMMA_KF ~, JAXC__GAMMA_NEAR_KF, JAXC__REDO_NAN
#define JAXC__FACTORIAL_WITH(P, E, M, a) \
  jaxc__sel_##M((a) < 0, (M)0, jaxc__##P##_exp_##M(JAXC__RND_##E(jaxc__##P##_gammaln_##M(JAXC__RND_##E((a) + (M)1)))))
#define JAXC__FACTORIAL_KF(E, M, a) JAXC__FACTORIAL_WITH(m, E, M, a)
#define JAXC__FACTORIAL_NEAR_KF(E, M, a) JAXC__FACTORIAL_WITH(near, E, M, a)
#define JAXC__SPLIT_FACTORIAL_KF ~, JAXC__FACTORIAL_NEAR_KF, JAXC__REDO_NAN
#define JAXC__DIGAMMA_KF(E, M, a) jaxc__m_digamma_##M(a)
#define JAXC__DIGAMMA_NEAR_KF(E, M, a) jaxc__near_digamma_##M(a)
#define JAXC__SPLIT_DIGAMMA_KF ~, JAXC__DIGAMMA_NEAR_KF, JAXC__REDO_NAN
/* zeta(x, q), the Hurwitz zeta function (lax.zeta), as StableHLO decomposes chlo.zeta (ported
   from XLA's Zeta; Johansson 2015, formula (5)): nine terms (q + k)^-x past the first, then
   Euler-Maclaurin at a = q + 10 with twelve Bernoulli terms by Horner, their constants 1/c_k
   the double values rounded to the dtype; the power sum alone where a^-x is below its last bit
   (|a^-x| < |sum| * the least subnormal); NaN for x < 1, and for q <= 0 unless x is an integer;
   at q = 0, -1, -2, ...: inf for even x, NaN else; inf at x = 1. Each step rounds in the compute
   type (16-bit floats in float32, once at the end: the decomposition upcasts them). pow is jaxc's
   (the C library's for float64 beyond the near code), so JAX's last bits can differ where its pow
   does. (XLA:CPU runs with subnormals flushed, where the power-sum-alone test never holds; jaxc
   keeps IEEE subnormals, as everywhere.) Selects, no branches: loops of it vectorise. */
#define JAXC__ZETA_BERNOULLI(X)                                                                    \
  X(22, -7.1661652561756670113e18) X(20, 1.8152105401943546773e17) X(18, -4.5979787224074726105e15) \
  X(16, 1.1646782814350067249e14) X(14, -2.950130727918164224e12) X(12, 7.47242496e10)               \
  X(10, -1.8924375803183791606e9) X(8, 47900160.0) X(6, -1209600.0) X(4, 30240.0) X(2, -720.0)
/* the power sum's next term: a = a + 1, a^-x */
#define JAXC__ZETA_POWER_TERM(P, T) acc = acc + one, qp = jaxc__##P##_pow_##T(acc, nx), sum = sum + qp;
/* one Horner step: s = (x + k)(x + k - 1) / a^2 (s + 1/c) */
#define JAXC__ZETA_HORNER_STEP(k, c) hs = ((x + (jaxc__T)(k)) * (x + (jaxc__T)((k) - 1))) * (r * (hs + (jaxc__T)(1.0 / (c))));
#define JAXC__ZETA_FN(NAME, T, SFX, P, TINY)                                                          \
  JAXC__DEV_VEC T NAME(T x, T q) {                                                                    \
    typedef T jaxc__T; /* (the Horner steps' type) */                                                 \
    const T one = (T)1, zero = (T)0, nx = -x;                                                         \
    T acc = q, qp, sum = jaxc__##P##_pow_##T(q, nx);                                                  \
    JAXC__ZETA_POWER_TERM(P, T) JAXC__ZETA_POWER_TERM(P, T) JAXC__ZETA_POWER_TERM(P, T)               \
    JAXC__ZETA_POWER_TERM(P, T) JAXC__ZETA_POWER_TERM(P, T) JAXC__ZETA_POWER_TERM(P, T)               \
    JAXC__ZETA_POWER_TERM(P, T) JAXC__ZETA_POWER_TERM(P, T) JAXC__ZETA_POWER_TERM(P, T)               \
    acc = acc + one, qp = jaxc__##P##_pow_##T(acc, nx);                                               \
    T corr = (qp * acc) / (x - one), r = one / (acc * acc), hs = zero;                                \
    JAXC__ZETA_BERNOULLI(JAXC__ZETA_HORNER_STEP)                                                      \
    T tail = qp * ((T)0.5 + (x / acc) * ((T)(1.0 / 12.0) + hs));                                      \
    T z = jaxc__sel_##T(fabs##SFX(qp) < fabs##SFX(sum) * (TINY), sum, (sum + corr) + tail);          \
    T nan = (T)NAN, fx = jaxc__floor_sel_##T(x), h = x * (T)0.5;                                      \
    bool q_le0 = q <= zero, x_int = x == fx;                                                          \
    bool x_even = x_int & (fabs##SFX(x) < (T)INFINITY) & (h == jaxc__floor_sel_##T(h)); /* x % 2 == 0 */ \
    z = jaxc__sel_##T(x < one, nan, z);                                                               \
    z = jaxc__sel_##T(q_le0 & !x_int, nan, z);                                                        \
    z = jaxc__sel_##T(q_le0 & (q == jaxc__floor_sel_##T(q)), jaxc__sel_##T(x_even, (T)INFINITY, nan), z); \
    return jaxc__sel_##T(x == one, (T)INFINITY, z);                                                   \
  }
JAXC__ZETA_FN(jaxc__m_zeta_float, float, f, m, 0x1p-149f)
JAXC__ZETA_FN(jaxc__near_zeta_float, float, f, near, 0x1p-149f)
JAXC__ZETA_FN(jaxc__m_zeta_double, double, , m, 0x1p-1074)
JAXC__ZETA_FN(jaxc__near_zeta_double, double, , near, 0x1p-1074)
#define JAXC__ZETA_KF(E, M, a, b) jaxc__m_zeta_##M(a, b)
#define JAXC__ZETA_NEAR_KF(E, M, a, b) jaxc__near_zeta_##M(a, b)
#define JAXC__SPLIT_ZETA_KF ~, JAXC__ZETA_NEAR_KF, JAXC__REDO_NAN
/* polygamma(n, x) (lax.polygamma) as StableHLO decomposes chlo.polygamma: digamma(x) at n = 0,
   (2 (n % 2) - 1) exp(lgamma(n + 1)) zeta(n + 1, x) for the other natural n, NaN for the rest
   (n is converted to x's dtype first; jax.scipy.special.polygamma takes integer n only). n % 2 is
   n - 2 floor(n / 2): the same for every n the result keeps. */
#define JAXC__POLYGAMMA_FN(NAME, T, P)                                                                \
  JAXC__DEV_VEC T NAME(T n, T x) {                                                                    \
    const T one = (T)1, n1 = n + one, fn = jaxc__floor_sel_##T(n);                                    \
    T sign = (T)2 * (n - (T)2 * jaxc__floor_sel_##T(n * (T)0.5)) - one;                               \
    T pg = (sign * jaxc__##P##_exp_##T(jaxc__##P##_gammaln_##T(n1))) * jaxc__##P##_zeta_##T(n1, x);   \
    pg = jaxc__sel_##T(n == (T)0, jaxc__##P##_digamma_##T(x), pg);                                    \
    return jaxc__sel_##T((n != fn) | (n < (T)0), (T)NAN, pg);                                         \
  }
JAXC__POLYGAMMA_FN(jaxc__m_polygamma_float, float, m)
JAXC__POLYGAMMA_FN(jaxc__near_polygamma_float, float, near)
JAXC__POLYGAMMA_FN(jaxc__m_polygamma_double, double, m)
JAXC__POLYGAMMA_FN(jaxc__near_polygamma_double, double, near)
#define JAXC__POLYGAMMA_KF(E, M, a, b) jaxc__m_polygamma_##M(a, b)
#define JAXC__POLYGAMMA_NEAR_KF(E, M, a, b) jaxc__near_polygamma_##M(a, b)
#define JAXC__SPLIT_POLYGAMMA_KF ~, JAXC__POLYGAMMA_NEAR_KF, JAXC__REDO_NAN
/* jax.scipy.special's compositions, each lax op rounded to the dtype (JAXC__RND):
     xlogy    where(x != 0, x * log(y), 0)          xlog1py  where(x != 0, x * log1p(y), 0)
     logit    log(x / (1 - x))                      entr     where(x < 0, -inf, -xlogy(x, x))
   (entr(0) is -0: the negation of xlogy's 0; complex x: xlogy, xlog1py and logit only) */
#define JAXC__XLOGY_WITH(LOG, E, M, a, b) jaxc__sel_##M((a) != 0, (a) * JAXC__RND_##E(LOG(b)), (M)0)
#define JAXC__XLOGY_KF(E, M, a, b) JAXC__XLOGY_WITH(jaxc__m_log_##M, E, M, a, b)
#define JAXC__XLOGY_NEAR_KF(E, M, a, b) JAXC__XLOGY_WITH(jaxc__near_log_##M, E, M, a, b)
#define JAXC__SPLIT_XLOGY_KF ~, JAXC__XLOGY_NEAR_KF, JAXC__REDO_NAN
#define JAXC__XLOG1PY_KF(E, M, a, b) JAXC__XLOGY_WITH(jaxc__m_log1p_##M, E, M, a, b)
#define JAXC__XLOG1PY_NEAR_KF(E, M, a, b) JAXC__XLOGY_WITH(jaxc__near_log1p_##M, E, M, a, b)
#define JAXC__SPLIT_XLOG1PY_KF ~, JAXC__XLOG1PY_NEAR_KF, JAXC__REDO_NAN
#define JAXC__XLOGY_C_WITH(LOG, M, a, b) \
  (jaxc__m_eq_##M(a, jaxc__mk_##M(0, 0)) ? jaxc__mk_##M(0, 0) : jaxc__m_mul_##M(a, LOG(b)))
#define JAXC__XLOGY_KC(E, M, a, b) JAXC__XLOGY_C_WITH(jaxc__m_log_##M, M, a, b)
#define JAXC__XLOG1PY_KC(E, M, a, b) JAXC__XLOGY_C_WITH(jaxc__m_log1p_##M, M, a, b)
#define JAXC__LOGIT_WITH(LOG, E, M, a) LOG(JAXC__RND_##E((a) / JAXC__RND_##E((M)1 - (a))))
#define JAXC__LOGIT_KF(E, M, a) JAXC__LOGIT_WITH(jaxc__m_log_##M, E, M, a)
#define JAXC__LOGIT_NEAR_KF(E, M, a) JAXC__LOGIT_WITH(jaxc__near_log_##M, E, M, a)
#define JAXC__SPLIT_LOGIT_KF ~, JAXC__LOGIT_NEAR_KF, JAXC__REDO_NAN
#define JAXC__LOGIT_KC(E, M, z) jaxc__m_log_##M(jaxc__m_div_##M(z, jaxc__m_sub_##M(jaxc__mk_##M(1, 0), z)))
#define JAXC__ENTR_WITH(LOG, E, M, a) \
  jaxc__sel_##M((a) < 0, -(M)INFINITY, -JAXC__XLOGY_WITH(LOG, E, M, a, a))
#define JAXC__ENTR_KF(E, M, a) JAXC__ENTR_WITH(jaxc__m_log_##M, E, M, a)
#define JAXC__ENTR_NEAR_KF(E, M, a) JAXC__ENTR_WITH(jaxc__near_log_##M, E, M, a)
#define JAXC__SPLIT_ENTR_KF ~, JAXC__ENTR_NEAR_KF, JAXC__REDO_NAN
#define JAXC__ERFINV_KF(E, M, a) jaxc__m_erfinv_##M(a)
#define JAXC__ERFINV_NEAR_KF(E, M, a) jaxc__near_erfinv_##M(a)
#define JAXC__SPLIT_ERFINV_KF ~, JAXC__ERFINV_NEAR_KF, JAXC__REDO_NAN
#define JAXC__FLOAT_POWER_KF JAXC__POWER_KF
#define JAXC__FLOAT_POWER_KC JAXC__POWER_KC
#define JAXC__SPLIT_FLOAT_POWER_KF JAXC__SPLIT_POWER_KF
/* x = m 2^e with 0.5 <= |m| < 1, m keeping x's sign; x itself and e = 0 for 0, inf and NaN
   (jnp.frexp's values: it normalises subnormals first, so they split as any other number).
   Selects, no branches, so that loops of it vectorise. */
JAXC__DEV double jaxc__frexp_d(double x, int *e) {
  bool sub = (jaxc__fp64_to_bits(x) & (0x7ffull << 52)) == 0; /* (0 or subnormal: scaled first) */
  uint64_t u = jaxc__fp64_to_bits(jaxc__sel_d(sub, x * 0x1p54, x));
  int64_t ex = (int64_t)(u >> 52 & 0x7ff);
  bool keep = (ex == 0x7ff) | (x == 0);
  *e = (int)((ex - 1022 - (54 & -(int64_t)sub)) & -(int64_t)!keep);
  return jaxc__sel_d(keep, x, jaxc__fp64_from_bits((u & ~(0x7ffull << 52)) | (1022ull << 52)));
}
/* 2^k for an integer-valued k in [-1022, 1024] (1024: inf), from the bits */
JAXC__DEV double jaxc__pow2_d(double k) { return jaxc__fp64_from_bits((uint64_t)((int64_t)k + 1023) << 52); }
/* jnp.ldexp(x1, x2) with x2 converted to x1's dtype (JAX's convert_element_type): m, e =
   frexp(x1); e = e + x2 in the dtype; where e > 0, 2m and e - 1 (so that 2**e does not overflow
   where the result does not); m * 2**e, each op rounded to the dtype; x1 itself where it is 0 or
   +-inf. 2**e is exact (or 0: 2^-1075 is a tie, to even), so the result is m 2^e rounded once:
   x1 2^x2 correctly rounded, but for bfloat16 exponents past 256, which the conversion of x2
   rounds (bfloat16 has 8 bits: 257 is 256; e + x2 rounds too, but only where the result is 0
   or inf anyway). So float32, bfloat16 and float16 compute x1 2^x2 in double, exact for x2
   clamped to +-400, and round once; float64 follows JAX's steps, m 2^e as m 2^(e+200) 2^-200
   where e < -1000, so that no operation but the last has a subnormal result (those cost a
   hundred cycles or more). Selects, no branches: the loops vectorise. */
#define JAXC__DEF_LDEXP_F(E)                                                                        \
  JAXC__DEV float jaxc__ldexp_##E(float a, float b) {                                               \
    double k = jaxc__sel_d(b < -400, -400, jaxc__sel_d(b > 400, 400, (double)b));                   \
    return JAXC__RND_##E((float)((double)a * jaxc__pow2_d(k)));                                     \
  }
JAXC__DEF_LDEXP_F(BF16)
JAXC__DEF_LDEXP_F(F16)
JAXC__DEF_LDEXP_F(F32)
JAXC__DEV double jaxc__ldexp_F64(double a, double b) {
  int fe;
  double m = jaxc__frexp_d(a, &fe), e = (double)fe + b;
  bool up = e > 0;
  m = jaxc__sel_d(up, m * 2, m), e = jaxc__sel_d(up, e - 1, e);
  double k = jaxc__sel_d(e < -1200, -1200, jaxc__sel_d(e > 1024, 1024, e));
  double t = jaxc__sel_d(k < -1000, -200, 0);
  double r = m * jaxc__pow2_d(k - t) * jaxc__pow2_d(t);
  return jaxc__sel_d((a == 0) | (a - a != a - a), a, r); /* (0, inf; NaN as it is) */
}
#define JAXC__LDEXP_KF(E, M, a, b) jaxc__ldexp_##E(a, b)
/* jnp.spacing: float16 nextafter(x, inf) - x (positive for negative x too, NumPy's float16
   behaviour); the other floats nextafter(x, copysign(inf, x)) - x, the smallest subnormal with
   x's sign where that is 0 (where subtraction flushes subnormals: never here). Away from zero,
   the next float is the bits plus one (finite x; for inf and NaN the difference is NaN either
   way), which vectorises where nextafter stays a call. */
#define JAXC__SPACING_KF(E, M, a) JAXC__SPACING_##E(E, M, a)
#define JAXC__SPACING_F16(E, M, a) JAXC__RND_##E(JAXC__NEXTAFTER_##E(a, (M)INFINITY) - (a))
#define JAXC__SPACING_BF16(E, M, a) \
  jaxc__spacing_fix_float(JAXC__RND_##E(JAXC__NEXTAFTER_##E(a, (M)copysign((double)INFINITY, (double)(a))) - (a)), a, 0x1p-133f)
#define JAXC__SPACING_F32(E, M, a) \
  jaxc__spacing_fix_float(jaxc__fp32_from_bits(jaxc__fp32_to_bits(a) + 1u) - (a), a, 0x1p-149f)
#define JAXC__SPACING_F64(E, M, a) \
  jaxc__spacing_fix_double(jaxc__fp64_from_bits(jaxc__fp64_to_bits(a) + 1u) - (a), a, 0x1p-1074)
JAXC__DEV float jaxc__spacing_fix_float(float r, float a, float tiny) {
  return jaxc__sel_f(r == 0, jaxc__fp32_from_bits((jaxc__fp32_to_bits(a) & 0x80000000u) | jaxc__fp32_to_bits(tiny)), r);
}
JAXC__DEV double jaxc__spacing_fix_double(double r, double a, double tiny) {
  return jaxc__sel_d(r == 0, jaxc__fp64_from_bits((jaxc__fp64_to_bits(a) & (1ull << 63)) | jaxc__fp64_to_bits(tiny)), r);
}
/* jnp.bitwise_count: lax.population_count(abs(x)) as uint8 (abs wraps: the most negative
   integer is itself, one bit) */
JAXC__DEV uint8_t jaxc__popcount64(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return (uint8_t)__popcll(x);
#elif defined(__GNUC__) || defined(__clang__)
  return (uint8_t)__builtin_popcountll(x);
#else
  x = x - (x >> 1 & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (uint8_t)(x * 0x0101010101010101ull >> 56);
#endif
}
JAXC__DEV uint8_t jaxc__popcount32(uint32_t x) {
#if defined(__CUDA_ARCH__)
  return (uint8_t)__popc(x);
#elif defined(__GNUC__) || defined(__clang__)
  return (uint8_t)__builtin_popcount(x);
#else
  return jaxc__popcount64(x);
#endif
}
/* (the magnitude in the dtype's own width: 8-bit lanes count as such where the target can) */
#define JAXC__POPCOUNT(E, m) \
  (JAXC__BITS(E) <= 32 ? jaxc__popcount32((uint32_t)(jaxc__UT_##E)(m)) : jaxc__popcount64((uint64_t)(m)))
#define JAXC__BITWISE_COUNT_KU(E, M, a) JAXC__POPCOUNT(E, JAXC__MAG_KU(E, a))
/* jnp.positive: x as it is (bool too); jnp.fabs: lax.abs of inexact x (complex refused);
   isposinf, isneginf: x == +-inf for floats, False for integers and bool (complex refused);
   isreal, iscomplex: imag(x) == 0, != 0 (True, False for real dtypes) */
#define JAXC__POSITIVE_KB(E, M, a) (a)
#define JAXC__POSITIVE_KU JAXC__POSITIVE_KB
#define JAXC__POSITIVE_KI JAXC__POSITIVE_KB
#define JAXC__POSITIVE_KF JAXC__POSITIVE_KB
#define JAXC__POSITIVE_KC JAXC__POSITIVE_KB
#define JAXC__FABS_KF JAXC__ABS_KF
#define JAXC__ISPOSINF_KB(E, M, a) false
#define JAXC__ISPOSINF_KU JAXC__ISPOSINF_KB
#define JAXC__ISPOSINF_KI JAXC__ISPOSINF_KB
#define JAXC__ISPOSINF_KF(E, M, a) ((a) == (M)INFINITY)
#define JAXC__ISNEGINF_KB JAXC__ISPOSINF_KB
#define JAXC__ISNEGINF_KU JAXC__ISPOSINF_KB
#define JAXC__ISNEGINF_KI JAXC__ISPOSINF_KB
#define JAXC__ISNEGINF_KF(E, M, a) ((a) == -(M)INFINITY)
#define JAXC__ISREAL_KB(E, M, a) true
#define JAXC__ISREAL_KU JAXC__ISREAL_KB
#define JAXC__ISREAL_KI JAXC__ISREAL_KB
#define JAXC__ISREAL_KF JAXC__ISREAL_KB
#define JAXC__ISREAL_KC(E, M, a) (jaxc__im_##M(a) == 0)
#define JAXC__ISCOMPLEX_KB(E, M, a) false
#define JAXC__ISCOMPLEX_KU JAXC__ISCOMPLEX_KB
#define JAXC__ISCOMPLEX_KI JAXC__ISCOMPLEX_KB
#define JAXC__ISCOMPLEX_KF JAXC__ISCOMPLEX_KB
#define JAXC__ISCOMPLEX_KC(E, M, a) (jaxc__im_##M(a) != 0)
#define JAXC__BITWISE_COUNT_KI(E, M, a) JAXC__POPCOUNT(E, JAXC__MAG_KI(E, a))

/* >>vector: hand-vectorised loops for the ops compilers keep scalar --------------------------------
   C's sqrt sets errno for a negative argument, so unless built with -fno-math-errno, gcc and
   clang follow every sqrt instruction with a test and a call: loops of sqrt and of complex |z|
   stay scalar (NumPy ran them 2-10x faster), and complex sqrt with them; gcc vectorises floor,
   ceil and rint only under
   -fno-trapping-math. Where the target has AVX-512F, or AVX2 and FMA,
   these loops compute the same IEEE operations as the scalar functions (jaxc__m_sqrt_float,
   jaxc__cabs_f, jaxc__cabs_d), each rounded once, in vector registers, so the results are
   the same bit for bit (tests/test_vector.c checks it, on both widths). They return how many
   leading elements they did; the generated kernel does the rest.
   JAXC__VEC_<OP>_<E> is "~, function" where such a loop exists; JAXC__VEC_FN picks it, or
   jaxc__vec_none for every other op and dtype. */
/* (JAXC__HAS_VECTOR and the include of immintrin.h are at the top, with F16C's) */
#define JAXC__SECOND(...) JAXC__SECOND_(__VA_ARGS__)
#define JAXC__SECOND_(a, b, ...) b
#define JAXC__VEC_FN(OP, E) JAXC__SECOND(JAXC__VEC_##OP##_##E, jaxc__vec_none, ~)
#define jaxc__vec_none(n, a, o) ((size_t)0)

#if JAXC__HAS_VECTOR
/* The vocabulary, one width per build: jaxc__vd holds JAXC__VD_N doubles, jaxc__vf
   JAXC__VF_N floats. JAXC__VD_SEL(a, OP, b, x, y) is x where a OP b, else y; the compares are
   ordered (false for NaN, as C's >, < and ==). */
#  define JAXC__VD_GT _CMP_GT_OQ
#  define JAXC__VD_LT _CMP_LT_OQ
#  define JAXC__VD_EQ _CMP_EQ_OQ
#  define JAXC__VD_GE _CMP_GE_OQ
#  define JAXC__VD_NLT _CMP_NLT_UQ /* !(a < b): true for NaN */
#  if defined(__AVX512F__)
typedef __m512d jaxc__vd;
typedef __m512 jaxc__vf;
#    define JAXC__VD_N 8
#    define JAXC__VF_N 16
#    define jaxc__vd_loadu _mm512_loadu_pd
#    define jaxc__vd_storeu _mm512_storeu_pd
#    define jaxc__vf_loadu _mm512_loadu_ps
#    define jaxc__vf_storeu _mm512_storeu_ps
#    define jaxc__vd_set1 _mm512_set1_pd
#    define jaxc__vd_mul _mm512_mul_pd
#    define jaxc__vd_add _mm512_add_pd
#    define jaxc__vd_fma _mm512_fmadd_pd
#    define jaxc__vd_sqrt _mm512_sqrt_pd
#    define jaxc__vf_sqrt _mm512_sqrt_ps
#    define jaxc__vd_round _mm512_roundscale_pd
#    define jaxc__vf_round _mm512_roundscale_ps
#    define jaxc__vd_unpacklo _mm512_unpacklo_pd
#    define jaxc__vd_unpackhi _mm512_unpackhi_pd
#    define jaxc__vd_div _mm512_div_pd
#    define jaxc__vd_abs _mm512_abs_pd
#    define JAXC__VD_SEL(a, OP, b, x, y) _mm512_mask_blend_pd(_mm512_cmp_pd_mask(a, b, OP), y, x)
/* a bit per lane where a OP b; t with y's sign for t >= 0 (copysign; AVX-512F has no or_pd) */
#    define jaxc__vd_mask(a, OP, b) ((unsigned)_mm512_cmp_pd_mask(a, b, OP))
#    define jaxc__vd_or_sign(t, y)                                                                      \
      _mm512_castsi512_pd(_mm512_or_si512(_mm512_castpd_si512(t), _mm512_and_si512(_mm512_castpd_si512(y), \
                                          _mm512_castpd_si512(_mm512_set1_pd(-0.0)))))
/* VD_N floats widened / narrowed (exact / rounded to nearest) */
#    define jaxc__vd_load_f32(p) _mm512_cvtps_pd(_mm256_loadu_ps(p))
#    define jaxc__vd_store_f32(p, v) _mm256_storeu_ps(p, _mm512_cvtpd_ps(v))
/* unpacklo/hi pair lane k of two registers; this index undoes it (element 2k + j <- j*N/2 + k) */
#    define jaxc__vd_unzip(v) _mm512_permutexvar_pd(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7), v)
#  else
typedef __m256d jaxc__vd;
typedef __m256 jaxc__vf;
#    define JAXC__VD_N 4
#    define JAXC__VF_N 8
#    define jaxc__vd_loadu _mm256_loadu_pd
#    define jaxc__vd_storeu _mm256_storeu_pd
#    define jaxc__vf_loadu _mm256_loadu_ps
#    define jaxc__vf_storeu _mm256_storeu_ps
#    define jaxc__vd_set1 _mm256_set1_pd
#    define jaxc__vd_mul _mm256_mul_pd
#    define jaxc__vd_add _mm256_add_pd
#    define jaxc__vd_fma _mm256_fmadd_pd
#    define jaxc__vd_sqrt _mm256_sqrt_pd
#    define jaxc__vf_sqrt _mm256_sqrt_ps
#    define jaxc__vd_round _mm256_round_pd
#    define jaxc__vf_round _mm256_round_ps
#    define jaxc__vd_unpacklo _mm256_unpacklo_pd
#    define jaxc__vd_unpackhi _mm256_unpackhi_pd
#    define jaxc__vd_div _mm256_div_pd
#    define jaxc__vd_abs(v) _mm256_andnot_pd(_mm256_set1_pd(-0.0), v)
#    define JAXC__VD_SEL(a, OP, b, x, y) _mm256_blendv_pd(y, x, _mm256_cmp_pd(a, b, OP))
#    define jaxc__vd_mask(a, OP, b) ((unsigned)_mm256_movemask_pd(_mm256_cmp_pd(a, b, OP)))
#    define jaxc__vd_or_sign(t, y) _mm256_or_pd(t, _mm256_and_pd(y, _mm256_set1_pd(-0.0)))
#    define jaxc__vd_load_f32(p) _mm256_cvtps_pd(_mm_loadu_ps(p))
#    define jaxc__vd_store_f32(p, v) _mm_storeu_ps(p, _mm256_cvtpd_ps(v))
#    define jaxc__vd_unzip(v) _mm256_permute4x64_pd(v, 0xD8) /* 0, 2, 1, 3 */
#  endif

JAXC__INLINE size_t jaxc__vsqrt_f32(size_t n, const float *a, float *o) {
  size_t end = n / JAXC__VF_N * JAXC__VF_N; /* (i + N <= n would let gcc fear a wrap-around) */
  for (size_t i = 0; i < end; i += JAXC__VF_N) jaxc__vf_storeu(o + i, jaxc__vf_sqrt(jaxc__vf_loadu(a + i)));
  return end;
}
JAXC__INLINE size_t jaxc__vsqrt_f64(size_t n, const double *a, double *o) {
  size_t end = n / JAXC__VD_N * JAXC__VD_N;
  for (size_t i = 0; i < end; i += JAXC__VD_N) jaxc__vd_storeu(o + i, jaxc__vd_sqrt(jaxc__vd_loadu(a + i)));
  return end;
}
/* Infinity where |x| or |y| is, else h (Annex G: |inf + NaN i| = inf). */
JAXC__INLINE jaxc__vd jaxc__vd_inf_if_inf(jaxc__vd ax, jaxc__vd ay, jaxc__vd h) {
  const jaxc__vd inf = jaxc__vd_set1((double)INFINITY);
  return JAXC__VD_SEL(ax, JAXC__VD_EQ, inf, inf, JAXC__VD_SEL(ay, JAXC__VD_EQ, inf, inf, h));
}
/* VD_N complex64 values: x and y of 2 x VD_N/2 values, the parts paired as unpacklo/hi pair them. */
JAXC__INLINE size_t jaxc__vabs_c64(size_t n, const jaxc_c64 *a, float *o) {
  const float *f = (const float *)(const void *)a;
  size_t end = n / JAXC__VD_N * JAXC__VD_N;
  for (size_t i = 0; i < end; i += JAXC__VD_N) {
    jaxc__vd p = jaxc__vd_load_f32(f + 2 * i), q = jaxc__vd_load_f32(f + 2 * i + JAXC__VD_N);
    jaxc__vd x = jaxc__vd_unpacklo(p, q), y = jaxc__vd_unpackhi(p, q);
    jaxc__vd h = jaxc__vd_sqrt(jaxc__vd_add(jaxc__vd_mul(x, x), jaxc__vd_mul(y, y)));
    jaxc__vd_store_f32(o + i, jaxc__vd_unzip(jaxc__vd_inf_if_inf(jaxc__vd_abs(x), jaxc__vd_abs(y), h)));
  }
  return end;
}
/* jaxc__cabs_d of |x|, |y| but its infinity test */
JAXC__INLINE jaxc__vd jaxc__vd_hypot(jaxc__vd ax, jaxc__vd ay) {
  const jaxc__vd big = jaxc__vd_set1(0x1p500), small = jaxc__vd_set1(0x1p-500), one = jaxc__vd_set1(1.0);
  jaxc__vd m = JAXC__VD_SEL(ax, JAXC__VD_GT, ay, ax, ay), nn = JAXC__VD_SEL(ax, JAXC__VD_GT, ay, ay, ax);
  jaxc__vd s = JAXC__VD_SEL(m, JAXC__VD_GT, big, jaxc__vd_set1(0x1p-600), JAXC__VD_SEL(m, JAXC__VD_LT, small, jaxc__vd_set1(0x1p600), one));
  jaxc__vd r = JAXC__VD_SEL(m, JAXC__VD_GT, big, jaxc__vd_set1(0x1p600), JAXC__VD_SEL(m, JAXC__VD_LT, small, jaxc__vd_set1(0x1p-600), one));
  jaxc__vd sa = jaxc__vd_mul(m, s), sb = jaxc__vd_mul(nn, s);
  return jaxc__vd_mul(jaxc__vd_sqrt(jaxc__vd_fma(sa, sa, jaxc__vd_mul(sb, sb))), r);
}
JAXC__INLINE size_t jaxc__vabs_c128(size_t n, const jaxc_c128 *a, double *o) {
  const double *d = (const double *)(const void *)a;
  size_t end = n / JAXC__VD_N * JAXC__VD_N;
  for (size_t i = 0; i < end; i += JAXC__VD_N) {
    jaxc__vd p = jaxc__vd_loadu(d + 2 * i), q = jaxc__vd_loadu(d + 2 * i + JAXC__VD_N);
    jaxc__vd ax = jaxc__vd_abs(jaxc__vd_unpacklo(p, q)), ay = jaxc__vd_abs(jaxc__vd_unpackhi(p, q));
    jaxc__vd_storeu(o + i, jaxc__vd_unzip(jaxc__vd_inf_if_inf(ax, ay, jaxc__vd_hypot(ax, ay))));
  }
  return end;
}
/* Complex sqrt: jaxc__csqrt_finite's operations lane by lane (complex64 in double, where its
   scalings are by 1), the real parts in *re; a group with a lane that is not finite, or 0, goes
   to the scalar function whole (the Annex G special values). Returns false for such a group. */
JAXC__INLINE bool jaxc__vd_csqrt(jaxc__vd x, jaxc__vd y, jaxc__vd *re, jaxc__vd *im) {
  const jaxc__vd zero = jaxc__vd_set1(0.0), one = jaxc__vd_set1(1.0), inf = jaxc__vd_set1((double)INFINITY);
  jaxc__vd ax = jaxc__vd_abs(x), ay = jaxc__vd_abs(y);
  if (jaxc__vd_mask(ax, JAXC__VD_NLT, inf) | jaxc__vd_mask(ay, JAXC__VD_NLT, inf) |
      (jaxc__vd_mask(x, JAXC__VD_EQ, zero) & jaxc__vd_mask(y, JAXC__VD_EQ, zero)))
    return false;
  jaxc__vd m = JAXC__VD_SEL(ax, JAXC__VD_GT, ay, ax, ay), big = jaxc__vd_set1(0x1p1020), tiny = jaxc__vd_set1(0x1p-1000);
  jaxc__vd k = JAXC__VD_SEL(m, JAXC__VD_GT, big, jaxc__vd_set1(0x1p-2), JAXC__VD_SEL(m, JAXC__VD_LT, tiny, jaxc__vd_set1(0x1p100), one));
  jaxc__vd s = JAXC__VD_SEL(m, JAXC__VD_GT, big, jaxc__vd_set1(2.0), JAXC__VD_SEL(m, JAXC__VD_LT, tiny, jaxc__vd_set1(0x1p-50), one));
  x = jaxc__vd_mul(x, k), y = jaxc__vd_mul(y, k), ax = jaxc__vd_abs(x), ay = jaxc__vd_abs(y);
  jaxc__vd t = jaxc__vd_sqrt(jaxc__vd_mul(jaxc__vd_add(ax, jaxc__vd_hypot(ax, ay)), jaxc__vd_set1(0.5)));
  jaxc__vd q = jaxc__vd_div(y, jaxc__vd_add(t, t)); /* (2t exactly) */
  *re = jaxc__vd_mul(JAXC__VD_SEL(x, JAXC__VD_GE, zero, t, jaxc__vd_abs(q)), s);
  *im = jaxc__vd_mul(JAXC__VD_SEL(x, JAXC__VD_GE, zero, q, jaxc__vd_or_sign(t, y)), s);
  return true;
}
/* A complex array of part type R through jaxc__vd_csqrt, VD_N values a group; LOAD/STORE move
   VD_N parts between memory and doubles (unpacking the lanes back pairs them in order). */
#  define JAXC__VSQRT_CPX(T, R, LOAD, STORE)                                                        \
    JAXC__INLINE size_t jaxc__vsqrt_##T(size_t n, const T *a, T *o) {                               \
      const R *p_in = (const R *)(const void *)a;                                                  \
      R *p_out = (R *)(void *)o;                                                                   \
      size_t end = n / JAXC__VD_N * JAXC__VD_N;                                                    \
      for (size_t i = 0; i < end; i += JAXC__VD_N) {                                               \
        jaxc__vd p = LOAD(p_in + 2 * i), q = LOAD(p_in + 2 * i + JAXC__VD_N), re, im;              \
        if (jaxc__vd_csqrt(jaxc__vd_unpacklo(p, q), jaxc__vd_unpackhi(p, q), &re, &im)) {          \
          STORE(p_out + 2 * i, jaxc__vd_unpacklo(re, im));                                         \
          STORE(p_out + 2 * i + JAXC__VD_N, jaxc__vd_unpackhi(re, im));                            \
        } else {                                                                                   \
          for (size_t j = i; j < i + JAXC__VD_N; j++) o[j] = jaxc__m_sqrt_##T(a[j]);               \
        }                                                                                          \
      }                                                                                            \
      return end;                                                                                  \
    }
JAXC__VSQRT_CPX(jaxc_c64, float, jaxc__vd_load_f32, jaxc__vd_store_f32)
JAXC__VSQRT_CPX(jaxc_c128, double, jaxc__vd_loadu, jaxc__vd_storeu)
/* Rounding to integers: gcc vectorises floor, ceil and rint only under -fno-trapping-math (the
   instruction may not raise "inexact"), so the loops stayed scalar. The imm rounds in the
   given direction whatever the rounding mode, as the scalar functions do, and keeps the sign
   of a zero result (round(-0.4) = -0). */
#  define JAXC__VROUND(name, mode)                                                                  \
    JAXC__INLINE size_t jaxc__v##name##_f32(size_t n, const float *a, float *o) {                   \
      size_t end = n / JAXC__VF_N * JAXC__VF_N;                                                     \
      for (size_t i = 0; i < end; i += JAXC__VF_N)                                                  \
        jaxc__vf_storeu(o + i, jaxc__vf_round(jaxc__vf_loadu(a + i), (mode) | _MM_FROUND_NO_EXC));  \
      return end;                                                                                   \
    }                                                                                               \
    JAXC__INLINE size_t jaxc__v##name##_f64(size_t n, const double *a, double *o) {                 \
      size_t end = n / JAXC__VD_N * JAXC__VD_N;                                                     \
      for (size_t i = 0; i < end; i += JAXC__VD_N)                                                  \
        jaxc__vd_storeu(o + i, jaxc__vd_round(jaxc__vd_loadu(a + i), (mode) | _MM_FROUND_NO_EXC));  \
      return end;                                                                                   \
    }
JAXC__VROUND(rint, _MM_FROUND_TO_NEAREST_INT)
JAXC__VROUND(floor, _MM_FROUND_TO_NEG_INF)
JAXC__VROUND(ceil, _MM_FROUND_TO_POS_INF)
JAXC__VROUND(trunc, _MM_FROUND_TO_ZERO)
#  define JAXC__VEC_ROUND_F32 ~, jaxc__vrint_f32
#  define JAXC__VEC_ROUND_F64 ~, jaxc__vrint_f64
#  define JAXC__VEC_RINT_F32 ~, jaxc__vrint_f32
#  define JAXC__VEC_RINT_F64 ~, jaxc__vrint_f64
#  define JAXC__VEC_FLOOR_F32 ~, jaxc__vfloor_f32
#  define JAXC__VEC_FLOOR_F64 ~, jaxc__vfloor_f64
#  define JAXC__VEC_CEIL_F32 ~, jaxc__vceil_f32
#  define JAXC__VEC_CEIL_F64 ~, jaxc__vceil_f64
#  define JAXC__VEC_TRUNC_F32 ~, jaxc__vtrunc_f32
#  define JAXC__VEC_TRUNC_F64 ~, jaxc__vtrunc_f64
#  define JAXC__VEC_SQRT_F32 ~, jaxc__vsqrt_f32
#  define JAXC__VEC_SQRT_F64 ~, jaxc__vsqrt_f64
#  define JAXC__VEC_ABS_C64 ~, jaxc__vabs_c64
#  define JAXC__VEC_ABS_C128 ~, jaxc__vabs_c128
#  define JAXC__VEC_SQRT_C64 ~, jaxc__vsqrt_jaxc_c64
#  define JAXC__VEC_SQRT_C128 ~, jaxc__vsqrt_jaxc_c128
#endif

/* --- generated kernels ------------------------------------------------------------------------
   For op OP and dtype E (where the op's group accepts E's kind):
     jaxc__f_<op>_<E>(a[, b])               the op on compute values
     jaxc_scalar_<op>_<c>[_<c>](a[, b])     the op on one storage value (C return type = result)
     jaxc_kernel_<op>_<c>[_<c>](n, a, [b,] out)   the op over arrays in caller memory
     jaxc__k_<op>_<E>_{vv,sv,vs}            void * wrappers for the dispatch tables (sv: a is
                                            one element broadcast over b, vs: the converse) */
#define JAXC__OUTCT_SAME(K, T, CT, RT) CT
#define JAXC__OUTT_SAME(K, T, CT, RT) T
#define JAXC__OUTST_SAME(K, ST) ST
#define JAXC__OUTCT_BOOL(K, T, CT, RT) bool
#define JAXC__OUTT_BOOL(K, T, CT, RT) bool
#define JAXC__OUTST_BOOL(K, ST) JAXC__ID
#define JAXC__OUTCT_REAL(K, T, CT, RT) JAXC__REAL_PICK_##K(CT, RT)
#define JAXC__OUTT_REAL(K, T, CT, RT) JAXC__REAL_PICK_##K(T, RT)
#define JAXC__OUTST_REAL(K, ST) JAXC__REAL_PICK_##K(ST, JAXC__ID)
#define JAXC__OUTCT_U8(K, T, CT, RT) uint8_t
#define JAXC__OUTT_U8(K, T, CT, RT) uint8_t
#define JAXC__OUTST_U8(K, ST) JAXC__ID
#define JAXC__REAL_PICK_KB(x, y) x
#define JAXC__REAL_PICK_KU(x, y) x
#define JAXC__REAL_PICK_KI(x, y) x
#define JAXC__REAL_PICK_KF(x, y) x
#define JAXC__REAL_PICK_KC(x, y) y

typedef void (*jaxc__bin_fn)(size_t n, const void *a, const void *b, void *out);
typedef void (*jaxc__un_fn)(size_t n, const void *a, void *out);

#define JAXC__GEN_OP(OP, name, ar, rule, grp, out, lax) JAXC__ARITH(JAXC__GEN_OP_ROW, (OP, name, ar, grp, out))
#define JAXC__GEN_OP_ROW(P, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) \
  JAXC__GEN_OP_ROW_(JAXC__UNPACK P, E, c, T, CT, UT, RT, K, LD, ST)
#define JAXC__GEN_OP_ROW_(...) JAXC__GEN_OP_ROW__(__VA_ARGS__)
#define JAXC__GEN_OP_ROW__(OP, name, ar, grp, out, E, c, T, CT, UT, RT, K, LD, ST) \
  JAXC__IN_##grp##_##K(JAXC__DEF_##ar(OP, name, E, c, T, CT, K, LD, JAXC__OUTCT_##out(K, T, CT, RT), \
                                      JAXC__OUTT_##out(K, T, CT, RT), JAXC__OUTST_##out(K, ST)))
#define JAXC__DEF_RED(...)
#define JAXC__DEF_UPD(...)
/* Split ops (JAXC__SPLIT_<OP>_<K> = "~, near code, redo test"): vectorisable code for most of
   the domain, NaN where it cannot vouch for the result, and a full function for the rest
   (trig beyond 2^24, float64 exp/log/expm1/log1p outside their range, logaddexp where its
   sum cancels). The loops run the near code, then redo the elements it marked with the full
   function, which is the near code followed by the same test, so both give the same bits. For
   every other op the test is a constant false and the second loop vanishes. */
#define JAXC__THIRD(...) JAXC__THIRD_(__VA_ARGS__)
#define JAXC__THIRD_(a, b, c, ...) c
#define JAXC__NEAR(OP, K) JAXC__SECOND(JAXC__SPLIT_##OP##_##K, JAXC__##OP##_##K, ~)
#define JAXC__REDO(OP, K) JAXC__THIRD(JAXC__SPLIT_##OP##_##K, JAXC__##OP##_##K, JAXC__NEVER, ~)
#define JAXC__NEVER(E, M, r) false
#define JAXC__REDO_NAN(E, M, r) jaxc__isnan_##M(r)
/* The loop of an op's kernel over [lo, n): o[i] = the near code on NEAR_ARGS (which name i).
   Split ops then compute the elements it marked again with FULL, which reads the inputs again;
   the near loop notes in jaxc__redo whether any element needs it (a reduction the loop
   vectorises; a plain scan of the output cost a quarter of exp's time). Where the output is an
   input (ALIASED: an in-place call) the inputs must outlive the near code, so it writes a block
   of JAXC__SPLIT_N elements at a time to a buffer on the stack, redone there, then copied out;
   otherwise the whole range is one block written in place (blocks always cost 3-20%; a second
   copy of the loops, 30% more code). Other ops keep the plain loop (the reduction clause made
   some 17% slower in cache). */
#define JAXC__FOURTH(...) JAXC__FOURTH_(__VA_ARGS__)
#define JAXC__FOURTH_(a, b, c, d, ...) d
#define JAXC__IF_SPLIT(OP, K, yes, no) JAXC__FOURTH(JAXC__SPLIT_##OP##_##K, yes, ~, no, ~)
#define JAXC__APPLY(F, ARGS) F ARGS
#define JAXC__SPLIT_N 256
#define JAXC__OP_LOOP(OP, K, ...) JAXC__IF_SPLIT(OP, K, JAXC__SPLIT_LOOP, JAXC__PLAIN_LOOP)(OP, K, __VA_ARGS__)
#define JAXC__PLAIN_LOOP(OP, K, E, CT, OCT, OT, LD, OST, lo, n, o, ALIASED, NEAR_ARGS, FULL)          \
  JAXC__SIMD for (size_t i = lo; i < n; i++) o[i] = OST(JAXC__APPLY(JAXC__##OP##_##K, (E, CT, JAXC__UNPACK NEAR_ARGS)))
#define JAXC__SPLIT_LOOP(OP, K, E, CT, OCT, OT, LD, OST, lo, n, o, ALIASED, NEAR_ARGS, FULL)          \
  const bool jaxc__aliased = (ALIASED);                                                              \
  for (size_t jaxc__b = lo, jaxc__e; jaxc__b < n; jaxc__b = jaxc__e) {                               \
    OT jaxc__t[JAXC__SPLIT_N], *jaxc__d = jaxc__aliased ? jaxc__t : o + jaxc__b;                     \
    jaxc__e = !jaxc__aliased || n - jaxc__b < JAXC__SPLIT_N ? n : jaxc__b + JAXC__SPLIT_N;           \
    int jaxc__redo = 0;                                                                              \
    JAXC__NEAR_STEP(OP, K, E, CT, OCT, OST, jaxc__b, jaxc__e, jaxc__d[i - jaxc__b], NEAR_ARGS);      \
    if (jaxc__redo) JAXC__REDO_STEP(OP, K, E, CT, LD, OST, jaxc__b, jaxc__e, jaxc__d[i - jaxc__b], FULL); \
    if (jaxc__aliased)                                                                               \
      for (size_t i = jaxc__b; i < jaxc__e; i++) o[i] = jaxc__t[i - jaxc__b];                        \
  }
/* DST (naming i) = the near code over [lo, hi), and the redo of its marked elements */
#define JAXC__NEAR_STEP(OP, K, E, CT, OCT, OST, lo, hi, DST, NEAR_ARGS)                               \
  JAXC__SIMD_REDO for (size_t i = lo; i < hi; i++) {                                                 \
    OCT jaxc__r = JAXC__APPLY(JAXC__NEAR(OP, K), (E, CT, JAXC__UNPACK NEAR_ARGS));                    \
    DST = OST(jaxc__r);                                                                              \
    jaxc__redo |= JAXC__REDO(OP, K)(E, CT, jaxc__r);                                                  \
  }
#define JAXC__REDO_STEP(OP, K, E, CT, LD, OST, lo, hi, DST, FULL)                                      \
  for (size_t i = lo; i < hi; i++)                                                                   \
    if (JAXC__REDO(OP, K)(E, CT, LD(DST))) DST = OST(FULL)

/* Kernels: out[i] = op(a[i], b[i]) for n elements; out may be a or b itself, not overlap them
   otherwise. _vv, _sv and _vs take arrays or one broadcast scalar (jaxc.h's chunks); the public
   jaxc_kernel_<op>_<c>_<c> runs _vv over blocks, on OpenMP threads for large n. */
#define JAXC__DEF_BIN(OP, name, E, c, T, CT, K, LD, OCT, OT, OST)                                     \
  JAXC__DEV OCT jaxc__f_##name##_##E(CT a, CT b) { (void)a; (void)b; return JAXC__##OP##_##K(E, CT, a, b); }          \
  JAXC__DEV OT jaxc_scalar_##name##_##c##_##c(T a, T b) { return OST(jaxc__f_##name##_##E(LD(a), LD(b))); } \
  JAXC__INLINE void jaxc__k_##name##_##E##_vv(size_t n, const void *a, const void *b, void *out) {    \
    const T *aa JAXC__MAYBE_UNUSED = (const T *)a, *bb JAXC__MAYBE_UNUSED = (const T *)b;             \
    OT *o = (OT *)out;                                                                               \
    JAXC__OP_LOOP(OP, K, E, CT, OCT, OT, LD, OST, 0, n, o, out == a || out == b, (LD(aa[i]), LD(bb[i])), jaxc__f_##name##_##E(LD(aa[i]), LD(bb[i]))); \
  }                                                                                                  \
  JAXC__INLINE void jaxc__k_##name##_##E##_sv(size_t n, const void *a, const void *b, void *out) {    \
    const CT a0 JAXC__MAYBE_UNUSED = LD(*(const T *)a);                                              \
    const T *bb JAXC__MAYBE_UNUSED = (const T *)b;                                                   \
    OT *o = (OT *)out;                                                                               \
    JAXC__OP_LOOP(OP, K, E, CT, OCT, OT, LD, OST, 0, n, o, out == b, (a0, LD(bb[i])), jaxc__f_##name##_##E(a0, LD(bb[i]))); \
  }                                                                                                  \
  JAXC__INLINE void jaxc__k_##name##_##E##_vs(size_t n, const void *a, const void *b, void *out) {    \
    const CT b0 JAXC__MAYBE_UNUSED = LD(*(const T *)b);                                              \
    const T *aa JAXC__MAYBE_UNUSED = (const T *)a;                                                   \
    OT *o = (OT *)out;                                                                               \
    JAXC__OP_LOOP(OP, K, E, CT, OCT, OT, LD, OST, 0, n, o, out == a, (LD(aa[i]), b0), jaxc__f_##name##_##E(LD(aa[i]), b0)); \
  }                                                                                                  \
  JAXC__INLINE void jaxc_kernel_##name##_##c##_##c(size_t n, const T *a, const T *b, OT *out) {        \
    JAXC__BLOCKS(n, n * (2 * sizeof(T) + sizeof(OT)), jaxc__k_##name##_##E##_vv(jaxc__len, a + jaxc__lo, b + jaxc__lo, out + jaxc__lo)); \
  }
/* Unary kernels start with the op's >>vector loop where it has one. */
#define JAXC__DEF_UN(OP, name, E, c, T, CT, K, LD, OCT, OT, OST)                                      \
  JAXC__DEV OCT jaxc__f_##name##_##E(CT a) { (void)a; return JAXC__##OP##_##K(E, CT, a); }                   \
  JAXC__DEV OT jaxc_scalar_##name##_##c(T a) { return OST(jaxc__f_##name##_##E(LD(a))); }           \
  JAXC__INLINE void jaxc__k_##name##_##E(size_t n, const void *a, void *out) {                        \
    const T *aa JAXC__MAYBE_UNUSED = (const T *)a;                                                   \
    OT *o = (OT *)out;                                                                               \
    size_t i0 = JAXC__VEC_FN(OP, E)(n, aa, o);                                                       \
    JAXC__OP_LOOP(OP, K, E, CT, OCT, OT, LD, OST, i0, n, o, out == a, (LD(aa[i])), jaxc__f_##name##_##E(LD(aa[i]))); \
  }                                                                                                  \
  JAXC__INLINE void jaxc_kernel_##name##_##c(size_t n, const T *a, OT *out) {                         \
    JAXC__BLOCKS(n, n * (sizeof(T) + sizeof(OT)), jaxc__k_##name##_##E(jaxc__len, a + jaxc__lo, out + jaxc__lo)); \
  }
#ifndef JAXC_NO_TYPED_KERNELS
#define JAXC__HAS_TYPED_KERNELS 1
JAXC_OPS(JAXC__GEN_OP)

/* Dispatch tables: [op][dtype] -> kernel, NULL where the op does not accept the dtype. */
#define JAXC__TAB_OP(OP, name, ar, rule, grp, out, lax) JAXC__ARITH(JAXC__TAB_ROW, (OP, name, ar, grp))
#define JAXC__TAB_ROW(P, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__TAB_ROW_(JAXC__UNPACK P, E, K)
#define JAXC__TAB_ROW_(...) JAXC__TAB_ROW__(__VA_ARGS__)
#define JAXC__TAB_ROW__(OP, name, ar, grp, E, K) JAXC__IN_##grp##_##K(JAXC__TAB_##ar(OP, name, E))
#define JAXC__TAB_BIN(OP, name, E) [JAXC_OP_##OP][JAXC_##E] = {jaxc__k_##name##_##E##_vv, jaxc__k_##name##_##E##_sv, jaxc__k_##name##_##E##_vs},
#define JAXC__TAB_UN(OP, name, E)
#define JAXC__TAB_RED(OP, name, E)
#define JAXC__TAB_UPD(OP, name, E)
#define JAXC__UTAB_OP(OP, name, ar, rule, grp, out, lax) JAXC__ARITH(JAXC__UTAB_ROW, (OP, name, ar, grp))
#define JAXC__UTAB_ROW(P, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__UTAB_ROW_(JAXC__UNPACK P, E, K)
#define JAXC__UTAB_ROW_(...) JAXC__UTAB_ROW__(__VA_ARGS__)
#define JAXC__UTAB_ROW__(OP, name, ar, grp, E, K) JAXC__IN_##grp##_##K(JAXC__UTAB_##ar(OP, name, E))
#define JAXC__UTAB_UN(OP, name, E) [JAXC_OP_##OP][JAXC_##E] = jaxc__k_##name##_##E,
#define JAXC__UTAB_BIN(OP, name, E)
#define JAXC__UTAB_RED(OP, name, E)
#define JAXC__UTAB_UPD(OP, name, E)
#ifndef __cplusplus /* designated initialisers: the dynamic API (jaxc.h) is C */
static const jaxc__bin_fn jaxc__bin_table[JAXC_NUM_OPS][JAXC_NUM_CONCRETE_DTYPES][3] = {JAXC_OPS(JAXC__TAB_OP)};
static const jaxc__un_fn jaxc__un_table[JAXC_NUM_OPS][JAXC_NUM_CONCRETE_DTYPES] = {JAXC_OPS(JAXC__UTAB_OP)};
#endif
#endif /* JAXC_NO_TYPED_KERNELS */

/* >>pairs -----------------------------------------------------------------------------------------
   Mixed-dtype kernels, one per op and ordered pair of distinct dtypes whose join (x64 storage)
   the op accepts: jaxc_kernel_<op>_<a>_<b>(n, const A *a, const B *b, OUT *out) converts both
   operands to the join inside the loop (one pass, no temporaries) and
   jaxc_scalar_<op>_<a>_<b>(a, b) returns the result in the join's C type:
     float r = jaxc_scalar_add_i8_f32((int8_t)3, 0.5f);       // 3.5f, as jnp gives float32
   The pair table is generated from the lattice by tools/gen_pairs.c (make check-generated). */
/* BEGIN GENERATED by tools/gen_pairs.c from the lattice: do not edit by hand. */
#define JAXC__PAIRS(X, P) \
  X(P, b, BOOL, u8, U8, u8, U8, KU, CVT, SAME) \
  X(P, b, BOOL, u16, U16, u16, U16, KU, CVT, SAME) \
  X(P, b, BOOL, u32, U32, u32, U32, KU, CVT, SAME) \
  X(P, b, BOOL, u64, U64, u64, U64, KU, CVT, SAME) \
  X(P, b, BOOL, i8, I8, i8, I8, KI, CVT, SAME) \
  X(P, b, BOOL, i16, I16, i16, I16, KI, CVT, SAME) \
  X(P, b, BOOL, i32, I32, i32, I32, KI, CVT, SAME) \
  X(P, b, BOOL, i64, I64, i64, I64, KI, CVT, SAME) \
  X(P, b, BOOL, bf16, BF16, bf16, BF16, KF, CVT, SAME) \
  X(P, b, BOOL, f16, F16, f16, F16, KF, CVT, SAME) \
  X(P, b, BOOL, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, b, BOOL, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, b, BOOL, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, b, BOOL, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, u8, U8, b, BOOL, u8, U8, KU, SAME, CVT) \
  X(P, u8, U8, u16, U16, u16, U16, KU, CVT, SAME) \
  X(P, u8, U8, u32, U32, u32, U32, KU, CVT, SAME) \
  X(P, u8, U8, u64, U64, u64, U64, KU, CVT, SAME) \
  X(P, u8, U8, i8, I8, i16, I16, KI, CVT, CVT) \
  X(P, u8, U8, i16, I16, i16, I16, KI, CVT, SAME) \
  X(P, u8, U8, i32, I32, i32, I32, KI, CVT, SAME) \
  X(P, u8, U8, i64, I64, i64, I64, KI, CVT, SAME) \
  X(P, u8, U8, bf16, BF16, bf16, BF16, KF, CVT, SAME) \
  X(P, u8, U8, f16, F16, f16, F16, KF, CVT, SAME) \
  X(P, u8, U8, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, u8, U8, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, u8, U8, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, u8, U8, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, u16, U16, b, BOOL, u16, U16, KU, SAME, CVT) \
  X(P, u16, U16, u8, U8, u16, U16, KU, SAME, CVT) \
  X(P, u16, U16, u32, U32, u32, U32, KU, CVT, SAME) \
  X(P, u16, U16, u64, U64, u64, U64, KU, CVT, SAME) \
  X(P, u16, U16, i8, I8, i32, I32, KI, CVT, CVT) \
  X(P, u16, U16, i16, I16, i32, I32, KI, CVT, CVT) \
  X(P, u16, U16, i32, I32, i32, I32, KI, CVT, SAME) \
  X(P, u16, U16, i64, I64, i64, I64, KI, CVT, SAME) \
  X(P, u16, U16, bf16, BF16, bf16, BF16, KF, CVT, SAME) \
  X(P, u16, U16, f16, F16, f16, F16, KF, CVT, SAME) \
  X(P, u16, U16, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, u16, U16, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, u16, U16, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, u16, U16, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, u32, U32, b, BOOL, u32, U32, KU, SAME, CVT) \
  X(P, u32, U32, u8, U8, u32, U32, KU, SAME, CVT) \
  X(P, u32, U32, u16, U16, u32, U32, KU, SAME, CVT) \
  X(P, u32, U32, u64, U64, u64, U64, KU, CVT, SAME) \
  X(P, u32, U32, i8, I8, i64, I64, KI, CVT, CVT) \
  X(P, u32, U32, i16, I16, i64, I64, KI, CVT, CVT) \
  X(P, u32, U32, i32, I32, i64, I64, KI, CVT, CVT) \
  X(P, u32, U32, i64, I64, i64, I64, KI, CVT, SAME) \
  X(P, u32, U32, bf16, BF16, bf16, BF16, KF, CVT, SAME) \
  X(P, u32, U32, f16, F16, f16, F16, KF, CVT, SAME) \
  X(P, u32, U32, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, u32, U32, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, u32, U32, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, u32, U32, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, u64, U64, b, BOOL, u64, U64, KU, SAME, CVT) \
  X(P, u64, U64, u8, U8, u64, U64, KU, SAME, CVT) \
  X(P, u64, U64, u16, U16, u64, U64, KU, SAME, CVT) \
  X(P, u64, U64, u32, U32, u64, U64, KU, SAME, CVT) \
  X(P, u64, U64, i8, I8, f64, F64, KF, CVT, CVT) \
  X(P, u64, U64, i16, I16, f64, F64, KF, CVT, CVT) \
  X(P, u64, U64, i32, I32, f64, F64, KF, CVT, CVT) \
  X(P, u64, U64, i64, I64, f64, F64, KF, CVT, CVT) \
  X(P, u64, U64, bf16, BF16, bf16, BF16, KF, CVT, SAME) \
  X(P, u64, U64, f16, F16, f16, F16, KF, CVT, SAME) \
  X(P, u64, U64, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, u64, U64, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, u64, U64, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, u64, U64, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, i8, I8, b, BOOL, i8, I8, KI, SAME, CVT) \
  X(P, i8, I8, u8, U8, i16, I16, KI, CVT, CVT) \
  X(P, i8, I8, u16, U16, i32, I32, KI, CVT, CVT) \
  X(P, i8, I8, u32, U32, i64, I64, KI, CVT, CVT) \
  X(P, i8, I8, u64, U64, f64, F64, KF, CVT, CVT) \
  X(P, i8, I8, i16, I16, i16, I16, KI, CVT, SAME) \
  X(P, i8, I8, i32, I32, i32, I32, KI, CVT, SAME) \
  X(P, i8, I8, i64, I64, i64, I64, KI, CVT, SAME) \
  X(P, i8, I8, bf16, BF16, bf16, BF16, KF, CVT, SAME) \
  X(P, i8, I8, f16, F16, f16, F16, KF, CVT, SAME) \
  X(P, i8, I8, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, i8, I8, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, i8, I8, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, i8, I8, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, i16, I16, b, BOOL, i16, I16, KI, SAME, CVT) \
  X(P, i16, I16, u8, U8, i16, I16, KI, SAME, CVT) \
  X(P, i16, I16, u16, U16, i32, I32, KI, CVT, CVT) \
  X(P, i16, I16, u32, U32, i64, I64, KI, CVT, CVT) \
  X(P, i16, I16, u64, U64, f64, F64, KF, CVT, CVT) \
  X(P, i16, I16, i8, I8, i16, I16, KI, SAME, CVT) \
  X(P, i16, I16, i32, I32, i32, I32, KI, CVT, SAME) \
  X(P, i16, I16, i64, I64, i64, I64, KI, CVT, SAME) \
  X(P, i16, I16, bf16, BF16, bf16, BF16, KF, CVT, SAME) \
  X(P, i16, I16, f16, F16, f16, F16, KF, CVT, SAME) \
  X(P, i16, I16, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, i16, I16, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, i16, I16, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, i16, I16, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, i32, I32, b, BOOL, i32, I32, KI, SAME, CVT) \
  X(P, i32, I32, u8, U8, i32, I32, KI, SAME, CVT) \
  X(P, i32, I32, u16, U16, i32, I32, KI, SAME, CVT) \
  X(P, i32, I32, u32, U32, i64, I64, KI, CVT, CVT) \
  X(P, i32, I32, u64, U64, f64, F64, KF, CVT, CVT) \
  X(P, i32, I32, i8, I8, i32, I32, KI, SAME, CVT) \
  X(P, i32, I32, i16, I16, i32, I32, KI, SAME, CVT) \
  X(P, i32, I32, i64, I64, i64, I64, KI, CVT, SAME) \
  X(P, i32, I32, bf16, BF16, bf16, BF16, KF, CVT, SAME) \
  X(P, i32, I32, f16, F16, f16, F16, KF, CVT, SAME) \
  X(P, i32, I32, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, i32, I32, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, i32, I32, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, i32, I32, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, i64, I64, b, BOOL, i64, I64, KI, SAME, CVT) \
  X(P, i64, I64, u8, U8, i64, I64, KI, SAME, CVT) \
  X(P, i64, I64, u16, U16, i64, I64, KI, SAME, CVT) \
  X(P, i64, I64, u32, U32, i64, I64, KI, SAME, CVT) \
  X(P, i64, I64, u64, U64, f64, F64, KF, CVT, CVT) \
  X(P, i64, I64, i8, I8, i64, I64, KI, SAME, CVT) \
  X(P, i64, I64, i16, I16, i64, I64, KI, SAME, CVT) \
  X(P, i64, I64, i32, I32, i64, I64, KI, SAME, CVT) \
  X(P, i64, I64, bf16, BF16, bf16, BF16, KF, CVT, SAME) \
  X(P, i64, I64, f16, F16, f16, F16, KF, CVT, SAME) \
  X(P, i64, I64, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, i64, I64, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, i64, I64, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, i64, I64, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, bf16, BF16, b, BOOL, bf16, BF16, KF, SAME, CVT) \
  X(P, bf16, BF16, u8, U8, bf16, BF16, KF, SAME, CVT) \
  X(P, bf16, BF16, u16, U16, bf16, BF16, KF, SAME, CVT) \
  X(P, bf16, BF16, u32, U32, bf16, BF16, KF, SAME, CVT) \
  X(P, bf16, BF16, u64, U64, bf16, BF16, KF, SAME, CVT) \
  X(P, bf16, BF16, i8, I8, bf16, BF16, KF, SAME, CVT) \
  X(P, bf16, BF16, i16, I16, bf16, BF16, KF, SAME, CVT) \
  X(P, bf16, BF16, i32, I32, bf16, BF16, KF, SAME, CVT) \
  X(P, bf16, BF16, i64, I64, bf16, BF16, KF, SAME, CVT) \
  X(P, bf16, BF16, f16, F16, f32, F32, KF, CVT, CVT) \
  X(P, bf16, BF16, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, bf16, BF16, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, bf16, BF16, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, bf16, BF16, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, f16, F16, b, BOOL, f16, F16, KF, SAME, CVT) \
  X(P, f16, F16, u8, U8, f16, F16, KF, SAME, CVT) \
  X(P, f16, F16, u16, U16, f16, F16, KF, SAME, CVT) \
  X(P, f16, F16, u32, U32, f16, F16, KF, SAME, CVT) \
  X(P, f16, F16, u64, U64, f16, F16, KF, SAME, CVT) \
  X(P, f16, F16, i8, I8, f16, F16, KF, SAME, CVT) \
  X(P, f16, F16, i16, I16, f16, F16, KF, SAME, CVT) \
  X(P, f16, F16, i32, I32, f16, F16, KF, SAME, CVT) \
  X(P, f16, F16, i64, I64, f16, F16, KF, SAME, CVT) \
  X(P, f16, F16, bf16, BF16, f32, F32, KF, CVT, CVT) \
  X(P, f16, F16, f32, F32, f32, F32, KF, CVT, SAME) \
  X(P, f16, F16, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, f16, F16, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, f16, F16, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, f32, F32, b, BOOL, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, u8, U8, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, u16, U16, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, u32, U32, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, u64, U64, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, i8, I8, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, i16, I16, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, i32, I32, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, i64, I64, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, bf16, BF16, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, f16, F16, f32, F32, KF, SAME, CVT) \
  X(P, f32, F32, f64, F64, f64, F64, KF, CVT, SAME) \
  X(P, f32, F32, c64, C64, c64, C64, KC, CVT, SAME) \
  X(P, f32, F32, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, f64, F64, b, BOOL, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, u8, U8, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, u16, U16, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, u32, U32, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, u64, U64, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, i8, I8, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, i16, I16, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, i32, I32, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, i64, I64, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, bf16, BF16, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, f16, F16, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, f32, F32, f64, F64, KF, SAME, CVT) \
  X(P, f64, F64, c64, C64, c128, C128, KC, CVT, CVT) \
  X(P, f64, F64, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, c64, C64, b, BOOL, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, u8, U8, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, u16, U16, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, u32, U32, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, u64, U64, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, i8, I8, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, i16, I16, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, i32, I32, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, i64, I64, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, bf16, BF16, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, f16, F16, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, f32, F32, c64, C64, KC, SAME, CVT) \
  X(P, c64, C64, f64, F64, c128, C128, KC, CVT, CVT) \
  X(P, c64, C64, c128, C128, c128, C128, KC, CVT, SAME) \
  X(P, c128, C128, b, BOOL, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, u8, U8, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, u16, U16, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, u32, U32, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, u64, U64, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, i8, I8, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, i16, I16, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, i32, I32, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, i64, I64, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, bf16, BF16, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, f16, F16, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, f32, F32, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, f64, F64, c128, C128, KC, SAME, CVT) \
  X(P, c128, C128, c64, C64, c128, C128, KC, SAME, CVT) \
  /* end */
/* END GENERATED */

/* tests/compile_pairs.c static-asserts every row against JAXC_PROMOTE (too heavy for every TU). */

#define JAXC__LOADAS_SAME(cx, co, O, x) jaxc__ld_##O(x)
#define JAXC__LOADAS_CVT(cx, co, O, x) jaxc__ld_##O(jaxc_cvt_##cx##_##co(x))
/* ldexp has none: its x2 is converted to x1's dtype, not joined with it, and must not be a float */
#define JAXC__NOPAIR_LDEXP ~, JAXC__DROP
#define JAXC__PAIRED(OP) JAXC__SECOND(JAXC__NOPAIR_##OP, JAXC__KEEP, ~)
#define JAXC__GEN_PAIR_OP(OP, name, ar, rule, grp, out, lax) JAXC__PAIRS(JAXC__GEN_PAIR_ROW, (OP, name, ar, grp, out))
#define JAXC__GEN_PAIR_ROW(P, ca, A, cb, B, co, O, KO, FA, FB) \
  JAXC__GEN_PAIR_ROW_(JAXC__UNPACK P, ca, A, cb, B, co, O, KO, FA, FB)
#define JAXC__GEN_PAIR_ROW_(...) JAXC__GEN_PAIR_ROW__(__VA_ARGS__)
#define JAXC__GEN_PAIR_ROW__(OP, name, ar, grp, out, ca, A, cb, B, co, O, KO, FA, FB)                  \
  JAXC__PAIRED(OP)(JAXC__IN_##grp##_##KO(JAXC__DEFPAIR_##ar(name, ca, A, cb, B, co, O, FA, FB,                         \
                        JAXC__OUTT_##out(KO, jaxc__T_##O, jaxc__CT_##O, jaxc__RT_##O),                \
                        JAXC__OUTST_##out(KO, jaxc__st_##O))))
#define JAXC__DEFPAIR_UN(...)
#define JAXC__DEFPAIR_RED(...)
#define JAXC__DEFPAIR_UPD(...)
#define JAXC__DEFPAIR_BIN(name, ca, A, cb, B, co, O, FA, FB, OT, OST)                                 \
  JAXC__DEV OT jaxc_scalar_##name##_##ca##_##cb(jaxc__T_##A a, jaxc__T_##B b) {                   \
    return OST(jaxc__f_##name##_##O(JAXC__LOADAS_##FA(ca, co, O, a), JAXC__LOADAS_##FB(cb, co, O, b))); \
  }                                                                                                  \
  JAXC__INLINE void jaxc_kernel_##name##_##ca##_##cb(size_t n, const jaxc__T_##A *a, const jaxc__T_##B *b, OT *out) { \
    JAXC__LOOP(n, n * (sizeof *a + sizeof *b + sizeof *out),                                          \
               out[i] = OST(jaxc__f_##name##_##O(JAXC__LOADAS_##FA(ca, co, O, a[i]), JAXC__LOADAS_##FB(cb, co, O, b[i])))); \
  }
#ifndef JAXC_NO_TYPED_KERNELS
JAXC_OPS(JAXC__GEN_PAIR_OP)
#endif
JAXC__ROUND_EACH_END

#endif /* JAXC_KERNELS_H_INCLUDED */
