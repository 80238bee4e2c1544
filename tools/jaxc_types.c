/* jaxc-types — a teaching tool for dtype promotion: JAX's lattice (JEP 9407) next to the rules
   of NumPy, PyTorch, TensorFlow, Paddle and jax.lax, all read from jaxc_promote.h.

     jaxc-types table   [--rules R] [--x64|--x32]                  the 18x18 table
     jaxc-types promote A B [--rules R] [--x64|--x32] [--explain]  one pair, with the lattice path
     jaxc-types lattice [--rules R] [--x32] [--dot]                the lattice (Graphviz with --dot)
     jaxc-types check   [--rules R]                                is the system a lattice?
     jaxc-types list                                               dtypes and systems
     jaxc-types info A                                             finfo / iinfo, classes, safe casts
     jaxc-types cast [A B] [--casting C]                           np.can_cast: a table, or one pair

   Nothing here repeats a dtype list or an edge: the edges come from the JAXC_LATTICE X-macro,
   the joins from jaxc_promote_in / jaxc_lattice_join / jaxc_result_node, the names from the
   dtype table. Paths are shortest paths (BFS) over those edges.

   Views of a result: by default a lattice node (i*, f*, c* are the weak types); with --x64 or
   --x32 the dtype JAX stores with x64 on or off, a trailing '~' marking a weakly typed result,
   as the golden file writes it ('i32~').

   Exit status: 0 done, 1 a runtime failure (a write error, a report the library did not fill),
   2 bad arguments (usage on stderr). */
#include <stdio.h>
#include <string.h>

#include "jaxc_promote.h"

#define NDT JAXC_NUM_DTYPES
#define EXIT_USAGE 2

/* ---- the lattice's edges, from the X-macro ------------------------------------------------ */

/* JAXC_LATTICE writes "no successor" as NONE; pasting every row name onto JT_ID_ gives NONE a
   value (-1) alongside the real dtypes. */
#define JT_ID_ROW(E, code, name, kind, bits, T, rank, s64, s32) JT_ID_##E = JAXC_##E,
enum { JAXC_DTYPES(JT_ID_ROW) JT_ID_NONE = -1 };

typedef struct raw_edge { int from, to; bool x32_only; } raw_edge;
#define JT_EDGE_ROW(E, a, b, c, x)                                                          \
  {JT_ID_##E, JT_ID_##a, false}, {JT_ID_##E, JT_ID_##b, false}, {JT_ID_##E, JT_ID_##c, false}, \
  {JT_ID_##E, JT_ID_##x, true},
static const raw_edge lattice_rows[] = {JAXC_LATTICE(JT_EDGE_ROW)};
#define NUM_LATTICE_ROWS ((int)(sizeof lattice_rows / sizeof lattice_rows[0]))

/* How an edge is drawn: a plain edge, one that exists only with x64 off, or one that a longer
   path makes redundant (kept so the picture still shows the X-macro's every edge). */
enum edge_style { EDGE_PLAIN, EDGE_X32_ONLY, EDGE_IMPLIED };

typedef struct graph {
  int n;
  unsigned char from[NDT * NDT], to[NDT * NDT], style[NDT * NDT];
} graph;

static void graph_add(graph *g, int from, int to, enum edge_style style) {
  if (g->n >= NDT * NDT) return;
  g->from[g->n] = (unsigned char)from;
  g->to[g->n] = (unsigned char)to;
  g->style[g->n] = (unsigned char)style;
  g->n++;
}

/* le[a][b]: a <= b in the order being drawn. */
typedef bool relation[NDT][NDT];

/* a <= b in one of the header's lattices exactly when their join is b. */
static void relation_of_lattice(jaxc_lattice_id l, relation le) {
  for (int a = 0; a < NDT; a++)
    for (int b = 0; b < NDT; b++) le[a][b] = jaxc_lattice_join(l, (jaxc_dtype)a, (jaxc_dtype)b) == (jaxc_dtype)b;
}

/* For a table that may not be a lattice: a <= b when either operand order promotes a and b to b
   (TensorFlow's table is not symmetric; reading both orders draws what it allows at all). */
static void relation_of_rules(jaxc_rules r, relation le) {
  for (int a = 0; a < NDT; a++)
    for (int b = 0; b < NDT; b++)
      le[a][b] = jaxc_promote_in(r, (jaxc_dtype)a, (jaxc_dtype)b) == (jaxc_dtype)b ||
                 jaxc_promote_in(r, (jaxc_dtype)b, (jaxc_dtype)a) == (jaxc_dtype)b;
}

/* An edge a -> b is a cover when no third node c sits between them. */
static bool is_cover(relation le, int a, int b) {
  if (a == b || !le[a][b]) return false;
  for (int c = 0; c < NDT; c++)
    if (c != a && c != b && le[a][c] && le[c][b]) return false;
  return true;
}

/* The transitive reduction (Hasse diagram) of le. */
static void hasse(relation le, graph *g) {
  g->n = 0;
  for (int a = 0; a < NDT; a++)
    for (int b = 0; b < NDT; b++)
      if (is_cover(le, a, b)) graph_add(g, a, b, EDGE_PLAIN);
}

/* JAX's lattice as the X-macro writes it; with x64 off, plus its x32 edge(s), and then an edge
   that a longer path now covers is marked implied. */
static void jax_graph(graph *g, bool x32) {
  static relation le32;
  if (x32) relation_of_lattice(JAXC_LATTICE_X32, le32);
  g->n = 0;
  for (int i = 0; i < NUM_LATTICE_ROWS; i++) {
    const raw_edge *e = &lattice_rows[i];
    if (e->to == JT_ID_NONE || (e->x32_only && !x32)) continue;
    enum edge_style s = e->x32_only ? EDGE_X32_ONLY : EDGE_PLAIN;
    if (x32 && !is_cover(le32, e->from, e->to)) s = EDGE_IMPLIED;
    graph_add(g, e->from, e->to, s);
  }
}

static bool is_x32_only_edge(int from, int to) {
  for (int i = 0; i < NUM_LATTICE_ROWS; i++)
    if (lattice_rows[i].x32_only && lattice_rows[i].from == from && lattice_rows[i].to == to) return true;
  return false;
}

/* Shortest path from -> to along g's edges (BFS, ties broken by edge order). Writes the nodes
   into path[] and returns how many there are; 0 when `to` cannot be reached. */
static int shortest_path(const graph *g, int from, int to, int path[NDT]) {
  int prev[NDT], queue[NDT], head = 0, tail = 0;
  if (from < 0 || from >= NDT || to < 0 || to >= NDT) return 0;
  for (int i = 0; i < NDT; i++) prev[i] = -2;
  prev[from] = -1;
  queue[tail++] = from;
  while (head < tail && prev[to] == -2) {
    int u = queue[head++];
    for (int e = 0; e < g->n; e++)
      if (g->from[e] == u && prev[g->to[e]] == -2) {
        prev[g->to[e]] = u;
        queue[tail++] = g->to[e];
      }
  }
  if (prev[to] == -2) return 0;
  int n = 0, rev[NDT];
  for (int v = to; v != -1; v = prev[v]) rev[n++] = v;
  for (int i = 0; i < n; i++) path[i] = rev[n - 1 - i];
  return n;
}

/* ---- names ----------------------------------------------------------------------------------- */

#define JT_TITLE_ROW(E, id, title) title,
static const char *const rules_titles[] = {JAXC_RULES_TABLE(JT_TITLE_ROW)};
JAXC_STATIC_ASSERT(sizeof rules_titles / sizeof rules_titles[0] == JAXC_NUM_RULES, "one title per system");

static const char *rules_title(jaxc_rules r) {
  return (unsigned)r < (unsigned)JAXC_NUM_RULES ? rules_titles[r] : "invalid";
}

/* Indexed by jaxc_kind (ORDER: jaxc_kind). */
static const char *const kind_names[] = {"bool", "unsigned", "signed", "float", "complex"};
JAXC_STATIC_ASSERT(sizeof kind_names / sizeof kind_names[0] == JAXC_KIND_COMPLEX + 1, "one name per kind");

static const char *kind_name(jaxc_dtype d) {
  int k = jaxc_dtype_kind(d);
  return k >= 0 && k <= JAXC_KIND_COMPLEX ? kind_names[k] : "invalid";
}

static const char *code(jaxc_dtype d) { return jaxc_dtype_code(d); }

/* ---- views and answers ----------------------------------------------------------------------- */

enum view { VIEW_NODES, VIEW_X64, VIEW_X32 };

static bool has_x64_switch(jaxc_rules r) { return r == JAXC_RULES_JAX || r == JAXC_RULES_JAX_STRICT; }

/* The answer of rules r for (a, b) as text: a lattice node, or the dtype JAX stores with a '~'
   when weakly typed; "-" where r defines no promotion. */
static const char *answer_text(jaxc_rules r, enum view v, jaxc_dtype a, jaxc_dtype b, char buf[16]) {
  if (v == VIEW_NODES) {
    jaxc_dtype d = jaxc_promote_in(r, a, b);
    return d == JAXC_DTYPE_INVALID ? "-" : code(d);
  }
  bool x64 = v == VIEW_X64;
  jaxc_dtype node = jaxc_result_node(r, x64, a, b);
  if (node == JAXC_DTYPE_INVALID) return "-";
  snprintf(buf, 16, "%s%s", code(jaxc_storage_dtype(node, x64)), jaxc_dtype_is_weak(node) ? "~" : "");
  return buf;
}

static const char *view_words(enum view v) {
  return v == VIEW_X64   ? "dtype stored with x64 on, '~' = weakly typed"
         : v == VIEW_X32 ? "dtype stored with x64 off (JAX's default), '~' = weakly typed"
                         : "lattice nodes, i* f* c* = weak types";
}

/* ---- usage and argument errors ----------------------------------------------------------------- */

static void usage(FILE *f) {
  fputs("usage: jaxc-types <command> [options]\n"
        "  table   [--rules R] [--x64|--x32]           the 18x18 promotion table (row = first operand)\n"
        "  promote A B [--rules R] [--x64|--x32] [--explain]\n"
        "                                              the promotion of dtypes A and B\n"
        "  lattice [--rules R] [--x32] [--dot]         each node's successors (Graphviz DOT with --dot)\n"
        "  check   [--rules R]                         lattice properties of a system\n"
        "  list                                        the dtypes and the systems\n"
        "  info A                                      jnp.finfo / jnp.iinfo of A, its classes, its safe casts\n"
        "  cast [A B] [--casting C]                    jnp.can_cast: the table for one casting (default\n"
        "                                              safe), or A -> B under all five\n"
        "  help                                        this message\n"
        "dtypes:",
        f);
  for (int d = 0; d < NDT; d++) fprintf(f, " %s", code((jaxc_dtype)d));
  fputs("\n        (or their names: bool, uint8, ..., bfloat16, ..., int*, float*, complex*)\nrules: ", f);
  for (int r = 0; r < JAXC_NUM_RULES; r++) fprintf(f, " %s", jaxc_rules_name((jaxc_rules)r));
  fputs("   (default jax)\n"
        "views:  default: lattice nodes; --x64 / --x32: the dtype JAX stores with x64 on / off,\n"
        "        '~' marking a weakly typed result (jax and strict rules only)\n"
        "examples:\n"
        "  jaxc-types promote i8 u8 --explain\n"
        "  jaxc-types table --x32\n"
        "  jaxc-types info bf16\n"
        "  jaxc-types cast --casting same_kind\n"
        "  jaxc-types lattice --dot | dot -Tsvg -o lattice.svg\n",
        f);
}

/* Prints "jaxc-types: <message>" and the usage on stderr; the caller exits EXIT_USAGE. A user's
   string is echoed at most 40 characters long. */
static int bad_usage(const char *what, const char *arg) {
  if (arg)
    fprintf(stderr, "jaxc-types: %s '%.40s%s'\n", what, arg, strlen(arg) > 40 ? "..." : "");
  else
    fprintf(stderr, "jaxc-types: %s\n", what);
  usage(stderr);
  return EXIT_USAGE;
}

/* ---- options ----------------------------------------------------------------------------------- */

typedef struct options {
  jaxc_rules rules;
  bool rules_given, explain, dot;
  int casting; /* jaxc_casting, or -1 when not given */
  enum view view;
  int n_operands;
  const char *operand[2];
} options;

enum allowed { ALLOW_RULES = 1, ALLOW_VIEW = 2, ALLOW_EXPLAIN = 4, ALLOW_DOT = 8, ALLOW_CASTING = 16 };

/* Parses argv[first..argc) into *o. Returns 0 or EXIT_USAGE (usage already printed). */
static int parse_options(int argc, char **argv, int first, unsigned allowed, int max_operands, options *o) {
  const char *rules_arg = NULL;
  bool x64 = false, x32 = false;
  memset(o, 0, sizeof *o);
  o->rules = JAXC_RULES_JAX;
  o->casting = -1;
  for (int i = first; i < argc; i++) {
    const char *s = argv[i];
    if ((allowed & ALLOW_CASTING) && (strcmp(s, "--casting") == 0 || strncmp(s, "--casting=", 10) == 0)) {
      if (o->casting >= 0) return bad_usage("--casting given twice", NULL);
      const char *v = s[9] == '=' ? s + 10 : i + 1 < argc ? argv[++i] : NULL;
      if (!v) return bad_usage("--casting needs a value", NULL);
      if ((o->casting = jaxc_casting_parse(v)) < 0) return bad_usage("unknown casting (no, equiv, safe, same_kind, unsafe)", v);
      continue;
    }
    if (strcmp(s, "--rules") == 0 || strncmp(s, "--rules=", 8) == 0) {
      if (!(allowed & ALLOW_RULES)) return bad_usage("this command takes no option", s);
      if (rules_arg) return bad_usage("--rules given twice", NULL);
      if (s[7] == '=') rules_arg = s + 8;
      else if (i + 1 < argc) rules_arg = argv[++i];
      else return bad_usage("--rules needs a value", NULL);
    } else if (strcmp(s, "--x64") == 0 || strcmp(s, "--x32") == 0) {
      if (!(allowed & ALLOW_VIEW)) return bad_usage("this command takes no option", s);
      if (s[3] == '6') x64 = true;
      else x32 = true;
    } else if (strcmp(s, "--explain") == 0 && (allowed & ALLOW_EXPLAIN)) {
      o->explain = true;
    } else if (strcmp(s, "--dot") == 0 && (allowed & ALLOW_DOT)) {
      o->dot = true;
    } else if (s[0] == '-' && s[1] == '-') {
      return bad_usage("unknown option", s);
    } else {
      if (o->n_operands >= max_operands) return bad_usage("unexpected argument", s);
      o->operand[o->n_operands++] = s;
    }
  }
  if (x64 && x32) return bad_usage("--x64 and --x32 exclude each other", NULL);
  o->view = x64 ? VIEW_X64 : x32 ? VIEW_X32 : VIEW_NODES;
  if (rules_arg) {
    int r = jaxc_rules_parse(rules_arg);
    if (r < 0) return bad_usage("unknown rules", rules_arg);
    o->rules = (jaxc_rules)r;
    o->rules_given = true;
  }
  if (o->view != VIEW_NODES && !has_x64_switch(o->rules))
    return bad_usage("--x64/--x32 apply to the jax and strict rules only", NULL);
  return 0;
}

static int parse_dtype(const char *s, jaxc_dtype *out) {
  *out = jaxc_dtype_parse(s);
  return *out == JAXC_DTYPE_INVALID ? bad_usage("unknown dtype (see 'jaxc-types list')", s) : 0;
}

/* ---- table ----------------------------------------------------------------------------------- */

static void print_table(jaxc_rules r, enum view v) {
  char buf[16];
  printf("# %s: %s; row = first operand, '-' = no promotion\n", rules_title(r), view_words(v));
  printf("%-4s", "");
  for (int b = 0; b < NDT; b++) printf(" %5s", code((jaxc_dtype)b));
  putchar('\n');
  for (int a = 0; a < NDT; a++) {
    printf("%-4s", code((jaxc_dtype)a));
    for (int b = 0; b < NDT; b++) printf(" %5s", answer_text(r, v, (jaxc_dtype)a, (jaxc_dtype)b, buf));
    putchar('\n');
  }
}

static int cmd_table(int argc, char **argv) {
  options o;
  int rc = parse_options(argc, argv, 2, ALLOW_RULES | ALLOW_VIEW, 0, &o);
  if (rc) return rc;
  print_table(o.rules, o.view);
  return 0;
}

/* ---- promote --explain: JAX ---------------------------------------------------------------------- */

static bool is_integer(jaxc_dtype d) {
  int k = jaxc_dtype_kind(d);
  return k == JAXC_KIND_UINT || k == JAXC_KIND_INT;
}
/* Signed and unsigned integers are one family for a weak int: i* takes either's width. */
static bool same_family(jaxc_dtype a, jaxc_dtype b) {
  return jaxc_dtype_kind(a) == jaxc_dtype_kind(b) || (is_integer(a) && is_integer(b));
}
static bool is_inexact(jaxc_dtype d) {
  int k = jaxc_dtype_kind(d);
  return k == JAXC_KIND_FLOAT || k == JAXC_KIND_COMPLEX;
}

static void print_path(const char *label, const graph *g, jaxc_dtype from, jaxc_dtype to) {
  int path[NDT], n = shortest_path(g, from, to, path);
  printf("  %-6s", label);
  if (n == 0) {
    printf("%s does not reach %s\n", code(from), code(to));
    return;
  }
  for (int i = 0; i < n; i++) printf("%s%s", i ? " -> " : "", code((jaxc_dtype)path[i]));
  printf(n == 1 ? "   (already the join)\n" : "\n");
}

/* The first edge on the path from -> to that exists only with x64 off: true and its ends in
   *e_from, *e_to; false when the path has none. */
static bool path_x32_edge(const graph *g, jaxc_dtype from, jaxc_dtype to, jaxc_dtype *e_from, jaxc_dtype *e_to) {
  int path[NDT], n = shortest_path(g, from, to, path);
  for (int i = 0; i + 1 < n; i++)
    if (is_x32_only_edge(path[i], path[i + 1])) {
      *e_from = (jaxc_dtype)path[i];
      *e_to = (jaxc_dtype)path[i + 1];
      return true;
    }
  return false;
}

static const char *weak_storage_words(jaxc_dtype weak_node) {
  static char buf[96];
  snprintf(buf, sizeof buf, "stored as %s with x64 on, %s with x64 off", jaxc_dtype_name(jaxc_storage_dtype(weak_node, true)),
           jaxc_dtype_name(jaxc_storage_dtype(weak_node, false)));
  return buf;
}

/* lo <= hi, lo != hi: why hi is the join. */
static void why_below(jaxc_dtype lo, jaxc_dtype hi) {
  bool lo_weak = jaxc_dtype_is_weak(lo), hi_weak = jaxc_dtype_is_weak(hi);
  if (jaxc_dtype_kind(lo) == JAXC_KIND_BOOL)
    printf("b (bool) is the bottom of the lattice: joined with anything it gives that thing, here %s.\n", code(hi));
  else if (lo_weak && hi_weak)
    printf("both are weak (scalars); the join is the weak node of the higher kind, %s, still weak (%s).\n", code(hi),
           weak_storage_words(hi));
  else if (lo_weak && same_family(lo, hi))
    printf("%s is weak (a C or Python scalar with no width of its own): it takes the width of %s, so the result "
           "is %s.\n", code(lo), code(hi), code(hi));
  else if (lo_weak)
    printf("%s is weak: a scalar of a lower kind takes both the kind and the width of %s.\n", code(lo), code(hi));
  else if (hi_weak)
    printf("an array of %s meets a weak %s scalar: the result is the weak node %s, %s.\n", code(lo),
           kind_name(hi), code(hi), weak_storage_words(hi));
  else if (is_integer(lo) && is_inexact(hi))
    printf("JAX lets the %s type win: every integer type lies below f* and so below every float, whatever its "
           "width, so integers never widen a float (%s values may lose precision in %s).\n",
           kind_name(hi), code(lo), code(hi));
  else
    printf("every %s value is exactly a %s value, so %s is the join.\n", code(lo), code(hi), code(hi));
}

/* Neither is below the other: why their join j is where it is. */
static void why_apart(jaxc_dtype a, jaxc_dtype b, jaxc_dtype j) {
  jaxc_dtype u = jaxc_dtype_kind(a) == JAXC_KIND_UINT ? a : b;
  if (is_integer(a) && is_integer(b) && jaxc_dtype_kind(j) == JAXC_KIND_INT)
    printf("%s and %s have no common integer type of %d bits: a signed type needs more than %d bits to hold "
           "every %s value; the least upper bound is %s.\n",
           code(a), code(b), jaxc_dtype_bits(u), jaxc_dtype_bits(u), code(u), code(j));
  else if (is_integer(a) && is_integer(b) && j == JAXC_WEAK_FLOAT)
    printf("%s and %s have no common integer type (one holding every value of both would need more than 64 "
           "bits); the least upper bound is f*, a weak float: %s.\n", code(a), code(b), weak_storage_words(j));
  else if (jaxc_dtype_kind(a) == JAXC_KIND_FLOAT && jaxc_dtype_kind(b) == JAXC_KIND_FLOAT)
    printf("%s and %s are incomparable floats (bf16 keeps float32's exponent range with 8 significant bits, "
           "f16 has 11 significant bits but overflows above 65504): neither holds the other, and the least "
           "upper bound is %s.\n", code(a), code(b), code(j));
  else if (jaxc_dtype_is_weak(a) || jaxc_dtype_is_weak(b))
    printf("%s is weak: it adapts its width but keeps its kind, so the result is the smallest %s type above "
           "%s: %s.\n", code(jaxc_dtype_is_weak(a) ? a : b), kind_name(j), code(jaxc_dtype_is_weak(a) ? b : a),
           code(j));
  else if (jaxc_dtype_kind(j) == JAXC_KIND_COMPLEX && !jaxc_dtype_is_weak(j)) {
    jaxc_dtype c = jaxc_dtype_kind(a) == JAXC_KIND_COMPLEX ? a : b, f = c == a ? b : a;
    printf("a complex number is a pair of floats: %s holds %d-bit parts, too narrow for %s, so the least "
           "upper bound is %s.\n", code(c), jaxc_dtype_bits(c) / 2, code(f), code(j));
  } else
    printf("neither is below the other; the least upper bound (the lowest node above both) is %s.\n", code(j));
}

/* What JAX stores with x64 on and off; with x64 off, 64-bit inputs are narrowed first, which can
   move the join itself (u64 v i64 is f* with x64 on, i32 with x64 off). */
static void print_jax_storage(jaxc_rules r, jaxc_dtype a, jaxc_dtype b) {
  for (int on = 1; on >= 0; on--) {
    jaxc_dtype node = jaxc_result_node(r, on, a, b);
    jaxc_dtype ca = jaxc_canonicalize_dtype(a, on), cb = jaxc_canonicalize_dtype(b, on);
    printf("  %-9s", on ? "x64 on:" : "x64 off:");
    if (node == JAXC_DTYPE_INVALID)
      printf("TypePromotionError");
    else
      printf("%s, %s", jaxc_dtype_name(jaxc_storage_dtype(node, on)),
             jaxc_dtype_is_weak(node) ? "weakly typed (like a Python scalar)" : "strongly typed");
    if (ca != a || cb != b) printf("   (the inputs are narrowed to %s v %s first; see --x32)", code(ca), code(cb));
    putchar('\n');
  }
}

static void explain_jax(jaxc_dtype a0, jaxc_dtype b0, enum view v) {
  bool x32 = v == VIEW_X32;
  jaxc_dtype a = jaxc_canonicalize_dtype(a0, !x32), b = jaxc_canonicalize_dtype(b0, !x32);
  jaxc_dtype j = jaxc_result_node(JAXC_RULES_JAX, !x32, a0, b0), ef, et;
  graph g;
  jax_graph(&g, x32);
  printf("%s v %s = %s   (%s, %s lattice)\n", code(a0), code(b0), code(j), rules_title(JAXC_RULES_JAX),
         x32 ? "x64-off" : "JEP 9407");
  if (a != a0 || b != b0)
    printf("  note: with x64 off JAX narrows 64-bit dtypes when an array is created: %s v %s here.\n", code(a), code(b));
  print_path("path:", &g, a, j);
  print_path("", &g, b, j);
  printf("  why:  ");
  if (a == b)
    printf("joining a type with itself changes nothing.\n");
  else if (x32 && (path_x32_edge(&g, a, j, &ef, &et) || path_x32_edge(&g, b, j, &ef, &et)))
    printf("with x64 off there are no 64-bit types, so JAX adds the edge %s -> %s: %s and %s meet in %s, "
           "where %s values above the largest %s do not fit.\n", code(ef), code(et), code(a), code(b), code(j),
           code(ef), code(et));
  else if (j == a || j == b)
    why_below(j == a ? b : a, j);
  else
    why_apart(a, b, j);
  print_jax_storage(JAXC_RULES_JAX, a0, b0);
}

/* ---- promote --explain: strict and the other systems -------------------------------------------- */

static void explain_strict(jaxc_dtype a0, jaxc_dtype b0, enum view v) {
  bool x64 = v != VIEW_X32;
  jaxc_dtype a = jaxc_canonicalize_dtype(a0, x64), b = jaxc_canonicalize_dtype(b0, x64);
  jaxc_dtype j = jaxc_result_node(JAXC_RULES_JAX_STRICT, x64, a0, b0);
  printf("%s v %s = %s   (%s)\n", code(a0), code(b0), j == JAXC_DTYPE_INVALID ? "-" : code(j),
         rules_title(JAXC_RULES_JAX_STRICT));
  if (j == JAXC_DTYPE_INVALID && (jaxc_dtype_is_weak(a) || jaxc_dtype_is_weak(b))) {
    jaxc_dtype w = jaxc_dtype_is_weak(a) ? a : b, s = w == a ? b : a;
    printf("  why:  %s is a weak %s scalar and %s an array of a lower kind (%s): strict mode lets a scalar\n"
           "        join only arrays of its own kind or a higher one. JAX raises TypePromotionError (\"...\n"
           "        have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict\").\n",
           code(w), kind_name(w), code(s), kind_name(s));
  } else if (j == JAXC_DTYPE_INVALID) {
    printf("  why:  strict mode joins only a weak type (a scalar) with a type of its kind or a higher one; two\n"
           "        different strong dtypes have no common node. JAX raises TypePromotionError: Input dtypes\n"
           "        ('%s', '%s') have no available implicit dtype promotion path when\n"
           "        jax_numpy_dtype_promotion=strict. Try explicitly casting inputs to the desired output\n"
           "        type, or set jax_numpy_dtype_promotion=standard.\n",
           jaxc_dtype_name(jaxc_storage_dtype(a, x64)), jaxc_dtype_name(jaxc_storage_dtype(b, x64)));
  } else {
    static relation le;
    graph g;
    relation_of_lattice(JAXC_LATTICE_STRICT_ID, le);
    hasse(le, &g);
    print_path("path:", &g, a, j);
    print_path("", &g, b, j);
    printf("  why:  %s\n", a == b ? "joining a type with itself changes nothing."
                           : jaxc_dtype_is_weak(a) && jaxc_dtype_is_weak(b)
                               ? "both are weak; strict mode keeps the weak-to-weak edges i* -> f* -> c*."
                               : "strict mode still lets a weak scalar take the type of the array it meets.");
  }
  print_jax_storage(JAXC_RULES_JAX_STRICT, a0, b0);
}

static void explain_other(jaxc_rules r, jaxc_dtype a, jaxc_dtype b) {
  jaxc_dtype d = jaxc_promote_in(r, a, b), rev = jaxc_promote_in(r, b, a), jax = jaxc_promote_types(a, b);
  printf("%s v %s = %s   (%s)\n", code(a), code(b), d == JAXC_DTYPE_INVALID ? "-" : code(d), rules_title(r));
  if (d == JAXC_DTYPE_INVALID)
    printf("  defined:   no: %s has no implicit promotion for this pair (cast explicitly)\n", rules_title(r));
  else
    printf("  defined:   yes\n");
  printf("  reversed:  %s v %s = %s (%s)\n", code(b), code(a), rev == JAXC_DTYPE_INVALID ? "-" : code(rev),
         rev == d ? "the same: this pair commutes" : "different: this table is not symmetric");
  printf("  jax.numpy: %s (%s)\n", code(jax), jax == d ? "the same" : "differs");
}

static int cmd_promote(int argc, char **argv) {
  options o;
  jaxc_dtype a, b;
  char buf[16];
  int rc = parse_options(argc, argv, 2, ALLOW_RULES | ALLOW_VIEW | ALLOW_EXPLAIN, 2, &o);
  if (rc) return rc;
  if (o.n_operands != 2) return bad_usage("promote needs two dtypes", NULL);
  if ((rc = parse_dtype(o.operand[0], &a)) || (rc = parse_dtype(o.operand[1], &b))) return rc;
  if (!o.explain)
    printf("%s\n", answer_text(o.rules, o.view, a, b, buf));
  else if (o.rules == JAXC_RULES_JAX)
    explain_jax(a, b, o.view);
  else if (o.rules == JAXC_RULES_JAX_STRICT)
    explain_strict(a, b, o.view);
  else
    explain_other(o.rules, a, b);
  return 0;
}

/* ---- lattice ----------------------------------------------------------------------------------- */

/* The graph to draw for rules r, with a one-line description. */
static const char *lattice_of(jaxc_rules r, bool x32, graph *g) {
  static relation le;
  if (r == JAXC_RULES_JAX) {
    jax_graph(g, x32);
    return x32 ? "JAX's type promotion lattice with x64 off (JEP 9407 plus the x64-off edge)"
               : "JAX's type promotion lattice (JEP 9407), the edges of the JAXC_LATTICE table";
  }
  if (r == JAXC_RULES_JAX_STRICT) {
    relation_of_lattice(JAXC_LATTICE_STRICT_ID, le);
    hasse(le, g);
    return "jax_numpy_dtype_promotion='strict': the transitive reduction of the strict upper sets";
  }
  relation_of_rules(r, le);
  hasse(le, g);
  return "not necessarily a lattice: Hasse diagram of a <= b iff promote(a, b) or promote(b, a) is b";
}

static void print_dot(jaxc_rules r, const char *what, const graph *g) {
  printf("// jaxc-types lattice --rules %s --dot: %s.\n", jaxc_rules_name(r), what);
  printf("// %d edges; each edge points from a type to a type it promotes to implicitly. The promotion of\n"
         "// two types is the lowest node reachable from both. Dashed nodes are weak (Python or C scalars).\n",
         g->n);
  if (!has_x64_switch(r))
    printf("// %s's table may lack joins or be non-associative: see 'jaxc-types check --rules %s'.\n",
           rules_title(r), jaxc_rules_name(r));
  printf("digraph jaxc_lattice {\n  rankdir=LR;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n");
  for (int d = 0; d < NDT; d++)
    printf("  \"%s\" [label=\"%s\\n%s\"%s];\n", code((jaxc_dtype)d), code((jaxc_dtype)d), jaxc_dtype_name((jaxc_dtype)d),
           jaxc_dtype_is_weak((jaxc_dtype)d) ? ", style=\"rounded,dashed\"" : "");
  for (int e = 0; e < g->n; e++) {
    static const char *const attrs[] = {";", " [color=red, penwidth=2, label=\"x64 off\"];",
                                        " [style=dotted];  // implied with x64 off: a longer path covers it"};
    printf("  \"%s\" -> \"%s\"%s\n", code((jaxc_dtype)g->from[e]), code((jaxc_dtype)g->to[e]), attrs[g->style[e]]);
  }
  printf("}\n");
}

static void print_successors(jaxc_rules r, const char *what, const graph *g) {
  printf("# %s: %s.\n# each node, then the nodes it promotes to directly\n", rules_title(r), what);
  for (int d = 0; d < NDT; d++) {
    int shown = 0;
    printf("%s", code((jaxc_dtype)d));
    for (int e = 0; e < g->n; e++)
      if (g->from[e] == d)
        printf("%*s%s%s", shown++ ? 1 : 6 - (int)strlen(code((jaxc_dtype)d)), "", code((jaxc_dtype)g->to[e]),
               g->style[e] == EDGE_X32_ONLY ? " (x64 off)" : g->style[e] == EDGE_IMPLIED ? " (implied)" : "");
    putchar('\n');
  }
}

static int cmd_lattice(int argc, char **argv) {
  options o;
  graph g;
  int rc = parse_options(argc, argv, 2, ALLOW_RULES | ALLOW_VIEW | ALLOW_DOT, 0, &o);
  if (rc) return rc;
  if (o.view == VIEW_X32 && o.rules != JAXC_RULES_JAX) return bad_usage("lattice --x32 applies to --rules jax", NULL);
  const char *what = lattice_of(o.rules, o.view == VIEW_X32, &g);
  if (o.dot)
    print_dot(o.rules, what, &g);
  else
    print_successors(o.rules, what, &g);
  return 0;
}

/* ---- check ------------------------------------------------------------------------------------- */

static const char *code_or_dash(jaxc_dtype d) { return d == JAXC_DTYPE_INVALID ? "-" : code(d); }

/* "(a v b) v c = X v c = Y, but a v (b v c) = a v Z = W", computed here from jaxc_promote_in. */
static void print_assoc_counter(jaxc_rules r, const jaxc_dtype t[3]) {
  jaxc_dtype ab = jaxc_promote_in(r, t[0], t[1]), bc = jaxc_promote_in(r, t[1], t[2]);
  jaxc_dtype left = jaxc_promote_in(r, ab, t[2]), right = jaxc_promote_in(r, t[0], bc);
  printf("no: (%s v %s) v %s = %s v %s = %s, but %s v (%s v %s) = %s v %s = %s\n", code(t[0]), code(t[1]), code(t[2]),
         code_or_dash(ab), code(t[2]), code_or_dash(left), code(t[0]), code(t[1]), code(t[2]), code(t[0]),
         code_or_dash(bc), code_or_dash(right));
  if (left == right) printf("                (warning: these agree, so the reported triple is no counterexample)\n");
}

static void print_comm_counter(jaxc_rules r, const jaxc_dtype p[2]) {
  jaxc_dtype ab = jaxc_promote_in(r, p[0], p[1]), ba = jaxc_promote_in(r, p[1], p[0]);
  printf("no: %s v %s = %s, but %s v %s = %s\n", code(p[0]), code(p[1]), code_or_dash(ab), code(p[1]), code(p[0]),
         code_or_dash(ba));
}

static bool all_valid(const jaxc_dtype *d, int n) {
  for (int i = 0; i < n; i++)
    if (!JAXC_DTYPE_VALID(d[i])) return false;
  return true;
}

static int cmd_check(int argc, char **argv) {
  options o;
  int rc = parse_options(argc, argv, 2, ALLOW_RULES, 0, &o);
  if (rc) return rc;
  jaxc_rules_report rep;
  memset(&rep, 0, sizeof rep);
  rep.comm_counter[0] = rep.comm_counter[1] = JAXC_DTYPE_INVALID;
  rep.assoc_counter[0] = rep.assoc_counter[1] = rep.assoc_counter[2] = rep.idem_counter = JAXC_DTYPE_INVALID;
  bool lattice = jaxc_check_rules(o.rules, &rep);
  if (rep.total <= 0) {
    fprintf(stderr, "jaxc-types: jaxc_check_rules(%s) filled no report (not implemented in this build)\n",
            jaxc_rules_name(o.rules));
    return 1;
  }
  printf("rules:          %s (%s)\n", jaxc_rules_name(o.rules), rules_title(o.rules));
  printf("pairs defined:  %d of %d\n", rep.defined, rep.total);
  printf("commutative:    ");
  if (rep.commutative) printf("yes\n");
  else if (all_valid(rep.comm_counter, 2)) print_comm_counter(o.rules, rep.comm_counter);
  else printf("no\n");
  printf("associative:    ");
  if (rep.associative)
    printf("yes (%d of %d triples have both groupings defined)\n", rep.assoc_defined, rep.triples);
  else if (all_valid(rep.assoc_counter, 3)) print_assoc_counter(o.rules, rep.assoc_counter);
  else printf("no\n");
  printf("idempotent:     ");
  if (rep.idempotent) printf("yes\n");
  else if (JAXC_DTYPE_VALID(rep.idem_counter))
    printf("no: %s v %s = %s\n", code(rep.idem_counter), code(rep.idem_counter),
           code_or_dash(jaxc_promote_in(o.rules, rep.idem_counter, rep.idem_counter)));
  else printf("no\n");
  printf("lattice join:   %s\n", lattice ? "yes" : "no");
  return 0;
}

/* ---- list -------------------------------------------------------------------------------------- */

/* "float64" or "float64~": the dtype node d is stored as, '~' when weakly typed. */
static const char *storage_words(jaxc_dtype d, bool x64, char buf[24]) {
  snprintf(buf, 24, "%s%s", jaxc_dtype_name(jaxc_storage_dtype(d, x64)), jaxc_dtype_is_weak(d) ? "~" : "");
  return buf;
}

static int cmd_list(int argc, char **argv) {
  options o;
  int rc = parse_options(argc, argv, 2, 0, 0, &o);
  if (rc) return rc;
  char b64[24], b32[24];
  printf("# dtypes: the 18 lattice nodes ('~' = weakly typed; bits of a weak node: its x64 storage)\n");
  printf("%-5s %-11s %-9s %4s  %-12s  %s\n", "code", "name", "kind", "bits", "x64 on", "x64 off");
  for (int d = 0; d < NDT; d++) {
    printf("%-5s %-11s %-9s %4d", code((jaxc_dtype)d), jaxc_dtype_name((jaxc_dtype)d), kind_name((jaxc_dtype)d),
           jaxc_dtype_bits((jaxc_dtype)d));
    printf("  %-12s  %s\n", storage_words((jaxc_dtype)d, true, b64), storage_words((jaxc_dtype)d, false, b32));
  }
  printf("# systems (--rules)\n");
  for (int r = 0; r < JAXC_NUM_RULES; r++) printf("%-8s %s\n", jaxc_rules_name((jaxc_rules)r), rules_title((jaxc_rules)r));
  return 0;
}

/* ---- info and cast: jnp.finfo, jnp.iinfo, jnp.issubdtype, jnp.can_cast ------------------------- */

static const char *const casting_names[] = {"no", "equiv", "safe", "same_kind", "unsafe"};

static int cmd_info(int argc, char **argv) {
  options o;
  jaxc_dtype d;
  int rc = parse_options(argc, argv, 2, 0, 1, &o);
  if (rc) return rc;
  if (o.n_operands != 1) return bad_usage("info needs one dtype", NULL);
  if ((rc = parse_dtype(o.operand[0], &d))) return rc;
  jaxc_float_info f;
  jaxc_int_info ii;
  printf("# %s%s\n", jaxc_dtype_name(d),
         jaxc_dtype_is_weak(d) ? " (a Python scalar type: NumPy reads it as the 64-bit dtype)" : "");
  if (jaxc_finfo(d, &f)) {
    printf("finfo(%s): dtype=%s bits=%d nmant=%d nexp=%d maxexp=%d minexp=%d machep=%d negep=%d precision=%d\n",
           jaxc_dtype_name(d), jaxc_dtype_name(f.dtype), f.bits, f.nmant, f.nexp, f.maxexp, f.minexp, f.machep, f.negep, f.precision);
    printf("  eps=%.17g (%a)\n  epsneg=%.17g\n  max=%.17g (%a)\n  smallest_normal=%.17g (%a)\n"
           "  smallest_subnormal=%.17g (%a)\n  resolution=%.17g\n",
           f.eps, f.eps, f.epsneg, f.max, f.max, f.smallest_normal, f.smallest_normal, f.smallest_subnormal,
           f.smallest_subnormal, f.resolution);
  } else if (jaxc_iinfo(d, &ii)) {
    printf("iinfo(%s): dtype=%s bits=%d min=%lld max=%llu\n", jaxc_dtype_name(d), jaxc_dtype_name(ii.dtype), ii.bits,
           (long long)ii.min, (unsigned long long)ii.max);
  } else {
    printf("neither finfo nor iinfo: NumPy refuses both for bool\n");
  }
  printf("issubdtype of:");
  for (int c = 0; c < JAXC_NUM_CLASSES; c++)
    if (jaxc_issubdtype(d, (jaxc_dtype_class)c)) printf(" %s", jaxc_dtype_class_name((jaxc_dtype_class)c));
  printf("\ncasts safely to:");
  for (int b = 0; b < JAXC_NUM_CONCRETE_DTYPES; b++)
    if (jaxc_can_cast(d, (jaxc_dtype)b, JAXC_CASTING_SAFE)) printf(" %s", code((jaxc_dtype)b));
  printf("\ncast safely from:");
  for (int a = 0; a < JAXC_NUM_CONCRETE_DTYPES; a++)
    if (jaxc_can_cast((jaxc_dtype)a, d, JAXC_CASTING_SAFE)) printf(" %s", code((jaxc_dtype)a));
  putchar('\n');
  return 0;
}

static int cmd_cast(int argc, char **argv) {
  options o;
  int rc = parse_options(argc, argv, 2, ALLOW_CASTING, 2, &o);
  if (rc) return rc;
  if (o.n_operands == 2) {
    jaxc_dtype a, b;
    if ((rc = parse_dtype(o.operand[0], &a)) || (rc = parse_dtype(o.operand[1], &b))) return rc;
    for (int m = 0; m < JAXC_NUM_CASTINGS; m++)
      if (o.casting < 0 || o.casting == m)
        printf("can_cast(%s, %s, casting='%s') = %s\n", jaxc_dtype_name(a), jaxc_dtype_name(b), casting_names[m],
               jaxc_can_cast(a, b, (jaxc_casting)m) ? "True" : "False");
    return 0;
  }
  if (o.n_operands == 1) return bad_usage("cast needs two dtypes or none", NULL);
  jaxc_casting m = o.casting < 0 ? JAXC_CASTING_SAFE : (jaxc_casting)o.casting;
  printf("# np.can_cast(row, column, casting='%s'): 'x' where allowed (weak nodes: their Python type)\n%-4s",
         casting_names[m], "");
  for (int b = 0; b < NDT; b++) printf(" %4s", code((jaxc_dtype)b));
  putchar('\n');
  for (int a = 0; a < NDT; a++) {
    printf("%-4s", code((jaxc_dtype)a));
    for (int b = 0; b < NDT; b++) printf(" %4s", jaxc_can_cast((jaxc_dtype)a, (jaxc_dtype)b, m) ? "x" : ".");
    putchar('\n');
  }
  return 0;
}

/* ---- main ------------------------------------------------------------------------------------- */

typedef struct command { const char *name; int (*run)(int argc, char **argv); } command;
static const command commands[] = {
  {"table", cmd_table}, {"promote", cmd_promote}, {"lattice", cmd_lattice}, {"check", cmd_check}, {"list", cmd_list},
  {"info", cmd_info}, {"cast", cmd_cast},
};

int main(int argc, char **argv) {
  int rc = -1;
  if (argc < 2 || strcmp(argv[1], "help") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
    if (argc > 2) return bad_usage("help takes no argument", argv[2]);
    usage(stdout);
    rc = 0;
  }
  for (size_t i = 0; rc < 0 && i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp(argv[1], commands[i].name) == 0) rc = commands[i].run(argc, argv);
  if (rc < 0) return bad_usage("unknown command", argv[1]);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "jaxc-types: write error\n");
    return 1;
  }
  return rc;
}
