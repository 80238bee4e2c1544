/* test_overlap — outputs that share memory with their inputs. jaxc_array_wrap makes views of
   caller memory, so an _into op's output can overlap its inputs: the result must be the one the
   op gives on separate copies (NumPy's rule for out=), whether out is the input itself (computed
   in place), starts a few bytes before or after it, covers it with wider elements, or covers a
   broadcast operand; for every size from one element to the parallel loops. Also:
   jaxc_array_copy_to into memory that overlaps the array, the output's weak flag left alone by a
   failing op, and jaxc_random_permutation_into refusing scratch that overlaps its output. */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"
#include <stdlib.h>
#include <string.h>

typedef enum { UNARY, BINARY, ASTYPE, WHERE } kind;
/* One op: a of dtype da; for BINARY and WHERE b of dtype db, either of a's shape or a row (the
   last axis alone, broadcast over the rows); the output of dtype dout. WHERE: where(cond, a, b),
   cond a bool array of a's shape (random, made anew for each check). */
typedef struct {
  const char *name;
  kind k;
  jaxc_op op;
  jaxc_dtype da, db, dout;
  bool b_row;
} op_case;

static const op_case cases[] = {
    {"negative f32", UNARY, JAXC_OP_NEGATIVE, JAXC_F32, JAXC_F32, JAXC_F32, false},
    {"sqrt f16", UNARY, JAXC_OP_SQRT, JAXC_F16, JAXC_F16, JAXC_F16, false},
    {"exp f32", UNARY, JAXC_OP_EXP, JAXC_F32, JAXC_F32, JAXC_F32, false},
    {"sin f64", UNARY, JAXC_OP_SIN, JAXC_F64, JAXC_F64, JAXC_F64, false}, /* (huge x: the far path) */
    {"astype i8->f32", ASTYPE, JAXC_OP_ADD, JAXC_I8, JAXC_I8, JAXC_F32, false},
    {"astype f32->i8", ASTYPE, JAXC_OP_ADD, JAXC_F32, JAXC_F32, JAXC_I8, false},
    {"astype i32->f32", ASTYPE, JAXC_OP_ADD, JAXC_I32, JAXC_I32, JAXC_F32, false},
    {"astype bf16->c64", ASTYPE, JAXC_OP_ADD, JAXC_BF16, JAXC_BF16, JAXC_C64, false},
    {"add f32+f32", BINARY, JAXC_OP_ADD, JAXC_F32, JAXC_F32, JAXC_F32, false},
    {"multiply f16*f32", BINARY, JAXC_OP_MULTIPLY, JAXC_F16, JAXC_F32, JAXC_F32, false},
    {"subtract u8-i8", BINARY, JAXC_OP_SUBTRACT, JAXC_U8, JAXC_I8, JAXC_I16, false},
    {"less i32<i32", BINARY, JAXC_OP_LESS, JAXC_I32, JAXC_I32, JAXC_BOOL, false},
    {"add row-broadcast f32", BINARY, JAXC_OP_ADD, JAXC_F32, JAXC_F32, JAXC_F32, true},
    {"arctan2 row-broadcast f64", BINARY, JAXC_OP_ARCTAN2, JAXC_F64, JAXC_F64, JAXC_F64, true},
    {"where f32,f32", WHERE, JAXC_OP_ADD, JAXC_F32, JAXC_F32, JAXC_F32, false},
    {"where i8,f16", WHERE, JAXC_OP_ADD, JAXC_I8, JAXC_F16, JAXC_F16, false},
    {"where row-broadcast c64,f64", WHERE, JAXC_OP_ADD, JAXC_C64, JAXC_F64, JAXC_C128, true},
};
static jaxc_array *where_cond; /* WHERE's condition in the current check */

/* Where the output starts, in bytes from where the input it overlaps starts: multiples of the
   widest element, so that every view stays aligned. */
static int64_t offsets(int64_t in_bytes, int64_t unit, int64_t *off) {
  int m = 0;
  for (int64_t d = -3; d <= 3; d++) off[m++] = d * unit;
  off[m++] = (in_bytes / 2 / unit) * unit;
  off[m++] = -(in_bytes / 2 / unit) * unit;
  off[m++] = (in_bytes - 1) / unit * unit; /* the last element's start, or the unit below it */
  off[m++] = -((in_bytes - 1) / unit * unit);
  int u = 0; /* without repeats (small inputs) */
  for (int i = 0; i < m; i++) {
    bool seen = false;
    for (int j = 0; j < u; j++) seen |= off[j] == off[i];
    if (!seen) off[u++] = off[i];
  }
  return u;
}

static jaxc_array *run(const op_case *c, const jaxc_array *a, const jaxc_array *b, jaxc_array *into) {
  switch (c->k) {
  case UNARY: return into ? jaxc_unary_into(c->op, a, into) : jaxc_unary(c->op, a);
  case BINARY: return into ? jaxc_binary_into(c->op, a, b, into) : jaxc_binary(c->op, a, b);
  case WHERE: return into ? jaxc_where_into(where_cond, a, b, into) : jaxc_where(where_cond, a, b);
  default: return into ? jaxc_astype_into(a, into) : jaxc_astype(a, c->dout);
  }
}

/* Fills n bytes with random bits; float patterns include NaNs, infinities and subnormals, which
   both paths see alike. */
static void fill(unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i += 8) {
    uint64_t r = next_u64();
    memcpy(p + i, &r, n - i < 8 ? n - i : 8);
  }
}

/* Case c on a (rows, cols) operand a; the output overlaps operand `which` (0: a, 1: b) at byte
   offset off from it. The expected result comes from copies taken before the op. */
static void check_overlap(const op_case *c, int64_t rows, int64_t cols, int which, int64_t off, unsigned char *buf,
                          size_t buf_bytes) {
  size_t ea = jaxc_dtype_size(c->da), eb = jaxc_dtype_size(c->db), eo = jaxc_dtype_size(c->dout);
  int64_t n = rows * cols, nb = c->b_row ? cols : n;
  int64_t shape[2] = {rows, cols};
  /* a in the middle, b after it (both 64-byte aligned), the output at off from one of them */
  size_t pa = ((buf_bytes - (size_t)n * (ea + eb)) / 2) & ~(size_t)63, pb = (pa + (size_t)n * ea + 63) & ~(size_t)63;
  size_t pin = which ? pb : pa;
  if ((int64_t)pin + off < 0 || (size_t)((int64_t)pin + off) + (size_t)n * eo > buf_bytes) return;
  size_t po = (size_t)((int64_t)pin + off);
  fill(buf + pa, (size_t)n * ea);
  fill(buf + pb, (size_t)nb * eb);
  jaxc_array *ca = jaxc_array_from_data(c->da, 2, shape, buf + pa);
  bool two = c->k == BINARY || c->k == WHERE;
  bool *cond = malloc((size_t)n);
  for (int64_t i = 0; cond && i < n; i++) cond[i] = next_u64() & 1;
  where_cond = cond ? jaxc_array_from_data(JAXC_BOOL, 2, shape, cond) : NULL;
  free(cond);
  jaxc_array *cb = two ? jaxc_array_from_data(c->db, c->b_row ? 1 : 2, c->b_row ? shape + 1 : shape, buf + pb) : NULL;
  jaxc_array *want = run(c, ca, cb, NULL);
  jaxc_array sa, sb, so;
  jaxc_array *va = jaxc_array_wrap(&sa, c->da, 2, shape, buf + pa);
  jaxc_array *vb = two ? jaxc_array_wrap(&sb, c->db, c->b_row ? 1 : 2, c->b_row ? shape + 1 : shape, buf + pb) : NULL;
  jaxc_array *vo = jaxc_array_wrap(&so, c->dout, 2, shape, buf + po);
  CHECK(va && vo && (vb || !two) && where_cond);
  jaxc_array *got = va && vo && (vb || !two) && where_cond ? run(c, va, vb, vo) : NULL;
  bool ok = want && got == vo && jaxc_last_status() == JAXC_OK &&
            !memcmp(buf + po, jaxc_array_data(want), (size_t)n * eo) && jaxc_array_is_weak(got) == jaxc_array_is_weak(want);
  CHECK_MSG(ok, "%s, %lld x %lld, output at %+lld bytes from %s: %s", c->name, (long long)rows, (long long)cols,
            (long long)off, which ? "b" : "a", got ? "values differ" : jaxc_last_error());
  jaxc_array_free(ca), jaxc_array_free(cb), jaxc_array_free(want), jaxc_array_free(where_cond);
}

static void test_ops_overlap(void) {
  /* (rows, cols): one element, ragged vector tails, a few rows, and 4 MiB+ (threads) */
  static const int64_t sizes[][2] = {{1, 1}, {1, 5}, {3, 21}, {7, 143}, {5, 209716}};
  size_t buf_bytes = ((size_t)5 * 209716) * 16 * 3 + 4096;
  unsigned char *buf = aligned_alloc(64, buf_bytes);
  CHECK(buf != NULL);
  if (!buf) return;
  long runs = 0;
  for (size_t ci = 0; ci < sizeof cases / sizeof *cases; ci++) {
    const op_case *c = &cases[ci];
    int64_t unit = (int64_t)jaxc_dtype_size(c->dout);
    if ((int64_t)jaxc_dtype_size(c->da) > unit) unit = (int64_t)jaxc_dtype_size(c->da);
    if ((c->k == BINARY || c->k == WHERE) && (int64_t)jaxc_dtype_size(c->db) > unit) unit = (int64_t)jaxc_dtype_size(c->db);
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
      int64_t rows = sizes[si][0], cols = sizes[si][1];
      for (int which = 0; which < (c->k == BINARY || c->k == WHERE ? 2 : 1); which++) {
        size_t in_e = jaxc_dtype_size(which ? c->db : c->da);
        int64_t in_bytes = (int64_t)in_e * (which && c->b_row ? cols : rows * cols);
        int64_t off[16];
        int m = (int)offsets(in_bytes, unit, off);
        for (int j = 0; j < m; j++, runs++) check_overlap(c, rows, cols, which, off[j], buf, buf_bytes);
      }
    }
  }
  printf("  %ld overlapping _into calls\n", runs);
  free(buf);
}

/* The typed kernels in place: out = a (or b) gives what a separate out gets, for split ops too,
   whose far path reads the input again (float64 sin of huge x, arctan2, logaddexp); n from a
   tail to the threaded blocks. */
static void test_kernels_in_place(void) {
  static const size_t ns[] = {3, 1000, ((size_t)1 << 19) + 3};
  for (size_t k = 0; k < sizeof ns / sizeof *ns; k++) {
    size_t n = ns[k];
    double *a = malloc(n * 8), *b = malloc(n * 8), *want = malloc(n * 8), *x = malloc(n * 8);
    float *af = malloc(n * 4), *bf = malloc(n * 4), *wantf = malloc(n * 4), *xf = malloc(n * 4);
    CHECK(a && b && want && x && af && bf && wantf && xf);
    if (a && b && want && x && af && bf && wantf && xf) {
      fill((unsigned char *)a, n * 8), fill((unsigned char *)b, n * 8);
      fill((unsigned char *)af, n * 4), fill((unsigned char *)bf, n * 4);
      jaxc_kernel_sin_f64(n, a, want);
      memcpy(x, a, n * 8), jaxc_kernel_sin_f64(n, x, x);
      CHECK_MSG(!memcmp(x, want, n * 8), "sin_f64 in place, n = %zu", n);
      jaxc_kernel_arctan2_f64_f64(n, a, b, want);
      memcpy(x, a, n * 8), jaxc_kernel_arctan2_f64_f64(n, x, b, x);
      CHECK_MSG(!memcmp(x, want, n * 8), "arctan2_f64_f64 into a, n = %zu", n);
      memcpy(x, b, n * 8), jaxc_kernel_arctan2_f64_f64(n, a, x, x);
      CHECK_MSG(!memcmp(x, want, n * 8), "arctan2_f64_f64 into b, n = %zu", n);
      jaxc_kernel_logaddexp_f32_f32(n, af, bf, wantf);
      memcpy(xf, bf, n * 4), jaxc_kernel_logaddexp_f32_f32(n, af, xf, xf);
      CHECK_MSG(!memcmp(xf, wantf, n * 4), "logaddexp_f32_f32 into b, n = %zu", n);
      jaxc_kernel_tan_f32(n, af, wantf);
      memcpy(xf, af, n * 4), jaxc_kernel_tan_f32(n, xf, xf);
      CHECK_MSG(!memcmp(xf, wantf, n * 4), "tan_f32 in place, n = %zu", n);
    }
    free(a), free(b), free(want), free(x), free(af), free(bf), free(wantf), free(xf);
  }
}

/* A failing op leaves the output as it was, weak flag too; a passing one makes it weak where
   the result is. */
static void test_failed_weak(void) {
  float v = 7.0f;
  jaxc_array so;
  jaxc_array *out = jaxc_array_wrap(&so, JAXC_F32, 0, NULL, &v);
  jaxc_array *inf = jaxc_weak_float((double)INFINITY);
  jaxc_set_debug_nans(true);
  CHECK(jaxc_binary_into(JAXC_OP_SUBTRACT, inf, inf, out) == NULL);
  CHECK_EQ_INT(jaxc_last_status(), JAXC_ERR_NAN);
  CHECK(!jaxc_array_is_weak(out));
  CHECK(v == 7.0f);
  jaxc_set_debug_nans(false);
  CHECK(jaxc_binary_into(JAXC_OP_ADD, inf, inf, out) == out);
  CHECK(jaxc_array_is_weak(out));
  CHECK(v == INFINITY);
  jaxc_array_free(inf);
}

/* copy_to into memory that overlaps the array's own: as memmove (memcpy there is undefined, and
   ASan reports it). */
static void test_copy_to_overlap(void) {
  int32_t buf[64], want[64];
  for (int shift = -5; shift <= 5; shift++) {
    for (int i = 0; i < 64; i++) buf[i] = i * 7 - 100;
    memcpy(want, buf, sizeof want);
    int64_t n = 40;
    jaxc_array s;
    jaxc_array *a = jaxc_array_wrap(&s, JAXC_I32, 1, &n, buf + 10);
    memmove(want + 10 + shift, want + 10, 40 * sizeof(int32_t));
    CHECK_EQ_INT(jaxc_array_copy_to(a, buf + 10 + shift, 40 * sizeof(int32_t)), JAXC_OK);
    CHECK_MSG(!memcmp(buf, want, sizeof buf), "copy_to shifted by %d elements", shift);
  }
}

/* permutation's scratch must not overlap its output: refused, output untouched */
static void test_permutation_scratch(void) {
  int64_t n = 100;
  size_t sb = jaxc_random_permutation_scratch_bytes(n);
  uint32_t *mem = malloc(sb + 400 + 64);
  int32_t good[100];
  CHECK(mem != NULL);
  if (!mem) return;
  jaxc_key k = jaxc_random_key(3);
  CHECK_EQ_INT(jaxc_random_permutation_into(k, n, good, mem), JAXC_OK);
  /* out inside scratch, scratch inside out's tail, out just before and just after scratch */
  struct { size_t out_at, scr_at; bool clash; } t[] = {
      {0, 0, true}, {sb / 2, 0, true}, {0, 396, true}, {0, 400, false}, {sb, 0, false}, {sb - 4, 0, true}};
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    memset(mem, 0xAB, sb + 400 + 64);
    char *base = (char *)mem;
    int s = jaxc_random_permutation_into(k, n, base + t[i].out_at, base + t[i].scr_at);
    CHECK_MSG(s == (t[i].clash ? JAXC_ERR_ARG : JAXC_OK), "permutation out at %zu, scratch at %zu: status %d", t[i].out_at,
              t[i].scr_at, s);
    if (t[i].clash) {
      CHECK(!strcmp(jaxc_last_error(), "permutation: out and scratch overlap"));
      CHECK(base[t[i].out_at] == (char)0xAB);
    } else {
      CHECK(!memcmp(base + t[i].out_at, good, sizeof good));
    }
  }
  free(mem);
}

int main(void) {
  jaxc_set_x64(true); /* (float64 cases) */
  test_ops_overlap();
  test_kernels_in_place();
  jaxc_set_x64(false);
  test_failed_weak();
  test_copy_to_overlap();
  test_permutation_scratch();
  return check_summary("test_overlap");
}
