/* test_rearrange.c — jnp.flip, fliplr, flipud, rot90, roll, tile, repeat, pad and split. References written here, not
   from the library:
     - every result element found by its coordinates: each op's definition maps the result's
       coordinate on each axis to the input's (flip n-1-i, roll (i - shift) mod n, tile i mod n,
       repeat by walking the counts, pad by running JAX's own _pad_* algorithms -- chunked
       reflections of the growing array, wrap's repeats, edge copies -- on index lists), and the
       bytes compared; random shapes of ranks 0-4 with sizes 0 and 1, every element size
       (1, 2, 4, 8, 16 bytes), and sizes past the threaded path;
     - reflect_type='odd' values by the same chunked algorithm on the values (2 * edge - x in the
       dtype: wrapping integers, float and double rounding), axis after axis, as jnp.pad does;
     - rot90 element by element for every turn (k from -4 to 4) and pair of axes;
     - linear_ramp and the statistics (maximum, mean, median, minimum, stat_length) by JAX's per-axis
       construction on the values, in float arithmetic rounded per operation;
     - pad's constants converted as XLA converts (2.7 -> 2, 300 -> 44 in int8, NaN -> 0, 1e10 ->
       INT32_MAX), the later axis' constant in the corners;
     - properties: flip twice and roll there and back are the identity, the middle of a pad is
       a, the pieces of a split concatenate back to a;
     - JAX's error messages, weak flags kept, inputs unchanged, bad arguments refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static const jaxc_dtype dtypes[] = {JAXC_BOOL, JAXC_U8, JAXC_I16, JAXC_BF16, JAXC_F32, JAXC_C64, JAXC_F64, JAXC_C128};
#define NDT ((int)(sizeof dtypes / sizeof dtypes[0]))

static int64_t pymod(int64_t x, int64_t n) { return ((x % n) + n) % n; }

/* Per-axis index lists: src[k][i] is the input coordinate of result coordinate i on axis k, or
   FILL_B / FILL_A (pad's constants before / after). The result is checked element by element. */
#define FILL_B (-1)
#define FILL_A (-2)
typedef struct ref {
  int nd;
  int64_t shape[JAXC_MAX_NDIM]; /* the result's */
  int64_t *src[JAXC_MAX_NDIM];
} ref;
static void ref_free(ref *r) {
  for (int k = 0; k < r->nd; k++) free(r->src[k]), r->src[k] = NULL;
}
static int64_t *new_list(int64_t n) { return (int64_t *)malloc((size_t)(n > 0 ? n : 1) * sizeof(int64_t)); }

/* out against a (viewed with a_shape, rank r->nd) through r; fill: [axis][2] elements */
static void check_ref(const jaxc_array *a, const int64_t *a_shape, const jaxc_array *out, const ref *r,
                      const unsigned char *fill, const char *what) {
  int nd = r->nd;
  CHECK_MSG(out != NULL, "%s: failed: %s", what, jaxc_last_error());
  if (!out) return;
  bool shape_ok = jaxc_array_ndim(out) == nd;
  for (int k = 0; k < nd && shape_ok; k++) shape_ok = jaxc_array_shape(out)[k] == r->shape[k];
  CHECK_MSG(shape_ok, "%s: shape", what);
  CHECK_MSG(jaxc_array_dtype(out) == jaxc_array_dtype(a) && jaxc_array_is_weak(out) == jaxc_array_is_weak(a), "%s: dtype/weak", what);
  if (!shape_ok) return;
  size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
  const unsigned char *ip = (const unsigned char *)jaxc_array_data(a), *op = (const unsigned char *)jaxc_array_data(out);
  int64_t n = jaxc_array_size(out), bad = 0, oc[JAXC_MAX_NDIM], ic[JAXC_MAX_NDIM];
  for (int64_t t = 0; t < n; t++) {
    coords_of(t, nd, r->shape, oc);
    const unsigned char *want = NULL;
    for (int k = nd - 1; k >= 0; k--) {
      ic[k] = r->src[k][oc[k]];
      if (ic[k] < 0 && !want) want = fill + ((size_t)k * 2 + (ic[k] == FILL_A)) * es;
    }
    if (!want) want = ip + (size_t)flat_of(nd, a_shape, ic) * es;
    bad += memcmp(op + (size_t)t * es, want, es) != 0;
  }
  CHECK_MSG(bad == 0, "%s: %lld of %lld elements wrong", what, (long long)bad, (long long)n);
}

static int random_shape(int64_t *shape, int maxnd, int64_t maxdim) {
  int nd = (int)(rnd64() % (uint64_t)(maxnd + 1));
  for (int k = 0; k < nd; k++) shape[k] = rnd64() % 8 == 0 ? 0 : 1 + (int64_t)(rnd64() % (uint64_t)maxdim);
  return nd;
}

/* ---- flip, roll, tile, repeat ------------------------------------------------------------------ */
static void test_flip_roll(void) {
  for (int it = 0; it < 400; it++) {
    int64_t shape[JAXC_MAX_NDIM];
    int nd = random_shape(shape, 4, 6);
    jaxc_dtype d = dtypes[it % NDT];
    jaxc_array *a = random_bytes_array(d, nd, shape);
    if (it % 5 == 0) a->weak = d == JAXC_F32 || d == JAXC_C64; /* (as a weak scalar broadcast would be) */
    uint64_t sum = checksum(a);
    char what[96];
    /* flip: a random subset (NULL: all) */
    int ax[JAXC_MAX_NDIM], nax = 0;
    unsigned mask = (unsigned)rnd64();
    bool all = nd > 0 && rnd64() % 4 == 0;
    for (int k = 0; k < nd; k++)
      if (all || (mask >> k & 1)) ax[nax++] = rnd64() % 2 ? k : k - nd;
    ref r = {.nd = nd};
    for (int k = 0; k < nd; k++) {
      r.shape[k] = shape[k];
      r.src[k] = new_list(shape[k]);
      bool f = all || (mask >> k & 1);
      for (int64_t i = 0; i < shape[k]; i++) r.src[k][i] = f ? shape[k] - 1 - i : i;
    }
    snprintf(what, sizeof what, "flip rank %d dtype %s", nd, jaxc_dtype_name(d));
    jaxc_array *f = jaxc_flip(a, nax, all ? NULL : ax);
    check_ref(a, shape, f, &r, NULL, what);
    jaxc_array *ff = f ? jaxc_flip(f, nax, all ? NULL : ax) : NULL; /* twice: a again */
    CHECK_MSG(ff && checksum(ff) == sum, "%s: twice", what);
    jaxc_array_free(f), jaxc_array_free(ff);
    /* rot90: out[c] = a[d], d from c by the turn (axes x towards y; the result has them swapped
       for odd turns) */
    if (nd >= 2) {
      int x = (int)(rnd64() % (uint64_t)nd), y = (x + 1 + (int)(rnd64() % (uint64_t)(nd - 1))) % nd, k = (int)(rnd64() % 9) - 4;
      int turns = (k % 4 + 4) % 4;
      jaxc_array *rt = jaxc_rot90(a, k, x, y - (rnd64() % 2 ? nd : 0));
      int64_t os[JAXC_MAX_NDIM], c[JAXC_MAX_NDIM], dd[JAXC_MAX_NDIM], bad = 0;
      for (int j = 0; j < nd; j++) os[j] = shape[j];
      if (turns % 2) os[x] = shape[y], os[y] = shape[x];
      bool ok = rt && jaxc_array_ndim(rt) == nd && jaxc_array_is_weak(rt) == jaxc_array_is_weak(a);
      for (int j = 0; j < nd && ok; j++) ok = jaxc_array_shape(rt)[j] == os[j];
      size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
      for (int64_t t = 0; ok && t < jaxc_array_size(rt); t++) {
        coords_of(t, nd, os, c);
        memcpy(dd, c, sizeof dd);
        if (turns == 1) dd[x] = c[y], dd[y] = shape[y] - 1 - c[x];
        if (turns == 2) dd[x] = shape[x] - 1 - c[x], dd[y] = shape[y] - 1 - c[y];
        if (turns == 3) dd[x] = shape[x] - 1 - c[y], dd[y] = c[x];
        bad += memcmp((const char *)jaxc_array_data(rt) + t * (int64_t)es, (const char *)jaxc_array_data(a) + flat_of(nd, shape, dd) * (int64_t)es, es) != 0;
      }
      CHECK_MSG(ok && bad == 0, "rot90 k %d axes (%d, %d) rank %d: %lld wrong", k, x, y, nd, (long long)bad);
      jaxc_array_free(rt);
    }
    /* roll: random (axis, shift) pairs, an axis perhaps twice */
    int npairs = nd ? 1 + (int)(rnd64() % 3) : 0, raxes[3];
    int64_t shifts[3], total[JAXC_MAX_NDIM] = {0};
    for (int j = 0; j < npairs; j++) {
      raxes[j] = (int)(rnd64() % (uint64_t)nd);
      shifts[j] = rnd64() % 8 == 0 ? (int64_t)rnd64() : (int64_t)(rnd64() % 41) - 20;
      if (shape[raxes[j]]) total[raxes[j]] = pymod(total[raxes[j]] + pymod(shifts[j], shape[raxes[j]]), shape[raxes[j]]);
    }
    for (int k = 0; k < nd; k++)
      for (int64_t i = 0; i < shape[k]; i++) r.src[k][i] = pymod(i - total[k], shape[k]);
    snprintf(what, sizeof what, "roll rank %d dtype %s, %d pairs", nd, jaxc_dtype_name(d), npairs);
    jaxc_array *ro = jaxc_roll_axes(a, npairs, shifts, npairs, raxes);
    if (nd) check_ref(a, shape, ro, &r, NULL, what);
    int64_t back[3];
    for (int j = 0; j < npairs; j++) back[j] = shifts[j] == INT64_MIN ? INT64_MAX : -shifts[j];
    bool exact = true; /* (-INT64_MIN is INT64_MAX + 1: the way back is one short) */
    for (int j = 0; j < npairs; j++) exact = exact && shifts[j] != INT64_MIN;
    jaxc_array *rb = ro && exact ? jaxc_roll_axes(ro, npairs, back, npairs, raxes) : NULL;
    if (nd && exact) CHECK_MSG(rb && checksum(rb) == sum, "%s: there and back", what);
    jaxc_array_free(ro), jaxc_array_free(rb);
    /* the flattened roll: flat index (t - s) mod size */
    int64_t s = (int64_t)(rnd64() % 61) - 30;
    jaxc_array *rf = jaxc_roll(a, s, JAXC_ALL_AXES);
    int64_t size = jaxc_array_size(a), bad = 0;
    size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
    CHECK_MSG(rf && jaxc_array_ndim(rf) == nd && jaxc_array_is_weak(rf) == jaxc_array_is_weak(a), "roll flat rank %d", nd);
    for (int64_t t = 0; rf && t < size; t++)
      bad += memcmp((const char *)jaxc_array_data(rf) + t * (int64_t)es, (const char *)jaxc_array_data(a) + pymod(t - s, size) * (int64_t)es, es) != 0;
    CHECK_MSG(bad == 0, "roll flat rank %d: %lld wrong", nd, (long long)bad);
    jaxc_array_free(rf);
    ref_free(&r);
    CHECK_MSG(checksum(a) == sum, "input unchanged");
    jaxc_array_free(a);
  }
}

static void test_tile_repeat(void) {
  for (int it = 0; it < 400; it++) {
    int64_t shape[JAXC_MAX_NDIM];
    int nd = random_shape(shape, 4, 5);
    jaxc_dtype d = dtypes[it % NDT];
    jaxc_array *a = random_bytes_array(d, nd, shape);
    uint64_t sum = checksum(a);
    char what[96];
    /* tile: reps of any length up to 5, counts 0-3 */
    int nreps = (int)(rnd64() % 6);
    int64_t reps[6];
    for (int j = 0; j < nreps; j++) reps[j] = (int64_t)(rnd64() % 4);
    int rn = nreps > nd ? nreps : nd;
    int64_t vshape[JAXC_MAX_NDIM];
    ref r = {.nd = rn};
    for (int k = 0; k < rn; k++) {
      int ka = k - (rn - nd), kr = k - (rn - nreps);
      vshape[k] = ka >= 0 ? shape[ka] : 1;
      int64_t rep = kr >= 0 ? reps[kr] : 1;
      r.shape[k] = vshape[k] * rep;
      r.src[k] = new_list(r.shape[k]);
      for (int64_t i = 0; i < r.shape[k]; i++) r.src[k][i] = i % vshape[k];
    }
    snprintf(what, sizeof what, "tile rank %d by %d reps, %s", nd, nreps, jaxc_dtype_name(d));
    jaxc_array *t = jaxc_tile(a, nreps, reps);
    check_ref(a, vshape, t, &r, NULL, what);
    jaxc_array_free(t);
    ref_free(&r);
    /* repeat, one count: along an axis, or flattened */
    int64_t cnt = (int64_t)(rnd64() % 4);
    bool flatten = nd == 0 || rnd64() % 4 == 0;
    int ax = flatten ? 0 : (int)(rnd64() % (uint64_t)nd);
    int64_t fshape[1] = {jaxc_array_size(a)};
    const int64_t *ashape = flatten ? fshape : shape;
    r.nd = flatten ? 1 : nd;
    for (int k = 0; k < r.nd; k++) {
      r.shape[k] = k == ax ? ashape[k] * cnt : ashape[k];
      r.src[k] = new_list(r.shape[k]);
      for (int64_t i = 0; i < r.shape[k]; i++) r.src[k][i] = k == ax ? i / cnt : i;
    }
    snprintf(what, sizeof what, "repeat %lld, rank %d axis %d%s, %s", (long long)cnt, nd, ax, flatten ? " (flat)" : "", jaxc_dtype_name(d));
    jaxc_array *rp = jaxc_repeat(a, cnt, flatten ? JAXC_ALL_AXES : ax - (rnd64() % 2 ? nd : 0));
    check_ref(a, ashape, rp, &r, NULL, what);
    jaxc_array_free(rp);
    ref_free(&r);
    /* repeat_each: a count per element (or one), a total or none */
    if (!flatten && shape[ax] > 0) {
      int64_t n = shape[ax], counts[8], sumc = 0;
      bool one = rnd64() % 4 == 0;
      for (int64_t j = 0; j < n; j++) counts[j] = (int64_t)(rnd64() % 4), sumc += one ? 0 : counts[j];
      if (one) sumc = counts[0] * n;
      int64_t total = rnd64() % 3 == 0 ? (int64_t)(rnd64() % (uint64_t)(sumc + 4)) : JAXC_NONE;
      int64_t len = total == JAXC_NONE ? sumc : total;
      r.nd = nd;
      for (int k = 0; k < nd; k++) {
        r.shape[k] = k == ax ? len : shape[k];
        r.src[k] = new_list(r.shape[k]);
        if (k != ax) {
          for (int64_t i = 0; i < r.shape[k]; i++) r.src[k][i] = i;
          continue;
        }
        int64_t at = 0; /* each element its count of times, then the last one to fill the total */
        for (int64_t j = 0; j < n; j++)
          for (int64_t c = 0; c < (one ? counts[0] : counts[j]) && at < len; c++) r.src[k][at++] = j;
        while (at < len) r.src[k][at++] = n - 1;
      }
      snprintf(what, sizeof what, "repeat_each rank %d axis %d total %lld, %s", nd, ax, (long long)total, jaxc_dtype_name(d));
      jaxc_array *re = jaxc_repeat_each(a, one ? 1 : (int)n, counts, ax, total);
      if (len == 0) { /* JAX builds an empty result from array([]): not weak */
        CHECK_MSG(re && jaxc_array_size(re) == 0 && !jaxc_array_is_weak(re), "%s", what);
      } else {
        check_ref(a, shape, re, &r, NULL, what);
      }
      jaxc_array_free(re);
      ref_free(&r);
    }
    CHECK_MSG(checksum(a) == sum, "input unchanged");
    jaxc_array_free(a);
  }
}

/* ---- pad ------------------------------------------------------------------------------------------ */
/* JAX's 1-D padding of an index list (its _pad_wrap, _pad_edge, _pad_symmetric_or_reflect,
   _pad_constant run on the coordinates): the result's source index per position. */
static int64_t *pad_list(int64_t n, int64_t b, int64_t e, jaxc_pad_mode mode) {
  int64_t len = n + b + e, *arr = new_list(len), *tmp = new_list(len), cur = n;
  for (int64_t i = 0; i < n; i++) arr[i] = i;
  bool fill = mode == JAXC_PAD_CONSTANT || mode == JAXC_PAD_EMPTY;
  bool sym = mode == JAXC_PAD_SYMMETRIC || mode == JAXC_PAD_SYMMETRIC_ODD;
  if (fill || n == 0) {
    for (int64_t i = 0; i < len; i++) tmp[i] = i < b ? FILL_B : i < b + n ? i - b : FILL_A;
    free(arr);
    return tmp;
  }
  if (mode == JAXC_PAD_WRAP) { /* parts: the last b % n, (b / n + e / n + 1) copies, the first e % n */
    int64_t at = 0;
    for (int64_t i = n - b % n; i < n && b % n; i++) tmp[at++] = i;
    for (int64_t c = 0; c < b / n + e / n + 1; c++)
      for (int64_t i = 0; i < n; i++) tmp[at++] = i;
    for (int64_t i = 0; i < e % n; i++) tmp[at++] = i;
    free(arr);
    return tmp;
  }
  if (mode == JAXC_PAD_EDGE) {
    for (int64_t i = 0; i < len; i++) tmp[i] = i < b ? 0 : i < b + n ? i - b : n - 1;
    free(arr);
    return tmp;
  }
  int64_t off = !sym && n > 1 ? 1 : 0;
  for (int side = 0; side < 2; side++) {
    int64_t pad = side ? e : b;
    while (pad > 0) {
      int64_t c = pad < n - off ? pad : n - off;
      pad -= c;
      /* the slice, flipped, then joined on this side of the growing list */
      int64_t start = side == 0 ? off : cur - (c + off);
      for (int64_t j = 0; j < c; j++) tmp[j] = arr[start + c - 1 - j];
      if (side == 0) {
        memmove(arr + c, arr, (size_t)cur * sizeof *arr);
        memcpy(arr, tmp, (size_t)c * sizeof *arr);
      } else {
        memcpy(arr + cur, tmp, (size_t)c * sizeof *arr);
      }
      cur += c;
    }
  }
  free(tmp);
  return arr;
}

static void test_pad_even(void) {
  static const jaxc_pad_mode modes[] = {JAXC_PAD_CONSTANT, JAXC_PAD_EDGE, JAXC_PAD_WRAP, JAXC_PAD_REFLECT, JAXC_PAD_SYMMETRIC, JAXC_PAD_EMPTY};
  for (int it = 0; it < 600; it++) {
    int64_t shape[JAXC_MAX_NDIM];
    int nd = random_shape(shape, 4, 5);
    jaxc_dtype d = dtypes[it % NDT];
    jaxc_pad_mode mode = modes[it / NDT % 6];
    jaxc_array *a = random_bytes_array(d, nd, shape);
    if (it % 7 == 0) a->weak = d == JAXC_F32 || d == JAXC_F64;
    uint64_t sum = checksum(a);
    bool fill = mode == JAXC_PAD_CONSTANT || mode == JAXC_PAD_EMPTY;
    int64_t pw[2 * JAXC_MAX_NDIM];
    int form = (int)(rnd64() % 3), npad = form == 0 ? 1 : form == 1 ? 2 : 2 * nd;
    if (nd == 0) npad = form; /* (0, 1 or 2 numbers: a 0-d array comes back as it is) */
    for (int j = 0; j < npad; j++) { /* (one draw per statement: the same cases under every compiler) */
      uint64_t wide = rnd64() % 4 == 0 ? 13 : 4;
      pw[j] = (int64_t)(rnd64() % wide);
    }
    ref r = {.nd = nd};
    bool empty_pad = false;
    for (int k = 0; k < nd; k++) {
      int64_t b = npad == 1 ? pw[0] : npad == 2 ? pw[0] : pw[2 * k], e = npad == 1 ? pw[0] : npad == 2 ? pw[1] : pw[2 * k + 1];
      empty_pad = empty_pad || (shape[k] == 0 && (b || e) && !fill);
      r.shape[k] = shape[k] + b + e;
      r.src[k] = pad_list(shape[k], b, e, mode);
    }
    /* constants: none, one value, (2,) per side or (nd, 2) per axis and side, of a's dtype */
    jaxc_array *c = NULL;
    unsigned char fillv[JAXC_MAX_NDIM * 2 * 16] = {0};
    size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
    int cform = mode == JAXC_PAD_CONSTANT ? (int)(rnd64() % 4) : 0;
    if (cform) {
      int64_t cs[2] = {cform == 3 ? nd : 2, 2};
      int cnd = cform == 1 ? 0 : cform == 2 ? 1 : 2;
      if (cform == 3 && nd == 0) cnd = 0;
      c = random_bytes_array(d, cnd, cs);
      const unsigned char *cp = (const unsigned char *)jaxc_array_data(c);
      for (int k = 0; k < nd; k++)
        for (int side = 0; side < 2; side++)
          memcpy(fillv + ((size_t)k * 2 + side) * es, cp + (cnd == 0 ? 0 : cnd == 1 ? (size_t)side : (size_t)(k * 2 + side)) * es, es);
    }
    char what[128];
    snprintf(what, sizeof what, "pad mode %d rank %d npad %d cform %d, %s", (int)mode, nd, npad, cform, jaxc_dtype_name(d));
    jaxc_array *p = jaxc_pad(a, npad, pw, mode, c);
    if (empty_pad) {
      CHECK_MSG(!p && strstr(jaxc_last_error(), "padding to empty axis"), "%s: want the empty-axis error, got %s", what, jaxc_last_error());
    } else {
      check_ref(a, shape, p, &r, fillv, what);
    }
    jaxc_array_free(p);
    jaxc_array_free(c);
    ref_free(&r);
    CHECK_MSG(checksum(a) == sum, "input unchanged");
    jaxc_array_free(a);
  }
}

/* reflect_type='odd': the chunked algorithm on the values, axis after axis, in the dtype */
static void odd_value(jaxc_dtype d, const void *edge, const void *x, void *out) {
  switch (d) {
  case JAXC_I8: { int8_t e, v; memcpy(&e, edge, 1); memcpy(&v, x, 1); int8_t r = (int8_t)(uint8_t)((uint32_t)(2 * e - v) & 0xFF); memcpy(out, &r, 1); } break;
  case JAXC_U8: { uint8_t e, v; memcpy(&e, edge, 1); memcpy(&v, x, 1); uint8_t r = (uint8_t)((2u * e - v) & 0xFF); memcpy(out, &r, 1); } break;
  case JAXC_I32: { int32_t e, v; memcpy(&e, edge, 4); memcpy(&v, x, 4); uint32_t r = 2u * (uint32_t)e - (uint32_t)v; memcpy(out, &r, 4); } break;
  case JAXC_F32: { float e, v; memcpy(&e, edge, 4); memcpy(&v, x, 4); float t = 2.0f * e, r = t - v; memcpy(out, &r, 4); } break;
  default: { double e, v; memcpy(&e, edge, 8); memcpy(&v, x, 8); double t = 2.0 * e, r = t - v; memcpy(out, &r, 8); } break;
  }
}
/* one line of n elements (stride st in elements) padded by (b, e): into dst (stride dst_st) */
static void odd_line(jaxc_dtype d, const unsigned char *src, int64_t st, int64_t n, int64_t b, int64_t e, bool sym,
                     unsigned char *dst, int64_t dst_st) {
  size_t es = jaxc_dtype_size(d);
  int64_t len = n + b + e, cur = n, off = !sym && n > 1 ? 1 : 0;
  unsigned char *arr = (unsigned char *)malloc((size_t)len * es), *tmp = (unsigned char *)malloc((size_t)len * es);
  unsigned char edge[8];
  for (int64_t i = 0; i < n; i++) memcpy(arr + i * (int64_t)es, src + i * st * (int64_t)es, es);
  for (int side = 0; side < 2; side++) {
    int64_t pad = side ? e : b;
    memcpy(edge, arr + (side ? cur - 1 : 0) * (int64_t)es, es);
    while (pad > 0) {
      int64_t c = pad < n - off ? pad : n - off, start = side == 0 ? off : cur - (c + off);
      pad -= c;
      for (int64_t j = 0; j < c; j++) odd_value(d, edge, arr + (start + c - 1 - j) * (int64_t)es, tmp + j * (int64_t)es);
      if (n > 1) memcpy(edge, tmp + (side ? c - 1 : 0) * (int64_t)es, es);
      if (side == 0) {
        memmove(arr + c * (int64_t)es, arr, (size_t)cur * es);
        memcpy(arr, tmp, (size_t)c * es);
      } else {
        memcpy(arr + cur * (int64_t)es, tmp, (size_t)c * es);
      }
      cur += c;
    }
  }
  for (int64_t i = 0; i < len; i++) memcpy(dst + i * dst_st * (int64_t)es, arr + i * (int64_t)es, es);
  free(arr), free(tmp);
}
static void test_pad_odd(void) {
  static const jaxc_dtype od[] = {JAXC_I8, JAXC_U8, JAXC_I32, JAXC_F32, JAXC_F64};
  jaxc_set_x64(true); /* (float64 stays float64) */
  for (int it = 0; it < 300; it++) {
    int64_t shape[JAXC_MAX_NDIM];
    int nd = random_shape(shape, 3, 5);
    for (int k = 0; k < nd; k++) shape[k] += shape[k] == 0; /* (no empty axes here) */
    jaxc_dtype d = od[it % 5];
    bool sym = it / 5 % 2;
    jaxc_array *a = random_bytes_array(d, nd, shape);
    if (d == JAXC_F32 || d == JAXC_F64) { /* finite values of a few magnitudes, so the sums round */
      for (int64_t i = 0; i < jaxc_array_size(a); i++) {
        double m = (double)(int64_t)(rnd64() % 2000001) - 1e6, v = ldexp(m, (int)(rnd64() % 20) - 10);
        if (d == JAXC_F32) { float f = (float)v; memcpy((char *)jaxc_array_data(a) + i * 4, &f, 4); }
        else memcpy((char *)jaxc_array_data(a) + i * 8, &v, 8);
      }
    }
    int64_t pw[2 * JAXC_MAX_NDIM];
    for (int j = 0; j < 2 * nd; j++) pw[j] = (int64_t)(rnd64() % 9);
    size_t es = jaxc_dtype_size(d);
    /* the reference, axis after axis */
    int64_t cur[JAXC_MAX_NDIM];
    for (int k = 0; k < nd; k++) cur[k] = shape[k];
    int64_t total = 1;
    for (int k = 0; k < nd; k++) total *= shape[k] + pw[2 * k] + pw[2 * k + 1];
    unsigned char *x = (unsigned char *)malloc((size_t)(total > 0 ? total : 1) * es), *y = (unsigned char *)malloc((size_t)(total > 0 ? total : 1) * es);
    memcpy(x, jaxc_array_data(a), (size_t)jaxc_array_size(a) * es);
    for (int k = 0; k < nd; k++) {
      int64_t outer = 1, inner = 1, n = cur[k], len = n + pw[2 * k] + pw[2 * k + 1];
      for (int j = 0; j < k; j++) outer *= cur[j];
      for (int j = k + 1; j < nd; j++) inner *= cur[j];
      for (int64_t o = 0; o < outer; o++)
        for (int64_t i = 0; i < inner; i++)
          odd_line(d, x + (o * n * inner + i) * (int64_t)es, inner, n, pw[2 * k], pw[2 * k + 1], sym, y + (o * len * inner + i) * (int64_t)es, inner);
      cur[k] = len;
      unsigned char *t = x;
      x = y, y = t;
    }
    jaxc_array *p = jaxc_pad(a, 2 * nd, pw, sym ? JAXC_PAD_SYMMETRIC_ODD : JAXC_PAD_REFLECT_ODD, NULL);
    bool ok = p && jaxc_array_ndim(p) == nd && jaxc_array_size(p) == total && jaxc_array_dtype(p) == d;
    CHECK_MSG(ok && memcmp(jaxc_array_data(p), x, (size_t)total * es) == 0, "pad %s odd, rank %d, %s: values",
              sym ? "symmetric" : "reflect", nd, jaxc_dtype_name(d));
    jaxc_array_free(p);
    free(x), free(y);
    jaxc_array_free(a);
  }
  jaxc_set_x64(false);
  /* bool: 2 * edge - x is an int32, which lax.concatenate refuses beside the bool array */
  jaxc_array *b = jaxc_array_zeros(JAXC_BOOL, 1, (int64_t[]){3});
  expect_error(jaxc_pad(b, 1, (int64_t[]){1}, JAXC_PAD_REFLECT_ODD, NULL),
               "lax.concatenate requires arguments to have the same dtypes, got int32, bool.");
  jaxc_array_free(b);
}

/* linear_ramp, maximum, mean, minimum: JAX's per-axis construction run on the values here (int32
   and integer-valued float32, so that every sum is exact in double and the mean is its quotient
   rounded once to float32, whatever the order of the sums), a reference in plain C arithmetic: the ramp's end * (1 - k/w) + edge * (k/w) in
   float, each operation rounded, floored for int32; statistics of the first/last stat_length
   elements, means rounded half to even (nearbyint) for int32. */
typedef struct grid { int64_t r, c; double v[64 * 64]; } grid; /* values, row-major */
static double grid_at(const grid *g, int ax, int64_t line, int64_t i) { return ax ? g->v[line * g->c + i] : g->v[i * g->c + line]; }
static double ramp_value(double end, double edge, int64_t k, int64_t w, bool is_int) {
  float step = (float)k / (float)w, oms = 1.0f - step, t1 = (float)end * oms, t2 = (float)edge * step, v = t1 + t2;
  if (w == 1) v = (float)end;
  return is_int ? floor(v) : v;
}
static int cmp_double(const void *x, const void *y) { double a = *(const double *)x, b = *(const double *)y; return (a > b) - (a < b); }
static double stat_value(const grid *g, int ax, int64_t line, int64_t lo, int64_t hi, int mode, bool is_int) {
  if (mode == JAXC_PAD_MEDIAN) { /* quantile's midpoint: (low + high) * 0.5 in float32 */
    double v[64];
    int64_t n = hi - lo;
    for (int64_t i = 0; i < n; i++) v[i] = grid_at(g, ax, line, lo + i);
    qsort(v, (size_t)n, sizeof v[0], cmp_double);
    float sum = (float)v[(n - 1) / 2] + (float)v[n / 2], m = sum * 0.5f;
    return is_int ? nearbyint(m) : m;
  }
  double acc = mode == JAXC_PAD_MEAN ? 0 : grid_at(g, ax, line, lo);
  for (int64_t i = lo; i < hi; i++) {
    double v = grid_at(g, ax, line, i);
    acc = mode == JAXC_PAD_MEAN ? acc + v : mode == JAXC_PAD_MAXIMUM ? (v > acc ? v : acc) : (v < acc ? v : acc);
  }
  if (mode == JAXC_PAD_MEAN) acc = (double)(float)(acc / (double)(hi - lo)); /* (the exact sum's quotient rounded once) */
  return is_int ? nearbyint(acc) : acc;
}
static void pad_axis_ref(grid *g, int ax, int64_t b, int64_t e, int mode, const double *ev, const int64_t *sl, bool is_int) {
  grid out;
  int64_t n = ax ? g->c : g->r, lines = ax ? g->r : g->c, len = n + b + e;
  out.r = ax ? g->r : len, out.c = ax ? len : g->c;
  for (int64_t l = 0; l < lines; l++) {
    double before = 0, after = 0;
    if (mode != JAXC_PAD_LINEAR_RAMP) {
      int64_t lb = sl ? (sl[0] < n ? sl[0] : n) : n, la = sl ? (sl[1] < n ? sl[1] : n) : n;
      before = stat_value(g, ax, l, 0, lb, mode, is_int), after = stat_value(g, ax, l, n - la, n, mode, is_int);
    }
    for (int64_t i = 0; i < len; i++) {
      double v;
      if (i >= b && i < b + n) v = grid_at(g, ax, l, i - b);
      else if (mode != JAXC_PAD_LINEAR_RAMP) v = i < b ? before : after;
      else if (i < b) v = ramp_value(ev[0], grid_at(g, ax, l, 0), i, b, is_int);
      else v = ramp_value(ev[1], grid_at(g, ax, l, n - 1), len - 1 - i, e, is_int); /* (flipped) */
      if (is_int) v = (double)(int32_t)(int64_t)v;
      else v = (double)(float)v;
      if (ax) out.v[l * out.c + i] = v; else out.v[i * out.c + l] = v;
    }
  }
  *g = out;
}
static void test_pad_composed(void) {
  static grid g;
  for (int it = 0; it < 500; it++) {
    bool is_int = it % 2 == 0;
    int mode = JAXC_PAD_LINEAR_RAMP + (int)(it / 2 % 5);
    int64_t shape[2], pw[4], sl[4];
    double ev[4];
    shape[0] = 1 + (int64_t)(rnd64() % 6), shape[1] = 1 + (int64_t)(rnd64() % 6);
    for (int j = 0; j < 4; j++) {
      pw[j] = (int64_t)(rnd64() % 9), sl[j] = 1 + (int64_t)(rnd64() % 7);
      double num = (double)((int64_t)(rnd64() % 2001) - 1000);
      ev[j] = num / (double)(1 + rnd64() % 16);
    }
    bool use_sl = rnd64() % 3 != 0;
    g.r = shape[0], g.c = shape[1];
    jaxc_array *a = jaxc_array_empty(is_int ? JAXC_I32 : JAXC_F32, 2, shape);
    for (int64_t i = 0; i < g.r * g.c; i++) {
      g.v[i] = (double)((int64_t)(rnd64() % 2001) - 1000);
      if (is_int) ((int32_t *)a->data)[i] = (int32_t)g.v[i]; else ((float *)a->data)[i] = (float)g.v[i];
    }
    if (!is_int && rnd64() % 4 == 0) a->weak = true;
    for (int ax = 0; ax < 2; ax++)
      pad_axis_ref(&g, ax, pw[2 * ax], pw[2 * ax + 1], mode, ev + 2 * ax, use_sl ? sl + 2 * ax : NULL, is_int);
    jaxc_pad_args args = {NULL, mode == JAXC_PAD_LINEAR_RAMP ? 4 : 0, ev, mode != JAXC_PAD_LINEAR_RAMP && use_sl ? 4 : 0, sl};
    jaxc_array *p = jaxc_pad_ex(a, 4, pw, (jaxc_pad_mode)mode, &args);
    bool ok = p && jaxc_array_shape(p)[0] == g.r && jaxc_array_shape(p)[1] == g.c && jaxc_array_dtype(p) == jaxc_array_dtype(a) &&
              jaxc_array_is_weak(p) == jaxc_array_is_weak(a);
    int64_t bad = 0;
    for (int64_t i = 0; ok && i < g.r * g.c; i++)
      bad += (is_int ? (double)((const int32_t *)p->data)[i] : (double)((const float *)p->data)[i]) != g.v[i];
    CHECK_MSG(ok && bad == 0, "pad mode %d %s (%lld, %lld) widths %lld %lld %lld %lld: %lld wrong (%s)", mode, is_int ? "int32" : "float32",
              (long long)shape[0], (long long)shape[1], (long long)pw[0], (long long)pw[1], (long long)pw[2], (long long)pw[3],
              (long long)bad, p ? "" : jaxc_last_error());
    jaxc_array_free(p), jaxc_array_free(a);
  }
  /* JAX's checks: no empty axis for linear_ramp (its lax.slice), max of an empty axis, stat_length 0,
     keyword arguments of other modes */
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 0}), *x = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){3});
  jaxc_pad_args none = {0};
  expect_error(jaxc_pad_ex(e, 1, (int64_t[]){0}, JAXC_PAD_LINEAR_RAMP, &none),
               "slice limit_indices must be less than or equal to operand shape, got limit_indices (2, 1) for operand shape (2, 0).");
  expect_error(jaxc_pad_ex(e, 1, (int64_t[]){0}, JAXC_PAD_MAXIMUM, &none), "zero-size array to reduction operation max which has no identity");
  jaxc_pad_args zero = {NULL, 0, NULL, 2, (int64_t[]){1, 0}};
  expect_error(jaxc_pad_ex(x, 1, (int64_t[]){1}, JAXC_PAD_MEAN, &zero), "stat_length of 0 yields no value for padding");
  expect_error(jaxc_pad_ex(x, 1, (int64_t[]){1}, JAXC_PAD_EDGE, &zero), "unsupported keyword arguments for mode 'edge': {'stat_length'}");
  jaxc_pad_args three = {NULL, 3, (double[]){1, 2, 3}, 0, NULL};
  expect_error(jaxc_pad_ex(x, 1, (int64_t[]){1}, JAXC_PAD_LINEAR_RAMP, &three),
               "jnp.pad: end_values with nd=1 has unsupported shape (3,). Valid shapes are (1, 2), (1, 2), (2,), (1,), or ().");
  /* one step of a ramp is the end value itself (linspace's num == 1), not end * 1 + edge * 0:
     an infinite edge does not make it NaN, a -0.0 end stays -0.0 */
  jaxc_array *inf = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){INFINITY, 1, -INFINITY});
  jaxc_pad_args ends = {NULL, 2, (double[]){5, -0.0}, 0, NULL};
  jaxc_array *pr = jaxc_pad_ex(inf, 1, (int64_t[]){1}, JAXC_PAD_LINEAR_RAMP, &ends);
  const float *pv = pr ? (const float *)jaxc_array_data(pr) : NULL;
  CHECK_MSG(pv && pv[0] == 5 && pv[1] == INFINITY && pv[3] == -INFINITY && f2u(pv[4]) == 0x80000000u, "ramp of one step");
  jaxc_array_free(pr), jaxc_array_free(inf);
  /* a median: NaN when the lane has one; float16 stays float16 (its sum rounds there) */
  jaxc_array *hn = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){2, NAN, 1});
  jaxc_array *pm = jaxc_pad_ex(hn, 1, (int64_t[]){1}, JAXC_PAD_MEDIAN, &none);
  CHECK_MSG(pm && isnan(((const float *)jaxc_array_data(pm))[0]) && isnan(((const float *)jaxc_array_data(pm))[4]), "median of a NaN lane");
  jaxc_array_free(pm), jaxc_array_free(hn);
  jaxc_array *h16 = jaxc_array_from_data(JAXC_F16, 1, (int64_t[]){2}, (uint16_t[]){0x7bff, 0x7bfe}); /* 65504, 65472 */
  jaxc_array *p16 = jaxc_pad_ex(h16, 1, (int64_t[]){1}, JAXC_PAD_MEDIAN, &none);
  CHECK_MSG(p16 && ((const uint16_t *)jaxc_array_data(p16))[0] == 0x7c00, "float16 median overflows in float16 (JAX's (lo + hi) * 0.5)");
  jaxc_array_free(p16), jaxc_array_free(h16);
  expect_error(jaxc_pad_ex(e, 1, (int64_t[]){0}, JAXC_PAD_MEDIAN, &none),
               "Slice size at index 1 in gather op is out of range, must be within [0, 0 + 1), got 1.");
  /* a mean of ints rounds half to even: [1, 2] -> 1.5 -> 2, [2, 3] -> 2.5 -> 2 */
  jaxc_array *h = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){4}, (int32_t[]){1, 2, 3, 2});
  jaxc_pad_args two = {NULL, 0, NULL, 1, (int64_t[]){2}};
  expect_print(jaxc_pad_ex(h, 1, (int64_t[]){1}, JAXC_PAD_MEAN, &two), "Array([2, 1, 2, 3, 2, 2], dtype=int32)", "mean half to even");
  jaxc_array_free(e), jaxc_array_free(x), jaxc_array_free(h);
}

/* pad's constants, converted by XLA's rules to the array's dtype */
static void test_pad_constants(void) {
  jaxc_array *x8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){2}, (int8_t[]){5, 6});
  struct { jaxc_array *c; int8_t want; } cases[] = {
      {jaxc_weak_float(2.7), 2}, {jaxc_weak_float(-2.7), -2}, {jaxc_weak_int(300), 44}, {jaxc_weak_int(-200), 56},
      {jaxc_weak_float(NAN), 0}, {jaxc_weak_float(1e10), 127},
  };
  for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
    jaxc_array *p = jaxc_pad(x8, 1, (int64_t[]){1}, JAXC_PAD_CONSTANT, cases[j].c);
    const int8_t *v = p ? (const int8_t *)jaxc_array_data(p) : NULL;
    CHECK_MSG(v && v[0] == cases[j].want && v[3] == cases[j].want && v[1] == 5 && v[2] == 6, "int8 constant %zu: got %d", j, v ? v[0] : -1);
    jaxc_array_free(p);
    jaxc_array_free(cases[j].c);
  }
  jaxc_array *xu = jaxc_array_from_data(JAXC_U8, 1, (int64_t[]){1}, (uint8_t[]){7});
  jaxc_array *m1 = jaxc_weak_int(-1);
  jaxc_array *pu = jaxc_pad(xu, 2, (int64_t[]){1, 0}, JAXC_PAD_CONSTANT, m1);
  CHECK_MSG(pu && ((const uint8_t *)jaxc_array_data(pu))[0] == 255, "uint8 pad -1 is 255");
  jaxc_array_free(pu), jaxc_array_free(m1), jaxc_array_free(xu);
  /* corners take the later axis' constant: numpy's and JAX's rule */
  jaxc_array *z = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){1, 1}, (int32_t[]){9});
  jaxc_array *cv = jaxc_array_from_data(JAXC_I32, 2, (int64_t[]){2, 2}, (int32_t[]){1, 2, 3, 4});
  expect_print(jaxc_pad(z, 1, (int64_t[]){1}, JAXC_PAD_CONSTANT, cv),
               "Array([[3, 1, 4],\n       [3, 9, 4],\n       [3, 2, 4]], dtype=int32)", "corners");
  jaxc_array *cw = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){1, 2});
  expect_print(jaxc_pad(z, 1, (int64_t[]){1}, JAXC_PAD_CONSTANT, cw),
               "Array([[1, 1, 2],\n       [1, 9, 2],\n       [1, 2, 2]], dtype=int32)", "(before, after) constants");
  jaxc_array *c1 = jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){1}, (double[]){-7.9}); /* (1,): one value, converted */
  expect_print(jaxc_pad(z, 1, (int64_t[]){1}, JAXC_PAD_CONSTANT, c1),
               "Array([[-7, -7, -7],\n       [-7,  9, -7],\n       [-7, -7, -7]], dtype=int32)", "(1,) constant");
  jaxc_array_free(c1);
  jaxc_array *c3 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){3}, (int32_t[]){1, 2, 3});
  expect_error(jaxc_pad(z, 1, (int64_t[]){1}, JAXC_PAD_CONSTANT, c3),
               "jnp.pad: constant_values has unsupported shape (3,). If the shape is 1D or 2D, the last dimension must be of size 1 or 2.");
  jaxc_array_free(z), jaxc_array_free(cv), jaxc_array_free(cw), jaxc_array_free(c3);
  /* weak: the result keeps the array's flag, whatever the constant's */
  jaxc_array *w = jaxc_weak_float(1.5), *w1 = jaxc_broadcast_to(w, 1, (int64_t[]){2}), *s = jaxc_array_from_data(JAXC_F32, 0, NULL, (float[]){4});
  expect_print(jaxc_pad(w1, 1, (int64_t[]){1}, JAXC_PAD_CONSTANT, s), "Array([4. , 1.5, 1.5, 4. ], dtype=float32, weak_type=True)", "weak kept");
  jaxc_array_free(w), jaxc_array_free(w1), jaxc_array_free(s);
  jaxc_array_free(x8);
}

/* ---- split ------------------------------------------------------------------------------------ */
static void test_split(void) {
  for (int it = 0; it < 300; it++) {
    int64_t shape[JAXC_MAX_NDIM];
    int nd = 1 + random_shape(shape + 1, 3, 6);
    shape[0] = (int64_t)(rnd64() % 10);
    if (nd > 1 && rnd64() % 2) { int64_t t = shape[0]; shape[0] = shape[nd - 1], shape[nd - 1] = t; }
    jaxc_dtype d = dtypes[it % NDT];
    jaxc_array *a = random_bytes_array(d, nd, shape);
    uint64_t sum = checksum(a);
    int ax = (int)(rnd64() % (uint64_t)nd);
    int64_t n = shape[ax];
    jaxc_array *out[12] = {NULL};
    int64_t lo[12], hi[12], pieces;
    int kind = (int)(rnd64() % 3), rc;
    if (kind < 2) {
      pieces = 1 + (int64_t)(rnd64() % 5);
      if (kind == 0 && n % pieces) pieces = 1;
      for (int64_t j = 0, at = 0; j < pieces; j++) {
        int64_t len = n / pieces + (j < n % pieces);
        lo[j] = at, hi[j] = at += len;
      }
      rc = kind == 0 ? jaxc_split(a, pieces, ax - (rnd64() % 2 ? nd : 0), out) : jaxc_array_split(a, pieces, ax, out);
    } else {
      int ni = (int)(rnd64() % 5);
      int64_t idx[5];
      for (int j = 0; j < ni; j++) idx[j] = (int64_t)(rnd64() % (uint64_t)(n + 1));
      for (int j = 1; j < ni; j++) /* (sorted: the unsorted case is an error, below) */
        for (int k = j; k > 0 && idx[k - 1] > idx[k]; k--) { int64_t t = idx[k]; idx[k] = idx[k - 1], idx[k - 1] = t; }
      pieces = ni + 1;
      for (int j = 0; j < pieces; j++) lo[j] = j ? idx[j - 1] : 0, hi[j] = j < ni ? idx[j] : n;
      rc = jaxc_split_at(a, ni, idx, ax, out);
    }
    CHECK_MSG(rc == JAXC_OK, "split kind %d: %s", kind, jaxc_last_error());
    size_t es = jaxc_dtype_size(jaxc_array_dtype(a));
    for (int64_t j = 0; j < pieces && rc == JAXC_OK; j++) {
      ref r = {.nd = nd};
      for (int k = 0; k < nd; k++) {
        r.shape[k] = k == ax ? hi[j] - lo[j] : shape[k];
        r.src[k] = new_list(r.shape[k]);
        for (int64_t i = 0; i < r.shape[k]; i++) r.src[k][i] = k == ax ? lo[j] + i : i;
      }
      check_ref(a, shape, out[j], &r, NULL, "split piece");
      ref_free(&r);
    }
    /* the pieces concatenate back to a */
    jaxc_array *cat = rc == JAXC_OK ? jaxc_concatenate((int)pieces, (const jaxc_array *const *)out, ax) : NULL;
    CHECK_MSG(cat && jaxc_array_size(cat) == jaxc_array_size(a) && memcmp(jaxc_array_data(cat), jaxc_array_data(a), (size_t)jaxc_array_size(a) * es) == 0,
              "split kind %d: the pieces concatenate back", kind);
    jaxc_array_free(cat);
    for (int64_t j = 0; j < pieces; j++) jaxc_array_free(out[j]);
    CHECK_MSG(checksum(a) == sum, "input unchanged");
    jaxc_array_free(a);
  }
}

/* ---- large: the threaded path, long rows and many short ones ------------------------------------ */
static void test_large(void) {
  int64_t shapes[][3] = {{1 << 21, 0, 0}, {1031, 1029, 0}, {1 << 19, 2, 0}, {3, 1 << 18, 2}};
  int nds[] = {1, 2, 2, 3};
  for (int s = 0; s < 4; s++) {
    int nd = nds[s];
    jaxc_array *a = random_bytes_array(JAXC_I32, nd, shapes[s]);
    ref r = {.nd = nd};
    char what[64];
    /* flip the first axis, roll the last, pad reflect, tile the first by 2, repeat the last 3
       times (rows cut in pieces of 64 KiB: a piece starts inside a run of copies) */
    for (int op = 0; op < 5; op++) {
      int64_t pw[6] = {3, 70, 1, 2, 5, 0};
      for (int k = 0; k < nd; k++) {
        int64_t n = shapes[s][k];
        if (op == 0) r.shape[k] = n, r.src[k] = new_list(n);
        if (op == 1) r.shape[k] = n, r.src[k] = new_list(n);
        if (op == 2) r.shape[k] = n + pw[2 * k] + pw[2 * k + 1], r.src[k] = pad_list(n, pw[2 * k], pw[2 * k + 1], JAXC_PAD_REFLECT);
        if (op == 3) r.shape[k] = k == 0 ? 2 * n : n, r.src[k] = new_list(r.shape[k]);
        if (op == 4) r.shape[k] = k == nd - 1 ? 3 * n : n, r.src[k] = new_list(r.shape[k]);
        for (int64_t i = 0; i < r.shape[k] && op != 2; i++)
          r.src[k][i] = op == 0 ? (k == 0 ? n - 1 - i : i) : op == 1 ? (k == nd - 1 ? pymod(i - 12345, n) : i)
                      : op == 3 ? i % n : k == nd - 1 ? i / 3 : i;
      }
      jaxc_array *o = op == 0 ? jaxc_flip(a, 1, (int[]){0}) : op == 1 ? jaxc_roll(a, 12345, -1)
                    : op == 2 ? jaxc_pad(a, 2 * nd, pw, JAXC_PAD_REFLECT, NULL) : op == 3 ? jaxc_tile(a, nd, (int64_t[]){2, 1, 1})
                    : jaxc_repeat(a, 3, -1);
      snprintf(what, sizeof what, "large shape %d op %d", s, op);
      check_ref(a, shapes[s], o, &r, NULL, what);
      jaxc_array_free(o);
      ref_free(&r);
    }
    jaxc_array_free(a);
  }
}

/* ---- errors, in JAX's words ----------------------------------------------------------------------- */
static void test_errors(void) {
  jaxc_array *x = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){2, 3});
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){0, 3});
  expect_error(jaxc_flip(x, 2, (int[]){0, -2}), "rev dimensions must be unique, got (0, 0).");
  expect_error(jaxc_flip(x, 1, (int[]){2}), "axis 2 is out of bounds for array of dimension 2");
  expect_error(jaxc_roll(x, 1, 5), "axis 5 is out of bounds for array of dimension 2");
  expect_error(jaxc_rot90(x, 1, 1, -1), "Axes must be different");
  expect_error(jaxc_rot90(x, 1, 0, 2), "axis 2 is out of bounds for array of dimension 2");
  jaxc_array *v3 = jaxc_array_zeros(JAXC_I8, 1, (int64_t[]){3});
  expect_error(jaxc_rot90(v3, 1, 0, 1), "rot90 requires its first argument to have ndim at least two, but got first argument of shape (3,), which has ndim 1");
  expect_error(jaxc_fliplr(v3), "axis 1 is out of bounds for array of dimension 1");
  jaxc_array *v123 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){1, 2, 3});
  expect_print(jaxc_flipud(v123), "Array([3, 2, 1], dtype=int8)", "flipud");
  jaxc_array_free(v3), jaxc_array_free(v123);
  expect_error(jaxc_roll_axes(x, 3, (int64_t[]){1, 2, 3}, 2, (int[]){0, 1}),
               "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape (2,) and arg 1 with shape (3,).");
  expect_error(jaxc_tile(x, 1, (int64_t[]){-1}), "broadcast_in_dim shape must have every element be nonnegative, got (1, 2, -1, 3).");
  expect_error(jaxc_repeat(x, -1, 0), "broadcast_in_dim shape must have every element be nonnegative, got (2, -1, 3).");
  expect_error(jaxc_repeat(x, 2, 2), "axis 2 is out of bounds for array of dimension 2");
  expect_error(jaxc_repeat_each(x, 2, (int64_t[]){1, 2}, 1, JAXC_NONE),
               "operands could not be broadcast together with remapped shapes [original->remapped]: (2,)  and requested shape (3,)");
  expect_error(jaxc_repeat_each(x, 2, (int64_t[]){1, 2}, 1, 4), "Incompatible shapes for broadcasting: (2,) and requested shape (3,)");
  expect_error(jaxc_repeat_each(x, 1, (int64_t[]){1}, 2, JAXC_NONE), "tuple index out of range");
  expect_error(jaxc_repeat_each(x, 2, (int64_t[]){1, -1}, 0, JAXC_NONE), "repeats may not contain negative values.");
  jaxc_array *s = jaxc_weak_float(2.5);
  expect_error(jaxc_repeat_each(s, 2, (int64_t[]){1, 2}, 0, JAXC_NONE),
               "`repeat` with a scalar parameter `a` is only implemented for scalar values of the parameter `repeats`.");
  expect_print(jaxc_repeat(s, 3, 0), "Array([2.5, 2.5, 2.5], dtype=float32, weak_type=True)", "repeat of a 0-d array");
  expect_error(jaxc_pad(x, 3, (int64_t[]){1, 2, 3}, JAXC_PAD_EDGE, NULL),
               "jnp.pad: pad_width with nd=2 has unsupported shape (3,). Valid shapes are (2, 2), (1, 2), (2,), (1,), or ().");
  expect_error(jaxc_pad(x, 1, (int64_t[]){1}, (jaxc_pad_mode)99, NULL), "Unimplemented padding mode '99' for np.pad.");
  expect_error(jaxc_pad(x, 1, (int64_t[]){1}, JAXC_PAD_EDGE, s), "unsupported keyword arguments for mode 'edge': {'constant_values'}");
  expect_error(jaxc_pad(x, 2, (int64_t[]){1, -1}, JAXC_PAD_CONSTANT, NULL), "index can't contain negative values");
  expect_error(jaxc_pad(e, 1, (int64_t[]){1}, JAXC_PAD_WRAP, NULL), "Cannot apply 'wrap' padding to empty axis");
  expect_error(jaxc_pad(e, 1, (int64_t[]){1}, JAXC_PAD_REFLECT_ODD, NULL), "Cannot apply 'reflect' padding to empty axis");
  expect_print(jaxc_pad(e, 1, (int64_t[]){1}, JAXC_PAD_EMPTY, NULL), "Array([[0., 0., 0., 0., 0.],\n       [0., 0., 0., 0., 0.]], dtype=float32)", "empty pads zeros");
  expect_print(jaxc_pad(s, 1, (int64_t[]){-3}, JAXC_PAD_EDGE, NULL), "Array(2.5, dtype=float32, weak_type=True)", "0-d pads to itself");
  jaxc_array *out[4] = {NULL};
  CHECK(jaxc_split(x, 4, 1, out) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "array split does not result in an equal division: rest is 3") == 0);
  CHECK(jaxc_split(x, 0, 1, out) == JAXC_ERR_ARG && strcmp(jaxc_last_error(), "integer division or modulo by zero") == 0);
  CHECK(jaxc_split(x, 1, 2, out) == JAXC_ERR_ARG && strcmp(jaxc_last_error(), "tuple index out of range") == 0);
  CHECK(jaxc_split_at(x, 2, (int64_t[]){2, 1}, 1, out) == JAXC_ERR_ARG &&
        strcmp(jaxc_last_error(), "Sizes passed to split must be nonnegative, got [np.int64(2), np.int64(-1), np.int64(2)]") == 0);
  CHECK(jaxc_split_at(x, 1, (int64_t[]){4}, 1, out) == JAXC_ERR_ARG && out[0] == NULL && out[1] == NULL);
  /* np.diff([0, -2, 2**63 - 1, 3]) wraps in int64 (found by the fuzzer: the message overflowed) */
  CHECK(jaxc_split_at(x, 2, (int64_t[]){-2, INT64_MAX}, 1, out) == JAXC_ERR_ARG &&
        strcmp(jaxc_last_error(), "Sizes passed to split must be nonnegative, got [np.int64(-2), "
                                  "np.int64(-9223372036854775807), np.int64(-9223372036854775804)]") == 0);
  CHECK(jaxc_split(x, -1, 0, out) == JAXC_ERR_SHAPE && strcmp(jaxc_last_error(), "Sum of sizes 0 must be equal to dimension 0 of the operand shape (2, 3)") == 0);
  CHECK(jaxc_split(NULL, 1, 0, out) == JAXC_ERR_ARG && jaxc_split(x, 1, 0, NULL) == JAXC_ERR_ARG);
  CHECK(jaxc_array_split(x, 2, 1, out) == JAXC_OK && jaxc_array_shape(out[0])[1] == 2 && jaxc_array_shape(out[1])[1] == 1);
  jaxc_array_free(out[0]), jaxc_array_free(out[1]);
  /* NULLs and negative counts: refused, no crash */
  CHECK(jaxc_flip(NULL, 0, NULL) == NULL && jaxc_last_status() == JAXC_ERR_ARG);
  CHECK(jaxc_roll(NULL, 1, 0) == NULL && jaxc_roll_axes(x, -1, NULL, 1, (int[]){0}) == NULL);
  CHECK(jaxc_tile(NULL, 0, NULL) == NULL && jaxc_tile(x, 2, NULL) == NULL);
  CHECK(jaxc_repeat(NULL, 1, 0) == NULL && jaxc_repeat_each(x, 2, NULL, 0, JAXC_NONE) == NULL);
  CHECK(jaxc_pad(NULL, 0, NULL, JAXC_PAD_CONSTANT, NULL) == NULL && jaxc_pad(x, 1, NULL, JAXC_PAD_CONSTANT, NULL) == NULL);
  CHECK(jaxc_tile(x, 9, (int64_t[9]){1, 1, 1, 1, 1, 1, 1, 1, 1}) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE);
  CHECK(jaxc_repeat(x, INT64_MAX, 0) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  CHECK(jaxc_pad(x, 2, (int64_t[]){INT64_MAX, 1}, JAXC_PAD_CONSTANT, NULL) == NULL && jaxc_last_status() == JAXC_ERR_OVERFLOW);
  jaxc_array_free(s), jaxc_array_free(x), jaxc_array_free(e);
}

int main(void) {
  test_flip_roll();
  test_tile_repeat();
  test_pad_even();
  test_pad_odd();
  test_pad_composed();
  test_pad_constants();
  test_split();
  test_large();
  test_errors();
  return check_summary("test_rearrange");
}
