/* test_einsum.c — jnp.einsum. References written here, not from the library:
     - a brute-force Einstein sum: each output element is the sum, over every value of the labels
       the output lacks, of the product of the operands' elements (an axis of size 1 broadcast),
       in exact integer (and complex integer) arithmetic. Random subscripts: 1-4 operands, ranks
       0-4, repeated labels, size-1 broadcasts, ellipses anywhere in a term, explicit and
       implicit outputs, every dtype, preferred None or a dtype. The values are small integers,
       so that every result is exact in its dtype: integers wrap mod 2^bits (each step is a ring
       homomorphism of the exact sum), bool is any(all), floats hold the exact sum (16-bit ones
       with |values| <= 1 and at most 256 terms);
     - the ellipsis and implicit-output rules as this file states them: the ellipsis spelled as
       letters, right-aligned across the operands; the implicit output the ellipsis then the
       labels seen once, sorted uppercase first;
     - the result dtype and weak flag folded pairwise from JAX's golden table, x64 on and off,
       standard and strict (preferred None);
     - the path: opt_einsum's searches written again in Python (tests/data/gen_einsum_paths.py,
       checked there against the paths opt_einsum's tests publish), run on CPython's own sets;
     - JAX's docstring examples as printed; what each step's dtype teaches, on values chosen to
       show it; every message; inputs unchanged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8]; /* [strict][x64][a][b] */

static jaxc_array *i32a(int nd, const int64_t *shape, int start) { /* jnp.arange(start, ...).reshape(shape) */
  int64_t n = 1;
  for (int i = 0; i < nd; i++) n *= shape[i];
  jaxc_array *a = jaxc_array_empty(JAXC_I32, nd, shape);
  for (int64_t i = 0; i < n; i++) ((int32_t *)a->data)[i] = start + (int32_t)i;
  return a;
}
static jaxc_array *ein(const char *sub, int n, jaxc_array *const *ops, jaxc_dtype pref) {
  return jaxc_einsum(sub, n, (const jaxc_array *const *)ops, pref);
}

/* JAX's docstring examples (jax/_src/numpy/einsum.py), as printed */
static void test_examples(void) {
  jaxc_array *M = i32a(2, (int64_t[]){4, 4}, 0), *x = i32a(1, (int64_t[]){4}, 0);
  jaxc_array *y = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){4}, (int32_t[]){5, 4, 3, 2});
  const char *outer = "Array([[ 0,  0,  0,  0],\n       [ 5,  4,  3,  2],\n       [10,  8,  6,  4],\n       [15, 12,  9,  6]], dtype=int32)";
  expect_print(ein("i,i", 2, (jaxc_array *[]){x, y}, JAXC_DTYPE_NONE), "Array(16, dtype=int32)", "i,i");
  expect_print(ein("i,i->", 2, (jaxc_array *[]){x, y}, JAXC_DTYPE_NONE), "Array(16, dtype=int32)", "i,i->");
  expect_print(ein("ij,j->i", 2, (jaxc_array *[]){M, x}, JAXC_DTYPE_NONE), "Array([14, 38, 62, 86], dtype=int32)", "ij,j->i");
  expect_print(ein("ij,j", 2, (jaxc_array *[]){M, x}, JAXC_DTYPE_NONE), "Array([14, 38, 62, 86], dtype=int32)", "ij,j");
  expect_print(ein("i,j->ij", 2, (jaxc_array *[]){x, y}, JAXC_DTYPE_NONE), outer, "i,j->ij");
  expect_print(ein("i,j", 2, (jaxc_array *[]){x, y}, JAXC_DTYPE_NONE), outer, "i,j");
  expect_print(ein("i->", 1, (jaxc_array *[]){x}, JAXC_DTYPE_NONE), "Array(6, dtype=int32)", "i->");
  expect_print(ein("...j->...", 1, (jaxc_array *[]){M}, JAXC_DTYPE_NONE), "Array([ 6, 22, 38, 54], dtype=int32)", "...j->...");
  jaxc_array *y23 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){1, 2, 3, 4, 5, 6});
  const char *tr = "Array([[1, 4],\n       [2, 5],\n       [3, 6]], dtype=int32)";
  expect_print(ein("ij->ji", 1, (jaxc_array *[]){y23}, JAXC_DTYPE_NONE), tr, "ij->ji");
  expect_print(ein("ji", 1, (jaxc_array *[]){y23}, JAXC_DTYPE_NONE), tr, "ji");
  expect_print(ein("ii->i", 1, (jaxc_array *[]){M}, JAXC_DTYPE_NONE), "Array([ 0,  5, 10, 15], dtype=int32)", "ii->i");
  expect_print(ein("ii", 1, (jaxc_array *[]){M}, JAXC_DTYPE_NONE), "Array(30, dtype=int32)", "ii");
  jaxc_array *x3 = i32a(3, (int64_t[]){2, 3, 5}, 0), *y3 = i32a(3, (int64_t[]){3, 4, 5}, 0);
  const char *td = "Array([[ 3340,  3865,  4390,  4915],\n       [ 8290,  9940, 11590, 13240]], dtype=int32)";
  expect_print(ein("ijk,jlk->il", 2, (jaxc_array *[]){x3, y3}, JAXC_DTYPE_NONE), td, "ijk,jlk->il");
  expect_print(ein("ijk,jlk", 2, (jaxc_array *[]){x3, y3}, JAXC_DTYPE_NONE), td, "ijk,jlk");
  jaxc_array *w = i32a(2, (int64_t[]){2, 2}, 5), *x6 = i32a(2, (int64_t[]){2, 3}, 0), *y6 = i32a(2, (int64_t[]){3, 2}, -2);
  jaxc_array *z = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){2, 4, 6, 3, 5, 7});
  expect_print(ein("ij,jk,kl,lm->im", 4, (jaxc_array *[]){w, x6, y6, z}, JAXC_DTYPE_NONE),
               "Array([[ 481,  831, 1181],\n       [ 651, 1125, 1599]], dtype=int32)", "ij,jk,kl,lm->im");
  /* jnp.einsum_path's example, and opt_einsum's for "optimal" (sizes a 1, b 2, c 3, d 4) */
  int path[8];
  jaxc_array *p23 = jaxc_array_zeros(JAXC_I32, 2, (int64_t[]){2, 3}), *p3h = jaxc_array_zeros(JAXC_I32, 2, (int64_t[]){3, 100}),
             *ph5 = jaxc_array_zeros(JAXC_I32, 2, (int64_t[]){100, 5});
  CHECK(jaxc_einsum_path("ij,jk,kl", 3, (const jaxc_array *const[]){p23, p3h, ph5}, path) == 2 && path[0] == 1 && path[1] == 2 && path[2] == 0 && path[3] == 1);
  jaxc_array *abd = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){1, 2, 4}), *ac = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){1, 3}),
             *bdc = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){2, 4, 3});
  CHECK(jaxc_einsum_path("abd,ac,bdc->", 3, (const jaxc_array *const[]){abd, ac, bdc}, path) == 2 && path[0] == 0 && path[1] == 2 && path[2] == 0 && path[3] == 1);
  /* a tie: the first pair found */
  jaxc_array *a2 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){2});
  CHECK(jaxc_einsum_path("a,a,a->", 3, (const jaxc_array *const[]){a2, a2, a2}, path) == 2 && path[0] == 0 && path[1] == 1 && path[2] == 0 && path[3] == 1);
  /* past four operands jaxc's greedy choice: a pair sharing a label (here b), not the cheaper
     product of the two scalars */
  jaxc_array *s0 = jaxc_array_zeros(JAXC_F32, 0, NULL), *m33 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){3, 3});
  CHECK(jaxc_einsum_path(",,ab,bc,cd->abcd", 5, (const jaxc_array *const[]){s0, s0, m33, m33, m33}, path) == 4 && path[0] == 2 && path[1] == 3);
  jaxc_array_free(s0), jaxc_array_free(m33);
  CHECK(jaxc_einsum_path("a->", 1, (const jaxc_array *const[]){a2}, path) == 1 && path[0] == 0 && path[1] == -1);
  CHECK(jaxc_einsum_path("a,b", 2, (const jaxc_array *const[]){a2, a2}, NULL) == -1 && strcmp(jaxc_last_error(), "einsum_path: path is NULL") == 0);
  CHECK(jaxc_einsum_path("a,b", 1, (const jaxc_array *const[]){a2}, path) == -1 &&
        strcmp(jaxc_last_error(), "Number of einsum subscripts must be equal to the number of operands.") == 0);
  jaxc_array *all[] = {M, x, y, y23, x3, y3, w, x6, y6, z, p23, p3h, ph5, abd, ac, bdc, a2};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) jaxc_array_free(all[i]);
}

/* --- the brute-force reference ------------------------------------------------------------ */
enum { MAXOPS = 6, MAXLAB = 8 };
typedef struct spec {
  int n, rank[MAXOPS], nout;
  char lab[MAXOPS][MAXLAB + 1], out[MAXLAB + 4]; /* every axis lettered: the ellipsis is 'p', 'q' */
  int64_t dim[MAXOPS][MAXLAB];                   /* the operands' shapes (1 where broadcast) */
  int64_t size[128];                             /* each label's size */
  char text[96];                                 /* the subscripts handed to einsum */
} spec;

static int rnd(int n) { return (int)(rnd64() % (uint64_t)n); }
static bool in_str(const char *s, char c) { return c && strchr(s, c) != NULL; }

/* Random subscripts over the letters "abcdXY" (and "pq" for an ellipsis); false when the label
   space is past `limit` (the caller draws again). */
static bool random_spec(spec *s, int64_t limit) {
  static const char pool[] = "abcdXY";
  memset(s, 0, sizeof *s);
  int np = 1 + rnd(6), ne = rnd(3) == 0 ? 1 + rnd(2) : 0, eused[MAXOPS] = {0}, longest = 0;
  for (int i = 0; i < np; i++) s->size[(int)pool[i]] = 1 + rnd(3);
  s->size['p'] = 1 + rnd(3), s->size['q'] = 1 + rnd(3);
  s->n = 1 + rnd(MAXOPS);
  char *t = s->text;
  for (int j = 0; j < s->n; j++) {
    int letters = rnd(5), e = ne && rnd(3) ? rnd(ne + 1) : -1, at = e >= 0 ? rnd(letters + 1) : -1, k = 0;
    char own[MAXLAB + 1] = {0};
    for (int i = 0; i < letters; i++) own[i] = pool[rnd(np)];
    if (j) *t++ = ',';
    for (int i = 0; i <= letters; i++) {
      if (i == at) { /* "..." here: the last e ellipsis letters */
        t += sprintf(t, "...");
        for (int m = 0; m < e; m++) s->lab[j][k++] = "pq"[ne - e + m];
        eused[j] = 1, longest = e > longest ? e : longest;
      }
      if (i < letters) *t++ = own[i], s->lab[j][k++] = own[i];
    }
    s->rank[j] = k;
  }
  /* the output: explicit (a random selection, "..." somewhere or not), or numpy's rule */
  bool any_ell = false;
  for (int j = 0; j < s->n; j++) any_ell = any_ell || eused[j];
  char ell[3] = {0};
  for (int m = 0; m < longest; m++) ell[m] = "pq"[ne - longest + m];
  if (rnd(2)) {
    t += sprintf(t, "->");
    char seen[16] = {0};
    int ns = 0;
    for (int j = 0; j < s->n; j++)
      for (int i = 0; i < s->rank[j]; i++)
        if (!in_str(seen, s->lab[j][i]) && !in_str("pq", s->lab[j][i])) seen[ns++] = s->lab[j][i];
    int put = any_ell && rnd(3) ? rnd(ns + 1) : -1;
    for (int i = 0; i <= ns; i++) {
      if (i == put) t += sprintf(t, "..."), strcat(s->out, ell);
      if (i < ns && rnd(2)) {
        int k = i + rnd(ns - i); /* a random order: swap a later one in */
        char c = seen[k];
        seen[k] = seen[i], seen[i] = c;
        *t++ = c, s->out[strlen(s->out)] = c;
      }
    }
  } else {
    int count[128] = {0};
    for (int j = 0; j < s->n; j++)
      for (int i = 0; i < s->rank[j]; i++) count[(int)s->lab[j][i]]++;
    strcpy(s->out, ell);
    for (int c = 'A'; c <= 'z'; c++)
      if (count[c] == 1 && !in_str("pq", (char)c)) s->out[strlen(s->out)] = (char)c;
  }
  *t = 0;
  s->nout = (int)strlen(s->out);
  /* shapes: a label's size, or 1 where it broadcasts (not on a label its operand repeats) */
  int64_t space = 1;
  bool used[128] = {0};
  for (int j = 0; j < s->n; j++)
    for (int i = 0; i < s->rank[j]; i++) {
      char c = s->lab[j][i];
      int reps = 0;
      for (int m = 0; m < s->rank[j]; m++) reps += s->lab[j][m] == c;
      s->dim[j][i] = reps == 1 && rnd(6) == 0 ? 1 : s->size[(int)c];
      used[(int)c] = true;
    }
  for (int c = 0; c < 128; c++) {
    if (!used[c]) continue;
    int64_t big = 1; /* a label every operand broadcasts has size 1 */
    for (int j = 0; j < s->n; j++)
      for (int i = 0; i < s->rank[j]; i++)
        if (s->lab[j][i] == c && s->dim[j][i] > big) big = s->dim[j][i];
    s->size[c] = big, space *= big;
  }
  return space <= limit;
}

static bool is_int(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_INT || jaxc_dtype_kind(d) == JAXC_KIND_UINT; }
static bool is_16(jaxc_dtype d) { return d == JAXC_F16 || d == JAXC_BF16; }

/* Operand j with small integer values (|v| <= 1 when `tiny`) */
static jaxc_array *random_operand(const spec *s, int j, jaxc_dtype d, bool tiny) {
  int64_t n = 1;
  for (int i = 0; i < s->rank[j]; i++) n *= s->dim[j][i];
  jaxc_array *f = jaxc_array_empty(JAXC_C128, 1, &n), *a = jaxc_array_empty(d, s->rank[j], s->dim[j]), flat;
  double *p = (double *)jaxc_array_data(f);
  int lo = d == JAXC_BOOL || jaxc_dtype_kind(d) == JAXC_KIND_UINT ? 0 : tiny ? -1 : -2, hi = tiny || d == JAXC_BOOL ? 1 : 2;
  for (int64_t i = 0; i < n; i++) p[2 * i] = lo + rnd(hi - lo + 1), p[2 * i + 1] = jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX ? lo + rnd(hi - lo + 1) : 0;
  jaxc_array_wrap(&flat, d, 1, &n, a->data);
  jaxc_astype_into(f, &flat);
  jaxc_array_free(f);
  return a;
}

/* The exact sum for each output element: re/im of sum over all label values of the product. */
static void reference(const spec *s, jaxc_array *const *ops, int64_t *re, int64_t *im) {
  char labels[16] = {0};
  int nl = 0;
  for (int j = 0; j < s->n; j++)
    for (int i = 0; i < s->rank[j]; i++)
      if (!in_str(labels, s->lab[j][i])) labels[nl++] = s->lab[j][i];
  int64_t nout = 1, val[128] = {0}, space = 1;
  for (int i = 0; i < s->nout; i++) nout *= s->size[(int)s->out[i]];
  for (int i = 0; i < nl; i++) space *= s->size[(int)labels[i]];
  memset(re, 0, (size_t)nout * sizeof *re), memset(im, 0, (size_t)nout * sizeof *im);
  jaxc_array *c[MAXOPS];
  for (int j = 0; j < s->n; j++) c[j] = jaxc_astype(ops[j], JAXC_C128);
  for (int64_t at = 0; at < space; at++) {
    int64_t rest = at, o = 0, pr = 1, pi = 0;
    for (int i = nl - 1; i >= 0; i--) val[(int)labels[i]] = rest % s->size[(int)labels[i]], rest /= s->size[(int)labels[i]];
    for (int i = 0; i < s->nout; i++) o = o * s->size[(int)s->out[i]] + val[(int)s->out[i]];
    for (int j = 0; j < s->n; j++) {
      int64_t e = 0;
      for (int i = 0; i < s->rank[j]; i++) e = e * s->dim[j][i] + (s->dim[j][i] == 1 ? 0 : val[(int)s->lab[j][i]]);
      const double *v = (const double *)jaxc_array_data(c[j]) + 2 * e;
      int64_t vr = (int64_t)v[0], vi = (int64_t)v[1], nr = pr * vr - pi * vi;
      pi = pr * vi + pi * vr, pr = nr;
    }
    re[o] += pr, im[o] += pi;
  }
  for (int j = 0; j < s->n; j++) jaxc_array_free(c[j]);
}

static void check_path(const spec *s, jaxc_array *const *ops) {
  int path[2 * MAXOPS], steps = jaxc_einsum_path(s->text, s->n, (const jaxc_array *const *)ops, path);
  CHECK_EQ_INT(steps, s->n > 1 ? s->n - 1 : 1);
  if (s->n < 3) CHECK(path[0] == 0 && path[1] == (s->n == 2 ? 1 : -1)); /* (which pairs past that: test_path_file) */
}

/* --- the path against tests/data/einsum_paths.txt: what opt_einsum's "auto" picks (optimal,
   branch-all, branch-2, branch-1, greedy by the number of operands), computed by
   tests/data/gen_einsum_paths.py in Python on CPython's own sets and exact ints, after that
   script has reproduced the paths opt_einsum's tests publish. */
static void test_path_file(void) {
  FILE *f = fopen("tests/data/einsum_paths.txt", "r");
  CHECK_MSG(f != NULL, "tests/data/einsum_paths.txt (run from the repository root)");
  if (!f) return;
  static char sub[512], shapes[2048], want[512];
  int lines = 0, by_n[32] = {0};
  while (fscanf(f, "%511s %2047s %511s", sub, shapes, want) == 3) {
    jaxc_array *ops[32] = {0};
    int n = 0;
    for (char *sh = strtok(shapes, ";"); sh && n < 32; sh = strtok(NULL, ";")) {
      int64_t dims[JAXC_MAX_NDIM];
      int nd = 0;
      for (char *p = sh; *p != '-' && *p && nd < JAXC_MAX_NDIM; p += *p == 'x')
        dims[nd++] = strtoll(p, &p, 10);
      ops[n++] = jaxc_array_empty(JAXC_I8, nd, dims);
    }
    int path[64], steps = jaxc_einsum_path(sub, n, (const jaxc_array *const *)ops, path);
    char got[512] = "";
    for (int k = 0, w = 0; k < steps && w < 480; k++)
      w += snprintf(got + w, sizeof got - (size_t)w, "%s%d,%d", k ? ";" : "", path[2 * k], path[2 * k + 1]);
    CHECK_MSG(strcmp(got, want) == 0, "einsum_path('%s') with %d operands: %s, opt_einsum %s (%s)", sub, n, got, want,
              steps < 0 ? jaxc_last_error() : "");
    for (int j = 0; j < n; j++) jaxc_array_free(ops[j]);
    lines++, by_n[n < 31 ? n : 31]++;
  }
  fclose(f);
  CHECK_MSG(lines > 1900 && by_n[5] > 100 && by_n[8] > 100 && by_n[12] > 50 && by_n[20] > 30,
            "einsum_paths.txt: %d lines", lines);
}

static const jaxc_dtype dtypes[] = {JAXC_BOOL, JAXC_U8,  JAXC_U16,  JAXC_U32, JAXC_U64, JAXC_I8,  JAXC_I16, JAXC_I32,
                                    JAXC_I64,  JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
enum { NDT = sizeof dtypes / sizeof *dtypes };

/* A preferred dtype under which the values stay exact and nothing is refused: at least as wide
   as every integer operand (bool: all bool), a float or complex one for floats, complex for
   complex; NONE when the draw finds none. */
static jaxc_dtype random_preferred(const jaxc_dtype *d, int n) {
  bool cx = false, fl = false, all_bool = true, c128 = false;
  int bits = 1;
  for (int j = 0; j < n; j++) {
    cx = cx || jaxc_dtype_kind(d[j]) == JAXC_KIND_COMPLEX, fl = fl || jaxc_dtype_kind(d[j]) == JAXC_KIND_FLOAT;
    all_bool = all_bool && d[j] == JAXC_BOOL, c128 = c128 || d[j] == JAXC_C128;
    if (is_int(d[j]) && (int)jaxc_dtype_bits(d[j]) > bits) bits = (int)jaxc_dtype_bits(d[j]);
  }
  jaxc_dtype p = dtypes[rnd(NDT)];
  bool ok = cx ? jaxc_dtype_kind(p) == JAXC_KIND_COMPLEX && (p == JAXC_C128 || !c128) /* (complex64 is narrower than complex128) */
               : fl ? !is_int(p) && p != JAXC_BOOL : p == JAXC_BOOL ? all_bool : !is_int(p) || (int)jaxc_dtype_bits(p) >= bits;
  return ok ? p : JAXC_DTYPE_NONE;
}

/* the expected element o of dtype d from the exact sum */
static bool element_ok(const jaxc_array *r64, const jaxc_array *rc, jaxc_dtype d, int64_t o, int64_t re, int64_t im) {
  if (d == JAXC_BOOL) return ((const int64_t *)jaxc_array_data(r64))[o] == (re != 0);
  if (is_int(d)) {
    int b = (int)jaxc_dtype_bits(d);
    uint64_t m = b == 64 ? ~0ull : (1ull << b) - 1, got = (uint64_t)((const int64_t *)jaxc_array_data(r64))[o];
    return (got & m) == ((uint64_t)re & m);
  }
  const double *v = (const double *)jaxc_array_data(rc) + 2 * o;
  return v[0] == (double)re && v[1] == (jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX ? (double)im : 0.0);
}

static void test_random(void) {
  jaxc_set_x64(true);
  int bad = 0, cases = 0, narrower = 0;
  for (int trial = 0; trial < 12000; trial++) {
    spec s;
    jaxc_dtype d[MAXOPS];
    bool sixteen = rnd(4) == 0;
    while (!random_spec(&s, sixteen ? 256 : 2048)) {}
    for (int j = 0; j < s.n; j++) d[j] = dtypes[rnd(NDT)];
    jaxc_dtype pref = rnd(3) ? JAXC_DTYPE_NONE : random_preferred(d, s.n);
    /* the expected dtype: pref, or the golden table folded over the operands */
    jaxc_dtype want = d[0], node = d[0];
    bool weak = false;
    for (int j = 1; j < s.n; j++) { /* a weak cell is the weak node (uint64 + int8 is f*) */
      want = golden_cell(golden[0][1][node][d[j]], &weak);
      node = !weak ? want : jaxc_dtype_kind(want) == JAXC_KIND_FLOAT ? JAXC_WEAK_FLOAT : jaxc_dtype_kind(want) == JAXC_KIND_COMPLEX ? JAXC_WEAK_COMPLEX : JAXC_WEAK_INT;
    }
    if (pref != JAXC_DTYPE_NONE) want = pref, weak = false;
    bool tiny = is_16(want) || sixteen;
    if (is_16(want) && !sixteen) continue; /* (16-bit results only on the small label spaces) */
    jaxc_array *ops[MAXOPS];
    uint64_t h[MAXOPS];
    for (int j = 0; j < s.n; j++) ops[j] = random_operand(&s, j, d[j], tiny), h[j] = checksum(ops[j]);
    jaxc_array *r = ein(s.text, s.n, ops, pref);
    char err[256];
    snprintf(err, sizeof err, "%s", r ? "" : jaxc_last_error());
    cases++;
    int64_t nout = 1, shape[MAXLAB + 4];
    for (int i = 0; i < s.nout; i++) shape[i] = s.size[(int)s.out[i]], nout *= shape[i];
    bool ok = r && jaxc_array_dtype(r) == want && jaxc_array_is_weak(r) == weak && jaxc_array_ndim(r) == s.nout;
    for (int i = 0; ok && i < s.nout; i++) ok = jaxc_array_shape(r)[i] == shape[i];
    if (ok) {
      int64_t *re = malloc((size_t)nout * sizeof *re), *im = malloc((size_t)nout * sizeof *im);
      reference(&s, ops, re, im);
      jaxc_array *r64 = jaxc_astype(r, JAXC_I64), *rc = jaxc_astype(r, JAXC_C128);
      for (int64_t o = 0; ok && o < nout; o++) ok = element_ok(r64, rc, want, o, re[o], im[o]);
      jaxc_array_free(r64), jaxc_array_free(rc), free(re), free(im);
    }
    /* dot_general's TypeError where a pair of integer operands meets first and one is wider
       than a float or complex result (whether it does is the path's choice, as in JAX) */
    bool risky = false;
    int pbits = (int)jaxc_dtype_bits(want) / (jaxc_dtype_kind(want) == JAXC_KIND_COMPLEX ? 2 : 1);
    for (int j = 0; j < s.n; j++) risky = risky || (is_int(d[j]) && (int)jaxc_dtype_bits(d[j]) > pbits && !is_int(want));
    const char *typeerror = "`preferred_element_type` must not be narrower than the original type";
    if (!r && risky && strncmp(err, typeerror, strlen(typeerror)) == 0) ok = true, narrower++;
    for (int j = 0; j < s.n; j++) ok = ok && checksum(ops[j]) == h[j];
    check_path(&s, ops);
    if (!ok && bad++ < 10) {
      fprintf(stderr, "einsum('%s', ", s.text);
      for (int j = 0; j < s.n; j++) {
        fprintf(stderr, "%s(", jaxc_dtype_name(d[j]));
        for (int i = 0; i < s.rank[j]; i++) fprintf(stderr, "%lld,", (long long)s.dim[j][i]);
        fprintf(stderr, ") ");
      }
      fprintf(stderr, "preferred %s): want %s [%s] (", pref == JAXC_DTYPE_NONE ? "None" : jaxc_dtype_name(pref), jaxc_dtype_name(want), s.out);
      for (int i = 0; i < s.nout; i++) fprintf(stderr, "%lld,", (long long)shape[i]);
      fprintf(stderr, "), got %s %s\n", r ? print_to_string(r) : "NULL", err);
    }
    CHECK(ok);
    for (int j = 0; j < s.n; j++) jaxc_array_free(ops[j]);
    jaxc_array_free(r);
  }
  CHECK_MSG(bad == 0, "%d of %d random einsums wrong", bad, cases);
  CHECK(cases > 9000);
  CHECK_MSG(narrower > 0 && narrower < cases / 20, "%d of %d refused as narrower", narrower, cases);
  jaxc_set_x64(false);
}

/* x and y hold the same numbers (-0. and 0. the same, NaN equal to NaN) */
static bool same_values(const jaxc_array *x, const jaxc_array *y) {
  bool x64 = jaxc_x64();
  jaxc_set_x64(true);
  jaxc_array *cx = x && y ? jaxc_astype(x, JAXC_C128) : NULL, *cy = x && y ? jaxc_astype(y, JAXC_C128) : NULL;
  bool same = cx && cy && jaxc_array_size(cx) == jaxc_array_size(cy);
  for (int64_t i = 0; same && i < 2 * jaxc_array_size(cx); i++) {
    double u = ((const double *)jaxc_array_data(cx))[i], v = ((const double *)jaxc_array_data(cy))[i];
    same = u == v || (u != u && v != v);
  }
  jaxc_array_free(cx), jaxc_array_free(cy);
  jaxc_set_x64(x64);
  return same;
}

/* dtype None: JAX's result_type of the operands (the golden table) for every pair of lattice
   nodes, x64 on and off, standard and strict; the values as jaxc_matmul's (the same
   dot_general) and jaxc_multiply's. */
static void test_golden(void) {
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int da = 0; da < JAXC_NUM_DTYPES; da++)
      for (int db = 0; db < JAXC_NUM_DTYPES; db++) {
        jaxc_array *a = jaxc_dtype_is_weak((jaxc_dtype)da) ? weak_node_scalar((jaxc_dtype)da, false) : small_random_array((jaxc_dtype)da, 2, (int64_t[]){2, 3});
        jaxc_array *b = jaxc_dtype_is_weak((jaxc_dtype)db) ? weak_node_scalar((jaxc_dtype)db, true) : small_random_array((jaxc_dtype)db, 2, (int64_t[]){3, 4}), *a0, *b0;
        a0 = jaxc_array_ndim(a) ? small_random_array((jaxc_dtype)da, 0, NULL) : jaxc_reshape(a, 0, NULL);
        b0 = jaxc_array_ndim(b) ? small_random_array((jaxc_dtype)db, 0, NULL) : jaxc_reshape(b, 0, NULL);
        uint64_t ha = checksum(a), hb = checksum(b);
        const char *g = golden[strict][x64][da][db];
        char what[96], typeerror[200] = "";
        snprintf(what, sizeof what, "einsum %s, %s (%s, x64 %d)", jaxc_dtype_name((jaxc_dtype)da), jaxc_dtype_name((jaxc_dtype)db),
                 strict ? "strict" : "standard", x64);
        bool weak;
        jaxc_dtype W = g[0] == '-' ? JAXC_DTYPE_INVALID : golden_cell(g, &weak), A = jaxc_array_dtype(a), B = jaxc_array_dtype(b);
        if (W != JAXC_DTYPE_INVALID && dot_narrower(A, B, W)) /* (a Python scalar is a weak int32 or int64 array) */
          snprintf(typeerror, sizeof typeerror, "`preferred_element_type` must not be narrower than the original type, got "
                   "preferred_element_type of %s for result type of %s.", jaxc_dtype_name(W), jaxc_dtype_name(higher(A, B) ? A : B));
        bool mats = jaxc_array_ndim(a) == 2 && jaxc_array_ndim(b) == 2;
        const char *forms[3] = {mats ? "ij,jk" : jaxc_array_ndim(a) ? "ij," : jaxc_array_ndim(b) ? ",jk" : ",", ",", jaxc_array_ndim(a) ? "ij,->" : ",->"};
        jaxc_array *pairs[3][2] = {{a, b}, {a0, b0}, {a, b0}};
        for (int f = 0; f < 3; f++) {
          jaxc_array *r = ein(forms[f], 2, pairs[f], JAXC_DTYPE_NONE);
          if (typeerror[0]) expect_error(r, typeerror), r = NULL;
          else if (golden_result_ok(g, r, what) && f < 2) { /* the values: jaxc_matmul's (the same dot_general) and jaxc_multiply's */
            jaxc_array *want = f == 0 && mats ? jaxc_matmul(a, b) : jaxc_binary(JAXC_OP_MULTIPLY, pairs[f][0], pairs[f][1]);
            CHECK_MSG(same_values(want, r), "%s: %s values", what, forms[f]);
            jaxc_array_free(want);
          }
          jaxc_array_free(r);
        }
        CHECK(checksum(a) == ha && checksum(b) == hb);
        jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(a0), jaxc_array_free(b0);
      }
  }
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_set_x64(false);
}

/* What each step's dtype teaches, on values chosen to show it */
static void test_teaching(void) {
  /* a label summed alone is lax.reduce in the operand's dtype: int8 wraps (300 -> 44) where
     jnp.sum gives int32; preferred int32 converts first */
  jaxc_array *h = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){100, 100, 100});
  expect_print(ein("i->", 1, &h, JAXC_DTYPE_NONE), "Array(44, dtype=int8)", "einsum('i->', int8)");
  expect_print(ein("i->", 1, &h, JAXC_I32), "Array(300, dtype=int32)", "einsum('i->', int8, preferred int32)");
  expect_print(ein("i,i->", 2, (jaxc_array *[]){h, h}, JAXC_DTYPE_NONE), "Array(48, dtype=int8)", "einsum('i,i->', int8)");
  expect_print(ein("i,i->", 2, (jaxc_array *[]){h, h}, JAXC_I32), "Array(30000, dtype=int32)", "einsum('i,i->', int8, preferred int32)");
  /* strict mode: that conversion asks result_type(int8, int32) and is refused; a product alone
     (dot_general with preferred_element_type) is not */
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  expect_error(ein("i->", 1, &h, JAXC_I32),
               "Input dtypes ('int8', 'int32') have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict. "
               "Try explicitly casting inputs to the desired output type, or set jax_numpy_dtype_promotion=standard.");
  expect_print(ein("i,i->", 2, (jaxc_array *[]){h, h}, JAXC_I32), "Array(30000, dtype=int32)", "strict einsum('i,i->', preferred int32)");
  jaxc_set_promotion(JAXC_RULES_JAX);
  /* a narrower preferred integer: dot_general's TypeError for a product, a wrapped sum alone */
  jaxc_array *w = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){200, 100});
  expect_error(ein("i,i->", 2, (jaxc_array *[]){w, w}, JAXC_I8),
               "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of int8 for result type of int32.");
  expect_print(ein("i->", 1, &w, JAXC_I8), "Array(44, dtype=int8)", "einsum('i->', int32, preferred int8)");
  jaxc_array *m1 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){2}, (int8_t[]){-1, -1});
  expect_print(ein("i->", 1, &m1, JAXC_U8), "Array(254, dtype=uint8)", "einsum('i->', int8, preferred uint8)");
  /* a float sum with a preferred integer: result_type(float32, int32) is float32, so it is summed
     in float32 and converted at the end: 1.75 + 2.5 -> 4 */
  jaxc_array *fr = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){1.75f, 2.5f});
  expect_print(ein("i->", 1, &fr, JAXC_I32), "Array(4, dtype=int32)", "einsum('i->', float32, preferred int32)");
  /* bfloat16 with preferred float16: a sum step converts to float16 first (131072 is inf there),
     a product keeps bfloat16's range (dot_general's operand rule) */
  jaxc_array *big = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){131072, -130560}), *bb = jaxc_astype(big, JAXC_BF16);
  jaxc_array *one = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){1, 1}), *b1 = jaxc_astype(one, JAXC_BF16);
  expect_print(ein("i->", 1, &bb, JAXC_F16), "Array(nan, dtype=float16)", "einsum('i->', bfloat16, preferred float16)");
  expect_print(ein("i,i->", 2, (jaxc_array *[]){bb, b1}, JAXC_F16), "Array(512., dtype=float16)", "einsum('i,i->', bfloat16, preferred float16)");
  /* a repeated label is select(eye, x, 0) summed from +0: a -0. on the diagonal comes out +0.,
     where jnp.diagonal keeps it */
  jaxc_array *mz = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){2, 2}, (float[]){-0.0f, 5, 7, -0.0f});
  expect_print(ein("ii->i", 1, &mz, JAXC_DTYPE_NONE), "Array([0., 0.], dtype=float32)", "einsum('ii->i', -0.)");
  expect_print(jaxc_diagonal(mz, 0, 0, 1), "Array([-0., -0.], dtype=float32)", "diagonal(-0.)");
  /* a repeated label's sizes may differ where one is 1 (opt_einsum broadcasts it): the mask of
     lax._delta keeps only the equal coordinates, so (1, 3) gives [5, 0, 0] and (3, 1) [5] */
  jaxc_array *row = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){1, 3}, (int32_t[]){5, 6, 7}), *col = jaxc_reshape(row, 2, (int64_t[]){3, 1});
  expect_print(ein("ii->i", 1, &row, JAXC_DTYPE_NONE), "Array([5, 0, 0], dtype=int32)", "einsum('ii->i', (1, 3))");
  expect_print(ein("ii->i", 1, &col, JAXC_DTYPE_NONE), "Array([5], dtype=int32)", "einsum('ii->i', (3, 1))");
  expect_print(ein("ii", 1, &row, JAXC_DTYPE_NONE), "Array(5, dtype=int32)", "einsum('ii', (1, 3))");
  jaxc_array *x232 = i32a(3, (int64_t[]){2, 3, 2}, 1);
  expect_print(ein("iji->ij", 1, &x232, JAXC_DTYPE_NONE), "Array([[ 1,  3,  5],\n       [ 8, 10, 12]], dtype=int32)", "einsum('iji->ij')");
  jaxc_array_free(row), jaxc_array_free(col), jaxc_array_free(x232);
  /* bool sums are any(): or, not add */
  jaxc_array *t = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){3}, (bool[]){0, 1, 1}), *u = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){3}, (bool[]){1, 0, 1});
  expect_print(ein("i->", 1, &t, JAXC_DTYPE_NONE), "Array(True, dtype=bool)", "einsum('i->', bool)");
  expect_print(ein("i,i->", 2, (jaxc_array *[]){t, u}, JAXC_DTYPE_NONE), "Array(True, dtype=bool)", "einsum('i,i->', bool)");
  expect_print(ein("i,i->", 2, (jaxc_array *[]){t, u}, JAXC_I32), "Array(1, dtype=int32)", "einsum('i,i->', bool, preferred int32)");
  /* weak operands: a weak result only when all are */
  jaxc_array *two = jaxc_weak_int(2), *three = jaxc_weak_int(3);
  jaxc_array *r = ein(",", 2, (jaxc_array *[]){two, three}, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_is_weak(r) && jaxc_array_dtype(r) == JAXC_I32 && *(const int32_t *)jaxc_array_data(r) == 6);
  jaxc_array_free(r);
  /* a Python scalar is a weak int32 array, and dot_general's operand rule does not look at
     weakness: einsum('i,', int8, 3) is its TypeError, where int8 * 3 is int8 */
  expect_error(ein("i,", 2, (jaxc_array *[]){h, three}, JAXC_DTYPE_NONE),
               "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of int8 for result type of int32.");
  /* which pair meets first is the path's (opt_einsum's optimal for 3-4 operands): int64 . int8
     with a bfloat16 result is dot_general's TypeError; int64 . bfloat16 first is not */
  int64_t na = 2, nb = 100;
  jaxc_set_x64(true);
  jaxc_array *A = jaxc_array_ones(JAXC_I64, 2, (int64_t[]){na, nb}), *B = jaxc_array_ones(JAXC_I8, 1, &nb), *C = jaxc_array_ones(JAXC_BF16, 1, &na);
  jaxc_array *Cab = jaxc_array_ones(JAXC_BF16, 2, (int64_t[]){nb, 2}), *Bb = jaxc_array_ones(JAXC_I8, 1, (int64_t[]){2}), *Aa = jaxc_array_ones(JAXC_I64, 1, &nb);
  expect_error(ein("ab,b,a->", 3, (jaxc_array *[]){A, B, C}, JAXC_DTYPE_NONE),
               "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of bfloat16 for result type of int64.");
  expect_print(ein("a,ab,b->", 3, (jaxc_array *[]){Aa, Cab, Bb}, JAXC_DTYPE_NONE), "Array(200, dtype=bfloat16)", "einsum('a,ab,b->')");
  jaxc_set_x64(false);
  jaxc_array *all[] = {h, w, m1, fr, big, bb, one, b1, mz, t, u, two, three, A, B, C, Cab, Bb, Aa};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) jaxc_array_free(all[i]);
}

static void test_errors(void) {
  jaxc_array *m = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 3}), *v = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4});
  jaxc_array *r8 = jaxc_array_zeros(JAXC_F32, 8, (int64_t[]){1, 1, 1, 1, 1, 1, 1, 2});
  uint64_t hm = checksum(m), hv = checksum(v);
  expect_error(ein("ij,jk", 2, (jaxc_array *[]){m, v}, JAXC_DTYPE_NONE), "Einstein sum subscript 'jk' does not contain the correct number of indices for operand 1.");
  expect_error(ein("ij,i", 2, (jaxc_array *[]){m, v}, JAXC_DTYPE_NONE), "Size of label 'i' for operand 1 (2) does not match previous terms (4).");
  expect_error(ein("ij,j", 2, (jaxc_array *[]){m, v}, JAXC_DTYPE_NONE), "Size of label 'j' for operand 1 (3) does not match previous terms (4).");
  expect_error(ein("ij->k", 1, &m, JAXC_DTYPE_NONE), "Output character 'k' did not appear in the input");
  expect_error(ein("ij->ii", 1, &m, JAXC_DTYPE_NONE), "einstein sum subscripts string includes output subscript 'i' multiple times");
  expect_error(ein("ij,j", 1, &m, JAXC_DTYPE_NONE), "Number of einsum subscripts must be equal to the number of operands.");
  expect_error(ein("ij", 2, (jaxc_array *[]){m, v}, JAXC_DTYPE_NONE), "Number of einsum subscripts must be equal to the number of operands.");
  expect_error(ein("i.j", 1, &m, JAXC_DTYPE_NONE), "Invalid Ellipses.");
  expect_error(ein("....i", 1, &m, JAXC_DTYPE_NONE), "Invalid Ellipses.");
  expect_error(ein(".i..", 1, &m, JAXC_DTYPE_NONE), "Invalid Ellipses.");
  expect_error(ein("ijk...", 1, &m, JAXC_DTYPE_NONE), "Ellipses lengths do not match.");
  expect_error(ein("ij->i->j", 1, &m, JAXC_DTYPE_NONE), "Subscripts can only contain one '->'.");
  expect_error(ein("ij-i", 1, &m, JAXC_DTYPE_NONE), "Subscripts can only contain one '->'.");
  expect_error(ein("ij>i", 1, &m, JAXC_DTYPE_NONE), "Subscripts can only contain one '->'.");
  expect_error(ein("i1", 1, &m, JAXC_DTYPE_NONE), "einsum: invalid subscript '1' (jaxc's labels are the ASCII letters)");
  expect_error(ein("ij", 0, NULL, JAXC_DTYPE_NONE), "No input operands");
  expect_error(ein("ij", -1, &m, JAXC_DTYPE_NONE), "einsum: -1 operands");
  expect_error(ein(NULL, 1, &m, JAXC_DTYPE_NONE), "einsum: the subscripts are NULL");
  expect_error(ein("ij", 1, NULL, JAXC_DTYPE_NONE), "einsum: the array list is NULL");
  expect_error(ein("ij,j", 2, (jaxc_array *[]){m, NULL}, JAXC_DTYPE_NONE), "einsum: array 1 is NULL");
  expect_error(ein("ij", 1, &m, (jaxc_dtype)99), "invalid dtype 99");
  expect_error(ein("abcdefgh,ijklmnop->abcdefghijklmnop", 2, (jaxc_array *[]){r8, r8}, JAXC_DTYPE_NONE),
               "einsum: an intermediate of rank 16 is past JAXC_MAX_NDIM (8)");
  jaxc_array *c = jaxc_array_zeros(JAXC_C64, 1, (int64_t[]){4});
  expect_error(ein("i,i", 2, (jaxc_array *[]){c, v}, JAXC_F32), "preferred_element_type float32 would drop the imaginary part of a complex64 product");
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  jaxc_array *i8 = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){4});
  expect_error(ein("i,i", 2, (jaxc_array *[]){i8, v}, JAXC_DTYPE_NONE),
               "Input dtypes ('int8', 'float32') have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict. "
               "Try explicitly casting inputs to the desired output type, or set jax_numpy_dtype_promotion=standard.");
  jaxc_set_promotion(JAXC_RULES_JAX);
  /* a label of size 1 broadcasts, spaces are ignored, an ellipsis may stand for nothing */
  jaxc_array *one3 = jaxc_array_ones(JAXC_I32, 2, (int64_t[]){1, 3}), *two3 = i32a(2, (int64_t[]){2, 3}, 1);
  expect_print(ein(" ij , ij -> ij ", 2, (jaxc_array *[]){one3, two3}, JAXC_DTYPE_NONE), "Array([[1, 2, 3],\n       [4, 5, 6]], dtype=int32)", "broadcast");
  expect_print(ein("...ij,ij...->ij", 2, (jaxc_array *[]){one3, two3}, JAXC_DTYPE_NONE), "Array([[1, 2, 3],\n       [4, 5, 6]], dtype=int32)", "empty ellipsis");
  CHECK(checksum(m) == hm && checksum(v) == hv);
  jaxc_array *all[] = {m, v, r8, c, i8, one3, two3};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) jaxc_array_free(all[i]);
}

/* Sums long enough to be cut into 64 pieces over the threads (a row times a matrix of few
   columns): column sums of int32 (full range: wrapped exactly) and float32 (small integers:
   exact), against the sums written here; the vector-matrix form with preferred int64. */
static void test_long_sums(void) {
  int64_t rows = 1 << 17, cols = 12;
  jaxc_array *a = jaxc_array_empty(JAXC_I32, 2, (int64_t[]){rows, cols}), *f = jaxc_array_empty(JAXC_F32, 2, (int64_t[]){rows, cols});
  jaxc_array *v = jaxc_array_empty(JAXC_I16, 1, &rows);
  int32_t *pa = (int32_t *)a->data;
  float *pf = (float *)f->data;
  int16_t *pv = (int16_t *)v->data;
  int64_t want[12] = {0}, wantf[12] = {0}, wantv[12] = {0};
  for (int64_t i = 0; i < rows; i++) {
    pv[i] = (int16_t)(rnd64() >> 48);
    for (int64_t j = 0; j < cols; j++) {
      pa[i * cols + j] = (int32_t)(uint32_t)rnd64(), pf[i * cols + j] = (float)(rnd(9) - 4);
      want[j] += pa[i * cols + j], wantf[j] += (int64_t)pf[i * cols + j], wantv[j] += (int64_t)pv[i] * pa[i * cols + j];
    }
  }
  jaxc_array *r = ein("ij->j", 1, &a, JAXC_DTYPE_NONE), *rf = ein("ij->j", 1, &f, JAXC_DTYPE_NONE);
  jaxc_set_x64(true);
  jaxc_array *rv = ein("i,ij->j", 2, (jaxc_array *[]){v, a}, JAXC_I64);
  jaxc_set_x64(false);
  bool ok = r && rf && rv && jaxc_array_dtype(r) == JAXC_I32 && jaxc_array_dtype(rf) == JAXC_F32 && jaxc_array_dtype(rv) == JAXC_I64;
  for (int j = 0; ok && j < cols; j++)
    ok = ((const int32_t *)r->data)[j] == (int32_t)(uint32_t)want[j] && ((const float *)rf->data)[j] == (float)wantf[j] &&
         ((const int64_t *)rv->data)[j] == wantv[j];
  CHECK_MSG(ok, "column sums of %lld rows", (long long)rows);
  jaxc_array *all[] = {a, f, v, r, rf, rv};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) jaxc_array_free(all[i]);
}

int main(void) {
  load_golden_table(golden);
  test_examples();
  test_teaching();
  test_errors();
  test_golden();
  test_long_sums();
  test_path_file();
  test_random();
  return check_summary("test_einsum");
}
