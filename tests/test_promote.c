/* test_promote.c — jaxc_promote.h against JAX's recorded behaviour and the reference documents.

   Every expected value is read at run time from tests/data/, verbatim copies of
   shared/golden/promotion.txt and the files of shared/reference: the JAX golden file (1296 lines), JAX's
   own observed promotion tables, the JAX docs' table, JEP 9407's appendix tables and lattice,
   TensorFlow's flexible-dtypes table and Paddle's guide. Lattice joins are also checked against
   a least upper bound computed here from the JEP's edge list, and the rule systems' algebraic
   properties by exhaustive enumeration. Run from the repository root (or set JAXC_TEST_DATA). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jaxc_promote.h"
#include "check.h"

#define N JAXC_NUM_DTYPES
#define MAX_CELLS 24
#define NOT_A_CODE (-2) /* a table token that is neither a dtype nor '-' */

/* ---- per-system cell counts, printed at the end for the lead's report ---- */
static struct { const char *name; long cells; } counts[32];
static int n_counts;
static void count_cells(const char *name, long n) {
  for (int i = 0; i < n_counts; i++)
    if (strcmp(counts[i].name, name) == 0) { counts[i].cells += n; return; }
  if (n_counts < 32) counts[n_counts].name = name, counts[n_counts++].cells = n;
}

/* ---- documents ---- */
typedef struct doc { char *buf; char **lines; int n; } doc;

static bool doc_load(doc *d, const char *file) {
  char path[512];
  const char *dir = getenv("JAXC_TEST_DATA");
  snprintf(path, sizeof path, "%s/%s", dir ? dir : "tests/data", file);
  memset(d, 0, sizeof *d);
  FILE *f = fopen(path, "rb");
  CHECK_MSG(f != NULL, "cannot open %s (run from the repository root)", path);
  if (!f) return false;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  d->buf = malloc((size_t)size + 1);
  d->lines = malloc(sizeof(char *) * ((size_t)size + 1));
  bool ok = d->buf && d->lines && fread(d->buf, 1, (size_t)size, f) == (size_t)size;
  fclose(f);
  CHECK_MSG(ok, "cannot read %s", path);
  if (!ok) return false;
  d->buf[size] = '\0';
  for (char *p = d->buf; *p;) {
    d->lines[d->n++] = p;
    char *nl = strchr(p, '\n');
    if (!nl) break;
    *nl = '\0';
    if (nl > p && nl[-1] == '\r') nl[-1] = '\0';
    p = nl + 1;
  }
  return true;
}
static void doc_free(doc *d) { free(d->buf), free(d->lines); }

static bool starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* First line at or after `from` that starts with prefix (after leading blanks if skip_blanks); -1. */
static int find_line(const doc *d, int from, const char *prefix, bool skip_blanks) {
  for (int i = from < 0 ? 0 : from; i < d->n; i++) {
    const char *s = d->lines[i];
    while (skip_blanks && *s == ' ') s++;
    if (starts_with(s, prefix)) return i;
  }
  return -1;
}

/* Splits a copy of line at `sep` (or at runs of blanks when sep is ' '), trims the cells and
   drops empty ones (a markdown row's leading and trailing '|'). Returns the number of cells. */
static int split(const char *line, char sep, char store[][32], int max) {
  int n = 0;
  const char *p = line;
  while (*p && n < max) {
    const char *end = sep == ' ' ? p + strcspn(p, " \t") : p + strcspn(p, (char[]){sep, 0});
    const char *a = p, *b = end;
    while (a < b && (*a == ' ' || *a == '\t')) a++;
    while (b > a && (b[-1] == ' ' || b[-1] == '\t')) b--;
    if (b > a) {
      size_t len = (size_t)(b - a) < 31 ? (size_t)(b - a) : 31;
      memcpy(store[n], a, len);
      store[n++][len] = '\0';
    }
    p = *end ? end + 1 : end;
  }
  return n;
}

/* A JEP 9407 code ("u8", "i*", "bool") or '-' (INVALID); NOT_A_CODE otherwise. */
static int jep_code(const char *s) {
  if (strcmp(s, "-") == 0) return JAXC_DTYPE_INVALID;
  jaxc_dtype d = jaxc_dtype_parse(s);
  return d == JAXC_DTYPE_INVALID ? NOT_A_CODE : (int)d;
}
/* NumPy-style typecodes of JAX's docs and tests: b1, u1..u8, i1..i8 (bytes), bf, f2..f8, i*, f*,
   c*, and complex as c8/c16 (total bytes, docs) or c4/c8 (bytes per part, dtypes_test.py). */
static int typecode(const char *s, bool complex_total_bytes) {
  char code[16];
  if (strcmp(s, "b1") == 0) return JAXC_BOOL;
  if (strcmp(s, "bf") == 0) return JAXC_BF16;
  if (s[1] == '*') return jep_code(s);
  int bytes = atoi(s + 1);
  if (bytes <= 0 || !strchr("uifc", s[0])) return NOT_A_CODE;
  int bits = s[0] == 'c' ? (complex_total_bytes ? 8 : 16) * bytes : 8 * bytes;
  snprintf(code, sizeof code, "%c%d", s[0], bits);
  return jep_code(code);
}

/* ---- 1. the golden file: JAX 0.11.2, jnp.add, all modes ---- */
static void test_golden(void) {
  doc d;
  if (!doc_load(&d, "promotion.txt")) return;
  long lines = 0, per[2][2] = {{0, 0}, {0, 0}};
  for (int i = 0; i < d.n; i++) {
    char w[8][32];
    if (split(d.lines[i], ' ', w, 8) != 6 || strcmp(w[0], "promote") != 0) continue;
    bool strict = strcmp(w[1], "strict") == 0, x64 = strcmp(w[2], "x64") == 0;
    CHECK_MSG(strict || strcmp(w[1], "standard") == 0, "golden mode %s", w[1]);
    CHECK_MSG(x64 || strcmp(w[2], "x32") == 0, "golden x64 flag %s", w[2]);
    jaxc_dtype a = jaxc_dtype_parse(w[3]), b = jaxc_dtype_parse(w[4]);
    CHECK_MSG(a != JAXC_DTYPE_INVALID && b != JAXC_DTYPE_INVALID, "golden operands %s %s", w[3], w[4]);
    jaxc_rules r = strict ? JAXC_RULES_JAX_STRICT : JAXC_RULES_JAX;
    jaxc_dtype node = jaxc_result_node(r, x64, a, b);
    char *res = w[5];
    size_t len = strlen(res);
    bool weak = len > 1 && res[len - 1] == '~';
    if (weak) res[len - 1] = '\0';
    if (strcmp(res, "-") == 0) {
      CHECK_MSG(node == JAXC_DTYPE_INVALID, "golden %s %s %s %s: want '-', got %s", w[1], w[2], w[3], w[4],
                jaxc_dtype_code(node));
    } else {
      jaxc_dtype want = jaxc_dtype_parse(res);
      jaxc_dtype got = jaxc_storage_dtype(node, x64);
      CHECK_MSG(want != JAXC_DTYPE_INVALID && got == want && jaxc_dtype_is_weak(node) == weak,
                "golden %s %s %s %s: want %s%s, got node %s stored %s", w[1], w[2], w[3], w[4], res,
                weak ? "~" : "", jaxc_dtype_code(node), jaxc_dtype_code(got));
    }
    lines++, per[strict][x64]++;
  }
  CHECK_EQ_INT(lines, 1296);
  for (int s = 0; s < 2; s++)
    for (int x = 0; x < 2; x++) CHECK_EQ_INT(per[s][x], 324);
  count_cells("golden standard x64", per[0][1]);
  count_cells("golden standard x32", per[0][0]);
  count_cells("golden strict x64", per[1][1]);
  count_cells("golden strict x32", per[1][0]);
  doc_free(&d);
}

/* Reads an 18 x 18 table whose header line is at h: `codes` maps a header/row token to a node.
   Returns false when the shape is wrong. cell[r][c] is a node, INVALID for '-'. */
typedef int (*code_fn)(const char *s, bool flag);
static bool read_table(const doc *d, int h, char sep, code_fn code, bool flag, int skip_sep_line,
                       int rows[N], int cols[N], int cell[N][N]) {
  char w[MAX_CELLS][32];
  if (h < 0) return false;
  int nc = split(d->lines[h], sep, w, MAX_CELLS);
  int off = nc - N; /* the markdown header may carry an empty or title first cell */
  CHECK_MSG(nc >= N, "table header at line %d has %d cells", h + 1, nc);
  if (nc < N) return false;
  for (int c = 0; c < N; c++) cols[c] = code(w[off + c], flag);
  for (int r = 0; r < N; r++) {
    int li = h + 1 + skip_sep_line + r;
    if (li >= d->n || split(d->lines[li], sep, w, MAX_CELLS) != N + 1) {
      CHECK_MSG(0, "table row %d after line %d is malformed", r, h + 1);
      return false;
    }
    rows[r] = code(w[0], flag);
    for (int c = 0; c < N; c++) cell[r][c] = code(w[c + 1], flag);
  }
  bool ok = true;
  for (int i = 0; i < N; i++) ok = ok && rows[i] >= 0 && cols[i] >= 0;
  CHECK_MSG(ok, "table at line %d: unknown header code", h + 1);
  return ok;
}
static int jep_code_fn(const char *s, bool flag) { (void)flag; return jep_code(s); }

/* ---- 2. jax-ml/jax tests/dtypes_test.py observed tables: cell = col_operand + row_operand ---- */
static void test_observed_tables(void) {
  doc d;
  if (!doc_load(&d, "jax-dtypes-test-observed-tables.txt")) return;
  static const char *sections[3] = {"## A_x64_on", "## B_x64_off_explicit_allow", "## C_x64_off_default"};
  for (int s = 0; s < 3; s++) {
    int rows[N], cols[N], cell[N][N];
    int h = find_line(&d, find_line(&d, 0, sections[s], false), "b1", true);
    CHECK_MSG(h >= 0, "section %s not found", sections[s]);
    if (!read_table(&d, h, ' ', typecode, false, 0, rows, cols, cell)) continue;
    long n = 0;
    for (int r = 0; r < N; r++)
      for (int c = 0; c < N; c++) {
        jaxc_dtype v1 = (jaxc_dtype)cols[c], v2 = (jaxc_dtype)rows[r], want = (jaxc_dtype)cell[r][c];
        jaxc_dtype got;
        bool ok;
        if (s == 0) { /* x64 on: the join of the x64 lattice, stored with x64 storage */
          got = jaxc_promote_types(v1, v2);
          ok = got == want && jaxc_storage_dtype(got, true) == jaxc_storage_dtype(want, true);
        } else if (s == 1) { /* x64 off, 64-bit inputs kept: the x32 lattice on raw inputs */
          got = jaxc_promote_types_x32(v1, v2);
          ok = got == want;
        } else { /* x64 off: inputs canonicalised at creation, then the x32 lattice */
          got = jaxc_result_node(JAXC_RULES_JAX, false, v1, v2);
          ok = got == want && jaxc_storage_dtype(got, false) == jaxc_storage_dtype(want, false);
        }
        CHECK_MSG(ok, "%s: %s + %s: want %s, got %s", sections[s], jaxc_dtype_code(v1), jaxc_dtype_code(v2),
                  jaxc_dtype_code(want), jaxc_dtype_code(got));
        n++;
      }
    count_cells(s == 0 ? "observed A (x64 on)" : s == 1 ? "observed B (x64 off, 64-bit in)" : "observed C (x64 off)", n);
  }
  doc_free(&d);
}

/* ---- 3. the JAX docs' promotion table (type_promotion.rst, Chinese translation) ---- */
static void test_docs_table(void) {
  doc d;
  if (!doc_load(&d, "jax-type-promotion-table.zh.md")) return;
  int rows[N], cols[N], cell[N][N];
  int h = find_line(&d, 0, "|  | b1 |", false);
  CHECK_MSG(h >= 0, "docs table not found");
  if (read_table(&d, h, '|', typecode, true, 1, rows, cols, cell)) {
    long n = 0;
    for (int r = 0; r < N; r++)
      for (int c = 0; c < N; c++, n++) {
        jaxc_dtype got = jaxc_promote_types((jaxc_dtype)rows[r], (jaxc_dtype)cols[c]);
        CHECK_MSG(got == cell[r][c], "docs table %s v %s: want %s, got %s", jaxc_dtype_code((jaxc_dtype)rows[r]),
                  jaxc_dtype_code((jaxc_dtype)cols[c]), jaxc_dtype_code((jaxc_dtype)cell[r][c]), jaxc_dtype_code(got));
      }
    count_cells("jax docs table", n);
  }
  doc_free(&d);
}

/* ---- 4. JEP 9407's appendix: NumPy, TensorFlow, PyTorch, jax.numpy, jax.lax (row = first) ---- */
static int numpy_doc[N][N]; /* kept for the associativity check below */
static bool numpy_doc_ok;

static void test_appendix(void) {
  doc d;
  if (!doc_load(&d, "jax-jep9407-type-promotion-design.zh.txt")) return;
  static const struct { const char *marker; jaxc_rules r; const char *name; } sys[] = {
      {"NumPy 类型提升#", JAXC_RULES_NUMPY, "numpy"},
      {"Tensorflow 类型提升#", JAXC_RULES_TF_LEGACY, "tf (legacy)"},
      {"PyTorch 类型提升#", JAXC_RULES_TORCH, "torch"},
      {"JAX 类型提升:jax.numpy", JAXC_RULES_JAX, "jax (appendix)"},
      {"JAX 类型提升:jax.lax", JAXC_RULES_LAX, "lax"},
  };
  for (size_t s = 0; s < sizeof sys / sizeof sys[0]; s++) {
    int rows[N], cols[N], cell[N][N];
    int m = find_line(&d, 0, sys[s].marker, false);
    CHECK_MSG(m >= 0, "appendix section %s not found", sys[s].marker);
    if (m < 0 || !read_table(&d, find_line(&d, m, "b | u8 |", false), '|', jep_code_fn, false, 1, rows, cols, cell))
      continue;
    long n = 0;
    for (int r = 0; r < N; r++)
      for (int c = 0; c < N; c++, n++) {
        jaxc_dtype a = (jaxc_dtype)rows[r], b = (jaxc_dtype)cols[c];
        jaxc_dtype want = (jaxc_dtype)cell[r][c], got = jaxc_promote_in(sys[s].r, a, b);
        /* jax.lax's b + b is '-' because lax.add rejects bool; as promotion, equal types agree. */
        if (sys[s].r == JAXC_RULES_LAX && a == JAXC_BOOL && b == JAXC_BOOL) {
          CHECK_EQ_INT(want, JAXC_DTYPE_INVALID);
          want = JAXC_BOOL;
        }
        CHECK_MSG(got == want, "%s: %s v %s: want %s, got %s", sys[s].name, jaxc_dtype_code(a), jaxc_dtype_code(b),
                  jaxc_dtype_code(want), jaxc_dtype_code(got));
        if (sys[s].r == JAXC_RULES_NUMPY) numpy_doc[a][b] = want;
      }
    if (sys[s].r == JAXC_RULES_NUMPY) numpy_doc_ok = true;
    count_cells(sys[s].name, n);
  }
  /* TensorFlow's legacy table really is asymmetric, in the orientation of the document. */
  CHECK_EQ_INT(jaxc_promote_in(JAXC_RULES_TF_LEGACY, JAXC_C64, JAXC_WEAK_COMPLEX), JAXC_C64);
  CHECK_EQ_INT(jaxc_promote_in(JAXC_RULES_TF_LEGACY, JAXC_WEAK_COMPLEX, JAXC_C64), JAXC_DTYPE_INVALID);
  doc_free(&d);
}

/* ---- 5. JEP 9407's lattice: the join is the least upper bound of the document's order ---- */
static bool le64[N][N], le32[N][N];

static void add_edge(bool le[N][N], int a, int b) { le[a][b] = true; }
static void close_order(bool le[N][N]) {
  for (int i = 0; i < N; i++) le[i][i] = true;
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        if (le[i][k] && le[k][j]) le[i][j] = true;
}
/* Reads the last `lattice = {...}` dict before the appendix: 'node': ['succ', ...], ... */
static bool read_jep_lattice(bool le[N][N]) {
  doc d;
  if (!doc_load(&d, "jax-jep9407-type-promotion-design.zh.txt")) return false;
  int end = find_line(&d, 0, "NumPy 类型提升#", false), start = -1;
  for (int i = 0; i < end; i++)
    if (starts_with(d.lines[i], "lattice = {")) start = i;
  int edges = 0, from = -1;
  for (int i = start + 1; start >= 0 && i < d.n && d.lines[i][0] != '}'; i++) {
    const char *p = d.lines[i];
    while ((p = strchr(p, '\'')) != NULL) {
      const char *q = strchr(p + 1, '\'');
      if (!q) break;
      char tok[16] = {0};
      memcpy(tok, p + 1, (size_t)(q - p - 1) < 15 ? (size_t)(q - p - 1) : 15);
      int node = jep_code(tok);
      CHECK_MSG(node >= 0, "lattice node %s", tok);
      if (node < 0) break;
      if (q[1] == ':') from = node;
      else if (from >= 0) add_edge(le, from, node), edges++;
      p = q + 1;
    }
  }
  doc_free(&d);
  CHECK_MSG(edges == 23, "JEP lattice dict: %d edges read, 23 expected", edges);
  return edges == 23;
}

/* The least element of the common upper bounds of a and b in le, or -1 if there is none. */
static int lub(bool le[N][N], int a, int b) {
  int found = -1;
  for (int c = 0; c < N; c++) {
    if (!le[a][c] || !le[b][c]) continue;
    bool least = true;
    for (int e = 0; e < N; e++)
      if (le[a][e] && le[b][e] && !le[c][e]) least = false;
    if (least) {
      CHECK_MSG(found < 0, "two least upper bounds of %d, %d", a, b);
      found = c;
    }
  }
  return found;
}

static void check_join(const char *name, bool le[N][N], jaxc_lattice_id id, jaxc_dtype (*join)(jaxc_dtype, jaxc_dtype)) {
  long n = 0;
  for (int a = 0; a < N; a++) {
    /* The library's upper set (a bit per rank) is the document's, node for node. */
    uint32_t ub = jaxc_upper_set(id, (jaxc_dtype)a);
    for (int c = 0; c < N; c++)
      CHECK_MSG(((ub >> jaxc__dtype_ranks[c]) & 1u) == (uint32_t)le[a][c], "%s: upper set of %s at %s", name,
                jaxc_dtype_code((jaxc_dtype)a), jaxc_dtype_code((jaxc_dtype)c));
    for (int b = 0; b < N; b++, n++) {
      int j = join((jaxc_dtype)a, (jaxc_dtype)b);
      CHECK_MSG(j >= 0 && le[a][j] && le[b][j], "%s: %s v %s = %s is no upper bound", name,
                jaxc_dtype_code((jaxc_dtype)a), jaxc_dtype_code((jaxc_dtype)b), jaxc_dtype_code((jaxc_dtype)j));
      for (int c = 0; j >= 0 && c < N; c++)
        if (le[a][c] && le[b][c]) CHECK_MSG(le[j][c], "%s: %s v %s not below %s", name, jaxc_dtype_code((jaxc_dtype)a),
                                            jaxc_dtype_code((jaxc_dtype)b), jaxc_dtype_code((jaxc_dtype)c));
      CHECK_EQ_INT(j, lub(le, a, b));
    }
  }
  /* Exhaustive algebra: commutative, idempotent, associative over all 18^3 triples. */
  for (int a = 0; a < N; a++) {
    CHECK_EQ_INT(join((jaxc_dtype)a, (jaxc_dtype)a), a);
    for (int b = 0; b < N; b++) {
      jaxc_dtype ab = join((jaxc_dtype)a, (jaxc_dtype)b);
      CHECK_EQ_INT(ab, join((jaxc_dtype)b, (jaxc_dtype)a));
      for (int c = 0; c < N; c++, n++) {
        jaxc_dtype l = join(ab, (jaxc_dtype)c), r = join((jaxc_dtype)a, join((jaxc_dtype)b, (jaxc_dtype)c));
        if (l != r)
          CHECK_MSG(0, "%s not associative at %s %s %s", name, jaxc_dtype_code((jaxc_dtype)a),
                    jaxc_dtype_code((jaxc_dtype)b), jaxc_dtype_code((jaxc_dtype)c));
      }
    }
  }
  count_cells(name, n);
}

static void test_lattices(void) {
  if (!read_jep_lattice(le64)) return;
  /* The dict has no bool; the docs' table row b1 (b1 v x = x for every x) puts bool at the
     bottom, below i*, which is the edge JAX's lattice figure draws. */
  add_edge(le64, JAXC_BOOL, JAXC_WEAK_INT);
  memcpy(le32, le64, sizeof le32);
  /* x64 off, JAX adds u32 -> i32 (dtypes_test.py table B: u4 + i4 = i4; jax commit fbc29f5add). */
  add_edge(le32, JAXC_U32, JAXC_I32);
  close_order(le64);
  close_order(le32);
  for (int a = 0; a < N; a++) /* a partial order: antisymmetric */
    for (int b = 0; b < N; b++)
      if (a != b) CHECK(!(le64[a][b] && le64[b][a]) && !(le32[a][b] && le32[b][a]));
  check_join("jax lattice (x64), joins+triples", le64, JAXC_LATTICE_X64, jaxc_promote_types);
  check_join("jax lattice (x32), joins+triples", le32, JAXC_LATTICE_X32, jaxc_promote_types_x32);
  /* A few of the JEP's headline joins, spelled out. */
  CHECK_EQ_INT(jaxc_promote_types(JAXC_I8, JAXC_U8), JAXC_I16);
  CHECK_EQ_INT(jaxc_promote_types(JAXC_U64, JAXC_I64), JAXC_WEAK_FLOAT);
  CHECK_EQ_INT(jaxc_promote_types(JAXC_BF16, JAXC_F16), JAXC_F32);
  CHECK_EQ_INT(jaxc_promote_types_x32(JAXC_U32, JAXC_I8), JAXC_I32);
  CHECK_EQ_INT(jaxc_promote_types(JAXC_U32, JAXC_I8), JAXC_I64);
}

/* ---- 6. TF-NumPy flexible dtypes (tensorflow/python/framework/flexible_dtypes.py) ---- */
static int tf_node_of_code(const char *code) { /* the brief's mapping of TF's weak results */
  if (strcmp(code, "i32w") == 0 || strcmp(code, "i64w") == 0) return JAXC_WEAK_INT;
  if (strcmp(code, "f32w") == 0 || strcmp(code, "f64w") == 0) return JAXC_WEAK_FLOAT;
  if (strcmp(code, "c128w") == 0) return JAXC_WEAK_COMPLEX;
  return jep_code(code);
}
static const char *tf_code_of_node(int d) { /* Python literal: int -> i32w, float -> f32w, complex -> c128w */
  return d == JAXC_WEAK_INT ? "i32w" : d == JAXC_WEAK_FLOAT ? "f32w" : d == JAXC_WEAK_COMPLEX ? "c128w"
                                                                                            : jaxc_dtype_code((jaxc_dtype)d);
}
static void test_tf_flexible(void) {
  doc d;
  if (!doc_load(&d, "tensorflow-flexible-dtypes-table.txt")) return;
  enum { T = JAXC_TF_NUM_DTYPES };
  char hdr[T][32], cells[T][T][32];
  char w[MAX_CELLS + 2][32];
  int h = -1, n_rows = 0;
  for (int i = 0; i < d.n; i++) {
    if (d.lines[i][0] == '#' || split(d.lines[i], ' ', w, MAX_CELLS + 2) == 0) continue;
    if (h < 0) {
      h = i;
      CHECK_EQ_INT(split(d.lines[i], ' ', hdr, T), T);
      continue;
    }
    if (n_rows >= T) { n_rows++; break; }
    bool ok = split(d.lines[i], ' ', w, MAX_CELLS + 2) == T + 1 && strcmp(w[0], hdr[n_rows]) == 0;
    CHECK_MSG(ok, "TF table row %d malformed", n_rows);
    if (!ok) break;
    memcpy(cells[n_rows++], w + 1, sizeof cells[0]);
  }
  CHECK_EQ_INT(n_rows, T);
  if (n_rows != T) { doc_free(&d); return; }
  long n = 0;
  for (int r = 0; r < T; r++) {
    jaxc_tf_dtype a = jaxc_tf_dtype_parse(hdr[r]);
    CHECK_MSG(a != JAXC_TF_DTYPE_INVALID && strcmp(jaxc_tf_dtype_code(a), hdr[r]) == 0, "TF code %s", hdr[r]);
    for (int c = 0; c < T; c++, n++) {
      jaxc_tf_dtype b = jaxc_tf_dtype_parse(hdr[c]);
      char *slash = strchr(cells[r][c], '/');
      CHECK_MSG(slash && (slash[1] == 'S' || slash[1] == 'A'), "TF cell %s", cells[r][c]);
      if (!slash) continue;
      *slash = '\0';
      bool safe = slash[1] == 'S';
      jaxc_tf_dtype want = jaxc_tf_dtype_parse(cells[r][c]);
      CHECK_MSG(want != JAXC_TF_DTYPE_INVALID, "TF result code %s", cells[r][c]);
      jaxc_tf_dtype all = jaxc_tf_promote(JAXC_TF_MODE_ALL, a, b), sf = jaxc_tf_promote(JAXC_TF_MODE_SAFE, a, b);
      CHECK_MSG(all == want, "TF all %s v %s: want %s, got %s", hdr[r], hdr[c], cells[r][c], jaxc_tf_dtype_code(all));
      CHECK_MSG(sf == (safe ? want : JAXC_TF_DTYPE_INVALID), "TF safe %s v %s: want %s/%c, got %s", hdr[r], hdr[c],
                cells[r][c], slash[1], jaxc_tf_dtype_code(sf));
      *slash = '/';
    }
  }
  count_cells("tf flexible 20x20 (safe+all)", n);
  /* Our 18 nodes under TF_SAFE: weak operands are Python literals. */
  n = 0;
  for (int a = 0; a < N; a++)
    for (int b = 0; b < N; b++, n++) {
      int r = -1, c = -1;
      for (int k = 0; k < T; k++) {
        if (strcmp(hdr[k], tf_code_of_node(a)) == 0) r = k;
        if (strcmp(hdr[k], tf_code_of_node(b)) == 0) c = k;
      }
      CHECK(r >= 0 && c >= 0);
      if (r < 0 || c < 0) continue;
      char cell[32];
      strcpy(cell, cells[r][c]);
      char *slash = strchr(cell, '/');
      int want = JAXC_DTYPE_INVALID;
      if (slash && slash[1] == 'S') *slash = '\0', want = tf_node_of_code(cell);
      jaxc_dtype got = jaxc_promote_in(JAXC_RULES_TF_SAFE, (jaxc_dtype)a, (jaxc_dtype)b);
      CHECK_MSG(got == want, "tf-safe %s v %s: want %s, got %s", jaxc_dtype_code((jaxc_dtype)a),
                jaxc_dtype_code((jaxc_dtype)b), jaxc_dtype_code((jaxc_dtype)want), jaxc_dtype_code(got));
      CHECK_EQ_INT(jaxc_tf_dtype_node(jaxc_tf_dtype_of_node((jaxc_dtype)a)), a);
    }
  count_cells("tf-safe (18 nodes)", n);
  doc_free(&d);
}

/* ---- 7. Paddle's guide ---- */
static int paddle_reference(jaxc_paddle_op op, jaxc_dtype a, jaxc_dtype b) {
  /* The guide's special rules, restated from its prose on top of the general rule. */
  jaxc_dtype g = jaxc_promote_in(JAXC_RULES_PADDLE, a, b);
  bool scalar = jaxc_dtype_is_weak(a) || jaxc_dtype_is_weak(b);
  if (g == JAXC_DTYPE_INVALID) return g;
  int kg = jaxc_dtype_kind(g);
  switch (op) {
  case JAXC_PADDLE_GENERAL: return g;
  case JAXC_PADDLE_DIVIDE: /* "不会返回比 float 更小的类型": int32 / Scalar -> float32 */
    return scalar && (kg == JAXC_KIND_BOOL || kg == JAXC_KIND_INT || kg == JAXC_KIND_UINT) ? JAXC_F32 : g;
  case JAXC_PADDLE_LOGICAL: /* complex is out of scope; otherwise bool */
    return jaxc_dtype_kind(a) == JAXC_KIND_COMPLEX || jaxc_dtype_kind(b) == JAXC_KIND_COMPLEX || kg == JAXC_KIND_COMPLEX
               ? JAXC_DTYPE_INVALID : JAXC_BOOL;
  case JAXC_PADDLE_BITWISE: /* '-' between tensors: equal dtypes only */
    return !scalar && a != b ? JAXC_DTYPE_INVALID : g;
  case JAXC_PADDLE_TENSOR_ONLY: /* '-' with a scalar */
    return scalar ? JAXC_DTYPE_INVALID : g;
  default: return JAXC_DTYPE_INVALID;
  }
}

static void test_paddle(void) {
  doc d;
  if (!doc_load(&d, "paddle-implicit-type-promotion.zh.txt")) return;
  char w[MAX_CELLS][32];
  bool in_paddle[N] = {false};
  /* Tensor-tensor table (row a, column b). */
  int h = find_line(&d, 0, "+/-/* |", false);
  int nc = h >= 0 ? split(d.lines[h], '|', w, MAX_CELLS) - 1 : 0;
  CHECK_EQ_INT(nc, 12);
  int col[12];
  for (int c = 0; c < nc && c < 12; c++) {
    col[c] = jep_code(w[c + 1]);
    CHECK_MSG(col[c] >= 0, "paddle column %s", w[c + 1]);
    if (col[c] >= 0) in_paddle[col[c]] = true;
  }
  int tt[N][N], c64_row[12] = {0};
  bool tt_ok = nc == 12;
  for (int c = 0; c < nc && c < 12; c++) tt_ok = tt_ok && col[c] >= 0;
  for (int a = 0; a < N; a++)
    for (int b = 0; b < N; b++) tt[a][b] = NOT_A_CODE;
  for (int r = 0; tt_ok && r < 12; r++) {
    tt_ok = split(d.lines[h + 2 + r], '|', w, MAX_CELLS) == 13 && jep_code(w[0]) >= 0;
    for (int c = 0; tt_ok && c < 12; c++) {
      tt[jep_code(w[0])][col[c]] = jep_code(w[c + 1]);
      if (jep_code(w[0]) == JAXC_C64) c64_row[c] = jep_code(w[c + 1]);
    }
  }
  CHECK(tt_ok);
  /* The guide's c64 row is printed in the row order of its tensor-scalar table (the erratum
     noted in jaxc_promote.h): read in that order it is exactly the c64 column, which makes the
     table commutative, as the guide says promotion is, and gives its example c64 + f64 = c128. */
  int hs = find_line(&d, h + 1, "+/-/* |", false);
  for (int k = 0; tt_ok && hs >= 0 && k < 12; k++) {
    tt_ok = split(d.lines[hs + 2 + k], '|', w, MAX_CELLS) == 5 && jep_code(w[0]) >= 0;
    if (tt_ok) tt[JAXC_C64][jep_code(w[0])] = c64_row[k];
  }
  CHECK(tt_ok && hs >= 0);
  for (int c = 0; tt_ok && c < 12; c++)
    CHECK_MSG(tt[JAXC_C64][col[c]] == tt[col[c]][JAXC_C64], "paddle c64 row, reread, vs column at %s",
              jaxc_dtype_code((jaxc_dtype)col[c]));
  CHECK(tt_ok && tt[JAXC_C64][JAXC_F64] == JAXC_C128);
  long n = 0;
  for (int r = 0; tt_ok && r < 12; r++)
    for (int c = 0; c < 12; c++, n++) {
      jaxc_dtype a = (jaxc_dtype)col[r], b = (jaxc_dtype)col[c];
      int want = tt[a][b];
      CHECK(want != NOT_A_CODE);
      /* The guide's '-' on the diagonal (bool, integers) means no promotion is involved. */
      if (want == JAXC_DTYPE_INVALID && a == b) want = a;
      jaxc_dtype got = jaxc_promote_in(JAXC_RULES_PADDLE, a, b);
      CHECK_MSG(got == want, "paddle %s v %s: want %s, got %s", jaxc_dtype_code(a), jaxc_dtype_code(b),
                jaxc_dtype_code((jaxc_dtype)want), jaxc_dtype_code(got));
    }
  count_cells("paddle tensor-tensor", n);
  /* Dtypes Paddle lacks (u16, u32, u64) have no rule with anything. */
  n = 0;
  for (int a = 0; a < N; a++)
    if (!in_paddle[a] && !jaxc_dtype_is_weak((jaxc_dtype)a))
      for (int b = 0; b < N; b++, n += 2) {
        CHECK_EQ_INT(jaxc_promote_in(JAXC_RULES_PADDLE, (jaxc_dtype)a, (jaxc_dtype)b), JAXC_DTYPE_INVALID);
        CHECK_EQ_INT(jaxc_promote_in(JAXC_RULES_PADDLE, (jaxc_dtype)b, (jaxc_dtype)a), JAXC_DTYPE_INVALID);
      }
  count_cells("paddle absent dtypes", n);
  /* Tensor-scalar table: row = tensor dtype, column = Python scalar kind. */
  h = find_line(&d, h + 1, "+/-/* |", false);
  CHECK_EQ_INT(h >= 0 ? split(d.lines[h], '|', w, MAX_CELLS) : 0, 5);
  static const jaxc_kind kinds[4] = {JAXC_KIND_BOOL, JAXC_KIND_INT, JAXC_KIND_FLOAT, JAXC_KIND_COMPLEX};
  static const char *kind_names[4] = {"bool", "int", "float", "complex"};
  static const jaxc_dtype weak_of[4] = {JAXC_DTYPE_INVALID, JAXC_WEAK_INT, JAXC_WEAK_FLOAT, JAXC_WEAK_COMPLEX};
  for (int k = 0; h >= 0 && k < 4; k++) CHECK_MSG(strcmp(w[k + 1], kind_names[k]) == 0, "scalar column %s", w[k + 1]);
  n = 0;
  for (int r = 0; h >= 0 && r < 12; r++) {
    CHECK_EQ_INT(split(d.lines[h + 2 + r], '|', w, MAX_CELLS), 5);
    jaxc_dtype t = (jaxc_dtype)jep_code(w[0]);
    CHECK(in_paddle[t >= 0 ? t : 0] && t >= 0);
    for (int k = 0; k < 4; k++, n++) {
      jaxc_dtype want = (jaxc_dtype)jep_code(w[k + 1]);
      CHECK_MSG(jaxc_paddle_scalar(t, kinds[k]) == want, "paddle scalar %s + %s", w[0], kind_names[k]);
      if (weak_of[k] == JAXC_DTYPE_INVALID) continue;
      CHECK_EQ_INT(jaxc_promote_in(JAXC_RULES_PADDLE, t, weak_of[k]), want);
      CHECK_EQ_INT(jaxc_promote_in(JAXC_RULES_PADDLE, weak_of[k], t), want);
    }
  }
  count_cells("paddle tensor-scalar", n);
  /* The API table of section 四: (tensor-tensor rule, tensor-scalar rule) names the op class. */
  h = find_line(&d, 0, "序号 | API |", false);
  CHECK(h >= 0);
  n = 0;
  for (int i = h + 2; h >= 0 && i < d.n && split(d.lines[i], '|', w, MAX_CELLS) == 4; i++, n++) {
    const char *rule_tt = w[2], *rule_ts = w[3];
    int want = strcmp(rule_tt, "通用规则") == 0 && strcmp(rule_ts, "通用规则") == 0   ? JAXC_PADDLE_GENERAL
               : strcmp(rule_tt, "通用规则") == 0 && strcmp(rule_ts, "除法规则") == 0 ? JAXC_PADDLE_DIVIDE
               : strcmp(rule_tt, "逻辑规则") == 0 && strcmp(rule_ts, "逻辑规则") == 0 ? JAXC_PADDLE_LOGICAL
               : strcmp(rule_tt, "-") == 0 && strcmp(rule_ts, "通用规则") == 0        ? JAXC_PADDLE_BITWISE
               : strcmp(rule_tt, "通用规则") == 0 && strcmp(rule_ts, "-") == 0        ? JAXC_PADDLE_TENSOR_ONLY
                                                                            : -1;
    CHECK_MSG(want >= 0, "paddle API row %s: unknown rules %s / %s", w[1], rule_tt, rule_ts);
    char *paren = strchr(w[1], '('); /* "remainder(mod)": both names */
    if (paren) {
      char alias[32];
      snprintf(alias, sizeof alias, "%s", paren + 1);
      alias[strcspn(alias, ")")] = '\0';
      *paren = '\0';
      CHECK_MSG(jaxc_paddle_op_of(alias) == want, "paddle API %s", alias);
    }
    CHECK_MSG(jaxc_paddle_op_of(w[1]) == want, "paddle API %s: want class %d, got %d", w[1], want,
              jaxc_paddle_op_of(w[1]));
  }
  CHECK_EQ_INT(n, 32);
  count_cells("paddle API classes", n);
  /* The op rules over all pairs, and the guide's worked examples. */
  n = 0;
  for (int op = 0; op < JAXC_PADDLE_NUM_OPS; op++)
    for (int a = 0; a < N; a++)
      for (int b = 0; b < N; b++, n++)
        CHECK_MSG(jaxc_paddle_result((jaxc_paddle_op)op, (jaxc_dtype)a, (jaxc_dtype)b) ==
                      paddle_reference((jaxc_paddle_op)op, (jaxc_dtype)a, (jaxc_dtype)b),
                  "paddle op %d: %s v %s", op, jaxc_dtype_code((jaxc_dtype)a), jaxc_dtype_code((jaxc_dtype)b));
  count_cells("paddle op rules", n);
  CHECK_EQ_INT(jaxc_paddle_result(JAXC_PADDLE_GENERAL, JAXC_F16, JAXC_F32), JAXC_F32);
  CHECK_EQ_INT(jaxc_paddle_result(JAXC_PADDLE_GENERAL, JAXC_BF16, JAXC_F64), JAXC_F64);
  CHECK_EQ_INT(jaxc_paddle_result(JAXC_PADDLE_GENERAL, JAXC_C64, JAXC_F64), JAXC_C128);
  CHECK_EQ_INT(jaxc_paddle_result(JAXC_PADDLE_GENERAL, JAXC_C128, JAXC_C64), JAXC_C128);
  CHECK_EQ_INT(jaxc_paddle_result(JAXC_PADDLE_GENERAL, JAXC_F16, JAXC_WEAK_FLOAT), JAXC_F16);
  CHECK_EQ_INT(jaxc_paddle_result(JAXC_PADDLE_GENERAL, JAXC_WEAK_FLOAT, JAXC_I64), JAXC_F32);
  CHECK_EQ_INT(jaxc_paddle_result(JAXC_PADDLE_GENERAL, JAXC_I64, JAXC_F32), JAXC_DTYPE_INVALID);
  CHECK_EQ_INT(jaxc_paddle_result(JAXC_PADDLE_DIVIDE, JAXC_I32, JAXC_WEAK_INT), JAXC_F32);
  CHECK_EQ_INT(jaxc_paddle_result(JAXC_PADDLE_LOGICAL, JAXC_F32, JAXC_F16), JAXC_BOOL);
  CHECK_EQ_INT(jaxc_promote_in(JAXC_RULES_PADDLE, JAXC_I64, JAXC_C64), JAXC_C64);
  CHECK_EQ_INT(jaxc_promote_in(JAXC_RULES_PADDLE, JAXC_C64, JAXC_I64), JAXC_C64);
  doc_free(&d);
}

/* ---- 8. properties of every system: jaxc_check_rules against enumeration here ---- */
static void test_properties(void) {
  /* NumPy is not associative: (i8 v u8) v f16 = f32, i8 v (u8 v f16) = f16, in the document's
     own table as in ours. */
  if (numpy_doc_ok) {
    CHECK_EQ_INT(numpy_doc[numpy_doc[JAXC_I8][JAXC_U8]][JAXC_F16], JAXC_F32);
    CHECK_EQ_INT(numpy_doc[JAXC_I8][numpy_doc[JAXC_U8][JAXC_F16]], JAXC_F16);
  }
  jaxc_rules np = JAXC_RULES_NUMPY;
  CHECK(jaxc_promote_in(np, jaxc_promote_in(np, JAXC_I8, JAXC_U8), JAXC_F16) !=
        jaxc_promote_in(np, JAXC_I8, jaxc_promote_in(np, JAXC_U8, JAXC_F16)));

  printf("system     lattice defined  comm assoc idem  counterexample\n");
  for (int ri = 0; ri < JAXC_NUM_RULES; ri++) {
    jaxc_rules r = (jaxc_rules)ri;
    jaxc_rules_report rep;
    bool lattice = jaxc_check_rules(r, &rep);
    CHECK_EQ_INT(lattice, jaxc_check_rules(r, NULL));
    int defined = 0, first_comm[2] = {-1, -1}, first_assoc[3] = {-1, -1, -1}, first_idem = -1, assoc_defined = 0;
    for (int a = 0; a < N; a++) {
      jaxc_dtype aa = jaxc_promote_in(r, (jaxc_dtype)a, (jaxc_dtype)a);
      if (first_idem < 0 && aa != JAXC_DTYPE_INVALID && aa != a) first_idem = a;
      for (int b = 0; b < N; b++) {
        jaxc_dtype ab = jaxc_promote_in(r, (jaxc_dtype)a, (jaxc_dtype)b);
        defined += ab != JAXC_DTYPE_INVALID;
        if (first_comm[0] < 0 && ab != jaxc_promote_in(r, (jaxc_dtype)b, (jaxc_dtype)a)) first_comm[0] = a, first_comm[1] = b;
        for (int c = 0; c < N; c++) {
          jaxc_dtype bc = jaxc_promote_in(r, (jaxc_dtype)b, (jaxc_dtype)c);
          jaxc_dtype left = ab == JAXC_DTYPE_INVALID ? ab : jaxc_promote_in(r, ab, (jaxc_dtype)c);
          jaxc_dtype right = bc == JAXC_DTYPE_INVALID ? bc : jaxc_promote_in(r, (jaxc_dtype)a, bc);
          if (left == JAXC_DTYPE_INVALID || right == JAXC_DTYPE_INVALID) continue;
          assoc_defined++;
          if (first_assoc[0] < 0 && left != right) first_assoc[0] = a, first_assoc[1] = b, first_assoc[2] = c;
        }
      }
    }
    CHECK_EQ_INT(rep.total, N * N);
    CHECK_EQ_INT(rep.triples, N * N * N);
    CHECK_EQ_INT(rep.defined, defined);
    CHECK_EQ_INT(rep.assoc_defined, assoc_defined);
    CHECK_EQ_INT(rep.commutative, first_comm[0] < 0);
    CHECK_EQ_INT(rep.associative, first_assoc[0] < 0);
    CHECK_EQ_INT(rep.idempotent, first_idem < 0);
    CHECK_EQ_INT(rep.comm_counter[0], first_comm[0]);
    CHECK_EQ_INT(rep.comm_counter[1], first_comm[1]);
    for (int k = 0; k < 3; k++) CHECK_EQ_INT(rep.assoc_counter[k], first_assoc[k]);
    CHECK_EQ_INT(rep.idem_counter, first_idem);
    CHECK_EQ_INT(lattice, rep.commutative && rep.associative && rep.idempotent);
    /* A reported counterexample really is one. */
    if (!rep.associative) {
      jaxc_dtype a = rep.assoc_counter[0], b = rep.assoc_counter[1], c = rep.assoc_counter[2];
      CHECK(jaxc_promote_in(r, jaxc_promote_in(r, a, b), c) != jaxc_promote_in(r, a, jaxc_promote_in(r, b, c)));
    }
    if (!rep.commutative)
      CHECK(jaxc_promote_in(r, rep.comm_counter[0], rep.comm_counter[1]) !=
            jaxc_promote_in(r, rep.comm_counter[1], rep.comm_counter[0]));
    char ce[64] = "";
    if (!rep.commutative)
      snprintf(ce, sizeof ce, "comm (%s,%s) ", jaxc_dtype_code(rep.comm_counter[0]), jaxc_dtype_code(rep.comm_counter[1]));
    if (!rep.associative)
      snprintf(ce + strlen(ce), sizeof ce - strlen(ce), "assoc (%s,%s,%s) ", jaxc_dtype_code(rep.assoc_counter[0]),
               jaxc_dtype_code(rep.assoc_counter[1]), jaxc_dtype_code(rep.assoc_counter[2]));
    if (!rep.idempotent) snprintf(ce + strlen(ce), sizeof ce - strlen(ce), "idem %s", jaxc_dtype_code(rep.idem_counter));
    printf("%-10s %-7s %7d  %-4s %-5s %-4s  %s\n", jaxc_rules_name(r), lattice ? "yes" : "no", rep.defined,
           rep.commutative ? "yes" : "no", rep.associative ? "yes" : "no", rep.idempotent ? "yes" : "no", ce);
    count_cells("check_rules (pairs+triples, all systems)", N * N + N * N * N);
  }
  /* What the documents say: JAX's rules are lattices (JEP 9407's design goal; strict mode and
     jax.lax are sub-orders of it); NumPy's are not associative. */
  jaxc_rules_report rep;
  CHECK(jaxc_check_rules(JAXC_RULES_JAX, &rep) && rep.defined == N * N);
  CHECK(jaxc_check_rules(JAXC_RULES_JAX_STRICT, &rep));
  CHECK(jaxc_check_rules(JAXC_RULES_LAX, &rep));
  CHECK(!jaxc_check_rules(JAXC_RULES_NUMPY, &rep) && !rep.associative);
  /* TensorFlow's legacy table is the asymmetric one. */
  CHECK(!jaxc_check_rules(JAXC_RULES_TF_LEGACY, &rep) && !rep.commutative);
}

/* ---- 9. finfo, iinfo, can_cast, issubdtype: NumPy's answers, float.h, ml_dtypes, laws ---- */
static bool same_finfo(const jaxc_float_info *a, const jaxc_float_info *b) {
  return a->dtype == b->dtype && a->bits == b->bits && a->nmant == b->nmant && a->nexp == b->nexp && a->iexp == b->iexp &&
         a->maxexp == b->maxexp && a->minexp == b->minexp && a->machep == b->machep && a->negep == b->negep &&
         a->precision == b->precision && a->eps == b->eps && a->epsneg == b->epsneg && a->max == b->max && a->min == b->min &&
         a->smallest_normal == b->smallest_normal && a->tiny == b->tiny && a->smallest_subnormal == b->smallest_subnormal &&
         a->resolution == b->resolution;
}
/* NumPy 1.24's own answers (tests/data/numpy_dtypes.txt, written by gen_numpy_dtypes.py) */
static void test_numpy_dtype_facts(void) {
  doc d;
  if (!doc_load(&d, "numpy_dtypes.txt")) return;
  long casts = 0, finfos = 0, iinfos = 0, subs = 0;
  for (int i = 0; i < d.n; i++) {
    char c[24][32];
    int n = split(d.lines[i], ' ', c, 24);
    if (n == 0) continue;
    jaxc_dtype a = jaxc_dtype_parse(c[1]);
    CHECK_MSG(a != JAXC_DTYPE_INVALID, "line %d: dtype %s", i + 1, c[1]);
    if (strcmp(c[0], "CAST") == 0 && n == 8) {
      jaxc_dtype b = jaxc_dtype_parse(c[2]);
      for (int m = 0; m < 5; m++)
        CHECK_MSG(jaxc_can_cast(a, b, (jaxc_casting)m) == (atoi(c[3 + m]) == 1), "can_cast(%s, %s, %d)", c[1], c[2], m);
      casts++;
    } else if (strcmp(c[0], "FINFO") == 0 && n == 20) {
      jaxc_float_info f;
      CHECK(jaxc_finfo(a, &f));
      int want_i[9];
      for (int k = 0; k < 9; k++) want_i[k] = atoi(c[3 + k]);
      int got_i[9] = {f.bits, f.nmant, f.nexp, f.iexp, f.maxexp, f.minexp, f.machep, f.negep, f.precision};
      double got_d[8] = {f.eps, f.epsneg, f.max, f.min, f.smallest_normal, f.tiny, f.smallest_subnormal, f.resolution};
      CHECK_MSG(f.dtype == jaxc_dtype_parse(c[2]), "finfo(%s).dtype", c[1]);
      for (int k = 0; k < 9; k++) CHECK_MSG(got_i[k] == want_i[k], "finfo(%s) int field %d: %d vs %d", c[1], k, got_i[k], want_i[k]);
      for (int k = 0; k < 8; k++) CHECK_MSG(got_d[k] == strtod(c[12 + k], NULL), "finfo(%s) field %d: %a vs %s", c[1], k, got_d[k], c[12 + k]);
      finfos++;
    } else if (strcmp(c[0], "IINFO") == 0 && n == 5) {
      jaxc_int_info ii;
      CHECK(jaxc_iinfo(a, &ii));
      CHECK(ii.dtype == a && ii.bits == atoi(c[2]) && ii.min == strtoll(c[3], NULL, 10) && ii.max == strtoull(c[4], NULL, 10));
      iinfos++;
    } else if (strcmp(c[0], "SUBDTYPE") == 0 && n == 4) {
      int cls = jaxc_dtype_class_parse(c[2]);
      CHECK_MSG(cls >= 0 && strcmp(jaxc_dtype_class_name((jaxc_dtype_class)cls), c[2]) == 0, "class %s", c[2]);
      CHECK_MSG(jaxc_issubdtype(a, (jaxc_dtype_class)cls) == (atoi(c[3]) == 1), "issubdtype(%s, %s)", c[1], c[2]);
      subs++;
    } else {
      CHECK_MSG(0, "line %d: %s", i + 1, d.lines[i]);
    }
  }
  /* every pair of NumPy's 14 dtypes, its 5 floats and 8 integers, 14 x 9 classes */
  CHECK_EQ_INT(casts, 14 * 14);
  CHECK_EQ_INT(finfos, 5);
  CHECK_EQ_INT(iinfos, 8);
  CHECK_EQ_INT(subs, 14 * 9);
  count_cells("NumPy dtype facts", casts * 5 + finfos + iinfos + subs);
  doc_free(&d);
}

/* bfloat16, which this NumPy lacks: ml_dtypes' finfo (ml_dtypes/_finfo.py writes its fields out:
   eps 0x1p-7, epsneg 0x1p-8, max 0x1.FEp127, tiny 0x1p-126, smallest_subnormal 0x1p-133,
   precision 2, resolution bfloat16(0.01)) and the casts ml_dtypes registers as safe (its
   testCanCast: bool, int8, uint8 -> bfloat16 -> float32, float64, complex64, complex128) */
static void test_bfloat16_facts(void) {
  jaxc_float_info f;
  CHECK(jaxc_finfo(JAXC_BF16, &f) && f.dtype == JAXC_BF16);
  CHECK(f.bits == 16 && f.nmant == 7 && f.nexp == 8 && f.iexp == 8 && f.maxexp == 128 && f.minexp == -126);
  CHECK(f.machep == -7 && f.negep == -8 && f.precision == 2);
  CHECK(f.eps == 0x1p-7 && f.epsneg == 0x1p-8 && f.max == 0x1.FEp127 && f.min == -0x1.FEp127);
  CHECK(f.tiny == 0x1p-126 && f.smallest_normal == 0x1p-126 && f.smallest_subnormal == 0x1p-133);
  /* bfloat16(0.01): the float32 nearest 0.01, its top 16 bits rounded to nearest even */
  float r32 = 0.01f;
  uint32_t u;
  memcpy(&u, &r32, 4);
  u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
  memcpy(&r32, &u, 4);
  CHECK_MSG(f.resolution == (double)r32 && f.resolution == 0.010009765625, "bf16 resolution %.17g", f.resolution);
  static const jaxc_dtype into[] = {JAXC_BOOL, JAXC_I8, JAXC_U8, JAXC_BF16};
  static const jaxc_dtype outof[] = {JAXC_BF16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
  for (int d = 0; d < JAXC_NUM_CONCRETE_DTYPES; d++) {
    bool in = false, out = false;
    for (size_t k = 0; k < sizeof into / sizeof into[0]; k++) in |= into[k] == d;
    for (size_t k = 0; k < sizeof outof / sizeof outof[0]; k++) out |= outof[k] == d;
    CHECK_MSG(jaxc_can_cast((jaxc_dtype)d, JAXC_BF16, JAXC_CASTING_SAFE) == in, "can_cast(%s, bfloat16)", jaxc_dtype_name(d));
    CHECK_MSG(jaxc_can_cast(JAXC_BF16, (jaxc_dtype)d, JAXC_CASTING_SAFE) == out, "can_cast(bfloat16, %s)", jaxc_dtype_name(d));
    /* 'same_kind' ranks ml_dtypes' kind 'V' above every numeric kind: all in, only the safe out */
    CHECK(jaxc_can_cast((jaxc_dtype)d, JAXC_BF16, JAXC_CASTING_SAME_KIND));
    CHECK(jaxc_can_cast(JAXC_BF16, (jaxc_dtype)d, JAXC_CASTING_SAME_KIND) == out);
  }
  /* JAX counts bfloat16 a floating dtype, where NumPy alone cannot */
  CHECK(jaxc_issubdtype(JAXC_BF16, JAXC_CLASS_FLOATING) && jaxc_issubdtype(JAXC_BF16, JAXC_CLASS_INEXACT) &&
        jaxc_issubdtype(JAXC_BF16, JAXC_CLASS_NUMBER) && !jaxc_issubdtype(JAXC_BF16, JAXC_CLASS_COMPLEXFLOATING));
}

/* C's own description of float and double (float.h), an independent source for two formats */
static void test_float_h(void) {
  jaxc_float_info f, d;
  CHECK(jaxc_finfo(JAXC_F32, &f) && jaxc_finfo(JAXC_F64, &d));
  CHECK(f.eps == FLT_EPSILON && f.max == FLT_MAX && f.smallest_normal == FLT_MIN && f.smallest_subnormal == FLT_TRUE_MIN);
  CHECK(f.nmant == FLT_MANT_DIG - 1 && f.maxexp == FLT_MAX_EXP && f.minexp == FLT_MIN_EXP - 1 && f.precision == FLT_DIG);
  CHECK(d.eps == DBL_EPSILON && d.max == DBL_MAX && d.smallest_normal == DBL_MIN && d.smallest_subnormal == DBL_TRUE_MIN);
  CHECK(d.nmant == DBL_MANT_DIG - 1 && d.maxexp == DBL_MAX_EXP && d.minexp == DBL_MIN_EXP - 1 && d.precision == DBL_DIG);
  /* the format's arithmetic: 1 + eps is the next float, 1 + eps/2 rounds back to 1 (ties to
     even), 1 - epsneg the float before 1; resolution is 10^-precision rounded to the format */
  volatile float one = 1.0f;
  CHECK((float)(one + (float)f.eps) != 1.0f && (float)(one + (float)f.eps / 2) == 1.0f);
  CHECK((float)(one - (float)f.epsneg) < 1.0f && (float)(one - (float)f.epsneg / 2) == 1.0f);
  CHECK(f.resolution == (double)1e-6f && d.resolution == 1e-15);
  volatile double oned = 1.0;
  CHECK(oned + d.eps != 1.0 && oned + d.eps / 2 == 1.0 && oned - d.epsneg < 1.0 && oned - d.epsneg / 2 == 1.0);
}

/* what must hold between the answers, over every pair and casting */
static void test_info_laws(void) {
  static const jaxc_casting modes[] = {JAXC_CASTING_NO, JAXC_CASTING_EQUIV, JAXC_CASTING_SAFE, JAXC_CASTING_SAME_KIND, JAXC_CASTING_UNSAFE};
  long n = 0;
  for (int a = 0; a < N; a++) {
    /* a weak node is its Python type, which NumPy reads as the 64-bit dtype */
    jaxc_dtype a64 = jaxc_storage_dtype((jaxc_dtype)a, true);
    for (int b = 0; b < N; b++, n++) {
      jaxc_dtype b64 = jaxc_storage_dtype((jaxc_dtype)b, true);
      bool prev = false;
      for (int m = 0; m < 5; m++) {
        bool c = jaxc_can_cast((jaxc_dtype)a, (jaxc_dtype)b, modes[m]);
        CHECK(c == jaxc_can_cast(a64, b64, modes[m]));
        CHECK_MSG(!prev || c, "casting %d weaker than %d for %s -> %s", m, m - 1, jaxc_dtype_name(a), jaxc_dtype_name(b));
        prev = c;
      }
      CHECK(jaxc_can_cast((jaxc_dtype)a, (jaxc_dtype)b, JAXC_CASTING_NO) == (a64 == b64));
      CHECK(jaxc_can_cast((jaxc_dtype)a, (jaxc_dtype)b, JAXC_CASTING_UNSAFE));
      bool safe = jaxc_can_cast(a64, b64, JAXC_CASTING_SAFE);
      /* safe casts are a partial order: antisymmetric and transitive */
      if (a64 != b64) CHECK(!(safe && jaxc_can_cast(b64, a64, JAXC_CASTING_SAFE)));
      for (int c = 0; c < JAXC_NUM_CONCRETE_DTYPES; c++)
        if (safe && jaxc_can_cast(b64, (jaxc_dtype)c, JAXC_CASTING_SAFE)) CHECK(jaxc_can_cast(a64, (jaxc_dtype)c, JAXC_CASTING_SAFE));
      /* and, bfloat16 aside, NumPy's promotion (JEP 9407's appendix table) joins into b exactly
         when a casts safely to b */
      if (a64 != JAXC_BF16 && b64 != JAXC_BF16)
        CHECK_MSG(safe == (jaxc_promote_in(JAXC_RULES_NUMPY, a64, b64) == b64), "safe %s -> %s vs NumPy's table", jaxc_dtype_name(a64), jaxc_dtype_name(b64));
      /* a safe cast into an integer keeps its range; into a float, its format */
      jaxc_int_info ia, ib;
      jaxc_float_info fa, fb;
      if (safe && jaxc_iinfo(a64, &ia) && jaxc_iinfo(b64, &ib)) CHECK(ib.min <= ia.min && ia.max <= ib.max);
      if (safe && jaxc_finfo(a64, &fa) && jaxc_finfo(b64, &fb)) CHECK(fb.nmant >= fa.nmant && fb.maxexp >= fa.maxexp && fb.max >= fa.max);
    }
    jaxc_float_info f, f64;
    jaxc_int_info ii, i64;
    bool isf = jaxc_finfo((jaxc_dtype)a, &f), isi = jaxc_iinfo((jaxc_dtype)a, &ii);
    int k = jaxc_dtype_kind((jaxc_dtype)a);
    CHECK(isf == (k == JAXC_KIND_FLOAT || k == JAXC_KIND_COMPLEX) && isi == (k == JAXC_KIND_INT || k == JAXC_KIND_UINT));
    CHECK(isf == jaxc_issubdtype((jaxc_dtype)a, JAXC_CLASS_INEXACT) && isi == jaxc_issubdtype((jaxc_dtype)a, JAXC_CLASS_INTEGER));
    if (isf) {
      CHECK(jaxc_finfo(a64, &f64) && same_finfo(&f, &f64));
      CHECK(f.max == (2 - f.eps) * ldexp(1, f.maxexp - 1) && f.smallest_subnormal == ldexp(f.smallest_normal, -f.nmant));
      CHECK(f.bits == 1 + f.nexp + f.nmant && f.minexp == 2 - f.maxexp && f.eps == 2 * f.epsneg);
      CHECK(f.resolution > 0.9 * pow(10, -f.precision) && f.resolution < 1.1 * pow(10, -f.precision) &&
            f.eps <= pow(10, -f.precision) && 10 * f.eps > pow(10, -f.precision));
    }
    if (isi) {
      CHECK(jaxc_iinfo(a64, &i64) && i64.bits == ii.bits && i64.min == ii.min && i64.max == ii.max && ii.dtype == a64);
      /* max - min + 1 = 2^bits, min = 0 or -(max + 1) */
      CHECK(ii.bits == jaxc_dtype_bits(a64) && ii.max - (uint64_t)ii.min == (ii.bits == 64 ? UINT64_MAX : (UINT64_C(1) << ii.bits) - 1));
      CHECK(k == JAXC_KIND_UINT ? ii.min == 0 : (uint64_t)(-(ii.min + 1)) == ii.max);
    }
    /* the class hierarchy: generic > number > {integer > signed, unsigned; inexact > floating,
       complex}; bool only generic */
    bool cl[JAXC_NUM_CLASSES];
    for (int c = 0; c < JAXC_NUM_CLASSES; c++) cl[c] = jaxc_issubdtype((jaxc_dtype)a, (jaxc_dtype_class)c);
    CHECK(cl[JAXC_CLASS_GENERIC] && cl[JAXC_CLASS_BOOL] == (k == JAXC_KIND_BOOL) && cl[JAXC_CLASS_NUMBER] == !cl[JAXC_CLASS_BOOL]);
    CHECK(cl[JAXC_CLASS_INTEGER] == (cl[JAXC_CLASS_SIGNEDINTEGER] || cl[JAXC_CLASS_UNSIGNEDINTEGER]));
    CHECK(cl[JAXC_CLASS_INEXACT] == (cl[JAXC_CLASS_FLOATING] || cl[JAXC_CLASS_COMPLEXFLOATING]));
    CHECK(cl[JAXC_CLASS_NUMBER] == (cl[JAXC_CLASS_INTEGER] || cl[JAXC_CLASS_INEXACT]) && !(cl[JAXC_CLASS_INTEGER] && cl[JAXC_CLASS_INEXACT]));
  }
  count_cells("can_cast/finfo/iinfo laws", n);
  /* jnp.isdtype's kind names name the same classes */
  static const struct { const char *api; jaxc_dtype_class c; } kinds[] = {
    {"bool", JAXC_CLASS_BOOL}, {"signed integer", JAXC_CLASS_SIGNEDINTEGER}, {"unsigned integer", JAXC_CLASS_UNSIGNEDINTEGER},
    {"integral", JAXC_CLASS_INTEGER}, {"real floating", JAXC_CLASS_FLOATING}, {"complex floating", JAXC_CLASS_COMPLEXFLOATING},
    {"numeric", JAXC_CLASS_NUMBER}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) CHECK_EQ_INT(jaxc_dtype_class_parse(kinds[i].api), kinds[i].c);
  static const char *castings[] = {"no", "equiv", "safe", "same_kind", "unsafe"};
  for (int m = 0; m < 5; m++) CHECK_EQ_INT(jaxc_casting_parse(castings[m]), m);
  /* examples JAX's and NumPy's docs give */
  CHECK(jaxc_can_cast(JAXC_I32, JAXC_F64, JAXC_CASTING_SAFE) && !jaxc_can_cast(JAXC_I64, JAXC_F32, JAXC_CASTING_SAFE));
  CHECK(jaxc_can_cast(JAXC_I64, JAXC_F64, JAXC_CASTING_SAFE) && jaxc_can_cast(JAXC_F64, JAXC_F32, JAXC_CASTING_SAME_KIND));
  CHECK(!jaxc_can_cast(JAXC_F64, JAXC_I8, JAXC_CASTING_SAME_KIND) && jaxc_can_cast(JAXC_U64, JAXC_I8, JAXC_CASTING_SAME_KIND));
  CHECK(jaxc_can_cast(JAXC_WEAK_FLOAT, JAXC_F64, JAXC_CASTING_NO) && !jaxc_can_cast(JAXC_WEAK_FLOAT, JAXC_F32, JAXC_CASTING_SAFE));
}

static void test_info_bad_input(void) {
  static const int bad[] = {18, 19, 99, -1, -7, 1 << 30};
  jaxc_float_info f;
  jaxc_int_info ii;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    jaxc_dtype x = (jaxc_dtype)bad[i];
    memset(&f, 0x5a, sizeof f), memset(&ii, 0x5a, sizeof ii);
    CHECK(!jaxc_finfo(x, &f) && f.dtype == JAXC_DTYPE_INVALID && f.bits == 0 && f.eps == 0);
    CHECK(!jaxc_iinfo(x, &ii) && ii.dtype == JAXC_DTYPE_INVALID && ii.bits == 0 && ii.max == 0);
    for (int c = 0; c < JAXC_NUM_CLASSES; c++) CHECK(!jaxc_issubdtype(x, (jaxc_dtype_class)c));
    for (int m = 0; m < 5; m++)
      for (int d = 0; d < N; d++) CHECK(!jaxc_can_cast(x, (jaxc_dtype)d, (jaxc_casting)m) && !jaxc_can_cast((jaxc_dtype)d, x, (jaxc_casting)m));
    /* bad castings and classes */
    CHECK(!jaxc_can_cast(JAXC_I8, JAXC_I8, (jaxc_casting)bad[i]) && !jaxc_issubdtype(JAXC_I8, (jaxc_dtype_class)bad[i]));
    CHECK(strcmp(jaxc_dtype_class_name((jaxc_dtype_class)bad[i]), "invalid") == 0);
  }
  /* not inexact, not an integer: NumPy raises, the answer here is false with *out cleared */
  static const jaxc_dtype not_float[] = {JAXC_BOOL, JAXC_U8, JAXC_I64, JAXC_WEAK_INT};
  static const jaxc_dtype not_int[] = {JAXC_BOOL, JAXC_BF16, JAXC_F32, JAXC_C64, JAXC_WEAK_FLOAT, JAXC_WEAK_COMPLEX};
  for (size_t i = 0; i < sizeof not_float / sizeof not_float[0]; i++) {
    memset(&f, 0x5a, sizeof f);
    CHECK(!jaxc_finfo(not_float[i], &f) && f.dtype == JAXC_DTYPE_INVALID && f.max == 0);
  }
  for (size_t i = 0; i < sizeof not_int / sizeof not_int[0]; i++) {
    memset(&ii, 0x5a, sizeof ii);
    CHECK(!jaxc_iinfo(not_int[i], &ii) && ii.dtype == JAXC_DTYPE_INVALID && ii.max == 0);
  }
  CHECK(!jaxc_finfo(JAXC_F32, NULL) && !jaxc_iinfo(JAXC_I32, NULL));
  static const char *bad_names[] = {"", "float", "Floating", "real_floating", "integer ", "safe", "bool_ ", "int8"};
  for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++)
    CHECK_MSG(jaxc_dtype_class_parse(bad_names[i]) == -1, "class \"%s\"", bad_names[i]);
  CHECK(jaxc_dtype_class_parse(NULL) == -1 && jaxc_casting_parse(NULL) == -1 && jaxc_casting_parse("Safe") == -1 &&
        jaxc_casting_parse("") == -1 && jaxc_casting_parse("same-kind") == -1);
}

/* ---- 10. names, parsing and bad input ---- */
static void test_bad_input(void) {
  static const char *bad[] = {"", "Int8", "INT8", "int8 ", " i8", "i8x", "int", "float", "complex", "u128", "bfloat",
                              "Bool", "B", "I*", "f32\n", "float64x", "c256", "int*x", "invalid", "-"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK_MSG(jaxc_dtype_parse(bad[i]) == JAXC_DTYPE_INVALID, "parse(\"%s\")", bad[i]);
  CHECK_EQ_INT(jaxc_dtype_parse(NULL), JAXC_DTYPE_INVALID);
  for (int d = 0; d < N; d++) {
    CHECK_EQ_INT(jaxc_dtype_parse(jaxc_dtype_name((jaxc_dtype)d)), d);
    CHECK_EQ_INT(jaxc_dtype_parse(jaxc_dtype_code((jaxc_dtype)d)), d);
    CHECK(strcmp(jaxc_dtype_name((jaxc_dtype)d), "invalid") != 0);
  }
  for (int t = 0; t < JAXC_TF_NUM_DTYPES; t++) CHECK_EQ_INT(jaxc_tf_dtype_parse(jaxc_tf_dtype_code((jaxc_tf_dtype)t)), t);
  for (int r = 0; r < JAXC_NUM_RULES; r++) CHECK_EQ_INT(jaxc_rules_parse(jaxc_rules_name((jaxc_rules)r)), r);
  CHECK_EQ_INT(jaxc_rules_parse(NULL), -1);
  CHECK_EQ_INT(jaxc_rules_parse("JAX"), -1);
  CHECK_EQ_INT(jaxc_rules_parse(""), -1);
  CHECK_EQ_INT(jaxc_tf_dtype_parse(NULL), JAXC_TF_DTYPE_INVALID);
  CHECK_EQ_INT(jaxc_tf_dtype_parse("I32W"), JAXC_TF_DTYPE_INVALID);
  CHECK_EQ_INT(jaxc_paddle_op_of(NULL), -1);
  CHECK_EQ_INT(jaxc_paddle_op_of("Add"), -1);
  CHECK_EQ_INT(jaxc_paddle_op_of(""), -1);

  static const int bad_dtypes[] = {18, 19, 99, -1, -7, 1 << 30, -(1 << 30)};
  static const int bad_rules[] = {8, 99, -1, -7};
  long n = 0;
  for (size_t i = 0; i < sizeof bad_dtypes / sizeof bad_dtypes[0]; i++) {
    jaxc_dtype x = (jaxc_dtype)bad_dtypes[i];
    CHECK(strcmp(jaxc_dtype_name(x), "invalid") == 0 && strcmp(jaxc_dtype_code(x), "invalid") == 0);
    CHECK(jaxc_dtype_kind(x) == -1 && jaxc_dtype_bits(x) == 0 && !jaxc_dtype_is_weak(x));
    CHECK(jaxc_storage_dtype(x, true) == JAXC_DTYPE_INVALID && jaxc_storage_dtype(x, false) == JAXC_DTYPE_INVALID);
    CHECK(jaxc_canonicalize_dtype(x, true) == JAXC_DTYPE_INVALID && jaxc_canonicalize_dtype(x, false) == JAXC_DTYPE_INVALID);
    CHECK(jaxc_tf_dtype_of_node(x) == JAXC_TF_DTYPE_INVALID);
    for (int l = 0; l < 3; l++) CHECK(jaxc_upper_set((jaxc_lattice_id)l, x) == 0);
    CHECK(JAXC_PROMOTE(x, JAXC_I8) == JAXC_DTYPE_INVALID && JAXC_PROMOTE(JAXC_I8, x) == JAXC_DTYPE_INVALID);
    CHECK(jaxc_paddle_scalar(x, JAXC_KIND_INT) == JAXC_DTYPE_INVALID);
    for (int k = -1; k < N + 2; k++) {
      jaxc_dtype y = (jaxc_dtype)k;
      CHECK(jaxc_promote_types(x, y) == JAXC_DTYPE_INVALID && jaxc_promote_types(y, x) == JAXC_DTYPE_INVALID);
      CHECK(jaxc_promote_types_x32(x, y) == JAXC_DTYPE_INVALID && jaxc_promote_types_x32(y, x) == JAXC_DTYPE_INVALID);
      for (int l = 0; l < 3; l++)
        CHECK(jaxc_lattice_join((jaxc_lattice_id)l, x, y) == JAXC_DTYPE_INVALID &&
              jaxc_lattice_join((jaxc_lattice_id)l, y, x) == JAXC_DTYPE_INVALID);
      for (int r = 0; r < JAXC_NUM_RULES; r++) {
        CHECK(jaxc_promote_in((jaxc_rules)r, x, y) == JAXC_DTYPE_INVALID &&
              jaxc_promote_in((jaxc_rules)r, y, x) == JAXC_DTYPE_INVALID);
        CHECK(jaxc_result_node((jaxc_rules)r, true, x, y) == JAXC_DTYPE_INVALID &&
              jaxc_result_node((jaxc_rules)r, false, y, x) == JAXC_DTYPE_INVALID);
      }
      for (int op = 0; op < JAXC_PADDLE_NUM_OPS; op++)
        CHECK(jaxc_paddle_result((jaxc_paddle_op)op, x, y) == JAXC_DTYPE_INVALID &&
              jaxc_paddle_result((jaxc_paddle_op)op, y, x) == JAXC_DTYPE_INVALID);
      n++;
    }
  }
  for (size_t i = 0; i < sizeof bad_rules / sizeof bad_rules[0]; i++) {
    jaxc_rules r = (jaxc_rules)bad_rules[i];
    CHECK(strcmp(jaxc_rules_name(r), "invalid") == 0);
    jaxc_rules_report rep;
    memset(&rep, 0x5a, sizeof rep);
    CHECK(!jaxc_check_rules(r, &rep) && rep.total == 0 && rep.defined == 0 && !rep.commutative);
    CHECK(!jaxc_check_rules(r, NULL));
    for (int a = 0; a < N; a++)
      for (int b = 0; b < N; b++, n++) {
        CHECK(jaxc_promote_in(r, (jaxc_dtype)a, (jaxc_dtype)b) == JAXC_DTYPE_INVALID);
        CHECK(jaxc_result_node(r, true, (jaxc_dtype)a, (jaxc_dtype)b) == JAXC_DTYPE_INVALID);
      }
  }
  /* Bad lattice ids, TF modes and dtypes, Paddle ops and scalar kinds. */
  static const int bad_small[] = {5, 7, 99, -1, -7};
  for (size_t i = 0; i < sizeof bad_small / sizeof bad_small[0]; i++) {
    int v = bad_small[i];
    CHECK(jaxc_upper_set((jaxc_lattice_id)v, JAXC_I8) == 0);
    CHECK(jaxc_lattice_join((jaxc_lattice_id)v, JAXC_I8, JAXC_U8) == JAXC_DTYPE_INVALID);
    CHECK(jaxc_tf_promote((jaxc_tf_mode)v, JAXC_TF_I8, JAXC_TF_I8) == JAXC_TF_DTYPE_INVALID);
    CHECK(jaxc_paddle_result((jaxc_paddle_op)v, JAXC_F32, JAXC_F16) == JAXC_DTYPE_INVALID);
    CHECK(jaxc_paddle_scalar(JAXC_F32, (jaxc_kind)v) == JAXC_DTYPE_INVALID);
  }
  CHECK(jaxc_paddle_scalar(JAXC_F32, JAXC_KIND_UINT) == JAXC_DTYPE_INVALID);
  static const int bad_tf[] = {20, 21, 99, -1, -7};
  for (size_t i = 0; i < sizeof bad_tf / sizeof bad_tf[0]; i++) {
    jaxc_tf_dtype t = (jaxc_tf_dtype)bad_tf[i];
    CHECK(strcmp(jaxc_tf_dtype_code(t), "invalid") == 0 && jaxc_tf_dtype_node(t) == JAXC_DTYPE_INVALID);
    for (int m = 0; m < 2; m++)
      CHECK(jaxc_tf_promote((jaxc_tf_mode)m, t, JAXC_TF_I8) == JAXC_TF_DTYPE_INVALID &&
            jaxc_tf_promote((jaxc_tf_mode)m, JAXC_TF_I8, t) == JAXC_TF_DTYPE_INVALID);
  }
  count_cells("bad-input calls", n);
}

int main(void) {
  test_golden();
  test_observed_tables();
  test_docs_table();
  test_appendix();
  test_lattices();
  test_tf_flexible();
  test_paddle();
  test_properties();
  test_bad_input();
  test_numpy_dtype_facts();
  test_bfloat16_facts();
  test_float_h();
  test_info_laws();
  test_info_bad_input();
  for (int i = 0; i < n_counts; i++) printf("%s: %ld cells checked\n", counts[i].name, counts[i].cells);
  return check_summary("test_promote");
}
