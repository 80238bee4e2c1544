/* test_dot.c — jnp.dot, vdot, inner, outer, tensordot, vecdot, matvec, vecmat and matmul's
   preferred_element_type; jnp.diagonal, trace, diag, diagflat and kron. References written here, not from the
   library:
     - every element of every contraction against a long double (or exact integer) sum over the
       contracted coordinates, found from the result's coordinates as numpy.tensordot defines
       them (a's free axes, then b's), with the operands converted as this file's own statement
       of the rule says: mixed dtypes to the result, one dtype to the result when that is the
       higher type by dot_general's order (a table of finfo's maxexp/nmant written out below;
       float16 counts as float32), kept otherwise, then the sum rounded once;
     - preferred_element_type for every pair of the 15 dtypes and every result dtype: the
       narrower-integer TypeError decided from the table, the values from the reference;
     - the dtype and weak flag of dot with dtype None against JAX's golden table (18 x 18 nodes,
       x64 on and off, standard and strict);
     - random ranks and axes for tensordot; vecdot against a broadcasting reference loop;
       matvec and vecmat against matmul with an axis added; JAX's docstring examples as printed;
       each message; inputs unchanged;
     - diagonal element by element from numpy's definition (a[..., i, i + offset]) for random
       ranks, axes and offsets of every element size; trace against exact integer and long double
       sums of those elements with jnp.sum's dtype rule written out; diag and diagflat cell by cell
       from their definition; kron element by element against the 0-d product of the two
       elements its coordinates name. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static char golden[2][2][JAXC_NUM_DTYPES][JAXC_NUM_DTYPES][8]; /* [strict][x64][a][b] */

static bool is_float_kind(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_FLOAT; }
static bool is_int_kind(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_INT || jaxc_dtype_kind(d) == JAXC_KIND_UINT; }
/* The operands' dtype before the sum, by the rule in the header comment. */
static jaxc_dtype conv_dtype(jaxc_dtype da, jaxc_dtype db, jaxc_dtype out) {
  if (da != db) return out;
  jaxc_dtype d = da == JAXC_F16 ? JAXC_F32 : da;
  return higher(out, d) ? out : d;
}

/* x converted to dtype c, then its elements as complex128 parts and int64 bits (x64 on) */
typedef struct { jaxc_array *cx, *i64; } ref_copy;
static ref_copy ref_of(const jaxc_array *x, jaxc_dtype c, bool conj) {
  jaxc_array *cv = jaxc_astype(x, c);
  bool x64 = jaxc_x64();
  jaxc_set_x64(true);
  ref_copy r = {jaxc_astype(cv, JAXC_C128), jaxc_astype(cv, JAXC_I64)};
  jaxc_set_x64(x64);
  if (conj)
    for (int64_t i = 0; i < jaxc_array_size(r.cx); i++) ((double *)r.cx->data)[2 * i + 1] *= -1;
  jaxc_array_free(cv);
  return r;
}
static void ref_free(ref_copy r) { jaxc_array_free(r.cx), jaxc_array_free(r.i64); }

/* One sum of products against the result element at `at`; the terms come from pos_a/pos_b. */
typedef struct {
  long double sr, si, mag;
  uint64_t isum;
  bool any;
} acc_t;
static void acc_add(acc_t *s, ref_copy A, int64_t ia, ref_copy B, int64_t ib) {
  const double *pa = (const double *)A.cx->data, *pb = (const double *)B.cx->data;
  long double ar = pa[2 * ia], ai = pa[2 * ia + 1], br = pb[2 * ib], bi = pb[2 * ib + 1];
  s->sr += ar * br - ai * bi, s->si += ar * bi + ai * br;
  s->mag += fabsl(ar * br) + fabsl(ai * bi) + fabsl(ar * bi) + fabsl(ai * br);
  s->isum += (uint64_t)((const int64_t *)A.i64->data)[ia] * (uint64_t)((const int64_t *)B.i64->data)[ib];
  s->any = s->any || ((ar != 0 || ai != 0) && (br != 0 || bi != 0));
}
/* Is r's element at `at` the sum s, computed in conv and rounded to r's dtype? k: the terms. */
static bool acc_ok(const acc_t *s, jaxc_dtype conv, const jaxc_array *r, int64_t at, int64_t k) {
  jaxc_dtype rd = jaxc_array_dtype(r);
  bool x64 = jaxc_x64();
  jaxc_set_x64(true);
  jaxc_array view, *got;
  jaxc_array_wrap(&view, rd, 0, NULL, (char *)r->data + (size_t)at * jaxc_dtype_size(rd));
  got = jaxc_astype(&view, JAXC_C128);
  long double gr = ((const double *)got->data)[0], gi = ((const double *)got->data)[1];
  bool ok;
  if (jaxc_dtype_kind(conv) == JAXC_KIND_BOOL && rd == JAXC_BOOL) {
    ok = (gr != 0) == s->any;
  } else if (is_int_kind(conv) || jaxc_dtype_kind(conv) == JAXC_KIND_BOOL) {
    /* exact: the sum mod 2^64 wrapped to the result's dtype */
    int64_t v = (int64_t)s->isum;
    jaxc_array *iv = jaxc_array_from_data(JAXC_I64, 0, NULL, &v), *w = jaxc_astype(iv, rd);
    ok = memcmp(jaxc_array_data(w), (const char *)r->data + (size_t)at * jaxc_dtype_size(rd), jaxc_dtype_size(rd)) == 0;
    jaxc_array_free(iv), jaxc_array_free(w);
  } else {
    long double u = conv == JAXC_F64 || conv == JAXC_C128 ? 0x1p-53L : 0x1p-24L, tol = (long double)(k + 2) * u * s->mag;
    ok = fabsl(gr - s->sr) <= tol + ulp_of(rd, s->sr);
    if (jaxc_dtype_kind(rd) == JAXC_KIND_COMPLEX) ok = ok && fabsl(gi - s->si) <= tol + ulp_of(rd, s->si);
    else ok = ok && gi == 0;
  }
  jaxc_array_free(got);
  jaxc_set_x64(x64);
  return ok;
}

/* r = tensordot(a, b, (ca, cb)) (conj(a) for vdot), checked element by element: the shape is
   a's free axes then b's; conv the operands' dtype before the sum. */
static void check_contract(const jaxc_array *a, const jaxc_array *b, int nc, const int *ca, const int *cb, bool conj_a, jaxc_dtype conv,
                           const jaxc_array *r, const char *what) {
  CHECK_MSG(r != NULL, "%s: %s", what, jaxc_last_error());
  if (!r) return;
  int na = jaxc_array_ndim(a), nb = jaxc_array_ndim(b), fa[8], fb[8], nfa = 0, nfb = 0;
  const int64_t *sa = jaxc_array_shape(a), *sb = jaxc_array_shape(b);
  for (int i = 0; i < na; i++) {
    bool c = false;
    for (int j = 0; j < nc; j++) c = c || ca[j] == i;
    if (!c) fa[nfa++] = i;
  }
  for (int i = 0; i < nb; i++) {
    bool c = false;
    for (int j = 0; j < nc; j++) c = c || cb[j] == i;
    if (!c) fb[nfb++] = i;
  }
  bool shape_ok = jaxc_array_ndim(r) == nfa + nfb;
  for (int i = 0; i < nfa && shape_ok; i++) shape_ok = jaxc_array_shape(r)[i] == sa[fa[i]];
  for (int i = 0; i < nfb && shape_ok; i++) shape_ok = jaxc_array_shape(r)[nfa + i] == sb[fb[i]];
  CHECK_MSG(shape_ok, "%s: shape", what);
  if (!shape_ok) return;
  int64_t k = 1;
  for (int j = 0; j < nc; j++) k *= sa[ca[j]];
  ref_copy A = ref_of(a, conv, conj_a && jaxc_dtype_kind(jaxc_array_dtype(a)) == JAXC_KIND_COMPLEX), B = ref_of(b, conv, false);
  int64_t bad = 0, total = jaxc_array_size(r);
  for (int64_t at = 0; at < total; at++) {
    int64_t xa[8] = {0}, xb[8] = {0}, rest = at;
    for (int i = nfb - 1; i >= 0; i--) xb[fb[i]] = rest % sb[fb[i]], rest /= sb[fb[i]];
    for (int i = nfa - 1; i >= 0; i--) xa[fa[i]] = rest % sa[fa[i]], rest /= sa[fa[i]];
    acc_t s = {0};
    for (int64_t q = 0; q < k; q++) {
      int64_t t = q;
      for (int j = nc - 1; j >= 0; j--) xa[ca[j]] = xb[cb[j]] = t % sa[ca[j]], t /= sa[ca[j]];
      int64_t ia = 0, ib = 0;
      for (int i = 0; i < na; i++) ia = ia * sa[i] + xa[i];
      for (int i = 0; i < nb; i++) ib = ib * sb[i] + xb[i];
      acc_add(&s, A, ia, B, ib);
    }
    bad += !acc_ok(&s, conv, r, at, k);
  }
  CHECK_MSG(bad == 0, "%s (%s): %lld of %lld elements wrong", what, jaxc_dtype_name(jaxc_array_dtype(r)), (long long)bad, (long long)total);
  ref_free(A), ref_free(B);
}

static const jaxc_dtype concrete[] = {JAXC_BOOL, JAXC_U8,   JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8,  JAXC_I16, JAXC_I32,
                                      JAXC_I64,  JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};

/* dot with dtype None: JAX's result_type (the golden table), values by the reference */
static void test_dtypes_none(void) {
  if (!load_golden_table(golden)) return;
  FOR_EACH_GOLDEN_MODE(strict, x64) {
    for (int da = 0; da < JAXC_NUM_DTYPES; da++)
      for (int db = 0; db < JAXC_NUM_DTYPES; db++) {
        jaxc_array *a = jaxc_dtype_is_weak((jaxc_dtype)da) ? weak_node_scalar((jaxc_dtype)da, false) : small_random_array((jaxc_dtype)da, 2, (int64_t[]){2, 3});
        jaxc_array *b = jaxc_dtype_is_weak((jaxc_dtype)db) ? weak_node_scalar((jaxc_dtype)db, true) : small_random_array((jaxc_dtype)db, 2, (int64_t[]){3, 4});
        uint64_t ha = checksum(a), hb = checksum(b);
        jaxc_array *r = jaxc_dot(a, b, JAXC_DTYPE_NONE);
        const char *g = golden[strict][x64][da][db];
        char what[96];
        snprintf(what, sizeof what, "dot %s . %s (%s, x64 %d)", jaxc_dtype_name((jaxc_dtype)da), jaxc_dtype_name((jaxc_dtype)db),
                 strict ? "strict" : "standard", x64);
        if (golden_result_ok(g, r, what)) {
          int one_a = jaxc_array_ndim(a) - 1, one_b = 0; /* 0-d operands contract nothing */
          bool scalar = jaxc_array_ndim(a) == 0 || jaxc_array_ndim(b) == 0;
          check_contract(a, b, scalar ? 0 : 1, &one_a, &one_b, false, conv_dtype(jaxc_array_dtype(a), jaxc_array_dtype(b), jaxc_array_dtype(r)), r, what);
        }
        CHECK(checksum(a) == ha && checksum(b) == hb);
        jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(r);
      }
  }
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_set_x64(false);
}

/* preferred_element_type: every operand pair, every result dtype */
static void test_preferred(void) {
  jaxc_set_x64(true);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT); /* (a given dtype skips result_type: strict refuses nothing) */
  long refused = 0, computed = 0;
  size_t nd = sizeof concrete / sizeof *concrete;
  for (size_t i = 0; i < nd; i++)
    for (size_t j = 0; j < nd; j++) {
      jaxc_dtype da = concrete[i], db = concrete[j];
      jaxc_array *a = small_random_array(da, 2, (int64_t[]){3, 5}), *b = small_random_array(db, 2, (int64_t[]){5, 2});
      uint64_t ha = checksum(a), hb = checksum(b);
      jaxc_dtype r = higher(db, da) ? db : da; /* dot_general's dtype rule */
      if ((unsigned)r >= JAXC_NUM_CONCRETE_DTYPES) continue; /* (never: both are concrete) */
      for (size_t p = 0; p < nd; p++) {
        jaxc_dtype P = concrete[p];
        if ((unsigned)P >= JAXC_NUM_CONCRETE_DTYPES) continue;
        jaxc_array *out = jaxc_dot(a, b, P);
        char what[96];
        snprintf(what, sizeof what, "dot %s . %s, preferred %s", jaxc_dtype_name(da), jaxc_dtype_name(db), jaxc_dtype_name(P));
        bool narrower = dot_narrower(da, db, P);
        bool drops_imag = jaxc_dtype_kind(r) == JAXC_KIND_COMPLEX && jaxc_dtype_kind(P) != JAXC_KIND_COMPLEX;
        if (narrower) {
          char msg[200];
          snprintf(msg, sizeof msg, "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of %s for result type of %s.",
                   jaxc_dtype_name(P), jaxc_dtype_name(r));
          CHECK_MSG(!out && strcmp(jaxc_last_error(), msg) == 0, "%s: %s", what, out ? "accepted" : jaxc_last_error());
          refused++;
        } else if (drops_imag) {
          CHECK_MSG(!out && jaxc_last_status() == JAXC_ERR_DTYPE, "%s should be refused", what);
          refused++;
        } else {
          CHECK_MSG(out && jaxc_array_dtype(out) == P && !jaxc_array_is_weak(out), "%s: %s", what, out ? jaxc_dtype_name(jaxc_array_dtype(out)) : jaxc_last_error());
          jaxc_dtype conv = conv_dtype(da, db, P);
          /* (a float sum converted to an integer or bool: checked in test_teaching) */
          if (out && !((is_float_kind(conv) || jaxc_dtype_kind(conv) == JAXC_KIND_COMPLEX) && !is_float_kind(P) && jaxc_dtype_kind(P) != JAXC_KIND_COMPLEX)) {
            int ca = 1, cb = 0;
            check_contract(a, b, 1, &ca, &cb, false, conv, out, what);
            computed++;
          }
        }
        jaxc_array_free(out);
      }
      CHECK(checksum(a) == ha && checksum(b) == hb);
      jaxc_array_free(a), jaxc_array_free(b);
    }
  /* 15 x 15 pairs x 15 results: the two rules' counts, as enumerated from the table */
  CHECK_MSG(refused + computed > 2000, "%ld refused, %ld computed", refused, computed);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_set_x64(false);
}

/* random shapes and axes for tensordot, dot, inner, vdot and outer */
static void test_shapes(void) {
  static const jaxc_dtype ds[] = {JAXC_F32, JAXC_I8, JAXC_BF16, JAXC_C64, JAXC_F64, JAXC_BOOL, JAXC_U32, JAXC_F16, JAXC_C128, JAXC_I64};
  jaxc_set_x64(true);
  for (int c = 0; c < 400; c++) {
    jaxc_dtype da = ds[rnd64() % 10], db = ds[rnd64() % 10];
    int na = (int)(rnd64() % 5), nb = (int)(rnd64() % 5), n = (int)(rnd64() % ((na < nb ? na : nb) + 1));
    int64_t sa[4], sb[4];
    int ca[4], cb[4], perm_a[4] = {0, 1, 2, 3}, perm_b[4] = {0, 1, 2, 3};
    for (int i = na - 1; i > 0; i--) { int j = (int)(rnd64() % (uint64_t)(i + 1)), t = perm_a[i]; perm_a[i] = perm_a[j], perm_a[j] = t; }
    for (int i = nb - 1; i > 0; i--) { int j = (int)(rnd64() % (uint64_t)(i + 1)), t = perm_b[i]; perm_b[i] = perm_b[j], perm_b[j] = t; }
    for (int i = 0; i < na; i++) sa[i] = (int64_t)(rnd64() % 4) + (c % 7 == 0 ? 0 : 1);
    for (int i = 0; i < nb; i++) sb[i] = (int64_t)(rnd64() % 4) + 1;
    for (int i = 0; i < n; i++) ca[i] = perm_a[i], cb[i] = perm_b[i], sb[cb[i]] = sa[ca[i]];
    jaxc_array *a = small_random_array(da, na, sa), *b = small_random_array(db, nb, sb);
    uint64_t ha = checksum(a), hb = checksum(b);
    int given_a[4], given_b[4]; /* negative half the time: canonicalize_axis */
    for (int i = 0; i < n; i++) given_a[i] = rnd64() % 2 ? ca[i] - na : ca[i], given_b[i] = rnd64() % 2 ? cb[i] - nb : cb[i];
    jaxc_array *r = jaxc_tensordot_axes(a, b, n, given_a, given_b, JAXC_DTYPE_NONE);
    char what[96];
    snprintf(what, sizeof what, "tensordot case %d (%s rank %d, %s rank %d, %d axes)", c, jaxc_dtype_name(da), na, jaxc_dtype_name(db), nb, n);
    jaxc_dtype out = r ? jaxc_array_dtype(r) : JAXC_F32;
    check_contract(a, b, n, ca, cb, false, conv_dtype(da, db, out), r, what);
    jaxc_array_free(r);
    /* the int form: the last n of a with the first n of b, where the shapes allow */
    bool fits = true;
    for (int i = 0; i < n; i++) fits = fits && sa[na - n + i] == sb[i];
    if (fits) {
      int la[4], lb[4];
      for (int i = 0; i < n; i++) la[i] = na - n + i, lb[i] = i;
      r = jaxc_tensordot(a, b, n, JAXC_DTYPE_NONE);
      check_contract(a, b, n, la, lb, false, conv_dtype(da, db, out), r, "tensordot, int axes");
      jaxc_array_free(r);
    }
    /* dot: a's last axis with b's only or second to last */
    int la = na - 1, lb = nb == 1 ? 0 : nb - 2;
    if (!na || !nb || sa[la] == sb[lb]) {
      r = jaxc_dot(a, b, JAXC_DTYPE_NONE);
      check_contract(a, b, na && nb ? 1 : 0, &la, &lb, false, conv_dtype(da, db, out), r, "dot");
      jaxc_array_free(r);
    }
    if (na && nb && sa[na - 1] == sb[nb - 1]) {
      int ia = na - 1, ib = nb - 1;
      r = jaxc_inner(a, b, JAXC_DTYPE_NONE);
      check_contract(a, b, 1, &ia, &ib, false, conv_dtype(da, db, out), r, "inner");
      jaxc_array_free(r);
    }
    CHECK(checksum(a) == ha && checksum(b) == hb);
    jaxc_array_free(a), jaxc_array_free(b);
  }
  /* vdot: conj(a) . b over the flattened arrays, complex either side */
  for (int c = 0; c < 40; c++) {
    jaxc_dtype da = ds[rnd64() % 10], db = ds[rnd64() % 10];
    int64_t n = (int64_t)(rnd64() % 13), sa[2] = {n, 1}, sb[3] = {1, n, 1};
    jaxc_array *a = small_random_array(da, 2, sa), *b = small_random_array(db, 3, sb), fa, fb;
    jaxc_array *r = jaxc_vdot(a, b, JAXC_DTYPE_NONE);
    jaxc_array_wrap(&fa, da, 1, &n, a->data), jaxc_array_wrap(&fb, db, 1, &n, b->data);
    int z = 0;
    check_contract(&fa, &fb, 1, &z, &z, true, conv_dtype(da, db, r ? jaxc_array_dtype(r) : JAXC_F32), r, "vdot");
    jaxc_array_free(r), jaxc_array_free(a), jaxc_array_free(b);
  }
  /* one long dot product, split along k over the threads: floats, full-range int32 (exact, wrapping), complex, bool */
  static const jaxc_dtype longs[] = {JAXC_F32, JAXC_I32, JAXC_C64, JAXC_BOOL, JAXC_F64};
  for (size_t d = 0; d < sizeof longs / sizeof *longs; d++) {
    int64_t n = 1100000 + 37 * (int64_t)d;
    jaxc_array *x = small_random_array(longs[d], 1, &n), *y = small_random_array(longs[d], 1, &n);
    if (longs[d] == JAXC_I32)
      for (int64_t i = 0; i < n; i++) ((uint32_t *)x->data)[i] = (uint32_t)rnd64(), ((uint32_t *)y->data)[i] = (uint32_t)rnd64();
    jaxc_array *r = jaxc_vdot(x, y, JAXC_DTYPE_NONE);
    int z = 0;
    check_contract(x, y, 1, &z, &z, true, longs[d], r, "vdot of 1.1 M elements");
    jaxc_array_free(r), jaxc_array_free(x), jaxc_array_free(y);
  }
  /* large: past the blocks and the threaded loop */
  jaxc_array *a = small_random_array(JAXC_F32, 3, (int64_t[]){40, 7, 60}), *b = small_random_array(JAXC_F32, 3, (int64_t[]){60, 5, 40});
  int ca[2] = {0, 2}, cb[2] = {2, 0};
  jaxc_array *r = jaxc_tensordot_axes(a, b, 2, ca, cb, JAXC_DTYPE_NONE);
  check_contract(a, b, 2, ca, cb, false, JAXC_F32, r, "tensordot (40, 7, 60) x (60, 5, 40)");
  jaxc_array_free(r), jaxc_array_free(a), jaxc_array_free(b);
  a = small_random_array(JAXC_I8, 2, (int64_t[]){300, 200}), b = small_random_array(JAXC_I8, 2, (int64_t[]){300, 250});
  int z = 0;
  r = jaxc_tensordot_axes(a, b, 1, &z, &z, JAXC_I32);
  check_contract(a, b, 1, &z, &z, false, JAXC_I32, r, "int8 a.T @ b, preferred int32");
  jaxc_array_free(r), jaxc_array_free(a), jaxc_array_free(b);
  jaxc_set_x64(false);
}

/* vecdot against a loop over the broadcast batch; matvec and vecmat against matmul */
static void test_batched(void) {
  static const struct { int na; int64_t sa[4]; int nb; int64_t sb[4]; int axis; } cases[] = {
      {1, {5}, 1, {5}, -1},          {2, {3, 5}, 1, {5}, -1},          {2, {3, 5}, 2, {1, 5}, 1},       {3, {2, 1, 4}, 2, {3, 4}, -1},
      {2, {5, 3}, 2, {5, 3}, 0},     {3, {2, 5, 3}, 3, {1, 5, 1}, -2}, {3, {4, 2, 3}, 1, {4}, 0},       {2, {0, 5}, 1, {5}, -1},
      {2, {3, 0}, 2, {3, 0}, -1},    {3, {6, 7, 9}, 3, {6, 7, 9}, 1},  {2, {150001, 8}, 2, {1, 8}, -1}, {3, {3, 50001, 8}, 2, {50001, 8}, -1}, /* (threaded: runs of items) */
  };
  static const jaxc_dtype ds[] = {JAXC_F32, JAXC_C64, JAXC_I8, JAXC_C128, JAXC_BF16, JAXC_BOOL, JAXC_U16};
  jaxc_set_x64(true);
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
    for (size_t d = 0; d < sizeof ds / sizeof *ds; d++) {
      jaxc_dtype da = ds[d], db = ds[(d + c) % 7];
      jaxc_array *a = small_random_array(da, cases[c].na, cases[c].sa), *b = small_random_array(db, cases[c].nb, cases[c].sb);
      jaxc_array *r = jaxc_vecdot(a, b, cases[c].axis, JAXC_DTYPE_NONE);
      char what[80];
      snprintf(what, sizeof what, "vecdot case %zu (%s, %s)", c, jaxc_dtype_name(da), jaxc_dtype_name(db));
      CHECK_MSG(r != NULL, "%s: %s", what, jaxc_last_error());
      if (!r) goto next;
      int na = cases[c].na, nb = cases[c].nb, ax = cases[c].axis < 0 ? cases[c].axis + na : cases[c].axis;
      int bx = cases[c].axis < 0 ? cases[c].axis + nb : cases[c].axis;
      int64_t ba[4], bb[4], bshape[4], n = cases[c].sa[ax];
      int nba = 0, nbb = 0, nbt;
      for (int i = 0; i < na; i++) if (i != ax) ba[nba++] = cases[c].sa[i];
      for (int i = 0; i < nb; i++) if (i != bx) bb[nbb++] = cases[c].sb[i];
      nbt = nba > nbb ? nba : nbb;
      for (int i = 0; i < nbt; i++) {
        int64_t x = i - (nbt - nba) >= 0 ? ba[i - (nbt - nba)] : 1, y = i - (nbt - nbb) >= 0 ? bb[i - (nbt - nbb)] : 1;
        bshape[i] = x == 1 ? y : x;
      }
      bool shape_ok = jaxc_array_ndim(r) == nbt;
      for (int i = 0; i < nbt && shape_ok; i++) shape_ok = jaxc_array_shape(r)[i] == bshape[i];
      CHECK_MSG(shape_ok, "%s: shape", what);
      jaxc_dtype conv = conv_dtype(jaxc_array_dtype(a), jaxc_array_dtype(b), jaxc_array_dtype(r));
      ref_copy A = ref_of(a, conv, jaxc_dtype_kind(da) == JAXC_KIND_COMPLEX), B = ref_of(b, conv, false);
      int64_t bad = 0;
      for (int64_t at = 0; shape_ok && at < jaxc_array_size(r); at++) {
        int64_t co[4], rest = at;
        for (int i = nbt - 1; i >= 0; i--) co[i] = rest % bshape[i], rest /= bshape[i];
        acc_t s = {0};
        for (int64_t q = 0; q < n; q++) {
          int64_t ia = 0, ib = 0;
          for (int i = 0, j = 0; i < na; i++) { /* a's coordinates: the batch's, right-aligned, and q at the axis */
            int64_t x = i == ax ? q : (cases[c].sa[i] == 1 ? 0 : co[nbt - nba + j]);
            if (i != ax) j++;
            ia = ia * cases[c].sa[i] + x;
          }
          for (int i = 0, j = 0; i < nb; i++) {
            int64_t x = i == bx ? q : (cases[c].sb[i] == 1 ? 0 : co[nbt - nbb + j]);
            if (i != bx) j++;
            ib = ib * cases[c].sb[i] + x;
          }
          acc_add(&s, A, ia, B, ib);
        }
        bad += !acc_ok(&s, conv, r, at, n);
      }
      CHECK_MSG(bad == 0, "%s: %lld wrong", what, (long long)bad);
      ref_free(A), ref_free(B);
    next:
      jaxc_array_free(r), jaxc_array_free(a), jaxc_array_free(b);
    }
  /* matvec(x1, x2) is matmul(x1, x2[..., None])[..., 0]; vecmat(x1, x2) is matmul(conj(x1)[..., None, :], x2)[..., 0, :] */
  static const struct { int na; int64_t sa[4]; int nb; int64_t sb[4]; } mv[] = {
      {2, {3, 4}, 1, {4}}, {3, {2, 3, 4}, 2, {1, 4}}, {2, {3, 4}, 3, {5, 1, 4}}, {4, {2, 1, 3, 4}, 2, {3, 4}}, {2, {0, 4}, 1, {4}}, {2, {3, 0}, 1, {0}},
  };
  for (size_t c = 0; c < sizeof mv / sizeof *mv; c++)
    for (size_t d = 0; d < sizeof ds / sizeof *ds; d++) {
      jaxc_dtype da = ds[d], db = ds[(d + 2 * c) % 7];
      jaxc_array *m = small_random_array(da, mv[c].na, mv[c].sa), *v = small_random_array(db, mv[c].nb, mv[c].sb);
      jaxc_array *v1 = jaxc_expand_dims(v, -1), *mm = jaxc_matmul(m, v1), *want = mm ? jaxc_squeeze(mm, -1) : NULL, *got = jaxc_matvec(m, v);
      CHECK_MSG(want && got && jaxc_array_ndim(got) == jaxc_array_ndim(want) && jaxc_array_dtype(got) == jaxc_array_dtype(want) &&
                    memcmp(jaxc_array_shape(got), jaxc_array_shape(want), sizeof(int64_t) * (size_t)jaxc_array_ndim(want)) == 0 &&
                    checksum(got) == checksum(want),
                "matvec case %zu (%s, %s)", c, jaxc_dtype_name(da), jaxc_dtype_name(db));
      jaxc_array_free(v1), jaxc_array_free(mm), jaxc_array_free(want), jaxc_array_free(got);
      /* vecmat with the roles turned: a vector (..., n) and a matrix (..., n, m) */
      jaxc_array *mt = jaxc_swapaxes(m, -1, -2), *cv = jaxc_dtype_kind(db) == JAXC_KIND_COMPLEX ? jaxc_conj(v) : jaxc_positive(v);
      jaxc_array *vr = jaxc_expand_dims(cv, -2);
      mm = jaxc_matmul(vr, mt), want = mm ? jaxc_squeeze(mm, -2) : NULL, got = jaxc_vecmat(v, mt);
      CHECK_MSG(want && got && jaxc_array_ndim(got) == jaxc_array_ndim(want) && jaxc_array_dtype(got) == jaxc_array_dtype(want) &&
                    memcmp(jaxc_array_shape(got), jaxc_array_shape(want), sizeof(int64_t) * (size_t)jaxc_array_ndim(want)) == 0 &&
                    checksum(got) == checksum(want),
                "vecmat case %zu (%s, %s): %s", c, jaxc_dtype_name(db), jaxc_dtype_name(da), got ? "" : jaxc_last_error());
      jaxc_array_free(mt), jaxc_array_free(cv), jaxc_array_free(vr), jaxc_array_free(mm), jaxc_array_free(want), jaxc_array_free(got);
      jaxc_array_free(m), jaxc_array_free(v);
    }
  jaxc_set_x64(false);
}

static jaxc_array *i32v(int n, const int32_t *v) { return jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){n}, v); }

/* JAX's docstring examples (jax/_src/numpy/tensor_contractions.py), as printed */
static void test_examples(void) {
  jaxc_array *x = i32v(3, (int32_t[]){1, 2, 3}), *two = jaxc_weak_int(2);
  jaxc_array *M = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){3, 3}, (int32_t[]){2, 3, 4, 5, 6, 7, 8, 9, 0});
  expect_print(jaxc_dot(x, two, JAXC_DTYPE_NONE), "Array([2, 4, 6], dtype=int32)", "dot(x, 2)");
  expect_print(jaxc_dot(M, x, JAXC_DTYPE_NONE), "Array([20, 38, 26], dtype=int32)", "dot(M, x)");
  expect_print(jaxc_dot(M, M, JAXC_DTYPE_NONE), "Array([[ 51,  60,  29],\n       [ 96, 114,  62],\n       [ 61,  78,  95]], dtype=int32)", "dot(M, M)");
  jaxc_array *z1 = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){3, 2, 4}), *z2 = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){3, 4, 1});
  jaxc_array *r = jaxc_dot(z1, z2, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_ndim(r) == 4 && jaxc_array_shape(r)[0] == 3 && jaxc_array_shape(r)[1] == 2 && jaxc_array_shape(r)[2] == 3 && jaxc_array_shape(r)[3] == 1);
  jaxc_array_free(r);
  r = jaxc_matmul(z1, z2);
  CHECK(r && jaxc_array_ndim(r) == 3 && jaxc_array_shape(r)[0] == 3 && jaxc_array_shape(r)[1] == 2 && jaxc_array_shape(r)[2] == 1);
  jaxc_array_free(r), jaxc_array_free(z1), jaxc_array_free(z2);
  /* matvec / vecmat */
  jaxc_array *x1 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){1, 2, 3, 4, 5, 6});
  jaxc_array *x2 = i32v(3, (int32_t[]){7, 8, 9}), *x22 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){7, 8, 9, 5, 6, 7});
  expect_print(jaxc_matvec(x1, x2), "Array([ 50, 122], dtype=int32)", "matvec");
  expect_print(jaxc_matvec(x1, x22), "Array([[ 50, 122],\n       [ 38,  92]], dtype=int32)", "batched matvec");
  jaxc_array *v1 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){1, 3}, (int32_t[]){1, 2, 3});
  jaxc_array *m32 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){3, 2}, (int32_t[]){4, 5, 6, 7, 8, 9});
  expect_print(jaxc_vecmat(v1, m32), "Array([[40, 46]], dtype=int32)", "vecmat");
  expect_print(jaxc_vecmat(x1, m32), "Array([[ 40,  46],\n       [ 94, 109]], dtype=int32)", "batched vecmat");
  /* vdot / dot / inner / vecdot of complex and float vectors */
  jaxc_array *cj = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){3}, (float[]){0, 1, 0, 2, 0, 3});
  jaxc_array *fy = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){1, 2, 3});
  expect_print(jaxc_vdot(cj, fy, JAXC_DTYPE_NONE), "Array(0.-14.j, dtype=complex64)", "vdot");
  expect_print(jaxc_dot(cj, fy, JAXC_DTYPE_NONE), "Array(0.+14.j, dtype=complex64)", "dot of complex");
  jaxc_array *ci = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){3}, (float[]){0, 1, 0, 3, 0, 4});
  jaxc_array *fb = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){4, 2, 5});
  expect_print(jaxc_inner(ci, fb, JAXC_DTYPE_NONE), "Array(0.+30.j, dtype=complex64)", "inner");
  jaxc_array *f456 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){4, 5, 6});
  expect_print(jaxc_vecdot(cj, f456, -1, JAXC_DTYPE_NONE), "Array(0.-32.j, dtype=complex64)", "vecdot");
  jaxc_array *b234 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){1, 3}, (int32_t[]){2, 3, 4});
  expect_print(jaxc_vecdot(x1, b234, -1, JAXC_DTYPE_NONE), "Array([20, 47], dtype=int32)", "batched vecdot");
  jaxc_array *o23 = jaxc_array_ones(JAXC_F32, 2, (int64_t[]){2, 3}), *o53 = jaxc_array_ones(JAXC_F32, 2, (int64_t[]){5, 3});
  r = jaxc_inner(o23, o53, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_ndim(r) == 2 && jaxc_array_shape(r)[0] == 2 && jaxc_array_shape(r)[1] == 5);
  jaxc_array_free(r), jaxc_array_free(o23), jaxc_array_free(o53);
  /* tensordot */
  jaxc_array *ar = jaxc_arange(0., 24, JAXC_NONE, JAXC_DTYPE_NONE), *t1 = jaxc_reshape(ar, 3, (int64_t[]){2, 3, 4});
  jaxc_array *t2 = jaxc_array_ones(JAXC_F32, 3, (int64_t[]){3, 4, 5});
  const char *want = "Array([[ 66.,  66.,  66.,  66.,  66.],\n       [210., 210., 210., 210., 210.]], dtype=float32)";
  expect_print(jaxc_tensordot(t1, t2, 2, JAXC_DTYPE_NONE), want, "tensordot(x1, x2)");
  expect_print(jaxc_tensordot_axes(t1, t2, 2, (int[]){1, 2}, (int[]){0, 1}, JAXC_DTYPE_NONE), want, "tensordot axes ([1, 2], [0, 1])");
  jaxc_array *s1 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 2}, (int32_t[]){1, 2, 3, 4});
  jaxc_array *s2 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 3}, (int32_t[]){1, 2, 3, 4, 5, 6});
  expect_print(jaxc_tensordot(s1, s2, 1, JAXC_DTYPE_NONE), "Array([[ 9, 12, 15],\n       [19, 26, 33]], dtype=int32)", "tensordot axes=1");
  jaxc_array *p12 = i32v(2, (int32_t[]){1, 2}), *p123 = i32v(3, (int32_t[]){1, 2, 3});
  expect_print(jaxc_tensordot(p12, p123, 0, JAXC_DTYPE_NONE), "Array([[1, 2, 3],\n       [2, 4, 6]], dtype=int32)", "tensordot axes=0");
  expect_print(jaxc_outer(p12, p123), "Array([[1, 2, 3],\n       [2, 4, 6]], dtype=int32)", "outer");
  jaxc_array *q = i32v(3, (int32_t[]){4, 5, 6});
  expect_print(jaxc_outer(x, q), "Array([[ 4,  5,  6],\n       [ 8, 10, 12],\n       [12, 15, 18]], dtype=int32)", "outer 3 x 3");
  /* a negative count is Python's empty ranges: the outer product */
  expect_print(jaxc_tensordot(p12, p123, -1, JAXC_DTYPE_NONE), "Array([[1, 2, 3],\n       [2, 4, 6]], dtype=int32)", "tensordot axes=-1");
  jaxc_array *all[] = {x, two, M, x1, x2, x22, v1, m32, cj, fy, ci, fb, f456, b234, ar, t1, t2, s1, s2, p12, p123, q};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) jaxc_array_free(all[i]);
}

/* What preferred_element_type teaches, on values chosen to show it */
static void test_teaching(void) {
  /* bool . bool is any(a & b); with preferred int32 it counts */
  jaxc_array *t = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){4}, (bool[]){1, 1, 0, 1}), *u = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){4}, (bool[]){1, 1, 1, 1});
  expect_print(jaxc_dot(t, u, JAXC_DTYPE_NONE), "Array(True, dtype=bool)", "bool dot");
  expect_print(jaxc_dot(t, u, JAXC_I32), "Array(3, dtype=int32)", "bool dot, preferred int32");
  /* int8: 100 * 100 * 3 wraps to 48; with preferred int32 it is 30000; a weak Python type is its dtype */
  jaxc_array *h = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){100, 100, 100});
  expect_print(jaxc_vdot(h, h, JAXC_DTYPE_NONE), "Array(48, dtype=int8)", "int8 vdot");
  expect_print(jaxc_vdot(h, h, JAXC_I32), "Array(30000, dtype=int32)", "int8 vdot, preferred int32");
  expect_print(jaxc_vdot(h, h, JAXC_WEAK_FLOAT), "Array(30000., dtype=float32)", "int8 vdot, preferred float");
  /* float32 sums rounded once to a narrower preferred bfloat16: 3 (1 + 2^-8) = 3.01171875 ->
     3.015625; mixed operands are converted to bfloat16 first (1 + 2^-8 -> 1): 3 */
  jaxc_array *f = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){1 + 0x1p-8f, 1 + 0x1p-8f, 1 + 0x1p-8f});
  jaxc_array *ones = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){1, 1, 1}), *i1 = jaxc_astype(ones, JAXC_I8);
  jaxc_array *r = jaxc_dot(f, ones, JAXC_BF16);
  CHECK(r && jaxc_array_dtype(r) == JAXC_BF16 && jaxc_bf16_to_f64(*(const jaxc_bf16 *)jaxc_array_data(r)) == 3.015625);
  jaxc_array_free(r);
  r = jaxc_dot(f, i1, JAXC_BF16);
  CHECK(r && jaxc_array_dtype(r) == JAXC_BF16 && jaxc_bf16_to_f64(*(const jaxc_bf16 *)jaxc_array_data(r)) == 3.0);
  jaxc_array_free(r);
  r = jaxc_dot(f, ones, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32 && *(const float *)jaxc_array_data(r) == 3 + 3 * 0x1p-8f);
  jaxc_array_free(r);
  /* bfloat16 operands with preferred float16 stay bfloat16 (the higher type), summed in float32
     and rounded once: 131072 - 130560 = 512; converted to float16 first they would be inf - inf */
  jaxc_array *big = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){131072, -130560}), *bb = jaxc_astype(big, JAXC_BF16);
  jaxc_array *two1 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){1, 1}), *b1 = jaxc_astype(two1, JAXC_BF16);
  expect_print(jaxc_vdot(bb, b1, JAXC_F16), "Array(512., dtype=float16)", "bfloat16 . bfloat16, preferred float16");
  jaxc_array_free(big), jaxc_array_free(bb), jaxc_array_free(two1), jaxc_array_free(b1);
  /* float16 operands with preferred bfloat16 go to float32 (JAX's CPU lowering), not to the
     bfloat16 they would be upcast to otherwise: (1 + 2^-10) - 1 = 2^-10, not 1 - 1 */
  jaxc_array *eps = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){1 + 0x1p-10f, -1}), *e16 = jaxc_astype(eps, JAXC_F16);
  jaxc_array *t16 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){1, 1}), *o2h = jaxc_astype(t16, JAXC_F16);
  r = jaxc_vdot(e16, o2h, JAXC_BF16);
  CHECK(r && jaxc_array_dtype(r) == JAXC_BF16 && jaxc_bf16_to_f64(*(const jaxc_bf16 *)jaxc_array_data(r)) == 0x1p-10);
  jaxc_array_free(r), jaxc_array_free(eps), jaxc_array_free(e16), jaxc_array_free(t16), jaxc_array_free(o2h);
  /* float16 operands are summed in float32 (JAX's CPU lowering): 2048 + 1 + 1 is 2050 */
  jaxc_array *hv = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){2048, 1, 1}), *h16 = jaxc_astype(hv, JAXC_F16), *o16 = jaxc_astype(ones, JAXC_F16);
  r = jaxc_vdot(h16, o16, JAXC_DTYPE_NONE);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F16 && jaxc_f16_to_f64(*(const jaxc_f16 *)jaxc_array_data(r)) == 2050.0);
  jaxc_array_free(r);
  /* a float sum converted to a preferred integer as XLA converts: 1.75 + 2.5 = 4.25 -> 4, and -4.25 -> -4 */
  jaxc_array *fr = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){1.75f, 2.5f}), *fm = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){-1.75f, -2.5f});
  jaxc_array *o2 = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){1, 1});
  expect_print(jaxc_vdot(fr, o2, JAXC_I32), "Array(4, dtype=int32)", "4.25 -> int32");
  expect_print(jaxc_vdot(fm, o2, JAXC_I32), "Array(-4, dtype=int32)", "-4.25 -> int32");
  expect_print(jaxc_vdot(fr, o2, JAXC_BOOL), "Array(True, dtype=bool)", "4.25 -> bool");
  /* inner of a 0-d operand: asarray(x, dtype=preferred) * ... (a strong result) */
  jaxc_array *w = jaxc_weak_int(3), *v = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){2}, (int8_t[]){50, -2});
  expect_print(jaxc_inner(w, v, JAXC_DTYPE_NONE), "Array([-106,   -6], dtype=int8)", "inner(3, int8)");
  r = jaxc_inner(w, v, JAXC_I32);
  CHECK(r && !jaxc_array_is_weak(r) && strcmp(print_to_string(r), "Array([150,  -6], dtype=int32)") == 0);
  jaxc_array_free(r);
  r = jaxc_dot(w, w, JAXC_DTYPE_NONE); /* two weak operands: weak */
  CHECK(r && jaxc_array_is_weak(r) && jaxc_array_dtype(r) == JAXC_I32 && *(const int32_t *)jaxc_array_data(r) == 9);
  jaxc_array_free(r);
  jaxc_array *all[] = {t, u, h, f, ones, i1, hv, h16, o16, fr, fm, o2, w, v};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) jaxc_array_free(all[i]);
}

static void test_errors(void) {
  jaxc_array *m23 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 3}), *m24 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 4});
  jaxc_array *v3 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3}), *v4 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){4}), *s = jaxc_weak_int(1);
  expect_error(jaxc_dot(v3, v4, JAXC_DTYPE_NONE), "dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).");
  expect_error(jaxc_dot(m23, m23, JAXC_DTYPE_NONE), "dot_general requires contracting dimensions to have the same shape, got (3,) and (2,).");
  expect_error(jaxc_tensordot(m23, v3, 2, JAXC_DTYPE_NONE), "Number of tensordot axes (axes 2) exceeds input ranks ((2, 3) and (3,))");
  expect_error(jaxc_tensordot_axes(m23, m24, 2, (int[]){0, 1}, (int[]){0, 1}, JAXC_DTYPE_NONE),
               "dot_general requires contracting dimensions to have the same shape, got (2, 3) and (2, 4).");
  expect_error(jaxc_tensordot_axes(m23, m23, 2, (int[]){1, -1}, (int[]){0, 1}, JAXC_DTYPE_NONE),
               "dot_general requires lhs contracting dimensions to be distinct, got lhs_contracting (1, 1).");
  expect_error(jaxc_tensordot_axes(m23, m23, 2, (int[]){0, 1}, (int[]){1, 1}, JAXC_DTYPE_NONE),
               "dot_general requires rhs contracting dimensions to be distinct, got rhs_contracting (1, 1).");
  expect_error(jaxc_tensordot_axes(m23, m23, 1, (int[]){2}, (int[]){0}, JAXC_DTYPE_NONE), "axis 2 is out of bounds for array of dimension 2");
  expect_error(jaxc_tensordot_axes(m23, v3, 1, (int[]){1}, (int[]){-2}, JAXC_DTYPE_NONE), "axis -2 is out of bounds for array of dimension 1");
  expect_error(jaxc_vecdot(m23, m24, -1, JAXC_DTYPE_NONE), "axes must match; got shapes (2, 3) and (2, 4) with axis=-1");
  expect_error(jaxc_vecdot(m23, v3, -2, JAXC_DTYPE_NONE), "tuple index out of range");
  expect_error(jaxc_vecdot(s, s, -1, JAXC_DTYPE_NONE), "tuple index out of range");
  jaxc_array *m33 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){3, 3}), *m43 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){4, 3});
  expect_error(jaxc_vecdot(m23, m43, -1, JAXC_DTYPE_NONE), "Incompatible shapes for broadcasting: shapes=[(2,), (4,)]");
  expect_error(jaxc_matvec(v3, v3),
               "input with shape (3,) does not have enough dimensions for all core dimensions ('n', 'm') on vectorized function with excluded=frozenset() and signature='(n,m),(m)->(n)'");
  expect_error(jaxc_matvec(m23, s),
               "input with shape () does not have enough dimensions for all core dimensions ('m',) on vectorized function with excluded=frozenset() and signature='(n,m),(m)->(n)'");
  expect_error(jaxc_matvec(m23, v4), "inconsistent size for core dimension 'm': 4 vs 3 on vectorized function with excluded=frozenset() and signature='(n,m),(m)->(n)'");
  expect_error(jaxc_vecmat(v4, m33), "inconsistent size for core dimension 'n': 3 vs 4 on vectorized function with excluded=frozenset() and signature='(n),(n,m)->(m)'");
  jaxc_array *b2 = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){2, 3, 3}), *b5 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){5, 3});
  expect_error(jaxc_matvec(b2, b5), "Incompatible shapes for broadcasting: shapes=[(2,), (5,)]");
  expect_error(jaxc_matmul_preferred(m23, m23, JAXC_DTYPE_NONE), "dot_general requires contracting dimensions to have the same shape, got (3,) and (2,).");
  jaxc_set_x64(true);
  jaxc_array *i32 = jaxc_array_zeros(JAXC_I32, 1, (int64_t[]){3}), *c128 = jaxc_array_zeros(JAXC_C128, 1, (int64_t[]){3});
  expect_error(jaxc_dot(i32, i32, JAXC_I16), "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of int16 for result type of int32.");
  expect_error(jaxc_dot(c128, c128, JAXC_C64), "`preferred_element_type` must not be narrower than the original type, got preferred_element_type of complex64 for result type of complex128.");
  CHECK(jaxc_dot(c128, v3, JAXC_F64) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  jaxc_set_x64(false);
  /* strict mode refuses mixed operands with dtype None only */
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  CHECK(jaxc_dot(i32, v3, JAXC_DTYPE_NONE) == NULL && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_array *r = jaxc_dot(i32, v3, JAXC_F32);
  CHECK(r && jaxc_array_dtype(r) == JAXC_F32);
  jaxc_array_free(r);
  CHECK(jaxc_outer(i32, v3) == NULL && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  CHECK(jaxc_dot(v3, v3, (jaxc_dtype)99) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  CHECK(jaxc_tensordot_axes(m23, m23, -1, NULL, NULL, JAXC_DTYPE_NONE) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_tensordot_axes(m23, m23, 1, NULL, (int[]){0}, JAXC_DTYPE_NONE) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  /* the rank limit: two rank-5 arrays contracting nothing would be rank 10 */
  jaxc_array *r5 = jaxc_array_zeros(JAXC_F32, 5, (int64_t[]){1, 1, 1, 1, 1});
  CHECK(jaxc_tensordot(r5, r5, 0, JAXC_DTYPE_NONE) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  const jaxc_array *nul = NULL;
  CHECK(jaxc_dot(nul, v3, JAXC_DTYPE_NONE) == NULL && jaxc_vdot(v3, nul, JAXC_DTYPE_NONE) == NULL && jaxc_inner(nul, nul, JAXC_DTYPE_NONE) == NULL);
  CHECK(jaxc_outer(nul, v3) == NULL && jaxc_tensordot(v3, nul, 0, JAXC_DTYPE_NONE) == NULL && jaxc_vecdot(nul, v3, 0, JAXC_DTYPE_NONE) == NULL);
  CHECK(jaxc_matvec(nul, v3) == NULL && jaxc_vecmat(v3, nul) == NULL && jaxc_matmul_preferred(nul, v3, JAXC_F32) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  /* debug_nans names dot_general */
  jaxc_array *inf = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){INFINITY, 1}), *zero = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){2}, (float[]){0, 1});
  jaxc_set_debug_nans(true);
  expect_error(jaxc_vdot(inf, zero, JAXC_DTYPE_NONE), "invalid value (nan) encountered in dot_general");
  expect_error(jaxc_tensordot(inf, zero, 1, JAXC_DTYPE_NONE), "invalid value (nan) encountered in dot_general");
  jaxc_set_debug_nans(false);
  jaxc_array *all[] = {m23, m24, v3, v4, s, m33, m43, b2, b5, i32, c128, r5, inf, zero};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) jaxc_array_free(all[i]);
}

/* diagonal by its definition; trace by sums of it, with jnp.sum's dtype rule */
static void test_diagonal_trace(void) {
  static const jaxc_dtype ds[] = {JAXC_I8, JAXC_F32, JAXC_C128, JAXC_BOOL, JAXC_U16, JAXC_BF16, JAXC_I64, JAXC_F64, JAXC_U8, JAXC_C64};
  for (int c = 0; c < 300; c++) {
    jaxc_set_x64(c % 2);
    jaxc_dtype d = ds[c % 10];
    int nd = 2 + (int)(rnd64() % 4), x1 = (int)(rnd64() % (uint64_t)nd), x2 = (int)(rnd64() % (uint64_t)(nd - 1)), off = (int)(rnd64() % 13) - 6;
    if (x2 >= x1) x2++;
    int64_t shape[5];
    for (int i = 0; i < nd; i++) shape[i] = (int64_t)(rnd64() % 5) + (c % 9 == 0 ? 0 : 1);
    jaxc_array *a = small_random_array(d, nd, shape);
    uint64_t h = checksum(a);
    int g1 = rnd64() % 2 ? x1 - nd : x1, g2 = rnd64() % 2 ? x2 - nd : x2; /* negative half the time */
    jaxc_array *r = jaxc_diagonal(a, off, g1, g2);
    int64_t n1 = shape[x1], n2 = shape[x2], len = off >= 0 ? (n1 < n2 - off ? n1 : n2 - off) : (n1 + off < n2 ? n1 + off : n2);
    if (len < 0) len = 0;
    int64_t want[5], nw = 0;
    for (int i = 0; i < nd; i++)
      if (i != x1 && i != x2) want[nw++] = shape[i];
    want[nw++] = len;
    bool ok = r && jaxc_array_ndim(r) == nw && jaxc_array_dtype(r) == jaxc_array_dtype(a) && jaxc_array_is_weak(r) == jaxc_array_is_weak(a);
    for (int i = 0; ok && i < nw; i++) ok = jaxc_array_shape(r)[i] == want[i];
    size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
    int64_t bad = 0;
    for (int64_t at = 0; ok && at < jaxc_array_size(r); at++) {
      int64_t co[5], rest = at, q = at % len, ia = 0;
      rest /= len;
      for (int i = nd - 1; i >= 0; i--)
        if (i != x1 && i != x2) co[i] = rest % shape[i], rest /= shape[i];
      co[x1] = off >= 0 ? q : q - off, co[x2] = off >= 0 ? q + off : q;
      for (int i = 0; i < nd; i++) ia = ia * shape[i] + co[i];
      bad += memcmp((const char *)r->data + (size_t)at * es, (const char *)a->data + (size_t)ia * es, es) != 0;
    }
    CHECK_MSG(ok && bad == 0, "diagonal case %d (%s, rank %d, axes %d %d, offset %d): %s", c, jaxc_dtype_name(d), nd, x1, x2, off, r ? "values" : jaxc_last_error());
    /* trace: jnp.sum of the diagonal; dtype None: integers and bool to the default int (unsigned: uint), floats kept */
    jaxc_dtype given = c % 3 == 0 ? JAXC_DTYPE_NONE : c % 3 == 1 ? JAXC_I32 : JAXC_F64, ad = jaxc_array_dtype(a);
    jaxc_array *t = jaxc_trace(a, off, g1, g2, given);
    jaxc_dtype wd = given != JAXC_DTYPE_NONE ? jaxc_storage_dtype(given, c % 2)
                    : jaxc_dtype_kind(ad) == JAXC_KIND_UINT ? (c % 2 ? JAXC_U64 : JAXC_U32)
                    : jaxc_dtype_kind(ad) == JAXC_KIND_INT || ad == JAXC_BOOL ? (c % 2 ? JAXC_I64 : JAXC_I32) : ad;
    ok = t && r && jaxc_array_dtype(t) == wd && jaxc_array_ndim(t) == nw - 1;
    CHECK_MSG(ok, "trace case %d (%s, given %d): %s", c, jaxc_dtype_name(d), (int)given, t ? jaxc_dtype_name(jaxc_array_dtype(t)) : jaxc_last_error());
    if (ok) {
      jaxc_dtype conv = given != JAXC_DTYPE_NONE ? wd : ad; /* (summed in the given dtype) */
      ref_copy A = ref_of(r, conv, false);
      bad = 0;
      for (int64_t b = 0; b < jaxc_array_size(t); b++) {
        acc_t s0 = {0};
        for (int64_t q = 0; q < len; q++) { /* a sum is a dot product with ones: its parts times 1 */
          const double *p = (const double *)A.cx->data;
          long double re = p[2 * (b * len + q)], im = p[2 * (b * len + q) + 1];
          s0.sr += re, s0.si += im, s0.mag += fabsl(re) + fabsl(im);
          s0.isum += (uint64_t)((const int64_t *)A.i64->data)[b * len + q];
          s0.any = s0.any || re != 0 || im != 0;
        }
        bad += !acc_ok(&s0, jaxc_dtype_kind(conv) == JAXC_KIND_BOOL ? JAXC_I32 : conv, t, b, len);
      }
      CHECK_MSG(bad == 0, "trace case %d (%s): %lld wrong", c, jaxc_dtype_name(d), (long long)bad);
      ref_free(A);
    }
    CHECK(checksum(a) == h);
    jaxc_array_free(a), jaxc_array_free(r), jaxc_array_free(t);
  }
  jaxc_set_x64(false);
  /* JAX's docstring examples (jnp.diagonal, jnp.trace, jnp.linalg.diagonal/trace) */
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){3, 3}, (int32_t[]){1, 2, 3, 4, 5, 6, 7, 8, 9});
  expect_print(jaxc_diagonal(x, 0, 0, 1), "Array([1, 5, 9], dtype=int32)", "diagonal");
  expect_print(jaxc_diagonal(x, 1, 0, 1), "Array([2, 6], dtype=int32)", "diagonal offset 1");
  expect_print(jaxc_diagonal(x, -1, 0, 1), "Array([4, 8], dtype=int32)", "diagonal offset -1");
  jaxc_array *ar = jaxc_arange(1, 9, JAXC_NONE, JAXC_DTYPE_NONE), *x3 = jaxc_reshape(ar, 3, (int64_t[]){2, 2, 2});
  expect_print(jaxc_trace(x3, 0, 0, 1, JAXC_DTYPE_NONE), "Array([ 8, 10], dtype=int32)", "trace");
  expect_print(jaxc_trace(x3, 1, 0, 1, JAXC_DTYPE_NONE), "Array([3, 4], dtype=int32)", "trace offset 1");
  expect_print(jaxc_trace(x3, 0, 1, 2, JAXC_DTYPE_NONE), "Array([ 5, 13], dtype=int32)", "trace axes 1 2");
  expect_print(jaxc_trace(x3, 1, 1, 2, JAXC_DTYPE_NONE), "Array([2, 6], dtype=int32)", "trace offset 1, axes 1 2");
  jaxc_array *ar12 = jaxc_arange(1, 13, JAXC_NONE, JAXC_DTYPE_NONE), *x34 = jaxc_reshape(ar12, 2, (int64_t[]){3, 4});
  expect_print(jaxc_trace(x34, 0, -2, -1, JAXC_DTYPE_NONE), "Array(18, dtype=int32)", "linalg.trace");
  expect_print(jaxc_trace(x34, 1, -2, -1, JAXC_DTYPE_NONE), "Array(21, dtype=int32)", "linalg.trace offset 1");
  expect_print(jaxc_trace(x34, -1, -2, -1, JAXC_F32), "Array(15., dtype=float32)", "linalg.trace offset -1, float32");
  expect_print(jaxc_diagonal(x34, 0, -2, -1), "Array([ 1,  6, 11], dtype=int32)", "linalg.diagonal");
  expect_print(jaxc_diagonal(x34, 1, -2, -1), "Array([ 2,  7, 12], dtype=int32)", "linalg.diagonal offset 1");
  expect_print(jaxc_diagonal(x34, -1, -2, -1), "Array([ 5, 10], dtype=int32)", "linalg.diagonal offset -1");
  jaxc_array *ar24 = jaxc_arange(24, JAXC_NONE, JAXC_NONE, JAXC_DTYPE_NONE), *x234 = jaxc_reshape(ar24, 3, (int64_t[]){2, 3, 4});
  expect_print(jaxc_trace(x234, 0, -2, -1, JAXC_DTYPE_NONE), "Array([15, 51], dtype=int32)", "batched linalg.trace");
  expect_print(jaxc_diagonal(x234, 0, -2, -1), "Array([[ 0,  5, 10],\n       [12, 17, 22]], dtype=int32)", "batched linalg.diagonal");
  /* int8 sums to int32 with dtype None, wraps with dtype int8; only the diagonal is read (no inf * 0, no NaN from elsewhere) */
  jaxc_array *h = jaxc_array_from_data(JAXC_I8, 2, (int64_t[]){2, 2}, (int8_t[]){100, -1, -1, 100});
  expect_print(jaxc_trace(h, 0, 0, 1, JAXC_DTYPE_NONE), "Array(200, dtype=int32)", "int8 trace");
  expect_print(jaxc_trace(h, 0, 0, 1, JAXC_I8), "Array(-56, dtype=int8)", "int8 trace, dtype int8");
  jaxc_array *fn = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){2, 2}, (float[]){1, NAN, INFINITY, 2});
  expect_print(jaxc_trace(fn, 0, 0, 1, JAXC_DTYPE_NONE), "Array(3., dtype=float32)", "trace beside NaN and inf");
  /* errors */
  jaxc_array *v = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){3});
  expect_error(jaxc_diagonal(v, 0, 0, 1), "diagonal requires an array of at least two dimensions.");
  expect_error(jaxc_diagonal(x, 0, 0, 2), "axis 2 is out of bounds for array of dimension 2");
  expect_error(jaxc_diagonal(x, 0, 1, -1), "transpose permutation isn't a permutation of operand dimensions, got permutation (1, 1, 0) for operand shape (3, 3).");
  expect_error(jaxc_diagonal(x3, 0, 0, 0), "transpose permutation isn't a permutation of operand dimensions, got permutation (1, 0, 0, 2) for operand shape (2, 2, 2).");
  expect_error(jaxc_trace(x, 0, 1, -1, JAXC_DTYPE_NONE), "axis1 and axis2 can not be same. axis1=1 and axis2=-1");
  expect_error(jaxc_trace(v, 0, 0, 1, JAXC_DTYPE_NONE), "axis 1 is out of bounds for array of dimension 1");
  CHECK(jaxc_trace(x, 0, 0, 1, (jaxc_dtype)77) == NULL && jaxc_last_status() == JAXC_ERR_DTYPE);
  CHECK(jaxc_diagonal(NULL, 0, 0, 1) == NULL && jaxc_trace(NULL, 0, 0, 1, JAXC_DTYPE_NONE) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  jaxc_array *all[] = {x, ar, x3, ar12, x34, ar24, x234, h, fn, v};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) jaxc_array_free(all[i]);
}

/* diag and diagflat by their definitions; kron element by element against 0-d products */
static void test_diag_kron(void) {
  static const jaxc_dtype ds[] = {JAXC_I8, JAXC_F32, JAXC_C128, JAXC_BOOL, JAXC_BF16, JAXC_U64};
  for (int c = 0; c < 120; c++) {
    jaxc_dtype d = ds[c % 6];
    int64_t n = (int64_t)(rnd64() % 6);
    int k = (int)(rnd64() % 9) - 4;
    jaxc_array *v = c % 5 == 0 ? jaxc_weak_float(2.5) : small_random_array(d, 1, &n), *r = NULL;
    if (c % 5 == 0) { /* a weak 1-d v: broadcast the weak scalar */
      jaxc_array *w = v;
      v = jaxc_broadcast_to(w, 1, &n), jaxc_array_free(w);
    }
    for (int flat = 0; flat < 2; flat++) {
      r = flat ? jaxc_diagflat(v, k) : jaxc_diag(v, k);
      int64_t m = n + (k < 0 ? -k : k);
      size_t es = jaxc_dtype_size(jaxc_array_dtype(v));
      bool ok = r && jaxc_array_ndim(r) == 2 && jaxc_array_shape(r)[0] == m && jaxc_array_shape(r)[1] == m &&
                jaxc_array_dtype(r) == jaxc_array_dtype(v) && jaxc_array_is_weak(r) == (!flat && jaxc_array_is_weak(v));
      static const unsigned char zero[16];
      for (int64_t i = 0; ok && i < m; i++)
        for (int64_t j = 0; ok && j < m; j++) {
          int64_t q = k >= 0 ? i : j; /* on the diagonal (j - i == k), v[q] */
          const void *want = j - i == k ? (const char *)v->data + (size_t)q * es : (const void *)zero;
          ok = memcmp((const char *)r->data + (size_t)(i * m + j) * es, want, es) == 0;
        }
      CHECK_MSG(ok, "%s case %d (%s, n %lld, k %d)", flat ? "diagflat" : "diag", c, jaxc_dtype_name(jaxc_array_dtype(v)), (long long)n, k);
      jaxc_array_free(r);
    }
    jaxc_array_free(v);
  }
  /* a 2-d diag is diagonal; diagflat ravels first */
  jaxc_array *x = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){3, 3}, (int32_t[]){1, 2, 3, 4, 5, 6, 7, 8, 9});
  expect_print(jaxc_diag(x, 0), "Array([1, 5, 9], dtype=int32)", "diag of a matrix");
  expect_print(jaxc_diag(x, -1), "Array([4, 8], dtype=int32)", "diag of a matrix, k -1");
  jaxc_array *v3 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){1, 2, 3});
  expect_print(jaxc_diag(v3, 0), "Array([[1, 0, 0],\n       [0, 2, 0],\n       [0, 0, 3]], dtype=int32)", "diag");
  expect_print(jaxc_diag(v3, 1), "Array([[0, 1, 0, 0],\n       [0, 0, 2, 0],\n       [0, 0, 0, 3],\n       [0, 0, 0, 0]], dtype=int32)", "diag k 1");
  jaxc_array *x22 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 2}, (int32_t[]){1, 2, 3, 4});
  expect_print(jaxc_diagflat(x22, -1), "Array([[0, 0, 0, 0, 0],\n       [1, 0, 0, 0, 0],\n       [0, 2, 0, 0, 0],\n       [0, 0, 3, 0, 0],\n       [0, 0, 0, 4, 0]], dtype=int32)", "diagflat");
  jaxc_array *x3d = jaxc_array_zeros(JAXC_F32, 3, (int64_t[]){1, 1, 1});
  expect_error(jaxc_diag(x3d, 0), "diag input must be 1d or 2d");
  CHECK(jaxc_diag(NULL, 0) == NULL && jaxc_diagflat(NULL, 0) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  /* kron: the docstring's example; then random shapes and dtypes, each element a[i] * b[j] as multiply makes it */
  jaxc_array *k1 = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 2}, (int32_t[]){5, 6, 7, 8});
  expect_print(jaxc_kron(x22, k1), "Array([[ 5,  6, 10, 12],\n       [ 7,  8, 14, 16],\n       [15, 18, 20, 24],\n       [21, 24, 28, 32]], dtype=int32)", "kron");
  static const jaxc_dtype kd[] = {JAXC_I8, JAXC_U8, JAXC_F32, JAXC_BF16, JAXC_C64, JAXC_BOOL, JAXC_I32, JAXC_F16};
  for (int c = 0; c < 150; c++) {
    int na = (int)(rnd64() % 5), nb = (int)(rnd64() % 5);
    int64_t sa[4], sb[4];
    for (int i = 0; i < na; i++) sa[i] = (int64_t)(rnd64() % 4) + (c % 11 == 0 ? 0 : 1);
    for (int i = 0; i < nb; i++) sb[i] = (int64_t)(rnd64() % 4) + 1;
    jaxc_array *a = small_random_array(kd[rnd64() % 8], na, sa), *b = small_random_array(kd[rnd64() % 8], nb, sb);
    jaxc_array *r = jaxc_kron(a, b);
    int nd = na > nb ? na : nb;
    int64_t pa[4], pb[4];
    bool ok = r && jaxc_array_ndim(r) == nd;
    for (int i = 0; i < nd; i++) {
      pa[i] = i < nd - na ? 1 : sa[i - (nd - na)], pb[i] = i < nd - nb ? 1 : sb[i - (nd - nb)];
      ok = ok && jaxc_array_shape(r)[i] == pa[i] * pb[i];
    }
    int64_t bad = 0;
    size_t es = r ? jaxc_dtype_size(jaxc_array_dtype(r)) : 0;
    for (int64_t at = 0; ok && at < jaxc_array_size(r); at++) {
      int64_t rest = at, ia = 0, ib = 0, co[4];
      for (int i = nd - 1; i >= 0; i--) co[i] = rest % (pa[i] * pb[i]), rest /= pa[i] * pb[i];
      for (int i = 0; i < nd; i++) ia = ia * pa[i] + co[i] / pb[i], ib = ib * pb[i] + co[i] % pb[i];
      jaxc_array ea, eb;
      jaxc_array_wrap(&ea, jaxc_array_dtype(a), 0, NULL, (char *)a->data + (size_t)ia * jaxc_dtype_size(jaxc_array_dtype(a)));
      jaxc_array_wrap(&eb, jaxc_array_dtype(b), 0, NULL, (char *)b->data + (size_t)ib * jaxc_dtype_size(jaxc_array_dtype(b)));
      jaxc_array *p = jaxc_multiply(&ea, &eb);
      bad += !p || jaxc_array_dtype(p) != jaxc_array_dtype(r) || memcmp(p->data, (const char *)r->data + (size_t)at * es, es) != 0;
      jaxc_array_free(p);
    }
    CHECK_MSG(ok && bad == 0, "kron case %d (ranks %d %d): %s, %lld wrong", c, na, nb, r ? "" : jaxc_last_error(), (long long)bad);
    jaxc_array_free(a), jaxc_array_free(b), jaxc_array_free(r);
  }
  /* promote_dtypes: strict mode refuses mixed operands; weak only if both are */
  jaxc_array *w1 = jaxc_weak_int(3), *w2 = jaxc_weak_float(0.5), *r = jaxc_kron(w1, w2);
  CHECK(r && jaxc_array_is_weak(r) && jaxc_array_dtype(r) == JAXC_F32 && jaxc_array_ndim(r) == 0 && *(const float *)r->data == 1.5f);
  jaxc_array_free(r);
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  CHECK(jaxc_kron(x22, x3d) == NULL && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_array *r5 = jaxc_array_zeros(JAXC_F32, 5, (int64_t[]){1, 1, 1, 1, 1});
  CHECK(jaxc_kron(r5, r5) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  CHECK(jaxc_kron(NULL, r5) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  /* dimensions each operand may have, whose products overflow: refused, no undefined arithmetic */
  int64_t big = (int64_t)1 << 40;
  jaxc_array *e1 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){big, 0}), *e2 = jaxc_array_zeros(JAXC_F32, 4, (int64_t[]){big, 1, 1, 0});
  jaxc_array *e3 = jaxc_array_zeros(JAXC_F32, 4, (int64_t[]){1, big, 0, 1});
  CHECK(e1 && jaxc_kron(e1, e1) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  CHECK(e2 && e3 && jaxc_matmul(e2, e3) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  CHECK(jaxc_matvec(e2, e1) == NULL);
  jaxc_array *all[] = {x, v3, x22, x3d, k1, w1, w2, r5, e1, e2, e3};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) jaxc_array_free(all[i]);
}

int main(void) {
  test_examples();
  test_teaching();
  test_errors();
  test_dtypes_none();
  test_preferred();
  test_shapes();
  test_batched();
  test_diagonal_trace();
  test_diag_kron();
  return check_summary("test_dot");
}
