/* jaxc_promote.h — JAX's dtype lattice and the promotion rules of other array systems, in C11.

   WHAT
     The 18 nodes of JAX's type-promotion lattice (JEP 9407): bool, u8..u64, i8..i64, bf16, f16,
     f32, f64, c64, c128 and the weak nodes i*, f*, c* that stand for Python (here: C) scalars.
     The lattice is written once, as its edges (JAXC_LATTICE below); every join, table and
     property is computed from it. Next to JAX's rules sit the other systems of the reference
     documents (NumPy, PyTorch, TensorFlow legacy and "safe", Paddle, jax.lax), for teaching.

   HOW TO USE
     #include "jaxc_promote.h"          (no .c file, no allocation, no libc: -ffreestanding works)

     _Static_assert(JAXC_PROMOTE(JAXC_I8, JAXC_U8) == JAXC_I16, "JEP 9407");
     jaxc_dtype r = jaxc_promote_types(JAXC_U64, JAXC_I64);           -> JAXC_WEAK_FLOAT (f*)
     jaxc_dtype s = jaxc_storage_dtype(r, false);                      -> JAXC_F32 (x64 off)
     jaxc_dtype n = jaxc_promote_in(JAXC_RULES_NUMPY, JAXC_I8, JAXC_U8); -> JAXC_I16
     jaxc_float_info fi; jaxc_finfo(JAXC_BF16, &fi);                   -> fi.eps == 0x1p-7
     jaxc_can_cast(JAXC_I64, JAXC_F64, JAXC_CASTING_SAFE)              -> true (NumPy's rule)

   WHAT IS WHERE (grep the banners)
     >>dtypes     JAXC_DTYPES(X): one row per lattice node, the single source of truth
     >>lattice    JAXC_LATTICE(X): the edges; upper-set masks and the ICE join JAXC_PROMOTE
     >>runtime    jaxc_promote_types, the x64-off variant, strict mode, storage dtypes
     >>info       jnp.finfo / iinfo / can_cast / issubdtype / isdtype (NumPy's answers, bfloat16
                  as ml_dtypes gives it), from JAXC_FLOAT_FORMATS and the dtype rows
     >>systems    jaxc_promote_in over every jaxc_rules system: the JEP 9407 appendix tables
                  (NumPy, PyTorch, TensorFlow), TF-NumPy's flexible dtypes (jaxc_tf_*: all 20
                  TF types, modes 'safe' and 'all'), Paddle (jaxc_paddle_*: op classes)
     >>props      jaxc_check_rules: commutativity, associativity, idempotence, counterexamples

   COMPILE-TIME OPTIONS (define before including)
     JAXC_PROMOTE_API   storage class of the functions here (default: static inline)

   Everything here is a macro, a constant or a static inline function, so the header can be
   included in any number of translation units, in C11 and in C++/CUDA. */
#ifndef JAXC_PROMOTE_H_INCLUDED
#define JAXC_PROMOTE_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef JAXC_PROMOTE_API
#  if defined(__GNUC__) || defined(__clang__)
#    define JAXC_PROMOTE_API static inline __attribute__((unused))
#  else
#    define JAXC_PROMOTE_API static inline
#  endif
#endif

/* JAXC_HD marks functions device code may call (the conversions of jaxc_kernels.h); the
   table lookups here are host functions. */
#ifdef __CUDACC__
#  define JAXC_HD __host__ __device__
#else
#  define JAXC_HD
#endif

#ifdef __cplusplus
#  define JAXC_STATIC_ASSERT(c, msg) static_assert(c, msg)
extern "C" {
#else
#  define JAXC_STATIC_ASSERT(c, msg) _Static_assert(c, msg)
#endif

/* Complex storage: C's _Complex where the compiler has it, a two-field struct otherwise (C++,
   CUDA, __STDC_NO_COMPLEX__). Either way the layout is {re, im}, as NumPy and XLA store it. */
#if !defined(__cplusplus) && !defined(__STDC_NO_COMPLEX__) && !defined(JAXC_NO_COMPLEX_H)
#  define JAXC__HAS_C_COMPLEX 1
typedef float _Complex jaxc_c64;
typedef double _Complex jaxc_c128;
#else
#  define JAXC__HAS_C_COMPLEX 0
typedef struct jaxc_c64 { float re, im; } jaxc_c64;
typedef struct jaxc_c128 { double re, im; } jaxc_c128;
#endif

/* bfloat16 and IEEE binary16 are distinct struct types, so that _Generic never confuses them
   with uint16_t or with each other. Conversions live in jaxc_kernels.h. */
typedef struct jaxc_bf16 { uint16_t bits; } jaxc_bf16;
typedef struct jaxc_f16 { uint16_t bits; } jaxc_f16;

/* >>dtypes ------------------------------------------------------------------------------------
   One row per lattice node:
     X(ENUM, code, name, kind, bits, c_type, rank, with_x64, without_x64)
   ENUM         the jaxc_dtype enumerator is JAXC_##ENUM (order fixed by the contract)
   code, name   JEP 9407's code ("i8", "f*") and NumPy's name ("int8", "float*")
   kind         JAXC_KIND_* (bool, unsigned, signed, floating, complex)
   bits         storage width in bits (of the default storage for weak nodes)
   c_type       C type of the storage (of the x64 storage for weak nodes)
   rank         position in a linear extension of JAX's lattice: x <= y implies rank(x) <= rank(y),
                so the least common upper bound is the lowest-ranked common upper bound
   with_x64     the dtype an array of this node is stored as with x64 on (weak: the default)
   without_x64  ... with x64 off (JAX narrows 64-bit dtypes to 32-bit ones)
   The concrete rows come first, then the weak nodes; JAXC_DTYPES lists both. ORDER: contract. */
#define JAXC_CONCRETE_DTYPES_WITH(X, A)                                                      \
  X(A, BOOL, "b",    "bool",       JAXC_KIND_BOOL,    8,   bool,      0,  BOOL, BOOL)        \
  X(A, U8,   "u8",   "uint8",      JAXC_KIND_UINT,    8,   uint8_t,   2,  U8,   U8)          \
  X(A, U16,  "u16",  "uint16",     JAXC_KIND_UINT,    16,  uint16_t,  4,  U16,  U16)         \
  X(A, U32,  "u32",  "uint32",     JAXC_KIND_UINT,    32,  uint32_t,  6,  U32,  U32)         \
  X(A, U64,  "u64",  "uint64",     JAXC_KIND_UINT,    64,  uint64_t,  8,  U64,  U32)         \
  X(A, I8,   "i8",   "int8",       JAXC_KIND_INT,     8,   int8_t,    3,  I8,   I8)          \
  X(A, I16,  "i16",  "int16",      JAXC_KIND_INT,     16,  int16_t,   5,  I16,  I16)         \
  X(A, I32,  "i32",  "int32",      JAXC_KIND_INT,     32,  int32_t,   7,  I32,  I32)         \
  X(A, I64,  "i64",  "int64",      JAXC_KIND_INT,     64,  int64_t,   9,  I64,  I32)         \
  X(A, BF16, "bf16", "bfloat16",   JAXC_KIND_FLOAT,   16,  jaxc_bf16, 11, BF16, BF16)        \
  X(A, F16,  "f16",  "float16",    JAXC_KIND_FLOAT,   16,  jaxc_f16,  12, F16,  F16)         \
  X(A, F32,  "f32",  "float32",    JAXC_KIND_FLOAT,   32,  float,     14, F32,  F32)         \
  X(A, F64,  "f64",  "float64",    JAXC_KIND_FLOAT,   64,  double,    15, F64,  F32)         \
  X(A, C64,  "c64",  "complex64",  JAXC_KIND_COMPLEX, 64,  jaxc_c64,  16, C64,  C64)         \
  X(A, C128, "c128", "complex128", JAXC_KIND_COMPLEX, 128, jaxc_c128, 17, C128, C64)
#define JAXC_WEAK_DTYPES_WITH(X, A)                                                          \
  X(A, WEAK_INT,     "i*", "int*",     JAXC_KIND_INT,     64,  int64_t,   1,  I64,  I32)     \
  X(A, WEAK_FLOAT,   "f*", "float*",   JAXC_KIND_FLOAT,   64,  double,    10, F64,  F32)     \
  X(A, WEAK_COMPLEX, "c*", "complex*", JAXC_KIND_COMPLEX, 128, jaxc_c128, 13, C128, C64)
#define JAXC_DTYPES_WITH(X, A) JAXC_CONCRETE_DTYPES_WITH(X, A) JAXC_WEAK_DTYPES_WITH(X, A)
/* The plain lists call X(ENUM, code, ...); the _WITH lists forward a fixed first argument A
   to every row (X(A, ENUM, code, ...)), for macros that need one (selection chains below). */
#define JAXC__CALL_DROPPING_A(X, ...) X(__VA_ARGS__)
#define JAXC_CONCRETE_DTYPES(X) JAXC_CONCRETE_DTYPES_WITH(JAXC__CALL_DROPPING_A, X)
#define JAXC_WEAK_DTYPES(X) JAXC_WEAK_DTYPES_WITH(JAXC__CALL_DROPPING_A, X)
#define JAXC_DTYPES(X) JAXC_DTYPES_WITH(JAXC__CALL_DROPPING_A, X)

typedef enum jaxc_kind {
  JAXC_KIND_BOOL, JAXC_KIND_UINT, JAXC_KIND_INT, JAXC_KIND_FLOAT, JAXC_KIND_COMPLEX
} jaxc_kind;

#define JAXC__ENUM_ROW(E, code, name, kind, bits, T, rank, s64, s32) JAXC_##E,
typedef enum jaxc_dtype {
  JAXC_DTYPES(JAXC__ENUM_ROW)
  JAXC_NUM_DTYPES,
  JAXC_DTYPE_INVALID = -1
} jaxc_dtype;
#define JAXC_NUM_CONCRETE_DTYPES JAXC_WEAK_INT
JAXC_STATIC_ASSERT(JAXC_NUM_DTYPES == 18, "JEP 9407 has 18 lattice nodes");
JAXC_STATIC_ASSERT(JAXC_WEAK_INT == 15 && JAXC_C128 == 14, "contract fixes the enumerator order");

/* True when d names one of the 18 nodes; every function here checks it before indexing. */
#define JAXC_DTYPE_VALID(d) ((unsigned)(d) < (unsigned)JAXC_NUM_DTYPES)
#define JAXC_DTYPE_IS_WEAK(d) ((d) >= JAXC_WEAK_INT && (d) <= JAXC_WEAK_COMPLEX)

/* JAXC_DTYPE_OF(expr): the dtype of a C expression's type, as an integer constant expression.
   The controlling expression is not evaluated; integer promotions are not applied, so
   JAXC_DTYPE_OF((int8_t)1) is JAXC_I8. Types with no dtype (char, long double) give INVALID. */
#ifndef __cplusplus
#  define JAXC__OF_ROW(E, code, name, kind, bits, T, rank, s64, s32) T: JAXC_##E,
#  define JAXC_DTYPE_OF(x) _Generic((x), JAXC_CONCRETE_DTYPES(JAXC__OF_ROW) default: JAXC_DTYPE_INVALID)
#endif

/* >>lattice -----------------------------------------------------------------------------------
   JEP 9407's final lattice as its edges: X(node, successor, successor, successor, x32_extra).
   Rows run from the top down, so that each row's successors are already defined (the upper
   sets below are enum constants built from earlier ones). x32_extra is the one edge JAX adds
   with x64 off (u32 -> i32: an unsigned 32-bit joins a signed 32-bit in int32 there).

                 b -> i* -> u8 -> u16 -> u32 -> u64 -\
                        \      \      \      \        >-> f* -> bf16 -\
                         > i8 -> i16 -> i32 -> i64 --/      \-> f16 --> f32 -> f64 -> c128
                                                             \-> c* -------> c64 ---/
   (and u8 -> i16, u16 -> i32, u32 -> i64; f32 -> c64)                                          */
#define JAXC_LATTICE(X)                                  \
  X(C128,         NONE,         NONE, NONE, NONE)        \
  X(C64,          C128,         NONE, NONE, NONE)        \
  X(F64,          C128,         NONE, NONE, NONE)        \
  X(F32,          F64,          C64,  NONE, NONE)        \
  X(BF16,         F32,          NONE, NONE, NONE)        \
  X(F16,          F32,          NONE, NONE, NONE)        \
  X(WEAK_COMPLEX, C64,          NONE, NONE, NONE)        \
  X(WEAK_FLOAT,   WEAK_COMPLEX, F16,  BF16, NONE)        \
  X(I64,          WEAK_FLOAT,   NONE, NONE, NONE)        \
  X(U64,          WEAK_FLOAT,   NONE, NONE, NONE)        \
  X(I32,          I64,          NONE, NONE, NONE)        \
  X(U32,          U64,          I64,  NONE, I32)         \
  X(I16,          I32,          NONE, NONE, NONE)        \
  X(U16,          U32,          I32,  NONE, NONE)        \
  X(I8,           I16,          NONE, NONE, NONE)        \
  X(U8,           U16,          I16,  NONE, NONE)        \
  X(WEAK_INT,     U8,           I8,   NONE, NONE)        \
  X(BOOL,         WEAK_INT,     NONE, NONE, NONE)

/* jax_numpy_dtype_promotion='strict' is another lattice (JAX's own second table): a weak node
   reaches every dtype of its kind and the next weak node; strong dtypes reach nothing. */
#define JAXC_LATTICE_STRICT(X)                                         \
  X(C128) X(C64) X(F64) X(F32) X(BF16) X(F16) X(I64) X(U64) X(I32)     \
  X(U32) X(I16) X(U16) X(I8) X(U8) X(BOOL)                              \
  XS(WEAK_COMPLEX, JAXC__BIT(C64) | JAXC__BIT(C128))                   \
  XS(WEAK_FLOAT, JAXC__UBS_WEAK_COMPLEX | JAXC__BIT(BF16) | JAXC__BIT(F16) | JAXC__BIT(F32) | JAXC__BIT(F64)) \
  XS(WEAK_INT, JAXC__UBS_WEAK_FLOAT | JAXC__BIT(U8) | JAXC__BIT(U16) | JAXC__BIT(U32) | JAXC__BIT(U64) \
               | JAXC__BIT(I8) | JAXC__BIT(I16) | JAXC__BIT(I32) | JAXC__BIT(I64))

/* Ranks, and each node's bit in an upper-set mask (bit number = rank). */
#define JAXC__RANK_ROW(E, code, name, kind, bits, T, rank, s64, s32) JAXC__RANK_##E = rank,
enum jaxc__ranks { JAXC_DTYPES(JAXC__RANK_ROW) JAXC__RANK_NONE = 31 };
#define JAXC__BIT(E) (1u << JAXC__RANK_##E)

/* Upper sets UB(t) = {t} ∪ UB(successors): JAXC__UB_t (x64 lattice), JAXC__UB32_t (x64 off),
   JAXC__UBS_t (strict). */
#define JAXC__UB_ROW(E, a, b, c, x) \
  JAXC__UB_##E = (int)(JAXC__BIT(E) | JAXC__UB_##a | JAXC__UB_##b | JAXC__UB_##c),
#define JAXC__UB32_ROW(E, a, b, c, x) \
  JAXC__UB32_##E = (int)(JAXC__BIT(E) | JAXC__UB32_##a | JAXC__UB32_##b | JAXC__UB32_##c | JAXC__UB32_##x),
#define JAXC__UBS_ROW(E) JAXC__UBS_##E = (int)JAXC__BIT(E),
#define JAXC__UBS_XROW(E, succ) JAXC__UBS_##E = (int)(JAXC__BIT(E) | (succ)),
enum jaxc__upper_sets { JAXC__UB_NONE = 0, JAXC_LATTICE(JAXC__UB_ROW) JAXC__UB_END };
enum jaxc__upper_sets32 { JAXC__UB32_NONE = 0, JAXC_LATTICE(JAXC__UB32_ROW) JAXC__UB32_END };
#define XS JAXC__UBS_XROW
enum jaxc__upper_sets_strict { JAXC_LATTICE_STRICT(JAXC__UBS_ROW) JAXC__UBS_END };
#undef XS

/* The ranks really are a linear extension: every edge goes up in rank (checked per edge). */
#define JAXC__RANK_CHECK(E, a, b, c, x)                                                       \
  JAXC_STATIC_ASSERT((JAXC__RANK_##a > JAXC__RANK_##E) && (JAXC__RANK_##b > JAXC__RANK_##E) &&  \
                     (JAXC__RANK_##c > JAXC__RANK_##E) && (JAXC__RANK_##x > JAXC__RANK_##E),    \
                     "rank of " #E " must be below its successors'");
JAXC_LATTICE(JAXC__RANK_CHECK)

/* JAXC_PROMOTE(a, b): jaxc_promote_types(a, b) as an integer constant expression, usable in
   _Static_assert, case labels, enum initialisers and array bounds:
     _Static_assert(JAXC_PROMOTE(JAXC_U64, JAXC_I8) == JAXC_WEAK_FLOAT, "u64 v i8 = f*");
   m = UB(a) & UB(b) holds the common upper bounds; the join is the one of lowest rank, i.e. the
   dtype E whose bit is the lowest set bit of m: (m & (2*BIT(E) - 1)) == BIT(E). */
#define JAXC_PROMOTE(a, b) ((jaxc_dtype)JAXC__LOWEST_OF(JAXC__UB_OF(a) & JAXC__UB_OF(b)))
#define JAXC__UB_SEL(d, E) (d) == JAXC_##E ? (unsigned)JAXC__UB_##E :
#define JAXC__LOWEST_SEL(m, E) ((m) & (2u * JAXC__BIT(E) - 1u)) == JAXC__BIT(E) ? JAXC_##E :
#define JAXC__UB_OF(d) (JAXC__NODE_LIST(JAXC__UB_SEL, d) 0u)
#define JAXC__LOWEST_OF(m) (JAXC__NODE_LIST(JAXC__LOWEST_SEL, m) JAXC_DTYPE_INVALID)
/* The selection chains walk their own list of the 18 enumerators, not JAXC_DTYPES: a macro is
   not expanded inside its own expansion, so a chain built on JAXC_DTYPES would leave
   JAXC_PROMOTE unusable inside any JAXC_DTYPES(X) expansion (kernel tables, case lists).
   The assertion below keeps this list identical to JAXC_DTYPES, in order. */
#define JAXC__NODE_LIST(S, A)                                                                \
  S(A, BOOL) S(A, U8) S(A, U16) S(A, U32) S(A, U64) S(A, I8) S(A, I16) S(A, I32) S(A, I64)    \
  S(A, BF16) S(A, F16) S(A, F32) S(A, F64) S(A, C64) S(A, C128)                               \
  S(A, WEAK_INT) S(A, WEAK_FLOAT) S(A, WEAK_COMPLEX)
#define JAXC__NODE_POS_ROW(A, E) JAXC__POS_##E,
#define JAXC__NODE_POS_CHECK(A, E) && (int)JAXC__POS_##E == (int)JAXC_##E
enum jaxc__node_positions { JAXC__NODE_LIST(JAXC__NODE_POS_ROW, 0) JAXC__POS_END };
JAXC_STATIC_ASSERT((int)JAXC__POS_END == (int)JAXC_NUM_DTYPES JAXC__NODE_LIST(JAXC__NODE_POS_CHECK, 0),
                   "JAXC__NODE_LIST must list JAXC_DTYPES' enumerators in order");

/* >>runtime -----------------------------------------------------------------------------------*/
#define JAXC__NAME_ROW(E, code, name, kind, bits, T, rank, s64, s32) name,
#define JAXC__CODE_ROW(E, code, name, kind, bits, T, rank, s64, s32) code,
#define JAXC__KIND_ROW(E, code, name, kind, bits, T, rank, s64, s32) kind,
#define JAXC__BITS_ROW(E, code, name, kind, bits, T, rank, s64, s32) bits,
#define JAXC__RANKV_ROW(E, code, name, kind, bits, T, rank, s64, s32) rank,
#define JAXC__S64_ROW(E, code, name, kind, bits, T, rank, s64, s32) JAXC_##s64,
#define JAXC__S32_ROW(E, code, name, kind, bits, T, rank, s64, s32) JAXC_##s32,
/* Upper-set tables in dtype order (no designated initialisers, so C++ and CUDA compile them). */
#define JAXC__UBV_ROW(E, code, name, kind, bits, T, rank, s64, s32) (uint32_t)JAXC__UB_##E,
#define JAXC__UB32V_ROW(E, code, name, kind, bits, T, rank, s64, s32) (uint32_t)JAXC__UB32_##E,
#define JAXC__UBSV_ROW(E, code, name, kind, bits, T, rank, s64, s32) (uint32_t)JAXC__UBS_##E,

/* One static table per column; each is indexed by a dtype only after JAXC_DTYPE_VALID. */
static const char *const jaxc__dtype_names[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__NAME_ROW)};
static const char *const jaxc__dtype_codes[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__CODE_ROW)};
static const uint8_t jaxc__dtype_kinds[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__KIND_ROW)};
static const uint8_t jaxc__dtype_bits[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__BITS_ROW)};
static const uint8_t jaxc__dtype_ranks[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__RANKV_ROW)};
static const int8_t jaxc__storage64[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__S64_ROW)};
static const int8_t jaxc__storage32[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__S32_ROW)};
static const uint32_t jaxc__ub64[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__UBV_ROW)};
static const uint32_t jaxc__ub32[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__UB32V_ROW)};
static const uint32_t jaxc__ubstrict[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__UBSV_ROW)};

JAXC_PROMOTE_API const char *jaxc_dtype_name(jaxc_dtype d) {
  return JAXC_DTYPE_VALID(d) ? jaxc__dtype_names[d] : "invalid";
}
JAXC_PROMOTE_API const char *jaxc_dtype_code(jaxc_dtype d) {
  return JAXC_DTYPE_VALID(d) ? jaxc__dtype_codes[d] : "invalid";
}
/* The kind, or -1 for an invalid dtype. */
JAXC_PROMOTE_API int jaxc_dtype_kind(jaxc_dtype d) {
  return JAXC_DTYPE_VALID(d) ? jaxc__dtype_kinds[d] : -1;
}
/* Storage width in bits (x64 storage for weak nodes); 0 for an invalid dtype. */
JAXC_PROMOTE_API int jaxc_dtype_bits(jaxc_dtype d) {
  return JAXC_DTYPE_VALID(d) ? jaxc__dtype_bits[d] : 0;
}
JAXC_PROMOTE_API bool jaxc_dtype_is_weak(jaxc_dtype d) { return JAXC_DTYPE_IS_WEAK(d); }

JAXC_PROMOTE_API bool jaxc__streq(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}
/* Either spelling ("int8" or "i8"); JAXC_DTYPE_INVALID for anything else, NULL included. */
JAXC_PROMOTE_API jaxc_dtype jaxc_dtype_parse(const char *s) {
  if (!s) return JAXC_DTYPE_INVALID;
  for (int d = 0; d < JAXC_NUM_DTYPES; d++)
    if (jaxc__streq(s, jaxc__dtype_names[d]) || jaxc__streq(s, jaxc__dtype_codes[d])) return (jaxc_dtype)d;
  return JAXC_DTYPE_INVALID;
}

/* The dtype an array of node d is stored as: weak nodes take the default dtype of their kind,
   and with x64 off 64-bit dtypes narrow to 32 bits, as JAX canonicalises them. */
JAXC_PROMOTE_API jaxc_dtype jaxc_storage_dtype(jaxc_dtype d, bool x64) {
  if (!JAXC_DTYPE_VALID(d)) return JAXC_DTYPE_INVALID;
  return (jaxc_dtype)(x64 ? jaxc__storage64[d] : jaxc__storage32[d]);
}
/* jax.dtypes.canonicalize_dtype: like jaxc_storage_dtype, but weak nodes stay weak nodes. */
JAXC_PROMOTE_API jaxc_dtype jaxc_canonicalize_dtype(jaxc_dtype d, bool x64) {
  if (!JAXC_DTYPE_VALID(d)) return JAXC_DTYPE_INVALID;
  return JAXC_DTYPE_IS_WEAK(d) ? d : jaxc_storage_dtype(d, x64);
}

/* Upper-set masks of a dtype in one of the three lattices (bit number = rank); 0 for an
   invalid dtype or lattice. */
typedef enum jaxc_lattice_id { JAXC_LATTICE_X64, JAXC_LATTICE_X32, JAXC_LATTICE_STRICT_ID } jaxc_lattice_id;
JAXC_PROMOTE_API uint32_t jaxc_upper_set(jaxc_lattice_id l, jaxc_dtype d) {
  if (!JAXC_DTYPE_VALID(d) || (unsigned)l > (unsigned)JAXC_LATTICE_STRICT_ID) return 0;
  return l == JAXC_LATTICE_X32 ? jaxc__ub32[d] : l == JAXC_LATTICE_STRICT_ID ? jaxc__ubstrict[d] : jaxc__ub64[d];
}
JAXC_PROMOTE_API int jaxc__ctz32(uint32_t m) {
  int n = 0;
  while (!(m & 1u)) m >>= 1, n++;
  return n;
}
JAXC_PROMOTE_API jaxc_dtype jaxc__dtype_of_rank(int r) {
  for (int d = 0; d < JAXC_NUM_DTYPES; d++)
    if (jaxc__dtype_ranks[d] == r) return (jaxc_dtype)d;
  return JAXC_DTYPE_INVALID;
}
/* Least upper bound in lattice l: the lowest-ranked common upper bound; INVALID if none. */
JAXC_PROMOTE_API jaxc_dtype jaxc_lattice_join(jaxc_lattice_id l, jaxc_dtype a, jaxc_dtype b) {
  uint32_t m = jaxc_upper_set(l, a) & jaxc_upper_set(l, b);
  return m ? jaxc__dtype_of_rank(jaxc__ctz32(m)) : JAXC_DTYPE_INVALID;
}

/* jnp.promote_types over all 18 nodes in JEP 9407's (x64) lattice. Total on valid input. */
JAXC_PROMOTE_API jaxc_dtype jaxc_promote_types(jaxc_dtype a, jaxc_dtype b) {
  return jaxc_lattice_join(JAXC_LATTICE_X64, a, b);
}
/* The lattice JAX uses with x64 off (u32 -> i32 added). */
JAXC_PROMOTE_API jaxc_dtype jaxc_promote_types_x32(jaxc_dtype a, jaxc_dtype b) {
  return jaxc_lattice_join(JAXC_LATTICE_X32, a, b);
}

/* >>info ---------------------------------------------------------------------------------------
   jnp.finfo, jnp.iinfo, jnp.can_cast, jnp.issubdtype and jnp.isdtype. JAX answers these with
   NumPy (ml_dtypes for bfloat16), so the answers here are NumPy's. A weak node stands for its
   Python type, which NumPy reads as a 64-bit dtype whatever x64 says (jnp.finfo(float).dtype is
   float64, jnp.iinfo(int).bits is 64): i* is int64, f* float64, c* complex128.

   The float formats, X(ENUM, nmant, nexp): stored significand bits and exponent bits. Every
   finfo field, and can_cast's float rules, are computed from these two numbers. */
#define JAXC_FLOAT_FORMATS(X) X(BF16, 7, 8) X(F16, 10, 5) X(F32, 23, 8) X(F64, 52, 11)
#define JAXC__WIDTH_ROW(E, code, name, kind, bits, T, rank, s64, s32) JAXC__WIDTH_##E = bits,
enum jaxc__widths { JAXC_DTYPES(JAXC__WIDTH_ROW) JAXC__WIDTH_END };
#define JAXC__FORMAT_CHECK(E, nmant, nexp) \
  JAXC_STATIC_ASSERT(1 + (nmant) + (nexp) == JAXC__WIDTH_##E, #E ": sign + exponent + significand = width");
JAXC_FLOAT_FORMATS(JAXC__FORMAT_CHECK)

/* np.finfo's fields, as doubles (every one is exact in a double). Values of the dtype itself
   (eps, max, resolution, ...) are what NumPy holds in that dtype: resolution is 10^-precision
   rounded to it, so finfo(float16).resolution is 0.0010004043579101562. */
typedef struct jaxc_float_info {
  jaxc_dtype dtype;   /* the float described: complex gives its parts' (finfo(complex64) is float32's) */
  int bits;           /* storage width */
  int nmant, nexp;    /* significand bits stored (without the implicit one), exponent bits */
  int iexp;           /* = nexp */
  int maxexp, minexp; /* 2^maxexp is the first power of two that overflows; 2^minexp the smallest normal */
  int machep, negep;  /* eps = 2^machep, epsneg = 2^negep */
  int precision;      /* decimal digits: int(-log10(eps)) */
  double eps;         /* 1 + eps is the float after 1 */
  double epsneg;      /* 1 - epsneg is the float before 1 */
  double max, min;    /* largest finite, and its negation */
  double smallest_normal, tiny; /* both 2^minexp (tiny is NumPy's older name) */
  double smallest_subnormal;    /* 2^(minexp - nmant) */
  double resolution;  /* 10^-precision, in the dtype */
} jaxc_float_info;

/* np.iinfo's fields. */
typedef struct jaxc_int_info {
  jaxc_dtype dtype;
  int bits;
  int64_t min; /* 0 for unsigned */
  uint64_t max;
} jaxc_int_info;

#define JAXC__NMANT_ROW(E, nmant, nexp) d == JAXC_##E ? (nmant) :
#define JAXC__NEXP_ROW(E, nmant, nexp) d == JAXC_##E ? (nexp) :
/* A float dtype's format; false for the others. */
JAXC_PROMOTE_API bool jaxc__format_of(jaxc_dtype d, int *nmant, int *nexp) {
  *nmant = JAXC_FLOAT_FORMATS(JAXC__NMANT_ROW) -1;
  *nexp = JAXC_FLOAT_FORMATS(JAXC__NEXP_ROW) -1;
  return *nmant >= 0;
}
/* The dtype NumPy reads a node as (weak nodes: their Python type's, 64-bit). */
JAXC_PROMOTE_API jaxc_dtype jaxc__numpy_dtype(jaxc_dtype d) { return jaxc_storage_dtype(d, true); }
/* The real dtype of a float or complex node, as NumPy reads it; INVALID for the others. */
JAXC_PROMOTE_API jaxc_dtype jaxc__numpy_float_part(jaxc_dtype d) {
  d = jaxc__numpy_dtype(d);
  return d == JAXC_C64 ? JAXC_F32 : d == JAXC_C128 ? JAXC_F64 : jaxc_dtype_kind(d) == JAXC_KIND_FLOAT ? d : JAXC_DTYPE_INVALID;
}
/* 2^e for e in [-1074, 1023], exactly: square and multiply over powers of two, each product a
   power of two that is a double (subnormal at the bottom). */
JAXC_PROMOTE_API double jaxc__pow2(int e) {
  double r = 1.0, b = e < 0 ? 0.5 : 2.0;
  for (unsigned k = (unsigned)(e < 0 ? -e : e); k; k >>= 1) {
    if (k & 1u) r *= b;
    if (k > 1) b *= b;
  }
  return r;
}
/* x > 0 (a normal number of the format) rounded to nmant + 1 significant bits, ties to even.
   Only exact operations: scalings by powers of two and an integer conversion, so it holds under
   any FLT_EVAL_METHOD. */
JAXC_PROMOTE_API double jaxc__round_significand(double x, int nmant) {
  int e = 0;
  while (x >= jaxc__pow2(e + 1)) e++;
  while (x < jaxc__pow2(e)) e--;
  double q = x * jaxc__pow2(nmant - e); /* in [2^nmant, 2^(nmant+1)) */
  uint64_t n = (uint64_t)q;
  double frac = q - (double)n;
  if (frac > 0.5 || (frac == 0.5 && (n & 1u))) n++;
  return (double)n * jaxc__pow2(e - nmant);
}

/* jnp.finfo(d): true and *out filled for float and complex nodes; false (and *out zeroed with
   dtype INVALID) for the others, where NumPy raises "data type ... not inexact". */
JAXC_PROMOTE_API bool jaxc_finfo(jaxc_dtype d, jaxc_float_info *out) {
  if (!out) return false;
  jaxc_float_info z = {JAXC_DTYPE_INVALID, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  *out = z;
  jaxc_dtype f = jaxc__numpy_float_part(d);
  int nmant, nexp;
  if (f == JAXC_DTYPE_INVALID || !jaxc__format_of(f, &nmant, &nexp)) return false;
  out->dtype = f;
  out->bits = 1 + nexp + nmant;
  out->nmant = nmant, out->nexp = out->iexp = nexp;
  out->maxexp = 1 << (nexp - 1);
  out->minexp = 2 - out->maxexp;
  out->machep = -nmant, out->negep = -nmant - 1;
  out->eps = jaxc__pow2(out->machep), out->epsneg = jaxc__pow2(out->negep);
  /* (2 - 2^-nmant) 2^(maxexp - 1), as an integer significand times a power of two */
  out->max = (double)((UINT64_C(1) << (nmant + 1)) - 1) * jaxc__pow2(out->maxexp - 1 - nmant);
  out->min = -out->max;
  out->smallest_normal = out->tiny = jaxc__pow2(out->minexp);
  out->smallest_subnormal = jaxc__pow2(out->minexp - nmant);
  /* int(-log10(2^-nmant)): the largest p with 10^p <= 2^nmant (never equal for p >= 1) */
  uint64_t ten = 10;
  for (out->precision = 0; ten <= (UINT64_C(1) << nmant); ten *= 10) out->precision++;
  /* Python's 10**-p (one correctly rounded division: 10^p is exact), then rounded to the dtype */
  out->resolution = jaxc__round_significand(1.0 / (double)(ten / 10), nmant);
  return true;
}

/* jnp.iinfo(d): true for the integer nodes (i* is int64); false (*out zeroed, dtype INVALID)
   for bool and the inexact ones, where NumPy raises "Invalid integer data type". */
JAXC_PROMOTE_API bool jaxc_iinfo(jaxc_dtype d, jaxc_int_info *out) {
  if (!out) return false;
  jaxc_int_info z = {JAXC_DTYPE_INVALID, 0, 0, 0};
  *out = z;
  d = jaxc__numpy_dtype(d);
  int k = jaxc_dtype_kind(d);
  if (k != JAXC_KIND_INT && k != JAXC_KIND_UINT) return false;
  int b = jaxc_dtype_bits(d);
  out->dtype = d, out->bits = b;
  uint64_t top = UINT64_C(1) << (b - 1); /* 2^(bits-1) */
  out->max = k == JAXC_KIND_UINT ? top + (top - 1) : top - 1;
  out->min = k == JAXC_KIND_UINT ? 0 : -(int64_t)(top - 1) - 1;
  return true;
}

/* np.can_cast's casting rules, weakest first. */
typedef enum jaxc_casting {
  JAXC_CASTING_NO,        /* only the same dtype */
  JAXC_CASTING_EQUIV,     /* byte order may change: the same dtype here */
  JAXC_CASTING_SAFE,      /* every value kept */
  JAXC_CASTING_SAME_KIND, /* safe, or towards a kind not below (f64 -> f32, u64 -> i8) */
  JAXC_CASTING_UNSAFE,    /* anything */
  JAXC_NUM_CASTINGS
} jaxc_casting;

/* NumPy's safe casts, as value ranges: an integer range inside the other's; an integer into a
   float whose significand holds all its value bits (NumPy also counts int64 -> float64 as safe:
   the widest float takes every integer); a float into one at least as wide in both significand
   and exponent; reals into complex by the parts' rule. ml_dtypes registers exactly this for
   bfloat16 (bool, int8, uint8 -> bfloat16 -> float32, float64, complex64, complex128). */
JAXC_PROMOTE_API bool jaxc__safe_cast(jaxc_dtype a, jaxc_dtype b) {
  int ka = jaxc_dtype_kind(a), kb = jaxc_dtype_kind(b);
  if (a == b || ka == JAXC_KIND_BOOL) return true;
  if (kb == JAXC_KIND_BOOL || ka > kb) return false; /* (kinds in order: b u i f c) */
  if (kb <= JAXC_KIND_INT) { /* integers: a's range inside b's */
    int va = jaxc_dtype_bits(a) - (ka == JAXC_KIND_INT), vb = jaxc_dtype_bits(b) - (kb == JAXC_KIND_INT);
    return va <= vb;
  }
  jaxc_dtype fb = jaxc__numpy_float_part(b);
  int mb, eb;
  jaxc__format_of(fb, &mb, &eb);
  if (ka <= JAXC_KIND_INT) return jaxc_dtype_bits(a) - (ka == JAXC_KIND_INT) <= mb + 1 || fb == JAXC_F64;
  int ma, ea;
  jaxc__format_of(jaxc__numpy_float_part(a), &ma, &ea);
  return ma <= mb && ea <= eb;
}
/* NumPy's order of kinds for 'same_kind' (dtype_kind_to_ordering): b u i f c; bfloat16 has
   ml_dtypes' kind 'V', which NumPy ranks above them all, so anything casts to bfloat16 under
   'same_kind' and bfloat16 casts to nothing below it but by the safe rule (not to float16). */
JAXC_PROMOTE_API int jaxc__kind_order(jaxc_dtype d) {
  static const int8_t order[] = {0, 1, 2, 4, 5}; /* by jaxc_kind */
  return d == JAXC_BF16 ? 8 : order[jaxc_dtype_kind(d)];
}
/* jnp.can_cast(from, to, casting) (np.can_cast on dtypes); false for invalid input. */
JAXC_PROMOTE_API bool jaxc_can_cast(jaxc_dtype from, jaxc_dtype to, jaxc_casting casting) {
  if (!JAXC_DTYPE_VALID(from) || !JAXC_DTYPE_VALID(to) || (unsigned)casting >= (unsigned)JAXC_NUM_CASTINGS) return false;
  from = jaxc__numpy_dtype(from), to = jaxc__numpy_dtype(to);
  switch (casting) {
  case JAXC_CASTING_NO: case JAXC_CASTING_EQUIV: return from == to;
  case JAXC_CASTING_SAFE: return jaxc__safe_cast(from, to);
  case JAXC_CASTING_SAME_KIND: return jaxc__safe_cast(from, to) || jaxc__kind_order(from) <= jaxc__kind_order(to);
  default: return true;
  }
}
/* The names np.can_cast takes ("no", "equiv", "safe", "same_kind", "unsafe"); -1 otherwise. */
JAXC_PROMOTE_API int jaxc_casting_parse(const char *s) {
  static const char *const names[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
  for (int c = 0; s && c < JAXC_NUM_CASTINGS; c++)
    if (jaxc__streq(s, names[c])) return c;
  return -1;
}

/* The abstract dtypes of NumPy's scalar hierarchy that jnp.issubdtype tests against (JAX counts
   bfloat16 as floating, which NumPy cannot see), with the array API's kind names that
   jnp.isdtype takes: X(ENUM, numpy_name, array_api_name, kinds as a mask of 1 << jaxc_kind). */
#define JAXC__KIND_BIT(k) (1u << JAXC_KIND_##k)
#define JAXC__KINDS_INT (JAXC__KIND_BIT(UINT) | JAXC__KIND_BIT(INT))
#define JAXC__KINDS_INEXACT (JAXC__KIND_BIT(FLOAT) | JAXC__KIND_BIT(COMPLEX))
#define JAXC_DTYPE_CLASSES(X)                                                                     \
  X(GENERIC,         "generic",         "",                 JAXC__KIND_BIT(BOOL) | JAXC__KINDS_INT | JAXC__KINDS_INEXACT) \
  X(BOOL,            "bool_",           "bool",             JAXC__KIND_BIT(BOOL))                  \
  X(NUMBER,          "number",          "numeric",          JAXC__KINDS_INT | JAXC__KINDS_INEXACT) \
  X(INTEGER,         "integer",         "integral",         JAXC__KINDS_INT)                       \
  X(SIGNEDINTEGER,   "signedinteger",   "signed integer",   JAXC__KIND_BIT(INT))                   \
  X(UNSIGNEDINTEGER, "unsignedinteger", "unsigned integer", JAXC__KIND_BIT(UINT))                  \
  X(INEXACT,         "inexact",         "",                 JAXC__KINDS_INEXACT)                   \
  X(FLOATING,        "floating",        "real floating",    JAXC__KIND_BIT(FLOAT))                 \
  X(COMPLEXFLOATING, "complexfloating", "complex floating", JAXC__KIND_BIT(COMPLEX))
#define JAXC__CLASS_ENUM_ROW(E, np_name, api_name, kinds) JAXC_CLASS_##E,
typedef enum jaxc_dtype_class { JAXC_DTYPE_CLASSES(JAXC__CLASS_ENUM_ROW) JAXC_NUM_CLASSES } jaxc_dtype_class;
#define JAXC__CLASS_KINDS_ROW(E, np_name, api_name, kinds) (uint8_t)(kinds),
#define JAXC__CLASS_NP_ROW(E, np_name, api_name, kinds) np_name,
#define JAXC__CLASS_API_ROW(E, np_name, api_name, kinds) api_name,
static const uint8_t jaxc__class_kinds[JAXC_NUM_CLASSES] = {JAXC_DTYPE_CLASSES(JAXC__CLASS_KINDS_ROW)};
static const char *const jaxc__class_np_names[JAXC_NUM_CLASSES] = {JAXC_DTYPE_CLASSES(JAXC__CLASS_NP_ROW)};
static const char *const jaxc__class_api_names[JAXC_NUM_CLASSES] = {JAXC_DTYPE_CLASSES(JAXC__CLASS_API_ROW)};

/* jnp.issubdtype(d, c); false for invalid input. */
JAXC_PROMOTE_API bool jaxc_issubdtype(jaxc_dtype d, jaxc_dtype_class c) {
  if (!JAXC_DTYPE_VALID(d) || (unsigned)c >= (unsigned)JAXC_NUM_CLASSES) return false;
  return (jaxc__class_kinds[c] >> jaxc_dtype_kind(d)) & 1u;
}
/* A class by NumPy's name ("floating") or the array API's kind name ("real floating"); -1 for
   anything else (jnp.isdtype(d, kind) is jaxc_issubdtype(d, jaxc_dtype_class_parse(kind))). */
JAXC_PROMOTE_API int jaxc_dtype_class_parse(const char *s) {
  for (int c = 0; s && c < JAXC_NUM_CLASSES; c++)
    if (jaxc__streq(s, jaxc__class_np_names[c]) || (*jaxc__class_api_names[c] && jaxc__streq(s, jaxc__class_api_names[c])))
      return c;
  return -1;
}
JAXC_PROMOTE_API const char *jaxc_dtype_class_name(jaxc_dtype_class c) {
  return (unsigned)c < (unsigned)JAXC_NUM_CLASSES ? jaxc__class_np_names[c] : "invalid";
}

/* >>systems ------------------------------------------------------------------------------------*/
typedef enum jaxc_rules {
  JAXC_RULES_JAX,        /* jax.numpy, jax_numpy_dtype_promotion='standard' (default) */
  JAXC_RULES_JAX_STRICT, /* jax_numpy_dtype_promotion='strict' */
  JAXC_RULES_LAX,        /* jax.lax: no implicit promotion */
  JAXC_RULES_TF_SAFE,    /* TF-NumPy dtype_conversion_mode='safe' (mode 'all' is JAXC_RULES_JAX) */
  JAXC_RULES_NUMPY,      /* NumPy table of JEP 9407's appendix (value-independent) */
  JAXC_RULES_TORCH,      /* PyTorch table of JEP 9407's appendix */
  JAXC_RULES_TF_LEGACY,  /* TensorFlow table of JEP 9407's appendix */
  JAXC_RULES_PADDLE,     /* Paddle: tensor-tensor and tensor-scalar rules of its guide */
  JAXC_NUM_RULES
} jaxc_rules;

/* The result node of a binary jax.numpy op on inputs of nodes a and b under rules r (JAX or
   JAX_STRICT), with the x64 switch: inputs are canonicalised first, then joined in the lattice
   JAX uses for that mode. INVALID when strict mode has no path. Store the result as
   jaxc_storage_dtype(node, x64); it is weakly typed when the node is weak. */
JAXC_PROMOTE_API jaxc_dtype jaxc_result_node(jaxc_rules r, bool x64, jaxc_dtype a, jaxc_dtype b) {
  a = jaxc_canonicalize_dtype(a, x64);
  b = jaxc_canonicalize_dtype(b, x64);
  if (a == JAXC_DTYPE_INVALID || b == JAXC_DTYPE_INVALID) return JAXC_DTYPE_INVALID;
  if (r == JAXC_RULES_JAX_STRICT) return jaxc_lattice_join(JAXC_LATTICE_STRICT_ID, a, b);
  if (r != JAXC_RULES_JAX) return JAXC_DTYPE_INVALID;
  return jaxc_lattice_join(x64 ? JAXC_LATTICE_X64 : JAXC_LATTICE_X32, a, b);
}

/* Which system answers what:
     JAX, JAX_STRICT   lattice joins (above); nodes in, nodes out, x64 lattice.
     LAX               jax.lax: no implicit promotion. Equal nodes give themselves; a weak node
                       also meets the strong dtype it is stored as with x64 on (i* + i64 = i64,
                       f* + f64 = f64, c* + c128 = c128), as JEP 9407's jax.lax table shows.
                       (That table's b + b = '-' is lax.add refusing bool, not a promotion rule.)
     NUMPY, TORCH,     JEP 9407's appendix tables, copied cell by cell. Results are concrete
     TF_LEGACY         dtypes; '-' (and NumPy's bf16, PyTorch's u16..u64) is INVALID.
     TF_SAFE           TF-NumPy's flexible-dtypes table in mode 'safe' (see jaxc_tf_promote).
     PADDLE            Paddle 2.6's guide: the tensor-tensor table and the tensor-scalar table
                       (see jaxc_paddle_result for the op-specific rules).
   ORIENTATION: every table is indexed [a][b] = [row][column] = [first operand][second operand].
   It matters only for TF_LEGACY, whose table is asymmetric (tf.add(x, y) casts y to x's type).

   The tables use short cell names, defined here and #undef'd after the last table:
   Jb Ju8 ... Jc128 are the concrete dtypes, J_ is the documents' '-' (no promotion). */
#define Jb    JAXC_BOOL
#define Ju8   JAXC_U8
#define Ju16  JAXC_U16
#define Ju32  JAXC_U32
#define Ju64  JAXC_U64
#define Ji8   JAXC_I8
#define Ji16  JAXC_I16
#define Ji32  JAXC_I32
#define Ji64  JAXC_I64
#define Jbf16 JAXC_BF16
#define Jf16  JAXC_F16
#define Jf32  JAXC_F32
#define Jf64  JAXC_F64
#define Jc64  JAXC_C64
#define Jc128 JAXC_C128
#define J_    JAXC_DTYPE_INVALID

/* NumPy (value-independent), copied from JEP 9407, appendix "NumPy 类型提升"
   (shared/reference/jax-jep9407-type-promotion-design.zh.txt). Row a, column b. */
static const int8_t jaxc__numpy_table[JAXC_NUM_DTYPES][JAXC_NUM_DTYPES] = {
  /* b      u8     u16    u32    u64    i8     i16    i32    i64    bf16   f16    f32    f64    c64    c128   i*     f*     c*          */
  {Jb,    Ju8,   Ju16,  Ju32,  Ju64,  Ji8,   Ji16,  Ji32,  Ji64,  J_,    Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ji64,  Jf64,  Jc128}, /* b    */
  {Ju8,   Ju8,   Ju16,  Ju32,  Ju64,  Ji16,  Ji16,  Ji32,  Ji64,  J_,    Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ju8,   Jf64,  Jc128}, /* u8   */
  {Ju16,  Ju16,  Ju16,  Ju32,  Ju64,  Ji32,  Ji32,  Ji32,  Ji64,  J_,    Jf32,  Jf32,  Jf64,  Jc64,  Jc128, Ju16,  Jf64,  Jc128}, /* u16  */
  {Ju32,  Ju32,  Ju32,  Ju32,  Ju64,  Ji64,  Ji64,  Ji64,  Ji64,  J_,    Jf64,  Jf64,  Jf64,  Jc128, Jc128, Ju32,  Jf64,  Jc128}, /* u32  */
  {Ju64,  Ju64,  Ju64,  Ju64,  Ju64,  Jf64,  Jf64,  Jf64,  Jf64,  J_,    Jf64,  Jf64,  Jf64,  Jc128, Jc128, Ju64,  Jf64,  Jc128}, /* u64  */
  {Ji8,   Ji16,  Ji32,  Ji64,  Jf64,  Ji8,   Ji16,  Ji32,  Ji64,  J_,    Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ji8,   Jf64,  Jc128}, /* i8   */
  {Ji16,  Ji16,  Ji32,  Ji64,  Jf64,  Ji16,  Ji16,  Ji32,  Ji64,  J_,    Jf32,  Jf32,  Jf64,  Jc64,  Jc128, Ji16,  Jf64,  Jc128}, /* i16  */
  {Ji32,  Ji32,  Ji32,  Ji64,  Jf64,  Ji32,  Ji32,  Ji32,  Ji64,  J_,    Jf64,  Jf64,  Jf64,  Jc128, Jc128, Ji32,  Jf64,  Jc128}, /* i32  */
  {Ji64,  Ji64,  Ji64,  Ji64,  Jf64,  Ji64,  Ji64,  Ji64,  Ji64,  J_,    Jf64,  Jf64,  Jf64,  Jc128, Jc128, Ji64,  Jf64,  Jc128}, /* i64  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_   }, /* bf16 */
  {Jf16,  Jf16,  Jf32,  Jf64,  Jf64,  Jf16,  Jf32,  Jf64,  Jf64,  J_,    Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Jf16,  Jf16,  Jc64 }, /* f16  */
  {Jf32,  Jf32,  Jf32,  Jf64,  Jf64,  Jf32,  Jf32,  Jf64,  Jf64,  J_,    Jf32,  Jf32,  Jf64,  Jc64,  Jc128, Jf32,  Jf32,  Jc64 }, /* f32  */
  {Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  J_,    Jf64,  Jf64,  Jf64,  Jc128, Jc128, Jf64,  Jf64,  Jc128}, /* f64  */
  {Jc64,  Jc64,  Jc64,  Jc128, Jc128, Jc64,  Jc64,  Jc128, Jc128, J_,    Jc64,  Jc64,  Jc128, Jc64,  Jc128, Jc64,  Jc64,  Jc64 }, /* c64  */
  {Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, J_,    Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128}, /* c128 */
  {Ji64,  Ju8,   Ju16,  Ju32,  Ju64,  Ji8,   Ji16,  Ji32,  Ji64,  J_,    Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ji64,  Jf64,  Jc128}, /* i*   */
  {Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  J_,    Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Jf64,  Jf64,  Jc128}, /* f*   */
  {Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, J_,    Jc64,  Jc64,  Jc128, Jc64,  Jc128, Jc128, Jc128, Jc128}, /* c*   */
};

/* PyTorch, copied from JEP 9407, appendix "PyTorch 类型提升" (same file). Row a, column b. */
static const int8_t jaxc__torch_table[JAXC_NUM_DTYPES][JAXC_NUM_DTYPES] = {
  /* b      u8     u16    u32    u64    i8     i16    i32    i64    bf16   f16    f32    f64    c64    c128   i*     f*     c*          */
  {Jb,    Ju8,   J_,    J_,    J_,    Ji8,   Ji16,  Ji32,  Ji64,  Jbf16, Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ji64,  Jf32,  Jc64 }, /* b    */
  {Ju8,   Ju8,   J_,    J_,    J_,    Ji16,  Ji16,  Ji32,  Ji64,  Jbf16, Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ju8,   Jf32,  Jc64 }, /* u8   */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_   }, /* u16  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_   }, /* u32  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_   }, /* u64  */
  {Ji8,   Ji16,  J_,    J_,    J_,    Ji8,   Ji16,  Ji32,  Ji64,  Jbf16, Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ji8,   Jf32,  Jc64 }, /* i8   */
  {Ji16,  Ji16,  J_,    J_,    J_,    Ji16,  Ji16,  Ji32,  Ji64,  Jbf16, Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ji16,  Jf32,  Jc64 }, /* i16  */
  {Ji32,  Ji32,  J_,    J_,    J_,    Ji32,  Ji32,  Ji32,  Ji64,  Jbf16, Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ji32,  Jf32,  Jc64 }, /* i32  */
  {Ji64,  Ji64,  J_,    J_,    J_,    Ji64,  Ji64,  Ji64,  Ji64,  Jbf16, Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ji64,  Jf32,  Jc64 }, /* i64  */
  {Jbf16, Jbf16, J_,    J_,    J_,    Jbf16, Jbf16, Jbf16, Jbf16, Jbf16, Jf32,  Jf32,  Jf64,  Jc64,  Jc128, Jbf16, Jbf16, Jc64 }, /* bf16 */
  {Jf16,  Jf16,  J_,    J_,    J_,    Jf16,  Jf16,  Jf16,  Jf16,  Jf32,  Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Jf16,  Jf16,  Jc64 }, /* f16  */
  {Jf32,  Jf32,  J_,    J_,    J_,    Jf32,  Jf32,  Jf32,  Jf32,  Jf32,  Jf32,  Jf32,  Jf64,  Jc64,  Jc128, Jf32,  Jf32,  Jc64 }, /* f32  */
  {Jf64,  Jf64,  J_,    J_,    J_,    Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jf64,  Jc128, Jc128, Jf64,  Jf64,  Jc128}, /* f64  */
  {Jc64,  Jc64,  J_,    J_,    J_,    Jc64,  Jc64,  Jc64,  Jc64,  Jc64,  Jc64,  Jc64,  Jc128, Jc64,  Jc128, Jc64,  Jc64,  Jc64 }, /* c64  */
  {Jc128, Jc128, J_,    J_,    J_,    Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128}, /* c128 */
  {Ji64,  Ju8,   J_,    J_,    J_,    Ji8,   Ji16,  Ji32,  Ji64,  Jbf16, Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Ji64,  Jf32,  Jc64 }, /* i*   */
  {Jf32,  Jf32,  J_,    J_,    J_,    Jf32,  Jf32,  Jf32,  Jf32,  Jbf16, Jf16,  Jf32,  Jf64,  Jc64,  Jc128, Jf32,  Jf64,  Jc64 }, /* f*   */
  {Jc64,  Jc64,  J_,    J_,    J_,    Jc64,  Jc64,  Jc64,  Jc64,  Jc64,  Jc64,  Jc64,  Jc128, Jc64,  Jc128, Jc64,  Jc64,  Jc128}, /* c*   */
};

/* TensorFlow's tf.add (legacy), copied from JEP 9407, appendix "Tensorflow 类型提升" (same
   file). ASYMMETRIC: row = first operand x, column = second operand y. */
static const int8_t jaxc__tf_legacy_table[JAXC_NUM_DTYPES][JAXC_NUM_DTYPES] = {
  /* b      u8     u16    u32    u64    i8     i16    i32    i64    bf16   f16    f32    f64    c64    c128   i*     f*     c*          */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_   }, /* b    */
  {J_,    Ju8,   J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ju8,   J_,    J_   }, /* u8   */
  {J_,    J_,    Ju16,  J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ju16,  J_,    J_   }, /* u16  */
  {J_,    J_,    J_,    Ju32,  J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ju32,  J_,    J_   }, /* u32  */
  {J_,    J_,    J_,    J_,    Ju64,  J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ju64,  J_,    J_   }, /* u64  */
  {J_,    J_,    J_,    J_,    J_,    Ji8,   J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ji8,   J_,    J_   }, /* i8   */
  {J_,    J_,    J_,    J_,    J_,    J_,    Ji16,  J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ji16,  J_,    J_   }, /* i16  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ji32,  J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ji32,  J_,    J_   }, /* i32  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ji64,  J_,    J_,    J_,    J_,    J_,    J_,    Ji64,  J_,    J_   }, /* i64  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jbf16, J_,    J_,    J_,    J_,    J_,    Jbf16, Jbf16, J_   }, /* bf16 */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jf16,  J_,    J_,    J_,    J_,    Jf16,  Jf16,  J_   }, /* f16  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jf32,  J_,    J_,    J_,    Jf32,  Jf32,  J_   }, /* f32  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jf64,  J_,    J_,    Jf64,  Jf64,  J_   }, /* f64  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  J_,    Jc64,  Jc64,  Jc64 }, /* c64  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jc128, Jc128, Jc128, Jc128}, /* c128 */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ji32,  J_,    J_,    J_,    J_,    J_,    J_,    J_,    Ji32,  J_,    J_   }, /* i*   */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jf32,  J_,    J_,    J_,    Jf32,  Jf32,  J_   }, /* f*   */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jc128, Jc128, Jc128, Jc128}, /* c*   */
};

/* TF-NumPy's flexible dtypes (tf.experimental.numpy, dtype_conversion_mode 'safe' or 'all').
   TF has 20 promotion types: the 15 concrete dtypes (same order and codes as jaxc_dtype) and
   five weak ones. Each weak TF type names the lattice node it stands for here. */
#define JAXC_TF_WEAK_DTYPES(X)          \
  X(I32W,  "i32w",  WEAK_INT)           \
  X(I64W,  "i64w",  WEAK_INT)           \
  X(F32W,  "f32w",  WEAK_FLOAT)         \
  X(F64W,  "f64w",  WEAK_FLOAT)         \
  X(C128W, "c128w", WEAK_COMPLEX)
#define JAXC__TF_ENUM_ROW(E, ...) JAXC_TF_##E,
#define JAXC__TF_CODE_ROW(E, code, ...) code,
#define JAXC__TF_NODE_ROW(E, code, node) JAXC_##node,
#define JAXC__TF_CNODE_ROW(E, ...) JAXC_##E,
typedef enum jaxc_tf_dtype {
  JAXC_CONCRETE_DTYPES(JAXC__TF_ENUM_ROW) /* JAXC_TF_BOOL .. JAXC_TF_C128 */
  JAXC_TF_WEAK_DTYPES(JAXC__TF_ENUM_ROW)  /* JAXC_TF_I32W .. JAXC_TF_C128W */
  JAXC_TF_NUM_DTYPES,
  JAXC_TF_DTYPE_INVALID = -1
} jaxc_tf_dtype;
typedef enum jaxc_tf_mode { JAXC_TF_MODE_SAFE, JAXC_TF_MODE_ALL } jaxc_tf_mode;
JAXC_STATIC_ASSERT((int)JAXC_TF_C128 == (int)JAXC_C128 && (int)JAXC_TF_I32W == (int)JAXC_NUM_CONCRETE_DTYPES &&
                   JAXC_TF_NUM_DTYPES == 20, "TF's concrete dtypes share jaxc_dtype's numbering");
#define Ji32w  JAXC_TF_I32W
#define Ji64w  JAXC_TF_I64W
#define Jf32w  JAXC_TF_F32W
#define Jf64w  JAXC_TF_F64W
#define Jc128w JAXC_TF_C128W

/* Copied from shared/reference/tensorflow-flexible-dtypes-table.txt (TF's
   _BINARY_DTYPE_RES_HALF, mirrored). A cell X is the file's "X/S" (allowed in 'safe' and
   'all'); a cell ~X is "X/A" ('all' only; 'safe' raises TypeError). Symmetric. Each row is
   split after its tenth column. */
static const int8_t jaxc__tf_flex_table[JAXC_TF_NUM_DTYPES][JAXC_TF_NUM_DTYPES] = {
  /* b       u8       u16      u32      u64      i8       i16      i32      i64      bf16
     f16     f32      f64      c64      c128     i32w     i64w     f32w     f64w     c128w */
  {Jb,      Ju8,     Ju16,    Ju32,    Ju64,    Ji8,     Ji16,    Ji32,    Ji64,    Jbf16,
   Jf16,    Jf32,    Jf64,    Jc64,    Jc128,   Ji32w,   Ji64w,   Jf32w,   Jf64w,   Jc128w},  /* b     */
  {Ju8,     Ju8,     Ju16,    Ju32,    Ju64,    ~Ji16,   Ji16,    Ji32,    Ji64,    Jbf16,
   Jf16,    Jf32,    Jf64,    Jc64,    Jc128,   Ju8,     Ju8,     ~Jf64w,  Jf64w,   Jc128w},  /* u8    */
  {Ju16,    Ju16,    Ju16,    Ju32,    Ju64,    ~Ji32,   ~Ji32,   Ji32,    Ji64,    ~Jbf16,
   ~Jf16,   Jf32,    Jf64,    Jc64,    Jc128,   Ju16,    Ju16,    ~Jf64w,  Jf64w,   Jc128w},  /* u16   */
  {Ju32,    Ju32,    Ju32,    Ju32,    Ju64,    ~Ji64,   ~Ji64,   ~Ji64,   Ji64,    ~Jbf16,
   ~Jf16,   ~Jf32,   Jf64,    ~Jc64,   Jc128,   Ju32,    Ju32,    ~Jf64w,  Jf64w,   Jc128w},  /* u32   */
  {Ju64,    Ju64,    Ju64,    Ju64,    Ju64,    ~Jf64w,  ~Jf64w,  ~Jf64w,  ~Jf64w,  ~Jbf16,
   ~Jf16,   ~Jf32,   ~Jf64,   ~Jc64,   ~Jc128,  Ju64,    Ju64,    ~Jf64w,  ~Jf64w,  ~Jc128w}, /* u64   */
  {Ji8,     ~Ji16,   ~Ji32,   ~Ji64,   ~Jf64w,  Ji8,     Ji16,    Ji32,    Ji64,    Jbf16,
   Jf16,    Jf32,    Jf64,    Jc64,    Jc128,   Ji8,     Ji8,     ~Jf64w,  Jf64w,   Jc128w},  /* i8    */
  {Ji16,    Ji16,    ~Ji32,   ~Ji64,   ~Jf64w,  Ji16,    Ji16,    Ji32,    Ji64,    ~Jbf16,
   ~Jf16,   Jf32,    Jf64,    Jc64,    Jc128,   Ji16,    Ji16,    ~Jf64w,  Jf64w,   Jc128w},  /* i16   */
  {Ji32,    Ji32,    Ji32,    ~Ji64,   ~Jf64w,  Ji32,    Ji32,    Ji32,    Ji64,    ~Jbf16,
   ~Jf16,   ~Jf32,   Jf64,    ~Jc64,   Jc128,   Ji32,    Ji32,    ~Jf64w,  Jf64w,   Jc128w},  /* i32   */
  {Ji64,    Ji64,    Ji64,    Ji64,    ~Jf64w,  Ji64,    Ji64,    Ji64,    Ji64,    ~Jbf16,
   ~Jf16,   ~Jf32,   ~Jf64,   ~Jc64,   ~Jc128,  Ji64,    Ji64,    ~Jf64w,  ~Jf64w,  ~Jc128w}, /* i64   */
  {Jbf16,   Jbf16,   ~Jbf16,  ~Jbf16,  ~Jbf16,  Jbf16,   ~Jbf16,  ~Jbf16,  ~Jbf16,  Jbf16,
   ~Jf32,   Jf32,    Jf64,    Jc64,    Jc128,   Jbf16,   Jbf16,   Jbf16,   Jbf16,   ~Jc64},   /* bf16  */
  {Jf16,    Jf16,    ~Jf16,   ~Jf16,   ~Jf16,   Jf16,    ~Jf16,   ~Jf16,   ~Jf16,   ~Jf32,
   Jf16,    Jf32,    Jf64,    Jc64,    Jc128,   Jf16,    Jf16,    Jf16,    Jf16,    ~Jc64},   /* f16   */
  {Jf32,    Jf32,    Jf32,    ~Jf32,   ~Jf32,   Jf32,    Jf32,    ~Jf32,   ~Jf32,   Jf32,
   Jf32,    Jf32,    Jf64,    Jc64,    Jc128,   Jf32,    Jf32,    Jf32,    Jf32,    ~Jc64},   /* f32   */
  {Jf64,    Jf64,    Jf64,    Jf64,    ~Jf64,   Jf64,    Jf64,    Jf64,    ~Jf64,   Jf64,
   Jf64,    Jf64,    Jf64,    ~Jc128,  Jc128,   Jf64,    Jf64,    Jf64,    Jf64,    Jc128},   /* f64   */
  {Jc64,    Jc64,    Jc64,    ~Jc64,   ~Jc64,   Jc64,    Jc64,    ~Jc64,   ~Jc64,   Jc64,
   Jc64,    Jc64,    ~Jc128,  Jc64,    Jc128,   Jc64,    Jc64,    Jc64,    Jc64,    Jc64},    /* c64   */
  {Jc128,   Jc128,   Jc128,   Jc128,   ~Jc128,  Jc128,   Jc128,   Jc128,   ~Jc128,  Jc128,
   Jc128,   Jc128,   Jc128,   Jc128,   Jc128,   Jc128,   Jc128,   Jc128,   Jc128,   Jc128},   /* c128  */
  {Ji32w,   Ju8,     Ju16,    Ju32,    Ju64,    Ji8,     Ji16,    Ji32,    Ji64,    Jbf16,
   Jf16,    Jf32,    Jf64,    Jc64,    Jc128,   Ji32w,   Ji64w,   Jf32w,   Jf64w,   Jc128w},  /* i32w  */
  {Ji64w,   Ju8,     Ju16,    Ju32,    Ju64,    Ji8,     Ji16,    Ji32,    Ji64,    Jbf16,
   Jf16,    Jf32,    Jf64,    Jc64,    Jc128,   Ji64w,   Ji64w,   Jf32w,   Jf64w,   Jc128w},  /* i64w  */
  {Jf32w,   ~Jf64w,  ~Jf64w,  ~Jf64w,  ~Jf64w,  ~Jf64w,  ~Jf64w,  ~Jf64w,  ~Jf64w,  Jbf16,
   Jf16,    Jf32,    Jf64,    Jc64,    Jc128,   Jf32w,   Jf32w,   Jf32w,   Jf64w,   Jc128w},  /* f32w  */
  {Jf64w,   Jf64w,   Jf64w,   Jf64w,   ~Jf64w,  Jf64w,   Jf64w,   Jf64w,   ~Jf64w,  Jbf16,
   Jf16,    Jf32,    Jf64,    Jc64,    Jc128,   Jf64w,   Jf64w,   Jf64w,   Jf64w,   Jc128w},  /* f64w  */
  {Jc128w,  Jc128w,  Jc128w,  Jc128w,  ~Jc128w, Jc128w,  Jc128w,  Jc128w,  ~Jc128w, ~Jc64,
   ~Jc64,   ~Jc64,   Jc128,   Jc64,    Jc128,   Jc128w,  Jc128w,  Jc128w,  Jc128w,  Jc128w},  /* c128w */
};
#undef Ji32w
#undef Ji64w
#undef Jf32w
#undef Jf64w
#undef Jc128w

/* Paddle 2.6, copied from shared/reference/paddle-implicit-type-promotion.zh.txt.
   Paddle has no u16/u32/u64. Both tables keep the guide's row and column order, which
   jaxc__paddle_index maps a dtype to (-1: not a Paddle dtype, or a Python scalar).
   Tensor-tensor ("Tensor 之间", row a, column b): only floats mix with floats, and anything
   with complex; '-' is a TypeError. The guide's '-' on the integer/bool diagonal means "no
   promotion involved": equal dtypes give themselves (handled in code, not in the table).
   ERRATUM: the guide's c64 row lists its cells in the tensor-scalar table's row order (bool u8
   i8 i16 i32 i64 bf16 f16 f32 f64 c64 c128), so read as printed it says c64 + f64 = c64 and
   c64 + i64 = c128, against its own column c64, its example (complex64 + float64 ->
   complex128) and its statement that promotion commutes. The row below is that row read in
   the header's order; tests/test_promote.c checks this reading against the document. */
static const int8_t jaxc__paddle_index[JAXC_NUM_DTYPES] = {
  /* b  u8  u16 u32 u64  i8  i16 i32 i64  bf16 f16 f32 f64  c64 c128  i*  f*  c* */
     4,  5, -1, -1, -1,  6,  7,  8,  9,   0,   1,  2,  3,   10, 11,   -1, -1, -1};
static const int8_t jaxc__paddle_tensor_table[12][12] = {
  /* bf16   f16    f32    f64    bool   u8     i8     i16    i32    i64    c64    c128          */
  {Jbf16, Jf32,  Jf32,  Jf64,  J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  Jc128}, /* bf16 */
  {Jf32,  Jf16,  Jf32,  Jf64,  J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  Jc128}, /* f16  */
  {Jf32,  Jf32,  Jf32,  Jf64,  J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  Jc128}, /* f32  */
  {Jf64,  Jf64,  Jf64,  Jf64,  J_,    J_,    J_,    J_,    J_,    J_,    Jc128, Jc128}, /* f64  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  Jc128}, /* bool */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  Jc128}, /* u8   */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  Jc128}, /* i8   */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  Jc128}, /* i16  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  Jc128}, /* i32  */
  {J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    J_,    Jc64,  Jc128}, /* i64  */
  {Jc64,  Jc64,  Jc64,  Jc128, Jc64,  Jc64,  Jc64,  Jc64,  Jc64,  Jc64,  Jc64,  Jc128}, /* c64 (erratum) */
  {Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128, Jc128}, /* c128 */
};
/* Tensor-scalar ("Tensor 与 Scalar 之间"): row = the tensor's dtype (the guide lists the rows in
   another order than the tensor table; jaxc__paddle_scalar_row maps), column = the Python
   scalar's kind. The guide reads int as int64, float as float32, complex as complex64. */
static const int8_t jaxc__paddle_scalar_row[12] = { /* index of jaxc__paddle_index -> row */
  /* bf16 f16 f32 f64 bool u8 i8 i16 i32 i64 c64 c128 */
     6,   7,  8,  9,  0,   1, 2, 3,  4,  5,  10, 11};
static const int8_t jaxc__paddle_scalar_table[12][4] = {
  /* bool   int    float  complex         */
  {Jb,    Ji64,  Jf32,  Jc64 }, /* bool */
  {Ju8,   Ju8,   Jf32,  Jc64 }, /* u8   */
  {Ji8,   Ji8,   Jf32,  Jc64 }, /* i8   */
  {Ji16,  Ji16,  Jf32,  Jc64 }, /* i16  */
  {Ji32,  Ji32,  Jf32,  Jc64 }, /* i32  */
  {Ji64,  Ji64,  Jf32,  Jc64 }, /* i64  */
  {Jbf16, Jbf16, Jbf16, Jc64 }, /* bf16 */
  {Jf16,  Jf16,  Jf16,  Jc64 }, /* f16  */
  {Jf32,  Jf32,  Jf32,  Jc64 }, /* f32  */
  {Jf64,  Jf64,  Jf64,  Jc128}, /* f64  */
  {Jc64,  Jc64,  Jc64,  Jc64 }, /* c64  */
  {Jc128, Jc128, Jc128, Jc128}, /* c128 */
};
#undef Jb
#undef Ju8
#undef Ju16
#undef Ju32
#undef Ju64
#undef Ji8
#undef Ji16
#undef Ji32
#undef Ji64
#undef Jbf16
#undef Jf16
#undef Jf32
#undef Jf64
#undef Jc64
#undef Jc128
#undef J_

/* ---- TF-NumPy flexible dtypes ---- */
static const char *const jaxc__tf_codes[JAXC_TF_NUM_DTYPES] = {
  JAXC_CONCRETE_DTYPES(JAXC__TF_CODE_ROW) JAXC_TF_WEAK_DTYPES(JAXC__TF_CODE_ROW)};
static const int8_t jaxc__tf_nodes[JAXC_TF_NUM_DTYPES] = {
  JAXC_CONCRETE_DTYPES(JAXC__TF_CNODE_ROW) JAXC_TF_WEAK_DTYPES(JAXC__TF_NODE_ROW)};
#define JAXC__TF_VALID(t) ((unsigned)(t) < (unsigned)JAXC_TF_NUM_DTYPES)

/* "b", ..., "c128", "i32w", "i64w", "f32w", "f64w", "c128w"; "invalid" otherwise. */
JAXC_PROMOTE_API const char *jaxc_tf_dtype_code(jaxc_tf_dtype t) {
  return JAXC__TF_VALID(t) ? jaxc__tf_codes[t] : "invalid";
}
/* The TF type of a code; JAXC_TF_DTYPE_INVALID for anything else, NULL included. */
JAXC_PROMOTE_API jaxc_tf_dtype jaxc_tf_dtype_parse(const char *s) {
  if (!s) return JAXC_TF_DTYPE_INVALID;
  for (int t = 0; t < JAXC_TF_NUM_DTYPES; t++)
    if (jaxc__streq(s, jaxc__tf_codes[t])) return (jaxc_tf_dtype)t;
  return JAXC_TF_DTYPE_INVALID;
}
/* The lattice node a TF type stands for: concrete ones themselves, i32w/i64w -> i*,
   f32w/f64w -> f*, c128w -> c*. */
JAXC_PROMOTE_API jaxc_dtype jaxc_tf_dtype_node(jaxc_tf_dtype t) {
  return JAXC__TF_VALID(t) ? (jaxc_dtype)jaxc__tf_nodes[t] : JAXC_DTYPE_INVALID;
}
/* The TF type of a lattice node's operand. A weak node is a Python literal, which TF reads as
   i32w (int), f32w (float) or c128w (complex), per the table file's notes. */
JAXC_PROMOTE_API jaxc_tf_dtype jaxc_tf_dtype_of_node(jaxc_dtype d) {
  if (!JAXC_DTYPE_VALID(d)) return JAXC_TF_DTYPE_INVALID;
  if (d == JAXC_WEAK_INT) return JAXC_TF_I32W;
  if (d == JAXC_WEAK_FLOAT) return JAXC_TF_F32W;
  if (d == JAXC_WEAK_COMPLEX) return JAXC_TF_C128W;
  return (jaxc_tf_dtype)d;
}
/* TF's binary promotion of two TF types in a mode. INVALID for an '/A' cell in SAFE mode
   (TF raises TypeError there) and for invalid arguments. Symmetric. */
JAXC_PROMOTE_API jaxc_tf_dtype jaxc_tf_promote(jaxc_tf_mode mode, jaxc_tf_dtype a, jaxc_tf_dtype b) {
  if (!JAXC__TF_VALID(a) || !JAXC__TF_VALID(b)) return JAXC_TF_DTYPE_INVALID;
  if (mode != JAXC_TF_MODE_SAFE && mode != JAXC_TF_MODE_ALL) return JAXC_TF_DTYPE_INVALID;
  int cell = jaxc__tf_flex_table[a][b];
  if (cell >= 0) return (jaxc_tf_dtype)cell;
  return mode == JAXC_TF_MODE_ALL ? (jaxc_tf_dtype)~cell : JAXC_TF_DTYPE_INVALID;
}

/* ---- Paddle ---- */
/* Which rule a Paddle binary API follows (the guide's section 四): the op classes below, and
   every API of its table. The guide lists huber_loss twice; it appears once here.
     GENERAL      通用规则 between tensors and with a scalar
     DIVIDE       divide: general between tensors; 除法规则 with a scalar: an integer or bool
                  result becomes float32 (int32 / 1 -> float32)
     LOGICAL      逻辑规则: complex operands are not supported; otherwise the result is bool
     BITWISE      no promotion between tensors (equal dtypes only); general with a scalar
     TENSOR_ONLY  general between tensors; a Python scalar operand is not supported */
#define JAXC_PADDLE_OPS(X) X(GENERAL) X(DIVIDE) X(LOGICAL) X(BITWISE) X(TENSOR_ONLY)
#define JAXC_PADDLE_APIS(X)                                                                 \
  X("add", GENERAL) X("subtract", GENERAL) X("multiply", GENERAL) X("divide", DIVIDE)       \
  X("floor_divide", GENERAL) X("pow", GENERAL) X("equal", LOGICAL) X("not_equal", LOGICAL)  \
  X("less_than", LOGICAL) X("less_equal", LOGICAL) X("greater_than", LOGICAL)               \
  X("greater_equal", LOGICAL) X("logical_and", LOGICAL) X("logical_or", LOGICAL)            \
  X("logical_xor", LOGICAL) X("bitwise_and", BITWISE) X("bitwise_or", BITWISE)              \
  X("bitwise_xor", BITWISE) X("where", GENERAL) X("fmax", TENSOR_ONLY)                      \
  X("fmin", TENSOR_ONLY) X("logaddexp", TENSOR_ONLY) X("maximum", TENSOR_ONLY)              \
  X("minimum", TENSOR_ONLY) X("remainder", GENERAL) X("mod", GENERAL)                       \
  X("huber_loss", TENSOR_ONLY) X("nextafter", TENSOR_ONLY) X("atan2", TENSOR_ONLY)          \
  X("poisson_nll_loss", TENSOR_ONLY) X("l1_loss", TENSOR_ONLY) X("mse_loss", TENSOR_ONLY)
#define JAXC__PADDLE_OP_ROW(E) JAXC_PADDLE_##E,
typedef enum jaxc_paddle_op { JAXC_PADDLE_OPS(JAXC__PADDLE_OP_ROW) JAXC_PADDLE_NUM_OPS } jaxc_paddle_op;
#define JAXC__PADDLE_API_NAME_ROW(name, op) name,
#define JAXC__PADDLE_API_OP_ROW(name, op) JAXC_PADDLE_##op,
static const char *const jaxc__paddle_api_names[] = {JAXC_PADDLE_APIS(JAXC__PADDLE_API_NAME_ROW)};
static const uint8_t jaxc__paddle_api_ops[] = {JAXC_PADDLE_APIS(JAXC__PADDLE_API_OP_ROW)};
#define JAXC__PADDLE_NUM_APIS ((int)(sizeof jaxc__paddle_api_ops / sizeof jaxc__paddle_api_ops[0]))

/* The op class of a Paddle API name ("divide", "equal", ...); -1 when unknown or NULL. */
JAXC_PROMOTE_API int jaxc_paddle_op_of(const char *api) {
  if (!api) return -1;
  for (int i = 0; i < JAXC__PADDLE_NUM_APIS; i++)
    if (jaxc__streq(api, jaxc__paddle_api_names[i])) return jaxc__paddle_api_ops[i];
  return -1;
}
/* Paddle's tensor-scalar table: a tensor of dtype `tensor` with a Python scalar of kind
   `scalar` (JAXC_KIND_BOOL, _INT, _FLOAT or _COMPLEX). INVALID where Paddle has no such
   tensor dtype (u16, u32, u64, weak nodes) or for another kind. */
JAXC_PROMOTE_API jaxc_dtype jaxc_paddle_scalar(jaxc_dtype tensor, jaxc_kind scalar) {
  if (!JAXC_DTYPE_VALID(tensor)) return JAXC_DTYPE_INVALID;
  int i = jaxc__paddle_index[tensor];
  int col = scalar == JAXC_KIND_BOOL ? 0 : scalar == JAXC_KIND_INT ? 1
          : scalar == JAXC_KIND_FLOAT ? 2 : scalar == JAXC_KIND_COMPLEX ? 3 : -1;
  if (i < 0 || col < 0) return JAXC_DTYPE_INVALID;
  return (jaxc_dtype)jaxc__paddle_scalar_table[jaxc__paddle_scalar_row[i]][col];
}
/* Paddle's general rule (通用规则) on two nodes; a weak node is a Python scalar. Two Python
   scalars never reach Paddle, so that pair is INVALID. */
JAXC_PROMOTE_API jaxc_dtype jaxc__paddle_general(jaxc_dtype a, jaxc_dtype b) {
  bool wa = JAXC_DTYPE_IS_WEAK(a), wb = JAXC_DTYPE_IS_WEAK(b);
  if (wa && wb) return JAXC_DTYPE_INVALID;
  if (wa) return jaxc_paddle_scalar(b, (jaxc_kind)jaxc__dtype_kinds[a]);
  if (wb) return jaxc_paddle_scalar(a, (jaxc_kind)jaxc__dtype_kinds[b]);
  int i = jaxc__paddle_index[a], j = jaxc__paddle_index[b];
  if (i < 0 || j < 0) return JAXC_DTYPE_INVALID;
  if (a == b) return a;
  return (jaxc_dtype)jaxc__paddle_tensor_table[i][j];
}
/* The result dtype of a Paddle binary API of class op on operands of nodes a and b (weak node
   = Python scalar). Only promotion is modelled: whether the op accepts the dtype at all (a
   bitwise op on floats) is not. INVALID where Paddle raises, or for invalid arguments. */
JAXC_PROMOTE_API jaxc_dtype jaxc_paddle_result(jaxc_paddle_op op, jaxc_dtype a, jaxc_dtype b) {
  if (!JAXC_DTYPE_VALID(a) || !JAXC_DTYPE_VALID(b)) return JAXC_DTYPE_INVALID;
  jaxc_dtype g = jaxc__paddle_general(a, b);
  bool scalar = JAXC_DTYPE_IS_WEAK(a) || JAXC_DTYPE_IS_WEAK(b);
  if (g == JAXC_DTYPE_INVALID) return g;
  switch (op) {
  case JAXC_PADDLE_GENERAL: return g;
  case JAXC_PADDLE_DIVIDE:
    return scalar && jaxc__dtype_kinds[g] <= JAXC_KIND_INT ? JAXC_F32 : g;
  case JAXC_PADDLE_LOGICAL:
    if (jaxc__dtype_kinds[a] == JAXC_KIND_COMPLEX || jaxc__dtype_kinds[b] == JAXC_KIND_COMPLEX ||
        jaxc__dtype_kinds[g] == JAXC_KIND_COMPLEX)
      return JAXC_DTYPE_INVALID;
    return JAXC_BOOL;
  case JAXC_PADDLE_BITWISE: return scalar || a == b ? g : JAXC_DTYPE_INVALID;
  case JAXC_PADDLE_TENSOR_ONLY: return scalar ? JAXC_DTYPE_INVALID : g;
  default: return JAXC_DTYPE_INVALID;
  }
}

/* ---- jax.lax ---- */
JAXC_PROMOTE_API jaxc_dtype jaxc__lax_result(jaxc_dtype a, jaxc_dtype b) {
  if (a == b) return a;
  if (jaxc__storage64[a] != jaxc__storage64[b]) return JAXC_DTYPE_INVALID;
  if (JAXC_DTYPE_IS_WEAK(a) == JAXC_DTYPE_IS_WEAK(b)) return JAXC_DTYPE_INVALID;
  return JAXC_DTYPE_IS_WEAK(a) ? b : a;
}

#define JAXC_RULES_TABLE(X)                         \
  X(JAX, "jax", "jax.numpy (standard)")               \
  X(JAX_STRICT, "strict", "jax.numpy (strict)")       \
  X(LAX, "lax", "jax.lax (no implicit promotion)")    \
  X(TF_SAFE, "tf-safe", "TF-NumPy, mode 'safe'")      \
  X(NUMPY, "numpy", "NumPy")                          \
  X(TORCH, "torch", "PyTorch")                        \
  X(TF_LEGACY, "tf", "TensorFlow (legacy)")           \
  X(PADDLE, "paddle", "Paddle")
#define JAXC__RULES_NAME_ROW(E, id, title) id,
static const char *const jaxc__rules_names[JAXC_NUM_RULES] = {JAXC_RULES_TABLE(JAXC__RULES_NAME_ROW)};
#define JAXC__RULES_VALID(r) ((unsigned)(r) < (unsigned)JAXC_NUM_RULES)
/* Short name of a system ("jax", "numpy", ...); "invalid" for an out-of-range value. */
JAXC_PROMOTE_API const char *jaxc_rules_name(jaxc_rules r) {
  return JAXC__RULES_VALID(r) ? jaxc__rules_names[r] : "invalid";
}
/* The system of a short name; -1 (not a jaxc_rules) when unknown. */
JAXC_PROMOTE_API int jaxc_rules_parse(const char *s) {
  if (!s) return -1;
  for (int r = 0; r < JAXC_NUM_RULES; r++)
    if (jaxc__streq(s, jaxc__rules_names[r])) return r;
  return -1;
}

/* The promotion of a and b under system r (a = first operand = table row); see the list at
   the top of >>systems. JAXC_DTYPE_INVALID where r defines none, or for an invalid argument. */
JAXC_PROMOTE_API jaxc_dtype jaxc_promote_in(jaxc_rules r, jaxc_dtype a, jaxc_dtype b) {
  if (!JAXC_DTYPE_VALID(a) || !JAXC_DTYPE_VALID(b)) return JAXC_DTYPE_INVALID;
  switch (r) {
  case JAXC_RULES_JAX: return jaxc_promote_types(a, b);
  case JAXC_RULES_JAX_STRICT: return jaxc_lattice_join(JAXC_LATTICE_STRICT_ID, a, b);
  case JAXC_RULES_LAX: return jaxc__lax_result(a, b);
  case JAXC_RULES_TF_SAFE:
    return jaxc_tf_dtype_node(jaxc_tf_promote(JAXC_TF_MODE_SAFE, jaxc_tf_dtype_of_node(a), jaxc_tf_dtype_of_node(b)));
  case JAXC_RULES_NUMPY: return (jaxc_dtype)jaxc__numpy_table[a][b];
  case JAXC_RULES_TORCH: return (jaxc_dtype)jaxc__torch_table[a][b];
  case JAXC_RULES_TF_LEGACY: return (jaxc_dtype)jaxc__tf_legacy_table[a][b];
  case JAXC_RULES_PADDLE: return jaxc__paddle_general(a, b);
  default: return JAXC_DTYPE_INVALID;
  }
}

/* >>props: the property report of a promotion system over the 18 nodes. A system is a join
   (of a partial order) on its defined part when it is commutative, associative and idempotent
   there; JAX, JAX_STRICT and LAX are, the appendix tables are not (NumPy: i8 v u8 v f16 depends
   on the grouping; all three send i* v i* to a concrete dtype). */
typedef struct jaxc_rules_report {
  int defined;              /* ordered pairs (a, b) with a result */
  int total;                /* ordered pairs examined (18 * 18) */
  int triples;              /* triples examined (18^3) */
  int assoc_defined;        /* triples where both groupings are defined */
  bool commutative;         /* r(a,b) == r(b,a) for all pairs (both undefined counts as equal) */
  bool associative;         /* r(r(a,b),c) == r(a,r(b,c)) wherever both sides are defined */
  bool idempotent;          /* r(a,a) == a wherever defined */
  jaxc_dtype comm_counter[2];   /* the first counterexample pair, or INVALID */
  jaxc_dtype assoc_counter[3];  /* the first counterexample triple (a, b, c), or INVALID */
  jaxc_dtype idem_counter;      /* the first a with r(a,a) defined and != a, or INVALID */
} jaxc_rules_report;

/* Examines all pairs and triples of r; fills *out (when not NULL) and returns whether r is a
   join on its defined part. An invalid r gives an empty report (total 0) and false. */
JAXC_PROMOTE_API bool jaxc_check_rules(jaxc_rules r, jaxc_rules_report *out) {
  jaxc_rules_report rep = {0, 0, 0, 0, true, true, true,
                           {JAXC_DTYPE_INVALID, JAXC_DTYPE_INVALID},
                           {JAXC_DTYPE_INVALID, JAXC_DTYPE_INVALID, JAXC_DTYPE_INVALID},
                           JAXC_DTYPE_INVALID};
  if (!JAXC__RULES_VALID(r)) {
    rep.commutative = rep.associative = rep.idempotent = false;
    if (out) *out = rep;
    return false;
  }
  const int n = JAXC_NUM_DTYPES;
  for (int a = 0; a < n; a++) {
    jaxc_dtype aa = jaxc_promote_in(r, (jaxc_dtype)a, (jaxc_dtype)a);
    if (aa != JAXC_DTYPE_INVALID && aa != (jaxc_dtype)a && rep.idempotent) {
      rep.idempotent = false;
      rep.idem_counter = (jaxc_dtype)a;
    }
    for (int b = 0; b < n; b++) {
      jaxc_dtype ab = jaxc_promote_in(r, (jaxc_dtype)a, (jaxc_dtype)b);
      rep.total++;
      rep.defined += ab != JAXC_DTYPE_INVALID;
      if (ab != jaxc_promote_in(r, (jaxc_dtype)b, (jaxc_dtype)a) && rep.commutative) {
        rep.commutative = false;
        rep.comm_counter[0] = (jaxc_dtype)a, rep.comm_counter[1] = (jaxc_dtype)b;
      }
      for (int c = 0; c < n; c++) {
        rep.triples++;
        jaxc_dtype left = jaxc_promote_in(r, ab, (jaxc_dtype)c);
        jaxc_dtype right = jaxc_promote_in(r, (jaxc_dtype)a, jaxc_promote_in(r, (jaxc_dtype)b, (jaxc_dtype)c));
        if (left == JAXC_DTYPE_INVALID || right == JAXC_DTYPE_INVALID) continue;
        rep.assoc_defined++;
        if (left != right && rep.associative) {
          rep.associative = false;
          rep.assoc_counter[0] = (jaxc_dtype)a, rep.assoc_counter[1] = (jaxc_dtype)b;
          rep.assoc_counter[2] = (jaxc_dtype)c;
        }
      }
    }
  }
  if (out) *out = rep;
  return rep.commutative && rep.associative && rep.idempotent;
}

#ifdef __cplusplus
}
#endif
#endif /* JAXC_PROMOTE_H_INCLUDED */
