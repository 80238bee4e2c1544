#!/usr/bin/env bash
# test_tool.sh — checks the teaching tool jaxc-types against facts, not against its own output:
#   JAX 0.11.2's recorded promotions (golden promotion.txt, all 4 x 324 cells), the tables of
#   JEP 9407's appendix (NumPy, TensorFlow, PyTorch, jax.numpy, jax.lax), examples quoted in the
#   reference documents (Paddle, TF-NumPy 'safe'), and properties (every explained path walks
#   real lattice edges and is a shortest one; the lattice's edges are exactly the covering pairs
#   of JAX's table). Bad arguments must give exit status 2 with usage on stderr, hostile input
#   must never crash.
# Run: make tool && B=build bash tests/test_tool.sh     (make test does this)
# Last line: "test_tool: N passed, M failed"; exit status 1 on any failure.
set -u
set -f # no pathname expansion: the codes i* f* c* below are words, not globs (a file fuzz.pid in
       # the working directory turned f* into a dtype code)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
B=${B:-build}
case $B in /*) ;; *) B=$ROOT/$B ;; esac
T=$B/jaxc-types
SHARED=${SHARED:-$ROOT/../shared}
[ -d "$SHARED" ] || SHARED=/work/shared
GOLDEN=$ROOT/tests/data/promotion.txt
[ -f "$GOLDEN" ] || GOLDEN=$SHARED/golden/promotion.txt
JEP=$SHARED/reference/jax-jep9407-type-promotion-design.zh.txt
TMP=$(mktemp -d "${TMPDIR:-/tmp}/test_tool.XXXXXX") || exit 1
trap 'rm -rf "$TMP"' EXIT

pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "test_tool: FAIL: $*" >&2; }
# expect NAME GOT WANT
expect() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', want '$3'"; fi; }
# expect_grep NAME FILE ERE: the file has a line matching ERE
expect_grep() { if grep -Eq -- "$3" "$2"; then ok; else bad "$1: no line matches /$3/ in:"; sed 's/^/    | /' "$2" >&2; fi; }
skip() { echo "test_tool: SKIP: $*"; }

if [ ! -x "$T" ]; then
  echo "test_tool: $T not built (run 'make tool')" >&2
  echo "test_tool: 0 passed, 1 failed"
  exit 1
fi

CODES="b u8 u16 u32 u64 i8 i16 i32 i64 bf16 f16 f32 f64 c64 c128 i* f* c*"   # JEP 9407's 18 codes

# ---- helpers turning tables into "A B RESULT" lines --------------------------------------------

# golden MODE X64 -> "A B R" (R as recorded: 'i64~' = weakly typed int64, '-' = TypePromotionError)
golden_cells() { awk -v m="$1" -v x="$2" '$1 == "promote" && $2 == m && $3 == x { print $4, $5, $6 }' "$GOLDEN"; }

# With x64 on, a weakly typed result is stored in its kind's default dtype (int64, float64,
# complex128), so 'i64~' names the lattice node i*, 'f64~' f*, 'c128~' c*. Anything else marked
# weak would break that reading and is left as is (so that the comparison fails loudly).
weak_to_nodes() {
  awk '{ r = $3; if (r == "i64~") r = "i*"; else if (r == "f64~") r = "f*"; else if (r == "c128~") r = "c*"; print $1, $2, r }'
}

# the tool's table output -> "A B R" (comment lines skipped; the first other line is the header)
tool_cells() {
  awk '/^#/ { next } !hdr { for (i = 1; i <= NF; i++) col[i] = $i; ncol = NF; hdr = 1; next }
       { for (i = 2; i <= NF; i++) print $1, col[i - 1], $i }'
}

# table K (1 NumPy, 2 TensorFlow, 3 PyTorch, 4 jax.numpy, 5 jax.lax) of JEP 9407's appendix
jep_cells() {
  awk -v want="$1" '
    /^b \| u8 \| u16 / { t++; n = split($0, H, "|"); for (i = 1; i <= n; i++) gsub(/ /, "", H[i]); rows = 0; next }
    t == want && rows < 18 && /^[a-z0-9*]+ \|/ {
      n = split($0, F, "|"); for (i = 1; i <= n; i++) gsub(/ /, "", F[i])
      for (j = 2; j <= 19; j++) print F[1], H[j - 1], F[j]
      rows++
    }' "$JEP"
}

# compare NAME WANT_FILE GOT_FILE [N]: both hold all N (324) pairs and agree on every one
compare_cells() {
  local res
  res=$(awk -v n="${4:-324}" 'NR == FNR { want[$1 " " $2] = $3; nw++; next }
             { k = $1 " " $2; ng++; if (!(k in want)) { extra++; next } seen[k] = 1
               if (want[k] != $3) { if (bad++ < 5) printf "%s v %s = %s, want %s; ", $1, $2, $3, want[k] } }
             END { for (k in want) if (!(k in seen)) missing++
                   if (nw != n || ng != n || bad || missing || extra)
                     printf "[%d expected cells, %d printed, %d differ, %d missing, %d unknown]", nw, ng, bad, missing, extra }' \
        "$2" "$3")
  if [ -z "$res" ]; then ok; else bad "$1: $res"; fi
}

# covers < CELLS: the covering pairs "a b" of the order a <= b iff a v b = b (transitive reduction)
covers() {
  awk '{ r[$1, $2] = $3; node[$1] = 1 }
       END { for (a in node) for (b in node) if (a != b && r[a, b] == b) {
               cover = 1
               for (c in node) if (c != a && c != b && r[a, c] == c && r[c, b] == b) { cover = 0; break }
               if (cover) print a, b } }' | sort
}
# dot_edges < DOT: the edges "a b" of the tool's Graphviz output
dot_edges() { sed -n 's/^ *"\([^"]*\)" -> "\([^"]*\)".*/\1 \2/p' | sort; }

# ---- JAX: single promotions (golden facts) -------------------------------------------------------
expect "promote i8 u8" "$("$T" promote i8 u8)" "i16"
expect "promote int8 uint8 (NumPy names)" "$("$T" promote int8 uint8)" "i16"
expect "promote u64 i64" "$("$T" promote u64 i64)" "f*"
expect "promote u64 i64 --x64" "$("$T" promote u64 i64 --x64)" "f64~"
expect "promote u64 i64 --x32 (narrowed to u32 v i32)" "$("$T" promote u64 i64 --x32)" "i32"
expect "promote bf16 f16" "$("$T" promote bf16 f16)" "f32"
expect "promote i* u8 (weak int takes u8)" "$("$T" promote 'i*' u8)" "u8"
expect "promote b i* --x32" "$("$T" promote b 'int*' --x32)" "i32~"
expect "promote f32 i32 --rules strict" "$("$T" promote f32 i32 --rules strict)" "-"
expect "promote f32 i* --rules strict" "$("$T" promote float32 'i*' --rules strict)" "f32"

# ---- tables ----------------------------------------------------------------------------------
"$T" table > "$TMP/t_nodes"; expect "table exit status" $? 0
expect "table: 1 header + 18 rows" "$(grep -vc '^#' "$TMP/t_nodes")" 19
expect "table header" "$(grep -v '^#' "$TMP/t_nodes" | head -1 | xargs)" "$CODES"
if [ -f "$GOLDEN" ]; then
  golden_cells standard x64 | weak_to_nodes > "$TMP/g_nodes"
  tool_cells < "$TMP/t_nodes" > "$TMP/c"; compare_cells "table (nodes) vs golden x64" "$TMP/g_nodes" "$TMP/c"
  for cfg in "jax standard x64" "jax standard x32" "strict strict x64" "strict strict x32"; do
    set -- $cfg
    golden_cells "$2" "$3" > "$TMP/want"
    "$T" table --rules "$1" "--$3" | tool_cells > "$TMP/c"
    compare_cells "table --rules $1 --$3 vs golden $2 $3" "$TMP/want" "$TMP/c"
  done
else
  skip "golden promotion.txt not found: table checks"
fi

# JEP 9407's appendix: jax.numpy, and the other systems the header takes from it. (Until the
# system tables land in jaxc_promote.h those answer '-' everywhere and these checks fail.)
if [ -f "$JEP" ]; then
  # The appendix measured add(), which jax.lax and TensorFlow do not define on bool: their
  # b v b cell is about op support, not promotion, and is left out for them.
  for k in "4 jax 324" "1 numpy 324" "2 tf 323" "3 torch 324" "5 lax 323"; do
    set -- $k
    jep_cells "$1" | awk -v n="$3" 'n == 324 || $1 " " $2 != "b b"' > "$TMP/want"
    "$T" table --rules "$2" | tool_cells | awk -v n="$3" 'n == 324 || $1 " " $2 != "b b"' > "$TMP/c"
    compare_cells "table --rules $2 vs JEP 9407 appendix table $1" "$TMP/want" "$TMP/c" "$3"
  done
else
  skip "JEP 9407 reference text not found: appendix tables"
fi

# ---- other systems: facts quoted in the reference documents -----------------------------------
# promote_fact RULES A B WANT SOURCE
promote_fact() { expect "promote $2 $3 --rules $1 ($5)" "$("$T" promote "$2" "$3" --rules "$1")" "$4"; }
promote_fact numpy i8 u8 i16 "JEP: u8 joins i8 in i16"
promote_fact numpy u64 i64 f64 "JEP: np.uint64(1) + np.int64(1) is float64"
promote_fact numpy i32 f32 f64 "JEP: np.int32(1) + np.float32(1) is float64"
promote_fact numpy i16 f16 f32 "JEP: (i8 + u8) + f16 is float32"
promote_fact numpy u8 f16 f16 "JEP: u8 + f16 is float16"
promote_fact numpy i8 f16 f16 "JEP: i8 + (u8 + f16) is float16"
promote_fact torch u8 i8 i16 "JEP appendix"
promote_fact torch u16 u16 - "JEP: torch has no unsigned type above uint8"
promote_fact tf i8 'i*' i8 "JEP: tf.add(x, y) casts y to x's type"
promote_fact tf 'i*' i8 - "JEP: the TensorFlow table is not symmetric"
promote_fact lax i8 u8 - "JEP: jax.lax does no implicit promotion"
promote_fact lax i8 i8 i8 "JEP appendix"
promote_fact tf-safe i8 u8 - "TF flexible dtypes: i16 only in mode 'all'"
promote_fact tf-safe u8 i16 i16 "TF flexible dtypes: allowed in 'safe'"
promote_fact tf-safe bf16 f16 - "TF flexible dtypes: f32 only in mode 'all'"
promote_fact tf-safe f16 f32 f32 "TF flexible dtypes: allowed in 'safe'"
promote_fact paddle f16 f32 f32 "Paddle guide: float16 + float32 tensors"
promote_fact paddle bf16 f16 f32 "Paddle guide: tensor table"
promote_fact paddle c64 f64 c128 "Paddle guide: complex64 + float64"
promote_fact paddle i64 f32 - "Paddle guide: int64 + float32 tensors raise TypeError"
promote_fact paddle f16 'f*' f16 "Paddle guide: float16 tensor + 1.0"
promote_fact paddle 'f*' i64 f32 "Paddle guide: 1.0 + int64 tensor"

# ---- explain ---------------------------------------------------------------------------------
"$T" promote u64 i64 --explain > "$TMP/e" 2>&1; expect "explain u64 i64: exit status" $? 0
expect_grep "explain u64 i64: path u64 -> f*" "$TMP/e" '^  path: +u64 -> f\*$'
expect_grep "explain u64 i64: path i64 -> f*" "$TMP/e" '^ +i64 -> f\*$'
expect_grep "explain u64 i64: why names f* and its storage" "$TMP/e" 'f\*, a weak float.*float64 with x64 on, float32 with x64 off'
expect_grep "explain u64 i64: x64 on stores float64, weak" "$TMP/e" '^  x64 on: +float64, weakly typed'
expect_grep "explain u64 i64: x64 off gives int32 (golden x32)" "$TMP/e" '^  x64 off: +int32, strongly typed'
"$T" promote i8 u8 --explain > "$TMP/e" 2>&1
expect_grep "explain i8 u8: paths" "$TMP/e" '^  path: +i8 -> i16$'
expect_grep "explain i8 u8: paths" "$TMP/e" '^ +u8 -> i16$'
expect_grep "explain i8 u8: why" "$TMP/e" 'no common integer type of 8 bits.*i16'
"$T" promote u32 i8 --x32 --explain > "$TMP/e" 2>&1
expect_grep "explain u32 i8 --x32: the x64-off edge" "$TMP/e" '^  path: +u32 -> i32$'
"$T" promote f32 i32 --rules strict --explain > "$TMP/e" 2>&1
expect_grep "explain strict f32 i32: JAX's error text" "$TMP/e" "Input dtypes"
expect_grep "explain strict f32 i32: JAX's error text" "$TMP/e" "\('float32', 'int32'\) have no available implicit"
"$T" promote i8 u8 --rules numpy --explain > "$TMP/e" 2>&1
expect_grep "explain numpy i8 u8: result" "$TMP/e" '^i8 v u8 = i16 '
expect_grep "explain numpy i8 u8: compared with jax.numpy" "$TMP/e" '^  jax\.numpy: i16'

# Every pair: the result is golden's (x64 on, weak storage read as the weak node); both explained
# paths start at the operand, end at the join, step only along edges of 'lattice --dot', and are
# shortest (BFS distance in that graph); the x64 on/off lines name the golden results (dtype
# names mapped to codes through 'list').
"$T" lattice --dot | dot_edges > "$TMP/edges"
"$T" list | awk '!/^#/ && NF >= 6 && $1 != "code" { print $2, $1 }' > "$TMP/names"
for a in $CODES; do for b in $CODES; do echo "@@ $a $b"; "$T" promote "$a" "$b" --explain; done; done > "$TMP/all" 2>&1
if [ -f "$GOLDEN" ]; then golden_cells standard x64 > "$TMP/g64"; golden_cells standard x32 > "$TMP/g32"; else : > "$TMP/g64"; : > "$TMP/g32"; fi
res=$(awk '
  FILENAME == ARGV[1] { e[$1, $2] = 1; adj[$1] = adj[$1] " " $2; next }
  FILENAME == ARGV[2] { code[$1] = $2; next }
  FILENAME == ARGV[3] { g64[$1, $2] = $3; ng++; next }
  FILENAME == ARGV[4] { g32[$1, $2] = $3; next }
  function dist(s, t,   q, h, n, d, u, m, k, V) {      # BFS over the edges
    delete d; q[1] = s; d[s] = 0; h = 1; n = 1
    while (h <= n) { u = q[h++]; m = split(adj[u], V, " "); for (k = 1; k <= m; k++) if (!(V[k] in d)) { d[V[k]] = d[u] + 1; q[++n] = V[k] } }
    return (t in d) ? d[t] : -1
  }
  function check_path(line, from, to,   P, n, i) {
    sub(/^ *(path:)? */, "", line); sub(/ +\(already the join\)$/, "", line)
    n = split(line, P, / -> /)
    if (P[1] != from || P[n] != to) return "path " line " does not run " from " .. " to
    for (i = 1; i < n; i++) if (!((P[i], P[i + 1]) in e)) return "path " line ": " P[i] " -> " P[i + 1] " is no edge"
    if (n - 1 != dist(from, to)) return "path " line " is not a shortest one"
    return ""
  }
  function stored(line,   f, w) {                      # "  x64 on:  float64, weakly typed ..." -> "f64~"
    sub(/^ *x64 (on|off): */, "", line); split(line, f, ","); w = (line ~ /weakly/) ? "~" : ""
    return (f[1] in code) ? code[f[1]] w : "?" f[1]
  }
  function node(r) { return r ~ /~$/ ? substr(r, 1, 1) "*" : r }   # x64 weak storage -> weak node
  function finish() {
    if (a == "") return
    if (np != 2) { err = err " " a " v " b ": " np " path lines;" ; return }
    if (p1 != "" || p2 != "") err = err " " a " v " b ": " p1 p2 ";"
    if (ng && j != node(g64[a, b])) err = err " " a " v " b " = " j ", golden " g64[a, b] ";"
    if (ng && on != g64[a, b]) err = err " " a " v " b ": x64 on " on ", golden " g64[a, b] ";"
    if (ng && off != g32[a, b]) err = err " " a " v " b ": x64 off " off ", golden " g32[a, b] ";"
    pairs++
  }
  /^@@ / { finish(); a = $2; b = $3; np = 0; j = ""; on = off = ""; next }
  j == "" && / v .* = / { j = $5; next }
  /^  path:/ { p1 = check_path($0, a, j); np++; next }
  np == 1 && /^        [^ ]/ { p2 = check_path($0, b, j); np++; next }
  /^  x64 on:/ { on = stored($0); next }
  /^  x64 off:/ { off = stored($0); next }
  END { finish(); if (pairs != 324 || err != "") print pairs " pairs checked;" substr(err, 1, 600) }
' "$TMP/edges" "$TMP/names" "$TMP/g64" "$TMP/g32" "$TMP/all")
if [ -z "$res" ]; then ok; else bad "explain, all 324 pairs: $res"; fi

# ---- lattice ---------------------------------------------------------------------------------
"$T" lattice --dot > "$TMP/dot64"; expect "lattice --dot exit status" $? 0
expect "lattice --dot: 24 edges (23 of JEP 9407's final lattice + b -> i*)" "$(grep -c -- '->' "$TMP/dot64")" 24
if [ -f "$GOLDEN" ]; then
  covers < "$TMP/g_nodes" > "$TMP/want"
  dot_edges < "$TMP/dot64" > "$TMP/got"
  if cmp -s "$TMP/want" "$TMP/got"; then ok; else bad "lattice --dot edges are not the covering pairs of golden x64: $(diff "$TMP/want" "$TMP/got" | grep '^[<>]' | tr '\n' ' ')"; fi
  golden_cells strict x64 | weak_to_nodes | covers > "$TMP/want"
  "$T" lattice --rules strict --dot | dot_edges > "$TMP/got"
  if cmp -s "$TMP/want" "$TMP/got"; then ok; else bad "lattice --rules strict --dot edges are not the covering pairs of golden strict x64: $(diff "$TMP/want" "$TMP/got" | grep '^[<>]' | tr '\n' ' ')"; fi
  # with x64 off JAX promotes u32 v i32 to i32 (not i64): the one edge the x32 picture adds
  expect "golden: u32 v i32 with x64 off" "$(awk '$1 == "u32" && $2 == "i32" { print $3 }' "$TMP/g32")" "i32"
fi
"$T" lattice --x32 --dot > "$TMP/dot32"
expect "lattice --x32 --dot: 25 edges" "$(grep -c -- '->' "$TMP/dot32")" 25
expect "lattice --x32 --dot: the x64 edges plus u32 -> i32" "$(dot_edges < "$TMP/dot32" | tr '\n' ,)" \
  "$( (dot_edges < "$TMP/dot64"; echo "u32 i32") | sort | tr '\n' ,)"
expect "lattice --dot: weak nodes (and only they) dashed" \
  "$(grep -E '^ *"[^"]*" \[' "$TMP/dot64" | grep dashed | sed 's/^ *"\([^"]*\)".*/\1/' | xargs)" "i* f* c*"
if command -v dot > /dev/null 2>&1; then
  for r in jax strict numpy torch tf paddle lax tf-safe; do
    if "$T" lattice --rules "$r" --dot | dot -Tsvg > /dev/null 2> "$TMP/doterr"; then ok; else bad "dot rejects lattice --rules $r: $(head -3 "$TMP/doterr")"; fi
  done
  if dot -Tsvg "$TMP/dot32" > /dev/null 2> "$TMP/doterr"; then ok; else bad "dot rejects lattice --x32: $(head -3 "$TMP/doterr")"; fi
else
  skip "graphviz 'dot' not installed: the DOT output is not rendered"
fi

# ---- check (needs jaxc_check_rules; counts from golden / JEP tables) -----------------------------
# check_field RULES FIELD WANT
check_field() {
  local got
  got=$("$T" check --rules "$1" 2> /dev/null | sed -n "s/^$2: *//p")
  expect "check --rules $1: $2" "$got" "$3"
}
"$T" check --rules jax > /dev/null 2>&1; expect "check --rules jax exit status" $? 0
check_field jax "pairs defined" "324 of 324"
check_field jax commutative yes
check_field jax associative "yes (5832 of 5832 triples have both groupings defined)"   # 18^3, a total join
check_field jax idempotent yes
check_field jax "lattice join" yes
if [ -f "$GOLDEN" ]; then
  check_field strict "pairs defined" "$(golden_cells strict x64 | awk '$3 != "-"' | wc -l | xargs) of 324"
fi
check_field strict commutative yes
expect "check --rules strict: associative" "$("$T" check --rules strict 2> /dev/null | sed -n 's/^associative: *//p' | cut -c1-3)" "yes"
if [ -f "$JEP" ]; then
  check_field numpy "pairs defined" "$(jep_cells 1 | awk '$3 != "-"' | wc -l | xargs) of 324"
  check_field torch "pairs defined" "$(jep_cells 3 | awk '$3 != "-"' | wc -l | xargs) of 324"
fi
check_field numpy commutative yes
# NumPy is not idempotent (JEP appendix: i* + i* is i64): the printed pair must really be one
line=$("$T" check --rules numpy 2> /dev/null | sed -n 's/^idempotent: *//p')
if [[ $line =~ ^no:\ (.+)\ v\ (.+)\ =\ (.+)$ ]] && [ "${BASH_REMATCH[1]}" = "${BASH_REMATCH[2]}" ] &&
   [ "${BASH_REMATCH[3]}" != "${BASH_REMATCH[1]}" ] &&
   [ "$("$T" promote "${BASH_REMATCH[1]}" "${BASH_REMATCH[1]}" --rules numpy)" = "${BASH_REMATCH[3]}" ]; then ok
else bad "check --rules numpy: idempotent should be 'no: x v x = y' with y != x, got '$line'"; fi
expect "check --rules tf: not commutative (JEP: the table is not symmetric)" \
  "$("$T" check --rules tf 2> /dev/null | sed -n 's/^commutative: *//p' | cut -c1-3)" "no:"
# NumPy's counterexample triple: each step of the printed line must be what promote answers
line=$("$T" check --rules numpy 2> /dev/null | sed -n 's/^associative: *//p')
if [[ $line =~ ^no:\ \((.+)\ v\ (.+)\)\ v\ (.+)\ =\ (.+)\ v\ .+\ =\ (.+),\ but\ .+\ v\ \(.+\)\ =\ .+\ v\ (.+)\ =\ (.+)$ ]]; then
  x=${BASH_REMATCH[1]} y=${BASH_REMATCH[2]} z=${BASH_REMATCH[3]}
  xy=$("$T" promote "$x" "$y" --rules numpy); yz=$("$T" promote "$y" "$z" --rules numpy)
  l=$("$T" promote "$xy" "$z" --rules numpy 2> /dev/null || echo -); r=$("$T" promote "$x" "$yz" --rules numpy 2> /dev/null || echo -)
  expect "check numpy: counterexample steps (x v y, y v z)" "${BASH_REMATCH[4]} ${BASH_REMATCH[6]}" "$xy $yz"
  expect "check numpy: counterexample sides" "${BASH_REMATCH[5]} ${BASH_REMATCH[7]}" "$l $r"
  if [ "$l" != "$r" ]; then ok; else bad "check numpy: reported triple $x $y $z is associative"; fi
else
  bad "check --rules numpy: associative should be 'no: (a v b) v c = ... but ...', got '$line'"
fi
# and JEP 9407's own triple is a counterexample through promote
l=$("$T" promote "$("$T" promote i8 u8 --rules numpy)" f16 --rules numpy 2> /dev/null)
r=$("$T" promote i8 "$("$T" promote u8 f16 --rules numpy)" --rules numpy 2> /dev/null)
expect "numpy: (i8 v u8) v f16, i8 v (u8 v f16) (JEP: float32, float16)" "$l $r" "f32 f16"

# ---- list ------------------------------------------------------------------------------------
"$T" list > "$TMP/list"; expect "list exit status" $? 0
expect "list: the 18 codes in order" "$(awk '!/^#/ && $1 != "code" && NF >= 6 { print $1 }' "$TMP/list" | head -18 | xargs)" "$CODES"
expect "list: the 8 systems" "$(sed -n '/^# systems/,$p' "$TMP/list" | awk '!/^#/ { print $1 }' | xargs)" \
  "jax strict lax tf-safe numpy torch tf paddle"
if [ -f "$GOLDEN" ]; then
  # the storage columns: an array of d alone (d v d) is stored as golden's d v d result
  res=$(awk 'FILENAME == ARGV[1] { if ($1 == "promote" && $2 == "standard" && $4 == $5) g[$3, $4] = $6; next }
             FILENAME == ARGV[2] && !/^#/ && $1 != "code" && NF >= 6 { code[$2] = $1; row[$1] = $5 " " $6; next }
             END { for (d in row) { split(row[d], s, " ")
                     for (i = 1; i <= 2; i++) { n = s[i]; w = sub(/~$/, "", n) ? "~" : ""; c = (n in code) ? code[n] w : "?" n
                       x = i == 1 ? "x64" : "x32"; if (c != g[x, d]) printf "%s %s: %s, golden %s; ", d, x, c, g[x, d] } }
                   if (length(row) != 18) print "rows: " length(row) }' "$GOLDEN" "$TMP/list" "$TMP/list")
  if [ -z "$res" ]; then ok; else bad "list storage columns vs golden d v d: $res"; fi
fi
for d in $CODES; do name=$(awk -v d="$d" '$1 == d && NF >= 6 { print $2; exit }' "$TMP/list"); [ "$("$T" promote "$name" "$name")" = "$d" ] || bad "list: name '$name' of $d does not parse back"; done; ok

# ---- info and cast: NumPy's own answers (tests/data/numpy_dtypes.txt, from NumPy 1.24) ----------
NPD=$ROOT/tests/data/numpy_dtypes.txt
for m in no equiv safe same_kind unsafe; do
  "$T" cast --casting "$m" > "$TMP/cast" || bad "cast --casting $m: exit status"
  # every CAST line's flag for this casting against the tool's 'x'/'.' cell (NumPy names -> codes via list)
  res=$(awk -v m="$m" 'BEGIN { split("no equiv safe same_kind unsafe", ms, " "); for (i in ms) col[ms[i]] = 3 + i }
             FILENAME == ARGV[1] { if (!/^#/ && $1 != "code" && NF >= 6) code[$2] = $1; next }
             FILENAME == ARGV[2] { if (/^#/) next; if (!hdr) { for (i = 1; i <= NF; i++) h[i + 1] = $i; hdr = 1; next }
                                   for (i = 2; i <= NF; i++) cell[$1, h[i]] = $i == "x" ? 1 : 0; next }
             $1 == "CAST" { n++; a = code[$2]; b = code[$3]; if (cell[a, b] != $col[m]) printf "%s->%s: %s; ", a, b, cell[a, b] }
             END { if (n != 196) print "cases " n }' "$TMP/list" "$TMP/cast" "$NPD")
  if [ -z "$res" ]; then ok; else bad "cast --casting $m vs NumPy: $res"; fi
done
"$T" cast f64 bf16 > "$TMP/o"; expect "cast f64 bf16: five lines" "$(wc -l < "$TMP/o")" 5
expect_grep "cast f64 bf16: same_kind (ml_dtypes' kind 'V' ranks above every numeric kind)" "$TMP/o" "casting='same_kind'\) = True"
expect_grep "cast f64 bf16: not safe" "$TMP/o" "casting='safe'\) = False"
expect "cast u8 i16 --casting safe" "$("$T" cast u8 i16 --casting safe)" "can_cast(uint8, int16, casting='safe') = True"
# finfo fields against NumPy's (eps as the hex float the tool prints, both read by printf %a)
for d in float16 float32 float64 complex64; do
  "$T" info "$d" > "$TMP/info" || bad "info $d: exit status"
  want=$(awk -v d="$d" '$1 == "FINFO" && $2 == d { print "dtype=" $3, "bits=" $4, "nmant=" $5, "nexp=" $6, "maxexp=" $8, "minexp=" $9, "machep=" $10, "negep=" $11, "precision=" $12 }' "$NPD")
  got=$(awk '/^finfo/ { $1 = ""; sub(/^ /, ""); print }' "$TMP/info")
  expect "info $d: finfo's integer fields" "$got" "$want"
  eps=$(awk -v d="$d" '$1 == "FINFO" && $2 == d { print $13 }' "$NPD")
  expect "info $d: eps" "$(printf '%a' "$(awk -F'[()]' '/^  eps=/ { print $2 }' "$TMP/info")")" "$(printf '%a' "$eps")"
done
expect_grep "info bf16: ml_dtypes' max 0x1.FEp127" <("$T" info bf16) 'max=.*\(0x1\.fep\+127\)'
expect_grep "info i*: iinfo of int64" <("$T" info 'i*') '^iinfo\(int\*\): dtype=int64 bits=64 min=-9223372036854775808 max=9223372036854775807$'
expect_grep "info u64: iinfo" <("$T" info u64) '^iinfo\(uint64\): dtype=uint64 bits=64 min=0 max=18446744073709551615$'
expect_grep "info b: neither" <("$T" info b) '^neither finfo nor iinfo'
expect_grep "info c64: classes" <("$T" info c64) '^issubdtype of: generic number inexact complexfloating$'

# ---- usage -----------------------------------------------------------------------------------
"$T" > "$TMP/o" 2> "$TMP/e"; expect "no arguments: exit status" $? 0
expect_grep "no arguments: usage on stdout" "$TMP/o" '^usage: jaxc-types'
"$T" help > "$TMP/o" 2> "$TMP/e"; expect "help: exit status" $? 0
expect_grep "help: usage on stdout" "$TMP/o" '^usage: jaxc-types'
# usage_error NAME ARGS...: exit 2, usage on stderr, nothing on stdout
usage_error() {
  local name=$1; shift
  "$T" "$@" > "$TMP/o" 2> "$TMP/e"; local rc=$?
  if [ $rc = 2 ] && grep -q '^usage: jaxc-types' "$TMP/e" && [ ! -s "$TMP/o" ]; then ok
  else bad "$name: want exit 2 and usage on stderr only, got exit $rc, stdout $(wc -c < "$TMP/o") bytes"; fi
}
usage_error "unknown command" frobnicate
usage_error "promote, no operand" promote
usage_error "promote, one operand" promote i8
usage_error "promote, three operands" promote i8 u8 i16
usage_error "promote, unknown dtype" promote i8 int7
usage_error "promote, empty dtype" promote "" u8
usage_error "promote, --dot" promote i8 u8 --dot
usage_error "table, unknown rules" table --rules nonsense
usage_error "table, --rules without value" table --rules
usage_error "table, --rules twice" table --rules jax --rules numpy
usage_error "table, --x64 and --x32" table --x64 --x32
usage_error "table, --x32 for numpy" table --rules numpy --x32
usage_error "table, unknown flag" table --frob
usage_error "table, extra argument" table extra
usage_error "lattice --x32 for strict" lattice --rules strict --x32
usage_error "check, --explain" check --explain
usage_error "list, extra argument" list extra
usage_error "help, extra argument" help me
usage_error "option as command" --rules jax
usage_error "info, no dtype" info
usage_error "info, two dtypes" info i8 u8
usage_error "info, unknown dtype" info int7
usage_error "cast, one dtype" cast i8
usage_error "cast, unknown casting" cast --casting same-kind
usage_error "cast, --casting twice" cast --casting no --casting safe
usage_error "cast, --casting without value" cast --casting
usage_error "cast, --rules" cast --rules numpy

# ---- hostile input: never a crash (exit status below 128): 0, 1 (check not available) or 2 -------
long=$(printf 'x%.0s' $(seq 1 100000))
hostile=0 crashed=""
while IFS= read -r -d '' args; do
  eval "set -- $args"
  "$T" "$@" > /dev/null 2>&1; rc=$?
  hostile=$((hostile + 1))
  if [ $rc -gt 2 ]; then crashed="$crashed [$args: exit $rc]"; fi
done < <(printf '%s\0' \
  '""' '"" ""' 'promote "" ""' 'promote "$long" u8' 'promote u8 "$long"' '"$long"' 'table --rules "$long"' \
  'table --rules=' 'table --rules="$long"' '--' '-' 'promote -- --' 'promote %s%n %n%s' 'promote "i8 " u8' \
  "promote \$'\\xff\\xfe' u8" 'promote "i*" "i*" --explain --x32' 'promote -5 99' 'table --x32 --rules strict' \
  'lattice --dot --dot' 'check --rules ""' 'check --rules lax' 'check --rules paddle' 'promote $(seq 1 1000)' \
  'lattice --rules tf-safe --dot' 'promote c128 u64 --explain --x32 --rules strict' 'table --explain' \
  'info "$long"' 'cast --casting "$long"' 'cast --casting=' 'cast "$long" u8' 'info %s%n' 'cast i8 u8 --casting=unsafe')
if [ -z "$crashed" ]; then ok; else bad "hostile inputs crashed:$crashed"; fi
echo "test_tool: ran $hostile hostile argument lists"

echo "test_tool: $pass passed, $fail failed"
[ $fail = 0 ]
