/* parts/ops.h — spliced into jaxc.h: elementwise ops, astype, where, the _Generic front. */
#ifndef JAXC__PART_IMPL

JAXC_API jaxc_array *jaxc_binary(jaxc_op op, const jaxc_array *a, const jaxc_array *b);
JAXC_API jaxc_array *jaxc_unary(jaxc_op op, const jaxc_array *a);
JAXC_API jaxc_array *jaxc_where(const jaxc_array *cond, const jaxc_array *x, const jaxc_array *y);
JAXC_API jaxc_array *jaxc_astype(const jaxc_array *a, jaxc_dtype dtype);
/* The same, writing into an existing array `out` of the right dtype and shape (buffer reuse:
   no allocation, no first-touch page faults). Returns out, or NULL with a status. */
JAXC_API jaxc_array *jaxc_binary_into(jaxc_op op, const jaxc_array *a, const jaxc_array *b, jaxc_array *out);
JAXC_API jaxc_array *jaxc_unary_into(jaxc_op op, const jaxc_array *a, jaxc_array *out);
JAXC_API jaxc_array *jaxc_astype_into(const jaxc_array *a, jaxc_array *out);
/* The dtype and weak flag jaxc_binary/jaxc_unary would give (JAXC_DTYPE_INVALID + status on
   error), without computing anything. */
JAXC_API jaxc_dtype jaxc_binary_result(jaxc_op op, const jaxc_array *a, const jaxc_array *b, bool *weak);
JAXC_API jaxc_dtype jaxc_unary_result(jaxc_op op, const jaxc_array *a, bool *weak);

/* Named functions, one per op of JAXC_OPS: jaxc_add(a, b), jaxc_sqrt(a), ... on arrays.
   (The binary names are also macros accepting C scalars; see the _Generic front below.) */
#define JAXC__DECL_NAMED_BIN(OP, name) JAXC_API jaxc_array *jaxc_##name(const jaxc_array *a, const jaxc_array *b);
#define JAXC__DECL_NAMED_UN(OP, name) JAXC_API jaxc_array *jaxc_##name(const jaxc_array *a);
#define JAXC__DECL_NAMED_RED(OP, name)
#define JAXC__DECL_NAMED_UPD(OP, name)
#define JAXC__DECL_NAMED(OP, name, ar, rule, grp, out, lax) JAXC__DECL_NAMED_##ar(OP, name)
JAXC_OPS(JAXC__DECL_NAMED)

/* --- the _Generic front: C scalars are weak, like Python scalars in JAX -----------------------
   jaxc_add(x, 2) adds a weak int, jaxc_multiply(2.5, x) a weak float, jaxc_add(x, 1.0*I) a weak
   complex; a C bool is a (strong) bool, as a Python bool is in JAX. An integer that does not
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
#  define JAXC__GENERIC_BIN(OP, name) \
     JAXC__GENERIC_BIN_(OP, name)
#  define JAXC__GENERIC_BIN_(OP, name)
/* One macro per binary op, generated below by hand-free means is impossible (a macro cannot
   #define), so the list of binary names is spelled once here and checked against JAXC_OPS. */
#  define jaxc_add(a, b) jaxc_binary_operands(JAXC_OP_ADD, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_subtract(a, b) jaxc_binary_operands(JAXC_OP_SUBTRACT, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_multiply(a, b) jaxc_binary_operands(JAXC_OP_MULTIPLY, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_true_divide(a, b) jaxc_binary_operands(JAXC_OP_TRUE_DIVIDE, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_floor_divide(a, b) jaxc_binary_operands(JAXC_OP_FLOOR_DIVIDE, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_remainder(a, b) jaxc_binary_operands(JAXC_OP_REMAINDER, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_power(a, b) jaxc_binary_operands(JAXC_OP_POWER, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_maximum(a, b) jaxc_binary_operands(JAXC_OP_MAXIMUM, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_minimum(a, b) jaxc_binary_operands(JAXC_OP_MINIMUM, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_fmax(a, b) jaxc_binary_operands(JAXC_OP_FMAX, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_fmin(a, b) jaxc_binary_operands(JAXC_OP_FMIN, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_equal(a, b) jaxc_binary_operands(JAXC_OP_EQUAL, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_not_equal(a, b) jaxc_binary_operands(JAXC_OP_NOT_EQUAL, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_less(a, b) jaxc_binary_operands(JAXC_OP_LESS, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_less_equal(a, b) jaxc_binary_operands(JAXC_OP_LESS_EQUAL, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_greater(a, b) jaxc_binary_operands(JAXC_OP_GREATER, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_greater_equal(a, b) jaxc_binary_operands(JAXC_OP_GREATER_EQUAL, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_logical_and(a, b) jaxc_binary_operands(JAXC_OP_LOGICAL_AND, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_logical_or(a, b) jaxc_binary_operands(JAXC_OP_LOGICAL_OR, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_logical_xor(a, b) jaxc_binary_operands(JAXC_OP_LOGICAL_XOR, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_bitwise_and(a, b) jaxc_binary_operands(JAXC_OP_BITWISE_AND, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_bitwise_or(a, b) jaxc_binary_operands(JAXC_OP_BITWISE_OR, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_bitwise_xor(a, b) jaxc_binary_operands(JAXC_OP_BITWISE_XOR, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_left_shift(a, b) jaxc_binary_operands(JAXC_OP_LEFT_SHIFT, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_right_shift(a, b) jaxc_binary_operands(JAXC_OP_RIGHT_SHIFT, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_arctan2(a, b) jaxc_binary_operands(JAXC_OP_ARCTAN2, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_hypot(a, b) jaxc_binary_operands(JAXC_OP_HYPOT, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_copysign(a, b) jaxc_binary_operands(JAXC_OP_COPYSIGN, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_nextafter(a, b) jaxc_binary_operands(JAXC_OP_NEXTAFTER, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_logaddexp(a, b) jaxc_binary_operands(JAXC_OP_LOGADDEXP, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define jaxc_fmod(a, b) jaxc_binary_operands(JAXC_OP_FMOD, JAXC_OPERAND(a), JAXC_OPERAND(b))
#  define JAXC__NUM_GENERIC_BIN 31
#endif

#else /* JAXC__PART_IMPL ========================================================================= */

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

/* Apply an op's result rule to a joined node. */
static jaxc_dtype jaxc__apply_rule(jaxc_result_rule rule, jaxc_dtype node) {
  int kind = jaxc_dtype_kind(node);
  bool integral = kind == JAXC_KIND_BOOL || kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT;
  switch (rule) {
  case JAXC_RULE_NUMERIC: return node == JAXC_BOOL ? JAXC_I64 : node;
  case JAXC_RULE_INEXACT:
  case JAXC_RULE_RINT: return integral ? (jaxc_dtype_is_weak(node) ? JAXC_WEAK_FLOAT : JAXC_F64) : node;
  default: return node;
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
/* The error for an op given a dtype it does not accept, in JAX's words. */
static void *jaxc__fail_dtype(jaxc_op op, jaxc_dtype d) {
  if (jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX)
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

/* What a binary op computes in and returns. */
typedef struct jaxc__plan {
  jaxc_dtype in_a, in_b;  /* dtypes the inputs are converted to before the kernel */
  jaxc_dtype compute;     /* the kernel's dtype */
  jaxc_dtype out;         /* the result's storage dtype */
  bool weak;
} jaxc__plan;

static jaxc_dtype jaxc__real_of(jaxc_dtype d) {
  return d == JAXC_C64 ? JAXC_F32 : d == JAXC_C128 ? JAXC_F64 : d;
}
static jaxc_dtype jaxc__kernel_out(jaxc_op op, jaxc_dtype compute) {
  switch ((jaxc_result_rule)jaxc__op_rule[op]) {
  case JAXC_RULE_CMP: case JAXC_RULE_LOGICAL: return JAXC_BOOL;
  case JAXC_RULE_REAL: return jaxc__real_of(compute);
  default: return compute;
  }
}

static bool jaxc__plan_binary(jaxc_op op, const jaxc_array *a, const jaxc_array *b, jaxc__plan *p) {
  if (!jaxc__op_is(op, JAXC_ARITY_BIN))
    return jaxc__fail(JAXC_ERR_ARG, "op %d (%s) is not a binary op", (int)op, jaxc_op_name(op)), false;
  if (!a || !b) return jaxc__fail(JAXC_ERR_ARG, "%s: an operand is NULL", jaxc_op_name(op)), false;
  bool x64 = jaxc_x64();
  jaxc_result_rule rule = (jaxc_result_rule)jaxc__op_rule[op];
  if (rule == JAXC_RULE_LOGICAL) { /* each operand is tested != 0 on its own: no promotion */
    p->in_a = p->in_b = p->compute = p->out = JAXC_BOOL;
    p->weak = false;
    return true;
  }
  jaxc_dtype node = jaxc_result_node(jaxc_promotion(), x64, jaxc__node_of(a), jaxc__node_of(b));
  if (node == JAXC_DTYPE_INVALID) return jaxc__fail_strict(a->dtype, b->dtype), false;
  node = jaxc__apply_rule(rule, node);
  p->compute = jaxc_storage_dtype(node, x64);
  if (!jaxc__bin_table[op][p->compute][0]) return jaxc__fail_dtype(op, p->compute), false;
  p->in_a = p->in_b = p->compute;
  p->out = jaxc__kernel_out(op, p->compute);
  p->weak = p->out == p->compute ? jaxc_dtype_is_weak(node) : false;
  return true;
}

static bool jaxc__plan_unary(jaxc_op op, const jaxc_array *a, jaxc__plan *p) {
  if (!jaxc__op_is(op, JAXC_ARITY_UN))
    return jaxc__fail(JAXC_ERR_ARG, "op %d (%s) is not a unary op", (int)op, jaxc_op_name(op)), false;
  if (!a) return jaxc__fail(JAXC_ERR_ARG, "%s: the operand is NULL", jaxc_op_name(op)), false;
  jaxc_result_rule rule = (jaxc_result_rule)jaxc__op_rule[op];
  jaxc_dtype node = rule == JAXC_RULE_LOGICAL ? JAXC_BOOL : jaxc__apply_rule(rule, jaxc__node_of(a));
  p->compute = jaxc_storage_dtype(node, jaxc_x64());
  if (!jaxc__un_table[op][p->compute]) return jaxc__fail_dtype(op, p->compute), false;
  p->in_a = p->in_b = p->compute;
  p->out = jaxc__kernel_out(op, p->compute);
  p->weak = (p->out != JAXC_BOOL) && a->weak;
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

static void jaxc__format_shape(char *buf, size_t n, const jaxc_array *a) {
  size_t at = 0;
  at += (size_t)snprintf(buf + at, n - at, "(");
  for (int i = 0; i < a->ndim && at < n; i++)
    at += (size_t)snprintf(buf + at, n - at, a->ndim == 1 ? "%lld," : i ? ", %lld" : "%lld", (long long)a->shape[i]);
  if (at < n) snprintf(buf + at, n - at, ")");
}

/* NumPy broadcasting of k arrays into out_shape; false + JAX's message when incompatible. */
static bool jaxc__broadcast_shapes(const char *opname, int k, const jaxc_array *const *in, int *out_ndim, int64_t *out_shape) {
  int nd = 0;
  for (int j = 0; j < k; j++) nd = in[j]->ndim > nd ? in[j]->ndim : nd;
  for (int i = 0; i < nd; i++) {
    int64_t d = 1;
    for (int j = 0; j < k; j++) {
      int off = nd - in[j]->ndim;
      int64_t s = i < off ? 1 : in[j]->shape[i - off];
      if (s == d || s == 1) continue;
      if (d != 1) {
        char s0[160], s1[160], s2[160] = "";
        jaxc__format_shape(s0, sizeof s0, in[0]);
        jaxc__format_shape(s1, sizeof s1, in[1]);
        if (k > 2) { s2[0] = ','; s2[1] = ' '; jaxc__format_shape(s2 + 2, sizeof s2 - 2, in[2]); }
        jaxc__fail(JAXC_ERR_SHAPE, "%s got incompatible shapes for broadcasting: %s, %s%s.", opname, s0, s1, k > 2 ? s2 : "");
        return false;
      }
      d = s;
    }
    out_shape[i] = d;
  }
  *out_ndim = nd;
  return true;
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
} jaxc__job;

static void jaxc__run_chunk(const jaxc__job *job, int64_t item, int64_t chunks_per_row) {
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

static void jaxc__run(jaxc__job *job) {
  if (job->bc.total == 0) return;
  int64_t cpr = (job->bc.row_len + JAXC__CHUNK - 1) / JAXC__CHUNK;
  int64_t items = job->bc.rows * cpr;
  size_t traffic = (size_t)job->bc.total * job->out_size;
  job->stream = traffic > JAXC_STREAM_BYTES;
  for (int j = 0; j < job->k; j++) traffic += (size_t)job->bc.total * jaxc_dtype_size(job->from[j]);
#if JAXC__HAS_OPENMP
  if (traffic > JAXC_PAR_BYTES && items > 1) {
#  pragma omp parallel for schedule(static)
    for (int64_t it = 0; it < items; it++) jaxc__run_chunk(job, it, cpr);
    return;
  }
#endif
  (void)traffic;
  for (int64_t it = 0; it < items; it++) jaxc__run_chunk(job, it, cpr);
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
static void jaxc__chunk_where(const jaxc__job *job, size_t n, const void *const *in, unsigned mask, void *out) {
  size_t es = job->out_size;
  const bool *c = (const bool *)in[0];
  const char *x = (const char *)in[1], *y = (const char *)in[2];
  size_t sc = (mask & 1u) ? 0 : 1, sx = (mask & 2u) ? 0 : es, sy = (mask & 4u) ? 0 : es;
  for (size_t i = 0; i < n; i++) memcpy((char *)out + i * es, c[i * sc] ? x + i * sx : y + i * sy, es);
}

/* --- debug_nans / debug_infs ----------------------------------------------------------------- */
static bool jaxc__has_nonfinite(const jaxc_array *a, bool want_nan) {
  int kind = jaxc_dtype_kind(a->dtype);
  if (kind != JAXC_KIND_FLOAT && kind != JAXC_KIND_COMPLEX) return false;
  size_t n = (size_t)a->size * (kind == JAXC_KIND_COMPLEX ? 2 : 1);
  jaxc_dtype real = jaxc__real_of(a->dtype);
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
/* JAX's FloatingPointError when an op turns NaN-free (finite) inputs into NaN (inf). */
static bool jaxc__debug_check(jaxc_op op, const jaxc_array *out, const jaxc_array *a, const jaxc_array *b) {
  bool nans = jaxc_debug_nans(), infs = jaxc_debug_infs();
  if (!nans && !infs) return true;
  for (int pass = 0; pass < 2; pass++) {
    bool want_nan = pass == 0;
    if (!(want_nan ? nans : infs) || !jaxc__has_nonfinite(out, want_nan)) continue;
    bool in_nan = jaxc__has_nonfinite(a, true) || (b && jaxc__has_nonfinite(b, true));
    bool in_inf = jaxc__has_nonfinite(a, false) || (b && jaxc__has_nonfinite(b, false));
    if (want_nan ? in_nan : (in_inf || in_nan)) continue;
    jaxc__fail(JAXC_ERR_NAN, "invalid value (%s) encountered in %s", want_nan ? "nan" : "inf", jaxc__op_lax[op]);
    return false;
  }
  return true;
}

/* --- ops -------------------------------------------------------------------------------------- */
static bool jaxc__out_ok(jaxc_array *out, jaxc_dtype dt, bool weak, int nd, const int64_t *shape) {
  if (!out) return jaxc__fail(JAXC_ERR_ARG, "output array is NULL"), false;
  if (out->dtype != dt) {
    jaxc__fail(JAXC_ERR_DTYPE, "output array has dtype %s, the result is %s", jaxc_dtype_name(out->dtype), jaxc_dtype_name(dt));
    return false;
  }
  if (out->ndim != nd) return jaxc__fail(JAXC_ERR_SHAPE, "output array has rank %d, the result %d", out->ndim, nd), false;
  for (int i = 0; i < nd; i++)
    if (out->shape[i] != shape[i]) return jaxc__fail(JAXC_ERR_SHAPE, "output array shape differs from the result's"), false;
  out->weak = weak;
  return true;
}

static bool jaxc__negative_power(const jaxc_array *b, jaxc_dtype compute) {
  int kind = jaxc_dtype_kind(compute);
  if (kind != JAXC_KIND_INT) return false;
  for (int64_t i = 0; i < b->size; i++) {
    int64_t v = 0;
    jaxc_kernel_cast_dyn(b->dtype, JAXC_I64, 1, (const char *)b->data + (size_t)i * jaxc_dtype_size(b->dtype), &v);
    if (v < 0) return true;
  }
  return false;
}

/* jnp.fmod swaps a zero divisor for 1 only when the inputs' result type is an integer; two
   bools skip that and go to lax.rem on the default int, where x % 0 == x: so a && !b. */
static jaxc_array *jaxc__fmod_bools(const jaxc_array *a, const jaxc_array *b, jaxc_array *into) {
  jaxc_array *nb = jaxc_unary(JAXC_OP_LOGICAL_NOT, b);
  jaxc_array *t = nb ? jaxc_binary(JAXC_OP_LOGICAL_AND, a, nb) : NULL;
  jaxc_array *r = !t ? NULL : into ? jaxc_astype_into(t, into) : jaxc_astype(t, JAXC_I64);
  jaxc_array_free(nb);
  jaxc_array_free(t);
  return r;
}

static jaxc_array *jaxc__binary_impl(jaxc_op op, const jaxc_array *a, const jaxc_array *b, jaxc_array *into) {
  jaxc__plan p;
  if (op == JAXC_OP_FMOD && a && b && a->dtype == JAXC_BOOL && b->dtype == JAXC_BOOL) return jaxc__fmod_bools(a, b, into);
  if (!jaxc__plan_binary(op, a, b, &p)) return NULL;
  const jaxc_array *in[2] = {a, b};
  int nd;
  int64_t shape[JAXC_MAX_NDIM];
  if (!jaxc__broadcast_shapes(jaxc_op_name(op), 2, in, &nd, shape)) return NULL;
  if (op == JAXC_OP_POWER && jaxc__negative_power(b, p.compute))
    return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "Integers to negative integer powers are not allowed.");
  jaxc_array *out = into;
  if (into) { if (!jaxc__out_ok(into, p.out, p.weak, nd, shape)) return NULL; }
  else if (!(out = jaxc__new_array(p.out, p.weak, nd, shape))) return NULL;
  jaxc__job job;
  job.k = 2;
  job.src[0] = (const char *)a->data; job.src[1] = (const char *)b->data;
  job.from[0] = a->dtype; job.from[1] = b->dtype;
  job.to[0] = p.in_a; job.to[1] = p.in_b;
  job.out = (char *)out->data;
  job.out_size = jaxc_dtype_size(p.out);
  job.chunk = jaxc__chunk_binary;
  job.bin = jaxc__bin_table[op][p.compute];
  job.un = NULL;
  jaxc__bcast_plan(&job.bc, 2, in, nd, shape);
  jaxc__run(&job);
  if (!jaxc__debug_check(op, out, a, b)) {
    if (!into) jaxc_array_free(out);
    return NULL;
  }
  jaxc__ok();
  return out;
}

static jaxc_array *jaxc__unary_impl(jaxc_op op, const jaxc_array *a, jaxc_array *into) {
  jaxc__plan p;
  if (!jaxc__plan_unary(op, a, &p)) return NULL;
  jaxc_array *out = into;
  if (into) { if (!jaxc__out_ok(into, p.out, p.weak, a->ndim, a->shape)) return NULL; }
  else if (!(out = jaxc__new_array(p.out, p.weak, a->ndim, a->shape))) return NULL;
  jaxc__job job;
  job.k = 1;
  job.src[0] = (const char *)a->data;
  job.from[0] = a->dtype;
  job.to[0] = p.in_a;
  job.out = (char *)out->data;
  job.out_size = jaxc_dtype_size(p.out);
  job.chunk = jaxc__chunk_unary;
  job.un = jaxc__un_table[op][p.compute];
  job.bin = NULL;
  jaxc__bcast_plan(&job.bc, 1, &a, a->ndim, a->shape);
  jaxc__run(&job);
  if (!jaxc__debug_check(op, out, a, NULL)) {
    if (!into) jaxc_array_free(out);
    return NULL;
  }
  jaxc__ok();
  return out;
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
  jaxc_array *out = into;
  if (into) { if (!jaxc__out_ok(into, to, false, a->ndim, a->shape)) return NULL; }
  else if (!(out = jaxc__new_array(to, false, a->ndim, a->shape))) return NULL;
  jaxc__job job;
  job.k = 1;
  job.src[0] = (const char *)a->data;
  job.from[0] = a->dtype;
  job.to[0] = to;
  job.out = (char *)out->data;
  job.out_size = jaxc_dtype_size(to);
  job.chunk = jaxc__chunk_copy;
  job.bin = NULL;
  job.un = NULL;
  jaxc__bcast_plan(&job.bc, 1, &a, a->ndim, a->shape);
  jaxc__run(&job);
  jaxc__ok();
  return out;
}
JAXC_API jaxc_array *jaxc_astype(const jaxc_array *a, jaxc_dtype dtype) { return jaxc__astype_impl(a, dtype, NULL); }
JAXC_API jaxc_array *jaxc_astype_into(const jaxc_array *a, jaxc_array *out) {
  if (!out) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "output array is NULL");
  return jaxc__astype_impl(a, out->dtype, out);
}

/* where(cond, x, y): cond tested != 0; x and y promoted like a binary op; all three broadcast. */
JAXC_API jaxc_array *jaxc_where(const jaxc_array *cond, const jaxc_array *x, const jaxc_array *y) {
  if (!cond || !x || !y) return (jaxc_array *)jaxc__fail(JAXC_ERR_ARG, "where: an operand is NULL");
  bool x64 = jaxc_x64();
  jaxc_dtype node = jaxc_result_node(jaxc_promotion(), x64, jaxc__node_of(x), jaxc__node_of(y));
  if (node == JAXC_DTYPE_INVALID) return (jaxc_array *)jaxc__fail_strict(x->dtype, y->dtype);
  jaxc_dtype dt = jaxc_storage_dtype(node, x64);
  const jaxc_array *in[3] = {cond, x, y};
  int nd;
  int64_t shape[JAXC_MAX_NDIM];
  if (!jaxc__broadcast_shapes("where", 3, in, &nd, shape)) return NULL;
  jaxc_array *out = jaxc__new_array(dt, jaxc_dtype_is_weak(node), nd, shape);
  if (!out) return NULL;
  jaxc__job job;
  job.k = 3;
  for (int j = 0; j < 3; j++) { job.src[j] = (const char *)in[j]->data; job.from[j] = in[j]->dtype; job.to[j] = j ? dt : JAXC_BOOL; }
  job.out = (char *)out->data;
  job.out_size = jaxc_dtype_size(dt);
  job.chunk = jaxc__chunk_where;
  job.bin = NULL;
  job.un = NULL;
  jaxc__bcast_plan(&job.bc, 3, in, nd, shape);
  jaxc__run(&job);
  jaxc__ok();
  return out;
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
  const jaxc_array *pa = a.array, *pb = b.array;
  if (a.kind && !jaxc__operand_array(&a, &sa, ba)) return NULL;
  if (b.kind && !jaxc__operand_array(&b, &sb, bb)) return NULL;
  if (a.kind) pa = &sa;
  if (b.kind) pb = &sb;
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

#endif
