/* jaxc.h — JAX's arrays and dtype semantics in C11: immutable arrays, weak scalars, JAX's
   promotion, XLA casts, NaN debugging, functional .at[] updates and threefry random keys.

   HOW TO USE (stb style)
     In exactly one C file of your program:
         #define JAXC_IMPLEMENTATION
         #include "jaxc.h"
     and in every other file just #include "jaxc.h". jaxc_promote.h and jaxc_kernels.h (which
     jaxc.h includes) are all static inline and need no implementation file. The implementation
     compiles every kernel (about 35 s at -O2 with gcc 12): give it a .c file of its own.

     jaxc_array *x = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){1, 2, 3});
     jaxc_array *y = jaxc_multiply(x, 2);        // 2 is a weak int, like a Python int: int8
     jaxc_array *z = jaxc_add(y, 0.5);           // i8 v f* = f*: float32, weakly typed
     if (!z) fprintf(stderr, "%s\n", jaxc_last_error());
     jaxc_array_print(z, stdout);    // Array([2.5, 4.5, 6.5], dtype=float32, weak_type=True)
     jaxc_array_free(x); jaxc_array_free(y); jaxc_array_free(z);

   Every function returning jaxc_array * returns a new array (inputs are never modified) or
   NULL, with jaxc_last_status()/jaxc_last_error() saying why, in JAX's words where JAX has them.

   THE API, BY SECTION
     arrays    jaxc_array_from_data, jaxc_weak_int/float/complex, jaxc_array_empty/zeros,
               jaxc_array_wrap (caller memory, no allocation), jaxc_array_copy_to, _print, _free
     ops       jaxc_binary/jaxc_unary(JAXC_OP_..., ...), one named function per op (jaxc_add,
               jaxc_sqrt, ...; the binary ones take C scalars too; jnp's aliases jaxc_divide,
               jaxc_fix, jaxc_asin ... are macros for them), jaxc_astype, jaxc_where, and
               *_into variants that write into an existing array (buffer reuse); jaxc_frexp,
               jaxc_modf and jaxc_divmod (two results), jaxc_clip, jaxc_angle, jaxc_nan_to_num,
               jaxc_isclose, jaxc_allclose, jaxc_array_equal, jaxc_array_equiv, jaxc_round_decimals;
               jaxc_i0 (the modified Bessel function I0, JAX's Cephes series); jaxc_result_type
               (jnp.result_type of n operands), jaxc_binary_result, jaxc_unary_result
     reduce    jaxc_reduce(op, a, axis) and jaxc_reduce_ex (keepdims), jaxc_sum ... jaxc_cumprod,
               the nan reductions jaxc_nansum ... jaxc_nancumprod, nanargmax/nanargmin, var/std
               and nanvar/nanstd with ddof
     sort      jaxc_sort, jaxc_argsort, jaxc_sort_ex/argsort_ex (descending, stable), jaxc_lexsort,
               jaxc_sort_complex, jaxc_top_k (lax.top_k), jaxc_partition, jaxc_argpartition,
               jaxc_searchsorted,
               jaxc_digitize, jaxc_unique, jaxc_unique_ex, unique_values/counts/inverse/all, jaxc_isin,
               intersect1d, union1d, setdiff1d, setxor1d,
               jaxc_nonzero, flatnonzero, argwhere, count_nonzero, bincount; jaxc_quantile,
               nanquantile, percentile, nanpercentile (JAXC_QUANTILE_...), quantile_ex (axis
               tuples), median, nanmedian, histogram, histogram2d, histogramdd, histogram_bin_edges,
               diff, ediff1d, interp, gradient, ptp, average, cov, corrcoef, trapezoid, unwrap;
               polyval, polyadd, polysub, polymul, polyder, polyint, poly, polydiv; cumulative_sum,
               cumulative_prod (include_initial)
     index     jaxc_take, jaxc_index_take (x[idx]), jaxc_slice, jaxc_at_update (x.at[idx].op),
               jaxc_at_update_axis, jaxc_at_update_slice, jaxc_select, jaxc_choose,
               jaxc_compress, jaxc_extract, jaxc_put, jaxc_place, jaxc_ix_
     shape     jaxc_reshape, ravel, transpose, swapaxes, moveaxis, expand_dims, squeeze,
               broadcast_to, concatenate, stack, flip, fliplr, flipud, rot90, roll, tile,
               repeat, pad (JAXC_PAD_...), split, array_split, split_at, hsplit, vsplit,
               dsplit (and _at), unstack, delete,
               delete_slice, insert, insert_slice, append, atleast_1d/2d/3d, hstack, vstack,
               dstack, column_stack, broadcast_arrays, broadcast_shapes, resize, trim_zeros,
               packbits, unpackbits
     linalg    jaxc_matmul (a @ b), jaxc_dot, vdot, inner, outer, tensordot, vecdot, matvec,
               vecmat, matmul_preferred (preferred_element_type), diagonal, trace, diag,
               diagflat, kron, einsum, jaxc_convolve, jaxc_correlate (JAXC_CONV_...), cross;
               jnp.linalg: jaxc_linalg_det, slogdet, solve, inv, cholesky, matrix_power, norm,
               vector_norm, matrix_norm, matrix_transpose, svdvals, matrix_rank;
               jaxc_lax_linalg_lu
     create    jaxc_full, full_like, zeros_like, ones_like, jaxc_array_ones, arange, linspace,
               logspace, geomspace, eye, identity, tri, tril, triu (JAXC_DTYPE_NONE: dtype=None),
               vander, meshgrid, indices, indices_sparse, tril_indices, triu_indices (and
               _from), diag_indices (and _from), fill_diagonal, hanning, hamming, blackman,
               bartlett, kaiser (with the op jaxc_i0)
     random    jaxc_random_key/split/fold_in, bits, uniform, normal, randint, bernoulli,
               permutation, and *_into variants writing into caller memory
     dtypes    (jaxc_promote.h) jaxc_promote_types, jaxc_finfo, jaxc_iinfo, jaxc_can_cast,
               jaxc_issubdtype (jnp.isdtype by jaxc_dtype_class_parse), the other systems' rules
     config    jaxc_set_x64, jaxc_set_promotion, jaxc_set_debug_nans/infs, jaxc_set_buffer_cache
     Large results (>= 4 MiB) are allocated on 2 MiB huge pages, and freed ones of 128 KiB and
     more are kept for reuse (up to JAXC_BUFFER_CACHE_BYTES, default 512 MiB;
     jaxc_set_buffer_cache(0) releases them).

   COMPILE-TIME OPTIONS (define before including, in the implementation file at least)
     JAXC_IMPLEMENTATION          emit the function definitions in this translation unit
     JAXC_MALLOC(ctx, n) / JAXC_FREE(ctx, p)   allocator hooks (both or neither; ctx is NULL)
     JAXC_ASSERT(x)               internal invariant checks (default: assert)
     JAXC_NO_OPENMP               never use OpenMP, even under -fopenmp
     JAXC_NO_STDIO                no printing, no formatted error messages (status codes stay)
     JAXC_NO_GETENV               ignore JAXC_ENABLE_X64 / JAXC_DEBUG_NANS / JAXC_DEBUG_INFS
     JAXC_NO_HUGEPAGES            do not madvise(MADV_HUGEPAGE) large allocations
     JAXC_NO_STREAM               never write outputs with streaming (non-temporal) stores
     JAXC_NO_F16C                 never use the x86 F16C instructions for float16
     JAXC_MAX_NDIM                maximum rank (default 8)
     JAXC_BUFFER_CACHE_BYTES      default size of the cache of freed large buffers (512 MiB)
     JAXC_PAR_BYTES               traffic above which elementwise loops go parallel (2 MiB)
     JAXC_STREAM_BYTES            output size above which stores stream past the cache (256 MiB)
     JAXC_SELECT_MIN              lanes at least this long are radix-selected for quantiles,
                                  top_k and argpartition, not sorted whole (4096)

   ENVIRONMENT
     JAXC_ENABLE_X64=1, JAXC_DEBUG_NANS=1, JAXC_DEBUG_INFS=1 set the defaults of the switches
     (read once, at the first query; jaxc_set_* override them).

   WHAT IS WHERE (grep the banners)
     >>types >>status >>config >>arrays >>ops >>reduce >>sort >>index >>shape >>linalg >>create >>random
     >>impl */
#ifndef JAXC_H_INCLUDED
#define JAXC_H_INCLUDED

#include "jaxc_promote.h"
#include "jaxc_kernels.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#ifndef JAXC_NO_STDIO
#  include <stdio.h>
#endif

#ifndef JAXC_MAX_NDIM
#  define JAXC_MAX_NDIM 8
#endif
#ifndef JAXC_BUFFER_CACHE_BYTES
#  define JAXC_BUFFER_CACHE_BYTES ((size_t)512 << 20)
#endif

#ifndef JAXC_API
#  define JAXC_API extern
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* >>status -------------------------------------------------------------------------------------*/
#define JAXC_STATUSES(X)                                                   \
  X(OK, "ok")                                                              \
  X(ERR_PROMOTION, "no implicit dtype promotion path")                     \
  X(ERR_DTYPE, "unsupported dtype")                                        \
  X(ERR_SHAPE, "incompatible or invalid shape")                            \
  X(ERR_INDEX, "index out of bounds")                                      \
  X(ERR_OVERFLOW, "value or size overflow")                                \
  X(ERR_NAN, "invalid value (nan/inf) encountered")                        \
  X(ERR_NOMEM, "out of memory")                                            \
  X(ERR_ARG, "invalid argument")
#define JAXC__STATUS_ENUM(E, s) JAXC_##E,
typedef enum jaxc_status { JAXC_STATUSES(JAXC__STATUS_ENUM) JAXC_NUM_STATUSES } jaxc_status;

JAXC_API jaxc_status jaxc_last_status(void);  /* of the last jaxc call in this thread */
JAXC_API const char *jaxc_last_error(void);   /* its message; "" when JAXC_OK */
JAXC_API const char *jaxc_status_str(jaxc_status s);

/* >>config -------------------------------------------------------------------------------------*/
JAXC_API void jaxc_set_x64(bool on);
JAXC_API bool jaxc_x64(void);
JAXC_API void jaxc_set_promotion(jaxc_rules r);  /* JAXC_RULES_JAX or JAXC_RULES_JAX_STRICT */
JAXC_API jaxc_rules jaxc_promotion(void);
JAXC_API void jaxc_set_debug_nans(bool on);
JAXC_API void jaxc_set_debug_infs(bool on);
JAXC_API bool jaxc_debug_nans(void);
JAXC_API bool jaxc_debug_infs(void);

/* >>types --------------------------------------------------------------------------------------
   The struct is public so that a caller can wrap its own memory with no allocation at all
   (jaxc_array_wrap); treat the fields as read-only. */
typedef struct jaxc_array {
  jaxc_dtype dtype;              /* storage dtype, never a weak node */
  bool weak;                     /* weakly typed (a Python scalar in JAX) */
  bool owns_data;                /* data was allocated with the array and is freed with it */
  bool owns_self;                /* the struct itself was allocated by jaxc */
  int ndim;
  int64_t size;                  /* product of shape */
  int64_t shape[JAXC_MAX_NDIM];
  void *data;                    /* row-major, contiguous */
} jaxc_array;

/* >>arrays -------------------------------------------------------------------------------------*/
JAXC_API jaxc_array *jaxc_array_from_data(jaxc_dtype dtype, int ndim, const int64_t *shape, const void *data);
JAXC_API jaxc_array *jaxc_weak_int(int64_t v);
JAXC_API jaxc_array *jaxc_weak_float(double v);
JAXC_API jaxc_array *jaxc_weak_complex(double re, double im);
JAXC_API jaxc_dtype jaxc_array_dtype(const jaxc_array *a);
JAXC_API bool jaxc_array_is_weak(const jaxc_array *a);
JAXC_API int jaxc_array_ndim(const jaxc_array *a);
JAXC_API const int64_t *jaxc_array_shape(const jaxc_array *a);
JAXC_API int64_t jaxc_array_size(const jaxc_array *a);
JAXC_API int jaxc_array_copy_to(const jaxc_array *a, void *dst, size_t dst_bytes);
JAXC_API void jaxc_array_free(jaxc_array *a);
/* Extras: uninitialised/zeroed creation (dtype JAXC_DTYPE_NONE is jnp.zeros' default float; a
   weak node the Python type's dtype; jaxc_array_ones and the rest of jnp's creation functions
   are in >>create), scalars of a given dtype, the raw data pointer, and a zero-copy,
   no-allocation view of caller memory (the caller keeps both alive; the memory must be aligned
   for the dtype, and a bool view must hold only bytes 0 and 1, while jaxc_array_from_data copies
   from any address and reads any nonzero byte as True). */
JAXC_API jaxc_array *jaxc_array_empty(jaxc_dtype dtype, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_array_zeros(jaxc_dtype dtype, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_scalar(jaxc_dtype dtype, double re, double im);
JAXC_API const void *jaxc_array_data(const jaxc_array *a);
JAXC_API jaxc_array *jaxc_array_wrap(jaxc_array *storage, jaxc_dtype dtype, int ndim, const int64_t *shape, void *data);
JAXC_API size_t jaxc_dtype_size(jaxc_dtype d); /* bytes per element of the storage dtype */
/* Freed results of 4 MiB and more are kept for reuse up to this many bytes (default
   JAXC_BUFFER_CACHE_BYTES, 512 MiB); 0 turns the cache off and releases what it holds. */
JAXC_API void jaxc_set_buffer_cache(size_t bytes);
#ifndef JAXC_NO_STDIO
JAXC_API int jaxc_array_print(const jaxc_array *a, FILE *f); /* like repr() of a JAX Array */
#endif


/* Internal API shared by the implementation sections (not part of the contract). */
JAXC_API jaxc_array *jaxc__new_array(jaxc_dtype storage, bool weak, int ndim, const int64_t *shape);
JAXC_API void *jaxc__fail(jaxc_status s, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
JAXC_API void jaxc__ok(void);
JAXC_API bool jaxc__check_shape(int ndim, const int64_t *shape, int64_t *size_out);

/* >>ops -------------------------------------------------------------------------------------- */
/* elementwise ops, astype, where, the _Generic front. */
JAXC_API jaxc_array *jaxc_binary(jaxc_op op, const jaxc_array *a, const jaxc_array *b);
JAXC_API jaxc_array *jaxc_unary(jaxc_op op, const jaxc_array *a);
JAXC_API jaxc_array *jaxc_where(const jaxc_array *cond, const jaxc_array *x, const jaxc_array *y);
JAXC_API jaxc_array *jaxc_astype(const jaxc_array *a, jaxc_dtype dtype);
/* The same, writing into an existing array `out` of the right dtype and shape (buffer reuse:
   no allocation, no first-touch page faults). Returns out, or NULL with a status. `out` may be
   an input itself; where it overlaps an input otherwise (views of one buffer), the result is as
   if the inputs were copied first (NumPy's rule for out=): it is computed aside, then copied. */
JAXC_API jaxc_array *jaxc_binary_into(jaxc_op op, const jaxc_array *a, const jaxc_array *b, jaxc_array *out);
JAXC_API jaxc_array *jaxc_unary_into(jaxc_op op, const jaxc_array *a, jaxc_array *out);
JAXC_API jaxc_array *jaxc_astype_into(const jaxc_array *a, jaxc_array *out);
JAXC_API jaxc_array *jaxc_where_into(const jaxc_array *cond, const jaxc_array *x, const jaxc_array *y, jaxc_array *out);
/* The dtype and weak flag jaxc_binary/jaxc_unary would give (JAXC_DTYPE_INVALID + status on
   error), without computing anything. */
JAXC_API jaxc_dtype jaxc_binary_result(jaxc_op op, const jaxc_array *a, const jaxc_array *b, bool *weak);
JAXC_API jaxc_dtype jaxc_unary_result(jaxc_op op, const jaxc_array *a, bool *weak);
/* jnp.result_type(*arrays, return_weak_type_flag=True): the join of the n operands' lattice nodes
   under the promotion mode (strict mode's error where there is none), as the dtype arrays get
   (float32 for a Python float with x64 off) and its weak flag. n = 0: "at least one array or
   dtype is required". Python scalars are the weak arrays jaxc_weak_int/float/complex make. */
JAXC_API jaxc_dtype jaxc_result_type(int n, const jaxc_array *const *arrays, bool *weak);

/* Named functions, one per op of JAXC_OPS: jaxc_add(a, b), jaxc_sqrt(a), ... on arrays.
   (The binary names are also macros accepting C scalars; see the _Generic front below.) */
#define JAXC__DECL_NAMED_BIN(OP, name) JAXC_API jaxc_array *jaxc_##name(const jaxc_array *a, const jaxc_array *b);
#define JAXC__DECL_NAMED_UN(OP, name) JAXC_API jaxc_array *jaxc_##name(const jaxc_array *a);
#define JAXC__DECL_NAMED_RED(OP, name)
#define JAXC__DECL_NAMED_UPD(OP, name)
#define JAXC__DECL_NAMED(OP, name, ar, rule, grp, out, lax) JAXC__DECL_NAMED_##ar(OP, name)
JAXC_OPS(JAXC__DECL_NAMED)
/* jnp.frexp and jnp.modf: two results each, returned through the pointers (both NULL on error);
   0 or a jaxc_status. The input is promoted to inexact first (int8 -> float32, int64 -> float64).
   frexp: x = mantissa * 2**exponent, 0.5 <= |mantissa| < 1, exponent int32 (x64 on too);
   0, inf and NaN give themselves and 0; both strong. modf: whole = where(x >= 0, floor(x),
   ceil(x)) and x - whole, weak where x is: modf(inf) is (nan, inf) and modf(-0.0) (0.0, -0.0),
   as in JAX (NumPy: (0.0, inf), (-0.0, -0.0)). Complex inputs are errors. */
JAXC_API int jaxc_frexp(const jaxc_array *x, jaxc_array **mantissa, jaxc_array **exponent);
JAXC_API int jaxc_modf(const jaxc_array *x, jaxc_array **fractional, jaxc_array **integral);
/* jnp.divmod: (floor_divide(x1, x2), remainder(x1, x2)), promoted as they are (bool: int32). */
JAXC_API int jaxc_divmod(const jaxc_array *x1, const jaxc_array *x2, jaxc_array **quotient, jaxc_array **remainder);
/* jnp.clip(x, min, max) = minimum(max, maximum(min, x)): the bounds are promoted with x, not
   cast to it (clip(int8 x, weak 0.5, weak 3) is float32, weak); a NULL bound is none (both
   NULL: a copy of x); where min > max, max; NaN anywhere propagates; complex is refused. */
JAXC_API jaxc_array *jaxc_clip(const jaxc_array *x, const jaxc_array *min, const jaxc_array *max);
/* jnp.angle(z, deg): arctan2(imag(z), real(z)), by rad2deg in degrees (then strong, as rad2deg
   makes it). Complex z: its real dtype, weak where z is (angle(2+3j) is a weak float32); float
   z: its dtype, except that a 0-d float is converted to the default float dtype (JAX's rule:
   a float16 scalar gives float32); bool and integers: the default float dtype, strong. */
JAXC_API jaxc_array *jaxc_angle(const jaxc_array *z, bool deg);
/* jnp.nan_to_num(x, nan=nan, posinf=*posinf, neginf=*neginf): NaN -> nan, then +inf -> posinf,
   then -inf -> neginf, each value converted to x's (real part's) dtype as asarray(v, dtype)
   does; a NULL posinf/neginf is the dtype's largest/lowest finite value. Complex: part by part.
   The result is strong; a bool or integer x comes back as a copy (weak where x is). */
JAXC_API jaxc_array *jaxc_nan_to_num(const jaxc_array *x, double nan, const double *posinf, const double *neginf);
/* jnp.isclose(a, b, rtol, atol, equal_nan): (a == b) | (isfinite(b) & (|a - b| <= atol + rtol
   |b|)), | (isnan(a) & isnan(b)) with equal_nan; a and b promoted (then to inexact: int8 ->
   float32), rtol and atol converted to that dtype (its parts' for complex) and every step
   rounded in it, as JAX's lax ops do (float16: 1e-8 is 0). A bool array of the broadcast shape,
   in one pass. jnp.allclose: all of it, a 0-d bool. (jnp's defaults: rtol 1e-5, atol 1e-8.) */
JAXC_API jaxc_array *jaxc_isclose(const jaxc_array *a, const jaxc_array *b, double rtol, double atol, bool equal_nan);
JAXC_API jaxc_array *jaxc_allclose(const jaxc_array *a, const jaxc_array *b, double rtol, double atol, bool equal_nan);
/* jnp.round(x, decimals): round(x * 10^decimals) / 10^decimals (half to even), each op rounded
   in x's dtype (float16 through float32, as JAX does; bfloat16 in bfloat16), the factor a
   strong constant, so the result is strong; complex part by part; decimals 0 is the round op
   (weak kept); decimals beyond log10 of the dtype's largest value, or an integer x with
   decimals >= 0, give x back (a copy, weak kept); integers with decimals < 0 and bool are
   errors (JAX's messages). */
JAXC_API jaxc_array *jaxc_round_decimals(const jaxc_array *x, int decimals);

/* --- the _Generic front: C scalars are weak, like Python scalars in JAX -----------------------
   jaxc_add(x, 2) adds a weak int, jaxc_multiply(2.5, x) a weak float, jaxc_add(x, 1.0*I) a weak
   complex; a C bool is a (strong) bool, as a Python bool is in JAX -- a _Bool value: the macros
   true and false of <stdbool.h> are the ints 1 and 0, so jaxc_add(x, true) adds a weak int; write
   (bool)true or a bool variable. An integer that does not
   fit the result's integer dtype is an error, as in JAX ("Python int 300 too large to convert
   to int8"). */
typedef struct jaxc_operand {
  const jaxc_array *array; /* NULL for a scalar */
  int kind;                /* 0 array, 1 int, 2 float, 3 complex, 4 bool, 5 unsigned int */
  int64_t i;
  uint64_t u;
  double re, im;
} jaxc_operand;
JAXC_API jaxc_operand jaxc__opnd_array(const jaxc_array *a);
JAXC_API jaxc_operand jaxc__opnd_int(long long v);
JAXC_API jaxc_operand jaxc__opnd_uint(unsigned long long v);
JAXC_API jaxc_operand jaxc__opnd_float(double v);
JAXC_API jaxc_operand jaxc__opnd_bool(bool v);
#if JAXC__HAS_C_COMPLEX
JAXC_API jaxc_operand jaxc__opnd_complex(double _Complex v);
#  define JAXC__OPND_COMPLEX float _Complex: jaxc__opnd_complex, double _Complex: jaxc__opnd_complex,
#else
#  define JAXC__OPND_COMPLEX
#endif
JAXC_API jaxc_array *jaxc_binary_operands(jaxc_op op, jaxc_operand a, jaxc_operand b);

#ifndef __cplusplus
#  define JAXC_OPERAND(x)                                                                     \
    _Generic((x), jaxc_array *: jaxc__opnd_array, const jaxc_array *: jaxc__opnd_array,        \
             _Bool: jaxc__opnd_bool, char: jaxc__opnd_int, signed char: jaxc__opnd_int,         \
             short: jaxc__opnd_int, int: jaxc__opnd_int, long: jaxc__opnd_int,                  \
             long long: jaxc__opnd_int, unsigned char: jaxc__opnd_uint,                         \
             unsigned short: jaxc__opnd_uint, unsigned: jaxc__opnd_uint,                        \
             unsigned long: jaxc__opnd_uint, unsigned long long: jaxc__opnd_uint,               \
             float: jaxc__opnd_float, double: jaxc__opnd_float, JAXC__OPND_COMPLEX             \
             default: jaxc__opnd_array)(x)
/* One macro per binary op. A macro cannot #define, so JAXC_OPS cannot generate these: the
   names are spelled once here, and a static assertion in the implementation checks that there
   are as many as JAXC_OPS has binary ops. */
#  define JAXC__BIN_G(OP, a, b) jaxc_binary_operands(JAXC_OP_##OP, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_add(a, b) JAXC__BIN_G(ADD, a, b)
#  define jaxc_subtract(a, b) JAXC__BIN_G(SUBTRACT, a, b)
#  define jaxc_multiply(a, b) JAXC__BIN_G(MULTIPLY, a, b)
#  define jaxc_true_divide(a, b) JAXC__BIN_G(TRUE_DIVIDE, a, b)
#  define jaxc_floor_divide(a, b) JAXC__BIN_G(FLOOR_DIVIDE, a, b)
#  define jaxc_remainder(a, b) JAXC__BIN_G(REMAINDER, a, b)
#  define jaxc_power(a, b) JAXC__BIN_G(POWER, a, b)
#  define jaxc_maximum(a, b) JAXC__BIN_G(MAXIMUM, a, b)
#  define jaxc_minimum(a, b) JAXC__BIN_G(MINIMUM, a, b)
#  define jaxc_fmax(a, b) JAXC__BIN_G(FMAX, a, b)
#  define jaxc_fmin(a, b) JAXC__BIN_G(FMIN, a, b)
#  define jaxc_equal(a, b) JAXC__BIN_G(EQUAL, a, b)
#  define jaxc_not_equal(a, b) JAXC__BIN_G(NOT_EQUAL, a, b)
#  define jaxc_less(a, b) JAXC__BIN_G(LESS, a, b)
#  define jaxc_less_equal(a, b) JAXC__BIN_G(LESS_EQUAL, a, b)
#  define jaxc_greater(a, b) JAXC__BIN_G(GREATER, a, b)
#  define jaxc_greater_equal(a, b) JAXC__BIN_G(GREATER_EQUAL, a, b)
#  define jaxc_logical_and(a, b) JAXC__BIN_G(LOGICAL_AND, a, b)
#  define jaxc_logical_or(a, b) JAXC__BIN_G(LOGICAL_OR, a, b)
#  define jaxc_logical_xor(a, b) JAXC__BIN_G(LOGICAL_XOR, a, b)
#  define jaxc_bitwise_and(a, b) JAXC__BIN_G(BITWISE_AND, a, b)
#  define jaxc_bitwise_or(a, b) JAXC__BIN_G(BITWISE_OR, a, b)
#  define jaxc_bitwise_xor(a, b) JAXC__BIN_G(BITWISE_XOR, a, b)
#  define jaxc_left_shift(a, b) JAXC__BIN_G(LEFT_SHIFT, a, b)
#  define jaxc_right_shift(a, b) JAXC__BIN_G(RIGHT_SHIFT, a, b)
#  define jaxc_arctan2(a, b) JAXC__BIN_G(ARCTAN2, a, b)
#  define jaxc_hypot(a, b) JAXC__BIN_G(HYPOT, a, b)
#  define jaxc_copysign(a, b) JAXC__BIN_G(COPYSIGN, a, b)
#  define jaxc_nextafter(a, b) JAXC__BIN_G(NEXTAFTER, a, b)
#  define jaxc_logaddexp(a, b) JAXC__BIN_G(LOGADDEXP, a, b)
#  define jaxc_fmod(a, b) JAXC__BIN_G(FMOD, a, b)
#  define jaxc_logaddexp2(a, b) JAXC__BIN_G(LOGADDEXP2, a, b)
#  define jaxc_heaviside(a, b) JAXC__BIN_G(HEAVISIDE, a, b)
#  define jaxc_float_power(a, b) JAXC__BIN_G(FLOAT_POWER, a, b)
#  define jaxc_gcd(a, b) JAXC__BIN_G(GCD, a, b)
#  define jaxc_lcm(a, b) JAXC__BIN_G(LCM, a, b)
#  define jaxc_ldexp(a, b) JAXC__BIN_G(LDEXP, a, b)
#  define JAXC__NUM_GENERIC_BIN 37
#endif
/* jax.numpy's other names for these ops (NumPy's aliases and the array API's): the same
   functions (and macros), the same enum values. */
#define jaxc_divide jaxc_true_divide
#define jaxc_mod jaxc_remainder
#define jaxc_pow jaxc_power
#define jaxc_atan2 jaxc_arctan2
#define jaxc_bitwise_left_shift jaxc_left_shift
#define jaxc_bitwise_right_shift jaxc_right_shift
#define jaxc_absolute jaxc_abs
#define jaxc_conjugate jaxc_conj
#define jaxc_radians jaxc_deg2rad
#define jaxc_degrees jaxc_rad2deg
#define jaxc_fix jaxc_trunc
#define jaxc_bitwise_invert jaxc_invert
#define jaxc_bitwise_not jaxc_invert
#define jaxc_asin jaxc_arcsin
#define jaxc_acos jaxc_arccos
#define jaxc_atan jaxc_arctan
#define jaxc_asinh jaxc_arcsinh
#define jaxc_acosh jaxc_arccosh
#define jaxc_atanh jaxc_arctanh
#define JAXC_OP_DIVIDE JAXC_OP_TRUE_DIVIDE
#define JAXC_OP_MOD JAXC_OP_REMAINDER
#define JAXC_OP_POW JAXC_OP_POWER
#define JAXC_OP_ABSOLUTE JAXC_OP_ABS
#define JAXC_OP_FIX JAXC_OP_TRUNC
/* >>reduce, >>index -------------------------------------------------------------------------- */
/* reductions, indexing (take, slices), functional .at[]
   updates and sorting, with jax.numpy 0.11's dtypes and edge cases. */
/* --- reductions -------------------------------------------------------------------------------
   jaxc_reduce(op, a, axis) for op SUM PROD MEAN MAX MIN ARGMAX ARGMIN ANY ALL VAR STD CUMSUM
   CUMPROD and the nan reductions NANSUM NANPROD NANMEAN NANMAX NANMIN NANVAR NANSTD NANCUMSUM
   NANCUMPROD (JAXC_NAN_REDUCTIONS in jaxc_kernels.h); axis JAXC_ALL_AXES reduces (cumulative
   ops: flatten) everything, a negative axis counts from the end. Result dtypes are jax.numpy's
   (a nan reduction's are its reduction's):
     sum, prod     bool and ints narrower than the default int -> default int (int32, int64 with
                   x64); unsigned narrower than the default uint -> uint32 (uint64); f16/bf16
                   stay f16/bf16 but are accumulated wider and rounded once
     mean          bool and ints up to 32 bits -> float32 (x64 on too), int64/uint64 ->
                   float64 (jax.dtypes.to_inexact_dtype; JAX converts the values first, so
                   32-bit ints past 2^24 round); var, std: also complex -> its real dtype
     max, min      the input's dtype (NaN propagates); argmax/argmin/nanarg*: the default int
     any, all      bool (a complex value counts by its real part, as jnp.any does)
     cumsum/prod   bool -> default int, everything else keeps its dtype (JAX does not widen int8);
                   JAXC_ALL_AXES flattens, an axis on a 0-d input is out of bounds (jnp.cumsum is
                   jitted, so even a Python scalar is a 0-d array there); float partials come
                   from a left-to-right scan, not XLA:CPU's blocked order, so their last bits
                   can differ from JAX's (README, "Cumulative sums and products")
   Floats are summed in double with pairwise blocks; integer sums wrap in the result's width;
   std is sqrt of var's result rounded to the dtype (jnp.std is lax.sqrt of jnp.var).
   The nan reductions are jax's _nan_reduction: a NaN (a complex value with a NaN part) counts
   as 0 (nansum, nancumsum), 1 (nanprod, nancumprod), -inf (nanmax) or +inf (nanmin); a lane of
   NaNs only is NaN for nanmax/nanmin/nanmean/nanvar. nanmean is jnp.nanmean's nansum / count,
   each rounded to the result dtype first (bfloat16 counts 257 values as 256); nanvar divides by
   the count less ddof. Lanes without NaN give their reduction's result bit for bit (nanmean
   aside). Bool and integer inputs hold no NaN: their reduction's result.
   Empty: sum 0, prod 1, mean/var NaN, any false, all true; max/min/argmax/argmin (and nanmax/
   nanmin) of an empty axis are errors (JAX's "zero-size array to reduction operation max which
   has no identity", "attempt to get argmax of an empty sequence"). Results are strongly typed. */
JAXC_API jaxc_array *jaxc_reduce(jaxc_op op, const jaxc_array *a, int axis);
JAXC_API jaxc_array *jaxc_reduce_ex(jaxc_op op, const jaxc_array *a, int axis, bool keepdims);
/* var/std with NumPy's ddof (divisor n - ddof; NaN when that is <= 0). */
JAXC_API jaxc_array *jaxc_var_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof);
JAXC_API jaxc_array *jaxc_std_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof);
/* jnp.nanvar/nanstd with ddof: the divisor is the count of non-NaN values minus ddof. */
JAXC_API jaxc_array *jaxc_nanvar_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof);
JAXC_API jaxc_array *jaxc_nanstd_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof);
/* jnp.nanargmax/nanargmin: NaNs are ignored (compared as -inf/+inf); an all-NaN lane gives -1. */
JAXC_API jaxc_array *jaxc_nanargmax(const jaxc_array *a, int axis, bool keepdims);
JAXC_API jaxc_array *jaxc_nanargmin(const jaxc_array *a, int axis, bool keepdims);
/* The dtype jaxc_reduce would return (JAXC_DTYPE_INVALID + status on error). */
JAXC_API jaxc_dtype jaxc_reduce_result(jaxc_op op, const jaxc_array *a);
/* jnp.cumulative_sum / jnp.cumulative_prod (the array API's): x at least 1-D, axis JAXC_ALL_AXES
   (None) only for a 1-D x; dtype JAXC_DTYPE_NONE accumulates cumulative_sum's bool and integers
   narrower than the default int (uint) in the default int (uint), cumulative_prod's bool only;
   a dtype accumulates in it (bool: x != 0 counted in the default int, then converted back).
   include_initial puts the identity (0, 1) first along the axis. Strong results. Errors:
   "The input must be non-scalar to take a cumulative sum, however a scalar value or scalar
   array was given.", "The input array has rank 2, however axis was not set to an explicit
   value. The axis argument is only optional for one-dimensional arrays." */
JAXC_API jaxc_array *jaxc_cumulative_sum(const jaxc_array *x, int axis, jaxc_dtype dtype, bool include_initial);
JAXC_API jaxc_array *jaxc_cumulative_prod(const jaxc_array *x, int axis, jaxc_dtype dtype, bool include_initial);
/* Named reductions, one per reduction row of JAXC_OPS: jaxc_sum(a, axis), jaxc_argmax(a, axis)... */
#define JAXC__DECL_RED_RED(name) JAXC_API jaxc_array *jaxc_##name(const jaxc_array *a, int axis);
#define JAXC__DECL_RED_BIN(name)
#define JAXC__DECL_RED_UN(name)
#define JAXC__DECL_RED_UPD(name)
#define JAXC__DECL_RED(OP, name, ar, rule, grp, out, lax) JAXC__DECL_RED_##ar(name)
JAXC_OPS(JAXC__DECL_RED)

/* >>sort -----------------------------------------------------------------------------------------
   jnp.sort / jnp.argsort (stable) along axis (JAX's default is -1; JAXC_ALL_AXES flattens).
   Order is lax.sort's: -0.0 and 0.0 compare equal (their order is kept), every NaN (either
   sign) sorts last, complex numbers sort by real part, then imaginary part. Values come out
   bit for bit (a -0.0 stays -0.0). argsort returns the default int. An LSD radix sort (bytes
   by counting), over the threads past JAXC_PAR_BYTES. */
JAXC_API jaxc_array *jaxc_sort(const jaxc_array *a, int axis);
JAXC_API jaxc_array *jaxc_argsort(const jaxc_array *a, int axis);
/* jnp.sort / jnp.argsort with their keywords. descending: lax.rev of the ascending sort for sort
   (the values reversed: NaNs first, a 0.0 before a -0.0 that preceded it), and for argsort JAX's
   stable descending order (a reversed, sorted, the positions reversed back), in which equal values
   keep a's order. stable: jaxc always sorts stably (an order an unstable sort may give too).
   jnp.lexsort(keys, axis): the stable order of the lanes by keys[nkeys - 1] (the primary key),
   ties by keys[nkeys - 2], ..., each key compared in sort's order in its own dtype (no
   promotion); all keys of one shape; 0-d keys give the 0-d index 0; the default int. */
JAXC_API jaxc_array *jaxc_sort_ex(const jaxc_array *a, int axis, bool stable, bool descending);
JAXC_API jaxc_array *jaxc_argsort_ex(const jaxc_array *a, int axis, bool stable, bool descending);
JAXC_API jaxc_array *jaxc_lexsort(int nkeys, const jaxc_array *const *keys, int axis);
/* jnp.sort_complex(a): lax.sort along the last axis, then converted (strong) to
   to_complex_dtype(a.dtype): complex128 for float64 (int64 and uint64 too) and complex128,
   complex64 for the rest (bool, 8- to 32-bit ints, 16-bit floats, float32), narrowed with x64
   off. A 0-d a has no last axis: lax.sort's AxisError, as in JAX. */
JAXC_API jaxc_array *jaxc_sort_complex(const jaxc_array *a);
/* lax.top_k(a, k, axis=): the k largest along axis in XLA's total order (-NaN < -inf < ... < -0.0 <
   0.0 < ... < inf < NaN, NaNs by payload), largest first, equal values lower index first; values
   (a's dtype) and int32 indices, a's shape with k along axis; either output may be NULL (not
   made); all made or, with an error status returned, none. Complex is refused, as lax refuses it.
   jnp.partition(a, kth, axis) as JAX composes it of two lax.top_k calls: the kth + 1 smallest of
   each lane in ascending order, chosen as top_k(-a) chooses them, then the n - kth - 1 largest
   in descending order (lax.top_k(a)). -x wraps, so a signed integer's minimum (its own negative)
   counts as the largest in the first part, and can appear in both parts while another value
   drops out, exactly as in JAX; unsigned use -(x + 1) as JAX does. jnp.argpartition: the first
   part's indices, then every other index in increasing order; int32. kth is checked as an axis
   of the lane's length (JAX's canonicalize_axis). bool (-a) and complex are refused. */
JAXC_API int jaxc_top_k(const jaxc_array *a, int64_t k, int axis, jaxc_array **values, jaxc_array **indices);
JAXC_API jaxc_array *jaxc_partition(const jaxc_array *a, int64_t kth, int axis);
JAXC_API jaxc_array *jaxc_argpartition(const jaxc_array *a, int64_t kth, int axis);
/* jnp.searchsorted(a, v, side, sorter): where each element of v would go in the 1-D a (a[sorter]
   when sorter is not NULL: jnp indexing, negatives wrap, others clamp), a and v first promoted
   together (weak scalars, strict mode), compared in sort's order (NaN last, -0.0 == 0.0, complex
   lexicographic). LEFT: the first place i with v <= a[i]; RIGHT: with v < a[i]. The result has v's
   shape and dtype int32 (int64 past 2^31 - 1 elements), x64 or not, as JAX's. It is JAX's default
   method ('scan'): ceil(log2(n + 1)) halvings of [0, n], so an unsorted a gives what JAX gives.
   jnp.digitize(x, bins, right): searchsorted on the 1-D bins with the side swapped (RIGHT when
   right is false: bins[i-1] <= x < bins[i]); bins with bins[-1] >= bins[0] false (decreasing, or
   a NaN at an end) are searched reversed, n minus the place. No bins: zeros of x's shape. */
typedef enum jaxc_side { JAXC_SIDE_LEFT, JAXC_SIDE_RIGHT } jaxc_side;
JAXC_API jaxc_array *jaxc_searchsorted(const jaxc_array *a, const jaxc_array *v, jaxc_side side, const jaxc_array *sorter);
JAXC_API jaxc_array *jaxc_digitize(const jaxc_array *x, const jaxc_array *bins, bool right);
/* jnp.unique(a, return_index, return_inverse, return_counts, axis, equal_nan=, size=, fill_value=):
   the distinct values (or slices along axis; JAXC_ALL_AXES flattens, as axis=None) in sort's
   order, each the first of its equals in a (-0.0 or 0.0, whichever came first). equal_nan merges
   the NaNs into the last value (JAX's default; jnp.unique_values, _counts, _inverse and _all pass
   false: every NaN its own value, in a's order); a complex number with a NaN part becomes nan+0j.
   Each of indices (the first occurrences), inverse (a's values' places among the values: a's
   shape when flattened, else 1-D) and counts may be NULL: not computed. They are the default int.
   size (JAXC_NONE: all) cuts or pads the values (padding: fill_value, converted, or else the
   smallest value), indices (the smallest's first index) and counts (0). values must not be NULL;
   the results are all made or, with an error status returned, none. jaxc_unique(a) is
   jnp.unique(a). */
JAXC_API jaxc_array *jaxc_unique(const jaxc_array *a);
JAXC_API int jaxc_unique_ex(const jaxc_array *a, int axis, bool equal_nan, int64_t size, const jaxc_array *fill_value,
                            jaxc_array **values, jaxc_array **indices, jaxc_array **inverse, jaxc_array **counts);
/* The array API's unique_* (jnp.unique_values, unique_counts, unique_inverse, unique_all):
   jaxc_unique_ex of the flattened x with equal_nan false (every NaN its own value, as JAX's
   wrappers pass it, though their docstrings say True), size/fill_value as there (JAXC_NONE,
   NULL: none). inverse has x's shape. Each returns the status; all results or none. */
JAXC_API jaxc_array *jaxc_unique_values(const jaxc_array *x, int64_t size, const jaxc_array *fill_value);
JAXC_API int jaxc_unique_counts(const jaxc_array *x, int64_t size, const jaxc_array *fill_value, jaxc_array **values,
                                jaxc_array **counts);
JAXC_API int jaxc_unique_inverse(const jaxc_array *x, int64_t size, const jaxc_array *fill_value, jaxc_array **values,
                                 jaxc_array **inverse_indices);
JAXC_API int jaxc_unique_all(const jaxc_array *x, int64_t size, const jaxc_array *fill_value, jaxc_array **values,
                             jaxc_array **indices, jaxc_array **inverse_indices, jaxc_array **counts);
/* Set operations (jax/_src/numpy/setops.py). Values compare with ==, in promote_dtypes' dtype of
   the two operands (strict mode refuses mixed dtypes): -0.0 equals 0.0 and a NaN equals nothing,
   itself included. Operands of any shape are flattened; results are 1-D and sorted (lax.sort's
   order: NaNs last), except setdiff1d with assume_unique, which keeps a's order.
     jaxc_isin(element, test_elements, invert)  bool, element's shape: is each element among the
       test elements (invert: is it not). JAX's four methods give this same answer; its
       assume_unique only changes how, so neither is taken.
     jaxc_intersect1d(a, b, assume_unique, size, fill_value, &values, &a_indices, &b_indices)
       the values in both; a_indices / b_indices (may be NULL: return_indices=False) are where
       each first occurs in a and in b (the default int; int32 with assume_unique and no size).
       Where values tie, a's is returned (-0.0 from a, 0.0 from b gives -0.0).
     jaxc_union1d(a, b, size, fill_value)  unique(concatenate((a, b), axis=None)).
     jaxc_setdiff1d(a, b, assume_unique, size, fill_value)  a's values not in b, in a's dtype.
     jaxc_setxor1d(a, b, assume_unique, size, fill_value)  the values in exactly one of them.
   assume_unique promises that neither operand repeats a value; a broken promise gives JAX's
   answer for it (a value repeated in a and in b comes out of intersect1d twice). size (JAXC_NONE:
   as many as there are) keeps the first size results and pads the rest with fill_value; without
   one the padding is JAX's: the smallest result (or NaN where one is NaN, 0 where there is none)
   for intersect1d and setxor1d, 0 for setdiff1d, the smallest value for union1d; intersect1d pads
   its indices with the operands' sizes. As in JAX, intersect1d's and setxor1d's fill_value is
   jnp.where's operand (its dtype promotes: a float fill gives a float result), setdiff1d's and
   union1d's is converted. intersect1d makes all its results or, with an error status, none. */
JAXC_API jaxc_array *jaxc_isin(const jaxc_array *element, const jaxc_array *test_elements, bool invert);
JAXC_API int jaxc_intersect1d(const jaxc_array *a, const jaxc_array *b, bool assume_unique, int64_t size,
                              const jaxc_array *fill_value, jaxc_array **values, jaxc_array **a_indices,
                              jaxc_array **b_indices);
JAXC_API jaxc_array *jaxc_union1d(const jaxc_array *a, const jaxc_array *b, int64_t size, const jaxc_array *fill_value);
JAXC_API jaxc_array *jaxc_setdiff1d(const jaxc_array *a, const jaxc_array *b, bool assume_unique, int64_t size,
                                    const jaxc_array *fill_value);
JAXC_API jaxc_array *jaxc_setxor1d(const jaxc_array *a, const jaxc_array *b, bool assume_unique, int64_t size,
                                   const jaxc_array *fill_value);
/* jnp.nonzero(a, size=, fill_value=): the coordinates of a's nonzero elements (bool: true; NaN
   and either complex part count, -0.0 does not), row-major, one default-int array per axis into
   out[0 .. ndim-1]; all made or, with an error status, none. size (JAXC_NONE: as many as there
   are) cuts or pads with 0 in every coordinate, or with fill_value (a 0-d array or NULL: it is
   jnp.where's operand, so its dtype promotes: a float fill gives float coordinates), which JAX
   applies whenever it is given, except to an empty a or a size of 0 (zeros). A 0-d a is
   refused, as JAX refuses it. jnp.flatnonzero: nonzero of ravel(a), the one array. jnp.argwhere:
   the coordinates as rows, shape (N, ndim) ((N, 0) for a 0-d a). jnp.count_nonzero: the number
   along an axis (JAXC_ALL_AXES: all), the default int. */
JAXC_API int jaxc_nonzero(const jaxc_array *a, int64_t size, const jaxc_array *fill_value, jaxc_array **out);
JAXC_API jaxc_array *jaxc_flatnonzero(const jaxc_array *a, int64_t size, const jaxc_array *fill_value);
JAXC_API jaxc_array *jaxc_argwhere(const jaxc_array *a, int64_t size, const jaxc_array *fill_value);
JAXC_API jaxc_array *jaxc_count_nonzero(const jaxc_array *a, int axis, bool keepdims);
/* jnp.bincount(x, weights, minlength, length=): x 1-D of integers (bool as int32), zeros(length,
   weights' dtype or the default int).at[clip(x, 0)].add(weights or 1): negatives count into bin
   0, values past the end are dropped. length JAXC_NONE: max(minlength, max(0, max(x)) + 1), or
   minlength for an empty x (a length of 0 for a non-empty x is indexing's "index is out of bounds
   for axis 0 with size 0", as in JAX). weights NULL: counts. */
JAXC_API jaxc_array *jaxc_bincount(const jaxc_array *x, const jaxc_array *weights, int64_t minlength, int64_t length);
/* --- quantiles ----------------------------------------------------------------------------------
   jnp.quantile, nanquantile, percentile, nanpercentile (a, q, axis, method, keepdims), one row
   each of JAXC_QUANTILE_FNS, and jnp.median / nanmedian (quantile 0.5, midpoint). a is made
   inexact (ints and bool -> float32, int64 -> float64, as jnp.mean), complex is refused; each lane
   is ordered (NaN last; sorted, or radix-selected when long), then, as JAX computes it, in
   q's dtype (a C double is a weak float: float32, float64 with x64): t = q * (n - 1) (nan*: n is
   the lane's count of non-NaN values), low = floor(t) and high = ceil(t) clamped to [0, n - 1],
   weight = t - low; lane values are taken at low and high and combined by the method:
     LINEAR    low_value * (1 - weight) + high_value * weight, both converted to q's dtype
     LOWER, HIGHER  the value at low, at high
     MIDPOINT  (low_value + high_value) * 0.5 in a's dtype (median's method)
     NEAREST   the value at low when weight <= 0.5, else at high (JAX's rule: ties go low;
               NumPy rounds the index half to even)
   then converted to a's (inexact) dtype; the result is strong. q is a scalar or 1-D (its axis
   first in the result); a q outside [0, 1] gives the lane's end (the index is clamped), a NaN q
   gives NaN (LINEAR) or the first value. percentile divides q by 100 in q's dtype, after making it
   inexact (an int q is allowed there, as in JAX; quantile's q must be a float: floor's error).
   quantile: a lane with a NaN gives NaN; nanquantile: NaNs are skipped, an all-NaN lane gives
   NaN. axis: one axis, JAXC_ALL_AXES for all (axis=None); jaxc_quantile_ex takes several (an
   axis tuple: axes NULL means None, naxes 0 the empty tuple), keepdims keeps them as size 1.
   Errors are JAX's: "method can only be 'linear', 'lower', 'higher', 'midpoint', or 'nearest'",
   "quantile does not support complex input, as the operation is poorly defined.", "repeated
   axis", "q must be have rank <= 1, got shape (2, 2)", "floor does not accept dtype int32.
   Accepted dtypes are subtypes of floating.", and for an empty lane lax.gather's "Slice size at
   index 0 in gather op is out of range, must be within [0, 0 + 1), got 1." (nan*: indexing's
   "index is out of bounds for axis 0 with size 0"). */
#define JAXC_QUANTILE_METHODS(X) X(LINEAR, "linear") X(LOWER, "lower") X(HIGHER, "higher") \
  X(MIDPOINT, "midpoint") X(NEAREST, "nearest")
#define JAXC__QM_ENUM(E, name) JAXC_QUANTILE_##E,
typedef enum jaxc_quantile_method { JAXC_QUANTILE_METHODS(JAXC__QM_ENUM) JAXC_NUM_QUANTILE_METHODS } jaxc_quantile_method;
#undef JAXC__QM_ENUM
/* the four functions: name, q in percent, NaNs skipped */
#define JAXC_QUANTILE_FNS(X) X(QUANTILE, quantile, 0, 0) X(NANQUANTILE, nanquantile, 0, 1) \
  X(PERCENTILE, percentile, 1, 0) X(NANPERCENTILE, nanpercentile, 1, 1)
#define JAXC__QF_ENUM(E, name, percent, skip_nan) JAXC_FN_##E,
typedef enum jaxc_quantile_fn { JAXC_QUANTILE_FNS(JAXC__QF_ENUM) JAXC_NUM_QUANTILE_FNS } jaxc_quantile_fn;
#undef JAXC__QF_ENUM
JAXC_API jaxc_array *jaxc_quantile_ex(jaxc_quantile_fn fn, const jaxc_array *a, jaxc_operand q, int naxes,
                                      const int *axes, jaxc_quantile_method method, bool keepdims);
#define JAXC__QF_DECL(E, name, percent, skip_nan)                                                   \
  JAXC_API jaxc_array *jaxc_##name##_operand(const jaxc_array *a, jaxc_operand q, int axis,          \
                                             jaxc_quantile_method method, bool keepdims);
JAXC_QUANTILE_FNS(JAXC__QF_DECL)
#undef JAXC__QF_DECL
JAXC_API jaxc_array *jaxc_median(const jaxc_array *a, int axis, bool keepdims);
JAXC_API jaxc_array *jaxc_nanmedian(const jaxc_array *a, int axis, bool keepdims);
#ifndef __cplusplus
/* q: a C scalar (weak) or an array, as jaxc_add's operands */
#  define jaxc_quantile(a, q, axis, method, keepdims) jaxc_quantile_operand(a, JAXC_OPERAND(q), axis, method, keepdims)
#  define jaxc_nanquantile(a, q, axis, method, keepdims) \
    jaxc_nanquantile_operand(a, JAXC_OPERAND(q), axis, method, keepdims)
#  define jaxc_percentile(a, q, axis, method, keepdims) \
    jaxc_percentile_operand(a, JAXC_OPERAND(q), axis, method, keepdims)
#  define jaxc_nanpercentile(a, q, axis, method, keepdims) \
    jaxc_nanpercentile_operand(a, JAXC_OPERAND(q), axis, method, keepdims)
#endif
/* --- histograms, differences ---------------------------------------------------------------------
   jaxc_histogram_bin_edges(a, nbins, edges, range): jnp.histogram_bin_edges. edges (1-D, or NULL)
   are converted to to_inexact(a's dtype); else nbins + 1 points of jnp.linspace from range[0] to
   range[1] (range NULL: a's min and max; a range whose max - min is 0 widened by 0.5 each side) in
   that dtype.
   jaxc_histogram(a, nbins, edges, range, weights, density, &counts, &bin_edges): jnp.histogram. a
   (any shape) and weights (a's shape; NULL: ones) made inexact together; a value's bin is
   searchsorted(edges, x, RIGHT) - 1, a value equal to the last edge in the last bin, values below
   the first or above the last edge and NaN dropped; counts: the weights' sums, in their dtype;
   density: divided by the bin widths and by the counts' total. bin_edges may be NULL (not
   returned); both are made or, with an error status returned, neither.
   jaxc_diff(a, n, axis, prepend, append): jnp.diff, the n-th differences along axis (bool: !=) of
   a with prepend and append (NULL: none; a 0-d one broadcast to one slice) concatenated, promoting.
   jaxc_ediff1d(a, to_end, to_begin): jnp.ediff1d, lax.sub of ravel(a)'s neighbours (bool refused,
   as lax.sub refuses it), to_begin and to_end (NULL: none) converted to a's dtype, raveled and put
   before and after.
   Errors are JAX's: "weights should have the same shape as a.", "order must be non-negative but
   got -1", "diff requires input that is at least one dimensional; got 5", linspace's "Number of
   samples, -1, must be non-negative.", and reductions' for the min of an empty a. */
JAXC_API jaxc_array *jaxc_histogram_bin_edges(const jaxc_array *a, int64_t nbins, const jaxc_array *edges,
                                              const double *range);
JAXC_API int jaxc_histogram(const jaxc_array *a, int64_t nbins, const jaxc_array *edges, const double *range,
                            const jaxc_array *weights, bool density, jaxc_array **counts, jaxc_array **bin_edges);
/* jaxc_histogramdd(sample, d, bins, edges, range, weights, density, &hist, bin_edges):
   jnp.histogramdd of the N points of sample (N, D), weights (N,) or NULL, made inexact together.
   Axis i's edges are histogram_bin_edges(sample[:, i], bins[i], edges[i], range[i]): bins holds D
   counts (NULL: 10 each), edges D arrays (NULL, or an entry NULL: counted bins), range D pointers
   to (lo, hi) (NULL, or an entry NULL: the column's min and max). d is the length of those arrays
   (JAX's len(bins), len(range)), checked when one is given. A point's bin on each axis is
   histogram's (searchsorted RIGHT - 1, the last edge closing the last bin); a point outside some
   axis's edges, or NaN there, is dropped. hist has one axis of len(edges[i]) - 1 per dimension:
   counts in the default int (JAX's bincount) or, weighted, the weights' sums in their dtype, added
   in the points' order; density: made the sample's dtype, divided by its sum, then by each axis's
   bin widths. bin_edges (room for D; NULL: not returned) gets the D edge arrays. All made, or none
   (*hist and bin_edges[i] NULL) with the error status returned.
   jaxc_histogram2d(x, y, bins, edges, range, weights, density, &hist, &xedges, &yedges):
   jnp.histogram2d, histogramdd of transpose(asarray([x, y])) (x and y one shape, 1-D; the sample
   strong, their join): bins, edges and range have two entries (the same edges for both: pass the
   array twice).
   Errors are JAX's: "should have one weight for each sample.", "should be a bin for each
   dimension.", "For sample.shape=(5, 2), range must be a sequence of 2 pairs or Nones; got
   range=[(0.0, 1.0)]", Python's "not enough values to unpack (expected 2, got 1)", stack's "All
   input arrays must have the same shape.", and histogram_bin_edges's. */
JAXC_API int jaxc_histogramdd(const jaxc_array *sample, int d, const int64_t *bins, const jaxc_array *const *edges,
                              const double *const *range, const jaxc_array *weights, bool density, jaxc_array **hist,
                              jaxc_array **bin_edges);
JAXC_API int jaxc_histogram2d(const jaxc_array *x, const jaxc_array *y, const int64_t *bins, const jaxc_array *const *edges,
                              const double *const *range, const jaxc_array *weights, bool density, jaxc_array **hist,
                              jaxc_array **xedges, jaxc_array **yedges);
JAXC_API jaxc_array *jaxc_diff(const jaxc_array *a, int n, int axis, const jaxc_array *prepend, const jaxc_array *append);
JAXC_API jaxc_array *jaxc_ediff1d(const jaxc_array *a, const jaxc_array *to_end, const jaxc_array *to_begin);
/* jaxc_interp(x, xp, fp, left, right, period, extrapolate): jnp.interp, JAX's lines on jaxc's
   ops, so every step rounds and promotes as JAX's does: x and xp promoted to inexact together
   (complex refused: "jnp.interp: complex x values not supported."), fp alone; i =
   clip(searchsorted(xp, x, RIGHT), 1, len(xp) - 1); f = fp[i-1] + (x - xp[i-1]) / dx * df, or
   fp[i-1] where |dx| <= spacing(finfo(xp).eps); then left (NULL: fp[0]) where x < xp[0] and right
   (NULL: fp[-1]) where x > xp[-1], each promoting with f. JAXC_EXTRAPOLATE_LEFT / _RIGHT in
   `extrapolate` is left='extrapolate' / right='extrapolate' (the line continues; left or right is
   then ignored). period (0-d, NULL: None): x and xp taken mod |period|, xp sorted with fp carried
   (lax.sort_key_val), one point of each end copied past the other, and left/right not applied.
   The result has x's shape. xp is not checked for order (as in JAX). Errors: "xp and fp must be
   one-dimensional arrays of equal size", "period must be a scalar; got an array of shape (2,)",
   and for an empty xp numpy's "index 0 is out of bounds for axis 0 with size 0" (JAX's fp[0]). */
enum { JAXC_EXTRAPOLATE_LEFT = 1, JAXC_EXTRAPOLATE_RIGHT = 2 };
JAXC_API jaxc_array *jaxc_interp(const jaxc_array *x, const jaxc_array *xp, const jaxc_array *fp, const jaxc_array *left,
                                 const jaxc_array *right, const jaxc_array *period, int extrapolate);
/* JAX's lines on jaxc's ops (each step promotes and rounds as JAX's does):
     jaxc_trapezoid(y, x, dx, axis)  jnp.trapezoid: 0.5 * sum(d * (y[..., 1:] + y[..., :-1]), -1)
                       with y's axis moved last and d = diff(x) (x with y's rank: diff along axis,
                       moved last), or d = dx where x is NULL (NULL dx: Python's 1.0). y (and x)
                       are promoted to inexact together first.
     jaxc_cross(a, b, axisa, axisb, axisc, axis)  jnp.cross: vectors of 2 or 3 along axisa of a
                       and axisb of b (axis, unless JAXC_ALL_AXES, which is None here, sets all
                       three); 2 and 2 give the scalar a0*b1 - a1*b0, otherwise a missing third
                       component is 0 and the three (a1*b2 - a2*b1, ...) go along axisc. The
                       3-vector result is never weak (JAX stacks it with jnp.array).
     jaxc_vander(x, n, increasing)   jnp.vander: power(x[:, None], p) with p = n-1 ... 0 (increasing:
                       0 ... n-1) computed as lax.iota in x's dtype (n JAXC_NONE: len(x)).
   Errors: "Dimension must be either 2 or 3 for cross product", "x must be a one-dimensional
   array", "N must be nonnegative", and those of the ops inside (moveaxis's axis, broadcasting). */
JAXC_API jaxc_array *jaxc_trapezoid(const jaxc_array *y, const jaxc_array *x, const jaxc_array *dx, int axis);
JAXC_API jaxc_array *jaxc_cross(const jaxc_array *a, const jaxc_array *b, int axisa, int axisb, int axisc, int axis);
JAXC_API jaxc_array *jaxc_vander(const jaxc_array *x, int64_t n, bool increasing);
/* Polynomials (jax/_src/numpy/polynomial.py, coefficients highest power first), windows
   (window_functions.py), unwrap, bit packing, resize and trim_zeros, each JAX's lines on jaxc's
   ops (each step promotes and rounds as JAX's does; XLA may fuse a multiply-add into an FMA
   where the CPU has one, so a last bit can differ there):
     jaxc_polyval(p, x)            Horner's y = y * x + p[i] over p's first axis from zeros of the
                       broadcast shape (p[1:], x); p and x promoted to inexact together; strong
     jaxc_polyadd(a1, a2), jaxc_polysub(a1, a2)  promote_dtypes (integers stay integers); the
                       shorter added into the end of the longer (polysub: adds -a2)
     jaxc_polymul(a1, a2, trim_leading_zeros)  convolve(a1, a2, 'full') in the inexact join; an
                       empty operand counts as [0]
     jaxc_polyder(p, m), jaxc_polyint(p, m, k)  m-th derivative / integral (k: the integration
                       constants, NULL 0, a scalar or m of them); p promoted to inexact
     jaxc_poly(seq_of_zeros)       the coefficients of prod (x - z): convolve(a, [1, -z]) root by
                       root in the inexact dtype (a scalar counts as one root; none: a 0-d 1);
                       a square matrix needs linalg.eigvals, which jaxc does not have (refused)
     jaxc_polydiv(u, v, trim_leading_zeros, &q, &r)  long division in the inexact join: q of
                       max(len(u) - len(v) + 1, 1), r the whole reduced u (leading zeros kept;
                       trimmed below sqrt(eps) when asked); v[0] == 0 divides by zero, as in JAX
     jaxc_hanning(M), jaxc_hamming(M), jaxc_blackman(M), jaxc_bartlett(M)  in the default float
                       (M <= 1: ones)
     jaxc_kaiser(M, beta)          i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta), alpha =
                       (M - 1) / 2, beta a Python float (weak); i0 is the op JAXC_OP_I0 (jaxc_i0)
     jaxc_unwrap(p, discont, axis, period)  jumps above discont (NULL: period / 2) taken back by
                       multiples of period (NULL: 2 pi); complex refused
     jaxc_packbits(a, axis, bitorder), jaxc_unpackbits(a, axis, count, bitorder)  uint8 bytes of
                       the nonzero flags along axis (JAXC_ALL_AXES: flattened), "big" (NULL) or
                       "little" bit order; unpackbits takes uint8 and keeps count bits (JAXC_NONE:
                       all; more pads zeros; negative drops from the end, as a slice does)
     jaxc_resize(a, ndim, shape)   a's elements in order, repeated to fill shape (zeros if either
                       is empty); a's dtype and weak flag
     jaxc_trim_zeros(filt, trim)   1-D filt without its leading ("f") and/or trailing ("b")
                       zeros (NULL: "fb"); all zeros: an empty array
   Errors are JAX's: "Order of derivative must be positive", "Order of integral must be positive
   (see polyder)", "k must be a scalar or a rank-1 array of length 1 or m.", "jnp.unwrap does not
   support complex inputs.", "Expected an input array of integer or boolean data type", "'order'
   must be either 'little' or 'big'", "all elements of `new_shape` must be non-negative". */
JAXC_API jaxc_array *jaxc_polyval(const jaxc_array *p, const jaxc_array *x);
JAXC_API jaxc_array *jaxc_polyadd(const jaxc_array *a1, const jaxc_array *a2);
JAXC_API jaxc_array *jaxc_polysub(const jaxc_array *a1, const jaxc_array *a2);
JAXC_API jaxc_array *jaxc_polymul(const jaxc_array *a1, const jaxc_array *a2, bool trim_leading_zeros);
JAXC_API jaxc_array *jaxc_polyder(const jaxc_array *p, int m);
JAXC_API jaxc_array *jaxc_polyint(const jaxc_array *p, int m, const jaxc_array *k);
JAXC_API jaxc_array *jaxc_poly(const jaxc_array *seq_of_zeros);
JAXC_API int jaxc_polydiv(const jaxc_array *u, const jaxc_array *v, bool trim_leading_zeros, jaxc_array **q, jaxc_array **r);
JAXC_API jaxc_array *jaxc_hanning(int64_t M);
JAXC_API jaxc_array *jaxc_hamming(int64_t M);
JAXC_API jaxc_array *jaxc_blackman(int64_t M);
JAXC_API jaxc_array *jaxc_bartlett(int64_t M);
JAXC_API jaxc_array *jaxc_kaiser(int64_t M, double beta);
JAXC_API jaxc_array *jaxc_unwrap(const jaxc_array *p, const jaxc_array *discont, int axis, const jaxc_array *period);
JAXC_API jaxc_array *jaxc_packbits(const jaxc_array *a, int axis, const char *bitorder);
JAXC_API jaxc_array *jaxc_unpackbits(const jaxc_array *a, int axis, int64_t count, const char *bitorder);
JAXC_API jaxc_array *jaxc_resize(const jaxc_array *a, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_trim_zeros(const jaxc_array *filt, const char *trim);
/* jaxc_gradient(f, nspacing, spacing, naxes, axes, out): jnp.gradient, JAX's lines on jaxc's ops:
   f and the spacing arrays promoted to inexact together (their join; weak when it is); along
   each axis (axes NULL: every axis, naxes ignored; else naxes of them, negative from the end,
   repeats allowed) the edges are the one-sided differences and the inside the central ones: for
   a scalar spacing h (0-d; none given: a weak 1.0) (f[2:] - f[:-2]) * 0.5 / h and the edges / h;
   for a 1-D h of the axis's length, the coordinates, JAX's second-order weights
   -dx2 / (dx1 (dx1 + dx2)), (dx2 - dx1) / (dx1 dx2), dx1 / (dx2 (dx1 + dx2)). nspacing is 0 (unit
   spacing), 1 (for every axis) or the number of axes. out gets one array per axis (f's shape),
   all or none (NULL) with the status returned; no axes (an empty tuple, or a 0-d f): none, OK.
   Errors are JAX's: "Shape of array too small to calculate a numerical gradient, at least 2
   elements are required.", "Invalid number of spacing arguments 2 for axis=None", "Spacing
   arrays must have the same length as the dimension along which the gradient is calculated.",
   "Spacing arrays must be 1D arrays or scalars.", and the axis's "axis 2 is out of bounds for
   array of dimension 2". (edge_order is not implemented in JAX, nor here.) */
JAXC_API int jaxc_gradient(const jaxc_array *f, int nspacing, const jaxc_array *const *spacing, int naxes, const int *axes,
                           jaxc_array **out);
/* jaxc_ptp(a, axis, keepdims): jnp.ptp, max(a) - min(a) along axis (JAXC_ALL_AXES: all), the
   difference as lax.sub takes it: in a's dtype (integers wrap: ptp of int8 [-128, 127] is -1),
   bool refused ("sub does not accept dtype bool. ..."), NaN propagated; an empty axis is max's
   error. Strongly typed, like every reduction. Integers, float32 and float64 take one pass (max
   and min together) with the same bytes. */
JAXC_API jaxc_array *jaxc_ptp(const jaxc_array *a, int axis, bool keepdims);
/* jaxc_average(a, axis, weights, keepdims, sum_of_weights): jnp.average. a (and weights) promoted
   to inexact together; weights NULL: the mean, and the sum of weights is the count along axis in
   the result's dtype; else sum(a * weights) / sum(weights) along axis (JAXC_ALL_AXES: all), with
   a 1-D weights of a.shape[axis] elements laid along axis when the shapes differ. sum_of_weights
   non-NULL (returned=True) receives the sum of weights, broadcast to the average's shape (NULL
   with the status when the average fails). float32/float64 weights of a's shape over all axes take
   one pass with the line's bits. Errors are JAX's: "Axis must be specified when shapes
   of a and weights differ.", "Shape of weights must be consistent with shape of a along specified
   axis.", the axis's "axis 2 is out of bounds for array of dimension 2". */
JAXC_API jaxc_array *jaxc_average(const jaxc_array *a, int axis, const jaxc_array *weights, bool keepdims,
                                  jaxc_array **sum_of_weights);
/* jaxc_cov(m, y, rowvar, bias, ddof, fweights, aweights, dtype): jnp.cov, JAX's lines on jaxc's
   ops. m (and y, NULL: None) promoted to inexact together, with promote_shapes' rank promotion
   (a 1-D m beside a 2-D y becomes (1, n) first, and is then transposed by rowvar=false like any
   2-D m); atleast_2d; rowvar=false transposes; y's rows appended. ddof JAXC_NONE: 1, or 0 with
   bias. fweights (integer) and aweights (NULL: none) 1-D of the observations' count, their
   absolute values used (JAX does not refuse negative ones as NumPy does); dtype (JAXC_DTYPE_NONE:
   inferred) float or complex. Then the weighted average, f = n - ddof, sum(w) - ddof or
   sum(w) - ddof * sum(w * aweights) / sum(w), and dot(X - avg, ((X - avg) * w).T.conj()) / f,
   squeezed: M variables give (M, M), one gives a 0-d array. No variables: a (0, 0) array of the
   default float; no observations: NaN of X's dtype. Errors in JAX's words and order: strict
   promotion, "Incompatible shapes for broadcasting: shapes=[(3,), (2, 4)]", "y has more than 2
   dimensions", "m has more than 2 dimensions", "cov: dtype must be a subclass of float or complex;
   got dtype=dtype('int32')", concatenate's for y of another length, "cannot handle
   multidimensional fweights", "incompatible numbers of samples and fweights" (a 0-d one: Python's
   "tuple index out of range"), "fweights must be integer.", the same for aweights. */
JAXC_API jaxc_array *jaxc_cov(const jaxc_array *m, const jaxc_array *y, bool rowvar, bool bias, int64_t ddof,
                              const jaxc_array *fweights, const jaxc_array *aweights, jaxc_dtype dtype);
/* jaxc_corrcoef(x, y, rowvar, dtype): jnp.corrcoef: c = cov(x, y, rowvar, dtype=dtype); a 0-d c
   gives c / c (1, or NaN for 0/0, inf/inf, nan); else c / stddev[:, None] / stddev[None, :] with
   stddev = sqrt(real(diag(c))) in c's dtype, then the real part (and the imaginary part, for
   complex) clipped to [-1, 1]. dtype is checked first ("corrcoef: dtype must be ..."). */
JAXC_API jaxc_array *jaxc_corrcoef(const jaxc_array *x, const jaxc_array *y, bool rowvar, jaxc_dtype dtype);

/* --- indexing -----------------------------------------------------------------------------------
   Out-of-range index handling (contract). DEFAULT means what JAX does with no mode: clip for
   indexing and .at[].get, fill for jnp.take, drop for updates. */
typedef enum jaxc_index_mode { JAXC_MODE_DEFAULT, JAXC_MODE_CLIP, JAXC_MODE_FILL,
  JAXC_MODE_DROP, JAXC_MODE_WRAP, JAXC_MODE_PROMISE_IN_BOUNDS } jaxc_index_mode;
/* jaxc_take (contract): jnp.take(a, indices, axis, mode, fill_value). The result's shape is
   a.shape[:axis] + indices.shape + a.shape[axis+1:]; axis JAXC_ALL_AXES takes from the flattened
   array. Modes, exactly as jnp.take treats them:
     DEFAULT, FILL  a negative index counts from the end (once); an index still outside [0, n)
                    gives fill_value (NULL: NaN for floats and complex, the minimum of a signed
                    int, the maximum of an unsigned int, true for bool)
     CLIP           clamp to [0, n-1] — note: jnp.take does NOT wrap negatives first, so -1 -> 0
     WRAP           Python's index % n
     DROP, PROMISE_IN_BOUNDS are refused, as jnp.take refuses them ("Invalid mode 'drop' for
                    np.take")
   fill_value (a scalar) is read in the filling modes only: lax.gather ignores it otherwise.
   As jnp.take computes them: fill adds n in the index dtype and converts to int32, so n must fit
   the index dtype ("Python int 200 too large to convert to int8"; wrap: "Python integer 200 out
   of bounds for int8") and a uint32 index >= 2^31 is out of range; clip compares unsigned
   indices as unsigned. An empty axis raises "Cannot do a non-empty jnp.take() from an empty
   axis." for any non-empty index array and otherwise returns the (flattened) operand's shape.
   Indices must be integers ("indices must have an integer type", lax.gather's wording); a bool
   index array is 0/1 in fill mode and all 0 in wrap mode (jnp.mod(i, True)), as in JAX.

   jaxc_index_take: x[:, ..., idx] / x.at[(slice(None),)*axis + (idx,)].get(mode, fill_value):
   a negative index always counts from the end once; DEFAULT, CLIP and PROMISE_IN_BOUNDS then
   clamp (x[11] on 10 elements is x[9]); FILL/DROP fill. WRAP is refused, as JAX refuses it
   ('Unknown gather mode "wrap"'), unless the result is empty (JAX never parses the mode then).
   As index_to_gather does, a signed index is normalised in its own dtype (the axis size must
   fit it) and every index is then converted to int32: x[uint32(2^32 - 1)] is x[0]. */
JAXC_API jaxc_array *jaxc_take(const jaxc_array *a, const jaxc_array *indices, int axis,
                               jaxc_index_mode mode, const jaxc_array *fill_value);
JAXC_API jaxc_array *jaxc_index_take(const jaxc_array *a, const jaxc_array *indices, int axis,
                                     jaxc_index_mode mode, const jaxc_array *fill_value);

/* jaxc_take_along_axis: jnp.take_along_axis(arr, indices, axis, mode, fill_value). indices (any
   integer dtype) has arr's rank; every other axis broadcasts with arr's (a 1 on either side takes
   the other's length), so the result's shape is broadcast(indices.shape, arr.shape with 1 on the
   axis); out[..., i, ...] = arr[..., indices[..., i, ...], ...]. axis JAXC_ALL_AXES flattens arr
   and wants 1-D indices. As JAX computes it: the indices are first converted to the default int
   (int32 with x64 off, so a uint32 2^32 - 1 is -1 and takes the last element), a negative one
   counts from the end once, then DEFAULT, FILL and DROP give fill_value where still out of range
   (NULL: jnp.take's defaults, NaN for inexact dtypes), CLIP clamps, PROMISE_IN_BOUNDS clamps
   without counting from the end (XLA's gather); WRAP is refused ('Unknown gather mode "wrap"').
   An empty axis gives zeros of the result's shape (lax.full's: not weak); otherwise the result
   keeps arr's dtype and weak flag. fill_value is read in the filling modes only.
   Errors in JAX's words ("take_along_axis indices must be of integer type, got float32",
   "indices and arr must have the same number of dimensions; 1 vs. 2"). Over the threads above
   JAXC_PAR_BYTES. (JAX's mode="one_hot", an einsum for accelerators, is not offered.)
   jaxc_put_along_axis: jnp.put_along_axis(arr, indices, values, axis, inplace=False, mode): arr
   with values (broadcast to indices.shape, then to the index shape) set at those places, as
   arr.at[i_0, ..., indices, ..., i_n].set(values, mode) with aranges on the other axes (their
   lengths broadcast with indices' too); modes as for jaxc_at_update (DEFAULT drops out-of-range
   places); repeated places: the last value wins. */
JAXC_API jaxc_array *jaxc_take_along_axis(const jaxc_array *arr, const jaxc_array *indices, int axis,
                                          jaxc_index_mode mode, const jaxc_array *fill_value);
JAXC_API jaxc_array *jaxc_put_along_axis(const jaxc_array *arr, const jaxc_array *indices, const jaxc_array *values,
                                         int axis, jaxc_index_mode mode);

/* jaxc_unravel_index: jnp.unravel_index(indices, shape) into out[0 .. ndim): from the last axis,
   indices, out[i] = divmod(indices, shape[i]) (jnp's floor division, in the indices' dtype: a
   shape entry must fit it, "Python int 300 too large to convert to int8"), then where what is left
   is > 0 every out[i] is shape[i] - 1 and where it is < -1 every out[i] is 0: a negative index
   counts from the end (-1 is the last element) and one out of range clamps, as JAX documents.
   All results or none (then out[] is NULL and the status says why).
   jaxc_ravel_multi_index: jnp.ravel_multi_index(multi_index, dims, mode, order), n index arrays
   of integer dtypes ("only int indices permitted") broadcast together: mode DEFAULT is 'raise'
   ("invalid entry in coordinates array"), CLIP clips each to [0, d - 1], WRAP takes i % d (others:
   "invalid mode='fill'. Expected 'raise', 'wrap', or 'clip'"); order 'C' or 'F'. The result is
   array(0, the first index's dtype) + sum(i * stride), so its dtype is the indices' promoted one
   and it wraps where they overflow (the strides must fit each index's dtype); n = 0 gives the
   default int's 0. */
JAXC_API int jaxc_unravel_index(const jaxc_array *indices, int ndim, const int64_t *shape, jaxc_array **out);
JAXC_API jaxc_array *jaxc_ravel_multi_index(int n, const jaxc_array *const *multi_index, const int64_t *dims,
                                            jaxc_index_mode mode, char order);

/* jaxc_put(a, ind, v, mode): jnp.put(a, ind, v, mode, inplace=False): a copy of a with the
   elements at the flat indices ind set to v's values, raveled and repeated (or cut) to ind's
   length (_tile_to_size); v converted to a's dtype as .at[].set converts it, a repeated index
   keeps the last value. mode DEFAULT (JAX's None): the indices go through unravel_index, so a
   negative one counts from the end and one out of range clamps to the first or last element;
   CLIP: clip(ind, 0, a.size - 1) first (negative -> 0); WRAP: ind % a.size (Python's). Others:
   "mode should be one of 'wrap' or 'clip'; got mode='fill'". An empty a, ind or v gives a
   copy of a; ind must be integer or bool (the indexer's error otherwise). As in JAX, an
   unsigned ind fails (unravel_index compares it with -1: "Python int -1 too large to convert
   to uint8") and so does a 0-d a (its .at[()] refuses v's shape (n,)). There is no inplace
   flag: inputs are never modified.
   jaxc_place(arr, mask, vals): jnp.place(arr, mask, vals, inplace=False): the k-th nonzero
   element of mask (row-major; mask the same size as arr, any shape and dtype) gets vals'
   k % vals.size-th value; errors "place: arr and mask must be the same size", "Cannot place
   values from an empty array". */
JAXC_API jaxc_array *jaxc_put(const jaxc_array *a, const jaxc_array *ind, const jaxc_array *v, jaxc_index_mode mode);
JAXC_API jaxc_array *jaxc_place(const jaxc_array *arr, const jaxc_array *mask, const jaxc_array *vals);

/* jaxc_select(n, condlist, choicelist, default_value): jnp.select: where condlist[0] holds,
   choicelist[0], else where condlist[1] holds, choicelist[1], ..., else default_value (NULL:
   Python's 0, a weak int). The choices and the default promote together (so bool choices with the
   default 0 give int32; the result is weak only when all are); a condition counts where it is
   nonzero (NaN and either complex part count), its dtype joined with bool's (strict promotion
   refuses an int condition, as JAX's stack does). All broadcast together. One pass over memory.
   Errors in JAX's words and order: "condlist must be non-empty", promotion, then broadcasting
   ("Incompatible shapes for broadcasting: shapes=[(), (3,), (4,)]", conditions first, with the
   False that JAX stacks before them).
   jaxc_choose(a, n, choices, mode): jnp.choose: out[i] = choices[a[i]][i], a (an integer dtype:
   "`a` array must be integer typed") broadcast with every choice; the result is the choices'
   promoted dtype (a takes no part), never weak. mode DEFAULT is 'raise' ("invalid entry in choice
   array" where a < 0 or a >= n), WRAP a % n (Python's), CLIP clip(a, 0, n - 1); others "mode='fill'
   not understood. Must be 'raise', 'wrap', or 'clip'". n (or n - 1 for clip) must fit a's dtype
   ("Python int 200 too large to convert to int8"). */
JAXC_API jaxc_array *jaxc_select(int n, const jaxc_array *const *condlist, const jaxc_array *const *choicelist,
                                 const jaxc_array *default_value);
JAXC_API jaxc_array *jaxc_choose(const jaxc_array *a, int n, const jaxc_array *const *choices, jaxc_index_mode mode);
/* jaxc_compress(condition, a, axis, size, fill_value): jnp.compress: the slices of a along axis
   (JAXC_ALL_AXES: a flattened) where the 1-D condition is nonzero, in order; a's dtype and weak
   flag. condition and a's axis are both cut to the shorter: a True past the axis's end is "condition
   contains entries that are out of bounds". size (JAXC_NONE: None) gives exactly size slices, the
   selected first, then fill_value's (a 0-d array converted to a's dtype, NULL: 0; the result is
   then strong); it must lie in [0, min(len(condition), a.shape[axis])] ("size must be positive and
   not greater than the size of the array axis; got size=5 for a.shape[axis]=3"). Other errors:
   "condition must be a 1D array", the axis's. jaxc_extract(condition, arr, size, fill_value):
   jnp.extract, compress(ravel(condition), ravel(arr), None, size, fill_value). */
JAXC_API jaxc_array *jaxc_compress(const jaxc_array *condition, const jaxc_array *a, int axis, int64_t size,
                                   const jaxc_array *fill_value);
JAXC_API jaxc_array *jaxc_extract(const jaxc_array *condition, const jaxc_array *arr, int64_t size, const jaxc_array *fill_value);
/* jaxc_array_equal(a1, a2, equal_nan): jnp.array_equal, a 0-d bool: false for other shapes (no
   broadcasting), else all(a1 == a2) with the dtypes promoted as == promotes them (strict promotion
   refuses mixed dtypes); equal_nan: places where both are NaN (either complex part) count as equal.
   jaxc_array_equiv(a1, a2): jnp.array_equiv, all(a1 == a2) broadcast; false when shapes of
   different ranks do not broadcast (JAX catches promote_shapes' ValueError), but shapes of one
   rank that do not are lax's error, which JAX does not catch ("eq got incompatible shapes for
   broadcasting: (3,), (4,)."). */
JAXC_API jaxc_array *jaxc_array_equal(const jaxc_array *a1, const jaxc_array *a2, bool equal_nan);
JAXC_API jaxc_array *jaxc_array_equiv(const jaxc_array *a1, const jaxc_array *a2);

/* Basic indexing, one spec per leading axis (axes past nspec are taken whole):
     JAXC_S(start, stop, step)   Python's start:stop:step; JAXC_NONE for an omitted part
                                 (JAXC_S(JAXC_NONE, JAXC_NONE, -1) is ::-1); step 0 is an error
     JAXC_ALL                    :
     JAXC_I(i)                   a single integer index: the axis is dropped; negative counts from
                                 the end once; out of range clamps when reading (as JAX does),
                                 drops (or clamps, mode CLIP) when updating
   jaxc_slice(x, 2, (jaxc_slice_spec[]){JAXC_I(1), JAXC_S(JAXC_NONE, JAXC_NONE, 2)}) is x[1, ::2]. */
#define JAXC_NONE INT64_MIN
typedef struct jaxc_slice_spec {
  int64_t start, stop, step; /* JAXC_NONE: omitted (step JAXC_NONE means 1) */
  bool index;                /* true: `start` is one integer index and the axis is dropped */
} jaxc_slice_spec;
#define JAXC_S(start, stop, step) ((jaxc_slice_spec){(int64_t)(start), (int64_t)(stop), (int64_t)(step), false})
#define JAXC_ALL JAXC_S(JAXC_NONE, JAXC_NONE, JAXC_NONE)
#define JAXC_I(i) ((jaxc_slice_spec){(int64_t)(i), JAXC_NONE, JAXC_NONE, true})
JAXC_API jaxc_array *jaxc_slice(const jaxc_array *a, int nspec, const jaxc_slice_spec *spec);

/* --- functional updates (x.at[...].op(updates)) ---------------------------------------------------
   op: JAXC_OP_SET, ADD, MULTIPLY, MINIMUM, MAXIMUM, TRUE_DIVIDE, POWER. updates broadcast to the
   indexed shape (indices.shape + a.shape[1:] for jaxc_at_update). As in JAX, the operand and
   updates are promoted together, the scatter runs in that dtype, and the result is converted
   back to a's dtype and weak flag (x.at[2].set(2.7) on int32 stores 2); repeated indices
   accumulate for ADD/MULTIPLY/MINIMUM/MAXIMUM (SET: the last one wins). TRUE_DIVIDE and POWER are
   JAX's x / ones.at[idx].multiply(u) and x ** ones.at[idx].multiply(u), so their dtype is that
   of the division (an int x gives a float: float32 up to 32 bits) or the power.
   Modes: DEFAULT, DROP, FILL, PROMISE_IN_BOUNDS drop updates whose index is out of range (after
   a negative index was counted from the end once, indices converted to int32 as for indexing);
   CLIP clamps; WRAP is refused. An empty selection returns a copy of a without looking at the
   updates (their shape, dtype, the mode), as JAX's _scatter_impl returns x. Inputs are never
   modified. */
JAXC_API jaxc_array *jaxc_at_update(jaxc_op op, const jaxc_array *a, const jaxc_array *indices,
                                    const jaxc_array *updates, jaxc_index_mode mode);
/* The same with the index array on another axis: x.at[:, ..., idx] (shape a.shape[:axis] +
   indices.shape + a.shape[axis+1:]). */
JAXC_API jaxc_array *jaxc_at_update_axis(jaxc_op op, const jaxc_array *a, const jaxc_array *indices, int axis,
                                         const jaxc_array *updates, jaxc_index_mode mode);
/* Slice-based updates: x.at[1, :].set(u) is jaxc_at_update_slice(JAXC_OP_SET, x, 2,
   (jaxc_slice_spec[]){JAXC_I(1), JAXC_ALL}, u, JAXC_MODE_DEFAULT). */
JAXC_API jaxc_array *jaxc_at_update_slice(jaxc_op op, const jaxc_array *a, int nspec, const jaxc_slice_spec *spec,
                                          const jaxc_array *updates, jaxc_index_mode mode);
/* >>shape ------------------------------------------------------------------------------------
   Shape manipulation as jax.numpy does it. Every result is a new contiguous array (JAX's arrays
   have no views) with a's dtype and weak flag (lax's reshape, transpose, broadcast_in_dim,
   squeeze and expand_dims keep weak_type); concatenate and stack promote their operands together
   (jnp's promote_dtypes: the join of all, weak where that join is a weak type, as for
   jaxc_binary: int8 with a weak float is a weak float32). Errors are JAX's, in its words.
     jaxc_reshape(a, ndim, shape)   C order; one entry may be -1, inferred from the size
     jaxc_ravel(a)                  reshape(a, (-1,))
     jaxc_transpose(a, naxes, axes) axes: a permutation of the axes (negative ones count from the
                                    end); NULL reverses them (jnp.transpose(a), a.T)
     jaxc_swapaxes(a, axis1, axis2), jaxc_moveaxis(a, source, destination)
     jaxc_expand_dims(a, axis)      a new axis of size 1 at position `axis` of the result
     jaxc_squeeze(a, axis)          drops `axis`, which must have size 1; JAXC_ALL_AXES drops
                                    every axis of size 1
     jaxc_broadcast_to(a, ndim, shape)
     jaxc_concatenate(n, arrays, axis)  along an existing axis; JAXC_ALL_AXES flattens each first
     jaxc_stack(n, arrays, axis)    arrays of one shape, joined along a new axis
     jaxc_atleast_1d(a), jaxc_atleast_2d(a)  1s put in front up to 1 or 2 dims ((n,) -> (1, n))
     jaxc_atleast_3d(a)             () -> (1, 1, 1), (n,) -> (1, n, 1), (m, n) -> (m, n, 1)
     jaxc_hstack(n, arrays, dtype)  concatenate of the atleast_1d's along 0 if the first is then
                                    1-D, else along 1; vstack: atleast_2d's along 0; dstack:
                                    atleast_3d's along 2. dtype JAXC_DTYPE_NONE promotes as
                                    concatenate does; a dtype converts each operand to it (strong)
     jaxc_column_stack(n, arrays)   1-D (and 0-d) operands as columns (n, 1), then along axis 1
     jaxc_broadcast_arrays(n, arrays, out)  out[j]: arrays[j] broadcast to the common shape
     jaxc_broadcast_shapes(n, ndims, shapes, &nd, shape)  jnp.broadcast_shapes: the common shape of
                                    n shapes (shapes[j] has ndims[j] dims) into shape[JAXC_MAX_NDIM] */
JAXC_API jaxc_array *jaxc_reshape(const jaxc_array *a, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_ravel(const jaxc_array *a);
JAXC_API jaxc_array *jaxc_transpose(const jaxc_array *a, int naxes, const int *axes);
JAXC_API jaxc_array *jaxc_swapaxes(const jaxc_array *a, int axis1, int axis2);
JAXC_API jaxc_array *jaxc_moveaxis(const jaxc_array *a, int source, int destination);
JAXC_API jaxc_array *jaxc_expand_dims(const jaxc_array *a, int axis);
JAXC_API jaxc_array *jaxc_squeeze(const jaxc_array *a, int axis);
JAXC_API jaxc_array *jaxc_broadcast_to(const jaxc_array *a, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_concatenate(int n, const jaxc_array *const *arrays, int axis);
JAXC_API jaxc_array *jaxc_stack(int n, const jaxc_array *const *arrays, int axis);
JAXC_API jaxc_array *jaxc_atleast_1d(const jaxc_array *a);
JAXC_API jaxc_array *jaxc_atleast_2d(const jaxc_array *a);
JAXC_API jaxc_array *jaxc_atleast_3d(const jaxc_array *a);
JAXC_API jaxc_array *jaxc_hstack(int n, const jaxc_array *const *arrays, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_vstack(int n, const jaxc_array *const *arrays, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_dstack(int n, const jaxc_array *const *arrays, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_column_stack(int n, const jaxc_array *const *arrays);
JAXC_API int jaxc_broadcast_arrays(int n, const jaxc_array *const *arrays, jaxc_array **out);
JAXC_API int jaxc_broadcast_shapes(int n, const int *ndims, const int64_t *const *shapes, int *out_ndim, int64_t *out_shape);

/* Rearranging, repeating, padding and splitting, as jax.numpy does it (jax/_src/numpy/
   lax_numpy.py): results keep a's dtype and weak flag; errors are JAX's, in its words.
     jaxc_flip(a, naxes, axes)      lax.rev over the axes (NULL: all; an axis twice is an error)
     jaxc_fliplr(a), jaxc_flipud(a) flip(a, 1), flip(a, 0)
     jaxc_rot90(a, k, axis1, axis2) k quarter turns from axis1 towards axis2 (jnp: axes=(0, 1)):
                                    flips and a swap of the two axes
     jaxc_roll(a, shift, axis)      elements shifted along axis, wrapping; JAXC_ALL_AXES rolls the
                                    flattened array (shift any int64: taken mod the length)
     jaxc_roll_axes(a, nshift, shift, naxes, axes)  shift and axes broadcast against each other
                                    (np.broadcast_arrays); shifts on one axis add up; axes NULL:
                                    flattened
     jaxc_tile(a, nreps, reps)      reps padded with 1s in front to a's rank, or a's shape to theirs
     jaxc_repeat(a, repeats, axis)  each element `repeats` times along axis (JAXC_ALL_AXES: of
                                    the flattened array)
     jaxc_repeat_each(a, nrep, repeats, axis, total_repeat_length)  a count per element (nrep = 1
                                    broadcasts); total_repeat_length (JAXC_NONE: the counts' sum)
                                    cuts the result short or repeats the axis' last element to fill
                                    it, as JAX does. A negative count is an error (NumPy's words:
                                    JAX does not check, and returns garbage)
     jaxc_pad(a, npad, pad_width, mode, constant_values)  pad_width: npad = 2 * ndim numbers
                                    (b0, a0, b1, a1, ...), 2 (b, a) for every axis, or 1 for all;
                                    constant_values (JAXC_PAD_CONSTANT only; NULL is 0): a 0-d
                                    value, (2,) per side, or (ndim, 2) per axis and side, converted
                                    to a's dtype as XLA converts (int8: 2.7 -> 2, 300 -> 44); the
                                    later axis' value fills the corners. Reflections past the
                                    axis' length repeat (JAX's rule: periodic); the _ODD
                                    modes are reflect_type='odd' (2 * edge - x, in a's dtype)
     jaxc_pad_ex(a, npad, pad_width, mode, args)  with end_values (LINEAR_RAMP) or stat_length
                                    (MAXIMUM, MEAN, MEDIAN, MINIMUM): JAX's linspace ramp and
                                    statistics, axis after axis, integers floored (ramp) or
                                    rounded half to even (statistics)
     jaxc_split(a, sections, axis, out)        `sections` equal pieces into out[0 .. sections-1]
     jaxc_array_split(a, sections, axis, out)  the first size % sections pieces one longer
     jaxc_split_at(a, nindices, indices, axis, out)  nindices + 1 pieces, cut at the indices
                                    (neither clamped nor counted from the end, as in JAX)
   The split functions return 0 or a jaxc_status and fill every slot of out, or none (all NULL). */
/* jnp.pad's modes: the enum, its name in JAX's messages, the index map of the gathered ones and
   how the others are built (ODD: 2 * edge - x; RAMP: linear_ramp's linspace; a reduction: the
   statistic of the axis, or of stat_length elements at each end, repeated). */
#define JAXC_PAD_MODES(X)                                                                  \
  X(CONSTANT, "constant", CONST, GATHER) X(EDGE, "edge", EDGE, GATHER)                   \
  X(WRAP, "wrap", WRAP, GATHER) X(REFLECT, "reflect", REFLECT, GATHER)                   \
  X(SYMMETRIC, "symmetric", SYMMETRIC, GATHER) X(REFLECT_ODD, "reflect", REFLECT, ODD)   \
  X(SYMMETRIC_ODD, "symmetric", SYMMETRIC, ODD) X(EMPTY, "empty", CONST, GATHER)         \
  X(LINEAR_RAMP, "linear_ramp", CONST, RAMP) X(MAXIMUM, "maximum", CONST, MAX)            \
  X(MEAN, "mean", CONST, MEAN) X(MINIMUM, "minimum", CONST, MIN)                         \
  X(MEDIAN, "median", CONST, MEDIAN)
#define JAXC__PAD_ENUM(E, name, map, build) JAXC_PAD_##E,
typedef enum jaxc_pad_mode { JAXC_PAD_MODES(JAXC__PAD_ENUM) JAXC_NUM_PAD_MODES } jaxc_pad_mode;
#undef JAXC__PAD_ENUM
JAXC_API jaxc_array *jaxc_flip(const jaxc_array *a, int naxes, const int *axes);
JAXC_API jaxc_array *jaxc_fliplr(const jaxc_array *a);
JAXC_API jaxc_array *jaxc_flipud(const jaxc_array *a);
JAXC_API jaxc_array *jaxc_rot90(const jaxc_array *a, int k, int axis1, int axis2);
JAXC_API jaxc_array *jaxc_roll(const jaxc_array *a, int64_t shift, int axis);
JAXC_API jaxc_array *jaxc_roll_axes(const jaxc_array *a, int nshift, const int64_t *shift, int naxes, const int *axes);
JAXC_API jaxc_array *jaxc_tile(const jaxc_array *a, int nreps, const int64_t *reps);
JAXC_API jaxc_array *jaxc_repeat(const jaxc_array *a, int64_t repeats, int axis);
JAXC_API jaxc_array *jaxc_repeat_each(const jaxc_array *a, int nrep, const int64_t *repeats, int axis,
                                      int64_t total_repeat_length);
JAXC_API jaxc_array *jaxc_pad(const jaxc_array *a, int npad, const int64_t *pad_width, jaxc_pad_mode mode,
                              const jaxc_array *constant_values);
/* jnp.pad's other keyword arguments; each given only with its modes, as JAX requires */
typedef struct jaxc_pad_args {
  const jaxc_array *constant_values; /* CONSTANT: NULL is 0 */
  int nend;                          /* LINEAR_RAMP: end_values in pad_width's forms (0: all 0) */
  const double *end_values;
  int nstat;                         /* MAXIMUM, MEAN, MEDIAN, MINIMUM: stat_length in pad_width's forms */
  const int64_t *stat_length;        /*   (0: the whole axis) */
} jaxc_pad_args;
JAXC_API jaxc_array *jaxc_pad_ex(const jaxc_array *a, int npad, const int64_t *pad_width, jaxc_pad_mode mode,
                                 const jaxc_pad_args *args);
JAXC_API int jaxc_split(const jaxc_array *a, int64_t sections, int axis, jaxc_array **out);
JAXC_API int jaxc_array_split(const jaxc_array *a, int64_t sections, int axis, jaxc_array **out);
JAXC_API int jaxc_split_at(const jaxc_array *a, int nindices, const int64_t *indices, int axis, jaxc_array **out);
/* jnp.hsplit (axis 1, or 0 for a 1-D a), jnp.vsplit (axis 0), jnp.dsplit (axis 2): split and
   split_at on that axis, with their errors. As in JAX there is no rank check of its own: vsplit
   takes a 1-D a, and an axis a does not have is Python's "tuple index out of range".
   jnp.unstack(x, axis): out[0 .. x.shape[axis]) the slices x[..., i, ...] along axis, each
   without it ("Unstack requires arrays with rank > 0, however a scalar array was passed."). */
JAXC_API int jaxc_hsplit(const jaxc_array *a, int64_t sections, jaxc_array **out);
JAXC_API int jaxc_vsplit(const jaxc_array *a, int64_t sections, jaxc_array **out);
JAXC_API int jaxc_dsplit(const jaxc_array *a, int64_t sections, jaxc_array **out);
JAXC_API int jaxc_hsplit_at(const jaxc_array *a, int nindices, const int64_t *indices, jaxc_array **out);
JAXC_API int jaxc_vsplit_at(const jaxc_array *a, int nindices, const int64_t *indices, jaxc_array **out);
JAXC_API int jaxc_dsplit_at(const jaxc_array *a, int nindices, const int64_t *indices, jaxc_array **out);
JAXC_API int jaxc_unstack(const jaxc_array *x, int axis, jaxc_array **out);
/* jnp.delete, jnp.insert and jnp.append (jax/_src/numpy/lax_numpy.py). axis JAXC_ALL_AXES works
   on the flattened array (axis=None). delete and insert keep a's dtype and weak flag.
     jaxc_delete(a, obj, axis, assume_unique_indices)  obj, an index array, names what goes:
         0-d integer   jnp.delete(a, i): i counts from the end when negative; outside the axis,
                       JAX's "axis 7 is out of bounds for array of dimension 5"
         integer       every position named, any shape, repeats allowed (negative ones count from
                       the end once; outside the axis: NumPy's IndexError, as JAX runs NumPy here)
         integer, assume_unique_indices  JAX's jit-able arithmetic: positions counted from the
                       end once, clipped to [0, n], sorted; the result is n - m long and, where
                       the positions repeat or fall outside, what that arithmetic gives (JAX's
                       garbage, reproduced: not the complement of the positions)
         bool          a mask of the axis' length; its true places go
     jaxc_delete_slice(a, obj, axis)  obj JAXC_S(start, stop, step): a[start:stop:step] goes;
                       JAXC_I(i): as a 0-d integer
     jaxc_insert(a, obj, values, axis)  values, converted to a's dtype as XLA converts and given
                       leading 1s up to a's rank, go before the positions of obj, a 1-d (or 0-d)
                       integer array: negative positions count from the end once, all are then
                       clipped to [0, n], and equal positions keep values' order. values broadcast
                       to a's shape with obj's length on the axis; an obj of one element is
                       repeated for every value along the axis, and a 0-d one first moves values'
                       first axis to `axis` (so insert(x, 1, [7, 8]) puts 7 and 8 at 1 on a 1-d x,
                       and one column on a 2-d x with axis 1)
     jaxc_insert_slice(a, obj, values, axis)  positions arange(n)[obj]; JAXC_I(i): a 0-d obj
     jaxc_append(a, values, axis)     concatenate((a, values), axis), promoting; JAXC_ALL_AXES
                       ravels both first
   As in JAX, the positions are computed in obj's dtype (a slice's: the default int): the axis
   length must fit it ("Python int 200 too large to convert to int8"), and where insert's result
   positions pass its largest value they wrap, and JAX's scatters place what they place (zeros
   where nothing lands, the last of repeated writes winning). */
JAXC_API jaxc_array *jaxc_delete(const jaxc_array *a, const jaxc_array *obj, int axis, bool assume_unique_indices);
JAXC_API jaxc_array *jaxc_delete_slice(const jaxc_array *a, jaxc_slice_spec obj, int axis);
JAXC_API jaxc_array *jaxc_insert(const jaxc_array *a, const jaxc_array *obj, const jaxc_array *values, int axis);
JAXC_API jaxc_array *jaxc_insert_slice(const jaxc_array *a, jaxc_slice_spec obj, const jaxc_array *values, int axis);
JAXC_API jaxc_array *jaxc_append(const jaxc_array *a, const jaxc_array *values, int axis);

/* >>linalg ------------------------------------------------------------------------------------
   jnp.matmul(a, b) (a @ b): a (..., m, k) or (k,), b (..., k, n) or (k,); the leading (batch)
   axes broadcast; a 1-d operand's axis is dropped from the result. The result dtype is JAX's
   result_type(a, b) (weak when both are), as dot_general's preferred_element_type; the operands
   are converted to it and the products summed in it, as XLA:CPU sums them: integers wrap
   (exactly, whatever the order), bool is any(a & b), bfloat16/float16/float32 are summed in
   float32 and rounded once at the end, float64 and complex in their own precision. The order of
   the float sums is jaxc's own (k ascending within blocks), as XLA's is its own: results can
   differ from JAX's in the last bits. Errors are JAX's ("matmul input operand 0 must have ndim
   at least 1, but it has ndim 0", "dot_general requires contracting dimensions to have the
   same shape, got (3,) and (4,).", "Incompatible shapes for matmul arguments: ..."). */
JAXC_API jaxc_array *jaxc_matmul(const jaxc_array *a, const jaxc_array *b);

/* The tensor contractions of jax.numpy (jax/_src/numpy/tensor_contractions.py), each one
   lax.dot_general. `preferred` is preferred_element_type: JAXC_DTYPE_NONE (None) gives
   result_type(a, b), weak when both are, as jnp.matmul; a dtype makes a strong result of that
   dtype (a weak node: the Python type's dtype; narrowed with x64 off), and with it strict mode
   does not refuse mixed operands, as in JAX. The operands are converted as JAX lowers dot_general
   for the CPU and XLA upcasts them: mixed dtypes to the result's; one dtype to the result's when
   that is the higher precision type by dot_general's order (complex, exponent range, mantissa,
   bits, signedness; float16 counts as float32), kept otherwise: then summed in their own
   precision and the sum rounded once (float32 operands with preferred bfloat16 are summed in
   float32). bool with preferred int32 counts. An integer result narrower than the operands' is
   JAX's TypeError ("`preferred_element_type` must not be narrower than the original type, got
   preferred_element_type of int8 for result type of int32."); a real result of complex operands
   is refused. Sums as jaxc_matmul's.
     jaxc_matmul_preferred  jnp.matmul(a, b, preferred_element_type=preferred)
     jaxc_dot               jnp.dot: a 0-d operand multiplies; else a's last axis with b's only
                            (1-d) or second to last one, batch axes stacked, not broadcast
     jaxc_vdot              jnp.vdot: both flattened, a conjugated (complex): sum(conj(a) * b)
     jaxc_inner             jnp.inner: the last axes of both (0-d: a * b, in preferred)
     jaxc_outer             jnp.outer: ravel(a)[:, None] * ravel(b)[None, :] (multiply's promotion)
     jaxc_tensordot         jnp.tensordot(a, b, axes): a's last `axes` axes with b's first; a
                            negative count contracts none, as Python's empty ranges do
     jaxc_tensordot_axes    jnp.tensordot(a, b, (axes_a, axes_b)): n axes of each, paired in order
     jaxc_vecdot            jnp.vecdot(a, b, axis): sum(conj(a) * b) along axis, the other axes
                            broadcast (jnp.vectorize of vdot)
     jaxc_matvec            jnp.matvec: (..., n, m) times (..., m), batch axes broadcast
     jaxc_vecmat            jnp.vecmat: conj((..., n)) times (..., n, m)
   Errors are JAX's: dot_general's ("dot_general requires contracting dimensions to have the same
   shape, got (3,) and (4,).", "... lhs contracting dimensions to be distinct, got lhs_contracting
   (1, 1)."), tensordot's ("Number of tensordot axes (axes 3) exceeds input ranks ((2, 3) and
   (3,))"), numpy's AxisError, vecdot's "axes must match; got shapes (2, 3) and (2, 4) with
   axis=-1" and jnp.vectorize's ("input with shape (3,) does not have enough dimensions for all
   core dimensions ('n', 'm') on vectorized function with excluded=frozenset() and
   signature='(n,m),(m)->(n)'", "Incompatible shapes for broadcasting: shapes=[(2,), (3,)]"). */
JAXC_API jaxc_array *jaxc_matmul_preferred(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred);
JAXC_API jaxc_array *jaxc_dot(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred);
JAXC_API jaxc_array *jaxc_vdot(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred);
JAXC_API jaxc_array *jaxc_inner(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred);
JAXC_API jaxc_array *jaxc_outer(const jaxc_array *a, const jaxc_array *b);
JAXC_API jaxc_array *jaxc_tensordot(const jaxc_array *a, const jaxc_array *b, int axes, jaxc_dtype preferred);
JAXC_API jaxc_array *jaxc_tensordot_axes(const jaxc_array *a, const jaxc_array *b, int n, const int *axes_a,
                                         const int *axes_b, jaxc_dtype preferred);
JAXC_API jaxc_array *jaxc_vecdot(const jaxc_array *a, const jaxc_array *b, int axis, jaxc_dtype preferred);
JAXC_API jaxc_array *jaxc_matvec(const jaxc_array *a, const jaxc_array *b);
JAXC_API jaxc_array *jaxc_vecmat(const jaxc_array *a, const jaxc_array *b);

/* jnp.linalg: factorizations and what JAX builds on them. Every function first promotes its
   operands to inexact (promote_dtypes_inexact: int8 -> float32, int64 -> float64, weak flags
   kept; two operands join, so strict mode refuses mixed dtypes) and works on the last two axes,
   the others a batch. The factorizations are LAPACK's unblocked algorithms in the dtype's own
   precision (getf2: partial pivoting on the first largest |x| (|re| + |im| for complex), the
   column scaled by the pivot's reciprocal; potf2), so values agree with JAX's to rounding, not
   bit for bit; the rest is composed of jaxc's ops as JAX composes it. float16 and bfloat16 have
   no LAPACK kernels: JAX's "Unsupported dtype float16." (status ERR_DTYPE), except where no
   factorization is needed (det of 2x2 and 3x3, norms but 2, -2 and "nuc", matrix_power >= 0).
     jaxc_lax_linalg_lu(a, &lu, &pivots, &permutation)  jax.lax.linalg.lu of a float or complex
                      (..., m, n): L (unit, below the diagonal) and U in one array of a's dtype,
                      pivots (..., min(m, n)) int32 (row k was swapped with pivots[k]) and the
                      permutation (..., m) int32 (a[perm] = L U); a singular a factors (a zero
                      pivot is skipped, as LAPACK's info > 0); any output pointer may be NULL
     jaxc_linalg_det(a)  (..., n, n) -> (...): 2x2 and 3x3 as JAX writes them out (each product
                      and sum an op of a's dtype, weak if a is), else sign * exp(logabsdet)
     jaxc_linalg_slogdet(a, &sign, &logabsdet)  sign of a's dtype (0 for a singular a; complex:
                      a unit complex), logabsdet real (-inf for a singular a); both strong
     jaxc_linalg_solve(a, b)  x with a @ x = b: b (n,) is one vector for every a; any other b is
                      (..., n, k), its batch axes broadcast with a's (jnp.vectorize); a singular
                      a gives inf/NaN entries, as JAX's (no error)
     jaxc_linalg_inv(a)  solve(a, eye) broadcast over a's batch
     jaxc_linalg_cholesky(a, upper, symmetrize_input)  L lower (L L^H = a) or U = L^H; a is first
                      made Hermitian as (a + a^H) / 2 (JAX's default symmetrize_input=True), else
                      only its lower triangle is read; a matrix that is not positive definite
                      gives NaN on the factor's triangle (zeros off it), as JAX's
     jaxc_linalg_matrix_power(a, n)  eye for 0, inv for n < 0, else JAX's products (a @ a,
                      (a @ a) @ a, then binary powering)
     jaxc_linalg_vector_norm(x, ord, naxes, axes, keepdims)  JAX's vector_norm, which does not
                      promote x: ord None/2 sqrt(sum(real(x * conj(x)))), inf max(abs), -inf
                      min(abs), 0 sum(x != 0) in finfo(x).dtype (integers: numpy's "data type
                      <class 'numpy.int32'> not inexact"), 1 sum(abs), else
                      sum(abs(x) ** p) ** (1 / p) with p and 1 / p constants of abs(x)'s dtype
                      (an integer dtype truncates them: JAX's int results)
     jaxc_linalg_norm(x, ord, naxes, axes, keepdims)  jnp.linalg.norm: x promoted; one axis is
                      vector_norm's; two axes: None/"fro" Frobenius, 1/-1 max/min column sum,
                      inf/-inf max/min row sum, 2/-2 largest/smallest singular value, "nuc" their
                      sum; axes NULL and ord NULL: the 2-norm of everything, axes NULL otherwise:
                      all of x's axes
     jaxc_linalg_matrix_norm(x, ord, keepdims)  norm over the last two axes (ord NULL: "fro")
     jaxc_linalg_matrix_transpose(x)  the last two axes swapped
     jaxc_linalg_svdvals(x)  (..., m, n) -> (..., min(m, n)) singular values, descending, of x's
                      real dtype: one-sided Jacobi in double (float32 values nearly always
                      correctly rounded); a matrix with a NaN or an infinity gives NaNs (JAX's
                      failed gesdd)
     jaxc_linalg_matrix_rank(M, rtol)  the count of singular values > rtol, the default int;
                      rtol NULL: max(s) * max(m, n) * eps (each product rounded in s's dtype), a
                      given rtol is compared as it is (JAX's), broadcast over the batch; a 0-d or
                      1-d M: any(M != 0) as int32
   ord is the Python value as a string: NULL for None, "fro" (or "f"), "nuc", or a number strtod
   reads whole ("2", "-1", "0.5", "inf", "-inf"). axes NULL is None (naxes ignored). Errors are
   JAX's: "Argument to _det() must have shape [..., n, n], got (2, 3)", "Argument to slogdet()
   ...", "Argument to inv must have shape [..., n, n], got (3,).", "left hand array must be at
   least two dimensional; got a.shape=(3,)", solve's "Invalid shapes for solve: ..." and
   jnp.vectorize's messages, cholesky's "The input to cholesky must be a square matrix. Got shape
   (2, 3)." (or add's broadcasting error when it symmetrizes), "Input 0 to lu must have rank at
   least 2, but got shape=(3,)", "lu does not accept dtype int32. ...", "Invalid order 'foo' for
   vector norm.", "Invalid order '3' for matrix norm.", "Invalid axis values ((0, 1, 2)) for
   jnp.linalg.norm.", "matrix_power"'s "1-dimensional array given. Array must be at least
   two-dimensional" and "Last 2 dimensions of the array must be square". */
JAXC_API int jaxc_lax_linalg_lu(const jaxc_array *a, jaxc_array **lu, jaxc_array **pivots, jaxc_array **permutation);
JAXC_API jaxc_array *jaxc_linalg_det(const jaxc_array *a);
JAXC_API int jaxc_linalg_slogdet(const jaxc_array *a, jaxc_array **sign, jaxc_array **logabsdet);
JAXC_API jaxc_array *jaxc_linalg_solve(const jaxc_array *a, const jaxc_array *b);
JAXC_API jaxc_array *jaxc_linalg_inv(const jaxc_array *a);
JAXC_API jaxc_array *jaxc_linalg_cholesky(const jaxc_array *a, bool upper, bool symmetrize_input);
JAXC_API jaxc_array *jaxc_linalg_matrix_power(const jaxc_array *a, int64_t n);
JAXC_API jaxc_array *jaxc_linalg_vector_norm(const jaxc_array *x, const char *ord, int naxes, const int *axes, bool keepdims);
JAXC_API jaxc_array *jaxc_linalg_norm(const jaxc_array *x, const char *ord, int naxes, const int *axes, bool keepdims);
JAXC_API jaxc_array *jaxc_linalg_matrix_norm(const jaxc_array *x, const char *ord, bool keepdims);
JAXC_API jaxc_array *jaxc_linalg_matrix_transpose(const jaxc_array *x);
JAXC_API jaxc_array *jaxc_linalg_svdvals(const jaxc_array *x);
JAXC_API jaxc_array *jaxc_linalg_matrix_rank(const jaxc_array *M, const jaxc_array *rtol);

/* jnp.diagonal(a, offset, axis1, axis2): the diagonal `offset` of the planes of axes axis1 and
   axis2, those axes removed and the diagonal appended as the last (a copy; a's dtype and weak
   flag); its length max(0, min(n1 + min(offset, 0), n2 - max(offset, 0))). jnp.trace(a, offset,
   axis1, axis2, dtype): jnp.sum of that diagonal (what JAX computes as where(eye(..., k=offset),
   a, 0) summed over both axes: the same sum, never touching the other elements) with jnp.sum's
   dtype rule (JAXC_DTYPE_NONE: integers and bool to the default integer, floats kept; a dtype:
   summed in it). Errors are JAX's ("diagonal requires an array of at least two dimensions.",
   "axis1 and axis2 can not be same. axis1=0 and axis2=0", numpy's AxisError, lax.transpose's for
   diagonal's repeated axis). */
JAXC_API jaxc_array *jaxc_diagonal(const jaxc_array *a, int offset, int axis1, int axis2);
JAXC_API jaxc_array *jaxc_trace(const jaxc_array *a, int offset, int axis1, int axis2, jaxc_dtype dtype);
/* jnp.diag(v, k): a 1-d v laid on diagonal k of an (n + |k|)-square of zeros (v's dtype and weak
   flag, as JAX's where keeps them), a 2-d v's diagonal k; "diag input must be 1d or 2d".
   jnp.diagflat(v, k): diag of ravel(v), strong (JAX builds it on jnp.zeros of v's dtype).
   jnp.kron(a, b): the Kronecker product, shape a.shape * b.shape (the shorter one's rank filled
   with leading 1s), each element a[i] * b[j] with multiply's promotion (promote_dtypes, then
   lax.mul: strict mode refuses mixed operands); ranks up to JAXC_MAX_NDIM / 2 (its
   interleaved broadcast has twice the rank). */
JAXC_API jaxc_array *jaxc_diag(const jaxc_array *v, int k);
JAXC_API jaxc_array *jaxc_diagflat(const jaxc_array *v, int k);
JAXC_API jaxc_array *jaxc_kron(const jaxc_array *a, const jaxc_array *b);

/* jnp.einsum(subscripts, *operands, preferred_element_type=preferred): the Einstein sum of n
   operands. subscripts is numpy's: one term of labels (ASCII letters; spaces ignored) per
   operand, separated by commas, "..." for leading axes that broadcast, and "->" then the
   output's labels; without "->" the output is the ellipsis and the labels seen once, sorted
   (uppercase first). A label of size 1 broadcasts against the same label's other size. As in
   JAX, the operands are contracted in pairs (opt_einsum's path; jaxc's is a greedy choice, which
   changes only the order of float sums), and `preferred` (JAXC_DTYPE_NONE: result_type of all
   operands, weak when all are) is each step's dtype: each pair is one dot_general with that
   preferred_element_type (jaxc_dot's conversions, TypeError and refusals); a label that one
   operand alone has, or that one operand repeats, is first summed over (a repeat: on its
   diagonal) by lax.reduce in the operand's dtype -- converted to `preferred` first where
   result_type(operand, preferred) is not its dtype, so strict mode refuses mixed dtypes there --
   so einsum('ij->i') of int8 wraps in int8 where jnp.sum would give int32, and bool sums are
   any(). The result is converted to `preferred` at the end. Errors are opt_einsum's ("Size of
   label 'j' for operand 1 (3) does not match previous terms (4).", "Einstein sum subscript 'ij'
   does not contain the correct number of indices for operand 0.", "Output character 'k' did not
   appear in the input", "Number of einsum subscripts must be equal to the number of operands.",
   "Invalid Ellipses.", "Ellipses lengths do not match.", "Subscripts can only contain one
   '->'."), numpy's for an output label twice, dot_general's and strict mode's. */
JAXC_API jaxc_array *jaxc_einsum(const char *subscripts, int n, const jaxc_array *const *operands, jaxc_dtype preferred);
/* jnp.einsum_path's path: the pairs jaxc_einsum contracts, in order, as positions in the operand
   list as it shrinks (the pair leaves, its result is appended): path[2k], path[2k + 1], the first
   the smaller; one operand is the one step (0, -1). Returns the number of steps (n - 1, or 1:
   path has room for 2 per step) or -1 with a status (einsum's parse and shape errors). The path
   is the one JAX's optimize="auto" takes: opt_einsum's "optimal" up to four operands, branch and
   bound for five to fourteen (every branch for five or six, the best two for seven or eight, the
   best one past that), "greedy" beyond, each with its tie-breaks, caches and CPython's set order
   reproduced (flop counts in doubles: exact below 2^53). */
JAXC_API int jaxc_einsum_path(const char *subscripts, int n, const jaxc_array *const *operands, int *path);

/* jnp.convolve(a, v, mode, preferred_element_type=preferred) and jnp.correlate(a, v, mode, ...):
   the discrete linear convolution sum_m a[m] v[n - m] and the cross-correlation
   sum_n a[n + k] conj(v[n]) of two 1-D arrays, as JAX computes them: one lax.conv_general_dilated
   of the longer operand with the shorter one as the kernel (flipped for convolve; for correlate
   the result is reversed when a is the shorter). JAX's defaults differ: mode 'full' for
   convolve, 'valid' for correlate; lengths n >= k (the longer, the shorter) give n + k - 1
   (FULL), n (SAME: k / 2 zeros before, k - k / 2 - 1 after) and n - k + 1 (VALID) elements.
   The padding is XLA's: zeros in the window, multiplied like any element, so an inf in the
   kernel makes NaN where it meets them (numpy sums only the overlap). Dtypes: `preferred`
   JAXC_DTYPE_NONE promotes a and v to inexact (int8 -> float32; numpy's convention), a dtype
   promotes them without that (integers stay integers) and the result is `preferred`; either way
   the result is weak when the promotion is (both operands take its weak flag, and conv's result
   is weak when both are: int8 with a weak float gives a weak float32, x64 off). The sums are
   jaxc_dot's (bfloat16/float16/float32 in float32, rounded once; integers wrap; preferred's
   width check and refusals). Each result element sums its products in kernel order. Errors are
   JAX's ("convolve() only support 1-dimensional inputs.", "correlate: inputs cannot be empty,
   got shapes (0,) and (3,).", "mode must be one of ['full', 'same', 'valid']"), strict mode's. */
#define JAXC_CONV_MODES(X) X(FULL, "full") X(SAME, "same") X(VALID, "valid")
#define JAXC__CONV_ENUM(E, name) JAXC_CONV_##E,
typedef enum jaxc_conv_mode { JAXC_CONV_MODES(JAXC__CONV_ENUM) JAXC_NUM_CONV_MODES } jaxc_conv_mode;
#undef JAXC__CONV_ENUM
JAXC_API jaxc_array *jaxc_convolve(const jaxc_array *a, const jaxc_array *v, jaxc_conv_mode mode, jaxc_dtype preferred);
JAXC_API jaxc_array *jaxc_correlate(const jaxc_array *a, const jaxc_array *v, jaxc_conv_mode mode, jaxc_dtype preferred);

/* >>create -----------------------------------------------------------------------------------
   Array creation as jax.numpy does it, with its dtype rules. A dtype argument may be
   JAXC_DTYPE_NONE, Python's dtype=None (each function's default, or inference from the values),
   or a weak node, which stands for the Python type given as a dtype (JAXC_WEAK_FLOAT is
   dtype=float: float32, float64 with x64); 64-bit dtypes narrow with x64 off. Results are strong
   except where a line says otherwise. Values are the lax ops JAX composes them of, each rounded in
   its dtype (jnp.linspace is jitted in JAX, and XLA may fuse its multiply-adds into FMAs where the
   CPU has them, or keep float32 between its float16 steps: the last bit can differ there).
     jaxc_full(ndim, shape, fill, dtype)   fill: a C scalar or an array. A 0-d fill is converted to
                       dtype (NONE: the fill's own dtype, weak when the fill is: jnp.full(3, 2) is a
                       weak int32); a C integer wraps as NumPy's astype does (full(3, 300, int8):
                       44). A fill with dimensions is broadcast to shape, after astype if dtype is
                       given (jnp: _broadcast_to(asarray(fill, dtype), shape)).
     jaxc_full_like(a, fill, dtype)        a's shape, a's dtype and weak flag when dtype is NONE
     jaxc_zeros_like(a, dtype), jaxc_ones_like(a, dtype)
     jaxc_array_ones(dtype, ndim, shape)   jnp.ones; jaxc_array_zeros/empty also take NONE (float)
     jaxc_arange(start, stop, step, dtype) C scalars or 0-d arrays; JAXC_NONE (as in slices) for an
                       omitted stop or step: jnp.arange(5) is jaxc_arange(5, JAXC_NONE, JAXC_NONE,
                       JAXC_DTYPE_NONE). dtype NONE: result_type of the operands (arange(5) int32,
                       arange(0, 1, 0.1) float32); the length is Python's ceil((stop - start) / step)
                       (C scalars in Python's arithmetic, arrays in jnp's), the values start + step *
                       i in the dtype (float16/bfloat16 computed in float32 and rounded once).
     jaxc_linspace(start, stop, num, endpoint, dtype)  jnp.linspace; start and stop may be
                       arrays (broadcast together; the new axis first). jaxc_linspace_operands adds
                       axis and retstep (the step, in the computation dtype, or NULL). Values are
                       start * (1 - t) + stop * t, t = i / div in the dtype, and exactly stop at
                       the end; dtype NONE: to_inexact(result_type(start, stop)); integer dtypes
                       take the floor.
     jaxc_logspace(start, stop, num, endpoint, base, dtype)  power(base, linspace(start, stop)) in
                       linspace's dtype, then converted (integers truncate); _operands adds axis
     jaxc_geomspace(start, stop, num, endpoint, dtype)  sign(start) * 10^linspace(log10 |start|,
                       log10 |stop|) (the ends are not always exact, as in JAX); _operands: axis
     jaxc_eye(n, m, k, dtype)              1 where j - i == k (k clipped to int32, as JAX does);
     jaxc_identity(n, dtype)               dtype NONE: the default float
     jaxc_tri(n, m, k, dtype)              1 where j - i <= k; NONE: float32, also with x64 (JAX's)
     jaxc_tril(a, k), jaxc_triu(a, k)      a's dtype and weak flag; zeros above/below diagonal k
   Errors are JAX's: "Number of samples, -1, must be non-negative.", "negative dimensions are not
   allowed, got -1 and 3", "broadcast_in_dim shape must have every element be nonnegative, got
   (-1,).", "Argument to jax.numpy.tril must be at least 2D", "Passing complex start/stop/step to
   jnp.arange is no longer supported starting in JAX v0.10.0.", Python's "division by zero". */
#define JAXC_DTYPE_NONE ((jaxc_dtype)-2)
JAXC_API jaxc_array *jaxc_array_ones(jaxc_dtype dtype, int ndim, const int64_t *shape);
JAXC_API jaxc_array *jaxc_full_operand(int ndim, const int64_t *shape, jaxc_operand fill, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_full_like_operand(const jaxc_array *a, jaxc_operand fill, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_zeros_like(const jaxc_array *a, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_ones_like(const jaxc_array *a, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_arange_operands(jaxc_operand start, jaxc_operand stop, jaxc_operand step, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_linspace_operands(jaxc_operand start, jaxc_operand stop, int64_t num, bool endpoint,
                                            jaxc_dtype dtype, int axis, jaxc_array **retstep);
JAXC_API jaxc_array *jaxc_logspace_operands(jaxc_operand start, jaxc_operand stop, int64_t num, bool endpoint,
                                            jaxc_operand base, jaxc_dtype dtype, int axis);
JAXC_API jaxc_array *jaxc_geomspace_operands(jaxc_operand start, jaxc_operand stop, int64_t num, bool endpoint,
                                             jaxc_dtype dtype, int axis);
JAXC_API jaxc_array *jaxc_eye(int64_t n, int64_t m, int64_t k, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_identity(int64_t n, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_tri(int64_t n, int64_t m, int64_t k, jaxc_dtype dtype);
JAXC_API jaxc_array *jaxc_tril(const jaxc_array *a, int64_t k);
JAXC_API jaxc_array *jaxc_triu(const jaxc_array *a, int64_t k);
/* Grids and index sets, as jax.numpy makes them. Functions with several results write them to
   out[] (NULLs on an error) and return the status.
     jaxc_meshgrid(n, xi, sparse, indexing, out)  1-D xi, each broadcast along its own axis of the
                       grid (len(x0), len(x1), ...) with indexing "ij"; "xy" (NULL: the default)
                       swaps the first two axes. sparse: shape 1 on every other axis. Each keeps
                       its dtype and weak flag (lax.broadcast_in_dim).
     jaxc_indices(ndim, dims, dtype)       (ndim, *dims): entry [i, ...] is the i-th coordinate;
                       dtype NONE: the default int; no dims: an empty (0,) array.
     jaxc_indices_sparse(ndim, dims, dtype, out)  out[i]: iota along axis i, 1 elsewhere
     jaxc_tril_indices(n, k, m, out), jaxc_triu_indices(n, k, m, out)  the rows and columns of
                       (n, m) where j - i <= k (triu: >= k), row by row, in the default int (m
                       JAXC_NONE: n); _from(a, k, out) takes n and m from a 2-D a
     jaxc_diag_indices(n, ndim, out)       ndim copies of arange(n); _from(a, out): a's n, ndim
                       (a at least 2-D, every dimension equal)
     jaxc_fill_diagonal(a, val)            a.at[diag_indices].set(val): a 0-d val everywhere on
                       the diagonal, a longer one raveled and repeated or cut to min(a.shape); a's
                       dtype and weak flag (JAX's arrays are immutable: inplace=False, wrap=False)
   Errors are JAX's: "Arguments to jax.numpy.meshgrid must be 1D, got shapes [(3,), (2, 2)]",
   "Valid values for indexing are 'xy' and 'ij', got XY", "Only 2-D inputs are accepted", "n
   argument to diag_indices must be nonnegative, got -1", "All dimensions of input must be of
   equal length", "array must be at least 2-d". */
JAXC_API int jaxc_meshgrid(int n, const jaxc_array *const *xi, bool sparse, const char *indexing, jaxc_array **out);
JAXC_API jaxc_array *jaxc_indices(int ndim, const int64_t *dims, jaxc_dtype dtype);
JAXC_API int jaxc_indices_sparse(int ndim, const int64_t *dims, jaxc_dtype dtype, jaxc_array **out);
JAXC_API int jaxc_tril_indices(int64_t n, int64_t k, int64_t m, jaxc_array **out);
JAXC_API int jaxc_triu_indices(int64_t n, int64_t k, int64_t m, jaxc_array **out);
JAXC_API int jaxc_tril_indices_from(const jaxc_array *a, int64_t k, jaxc_array **out);
JAXC_API int jaxc_triu_indices_from(const jaxc_array *a, int64_t k, jaxc_array **out);
JAXC_API int jaxc_diag_indices(int64_t n, int ndim, jaxc_array **out);
JAXC_API int jaxc_diag_indices_from(const jaxc_array *a, jaxc_array **out);
JAXC_API jaxc_array *jaxc_fill_diagonal(const jaxc_array *a, const jaxc_array *val);
/* jnp.ix_(*args): out[i] is args[i] (1-D) reshaped to 1 on every axis but i, an open mesh for
   indexing; its dtype and weak flag kept, an empty one the default int's zeros (NumPy's intp).
   Errors: "Arguments to jax.numpy.ix_ must be 1-dimensional, got shape (2, 2)", "Boolean
   arguments to jax.numpy.ix_ are not implemented". */
JAXC_API int jaxc_ix_(int n, const jaxc_array *const *args, jaxc_array **out);
#ifndef __cplusplus
#  define jaxc_full(ndim, shape, fill, dtype) jaxc_full_operand(ndim, shape, JAXC_OPERAND(fill), dtype)
#  define jaxc_full_like(a, fill, dtype) jaxc_full_like_operand(a, JAXC_OPERAND(fill), dtype)
#  define jaxc_arange(start, stop, step, dtype) \
    jaxc_arange_operands(JAXC_OPERAND(start), JAXC_OPERAND(stop), JAXC_OPERAND(step), dtype)
#  define jaxc_linspace(start, stop, num, endpoint, dtype) \
    jaxc_linspace_operands(JAXC_OPERAND(start), JAXC_OPERAND(stop), num, endpoint, dtype, 0, NULL)
#  define jaxc_logspace(start, stop, num, endpoint, base, dtype) \
    jaxc_logspace_operands(JAXC_OPERAND(start), JAXC_OPERAND(stop), num, endpoint, JAXC_OPERAND(base), dtype, 0)
#  define jaxc_geomspace(start, stop, num, endpoint, dtype) \
    jaxc_geomspace_operands(JAXC_OPERAND(start), JAXC_OPERAND(stop), num, endpoint, dtype, 0)
#endif

/* >>random ----------------------------------------------------------------------------------- */
/* jax.random with threefry2x32 keys, bit-exact with JAX 0.11
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
       normal     sqrt(2) * erf_inv(uniform(nextafter(-1, 0), 1)) with XLA CPU's own log, log1p
                  and ErfInv (f32 for bf16/f16: XLA upcasts erf_inv), their fused multiply-adds included
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
     normal: against JAX 0.11.2 on CPU: every float32 value it can return (all 2^23), every
     float16 and bfloat16 value, 2^18 float32 and float64 draws and vectors for five seeds. The
     float64 path calls the C library's log for log1p of arguments beyond [1/sqrt2 - 1, sqrt2 - 1],
     as XLA CPU does (glibc's here: another libm may differ there by an ulp). That float64 range
     is the recordings' (xla/codegen/intrinsic/log1p.cc as published selects |x| < sqrt2 - 1 for
     both widths, which misses 2 of the 50 recorded float64 vector values by an ulp).
     normal is erf_inv's default lowering, chlo.erf_inv (jax/_src/lax/special.py); under
     jax_accurate_erf_inv=True JAX computes w = -log((1 - x)(1 + x)) instead and draws differ
     (7 of the 50 recorded float32 vector values).
     bf16/f16 uniform with bounds other than [0, 1): JAX's formula with the bounds and the span
     rounded to the 16-bit type, one fused multiply-add in f32, one rounding; checked through
     normal, whose 16-bit draws are uniform(nextafter(-1, 0), 1) in the 16-bit type.

   NO ALLOCATION
     Each generator has an _into form that writes n elements of the storage dtype
     (jaxc_storage_dtype(dtype, jaxc_x64())) into caller memory and returns a jaxc_status:
         float buf[256];
         if (jaxc_random_uniform_into(k, JAXC_F32, 256, 0.0, 1.0, buf) != JAXC_OK) ...
     jaxc_random_permutation_into also takes scratch of jaxc_random_permutation_scratch_bytes(n)
     bytes (4-byte aligned, apart from out) for its sort.

   PARALLELISM
     Outputs above JAXC__RND_PAR_BYTES (2 MiB) are filled by OpenMP threads (with -fopenmp and
     without JAXC_NO_OPENMP), in blocks of JAXC__RND_BLOCK counters; the inner loops are plain
     uint32 arithmetic that compilers vectorise. */
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

#ifdef __cplusplus
}
#endif
#endif /* JAXC_H_INCLUDED */

/* >>impl ===================================================================================== */
#if defined(JAXC_IMPLEMENTATION) && !defined(JAXC_IMPLEMENTATION_DONE)
#define JAXC_IMPLEMENTATION_DONE

#include <stdarg.h>
#include <string.h>
#include <math.h>
#include <float.h>
#if !defined(JAXC_MALLOC) || !defined(JAXC_NO_GETENV)
#  include <stdlib.h>
#endif
#if defined(JAXC_MALLOC) != defined(JAXC_FREE)
#  error "define both JAXC_MALLOC and JAXC_FREE, or neither"
#endif
#ifndef JAXC_ASSERT
#  include <assert.h>
#  define JAXC_ASSERT(x) assert(x)
#endif
#if defined(__linux__) && !defined(JAXC_NO_HUGEPAGES) && !defined(JAXC_MALLOC)
/* madvise is POSIX-plus-Linux and hidden under strict -std=c11: declare it, as glibc does. */
#  include <sys/mman.h>
#  ifndef MADV_HUGEPAGE
#    define MADV_HUGEPAGE 14
#  endif
extern int madvise(void *addr, size_t len, int advice);
#  define JAXC__HUGEPAGES 1
#else
#  define JAXC__HUGEPAGES 0
#endif

#if defined(__STDC_NO_THREADS__) && !defined(JAXC_THREAD_LOCAL)
#  define JAXC_THREAD_LOCAL
#elif !defined(JAXC_THREAD_LOCAL)
#  define JAXC_THREAD_LOCAL _Thread_local
#endif

/* --- status ---------------------------------------------------------------------------------*/
static JAXC_THREAD_LOCAL jaxc_status jaxc__status;
static JAXC_THREAD_LOCAL char jaxc__message[512];

#define JAXC__STATUS_STR(E, s) s,
JAXC_API const char *jaxc_status_str(jaxc_status s) {
  static const char *const strs[] = {JAXC_STATUSES(JAXC__STATUS_STR)};
  return (unsigned)s < (unsigned)JAXC_NUM_STATUSES ? strs[s] : "invalid status";
}
JAXC_API jaxc_status jaxc_last_status(void) { return jaxc__status; }
JAXC_API const char *jaxc_last_error(void) { return jaxc__status == JAXC_OK ? "" : jaxc__message; }
JAXC_API void jaxc__ok(void) { jaxc__status = JAXC_OK; jaxc__message[0] = 0; }
JAXC_API void *jaxc__fail(jaxc_status s, const char *fmt, ...) {
  jaxc__status = s;
#ifndef JAXC_NO_STDIO
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(jaxc__message, sizeof jaxc__message, fmt, ap);
  va_end(ap);
#else
  (void)fmt;
  strncpy(jaxc__message, jaxc_status_str(s), sizeof jaxc__message - 1);
#endif
  return NULL;
}

/* --- config ---------------------------------------------------------------------------------*/
/* Each switch is -1 until first read, then 0/1: the environment gives the default once. */
/* The switches are read by every op, possibly on several threads at once: atomic ints (relaxed:
   each is a lone flag) where C11 atomics exist. */
#if !defined(__STDC_NO_ATOMICS__)
#  include <stdatomic.h>
typedef atomic_int jaxc__flag;
#  define JAXC__FLAG_GET(f) atomic_load_explicit(&(f), memory_order_relaxed)
#  define JAXC__FLAG_SET(f, v) atomic_store_explicit(&(f), (v), memory_order_relaxed)
/* f = v if f is still unset (-1); the value f holds after */
static int jaxc__flag_init(jaxc__flag *f, int v) {
  int unset = -1;
  return atomic_compare_exchange_strong_explicit(f, &unset, v, memory_order_relaxed, memory_order_relaxed) ? v : unset;
}
#else
typedef int jaxc__flag;
#  define JAXC__FLAG_GET(f) (f)
#  define JAXC__FLAG_SET(f, v) ((f) = (v))
static int jaxc__flag_init(jaxc__flag *f, int v) { return *f < 0 ? (*f = v) : *f; }
#endif
static jaxc__flag jaxc__cfg_x64 = -1, jaxc__cfg_nans = -1, jaxc__cfg_infs = -1;
static jaxc__flag jaxc__cfg_rules = JAXC_RULES_JAX;

static int jaxc__env_flag(const char *name) {
#ifndef JAXC_NO_GETENV
  const char *v = getenv(name);
  return v && (strcmp(v, "1") == 0 || strcmp(v, "true") == 0 || strcmp(v, "True") == 0);
#else
  (void)name;
  return 0;
#endif
}
static bool jaxc__read_flag(jaxc__flag *flag, const char *env) {
  int v = JAXC__FLAG_GET(*flag);
  if (v < 0) v = jaxc__flag_init(flag, jaxc__env_flag(env)); /* first query: the environment's default,
                                                                  unless a jaxc_set_ came first */
  return v != 0;
}
JAXC_API void jaxc_set_x64(bool on) { JAXC__FLAG_SET(jaxc__cfg_x64, on); }
JAXC_API bool jaxc_x64(void) { return jaxc__read_flag(&jaxc__cfg_x64, "JAXC_ENABLE_X64"); }
JAXC_API void jaxc_set_debug_nans(bool on) { JAXC__FLAG_SET(jaxc__cfg_nans, on); }
JAXC_API void jaxc_set_debug_infs(bool on) { JAXC__FLAG_SET(jaxc__cfg_infs, on); }
JAXC_API bool jaxc_debug_nans(void) { return jaxc__read_flag(&jaxc__cfg_nans, "JAXC_DEBUG_NANS"); }
JAXC_API bool jaxc_debug_infs(void) { return jaxc__read_flag(&jaxc__cfg_infs, "JAXC_DEBUG_INFS"); }
JAXC_API void jaxc_set_promotion(jaxc_rules r) {
  if (r == JAXC_RULES_JAX || r == JAXC_RULES_JAX_STRICT) JAXC__FLAG_SET(jaxc__cfg_rules, (int)r);
}
JAXC_API jaxc_rules jaxc_promotion(void) { return (jaxc_rules)JAXC__FLAG_GET(jaxc__cfg_rules); }

/* --- memory ---------------------------------------------------------------------------------
   Every block carries a 64-byte prefix holding its size, so that jaxc__free knows it.
   Large blocks (>= 4 MiB) are 2 MiB aligned and madvise'd to huge pages: first touch of fresh
   4 KiB pages costs ~11 us each on the machines we measure, which dominates a fresh large
   output. Freed large blocks go to a small cache (JAX's allocators pool buffers too), so a loop
   that allocates results reuses warm memory instead of faulting in new pages each time. So do
   medium blocks (128 KiB to 4 MiB, sizes rounded up to 64 KiB), in slots of their own: glibc
   serves them with mmap and unmaps them on free, and a freed block raises its mmap threshold only
   to its own size, so a loop allocating one size past 128 KiB had every result faulted in anew
   (a 1 MiB result: 256 faults, 2.8 ms for a 0.1 ms op). */
#define JAXC__ALIGN 64
#define JAXC__HUGE_BYTES ((size_t)4 << 20)
#define JAXC__HUGE_ALIGN ((size_t)2 << 20)
#define JAXC__MID_BYTES ((size_t)128 << 10)
#define JAXC__MID_ALIGN ((size_t)64 << 10)
#define JAXC__CACHE_SLOTS 16 /* 0-7 for large blocks, 8-15 for medium ones */
#if !defined(JAXC_MALLOC) && !defined(__STDC_NO_ATOMICS__)
#  define JAXC__CACHE 1
static struct { void *base; size_t bytes; } jaxc__cache[JAXC__CACHE_SLOTS];
static size_t jaxc__cache_total, jaxc__cache_cap = JAXC_BUFFER_CACHE_BYTES;
static atomic_flag jaxc__cache_lock = ATOMIC_FLAG_INIT;
static void jaxc__cache_acquire(void) { while (atomic_flag_test_and_set_explicit(&jaxc__cache_lock, memory_order_acquire)) {} }
static void jaxc__cache_release(void) { atomic_flag_clear_explicit(&jaxc__cache_lock, memory_order_release); }
/* A cached block of at least `bytes` and at most 25% more, or NULL. */
static void *jaxc__cache_take(size_t bytes) {
  void *p = NULL;
  jaxc__cache_acquire();
  int best = -1;
  for (int i = 0; i < JAXC__CACHE_SLOTS; i++)
    if (jaxc__cache[i].base && jaxc__cache[i].bytes >= bytes && jaxc__cache[i].bytes <= bytes + bytes / 4 &&
        (best < 0 || jaxc__cache[i].bytes < jaxc__cache[best].bytes))
      best = i;
  if (best >= 0) {
    p = jaxc__cache[best].base;
    jaxc__cache_total -= jaxc__cache[best].bytes;
    jaxc__cache[best].base = NULL;
  }
  jaxc__cache_release();
  return p;
}
/* Keeps a freed large block when it fits in the cache; false when the caller must free it. */
static bool jaxc__cache_put(void *base, size_t bytes) {
  bool kept = false;
  int first = bytes >= JAXC__HUGE_BYTES ? 0 : JAXC__CACHE_SLOTS / 2;
  jaxc__cache_acquire();
  if (jaxc__cache_total + bytes <= jaxc__cache_cap)
    for (int i = first; i < first + JAXC__CACHE_SLOTS / 2 && !kept; i++)
      if (!jaxc__cache[i].base) {
        jaxc__cache[i].base = base;
        jaxc__cache[i].bytes = bytes;
        jaxc__cache_total += bytes;
        kept = true;
      }
  jaxc__cache_release();
  return kept;
}
#else
#  define JAXC__CACHE 0
#endif

/* Sets how many bytes of freed large buffers jaxc keeps for reuse (0: none; frees them now). */
JAXC_API void jaxc_set_buffer_cache(size_t bytes) {
#if JAXC__CACHE
  void *drop[JAXC__CACHE_SLOTS];
  int n = 0;
  jaxc__cache_acquire();
  jaxc__cache_cap = bytes;
  for (int i = 0; i < JAXC__CACHE_SLOTS; i++)
    if (jaxc__cache[i].base && jaxc__cache_total > bytes) {
      drop[n++] = jaxc__cache[i].base;
      jaxc__cache_total -= jaxc__cache[i].bytes;
      jaxc__cache[i].base = NULL;
    }
  jaxc__cache_release();
  while (n) free(drop[--n]);
#else
  (void)bytes;
#endif
}

static void *jaxc__malloc(size_t n) {
  if (n > SIZE_MAX - JAXC__HUGE_ALIGN - JAXC__ALIGN) return NULL;
  size_t total = n + JAXC__ALIGN, bytes;
  unsigned char *base;
#ifdef JAXC_MALLOC
  bytes = total;
  base = (unsigned char *)JAXC_MALLOC(NULL, bytes);
#else
  if (total >= JAXC__MID_BYTES) { /* from the cache, or new (large: 2 MiB aligned, huge pages) */
    bool huge = total >= JAXC__HUGE_BYTES;
    size_t unit = huge ? JAXC__HUGE_ALIGN : JAXC__MID_ALIGN;
    bytes = (total + unit - 1) & ~(unit - 1);
#  if JAXC__CACHE
    base = (unsigned char *)jaxc__cache_take(bytes);
    if (base) bytes = ((size_t *)(void *)base)[0];
    else
#  endif
    {
      base = (unsigned char *)aligned_alloc(huge ? JAXC__HUGE_ALIGN : JAXC__ALIGN, bytes);
#  if JAXC__HUGEPAGES
      if (base && huge) (void)madvise(base, bytes, MADV_HUGEPAGE);
#  endif
    }
  } else {
    bytes = (total + JAXC__ALIGN - 1) & ~(size_t)(JAXC__ALIGN - 1);
    base = (unsigned char *)aligned_alloc(JAXC__ALIGN, bytes);
  }
#endif
  if (!base) return NULL;
  ((size_t *)(void *)base)[0] = bytes;
  return base + JAXC__ALIGN;
}
static void jaxc__free(void *p) {
  if (!p) return;
  unsigned char *base = (unsigned char *)p - JAXC__ALIGN;
#ifdef JAXC_FREE
  JAXC_FREE(NULL, base);
#else
#  if JAXC__CACHE
  size_t bytes = ((size_t *)(void *)base)[0];
  if (bytes >= JAXC__MID_BYTES && jaxc__cache_put(base, bytes)) return;
#  endif
  free(base);
#endif
}

/* --- arrays ---------------------------------------------------------------------------------*/
#define JAXC__SIZE_ROW(E, code, name, kind, bits, T, rank, s64, s32) sizeof(T),
JAXC_API size_t jaxc_dtype_size(jaxc_dtype d) {
  static const size_t sizes[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__SIZE_ROW)};
  return JAXC_DTYPE_VALID(d) ? sizes[d] : 0;
}

/* Shapes: 0 <= ndim <= JAXC_MAX_NDIM, every dimension >= 0, and the element count (and its byte
   size for any dtype, 16 bytes at most) fits comfortably in int64 and size_t. */
JAXC_API bool jaxc__check_shape(int ndim, const int64_t *shape, int64_t *size_out) {
  if (ndim < 0 || ndim > JAXC_MAX_NDIM) {
    jaxc__fail(JAXC_ERR_SHAPE, "ndim must be between 0 and %d, got %d", JAXC_MAX_NDIM, ndim);
    return false;
  }
  if (ndim > 0 && !shape) {
    jaxc__fail(JAXC_ERR_ARG, "shape is NULL for an array of rank %d", ndim);
    return false;
  }
  /* The limit applies to the product of the non-zero dimensions, as in NumPy: a zero-size array
     of shape (2^62, 4, 0) would make every stride and loop bound over its other axes overflow. */
  int64_t size = 1;
  const int64_t limit = (int64_t)((SIZE_MAX < (uint64_t)INT64_MAX ? SIZE_MAX : (uint64_t)INT64_MAX) / 16);
  bool zero = false;
  for (int i = 0; i < ndim; i++) {
    if (shape[i] < 0) {
      jaxc__fail(JAXC_ERR_SHAPE, "negative dimensions are not allowed: dimension %d is %lld", i, (long long)shape[i]);
      return false;
    }
    if (shape[i] == 0) { zero = true; continue; }
    if (shape[i] > limit / size) {
      jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows");
      return false;
    }
    size *= shape[i];
  }
  if (size_out) *size_out = zero ? 0 : size;
  return true;
}

static void jaxc__set_shape(jaxc_array *a, jaxc_dtype storage, bool weak, int ndim, const int64_t *shape, int64_t size) {
  a->dtype = storage;
  a->weak = weak;
  a->ndim = ndim;
  a->size = size;
  for (int i = 0; i < JAXC_MAX_NDIM; i++) a->shape[i] = i < ndim ? shape[i] : 0;
}

/* Header and data in one block: the data starts at the next 64-byte boundary. */
JAXC_API jaxc_array *jaxc__new_array(jaxc_dtype storage, bool weak, int ndim, const int64_t *shape) {
  int64_t size;
  if (!JAXC_DTYPE_VALID(storage) || JAXC_DTYPE_IS_WEAK(storage))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)storage);
  if (!jaxc__check_shape(ndim, shape, &size)) return NULL;
  size_t head = (sizeof(jaxc_array) + JAXC__ALIGN - 1) & ~(size_t)(JAXC__ALIGN - 1);
  size_t bytes = (size_t)size * jaxc_dtype_size(storage);
  jaxc_array *a = (jaxc_array *)jaxc__malloc(head + bytes);
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory allocating %zu bytes", head + bytes);
  jaxc__set_shape(a, storage, weak, ndim, shape, size);
  a->owns_data = true;
  a->owns_self = true;
  a->data = (char *)a + head;
  return a;
}

/* A dtype requested by the caller, narrowed as JAX narrows it with x64 off. */
static jaxc_dtype jaxc__requested(jaxc_dtype dtype) {
  if (!JAXC_DTYPE_VALID(dtype) || JAXC_DTYPE_IS_WEAK(dtype)) return JAXC_DTYPE_INVALID;
  return jaxc_storage_dtype(dtype, jaxc_x64());
}

static jaxc_dtype jaxc__default_float(void) { return jaxc_x64() ? JAXC_F64 : JAXC_F32; }
/* A dtype argument of a creation function: NONE gives dflt (itself NONE where the caller infers),
   a weak node the Python type's default dtype (dtype=float: float32), a concrete one narrowed
   with x64 off. */
static bool jaxc__create_dtype(jaxc_dtype dtype, jaxc_dtype dflt, jaxc_dtype *out) {
  if (dtype == JAXC_DTYPE_NONE) {
    *out = dflt;
    return true;
  }
  if (!JAXC_DTYPE_VALID(dtype)) return jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)dtype), false;
  *out = jaxc_storage_dtype(dtype, jaxc_x64());
  return true;
}
/* jnp.empty/zeros: dtype=None is the default float. */
JAXC_API jaxc_array *jaxc_array_empty(jaxc_dtype dtype, int ndim, const int64_t *shape) {
  jaxc_dtype st;
  if (!jaxc__create_dtype(dtype, jaxc__default_float(), &st)) return NULL;
  jaxc_array *a = jaxc__new_array(st, false, ndim, shape);
  if (a) jaxc__ok();
  return a;
}
JAXC_API jaxc_array *jaxc_array_zeros(jaxc_dtype dtype, int ndim, const int64_t *shape) {
  jaxc_array *a = jaxc_array_empty(dtype, ndim, shape);
  if (a) memset(a->data, 0, (size_t)a->size * jaxc_dtype_size(a->dtype));
  return a;
}

#define JAXC__ALIGN_ROW(E, code, name, kind, bits, T, rank, s64, s32) _Alignof(T),
static bool jaxc__aligned(jaxc_dtype d, const void *p) {
  static const size_t align[JAXC_NUM_DTYPES] = {JAXC_DTYPES(JAXC__ALIGN_ROW)};
  return (uintptr_t)p % align[d] == 0;
}
/* Caller data need not be aligned (a packed file buffer): the cast reads it through an aligned
   block, since the kernels load whole elements. */
static void jaxc__cast_unaligned(jaxc_dtype from, jaxc_dtype to, size_t n, const void *src, void *dst) {
  jaxc_c128 block[64];
  size_t fs = jaxc_dtype_size(from), ts = jaxc_dtype_size(to), per = sizeof block / fs;
  for (size_t i = 0; i < n; i += per) {
    size_t m = n - i < per ? n - i : per;
    memcpy(block, (const char *)src + i * fs, m * fs);
    jaxc_kernel_cast_dyn(from, to, m, block, (char *)dst + i * ts);
  }
}

JAXC_API jaxc_array *jaxc_array_from_data(jaxc_dtype dtype, int ndim, const int64_t *shape, const void *data) {
  if (!JAXC_DTYPE_VALID(dtype) || JAXC_DTYPE_IS_WEAK(dtype))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d: arrays need a concrete dtype", (int)dtype);
  int64_t size;
  if (!jaxc__check_shape(ndim, shape, &size)) return NULL;
  if (!data && size > 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "data is NULL for a non-empty array");
  jaxc_dtype st = jaxc__requested(dtype);
  jaxc_array *a = jaxc__new_array(st, false, ndim, shape);
  if (!a) return NULL;
  /* the same dtype is copied bit for bit (a cast would quieten signalling NaNs); bool bytes other
     than 0 and 1 (from caller memory) become 1, the only True a bool array holds */
  if (size > 0 && st == JAXC_BOOL)
    for (int64_t i = 0; i < size; i++) ((unsigned char *)a->data)[i] = ((const unsigned char *)data)[i] != 0;
  else if (size > 0 && st == dtype) memcpy(a->data, data, (size_t)size * jaxc_dtype_size(st));
  else if (size > 0 && jaxc__aligned(dtype, data)) jaxc_kernel_cast_dyn(dtype, st, (size_t)size, data, a->data);
  else if (size > 0) jaxc__cast_unaligned(dtype, st, (size_t)size, data, a->data);
  jaxc__ok();
  return a;
}

/* A 0-d array of a given node (a weak node gives a weak scalar of its default storage). */
static jaxc_array *jaxc__scalar_node(jaxc_dtype node, double re, double im) {
  bool weak = JAXC_DTYPE_IS_WEAK(node);
  jaxc_dtype st = jaxc_storage_dtype(node, jaxc_x64());
  if (st == JAXC_DTYPE_INVALID) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)node);
  jaxc_array *a = jaxc__new_array(st, weak, 0, NULL);
  if (!a) return NULL;
  jaxc_c128 v = jaxc__c128_make(re, im);
  jaxc_kernel_cast_dyn(JAXC_C128, st, 1, &v, a->data);
  jaxc__ok();
  return a;
}
JAXC_API jaxc_array *jaxc_scalar(jaxc_dtype dtype, double re, double im) {
  if (!JAXC_DTYPE_VALID(dtype)) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)dtype);
  return jaxc__scalar_node(dtype, re, im);
}

/* A Python int: weak, int32 storage (int64 with x64). JAX refuses a value that does not fit:
   "Python int 3000000000 too large to convert to int32". */
JAXC_API jaxc_array *jaxc_weak_int(int64_t v) {
  bool x64 = jaxc_x64();
  if (!x64 && (v < INT32_MIN || v > INT32_MAX))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "Python int %lld too large to convert to int32", (long long)v);
  jaxc_array *a = jaxc__new_array(x64 ? JAXC_I64 : JAXC_I32, true, 0, NULL);
  if (!a) return NULL;
  if (x64) *(int64_t *)a->data = v;
  else *(int32_t *)a->data = (int32_t)v;
  jaxc__ok();
  return a;
}
JAXC_API jaxc_array *jaxc_weak_float(double v) { return jaxc__scalar_node(JAXC_WEAK_FLOAT, v, 0.0); }
JAXC_API jaxc_array *jaxc_weak_complex(double re, double im) { return jaxc__scalar_node(JAXC_WEAK_COMPLEX, re, im); }

JAXC_API jaxc_array *jaxc_array_wrap(jaxc_array *storage, jaxc_dtype dtype, int ndim, const int64_t *shape, void *data) {
  int64_t size;
  if (!storage) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "jaxc_array_wrap: storage is NULL");
  if (!JAXC_DTYPE_VALID(dtype) || JAXC_DTYPE_IS_WEAK(dtype))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d: arrays need a concrete dtype", (int)dtype);
  if (!jaxc__check_shape(ndim, shape, &size)) return NULL;
  if (!data && size > 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "data is NULL for a non-empty array");
  if (!jaxc__aligned(dtype, data)) /* every op loads whole elements from it */
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "jaxc_array_wrap: data is not aligned for %s (copy it with jaxc_array_from_data)",
                                    jaxc_dtype_name(dtype));
  jaxc__set_shape(storage, dtype, false, ndim, shape, size);
  storage->owns_data = false;
  storage->owns_self = false;
  storage->data = data;
  jaxc__ok();
  return storage;
}

JAXC_API jaxc_dtype jaxc_array_dtype(const jaxc_array *a) { return a ? a->dtype : JAXC_DTYPE_INVALID; }
JAXC_API bool jaxc_array_is_weak(const jaxc_array *a) { return a && a->weak; }
JAXC_API int jaxc_array_ndim(const jaxc_array *a) { return a ? a->ndim : -1; }
JAXC_API const int64_t *jaxc_array_shape(const jaxc_array *a) { return a ? a->shape : NULL; }
JAXC_API int64_t jaxc_array_size(const jaxc_array *a) { return a ? a->size : -1; }
JAXC_API const void *jaxc_array_data(const jaxc_array *a) { return a ? a->data : NULL; }

JAXC_API int jaxc_array_copy_to(const jaxc_array *a, void *dst, size_t dst_bytes) {
  if (!a) return (jaxc__fail(JAXC_ERR_ARG, "jaxc_array_copy_to: array is NULL"), JAXC_ERR_ARG);
  size_t bytes = (size_t)a->size * jaxc_dtype_size(a->dtype);
  if (!dst && bytes > 0) return (jaxc__fail(JAXC_ERR_ARG, "jaxc_array_copy_to: destination is NULL"), JAXC_ERR_ARG);
  if (dst_bytes < bytes)
    return (jaxc__fail(JAXC_ERR_ARG, "jaxc_array_copy_to: destination holds %zu bytes, the array needs %zu",
                       dst_bytes, bytes), JAXC_ERR_ARG);
  if (bytes) memmove(dst, a->data, bytes); /* (dst may overlap a view's memory) */
  jaxc__ok();
  return JAXC_OK;
}

JAXC_API void jaxc_array_free(jaxc_array *a) {
  if (a && a->owns_self) jaxc__free(a);
}

#ifndef JAXC_NO_STDIO
/* >>printing: what repr() of a JAX Array shows. JAX prints np.array2string(x, prefix="Array(",
   suffix=",", separator=", ") and the dtype, so this is NumPy's array2string with its default
   options (arrayprint.py, NumPy 1.24): floats in the shortest form that reads back in their
   dtype, at most 8 digits after the point ('maxprec'), positional unless a nonzero value is at
   least 1e8 or under 1e-4 or the largest is over 1000 times the smallest (then scientific, one
   mantissa width); columns padded to one width; arrays over 1000 elements summarised to 3 at
   each end of each axis ("..."); lines wrapped at 75 columns. bfloat16, not a NumPy float,
   prints each value as ml_dtypes' repr does (C++'s ostream: 6 significant digits, "1" for 1.0),
   unpadded. tests/test_print.c holds NumPy's own output for its cases (tests/data/gen_print.py). */
typedef struct jaxc__sb { char *p; size_t n, cap; bool oom; } jaxc__sb; /* a growable string */
static void jaxc__sb_put(jaxc__sb *b, const char *s, size_t n) {
  if (b->oom) return;
  if (b->n + n + 1 > b->cap) {
    size_t cap = (b->n + n + 1) * 2;
    char *q = (char *)jaxc__malloc(cap);
    if (!q) { b->oom = true; return; }
    if (b->n) memcpy(q, b->p, b->n);
    jaxc__free(b->p);
    b->p = q, b->cap = cap;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}
static void jaxc__sb_str(jaxc__sb *b, const char *s) { jaxc__sb_put(b, s, strlen(s)); }
static void jaxc__sb_spaces(jaxc__sb *b, int k) { for (; k > 0; k--) jaxc__sb_put(b, " ", 1); }

/* The shortest decimal that reads back to v in dtype d, as digits (no point) and the power of
   ten of the first: v = 0.d1d2.. 10^(e + 1). Returns the digit count. */
static int jaxc__shortest(double v, jaxc_dtype d, char *digits, int *e) {
  char buf[40];
  unsigned char want[8] = {0}, got[8] = {0};
  v = fabs(v);
  jaxc_kernel_cast_dyn(JAXC_F64, d, 1, &v, want);
  int p = 1;
  for (; p < 17; p++) {
    snprintf(buf, sizeof buf, "%.*e", p - 1, v);
    double back = strtod(buf, NULL);
    jaxc_kernel_cast_dyn(JAXC_F64, d, 1, &back, got);
    if (memcmp(want, got, jaxc_dtype_size(d)) == 0) break;
  }
  snprintf(buf, sizeof buf, "%.*e", p - 1, v);
  int k = 0;
  for (const char *c = buf; *c && *c != 'e'; c++)
    if (*c >= '0' && *c <= '9') digits[k++] = *c;
  digits[k] = 0;
  *e = atoi(strchr(buf, 'e') + 1);
  return k;
}
/* A float as Dragon4 prints it (numpy's dragon4_positional / _scientific: the shortest digits
   that read back, at most `prec` after the point, or with min_digits that many of the exact
   value's), the sign (`plus`: always), the integer part
   padded to pad_left, the fraction to pad_right (positional) or the exponent to exp_digits. */
typedef struct jaxc__ffmt { bool sci, plus; int prec, min_digits, pad_left, pad_right, exp_digits; } jaxc__ffmt;
static void jaxc__dragon4(char *out, size_t cap, double v, jaxc_dtype d, const jaxc__ffmt *f) {
  char digits[24], body[96], ip[104], fp[104] = "", ex[32] = "";
  int e, nd = jaxc__shortest(v, d, digits, &e);
  if (f->sci) {
    /* (with min_digits, Dragon4 goes on with the exact value's digits, not zeros) */
    if (nd - 1 > f->prec || f->min_digits > 0) snprintf(body, sizeof body, "%.*e", f->min_digits > 0 ? f->min_digits : f->prec, fabs(v));
    else snprintf(body, sizeof body, "%c.%se%+03d", digits[0], digits + 1, e);
    char *epos = strchr(body, 'e');
    int ev = atoi(epos + 1);
    int width = f->exp_digits < 2 ? 2 : f->exp_digits > 4 ? 4 : f->exp_digits; /* (|ev| < 400) */
    snprintf(ex, sizeof ex, "e%c%0*d", ev < 0 ? '-' : '+', width, ev < 0 ? -ev : ev);
    *epos = 0;
  } else {
    int frac = nd - 1 - e;
    snprintf(body, sizeof body, "%.*f", frac > f->prec ? f->prec : frac > 0 ? frac : 0, fabs(v));
  }
  char *dot = strchr(body, '.');
  if (dot) *dot = 0;
  snprintf(ip, sizeof ip, "%s%s", signbit(v) ? "-" : f->plus ? "+" : "", body);
  if (dot) snprintf(fp, sizeof fp, "%s", dot + 1);
  size_t fl = strlen(fp);
  while (fl > 0 && fp[fl - 1] == '0') fp[--fl] = 0; /* trim='.': trailing zeros go, the point stays */
  while ((int)fl < f->min_digits && fl + 1 < sizeof fp) fp[fl++] = '0', fp[fl] = 0;
  int il = (int)strlen(ip), pr = f->sci ? 0 : f->pad_right - (int)fl;
  snprintf(out, cap, "%*s%s.%s%*s%s", f->pad_left > il ? f->pad_left - il : 0, "", ip, fp, pr > 0 ? pr : 0, "", ex);
}
static bool jaxc__isfinite_d(double v) { return v - v == 0; }
/* numpy's FloatingFormat.fillFormat over the values shown (n doubles of dtype d) */
static jaxc__ffmt jaxc__float_format(const double *v, int64_t n, jaxc_dtype d, bool plus) {
  jaxc__ffmt f = {false, plus, 8, 0, 0, 0, -1};
  double mx = 0, mn = INFINITY;
  bool finite = false, nonfinite = false, neginf = plus;
  for (int64_t i = 0; i < n; i++) {
    double a = fabs(v[i]);
    if (!jaxc__isfinite_d(v[i])) { nonfinite = true; neginf |= v[i] < 0; continue; }
    finite = true;
    if (a != 0) mx = a > mx ? a : mx, mn = a < mn ? a : mn;
  }
  f.sci = mx != 0 && (mx >= 1e8 || mn < 1e-4 || mx / mn > 1000.);
  if (finite) { /* a first pass to find the widths */
    jaxc__ffmt first = f;
    char s[96];
    int prec = 0, pl = 0, pr = 0, ed = 0;
    for (int64_t i = 0; i < n; i++) {
      if (!jaxc__isfinite_d(v[i])) continue;
      jaxc__dragon4(s, sizeof s, v[i], d, &first);
      char *dot = strchr(s, '.'), *ex = strchr(s, 'e');
      int il = (int)(dot - s), fl = (int)(ex ? ex - dot - 1 : (int)strlen(dot + 1));
      pl = il > pl ? il : pl;
      if (f.sci) prec = fl > prec ? fl : prec, ed = (int)strlen(ex + 2) > ed ? (int)strlen(ex + 2) : ed;
      else pr = fl > pr ? fl : pr;
    }
    f.pad_left = pl;
    if (f.sci) f.prec = f.min_digits = prec, f.exp_digits = ed, f.pad_right = ed + 2 + prec;
    else f.pad_right = pr;
  }
  if (nonfinite) { /* room for nan and (-)inf */
    int off = f.pad_right + 1, inflen = 3 + neginf;
    f.pad_left = f.pad_left > 3 - off ? f.pad_left : 3 - off;
    f.pad_left = f.pad_left > inflen - off ? f.pad_left : inflen - off;
  }
  return f;
}
static void jaxc__float_str(char *out, size_t cap, double v, jaxc_dtype d, const jaxc__ffmt *f) {
  if (jaxc__isfinite_d(v)) { jaxc__dragon4(out, cap, v, d, f); return; }
  const char *s = v != v ? (f->plus ? "+nan" : "nan") : v < 0 ? "-inf" : f->plus ? "+inf" : "inf";
  int w = f->pad_left + f->pad_right + 1 - (int)strlen(s);
  snprintf(out, cap, "%*s%s", w > 0 ? w : 0, "", s);
}

/* The elements shown: all, or 3 at each end of each axis over 1000 elements (numpy's
   _leading_trailing), as flat positions into a. */
typedef struct jaxc__pview {
  const jaxc_array *a;
  bool summary;
  int64_t *pos, n;          /* positions shown, in print order */
  jaxc_dtype part;           /* the dtype of a value or a complex part */
  jaxc__ffmt re, im;         /* float formats */
  int int_width;
  bool bools_padded;
} jaxc__pview;
static int64_t jaxc__shown(const jaxc_array *a, bool summary, int dim, int64_t base, int64_t *pos, int64_t at) {
  if (dim == a->ndim) { if (pos) pos[at] = base; return at + 1; }
  int64_t len = a->shape[dim], stride = 1;
  for (int k = dim + 1; k < a->ndim; k++) stride *= a->shape[k];
  bool cut = summary && len > 6;
  for (int64_t i = 0; i < len; i++) {
    if (cut && i == 3) i = len - 3;
    at = jaxc__shown(a, summary, dim + 1, base + i * stride, pos, at);
  }
  return at;
}
static double jaxc__part(const jaxc__pview *v, int64_t pos, bool imag) {
  jaxc_c128 z = jaxc__c128_make(0, 0);
  jaxc_kernel_cast_dyn(v->a->dtype, JAXC_C128, 1, (const char *)v->a->data + (size_t)pos * jaxc_dtype_size(v->a->dtype), &z);
  return imag ? jaxc__im_jaxc_c128(z) : jaxc__re_jaxc_c128(z);
}
/* One element's string under the view's formats. */
static void jaxc__elem_str(const jaxc__pview *v, int64_t pos, char *out, size_t cap) {
  const jaxc_array *a = v->a;
  const void *p = (const char *)a->data + (size_t)pos * jaxc_dtype_size(a->dtype);
  switch (jaxc_dtype_kind(a->dtype)) {
  case JAXC_KIND_BOOL: snprintf(out, cap, "%s", *(const bool *)p ? (v->bools_padded ? " True" : "True") : "False"); return;
  case JAXC_KIND_UINT: { uint64_t u; jaxc_kernel_cast_dyn(a->dtype, JAXC_U64, 1, p, &u); snprintf(out, cap, "%*llu", v->int_width, (unsigned long long)u); return; }
  case JAXC_KIND_INT: { int64_t i; jaxc_kernel_cast_dyn(a->dtype, JAXC_I64, 1, p, &i); snprintf(out, cap, "%*lld", v->int_width, (long long)i); return; }
  case JAXC_KIND_FLOAT:
    if (a->dtype == JAXC_BF16) { /* NumPy prints ml_dtypes' bfloat16 by its repr: C++'s ostream << float */
      double x = jaxc__part(v, pos, false);
      snprintf(out, cap, "%g", x != x ? fabs(x) : x);
      return;
    }
    jaxc__float_str(out, cap, jaxc__part(v, pos, false), v->part, &v->re);
    return;
  default: { /* complex: the real part, then the imaginary with its sign and a j before its padding */
    char r[96], im[96];
    jaxc__float_str(r, sizeof r, jaxc__part(v, pos, false), v->part, &v->re);
    jaxc__float_str(im, sizeof im, jaxc__part(v, pos, true), v->part, &v->im);
    size_t k = strlen(im);
    while (k > 0 && im[k - 1] == ' ') k--;
    snprintf(out, cap, "%s%.*sj%s", r, (int)k, im, im + k);
  }
  }
}
/* numpy's _formatArray: a row's words joined by ", ", a new line (indented by the hanging
   indent `hang`) where a word would pass `width` (unless the line holds only the indent);
   nested rows on lines of their own (a blank line between blocks of 3 and more dimensions);
   "..." for the middle of a summarised axis. */
static void jaxc__format_rows(jaxc__sb *s, const jaxc__pview *v, int dim, int64_t *next, int hang, int width) {
  const jaxc_array *a = v->a;
  char word[256];
  if (dim == a->ndim) { /* (a 0-d array) */
    jaxc__elem_str(v, v->pos[(*next)++], word, sizeof word);
    jaxc__sb_str(s, word);
    return;
  }
  int64_t len = a->shape[dim];
  bool cut = v->summary && len > 6;
  int64_t items = cut ? 7 : len; /* (3, "...", 3) */
  jaxc__sb_str(s, "[");
  if (dim == a->ndim - 1) {
    int line = hang; /* the line's length, its indent (or what precedes the "[") included */
    for (int64_t i = 0; i < items; i++) {
      const char *w = word;
      if (cut && i == 3) w = "...";
      else jaxc__elem_str(v, v->pos[(*next)++], word, sizeof word);
      int wl = (int)strlen(w);
      if (line + wl > width - 1 && line > hang) {
        while (s->n > 0 && s->p[s->n - 1] == ' ') s->p[--s->n] = 0;
        jaxc__sb_str(s, "\n");
        jaxc__sb_spaces(s, hang);
        line = hang;
      }
      jaxc__sb_str(s, w);
      line += wl;
      if (i + 1 < items) jaxc__sb_str(s, ", "), line += 2;
    }
  } else {
    for (int64_t i = 0; i < items; i++) {
      if (i) jaxc__sb_spaces(s, hang);
      if (cut && i == 3) jaxc__sb_str(s, "...");
      else jaxc__format_rows(s, v, dim + 1, next, hang + 1, width - 1);
      if (i + 1 < items) {
        jaxc__sb_str(s, ",");
        for (int k = dim + 1; k < a->ndim; k++) jaxc__sb_str(s, "\n");
      }
    }
  }
  jaxc__sb_str(s, "]");
}
JAXC_API int jaxc_array_print(const jaxc_array *a, FILE *f) {
  if (!a || !f) return (jaxc__fail(JAXC_ERR_ARG, "jaxc_array_print: NULL argument"), JAXC_ERR_ARG);
  char dtype_str[64];
  snprintf(dtype_str, sizeof dtype_str, "dtype=%s%s)", jaxc_dtype_name(a->dtype), a->weak ? ", weak_type=True" : "");
  if (a->size == 0) { /* JAX: "[], shape=" and Python's tuple */
    fputs("Array([], shape=(", f);
    for (int i = 0; i < a->ndim; i++) fprintf(f, i ? ", %lld" : "%lld", (long long)a->shape[i]);
    fprintf(f, "%s), %s\n", a->ndim == 1 ? "," : "", dtype_str);
    jaxc__ok();
    return JAXC_OK;
  }
  jaxc__pview v;
  memset(&v, 0, sizeof v);
  v.a = a;
  v.summary = a->size > 1000;
  v.n = jaxc__shown(a, v.summary, 0, 0, NULL, 0);
  v.pos = (int64_t *)jaxc__malloc((size_t)v.n * sizeof(int64_t));
  double *vals = (double *)jaxc__malloc((size_t)v.n * sizeof(double));
  jaxc__sb s = {NULL, 0, 0, false};
  if (!v.pos || !vals) goto oom;
  jaxc__shown(a, v.summary, 0, 0, v.pos, 0);
  int kind = jaxc_dtype_kind(a->dtype);
  v.part = jaxc__real_dtype(a->dtype);
  v.bools_padded = a->ndim > 0;
  if (kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT) { /* the wider of the largest and smallest */
    char w[32];
    for (int64_t i = 0; i < v.n; i++) {
      jaxc__elem_str(&v, v.pos[i], w, sizeof w);
      v.int_width = (int)strlen(w) > v.int_width ? (int)strlen(w) : v.int_width;
    }
  } else if ((kind == JAXC_KIND_FLOAT && a->dtype != JAXC_BF16) || kind == JAXC_KIND_COMPLEX) {
    for (int64_t i = 0; i < v.n; i++) vals[i] = jaxc__part(&v, v.pos[i], false);
    v.re = jaxc__float_format(vals, v.n, v.part, false);
    if (kind == JAXC_KIND_COMPLEX) {
      for (int64_t i = 0; i < v.n; i++) vals[i] = jaxc__part(&v, v.pos[i], true);
      v.im = jaxc__float_format(vals, v.n, v.part, true);
    }
  }
  int64_t next = 0;
  jaxc__format_rows(&s, &v, 0, &next, 7, 75 - 1); /* (hanging indent: "Array(" and "["; suffix ",") */
  if (s.oom) goto oom;
  const char *nl = strrchr(s.p, '\n');
  size_t last = (nl ? strlen(nl + 1) : s.n) + 2; /* JAX's len(s) - s.rfind('\n') + 1 */
  fprintf(f, "Array(%s,%s%s\n", s.p, last + strlen(dtype_str) + 1 > 75 ? "      " : " ", dtype_str);
  jaxc__free(v.pos), jaxc__free(vals), jaxc__free(s.p);
  jaxc__ok();
  return JAXC_OK;
oom:
  jaxc__free(v.pos), jaxc__free(vals), jaxc__free(s.p);
  return (jaxc__fail(JAXC_ERR_NOMEM, "jaxc_array_print: out of memory"), JAXC_ERR_NOMEM);
}
#endif

/* >>ops (implementation) --------------------------------------------------- */
/* --- op metadata -----------------------------------------------------------------------------*/
static bool jaxc__op_is(jaxc_op op, jaxc_arity ar) { return (unsigned)op < JAXC_NUM_OPS && jaxc__op_arity[op] == ar; }

/* The lattice node of an array: weak arrays stand for i*, f*, c*. */
static jaxc_dtype jaxc__node_of(const jaxc_array *a) {
  if (!a->weak) return a->dtype;
  switch (jaxc_dtype_kind(a->dtype)) {
  case JAXC_KIND_FLOAT: return JAXC_WEAK_FLOAT;
  case JAXC_KIND_COMPLEX: return JAXC_WEAK_COMPLEX;
  case JAXC_KIND_BOOL: return JAXC_BOOL;
  default: return JAXC_WEAK_INT;
  }
}

static const char *jaxc__group_words(jaxc_group g) {
  switch (g) {
  case JAXC_GROUP_NUM: return "number";
  case JAXC_GROUP_NUMR: return "integer, floating";
  case JAXC_GROUP_INTB: return "integer, bool";
  case JAXC_GROUP_INT: return "integer";
  case JAXC_GROUP_NOC: return "integer, floating, bool";
  case JAXC_GROUP_FLT: return "floating";
  case JAXC_GROUP_INX: return "inexact";
  case JAXC_GROUP_BOOL: return "bool";
  default: return "any";
  }
}
/* jax.numpy's own words where a function checks the dtype itself (a %s takes the dtype's
   name); every other op's error is the lax primitive's, below */
static const char *const jaxc__own_dtype_errors[JAXC_NUM_OPS] = {
    [JAXC_OP_GCD] = "Arguments to jax.numpy.gcd must be integers.",
    [JAXC_OP_LCM] = "Arguments to jax.numpy.lcm must be integers.",
    [JAXC_OP_SPACING] = "jnp.spacing is not defined for complex inputs.",
    [JAXC_OP_FABS] = "ufunc 'fabs' does not support complex dtypes",
    [JAXC_OP_I0] = "Unsupported input type to jax.numpy.i0: %s",
    [JAXC_OP_ISPOSINF] = "isposinf/isneginf are not well defined for complex types",
    [JAXC_OP_ISNEGINF] = "isposinf/isneginf are not well defined for complex types",
    [JAXC_OP_SIGNBIT] = "jax.numpy.signbit is not well defined for %s",
};
/* The error for an op given a dtype it does not accept, in JAX's words. */
static void *jaxc__fail_dtype(jaxc_op op, jaxc_dtype d) {
  if (jaxc__own_dtype_errors[op]) return jaxc__fail(JAXC_ERR_DTYPE, jaxc__own_dtype_errors[op], jaxc_dtype_name(d));
  if (op == JAXC_OP_BITWISE_COUNT) /* (jnp.abs makes complex real before lax.population_count sees it) */
    d = jaxc__real_dtype(d);
  if (jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX && op != JAXC_OP_CBRT) /* (jnp.cbrt: lax.cbrt refuses it) */
    return jaxc__fail(JAXC_ERR_DTYPE, "%s does not support complex-valued inputs.", jaxc_op_name(op));
  return jaxc__fail(JAXC_ERR_DTYPE, "%s does not accept dtype %s. Accepted dtypes are subtypes of %s.",
                    jaxc__op_lax[op], jaxc_dtype_name(d), jaxc__group_words((jaxc_group)jaxc__op_group[op]));
}
static void *jaxc__fail_strict(jaxc_dtype a, jaxc_dtype b) {
  return jaxc__fail(JAXC_ERR_PROMOTION,
                    "Input dtypes ('%s', '%s') have no available implicit dtype promotion path when "
                    "jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output "
                    "type, or set jax_numpy_dtype_promotion=standard.",
                    jaxc_dtype_name(a), jaxc_dtype_name(b));
}

/* promote_dtypes' lattice node for x[0..n): their join under the promotion mode and the x64
   switch; INVALID, with strict mode's message, when there is none. */
static jaxc_dtype jaxc__join_nodes(int n, const jaxc_array *const *x) {
  bool x64 = jaxc_x64();
  jaxc_dtype node = jaxc__node_of(x[0]);
  for (int j = 1; j < n; j++) {
    jaxc_dtype next = jaxc_result_node(jaxc_promotion(), x64, node, jaxc__node_of(x[j]));
    if (next == JAXC_DTYPE_INVALID)
      return jaxc__fail_strict(j == 1 ? x[0]->dtype : jaxc_storage_dtype(node, x64), x[j]->dtype), JAXC_DTYPE_INVALID;
    node = next;
  }
  return node;
}
static jaxc_dtype jaxc__join2(const jaxc_array *a, const jaxc_array *b) {
  const jaxc_array *x[2] = {a, b};
  return jaxc__join_nodes(2, x);
}

/* What a binary op computes in and returns. */
typedef struct jaxc__plan {
  jaxc_dtype in_a, in_b;  /* dtypes the inputs are converted to before the kernel */
  jaxc_dtype compute;     /* the kernel's dtype */
  jaxc_dtype out;         /* the result's storage dtype */
  jaxc_dtype join;        /* logical ops: the operands' promoted dtype (see jaxc__logical_operand) */
  bool weak;
} jaxc__plan;

static bool jaxc__plan_binary(jaxc_op op, const jaxc_array *a, const jaxc_array *b, jaxc__plan *p) {
  if (!jaxc__op_is(op, JAXC_ARITY_BIN))
    return jaxc__fail(JAXC_ERR_ARG, "op %d (%s) is not a binary op", (int)op, jaxc_op_name(op)), false;
  if (!a || !b) return jaxc__fail(JAXC_ERR_ARG, "%s: an operand is NULL", jaxc_op_name(op)), false;
  bool x64 = jaxc_x64();
  jaxc_result_rule rule = (jaxc_result_rule)jaxc__op_rule[op];
  if (rule == JAXC_RULE_LOGICAL) { /* jnp: _to_bool of promote_args(x, y): promoted, then tested != 0 */
    jaxc_dtype join = jaxc__join2(a, b);
    if (join == JAXC_DTYPE_INVALID) return false;
    p->join = jaxc_storage_dtype(join, x64);
    p->in_a = p->in_b = p->compute = p->out = JAXC_BOOL;
    p->weak = false;
    return true;
  }
  if (op == JAXC_OP_LDEXP && !jaxc__ldexp_accepts(a->dtype, b->dtype))
    return jaxc__fail(JAXC_ERR_DTYPE, "ldexp not supported for input types (dtype('%s'), dtype('%s'))",
                      jaxc_dtype_name(a->dtype), jaxc_dtype_name(b->dtype)), false;
  /* x ** (0-d int) is lax.integer_pow of promote_dtypes_numeric(x) alone, and ldexp promotes x1
     alone: the other operand joins nothing */
  jaxc_dtype node = jaxc__follows_first(op, b->ndim, b->dtype) ? jaxc__node_of(a) : jaxc__join2(a, b);
  if (node == JAXC_DTYPE_INVALID) return false;
  node = jaxc_op_result_node(op, node);
  p->compute = jaxc_storage_dtype(node, x64);
  if (!jaxc_op_accepts(op, p->compute)) return jaxc__fail_dtype(op, p->compute), false;
  p->in_a = p->in_b = p->compute;
  p->out = jaxc_op_output_dtype(op, p->compute);
  p->weak = p->out == p->compute ? jaxc_dtype_is_weak(node) : false;
  return true;
}

static bool jaxc__plan_unary(jaxc_op op, const jaxc_array *a, jaxc__plan *p) {
  if (!jaxc__op_is(op, JAXC_ARITY_UN))
    return jaxc__fail(JAXC_ERR_ARG, "op %d (%s) is not a unary op", (int)op, jaxc_op_name(op)), false;
  if (!a) return jaxc__fail(JAXC_ERR_ARG, "%s: the operand is NULL", jaxc_op_name(op)), false;
  jaxc_dtype node = jaxc_op_result_node(op, jaxc__node_of(a));
  p->compute = jaxc_storage_dtype(node, jaxc_x64());
  if (!jaxc_op_accepts(op, p->compute)) return jaxc__fail_dtype(op, p->compute), false;
  p->in_a = p->in_b = p->compute;
  p->out = jaxc_op_output_dtype(op, p->compute);
  p->weak = jaxc__unary_weak(op, node, p->out);
  return true;
}

JAXC_API jaxc_dtype jaxc_binary_result(jaxc_op op, const jaxc_array *a, const jaxc_array *b, bool *weak) {
  jaxc__plan p;
  if (!jaxc__plan_binary(op, a, b, &p)) return JAXC_DTYPE_INVALID;
  if (weak) *weak = p.weak;
  jaxc__ok();
  return p.out;
}
JAXC_API jaxc_dtype jaxc_unary_result(jaxc_op op, const jaxc_array *a, bool *weak) {
  jaxc__plan p;
  if (!jaxc__plan_unary(op, a, &p)) return JAXC_DTYPE_INVALID;
  if (weak) *weak = p.weak;
  jaxc__ok();
  return p.out;
}
JAXC_API jaxc_dtype jaxc_result_type(int n, const jaxc_array *const *arrays, bool *weak) {
  if (n <= 0) return jaxc__fail(JAXC_ERR_ARG, "at least one array or dtype is required"), JAXC_DTYPE_INVALID;
  if (!arrays) return jaxc__fail(JAXC_ERR_ARG, "result_type: the array list is NULL"), JAXC_DTYPE_INVALID;
  for (int j = 0; j < n; j++)
    if (!arrays[j]) return jaxc__fail(JAXC_ERR_ARG, "result_type: array %d is NULL", j), JAXC_DTYPE_INVALID;
  jaxc_dtype node = jaxc__join_nodes(n, arrays);
  if (node == JAXC_DTYPE_INVALID) return JAXC_DTYPE_INVALID;
  if (weak) *weak = jaxc_dtype_is_weak(node);
  jaxc__ok();
  return jaxc_storage_dtype(node, jaxc_x64());
}

/* --- broadcasting ------------------------------------------------------------------------------
   Up to three operands are walked as rows: the output's dims are merged wherever every operand
   stays contiguous (or stays broadcast), and the last merged dim is the row, in which each
   operand is either contiguous (stride 1) or one repeated element (stride 0). */
#define JAXC__MAX_OPS 3
typedef struct jaxc__bcast {
  int ndim;                                  /* merged rank, >= 1 */
  int64_t shape[JAXC_MAX_NDIM];              /* merged output shape */
  int64_t stride[JAXC__MAX_OPS][JAXC_MAX_NDIM]; /* element strides per operand (0: broadcast) */
  int64_t rows, row_len, total;
} jaxc__bcast;

/* nd integers as Python prints a tuple of them: (), (3,), (2, 3). */
static void jaxc__format_dims(char *buf, size_t n, int nd, const int64_t *d) {
#ifndef JAXC_NO_STDIO /* only messages use it, and without stdio they are not formatted */
  size_t at = 0;
  at += (size_t)snprintf(buf + at, n - at, "(");
  for (int i = 0; i < nd && at < n; i++)
    at += (size_t)snprintf(buf + at, n - at, nd == 1 ? "%lld," : i ? ", %lld" : "%lld", (long long)d[i]);
  if (at < n) snprintf(buf + at, n - at, ")");
#else
  (void)nd, (void)d;
  if (n) buf[0] = 0;
#endif
}
static void jaxc__format_shape(char *buf, size_t n, const jaxc_array *a) { jaxc__format_dims(buf, n, a->ndim, a->shape); }
/* lax.broadcast_shapes' ValueError, listing the k shapes: the arrays in[], or (in NULL) the
   shapes d[] of nd[] dims */
static void *jaxc__fail_broadcast_shapes(int k, const jaxc_array *const *in, const int *nd, const int64_t *const *d) {
  char list[400], one[24 * JAXC_MAX_NDIM + 8];
  size_t at = 0;
  for (int u = 0; u < k; u++) {
    jaxc__format_dims(one, sizeof one, in ? in[u]->ndim : nd[u], in ? in[u]->shape : d[u]);
    size_t len = strlen(one);
    if (at + len + 6 >= sizeof list) {
      memcpy(list + at, ", ...", 5), at += 5;
      break;
    }
    if (u) list[at++] = ',', list[at++] = ' ';
    memcpy(list + at, one, len), at += len;
  }
  list[at] = 0;
  return jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: shapes=[%s]", list);
}
static void *jaxc__fail_broadcast_list(int k, const jaxc_array *const *in) { return jaxc__fail_broadcast_shapes(k, in, NULL, NULL); }
/* lax.broadcast_in_dim's shape check failing, in its words (every lax.full, broadcast_to, jnp.tile
   and jnp.repeat shape goes through it) */
static void *jaxc__fail_negative_dims(int nd, const int64_t *d) {
  char s[24 * 2 * JAXC_MAX_NDIM + 8];
  jaxc__format_dims(s, sizeof s, nd, d);
  return jaxc__fail(JAXC_ERR_SHAPE, "broadcast_in_dim shape must have every element be nonnegative, got %s.", s);
}
/* an axis used as Python indexes a shape tuple (x.shape[axis]): negative counts from the end */
static bool jaxc__python_axis(int axis, int ndim, int *ax) {
  if (axis < -ndim || axis >= ndim) return jaxc__fail(JAXC_ERR_ARG, "tuple index out of range"), false;
  *ax = axis < 0 ? axis + ndim : axis;
  return true;
}
/* An aval as JAX's str_short prints it: int32[3], float32[2,4], bool[]. */
static void jaxc__format_aval(char *buf, size_t n, jaxc_dtype dt, int nd, const int64_t *d) {
#ifndef JAXC_NO_STDIO
  size_t at = (size_t)snprintf(buf, n, "%s[", jaxc_dtype_name(dt));
  for (int i = 0; i < nd && at < n; i++) at += (size_t)snprintf(buf + at, n - at, i ? ",%lld" : "%lld", (long long)d[i]);
  if (at < n) snprintf(buf + at, n - at, "]");
#else
  (void)dt, (void)nd, (void)d;
  if (n) buf[0] = 0;
#endif
}

/* NumPy broadcasting of k arrays into out_shape; false where they do not broadcast (no status) */
static bool jaxc__broadcast_dims(int k, const jaxc_array *const *in, int *out_ndim, int64_t *out_shape) {
  int nd = 0;
  for (int j = 0; j < k; j++) nd = in[j]->ndim > nd ? in[j]->ndim : nd;
  *out_ndim = nd; /* (set either way: gcc's flow analysis cannot tell that callers read it only on success) */
  for (int i = 0; i < nd; i++) {
    int64_t d = 1;
    for (int j = 0; j < k; j++) {
      int off = nd - in[j]->ndim;
      int64_t s = i < off ? 1 : in[j]->shape[i - off];
      if (s == d || s == 1) continue;
      if (d != 1) return false;
      d = s;
    }
    out_shape[i] = d;
  }
  return true;
}
/* NumPy broadcasting of k shapes; false + lax.broadcast_shapes' message listing them all */
static bool jaxc__broadcast_list(int k, const jaxc_array *const *in, int *nd, int64_t *shape) {
  return jaxc__broadcast_dims(k, in, nd, shape) || (jaxc__fail_broadcast_list(k, in), false);
}
/* jaxc__broadcast_dims for a jnp op on up to 3 arrays, with JAX's message when they do not */
static bool jaxc__broadcast_shapes(const char *opname, int k, const jaxc_array *const *in, int *out_ndim, int64_t *out_shape) {
  if (jaxc__broadcast_dims(k, in, out_ndim, out_shape)) return true;
  /* jnp's promote_shapes broadcasts operands of different ranks first (its ValueError);
     operands of one rank reach lax's shape rule (its TypeError, with the primitive) */
  int r = -1;
  for (int u = 0; u < k; u++)
    if (in[u]->ndim && (r = r < 0 ? in[u]->ndim : r) != in[u]->ndim) return jaxc__fail_broadcast_list(k, in), false;
  char s0[160], s1[160], s2[160] = "";
  jaxc__format_shape(s0, sizeof s0, in[0]);
  jaxc__format_shape(s1, sizeof s1, in[1]);
  if (k > 2) { s2[0] = ','; s2[1] = ' '; jaxc__format_shape(s2 + 2, sizeof s2 - 2, in[2]); }
  jaxc__fail(JAXC_ERR_SHAPE, "%s got incompatible shapes for broadcasting: %s, %s%s.", opname, s0, s1, k > 2 ? s2 : "");
  return false;
}

static void jaxc__bcast_plan(jaxc__bcast *bc, int k, const jaxc_array *const *in, int nd, const int64_t *shape) {
  int64_t st[JAXC__MAX_OPS][JAXC_MAX_NDIM];
  for (int j = 0; j < k; j++) {
    int off = nd - in[j]->ndim;
    int64_t s = 1;
    for (int i = nd - 1; i >= 0; i--) {
      int64_t dim = i < off ? 1 : in[j]->shape[i - off];
      st[j][i] = dim == 1 ? 0 : s;
      s *= dim;
    }
  }
  /* merge dim i into the running last dim when every operand is contiguous across them */
  int m = 0;
  bc->total = 1;
  for (int i = 0; i < nd; i++) bc->total *= shape[i];
  for (int i = 0; i < nd; i++) {
    if (shape[i] == 1) continue; /* size-1 dims carry nothing */
    bool merge = m > 0;
    for (int j = 0; j < k && merge; j++) merge = st[j][i] * shape[i] == bc->stride[j][m - 1];
    if (merge) {
      bc->shape[m - 1] *= shape[i];
      for (int j = 0; j < k; j++) bc->stride[j][m - 1] = st[j][i];
    } else {
      bc->shape[m] = shape[i];
      for (int j = 0; j < k; j++) bc->stride[j][m] = st[j][i];
      m++;
    }
  }
  if (m == 0) { /* a scalar or all-ones shape */
    bc->shape[0] = 1;
    for (int j = 0; j < k; j++) bc->stride[j][0] = 0;
    m = 1;
  }
  bc->ndim = m;
  bc->row_len = bc->shape[m - 1];
  bc->rows = bc->row_len ? bc->total / bc->row_len : 0;
}

/* Offset of operand j at the start of row r. */
static int64_t jaxc__row_offset(const jaxc__bcast *bc, int j, int64_t r) {
  int64_t off = 0;
  for (int i = bc->ndim - 2; i >= 0; i--) {
    off += (r % bc->shape[i]) * bc->stride[j][i];
    r /= bc->shape[i];
  }
  return off;
}

/* --- the two ways work goes to the threads -------------------------------------------------------
   Every parallel pass is items 0 .. items-1 of a job, or [0, n) cut into a piece per thread; the
   choice is a plain `if` on the caller's traffic, never OpenMP's if() clause, which still opens a
   region (>= 1.2 us) and made a serial max of 2^20 in cache cost 0.14 ns an element, not 0.06. */
#if JAXC__HAS_OPENMP
#  include <omp.h>
#endif
static int jaxc__threads(void) {
#if JAXC__HAS_OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}
typedef void (*jaxc__item_fn)(const void *job, int64_t item);
static void jaxc__items_run(const void *job, jaxc__item_fn fn, int64_t items, bool parallel) {
#if JAXC__HAS_OPENMP
  if (parallel && items > 1) {
#  pragma omp parallel for schedule(static)
    for (int64_t it = 0; it < items; it++) fn(job, it);
    return;
  }
#endif
  (void)parallel;
  for (int64_t it = 0; it < items; it++) fn(job, it);
}
/* fn(job, i0, i1) over [0, n): a piece per thread when the pass moves more than JAXC_PAR_BYTES
   (n * bytes_each), else one piece */
typedef void (*jaxc__range_fn)(const void *job, int64_t i0, int64_t i1);
typedef struct { const void *job; jaxc__range_fn fn; int64_t n, pieces; } jaxc__ranges;
static void jaxc__range_item(const void *rp, int64_t t) {
  const jaxc__ranges *R = (const jaxc__ranges *)rp;
  R->fn(R->job, R->n * t / R->pieces, R->n * (t + 1) / R->pieces);
}
static void jaxc__range_run(const void *job, jaxc__range_fn fn, int64_t n, size_t bytes_each) {
  jaxc__ranges R = {job, fn, n, jaxc__threads()};
  if ((size_t)n * bytes_each > JAXC_PAR_BYTES && R.pieces > 1) jaxc__items_run(&R, jaxc__range_item, R.pieces, true);
  else fn(job, 0, n);
}
/* fn(job, lo, hi) over [0, n) in pieces of `per` (the last one shorter): pieces that fit a
   callee's L1 scratch, or many of them to even out uneven work */
typedef struct { const void *job; jaxc__range_fn fn; int64_t n, per; } jaxc__pieces;
static void jaxc__piece_item(const void *pp, int64_t it) {
  const jaxc__pieces *P = (const jaxc__pieces *)pp;
  int64_t lo = it * P->per;
  P->fn(P->job, lo, P->n - lo < P->per ? P->n : lo + P->per);
}
static void jaxc__pieces_run(const void *job, jaxc__range_fn fn, int64_t n, int64_t per, bool parallel) {
  jaxc__pieces P = {job, fn, n, per};
  jaxc__items_run(&P, jaxc__piece_item, (n + per - 1) / per, parallel);
}

/* --- the row/chunk driver ----------------------------------------------------------------------
   Work is cut into chunks of at most JAXC__CHUNK elements of one row. An operand whose dtype is
   not the kernel's is converted a chunk at a time into a small buffer that stays in L1 — one
   pass over memory, no temporary arrays. Chunks run in parallel above JAXC_PAR_BYTES. */
#define JAXC__CHUNK 2048

/* Outputs larger than the last-level cache are written with non-temporal (streaming) stores:
   a plain store first reads the destination line (read-for-ownership), which for an op that
   writes as many bytes as it reads costs a third of the bandwidth. The kernel writes a chunk
   to L1 scratch; the chunk then streams out. x86 only, behind the compiler's feature macros. */
#ifndef JAXC_STREAM_BYTES
#  define JAXC_STREAM_BYTES ((size_t)256 << 20)
#endif
#if (defined(__SSE2__) || defined(__AVX512F__)) && !defined(JAXC_NO_STREAM) && !defined(__CUDACC__)
#  include <immintrin.h>
#  define JAXC__HAS_STREAM 1
static void jaxc__stream_copy(void *dst, const void *src, size_t bytes) {
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  size_t head = (size_t)(-(uintptr_t)d & 63);
  if (head > bytes) head = bytes;
  memcpy(d, s, head);
  d += head, s += head, bytes -= head;
#  if defined(__AVX512F__)
  for (; bytes >= 64; d += 64, s += 64, bytes -= 64) _mm512_stream_si512((void *)d, _mm512_loadu_si512((const void *)s));
#  else
  for (; bytes >= 16; d += 16, s += 16, bytes -= 16) _mm_stream_si128((__m128i *)(void *)d, _mm_loadu_si128((const __m128i *)(const void *)s));
#  endif
  memcpy(d, s, bytes);
  _mm_sfence(); /* streaming stores are weakly ordered: publish them before the chunk ends */
}
#else
#  define JAXC__HAS_STREAM 0
#endif

typedef struct jaxc__job {
  int k;                                   /* operands */
  const char *src[JAXC__MAX_OPS];          /* operand data */
  jaxc_dtype from[JAXC__MAX_OPS], to[JAXC__MAX_OPS];
  char *out;
  size_t out_size;
  bool stream; /* write the output with streaming stores */
  /* compute n outputs from operand pointers; bit j of scalar_mask: operand j is one element */
  void (*chunk)(const struct jaxc__job *job, size_t n, const void *const *in, unsigned scalar_mask, void *out);
  const jaxc__bin_fn *bin; /* the op's {vv, sv, vs} kernels */
  jaxc__un_fn un;
  jaxc__bcast bc;
  int64_t chunks_per_row;
} jaxc__job;

static void jaxc__run_chunk(const void *jp, int64_t item) {
  const jaxc__job *job = (const jaxc__job *)jp;
  int64_t chunks_per_row = job->chunks_per_row;
  /* 64-byte aligned scratch for converted operands: 2048 x 16 bytes each */
  typedef struct { _Alignas(64) unsigned char bytes[JAXC__CHUNK * 16]; } jaxc__scratch;
  jaxc__scratch buf[JAXC__MAX_OPS];
  int64_t r = item / chunks_per_row, c = item % chunks_per_row;
  int64_t start = c * JAXC__CHUNK, len = job->bc.row_len - start;
  if (len > JAXC__CHUNK) len = JAXC__CHUNK;
  const void *in[JAXC__MAX_OPS];
  unsigned mask = 0;
  for (int j = 0; j < job->k; j++) {
    int64_t rs = job->bc.stride[j][job->bc.ndim - 1];
    int64_t off = jaxc__row_offset(&job->bc, j, r) + (rs ? start : 0);
    size_t n = rs ? (size_t)len : 1;
    const char *p = job->src[j] + (size_t)off * jaxc_dtype_size(job->from[j]);
    if (!rs) mask |= 1u << j;
    if (job->from[j] != job->to[j]) {
      jaxc_kernel_cast_dyn(job->from[j], job->to[j], n, p, buf[j].bytes);
      p = (const char *)buf[j].bytes;
    }
    in[j] = p;
  }
  char *dst = job->out + (size_t)(r * job->bc.row_len + start) * job->out_size;
#if JAXC__HAS_STREAM
  if (job->stream) {
    typedef struct { _Alignas(64) unsigned char bytes[JAXC__CHUNK * 16]; } jaxc__out_scratch;
    jaxc__out_scratch ob;
    job->chunk(job, (size_t)len, in, mask, ob.bytes);
    jaxc__stream_copy(dst, ob.bytes, (size_t)len * job->out_size);
    return;
  }
#endif
  job->chunk(job, (size_t)len, in, mask, dst);
}

/* A job over k operands converted to `to`, writing `out` (dtype out_dtype) through `chunk`. */
static void jaxc__job_init(jaxc__job *job, int k, const jaxc_array *const *in, const jaxc_dtype *to, jaxc_array *out,
                           void (*chunk)(const jaxc__job *, size_t, const void *const *, unsigned, void *)) {
  job->k = k;
  for (int j = 0; j < k; j++) {
    job->src[j] = (const char *)in[j]->data;
    job->from[j] = in[j]->dtype;
    job->to[j] = to[j];
  }
  job->out = (char *)out->data;
  job->out_size = jaxc_dtype_size(out->dtype);
  job->chunk = chunk;
  job->bin = NULL;
  job->un = NULL;
  jaxc__bcast_plan(&job->bc, k, in, out->ndim, out->shape);
}

static void jaxc__run(jaxc__job *job) {
  if (job->bc.total == 0) return;
  job->chunks_per_row = (job->bc.row_len + JAXC__CHUNK - 1) / JAXC__CHUNK;
  size_t traffic = (size_t)job->bc.total * job->out_size;
  job->stream = traffic > JAXC_STREAM_BYTES;
  for (int j = 0; j < job->k; j++) traffic += (size_t)job->bc.total * jaxc_dtype_size(job->from[j]);
  jaxc__items_run(job, jaxc__run_chunk, job->bc.rows * job->chunks_per_row, traffic > JAXC_PAR_BYTES);
}

/* Chunk callbacks. */
static void jaxc__chunk_binary(const jaxc__job *job, size_t n, const void *const *in, unsigned mask, void *out) {
  const jaxc__bin_fn *k = job->bin;
  if (mask == 3u) { /* both broadcast along the row: one value, repeated */
    k[0](1, in[0], in[1], out);
    for (size_t i = 1; i < n; i++) memcpy((char *)out + i * job->out_size, out, job->out_size);
  } else {
    k[mask](n, in[0], in[1], out); /* mask 0: vv, 1: sv, 2: vs */
  }
}
static void jaxc__chunk_unary(const jaxc__job *job, size_t n, const void *const *in, unsigned mask, void *out) {
  jaxc__un_fn k = job->un;
  if (mask & 1u) {
    k(1, in[0], out);
    for (size_t i = 1; i < n; i++) memcpy((char *)out + i * job->out_size, out, job->out_size);
  } else {
    k(n, in[0], out);
  }
}
static void jaxc__chunk_copy(const jaxc__job *job, size_t n, const void *const *in, unsigned mask, void *out) {
  size_t es = job->out_size;
  if (mask & 1u)
    for (size_t i = 0; i < n; i++) memcpy((char *)out + i * es, in[0], es);
  else
    memcpy(out, in[0], n * es);
}
/* where over a chunk, in loops typed by the element's size (16 bytes: two 8-byte halves;
   complex64, 8 bytes aligned to 4, two 4-byte halves), one per broadcast pattern (mask bit j:
   operand j repeats one value, a stride of 0), so that each vectorises: x and y are both read
   and c picks by a mask on the bits (a memcpy an element ran at 0.86 ns an element; x read in
   one arm of ?: becomes a masked load, slow on Zen 4). The condition is read as bytes: gcc 12
   vectorises a loop over _Bool loads badly (1.6 ns an element against 0.2 for uint8_t). */
#define JAXC__WHERE_LOOP(T, SC, SX, SY, W)                                                       \
  for (size_t i = 0; i < n; i++) {                                                              \
    T m_ = (T)0 - (T)c[i * (SC)];                                                               \
    for (size_t h = 0; h < (W); h++)                                                            \
      o[i * (W) + h] = (T)((xx[i * (SX) * (W) + h] & m_) | (yy[i * (SY) * (W) + h] & (T)~m_));  \
  }
#define JAXC__WHERE_FN(T, W, SUF)                                                                \
  static void jaxc__where_##SUF(size_t n, unsigned mask, const uint8_t *c, const void *x, const void *y, void *out) { \
    const T *xx = (const T *)x, *yy = (const T *)y;                                              \
    T *o = (T *)out;                                                                             \
    switch (mask & 7u) {                                                                         \
    case 0: JAXC__WHERE_LOOP(T, 1, 1, 1, W) break;                                               \
    case 1: JAXC__WHERE_LOOP(T, 0, 1, 1, W) break;                                               \
    case 2: JAXC__WHERE_LOOP(T, 1, 0, 1, W) break;                                               \
    case 3: JAXC__WHERE_LOOP(T, 0, 0, 1, W) break;                                               \
    case 4: JAXC__WHERE_LOOP(T, 1, 1, 0, W) break;                                               \
    case 5: JAXC__WHERE_LOOP(T, 0, 1, 0, W) break;                                               \
    case 6: JAXC__WHERE_LOOP(T, 1, 0, 0, W) break;                                               \
    default: JAXC__WHERE_LOOP(T, 0, 0, 0, W) break;                                              \
    }                                                                                            \
  }
/* the element types where and select's overlay move: (type, words an element, name suffix) */
#define JAXC__WHERE_TYPES(X) \
  X(uint8_t, 1, 1) X(uint16_t, 1, 2) X(uint32_t, 1, 4) X(uint32_t, 2, 8_by_4) X(uint64_t, 1, 8) X(uint64_t, 2, 16)
JAXC__WHERE_TYPES(JAXC__WHERE_FN)
/* o = where(c, x, o) in place (select's pairs laid over the default, choose's choices over the
   first): o is read and written through one restrict pointer, each element read before it is
   written, so no overlap check stands before the vector loop. mask bit 0: c repeats, bit 1: x. */
#define JAXC__OVERLAY_LOOP(T, SC, SX, W)                                                         \
  for (size_t i = 0; i < n; i++) {                                                              \
    T m_ = (T)0 - (T)c[i * (SC)];                                                               \
    for (size_t h = 0; h < (W); h++) o[i * (W) + h] = (T)((xx[i * (SX) * (W) + h] & m_) | (o[i * (W) + h] & (T)~m_)); \
  }
#define JAXC__OVERLAY_FN(T, W, SUF)                                                              \
  static void jaxc__overlay_##SUF(size_t n, unsigned mask, const uint8_t *JAXC__RESTRICT c, const void *x, void *out) { \
    const T *JAXC__RESTRICT xx = (const T *)x;                                                   \
    T *JAXC__RESTRICT o = (T *)out;                                                              \
    switch (mask & 3u) {                                                                         \
    case 0: JAXC__OVERLAY_LOOP(T, 1, 1, W) break;                                                \
    case 1: JAXC__OVERLAY_LOOP(T, 0, 1, W) break;                                                \
    case 2: JAXC__OVERLAY_LOOP(T, 1, 0, W) break;                                                \
    default: JAXC__OVERLAY_LOOP(T, 0, 0, W) break;                                               \
    }                                                                                            \
  }
JAXC__WHERE_TYPES(JAXC__OVERLAY_FN)
static void jaxc__overlay_sized(size_t es, size_t n, unsigned mask, const uint8_t *c, const void *x, void *out) {
  switch (es) {
  case 1: jaxc__overlay_1(n, mask, c, x, out); break;
  case 2: jaxc__overlay_2(n, mask, c, x, out); break;
  case 4: jaxc__overlay_4(n, mask, c, x, out); break;
  case 8:
    if ((((uintptr_t)x | (uintptr_t)out) & 7u) == 0) jaxc__overlay_8(n, mask, c, x, out);
    else jaxc__overlay_8_by_4(n, mask, c, x, out);
    break;
  default: jaxc__overlay_16(n, mask, c, x, out); break;
  }
}
/* where over n elements of es bytes */
static void jaxc__where_sized(size_t es, size_t n, unsigned mask, const uint8_t *c, const void *x, const void *y, void *out) {
  switch (es) {
  case 1: jaxc__where_1(n, mask, c, x, y, out); break;
  case 2: jaxc__where_2(n, mask, c, x, y, out); break;
  case 4: jaxc__where_4(n, mask, c, x, y, out); break;
  case 8:
    if ((((uintptr_t)x | (uintptr_t)y | (uintptr_t)out) & 7u) == 0) jaxc__where_8(n, mask, c, x, y, out);
    else jaxc__where_8_by_4(n, mask, c, x, y, out); /* complex64 is aligned to its float parts only */
    break;
  default: jaxc__where_16(n, mask, c, x, y, out); break;
  }
}
static void jaxc__chunk_where(const jaxc__job *job, size_t n, const void *const *in, unsigned mask, void *out) {
  jaxc__where_sized(job->out_size, n, mask, (const uint8_t *)in[0], in[1], in[2], out);
}

/* --- debug_nans / debug_infs ----------------------------------------------------------------- */
static bool jaxc__has_nonfinite(const jaxc_array *a, bool want_nan) {
  int kind = jaxc_dtype_kind(a->dtype);
  if (kind != JAXC_KIND_FLOAT && kind != JAXC_KIND_COMPLEX) return false;
  size_t n = (size_t)a->size * (kind == JAXC_KIND_COMPLEX ? 2 : 1);
  jaxc_dtype real = jaxc__real_dtype(a->dtype);
  for (size_t i = 0; i < n; i++) {
    double v;
    switch (real) {
    case JAXC_BF16: v = jaxc_bf16_to_f64(((const jaxc_bf16 *)a->data)[i]); break;
    case JAXC_F16: v = jaxc_f16_to_f64(((const jaxc_f16 *)a->data)[i]); break;
    case JAXC_F32: v = ((const float *)a->data)[i]; break;
    default: v = ((const double *)a->data)[i]; break;
    }
    if (want_nan ? v != v : (v - v != v - v && v == v)) return true;
  }
  return false;
}
/* JAX's FloatingPointError when a primitive (its lax name: add, reduce_sum, scatter-add, ...)
   turns NaN-free (finite) inputs into NaN (inf). Every op that computes values checks. */
static bool jaxc__debugging(void) { return jaxc_debug_nans() || jaxc_debug_infs(); }
static bool jaxc__debug_check(const char *prim, const jaxc_array *out, const jaxc_array *a, const jaxc_array *b) {
  bool nans = jaxc_debug_nans(), infs = jaxc_debug_infs();
  if (!nans && !infs) return true;
  for (int pass = 0; pass < 2; pass++) {
    bool want_nan = pass == 0;
    if (!(want_nan ? nans : infs) || !jaxc__has_nonfinite(out, want_nan)) continue;
    bool in_nan = jaxc__has_nonfinite(a, true) || (b && jaxc__has_nonfinite(b, true));
    bool in_inf = jaxc__has_nonfinite(a, false) || (b && jaxc__has_nonfinite(b, false));
    if (want_nan ? in_nan : (in_inf || in_nan)) continue;
    jaxc__fail(JAXC_ERR_NAN, "invalid value (%s) encountered in %s", want_nan ? "nan" : "inf", prim);
    return false;
  }
  return true;
}
/* The debug check, then success: a result that fails it is freed. */
static jaxc_array *jaxc__checked(const char *prim, jaxc_array *out, const jaxc_array *a, const jaxc_array *b) {
  if (!jaxc__debug_check(prim, out, a, b)) {
    jaxc_array_free(out);
    return NULL;
  }
  jaxc__ok();
  return out;
}

/* --- ops -------------------------------------------------------------------------------------- */
static bool jaxc__out_ok(const jaxc_array *out, jaxc_dtype dt, int nd, const int64_t *shape) {
  if (!out) return jaxc__fail(JAXC_ERR_ARG, "output array is NULL"), false;
  if (out->dtype != dt) {
    jaxc__fail(JAXC_ERR_DTYPE, "output array has dtype %s, the result is %s", jaxc_dtype_name(out->dtype), jaxc_dtype_name(dt));
    return false;
  }
  if (out->ndim != nd) return jaxc__fail(JAXC_ERR_SHAPE, "output array has rank %d, the result %d", out->ndim, nd), false;
  for (int i = 0; i < nd; i++)
    if (out->shape[i] != shape[i]) return jaxc__fail(JAXC_ERR_SHAPE, "output array shape differs from the result's"), false;
  return true;
}
/* Whether bytes [p, p + pn) and [q, q + qn) share any: as integers (< on unrelated pointers is
   undefined), unsigned differences (one test per side). */
static bool jaxc__overlap(const void *p, size_t pn, const void *q, size_t qn) {
  uintptr_t a = (uintptr_t)p, b = (uintptr_t)q;
  return pn && qn && (a - b < qn || b - a < pn);
}
/* True when writing `out` could change input `in` before the op has read it: their bytes
   overlap (views of one buffer, jaxc_array_wrap), unless as the same elements in the same places
   (same address, element size and shape), where element i is read before it is written. */
static bool jaxc__clobbers(const jaxc_array *out, const jaxc_array *in) {
  size_t ob = (size_t)out->size * jaxc_dtype_size(out->dtype), ib = (size_t)in->size * jaxc_dtype_size(in->dtype);
  if (!jaxc__overlap(out->data, ob, in->data, ib)) return false;
  if (out->data != in->data || ob != ib || jaxc_dtype_size(out->dtype) != jaxc_dtype_size(in->dtype) || out->ndim != in->ndim) return true;
  for (int d = 0; d < out->ndim; d++)
    if (out->shape[d] != in->shape[d]) return true;
  return false;
}
/* Where an op on inputs in[0..k) writes: `into`, or a fresh array when there is none, when the
   debug checks are on (a failing check must leave `into` as it was) or when `into` overlaps an
   input other than element for element (NumPy's rule for out=: the result is as if the inputs
   were copied first); the result is copied over once it passed (jaxc__finish). */
static jaxc_array *jaxc__result_array(jaxc_array *into, jaxc_dtype dt, bool weak, int nd, const int64_t *shape,
                                      int k, const jaxc_array *const *in) {
  if (into && !jaxc__out_ok(into, dt, nd, shape)) return NULL;
  bool fresh = !into || jaxc__debugging();
  for (int j = 0; j < k && !fresh; j++) fresh = jaxc__clobbers(into, in[j]);
  if (fresh) return jaxc__new_array(dt, weak, nd, shape);
  into->weak = weak; /* (no check can fail now: the op writes its result here) */
  return into;
}
static jaxc_array *jaxc__finish(const char *prim, jaxc_array *out, jaxc_array *into, const jaxc_array *a, const jaxc_array *b) {
  if (!(out = jaxc__checked(prim, out, a, b)) || !into || out == into) return out;
  memcpy(into->data, out->data, (size_t)out->size * jaxc_dtype_size(out->dtype));
  into->weak = out->weak;
  jaxc_array_free(out);
  return into;
}

/* jnp.power sends a 0-d integer exponent (JAX: a concrete integer scalar; see
   jaxc__is_int_scalar) to lax.integer_pow; any other exponent goes to _pow_int_int (integer
   base: six rounds of square-and-multiply over the exponent's low bits, which never fail) or
   lax.pow. True when b is such a scalar, with its value. */
static bool jaxc__int_exponent(const jaxc_array *b, jaxc__int_exp *e) {
  if (!jaxc__is_int_scalar(b->ndim, b->dtype)) return false;
  *e = jaxc__int_exp_of(b->dtype, b->data);
  return true;
}
/* integer_pow's dtype rule refuses a negative exponent for an integer base: JAX's message, with
   the base's aval */
static jaxc_array *jaxc__negative_int_pow(const jaxc_array *a, jaxc_dtype compute, uint64_t mag) {
  long long n = mag > (uint64_t)INT64_MAX ? INT64_MIN : -(long long)mag; /* (from a signed dtype) */
#ifndef JAXC_NO_STDIO
  char aval[16 + 21 * JAXC_MAX_NDIM];
  jaxc__format_aval(aval, sizeof aval, compute, a->ndim, a->shape);
  return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "Integers cannot be raised to negative powers, got integer_pow(ShapedArray(%s%s), %lld)",
                                  aval, a->weak ? ", weak_type=True" : "", (long long)n);
#else
  (void)a, (void)compute, (void)n;
  return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "Integers cannot be raised to negative powers");
#endif
}
static jaxc_array *jaxc__binary_impl(jaxc_op op, const jaxc_array *a, const jaxc_array *b, jaxc_array *into);
/* lax.integer_pow(x, n), n != 0, as JAX computes it: square-and-multiply over every bit of |n|
   in the compute dtype (ints wrap, floats round at each product: x**3 is (x * x) * x, not
   pow's correctly rounded value), then 1 / acc for n < 0; in whole-array passes of the multiply
   and divide kernels. `acc` is x itself until the first product (`alias`). */
static jaxc_array *jaxc__integer_pow(const jaxc_array *a, jaxc__int_exp e, const jaxc__plan *p, jaxc_array *into) {
  uint64_t m = e.mag;
  jaxc_array *x = jaxc_astype(a, p->compute), *acc = NULL, *t;
  bool alias = false;
  for (; x && m; m >>= 1) {
    if (m & 1) {
      if (!acc) acc = x, alias = true;
      else {
        t = jaxc__binary_impl(JAXC_OP_MULTIPLY, acc, x, NULL);
        if (!alias) jaxc_array_free(acc);
        acc = t, alias = false;
        if (!acc) break;
      }
    }
    if (m > 1) {
      t = jaxc__binary_impl(JAXC_OP_MULTIPLY, x, x, NULL);
      if (!alias) jaxc_array_free(x);
      x = t, alias = false; /* (an alias of the old x now owns it as acc) */
    }
  }
  if (!alias) jaxc_array_free(x);
  if (!x || !acc) { if (acc != x) jaxc_array_free(acc); return NULL; }
  if (e.neg) {
    jaxc_array *one = jaxc_weak_int(1);
    t = one ? jaxc__binary_impl(JAXC_OP_TRUE_DIVIDE, one, acc, NULL) : NULL;
    jaxc_array_free(one), jaxc_array_free(acc);
    if (!(acc = t)) return NULL;
  }
  acc->weak = p->weak;
  if (!into) return acc;
  if (!jaxc__out_ok(into, acc->dtype, acc->ndim, acc->shape)) { jaxc_array_free(acc); return NULL; }
  memcpy(into->data, acc->data, (size_t)acc->size * jaxc_dtype_size(acc->dtype));
  into->weak = acc->weak;
  jaxc_array_free(acc);
  return into;
}

/* jnp.fmod swaps a zero divisor for 1 only when the inputs' result type is an integer; two
   bools skip that and go to lax.rem on int32 (promote_args_numeric), where x % 0 == x: so a && !b. */
static jaxc_array *jaxc__fmod_bools(const jaxc_array *a, const jaxc_array *b, jaxc_array *into) {
  if (into) { /* checked here: astype_into below would convert to any dtype */
    const jaxc_array *in[2] = {a, b};
    int nd;
    int64_t shape[JAXC_MAX_NDIM];
    if (!jaxc__broadcast_shapes("fmod", 2, in, &nd, shape) || !jaxc__out_ok(into, JAXC_I32, nd, shape)) return NULL;
  }
  jaxc_array *nb = jaxc_unary(JAXC_OP_LOGICAL_NOT, b);
  jaxc_array *t = nb ? jaxc_binary(JAXC_OP_LOGICAL_AND, a, nb) : NULL;
  jaxc_array *r = !t ? NULL : into ? jaxc_astype_into(t, into) : jaxc_astype(t, JAXC_I32);
  jaxc_array_free(nb);
  jaxc_array_free(t);
  return r;
}

/* A logical op's operand as promote_args leaves it: a weak one converted to the join, where it
   can become 0 (logical_and(uint8 1, weak 256) is False: 256 wraps to uint8 0; 1e-50 is 0 in
   float16); a strong one only widens, which keeps zero and nonzero apart, so it stays as it
   is. *tmp holds a converted copy (XLA's cast, no debug checks: jnp converts a Python scalar
   outside any op). */
static const jaxc_array *jaxc__logical_operand(const jaxc_array *x, jaxc_dtype join, jaxc_array **tmp) {
  *tmp = NULL;
  if (!x->weak || x->dtype == join) return x;
  *tmp = jaxc_array_empty(join, x->ndim, x->shape);
  if (*tmp && x->size) jaxc_kernel_cast_dyn(x->dtype, join, (size_t)x->size, x->data, (*tmp)->data);
  return *tmp;
}

static jaxc_array *jaxc__binary_run(jaxc_op op, const jaxc__plan *pp, const jaxc_array *a, const jaxc_array *b,
                                    jaxc_array *into);
static jaxc_array *jaxc__binary_impl(jaxc_op op, const jaxc_array *a, const jaxc_array *b, jaxc_array *into) {
  jaxc__plan p;
  if (op == JAXC_OP_FMOD && a && b && a->dtype == JAXC_BOOL && b->dtype == JAXC_BOOL) return jaxc__fmod_bools(a, b, into);
  if (!jaxc__plan_binary(op, a, b, &p)) return NULL;
  if (jaxc__op_rule[op] != JAXC_RULE_LOGICAL || !(a->weak || b->weak)) return jaxc__binary_run(op, &p, a, b, into);
  jaxc_array *ta, *tb;
  const jaxc_array *pa = jaxc__logical_operand(a, p.join, &ta), *pb = jaxc__logical_operand(b, p.join, &tb);
  jaxc_array *r = pa && pb ? jaxc__binary_run(op, &p, pa, pb, into) : NULL;
  jaxc_array_free(ta);
  jaxc_array_free(tb);
  return r;
}
static jaxc_array *jaxc__binary_run(jaxc_op op, const jaxc__plan *pp, const jaxc_array *a, const jaxc_array *b,
                                    jaxc_array *into) {
  jaxc__plan p = *pp;
  const jaxc_array *in[2] = {a, b};
  int nd;
  int64_t shape[JAXC_MAX_NDIM];
  if (!jaxc__broadcast_shapes(jaxc__op_lax[op], 2, in, &nd, shape)) return NULL;
  jaxc__int_exp e;
  if (op == JAXC_OP_POWER && jaxc__int_exponent(b, &e) && e.mag != 0) { /* (x ** 0: the kernel's ones) */
    if (e.neg && jaxc__is_integral(p.compute)) return jaxc__negative_int_pow(a, p.compute, e.mag);
    return jaxc__integer_pow(a, e, &p, into);
  }
  jaxc_array *out = jaxc__result_array(into, p.out, p.weak, nd, shape, 2, in);
  if (!out) return NULL;
  jaxc__job job;
  const jaxc_dtype to[2] = {p.in_a, p.in_b};
  jaxc__job_init(&job, 2, in, to, out, jaxc__chunk_binary);
  job.bin = jaxc__bin_table[op][p.compute];
  jaxc__run(&job);
  return jaxc__finish(jaxc__op_lax[op], out, into, a, b);
}

static jaxc_array *jaxc__unary_impl(jaxc_op op, const jaxc_array *a, jaxc_array *into) {
  jaxc__plan p;
  if (!jaxc__plan_unary(op, a, &p)) return NULL;
  jaxc_array *out = jaxc__result_array(into, p.out, p.weak, a->ndim, a->shape, 1, &a);
  if (!out) return NULL;
  jaxc__job job;
  /* positive is lax.asarray, no computation: the bytes are copied (a float16 signalling NaN
     would come back quiet from a float32 round trip) */
  jaxc__job_init(&job, 1, &a, &p.in_a, out, op == JAXC_OP_POSITIVE ? jaxc__chunk_copy : jaxc__chunk_unary);
  job.un = jaxc__un_table[op][p.compute];
  jaxc__run(&job);
  return jaxc__finish(jaxc__op_lax[op], out, into, a, NULL);
}

JAXC_API jaxc_array *jaxc_binary(jaxc_op op, const jaxc_array *a, const jaxc_array *b) { return jaxc__binary_impl(op, a, b, NULL); }
JAXC_API jaxc_array *jaxc_binary_into(jaxc_op op, const jaxc_array *a, const jaxc_array *b, jaxc_array *out) {
  if (!out) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "output array is NULL");
  return jaxc__binary_impl(op, a, b, out);
}
JAXC_API jaxc_array *jaxc_unary(jaxc_op op, const jaxc_array *a) { return jaxc__unary_impl(op, a, NULL); }
JAXC_API jaxc_array *jaxc_unary_into(jaxc_op op, const jaxc_array *a, jaxc_array *out) {
  if (!out) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "output array is NULL");
  return jaxc__unary_impl(op, a, out);
}

/* astype: XLA ConvertElementType; the dtype narrows with x64 off; the result is strong. */
static jaxc_array *jaxc__astype_impl(const jaxc_array *a, jaxc_dtype dtype, jaxc_array *into) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "astype: the array is NULL");
  if (!JAXC_DTYPE_VALID(dtype) || JAXC_DTYPE_IS_WEAK(dtype))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "astype: invalid dtype %d", (int)dtype);
  jaxc_dtype to = jaxc_storage_dtype(dtype, jaxc_x64());
  jaxc_array *out = jaxc__result_array(into, to, false, a->ndim, a->shape, 1, &a);
  if (!out) return NULL;
  jaxc__job job;
  jaxc__job_init(&job, 1, &a, &to, out, jaxc__chunk_copy);
  jaxc__run(&job);
  return jaxc__finish("convert_element_type", out, into, a, NULL); /* 1e300 -> float32 inf */
}
JAXC_API jaxc_array *jaxc_astype(const jaxc_array *a, jaxc_dtype dtype) { return jaxc__astype_impl(a, dtype, NULL); }
/* a converted to dtype d itself, where astype would narrow it: a 64-bit d with x64 off is the
   dtype of an array made (or wrapped) while x64 was on, whose companions must match it */
static jaxc_array *jaxc__astype_exact(const jaxc_array *a, jaxc_dtype d) {
  if (jaxc_storage_dtype(d, jaxc_x64()) == d) return jaxc__astype_impl(a, d, NULL);
  jaxc_array *r = jaxc__new_array(d, false, a->ndim, a->shape);
  if (r) jaxc_kernel_cast_dyn(a->dtype, d, (size_t)a->size, a->data, r->data);
  return r;
}
JAXC_API jaxc_array *jaxc_astype_into(const jaxc_array *a, jaxc_array *out) {
  if (!out) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "output array is NULL");
  return jaxc__astype_impl(a, out->dtype, out);
}

/* where(cond, x, y): cond tested != 0; x and y promoted like a binary op; all three broadcast. */
static jaxc_array *jaxc__where_impl(const jaxc_array *cond, const jaxc_array *x, const jaxc_array *y, jaxc_array *into) {
  if (!cond || !x || !y) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "where: an operand is NULL");
  bool x64 = jaxc_x64();
  jaxc_dtype node = jaxc__join2(x, y);
  if (node == JAXC_DTYPE_INVALID) return NULL;
  jaxc_dtype dt = jaxc_storage_dtype(node, x64);
  const jaxc_array *in[3] = {cond, x, y};
  int nd;
  int64_t shape[JAXC_MAX_NDIM];
  if (!jaxc__broadcast_shapes("where", 3, in, &nd, shape)) return NULL;
  jaxc_array *out = jaxc__result_array(into, dt, jaxc_dtype_is_weak(node), nd, shape, 3, in);
  if (!out) return NULL;
  jaxc__job job;
  const jaxc_dtype to[3] = {JAXC_BOOL, dt, dt};
  jaxc__job_init(&job, 3, in, to, out, jaxc__chunk_where);
  jaxc__run(&job);
  /* jnp.where promotes x and y by convert_element_type, which debug_infs checks (int32 70000
     is inf in float16) */
  return jaxc__finish("convert_element_type", out, into, x, y);
}
JAXC_API jaxc_array *jaxc_where(const jaxc_array *cond, const jaxc_array *x, const jaxc_array *y) {
  return jaxc__where_impl(cond, x, y, NULL);
}
JAXC_API jaxc_array *jaxc_where_into(const jaxc_array *cond, const jaxc_array *x, const jaxc_array *y, jaxc_array *out) {
  if (!out) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "output array is NULL");
  return jaxc__where_impl(cond, x, y, out);
}

/* --- named functions -------------------------------------------------------------------------- */
#define JAXC__DEF_NAMED_BIN(OP, name) \
  JAXC_API jaxc_array *(jaxc_##name)(const jaxc_array *a, const jaxc_array *b) { return jaxc_binary(JAXC_OP_##OP, a, b); }
#define JAXC__DEF_NAMED_UN(OP, name) \
  JAXC_API jaxc_array *(jaxc_##name)(const jaxc_array *a) { return jaxc_unary(JAXC_OP_##OP, a); }
#define JAXC__DEF_NAMED_RED(OP, name)
#define JAXC__DEF_NAMED_UPD(OP, name)
#define JAXC__DEF_NAMED(OP, name, ar, rule, grp, out, lax) JAXC__DEF_NAMED_##ar(OP, name)
JAXC_OPS(JAXC__DEF_NAMED)
/* --- frexp, modf, divmod (two results), clip ---------------------------------------------------- */
/* x promoted to its inexact dtype (keeping its weak flag), or NULL with JAX's error for complex */
static jaxc_array *jaxc__inexact_copy(const char *fn, const jaxc_array *x) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", fn);
  jaxc_dtype f = jaxc_storage_dtype(jaxc__to_inexact(jaxc__node_of(x)), jaxc_x64());
  if (jaxc_dtype_kind(f) == JAXC_KIND_COMPLEX)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "%s does not support complex-valued inputs", fn);
  jaxc_array *r = jaxc_astype(x, f);
  if (r) r->weak = x->weak;
  return r;
}
/* m holds x in its float dtype: split each element in place, exponents to e */
typedef struct { jaxc_array *m; int32_t *e; } jaxc__frexp_job;
static void jaxc__frexp_block(const void *jp, int64_t lo, int64_t hi) {
  jaxc_array *m = ((const jaxc__frexp_job *)jp)->m;
  int32_t *e = ((const jaxc__frexp_job *)jp)->e;
  double d[JAXC__CHUNK];
  size_t es = jaxc_dtype_size(m->dtype);
  char *p = (char *)m->data;
  for (int64_t b = lo; b < hi; b += JAXC__CHUNK) {
    size_t n = (size_t)(hi - b < JAXC__CHUNK ? hi - b : JAXC__CHUNK);
    jaxc_kernel_cast_dyn(m->dtype, JAXC_F64, n, p + (size_t)b * es, d);
    for (size_t i = 0; i < n; i++) {
      int k;
      d[i] = jaxc__frexp_d(d[i], &k);
      e[(size_t)b + i] = k;
    }
    jaxc_kernel_cast_dyn(JAXC_F64, m->dtype, n, d, p + (size_t)b * es); /* (exact: a power of 2 off x) */
  }
}
JAXC_API int jaxc_frexp(const jaxc_array *x, jaxc_array **mantissa, jaxc_array **exponent) {
  if (!mantissa || !exponent) return (jaxc__fail(JAXC_ERR_ARG, "frexp: an output pointer is NULL"), JAXC_ERR_ARG);
  *mantissa = *exponent = NULL;
  jaxc_array *m = jaxc__inexact_copy("frexp", x);
  jaxc_array *e = m ? jaxc__new_array(JAXC_I32, false, m->ndim, m->shape) : NULL;
  if (!e) return jaxc_array_free(m), (int)jaxc_last_status();
  m->weak = false; /* (jnp: where(cond, x, bitcast): the bitcast is strong) */
  jaxc__frexp_job J = {m, (int32_t *)e->data};
  jaxc__range_run(&J, jaxc__frexp_block, m->size, jaxc_dtype_size(m->dtype) * 2 + 4);
  *mantissa = m, *exponent = e;
  jaxc__ok();
  return JAXC_OK;
}
JAXC_API int jaxc_modf(const jaxc_array *x, jaxc_array **fractional, jaxc_array **integral) {
  if (!fractional || !integral) return (jaxc__fail(JAXC_ERR_ARG, "modf: an output pointer is NULL"), JAXC_ERR_ARG);
  *fractional = *integral = NULL;
  jaxc_array *f = jaxc__inexact_copy("modf", x);
  jaxc_array *whole = f ? jaxc_unary(JAXC_OP_TRUNC, f) : NULL; /* (C's trunc is where(x >= 0, floor, ceil)) */
  jaxc_array *frac = whole ? jaxc_binary(JAXC_OP_SUBTRACT, f, whole) : NULL;
  jaxc_array_free(f);
  if (!frac) return jaxc_array_free(whole), (int)jaxc_last_status();
  *fractional = frac, *integral = whole;
  return JAXC_OK;
}
JAXC_API int jaxc_divmod(const jaxc_array *x1, const jaxc_array *x2, jaxc_array **quotient, jaxc_array **remainder) {
  if (!quotient || !remainder) return (jaxc__fail(JAXC_ERR_ARG, "divmod: an output pointer is NULL"), JAXC_ERR_ARG);
  *quotient = *remainder = NULL;
  jaxc_array *q = jaxc_binary(JAXC_OP_FLOOR_DIVIDE, x1, x2), *r = q ? jaxc_binary(JAXC_OP_REMAINDER, x1, x2) : NULL;
  if (!r) return jaxc_array_free(q), (int)jaxc_last_status();
  *quotient = q, *remainder = r;
  return JAXC_OK;
}
JAXC_API jaxc_array *jaxc_clip(const jaxc_array *x, const jaxc_array *min, const jaxc_array *max) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "No input was provided to the clip function.");
  const jaxc_array *in[3] = {x, min, max};
  for (int i = 0; i < 3; i++)
    if (in[i] && jaxc_dtype_kind(in[i]->dtype) == JAXC_KIND_COMPLEX)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE,
                                      "Clip received a complex value either through the input or the min/max keywords. "
                                      "Complex values have no ordering and cannot be clipped. Please convert to a real "
                                      "value or array by taking the real or imaginary components via jax.numpy.real/imag "
                                      "respectively.");
  jaxc_array *lo = min ? jaxc_binary(JAXC_OP_MAXIMUM, min, x) : NULL;
  if (min && !lo) return NULL;
  jaxc_array *r = max ? jaxc_binary(JAXC_OP_MINIMUM, max, lo ? lo : x) : lo ? lo : jaxc_astype(x, x->dtype);
  if (r != lo) jaxc_array_free(lo);
  if (r && !min && !max) r->weak = x->weak; /* (asarray keeps the weak flag) */
  return r;
}
JAXC_API jaxc_array *jaxc_angle(const jaxc_array *z, bool deg) {
  if (!z) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "angle: the array is NULL");
  jaxc_array *re = jaxc_real(z), *im = re ? jaxc_imag(z) : NULL, *r = NULL;
  jaxc_kind k = jaxc_dtype_kind(z->dtype);
  if (im && (k == JAXC_KIND_BOOL || k == JAXC_KIND_INT || k == JAXC_KIND_UINT || (k == JAXC_KIND_FLOAT && z->ndim == 0))) {
    jaxc_dtype f = jaxc_storage_dtype(JAXC_F64, jaxc_x64()); /* (convert_element_type: strong) */
    jaxc_array *re_f = jaxc_astype(re, f), *im_f = re_f ? jaxc_astype(im, f) : NULL;
    jaxc_array_free(re), jaxc_array_free(im);
    re = re_f, im = im_f;
  }
  if (im) r = jaxc_arctan2(im, re);
  jaxc_array_free(re), jaxc_array_free(im);
  if (!r || !deg) return r;
  jaxc_array *d = jaxc_rad2deg(r);
  jaxc_array_free(r);
  return d;
}

/* nan_to_num over one chunk: the float parts' bit patterns (a complex element is two), NaN
   replaced first, then +inf, then -inf, as JAX's three wheres do (nan = inf gives posinf) */
typedef struct jaxc__nan_to_num_job {
  jaxc__job job; /* first: the chunk function is given &job */
  uint64_t abs_mask, inf, with[3]; /* the part's |x| mask and +inf; the values for NaN, +inf, -inf */
} jaxc__nan_to_num_job;
#define JAXC__NAN_TO_NUM_LOOP(UT)                                                                   \
  static void jaxc__nan_to_num_##UT(const jaxc__nan_to_num_job *j, size_t n, const UT *x, UT *y) {  \
    const UT mask = (UT)j->abs_mask, inf = (UT)j->inf, ninf = (UT)(inf | (UT)~mask);               \
    const UT v_nan = (UT)j->with[0], v_pos = (UT)j->with[1], v_neg = (UT)j->with[2];               \
    JAXC__SIMD for (size_t i = 0; i < n; i++) {                                                    \
      UT b = x[i];                                                                                 \
      b = (UT)(b & mask) > inf ? v_nan : b;                                                        \
      b = b == inf ? v_pos : b;                                                                    \
      y[i] = b == ninf ? v_neg : b;                                                                \
    }                                                                                              \
  }
JAXC__NAN_TO_NUM_LOOP(uint16_t)
JAXC__NAN_TO_NUM_LOOP(uint32_t)
JAXC__NAN_TO_NUM_LOOP(uint64_t)
static void jaxc__chunk_nan_to_num(const jaxc__job *job, size_t n, const void *const *in, unsigned mask, void *out) {
  (void)mask; /* (x is the only operand and the output has its shape: a broadcast x is one element, n = 1) */
  const jaxc__nan_to_num_job *j = (const jaxc__nan_to_num_job *)job;
  size_t per = jaxc_dtype_kind(job->to[0]) == JAXC_KIND_COMPLEX ? 2 : 1, parts = n * per;
  switch (job->out_size / per) {
  case 2: jaxc__nan_to_num_uint16_t(j, parts, (const uint16_t *)in[0], (uint16_t *)out); break;
  case 4: jaxc__nan_to_num_uint32_t(j, parts, (const uint32_t *)in[0], (uint32_t *)out); break;
  default: jaxc__nan_to_num_uint64_t(j, parts, (const uint64_t *)in[0], (uint64_t *)out); break;
  }
}
/* v converted to the float dtype f (as asarray(v, f) or lax.convert_element_type of a Python
   float), as its bit pattern; and a pattern of f back to a double */
static uint64_t jaxc__float_bits(jaxc_dtype f, double v) {
  union { uint64_t d; uint32_t s; uint16_t h; } u = {0};
  jaxc_kernel_cast_dyn(JAXC_F64, f, 1, &v, &u);
  size_t w = jaxc_dtype_size(f);
  return w == 2 ? u.h : w == 4 ? u.s : u.d;
}
static double jaxc__from_bits(jaxc_dtype f, uint64_t bits) {
  union { uint64_t d; uint32_t s; uint16_t h; } u = {0};
  size_t w = jaxc_dtype_size(f);
  if (w == 2) u.h = (uint16_t)bits;
  else if (w == 4) u.s = (uint32_t)bits;
  else u.d = bits;
  double v = 0; /* (the cast fills it; gcc -O3 cannot always see that) */
  jaxc_kernel_cast_dyn(f, JAXC_F64, 1, &u, &v);
  return v;
}
/* v rounded to f and back; finfo(f).max */
static double jaxc__round_to(jaxc_dtype f, double v) { return jaxc__from_bits(f, jaxc__float_bits(f, v)); }
static double jaxc__finfo_max(jaxc_dtype f) {
  jaxc_float_info fi;
  return jaxc_finfo(f, &fi) ? fi.max : 0;
}
JAXC_API jaxc_array *jaxc_nan_to_num(const jaxc_array *x, double nan, const double *posinf, const double *neginf) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "nan_to_num: the array is NULL");
  jaxc_kind k = jaxc_dtype_kind(x->dtype);
  if (k != JAXC_KIND_FLOAT && k != JAXC_KIND_COMPLEX) {
    jaxc_array *r = jaxc_astype(x, x->dtype);
    if (r) r->weak = x->weak; /* (JAX returns x itself) */
    return r;
  }
  jaxc_dtype part = jaxc__real_dtype(x->dtype);
  jaxc__nan_to_num_job j;
  j.abs_mask = (~0ull >> (64 - 8 * jaxc_dtype_size(part))) >> 1;
  j.inf = jaxc__float_bits(part, INFINITY);
  j.with[0] = jaxc__float_bits(part, nan);
  j.with[1] = jaxc__float_bits(part, posinf ? *posinf : jaxc__finfo_max(part));
  j.with[2] = jaxc__float_bits(part, neginf ? *neginf : -jaxc__finfo_max(part)); /* (finfo.min) */
  jaxc_array *out = jaxc__new_array(x->dtype, false, x->ndim, x->shape);
  if (!out) return NULL;
  jaxc__job_init(&j.job, 1, &x, &x->dtype, out, jaxc__chunk_nan_to_num);
  jaxc__run(&j.job);
  return jaxc__checked("select_n", out, x, NULL);
}
/* isclose over one chunk, the lax ops' roundings in order: a - b, rtol |b|, atol + that, in the
   compute type T (float for the 16-bit floats, loaded from their storage ST), R rounding a float
   back to bfloat16/float16 (the identity otherwise), as XLA:CPU computes them; complex: the
   parts, |z| by the kernels' own abs */
typedef struct jaxc__isclose_job {
  jaxc__job job; /* first: the chunk function is given &job */
  jaxc_dtype dtype; /* the promoted inexact dtype */
  double rtol, atol;
  bool equal_nan;
} jaxc__isclose_job;
static float jaxc__round_f16(float x) { return jaxc_f16_to_f32(jaxc_f32_to_f16(x)); }
static float jaxc__round_bf16(float x) { return jaxc_bf16_to_f32(jaxc_f32_to_bf16(x)); }
static float jaxc__round_f32(float x) { return x; }
static double jaxc__round_f64(double x) { return x; }
#define JAXC__ISCLOSE_REAL(ST, T, R, LOAD)                                                               \
  static void jaxc__isclose_##R(const jaxc__isclose_job *j, size_t n, const ST *a, size_t sa, const ST *b, size_t sb, \
                                bool *out) {                                                             \
    const T rtol = (T)j->rtol, atol = (T)j->atol;                                                         \
    const bool equal_nan = j->equal_nan;                                                                  \
    for (size_t i = 0; i < n; i++) {                                                                      \
      T x = LOAD(a[i * sa]), y = LOAD(b[i * sb]), d = jaxc__round_##R(x - y);                            \
      T tol = jaxc__round_##R(atol + jaxc__round_##R(rtol * (y < 0 ? -y : y)));                          \
      bool close = (x == y) | ((y - y == 0) & ((d < 0 ? -d : d) <= tol)); /* (y - y == 0: y finite) */ \
      out[i] = close | (equal_nan & (x != x) & (y != y));                                                 \
    }                                                                                                     \
  }
#define JAXC__ISCLOSE_SAME(x) (x)
JAXC__ISCLOSE_REAL(jaxc_f16, float, f16, jaxc_f16_to_f32)
JAXC__ISCLOSE_REAL(jaxc_bf16, float, bf16, jaxc_bf16_to_f32)
JAXC__ISCLOSE_REAL(float, float, f32, JAXC__ISCLOSE_SAME)
JAXC__ISCLOSE_REAL(double, double, f64, JAXC__ISCLOSE_SAME)
#define JAXC__ISCLOSE_COMPLEX(CT, T)                                                                      \
  static void jaxc__isclose_##CT(const jaxc__isclose_job *j, size_t n, const CT *a, size_t sa, const CT *b, size_t sb, \
                                 bool *out) {                                                             \
    const T rtol = (T)j->rtol, atol = (T)j->atol;                                                         \
    for (size_t i = 0; i < n; i++) {                                                                      \
      T xr = jaxc__re_##CT(a[i * sa]), xi = jaxc__im_##CT(a[i * sa]);                                      \
      T yr = jaxc__re_##CT(b[i * sb]), yi = jaxc__im_##CT(b[i * sb]);                                      \
      T d = jaxc__m_abs_##CT(jaxc__mk_##CT(xr - yr, xi - yi)), tol = atol + rtol * jaxc__m_abs_##CT(b[i * sb]); \
      bool close = (xr == yr && xi == yi) | ((yr - yr == 0) & (yi - yi == 0) & (d <= tol));             \
      out[i] = close | (j->equal_nan & (xr != xr || xi != xi) & (yr != yr || yi != yi));                   \
    }                                                                                                     \
  }
JAXC__ISCLOSE_COMPLEX(jaxc_c64, float)
JAXC__ISCLOSE_COMPLEX(jaxc_c128, double)
static void jaxc__chunk_isclose(const jaxc__job *job, size_t n, const void *const *in, unsigned mask, void *out) {
  const jaxc__isclose_job *j = (const jaxc__isclose_job *)job;
  size_t sa = (mask & 1u) ? 0 : 1, sb = (mask & 2u) ? 0 : 1;
  switch (j->dtype) {
  case JAXC_F16: jaxc__isclose_f16(j, n, (const jaxc_f16 *)in[0], sa, (const jaxc_f16 *)in[1], sb, (bool *)out); break;
  case JAXC_BF16: jaxc__isclose_bf16(j, n, (const jaxc_bf16 *)in[0], sa, (const jaxc_bf16 *)in[1], sb, (bool *)out); break;
  case JAXC_F32: jaxc__isclose_f32(j, n, (const float *)in[0], sa, (const float *)in[1], sb, (bool *)out); break;
  case JAXC_F64: jaxc__isclose_f64(j, n, (const double *)in[0], sa, (const double *)in[1], sb, (bool *)out); break;
  case JAXC_C64: jaxc__isclose_jaxc_c64(j, n, (const jaxc_c64 *)in[0], sa, (const jaxc_c64 *)in[1], sb, (bool *)out); break;
  default: jaxc__isclose_jaxc_c128(j, n, (const jaxc_c128 *)in[0], sa, (const jaxc_c128 *)in[1], sb, (bool *)out); break;
  }
}
JAXC_API jaxc_array *jaxc_isclose(const jaxc_array *a, const jaxc_array *b, double rtol, double atol, bool equal_nan) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "isclose: an operand is NULL");
  bool x64 = jaxc_x64();
  jaxc_dtype node = jaxc__join2(a, b);
  if (node == JAXC_DTYPE_INVALID) return NULL;
  jaxc__isclose_job j;
  j.dtype = jaxc_storage_dtype(jaxc__to_inexact(node), x64);
  jaxc_dtype part = jaxc__real_dtype(j.dtype);
  j.rtol = jaxc__round_to(part, rtol), j.atol = jaxc__round_to(part, atol), j.equal_nan = equal_nan;
  const jaxc_array *in[2] = {a, b};
  int nd;
  int64_t shape[JAXC_MAX_NDIM];
  if (!jaxc__broadcast_shapes("isclose", 2, in, &nd, shape)) return NULL;
  jaxc_array *out = jaxc__new_array(JAXC_BOOL, false, nd, shape);
  if (!out) return NULL;
  const jaxc_dtype to[2] = {j.dtype, j.dtype};
  jaxc__job_init(&j.job, 2, in, to, out, jaxc__chunk_isclose);
  jaxc__run(&j.job);
  jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_allclose(const jaxc_array *a, const jaxc_array *b, double rtol, double atol, bool equal_nan) {
  jaxc_array *c = jaxc_isclose(a, b, rtol, atol, equal_nan);
  jaxc_array *r = c ? jaxc_reduce(JAXC_OP_ALL, c, JAXC_ALL_AXES) : NULL;
  jaxc_array_free(c);
  return r;
}
/* 10^d as Python makes it: the exact int 10**d converted to the nearest double (strtod of "1e<d>"
   rounds correctly), or pow for d < 0 (a float power); d <= 308 here */
static double jaxc__pow10(int d) {
  if (d < 0) return pow(10.0, (double)d);
  char digits[4], s[8] = "1e";
  int n = 0;
  do digits[n++] = (char)('0' + d % 10); while ((d /= 10) && n < 4);
  for (int i = 0; i < n; i++) s[2 + i] = digits[n - 1 - i];
  s[2 + n] = 0;
  return strtod(s, NULL);
}
/* jnp.round's _round_float on a real array */
static jaxc_array *jaxc__round_float(const jaxc_array *x, int decimals) {
  bool f16 = x->dtype == JAXC_F16;
  jaxc_array *x32 = f16 ? jaxc_astype(x, JAXC_F32) : NULL, *f = NULL, *m = NULL, *r = NULL, *q = NULL;
  const jaxc_array *in = f16 ? x32 : x;
  if (in) f = jaxc_scalar(in->dtype, jaxc__pow10(decimals), 0); /* (lax._const: strong) */
  if (f) m = jaxc_multiply(in, f);
  if (m) r = jaxc_round(m);
  if (r) q = jaxc_true_divide(r, f);
  jaxc_array_free(x32), jaxc_array_free(f), jaxc_array_free(m), jaxc_array_free(r);
  if (!q || !f16) return q;
  jaxc_array *h = jaxc_astype(q, JAXC_F16);
  jaxc_array_free(q);
  return h;
}
/* a complex array of dtype c from its parts (lax.complex) */
static jaxc_array *jaxc__complex_from(jaxc_dtype c, const jaxc_array *re, const jaxc_array *im) {
  jaxc_array *z = jaxc__new_array(c, false, re->ndim, re->shape);
  if (!z) return NULL;
  size_t w = jaxc_dtype_size(re->dtype);
  for (int64_t i = 0; i < re->size; i++) {
    memcpy((char *)z->data + (size_t)i * 2 * w, (const char *)re->data + (size_t)i * w, w);
    memcpy((char *)z->data + ((size_t)i * 2 + 1) * w, (const char *)im->data + (size_t)i * w, w);
  }
  return z;
}
JAXC_API jaxc_array *jaxc_round_decimals(const jaxc_array *x, int decimals) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "round: the array is NULL");
  jaxc_kind k = jaxc_dtype_kind(x->dtype);
  if (k == JAXC_KIND_BOOL) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "data type <class 'numpy.bool'> not inexact");
  if ((k == JAXC_KIND_INT || k == JAXC_KIND_UINT) && decimals < 0)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "integer np.round not implemented for decimals < 0");
  /* (log10 of finfo.max: 4.8 for float16, 38.5 for bfloat16 and float32, 308.3 for float64) */
  if (k == JAXC_KIND_INT || k == JAXC_KIND_UINT || decimals > log10(jaxc__finfo_max(jaxc__real_dtype(x->dtype)))) {
    jaxc_array *r = jaxc_astype(x, x->dtype);
    if (r) r->weak = x->weak; /* (lax.asarray) */
    return r;
  }
  if (decimals == 0) return jaxc_round(x);
  if (k != JAXC_KIND_COMPLEX) return jaxc__round_float(x, decimals);
  jaxc_array *re = jaxc_real(x), *im = re ? jaxc_imag(x) : NULL;
  jaxc_array *rr = im ? jaxc__round_float(re, decimals) : NULL, *ri = rr ? jaxc__round_float(im, decimals) : NULL;
  jaxc_array *z = ri ? jaxc__complex_from(x->dtype, rr, ri) : NULL;
  jaxc_array_free(re), jaxc_array_free(im), jaxc_array_free(rr), jaxc_array_free(ri);
  return z;
}
#define JAXC__COUNT_BIN(OP, name, ar, rule, grp, out, lax) +(JAXC_ARITY_##ar == JAXC_ARITY_BIN)
#ifdef JAXC__NUM_GENERIC_BIN
JAXC_STATIC_ASSERT(JAXC__NUM_GENERIC_BIN == 0 JAXC_OPS(JAXC__COUNT_BIN), "every binary op of JAXC_OPS has a _Generic macro");
#endif

/* --- operands --------------------------------------------------------------------------------- */
JAXC_API jaxc_operand jaxc__opnd_array(const jaxc_array *a) { jaxc_operand o = {a, 0, 0, 0, 0, 0}; return o; }
JAXC_API jaxc_operand jaxc__opnd_int(long long v) { jaxc_operand o = {NULL, 1, (int64_t)v, 0, 0, 0}; return o; }
JAXC_API jaxc_operand jaxc__opnd_uint(unsigned long long v) {
  jaxc_operand o = {NULL, v > (unsigned long long)INT64_MAX ? 5 : 1, (int64_t)(v & (unsigned long long)INT64_MAX), (uint64_t)v, 0, 0};
  return o;
}
JAXC_API jaxc_operand jaxc__opnd_float(double v) { jaxc_operand o = {NULL, 2, 0, 0, v, 0}; return o; }
JAXC_API jaxc_operand jaxc__opnd_bool(bool v) { jaxc_operand o = {NULL, 4, v, 0, 0, 0}; return o; }
#if JAXC__HAS_C_COMPLEX
JAXC_API jaxc_operand jaxc__opnd_complex(double _Complex v) {
  jaxc_operand o = {NULL, 3, 0, 0, jaxc__re_jaxc_c128(v), jaxc__im_jaxc_c128(v)};
  return o;
}
#endif

/* A scalar operand as a 0-d array in caller storage (no allocation). */
static bool jaxc__operand_array(const jaxc_operand *o, jaxc_array *st, unsigned char *buf) {
  bool x64 = jaxc_x64();
  switch (o->kind) {
  case 1: {
    if (!x64 && (o->i < INT32_MIN || o->i > INT32_MAX)) {
      jaxc__fail(JAXC_ERR_OVERFLOW, "Python int %lld too large to convert to int32", (long long)o->i);
      return false;
    }
    jaxc_dtype d = x64 ? JAXC_I64 : JAXC_I32;
    jaxc_kernel_cast_dyn(JAXC_I64, d, 1, &o->i, buf);
    jaxc_array_wrap(st, d, 0, NULL, buf);
    st->weak = true;
    return true;
  }
  case 5:
    jaxc__fail(JAXC_ERR_OVERFLOW, "Python int %llu too large to convert to int64", (unsigned long long)o->u);
    return false;
  case 2: case 3: {
    jaxc_dtype d = jaxc_storage_dtype(o->kind == 2 ? JAXC_WEAK_FLOAT : JAXC_WEAK_COMPLEX, x64);
    jaxc_c128 v = jaxc__c128_make(o->re, o->im);
    jaxc_kernel_cast_dyn(JAXC_C128, d, 1, &v, buf);
    jaxc_array_wrap(st, d, 0, NULL, buf);
    st->weak = true;
    return true;
  }
  case 4:
    buf[0] = o->i != 0;
    jaxc_array_wrap(st, JAXC_BOOL, 0, NULL, buf);
    return true;
  default:
    return false;
  }
}

/* The array an operand stands for: its own (NULL stays NULL: the op reports it), or the C
   scalar as a weak 0-d array in st/buf; false + status when the scalar cannot be one. */
static bool jaxc__operand_resolve(const jaxc_operand *o, jaxc_array *st, unsigned char *buf, const jaxc_array **out) {
  *out = o->array;
  if (!o->kind) return true;
  *out = st;
  return jaxc__operand_array(o, st, buf);
}

/* A weak int must fit the integer dtype it is converted to (JAX raises OverflowError). */
static bool jaxc__int_fits(int64_t v, jaxc_dtype d) {
  switch (d) {
  case JAXC_U8: return v >= 0 && v <= UINT8_MAX;
  case JAXC_U16: return v >= 0 && v <= UINT16_MAX;
  case JAXC_U32: return v >= 0 && v <= (int64_t)UINT32_MAX;
  case JAXC_U64: return v >= 0;
  case JAXC_I8: return v >= INT8_MIN && v <= INT8_MAX;
  case JAXC_I16: return v >= INT16_MIN && v <= INT16_MAX;
  case JAXC_I32: return v >= INT32_MIN && v <= INT32_MAX;
  default: return true;
  }
}

JAXC_API jaxc_array *jaxc_binary_operands(jaxc_op op, jaxc_operand a, jaxc_operand b) {
  jaxc_array sa, sb;
  _Alignas(16) unsigned char ba[16], bb[16];
  const jaxc_array *pa, *pb;
  if (!jaxc__operand_resolve(&a, &sa, ba, &pa) || !jaxc__operand_resolve(&b, &sb, bb, &pb)) return NULL;
  if (pa && pb && (a.kind == 1 || b.kind == 1)) {
    jaxc__plan p;
    if (!jaxc__plan_binary(op, pa, pb, &p)) return NULL;
    const jaxc_operand *s = a.kind == 1 ? &a : &b;
    if (!jaxc__int_fits(s->i, p.compute))
      return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "Python int %lld too large to convert to %s", (long long)s->i,
                                      jaxc_dtype_name(p.compute));
  }
  return jaxc_binary(op, pa, pb);
}
/* >>reduce >>index (implementation) ---------------------------------------- */
#ifndef JAXC_REDUCE_PAR_BYTES
#  define JAXC_REDUCE_PAR_BYTES ((size_t)4 << 20) /* input bytes above which reductions use threads */
#endif

static jaxc_dtype jaxc__default_int(void) { return jaxc_x64() ? JAXC_I64 : JAXC_I32; }
/* part t of nt near-equal parts of [0, n): [*lo, *hi) (empty past the end) */
static void jaxc__thread_part(int64_t n, int t, int nt, int64_t *lo, int64_t *hi) {
  int64_t per = (n + nt - 1) / nt;
  *lo = t * per < n ? t * per : n, *hi = *lo + per < n ? *lo + per : n;
}


/* axis in [-ndim, ndim) -> [0, ndim); numpy's AxisError wording, which JAX repeats. */
static bool jaxc__canon_axis(int axis, int ndim, int *out) {
  if (axis < -ndim || axis >= ndim) {
    jaxc__fail(JAXC_ERR_ARG, "axis %d is out of bounds for array of dimension %d", axis, ndim);
    return false;
  }
  *out = axis < 0 ? axis + ndim : axis;
  return true;
}

/* --- per-dtype lane kernels -------------------------------------------------------------------
   A lane is n elements at p, p + s, p + 2s, ... (s in elements). Results go to a jaxc__acc. */
typedef struct jaxc__acc {
  uint64_t u;      /* integer sums and products, wrapping */
  double re, im;   /* float sums (double), products, squared deviations */
  int64_t idx;     /* arg-extremes: position in the lane */
  bool flag;       /* any/all; nanarg*: some value was not NaN */
} jaxc__acc;
typedef void (*jaxc__lane_fn)(const void *p, int64_t n, int64_t s, const jaxc__acc *center, int mode, jaxc__acc *out);

/* Values as doubles, by kind (complex: real and imaginary part). */
#define JAXC__RV_RE_KB(T, LD, x) ((double)(x))
#define JAXC__RV_RE_KU JAXC__RV_RE_KB
#define JAXC__RV_RE_KI JAXC__RV_RE_KB
#define JAXC__RV_RE_KF(T, LD, x) ((double)LD(x))
#define JAXC__RV_RE_KC(T, LD, x) ((double)jaxc__re_##T(x))
#define JAXC__RV_IM_KB(T, LD, x) 0.0
#define JAXC__RV_IM_KU JAXC__RV_IM_KB
#define JAXC__RV_IM_KI JAXC__RV_IM_KB
#define JAXC__RV_IM_KF JAXC__RV_IM_KB
#define JAXC__RV_IM_KC(T, LD, x) ((double)jaxc__im_##T(x))
#define JAXC__IS_CPX_KB 0
#define JAXC__IS_CPX_KU 0
#define JAXC__IS_CPX_KI 0
#define JAXC__IS_CPX_KF 0
#define JAXC__IS_CPX_KC 1
/* Whether a compute-type value is NaN (a complex one when either part is), and the sum's or the
   product's identity, for the nan reductions (bool and integers hold no NaN). */
#define JAXC__CT_NAN_KB(T, v) 0
#define JAXC__CT_NAN_KU JAXC__CT_NAN_KB
#define JAXC__CT_NAN_KI JAXC__CT_NAN_KB
#define JAXC__CT_NAN_KF(T, v) ((v) != (v))
#define JAXC__CT_NAN_KC(T, v) (jaxc__re_##T(v) != jaxc__re_##T(v) || jaxc__im_##T(v) != jaxc__im_##T(v))
#define JAXC__CT_UNIT_KB(T, CT, prod) ((CT)(prod))
#define JAXC__CT_UNIT_KU JAXC__CT_UNIT_KB
#define JAXC__CT_UNIT_KI JAXC__CT_UNIT_KB
#define JAXC__CT_UNIT_KF JAXC__CT_UNIT_KB
#define JAXC__CT_UNIT_KC(T, CT, prod) jaxc__mk_##T((prod) ? 1 : 0, 0)
enum { JAXC__CUM_PROD = 1, JAXC__CUM_NAN = 2 }; /* the cumulative kernels' mode bits */

/* Pairwise sums in double: leaves of <= 128 elements with 8 accumulators (vectorised), halves
   above. VAL(E, x) is the summand; cre/cim the centre for squared deviations. */
#define JAXC__PW_LEAF 128
#define JAXC__DEF_PW(E, sfx, T, VAL)                                                                 \
  static double jaxc__pw_##sfx##_##E(const T *x, int64_t n, int64_t s, double cre, double cim) {     \
    (void)cre; (void)cim;                                                                            \
    if (n > JAXC__PW_LEAF) {                                                                         \
      int64_t h = (n / 2) & ~(int64_t)7;                                                             \
      return jaxc__pw_##sfx##_##E(x, h, s, cre, cim) + jaxc__pw_##sfx##_##E(x + h * s, n - h, s, cre, cim); \
    }                                                                                                \
    double a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;                            \
    int64_t i = 0;                                                                                   \
    if (s == 1) {                                                                                    \
      for (; i + 8 <= n; i += 8) {                                                                   \
        a0 += VAL(E, x[i]); a1 += VAL(E, x[i + 1]); a2 += VAL(E, x[i + 2]); a3 += VAL(E, x[i + 3]);  \
        a4 += VAL(E, x[i + 4]); a5 += VAL(E, x[i + 5]); a6 += VAL(E, x[i + 6]); a7 += VAL(E, x[i + 7]); \
      }                                                                                              \
    } else { /* the same accumulators over a strided lane: 8 adds in flight, and the same sum */     \
      for (; i + 8 <= n; i += 8) {                                                                   \
        a0 += VAL(E, x[i * s]); a1 += VAL(E, x[(i + 1) * s]); a2 += VAL(E, x[(i + 2) * s]);         \
        a3 += VAL(E, x[(i + 3) * s]); a4 += VAL(E, x[(i + 4) * s]); a5 += VAL(E, x[(i + 5) * s]);   \
        a6 += VAL(E, x[(i + 6) * s]); a7 += VAL(E, x[(i + 7) * s]);                                  \
      }                                                                                              \
    }                                                                                                \
    for (; i < n; i++) a0 += VAL(E, x[i * s]);                                                       \
    return ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7));                                        \
  }

#define JAXC__LANES_ROW(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_ALL_##K(JAXC__LANES_DEF(E, T, CT, K, LD))
#define JAXC__LANES_DEF(E, T, CT, K, LD)                                                             \
  JAXC__PW_VALS(E, T, K, LD)                                                                         \
  /* mode 0: sum (re, im); mode 2: sum of |x - center|^2 into re */                                  \
  static void jaxc__lane_fsum_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    if (mode == 2) {                                                                                 \
      o->re = jaxc__pw_sq_##E(x, n, s, c->re, c->im);                                                \
      o->im = 0;                                                                                     \
    } else {                                                                                         \
      o->re = jaxc__pw_re_##E(x, n, s, 0, 0);                                                        \
      o->im = JAXC__IS_CPX_##K ? jaxc__pw_im_##E(x, n, s, 0, 0) : 0.0;                               \
    }                                                                                                \
  }                                                                                                  \
  /* any (mode 0) / all (mode 1); complex values count by their real part, as in jnp.any */          \
  static void jaxc__lane_truth_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    bool want = mode == 0;                                                                           \
    for (int64_t i = 0; i < n; i++)                                                                  \
      if ((JAXC__RV_RE_##K(T, LD, x[i * s]) != 0) == want) { o->flag = want; return; }               \
    o->flag = !want;                                                                                 \
  }                                                                                                  \
  JAXC__LANE_INT_##K(E, T)                                                                           \
  JAXC__LANE_FPROD_##K(E, T, CT, LD)                                                                 \
  JAXC__LANE_NAN_##K(E, T)                                                                           \
  JAXC__LANE_EXT_##K(E, T)                                                                           \
  JAXC__LANE_ARG_##K(E, T, CT, LD)                                                                   \
  /* A left-to-right running sum/product, each partial rounded to the dtype. Exact for the        \
     integers. For floats it is NOT XLA:CPU's order: jax lowers cumsum/cumprod to a reduce_window  \
     whose window is the whole axis, and XLA's ReduceWindowRewriter (base length 16 on CPU) turns  \
     axes longer than 16 into a blocked two-level scan; its reducers also carry LLVM's `reassoc`   \
     flag, so the association inside a window is LLVM's to choose. Float partials can therefore    \
     differ from JAX's in the last bits (see README, "Cumulative sums and products"). */          \
  /* mode: JAXC__CUM_PROD, JAXC__CUM_NAN (a NaN counts as the identity: nancumsum, nancumprod) */ \
  static void jaxc__cum_##E(const void *src, void *dst, int64_t n, int64_t s, int mode) {            \
    const T *x = (const T *)src;                                                                     \
    T *y = (T *)dst;                                                                                 \
    bool prod = (mode & JAXC__CUM_PROD) != 0, skip = (mode & JAXC__CUM_NAN) != 0;                    \
    CT acc = LD(x[0]);                                                                               \
    y[0] = x[0];                                                                                     \
    if (skip && JAXC__CT_NAN_##K(T, acc)) y[0] = jaxc__st_##E(acc = JAXC__CT_UNIT_##K(T, CT, prod)); \
    for (int64_t i = 1; i < n; i++) {                                                                \
      CT v = LD(x[i * s]);                                                                           \
      if (skip && JAXC__CT_NAN_##K(T, v)) v = JAXC__CT_UNIT_##K(T, CT, prod); /* -0 + 0 is +0 */   \
      acc = prod ? jaxc__f_multiply_##E(acc, v) : jaxc__f_add_##E(acc, v);                           \
      y[i * s] = jaxc__st_##E(acc);                                                                  \
      acc = LD(y[i * s]); /* each partial rounded to the dtype */                                    \
    }                                                                                                \
  }

#define JAXC__PW_VALS(E, T, K, LD)                                                                   \
  JAXC__DEF_PW(E, re, T, JAXC__PWV_RE)                                                               \
  JAXC__DEF_PW(E, im, T, JAXC__PWV_IM)                                                               \
  JAXC__DEF_PW(E, sq, T, JAXC__PWV_SQ)
/* The summands by name: the real part, the imaginary part, the squared deviation; and for the nan
   reductions the same with NaN values (a complex one when either part is) as 0, and 1 for each
   value that is not NaN (the count). */
#define JAXC__PWV_RE(E, x) JAXC__PWV_RE_##E(x)
#define JAXC__PWV_IM(E, x) JAXC__PWV_IM_##E(x)
#define JAXC__PWV_SQ(E, x) JAXC__PWV_SQ_##E(x)
#define JAXC__PWV_NRE(E, x) jaxc__dmask(JAXC__PWV_RE_##E(x), jaxc__notnan_##E(x))
#define JAXC__PWV_NIM(E, x) jaxc__dmask(JAXC__PWV_IM_##E(x), jaxc__notnan_##E(x))
#define JAXC__PWV_NSQ(E, x) jaxc__dmask(JAXC__PWV_SQ_##E(x), jaxc__notnan_##E(x))
#define JAXC__PWV_NCNT(E, x) jaxc__dmask(1.0, jaxc__notnan_##E(x))
/* The NaN test and the masking in integers: a float compare with a select is not if-converted
   (so not vectorised) under the default -ftrapping-math, and branches on random NaNs mispredict.
   X(E, bits type, bits of +inf, parts): a value is NaN when a part's bits, sign cleared, exceed
   +inf's. */
#define JAXC__NAN_BITS(X)                                                                            \
  X(BF16, uint16_t, 0x7f80u, 1) X(F16, uint16_t, 0x7c00u, 1) X(F32, uint32_t, 0x7f800000u, 1)      \
  X(F64, uint64_t, 0x7ff0000000000000u, 1) X(C64, uint32_t, 0x7f800000u, 2) X(C128, uint64_t, 0x7ff0000000000000u, 2)
#define JAXC__NOTNAN_DEF(E, U, INF, PARTS)                                                          \
  typedef U jaxc__bits_##E;                                                                          \
  static inline uint64_t jaxc__notnan_##E(jaxc__T_##E x) {                                           \
    U b[PARTS];                                                                                      \
    uint64_t ok = 1;                                                                                 \
    memcpy(b, &x, sizeof b);                                                                         \
    for (int k = 0; k < PARTS; k++) ok &= (U)(b[k] & (U)((U)~(U)0 >> 1)) <= (U)INF;                  \
    return ok;                                                                                       \
  }
JAXC__NAN_BITS(JAXC__NOTNAN_DEF)
/* v where ok is 1, +0.0 where it is 0 */
static inline double jaxc__dmask(double v, uint64_t ok) {
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  b &= (uint64_t)0 - ok;
  memcpy(&v, &b, sizeof v);
  return v;
}
/* The summands, one macro per dtype so that the generic leaf loop stays a plain expression. */
#define JAXC__PWV_RE_BOOL(x) ((double)(x))
#define JAXC__PWV_RE_U8(x) ((double)(x))
#define JAXC__PWV_RE_U16(x) ((double)(x))
/* (32-bit ints through float32, their result dtype: JAX converts them before it sums) */
#define JAXC__PWV_RE_U32(x) ((double)(float)(x))
#define JAXC__PWV_RE_U64(x) ((double)(x))
#define JAXC__PWV_RE_I8(x) ((double)(x))
#define JAXC__PWV_RE_I16(x) ((double)(x))
#define JAXC__PWV_RE_I32(x) ((double)(float)(x))
#define JAXC__PWV_RE_I64(x) ((double)(x))
#define JAXC__PWV_RE_BF16(x) ((double)jaxc_bf16_to_f32(x))
#define JAXC__PWV_RE_F16(x) ((double)jaxc_f16_to_f32(x))
#define JAXC__PWV_RE_F32(x) ((double)(x))
#define JAXC__PWV_RE_F64(x) (x)
#define JAXC__PWV_RE_C64(x) ((double)jaxc__re_jaxc_c64(x))
#define JAXC__PWV_RE_C128(x) jaxc__re_jaxc_c128(x)
#define JAXC__PWV_IM_BOOL(x) 0.0
#define JAXC__PWV_IM_U8 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_U16 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_U32 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_U64 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_I8 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_I16 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_I32 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_I64 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_BF16 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_F16 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_F32 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_F64 JAXC__PWV_IM_BOOL
#define JAXC__PWV_IM_C64(x) ((double)jaxc__im_jaxc_c64(x))
#define JAXC__PWV_IM_C128(x) jaxc__im_jaxc_c128(x)
/* (a function, so that no compiler fuses the square into the sum as an FMA -- clang does within an
   expression by default -- and var's terms stay those of nanvar, whose squares are masked) */
static inline double jaxc__sqd(double d) { return d * d; }
#define JAXC__SQD(d) jaxc__sqd(d)
#define JAXC__PWV_SQ_BOOL(x) JAXC__SQD(JAXC__PWV_RE_BOOL(x) - cre)
#define JAXC__PWV_SQ_U8(x) JAXC__SQD(JAXC__PWV_RE_U8(x) - cre)
#define JAXC__PWV_SQ_U16(x) JAXC__SQD(JAXC__PWV_RE_U16(x) - cre)
#define JAXC__PWV_SQ_U32(x) JAXC__SQD(JAXC__PWV_RE_U32(x) - cre)
#define JAXC__PWV_SQ_U64(x) JAXC__SQD(JAXC__PWV_RE_U64(x) - cre)
#define JAXC__PWV_SQ_I8(x) JAXC__SQD(JAXC__PWV_RE_I8(x) - cre)
#define JAXC__PWV_SQ_I16(x) JAXC__SQD(JAXC__PWV_RE_I16(x) - cre)
#define JAXC__PWV_SQ_I32(x) JAXC__SQD(JAXC__PWV_RE_I32(x) - cre)
#define JAXC__PWV_SQ_I64(x) JAXC__SQD(JAXC__PWV_RE_I64(x) - cre)
#define JAXC__PWV_SQ_BF16(x) JAXC__SQD(JAXC__PWV_RE_BF16(x) - cre)
#define JAXC__PWV_SQ_F16(x) JAXC__SQD(JAXC__PWV_RE_F16(x) - cre)
#define JAXC__PWV_SQ_F32(x) JAXC__SQD(JAXC__PWV_RE_F32(x) - cre)
#define JAXC__PWV_SQ_F64(x) JAXC__SQD(JAXC__PWV_RE_F64(x) - cre)
#define JAXC__PWV_SQ_C64(x) (JAXC__SQD(JAXC__PWV_RE_C64(x) - cre) + JAXC__SQD(JAXC__PWV_IM_C64(x) - cim))
#define JAXC__PWV_SQ_C128(x) (JAXC__SQD(JAXC__PWV_RE_C128(x) - cre) + JAXC__SQD(JAXC__PWV_IM_C128(x) - cim))

/* Arg-extremes. mode 0 argmax, 1 argmin (the first NaN wins), 2 nanargmax, 3 nanargmin (a NaN
   compares as -inf / +inf, exactly as JAX's where(isnan(a), -inf, a) does). The first of equal
   extremes wins, except that with JAXC__ARG_VALUE (complex max and min: XLA's maximum and
   minimum, IEEE 754-2019) +0 is above -0; argmax and argmin take the first of equal zeros as
   JAX's comparator does.
   Real dtypes take two passes that vectorise: the extreme by jaxc__lane_ext's order keys (which
   also finds argmax's first NaN), then the first place that holds it, JAXC__FIRST_BLOCK values
   tested at once and the block that has it scanned (one pass carrying the index stayed scalar:
   1.1 ns an element in float32). A long contiguous lane takes the extreme of each block of
   JAXC__ARG_BLOCK values instead, keeps the first block with the best, and searches only that
   block: one pass over memory (float32 at 2^24: 0.16 -> 0.08 ns an element). */
#define JAXC__ARG_VALUE 4
#define JAXC__FIRST_BLOCK 256
#define JAXC__ARG_BLOCK 4096
/* The blocks of a long contiguous lane: for each, its extreme e (jaxc__lane_ext of mode EXT_MODE),
   v = RANK its value, BETTER whether v beats the best so far bv; then lane_arg on the first best
   block, its index shifted, and AFTER there. A max/min block with a NaN ends it at that NaN. */
#define JAXC__ARG_BLOCKS(E, RT, RANK, BETTER, EXT_MODE, AFTER)                                       \
  if (s == 1 && n > 2 * JAXC__ARG_BLOCK) {                                                           \
    int64_t bb = 0;                                                                                  \
    RT bv = 0;                                                                                       \
    bool real = false;                                                                               \
    for (int64_t b0 = 0; b0 < n; b0 += JAXC__ARG_BLOCK) {                                            \
      jaxc__acc e;                                                                                   \
      jaxc__lane_ext_##E(x + b0, n - b0 < JAXC__ARG_BLOCK ? n - b0 : JAXC__ARG_BLOCK, 1, c, EXT_MODE, &e); \
      if (e.idx >= 0) { o->idx = b0 + e.idx; o->flag = true; return; }                              \
      RT v = RANK;                                                                                   \
      if (b0 == 0 || (BETTER)) bv = v, bb = b0;                                                      \
    }                                                                                                \
    jaxc__lane_arg_##E(x + bb, n - bb < JAXC__ARG_BLOCK ? n - bb : JAXC__ARG_BLOCK, 1, c, mode, o);  \
    o->idx += bb;                                                                                    \
    AFTER;                                                                                           \
    return;                                                                                          \
  }
/* the first i with MATCH(x[i * s], ...) into o->idx, returning; on without one */
#define JAXC__FIRST_MATCH(MATCH, ...)                                                                \
  do {                                                                                               \
    for (int64_t i0 = 0; i0 < n; i0 += JAXC__FIRST_BLOCK) {                                          \
      int64_t i1 = n - i0 < JAXC__FIRST_BLOCK ? n : i0 + JAXC__FIRST_BLOCK;                          \
      unsigned any = 0;                                                                              \
      for (int64_t i = i0; i < i1; i++) any |= MATCH(x[i * s], __VA_ARGS__);                         \
      if (any)                                                                                       \
        for (int64_t i = i0; i < i1; i++)                                                            \
          if (MATCH(x[i * s], __VA_ARGS__)) { o->idx = i; return; }                                 \
    }                                                                                                \
  } while (0)
#define JAXC__LANE_ARG_INT(E, T)                                                                     \
  static inline unsigned jaxc__arg_match_##E(T v, T m) { return (unsigned)(v == m); }               \
  static T jaxc__arg_rank_##E(jaxc__acc e) {                                                         \
    T v;                                                                                             \
    memcpy(&v, &e.u, sizeof v);                                                                      \
    return v;                                                                                        \
  }                                                                                                  \
  static void jaxc__lane_arg_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    JAXC__ARG_BLOCKS(E, T, jaxc__arg_rank_##E(e), (mode & 1) ? v < bv : v > bv, mode & 1, (void)real)   \
    jaxc__acc e;                                                                                     \
    jaxc__lane_ext_##E(p, n, s, c, mode & 1, &e);                                                    \
    T m;                                                                                             \
    memcpy(&m, &e.u, sizeof m);                                                                      \
    o->idx = 0;                                                                                      \
    o->flag = true;                                                                                  \
    JAXC__FIRST_MATCH(jaxc__arg_match_##E, m);                                                       \
  }
#define JAXC__LANE_ARG_KB(E, T, CT, LD) JAXC__LANE_ARG_INT(E, T)
#define JAXC__LANE_ARG_KU(E, T, CT, LD) JAXC__LANE_ARG_INT(E, T)
#define JAXC__LANE_ARG_KI(E, T, CT, LD) JAXC__LANE_ARG_INT(E, T)
/* floats match on the bits: the extreme's, either zero's when it is a zero, and (nanm) a NaN's
   where NaNs count as the extreme -inf / +inf */
#define JAXC__LANE_ARG_KF(E, T, CT, LD)                                                              \
  static inline unsigned jaxc__arg_match_##E(T v, jaxc__bits_##E mb, jaxc__bits_##E mask, unsigned nanm) { \
    jaxc__bits_##E b;                                                                                \
    memcpy(&b, &v, sizeof b);                                                                        \
    return (unsigned)((b & mask) == mb) | (nanm & (unsigned)!jaxc__notnan_##E(v));                   \
  }                                                                                                  \
  /* a block's extreme as a value to compare: its NaN (nanargmax: a block of NaNs only) as the     \
     -inf / +inf it stands for, so that a later block whose extreme is that infinity is no better */ \
  static CT jaxc__arg_rank_##E(jaxc__acc e, int mode, bool *real) {                                  \
    T m;                                                                                             \
    memcpy(&m, &e.u, sizeof m);                                                                      \
    CT v = LD(m);                                                                                    \
    if (v == v) return *real = true, v;                                                              \
    return (mode & 1) ? (CT)INFINITY : -(CT)INFINITY;                                                \
  }                                                                                                  \
  static void jaxc__lane_arg_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    typedef jaxc__bits_##E K;                                                                        \
    JAXC__ARG_BLOCKS(E, CT, jaxc__arg_rank_##E(e, mode, &real), (mode & 1) ? v < bv : v > bv, mode & 3, o->flag = real) \
    jaxc__acc e;                                                                                     \
    jaxc__lane_ext_##E(p, n, s, c, mode & 3, &e);                                                    \
    o->idx = e.idx >= 0 ? e.idx : 0;                                                                 \
    o->flag = true;                                                                                  \
    if (e.idx >= 0) return; /* argmax, argmin: the first NaN */                                     \
    T m;                                                                                             \
    memcpy(&m, &e.u, sizeof m);                                                                      \
    CT mv = LD(m);                                                                                   \
    if (mv != mv) { o->flag = false; return; } /* nanargmax: NaNs only (the first, as -inf) */     \
    K mb, mask = (mv == 0) ? (K)((K)~(K)0 >> 1) : (K)~(K)0;                                          \
    memcpy(&mb, &m, sizeof mb);                                                                      \
    mb = (K)(mb & mask);                                                                             \
    unsigned nanm = (mode & 2) && mv == ((mode & 1) ? (CT)INFINITY : -(CT)INFINITY);                 \
    JAXC__FIRST_MATCH(jaxc__arg_match_##E, mb, mask, nanm);                                          \
  }
#define JAXC__LANE_ARG_KC(E, T, CT, LD)                                                              \
  static void jaxc__lane_arg_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    bool mx = (mode & 1) == 0, nan_ignored = (mode & 2) != 0, seen = false;                          \
    double bre = 0, bim = 0;                                                                         \
    int64_t bi = -1;                                                                                 \
    for (int64_t i = 0; i < n; i++) {                                                                \
      double re = jaxc__re_##T(x[i * s]), im = jaxc__im_##T(x[i * s]);                               \
      if (re != re || im != im) {                                                                    \
        if (!nan_ignored) { o->idx = i; o->flag = true; return; }                                    \
        re = mx ? -INFINITY : INFINITY;                                                              \
        im = 0;                                                                                      \
      } else {                                                                                       \
        seen = true;                                                                                 \
      }                                                                                              \
      bool better = mx ? (re > bre || (re == bre && im > bim)) : (re < bre || (re == bre && im < bim)); \
      if (bi < 0 || better) { bre = re; bim = im; bi = i; }                                          \
    }                                                                                                \
    o->idx = bi;                                                                                     \
    o->flag = seen || !nan_ignored;                                                                  \
  }

/* Integer sums and products wrap in the result's width: mode 0 sum32, 1 sum64, 2 prod32, 3 prod64.
   Each is a separate plain loop so that the compiler vectorises it (i8 -> i32 included). */
#define JAXC__LANE_INT_KB(E, T) JAXC__LANE_INT_DEF(E, T)
#define JAXC__LANE_INT_KU(E, T) JAXC__LANE_INT_DEF(E, T)
#define JAXC__LANE_INT_KI(E, T) JAXC__LANE_INT_DEF(E, T)
#define JAXC__LANE_INT_KF(E, T)
#define JAXC__LANE_INT_KC(E, T)
#define JAXC__INT_LOOP(ACC, OP, init)                                                                \
  do {                                                                                               \
    ACC acc = init;                                                                                  \
    if (s == 1) { for (int64_t i = 0; i < n; i++) acc OP (ACC)x[i]; }                               \
    else { for (int64_t i = 0; i < n; i++) acc OP (ACC)x[i * s]; }                                   \
    o->u = acc;                                                                                      \
  } while (0)
#define JAXC__LANE_INT_DEF(E, T)                                                                     \
  static void jaxc__lane_int_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    switch (mode) {                                                                                  \
    case 0: JAXC__INT_LOOP(uint32_t, +=, 0u); break;                                                 \
    case 1: JAXC__INT_LOOP(uint64_t, +=, 0u); break;                                                 \
    case 2: JAXC__INT_LOOP(uint32_t, *=, 1u); break;                                                 \
    default: JAXC__INT_LOOP(uint64_t, *=, 1u); break;                                                \
    }                                                                                                \
  }

/* Float and complex products, in the compute type (f32 for bf16/f16). */
#define JAXC__LANE_FPROD_KB(E, T, CT, LD)
#define JAXC__LANE_FPROD_KU(E, T, CT, LD)
#define JAXC__LANE_FPROD_KI(E, T, CT, LD)
/* mode 1 (nanprod): a NaN counts as 1. */
#define JAXC__LANE_FPROD_KF(E, T, CT, LD)                                                            \
  static void jaxc__lane_fprod_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    CT acc = 1;                                                                                      \
    if (mode) {                                                                                      \
      for (int64_t i = 0; i < n; i++) { CT v = LD(x[i * s]); acc *= JAXC__CT_NAN_KF(T, v) ? (CT)1 : v; } \
    } else {                                                                                         \
      for (int64_t i = 0; i < n; i++) acc *= LD(x[i * s]);                                           \
    }                                                                                                \
    o->re = (double)acc;                                                                             \
    o->im = 0;                                                                                       \
  }
#define JAXC__LANE_FPROD_KC(E, T, CT, LD)                                                            \
  static void jaxc__lane_fprod_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    CT acc = jaxc__mk_##T(1, 0), one = acc;                                                          \
    for (int64_t i = 0; i < n; i++) {                                                                \
      CT v = x[i * s];                                                                               \
      acc = jaxc__f_multiply_##E(acc, mode && JAXC__CT_NAN_KC(T, v) ? one : v);                      \
    }                                                                                                \
    o->re = jaxc__re_##T(acc);                                                                       \
    o->im = jaxc__im_##T(acc);                                                                       \
  }

/* max/min (and nanmax/nanmin) of real dtypes, by order keys that vectorise: integers are their own
   keys; a float's bits become an unsigned key, negatives' bits flipped and positives' sign bit set,
   so that keys order as XLA's maximum and minimum order the values, -0 below +0 (-NaNs fall below
   -inf and +NaNs above +inf, but NaNs are handled apart). mode bit 0: min; bit 1 (nanmax/nanmin):
   a NaN takes the key no value has, below every key for max (0) and above for min (all ones), so
   a lane of NaNs only gives that key back, a NaN value. The extreme value's bytes go to u; for
   max/min, a lane with a NaN gives the first NaN's place in idx (a second pass, only then). A
   contiguous lane is read again from x[0] (taking an extreme twice changes nothing), so that the
   vector loads stay aligned: from x[1] each 64-byte load split two lines, and float32's max ran
   at half the speed of its sum. */
#define JAXC__EXT_LOOPS(E, K, KEY, KEEP, better, SEEN)                                               \
  do {                                                                                               \
    if (s == 1) {                                                                                    \
      for (int64_t i = 0; i < n; i++) { K k_ = KEEP(KEY(x[i]), x[i]); best = better(k_, best) ? k_ : best; SEEN(E, x[i]); } \
    } else {                                                                                         \
      for (int64_t i = 1; i < n; i++) { K k_ = KEEP(KEY(x[i * s]), x[i * s]); best = better(k_, best) ? k_ : best; SEEN(E, x[i * s]); } \
    }                                                                                                \
  } while (0)
#define JAXC__EXT_NONE(E, v) (void)0
/* the largest magnitude's bits seen (a NaN's exceed +inf's): NaN tracking in the keys' width */
#define JAXC__EXT_AMAX(E, v) amax = jaxc__amax_##E(amax, v)
#define JAXC__EXT_GT(a, b) ((a) > (b))
#define JAXC__EXT_LT(a, b) ((a) < (b))
#define JAXC__EXT_ID(v) (v)
#define JAXC__EXT_SAME(k, v) (k)
#define JAXC__LANE_EXT_KB(E, T) JAXC__LANE_EXT_INT(E, T)
#define JAXC__LANE_EXT_KU(E, T) JAXC__LANE_EXT_INT(E, T)
#define JAXC__LANE_EXT_KI(E, T) JAXC__LANE_EXT_INT(E, T)
#define JAXC__LANE_EXT_KC(E, T)
#define JAXC__LANE_EXT_INT(E, T)                                                                     \
  static void jaxc__lane_ext_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    T best = x[0];                                                                                   \
    if (mode & 1) JAXC__EXT_LOOPS(E, T, JAXC__EXT_ID, JAXC__EXT_SAME, JAXC__EXT_LT, JAXC__EXT_NONE); \
    else JAXC__EXT_LOOPS(E, T, JAXC__EXT_ID, JAXC__EXT_SAME, JAXC__EXT_GT, JAXC__EXT_NONE);          \
    memcpy(&o->u, &best, sizeof best);                                                               \
    o->idx = -1;                                                                                     \
    o->flag = true;                                                                                  \
  }
#define JAXC__LANE_EXT_KF(E, T)                                                                      \
  static inline jaxc__bits_##E jaxc__fkey_##E(T v) {                                                 \
    jaxc__bits_##E b, top = (jaxc__bits_##E)((jaxc__bits_##E)1 << (sizeof b * 8 - 1));              \
    memcpy(&b, &v, sizeof b);                                                                        \
    return (jaxc__bits_##E)(b ^ ((jaxc__bits_##E)((jaxc__bits_##E)0 - (jaxc__bits_##E)(b >> (sizeof b * 8 - 1))) | top)); \
  }                                                                                                  \
  static inline jaxc__bits_##E jaxc__amax_##E(jaxc__bits_##E m, T v) {                              \
    jaxc__bits_##E b;                                                                                \
    memcpy(&b, &v, sizeof b);                                                                        \
    b = (jaxc__bits_##E)(b & (jaxc__bits_##E)((jaxc__bits_##E)~(jaxc__bits_##E)0 >> 1));           \
    return b > m ? b : m;                                                                            \
  }                                                                                                  \
  static inline jaxc__bits_##E jaxc__nanlo_##E(jaxc__bits_##E k, T v) { /* a NaN's key: 0 */        \
    return (jaxc__bits_##E)(k & (jaxc__bits_##E)((jaxc__bits_##E)0 - (jaxc__bits_##E)jaxc__notnan_##E(v))); \
  }                                                                                                  \
  static inline jaxc__bits_##E jaxc__nanhi_##E(jaxc__bits_##E k, T v) { /* a NaN's key: all ones */ \
    return (jaxc__bits_##E)(k | (jaxc__bits_##E)((jaxc__bits_##E)jaxc__notnan_##E(v) - (jaxc__bits_##E)1)); \
  }                                                                                                  \
  static void jaxc__lane_ext_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    typedef jaxc__bits_##E K;                                                                        \
    const K top = (K)((K)1 << (sizeof(K) * 8 - 1));                                                  \
    bool min = (mode & 1) != 0;                                                                      \
    K best = jaxc__fkey_##E(x[0]), amax = jaxc__amax_##E(0, x[0]);                                   \
    if (mode & 2) {                                                                                  \
      if (!jaxc__notnan_##E(x[0])) best = min ? (K)~(K)0 : 0;                                        \
      if (min) JAXC__EXT_LOOPS(E, K, jaxc__fkey_##E, jaxc__nanhi_##E, JAXC__EXT_LT, JAXC__EXT_NONE); \
      else JAXC__EXT_LOOPS(E, K, jaxc__fkey_##E, jaxc__nanlo_##E, JAXC__EXT_GT, JAXC__EXT_NONE);     \
    } else {                                                                                         \
      if (min) JAXC__EXT_LOOPS(E, K, jaxc__fkey_##E, JAXC__EXT_SAME, JAXC__EXT_LT, JAXC__EXT_AMAX);  \
      else JAXC__EXT_LOOPS(E, K, jaxc__fkey_##E, JAXC__EXT_SAME, JAXC__EXT_GT, JAXC__EXT_AMAX);      \
    }                                                                                                \
    T amax_value;                                                                                    \
    memcpy(&amax_value, &amax, sizeof amax);                                                         \
    K b = (best & top) ? (K)(best ^ top) : (K)~best; /* the key's value */                           \
    memcpy(&o->u, &b, sizeof b);                                                                     \
    o->idx = -1;                                                                                     \
    o->flag = true;                                                                                  \
    if (!(mode & 2) && !jaxc__notnan_##E(amax_value)) /* max/min: the first NaN wins */              \
      for (int64_t i = 0; i < n; i++)                                                                \
        if (!jaxc__notnan_##E(x[i * s])) { o->idx = i; break; }                                      \
  }

/* The sums of the nan reductions, with jaxc__pw_re's blocks and accumulators over the values
   with NaNs as 0, so that a lane without NaN sums bit for bit as sum and var do. mode 0: the sum
   into re, im; 1: that and the count of values that are not NaN into u (a pass of its own);
   2: the squared deviations from the centre into re. */
#define JAXC__LANE_NAN_KB(E, T)
#define JAXC__LANE_NAN_KU(E, T)
#define JAXC__LANE_NAN_KI(E, T)
#define JAXC__LANE_NAN_KF(E, T) JAXC__LANE_NAN_DEF(E, T, 0)
#define JAXC__LANE_NAN_KC(E, T) JAXC__LANE_NAN_DEF(E, T, 1)
#define JAXC__LANE_NAN_DEF(E, T, cpx)                                                                \
  JAXC__DEF_PW(E, nre, T, JAXC__PWV_NRE)                                                             \
  JAXC__DEF_PW(E, nim, T, JAXC__PWV_NIM)                                                             \
  JAXC__DEF_PW(E, nsq, T, JAXC__PWV_NSQ)                                                             \
  JAXC__DEF_PW(E, ncnt, T, JAXC__PWV_NCNT)                                                           \
  static void jaxc__lane_nan_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    if (mode == 2) {                                                                                 \
      o->re = jaxc__pw_nsq_##E(x, n, s, c->re, c->im);                                               \
      o->im = 0;                                                                                     \
      return;                                                                                        \
    }                                                                                                \
    o->re = jaxc__pw_nre_##E(x, n, s, 0, 0);                                                         \
    o->im = cpx ? jaxc__pw_nim_##E(x, n, s, 0, 0) : 0.0;                                             \
    if (mode == 1) o->u = (uint64_t)jaxc__pw_ncnt_##E(x, n, s, 0, 0);                                \
  }
JAXC__ARITH(JAXC__LANES_ROW, ~)

/* Dispatch tables by input dtype (NULL: not available for that dtype in this build). */
#define JAXC__LTAB_ANY(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_ALL_##K([JAXC_##E] = jaxc__lane_##A##_##E,)
#define JAXC__LTAB_INT(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_INTB_##K([JAXC_##E] = jaxc__lane_int_##E,)
#define JAXC__LTAB_FPR(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_INX_##K([JAXC_##E] = jaxc__lane_fprod_##E,)
#define JAXC__CTAB(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_ALL_##K([JAXC_##E] = jaxc__cum_##E,)
#define JAXC__LTAB_NAN(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_INX_##K([JAXC_##E] = jaxc__lane_nan_##E,)
#define JAXC__LTAB_EXT(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_NOC_##K([JAXC_##E] = jaxc__lane_ext_##E,)
static const jaxc__lane_fn jaxc__lane_fsum_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_ANY, fsum)};
static const jaxc__lane_fn jaxc__lane_truth_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_ANY, truth)};
static const jaxc__lane_fn jaxc__lane_arg_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_ANY, arg)};
static const jaxc__lane_fn jaxc__lane_int_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_INT, ~)};
static const jaxc__lane_fn jaxc__lane_fprod_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_FPR, ~)};
static const jaxc__lane_fn jaxc__lane_nan_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_NAN, ~)};
static const jaxc__lane_fn jaxc__lane_ext_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_EXT, ~)};
typedef void (*jaxc__cum_fn)(const void *src, void *dst, int64_t n, int64_t s, int mode);
static const jaxc__cum_fn jaxc__cum_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__CTAB, ~)};

/* --- the reduction driver ---------------------------------------------------------------------- */
typedef enum jaxc__rkind {
  JAXC__RK_ISUM, JAXC__RK_IPROD, JAXC__RK_FSUM, JAXC__RK_FPROD, JAXC__RK_MEAN, JAXC__RK_VAR,
  JAXC__RK_STD, JAXC__RK_ARG, JAXC__RK_VAL, JAXC__RK_ANY, JAXC__RK_ALL,
  JAXC__RK_NMEAN, JAXC__RK_NVAR, JAXC__RK_NSTD, /* over the values that are not NaN, counted */
  JAXC__RK_EXT    /* max/min of real dtypes by order keys (complex ones: JAXC__RK_VAL) */
} jaxc__rkind;

typedef struct jaxc__rplan {
  jaxc__rkind kind;
  jaxc_dtype out;
  jaxc__lane_fn fn;
  int mode;       /* the lane function's mode */
  double ddof;
  bool skip;      /* a nan reduction of a float or complex dtype: NaNs skipped */
} jaxc__rplan;

static bool jaxc__is_cumulative(jaxc_op op) {
  jaxc_op b = jaxc__nan_base(op);
  return b == JAXC_OP_CUMSUM || b == JAXC_OP_CUMPROD;
}
/* Reductions whose second pass sums squared deviations from the lane's mean. */
static bool jaxc__rk_centred(jaxc__rkind k) {
  return k == JAXC__RK_VAR || k == JAXC__RK_STD || k == JAXC__RK_NVAR || k == JAXC__RK_NSTD;
}
/* Reductions that divide by the count of non-NaN values rather than the lane's length. */
static bool jaxc__rk_counted(jaxc__rkind k) {
  return k == JAXC__RK_NMEAN || k == JAXC__RK_NVAR || k == JAXC__RK_NSTD;
}

static const char *jaxc__red_name(jaxc_op op, int argmode) {
  if (argmode == 2) return "nanargmax";
  if (argmode == 3) return "nanargmin";
  return jaxc_op_name(op);
}

/* Result dtype and kernels for op on dtype d. argmode >= 2 selects nanargmax/nanargmin. A nan
   reduction plans as its reduction; on a float or complex dtype it skips NaNs (p->skip). */
static bool jaxc__plan_reduce(jaxc_op op, jaxc_dtype d, int argmode, jaxc__rplan *p) {
  bool intlike = jaxc__is_integral(d);
  jaxc_op base = jaxc__nan_base(op);
  p->skip = base != op && !intlike;
  p->mode = 0;
  p->fn = NULL;
  p->out = jaxc_reduce_output_dtype(op, d, jaxc_x64());
  switch (base) {
  case JAXC_OP_SUM: case JAXC_OP_PROD: {
    bool sum = base == JAXC_OP_SUM;
    if (intlike) {
      p->kind = sum ? JAXC__RK_ISUM : JAXC__RK_IPROD;
      p->fn = jaxc__lane_int_tab[d];
      p->mode = (sum ? 0 : 2) + (jaxc_dtype_bits(p->out) == 64);
    } else {
      p->kind = sum ? JAXC__RK_FSUM : JAXC__RK_FPROD;
      p->fn = sum ? (p->skip ? jaxc__lane_nan_tab[d] : jaxc__lane_fsum_tab[d]) : jaxc__lane_fprod_tab[d];
      p->mode = !sum && p->skip;
    }
    break;
  }
  case JAXC_OP_MEAN: case JAXC_OP_VAR: case JAXC_OP_STD:
    p->kind = base == JAXC_OP_MEAN ? JAXC__RK_MEAN : base == JAXC_OP_VAR ? JAXC__RK_VAR : JAXC__RK_STD;
    if (p->skip) p->kind = base == JAXC_OP_MEAN ? JAXC__RK_NMEAN : base == JAXC_OP_VAR ? JAXC__RK_NVAR : JAXC__RK_NSTD;
    p->fn = p->skip ? jaxc__lane_nan_tab[d] : jaxc__lane_fsum_tab[d];
    p->mode = p->skip; /* (the nan lanes' mode 1 counts too) */
    break;
  case JAXC_OP_MAX: case JAXC_OP_MIN: {
    bool cpx = jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX;
    p->kind = cpx ? JAXC__RK_VAL : JAXC__RK_EXT;
    p->fn = cpx ? jaxc__lane_arg_tab[d] : jaxc__lane_ext_tab[d];
    p->mode = (base == JAXC_OP_MIN) | (cpx ? JAXC__ARG_VALUE : 0) | (p->skip ? 2 : 0);
    break;
  }
  case JAXC_OP_ARGMAX: case JAXC_OP_ARGMIN:
    p->kind = JAXC__RK_ARG;
    p->fn = jaxc__lane_arg_tab[d];
    p->mode = argmode >= 2 ? argmode : op == JAXC_OP_ARGMIN;
    break;
  case JAXC_OP_ANY: case JAXC_OP_ALL:
    p->kind = op == JAXC_OP_ANY ? JAXC__RK_ANY : JAXC__RK_ALL;
    p->fn = jaxc__lane_truth_tab[d];
    p->mode = op == JAXC_OP_ALL;
    break;
  default:
    jaxc__fail(JAXC_ERR_ARG, "op %d (%s) is not a reduction", (int)op, jaxc_op_name(op));
    return false;
  }
  if (!p->fn) {
    jaxc__fail(JAXC_ERR_DTYPE, "%s does not support dtype %s in this build", jaxc_op_name(op), jaxc_dtype_name(d));
    return false;
  }
  return true;
}

/* The reduced geometry: lanes of n elements, stride `inner`, at (o * n * inner + i). */
typedef struct jaxc__rgeom {
  int64_t outer, n, inner, nout;
  int out_ndim;
  int64_t out_shape[JAXC_MAX_NDIM];
} jaxc__rgeom;

static bool jaxc__reduce_geom(const jaxc_array *a, int axis, bool keepdims, jaxc__rgeom *g) {
  if (axis == JAXC_ALL_AXES) {
    g->outer = 1; g->n = a->size; g->inner = 1;
    g->out_ndim = keepdims ? a->ndim : 0;
    for (int i = 0; i < g->out_ndim; i++) g->out_shape[i] = 1;
  } else {
    int ax;
    if (!jaxc__canon_axis(axis, a->ndim, &ax)) return false;
    g->outer = 1; g->inner = 1; g->n = a->shape[ax];
    for (int i = 0; i < ax; i++) g->outer *= a->shape[i];
    for (int i = ax + 1; i < a->ndim; i++) g->inner *= a->shape[i];
    g->out_ndim = 0;
    for (int i = 0; i < a->ndim; i++) {
      if (i != ax) g->out_shape[g->out_ndim++] = a->shape[i];
      else if (keepdims) g->out_shape[g->out_ndim++] = 1;
    }
  }
  g->nout = g->outer * g->inner;
  return true;
}

typedef struct {
  const jaxc_array *a;
  const jaxc__rgeom *g;
  const jaxc__rplan *p;
  int mode;
  const jaxc__acc *centers;
  int64_t chunks;
  jaxc__acc *part;
} jaxc__lanes_job;
/* One (output, chunk) pair of jaxc__run_lanes: item it of the lanes cut into `chunks` pieces */
static void jaxc__run_lane(const void *jp, int64_t it) {
  const jaxc__lanes_job *L = (const jaxc__lanes_job *)jp;
  const jaxc__rgeom *g = L->g;
  const jaxc__rplan *p = L->p;
  int64_t chunks = L->chunks;
  int64_t j = it / chunks, c = it % chunks;
  int64_t o = j / g->inner, i = j % g->inner;
  int64_t k0 = g->n * c / chunks, k1 = g->n * (c + 1) / chunks;
  const char *lane = (const char *)L->a->data + (size_t)((o * g->n + k0) * g->inner + i) * jaxc_dtype_size(L->a->dtype);
  jaxc__acc *r = &L->part[it];
  bool prod = p->kind == JAXC__RK_IPROD || p->kind == JAXC__RK_FPROD;
  r->u = prod; r->re = prod; r->im = 0; r->idx = -1; r->flag = p->kind == JAXC__RK_ALL; /* the identities */
  if (k1 > k0) p->fn(lane, k1 - k0, g->inner, L->centers ? &L->centers[j] : NULL, L->mode, r);
  if (r->idx >= 0) r->idx += k0;
}
/* Run the lane function over every (output, chunk) pair: lanes are cut into `chunks` pieces
   so that a full reduction still uses every thread. */
static void jaxc__run_lanes(const jaxc_array *a, const jaxc__rgeom *g, const jaxc__rplan *p, int mode,
                            const jaxc__acc *centers, int64_t chunks, jaxc__acc *part, bool parallel) {
  jaxc__lanes_job L = {a, g, p, mode, centers, chunks, part};
  jaxc__items_run(&L, jaxc__run_lane, g->nout * chunks, parallel);
}

/* Combine the chunks of output j into part[j * chunks]. */
static void jaxc__combine(const jaxc_array *a, const jaxc__rgeom *g, const jaxc__rplan *p, int64_t j,
                          int64_t chunks, jaxc__acc *part) {
  jaxc__acc *r = &part[j * chunks];
  if (chunks == 1) return;
  switch (p->kind) {
  case JAXC__RK_ISUM:
    for (int64_t c = 1; c < chunks; c++) r->u += r[c].u;
    break;
  case JAXC__RK_IPROD:
    for (int64_t c = 1; c < chunks; c++) r->u *= r[c].u;
    break;
  case JAXC__RK_FPROD:
    for (int64_t c = 1; c < chunks; c++) {
      double re = r->re * r[c].re - r->im * r[c].im, im = r->re * r[c].im + r->im * r[c].re;
      r->re = re; r->im = im;
    }
    break;
  case JAXC__RK_ANY:
    for (int64_t c = 1; c < chunks; c++) r->flag = r->flag || r[c].flag;
    break;
  case JAXC__RK_ALL:
    for (int64_t c = 1; c < chunks; c++) r->flag = r->flag && r[c].flag;
    break;
  case JAXC__RK_EXT: { /* the first chunk's NaN, or the extreme of the chunks' extremes */
    size_t es = jaxc_dtype_size(a->dtype);
    _Alignas(16) unsigned char buf[256 * 16];
    int64_t m = 0;
    for (int64_t c = 0; c < chunks; c++) {
      if (!r[c].flag) continue; /* (an empty chunk) */
      if (r[c].idx >= 0) { r->idx = r[c].idx; r->flag = true; return; }
      memcpy(buf + (size_t)m++ * es, &r[c].u, es);
    }
    jaxc__acc best = {0, 0, 0, -1, false};
    if (m > 0) p->fn(buf, m, 1, NULL, p->mode, &best);
    *r = best;
    break;
  }
  case JAXC__RK_ARG: case JAXC__RK_VAL: {
    /* the candidates, in lane order, re-judged by the same lane rule */
    size_t es = jaxc_dtype_size(a->dtype);
    _Alignas(16) unsigned char buf[256 * 16];
    int64_t o = j / g->inner, i = j % g->inner, m = 0, pos[256];
    bool seen = false;
    for (int64_t c = 0; c < chunks && m < 256; c++) {
      if (r[c].idx < 0) continue;
      seen = seen || r[c].flag;
      pos[m] = r[c].idx;
      memcpy(buf + (size_t)m * es, (const char *)a->data + (size_t)((o * g->n + r[c].idx) * g->inner + i) * es, es);
      m++;
    }
    jaxc__acc best = {0, 0, 0, -1, false};
    if (m > 0) p->fn(buf, m, 1, NULL, p->mode, &best);
    r->idx = best.idx >= 0 ? pos[best.idx] : -1;
    r->flag = seen;
    break;
  }
  default: /* float sums: a handful of partials, summed in order (and the nan reductions' counts) */
    for (int64_t c = 1; c < chunks; c++) { r->re += r[c].re; r->im += r[c].im; r->u += r[c].u; }
    break;
  }
}

/* nanmean, as jnp.nanmean divides: nansum and the count of non-NaN values, each in the result's
   dtype (a float16 count past 2048 rounds), then lax.div in that dtype (complex: XLA's complex
   division by count + 0i). */
static void jaxc__store_nanmean(jaxc_dtype out, const jaxc__acc *r, char *d) {
  double n = (double)r->u;
  if (out == JAXC_C64) {
    jaxc_c64 q = jaxc__f_true_divide_C64(jaxc__mk_jaxc_c64((float)r->re, (float)r->im), jaxc__mk_jaxc_c64((float)n, 0.0f));
    memcpy(d, &q, sizeof q);
  } else if (out == JAXC_C128) {
    jaxc_c128 q = jaxc__f_true_divide_C128(jaxc__mk_jaxc_c128(r->re, r->im), jaxc__mk_jaxc_c128(n, 0.0));
    memcpy(d, &q, sizeof q);
  } else {
    double v = jaxc__round_to(out, jaxc__round_to(out, r->re) / jaxc__round_to(out, n));
    jaxc_kernel_cast_dyn(JAXC_F64, out, 1, &v, d);
  }
}
static bool jaxc__nan_at(jaxc_dtype dt, const char *d) {
  jaxc_c128 z;
  jaxc_kernel_cast_dyn(dt, JAXC_C128, 1, d, &z);
  return jaxc__re_jaxc_c128(z) != jaxc__re_jaxc_c128(z) || jaxc__im_jaxc_c128(z) != jaxc__im_jaxc_c128(z);
}
/* nanmax/nanmin: NaNs compared as -inf/+inf (jnp's where(isnan(a), -inf, a)), so an extreme that
   is a NaN stands for that infinity; a lane of NaNs only (!seen) is NaN (complex: nan + 0j). */
static void jaxc__store_nanextreme(jaxc_dtype out, bool seen, bool min, char *d) {
  if (seen && !jaxc__nan_at(out, d)) return;
  jaxc_c128 z = jaxc__c128_make(!seen ? NAN : min ? INFINITY : -INFINITY, 0.0);
  jaxc_kernel_cast_dyn(JAXC_C128, out, 1, &z, d);
}
/* Store output j from its combined accumulator. */
static void jaxc__store(const jaxc_array *a, const jaxc__rgeom *g, const jaxc__rplan *p, int64_t j,
                        const jaxc__acc *r, const jaxc__acc *center, char *dst) {
  size_t es = jaxc_dtype_size(p->out);
  char *d = dst + (size_t)j * es;
  switch (p->kind) {
  case JAXC__RK_ISUM: case JAXC__RK_IPROD:
    jaxc_kernel_cast_dyn(JAXC_U64, p->out, 1, &r->u, d);
    break;
  case JAXC__RK_FSUM: case JAXC__RK_FPROD: case JAXC__RK_MEAN: {
    double div = p->kind == JAXC__RK_MEAN ? (double)g->n : 1.0;
    jaxc_c128 v = jaxc__c128_make(r->re / div, r->im / div);
    jaxc_kernel_cast_dyn(JAXC_C128, p->out, 1, &v, d);
    break;
  }
  case JAXC__RK_NMEAN:
    jaxc__store_nanmean(p->out, r, d);
    break;
  case JAXC__RK_VAR: case JAXC__RK_STD: case JAXC__RK_NVAR: case JAXC__RK_NSTD: {
    double den = (jaxc__rk_counted(p->kind) ? (double)center->u : (double)g->n) - p->ddof;
    double v = den > 0 ? r->re / den : NAN;
    /* jnp.std is lax.sqrt of var's result, in the result's dtype */
    if (p->kind == JAXC__RK_STD || p->kind == JAXC__RK_NSTD) v = sqrt(jaxc__round_to(p->out, v));
    jaxc_kernel_cast_dyn(JAXC_F64, p->out, 1, &v, d);
    break;
  }
  case JAXC__RK_ARG: {
    int64_t idx = r->idx;
    if (p->mode >= 2 && !r->flag) idx = -1;
    jaxc_kernel_cast_dyn(JAXC_I64, p->out, 1, &idx, d);
    break;
  }
  case JAXC__RK_VAL: {
    int64_t o = j / g->inner, i = j % g->inner;
    memcpy(d, (const char *)a->data + (size_t)((o * g->n + r->idx) * g->inner + i) * es, es);
    if (p->skip) jaxc__store_nanextreme(p->out, r->flag, (p->mode & 1) != 0, d);
    break;
  }
  case JAXC__RK_EXT: { /* (nanmax: a NaN value here is a lane of NaNs only) */
    int64_t o = j / g->inner, i = j % g->inner;
    if (r->idx >= 0) memcpy(d, (const char *)a->data + (size_t)((o * g->n + r->idx) * g->inner + i) * es, es);
    else memcpy(d, &r->u, es);
    if (p->skip && jaxc__nan_at(p->out, d)) jaxc__store_nanextreme(p->out, false, false, d);
    break;
  }
  case JAXC__RK_ANY: case JAXC__RK_ALL:
    *(bool *)d = r->flag;
    break;
  }
}

static jaxc_array *jaxc__reduce_impl(jaxc_op op, const jaxc_array *a, int axis, bool keepdims, int argmode, double ddof) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", jaxc__red_name(op, argmode));
  if (!jaxc__op_is(op, JAXC_ARITY_RED))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "op %d (%s) is not a reduction", (int)op, jaxc_op_name(op));
  jaxc__rplan p;
  if (!jaxc__plan_reduce(op, a->dtype, argmode, &p)) return NULL;
  p.ddof = ddof;
  jaxc__rgeom g;
  if (!jaxc__reduce_geom(a, axis, keepdims, &g)) return NULL;
  if (g.n == 0 && g.nout > 0) {
    if (p.kind == JAXC__RK_VAL || p.kind == JAXC__RK_EXT) /* (nanmax calls jnp.max: JAX names max) */
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "zero-size array to reduction operation %s which has no identity",
                                      jaxc_op_name(jaxc__nan_base(op)));
    if (p.kind == JAXC__RK_ARG)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "attempt to get %s of an empty sequence",
                                      (p.mode & 1) ? "argmin" : "argmax");
  }
  jaxc_array *out = jaxc__new_array(p.out, false, g.out_ndim, g.out_shape);
  if (!out) return NULL;
  if (g.nout == 0) { jaxc__ok(); return out; }

  size_t traffic = (size_t)a->size * jaxc_dtype_size(a->dtype);
  bool parallel = JAXC__HAS_OPENMP && traffic > JAXC_REDUCE_PAR_BYTES;
  int64_t chunks = 1;
  if (parallel && g.nout < 4 * (int64_t)jaxc__threads()) {
    chunks = (4 * (int64_t)jaxc__threads() + g.nout - 1) / g.nout;
    if (chunks > g.n / 4096) chunks = g.n / 4096;
    if (chunks > 256) chunks = 256;
    if (chunks < 1) chunks = 1;
  }
  jaxc__acc *part = (jaxc__acc *)jaxc__malloc((size_t)(g.nout * chunks) * sizeof(jaxc__acc));
  jaxc__acc *centers = NULL;
  if (jaxc__rk_centred(p.kind)) centers = (jaxc__acc *)jaxc__malloc((size_t)g.nout * sizeof(jaxc__acc));
  if (!part || (jaxc__rk_centred(p.kind) && !centers)) {
    jaxc__free(part); jaxc__free(centers); jaxc_array_free(out);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in %s", jaxc_op_name(op));
  }
  if (centers) { /* two passes: the mean, then the squared deviations from it */
    jaxc__run_lanes(a, &g, &p, p.mode, NULL, chunks, part, parallel);
    for (int64_t j = 0; j < g.nout; j++) {
      jaxc__combine(a, &g, &p, j, chunks, part);
      centers[j] = part[j * chunks];
      double count = jaxc__rk_counted(p.kind) ? (double)centers[j].u : (double)g.n;
      centers[j].re /= count;
      centers[j].im /= count;
    }
  }
  jaxc__run_lanes(a, &g, &p, centers ? 2 : p.mode, centers, chunks, part, parallel);
  for (int64_t j = 0; j < g.nout; j++) {
    jaxc__combine(a, &g, &p, j, chunks, part);
    jaxc__store(a, &g, &p, j, &part[j * chunks], centers ? &centers[j] : NULL, (char *)out->data);
  }
  jaxc__free(part);
  jaxc__free(centers);
  return jaxc__checked(jaxc__op_lax[op], out, a, NULL);
}

/* cumsum / cumprod (and nancumsum / nancumprod) accumulating in od; JAXC_DTYPE_NONE: bool counts
   in the default int, every other dtype in its own. */
#define JAXC__CUM_BLOCK 2048
/* Without NaN skipping the conversion is fused into the scan, a block at a time while it is in
   cache. Contiguous lanes (inner 1) are cut into blocks of JAXC__CUM_BLOCK, each block's scan
   starting at the previous block's last partial (a scan leaves its first element as it is).
   Strided lanes go row by row instead: row k = row k-1 (+ or *) row k, the ops' own kernels
   across a run of columns (walking one column at a time down rows of 16 KiB took 8.4 ns an
   element); the threads share the columns. Either way every partial is the sequential one.
   NaN skipping converts everything first, then scans each lane in place. */
typedef struct jaxc__cum_job {
  const char *src;
  char *d;
  jaxc_dtype from, od;
  int64_t n, inner, runs;
  int mode;
  jaxc__cum_fn fn;
  jaxc__bin_fn step; /* rows: the add or multiply kernel */
} jaxc__cum_job;
static void jaxc__cum_nan_lane(const void *jp, int64_t j) {
  const jaxc__cum_job *J = (const jaxc__cum_job *)jp;
  char *lane = J->d + (size_t)((j / J->inner) * J->n * J->inner + j % J->inner) * jaxc_dtype_size(J->od);
  J->fn(lane, lane, J->n, J->inner, J->mode);
}
static void jaxc__cum_lane(const void *jp, int64_t j) {
  const jaxc__cum_job *J = (const jaxc__cum_job *)jp;
  size_t es = jaxc_dtype_size(J->od), ies = jaxc_dtype_size(J->from);
  char *lane = J->d + (size_t)(j * J->n) * es;
  for (int64_t b = 0; b < J->n; b += JAXC__CUM_BLOCK) {
    int64_t e = J->n - b < JAXC__CUM_BLOCK ? J->n : b + JAXC__CUM_BLOCK, from = b ? b - 1 : 0;
    jaxc_kernel_cast_dyn(J->from, J->od, (size_t)(e - b), J->src + (size_t)(j * J->n + b) * ies, lane + (size_t)b * es);
    J->fn(lane + (size_t)from * es, lane + (size_t)from * es, e - from, 1, J->mode);
  }
}
static void jaxc__cum_rows(const void *jp, int64_t it) {
  const jaxc__cum_job *J = (const jaxc__cum_job *)jp;
  size_t es = jaxc_dtype_size(J->od), ies = jaxc_dtype_size(J->from);
  int64_t o = it / J->runs, c0 = J->inner * (it % J->runs) / J->runs, c1 = J->inner * (it % J->runs + 1) / J->runs;
  for (int64_t k = 0; k < J->n; k++) {
    size_t at = (size_t)((o * J->n + k) * J->inner + c0);
    char *row = J->d + at * es;
    jaxc_kernel_cast_dyn(J->from, J->od, (size_t)(c1 - c0), J->src + at * ies, row);
    if (k) J->step((size_t)(c1 - c0), row - (size_t)J->inner * es, row, row);
  }
}
static jaxc_array *jaxc__cumulative_in(jaxc_op op, const jaxc_array *a, int axis, jaxc_dtype od) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", jaxc_op_name(op));
  if (od == JAXC_DTYPE_NONE) od = a->dtype == JAXC_BOOL ? jaxc__default_int() : a->dtype;
  int mode = (jaxc__nan_base(op) == JAXC_OP_CUMPROD ? JAXC__CUM_PROD : 0) |
             (jaxc__nan_base(op) != op && !jaxc__is_integral(od) ? JAXC__CUM_NAN : 0);
  if (!jaxc__cum_tab[od])
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "%s does not support dtype %s in this build", jaxc_op_name(op), jaxc_dtype_name(od));
  int ax = 0;
  int64_t flat = a->size;
  bool flatten = axis == JAXC_ALL_AXES; /* jnp.cumsum is jitted: a 0-d input with an axis raises */
  if (!flatten && !jaxc__canon_axis(axis, a->ndim, &ax)) return NULL;
  jaxc_array *out = flatten ? jaxc__new_array(od, false, 1, &flat) : jaxc__new_array(od, false, a->ndim, a->shape);
  if (!out) return NULL;
  if (a->size == 0) { jaxc__ok(); return out; }
  int64_t outer = 1, n = a->size, inner = 1;
  if (!flatten) {
    n = a->shape[ax];
    for (int i = 0; i < ax; i++) outer *= a->shape[i];
    for (int i = ax + 1; i < a->ndim; i++) inner *= a->shape[i];
  }
  bool parallel = (size_t)a->size * jaxc_dtype_size(od) > JAXC_REDUCE_PAR_BYTES;
  int64_t lanes = outer * inner;
  jaxc__cum_job J = {(const char *)a->data, (char *)out->data, a->dtype, od, n, inner, 1, mode, jaxc__cum_tab[od], NULL};
  if (mode & JAXC__CUM_NAN) {
    jaxc_kernel_cast_dyn(a->dtype, od, (size_t)a->size, a->data, out->data);
    jaxc__items_run(&J, jaxc__cum_nan_lane, lanes, parallel);
  } else if (inner == 1) {
    jaxc__items_run(&J, jaxc__cum_lane, lanes, parallel);
  } else {
    J.step = jaxc__bin_table[(mode & JAXC__CUM_PROD) ? JAXC_OP_MULTIPLY : JAXC_OP_ADD][od][0];
    J.runs = parallel ? (4 * (int64_t)jaxc__threads() + outer - 1) / outer : 1; /* column runs per outer index */
    if (J.runs > inner / 256) J.runs = inner / 256;
    if (J.runs < 1) J.runs = 1;
    jaxc__items_run(&J, jaxc__cum_rows, outer * J.runs, parallel);
  }
  return jaxc__checked(jaxc__op_lax[op], out, a, NULL);
}

JAXC_API jaxc_array *jaxc_reduce_ex(jaxc_op op, const jaxc_array *a, int axis, bool keepdims) {
  if (jaxc__is_cumulative(op)) return jaxc__cumulative_in(op, a, axis, JAXC_DTYPE_NONE);
  return jaxc__reduce_impl(op, a, axis, keepdims, 0, 0.0);
}
JAXC_API jaxc_array *jaxc_reduce(jaxc_op op, const jaxc_array *a, int axis) { return jaxc_reduce_ex(op, a, axis, false); }
JAXC_API jaxc_array *jaxc_var_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof) {
  return jaxc__reduce_impl(JAXC_OP_VAR, a, axis, keepdims, 0, ddof);
}
JAXC_API jaxc_array *jaxc_std_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof) {
  return jaxc__reduce_impl(JAXC_OP_STD, a, axis, keepdims, 0, ddof);
}
JAXC_API jaxc_array *jaxc_nanvar_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof) {
  return jaxc__reduce_impl(JAXC_OP_NANVAR, a, axis, keepdims, 0, ddof);
}
JAXC_API jaxc_array *jaxc_nanstd_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof) {
  return jaxc__reduce_impl(JAXC_OP_NANSTD, a, axis, keepdims, 0, ddof);
}
JAXC_API jaxc_array *jaxc_nanargmax(const jaxc_array *a, int axis, bool keepdims) {
  return jaxc__reduce_impl(JAXC_OP_ARGMAX, a, axis, keepdims, 2, 0.0);
}
JAXC_API jaxc_array *jaxc_nanargmin(const jaxc_array *a, int axis, bool keepdims) {
  return jaxc__reduce_impl(JAXC_OP_ARGMIN, a, axis, keepdims, 3, 0.0);
}
JAXC_API jaxc_dtype jaxc_reduce_result(jaxc_op op, const jaxc_array *a) {
  if (!a) return (jaxc__fail(JAXC_ERR_ARG, "the array is NULL"), JAXC_DTYPE_INVALID);
  if (!jaxc__op_is(op, JAXC_ARITY_RED))
    return (jaxc__fail(JAXC_ERR_ARG, "op %d (%s) is not a reduction", (int)op, jaxc_op_name(op)), JAXC_DTYPE_INVALID);
  if (jaxc__is_cumulative(op)) {
    jaxc__ok();
    return a->dtype == JAXC_BOOL ? jaxc__default_int() : a->dtype;
  }
  jaxc__rplan p;
  if (!jaxc__plan_reduce(op, a->dtype, 0, &p)) return JAXC_DTYPE_INVALID;
  jaxc__ok();
  return p.out;
}
#define JAXC__RDEF_RED(OP, name) \
  JAXC_API jaxc_array *(jaxc_##name)(const jaxc_array *a, int axis) { return jaxc_reduce(JAXC_OP_##OP, a, axis); }
#define JAXC__RDEF_BIN(OP, name)
#define JAXC__RDEF_UN(OP, name)
#define JAXC__RDEF_UPD(OP, name)
#define JAXC__RDEF(OP, name, ar, rule, grp, out, lax) JAXC__RDEF_##ar(OP, name)
JAXC_OPS(JAXC__RDEF)

/* >>sort (implementation) -----------------------------------------------------------------------
   lax.sort's order as unsigned integers: each value becomes a key that compares as lax.sort
   compares it (-0 == 0; every NaN last, all equal; complex by the real part, then the imaginary
   part). A stable LSD radix sort on the key's bytes orders records that hold the key and what
   the result needs: the value's bits for sort, the position for argsort, or nothing where the key
   gives the value back (integers). A pass is skipped where every key has the same byte (int8
   needs one pass; small integers in a wide dtype few); lanes of at most JAXC__SORT_SMALL records
   use insertion sort; a long lane sorts over the threads with a histogram per thread and pass,
   many lanes go to the threads whole. */
#define JAXC__SORT_SMALL 48
#ifndef JAXC_SELECT_MIN
#  define JAXC_SELECT_MIN 4096 /* lanes at least this long are selected in rather than sorted
                             (quantiles, top_k, argpartition) */
#endif
enum { JAXC__SEL_BITS = 11, JAXC__SEL_SMALL = 32 };
/* Where a record does not fit one uint64_t (a key and a payload of 8 bytes each). */
typedef struct jaxc__rec { uint64_t k, p; } jaxc__rec;
#define JAXC__KEY_U64(r) (r)
#define JAXC__KEY_REC(r) ((r).k)

/* For records of type T whose key KEY(r) holds the digits from bit sh on: an insertion sort, the
   radix sort, and (with OpenMP) the radix sort of one lane over the threads. */
#define JAXC__RADIX_DEF(SUF, T, KEY)                                                                        \
  static void jaxc__isort_##SUF(T *a, int64_t n, int sh, uint64_t km) {                                  \
    for (int64_t i = 1; i < n; i++) {                                                                       \
      T x = a[i];                                                                                           \
      uint64_t kx = (KEY(x) >> sh) & km;                                                                    \
      int64_t j = i;                                                                                        \
      for (; j > 0 && ((KEY(a[j - 1]) >> sh) & km) > kx; j--) a[j] = a[j - 1];                             \
      a[j] = x;                                                                                             \
    }                                                                                                       \
  }                                                                                                         \
  /* the sorted records end in a or in tmp: the one returned */                                            \
  static T *jaxc__radix_##SUF(T *a, T *tmp, int64_t n, int sh, int ndig) {                                  \
    if (n <= JAXC__SORT_SMALL) {                                                                            \
      jaxc__isort_##SUF(a, n, sh, ndig == 8 ? UINT64_MAX : ((uint64_t)1 << (8 * ndig)) - 1);                \
      return a;                                                                                             \
    }                                                                                                       \
    int64_t h[8][256];                                                                                      \
    memset(h, 0, (size_t)ndig * sizeof h[0]); /* (only the rows used: short lanes felt all 16 KiB) */       \
    for (int64_t i = 0; i < n; i++) {                                                                       \
      uint64_t k = KEY(a[i]) >> sh;                                                                         \
      for (int d = 0; d < ndig; d++) h[d][(k >> (8 * d)) & 255]++;                                          \
    }                                                                                                       \
    for (int d = 0; d < ndig; d++) {                                                                        \
      int s = sh + 8 * d;                                                                                   \
      if (h[d][(KEY(a[0]) >> s) & 255] == n) continue;                                                      \
      int64_t off[256], sum = 0;                                                                            \
      for (int v = 0; v < 256; v++) off[v] = sum, sum += h[d][v];                                           \
      for (int64_t i = 0; i < n; i++) tmp[off[(KEY(a[i]) >> s) & 255]++] = a[i];                           \
      T *t = a; a = tmp; tmp = t;                                                                           \
    }                                                                                                       \
    return a;                                                                                               \
  }                                                                                                         \
  JAXC__RADIX_PAR_DEF(SUF, T, KEY)
#if JAXC__HAS_OPENMP
#  define JAXC__RADIX_PAR_DEF(SUF, T, KEY)                                                                  \
  static T *jaxc__radix_par_##SUF(T *a, T *tmp, int64_t n, int sh, int ndig, int64_t (*cnt)[256]) {         \
    T *sorted = a;                                                                                          \
    _Pragma("omp parallel")                                                                                 \
    {                                                                                                       \
      int t = omp_get_thread_num(), nt = omp_get_num_threads();                                             \
      int64_t lo, hi;                                                                                       \
      jaxc__thread_part(n, t, nt, &lo, &hi);                                                                \
      T *src = a, *dst = tmp;                                                                               \
      for (int d = 0; d < ndig; d++) {                                                                      \
        int s = sh + 8 * d;                                                                                 \
        int64_t *c = cnt[t], off[256], base = 0, same = 0, v0 = (int64_t)((KEY(src[0]) >> s) & 255);        \
        memset(c, 0, 256 * sizeof *c);                                                                      \
        for (int64_t i = lo; i < hi; i++) c[(KEY(src[i]) >> s) & 255]++;                                    \
        _Pragma("omp barrier")                                                                              \
        for (int u = 0; u < nt; u++) same += cnt[u][v0];                                                    \
        bool moves = same != n; /* every thread sees the same counts, so all skip alike */                 \
        for (int v = 0; moves && v < 256; v++)                                                              \
          for (int u = 0; u < nt; u++) {                                                                    \
            if (u == t) off[v] = base;                                                                      \
            base += cnt[u][v];                                                                              \
          }                                                                                                 \
        for (int64_t i = lo; moves && i < hi; i++) dst[off[(KEY(src[i]) >> s) & 255]++] = src[i];          \
        _Pragma("omp barrier") /* before the counts are reset and the next pass reads dst */               \
        if (moves) { T *x = src; src = dst; dst = x; }                                                      \
      }                                                                                                     \
      if (t == 0) sorted = src;                                                                             \
    }                                                                                                       \
    return sorted;                                                                                          \
  }
#else
#  define JAXC__RADIX_PAR_DEF(SUF, T, KEY)
#endif
JAXC__RADIX_DEF(u64, uint64_t, JAXC__KEY_U64)
JAXC__RADIX_DEF(rec, jaxc__rec, JAXC__KEY_REC)

static uint64_t jaxc__load_bits(const char *p, int w) {
  uint8_t b; uint16_t h; uint32_t s; uint64_t u;
  switch (w) {
  case 1: memcpy(&b, p, 1); return b;
  case 2: memcpy(&h, p, 2); return h;
  case 4: memcpy(&s, p, 4); return s;
  default: memcpy(&u, p, 8); return u;
  }
}
static void jaxc__store_bits(char *p, int w, uint64_t u) {
  uint8_t b = (uint8_t)u; uint16_t h = (uint16_t)u; uint32_t s = (uint32_t)u;
  switch (w) {
  case 1: memcpy(p, &b, 1); break;
  case 2: memcpy(p, &h, 2); break;
  case 4: memcpy(p, &s, 4); break;
  default: memcpy(p, &u, 8); break;
  }
}

/* How a dtype's lanes are sorted: the key of a w-byte part (kind, sign bit, the float's infinity),
   kb key bytes, and the record: packed (key << sh | payload in one uint64_t) or a jaxc__rec. */
typedef enum jaxc__spay { JAXC__SP_NONE, JAXC__SP_BITS, JAXC__SP_POS } jaxc__spay;
typedef struct jaxc__splan {
  int w, pw, kind;     /* value bytes, bytes per key part (a complex number has two), JAXC_KIND_* */
  uint64_t sign, inf;  /* of a part: its top bit; a float's infinity */
  int kb, sh;          /* key bytes sorted on; the key's bit offset in a packed record */
  bool packed, two;    /* two: complex128, sorted by the imaginary parts, then by the real ones */
  jaxc__spay pay;
  /* orders of positions only (their keys give no value back), all off for sort's: XLA's total
     order (lax.top_k's: -NaN first, +NaN last, NaNs by payload, -0.0 < 0.0), the key of -x
     (jnp.negative's, wrapping; unsigned: jnp.partition's -(x + 1)), a descending order */
  bool total, neg, desc;
} jaxc__splan;

static jaxc__splan jaxc__sort_plan(jaxc_dtype d, bool arg, int64_t n) {
  jaxc__splan P;
  memset(&P, 0, sizeof P);
  P.w = (int)jaxc_dtype_size(d);
  P.kind = jaxc_dtype_kind(d);
  P.pw = P.kind == JAXC_KIND_COMPLEX ? P.w / 2 : P.w;
  P.sign = (uint64_t)1 << (8 * P.pw - 1);
  if (P.kind == JAXC_KIND_FLOAT || P.kind == JAXC_KIND_COMPLEX) { /* the part dtype's own infinity */
    double inf = INFINITY;
    char b[8];
    jaxc_kernel_cast_dyn(JAXC_F64, P.kind == JAXC_KIND_FLOAT ? d : P.pw == 4 ? JAXC_F32 : JAXC_F64, 1, &inf, b);
    P.inf = jaxc__load_bits(b, P.pw);
  }
  P.kb = P.w < 8 ? P.w : 8;
  P.two = P.w == 16;
  P.pay = arg || P.two ? JAXC__SP_POS : P.kind == JAXC_KIND_FLOAT || P.kind == JAXC_KIND_COMPLEX ? JAXC__SP_BITS : JAXC__SP_NONE;
  int pb = P.pay == JAXC__SP_POS ? 4 : P.pay == JAXC__SP_BITS ? P.w : 0;
  P.packed = P.kb + pb <= 8 && (P.pay != JAXC__SP_POS || n <= (int64_t)UINT32_MAX + 1);
  P.sh = P.packed ? 8 * pb : 0;
  return P;
}
/* one part's bits as an unsigned key in lax.sort's order (or the plan's other order) */
static uint64_t jaxc__part_key(const jaxc__splan *P, uint64_t u) {
  uint64_t all = P->sign | (P->sign - 1), flip = P->desc ? all : 0;
  if (P->neg) u = P->kind == JAXC_KIND_FLOAT ? u ^ P->sign : P->kind == JAXC_KIND_UINT ? ~u & all : (0 - u) & all;
  if (P->kind == JAXC_KIND_INT) return u ^ P->sign ^ flip;
  if (P->kind != JAXC_KIND_FLOAT && P->kind != JAXC_KIND_COMPLEX) return u ^ flip;
  uint64_t mag = u & (P->sign - 1);
  if (!P->total && mag > P->inf) return all ^ flip; /* every NaN, either sign: last, all equal */
  if (!P->total && mag == 0) return P->sign ^ flip; /* -0.0 == 0.0 */
  return (u & P->sign ? ~u & all : u | P->sign) ^ flip;
}
/* the plan of an order of positions (see jaxc__splan's total, neg, desc) */
static jaxc__splan jaxc__order_plan(jaxc_dtype d, int64_t n, bool total, bool neg, bool desc) {
  jaxc__splan P = jaxc__sort_plan(d, true, n);
  P.total = total, P.neg = neg, P.desc = desc;
  return P;
}
/* the key of the value at p: a complex64's is its real part's key, then its imaginary part's */
static uint64_t jaxc__value_key(const jaxc__splan *P, const char *p) {
  if (P->kind != JAXC_KIND_COMPLEX) return jaxc__part_key(P, jaxc__load_bits(p, P->w));
  return jaxc__part_key(P, jaxc__load_bits(p, 4)) << 32 | jaxc__part_key(P, jaxc__load_bits(p + 4, 4));
}

/* One lane's records (n values, s elements apart, from src; in the order perm gives, when not
   NULL, its positions carried), sorted: in scratch (2n records), at its start or its second half,
   the one returned; cnt (a count row per thread) sorts over the threads. */
static void *jaxc__sort_records(const jaxc__splan *P, const char *src, int64_t n, int64_t s, const int64_t *perm,
                                void *scratch, int64_t (*cnt)[256]) {
  size_t step = (size_t)s * (size_t)P->w;
  (void)cnt;
  if (P->packed) {
    uint64_t *r = (uint64_t *)scratch, *t = r + n;
    for (int64_t i = 0; i < n; i++) {
      uint64_t j = perm ? (uint64_t)perm[i] : (uint64_t)i, u = jaxc__load_bits(src + (size_t)j * step, P->w);
      r[i] = jaxc__part_key(P, u) << P->sh | (P->pay == JAXC__SP_POS ? j : P->pay == JAXC__SP_BITS ? u : 0);
    }
#if JAXC__HAS_OPENMP
    if (cnt) return jaxc__radix_par_u64(r, t, n, P->sh, P->kb, cnt);
#endif
    return jaxc__radix_u64(r, t, n, P->sh, P->kb);
  }
  jaxc__rec *r = (jaxc__rec *)scratch, *t = r + n;
  for (int64_t i = 0; i < n; i++) {
    uint64_t j = perm ? (uint64_t)perm[i] : (uint64_t)i;
    const char *v = src + (size_t)j * step;
    r[i].k = P->two ? jaxc__part_key(P, jaxc__load_bits(v + 8, 8)) : jaxc__value_key(P, v);
    r[i].p = P->pay == JAXC__SP_POS ? j : jaxc__load_bits(v, 8);
  }
  for (int pass = 0; pass < 1 + P->two; pass++) {
    if (pass) /* complex128: stable on the real parts after the imaginary ones */
      for (int64_t i = 0; i < n; i++) r[i].k = jaxc__part_key(P, jaxc__load_bits(src + (size_t)r[i].p * step, 8));
    jaxc__rec *other = r == (jaxc__rec *)scratch ? t : (jaxc__rec *)scratch;
#if JAXC__HAS_OPENMP
    if (cnt) r = jaxc__radix_par_rec(r, other, n, 0, P->kb, cnt);
    else
#endif
      r = jaxc__radix_rec(r, other, n, 0, P->kb);
  }
  return r;
}
/* The histogram of n bytes s apart into h (four tables, so that a run of one value does not
   wait on its own increments) */
static void jaxc__byte_histogram(const unsigned char *src, int64_t n, int64_t s, int64_t h[256]) {
  int64_t t[4][256] = {{0}}, j = 0;
  if (s == 1)
    for (; j + 4 <= n; j += 4) t[0][src[j]]++, t[1][src[j + 1]]++, t[2][src[j + 2]]++, t[3][src[j + 3]]++;
  for (; j < n; j++) t[0][src[(size_t)j * (size_t)s]]++;
  for (int b = 0; b < 256; b++) h[b] = t[0][b] + t[1][b] + t[2][b] + t[3][b];
}
/* The run of a counting sort: c copies of the w-byte value u from element i of dst, ostep bytes apart */
static void jaxc__write_run(char *dst, int64_t i, int64_t c, size_t ostep, int w, uint64_t u) {
  char *d = dst + (size_t)i * ostep;
  if (ostep == 1) { memset(d, (int)u, (size_t)c); return; }
  for (int64_t j = 0; j < c; j++) jaxc__store_bits(d + (size_t)j * ostep, w, u);
}
/* A lane of bytes sorted by counting, as a job of parts (one, or a part per thread with cnt, a
   count row each): v[k], the k-th value in key order, fills [at[k], at[k + 1]). */
typedef struct {
  const unsigned char *src;
  char *dst;
  int64_t n, s, os;
  int parts;
  int64_t (*cnt)[256];
  unsigned char v[256];
  int64_t at[257];
} jaxc__bytesort;
static void jaxc__bytesort_count(const void *jp, int64_t t) {
  const jaxc__bytesort *B = (const jaxc__bytesort *)jp;
  int64_t lo = B->n * t / B->parts, hi = B->n * (t + 1) / B->parts;
  jaxc__byte_histogram(B->src + (size_t)lo * (size_t)B->s, hi - lo, B->s, B->cnt[t]);
}
/* the runs that fall in part t of the output */
static void jaxc__bytesort_fill(const void *jp, int64_t t) {
  const jaxc__bytesort *B = (const jaxc__bytesort *)jp;
  int64_t lo = B->n * t / B->parts, hi = B->n * (t + 1) / B->parts;
  for (int k = 0; k < 256; k++) {
    int64_t a = B->at[k] > lo ? B->at[k] : lo, b = B->at[k + 1] < hi ? B->at[k + 1] : hi;
    if (a < b) jaxc__write_run(B->dst, a, b - a, (size_t)B->os, 1, B->v[k]);
  }
}
/* A lane of bytes sorted by counting: the histogram, then each value's run in key order (for
   the plans of values, the key is its own inverse); cnt (a row per thread): one long lane, its
   histogram and runs over the threads. */
static void jaxc__count_sort_bytes(const jaxc__splan *P, const unsigned char *src, unsigned char *dst, int64_t n, int64_t s, int64_t os,
                                   int64_t (*cnt)[256]) {
  jaxc__bytesort B = {src, (char *)dst, n, s, os, cnt ? jaxc__threads() : 1, cnt, {0}, {0}};
  int64_t h[256];
  if (cnt) {
    jaxc__items_run(&B, jaxc__bytesort_count, B.parts, true);
    for (int b = 0; b < 256; b++) {
      h[b] = 0;
      for (int t = 0; t < B.parts; t++) h[b] += cnt[t][b];
    }
  } else {
    jaxc__byte_histogram(src, n, s, h);
  }
  for (int k = 0; k < 256; k++) B.v[k] = (unsigned char)jaxc__part_key(P, (uint64_t)k), B.at[k + 1] = B.at[k] + h[B.v[k]];
  jaxc__items_run(&B, jaxc__bytesort_fill, B.parts, true);
}
/* A lane of 16-bit values (sort's order, values out) sorted by counting, from JAXC__COUNT16_MIN
   values on (where the 2^16 counters, in the scratch, cost less than the radix passes): each
   key's run in order, the value its key's inverse; a key that several patterns share (zeros of
   both signs, every NaN) takes its values in input order, as the stable sort leaves them. */
#define JAXC__COUNT16_MIN 16384
static bool jaxc__count16_applies(const jaxc__splan *P, int64_t n) {
  return P->w == 2 && P->kind != JAXC_KIND_COMPLEX && !P->total && !P->neg && !P->desc && n >= JAXC__COUNT16_MIN &&
         n <= (int64_t)UINT32_MAX;
}
static void jaxc__count_sort_halves(const jaxc__splan *P, const char *src, char *dst, int64_t n, int64_t s, int64_t os, uint32_t *h) {
  size_t in = 2 * (size_t)s, out = 2 * (size_t)os;
  bool fl = P->kind == JAXC_KIND_FLOAT;
  memset(h, 0, 65536 * sizeof *h);
  for (int64_t j = 0; j < n; j++) h[jaxc__load_bits(src + (size_t)j * in, 2)]++;
  int64_t i = 0;
  for (uint64_t k = 0; k < 65536; k++) {
    uint64_t u = !fl ? jaxc__part_key(P, k) /* (an integer's key is its own inverse) */
                     : (k & P->sign) ? k ^ P->sign : ~k & 0xffffu;
    uint64_t mag = u & 0x7fffu;
    if (fl && (mag == 0 || mag > P->inf)) { /* a shared key: +0's (zeros) or +NaN's (NaNs, the last) */
      if (jaxc__part_key(P, u) != k) continue;
      bool mixed = mag == 0 ? h[0] && h[0x8000] : i < n;
      if (!mixed) {
        int64_t c = (int64_t)h[u] + (mag == 0 ? h[0x8000] : 0);
        jaxc__write_run(dst, i, c, out, 2, h[u] ? u : 0x8000u);
        i += c;
        continue;
      }
      for (int64_t j = 0; j < n; j++) {
        uint64_t v = jaxc__load_bits(src + (size_t)j * in, 2);
        if (jaxc__part_key(P, v) == k) jaxc__store_bits(dst + (size_t)i++ * out, 2, v);
      }
      continue;
    }
    jaxc__write_run(dst, i, h[u], out, 2, u);
    i += h[u];
  }
}
/* Sorts one lane of src (s elements apart) into dst (os apart): the values, or (od valid) an
   argsort's positions as od; perm as jaxc__sort_records takes it. */
static void jaxc__sort_lane(const jaxc__splan *P, const char *src, char *dst, int64_t n, int64_t s, int64_t os, jaxc_dtype od,
                            const int64_t *perm, void *scratch, int64_t (*cnt)[256]) {
  size_t step = (size_t)os * (size_t)P->w, ostep = (size_t)os * jaxc_dtype_size(od);
  if (P->pay == JAXC__SP_NONE && P->w == 1) {
    jaxc__count_sort_bytes(P, (const unsigned char *)src, (unsigned char *)dst, n, s, os, cnt);
    return;
  }
  if (od == JAXC_DTYPE_INVALID && !perm && jaxc__count16_applies(P, n)) {
    jaxc__count_sort_halves(P, src, dst, n, s, os, (uint32_t *)scratch);
    return;
  }
  void *sorted = jaxc__sort_records(P, src, n, s, perm, scratch, cnt);
  if (P->packed) {
    const uint64_t *r = (const uint64_t *)sorted, low = P->sh ? ((uint64_t)1 << P->sh) - 1 : 0;
    for (int64_t i = 0; i < n; i++) {
      if (P->pay == JAXC__SP_POS) jaxc__store_bits(dst + (size_t)i * ostep, (int)jaxc_dtype_size(od), r[i] & low);
      else jaxc__store_bits(dst + (size_t)i * step, P->w, P->pay == JAXC__SP_BITS ? r[i] & low : jaxc__part_key(P, r[i]));
    }
    return;
  }
  const jaxc__rec *r = (const jaxc__rec *)sorted;
  for (int64_t i = 0; i < n; i++) {
    if (P->pay == JAXC__SP_BITS) jaxc__store_bits(dst + (size_t)i * step, 8, r[i].p);
    else if (od != JAXC_DTYPE_INVALID) jaxc__store_bits(dst + (size_t)i * ostep, (int)jaxc_dtype_size(od), r[i].p);
    else memcpy(dst + (size_t)i * step, src + (size_t)r[i].p * (size_t)s * 16, 16); /* complex128's values */
  }
}

/* The scratch of a sort of `lanes` lanes of n values: 2n records and `extra` bytes (16-aligned)
   for each thread that sorts lanes whole (*copies of them), and with one long lane the per-thread
   count rows that sort it over the threads (*cnt, else NULL); false (nothing held) when out of memory. */
static size_t jaxc__records_bytes(const jaxc__splan *P, int64_t n) {
  return (size_t)(n > 0 ? n : 1) * 2 * (P->packed ? sizeof(uint64_t) : sizeof(jaxc__rec));
}
static size_t jaxc__scratch_bytes(const jaxc__splan *P, int64_t n, size_t extra) {
  return jaxc__records_bytes(P, n) + (extra + 15) / 16 * 16;
}
static bool jaxc__sort_buffers(const jaxc__splan *P, int64_t n, int64_t lanes, size_t extra, void **scratch, int64_t (**cnt)[256], int *copies) {
  bool parallel = JAXC__HAS_OPENMP && jaxc__records_bytes(P, n) * (size_t)lanes > JAXC_PAR_BYTES && (lanes > 1 || n > JAXC__SORT_SMALL);
  *copies = parallel && lanes > 1 ? jaxc__threads() : 1;
  *scratch = jaxc__malloc(jaxc__scratch_bytes(P, n, extra) * (size_t)*copies);
  *cnt = parallel && lanes == 1 ? (int64_t(*)[256])jaxc__malloc(sizeof **cnt * (size_t)jaxc__threads()) : NULL;
  if (*scratch && (!parallel || lanes > 1 || *cnt)) return true;
  jaxc__free(*scratch), jaxc__free(*cnt);
  return false;
}

/* The lanes of a sort-like op over an axis (outer * inner lanes of n values, inner apart), each
   handed to fn with lane j's first element's place and a scratch of 2n records followed by
   `extra` bytes (and the count rows when one long lane sorts over the threads); lanes go to the
   threads whole when there are several with enough bytes. False (status set) when out of memory. */
typedef struct jaxc__lane_pass {
  const jaxc__splan *P; /* the widest records the lanes need */
  int64_t n, inner;
  void *ctx;
  void (*fn)(const struct jaxc__lane_pass *L, int64_t j, int64_t start, void *scratch, void *extra, int64_t (*cnt)[256]);
} jaxc__lane_pass;
static int64_t jaxc__lane_start(int64_t j, int64_t n, int64_t inner) { return (j / inner) * n * inner + j % inner; }
static bool jaxc__for_lanes(const jaxc__lane_pass *L, int64_t lanes, size_t extra, const char *name) {
  void *scratch;
  int64_t(*cnt)[256];
  int copies;
  if (!jaxc__sort_buffers(L->P, L->n, lanes, extra, &scratch, &cnt, &copies))
    return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in %s", name), false;
  size_t rb = jaxc__records_bytes(L->P, L->n);
  if (copies > 1) {
#if JAXC__HAS_OPENMP
    size_t per = jaxc__scratch_bytes(L->P, L->n, extra);
#  pragma omp parallel for schedule(static)
    for (int64_t j = 0; j < lanes; j++) {
      char *mine = (char *)scratch + (size_t)omp_get_thread_num() * per;
      L->fn(L, j, jaxc__lane_start(j, L->n, L->inner), mine, mine + rb, NULL);
    }
#endif
  } else {
    for (int64_t j = 0; j < lanes; j++) L->fn(L, j, jaxc__lane_start(j, L->n, L->inner), scratch, (char *)scratch + rb, cnt);
  }
  jaxc__free(scratch);
  jaxc__free(cnt);
  return true;
}

/* n elements of es bytes, stride elements apart, reversed in place (lax.rev of a lane) */
static void jaxc__reverse_run(char *p, int64_t n, int64_t stride, size_t es) {
  for (int64_t i = 0, k = n - 1; i < k; i++, k--) {
    char t[16], *x = p + (size_t)(i * stride) * es, *y = p + (size_t)(k * stride) * es;
    memcpy(t, x, es), memcpy(x, y, es), memcpy(y, t, es);
  }
}
/* a sort's lanes: a's into out's, values reversed after for a descending sort (lax.rev) */
typedef struct jaxc__sort_job { const jaxc_array *a; jaxc_array *out; jaxc_dtype pos; bool rev; } jaxc__sort_job;
static void jaxc__sort_one(const jaxc__lane_pass *L, int64_t j, int64_t start, void *scratch, void *extra, int64_t (*cnt)[256]) {
  const jaxc__sort_job *J = (const jaxc__sort_job *)L->ctx;
  size_t es = jaxc_dtype_size(J->a->dtype), oes = jaxc_dtype_size(J->out->dtype);
  char *dst = (char *)J->out->data + (size_t)start * oes;
  (void)j, (void)extra;
  jaxc__sort_lane(L->P, (const char *)J->a->data + (size_t)start * es, dst, L->n, L->inner, L->inner, J->pos, NULL, scratch, cnt);
  if (J->rev) jaxc__reverse_run(dst, L->n, L->inner, oes);
}
/* Where a sort-like op's lanes lie: flattened (JAXC_ALL_AXES; if allowed) or along axis; false
   (status set) when the axis is out of bounds. */
static bool jaxc__lane_geometry(const jaxc_array *a, int axis, bool flatten_ok, int64_t *outer, int64_t *n, int64_t *inner, int *ax) {
  *outer = 1, *n = a->size, *inner = 1, *ax = 0;
  if (flatten_ok && axis == JAXC_ALL_AXES) return true;
  if (!jaxc__canon_axis(axis, a->ndim, ax)) return false;
  *n = a->shape[*ax];
  for (int i = 0; i < *ax; i++) *outer *= a->shape[i];
  for (int i = *ax + 1; i < a->ndim; i++) *inner *= a->shape[i];
  return true;
}
static jaxc_array *jaxc__sort_impl(const jaxc_array *a, int axis, bool arg, bool desc) {
  const char *name = arg ? "argsort" : "sort";
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", name);
  int64_t outer, n, inner;
  int ax;
  if (!jaxc__lane_geometry(a, axis, true, &outer, &n, &inner, &ax)) return NULL;
  int64_t flat = a->size;
  jaxc_dtype od = arg ? jaxc__default_int() : a->dtype;
  jaxc_array *out = axis == JAXC_ALL_AXES ? jaxc__new_array(od, false, 1, &flat) : jaxc__new_array(od, false, a->ndim, a->shape);
  if (!out) return NULL;
  if (a->size == 0) { jaxc__ok(); return out; }
  /* a descending argsort orders by inverted keys, equal values in a's order as JAX's stable one
     (which reverses a, sorts, and reverses the positions); a descending sort reverses the values */
  jaxc__splan P = arg ? jaxc__order_plan(a->dtype, n, false, false, desc) : jaxc__sort_plan(a->dtype, false, n);
  jaxc__sort_job J = {a, out, arg ? od : JAXC_DTYPE_INVALID, desc && !arg};
  jaxc__lane_pass L = {&P, n, inner, &J, jaxc__sort_one};
  if (!jaxc__for_lanes(&L, outer * inner, 0, name)) return jaxc_array_free(out), NULL;
  jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_sort(const jaxc_array *a, int axis) { return jaxc__sort_impl(a, axis, false, false); }
JAXC_API jaxc_array *jaxc_argsort(const jaxc_array *a, int axis) { return jaxc__sort_impl(a, axis, true, false); }
JAXC_API jaxc_array *jaxc_sort_complex(const jaxc_array *a) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "sort_complex: the array is NULL");
  /* (to_complex_dtype reads the dtype, not the weak node: a weak int is int64 with x64 on) */
  jaxc_dtype f = jaxc_dtype_kind(a->dtype) == JAXC_KIND_COMPLEX ? jaxc__real_dtype(a->dtype) : jaxc__to_inexact(a->dtype);
  jaxc_array *s = jaxc_sort(a, -1), *r = s ? jaxc_astype(s, jaxc_storage_dtype(f == JAXC_F64 ? JAXC_C128 : JAXC_C64, jaxc_x64())) : NULL;
  jaxc_array_free(s);
  return r;
}
JAXC_API jaxc_array *jaxc_sort_ex(const jaxc_array *a, int axis, bool stable, bool descending) {
  (void)stable; /* (a stable order is one an unstable sort may give) */
  return jaxc__sort_impl(a, axis, false, descending);
}
JAXC_API jaxc_array *jaxc_argsort_ex(const jaxc_array *a, int axis, bool stable, bool descending) {
  (void)stable;
  return jaxc__sort_impl(a, axis, true, descending);
}

/* --- lexsort, top_k, partition, argpartition ---------------------------------------------------- */
/* lexsort's lanes: positions ordered by keys[0], then stably by each next key (LSD over the keys:
   each sort reads its keys in the order the last one left, carrying the positions). Neighbouring
   keys of 64 bits or fewer together sort as one key, their sort keys side by side (a second sort
   would read its key through the positions, at random). */
typedef struct jaxc__lex_job { int nkeys; const jaxc_array *const *keys; const jaxc__splan *plans; jaxc_array *out; } jaxc__lex_job;
/* the keys from k that sort as one (>= 1), and their bits */
static int jaxc__lex_group(const jaxc__lex_job *J, int k, int *bits) {
  int k1 = k;
  *bits = 0;
  while (k1 < J->nkeys && !J->plans[k1].two && *bits + 8 * J->plans[k1].w <= 64) *bits += 8 * J->plans[k1++].w;
  return k1 > k ? k1 - k : 1;
}
static void jaxc__lex_one(const jaxc__lane_pass *L, int64_t j, int64_t start, void *scratch, void *extra, int64_t (*cnt)[256]) {
  const jaxc__lex_job *J = (const jaxc__lex_job *)L->ctx;
  int64_t *perm = (int64_t *)extra, n = L->n;
  int ow = (int)jaxc_dtype_size(J->out->dtype);
  (void)j;
  for (int k = 0, g, bits; k < J->nkeys; k += g) {
    g = jaxc__lex_group(J, k, &bits);
    if (g == 1) {
      const jaxc_array *key = J->keys[k];
      jaxc__sort_lane(&J->plans[k], (const char *)key->data + (size_t)start * jaxc_dtype_size(key->dtype), (char *)perm, n,
                      L->inner, 1, JAXC_I64, k ? perm : NULL, scratch, cnt);
      continue;
    }
    jaxc__rec *r = (jaxc__rec *)scratch, *t = r + n;
    for (int64_t i = 0; i < n; i++) {
      uint64_t at = k ? (uint64_t)perm[i] : (uint64_t)i, key = 0;
      for (int q = k + g - 1; q >= k; q--) { /* the last key of the group the most significant */
        const jaxc__splan *P = &J->plans[q];
        key = key << (8 * P->w) | jaxc__value_key(P, (const char *)J->keys[q]->data + (size_t)(start + (int64_t)at * L->inner) * (size_t)P->w);
      }
      r[i].k = key, r[i].p = at;
    }
#if JAXC__HAS_OPENMP
    if (cnt) r = jaxc__radix_par_rec(r, t, n, 0, bits / 8, cnt);
    else
#endif
      r = jaxc__radix_rec(r, t, n, 0, bits / 8);
    for (int64_t i = 0; i < n; i++) perm[i] = (int64_t)r[i].p;
  }
  for (int64_t i = 0; i < L->n; i++) jaxc__store_bits((char *)J->out->data + (size_t)(start + i * L->inner) * (size_t)ow, ow, (uint64_t)perm[i]);
}
JAXC_API jaxc_array *jaxc_lexsort(int nkeys, const jaxc_array *const *keys, int axis) {
  if (nkeys < 0 || (nkeys > 0 && !keys)) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "lexsort: %s", nkeys < 0 ? "a negative number of keys" : "keys is NULL");
  if (nkeys == 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "need sequence of keys with len > 0 in lexsort");
  for (int k = 0; k < nkeys; k++) {
    if (!keys[k]) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "lexsort: key %d is NULL", k);
    if (keys[k]->ndim != keys[0]->ndim || memcmp(keys[k]->shape, keys[0]->shape, sizeof(int64_t) * (size_t)keys[0]->ndim))
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "all keys need to be the same shape");
  }
  const jaxc_array *a = keys[0];
  if (a->ndim == 0) { /* JAX's early return: the index 0 */
    jaxc_array *z = jaxc__new_array(jaxc__default_int(), false, 0, NULL);
    if (z) memset(z->data, 0, jaxc_dtype_size(z->dtype)), jaxc__ok();
    return z;
  }
  int64_t outer, n, inner;
  int ax;
  if (!jaxc__lane_geometry(a, axis, false, &outer, &n, &inner, &ax)) return NULL;
  jaxc_array *out = jaxc__new_array(jaxc__default_int(), false, a->ndim, a->shape);
  jaxc__splan *plans = (jaxc__splan *)jaxc__malloc(sizeof *plans * (size_t)nkeys);
  if (!out || !plans) {
    jaxc_array_free(out), jaxc__free(plans);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in lexsort");
  }
  int widest = 0;
  for (int k = 0; k < nkeys; k++) {
    plans[k] = jaxc__order_plan(keys[k]->dtype, n, false, false, false);
    if (jaxc__records_bytes(&plans[k], n) > jaxc__records_bytes(&plans[widest], n)) widest = k;
  }
  jaxc__lex_job J = {nkeys, keys, plans, out};
  jaxc__splan room = plans[widest]; /* (the scratch's size: a group of keys sorts jaxc__recs) */
  for (int k = 0, g = 1, bits; k < nkeys; k += g)
    if ((g = jaxc__lex_group(&J, k, &bits)) > 1) room.packed = false;
  jaxc__lane_pass L = {&room, n, inner, &J, jaxc__lex_one};
  bool ok = a->size == 0 || jaxc__for_lanes(&L, outer * inner, (size_t)n * sizeof(int64_t), "lexsort");
  jaxc__free(plans);
  if (!ok) return jaxc_array_free(out), NULL;
  jaxc__ok();
  return out;
}

/* lax.top_k's checks in its words, for an axis already canonical (shape printed as a list) */
static bool jaxc__top_k_check(const jaxc_array *a, int ax, int64_t k) {
  char shape[24 * JAXC_MAX_NDIM + 8];
  jaxc__format_dims(shape, sizeof shape, a->ndim, a->shape);
  if (a->shape[ax] > (int64_t)INT32_MAX + 1)
    return jaxc__fail(JAXC_ERR_SHAPE, "top_k returns int32 indices, which will overflow for array dimensions larger than the "
                      "maximum int32 (2147483647). Got operand.shape=%s", shape), false;
  if (a->shape[ax] >= k) return true;
  size_t len = strlen(shape); /* (the tuple's parentheses as a list's brackets, without (5,)'s comma) */
  if (len >= 2) shape[0] = '[', shape[len - 1] = ']';
  if (a->ndim == 1 && len >= 3) shape[len - 2] = ']', shape[len - 1] = 0;
  return jaxc__fail(JAXC_ERR_SHAPE, "k argument to top_k must be no larger than size along axis; got k=%lld with shape=%s and axis=%d",
                    (long long)k, shape, ax), false;
}
/* top_k's lanes (and partition's, argpartition's): the positions of a lane in the plan's order */
typedef struct jaxc__topk_job {
  const jaxc_array *a;
  int64_t k;               /* top_k: how many; partition: kth */
  jaxc__splan vhigh, high; /* lax.top_k(a)'s order; the values' ascending total order (the lanes'
                              plan: top_k's order, lax.top_k(-a)'s for partition) */
  jaxc_array *vals, *idx;  /* either may be NULL */
  int mode;                /* 0 top_k, 1 partition, 2 argpartition */
} jaxc__topk_job;
/* the key at rank k of the n keys v[] that agree above bit shift (v is reordered); when every bit
   is read, more than JAXC__SEL_SMALL keys left are all equal (insertion sort passes them in O(n)) */
static uint64_t jaxc__rsel_narrow(uint64_t *v, int64_t n, int shift, int64_t k) {
  int64_t c[1 << JAXC__SEL_BITS];
  while (n > JAXC__SEL_SMALL && shift > 0) {
    int digits = shift < JAXC__SEL_BITS ? shift : JAXC__SEL_BITS;
    uint64_t mask = ((uint64_t)1 << digits) - 1;
    shift -= digits;
    memset(c, 0, sizeof(int64_t) << digits);
    for (int64_t i = 0; i < n; i++) c[(v[i] >> shift) & mask]++;
    uint64_t b = 0;
    while (k >= c[b]) k -= c[b++];
    int64_t m = 0;
    for (int64_t i = 0; i < n; i++)
      if (((v[i] >> shift) & mask) == b) v[m++] = v[i];
    n = m;
  }
  for (int64_t i = 1; i < n; i++) {
    uint64_t x = v[i];
    int64_t j = i;
    for (; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
    v[j] = x;
  }
  return v[k];
}
/* jaxc__part_key of a total-order plan (no NaN or zero made one key), without branches on the
   value, from a copy of the plan's constants (which the select's stores cannot alias) */
typedef struct jaxc__tkey { uint64_t sign, all, flip; int w; bool flt, sgn, neg, uns; } jaxc__tkey;
static jaxc__tkey jaxc__tkey_of(const jaxc__splan *P) {
  jaxc__tkey T = {P->sign, P->sign | (P->sign - 1), 0, P->w, P->kind == JAXC_KIND_FLOAT, false, P->neg, P->kind == JAXC_KIND_UINT};
  T.sgn = T.flt || P->kind == JAXC_KIND_INT, T.flip = P->desc ? T.all : 0;
  return T;
}
static inline uint64_t jaxc__tkey_at(jaxc__tkey T, const char *p) {
  uint64_t u = jaxc__load_bits(p, T.w);
  if (T.neg) u = T.flt ? u ^ T.sign : T.uns ? ~u & T.all : (0 - u) & T.all;
  uint64_t below = T.flt ? (0 - (uint64_t)((u & T.sign) != 0)) & T.all : 0; /* a negative float: every bit flips */
  return (T.sgn ? u ^ (below | T.sign) : u) ^ T.flip;
}
/* The first m positions of a lane (n values s elements apart) in P's order, into pos (room for n).
   Where m is at most a quarter of a long lane (past that it did not pay: argpartition at n / 2
   took 39 ns an element selected, 36 sorted), the key at rank m - 1 is found first (the keys' top
   JAXC__SEL_BITS bits counted, that bucket's keys gathered and narrowed), and only the positions
   of smaller keys and of the first equal ones are sorted (in the lane's order, which equal keys
   keep). */
static void jaxc__first_positions(const jaxc__splan *P, const char *src, int64_t n, int64_t s, int64_t m, int64_t *pos,
                                  void *scratch, int64_t (*cnt)[256]) {
  enum { NB = 1 << JAXC__SEL_BITS };
  JAXC_ASSERT(P->total && P->pay == JAXC__SP_POS && P->kind != JAXC_KIND_COMPLEX);
  int64_t *c = m <= n / 4 && n >= JAXC_SELECT_MIN ? (int64_t *)jaxc__malloc(sizeof(int64_t) * NB) : NULL;
  if (!c) { /* (short lanes, most of a lane, or no room to count: all sorted) */
    jaxc__sort_lane(P, src, (char *)pos, n, s, 1, JAXC_I64, NULL, scratch, cnt);
    return;
  }
  int bits = 8 * P->w, sh = bits > JAXC__SEL_BITS ? bits - JAXC__SEL_BITS : 0;
  size_t step = (size_t)s * (size_t)P->w;
  jaxc__tkey T = jaxc__tkey_of(P);
  int64_t below = 0, b = 0, nb = 0, got = 0, ties;
  memset(c, 0, sizeof(int64_t) * NB);
  for (int64_t i = 0; i < n; i++) c[jaxc__tkey_at(T, src + (size_t)i * step) >> sh]++;
  while (below + c[b] < m) below += c[b++];
  uint64_t *v = (uint64_t *)scratch; /* (the records' room: 2n of 8 bytes at least) */
  for (int64_t i = 0; i < n; i++) { /* (a store whether or not it is kept: a quarter of a float lane may be) */
    uint64_t k = jaxc__tkey_at(T, src + (size_t)i * step);
    v[nb] = k, nb += (int64_t)(k >> sh) == b;
  }
  memcpy(v + nb, v, (size_t)nb * sizeof *v); /* (narrowed in a copy: the smaller ones counted after) */
  uint64_t t = jaxc__rsel_narrow(v + nb, nb, sh, m - 1 - below); /* the key at rank m - 1 */
  jaxc__free(c);
  ties = m - below; /* how many keys equal to t come in: m minus the smaller ones */
  for (int64_t i = 0; i < nb; i++) ties -= v[i] < t;
  for (int64_t i = 0; i < n && got < m; i++) {
    uint64_t k = jaxc__tkey_at(T, src + (size_t)i * step);
    if (k < t || (k == t && ties-- > 0)) pos[got++] = i;
  }
  jaxc__sort_lane(P, src, (char *)pos, got, s, 1, JAXC_I64, pos, scratch, (size_t)got * (size_t)P->w > JAXC_PAR_BYTES ? cnt : NULL);
}
/* whether a lane holds the signed integer whose negative is itself (jnp.partition's two top_k
   calls then disagree) */
static bool jaxc__lane_has_int_min(const jaxc__splan *P, const char *src, int64_t n, int64_t s) {
  if (P->kind != JAXC_KIND_INT) return false;
  for (int64_t i = 0; i < n; i++)
    if (jaxc__load_bits(src + (size_t)(i * s) * (size_t)P->w, P->w) == P->sign) return true;
  return false;
}
static void jaxc__topk_one(const jaxc__lane_pass *L, int64_t j, int64_t start, void *scratch, void *extra, int64_t (*cnt)[256]) {
  const jaxc__topk_job *J = (const jaxc__topk_job *)L->ctx;
  int64_t n = L->n, inner = L->inner, *pos = (int64_t *)extra, first = J->mode ? J->k + 1 : J->k;
  size_t es = jaxc_dtype_size(J->a->dtype), ostart = (size_t)jaxc__lane_start(j, J->mode ? n : J->k, inner);
  const char *src = (const char *)J->a->data + (size_t)start * es;
  char *vo = J->vals ? (char *)J->vals->data + ostart * es : NULL, *io = J->idx ? (char *)J->idx->data + ostart * 4 : NULL;
#define JAXC__TOPK_PUT(i, p)                                                                          \
  do {                                                                                                \
    if (vo) memcpy(vo + (size_t)((i) * inner) * es, src + (size_t)((p) * inner) * es, es);            \
    if (io) jaxc__store_bits(io + (size_t)((i) * inner) * 4, 4, (uint64_t)(p));                       \
  } while (0)
  if (J->mode == 1 && !jaxc__lane_has_int_min(L->P, src, n, inner)) {
    /* partition: top_k(-a)'s order is a's ascending total order, and top_k(a)'s values are those
       of its tail reversed (equal keys, equal bits): one sort of the values */
    jaxc__sort_lane(&J->high, src, vo, n, inner, inner, JAXC_DTYPE_INVALID, NULL, scratch, cnt);
    jaxc__reverse_run(vo + (size_t)(first * inner) * es, n - first, inner, es);
    return;
  }
  jaxc__first_positions(L->P, src, n, inner, first, pos, scratch, cnt);
  for (int64_t i = 0; i < first; i++) JAXC__TOPK_PUT(i, pos[i]);
  if (J->mode == 1) { /* partition: then lax.top_k(a)'s n - kth - 1 values */
    jaxc__sort_lane(&J->vhigh, src, (char *)pos, n, inner, 1, JAXC_I64, NULL, scratch, cnt);
    for (int64_t i = 0; i < n - first; i++) JAXC__TOPK_PUT(first + i, pos[i]);
  } else if (J->mode == 2) { /* argpartition: then the other positions in order (top_k of JAX's 0/1 proxy) */
    unsigned char *taken = (unsigned char *)(pos + n);
    memset(taken, 0, (size_t)n);
    for (int64_t i = 0; i < first; i++) taken[pos[i]] = 1;
    for (int64_t p = 0, i = first; p < n; p++)
      if (!taken[p]) {
        JAXC__TOPK_PUT(i, p);
        i++;
      }
  }
#undef JAXC__TOPK_PUT
}
static bool jaxc__topk_run(jaxc__topk_job *J, int ax, bool neg) {
  int64_t outer, n, inner;
  jaxc__lane_geometry(J->a, ax, false, &outer, &n, &inner, &ax);
  jaxc__splan P = jaxc__order_plan(J->a->dtype, n, true, neg, true);
  J->vhigh = jaxc__order_plan(J->a->dtype, n, true, false, true);
  J->high = jaxc__sort_plan(J->a->dtype, false, n);
  J->high.total = true;
  jaxc__lane_pass L = {&P, n, inner, J, jaxc__topk_one};
  static const char *const names[] = {"top_k", "partition", "argpartition"};
  /* the positions (and argpartition's marks); partition needs them only where a lane may hold a
     signed minimum */
  size_t extra = (size_t)n * (J->mode == 2 ? sizeof(int64_t) + 1 : J->mode == 1 && P.kind != JAXC_KIND_INT ? 0 : sizeof(int64_t));
  return J->a->size == 0 || (J->mode ? n : J->k) == 0 || jaxc__for_lanes(&L, outer * inner, extra, names[J->mode]);
}
JAXC_API int jaxc_top_k(const jaxc_array *a, int64_t k, int axis, jaxc_array **values, jaxc_array **indices) {
  if (values) *values = NULL;
  if (indices) *indices = NULL;
  int ax;
  if (!a) return jaxc__fail(JAXC_ERR_ARG, "top_k: the operand is NULL"), JAXC_ERR_ARG;
  if (k < 0) return jaxc__fail(JAXC_ERR_ARG, "k argument to top_k must be nonnegative, got %lld", (long long)k), JAXC_ERR_ARG;
  if (!jaxc__canon_axis(axis, a->ndim, &ax)) return jaxc_last_status();
  if (jaxc_dtype_kind(a->dtype) == JAXC_KIND_COMPLEX)
    return jaxc__fail(JAXC_ERR_DTYPE, "top_k is not compatible with complex inputs."), JAXC_ERR_DTYPE;
  if (!jaxc__top_k_check(a, ax, k)) return jaxc_last_status();
  int64_t shape[JAXC_MAX_NDIM];
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  shape[ax] = k;
  jaxc__topk_job J = {a, k, {0}, {0}, NULL, NULL, 0};
  bool ok = (!values || (J.vals = jaxc__new_array(a->dtype, a->weak, a->ndim, shape))) &&
            (!indices || (J.idx = jaxc__new_array(JAXC_I32, false, a->ndim, shape))) && jaxc__topk_run(&J, ax, false);
  if (!ok) {
    jaxc_array_free(J.vals), jaxc_array_free(J.idx);
    return jaxc_last_status() != JAXC_OK ? jaxc_last_status() : JAXC_ERR_NOMEM;
  }
  if (values) *values = J.vals;
  if (indices) *indices = J.idx;
  jaxc__ok();
  return JAXC_OK;
}
static jaxc_array *jaxc__partition_impl(const jaxc_array *a, int64_t kth, int axis, bool arg) {
  const char *name = arg ? "argpartition" : "partition";
  int ax;
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", name);
  if (jaxc_dtype_kind(a->dtype) == JAXC_KIND_COMPLEX)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "jnp.%s for complex dtype is not implemented.", name);
  if (!jaxc__canon_axis(axis, a->ndim, &ax)) return NULL;
  int64_t n = a->shape[ax];
  if (kth < -n || kth >= n) /* (kth goes through canonicalize_axis too) */
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "axis %lld is out of bounds for array of dimension %lld", (long long)kth, (long long)n);
  if (a->dtype == JAXC_BOOL) return (jaxc_array *)jaxc__fail_dtype(JAXC_OP_NEGATIVE, a->dtype); /* (-a) */
  if (!jaxc__top_k_check(a, ax, kth < 0 ? kth + n + 1 : kth + 1)) return NULL;
  jaxc__topk_job J = {a, kth < 0 ? kth + n : kth, {0}, {0}, NULL, NULL, arg ? 2 : 1};
  jaxc_array *out = jaxc__new_array(arg ? JAXC_I32 : a->dtype, arg ? false : a->weak, a->ndim, a->shape);
  if (!out) return NULL;
  *(arg ? &J.idx : &J.vals) = out;
  if (!jaxc__topk_run(&J, ax, true)) return jaxc_array_free(out), NULL;
  jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_partition(const jaxc_array *a, int64_t kth, int axis) { return jaxc__partition_impl(a, kth, axis, false); }
JAXC_API jaxc_array *jaxc_argpartition(const jaxc_array *a, int64_t kth, int axis) { return jaxc__partition_impl(a, kth, axis, true); }

/* --- searchsorted, digitize ------------------------------------------------------------------- */
/* a value's key in sort's order as a pair: complex128's real part's key, then its imaginary part's */
typedef struct jaxc__key2 { uint64_t hi, lo; } jaxc__key2;
static jaxc__key2 jaxc__key_of(const jaxc__splan *P, const char *p) {
  jaxc__key2 k = {0, 0};
  if (P->two) k.hi = jaxc__part_key(P, jaxc__load_bits(p, 8)), k.lo = jaxc__part_key(P, jaxc__load_bits(p + 8, 8));
  else k.hi = jaxc__value_key(P, p);
  return k;
}
static bool jaxc__key_lt(jaxc__key2 x, jaxc__key2 y) { return x.hi != y.hi ? x.hi < y.hi : x.lo < y.lo; }
static bool jaxc__key_eq(jaxc__key2 x, jaxc__key2 y) { return x.hi == y.hi && x.lo == y.lo; }
static jaxc__key2 jaxc__key_wide(uint64_t k) {
  jaxc__key2 r = {k, 0};
  return r;
}
static jaxc__key2 jaxc__key_same(jaxc__key2 k) { return k; }
/* the key of a NaN (a complex number with a NaN part): sort's keys make every NaN equal, == none */
static bool jaxc__key_nan(const jaxc__splan *P, jaxc__key2 k) {
  uint64_t all = P->sign | (P->sign - 1); /* a part's NaN key */
  if (P->kind == JAXC_KIND_FLOAT) return k.hi == all;
  if (P->kind != JAXC_KIND_COMPLEX) return false;
  return P->two ? k.hi == all || k.lo == all : (k.hi >> 32) == all || (k.hi & all) == all;
}
/* == on keys: zeros' keys are equal already, a NaN equals nothing */
static bool jaxc__key_equal_values(const jaxc__splan *P, jaxc__key2 x, jaxc__key2 y) {
  return jaxc__key_eq(x, y) && !jaxc__key_nan(P, x);
}

typedef struct jaxc__search_job {
  const void *keys; /* a's keys: uint32_t (values of up to 4 bytes), uint64_t, or jaxc__key2 (complex128) */
  int64_t n;
  int levels;
  bool right, wide;
  const jaxc__splan *P;
  const char *v;
  void *out;
  bool member, invert; /* isin: out is bool, whether the query equals a value (!= with invert) */
} jaxc__search_job;
static uint32_t jaxc__key_u32(const jaxc__splan *P, const char *p) { return (uint32_t)jaxc__value_key(P, p); }
static void jaxc__search_store(const jaxc__search_job *j, int64_t i, int64_t place) {
  if (j->wide) ((int64_t *)j->out)[i] = place;
  else ((int32_t *)j->out)[i] = (int32_t)place;
}
/* isin's answer for query i, whose key is q: the left place's value is the only one it can equal */
static void jaxc__member_store(const jaxc__search_job *j, int64_t i, bool same_key, jaxc__key2 q) {
  ((bool *)j->out)[i] = (same_key && !jaxc__key_nan(j->P, q)) != j->invert;
}
#define JAXC__LT(x, y) ((x) < (y))
/* JAX's scan for queries i0 .. i0 + g - 1 (g <= 16) side by side, so that their reads of a overlap:
   ceil(log2(n + 1)) halvings of [0, n], going left where q <= a[mid] (left) or q < a[mid] (right);
   mid < n always (high only falls to mid, low only rises to mid < high) */
#define JAXC__BISECT_DEF(SUF, K, KEY, LT, WIDE)                                                                \
  static void jaxc__bisect_##SUF(const jaxc__search_job *j, int64_t i0, int g) {                               \
    const K *k = (const K *)j->keys;                                                                           \
    K q[16];                                                                                                   \
    int64_t low[16], high[16];                                                                                 \
    for (int t = 0; t < g; t++) q[t] = KEY(j->P, j->v + (size_t)(i0 + t) * (size_t)j->P->w), low[t] = 0, high[t] = j->n; \
    for (int l = 0; l < j->levels; l++)                                                                        \
      for (int t = 0; t < g; t++) {                                                                            \
        int64_t mid = low[t] + (high[t] - low[t]) / 2;                                                         \
        bool left = j->right ? LT(q[t], k[mid]) : !LT(k[mid], q[t]);                                           \
        high[t] = left ? mid : high[t];                                                                        \
        low[t] = left ? low[t] : mid;                                                                          \
      }                                                                                                        \
    for (int t = 0; t < g; t++) {                                                                              \
      if (!j->member) jaxc__search_store(j, i0 + t, high[t]);                                                  \
      else jaxc__member_store(j, i0 + t, high[t] < j->n && jaxc__key_eq(WIDE(k[high[t]]), WIDE(q[t])), WIDE(q[t])); \
    }                                                                                                          \
  }
JAXC__BISECT_DEF(u32, uint32_t, jaxc__key_u32, JAXC__LT, jaxc__key_wide)
JAXC__BISECT_DEF(u64, uint64_t, jaxc__value_key, JAXC__LT, jaxc__key_wide)
JAXC__BISECT_DEF(k2, jaxc__key2, jaxc__key_of, jaxc__key_lt, jaxc__key_same)
static void jaxc__search_range(const void *jp, int64_t lo, int64_t hi) {
  const jaxc__search_job *j = (const jaxc__search_job *)jp;
  for (int64_t i = lo; i < hi; i += 16) {
    int g = hi - i < 16 ? (int)(hi - i) : 16;
    if (j->n == 0)
      for (int t = 0; t < g; t++) {
        if (j->member) ((bool *)j->out)[i + t] = j->invert;
        else jaxc__search_store(j, i + t, 0);
      }
    else if (j->P->two) jaxc__bisect_k2(j, i, g);
    else if (j->P->w <= 4) jaxc__bisect_u32(j, i, g);
    else jaxc__bisect_u64(j, i, g);
  }
}
/* the keys of the n sorted values at a, as narrow as the values (the searches read fewer lines);
   NULL when out of memory */
static void *jaxc__search_keys(const jaxc__splan *P, const char *a, int64_t n) {
  size_t kw = P->two ? sizeof(jaxc__key2) : P->w <= 4 ? sizeof(uint32_t) : sizeof(uint64_t);
  void *keys = jaxc__malloc((size_t)(n > 0 ? n : 1) * kw);
  for (int64_t i = 0; keys && i < n; i++) {
    const char *p = a + (size_t)i * (size_t)P->w;
    if (P->two) ((jaxc__key2 *)keys)[i] = jaxc__key_of(P, p);
    else if (P->w <= 4) ((uint32_t *)keys)[i] = jaxc__key_u32(P, p);
    else ((uint64_t *)keys)[i] = jaxc__value_key(P, p);
  }
  return keys;
}
static int jaxc__search_levels(int64_t n) {
  int levels = 0;
  while (levels < 63 && ((int64_t)1 << levels) < n + 1) levels++;
  return levels;
}
/* the job's m queries, over the threads when they read enough */
static void jaxc__search_run(const jaxc__search_job *job, int64_t m) {
  if ((size_t)m * (size_t)(job->levels + 1) * 8 > JAXC_PAR_BYTES) /* (about the bytes the queries read) */
    jaxc__pieces_run(job, jaxc__search_range, m, 4096, true);
  else
    jaxc__search_range(job, 0, m);
}
JAXC_API jaxc_array *jaxc_searchsorted(const jaxc_array *a, const jaxc_array *v, jaxc_side side, const jaxc_array *sorter) {
  if (!a || !v) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "searchsorted: an operand is NULL");
  if ((unsigned)side > (unsigned)JAXC_SIDE_RIGHT)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%d is an invalid value for keyword 'side'. Expected one of ['left', 'right'].", (int)side);
  if (a->ndim != 1) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "a should be 1-dimensional");
  if (sorter && sorter->ndim != 1) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "sorter should be 1-dimensional");
  jaxc_dtype node = jaxc__join2(a, v);
  if (node == JAXC_DTYPE_INVALID) return NULL;
  jaxc_dtype dt = jaxc_storage_dtype(node, jaxc_x64());
  jaxc_array *sa = sorter ? jaxc_index_take(a, sorter, 0, JAXC_MODE_DEFAULT, NULL) : NULL, *ca = NULL, *cv = NULL, *out = NULL;
  const jaxc_array *base = sorter ? sa : a;
  bool ok = base != NULL; /* (each step's failure has set the status) */
  if (ok && base->dtype != dt) ok = (ca = jaxc__astype_impl(base, dt, NULL)) != NULL;
  if (ok && v->dtype != dt) ok = (cv = jaxc__astype_impl(v, dt, NULL)) != NULL;
  const jaxc_array *A = ca ? ca : base, *V = cv ? cv : v;
  void *keys = NULL;
  int64_t n = ok ? A->shape[0] : 0;
  if (ok) out = jaxc__new_array(n <= INT32_MAX ? JAXC_I32 : JAXC_I64, false, v->ndim, v->shape);
  jaxc__splan P = jaxc__sort_plan(dt, false, n);
  if (out && !(keys = jaxc__search_keys(&P, (const char *)A->data, n))) {
    jaxc_array_free(out);
    out = (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in searchsorted");
  }
  if (out) {
    jaxc__search_job job = {keys, n, jaxc__search_levels(n), side == JAXC_SIDE_RIGHT, out->dtype == JAXC_I64, &P,
                            (const char *)V->data, out->data, false, false};
    jaxc__search_run(&job, V->size);
    jaxc__ok();
  }
  jaxc__free(keys);
  jaxc_array_free(sa), jaxc_array_free(ca), jaxc_array_free(cv);
  return out;
}

static jaxc_array *jaxc__slice_axis(const jaxc_array *x, int ax, int64_t start, int64_t stop);
JAXC_API jaxc_array *jaxc_digitize(const jaxc_array *x, const jaxc_array *bins, bool right) {
  if (!x || !bins) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "digitize: an operand is NULL");
  if (bins->ndim != 1) {
    char aval[160];
    jaxc__format_aval(aval, sizeof aval, bins->dtype, bins->ndim, bins->shape);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "digitize: bins must be a 1-dimensional array; got bins=%s", aval);
  }
  int64_t n = bins->shape[0];
  if (n == 0) { /* zeros_like(x, int32), before any promotion (strict mode has nothing to refuse) */
    jaxc_array *z = jaxc__new_array(JAXC_I32, false, x->ndim, x->shape);
    if (z) memset(z->data, 0, (size_t)z->size * 4), jaxc__ok();
    return z;
  }
  jaxc_side side = right ? JAXC_SIDE_LEFT : JAXC_SIDE_RIGHT;
  /* where(bins[-1] >= bins[0], searchsorted(bins, x), n - searchsorted(bins[::-1], x)) */
  jaxc_array *first = jaxc__slice_axis(bins, 0, 0, 1), *last = first ? jaxc__slice_axis(bins, 0, n - 1, n) : NULL;
  jaxc_array *up = last ? jaxc_binary(JAXC_OP_GREATER_EQUAL, last, first) : NULL, *r = NULL;
  if (up) {
    bool inc = *(const bool *)up->data;
    jaxc_array *rev = inc ? NULL : jaxc_flip(bins, 0, NULL);
    jaxc_array *s = inc || rev ? jaxc_searchsorted(inc ? bins : rev, x, side, NULL) : NULL;
    jaxc_array *nn = s && !inc ? jaxc_weak_int(n) : NULL;
    r = inc ? s : nn ? jaxc_binary(JAXC_OP_SUBTRACT, nn, s) : NULL;
    if (!inc) jaxc_array_free(s);
    jaxc_array_free(rev), jaxc_array_free(nn);
  }
  jaxc_array_free(first), jaxc_array_free(last), jaxc_array_free(up);
  return r;
}

/* --- unique -------------------------------------------------------------------------------------
   The values (rows: slices along the axis, moved first) are ordered by a stable sort (the radix
   engine for single values, a merge sort of row numbers comparing key rows for slices); a group
   starts where a key differs from the one before, or at a NaN when NaNs are not equal. */
typedef struct jaxc__rows { const jaxc__key2 *k; int64_t w; } jaxc__rows; /* keys of rows of w values */
static bool jaxc__row_le(const jaxc__rows *r, int64_t x, int64_t y) {
  for (int64_t j = 0; j < r->w; j++) {
    jaxc__key2 a = r->k[x * r->w + j], b = r->k[y * r->w + j];
    if (jaxc__key_lt(a, b)) return true;
    if (jaxc__key_lt(b, a)) return false;
  }
  return true;
}
/* a stable bottom-up merge sort of the row numbers in p (tmp: as many) */
static int64_t *jaxc__sort_rows(const jaxc__rows *r, int64_t *p, int64_t *tmp, int64_t n) {
  for (int64_t w = 1; w < n; w *= 2) {
    for (int64_t lo = 0; lo < n; lo += 2 * w) {
      int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n, i = lo, j = mid, t = lo;
      while (i < mid && j < hi) tmp[t++] = jaxc__row_le(r, p[i], p[j]) ? p[i++] : p[j++];
      while (i < mid) tmp[t++] = p[i++];
      while (j < hi) tmp[t++] = p[j++];
    }
    int64_t *x = p; p = tmp; tmp = x;
  }
  return p;
}
/* jnp.isnan of a complex value is either part's: such values become nan+0j before the sort */
static void jaxc__unique_complex_nans(jaxc_array *aux, const jaxc__splan *P) {
  if (P->kind != JAXC_KIND_COMPLEX) return;
  double nan[2] = {NAN, 0.0};
  for (int64_t i = 0; i < aux->size; i++) {
    char *p = (char *)aux->data + (size_t)i * (size_t)P->w;
    uint64_t all = P->sign | (P->sign - 1);
    if (jaxc__part_key(P, jaxc__load_bits(p, P->pw)) == all || jaxc__part_key(P, jaxc__load_bits(p + P->pw, P->pw)) == all)
      jaxc_kernel_cast_dyn(JAXC_C128, aux->dtype, 1, nan, p);
  }
}
/* a sorted record's key (complex128's both parts, from its value) and position */
static jaxc__key2 jaxc__rec_key(const jaxc__splan *P, const void *recs, int64_t i, const char *src, int64_t *pos) {
  jaxc__key2 k = {0, 0};
  if (P->packed) {
    uint64_t r = ((const uint64_t *)recs)[i];
    *pos = (int64_t)(r & UINT32_MAX), k.hi = r >> P->sh;
  } else {
    const jaxc__rec *r = (const jaxc__rec *)recs + i;
    *pos = (int64_t)r->p;
    if (P->two) k = jaxc__key_of(P, src + (size_t)r->p * 16);
    else k.hi = r->k;
  }
  return k;
}
/* single values: sorted as records of key and position, the groups read off the keys in order */
static bool jaxc__unique_values(const jaxc__splan *P, const jaxc_array *aux, int64_t n, bool equal_nan, int64_t *perm,
                                int64_t *starts, int64_t *nu) {
  void *scratch;
  int64_t(*cnt)[256];
  int copies;
  if (!jaxc__sort_buffers(P, n, 1, 0, &scratch, &cnt, &copies)) return false; /* (copies: 1, one lane) */
  const void *recs = jaxc__sort_records(P, (const char *)aux->data, n, 1, NULL, scratch, cnt);
  jaxc__key2 prev = {0, 0};
  *nu = 0;
  for (int64_t i = 0; i < n; i++) {
    jaxc__key2 k = jaxc__rec_key(P, recs, i, (const char *)aux->data, &perm[i]);
    if (i == 0 || k.hi != prev.hi || k.lo != prev.lo || (!equal_nan && jaxc__key_nan(P, k))) starts[(*nu)++] = i;
    prev = k;
  }
  jaxc__free(scratch), jaxc__free(cnt);
  return true;
}
/* the sorted order of aux's n rows of w values (w == 0: none, all rows equal) and where its
   groups start; false when out of memory */
static bool jaxc__unique_groups(const jaxc_array *aux, int64_t n, int64_t w, bool equal_nan, int64_t *perm, int64_t *starts, int64_t *nu) {
  jaxc__splan P = jaxc__sort_plan(aux->dtype, true, n);
  if (w == 1) return jaxc__unique_values(&P, aux, n, equal_nan, perm, starts, nu);
  jaxc__key2 *k = (jaxc__key2 *)jaxc__malloc((size_t)(n * w > 0 ? n * w : 1) * sizeof *k);
  int64_t *tmp = (int64_t *)jaxc__malloc((size_t)(n > 0 ? n : 1) * sizeof *tmp);
  if (!k || !tmp) return jaxc__free(k), jaxc__free(tmp), false;
  for (int64_t i = 0; i < n * w; i++) k[i] = jaxc__key_of(&P, (const char *)aux->data + (size_t)i * (size_t)P.w);
  for (int64_t i = 0; i < n; i++) perm[i] = i;
  jaxc__rows r = {k, w};
  int64_t *p = jaxc__sort_rows(&r, perm, tmp, n);
  if (p != perm) memcpy(perm, p, (size_t)n * sizeof *perm);
  *nu = 0;
  for (int64_t i = 0; i < n; i++) {
    bool starts_here = i == 0 || w == 0;
    for (int64_t j = 0; j < w && !starts_here; j++) {
      jaxc__key2 x = k[perm[i] * w + j], y = k[perm[i - 1] * w + j];
      starts_here = x.hi != y.hi || x.lo != y.lo || (!equal_nan && jaxc__key_nan(&P, x));
    }
    if (w == 0 && i > 0) break; /* (empty slices are all equal: one group) */
    if (starts_here) starts[(*nu)++] = i;
  }
  jaxc__free(k), jaxc__free(tmp);
  return true;
}
static jaxc_array *jaxc__index_vector(int64_t n) { return jaxc__new_array(jaxc__default_int(), false, 1, &n); }
static void jaxc__store_index(jaxc_array *r, int64_t i, int64_t v) {
  jaxc__store_bits((char *)r->data + (size_t)i * jaxc_dtype_size(r->dtype), (int)jaxc_dtype_size(r->dtype), (uint64_t)v);
}

/* A call with several results (the wanted ones: outs[j] not NULL) makes all or none: they start
   NULL, and at the end each is handed out (ok) or freed, and the status returned. */
static void jaxc__outs_clear(int n, jaxc_array **const *outs) {
  for (int j = 0; j < n; j++)
    if (outs[j]) *outs[j] = NULL;
}
static int jaxc__outs_hand(int n, jaxc_array **const *outs, jaxc_array **res, bool ok) {
  for (int j = 0; j < n; j++) {
    if (ok && outs[j]) *outs[j] = res[j];
    else jaxc_array_free(res[j]);
  }
  if (!ok) return jaxc_last_status() != JAXC_OK ? jaxc_last_status() : JAXC_ERR_NOMEM;
  jaxc__ok();
  return JAXC_OK;
}

JAXC_API int jaxc_unique_ex(const jaxc_array *a, int axis, bool equal_nan, int64_t size, const jaxc_array *fill_value,
                            jaxc_array **values, jaxc_array **indices, jaxc_array **inverse, jaxc_array **counts) {
  jaxc_array **outs[4] = {values, indices, inverse, counts};
  jaxc__outs_clear(4, outs);
  if (!a || !values) return jaxc__fail(JAXC_ERR_ARG, "unique: %s is NULL", a ? "values" : "the array"), JAXC_ERR_ARG;
  if (size != JAXC_NONE && size < 0) return jaxc__fail(JAXC_ERR_ARG, "unique: size must be nonnegative, got %lld", (long long)size), JAXC_ERR_ARG;
  bool flat = axis == JAXC_ALL_AXES;
  int ax = 0;
  if (!flat && !jaxc__canon_axis(axis, a->ndim, &ax)) return jaxc_last_status();
  int64_t n = flat ? a->size : a->shape[ax];
  if (n == 0 && size != JAXC_NONE && size != 0 && !fill_value)
    return jaxc__fail(JAXC_ERR_ARG, "jnp.unique: for zero-sized input with nonzero size argument, fill_value must be specified"), JAXC_ERR_ARG;
  if (fill_value && fill_value->size != 1)
    return jaxc__fail(JAXC_ERR_SHAPE, "unique: fill_value must be a single value, got %lld values", (long long)fill_value->size), JAXC_ERR_SHAPE;
  jaxc_array *aux = flat ? jaxc_reshape(a, 1, &n) : jaxc_moveaxis(a, ax, 0), *fill = NULL;
  if (!aux) return jaxc_last_status();
  if (fill_value && !(fill = jaxc__astype_impl(fill_value, a->dtype, NULL))) return jaxc_array_free(aux), jaxc_last_status();
  int64_t w = 1;
  for (int i = 1; i < aux->ndim; i++) w *= aux->shape[i];
  jaxc__splan P = jaxc__sort_plan(a->dtype, true, n);
  jaxc__unique_complex_nans(aux, &P);
  int64_t *perm = (int64_t *)jaxc__malloc((size_t)(n > 0 ? n : 1) * 2 * sizeof *perm), *starts = perm + n, nu = 0;
  jaxc_array *res[4] = {NULL, NULL, NULL, NULL};
  bool ok = perm && jaxc__unique_groups(aux, n, w, equal_nan, perm, starts, &nu);
  if (!ok) jaxc__fail(JAXC_ERR_NOMEM, "out of memory in unique");
  /* JAX's shapes: the values cut or padded to size (slices of no values: at most one, padded only
     with a fill value); indices and counts empty for an empty input; indices of empty slices are
     perm = zeros(min(n, 1)) */
  int64_t nv = w == 0 ? (size != JAXC_NONE && fill ? size : (n < 1 ? n : 1)) : size != JAXC_NONE ? size : nu;
  int64_t ni = n == 0 ? 0 : w == 0 ? 1 : nv; /* (the indices' and the counts' length) */
  if (ok) {
    int64_t vs[JAXC_MAX_NDIM];
    memcpy(vs, aux->shape, sizeof(int64_t) * (size_t)aux->ndim);
    vs[0] = nv;
    res[0] = jaxc__new_array(a->dtype, a->weak, aux->ndim, vs);
    ok = res[0] != NULL;
  }
  if (ok && indices) ok = (res[1] = jaxc__index_vector(ni)) != NULL;
  if (ok && inverse) ok = (res[2] = flat ? jaxc__new_array(jaxc__default_int(), false, a->ndim, a->shape) : jaxc__index_vector(n)) != NULL;
  if (ok && counts) ok = (res[3] = jaxc__index_vector(ni)) != NULL;
  if (ok) {
    size_t row = (size_t)w * (size_t)P.w;
    for (int64_t j = 0; j < nv && row; j++) {
      char *dst = (char *)res[0]->data + (size_t)j * row;
      if (j < nu) memcpy(dst, (const char *)aux->data + (size_t)perm[starts[j]] * row, row);
      else if (fill) for (int64_t k = 0; k < w; k++) memcpy(dst + (size_t)k * (size_t)P.w, fill->data, (size_t)P.w);
      else memcpy(dst, (const char *)aux->data + (size_t)perm[0] * row, row);
    }
    for (int64_t j = 0; res[1] && j < ni; j++) jaxc__store_index(res[1], j, w == 0 ? 0 : perm[starts[j < nu ? j : 0]]);
    for (int64_t g = 0, i = 0; res[2] && i < n; i++) {
      while (w > 0 && g + 1 < nu && starts[g + 1] <= i) g++;
      jaxc__store_index(res[2], w == 0 ? i : perm[i], w == 0 ? 0 : g);
    }
    for (int64_t j = 0; res[3] && j < ni; j++)
      jaxc__store_index(res[3], j, w == 0 ? n : j >= nu ? 0 : (j + 1 < nu ? starts[j + 1] : n) - starts[j]);
    if (!flat && ax != 0) { /* the values' slices back where the axis was */
      jaxc_array *moved = jaxc_moveaxis(res[0], 0, ax);
      jaxc_array_free(res[0]);
      ok = (res[0] = moved) != NULL;
    }
  }
  jaxc__free(perm), jaxc_array_free(aux), jaxc_array_free(fill);
  return jaxc__outs_hand(4, outs, res, ok);
}
/* jnp.unique_values / _counts / _inverse / _all: unique of the flattened x, NaNs kept apart */
static int jaxc__unique_api(const char *name, const jaxc_array *x, int64_t size, const jaxc_array *fill_value, jaxc_array **values,
                            jaxc_array **indices, jaxc_array **inverse, jaxc_array **counts) {
  if (!values) return jaxc__fail(JAXC_ERR_ARG, "%s: values is NULL", name), JAXC_ERR_ARG;
  return jaxc_unique_ex(x, JAXC_ALL_AXES, false, size, fill_value, values, indices, inverse, counts);
}
JAXC_API jaxc_array *jaxc_unique_values(const jaxc_array *x, int64_t size, const jaxc_array *fill_value) {
  jaxc_array *v = NULL;
  jaxc__unique_api("unique_values", x, size, fill_value, &v, NULL, NULL, NULL);
  return v;
}
JAXC_API int jaxc_unique_counts(const jaxc_array *x, int64_t size, const jaxc_array *fill_value, jaxc_array **values,
                                jaxc_array **counts) {
  if (!counts) return jaxc__fail(JAXC_ERR_ARG, "unique_counts: counts is NULL"), JAXC_ERR_ARG;
  return jaxc__unique_api("unique_counts", x, size, fill_value, values, NULL, NULL, counts);
}
JAXC_API int jaxc_unique_inverse(const jaxc_array *x, int64_t size, const jaxc_array *fill_value, jaxc_array **values,
                                 jaxc_array **inverse_indices) {
  if (!inverse_indices) return jaxc__fail(JAXC_ERR_ARG, "unique_inverse: inverse_indices is NULL"), JAXC_ERR_ARG;
  return jaxc__unique_api("unique_inverse", x, size, fill_value, values, NULL, inverse_indices, NULL);
}
JAXC_API int jaxc_unique_all(const jaxc_array *x, int64_t size, const jaxc_array *fill_value, jaxc_array **values,
                             jaxc_array **indices, jaxc_array **inverse_indices, jaxc_array **counts) {
  if (!indices || !inverse_indices || !counts) return jaxc__fail(JAXC_ERR_ARG, "unique_all: an output is NULL"), JAXC_ERR_ARG;
  return jaxc__unique_api("unique_all", x, size, fill_value, values, indices, inverse_indices, counts);
}
JAXC_API jaxc_array *jaxc_unique(const jaxc_array *a) {
  jaxc_array *v = NULL;
  jaxc_unique_ex(a, JAXC_ALL_AXES, true, JAXC_NONE, NULL, &v, NULL, NULL, NULL);
  return v;
}

/* --- isin, intersect1d, union1d, setdiff1d, setxor1d --------------------------------------------
   jax/_src/numpy/setops.py. isin looks each element up in a bit table (integers spanning few
   values), by bisection in the sorted test elements (a small set: the only value an element can
   equal is at its left place), or sorts the elements too and merges. The set ops sort each
   operand stably (the radix
   engine; unique's groups unless assume_unique) and merge the two lists, a's first where keys tie:
   that is the stable sort of the concatenation which JAX runs, and what they keep is read off
   neighbours in it. */

/* a in dtype dt: a itself, or a converted copy held in *own (NULL, status set, when that fails) */
static const jaxc_array *jaxc__in_dtype(const jaxc_array *a, jaxc_dtype dt, jaxc_array **own) {
  *own = a->dtype == dt ? NULL : jaxc__astype_impl(a, dt, NULL);
  return a->dtype == dt ? a : *own;
}
/* the j-th of a set's sorted keys (jaxc__search_keys') as a pair */
static jaxc__key2 jaxc__search_key_at(const jaxc__splan *P, const void *keys, int64_t j) {
  if (P->two) return ((const jaxc__key2 *)keys)[j];
  return jaxc__key_wide(P->w <= 4 ? ((const uint32_t *)keys)[j] : ((const uint64_t *)keys)[j]);
}
/* isin's ways, one job: the set's m sorted keys (P's), the elements E, the answers out */
typedef struct jaxc__member_job {
  const jaxc__splan *P;
  const void *keys;
  int64_t m;
  const jaxc_array *E;
  bool invert, *out;
  const uint64_t *bits; /* table: a bit for each value from lo on, span of them */
  uint64_t lo, span;
  const jaxc__splan *Q; /* merge: the elements' records, sorted, with their places */
  const void *recs;
} jaxc__member_job;
/* integers whose set spans few values: a bit for each value of the span (NumPy's 'table' kind);
   an integer's key is its bits with the sign bit flipped (signed) or as they are, so a loop per
   width reads them without the generic key's calls */
#define JAXC__TABLE_LOOKUP(U)                                                                      \
  do {                                                                                             \
    const U *e = (const U *)J->E->data;                                                            \
    for (int64_t i = i0; i < i1; i++) {                                                            \
      uint64_t k = ((uint64_t)e[i] ^ flip) - J->lo; /* (below lo: wraps past span) */              \
      J->out[i] = (k < J->span && (J->bits[k >> 6] >> (k & 63) & 1)) != J->invert;                \
    }                                                                                              \
  } while (0)
static void jaxc__member_table_range(const void *job, int64_t i0, int64_t i1) {
  const jaxc__member_job *J = (const jaxc__member_job *)job;
  uint64_t flip = J->P->kind == JAXC_KIND_INT ? J->P->sign : 0;
  switch (J->P->w) {
  case 1: JAXC__TABLE_LOOKUP(uint8_t); break;
  case 2: JAXC__TABLE_LOOKUP(uint16_t); break;
  case 4: JAXC__TABLE_LOOKUP(uint32_t); break;
  default: JAXC__TABLE_LOOKUP(uint64_t); break;
  }
}
#undef JAXC__TABLE_LOOKUP
/* many elements against a large set: the elements' records sorted, walked beside the set's keys,
   each answer stored at the element's place; a piece finds its start in the set by bisection */
static void jaxc__member_merge_range(const void *job, int64_t i0, int64_t i1) {
  const jaxc__member_job *J = (const jaxc__member_job *)job;
  const char *src = (const char *)J->E->data;
  int64_t pos, j = 0, hi = J->m;
  if (i0 < i1) {
    jaxc__key2 k = jaxc__rec_key(J->Q, J->recs, i0, src, &pos);
    while (j < hi) {
      int64_t mid = j + (hi - j) / 2;
      if (jaxc__key_lt(jaxc__search_key_at(J->P, J->keys, mid), k)) j = mid + 1;
      else hi = mid;
    }
  }
  for (int64_t i = i0; i < i1; i++) {
    jaxc__key2 k = jaxc__rec_key(J->Q, J->recs, i, src, &pos);
    while (j < J->m && jaxc__key_lt(jaxc__search_key_at(J->P, J->keys, j), k)) j++;
    bool same = j < J->m && jaxc__key_eq(jaxc__search_key_at(J->P, J->keys, j), k);
    J->out[pos] = (same && !jaxc__key_nan(J->P, k)) != J->invert;
  }
}
/* the table of a set of integers, when it spans fewer values than 8 bits an element of the
   operands (plus 4096): NULL (no status) when it does not, or when out of memory */
#define JAXC__TABLE_SPAN(U)                                                  \
  do {                                                                       \
    const U *t = (const U *)set->data;                                        \
    for (int64_t j = 0; j < set->size; j++) {                                 \
      uint64_t k = (uint64_t)t[j] ^ flip;                                    \
      lo = k < lo ? k : lo, hi = k > hi ? k : hi;                            \
    }                                                                        \
  } while (0)
#define JAXC__TABLE_FILL(U)                                                  \
  do {                                                                       \
    const U *t = (const U *)set->data;                                        \
    for (int64_t j = 0; j < set->size; j++) {                                 \
      uint64_t k = ((uint64_t)t[j] ^ flip) - lo;                             \
      bits[k >> 6] |= (uint64_t)1 << (k & 63);                               \
    }                                                                        \
  } while (0)
static uint64_t *jaxc__member_bits(jaxc__member_job *J, const jaxc_array *set, int64_t n) {
  const jaxc__splan *P = J->P;
  if (set->size == 0 || !(P->kind == JAXC_KIND_INT || P->kind == JAXC_KIND_UINT || P->kind == JAXC_KIND_BOOL)) return NULL;
  uint64_t lo = UINT64_MAX, hi = 0, flip = P->kind == JAXC_KIND_INT ? P->sign : 0;
  switch (P->w) {
  case 1: JAXC__TABLE_SPAN(uint8_t); break;
  case 2: JAXC__TABLE_SPAN(uint16_t); break;
  case 4: JAXC__TABLE_SPAN(uint32_t); break;
  default: JAXC__TABLE_SPAN(uint64_t); break;
  }
  if (hi - lo >= 8 * (uint64_t)(n + set->size) + 4096) return NULL;
  uint64_t *bits = (uint64_t *)jaxc__malloc((size_t)((hi - lo) / 64 + 1) * 8);
  if (!bits) return NULL;
  memset(bits, 0, (size_t)((hi - lo) / 64 + 1) * 8);
  switch (P->w) {
  case 1: JAXC__TABLE_FILL(uint8_t); break;
  case 2: JAXC__TABLE_FILL(uint16_t); break;
  case 4: JAXC__TABLE_FILL(uint32_t); break;
  default: JAXC__TABLE_FILL(uint64_t); break;
  }
  J->bits = bits, J->lo = lo, J->span = hi - lo + 1;
  return bits;
}
#undef JAXC__TABLE_SPAN
#undef JAXC__TABLE_FILL
/* out[i] = (E's element i == one of T's) != invert, E and T of one dtype: integers spanning few
   values by a table, few elements or a small set (its keys in cache) by bisection, else by
   sorting the elements too and merging */
static bool jaxc__member_mask(const jaxc_array *E, const jaxc_array *T, bool invert, bool *out) {
  int64_t n = E->size, m = T->size;
  jaxc__splan P = jaxc__sort_plan(T->dtype, false, m);
  jaxc__member_job J = {&P, NULL, m, E, invert, out, NULL, 0, 0, NULL, NULL};
  uint64_t *bits = jaxc__member_bits(&J, T, n);
  if (bits) {
    jaxc__range_run(&J, jaxc__member_table_range, n, (size_t)P.w + 1);
    jaxc__free(bits);
    return true;
  }
  jaxc_array *sorted = jaxc_sort(T, JAXC_ALL_AXES);
  if (!sorted) return false;
  void *keys = jaxc__search_keys(&P, (const char *)sorted->data, m);
  jaxc_array_free(sorted);
  if (!keys) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in isin"), false;
  J.keys = keys;
  int levels = jaxc__search_levels(m);
  bool ok = true;
  if (m <= 8192 || (double)n * levels * 4 < (double)m) {
    jaxc__search_job job = {keys, m, levels, false, false, &P, (const char *)E->data, out, true, invert};
    jaxc__search_run(&job, n);
  } else {
    jaxc__splan Q = jaxc__sort_plan(E->dtype, true, n);
    void *scratch;
    int64_t(*cnt)[256];
    int copies;
    if ((ok = jaxc__sort_buffers(&Q, n, 1, 0, &scratch, &cnt, &copies))) {
      J.Q = &Q, J.recs = jaxc__sort_records(&Q, (const char *)E->data, n, 1, NULL, scratch, cnt);
      jaxc__range_run(&J, jaxc__member_merge_range, n, 32);
      jaxc__free(scratch), jaxc__free(cnt);
    }
  }
  jaxc__free(keys);
  if (!ok) jaxc__fail(JAXC_ERR_NOMEM, "out of memory in isin");
  return ok;
}
JAXC_API jaxc_array *jaxc_isin(const jaxc_array *element, const jaxc_array *test_elements, bool invert) {
  if (!element || !test_elements) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "isin: an operand is NULL");
  jaxc_dtype node = jaxc__join2(element, test_elements); /* (promote_dtypes: strict mode refuses here) */
  if (node == JAXC_DTYPE_INVALID) return NULL;
  jaxc_dtype dt = jaxc_storage_dtype(node, jaxc_x64());
  jaxc_array *out = jaxc__new_array(JAXC_BOOL, false, element->ndim, element->shape), *e_own = NULL, *t_own = NULL;
  const jaxc_array *E = out ? jaxc__in_dtype(element, dt, &e_own) : NULL, *T = E ? jaxc__in_dtype(test_elements, dt, &t_own) : NULL;
  if (!T || !jaxc__member_mask(E, T, invert, (bool *)out->data)) jaxc_array_free(out), out = NULL;
  jaxc_array_free(e_own), jaxc_array_free(t_own);
  if (out) jaxc__ok();
  return out;
}

/* One operand of a set op, flattened, in the op's dtype (v): its positions in lax.sort's stable
   order (with uniq only each group's first: unique's values and return_index), and their keys. */
typedef struct jaxc__set_side {
  const jaxc_array *v;
  jaxc_array *own;
  int64_t *ord, n;
  jaxc__key2 *key;
} jaxc__set_side;
static void jaxc__set_side_free(jaxc__set_side *s) { jaxc_array_free(s->own), jaxc__free(s->ord), jaxc__free(s->key); }
static bool jaxc__set_side_make(const jaxc_array *a, jaxc_dtype dt, bool uniq, jaxc__set_side *s) {
  memset(s, 0, sizeof *s);
  int64_t n = a->size, nu = 0;
  jaxc__splan P = jaxc__sort_plan(dt, true, n);
  bool canon = uniq && P.kind == JAXC_KIND_COMPLEX; /* (unique makes a complex NaN nan+0j: a copy to change) */
  if (a->dtype != dt || canon) {
    if (!(s->own = jaxc__astype_exact(a, dt))) return false;
    if (canon) jaxc__unique_complex_nans(s->own, &P);
  }
  s->v = s->own ? s->own : a;
  s->ord = (int64_t *)jaxc__malloc((size_t)(n > 0 ? n : 1) * 2 * sizeof *s->ord);
  int64_t *starts = s->ord + n;
  if (!s->ord || !jaxc__unique_values(&P, s->v, n, true, s->ord, starts, &nu))
    return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in a set operation"), false;
  if (uniq)
    for (int64_t j = 0; j < nu; j++) s->ord[j] = s->ord[starts[j]]; /* (starts[j] >= j) */
  s->n = uniq ? nu : n;
  if (!(s->key = (jaxc__key2 *)jaxc__malloc((size_t)(s->n > 0 ? s->n : 1) * sizeof *s->key)))
    return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in a set operation"), false;
  for (int64_t i = 0; i < s->n; i++) s->key[i] = jaxc__key_of(&P, (const char *)s->v->data + (size_t)s->ord[i] * (size_t)P.w);
  return true;
}
/* Both operands sorted and merged: the stable sort of their concatenation (a's na values, then
   b's), as positions in it (pos) with keys; the count of entries in *N */
typedef struct jaxc__set_pair {
  jaxc__set_side a, b;
  int64_t na, N, *pos;
  jaxc__key2 *key;
  jaxc__splan P;
} jaxc__set_pair;
static void jaxc__set_pair_free(jaxc__set_pair *m) {
  jaxc__set_side_free(&m->a), jaxc__set_side_free(&m->b), jaxc__free(m->pos), jaxc__free(m->key);
}
static bool jaxc__set_pair_make(const jaxc_array *a, const jaxc_array *b, jaxc_dtype dt, bool uniq, jaxc__set_pair *m) {
  memset(m, 0, sizeof *m);
  if (!jaxc__set_side_make(a, dt, uniq, &m->a) || !jaxc__set_side_make(b, dt, uniq, &m->b)) return false;
  m->na = a->size, m->N = m->a.n + m->b.n, m->P = jaxc__sort_plan(dt, false, m->N);
  m->pos = (int64_t *)jaxc__malloc((size_t)(m->N > 0 ? m->N : 1) * sizeof *m->pos);
  m->key = (jaxc__key2 *)jaxc__malloc((size_t)(m->N > 0 ? m->N : 1) * sizeof *m->key);
  if (!m->pos || !m->key) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in a set operation"), false;
  const jaxc__set_side *A = &m->a, *B = &m->b;
  for (int64_t i = 0, j = 0, t = 0; t < m->N; t++) {
    bool from_a = j == B->n || (i < A->n && !jaxc__key_lt(B->key[j], A->key[i]));
    if (from_a) m->pos[t] = A->ord[i], m->key[t] = A->key[i++];
    else m->pos[t] = m->na + B->ord[j], m->key[t] = B->key[j++];
  }
  return true;
}
static const char *jaxc__set_value(const jaxc__set_pair *m, int64_t p) {
  const jaxc_array *v = p < m->na ? m->a.v : m->b.v;
  return (const char *)v->data + (size_t)(p < m->na ? p : p - m->na) * (size_t)m->P.w;
}

/* The values at the picked places of the merged list (pick[0 .. np)): all, or (size) the first
   size of them, padded as _intersect1d_size and _setxor1d_size pad: jnp.where(valid, vals,
   fill_value), or the smallest result laundered through the largest (0 where there is none) */
static jaxc_array *jaxc__set_values(const jaxc__set_pair *m, const int64_t *pick, int64_t np, jaxc_dtype dt, bool weak,
                                    int64_t size, const jaxc_array *fill) {
  int64_t len = size == JAXC_NONE ? np : size, w = m->P.w;
  if (size != JAXC_NONE && m->na + m->b.v->size == 0) weak = false; /* (JAX's zeros(size, aux.dtype)) */
  jaxc_array *out = jaxc__new_array(dt, weak, 1, &len);
  if (!out) return NULL;
  int64_t kept = np < len ? np : len;
  for (int64_t j = 0; j < kept; j++) memcpy((char *)out->data + (size_t)j * (size_t)w, jaxc__set_value(m, m->pos[pick[j]]), (size_t)w);
  memset((char *)out->data + (size_t)kept * (size_t)w, 0, (size_t)(len - kept) * (size_t)w);
  if (size == JAXC_NONE || len == 0) return out;
  if (fill) {
    jaxc_array *valid = jaxc__new_array(JAXC_BOOL, false, 1, &len), *r = NULL;
    if (valid) {
      for (int64_t j = 0; j < len; j++) ((bool *)valid->data)[j] = j < np;
      r = jaxc_where(valid, out, fill);
    }
    jaxc_array_free(valid), jaxc_array_free(out);
    return r;
  }
  for (int op = 0; op < 2 && kept < len; op++) { /* where(valid, vals, vals.max()), then the same with min() */
    jaxc_array *x = jaxc_reduce(op ? JAXC_OP_MIN : JAXC_OP_MAX, out, JAXC_ALL_AXES);
    if (!x) return jaxc_array_free(out), NULL;
    for (int64_t j = kept; j < len; j++) memcpy((char *)out->data + (size_t)j * (size_t)w, x->data, (size_t)w);
    jaxc_array_free(x);
  }
  return out;
}
/* a set op's operands checked, then (set_args) their promoted dtype found; false (status set)
   when they cannot be */
static bool jaxc__set_check(const char *name, const jaxc_array *a, const jaxc_array *b, int64_t size) {
  if (!a || !b) return jaxc__fail(JAXC_ERR_ARG, "%s: an operand is NULL", name), false;
  if (size != JAXC_NONE && size < 0) return jaxc__fail(JAXC_ERR_ARG, "%s: size must be nonnegative, got %lld", name, (long long)size), false;
  return true;
}
static bool jaxc__set_dtype(const jaxc_array *a, const jaxc_array *b, jaxc_dtype *dt, bool *weak) {
  jaxc_dtype node = jaxc__join2(a, b);
  if (node == JAXC_DTYPE_INVALID) return false;
  *dt = jaxc_storage_dtype(node, jaxc_x64()), *weak = jaxc_dtype_is_weak(node);
  return true;
}
static bool jaxc__set_args(const char *name, const jaxc_array *a, const jaxc_array *b, int64_t size, jaxc_dtype *dt, bool *weak) {
  return jaxc__set_check(name, a, b, size) && jaxc__set_dtype(a, b, dt, weak);
}

JAXC_API int jaxc_intersect1d(const jaxc_array *a, const jaxc_array *b, bool assume_unique, int64_t size,
                              const jaxc_array *fill_value, jaxc_array **values, jaxc_array **a_indices,
                              jaxc_array **b_indices) {
  jaxc_array **outs[3] = {values, a_indices, b_indices}, *res[3] = {NULL, NULL, NULL};
  jaxc__outs_clear(3, outs);
  if (!values) return jaxc__fail(JAXC_ERR_ARG, "intersect1d: values is NULL"), JAXC_ERR_ARG;
  jaxc_dtype dt;
  bool weak;
  if (!jaxc__set_args("intersect1d", a, b, size, &dt, &weak)) return jaxc_last_status();
  jaxc__set_pair m;
  int64_t *pick = NULL, np = 0;
  bool ok = jaxc__set_pair_make(a, b, dt, !assume_unique, &m);
  if (ok && !(pick = (int64_t *)jaxc__malloc((size_t)(m.N > 0 ? m.N : 1) * sizeof *pick)))
    ok = (jaxc__fail(JAXC_ERR_NOMEM, "out of memory in intersect1d"), false);
  for (int64_t t = 0; ok && t + 1 < m.N; t++) /* aux[:-1][aux[1:] == aux[:-1]] */
    if (jaxc__key_equal_values(&m.P, m.key[t], m.key[t + 1])) pick[np++] = t;
  ok = ok && (res[0] = jaxc__set_values(&m, pick, np, dt, weak, size, fill_value)) != NULL;
  if (ok && (a_indices || b_indices)) {
    /* the positions of a pair's entries in the concatenation, b's less a's count (in JAX's unique
       path these are first occurrences); padded with the operands' sizes */
    int64_t na = a->size, nb = b->size, len = size == JAXC_NONE ? np : na + nb == 0 ? 0 : size;
    jaxc_dtype it = size != JAXC_NONE || !assume_unique ? jaxc__default_int() : na + nb <= INT32_MAX ? JAXC_I32 : JAXC_I64;
    for (int j = 1; j < 3 && ok; j++) {
      if (!outs[j]) continue;
      if (!(res[j] = jaxc__new_array(it, false, 1, &len))) ok = false;
      for (int64_t i = 0; ok && i < len; i++)
        jaxc__store_index(res[j], i, i >= np ? (j == 1 ? na : nb) : j == 1 ? m.pos[pick[i]] : m.pos[pick[i] + 1] - na);
    }
  }
  jaxc__set_pair_free(&m), jaxc__free(pick);
  return jaxc__outs_hand(3, outs, res, ok);
}

JAXC_API jaxc_array *jaxc_setxor1d(const jaxc_array *a, const jaxc_array *b, bool assume_unique, int64_t size,
                                   const jaxc_array *fill_value) {
  jaxc_dtype dt;
  bool weak;
  if (!jaxc__set_args("setxor1d", a, b, size, &dt, &weak)) return NULL;
  jaxc__set_pair m;
  int64_t *pick = NULL, np = 0;
  jaxc_array *out = NULL;
  bool ok = jaxc__set_pair_make(a, b, dt, !assume_unique, &m);
  if (ok && !(pick = (int64_t *)jaxc__malloc((size_t)(m.N > 0 ? m.N : 1) * sizeof *pick)))
    ok = (jaxc__fail(JAXC_ERR_NOMEM, "out of memory in setxor1d"), false);
  for (int64_t t = 0; ok && t < m.N; t++) /* aux[flag[1:] & flag[:-1]], flag: aux differs from its neighbour */
    if ((t == 0 || !jaxc__key_equal_values(&m.P, m.key[t - 1], m.key[t])) &&
        (t + 1 == m.N || !jaxc__key_equal_values(&m.P, m.key[t], m.key[t + 1])))
      pick[np++] = t;
  if (ok) out = jaxc__set_values(&m, pick, np, dt, weak, size, fill_value);
  jaxc__set_pair_free(&m), jaxc__free(pick);
  if (out) jaxc__ok();
  return out;
}

JAXC_API jaxc_array *jaxc_union1d(const jaxc_array *a, const jaxc_array *b, int64_t size, const jaxc_array *fill_value) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "union1d: an operand is NULL");
  const jaxc_array *both[2] = {a, b};
  jaxc_array *cat = jaxc_concatenate(2, both, JAXC_ALL_AXES), *out = NULL;
  if (cat) jaxc_unique_ex(cat, JAXC_ALL_AXES, true, size, fill_value, &out, NULL, NULL, NULL);
  jaxc_array_free(cat);
  return out;
}

/* A fill that lax.full takes: 0-d, as JAX's full_like wants it (a shape (1,) is refused too). */
static bool jaxc__full_scalar_ok(const jaxc_array *fill) {
  if (fill->ndim == 0) return true;
  char s[96];
  jaxc__format_shape(s, sizeof s, fill);
  return jaxc__fail(JAXC_ERR_SHAPE, "full must be called with scalar fill_value, got fill_value.shape %s.", s), false;
}
/* setdiff1d's fill: full_like(a, fill_value, shape=()), a 0-d array of a's dtype and weak type */
static jaxc_array *jaxc__setdiff_fill(const jaxc_array *a, const jaxc_array *fill_value) {
  if (fill_value && !jaxc__full_scalar_ok(fill_value)) return NULL;
  jaxc_array *f = fill_value ? jaxc__astype_exact(fill_value, a->dtype) : jaxc__new_array(a->dtype, false, 0, NULL);
  if (f && !fill_value) memset(f->data, 0, jaxc_dtype_size(a->dtype));
  if (f) f->weak = a->weak;
  return f;
}
JAXC_API jaxc_array *jaxc_setdiff1d(const jaxc_array *a, const jaxc_array *b, bool assume_unique, int64_t size,
                                    const jaxc_array *fill_value) {
  jaxc_array *fill = jaxc__set_check("setdiff1d", a, b, size) ? jaxc__setdiff_fill(a, fill_value) : NULL, *out = NULL;
  if (!fill) return NULL;
  int64_t len = size == JAXC_NONE ? 0 : size, w = (int64_t)jaxc_dtype_size(a->dtype);
  if (a->size == 0 || size == 0) { /* JAX returns before it promotes: full_like(a, fill_value, shape=size) */
    out = jaxc_broadcast_to(fill, 1, &len);
    jaxc_array_free(fill);
    return out;
  }
  jaxc_dtype dt;
  bool weak, ok = jaxc__set_dtype(a, b, &dt, &weak);
  /* the candidates: a's unique values in its own dtype (or a as it is), each tested once against
     b in the promoted dtype */
  jaxc__set_side A;
  memset(&A, 0, sizeof A);
  jaxc_array *uniq = NULL, *e_own = NULL, *t_own = NULL, *in_b = NULL;
  if (ok && !assume_unique && (ok = jaxc__set_side_make(a, a->dtype, true, &A)) && (ok = (uniq = jaxc__new_array(a->dtype, false, 1, &A.n)) != NULL))
    for (int64_t j = 0; j < A.n; j++)
      memcpy((char *)uniq->data + (size_t)j * (size_t)w, (const char *)A.v->data + (size_t)A.ord[j] * (size_t)w, (size_t)w);
  const jaxc_array *C = assume_unique ? a : uniq;
  const jaxc_array *E = ok ? jaxc__in_dtype(C, dt, &e_own) : NULL, *T = E ? jaxc__in_dtype(b, dt, &t_own) : NULL;
  ok = T && (in_b = jaxc__new_array(JAXC_BOOL, false, 1, &C->size)) && jaxc__member_mask(E, T, false, (bool *)in_b->data);
  const bool *gone = ok ? (const bool *)in_b->data : NULL;
  int64_t nk = 0;
  for (int64_t j = 0; ok && j < C->size; j++) nk += !gone[j];
  /* with size, JAX counts unique's values as a.size + 1 - (values == values[0]).sum() over its
     padded list: a list of NaNs counts none equal, so its padding (more NaNs) is kept as well */
  jaxc__splan Pa = jaxc__sort_plan(a->dtype, false, 0);
  bool all_nan = ok && size != JAXC_NONE && !assume_unique && A.n > 0 && jaxc__key_nan(&Pa, A.key[0]);
  if (all_nan) nk = a->size;
  int64_t n_out = size == JAXC_NONE ? nk : len;
  if (ok && (out = jaxc__new_array(a->dtype, a->weak, 1, &n_out))) {
    char *dst = (char *)out->data;
    for (int64_t j = 0, k = 0; k < n_out && k < nk; j += !all_nan) /* the kept candidates, in order */
      if (all_nan || !gone[j]) memcpy(dst + (size_t)k++ * (size_t)w, (const char *)C->data + (size_t)j * (size_t)w, (size_t)w);
    for (int64_t k = nk; k < n_out; k++) memcpy(dst + (size_t)k * (size_t)w, fill->data, (size_t)w);
  }
  jaxc__set_side_free(&A), jaxc_array_free(uniq), jaxc_array_free(fill), jaxc_array_free(e_own), jaxc_array_free(t_own);
  jaxc_array_free(in_b);
  if (out) jaxc__ok();
  return out;
}

/* --- nonzero, flatnonzero, argwhere, count_nonzero, bincount ------------------------------------ */
/* a != 0 (a itself when bool): jnp's mask */
static jaxc_array *jaxc__nonzero_mask(const jaxc_array *a) {
  if (a->dtype == JAXC_BOOL) return jaxc_reshape(a, a->ndim, a->shape);
  jaxc_array *zero = jaxc_weak_int(0), *m = zero ? jaxc_binary(JAXC_OP_NOT_EQUAL, a, zero) : NULL;
  jaxc_array_free(zero);
  return m;
}
JAXC_API int jaxc_nonzero(const jaxc_array *a, int64_t size, const jaxc_array *fill_value, jaxc_array **out) {
  if (!a || !out) return jaxc__fail(JAXC_ERR_ARG, "nonzero: %s is NULL", a ? "out" : "the array"), JAXC_ERR_ARG;
  for (int d = 0; d < a->ndim; d++) out[d] = NULL;
  if (a->ndim == 0)
    return jaxc__fail(JAXC_ERR_SHAPE, "Calling nonzero on 0d arrays is not allowed. Use jnp.atleast_1d(scalar).nonzero() instead."),
           JAXC_ERR_SHAPE;
  if (size != JAXC_NONE && size < 0) return jaxc__fail(JAXC_ERR_ARG, "nonzero: size must be nonnegative, got %lld", (long long)size), JAXC_ERR_ARG;
  if (fill_value && fill_value->ndim != 0) {
    char aval[160];
    jaxc__format_aval(aval, sizeof aval, fill_value->dtype, fill_value->ndim, fill_value->shape);
    return jaxc__fail(JAXC_ERR_SHAPE, "fill_value must be a scalar or a tuple of length %d; got %s", a->ndim, aval), JAXC_ERR_SHAPE;
  }
  jaxc_array *mask = jaxc__nonzero_mask(a), *pad = NULL;
  if (!mask) return jaxc_last_status();
  const bool *m = (const bool *)mask->data;
  int64_t count = 0;
  for (int64_t i = 0; i < mask->size; i++) count += m[i];
  int64_t k = size == JAXC_NONE ? count : size;
  bool ok = true, filled = fill_value && a->size > 0 && k > 0;
  for (int d = 0; d < a->ndim && ok; d++) ok = (out[d] = jaxc__index_vector(k)) != NULL;
  if (ok && filled && (ok = (pad = jaxc__new_array(JAXC_BOOL, false, 1, &k)) != NULL))
    for (int64_t j = 0; j < k; j++) ((bool *)pad->data)[j] = j >= count;
  if (ok) { /* the j-th true element's coordinates, counted off its flat index; then 0 */
    int64_t j = 0;
    for (int64_t i = 0; i < mask->size && j < k; i++) {
      if (!m[i]) continue;
      int64_t r = i;
      for (int d = a->ndim - 1; d >= 0; d--) jaxc__store_index(out[d], j, r % a->shape[d]), r /= a->shape[d];
      j++;
    }
    for (; j < k; j++)
      for (int d = 0; d < a->ndim; d++) jaxc__store_index(out[d], j, 0);
  }
  for (int d = 0; d < a->ndim && ok && filled; d++) { /* where(j >= count, fill_value, coordinate) */
    jaxc_array *w = jaxc_where(pad, fill_value, out[d]);
    jaxc_array_free(out[d]);
    ok = (out[d] = w) != NULL;
  }
  jaxc_array_free(mask), jaxc_array_free(pad);
  if (!ok) {
    jaxc_status st = jaxc_last_status();
    for (int d = 0; d < a->ndim; d++) jaxc_array_free(out[d]), out[d] = NULL;
    return st != JAXC_OK ? st : JAXC_ERR_NOMEM;
  }
  jaxc__ok();
  return JAXC_OK;
}
JAXC_API jaxc_array *jaxc_flatnonzero(const jaxc_array *a, int64_t size, const jaxc_array *fill_value) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "flatnonzero: the array is NULL");
  int64_t n = a->size;
  jaxc_array *flat = jaxc_reshape(a, 1, &n), *r = NULL;
  if (flat && jaxc_nonzero(flat, size, fill_value, &r) != JAXC_OK) r = NULL;
  jaxc_array_free(flat);
  return r;
}
JAXC_API jaxc_array *jaxc_argwhere(const jaxc_array *a, int64_t size, const jaxc_array *fill_value) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "argwhere: the array is NULL");
  int64_t one = 1;
  int nd = a->ndim ? a->ndim : 1;
  jaxc_array *a1 = a->ndim ? NULL : jaxc_reshape(a, 1, &one), *c[JAXC_MAX_NDIM] = {NULL}, *r = NULL;
  if ((a->ndim || a1) && jaxc_nonzero(a->ndim ? a : a1, size, fill_value, c) == JAXC_OK) {
    if (a->ndim) {
      r = jaxc_stack(nd, (const jaxc_array *const *)c, 1); /* transpose(vstack(...)) */
    } else { /* result[:0].reshape(N, 0) */
      int64_t shape[2] = {c[0]->size, 0};
      if ((r = jaxc__new_array(c[0]->dtype, c[0]->weak, 2, shape)) != NULL) jaxc__ok();
    }
  }
  for (int d = 0; d < nd; d++) jaxc_array_free(c[d]);
  jaxc_array_free(a1);
  return r;
}
JAXC_API jaxc_array *jaxc_count_nonzero(const jaxc_array *a, int axis, bool keepdims) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "count_nonzero: the array is NULL");
  jaxc_array *m = jaxc__nonzero_mask(a), *r = m ? jaxc_reduce_ex(JAXC_OP_SUM, m, axis, keepdims) : NULL; /* (bool sums: the default int) */
  jaxc_array_free(m);
  return r;
}
JAXC_API jaxc_array *jaxc_bincount(const jaxc_array *x, const jaxc_array *weights, int64_t minlength, int64_t length) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "bincount: the array is NULL");
  int kind = jaxc_dtype_kind(x->dtype);
  if (kind != JAXC_KIND_BOOL && kind != JAXC_KIND_INT && kind != JAXC_KIND_UINT)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "x argument to bincount must have an integer type; got %s", jaxc_dtype_name(x->dtype));
  if (x->ndim != 1) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "only 1-dimensional input supported.");
  if (weights && (weights->ndim != 1 || weights->shape[0] != x->shape[0]))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "shape of weights must match shape of x.");
  if (length == JAXC_NONE) { /* max(minlength, x.size and max(0, x.max()) + 1), read in x's own dtype */
    int64_t top = 0;
    jaxc_dtype wide = kind == JAXC_KIND_INT ? JAXC_I64 : JAXC_U64;
    for (int64_t i = 0; i < x->size; i++) {
      int64_t v;
      jaxc_kernel_cast_dyn(x->dtype, wide, 1, (const char *)x->data + (size_t)i * jaxc_dtype_size(x->dtype), &v);
      if ((wide == JAXC_U64 && v < 0) || v == INT64_MAX) /* (no array that long) */
        return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "bincount: %llu bins are too many", (unsigned long long)v + 1);
      top = v > top ? v : top;
    }
    length = x->size ? top + 1 : 0;
    length = minlength > length ? minlength : length;
  }
  if (length < 0) return (jaxc_array *)jaxc__fail_negative_dims(1, &length);
  jaxc_array *xi = x->dtype == JAXC_BOOL ? jaxc__astype_impl(x, JAXC_I32, NULL) : NULL;
  const jaxc_array *X = x->dtype == JAXC_BOOL ? xi : x;
  jaxc_array *zero = X ? jaxc_weak_int(0) : NULL, *ix = zero ? jaxc_binary(JAXC_OP_MAXIMUM, X, zero) : NULL; /* clip(x, 0) */
  jaxc_array *one = ix && !weights ? jaxc_scalar(jaxc__default_int(), 1, 0) : NULL;
  jaxc_array *base = ix && (weights || one) ? jaxc__new_array(weights ? weights->dtype : jaxc__default_int(), false, 1, &length) : NULL;
  jaxc_array *r = NULL;
  if (base) {
    memset(base->data, 0, (size_t)length * jaxc_dtype_size(base->dtype));
    r = jaxc_at_update(JAXC_OP_ADD, base, ix, weights ? weights : one, JAXC_MODE_DROP);
  }
  jaxc_array_free(xi), jaxc_array_free(zero), jaxc_array_free(ix), jaxc_array_free(one), jaxc_array_free(base);
  return r;
}

/* --- quantiles -----------------------------------------------------------------------------------
   jnp's _quantile: the lanes sorted (in a's own dtype: converting ints to float keeps their order,
   so only the picked values are converted), then JAX's index arithmetic per q (and per lane for
   nan*, whose n is the lane's count of non-NaN values), every step rounded in q's dtype. */
#define JAXC__QF_PERCENT(E, name, percent, skip_nan) percent,
#define JAXC__QF_SKIP(E, name, percent, skip_nan) skip_nan,
static const bool jaxc__qfn_percent[] = {JAXC_QUANTILE_FNS(JAXC__QF_PERCENT)};
static const bool jaxc__qfn_skip_nan[] = {JAXC_QUANTILE_FNS(JAXC__QF_SKIP)};
#undef JAXC__QF_PERCENT
#undef JAXC__QF_SKIP

/* lax.min: NaN wins */
static double jaxc__nan_min(double x, double y) { return x != x || y != y ? NAN : x < y ? x : y; }

/* convert_element_type(v, int) as XLA converts (NaN -> 0, saturating at the default int's range),
   then clamped into [0, n) as a gather clamps its start index */
static int64_t jaxc__gather_at(double v, int64_t n) {
  if (!(v > 0)) return 0;
  bool x64 = jaxc_x64();
  int64_t i = v >= (x64 ? 9223372036854775807.0 : 2147483647.0) ? (x64 ? INT64_MAX : INT32_MAX) : (int64_t)v;
  return i < n ? i : n - 1;
}

/* where quantile q reads a lane of len values, n of them counted, and the weights of the two.
   Steps are rounded with jaxc__round_to: a double holds every value of the narrower floats, and
   one +, -, * or / of two of them rounded to double, then to the float, rounds as the float would
   (53 >= 2 * 24 + 2). */
typedef struct jaxc__qpick { int64_t lo, hi; double wlo, whi; } jaxc__qpick;
static jaxc__qpick jaxc__quantile_pick(jaxc_dtype qt, double q, int64_t n, int64_t len) {
  double last = jaxc__round_to(qt, jaxc__round_to(qt, (double)n) - 1), t = jaxc__round_to(qt, q * last);
  double low = floor(t), high = ceil(t);
  jaxc__qpick p;
  p.whi = t - low; /* (exact: the fraction of a float is a float) */
  p.wlo = jaxc__round_to(qt, 1 - p.whi);
  /* JAX's max(0, min(low, n - 1)); the max is gather_at's (a NaN or a negative index reads 0) */
  p.lo = jaxc__gather_at(jaxc__nan_min(low, last), len);
  p.hi = jaxc__gather_at(jaxc__nan_min(high, last), len);
  return p;
}

/* the method's value from the two picked values (doubles holding values of a's dtype ad) */
static double jaxc__quantile_value(jaxc_quantile_method m, jaxc_dtype qt, jaxc_dtype ad, double lo, double hi,
                                   const jaxc__qpick *p) {
  switch (m) {
  case JAXC_QUANTILE_LINEAR:
    return jaxc__round_to(qt, jaxc__round_to(qt, jaxc__round_to(qt, lo) * p->wlo) +
                                  jaxc__round_to(qt, jaxc__round_to(qt, hi) * p->whi));
  case JAXC_QUANTILE_LOWER: return lo;
  case JAXC_QUANTILE_HIGHER: return hi;
  case JAXC_QUANTILE_NEAREST: return p->whi <= 0.5 ? lo : hi;
  default: return jaxc__round_to(ad, jaxc__round_to(ad, lo + hi) * 0.5);
  }
}

/* element i of a sorted lane in dtype sd, as a value of a's inexact dtype ad (a NaN: JAX's
   where(isnan, nan, a) made it the positive quiet NaN) */
static double jaxc__lane_value(jaxc_dtype sd, jaxc_dtype ad, const char *lane, int64_t i) {
  _Alignas(8) unsigned char buf[8];
  const void *p = lane + (size_t)i * jaxc_dtype_size(sd);
  double v = 0;
  if (sd != ad) jaxc_kernel_cast_dyn(sd, ad, 1, p, buf), p = buf;
  jaxc_kernel_cast_dyn(ad, JAXC_F64, 1, p, &v);
  return v != v ? NAN : v;
}
/* the number of values before the first NaN of a sorted lane (NaNs sort last) */
static int64_t jaxc__count_numbers(jaxc_dtype sd, const char *lane, int64_t len) {
  if (jaxc_dtype_kind(sd) != JAXC_KIND_FLOAT) return len;
  int64_t lo = 0, hi = len;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    double v = jaxc__lane_value(sd, sd, lane, mid);
    if (v != v) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/* The lanes: a's reduced axes (red[]) moved last and merged into one of length *len; *rows lanes.
   The order within a lane is JAX's, so that ties of -0.0 and 0.0 resolve as there: one axis or
   all in place; a tuple through jnp's permutation (the i-th kept axis swapped to place i, which
   can reverse the reduced ones). *t: the transposed copy, or NULL when the permutation is the
   identity and a's own data are the lanes; false: out of memory. */
static bool jaxc__lanes(const jaxc_array *a, const bool *red, bool tuple, int64_t *rows, int64_t *len, jaxc_array **t) {
  int perm[JAXC_MAX_NDIM], k = 0, nd = a->ndim;
  int64_t shape[2] = {1, 1};
  for (int d = 0; d < nd; d++) perm[d] = d;
  for (int d = 0; d < nd; d++) {
    if (red[d]) continue;
    if (tuple) perm[d] = perm[k], perm[k] = d; /* dimensions[i], dimensions[s] = dimensions[s], dimensions[i] */
    k++;
  }
  if (!tuple) /* the kept axes in order, then the reduced ones in order */
    for (int d = 0, kk = 0, rr = k; d < nd; d++) perm[red[d] ? rr++ : kk++] = d;
  bool in_place = true;
  for (int d = 0; d < nd; d++) in_place &= perm[d] == d, shape[d >= k] *= a->shape[perm[d]];
  *rows = shape[0], *len = shape[1];
  *t = in_place ? NULL : jaxc_transpose(a, nd, perm);
  return in_place || *t;
}

/* --- radix select --------------------------------------------------------------------------------
   A long lane (JAXC_SELECT_MIN values or more) is not sorted: the keys in sort's order are counted by
   their top 11 bits in one pass (over the threads when large), the buckets holding the ranks the
   quantiles read are gathered in a second, and each rank's bucket is narrowed by the next 11 bits,
   and the next, to the key at that rank. -0.0 and 0.0 share a key: the one at a rank is the
   stable sort's, found by counting zeros in the lane's order. */
typedef struct jaxc__rsel {
  jaxc__splan P;
  jaxc_dtype sd;     /* the lane's dtype */
  const char *lane;
  int64_t len, nan;  /* NaNs: the largest key, all equal */
  int shift;         /* of the top digit */
  uint64_t all;      /* every key bit: the NaN key */
  int nt;            /* threads that counted, each a part of the lane; their counts (nt > 1) */
  int64_t *tcnt;
  int64_t cnt[1 << JAXC__SEL_BITS];
} jaxc__rsel;
/* jaxc__part_key without branches on the value (a random sign would mispredict them) */
static uint64_t jaxc__rsel_key(const jaxc__rsel *S, uint64_t u) {
  uint64_t sign = S->P.sign;
  if (S->P.kind == JAXC_KIND_INT) return u ^ sign;
  if (S->P.kind != JAXC_KIND_FLOAT) return u;
  uint64_t mag = u & (sign - 1), k = u ^ ((u & sign ? S->all : 0) | sign);
  k = mag == 0 ? sign : k;
  return mag > S->P.inf ? S->all : k;
}
/* the lane's keys from i0 to i1, each passed to BODY(k) (the element type by width, so that the
   load is not a call) */
#define JAXC__RSEL_EACH(S, i0, i1, BODY)                                                             \
  switch ((S)->P.w) {                                                                                \
  case 1: { const uint8_t *q_ = (const uint8_t *)(const void *)(S)->lane;                           \
    for (int64_t i_ = (i0); i_ < (i1); i_++) { uint64_t k = jaxc__rsel_key(S, q_[i_]); BODY; } break; } \
  case 2: { const uint16_t *q_ = (const uint16_t *)(const void *)(S)->lane;                         \
    for (int64_t i_ = (i0); i_ < (i1); i_++) { uint64_t k = jaxc__rsel_key(S, q_[i_]); BODY; } break; } \
  case 4: { const uint32_t *q_ = (const uint32_t *)(const void *)(S)->lane;                         \
    for (int64_t i_ = (i0); i_ < (i1); i_++) { uint64_t k = jaxc__rsel_key(S, q_[i_]); BODY; } break; } \
  default: { const uint64_t *q_ = (const uint64_t *)(const void *)(S)->lane;                        \
    for (int64_t i_ = (i0); i_ < (i1); i_++) { uint64_t k = jaxc__rsel_key(S, q_[i_]); BODY; } break; } \
  }
static void jaxc__rsel_count(const jaxc__rsel *S, int64_t from, int64_t to, int64_t *cnt, int64_t *nan) {
  int64_t nans = 0;
  int sh = S->shift;
  JAXC__RSEL_EACH(S, from, to, (cnt[k >> sh]++, nans += k == S->all))
  *nan += S->P.kind == JAXC_KIND_FLOAT ? nans : 0;
}
/* the top digit's counts (over the threads past JAXC_REDUCE_PAR_BYTES); false: out of memory */
static bool jaxc__rsel_begin(jaxc__rsel *S, jaxc_dtype d, const char *lane, int64_t len) {
  S->P = jaxc__sort_plan(d, false, len), S->sd = d, S->lane = lane, S->len = len, S->nan = 0, S->tcnt = NULL;
  S->all = S->P.sign | (S->P.sign - 1);
  int bits = 8 * S->P.w, digits = bits < JAXC__SEL_BITS ? bits : JAXC__SEL_BITS;
  S->shift = bits - digits;
  memset(S->cnt, 0, sizeof S->cnt);
  int nt = S->nt = (size_t)len * (size_t)S->P.w > JAXC_REDUCE_PAR_BYTES ? jaxc__threads() : 1;
  if (nt == 1) return jaxc__rsel_count(S, 0, len, S->cnt, &S->nan), true;
  int64_t *c = S->tcnt = (int64_t *)jaxc__malloc(sizeof S->cnt * (size_t)nt), nan = 0;
  if (!c) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in quantile"), false;
  memset(c, 0, sizeof S->cnt * (size_t)nt);
#if JAXC__HAS_OPENMP
#  pragma omp parallel num_threads(nt) reduction(+ : nan)
  for (int t = omp_get_thread_num(); t < nt; t += omp_get_num_threads()) { /* (every part, threads granted or not) */
    int64_t lo, hi;
    jaxc__thread_part(len, t, nt, &lo, &hi);
    jaxc__rsel_count(S, lo, hi, c + (size_t)t * (1 << JAXC__SEL_BITS), &nan);
  }
#endif
  for (int t = 0; t < nt; t++)
    for (int b = 0; b < 1 << JAXC__SEL_BITS; b++) S->cnt[b] += c[(size_t)t * (1 << JAXC__SEL_BITS) + (size_t)b];
  S->nan = nan;
  return true;
}
/* thread t's gathering of the needed buckets' keys: next[b], its first place in v for bucket b (-1:
   not needed) */
static void jaxc__rsel_gather(const jaxc__rsel *S, int t, const int64_t *first, uint64_t *v) {
  enum { NB = 1 << JAXC__SEL_BITS };
  int64_t next[NB], lo, hi;
  for (int b = 0; b < NB; b++) {
    next[b] = first[b];
    for (int u = 0; u < t && first[b] >= 0; u++) next[b] += S->tcnt[(size_t)u * NB + (size_t)b];
  }
  jaxc__thread_part(S->len, t, S->nt, &lo, &hi);
  int sh = S->shift;
  JAXC__RSEL_EACH(S, lo, hi, if (next[k >> sh] >= 0) v[next[k >> sh]++] = k)
}
/* the value at a key, as a double of a's inexact dtype ad; below: how many keys are smaller */
static double jaxc__rsel_value(const jaxc__rsel *S, jaxc_dtype ad, uint64_t key, int64_t k, int64_t below) {
  const jaxc__splan *P = &S->P;
  uint64_t u;
  if (P->kind == JAXC_KIND_INT) u = key ^ P->sign;
  else if (P->kind != JAXC_KIND_FLOAT) u = key;
  else if (key == S->all) return NAN;
  else if (key == P->sign) { /* a zero: the (k - below)-th zero in the lane's order */
    int64_t i = 0, seen = -1;
    for (; i < S->len; i++) {
      uint64_t x = jaxc__load_bits(S->lane + (size_t)i * (size_t)P->w, P->w);
      if ((x & (P->sign - 1)) == 0 && ++seen == k - below) break;
    }
    u = jaxc__load_bits(S->lane + (size_t)i * (size_t)P->w, P->w);
  } else {
    u = key & P->sign ? key & ~P->sign : ~key & S->all;
  }
  _Alignas(8) char buf[8];
  jaxc__store_bits(buf, P->w, u);
  return jaxc__lane_value(S->sd, ad, buf, 0);
}
/* the values at ranks[0..m), into out[]: the buckets holding them gathered in one pass, then
   each rank narrowed in a copy of its bucket. false: out of memory */
static bool jaxc__rsel_values(const jaxc__rsel *S, jaxc_dtype ad, int64_t m, const int64_t *ranks, double *out) {
  enum { NB = 1 << JAXC__SEL_BITS };
  int64_t start[NB + 1], first[NB], total = 0, widest = 0; /* first: a needed bucket's place in v, or -1 */
  start[0] = 0;
  for (int b = 0; b < NB; b++) start[b + 1] = start[b] + S->cnt[b], first[b] = -1;
  for (int64_t r = 0; r < m; r++) {
    int b = 0;
    while (start[b + 1] <= ranks[r]) b++;
    if (first[b] < 0) first[b] = total, total += S->cnt[b], widest = S->cnt[b] > widest ? S->cnt[b] : widest;
  }
  uint64_t *v = (uint64_t *)jaxc__malloc(sizeof(uint64_t) * (size_t)(total + widest));
  if (!v) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in quantile"), false;
  if (S->nt > 1) {
#if JAXC__HAS_OPENMP
#  pragma omp parallel num_threads(S->nt)
    for (int t = omp_get_thread_num(); t < S->nt; t += omp_get_num_threads()) jaxc__rsel_gather(S, t, first, v);
#endif
  } else {
    jaxc__rsel_gather(S, 0, first, v);
  }
  for (int64_t r = 0; r < m; r++) {
    int b = 0;
    while (start[b + 1] <= ranks[r]) b++;
    uint64_t *work = v + total;
    memcpy(work, v + first[b], sizeof(uint64_t) * (size_t)S->cnt[b]);
    uint64_t key = jaxc__rsel_narrow(work, S->cnt[b], S->shift, ranks[r] - start[b]);
    /* (start[b] counts every smaller key for the zero key, the one it is read for: no smaller
       key shares its bucket) */
    out[r] = jaxc__rsel_value(S, ad, key, ranks[r], start[b]);
  }
  jaxc__free(v);
  return true;
}

/* q[i] in q's dtype qt (percentile's divided by 100 there) */
static double jaxc__quantile_q(jaxc_quantile_fn fn, const jaxc_array *qa, jaxc_dtype qt, int64_t i) {
  double qv = jaxc__lane_value(qa->dtype, qt, (const char *)qa->data, i);
  return jaxc__qfn_percent[fn] ? jaxc__round_to(qt, qv / 100) : qv;
}
/* every q of one selected lane, its ranks read in one gathering pass, q i's value at out + i *
   stride; false: out of memory */
static bool jaxc__quantile_selected(const jaxc__rsel *S, jaxc_quantile_fn fn, const jaxc_array *qa, jaxc_dtype qt,
                                    jaxc_quantile_method method, jaxc_dtype ad, char *out, size_t stride) {
  int64_t nq = qa->ndim ? qa->shape[0] : 1, len = S->len, n = len - S->nan;
  bool skip_nan = jaxc__qfn_skip_nan[fn], all_nan = !skip_nan && n < len; /* quantile: one NaN makes all NaN */
  jaxc__qpick *p = (jaxc__qpick *)jaxc__malloc(sizeof(jaxc__qpick) * (size_t)nq + (sizeof(int64_t) + sizeof(double)) * 2 * (size_t)nq);
  if (!p) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in quantile"), false;
  int64_t *ranks = (int64_t *)(void *)(p + nq);
  double *val = (double *)(void *)(ranks + 2 * nq);
  for (int64_t i = 0; i < nq; i++) {
    p[i] = jaxc__quantile_pick(qt, jaxc__quantile_q(fn, qa, qt, i), skip_nan ? n : len, len);
    ranks[2 * i] = p[i].lo, ranks[2 * i + 1] = p[i].hi;
  }
  bool ok = all_nan || jaxc__rsel_values(S, ad, 2 * nq, ranks, val);
  for (int64_t i = 0; i < nq && ok; i++) {
    double v = all_nan ? NAN : jaxc__quantile_value(method, qt, ad, val[2 * i], val[2 * i + 1], &p[i]);
    jaxc_kernel_cast_dyn(JAXC_F64, ad, 1, &v, out + (size_t)i * stride);
  }
  jaxc__free(p);
  return ok;
}

/* nanquantile's gather on an empty axis (a[tuple(index)] with an index per axis): one 0-d index
   per axis is basic indexing's error, index arrays are lax.gather's, at the first empty axis */
static void *jaxc__quantile_empty_index(int nd, const int64_t *shape, bool scalar_index) {
  int i = 0;
  while (i < nd - 1 && shape[i] != 0) i++;
  if (scalar_index) return jaxc__fail(JAXC_ERR_INDEX, "index is out of bounds for axis %d with size 0", i);
  return jaxc__fail(JAXC_ERR_SHAPE, "Slice size at index %d in gather op is out of range, must be within [0, 0 + 1), "
                                    "got 1.", i);
}

/* tuple: the axes were a tuple (the reduced axes merged last, as JAX reshapes them) */
static jaxc_array *jaxc__quantile(jaxc_quantile_fn fn, const jaxc_array *a, jaxc_operand q, int naxes,
                                  const int *axes, bool tuple, jaxc_quantile_method method, bool keepdims) {
  if ((unsigned)fn >= JAXC_NUM_QUANTILE_FNS) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "invalid quantile function %d", (int)fn);
  jaxc_array qst;
  _Alignas(16) unsigned char qbuf[16];
  const jaxc_array *qa;
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "quantile: the array is NULL");
  if (!jaxc__operand_resolve(&q, &qst, qbuf, &qa)) return NULL;
  if (!qa) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "quantile: q is NULL");
  bool x64 = jaxc_x64(), skip_nan = jaxc__qfn_skip_nan[fn];
  if ((unsigned)method >= JAXC_NUM_QUANTILE_METHODS)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "method can only be 'linear', 'lower', 'higher', 'midpoint', or 'nearest'");
  jaxc_dtype ad = jaxc_storage_dtype(jaxc__to_inexact(jaxc__node_of(a)), x64);
  if (jaxc_dtype_kind(ad) == JAXC_KIND_COMPLEX)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "quantile does not support complex input, as the operation is poorly defined.");
  int nd = a->ndim, at = 0; /* at: the lane's axis in the array JAX gathers from */
  bool red[JAXC_MAX_NDIM] = {false};
  if (!axes) {
    for (int d = 0; d < nd; d++) red[d] = true;
  } else {
    if (naxes < 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "quantile: %d axes", naxes);
    for (int i = 0; i < naxes; i++) {
      int ax;
      if (!jaxc__canon_axis(axes[i], nd, &ax)) return NULL;
      if (red[ax]) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "repeated axis");
      red[ax] = true, at = ax;
    }
    if (tuple) at = nd - naxes;
  }
  if (qa->ndim > 1) {
    char s[64];
    jaxc__format_shape(s, sizeof s, qa);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "q must be have rank <= 1, got shape %s", s);
  }
  jaxc_dtype qt = jaxc__qfn_percent[fn] ? jaxc_storage_dtype(jaxc__to_inexact(jaxc__node_of(qa)), x64) : qa->dtype;
  if (jaxc_dtype_kind(qt) != JAXC_KIND_FLOAT)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "floor does not accept dtype %s. Accepted dtypes are subtypes of floating.",
                                    jaxc_dtype_name(qt));
  /* the result: q's axis, then a's kept axes (reduced ones as 1 with keepdims) */
  int64_t oshape[JAXC_MAX_NDIM + 1], gshape[JAXC_MAX_NDIM], len = 1;
  int on = 0, gn = 0;
  if (qa->ndim) oshape[on++] = qa->shape[0];
  for (int d = 0; d < nd; d++) {
    if (!red[d] || keepdims) oshape[on++] = red[d] ? 1 : a->shape[d];
    if (!red[d] || !tuple) gshape[gn++] = a->shape[d];
    if (red[d]) len *= a->shape[d];
  }
  if (!axes) gn = 0;
  if (!axes || tuple) gshape[gn++] = len;
  if (len == 0 && !skip_nan)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Slice size at index %d in gather op is out of range, must be "
                                    "within [0, 0 + 1), got 1.", at);
  for (int d = 0; d < gn && skip_nan; d++)
    if (gshape[d] == 0) return (jaxc_array *)jaxc__quantile_empty_index(gn, gshape, on == 0);
  jaxc_array *r = jaxc__new_array(ad, false, on, oshape), *t = NULL, *s = NULL;
  int64_t rows, nq = qa->ndim ? qa->shape[0] : 1;
  if (!r || !jaxc__lanes(a, red, tuple, &rows, &len, &t)) return jaxc_array_free(r), NULL;
  jaxc_array view, *lanes = jaxc_array_wrap(&view, a->dtype, 2, (int64_t[]){rows, len}, (t ? t : a)->data);
  jaxc__rsel *S = NULL;
  bool ok = true;
  size_t es = jaxc_dtype_size(a->dtype), os = jaxc_dtype_size(ad);
  if (len >= JAXC_SELECT_MIN) { /* long lanes: selected in, one after another, not sorted */
    S = (jaxc__rsel *)jaxc__malloc(sizeof *S);
    if (!S) ok = false, jaxc__fail(JAXC_ERR_NOMEM, "out of memory in quantile");
    for (int64_t b = 0; b < rows && ok; b++) {
      ok = jaxc__rsel_begin(S, a->dtype, (const char *)lanes->data + (size_t)(b * len) * es, len) &&
           jaxc__quantile_selected(S, fn, qa, qt, method, ad, (char *)r->data + (size_t)b * os, (size_t)rows * os);
      jaxc__free(S->tcnt), S->tcnt = NULL;
    }
  } else {
    ok = (s = jaxc_sort(lanes, 1)) != NULL;
  }
  for (int64_t b = 0; b < rows && s; b++) {
    const char *lane = (const char *)s->data + (size_t)(b * len) * es;
    int64_t n = jaxc__count_numbers(a->dtype, lane, len); /* (once a lane) */
    for (int64_t i = 0; i < nq; i++) {
      jaxc__qpick p = jaxc__quantile_pick(qt, jaxc__quantile_q(fn, qa, qt, i), skip_nan ? n : len, len);
      double v = !skip_nan && n < len ? NAN /* quantile: a lane with a NaN is all NaN */
                 : jaxc__quantile_value(method, qt, ad, jaxc__lane_value(a->dtype, ad, lane, p.lo),
                                        jaxc__lane_value(a->dtype, ad, lane, p.hi), &p);
      jaxc_kernel_cast_dyn(JAXC_F64, ad, 1, &v, (char *)r->data + (size_t)(i * rows + b) * os);
    }
  }
  jaxc_array_free(s), jaxc_array_free(t), jaxc__free(S);
  if (!ok) jaxc_array_free(r), r = NULL;
  return r;
}

JAXC_API jaxc_array *jaxc_quantile_ex(jaxc_quantile_fn fn, const jaxc_array *a, jaxc_operand q, int naxes,
                                      const int *axes, jaxc_quantile_method method, bool keepdims) {
  return jaxc__quantile(fn, a, q, naxes, axes, true, method, keepdims);
}
#define JAXC__QF_DEF(E, name, percent, skip_nan)                                                    \
  JAXC_API jaxc_array *jaxc_##name##_operand(const jaxc_array *a, jaxc_operand q, int axis,         \
                                             jaxc_quantile_method method, bool keepdims) {          \
    return jaxc__quantile(JAXC_FN_##E, a, q, 1, axis == JAXC_ALL_AXES ? NULL : &axis, false, method, keepdims); \
  }
JAXC_QUANTILE_FNS(JAXC__QF_DEF)
#undef JAXC__QF_DEF
JAXC_API jaxc_array *jaxc_median(const jaxc_array *a, int axis, bool keepdims) {
  return jaxc_quantile_operand(a, jaxc__opnd_float(0.5), axis, JAXC_QUANTILE_MIDPOINT, keepdims);
}
JAXC_API jaxc_array *jaxc_nanmedian(const jaxc_array *a, int axis, bool keepdims) {
  return jaxc_nanquantile_operand(a, jaxc__opnd_float(0.5), axis, JAXC_QUANTILE_MIDPOINT, keepdims);
}

/* --- histograms, differences ---------------------------------------------------------------------
   Composed of jaxc's ops as jax.numpy composes them, so dtypes, NaNs and weak types come out as
   JAX's. */
static void jaxc__free_arrays(size_t n, jaxc_array **x) {
  for (size_t i = 0; i < n; i++) jaxc_array_free(x[i]);
}
#define JAXC__FREE_ARRAYS(...)                                                                       \
  do {                                                                                               \
    jaxc_array *jaxc__fa[] = {__VA_ARGS__};                                                          \
    jaxc__free_arrays(sizeof jaxc__fa / sizeof jaxc__fa[0], jaxc__fa);                               \
  } while (0)

JAXC_API jaxc_array *jaxc_histogram_bin_edges(const jaxc_array *a, int64_t nbins, const jaxc_array *edges,
                                              const double *range) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "histogram_bin_edges: the array is NULL");
  jaxc_dtype dt = jaxc_storage_dtype(jaxc__to_inexact(a->dtype), jaxc_x64());
  if (edges) {
    if (edges->ndim == 1) return jaxc__astype_impl(edges, dt, NULL);
    char aval[160];
    jaxc__format_aval(aval, sizeof aval, edges->dtype, edges->ndim, edges->shape);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "histogram_bin_edges: bins must be a 1-dimensional array of edges; got bins=%s", aval);
  }
  if (nbins == INT64_MAX) return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "histogram_bin_edges: too many bins");
  /* range = asarray(range or [a.min(), a.max()], dtype); widened where ptp(range) == 0 */
  jaxc_array *m0 = range ? NULL : jaxc_reduce(JAXC_OP_MIN, a, JAXC_ALL_AXES);
  jaxc_array *m1 = range || !m0 ? NULL : jaxc_reduce(JAXC_OP_MAX, a, JAXC_ALL_AXES);
  jaxc_array *lo = range ? jaxc_scalar(dt, range[0], 0) : m1 ? jaxc__astype_impl(m0, dt, NULL) : NULL;
  jaxc_array *hi = !lo ? NULL : range ? jaxc_scalar(dt, range[1], 0) : jaxc__astype_impl(m1, dt, NULL);
  jaxc_array *top = hi ? jaxc_binary(JAXC_OP_MAXIMUM, lo, hi) : NULL, *bot = top ? jaxc_binary(JAXC_OP_MINIMUM, lo, hi) : NULL;
  jaxc_array *ptp = bot ? jaxc_binary(JAXC_OP_SUBTRACT, top, bot) : NULL, *zero = ptp ? jaxc_weak_int(0) : NULL;
  jaxc_array *flat = zero ? jaxc_binary(JAXC_OP_EQUAL, ptp, zero) : NULL, *half = flat ? jaxc_weak_float(0.5) : NULL;
  jaxc_array *lo5 = half ? jaxc_binary(JAXC_OP_SUBTRACT, lo, half) : NULL, *hi5 = lo5 ? jaxc_binary(JAXC_OP_ADD, hi, half) : NULL;
  jaxc_array *start = hi5 ? jaxc_where(flat, lo5, lo) : NULL, *stop = start ? jaxc_where(flat, hi5, hi) : NULL, *r = NULL;
  if (stop) r = jaxc_linspace_operands(jaxc__opnd_array(start), jaxc__opnd_array(stop), nbins + 1, true, dt, 0, NULL);
  JAXC__FREE_ARRAYS(m0, m1, lo, hi, top, bot, ptp, zero, flat, half, lo5, hi5, start, stop);
  return r;
}

/* counts = zeros(len(edges), dtype).at[bin].add(weights)[1:], bin = searchsorted(edges, x, 'right')
   except where x == edges[-1]: len(edges) - 1 */
static jaxc_array *jaxc__histogram_counts(const jaxc_array *x, const jaxc_array *w, const jaxc_array *edges) {
  int64_t n = edges->shape[0];
  jaxc_array *at = jaxc__slice_axis(edges, 0, n - 1, n), *last = at ? jaxc_reshape(at, 0, NULL) : NULL;
  jaxc_array *eq = last ? jaxc_binary(JAXC_OP_EQUAL, x, last) : NULL, *place = eq ? jaxc_weak_int(n - 1) : NULL;
  jaxc_array *found = place ? jaxc_searchsorted(edges, x, JAXC_SIDE_RIGHT, NULL) : NULL;
  jaxc_array *bin = found ? jaxc_where(eq, place, found) : NULL, *one = bin && !w ? jaxc_scalar(x->dtype, 1, 0) : NULL;
  jaxc_array *base = bin && (w || one) ? jaxc_array_zeros(x->dtype, 1, &n) : NULL;
  jaxc_array *sums = base ? jaxc_at_update(JAXC_OP_ADD, base, bin, w ? w : one, JAXC_MODE_DROP) : NULL;
  jaxc_array *r = sums ? jaxc__slice_axis(sums, 0, 1, JAXC_NONE) : NULL;
  JAXC__FREE_ARRAYS(at, last, eq, place, found, bin, one, base, sums);
  return r;
}
/* density: counts / diff(edges) / counts.sum() */
static jaxc_array *jaxc__histogram_density(jaxc_array *counts, const jaxc_array *edges) {
  jaxc_array *width = jaxc_diff(edges, 1, 0, NULL, NULL), *total = width ? jaxc_reduce(JAXC_OP_SUM, counts, JAXC_ALL_AXES) : NULL;
  jaxc_array *per = total ? jaxc_binary(JAXC_OP_TRUE_DIVIDE, counts, width) : NULL;
  jaxc_array *r = per ? jaxc_binary(JAXC_OP_TRUE_DIVIDE, per, total) : NULL;
  JAXC__FREE_ARRAYS(counts, width, total, per);
  return r;
}

/* Histograms in one pass, for edges that ascend (no NaN): along each axis a value's place is the
   number of edges <= it (searchsorted's 'right'), the last edge closing the last bin; a point
   outside some axis's edges, or NaN, is dropped. Unweighted counts are made per thread, then
   summed; histogram's float counts come out as the sequential float adds of .at[].add give them:
   n ones add up to min(n, 2^digits) (2^digits + 1 rounds back to 2^digits). */
typedef struct jaxc__hist {
  const char *x;     /* the axis's values (1-D) */
  jaxc_dtype dt;
  int64_t nb;        /* bins */
  double *e;         /* the nb + 1 edges */
  double e0, scale;  /* linspace's edges: place ~ (x - e0) * scale, then a step or two; 0: bisect */
} jaxc__hist;
typedef struct jaxc__hgrid {
  int nd;
  int64_t n, cells;   /* points, inner cells (the product of the bins) */
  jaxc__hist ax[JAXC_MAX_NDIM];
  int64_t stride[JAXC_MAX_NDIM];
} jaxc__hgrid;
static double jaxc__load_real(jaxc_dtype d, const char *p, int64_t i) {
  switch (d) {
  case JAXC_F32: return ((const float *)(const void *)p)[i];
  case JAXC_F64: return ((const double *)(const void *)p)[i];
  case JAXC_F16: return jaxc_f16_to_f32(((const jaxc_f16 *)(const void *)p)[i]);
  default: return jaxc_bf16_to_f32(((const jaxc_bf16 *)(const void *)p)[i]);
  }
}
static int64_t jaxc__edges_at_or_below(const jaxc__hist *H, double x) {
  const double *e = H->e;
  int64_t nb = H->nb;
  if (H->scale > 0) { /* the guess is nearly always right: both walks stop at once, predictably */
    double g = (x - H->e0) * H->scale;
    int64_t k = (g >= (double)nb ? nb : g > 0 ? (int64_t)g : 0) + 1;
    while (k <= nb && e[k] <= x) k++;
    while (k > 0 && e[k - 1] > x) k--;
    return k;
  }
  int64_t lo = 0, hi = nb + 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (e[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
/* point p's inner cell, or G->cells when it is dropped */
static int64_t jaxc__hgrid_cell(const jaxc__hgrid *G, int64_t p) {
  int64_t cell = 0;
  for (int d = 0; d < G->nd; d++) {
    const jaxc__hist *H = &G->ax[d];
    double x = jaxc__load_real(H->dt, H->x, p);
    if (x != x) return G->cells; /* NaN: past every edge */
    int64_t k = x == H->e[H->nb] ? H->nb : jaxc__edges_at_or_below(H, x);
    if (k < 1 || k > H->nb) return G->cells;
    cell += (k - 1) * G->stride[d];
  }
  return cell;
}
static void jaxc__hgrid_count(const jaxc__hgrid *G, int64_t from, int64_t to, int64_t *c) {
  const jaxc__hgrid g = *G; /* (a local copy: the counts' stores cannot alias its sizes, which stay in registers) */
  for (int64_t p = from; p < to; p++) {
    int64_t cell = jaxc__hgrid_cell(&g, p);
    if (cell < g.cells) c[cell]++;
  }
}
typedef struct jaxc__hgrid_job { const jaxc__hgrid *G; int64_t *out; } jaxc__hgrid_job;
static void jaxc__hgrid_cells(const void *job, int64_t from, int64_t to) {
  const jaxc__hgrid_job *J = (const jaxc__hgrid_job *)job;
  for (int64_t p = from; p < to; p++) J->out[p] = jaxc__hgrid_cell(J->G, p);
}
/* axis d of G: x's values against edges (both in x's dtype); 1: set; 0: the edges do not ascend
   (the composition handles them); -1: out of memory */
static int jaxc__hgrid_axis(jaxc__hgrid *G, int d, const jaxc_array *x, const jaxc_array *edges, bool uniform) {
  jaxc__hist *H = &G->ax[d];
  int64_t nb = edges->shape[0] - 1;
  double *e = (double *)jaxc__malloc(sizeof(double) * (size_t)(nb + 1));
  if (!e) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in histogram"), -1;
  for (int64_t k = 0; k <= nb; k++) {
    e[k] = jaxc__load_real(edges->dtype, (const char *)edges->data, k);
    if (e[k] != e[k] || (k && e[k] < e[k - 1])) return jaxc__free(e), 0;
  }
  H->x = (const char *)x->data, H->dt = x->dtype, H->nb = nb, H->e = e, H->e0 = e[0];
  H->scale = uniform ? (double)nb / (e[nb] - e[0]) : 0;
  if (!(H->scale < INFINITY)) H->scale = 0;
  return 1;
}
static void jaxc__hgrid_free(jaxc__hgrid *G) {
  for (int d = 0; d < G->nd; d++) jaxc__free(G->ax[d].e);
}
/* G over the nd columns (n values each) and their edges: 1: ready; 0: some edges do not ascend;
   -1: out of memory. The cells must fit (the callers check). G is freed unless 1. */
static int jaxc__hgrid_init(jaxc__hgrid *G, int nd, const jaxc_array *const *col, const jaxc_array *const *edges, const bool *uniform) {
  memset(G, 0, sizeof *G);
  G->n = col[0]->size, G->cells = 1;
  for (int d = 0; d < nd; d++) {
    int st = jaxc__hgrid_axis(G, d, col[d], edges[d], uniform[d]);
    if (st != 1) return jaxc__hgrid_free(G), st;
    G->nd = d + 1;
  }
  for (int d = nd - 1; d >= 0; d--) G->stride[d] = G->cells, G->cells *= G->ax[d].nb;
  return 1;
}
/* the unweighted counts per inner cell (JAXC_FREE them); NULL: out of memory */
static int64_t *jaxc__hgrid_counts(const jaxc__hgrid *G) {
  size_t traffic = (size_t)G->n * (size_t)G->nd * jaxc_dtype_size(G->ax[0].dt);
  int nt = traffic > JAXC_PAR_BYTES && G->cells <= ((int64_t)1 << 20) ? jaxc__threads() : 1;
  size_t per = (size_t)(G->cells ? G->cells : 1);
  int64_t *c = (int64_t *)jaxc__malloc(sizeof(int64_t) * per * (size_t)nt);
  if (!c) return (int64_t *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in histogram");
  memset(c, 0, sizeof(int64_t) * per * (size_t)nt);
  if (nt > 1) {
#if JAXC__HAS_OPENMP
#  pragma omp parallel num_threads(nt)
    for (int t = omp_get_thread_num(); t < nt; t += omp_get_num_threads()) {
      int64_t lo, hi;
      jaxc__thread_part(G->n, t, nt, &lo, &hi);
      jaxc__hgrid_count(G, lo, hi, c + (size_t)t * per);
    }
#endif
    for (int t = 1; t < nt; t++)
      for (size_t k = 0; k < per; k++) c[k] += c[(size_t)t * per + k];
  } else {
    jaxc__hgrid_count(G, 0, G->n, c);
  }
  return c;
}
/* 1: counts made; 0: the edges do not ascend (the composition handles them); -1: out of memory */
static int jaxc__histogram_fast(const jaxc_array *x, const jaxc_array *edges, bool uniform, jaxc_array **counts) {
  jaxc__hgrid G;
  int st = jaxc__hgrid_init(&G, 1, &x, &edges, &uniform);
  if (st != 1) return st;
  int64_t nb = G.cells, *c = jaxc__hgrid_counts(&G);
  jaxc_array *r = c ? jaxc__new_array(x->dtype, false, 1, &nb) : NULL;
  jaxc__hgrid_free(&G);
  if (!r) return jaxc__free(c), -1;
  int digits = x->dtype == JAXC_F64 ? 53 : x->dtype == JAXC_F32 ? 24 : x->dtype == JAXC_F16 ? 11 : 8;
  for (int64_t k = 0; k < nb; k++) {
    double v = fmin((double)c[k], ldexp(1.0, digits));
    jaxc_kernel_cast_dyn(JAXC_F64, x->dtype, 1, &v, (char *)r->data + (size_t)k * jaxc_dtype_size(x->dtype));
  }
  jaxc__free(c);
  *counts = r;
  return 1;
}

JAXC_API int jaxc_histogram(const jaxc_array *a, int64_t nbins, const jaxc_array *edges, const double *range,
                            const jaxc_array *weights, bool density, jaxc_array **counts, jaxc_array **bin_edges) {
  if (counts) *counts = NULL;
  if (bin_edges) *bin_edges = NULL;
  if (!a || !counts) return jaxc__fail(JAXC_ERR_ARG, "histogram: %s is NULL", a ? "counts" : "the array"), JAXC_ERR_ARG;
  if (weights && (weights->ndim != a->ndim || memcmp(weights->shape, a->shape, sizeof(int64_t) * (size_t)a->ndim)))
    return jaxc__fail(JAXC_ERR_SHAPE, "weights should have the same shape as a."), JAXC_ERR_SHAPE;
  jaxc_dtype node = weights ? jaxc__join2(a, weights) : jaxc__node_of(a); /* promote_dtypes_inexact(a, weights) */
  if (node == JAXC_DTYPE_INVALID) return jaxc_last_status();
  jaxc_dtype dt = jaxc_storage_dtype(jaxc__to_inexact(node), jaxc_x64());
  jaxc_array *made = a->dtype == dt ? NULL : jaxc__astype_impl(a, dt, NULL), *w = NULL, *e = NULL, *c = NULL;
  const jaxc_array *x = a->dtype == dt ? a : made;
  if (x && weights) w = jaxc__astype_impl(weights, dt, NULL);
  if (x && (w || !weights)) e = jaxc_histogram_bin_edges(x, nbins, edges, range);
  int fast = 0;
  if (e && e->shape[0] == 0) jaxc__fail(JAXC_ERR_INDEX, "index -1 is out of bounds for axis 0 with size 0"); /* edges[-1] */
  else if (e && !w && (fast = jaxc__histogram_fast(x, e, !edges, &c)) == 0) c = jaxc__histogram_counts(x, w, e);
  else if (e && w) c = jaxc__histogram_counts(x, w, e);
  if (c && density) c = jaxc__histogram_density(c, e);
  jaxc_array_free(made), jaxc_array_free(w);
  if (!c) return jaxc_array_free(e), jaxc_last_status();
  *counts = c;
  if (bin_edges) *bin_edges = e;
  else jaxc_array_free(e);
  jaxc__ok();
  return JAXC_OK;
}

/* --- histogram2d, histogramdd --------------------------------------------------------------------
   jnp.histogramdd bins each column by histogram's rule, ravels the places into a grid with an
   outlier slot at both ends of every axis (ravel_multi_index, mode='clip'), bincounts the grid and
   cuts the outliers off. With ascending edges a point's inner cell is found in one fused pass and
   the outliers are dropped before counting: the same adds, in the same order. */
#ifndef JAXC_NO_STDIO
/* Python's repr(float): the shortest digits that read back, positional from 1e-4 to 1e16 */
static void jaxc__py_float(char *out, size_t cap, double v) {
  if (v != v || isinf(v)) {
    snprintf(out, cap, "%s", v != v ? "nan" : v < 0 ? "-inf" : "inf");
    return;
  }
  char digits[24], body[48];
  int e, nd = jaxc__shortest(v, JAXC_F64, digits, &e), k = 0;
  if (e < -4 || e >= 16) {
    snprintf(out, cap, "%s%c%s%se%c%02d", signbit(v) ? "-" : "", digits[0], nd > 1 ? "." : "", digits + 1, e < 0 ? '-' : '+',
             e < 0 ? -e : e);
    return;
  }
  if (e < 0) {
    body[k++] = '0', body[k++] = '.';
    for (int i = 0; i < -e - 1; i++) body[k++] = '0';
    for (int i = 0; i < nd; i++) body[k++] = digits[i];
  } else {
    for (int i = 0; i <= e; i++) body[k++] = i < nd ? digits[i] : '0';
    body[k++] = '.';
    for (int i = e + 1; i < nd; i++) body[k++] = digits[i];
    if (nd <= e + 1) body[k++] = '0';
  }
  body[k] = 0;
  snprintf(out, cap, "%s%s", signbit(v) ? "-" : "", body);
}
#endif
/* histogramdd's range check failing, in its words: range as Python prints the list given */
static int jaxc__fail_hdd_range(int64_t n, int64_t nd, int d, const double *const *range) {
  char got[400] = "[";
#ifndef JAXC_NO_STDIO
  size_t at = 1;
  for (int i = 0; i < d && at + 1 < sizeof got; i++) {
    char lo[64] = "", hi[64] = "";
    if (range[i]) jaxc__py_float(lo, sizeof lo, range[i][0]), jaxc__py_float(hi, sizeof hi, range[i][1]);
    at += (size_t)snprintf(got + at, sizeof got - at, range[i] ? "%s(%s, %s)" : "%sNone", i ? ", " : "", lo, hi);
  }
  if (at + 1 < sizeof got) snprintf(got + at, sizeof got - at, "]");
#endif
  return jaxc__fail(JAXC_ERR_SHAPE, "For sample.shape=(%lld, %lld), range must be a sequence of %lld pairs or Nones; got range=%s",
                    (long long)n, (long long)nd, (long long)nd, got),
         JAXC_ERR_SHAPE;
}
/* histogramdd's checks, in JAX's order, for a sample of rank sn and shape ss whose lattice node is
   node; the dtype it is made (promote_dtypes_inexact with the weights), or INVALID */
static jaxc_dtype jaxc__hdd_dtype(int sn, const int64_t *ss, jaxc_dtype node, const jaxc_array *weights, int d, bool per_dim,
                                  const double *const *range) {
  if (weights && (weights->ndim != (sn > 0) || (sn > 0 && weights->shape[0] != ss[0])))
    return jaxc__fail(JAXC_ERR_SHAPE, "should have one weight for each sample."), JAXC_DTYPE_INVALID;
  bool x64 = jaxc_x64();
  jaxc_dtype joined = weights ? jaxc_result_node(jaxc_promotion(), x64, node, jaxc__node_of(weights)) : node;
  if (joined == JAXC_DTYPE_INVALID) return jaxc__fail_strict(jaxc_storage_dtype(node, x64), weights->dtype), JAXC_DTYPE_INVALID;
  if (sn != 2) /* N, D = shape(sample) */
    return jaxc__fail(JAXC_ERR_SHAPE, sn < 2 ? "not enough values to unpack (expected 2, got %d)" : "too many values to unpack (expected 2)", sn),
           JAXC_DTYPE_INVALID;
  if (range && d != ss[1]) return jaxc__fail_hdd_range(ss[0], ss[1], d, range), JAXC_DTYPE_INVALID;
  if (per_dim && d != ss[1]) return jaxc__fail(JAXC_ERR_SHAPE, "should be a bin for each dimension."), JAXC_DTYPE_INVALID;
  if (ss[1] == 0) return jaxc__fail(JAXC_ERR_SHAPE, "only 1-dimensional input supported."), JAXC_DTYPE_INVALID; /* bincount(0-d) */
  if (ss[1] > JAXC_MAX_NDIM)
    return jaxc__fail(JAXC_ERR_SHAPE, "histogramdd: %lld dimensions; arrays have at most %d", (long long)ss[1], JAXC_MAX_NDIM),
           JAXC_DTYPE_INVALID;
  return jaxc_storage_dtype(jaxc__to_inexact(joined), x64);
}
/* JAX's lines: idx = where(x == edges[-1], searchsorted(edges, x, 'right') - 1, that), the grid
   with its outlier slots bincounted and cut to [1:-1] on every axis */
static jaxc_array *jaxc__hdd_composed(int nd, const jaxc_array *const *col, const jaxc_array *w, jaxc_array *const *E) {
  jaxc_array *idx[JAXC_MAX_NDIM] = {NULL}, *r = NULL;
  int64_t dims[JAXC_MAX_NDIM] = {0}, len = 1;
  jaxc_slice_spec core[JAXC_MAX_NDIM];
  bool ok = true;
  for (int d = 0; d < nd && ok; d++) {
    int64_t n = E[d]->shape[0];
    jaxc_array *at = jaxc__slice_axis(E[d], 0, n - 1, n), *last = at ? jaxc_reshape(at, 0, NULL) : NULL;
    jaxc_array *eq = last ? jaxc_binary(JAXC_OP_EQUAL, col[d], last) : NULL, *one = eq ? jaxc_weak_int(1) : NULL;
    jaxc_array *s = one ? jaxc_searchsorted(E[d], col[d], JAXC_SIDE_RIGHT, NULL) : NULL;
    jaxc_array *s1 = s ? jaxc_binary(JAXC_OP_SUBTRACT, s, one) : NULL;
    idx[d] = s1 ? jaxc_where(eq, s1, s) : NULL;
    ok = idx[d] != NULL;
    JAXC__FREE_ARRAYS(at, last, eq, one, s, s1);
    dims[d] = n + 1, core[d] = JAXC_S(1, -1, JAXC_NONE);
    if (ok && len > INT64_MAX / dims[d]) ok = false, jaxc__fail(JAXC_ERR_OVERFLOW, "histogramdd: too many bins");
    len *= dims[d];
  }
  jaxc_array *xy = ok ? jaxc_ravel_multi_index(nd, (const jaxc_array *const *)idx, dims, JAXC_MODE_CLIP, 'C') : NULL;
  jaxc_array *grid = xy ? jaxc_bincount(xy, w, 0, len) : NULL, *full = grid ? jaxc_reshape(grid, nd, dims) : NULL;
  if (full) r = jaxc_slice(full, nd, core);
  for (int d = 0; d < nd; d++) jaxc_array_free(idx[d]);
  JAXC__FREE_ARRAYS(xy, grid, full);
  return r;
}
/* the fused pass: 1: made; 0: some edges do not ascend; -1: failed */
static int jaxc__hdd_fast(int nd, const jaxc_array *const *col, const jaxc_array *w, jaxc_array *const *E, const bool *uniform,
                          jaxc_array **hist) {
  jaxc__hgrid G;
  int st = jaxc__hgrid_init(&G, nd, col, (const jaxc_array *const *)E, uniform);
  if (st != 1) return st;
  int64_t dims[JAXC_MAX_NDIM];
  for (int d = 0; d < nd; d++) dims[d] = G.ax[d].nb;
  jaxc_array *flat = NULL;
  if (!w) { /* counts in the default int, wrapping as its adds do */
    int64_t *c = jaxc__hgrid_counts(&G);
    flat = c ? jaxc__new_array(jaxc__default_int(), false, 1, &G.cells) : NULL;
    if (flat) jaxc_kernel_cast_dyn(JAXC_I64, flat->dtype, G.cells, c, flat->data);
    jaxc__free(c);
  } else { /* each point's cell (the dropped past the end), then bincount's adds */
    jaxc_array *cells = jaxc__new_array(JAXC_I64, false, 1, &G.n);
    if (cells) {
      jaxc__hgrid_job job = {&G, (int64_t *)cells->data};
      jaxc__range_run(&job, jaxc__hgrid_cells, G.n, (size_t)nd * jaxc_dtype_size(col[0]->dtype) + sizeof(int64_t));
      /* (no inner cell: bincount would refuse a length of 0 that JAX's outlier slots never give it) */
      flat = G.cells ? jaxc_bincount(cells, w, 0, G.cells) : jaxc__new_array(w->dtype, false, 1, &G.cells);
    }
    jaxc_array_free(cells);
  }
  jaxc__hgrid_free(&G);
  *hist = flat ? jaxc_reshape(flat, nd, dims) : NULL;
  jaxc_array_free(flat);
  return *hist ? 1 : -1;
}
/* density: hist.astype(dtype) / hist.sum(), then / each axis's bin widths (ix_) */
static jaxc_array *jaxc__hdd_density(jaxc_array *hist, jaxc_dtype dt, int nd, jaxc_array *const *E) {
  jaxc_array *h = jaxc__astype_impl(hist, dt, NULL), *total = h ? jaxc_reduce(JAXC_OP_SUM, h, JAXC_ALL_AXES) : NULL;
  jaxc_array *r = total ? jaxc_binary(JAXC_OP_TRUE_DIVIDE, h, total) : NULL;
  JAXC__FREE_ARRAYS(hist, h, total);
  for (int d = 0; d < nd && r; d++) {
    int64_t shape[JAXC_MAX_NDIM];
    for (int k = 0; k < nd; k++) shape[k] = k == d ? E[d]->shape[0] - 1 : 1;
    jaxc_array *width = jaxc_diff(E[d], 1, 0, NULL, NULL), *norm = width ? jaxc_reshape(width, nd, shape) : NULL;
    jaxc_array *next = norm ? jaxc_binary(JAXC_OP_TRUE_DIVIDE, r, norm) : NULL;
    JAXC__FREE_ARRAYS(r, width, norm);
    r = next;
  }
  return r;
}
/* histogramdd on nd columns of one length in dtype dt (w: NULL or in dt), the checks done */
static int jaxc__histdd(int nd, const jaxc_array *const *col, const jaxc_array *w, const int64_t *bins,
                        const jaxc_array *const *edges, const double *const *range, bool density, jaxc_array **hist,
                        jaxc_array **bin_edges) {
  jaxc_array *E[JAXC_MAX_NDIM] = {NULL}, *h = NULL;
  bool uniform[JAXC_MAX_NDIM] = {false}, ok = true;
  int64_t len = 1; /* the grid with its outlier slots: bincount's length */
  for (int d = 0; d < nd && ok; d++) {
    const jaxc_array *given = edges ? edges[d] : NULL;
    uniform[d] = !given;
    E[d] = jaxc_histogram_bin_edges(col[d], bins ? bins[d] : 10, given, range ? range[d] : NULL);
    if (E[d] && E[d]->shape[0] == 0) jaxc__fail(JAXC_ERR_INDEX, "index -1 is out of bounds for axis 0 with size 0"); /* edges[-1] */
    ok = E[d] && E[d]->shape[0] > 0;
    if (ok) len = len <= INT64_MAX / (E[d]->shape[0] + 1) ? len * (E[d]->shape[0] + 1) : INT64_MAX;
  }
  /* the composition's indices are searchsorted's int32: past its range only the composition says
     what JAX says */
  int fast = ok && len <= INT32_MAX ? jaxc__hdd_fast(nd, col, w, E, uniform, &h) : 0;
  if (ok && fast == 0) h = jaxc__hdd_composed(nd, col, w, E);
  if (h && density) h = jaxc__hdd_density(h, col[0]->dtype, nd, E);
  if (!h) {
    for (int d = 0; d < nd; d++) jaxc_array_free(E[d]);
    return jaxc_last_status();
  }
  *hist = h;
  for (int d = 0; d < nd; d++)
    if (bin_edges) bin_edges[d] = E[d];
    else jaxc_array_free(E[d]);
  jaxc__ok();
  return JAXC_OK;
}

JAXC_API int jaxc_histogramdd(const jaxc_array *sample, int d, const int64_t *bins, const jaxc_array *const *edges,
                              const double *const *range, const jaxc_array *weights, bool density, jaxc_array **hist,
                              jaxc_array **bin_edges) {
  if (hist) *hist = NULL;
  if (!sample || !hist) return jaxc__fail(JAXC_ERR_ARG, "histogramdd: %s is NULL", sample ? "hist" : "the sample"), JAXC_ERR_ARG;
  if (bin_edges && sample->ndim == 2)
    for (int64_t k = 0; k < sample->shape[1] && k < JAXC_MAX_NDIM; k++) bin_edges[k] = NULL;
  jaxc_dtype dt = jaxc__hdd_dtype(sample->ndim, sample->shape, jaxc__node_of(sample), weights, d, bins || edges, range);
  if (dt == JAXC_DTYPE_INVALID) return jaxc_last_status();
  int nd = (int)sample->shape[1];
  jaxc_array *x = jaxc__astype_impl(sample, dt, NULL), *w = x && weights ? jaxc__astype_impl(weights, dt, NULL) : NULL;
  jaxc_array *col[JAXC_MAX_NDIM] = {NULL};
  bool ok = x && (w || !weights);
  for (int k = 0; k < nd && ok; k++) ok = (col[k] = jaxc_slice(x, 2, (jaxc_slice_spec[]){JAXC_ALL, JAXC_I(k)})) != NULL;
  int st = ok ? jaxc__histdd(nd, (const jaxc_array *const *)col, w, bins, edges, range, density, hist, bin_edges) : (int)jaxc_last_status();
  for (int k = 0; k < nd; k++) jaxc_array_free(col[k]);
  JAXC__FREE_ARRAYS(x, w);
  return st;
}

JAXC_API int jaxc_histogram2d(const jaxc_array *x, const jaxc_array *y, const int64_t *bins, const jaxc_array *const *edges,
                              const double *const *range, const jaxc_array *weights, bool density, jaxc_array **hist,
                              jaxc_array **xedges, jaxc_array **yedges) {
  if (hist) *hist = NULL;
  if (xedges) *xedges = NULL;
  if (yedges) *yedges = NULL;
  if (!x || !y || !hist) return jaxc__fail(JAXC_ERR_ARG, "histogram2d: %s is NULL", !x ? "x" : !y ? "y" : "hist"), JAXC_ERR_ARG;
  const jaxc_array *xy[2] = {x, y};
  if (x->ndim != y->ndim || memcmp(x->shape, y->shape, sizeof(int64_t) * (size_t)x->ndim))
    return jaxc__fail(JAXC_ERR_SHAPE, "All input arrays must have the same shape."), JAXC_ERR_SHAPE;
  jaxc_dtype node = jaxc__join_nodes(2, xy); /* asarray([x, y]): their join, strong */
  if (node == JAXC_DTYPE_INVALID) return jaxc_last_status();
  if (x->ndim + 1 > JAXC_MAX_NDIM) return jaxc__fail(JAXC_ERR_SHAPE, "too many values to unpack (expected 2)"), JAXC_ERR_SHAPE;
  int64_t ss[JAXC_MAX_NDIM]; /* transpose(asarray([x, y])).shape: x's reversed, then 2 */
  for (int k = 0; k < x->ndim; k++) ss[k] = x->shape[x->ndim - 1 - k];
  ss[x->ndim] = 2;
  jaxc_dtype dt = jaxc__hdd_dtype(x->ndim + 1, ss, jaxc_storage_dtype(node, jaxc_x64()), weights, 2, bins || edges, range);
  if (dt == JAXC_DTYPE_INVALID) return jaxc_last_status();
  jaxc_array *col[2] = {jaxc__astype_impl(x, dt, NULL), NULL}, *w = NULL, *E[2] = {NULL, NULL};
  col[1] = col[0] ? jaxc__astype_impl(y, dt, NULL) : NULL;
  if (col[1] && weights) w = jaxc__astype_impl(weights, dt, NULL);
  int st = col[1] && (w || !weights) ? jaxc__histdd(2, (const jaxc_array *const *)col, w, bins, edges, range, density, hist, E)
                                     : (int)jaxc_last_status();
  JAXC__FREE_ARRAYS(col[0], col[1], w);
  if (st == JAXC_OK) {
    if (xedges) *xedges = E[0];
    else jaxc_array_free(E[0]);
    if (yedges) *yedges = E[1];
    else jaxc_array_free(E[1]);
  }
  return st;
}

/* op(x[1:], x[:-1]) along ax; a contiguous view of each side when no axis comes before ax */
static jaxc_array *jaxc__diff_once(const jaxc_array *x, int ax, jaxc_op op) {
  int64_t n = x->shape[ax], m = n > 0 ? n - 1 : 0, outer = 1, inner = 1;
  for (int d = 0; d < x->ndim; d++)
    if (d < ax) outer *= x->shape[d];
    else if (d > ax) inner *= x->shape[d];
  if (outer == 1) {
    int64_t shape[JAXC_MAX_NDIM];
    memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
    shape[ax] = m;
    jaxc_array hi, lo;
    char *p = (char *)x->data;
    jaxc_array_wrap(&hi, x->dtype, x->ndim, shape, p + (size_t)inner * jaxc_dtype_size(x->dtype));
    jaxc_array_wrap(&lo, x->dtype, x->ndim, shape, p);
    hi.weak = lo.weak = x->weak;
    return jaxc_binary(op, &hi, &lo);
  }
  jaxc_array *hi = jaxc__slice_axis(x, ax, 1, JAXC_NONE), *lo = hi ? jaxc__slice_axis(x, ax, 0, -1) : NULL;
  jaxc_array *r = lo ? jaxc_binary(op, hi, lo) : NULL;
  jaxc_array_free(hi), jaxc_array_free(lo);
  return r;
}

/* f"{a}" of a 0-d array, for diff's message: Python's str of its one value */
static void jaxc__scalar_str(char *buf, size_t cap, const jaxc_array *a) {
  jaxc_c128 z = jaxc__c128_make(0, 0);
  jaxc_kernel_cast_dyn(a->dtype, JAXC_C128, 1, a->data, &z);
  double re = jaxc__re_jaxc_c128(z), im = jaxc__im_jaxc_c128(z);
  switch (jaxc_dtype_kind(a->dtype)) {
  case JAXC_KIND_BOOL: snprintf(buf, cap, "%s", re != 0 ? "True" : "False"); return;
  case JAXC_KIND_INT: { int64_t i; jaxc_kernel_cast_dyn(a->dtype, JAXC_I64, 1, a->data, &i); snprintf(buf, cap, "%lld", (long long)i); return; }
  case JAXC_KIND_UINT: { uint64_t u; jaxc_kernel_cast_dyn(a->dtype, JAXC_U64, 1, a->data, &u); snprintf(buf, cap, "%llu", (unsigned long long)u); return; }
  case JAXC_KIND_FLOAT: snprintf(buf, cap, "%.*g", a->dtype == JAXC_F64 ? 17 : 9, re); return;
  default: snprintf(buf, cap, "(%.*g%+.*gj)", a->dtype == JAXC_C128 ? 17 : 9, re, a->dtype == JAXC_C128 ? 17 : 9, im); return;
  }
}

/* jnp.diff's prepend/append: a 0-d one broadcast to a's shape with the axis 1 long (*made, to
   free), any other used as it is */
static const jaxc_array *jaxc__diff_edge(const jaxc_array *a, int ax, const jaxc_array *e, jaxc_array **made) {
  if (!e || e->ndim) return e;
  int64_t shape[JAXC_MAX_NDIM];
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  shape[ax] = 1;
  return *made = jaxc_broadcast_to(e, a->ndim, shape);
}

JAXC_API jaxc_array *jaxc_diff(const jaxc_array *a, int n, int axis, const jaxc_array *prepend, const jaxc_array *append) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "diff: the array is NULL");
  if (n == 0) return jaxc_reshape(a, a->ndim, a->shape);
  if (n < 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "order must be non-negative but got %d", n);
  if (a->ndim == 0) {
    char s[96];
    jaxc__scalar_str(s, sizeof s, a);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "diff requires input that is at least one dimensional; got %s", s);
  }
  int ax;
  if (!jaxc__canon_axis(axis, a->ndim, &ax)) return NULL;
  jaxc_array *made[2] = {NULL, NULL}, *joined = NULL;
  const jaxc_array *pre = jaxc__diff_edge(a, ax, prepend, &made[0]);
  const jaxc_array *app = !prepend || pre ? jaxc__diff_edge(a, ax, append, &made[1]) : NULL;
  if ((prepend && !pre) || (append && !app)) return jaxc__free_arrays(2, made), NULL;
  if (pre || app) {
    const jaxc_array *parts[3];
    int k = 0;
    if (pre) parts[k++] = pre;
    parts[k++] = a;
    if (app) parts[k++] = app;
    joined = jaxc_concatenate(k, parts, ax);
    jaxc__free_arrays(2, made);
    if (!joined) return NULL;
  }
  const jaxc_array *x = joined ? joined : a;
  jaxc_op op = x->dtype == JAXC_BOOL ? JAXC_OP_NOT_EQUAL : JAXC_OP_SUBTRACT;
  jaxc_array *r = NULL;
  for (int i = 0; i < n && x; i++) {
    r = jaxc__diff_once(x, ax, op);
    if (x != a) jaxc_array_free((jaxc_array *)x);
    x = r;
  }
  return r;
}

JAXC_API jaxc_array *jaxc_ediff1d(const jaxc_array *a, const jaxc_array *to_end, const jaxc_array *to_begin) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "ediff1d: the array is NULL");
  if (a->dtype == JAXC_BOOL) return (jaxc_array *)jaxc__fail_dtype(JAXC_OP_SUBTRACT, JAXC_BOOL); /* lax.sub's */
  jaxc_array flat;
  jaxc_array_wrap(&flat, a->dtype, 1, &a->size, a->data);
  flat.weak = a->weak;
  jaxc_array *d = jaxc__diff_once(&flat, 0, JAXC_OP_SUBTRACT);
  jaxc_array *b = d && to_begin ? jaxc__astype_impl(to_begin, a->dtype, NULL) : NULL;
  jaxc_array *e = d && (b || !to_begin) && to_end ? jaxc__astype_impl(to_end, a->dtype, NULL) : NULL, *r = NULL;
  if (d && (b || !to_begin) && (e || !to_end)) {
    jaxc_array bf, ef;
    const jaxc_array *parts[3];
    int k = 0;
    if (b) parts[k++] = jaxc_array_wrap(&bf, b->dtype, 1, &b->size, b->data);
    parts[k++] = d;
    if (e) parts[k++] = jaxc_array_wrap(&ef, e->dtype, 1, &e->size, e->data);
    r = k == 1 ? d : jaxc_concatenate(k, parts, 0);
    if (r == d) d = NULL;
  }
  JAXC__FREE_ARRAYS(d, b, e);
  return r;
}

/* --- cumulative_sum / cumulative_prod (jax/_src/numpy/reductions.py) ---------------------------- */
/* _promote_integer_dtype: bool and integers narrower than the default int (uint) to it, which is
   sum's own widening */
static jaxc_dtype jaxc__promote_integer(jaxc_dtype d) { return jaxc_reduce_output_dtype(JAXC_OP_SUM, d, jaxc_x64()); }
static jaxc_array *jaxc__cumulative_api(jaxc_op op, const jaxc_array *x, int axis, jaxc_dtype dtype, bool include_initial) {
  bool sum = op == JAXC_OP_CUMSUM;
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "cumulative_%s: the array is NULL", sum ? "sum" : "prod");
  if (x->ndim == 0)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "The input must be non-scalar to take a cumulative %s, however a scalar "
                                    "value or scalar array was given.", sum ? "sum" : "product");
  if (axis == JAXC_ALL_AXES) {
    if (x->ndim > 1)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "The input array has rank %d, however axis was not set to an explicit "
                                      "value. The axis argument is only optional for one-dimensional arrays.", x->ndim);
    axis = 0;
  }
  int ax;
  jaxc_dtype req, result, comp;
  if (!jaxc__canon_axis(axis, x->ndim, &ax) || !jaxc__create_dtype(dtype, JAXC_DTYPE_NONE, &req)) return NULL;
  jaxc_array *nz = NULL, *c = NULL, *init = NULL, *r = NULL;
  const jaxc_array *a = x;
  if (req == JAXC_DTYPE_NONE) {
    result = comp = sum || x->dtype == JAXC_BOOL ? jaxc__promote_integer(x->dtype) : x->dtype;
  } else if (req == JAXC_BOOL) { /* counted as integers: [-1, 1] must not cancel */
    result = JAXC_BOOL, comp = jaxc__promote_integer(JAXC_BOOL);
    if (x->dtype != JAXC_BOOL) a = nz = jaxc__nonzero_mask(x);
  } else {
    result = comp = req;
  }
  if (a && (c = jaxc__cumulative_in(op, a, ax, comp)) && comp != result) {
    jaxc_array *back = jaxc_astype(c, result);
    jaxc_array_free(c), c = back;
  }
  if (c && include_initial) { /* the identity first: concatenate([full(shape with axis 1, 0 or 1), out]) */
    int64_t shape[JAXC_MAX_NDIM];
    for (int i = 0; i < x->ndim && i < JAXC_MAX_NDIM; i++) shape[i] = i == ax ? 1 : x->shape[i];
    init = sum ? jaxc_array_zeros(result, x->ndim, shape) : jaxc_array_ones(result, x->ndim, shape);
    const jaxc_array *parts[2] = {init, c};
    r = init ? jaxc_concatenate(2, parts, ax) : NULL;
  } else {
    r = c, c = NULL;
  }
  JAXC__FREE_ARRAYS(nz, c, init);
  return r;
}
JAXC_API jaxc_array *jaxc_cumulative_sum(const jaxc_array *x, int axis, jaxc_dtype dtype, bool include_initial) {
  return jaxc__cumulative_api(JAXC_OP_CUMSUM, x, axis, dtype, include_initial);
}
JAXC_API jaxc_array *jaxc_cumulative_prod(const jaxc_array *x, int axis, jaxc_dtype dtype, bool include_initial) {
  return jaxc__cumulative_api(JAXC_OP_CUMPROD, x, axis, dtype, include_initial);
}

/* --- interp: JAX's _interp, op by op ---------------------------------------------------------- */
/* The arrays one function makes on its way (freed together); a NULL step stops the function
   with that step's status. */
typedef struct jaxc__steps {
  jaxc_array *a[64];
  int n;
} jaxc__steps;
static jaxc_array *jaxc__step(jaxc__steps *s, jaxc_array *a) {
  JAXC_ASSERT(s->n < 64);
  if (a) s->a[s->n++] = a;
  return a;
}
/* a in old's place (old freed): a loop's running value, so that a loop of any length holds one
   slot (a NULL a stops the function; old is freed with the rest) */
static jaxc_array *jaxc__step_swap(jaxc__steps *s, jaxc_array *old, jaxc_array *a) {
  if (!a) return NULL;
  for (int i = 0; i < s->n; i++)
    if (s->a[i] == old) {
      jaxc_array_free(old);
      return s->a[i] = a;
    }
  return jaxc__step(s, a);
}
static void jaxc__steps_free(jaxc__steps *s, const jaxc_array *keep) {
  for (int i = 0; i < s->n; i++)
    if (s->a[i] != keep) jaxc_array_free(s->a[i]);
}
/* a promoted to dtype d with weak flag w (lax._convert_element_type(x, d, w)) */
static jaxc_array *jaxc__promoted(const jaxc_array *a, jaxc_dtype d, bool w) {
  jaxc_array *r = jaxc_astype(a, d);
  if (r) r->weak = w;
  return r;
}
static void jaxc__view(jaxc_array *v, const jaxc_array *x, int nd, const int64_t *shape);
/* a, taken out of the arrays a function frees at its end (it is the function's result) */
static jaxc_array *jaxc__step_keep(jaxc__steps *s, jaxc_array *a) {
  for (int i = 0; i < s->n; i++)
    if (s->a[i] == a) s->a[i] = NULL;
  return a;
}
/* x's data under another shape of its size and the weak flag w, in a struct of its own: a step
   that copies nothing (never a result: it lives no longer than x) */
static jaxc_array *jaxc__shaped_view(const jaxc_array *x, int nd, const int64_t *shape, bool w) {
  jaxc_array *v = (jaxc_array *)jaxc__malloc(sizeof *v);
  if (!v) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory");
  jaxc__view(v, x, nd, shape);
  v->weak = w, v->owns_self = true;
  return v;
}
/* jaxc__promoted, as a view when nothing changes */
static jaxc_array *jaxc__promoted_view(const jaxc_array *a, jaxc_dtype d, bool w) {
  return a->dtype == d ? jaxc__shaped_view(a, a->ndim, a->shape, w) : jaxc__promoted(a, d, w);
}
/* The line of _interp for float32 or float64 operands of one dtype, fused: each of JAX's ops
   is its own loop over a block (so that no compiler contracts the multiply and the add into one
   rounding), the same ops in the same order as the op-by-op path. idx is searchsorted's result;
   lv/rv the left/right values in the dtype (use_l/use_r: whether they apply). */
typedef struct jaxc__interp_job {
  const void *x, *xp, *fp, *idx;
  void *out;
  int64_t n;
  bool idx64, use_l, use_r;
  double eps, lv, rv;
} jaxc__interp_job;
#define JAXC__INTERP_BLOCK 256
#define JAXC__INTERP_KERNEL(SUF, T)                                                                   \
  static void jaxc__interp_##SUF(const void *job, int64_t lo, int64_t hi) {                          \
    const jaxc__interp_job *J = (const jaxc__interp_job *)job;                                        \
    const T *x = (const T *)J->x, *xp = (const T *)J->xp, *fp = (const T *)J->fp, eps = (T)J->eps;   \
    T *out = (T *)J->out, df[JAXC__INTERP_BLOCK], dx[JAXC__INTERP_BLOCK], q[JAXC__INTERP_BLOCK];      \
    int64_t n = J->n, ii[JAXC__INTERP_BLOCK], jj[JAXC__INTERP_BLOCK];                                 \
    for (int64_t b = lo; b < hi; b += JAXC__INTERP_BLOCK) {                                           \
      int m = hi - b < JAXC__INTERP_BLOCK ? (int)(hi - b) : JAXC__INTERP_BLOCK;                       \
      for (int l = 0; l < m; l++) { /* clip(i, 1, n - 1); i - 1 counts -1 from the end */            \
        int64_t i = J->idx64 ? ((const int64_t *)J->idx)[b + l] : ((const int32_t *)J->idx)[b + l];   \
        i = i > 1 ? i : 1, i = i < n - 1 ? i : n - 1;                                                 \
        ii[l] = i, jj[l] = i - 1 < 0 ? i - 1 + n : i - 1;                                             \
      }                                                                                               \
      for (int l = 0; l < m; l++) df[l] = fp[ii[l]] - fp[jj[l]];                                      \
      for (int l = 0; l < m; l++) dx[l] = xp[ii[l]] - xp[jj[l]];                                      \
      for (int l = 0; l < m; l++) q[l] = x[b + l] - xp[jj[l]];                                        \
      for (int l = 0; l < m; l++) q[l] = q[l] / (dx[l] >= -eps && dx[l] <= eps ? (T)1 : dx[l]);      \
      for (int l = 0; l < m; l++) q[l] = q[l] * df[l];                                                \
      for (int l = 0; l < m; l++) q[l] = fp[jj[l]] + q[l];                                            \
      for (int l = 0; l < m; l++) out[b + l] = dx[l] >= -eps && dx[l] <= eps ? fp[jj[l]] : q[l];     \
      if (J->use_l)                                                                                   \
        for (int l = 0; l < m; l++) out[b + l] = x[b + l] < xp[0] ? (T)J->lv : out[b + l];            \
      if (J->use_r)                                                                                   \
        for (int l = 0; l < m; l++) out[b + l] = x[b + l] > xp[n - 1] ? (T)J->rv : out[b + l];        \
    }                                                                                                 \
  }
JAXC__INTERP_KERNEL(f32, float)
JAXC__INTERP_KERNEL(f64, double)
#undef JAXC__INTERP_KERNEL
/* element i of a float32 or float64 array */
static double jaxc__fd_at(const jaxc_array *a, int64_t i) {
  return a->dtype == JAXC_F32 ? (double)((const float *)a->data)[i] : ((const double *)a->data)[i];
}
/* left's or right's value as the fused line takes it: v (NULL: fp's end) converted to d, or false
   where where(cond, v, f) would not keep f's dtype d */
static bool jaxc__interp_end(const jaxc_array *v, const jaxc_array *FP, bool last, jaxc_dtype d, double *out) {
  if (!v) {
    *out = jaxc__fd_at(FP, last ? FP->size - 1 : 0);
    return true;
  }
  jaxc_dtype node = v->ndim == 0 ? jaxc__join2(v, FP) : JAXC_DTYPE_INVALID;
  if (node != d) return jaxc__ok(), false;
  jaxc_array *c = jaxc_astype(v, d);
  if (!c) return false;
  *out = jaxc__fd_at(c, 0);
  jaxc_array_free(c);
  return true;
}
#define JAXC__STEP(v, expr) \
  if (!((v) = jaxc__step(&S, (expr)))) goto done
JAXC_API jaxc_array *jaxc_interp(const jaxc_array *x, const jaxc_array *xp, const jaxc_array *fp, const jaxc_array *left,
                                 const jaxc_array *right, const jaxc_array *period, int extrapolate) {
  if (!x || !xp || !fp) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "interp: an array is NULL");
  if (xp->ndim != 1 || fp->ndim != 1 || xp->shape[0] != fp->shape[0])
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "xp and fp must be one-dimensional arrays of equal size");
  if ((unsigned)extrapolate > (JAXC_EXTRAPOLATE_LEFT | JAXC_EXTRAPOLATE_RIGHT))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "interp: extrapolate must be 0, JAXC_EXTRAPOLATE_LEFT, JAXC_EXTRAPOLATE_RIGHT or both");
  jaxc_dtype node = jaxc__join2(x, xp);
  if (node == JAXC_DTYPE_INVALID) return NULL;
  node = jaxc__to_inexact(node);
  jaxc_dtype d = jaxc_storage_dtype(node, jaxc_x64()), fnode = jaxc__to_inexact(jaxc__node_of(fp));
  if (jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "jnp.interp: complex x values not supported.");
  if (period && period->ndim != 0) {
    char s[JAXC_MAX_NDIM * 24 + 4];
    jaxc__format_shape(s, sizeof s, period);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "period must be a scalar; got an array of shape %s", s);
  }
  if (xp->size == 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_INDEX, "index 0 is out of bounds for axis 0 with size 0");
  jaxc__steps S = {{0}, 0};
  jaxc_array *X, *XP, *FP, *f = NULL, *t[16];
  JAXC__STEP(X, jaxc__promoted_view(x, d, jaxc_dtype_is_weak(node)));
  JAXC__STEP(XP, jaxc__promoted_view(xp, d, jaxc_dtype_is_weak(node)));
  JAXC__STEP(FP, jaxc__promoted_view(fp, jaxc_storage_dtype(fnode, jaxc_x64()), jaxc_dtype_is_weak(fnode)));
  if (period) { /* mod |period|, sorted, and one point past each end */
    jaxc_array *P, *perm;
    JAXC__STEP(P, jaxc_abs(period));
    JAXC__STEP(X, jaxc_remainder(X, P));
    JAXC__STEP(XP, jaxc_remainder(XP, P));
    JAXC__STEP(perm, jaxc_argsort(XP, 0));
    JAXC__STEP(XP, jaxc_take(XP, perm, 0, JAXC_MODE_CLIP, NULL));
    JAXC__STEP(FP, jaxc_take(FP, perm, 0, JAXC_MODE_CLIP, NULL));
    jaxc_slice_spec last = JAXC_S(-1, JAXC_NONE, JAXC_NONE), first = JAXC_S(JAXC_NONE, 1, JAXC_NONE);
    JAXC__STEP(t[0], jaxc_slice(XP, 1, &last));
    JAXC__STEP(t[0], jaxc_subtract(t[0], P));
    JAXC__STEP(t[1], jaxc_slice(XP, 1, &first));
    JAXC__STEP(t[1], jaxc_add(t[1], P));
    const jaxc_array *xs[3] = {t[0], XP, t[1]};
    JAXC__STEP(XP, jaxc_concatenate(3, xs, 0));
    JAXC__STEP(t[0], jaxc_slice(FP, 1, &last));
    JAXC__STEP(t[1], jaxc_slice(FP, 1, &first));
    const jaxc_array *fs[3] = {t[0], FP, t[1]};
    JAXC__STEP(FP, jaxc_concatenate(3, fs, 0));
  }
  /* i, the neighbours, and the line through them (where |dx| is not below epsilon) */
  jaxc_array *i, *im1, *df, *dx, *delta, *dx0, *eps;
  JAXC__STEP(i, jaxc_searchsorted(XP, X, JAXC_SIDE_RIGHT, NULL));
  jaxc_dtype d2 = FP->dtype;
  if ((d2 == JAXC_F32 || d2 == JAXC_F64) && X->dtype == d2 && XP->dtype == d2 && !FP->weak && !jaxc__debugging()) {
    /* one dtype, f strong: the fused line (the op-by-op path names the op a debug check fails in) */
    jaxc__interp_job J = {X->data, XP->data, FP->data, i->data, NULL, XP->size, i->dtype == JAXC_I64,
                          !(extrapolate & JAXC_EXTRAPOLATE_LEFT) && !period, !(extrapolate & JAXC_EXTRAPOLATE_RIGHT) && !period,
                          ldexp(1.0, d2 == JAXC_F32 ? -46 : -104), 0, 0};
    if ((!J.use_l || jaxc__interp_end(left, FP, false, d2, &J.lv)) && (!J.use_r || jaxc__interp_end(right, FP, true, d2, &J.rv))) {
      JAXC__STEP(f, jaxc__new_array(d2, false, X->ndim, X->shape));
      J.out = f->data;
      jaxc__range_run(&J, d2 == JAXC_F32 ? jaxc__interp_f32 : jaxc__interp_f64, f->size, 4 * jaxc_dtype_size(d2));
      jaxc__ok();
      goto done;
    }
    if (jaxc_last_status() != JAXC_OK) goto done;
  }
  JAXC__STEP(i, jaxc_clip(i, jaxc__step(&S, jaxc_weak_int(1)), jaxc__step(&S, jaxc_weak_int(XP->shape[0] - 1))));
  JAXC__STEP(im1, jaxc_subtract(i, 1));
  JAXC__STEP(t[0], jaxc_index_take(FP, i, 0, JAXC_MODE_DEFAULT, NULL));
  JAXC__STEP(t[1], jaxc_index_take(FP, im1, 0, JAXC_MODE_DEFAULT, NULL));
  JAXC__STEP(df, jaxc_subtract(t[0], t[1]));
  JAXC__STEP(t[2], jaxc_index_take(XP, i, 0, JAXC_MODE_DEFAULT, NULL));
  JAXC__STEP(t[3], jaxc_index_take(XP, im1, 0, JAXC_MODE_DEFAULT, NULL));
  JAXC__STEP(dx, jaxc_subtract(t[2], t[3]));
  JAXC__STEP(delta, jaxc_subtract(X, t[3]));
  /* epsilon = np.spacing(np.finfo(xp.dtype).eps), a strong scalar of xp's dtype: eps^2 (the
     spacing at 2^-nmant is 2^-2nmant) */
  jaxc_float_info fi;
  if (!jaxc_finfo(d, &fi)) jaxc_finfo(JAXC_F64, &fi);
  JAXC__STEP(eps, jaxc_weak_float(fi.eps * fi.eps));
  JAXC__STEP(eps, jaxc_astype(eps, XP->dtype));
  JAXC__STEP(t[4], jaxc_abs(dx));
  JAXC__STEP(dx0, jaxc_less_equal(t[4], eps));
  JAXC__STEP(t[5], jaxc_where(dx0, jaxc__step(&S, jaxc_weak_int(1)), dx));
  JAXC__STEP(t[5], jaxc_divide(delta, t[5]));
  JAXC__STEP(t[5], jaxc_multiply(t[5], df));
  JAXC__STEP(t[5], jaxc_add(t[1], t[5]));
  JAXC__STEP(f, jaxc_where(dx0, t[1], t[5]));
  for (int side = 0; side < 2; side++) { /* left, then right: a value, or fp's end, off that end */
    if (extrapolate & (side ? JAXC_EXTRAPOLATE_RIGHT : JAXC_EXTRAPOLATE_LEFT)) continue;
    jaxc_slice_spec end = JAXC_I(side ? -1 : 0);
    const jaxc_array *value = side ? right : left;
    if (!value) {
      JAXC__STEP(t[6], jaxc_slice(FP, 1, &end));
      value = t[6];
    }
    if (period) continue;
    JAXC__STEP(t[7], jaxc_slice(XP, 1, &end));
    JAXC__STEP(t[7], side ? jaxc_greater(X, t[7]) : jaxc_less(X, t[7]));
    JAXC__STEP(f, jaxc_where(t[7], value, f));
  }
done:
  jaxc__steps_free(&S, f);
  return f;
}

/* --- trapezoid, cross, vander ------------------------------------------------------------------ */
static void jaxc__iota_fill(jaxc_dtype d, int64_t lo, int64_t n, unsigned char *dst);
static bool jaxc__iota_accepts(jaxc_dtype d);
/* a[..., sp, ...] with sp on axis ax (canonical) and every other axis whole */
static jaxc_array *jaxc__slice_on(const jaxc_array *a, int ax, jaxc_slice_spec sp) {
  jaxc_slice_spec spec[JAXC_MAX_NDIM];
  for (int k = 0; k < a->ndim && k < JAXC_MAX_NDIM; k++) spec[k] = k == ax ? sp : JAXC_ALL;
  return jaxc_slice(a, a->ndim, spec);
}
/* trapezoid's line fused for float32/float64 lanes along the last axis: t = y[i+1] + y[i], the
   spacing d (x[i+1] - x[i], or dx) and p = d * t each rounded in the dtype as JAX's ops round
   them, the p summed in double (jaxc's sum: float32 accumulates in double), the sum rounded to
   the dtype and halved. Four accumulators: the loop vectorises without reassociating a sum. */
#define JAXC__TRAP_LANE(T, NAME)                                                                   \
  static double NAME(const T *y, const T *x, T dx, int64_t lo, int64_t hi) {                       \
    double a0 = 0, a1 = 0, a2 = 0, a3 = 0;                                                         \
    int64_t i = lo;                                                                                \
    for (; i + 4 <= hi; i += 4) {                                                                  \
      T t0 = y[i + 1] + y[i], t1 = y[i + 2] + y[i + 1], t2 = y[i + 3] + y[i + 2], t3 = y[i + 4] + y[i + 3]; \
      T d0 = x ? x[i + 1] - x[i] : dx, d1 = x ? x[i + 2] - x[i + 1] : dx;                          \
      T d2 = x ? x[i + 3] - x[i + 2] : dx, d3 = x ? x[i + 4] - x[i + 3] : dx;                      \
      T p0 = d0 * t0, p1 = d1 * t1, p2 = d2 * t2, p3 = d3 * t3;                                    \
      a0 += (double)p0, a1 += (double)p1, a2 += (double)p2, a3 += (double)p3;                      \
    }                                                                                              \
    for (; i < hi; i++) {                                                                          \
      T t = y[i + 1] + y[i], d = x ? x[i + 1] - x[i] : dx, p = d * t;                              \
      a0 += (double)p;                                                                             \
    }                                                                                              \
    return (a0 + a1) + (a2 + a3);                                                                  \
  }
JAXC__TRAP_LANE(float, jaxc__trap_f32)
JAXC__TRAP_LANE(double, jaxc__trap_f64)
#undef JAXC__TRAP_LANE
/* the pairs [lo, hi) of a lane of n elements (x NULL: the spacing dx) as a double sum */
static double jaxc__trap_sum(bool f64, const void *y, const void *x, double dx, int64_t lo, int64_t hi) {
  return f64 ? jaxc__trap_f64((const double *)y, (const double *)x, dx, lo, hi)
             : jaxc__trap_f32((const float *)y, (const float *)x, (float)dx, lo, hi);
}
/* lanes of n along the last axis of Y (x: one line for all, or a lane per lane, or NULL) */
typedef struct jaxc__trap_job {
  const char *y, *x;
  double dx;
  int64_t n, pairs;
  size_t es;
  bool f64, x_lanes;
  void *out;
} jaxc__trap_job;
static void jaxc__trap_store(const jaxc__trap_job *j, int64_t l, double acc) {
  if (j->f64) ((double *)j->out)[l] = 0.5 * acc;
  else ((float *)j->out)[l] = 0.5f * (float)acc;
}
static void jaxc__trap_lanes(const void *job, int64_t l0, int64_t l1) {
  const jaxc__trap_job *j = (const jaxc__trap_job *)job;
  for (int64_t l = l0; l < l1; l++)
    jaxc__trap_store(j, l, jaxc__trap_sum(j->f64, j->y + (size_t)(l * j->n) * j->es,
                                          j->x ? j->x + (size_t)(j->x_lanes ? l * j->n : 0) * j->es : NULL, j->dx, 0, j->pairs));
}
static void jaxc__trap_run(const jaxc_array *Y, const jaxc_array *X, bool x_lanes, double dx, jaxc_array *out) {
  int64_t n = Y->shape[Y->ndim - 1], lanes = n ? Y->size / n : out->size;
  jaxc__trap_job J = {(const char *)Y->data, X ? (const char *)X->data : NULL, dx, n, n > 1 ? n - 1 : 0,
                      jaxc_dtype_size(Y->dtype), Y->dtype == JAXC_F64, x_lanes, out->data};
  size_t bytes_each = (size_t)(n ? n : 1) * J.es * (x_lanes ? 2 : 1);
#if JAXC__HAS_OPENMP
  if (lanes == 1 && bytes_each > JAXC_PAR_BYTES) { /* one long lane: a piece per thread, the partial sums added in order */
    double part[256] = {0};
    int used = 1;
#  pragma omp parallel
    {
      int t = omp_get_thread_num(), nt = omp_get_num_threads() < 256 ? omp_get_num_threads() : 256;
      int64_t lo, hi;
      if (t < nt) {
        jaxc__thread_part(J.pairs, t, nt, &lo, &hi);
        part[t] = jaxc__trap_sum(J.f64, J.y, J.x, dx, lo, hi);
      }
      if (t == 0) used = nt;
    }
    double acc = 0;
    for (int t = 0; t < used; t++) acc += part[t];
    jaxc__trap_store(&J, 0, acc);
    return;
  }
#endif
  jaxc__range_run(&J, jaxc__trap_lanes, lanes, bytes_each);
}
/* whether the fused line gives JAX's dtypes: float32/float64 y (and x) of one dtype along the last
   axis, a 0-d spacing that does not widen the product, no debug checks; *dxv: the spacing */
static bool jaxc__trap_fusable(const jaxc_array *Y, const jaxc_array *X, const jaxc_array *D, int axis, double *dxv) {
  if ((Y->dtype != JAXC_F32 && Y->dtype != JAXC_F64) || Y->ndim == 0 || jaxc__debugging()) return false;
  if (axis != -1 && axis != Y->ndim - 1) return false;
  if (X)
    return X->dtype == Y->dtype && (X->ndim == 1 ? X->shape[0] == Y->shape[Y->ndim - 1]
                                                 : X->ndim == Y->ndim && !memcmp(X->shape, Y->shape, sizeof(int64_t) * (size_t)Y->ndim));
  bool w;
  if (D->ndim != 0 || jaxc_binary_result(JAXC_OP_MULTIPLY, D, Y, &w) != Y->dtype) return false;
  jaxc_array *c = jaxc_astype(D, Y->dtype); /* (dx rounded to the dtype first, as the product does) */
  if (!c) return false;
  *dxv = Y->dtype == JAXC_F64 ? *(const double *)c->data : (double)*(const float *)c->data;
  jaxc_array_free(c);
  return true;
}
JAXC_API jaxc_array *jaxc_trapezoid(const jaxc_array *y, const jaxc_array *x, const jaxc_array *dx, int axis) {
  if (!y) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "trapezoid: y is NULL");
  jaxc_dtype node = x ? jaxc__join2(y, x) : jaxc__node_of(y);
  if (node == JAXC_DTYPE_INVALID) return NULL;
  node = jaxc__to_inexact(node);
  jaxc_dtype d = jaxc_storage_dtype(node, jaxc_x64());
  bool w = jaxc_dtype_is_weak(node);
  jaxc__steps S = {{0}, 0};
  jaxc_array *Y, *D, *t, *r = NULL;
  JAXC__STEP(Y, jaxc__promoted_view(y, d, w));
  jaxc_array *X = NULL, *one = NULL;
  if (x) {
    JAXC__STEP(X, jaxc__promoted_view(x, d, w));
  } else if (!dx) {
    JAXC__STEP(one, jaxc_weak_float(1.0));
  }
  double dxv = 1;
  if (jaxc__trap_fusable(Y, X, dx ? dx : one, axis, &dxv)) {
    JAXC__STEP(r, jaxc__new_array(d, false, Y->ndim - 1, Y->shape));
    jaxc__trap_run(Y, X, X && X->ndim > 1, dxv, r);
    jaxc__ok();
    goto done;
  } /* (else JAX's ops one by one: they also give any error in JAX's order) */
  if (x) {
    JAXC__STEP(D, jaxc_diff(X, 1, X->ndim == 1 ? -1 : axis, NULL, NULL));
    if (X->ndim != 1) JAXC__STEP(D, jaxc_moveaxis(D, axis, -1));
  } else {
    JAXC__STEP(D, dx ? jaxc_reshape(dx, dx->ndim, dx->shape) : jaxc_weak_float(1.0));
  }
  JAXC__STEP(Y, jaxc_moveaxis(Y, axis, -1));
  jaxc_array *hi, *lo;
  JAXC__STEP(hi, jaxc__slice_on(Y, Y->ndim - 1, JAXC_S(1, JAXC_NONE, JAXC_NONE)));
  JAXC__STEP(lo, jaxc__slice_on(Y, Y->ndim - 1, JAXC_S(0, -1, JAXC_NONE)));
  JAXC__STEP(t, jaxc_add(hi, lo));
  JAXC__STEP(t, jaxc_multiply(D, t));
  JAXC__STEP(t, jaxc_reduce(JAXC_OP_SUM, t, -1));
  JAXC__STEP(r, jaxc_multiply(0.5, t));
done:
  jaxc__steps_free(&S, r);
  return r;
}

JAXC_API jaxc_array *jaxc_cross(const jaxc_array *a, const jaxc_array *b, int axisa, int axisb, int axisc, int axis) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "cross: an array is NULL");
  if (axis != JAXC_ALL_AXES) axisa = axisb = axisc = axis;
  jaxc__steps S = {{0}, 0};
  jaxc_array *A, *B, *r = NULL, *c[3], *p, *q;
  JAXC__STEP(A, jaxc_moveaxis(a, axisa, -1));
  JAXC__STEP(B, jaxc_moveaxis(b, axisb, -1));
  int64_t na = A->shape[A->ndim - 1], nb = B->shape[B->ndim - 1];
  if ((na != 2 && na != 3) || (nb != 2 && nb != 3)) {
    jaxc__fail(JAXC_ERR_SHAPE, "Dimension must be either 2 or 3 for cross product");
    goto done;
  }
  jaxc_array *av[3], *bv[3];
  for (int i = 0; i < 3; i++) {
    JAXC__STEP(av[i], i < na ? jaxc__slice_on(A, A->ndim - 1, JAXC_I(i)) : jaxc_zeros_like(av[0], JAXC_DTYPE_NONE));
    JAXC__STEP(bv[i], i < nb ? jaxc__slice_on(B, B->ndim - 1, JAXC_I(i)) : jaxc_zeros_like(bv[0], JAXC_DTYPE_NONE));
  }
  if (na == 2 && nb == 2) {
    JAXC__STEP(p, jaxc_multiply(av[0], bv[1]));
    JAXC__STEP(q, jaxc_multiply(av[1], bv[0]));
    JAXC__STEP(r, jaxc_subtract(p, q));
    goto done;
  }
  for (int i = 0; i < 3; i++) { /* c[i] = a[i+1] * b[i+2] - a[i+2] * b[i+1] */
    JAXC__STEP(p, jaxc_multiply(av[(i + 1) % 3], bv[(i + 2) % 3]));
    JAXC__STEP(q, jaxc_multiply(av[(i + 2) % 3], bv[(i + 1) % 3]));
    JAXC__STEP(c[i], jaxc_subtract(p, q));
  }
  const jaxc_array *cs[3] = {c[0], c[1], c[2]};
  JAXC__STEP(p, jaxc_stack(3, cs, 0));
  p->weak = false; /* (jnp.array of a list is strong) */
  JAXC__STEP(r, jaxc_moveaxis(p, 0, axisc));
done:
  jaxc__steps_free(&S, r);
  return r;
}

JAXC_API jaxc_array *jaxc_vander(const jaxc_array *x, int64_t n, bool increasing) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "vander: x is NULL");
  if (x->ndim != 1) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "x must be a one-dimensional array");
  if (n == JAXC_NONE) n = x->shape[0];
  if (n < 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "N must be nonnegative");
  if (!jaxc__iota_accepts(x->dtype)) return NULL;
  jaxc_dtype d = x->dtype;
  jaxc__steps S = {{0}, 0};
  jaxc_array *p, *col, *r = NULL, v;
  JAXC__STEP(p, jaxc__new_array(d, false, 1, &n));
  jaxc__iota_fill(d, 0, n, (unsigned char *)p->data);
  if (!increasing) { /* lax.sub(lax._const(iota, N - 1), iota): N - 1 as numpy makes it of the dtype */
    jaxc_array *top;
    if ((jaxc_dtype_kind(d) == JAXC_KIND_INT || jaxc_dtype_kind(d) == JAXC_KIND_UINT) && n && !jaxc__int_fits(n - 1, d)) {
      jaxc__fail(JAXC_ERR_OVERFLOW, "Python integer %lld out of bounds for %s", (long long)(n - 1), jaxc_dtype_name(d));
      goto done;
    }
    JAXC__STEP(top, jaxc__new_array(d, false, 0, NULL));
    jaxc__iota_fill(d, n ? n - 1 : 0, 1, (unsigned char *)top->data);
    JAXC__STEP(p, jaxc_subtract(top, p));
  }
  int64_t s[2] = {x->shape[0], 1};
  jaxc__view(&v, x, 2, s);
  JAXC__STEP(col, jaxc_reshape(p, 2, (int64_t[]){1, n}));
  JAXC__STEP(r, jaxc_power(&v, col));
done:
  jaxc__steps_free(&S, r);
  return r;
}

/* --- polynomials --------------------------------------------------------------------------------- */
/* x and y promoted together (promote_dtypes, or _inexact): views when the dtype already fits */
static bool jaxc__promote_pair(const jaxc_array *x, const jaxc_array *y, bool inexact, jaxc__steps *S, jaxc_array **X, jaxc_array **Y) {
  jaxc_dtype node = jaxc__join2(x, y);
  if (node == JAXC_DTYPE_INVALID) return false;
  if (inexact) node = jaxc__to_inexact(node);
  jaxc_dtype d = jaxc_storage_dtype(node, jaxc_x64());
  bool w = jaxc_dtype_is_weak(node);
  return (*X = jaxc__step(S, jaxc__promoted_view(x, d, w))) && (*Y = jaxc__step(S, jaxc__promoted_view(y, d, w)));
}
static jaxc_array *jaxc__inexact_view(const jaxc_array *x) {
  jaxc_dtype node = jaxc__to_inexact(jaxc__node_of(x));
  return jaxc__promoted_view(x, jaxc_storage_dtype(node, jaxc_x64()), jaxc_dtype_is_weak(node));
}
/* polyval fused for float32/float64 with a 1-D p: Horner's steps over an L1 block of x, each
   multiply and each add its own loop, so that no compiler contracts them into one rounding (the
   op-by-op path's roundings, in one pass over memory) */
typedef struct jaxc__polyval_job { const void *p, *x; void *y; int64_t np; bool f64; } jaxc__polyval_job;
#define JAXC__POLYVAL_BLOCK(T, NAME)                                                                \
  static void NAME(const jaxc__polyval_job *j, int64_t lo, int64_t hi) {                            \
    const T *p = (const T *)j->p, *x = (const T *)j->x;                                             \
    T *y = (T *)j->y, t[256];                                                                       \
    for (int64_t b = lo; b < hi; b += 256) {                                                        \
      int64_t m = hi - b < 256 ? hi - b : 256;                                                      \
      for (int64_t i = 0; i < m; i++) y[b + i] = 0;                                                 \
      for (int64_t c = 0; c < j->np; c++) {                                                         \
        for (int64_t i = 0; i < m; i++) t[i] = y[b + i] * x[b + i];                                 \
        for (int64_t i = 0; i < m; i++) y[b + i] = t[i] + p[c];                                     \
      }                                                                                             \
    }                                                                                               \
  }
JAXC__POLYVAL_BLOCK(float, jaxc__polyval_f32)
JAXC__POLYVAL_BLOCK(double, jaxc__polyval_f64)
#undef JAXC__POLYVAL_BLOCK
static void jaxc__polyval_range(const void *job, int64_t lo, int64_t hi) {
  const jaxc__polyval_job *j = (const jaxc__polyval_job *)job;
  if (j->f64) jaxc__polyval_f64(j, lo, hi);
  else jaxc__polyval_f32(j, lo, hi);
}
JAXC_API jaxc_array *jaxc_polyval(const jaxc_array *p, const jaxc_array *x) {
  if (!p || !x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "polyval: an array is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *P, *X, *y = NULL;
  if (!jaxc__promote_pair(p, x, true, &S, &P, &X)) goto done;
  if (P->ndim == 0) {
    char av[64];
    jaxc__format_aval(av, sizeof av, P->dtype, 0, NULL);
    jaxc__fail(JAXC_ERR_SHAPE, "scan got value with no leading axis to scan over: %s.", av);
    goto done;
  }
  jaxc_array tail; /* p's shape past the first axis, for the broadcast */
  jaxc__view(&tail, P, P->ndim - 1, P->shape + 1);
  const jaxc_array *two[2] = {&tail, X};
  int nd;
  int64_t shape[JAXC_MAX_NDIM];
  if (!jaxc__broadcast_list(2, two, &nd, shape)) goto done;
  if (P->ndim == 1 && (X->dtype == JAXC_F32 || X->dtype == JAXC_F64) && !jaxc__debugging()) {
    JAXC__STEP(y, jaxc__new_array(X->dtype, false, X->ndim, X->shape));
    jaxc__polyval_job J = {P->data, X->data, y->data, P->shape[0], X->dtype == JAXC_F64};
    jaxc__range_run(&J, jaxc__polyval_range, X->size, (size_t)(P->shape[0] + 1) * jaxc_dtype_size(X->dtype));
    jaxc__ok();
    goto done;
  }
  JAXC__STEP(y, jaxc_array_zeros(X->dtype, nd, shape)); /* (lax.full_like with a dtype: strong) */
  for (int64_t i = 0; i < P->shape[0]; i++) { /* y = y * x + p[i], the temporaries freed as it goes */
    jaxc_slice_spec at = JAXC_I(i);
    jaxc_array *pi = jaxc_slice(P, 1, &at), *t = pi ? jaxc_multiply(y, X) : NULL, *next = t ? jaxc_add(t, pi) : NULL;
    JAXC__FREE_ARRAYS(pi, t);
    if (!(y = jaxc__step_swap(&S, y, next))) goto done;
  }
done:
  jaxc__steps_free(&S, y);
  return y;
}
/* the longer (by the first axis; a1 on a tie) with the shorter added into its end */
static jaxc_array *jaxc__polyadd(const jaxc_array *a1, const jaxc_array *a2, bool negate) {
  if (!a1 || !a2) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: an array is NULL", negate ? "polysub" : "polyadd");
  jaxc__steps S = {{0}, 0};
  jaxc_array *A, *B, *r = NULL;
  if (!jaxc__promote_pair(a1, a2, false, &S, &A, &B)) goto done;
  if (negate) JAXC__STEP(B, jaxc_negative(B));
  if (A->ndim == 0 || B->ndim == 0) {
    jaxc__fail(JAXC_ERR_ARG, "tuple index out of range");
    goto done;
  }
  const jaxc_array *lo = B->shape[0] <= A->shape[0] ? B : A, *hi = lo == B ? A : B;
  jaxc_slice_spec tail = JAXC_S(-lo->shape[0], JAXC_NONE, JAXC_NONE);
  JAXC__STEP(r, jaxc_at_update_slice(JAXC_OP_ADD, hi, 1, &tail, lo, JAXC_MODE_DEFAULT));
done:
  jaxc__steps_free(&S, r);
  return r;
}
JAXC_API jaxc_array *jaxc_polyadd(const jaxc_array *a1, const jaxc_array *a2) { return jaxc__polyadd(a1, a2, false); }
JAXC_API jaxc_array *jaxc_polysub(const jaxc_array *a1, const jaxc_array *a2) { return jaxc__polyadd(a1, a2, true); }
JAXC_API jaxc_array *jaxc_polymul(const jaxc_array *a1, const jaxc_array *a2, bool trim_leading_zeros) {
  if (!a1 || !a2) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "polymul: an array is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *A, *B, *r = NULL;
  if (!jaxc__promote_pair(a1, a2, true, &S, &A, &B)) goto done;
  if (A->ndim == 0 || B->ndim == 0) {
    jaxc__fail(JAXC_ERR_ARG, "len() of unsized object");
    goto done;
  }
  if (trim_leading_zeros && (A->shape[0] > 1 || B->shape[0] > 1)) {
    JAXC__STEP(A, jaxc_trim_zeros(A, "f"));
    JAXC__STEP(B, jaxc_trim_zeros(B, "f"));
  }
  int64_t one = 1;
  if (A->shape[0] == 0) JAXC__STEP(A, jaxc_array_zeros(B->dtype, 1, &one));
  if (B->shape[0] == 0) JAXC__STEP(B, jaxc_array_zeros(A->dtype, 1, &one));
  JAXC__STEP(r, jaxc_convolve(A, B, JAXC_CONV_FULL, JAXC_DTYPE_NONE));
done:
  jaxc__steps_free(&S, r);
  return r;
}
/* jnp.poly: the coefficients of prod (x - z_k), convolve(a, [1, -z_k]) root after root */
JAXC_API jaxc_array *jaxc_poly(const jaxc_array *seq_of_zeros) {
  if (!seq_of_zeros) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "poly: the array is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *Z, *a = NULL;
  int64_t one = 1, two = 2;
  JAXC__STEP(Z, jaxc__inexact_view(seq_of_zeros));
  JAXC__STEP(Z, jaxc_atleast_1d(Z));
  if (Z->ndim == 2 && Z->shape[0] == Z->shape[1] && Z->shape[0] != 0) {
    jaxc__fail(JAXC_ERR_ARG, "poly of a square matrix takes its eigenvalues (linalg.eigvals), which jaxc does not "
                             "have: pass the roots");
    goto done;
  }
  if (Z->ndim != 1) {
    jaxc__fail(JAXC_ERR_SHAPE, "input must be 1d or non-empty square 2d array.");
    goto done;
  }
  jaxc_dtype dt = Z->dtype;
  if (Z->shape[0] == 0) {
    JAXC__STEP(a, jaxc_array_ones(dt, 0, NULL));
    goto done;
  }
  size_t es = jaxc_dtype_size(dt);
  const double unit = 1;
  JAXC__STEP(a, jaxc_array_ones(dt, 1, &one));
  for (int64_t k = 0; k < Z->shape[0]; k++) { /* a = convolve(a, array([1, -z_k], dtype)) */
    jaxc_array *zk = jaxc__slice_on(Z, 0, JAXC_I(k)), *nz = zk ? jaxc_negative(zk) : NULL;
    jaxc_array *pair = nz ? jaxc__new_array(dt, false, 1, &two) : NULL, *next = NULL;
    if (pair) {
      jaxc_kernel_cast_dyn(JAXC_F64, dt, 1, &unit, pair->data);
      memcpy((char *)pair->data + es, nz->data, es);
      next = jaxc_convolve(a, pair, JAXC_CONV_FULL, JAXC_DTYPE_NONE);
    }
    JAXC__FREE_ARRAYS(zk, nz, pair);
    if (!(a = jaxc__step_swap(&S, a, next))) goto done;
  }
done:
  jaxc__steps_free(&S, a);
  return a;
}
/* jnp.polydiv: long division as JAX writes it, each step a jnp op rounded in the dtype:
   scale = 1 / v[0]; for k: d = scale * u[k], q[k] = d, u[k:k+n+1] += -d * v */
JAXC_API int jaxc_polydiv(const jaxc_array *u, const jaxc_array *v, bool trim_leading_zeros, jaxc_array **q, jaxc_array **r) {
  if (!u || !v || !q || !r) return jaxc__fail(JAXC_ERR_ARG, "polydiv: an argument is NULL"), JAXC_ERR_ARG;
  *q = *r = NULL;
  jaxc__steps S = {{0}, 0};
  jaxc_array *U, *V, *Q = NULL, *R = NULL, *t;
  if (!jaxc__promote_pair(u, v, true, &S, &U, &V)) goto done;
  if (U->ndim == 0 || V->ndim == 0) {
    jaxc__fail(JAXC_ERR_ARG, "len() of unsized object");
    goto done;
  }
  if (U->ndim != 1 || V->ndim != 1) {
    jaxc__fail(JAXC_ERR_SHAPE, "polydiv: u and v must be 1-D coefficient arrays");
    goto done;
  }
  if (V->shape[0] == 0) {
    jaxc__fail(JAXC_ERR_INDEX, "index 0 is out of bounds for axis 0 with size 0"); /* (v[0]) */
    goto done;
  }
  jaxc_dtype dt = U->dtype;
  size_t es = jaxc_dtype_size(dt);
  int64_t m = U->shape[0] - 1, n = V->shape[0] - 1, nq = m - n + 1 > 1 ? m - n + 1 : 1, nv = n + 1;
  JAXC__STEP(R, jaxc_reshape(U, 1, U->shape)); /* (a copy with U's weak flag: .at[].add keeps it) */
  JAXC__STEP(Q, jaxc_array_zeros(dt, 1, &nq));
  JAXC__STEP(t, jaxc__new_array(dt, false, 1, &nv));
  {
    unsigned char one[16], scale[16], d[16], nd[16];
    const double unit = 1;
    char *rp = (char *)R->data;
    jaxc_kernel_cast_dyn(JAXC_F64, dt, 1, &unit, one);
    jaxc__bin_table[JAXC_OP_TRUE_DIVIDE][dt][0](1, one, V->data, scale);
    for (int64_t k = 0; k <= m - n; k++) {
      jaxc__bin_table[JAXC_OP_MULTIPLY][dt][0](1, scale, rp + (size_t)k * es, d);
      memcpy((char *)Q->data + (size_t)k * es, d, es);
      jaxc__un_table[JAXC_OP_NEGATIVE][dt](1, d, nd);
      jaxc__bin_table[JAXC_OP_MULTIPLY][dt][1]((size_t)nv, nd, V->data, t->data);
      jaxc__bin_table[JAXC_OP_ADD][dt][0]((size_t)nv, rp + (size_t)k * es, t->data, rp + (size_t)k * es);
    }
  }
  if (trim_leading_zeros) { /* trim_zeros_tol(u, sqrt(finfo(dtype).eps), 'f'): |x| < tol is zero */
    jaxc_dtype rd = jaxc__real_dtype(dt);
    jaxc_float_info fi;
    double eps = jaxc_finfo(rd, &fi) ? fi.eps : 0x1p-52;
    jaxc_array *tol, *mag, *small;
    JAXC__STEP(tol, jaxc_scalar(rd, eps, 0));
    JAXC__STEP(tol, jaxc_sqrt(tol));
    JAXC__STEP(mag, jaxc_abs(R));
    JAXC__STEP(small, jaxc_less(mag, tol));
    int64_t start = 0, len = R->shape[0];
    while (start < len && ((const bool *)small->data)[start]) start++;
    if (start == len) {
      JAXC__STEP(R, jaxc_array_empty(dt, 1, (int64_t[]){0}));
    } else if (start > 0) {
      JAXC__STEP(R, jaxc__slice_on(R, 0, JAXC_S(start, JAXC_NONE, JAXC_NONE)));
    }
  }
  *q = jaxc__step_keep(&S, Q), *r = jaxc__step_keep(&S, R);
  jaxc__ok();
done:
  jaxc__steps_free(&S, NULL);
  return *q ? JAXC_OK : (int)jaxc_last_status();
}
/* prod over rows of (arange(lo, lo + n)[None] - arange(m)[:, None]) in d, each factor at least
   `floor` (polyint's maximum(1, grid)), reversed: the coefficients of polyder / polyint */
static jaxc_array *jaxc__poly_coeff(jaxc_dtype d, int64_t lo, int64_t n, int m, bool at_least_one) {
  jaxc__steps S = {{0}, 0};
  jaxc_array *a, *b, *g, *c = NULL;
  int64_t m64 = m;
  JAXC__STEP(a, jaxc__new_array(d, false, 2, (int64_t[]){1, n}));
  jaxc__iota_fill(d, lo, n, (unsigned char *)a->data);
  JAXC__STEP(b, jaxc__new_array(d, false, 2, (int64_t[]){m64, 1}));
  jaxc__iota_fill(d, 0, m64, (unsigned char *)b->data);
  JAXC__STEP(g, jaxc_subtract(a, b));
  if (at_least_one) JAXC__STEP(g, jaxc_maximum(1, g));
  JAXC__STEP(g, jaxc_reduce(JAXC_OP_PROD, g, 0));
  JAXC__STEP(c, jaxc_flip(g, 0, NULL));
done:
  jaxc__steps_free(&S, c);
  return c;
}
JAXC_API jaxc_array *jaxc_polyder(const jaxc_array *p, int m) {
  if (!p) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "polyder: the array is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *P, *c, *head, *r = NULL;
  JAXC__STEP(P, jaxc__inexact_view(p));
  if (m < 0) {
    jaxc__fail(JAXC_ERR_ARG, "Order of derivative must be positive");
    goto done;
  }
  if (m == 0) {
    JAXC__STEP(r, jaxc_reshape(P, P->ndim, P->shape)); /* (a copy, weak flag kept) */
    goto done;
  }
  if (P->ndim == 0) {
    jaxc__fail(JAXC_ERR_ARG, "len() of unsized object");
    goto done;
  }
  int64_t n = P->shape[0] > m ? P->shape[0] - m : 0;
  JAXC__STEP(c, jaxc__poly_coeff(P->dtype, m, n, m, false));
  JAXC__STEP(head, jaxc__slice_on(P, 0, JAXC_S(JAXC_NONE, -m, JAXC_NONE)));
  JAXC__STEP(r, jaxc_multiply(head, c));
done:
  jaxc__steps_free(&S, r);
  return r;
}
JAXC_API jaxc_array *jaxc_polyint(const jaxc_array *p, int m, const jaxc_array *k) {
  if (!p) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "polyint: the array is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *P, *K, *c, *cat, *r = NULL, *zero = NULL;
  if (!k) JAXC__STEP(zero, jaxc_weak_int(0));
  if (!jaxc__promote_pair(p, k ? k : zero, true, &S, &P, &K)) goto done;
  if (m < 0) {
    jaxc__fail(JAXC_ERR_ARG, "Order of integral must be positive (see polyder)");
    goto done;
  }
  int64_t m64 = m;
  JAXC__STEP(K, jaxc_atleast_1d(K));
  if (K->ndim == 1 && K->shape[0] == 1) JAXC__STEP(K, jaxc_broadcast_to(K, 1, &m64));
  if (K->ndim != 1 || K->shape[0] != m64) {
    jaxc__fail(JAXC_ERR_SHAPE, "k must be a scalar or a rank-1 array of length 1 or m.");
    goto done;
  }
  if (m == 0) {
    JAXC__STEP(r, jaxc_reshape(P, P->ndim, P->shape)); /* (a copy, weak flag kept) */
    goto done;
  }
  const jaxc_array *pk[2] = {P, K};
  JAXC__STEP(cat, jaxc_concatenate(2, pk, 0));
  JAXC__STEP(c, jaxc__poly_coeff(P->dtype, 0, P->shape[0] + m64, m, true));
  JAXC__STEP(r, jaxc_true_divide(cat, c));
done:
  jaxc__steps_free(&S, r);
  return r;
}

/* --- windows ----------------------------------------------------------------------------------- */
typedef enum { JAXC__HANNING, JAXC__HAMMING, JAXC__BLACKMAN, JAXC__BARTLETT, JAXC__KAISER } jaxc__window;
static jaxc_array *jaxc__window_fn(jaxc__window kind, int64_t M, double beta) {
  jaxc_dtype d = jaxc__default_float();
  if (M <= 1) {
    if (M < 0) return (jaxc_array *)jaxc__fail_negative_dims(1, &M);
    jaxc_array *r = jaxc_array_ones(d, 1, &M);
    return r;
  }
  const double two_pi = 2 * 3.141592653589793; /* (Python's 2 * np.pi) */
  jaxc__steps S = {{0}, 0};
  jaxc_array *n, *t, *u, *r = NULL;
  JAXC__STEP(n, jaxc__new_array(d, false, 1, &M));
  jaxc__iota_fill(d, 0, M, (unsigned char *)n->data);
  if (kind == JAXC__KAISER) { /* i0(beta * sqrt(1 - ((n - alpha) / alpha) ** 2)) / i0(beta) */
    double alpha = 0.5 * (double)(M - 1);
    JAXC__STEP(t, jaxc_subtract(n, alpha));
    JAXC__STEP(t, jaxc_true_divide(t, alpha));
    JAXC__STEP(t, jaxc_square(t));
    JAXC__STEP(t, jaxc_subtract(1, t));
    JAXC__STEP(t, jaxc_sqrt(t));
    JAXC__STEP(t, jaxc_multiply(beta, t));
    JAXC__STEP(t, jaxc_i0(t));
    JAXC__STEP(u, jaxc_weak_float(beta)); /* (a Python float) */
    JAXC__STEP(u, jaxc_i0(u));
    JAXC__STEP(r, jaxc_true_divide(t, u));
    goto done;
  }
  if (kind == JAXC__BARTLETT) { /* 1 - abs(2 * n + 1 - M) / (M - 1) */
    JAXC__STEP(t, jaxc_multiply(2, n));
    JAXC__STEP(t, jaxc_add(t, 1));
    JAXC__STEP(t, jaxc_subtract(t, M));
    JAXC__STEP(t, jaxc_abs(t));
    JAXC__STEP(t, jaxc_true_divide(t, M - 1));
    JAXC__STEP(r, jaxc_subtract(1, t));
    goto done;
  }
  JAXC__STEP(t, jaxc_multiply(two_pi, n)); /* cos(2 pi n / (M - 1)) */
  JAXC__STEP(t, jaxc_true_divide(t, M - 1));
  JAXC__STEP(t, jaxc_cos(t));
  if (kind == JAXC__HANNING) { /* 0.5 * (1 - cos(...)) */
    JAXC__STEP(t, jaxc_subtract(1, t));
    JAXC__STEP(r, jaxc_multiply(0.5, t));
  } else if (kind == JAXC__HAMMING) { /* 0.54 - 0.46 * cos(...) */
    JAXC__STEP(t, jaxc_multiply(0.46, t));
    JAXC__STEP(r, jaxc_subtract(0.54, t));
  } else { /* 0.42 - 0.5 * cos(2 pi n / (M - 1)) + 0.08 * cos(4 pi n / (M - 1)) */
    JAXC__STEP(t, jaxc_multiply(0.5, t));
    JAXC__STEP(t, jaxc_subtract(0.42, t));
    JAXC__STEP(u, jaxc_multiply(2 * two_pi, n));
    JAXC__STEP(u, jaxc_true_divide(u, M - 1));
    JAXC__STEP(u, jaxc_cos(u));
    JAXC__STEP(u, jaxc_multiply(0.08, u));
    JAXC__STEP(r, jaxc_add(t, u));
  }
done:
  jaxc__steps_free(&S, r);
  return r;
}
JAXC_API jaxc_array *jaxc_hanning(int64_t M) { return jaxc__window_fn(JAXC__HANNING, M, 0); }
JAXC_API jaxc_array *jaxc_hamming(int64_t M) { return jaxc__window_fn(JAXC__HAMMING, M, 0); }
JAXC_API jaxc_array *jaxc_blackman(int64_t M) { return jaxc__window_fn(JAXC__BLACKMAN, M, 0); }
JAXC_API jaxc_array *jaxc_bartlett(int64_t M) { return jaxc__window_fn(JAXC__BARTLETT, M, 0); }
JAXC_API jaxc_array *jaxc_kaiser(int64_t M, double beta) { return jaxc__window_fn(JAXC__KAISER, M, beta); }

/* --- unwrap ---------------------------------------------------------------------------------------- */
/* unwrap's line fused for float32/float64 lanes along the last axis (default discont and period),
   in two passes: ph_correct over blocks of 256, JAX's ops in turn through the same typed kernels
   (so the same roundings; a long lane split over the threads), written to the output; then its
   cumsum, a running sum rounded to the dtype as jaxc's cumsum rounds it, and p + that, in one
   sequential pass (tests/test_poly.c checks the bits against the op-by-op path) */
typedef struct jaxc__unwrap_job { const char *p; char *out; int64_t n, lane; jaxc_dtype d; } jaxc__unwrap_job;
#define JAXC__UNWRAP_FNS(T, SFX)                                                                    \
  /* o[i] = ph_correct at i (from p[i] - p[i-1]) for i in [lo, hi), lo >= 1 */                      \
  static void jaxc__unwrap_pc_##SFX(const T *p, T *o, int64_t lo, int64_t hi, jaxc_dtype d) {       \
    const T h = (T)3.141592653589793, per = (T)(2 * 3.141592653589793);                            \
    const jaxc__bin_fn sub = jaxc__bin_table[JAXC_OP_SUBTRACT][d][0], sub_s = jaxc__bin_table[JAXC_OP_SUBTRACT][d][2]; \
    const jaxc__bin_fn add_s = jaxc__bin_table[JAXC_OP_ADD][d][2], rem_s = jaxc__bin_table[JAXC_OP_REMAINDER][d][2]; \
    T dd[256], m[256];                                                                              \
    for (int64_t b = lo; b < hi; b += 256) {                                                        \
      size_t len = (size_t)(hi - b < 256 ? hi - b : 256);                                           \
      sub(len, p + b, p + b - 1, dd); /* dd = diff(p) */                                           \
      add_s(len, dd, &h, m);          /* ddmod = mod(dd + interval, period) - interval */          \
      rem_s(len, m, &per, m);                                                                       \
      sub_s(len, m, &h, m);                                                                         \
      for (size_t j = 0; j < len; j++) m[j] = m[j] == -h && dd[j] > 0 ? h : m[j];                   \
      sub(len, m, dd, m);             /* ph_correct = where(|dd| < discont, 0, ddmod - dd) */      \
      for (size_t j = 0; j < len; j++) o[b + j] = (dd[j] < 0 ? -dd[j] : dd[j]) < h ? (T)0 : m[j];  \
    }                                                                                               \
  }                                                                                                 \
  /* o[i] = p[i] + cumsum(ph_correct)[i - 1], o[0] = p[0] */                                        \
  static void jaxc__unwrap_scan_##SFX(const T *p, T *o, int64_t n) {                                \
    T acc = n > 1 ? o[1] : (T)0;                                                                    \
    o[0] = p[0];                                                                                    \
    for (int64_t i = 1; i < n; i++) {                                                               \
      if (i > 1) acc = acc + o[i];                                                                  \
      o[i] = p[i] + acc;                                                                            \
    }                                                                                               \
  }
JAXC__UNWRAP_FNS(float, f32)
JAXC__UNWRAP_FNS(double, f64)
/* whole lanes [lo, hi) */
static void jaxc__unwrap_lanes(const void *job, int64_t lo, int64_t hi) {
  const jaxc__unwrap_job *J = (const jaxc__unwrap_job *)job;
  size_t step = (size_t)J->n * jaxc_dtype_size(J->d);
  for (int64_t l = lo; l < hi; l++) {
    const void *p = J->p + (size_t)l * step;
    void *o = J->out + (size_t)l * step;
    if (J->d == JAXC_F64) jaxc__unwrap_pc_f64((const double *)p, (double *)o, 1, J->n, J->d), jaxc__unwrap_scan_f64((const double *)p, (double *)o, J->n);
    else jaxc__unwrap_pc_f32((const float *)p, (float *)o, 1, J->n, J->d), jaxc__unwrap_scan_f32((const float *)p, (float *)o, J->n);
  }
}
/* ph_correct of elements [lo, hi) of lane J->lane (its first element skipped) */
static void jaxc__unwrap_part(const void *job, int64_t lo, int64_t hi) {
  const jaxc__unwrap_job *J = (const jaxc__unwrap_job *)job;
  size_t step = (size_t)J->n * jaxc_dtype_size(J->d);
  const void *p = J->p + (size_t)J->lane * step;
  void *o = J->out + (size_t)J->lane * step;
  if (lo < 1) lo = 1;
  if (lo >= hi) return;
  if (J->d == JAXC_F64) jaxc__unwrap_pc_f64((const double *)p, (double *)o, lo, hi, J->d);
  else jaxc__unwrap_pc_f32((const float *)p, (float *)o, lo, hi, J->d);
}
static void jaxc__unwrap_fused(const jaxc_array *p, jaxc_array *r) {
  int64_t n = p->shape[p->ndim - 1], lanes = p->size / n;
  size_t es = jaxc_dtype_size(p->dtype);
  jaxc__unwrap_job J = {(const char *)p->data, (char *)r->data, n, 0, p->dtype};
  if (lanes >= jaxc__threads()) { /* lanes over the threads */
    jaxc__range_run(&J, jaxc__unwrap_lanes, lanes, (size_t)n * 2 * es);
    return;
  }
  for (J.lane = 0; J.lane < lanes; J.lane++) { /* each lane split over the threads, then scanned */
    jaxc__range_run(&J, jaxc__unwrap_part, n, 2 * es);
    if (p->dtype == JAXC_F64) jaxc__unwrap_scan_f64((const double *)p->data + J.lane * n, (double *)r->data + J.lane * n, n);
    else jaxc__unwrap_scan_f32((const float *)p->data + J.lane * n, (float *)r->data + J.lane * n, n);
  }
}
JAXC_API jaxc_array *jaxc_unwrap(const jaxc_array *p, const jaxc_array *discont, int axis, const jaxc_array *period) {
  if (!p) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "unwrap: the array is NULL");
  if (jaxc_dtype_kind(p->dtype) == JAXC_KIND_COMPLEX) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "jnp.unwrap does not support complex inputs.");
  int ax;
  if (!jaxc__python_axis(axis, p->ndim, &ax)) return NULL;
  if (p->shape[ax] == 0) {
    jaxc_array *r = jaxc__inexact_view(p), *c = r ? jaxc_reshape(r, r->ndim, r->shape) : NULL;
    jaxc_array_free(r);
    return c;
  }
  if ((p->dtype == JAXC_F32 || p->dtype == JAXC_F64) && !p->weak && !discont && !period && ax == p->ndim - 1 && !jaxc__debugging()) {
    jaxc_array *r = jaxc__new_array(p->dtype, false, p->ndim, p->shape);
    if (!r) return NULL;
    jaxc__unwrap_fused(p, r);
    jaxc__ok();
    return r;
  }
  jaxc__steps S = {{0}, 0};
  jaxc_array *half, *lim, *dd, *m, *t, *c, *pc, *up = NULL, *per = NULL;
  if (period) {
    JAXC__STEP(half, jaxc_true_divide(period, 2));
  } else {
    JAXC__STEP(per, jaxc_weak_float(2 * 3.141592653589793));
    JAXC__STEP(half, jaxc_weak_float(3.141592653589793));
  }
  const jaxc_array *P = period ? period : per;
  lim = discont ? (jaxc_array *)discont : half;
  JAXC__STEP(dd, jaxc_diff(p, 1, ax, NULL, NULL));
  JAXC__STEP(m, jaxc_add(dd, half)); /* ddmod = mod(dd + interval, period) - interval */
  JAXC__STEP(m, jaxc_remainder(m, P));
  JAXC__STEP(m, jaxc_subtract(m, half));
  jaxc_array *neg, *pos;
  JAXC__STEP(neg, jaxc_negative(half)); /* where((ddmod == -interval) & (dd > 0), interval, ddmod) */
  JAXC__STEP(neg, jaxc_equal(m, neg));
  JAXC__STEP(pos, jaxc_greater(dd, 0));
  JAXC__STEP(c, jaxc_bitwise_and(neg, pos));
  JAXC__STEP(m, jaxc_where(c, half, m));
  JAXC__STEP(t, jaxc_subtract(m, dd)); /* ph_correct = where(abs(dd) < discont, 0, ddmod - dd) */
  JAXC__STEP(c, jaxc_abs(dd));
  JAXC__STEP(c, jaxc_less(c, lim));
  jaxc_array *zero;
  JAXC__STEP(zero, jaxc_weak_int(0));
  JAXC__STEP(pc, jaxc_where(c, zero, t));
  JAXC__STEP(pc, jaxc_reduce(JAXC_OP_CUMSUM, pc, ax));
  jaxc_array *first, *rest;
  JAXC__STEP(first, jaxc__slice_on(p, ax, JAXC_S(0, 1, JAXC_NONE)));
  JAXC__STEP(rest, jaxc__slice_on(p, ax, JAXC_S(1, JAXC_NONE, JAXC_NONE)));
  JAXC__STEP(rest, jaxc_add(rest, pc));
  const jaxc_array *parts[2] = {first, rest};
  JAXC__STEP(up, jaxc_concatenate(2, parts, ax));
done:
  jaxc__steps_free(&S, up);
  return up;
}

/* --- packbits, unpackbits, resize, trim_zeros ------------------------------------------------------ */
static bool jaxc__bitorder(const char *bitorder, bool *little) {
  if (!bitorder) bitorder = "big";
  *little = !strcmp(bitorder, "little");
  if (!*little && strcmp(bitorder, "big")) return jaxc__fail(JAXC_ERR_ARG, "'order' must be either 'little' or 'big'"), false;
  return true;
}
/* a with `axis` last (JAXC_ALL_AXES: flattened), as the lanes the packing walks: a itself
   (*own false) where it already is so, else a moved copy */
static const jaxc_array *jaxc__lanes_last(const jaxc_array *a, int axis, int *ax, jaxc_array *view, jaxc_array **own) {
  *own = NULL;
  if (axis == JAXC_ALL_AXES) {
    *ax = 0;
    jaxc__view(view, a, 1, &a->size);
    return view;
  }
  if (!jaxc__canon_axis(axis, a->ndim, ax)) return NULL;
  if (*ax == a->ndim - 1) return a;
  return *own = jaxc_moveaxis(a, *ax, -1);
}
/* 8 bytes as one byte of their nonzero flags, the first the highest bit (big) or the lowest
   (little): each byte's "nonzero" moved to its low bit, then one multiply gathers the 8 bits into
   the top byte (0x0102...80 puts byte i's bit at 56 + i, 0x8040...01 at 63 - i; no carries) */
static uint8_t jaxc__pack8(const uint8_t *f, bool little) {
  uint64_t w = 0;
  for (int i = 0; i < 8; i++) w |= (uint64_t)f[i] << (8 * i); /* (one load on a little-endian CPU) */
  const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
  w = ((((w & low7) + low7) | w) >> 7) & 0x0101010101010101ull;
  return (uint8_t)((w * (little ? 0x0102040810204080ull : 0x8040201008040201ull)) >> 56);
}
/* output bytes [lo, hi) of lanes of n flags packed nb bytes to a lane */
typedef struct jaxc__pack_job { const uint8_t *src; uint8_t *dst; int64_t n, nb; bool little; } jaxc__pack_job;
static void jaxc__pack_range(const void *job, int64_t lo, int64_t hi) {
  const jaxc__pack_job *j = (const jaxc__pack_job *)job;
  for (int64_t g = lo; g < hi;) { /* lane by lane: its whole bytes, then its padded last one */
    int64_t l = g / j->nb, b = g - l * j->nb, end = (l + 1) * j->nb < hi ? (l + 1) * j->nb : hi;
    int64_t stop = end - l * j->nb, whole = stop < j->n / 8 ? stop : j->n / 8;
    const uint8_t *f = j->src + l * j->n;
    uint8_t *o = j->dst + l * j->nb;
    if (j->little)
      for (; b < whole; b++) o[b] = jaxc__pack8(f + 8 * b, true);
    else
      for (; b < whole; b++) o[b] = jaxc__pack8(f + 8 * b, false);
    if (b < stop) { /* (the last byte padded with zeros, as lax.pad does) */
      uint8_t last[8] = {0};
      memcpy(last, f + 8 * b, (size_t)(j->n - 8 * b));
      o[b] = jaxc__pack8(last, j->little);
    }
    g = end;
  }
}
JAXC_API jaxc_array *jaxc_packbits(const jaxc_array *a, int axis, const char *bitorder) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "packbits: the array is NULL");
  jaxc_kind kd = jaxc_dtype_kind(a->dtype);
  if (kd != JAXC_KIND_BOOL && kd != JAXC_KIND_INT && kd != JAXC_KIND_UINT)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "Expected an input array of integer or boolean data type");
  bool little;
  if (!jaxc__bitorder(bitorder, &little)) return NULL;
  int ax;
  /* one-byte dtypes are packed from their own bytes (pack8 tests each for nonzero) */
  jaxc_array *nz = jaxc_dtype_size(a->dtype) == 1 ? NULL : jaxc__nonzero_mask(a), *own = NULL, *r = NULL, *out = NULL, view;
  const jaxc_array *L = nz || jaxc_dtype_size(a->dtype) == 1 ? jaxc__lanes_last(nz ? nz : a, axis, &ax, &view, &own) : NULL;
  if (!L) goto done;
  int64_t n = L->ndim ? L->shape[L->ndim - 1] : 1, lanes = n ? L->size / n : 0, nb = (n + 7) / 8, shape[JAXC_MAX_NDIM] = {0};
  for (int k = 0; k < L->ndim; k++) shape[k] = L->shape[k];
  if (L->ndim) shape[L->ndim - 1] = nb;
  if (!(r = jaxc__new_array(JAXC_U8, false, L->ndim, shape))) goto done;
  jaxc__pack_job J = {(const uint8_t *)L->data, (uint8_t *)r->data, n, nb, little};
  jaxc__range_run(&J, jaxc__pack_range, lanes * nb, 9);
  out = axis == JAXC_ALL_AXES || ax == r->ndim - 1 ? (jaxc__ok(), r) : jaxc_moveaxis(r, -1, ax);
  if (out != r) jaxc_array_free(r);
done:
  jaxc_array_free(nz);
  jaxc_array_free(own);
  return out;
}
JAXC_API jaxc_array *jaxc_unpackbits(const jaxc_array *a, int axis, int64_t count, const char *bitorder) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "unpackbits: the array is NULL");
  if (a->dtype != JAXC_U8) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "Expected an input array of unsigned byte data type");
  bool little;
  if (!jaxc__bitorder(bitorder, &little)) return NULL;
  int ax;
  jaxc_array *own = NULL, *r = NULL, *out = NULL, view;
  const jaxc_array *L = jaxc__lanes_last(a, axis, &ax, &view, &own);
  if (!L) return NULL;
  int64_t n = L->ndim ? L->shape[L->ndim - 1] : 1, bits = 8 * n, keep = count == JAXC_NONE ? bits : count, shape[JAXC_MAX_NDIM] = {0};
  if (keep < 0) keep = bits + keep < 0 ? 0 : bits + keep; /* (a slice's negative stop) */
  int64_t lanes = n ? L->size / n : 0;
  for (int k = 0; k < L->ndim; k++) shape[k] = L->shape[k];
  if (L->ndim == 0) { /* (unreachable: the view or the axis gives one) */
    jaxc_array_free(own);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "unpackbits: a 0-d array has no axis");
  }
  shape[L->ndim - 1] = keep;
  if (n == 0) {
    int64_t lead = 1;
    for (int k = 0; k < L->ndim - 1; k++) lead *= L->shape[k];
    lanes = lead;
  }
  if (!(r = jaxc__new_array(JAXC_U8, false, L->ndim, shape))) goto done;
  const uint8_t *src = (const uint8_t *)L->data;
  uint8_t *dst = (uint8_t *)r->data;
  for (int64_t l = 0; l < lanes; l++)
    for (int64_t i = 0; i < keep; i++)
      dst[l * keep + i] = i < bits ? (uint8_t)(src[l * n + i / 8] >> (little ? i % 8 : 7 - i % 8) & 1) : 0;
  out = axis == JAXC_ALL_AXES || ax == r->ndim - 1 ? (jaxc__ok(), r) : jaxc_moveaxis(r, -1, ax);
  if (out != r) jaxc_array_free(r);
done:
  jaxc_array_free(own);
  return out;
}
JAXC_API jaxc_array *jaxc_resize(const jaxc_array *a, int ndim, const int64_t *shape) {
  if (!a || (ndim > 0 && !shape)) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "resize: %s is NULL", a ? "the shape" : "the array");
  if (ndim < 0 || ndim > JAXC_MAX_NDIM) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "ndim must be between 0 and %d, got %d", JAXC_MAX_NDIM, ndim);
  for (int k = 0; k < ndim; k++)
    if (shape[k] < 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "all elements of `new_shape` must be non-negative");
  jaxc_array *r = jaxc__new_array(a->dtype, a->weak, ndim, shape);
  if (!r) return NULL;
  size_t es = jaxc_dtype_size(a->dtype), have = (size_t)a->size * es, want = (size_t)r->size * es;
  if (!a->size) memset(r->data, 0, want); /* (zeros_like) */
  for (size_t at = 0; a->size && at < want; at += have) memcpy((char *)r->data + at, a->data, want - at < have ? want - at : have);
  jaxc__ok();
  return r;
}
JAXC_API jaxc_array *jaxc_trim_zeros(const jaxc_array *filt, const char *trim) {
  if (!filt) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "trim_zeros: the array is NULL");
  if (filt->ndim != 1)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "'filt' must be 1-D array, but received %d-D array.", filt->ndim);
  bool front = !trim, back = !trim;
  for (const char *c = trim; c && *c; c++) front = front || *c == 'f' || *c == 'F', back = back || *c == 'b' || *c == 'B';
  jaxc_array *nz = jaxc__nonzero_mask(filt);
  if (!nz) return NULL;
  const uint8_t *m = (const uint8_t *)nz->data;
  int64_t n = filt->shape[0], lo = 0, hi = n;
  while (lo < n && !m[lo]) lo++;
  jaxc_array_free(nz);
  if (lo == n) { /* all zeros: array_creation.empty(0, dtype), strong */
    int64_t zero = 0;
    jaxc_array *r = jaxc__new_array(filt->dtype, false, 1, &zero);
    if (r) jaxc__ok();
    return r;
  }
  nz = jaxc__nonzero_mask(filt);
  if (!nz) return NULL;
  m = (const uint8_t *)nz->data;
  while (hi > lo && !m[hi - 1]) hi--;
  jaxc_array_free(nz);
  return jaxc__slice_on(filt, 0, JAXC_S(front ? lo : 0, back ? hi : n, JAXC_NONE));
}
/* --- gradient ------------------------------------------------------------------------------------
   jnp.gradient's gradient_along_axis, op by op, so each step rounds and promotes as in JAX. */
/* The gradient along an axis for a scalar spacing h, fused for float32 and float64: the same ops in
   the same order as the lines above, (f[i+1] - f[i-1]) * 0.5 / h inside and the one-sided
   differences / h at the ends (no product meets a sum, so no contraction can change a bit). The
   array is outer lanes of n rows of `inner` elements; a piece of the range is rows (inner > 1) or
   elements of lanes (inner == 1, so the loop runs along the lane). */
typedef struct jaxc__grad_job {
  const void *a;
  void *out;
  int64_t n, inner;
  double h;
} jaxc__grad_job;
#define JAXC__GRAD_KERNEL(SUF, T)                                                                   \
  static void jaxc__grad_rows_##SUF(const void *job, int64_t lo, int64_t hi) {                     \
    const jaxc__grad_job *J = (const jaxc__grad_job *)job;                                          \
    const T *a = (const T *)J->a, h = (T)J->h, half = (T)0.5;                                      \
    T *out = (T *)J->out;                                                                           \
    int64_t n = J->n, m = J->inner;                                                                 \
    for (int64_t r = lo; r < hi; r++) {                                                             \
      int64_t i = r % n;                                                                            \
      const T *up = a + (r + (i < n - 1)) * m, *dn = a + (r - (i > 0)) * m;                         \
      T *o = out + r * m;                                                                           \
      if (i == 0 || i == n - 1)                                                                     \
        for (int64_t j = 0; j < m; j++) o[j] = (up[j] - dn[j]) / h;                                 \
      else                                                                                          \
        for (int64_t j = 0; j < m; j++) o[j] = (up[j] - dn[j]) * half / h;                          \
    }                                                                                               \
  }                                                                                                 \
  static void jaxc__grad_lanes_##SUF(const void *job, int64_t lo, int64_t hi) {                    \
    const jaxc__grad_job *J = (const jaxc__grad_job *)job;                                          \
    const T *a = (const T *)J->a, h = (T)J->h, half = (T)0.5;                                      \
    T *out = (T *)J->out;                                                                           \
    int64_t n = J->n;                                                                               \
    while (lo < hi) {                                                                               \
      int64_t base = lo - lo % n, i0 = lo - base, i1 = hi - base < n ? hi - base : n;               \
      const T *x = a + base;                                                                        \
      T *o = out + base;                                                                            \
      if (i0 == 0) o[0] = (x[1] - x[0]) / h, i0 = 1;                                                \
      int64_t end = i1 < n - 1 ? i1 : n - 1;                                                        \
      for (int64_t i = i0; i < end; i++) o[i] = (x[i + 1] - x[i - 1]) * half / h;                   \
      if (i1 == n && i0 <= n - 1) o[n - 1] = (x[n - 1] - x[n - 2]) / h;                             \
      lo = base + i1;                                                                               \
    }                                                                                               \
  }
JAXC__GRAD_KERNEL(f32, float)
JAXC__GRAD_KERNEL(f64, double)
#undef JAXC__GRAD_KERNEL
/* the fused pass, when it applies (a float32/float64 a, h 0-d of its dtype or a weak float, not
   debugging): 1 and *r (NULL: out of memory); 0: the lines run */
static int jaxc__gradient_fused(const jaxc_array *a, const jaxc_array *h, int ax, jaxc_array **r) {
  bool f32 = a->dtype == JAXC_F32;
  if ((!f32 && a->dtype != JAXC_F64) || h->ndim != 0 || jaxc__debugging()) return 0;
  if (h->dtype != a->dtype && !(h->weak && jaxc_dtype_kind(h->dtype) == JAXC_KIND_FLOAT)) return 0;
  double hv; /* (a weak h is converted to a's dtype, as the division converts it) */
  jaxc_kernel_cast_dyn(h->dtype, JAXC_F64, 1, h->data, &hv);
  if (f32) hv = (double)(float)hv;
  if (!(*r = jaxc__new_array(a->dtype, a->weak && h->weak, a->ndim, a->shape))) return 1;
  int64_t n = a->shape[ax], inner = 1;
  for (int k = ax + 1; k < a->ndim; k++) inner *= a->shape[k];
  jaxc__grad_job J = {a->data, (*r)->data, n, inner, hv};
  size_t es = jaxc_dtype_size(a->dtype);
  if (a->size == 0) return 1;
  if (inner > 1) jaxc__range_run(&J, f32 ? jaxc__grad_rows_f32 : jaxc__grad_rows_f64, a->size / inner, 2 * es * (size_t)inner);
  else jaxc__range_run(&J, f32 ? jaxc__grad_lanes_f32 : jaxc__grad_lanes_f64, a->size, 2 * es);
  return 1;
}
static jaxc_array *jaxc__gradient_axis(const jaxc_array *a, const jaxc_array *h, int ax) {
  jaxc__steps S = {{0}, 0};
  jaxc_array *r = NULL, *up, *lo, *inner, *t[8];
  int64_t n = a->shape[ax];
  if (jaxc__gradient_fused(a, h, ax, &r)) return r;
#define JAXC__SL(x, i, j) jaxc__slice_axis(x, ax, i, j)
#define JAXC__BIN(op, x, y) jaxc_binary(JAXC_OP_##op, x, y)
  JAXC__STEP(t[0], JAXC__SL(a, 1, 2));
  JAXC__STEP(t[1], JAXC__SL(a, 0, 1));
  JAXC__STEP(up, JAXC__BIN(SUBTRACT, t[0], t[1]));
  JAXC__STEP(t[0], JAXC__SL(a, n - 1, n));
  JAXC__STEP(t[1], JAXC__SL(a, n - 2, n - 1));
  JAXC__STEP(lo, JAXC__BIN(SUBTRACT, t[0], t[1]));
  if (h->ndim == 0) {
    JAXC__STEP(t[0], JAXC__SL(a, 2, n));
    JAXC__STEP(t[1], JAXC__SL(a, 0, n - 2));
    JAXC__STEP(t[2], JAXC__BIN(SUBTRACT, t[0], t[1]));
    JAXC__STEP(t[3], jaxc_weak_float(0.5));
    JAXC__STEP(t[4], JAXC__BIN(MULTIPLY, t[2], t[3]));
    JAXC__STEP(inner, JAXC__BIN(TRUE_DIVIDE, t[4], h));
    JAXC__STEP(lo, JAXC__BIN(TRUE_DIVIDE, lo, h));
    JAXC__STEP(up, JAXC__BIN(TRUE_DIVIDE, up, h));
  } else if (h->ndim == 1) {
    if (h->shape[0] != n) {
      jaxc__fail(JAXC_ERR_SHAPE, "Spacing arrays must have the same length as the dimension along which the gradient is calculated.");
      goto done;
    }
    int64_t hs[JAXC_MAX_NDIM];
    for (int k = 0; k < a->ndim; k++) hs[k] = k == ax ? n : 1;
    jaxc_array *x, *dx1, *dx2, *A, *B, *C;
    JAXC__STEP(x, jaxc_reshape(h, a->ndim, hs));
    JAXC__STEP(t[0], JAXC__SL(x, 1, 2));
    JAXC__STEP(t[1], JAXC__SL(x, 0, 1));
    JAXC__STEP(t[2], JAXC__BIN(SUBTRACT, t[0], t[1]));
    JAXC__STEP(up, JAXC__BIN(TRUE_DIVIDE, up, t[2]));
    JAXC__STEP(t[0], JAXC__SL(x, n - 1, n));
    JAXC__STEP(t[1], JAXC__SL(x, n - 2, n - 1));
    JAXC__STEP(t[2], JAXC__BIN(SUBTRACT, t[0], t[1]));
    JAXC__STEP(lo, JAXC__BIN(TRUE_DIVIDE, lo, t[2]));
    JAXC__STEP(t[0], JAXC__SL(x, 1, n - 1));
    JAXC__STEP(t[1], JAXC__SL(x, 0, n - 2));
    JAXC__STEP(t[2], JAXC__SL(x, 2, n));
    JAXC__STEP(dx1, JAXC__BIN(SUBTRACT, t[0], t[1]));
    JAXC__STEP(dx2, JAXC__BIN(SUBTRACT, t[2], t[0]));
    JAXC__STEP(t[3], JAXC__BIN(ADD, dx1, dx2)); /* a = -(dx2) / (dx1 * (dx1 + dx2)) */
    JAXC__STEP(t[4], JAXC__BIN(MULTIPLY, dx1, t[3]));
    JAXC__STEP(t[5], jaxc_unary(JAXC_OP_NEGATIVE, dx2));
    JAXC__STEP(A, JAXC__BIN(TRUE_DIVIDE, t[5], t[4]));
    JAXC__STEP(t[4], JAXC__BIN(SUBTRACT, dx2, dx1)); /* b = (dx2 - dx1) / (dx1 * dx2) */
    JAXC__STEP(t[5], JAXC__BIN(MULTIPLY, dx1, dx2));
    JAXC__STEP(B, JAXC__BIN(TRUE_DIVIDE, t[4], t[5]));
    JAXC__STEP(t[4], JAXC__BIN(MULTIPLY, dx2, t[3])); /* c = dx1 / (dx2 * (dx1 + dx2)) */
    JAXC__STEP(C, JAXC__BIN(TRUE_DIVIDE, dx1, t[4]));
    JAXC__STEP(t[0], JAXC__SL(a, 0, n - 2)); /* a * f[:-2] + b * f[1:-1] + c * f[2:] */
    JAXC__STEP(t[1], JAXC__SL(a, 1, n - 1));
    JAXC__STEP(t[2], JAXC__SL(a, 2, n));
    JAXC__STEP(t[3], JAXC__BIN(MULTIPLY, A, t[0]));
    JAXC__STEP(t[4], JAXC__BIN(MULTIPLY, B, t[1]));
    JAXC__STEP(t[5], JAXC__BIN(ADD, t[3], t[4]));
    JAXC__STEP(t[6], JAXC__BIN(MULTIPLY, C, t[2]));
    JAXC__STEP(inner, JAXC__BIN(ADD, t[5], t[6]));
  } else {
    jaxc__fail(JAXC_ERR_SHAPE, "Spacing arrays must be 1D arrays or scalars.");
    goto done;
  }
#undef JAXC__SL
#undef JAXC__BIN
  r = jaxc_concatenate(3, (const jaxc_array *const[]){up, inner, lo}, ax);
done:
  jaxc__steps_free(&S, NULL);
  return r;
}
/* axis=None, or the axes given, as Python prints them (axis=0, axis=(0, 1)) */
static void jaxc__format_axis_arg(char *buf, size_t cap, int naxes, const int *axes) {
#ifndef JAXC_NO_STDIO
  if (!axes) snprintf(buf, cap, "None");
  else if (naxes == 1) snprintf(buf, cap, "%d", axes[0]);
  else {
    int64_t d[JAXC_MAX_NDIM];
    int k = naxes < JAXC_MAX_NDIM ? naxes : JAXC_MAX_NDIM;
    for (int i = 0; i < k; i++) d[i] = axes[i];
    jaxc__format_dims(buf, cap, k, d);
  }
#else
  (void)naxes, (void)axes;
  if (cap) buf[0] = 0;
#endif
}
JAXC_API int jaxc_gradient(const jaxc_array *f, int nspacing, const jaxc_array *const *spacing, int naxes, const int *axes,
                           jaxc_array **out) {
  if (!f || !out || (nspacing > 0 && !spacing) || nspacing < 0 || (axes && naxes < 0))
    return jaxc__fail(JAXC_ERR_ARG, "gradient: %s", !f ? "f is NULL" : !out ? "out is NULL" : nspacing < 0 || !spacing ? "bad spacing" : "a negative axis count"),
           JAXC_ERR_ARG;
  int m = axes ? naxes : f->ndim;
  for (int k = 0; k < m; k++) out[k] = NULL;
  bool x64 = jaxc_x64();
  jaxc_dtype node = jaxc__node_of(f); /* promote_dtypes_inexact(f, *varargs) */
  for (int k = 0; k < nspacing; k++) {
    if (!spacing[k]) return jaxc__fail(JAXC_ERR_ARG, "gradient: spacing %d is NULL", k), JAXC_ERR_ARG;
    jaxc_dtype next = jaxc_result_node(jaxc_promotion(), x64, node, jaxc__node_of(spacing[k]));
    if (next == JAXC_DTYPE_INVALID) return jaxc__fail_strict(k ? jaxc_storage_dtype(node, x64) : f->dtype, spacing[k]->dtype), jaxc_last_status();
    node = next;
  }
  node = jaxc__to_inexact(node);
  jaxc_dtype dt = jaxc_storage_dtype(node, x64);
  bool weak = jaxc_dtype_is_weak(node);
  int ax[64];
  if (m > 64) return jaxc__fail(JAXC_ERR_ARG, "gradient: %d axes; at most 64", m), JAXC_ERR_ARG;
  for (int k = 0; k < m; k++)
    if (!jaxc__canon_axis(axes ? axes[k] : k, f->ndim, &ax[k])) return jaxc_last_status();
  if (m == 0) return jaxc__ok(), JAXC_OK;
  for (int k = 0; k < m; k++)
    if (f->shape[ax[k]] < 2)
      return jaxc__fail(JAXC_ERR_SHAPE, "Shape of array too small to calculate a numerical gradient, at least 2 elements are required."),
             JAXC_ERR_SHAPE;
  if (nspacing != 0 && nspacing != 1 && nspacing != m) {
    char s[JAXC_MAX_NDIM * 24 + 8];
    jaxc__format_axis_arg(s, sizeof s, naxes, axes);
    return jaxc__fail(JAXC_ERR_ARG, "Invalid number of spacing arguments %d for axis=%s", nspacing, s), JAXC_ERR_ARG;
  }
  jaxc__steps S = {{0}, 0};
  jaxc_array *a, *one = NULL, *h[JAXC_MAX_NDIM] = {NULL};
  int st = JAXC_OK;
  if (!jaxc__step(&S, a = jaxc__promoted_view(f, dt, weak)) || (nspacing == 0 && !jaxc__step(&S, one = jaxc_weak_float(1.0)))) goto fail;
  for (int k = 0; k < nspacing; k++)
    if (!jaxc__step(&S, h[k] = jaxc__promoted_view(spacing[k], dt, weak))) goto fail;
  for (int k = 0; k < m; k++)
    if (!(out[k] = jaxc__gradient_axis(a, nspacing == 0 ? one : h[nspacing == 1 ? 0 : k], ax[k]))) goto fail;
  jaxc__steps_free(&S, NULL);
  jaxc__ok();
  return JAXC_OK;
fail:
  st = jaxc_last_status();
  for (int k = 0; k < m; k++) jaxc_array_free(out[k]), out[k] = NULL;
  jaxc__steps_free(&S, NULL);
  return st;
}

/* --- ptp, average, cov, corrcoef: JAX's lines on jaxc's ops ------------------------------------ */
/* ptp in one pass (integers, float32, float64): each lane's max and min together, then max - min
   in the dtype as lax.sub takes it (integers wrapped). A lane with a NaN gives its first NaN, as
   max and min both return that one and NaN - NaN keeps the first operand's (quieted). Items are
   contiguous lanes (inner == 1; one long lane is cut into a piece per thread) or, across inner >
   1, blocks of JAXC__PTP_B neighbouring lanes walked row by row. */
enum { JAXC__PTP_B = 512 };
typedef struct jaxc__ptp_job {
  const char *x;
  char *out;
  int64_t n, inner, blocks; /* blocks: of JAXC__PTP_B lanes, per outer index */
} jaxc__ptp_job;
/* max and min of n >= 1 elements (stride s) into *pmx, *pmn; true, with both the first NaN, where
   there is one. Integers: in 16 running lanes (vectorised). Floats: by jaxc__lane_ext's order keys
   and largest magnitude (vectorised as integers; the float compares with a NaN flag beside them
   stayed scalar: float32 0.25 ns an element, 28% of copy). */
#define JAXC__PTP_SPAN_0(SUF, T, D)                                                                   \
  static bool jaxc__ptp_span_##SUF(const T *x, int64_t n, int64_t s, T *pmx, T *pmn) {               \
    T mx[16], mn[16], M = x[0], m = x[0];                                                            \
    int64_t i = 0;                                                                                   \
    if (s == 1 && n >= 16) {                                                                         \
      for (int l = 0; l < 16; l++) mx[l] = mn[l] = x[0];                                             \
      for (; i + 16 <= n; i += 16)                                                                   \
        for (int l = 0; l < 16; l++) {                                                               \
          T v = x[i + l];                                                                            \
          mx[l] = v > mx[l] ? v : mx[l], mn[l] = v < mn[l] ? v : mn[l];                              \
        }                                                                                            \
      for (int l = 0; l < 16; l++) M = mx[l] > M ? mx[l] : M, m = mn[l] < m ? mn[l] : m;             \
    }                                                                                                \
    for (; i < n; i++) {                                                                             \
      T v = x[i * s];                                                                                \
      M = v > M ? v : M, m = v < m ? v : m;                                                          \
    }                                                                                                \
    *pmx = M, *pmn = m;                                                                              \
    return false;                                                                                    \
  }
#define JAXC__PTP_SPAN_1(SUF, T, D)                                                                   \
  static bool jaxc__ptp_span_##SUF(const T *x, int64_t n, int64_t s, T *pmx, T *pmn) {               \
    typedef jaxc__bits_##D K;                                                                        \
    const K top = (K)((K)1 << (sizeof(K) * 8 - 1));                                                  \
    K hi = jaxc__fkey_##D(x[0]), lo = hi, amax = 0;                                                  \
    if (s == 1)                                                                                      \
      for (int64_t i = 0; i < n; i++) {                                                              \
        K k = jaxc__fkey_##D(x[i]);                                                                  \
        hi = k > hi ? k : hi, lo = k < lo ? k : lo, amax = jaxc__amax_##D(amax, x[i]);               \
      }                                                                                              \
    else                                                                                             \
      for (int64_t i = 0; i < n; i++) {                                                              \
        K k = jaxc__fkey_##D(x[i * s]);                                                              \
        hi = k > hi ? k : hi, lo = k < lo ? k : lo, amax = jaxc__amax_##D(amax, x[i * s]);           \
      }                                                                                              \
    T a;                                                                                             \
    memcpy(&a, &amax, sizeof a);                                                                     \
    if (a != a)                                                                                      \
      for (int64_t i = 0; i < n; i++)                                                                \
        if (x[i * s] != x[i * s]) return *pmx = *pmn = x[i * s], true;                               \
    hi = (hi & top) ? (K)(hi ^ top) : (K)~hi, lo = (lo & top) ? (K)(lo ^ top) : (K)~lo; /* the keys' values */ \
    memcpy(pmx, &hi, sizeof hi), memcpy(pmn, &lo, sizeof lo);                                        \
    return false;                                                                                    \
  }
#define JAXC__PTP_KERNEL(SUF, T, UT, FL, D)                                                           \
  /* (equal ends give mx - mx: +0 for a lane of zeros of either sign, whichever zero max and min keep) */ \
  static T jaxc__ptp_diff_##SUF(T mx, T mn) {                                                        \
    return FL ? (T)(mx == mn ? mx - mx : mx - mn) : (T)(UT)((UT)mx - (UT)mn);                        \
  }                                                                                                  \
  JAXC__PTP_SPAN_##FL(SUF, T, D)                                                                     \
  static void jaxc__ptp_lanes_##SUF(const void *job, int64_t lo, int64_t hi) {                       \
    const jaxc__ptp_job *J = (const jaxc__ptp_job *)job;                                             \
    T mx, mn;                                                                                        \
    for (int64_t j = lo; j < hi; j++) {                                                              \
      jaxc__ptp_span_##SUF((const T *)(const void *)J->x + j * J->n, J->n, 1, &mx, &mn);             \
      ((T *)(void *)J->out)[j] = jaxc__ptp_diff_##SUF(mx, mn);                                       \
    }                                                                                                \
  }                                                                                                  \
  static void jaxc__ptp_rows_##SUF(const void *job, int64_t lo, int64_t hi) {                        \
    const jaxc__ptp_job *J = (const jaxc__ptp_job *)job;                                             \
    T mx[JAXC__PTP_B], mn[JAXC__PTP_B];                                                              \
    unsigned char nan[JAXC__PTP_B];                                                                  \
    for (int64_t it = lo; it < hi; it++) {                                                           \
      int64_t o = it / J->blocks, i0 = it % J->blocks * JAXC__PTP_B;                                 \
      int m = J->inner - i0 < JAXC__PTP_B ? (int)(J->inner - i0) : JAXC__PTP_B, any = 0;             \
      const T *x = (const T *)(const void *)J->x + o * J->n * J->inner + i0;                         \
      T *out = (T *)(void *)J->out + o * J->inner + i0;                                              \
      for (int l = 0; l < m; l++) mx[l] = mn[l] = x[l], nan[l] = 0;                                  \
      for (int64_t t = 0; t < J->n; t++) {                                                           \
        const T *row = x + t * J->inner;                                                             \
        for (int l = 0; l < m; l++) mx[l] = row[l] > mx[l] ? row[l] : mx[l], mn[l] = row[l] < mn[l] ? row[l] : mn[l]; \
        if (FL)                                                                                      \
          for (int l = 0; l < m; l++) nan[l] |= row[l] != row[l];                                    \
      }                                                                                              \
      for (int l = 0; l < m; l++) any |= nan[l];                                                     \
      for (int l = 0; any && l < m; l++) /* (a lane with a NaN: walked again for its first) */       \
        if (nan[l]) jaxc__ptp_span_##SUF(x + l, J->n, J->inner, &mx[l], &mn[l]);                     \
      for (int l = 0; l < m; l++) out[l] = jaxc__ptp_diff_##SUF(mx[l], mn[l]);                       \
    }                                                                                                \
  }                                                                                                  \
  /* one long lane: a piece per thread, then the pieces' results (out: the 0-d result) */           \
  static void jaxc__ptp_long_##SUF(const char *p, int64_t n, int64_t pieces, char *out) {            \
    const T *x = (const T *)(const void *)p;                                                         \
    T mx[64], mn[64];                                                                                \
    mx[0] = mn[0] = x[0]; /* (set again by piece 0; gcc -O2 cannot see that pieces >= 1) */           \
    bool nan[64];                                                                                    \
    JAXC__OMP_PAR_FOR                                                                                \
    for (int64_t t = 0; t < pieces; t++)                                                             \
      nan[t] = jaxc__ptp_span_##SUF(x + n * t / pieces, n * (t + 1) / pieces - n * t / pieces, 1, &mx[t], &mn[t]); \
    T *res = (T *)(void *)out;                                                                       \
    for (int64_t t = 0; t < pieces; t++)                                                             \
      if (nan[t]) {                                                                                  \
        *res = jaxc__ptp_diff_##SUF(mx[t], mx[t]);                                                   \
        return;                                                                                      \
      }                                                                                              \
    for (int64_t t = 1; t < pieces; t++) mx[0] = mx[t] > mx[0] ? mx[t] : mx[0], mn[0] = mn[t] < mn[0] ? mn[t] : mn[0]; \
    *res = jaxc__ptp_diff_##SUF(mx[0], mn[0]);                                                       \
  }
/* The dtypes of the one pass: X(suffix, C type, its unsigned type, float?, dtype) */
#define JAXC__PTP_TYPES(X)                                                                              \
  X(u8, uint8_t, uint8_t, 0, U8) X(u16, uint16_t, uint16_t, 0, U16) X(u32, uint32_t, uint32_t, 0, U32)  \
  X(u64, uint64_t, uint64_t, 0, U64) X(i8, int8_t, uint8_t, 0, I8) X(i16, int16_t, uint16_t, 0, I16)    \
  X(i32, int32_t, uint32_t, 0, I32) X(i64, int64_t, uint64_t, 0, I64) X(f32, float, uint32_t, 1, F32)   \
  X(f64, double, uint64_t, 1, F64)
#define JAXC__PTP_DEF(SUF, T, UT, FL, D) JAXC__PTP_KERNEL(SUF, T, UT, FL, D)
JAXC__PTP_TYPES(JAXC__PTP_DEF)
#undef JAXC__PTP_DEF
#undef JAXC__PTP_KERNEL
#undef JAXC__PTP_SPAN_0
#undef JAXC__PTP_SPAN_1
/* The fused pass into *r where it applies (1), else 0 and the composition runs: other dtypes, an
   empty lane (max's error), debug checks. */
static int jaxc__ptp_fused(const jaxc_array *a, int axis, bool keepdims, jaxc_array **r) {
#define JAXC__PTP_ROW(SUF, T, UT, FL, D) {JAXC_##D, jaxc__ptp_lanes_##SUF, jaxc__ptp_rows_##SUF, jaxc__ptp_long_##SUF},
  static const struct {
    jaxc_dtype d;
    jaxc__range_fn lanes, rows;
    void (*one)(const char *, int64_t, int64_t, char *);
  } k_of[] = {JAXC__PTP_TYPES(JAXC__PTP_ROW)};
#undef JAXC__PTP_ROW
  const int nk = (int)(sizeof k_of / sizeof k_of[0]);
  int k = 0;
  while (k < nk && k_of[k].d != a->dtype) k++;
  jaxc__rgeom g;
  if (k == nk || jaxc__debugging() || jaxc_storage_dtype(a->dtype, jaxc_x64()) != a->dtype || /* (lax.sub narrows a 64-bit one) */
      !jaxc__reduce_geom(a, axis, keepdims, &g) || (g.n == 0 && g.nout > 0))
    return jaxc__ok(), 0;
  if (!(*r = jaxc__new_array(a->dtype, false, g.out_ndim, g.out_shape))) return 1;
  jaxc__ok();
  size_t es = jaxc_dtype_size(a->dtype);
  jaxc__ptp_job J = {(const char *)a->data, (char *)(*r)->data, g.n, g.inner, (g.inner + JAXC__PTP_B - 1) / JAXC__PTP_B};
  int64_t pieces = jaxc__threads() < 64 ? jaxc__threads() : 64;
  if (g.nout == 1 && g.inner == 1 && (size_t)g.n * es > JAXC_REDUCE_PAR_BYTES && pieces > 1) {
    k_of[k].one(J.x, g.n, pieces, J.out);
  } else if (g.nout > 0 && g.inner == 1) {
    jaxc__range_run(&J, k_of[k].lanes, g.nout, (size_t)g.n * es);
  } else if (g.nout > 0) {
    jaxc__range_run(&J, k_of[k].rows, g.outer * J.blocks, (size_t)g.n * es * JAXC__PTP_B);
  }
  return 1;
}
#undef JAXC__PTP_TYPES
JAXC_API jaxc_array *jaxc_ptp(const jaxc_array *a, int axis, bool keepdims) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "ptp: the array is NULL");
  jaxc_array *f = NULL;
  if (jaxc__ptp_fused(a, axis, keepdims, &f)) return f;
  jaxc_array *x = jaxc_reduce_ex(JAXC_OP_MAX, a, axis, keepdims);
  jaxc_array *y = x ? jaxc_reduce_ex(JAXC_OP_MIN, a, axis, keepdims) : NULL;
  jaxc_array *r = y ? jaxc_binary(JAXC_OP_SUBTRACT, x, y) : NULL;
  JAXC__FREE_ARRAYS(x, y);
  return r;
}
static bool jaxc__same_shape(const jaxc_array *a, const jaxc_array *b) {
  if (a->ndim != b->ndim) return false;
  for (int k = 0; k < a->ndim; k++)
    if (a->shape[k] != b->shape[k]) return false;
  return true;
}
/* average's sum(a * w) and sum(w) over all of a float32/float64 array and weights of its shape,
   in one pass with the line's bits: each product rounded in the dtype (lax.mul), both sums in
   jaxc's reduction order -- the pieces jaxc__reduce_impl cuts one lane into, jaxc__pw_re's
   pairwise halves and leaves (a leaf's products made first, in a block of their own, so that no
   compiler fuses a product into a sum) -- then the two sums rounded and divided in the dtype. */
#define JAXC__AVG_KERNEL(E, T)                                                                        \
  static void jaxc__pw_avg_##E(const T *a, const T *w, int64_t n, double *saw, double *sw) {         \
    if (n > JAXC__PW_LEAF) {                                                                         \
      int64_t h = (n / 2) & ~(int64_t)7;                                                             \
      double s0, w0, s1, w1;                                                                         \
      jaxc__pw_avg_##E(a, w, h, &s0, &w0);                                                           \
      jaxc__pw_avg_##E(a + h, w + h, n - h, &s1, &w1);                                               \
      *saw = s0 + s1, *sw = w0 + w1;                                                                 \
      return;                                                                                        \
    }                                                                                                \
    T p[JAXC__PW_LEAF];                                                                              \
    for (int64_t i = 0; i < n; i++) p[i] = a[i] * w[i];                                              \
    *saw = jaxc__pw_re_##E(p, n, 1, 0, 0), *sw = jaxc__pw_re_##E(w, n, 1, 0, 0);                     \
  }                                                                                                  \
  static void jaxc__avg_fused_##E(const T *a, const T *w, int64_t n, int64_t chunks, T *avg, T *wsum) { \
    double saw[256], sw[256];                                                                        \
    if (chunks == 1)                                                                                 \
      jaxc__pw_avg_##E(a, w, n, &saw[0], &sw[0]);                                                    \
    else {                                                                                           \
      JAXC__OMP_PAR_FOR                                                                              \
      for (int64_t c = 0; c < chunks; c++)                                                           \
        jaxc__pw_avg_##E(a + n * c / chunks, w + n * c / chunks, n * (c + 1) / chunks - n * c / chunks, &saw[c], &sw[c]); \
    }                                                                                                \
    for (int64_t c = 1; c < chunks; c++) saw[0] += saw[c], sw[0] += sw[c];                           \
    T s = (T)saw[0];                                                                                 \
    *wsum = (T)sw[0];                                                                                \
    *avg = s / *wsum;                                                                                \
  }
JAXC__AVG_KERNEL(F32, float)
JAXC__AVG_KERNEL(F64, double)
#undef JAXC__AVG_KERNEL
static bool jaxc__average_fused(const jaxc_array *a, const jaxc_array *w, jaxc_dtype dt, bool keepdims, jaxc_array **avg,
                                jaxc_array **wsum) {
  if ((dt != JAXC_F32 && dt != JAXC_F64) || a->dtype != dt || w->dtype != dt || a->size == 0 || !jaxc__same_shape(a, w) ||
      jaxc__debugging())
    return false;
  int64_t shape[JAXC_MAX_NDIM], n = a->size, chunks = 1;
  for (int k = 0; k < a->ndim; k++) shape[k] = 1;
  *avg = jaxc__new_array(dt, false, keepdims ? a->ndim : 0, shape);
  *wsum = *avg ? jaxc__new_array(dt, false, keepdims ? a->ndim : 0, shape) : NULL;
  if (!*wsum) return jaxc_array_free(*avg), *avg = NULL, true;
  if (JAXC__HAS_OPENMP && (size_t)n * jaxc_dtype_size(dt) > JAXC_REDUCE_PAR_BYTES) { /* (jaxc__reduce_impl's pieces) */
    chunks = 4 * (int64_t)jaxc__threads();
    chunks = chunks > n / 4096 ? n / 4096 : chunks;
    chunks = chunks > 256 ? 256 : chunks < 1 ? 1 : chunks;
  }
  if (dt == JAXC_F32)
    jaxc__avg_fused_F32((const float *)a->data, (const float *)w->data, n, chunks, (float *)(*avg)->data, (float *)(*wsum)->data);
  else
    jaxc__avg_fused_F64((const double *)a->data, (const double *)w->data, n, chunks, (double *)(*avg)->data, (double *)(*wsum)->data);
  jaxc__ok();
  return true;
}
JAXC_API jaxc_array *jaxc_average(const jaxc_array *a, int axis, const jaxc_array *weights, bool keepdims,
                                  jaxc_array **sum_of_weights) {
  if (sum_of_weights) *sum_of_weights = NULL;
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "average: the array is NULL");
  int ax = -1;
  if (axis != JAXC_ALL_AXES && !jaxc__canon_axis(axis, a->ndim, &ax)) return NULL;
  jaxc_dtype node = weights ? jaxc__join2(a, weights) : jaxc__node_of(a); /* promote_dtypes_inexact */
  if (node == JAXC_DTYPE_INVALID) return NULL;
  node = jaxc__to_inexact(node);
  jaxc_dtype dt = jaxc_storage_dtype(node, jaxc_x64());
  bool weak = jaxc_dtype_is_weak(node);
  jaxc__steps S = {{0}, 0};
  jaxc_array *A, *W, *avg, *wsum, *t, *r = NULL;
  if (weights && axis == JAXC_ALL_AXES && jaxc__average_fused(a, weights, dt, keepdims, &avg, &wsum)) {
    if (sum_of_weights && avg) *sum_of_weights = wsum;
    else jaxc_array_free(wsum);
    return avg;
  }
  JAXC__STEP(A, jaxc__promoted_view(a, dt, weak));
  if (!weights) {
    JAXC__STEP(avg, jaxc_reduce_ex(JAXC_OP_MEAN, A, axis, keepdims));
    JAXC__STEP(wsum, jaxc__scalar_node(avg->dtype, (double)(ax < 0 ? a->size : a->shape[ax]), 0)); /* lax.full((), n) */
  } else {
    JAXC__STEP(W, jaxc__promoted_view(weights, dt, weak));
    if (!jaxc__same_shape(a, weights)) {
      if (ax < 0) {
        jaxc__fail(JAXC_ERR_SHAPE, "Axis must be specified when shapes of a and weights differ.");
        goto done;
      }
      if (weights->ndim != 1 || weights->shape[0] != a->shape[ax]) {
        jaxc__fail(JAXC_ERR_SHAPE, "Shape of weights must be consistent with shape of a along specified axis.");
        goto done;
      }
      int64_t shape[JAXC_MAX_NDIM];
      for (int k = 0; k < a->ndim; k++) shape[k] = k == ax ? a->shape[k] : 1;
      JAXC__STEP(W, jaxc__shaped_view(W, a->ndim, shape, W->weak));
    }
    JAXC__STEP(wsum, jaxc_reduce_ex(JAXC_OP_SUM, W, axis, keepdims));
    JAXC__STEP(t, jaxc_binary(JAXC_OP_MULTIPLY, A, W));
    JAXC__STEP(t, jaxc_reduce_ex(JAXC_OP_SUM, t, axis, keepdims));
    JAXC__STEP(avg, jaxc_binary(JAXC_OP_TRUE_DIVIDE, t, wsum));
  }
  if (sum_of_weights) {
    if (!jaxc__same_shape(avg, wsum)) JAXC__STEP(wsum, jaxc_broadcast_to(wsum, avg->ndim, avg->shape));
    *sum_of_weights = jaxc__step_keep(&S, wsum);
  }
  r = jaxc__step_keep(&S, avg);
done:
  jaxc__steps_free(&S, NULL);
  return r;
}
/* cov's and corrcoef's dtype argument: NONE, or a float or complex dtype (a weak node is the Python
   type: float is the default float) */
static bool jaxc__cov_dtype(const char *who, jaxc_dtype dtype, jaxc_dtype *out) {
  *out = JAXC_DTYPE_NONE;
  if (dtype == JAXC_DTYPE_NONE) return true;
  if (!JAXC_DTYPE_VALID(dtype)) return jaxc__fail(JAXC_ERR_DTYPE, "%s: invalid dtype %d", who, (int)dtype), false;
  jaxc_kind k = jaxc_dtype_kind(dtype);
  if (k != JAXC_KIND_FLOAT && k != JAXC_KIND_COMPLEX) {
    if (dtype == JAXC_WEAK_INT)
      return jaxc__fail(JAXC_ERR_DTYPE, "%s: dtype must be a subclass of float or complex; got dtype=<class 'int'>", who), false;
    return jaxc__fail(JAXC_ERR_DTYPE, "%s: dtype must be a subclass of float or complex; got dtype=dtype('%s')", who,
                      jaxc_dtype_name(dtype)), false;
  }
  *out = jaxc_storage_dtype(JAXC_DTYPE_IS_WEAK(dtype) ? (k == JAXC_KIND_FLOAT ? JAXC_F64 : JAXC_C128) : dtype, jaxc_x64());
  return true;
}
/* x as jnp.atleast_2d leaves it, with `ones` axes of size 1 put in front first (promote_shapes'
   rank promotion) */
static jaxc_array *jaxc__cov_rows(const jaxc_array *x, int ones) {
  int64_t shape[JAXC_MAX_NDIM];
  int nd = 0;
  for (int k = 0; k < ones; k++) shape[nd++] = 1;
  for (int k = 0; k < x->ndim; k++) shape[nd++] = x->shape[k];
  while (nd < 2) { /* atleast_2d: () -> (1, 1), (n,) -> (1, n) */
    memmove(shape + 1, shape, (size_t)nd * sizeof shape[0]);
    shape[0] = 1, nd++;
  }
  return jaxc__shaped_view(x, nd, shape, x->weak);
}
/* a 1-D weights' checks, in cov's order (np.shape(w)[0] of a 0-d one is Python's IndexError) */
static bool jaxc__cov_weights(const jaxc_array *w, const char *name, int64_t n) {
  if (w->ndim > 1) return jaxc__fail(JAXC_ERR_SHAPE, "cannot handle multidimensional %s", name), false;
  if (w->ndim == 0) return jaxc__fail(JAXC_ERR_SHAPE, "tuple index out of range"), false;
  if (w->shape[0] != n) return jaxc__fail(JAXC_ERR_SHAPE, "incompatible numbers of samples and %s", name), false;
  return true;
}
static jaxc_array *jaxc__cov(const jaxc_array *m, const jaxc_array *y, bool rowvar, bool bias, int64_t ddof,
                             const jaxc_array *fweights, const jaxc_array *aweights, jaxc_dtype dtype) {
  if (!m) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "cov: m is NULL");
  jaxc_dtype node = y ? jaxc__join2(m, y) : jaxc__node_of(m), dt; /* promote_args_inexact("cov", m, y) */
  if (node == JAXC_DTYPE_INVALID) return NULL;
  node = jaxc__to_inexact(node);
  jaxc_dtype st = jaxc_storage_dtype(node, jaxc_x64());
  bool weak = jaxc_dtype_is_weak(node);
  int mnd = m->ndim, ynd = y ? y->ndim : 0;
  if (y && mnd != ynd && mnd > 0 && ynd > 0) { /* promote_shapes: both non-scalar, ranks differ */
    const jaxc_array *both[2] = {m, y};
    int nd;
    int64_t shape[JAXC_MAX_NDIM];
    if (!jaxc__broadcast_shapes("cov", 2, both, &nd, shape)) {
      char s0[200], s1[200];
      jaxc__format_shape(s0, sizeof s0, m);
      jaxc__format_shape(s1, sizeof s1, y);
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: shapes=[%s, %s]", s0, s1);
    }
    mnd = ynd = nd;
  }
  if (ynd > 2) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "y has more than 2 dimensions");
  if (mnd > 2) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "m has more than 2 dimensions");
  if (!jaxc__cov_dtype("cov", dtype, &dt)) return NULL;
  jaxc__steps S = {{0}, 0};
  jaxc_array *X, *Y, *w = NULL, *aw = NULL, *avg, *wsum, *f, *t[4], *r = NULL;
  JAXC__STEP(X, jaxc__promoted_view(m, st, weak));
  JAXC__STEP(X, jaxc__cov_rows(X, mnd - m->ndim));
  if (!rowvar && mnd != 1) JAXC__STEP(X, jaxc_transpose(X, 0, NULL));
  if (X->shape[0] == 0) { /* array([]).reshape(0, 0): the default float */
    r = jaxc_array_empty(JAXC_DTYPE_NONE, 2, (const int64_t[]){0, 0});
    goto done;
  }
  if (y) {
    JAXC__STEP(Y, jaxc__promoted_view(y, st, weak));
    JAXC__STEP(Y, jaxc__cov_rows(Y, ynd - y->ndim));
    if (!rowvar && Y->shape[0] != 1) JAXC__STEP(Y, jaxc_transpose(Y, 0, NULL));
    JAXC__STEP(X, jaxc_concatenate(2, (const jaxc_array *const[]){X, Y}, 0));
  }
  int64_t nv = X->shape[0], n = X->shape[1];
  if (n == 0) { /* full(cov_shape, nan, X.dtype) */
    JAXC__STEP(t[0], jaxc__scalar_node(X->dtype, NAN, 0));
    r = jaxc_broadcast_to(t[0], nv == 1 ? 0 : 2, (const int64_t[]){nv, nv});
    goto done;
  }
  if (ddof == JAXC_NONE) ddof = bias ? 0 : 1;
  if (fweights) {
    if (!jaxc__cov_weights(fweights, "fweights", n)) goto done;
    jaxc_kind k = jaxc_dtype_kind(fweights->dtype);
    if (k != JAXC_KIND_INT && k != JAXC_KIND_UINT) {
      jaxc__fail(JAXC_ERR_DTYPE, "fweights must be integer.");
      goto done;
    }
    JAXC__STEP(w, jaxc_abs(fweights));
  }
  if (aweights) {
    if (!jaxc__cov_weights(aweights, "aweights", n)) goto done;
    JAXC__STEP(aw, jaxc_abs(aweights));
    if (!w) w = aw;
    else JAXC__STEP(w, jaxc_binary(JAXC_OP_MULTIPLY, w, aw));
  }
  if (dt != JAXC_DTYPE_NONE) {
    JAXC__STEP(X, jaxc_astype(X, dt));
    if (w) JAXC__STEP(w, jaxc_astype(w, dt));
  }
  JAXC__STEP(avg, jaxc_average(X, 1, w, false, &wsum));
  jaxc__step(&S, wsum);
  JAXC__STEP(wsum, jaxc__slice_axis(wsum, 0, 0, 1)); /* w_sum[0] */
  JAXC__STEP(wsum, jaxc__shaped_view(wsum, 0, NULL, wsum->weak));
  if (!w) {
    if (ddof < 0 ? n > INT64_MAX + ddof : n < INT64_MIN + ddof) {
      jaxc__fail(JAXC_ERR_ARG, "cov: ddof %lld out of range", (long long)ddof);
      goto done;
    }
    JAXC__STEP(f, jaxc_weak_int(n - ddof));
  } else if (ddof == 0) {
    f = wsum;
  } else { /* (ddof is a Python int: it must fit an integer operand, as the _Generic ops check) */
    if (!aweights) {
      JAXC__STEP(f, jaxc_binary_operands(JAXC_OP_SUBTRACT, jaxc__opnd_array(wsum), jaxc__opnd_int(ddof)));
    } else { /* w_sum - ddof * sum(w * aweights) / w_sum */
      JAXC__STEP(t[1], jaxc_binary(JAXC_OP_MULTIPLY, w, aw));
      JAXC__STEP(t[1], jaxc_reduce(JAXC_OP_SUM, t[1], JAXC_ALL_AXES));
      JAXC__STEP(t[1], jaxc_binary_operands(JAXC_OP_MULTIPLY, jaxc__opnd_int(ddof), jaxc__opnd_array(t[1])));
      JAXC__STEP(t[1], jaxc_binary(JAXC_OP_TRUE_DIVIDE, t[1], wsum));
      JAXC__STEP(f, jaxc_binary(JAXC_OP_SUBTRACT, wsum, t[1]));
    }
  }
  JAXC__STEP(t[0], jaxc__shaped_view(avg, 2, (const int64_t[]){nv, 1}, avg->weak));
  JAXC__STEP(X, jaxc_binary(JAXC_OP_SUBTRACT, X, t[0]));
  t[1] = X;
  if (w) {
    JAXC__STEP(t[0], jaxc__shaped_view(w, 2, (const int64_t[]){1, n}, w->weak));
    JAXC__STEP(t[1], jaxc_binary(JAXC_OP_MULTIPLY, X, t[0]));
  }
  JAXC__STEP(t[1], jaxc_transpose(t[1], 0, NULL));
  if (jaxc_dtype_kind(t[1]->dtype) == JAXC_KIND_COMPLEX) JAXC__STEP(t[1], jaxc_conj(t[1]));
  JAXC__STEP(t[1], jaxc_dot(X, t[1], JAXC_DTYPE_NONE));
  JAXC__STEP(t[1], jaxc_binary(JAXC_OP_TRUE_DIVIDE, t[1], f));
  r = jaxc_squeeze(t[1], JAXC_ALL_AXES);
done:
  jaxc__steps_free(&S, NULL);
  return r;
}
JAXC_API jaxc_array *jaxc_cov(const jaxc_array *m, const jaxc_array *y, bool rowvar, bool bias, int64_t ddof,
                              const jaxc_array *fweights, const jaxc_array *aweights, jaxc_dtype dtype) {
  return jaxc__cov(m, y, rowvar, bias, ddof, fweights, aweights, dtype);
}
JAXC_API jaxc_array *jaxc_corrcoef(const jaxc_array *x, const jaxc_array *y, bool rowvar, jaxc_dtype dtype) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "corrcoef: x is NULL");
  jaxc_dtype dt;
  if (!jaxc__cov_dtype("corrcoef", dtype, &dt)) return NULL;
  jaxc__steps S = {{0}, 0};
  jaxc_array *c, *sd, *re, *im, *lo, *hi, *r = NULL;
  JAXC__STEP(c, jaxc__cov(x, y, rowvar, false, JAXC_NONE, NULL, NULL, dtype));
  if (c->ndim == 0) { /* nan for nan/nan, inf/inf, 0/0; 1 otherwise */
    r = jaxc_binary(JAXC_OP_TRUE_DIVIDE, c, c);
    goto done;
  }
  int64_t nv = c->shape[0];
  JAXC__STEP(sd, jaxc_diag(c, 0));
  JAXC__STEP(sd, jaxc_real(sd));
  JAXC__STEP(sd, jaxc_sqrt(sd));
  JAXC__STEP(sd, jaxc_astype(sd, c->dtype));
  JAXC__STEP(re, jaxc__shaped_view(sd, 2, (const int64_t[]){nv, 1}, sd->weak));
  JAXC__STEP(c, jaxc_binary(JAXC_OP_TRUE_DIVIDE, c, re));
  JAXC__STEP(re, jaxc__shaped_view(sd, 2, (const int64_t[]){1, nv}, sd->weak));
  JAXC__STEP(c, jaxc_binary(JAXC_OP_TRUE_DIVIDE, c, re));
  JAXC__STEP(lo, jaxc_weak_int(-1));
  JAXC__STEP(hi, jaxc_weak_int(1));
  JAXC__STEP(re, jaxc_real(c));
  if (jaxc_dtype_kind(c->dtype) != JAXC_KIND_COMPLEX) {
    r = jaxc_clip(re, lo, hi);
    goto done;
  }
  JAXC__STEP(re, jaxc_clip(re, lo, hi));
  JAXC__STEP(im, jaxc_imag(c));
  JAXC__STEP(im, jaxc_clip(im, lo, hi));
  r = jaxc__complex_from(c->dtype, re, im); /* lax.complex */
done:
  jaxc__steps_free(&S, NULL);
  return r;
}


/* --- indexing ---------------------------------------------------------------------------------
   Every gather and scatter is reduced to a list of element offsets into `a` (one per element of
   the indexed shape, row-major; -1: out of range, to fill or drop), then copied or combined in
   runs of consecutive offsets. */
typedef enum jaxc__ixsem { JAXC__IX_TAKE, JAXC__IX_GET, JAXC__IX_UPDATE, JAXC__IX_ALONG } jaxc__ixsem;

static bool jaxc__check_mode(jaxc_index_mode mode, jaxc__ixsem sem) {
  if ((unsigned)mode > (unsigned)JAXC_MODE_PROMISE_IN_BOUNDS) {
    jaxc__fail(JAXC_ERR_ARG, "invalid index mode %d", (int)mode);
    return false;
  }
  if (sem == JAXC__IX_TAKE && (mode == JAXC_MODE_DROP || mode == JAXC_MODE_PROMISE_IN_BOUNDS)) {
    jaxc__fail(JAXC_ERR_ARG, "Invalid mode '%s' for np.take", mode == JAXC_MODE_DROP ? "drop" : "promise_in_bounds");
    return false;
  }
  return true;
}

static int64_t jaxc__clamp_ix(int64_t v, int64_t n) { return v < 0 ? 0 : v >= n ? n - 1 : v; }
/* An index already counted from the end (v) under a mode; -1 when it is to be filled/dropped. */
static int64_t jaxc__mode_ix(int64_t v, int64_t n, jaxc_index_mode mode, jaxc__ixsem sem) {
  bool in = v >= 0 && v < n;
  switch (mode) {
  case JAXC_MODE_CLIP: return jaxc__clamp_ix(v, n);
  case JAXC_MODE_FILL: case JAXC_MODE_DROP: return in ? v : -1;
  case JAXC_MODE_PROMISE_IN_BOUNDS:
    if (sem == JAXC__IX_UPDATE) return in ? v : -1; /* XLA skips out-of-bounds scatter updates */
    return jaxc__clamp_ix(v, n);
  default: /* DEFAULT (and WRAP for indexing, refused once the selection is known): take fills,
              indexing clamps, updates drop */
    return sem == JAXC__IX_GET ? jaxc__clamp_ix(v, n) : in ? v : -1;
  }
}

/* An index array's value as JAX computes with it. JAX does its index arithmetic in the index's
   own dtype and then converts to int32 (lax_utils.int_dtype_for_shape: int64 only when a dimension
   exceeds INT32_MAX): jnp.take's fill mode adds n to negative indices (indices + n, Python int n)
   and _gather_fill converts to int32; x[idx] / .at[idx] normalise signed indices (an unsigned one
   is left as it is) and index_to_gather converts to int32. So a uint32 index >= 2^31 becomes
   negative (x[uint32(2^32-1)] is x[0] by clamping, .at[...].get(mode="fill") fills) and a uint64
   one past INT64_MAX never counts from the end. jnp.take's clip and wrap modes gather with the
   index dtype itself (clip compares unsigned values as unsigned). raw is the index's bits widened
   (uint64 bits kept as they are). */
static int64_t jaxc__wrap32(int64_t v) { return (int64_t)(int32_t)(uint32_t)(uint64_t)v; }
static int64_t jaxc__resolve_ix(int64_t raw, jaxc_dtype dt, int64_t n, jaxc_index_mode mode, jaxc__ixsem sem, bool conv32) {
  bool uns = jaxc_dtype_kind(dt) == JAXC_KIND_UINT;
  bool u64 = dt == JAXC_U64;
  if (sem == JAXC__IX_TAKE) {
    if (mode == JAXC_MODE_CLIP) {
      if (u64 && raw < 0) return n - 1; /* past INT64_MAX as uint64 */
      return jaxc__clamp_ix(raw, n);
    }
    if (mode == JAXC_MODE_WRAP) {
      if (dt == JAXC_BOOL) return 0; /* jnp.mod(b, True) on a bool index: promoted to int, mod 1 */
      if (u64 && raw < 0) return (int64_t)((uint64_t)raw % (uint64_t)n);
      int64_t r = raw % n;
      return r < 0 ? r + n : r;
    }
    /* DEFAULT, FILL */
    int64_t v = (!uns && raw < 0) ? raw + n : raw; /* fits: n fits in the index dtype */
    if (conv32) v = jaxc__wrap32(v);
    return v >= 0 && v < n ? v : -1;
  }
  int64_t v = (!uns && raw < 0) ? raw + n : raw;
  if (conv32) v = jaxc__wrap32(v);
  return jaxc__mode_ix(v, n, mode, sem);
}

/* The largest value of an integer dtype (a uint64's: INT64_MAX, past every length). */
static int64_t jaxc__ix_max(jaxc_dtype dt) {
  int bits = (int)jaxc_dtype_bits(dt);
  if (bits >= 64) return INT64_MAX;
  return jaxc_dtype_kind(dt) == JAXC_KIND_INT ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
}
/* A Python int v meeting an integer array of dtype dt (i + n): JAX's error where it does not fit. */
static bool jaxc__python_int_ok(int64_t v, jaxc_dtype dt) {
  if (jaxc__int_fits(v, dt)) return true;
  jaxc__fail(JAXC_ERR_OVERFLOW, "Python int %lld too large to convert to %s", (long long)v, jaxc_dtype_name(dt));
  return false;
}
/* The axis size as a constant of the index dtype: JAX raises where it does not fit (jnp.take's
   fill mode: indices + n, JAX's "Python int ... too large to convert to ..."; its wrap mode and
   x[idx] / .at[idx] for a signed index: np.array(n, index dtype), NumPy's "Python integer ... out
   of bounds for ..."). */
static bool jaxc__axis_fits_index(const jaxc_array *ix, int64_t n, jaxc_index_mode mode, jaxc__ixsem sem) {
  jaxc_dtype dt = ix->dtype;
  int kind = jaxc_dtype_kind(dt);
  if (kind != JAXC_KIND_INT && kind != JAXC_KIND_UINT) return true;
  bool take_fill = sem == JAXC__IX_TAKE && (mode == JAXC_MODE_DEFAULT || mode == JAXC_MODE_FILL);
  bool take_wrap = sem == JAXC__IX_TAKE && mode == JAXC_MODE_WRAP;
  bool get_norm = sem != JAXC__IX_TAKE && kind == JAXC_KIND_INT;
  if (!take_fill && !take_wrap && !get_norm) return true;
  if (n <= jaxc__ix_max(dt)) return true;
  if (take_fill) return jaxc__python_int_ok(n, dt);
  jaxc__fail(JAXC_ERR_OVERFLOW, "Python integer %lld out of bounds for %s", (long long)n, jaxc_dtype_name(dt));
  return false;
}

static bool jaxc__index_dtype_ok(const jaxc_array *ix) {
  int k = jaxc_dtype_kind(ix->dtype);
  if (k == JAXC_KIND_INT || k == JAXC_KIND_UINT) return true;
  if (k == JAXC_KIND_BOOL)
    jaxc__fail(JAXC_ERR_DTYPE, "boolean (mask) indices are not supported here; convert them to integer positions");
  else
    jaxc__fail(JAXC_ERR_DTYPE, "Indexer must have integer or boolean type, got indexer with type %s at position 0",
               jaxc_dtype_name(ix->dtype));
  return false;
}

/* The indexed view: shape and, per element, its offset in `a` (or -1). */
typedef struct jaxc__sel {
  int ndim;
  int64_t shape[JAXC_MAX_NDIM];
  int64_t count;
  int64_t *off;
} jaxc__sel;
/* Indexing and .at[] parse the mode only in lax.gather / lax.scatter, which JAX skips when the
   indexed shape is empty (x.at[[]].set(u, mode="wrap") is x): the selections end with this,
   once their count is known (on failure the selection is freed). */
static bool jaxc__check_wrap(jaxc_index_mode mode, jaxc__ixsem sem, jaxc__sel *s) {
  if (mode == JAXC_MODE_WRAP && sem != JAXC__IX_TAKE && s->count > 0) {
    jaxc__free(s->off);
    jaxc__fail(JAXC_ERR_ARG, "Unknown gather mode \"wrap\"");
    return false;
  }
  return true;
}

/* cnt of an integer (or bool) index array's values from position at, as int64_t; a uint64's
   bits as they are. */
static void jaxc__index_read(const jaxc_array *ix, int64_t at, int64_t cnt, int64_t *iv) {
  const char *p = (const char *)ix->data + (size_t)at * jaxc_dtype_size(ix->dtype);
  if (ix->dtype == JAXC_U64) memcpy(iv, p, (size_t)cnt * sizeof(int64_t));
  else jaxc_kernel_cast_dyn(ix->dtype, JAXC_I64, (size_t)cnt, p, iv);
}
static void jaxc__index_values(const jaxc_array *ix, int64_t *iv) { jaxc__index_read(ix, 0, ix->size, iv); }
/* Array index on one axis: the shape a.shape[:ax] + ix.shape + a.shape[ax+1:] and its count, with
   indexing's errors; *outer and *inner: a's elements before and after the axis (0 for an empty
   result, whose other dimensions' product may not even fit). */
static bool jaxc__take_shape(const jaxc_array *a, int ax, const jaxc_array *ix, jaxc__ixsem sem, jaxc__sel *s,
                             int64_t *outer, int64_t *inner) {
  if (a->ndim + ix->ndim - 1 > JAXC_MAX_NDIM)
    return jaxc__fail(JAXC_ERR_SHAPE, "the result would have more than %d dimensions", JAXC_MAX_NDIM), false;
  s->ndim = 0, s->off = NULL;
  for (int i = 0; i < ax; i++) s->shape[s->ndim++] = a->shape[i];
  for (int i = 0; i < ix->ndim; i++) s->shape[s->ndim++] = ix->shape[i];
  for (int i = ax + 1; i < a->ndim; i++) s->shape[s->ndim++] = a->shape[i];
  if (!jaxc__check_shape(s->ndim, s->shape, &s->count)) return false;
  if (a->shape[ax] == 0 && s->count > 0) {
    if (sem == JAXC__IX_TAKE) jaxc__fail(JAXC_ERR_INDEX, "Cannot do a non-empty jnp.take() from an empty axis.");
    else jaxc__fail(JAXC_ERR_INDEX, "index is out of bounds for axis %d with size 0", ax);
    return false;
  }
  *outer = *inner = 0;
  if (s->count > 0) {
    *outer = *inner = 1;
    for (int i = 0; i < ax; i++) *outer *= a->shape[i];
    for (int i = ax + 1; i < a->ndim; i++) *inner *= a->shape[i];
  }
  return true;
}
/* Indexing converts indices to int32 unless a dimension needs int64 (int_dtype_for_shape). */
static bool jaxc__conv32(const jaxc_array *a) {
  for (int i = 0; i < a->ndim; i++)
    if (a->shape[i] > INT32_MAX) return false;
  return true;
}
/* The same as a selection (for .at[] updates): every element's offset. */
static bool jaxc__select_take(const jaxc_array *a, int ax, const jaxc_array *ix, jaxc_index_mode mode,
                              jaxc__ixsem sem, jaxc__sel *s) {
  int64_t n = a->shape[ax], outer, inner;
  if (!jaxc__take_shape(a, ax, ix, sem, s, &outer, &inner)) return false;
  s->off = (int64_t *)jaxc__malloc((size_t)(s->count ? s->count : 1) * sizeof(int64_t));
  int64_t *iv = (int64_t *)jaxc__malloc((size_t)(ix->size ? ix->size : 1) * sizeof(int64_t));
  if (!s->off || !iv) {
    jaxc__free(s->off); jaxc__free(iv);
    return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in indexing"), false;
  }
  jaxc__index_values(ix, iv);
  bool conv32 = jaxc__conv32(a);
  if (n > 0)
    for (int64_t k = 0; k < ix->size; k++) iv[k] = jaxc__resolve_ix(iv[k], ix->dtype, n, mode, sem, conv32);
  int64_t t = 0;
  for (int64_t o = 0; o < outer; o++)
    for (int64_t k = 0; k < ix->size; k++)
      for (int64_t i = 0; i < inner; i++) s->off[t++] = iv[k] < 0 ? -1 : (o * n + iv[k]) * inner + i;
  jaxc__free(iv);
  return jaxc__check_wrap(mode, sem, s);
}

/* Python's slice.indices(n) for a JAXC_S spec: the first index, the step and the count. */
static bool jaxc__slice_range(jaxc_slice_spec sp, int64_t n, int64_t *first, int64_t *step, int64_t *cnt) {
  int64_t st = sp.step == JAXC_NONE ? 1 : sp.step;
  if (st == 0) return jaxc__fail(JAXC_ERR_ARG, "slice step cannot be zero"), false;
  int64_t lo = sp.start, hi = sp.stop;
  if (st > 0) {
    lo = lo == JAXC_NONE ? 0 : lo < 0 ? (lo + n < 0 ? 0 : lo + n) : (lo > n ? n : lo);
    hi = hi == JAXC_NONE ? n : hi < 0 ? (hi + n < 0 ? 0 : hi + n) : (hi > n ? n : hi);
    *cnt = hi > lo ? 1 + (hi - lo - 1) / st : 0; /* not (hi - lo + st - 1): st may be near INT64_MAX */
  } else {
    lo = lo == JAXC_NONE ? n - 1 : lo < 0 ? (lo + n < 0 ? -1 : lo + n) : (lo >= n ? n - 1 : lo);
    hi = hi == JAXC_NONE ? -1 : hi < 0 ? (hi + n < 0 ? -1 : hi + n) : (hi >= n ? n - 1 : hi);
    *cnt = lo > hi ? 1 + (lo - hi - 1) / -st : 0;
  }
  *first = lo, *step = st;
  return true;
}
/* Basic indexing's geometry: per axis of a, a first index, a step and a count; integer specs
   drop their axis from the view's shape (s->ndim, s->shape); *dropped when an integer index is
   out of range in a mode that drops it. */
typedef struct jaxc__slices { int64_t first[JAXC_MAX_NDIM], step[JAXC_MAX_NDIM], cnt[JAXC_MAX_NDIM]; bool dropped; } jaxc__slices;
static bool jaxc__slice_geometry(const jaxc_array *a, int nspec, const jaxc_slice_spec *spec, jaxc_index_mode mode,
                                 jaxc__ixsem sem, jaxc__sel *s, jaxc__slices *g) {
  if (nspec < 0 || nspec > a->ndim)
    return jaxc__fail(JAXC_ERR_INDEX, "Too many indices: %d-dimensional array indexed with %d regular indices.",
                      a->ndim, nspec), false;
  if (nspec > 0 && !spec) return jaxc__fail(JAXC_ERR_ARG, "slice specs are NULL"), false;
  int64_t *first = g->first, *step = g->step, *cnt = g->cnt;
  bool dropped = false;
  s->ndim = 0;
  for (int ax = 0; ax < a->ndim; ax++) {
    int64_t n = a->shape[ax];
    jaxc_slice_spec sp = ax < nspec ? spec[ax] : JAXC_ALL;
    if (sp.index) {
      if (n == 0) return jaxc__fail(JAXC_ERR_INDEX, "index %lld is out of bounds for axis %d with size 0", (long long)sp.start, ax), false;
      int64_t v = jaxc__mode_ix(sp.start < 0 ? sp.start + n : sp.start, n,
                                mode == JAXC_MODE_DEFAULT && sem == JAXC__IX_GET ? JAXC_MODE_CLIP : mode, sem);
      if (v < 0) { dropped = true; v = 0; }
      first[ax] = v; step[ax] = 1; cnt[ax] = 1;
      continue;
    }
    if (!jaxc__slice_range(sp, n, &first[ax], &step[ax], &cnt[ax])) return false;
    s->shape[s->ndim++] = cnt[ax];
  }
  g->dropped = dropped;
  return true;
}
/* Basic indexing as a selection: the geometry, then every element's offset (for .at[]). */
static bool jaxc__select_slices(const jaxc_array *a, int nspec, const jaxc_slice_spec *spec, jaxc_index_mode mode,
                                jaxc__ixsem sem, jaxc__sel *s) {
  jaxc__slices g;
  if (!jaxc__slice_geometry(a, nspec, spec, mode, sem, s, &g)) return false;
  const int64_t *first = g.first, *step = g.step, *cnt = g.cnt;
  bool dropped = g.dropped;
  int64_t total = 1;
  for (int ax = 0; ax < a->ndim; ax++) total *= cnt[ax];
  s->count = total;
  s->off = (int64_t *)jaxc__malloc((size_t)(total ? total : 1) * sizeof(int64_t));
  if (!s->off) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in indexing"), false;
  int64_t pos[JAXC_MAX_NDIM] = {0};
  for (int64_t t = 0; t < total; t++) {
    int64_t off = 0;
    for (int ax = 0; ax < a->ndim; ax++) off = off * a->shape[ax] + first[ax] + pos[ax] * step[ax];
    s->off[t] = dropped ? -1 : off;
    for (int ax = a->ndim - 1; ax >= 0; ax--) {
      if (++pos[ax] < cnt[ax]) break;
      pos[ax] = 0;
    }
  }
  return jaxc__check_wrap(mode, sem, s);
}

/* The fill element for a gather, in a's dtype (_gather_fill's full_like: a 0-d fill). */
static bool jaxc__fill_bytes(const jaxc_array *a, const jaxc_array *fill, unsigned char *buf) {
  if (fill) {
    if (!jaxc__full_scalar_ok(fill)) return false;
    jaxc_kernel_cast_dyn(fill->dtype, a->dtype, 1, fill->data, buf);
    return true;
  }
  int kind = jaxc_dtype_kind(a->dtype);
  if (kind == JAXC_KIND_FLOAT || kind == JAXC_KIND_COMPLEX) {
    jaxc_c128 v = jaxc__c128_make(NAN, 0);
    jaxc_kernel_cast_dyn(JAXC_C128, a->dtype, 1, &v, buf);
  } else if (kind == JAXC_KIND_INT) {
    int64_t v = -(int64_t)(((uint64_t)1 << (jaxc_dtype_bits(a->dtype) - 1)) - 1) - 1;
    jaxc_kernel_cast_dyn(JAXC_I64, a->dtype, 1, &v, buf);
  } else if (kind == JAXC_KIND_UINT) {
    uint64_t v = UINT64_MAX;
    jaxc_kernel_cast_dyn(JAXC_U64, a->dtype, 1, &v, buf);
  } else {
    buf[0] = 1;
  }
  return true;
}

/* --- the gather kernel --------------------------------------------------------------------------
   jnp.take, x[idx] and take_along_axis walk their result in row-major order over a geometry: per
   axis, element strides into a and into the indices (0 where that side is broadcast, and, for a,
   on the indexed axis, whose place the index value gives: times axs); put_along_axis adds its
   values' strides. The last axis is walked in runs, the rows above it as an odometer. */
typedef struct jaxc__along {
  int nd;
  int64_t shape[JAXC_MAX_NDIM];
  int64_t st[3][JAXC_MAX_NDIM]; /* strides into a, the indices, the values */
  int64_t n, axs;               /* a's length and stride on the indexed axis */
} jaxc__along;
/* the coordinates and bases of row-major position t over axes [0, top) */
static void jaxc__along_seek(const jaxc__along *G, int top, int64_t t, int64_t *c, int64_t *base) {
  base[0] = base[1] = base[2] = 0;
  for (int i = top - 1; i >= 0; i--) {
    c[i] = t % G->shape[i], t /= G->shape[i];
    for (int k = 0; k < 3; k++) base[k] += c[i] * G->st[k][i];
  }
}
/* one step of the odometer over axes [0, top) */
static void jaxc__along_step(const jaxc__along *G, int top, int64_t *c, int64_t *base) {
  for (int i = top - 1; i >= 0; i--) {
    for (int k = 0; k < 3; k++) base[k] += G->st[k][i];
    if (++c[i] < G->shape[i]) return;
    for (int k = 0; k < 3; k++) base[k] -= G->st[k][i] * c[i];
    c[i] = 0;
  }
}
/* G without its axes of length 1 (their coordinate is always 0), so that the last axis, walked in
   runs, is a long one: take of a 1-D array is (indices' elements, 1) until squeezed */
static void jaxc__along_squeeze(jaxc__along *G) {
  int nd = 0;
  for (int i = 0; i < G->nd; i++) {
    if (G->shape[i] == 1 && (nd > 0 || i < G->nd - 1)) continue; /* (keeps one axis) */
    G->shape[nd] = G->shape[i];
    for (int k = 0; k < 3; k++) G->st[k][nd] = G->st[k][i];
    nd++;
  }
  G->nd = nd;
}
/* jnp.take's geometry: (outer, the indices' elements, inner) */
static void jaxc__take_geometry(int64_t outer, int64_t n, const jaxc_array *ix, int64_t inner, jaxc__along *G) {
  memset(G, 0, sizeof *G);
  G->nd = 3, G->n = n, G->axs = inner;
  G->shape[0] = outer, G->shape[1] = ix->size, G->shape[2] = inner;
  G->st[0][0] = n * inner, G->st[0][2] = 1, G->st[1][1] = 1;
  jaxc__along_squeeze(G);
}

/* take_along_axis converts its indices to the default int (int_dtype_for_dim, given a whole
   shape, answers that), counts a negative one from the end once unless in bounds is promised,
   then lax.gather fills (-1 here) or clamps. */
static int64_t jaxc__along_ix(int64_t raw, int64_t n, bool to32, jaxc_index_mode mode) {
  int64_t v = to32 ? jaxc__wrap32(raw) : raw;
  if (mode == JAXC_MODE_PROMISE_IN_BOUNDS) return jaxc__clamp_ix(v, n);
  if (v < 0) v += n;
  if (mode == JAXC_MODE_CLIP) return jaxc__clamp_ix(v, n);
  return v >= 0 && v < n ? v : -1;
}
typedef struct jaxc__gather_job {
  const jaxc__along *G;
  const jaxc_array *a, *ix;
  char *dst;
  const char *fill;
  jaxc_index_mode mode;
  jaxc__ixsem sem; /* JAXC__IX_ALONG: take_along_axis's conversion */
  bool to32;       /* the indices converted to int32 (ALONG: x64 off; the others: jaxc__conv32) */
} jaxc__gather_job;
static int64_t jaxc__gather_ix(const jaxc__gather_job *J, int64_t raw) {
  if (J->sem == JAXC__IX_ALONG) return jaxc__along_ix(raw, J->G->n, J->to32, J->mode);
  return jaxc__resolve_ix(raw, J->ix->dtype, J->G->n, J->mode, J->sem, J->to32);
}
/* A block of raw indices resolved in place; true when one is out of range (-1). The filling
   modes of take_along_axis and jnp.take and the dropping ones of .at[] (the defaults) get
   branch-free loops of their own, which the compiler vectorises; the rest go one by one. */
static bool jaxc__gather_resolve(const jaxc__gather_job *J, int64_t *v, int64_t cnt) {
  int64_t n = J->G->n, miss = 0;
  bool fills = J->mode == JAXC_MODE_DEFAULT || J->mode == JAXC_MODE_FILL || J->mode == JAXC_MODE_DROP;
  if (fills && J->sem == JAXC__IX_ALONG) { /* converted to the index dtype, then counted from the end */
    for (int64_t k = 0; k < cnt; k++) {
      int64_t x = J->to32 ? jaxc__wrap32(v[k]) : v[k];
      x += x < 0 ? n : 0;
      v[k] = (uint64_t)x < (uint64_t)n ? x : -1, miss |= v[k];
    }
  } else if (J->ix->dtype != JAXC_U64 && ((fills && J->sem == JAXC__IX_TAKE) ||
                                            (J->sem == JAXC__IX_UPDATE && J->mode != JAXC_MODE_CLIP))) {
    /* jnp.take's fill and .at[]'s drop: counted from the end, then converted */
    for (int64_t k = 0; k < cnt; k++) {
      int64_t x = v[k] + (v[k] < 0 ? n : 0);
      x = J->to32 ? jaxc__wrap32(x) : x;
      v[k] = (uint64_t)x < (uint64_t)n ? x : -1, miss |= v[k];
    }
  } else {
    for (int64_t k = 0; k < cnt; k++) v[k] = jaxc__gather_ix(J, v[k]), miss |= v[k];
  }
  return miss < 0;
}
enum { JAXC__ALONG_RUN = 256 }; /* indices resolved at a time, on the stack */
/* one element per place (-1: the fill, where the block has one); es a constant in each case, so
   the copies are plain moves */
#define JAXC__GATHER_COPY(ES)                                                                                  \
  do {                                                                                                         \
    if (miss)                                                                                                  \
      for (int64_t k = 0; k < cnt; k++) memcpy(d + k * (ES), v[k] < 0 ? J->fill : s + (v[k] * axs + k * asl) * (ES), ES); \
    else                                                                                                       \
      for (int64_t k = 0; k < cnt; k++) memcpy(d + k * (ES), s + (v[k] * axs + k * asl) * (ES), ES);         \
  } while (0)
/* result elements [t0, t1) */
static void jaxc__gather_range(const void *job, int64_t t0, int64_t t1) {
  const jaxc__gather_job *J = (const jaxc__gather_job *)job;
  const jaxc__along *G = J->G;
  int last = G->nd - 1;
  int64_t len = G->shape[last], asl = G->st[0][last], isl = G->st[1][last], axs = G->axs;
  int64_t j = t0 % len, c[JAXC_MAX_NDIM], base[3], v[JAXC__ALONG_RUN];
  jaxc__along_seek(G, last, t0 / len, c, base);
  size_t es = jaxc_dtype_size(J->a->dtype);
  for (int64_t t = t0; t < t1;) {
    int64_t cnt = len - j < t1 - t ? len - j : t1 - t;
    char *d = J->dst + (size_t)t * es;
    const char *s = (const char *)J->a->data + (size_t)(base[0] + j * asl) * es;
    bool whole = false, miss; /* whole: a run of a's own contiguous elements, copied at once */
    if (!isl) {
      jaxc__index_read(J->ix, base[1], 1, v);
      miss = jaxc__gather_resolve(J, v, 1);
      whole = !miss && asl == 1;
      if (whole) memcpy(d, s + (size_t)(v[0] * axs) * es, (size_t)cnt * es);
      if (cnt > JAXC__ALONG_RUN) cnt = JAXC__ALONG_RUN;
      for (int64_t k = 1; !whole && k < cnt; k++) v[k] = v[0];
    } else {
      if (cnt > JAXC__ALONG_RUN) cnt = JAXC__ALONG_RUN;
      jaxc__index_read(J->ix, base[1] + j * isl, cnt, v);
      miss = jaxc__gather_resolve(J, v, cnt);
    }
    if (!whole) switch (es) {
      case 1: JAXC__GATHER_COPY(1); break;
      case 2: JAXC__GATHER_COPY(2); break;
      case 4: JAXC__GATHER_COPY(4); break;
      case 8: JAXC__GATHER_COPY(8); break;
      default: JAXC__GATHER_COPY(16); break;
      }
    else cnt = len - j < t1 - t ? len - j : t1 - t;
    t += cnt, j += cnt;
    if (j == len) j = 0, jaxc__along_step(G, last, c, base);
  }
}
#undef JAXC__GATHER_COPY
/* The result of a gather over G (its shape the caller's: weak flag and dtype a's), over the
   threads past JAXC_PAR_BYTES; fill is read only where a place is out of range. */
static jaxc_array *jaxc__gather_run(const jaxc_array *a, const jaxc_array *ix, const jaxc__along *G, int nd,
                                    const int64_t *shape, jaxc_index_mode mode, jaxc__ixsem sem, bool to32,
                                    const unsigned char *fill) {
  jaxc_array *out = jaxc__new_array(a->dtype, a->weak, nd, shape);
  if (!out) return NULL;
  if (out->size > 0) {
    jaxc__gather_job J = {G, a, ix, (char *)out->data, (const char *)fill, mode, sem, to32};
    size_t es = jaxc_dtype_size(a->dtype);
    jaxc__range_run(&J, jaxc__gather_range, out->size, 2 * es + jaxc_dtype_size(ix->dtype));
  }
  jaxc__ok();
  return out;
}
/* Whether a mode fills out-of-range places (and so reads fill_value, which the others ignore):
   jnp.take's default and fill; indexing's fill and drop; take_along_axis's default too. */
static bool jaxc__fills(jaxc_index_mode mode, jaxc__ixsem sem) {
  if (mode == JAXC_MODE_FILL || mode == JAXC_MODE_DROP) return true;
  return mode == JAXC_MODE_DEFAULT && (sem == JAXC__IX_TAKE || sem == JAXC__IX_ALONG);
}

static jaxc_array *jaxc__take_impl(const jaxc_array *a, const jaxc_array *ix, int axis, jaxc_index_mode mode,
                                   const jaxc_array *fill, jaxc__ixsem sem) {
  const char *name = sem == JAXC__IX_TAKE ? "take" : "index_take";
  if (!a || !ix) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: an operand is NULL", name);
  if (!jaxc__check_mode(mode, sem)) return NULL;
  if (sem != JAXC__IX_TAKE && !jaxc__index_dtype_ok(ix)) return NULL;
  jaxc_array flat;
  const jaxc_array *src = a;
  int ax = 0;
  if (axis == JAXC_ALL_AXES) {
    int64_t n = a->size;
    jaxc_array_wrap(&flat, a->dtype, 1, &n, a->data);
    flat.weak = a->weak;
    src = &flat;
  } else if (!jaxc__canon_axis(axis, a->ndim, &ax)) {
    return NULL;
  }
  if (!jaxc__axis_fits_index(ix, src->shape[ax], mode, sem)) return NULL;
  if (sem == JAXC__IX_TAKE) {
    /* jnp.take, in its order: an empty axis raises for any non-empty index array and otherwise
       returns the (flattened) operand itself; an empty index array gives zeros of the result's
       shape; only then does lax.gather check the index dtype (a bool index is an integer in fill
       mode, where indices + n promotes it, and in wrap mode; clip gathers with it and fails). */
    if (src->shape[ax] == 0) {
      if (ix->size != 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_INDEX, "Cannot do a non-empty jnp.take() from an empty axis.");
      jaxc_array *out = jaxc__new_array(src->dtype, src->weak, src->ndim, src->shape);
      if (out) jaxc__ok();
      return out;
    }
    int k = jaxc_dtype_kind(ix->dtype);
    bool int_ok = k == JAXC_KIND_INT || k == JAXC_KIND_UINT || (k == JAXC_KIND_BOOL && mode != JAXC_MODE_CLIP);
    if (ix->size != 0 && !int_ok) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "indices must have an integer type");
  }
  jaxc__sel s;
  int64_t outer, inner;
  if (!jaxc__take_shape(src, ax, ix, sem, &s, &outer, &inner) || !jaxc__check_wrap(mode, sem, &s)) return NULL;
  _Alignas(16) unsigned char fb[16] = {0};
  if (jaxc__fills(mode, sem) && !jaxc__fill_bytes(src, fill, fb)) return NULL;
  jaxc__along G;
  jaxc__take_geometry(outer, src->shape[ax], ix, inner, &G);
  return jaxc__gather_run(src, ix, &G, s.ndim, s.shape, mode, sem, jaxc__conv32(src), fb);
}
JAXC_API jaxc_array *jaxc_take(const jaxc_array *a, const jaxc_array *indices, int axis, jaxc_index_mode mode,
                               const jaxc_array *fill_value) {
  return jaxc__take_impl(a, indices, axis, mode, fill_value, JAXC__IX_TAKE);
}
JAXC_API jaxc_array *jaxc_index_take(const jaxc_array *a, const jaxc_array *indices, int axis, jaxc_index_mode mode,
                                     const jaxc_array *fill_value) {
  return jaxc__take_impl(a, indices, axis, mode, fill_value, JAXC__IX_GET);
}
static void jaxc__strided_copy(char *dst, const char *src, size_t es, int nd, const int64_t *shape, const int64_t *st);
/* x[spec]: reading clamps integer indices, so the view is every axis's first, step and count: a
   strided copy (no per-element offsets). */
JAXC_API jaxc_array *jaxc_slice(const jaxc_array *a, int nspec, const jaxc_slice_spec *spec) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "slice: the array is NULL");
  jaxc__sel s;
  jaxc__slices g;
  if (!jaxc__slice_geometry(a, nspec, spec, JAXC_MODE_DEFAULT, JAXC__IX_GET, &s, &g)) return NULL;
  JAXC_ASSERT(!g.dropped);
  jaxc_array *out = jaxc__new_array(a->dtype, a->weak, s.ndim, s.shape);
  if (!out) return NULL;
  int64_t st[JAXC_MAX_NDIM], unit = 1, base = 0;
  for (int ax = a->ndim - 1; ax >= 0; ax--) {
    st[ax] = g.cnt[ax] > 1 ? g.step[ax] * unit : 0; /* (a step past the axis takes one element) */
    base += g.first[ax] * unit;
    unit *= a->shape[ax];
  }
  size_t es = jaxc_dtype_size(a->dtype);
  if (out->size) jaxc__strided_copy((char *)out->data, (const char *)a->data + base * (int64_t)es, es, a->ndim, g.cnt, st);
  jaxc__ok();
  return out;
}

/* --- scatter ---------------------------------------------------------------------------------- */
/* updates broadcast (one way) to the indexed shape and cast to dt, into a new contiguous array. */
/* whether u broadcasts one way to shape (its axes right-aligned, each 1 or equal) */
static bool jaxc__fits_shape(const jaxc_array *u, int nd, const int64_t *shape) {
  bool ok = u->ndim <= nd;
  for (int i = 0; ok && i < u->ndim; i++) {
    int64_t d = u->shape[u->ndim - 1 - i];
    ok = d == 1 || d == shape[nd - 1 - i];
  }
  return ok;
}
static jaxc_array *jaxc__broadcast_cast(const jaxc_array *u, jaxc_dtype dt, int nd, const int64_t *shape) {
  if (!jaxc__fits_shape(u, nd, shape)) {
    char s0[160], s1[160];
    jaxc__format_shape(s0, sizeof s0, u);
    jaxc__format_dims(s1, sizeof s1, nd, shape);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: %s and requested shape %s", s0, s1);
  }
  jaxc_array *out = jaxc__new_array(dt, false, nd, shape);
  if (!out) return NULL;
  jaxc__job job;
  jaxc__job_init(&job, 1, &u, &dt, out, jaxc__chunk_copy);
  jaxc__run(&job);
  return out;
}

/* lax's scatter primitives, named in debug_nans errors */
static const char *jaxc__scatter_prim(jaxc_op op) {
  switch (op) {
  case JAXC_OP_ADD: return "scatter-add";
  case JAXC_OP_MULTIPLY: return "scatter-mul";
  case JAXC_OP_MINIMUM: return "scatter-min";
  case JAXC_OP_MAXIMUM: return "scatter-max";
  default: return "scatter";
  }
}
/* The dtype a scatter of u into a runs in: their join (INVALID after a strict refusal). A 64-bit
   array wrapped while x64 is off keeps its dtype: promoted as with x64 on, or the scatter would
   cut its untouched elements to 32 bits. */
static jaxc_dtype jaxc__scatter_dtype(const jaxc_array *a, const jaxc_array *u) {
  bool x64 = jaxc_x64(), wide = x64 || jaxc_storage_dtype(a->dtype, false) != a->dtype;
  if (wide == x64) {
    jaxc_dtype node = jaxc__join2(a, u);
    return node == JAXC_DTYPE_INVALID ? node : jaxc_storage_dtype(node, x64);
  }
  jaxc_dtype node = jaxc_result_node(jaxc_promotion(), true, jaxc__node_of(a), jaxc__node_of(u));
  if (node == JAXC_DTYPE_INVALID) return jaxc__fail_strict(a->dtype, u->dtype), node;
  return jaxc_storage_dtype(node, true);
}
/* x (cast to the promoted dtype) combined with u at the selection, back in a's dtype. */
static jaxc_array *jaxc__scatter(jaxc_op op, const jaxc_array *a, jaxc__sel *s, const jaxc_array *u) {
  jaxc_array *res = NULL, *work = NULL, *ub = NULL;
  if (s->count == 0) { /* JAX's _scatter_impl returns x before promoting or broadcasting the updates */
    jaxc__free(s->off);
    if ((res = jaxc__new_array(a->dtype, a->weak, a->ndim, a->shape))) {
      memcpy(res->data, a->data, (size_t)a->size * jaxc_dtype_size(a->dtype));
      jaxc__ok();
    }
    return res;
  }
  jaxc_dtype pd = jaxc__scatter_dtype(a, u);
  if (pd == JAXC_DTYPE_INVALID) goto done;
  jaxc__bin_fn fn = NULL;
  if (op != JAXC_OP_SET) {
    fn = jaxc__bin_table[op][pd][0];
    if (!fn) { jaxc__fail_dtype(op, pd); goto done; }
  }
  if (!(ub = jaxc__broadcast_cast(u, pd, s->ndim, s->shape))) goto done;
  if (!(res = jaxc__new_array(a->dtype, a->weak, a->ndim, a->shape))) goto done;
  if (pd == a->dtype) {
    work = res;
  } else if (!(work = jaxc__new_array(pd, false, a->ndim, a->shape))) {
    jaxc_array_free(res); res = NULL; goto done;
  }
  jaxc_kernel_cast_dyn(a->dtype, pd, (size_t)a->size, a->data, work->data);
  size_t es = jaxc_dtype_size(pd);
  char *w = (char *)work->data;
  const char *ud = (const char *)ub->data;
  for (int64_t t = 0; t < s->count;) {
    if (s->off[t] < 0) { t++; continue; }
    int64_t r = t + 1;
    while (r < s->count && s->off[r] == s->off[r - 1] + 1) r++;
    char *dst = w + (size_t)s->off[t] * es;
    if (fn) fn((size_t)(r - t), dst, ud + (size_t)t * es, dst); /* in place, element by element */
    else memcpy(dst, ud + (size_t)t * es, (size_t)(r - t) * es);
    t = r;
  }
  if (work != res) {
    jaxc_kernel_cast_dyn(pd, a->dtype, (size_t)a->size, work->data, res->data);
    jaxc_array_free(work);
  }
  res = jaxc__checked(jaxc__scatter_prim(op), res, a, u);
done:
  jaxc_array_free(ub);
  jaxc__free(s->off);
  return res;
}

static bool jaxc__update_op_ok(jaxc_op op) {
  switch (op) {
  case JAXC_OP_SET: case JAXC_OP_ADD: case JAXC_OP_MULTIPLY: case JAXC_OP_MINIMUM: case JAXC_OP_MAXIMUM:
  case JAXC_OP_TRUE_DIVIDE: case JAXC_OP_POWER:
    return true;
  default:
    jaxc__fail(JAXC_ERR_ARG, "op %d (%s) is not an .at[] update (set, add, multiply, min, max, divide, power)",
               (int)op, jaxc_op_name(op));
    return false;
  }
}

/* A fresh selection over a (for divide/power the ones array shares a's shape). */
typedef bool (*jaxc__select_fn)(const jaxc_array *a, const void *arg, jaxc_index_mode mode, jaxc__sel *s);

static jaxc_array *jaxc__update(jaxc_op op, const jaxc_array *a, const jaxc_array *u, jaxc_index_mode mode,
                                jaxc__select_fn select, const void *arg) {
  if (!a || !u) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "at[].%s: an operand is NULL", jaxc_op_name(op));
  if (!jaxc__update_op_ok(op) || !jaxc__check_mode(mode, JAXC__IX_UPDATE)) return NULL;
  jaxc__sel s;
  if (op != JAXC_OP_TRUE_DIVIDE && op != JAXC_OP_POWER) {
    if (!select(a, arg, mode, &s)) return NULL;
    return jaxc__scatter(op, a, &s, u);
  }
  /* JAX: x / ones_like(x).at[idx].multiply(u), x ** ones_like(x).at[idx].multiply(u) */
  jaxc_array *ones = jaxc__new_array(a->dtype, a->weak, a->ndim, a->shape);
  if (!ones) return NULL;
  uint8_t one = 1;
  for (int64_t i = 0; i < ones->size; i++)
    jaxc_kernel_cast_dyn(JAXC_U8, a->dtype, 1, &one, (char *)ones->data + (size_t)i * jaxc_dtype_size(a->dtype));
  if (!select(ones, arg, mode, &s)) { jaxc_array_free(ones); return NULL; }
  jaxc_array *m = jaxc__scatter(JAXC_OP_MULTIPLY, ones, &s, u);
  jaxc_array_free(ones);
  if (!m) return NULL;
  jaxc_array *r = jaxc_binary(op, a, m);
  jaxc_array_free(m);
  return r;
}

typedef struct jaxc__take_arg { const jaxc_array *ix; int axis; } jaxc__take_arg;
static bool jaxc__select_take_cb(const jaxc_array *a, const void *arg, jaxc_index_mode mode, jaxc__sel *s) {
  const jaxc__take_arg *t = (const jaxc__take_arg *)arg;
  int ax;
  if (!t->ix) return jaxc__fail(JAXC_ERR_ARG, "at[]: the indices are NULL"), false;
  if (!jaxc__index_dtype_ok(t->ix)) return false;
  if (a->ndim == 0) return jaxc__fail(JAXC_ERR_INDEX, "Too many indices: 0-dimensional array indexed with 1 regular index."), false;
  if (!jaxc__canon_axis(t->axis, a->ndim, &ax)) return false;
  if (!jaxc__axis_fits_index(t->ix, a->shape[ax], mode, JAXC__IX_UPDATE)) return false;
  return jaxc__select_take(a, ax, t->ix, mode, JAXC__IX_UPDATE, s);
}
typedef struct jaxc__slice_arg { int nspec; const jaxc_slice_spec *spec; } jaxc__slice_arg;
static bool jaxc__select_slice_cb(const jaxc_array *a, const void *arg, jaxc_index_mode mode, jaxc__sel *s) {
  const jaxc__slice_arg *t = (const jaxc__slice_arg *)arg;
  return jaxc__select_slices(a, t->nspec, t->spec, mode, JAXC__IX_UPDATE, s);
}

JAXC_API jaxc_array *jaxc_at_update_axis(jaxc_op op, const jaxc_array *a, const jaxc_array *indices, int axis,
                                         const jaxc_array *updates, jaxc_index_mode mode) {
  jaxc__take_arg t = {indices, axis};
  return jaxc__update(op, a, updates, mode, jaxc__select_take_cb, &t);
}
JAXC_API jaxc_array *jaxc_at_update(jaxc_op op, const jaxc_array *a, const jaxc_array *indices,
                                    const jaxc_array *updates, jaxc_index_mode mode) {
  return jaxc_at_update_axis(op, a, indices, 0, updates, mode);
}
JAXC_API jaxc_array *jaxc_at_update_slice(jaxc_op op, const jaxc_array *a, int nspec, const jaxc_slice_spec *spec,
                                          const jaxc_array *updates, jaxc_index_mode mode) {
  jaxc__slice_arg t = {nspec, spec};
  return jaxc__update(op, a, updates, mode, jaxc__select_slice_cb, &t);
}
static void jaxc__copy_bytes(void *dst, const void *src, size_t bytes);
/* --- take_along_axis / put_along_axis ---------------------------------------------------------- */
/* Their geometry: the broadcast index shape; false where an axis other than ax has two lengths,
   neither 1 (the callers word the error, each as JAX does). */
static bool jaxc__along_geometry(const jaxc_array *a, const jaxc_array *ix, int ax, jaxc__along *G) {
  int64_t ua = 1, ui = 1;
  memset(G, 0, sizeof *G);
  G->nd = a->ndim, G->n = a->shape[ax];
  for (int i = a->ndim - 1; i >= 0; i--) {
    int64_t da = a->shape[i], di = ix->shape[i];
    if (i == ax || da == di || da == 1) G->shape[i] = di;
    else if (di == 1) G->shape[i] = da;
    else return false;
    G->st[0][i] = i == ax || da == 1 ? 0 : ua;
    G->st[1][i] = di == 1 ? 0 : ui;
    if (i == ax) G->axs = ua;
    ua *= da, ui *= di;
  }
  return true;
}
/* axis None: a flat view of a (put_along_axis reshapes its result back) */
static const jaxc_array *jaxc__along_flat(const jaxc_array *a, jaxc_array *flat) {
  int64_t n = a->size;
  jaxc_array_wrap(flat, a->dtype, 1, &n, a->data);
  flat->weak = a->weak;
  return flat;
}
JAXC_API jaxc_array *jaxc_take_along_axis(const jaxc_array *arr, const jaxc_array *indices, int axis,
                                          jaxc_index_mode mode, const jaxc_array *fill_value) {
  if (!arr || !indices) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "take_along_axis: an operand is NULL");
  if (!jaxc__check_mode(mode, JAXC__IX_ALONG)) return NULL;
  int k = jaxc_dtype_kind(indices->dtype);
  if (k != JAXC_KIND_INT && k != JAXC_KIND_UINT)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "take_along_axis indices must be of integer type, got %s",
                                    jaxc_dtype_name(indices->dtype));
  char s0[160], s1[160];
  jaxc_array flat;
  const jaxc_array *a = arr;
  if (axis == JAXC_ALL_AXES) {
    if (indices->ndim != 1) {
      jaxc__format_shape(s0, sizeof s0, indices);
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "take_along_axis indices must be 1D if axis=None, got shape %s", s0);
    }
    a = jaxc__along_flat(arr, &flat);
    axis = 0;
  }
  if (a->ndim != indices->ndim)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "indices and arr must have the same number of dimensions; %d vs. %d",
                                    indices->ndim, a->ndim);
  int ax;
  if (!jaxc__canon_axis(axis, a->ndim, &ax)) return NULL;
  jaxc__along G;
  if (!jaxc__along_geometry(a, indices, ax, &G)) {
    int64_t one[JAXC_MAX_NDIM];
    memcpy(one, a->shape, sizeof one);
    one[ax] = 1;
    jaxc__format_shape(s0, sizeof s0, indices);
    jaxc__format_dims(s1, sizeof s1, a->ndim, one);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: shapes=[%s, %s]", s0, s1);
  }
  if (G.n == 0) { /* lax.full(out_shape, 0, a.dtype), before the gather parses the mode */
    jaxc_array *z = jaxc__new_array(a->dtype, false, G.nd, G.shape);
    if (z) memset(z->data, 0, (size_t)z->size * jaxc_dtype_size(z->dtype)), jaxc__ok();
    return z;
  }
  if (mode == JAXC_MODE_WRAP) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Unknown gather mode \"wrap\"");
  _Alignas(16) unsigned char fb[16] = {0};
  if (jaxc__fills(mode, JAXC__IX_ALONG) && !jaxc__fill_bytes(a, fill_value, fb)) return NULL;
  int nd = G.nd;
  int64_t shape[JAXC_MAX_NDIM];
  memcpy(shape, G.shape, sizeof shape);
  jaxc__along_squeeze(&G);
  return jaxc__gather_run(a, indices, &G, nd, shape, mode, JAXC__IX_ALONG, !jaxc_x64(), fb);
}

/* put_along_axis's places as arr.at[] resolves them: one per element of the broadcast index
   shape, -1 where dropped (the scatter that promotes arr) */
static bool jaxc__along_select(const jaxc_array *a, const jaxc_array *ix, const jaxc__along *G, jaxc_index_mode mode,
                               int64_t count, jaxc__sel *s) {
  s->ndim = G->nd, s->count = count;
  memcpy(s->shape, G->shape, sizeof s->shape);
  s->off = (int64_t *)jaxc__malloc((size_t)count * sizeof(int64_t));
  if (!s->off) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in put_along_axis"), false;
  bool conv32 = jaxc__conv32(a);
  int64_t c[JAXC_MAX_NDIM] = {0}, base[3] = {0};
  for (int64_t t = 0; t < count; t++) {
    int64_t v = 0;
    jaxc__index_read(ix, base[1], 1, &v);
    v = G->n ? jaxc__resolve_ix(v, ix->dtype, G->n, mode, JAXC__IX_UPDATE, conv32) : -1;
    s->off[t] = v < 0 ? -1 : base[0] + v * G->axs;
    jaxc__along_step(G, G->nd, c, base);
  }
  return true;
}
/* The scatter in arr's own dtype (values of that dtype or weaker): arr copied, then the values
   written in the index shape's row-major order, so the last of repeated places wins. */
#define JAXC__PUT_COPY(ES)                                                                         \
  for (int64_t k = 0; k < cnt; k++)                                                                \
    if (p[k] >= 0) memcpy(d + (k * asl + p[k] * axs) * (ES), s + k * vsl * (ES), ES)
static jaxc_array *jaxc__put_along_direct(const jaxc_array *a, const jaxc_array *ix, const jaxc_array *u,
                                          jaxc__along *G, jaxc_index_mode mode) {
  jaxc_array *uc = u->dtype == a->dtype ? NULL : jaxc__new_array(a->dtype, false, u->ndim, u->shape);
  jaxc_array *res = jaxc__new_array(a->dtype, a->weak, a->ndim, a->shape);
  if (!res || (u->dtype != a->dtype && !uc)) return jaxc_array_free(uc), jaxc_array_free(res), NULL;
  if (uc) jaxc_kernel_cast_dyn(u->dtype, a->dtype, (size_t)u->size, u->data, uc->data);
  const jaxc_array *v = uc ? uc : u;
  size_t es = jaxc_dtype_size(a->dtype);
  jaxc__copy_bytes(res->data, a->data, (size_t)a->size * es);
  for (int64_t i = G->nd - 1, uu = 1, k = v->ndim - 1; i >= 0; i--) { /* values right-aligned against the indices */
    G->st[2][i] = k >= 0 && v->shape[k] != 1 ? uu : 0;
    if (k >= 0) uu *= v->shape[k--];
  }
  jaxc__along_squeeze(G);
  int last = G->nd - 1;
  int64_t len = G->shape[last], asl = G->st[0][last], isl = G->st[1][last], vsl = G->st[2][last], axs = G->axs;
  int64_t c[JAXC_MAX_NDIM] = {0}, base[3] = {0}, p[JAXC__ALONG_RUN];
  jaxc__gather_job J = {G, a, ix, NULL, NULL, mode, JAXC__IX_UPDATE, jaxc__conv32(a)};
  char *dst = (char *)res->data;
  const char *src = (const char *)v->data;
  int64_t total = G->n ? 1 : 0; /* (an empty axis: every place dropped) */
  for (int i = 0; i < G->nd; i++) total *= G->shape[i];
  for (int64_t t = 0, j = 0; t < total;) {
    int64_t cnt = len - j < JAXC__ALONG_RUN ? len - j : JAXC__ALONG_RUN;
    jaxc__index_read(ix, base[1] + j * isl, isl ? cnt : 1, p);
    jaxc__gather_resolve(&J, p, isl ? cnt : 1);
    for (int64_t k = 1; !isl && k < cnt; k++) p[k] = p[0];
    char *d = dst + (size_t)(base[0] + j * asl) * es;
    const char *s = src + (size_t)(base[2] + j * vsl) * es;
    switch (es) {
    case 1: JAXC__PUT_COPY(1); break;
    case 2: JAXC__PUT_COPY(2); break;
    case 4: JAXC__PUT_COPY(4); break;
    case 8: JAXC__PUT_COPY(8); break;
    default: JAXC__PUT_COPY(16); break;
    }
    t += cnt, j += cnt;
    if (j == len) j = 0, jaxc__along_step(G, last, c, base);
  }
  jaxc_array_free(uc);
  return res;
}
#undef JAXC__PUT_COPY
JAXC_API jaxc_array *jaxc_put_along_axis(const jaxc_array *arr, const jaxc_array *indices, const jaxc_array *values,
                                         int axis, jaxc_index_mode mode) {
  if (!arr || !indices || !values) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "put_along_axis: an operand is NULL");
  if (!jaxc__check_mode(mode, JAXC__IX_UPDATE)) return NULL;
  char s0[160], s1[160];
  jaxc_array flat;
  const jaxc_array *a = axis == JAXC_ALL_AXES ? jaxc__along_flat(arr, &flat) : arr;
  if (a->ndim != indices->ndim)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "put_along_axis arguments 'arr' and 'indices' must have same ndim. "
                                    "Got arr.ndim=%d and indices.ndim=%d.", a->ndim, indices->ndim);
  if (!jaxc__fits_shape(values, indices->ndim, indices->shape)) {
    jaxc__format_shape(s0, sizeof s0, values);
    jaxc__format_shape(s1, sizeof s1, indices);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "put_along_axis argument 'values' must be broadcastable to 'indices'. "
                                    "Got values.shape=%s and indices.shape=%s.", s0, s1);
  }
  int ax;
  if (!jaxc__canon_axis(axis == JAXC_ALL_AXES ? 0 : axis, a->ndim, &ax)) return NULL;
  int k = jaxc_dtype_kind(indices->dtype);
  if (k == JAXC_KIND_BOOL)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "put_along_axis: boolean (mask) indices are not supported; "
                                    "convert them to integer positions");
  if (k != JAXC_KIND_INT && k != JAXC_KIND_UINT)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "Indexer must have integer or boolean type, got indexer with "
                                    "type %s at position %d", jaxc_dtype_name(indices->dtype), ax);
  jaxc__along G;
  if (!jaxc__along_geometry(a, indices, ax, &G)) { /* JAX lists the index arrays: aranges and indices */
    char buf[JAXC_MAX_NDIM * 180] = "";
    size_t used = 0;
    for (int i = 0; i < a->ndim && used < sizeof buf; i++) {
      int64_t d[JAXC_MAX_NDIM];
      for (int q = 0; q < a->ndim; q++) d[q] = q == i ? a->shape[i] : 1;
      if (i == ax) jaxc__format_shape(s0, sizeof s0, indices);
      else jaxc__format_dims(s0, sizeof s0, a->ndim, d);
      used += (size_t)snprintf(buf + used, sizeof buf - used, "%s%s", i ? ", " : "", s0);
    }
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: shapes=[%s]", buf);
  }
  if (!jaxc__axis_fits_index(indices, G.n, mode, JAXC__IX_UPDATE)) return NULL;
  int64_t count;
  if (!jaxc__check_shape(G.nd, G.shape, &count)) return NULL;
  jaxc__sel s = {0};
  jaxc_array *r;
  if (count == 0) { /* _scatter_impl returns x before promoting */
    r = jaxc__new_array(a->dtype, a->weak, a->ndim, a->shape);
    if (r) memcpy(r->data, a->data, (size_t)a->size * jaxc_dtype_size(a->dtype)), jaxc__ok();
  } else if (mode == JAXC_MODE_WRAP) {
    r = (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Unknown gather mode \"wrap\"");
  } else {
    jaxc_dtype pd = jaxc__scatter_dtype(a, values);
    if (pd == JAXC_DTYPE_INVALID) return NULL;
    if (pd == a->dtype) r = jaxc__put_along_direct(a, indices, values, &G, mode), r = r ? jaxc__checked("scatter", r, a, values) : NULL;
    else r = jaxc__along_select(a, indices, &G, mode, count, &s) ? jaxc__scatter(JAXC_OP_SET, a, &s, values) : NULL;
  }
  if (r && a == &flat) { /* result.reshape(arr.shape) */
    r->ndim = arr->ndim;
    memcpy(r->shape, arr->shape, sizeof r->shape);
  }
  return r;
}
/* --- unravel_index / ravel_multi_index ----------------------------------------------------------
   Written as JAX writes them (jax/_src/numpy/lax_numpy.py), out of jnp's own ops with Python-int
   operands, so their dtypes, wrapping and "Python int ... too large to convert to ..." errors are
   those ops'. */
static jaxc_array *jaxc__op_int(jaxc_op op, const jaxc_array *a, int64_t v) {
  return jaxc_binary_operands(op, jaxc__opnd_array(a), jaxc__opnd_int((long long)v));
}
/* jnp.where(cond, v, x) with v a Python int: converted to x's dtype, which it must fit */
static jaxc_array *jaxc__where_int(const jaxc_array *cond, int64_t v, const jaxc_array *x) {
  int k = jaxc_dtype_kind(x->dtype);
  if ((k == JAXC_KIND_INT || k == JAXC_KIND_UINT) && !jaxc__python_int_ok(v, x->dtype)) return NULL;
  jaxc_array *w = jaxc_weak_int(v), *r = w ? jaxc_where(cond, w, x) : NULL;
  jaxc_array_free(w);
  return r;
}
JAXC_API int jaxc_unravel_index(const jaxc_array *indices, int ndim, const int64_t *shape, jaxc_array **out) {
  if (!indices || !out || ndim < 0 || (ndim > 0 && !shape))
    return jaxc__fail(JAXC_ERR_ARG, "unravel_index: %s", !indices || !out ? "an argument is NULL" : "bad shape"), JAXC_ERR_ARG;
  for (int i = 0; i < ndim; i++) out[i] = NULL;
  /* indices, out[i] = divmod(indices, s) from the last axis; then what is left says out of range */
  jaxc_array *q = NULL, *pos = NULL, *neg = NULL;
  const jaxc_array *cur = indices;
  bool ok = true;
  for (int i = ndim - 1; ok && i >= 0; i--) {
    jaxc_array *next = jaxc__op_int(JAXC_OP_FLOOR_DIVIDE, cur, shape[i]);
    out[i] = next ? jaxc__op_int(JAXC_OP_REMAINDER, cur, shape[i]) : NULL;
    jaxc_array_free(q);
    cur = q = next;
    ok = out[i] != NULL;
  }
  ok = ok && (pos = jaxc__op_int(JAXC_OP_GREATER, cur, 0)) && (neg = jaxc__op_int(JAXC_OP_LESS, cur, -1));
  for (int i = 0; ok && i < ndim; i++) { /* where(oob_pos, s - 1, where(oob_neg, 0, out[i])) */
    jaxc_array *low = jaxc__where_int(neg, 0, out[i]), *r = low ? jaxc__where_int(pos, shape[i] - 1, low) : NULL;
    jaxc_array_free(low), jaxc_array_free(out[i]);
    ok = (out[i] = r) != NULL;
  }
  JAXC__FREE_ARRAYS(q, pos, neg);
  if (ok) return jaxc__ok(), JAXC_OK;
  int st = jaxc_last_status();
  for (int i = 0; i < ndim; i++) jaxc_array_free(out[i]), out[i] = NULL;
  return st != JAXC_OK ? st : JAXC_ERR_NOMEM;
}

static const char *const jaxc__mode_names[] = {"raise", "clip", "fill", "drop", "wrap", "promise_in_bounds"};
/* mode='raise' (ravel_multi_index, choose): every index in [0, d), compared as jnp compares it
   with d; else JAX's message `what` */
static bool jaxc__ravel_in_range(const jaxc_array *ix, int64_t d, const char *what) {
  if (!jaxc__python_int_ok(d, ix->dtype)) return false;
  int64_t v[JAXC__ALONG_RUN];
  for (int64_t t = 0; t < ix->size; t += JAXC__ALONG_RUN) {
    int64_t cnt = ix->size - t < JAXC__ALONG_RUN ? ix->size - t : JAXC__ALONG_RUN;
    jaxc__index_read(ix, t, cnt, v);
    int64_t lo = v[0], hi = v[0]; /* (the chunk's extremes: a loop that vectorises) */
    uint64_t uhi = 0;
    if (ix->dtype == JAXC_U64)
      for (int64_t k = 0; k < cnt; k++) uhi = (uint64_t)v[k] > uhi ? (uint64_t)v[k] : uhi;
    else
      for (int64_t k = 1; k < cnt; k++) lo = v[k] < lo ? v[k] : lo, hi = v[k] > hi ? v[k] : hi;
    if (ix->dtype == JAXC_U64 ? uhi >= (uint64_t)d : lo < 0 || hi >= d) return jaxc__fail(JAXC_ERR_INDEX, "%s", what), false;
  }
  return true;
}
/* the index under the mode: clip(i, 0, d - 1) or i % d (raise: the index itself, checked) */
static jaxc_array *jaxc__ravel_mode(const jaxc_array *ix, int64_t d, jaxc_index_mode mode) {
  if (mode == JAXC_MODE_WRAP) return jaxc__op_int(JAXC_OP_REMAINDER, ix, d);
  jaxc_array *lo = jaxc__op_int(JAXC_OP_MAXIMUM, ix, 0), *r = lo ? jaxc__op_int(JAXC_OP_MINIMUM, lo, d - 1) : NULL;
  jaxc_array_free(lo); /* (jnp.clip: maximum(0, i), then minimum(d - 1, .)) */
  return r;
}
JAXC_API jaxc_array *jaxc_ravel_multi_index(int n, const jaxc_array *const *multi_index, const int64_t *dims,
                                            jaxc_index_mode mode, char order) {
  if (n < 0 || (n > 0 && (!multi_index || !dims)))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "ravel_multi_index: %s", n < 0 ? "a negative count" : "an argument is NULL");
  for (int k = 0; k < n; k++) {
    if (!multi_index[k]) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "ravel_multi_index: index %d is NULL", k);
    int kind = jaxc_dtype_kind(multi_index[k]->dtype);
    if (kind != JAXC_KIND_INT && kind != JAXC_KIND_UINT)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "only int indices permitted");
  }
  if ((unsigned)mode > (unsigned)JAXC_MODE_PROMISE_IN_BOUNDS)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "invalid index mode %d", (int)mode);
  if (mode != JAXC_MODE_DEFAULT && mode != JAXC_MODE_CLIP && mode != JAXC_MODE_WRAP)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "invalid mode='%s'. Expected 'raise', 'wrap', or 'clip'", jaxc__mode_names[mode]);
  for (int k = 0; mode == JAXC_MODE_DEFAULT && k < n; k++) /* (raise checks every index before the order) */
    if (!jaxc__ravel_in_range(multi_index[k], dims[k], "invalid entry in coordinates array")) return NULL;
  if (order != 'C' && order != 'F')
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "invalid order='%c'. Expected 'C' or 'F'", order);
  /* result = array(0, dtype=the first index's); result = result + i * stride for each index in
     turn (the order matters: narrow sums wrap before a wider index joins); the strides are
     NumPy's int64 cumprod of the dims, wrapping as it wraps */
  jaxc_array *res = jaxc__new_array(n ? multi_index[0]->dtype : jaxc__default_int(), false, 0, NULL);
  if (res) memset(res->data, 0, jaxc_dtype_size(res->dtype));
  for (int k = 0; res && k < n; k++) {
    uint64_t stride = 1;
    for (int j = order == 'C' ? k + 1 : 0; j < (order == 'C' ? n : k); j++) stride *= (uint64_t)dims[j];
    jaxc_array *m = mode == JAXC_MODE_DEFAULT ? NULL : jaxc__ravel_mode(multi_index[k], dims[k], mode);
    const jaxc_array *ix = mode == JAXC_MODE_DEFAULT ? multi_index[k] : m;
    jaxc_array *t = ix ? jaxc__op_int(JAXC_OP_MULTIPLY, ix, (int64_t)stride) : NULL, *sum = t ? jaxc_add(res, t) : NULL;
    JAXC__FREE_ARRAYS(m, t, res);
    res = sum;
  }
  if (res) jaxc__ok();
  return res;
}

/* --- put / place (jax/_src/numpy/indexing.py) ------------------------------------------------------ */
/* The flat positions of the in-range coordinates c[0 .. nd) of an array of this shape */
static jaxc_array *jaxc__flat_positions(int nd, const int64_t *shape, jaxc_array *const *c) {
  int64_t n = c[0]->size, stride = 1;
  jaxc_array *r = jaxc__new_array(JAXC_I64, false, 1, &n);
  int64_t *v = n ? (int64_t *)jaxc__malloc((size_t)n * sizeof *v) : NULL;
  if (!r || (n && !v)) {
    jaxc__free(v), jaxc_array_free(r);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory for %lld positions", (long long)n);
  }
  int64_t *f = (int64_t *)r->data;
  for (int64_t j = 0; j < n; j++) f[j] = 0;
  for (int i = nd - 1; i >= 0 && i < JAXC_MAX_NDIM; i--) {
    jaxc__index_values(c[i], v);
    for (int64_t j = 0; j < n; j++) f[j] += v[j] * stride;
    stride *= shape[i];
  }
  jaxc__free(v);
  return r;
}
/* a copy of a (JAX returns a itself where there is nothing to do) */
static jaxc_array *jaxc__unchanged(const jaxc_array *a) { return jaxc_reshape(a, a->ndim, a->shape); }
/* a.ravel().at[pos].set(v, mode).reshape(a.shape) */
static jaxc_array *jaxc__set_flat(const jaxc_array *a, const jaxc_array *pos, const jaxc_array *v, jaxc_index_mode mode) {
  int64_t size = a->size;
  jaxc_array *flat = jaxc_reshape(a, 1, &size), *set = flat ? jaxc_at_update(JAXC_OP_SET, flat, pos, v, mode) : NULL;
  jaxc_array *r = set ? jaxc_reshape(set, a->ndim, a->shape) : NULL;
  jaxc_array_free(flat), jaxc_array_free(set);
  return r;
}
/* put and place where the scatter's promoted dtype is a's own (the values converted to it once):
   a copied, then each value written at its place, the last write to a place winning. put's
   threads each own a part of the output and walk every index in order; its int32/int64 indices
   give their places directly: unravel_index's clamping (DEFAULT), clip or wrap, the arithmetic
   JAX does in the index dtype exact there. place walks the mask once. */
typedef struct jaxc__put_job {
  char *dst;
  const char *vals;
  const void *ix;
  int64_t n, nv, size;
  size_t es;
  bool i64;
  jaxc_index_mode mode;
} jaxc__put_job;
static int64_t jaxc__put_place_of(int64_t v, int64_t size, jaxc_index_mode mode) {
  if (mode == JAXC_MODE_WRAP) {
    int64_t r = v % size;
    return r < 0 ? r + size : r;
  }
  if (mode != JAXC_MODE_CLIP && v < 0) v += size; /* (DEFAULT: counted from the end once, then clamped) */
  return jaxc__clamp_ix(v, size);
}
static void jaxc__put_range(const void *job, int64_t lo, int64_t hi) {
  const jaxc__put_job *J = (const jaxc__put_job *)job;
  for (int64_t k = 0, j = 0; k < J->n; k++) {
    int64_t raw = J->i64 ? ((const int64_t *)J->ix)[k] : ((const int32_t *)J->ix)[k];
    int64_t at = jaxc__put_place_of(raw, J->size, J->mode);
    if (at >= lo && at < hi) memcpy(J->dst + (size_t)at * J->es, J->vals + (size_t)j * J->es, J->es);
    if (++j == J->nv) j = 0;
  }
}
/* a copy of a with vals (converted to a's dtype) to write into it */
static jaxc_array *jaxc__put_start(const jaxc_array *a, const jaxc_array *vals, jaxc_array **conv) {
  jaxc_array *r = jaxc__new_array(a->dtype, a->weak, a->ndim, a->shape);
  *conv = vals->dtype == a->dtype ? NULL : jaxc__new_array(a->dtype, false, vals->ndim, vals->shape);
  if (!r || (vals->dtype != a->dtype && !*conv)) return jaxc_array_free(*conv), jaxc_array_free(r), NULL;
  if (*conv) jaxc_kernel_cast_dyn(vals->dtype, a->dtype, (size_t)vals->size, vals->data, (*conv)->data);
  jaxc__copy_bytes(r->data, a->data, (size_t)a->size * jaxc_dtype_size(a->dtype));
  return r;
}
static jaxc_array *jaxc__put_direct(const jaxc_array *a, const jaxc_array *ind, const jaxc_array *v, jaxc_index_mode mode) {
  jaxc_array *conv, *r = jaxc__put_start(a, v, &conv);
  if (!r) return NULL;
  size_t es = jaxc_dtype_size(a->dtype);
  jaxc__put_job J = {(char *)r->data, (const char *)(conv ? conv : v)->data, ind->data, ind->size, v->size, a->size, es,
                     ind->dtype == JAXC_I64, mode};
  jaxc__range_run(&J, jaxc__put_range, a->size, es + (size_t)(ind->size / a->size + 1) * jaxc_dtype_size(ind->dtype));
  jaxc_array_free(conv);
  jaxc__ok();
  return r;
}
static jaxc_array *jaxc__place_direct(const jaxc_array *arr, const jaxc_array *mask, const jaxc_array *vals) {
  jaxc_array *nz = mask->dtype == JAXC_BOOL ? NULL : jaxc__nonzero_mask(mask);
  if (mask->dtype != JAXC_BOOL && !nz) return NULL;
  jaxc_array *conv, *r = jaxc__put_start(arr, vals, &conv);
  if (r) {
    const bool *m = (const bool *)(nz ? nz : mask)->data;
    const char *src = (const char *)(conv ? conv : vals)->data;
    size_t es = jaxc_dtype_size(arr->dtype);
    for (int64_t i = 0, j = 0; i < arr->size; i++)
      if (m[i]) {
        memcpy((char *)r->data + (size_t)i * es, src + (size_t)j * es, es);
        if (++j == vals->size) j = 0;
      }
    jaxc__ok();
  }
  jaxc_array_free(conv), jaxc_array_free(nz);
  return r;
}
JAXC_API jaxc_array *jaxc_put(const jaxc_array *a, const jaxc_array *ind, const jaxc_array *v, jaxc_index_mode mode) {
  if (!a || !ind || !v) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "put: an array is NULL");
  if (!a->size || !ind->size || !v->size) return jaxc__unchanged(a);
  if (mode != JAXC_MODE_DEFAULT && mode != JAXC_MODE_CLIP && mode != JAXC_MODE_WRAP) {
    bool named = (unsigned)mode <= JAXC_MODE_PROMISE_IN_BOUNDS;
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "mode should be one of 'wrap' or 'clip'; got mode='%s'",
                                    named ? jaxc__mode_names[mode] : "?");
  }
  int k = jaxc_dtype_kind(ind->dtype);
  if (k != JAXC_KIND_INT && k != JAXC_KIND_UINT && k != JAXC_KIND_BOOL)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "Indexer must have integer or boolean type, got indexer with type %s at position 0",
                                    jaxc_dtype_name(ind->dtype));
  int64_t n = ind->size, size = a->size;
  bool direct = (ind->dtype == JAXC_I32 && size <= INT32_MAX) || (ind->dtype == JAXC_I64 && jaxc_x64());
  if (direct && a->ndim > 0 && !jaxc__debugging()) {
    jaxc_dtype pd = jaxc__scatter_dtype(a, v);
    if (pd == JAXC_DTYPE_INVALID) return NULL;
    if (pd == a->dtype) return jaxc__put_direct(a, ind, v, mode);
  }
  jaxc__steps S = {{0}, 0};
  jaxc_array *ix, *vt, *pos, *c[JAXC_MAX_NDIM] = {0}, *r = NULL;
  JAXC__STEP(ix, jaxc_reshape(ind, 1, &n));
  JAXC__STEP(vt, jaxc_resize(v, 1, &n)); /* (ravel, then _tile_to_size) */
  if (mode == JAXC_MODE_CLIP) { /* clip(ind, 0, a.size - 1) */
    JAXC__STEP(ix, jaxc__op_int(JAXC_OP_MAXIMUM, ix, 0));
    JAXC__STEP(ix, jaxc__op_int(JAXC_OP_MINIMUM, ix, size - 1));
  } else if (mode == JAXC_MODE_WRAP) {
    JAXC__STEP(ix, jaxc__op_int(JAXC_OP_REMAINDER, ix, size));
  }
  jaxc_index_mode scatter = mode == JAXC_MODE_DEFAULT ? JAXC_MODE_DROP : JAXC_MODE_PROMISE_IN_BOUNDS;
  if (jaxc_unravel_index(ix, a->ndim, a->shape, c) != JAXC_OK) goto done;
  for (int i = 0; i < a->ndim; i++) jaxc__step(&S, c[i]);
  if (a->ndim == 0) { /* a.at[()].set(v): JAX's broadcast_to refuses v's shape (n,) */
    r = jaxc_at_update_slice(JAXC_OP_SET, a, 0, NULL, vt, scatter);
    goto done;
  }
  JAXC__STEP(pos, jaxc__flat_positions(a->ndim, a->shape, c)); /* (a.at[coordinates] on the flat array) */
  JAXC__STEP(r, jaxc__set_flat(a, pos, vt, scatter));
done:
  jaxc__steps_free(&S, r);
  return r;
}
JAXC_API jaxc_array *jaxc_place(const jaxc_array *arr, const jaxc_array *mask, const jaxc_array *vals) {
  if (!arr || !mask || !vals) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "place: an array is NULL");
  if (arr->size != mask->size) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "place: arr and mask must be the same size");
  if (!vals->size) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Cannot place values from an empty array");
  if (!arr->size) return jaxc__unchanged(arr);
  if (!jaxc__debugging()) {
    jaxc_dtype pd = jaxc__scatter_dtype(arr, vals);
    if (pd == JAXC_DTYPE_INVALID) return NULL;
    if (pd == arr->dtype) return jaxc__place_direct(arr, mask, vals);
  }
  int64_t size = mask->size;
  jaxc__steps S = {{0}, 0};
  jaxc_array *m, *fill, *ix = NULL, *vt, *r = NULL;
  /* indices = where(mask.ravel(), size=mask.size, fill_value=mask.size)[0], dropped past the end */
  JAXC__STEP(m, jaxc_reshape(mask, 1, &size));
  JAXC__STEP(fill, jaxc_weak_int(size));
  if (jaxc_nonzero(m, size, fill, &ix) != JAXC_OK || !jaxc__step(&S, ix)) goto done;
  JAXC__STEP(vt, jaxc_resize(vals, 1, &size));
  JAXC__STEP(r, jaxc__set_flat(arr, ix, vt, JAXC_MODE_DROP));
done:
  jaxc__steps_free(&S, r);
  return r;
}
/* --- select, choose -----------------------------------------------------------------------------
   Both pick each element from one of several operands of the result's dtype broadcast together,
   in one pass over memory (NumPy's select makes a pass per condition). The operands are walked in
   pieces of rows of the common shape; dims merge where every operand runs on, or stays
   broadcast, across both, so operands of one shape make a single row. */
#define JAXC__PICK_PIECE 2048
typedef struct jaxc__walk {
  int k, nd;                    /* operands; merged dims, the last one the row */
  int64_t shape[JAXC_MAX_NDIM];
  int64_t *stride;              /* [j * JAXC_MAX_NDIM + i]: operand j's element step along dim i, 0: broadcast */
  int64_t row_len, pieces, items;
} jaxc__walk;

/* a's element stride along dim i of the nd-dim shape it broadcasts to (0 where it broadcasts) */
static int64_t jaxc__bstride(const jaxc_array *a, int nd, int i) {
  int q = i - (nd - a->ndim);
  if (q < 0 || a->shape[q] == 1) return 0;
  int64_t s = 1;
  for (int t = q + 1; t < a->ndim; t++) s *= a->shape[t];
  return s;
}
static bool jaxc__walk_init(jaxc__walk *w, int k, const jaxc_array *const *in, int nd, const int64_t *shape) {
  w->k = k, w->nd = 0;
  w->stride = (int64_t *)jaxc__malloc((size_t)k * JAXC_MAX_NDIM * sizeof(int64_t));
  if (!w->stride) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory"), false;
  for (int i = 0; i < nd; i++) {
    if (shape[i] == 1) continue; /* (size-1 dims carry nothing) */
    int m = w->nd;
    bool merge = m > 0;
    for (int j = 0; merge && j < k; j++)
      merge = w->stride[j * JAXC_MAX_NDIM + m - 1] == jaxc__bstride(in[j], nd, i) * shape[i];
    if (merge) w->shape[--m] *= shape[i];
    else w->shape[m] = shape[i], w->nd++;
    for (int j = 0; j < k; j++) w->stride[j * JAXC_MAX_NDIM + m] = jaxc__bstride(in[j], nd, i);
  }
  if (w->nd == 0) { /* one element */
    w->nd = 1, w->shape[0] = 1;
    for (int j = 0; j < k; j++) w->stride[j * JAXC_MAX_NDIM] = 0;
  }
  int64_t rows = 1;
  for (int i = 0; i < w->nd - 1; i++) rows *= w->shape[i];
  w->row_len = w->shape[w->nd - 1];
  w->pieces = (w->row_len + JAXC__PICK_PIECE - 1) / JAXC__PICK_PIECE;
  w->items = rows * w->pieces;
  return true;
}
/* piece t: its row's coordinates into c, its first element in the row; returns its length */
static int64_t jaxc__walk_piece(const jaxc__walk *w, int64_t t, int64_t *c, int64_t *start) {
  int64_t r = t / w->pieces, len;
  *start = (t % w->pieces) * JAXC__PICK_PIECE;
  for (int i = w->nd - 2; i >= 0; i--) c[i] = r % w->shape[i], r /= w->shape[i];
  len = w->row_len - *start;
  return len < JAXC__PICK_PIECE ? len : JAXC__PICK_PIECE;
}
/* operand j's element at the row c, position e */
static int64_t jaxc__walk_at(const jaxc__walk *w, int j, const int64_t *c, int64_t e) {
  const int64_t *st = w->stride + j * JAXC_MAX_NDIM;
  int64_t off = e * st[w->nd - 1];
  for (int i = 0; i < w->nd - 1; i++) off += c[i] * st[i];
  return off;
}
static bool jaxc__walk_runs(const jaxc__walk *w, int j) { return w->stride[j * JAXC_MAX_NDIM + w->nd - 1] != 0; }

typedef struct jaxc__pick {
  jaxc__walk w;
  const jaxc_array *const *in;
  int n;      /* select: the pairs (conditions, then choices, then the default); choose: the choices after the index */
  char *out;  /* contiguous: piece t starts at (t / pieces) * row_len + start */
  size_t es;
} jaxc__pick;

/* n copies of one es-byte element, by doubling */
static void jaxc__fill_repeat(char *o, const void *v, size_t es, size_t n) {
  if (!n) return;
  memcpy(o, v, es);
  for (size_t have = 1; have < n;) {
    size_t m = have < n - have ? have : n - have;
    memcpy(o + have * es, o, m * es);
    have += m;
  }
}
/* the default, then each pair from the last to the first laid over it: the first true wins */
static void jaxc__select_piece(const void *pp, int64_t t) {
  const jaxc__pick *P = (const jaxc__pick *)pp;
  const jaxc__walk *w = &P->w;
  int64_t c[JAXC_MAX_NDIM], start, len = jaxc__walk_piece(w, t, c, &start);
  size_t es = P->es;
  int n = P->n;
  char *o = P->out + (size_t)((t / w->pieces) * w->row_len + start) * es;
  const char *d = (const char *)P->in[2 * n]->data + (size_t)jaxc__walk_at(w, 2 * n, c, start) * es;
  if (jaxc__walk_runs(w, 2 * n)) memcpy(o, d, (size_t)len * es);
  else jaxc__fill_repeat(o, d, es, (size_t)len);
  for (int j = n - 1; j >= 0; j--) {
    const uint8_t *cj = (const uint8_t *)P->in[j]->data + jaxc__walk_at(w, j, c, start);
    const char *xj = (const char *)P->in[n + j]->data + (size_t)jaxc__walk_at(w, n + j, c, start) * es;
    unsigned mask = (jaxc__walk_runs(w, j) ? 0u : 1u) | (jaxc__walk_runs(w, n + j) ? 0u : 2u);
    jaxc__overlay_sized(es, (size_t)len, mask, cj, xj, o);
  }
}
/* out[e] = choice idx[e]'s element at e, copied as ES constant bytes (past JAXC__CHOOSE_BLEND
   choices; below, blends) */
#define JAXC__CHOOSE_BLEND 8
#define JAXC__CHOOSE_LOOP(ES)                                                                        \
  for (int64_t e = 0; e < len; e++) {                                                                \
    int j = 1 + (int)iv[e];                                                                          \
    memcpy(o + (size_t)e * (ES), (const char *)P->in[j]->data + (size_t)jaxc__walk_at(w, j, c, start + e) * (ES), ES); \
  }
static void jaxc__choose_piece(const void *pp, int64_t t) {
  const jaxc__pick *P = (const jaxc__pick *)pp;
  const jaxc__walk *w = &P->w;
  int64_t c[JAXC_MAX_NDIM], start, len = jaxc__walk_piece(w, t, c, &start), iv[JAXC__PICK_PIECE];
  const jaxc_array *ix = P->in[0];
  int64_t at = jaxc__walk_at(w, 0, c, start);
  jaxc__index_read(ix, at, jaxc__walk_runs(w, 0) ? len : 1, iv);
  if (!jaxc__walk_runs(w, 0))
    for (int64_t e = 1; e < len; e++) iv[e] = iv[0];
  char *o = P->out + (size_t)((t / w->pieces) * w->row_len + start) * P->es;
  if (P->n <= JAXC__CHOOSE_BLEND) { /* few choices: each laid over the first where it is picked (vectorised) */
    uint8_t pick[JAXC__PICK_PIECE];
    size_t es = P->es;
    const char *x0 = (const char *)P->in[1]->data + (size_t)jaxc__walk_at(w, 1, c, start) * es;
    if (jaxc__walk_runs(w, 1)) memcpy(o, x0, (size_t)len * es);
    else jaxc__fill_repeat(o, x0, es, (size_t)len);
    for (int j = 1; j < P->n; j++) {
      for (int64_t e = 0; e < len; e++) pick[e] = iv[e] == j;
      const char *xj = (const char *)P->in[1 + j]->data + (size_t)jaxc__walk_at(w, 1 + j, c, start) * es;
      jaxc__overlay_sized(es, (size_t)len, jaxc__walk_runs(w, 1 + j) ? 0u : 2u, pick, xj, o);
    }
    return;
  }
  switch (P->es) {
  case 1: JAXC__CHOOSE_LOOP(1) break;
  case 2: JAXC__CHOOSE_LOOP(2) break;
  case 4: JAXC__CHOOSE_LOOP(4) break;
  case 8: JAXC__CHOOSE_LOOP(8) break;
  default: JAXC__CHOOSE_LOOP(16) break;
  }
}
#undef JAXC__CHOOSE_LOOP

/* a condition as bool: itself, or where it is nonzero (astype(bool)) held in *own */
static const jaxc_array *jaxc__as_cond(const jaxc_array *c, jaxc_array **own) {
  *own = c->dtype == JAXC_BOOL ? NULL : jaxc__nonzero_mask(c);
  return c->dtype == JAXC_BOOL ? c : *own;
}

JAXC_API jaxc_array *jaxc_select(int n, const jaxc_array *const *condlist, const jaxc_array *const *choicelist,
                                 const jaxc_array *default_value) {
  if (n < 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "select: the number of conditions is negative (%d)", n);
  if (n == 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "condlist must be non-empty");
  if (!condlist || !choicelist) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "select: condlist or choicelist is NULL");
  for (int j = 0; j < n; j++)
    if (!condlist[j] || !choicelist[j])
      return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "select: %s[%d] is NULL", condlist[j] ? "choicelist" : "condlist", j);
  /* ops: the walker's operands (conditions, choices, default); list: the arrays as JAX lists them */
  const jaxc_array **ops = (const jaxc_array **)jaxc__malloc((size_t)(2 * n + 1) * sizeof *ops);
  const jaxc_array **list = (const jaxc_array **)jaxc__malloc((size_t)(n + 2) * sizeof *list);
  jaxc_array **own = (jaxc_array **)jaxc__malloc((size_t)(2 * n + 2) * sizeof *own);
  jaxc_array *zero = default_value ? NULL : jaxc_weak_int(0), *out = NULL;
  const jaxc_array *dflt = default_value ? default_value : zero;
  for (int j = 0; own && j < 2 * n + 2; j++) own[j] = NULL;
  if (!ops || !list || !own || !dflt) {
    if (dflt) jaxc__fail(JAXC_ERR_NOMEM, "out of memory in select");
    goto done;
  }
  /* promote_dtypes(default, *choicelist) */
  list[0] = dflt;
  for (int j = 0; j < n; j++) list[1 + j] = choicelist[j];
  jaxc_dtype node = jaxc__join_nodes(n + 1, list);
  if (node == JAXC_DTYPE_INVALID) goto done;
  jaxc_dtype dt = jaxc_storage_dtype(node, jaxc_x64());
  /* stack(broadcast_arrays(False, *condlist)).astype(bool): their shapes, then their dtypes */
  bool no = false;
  jaxc_array F = {.dtype = JAXC_BOOL, .ndim = 0, .size = 1, .data = &no}, C = {.dtype = JAXC_I32};
  list[0] = &F;
  for (int j = 0; j < n; j++) list[1 + j] = condlist[j];
  int nd;
  int64_t shape[JAXC_MAX_NDIM], count;
  if (!jaxc__broadcast_list(n + 1, list, &C.ndim, C.shape) || jaxc__join_nodes(n + 1, list) == JAXC_DTYPE_INVALID) goto done;
  /* select_n(*broadcast_arrays(idx, default, *choicelist)), idx of the conditions' shape */
  list[0] = &C, list[1] = dflt;
  for (int j = 0; j < n; j++) list[2 + j] = choicelist[j];
  if (!jaxc__broadcast_list(n + 2, list, &nd, shape) || !jaxc__check_shape(nd, shape, &count)) goto done;
  bool ok = true;
  for (int j = 0; ok && j < 2 * n + 1; j++) {
    const jaxc_array *x = j < n ? condlist[j] : j < 2 * n ? choicelist[j - n] : dflt;
    ok = (ops[j] = j < n ? jaxc__as_cond(x, &own[j]) : jaxc__in_dtype(x, dt, &own[j])) != NULL;
  }
  if (!ok) goto done;
  out = jaxc__new_array(dt, jaxc_dtype_is_weak(node), nd, shape);
  if (!out || !count) goto done;
  jaxc__pick P;
  if (!jaxc__walk_init(&P.w, 2 * n + 1, ops, nd, shape)) {
    jaxc_array_free(out), out = NULL;
    goto done;
  }
  P.in = ops, P.n = n, P.out = (char *)out->data, P.es = jaxc_dtype_size(dt);
  jaxc__items_run(&P, jaxc__select_piece, P.w.items, (size_t)count * ((size_t)(n + 2) * P.es + (size_t)n) > JAXC_PAR_BYTES);
  jaxc__free(P.w.stride);
done:
  if (own)
    for (int j = 0; j < 2 * n + 2; j++) jaxc_array_free(own[j]);
  jaxc__free(own), jaxc__free((void *)list), jaxc__free((void *)ops);
  jaxc_array_free(zero);
  if (out) jaxc__ok();
  return out;
}

JAXC_API jaxc_array *jaxc_choose(const jaxc_array *a, int n, const jaxc_array *const *choices, jaxc_index_mode mode) {
  if (!a || n < 0 || (n > 0 && !choices))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "choose: %s", !a ? "the array a is NULL" : n < 0 ? "a negative count" : "choices is NULL");
  for (int j = 0; j < n; j++)
    if (!choices[j]) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "choose: choice %d is NULL", j);
  int kind = jaxc_dtype_kind(a->dtype);
  if (kind != JAXC_KIND_INT && kind != JAXC_KIND_UINT) return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "`a` array must be integer typed");
  if ((unsigned)mode > (unsigned)JAXC_MODE_PROMISE_IN_BOUNDS)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "invalid index mode %d", (int)mode);
  if (mode != JAXC_MODE_DEFAULT && mode != JAXC_MODE_CLIP && mode != JAXC_MODE_WRAP)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "mode='%s' not understood. Must be 'raise', 'wrap', or 'clip'", jaxc__mode_names[mode]);
  if (n == 0) /* (JAX fails later and less clearly: no choice can be picked) */
    return (jaxc_array *)jaxc__fail(JAXC_ERR_INDEX, a->size && mode == JAXC_MODE_DEFAULT ? "invalid entry in choice array" : "choose: no choices");
  jaxc_array *m = NULL, *out = NULL;
  if (mode == JAXC_MODE_DEFAULT ? !jaxc__ravel_in_range(a, n, "invalid entry in choice array") : !(m = jaxc__ravel_mode(a, n, mode)))
    return NULL;
  const jaxc_array *ix = m ? m : a;
  const jaxc_array **ops = (const jaxc_array **)jaxc__malloc((size_t)(n + 1) * sizeof *ops);
  jaxc_array **own = (jaxc_array **)jaxc__malloc((size_t)(n + 1) * sizeof *own);
  int nd;
  int64_t shape[JAXC_MAX_NDIM], count;
  jaxc_dtype node;
  if (!ops || !own) {
    jaxc__fail(JAXC_ERR_NOMEM, "out of memory in choose");
    goto done;
  }
  /* broadcast_arrays(arr, *choices), then array(choices): their join, strong */
  ops[0] = ix;
  for (int j = 0; j < n; j++) ops[1 + j] = choices[j], own[1 + j] = NULL;
  if (!jaxc__broadcast_list(n + 1, ops, &nd, shape) || !jaxc__check_shape(nd, shape, &count)) goto done;
  if ((node = jaxc__join_nodes(n, ops + 1)) == JAXC_DTYPE_INVALID) goto done;
  jaxc_dtype dt = jaxc_storage_dtype(node, jaxc_x64());
  bool ok = true;
  for (int j = 0; ok && j < n; j++) ok = (ops[1 + j] = jaxc__in_dtype(choices[j], dt, &own[1 + j])) != NULL;
  if (!ok || !(out = jaxc__new_array(dt, false, nd, shape)) || !count) goto done;
  jaxc__pick P;
  if (!jaxc__walk_init(&P.w, n + 1, ops, nd, shape)) {
    jaxc_array_free(out), out = NULL;
    goto done;
  }
  P.in = ops, P.n = n, P.out = (char *)out->data, P.es = jaxc_dtype_size(dt);
  jaxc__items_run(&P, jaxc__choose_piece, P.w.items, (size_t)count * (2 * P.es + jaxc_dtype_size(ix->dtype)) > JAXC_PAR_BYTES);
  jaxc__free(P.w.stride);
done:
  if (own)
    for (int j = 1; ops && j <= n; j++) jaxc_array_free(own[j]);
  jaxc__free(own), jaxc__free((void *)ops);
  jaxc_array_free(m);
  if (out) jaxc__ok();
  return out;
}

/* --- compress, extract ------------------------------------------------------------------------- */
/* AVX-512 compaction of 4- and 8-byte slices (a slice is selected by a nonzero byte): 64 bytes
   compressed in a register and stored whole, while a whole store stays inside the first len
   places; *i and the return value say how far it got (the scalar loop goes on from there).
   float32 at 2^24 with 2 threads: 0.43 -> 0.10 ns an element. */
#if JAXC__HAS_VECTOR && defined(__AVX512F__)
static int64_t jaxc__compress_vec(char *o, const char *s, const uint8_t *cm, int64_t k, int64_t len, size_t slice, int64_t *i) {
  int64_t w = 0, j = 0;
  if (slice == 4)
    for (; j + 16 <= k && w + 16 <= len; j += 16) {
      __mmask16 m = _mm512_test_epi32_mask(_mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(const void *)(cm + j))),
                                           _mm512_set1_epi32(0xff));
      _mm512_storeu_si512((void *)(o + (size_t)w * 4), _mm512_maskz_compress_epi32(m, _mm512_loadu_si512((const void *)(s + (size_t)j * 4))));
      w += jaxc__popcount32(m);
    }
  else if (slice == 8)
    for (; j + 8 <= k && w + 8 <= len; j += 8) {
      uint64_t b;
      memcpy(&b, cm + j, 8);
      __mmask8 m = _mm512_test_epi64_mask(_mm512_cvtepu8_epi64(_mm_cvtsi64_si128((long long)b)), _mm512_set1_epi64(0xff));
      _mm512_storeu_si512((void *)(o + (size_t)w * 8), _mm512_maskz_compress_epi64(m, _mm512_loadu_si512((const void *)(s + (size_t)j * 8))));
      w += jaxc__popcount32(m);
    }
  *i = j;
  return w;
}
#else
static int64_t jaxc__compress_vec(char *o, const char *s, const uint8_t *cm, int64_t k, int64_t len, size_t slice, int64_t *i) {
  (void)o, (void)s, (void)cm, (void)k, (void)len, (void)slice;
  *i = 0;
  return 0;
}
#endif
/* the selected slices of `slice` bytes of one outer block, the first `len` of them (w is how many) */
static int64_t jaxc__compress_block(char *o, const char *s, const uint8_t *cm, int64_t k, int64_t len, size_t slice) {
  int64_t i0, v = jaxc__compress_vec(o, s, cm, k, len, slice, &i0), w = 0;
  o += (size_t)v * slice, s += (size_t)i0 * slice, cm += i0, k -= i0, len -= v;
#define JAXC__COMPRESS_LOOP(ES) /* branch-free: each slice is written, and kept when selected */ \
  for (int64_t i = 0; i < k && w < len; i++) memcpy(o + (size_t)w * (ES), s + (size_t)i * (ES), ES), w += cm[i] != 0;
  switch (slice) {
  case 1: JAXC__COMPRESS_LOOP(1) break;
  case 2: JAXC__COMPRESS_LOOP(2) break;
  case 4: JAXC__COMPRESS_LOOP(4) break;
  case 8: JAXC__COMPRESS_LOOP(8) break;
  case 16: JAXC__COMPRESS_LOOP(16) break;
  default:
    for (int64_t i = 0; i < k && w < len; i++)
      if (cm[i]) memcpy(o + (size_t)w++ * slice, s + (size_t)i * slice, slice);
  }
#undef JAXC__COMPRESS_LOOP
  return v + w;
}
/* the nonzero bytes of n: 16-bit sums of blocks of 32768 (they cannot wrap), which vectorise 32 to
   a register (a 64-bit sum widened 8 to one: 15% of compress's time). A bool array made from
   caller bytes may hold other values than 0 and 1: they count once, as the vector compaction
   counts them. */
static int64_t jaxc__sum_flags(const uint8_t *cm, int64_t n) {
  int64_t c = 0;
  for (int64_t b = 0; b < n; b += 32768) {
    int64_t e = n - b < 32768 ? n : b + 32768;
    uint16_t acc = 0;
    for (int64_t i = b; i < e; i++) acc = (uint16_t)(acc + (cm[i] != 0));
    c += acc;
  }
  return c;
}
/* compress_block cut into a piece per thread past JAXC_PAR_BYTES: each piece counts what it
   selects, then compacts into its place among the first len */
typedef struct {
  char *o;
  const char *s;
  const uint8_t *cm;
  int64_t k, len, parts;
  size_t slice;
  int64_t *at; /* at[t + 1]: what part t selects; then, summed, where its slices go */
} jaxc__csplit;
static void jaxc__csplit_count(const void *jp, int64_t t) {
  const jaxc__csplit *J = (const jaxc__csplit *)jp;
  int64_t lo = J->k * t / J->parts, hi = J->k * (t + 1) / J->parts;
  J->at[t + 1] = jaxc__sum_flags(J->cm + lo, hi - lo);
}
static void jaxc__csplit_place(const void *jp, int64_t t) {
  const jaxc__csplit *J = (const jaxc__csplit *)jp;
  int64_t lo = J->k * t / J->parts, hi = J->k * (t + 1) / J->parts;
  int64_t cap = (J->at[t + 1] < J->len ? J->at[t + 1] : J->len) - J->at[t]; /* (its own places only: the loop writes ahead) */
  if (cap > 0) jaxc__compress_block(J->o + (size_t)J->at[t] * J->slice, J->s + (size_t)lo * J->slice, J->cm + lo, hi - lo, cap, J->slice);
}
static int64_t jaxc__compress_split(char *o, const char *s, const uint8_t *cm, int64_t k, int64_t len, size_t slice) {
  int64_t at[65] = {0}, threads = jaxc__threads();
  jaxc__csplit J = {o, s, cm, k, len, threads < 64 ? threads : 64, slice, at};
  if ((size_t)k * (slice + 1) <= JAXC_PAR_BYTES || J.parts < 2) return jaxc__compress_block(o, s, cm, k, len, slice);
  jaxc__items_run(&J, jaxc__csplit_count, J.parts, true);
  for (int64_t t = 0; t < J.parts; t++) at[t + 1] += at[t];
  jaxc__items_run(&J, jaxc__csplit_place, J.parts, true);
  return at[J.parts] < len ? at[J.parts] : len;
}
/* every outer block of a: its selected slices (the first len), then fill's; the blocks over the
   threads when there are several and JAXC_PAR_BYTES of them */
static void jaxc__compress_outer(char *ob, const char *ab, const uint8_t *cm, int64_t k, int64_t len, size_t slice,
                                 const jaxc_array *fill, bool split) {
  int64_t w = split ? jaxc__compress_split(ob, ab, cm, k, len, slice) : jaxc__compress_block(ob, ab, cm, k, len, slice);
  size_t es = fill ? jaxc_dtype_size(fill->dtype) : 1;
  jaxc__fill_repeat(ob + (size_t)w * slice, fill ? fill->data : NULL, es, (size_t)(len - w) * (slice / es));
}
static void jaxc__compress_blocks(jaxc_array *out, const jaxc_array *a, const uint8_t *cm, int64_t outer, int64_t n, int64_t k,
                                  int64_t len, size_t slice, const jaxc_array *fill) {
  char *o = (char *)out->data;
  const char *s = (const char *)a->data;
  if (!len) return;
#if JAXC__HAS_OPENMP
  if (outer > 1 && (size_t)outer * (size_t)k * (slice + 1) > JAXC_PAR_BYTES) {
#  pragma omp parallel for schedule(static)
    for (int64_t b = 0; b < outer; b++)
      jaxc__compress_outer(o + (size_t)(b * len) * slice, s + (size_t)(b * n) * slice, cm, k, len, slice, fill, false);
    return;
  }
#endif
  for (int64_t b = 0; b < outer; b++)
    jaxc__compress_outer(o + (size_t)(b * len) * slice, s + (size_t)(b * n) * slice, cm, k, len, slice, fill, true);
}
JAXC_API jaxc_array *jaxc_compress(const jaxc_array *condition, const jaxc_array *a, int axis, int64_t size,
                                   const jaxc_array *fill_value) {
  if (!condition || !a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "compress: %s is NULL", a ? "the condition" : "the array");
  if (condition->ndim != 1) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "condition must be a 1D array");
  int ax = 0;
  int64_t outer = 1, n = a->size, inner = 1;
  if (axis != JAXC_ALL_AXES) { /* moveaxis(a, axis, 0) */
    if (!jaxc__canon_axis(axis, a->ndim, &ax)) return NULL;
    n = a->shape[ax];
    for (int i = 0; i < a->ndim; i++)
      if (i != ax) *(i < ax ? &outer : &inner) *= a->shape[i];
  }
  jaxc_array *own = NULL, *fill = NULL, *out = NULL;
  const jaxc_array *mask = jaxc__as_cond(condition, &own);
  if (!mask) return NULL;
  const uint8_t *cm = (const uint8_t *)mask->data; /* (bytes: see where's loops) */
  int64_t m = condition->shape[0], k = n < m ? n : m, count = 0;
  if (size == JAXC_NONE) {
    for (int64_t i = n; i < m; i++)
      if (cm[i]) {
        jaxc__fail(JAXC_ERR_INDEX, "condition contains entries that are out of bounds");
        goto done;
      }
  } else if (size < 0 || size > k) {
    jaxc__fail(JAXC_ERR_ARG, "size must be positive and not greater than the size of the array axis; got size=%lld for a.shape[axis]=%lld",
               (long long)size, (long long)k);
    goto done;
  }
  count = jaxc__sum_flags(cm, k);
  int64_t len = size == JAXC_NONE ? count : size;
  if (size != JAXC_NONE && len > count) { /* array(fill_value, dtype=a.dtype) */
    if (fill_value && fill_value->ndim != 0) {
      char s[24 * JAXC_MAX_NDIM + 8];
      jaxc__format_shape(s, sizeof s, fill_value);
      jaxc__fail(JAXC_ERR_SHAPE, "compress: fill_value must be a scalar (a 0-d array), got shape %s", s);
      goto done;
    }
    fill = fill_value ? jaxc__astype_exact(fill_value, a->dtype) : jaxc__new_array(a->dtype, false, 0, NULL);
    if (!fill) goto done;
    if (!fill_value) memset(fill->data, 0, jaxc_dtype_size(a->dtype));
  }
  int64_t shape[JAXC_MAX_NDIM];
  int nd = axis == JAXC_ALL_AXES ? 1 : a->ndim;
  for (int i = 0; i < nd; i++) shape[i] = i == ax ? len : a->shape[i];
  if (!(out = jaxc__new_array(a->dtype, a->weak && size == JAXC_NONE, nd, shape))) goto done; /* (where() makes it strong) */
  jaxc__compress_blocks(out, a, cm, outer, n, k, len, (size_t)inner * jaxc_dtype_size(a->dtype), fill);
done:
  jaxc_array_free(own), jaxc_array_free(fill);
  if (out) jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_extract(const jaxc_array *condition, const jaxc_array *arr, int64_t size, const jaxc_array *fill_value) {
  if (!condition || !arr) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "extract: %s is NULL", arr ? "the condition" : "the array");
  int64_t cn = condition->size, an = arr->size;
  jaxc_array *c = jaxc__shaped_view(condition, 1, &cn, condition->weak), *x = c ? jaxc__shaped_view(arr, 1, &an, arr->weak) : NULL;
  jaxc_array *r = x ? jaxc_compress(c, x, JAXC_ALL_AXES, size, fill_value) : NULL;
  jaxc_array_free(c), jaxc_array_free(x);
  return r;
}

/* --- array_equal, array_equiv ------------------------------------------------------------------- */
static jaxc_array *jaxc__all_equal(const jaxc_array *a1, const jaxc_array *a2, bool equal_nan) {
  jaxc_array *eq = jaxc_binary(JAXC_OP_EQUAL, a1, a2), *n1 = NULL, *n2 = NULL, *both = NULL, *either = NULL, *r = NULL;
  int k1 = jaxc_dtype_kind(a1->dtype), k2 = jaxc_dtype_kind(a2->dtype);
  bool nans = equal_nan && (k1 == JAXC_KIND_FLOAT || k1 == JAXC_KIND_COMPLEX) && (k2 == JAXC_KIND_FLOAT || k2 == JAXC_KIND_COMPLEX);
  if (eq && nans) { /* logical_or(eq, logical_and(isnan(a1), isnan(a2))) */
    n1 = jaxc_unary(JAXC_OP_ISNAN, a1), n2 = n1 ? jaxc_unary(JAXC_OP_ISNAN, a2) : NULL;
    both = n2 ? jaxc_binary(JAXC_OP_LOGICAL_AND, n1, n2) : NULL;
    either = both ? jaxc_binary(JAXC_OP_LOGICAL_OR, eq, both) : NULL;
  }
  if (eq && (!nans || either)) r = jaxc_reduce(JAXC_OP_ALL, nans ? either : eq, JAXC_ALL_AXES);
  JAXC__FREE_ARRAYS(eq, n1, n2, both, either);
  return r;
}
/* Two arrays of one dtype compared in a part per thread (past JAXC_PAR_BYTES): float32 and
   float64 by value (both NaN counts with nan_ok) in a loop that vectorises, others as bytes;
   differs[t] where part t has a difference. */
typedef struct {
  const jaxc_array *a1, *a2;
  int nan_ok, parts;
  unsigned char *differs;
} jaxc__equal_job;
static void jaxc__equal_part(const void *jp, int64_t t) {
  const jaxc__equal_job *J = (const jaxc__equal_job *)jp;
  int64_t n = J->a1->size, lo = n * t / J->parts, hi = n * (t + 1) / J->parts;
  size_t es = jaxc_dtype_size(J->a1->dtype);
  int bad = 0, nan_ok = J->nan_ok;
#define JAXC__UNEQUAL_LOOP(T)                                                                      \
  {                                                                                                \
    const T *x = (const T *)J->a1->data, *y = (const T *)J->a2->data;                              \
    for (int64_t i = lo; i < hi; i++) bad |= !((x[i] == y[i]) | (nan_ok & (x[i] != x[i]) & (y[i] != y[i]))); \
  }
  if (J->a1->dtype == JAXC_F32) JAXC__UNEQUAL_LOOP(float)
  else if (J->a1->dtype == JAXC_F64) JAXC__UNEQUAL_LOOP(double)
  else bad = memcmp((const char *)J->a1->data + (size_t)lo * es, (const char *)J->a2->data + (size_t)lo * es, (size_t)(hi - lo) * es) != 0;
#undef JAXC__UNEQUAL_LOOP
  J->differs[t] = (unsigned char)bad;
}
static bool jaxc__equal_same(const jaxc_array *a1, const jaxc_array *a2, bool equal_nan) {
  unsigned char differs[64] = {0};
  int threads = jaxc__threads();
  jaxc__equal_job J = {a1, a2, equal_nan, threads < 64 ? threads : 64, differs};
  if ((size_t)a1->size * 2 * jaxc_dtype_size(a1->dtype) <= JAXC_PAR_BYTES) J.parts = 1;
  jaxc__items_run(&J, jaxc__equal_part, J.parts, true);
  for (int t = 0; t < J.parts; t++)
    if (differs[t]) return false;
  return true;
}
JAXC_API jaxc_array *jaxc_array_equal(const jaxc_array *a1, const jaxc_array *a2, bool equal_nan) {
  if (!a1 || !a2) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "array_equal: an array is NULL");
  if (!jaxc__same_shape(a1, a2)) return jaxc_scalar(JAXC_BOOL, 0, 0);
  int kind = jaxc_dtype_kind(a1->dtype);
  bool as_bytes = kind != JAXC_KIND_FLOAT && kind != JAXC_KIND_COMPLEX; /* integers and bools are equal as bytes */
  if (a1->dtype == a2->dtype && (as_bytes || a1->dtype == JAXC_F32 || a1->dtype == JAXC_F64) &&
      jaxc_storage_dtype(a1->dtype, jaxc_x64()) == a1->dtype)
    return jaxc_scalar(JAXC_BOOL, jaxc__equal_same(a1, a2, equal_nan), 0);
  return jaxc__all_equal(a1, a2, equal_nan);
}
JAXC_API jaxc_array *jaxc_array_equiv(const jaxc_array *a1, const jaxc_array *a2) {
  if (!a1 || !a2) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "array_equiv: an array is NULL");
  if (jaxc__join2(a1, a2) == JAXC_DTYPE_INVALID) return NULL; /* (promote_dtypes comes before the shapes) */
  if (a1->ndim != a2->ndim && a1->ndim && a2->ndim) { /* promote_shapes' check, whose ValueError JAX catches */
    int nd;
    int64_t shape[JAXC_MAX_NDIM];
    const jaxc_array *in[2] = {a1, a2};
    if (!jaxc__broadcast_list(2, in, &nd, shape)) return jaxc_scalar(JAXC_BOOL, 0, 0);
  }
  return jaxc__all_equal(a1, a2, false);
}

/* >>shape (implementation) ------------------------------------------------- */

/* The product of nd dimensions, as a magnitude and a sign; *big when the magnitude passes 2^62,
   beyond any array's size (the product is then only printed, exactly, by jaxc__format_product). */
static uint64_t jaxc__dims_product(int nd, const int64_t *d, bool *neg, bool *big) {
  uint64_t p = 1;
  *neg = false, *big = false;
  for (int i = 0; i < nd; i++) {
    uint64_t m = d[i] < 0 ? (uint64_t)0 - (uint64_t)d[i] : (uint64_t)d[i];
    *neg ^= d[i] < 0;
    if (m == 0) return *neg = false, *big = false, 0;
    if (!*big && p > ((uint64_t)1 << 62) / m) *big = true;
    if (!*big) p *= m;
  }
  return p;
}

/* The exact product of nd int64 dimensions in decimal, as Python prints it in JAX's messages:
   base-10^9 limbs, schoolbook multiplication (8 factors of 63 bits are 152 digits at most). */
static void jaxc__format_product(char *buf, size_t n, int nd, const int64_t *d) {
#ifndef JAXC_NO_STDIO
  enum { LIMBS = 3 * JAXC_MAX_NDIM + 2 };
  const uint64_t base = 1000000000u;
  uint64_t acc[LIMBS] = {1};
  int len = 1;
  bool neg = false;
  for (int i = 0; i < nd; i++) {
    uint64_t m = d[i] < 0 ? (uint64_t)0 - (uint64_t)d[i] : (uint64_t)d[i];
    uint64_t f[3] = {m % base, m / base % base, m / base / base}, r[LIMBS] = {0};
    neg ^= d[i] < 0;
    for (int x = 0; x < len; x++)
      for (int y = 0; y < 3; y++) r[x + y] += acc[x] * f[y]; /* three products of < 10^18 each */
    len += 3;
    for (int k = 0; k + 1 < len; k++) r[k + 1] += r[k] / base, r[k] %= base;
    while (len > 1 && r[len - 1] == 0) len--;
    memcpy(acc, r, sizeof acc);
  }
  size_t at = (size_t)snprintf(buf, n, "%s%llu", neg && (len > 1 || acc[0]) ? "-" : "", (unsigned long long)acc[len - 1]);
  for (int k = len - 2; k >= 0 && at < n; k--) at += (size_t)snprintf(buf + at, n - at, "%09llu", (unsigned long long)acc[k]);
#else
  (void)nd, (void)d;
  if (n) buf[0] = 0;
#endif
}

/* jnp.reshape's new shape: _compute_newshape's -1 and size checks, then lax.reshape's sign check,
   each with JAX's message. */
static bool jaxc__reshape_shape(const jaxc_array *a, int nd, const int64_t *req, int64_t *out) {
  if (nd < 0 || nd > JAXC_MAX_NDIM)
    return jaxc__fail(JAXC_ERR_SHAPE, "ndim must be between 0 and %d, got %d", JAXC_MAX_NDIM, nd), false;
  if (nd > 0 && !req) return jaxc__fail(JAXC_ERR_ARG, "reshape: the shape is NULL"), false;
  char s0[200], s1[200], s2[200];
  jaxc__format_shape(s0, sizeof s0, a);
  jaxc__format_dims(s1, sizeof s1, nd, req);
  int unknown = -1;
  for (int i = 0; i < nd; i++) {
    if (req[i] != -1) continue;
    if (unknown >= 0) return jaxc__fail(JAXC_ERR_SHAPE, "can only specify one unknown axis size with a `-1` value, got %s", s1), false;
    unknown = i;
  }
  bool neg, big;
  long long size = (long long)a->size;
  for (int i = 0; i < nd; i++) out[i] = req[i];
  if (unknown >= 0) {
    int64_t others[JAXC_MAX_NDIM] = {0};
    int k = 0;
    for (int i = 0; i < nd; i++)
      if (i != unknown) others[k++] = req[i];
    uint64_t p = jaxc__dims_product(k, others, &neg, &big);
    jaxc__format_product(s2, sizeof s2, k, others);
    if (p == 0) /* Python's ZeroDivisionError in JAX's `arr.size % prod(other_sizes)` */
      return jaxc__fail(JAXC_ERR_SHAPE, "cannot reshape array of shape %s (size %lld) into shape %s: the -1 is ambiguous "
                        "when the product of the specified axis sizes is 0", s0, size, s1), false;
    if (big ? size != 0 : (uint64_t)size % p != 0)
      return jaxc__fail(JAXC_ERR_SHAPE, "cannot reshape array of shape %s (size %lld) into shape %s because the product of "
                        "specified axis sizes (%s) does not evenly divide %lld", s0, size, s1, s2, size), false;
    int64_t fill = big ? 0 : (int64_t)((uint64_t)size / p);
    out[unknown] = neg ? -fill : fill;
  } else {
    uint64_t p = jaxc__dims_product(nd, req, &neg, &big);
    if (big || (neg && p != 0) || p != (uint64_t)size) {
      jaxc__format_product(s2, sizeof s2, nd, req);
      return jaxc__fail(JAXC_ERR_SHAPE, "cannot reshape array of shape %s (size %lld) into shape %s (size %s)", s0, size, s1, s2), false;
    }
  }
  for (int i = 0; i < nd; i++)
    if (out[i] < 0) {
      jaxc__format_dims(s2, sizeof s2, nd, out);
      return jaxc__fail(JAXC_ERR_SHAPE, "reshape new_sizes must all be positive, got %s.", s2), false;
    }
  return true;
}

/* Bytes copied in pieces of 1 MiB over the threads past JAXC_PAR_BYTES of traffic, with streaming
   stores past JAXC_STREAM_BYTES (as the elementwise ops write). */
typedef struct { char *dst; const char *src; bool stream; } jaxc__copy_job;
static void jaxc__copy_range(const void *jp, int64_t lo, int64_t hi) {
  const jaxc__copy_job *J = (const jaxc__copy_job *)jp;
#if JAXC__HAS_STREAM
  if (J->stream) { jaxc__stream_copy(J->dst + lo, J->src + lo, (size_t)(hi - lo)); return; }
#endif
  memcpy(J->dst + lo, J->src + lo, (size_t)(hi - lo));
}
static void jaxc__copy_bytes(void *dst, const void *src, size_t bytes) {
  jaxc__copy_job J = {(char *)dst, (const char *)src, bytes > JAXC_STREAM_BYTES};
  if (2 * bytes > JAXC_PAR_BYTES) jaxc__pieces_run(&J, jaxc__copy_range, (int64_t)bytes, (int64_t)1 << 20, true);
  else if (bytes) jaxc__copy_range(&J, 0, (int64_t)bytes);
}

/* A new array of a's bytes under another shape (nd, shape), weak kept. */
static jaxc_array *jaxc__reshaped_copy(const jaxc_array *a, int nd, const int64_t *shape) {
  jaxc_array *out = jaxc__new_array(a->dtype, a->weak, nd, shape);
  if (!out) return NULL;
  jaxc__copy_bytes(out->data, a->data, (size_t)a->size * jaxc_dtype_size(a->dtype));
  jaxc__ok();
  return out;
}

JAXC_API jaxc_array *jaxc_reshape(const jaxc_array *a, int ndim, const int64_t *shape) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "reshape: the array is NULL");
  int64_t s[JAXC_MAX_NDIM] = {0}; /* (gcc -O3's flow warning cannot see that a success fills it) */
  if (!jaxc__reshape_shape(a, ndim, shape, s)) return NULL;
  return jaxc__reshaped_copy(a, ndim, s);
}
JAXC_API jaxc_array *jaxc_ravel(const jaxc_array *a) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "ravel: the array is NULL");
  return jaxc__reshaped_copy(a, 1, &a->size);
}

/* --- the strided copy: transpose's engine ------------------------------------------------------
   dst, contiguous over `shape`, gets element sum_k i_k st[k] of src (st in elements). Dims of
   size 1 are dropped and dims merged where the source runs on across them, so a transpose is
   reduced to its essential axes. Then three loops:
     - the source contiguous along the last axis: row copies (memcpy);
     - the source contiguous along another axis p: tiles of B = 64 / element size rows of p (one
       cache line of the source per step along the last axis), each source line read whole and
       written to B output rows, which stay in L1 while they fill;
     - otherwise element by element.
   Work items are (other axes, block of p, chunk of the last axis), over the threads past
   JAXC_PAR_BYTES of traffic. */
typedef struct jaxc__strided {
  int nd, tile;                 /* merged rank >= 1; the axis p, or -1 */
  int64_t shape[JAXC_MAX_NDIM], st[JAXC_MAX_NDIM], dst_st[JAXC_MAX_NDIM];
  int64_t block, blocks;        /* rows of p per item, their count */
  int64_t chunk, chunks;        /* elements of the last axis per item, their count */
  int64_t items;
  size_t es;
  const char *src;
  char *dst;
} jaxc__strided;

static void jaxc__strided_plan(jaxc__strided *g, size_t es, int nd, const int64_t *shape, const int64_t *st) {
  int m = 0;
  for (int i = 0; i < nd; i++) {
    if (shape[i] == 1) continue;
    if (m > 0 && g->st[m - 1] == st[i] * shape[i]) {
      g->shape[m - 1] *= shape[i];
      g->st[m - 1] = st[i];
    } else {
      g->shape[m] = shape[i], g->st[m] = st[i], m++;
    }
  }
  if (m == 0) g->shape[0] = 1, g->st[0] = 1, m = 1;
  g->nd = m, g->es = es, g->tile = -1;
  int64_t d = 1;
  for (int k = m - 1; k >= 0; k--) g->dst_st[k] = d, d *= g->shape[k];
  if (g->st[m - 1] != 1)
    for (int k = 0; k < m - 1; k++)
      if (g->st[k] == 1) g->tile = k;
  int64_t q = g->shape[m - 1];
  g->block = g->tile >= 0 ? (int64_t)(64 / es) : 1;
  g->blocks = g->tile >= 0 ? (g->shape[g->tile] + g->block - 1) / g->block : 1;
  g->chunk = g->tile >= 0 ? 1024 : (int64_t)(((size_t)64 << 10) / es);
  g->chunks = (q + g->chunk - 1) / g->chunk;
  g->items = g->blocks * g->chunks;
  for (int k = 0; k < m - 1; k++)
    if (k != g->tile) g->items *= g->shape[k];
}

/* One tile, nb x nq: the nq source lines (nb elements each) read whole into L1 scratch, then
   the nb output rows written whole from it (from the source straight to the output ran at 2 ns
   an element: with power-of-two row lengths every line of a tile falls in one L1 set, and they
   evict each other while the rows fill). */
#define JAXC__TILE_CASE(ES)                                                                              \
  case ES:                                                                                               \
    for (int64_t j = 0; j < nq; j++) memcpy(t + j * nb * (ES), s + (q + j) * sq * (ES), (size_t)nb * (ES)); \
    for (int64_t b = 0; b < nb; b++)                                                                     \
      for (int64_t j = 0; j < nq; j++) memcpy(d + (b * dp + q + j) * (ES), t + (j * nb + b) * (ES), ES); \
    break;
/* A full tile of bytes (64 x 64) eight by eight: each 8x8 block read as eight 64-bit rows and
   transposed in registers by three rounds of swaps (1-, 2-, then 4-byte units between rows 1, 2,
   then 4 apart), one 8-byte store per output row piece instead of eight 1-byte ones (int8
   transposes ran at 4 GB/s, a seventh of a copy). Little-endian only: byte c of a row's word
   must be its column c. */
static bool jaxc__little_endian(void) {
  const uint16_t one = 1;
  unsigned char b;
  memcpy(&b, &one, 1);
  return b == 1;
}
/* rows a and b (a above) trade units of `bits`: a's odd units for b's even ones */
static void jaxc__trade_units(uint64_t *a, uint64_t *b, int bits, uint64_t even) {
  uint64_t x = ((*a >> bits) ^ *b) & even;
  *b ^= x, *a ^= x << bits;
}
static void jaxc__tile_bytes64(const unsigned char *t, char *d, int64_t dp) {
  for (int jb = 0; jb < 64; jb += 8)
    for (int bb = 0; bb < 64; bb += 8) {
      uint64_t w[8];
      for (int r = 0; r < 8; r++) memcpy(&w[r], t + (jb + r) * 64 + bb, 8);
      for (int r = 0; r < 8; r += 2) jaxc__trade_units(&w[r], &w[r + 1], 8, 0x00FF00FF00FF00FFu);
      for (int r = 0; r < 8; r += (r & 1) ? 3 : 1) /* (0, 2), (1, 3), (4, 6), (5, 7) */
        jaxc__trade_units(&w[r], &w[r + 2], 16, 0x0000FFFF0000FFFFu);
      for (int r = 0; r < 4; r++) jaxc__trade_units(&w[r], &w[r + 4], 32, 0x00000000FFFFFFFFu);
      for (int c = 0; c < 8; c++) memcpy(d + (bb + c) * dp + jb, &w[c], 8);
    }
}
#define JAXC__ROW_CASE(ES)                                                                    \
  case ES:                                                                                    \
    for (int64_t q = q0; q < q1; q++) memcpy(d + q * (ES), s + q * sq * (ES), ES);             \
    break;
static void jaxc__strided_item(const void *gp, int64_t item) {
  const jaxc__strided *g = (const jaxc__strided *)gp;
  int last = g->nd - 1;
  int64_t qc = item % g->chunks, pb;
  item /= g->chunks;
  pb = item % g->blocks;
  item /= g->blocks;
  int64_t so = 0, dof = 0;
  for (int k = last - 1; k >= 0; k--) {
    if (k == g->tile) continue;
    int64_t i = item % g->shape[k];
    item /= g->shape[k];
    so += i * g->st[k], dof += i * g->dst_st[k];
  }
  int64_t q0 = qc * g->chunk, q1 = q0 + g->chunk < g->shape[last] ? q0 + g->chunk : g->shape[last];
  int64_t sq = g->st[last];
  const char *s = g->src + so * (int64_t)g->es;
  char *d = g->dst + dof * (int64_t)g->es;
  if (g->tile >= 0) {
    int64_t p0 = pb * g->block, nb = g->shape[g->tile] - p0 < g->block ? g->shape[g->tile] - p0 : g->block;
    int64_t dp = g->dst_st[g->tile];
    typedef struct { _Alignas(64) unsigned char bytes[64 * 64]; } jaxc__tile; /* B x B elements of 64 / B bytes */
    jaxc__tile tile;
    unsigned char *t = tile.bytes;
    s += p0 * (int64_t)g->es, d += p0 * dp * (int64_t)g->es;
    for (int64_t q = q0; q < q1; q += g->block) {
      int64_t nq = q1 - q < g->block ? q1 - q : g->block;
      if (g->es == 1 && nb == 64 && nq == 64 && jaxc__little_endian()) {
        for (int64_t j = 0; j < 64; j++) memcpy(t + j * 64, s + (q + j) * sq, 64);
        jaxc__tile_bytes64(t, d + q, dp);
        continue;
      }
      switch (g->es) { JAXC__TILE_CASE(1) JAXC__TILE_CASE(2) JAXC__TILE_CASE(4) JAXC__TILE_CASE(8) default: JAXC__TILE_CASE(16) }
    }
  } else if (sq == 1) {
    memcpy(d + q0 * (int64_t)g->es, s + q0 * (int64_t)g->es, (size_t)(q1 - q0) * g->es);
  } else {
    switch (g->es) { JAXC__ROW_CASE(1) JAXC__ROW_CASE(2) JAXC__ROW_CASE(4) JAXC__ROW_CASE(8) default: JAXC__ROW_CASE(16) }
  }
}
#undef JAXC__TILE_CASE
#undef JAXC__ROW_CASE

static void jaxc__strided_copy(char *dst, const char *src, size_t es, int nd, const int64_t *shape, const int64_t *st) {
  jaxc__strided g;
  int64_t total = 1;
  for (int i = 0; i < nd; i++) total *= shape[i];
  if (total == 0) return;
  jaxc__strided_plan(&g, es, nd, shape, st);
  if (g.nd == 1 && g.st[0] == 1) { jaxc__copy_bytes(dst, src, (size_t)total * es); return; }
  g.src = src, g.dst = dst;
  jaxc__items_run(&g, jaxc__strided_item, g.items, 2 * (size_t)total * es > JAXC_PAR_BYTES);
}

/* lax.transpose by a permutation already checked: the result's axis k is a's axis perm[k]. */
static jaxc_array *jaxc__permuted(const jaxc_array *a, const int *perm) {
  int64_t shape[JAXC_MAX_NDIM], st[JAXC_MAX_NDIM], ast[JAXC_MAX_NDIM], s = 1;
  for (int k = a->ndim - 1; k >= 0; k--) ast[k] = s, s *= a->shape[k];
  for (int k = 0; k < a->ndim; k++) shape[k] = a->shape[perm[k]], st[k] = ast[perm[k]];
  jaxc_array *out = jaxc__new_array(a->dtype, a->weak, a->ndim, shape);
  if (!out) return NULL;
  jaxc__strided_copy((char *)out->data, (const char *)a->data, jaxc_dtype_size(a->dtype), a->ndim, shape, st);
  jaxc__ok();
  return out;
}
/* lax.transpose's check, in its words (the permutation as jnp passes it, axes canonicalised). */
static bool jaxc__check_perm(const jaxc_array *a, int n, const int *perm) {
  bool seen[JAXC_MAX_NDIM] = {false}, ok = n == a->ndim;
  for (int k = 0; k < n && ok; k++) {
    ok = perm[k] >= 0 && perm[k] < a->ndim && !seen[perm[k]];
    if (ok) seen[perm[k]] = true;
  }
  if (ok) return true;
  char s0[200], s1[200];
  int64_t p[JAXC_MAX_NDIM];
  for (int k = 0; k < n; k++) p[k] = perm[k];
  jaxc__format_dims(s0, sizeof s0, n, p);
  jaxc__format_shape(s1, sizeof s1, a);
  jaxc__fail(JAXC_ERR_ARG, "transpose permutation isn't a permutation of operand dimensions, got permutation %s for operand shape %s.", s0, s1);
  return false;
}

JAXC_API jaxc_array *jaxc_transpose(const jaxc_array *a, int naxes, const int *axes) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "transpose: the array is NULL");
  int perm[JAXC_MAX_NDIM];
  if (!axes) {
    for (int k = 0; k < a->ndim; k++) perm[k] = a->ndim - 1 - k;
    return jaxc__permuted(a, perm);
  }
  if (naxes < 0 || naxes > JAXC_MAX_NDIM) /* (a longer tuple is no permutation of a's axes either) */
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "transpose permutation isn't a permutation of operand dimensions: "
                                    "%d axes given for an array of dimension %d", naxes, a->ndim);
  for (int k = 0; k < naxes; k++)
    if (!jaxc__canon_axis(axes[k], a->ndim, &perm[k])) return NULL;
  if (!jaxc__check_perm(a, naxes, perm)) return NULL;
  return jaxc__permuted(a, perm);
}
JAXC_API jaxc_array *jaxc_swapaxes(const jaxc_array *a, int axis1, int axis2) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "swapaxes: the array is NULL");
  int perm[JAXC_MAX_NDIM], x, y;
  if (!jaxc__canon_axis(axis1, a->ndim, &x) || !jaxc__canon_axis(axis2, a->ndim, &y)) return NULL;
  for (int k = 0; k < a->ndim; k++) perm[k] = k;
  perm[x] = y, perm[y] = x;
  return jaxc__permuted(a, perm);
}
JAXC_API jaxc_array *jaxc_moveaxis(const jaxc_array *a, int source, int destination) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "moveaxis: the array is NULL");
  int perm[JAXC_MAX_NDIM], src, dst, m = 0;
  if (!jaxc__canon_axis(source, a->ndim, &src) || !jaxc__canon_axis(destination, a->ndim, &dst)) return NULL;
  for (int k = 0; k < a->ndim; k++) /* the other axes in order, src inserted at dst */
    if (k != src) {
      if (m == dst) perm[m++] = src;
      perm[m++] = k;
    }
  if (m == dst) perm[m++] = src;
  return jaxc__permuted(a, perm);
}

JAXC_API jaxc_array *jaxc_expand_dims(const jaxc_array *a, int axis) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "expand_dims: the array is NULL");
  int ax;
  if (!jaxc__canon_axis(axis, a->ndim + 1, &ax)) return NULL;
  if (a->ndim == JAXC_MAX_NDIM)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "expand_dims: the result would have more than %d dimensions", JAXC_MAX_NDIM);
  int64_t shape[JAXC_MAX_NDIM];
  for (int k = 0, j = 0; k <= a->ndim; k++) shape[k] = k == ax ? 1 : a->shape[j++];
  return jaxc__reshaped_copy(a, a->ndim + 1, shape);
}
JAXC_API jaxc_array *jaxc_squeeze(const jaxc_array *a, int axis) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "squeeze: the array is NULL");
  int ax = -1, nd = 0;
  if (axis != JAXC_ALL_AXES) {
    if (!jaxc__canon_axis(axis, a->ndim, &ax)) return NULL;
    if (a->shape[ax] != 1) {
      char s0[200];
      jaxc__format_shape(s0, sizeof s0, a);
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "cannot select an axis to squeeze out which has size not equal to one, "
                                      "got shape=%s and dimensions=(%d,)", s0, ax);
    }
  }
  int64_t shape[JAXC_MAX_NDIM];
  for (int k = 0; k < a->ndim; k++)
    if (ax >= 0 ? k != ax : a->shape[k] != 1) shape[nd++] = a->shape[k];
  return jaxc__reshaped_copy(a, nd, shape);
}

JAXC_API jaxc_array *jaxc_broadcast_to(const jaxc_array *a, int ndim, const int64_t *shape) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "broadcast_to: the array is NULL");
  if (ndim < 0 || ndim > JAXC_MAX_NDIM)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "ndim must be between 0 and %d, got %d", JAXC_MAX_NDIM, ndim);
  if (ndim > 0 && !shape) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "broadcast_to: the shape is NULL");
  char s0[200], s1[200];
  jaxc__format_shape(s0, sizeof s0, a);
  jaxc__format_dims(s1, sizeof s1, ndim, shape);
  if (ndim < a->ndim)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Cannot broadcast to shape with fewer dimensions: arr_shape=%s shape=%s", s0, s1);
  bool ok = true, nonneg = true;
  for (int k = 0; k < a->ndim; k++) {
    int64_t d = a->shape[k];
    ok = ok && (d == 1 || d == shape[ndim - a->ndim + k]);
  }
  for (int k = 0; k < ndim; k++) nonneg = nonneg && shape[k] >= 0;
  if (!ok) { /* JAX's newest wording: the avals as str_short prints them, int32[3] */
    char t0[200], t1[200];
    jaxc__format_aval(t0, sizeof t0, a->dtype, a->ndim, a->shape);
    jaxc__format_aval(t1, sizeof t1, a->dtype, ndim, shape);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Incompatible types for broadcasting: input type=%s and requested type=%s", t0, t1);
  }
  if (!nonneg) return (jaxc_array *)jaxc__fail_negative_dims(ndim, shape);
  jaxc_array *out = jaxc__broadcast_cast(a, a->dtype, ndim, shape);
  if (!out) return NULL;
  out->weak = a->weak;
  jaxc__ok();
  return out;
}

/* --- concatenate, stack ------------------------------------------------------------------------ */
/* n elements converted from -> to; an operand already of the result's dtype is copied bit for bit
   (promote_dtypes leaves it alone: a float16 signalling NaN stays as it is). */
static void jaxc__convert_or_copy(jaxc_dtype from, jaxc_dtype to, size_t n, const void *src, void *dst) {
  if (from == to) memcpy(dst, src, n * jaxc_dtype_size(to));
  else jaxc_kernel_cast_dyn(from, to, n, src, dst);
}
/* One operand's part of jnp.concatenate's result: `outer` rows of `block` elements of x,
   converted to dt, each at the start of its row of `row` elements in dst. Items of work: long
   rows go straight into place in pieces of 1 MiB; short rows (stack along the last axis: one
   element each) go a group at a time through L1 scratch, converted there in one call, then
   moved row by row with a copy of a known size (a call per row ran at 2.2 ns an element). */
#define JAXC__SHORT_ROW 256
typedef struct jaxc__concat_job {
  char *dst;
  const char *src;
  jaxc_dtype from, to;
  int64_t row, block, outer, piece, per_row, group;
} jaxc__concat_job;
#define JAXC__ROWS_CASE(RB) \
  case RB: for (int64_t i = 0; i < n; i++) memcpy(d + (size_t)(i * j->row) * ts, p + (size_t)i * (RB), RB); break;
static void jaxc__concat_item(const void *jp, int64_t it) {
  const jaxc__concat_job *j = (const jaxc__concat_job *)jp;
  size_t fs = jaxc_dtype_size(j->from), ts = jaxc_dtype_size(j->to);
  if (j->block >= JAXC__SHORT_ROW) {
    int64_t o = it / j->per_row, lo = it % j->per_row * j->piece, n = j->block - lo < j->piece ? j->block - lo : j->piece;
    jaxc__convert_or_copy(j->from, j->to, (size_t)n, j->src + (size_t)(o * j->block + lo) * fs, j->dst + (size_t)(o * j->row + lo) * ts);
    return;
  }
  typedef struct { _Alignas(64) unsigned char bytes[JAXC__CHUNK * 16]; } jaxc__scratch;
  jaxc__scratch buf;
  int64_t o0 = it * j->group, n = j->outer - o0 < j->group ? j->outer - o0 : j->group;
  const char *p = j->src + (size_t)(o0 * j->block) * fs;
  if (j->from != j->to) {
    jaxc_kernel_cast_dyn(j->from, j->to, (size_t)(n * j->block), p, buf.bytes);
    p = (const char *)buf.bytes;
  }
  char *d = j->dst + (size_t)(o0 * j->row) * ts;
  size_t rb = (size_t)j->block * ts;
  switch (rb) {
  JAXC__ROWS_CASE(1) JAXC__ROWS_CASE(2) JAXC__ROWS_CASE(4) JAXC__ROWS_CASE(8) JAXC__ROWS_CASE(16) JAXC__ROWS_CASE(32)
  default:
    for (int64_t i = 0; i < n; i++) memcpy(d + (size_t)(i * j->row) * ts, p + (size_t)i * rb, rb);
  }
}
#undef JAXC__ROWS_CASE
static void jaxc__concat_rows(char *dst, int64_t row, const jaxc_array *x, jaxc_dtype dt, int64_t outer, int64_t block) {
  if (outer == 0 || block == 0) return;
  jaxc__concat_job j = {dst, (const char *)x->data, x->dtype, dt, row, block, outer, 0, 0, 0};
  size_t fs = jaxc_dtype_size(x->dtype), ts = jaxc_dtype_size(dt);
  int64_t items;
  if (block >= JAXC__SHORT_ROW) {
    j.piece = (int64_t)(((size_t)1 << 20) / (fs > ts ? fs : ts));
    j.per_row = (block + j.piece - 1) / j.piece;
    items = outer * j.per_row;
  } else {
    j.group = JAXC__CHUNK / block;
    items = (outer + j.group - 1) / j.group;
  }
  jaxc__items_run(&j, jaxc__concat_item, items, (size_t)(outer * block) * (fs + ts) > JAXC_PAR_BYTES);
}

/* lax.concatenate's shape checks, in its words. */
static bool jaxc__concat_shapes(int n, const jaxc_array *const *x, int ax) {
  bool ranks = true, dims = true;
  for (int j = 1; j < n; j++) {
    ranks = ranks && x[j]->ndim == x[0]->ndim;
    for (int k = 0; k < x[0]->ndim && ranks; k++) dims = dims && (k == ax || x[j]->shape[k] == x[0]->shape[k]);
  }
  if (ranks && dims) return true;
#ifndef JAXC_NO_STDIO
  char list[1024];
  size_t at = 0;
  for (int j = 0; j < n && at + 2 < sizeof list; j++) {
    if (j) list[at++] = ',', list[at++] = ' ';
    jaxc__format_shape(list + at, sizeof list - at, x[j]);
    at += strlen(list + at);
  }
  list[at < sizeof list ? at : sizeof list - 1] = 0;
  if (!ranks) jaxc__fail(JAXC_ERR_SHAPE, "Cannot concatenate arrays with different numbers of dimensions: got %s.", list);
  else
    jaxc__fail(JAXC_ERR_SHAPE, "Cannot concatenate arrays with shapes that differ in dimensions other than the one being "
               "concatenated: concatenating along dimension %d for shapes %s.", ax, list);
#else
  jaxc__fail(JAXC_ERR_SHAPE, "Cannot concatenate arrays with shapes that differ");
#endif
  return false;
}

/* After jnp's own checks: promote_dtypes (the join of every operand's node; weak when all are),
   lax.concatenate's shape checks, then the copy. Under debug_nans/infs each converted operand
   goes through astype first, whose convert_element_type check JAX runs in promote_dtypes. */
static jaxc_array *jaxc__concat_impl(int n, const jaxc_array *const *x, int ax, jaxc_dtype dtype) {
  jaxc_dtype node = dtype;
  if (dtype == JAXC_DTYPE_NONE) node = jaxc__join_nodes(n, x);
  else if (!jaxc__create_dtype(dtype, dtype, &node)) return NULL; /* (asarray(x, dtype): strong) */
  if (node == JAXC_DTYPE_INVALID || !jaxc__concat_shapes(n, x, ax)) return NULL;
  jaxc_dtype dt = jaxc_storage_dtype(node, jaxc_x64());
  int64_t shape[JAXC_MAX_NDIM] = {0}, outer = 1, inner = 1, total = 0; /* ({0}: gcc -O3 cannot see ax < ndim) */
  for (int k = 0; k < x[0]->ndim; k++) shape[k] = x[0]->shape[k];
  for (int k = 0; k < ax; k++) outer *= shape[k];
  for (int k = ax + 1; k < x[0]->ndim; k++) inner *= shape[k];
  for (int j = 0; j < n; j++) { /* (each size fits; their sum may not) */
    if (x[j]->shape[ax] > INT64_MAX - total) return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows");
    total += x[j]->shape[ax];
  }
  shape[ax] = total;
  jaxc_array *out = jaxc__new_array(dt, jaxc_dtype_is_weak(node), x[0]->ndim, shape);
  if (!out) return NULL;
  int64_t row = total * inner, off = 0;
  for (int j = 0; j < n && out->size; j++) {
    const jaxc_array *src = x[j];
    jaxc_array *conv = NULL;
    if (src->dtype != dt && jaxc__debugging() && src->size) {
      if (!(conv = jaxc__astype_impl(src, dt, NULL))) { jaxc_array_free(out); return NULL; }
      src = conv;
    }
    int64_t block = src->shape[ax] * inner;
    jaxc__concat_rows((char *)out->data + (size_t)off * jaxc_dtype_size(dt), row, src, dt, outer, block);
    off += block;
    jaxc_array_free(conv);
  }
  jaxc__ok();
  return out;
}

/* x[j] viewed with another shape (no copy), for ravel and stack's expand_dims. */
static void jaxc__view(jaxc_array *v, const jaxc_array *x, int nd, const int64_t *shape) {
  jaxc_array_wrap(v, x->dtype, nd, shape, x->data);
  v->weak = x->weak;
}
static bool jaxc__operands_ok(const char *name, int n, const jaxc_array *const *x) {
  if (n > 0 && !x) return jaxc__fail(JAXC_ERR_ARG, "%s: the array list is NULL", name), false;
  for (int j = 0; j < n; j++)
    if (!x[j]) return jaxc__fail(JAXC_ERR_ARG, "%s: array %d is NULL", name, j), false;
  return true;
}
/* How concatenate sees each operand: as it is, flattened (axis None), with stack's new axis of
   size 1, or as atleast_1d/2d/3d or column_stack make it (views: only the shape changes). */
typedef enum jaxc__view_kind {
  JAXC__AS_IS, JAXC__FLAT, JAXC__NEW_AXIS, JAXC__ATLEAST_1D, JAXC__ATLEAST_2D, JAXC__ATLEAST_3D, JAXC__COLUMN
} jaxc__view_kind;
static int jaxc__view_shape(jaxc__view_kind kind, int new_axis, const jaxc_array *x, int64_t *shape) {
  int nd = 0, r = x->ndim;
  const int64_t *d = x->shape;
  if (kind == JAXC__FLAT) shape[nd++] = x->size;
  else if (kind == JAXC__NEW_AXIS)
    for (int k = 0; k <= r; k++) shape[nd++] = k == new_axis ? 1 : d[k - (k > new_axis)];
  else if (kind == JAXC__ATLEAST_1D && r < 1) shape[nd++] = 1;
  else if (kind == JAXC__ATLEAST_2D && r < 2) shape[nd++] = 1, shape[nd++] = r ? d[0] : 1;
  else if (kind == JAXC__COLUMN && r < 2) shape[nd++] = r ? d[0] : 1, shape[nd++] = 1;
  else if (kind == JAXC__ATLEAST_3D && r < 3) { /* (1,1,1), (1,n,1), (m,n,1): lax.expand_dims at (0,1,2), (0,2), (2,) */
    shape[nd++] = r == 2 ? d[0] : 1;
    shape[nd++] = r == 2 ? d[1] : r ? d[0] : 1;
    shape[nd++] = 1;
  } else
    for (int k = 0; k < r; k++) shape[nd++] = d[k];
  return nd;
}
/* concatenate along ax of the operands as `kind` sees them (new_axis: JAXC__NEW_AXIS's place);
   ax < 0 is hstack's choice: 0 where the first is then 1-D, else 1 */
static jaxc_array *jaxc__concat_views(int n, const jaxc_array *const *x, int ax, jaxc__view_kind kind, int new_axis,
                                      jaxc_dtype dtype) {
  if (kind == JAXC__AS_IS) return jaxc__concat_impl(n, x, ax, dtype);
  jaxc_array *v = (jaxc_array *)jaxc__malloc((size_t)n * sizeof *v);
  const jaxc_array **p = (const jaxc_array **)jaxc__malloc((size_t)n * sizeof *p);
  jaxc_array *r = NULL;
  if (!v || !p) {
    jaxc__fail(JAXC_ERR_NOMEM, "out of memory in concatenate");
  } else {
    for (int j = 0; j < n; j++) {
      int64_t shape[JAXC_MAX_NDIM + 1];
      jaxc__view(&v[j], x[j], jaxc__view_shape(kind, new_axis, x[j], shape), shape);
      p[j] = &v[j];
    }
    r = jaxc__concat_impl(n, p, ax >= 0 ? ax : v[0].ndim == 1 ? 0 : 1, dtype);
  }
  jaxc__free(v);
  jaxc__free((void *)p);
  return r;
}

JAXC_API jaxc_array *jaxc_concatenate(int n, const jaxc_array *const *arrays, int axis) {
  if (n < 0 || !jaxc__operands_ok("concatenate", n, arrays)) return n < 0 ? (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "concatenate: negative array count %d", n) : NULL;
  if (n == 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Need at least one array to concatenate.");
  if (axis == JAXC_ALL_AXES) return jaxc__concat_views(n, arrays, 0, JAXC__FLAT, 0, JAXC_DTYPE_NONE); /* (0-d ones too) */
  if (arrays[0]->ndim == 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Zero-dimensional arrays cannot be concatenated.");
  int ax;
  if (!jaxc__canon_axis(axis, arrays[0]->ndim, &ax)) return NULL;
  return jaxc__concat_views(n, arrays, ax, JAXC__AS_IS, 0, JAXC_DTYPE_NONE);
}
JAXC_API jaxc_array *jaxc_stack(int n, const jaxc_array *const *arrays, int axis) {
  if (n < 0 || !jaxc__operands_ok("stack", n, arrays)) return n < 0 ? (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "stack: negative array count %d", n) : NULL;
  if (n == 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Need at least one array to stack.");
  int ax;
  if (!jaxc__canon_axis(axis, arrays[0]->ndim + 1, &ax)) return NULL;
  for (int j = 1; j < n; j++) {
    bool same = arrays[j]->ndim == arrays[0]->ndim;
    for (int k = 0; k < arrays[0]->ndim && same; k++) same = arrays[j]->shape[k] == arrays[0]->shape[k];
    if (!same) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "All input arrays must have the same shape.");
  }
  if (arrays[0]->ndim == JAXC_MAX_NDIM)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "stack: the result would have more than %d dimensions", JAXC_MAX_NDIM);
  return jaxc__concat_views(n, arrays, ax, JAXC__NEW_AXIS, ax, JAXC_DTYPE_NONE);
}
static jaxc_array *jaxc__atleast(const char *name, const jaxc_array *a, jaxc__view_kind kind) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", name);
  int64_t shape[JAXC_MAX_NDIM];
  return jaxc__reshaped_copy(a, jaxc__view_shape(kind, 0, a, shape), shape);
}
JAXC_API jaxc_array *jaxc_atleast_1d(const jaxc_array *a) { return jaxc__atleast("atleast_1d", a, JAXC__ATLEAST_1D); }
JAXC_API jaxc_array *jaxc_atleast_2d(const jaxc_array *a) { return jaxc__atleast("atleast_2d", a, JAXC__ATLEAST_2D); }
JAXC_API jaxc_array *jaxc_atleast_3d(const jaxc_array *a) { return jaxc__atleast("atleast_3d", a, JAXC__ATLEAST_3D); }
/* hstack (ax -1: by the first's rank), vstack, dstack, column_stack: concatenate of views */
static jaxc_array *jaxc__stack_views(const char *name, int n, const jaxc_array *const *arrays, int ax,
                                     jaxc__view_kind kind, jaxc_dtype dtype) {
  if (n < 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: negative array count %d", name, n);
  if (!jaxc__operands_ok(name, n, arrays)) return NULL;
  if (n == 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Need at least one array to concatenate.");
  return jaxc__concat_views(n, arrays, ax, kind, 0, dtype);
}
JAXC_API jaxc_array *jaxc_hstack(int n, const jaxc_array *const *arrays, jaxc_dtype dtype) {
  return jaxc__stack_views("hstack", n, arrays, -1, JAXC__ATLEAST_1D, dtype);
}
JAXC_API jaxc_array *jaxc_vstack(int n, const jaxc_array *const *arrays, jaxc_dtype dtype) {
  return jaxc__stack_views("vstack", n, arrays, 0, JAXC__ATLEAST_2D, dtype);
}
JAXC_API jaxc_array *jaxc_dstack(int n, const jaxc_array *const *arrays, jaxc_dtype dtype) {
  return jaxc__stack_views("dstack", n, arrays, 2, JAXC__ATLEAST_3D, dtype);
}
JAXC_API jaxc_array *jaxc_column_stack(int n, const jaxc_array *const *arrays) {
  return jaxc__stack_views("column_stack", n, arrays, 1, JAXC__COLUMN, JAXC_DTYPE_NONE);
}
/* jnp.broadcast_shapes: NumPy's broadcasting of n shapes, folded pairwise (it is associative) */
JAXC_API int jaxc_broadcast_shapes(int n, const int *ndims, const int64_t *const *shapes, int *out_ndim, int64_t *out_shape) {
  if (n < 0 || (n > 0 && (!ndims || !shapes)) || !out_ndim || !out_shape)
    return jaxc__fail(JAXC_ERR_ARG, "broadcast_shapes: %s", n < 0 ? "negative shape count" : "NULL argument"), JAXC_ERR_ARG;
  int nd = 0;
  int64_t acc[JAXC_MAX_NDIM];
  bool fits = true;
  for (int j = 0; j < n; j++) {
    int r = ndims[j];
    if (r < 0 || r > JAXC_MAX_NDIM || (r > 0 && !shapes[j]))
      return jaxc__fail(JAXC_ERR_ARG, "broadcast_shapes: shape %d has %d dims%s", j, r,
                        r < 0 || r > JAXC_MAX_NDIM ? " (outside 0..JAXC_MAX_NDIM)" : " and a NULL pointer"), JAXC_ERR_ARG;
    for (int i = 0; i < r; i++)
      if (shapes[j][i] < 0) return (void)jaxc__fail_negative_dims(r, shapes[j]), JAXC_ERR_SHAPE;
    /* acc (nd dims) with shapes[j] (r dims), both aligned at the right */
    int m = r > nd ? r : nd;
    for (int i = m - 1; i >= 0; i--) {
      int ia = i - (m - nd), ib = i - (m - r);
      int64_t a = ia >= 0 ? acc[ia] : 1, b = ib >= 0 ? shapes[j][ib] : 1;
      if (a != b && a != 1 && b != 1) fits = false;
      acc[i] = a == 1 ? b : a;
    }
    nd = m;
  }
  if (!fits) return (void)jaxc__fail_broadcast_shapes(n, NULL, ndims, shapes), JAXC_ERR_SHAPE;
  *out_ndim = nd;
  for (int i = 0; i < nd; i++) out_shape[i] = acc[i];
  return jaxc__ok(), JAXC_OK;
}
/* util._broadcast_arrays: every operand broadcast to the common shape (lax.broadcast_shapes' error) */
JAXC_API int jaxc_broadcast_arrays(int n, const jaxc_array *const *arrays, jaxc_array **out) {
  if (n < 0 || (n > 0 && !out)) return jaxc__fail(JAXC_ERR_ARG, "broadcast_arrays: %s", n < 0 ? "negative array count" : "out is NULL"), JAXC_ERR_ARG;
  for (int j = 0; j < n; j++) out[j] = NULL;
  if (!jaxc__operands_ok("broadcast_arrays", n, arrays)) return JAXC_ERR_ARG;
  int nd;
  int64_t shape[JAXC_MAX_NDIM];
  if (!jaxc__broadcast_list(n, arrays, &nd, shape)) return jaxc_last_status();
  for (int j = 0; j < n; j++)
    if (!(out[j] = jaxc_broadcast_to(arrays[j], nd, shape))) {
      int st = jaxc_last_status();
      for (int i = 0; i < j; i++) jaxc_array_free(out[i]), out[i] = NULL;
      return st;
    }
  return jaxc__ok(), JAXC_OK;
}
/* --- flip, roll, tile, repeat, pad: gathers along per-axis index maps ----------------------------
   Each of these sends the result's coordinate i on axis k to a's coordinate f_k(i), or to a fill
   value (pad's constants), with f_k one of a few maps of x = i - off: the identity (x outside
   [0, n) filling), edge (clamped), wrap (x mod n), reflect and symmetric (period 2n - 2 and 2n:
   what JAX's chunked reflections make), reverse (n - 1 - i), repeat (i / r), a table (repeat's
   counts), runs (insert's and delete's: stretches of consecutive elements and holes) and skip
   (delete of a slice: every r-th element from off on, nrun of them, left out). The copy walks each result row as runs along which f steps by +1 (memcpy), by -1 (a
   reversed copy) or by 0 (one unit repeated), or fills. Untouched trailing axes are merged into
   the unit (flip of (n, 2) along axis 0 moves 2-element units), so short rows are not walked
   element by element. */
typedef enum jaxc__map_kind {
  JAXC__MAP_CONST, JAXC__MAP_EDGE, JAXC__MAP_WRAP, JAXC__MAP_REFLECT, JAXC__MAP_SYMMETRIC,
  JAXC__MAP_REVERSE, JAXC__MAP_REPEAT, JAXC__MAP_TABLE, JAXC__MAP_RUNS, JAXC__MAP_SKIP
} jaxc__map_kind;
typedef struct jaxc__axis_map {
  jaxc__map_kind kind;
  int64_t n, len, off;  /* a's length, the result's, x = i - off */
  int64_t r;            /* REPEAT: copies of each element; SKIP: the step between left-out elements */
  const int64_t *ends;  /* TABLE: ends[j], the result index past element j's copies (n of them);
                           RUNS: the result index past run j (nrun of them, the last is len) */
  const int64_t *first; /* RUNS: a's index of run j's first element, or -1 for a hole (zeros) */
  int64_t nrun;         /* RUNS: the runs; SKIP: the elements left out (from off on, r apart) */
} jaxc__axis_map;
#define JAXC__FILL_BEFORE (-1)
#define JAXC__FILL_AFTER (-2)

static int64_t jaxc__floor_mod(int64_t x, int64_t n) {
  int64_t m = x % n;
  return m < 0 ? m + n : m;
}
static jaxc__axis_map jaxc__map_identity(int64_t n) {
  jaxc__axis_map m = {JAXC__MAP_CONST, n, n, 0, 1, NULL, NULL, 0};
  return m;
}
static bool jaxc__map_is_identity(const jaxc__axis_map *m) {
  return m->kind == JAXC__MAP_CONST && m->off == 0 && m->len == m->n;
}
/* RUNS: the run holding result index i (< len) */
static int64_t jaxc__run_at(const jaxc__axis_map *m, int64_t i) {
  int64_t lo = 0, hi = m->nrun - 1;
  while (lo < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (m->ends[mid] > i) hi = mid; else lo = mid + 1;
  }
  return lo;
}
/* The run at result index i (< len): its first source index *s (or a JAXC__FILL_ side), its step
   *d (+1, -1 or 0), and its length (>= 1; the caller clips it to the row). */
static int64_t jaxc__map_run(const jaxc__axis_map *m, int64_t i, int64_t *s, int *d) {
  int64_t x = i - m->off, n = m->n;
  *d = 1;
  switch (m->kind) {
  case JAXC__MAP_CONST:
    if (x < 0) return *s = JAXC__FILL_BEFORE, *d = 0, -x;
    if (x >= n) return *s = JAXC__FILL_AFTER, *d = 0, m->len - i;
    return *s = x, n - x;
  case JAXC__MAP_EDGE:
    if (x < 0) return *s = 0, *d = 0, -x;
    if (x >= n) return *s = n - 1, *d = 0, m->len - i;
    return *s = x, n - x;
  case JAXC__MAP_WRAP: {
    int64_t k = jaxc__floor_mod(x, n);
    return *s = k, n - k;
  }
  case JAXC__MAP_REFLECT:
  case JAXC__MAP_SYMMETRIC: {
    /* a mirror image after each pass: reflect leaves out the edge (period 2n - 2), symmetric
       repeats it (2n); a single element reflects onto itself */
    bool sym = m->kind == JAXC__MAP_SYMMETRIC;
    if (n == 1) return *s = 0, *d = 0, m->len - i;
    int64_t p = sym ? 2 * n : 2 * n - 2, k = jaxc__floor_mod(x, p);
    if (k < n) return *s = k, n - k;
    return *s = p - k - sym, *d = -1, p - k;
  }
  case JAXC__MAP_REVERSE:
    return *s = n - 1 - i, *d = -1, n - i;
  case JAXC__MAP_REPEAT:
    return *s = i / m->r, *d = 0, m->r - i % m->r;
  case JAXC__MAP_SKIP: { /* before off; between the left-out ones, r - 1 at a time; after them */
    int64_t u = i - m->off, mid = (m->nrun - 1) * (m->r - 1);
    if (u < 0) return *s = i, -u;
    if (u < mid) return *s = m->off + u / (m->r - 1) * m->r + 1 + u % (m->r - 1), m->r - 1 - u % (m->r - 1);
    return *s = i + m->nrun, m->len - i;
  }
  case JAXC__MAP_RUNS: {
    int64_t j = jaxc__run_at(m, i);
    if (m->first[j] < 0) return *s = JAXC__FILL_BEFORE, *d = 0, m->ends[j] - i;
    return *s = m->first[j] + i - (j ? m->ends[j - 1] : 0), m->ends[j] - i;
  }
  default: { /* TABLE: the first element whose copies end past i (zero counts are passed over) */
    int64_t lo = 0, hi = n;
    while (lo < hi) {
      int64_t mid = lo + (hi - lo) / 2;
      if (m->ends[mid] > i) hi = mid; else lo = mid + 1;
    }
    if (lo == n) return *s = n - 1, *d = 0, m->len - i; /* total_repeat_length past the counts */
    return *s = lo, *d = 0, m->ends[lo] - i;
  }
  }
}

typedef struct jaxc__remap {
  int nd;                              /* axes after merging; the last one is walked in runs */
  jaxc__axis_map map[JAXC_MAX_NDIM];
  int64_t st[JAXC_MAX_NDIM];           /* a's strides, in units */
  size_t unit, es;                     /* bytes moved as one (es x the merged axes), element size */
  const char *src;
  char *dst;
  const unsigned char *fill;           /* pad's constants: [axis][before/after], es bytes each */
  int64_t rows, row, chunk, pieces, group, items;
} jaxc__remap;

/* count copies of the `bytes`-byte pattern p at d */
static void jaxc__splat(char *d, const void *p, size_t bytes, int64_t count) {
  switch (bytes) {
#define JAXC__SPLAT_CASE(B, T)                                             \
  case B: {                                                                \
    T v;                                                                   \
    memcpy(&v, p, B);                                                      \
    for (int64_t j = 0; j < count; j++) memcpy(d + (size_t)j * (B), &v, B); \
  } break;
  JAXC__SPLAT_CASE(1, uint8_t) JAXC__SPLAT_CASE(2, uint16_t) JAXC__SPLAT_CASE(4, uint32_t) JAXC__SPLAT_CASE(8, uint64_t)
#undef JAXC__SPLAT_CASE
  default:
    for (int64_t j = 0; j < count; j++) memcpy(d + (size_t)j * bytes, p, bytes);
  }
}
/* count units from s backwards (s, s - 1, ...) to d forwards */
static void jaxc__reverse_copy(char *d, const char *s, size_t bytes, int64_t count) {
  switch (bytes) {
#define JAXC__REV_CASE(B)                                                                         \
  case B:                                                                                         \
    for (int64_t j = 0; j < count; j++) memcpy(d + (size_t)j * (B), s - (ptrdiff_t)(j * (B)), B); \
    break;
  JAXC__REV_CASE(1) JAXC__REV_CASE(2) JAXC__REV_CASE(4) JAXC__REV_CASE(8) JAXC__REV_CASE(16)
#undef JAXC__REV_CASE
  default:
    for (int64_t j = 0; j < count; j++) memcpy(d + (size_t)j * bytes, s - (ptrdiff_t)((size_t)j * bytes), bytes);
  }
}
static const unsigned char *jaxc__fill_of(const jaxc__remap *g, int k, int64_t side) {
  return g->fill + ((size_t)k * 2 + (side == JAXC__FILL_AFTER)) * g->es;
}
/* Units [q0, q1) of repeat's result along the last axis, each source unit r times: a loop per
   source unit (a run of r = 2 at a time through the run walk below cost 2.3 ns an element). */
static void jaxc__repeat_units(char *d, const char *s, size_t unit, int64_t r, int64_t q0, int64_t q1) {
  int64_t q = q0, j0, j1;
  for (; q < q1 && q % r; q++, d += unit) memcpy(d, s + (size_t)(q / r) * unit, unit); /* (a piece's first run) */
  j0 = q / r, j1 = q1 / r;
  switch (unit) {
#define JAXC__REPEAT_CASE(B, T)                                                                             \
  case B:                                                                                                   \
    for (int64_t j = j0; j < j1; j++) {                                                                     \
      T v;                                                                                                  \
      memcpy(&v, s + (size_t)j * (B), B);                                                                   \
      if (r == 2) memcpy(d + (size_t)(j - j0) * 2 * (B), &v, B), memcpy(d + ((size_t)(j - j0) * 2 + 1) * (B), &v, B); \
      else for (int64_t c = 0; c < r; c++) memcpy(d + (size_t)((j - j0) * r + c) * (B), &v, B);           \
    }                                                                                                       \
    break;
  JAXC__REPEAT_CASE(1, uint8_t) JAXC__REPEAT_CASE(2, uint16_t) JAXC__REPEAT_CASE(4, uint32_t) JAXC__REPEAT_CASE(8, uint64_t)
#undef JAXC__REPEAT_CASE
  default:
    for (int64_t j = j0; j < j1; j++) jaxc__splat(d + (size_t)((j - j0) * r) * unit, s + (size_t)j * unit, unit, r);
  }
  d += (size_t)((j1 - j0) * r) * unit;
  for (q = j1 * r > q ? j1 * r : q; q < q1; q++, d += unit) memcpy(d, s + (size_t)(q / r) * unit, unit);
}
/* len units from s to d: one load and store where a run is one unit (delete(x, ::2) has only such) */
static void jaxc__copy_units(char *d, const char *s, size_t unit, int64_t len) {
  if (len == 1) switch (unit) {
#define JAXC__UNIT_CASE(B) case B: memcpy(d, s, B); return;
    JAXC__UNIT_CASE(1) JAXC__UNIT_CASE(2) JAXC__UNIT_CASE(4) JAXC__UNIT_CASE(8) JAXC__UNIT_CASE(16)
#undef JAXC__UNIT_CASE
    default: break;
    }
  memcpy(d, s, (size_t)len * unit);
}
/* Result units [q0, q1) of a row along a RUNS map: the run holding q0 is searched for once, the
   others follow in order (a search per run cost more than the copy where runs are short). */
static void jaxc__runs_units(char *out, const char *row, const jaxc__remap *g, int64_t q0, int64_t q1) {
  const jaxc__axis_map *m = &g->map[g->nd - 1];
  for (int64_t j = jaxc__run_at(m, q0), q = q0; q < q1; j++) {
    int64_t end = m->ends[j] < q1 ? m->ends[j] : q1, len = end - q;
    if (m->first[j] < 0)
      jaxc__splat(out, jaxc__fill_of(g, g->nd - 1, JAXC__FILL_BEFORE), g->es, len * (int64_t)(g->unit / g->es));
    else
      jaxc__copy_units(out, row + (size_t)(m->first[j] + q - (j ? m->ends[j - 1] : 0)) * g->unit, g->unit, len);
    out += (size_t)len * g->unit;
    q = end;
  }
}
/* count units from s to d, one left out of s after every `block` (w of the first block done):
   a loop per unit size, the unit a constant (a switch per unit cost 2.5x a strided slice) */
static void jaxc__skip_blocks(char *d, const char *s, size_t unit, int64_t block, int64_t w, int64_t count) {
  switch (unit) {
#define JAXC__SKIP_CASE(B)                                     \
  case B:                                                      \
    for (int64_t k = 0; k < count; k++, d += B, s += B) {      \
      memcpy(d, s, B);                                         \
      if (++w == block) w = 0, s += B;                         \
    }                                                          \
    return;
    JAXC__SKIP_CASE(1) JAXC__SKIP_CASE(2) JAXC__SKIP_CASE(4) JAXC__SKIP_CASE(8) JAXC__SKIP_CASE(16)
#undef JAXC__SKIP_CASE
  default:
    for (int64_t k = 0; k < count; k++, d += unit, s += unit) {
      memcpy(d, s, unit);
      if (++w == block) w = 0, s += unit;
    }
  }
}
/* Result units [q0, q1) of a row along a SKIP map with short runs (delete(x, ::2): one unit
   each): between the left-out elements unit by unit, the source counted along, not divided out. */
static void jaxc__skip_units(char *out, const char *row, const jaxc__remap *g, int64_t q0, int64_t q1) {
  const jaxc__axis_map *m = &g->map[g->nd - 1];
  int64_t block = m->r - 1, mid_end = m->off + (m->nrun - 1) * block, src, q = q0;
  int d;
  while (q < q1) {
    int64_t len = jaxc__map_run(m, q, &src, &d), e = mid_end < q1 ? mid_end : q1;
    if (q < m->off || q >= e) { /* the head or the tail: one run */
      if (len > q1 - q) len = q1 - q;
      jaxc__copy_units(out, row + (size_t)src * g->unit, g->unit, len);
      out += (size_t)len * g->unit, q += len;
      continue;
    }
    jaxc__skip_blocks(out, row + (size_t)src * g->unit, g->unit, block, block - len, e - q);
    out += (size_t)(e - q) * g->unit, q = e;
  }
}
/* Result units [q0, q1) of row r (its outer coordinates decoded from r). */
static void jaxc__remap_row(const jaxc__remap *g, int64_t r, int64_t q0, int64_t q1) {
  int last = g->nd - 1, d;
  int64_t so = 0, s, row_index = r;
  const unsigned char *rowfill = NULL; /* the constant of the last padded axis, as lax.pad nests them */
  for (int k = last - 1; k >= 0; k--) {
    int64_t i = r % g->map[k].len;
    r /= g->map[k].len;
    jaxc__map_run(&g->map[k], i, &s, &d);
    if (s >= 0) so += s * g->st[k];
    else if (!rowfill) rowfill = jaxc__fill_of(g, k, s);
  }
  char *out = g->dst + ((size_t)row_index * (size_t)g->row + (size_t)q0) * g->unit;
  size_t per = g->unit / g->es;
  const char *row = g->src + (size_t)so * g->unit;
  if (g->map[last].kind == JAXC__MAP_REPEAT && !rowfill && g->map[last].r <= 64) {
    jaxc__repeat_units(out, row, g->unit, g->map[last].r, q0, q1);
    return;
  }
  if (g->map[last].kind == JAXC__MAP_RUNS && !rowfill) {
    jaxc__runs_units(out, row, g, q0, q1);
    return;
  }
  if (g->map[last].kind == JAXC__MAP_SKIP && !rowfill && g->map[last].r <= 8) {
    jaxc__skip_units(out, row, g, q0, q1);
    return;
  }
  for (int64_t q = q0; q < q1;) {
    int64_t len = jaxc__map_run(&g->map[last], q, &s, &d);
    if (len > q1 - q) len = q1 - q;
    if (s < 0 || rowfill) {
      const unsigned char *f = s < 0 ? jaxc__fill_of(g, last, s) : rowfill;
      jaxc__splat(out, f, g->es, len * (int64_t)per);
    } else if (d > 0) {
      memcpy(out, row + (size_t)s * g->unit, (size_t)len * g->unit);
    } else if (d < 0) {
      jaxc__reverse_copy(out, row + (size_t)s * g->unit, g->unit, len);
    } else {
      jaxc__splat(out, row + (size_t)s * g->unit, g->unit, len);
    }
    out += (size_t)len * g->unit;
    q += len;
  }
}
/* Rows of at most JAXC__NARROW elements (a pad of (n, 4) along its last axis): each row's run
   walk cost a call per run, several per row (1.9 ns an element); instead the row's source
   elements are listed once an item (fills as JAXC__FILL_ sides) and each row copied through the
   list, element by element. Rows [r0, r1). */
enum { JAXC__NARROW = 64 };
static bool jaxc__remap_narrow(const jaxc__remap *g) {
  return g->row <= JAXC__NARROW && g->unit == g->es && (g->es == 1 || g->es == 2 || g->es == 4 || g->es == 8);
}
static void jaxc__remap_narrow_rows(const jaxc__remap *g, int64_t r0, int64_t r1) {
  int64_t src[JAXC__NARROW], s;
  int last = g->nd - 1, d;
  for (int64_t q = 0; q < g->row;) {
    int64_t len = jaxc__map_run(&g->map[last], q, &s, &d);
    for (int64_t j = 0; j < len && q < g->row; j++, q++) src[q] = s < 0 ? s : s + d * j;
  }
  for (int64_t r = r0; r < r1; r++) {
    int64_t so = 0, t = r;
    const unsigned char *rowfill = NULL;
    for (int k = last - 1; k >= 0; k--) {
      jaxc__map_run(&g->map[k], t % g->map[k].len, &s, &d);
      t /= g->map[k].len;
      if (s >= 0) so += s * g->st[k];
      else if (!rowfill) rowfill = jaxc__fill_of(g, k, s);
    }
    const char *row = g->src + (size_t)so * g->es;
    char *out = g->dst + (size_t)(r * g->row) * g->es;
    switch (g->es) {
#define JAXC__NARROW_CASE(B)                                                                                  \
  case B:                                                                                                     \
    for (int64_t q = 0; q < g->row; q++)                                                                      \
      memcpy(out + q * (B), src[q] < 0 ? (const void *)jaxc__fill_of(g, last, src[q])  /* (the last axis' constant first) */ \
                            : rowfill ? (const void *)rowfill : (const void *)(row + src[q] * (B)), B);                      \
    break;
    JAXC__NARROW_CASE(1) JAXC__NARROW_CASE(2) JAXC__NARROW_CASE(4) default: JAXC__NARROW_CASE(8)
#undef JAXC__NARROW_CASE
    }
  }
}
static void jaxc__remap_item(const void *gp, int64_t it) {
  const jaxc__remap *g = (const jaxc__remap *)gp;
  if (g->pieces > 1) {
    int64_t r = it / g->pieces, q0 = it % g->pieces * g->chunk;
    jaxc__remap_row(g, r, q0, g->row - q0 < g->chunk ? g->row : q0 + g->chunk);
    return;
  }
  int64_t r = it * g->group, r1 = r + g->group < g->rows ? r + g->group : g->rows;
  if (jaxc__remap_narrow(g)) { jaxc__remap_narrow_rows(g, r, r1); return; }
  for (; r < r1; r++) jaxc__remap_row(g, r, 0, g->row);
}
/* out (its shape the maps' lengths) gathered from a along maps; fill: pad's constants, [axis][2]
   elements of a's dtype. */
static void jaxc__remap_into(jaxc_array *out, const jaxc_array *a, const jaxc__axis_map *maps, const unsigned char *fill) {
  if (out->size == 0) return;
  jaxc__remap g;
  g.es = g.unit = jaxc_dtype_size(a->dtype);
  g.src = (const char *)a->data, g.dst = (char *)out->data, g.fill = fill;
  int m = a->ndim;
  while (m > 0 && jaxc__map_is_identity(&maps[m - 1])) g.unit *= (size_t)maps[--m].n;
  if (m == 0) { jaxc__copy_bytes(out->data, a->data, (size_t)out->size * g.es); return; }
  int64_t st = 1;
  g.nd = m, g.rows = 1;
  for (int k = m - 1; k >= 0; k--) {
    g.map[k] = maps[k], g.st[k] = st;
    st *= maps[k].n;
    if (k < m - 1) g.rows *= maps[k].len;
  }
  g.row = maps[m - 1].len;
  g.chunk = (int64_t)(((size_t)64 << 10) / g.unit);
  if (g.chunk < 1) g.chunk = 1;
  g.pieces = (g.row + g.chunk - 1) / g.chunk;
  g.group = g.pieces > 1 ? 1 : g.chunk / g.row;
  g.items = g.pieces > 1 ? g.rows * g.pieces : (g.rows + g.group - 1) / g.group;
  jaxc__items_run(&g, jaxc__remap_item, g.items, 2 * (size_t)out->size * g.es > JAXC_PAR_BYTES);
}
/* A new array of a's dtype and weak flag gathered along maps (one per axis of a). */
static jaxc_array *jaxc__remapped(const jaxc_array *a, const jaxc__axis_map *maps, const unsigned char *fill) {
  int64_t shape[JAXC_MAX_NDIM];
  for (int k = 0; k < a->ndim; k++) shape[k] = maps[k].len;
  jaxc_array *out = jaxc__new_array(a->dtype, a->weak, a->ndim, shape);
  if (!out) return NULL;
  jaxc__remap_into(out, a, maps, fill);
  jaxc__ok();
  return out;
}

/* a's axes as identity maps */
static void jaxc__maps_identity(const jaxc_array *a, jaxc__axis_map *maps) {
  for (int k = 0; k < a->ndim; k++) maps[k] = jaxc__map_identity(a->shape[k]);
}

/* jnp.flip: lax.rev over the axes (NULL: all of them), canonicalised, each once. */
JAXC_API jaxc_array *jaxc_flip(const jaxc_array *a, int naxes, const int *axes) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "flip: the array is NULL");
  jaxc__axis_map maps[JAXC_MAX_NDIM];
  jaxc__maps_identity(a, maps);
  if (!axes) {
    for (int k = 0; k < a->ndim; k++) maps[k].kind = JAXC__MAP_REVERSE;
    return jaxc__remapped(a, maps, NULL);
  }
  if (naxes < 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "flip: negative axis count %d", naxes);
  int ax[JAXC_MAX_NDIM];
  bool twice = false;
  for (int j = 0; j < naxes; j++) {
    int k;
    if (!jaxc__canon_axis(axes[j], a->ndim, &k)) return NULL;
    twice = twice || maps[k].kind == JAXC__MAP_REVERSE;
    maps[k].kind = JAXC__MAP_REVERSE;
    if (j < JAXC_MAX_NDIM) ax[j] = k;
  }
  if (twice) { /* (more than JAXC_MAX_NDIM axes repeat one: the first JAXC_MAX_NDIM are shown) */
    char list[24 * JAXC_MAX_NDIM];
    int64_t d[JAXC_MAX_NDIM];
    for (int j = 0; j < naxes && j < JAXC_MAX_NDIM; j++) d[j] = ax[j];
    jaxc__format_dims(list, sizeof list, naxes < JAXC_MAX_NDIM ? naxes : JAXC_MAX_NDIM, d);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "rev dimensions must be unique, got %s.", list);
  }
  return jaxc__remapped(a, maps, NULL);
}
JAXC_API jaxc_array *jaxc_fliplr(const jaxc_array *a) { int ax = 1; return jaxc_flip(a, 1, &ax); }
JAXC_API jaxc_array *jaxc_flipud(const jaxc_array *a) { int ax = 0; return jaxc_flip(a, 1, &ax); }
/* jnp.rot90: k mod 4 quarter turns; 2 is both axes flipped, 1 flip(axis2) then the axes swapped,
   3 the axes swapped then flip(axis2). */
JAXC_API jaxc_array *jaxc_rot90(const jaxc_array *a, int k, int axis1, int axis2) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "rot90: the array is NULL");
  if (a->ndim < 2) {
    char s0[24 * JAXC_MAX_NDIM];
    jaxc__format_shape(s0, sizeof s0, a);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "rot90 requires its first argument to have ndim at least two, but got "
                                    "first argument of shape %s, which has ndim %d", s0, a->ndim);
  }
  int x, y, perm[JAXC_MAX_NDIM];
  if (!jaxc__canon_axis(axis1, a->ndim, &x) || !jaxc__canon_axis(axis2, a->ndim, &y)) return NULL;
  if (x == y) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Axes must be different");
  int turns = (k % 4 + 4) % 4, both[2] = {x, y};
  if (turns == 0) return jaxc__reshaped_copy(a, a->ndim, a->shape);
  if (turns == 2) return jaxc_flip(a, 2, both);
  for (int j = 0; j < a->ndim; j++) perm[j] = j;
  perm[x] = y, perm[y] = x;
  jaxc_array *t = turns == 1 ? jaxc_flip(a, 1, &y) : jaxc__permuted(a, perm), *r = NULL;
  if (t) r = turns == 1 ? jaxc__permuted(t, perm) : jaxc_flip(t, 1, &y);
  jaxc_array_free(t);
  return r;
}

/* jnp.roll's static path: for each (axis, shift) pair of np.broadcast_arrays(axes, shifts), a
   rotation by shift mod n (an empty axis is left alone; shifts on one axis add up); axes NULL
   rolls the flattened array, as ravel, roll along 0, reshape. */
static jaxc_array *jaxc__roll_impl(const jaxc_array *a, int nshift, const int64_t *shift, int naxes, const int *axes) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "roll: the array is NULL");
  if (nshift < 0 || naxes < 0 || (nshift > 0 && !shift))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "roll: invalid shift or axis list");
  jaxc_array flat;
  const jaxc_array *v = a;
  int zero = 0;
  if (!axes) {
    jaxc__view(&flat, a, 1, &a->size);
    v = &flat, axes = &zero, naxes = 1;
  }
  if (nshift != naxes && nshift != 1 && naxes != 1)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "shape mismatch: objects cannot be broadcast to a single shape.  "
                                    "Mismatch is between arg 0 with shape (%d,) and arg 1 with shape (%d,).", naxes, nshift);
  int pairs = nshift == 1 ? naxes : nshift; /* (np.broadcast_arrays: a length 1 stretches) */
  jaxc__axis_map maps[JAXC_MAX_NDIM];
  jaxc__maps_identity(v, maps);
  int64_t by[JAXC_MAX_NDIM] = {0};
  for (int j = 0; j < pairs; j++) {
    int k;
    if (!jaxc__canon_axis(axes[naxes == 1 ? 0 : j], v->ndim, &k)) return NULL;
    int64_t n = v->shape[k];
    if (n > 0) /* (unsigned: the sum of two remainders of an axis past 2^62 would overflow) */
      by[k] = (int64_t)(((uint64_t)by[k] + (uint64_t)jaxc__floor_mod(shift[nshift == 1 ? 0 : j], n)) % (uint64_t)n);
  }
  for (int k = 0; k < v->ndim; k++)
    if (by[k]) maps[k].kind = JAXC__MAP_WRAP, maps[k].off = by[k];
  jaxc_array *out = jaxc__new_array(a->dtype, a->weak, a->ndim, a->shape);
  if (!out) return NULL;
  jaxc__remap_into(out, v, maps, NULL);
  jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_roll(const jaxc_array *a, int64_t shift, int axis) {
  return jaxc__roll_impl(a, 1, &shift, axis == JAXC_ALL_AXES ? 0 : 1, axis == JAXC_ALL_AXES ? NULL : &axis);
}
JAXC_API jaxc_array *jaxc_roll_axes(const jaxc_array *a, int nshift, const int64_t *shift, int naxes, const int *axes) {
  return jaxc__roll_impl(a, nshift, shift, naxes, axes);
}

/* jnp.tile: reps padded with 1s in front to a's rank, or a given 1s in front to theirs; then
   each axis repeated whole (a broadcast and reshape in JAX). */
JAXC_API jaxc_array *jaxc_tile(const jaxc_array *a, int nreps, const int64_t *reps) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "tile: the array is NULL");
  if (nreps < 0 || (nreps > 0 && !reps)) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "tile: invalid reps");
  int nd = nreps > a->ndim ? nreps : a->ndim;
  if (nd > JAXC_MAX_NDIM)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "tile: the result would have more than %d dimensions", JAXC_MAX_NDIM);
  int64_t shape[JAXC_MAX_NDIM] = {0}, rep[JAXC_MAX_NDIM] = {0}; /* ({0}: 0-d, no reps) */
  for (int k = 0; k < nd; k++) {
    int ka = k - (nd - a->ndim), kr = k - (nd - nreps);
    shape[k] = ka >= 0 ? a->shape[ka] : 1;
    rep[k] = kr >= 0 ? reps[kr] : 1;
  }
  jaxc_array v;
  jaxc__view(&v, a, nd, shape);
  jaxc__axis_map maps[JAXC_MAX_NDIM];
  jaxc__maps_identity(&v, maps);
  for (int k = 0; k < nd; k++) {
    if (rep[k] < 0) { /* (broadcast_to's interleaved shape) */
      int64_t b[2 * JAXC_MAX_NDIM];
      for (int j = 0; j < nd; j++) b[2 * j] = rep[j], b[2 * j + 1] = shape[j];
      return (jaxc_array *)jaxc__fail_negative_dims(2 * nd, b);
    }
  }
  for (int k = 0; k < nd; k++) {
    if (rep[k] == 1) continue;
    if (shape[k] > 0 && rep[k] > INT64_MAX / shape[k])
      return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows");
    maps[k].len = shape[k] * rep[k];
    /* (one element: a run of rep copies, not rep runs of one) */
    if (shape[k] == 1) maps[k].kind = JAXC__MAP_REPEAT, maps[k].r = rep[k];
    else maps[k].kind = JAXC__MAP_WRAP;
  }
  return jaxc__remapped(&v, maps, NULL);
}
/* jnp.repeat. With one count and no total_repeat_length (jaxc_repeat): JAX's fast path, a
   broadcast into a new axis after `axis` and a reshape, whose checks are broadcast_in_dim's. With
   counts per element or a total (jaxc_repeat_each): the counts broadcast to the axis length; the
   result has total_repeat_length elements along the axis (JAXC_NONE: their sum), the last
   element repeated past the counts' sum (JAX's gather index clamps to n - 1) and cut short
   before it. A 0-d a gives total copies of itself. */
static jaxc_array *jaxc__repeat_impl(const jaxc_array *a, int nrep, const int64_t *repeats, int axis, int64_t total, bool fast) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "repeat: the array is NULL");
  if (nrep < 0 || (nrep > 0 && !repeats)) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "repeat: invalid repeats");
  jaxc_array flat;
  const jaxc_array *v = a;
  int ax = 0;
  if (axis == JAXC_ALL_AXES) jaxc__view(&flat, a, 1, &a->size), v = &flat;
  if (v->ndim == 0) { /* (the axis is never looked at) */
    if (nrep != 1)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "`repeat` with a scalar parameter `a` is only implemented for "
                                      "scalar values of the parameter `repeats`.");
    int64_t len = total != JAXC_NONE ? total : repeats[0];
    if (len < 0) return (jaxc_array *)jaxc__fail_negative_dims(1, &len);
    jaxc_array one;
    jaxc__view(&one, v, 1, (int64_t[]){1});
    jaxc__axis_map m = {JAXC__MAP_REPEAT, 1, len, 0, len > 0 ? len : 1, NULL, NULL, 0};
    return jaxc__remapped(&one, &m, NULL);
  }
  if (fast) { /* jnp.repeat canonicalises the axis on this path only */
    if (!jaxc__canon_axis(axis == JAXC_ALL_AXES ? 0 : axis, v->ndim, &ax)) return NULL;
  } else if (!jaxc__python_axis(axis == JAXC_ALL_AXES ? 0 : axis, v->ndim, &ax)) { /* elsewhere arr.shape[axis] */
    return NULL;
  }
  int64_t n = v->shape[ax];
  jaxc__axis_map maps[JAXC_MAX_NDIM];
  jaxc__maps_identity(v, maps);
  if (fast) {
    int64_t r = repeats[0];
    if (r < 0) { /* the broadcast's shape: a's with r inserted after the axis */
      int64_t aux[JAXC_MAX_NDIM + 1];
      for (int k = 0, j = 0; k <= v->ndim; k++) aux[k] = k == ax + 1 ? r : v->shape[j++];
      return (jaxc_array *)jaxc__fail_negative_dims(v->ndim + 1, aux);
    }
    if (n > 0 && r > INT64_MAX / n)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows");
    if (r != 1) maps[ax].kind = JAXC__MAP_REPEAT, maps[ax].len = n * r, maps[ax].r = r > 0 ? r : 1;
    return jaxc__remapped(v, maps, NULL);
  }
  if (nrep != 1 && nrep != n) {
    if (total != JAXC_NONE)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: (%d,) and requested shape (%lld,)", nrep, (long long)n);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "operands could not be broadcast together with remapped shapes "
                                    "[original->remapped]: (%d,)  and requested shape (%lld,)", nrep, (long long)n);
  }
  int64_t sum = 0;
  for (int64_t j = 0; j < n; j++) { /* (JAX does not check the counts' signs: its result is garbage) */
    int64_t r = repeats[nrep == 1 ? 0 : j];
    if (r < 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "repeats may not contain negative values.");
    if (r > INT64_MAX - sum) return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "repeat: the counts' sum overflows");
    sum += r;
  }
  int64_t len = total != JAXC_NONE ? total : sum;
  if (len < 0) return (jaxc_array *)jaxc__fail_negative_dims(1, &len);
  if (len == 0 || n == 0) { /* JAX's special cases: built from array([]) (strong), or a itself */
    maps[ax].len = len == 0 ? 0 : n;
    jaxc_array *out = jaxc__remapped(v, maps, NULL);
    if (out && len == 0) out->weak = false;
    return out;
  }
  int64_t *ends = (int64_t *)jaxc__malloc((size_t)n * sizeof *ends);
  if (!ends) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in repeat");
  for (int64_t j = 0, e = 0; j < n; j++) ends[j] = e += repeats[nrep == 1 ? 0 : j];
  maps[ax].kind = JAXC__MAP_TABLE, maps[ax].len = len, maps[ax].ends = ends;
  jaxc_array *out = jaxc__remapped(v, maps, NULL);
  jaxc__free(ends);
  return out;
}
JAXC_API jaxc_array *jaxc_repeat(const jaxc_array *a, int64_t repeats, int axis) {
  return jaxc__repeat_impl(a, 1, &repeats, axis, JAXC_NONE, true);
}
JAXC_API jaxc_array *jaxc_repeat_each(const jaxc_array *a, int nrep, const int64_t *repeats, int axis, int64_t total_repeat_length) {
  return jaxc__repeat_impl(a, nrep, repeats, axis, total_repeat_length, false);
}

/* --- pad ------------------------------------------------------------------------------------- */
/* pad_width as jnp's _broadcast_to_pairs reads it: npad 2 * nd is ((b0, a0), ...), 2 is (b, a)
   for every axis, 1 is b = a for every axis (nd == 1: 2 is the first form too). */
static bool jaxc__pad_form(const char *name, int nd, int n, const void *p) {
  if (n > 0 && !p) return jaxc__fail(JAXC_ERR_ARG, "pad: %s is NULL", name), false;
  if (nd == 0 ? n < 0 || n > 2 : n != 1 && n != 2 && n != 2 * nd)
    return jaxc__fail(JAXC_ERR_SHAPE, "jnp.pad: %s with nd=%d has unsupported shape (%d,). Valid shapes are "
                      "(%d, 2), (1, 2), (2,), (1,), or ().", name, nd, n, nd), false;
  return true;
}
/* where axis k's before (side 0) or after (side 1) value is in a list of n in one of the forms */
static int jaxc__pad_at(int n, int k, int side) { return n == 1 ? 0 : n == 2 ? side : 2 * k + side; }
static bool jaxc__pad_pairs(const jaxc_array *a, int npad, const int64_t *pw, int64_t (*pairs)[2]) {
  if (!jaxc__pad_form("pad_width", a->ndim, npad, pw)) return false;
  for (int k = 0; k < a->ndim; k++)
    for (int side = 0; side < 2; side++) pairs[k][side] = pw[jaxc__pad_at(npad, k, side)];
  return true;
}
/* constant_values converted to a's dtype (XLA's convert: int8 2.7 -> 2, 300 -> 44) and spread to
   fill[axis][before/after], as _pad_constant reads the shapes (), (1,), (2,), (1, 1), (1, 2),
   (nd, 1), (nd, 2). */
static bool jaxc__pad_constants(const jaxc_array *a, const jaxc_array *c, unsigned char *fill) {
  size_t es = jaxc_dtype_size(a->dtype);
  int nd = a->ndim;
  if (!c) { memset(fill, 0, (size_t)nd * 2 * es); return true; }
  jaxc_array *cv = jaxc__astype_impl(c, a->dtype, NULL), *b = NULL;
  if (!cv) return false;
  int64_t pair[2] = {nd, 2};
  if (cv->ndim == 0 || (cv->ndim == 1 && cv->shape[0] == 1)) { /* one value for every side */
    for (int j = 0; j < 2 * nd; j++) memcpy(fill + (size_t)j * es, cv->data, es);
    jaxc_array_free(cv);
    return true;
  }
  if (cv->ndim == 1 && cv->shape[0] != 2) {
    char s[64];
    jaxc__format_shape(s, sizeof s, cv);
    jaxc__fail(JAXC_ERR_SHAPE, "jnp.pad: constant_values has unsupported shape %s. If the shape is 1D or 2D, the last "
               "dimension must be of size 1 or 2.", s);
  } else if ((b = jaxc_broadcast_to(cv, 2, pair)) != NULL) {
    memcpy(fill, b->data, (size_t)nd * 2 * es);
  }
  bool ok = b != NULL;
  jaxc_array_free(cv);
  jaxc_array_free(b);
  return ok;
}
/* x[..., start:stop] along axis ax (Python's bounds; stop JAXC_NONE: to the end) */
static jaxc_array *jaxc__slice_axis(const jaxc_array *x, int ax, int64_t start, int64_t stop) {
  jaxc_slice_spec sp[JAXC_MAX_NDIM];
  for (int k = 0; k < ax; k++) sp[k] = JAXC_ALL;
  sp[ax] = JAXC_S(start, stop, 1);
  return jaxc_slice(x, ax + 1, sp);
}
/* reflect_type='odd', as _pad_symmetric_or_reflect builds it: chunks of at most n - 1 (reflect)
   or n (symmetric) elements sliced from the growing array, flipped, taken from twice the
   current edge, concatenated; with jaxc's own slice, flip, multiply, subtract and concatenate,
   so each value is rounded (or wraps) as JAX's are. */
static jaxc_array *jaxc__edge(const jaxc_array *x, int ax, bool before) {
  return jaxc__slice_axis(x, ax, before ? 0 : -1, before ? 1 : JAXC_NONE);
}
static jaxc_array *jaxc__pad_odd_side(jaxc_array *x, int ax, int64_t n, int64_t pad, bool before, bool reflect) {
  jaxc_array *edge = jaxc__edge(x, ax, before), *two = edge ? jaxc_weak_int(2) : NULL; /* (nothing after a failure) */
  int64_t off = reflect && n > 1 ? 1 : 0;
  while (x && edge && two && pad > 0) {
    int64_t cur = pad < n - off ? pad : n - off;
    pad -= cur;
    jaxc_array *s = before ? jaxc__slice_axis(x, ax, off, off + cur) : jaxc__slice_axis(x, ax, -(cur + off), !reflect || n == 1 ? JAXC_NONE : -1);
    jaxc_array *f = s ? jaxc_flip(s, 1, &ax) : NULL;
    jaxc_array *e2 = f ? jaxc_binary(JAXC_OP_MULTIPLY, two, edge) : NULL;
    jaxc_array *y = e2 ? jaxc_binary(JAXC_OP_SUBTRACT, e2, f) : NULL;
    jaxc_array_free(s), jaxc_array_free(f), jaxc_array_free(e2);
    if (y && n > 1) {
      jaxc_array_free(edge);
      edge = jaxc__edge(y, ax, before);
    }
    const jaxc_array *parts[2] = {before ? y : x, before ? x : y};
    jaxc_array *z = y && edge ? jaxc_concatenate(2, parts, ax) : NULL;
    jaxc_array_free(y), jaxc_array_free(x);
    x = z;
  }
  if (!edge || !two) jaxc_array_free(x), x = NULL;
  jaxc_array_free(edge), jaxc_array_free(two);
  return x;
}
static jaxc_array *jaxc__pad_odd(const jaxc_array *a, const int64_t (*pairs)[2], bool reflect) {
  if (a->dtype == JAXC_BOOL) /* (2 * edge - x is an int32: lax.concatenate refuses the pair) */
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "lax.concatenate requires arguments to have the same dtypes, got int32, bool.");
  jaxc_array *x = jaxc__reshaped_copy(a, a->ndim, a->shape);
  for (int k = 0; k < a->ndim && x; k++) {
    if (a->shape[k] == 0) continue; /* (checked before: no padding there) */
    x = jaxc__pad_odd_side(x, k, a->shape[k], pairs[k][0], true, reflect);
    if (x) x = jaxc__pad_odd_side(x, k, a->shape[k], pairs[k][1], false, reflect);
  }
  return x;
}

/* linear_ramp's side: jnp.linspace(end, edge, w, endpoint=False, dtype=x.dtype, axis) as _linspace
   computes it, in x's inexact dtype: end * (1 - k / w) + edge * (k / w), each operation rounded
   there, floored for integers, then converted; the after side flipped (its end value outermost). */
static jaxc_array *jaxc__pad_ramp(const jaxc_array *x, int ax, int64_t w, double end, bool before) {
  if (w == 0) return jaxc__slice_axis(x, ax, 0, 0);
  jaxc_dtype cd = jaxc__to_inexact(x->dtype), rd = cd == JAXC_C64 ? JAXC_F32 : cd == JAXC_C128 ? JAXC_F64 : cd;
  int64_t shape[JAXC_MAX_NDIM];
  for (int k = 0; k < x->ndim; k++) shape[k] = k == ax ? w : 1;
  jaxc_array *edge = jaxc__edge(x, ax, before), *e0 = edge ? jaxc_weak_float(end) : NULL;
  jaxc_array *start = e0 ? jaxc__astype_impl(e0, cd, NULL) : NULL, *stop = start ? jaxc__astype_impl(edge, cd, NULL) : NULL;
  jaxc_array *out = NULL;
  if (stop && w == 1) {
    out = jaxc_broadcast_to(start, stop->ndim, stop->shape);
  } else if (stop) { /* (iota / w in the real dtype, k exact in float64 first) */
    jaxc_array *k64 = jaxc__new_array(JAXC_F64, false, x->ndim, shape), *iota = NULL, *div = NULL, *q = NULL, *step = NULL;
    jaxc_array *one = NULL, *oms = NULL, *t1 = NULL, *t2 = NULL;
    if (k64) {
      for (int64_t k = 0; k < w; k++) ((double *)k64->data)[k] = (double)k;
      iota = jaxc__astype_impl(k64, rd, NULL);
    }
    if (iota) div = jaxc_scalar(rd, (double)w, 0.0);
    if (div) q = jaxc_binary(JAXC_OP_TRUE_DIVIDE, iota, div);
    if (q) step = jaxc__astype_impl(q, cd, NULL);
    if (step) one = jaxc_weak_int(1);
    if (one) oms = jaxc_binary(JAXC_OP_SUBTRACT, one, step);
    if (oms) t1 = jaxc_binary(JAXC_OP_MULTIPLY, start, oms);
    if (t1) t2 = jaxc_binary(JAXC_OP_MULTIPLY, stop, step);
    if (t2) out = jaxc_binary(JAXC_OP_ADD, t1, t2);
    jaxc_array *tmp[] = {k64, iota, div, q, step, one, oms, t1, t2};
    for (size_t j = 0; j < sizeof tmp / sizeof tmp[0]; j++) jaxc_array_free(tmp[j]);
  }
  jaxc_array_free(edge), jaxc_array_free(e0), jaxc_array_free(start), jaxc_array_free(stop);
  if (out && jaxc__is_integral(x->dtype) && x->dtype != JAXC_BOOL) {
    jaxc_array *f = jaxc_unary(JAXC_OP_FLOOR, out);
    jaxc_array_free(out), out = f;
  }
  jaxc_array *r = out ? jaxc__astype_impl(out, x->dtype, NULL) : NULL;
  jaxc_array_free(out);
  if (r) r->weak = x->weak;
  if (r && !before) {
    jaxc_array *f = jaxc_flip(r, 1, &ax);
    jaxc_array_free(r), r = f;
  }
  return r;
}
/* how a pad mode is built (the last column of JAXC_PAD_MODES) */
typedef enum jaxc__pad_build {
  JAXC__PAD_GATHER, JAXC__PAD_ODD, JAXC__PAD_RAMP, JAXC__PAD_MAX, JAXC__PAD_MEAN, JAXC__PAD_MIN, JAXC__PAD_MEDIAN
} jaxc__pad_build;
/* _pad_stats' side: the statistic along the axis (of its first or last `len` elements, len 0 for
   all), integers rounded half to even, converted to x's dtype and weak flag, repeated w times */
static jaxc_array *jaxc__pad_stat(const jaxc_array *x, int ax, jaxc__pad_build build, int64_t w, int64_t len, bool before) {
  int64_t n = x->shape[ax];
  if (len > n) len = n;
  jaxc_array *part = len == 0 ? NULL : before ? jaxc__slice_axis(x, ax, 0, len) : jaxc__slice_axis(x, ax, -len, JAXC_NONE);
  if (len != 0 && !part) return NULL;
  jaxc_op op = build == JAXC__PAD_MAX ? JAXC_OP_MAX : build == JAXC__PAD_MIN ? JAXC_OP_MIN : JAXC_OP_MEAN;
  jaxc_array *st = build == JAXC__PAD_MEDIAN ? jaxc_median(part ? part : x, ax, true) : jaxc_reduce_ex(op, part ? part : x, ax, true), *r = NULL;
  jaxc_array_free(part);
  if (st && jaxc__is_integral(x->dtype) && x->dtype != JAXC_BOOL) {
    jaxc_array *t = jaxc_unary(JAXC_OP_ROUND, st);
    jaxc_array_free(st), st = t;
  }
  jaxc_array *c = st ? jaxc__astype_impl(st, x->dtype, NULL) : NULL;
  jaxc_array_free(st);
  if (c) c->weak = x->weak, r = jaxc_repeat(c, w, ax);
  jaxc_array_free(c);
  return r;
}
/* linear_ramp and the statistics, axis after axis as JAX builds them: each axis padded from the
   array already padded along the ones before it */
static jaxc_array *jaxc__pad_composed(const jaxc_array *a, const int64_t (*pairs)[2], jaxc__pad_build build, const jaxc_pad_args *args) {
  bool ramp = build == JAXC__PAD_RAMP;
  int nv = ramp ? args->nend : args->nstat;
  if (nv && !jaxc__pad_form(ramp ? "end_values" : "stat_length", a->ndim, nv, ramp ? (const void *)args->end_values : (const void *)args->stat_length))
    return NULL;
  for (int k = 0; k < a->ndim && ramp; k++)
    if (a->shape[k] == 0) { /* (lax.slice_in_dim(array, 0, 1) of an empty axis) */
      int64_t lim[JAXC_MAX_NDIM];
      char s0[24 * JAXC_MAX_NDIM], s1[24 * JAXC_MAX_NDIM];
      for (int j = 0; j < a->ndim; j++) lim[j] = j == k ? 1 : a->shape[j];
      jaxc__format_dims(s0, sizeof s0, a->ndim, lim);
      jaxc__format_shape(s1, sizeof s1, a);
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "slice limit_indices must be less than or equal to operand shape, got "
                                      "limit_indices %s for operand shape %s.", s0, s1);
    }
  for (int k = 0; k < a->ndim && !ramp && nv; k++)
    if (args->stat_length[jaxc__pad_at(nv, k, 0)] == 0 || args->stat_length[jaxc__pad_at(nv, k, 1)] == 0)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "stat_length of 0 yields no value for padding");
  jaxc_array *x = jaxc__reshaped_copy(a, a->ndim, a->shape);
  for (int k = 0; k < a->ndim && x; k++) {
    jaxc_array *side[2] = {NULL, NULL};
    for (int s = 0; s < 2 && (s == 0 || side[0]); s++)
      side[s] = ramp ? jaxc__pad_ramp(x, k, pairs[k][s], nv ? args->end_values[jaxc__pad_at(nv, k, s)] : 0.0, s == 0)
                     : jaxc__pad_stat(x, k, build, pairs[k][s], nv ? args->stat_length[jaxc__pad_at(nv, k, s)] : 0, s == 0);
    const jaxc_array *parts[3] = {side[0], x, side[1]};
    jaxc_array *y = side[1] ? jaxc__concat_impl(3, parts, k, JAXC_DTYPE_NONE) : NULL;
    jaxc_array_free(side[0]), jaxc_array_free(side[1]), jaxc_array_free(x);
    x = y;
  }
  return x;
}

JAXC_API jaxc_array *jaxc_pad(const jaxc_array *a, int npad, const int64_t *pad_width, jaxc_pad_mode mode,
                              const jaxc_array *constant_values) {
  jaxc_pad_args args = {constant_values, 0, NULL, 0, NULL};
  return jaxc_pad_ex(a, npad, pad_width, mode, &args);
}
JAXC_API jaxc_array *jaxc_pad_ex(const jaxc_array *a, int npad, const int64_t *pad_width, jaxc_pad_mode mode,
                                 const jaxc_pad_args *args) {
  static const char *const names[] = {
#define JAXC__PAD_NAME(E, name, map, build) name,
      JAXC_PAD_MODES(JAXC__PAD_NAME)
#undef JAXC__PAD_NAME
  };
  static const jaxc__map_kind kinds[] = {
#define JAXC__PAD_KIND(E, name, map, build) JAXC__MAP_##map,
      JAXC_PAD_MODES(JAXC__PAD_KIND)
#undef JAXC__PAD_KIND
  };
  static const jaxc__pad_build builds[] = {
#define JAXC__PAD_BUILD(E, name, map, build) JAXC__PAD_##build,
      JAXC_PAD_MODES(JAXC__PAD_BUILD)
#undef JAXC__PAD_BUILD
  };
  if (!a || !args) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "pad: the array or the arguments are NULL");
  int64_t pairs[JAXC_MAX_NDIM][2];
  if (!jaxc__pad_pairs(a, npad, pad_width, pairs)) return NULL;
  if ((int)mode < 0 || mode >= JAXC_NUM_PAD_MODES)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Unimplemented padding mode '%d' for np.pad.", (int)mode);
  jaxc__pad_build build = builds[mode];
  bool cv = args->constant_values && mode != JAXC_PAD_CONSTANT, ev = args->nend && build != JAXC__PAD_RAMP;
  bool sv = args->nstat && build < JAXC__PAD_MAX;
  if (cv || ev || sv) /* (Python prints the set in its own order: here always this one) */
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "unsupported keyword arguments for mode '%s': {%s%s%s%s%s}", names[mode],
                                    cv ? "'constant_values'" : "", cv && (ev || sv) ? ", " : "", ev ? "'end_values'" : "",
                                    ev && sv ? ", " : "", sv ? "'stat_length'" : "");
  if (a->ndim == 0) return jaxc__reshaped_copy(a, 0, a->shape); /* (_pad returns a 0-d array as it is) */
  bool neg = false;
  for (int k = 0; k < a->ndim; k++) neg = neg || pairs[k][0] < 0 || pairs[k][1] < 0;
  if (neg) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "index can't contain negative values");
  jaxc__axis_map maps[JAXC_MAX_NDIM];
  jaxc__maps_identity(a, maps);
  bool fills = kinds[mode] == JAXC__MAP_CONST;
  for (int k = 0; k < a->ndim; k++) {
    int64_t n = a->shape[k], b = pairs[k][0], e = pairs[k][1];
    if (n == 0 && !fills && (b > 0 || e > 0))
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Cannot apply '%s' padding to empty axis", names[mode]);
    if (b > INT64_MAX - n || e > INT64_MAX - n - b)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows");
    if (b || e) maps[k].kind = kinds[mode], maps[k].off = b, maps[k].len = n + b + e;
  }
  if (build == JAXC__PAD_ODD) return jaxc__pad_odd(a, (const int64_t(*)[2])pairs, mode == JAXC_PAD_REFLECT_ODD);
  if (build != JAXC__PAD_GATHER) return jaxc__pad_composed(a, (const int64_t(*)[2])pairs, build, args);
  unsigned char fill[JAXC_MAX_NDIM * 2 * 16];
  if (!jaxc__pad_constants(a, mode == JAXC_PAD_CONSTANT ? args->constant_values : NULL, fill)) return NULL;
  return jaxc__remapped(a, maps, fill);
}

/* --- split ----------------------------------------------------------------------------------- */
/* Piece j's bounds along the axis (n long): between the indices when there are some, else equal
   parts with the first `rest` one longer (array_split). */
static void jaxc__split_bounds(const int64_t *idx, int64_t j, int64_t pieces, int64_t n, int64_t part, int64_t rest,
                               int64_t *lo, int64_t *hi) {
  if (idx) {
    *lo = j ? idx[j - 1] : 0, *hi = j < pieces - 1 ? idx[j] : n;
    return;
  }
  *lo = j * part + (j < rest ? j : rest), *hi = *lo + part + (j < rest);
}
/* The pieces as new arrays of a's dtype and weak flag: all of them or none (0 or a status). */
static int jaxc__split_run(const jaxc_array *a, int ax, int64_t pieces, const int64_t *idx, int64_t part, int64_t rest,
                           jaxc_array **out) {
  jaxc_slice_spec sp[JAXC_MAX_NDIM];
  for (int k = 0; k < ax; k++) sp[k] = JAXC_ALL;
  for (int64_t j = 0; j < pieces; j++) {
    int64_t lo, hi;
    jaxc__split_bounds(idx, j, pieces, a->shape[ax], part, rest, &lo, &hi);
    sp[ax] = JAXC_S(lo, hi, 1);
    if (!(out[j] = jaxc_slice(a, ax + 1, sp))) {
      while (j > 0) jaxc_array_free(out[--j]), out[j] = NULL;
      return (int)jaxc_last_status();
    }
  }
  jaxc__ok();
  return JAXC_OK;
}
/* jnp's _split reads the axis as Python indexes a tuple (a negative one counts from the end) */
static bool jaxc__split_axis(const jaxc_array *a, int axis, jaxc_array **out, int *ax) {
  if (!a || !out) return jaxc__fail(JAXC_ERR_ARG, "split: the array or the output list is NULL"), false;
  return jaxc__python_axis(axis, a->ndim, ax);
}
/* jnp.split / jnp.array_split with a number of sections. */
static int jaxc__split_sections(const jaxc_array *a, int64_t sections, int axis, jaxc_array **out, bool array_split) {
  int ax;
  if (!jaxc__split_axis(a, axis, out, &ax)) return (int)jaxc_last_status();
  int64_t n = a->shape[ax];
  if (sections == 0) return jaxc__fail(JAXC_ERR_ARG, "integer division or modulo by zero"), JAXC_ERR_ARG;
  if (sections < 0) { /* ([part] * negative is []: lax.split's check of the sizes' sum) */
    if (n == 0) return jaxc__ok(), JAXC_OK;
    char s[24 * JAXC_MAX_NDIM];
    jaxc__format_shape(s, sizeof s, a);
    return jaxc__fail(JAXC_ERR_SHAPE, "Sum of sizes 0 must be equal to dimension %d of the operand shape %s", ax, s), JAXC_ERR_SHAPE;
  }
  int64_t part = n / sections, rest = n % sections;
  if (rest && !array_split)
    return jaxc__fail(JAXC_ERR_SHAPE, "array split does not result in an equal division: rest is %lld", (long long)rest), JAXC_ERR_SHAPE;
  return jaxc__split_run(a, ax, sections, NULL, part, rest, out);
}
JAXC_API int jaxc_split(const jaxc_array *a, int64_t sections, int axis, jaxc_array **out) {
  return jaxc__split_sections(a, sections, axis, out, false);
}
JAXC_API int jaxc_array_split(const jaxc_array *a, int64_t sections, int axis, jaxc_array **out) {
  return jaxc__split_sections(a, sections, axis, out, true);
}
/* jnp.split with indices: as lax.split takes their differences, none is clamped or counted from
   the end; a negative difference is JAX's error. */
JAXC_API int jaxc_split_at(const jaxc_array *a, int nindices, const int64_t *indices, int axis, jaxc_array **out) {
  int ax;
  if (!jaxc__split_axis(a, axis, out, &ax)) return (int)jaxc_last_status();
  if (nindices < 0 || (nindices > 0 && !indices)) return jaxc__fail(JAXC_ERR_ARG, "split: invalid index list"), JAXC_ERR_ARG;
  int64_t pieces = (int64_t)nindices + 1, lo, hi;
  bool neg = false;
  for (int64_t j = 0; j < pieces; j++) {
    jaxc__split_bounds(indices, j, pieces, a->shape[ax], 0, 0, &lo, &hi);
    neg = neg || hi < lo;
  }
  if (!neg) return jaxc__split_run(a, ax, pieces, indices, 0, 0, out);
#ifndef JAXC_NO_STDIO
  char list[1024]; /* (NumPy 2 prints the np.int64 differences so) */
  size_t at = (size_t)snprintf(list, sizeof list, "[");
  for (int64_t j = 0; j < pieces && at < sizeof list; j++) {
    jaxc__split_bounds(indices, j, pieces, a->shape[ax], 0, 0, &lo, &hi);
    int64_t d = (int64_t)((uint64_t)hi - (uint64_t)lo); /* (np.diff of int64 wraps) */
    at += (size_t)snprintf(list + at, sizeof list - at, "%snp.int64(%lld)", j ? ", " : "", (long long)d);
  }
  if (at < sizeof list) snprintf(list + at, sizeof list - at, "]");
  return jaxc__fail(JAXC_ERR_ARG, "Sizes passed to split must be nonnegative, got %s", list), JAXC_ERR_ARG;
#else
  return jaxc__fail(JAXC_ERR_ARG, "Sizes passed to split must be nonnegative"), JAXC_ERR_ARG;
#endif
}
/* jnp.hsplit, vsplit, dsplit: split on their axis (hsplit's is 0 for a 1-D a) */
static int jaxc__hsplit_axis(const jaxc_array *a) { return a && a->ndim == 1 ? 0 : 1; }
JAXC_API int jaxc_hsplit(const jaxc_array *a, int64_t sections, jaxc_array **out) {
  return jaxc_split(a, sections, jaxc__hsplit_axis(a), out);
}
JAXC_API int jaxc_vsplit(const jaxc_array *a, int64_t sections, jaxc_array **out) { return jaxc_split(a, sections, 0, out); }
JAXC_API int jaxc_dsplit(const jaxc_array *a, int64_t sections, jaxc_array **out) { return jaxc_split(a, sections, 2, out); }
JAXC_API int jaxc_hsplit_at(const jaxc_array *a, int nindices, const int64_t *indices, jaxc_array **out) {
  return jaxc_split_at(a, nindices, indices, jaxc__hsplit_axis(a), out);
}
JAXC_API int jaxc_vsplit_at(const jaxc_array *a, int nindices, const int64_t *indices, jaxc_array **out) {
  return jaxc_split_at(a, nindices, indices, 0, out);
}
JAXC_API int jaxc_dsplit_at(const jaxc_array *a, int nindices, const int64_t *indices, jaxc_array **out) {
  return jaxc_split_at(a, nindices, indices, 2, out);
}
/* jnp.unstack: lax.unstack's slices, each squeezed */
JAXC_API int jaxc_unstack(const jaxc_array *x, int axis, jaxc_array **out) {
  if (!x || !out) return jaxc__fail(JAXC_ERR_ARG, "unstack: the array or the output list is NULL"), JAXC_ERR_ARG;
  if (x->ndim == 0)
    return jaxc__fail(JAXC_ERR_SHAPE, "Unstack requires arrays with rank > 0, however a scalar array was passed."), JAXC_ERR_SHAPE;
  int ax;
  if (!jaxc__canon_axis(axis, x->ndim, &ax)) return (int)jaxc_last_status();
  int64_t n = x->shape[ax];
  for (int64_t i = 0; i < n; i++) out[i] = NULL;
  for (int64_t i = 0; i < n; i++)
    if (!(out[i] = jaxc__slice_on(x, ax, JAXC_I(i)))) {
      while (i > 0) jaxc_array_free(out[--i]), out[i] = NULL;
      return (int)jaxc_last_status();
    }
  jaxc__ok();
  return JAXC_OK;
}
/* --- delete, insert, append ------------------------------------------------------------------------
   jnp.delete and jnp.insert rebuild one axis, in one pass over memory by one of three walks:
   runs of a's consecutive elements and holes (a JAXC__MAP_RUNS map in the remap walk above;
   insert's values are then written into their holes), every r-th element left out (a
   JAXC__MAP_SKIP map: a slice or one index deleted), or a mask compressed (many deletions). JAX
   computes the positions in the index array's dtype. Where that arithmetic is exact (delete's
   unique, in-range indices; insert's result axis within the dtype's range) the runs are read off
   the sorted indices; elsewhere JAX's steps are followed position by position, wrapping in the
   dtype as XLA does. */
typedef struct jaxc__splice {
  int64_t len;                  /* the result axis' length */
  int64_t nrun, *ends, *first;  /* the runs, as a RUNS map holds them */
  int64_t nval, *vpos, *vidx;   /* insert: value vidx[t] goes to position vpos[t] */
} jaxc__splice;
static void jaxc__splice_free(jaxc__splice *sp) {
  jaxc__free(sp->ends), jaxc__free(sp->first), jaxc__free(sp->vpos), jaxc__free(sp->vidx);
}
static bool jaxc__splice_alloc(jaxc__splice *sp, int64_t maxrun, int64_t nval) {
  size_t r = (size_t)(maxrun > 0 ? maxrun : 1) * sizeof(int64_t), v = (size_t)(nval > 0 ? nval : 1) * sizeof(int64_t);
  sp->len = sp->nrun = sp->nval = 0;
  sp->ends = (int64_t *)jaxc__malloc(r), sp->first = (int64_t *)jaxc__malloc(r);
  sp->vpos = (int64_t *)jaxc__malloc(v), sp->vidx = (int64_t *)jaxc__malloc(v);
  if (sp->ends && sp->first && sp->vpos && sp->vidx) return true;
  jaxc__splice_free(sp);
  return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in delete/insert"), false;
}
/* count more result positions taken from a's index src on (-1: a hole), joining the last run
   where they continue it */
static void jaxc__splice_push(jaxc__splice *sp, int64_t src, int64_t count) {
  if (count <= 0) return;
  int64_t j = sp->nrun - 1;
  if (j >= 0) {
    int64_t len = sp->ends[j] - (j ? sp->ends[j - 1] : 0);
    if (src < 0 ? sp->first[j] < 0 : sp->first[j] >= 0 && sp->first[j] + len == src) {
      sp->ends[j] += count;
      return;
    }
  }
  sp->first[++j] = src < 0 ? -1 : src;
  sp->ends[j] = (j ? sp->ends[j - 1] : 0) + count;
  sp->nrun = j + 1;
}
/* a's axis of n without the sorted, distinct positions del[0 .. m) */
static bool jaxc__splice_deleted(int64_t n, const int64_t *del, int64_t m, jaxc__splice *sp) {
  if (!jaxc__splice_alloc(sp, m + 1, 0)) return false;
  int64_t from = 0;
  for (int64_t k = 0; k < m; k++) jaxc__splice_push(sp, from, del[k] - from), from = del[k] + 1;
  jaxc__splice_push(sp, from, n - from);
  sp->len = n - m;
  return true;
}
/* a's axis of n with m values before the sorted positions pos[] (in [0, n]); value who[k] goes
   before element pos[k] (so to pos[k] + k) */
static bool jaxc__splice_inserted(int64_t n, const int64_t *pos, const int64_t *who, int64_t m, jaxc__splice *sp) {
  if (!jaxc__splice_alloc(sp, 2 * m + 1, m)) return false;
  int64_t from = 0;
  for (int64_t k = 0; k < m; k++) {
    jaxc__splice_push(sp, from, pos[k] - from), from = pos[k];
    jaxc__splice_push(sp, -1, 1);
    sp->vpos[k] = pos[k] + k, sp->vidx[k] = who[k];
  }
  jaxc__splice_push(sp, from, n - from);
  sp->len = n + m, sp->nval = m;
  return true;
}
/* The result axis position by position: src[p] >= 0 is a's element, -1 a zero, -2 - j value j. */
static bool jaxc__splice_sources(const int64_t *src, int64_t len, int64_t nval, jaxc__splice *sp) {
  if (!jaxc__splice_alloc(sp, len, nval)) return false;
  for (int64_t p = 0; p < len; p++) {
    jaxc__splice_push(sp, src[p] >= 0 ? src[p] : -1, 1);
    if (src[p] <= -2) sp->vpos[sp->nval] = p, sp->vidx[sp->nval++] = -2 - src[p];
  }
  sp->len = len;
  return true;
}

typedef struct { char *d; const char *s; const jaxc__splice *sp; size_t unit; int64_t nv; } jaxc__splice_job;
/* the values of outer index o */
static void jaxc__splice_outer(const void *jp, int64_t o) {
  const jaxc__splice_job *J = (const jaxc__splice_job *)jp;
  const jaxc__splice *sp = J->sp;
  for (int64_t t = 0; t < sp->nval; t++)
    jaxc__copy_units(J->d + (size_t)(o * sp->len + sp->vpos[t]) * J->unit, J->s + (size_t)(o * J->nv + sp->vidx[t]) * J->unit, J->unit, 1);
}
/* values (x's dtype, contiguous, x's shape but for the axis) into their places in out */
static void jaxc__splice_values(jaxc_array *out, int ax, const jaxc_array *v, const jaxc__splice *sp) {
  int64_t outer = 1, inner = 1;
  for (int k = 0; k < ax; k++) outer *= out->shape[k];
  for (int k = ax + 1; k < out->ndim; k++) inner *= out->shape[k];
  jaxc__splice_job J = {(char *)out->data, (const char *)v->data, sp, (size_t)inner * jaxc_dtype_size(out->dtype), v->shape[ax]};
  jaxc__items_run(&J, jaxc__splice_outer, outer, (size_t)(outer * sp->nval) * J.unit > JAXC_PAR_BYTES);
}
/* x without c elements of axis ax, from f on, every s-th (s >= 1) */
static jaxc_array *jaxc__skipped(const jaxc_array *x, int ax, int64_t f, int64_t s, int64_t c) {
  int64_t shape[JAXC_MAX_NDIM];
  jaxc__axis_map maps[JAXC_MAX_NDIM];
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  shape[ax] -= c;
  jaxc_array *out = jaxc__new_array(x->dtype, x->weak, x->ndim, shape);
  if (!out) return NULL;
  jaxc__maps_identity(x, maps);
  maps[ax].kind = JAXC__MAP_SKIP, maps[ax].len = shape[ax];
  maps[ax].off = c ? f : x->shape[ax], maps[ax].r = c ? s : 1, maps[ax].nrun = c;
  jaxc__remap_into(out, x, maps, NULL);
  jaxc__ok();
  return out;
}
/* x with its axis ax rebuilt as sp says (values: insert's, broadcast, or NULL); sp is freed */
static jaxc_array *jaxc__spliced(const jaxc_array *x, int ax, jaxc__splice *sp, const jaxc_array *values) {
  static const unsigned char zeros[JAXC_MAX_NDIM * 2 * 16];
  int64_t shape[JAXC_MAX_NDIM];
  jaxc__axis_map maps[JAXC_MAX_NDIM];
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  shape[ax] = sp->len;
  jaxc_array *out = jaxc__new_array(x->dtype, x->weak, x->ndim, shape);
  if (out) {
    jaxc__maps_identity(x, maps);
    maps[ax].kind = JAXC__MAP_RUNS, maps[ax].len = sp->len;
    maps[ax].ends = sp->ends, maps[ax].first = sp->first, maps[ax].nrun = sp->nrun;
    jaxc__remap_into(out, x, maps, zeros);
    if (values && out->size) jaxc__splice_values(out, ax, values, sp);
    jaxc__ok();
  }
  jaxc__splice_free(sp);
  return out;
}

/* i wrapped to an integer dtype's width (a uint64's bits as int64_t), as XLA's arithmetic wraps */
static int64_t jaxc__ix_wrap(uint64_t i, jaxc_dtype dt) {
  int bits = (int)jaxc_dtype_bits(dt);
  if (bits >= 64) return (int64_t)i;
  i &= ((uint64_t)1 << bits) - 1;
  bool neg = jaxc_dtype_kind(dt) == JAXC_KIND_INT && (i >> (bits - 1));
  return neg ? (int64_t)i - ((int64_t)1 << bits) : (int64_t)i;
}
/* an index value's place in its dtype's order, as an unsigned key */
static uint64_t jaxc__ix_key(int64_t v, jaxc_dtype dt) {
  return dt == JAXC_U64 ? (uint64_t)v : (uint64_t)v ^ ((uint64_t)1 << 63);
}
/* JAX's where(i < 0, i + n, i) then clip(i, 0, n) */
static int64_t jaxc__ix_clip(int64_t v, jaxc_dtype dt, int64_t n) {
  if (dt == JAXC_U64 && v < 0) return n; /* (past INT64_MAX) */
  if (v < 0) v += n;
  return v < 0 ? 0 : v > n ? n : v;
}
/* v[0 .. m) sorted ascending (each in [0, max]); with who (or NULL) carried along, stably */
static bool jaxc__sort_positions(int64_t *v, int64_t *who, int64_t m, int64_t max) {
  int ndig = 1;
  while (ndig < 8 && ((uint64_t)max >> (8 * ndig))) ndig++;
  jaxc__rec *r = (jaxc__rec *)jaxc__malloc((size_t)(2 * m + 1) * sizeof *r);
  if (!r) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in delete/insert"), false;
  for (int64_t k = 0; k < m; k++) r[k].k = (uint64_t)v[k], r[k].p = who ? (uint64_t)who[k] : 0;
  jaxc__rec *sorted = jaxc__radix_rec(r, r + m, m, 0, ndig);
  for (int64_t k = 0; k < m; k++) {
    v[k] = (int64_t)sorted[k].k;
    if (who) who[k] = (int64_t)sorted[k].p;
  }
  jaxc__free(r);
  return true;
}

/* The axis to work on: a's own, or (JAXC_ALL_AXES) the only one of a flattened view. */
static bool jaxc__splice_axis(const char *name, const jaxc_array *a, int axis, jaxc_array *flat, const jaxc_array **x,
                              int *ax) {
  if (!a) return jaxc__fail(JAXC_ERR_ARG, "%s: an operand is NULL", name), false;
  if (axis != JAXC_ALL_AXES) return *x = a, jaxc__canon_axis(axis, a->ndim, ax);
  int64_t n = a->size;
  jaxc__view(flat, a, 1, &n);
  *x = flat, *ax = 0;
  return true;
}
static bool jaxc__fits_int32_axes(const jaxc_array *x, int ax, int64_t len) {
  bool ok = len <= INT32_MAX;
  for (int k = 0; k < x->ndim; k++) ok = ok && (k == ax || x->shape[k] <= INT32_MAX);
  return ok;
}

/* jnp.delete's assume_unique_indices arithmetic: positions counted from the end once, clipped
   to [0, n] and sorted (s), then s_k - k; the result's element j is a's j + #{k : j >= s_k - k},
   gathered as x[idx] gathers (clamped). Where the positions are distinct and inside the axis
   this deletes exactly them; elsewhere the arithmetic runs in the index dtype, as in JAX. */
static jaxc_array *jaxc__delete_marked(const jaxc_array *x, int ax, const jaxc_array *obj, int64_t *iv);
static jaxc_array *jaxc__delete_unique(const jaxc_array *x, int ax, const jaxc_array *obj, const int64_t *iv) {
  int64_t m = obj->size, n = x->shape[ax], len = n - m > 0 ? n - m : 0;
  jaxc_dtype dt = obj->dtype;
  if (!jaxc__python_int_ok(n, dt)) return NULL;
  int64_t *s = (int64_t *)jaxc__malloc((size_t)(2 * m + len + 1) * sizeof(int64_t));
  if (!s) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in delete");
  for (int64_t k = 0; k < m; k++) s[k] = jaxc__ix_clip(iv[k], dt, n);
  if (!jaxc__sort_positions(s, NULL, m, n)) { jaxc__free(s); return NULL; }
  bool exact = true, ok;
  for (int64_t k = 0; exact && k < m; k++) exact = s[k] < n && (k == 0 || s[k] > s[k - 1]);
  jaxc__splice sp;
  if (exact && m * 32 >= n) { /* (many: compressed, as without the promise) */
    jaxc_array *r = jaxc__delete_marked(x, ax, obj, s);
    jaxc__free(s);
    return r;
  }
  if (exact) {
    ok = jaxc__splice_deleted(n, s, m, &sp);
  } else {
    uint64_t *t = (uint64_t *)s; /* s_k - k in the dtype, as keys in its order, sorted */
    for (int64_t k = 0; k < m; k++) t[k] = jaxc__ix_key(jaxc__ix_wrap((uint64_t)s[k] - (uint64_t)k, dt), dt);
    int64_t *src = s + m;
    t = jaxc__radix_u64(t, (uint64_t *)(s + m + len), m, 0, 8);
    bool conv32 = jaxc__fits_int32_axes(x, ax, n);
    for (int64_t j = 0, c = 0; j < len; j++) {
      while (c < m && t[c] <= jaxc__ix_key(j, dt)) c++;
      src[j] = jaxc__resolve_ix(jaxc__ix_wrap((uint64_t)j + (uint64_t)c, dt), dt, n, JAXC_MODE_DEFAULT, JAXC__IX_GET, conv32);
    }
    ok = jaxc__splice_sources(src, len, 0, &sp);
  }
  jaxc__free(s);
  return ok ? jaxc__spliced(x, ax, &sp, NULL) : NULL;
}
/* NumPy's mask[obj] = False on integer positions: a negative one counts from the end once; one
   outside the axis is NumPy's IndexError. iv is rewritten with the positions. */
static bool jaxc__delete_in_range(const jaxc_array *obj, int64_t *iv, int64_t n) {
  for (int64_t k = 0; k < obj->size; k++) {
    bool big = obj->dtype == JAXC_U64 && iv[k] < 0;
    if (big || iv[k] >= n || iv[k] < -n) {
      if (big) jaxc__fail(JAXC_ERR_INDEX, "index %llu is out of bounds for axis 0 with size %lld", (unsigned long long)iv[k], (long long)n);
      else jaxc__fail(JAXC_ERR_INDEX, "index %lld is out of bounds for axis 0 with size %lld", (long long)iv[k], (long long)n);
      return false;
    }
    if (iv[k] < 0) iv[k] += n;
  }
  return true;
}
/* x without the positions gone[] marks (m of them) along axis ax: each unit stored and the
   result advanced past it only where kept, so random masks cost no mispredicted branches (runs
   cost a record each: 35x NumPy's time on a random half). The axis is cut into pieces whose
   kept counts place them; the threads take rows times pieces. */
static void jaxc__compress_piece(char *d, const char *s, const unsigned char *gone, size_t unit, int64_t i0, int64_t i1) {
  while (i1 > i0 && gone[i1 - 1]) i1--; /* (a store past the piece's last kept unit would land in the next piece) */
  switch (unit) {
#define JAXC__COMPRESS_CASE(B)                          \
  case B:                                               \
    for (int64_t i = i0; i < i1; i++) {                 \
      memcpy(d, s + (size_t)i * B, B);                  \
      d += gone[i] ? 0 : B;                             \
    }                                                   \
    return;
    JAXC__COMPRESS_CASE(1) JAXC__COMPRESS_CASE(2) JAXC__COMPRESS_CASE(4) JAXC__COMPRESS_CASE(8) JAXC__COMPRESS_CASE(16)
#undef JAXC__COMPRESS_CASE
  default:
    for (int64_t i = i0; i < i1; i++)
      if (!gone[i]) memcpy(d, s + (size_t)i * unit, unit), d += unit;
  }
}
enum { JAXC__COMPRESS_PIECE = 1 << 16 };
/* Deletion by marks, in pieces of the axis: piece c keeps what falls in [start[c], start[c + 1])
   of the result */
typedef struct {
  const unsigned char *gone;
  int64_t n, m, pieces;
  int64_t *kept;        /* (jaxc__piece_starts: the counts, summed into start) */
  const int64_t *start;
  char *dst;
  const char *src;
  size_t unit;
} jaxc__cut_job;
static void jaxc__piece_kept(const void *jp, int64_t c) {
  const jaxc__cut_job *J = (const jaxc__cut_job *)jp;
  int64_t i0 = c * JAXC__COMPRESS_PIECE, i1 = i0 + JAXC__COMPRESS_PIECE < J->n ? i0 + JAXC__COMPRESS_PIECE : J->n;
  J->kept[c + 1] = (i1 - i0) - jaxc__sum_flags(J->gone + i0, i1 - i0);
}
/* start[c]: the kept units before piece c of the axis (pieces + 1 of them); the marked count */
static int64_t jaxc__piece_starts(const unsigned char *gone, int64_t n, int64_t pieces, int64_t *start) {
  jaxc__cut_job J = {gone, n, 0, pieces, start, NULL, NULL, NULL, 0};
  jaxc__items_run(&J, jaxc__piece_kept, pieces, (size_t)n > JAXC_PAR_BYTES);
  start[0] = 0;
  for (int64_t c = 0; c < pieces; c++) start[c + 1] += start[c];
  return n - start[pieces];
}
/* piece c of outer index o (item o * pieces + c) into its place */
static void jaxc__cut_piece(const void *jp, int64_t it) {
  const jaxc__cut_job *J = (const jaxc__cut_job *)jp;
  int64_t n = J->n, o = it / J->pieces, c = it % J->pieces, i1 = (c + 1) * JAXC__COMPRESS_PIECE < n ? (c + 1) * JAXC__COMPRESS_PIECE : n;
  jaxc__compress_piece(J->dst + (size_t)(o * (n - J->m) + J->start[c]) * J->unit, J->src + (size_t)(o * n) * J->unit, J->gone, J->unit,
                       c * JAXC__COMPRESS_PIECE, i1);
}
static jaxc_array *jaxc__compressed(const jaxc_array *x, int ax, const unsigned char *gone, int64_t m, const int64_t *start) {
  int64_t shape[JAXC_MAX_NDIM], n = x->shape[ax], outer = 1, inner = 1;
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)x->ndim);
  shape[ax] = n - m;
  jaxc_array *out = jaxc__new_array(x->dtype, x->weak, x->ndim, shape);
  if (!out) return NULL;
  for (int k = 0; k < ax; k++) outer *= x->shape[k];
  for (int k = ax + 1; k < x->ndim; k++) inner *= x->shape[k];
  int64_t pieces = (n + JAXC__COMPRESS_PIECE - 1) / JAXC__COMPRESS_PIECE;
  jaxc__cut_job J = {gone, n, m, pieces, NULL, start, (char *)out->data, (const char *)x->data,
                     (size_t)inner * jaxc_dtype_size(x->dtype)};
  if (out->size) jaxc__items_run(&J, jaxc__cut_piece, outer * pieces, (size_t)x->size * jaxc_dtype_size(x->dtype) > JAXC_PAR_BYTES);
  jaxc__ok();
  return out;
}
/* NumPy's delete by a bool mask, or by positions iv[] marking one: few deletions as runs of a
   (a memcpy each), many by compressing. */
static jaxc_array *jaxc__delete_marked(const jaxc_array *x, int ax, const jaxc_array *obj, int64_t *iv) {
  int64_t n = x->shape[ax], m = obj->size, pieces = (n + JAXC__COMPRESS_PIECE - 1) / JAXC__COMPRESS_PIECE;
  const unsigned char *mask = iv ? NULL : (const unsigned char *)obj->data;
  int64_t *start = (int64_t *)jaxc__malloc((size_t)(pieces + 1) * sizeof(int64_t));
  if (!start) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in delete");
  if (mask) m = jaxc__piece_starts(mask, n, pieces, start);
  if (m * 32 < n) { /* sorted, distinct positions */
    jaxc__free(start);
    int64_t u = 0, *own = NULL;
    if (mask && !(iv = own = (int64_t *)jaxc__malloc((size_t)(m + 1) * sizeof(int64_t))))
      return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in delete");
    for (int64_t k = 0; k < (mask ? n : m); k++)
      if (!mask || mask[k]) iv[u++] = mask ? k : iv[k];
    if (!jaxc__sort_positions(iv, NULL, u, n)) { jaxc__free(own); return NULL; }
    m = 0;
    for (int64_t k = 0; k < u; k++)
      if (m == 0 || iv[k] != iv[m - 1]) iv[m++] = iv[k];
    jaxc__splice sp;
    bool ok = jaxc__splice_deleted(n, iv, m, &sp);
    jaxc__free(own);
    return ok ? jaxc__spliced(x, ax, &sp, NULL) : NULL;
  }
  const unsigned char *gone = mask;
  unsigned char *marks = NULL;
  if (!mask) {
    if (!(marks = (unsigned char *)jaxc__malloc((size_t)n))) {
      jaxc__free(start);
      return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in delete");
    }
    memset(marks, 0, (size_t)n);
    for (int64_t k = 0; k < obj->size; k++) marks[iv[k]] = 1;
    m = jaxc__piece_starts(marks, n, pieces, start);
    gone = marks;
  }
  jaxc_array *r = jaxc__compressed(x, ax, gone, m, start);
  jaxc__free(marks), jaxc__free(start);
  return r;
}

JAXC_API jaxc_array *jaxc_delete(const jaxc_array *a, const jaxc_array *obj, int axis, bool assume_unique_indices) {
  jaxc_array flat;
  const jaxc_array *x;
  int ax;
  if (!obj) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "delete: an operand is NULL");
  if (!jaxc__splice_axis("delete", a, axis, &flat, &x, &ax)) return NULL;
  int64_t n = x->shape[ax];
  int kind = jaxc_dtype_kind(obj->dtype);
  bool integer = kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT;
  if (!integer && kind != JAXC_KIND_BOOL)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "np.delete(arr, obj): got obj.dtype=%s; must be integer or bool.",
                                    jaxc_dtype_name(obj->dtype));
  if (kind == JAXC_KIND_BOOL && (obj->ndim != 1 || obj->shape[0] != n))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "np.delete(arr, obj): for boolean indices, obj must be one-dimensional "
                                                    "with length matching specified axis.");
  if (!integer) return jaxc__delete_marked(x, ax, obj, NULL);
  int64_t *iv = (int64_t *)jaxc__malloc((size_t)(obj->size + 1) * sizeof(int64_t));
  if (!iv) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in delete");
  jaxc__index_values(obj, iv);
  jaxc_array *r = NULL;
  if (obj->ndim == 0) { /* jnp.delete(a, i): operator.index, then canonicalize_axis(i, n) */
    bool big = obj->dtype == JAXC_U64 && iv[0] < 0;
    if (big || iv[0] >= n || iv[0] < -n) {
      if (big) jaxc__fail(JAXC_ERR_ARG, "axis %llu is out of bounds for array of dimension %lld", (unsigned long long)iv[0], (long long)n);
      else jaxc__fail(JAXC_ERR_ARG, "axis %lld is out of bounds for array of dimension %lld", (long long)iv[0], (long long)n);
    } else {
      r = jaxc__skipped(x, ax, iv[0] < 0 ? iv[0] + n : iv[0], 1, 1);
    }
  } else if (assume_unique_indices) {
    r = jaxc__delete_unique(x, ax, obj, iv);
  } else if (jaxc__delete_in_range(obj, iv, n)) {
    r = jaxc__delete_marked(x, ax, obj, iv);
  }
  jaxc__free(iv);
  return r;
}
/* jnp.delete with a slice (arange(n)[obj], distinct positions) or one index (JAXC_I). */
JAXC_API jaxc_array *jaxc_delete_slice(const jaxc_array *a, jaxc_slice_spec obj, int axis) {
  jaxc_array flat;
  const jaxc_array *x;
  int ax;
  if (!jaxc__splice_axis("delete", a, axis, &flat, &x, &ax)) return NULL;
  int64_t n = x->shape[ax], first, step, cnt;
  if (obj.index) {
    if (obj.start >= n || obj.start < -n)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "axis %lld is out of bounds for array of dimension %lld", (long long)obj.start, (long long)n);
    first = obj.start < 0 ? obj.start + n : obj.start, step = 1, cnt = 1;
  } else {
    if (!jaxc__slice_range(obj, n, &first, &step, &cnt)) return NULL;
    if (!jaxc__python_int_ok(n, jaxc_x64() ? JAXC_I64 : JAXC_I32)) return NULL; /* (arange's default int) */
  }
  if (step < 0 && cnt > 0) first += (cnt - 1) * step, step = -step; /* (the same elements, ascending) */
  return jaxc__skipped(x, ax, first, step, cnt);
}

/* jnp.insert after its obj is read: iv[0 .. m) positions of dtype dt (scalar: a 0-d obj). */
static jaxc_array *jaxc__insert_impl(const jaxc_array *x, int ax, int64_t *iv, int64_t m, jaxc_dtype dt, bool scalar,
                                     const jaxc_array *values) {
  int nd = x->ndim;
  int64_t n = x->shape[ax];
  /* values_arr = array(values, ndmin=a.ndim, dtype=a.dtype); a 0-d obj moves its first axis */
  jaxc_array *vc = jaxc__astype_exact(values, x->dtype), *moved = NULL, *vb = NULL, *r = NULL;
  if (!vc) return NULL;
  int vnd = values->ndim < nd ? nd : values->ndim;
  int64_t vshape[JAXC_MAX_NDIM], shape[JAXC_MAX_NDIM], size;
  for (int k = 0; k < vnd; k++) vshape[k] = k < vnd - values->ndim ? 1 : values->shape[k - (vnd - values->ndim)];
  jaxc_array view;
  jaxc__view(&view, vc, vnd, vshape);
  const jaxc_array *v = &view;
  if (m == 1 && scalar && !(v = moved = jaxc_moveaxis(&view, 0, ax))) goto done;
  int64_t nv = v->shape[ax], mi = m == 1 ? nv : m, ni = mi;
  if (mi != nv && nv != 1) {
    jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: shapes=[(%lld,), (%lld,)]", (long long)mi, (long long)nv);
    goto done;
  }
  memcpy(shape, x->shape, sizeof(int64_t) * (size_t)nd);
  shape[ax] = ni;
  if (n > INT64_MAX - ni) { jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows"); goto done; }
  if (!jaxc__python_int_ok(n, dt)) goto done; /* where(indices < 0, indices + n_input, indices) */
  if (!jaxc__check_shape(nd, shape, &size)) goto done;
  if (size > 0 && !(vb = jaxc_broadcast_to(v, nd, shape))) goto done; /* (an empty scatter looks at nothing) */
  int64_t len = n + ni, *pos = (int64_t *)jaxc__malloc((size_t)(2 * ni + 1) * sizeof(int64_t)), *who = pos + ni;
  if (!pos) { jaxc__fail(JAXC_ERR_NOMEM, "out of memory in insert"); goto done; }
  for (int64_t k = 0; k < ni; k++) pos[k] = jaxc__ix_clip(iv[m == 1 ? 0 : k], dt, n), who[k] = k;
  jaxc__splice sp;
  bool ok = jaxc__sort_positions(pos, who, ni, n); /* argsort(indices), stable */
  if (ok && len - 1 <= jaxc__ix_max(dt)) {
    ok = jaxc__splice_inserted(n, pos, who, ni, &sp);
  } else if (ok) {
    /* values_ind = indices.at[argsort].add(arange) wraps: JAX's scatters, position by position */
    int64_t *src = (int64_t *)jaxc__malloc((size_t)(len + ni) * sizeof(int64_t)), *at = src + len;
    ok = src != NULL;
    if (!ok) jaxc__fail(JAXC_ERR_NOMEM, "out of memory in insert");
    bool conv32 = jaxc__fits_int32_axes(x, ax, len);
    for (int64_t p = 0; ok && p < len; p++) src[p] = -1;
    for (int64_t k = 0; ok && k < ni; k++)
      at[who[k]] = jaxc__resolve_ix(jaxc__ix_wrap((uint64_t)pos[k] + (uint64_t)k, dt), dt, len, JAXC_MODE_DEFAULT, JAXC__IX_UPDATE, conv32);
    for (int64_t j = 0; ok && j < ni; j++) /* out.at[values_ind].set(values): the last one wins */
      if (at[j] >= 0) src[at[j]] = -2 - j;
    for (int64_t p = 0, i = 0; ok && i < n; p++) /* arr_ind: where(mask, size=n); at least n are left */
      if (src[p] == -1) src[p] = i++;
    if (ok) ok = jaxc__splice_sources(src, len, ni, &sp);
    jaxc__free(src);
  }
  jaxc__free(pos);
  if (ok) r = jaxc__spliced(x, ax, &sp, vb);
done:
  jaxc_array_free(vc), jaxc_array_free(moved), jaxc_array_free(vb);
  return r;
}
JAXC_API jaxc_array *jaxc_insert(const jaxc_array *a, const jaxc_array *obj, const jaxc_array *values, int axis) {
  jaxc_array flat;
  const jaxc_array *x;
  int ax;
  if (!obj || !values) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "insert: an operand is NULL");
  if (!jaxc__splice_axis("insert", a, axis, &flat, &x, &ax)) return NULL;
  char aval[32 + 24 * JAXC_MAX_NDIM];
  int kind = jaxc_dtype_kind(obj->dtype);
  if (obj->ndim > 1 || (kind != JAXC_KIND_INT && kind != JAXC_KIND_UINT)) { /* (JAX prints obj; here its type) */
    int at = snprintf(aval, sizeof aval, "%s[", jaxc_dtype_name(obj->dtype));
    for (int k = 0; k < obj->ndim && at < (int)sizeof aval; k++)
      at += snprintf(aval + at, sizeof aval - (size_t)at, "%s%lld", k ? "," : "", (long long)obj->shape[k]);
    if (at < (int)sizeof aval) snprintf(aval + at, sizeof aval - (size_t)at, "]");
    if (obj->ndim > 1)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "jnp.insert(): obj must be a slice, a one-dimensional array, or a scalar; got %s", aval);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "jnp.insert(): index array must be integer typed; got %s", aval);
  }
  int64_t *iv = (int64_t *)jaxc__malloc((size_t)(obj->size + 1) * sizeof(int64_t));
  if (!iv) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in insert");
  jaxc__index_values(obj, iv);
  jaxc_array *r = jaxc__insert_impl(x, ax, iv, obj->size, obj->dtype, obj->ndim == 0, values);
  jaxc__free(iv);
  return r;
}
/* jnp.insert with a slice (positions arange(*obj.indices(n))) or one Python int (JAXC_I). */
JAXC_API jaxc_array *jaxc_insert_slice(const jaxc_array *a, jaxc_slice_spec obj, const jaxc_array *values, int axis) {
  jaxc_array flat;
  const jaxc_array *x;
  int ax;
  if (!values) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "insert: an operand is NULL");
  if (!jaxc__splice_axis("insert", a, axis, &flat, &x, &ax)) return NULL;
  jaxc_dtype dt = jaxc_x64() ? JAXC_I64 : JAXC_I32;
  int64_t first = obj.start, step = 1, cnt = 1;
  if (obj.index && !jaxc__python_int_ok(obj.start, dt)) return NULL; /* asarray(i) */
  if (!obj.index && !jaxc__slice_range(obj, x->shape[ax], &first, &step, &cnt)) return NULL;
  int64_t *iv = (int64_t *)jaxc__malloc((size_t)(cnt + 1) * sizeof(int64_t));
  if (!iv) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in insert");
  for (int64_t k = 0; k < cnt; k++) iv[k] = first + k * step;
  jaxc_array *r = jaxc__insert_impl(x, ax, iv, cnt, dt, obj.index, values);
  jaxc__free(iv);
  return r;
}
/* jnp.append: concatenate((a, values), axis), both raveled for axis=None. */
JAXC_API jaxc_array *jaxc_append(const jaxc_array *a, const jaxc_array *values, int axis) {
  if (!a || !values) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "append: an operand is NULL");
  const jaxc_array *both[2] = {a, values};
  return jaxc_concatenate(2, both, axis);
}
/* >>linalg (implementation) ------------------------------------------------ */
/* C (m x n) = A (m x k) B (k x n), row-major, in the sum's type, for rows [i0, i1) and columns
   [jlo, jhi) of C (zeroed first). Blocks of JB columns and KB rows of B (256 x 512 floats,
   512 KiB: in L2); each row of C is updated by one A element times a row of B (contiguous: the
   loop vectorises). A matrix times a vector (n = 1) is a dot product per row instead, in 16
   partial sums (a loop of one column ran at 2 GB/s of A). */
#define JAXC__MM_JB 512
#define JAXC__MM_KB 256
#define JAXC__MM_MB 32 /* rows of C per work item */
#define JAXC__MAC_ADD(d, x, y) ((d) += (x) * (y))
#define JAXC__MAC_OR(d, x, y) ((d) |= (uint8_t)((x) & (y)))
/* The dtypes products are summed in (jaxc__mm_sum_dtype): X(dtype, suffix, C type, multiply-add,
   complex). Integers sum mod 2^32 (results of 8 to 32 bits) or 2^64, then wrap to the dtype:
   exact, since wrapping commutes with + and *. Each row gets a blocked kernel, the small ones and
   a case in both dispatches. (bool's suffix is bool8: `bool` is a macro, which a second
   expansion would turn into _Bool.) */
#define JAXC__MM_SUMS(X)                          \
  X(F32, f32, float, JAXC__MAC_ADD, 0)            \
  X(F64, f64, double, JAXC__MAC_ADD, 0)           \
  X(U32, u32, uint32_t, JAXC__MAC_ADD, 0)         \
  X(U64, u64, uint64_t, JAXC__MAC_ADD, 0)         \
  X(BOOL, bool8, uint8_t, JAXC__MAC_OR, 0)        \
  X(C64, c64, float, JAXC__MAC_ADD, 1)            \
  X(C128, c128, double, JAXC__MAC_ADD, 1)
#define JAXC__GEMM_REAL(NAME, T, MAC)                                                                     \
  static void NAME(int64_t i0, int64_t i1, int64_t jlo, int64_t jhi, int64_t n, int64_t k, const T *A,  \
                   const T *B, T *C) {                                                                 \
    if (n == 1) {                                                                                      \
      for (int64_t i = i0; i < i1; i++) {                                                              \
        T acc[16];                                                                                     \
        const T *a = A + i * k;                                                                        \
        for (int l = 0; l < 16; l++) acc[l] = (T)0;                                                    \
        int64_t kk = 0;                                                                                \
        for (; kk + 16 <= k; kk += 16)                                                                 \
          for (int l = 0; l < 16; l++) MAC(acc[l], a[kk + l], B[kk + l]);                              \
        for (; kk < k; kk++) MAC(acc[0], a[kk], B[kk]);                                                \
        for (int l = 1; l < 16; l++) MAC(acc[0], acc[l], (T)1);                                        \
        C[i] = acc[0];                                                                                 \
      }                                                                                                \
      return;                                                                                          \
    }                                                                                                  \
    for (int64_t i = i0; i < i1; i++)                                                                  \
      for (int64_t j = jlo; j < jhi; j++) C[i * n + j] = (T)0;                                         \
    for (int64_t j0 = jlo; j0 < jhi; j0 += JAXC__MM_JB) {                                              \
      int64_t j1 = jhi - j0 < JAXC__MM_JB ? jhi : j0 + JAXC__MM_JB;                                    \
      for (int64_t k0 = 0; k0 < k; k0 += JAXC__MM_KB) {                                                \
        int64_t k1 = k - k0 < JAXC__MM_KB ? k : k0 + JAXC__MM_KB;                                      \
        for (int64_t i = i0; i < i1; i++) {                                                            \
          T *c = C + i * n;                                                                            \
          for (int64_t kk = k0; kk < k1; kk++) {                                                       \
            const T a = A[i * k + kk], *b = B + kk * n;                                                \
            JAXC__SIMD for (int64_t j = j0; j < j1; j++) MAC(c[j], a, b[j]);                           \
          }                                                                                            \
        }                                                                                              \
      }                                                                                                \
    }                                                                                                  \
  }
/* complex: the parts interleaved; XLA's product (ac - bd, ad + bc) added part by part */
#define JAXC__GEMM_COMPLEX(NAME, T)                                                                       \
  static void NAME(int64_t i0, int64_t i1, int64_t jlo, int64_t jhi, int64_t n, int64_t k, const T *A,  \
                   const T *B, T *C) {                                                                 \
    for (int64_t i = i0; i < i1; i++)                                                                  \
      for (int64_t j = 2 * jlo; j < 2 * jhi; j++) C[i * 2 * n + j] = (T)0;                             \
    for (int64_t j0 = jlo; j0 < jhi; j0 += JAXC__MM_JB / 2) {                                          \
      int64_t j1 = jhi - j0 < JAXC__MM_JB / 2 ? jhi : j0 + JAXC__MM_JB / 2;                            \
      for (int64_t k0 = 0; k0 < k; k0 += JAXC__MM_KB) {                                                \
        int64_t k1 = k - k0 < JAXC__MM_KB ? k : k0 + JAXC__MM_KB;                                      \
        for (int64_t i = i0; i < i1; i++) {                                                            \
          T *c = C + 2 * i * n;                                                                        \
          for (int64_t kk = k0; kk < k1; kk++) {                                                       \
            const T ar = A[2 * (i * k + kk)], ai = A[2 * (i * k + kk) + 1], *b = B + 2 * kk * n;       \
            JAXC__SIMD for (int64_t j = j0; j < j1; j++) {                                             \
              T br = b[2 * j], bi = b[2 * j + 1];                                                      \
              c[2 * j] += ar * br - ai * bi;                                                           \
              c[2 * j + 1] += ar * bi + ai * br;                                                       \
            }                                                                                          \
          }                                                                                            \
        }                                                                                              \
      }                                                                                                \
    }                                                                                                  \
  }
#define JAXC__GEMM_BLOCKED_0(SUF, T, MAC) JAXC__GEMM_REAL(jaxc__gemm_##SUF, T, MAC)
#define JAXC__GEMM_BLOCKED_1(SUF, T, MAC) JAXC__GEMM_COMPLEX(jaxc__gemm_##SUF, T)
#define JAXC__GEMM_BLOCKED(E, SUF, T, MAC, CX) JAXC__GEMM_BLOCKED_##CX(SUF, T, MAC)
JAXC__MM_SUMS(JAXC__GEMM_BLOCKED)
#undef JAXC__GEMM_BLOCKED
#undef JAXC__GEMM_BLOCKED_0
#undef JAXC__GEMM_BLOCKED_1
#undef JAXC__GEMM_REAL
#undef JAXC__GEMM_COMPLEX

/* The dtype the products are summed in for a result of dtype r (as XLA:CPU sums them). */
static jaxc_dtype jaxc__mm_sum_dtype(jaxc_dtype r) {
  switch (jaxc_dtype_kind(r)) {
  case JAXC_KIND_BOOL: return JAXC_BOOL;
  case JAXC_KIND_INT: case JAXC_KIND_UINT: return jaxc_dtype_bits(r) <= 32 ? JAXC_U32 : JAXC_U64;
  case JAXC_KIND_COMPLEX: return r;
  default: return r == JAXC_F64 ? JAXC_F64 : JAXC_F32;
  }
}
/* Whether converting x to y keeps every bit: the same dtype, or integers of one width (int32 to
   uint32 and back wraps, two's complement): such a conversion is skipped. */
static bool jaxc__same_bits(jaxc_dtype x, jaxc_dtype y) {
  bool ix = jaxc_dtype_kind(x) == JAXC_KIND_INT || jaxc_dtype_kind(x) == JAXC_KIND_UINT;
  bool iy = jaxc_dtype_kind(y) == JAXC_KIND_INT || jaxc_dtype_kind(y) == JAXC_KIND_UINT;
  return x == y || (ix && iy && jaxc_dtype_size(x) == jaxc_dtype_size(y));
}
/* x's data in the sum's dtype s: as it is, or converted to the result's dtype r first (XLA
   converts the operands to r: an int32 becomes bfloat16, rounded, before float32 sums it), then
   to s. *tmp holds what was converted. */
static const void *jaxc__mm_operand(const jaxc_array *x, jaxc_dtype r, jaxc_dtype s, void **tmp) {
  *tmp = NULL;
  if (jaxc__same_bits(x->dtype, r) && jaxc__same_bits(r, s)) return x->data;
  size_t n = (size_t)(x->size ? x->size : 1);
  void *conv = jaxc__malloc(n * jaxc_dtype_size(s)), *mid = x->dtype != r && r != s ? jaxc__malloc(n * jaxc_dtype_size(r)) : NULL;
  if (!conv || (x->dtype != r && r != s && !mid)) {
    jaxc__free(conv), jaxc__free(mid);
    return NULL;
  }
  const void *src = x->data;
  if (mid) {
    jaxc_kernel_cast_dyn(x->dtype, r, (size_t)x->size, src, mid);
    src = mid;
  }
  jaxc_kernel_cast_dyn(mid ? r : x->dtype, s, (size_t)x->size, src, conv);
  jaxc__free(mid);
  *tmp = conv;
  return conv;
}

typedef struct jaxc__mm {
  int nbatch;                      /* the broadcast batch axes */
  int64_t bshape[JAXC_MAX_NDIM], ast[JAXC_MAX_NDIM], bst[JAXC_MAX_NDIM]; /* their sizes; A's and B's strides (0: broadcast), in matrices */
  int64_t batches, m, n, k;
} jaxc__mm;

/* The batch axes of a (na of them, sizes sa) and b broadcast into g: a 1 on either side follows
   the other; false where they differ otherwise. */
static bool jaxc__mm_batch(jaxc__mm *g, int na, const int64_t *sa, int nb, const int64_t *sb) {
  g->nbatch = na > nb ? na : nb;
  g->batches = 1;
  int64_t as = 1, bs = 1; /* matrices per batch step, from the last batch axis back */
  for (int i = g->nbatch - 1; i >= 0; i--) {
    int ia = i - (g->nbatch - na), ib = i - (g->nbatch - nb);
    int64_t da = ia >= 0 ? sa[ia] : -1, db = ib >= 0 ? sb[ib] : -1, d;
    if (da < 0) d = db;
    else if (db < 0) d = da;
    else if (da == 1) d = db;
    else if (db == 1) d = da;
    else if (da == db) d = da;
    else return false;
    g->bshape[i] = d;
    g->ast[i] = da > 1 ? as : 0, g->bst[i] = db > 1 ? bs : 0;
    if (da > 0) as *= da;
    if (db > 0) bs *= db;
    g->batches = d && g->batches > INT64_MAX / d ? INT64_MAX : g->batches * d; /* (past int64: the result's shape is refused) */
  }
  return true;
}
/* jnp.matmul's shapes, in its order of checks: the batch axes, then dot_general's contracting
   sizes. */
static bool jaxc__mm_shapes(const jaxc_array *a, const jaxc_array *b, jaxc__mm *g, int *nd, int64_t *shape) {
  bool am = a->ndim > 1, bm = b->ndim > 1;
  if (!jaxc__mm_batch(g, am ? a->ndim - 2 : 0, a->shape, bm ? b->ndim - 2 : 0, b->shape)) {
    char s0[200], s1[200];
    jaxc__format_shape(s0, sizeof s0, a);
    jaxc__format_shape(s1, sizeof s1, b);
    return jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for matmul arguments: %s and %s", s0, s1), false;
  }
  int64_t ka = a->shape[a->ndim - 1], kb = bm ? b->shape[b->ndim - 2] : b->shape[0];
  if (ka != kb) {
    char s0[32], s1[32];
    jaxc__format_dims(s0, sizeof s0, 1, &ka);
    jaxc__format_dims(s1, sizeof s1, 1, &kb);
    return jaxc__fail(JAXC_ERR_SHAPE, "dot_general requires contracting dimensions to have the same shape, got %s and %s.", s0, s1), false;
  }
  g->m = am ? a->shape[a->ndim - 2] : 1, g->n = bm ? b->shape[b->ndim - 1] : 1, g->k = ka;
  *nd = 0;
  for (int i = 0; i < g->nbatch; i++) shape[(*nd)++] = g->bshape[i];
  if (am) shape[(*nd)++] = g->m;
  if (bm) shape[(*nd)++] = g->n;
  return true;
}

/* The kernel of the sum dtype s on rows [i0, i1) and columns [jlo, jhi) of one product. */
static void jaxc__gemm(jaxc_dtype s, int64_t i0, int64_t i1, int64_t jlo, int64_t jhi, int64_t n, int64_t k, const char *a, const char *b, char *c) {
#define JAXC__MM_CALL(E, SUF, T, MAC, CX)                                                                  \
  case JAXC_##E:                                                                                        \
    jaxc__gemm_##SUF(i0, i1, jlo, jhi, n, k, (const T *)(const void *)a, (const T *)(const void *)b, (T *)(void *)c); \
    break;
  switch (s) {
    JAXC__MM_SUMS(JAXC__MM_CALL)
  default: break; /* (no other sum dtype) */
  }
#undef JAXC__MM_CALL
}
/* Where batch t's matrices start, in matrices of A and of B, and its batch coordinates: found by
   division once (jaxc__mm_seek), then stepped batch to batch as an odometer (jaxc__mm_next). */
typedef struct jaxc__mm_pos { int64_t c[JAXC_MAX_NDIM], ao, bo; } jaxc__mm_pos;
static void jaxc__mm_seek(const jaxc__mm *g, int64_t t, jaxc__mm_pos *p) {
  p->ao = p->bo = 0;
  for (int i = g->nbatch - 1; i >= 0; i--) {
    p->c[i] = t % g->bshape[i], t /= g->bshape[i];
    p->ao += p->c[i] * g->ast[i], p->bo += p->c[i] * g->bst[i];
  }
}
static void jaxc__mm_next(const jaxc__mm *g, jaxc__mm_pos *p) {
  for (int i = g->nbatch - 1; i >= 0; i--) {
    p->ao += g->ast[i], p->bo += g->bst[i];
    if (++p->c[i] < g->bshape[i]) return;
    p->ao -= g->ast[i] * g->bshape[i], p->bo -= g->bst[i] * g->bshape[i], p->c[i] = 0;
  }
}
/* One work item: rows [i0, i1) and one block of columns of one batch's product. */
static void jaxc__mm_item(const jaxc__mm *g, jaxc_dtype s, const char *A, const char *B, char *C, int64_t it) {
  size_t es = jaxc_dtype_size(s);
  int64_t rows = (g->m + JAXC__MM_MB - 1) / JAXC__MM_MB, cols = (g->n + JAXC__MM_JB - 1) / JAXC__MM_JB;
  int64_t cb = it % cols, rb = it / cols % rows, t = it / cols / rows;
  int64_t i0 = rb * JAXC__MM_MB, i1 = i0 + JAXC__MM_MB < g->m ? i0 + JAXC__MM_MB : g->m;
  int64_t jlo = cb * JAXC__MM_JB, jhi = jlo + JAXC__MM_JB < g->n ? jlo + JAXC__MM_JB : g->n;
  jaxc__mm_pos p;
  jaxc__mm_seek(g, t, &p);
  jaxc__gemm(s, i0, i1, jlo, jhi, g->n, g->k, A + (size_t)(p.ao * g->m * g->k) * es, B + (size_t)(p.bo * g->k * g->n) * es,
             C + (size_t)(t * g->m * g->n) * es);
}
/* Batches [t0, t1) of dot products (m = n = 1: vecdot's short vectors). */
static void jaxc__dots(const jaxc__mm *g, jaxc_dtype s, const char *A, const char *B, char *C, int64_t t0, int64_t t1) {
  size_t es = jaxc_dtype_size(s), row = (size_t)g->k * es;
  jaxc__mm_pos p;
  jaxc__mm_seek(g, t0, &p);
  for (int64_t t = t0; t < t1; t++, jaxc__mm_next(g, &p))
    jaxc__gemm(s, 0, 1, 0, 1, 1, g->k, A + (size_t)p.ao * row, B + (size_t)p.bo * row, C + (size_t)t * es);
}
/* Small products: a row of C fits W = VB / sizeof(T) elements, VB bytes (16 to 128; 2 <= n <= W).
   B is copied, JAXC__MM_SK rows at a time, zero-padded to W columns, so each row of C is a vector
   of W sums taking k full-width multiply-adds whatever n is, four rows at a time, and is stored
   whole: the lanes past n land on the rows after it, written later (the last W elements of a
   run, bordering another thread's, are stored exactly). Items [t0, t1) are (batch, block of
   JAXC__MM_MB rows), stepped in order; B is copied again only when what bp holds changes (once a
   batch where k <= JAXC__MM_SK). Complex sums (CX) keep real and imaginary parts in two planes of
   W each. (The blocked kernel's loops are n long and its items found by division: batched 2x2 to
   16x16 products ran there 2-4x slower, complex ones 1.2-1.8x.) The sums are the blocked
   kernel's, in its order: the same results, bit for bit. */
#define JAXC__MM_SK 32
#define JAXC__MM_SR 4 /* rows of C at a time: four chains of sums in flight */
/* rows [0, kn) of B (n columns), zero-padded to W: complex as two planes, real parts first */
#define JAXC__GEMM_PACK(NAME, T, VB, CX)                                                                  \
  static void NAME(T *bp, const T *b, int64_t kn, int64_t n) {                                         \
    enum { E = 1 + CX, W = VB / sizeof(T) / E };                                                       \
    for (int64_t kk = 0; kk < kn; kk++)                                                                \
      for (int64_t j = 0; j < W; j++) bp[kk * W + j] = j < n ? b[(kk * n + j) * E] : (T)0;             \
    if (CX)                                                                                            \
      for (int64_t kk = 0; kk < kn; kk++)                                                              \
        for (int64_t j = 0; j < W; j++) bp[(JAXC__MM_SK * CX + kk) * W + j] = j < n ? b[(kk * n + j) * E + 1] : (T)0; \
  }
#define JAXC__GEMM_SMALL(NAME, PACK, T, MAC, VB, CHUNKED, CX)                                             \
  static void NAME(const jaxc__mm *g, int64_t t0, int64_t t1, const T *A, const T *B, T *C) {           \
    enum { E = 1 + CX, W = VB / sizeof(T) / E }; /* E: T per element, W: elements per row */           \
    struct { _Alignas(64) T v[JAXC__MM_SK * W * E]; } bp;                                              \
    const int64_t m = g->m, n = g->n, k = g->k, rows = (m + JAXC__MM_MB - 1) / JAXC__MM_MB;            \
    const int64_t cend = (t1 / rows * m + t1 % rows * JAXC__MM_MB) * n;                                 \
    int64_t tb = t0 / rows, rb = t0 % rows, packed = -1; /* (the batch whose B bp holds) */            \
    jaxc__mm_pos p;                                                                                    \
    jaxc__mm_seek(g, tb, &p);                                                                          \
    for (int64_t t = t0; t < t1; t++) {                                                                \
      if (!CHUNKED && p.bo != packed) PACK(bp.v, B + p.bo * k * n * E, k, n), packed = p.bo;           \
      int64_t i0 = rb * JAXC__MM_MB, i1 = m - i0 < JAXC__MM_MB ? m : i0 + JAXC__MM_MB;                 \
      const T *a = A + (p.ao * m + i0) * k * E;                                                        \
      for (int64_t i = tb * m + i0, e = tb * m + i1; i < e; i += JAXC__MM_SR, a += JAXC__MM_SR * k * E) { \
        T acc[JAXC__MM_SR][W], aci[JAXC__MM_SR][W]; /* (aci: imaginary parts) */                       \
        const T *ar[JAXC__MM_SR];                                                                      \
        int64_t nr = e - i < JAXC__MM_SR ? e - i : JAXC__MM_SR;                                        \
        for (int r = 0; r < JAXC__MM_SR; r++) {                                                        \
          ar[r] = a + (r < nr ? r : nr - 1) * k * E; /* (rows past the block repeat its last) */       \
          for (int64_t j = 0; j < W; j++) acc[r][j] = aci[r][j] = (T)0;                                \
        }                                                                                              \
        for (int64_t k0 = 0; k0 < (CHUNKED ? k : 1); k0 += JAXC__MM_SK) {                              \
          int64_t kn = CHUNKED && k - k0 > JAXC__MM_SK ? JAXC__MM_SK : k - k0;                         \
          if (CHUNKED) PACK(bp.v, B + (p.bo * k + k0) * n * E, kn, n);                                 \
          for (int64_t kk = 0; kk < kn; kk++)                                                          \
            for (int r = 0; r < JAXC__MM_SR; r++) {                                                    \
              const T x = ar[r][(k0 + kk) * E], *b = bp.v + kk * W;                                    \
              if (CX) { /* XLA's product (ac - bd, ad + bc), added part by part, as the blocked kernel */ \
                const T xi = ar[r][(k0 + kk) * E + CX], *bi = b + JAXC__MM_SK * W * CX;                \
                JAXC__SIMD for (int64_t j = 0; j < W; j++) {                                           \
                  acc[r][j] += x * b[j] - xi * bi[j];                                                  \
                  aci[r][j] += x * bi[j] + xi * b[j];                                                  \
                }                                                                                      \
              } else                                                                                   \
                JAXC__SIMD for (int64_t j = 0; j < W; j++) MAC(acc[r][j], x, b[j]);                    \
            }                                                                                          \
        }                                                                                              \
        for (int r = 0; r < nr; r++) {                                                                 \
          T *c = C + (i + r) * n * E;                                                                  \
          int64_t w = (i + r) * n + W <= cend ? W : n;                                                 \
          if (w == W)                                                                                  \
            for (int64_t j = 0; j < W; j++) c[j * E] = acc[r][j];                                      \
          else                                                                                         \
            for (int64_t j = 0; j < n; j++) c[j * E] = acc[r][j];                                      \
          if (CX && w == W)                                                                            \
            for (int64_t j = 0; j < W; j++) c[j * E + CX] = aci[r][j];                                 \
          else if (CX)                                                                                 \
            for (int64_t j = 0; j < n; j++) c[j * E + CX] = aci[r][j];                                 \
        }                                                                                              \
      }                                                                                                \
      if (++rb == rows) rb = 0, tb++, jaxc__mm_next(g, &p);                                            \
    }                                                                                                  \
  }
/* one kernel per sum dtype and vector width (16 to 128 bytes: the narrowest that holds a row),
   and for k past JAXC__MM_SK (B copied a piece at a time for each four rows: a kernel of its own,
   since the loop over pieces cost small products a third of their speed) */
#define JAXC__GEMM_SMALL_W(SUF, T, MAC, VB, CX)                                                    \
  JAXC__GEMM_PACK(jaxc__gemm_pack##VB##_##SUF, T, VB, CX)                                            \
  JAXC__GEMM_SMALL(jaxc__gemm_small##VB##_##SUF, jaxc__gemm_pack##VB##_##SUF, T, MAC, VB, 0, CX)     \
  JAXC__GEMM_SMALL(jaxc__gemm_small##VB##k_##SUF, jaxc__gemm_pack##VB##_##SUF, T, MAC, VB, 1, CX)
#define JAXC__GEMM_SMALLS(E, SUF, T, MAC, CX)                                                         \
  JAXC__GEMM_SMALL_W(SUF, T, MAC, 16, CX) JAXC__GEMM_SMALL_W(SUF, T, MAC, 32, CX)                  \
  JAXC__GEMM_SMALL_W(SUF, T, MAC, 64, CX) JAXC__GEMM_SMALL_W(SUF, T, MAC, 128, CX)
JAXC__MM_SUMS(JAXC__GEMM_SMALLS)
#undef JAXC__GEMM_SMALLS
#undef JAXC__GEMM_SMALL_W
#undef JAXC__GEMM_SMALL
#undef JAXC__GEMM_PACK
/* Whether the small kernel takes products of g summed in s. */
static bool jaxc__mm_is_small(const jaxc__mm *g, jaxc_dtype s) {
  return g->n >= 2 && (size_t)g->n * jaxc_dtype_size(s) <= 128;
}
static void jaxc__gemm_small(const jaxc__mm *g, jaxc_dtype s, const char *A, const char *B, char *C, int64_t t0, int64_t t1) {
  size_t row = (size_t)g->n * jaxc_dtype_size(s);
#define JAXC__MM_ARGS(T) g, t0, t1, (const T *)(const void *)A, (const T *)(const void *)B, (T *)(void *)C
#define JAXC__MM_SMALL_K(SUF, T, K)                                                 \
  (row <= 16   ? jaxc__gemm_small16##K##_##SUF(JAXC__MM_ARGS(T))                   \
   : row <= 32 ? jaxc__gemm_small32##K##_##SUF(JAXC__MM_ARGS(T))                   \
   : row <= 64 ? jaxc__gemm_small64##K##_##SUF(JAXC__MM_ARGS(T))                   \
               : jaxc__gemm_small128##K##_##SUF(JAXC__MM_ARGS(T)))
#define JAXC__MM_SMALL(E, SUF, T, MAC, CX)                                                             \
  case JAXC_##E:                                                                                      \
    (void)(g->k > JAXC__MM_SK ? JAXC__MM_SMALL_K(SUF, T, k) : JAXC__MM_SMALL_K(SUF, T, ));            \
    break;
  switch (s) {
    JAXC__MM_SUMS(JAXC__MM_SMALL)
  default: break; /* (no other sum dtype) */
  }
#undef JAXC__MM_ARGS
#undef JAXC__MM_SMALL_K
#undef JAXC__MM_SMALL
}
#if JAXC__HAS_OPENMP
/* One long row times a matrix of at most 256 bytes a row (vdot, a 1-d dot, a sum over leading
   axes, vecmat): k cut into 64 pieces (whatever the thread count, so the result does not depend
   on it), each summed by the same kernel into its own row of partial sums, then the 64 rows
   added in order. */
enum { JAXC__DOT_PIECES = 64, JAXC__DOT_ROW = 256 };
static void jaxc__dot_split(const jaxc__mm *g, jaxc_dtype s, const char *A, const char *B, char *C) {
  size_t es = jaxc_dtype_size(s), row = (size_t)g->n * es;
  union { double d[JAXC__DOT_PIECES * JAXC__DOT_ROW / sizeof(double)]; char c[1]; } parts; /* (aligned for any sum dtype) */
  char *part = parts.c;
#  pragma omp parallel for schedule(static)
  for (int c = 0; c < JAXC__DOT_PIECES; c++) {
    jaxc__mm piece = *g;
    int64_t lo = g->k * c / JAXC__DOT_PIECES, hi = g->k * (c + 1) / JAXC__DOT_PIECES;
    piece.k = hi - lo;
    jaxc__mm_item(&piece, s, A + (size_t)lo * es, B + (size_t)lo * row, part + (size_t)c * row, 0);
  }
  for (int c = 1; c < JAXC__DOT_PIECES; c++)
    for (int64_t j = 0; j < g->n; j++) {
      char *p0 = part + (size_t)j * es, *pc = part + (size_t)c * row + (size_t)j * es;
      switch (s) {
      case JAXC_F32: case JAXC_C64:
        for (size_t i = 0; i < es / 4; i++) ((float *)(void *)p0)[i] += ((float *)(void *)pc)[i];
        break;
      case JAXC_F64: case JAXC_C128:
        for (size_t i = 0; i < es / 8; i++) ((double *)(void *)p0)[i] += ((double *)(void *)pc)[i];
        break;
      case JAXC_BOOL: *p0 = (char)(*p0 | *pc); break;
      case JAXC_U32: *(uint32_t *)(void *)p0 += *(uint32_t *)(void *)pc; break;
      default: *(uint64_t *)(void *)p0 += *(uint64_t *)(void *)pc; break;
      }
    }
  memcpy(C, part, row);
}
#endif
/* Items over the threads past a million multiply-adds, handed out in runs of about 64 K
   multiply-adds (a batch of short dot products is millions of tiny items); one long dot product
   split along k. */
static void jaxc__mm_run(const jaxc__mm *g, jaxc_dtype s, const char *A, const char *B, char *C) {
  int64_t items = g->batches * ((g->m + JAXC__MM_MB - 1) / JAXC__MM_MB) * ((g->n + JAXC__MM_JB - 1) / JAXC__MM_JB);
  bool small = jaxc__mm_is_small(g, s); /* (then one column block: items are (batch, rows)) */
#if JAXC__HAS_OPENMP
  double work = (double)g->batches * (double)g->m * (double)g->n * (double)g->k;
  if (work > 1e6 && items == 1 && g->m == 1 && (size_t)g->n * jaxc_dtype_size(s) <= JAXC__DOT_ROW) {
    jaxc__dot_split(g, s, A, B, C);
    return;
  }
  if (work > 1e6 && items > 1) {
    int64_t per = (int64_t)(65536.0 * (double)items / work) + 1, runs = (items + per - 1) / per;
#  pragma omp parallel for schedule(dynamic, 1)
    for (int64_t r = 0; r < runs; r++) {
      int64_t end = (r + 1) * per < items ? (r + 1) * per : items;
      if (g->m == 1 && g->n == 1) jaxc__dots(g, s, A, B, C, r * per, end);
      else if (small) jaxc__gemm_small(g, s, A, B, C, r * per, end);
      else
        for (int64_t it = r * per; it < end; it++) jaxc__mm_item(g, s, A, B, C, it);
    }
    return;
  }
#endif
  if (g->m == 1 && g->n == 1) jaxc__dots(g, s, A, B, C, 0, items);
  else if (small) jaxc__gemm_small(g, s, A, B, C, 0, items);
  else
    for (int64_t it = 0; it < items; it++) jaxc__mm_item(g, s, A, B, C, it);
}

/* --- contractions: the dot_general behind dot, vdot, inner, tensordot, vecdot, matvec ---------- */
/* What dot_general makes of two operands: its result, what each operand is converted to first,
   and the dtype the products are summed in. */
typedef struct jaxc__dot_types {
  jaxc_dtype out, conv, sum;
  bool weak;
} jaxc__dot_types;

/* dot_general's bit widths (_bit_width: bool is 1, complex64 its float32 parts' 32). */
static int jaxc__dot_bits(jaxc_dtype d) { return d == JAXC_BOOL ? 1 : jaxc_dtype_bits(jaxc__real_dtype(d)); }
/* type_properties of JAX's dot_general dtype rule and XLA's HigherPrecisionType, as one number
   ordered as their tuples are: complex, finfo's maxexp and nmant (-1 for non-floats), bit
   width, signed. */
static int64_t jaxc__precision_key(jaxc_dtype d) {
  jaxc_float_info fi; /* (complex: its parts') */
  bool flt = jaxc_finfo(d, &fi);
  int64_t maxexp = flt ? fi.maxexp : -1, nmant = flt ? fi.nmant : -1;
  jaxc_dtype c = jaxc__real_dtype(d);
  int64_t key = jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX;
  key = ((key * 2048 + maxexp + 1) * 64 + nmant + 1) * 128 + jaxc__dot_bits(d);
  return key * 2 + (jaxc_dtype_kind(c) != JAXC_KIND_UINT);
}
/* dot_general's dtype rule (conv_general_dilated's too) for operands of dtypes da and db:
   preferred_element_type (JAXC_DTYPE_NONE: t->out is already the result's dtype) and
   _maybe_upcast's width check, then the conversions JAX's CPU lowering inserts (mixed dtypes to
   the result; float16 to float32) and XLA's operand upcaster (to the result when it is the
   higher precision type). A result below the operands' type is rounded from their sum. */
static bool jaxc__dot_rule(jaxc_dtype da, jaxc_dtype db, jaxc_dtype preferred, jaxc__dot_types *t) {
  if (preferred != JAXC_DTYPE_NONE) {
    if (!jaxc__create_dtype(preferred, JAXC_DTYPE_NONE, &t->out)) return false;
    jaxc_dtype r = jaxc__precision_key(da) >= jaxc__precision_key(db) ? da : db;
    if (r != t->out && jaxc_dtype_kind(r) != JAXC_KIND_FLOAT && jaxc__dot_bits(t->out) < jaxc__dot_bits(r))
      return jaxc__fail(JAXC_ERR_DTYPE, "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of %s for result type of %s.",
                        jaxc_dtype_name(t->out), jaxc_dtype_name(r)), false;
    if (jaxc_dtype_kind(r) == JAXC_KIND_COMPLEX && jaxc_dtype_kind(t->out) != JAXC_KIND_COMPLEX)
      return jaxc__fail(JAXC_ERR_DTYPE, "preferred_element_type %s would drop the imaginary part of a %s product", jaxc_dtype_name(t->out), jaxc_dtype_name(r)), false;
  }
  jaxc_dtype d = da == JAXC_F16 ? JAXC_F32 : da;
  t->conv = da != db || jaxc__precision_key(t->out) > jaxc__precision_key(d) ? t->out : d;
  t->sum = jaxc__mm_sum_dtype(t->conv);
  return true;
}
/* jnp's preferred_element_type for a dot: None is result_type(a, b) and its weak flag; a dtype
   makes a strong result (jnp converts dot_general's result to it, strong). */
static bool jaxc__dot_types_of(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred, jaxc__dot_types *t) {
  t->weak = false;
  if (preferred == JAXC_DTYPE_NONE) {
    jaxc_dtype node = jaxc__join2(a, b);
    if (node == JAXC_DTYPE_INVALID) return false;
    t->out = jaxc_storage_dtype(node, jaxc_x64()), t->weak = jaxc_dtype_is_weak(node);
  }
  return jaxc__dot_rule(a->dtype, b->dtype, preferred, t);
}

/* The products of A and B laid out as g says, a result of t->out with shape (nd, shape); a and b
   are the caller's operands, for the debug check, which names prim. */
static jaxc_array *jaxc__dot_run(const jaxc__mm *g, const jaxc_array *A, const jaxc_array *B, const jaxc__dot_types *t, int nd,
                                 const int64_t *shape, const jaxc_array *a, const jaxc_array *b, const char *prim) {
  jaxc_array *out = jaxc__new_array(t->out, t->weak, nd, shape);
  if (!out || out->size == 0) return out ? (jaxc__ok(), out) : NULL;
  void *ta, *tb, *tc = NULL;
  const void *pa = jaxc__mm_operand(A, t->conv, t->sum, &ta), *pb = jaxc__mm_operand(B, t->conv, t->sum, &tb);
  char *pc = jaxc__same_bits(t->sum, t->out) ? (char *)out->data : (char *)(tc = jaxc__malloc((size_t)out->size * jaxc_dtype_size(t->sum)));
  if (!pa || !pb || !pc) {
    jaxc__free(ta), jaxc__free(tb), jaxc__free(tc), jaxc_array_free(out);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in dot_general");
  }
  jaxc__mm_run(g, t->sum, (const char *)pa, (const char *)pb, pc);
  if (tc) jaxc_kernel_cast_dyn(t->sum, t->out, (size_t)out->size, tc, out->data); /* one rounding, and integers wrapped */
  jaxc__free(ta), jaxc__free(tb), jaxc__free(tc);
  return jaxc__checked(prim, out, a, b);
}

static jaxc_array *jaxc__matmul(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "matmul: an operand is NULL");
  for (int i = 0; i < 2; i++) {
    const jaxc_array *x = i ? b : a;
    if (x->ndim < 1)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "matmul input operand %d must have ndim at least 1, but it has ndim %d", i, x->ndim);
  }
  jaxc__dot_types t;
  jaxc__mm g;
  int nd;
  int64_t shape[JAXC_MAX_NDIM];
  if (!jaxc__dot_types_of(a, b, preferred, &t) || !jaxc__mm_shapes(a, b, &g, &nd, shape)) return NULL;
  return jaxc__dot_run(&g, a, b, &t, nd, shape, a, b, "dot_general");
}
JAXC_API jaxc_array *jaxc_matmul(const jaxc_array *a, const jaxc_array *b) { return jaxc__matmul(a, b, JAXC_DTYPE_NONE); }
JAXC_API jaxc_array *jaxc_matmul_preferred(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred) {
  return jaxc__matmul(a, b, preferred);
}

/* n axes as Python prints the tuple dot_general was given, each made nonnegative for ndim. */
static void jaxc__format_axes(char *buf, size_t size, int n, const int *axes, int ndim) {
  int64_t d[JAXC_MAX_NDIM + 1];
  int k = n < JAXC_MAX_NDIM + 1 ? n : JAXC_MAX_NDIM + 1; /* (distinct axes of a rank-8 array: 8 at most) */
  for (int i = 0; i < k; i++) d[i] = axes[i] < 0 ? axes[i] + ndim : axes[i];
  jaxc__format_dims(buf, size, k, d);
}
/* dot_general's checks of n contracting axes of x (in range, then distinct); *mask gets them. */
static bool jaxc__contracting_ok(const jaxc_array *x, int n, const int *axes, const char *side, unsigned *mask) {
  *mask = 0;
  for (int i = 0; i < n; i++) {
    int ax;
    if (!jaxc__canon_axis(axes[i], x->ndim, &ax)) return false;
    if (*mask >> ax & 1u) {
      char s[160];
      jaxc__format_axes(s, sizeof s, n, axes, x->ndim);
      return jaxc__fail(JAXC_ERR_SHAPE, "dot_general requires %s contracting dimensions to be distinct, got %s_contracting %s.", side, side, s), false;
    }
    *mask |= 1u << ax;
  }
  return true;
}
/* dot_general with nb batch axes ba of a and bb of b, and nc contracting axes ca and cb (checked,
   distinct, nonnegative; the batch sizes equal): the batch axes, a's other axes, then b's. a is
   laid out as B (M, K) matrices and b as B (K, N), by transposing where the axes are not in
   place already, and the product is one batched matmul. */
static jaxc_array *jaxc__dot_general(const jaxc_array *a, const jaxc_array *b, int nb, const int *ba, const int *bb, int nc,
                                     const int *ca, const int *cb, const jaxc__dot_types *t) {
  int64_t ka[JAXC_MAX_NDIM], kb[JAXC_MAX_NDIM], shape[2 * JAXC_MAX_NDIM];
  bool same = true;
  for (int i = 0; i < nc; i++) ka[i] = a->shape[ca[i]], kb[i] = b->shape[cb[i]], same = same && ka[i] == kb[i];
  if (!same) {
    char s0[160], s1[160];
    jaxc__format_dims(s0, sizeof s0, nc, ka);
    jaxc__format_dims(s1, sizeof s1, nc, kb);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "dot_general requires contracting dimensions to have the same shape, got %s and %s.", s0, s1);
  }
  int pa[JAXC_MAX_NDIM], pb[JAXC_MAX_NDIM], nd = nb, na = nb, nbb = nb + nc;
  unsigned ma = 0, mb = 0;
  jaxc__mm g = {0};
  g.nbatch = 1, g.batches = 1, g.m = g.n = g.k = 1, g.ast[0] = g.bst[0] = 1;
  for (int i = 0; i < nb; i++)
    ma |= 1u << ba[i], mb |= 1u << bb[i], g.batches *= a->shape[ba[i]], pa[i] = ba[i], pb[i] = bb[i], shape[i] = a->shape[ba[i]];
  g.bshape[0] = g.batches;
  for (int i = 0; i < nc; i++) ma |= 1u << ca[i], mb |= 1u << cb[i], g.k *= ka[i], pa[a->ndim - nc + i] = ca[i], pb[nb + i] = cb[i];
  for (int i = 0; i < a->ndim; i++)
    if (!(ma >> i & 1u)) pa[na++] = i, g.m *= a->shape[i], shape[nd++] = a->shape[i];
  for (int i = 0; i < b->ndim; i++)
    if (!(mb >> i & 1u)) pb[nbb++] = i, g.n *= b->shape[i], shape[nd++] = b->shape[i];
  if (nd > JAXC_MAX_NDIM)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "dot_general: a result of rank %d is past JAXC_MAX_NDIM (%d)", nd, JAXC_MAX_NDIM);
  bool move_a = false, move_b = false;
  for (int i = 0; i < a->ndim; i++) move_a = move_a || pa[i] != i;
  for (int i = 0; i < b->ndim; i++) move_b = move_b || pb[i] != i;
  jaxc_array *ta = move_a ? jaxc_transpose(a, a->ndim, pa) : NULL, *tb = move_b && (ta || !move_a) ? jaxc_transpose(b, b->ndim, pb) : NULL; /* (not past a failure) */
  jaxc_array *out = (move_a && !ta) || (move_b && !tb) ? NULL : jaxc__dot_run(&g, ta ? ta : a, tb ? tb : b, t, nd, shape, a, b, "dot_general");
  jaxc_array_free(ta), jaxc_array_free(tb);
  return out;
}

JAXC_API jaxc_array *jaxc_tensordot_axes(const jaxc_array *a, const jaxc_array *b, int n, const int *axes_a, const int *axes_b,
                                         jaxc_dtype preferred) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "tensordot: an operand is NULL");
  if (n < 0 || (n > 0 && (!axes_a || !axes_b)))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "tensordot: %d axes%s", n, n < 0 ? " (a negative count)" : ", and an axes list is NULL");
  jaxc__dot_types t;
  unsigned ma, mb;
  int ca[JAXC_MAX_NDIM], cb[JAXC_MAX_NDIM], k = 0;
  for (int i = 0; i < n; i++) /* canonicalize_axis over each list first, as tensordot does */
    if (!jaxc__canon_axis(axes_a[i], a->ndim, &k)) return NULL;
  for (int i = 0; i < n; i++)
    if (!jaxc__canon_axis(axes_b[i], b->ndim, &k)) return NULL;
  if (!jaxc__dot_types_of(a, b, preferred, &t) || !jaxc__contracting_ok(a, n, axes_a, "lhs", &ma) ||
      !jaxc__contracting_ok(b, n, axes_b, "rhs", &mb))
    return NULL;
  for (int i = 0; i < n; i++) /* (distinct axes of each: n <= both ranks) */
    jaxc__canon_axis(axes_a[i], a->ndim, &ca[i]), jaxc__canon_axis(axes_b[i], b->ndim, &cb[i]);
  return jaxc__dot_general(a, b, 0, NULL, NULL, n, ca, cb, &t);
}
JAXC_API jaxc_array *jaxc_tensordot(const jaxc_array *a, const jaxc_array *b, int axes, jaxc_dtype preferred) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "tensordot: an operand is NULL");
  jaxc__dot_types t;
  if (!jaxc__dot_types_of(a, b, preferred, &t)) return NULL;
  if (axes > (a->ndim < b->ndim ? a->ndim : b->ndim)) {
    char s0[160], s1[160];
    jaxc__format_shape(s0, sizeof s0, a);
    jaxc__format_shape(s1, sizeof s1, b);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Number of tensordot axes (axes %d) exceeds input ranks (%s and %s)", axes, s0, s1);
  }
  int n = axes < 0 ? 0 : axes, ca[JAXC_MAX_NDIM], cb[JAXC_MAX_NDIM]; /* range(ndim - axes, ndim), range(axes) */
  for (int i = 0; i < n; i++) ca[i] = a->ndim - n + i, cb[i] = i;
  return jaxc__dot_general(a, b, 0, NULL, NULL, n, ca, cb, &t);
}
JAXC_API jaxc_array *jaxc_dot(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "dot: an operand is NULL");
  jaxc__dot_types t;
  if (!jaxc__dot_types_of(a, b, preferred, &t)) return NULL;
  int ca = a->ndim - 1, cb = b->ndim == 1 ? 0 : b->ndim - 2;
  return jaxc__dot_general(a, b, 0, NULL, NULL, a->ndim && b->ndim ? 1 : 0, &ca, &cb, &t);
}
JAXC_API jaxc_array *jaxc_inner(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "inner: an operand is NULL");
  if (a->ndim && b->ndim) {
    int last = -1;
    return jaxc_tensordot_axes(a, b, 1, &last, &last, preferred);
  }
  if (preferred == JAXC_DTYPE_NONE) return jaxc_binary(JAXC_OP_MULTIPLY, a, b);
  jaxc_dtype p; /* asarray(a, dtype=preferred) * asarray(b, dtype=preferred) */
  if (!jaxc__create_dtype(preferred, JAXC_DTYPE_NONE, &p)) return NULL;
  jaxc_array *ca = jaxc_astype(a, p), *cb = ca ? jaxc_astype(b, p) : NULL, *out = cb ? jaxc_binary(JAXC_OP_MULTIPLY, ca, cb) : NULL;
  jaxc_array_free(ca), jaxc_array_free(cb);
  return out;
}
/* x flattened (no copy) into *v, or its conjugate (a new array in *tmp) for complex x. */
static const jaxc_array *jaxc__flat_conj(jaxc_array *v, const jaxc_array *x, bool conj, jaxc_array **tmp) {
  *tmp = conj && jaxc_dtype_kind(x->dtype) == JAXC_KIND_COMPLEX ? jaxc_conj(x) : NULL;
  if (conj && jaxc_dtype_kind(x->dtype) == JAXC_KIND_COMPLEX && !*tmp) return NULL;
  jaxc__view(v, *tmp ? *tmp : x, 1, &x->size);
  return v;
}
JAXC_API jaxc_array *jaxc_vdot(const jaxc_array *a, const jaxc_array *b, jaxc_dtype preferred) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "vdot: an operand is NULL");
  jaxc_array va, vb, *ta, *tb;
  jaxc_array *out = jaxc__flat_conj(&va, a, true, &ta) && jaxc__flat_conj(&vb, b, false, &tb) ? jaxc_dot(&va, &vb, preferred) : NULL;
  jaxc_array_free(ta);
  return out;
}
JAXC_API jaxc_array *jaxc_outer(const jaxc_array *a, const jaxc_array *b) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "outer: an operand is NULL");
  jaxc_array va, vb;
  int64_t sa[2] = {a->size, 1}, sb[2] = {1, b->size};
  jaxc__view(&va, a, 2, sa), jaxc__view(&vb, b, 2, sb);
  return jaxc_binary(JAXC_OP_MULTIPLY, &va, &vb);
}

/* jnp.vectorize's first checks for the signature sig, whose operands x[j] have core[j] core axes
   named by names[j]: enough axes, then the same size for each name (jaxc__vectorize_batch then
   broadcasts the other axes). */
static bool jaxc__vectorize_ok(const char *sig, const jaxc_array *const *x, const int *core, const char *const *names) {
  int64_t size[128] = {0};
  bool seen[128] = {0};
  for (int j = 0; j < 2; j++) {
    if (x[j]->ndim < core[j]) {
      char s[160], c[32] = "(";
      jaxc__format_shape(s, sizeof s, x[j]);
      for (int i = 0; i < core[j]; i++) {
        size_t at = strlen(c);
        c[at] = '\'', c[at + 1] = names[j][i], c[at + 2] = '\'', c[at + 3] = 0;
        strcat(c, core[j] == 1 ? ",)" : i + 1 < core[j] ? ", " : ")");
      }
      return jaxc__fail(JAXC_ERR_SHAPE, "input with shape %s does not have enough dimensions for all core dimensions %s on vectorized function with excluded=frozenset() and signature='%s'", s, c, sig), false;
    }
    for (int i = 0; i < core[j]; i++) {
      unsigned char nm = (unsigned char)names[j][i];
      int64_t got = x[j]->shape[x[j]->ndim - core[j] + i];
      if (seen[nm & 127] && size[nm & 127] != got)
        return jaxc__fail(JAXC_ERR_SHAPE, "inconsistent size for core dimension '%c': %lld vs %lld on vectorized function with excluded=frozenset() and signature='%s'",
                          nm, (long long)got, (long long)size[nm & 127], sig), false;
      seen[nm & 127] = true, size[nm & 127] = got;
    }
  }
  return true;
}
/* The batch axes of a and b (all but their last ca and cb) broadcast into g, with lax's message. */
static bool jaxc__vectorize_batch(jaxc__mm *g, const jaxc_array *a, int ca, const jaxc_array *b, int cb) {
  if (jaxc__mm_batch(g, a->ndim - ca, a->shape, b->ndim - cb, b->shape)) return true;
  char s0[160], s1[160];
  jaxc__format_dims(s0, sizeof s0, a->ndim - ca, a->shape);
  jaxc__format_dims(s1, sizeof s1, b->ndim - cb, b->shape);
  return jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: shapes=[%s, %s]", s0, s1), false;
}
/* A vectorized product: g's batch axes, each product (m, k) @ (k, n), and of its core axes the
   result keeps those `keep` names (0: none, a dot product; 1: m; 2: n). */
static jaxc_array *jaxc__vectorized(jaxc__mm *g, const jaxc_array *A, const jaxc_array *B, const jaxc__dot_types *t, int keep,
                                    const jaxc_array *a, const jaxc_array *b) {
  int64_t shape[JAXC_MAX_NDIM + 2];
  int nd = 0;
  for (int i = 0; i < g->nbatch; i++) shape[nd++] = g->bshape[i];
  if (keep & 1) shape[nd++] = g->m;
  if (keep & 2) shape[nd++] = g->n;
  return jaxc__dot_run(g, A, B, t, nd, shape, a, b, "dot_general");
}
/* matvec: (..., n, m) times (..., m); vecmat (vec_first): conj((..., n)) times (..., n, m). */
static jaxc_array *jaxc__matvec(const jaxc_array *a, const jaxc_array *b, bool vec_first) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: an operand is NULL", vec_first ? "vecmat" : "matvec");
  const jaxc_array *x[2] = {a, b}, *mat = vec_first ? b : a;
  const int core[2] = {vec_first ? 1 : 2, vec_first ? 2 : 1};
  const char *const names[2] = {vec_first ? "n" : "nm", vec_first ? "nm" : "m"};
  jaxc__dot_types t;
  jaxc__mm g;
  if (!jaxc__vectorize_ok(vec_first ? "(n),(n,m)->(m)" : "(n,m),(m)->(n)", x, core, names) || !jaxc__vectorize_batch(&g, a, core[0], b, core[1]) ||
      !jaxc__dot_types_of(a, b, JAXC_DTYPE_NONE, &t))
    return NULL;
  bool conj = vec_first && jaxc_dtype_kind(a->dtype) == JAXC_KIND_COMPLEX;
  jaxc_array *ca = conj ? jaxc_conj(a) : NULL;
  if (conj && !ca) return NULL;
  int64_t rows = mat->shape[mat->ndim - 2], cols = mat->shape[mat->ndim - 1];
  g.m = vec_first ? 1 : rows, g.k = vec_first ? rows : cols, g.n = vec_first ? cols : 1;
  jaxc_array *out = jaxc__vectorized(&g, ca ? ca : a, b, &t, vec_first ? 2 : 1, a, b);
  jaxc_array_free(ca);
  return out;
}
JAXC_API jaxc_array *jaxc_matvec(const jaxc_array *a, const jaxc_array *b) { return jaxc__matvec(a, b, false); }
JAXC_API jaxc_array *jaxc_vecmat(const jaxc_array *a, const jaxc_array *b) { return jaxc__matvec(a, b, true); }
JAXC_API jaxc_array *jaxc_vecdot(const jaxc_array *a, const jaxc_array *b, int axis, jaxc_dtype preferred) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "vecdot: an operand is NULL");
  int ia, ib; /* (x1.shape[axis], x2.shape[axis]) */
  if (!jaxc__python_axis(axis, a->ndim, &ia) || !jaxc__python_axis(axis, b->ndim, &ib)) return NULL;
  if (a->shape[ia] != b->shape[ib]) {
    char s0[160], s1[160];
    jaxc__format_shape(s0, sizeof s0, a);
    jaxc__format_shape(s1, sizeof s1, b);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "axes must match; got shapes %s and %s with axis=%d", s0, s1, axis);
  }
  /* moveaxis(x, axis, -1), then the vdot of each pair of vectors, conj(a) . b */
  jaxc_array *ma = ia != a->ndim - 1 ? jaxc_moveaxis(a, ia, -1) : NULL;
  jaxc_array *mb = ib != b->ndim - 1 && (ma || ia == a->ndim - 1) ? jaxc_moveaxis(b, ib, -1) : NULL; /* (not past a failure: its status stays) */
  const jaxc_array *A = ma ? ma : a, *B = mb ? mb : b;
  bool cx = jaxc_dtype_kind(a->dtype) == JAXC_KIND_COMPLEX;
  jaxc_array *ca = NULL, *out = NULL;
  jaxc__dot_types t;
  jaxc__mm g;
  if ((ia == a->ndim - 1 || ma) && (ib == b->ndim - 1 || mb) && jaxc__vectorize_batch(&g, A, 1, B, 1) &&
      jaxc__dot_types_of(a, b, preferred, &t) && (!cx || (ca = jaxc_conj(A)) != NULL)) {
    g.m = 1, g.k = a->shape[ia], g.n = 1;
    out = jaxc__vectorized(&g, ca ? ca : A, B, &t, 0, a, b);
  }
  jaxc_array_free(ma), jaxc_array_free(mb), jaxc_array_free(ca);
  return out;
}

/* jnp.diagonal: moveaxis(a, (axis1, axis2), (-2, -1)) as JAX builds its permutation (a repeated
   axis makes one lax.transpose refuses), then a[..., i, i + offset], read in place. */
JAXC_API jaxc_array *jaxc_diagonal(const jaxc_array *a, int offset, int axis1, int axis2) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "diagonal: the array is NULL");
  if (a->ndim < 2) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "diagonal requires an array of at least two dimensions.");
  int x1, x2;
  if (!jaxc__canon_axis(axis1, a->ndim, &x1) || !jaxc__canon_axis(axis2, a->ndim, &x2)) return NULL;
  if (x1 == x2) {
    int64_t perm[JAXC_MAX_NDIM + 1];
    int n = 0;
    for (int i = 0; i < a->ndim; i++)
      if (i != x1) perm[n++] = i;
    perm[n + 1] = perm[n - 1], perm[n - 1] = perm[n] = x1, n += 2; /* (list.insert at ndim - 2, then at ndim - 1) */
    char s0[200], s1[200];
    jaxc__format_dims(s0, sizeof s0, n, perm);
    jaxc__format_shape(s1, sizeof s1, a);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "transpose permutation isn't a permutation of operand dimensions, got permutation %s for operand shape %s.", s0, s1);
  }
  int64_t n1 = a->shape[x1], n2 = a->shape[x2], lo = offset < 0 ? offset : 0, hi = offset > 0 ? offset : 0;
  int64_t len = n1 + lo < n2 - hi ? n1 + lo : n2 - hi, shape[JAXC_MAX_NDIM], st[JAXC_MAX_NDIM], bst[JAXC_MAX_NDIM];
  if (len < 0) len = 0;
  int nd = 0;
  int64_t step = 1;
  for (int i = a->ndim - 1; i >= 0; i--) st[i] = step, step *= a->shape[i];
  for (int i = 0; i < a->ndim; i++)
    if (i != x1 && i != x2) bst[nd] = st[i], shape[nd++] = a->shape[i];
  shape[nd] = len;
  jaxc_array *out = jaxc__new_array(a->dtype, a->weak, nd + 1, shape);
  if (!out) return NULL;
  size_t es = jaxc_dtype_size(a->dtype);
  int64_t first = offset >= 0 ? (int64_t)offset * st[x2] : -(int64_t)offset * st[x1], diag = st[x1] + st[x2], batches = len ? out->size / len : 0;
  char *dst = (char *)out->data;
  for (int64_t t = 0; t < batches; t++) {
    int64_t base = first, rest = t;
    for (int i = nd - 1; i >= 0; i--) base += rest % shape[i] * bst[i], rest /= shape[i];
    for (int64_t q = 0; q < len; q++, dst += es) memcpy(dst, (const char *)a->data + (size_t)(base + q * diag) * es, es);
  }
  jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_trace(const jaxc_array *a, int offset, int axis1, int axis2, jaxc_dtype dtype) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "trace: the array is NULL");
  int x1, x2;
  if (!jaxc__canon_axis(axis1, a->ndim, &x1) || !jaxc__canon_axis(axis2, a->ndim, &x2)) return NULL;
  if (x1 == x2) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "axis1 and axis2 can not be same. axis1=%d and axis2=%d", axis1, axis2);
  jaxc_dtype dt;
  if (!jaxc__create_dtype(dtype, JAXC_DTYPE_NONE, &dt)) return NULL;
  jaxc_array *d = jaxc_diagonal(a, offset, axis1, axis2), *c = d && dt != JAXC_DTYPE_NONE ? jaxc_astype(d, dt) : NULL;
  jaxc_array *sum = d && (dt == JAXC_DTYPE_NONE || c) ? jaxc_reduce(JAXC_OP_SUM, c ? c : d, -1) : NULL;
  jaxc_array_free(d), jaxc_array_free(c);
  if (!sum || dt == JAXC_DTYPE_NONE || sum->dtype == dt) return sum;
  jaxc_array *out = jaxc_astype(sum, dt); /* (an integer dtype: summed, then wrapped to it, as a sum in it wraps) */
  jaxc_array_free(sum);
  return out;
}

/* v's n elements on diagonal k of a new (n + |k|)-square of zeros of v's dtype. */
static jaxc_array *jaxc__diag_square(const jaxc_array *v, int64_t n, int k, bool weak) {
  int64_t m = n + (k < 0 ? -(int64_t)k : k), shape[2] = {m, m};
  jaxc_array *out = jaxc__new_array(v->dtype, weak, 2, shape);
  if (!out) return NULL;
  size_t es = jaxc_dtype_size(v->dtype);
  memset(out->data, 0, (size_t)out->size * es); /* (all-zero bits: +0 in every dtype) */
  int64_t first = k >= 0 ? k : -(int64_t)k * m;
  for (int64_t i = 0; i < n; i++) memcpy((char *)out->data + (size_t)(first + i * (m + 1)) * es, (const char *)v->data + (size_t)i * es, es);
  jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_diag(const jaxc_array *v, int k) {
  if (!v) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "diag: the array is NULL");
  if (v->ndim == 2) return jaxc_diagonal(v, k, 0, 1);
  if (v->ndim != 1) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "diag input must be 1d or 2d");
  return jaxc__diag_square(v, v->size, k, v->weak);
}
JAXC_API jaxc_array *jaxc_diagflat(const jaxc_array *v, int k) {
  if (!v) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "diagflat: the array is NULL");
  return jaxc__diag_square(v, v->size, k, false);
}
/* kron as JAX writes it: a viewed as (a0, 1, a1, 1, ...), b as (1, b0, 1, b1, ...), multiplied
   (broadcast), and the product's (a0, b0, a1, b1, ...) read as (a0 b0, a1 b1, ...): the same
   bytes, so the reshape is a relabelling. */
JAXC_API jaxc_array *jaxc_kron(const jaxc_array *a, const jaxc_array *b) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "kron: an operand is NULL");
  int nd = a->ndim > b->ndim ? a->ndim : b->ndim;
  if (2 * nd > JAXC_MAX_NDIM)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "kron: rank %d operands need rank %d broadcasts, past JAXC_MAX_NDIM (%d)", nd, 2 * nd, JAXC_MAX_NDIM);
  int64_t sa[JAXC_MAX_NDIM], sb[JAXC_MAX_NDIM], prod[JAXC_MAX_NDIM];
  for (int d = 0; d < nd; d++) {
    int64_t x = d < nd - a->ndim ? 1 : a->shape[d - (nd - a->ndim)], y = d < nd - b->ndim ? 1 : b->shape[d - (nd - b->ndim)];
    if (x && y > INT64_MAX / x) /* (possible only for an empty operand) */
      return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "kron: the result's dimension %lld * %lld overflows", (long long)x, (long long)y);
    sa[2 * d] = x, sa[2 * d + 1] = 1, sb[2 * d] = 1, sb[2 * d + 1] = y, prod[d] = x * y;
  }
  jaxc_array va, vb, *out;
  if (nd > 0 && sb[2 * nd - 1] < 64 && a->size > sb[2 * nd - 1]) {
    /* b's rows are short, and a broadcast loop over them slow: the outer product of b and a
       instead (rows of a's size; multiply commutes bit for bit, complex too: its four products
       are rounded alone), then its axes (b0, b1, ..., a0, a1, ...) moved to (a0, b0, a1, b1, ...) */
    if (jaxc__join2(a, b) == JAXC_DTYPE_INVALID) return NULL; /* (strict mode's message names a, then b) */
    int64_t sc[2] = {b->size, 1}, sr[2] = {1, a->size}, sp[JAXC_MAX_NDIM];
    jaxc__view(&vb, b, 2, sc), jaxc__view(&va, a, 2, sr);
    jaxc_array *p = jaxc_binary(JAXC_OP_MULTIPLY, &vb, &va), pv;
    if (!p) return NULL;
    int perm[JAXC_MAX_NDIM];
    for (int d = 0; d < nd; d++) sp[d] = sb[2 * d + 1], sp[nd + d] = sa[2 * d], perm[2 * d] = nd + d, perm[2 * d + 1] = d;
    jaxc__view(&pv, p, 2 * nd, sp);
    out = jaxc_transpose(&pv, 2 * nd, perm);
    jaxc_array_free(p);
  } else {
    jaxc__view(&va, a, 2 * nd, sa), jaxc__view(&vb, b, 2 * nd, sb);
    out = jaxc_binary(JAXC_OP_MULTIPLY, &va, &vb);
  }
  if (!out) return NULL;
  out->ndim = nd;
  memcpy(out->shape, prod, (size_t)nd * sizeof *prod);
  return out;
}

/* --- einsum: opt_einsum's parser and contract_path, then JAX's _einsum step by step ----------- */
/* Labels are codes: the ASCII letters, and for an ellipsis the symbols opt_einsum generates
   (unused letters in get_symbol's order, then chr(192) on). */
enum { JAXC__EIN_CODES = 256 };
typedef struct jaxc__ein_term {
  jaxc_array *a; /* the caller's operand, or what this einsum made of it (owned) */
  bool owned;
  int n, lab[JAXC_MAX_NDIM];
  const char *sub, *end; /* its subscripts (while parsing) */
} jaxc__ein_term;
typedef struct jaxc__ein {
  int nt, nout, out[JAXC__EIN_CODES];
  jaxc__ein_term *t;
  int64_t size[JAXC__EIN_CODES]; /* contract_path's size_dict: a label's size (a 1 broadcasts) */
  bool in_out[JAXC__EIN_CODES];
  jaxc_dtype pref; /* preferred_element_type, resolved */
  int (*pairs)[2]; /* the path */
  char *buf;       /* the subscripts without spaces */
} jaxc__ein;

static int jaxc__ein_symbol(int i) { return i < 26 ? 'a' + i : i < 52 ? 'A' + i - 26 : i + 140; }
static bool jaxc__ein_letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
/* A label as Python prints it: its UTF-8 bytes. */
static const char *jaxc__ein_label(char buf[4], int c) {
  if (c < 128) buf[0] = (char)c, buf[1] = 0;
  else buf[0] = (char)(0xC0 | c >> 6), buf[1] = (char)(0x80 | (c & 63)), buf[2] = 0;
  return buf;
}
static int jaxc__ein_count(const jaxc__ein_term *x, int c) {
  int k = 0;
  for (int i = 0; i < x->n; i++) k += x->lab[i] == c;
  return k;
}
static int jaxc__ein_find(const jaxc__ein_term *x, int c) {
  for (int i = 0; i < x->n; i++)
    if (x->lab[i] == c) return i;
  return -1;
}

/* opt_einsum's parse_einsum_input and contract_path's checks, in their order and words: each
   operand's labels (an ellipsis filled in), the output's, and each label's size. JAX's one other
   check, an output label twice, is a bare assertion: numpy's words for it. s: room for sub. */
static bool jaxc__ein_parse(jaxc__ein *e, const char *sub, int n, const jaxc_array *const *ops, char *s) {
  size_t len = 0;
  for (const char *p = sub; *p; p++)
    if (*p != ' ') s[len++] = *p;
  s[len] = 0;
  const char *arrow = strstr(s, "->"), *in_end = arrow ? arrow : s + len;
  int minus = 0, gt = 0, terms = 1, dots = 0;
  for (const char *p = s; *p; p++) minus += *p == '-', gt += *p == '>', dots += *p == '.';
  for (const char *p = s; p < in_end; p++) terms += *p == ',';
  if ((minus || gt) && (minus > 1 || gt > 1 || !arrow)) return jaxc__fail(JAXC_ERR_ARG, "Subscripts can only contain one '->'."), false;
  if (terms != n) return jaxc__fail(JAXC_ERR_ARG, "Number of einsum subscripts must be equal to the number of operands."), false;
  int max_nd = 0, cnt[JAXC__EIN_CODES] = {0}, ell[JAXC_MAX_NDIM], longest = 0;
  bool used[JAXC__EIN_CODES] = {0};
  for (int j = 0; j < n; j++) max_nd = ops[j]->ndim > max_nd ? ops[j]->ndim : max_nd;
  for (const char *p = s; *p; p++) used[(unsigned char)*p] = true;
  for (int i = 0, k = 0; k < max_nd; i++) /* gen_unused_symbols */
    if (!used[jaxc__ein_symbol(i)]) ell[k++] = jaxc__ein_symbol(i);
  const char *p = s;
  for (int j = 0; j < n; j++) { /* each term: letters and at most one "...", which stands for the last ec symbols */
    jaxc__ein_term *x = &e->t[j];
    int letters = 0, tdots = 0;
    x->sub = x->end = p, x->a = (jaxc_array *)ops[j], x->owned = false;
    for (; x->end < in_end && *x->end != ','; x->end++) {
      letters += jaxc__ein_letter(*x->end), tdots += *x->end == '.';
      if (!jaxc__ein_letter(*x->end) && *x->end != '.')
        return jaxc__fail(JAXC_ERR_ARG, "einsum: invalid subscript '%c' (jaxc's labels are the ASCII letters)", *x->end), false;
    }
    const char *at = tdots ? strstr(p, "...") : NULL;
    if (tdots && (tdots != 3 || !at || at + 3 > x->end)) return jaxc__fail(JAXC_ERR_ARG, "Invalid Ellipses."), false;
    int ec = tdots && ops[j]->ndim ? ops[j]->ndim - letters : 0;
    if (ec < 0) return jaxc__fail(JAXC_ERR_ARG, "Ellipses lengths do not match."), false;
    longest = ec > longest ? ec : longest;
    x->n = letters + ec;
    for (int i = 0; i < ec; i++) cnt[ell[max_nd - ec + i]]++;
    for (const char *q = p; q < x->end; q++) cnt[(unsigned char)*q] += *q != '.';
    if (x->n == ops[j]->ndim) {
      int k = 0;
      for (const char *q = p; q < x->end; q++) {
        if (*q != '.') {
          x->lab[k++] = *q;
          continue;
        }
        for (int i = 0; i < ec; i++) x->lab[k++] = ell[max_nd - ec + i];
        q += 2;
      }
    }
    p = x->end + 1;
  }
  /* the output: explicit, its "..." the longest ellipsis; or that ellipsis and the labels seen
     once, sorted as Python sorts them */
  e->nout = 0;
  if (arrow) {
    for (const char *q = arrow + 2; *q; q++)
      if (dots && strncmp(q, "...", 3) == 0) {
        for (int i = 0; i < longest; i++) e->out[e->nout++] = ell[max_nd - longest + i];
        q += 2;
      } else if (e->nout < JAXC__EIN_CODES) e->out[e->nout++] = (unsigned char)*q;
  } else {
    if (dots)
      for (int i = 0; i < longest; i++) e->out[e->nout++] = ell[max_nd - longest + i];
    for (int c = 0; c < JAXC__EIN_CODES; c++) {
      bool ellipsis = false;
      for (int i = 0; i < longest; i++) ellipsis = ellipsis || c == ell[max_nd - longest + i];
      if (cnt[c] == 1 && !ellipsis) e->out[e->nout++] = c;
    }
  }
  char lb[4];
  for (int i = 0; i < e->nout; i++) {
    int c = e->out[i];
    if (!cnt[c]) return jaxc__fail(JAXC_ERR_ARG, "Output character '%s' did not appear in the input", jaxc__ein_label(lb, c)), false;
    if (e->in_out[c])
      return jaxc__fail(JAXC_ERR_ARG, "einstein sum subscripts string includes output subscript '%s' multiple times", jaxc__ein_label(lb, c)), false;
    e->in_out[c] = true;
  }
  bool seen[JAXC__EIN_CODES] = {0};
  for (int j = 0; j < n; j++) { /* contract_path: each term's length, then the sizes */
    jaxc__ein_term *x = &e->t[j];
    if (x->n != ops[j]->ndim) {
      char term[80];
      int w = 0;
      for (const char *q = x->sub; q < x->end && w < 72; q++)
        if (*q != '.') term[w++] = *q;
      term[w] = 0;
      return jaxc__fail(JAXC_ERR_SHAPE, "Einstein sum subscript '%s' does not contain the correct number of indices for operand %d.", term, j), false;
    }
    for (int i = 0; i < x->n; i++) {
      int c = x->lab[i];
      int64_t d = ops[j]->shape[i];
      if (!seen[c] || e->size[c] == 1) e->size[c] = d, seen[c] = true;
      else if (d != 1 && d != e->size[c])
        return jaxc__fail(JAXC_ERR_SHAPE, "Size of label '%s' for operand %d (%lld) does not match previous terms (%lld).", jaxc__ein_label(lb, c), j,
                          (long long)e->size[c], (long long)d), false;
    }
  }
  return true;
}

static void jaxc__ein_set(jaxc__ein_term *x, jaxc_array *a) {
  if (x->owned) jaxc_array_free(x->a);
  x->a = a, x->owned = true;
}
/* x without its size-1 axes in mask: their labels, and its array's shape (a view of the caller's
   operand first: the data stays where it is). */
static bool jaxc__ein_drop(jaxc__ein_term *x, unsigned mask) {
  if (!x->owned) {
    jaxc_array *v = (jaxc_array *)jaxc__malloc(sizeof *v);
    if (!v) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in einsum"), false;
    jaxc__view(v, x->a, x->a->ndim, x->a->shape);
    v->owns_self = true;
    x->a = v, x->owned = true;
  }
  int k = 0;
  for (int i = 0; i < x->n; i++)
    if (!(mask >> i & 1u)) x->lab[k] = x->lab[i], x->a->shape[k++] = x->a->shape[i];
  x->n = x->a->ndim = k;
  return true;
}
/* einsum's sum(x, axes): x converted to the preferred dtype where result_type(x, preferred) is
   not x's dtype (so strict mode refuses mixed dtypes here), then lax.reduce's add (bool: or) over
   the axes in mask in x's dtype -- computed as the product with a vector of ones, summed as
   dot_general sums (integers wrap as lax.reduce's do) -- and their labels dropped. */
static bool jaxc__ein_sum(jaxc__ein_term *x, unsigned mask, jaxc_dtype pref) {
  bool x64 = jaxc_x64();
  jaxc_dtype node = jaxc_result_node(jaxc_promotion(), x64, jaxc__node_of(x->a), pref);
  if (node == JAXC_DTYPE_INVALID) return jaxc__fail_strict(x->a->dtype, pref), false;
  if (jaxc_storage_dtype(node, x64) != x->a->dtype) {
    jaxc_array *c = jaxc_astype(x->a, pref);
    if (!c) return false;
    jaxc__ein_set(x, c);
  }
  /* the summed axes first (the ones multiply from the left) or last (from the right); moved last
     otherwise */
  int nd = x->n, ns = 0, perm[JAXC_MAX_NDIM], np = 0, nk = 0;
  for (int i = 0; i < nd; i++) ns += mask >> i & 1u;
  bool first = mask == (1u << ns) - 1u, last = mask == ((1u << ns) - 1u) << (nd - ns);
  int64_t k = 1, rows = 1, shape[JAXC_MAX_NDIM];
  for (int i = 0; i < nd; i++)
    if (!(mask >> i & 1u)) perm[np++] = i, rows *= x->a->shape[i], shape[nk++] = x->a->shape[i];
    else k *= x->a->shape[i];
  for (int i = 0; i < nd; i++)
    if (mask >> i & 1u) perm[np++] = i;
  jaxc_array *moved = NULL, *ones = jaxc_array_ones(x->a->dtype, 1, &k), *out = NULL;
  if (ones && !first && !last) moved = jaxc_transpose(x->a, nd, perm);
  const jaxc_array *a = moved ? moved : x->a;
  jaxc__dot_types t = {a->dtype, a->dtype, jaxc__mm_sum_dtype(a->dtype), false}; /* (dot_general's, of a with a) */
  jaxc__mm g = {0};
  g.batches = 1, g.k = k, g.m = first ? 1 : rows, g.n = first ? rows : 1;
  if (ones && (first || last || moved))
    out = jaxc__dot_run(&g, first ? ones : a, first ? a : ones, &t, nk, shape, x->a, NULL, a->dtype == JAXC_BOOL ? "reduce_or" : "reduce_sum");
  jaxc_array_free(moved), jaxc_array_free(ones);
  if (!out) return false;
  jaxc__ein_set(x, out);
  int kept = 0;
  for (int i = 0; i < nd; i++)
    if (!(mask >> i & 1u)) x->lab[kept++] = x->lab[i];
  x->n = kept;
  return true;
}
/* lax.select(delta(x.shape, axes), x, 0) for the axes in mask (one label's), kept only where it
   is not 0: the first of the axes becomes one of size 1 (what einsum sums over next: 0 + the
   element), the others but the last leave, and element i along the last is x's with i on every
   one of the axes, or 0 where one is shorter. */
static jaxc_array *jaxc__ein_delta(const jaxc_array *x, unsigned mask) {
  int first = -1, last = 0, nd = 0, at[JAXC_MAX_NDIM]; /* at: each of x's axes' place in r (-1: gone) */
  int64_t shape[JAXC_MAX_NDIM], stride[JAXC_MAX_NDIM], c[JAXC_MAX_NDIM] = {0};
  for (int i = 0; i < x->ndim; i++)
    if (mask >> i & 1u) last = i, first = first < 0 ? i : first;
  for (int i = x->ndim - 1; i >= 0; i--) stride[i] = i == x->ndim - 1 ? 1 : stride[i + 1] * x->shape[i + 1];
  for (int i = 0; i < x->ndim; i++) {
    at[i] = i == first || i == last || !(mask >> i & 1u) ? nd : -1;
    if (at[i] >= 0) shape[nd++] = i == first ? 1 : x->shape[i];
  }
  jaxc_array *r = jaxc__new_array(x->dtype, x->weak, nd, shape);
  if (!r) return NULL;
  size_t es = jaxc_dtype_size(x->dtype);
  for (int64_t e = 0; e < r->size; e++) {
    int64_t off = 0, d = c[at[last]];
    bool in = true;
    for (int i = 0; i < x->ndim; i++) {
      int64_t k = mask >> i & 1u ? d : c[at[i]];
      in = in && k < x->shape[i], off += k * stride[i];
    }
    if (in) memcpy((char *)r->data + (size_t)e * es, (const char *)x->data + (size_t)off * es, es);
    else memset((char *)r->data + (size_t)e * es, 0, es);
    for (int i = nd - 1; i >= 0 && ++c[i] == r->shape[i]; i--) c[i] = 0;
  }
  return r;
}
/* sum_uniques: the labels of x in gone that appear once in x and not in y, summed in one sum. */
static bool jaxc__ein_uniques(jaxc__ein_term *x, const jaxc__ein_term *y, const bool *gone, jaxc_dtype pref) {
  unsigned mask = 0;
  for (int i = 0; i < x->n; i++)
    if (gone[x->lab[i]] && jaxc__ein_count(x, x->lab[i]) == 1 && (!y || jaxc__ein_find(y, x->lab[i]) < 0)) mask |= 1u << i;
  return !mask || jaxc__ein_sum(x, mask, pref);
}
/* sum_repeats: each label x repeats (in the order they first appear) masked to its diagonal,
   then summed over all its axes, or all but the last where keep has it (here: the diagonal, then
   a sum over its size-1 axis, and the last axis too where keep does not have the label). */
static bool jaxc__ein_repeats(jaxc__ein_term *x, const bool *keep, jaxc_dtype pref) {
  int rep[JAXC_MAX_NDIM], nr = 0;
  for (int i = 0; i < x->n; i++)
    if (jaxc__ein_find(x, x->lab[i]) == i && jaxc__ein_count(x, x->lab[i]) > 1) rep[nr++] = x->lab[i];
  for (int r = 0; r < nr; r++) {
    unsigned mask = 0;
    int first = -1, last = 0;
    for (int i = 0; i < x->n; i++)
      if (x->lab[i] == rep[r]) mask |= 1u << i, last = i, first = first < 0 ? i : first;
    jaxc_array *d = jaxc__ein_delta(x->a, mask);
    if (!d) return false;
    jaxc__ein_set(x, d);
    unsigned sum = 0; /* the size-1 axis, and the last too where the label is not kept */
    for (int i = 0, k = 0; i < x->n; i++)
      if (!(mask >> i & 1u) || i == first || i == last) {
        if (i == first || (i == last && !keep[rep[r]])) sum |= 1u << k;
        x->lab[k++] = x->lab[i];
      }
    x->n = x->a->ndim;
    if (!jaxc__ein_sum(x, sum, pref)) return false;
  }
  return true;
}
/* filter_singleton_dims: x's axes of size 1 whose label has another size in y, dropped. */
static bool jaxc__ein_squeeze(jaxc__ein_term *x, const jaxc__ein_term *y) {
  unsigned mask = 0;
  for (int i = 0; i < x->n; i++) {
    int j = jaxc__ein_find(y, x->lab[i]);
    if (x->a->shape[i] == 1 && j >= 0 && y->a->shape[j] != 1) mask |= 1u << i;
  }
  return !mask || jaxc__ein_drop(x, mask);
}
/* x's axes in the order of the labels in ord[0..n) (lax.transpose where they are not already). */
static bool jaxc__ein_order(jaxc__ein_term *x, int n, const int *ord) {
  int perm[JAXC_MAX_NDIM];
  bool moved = false;
  for (int i = 0; i < n; i++) perm[i] = jaxc__ein_find(x, ord[i]), moved = moved || perm[i] != i;
  if (moved) {
    jaxc_array *t = jaxc_transpose(x->a, n, perm);
    if (!t) return false;
    jaxc__ein_set(x, t);
    memcpy(x->lab, ord, (size_t)n * sizeof *ord);
  }
  return true;
}
/* One step of JAX's _einsum: x alone (y NULL) or x with y (x the earlier operand), the labels in
   gone contracted. The result, left in x, has the labels of ord (n of them) in that order, or
   (ord NULL) the order dot_general leaves: batch, x's, y's. */
static bool jaxc__ein_step(const jaxc__ein *e, jaxc__ein_term *x, jaxc__ein_term *y, const bool *gone, int n, const int *ord) {
  bool keep[JAXC__EIN_CODES];
  if (y && (!jaxc__ein_squeeze(x, y) || !jaxc__ein_squeeze(y, x))) return false;
  if (!jaxc__ein_uniques(x, y, gone, e->pref) || (y && !jaxc__ein_uniques(y, x, gone, e->pref))) return false;
  for (int c = 0; c < JAXC__EIN_CODES; c++) keep[c] = !gone[c] || (y && jaxc__ein_find(y, c) >= 0);
  if (!jaxc__ein_repeats(x, keep, e->pref)) return false;
  if (!y) return jaxc__ein_order(x, n, ord);
  for (int c = 0; c < JAXC__EIN_CODES; c++) keep[c] = !gone[c] || jaxc__ein_find(x, c) >= 0;
  if (!jaxc__ein_repeats(y, keep, e->pref)) return false;
  /* dot_general: the labels in both and kept are batch axes, in both and gone contracted */
  int nb = 0, nc = 0, bx[JAXC_MAX_NDIM], by[JAXC_MAX_NDIM], cx[JAXC_MAX_NDIM], cy[JAXC_MAX_NDIM], names[2 * JAXC_MAX_NDIM], nn;
  unsigned mx = 0, my = 0;
  for (int i = 0; i < (ord ? n : x->n); i++) {
    int c = ord ? ord[i] : x->lab[i], ix = jaxc__ein_find(x, c), iy = jaxc__ein_find(y, c);
    if (ix >= 0 && iy >= 0 && !gone[c]) bx[nb] = ix, by[nb] = iy, names[nb++] = c, mx |= 1u << ix, my |= 1u << iy;
  }
  for (int c = 0; c < JAXC__EIN_CODES; c++) {
    int ix = jaxc__ein_find(x, c), iy = jaxc__ein_find(y, c);
    if (!gone[c] || (ix < 0 && iy < 0)) continue;
    if (ix < 0 || iy < 0 || x->a->shape[ix] != y->a->shape[iy]) {
      char s0[160], s1[160];
      jaxc__format_shape(s0, sizeof s0, x->a);
      jaxc__format_shape(s1, sizeof s1, y->a);
      return jaxc__fail(JAXC_ERR_SHAPE, "Incompatible reduction dimensions: lhs.shape=%s rhs.shape=%s", s0, s1), false;
    }
    cx[nc] = ix, cy[nc++] = iy, mx |= 1u << ix, my |= 1u << iy;
  }
  /* try (y, x) first, as JAX does, where it needs no transpose */
  bool swap = ord != NULL;
  nn = nb;
  for (int i = 0; i < y->n; i++)
    if (!(my >> i & 1u)) names[nn++] = y->lab[i];
  for (int i = 0; i < x->n; i++)
    if (!(mx >> i & 1u)) names[nn++] = x->lab[i];
  for (int i = 0; swap && i < nn; i++) swap = i < n && names[i] == ord[i];
  swap = swap && nn == n;
  if (!swap) {
    nn = nb;
    for (int i = 0; i < x->n; i++)
      if (!(mx >> i & 1u)) names[nn++] = x->lab[i];
    for (int i = 0; i < y->n; i++)
      if (!(my >> i & 1u)) names[nn++] = y->lab[i];
  }
  const jaxc__ein_term *l = swap ? y : x, *r = swap ? x : y;
  jaxc__dot_types t;
  if (nn > JAXC_MAX_NDIM)
    return jaxc__fail(JAXC_ERR_SHAPE, "einsum: an intermediate of rank %d is past JAXC_MAX_NDIM (%d)", nn, JAXC_MAX_NDIM), false;
  if (!jaxc__dot_types_of(l->a, r->a, e->pref, &t)) return false;
  jaxc_array *p = jaxc__dot_general(l->a, r->a, nb, swap ? by : bx, swap ? bx : by, nc, swap ? cy : cx, swap ? cx : cy, &t);
  if (!p) return false;
  jaxc__ein_set(x, p);
  x->n = nn;
  memcpy(x->lab, names, (size_t)nn * sizeof *names);
  return !ord || jaxc__ein_order(x, n, ord);
}

/* --- the contraction path: opt_einsum's searches, as JAX's optimize="auto" picks them ---------
   opt_einsum.contract_path(optimize="auto") runs "optimal" for up to four operands, branch and
   bound exploring every candidate for five or six, the best two for seven or eight, the best one
   for nine to fourteen, and "greedy" past that. Each is reproduced here, its tie-breaks and
   quirks included, since the path decides which dtypes meet (and so whether dot_general refuses
   a pair) and the order of the float sums. Flop counts are doubles: exact below 2^53, where
   Python's are exact ints. */

/* A Python set of small ints, laid out as CPython (3.11-3.13) lays it out: opt_einsum walks its
   set of remaining terms with itertools.combinations, and branch and bound's running cut-off
   sees the pairs in that order, which is not ascending once an id reaches the table's size. An
   int hashes to itself; a slot holds a key, JAXC__PYSET_EMPTY or JAXC__PYSET_DUMMY (deleted). */
enum { JAXC__PYSET_SLOTS = 64, JAXC__PYSET_EMPTY = -1, JAXC__PYSET_DUMMY = -2 }; /* (14 terms use 32 at most) */
typedef struct jaxc__pyset {
  int mask, fill, used; /* fill counts dummies, used does not */
  short key[JAXC__PYSET_SLOTS];
} jaxc__pyset;
static void jaxc__pyset_init(jaxc__pyset *s, int size) {
  s->mask = size - 1, s->fill = s->used = 0;
  for (int i = 0; i < size; i++) s->key[i] = JAXC__PYSET_EMPTY;
}
/* The first slot on key's probe sequence that `stop` accepts: ten slots in a row where the table
   has them (LINEAR_PROBES), then i*5 + 1 + perturb (a small int's perturb is 0 after a shift). */
static int jaxc__pyset_probe(const jaxc__pyset *s, int key, bool (*stop)(int slot, int key)) {
  size_t mask = (size_t)s->mask, i = (size_t)key & mask, perturb = (size_t)key;
  for (;;) {
    size_t run = i + 9 <= mask ? 9 : 0;
    for (size_t at = i; at <= i + run; at++)
      if (stop(s->key[at], key)) return (int)at;
    perturb >>= 5;
    i = (i * 5 + 1 + perturb) & mask;
  }
}
static bool jaxc__pyset_empty_slot(int slot, int key) { return (void)key, slot == JAXC__PYSET_EMPTY; }
static bool jaxc__pyset_key_or_empty(int slot, int key) { return slot == key || slot == JAXC__PYSET_EMPTY; }
/* set_table_resize: the smallest table of more than minused slots, the keys reinserted in slot
   order (a table of eight without dummies is left as it is). */
static void jaxc__pyset_resize(jaxc__pyset *s, int minused) {
  int size = 8;
  while (size <= minused) size <<= 1;
  if (size == 8 && s->mask == 7 && s->fill == s->used) return;
  jaxc__pyset old = *s;
  JAXC_ASSERT(size <= JAXC__PYSET_SLOTS);
  jaxc__pyset_init(s, size);
  s->fill = s->used = old.used;
  for (int i = 0; i <= old.mask; i++)
    if (old.key[i] >= 0) s->key[jaxc__pyset_probe(s, old.key[i], jaxc__pyset_empty_slot)] = old.key[i];
}
/* set_add_entry, on a table without dummies (the only kind opt_einsum's expressions add to) */
static void jaxc__pyset_add(jaxc__pyset *s, int key) {
  int at = jaxc__pyset_probe(s, key, jaxc__pyset_key_or_empty);
  if (s->key[at] == key) return;
  s->key[at] = (short)key, s->fill++, s->used++;
  if (s->fill * 5 >= s->mask * 3) jaxc__pyset_resize(s, s->used * 4);
}
/* set_merge of `from` into s: one resize first, then a slot-for-slot copy, a clean reinsertion
   in `from`'s slot order, or adds, as s is empty and the tables match. */
static void jaxc__pyset_merge(jaxc__pyset *s, const jaxc__pyset *from) {
  if (!from->used) return;
  if ((s->fill + from->used) * 5 >= s->mask * 3) jaxc__pyset_resize(s, (s->used + from->used) * 2);
  if (s->fill == 0 && s->mask == from->mask && from->fill == from->used) {
    *s = *from;
    return;
  }
  bool clean = s->fill == 0;
  if (clean) s->fill = s->used = from->used;
  for (int i = 0; i <= from->mask; i++) {
    int key = from->key[i];
    if (key < 0) continue;
    if (clean) s->key[jaxc__pyset_probe(s, key, jaxc__pyset_empty_slot)] = (short)key;
    else jaxc__pyset_add(s, key);
  }
}
/* `(s - {i, j}) | {k}`, as CPython evaluates it: set_difference (for a set of 12 or more, a copy
   with i and j deleted, the dummies purged past a quarter of the table; else the survivors added
   to a new set in s's order), then set_or (a copy, then {k} merged in). */
static void jaxc__pyset_step(const jaxc__pyset *s, int i, int j, int k, jaxc__pyset *out) {
  jaxc__pyset diff, one;
  jaxc__pyset_init(&diff, 8);
  if ((s->used >> 2) > 2) {
    jaxc__pyset_merge(&diff, s);
    for (int d = 0; d < 2; d++) {
      int at = jaxc__pyset_probe(&diff, d ? j : i, jaxc__pyset_key_or_empty);
      if (diff.key[at] >= 0) diff.key[at] = JAXC__PYSET_DUMMY, diff.used--;
    }
    if (diff.fill - diff.used > diff.mask / 4) jaxc__pyset_resize(&diff, diff.used * 4);
  } else {
    for (int a = 0; a <= s->mask; a++)
      if (s->key[a] >= 0 && s->key[a] != i && s->key[a] != j) jaxc__pyset_add(&diff, s->key[a]);
  }
  jaxc__pyset_init(&one, 8);
  jaxc__pyset_add(&one, k);
  jaxc__pyset_init(out, 8);
  jaxc__pyset_merge(out, &diff);
  jaxc__pyset_merge(out, &one);
}
/* The keys in iteration order. */
static int jaxc__pyset_list(const jaxc__pyset *s, int *keys) {
  int n = 0;
  for (int a = 0; a <= s->mask; a++)
    if (s->key[a] >= 0) keys[n++] = s->key[a];
  return n;
}

/* The search's state: the terms as label sets (a bit per label), static ids (the operands, then
   each pair's result), and the cache optimal and branch and bound keep of each pair's result. */
typedef struct jaxc__ein_memo {
  uint64_t a, b, k12;
  double flops, s12; /* flops < 0: an empty slot */
} jaxc__ein_memo;
typedef struct jaxc__ein_sets {
  int n;              /* terms so far */
  uint64_t *set, out; /* each term's labels; the output's */
  double size[64], *tsize; /* each label's size, each term's */
  jaxc__ein_memo *memo;
  size_t cap, used;
  bool nomem;
  /* the best path found: its cost (flops, then the largest intermediate), its pairs */
  double best, best_size, *progress; /* progress: branch and bound's fewest flops at each depth */
  int nbranch, (*cur)[2], (*pair)[2];
  struct jaxc__ein_cand *cand;       /* branch and bound's candidates, a row per depth */
} jaxc__ein_sets;
static double jaxc__ein_bits_size(const jaxc__ein_sets *p, uint64_t set) {
  double s = 1;
  for (int b = 0; b < 64; b++)
    if (set >> b & 1u) s *= p->size[b];
  return s;
}
static size_t jaxc__ein_memo_slot(const jaxc__ein_memo *m, size_t cap, uint64_t a, uint64_t b) {
  size_t h = (size_t)((a * 0x9E3779B97F4A7C15u) ^ (b * 0xC2B2AE3D27D4EB4Fu) ^ (b >> 29)) & (cap - 1);
  while (m[h].flops >= 0 && (m[h].a != a || m[h].b != b)) h = (h + 1) & (cap - 1);
  return h;
}
static bool jaxc__ein_memo_grow(jaxc__ein_sets *p) {
  size_t cap = p->cap ? 2 * p->cap : 256;
  jaxc__ein_memo *m = (jaxc__ein_memo *)jaxc__malloc(cap * sizeof *m);
  if (!m) return p->nomem = true, false;
  for (size_t h = 0; h < cap; h++) m[h].flops = -1;
  for (size_t h = 0; h < p->cap; h++)
    if (p->memo[h].flops >= 0) m[jaxc__ein_memo_slot(m, cap, p->memo[h].a, p->memo[h].b)] = p->memo[h];
  jaxc__free(p->memo);
  p->memo = m, p->cap = cap;
  return true;
}
/* calc_k12_flops of terms i < j: the labels that stay (in the output or a remaining term) and
   helpers.flop_count, the size of all their labels, doubled where one is summed away; remembered
   by the pair of label sets, so that a later pair of equal sets gets this answer even where
   fewer terms remain (opt_einsum's result_cache). NULL: out of memory. */
static const jaxc__ein_memo *jaxc__ein_pair(jaxc__ein_sets *p, const jaxc__pyset *rem, int i, int j) {
  uint64_t a = p->set[i], b = p->set[j];
  if (2 * (p->used + 1) > p->cap && !jaxc__ein_memo_grow(p)) return NULL;
  jaxc__ein_memo *m = &p->memo[jaxc__ein_memo_slot(p->memo, p->cap, a, b)];
  if (m->flops < 0) {
    int ids[JAXC__PYSET_SLOTS], n = jaxc__pyset_list(rem, ids);
    uint64_t keep = p->out;
    for (int t = 0; t < n; t++)
      if (ids[t] != i && ids[t] != j) keep |= p->set[ids[t]];
    m->a = a, m->b = b, m->k12 = (a | b) & keep, p->used++;
    m->flops = jaxc__ein_bits_size(p, a | b) * ((a & b & ~keep) ? 2 : 1), m->s12 = jaxc__ein_bits_size(p, m->k12);
  }
  return m;
}
static void jaxc__ein_found(jaxc__ein_sets *p, int steps, double flops, double size) {
  p->best = flops, p->best_size = size;
  memcpy(p->pair, p->cur, (size_t)steps * sizeof *p->cur);
}

/* paths.optimal: depth first over every pair of the remaining terms, in the set's order, a branch
   dropped once its flops reach the best path's; the first path of the fewest flops wins. */
static void jaxc__ein_optimal(jaxc__ein_sets *p, const jaxc__pyset *rem, int steps, double flops) {
  if (rem->used == 1) {
    jaxc__ein_found(p, steps, flops, 0);
    return;
  }
  int ids[JAXC__PYSET_SLOTS], n = jaxc__pyset_list(rem, ids);
  for (int a = 0; a < n; a++)
    for (int b = a + 1; b < n; b++) {
      int i = ids[a] < ids[b] ? ids[a] : ids[b], j = ids[a] ^ ids[b] ^ i;
      const jaxc__ein_memo *m = jaxc__ein_pair(p, rem, i, j);
      if (!m) return;
      double f12 = m->flops;
      if (flops + f12 >= p->best) continue;
      jaxc__pyset next;
      jaxc__pyset_step(rem, i, j, p->n, &next);
      p->cur[steps][0] = i, p->cur[steps][1] = j, p->set[p->n++] = m->k12;
      jaxc__ein_optimal(p, &next, steps + 1, flops + f12);
      p->n--;
    }
}

/* paths.BranchBound: at each depth the pairs sharing a label (every pair, where none does or all
   were sieved) are assessed in the set's order -- dropped unless (flops, size) beats the best
   path's, or where the flops exceed 4x the fewest seen at this depth (that minimum updated as
   they go) -- then tried in order of (size12 - size1 - size2, flops12, flops, size, i, j), the
   first nbranch of them (0: all). */
typedef struct jaxc__ein_cand {
  double heur, f12, flops, size, s12;
  int i, j;
  uint64_t k12;
} jaxc__ein_cand;
static bool jaxc__ein_cand_before(const jaxc__ein_cand *x, const jaxc__ein_cand *y) {
  if (x->heur != y->heur) return x->heur < y->heur;
  if (x->f12 != y->f12) return x->f12 < y->f12;
  if (x->flops != y->flops) return x->flops < y->flops;
  if (x->size != y->size) return x->size < y->size;
  return x->i != y->i ? x->i < y->i : x->j < y->j;
}
enum { JAXC__EIN_BRANCH_MAX = 14 }; /* opt_einsum's "auto" goes greedy past this */
static void jaxc__ein_branch(jaxc__ein_sets *p, const jaxc__pyset *rem, int steps, double flops, double size) {
  if (rem->used == 1) {
    jaxc__ein_found(p, steps, flops, size);
    return;
  }
  int ids[JAXC__PYSET_SLOTS], n = jaxc__pyset_list(rem, ids), nc = 0;
  jaxc__ein_cand *c = p->cand + (size_t)steps * (JAXC__EIN_BRANCH_MAX * (JAXC__EIN_BRANCH_MAX - 1) / 2);
  for (int outer = 0; outer < 2 && !nc; outer++)
    for (int a = 0; a < n; a++)
      for (int b = a + 1; b < n; b++) {
        int i = ids[a] < ids[b] ? ids[a] : ids[b], j = ids[a] ^ ids[b] ^ i;
        if (!outer && !(p->set[i] & p->set[j])) continue;
        const jaxc__ein_memo *m = jaxc__ein_pair(p, rem, i, j);
        if (!m) return;
        double s12 = m->s12;
        jaxc__ein_cand x = {0, m->flops, flops + m->flops, size > s12 ? size : s12, s12, i, j, m->k12};
        if (!(x.flops < p->best || (x.flops == p->best && x.size < p->best_size))) continue;
        if (x.flops < p->progress[p->n]) p->progress[p->n] = x.flops;
        else if (x.flops > 4 * p->progress[p->n]) continue;
        x.heur = s12 - p->tsize[i] - p->tsize[j];
        int at = nc++;
        for (; at > 0 && jaxc__ein_cand_before(&x, &c[at - 1]); at--) c[at] = c[at - 1];
        c[at] = x;
      }
  for (int t = 0; t < nc && (!p->nbranch || t < p->nbranch); t++) {
    jaxc__pyset next;
    jaxc__pyset_step(rem, c[t].i, c[t].j, p->n, &next);
    p->cur[steps][0] = c[t].i, p->cur[steps][1] = c[t].j, p->tsize[p->n] = c[t].s12;
    p->set[p->n++] = c[t].k12;
    jaxc__ein_branch(p, &next, steps + 1, c[t].flops, c[t].size);
    p->n--;
  }
}

/* paths.greedy (ssa_greedy_optimize), for its static-id pairs: labels every term has count as
   output; terms with equal label sets are multiplied first; then, from a queue of candidate
   pairs ordered by (size12 - size1 - size2, the larger id, the smaller), the cheapest pair whose
   two label sets are both still present is taken (a candidate is not recomputed when a set
   returns under a new id), and the result's cheapest partner queued; terms left sharing no label
   are paired smallest first. */
typedef struct jaxc__ein_gcand {
  double cost;
  int hi, lo; /* the two ids, larger first: the tie-breaks */
  uint64_t k1, k2, k12;
} jaxc__ein_gcand;
typedef struct jaxc__ein_greedy_state {
  jaxc__ein_sets *p;
  uint64_t out, *key; /* the terms present, by label set (each set once) */
  int *id, *tmp, nk, next; /* their ids, scratch, how many, the next id */
  jaxc__ein_gcand *q;      /* the queue */
  int nq;
} jaxc__ein_greedy_state;
static int jaxc__ein_greedy_find(const jaxc__ein_greedy_state *g, uint64_t key) {
  for (int t = 0; t < g->nk; t++)
    if (g->key[t] == key) return t;
  return -1;
}
static bool jaxc__ein_gcand_before(const jaxc__ein_gcand *x, const jaxc__ein_gcand *y) {
  if (x->cost != y->cost) return x->cost < y->cost;
  return x->hi != y->hi ? x->hi < y->hi : x->lo < y->lo;
}
/* _get_candidate: a label stays if it is output, or shared by the two and by a third term, or
   in one of them and in another term (twice, thrice: the labels, not output, that two or three
   terms present have). */
static jaxc__ein_gcand jaxc__ein_greedy_cand(const jaxc__ein_greedy_state *g, uint64_t twice, uint64_t thrice, uint64_t k1, uint64_t k2) {
  uint64_t either = k1 | k2, two = k1 & k2, k12 = (either & g->out) | (two & thrice) | (either & ~two & twice);
  int a = g->id[jaxc__ein_greedy_find(g, k1)], b = g->id[jaxc__ein_greedy_find(g, k2)];
  double cost = jaxc__ein_bits_size(g->p, k12) - jaxc__ein_bits_size(g->p, k1) - jaxc__ein_bits_size(g->p, k2);
  jaxc__ein_gcand c = {cost, a > b ? a : b, a > b ? b : a, a > b ? k2 : k1, a > b ? k1 : k2, k12};
  return c;
}
/* The cheapest of k1's candidates with the terms at positions with[0..n) queued. */
static void jaxc__ein_greedy_push(jaxc__ein_greedy_state *g, uint64_t k1, const int *with, int n) {
  uint64_t once = 0, twice = 0, thrice = 0;
  for (int t = 0; t < g->nk; t++)
    thrice |= twice & g->key[t], twice |= once & g->key[t], once |= g->key[t];
  twice &= ~g->out, thrice &= ~g->out;
  jaxc__ein_gcand best = jaxc__ein_greedy_cand(g, twice, thrice, k1, g->key[with[0]]);
  for (int t = 1; t < n; t++) {
    jaxc__ein_gcand c = jaxc__ein_greedy_cand(g, twice, thrice, k1, g->key[with[t]]);
    if (jaxc__ein_gcand_before(&c, &best)) best = c;
  }
  g->q[g->nq++] = best;
}
/* Of the terms left sharing no label, the smaller by (output size, id). */
static bool jaxc__ein_outer_before(const jaxc__ein_greedy_state *g, int t, int u) {
  double st = jaxc__ein_bits_size(g->p, g->key[t] & g->out), su = jaxc__ein_bits_size(g->p, g->key[u] & g->out);
  return st != su ? st < su : g->id[t] < g->id[u];
}
static void jaxc__ein_greedy(jaxc__ein_greedy_state *g, int (*ssa)[2]) {
  jaxc__ein_sets *p = g->p;
  int steps = 0, *users = g->tmp;
  uint64_t all = p->set[0];
  for (int t = 1; t < p->n; t++) all &= p->set[t];
  g->out = p->out | all, g->nk = 0, g->next = p->n, g->nq = 0;
  for (int t = 0; t < p->n; t++) { /* equal sets: Hadamard products first */
    int at = jaxc__ein_greedy_find(g, p->set[t]);
    if (at < 0) g->key[g->nk] = p->set[t], g->id[g->nk++] = t;
    else ssa[steps][0] = g->id[at], ssa[steps++][1] = t, g->id[at] = g->next++;
  }
  for (int b = 0; b < 64; b++) { /* per label, each user paired with its later users (by id) */
    int nu = 0;
    if (g->out >> b & 1u) continue;
    for (int t = 0; t < g->nk; t++)
      if (g->key[t] >> b & 1u) users[nu++] = t;
    for (int x = 1; x < nu; x++)
      for (int y = x; y > 0 && g->id[users[y]] < g->id[users[y - 1]]; y--) {
        int swap = users[y];
        users[y] = users[y - 1], users[y - 1] = swap;
      }
    for (int x = 0; x + 1 < nu; x++) jaxc__ein_greedy_push(g, g->key[users[x]], users + x + 1, nu - x - 1);
  }
  while (g->nq) {
    int m = 0;
    for (int t = 1; t < g->nq; t++)
      if (jaxc__ein_gcand_before(&g->q[t], &g->q[m])) m = t;
    jaxc__ein_gcand c = g->q[m];
    g->q[m] = g->q[--g->nq];
    int t1 = jaxc__ein_greedy_find(g, c.k1), t2 = jaxc__ein_greedy_find(g, c.k2), w = 0;
    if (t1 < 0 || t2 < 0) continue; /* stale: a set is gone */
    ssa[steps][0] = g->id[t1], ssa[steps++][1] = g->id[t2];
    for (int t = 0; t < g->nk; t++)
      if (t != t1 && t != t2) g->key[w] = g->key[t], g->id[w++] = g->id[t];
    g->nk = w;
    int at = jaxc__ein_greedy_find(g, c.k12), id = g->next++, nw = 0;
    if (at >= 0) ssa[steps][0] = g->id[at], ssa[steps++][1] = id, g->id[at] = g->next++;
    else g->key[g->nk] = c.k12, g->id[g->nk++] = id;
    for (int t = 0; t < g->nk; t++)
      if (g->key[t] != c.k12 && (g->key[t] & c.k12 & ~g->out)) users[nw++] = t;
    if (nw) jaxc__ein_greedy_push(g, c.k12, users, nw);
  }
  while (g->nk > 1) { /* outer products: the two smallest, their product back in the pool */
    int m0 = -1, m1 = -1;
    for (int t = 0; t < g->nk; t++)
      if (m0 < 0 || jaxc__ein_outer_before(g, t, m0)) m1 = m0, m0 = t;
      else if (m1 < 0 || jaxc__ein_outer_before(g, t, m1)) m1 = t;
    int lo = g->id[m0] < g->id[m1] ? g->id[m0] : g->id[m1];
    ssa[steps][0] = lo, ssa[steps++][1] = g->id[m0] ^ g->id[m1] ^ lo;
    g->key[m0] = (g->key[m0] | g->key[m1]) & g->out, g->id[m0] = g->next++;
    g->key[m1] = g->key[--g->nk], g->id[m1] = g->id[g->nk];
  }
}

/* ssa_to_linear: static ids to positions in the list as it shrinks (each result appended). */
static void jaxc__ein_linear(int n, int (*ssa)[2], int (*pairs)[2], int *alive) {
  for (int k = 0; k < n; k++) alive[k] = k;
  for (int step = 0, na = n; step < n - 1; step++) {
    int pos[2];
    for (int s = 0; s < 2; s++)
      for (pos[s] = 0; alive[pos[s]] != ssa[step][s]; pos[s]++) {}
    int lo = pos[0] < pos[1] ? pos[0] : pos[1], hi = pos[0] ^ pos[1] ^ lo;
    pairs[step][0] = lo, pairs[step][1] = hi;
    memmove(alive + hi, alive + hi + 1, (size_t)(na - hi - 1) * sizeof *alive), na--;
    memmove(alive + lo, alive + lo + 1, (size_t)(na - lo - 1) * sizeof *alive), na--;
    alive[na++] = n + step;
  }
}
/* The path of e's terms as opt_einsum's linear pairs (positions in the list as it shrinks, each
   result appended): one (0, -1) step for one operand. false: out of memory. */
static bool jaxc__ein_path(const jaxc__ein *e, int (*pairs)[2]) {
  int n = e->nt, bit[JAXC__EIN_CODES], nb = 0;
  if (n < 3) {
    pairs[0][0] = 0, pairs[0][1] = n - 1 ? 1 : -1;
    return true;
  }
  bool branch = n <= JAXC__EIN_BRANCH_MAX;
  size_t rows = branch ? (size_t)n : 0, row = JAXC__EIN_BRANCH_MAX * (JAXC__EIN_BRANCH_MAX - 1) / 2;
  jaxc__ein_sets p;
  memset(&p, 0, sizeof p);
  jaxc__ein_greedy_state g;
  memset(&g, 0, sizeof g);
  p.set = (uint64_t *)jaxc__malloc(2 * (size_t)n * sizeof *p.set);
  p.progress = (double *)jaxc__malloc(2 * (size_t)n * sizeof *p.progress);
  p.tsize = (double *)jaxc__malloc(2 * (size_t)n * sizeof *p.tsize);
  p.cur = (int(*)[2])jaxc__malloc((size_t)n * sizeof *p.cur);
  p.pair = (int(*)[2])jaxc__malloc((size_t)n * sizeof *p.pair);
  p.cand = (jaxc__ein_cand *)jaxc__malloc((rows * row + 1) * sizeof *p.cand);
  g.key = (uint64_t *)jaxc__malloc((size_t)n * sizeof *g.key);
  g.id = (int *)jaxc__malloc(2 * (size_t)n * sizeof *g.id);
  g.q = (jaxc__ein_gcand *)jaxc__malloc(65 * (size_t)n * sizeof *g.q);
  bool ok = p.set && p.progress && p.tsize && p.cur && p.pair && p.cand && g.key && g.id && g.q && (!branch || jaxc__ein_memo_grow(&p));
  if (ok) {
    for (int c = 0; c < JAXC__EIN_CODES; c++) bit[c] = -1;
    for (int k = 0; k < 2 * n; k++) p.set[k] = 0, p.progress[k] = HUGE_VAL;
    for (int k = 0; k < n; k++)
      for (int i = 0; i < e->t[k].n; i++) {
        int c = e->t[k].lab[i];
        if (bit[c] < 0) bit[c] = nb, p.size[nb++] = (double)e->size[c];
        p.set[k] |= (uint64_t)1 << bit[c];
      }
    for (int i = 0; i < e->nout; i++) p.out |= (uint64_t)1 << bit[e->out[i]];
    for (int k = 0; k < n; k++) p.tsize[k] = jaxc__ein_bits_size(&p, p.set[k]);
    p.n = n, p.best = p.best_size = HUGE_VAL, p.nbranch = n <= 6 ? 0 : n <= 8 ? 2 : 1;
    if (branch) {
      jaxc__pyset all;
      jaxc__pyset_init(&all, 8);
      for (int k = 0; k < n; k++) jaxc__pyset_add(&all, k);
      if (n <= 4) jaxc__ein_optimal(&p, &all, 0, 0);
      else jaxc__ein_branch(&p, &all, 0, 0, 0);
    } else {
      g.p = &p, g.tmp = g.id + n;
      jaxc__ein_greedy(&g, p.pair);
    }
    ok = !p.nomem;
  }
  if (ok) jaxc__ein_linear(n, p.pair, pairs, g.id);
  jaxc__free(p.set), jaxc__free(p.progress), jaxc__free(p.tsize), jaxc__free(p.cur), jaxc__free(p.pair), jaxc__free(p.cand);
  jaxc__free(p.memo), jaxc__free(g.key), jaxc__free(g.id), jaxc__free(g.q);
  return ok || (jaxc__fail(JAXC_ERR_NOMEM, "out of memory in einsum"), false);
}
/* The steps of the path, the result left in e->t[0]. */
static bool jaxc__ein_run(jaxc__ein *e, int (*pairs)[2]) {
  bool gone[JAXC__EIN_CODES];
  for (int step = 0;; step++) {
    int i = pairs[step][0], j = pairs[step][1];
    jaxc__ein_term *x = &e->t[i], *y = j >= 0 ? &e->t[j] : NULL;
    for (int c = 0; c < JAXC__EIN_CODES; c++) {
      gone[c] = !e->in_out[c] && (jaxc__ein_find(x, c) >= 0 || (y && jaxc__ein_find(y, c) >= 0));
      for (int k = 0; gone[c] && k < e->nt; k++) gone[c] = k == i || k == j || jaxc__ein_find(&e->t[k], c) < 0;
    }
    bool last = e->nt <= 2;
    if (!jaxc__ein_step(e, x, y, gone, e->nout, last ? e->out : NULL)) return false;
    if (!y) return true;
    /* the result goes last, as opt_einsum appends it */
    jaxc__ein_term r = *x;
    int w = 0;
    if (y->owned) jaxc_array_free(y->a);
    for (int k = 0; k < e->nt; k++)
      if (k != i && k != j) e->t[w++] = e->t[k];
    e->t[w++] = r;
    if ((e->nt = w) == 1) return true;
  }
}

/* einsum's arguments checked and parsed into e, its path into e->pairs (jaxc__ein_close frees
   what this allocates, whatever it returns). */
static bool jaxc__ein_open(jaxc__ein *e, const char *name, const char *subscripts, int n, const jaxc_array *const *operands) {
  memset(e, 0, sizeof *e);
  if (!subscripts) return jaxc__fail(JAXC_ERR_ARG, "%s: the subscripts are NULL", name), false;
  if (n <= 0) return n ? jaxc__fail(JAXC_ERR_ARG, "%s: %d operands", name, n) : jaxc__fail(JAXC_ERR_ARG, "No input operands"), false;
  if (!jaxc__operands_ok(name, n, operands)) return false;
  e->t = (jaxc__ein_term *)jaxc__malloc((size_t)n * sizeof *e->t);
  e->buf = (char *)jaxc__malloc(strlen(subscripts) + 1);
  e->pairs = (int(*)[2])jaxc__malloc((size_t)n * sizeof *e->pairs);
  if (!e->t || !e->buf || !e->pairs) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in %s", name), false;
  memset(e->t, 0, (size_t)n * sizeof *e->t);
  e->nt = n;
  return jaxc__ein_parse(e, subscripts, n, operands, e->buf) && jaxc__ein_path(e, e->pairs);
}
static void jaxc__ein_close(jaxc__ein *e) {
  for (int k = 0; e->t && k < e->nt; k++)
    if (e->t[k].owned) jaxc_array_free(e->t[k].a);
  jaxc__free(e->t), jaxc__free(e->buf), jaxc__free(e->pairs);
  jaxc__free(e);
}
JAXC_API int jaxc_einsum_path(const char *subscripts, int n, const jaxc_array *const *operands, int *path) {
  jaxc__ein *e = (jaxc__ein *)jaxc__malloc(sizeof *e);
  int steps = -1;
  if (!e) return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in einsum_path"), -1;
  if (jaxc__ein_open(e, "einsum_path", subscripts, n, operands)) {
    if (!path) jaxc__fail(JAXC_ERR_ARG, "einsum_path: path is NULL");
    else {
      steps = n > 1 ? n - 1 : 1;
      memcpy(path, e->pairs, (size_t)steps * sizeof *e->pairs);
      jaxc__ok();
    }
  }
  jaxc__ein_close(e);
  return steps;
}
JAXC_API jaxc_array *jaxc_einsum(const char *subscripts, int n, const jaxc_array *const *operands, jaxc_dtype preferred) {
  jaxc__ein *e = (jaxc__ein *)jaxc__malloc(sizeof *e);
  jaxc_array *out = NULL;
  bool weak = false;
  if (!e) return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in einsum");
  if (!jaxc__ein_open(e, "einsum", subscripts, n, operands)) goto done;
  if (preferred == JAXC_DTYPE_NONE) { /* result_type of them all, and its weak flag */
    jaxc_dtype node = jaxc__join_nodes(n, operands);
    if (node == JAXC_DTYPE_INVALID) goto done;
    e->pref = jaxc_storage_dtype(node, jaxc_x64()), weak = jaxc_dtype_is_weak(node);
  } else if (!jaxc__create_dtype(preferred, JAXC_DTYPE_NONE, &e->pref)) goto done;
  if (!jaxc__ein_run(e, e->pairs)) goto done;
  /* lax._convert_element_type(result, preferred, weak) */
  jaxc__ein_term *r = &e->t[0];
  if (r->owned && r->a->owns_data && r->a->dtype == e->pref) out = r->a, r->owned = false;
  else out = jaxc_astype(r->a, e->pref);
  if (out) out->weak = weak, jaxc__ok();
done:
  jaxc__ein_close(e);
  return out;
}

/* --- convolve, correlate: jnp's _conv, one conv_general_dilated ------------------------------- */
/* out[i] = sum_j xp[i + j] w[j] for i in [i0, i1): xp is the padded input, w the kernel, both in
   the sum's type. Blocks of JAXC__CONV_B results are summed along the kernel in registers; every
   element adds its products in kernel order from 0, so a block's sums are the tail loop's, bit
   for bit, wherever the blocks and threads fall. */
#define JAXC__CONV_B 64
#define JAXC__CONV_KERNEL(E, SUF, T, MAC, CX)                                                      \
  static void jaxc__conv_##SUF(int64_t i0, int64_t i1, int64_t k, const T *xp, const T *w, T *out) { \
    int64_t i = i0;                                                                                 \
    for (; i + JAXC__CONV_B <= i1; i += JAXC__CONV_B) {                                             \
      T acc[JAXC__CONV_B];                                                                          \
      for (int l = 0; l < JAXC__CONV_B; l++) acc[l] = (T)0;                                         \
      for (int64_t j = 0; j < k; j++) {                                                             \
        const T wj = w[j], *x = xp + i + j;                                                         \
        JAXC__SIMD for (int l = 0; l < JAXC__CONV_B; l++) MAC(acc[l], x[l], wj);                    \
      }                                                                                             \
      memcpy(out + i, acc, sizeof acc);                                                             \
    }                                                                                               \
    for (; i < i1; i++) {                                                                           \
      T acc = (T)0;                                                                                 \
      for (int64_t j = 0; j < k; j++) MAC(acc, xp[i + j], w[j]);                                    \
      out[i] = acc;                                                                                 \
    }                                                                                               \
  }
#define JAXC__CONV_KERNEL_IF_REAL(E, SUF, T, MAC, CX) JAXC__CONV_KERNEL_##CX(E, SUF, T, MAC, CX)
#define JAXC__CONV_KERNEL_0 JAXC__CONV_KERNEL
#define JAXC__CONV_KERNEL_1(E, SUF, T, MAC, CX) /* (complex: three real convolutions, below) */
JAXC__MM_SUMS(JAXC__CONV_KERNEL_IF_REAL)
#undef JAXC__CONV_KERNEL_IF_REAL
#undef JAXC__CONV_KERNEL_0
#undef JAXC__CONV_KERNEL_1
#undef JAXC__CONV_KERNEL

/* A complex convolution as JAX lowers it (three real ones, Gauss's trick; below) in one pass:
   x's parts are formed as they are read (re + im rounded as the separate add rounds it), w holds
   the kernel's three parts one after the other (3k), and each result is (k1 - k3, k1 + k2) of
   its three sums, each in kernel order: the three convolutions' bits. */
#define JAXC__CONV_GB 32  /* results a block */
#define JAXC__CONV_GJ 256 /* taps whose inputs are laid out as parts at a time */
#define JAXC__CONV_GAUSS(SUF, T)                                                                     \
  static void jaxc__conv_gauss_##SUF(int64_t i0, int64_t i1, int64_t k, const T *xp, const T *w, T *out) { \
    T s[JAXC__CONV_GJ + JAXC__CONV_GB], r[JAXC__CONV_GJ + JAXC__CONV_GB], q[JAXC__CONV_GJ + JAXC__CONV_GB]; \
    for (int64_t i = i0; i < i1; i += JAXC__CONV_GB) {                                               \
      int m = i1 - i < JAXC__CONV_GB ? (int)(i1 - i) : JAXC__CONV_GB;                                 \
      T a1[JAXC__CONV_GB], a2[JAXC__CONV_GB], a3[JAXC__CONV_GB];                                      \
      for (int l = 0; l < JAXC__CONV_GB; l++) a1[l] = a2[l] = a3[l] = (T)0;                           \
      for (int64_t j0 = 0; j0 < k; j0 += JAXC__CONV_GJ) {                                             \
        int nj = k - j0 < JAXC__CONV_GJ ? (int)(k - j0) : JAXC__CONV_GJ, len = nj + m - 1;            \
        const T *x = xp + 2 * (i + j0);                                                               \
        for (int l = 0; l < len; l++) r[l] = x[2 * l], q[l] = x[2 * l + 1], s[l] = r[l] + q[l];       \
        for (int l = len; l < nj + JAXC__CONV_GB - 1; l++) r[l] = q[l] = s[l] = (T)0; /* (lanes past m) */ \
        for (int j = 0; j < nj; j++) {                                                                \
          const T w1 = w[j0 + j], w2 = w[k + j0 + j], w3 = w[2 * k + j0 + j];                         \
          JAXC__SIMD for (int l = 0; l < JAXC__CONV_GB; l++) {                                        \
            a1[l] += s[j + l] * w1, a2[l] += r[j + l] * w2, a3[l] += q[j + l] * w3;                   \
          }                                                                                           \
        }                                                                                             \
      }                                                                                               \
      for (int l = 0; l < m; l++) out[2 * (i + l)] = a1[l] - a3[l], out[2 * (i + l) + 1] = a1[l] + a2[l]; \
    }                                                                                                 \
  }
JAXC__CONV_GAUSS(f32, float)
JAXC__CONV_GAUSS(f64, double)
#undef JAXC__CONV_GAUSS

typedef struct jaxc__conv_job {
  jaxc_dtype sum;
  bool gauss; /* a complex convolution in one pass (sum: its parts' type) */
  int64_t k;
  const void *xp, *w;
  void *out;
} jaxc__conv_job;
static void jaxc__conv_range(const void *job, int64_t i0, int64_t i1) {
  const jaxc__conv_job *J = (const jaxc__conv_job *)job;
  if (J->gauss) {
    if (J->sum == JAXC_F32) jaxc__conv_gauss_f32(i0, i1, J->k, (const float *)J->xp, (const float *)J->w, (float *)J->out);
    else jaxc__conv_gauss_f64(i0, i1, J->k, (const double *)J->xp, (const double *)J->w, (double *)J->out);
    return;
  }
  switch (J->sum) {
#define JAXC__CONV_CASE_IF_REAL(E, SUF, T, MAC, CX) JAXC__CONV_CASE_##CX(E, SUF, T, MAC, CX)
#define JAXC__CONV_CASE_0(E, SUF, T, MAC, CX)                                                              \
  case JAXC_##E: jaxc__conv_##SUF(i0, i1, J->k, (const T *)J->xp, (const T *)J->w, (T *)J->out); break;
#define JAXC__CONV_CASE_1(E, SUF, T, MAC, CX)
    JAXC__MM_SUMS(JAXC__CONV_CASE_IF_REAL)
#undef JAXC__CONV_CASE_IF_REAL
#undef JAXC__CONV_CASE_0
#undef JAXC__CONV_CASE_1
  default: JAXC_ASSERT(0 && "conv: not a real sum type");
  }
}

/* Where the window runs: lo and hi zeros around the input, the kernel reversed (convolve), the
   result reversed (correlate of a shorter a). */
typedef struct jaxc__conv_geom {
  int64_t lo, hi;
  bool flip, reverse;
} jaxc__conv_geom;

/* The inputs of the two edges, elements of es bytes: lo zeros then x's first k - 1 elements
   (*left), x's last k - 1 then hi zeros (*right); all-zero bits are 0 in every sum type. */
static bool jaxc__conv_edges(const char *px, int64_t n, int64_t k, const jaxc__conv_geom *g, size_t es, char **left, char **right) {
  *left = jaxc__malloc((size_t)(g->lo + k) * es), *right = jaxc__malloc((size_t)(g->hi + k) * es);
  if (!*left || !*right) return false;
  memset(*left, 0, (size_t)g->lo * es), memcpy(*left + (size_t)g->lo * es, px, (size_t)(k - 1) * es);
  memcpy(*right, px + (size_t)(n - k + 1) * es, (size_t)(k - 1) * es), memset(*right + (size_t)(k - 1) * es, 0, (size_t)g->hi * es);
  return true;
}
/* J's kernel over the three runs of results: the left edge (reading `left`), the results whose
   window lies inside x (reading x in place), the right edge; out has results of es_out bytes. */
static void jaxc__conv_runs(jaxc__conv_job J, const char *px, const char *left, const char *right, int64_t n, const jaxc__conv_geom *g,
                            char *out, size_t es_out, size_t work_each) {
  int64_t inner = n - J.k + 1;
  const struct { const char *in; int64_t first, count; } part[3] = {{left, 0, g->lo}, {px, g->lo, inner}, {right, g->lo + inner, g->hi}};
  for (int s = 0; s < 3; s++) {
    J.xp = part[s].in, J.out = out + (size_t)part[s].first * es_out;
    jaxc__range_run(&J, jaxc__conv_range, part[s].count, work_each);
  }
}
/* One real conv_general_dilated of x (the lhs) and w (the kernel), both of one real dtype, with
   t's conversions and sums: a new array of t->out. Output i reads the padded input from i on;
   those whose window lies inside x read x itself, and the two edges (lo and hi outputs) read
   short copies with their zeros: the padding is never laid out whole. */
static jaxc_array *jaxc__conv_real(const jaxc_array *x, const jaxc_array *w, const jaxc__dot_types *t, const jaxc__conv_geom *g) {
  int64_t n = x->size, k = w->size, nout = n + g->lo + g->hi - k + 1;
  size_t es = jaxc_dtype_size(t->sum);
  jaxc_array *out = jaxc__new_array(t->out, false, 1, &nout);
  if (!out) return NULL;
  void *tx, *tw = NULL, *tc = NULL;
  char *left = NULL, *right = NULL;
  const char *px = (const char *)jaxc__mm_operand(x, t->conv, t->sum, &tx), *pw = px ? (const char *)jaxc__mm_operand(w, t->conv, t->sum, &tw) : NULL;
  char *wk = jaxc__malloc((size_t)k * es);
  char *pc = jaxc__same_bits(t->sum, t->out) ? (char *)out->data : (char *)(tc = jaxc__malloc((size_t)nout * es));
  if (!px || !pw || !wk || !pc || !jaxc__conv_edges(px, n, k, g, es, &left, &right)) {
    jaxc__free(tx), jaxc__free(tw), jaxc__free(tc), jaxc__free(left), jaxc__free(right), jaxc__free(wk), jaxc_array_free(out);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in conv_general_dilated");
  }
  memcpy(wk, pw, (size_t)k * es);
  if (g->flip) jaxc__reverse_run(wk, k, 1, es);
  jaxc__conv_job J = {t->sum, false, k, NULL, wk, NULL};
  jaxc__conv_runs(J, px, left, right, n, g, pc, es, (size_t)k * es);
  jaxc__free(tx), jaxc__free(tw), jaxc__free(left), jaxc__free(right), jaxc__free(wk);
  if (g->reverse) jaxc__reverse_run(pc, nout, 1, es);
  if (tc) jaxc_kernel_cast_dyn(t->sum, t->out, (size_t)nout, tc, out->data); /* one rounding, and integers wrapped */
  jaxc__free(tc);
  return out;
}

/* The parts lax's _complex_mul convolves (XLA:CPU has no complex convolution, so JAX lowers one
   to three real ones, Gauss's trick): re + im, re, im of x; re, im - re, re + im of the kernel.
   For correlate, v is conjugated first: the kernel, or x when the operands were swapped. T is
   the parts' type (float or double). */
#define JAXC__CONV_PARTS(T)                                                                        \
  {                                                                                                \
    const T *xs = (const T *)x->data, *ws = (const T *)w->data;                                    \
    T *s = (T *)xpart[0]->data, *r = (T *)xpart[1]->data, *m = (T *)xpart[2]->data;                \
    for (int64_t i = 0; i < x->size; i++) {                                                        \
      T re = xs[2 * i], im = conj_x ? -xs[2 * i + 1] : xs[2 * i + 1];                              \
      s[i] = re + im, r[i] = re, m[i] = im;                                                        \
    }                                                                                              \
    T *a = (T *)wpart[0]->data, *b = (T *)wpart[1]->data, *c = (T *)wpart[2]->data;                \
    for (int64_t i = 0; i < w->size; i++) {                                                        \
      T re = ws[2 * i], im = conj_w ? -ws[2 * i + 1] : ws[2 * i + 1];                              \
      a[i] = re, b[i] = im - re, c[i] = re + im;                                                   \
    }                                                                                              \
  }
#define JAXC__CONV_JOIN(T)                                                                         \
  {                                                                                                \
    const T *k1 = (const T *)k[0]->data, *k2 = (const T *)k[1]->data, *k3 = (const T *)k[2]->data; \
    T *z = (T *)out->data;                                                                         \
    for (int64_t i = 0; i < out->size; i++) z[2 * i] = k1[i] - k3[i], z[2 * i + 1] = k1[i] + k2[i]; \
  }
/* The one-pass complex convolution (x, w and the result of one complex dtype, summed in its
   parts' type, x not conjugated): the kernel's three parts made here, x read in place. */
#define JAXC__CONV_WPARTS(T)                                                                       \
  {                                                                                                \
    const T *ws = (const T *)w->data;                                                              \
    T *a = (T *)wp, *b = a + k, *c = b + k;                                                        \
    for (int64_t i = 0; i < k; i++) {                                                              \
      int64_t at = g->flip ? k - 1 - i : i;                                                        \
      T re = ws[2 * at], im = conj_w ? -ws[2 * at + 1] : ws[2 * at + 1];                           \
      a[i] = re, b[i] = im - re, c[i] = re + im;                                                   \
    }                                                                                              \
  }
static jaxc_array *jaxc__conv_gauss(const jaxc_array *x, const jaxc_array *w, const jaxc__dot_types *t, const jaxc__conv_geom *g, bool conj_w) {
  int64_t n = x->size, k = w->size, nout = n + g->lo + g->hi - k + 1;
  jaxc_dtype part = jaxc__real_dtype(x->dtype);
  size_t es = jaxc_dtype_size(x->dtype);
  jaxc_array *out = jaxc__new_array(t->out, false, 1, &nout);
  char *wp = jaxc__malloc((size_t)(3 * k) * (es / 2)), *left = NULL, *right = NULL;
  if (!out || !wp || !jaxc__conv_edges((const char *)x->data, n, k, g, es, &left, &right)) {
    jaxc__free(wp), jaxc__free(left), jaxc__free(right), jaxc_array_free(out);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in conv_general_dilated");
  }
  if (part == JAXC_F32) JAXC__CONV_WPARTS(float)
  else JAXC__CONV_WPARTS(double)
  jaxc__conv_job J = {part, true, k, NULL, wp, NULL};
  jaxc__conv_runs(J, (const char *)x->data, left, right, n, g, (char *)out->data, es, (size_t)k * es * 2);
  jaxc__free(wp), jaxc__free(left), jaxc__free(right);
  if (g->reverse) jaxc__reverse_run((char *)out->data, nout, 1, es);
  return out;
}
#undef JAXC__CONV_WPARTS
/* x conv w for complex x and w of one dtype: (k1 - k3) + i (k1 + k2) of k1 = (xr + xi) * wr,
   k2 = xr * (wi - wr), k3 = xi * (wr + wi), each a real convolution with t's real types. */
static jaxc_array *jaxc__conv_complex(const jaxc_array *x, const jaxc_array *w, const jaxc__dot_types *t, const jaxc__conv_geom *g, bool conj_x,
                                      bool conj_w) {
  jaxc_dtype part = jaxc__real_dtype(x->dtype);
  jaxc__dot_types tr = {jaxc__real_dtype(t->out), jaxc__real_dtype(t->conv), jaxc__real_dtype(t->sum), false};
  if (!conj_x && tr.out == part && tr.conv == part && tr.sum == part) return jaxc__conv_gauss(x, w, t, g, conj_w);
  jaxc_array *xpart[3] = {0}, *wpart[3] = {0}, *k[3] = {0}, *out = NULL;
  bool ok = true;
  for (int p = 0; p < 3; p++) {
    ok = ok && (xpart[p] = jaxc__new_array(part, false, 1, &x->size)) != NULL;
    ok = ok && (wpart[p] = jaxc__new_array(part, false, 1, &w->size)) != NULL;
  }
  if (ok) {
    if (part == JAXC_F32) JAXC__CONV_PARTS(float)
    else JAXC__CONV_PARTS(double)
    for (int p = 0; p < 3 && ok; p++) ok = (k[p] = jaxc__conv_real(xpart[p], wpart[p], &tr, g)) != NULL;
  }
  if (ok && (out = jaxc__new_array(t->out, false, 1, &k[0]->size)) != NULL) {
    if (tr.out == JAXC_F32) JAXC__CONV_JOIN(float)
    else JAXC__CONV_JOIN(double)
  }
  for (int p = 0; p < 3; p++) jaxc_array_free(xpart[p]), jaxc_array_free(wpart[p]), jaxc_array_free(k[p]);
  return out;
}
#undef JAXC__CONV_PARTS
#undef JAXC__CONV_JOIN

/* x converted as the convolution takes it: to d (promote_dtypes) unless `direct` (the kernel's
   own conversion to t.conv is the same), then to e where that differs (complex parts of real
   operands); NULL where x serves as it is, or on failure (*ok false) */
static jaxc_array *jaxc__conv_take(const jaxc_array *x, jaxc_dtype d, jaxc_dtype e, bool direct, bool *ok) {
  jaxc_array *y = NULL;
  *ok = true;
  if (x->dtype != d && !direct && !(y = jaxc_astype(x, d))) return *ok = false, NULL;
  if (d != e) {
    jaxc_array *z = jaxc_astype(y ? y : x, e);
    jaxc_array_free(y);
    if (!(y = z)) *ok = false;
  }
  return y;
}
/* jnp's _conv: promotion (to inexact without a preferred dtype), the checks in its order, then
   the longer operand as the lhs and the shorter as the kernel. */
static jaxc_array *jaxc__conv(const char *op, bool corr, const jaxc_array *a, const jaxc_array *v, jaxc_conv_mode mode, jaxc_dtype preferred) {
  if (!a || !v) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: an operand is NULL", op);
  if (a->ndim != 1 || v->ndim != 1) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "%s() only support 1-dimensional inputs.", op);
  jaxc_dtype node = jaxc__join2(a, v);
  if (node == JAXC_DTYPE_INVALID) return NULL;
  if (preferred == JAXC_DTYPE_NONE) node = jaxc__to_inexact(node);
  jaxc_dtype d = jaxc_storage_dtype(node, jaxc_x64());
  if (a->size == 0 || v->size == 0)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "%s: inputs cannot be empty, got shapes (%lld,) and (%lld,).", op, (long long)a->size, (long long)v->size);
  if ((unsigned)mode >= JAXC_NUM_CONV_MODES) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "mode must be one of ['full', 'same', 'valid']");
  jaxc__dot_types t = {d, d, d, false};
  if (!jaxc__dot_rule(d, d, preferred, &t)) return NULL;
  bool swap = a->size < v->size, cx = jaxc_dtype_kind(t.conv) == JAXC_KIND_COMPLEX, ok[2];
  const jaxc_array *x = swap ? v : a, *w = swap ? a : v;
  jaxc__conv_geom g = {0, 0, !corr, corr && swap};
  int64_t k = w->size;
  if (mode == JAXC_CONV_SAME) g.lo = k / 2, g.hi = k - k / 2 - 1;
  else if (mode == JAXC_CONV_FULL) g.lo = g.hi = k - 1;
  /* a complex convolution takes its parts in d, or (real operands, a complex preferred dtype) in
     t.conv; a real one goes straight to t.conv where that is d */
  jaxc_dtype e = cx && jaxc_dtype_kind(d) != JAXC_KIND_COMPLEX ? t.conv : d;
  bool direct = !cx && t.conv == d;
  jaxc_array *X = jaxc__conv_take(x, d, e, direct, &ok[0]), *W = ok[0] ? jaxc__conv_take(w, d, e, direct, &ok[1]) : NULL, *out = NULL;
  if (ok[0] && ok[1]) {
    x = X ? X : x, w = W ? W : w;
    out = cx ? jaxc__conv_complex(x, w, &t, &g, corr && swap, corr && !swap) : jaxc__conv_real(x, w, &t, &g);
  }
  jaxc_array_free(X), jaxc_array_free(W);
  if (!out) return NULL;
  out->weak = jaxc_dtype_is_weak(node); /* (both operands promoted to the join, its weak flag) */
  return jaxc__checked("conv_general_dilated", out, a, v);
}
JAXC_API jaxc_array *jaxc_convolve(const jaxc_array *a, const jaxc_array *v, jaxc_conv_mode mode, jaxc_dtype preferred) {
  return jaxc__conv("convolve", false, a, v, mode, preferred);
}
JAXC_API jaxc_array *jaxc_correlate(const jaxc_array *a, const jaxc_array *v, jaxc_conv_mode mode, jaxc_dtype preferred) {
  return jaxc__conv("correlate", true, a, v, mode, preferred);
}

/* --- jnp.linalg: the LU and Cholesky factorizations, and what JAX builds on them ---------------
   The factorizations are LAPACK's unblocked algorithms (getf2, potf2) in the dtype's own
   precision, row-major; everything around them (promotion, shapes, signs, logs, the 2x2 and
   3x3 determinants, norms, powers) is composed of jaxc's ops as jax.numpy composes it, so dtypes,
   weak flags and the elementwise roundings come out as JAX's. */

/* float16 and bfloat16 pass lax's dtype rules, but LAPACK has no kernels for them: JAX's
   NotImplementedError at lowering */
static bool jaxc__lapack_dtype(jaxc_dtype d) {
  if (d == JAXC_F32 || d == JAXC_F64 || d == JAXC_C64 || d == JAXC_C128) return true;
  return jaxc__fail(JAXC_ERR_DTYPE, "Unsupported dtype %s.", jaxc_dtype_name(d)), false;
}
/* matrices of a (..., m, n): the product of its batch axes */
static int64_t jaxc__batch_count(const jaxc_array *a) {
  int64_t c = 1;
  for (int i = 0; i < a->ndim - 2; i++) c *= a->shape[i];
  return c;
}
/* the last two axes of a are square (n x n): JAX's message is fmt with a's shape */
static bool jaxc__square_or(const jaxc_array *a, const char *fmt) {
  if (a->ndim >= 2 && a->shape[a->ndim - 1] == a->shape[a->ndim - 2]) return true;
  char s[24 * JAXC_MAX_NDIM + 8];
  jaxc__format_shape(s, sizeof s, a);
  return jaxc__fail(JAXC_ERR_SHAPE, fmt, s), false;
}
/* lax.linalg's rank check (linalg_shape_rule) */
static bool jaxc__rank_at_least(const jaxc_array *a, const char *prim) {
  if (a->ndim >= 2) return true;
  char s[24 * JAXC_MAX_NDIM + 8];
  jaxc__format_shape(s, sizeof s, a);
  return jaxc__fail(JAXC_ERR_SHAPE, "Input 0 to %s must have rank at least 2, but got shape=%s", prim, s), false;
}

/* getf2 on one m x n matrix: at step k the pivot is the first row of largest |a[i][k]| (|re| +
   |im| for complex, as i?amax), the rows are swapped and the column below scaled by the pivot's
   reciprocal (or divided, past LAPACK's safe minimum), then the trailing block takes the rank-1
   update, split over the threads by rows when it is large. A zero pivot is skipped (singular:
   U keeps the zero, as LAPACK's info > 0, which JAX ignores). */
typedef struct jaxc__lu_job {
  char *a;        /* count matrices of m x n, factored in place */
  int32_t *piv;   /* min(m, n) pivots each: the row swapped with row k at step k */
  int64_t m, n, k;
  jaxc_dtype d;
  bool inner;     /* one matrix at a time: its updates over the threads */
  void *at;       /* the matrix of the step in progress (for the update's pieces) */
} jaxc__lu_job;
/* complex (CX): the parts interleaved, products as XLA's and LAPACK's, (ac - bd, ad + bc) */
#define JAXC__LU(SUF, T, CX, ABS, HYPOT, SFMIN, CSUF)                                                 \
  static void jaxc__lu_rows_##SUF(const void *jp, int64_t r0, int64_t r1) {                          \
    const jaxc__lu_job *j = (const jaxc__lu_job *)jp;                                                \
    T *A = (T *)j->at;                                                                               \
    int64_t n = j->n, k = j->k, w = CX + 1;                                                          \
    const T *u = A + w * k * n;                                                                      \
    for (int64_t i = k + 1 + r0; i < k + 1 + r1; i++) {                                              \
      T *row = A + w * i * n, lr = row[w * k], li = CX ? row[w * k + CX] : 0;                        \
      if (CX) {                                                                                      \
        JAXC__SIMD for (int64_t c = k + 1; c < n; c++) {                                             \
          T ur = u[2 * c], ui = u[2 * c + 1];                                                        \
          row[2 * c] -= lr * ur - li * ui;                                                           \
          row[2 * c + 1] -= lr * ui + li * ur;                                                       \
        }                                                                                            \
      } else                                                                                         \
        JAXC__SIMD for (int64_t c = k + 1; c < n; c++) row[c] -= lr * u[c];                          \
    }                                                                                                \
  }                                                                                                  \
  static T jaxc__lu_mag_##SUF(const T *x) { return CX ? ABS(x[0]) + ABS(x[CX]) : ABS(x[0]); }       \
  static void jaxc__lu_one_##SUF(jaxc__lu_job *j, T *A, int32_t *piv) {                              \
    int64_t m = j->m, n = j->n, kmax = m < n ? m : n, w = CX + 1;                                    \
    j->at = A;                                                                                       \
    for (int64_t k = 0; k < kmax; k++) {                                                             \
      int64_t p = k;                                                                                 \
      T best = jaxc__lu_mag_##SUF(A + w * (k * n + k));                                              \
      for (int64_t i = k + 1; i < m; i++)                                                            \
        if (jaxc__lu_mag_##SUF(A + w * (i * n + k)) > best) best = jaxc__lu_mag_##SUF(A + w * (i * n + k)), p = i; \
      piv[k] = (int32_t)p;                                                                           \
      const T *pk = A + w * (p * n + k);                                                             \
      if (pk[0] != 0 || pk[CX] != 0) {                                                               \
        if (p != k)                                                                                  \
          for (int64_t c = 0; c < w * n; c++) {                                                      \
            T t = A[w * k * n + c];                                                                  \
            A[w * k * n + c] = A[w * p * n + c], A[w * p * n + c] = t;                               \
          }                                                                                          \
        T dr = A[w * (k * n + k)], di = CX ? A[w * (k * n + k) + CX] : 0;                            \
        if ((CX ? HYPOT(dr, di) : ABS(dr)) >= SFMIN) {                                               \
          T rr = 1 / dr, ri = 0;                                                                     \
          if (CX) jaxc__recip_##CSUF(dr, di, &rr, &ri);                                              \
          for (int64_t i = k + 1; i < m; i++) {                                                      \
            T *x = A + w * (i * n + k), xr = x[0], xi = x[CX];                                       \
            if (CX) x[0] = xr * rr - xi * ri, x[CX] = xr * ri + xi * rr;                             \
            else x[0] = xr * rr;                                                                     \
          }                                                                                          \
        } else                                                                                       \
          for (int64_t i = k + 1; i < m; i++) {                                                      \
            if (CX) jaxc__cdiv_##CSUF(A + w * (i * n + k), dr, di);                                  \
            else A[w * (i * n + k)] /= dr;                                                           \
          }                                                                                          \
      }                                                                                              \
      j->k = k;                                                                                      \
      if (j->inner) jaxc__range_run(j, jaxc__lu_rows_##SUF, m - k - 1, (size_t)(w * (n - k)) * sizeof(T)); \
      else jaxc__lu_rows_##SUF(j, 0, m - k - 1);                                                     \
    }                                                                                                \
  }
/* x / (dr + i di) by Smith's algorithm (the scaling keeps |d|^2 from overflowing, as Fortran's
   complex division does) */
#define JAXC__CDIV(SUF, T, ABS)                                                                         \
  static void jaxc__cdiv_##SUF(T *x, T dr, T di) {                                                   \
    T xr = x[0], xi = x[1];                                                                          \
    if (ABS(dr) >= ABS(di)) {                                                                        \
      T r = di / dr, den = dr + di * r;                                                              \
      x[0] = (xr + xi * r) / den, x[1] = (xi - xr * r) / den;                                        \
    } else {                                                                                         \
      T r = dr / di, den = dr * r + di;                                                              \
      x[0] = (xr * r + xi) / den, x[1] = (xi * r - xr) / den;                                        \
    }                                                                                                \
  }                                                                                                  \
  static void jaxc__recip_##SUF(T dr, T di, T *rr, T *ri) {                                          \
    T x[2] = {1, 0};                                                                                 \
    jaxc__cdiv_##SUF(x, dr, di);                                                                     \
    *rr = x[0], *ri = x[1];                                                                          \
  }
JAXC__CDIV(c64, float, fabsf)
JAXC__CDIV(c128, double, fabs)
JAXC__LU(f32, float, 0, fabsf, hypotf, FLT_MIN, c64) /* (CSUF: the complex helpers of T, unused when real) */
JAXC__LU(f64, double, 0, fabs, hypot, DBL_MIN, c128)
JAXC__LU(c64, float, 1, fabsf, hypotf, FLT_MIN, c64)
JAXC__LU(c128, double, 1, fabs, hypot, DBL_MIN, c128)
#undef JAXC__LU
#undef JAXC__CDIV

static void jaxc__lu_matrix(jaxc__lu_job *j, int64_t b) {
  int64_t kmin = j->m < j->n ? j->m : j->n;
  char *A = j->a + (size_t)(b * j->m * j->n) * jaxc_dtype_size(j->d);
  int32_t *piv = j->piv + b * kmin;
  switch (j->d) {
  case JAXC_F32: jaxc__lu_one_f32(j, (float *)(void *)A, piv); break;
  case JAXC_F64: jaxc__lu_one_f64(j, (double *)(void *)A, piv); break;
  case JAXC_C64: jaxc__lu_one_c64(j, (float *)(void *)A, piv); break;
  default: jaxc__lu_one_c128(j, (double *)(void *)A, piv); break;
  }
}
static void jaxc__lu_item(const void *jp, int64_t b) {
  jaxc__lu_job j = *(const jaxc__lu_job *)jp; /* (each thread its own step state) */
  jaxc__lu_matrix(&j, b);
}
/* lu (..., m, n) of a LAPACK dtype factored in place, piv (..., min(m, n)) int32 written:
   matrices over the threads when there are several and they are large together, else one at a
   time with each one's updates over the threads */
static void jaxc__lu_factor(jaxc_array *lu, int32_t *piv) {
  int64_t m = lu->shape[lu->ndim - 2], n = lu->shape[lu->ndim - 1], count = m && n ? lu->size / (m * n) : 0;
  jaxc__lu_job j = {(char *)lu->data, piv, m, n, 0, lu->dtype, false, NULL};
  bool batch = count > 1 && (size_t)lu->size * jaxc_dtype_size(lu->dtype) * (size_t)(m < n ? m : n) / 4 > JAXC_PAR_BYTES;
  if (batch) jaxc__items_run(&j, jaxc__lu_item, count, true);
  else {
    j.inner = true;
    for (int64_t b = 0; b < count; b++) jaxc__lu_matrix(&j, b);
  }
}
/* the LU of a (a LAPACK dtype, rank >= 2): a new array and its pivots (..., min(m, n)) */
static jaxc_array *jaxc__lu_new(const jaxc_array *a, jaxc_array **pivots) {
  int64_t m = a->shape[a->ndim - 2], n = a->shape[a->ndim - 1], shape[JAXC_MAX_NDIM];
  memcpy(shape, a->shape, sizeof(int64_t) * (size_t)a->ndim);
  shape[a->ndim - 2] = m < n ? m : n;
  jaxc_array *lu = jaxc__new_array(a->dtype, a->weak, a->ndim, a->shape);
  *pivots = lu ? jaxc__new_array(JAXC_I32, false, a->ndim - 1, shape) : NULL;
  if (!*pivots) {
    jaxc_array_free(lu);
    return NULL;
  }
  if (a->size) memcpy(lu->data, a->data, (size_t)a->size * jaxc_dtype_size(a->dtype));
  jaxc__lu_factor(lu, (int32_t *)(*pivots)->data);
  return lu;
}

JAXC_API int jaxc_lax_linalg_lu(const jaxc_array *a, jaxc_array **lu, jaxc_array **pivots, jaxc_array **permutation) {
  jaxc_array **const outs[3] = {lu, pivots, permutation};
  jaxc_array *res[3] = {NULL, NULL, NULL};
  jaxc__outs_clear(3, outs);
  if (!a) return jaxc__fail(JAXC_ERR_ARG, "lu: the array is NULL"), JAXC_ERR_ARG;
  jaxc_kind k = jaxc_dtype_kind(a->dtype);
  if (k != JAXC_KIND_FLOAT && k != JAXC_KIND_COMPLEX)
    return jaxc__fail(JAXC_ERR_DTYPE, "lu does not accept dtype %s. Accepted dtypes are subtypes of floating, complexfloating.",
                      jaxc_dtype_name(a->dtype)), JAXC_ERR_DTYPE;
  if (!jaxc__rank_at_least(a, "lu") || !jaxc__lapack_dtype(a->dtype)) return jaxc_last_status();
  bool ok = (res[0] = jaxc__lu_new(a, &res[1])) != NULL;
  if (ok && permutation) { /* the pivots' swaps applied in order to 0, 1, ..., m - 1 */
    int64_t m = a->shape[a->ndim - 2], kmin = res[1]->shape[res[1]->ndim - 1], count = m ? jaxc__batch_count(a) : 0;
    ok = (res[2] = jaxc__new_array(JAXC_I32, false, a->ndim - 1, a->shape)) != NULL;
    const int32_t *pv = ok ? (const int32_t *)res[1]->data : NULL;
    int32_t *pm = ok ? (int32_t *)res[2]->data : NULL;
    for (int64_t b = 0; ok && b < count; b++) {
      int32_t *p = pm + b * m;
      for (int64_t i = 0; i < m; i++) p[i] = (int32_t)i;
      for (int64_t i = 0; i < kmin; i++) {
        int32_t s = pv[b * kmin + i], t = p[i];
        p[i] = p[s], p[s] = t;
      }
    }
  }
  if (ok) ok = (res[0] = jaxc__checked("lu", res[0], a, NULL)) != NULL;
  return jaxc__outs_hand(3, outs, res, ok);
}

/* a[..., i, j] of every matrix (flat = i * n + j), as an array of the batch shape: a's dtype and
   weak flag, as JAX's indexing keeps them */
static jaxc_array *jaxc__entry(const jaxc_array *a, int64_t flat) {
  jaxc_array *r = jaxc__new_array(a->dtype, a->weak, a->ndim - 2, a->shape);
  if (!r) return NULL;
  size_t es = jaxc_dtype_size(a->dtype);
  int64_t per = a->shape[a->ndim - 1] * a->shape[a->ndim - 2];
  for (int64_t b = 0; b < r->size; b++) memcpy((char *)r->data + (size_t)b * es, (const char *)a->data + (size_t)(b * per + flat) * es, es);
  return r;
}

/* the i-th float of a LAPACK dtype's data (a complex element's parts are 2i and 2i + 1) */
static double jaxc__part_get(const jaxc_array *a, int64_t i) {
  return a->dtype == JAXC_F32 || a->dtype == JAXC_C64 ? ((const float *)a->data)[i] : ((const double *)a->data)[i];
}
static void jaxc__part_set(jaxc_array *a, int64_t i, double v) {
  if (a->dtype == JAXC_F32 || a->dtype == JAXC_C64) ((float *)a->data)[i] = (float)v;
  else ((double *)a->data)[i] = v;
}

/* JAX's _slogdet_lu on A (promoted, square, a LAPACK dtype): sign = 0 where a pivot is 0, else
   (-1)^(row swaps + negative pivots) (complex: prod(diag / |diag|) times (-1)^swaps);
   logabsdet = sum(log(abs(diag))), -inf where a pivot is 0. Both strong. */
static bool jaxc__slogdet(const jaxc_array *A, jaxc_array **sign, jaxc_array **logdet) {
  jaxc__steps S = {{0}, 0};
  jaxc_array *piv = NULL, *lu, *diag, *mag, *lg, *ld = NULL, *sg = NULL, *magc, *unit;
  int64_t n = A->shape[A->ndim - 1], count = jaxc__batch_count(A);
  bool cx = jaxc_dtype_kind(A->dtype) == JAXC_KIND_COMPLEX, ok = false;
  JAXC__STEP(lu, jaxc__lu_new(A, &piv));
  jaxc__step(&S, piv);
  JAXC__STEP(diag, jaxc_diagonal(lu, 0, -2, -1));
  JAXC__STEP(mag, jaxc_abs(diag));
  JAXC__STEP(lg, jaxc_log(mag));
  JAXC__STEP(ld, jaxc_sum(lg, -1));
  if (cx) {
    JAXC__STEP(magc, jaxc_astype(mag, A->dtype));
    JAXC__STEP(unit, jaxc_true_divide(diag, magc));
    JAXC__STEP(sg, jaxc_prod(unit, -1));
  } else
    JAXC__STEP(sg, jaxc__new_array(A->dtype, false, A->ndim - 2, A->shape));
  for (int64_t b = 0; b < count; b++) {
    const int32_t *p = (const int32_t *)piv->data + b * n;
    int64_t parity = 0;
    bool zero = false;
    for (int64_t i = 0; i < n; i++) {
      parity += p[i] != i;
      if (A->dtype == JAXC_F32) {
        float d = ((const float *)diag->data)[b * n + i];
        zero |= d == 0, parity += d < 0;
      } else if (A->dtype == JAXC_F64) {
        double d = ((const double *)diag->data)[b * n + i];
        zero |= d == 0, parity += d < 0;
      } else {
        double re = jaxc__part_get(diag, 2 * (b * n + i)), im = jaxc__part_get(diag, 2 * (b * n + i) + 1);
        zero |= re == 0 && im == 0;
      }
    }
    double s = parity % 2 ? -1.0 : 1.0; /* (sign * s, complex: XLA's product with s + 0i) */
    if (cx) {
      double re = jaxc__part_get(sg, 2 * b), im = jaxc__part_get(sg, 2 * b + 1);
      jaxc__part_set(sg, 2 * b, zero ? 0.0 : re * s - im * 0.0);
      jaxc__part_set(sg, 2 * b + 1, zero ? 0.0 : re * 0.0 + im * s);
    } else
      jaxc__part_set(sg, b, zero ? 0.0 : s);
    if (zero) jaxc__part_set(ld, b, -(double)INFINITY);
  }
  ok = true;
done:
  *sign = ok ? jaxc__step_keep(&S, sg) : NULL, *logdet = ok ? jaxc__step_keep(&S, ld) : NULL;
  jaxc__steps_free(&S, NULL);
  return ok;
}
JAXC_API int jaxc_linalg_slogdet(const jaxc_array *a, jaxc_array **sign, jaxc_array **logabsdet) {
  jaxc_array **const outs[2] = {sign, logabsdet};
  jaxc_array *res[2] = {NULL, NULL};
  jaxc__outs_clear(2, outs);
  if (!a) return jaxc__fail(JAXC_ERR_ARG, "slogdet: the array is NULL"), JAXC_ERR_ARG;
  jaxc_array *A = jaxc__inexact_view(a);
  bool ok = A && jaxc__square_or(A, "Argument to slogdet() must have shape [..., n, n], got %s") && jaxc__lapack_dtype(A->dtype) &&
            jaxc__slogdet(A, &res[0], &res[1]);
  jaxc_array_free(A);
  return jaxc__outs_hand(2, outs, res, ok);
}

/* jnp.linalg.det: the 2x2 and 3x3 determinants written out (JAX's _det_2x2, _det_3x3: each
   product and sum an op of its own, left to right), else sign * exp(logabsdet) */
static const int8_t jaxc__det_terms[2][6][4] = {
    {{0, 3, -1, 1}, {1, 2, -1, -1}},                                                                     /* 2x2 */
    {{0, 4, 8, 1}, {1, 5, 6, 1}, {2, 3, 7, 1}, {2, 4, 6, -1}, {0, 5, 7, -1}, {1, 3, 8, -1}}};           /* 3x3 */
static jaxc_array *jaxc__det_small(const jaxc_array *A, int n) {
  jaxc__steps S = {{0}, 0};
  jaxc_array *e[9] = {NULL}, *acc = NULL, *p, *q;
  for (int t = 0; t < (n == 2 ? 2 : 6); t++) {
    const int8_t *term = jaxc__det_terms[n - 2][t];
    for (int f = 0; f < n; f++)
      if (!e[term[f]]) JAXC__STEP(e[term[f]], jaxc__entry(A, term[f]));
    JAXC__STEP(p, jaxc_multiply(e[term[0]], e[term[1]]));
    if (n == 3 && !(p = jaxc__step_swap(&S, p, jaxc_multiply(p, e[term[2]])))) goto done;
    if (!acc) acc = p;
    else {
      q = term[3] > 0 ? jaxc_add(acc, p) : jaxc_subtract(acc, p);
      if (!(acc = jaxc__step_swap(&S, acc, q))) goto done;
    }
  }
  jaxc__step_keep(&S, acc);
done:
  jaxc__steps_free(&S, acc);
  return acc;
}
JAXC_API jaxc_array *jaxc_linalg_det(const jaxc_array *a) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "det: the array is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *A, *r = NULL, *sign = NULL, *ld = NULL, *e, *ec;
  JAXC__STEP(A, jaxc__inexact_view(a));
  if (!jaxc__square_or(A, "Argument to _det() must have shape [..., n, n], got %s")) goto done;
  int64_t n = A->shape[A->ndim - 1];
  if (n == 2 || n == 3) {
    r = jaxc__det_small(A, (int)n);
    goto done;
  }
  if (!jaxc__lapack_dtype(A->dtype) || !jaxc__slogdet(A, &sign, &ld)) goto done;
  jaxc__step(&S, sign), jaxc__step(&S, ld);
  JAXC__STEP(e, jaxc_exp(ld));
  JAXC__STEP(ec, jaxc_astype(e, sign->dtype));
  r = jaxc_multiply(sign, ec);
done:
  jaxc__steps_free(&S, r);
  return r;
}

/* lu_solve on columns [c0, c1) of X (m x k, row-major), in place: the pivots' row swaps in
   order, then L's unit lower triangle forward and U's upper triangle backward, each row taking
   the updates in the order trsm gives them (the nearest solved row last going back up) */
typedef struct jaxc__solve_job {
  const char *lu, *b;     /* the factors (count_a matrices) and the right-hand sides */
  const int32_t *piv;
  char *x;                /* the result: batches of m x k */
  const jaxc__mm *g;      /* the broadcast batches: ao is a's matrix, bo b's */
  int64_t m, k;
  jaxc_dtype d;
  bool inner;             /* one batch at a time, its columns over the threads */
  const char *at_lu;      /* the batch in progress (for the column pieces) */
  const int32_t *at_piv;
  char *at_x;
} jaxc__solve_job;
#define JAXC__LU_SOLVE(SUF, T, CX)                                                                    \
  static void jaxc__lu_solve_##SUF(const void *jp, int64_t c0, int64_t c1) {                         \
    const jaxc__solve_job *j = (const jaxc__solve_job *)jp;                                          \
    const T *LU = (const T *)(const void *)j->at_lu;                                                 \
    T *X = (T *)(void *)j->at_x;                                                                     \
    const int32_t *piv = j->at_piv;                                                                  \
    int64_t m = j->m, k = j->k, w = (CX + 1);                                                        \
    for (int64_t i = 0; i < m; i++)                                                                  \
      if (piv[i] != i)                                                                               \
        for (int64_t c = w * c0; c < w * c1; c++) {                                                  \
          T t = X[w * i * k + c];                                                                    \
          X[w * i * k + c] = X[w * piv[i] * k + c], X[w * piv[i] * k + c] = t;                       \
        }                                                                                            \
    for (int64_t i = 1; i < m; i++)                                                                  \
      for (int64_t r = 0; r < i; r++) JAXC__LU_AXPY_##CX(T, X + w * i * k, X + w * r * k, LU + w * (i * m + r), c0, c1); \
    for (int64_t i = m - 1; i >= 0; i--) {                                                           \
      for (int64_t r = m - 1; r > i; r--) JAXC__LU_AXPY_##CX(T, X + w * i * k, X + w * r * k, LU + w * (i * m + r), c0, c1); \
      JAXC__LU_DIV_##CX(T, X + w * i * k, LU + w * (i * m + i), c0, c1);                             \
    }                                                                                                \
  }
/* y[c] -= l * x[c] over [c0, c1); y[c] /= d */
#define JAXC__LU_AXPY_0(T, y, x, l, c0, c1)                                                           \
  do {                                                                                               \
    T *y_ = (y), lv_ = *(l);                                                                         \
    const T *x_ = (x);                                                                               \
    JAXC__SIMD for (int64_t c = c0; c < c1; c++) y_[c] -= lv_ * x_[c];                               \
  } while (0)
#define JAXC__LU_DIV_0(T, y, d, c0, c1)                                                               \
  do {                                                                                               \
    T *y_ = (y), dv_ = *(d);                                                                         \
    for (int64_t c = c0; c < c1; c++) y_[c] /= dv_;                                                  \
  } while (0)
#define JAXC__LU_AXPY_1(T, y, x, l, c0, c1)                                                           \
  do {                                                                                               \
    T *y_ = (y), lr_ = (l)[0], li_ = (l)[1];                                                         \
    const T *x_ = (x);                                                                               \
    JAXC__SIMD for (int64_t c = c0; c < c1; c++) {                                                   \
      T xr_ = x_[2 * c], xi_ = x_[2 * c + 1];                                                        \
      y_[2 * c] -= lr_ * xr_ - li_ * xi_;                                                            \
      y_[2 * c + 1] -= lr_ * xi_ + li_ * xr_;                                                        \
    }                                                                                                \
  } while (0)
#define JAXC__LU_DIV_1(T, y, d, c0, c1)                                                               \
  do {                                                                                               \
    for (int64_t c = c0; c < c1; c++) JAXC__CDIV_OF(T)((y) + 2 * c, (d)[0], (d)[1]);                 \
  } while (0)
#define JAXC__CDIV_OF(T) JAXC__CDIV_OF_##T
#define JAXC__CDIV_OF_float jaxc__cdiv_c64
#define JAXC__CDIV_OF_double jaxc__cdiv_c128
JAXC__LU_SOLVE(f32, float, 0)
JAXC__LU_SOLVE(f64, double, 0)
JAXC__LU_SOLVE(c64, float, 1)
JAXC__LU_SOLVE(c128, double, 1)
#undef JAXC__LU_SOLVE
#undef JAXC__LU_AXPY_0
#undef JAXC__LU_AXPY_1
#undef JAXC__LU_DIV_0
#undef JAXC__LU_DIV_1
#undef JAXC__CDIV_OF
#undef JAXC__CDIV_OF_float
#undef JAXC__CDIV_OF_double
static void jaxc__solve_batch(jaxc__solve_job *j, int64_t t) {
  size_t es = jaxc_dtype_size(j->d);
  jaxc__mm_pos p;
  jaxc__mm_seek(j->g, t, &p);
  j->at_lu = j->lu + (size_t)(p.ao * j->m * j->m) * es, j->at_piv = j->piv + p.ao * j->m;
  j->at_x = j->x + (size_t)(t * j->m * j->k) * es;
  memcpy(j->at_x, j->b + (size_t)(p.bo * j->m * j->k) * es, (size_t)(j->m * j->k) * es);
  jaxc__range_fn fn = j->d == JAXC_F32 ? jaxc__lu_solve_f32 : j->d == JAXC_F64 ? jaxc__lu_solve_f64 : j->d == JAXC_C64 ? jaxc__lu_solve_c64 : jaxc__lu_solve_c128;
  if (j->inner) jaxc__range_run(j, fn, j->k, (size_t)(j->m * j->m) * es);
  else fn(j, 0, j->k);
}
static void jaxc__solve_item(const void *jp, int64_t t) {
  jaxc__solve_job j = *(const jaxc__solve_job *)jp;
  jaxc__solve_batch(&j, t);
}

JAXC_API jaxc_array *jaxc_linalg_solve(const jaxc_array *a, const jaxc_array *b) {
  if (!a || !b) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "solve: an operand is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *A, *B, *lu, *piv = NULL, *x = NULL;
  char s0[24 * JAXC_MAX_NDIM + 8], s1[24 * JAXC_MAX_NDIM + 8];
  if (!jaxc__promote_pair(a, b, true, &S, &A, &B)) goto done;
  jaxc__format_shape(s0, sizeof s0, A), jaxc__format_shape(s1, sizeof s1, B);
  if (A->ndim < 2) {
    jaxc__fail(JAXC_ERR_SHAPE, "left hand array must be at least two dimensional; got a.shape=%s", s0);
    goto done;
  }
  int64_t m = A->shape[A->ndim - 1];
  if (B->ndim > 1 && A->ndim == B->ndim + 1 && m == B->shape[B->ndim - 1] && m != B->shape[B->ndim - 2]) {
    jaxc__fail(JAXC_ERR_SHAPE, "Invalid shapes for solve: %s, %s. Prior to JAX v0.5.0, this would have been treated as a batched "
               "1-dimensional solve. To recover this behavior, use solve(a, b[..., None]).squeeze(-1).", s0, s1);
    goto done;
  }
  bool vec = B->ndim == 1;
  const jaxc_array *ops[2] = {A, B};
  const int core[2] = {2, vec ? 1 : 2};
  const char *const names[2] = {"mm", vec ? "m" : "mn"};
  jaxc__mm g;
  if (!jaxc__vectorize_ok(vec ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)", ops, core, names) ||
      !jaxc__vectorize_batch(&g, A, 2, B, core[1]) || !jaxc__lapack_dtype(A->dtype))
    goto done;
  JAXC__STEP(lu, jaxc__lu_new(A, &piv));
  jaxc__step(&S, piv);
  int64_t k = vec ? 1 : B->shape[B->ndim - 1], shape[JAXC_MAX_NDIM + 2];
  int nd = 0;
  for (int i = 0; i < g.nbatch; i++) shape[nd++] = g.bshape[i];
  shape[nd++] = m;
  if (!vec) shape[nd++] = k;
  if (nd > JAXC_MAX_NDIM) {
    jaxc__fail(JAXC_ERR_SHAPE, "solve: the result has %d axes, more than JAXC_MAX_NDIM", nd);
    goto done;
  }
  JAXC__STEP(x, jaxc__new_array(A->dtype, false, nd, shape));
  if (x->size) {
    jaxc__solve_job j = {(const char *)lu->data, (const char *)B->data, (const int32_t *)piv->data, (char *)x->data, &g, m, k, A->dtype,
                         false, NULL, NULL, NULL};
    int64_t batches = x->size / (m * k);
    if (batches > 1 && (size_t)x->size * jaxc_dtype_size(x->dtype) * (size_t)m > JAXC_PAR_BYTES) jaxc__items_run(&j, jaxc__solve_item, batches, true);
    else {
      j.inner = k > 1;
      for (int64_t t = 0; t < batches; t++) jaxc__solve_batch(&j, t);
    }
  }
  jaxc__step_keep(&S, x);
  x = jaxc__checked("triangular_solve", x, a, b);
done:
  jaxc__steps_free(&S, x);
  return x;
}
/* jnp.linalg.inv: solve(a, broadcast(eye(n, dtype=a.dtype), a.shape[:-2])) */
JAXC_API jaxc_array *jaxc_linalg_inv(const jaxc_array *a) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "inv: the array is NULL");
  if (!jaxc__square_or(a, "Argument to inv must have shape [..., n, n], got %s.")) return NULL;
  int64_t n = a->shape[a->ndim - 1];
  jaxc_array *eye = jaxc_eye(n, n, 0, a->dtype), *I = eye ? jaxc_broadcast_to(eye, a->ndim, a->shape) : NULL;
  jaxc_array *r = I ? jaxc_linalg_solve(a, I) : NULL;
  JAXC__FREE_ARRAYS(eye, I);
  return r;
}

/* potf2 as the upper factor U (A = U^H U) of each n x n matrix, in place: row j of U is row j of
   what is left, over the square root of its diagonal (times the reciprocal, as LAPACK scales),
   then the rows below take the rank-1 update W[p][q] -= conj(U[j][p]) U[j][q] -- by rows, which
   vectorise. The matrix holds the lower triangle's values transposed (conjugated) above its
   diagonal. A diagonal that is not > 0 (or NaN; complex: its real part) fails the matrix. */
typedef struct jaxc__chol_job {
  char *a;
  int64_t n, j;
  jaxc_dtype d;
  bool inner;
  void *at;
  bool *failed;   /* per matrix */
} jaxc__chol_job;
#define JAXC__CHOL(SUF, T, CX, SQRT)                                                                  \
  static void jaxc__chol_rows_##SUF(const void *jp, int64_t r0, int64_t r1) {                        \
    const jaxc__chol_job *jb = (const jaxc__chol_job *)jp;                                           \
    T *W = (T *)jb->at;                                                                              \
    int64_t n = jb->n, j = jb->j, w = CX + 1;                                                        \
    const T *u = W + w * j * n;                                                                      \
    for (int64_t p = j + 1 + r0; p < j + 1 + r1; p++) {                                              \
      T *row = W + w * p * n;                                                                        \
      if (CX) {                                                                                      \
        T ar = u[2 * p], ai = -u[2 * p + 1];                                                         \
        JAXC__SIMD for (int64_t q = p; q < n; q++) {                                                 \
          T br = u[2 * q], bi = u[2 * q + 1];                                                        \
          row[2 * q] -= ar * br - ai * bi;                                                           \
          row[2 * q + 1] -= ar * bi + ai * br;                                                       \
        }                                                                                            \
      } else {                                                                                       \
        T l = u[p];                                                                                  \
        JAXC__SIMD for (int64_t q = p; q < n; q++) row[q] -= l * u[q];                               \
      }                                                                                              \
    }                                                                                                \
  }                                                                                                  \
  static bool jaxc__chol_one_##SUF(jaxc__chol_job *jb, T *W) {                                       \
    int64_t n = jb->n, w = CX + 1;                                                                   \
    jb->at = W;                                                                                      \
    for (int64_t j = 0; j < n; j++) {                                                                \
      T *row = W + w * j * n, d = row[w * j];                                                        \
      if (!(d > 0)) return false;                                                                    \
      d = SQRT(d);                                                                                   \
      T r = 1 / d;                                                                                   \
      row[w * j] = d;                                                                                \
      if (CX) row[2 * j + 1] = 0;                                                                    \
      for (int64_t q = w * (j + 1); q < w * n; q++) row[q] *= r;                                     \
      jb->j = j;                                                                                     \
      if (jb->inner) jaxc__range_run(jb, jaxc__chol_rows_##SUF, n - j - 1, (size_t)(n - j) * (size_t)w * sizeof(T)); \
      else jaxc__chol_rows_##SUF(jb, 0, n - j - 1);                                                  \
    }                                                                                                \
    return true;                                                                                     \
  }
JAXC__CHOL(f32, float, 0, sqrtf)
JAXC__CHOL(f64, double, 0, sqrt)
JAXC__CHOL(c64, float, 1, sqrtf)
JAXC__CHOL(c128, double, 1, sqrt)
#undef JAXC__CHOL
static void jaxc__chol_matrix(jaxc__chol_job *jb, int64_t b) {
  char *W = jb->a + (size_t)(b * jb->n * jb->n) * jaxc_dtype_size(jb->d);
  bool ok;
  switch (jb->d) {
  case JAXC_F32: ok = jaxc__chol_one_f32(jb, (float *)(void *)W); break;
  case JAXC_F64: ok = jaxc__chol_one_f64(jb, (double *)(void *)W); break;
  case JAXC_C64: ok = jaxc__chol_one_c64(jb, (float *)(void *)W); break;
  default: ok = jaxc__chol_one_c128(jb, (double *)(void *)W); break;
  }
  jb->failed[b] = !ok;
}
static void jaxc__chol_item(const void *jp, int64_t b) {
  jaxc__chol_job jb = *(const jaxc__chol_job *)jp;
  jaxc__chol_matrix(&jb, b);
}
/* X's lower triangle -> U above the diagonal of a new array (zeros below), each matrix factored;
   a failed one is NaN on and above the diagonal (JAX fills the whole factor with NaN; tril keeps
   that triangle) */
static jaxc_array *jaxc__chol_upper(const jaxc_array *X) {
  int64_t n = X->shape[X->ndim - 1], count = n ? jaxc__batch_count(X) : 0;
  size_t es = jaxc_dtype_size(X->dtype), half = es / (jaxc_dtype_kind(X->dtype) == JAXC_KIND_COMPLEX ? 2 : 1);
  jaxc_array *U = jaxc__new_array(X->dtype, false, X->ndim, X->shape);
  bool *failed = U ? (bool *)jaxc__malloc((size_t)(count ? count : 1)) : NULL;
  if (!failed) {
    jaxc_array_free(U);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory");
  }
  const char *x = (const char *)X->data;
  char *u = (char *)U->data;
  for (int64_t b = 0; b < count; b++)
    for (int64_t i = 0; i < n; i++)
      for (int64_t q = 0; q < n; q++) {
        char *dst = u + (size_t)((b * n + i) * n + q) * es;
        if (q < i) memset(dst, 0, es);
        else {
          memcpy(dst, x + (size_t)((b * n + q) * n + i) * es, es); /* U[i][q] = conj(X[q][i]) */
          if (half != es) jaxc__part_set(U, 2 * ((b * n + i) * n + q) + 1, -jaxc__part_get(U, 2 * ((b * n + i) * n + q) + 1));
        }
      }
  jaxc__chol_job jb = {u, n, 0, X->dtype, false, NULL, failed};
  if (count > 1 && (size_t)U->size * es * (size_t)n / 6 > JAXC_PAR_BYTES) jaxc__items_run(&jb, jaxc__chol_item, count, true);
  else {
    jb.inner = true;
    for (int64_t b = 0; b < count; b++) jaxc__chol_matrix(&jb, b);
  }
  for (int64_t b = 0; b < count; b++)
    if (failed[b])
      for (int64_t i = 0; i < n; i++)
        for (int64_t q = i; q < n; q++)
          for (size_t h = 0; h < es / half; h++) jaxc__part_set(U, (int64_t)(es / half) * ((b * n + i) * n + q) + (int64_t)h, NAN);
  jaxc__free(failed);
  return U;
}
/* each square matrix of a LAPACK dtype replaced by its conjugate transpose */
static void jaxc__conj_transpose_square(jaxc_array *U) {
  int64_t n = U->shape[U->ndim - 1], count = n ? jaxc__batch_count(U) : 0, w = jaxc_dtype_kind(U->dtype) == JAXC_KIND_COMPLEX ? 2 : 1;
  for (int64_t b = 0; b < count; b++)
    for (int64_t i = 0; i < n; i++)
      for (int64_t q = i; q < n; q++) {
        int64_t x = w * ((b * n + i) * n + q), y = w * ((b * n + q) * n + i);
        double xr = jaxc__part_get(U, x), yr = jaxc__part_get(U, y);
        jaxc__part_set(U, x, yr), jaxc__part_set(U, y, xr);
        if (w == 2) {
          double xi = jaxc__part_get(U, x + 1), yi = jaxc__part_get(U, y + 1);
          jaxc__part_set(U, x + 1, -yi), jaxc__part_set(U, y + 1, -xi);
        }
      }
}
JAXC_API jaxc_array *jaxc_linalg_cholesky(const jaxc_array *a, bool upper, bool symmetrize_input) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "cholesky: the array is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *A, *X, *T, *H, *sum, *two, *U, *r = NULL;
  char s[24 * JAXC_MAX_NDIM + 8];
  JAXC__STEP(A, jaxc__inexact_view(a));
  jaxc__format_shape(s, sizeof s, A);
  if (symmetrize_input) { /* lax.linalg.symmetrize: (x + _H(x)) / 2, _H being lax.transpose of the last two axes, conj */
    if (A->ndim < 2) {
      jaxc__fail(JAXC_ERR_ARG, "transpose permutation isn't a permutation of operand dimensions, got permutation %s for operand shape %s.",
                 A->ndim ? "(0, -1)" : "(-1, -2)", s);
      goto done;
    }
    JAXC__STEP(T, jaxc_swapaxes(A, -1, -2));
    JAXC__STEP(H, jaxc_conj(T));
    JAXC__STEP(sum, jaxc_add(A, H));
    JAXC__STEP(two, jaxc_weak_int(2));
    JAXC__STEP(X, jaxc_true_divide(sum, two));
  } else {
    if (!jaxc__rank_at_least(A, "cholesky")) goto done;
    if (A->shape[A->ndim - 1] != A->shape[A->ndim - 2]) {
      jaxc__format_dims(s, sizeof s, 2, A->shape + A->ndim - 2);
      jaxc__fail(JAXC_ERR_SHAPE, "The input to cholesky must be a square matrix. Got shape %s.", s);
      goto done;
    }
    X = A;
  }
  if (!jaxc__lapack_dtype(X->dtype)) goto done;
  JAXC__STEP(U, jaxc__chol_upper(X));
  if (!upper) jaxc__conj_transpose_square(U); /* L = U^H, in place */
  r = jaxc__checked("cholesky", jaxc__step_keep(&S, U), a, NULL);
done:
  jaxc__steps_free(&S, r);
  return r;
}

/* jnp.linalg.matrix_power: a promoted to inexact; n == 0: eye broadcast to a's shape; n < 0:
   inv(a) to the power -n; 1, 2 and 3 written out, then binary powering (JAX's loop, in its
   order of products) */
JAXC_API jaxc_array *jaxc_linalg_matrix_power(const jaxc_array *a, int64_t n) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "matrix_power: the array is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *arr, *z = NULL, *r = NULL, *eye;
  JAXC__STEP(arr, jaxc__inexact_view(a));
  if (arr->ndim < 2) {
    jaxc__fail(JAXC_ERR_SHAPE, "%d-dimensional array given. Array must be at least two-dimensional", arr->ndim);
    goto done;
  }
  int64_t m = arr->shape[arr->ndim - 1];
  if (arr->shape[arr->ndim - 2] != m) {
    jaxc__fail(JAXC_ERR_SHAPE, "Last 2 dimensions of the array must be square");
    goto done;
  }
  if (n == 0) {
    JAXC__STEP(eye, jaxc_eye(m, m, 0, arr->dtype));
    r = jaxc_broadcast_to(eye, arr->ndim, arr->shape);
    goto done;
  }
  uint64_t e = n < 0 ? (uint64_t)0 - (uint64_t)n : (uint64_t)n;
  if (n < 0) JAXC__STEP(arr, jaxc_linalg_inv(arr));
  if (e == 1) r = jaxc__promoted(arr, arr->dtype, arr->weak);
  else if (e == 2 || e == 3) {
    JAXC__STEP(z, jaxc_matmul(arr, arr));
    r = e == 2 ? jaxc__step_keep(&S, z) : jaxc_matmul(z, arr);
  } else { /* z: a, a^2, a^4 ...; acc: the product of the z of each set bit (a copy of the first) */
    jaxc_array *zown = NULL, *acc = NULL;
    const jaxc_array *zc = arr;
    bool ok = true;
    for (bool first = true; e > 0 && ok; first = false) {
      if (!first) {
        jaxc_array *nz = jaxc_matmul(zc, zc);
        jaxc_array_free(zown);
        zc = zown = nz;
        if (!(ok = nz != NULL)) break;
      }
      bool bit = e & 1;
      e >>= 1;
      if (bit) {
        jaxc_array *na = acc ? jaxc_matmul(acc, zc) : jaxc__promoted(zc, zc->dtype, zc->weak);
        jaxc_array_free(acc);
        ok = (acc = na) != NULL;
      }
    }
    jaxc_array_free(zown);
    r = ok ? acc : NULL;
    if (!ok) jaxc_array_free(acc);
  }
done:
  jaxc__steps_free(&S, r);
  return r;
}

/* --- singular values: one-sided Jacobi (Hestenes) --------------------------------------------
   The columns of a (of a^H when a is wide) are rotated in pairs until every pair is orthogonal to
   working precision; the singular values are then the columns' norms, sorted descending. The
   rotations run in double (complex: pairs of doubles) for every dtype, so float32 and complex64
   values come out nearly always correctly rounded (LAPACK's float32 gesdd, JAX's, carries
   float32 errors). A matrix holding a NaN or an infinity gets NaN singular values: JAX replaces
   the output of a gesdd that fails with NaN. */
typedef struct jaxc__svd_job {
  const jaxc_array *a; /* (..., m, n), a LAPACK dtype */
  jaxc_array *s;       /* (..., min(m, n)), its real dtype */
  int64_t m, n;
  bool *nomem;         /* per matrix: no memory for its scratch */
} jaxc__svd_job;
/* column pair (x, y) of length rows (interleaved parts when cx): rotated to orthogonal; false
   when they already are */
static bool jaxc__jacobi_pair(double *x, double *y, int64_t rows, bool cx) {
  /* the three (four) sums in 4 interleaved parts each, so that they vectorise */
  double al[4] = {0}, be[4] = {0}, grl[4] = {0}, gil[4] = {0}, alpha = 0, beta = 0, gr = 0, gi = 0;
  int64_t len = cx ? 2 * rows : rows, r = 0;
  for (; r + 4 <= len; r += 4)
    for (int l = 0; l < 4; l++) al[l] += x[r + l] * x[r + l], be[l] += y[r + l] * y[r + l], grl[l] += x[r + l] * y[r + l];
  for (int l = 0; r + l < len; l++) al[l] += x[r + l] * x[r + l], be[l] += y[r + l] * y[r + l], grl[l] += x[r + l] * y[r + l];
  if (cx) /* imag(x^H y): xr yi - xi yr over the interleaved pairs */
    for (r = 0; r + 4 <= len; r += 4)
      for (int l = 0; l < 4; l += 2) gil[l] += x[r + l] * y[r + l + 1] - x[r + l + 1] * y[r + l];
  if (cx && r < len) gil[0] += x[r] * y[r + 1] - x[r + 1] * y[r];
  for (int l = 0; l < 4; l++) alpha += al[l], beta += be[l], gr += grl[l], gi += gil[l];
  double g = hypot(gr, gi);
  /* orthogonal to working precision: the rounding of the sums themselves is about rows ulps, and
     what is left moves the values by its square */
  if (!(g > (double)rows * 0x1p-52 * sqrt(alpha) * sqrt(beta))) return false;
  /* y's phase (a real y's sign) turned so that x^H y is g > 0, then the real rotation that zeroes it */
  double zeta = (beta - alpha) / (2 * g), t = (zeta >= 0 ? 1 : -1) / (fabs(zeta) + hypot(1, zeta));
  double c = 1 / sqrt(1 + t * t), s = c * t, pr = gr / g, pi = gi / g;
  if (cx)
    for (int64_t e = 0; e < rows; e++) {
      double xr = x[2 * e], xi = x[2 * e + 1], yr = pr * y[2 * e] + pi * y[2 * e + 1], yi = pr * y[2 * e + 1] - pi * y[2 * e];
      x[2 * e] = c * xr - s * yr, x[2 * e + 1] = c * xi - s * yi;
      y[2 * e] = s * xr + c * yr, y[2 * e + 1] = s * xi + c * yi;
    }
  else
    for (int64_t e = 0; e < rows; e++) {
      double xr = x[e], yr = pr * y[e];
      x[e] = c * xr - s * yr, y[e] = s * xr + c * yr;
    }
  return true;
}
static void jaxc__svd_item(const void *jp, int64_t b) {
  const jaxc__svd_job *j = (const jaxc__svd_job *)jp;
  bool cx = jaxc_dtype_kind(j->a->dtype) == JAXC_KIND_COMPLEX, wide = j->m < j->n, finite = true;
  int64_t m = j->m, n = j->n, rows = wide ? n : m, cols = wide ? m : n, wc = cx ? 2 : 1;
  double *w = (double *)jaxc__malloc(sizeof(double) * (size_t)(rows * cols * wc + 1)), *sv = w ? (double *)jaxc__malloc(sizeof(double) * (size_t)(cols + 1)) : NULL;
  if (!sv) {
    jaxc__free(w);
    j->nomem[b] = true;
    return;
  }
  for (int64_t r = 0; r < m; r++) /* W column `col` holds a's column (tall) or conj of its row (wide) */
    for (int64_t c = 0; c < n; c++) {
      int64_t src = wc * ((b * m + r) * n + c), col = wide ? r : c, row = wide ? c : r;
      double re = jaxc__part_get(j->a, src), im = cx ? jaxc__part_get(j->a, src + 1) : 0;
      finite &= isfinite(re) && isfinite(im);
      w[wc * (col * rows + row)] = re;
      if (cx) w[2 * (col * rows + row) + 1] = wide ? -im : im;
    }
  for (int sweep = 0; finite && sweep < 64; sweep++) {
    bool rotated = false;
    for (int64_t p = 0; p + 1 < cols; p++)
      for (int64_t q = p + 1; q < cols; q++) rotated |= jaxc__jacobi_pair(w + wc * p * rows, w + wc * q * rows, rows, cx);
    if (!rotated) break;
  }
  for (int64_t c = 0; c < cols; c++) {
    double ss = 0;
    for (int64_t r = 0; r < rows * wc; r++) ss += w[wc * c * rows + r] * w[wc * c * rows + r];
    double v = finite ? sqrt(ss) : NAN;
    int64_t at = c; /* insertion, descending */
    while (at > 0 && sv[at - 1] < v) sv[at] = sv[at - 1], at--;
    sv[at] = v;
  }
  for (int64_t c = 0; c < cols; c++) jaxc__part_set(j->s, b * cols + c, sv[c]);
  jaxc__free(w), jaxc__free(sv);
}
/* the singular values of X (promoted, a LAPACK dtype, rank >= 2): (..., min(m, n)) */
static jaxc_array *jaxc__svdvals(const jaxc_array *X) {
  int64_t m = X->shape[X->ndim - 2], n = X->shape[X->ndim - 1], shape[JAXC_MAX_NDIM];
  memcpy(shape, X->shape, sizeof(int64_t) * (size_t)X->ndim);
  shape[X->ndim - 2] = m < n ? m : n;
  jaxc_dtype rd = X->dtype == JAXC_C64 ? JAXC_F32 : X->dtype == JAXC_C128 ? JAXC_F64 : X->dtype;
  jaxc_array *s = jaxc__new_array(rd, false, X->ndim - 1, shape);
  if (!s) return NULL;
  int64_t count = m && n ? jaxc__batch_count(X) : 0, k = m < n ? m : n;
  bool *nomem = (bool *)jaxc__malloc((size_t)count + 1), failed = !nomem;
  if (nomem) {
    memset(nomem, 0, (size_t)count + 1);
    jaxc__svd_job j = {X, s, m, n, nomem};
    jaxc__items_run(&j, jaxc__svd_item, count, count > 1 && (size_t)count * (size_t)(m * n * k) * 8 > JAXC_PAR_BYTES);
    for (int64_t b = 0; b < count; b++) failed |= nomem[b];
    jaxc__free(nomem);
  }
  if (failed) {
    jaxc_array_free(s);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory");
  }
  return s;
}
JAXC_API jaxc_array *jaxc_linalg_svdvals(const jaxc_array *x) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "svdvals: the array is NULL");
  jaxc_array *X = jaxc__inexact_view(x), *s = NULL;
  if (X && jaxc__rank_at_least(X, "svd") && jaxc__lapack_dtype(X->dtype)) s = jaxc__svdvals(X);
  jaxc_array_free(X);
  return s ? jaxc__checked("svd", s, x, NULL) : NULL;
}
/* jnp.linalg.matrix_rank: the singular values above rtol (default: the largest times max(m, n)
   times eps, each product rounded in their dtype; a given rtol is compared as it is, as JAX
   does); a 0-d or 1-d M: any(M != 0) as int32 */
JAXC_API jaxc_array *jaxc_linalg_matrix_rank(const jaxc_array *M, const jaxc_array *rtol) {
  if (!M) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "matrix_rank: the array is NULL");
  jaxc__steps S = {{0}, 0};
  jaxc_array *X, *zero, *ne, *any, *s, *tol, *mx, *c1, *c2, *t1, *tx, *gt, *r = NULL;
  JAXC__STEP(X, jaxc__inexact_view(M));
  if (X->ndim < 2) {
    JAXC__STEP(zero, jaxc_weak_int(0));
    JAXC__STEP(ne, jaxc_not_equal(X, zero));
    JAXC__STEP(any, jaxc_reduce(JAXC_OP_ANY, ne, JAXC_ALL_AXES));
    r = jaxc_astype(any, JAXC_I32);
    goto done;
  }
  if (!jaxc__lapack_dtype(X->dtype)) goto done;
  JAXC__STEP(s, jaxc__svdvals(X));
  if (rtol) tol = (jaxc_array *)rtol;
  else {
    jaxc_float_info fi;
    jaxc_finfo(s->dtype, &fi);
    int64_t m = X->shape[X->ndim - 2], n = X->shape[X->ndim - 1];
    JAXC__STEP(mx, jaxc_reduce(JAXC_OP_MAX, s, -1));
    JAXC__STEP(c1, jaxc_scalar(s->dtype, (double)(m > n ? m : n), 0));
    JAXC__STEP(c2, jaxc_scalar(s->dtype, fi.eps, 0));
    JAXC__STEP(t1, jaxc_multiply(mx, c1));
    JAXC__STEP(tol, jaxc_multiply(t1, c2));
  }
  JAXC__STEP(tx, jaxc_expand_dims(tol, tol->ndim));
  JAXC__STEP(gt, jaxc_greater(s, tx));
  r = jaxc_sum(gt, -1);
done:
  jaxc__steps_free(&S, r);
  return r;
}

/* --- norms: jnp.linalg.vector_norm, matrix_norm and norm, op by op as JAX writes them ---------
   ord is the Python value as a string: NULL is None, "fro"/"f" and "nuc" the strings, anything
   strtod reads in full a number ("2", "-1", "0.5", "inf", "-inf"). */
typedef enum { JAXC__ORD_NONE, JAXC__ORD_NUM, JAXC__ORD_FRO, JAXC__ORD_NUC, JAXC__ORD_OTHER } jaxc__ord_kind;
static jaxc__ord_kind jaxc__ord_parse(const char *ord, double *p) {
  *p = 0;
  if (!ord) return JAXC__ORD_NONE;
  if (!strcmp(ord, "fro") || !strcmp(ord, "f")) return JAXC__ORD_FRO;
  if (!strcmp(ord, "nuc")) return JAXC__ORD_NUC;
  char *end;
  double v = strtod(ord, &end);
  if (end == ord || *end) return JAXC__ORD_OTHER;
  *p = v;
  return JAXC__ORD_NUM;
}
/* op (SUM, MAX, MIN) over the axes ax[0 .. na) (canonical, distinct; none: a size-1 axis, so each
   element is its own reduction): the axes moved last and merged, then one reduction (one
   rounding, as XLA's reduce over several axes) */
static jaxc_array *jaxc__reduce_axes(jaxc_op op, const jaxc_array *x, int na, const int *ax, bool keepdims) {
  int perm[JAXC_MAX_NDIM], np = 0, nd = 0;
  bool in[JAXC_MAX_NDIM] = {false};
  int64_t shape[JAXC_MAX_NDIM + 1], keep[JAXC_MAX_NDIM], inner = 1;
  for (int i = 0; i < na; i++) in[ax[i]] = true;
  for (int d = 0; d < x->ndim; d++) {
    keep[d] = in[d] ? 1 : x->shape[d];
    if (!in[d]) perm[np++] = d, shape[nd++] = x->shape[d];
  }
  for (int i = 0; i < na; i++) perm[np + i] = ax[i], inner *= x->shape[ax[i]];
  shape[nd++] = inner;
  bool moved = false; /* (axes already last, in order: no transposed copy) */
  for (int d = 0; d < x->ndim; d++) moved |= perm[d] != d;
  jaxc_array *t = moved ? jaxc_transpose(x, x->ndim, perm) : NULL, *v = t || !moved ? jaxc_reshape(t ? t : x, nd, shape) : NULL;
  jaxc_array *r = v ? jaxc_reduce_ex(op, v, -1, false) : NULL, *k = r && keepdims ? jaxc_reshape(r, x->ndim, keep) : NULL;
  JAXC__FREE_ARRAYS(t, v, keepdims ? r : NULL);
  return keepdims ? k : r;
}
/* the axes as Python hands them to a reduction: each canonical, none repeated (NULL: all) */
static bool jaxc__norm_axes(const jaxc_array *x, int naxes, const int *axes, int *ax, int *na) {
  if (!axes) {
    for (int d = 0; d < x->ndim; d++) ax[d] = d;
    *na = x->ndim;
    return true;
  }
  if (naxes < 0 || naxes > JAXC_MAX_NDIM) return jaxc__fail(JAXC_ERR_ARG, "norm: %d axes", naxes), false;
  for (int i = 0; i < naxes; i++)
    if (!jaxc__canon_axis(axes[i], x->ndim, &ax[i])) return false;
  for (int i = 0; i < naxes; i++)
    for (int j = 0; j < i; j++)
      if (ax[i] == ax[j]) {
        char s[16 * JAXC_MAX_NDIM + 8];
        jaxc__format_axes(s, sizeof s, naxes, ax, x->ndim);
        return jaxc__fail(JAXC_ERR_ARG, "duplicate value in 'axis': %s", s), false;
      }
  *na = naxes;
  return true;
}
/* sqrt(sum(real(x * conj(x)))) over the axes */
static jaxc_array *jaxc__norm_2(const jaxc_array *x, int na, const int *ax, bool keepdims) {
  jaxc__steps S = {{0}, 0};
  jaxc_array *c, *sq, *re, *s, *r = NULL;
  if (jaxc_dtype_kind(x->dtype) == JAXC_KIND_COMPLEX) { /* (conj and real of a real x are x itself: not copied) */
    JAXC__STEP(c, jaxc_conj(x));
    JAXC__STEP(sq, jaxc_multiply(x, c));
    JAXC__STEP(re, jaxc_real(sq));
  } else
    JAXC__STEP(re, jaxc_multiply(x, x));
  JAXC__STEP(s, jaxc__reduce_axes(JAXC_OP_SUM, re, na, ax, keepdims));
  r = jaxc_sqrt(s);
done:
  jaxc__steps_free(&S, r);
  return r;
}
/* op(abs(x)) over the axes: SUM (ord 1), MAX (inf), MIN (-inf) */
static jaxc_array *jaxc__norm_abs(jaxc_op op, const jaxc_array *x, int na, const int *ax, bool keepdims) {
  jaxc_array *a = jaxc_abs(x), *r = a ? jaxc__reduce_axes(op, a, na, ax, keepdims) : NULL;
  jaxc_array_free(a);
  return r;
}
/* sum(abs(x) ** p) ** (1 / p), p and 1 / p constants of abs(x)'s dtype (lax._const: an integer
   dtype truncates them, bool makes them p != 0) */
static jaxc_array *jaxc__norm_p(const jaxc_array *x, double p, int na, const int *ax, bool keepdims) {
  jaxc__steps S = {{0}, 0};
  jaxc_array *ab, *pc, *ic, *pw, *s, *r = NULL;
  JAXC__STEP(ab, jaxc_abs(x));
  jaxc_dtype d = ab->dtype;
  jaxc_kind k = jaxc_dtype_kind(d);
  double pv = p, iv = 0;
  if (k == JAXC_KIND_BOOL) pv = p != 0, iv = 1;
  else if (k == JAXC_KIND_INT || k == JAXC_KIND_UINT) {
    pv = trunc(p);
    if (pv == 0 || (k == JAXC_KIND_UINT && pv < 0) || !(fabs(pv) < 0x1p31)) {
      jaxc__fail(JAXC_ERR_ARG, "vector_norm: ord=%g is %s as a constant of the %s array; JAX's 1 / ord would cast %s to it",
                 p, pv == 0 ? "0" : "out of range", jaxc_dtype_name(d), pv == 0 ? "inf" : "it");
      goto done;
    }
    iv = trunc(1.0 / pv);
  }
  JAXC__STEP(pc, jaxc_scalar(d, pv, 0));
  if (k == JAXC_KIND_FLOAT) iv = 1.0 / jaxc__fd_at(pc, 0); /* 1 / (p in the dtype), rounded to it next */
  JAXC__STEP(ic, jaxc_scalar(d, iv, 0));
  JAXC__STEP(pw, jaxc_power(ab, pc));
  JAXC__STEP(s, jaxc__reduce_axes(JAXC_OP_SUM, pw, na, ax, keepdims));
  r = jaxc_power(s, ic);
done:
  jaxc__steps_free(&S, r);
  return r;
}
static jaxc_array *jaxc__vector_norm(const jaxc_array *x, jaxc__ord_kind kind, double p, const char *ord, int na, const int *ax, bool keepdims) {
  if (kind == JAXC__ORD_NONE || (kind == JAXC__ORD_NUM && p == 2)) return jaxc__norm_2(x, na, ax, keepdims);
  if (kind != JAXC__ORD_NUM) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Invalid order '%s' for vector norm.", ord);
  if (p == INFINITY || p == -INFINITY) return jaxc__norm_abs(p > 0 ? JAXC_OP_MAX : JAXC_OP_MIN, x, na, ax, keepdims);
  if (p == 1) return jaxc__norm_abs(JAXC_OP_SUM, x, na, ax, keepdims);
  if (p != 0) return jaxc__norm_p(x, p, na, ax, keepdims);
  /* sum(x != 0, dtype=finfo(x.dtype).dtype) */
  jaxc_float_info fi;
  jaxc_kind k = jaxc_dtype_kind(x->dtype);
  if (k != JAXC_KIND_FLOAT && k != JAXC_KIND_COMPLEX)
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "data type <class 'numpy.%s'> not inexact", jaxc_dtype_name(x->dtype));
  jaxc_finfo(x->dtype, &fi);
  jaxc_array *zero = jaxc_weak_int(0), *ne = zero ? jaxc_not_equal(x, zero) : NULL, *f = ne ? jaxc_astype(ne, fi.dtype) : NULL;
  jaxc_array *r = f ? jaxc__reduce_axes(JAXC_OP_SUM, f, na, ax, keepdims) : NULL;
  JAXC__FREE_ARRAYS(zero, ne, f);
  return r;
}
JAXC_API jaxc_array *jaxc_linalg_vector_norm(const jaxc_array *x, const char *ord, int naxes, const int *axes, bool keepdims) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "vector_norm: the array is NULL");
  int ax[JAXC_MAX_NDIM], na;
  double p;
  jaxc__ord_kind kind = jaxc__ord_parse(ord, &p);
  if (!jaxc__norm_axes(x, naxes, axes, ax, &na)) return NULL;
  return jaxc__vector_norm(x, kind == JAXC__ORD_NONE ? JAXC__ORD_NUM : kind, kind == JAXC__ORD_NONE ? 2 : p, ord, na, ax, keepdims);
}
/* amax/amin of sum(abs(x), axis=inner) along the other axis (ord 1, -1: inner the rows; inf,
   -inf: the columns), the second axis shifted down when the first one is gone */
static jaxc_array *jaxc__norm_induced(const jaxc_array *x, int inner, int outer, bool max, bool keepdims) {
  jaxc_array *ab = jaxc_abs(x), *s = ab ? jaxc_reduce_ex(JAXC_OP_SUM, ab, inner, keepdims) : NULL;
  jaxc_array *r = s ? jaxc_reduce_ex(max ? JAXC_OP_MAX : JAXC_OP_MIN, s, !keepdims && outer > inner ? outer - 1 : outer, keepdims) : NULL;
  JAXC__FREE_ARRAYS(ab, s);
  return r;
}
/* reducer(svdvals(moveaxis(x, axes, (-2, -1))), axis=-1): ord 2 max, -2 min, "nuc" sum; keepdims
   puts the two axes back as 1s */
static jaxc_array *jaxc__norm_sv(const jaxc_array *x, const int *ax, jaxc_op op, bool keepdims) {
  int perm[JAXC_MAX_NDIM], np = 0;
  int64_t keep[JAXC_MAX_NDIM];
  for (int d = 0; d < x->ndim; d++) {
    bool in = d == ax[0] || d == ax[1];
    keep[d] = in ? 1 : x->shape[d];
    if (!in) perm[np++] = d;
  }
  perm[np] = ax[0], perm[np + 1] = ax[1];
  jaxc_array *t = jaxc_transpose(x, x->ndim, perm), *s = t ? jaxc_linalg_svdvals(t) : NULL, *y = s ? jaxc_reduce(op, s, -1) : NULL;
  jaxc_array *k = y && keepdims ? jaxc_reshape(y, x->ndim, keep) : NULL;
  JAXC__FREE_ARRAYS(t, s, keepdims ? y : NULL);
  return keepdims ? k : y;
}
JAXC_API jaxc_array *jaxc_linalg_norm(const jaxc_array *x, const char *ord, int naxes, const int *axes, bool keepdims) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "norm: the array is NULL");
  double p;
  jaxc__ord_kind kind = jaxc__ord_parse(ord, &p);
  int ax[JAXC_MAX_NDIM], na;
  jaxc_array *X = jaxc__inexact_view(x), *r = NULL;
  if (!X) return NULL;
  if (!axes && kind == JAXC__ORD_NONE) {
    for (int d = 0; d < X->ndim; d++) ax[d] = d;
    r = jaxc__norm_2(X, X->ndim, ax, keepdims);
  } else if (jaxc__norm_axes(X, naxes, axes, ax, &na)) {
    if (na == 1) r = jaxc__vector_norm(X, kind == JAXC__ORD_NONE ? JAXC__ORD_NUM : kind, kind == JAXC__ORD_NONE ? 2 : p, ord, 1, ax, keepdims);
    else if (na == 2 && (kind == JAXC__ORD_NONE || kind == JAXC__ORD_FRO)) r = jaxc__norm_2(X, 2, ax, keepdims);
    else if (na == 2 && kind == JAXC__ORD_NUM && (p == 1 || p == -1)) r = jaxc__norm_induced(X, ax[0], ax[1], p > 0, keepdims);
    else if (na == 2 && kind == JAXC__ORD_NUM && (p == INFINITY || p == -INFINITY)) r = jaxc__norm_induced(X, ax[1], ax[0], p > 0, keepdims);
    else if (na == 2 && (kind == JAXC__ORD_NUC || (kind == JAXC__ORD_NUM && (p == 2 || p == -2))))
      r = jaxc__norm_sv(X, ax, kind == JAXC__ORD_NUC ? JAXC_OP_SUM : p > 0 ? JAXC_OP_MAX : JAXC_OP_MIN, keepdims);
    else if (na == 2) jaxc__fail(JAXC_ERR_ARG, "Invalid order '%s' for matrix norm.", ord);
    else {
      char s[16 * JAXC_MAX_NDIM + 8];
      jaxc__format_axes(s, sizeof s, na, ax, X->ndim);
      jaxc__fail(JAXC_ERR_ARG, "Invalid axis values (%s) for jnp.linalg.norm.", s);
    }
  }
  jaxc_array_free(X);
  return r;
}
JAXC_API jaxc_array *jaxc_linalg_matrix_norm(const jaxc_array *x, const char *ord, bool keepdims) {
  return jaxc_linalg_norm(x, ord ? ord : "fro", 2, (const int[]){-2, -1}, keepdims);
}
JAXC_API jaxc_array *jaxc_linalg_matrix_transpose(const jaxc_array *x) {
  if (!x) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "matrix_transpose: the array is NULL");
  if (x->ndim < 2) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "matrix_transpose requres at least 2 dimensions; got ndim=%d", x->ndim);
  return jaxc_swapaxes(x, -1, -2);
}

#undef JAXC__MM_SUMS
#undef JAXC__MAC_ADD
#undef JAXC__MAC_OR

/* >>create (implementation) ------------------------------------------------ */
/* A shape handed to lax.full (broadcast_in_dim's shape check, in its words). */
static bool jaxc__creation_shape(int ndim, const int64_t *shape) {
  if (ndim < 0 || ndim > JAXC_MAX_NDIM)
    return jaxc__fail(JAXC_ERR_SHAPE, "ndim must be between 0 and %d, got %d", JAXC_MAX_NDIM, ndim), false;
  if (ndim > 0 && !shape) return jaxc__fail(JAXC_ERR_ARG, "shape is NULL for an array of rank %d", ndim), false;
  for (int k = 0; k < ndim; k++)
    if (shape[k] < 0) return jaxc__fail_negative_dims(ndim, shape), false;
  return jaxc__check_shape(ndim, shape, NULL);
}

/* A scalar or array argument of a creation function (a NULL array is refused). */
static bool jaxc__operand_given(const jaxc_operand *o, const char *fn, int pos) {
  if (o->kind == 0 && !o->array) return jaxc__fail(JAXC_ERR_ARG, "%s: argument %d is NULL", fn, pos), false;
  return true;
}
/* dtypes.dtype and is_weakly_typed of an operand: C ints, floats and complex numbers are Python's
   (weak), a C bool is a Python bool (strong). */
static jaxc_dtype jaxc__operand_node(const jaxc_operand *o) {
  switch (o->kind) {
  case 1: case 5: return JAXC_WEAK_INT;
  case 2: return JAXC_WEAK_FLOAT;
  case 3: return JAXC_WEAK_COMPLEX;
  case 4: return JAXC_BOOL;
  default: return jaxc__node_of(o->array);
  }
}
/* One element of `to` from an operand, as lax._convert_element_type makes it: a Python scalar
   through NumPy (np.asarray(v).astype(to): ints wrap; a float into bfloat16 goes through float32
   first, as ml_dtypes converts it, and so do ints in jaxc's cast), an array by XLA's convert. */
static void jaxc__operand_value(const jaxc_operand *o, jaxc_dtype to, void *dst) {
  jaxc_c128 z = jaxc__c128_make(o->re, o->kind == 3 ? o->im : 0.0);
  float f;
  uint8_t b = o->i != 0;
  switch (o->kind) {
  case 0: jaxc_kernel_cast_dyn(o->array->dtype, to, 1, o->array->data, dst); break;
  case 1: jaxc_kernel_cast_dyn(JAXC_I64, to, 1, &o->i, dst); break;
  case 5: jaxc_kernel_cast_dyn(JAXC_U64, to, 1, &o->u, dst); break;
  case 4: jaxc_kernel_cast_dyn(JAXC_BOOL, to, 1, &b, dst); break;
  default:
    if (to != JAXC_BF16) {
      jaxc_kernel_cast_dyn(JAXC_C128, to, 1, &z, dst);
    } else {
      jaxc_kernel_cast_dyn(JAXC_C128, JAXC_F32, 1, &z, &f);
      jaxc_kernel_cast_dyn(JAXC_F32, JAXC_BF16, 1, &f, dst);
    }
  }
}

/* n elements of es bytes, each a copy of v: typed stores (the loops vectorise), on the threads
   above JAXC_PAR_BYTES. */
#define JAXC__FILL_LOOP(T) \
  { T x; memcpy(&x, v, sizeof x); T *p = (T *)dst; JAXC__SIMD for (int64_t i = lo; i < hi; i++) p[i] = x; }
static void jaxc__fill_range(void *dst, int64_t lo, int64_t hi, size_t es, const void *v) {
  switch (es) {
  case 1: JAXC__FILL_LOOP(uint8_t) break;
  case 2: JAXC__FILL_LOOP(uint16_t) break;
  case 4: JAXC__FILL_LOOP(uint32_t) break;
  case 8: JAXC__FILL_LOOP(uint64_t) break;
  default: { /* 16 bytes: two 8-byte words */
    uint64_t w0, w1, *p = (uint64_t *)dst;
    memcpy(&w0, v, 8);
    memcpy(&w1, (const char *)v + 8, 8);
    JAXC__SIMD for (int64_t i = lo; i < hi; i++) p[2 * i] = w0, p[2 * i + 1] = w1;
  }
  }
}
static void jaxc__fill(void *dst, int64_t n, size_t es, const void *v) {
#if JAXC__HAS_OPENMP
  if ((size_t)n * es > JAXC_PAR_BYTES) {
#  pragma omp parallel
    {
      int64_t lo, hi;
      jaxc__thread_part(n, omp_get_thread_num(), omp_get_num_threads(), &lo, &hi);
      if (lo < hi) jaxc__fill_range(dst, lo, hi, es, v);
    }
    return;
  }
#endif
  if (n > 0) jaxc__fill_range(dst, 0, n, es, v);
}

/* lax.full(shape, fill, dt) with weak_type `weak`: the fill converted once, then stored. */
static jaxc_array *jaxc__full_value(int ndim, const int64_t *shape, const jaxc_operand *fill, jaxc_dtype dt, bool weak) {
  if (!jaxc__creation_shape(ndim, shape)) return NULL;
  jaxc_array *a = jaxc__new_array(dt, weak, ndim, shape);
  if (!a) return NULL;
  _Alignas(16) unsigned char v[16];
  jaxc__operand_value(fill, dt, v);
  jaxc__fill(a->data, a->size, jaxc_dtype_size(dt), v);
  jaxc__ok();
  return a;
}
/* jnp.full with a fill of dimensions: _broadcast_to(asarray(fill, dtype), shape). */
static jaxc_array *jaxc__full_broadcast(int ndim, const int64_t *shape, const jaxc_array *fill, jaxc_dtype dt) {
  if (dt == JAXC_DTYPE_NONE) return jaxc_broadcast_to(fill, ndim, shape);
  jaxc_array *c = jaxc_astype(fill, dt);
  if (!c) return NULL;
  jaxc_array *out = jaxc_broadcast_to(c, ndim, shape);
  jaxc_array_free(c);
  return out;
}

JAXC_API jaxc_array *jaxc_full_operand(int ndim, const int64_t *shape, jaxc_operand fill, jaxc_dtype dtype) {
  jaxc_dtype dt;
  if (!jaxc__create_dtype(dtype, JAXC_DTYPE_NONE, &dt) || !jaxc__operand_given(&fill, "full", 0)) return NULL;
  if (fill.kind == 0 && fill.array->ndim > 0) return jaxc__full_broadcast(ndim, shape, fill.array, dt);
  if (dt != JAXC_DTYPE_NONE) return jaxc__full_value(ndim, shape, &fill, dt, false);
  if (fill.kind == 0) return jaxc__full_value(ndim, shape, &fill, fill.array->dtype, fill.array->weak);
  jaxc_dtype node = jaxc__operand_node(&fill);
  return jaxc__full_value(ndim, shape, &fill, jaxc_storage_dtype(node, jaxc_x64()), JAXC_DTYPE_IS_WEAK(node));
}

/* lax.full_like: a's shape; a's dtype and weak flag unless dtype is given. A fill of dimensions:
   _broadcast_to(asarray(fill, dtype or result_type(a)), a.shape), strong. */
JAXC_API jaxc_array *jaxc_full_like_operand(const jaxc_array *a, jaxc_operand fill, jaxc_dtype dtype) {
  jaxc_dtype dt;
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "full_like: the array is NULL");
  if (!jaxc__create_dtype(dtype, JAXC_DTYPE_NONE, &dt) || !jaxc__operand_given(&fill, "full_like", 1)) return NULL;
  bool weak = dt == JAXC_DTYPE_NONE && a->weak;
  if (dt == JAXC_DTYPE_NONE) dt = a->dtype;
  if (fill.kind == 0 && fill.array->ndim > 0) return jaxc__full_broadcast(a->ndim, a->shape, fill.array, dt);
  return jaxc__full_value(a->ndim, a->shape, &fill, dt, weak);
}
JAXC_API jaxc_array *jaxc_zeros_like(const jaxc_array *a, jaxc_dtype dtype) {
  return jaxc_full_like_operand(a, jaxc__opnd_int(0), dtype);
}
JAXC_API jaxc_array *jaxc_ones_like(const jaxc_array *a, jaxc_dtype dtype) {
  return jaxc_full_like_operand(a, jaxc__opnd_int(1), dtype);
}
JAXC_API jaxc_array *jaxc_array_ones(jaxc_dtype dtype, int ndim, const int64_t *shape) {
  jaxc_dtype dt;
  if (!jaxc__create_dtype(dtype, jaxc__default_float(), &dt)) return NULL;
  jaxc_operand one = jaxc__opnd_int(1);
  return jaxc__full_value(ndim, shape, &one, dt, false);
}

/* --- arange ----------------------------------------------------------------------------------
   jnp.arange's length is Python's max(0, int(np.ceil((stop - start) / step))): C scalars are
   Python ints (exact: sign and a 65-bit magnitude, enough for a difference of two C integers)
   and floats (double), arrays are jnp's (a Python scalar meeting an array becomes a weak one). */
typedef struct jaxc__pyval {
  int kind;         /* 1 Python int, 2 Python float, 0 array */
  bool neg, own;    /* own: arr was made here */
  bool hi;          /* the magnitude is 2^64 + mag */
  uint64_t mag;
  double f;
  const jaxc_array *arr;
} jaxc__pyval;

static jaxc__pyval jaxc__pyval_of(const jaxc_operand *o) {
  jaxc__pyval v = {0, false, false, false, 0, 0.0, NULL};
  if (o->kind == 1 || o->kind == 4) v.kind = 1, v.neg = o->i < 0, v.mag = o->i < 0 ? 0 - (uint64_t)o->i : (uint64_t)o->i;
  else if (o->kind == 5) v.kind = 1, v.mag = o->u;
  else if (o->kind == 2) v.kind = 2, v.f = o->re;
  else v.arr = o->array;
  return v;
}
static void jaxc__pyval_free(jaxc__pyval *v) {
  if (v->own) jaxc_array_free((jaxc_array *)v->arr);
  v->own = false;
}
static double jaxc__pyval_double(const jaxc__pyval *v) {
  if (v->kind == 2) return v->f;
  if (v->kind == 1) { /* float(int): rounded to nearest once (2^64 + mag: its top 53 bits, ties to even) */
    double m = (double)v->mag;
    if (v->hi) {
      uint64_t top = ((uint64_t)1 << 52) | (v->mag >> 12), rest = v->mag & 0xFFF;
      top += rest > 0x800 || (rest == 0x800 && (top & 1));
      m = ldexp((double)top, 12);
    }
    return v->neg ? -m : m;
  }
  double d;
  jaxc_kernel_cast_dyn(v->arr->dtype, JAXC_F64, 1, v->arr->data, &d);
  return d;
}
/* A Python scalar as a weak 0-d array in caller storage (JAX's OverflowError past int32/int64). */
static bool jaxc__pyval_array(const jaxc__pyval *v, jaxc_array *st, unsigned char *buf) {
  if (v->kind == 0) return *st = *v->arr, true;
  jaxc_operand o = jaxc__opnd_float(v->f);
  if (v->kind == 1 && v->hi)
    return jaxc__fail(JAXC_ERR_OVERFLOW, "Python int %s2^64 + %llu too large to convert to int64", v->neg ? "-" : "",
                      (unsigned long long)v->mag), false;
  if (v->kind == 1 && v->neg && v->mag > (uint64_t)INT64_MAX)
    return jaxc__fail(JAXC_ERR_OVERFLOW, "Python int -%llu too large to convert to int64", (unsigned long long)v->mag), false;
  if (v->kind == 1) o = v->neg ? jaxc__opnd_int((long long)(0 - v->mag)) : jaxc__opnd_uint(v->mag);
  return jaxc__operand_array(&o, st, buf);
}
/* a - b or a / b (op), as Python or jnp computes it; false + status on error. */
static bool jaxc__pyval_op(jaxc_op op, const jaxc__pyval *a, const jaxc__pyval *b, jaxc__pyval *r) {
  jaxc__pyval f = {2, false, false, false, 0, 0.0, NULL};
  *r = f;
  if (a->kind && b->kind) {
    if (op == JAXC_OP_SUBTRACT && a->kind == 1 && b->kind == 1) { /* exact, in sign and magnitude */
      bool bneg = !b->neg && b->mag;
      r->kind = 1;
      if (a->neg == bneg) {
        r->mag = a->mag + b->mag, r->neg = a->neg, r->hi = r->mag < a->mag;
      } else {
        r->neg = a->mag >= b->mag ? a->neg : bneg;
        r->mag = a->mag >= b->mag ? a->mag - b->mag : b->mag - a->mag;
      }
      return true;
    }
    double x = jaxc__pyval_double(a), y = jaxc__pyval_double(b);
    if (op == JAXC_OP_TRUE_DIVIDE && y == 0)
      return jaxc__fail(JAXC_ERR_ARG, a->kind == 1 && b->kind == 1 ? "division by zero" : "float division by zero"), false;
    r->f = op == JAXC_OP_SUBTRACT ? x - y : x / y;
    return true;
  }
  jaxc_array sa, sb;
  _Alignas(16) unsigned char ba[16], bb[16];
  if (!jaxc__pyval_array(a, &sa, ba) || !jaxc__pyval_array(b, &sb, bb)) return false;
  r->kind = 0;
  r->own = true;
  r->arr = jaxc_binary(op, &sa, &sb);
  return r->arr != NULL;
}
/* max(0, ceil(q)) with Python's int(np.ceil(q)) errors; q = n / d exactly for Python ints (n of
   65 bits: nhi is its top bit), as Python's true division rounds it to a double: ceil(round(n / d)). */
static bool jaxc__size_of_ratio(bool nneg, bool nhi, uint64_t n, bool dneg, uint64_t d, int64_t *size) {
  const uint64_t big = (uint64_t)1 << 52; /* a length past 2^52 is too large for any array anyway */
  if ((n == 0 && !nhi) || nneg != dneg) return *size = 0, true;
  uint64_t q = 0, r = nhi; /* long division, a bit at a time; r < d throughout */
  for (int b = 63; b >= 0; b--) {
    bool carry = r >> 63;
    r = r << 1 | (n >> b & 1);
    q <<= 1;
    if (carry || r >= d) r -= d, q |= 1;
    if (q >= big) break;
  }
  if (q >= big) return jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows"), false;
  bool up = r != 0;
  if (r && q) { /* round(q + r/d) == q when r/d is at most half an ulp of q, 2^-t (a tie goes to q:
                   below 2^52 its last bit is 0) */
    int e = 51;
    while (!(q >> e)) e--;
    int t = 53 - e; /* 2 <= t <= 53 */
    bool below = r <= (d - 1) >> t, tie = (d & (((uint64_t)1 << t) - 1)) == 0 && r == d >> t;
    up = !(below || tie);
  }
  *size = (int64_t)(q + up);
  return true;
}
static bool jaxc__ceil_size(const jaxc__pyval *v, int64_t *size) {
  if (v->kind == 1) {
    if (!v->neg && (v->hi || v->mag >= ((uint64_t)1 << 62)))
      return jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows"), false;
    return *size = v->neg ? 0 : (int64_t)v->mag, true;
  }
  double c = ceil(jaxc__pyval_double(v));
  if (c != c) return jaxc__fail(JAXC_ERR_ARG, "cannot convert float NaN to integer"), false;
  if (c - c != 0) return jaxc__fail(JAXC_ERR_OVERFLOW, "cannot convert float infinity to integer"), false;
  if (c >= 0x1p62) return jaxc__fail(JAXC_ERR_OVERFLOW, "array of this shape is too large: the element count overflows"), false;
  *size = c > 0 ? (int64_t)c : 0;
  return true;
}
/* The length of jnp.arange(start, stop, step) (step NULL: arange(start, stop)). */
static bool jaxc__arange_size(const jaxc__pyval *start, const jaxc__pyval *stop, const jaxc__pyval *step, int64_t *size) {
  jaxc__pyval diff, q;
  if (!jaxc__pyval_op(JAXC_OP_SUBTRACT, stop, start, &diff)) return false;
  bool ok;
  if (!step) {
    ok = jaxc__ceil_size(&diff, size);
  } else if (diff.kind == 1 && step->kind == 1) {
    ok = step->mag ? jaxc__size_of_ratio(diff.neg, diff.hi, diff.mag, step->neg, step->mag, size)
                   : (jaxc__fail(JAXC_ERR_ARG, "division by zero"), false);
  } else {
    ok = jaxc__pyval_op(JAXC_OP_TRUE_DIVIDE, &diff, step, &q) && jaxc__ceil_size(&q, size);
    jaxc__pyval_free(&q);
  }
  jaxc__pyval_free(&diff);
  return ok;
}

/* out[i] = start + step * i for i in [lo, hi): lax.add(start, lax.mul(step, iota)) in wd, one
   L1 chunk at a time through the kernels jaxc_add and jaxc_multiply run (the same roundings), then
   converted to dt. step NULL: start + iota; both NULL: iota. */
/* lax.iota's elements lo .. lo + n - 1 in d at dst: the index converted to d, as XLA's iota. */
static void jaxc__iota_fill(jaxc_dtype d, int64_t lo, int64_t n, unsigned char *dst) {
  int64_t idx[256];
  size_t ds = jaxc_dtype_size(d);
  for (int64_t o = 0; o < n; o += 256) {
    int m = n - o < 256 ? (int)(n - o) : 256;
    for (int i = 0; i < m; i++) idx[i] = lo + o + i;
    jaxc_kernel_cast_dyn(JAXC_I64, d, (size_t)m, idx, dst + (size_t)o * ds);
  }
}
typedef struct jaxc__iota_job {
  jaxc_dtype wd, dt;
  const void *start, *step; /* one element of wd each, or NULL */
  char *out;
} jaxc__iota_job;
static void jaxc__iota_chunk(const void *jp, int64_t lo, int64_t hi) {
  const jaxc__iota_job *j = (const jaxc__iota_job *)jp;
  int64_t n = hi - lo;
  typedef struct { _Alignas(64) unsigned char bytes[JAXC__CHUNK * 16]; } jaxc__scratch;
  jaxc__scratch a, b;
  jaxc__iota_fill(j->wd, lo, n, a.bytes);
  void *cur = a.bytes;
  if (j->step) {
    jaxc__bin_table[JAXC_OP_MULTIPLY][j->wd][1]((size_t)n, j->step, a.bytes, b.bytes);
    cur = b.bytes;
  }
  if (j->start) {
    void *dst = cur == a.bytes ? b.bytes : a.bytes;
    jaxc__bin_table[JAXC_OP_ADD][j->wd][1]((size_t)n, j->start, cur, dst);
    cur = dst;
  }
  jaxc__convert_or_copy(j->wd, j->dt, (size_t)n, cur, j->out + (size_t)lo * jaxc_dtype_size(j->dt));
}
static void jaxc__iota_run(const jaxc__iota_job *j, int64_t size) {
  jaxc__pieces_run(j, jaxc__iota_chunk, size, JAXC__CHUNK, (size_t)size * jaxc_dtype_size(j->dt) > JAXC_PAR_BYTES);
}
static bool jaxc__iota_accepts(jaxc_dtype d) {
  if (d != JAXC_BOOL) return true;
  return jaxc__fail(JAXC_ERR_DTYPE, "iota does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, "
                                    "complexfloating."), false;
}
/* JAXC_NONE (INT64_MIN), as in slices, is an omitted stop or step. */
static bool jaxc__is_none(const jaxc_operand *o) { return o->kind == 1 && o->i == JAXC_NONE; }
static bool jaxc__is_complex_operand(const jaxc_operand *o) {
  return o->kind == 3 || (o->kind == 0 && o->array && jaxc_dtype_kind(o->array->dtype) == JAXC_KIND_COMPLEX);
}

/* The debug path: iota, lax.mul, lax.add, convert_element_type as separate ops (each checks). */
static jaxc_array *jaxc__arange_ops(const jaxc__iota_job *j, int64_t size) {
  jaxc__iota_job io = {j->wd, j->wd, NULL, NULL, NULL};
  jaxc_array *x = jaxc__new_array(j->wd, false, 1, &size), *t = NULL;
  if (!x) return NULL;
  io.out = (char *)x->data;
  jaxc__iota_run(&io, size);
  jaxc_array s0, s1;
  if (j->step) {
    jaxc_array_wrap(&s1, j->wd, 0, NULL, (void *)j->step);
    t = jaxc_multiply(&s1, x);
    jaxc_array_free(x);
    if (!(x = t)) return NULL;
  }
  if (j->start) {
    jaxc_array_wrap(&s0, j->wd, 0, NULL, (void *)j->start);
    t = jaxc_add(&s0, x);
    jaxc_array_free(x);
    if (!(x = t)) return NULL;
  }
  if (j->dt == j->wd) return jaxc__ok(), x;
  t = jaxc_astype(x, j->dt);
  jaxc_array_free(x);
  return t;
}

JAXC_API jaxc_array *jaxc_arange_operands(jaxc_operand start, jaxc_operand stop, jaxc_operand step, jaxc_dtype dtype) {
  jaxc_dtype dt;
  if (!jaxc__create_dtype(dtype, JAXC_DTYPE_NONE, &dt) || !jaxc__operand_given(&start, "arange", 0)) return NULL;
  bool has_stop = !jaxc__is_none(&stop), has_step = !jaxc__is_none(&step);
  if ((has_stop && !jaxc__operand_given(&stop, "arange", 1)) || (has_step && !jaxc__operand_given(&step, "arange", 2))) return NULL;
  const jaxc_operand *ops[3] = {&start, has_stop ? &stop : NULL, has_step ? &step : NULL};
  const char *names[3] = {has_stop || has_step ? "start" : "stop", "stop", "step"};
  jaxc_array st[3];
  const jaxc_array *arrs[3];
  _Alignas(16) unsigned char buf[3][16];
  int n = 0;
  for (int k = 0; k < 3; k++) {
    if (!ops[k]) continue;
    if (ops[k]->kind == 0 && ops[k]->array->ndim != 0) {
      char s[200];
      jaxc__format_shape(s, sizeof s, ops[k]->array);
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "jax.numpy.arange: arguments must be scalars; got %s of shape %s", names[k], s);
    }
    if (dt == JAXC_DTYPE_NONE) { /* result_type: a Python int's node is int*, whatever its value */
      jaxc_operand o = *ops[k];
      if (o.kind == 1 || o.kind == 5) o = jaxc__opnd_int(0);
      if (o.kind == 0) arrs[n++] = o.array;
      else if (jaxc__operand_array(&o, &st[k], buf[k])) arrs[n++] = &st[k];
      else return NULL;
    }
  }
  if (dt == JAXC_DTYPE_NONE) {
    jaxc_dtype node = jaxc__join_nodes(n, arrs);
    if (node == JAXC_DTYPE_INVALID) return NULL;
    dt = jaxc_storage_dtype(node, jaxc_x64());
  }
  if (jaxc__is_complex_operand(&start) || (has_stop && jaxc__is_complex_operand(&stop)) || (has_step && jaxc__is_complex_operand(&step)))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "Passing complex start/stop/step to jnp.arange is no longer supported "
                                                    "starting in JAX v0.10.0.");
  jaxc_operand zero = jaxc__opnd_int(0), *first = has_stop ? &start : &zero, *last = has_stop ? &stop : &start;
  jaxc__pyval a = jaxc__pyval_of(first), b = jaxc__pyval_of(last), s = jaxc__pyval_of(&step);
  int64_t size;
  bool from_zero = !has_step && jaxc__pyval_double(&a) == 0; /* `start == 0` */
  if (from_zero ? !jaxc__ceil_size(&b, &size) : !jaxc__arange_size(&a, &b, has_step ? &s : NULL, &size)) return NULL;
  jaxc__iota_job j;
  j.dt = dt;
  j.wd = has_step && (dt == JAXC_F16 || dt == JAXC_BF16) ? JAXC_F32 : dt;
  if (!jaxc__iota_accepts(j.wd)) return NULL;
  jaxc_array *out = jaxc__new_array(dt, false, 1, &size);
  if (!out) return NULL;
  _Alignas(16) unsigned char v0[16], v1[16];
  jaxc__operand_value(first, j.wd, v0);
  if (has_step) jaxc__operand_value(&step, j.wd, v1);
  j.start = from_zero ? NULL : v0;
  j.step = has_step ? v1 : NULL;
  j.out = (char *)out->data;
  if (jaxc__debugging()) { /* lax's ops one by one, each checked under its own name, as JAX runs them */
    jaxc_array_free(out);
    return jaxc__arange_ops(&j, size);
  }
  jaxc__iota_run(&j, size);
  jaxc__ok();
  return out;
}

/* n elements iota(d) (or start + step * i, see jaxc__iota_job) as a new strong array. */
static jaxc_array *jaxc__iota_array(jaxc_dtype d, int64_t n) {
  if (!jaxc__iota_accepts(d)) return NULL;
  jaxc_array *out = jaxc__new_array(d, false, 1, &n);
  if (!out) return NULL;
  jaxc__iota_job j = {d, d, NULL, NULL, (char *)out->data};
  jaxc__iota_run(&j, n);
  return out;
}

/* --- linspace --------------------------------------------------------------------------------
   jnp.linspace composed of jaxc's ops as JAX composes it of lax's, each rounded in its dtype.
   Temporaries are kept in a small pool so that every path frees them. */
#define JAXC__POOL 32
typedef struct jaxc__pool { jaxc_array *a[JAXC__POOL]; int n; } jaxc__pool;
static jaxc_array *jaxc__keep(jaxc__pool *p, jaxc_array *a) {
  JAXC_ASSERT(p->n < JAXC__POOL);
  if (a) p->a[p->n++] = a;
  return a;
}
static void jaxc__pool_free(jaxc__pool *p) {
  while (p->n) jaxc_array_free(p->a[--p->n]);
}
/* A 0-d strong array of d holding v (asarray(v, dtype=d)). */
static jaxc_array *jaxc__scalar_of(jaxc_dtype d, double v) {
  jaxc_array *a = jaxc__new_array(d, false, 0, NULL);
  if (a) jaxc_kernel_cast_dyn(JAXC_F64, d, 1, &v, a->data);
  return a;
}
/* x broadcast to the bounds' shape, with an axis of size 1 inserted at ax. */
static jaxc_array *jaxc__bounds_at(jaxc__pool *p, const jaxc_array *x, int nb, const int64_t *bounds, int ax) {
  int64_t shape[JAXC_MAX_NDIM];
  for (int k = 0, i = 0; k <= nb; k++) shape[k] = k == ax ? 1 : bounds[i++];
  jaxc_array *b = jaxc__keep(p, jaxc_broadcast_to(x, nb, bounds));
  return b ? jaxc__keep(p, jaxc_reshape(b, nb + 1, shape)) : NULL;
}
/* start * (1 - t) + stop * t for t = iota(div) / div along ax, then stop itself at the end when
   endpoint (lax.concatenate). */
static jaxc_array *jaxc__linspace_body(jaxc__pool *p, const jaxc_array *A, const jaxc_array *B, int nb, const int64_t *bounds,
                                       int ax, int64_t div, bool endpoint, jaxc_dtype cd) {
  jaxc_dtype rd = jaxc_dtype_kind(cd) == JAXC_KIND_COMPLEX ? (cd == JAXC_C64 ? JAXC_F32 : JAXC_F64) : cd;
  int64_t tshape[JAXC_MAX_NDIM];
  for (int k = 0; k <= nb; k++) tshape[k] = k == ax ? div : 1;
  jaxc_array *io = jaxc__keep(p, jaxc__iota_array(rd, div)), *dv = jaxc__keep(p, jaxc__scalar_of(rd, (double)div));
  jaxc_array *t = io && dv ? jaxc__keep(p, jaxc_true_divide(io, dv)) : NULL;
  if (t && rd != cd) t = jaxc__keep(p, jaxc_astype(t, cd));
  if (t) t = jaxc__keep(p, jaxc_reshape(t, nb + 1, tshape));
  jaxc_array *one = jaxc__keep(p, jaxc_weak_int(1));
  jaxc_array *s = jaxc__bounds_at(p, A, nb, bounds, ax), *e = jaxc__bounds_at(p, B, nb, bounds, ax);
  if (!t || !one || !s || !e) return NULL;
  jaxc_array *u = jaxc__keep(p, jaxc_subtract(one, t));
  jaxc_array *su = u ? jaxc__keep(p, jaxc_multiply(s, u)) : NULL, *et = su ? jaxc__keep(p, jaxc_multiply(e, t)) : NULL;
  jaxc_array *out = et ? jaxc__keep(p, jaxc_add(su, et)) : NULL;
  if (!out || !endpoint) return out;
  const jaxc_array *parts[2] = {out, e};
  return jaxc__keep(p, jaxc_concatenate(2, parts, ax));
}

/* linspace's, logspace's and geomspace's start and stop as arrays (C scalars weak, in `st`), and
   their dtypes: dt, the given dtype or to_inexact(result_type(start, stop)), and the computation
   dtype cd = to_inexact(dt). */
typedef struct jaxc__bounds {
  jaxc_array st[2];
  _Alignas(16) unsigned char buf[2][16];
  const jaxc_array *a, *b;
  jaxc_dtype dt, cd;
} jaxc__bounds;
static bool jaxc__space_bounds(const char *fn, const jaxc_operand *start, const jaxc_operand *stop, jaxc_dtype dtype,
                               jaxc__bounds *bd) {
  if (!jaxc__create_dtype(dtype, JAXC_DTYPE_NONE, &bd->dt)) return false;
  if (!jaxc__operand_given(start, fn, 0) || !jaxc__operand_given(stop, fn, 1)) return false;
  if (!jaxc__operand_resolve(start, &bd->st[0], bd->buf[0], &bd->a) || !jaxc__operand_resolve(stop, &bd->st[1], bd->buf[1], &bd->b))
    return false;
  if (bd->dt == JAXC_DTYPE_NONE) {
    jaxc_dtype node = jaxc__join2(bd->a, bd->b);
    if (node == JAXC_DTYPE_INVALID) return false;
    bd->dt = jaxc__to_inexact(jaxc_storage_dtype(node, jaxc_x64()));
  }
  bd->cd = jaxc__to_inexact(bd->dt);
  return true;
}

/* linspace of two scalars, a chunk at a time through the kernels jaxc's ops run (so the same
   roundings as the composed path): t = iota / div in rd (then cd), start * (1 - t) + stop * t,
   stop itself at index div, the floor for integer dtypes, converted to dt. */
typedef struct jaxc__lin_job {
  jaxc_dtype rd, cd, dt;
  int64_t div;
  bool floor;
  _Alignas(16) unsigned char s[16], e[16], one[16], dv[16]; /* start, stop, 1 in cd; div in rd */
  char *out;
} jaxc__lin_job;
static void jaxc__lin_chunk(const void *jp, int64_t lo, int64_t hi) {
  const jaxc__lin_job *j = (const jaxc__lin_job *)jp;
  int64_t n = hi - lo;
  typedef struct { _Alignas(64) unsigned char bytes[JAXC__CHUNK * 16]; } jaxc__scratch;
  jaxc__scratch t, u;
  int64_t m = lo + n > j->div ? j->div - lo : n; /* elements computed; the rest is stop */
  size_t cs = jaxc_dtype_size(j->cd);
  if (m > 0) {
    jaxc__iota_fill(j->rd, lo, m, u.bytes);
    jaxc__bin_table[JAXC_OP_TRUE_DIVIDE][j->rd][2]((size_t)m, u.bytes, j->dv, t.bytes);
    if (j->rd != j->cd) {
      jaxc_kernel_cast_dyn(j->rd, j->cd, (size_t)m, t.bytes, u.bytes);
      memcpy(t.bytes, u.bytes, (size_t)m * cs);
    }
    jaxc__bin_table[JAXC_OP_SUBTRACT][j->cd][1]((size_t)m, j->one, t.bytes, u.bytes); /* 1 - t */
    jaxc__bin_table[JAXC_OP_MULTIPLY][j->cd][1]((size_t)m, j->s, u.bytes, u.bytes);   /* start * (1 - t) */
    jaxc__bin_table[JAXC_OP_MULTIPLY][j->cd][1]((size_t)m, j->e, t.bytes, t.bytes);   /* stop * t */
    jaxc__bin_table[JAXC_OP_ADD][j->cd][0]((size_t)m, u.bytes, t.bytes, t.bytes);
  }
  if (m < 0) m = 0;
  for (int64_t i = m; i < n; i++) memcpy(t.bytes + (size_t)i * cs, j->e, cs);
  if (j->floor) jaxc__un_table[JAXC_OP_FLOOR][j->cd]((size_t)n, t.bytes, t.bytes);
  jaxc__convert_or_copy(j->cd, j->dt, (size_t)n, t.bytes, j->out + (size_t)lo * jaxc_dtype_size(j->dt));
}
static jaxc_array *jaxc__linspace_scalars(const jaxc_array *A, const jaxc_array *B, int64_t num, int64_t div, jaxc_dtype cd,
                                          jaxc_dtype dt) {
  jaxc__lin_job j;
  j.cd = cd, j.dt = dt, j.div = div;
  j.rd = jaxc_dtype_kind(cd) == JAXC_KIND_COMPLEX ? (cd == JAXC_C64 ? JAXC_F32 : JAXC_F64) : cd;
  int kind = jaxc_dtype_kind(dt);
  j.floor = kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT;
  memcpy(j.s, A->data, jaxc_dtype_size(cd));
  memcpy(j.e, B->data, jaxc_dtype_size(cd));
  int64_t one = 1;
  double d = (double)div;
  jaxc_kernel_cast_dyn(JAXC_I64, cd, 1, &one, j.one);
  jaxc_kernel_cast_dyn(JAXC_F64, j.rd, 1, &d, j.dv);
  jaxc_array *out = jaxc__new_array(dt, false, 1, &num);
  if (!out) return NULL;
  j.out = (char *)out->data;
  jaxc__pieces_run(&j, jaxc__lin_chunk, num, JAXC__CHUNK, (size_t)num * jaxc_dtype_size(cd) > JAXC_PAR_BYTES);
  return out;
}

JAXC_API jaxc_array *jaxc_linspace_operands(jaxc_operand start, jaxc_operand stop, int64_t num, bool endpoint,
                                            jaxc_dtype dtype, int axis, jaxc_array **retstep) {
  if (retstep) *retstep = NULL;
  if (num < 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Number of samples, %lld, must be non-negative.", (long long)num);
  jaxc__bounds bd;
  if (!jaxc__space_bounds("linspace", &start, &stop, dtype, &bd)) return NULL;
  const jaxc_array *a = bd.a, *b = bd.b;
  jaxc_dtype dt = bd.dt, cd = bd.cd;
  const jaxc_array *ab[2] = {a, b};
  int nb;
  int64_t bounds[JAXC_MAX_NDIM], shape[JAXC_MAX_NDIM];
  if (!jaxc__broadcast_shapes("linspace", 2, ab, &nb, bounds)) return NULL;
  if (nb + 1 > JAXC_MAX_NDIM) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "linspace: the result would have more than %d axes", JAXC_MAX_NDIM);
  int ax = axis < 0 ? nb + axis + 1 : axis;
  if (ax < 0 || ax > nb) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "axis %d is out of bounds for array of dimension %d", axis, nb + 1);
  int64_t div = endpoint ? num - 1 : num;
  jaxc__pool p = {{NULL}, 0};
  jaxc_array *A = jaxc__keep(&p, jaxc_astype(a, cd)), *B = A ? jaxc__keep(&p, jaxc_astype(b, cd)) : NULL, *out = NULL, *res = NULL;
  if (!B) goto done;
  if (num > 1 && nb == 0 && !jaxc__debugging()) { /* the common case, fused (the debug checks need the ops) */
    if (!(res = jaxc__linspace_scalars(A, B, num, div, cd, dt))) goto done;
  } else if (num > 1) {
    out = jaxc__linspace_body(&p, A, B, nb, bounds, ax, div, endpoint, cd);
  } else if (num == 1) {
    out = jaxc__bounds_at(&p, A, nb, bounds, ax);
  } else {
    for (int k = 0, i = 0; k <= nb; k++) shape[k] = k == ax ? 0 : bounds[i++];
    out = jaxc__keep(&p, jaxc__new_array(dt, false, nb + 1, shape));
  }
  int kind = jaxc_dtype_kind(dt);
  if (out && (kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT) && out->dtype != dt) out = jaxc__keep(&p, jaxc_unary(JAXC_OP_FLOOR, out));
  if (out && !(res = jaxc_astype(out, dt))) goto done;
  if (!out && !res) goto done;
  if (res && retstep) { /* (stop - start) / div in cd; nan where num < 2 with endpoint, or num == 0 */
    jaxc_array *d = num == 0 || (num == 1 && endpoint) ? NULL : jaxc__keep(&p, jaxc_subtract(B, A));
    jaxc_array *q = d && num > 1 ? jaxc__keep(&p, jaxc__scalar_of(cd, (double)div)) : NULL;
    *retstep = num == 0 || (num == 1 && endpoint) ? jaxc__scalar_of(cd, NAN) : num == 1 ? jaxc_astype(d, cd) : q ? jaxc_true_divide(d, q) : NULL;
    if (!*retstep) { jaxc_array_free(res); res = NULL; }
  }
  if (res) jaxc__ok();
done:
  jaxc__pool_free(&p);
  return res;
}

/* jnp.logspace: power(base, linspace(start, stop) in cd), converted to dt (an integer dtype
   truncates: no floor here); the base joins power's promotion (a C double is weak). */
JAXC_API jaxc_array *jaxc_logspace_operands(jaxc_operand start, jaxc_operand stop, int64_t num, bool endpoint,
                                            jaxc_operand base, jaxc_dtype dtype, int axis) {
  jaxc__bounds bd;
  if (!jaxc__space_bounds("logspace", &start, &stop, dtype, &bd) || !jaxc__operand_given(&base, "logspace", 4)) return NULL;
  jaxc__pool p = {{NULL}, 0};
  jaxc_array *A = jaxc__keep(&p, jaxc_astype(bd.a, bd.cd)), *B = A ? jaxc__keep(&p, jaxc_astype(bd.b, bd.cd)) : NULL, *res = NULL;
  jaxc_array *lin = B ? jaxc__keep(&p, jaxc_linspace_operands(jaxc__opnd_array(A), jaxc__opnd_array(B), num, endpoint,
                                                                JAXC_DTYPE_NONE, axis, NULL))
                      : NULL;
  jaxc_array *pw = lin ? jaxc__keep(&p, jaxc_binary_operands(JAXC_OP_POWER, base, jaxc__opnd_array(lin))) : NULL;
  if (pw) res = jaxc_astype(pw, bd.dt);
  jaxc__pool_free(&p);
  return res;
}

/* jnp.geomspace: sign(start) * logspace(log10(start / sign), log10(stop / sign), base 10) in cd
   (so its ends are 10^log10(x), not always x exactly), the new axis moved to `axis`. */
JAXC_API jaxc_array *jaxc_geomspace_operands(jaxc_operand start, jaxc_operand stop, int64_t num, bool endpoint,
                                             jaxc_dtype dtype, int axis) {
  jaxc__bounds bd;
  if (!jaxc__space_bounds("geomspace", &start, &stop, dtype, &bd)) return NULL;
  jaxc__pool p = {{NULL}, 0};
  jaxc_array *A = jaxc__keep(&p, jaxc_astype(bd.a, bd.cd)), *B = A ? jaxc__keep(&p, jaxc_astype(bd.b, bd.cd)) : NULL, *res = NULL;
  jaxc_array *sg = B ? jaxc__keep(&p, jaxc_unary(JAXC_OP_SIGN, A)) : NULL;
  jaxc_array *qa = sg ? jaxc__keep(&p, jaxc_true_divide(A, sg)) : NULL, *qb = qa ? jaxc__keep(&p, jaxc_true_divide(B, sg)) : NULL;
  jaxc_array *la = qb ? jaxc__keep(&p, jaxc_unary(JAXC_OP_LOG10, qa)) : NULL, *lb = la ? jaxc__keep(&p, jaxc_unary(JAXC_OP_LOG10, qb)) : NULL;
  jaxc_array *lg = lb ? jaxc__keep(&p, jaxc_logspace_operands(jaxc__opnd_array(la), jaxc__opnd_array(lb), num, endpoint,
                                                               jaxc__opnd_float(10.0), bd.cd, 0))
                      : NULL;
  jaxc_array *r = lg ? jaxc__keep(&p, jaxc_multiply(sg, lg)) : NULL;
  int ax;
  if (r && axis != 0) r = !jaxc__canon_axis(axis, r->ndim, &ax) ? NULL : ax ? jaxc__keep(&p, jaxc_moveaxis(r, 0, ax)) : r;
  if (r) res = jaxc_astype(r, bd.dt);
  jaxc__pool_free(&p);
  return res;
}

/* --- eye, identity, tri, tril, triu ---------------------------------------------------------- */
/* The 0 and 1 of dtype d (False/True converted, as astype(bool) makes them). */
static void jaxc__zero_one(jaxc_dtype d, unsigned char *zero, unsigned char *one) {
  uint8_t f = 0, t = 1;
  jaxc_kernel_cast_dyn(JAXC_BOOL, d, 1, &f, zero);
  jaxc_kernel_cast_dyn(JAXC_BOOL, d, 1, &t, one);
}
/* An n x m array of dt: one where lo <= j - i <= hi, zero elsewhere, a row at a time. */
static jaxc_array *jaxc__band(int64_t n, int64_t m, int64_t lo, int64_t hi, jaxc_dtype dt) {
  int64_t shape[2] = {n, m};
  jaxc_array *a = jaxc__new_array(dt, false, 2, shape);
  if (!a) return NULL;
  _Alignas(16) unsigned char zero[16], one[16];
  jaxc__zero_one(dt, zero, one);
  size_t es = jaxc_dtype_size(dt);
  jaxc__fill(a->data, a->size, es, zero);
  for (int64_t i = 0; i < n && m > 0; i++) { /* columns i + lo .. i + hi, clipped to [0, m) */
    int64_t j0 = lo <= -i ? 0 : i + lo > m ? m : i + lo, j1 = hi >= m - 1 - i ? m - 1 : hi < -i ? -1 : i + hi;
    if (j0 <= j1) jaxc__fill_range((char *)a->data + (size_t)(i * m) * es, j0, j1 + 1, es, one);
  }
  jaxc__ok();
  return a;
}
static jaxc_array *jaxc__eye(int64_t n, int64_t m, bool m_none, int64_t k, jaxc_dtype dtype) {
  jaxc_dtype dt;
  if (!jaxc__create_dtype(dtype, jaxc__default_float(), &dt)) return NULL;
  if (n < 0 || m < 0) {
    char ms[32] = "None";
#ifndef JAXC_NO_STDIO
    if (!m_none) snprintf(ms, sizeof ms, "%lld", (long long)m);
#endif
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "negative dimensions are not allowed, got %lld and %s", (long long)n, ms);
  }
  if (k > INT32_MAX) k = INT32_MAX; /* lax._clip_int_to_valid_range(k, int32) */
  if (k < INT32_MIN) k = INT32_MIN;
  return jaxc__band(n, m, k, k, dt);
}
JAXC_API jaxc_array *jaxc_eye(int64_t n, int64_t m, int64_t k, jaxc_dtype dtype) { return jaxc__eye(n, m, false, k, dtype); }
JAXC_API jaxc_array *jaxc_identity(int64_t n, jaxc_dtype dtype) { return jaxc__eye(n, n, true, 0, dtype); }

/* A diagonal offset k as lax._tri gets it (asarray(k): a Python int past int32 with x64 off is
   JAX's OverflowError). */
static bool jaxc__offset_ok(int64_t k) {
  jaxc_array st;
  _Alignas(16) unsigned char buf[16];
  jaxc_operand o = jaxc__opnd_int(k);
  return jaxc__operand_array(&o, &st, buf);
}
JAXC_API jaxc_array *jaxc_tri(int64_t n, int64_t m, int64_t k, jaxc_dtype dtype) {
  jaxc_dtype dt;
  if (!jaxc__create_dtype(dtype, JAXC_F32, &dt) || !jaxc__offset_ok(k)) return NULL;
  if (n < 0 || m < 0) {
    int64_t s[2] = {n, m};
    char b[80];
    jaxc__format_dims(b, sizeof b, 2, s);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "iota shape must have every element be nonnegative, got %s.", b);
  }
  return jaxc__band(n, m, INT64_MIN, k, dt);
}
/* tril (lower) keeps a[..., i, j] where j - i <= k; triu where j - i >= k; the rest are zeros of
   a's dtype, and the result keeps a's dtype and weak flag (lax.select with zeros_like(a)). */
static jaxc_array *jaxc__triangle(const jaxc_array *a, int64_t k, bool lower) {
  const char *fn = lower ? "tril" : "triu";
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", fn);
  if (a->ndim < 2) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Argument to jax.numpy.%s must be at least 2D", fn);
  if (!lower && k == INT64_MIN) /* tri(N, M, k - 1) */
    return (jaxc_array *)jaxc__fail(JAXC_ERR_OVERFLOW, "Python int -9223372036854775809 too large to convert to int64");
  if (!jaxc__offset_ok(lower ? k : k - 1)) return NULL;
  jaxc_array *out = jaxc__new_array(a->dtype, a->weak, a->ndim, a->shape);
  if (!out) return NULL;
  int64_t n = a->shape[a->ndim - 2], m = a->shape[a->ndim - 1], mats = n > 0 && m > 0 ? a->size / (n * m) : 0;
  size_t es = jaxc_dtype_size(a->dtype);
  _Alignas(16) unsigned char zero[16], one[16];
  jaxc__zero_one(a->dtype, zero, one);
  for (int64_t b = 0; b < mats; b++)
    for (int64_t i = 0; i < n; i++) {
      size_t row = (size_t)((b * n + i) * m) * es;
      /* kept: j <= i + k (lower) or j >= i + k (upper), as a column range [j0, j1) */
      int64_t edge = k > m ? m + 1 : k < -n - 1 ? -n - 1 : k; /* clipped: i + edge cannot overflow */
      int64_t c = i + edge, j0 = lower ? 0 : c < 0 ? 0 : c > m ? m : c, j1 = lower ? (c + 1 < 0 ? 0 : c + 1 > m ? m : c + 1) : m;
      memcpy((char *)out->data + row, (const char *)a->data + row, (size_t)m * es);
      jaxc__fill_range((char *)out->data + row, 0, j0, es, zero);
      jaxc__fill_range((char *)out->data + row, j1, m, es, zero);
    }
  jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_tril(const jaxc_array *a, int64_t k) { return jaxc__triangle(a, k, true); }
JAXC_API jaxc_array *jaxc_triu(const jaxc_array *a, int64_t k) { return jaxc__triangle(a, k, false); }

/* --- meshgrid, indices, tril/triu/diag indices, fill_diagonal ------------------------------- */
/* frees out[0 .. n) and passes the status on (a result list is whole or not at all) */
static int jaxc__drop_results(int n, jaxc_array **out) {
  jaxc_status st = jaxc_last_status();
  for (int j = 0; j < n; j++) jaxc_array_free(out[j]), out[j] = NULL;
  return (int)st;
}
static int jaxc__clear_results(int n, jaxc_array **out, const char *name) {
  if (n > 0 && !out) return jaxc__fail(JAXC_ERR_ARG, "%s: out is NULL", name), JAXC_ERR_ARG;
  for (int j = 0; j < n; j++) out[j] = NULL;
  return JAXC_OK;
}
JAXC_API int jaxc_meshgrid(int n, const jaxc_array *const *xi, bool sparse, const char *indexing, jaxc_array **out) {
  if (n < 0) return jaxc__fail(JAXC_ERR_ARG, "meshgrid: negative array count %d", n), JAXC_ERR_ARG;
  if (jaxc__clear_results(n, out, "meshgrid") || !jaxc__operands_ok("meshgrid", n, xi)) return JAXC_ERR_ARG;
  if (!indexing) indexing = "xy";
  bool xy = !strcmp(indexing, "xy");
  if (!xy && strcmp(indexing, "ij"))
    return jaxc__fail(JAXC_ERR_ARG, "Valid values for indexing are 'xy' and 'ij', got %s", indexing), JAXC_ERR_ARG;
  bool flat = true;
  for (int j = 0; j < n; j++) flat = flat && xi[j]->ndim == 1;
  if (!flat) {
#ifndef JAXC_NO_STDIO
    char list[400];
    size_t at = 0;
    for (int j = 0; j < n && at + 40 < sizeof list; j++) {
      at += (size_t)snprintf(list + at, sizeof list - at, j ? ", " : "");
      jaxc__format_shape(list + at, sizeof list - at, xi[j]);
      at += strlen(list + at);
    }
    return jaxc__fail(JAXC_ERR_SHAPE, "Arguments to jax.numpy.meshgrid must be 1D, got shapes [%s]", list), JAXC_ERR_SHAPE;
#else
    return jaxc__fail(JAXC_ERR_SHAPE, "Arguments to jax.numpy.meshgrid must be 1D"), JAXC_ERR_SHAPE;
#endif
  }
  if (n > JAXC_MAX_NDIM) return jaxc__fail(JAXC_ERR_SHAPE, "meshgrid: more than %d arrays", JAXC_MAX_NDIM), JAXC_ERR_SHAPE;
  int64_t grid[JAXC_MAX_NDIM]; /* grid axis a holds argument a, the first two swapped for "xy" */
  int arg_of[JAXC_MAX_NDIM];
  for (int a = 0; a < n; a++) {
    arg_of[a] = xy && n >= 2 && a < 2 ? 1 - a : a;
    grid[a] = xi[arg_of[a]]->shape[0];
  }
  for (int a = 0; a < n; a++) {
    int64_t line[JAXC_MAX_NDIM];
    for (int b = 0; b < n; b++) line[b] = b == a ? grid[a] : 1;
    jaxc_array v;
    jaxc__view(&v, xi[arg_of[a]], n, line);
    out[arg_of[a]] = sparse ? jaxc__reshaped_copy(&v, n, line) : jaxc_broadcast_to(&v, n, grid);
    if (!out[arg_of[a]]) return jaxc__drop_results(n, out);
  }
  return jaxc__ok(), JAXC_OK;
}

/* lax.iota(dtype, d) broadcast along axis i of an array of shape s (ndim dims): runs of
   prod(s[i+1:]) equal values, the iota repeated prod(s[:i]) times */
static jaxc_array *jaxc__iota_along(jaxc_dtype dt, int ndim, const int64_t *s, int i) {
  jaxc_array *out = jaxc__new_array(dt, false, ndim, s), *line = out ? jaxc__new_array(dt, false, 1, &s[i]) : NULL;
  if (!line) return jaxc_array_free(out), NULL;
  jaxc__iota_fill(dt, 0, s[i], (unsigned char *)line->data);
  int64_t outer = 1, inner = 1;
  for (int k = 0; k < i; k++) outer *= s[k];
  for (int k = i + 1; k < ndim; k++) inner *= s[k];
  size_t es = jaxc_dtype_size(dt);
  char *p = (char *)out->data;
  for (int64_t o = 0; o < outer && out->size; o++)
    for (int64_t v = 0; v < s[i]; v++, p += (size_t)inner * es) jaxc__fill(p, inner, es, (char *)line->data + (size_t)v * es);
  jaxc_array_free(line);
  return out;
}
/* indices' checks, in JAX's order: the dtype, then each dimension as lax.iota meets it */
static bool jaxc__indices_args(int ndim, const int64_t *dims, jaxc_dtype dtype, jaxc_dtype *dt) {
  if (ndim < 0 || ndim > JAXC_MAX_NDIM || (ndim > 0 && !dims))
    return jaxc__fail(JAXC_ERR_ARG, "indices: %s", ndim > 0 && !dims ? "dims is NULL" : "bad number of dimensions"), false;
  if (!jaxc__create_dtype(dtype, jaxc__default_int(), dt)) return false;
  for (int i = 0; i < ndim; i++) {
    if (dims[i] < 0) return jaxc__fail(JAXC_ERR_SHAPE, "iota shape must have every element be nonnegative, got (%lld,).", (long long)dims[i]), false;
    if (!jaxc__iota_accepts(*dt)) return false;
  }
  return true;
}
JAXC_API jaxc_array *jaxc_indices(int ndim, const int64_t *dims, jaxc_dtype dtype) {
  jaxc_dtype dt;
  if (!jaxc__indices_args(ndim, dims, dtype, &dt)) return NULL;
  if (ndim == JAXC_MAX_NDIM) return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "indices: the result would have more than %d dimensions", JAXC_MAX_NDIM);
  int64_t s[JAXC_MAX_NDIM + 1] = {ndim}, zero = 0;
  for (int i = 0; i < ndim; i++) s[i + 1] = dims[i];
  jaxc_array *out = jaxc__new_array(dt, false, ndim ? ndim + 1 : 1, ndim ? s : &zero);
  if (!out) return NULL;
  size_t slab = (size_t)(out->size / (ndim ? ndim : 1)) * jaxc_dtype_size(dt);
  for (int i = 0; i < ndim && slab; i++) {
    jaxc_array *x = jaxc__iota_along(dt, ndim, dims, i);
    if (!x) return jaxc_array_free(out), NULL;
    jaxc__copy_bytes((char *)out->data + (size_t)i * slab, x->data, slab);
    jaxc_array_free(x);
  }
  jaxc__ok();
  return out;
}
JAXC_API int jaxc_indices_sparse(int ndim, const int64_t *dims, jaxc_dtype dtype, jaxc_array **out) {
  jaxc_dtype dt;
  if (ndim > 0 && jaxc__clear_results(ndim, out, "indices")) return JAXC_ERR_ARG;
  if (!jaxc__indices_args(ndim, dims, dtype, &dt)) return (int)jaxc_last_status();
  for (int i = 0; i < ndim; i++) {
    int64_t s[JAXC_MAX_NDIM];
    for (int k = 0; k < ndim; k++) s[k] = k == i ? dims[i] : 1;
    if (!(out[i] = jaxc__iota_along(dt, ndim, s, i))) return jaxc__drop_results(ndim, out);
  }
  return jaxc__ok(), JAXC_OK;
}

/* The coordinates (i, j) of an n x m matrix where j - i <= k (lower) or >= k, row by row, as
   nonzero(tril(ones((n, m)), k)) lists them (triu: the tri(k - 1) check) */
static int jaxc__tri_indices(int64_t n, int64_t k, int64_t m, bool lower, jaxc_array **out) {
  if (jaxc__clear_results(2, out, lower ? "tril_indices" : "triu_indices")) return JAXC_ERR_ARG;
  if (m == JAXC_NONE) m = n;
  int64_t s[2] = {n, m}, size;
  if (n < 0 || m < 0) return jaxc__fail_negative_dims(2, s), JAXC_ERR_SHAPE;
  if (!jaxc__check_shape(2, s, &size)) return (int)jaxc_last_status(); /* (ones((n, m)) must exist) */
  if (!lower && k == INT64_MIN)
    return jaxc__fail(JAXC_ERR_OVERFLOW, "Python int -9223372036854775809 too large to convert to int64"), JAXC_ERR_OVERFLOW;
  if (!jaxc__offset_ok(lower ? k : k - 1)) return (int)jaxc_last_status();
  int64_t count = 0; /* row i holds columns [lo(i), hi(i)) */
#define JAXC__TRI_COLS(i)   int64_t lo = lower ? 0 : k <= -(i) ? 0 : (i) + k > m ? m : (i) + k, hi = lower ? (k >= m - 1 - (i) ? m : k < -(i) ? 0 : (i) + k + 1) : m;
  for (int64_t i = 0; i < n; i++) {
    JAXC__TRI_COLS(i)
    count += hi > lo ? hi - lo : 0;
  }
  jaxc_dtype dt = jaxc__default_int();
  out[0] = jaxc__new_array(dt, false, 1, &count);
  out[1] = out[0] ? jaxc__new_array(dt, false, 1, &count) : NULL;
  if (!out[1]) return jaxc__drop_results(2, out);
  int64_t at = 0;
  for (int64_t i = 0; i < n; i++) {
    JAXC__TRI_COLS(i)
    for (int64_t j = lo; j < hi; j++, at++) {
      if (dt == JAXC_I64) ((int64_t *)out[0]->data)[at] = i, ((int64_t *)out[1]->data)[at] = j;
      else ((int32_t *)out[0]->data)[at] = (int32_t)i, ((int32_t *)out[1]->data)[at] = (int32_t)j;
    }
  }
#undef JAXC__TRI_COLS
  return jaxc__ok(), JAXC_OK;
}
JAXC_API int jaxc_tril_indices(int64_t n, int64_t k, int64_t m, jaxc_array **out) { return jaxc__tri_indices(n, k, m, true, out); }
JAXC_API int jaxc_triu_indices(int64_t n, int64_t k, int64_t m, jaxc_array **out) { return jaxc__tri_indices(n, k, m, false, out); }
static int jaxc__tri_indices_from(const jaxc_array *a, int64_t k, bool lower, jaxc_array **out) {
  const char *name = lower ? "tril_indices_from" : "triu_indices_from";
  if (jaxc__clear_results(2, out, name)) return JAXC_ERR_ARG;
  if (!a) return jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", name), JAXC_ERR_ARG;
  if (a->ndim != 2) return jaxc__fail(JAXC_ERR_SHAPE, "Only 2-D inputs are accepted"), JAXC_ERR_SHAPE;
  return jaxc__tri_indices(a->shape[0], k, a->shape[1], lower, out);
}
JAXC_API int jaxc_tril_indices_from(const jaxc_array *a, int64_t k, jaxc_array **out) { return jaxc__tri_indices_from(a, k, true, out); }
JAXC_API int jaxc_triu_indices_from(const jaxc_array *a, int64_t k, jaxc_array **out) { return jaxc__tri_indices_from(a, k, false, out); }

JAXC_API int jaxc_diag_indices(int64_t n, int ndim, jaxc_array **out) {
  if (ndim > 0 && jaxc__clear_results(ndim, out, "diag_indices")) return JAXC_ERR_ARG;
  if (n < 0) return jaxc__fail(JAXC_ERR_ARG, "n argument to diag_indices must be nonnegative, got %lld", (long long)n), JAXC_ERR_ARG;
  if (ndim < 0) return jaxc__fail(JAXC_ERR_ARG, "ndim argument to diag_indices must be nonnegative, got %d", ndim), JAXC_ERR_ARG;
  for (int i = 0; i < ndim; i++)
    if (!(out[i] = jaxc__iota_along(jaxc__default_int(), 1, &n, 0))) return jaxc__drop_results(ndim, out);
  return jaxc__ok(), JAXC_OK;
}
/* diag_indices_from's checks, shared with fill_diagonal's (other words, the same rule) */
static bool jaxc__cube_ok(const jaxc_array *a, const char *rank_msg) {
  if (a->ndim < 2) return jaxc__fail(JAXC_ERR_SHAPE, "%s", rank_msg), false;
  for (int k = 1; k < a->ndim; k++)
    if (a->shape[k] != a->shape[0]) return jaxc__fail(JAXC_ERR_SHAPE, "All dimensions of input must be of equal length"), false;
  return true;
}
JAXC_API int jaxc_diag_indices_from(const jaxc_array *a, jaxc_array **out) {
  if (!a || !out) return jaxc__fail(JAXC_ERR_ARG, "diag_indices_from: %s is NULL", a ? "out" : "the array"), JAXC_ERR_ARG;
  if (!jaxc__cube_ok(a, "input array must be at least 2-d")) return JAXC_ERR_SHAPE;
  return jaxc_diag_indices(a->shape[0], a->ndim, out);
}
/* a.at[diag_indices(n, a.ndim)].set(v): v converted to a's dtype (convert_element_type, as the
   scatter does), element i of the diagonal i * (the sum of a's strides) apart */
JAXC_API jaxc_array *jaxc_fill_diagonal(const jaxc_array *a, const jaxc_array *val) {
  if (!a || !val) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "fill_diagonal: %s is NULL", a ? "val" : "the array");
  if (a->ndim != 2 && !jaxc__cube_ok(a, "array must be at least 2-d")) return NULL;
  int64_t n = a->shape[0] < a->shape[1] ? a->shape[0] : a->shape[1], step = 0, stride = 1;
  for (int k = a->ndim - 1; k >= 0; k--) step += stride, stride *= a->shape[k];
  if (val->ndim && val->size == 0 && n > 0) /* _tile_to_size: ceil(n / val.size) */
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "division by zero");
  jaxc_array *v = jaxc__astype_impl(val, a->dtype, NULL), *out = v ? jaxc__reshaped_copy(a, a->ndim, a->shape) : NULL;
  if (out) {
    size_t es = jaxc_dtype_size(a->dtype);
    for (int64_t i = 0; i < n; i++)
      memcpy((char *)out->data + (size_t)(i * step) * es, (const char *)v->data + (size_t)(val->ndim ? i % v->size : 0) * es, es);
    jaxc__ok();
  }
  jaxc_array_free(v);
  return out;
}
/* jnp.ix_: each 1-D operand broadcast_in_dim'ed to its own axis of an n-D open mesh */
JAXC_API int jaxc_ix_(int n, const jaxc_array *const *args, jaxc_array **out) {
  if (n < 0 || n > JAXC_MAX_NDIM)
    return jaxc__fail(JAXC_ERR_ARG, "ix_: %d arrays (0 to %d make a mesh)", n, JAXC_MAX_NDIM), JAXC_ERR_ARG;
  if (jaxc__clear_results(n, out, "ix_") || !jaxc__operands_ok("ix", n, args)) return JAXC_ERR_ARG;
  for (int i = 0; i < n; i++) {
    const jaxc_array *a = args[i];
    if (a->ndim != 1) {
      char s[24 * JAXC_MAX_NDIM];
      jaxc__format_shape(s, sizeof s, a);
      jaxc__fail(JAXC_ERR_SHAPE, "Arguments to jax.numpy.ix_ must be 1-dimensional, got shape %s", s);
      return jaxc__drop_results(n, out);
    }
    if (a->dtype == JAXC_BOOL) {
      jaxc__fail(JAXC_ERR_DTYPE, "Boolean arguments to jax.numpy.ix_ are not implemented");
      return jaxc__drop_results(n, out);
    }
    int64_t shape[JAXC_MAX_NDIM];
    for (int j = 0; j < n; j++) shape[j] = j == i ? a->shape[0] : 1;
    /* (an empty operand: lax.full(shape, np.zeros((), np.intp)), the default int) */
    out[i] = a->size ? jaxc_reshape(a, n, shape) : jaxc_array_zeros(jaxc__default_int(), n, shape);
    if (!out[i]) return jaxc__drop_results(n, out);
  }
  jaxc__ok();
  return JAXC_OK;
}

/* >>random (implementation) ------------------------------------------------ */

#define JAXC__RND_BLOCK 1024                     /* counters per block; divides 2^32 */
#define JAXC__RND_PAR_BYTES ((int64_t)2 << 20)   /* outputs above this go to OpenMP threads */

/* --- threefry2x32 ---------------------------------------------------------------------------*/
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

/* --- XLA CPU's float32 log, log1p and ErfInv, as jaxlib 0.11 compiles them --------------------
   Bit-exact normal draws need XLA's own math, not libm's: log is Eigen's plog_float (Cephes
   logf) inlined, log1p is xla/codegen/intrinsic/log1p.cc (Cephes' rational for |x| < sqrt(2)-1,
   log(1 + x) beyond), ErfInv is xla/client/lib/math.cc's ErfInv32 (Giles). Which steps are fused
   multiply-adds is what LLVM emitted for x86-64 with FMA (read from the compiled kernels); each
   is an explicit fmaf here, every other step rounds on its own. Checked against every float32,
   float16 and bfloat16 value jax.random.normal can return (tests/test_random.c). */
static float jaxc__xla_logf(float v) {
  float a = v < 0x1p-126f ? 0x1p-126f : v; /* max(v, FLT_MIN) */
  if (v != v) a = v;
  uint32_t ab = jaxc__fp32_to_bits(a);
  float e = (float)((int32_t)(ab >> 23) - 127) + 1.0f;
  float m = jaxc__fp32_from_bits((ab & 0x807fffffu) | 0x3f000000u); /* mantissa in [0.5, 1) */
  bool small = m < 0.707106769f;
  float x = (m + -1.0f) + (small ? m : 0.0f);
  if (small) e = e - 1.0f;
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
  if (!(v > 0.0f)) r = jaxc__fp32_from_bits(0xffffffffu);
  if (v == 0.0f) r = -INFINITY;
  if (v == INFINITY) r = INFINITY;
  return r;
}
static float jaxc__xla_log1pf(float x) {
  static const float num[7] = {4.52700006e-05f, 0.498541027f, 6.57873249f, 29.9119186f, 60.9496689f, 57.1129646f, 20.0395527f};
  static const float den[7] = {1.0f, 15.0629091f, 83.0475693f, 221.762405f, 309.098724f, 216.427887f, 60.11866f};
  if (!(fabsf(x) < 0.414213568f)) return jaxc__xla_logf(x + 1.0f);
  float z = x * 0.0f, n = z + num[0], d = z + den[0];
  for (int i = 1; i < 7; i++) {
    n = fmaf(n, x, num[i]);
    d = fmaf(d, x, den[i]);
  }
  float x2 = x * x;
  return x + fmaf(-0.5f, x2, (x * x2) * (n / d));
}
static float jaxc__rnd_erfinv_f32(float x) {
  static const float lt5[9] = {2.81022636e-08f, 3.43273939e-07f, -3.5233877e-06f, -4.39150654e-06f, 0.00021858087f,
                               -0.00125372503f, -0.00417768164f, 0.246640727f, 1.50140941f};
  static const float ge5[9] = {-0.000200214257f, 0.000100950558f, 0.00134934322f, -0.00367342844f, 0.00573950773f,
                               -0.0076224613f, 0.00943887047f, 1.00167406f, 2.83297682f};
  float w = -jaxc__xla_log1pf(x * -x);
  bool lt = w < 5.0f;
  const float *c = lt ? lt5 : ge5;
  float t = lt ? w - 2.5f : sqrtf(w) - 3.0f;
  float p = c[0];
  for (int i = 1; i < 9; i++) p = fmaf(p, t, c[i]);
  return x * (fabsf(x) == 1.0f ? INFINITY : p);
}

/* float64 log1p as XLA CPU compiles it: Cephes' rational on [1/sqrt(2) - 1, sqrt(2) - 1] (the
   same Horner FMAs as float32), the C library's log(1 + x) beyond. */
static double jaxc__xla_log1p(double x) {
  static const double num[7] = {4.5270000862445199635e-05, 4.9854102823193375972e-01, 6.5787325942061044847e+00,
                                2.9911919328553073277e+01, 6.0949667980987787058e+01, 5.7112963590585538103e+01,
                                2.0039553499201281260e+01};
  static const double den[7] = {1.0, 1.5062909083469192043e+01, 8.3047565967967209469e+01, 2.2176239823732856465e+02,
                                3.0909872225312059775e+02, 2.1642788614495947685e+02, 6.0118660497603843919e+01};
  if (!(x >= -0.29289321881345254 && x <= 0.41421356237309503)) return log(x + 1.0);
  double z = x * 0.0, n = z + num[0], d = z + den[0];
  for (int i = 1; i < 7; i++) {
    n = fma(n, x, num[i]);
    d = fma(d, x, den[i]);
  }
  double x2 = x * x;
  return x + fma(x2, -0.5, (x * x2) * (n / d));
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
  double w = -jaxc__xla_log1p(x * -x);
  const double *c;
  int deg;
  double t;
  if (w < 6.25) c = lt625, deg = 23, t = w - 3.125;
  else if (w < 16.0) c = lt16, deg = 19, t = sqrt(w) - 3.25;
  else c = ge16, deg = 17, t = sqrt(w) - 5.0;
  double p = c[0];
  for (int i = 1; i < deg; i++) p = fma(p, t, c[i]);
  return x * (fabs(x) == 1.0 ? INFINITY : p);
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
  int64_t n;             /* elements written (set by jaxc__rnd_run) */
};

static void jaxc__rnd_run_block(const void *jp, int64_t b) {
  const jaxc__rnd_job *job = (const jaxc__rnd_job *)jp;
  uint32_t w0[JAXC__RND_BLOCK], w1[JAXC__RND_BLOCK], w2[JAXC__RND_BLOCK], w3[JAXC__RND_BLOCK];
  uint32_t *const w[4] = {w0, w1, w2, w3};
  int64_t start = b * JAXC__RND_BLOCK;
  int m = (int)(job->n - start < JAXC__RND_BLOCK ? job->n - start : JAXC__RND_BLOCK);
  for (int k = 0; k < job->nkeys; k++) jaxc__rnd_threefry_block(job->key[k], (uint64_t)start, m, w[2 * k], w[2 * k + 1]);
  job->fill(job, start, m, w);
}

static void jaxc__rnd_run(const jaxc__rnd_job *job, int64_t n) {
  jaxc__rnd_job J = *job;
  J.n = n;
  jaxc__items_run(&J, jaxc__rnd_run_block, (n + JAXC__RND_BLOCK - 1) / JAXC__RND_BLOCK,
                  n * (int64_t)jaxc_dtype_size(job->st) > JAXC__RND_PAR_BYTES);
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
      o[j] = jaxc__rnd_uniform16(bf, a[j] ^ b[j], lo, span);
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
/* The storage dtype for a request, or INVALID with the status set. kinds picks the kinds the
   generator accepts; msg is JAX's wording. bits, uniform and normal raise before canonicalising
   (random.py: `if not dtypes.issubdtype(dtype, ...): raise ValueError(... got {dtype})`, then
   `dtype = dtypes.canonicalize_dtype(dtype)`), so their message names the dtype as asked:
   uniform(key, shape, int64) says "got int64" with x64 off too. randint canonicalises first
   (randint(): canonicalize_dtype; _randint raises), so its message names the storage dtype. */
static jaxc_dtype jaxc__rnd_storage(jaxc_dtype dtype, unsigned kinds, const char *msg, bool name_canonical) {
  if (!JAXC_DTYPE_VALID(dtype)) return (jaxc__fail(JAXC_ERR_DTYPE, "invalid dtype %d", (int)dtype), JAXC_DTYPE_INVALID);
  jaxc_dtype st = jaxc_storage_dtype(dtype, jaxc_x64());
  const char *name = jaxc_dtype_name(name_canonical || JAXC_DTYPE_IS_WEAK(dtype) ? st : dtype);
  if (!(kinds & (1u << jaxc_dtype_kind(st)))) return (jaxc__fail(JAXC_ERR_DTYPE, msg, name), JAXC_DTYPE_INVALID);
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
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_UINT), jaxc__rnd_msg_bits, false);
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
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_FLOAT), jaxc__rnd_msg_uniform, false);
  if (st == JAXC_DTYPE_INVALID) return JAXC_ERR_DTYPE;
  int s = jaxc__rnd_check_out(n, out);
  if (s) return s;
  jaxc__rnd_do_uniform(key, st, n, minval, maxval, out);
  jaxc__ok();
  return JAXC_OK;
}

static jaxc_dtype jaxc__rnd_normal_storage(jaxc_dtype dtype) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_FLOAT) | JAXC__RND_KIND(JAXC_KIND_COMPLEX),
                                    jaxc__rnd_msg_normal, false);
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
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_INT) | JAXC__RND_KIND(JAXC_KIND_UINT), jaxc__rnd_msg_randint, true);
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
  if (n > 1 && jaxc__overlap(out, (size_t)n * jaxc_dtype_size(st), scratch, jaxc_random_permutation_scratch_bytes(n)))
    return (jaxc__fail(JAXC_ERR_ARG, "permutation: out and scratch overlap"), JAXC_ERR_ARG);
  jaxc__rnd_do_permutation(key, n, st, out, (uint32_t *)scratch);
  jaxc__ok();
  return JAXC_OK;
}

/* --- allocating forms ------------------------------------------------------------------------*/
JAXC_API jaxc_array *jaxc_random_bits(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_UINT), jaxc__rnd_msg_bits, false);
  if (st == JAXC_DTYPE_INVALID) return NULL;
  jaxc_array *a = jaxc__new_array(st, false, ndim, shape);
  if (!a) return NULL;
  jaxc__rnd_do_bits(key, st, a->size, a->data);
  jaxc__ok();
  return a;
}

JAXC_API jaxc_array *jaxc_random_uniform(jaxc_key key, jaxc_dtype dtype, int ndim, const int64_t *shape, double minval, double maxval) {
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_FLOAT), jaxc__rnd_msg_uniform, false);
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
  jaxc_dtype st = jaxc__rnd_storage(dtype, JAXC__RND_KIND(JAXC_KIND_INT) | JAXC__RND_KIND(JAXC_KIND_UINT), jaxc__rnd_msg_randint, true);
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

#undef JAXC__RND_KIND
#undef JAXC__STEP

#endif /* JAXC_IMPLEMENTATION */
