/* parts/reduce.h — spliced into jaxc.h: reductions, indexing (take, slices), functional .at[]
   updates and sorting, with jax.numpy 0.11's dtypes and edge cases. Declarations, then (under
   JAXC__PART_IMPL) definitions. */
#ifndef JAXC__PART_IMPL

/* --- reductions -------------------------------------------------------------------------------
   jaxc_reduce(op, a, axis) for op SUM PROD MEAN MAX MIN ARGMAX ARGMIN ANY ALL VAR STD CUMSUM
   CUMPROD; axis JAXC_ALL_AXES reduces (cumulative ops: flatten) everything, a negative axis
   counts from the end. Result dtypes are jax.numpy's:
     sum, prod     bool and ints narrower than the default int -> default int (int32, int64 with
                   x64); unsigned narrower than the default uint -> uint32 (uint64); f16/bf16
                   stay f16/bf16 but are accumulated wider and rounded once
     mean          ints and bool -> default float; var, std: also complex -> its real dtype
     max, min      the input's dtype (NaN propagates); argmax/argmin/nanarg*: the default int
     any, all      bool (a complex value counts by its real part, as jnp.any does)
     cumsum/prod   bool -> default int, everything else keeps its dtype (JAX does not widen int8)
   Floats are summed in double with pairwise blocks; integer sums wrap in the result's width.
   Empty: sum 0, prod 1, mean/var NaN, any false, all true; max/min/argmax/argmin of an empty
   axis are errors (JAX's "zero-size array to reduction operation max which has no identity",
   "attempt to get argmax of an empty sequence"). Results are strongly typed. */
JAXC_API jaxc_array *jaxc_reduce(jaxc_op op, const jaxc_array *a, int axis);
JAXC_API jaxc_array *jaxc_reduce_ex(jaxc_op op, const jaxc_array *a, int axis, bool keepdims);
/* var/std with NumPy's ddof (divisor n - ddof; NaN when that is <= 0). */
JAXC_API jaxc_array *jaxc_var_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof);
JAXC_API jaxc_array *jaxc_std_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof);
/* jnp.nanargmax/nanargmin: NaNs are ignored (compared as -inf/+inf); an all-NaN lane gives -1. */
JAXC_API jaxc_array *jaxc_nanargmax(const jaxc_array *a, int axis, bool keepdims);
JAXC_API jaxc_array *jaxc_nanargmin(const jaxc_array *a, int axis, bool keepdims);
/* The dtype jaxc_reduce would return (JAXC_DTYPE_INVALID + status on error). */
JAXC_API jaxc_dtype jaxc_reduce_result(jaxc_op op, const jaxc_array *a);
/* Named reductions, one per reduction row of JAXC_OPS: jaxc_sum(a, axis), jaxc_argmax(a, axis)... */
#define JAXC__DECL_RED_RED(name) JAXC_API jaxc_array *jaxc_##name(const jaxc_array *a, int axis);
#define JAXC__DECL_RED_BIN(name)
#define JAXC__DECL_RED_UN(name)
#define JAXC__DECL_RED_UPD(name)
#define JAXC__DECL_RED(OP, name, ar, rule, grp, out, lax) JAXC__DECL_RED_##ar(name)
JAXC_OPS(JAXC__DECL_RED)

/* --- sorting ------------------------------------------------------------------------------------
   jnp.sort / jnp.argsort (stable) along axis (JAX's default is -1; JAXC_ALL_AXES flattens).
   Order is lax.sort's: -0.0 and 0.0 compare equal (their order is kept), every NaN (either
   sign) sorts last, complex numbers sort by real part, then imaginary part. Values come out
   bit for bit (a -0.0 stays -0.0). argsort returns the default int. */
JAXC_API jaxc_array *jaxc_sort(const jaxc_array *a, int axis);
JAXC_API jaxc_array *jaxc_argsort(const jaxc_array *a, int axis);

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
     DROP           as FILL (lax's FILL_OR_DROP)
     PROMISE_IN_BOUNDS  negatives counted from the end, then clamped (what XLA does with it)
   Indices must be an integer array (JAX: "Indexer must have integer or boolean type").

   jaxc_index_take: x[:, ..., idx] / x.at[(slice(None),)*axis + (idx,)].get(mode, fill_value):
   a negative index always counts from the end once; DEFAULT, CLIP and PROMISE_IN_BOUNDS then
   clamp (x[11] on 10 elements is x[9]); FILL/DROP fill. WRAP is refused, as JAX refuses it
   ('Unknown gather mode "wrap"'). */
JAXC_API jaxc_array *jaxc_take(const jaxc_array *a, const jaxc_array *indices, int axis,
                               jaxc_index_mode mode, const jaxc_array *fill_value);
JAXC_API jaxc_array *jaxc_index_take(const jaxc_array *a, const jaxc_array *indices, int axis,
                                     jaxc_index_mode mode, const jaxc_array *fill_value);

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
   of the division (an int x gives the default float) or the power.
   Modes: DEFAULT, DROP, FILL, PROMISE_IN_BOUNDS drop updates whose index is out of range (after
   a negative index was counted from the end once); CLIP clamps; WRAP is refused. Inputs are never
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

#else /* JAXC__PART_IMPL ========================================================================= */

#if JAXC__HAS_OPENMP
#  include <omp.h>
#endif
#ifndef JAXC_REDUCE_PAR_BYTES
#  define JAXC_REDUCE_PAR_BYTES ((size_t)4 << 20) /* input bytes above which reductions use threads */
#endif

static int jaxc__threads(void) {
#if JAXC__HAS_OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}
static jaxc_dtype jaxc__default_int(void) { return jaxc_x64() ? JAXC_I64 : JAXC_I32; }
static jaxc_dtype jaxc__default_uint(void) { return jaxc_x64() ? JAXC_U64 : JAXC_U32; }
static jaxc_dtype jaxc__default_float(void) { return jaxc_x64() ? JAXC_F64 : JAXC_F32; }
static bool jaxc__is_intlike(jaxc_dtype d) {
  int k = jaxc_dtype_kind(d);
  return k == JAXC_KIND_BOOL || k == JAXC_KIND_INT || k == JAXC_KIND_UINT;
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

/* Pairwise sums in double: leaves of <= 128 elements with 8 accumulators (vectorised), halves
   above. VAL(x) is the summand; cre/cim the centre for squared deviations. */
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
        a0 += VAL(x[i]); a1 += VAL(x[i + 1]); a2 += VAL(x[i + 2]); a3 += VAL(x[i + 3]);              \
        a4 += VAL(x[i + 4]); a5 += VAL(x[i + 5]); a6 += VAL(x[i + 6]); a7 += VAL(x[i + 7]);          \
      }                                                                                              \
    }                                                                                                \
    for (; i < n; i++) a0 += VAL(x[i * s]);                                                          \
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
  JAXC__LANE_ARG_##K(E, T, CT, LD)                                                                   \
  JAXC__LANE_INT_##K(E, T)                                                                           \
  JAXC__LANE_FPROD_##K(E, T, CT, LD)                                                                 \
  static void jaxc__cum_##E(const void *src, void *dst, int64_t n, int64_t s, bool prod) {           \
    const T *x = (const T *)src;                                                                     \
    T *y = (T *)dst;                                                                                 \
    CT acc = LD(x[0]);                                                                               \
    y[0] = x[0];                                                                                     \
    for (int64_t i = 1; i < n; i++) {                                                                \
      acc = prod ? jaxc__f_multiply_##E(acc, LD(x[i * s])) : jaxc__f_add_##E(acc, LD(x[i * s]));     \
      y[i * s] = jaxc__st_##E(acc);                                                                  \
      acc = LD(y[i * s]); /* each partial rounded to the dtype, as XLA's scan does */                \
    }                                                                                                \
  }

#define JAXC__PW_VALS(E, T, K, LD)                                                                   \
  JAXC__DEF_PW(E, re, T, JAXC__PWV_RE_##E)                                                           \
  JAXC__DEF_PW(E, im, T, JAXC__PWV_IM_##E)                                                           \
  JAXC__DEF_PW(E, sq, T, JAXC__PWV_SQ_##E)
/* The summands, one macro per dtype so that the generic leaf loop stays a plain expression. */
#define JAXC__PWV_RE_BOOL(x) ((double)(x))
#define JAXC__PWV_RE_U8(x) ((double)(x))
#define JAXC__PWV_RE_U16(x) ((double)(x))
#define JAXC__PWV_RE_U32(x) ((double)(x))
#define JAXC__PWV_RE_U64(x) ((double)(x))
#define JAXC__PWV_RE_I8(x) ((double)(x))
#define JAXC__PWV_RE_I16(x) ((double)(x))
#define JAXC__PWV_RE_I32(x) ((double)(x))
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
#define JAXC__SQD(d) ((d) * (d))
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
   extremes wins. */
#define JAXC__LANE_ARG_INT(E, T)                                                                     \
  static void jaxc__lane_arg_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    bool mx = (mode & 1) == 0;                                                                       \
    T best = x[0];                                                                                   \
    int64_t bi = 0;                                                                                  \
    for (int64_t i = 1; i < n; i++) {                                                                \
      T v = x[i * s];                                                                                \
      if (mx ? v > best : v < best) { best = v; bi = i; }                                            \
    }                                                                                                \
    o->idx = bi;                                                                                     \
    o->flag = true;                                                                                  \
  }
#define JAXC__LANE_ARG_KB(E, T, CT, LD) JAXC__LANE_ARG_INT(E, T)
#define JAXC__LANE_ARG_KU(E, T, CT, LD) JAXC__LANE_ARG_INT(E, T)
#define JAXC__LANE_ARG_KI(E, T, CT, LD) JAXC__LANE_ARG_INT(E, T)
#define JAXC__LANE_ARG_KF(E, T, CT, LD)                                                              \
  static void jaxc__lane_arg_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    bool mx = (mode & 1) == 0, nan_ignored = mode >= 2, seen = false;                                \
    CT nan_key = mx ? -(CT)INFINITY : (CT)INFINITY, best = 0;                                        \
    int64_t bi = -1;                                                                                 \
    for (int64_t i = 0; i < n; i++) {                                                                \
      CT v = LD(x[i * s]);                                                                           \
      if (v != v) {                                                                                  \
        if (!nan_ignored) { o->idx = i; o->flag = true; return; }                                    \
        v = nan_key;                                                                                 \
      } else {                                                                                       \
        seen = true;                                                                                 \
      }                                                                                              \
      if (bi < 0 || (mx ? v > best : v < best)) { best = v; bi = i; }                                \
    }                                                                                                \
    o->idx = bi;                                                                                     \
    o->flag = seen || !nan_ignored;                                                                  \
  }
#define JAXC__LANE_ARG_KC(E, T, CT, LD)                                                              \
  static void jaxc__lane_arg_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c;                                                                                         \
    bool mx = (mode & 1) == 0, nan_ignored = mode >= 2, seen = false;                                \
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
#define JAXC__LANE_FPROD_KF(E, T, CT, LD)                                                            \
  static void jaxc__lane_fprod_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c; (void)mode;                                                                             \
    CT acc = 1;                                                                                      \
    for (int64_t i = 0; i < n; i++) acc *= LD(x[i * s]);                                             \
    o->re = (double)acc;                                                                             \
    o->im = 0;                                                                                       \
  }
#define JAXC__LANE_FPROD_KC(E, T, CT, LD)                                                            \
  static void jaxc__lane_fprod_##E(const void *p, int64_t n, int64_t s, const jaxc__acc *c, int mode, jaxc__acc *o) { \
    const T *x = (const T *)p;                                                                       \
    (void)c; (void)mode;                                                                             \
    CT acc = jaxc__mk_##T(1, 0);                                                                     \
    for (int64_t i = 0; i < n; i++) acc = jaxc__f_multiply_##E(acc, x[i * s]);                       \
    o->re = jaxc__re_##T(acc);                                                                       \
    o->im = jaxc__im_##T(acc);                                                                       \
  }
JAXC__ARITH(JAXC__LANES_ROW, ~)

/* Dispatch tables by input dtype (NULL: not available for that dtype in this build). */
#define JAXC__LTAB_ANY(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_ALL_##K([JAXC_##E] = jaxc__lane_##A##_##E,)
#define JAXC__LTAB_INT(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_INTB_##K([JAXC_##E] = jaxc__lane_int_##E,)
#define JAXC__LTAB_FPR(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_INX_##K([JAXC_##E] = jaxc__lane_fprod_##E,)
#define JAXC__CTAB(A, E, c, T, CT, UT, RT, K, HUB, LD, ST, STD) JAXC__IN_ALL_##K([JAXC_##E] = jaxc__cum_##E,)
static const jaxc__lane_fn jaxc__lane_fsum_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_ANY, fsum)};
static const jaxc__lane_fn jaxc__lane_truth_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_ANY, truth)};
static const jaxc__lane_fn jaxc__lane_arg_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_ANY, arg)};
static const jaxc__lane_fn jaxc__lane_int_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_INT, ~)};
static const jaxc__lane_fn jaxc__lane_fprod_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__LTAB_FPR, ~)};
typedef void (*jaxc__cum_fn)(const void *src, void *dst, int64_t n, int64_t s, bool prod);
static const jaxc__cum_fn jaxc__cum_tab[JAXC_NUM_CONCRETE_DTYPES] = {JAXC__ARITH(JAXC__CTAB, ~)};

/* --- the reduction driver ---------------------------------------------------------------------- */
typedef enum jaxc__rkind {
  JAXC__RK_ISUM, JAXC__RK_IPROD, JAXC__RK_FSUM, JAXC__RK_FPROD, JAXC__RK_MEAN, JAXC__RK_VAR,
  JAXC__RK_STD, JAXC__RK_ARG, JAXC__RK_VAL, JAXC__RK_ANY, JAXC__RK_ALL
} jaxc__rkind;

typedef struct jaxc__rplan {
  jaxc__rkind kind;
  jaxc_dtype out;
  jaxc__lane_fn fn;
  int mode;       /* the lane function's mode */
  double ddof;
} jaxc__rplan;

static const char *jaxc__red_name(jaxc_op op, int argmode) {
  if (argmode == 2) return "nanargmax";
  if (argmode == 3) return "nanargmin";
  return jaxc_op_name(op);
}

/* Result dtype and kernels for op on dtype d. argmode >= 2 selects nanargmax/nanargmin. */
static bool jaxc__plan_reduce(jaxc_op op, jaxc_dtype d, int argmode, jaxc__rplan *p) {
  bool intlike = jaxc__is_intlike(d), cpx = jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX;
  int bits = jaxc_dtype_bits(d);
  p->mode = 0;
  p->fn = NULL;
  switch (op) {
  case JAXC_OP_SUM: case JAXC_OP_PROD: {
    bool sum = op == JAXC_OP_SUM;
    if (intlike) {
      jaxc_dtype o = d;
      if (d == JAXC_BOOL) o = jaxc__default_int();
      else if (jaxc_dtype_kind(d) == JAXC_KIND_UINT && bits < jaxc_dtype_bits(jaxc__default_uint())) o = jaxc__default_uint();
      else if (jaxc_dtype_kind(d) == JAXC_KIND_INT && bits < jaxc_dtype_bits(jaxc__default_int())) o = jaxc__default_int();
      p->out = o;
      p->kind = sum ? JAXC__RK_ISUM : JAXC__RK_IPROD;
      p->fn = jaxc__lane_int_tab[d];
      p->mode = (sum ? 0 : 2) + (jaxc_dtype_bits(o) == 64);
    } else {
      p->out = d;
      p->kind = sum ? JAXC__RK_FSUM : JAXC__RK_FPROD;
      p->fn = sum ? jaxc__lane_fsum_tab[d] : jaxc__lane_fprod_tab[d];
    }
    break;
  }
  case JAXC_OP_MEAN: case JAXC_OP_VAR: case JAXC_OP_STD:
    p->out = intlike ? jaxc__default_float() : (op != JAXC_OP_MEAN && cpx) ? jaxc__real_of(d) : d;
    p->kind = op == JAXC_OP_MEAN ? JAXC__RK_MEAN : op == JAXC_OP_VAR ? JAXC__RK_VAR : JAXC__RK_STD;
    p->fn = jaxc__lane_fsum_tab[d];
    break;
  case JAXC_OP_MAX: case JAXC_OP_MIN:
    p->out = d;
    p->kind = JAXC__RK_VAL;
    p->fn = jaxc__lane_arg_tab[d];
    p->mode = op == JAXC_OP_MIN;
    break;
  case JAXC_OP_ARGMAX: case JAXC_OP_ARGMIN:
    p->out = jaxc__default_int();
    p->kind = JAXC__RK_ARG;
    p->fn = jaxc__lane_arg_tab[d];
    p->mode = argmode >= 2 ? argmode : op == JAXC_OP_ARGMIN;
    break;
  case JAXC_OP_ANY: case JAXC_OP_ALL:
    p->out = JAXC_BOOL;
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

/* Run the lane function over every (output, chunk) pair: lanes are cut into `chunks` pieces
   so that a full reduction still uses every thread. */
static void jaxc__run_lanes(const jaxc_array *a, const jaxc__rgeom *g, const jaxc__rplan *p, int mode,
                            const jaxc__acc *centers, int64_t chunks, jaxc__acc *part, bool parallel) {
  size_t es = jaxc_dtype_size(a->dtype);
  int64_t items = g->nout * chunks;
  const char *base = (const char *)a->data;
#if JAXC__HAS_OPENMP
#  pragma omp parallel for schedule(static) if (parallel && items > 1)
#endif
  for (int64_t it = 0; it < items; it++) {
    int64_t j = it / chunks, c = it % chunks;
    int64_t o = j / g->inner, i = j % g->inner;
    int64_t k0 = g->n * c / chunks, k1 = g->n * (c + 1) / chunks;
    const char *lane = base + (size_t)((o * g->n + k0) * g->inner + i) * es;
    jaxc__acc *r = &part[it];
    bool prod = p->kind == JAXC__RK_IPROD || p->kind == JAXC__RK_FPROD;
    r->u = prod; r->re = prod; r->im = 0; r->idx = -1; r->flag = p->kind == JAXC__RK_ALL; /* the identities */
    if (k1 > k0) p->fn(lane, k1 - k0, g->inner, centers ? &centers[j] : NULL, mode, r);
    if (r->idx >= 0) r->idx += k0;
  }
  (void)parallel;
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
  default: /* float sums: a handful of partials, summed in order */
    for (int64_t c = 1; c < chunks; c++) { r->re += r[c].re; r->im += r[c].im; }
    break;
  }
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
  case JAXC__RK_VAR: case JAXC__RK_STD: {
    double den = (double)g->n - p->ddof;
    double v = den > 0 ? r->re / den : NAN;
    if (p->kind == JAXC__RK_STD) v = sqrt(v);
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
    break;
  }
  case JAXC__RK_ANY: case JAXC__RK_ALL:
    *(bool *)d = r->flag;
    break;
  }
  (void)center;
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
    if (p.kind == JAXC__RK_VAL)
      return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "zero-size array to reduction operation %s which has no identity",
                                      jaxc_op_name(op));
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
  if (p.kind == JAXC__RK_VAR || p.kind == JAXC__RK_STD)
    centers = (jaxc__acc *)jaxc__malloc((size_t)g.nout * sizeof(jaxc__acc));
  if (!part || ((p.kind == JAXC__RK_VAR || p.kind == JAXC__RK_STD) && !centers)) {
    jaxc__free(part); jaxc__free(centers); jaxc_array_free(out);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in %s", jaxc_op_name(op));
  }
  if (centers) { /* two passes: the mean, then the squared deviations from it */
    jaxc__run_lanes(a, &g, &p, 0, NULL, chunks, part, parallel);
    for (int64_t j = 0; j < g.nout; j++) {
      jaxc__combine(a, &g, &p, j, chunks, part);
      centers[j] = part[j * chunks];
      centers[j].re /= (double)g.n;
      centers[j].im /= (double)g.n;
    }
  }
  jaxc__run_lanes(a, &g, &p, centers ? 2 : p.mode, centers, chunks, part, parallel);
  for (int64_t j = 0; j < g.nout; j++) {
    jaxc__combine(a, &g, &p, j, chunks, part);
    jaxc__store(a, &g, &p, j, &part[j * chunks], centers ? &centers[j] : NULL, (char *)out->data);
  }
  jaxc__free(part);
  jaxc__free(centers);
  jaxc__ok();
  return out;
}

/* cumsum / cumprod: bool counts in the default int; every other dtype keeps its own. */
static jaxc_array *jaxc__cumulative(jaxc_op op, const jaxc_array *a, int axis) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", jaxc_op_name(op));
  jaxc_dtype od = a->dtype == JAXC_BOOL ? jaxc__default_int() : a->dtype;
  if (!jaxc__cum_tab[od])
    return (jaxc_array *)jaxc__fail(JAXC_ERR_DTYPE, "%s does not support dtype %s in this build", jaxc_op_name(op), jaxc_dtype_name(od));
  int ax = 0;
  int64_t flat = a->size;
  bool flatten = axis == JAXC_ALL_AXES || a->ndim == 0;
  if (!flatten && !jaxc__canon_axis(axis, a->ndim, &ax)) return NULL;
  jaxc_array *out = flatten ? jaxc__new_array(od, false, 1, &flat) : jaxc__new_array(od, false, a->ndim, a->shape);
  if (!out) return NULL;
  if (a->size == 0) { jaxc__ok(); return out; }
  jaxc_kernel_cast_dyn(a->dtype, od, (size_t)a->size, a->data, out->data); /* then scanned in place */
  int64_t outer = 1, n = a->size, inner = 1;
  if (!flatten) {
    n = a->shape[ax];
    for (int i = 0; i < ax; i++) outer *= a->shape[i];
    for (int i = ax + 1; i < a->ndim; i++) inner *= a->shape[i];
  }
  size_t es = jaxc_dtype_size(od);
  bool parallel = (size_t)a->size * es > JAXC_REDUCE_PAR_BYTES;
  jaxc__cum_fn fn = jaxc__cum_tab[od];
  int64_t lanes = outer * inner;
  char *d = (char *)out->data;
#if JAXC__HAS_OPENMP
#  pragma omp parallel for schedule(static) if (parallel && lanes > 1)
#endif
  for (int64_t j = 0; j < lanes; j++) {
    char *lane = d + (size_t)((j / inner) * n * inner + j % inner) * es;
    fn(lane, lane, n, inner, op == JAXC_OP_CUMPROD);
  }
  (void)parallel;
  jaxc__ok();
  return out;
}

JAXC_API jaxc_array *jaxc_reduce_ex(jaxc_op op, const jaxc_array *a, int axis, bool keepdims) {
  if (op == JAXC_OP_CUMSUM || op == JAXC_OP_CUMPROD) return jaxc__cumulative(op, a, axis);
  return jaxc__reduce_impl(op, a, axis, keepdims, 0, 0.0);
}
JAXC_API jaxc_array *jaxc_reduce(jaxc_op op, const jaxc_array *a, int axis) { return jaxc_reduce_ex(op, a, axis, false); }
JAXC_API jaxc_array *jaxc_var_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof) {
  return jaxc__reduce_impl(JAXC_OP_VAR, a, axis, keepdims, 0, ddof);
}
JAXC_API jaxc_array *jaxc_std_ddof(const jaxc_array *a, int axis, bool keepdims, double ddof) {
  return jaxc__reduce_impl(JAXC_OP_STD, a, axis, keepdims, 0, ddof);
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
  if (op == JAXC_OP_CUMSUM || op == JAXC_OP_CUMPROD) {
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

/* --- sorting ----------------------------------------------------------------------------------
   Each value becomes an unsigned key pair ordered as lax.sort orders it; a stable merge sort of
   (key, position) then gives the permutation. */
typedef struct jaxc__skey { uint64_t hi, lo; int64_t pos; } jaxc__skey;

static uint64_t jaxc__float_key(double v) {
  if (v != v) return UINT64_MAX; /* every NaN, either sign: last, all equal */
  if (v == 0) v = 0.0;           /* -0.0 == 0.0 */
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  return (b >> 63) ? ~b : b | ((uint64_t)1 << 63);
}
static bool jaxc__skey_le(const jaxc__skey *a, const jaxc__skey *b) {
  return a->hi != b->hi ? a->hi < b->hi : a->lo <= b->lo;
}
static void jaxc__merge_sort(jaxc__skey *k, jaxc__skey *tmp, int64_t n) {
  for (int64_t w = 1; w < n; w *= 2) {
    for (int64_t lo = 0; lo < n; lo += 2 * w) {
      int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n, i = lo, j = mid, t = lo;
      while (i < mid && j < hi) tmp[t++] = jaxc__skey_le(&k[i], &k[j]) ? k[i++] : k[j++];
      while (i < mid) tmp[t++] = k[i++];
      while (j < hi) tmp[t++] = k[j++];
    }
    memcpy(k, tmp, (size_t)n * sizeof *k);
  }
}

/* Keys for one lane (n values, stride s elements, dtype d); wide is a 16-byte-per-value buffer. */
static void jaxc__lane_keys(const char *p, int64_t n, int64_t s, jaxc_dtype d, unsigned char *wide, jaxc__skey *k) {
  size_t es = jaxc_dtype_size(d);
  int kind = jaxc_dtype_kind(d);
  jaxc_dtype hub = kind == JAXC_KIND_COMPLEX ? JAXC_C128 : kind == JAXC_KIND_FLOAT ? JAXC_F64
                 : kind == JAXC_KIND_INT ? JAXC_I64 : JAXC_U64;
  for (int64_t i = 0; i < n; i++) jaxc_kernel_cast_dyn(d, hub, 1, p + (size_t)(i * s) * es, wide + (size_t)i * 16);
  for (int64_t i = 0; i < n; i++) {
    const unsigned char *w = wide + (size_t)i * 16;
    k[i].pos = i;
    k[i].lo = 0;
    if (hub == JAXC_C128 || hub == JAXC_F64) {
      double re, im = 0;
      memcpy(&re, w, 8);
      if (hub == JAXC_C128) memcpy(&im, w + 8, 8);
      k[i].hi = jaxc__float_key(re);
      k[i].lo = hub == JAXC_C128 ? jaxc__float_key(im) : 0;
    } else if (hub == JAXC_I64) {
      int64_t v;
      memcpy(&v, w, 8);
      k[i].hi = (uint64_t)v ^ ((uint64_t)1 << 63);
    } else {
      memcpy(&k[i].hi, w, 8);
    }
  }
}

static jaxc_array *jaxc__sort_impl(const jaxc_array *a, int axis, bool arg) {
  const char *name = arg ? "argsort" : "sort";
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: the array is NULL", name);
  bool flatten = axis == JAXC_ALL_AXES;
  int ax = 0;
  if (!flatten && a->ndim == 0) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "axis %d is out of bounds for array of dimension 0", axis);
  if (!flatten && !jaxc__canon_axis(axis, a->ndim, &ax)) return NULL;
  int64_t flat = a->size;
  jaxc_dtype od = arg ? jaxc__default_int() : a->dtype;
  jaxc_array *out = flatten ? jaxc__new_array(od, false, 1, &flat) : jaxc__new_array(od, false, a->ndim, a->shape);
  if (!out) return NULL;
  int64_t outer = 1, n = a->size, inner = 1;
  if (!flatten) {
    n = a->shape[ax];
    for (int i = 0; i < ax; i++) outer *= a->shape[i];
    for (int i = ax + 1; i < a->ndim; i++) inner *= a->shape[i];
  }
  if (a->size == 0) { jaxc__ok(); return out; }
  size_t es = jaxc_dtype_size(a->dtype), oes = jaxc_dtype_size(od);
  jaxc__skey *k = (jaxc__skey *)jaxc__malloc((size_t)n * 2 * sizeof *k);
  unsigned char *wide = (unsigned char *)jaxc__malloc((size_t)n * 16);
  if (!k || !wide) {
    jaxc__free(k); jaxc__free(wide); jaxc_array_free(out);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_NOMEM, "out of memory in %s", name);
  }
  for (int64_t j = 0; j < outer * inner; j++) {
    size_t off = (size_t)((j / inner) * n * inner + j % inner);
    const char *src = (const char *)a->data + off * es;
    char *dst = (char *)out->data + off * oes;
    jaxc__lane_keys(src, n, inner, a->dtype, wide, k);
    jaxc__merge_sort(k, k + n, n);
    for (int64_t i = 0; i < n; i++) {
      if (arg) jaxc_kernel_cast_dyn(JAXC_I64, od, 1, &k[i].pos, dst + (size_t)(i * inner) * oes);
      else memcpy(dst + (size_t)(i * inner) * es, src + (size_t)(k[i].pos * inner) * es, es);
    }
  }
  jaxc__free(k);
  jaxc__free(wide);
  jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_sort(const jaxc_array *a, int axis) { return jaxc__sort_impl(a, axis, false); }
JAXC_API jaxc_array *jaxc_argsort(const jaxc_array *a, int axis) { return jaxc__sort_impl(a, axis, true); }

/* --- indexing ---------------------------------------------------------------------------------
   Every gather and scatter is reduced to a list of element offsets into `a` (one per element of
   the indexed shape, row-major; -1: out of range, to fill or drop), then copied or combined in
   runs of consecutive offsets. */
typedef enum jaxc__ixsem { JAXC__IX_TAKE, JAXC__IX_GET, JAXC__IX_UPDATE } jaxc__ixsem;

static bool jaxc__check_mode(jaxc_index_mode mode, jaxc__ixsem sem) {
  if ((unsigned)mode > (unsigned)JAXC_MODE_PROMISE_IN_BOUNDS) {
    jaxc__fail(JAXC_ERR_ARG, "invalid index mode %d", (int)mode);
    return false;
  }
  if (mode == JAXC_MODE_WRAP && sem != JAXC__IX_TAKE) {
    jaxc__fail(JAXC_ERR_ARG, "Unknown gather mode \"wrap\"");
    return false;
  }
  return true;
}

/* One index into an axis of n (n > 0) under a mode; -1 when it is to be filled/dropped. */
static int64_t jaxc__resolve(int64_t v, int64_t n, jaxc_index_mode mode, jaxc__ixsem sem) {
  if (sem == JAXC__IX_TAKE && mode == JAXC_MODE_CLIP) return v < 0 ? 0 : v >= n ? n - 1 : v;
  if (sem == JAXC__IX_TAKE && mode == JAXC_MODE_WRAP) { int64_t r = v % n; return r < 0 ? r + n : r; }
  if (v < 0) v += n;
  bool in = v >= 0 && v < n;
  switch (mode) {
  case JAXC_MODE_CLIP: return v < 0 ? 0 : v >= n ? n - 1 : v;
  case JAXC_MODE_FILL: case JAXC_MODE_DROP: return in ? v : -1;
  case JAXC_MODE_PROMISE_IN_BOUNDS:
    if (sem == JAXC__IX_UPDATE) return in ? v : -1; /* XLA skips out-of-bounds scatter updates */
    return v < 0 ? 0 : v >= n ? n - 1 : v;
  default: /* DEFAULT: take fills, indexing clamps, updates drop */
    if (sem == JAXC__IX_GET) return v < 0 ? 0 : v >= n ? n - 1 : v;
    return in ? v : -1;
  }
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

/* Array index on one axis: shape a.shape[:ax] + ix.shape + a.shape[ax+1:]. */
static bool jaxc__select_take(const jaxc_array *a, int ax, const jaxc_array *ix, jaxc_index_mode mode,
                              jaxc__ixsem sem, jaxc__sel *s) {
  if (a->ndim + ix->ndim - 1 > JAXC_MAX_NDIM)
    return jaxc__fail(JAXC_ERR_SHAPE, "the result would have more than %d dimensions", JAXC_MAX_NDIM), false;
  int64_t n = a->shape[ax], outer = 1, inner = 1;
  s->ndim = 0;
  for (int i = 0; i < ax; i++) { outer *= a->shape[i]; s->shape[s->ndim++] = a->shape[i]; }
  for (int i = 0; i < ix->ndim; i++) s->shape[s->ndim++] = ix->shape[i];
  for (int i = ax + 1; i < a->ndim; i++) { inner *= a->shape[i]; s->shape[s->ndim++] = a->shape[i]; }
  if (!jaxc__check_shape(s->ndim, s->shape, &s->count)) return false;
  if (n == 0 && ix->size > 0 && outer * inner > 0) {
    if (sem == JAXC__IX_TAKE) jaxc__fail(JAXC_ERR_INDEX, "Cannot do a non-empty jnp.take() from an empty axis.");
    else jaxc__fail(JAXC_ERR_INDEX, "index is out of bounds for axis %d with size 0", ax);
    return false;
  }
  s->off = (int64_t *)jaxc__malloc((size_t)(s->count ? s->count : 1) * sizeof(int64_t));
  int64_t *iv = (int64_t *)jaxc__malloc((size_t)(ix->size ? ix->size : 1) * sizeof(int64_t));
  if (!s->off || !iv) {
    jaxc__free(s->off); jaxc__free(iv);
    return jaxc__fail(JAXC_ERR_NOMEM, "out of memory in indexing"), false;
  }
  jaxc_kernel_cast_dyn(ix->dtype, JAXC_I64, (size_t)ix->size, ix->data, iv);
  if (n > 0)
    for (int64_t k = 0; k < ix->size; k++) iv[k] = jaxc__resolve(iv[k], n, mode, sem);
  int64_t t = 0;
  for (int64_t o = 0; o < outer; o++)
    for (int64_t k = 0; k < ix->size; k++)
      for (int64_t i = 0; i < inner; i++) s->off[t++] = iv[k] < 0 ? -1 : (o * n + iv[k]) * inner + i;
  jaxc__free(iv);
  return true;
}

/* Basic indexing: per axis a first index, a step and a count; integer specs drop their axis. */
static bool jaxc__select_slices(const jaxc_array *a, int nspec, const jaxc_slice_spec *spec, jaxc_index_mode mode,
                                jaxc__ixsem sem, jaxc__sel *s) {
  if (nspec < 0 || nspec > a->ndim)
    return jaxc__fail(JAXC_ERR_INDEX, "Too many indices: %d-dimensional array indexed with %d regular indices.",
                      a->ndim, nspec), false;
  if (nspec > 0 && !spec) return jaxc__fail(JAXC_ERR_ARG, "slice specs are NULL"), false;
  int64_t first[JAXC_MAX_NDIM], step[JAXC_MAX_NDIM], cnt[JAXC_MAX_NDIM];
  bool dropped = false;
  s->ndim = 0;
  for (int ax = 0; ax < a->ndim; ax++) {
    int64_t n = a->shape[ax];
    jaxc_slice_spec sp = ax < nspec ? spec[ax] : JAXC_ALL;
    if (sp.index) {
      if (n == 0) return jaxc__fail(JAXC_ERR_INDEX, "index %lld is out of bounds for axis %d with size 0", (long long)sp.start, ax), false;
      int64_t v = jaxc__resolve(sp.start, n, mode == JAXC_MODE_DEFAULT && sem == JAXC__IX_GET ? JAXC_MODE_CLIP : mode, sem);
      if (v < 0) { dropped = true; v = 0; }
      first[ax] = v; step[ax] = 1; cnt[ax] = 1;
      continue;
    }
    int64_t st = sp.step == JAXC_NONE ? 1 : sp.step;
    if (st == 0) return jaxc__fail(JAXC_ERR_ARG, "slice step cannot be zero"), false;
    int64_t lo = sp.start, hi = sp.stop;
    if (st > 0) {
      lo = lo == JAXC_NONE ? 0 : lo < 0 ? (lo + n < 0 ? 0 : lo + n) : (lo > n ? n : lo);
      hi = hi == JAXC_NONE ? n : hi < 0 ? (hi + n < 0 ? 0 : hi + n) : (hi > n ? n : hi);
      cnt[ax] = hi > lo ? (hi - lo + st - 1) / st : 0;
    } else {
      lo = lo == JAXC_NONE ? n - 1 : lo < 0 ? (lo + n < 0 ? -1 : lo + n) : (lo >= n ? n - 1 : lo);
      hi = hi == JAXC_NONE ? -1 : hi < 0 ? (hi + n < 0 ? -1 : hi + n) : (hi >= n ? n - 1 : hi);
      cnt[ax] = lo > hi ? (lo - hi + (-st) - 1) / (-st) : 0;
    }
    first[ax] = lo; step[ax] = st;
    s->shape[s->ndim++] = cnt[ax];
  }
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
  return true;
}

/* The fill element for a gather, in a's dtype. */
static bool jaxc__fill_bytes(const jaxc_array *a, const jaxc_array *fill, unsigned char *buf) {
  if (fill) {
    if (fill->size != 1) return jaxc__fail(JAXC_ERR_SHAPE, "fill_value must be a scalar"), false;
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

static jaxc_array *jaxc__gather(const jaxc_array *a, jaxc__sel *s, const jaxc_array *fill) {
  _Alignas(16) unsigned char fb[16];
  if (!jaxc__fill_bytes(a, fill, fb)) { jaxc__free(s->off); return NULL; }
  jaxc_array *out = jaxc__new_array(a->dtype, a->weak, s->ndim, s->shape);
  if (!out) { jaxc__free(s->off); return NULL; }
  size_t es = jaxc_dtype_size(a->dtype);
  const char *src = (const char *)a->data;
  char *dst = (char *)out->data;
  for (int64_t t = 0; t < s->count;) {
    if (s->off[t] < 0) { memcpy(dst + (size_t)t * es, fb, es); t++; continue; }
    int64_t r = t + 1;
    while (r < s->count && s->off[r] == s->off[r - 1] + 1) r++;
    memcpy(dst + (size_t)t * es, src + (size_t)s->off[t] * es, (size_t)(r - t) * es);
    t = r;
  }
  jaxc__free(s->off);
  jaxc__ok();
  return out;
}

static jaxc_array *jaxc__take_impl(const jaxc_array *a, const jaxc_array *ix, int axis, jaxc_index_mode mode,
                                   const jaxc_array *fill, jaxc__ixsem sem) {
  const char *name = sem == JAXC__IX_TAKE ? "take" : "index_take";
  if (!a || !ix) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "%s: an operand is NULL", name);
  if (!jaxc__check_mode(mode, sem) || !jaxc__index_dtype_ok(ix)) return NULL;
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
  jaxc__sel s;
  if (!jaxc__select_take(src, ax, ix, mode, sem, &s)) return NULL;
  return jaxc__gather(src, &s, fill);
}
JAXC_API jaxc_array *jaxc_take(const jaxc_array *a, const jaxc_array *indices, int axis, jaxc_index_mode mode,
                               const jaxc_array *fill_value) {
  return jaxc__take_impl(a, indices, axis, mode, fill_value, JAXC__IX_TAKE);
}
JAXC_API jaxc_array *jaxc_index_take(const jaxc_array *a, const jaxc_array *indices, int axis, jaxc_index_mode mode,
                                     const jaxc_array *fill_value) {
  return jaxc__take_impl(a, indices, axis, mode, fill_value, JAXC__IX_GET);
}
JAXC_API jaxc_array *jaxc_slice(const jaxc_array *a, int nspec, const jaxc_slice_spec *spec) {
  if (!a) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "slice: the array is NULL");
  jaxc__sel s;
  if (!jaxc__select_slices(a, nspec, spec, JAXC_MODE_DEFAULT, JAXC__IX_GET, &s)) return NULL;
  return jaxc__gather(a, &s, NULL);
}

/* --- scatter ---------------------------------------------------------------------------------- */
/* updates broadcast (one way) to the indexed shape and cast to dt, into a new contiguous array. */
static jaxc_array *jaxc__broadcast_cast(const jaxc_array *u, jaxc_dtype dt, int nd, const int64_t *shape) {
  bool ok = u->ndim <= nd;
  for (int i = 0; ok && i < u->ndim; i++) {
    int64_t d = u->shape[u->ndim - 1 - i];
    ok = d == 1 || d == shape[nd - 1 - i];
  }
  if (!ok) {
    char s0[160], s1[160];
    jaxc_array tmp;
    jaxc__format_shape(s0, sizeof s0, u);
    tmp.ndim = nd;
    for (int i = 0; i < nd; i++) tmp.shape[i] = shape[i];
    jaxc__format_shape(s1, sizeof s1, &tmp);
    return (jaxc_array *)jaxc__fail(JAXC_ERR_SHAPE, "Incompatible shapes for broadcasting: %s and requested shape %s", s0, s1);
  }
  jaxc_array *out = jaxc__new_array(dt, false, nd, shape);
  if (!out) return NULL;
  jaxc__job job;
  job.k = 1;
  job.src[0] = (const char *)u->data;
  job.from[0] = u->dtype;
  job.to[0] = dt;
  job.out = (char *)out->data;
  job.out_size = jaxc_dtype_size(dt);
  job.chunk = jaxc__chunk_copy;
  job.bin = NULL;
  job.un = NULL;
  jaxc__bcast_plan(&job.bc, 1, &u, nd, shape);
  jaxc__run(&job);
  return out;
}

/* x (cast to the promoted dtype) combined with u at the selection, back in a's dtype. */
static jaxc_array *jaxc__scatter(jaxc_op op, const jaxc_array *a, jaxc__sel *s, const jaxc_array *u) {
  jaxc_array *res = NULL, *work = NULL, *ub = NULL;
  bool x64 = jaxc_x64();
  jaxc_dtype node = jaxc_result_node(jaxc_promotion(), x64, jaxc__node_of(a), jaxc__node_of(u));
  if (node == JAXC_DTYPE_INVALID) { jaxc__fail_strict(a->dtype, u->dtype); goto done; }
  jaxc_dtype pd = jaxc_storage_dtype(node, x64);
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
  jaxc__ok();
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

#endif
