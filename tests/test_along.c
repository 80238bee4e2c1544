/* test_along.c — jnp.take_along_axis and jnp.put_along_axis against references written here from
   JAX's code (jax/_src/numpy/indexing.py): per result element, the coordinates each side reads
   (an axis of length 1 broadcast), the index converted as JAX converts it (take_along_axis: to the
   default int, then counted from the end once and filled or clamped by lax.gather; put's .at[]:
   counted from the end in the index's own dtype, converted to int32, dropped or clamped), and the
   element copied bit for bit. Every storage dtype of arr (1 to 16 bytes), every integer index
   dtype (64-bit ones wrapped while x64 is off, as JAX can hold them), every mode, x64 off and on,
   random shapes of rank 1-4 with broadcasting and empty axes, both axis signs and None. Then
   properties on large arrays (the threaded path): take_along_axis(a, argsort(a)) is sort(a),
   put_along_axis puts a sort back where argsort found it, argmax's keepdims index takes the max;
   JAX's docstring examples; errors in JAX's words; inputs unchanged. */
#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"
#ifdef _OPENMP
#  include <omp.h>
#endif

static const jaxc_dtype arr_dtypes[] = {JAXC_BOOL, JAXC_U8,  JAXC_U16,  JAXC_U32, JAXC_U64, JAXC_I8,  JAXC_I16,
                                        JAXC_I32,  JAXC_I64, JAXC_BF16, JAXC_F16, JAXC_F32, JAXC_F64, JAXC_C64, JAXC_C128};
static const jaxc_dtype ix_dtypes[] = {JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64};
static const jaxc_index_mode modes[] = {JAXC_MODE_DEFAULT, JAXC_MODE_CLIP, JAXC_MODE_FILL,
                                        JAXC_MODE_DROP,    JAXC_MODE_WRAP, JAXC_MODE_PROMISE_IN_BOUNDS};
#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
static void free_list(jaxc_array **v, size_t n) {
  for (size_t i = 0; i < n; i++) jaxc_array_free(v[i]);
}
#define FREE_ALL(...) free_list((jaxc_array *[]){__VA_ARGS__}, sizeof((jaxc_array *[]){__VA_ARGS__}) / sizeof(jaxc_array *))

static jaxc_array *f32s(int nd, const int64_t *shape, const float *v) { return jaxc_array_from_data(JAXC_F32, nd, shape, v); }
static jaxc_array *i32s(int nd, const int64_t *shape, const int32_t *v) { return jaxc_array_from_data(JAXC_I32, nd, shape, v); }
/* An array in caller memory, so a 64-bit dtype stays itself while x64 is off (jaxc_array_wrap). */
typedef struct held {
  jaxc_array view;
  void *mem;
} held;
static jaxc_array *hold(held *h, jaxc_dtype d, int nd, const int64_t *shape) {
  int64_t n = 1;
  for (int i = 0; i < nd; i++) n *= shape[i];
  h->mem = calloc((size_t)(n ? n : 1), 16);
  return jaxc_array_wrap(&h->view, d, nd, shape, h->mem);
}
static size_t esz(const jaxc_array *a) { return jaxc_dtype_size(jaxc_array_dtype(a)); }
static char *at(const jaxc_array *a, int64_t k) { return (char *)jaxc_array_data(a) + (size_t)k * esz(a); }
static bool is_float(jaxc_dtype d) { return jaxc_dtype_kind(d) == JAXC_KIND_FLOAT || jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX; }

/* random element bits: bool 0/1; floats finite when asked (put's values: a scatter may quieten a
   signalling NaN), else any pattern */
static void random_element(jaxc_dtype d, char *p, bool finite) {
  size_t w = jaxc_dtype_size(d);
  for (size_t i = 0; i < w; i++) p[i] = (char)rnd64();
  if (d == JAXC_BOOL) p[0] = (char)(rnd64() & 1);
  if (!finite || !is_float(d)) return;
  int parts = jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX ? 2 : 1;
  size_t pw = w / (size_t)parts;
  for (int k = 0; k < parts; k++) { /* clear the exponent's top bit: never all ones */
    unsigned char *top = (unsigned char *)p + (size_t)k * pw + pw - 1;
    *top &= 0xBF;
  }
}
static void random_fill(jaxc_array *a, bool finite) {
  for (int64_t k = 0; k < jaxc_array_size(a); k++) random_element(jaxc_array_dtype(a), at(a, k), finite);
}

/* an index value's bits widened to int64 (a uint64's kept as they are), read by its dtype */
static int64_t raw_index(const jaxc_array *ix, int64_t k) {
  const void *p = at(ix, k);
  switch (jaxc_array_dtype(ix)) {
  case JAXC_U8: return *(const uint8_t *)p;
  case JAXC_U16: return *(const uint16_t *)p;
  case JAXC_U32: return *(const uint32_t *)p;
  case JAXC_U64: return (int64_t)*(const uint64_t *)p;
  case JAXC_I8: return *(const int8_t *)p;
  case JAXC_I16: return *(const int16_t *)p;
  case JAXC_I32: return *(const int32_t *)p;
  default: return *(const int64_t *)p;
  }
}
static void put_index(jaxc_array *ix, int64_t k, int64_t v) {
  void *p = at(ix, k);
  switch (jaxc_array_dtype(ix)) {
  case JAXC_U8: *(uint8_t *)p = (uint8_t)v; break;
  case JAXC_U16: *(uint16_t *)p = (uint16_t)v; break;
  case JAXC_U32: *(uint32_t *)p = (uint32_t)v; break;
  case JAXC_U64: *(uint64_t *)p = (uint64_t)v; break;
  case JAXC_I8: *(int8_t *)p = (int8_t)v; break;
  case JAXC_I16: *(int16_t *)p = (int16_t)v; break;
  case JAXC_I32: *(int32_t *)p = (int32_t)v; break;
  default: *(int64_t *)p = v; break;
  }
}
/* indices mostly near [-n, n), with the dtype's edges and the values int32 conversion wraps */
static void random_indices(jaxc_array *ix, int64_t n) {
  static const int64_t edges[] = {INT8_MIN,   INT8_MAX,   UINT8_MAX,  INT16_MIN, UINT16_MAX,          INT32_MIN,
                                  INT32_MAX,  UINT32_MAX, 1LL << 32,  (1LL << 32) + 1, INT64_MIN, INT64_MAX,
                                  -1,         (int64_t)(UINT32_MAX - 1)};
  for (int64_t k = 0; k < jaxc_array_size(ix); k++) {
    int64_t v = rnd64() % 5 ? (int64_t)(rnd64() % (uint64_t)(2 * n + 5)) - n - 2 : edges[rnd64() % COUNT(edges)];
    put_index(ix, k, v);
  }
}

static int64_t clamp(int64_t v, int64_t n) { return v < 0 ? 0 : v >= n ? n - 1 : v; }
static int64_t wrap32(int64_t v) { return (int64_t)(int32_t)(uint32_t)(uint64_t)v; }
/* take_along_axis: convert_element_type to the default int, _normalize_index (skipped when in
   bounds is promised), then lax.gather: FILL_OR_DROP fills (-1), CLIP and PROMISE clamp */
static int64_t take_place(int64_t raw, int64_t n, bool x64, jaxc_index_mode mode) {
  int64_t v = x64 ? raw : wrap32(raw);
  if (mode == JAXC_MODE_PROMISE_IN_BOUNDS) return clamp(v, n);
  if (v < 0) v += n;
  if (mode == JAXC_MODE_CLIP) return clamp(v, n);
  return v >= 0 && v < n ? v : -1;
}
/* .at[].set: a signed index counted from the end in its own dtype, converted to int32; CLIP
   clamps, every other mode drops what is out of range */
static int64_t put_place(int64_t raw, jaxc_dtype d, int64_t n, jaxc_index_mode mode) {
  bool uns = jaxc_dtype_kind(d) == JAXC_KIND_UINT;
  int64_t v = wrap32(!uns && raw < 0 ? raw + n : raw);
  if (mode == JAXC_MODE_CLIP) return clamp(v, n);
  return v >= 0 && v < n ? v : -1;
}

/* JAX's default fill for lax.gather, by class */
static bool is_default_fill(jaxc_dtype d, const char *p) {
  switch (d) {
  case JAXC_BOOL: return *p == 1;
  case JAXC_U8: return *(const uint8_t *)p == UINT8_MAX;
  case JAXC_U16: return *(const uint16_t *)p == UINT16_MAX;
  case JAXC_U32: return *(const uint32_t *)p == UINT32_MAX;
  case JAXC_U64: return *(const uint64_t *)p == UINT64_MAX;
  case JAXC_I8: return *(const int8_t *)p == INT8_MIN;
  case JAXC_I16: return *(const int16_t *)p == INT16_MIN;
  case JAXC_I32: return *(const int32_t *)p == INT32_MIN;
  case JAXC_I64: return *(const int64_t *)p == INT64_MIN;
  case JAXC_BF16: return (*(const uint16_t *)p & 0x7F80) == 0x7F80 && (*(const uint16_t *)p & 0x7F);
  case JAXC_F16: return (*(const uint16_t *)p & 0x7C00) == 0x7C00 && (*(const uint16_t *)p & 0x3FF);
  case JAXC_F32: return isnan(*(const float *)p);
  case JAXC_F64: return isnan(*(const double *)p);
  case JAXC_C64: return isnan(((const float *)p)[0]) && ((const float *)p)[1] == 0;
  default: return isnan(((const double *)p)[0]) && ((const double *)p)[1] == 0;
  }
}

/* a random geometry: arr's shape, an axis, and indices' shape (mostly broadcast-compatible) */
typedef struct geom {
  int nd, ax;
  int64_t as[4], is[4];
} geom;
static geom random_geom(void) {
  geom g;
  g.nd = 1 + (int)(rnd64() % 4);
  g.ax = (int)(rnd64() % (uint64_t)g.nd);
  for (int i = 0; i < g.nd; i++) {
    g.as[i] = rnd64() % 12 ? 1 + (int64_t)(rnd64() % 4) : 0;
    uint64_t r = rnd64() % 12;
    if (i == g.ax) g.is[i] = (int64_t)(rnd64() % 5);
    else if (r < 6) g.is[i] = g.as[i];
    else if (r < 9) g.is[i] = 1;
    else if (r < 11 && g.as[i] == 1) g.is[i] = (int64_t)(rnd64() % 4);
    else g.is[i] = (int64_t)(rnd64() % 4); /* may not broadcast */
  }
  return g;
}
/* the broadcast index shape; false where an axis does not broadcast */
static bool out_shape(const geom *g, int64_t *os) {
  for (int i = 0; i < g->nd; i++) {
    int64_t a = g->as[i], x = g->is[i];
    if (i == g->ax || a == x || a == 1) os[i] = x;
    else if (x == 1) os[i] = a;
    else return false;
  }
  return true;
}
static int64_t size_of(int nd, const int64_t *s) {
  int64_t n = 1;
  for (int i = 0; i < nd; i++) n *= s[i];
  return n;
}
/* arr's and indices' flat positions for result coordinates c (arr's axis coordinate: place) */
static int64_t arr_pos(const geom *g, const int64_t *c, int64_t place) {
  int64_t t = 0;
  for (int i = 0; i < g->nd; i++) t = t * g->as[i] + (i == g->ax ? place : g->as[i] == 1 ? 0 : c[i]);
  return t;
}
static int64_t ix_pos(const geom *g, const int64_t *c) {
  int64_t t = 0;
  for (int i = 0; i < g->nd; i++) t = t * g->is[i] + (g->is[i] == 1 ? 0 : c[i]);
  return t;
}

static void expect_fail(jaxc_array *r, jaxc_status status, const char *msg);
static long n_take, n_put, n_take_values, n_put_values; /* cases, and those whose values were checked */

static void check_take(jaxc_dtype ad, jaxc_dtype xd, jaxc_index_mode mode, bool x64) {
  geom g = random_geom();
  held ha, hi, hf;
  jaxc_array *a = hold(&ha, ad, g.nd, g.as), *ix = hold(&hi, xd, g.nd, g.is), *fill = NULL;
  random_fill(a, false);
  int64_t n = g.as[g.ax];
  random_indices(ix, n > 0 ? n : 3);
  if (rnd64() % 3 == 0) random_fill(fill = hold(&hf, ad, 0, NULL), false);
  bool flat = g.nd == 1 && rnd64() % 3 == 0;
  int axis = flat ? JAXC_ALL_AXES : rnd64() & 1 ? g.ax - g.nd : g.ax;
  uint64_t ca = checksum(a), ci = checksum(ix);
  jaxc_array *r = jaxc_take_along_axis(a, ix, axis, mode, fill);
  CHECK(checksum(a) == ca && checksum(ix) == ci);
  int64_t os[4];
  bool fits = out_shape(&g, os);
  if (!fits) {
    CHECK_MSG(!r && jaxc_last_status() == JAXC_ERR_SHAPE && strstr(jaxc_last_error(), "Incompatible shapes for broadcasting: shapes=["),
              "take %s[%s] broadcast: %s", jaxc_dtype_name(ad), jaxc_dtype_name(xd), jaxc_last_error());
  } else if (n > 0 && mode == JAXC_MODE_WRAP) {
    CHECK_MSG(!r && strcmp(jaxc_last_error(), "Unknown gather mode \"wrap\"") == 0, "wrap: %s", jaxc_last_error());
  } else if (!r) {
    CHECK_MSG(false, "take %s[%s] mode %d nd %d: %s", jaxc_dtype_name(ad), jaxc_dtype_name(xd), (int)mode, g.nd, jaxc_last_error());
  } else {
    bool shape_ok = jaxc_array_dtype(r) == ad && !jaxc_array_is_weak(r) && jaxc_array_ndim(r) == g.nd;
    for (int i = 0; shape_ok && i < g.nd; i++) shape_ok = jaxc_array_shape(r)[i] == os[i];
    CHECK_MSG(shape_ok, "take %s[%s]: the result's shape or dtype", jaxc_dtype_name(ad), jaxc_dtype_name(xd));
    int64_t m = size_of(g.nd, os), bad = 0, c[4];
    size_t w = jaxc_dtype_size(ad);
    bool fills = mode == JAXC_MODE_DEFAULT || mode == JAXC_MODE_FILL || mode == JAXC_MODE_DROP;
    for (int64_t t = 0; shape_ok && t < m; t++) {
      coords_of(t, g.nd, os, c);
      const char *got = at(r, t);
      if (n == 0) { /* lax.full(out_shape, 0) */
        for (size_t b = 0; b < w; b++) bad += got[b] != 0;
        continue;
      }
      int64_t p = take_place(raw_index(ix, ix_pos(&g, c)), n, x64, mode);
      if (p >= 0) bad += memcmp(got, at(a, arr_pos(&g, c, p)), w) != 0;
      else if (!fills) bad++;
      else if (fill) bad += memcmp(got, jaxc_array_data(fill), w) != 0;
      else bad += !is_default_fill(ad, got);
    }
    n_take_values++;
    CHECK_MSG(bad == 0, "take %s[%s] mode %d x64 %d nd %d axis %d: %lld wrong", jaxc_dtype_name(ad), jaxc_dtype_name(xd),
              (int)mode, (int)x64, g.nd, g.ax, (long long)bad);
  }
  jaxc_array_free(r);
  free(ha.mem), free(hi.mem);
  if (fill) free(hf.mem);
  n_take++;
}

/* vdt: the values' dtype, ad's or its same-width partner of the other signedness (uint8 values
   into int8 promote to int16: the scatter that converts arr and back; the bits stored are the
   value's low bytes either way) */
static void check_put(jaxc_dtype ad, jaxc_dtype vdt, jaxc_dtype xd, jaxc_index_mode mode) {
  geom g = random_geom();
  held ha, hi, hv;
  jaxc_array *a = hold(&ha, ad, g.nd, g.as), *ix = hold(&hi, xd, g.nd, g.is);
  random_fill(a, true);
  int64_t n = g.as[g.ax];
  random_indices(ix, n > 0 ? n : 3);
  /* values: indices' shape with some axes 1 or dropped from the front, now and then one that
     does not broadcast */
  int vd = g.nd - (int)(rnd64() % (uint64_t)(g.nd + 1));
  int64_t vs[4];
  for (int k = 0; k < vd; k++) {
    int64_t want = g.is[g.nd - vd + k];
    vs[k] = rnd64() % 3 == 0 ? 1 : rnd64() % 16 == 0 ? want + 1 : want;
  }
  jaxc_array *v = hold(&hv, vdt, vd, vs);
  random_fill(v, true);
  bool flat = g.nd == 1 && rnd64() % 3 == 0;
  int axis = flat ? JAXC_ALL_AXES : rnd64() & 1 ? g.ax - g.nd : g.ax;
  uint64_t ca = checksum(a), ci = checksum(ix), cv = checksum(v);
  jaxc_array *r = jaxc_put_along_axis(a, ix, v, axis, mode);
  CHECK(checksum(a) == ca && checksum(ix) == ci && checksum(v) == cv);
  bool v_fits = true;
  for (int k = 0; k < vd; k++) v_fits = v_fits && (vs[k] == 1 || vs[k] == g.is[g.nd - vd + k]);
  int64_t os[4];
  bool fits = out_shape(&g, os);
  int64_t m = fits ? size_of(g.nd, os) : 0;
  if (!v_fits) {
    CHECK_MSG(!r && strstr(jaxc_last_error(), "put_along_axis argument 'values' must be broadcastable to 'indices'."),
              "put values: %s", jaxc_last_error());
  } else if (!fits) {
    CHECK_MSG(!r && strstr(jaxc_last_error(), "Incompatible shapes for broadcasting: shapes=["), "put broadcast: %s",
              jaxc_last_error());
  } else if (m > 0 && mode == JAXC_MODE_WRAP) {
    CHECK_MSG(!r && strcmp(jaxc_last_error(), "Unknown gather mode \"wrap\"") == 0, "put wrap: %s", jaxc_last_error());
  } else if (!r) {
    CHECK_MSG(false, "put %s[%s] mode %d: %s", jaxc_dtype_name(ad), jaxc_dtype_name(xd), (int)mode, jaxc_last_error());
  } else {
    size_t w = jaxc_dtype_size(ad), bytes = (size_t)jaxc_array_size(a) * w;
    char *want = malloc(bytes ? bytes : 1);
    memcpy(want, jaxc_array_data(a), bytes);
    int64_t c[4], vc = 0;
    for (int64_t t = 0; t < m; t++) {
      coords_of(t, g.nd, os, c);
      int64_t ipos = ix_pos(&g, c), p = n ? put_place(raw_index(ix, ipos), xd, n, mode) : -1;
      vc = 0;
      for (int k = 0; k < vd; k++) { /* values' coordinates, right-aligned against indices' */
        int64_t ck = g.is[g.nd - vd + k] == 1 ? 0 : c[g.nd - vd + k];
        vc = vc * vs[k] + (vs[k] == 1 ? 0 : ck);
      }
      if (p >= 0) memcpy(want + (size_t)arr_pos(&g, c, p) * w, at(v, vc), w); /* in order: the last one wins */
    }
    n_put_values++;
    bool shape_ok = jaxc_array_dtype(r) == ad && jaxc_array_ndim(r) == g.nd;
    for (int i = 0; shape_ok && i < g.nd; i++) shape_ok = jaxc_array_shape(r)[i] == g.as[i];
    CHECK_MSG(shape_ok && memcmp(jaxc_array_data(r), want, bytes) == 0, "put %s[%s] mode %d nd %d axis %d: values",
              jaxc_dtype_name(ad), jaxc_dtype_name(xd), (int)mode, g.nd, g.ax);
    free(want);
  }
  jaxc_array_free(r);
  free(ha.mem), free(hi.mem), free(hv.mem);
  n_put++;
}

/* the same-width integer of the other signedness, for 8 and 16 bits (they promote to a wider int) */
static jaxc_dtype partner_of(jaxc_dtype d) {
  switch (d) {
  case JAXC_U8: return JAXC_I8;
  case JAXC_I8: return JAXC_U8;
  case JAXC_U16: return JAXC_I16;
  case JAXC_I16: return JAXC_U16;
  default: return JAXC_DTYPE_INVALID;
  }
}
static void test_random(void) {
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    for (int i = 0; i < COUNT(arr_dtypes); i++)
      for (int j = 0; j < COUNT(ix_dtypes); j++)
        for (int k = 0; k < COUNT(modes); k++)
          for (int rep = 0; rep < 5; rep++) {
            check_take(arr_dtypes[i], ix_dtypes[j], modes[k], x64);
            check_put(arr_dtypes[i], arr_dtypes[i], ix_dtypes[j], modes[k]);
            jaxc_dtype partner = partner_of(arr_dtypes[i]);
            if (partner != JAXC_DTYPE_INVALID) check_put(arr_dtypes[i], partner, ix_dtypes[j], modes[k]);
          }
  }
  jaxc_set_x64(false);
}

/* large operands: the threaded path, checked through properties */
static void test_properties(void) {
  int64_t shape[2] = {300, 3000};
  jaxc_array *a = jaxc_random_normal(jaxc_random_key(11), JAXC_F32, 2, shape);
  float *ap = (float *)jaxc_array_data(a);
  for (int64_t k = 0; k < 300 * 3000; k += 997) ap[k] = k % 2 ? NAN : -0.0f; /* NaNs and zeros of both signs */
  for (int axis = 0; axis < 2; axis++) {
    jaxc_array *ord = jaxc_argsort(a, axis), *s = jaxc_sort(a, axis);
    jaxc_array *t = jaxc_take_along_axis(a, ord, axis, JAXC_MODE_DEFAULT, NULL);
    CHECK(t && s && memcmp(jaxc_array_data(t), jaxc_array_data(s), 300 * 3000 * 4) == 0);
    jaxc_array *z = jaxc_zeros_like(a, JAXC_DTYPE_NONE);
    jaxc_array *back = jaxc_put_along_axis(z, ord, s, axis, JAXC_MODE_DEFAULT);
    CHECK(back && memcmp(jaxc_array_data(back), ap, 300 * 3000 * 4) == 0);
    jaxc_array *am = jaxc_reduce_ex(JAXC_OP_ARGMAX, a, axis, true), *mx = jaxc_reduce_ex(JAXC_OP_MAX, a, axis, true);
    jaxc_array *tm = jaxc_take_along_axis(a, am, axis, JAXC_MODE_DEFAULT, NULL);
    CHECK(tm && mx && jaxc_array_size(tm) == jaxc_array_size(mx) &&
          memcmp(jaxc_array_data(tm), jaxc_array_data(mx), (size_t)jaxc_array_size(mx) * 4) == 0);
    /* the index taken whole on the other axis: (1, 3000) along axis 1, (300, 1) along axis 0,
       both broadcast to (300, 3000); column numbers past 299 as row numbers fill */
    jaxc_array *bcast = jaxc_take_along_axis(a, am, 1 - axis, JAXC_MODE_DEFAULT, NULL);
    const int32_t *amp = (const int32_t *)jaxc_array_data(am);
    int64_t bad = !bcast || jaxc_array_size(bcast) != 300 * 3000;
    for (int64_t i = 0; !bad && i < 300; i++)
      for (int64_t j = 0; j < 3000; j++) {
        int64_t p = axis == 0 ? amp[j] : amp[i];
        const float *got = (const float *)jaxc_array_data(bcast) + i * 3000 + j;
        if (axis == 1 && p >= 300) bad += !isnan(*got);
        else bad += memcmp(got, axis == 0 ? &ap[i * 3000 + p] : &ap[p * 3000 + j], 4) != 0;
      }
    CHECK_MSG(bcast && bad == 0, "axis %d: take_along_axis of argmax on the other axis: %lld wrong", axis, (long long)bad);
    FREE_ALL(ord, s, t, z, back, am, mx, tm, bcast);
  }
  /* 1-D, axis None, int64 indices (x64 on) of every sign, some out of range; complex128 */
  jaxc_set_x64(true);
  int64_t n = 1 << 20, m = 3 << 18;
  jaxc_array *c = random_bytes_array(JAXC_C128, 1, &n);
  jaxc_array *ix = jaxc_array_empty(JAXC_I64, 1, &m);
  int64_t *ip = (int64_t *)jaxc_array_data(ix);
  for (int64_t k = 0; k < m; k++) ip[k] = (int64_t)(rnd64() % (uint64_t)(2 * n + 64)) - n - 32;
  jaxc_index_mode ms[] = {JAXC_MODE_DEFAULT, JAXC_MODE_CLIP};
  for (int k = 0; k < 2; k++) {
    jaxc_array *r = jaxc_take_along_axis(c, ix, JAXC_ALL_AXES, ms[k], NULL);
    int64_t bad = !r;
    for (int64_t j = 0; r && j < m; j++) {
      int64_t p = take_place(ip[j], n, true, ms[k]);
      const double *got = (const double *)jaxc_array_data(r) + 2 * j;
      bool ok = p < 0 ? isnan(got[0]) && got[1] == 0 : memcmp(got, (const double *)jaxc_array_data(c) + 2 * p, 16) == 0;
      if (!ok && !bad) fprintf(stderr, "at %lld: index %lld\n", (long long)j, (long long)ip[j]);
      bad += !ok;
    }
    CHECK_MSG(bad == 0, "1-D complex128, mode %d: %lld wrong (%s)", (int)ms[k], (long long)bad, c && r ? "" : jaxc_last_error());
    jaxc_array_free(r);
  }
  FREE_ALL(a, c, ix);
  jaxc_set_x64(false);
}

/* jnp.take and x[idx] run on the same gather kernel: large operands through its threaded path,
   against references written from jnp.take's modes (fill: counted from the end once, then filled;
   clip: clamped as it is; wrap: Python's %) and indexing's (counted from the end, then clamped) */
static int64_t take_ref(int64_t raw, int64_t n, jaxc_index_mode mode, bool get) {
  if (get) return clamp(raw < 0 ? raw + n : raw, n);
  if (mode == JAXC_MODE_CLIP) return clamp(raw, n);
  if (mode == JAXC_MODE_WRAP) return (raw % n + n) % n;
  int64_t v = raw < 0 ? raw + n : raw;
  return v >= 0 && v < n ? v : -1;
}
static void test_take_kernel(void) {
  int64_t n = 1 << 20, rows[2] = {1000, 1000};
  jaxc_array *a = random_bytes_array(JAXC_F32, 1, &n), *ix = jaxc_array_empty(JAXC_I32, 1, &n);
  int32_t *ip = (int32_t *)jaxc_array_data(ix);
  for (int64_t k = 0; k < n; k++) ip[k] = (int32_t)((int64_t)(rnd64() % (uint64_t)(2 * n + 200)) - n - 100);
  const jaxc_index_mode ms[] = {JAXC_MODE_DEFAULT, JAXC_MODE_CLIP, JAXC_MODE_WRAP};
  for (int q = 0; q < 4; q++) {
    bool get = q == 3;
    jaxc_index_mode mode = get ? JAXC_MODE_DEFAULT : ms[q];
    jaxc_array *r = get ? jaxc_index_take(a, ix, 0, mode, NULL) : jaxc_take(a, ix, JAXC_ALL_AXES, mode, NULL);
    int64_t bad = !r;
    for (int64_t k = 0; r && k < n; k++) {
      int64_t p = take_ref(ip[k], n, mode, get);
      const uint32_t *got = (const uint32_t *)jaxc_array_data(r) + k;
      bad += p < 0 ? !isnan(*(const float *)got) : *got != ((const uint32_t *)jaxc_array_data(a))[p];
    }
    CHECK_MSG(bad == 0, "take of 2^20, case %d: %lld wrong", q, (long long)bad);
    jaxc_array_free(r);
  }
  /* whole rows (the contiguous runs), one index out of range: a row of fills */
  jaxc_set_x64(true);
  jaxc_array *m = random_bytes_array(JAXC_F64, 2, rows), *ri64 = jaxc_array_empty(JAXC_I64, 1, (int64_t[]){700});
  jaxc_array *ri = jaxc_array_zeros(JAXC_I32, 1, (int64_t[]){3});
  jaxc_set_x64(false);
  int64_t *rp = (int64_t *)jaxc_array_data(ri64);
  for (int k = 0; k < 700; k++) rp[k] = k == 350 ? 1000 : (int64_t)(rnd64() % 2000) - 1000;
  jaxc_array *r = jaxc_take(m, ri64, 0, JAXC_MODE_DEFAULT, NULL);
  int64_t bad = !r || jaxc_array_size(r) != 700 * 1000;
  for (int64_t k = 0; !bad && k < 700; k++)
    for (int64_t j = 0; j < 1000; j++) {
      int64_t p = take_ref(rp[k], 1000, JAXC_MODE_DEFAULT, false);
      const double *got = (const double *)jaxc_array_data(r) + k * 1000 + j;
      bad += p < 0 ? !isnan(*got) : memcmp(got, (const double *)jaxc_array_data(m) + p * 1000 + j, 8) != 0;
    }
  CHECK_MSG(bad == 0, "take of rows: %lld wrong", (long long)bad);
  /* an empty axis: an empty index array gives an empty result, a non-empty one the error */
  jaxc_array *e03 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){0, 3}), *none = jaxc_array_zeros(JAXC_I32, 1, (int64_t[]){0});
  jaxc_array *one = jaxc_array_zeros(JAXC_I32, 1, (int64_t[]){1});
  expect_print(jaxc_index_take(e03, none, 0, JAXC_MODE_DEFAULT, NULL), "Array([], shape=(0, 3), dtype=float32)", "x[[]] of (0, 3)");
  expect_print(jaxc_index_take(e03, one, 1, JAXC_MODE_DEFAULT, NULL), "Array([], shape=(0, 1), dtype=float32)", "x[:, [0]] of (0, 3)");
  expect_fail(jaxc_index_take(e03, one, 0, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_INDEX, "index is out of bounds for axis 0 with size 0");
  /* jnp.take keeps a weak operand's flag: the empty axis's early return and the flattened one */
  jaxc_array *w = jaxc_weak_float(2.5), *we = w ? jaxc_broadcast_to(w, 2, (int64_t[]){0, 3}) : NULL;
  jaxc_array *wb = w ? jaxc_broadcast_to(w, 2, (int64_t[]){2, 2}) : NULL;
  jaxc_array *r0 = jaxc_take(we, none, 0, JAXC_MODE_DEFAULT, NULL), *r1 = jaxc_take(wb, one, JAXC_ALL_AXES, JAXC_MODE_DEFAULT, NULL);
  CHECK(r0 && jaxc_array_is_weak(r0) && jaxc_array_size(r0) == 0);
  CHECK(r1 && jaxc_array_is_weak(r1) && strcmp(print_to_string(r1), "Array([2.5], dtype=float32, weak_type=True)") == 0);
  /* one index broadcast over a long run (600 > the 256 resolved at a time) that is filled, not
     copied whole: each block reads the same index again */
  jaxc_array *long_rows = random_bytes_array(JAXC_F32, 2, (int64_t[]){2, 600});
  jaxc_array *oob = i32s(2, (int64_t[]){2, 1}, (int32_t[]){5, -9}), *r3 = jaxc_take_along_axis(long_rows, oob, 0, JAXC_MODE_DEFAULT, NULL);
  int64_t nonnan = !r3 || jaxc_array_size(r3) != 1200;
  for (int64_t k = 0; !nonnan && k < 1200; k++) nonnan += !isnan(((const float *)jaxc_array_data(r3))[k]);
  CHECK_MSG(nonnan == 0, "a filled run of 600: %lld not NaN", (long long)nonnan);
  FREE_ALL(e03, none, one, w, we, wb, r0, r1, long_rows, oob, r3);
  /* fill_value is read in fill modes only: clip ignores one of any shape */
  jaxc_array *f2 = jaxc_array_zeros(JAXC_F32, 1, (int64_t[]){2}), *r2 = jaxc_take(m, ri, 0, JAXC_MODE_CLIP, f2);
  CHECK(r2 != NULL);
  expect_fail(jaxc_take(m, ri, 0, JAXC_MODE_FILL, f2), JAXC_ERR_SHAPE,
              "full must be called with scalar fill_value, got fill_value.shape (2,).");
  FREE_ALL(a, ix, m, ri, ri64, r, f2, r2);
}


/* the examples of JAX's docstrings, with their printed results */
static void test_examples(void) {
  jaxc_array *x = f32s(2, (int64_t[]){2, 3}, (float[]){1, 2, 3, 4, 5, 6});
  jaxc_array *i1 = i32s(2, (int64_t[]){2, 2}, (int32_t[]){0, 2, 1, 0});
  jaxc_array *r = jaxc_take_along_axis(x, i1, 1, JAXC_MODE_DEFAULT, NULL);
  expect_print(r, "Array([[1., 3.],\n       [5., 4.]], dtype=float32)", "example 1");
  jaxc_array *i2 = i32s(2, (int64_t[]){1, 3}, (int32_t[]){1, 0, 2});
  r = jaxc_take_along_axis(x, i2, 0, JAXC_MODE_DEFAULT, NULL);
  expect_print(r, "Array([[ 4.,  2., nan]], dtype=float32)", "example 2");
  jaxc_array *y = i32s(2, (int64_t[]){2, 3}, (int32_t[]){5, 3, 4, 2, 7, 6});
  jaxc_array *ord = jaxc_argsort(y, 1);
  CHECK(strcmp(print_to_string(ord), "Array([[1, 2, 0],\n       [0, 2, 1]], dtype=int32)") == 0);
  r = jaxc_take_along_axis(y, ord, 1, JAXC_MODE_DEFAULT, NULL);
  expect_print(r, "Array([[3, 4, 5],\n       [2, 6, 7]], dtype=int32)", "example 3");
  jaxc_array *am = jaxc_reduce_ex(JAXC_OP_ARGMIN, y, 1, true);
  CHECK(strcmp(print_to_string(am), "Array([[1],\n       [0]], dtype=int32)") == 0);
  r = jaxc_take_along_axis(y, am, 1, JAXC_MODE_DEFAULT, NULL);
  expect_print(r, "Array([[3],\n       [2]], dtype=int32)", "example 4");
  /* put_along_axis's: a = [[10, 30, 20], [60, 40, 50]], i = argmax(a, axis=1, keepdims=True) */
  jaxc_array *a = i32s(2, (int64_t[]){2, 3}, (int32_t[]){10, 30, 20, 60, 40, 50});
  jaxc_array *i = jaxc_reduce_ex(JAXC_OP_ARGMAX, a, 1, true), *v = jaxc_weak_int(99);
  r = jaxc_put_along_axis(a, i, v, 1, JAXC_MODE_DEFAULT);
  expect_print(r, "Array([[10, 99, 20],\n       [99, 40, 50]], dtype=int32)", "example 5");
  /* (1, 4) indices against (2, 3): both rows. A fill value; clip mode ignores it (and its shape);
     promise clamps without counting from the end */
  jaxc_array *f = jaxc_weak_float(-7.5), *f2 = f32s(1, (int64_t[]){2}, (float[]){1, 2});
  jaxc_array *i3 = i32s(2, (int64_t[]){1, 4}, (int32_t[]){-1, 3, -3, 2});
  r = jaxc_take_along_axis(x, i3, 1, JAXC_MODE_FILL, f);
  expect_print(r, "Array([[ 3. , -7.5,  1. ,  3. ],\n       [ 6. , -7.5,  4. ,  6. ]], dtype=float32)", "example 6");
  r = jaxc_take_along_axis(x, i3, 1, JAXC_MODE_CLIP, f2);
  expect_print(r, "Array([[3., 3., 1., 3.],\n       [6., 6., 4., 6.]], dtype=float32)", "example 7");
  r = jaxc_take_along_axis(x, i3, 1, JAXC_MODE_PROMISE_IN_BOUNDS, NULL);
  expect_print(r, "Array([[1., 3., 1., 3.],\n       [4., 6., 4., 6.]], dtype=float32)", "example 8");
  r = jaxc_take_along_axis(x, i3, 1, JAXC_MODE_FILL, f2);
  CHECK(!r && strcmp(jaxc_last_error(), "full must be called with scalar fill_value, got fill_value.shape (2,).") == 0);
  jaxc_array *f1 = f32s(1, (int64_t[]){1}, (float[]){0}); /* one element, but not 0-d: lax.full refuses it too */
  expect_fail(jaxc_take_along_axis(x, i3, 1, JAXC_MODE_FILL, f1), JAXC_ERR_SHAPE,
              "full must be called with scalar fill_value, got fill_value.shape (1,).");
  jaxc_array_free(f1);
  /* a weak array keeps its flag; an empty axis gives zeros, not weak */
  jaxc_array *w = jaxc_weak_float(2.5), *wb = jaxc_broadcast_to(w, 1, (int64_t[]){4});
  jaxc_array *i4 = i32s(1, (int64_t[]){2}, (int32_t[]){3, 9});
  r = jaxc_take_along_axis(wb, i4, JAXC_ALL_AXES, JAXC_MODE_DEFAULT, NULL);
  expect_print(r, "Array([2.5, nan], dtype=float32, weak_type=True)", "weak");
  jaxc_array *e = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){0, 3});
  jaxc_array *i5 = i32s(2, (int64_t[]){2, 1}, (int32_t[]){5, -9});
  jaxc_array *we = jaxc_broadcast_to(w, 2, (int64_t[]){0, 3}); /* weak, an empty axis: lax.full's zeros are not weak */
  r = jaxc_take_along_axis(we, i5, 0, JAXC_MODE_DEFAULT, NULL);
  expect_print(r, "Array([[0., 0., 0.],\n       [0., 0., 0.]], dtype=float32)", "weak, empty axis");
  jaxc_array_free(we);
  r = jaxc_take_along_axis(e, i5, 0, JAXC_MODE_WRAP, NULL); /* returns before the gather parses the mode */
  expect_print(r, "Array([[0., 0., 0.],\n       [0., 0., 0.]], dtype=float32)", "example 9");
  /* int8 indices on an axis of 200: converted to int32 first, so -1 is 199 (put's .at[] raises) */
  int64_t big[2] = {1, 200};
  jaxc_array *ar = jaxc_arange(0, 200, 1, JAXC_I32), *row = jaxc_reshape(ar, 2, big);
  jaxc_array *i8 = jaxc_array_from_data(JAXC_I8, 2, (int64_t[]){1, 3}, (int8_t[]){-1, 127, -128});
  r = jaxc_take_along_axis(row, i8, 1, JAXC_MODE_DEFAULT, NULL);
  expect_print(r, "Array([[199, 127,  72]], dtype=int32)", "example 10");
  r = jaxc_put_along_axis(row, i8, v, 1, JAXC_MODE_DEFAULT);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_OVERFLOW && strcmp(jaxc_last_error(), "Python integer 200 out of bounds for int8") == 0);
  /* uint32 2^32 - 1: int32 -1 with x64 off (the last element), out of range with x64 on */
  jaxc_array *u = jaxc_array_from_data(JAXC_U32, 2, (int64_t[]){1, 1}, (uint32_t[]){UINT32_MAX});
  r = jaxc_take_along_axis(x, u, 1, JAXC_MODE_DEFAULT, NULL);
  expect_print(r, "Array([[3.],\n       [6.]], dtype=float32)", "example 11");
  jaxc_set_x64(true);
  r = jaxc_take_along_axis(x, u, 1, JAXC_MODE_DEFAULT, NULL);
  expect_print(r, "Array([[nan],\n       [nan]], dtype=float32)", "example 12");
  jaxc_set_x64(false);
  /* put: values promoted with arr and cast back (2.7 -> 2), the last repeated place wins, arr's
     axis of 1 broadcast against the indices', axis None keeps arr's shape */
  jaxc_array *fv = f32s(2, (int64_t[]){1, 3}, (float[]){2.7f, -1.5f, 8.25f});
  jaxc_array *i6 = i32s(2, (int64_t[]){1, 3}, (int32_t[]){0, 0, -1});
  r = jaxc_put_along_axis(a, i6, fv, 1, JAXC_MODE_DEFAULT);
  expect_print(r, "Array([[-1, 30,  8],\n       [-1, 40,  8]], dtype=int32)", "example 13");
  jaxc_array *i9 = i32s(2, (int64_t[]){1, 3}, (int32_t[]){1, 0, 1}); /* the promoting scatter on axis 0 (stride 3) */
  r = jaxc_put_along_axis(a, i9, fv, 0, JAXC_MODE_DEFAULT);
  expect_print(r, "Array([[10, -1, 20],\n       [ 2, 40,  8]], dtype=int32)", "put promoted, axis 0");
  /* .at[]'s int32 conversion in the promoting scatter too: uint32 2^32 - 1 is -1, so CLIP puts it
     at 0 (not at the end), and an int64 2^32 + 1 (x64 on) is 1 */
  jaxc_array *u1 = jaxc_array_from_data(JAXC_U32, 2, (int64_t[]){1, 1}, (uint32_t[]){UINT32_MAX});
  jaxc_array *m45 = f32s(2, (int64_t[]){1, 1}, (float[]){-4.5f});
  expect_print(jaxc_put_along_axis(a, u1, m45, 1, JAXC_MODE_CLIP), "Array([[-4, 30, 20],\n       [-4, 40, 50]], dtype=int32)",
               "uint32 2^32-1 clipped as int32 -1");
  jaxc_set_x64(true);
  jaxc_array *big1 = jaxc_array_from_data(JAXC_I64, 2, (int64_t[]){1, 1}, (int64_t[]){((int64_t)1 << 32) + 1});
  expect_print(jaxc_put_along_axis(a, big1, m45, 1, JAXC_MODE_DEFAULT), "Array([[10, -4, 20],\n       [60, -4, 50]], dtype=int32)",
               "int64 2^32+1 as int32 1");
  jaxc_set_x64(false);
  FREE_ALL(u1, m45, big1);
  jaxc_array *col = i32s(2, (int64_t[]){2, 1}, (int32_t[]){1, 2});
  jaxc_array *i7 = i32s(2, (int64_t[]){2, 3}, (int32_t[]){0, 1, 0, 1, 1, 0});
  jaxc_array *v7 = i32s(2, (int64_t[]){2, 3}, (int32_t[]){7, 8, 9, 4, 5, 6});
  r = jaxc_put_along_axis(col, i7, v7, 0, JAXC_MODE_DEFAULT); /* col's axis 1 has length 1: every column of i7
                                                                  writes it, in order: 7 8 9 4 5 6 to rows 0 1 0 1 1 0 */
  expect_print(r, "Array([[6],\n       [5]], dtype=int32)", "example 14");
  jaxc_array *i8f = i32s(1, (int64_t[]){3}, (int32_t[]){-1, 0, 6});
  r = jaxc_put_along_axis(a, i8f, v, JAXC_ALL_AXES, JAXC_MODE_DEFAULT);
  expect_print(r, "Array([[99, 30, 20],\n       [60, 40, 99]], dtype=int32)", "example 15");
  r = jaxc_put_along_axis(a, i8f, v, JAXC_ALL_AXES, JAXC_MODE_CLIP);
  expect_print(r, "Array([[99, 30, 20],\n       [60, 40, 99]], dtype=int32)", "example 16");
  FREE_ALL(x, i1, i2, y, ord, am, a, i, v, f, f2, i3, w, wb, i4, e, i5, ar, row, i8, u, fv, i6, col, i7, v7, i8f, i9);
}

static void expect_fail(jaxc_array *r, jaxc_status status, const char *msg) {
  CHECK_MSG(!r && jaxc_last_status() == status && strcmp(jaxc_last_error(), msg) == 0, "want \"%s\" (%d), got \"%s\" (%d)", msg,
            status, r ? "a result" : jaxc_last_error(), (int)jaxc_last_status());
  jaxc_array_free(r);
}

/* --- unravel_index / ravel_multi_index --------------------------------------------------------- */
static int64_t floordiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
/* JAX's unravel_index of one value: divmod from the last axis, then what is left clamps */
static void unravel_ref(int64_t v, int nd, const int64_t *shape, int64_t *c) {
  for (int i = nd - 1; i >= 0; i--) {
    int64_t q = floordiv(v, shape[i]);
    c[i] = v - q * shape[i], v = q;
  }
  for (int i = 0; i < nd; i++) c[i] = v > 0 ? shape[i] - 1 : v < -1 ? 0 : c[i];
}
static int64_t stride_of(int nd, const int64_t *dims, int k, char order) {
  int64_t s = 1;
  for (int j = order == 'C' ? k + 1 : 0; j < (order == 'C' ? nd : k); j++) s *= dims[j];
  return s;
}
static void test_unravel(void) {
  long cases = 0;
  for (int x64 = 0; x64 < 2; x64++) {
    jaxc_set_x64(x64);
    jaxc_dtype d = x64 ? JAXC_I64 : JAXC_I32;
    for (int rep = 0; rep < 200; rep++) {
      int nd = 1 + (int)(rnd64() % 4);
      int64_t shape[4], size = 1, m = 1 + (int64_t)(rnd64() % 50), c[4];
      for (int i = 0; i < nd; i++) size *= shape[i] = 1 + (int64_t)(rnd64() % 6);
      jaxc_array *ix = jaxc_array_empty(d, 1, &m), *out[4] = {0};
      for (int64_t k = 0; k < m; k++) { /* [-3 size, 3 size), the ends included now and then */
        int64_t v = rnd64() % 8 ? (int64_t)(rnd64() % (uint64_t)(6 * size)) - 3 * size : rnd64() & 1 ? -size - 1 : size;
        put_index(ix, k, v);
      }
      int st = jaxc_unravel_index(ix, nd, shape, out);
      int64_t bad = st != JAXC_OK;
      for (int i = 0; !bad && i < nd; i++) bad += jaxc_array_dtype(out[i]) != d || jaxc_array_size(out[i]) != m;
      for (int64_t k = 0; !bad && k < m; k++) {
        unravel_ref(raw_index(ix, k), nd, shape, c);
        for (int i = 0; i < nd; i++) bad += raw_index(out[i], k) != c[i];
      }
      CHECK_MSG(bad == 0, "unravel_index x64 %d rank %d: %lld wrong (%s)", x64, nd, (long long)bad, st ? jaxc_last_error() : "");
      /* ravel_multi_index of those: the flat index back, counted from the end once (clamped past) */
      for (int o = 0; o < 2 && st == JAXC_OK; o++) {
        char order = o ? 'F' : 'C';
        jaxc_array *r = jaxc_ravel_multi_index(nd, (const jaxc_array *const *)out, shape, JAXC_MODE_DEFAULT, order);
        bad = !r || jaxc_array_dtype(r) != d;
        for (int64_t k = 0; !bad && k < m; k++) {
          unravel_ref(raw_index(ix, k), nd, shape, c);
          int64_t want = 0;
          for (int i = 0; i < nd; i++) want += c[i] * stride_of(nd, shape, i, order);
          bad += raw_index(r, k) != want;
          int64_t v = raw_index(ix, k);
          if (order == 'C' && v >= -size && v < size) bad += want != (v + size) % size; /* in range: the round trip */
        }
        CHECK_MSG(bad == 0, "ravel_multi_index order %c: %lld wrong", order, (long long)bad);
        jaxc_array_free(r);
      }
      /* clip and wrap of random coordinates, broadcast: the first index (m,), the others (1,) */
      jaxc_array *co[4] = {0};
      int64_t cv[4][64], one = 1;
      for (int i = 0; i < nd; i++) {
        int64_t len = i == 0 ? m : 1;
        co[i] = jaxc_array_empty(d, 1, &len);
        for (int64_t k = 0; k < len; k++) put_index(co[i], k, cv[i][k] = (int64_t)(rnd64() % (uint64_t)(4 * shape[i])) - 2 * shape[i]);
      }
      (void)one;
      const jaxc_index_mode ms[2] = {JAXC_MODE_CLIP, JAXC_MODE_WRAP};
      for (int q = 0; q < 2; q++) {
        jaxc_array *r = jaxc_ravel_multi_index(nd, (const jaxc_array *const *)co, shape, ms[q], 'C');
        bad = !r || jaxc_array_size(r) != m;
        for (int64_t k = 0; !bad && k < m; k++) {
          int64_t want = 0;
          for (int i = 0; i < nd; i++) {
            int64_t x = cv[i][i == 0 ? k : 0], dd = shape[i];
            x = q == 0 ? (x < 0 ? 0 : x > dd - 1 ? dd - 1 : x) : x - floordiv(x, dd) * dd;
            want += x * stride_of(nd, shape, i, 'C');
          }
          bad += raw_index(r, k) != want;
        }
        CHECK_MSG(bad == 0, "ravel_multi_index mode %d: %lld wrong", (int)ms[q], (long long)bad);
        jaxc_array_free(r);
      }
      bool oob = false;
      for (int i = 0; i < nd; i++)
        for (int64_t k = 0; k < (i == 0 ? m : 1); k++) oob = oob || cv[i][k] < 0 || cv[i][k] >= shape[i];
      jaxc_array *r = jaxc_ravel_multi_index(nd, (const jaxc_array *const *)co, shape, JAXC_MODE_DEFAULT, 'C');
      CHECK_MSG(oob ? !r && strcmp(jaxc_last_error(), "invalid entry in coordinates array") == 0 : r != NULL, "raise: %s",
                r ? "a result" : jaxc_last_error());
      jaxc_array_free(r);
      for (int i = 0; i < nd; i++) jaxc_array_free(out[i]), jaxc_array_free(co[i]);
      jaxc_array_free(ix);
      cases++;
    }
  }
  jaxc_set_x64(false);
  /* JAX's docstring examples */
  jaxc_array *ix = i32s(1, (int64_t[]){3}, (int32_t[]){1, 3, 5}), *out[2] = {0};
  CHECK(jaxc_unravel_index(ix, 2, (int64_t[]){2, 3}, out) == JAXC_OK);
  CHECK(out[0] && strcmp(print_to_string(out[0]), "Array([0, 1, 1], dtype=int32)") == 0);
  CHECK(out[1] && strcmp(print_to_string(out[1]), "Array([1, 0, 2], dtype=int32)") == 0);
  expect_print(jaxc_ravel_multi_index(2, (const jaxc_array *const *)out, (int64_t[]){2, 3}, JAXC_MODE_DEFAULT, 'C'),
               "Array([1, 3, 5], dtype=int32)", "ravel_multi_index example");
  /* the sum runs in the indices' order: int8 + int8 wraps before the int32 joins */
  jaxc_array *a8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){1}, (int8_t[]){1});
  jaxc_array *b8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){1}, (int8_t[]){40});
  jaxc_array *c32 = i32s(1, (int64_t[]){1}, (int32_t[]){1});
  const jaxc_array *abc[3] = {a8, b8, c32};
  expect_print(jaxc_ravel_multi_index(3, abc, (int64_t[]){3, 50, 2}, JAXC_MODE_DEFAULT, 'C'), "Array([-75], dtype=int32)",
               "int8 sums wrap first");
  /* errors */
  expect_fail(jaxc_ravel_multi_index(3, abc, (int64_t[]){3, 200, 2}, JAXC_MODE_DEFAULT, 'C'), JAXC_ERR_OVERFLOW,
              "Python int 200 too large to convert to int8"); /* raise's i >= d, before any stride */
  expect_fail(jaxc_ravel_multi_index(3, abc, (int64_t[]){3, 100, 2}, JAXC_MODE_DEFAULT, 'C'), JAXC_ERR_OVERFLOW,
              "Python int 200 too large to convert to int8"); /* a's stride, 100 * 2 */
  jaxc_array *i8 = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){2}, (int8_t[]){5, -1}), *o1[1] = {0};
  CHECK(jaxc_unravel_index(i8, 1, (int64_t[]){300}, o1) == JAXC_ERR_OVERFLOW && !o1[0] &&
        strcmp(jaxc_last_error(), "Python int 300 too large to convert to int8") == 0);
  jaxc_array *f = f32s(1, (int64_t[]){1}, (float[]){1});
  const jaxc_array *fs[2] = {c32, f};
  expect_fail(jaxc_ravel_multi_index(2, fs, (int64_t[]){3, 3}, JAXC_MODE_CLIP, 'C'), JAXC_ERR_DTYPE, "only int indices permitted");
  expect_fail(jaxc_ravel_multi_index(1, abc, (int64_t[]){3}, JAXC_MODE_FILL, 'C'), JAXC_ERR_ARG,
              "invalid mode='fill'. Expected 'raise', 'wrap', or 'clip'");
  expect_fail(jaxc_ravel_multi_index(1, abc, (int64_t[]){3}, JAXC_MODE_CLIP, 'X'), JAXC_ERR_ARG,
              "invalid order='X'. Expected 'C' or 'F'");
  expect_print(jaxc_ravel_multi_index(0, NULL, NULL, JAXC_MODE_DEFAULT, 'C'), "Array(0, dtype=int32)", "no indices");
  FREE_ALL(ix, out[0], out[1], a8, b8, c32, i8, f);
  printf("unravel_index / ravel_multi_index: %ld random cases\n", cases);
}
static void test_errors(void) {
  jaxc_array *x = f32s(2, (int64_t[]){2, 3}, (float[]){1, 2, 3, 4, 5, 6});
  jaxc_array *fi = f32s(2, (int64_t[]){2, 1}, (float[]){0, 1});
  jaxc_array *bi = jaxc_array_from_data(JAXC_BOOL, 2, (int64_t[]){2, 1}, (bool[]){true, false});
  jaxc_array *i1 = i32s(1, (int64_t[]){2}, (int32_t[]){0, 1});
  jaxc_array *i22 = i32s(2, (int64_t[]){2, 2}, (int32_t[]){0, 1, 1, 0});
  jaxc_array *i31 = i32s(2, (int64_t[]){3, 1}, (int32_t[]){0, 1, 2});
  jaxc_array *v3 = i32s(1, (int64_t[]){3}, (int32_t[]){1, 2, 3});
  expect_fail(jaxc_take_along_axis(NULL, i22, 1, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_ARG, "take_along_axis: an operand is NULL");
  expect_fail(jaxc_take_along_axis(x, NULL, 1, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_ARG, "take_along_axis: an operand is NULL");
  expect_fail(jaxc_take_along_axis(x, i22, 1, (jaxc_index_mode)9, NULL), JAXC_ERR_ARG, "invalid index mode 9");
  expect_fail(jaxc_take_along_axis(x, fi, 1, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_DTYPE,
               "take_along_axis indices must be of integer type, got float32");
  expect_fail(jaxc_take_along_axis(x, bi, 1, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_DTYPE,
               "take_along_axis indices must be of integer type, got bool");
  expect_fail(jaxc_take_along_axis(x, i22, JAXC_ALL_AXES, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_SHAPE,
               "take_along_axis indices must be 1D if axis=None, got shape (2, 2)");
  expect_fail(jaxc_take_along_axis(x, i1, 1, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_SHAPE,
               "indices and arr must have the same number of dimensions; 1 vs. 2");
  expect_fail(jaxc_take_along_axis(x, i22, 2, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_ARG,
               "axis 2 is out of bounds for array of dimension 2");
  expect_fail(jaxc_take_along_axis(x, i31, 1, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_SHAPE,
               "Incompatible shapes for broadcasting: shapes=[(3, 1), (2, 1)]");
  expect_fail(jaxc_take_along_axis(x, i22, -1, JAXC_MODE_WRAP, NULL), JAXC_ERR_ARG, "Unknown gather mode \"wrap\"");
  expect_fail(jaxc_put_along_axis(x, i22, NULL, 1, JAXC_MODE_DEFAULT), JAXC_ERR_ARG, "put_along_axis: an operand is NULL");
  expect_fail(jaxc_put_along_axis(x, i22, v3, 1, (jaxc_index_mode)-1), JAXC_ERR_ARG, "invalid index mode -1");
  expect_fail(jaxc_put_along_axis(x, i1, v3, 1, JAXC_MODE_DEFAULT), JAXC_ERR_SHAPE,
               "put_along_axis arguments 'arr' and 'indices' must have same ndim. Got arr.ndim=2 and indices.ndim=1.");
  expect_fail(jaxc_put_along_axis(x, i22, i22, JAXC_ALL_AXES, JAXC_MODE_DEFAULT), JAXC_ERR_SHAPE,
               "put_along_axis arguments 'arr' and 'indices' must have same ndim. Got arr.ndim=1 and indices.ndim=2.");
  expect_fail(jaxc_put_along_axis(x, i22, v3, 1, JAXC_MODE_DEFAULT), JAXC_ERR_SHAPE,
               "put_along_axis argument 'values' must be broadcastable to 'indices'. Got values.shape=(3,) and indices.shape=(2, 2).");
  expect_fail(jaxc_put_along_axis(x, fi, v3, 1, JAXC_MODE_DEFAULT), JAXC_ERR_SHAPE,
               "put_along_axis argument 'values' must be broadcastable to 'indices'. Got values.shape=(3,) and indices.shape=(2, 1).");
  jaxc_array *one = jaxc_weak_int(1);
  expect_fail(jaxc_put_along_axis(x, fi, one, 1, JAXC_MODE_DEFAULT), JAXC_ERR_DTYPE,
               "Indexer must have integer or boolean type, got indexer with type float32 at position 1");
  jaxc_array *r = jaxc_put_along_axis(x, bi, one, 0, JAXC_MODE_DEFAULT);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_DTYPE);
  expect_fail(jaxc_put_along_axis(x, i22, one, -3, JAXC_MODE_DEFAULT), JAXC_ERR_ARG,
               "axis -3 is out of bounds for array of dimension 2");
  expect_fail(jaxc_put_along_axis(x, i31, one, 1, JAXC_MODE_DEFAULT), JAXC_ERR_SHAPE,
               "Incompatible shapes for broadcasting: shapes=[(2, 1), (3, 1)]");
  expect_fail(jaxc_put_along_axis(x, i22, one, 1, JAXC_MODE_WRAP), JAXC_ERR_ARG, "Unknown gather mode \"wrap\"");
  /* strict promotion refuses float32 values into an int32 array, as .at[].set does */
  jaxc_array *xi = i32s(2, (int64_t[]){2, 2}, (int32_t[]){1, 2, 3, 4});
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  r = jaxc_put_along_axis(xi, i22, fi, 1, JAXC_MODE_DEFAULT);
  CHECK(!r && jaxc_last_status() == JAXC_ERR_PROMOTION);
  jaxc_set_promotion(JAXC_RULES_JAX);
  FREE_ALL(x, fi, bi, i1, i22, i31, v3, one, xi);
}

/* --- cases from the mutation run (each failed with a mutant the others missed) ------------------ */
/* a rank-3 gather over the threads: each piece seeks its first row as digits over the two axes
   above the runs; 4 threads put piece starts at rows 10, 21 and 31 of (6, 7), where a wrong digit
   order reads other rows */
static void test_threaded_rank3(void) {
#ifdef _OPENMP
  int saved = omp_get_max_threads();
  omp_set_num_threads(4);
#endif
  int64_t shape[3] = {6, 7, 5003}, m = 6 * 7 * 5003; /* 12 bytes an element: past JAXC_PAR_BYTES */
  jaxc_array *a = random_bytes_array(JAXC_F32, 3, shape), *ix = jaxc_array_empty(JAXC_I32, 3, shape);
  int32_t *ip = (int32_t *)jaxc_array_data(ix);
  for (int64_t k = 0; k < m; k++) ip[k] = (int32_t)(rnd64() % 5003);
  jaxc_array *r = jaxc_take_along_axis(a, ix, 2, JAXC_MODE_DEFAULT, NULL);
  int64_t bad = !r;
  const uint32_t *ap = (const uint32_t *)jaxc_array_data(a);
  for (int64_t t = 0; r && t < m; t++) bad += ((const uint32_t *)jaxc_array_data(r))[t] != ap[t - t % 5003 + ip[t]];
  CHECK_MSG(bad == 0, "rank-3 take_along_axis over the threads: %lld wrong", (long long)bad);
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
  FREE_ALL(a, ix, r);
}
/* jnp.take converts indices to int32 only while every dimension fits (int_dtype_for_shape): an
   axis of 3e9 keeps int64 indices, so 2^32 + 3 is out of range (filled), not element 3 (a view of
   16 bytes: only the elements an index names are read) */
static void test_take_wide_axis(void) {
  static unsigned char buf[16] = {10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25};
  static int64_t iv[3] = {((int64_t)1 << 32) + 3, 3, -3000000000LL + 5};
  jaxc_array av, xv;
  jaxc_array *a = jaxc_array_wrap(&av, JAXC_U8, 1, (int64_t[]){3000000000LL}, buf);
  jaxc_array *ix = jaxc_array_wrap(&xv, JAXC_I64, 1, (int64_t[]){3}, iv);
  jaxc_array *r = jaxc_take(a, ix, 0, JAXC_MODE_DEFAULT, NULL);
  const uint8_t *rp = r ? (const uint8_t *)jaxc_array_data(r) : NULL;
  CHECK_MSG(r && rp[0] == UINT8_MAX && rp[1] == 13 && rp[2] == 15, "take on an axis of 3e9: %s", r ? "wrong values" : jaxc_last_error());
  jaxc_array_free(r);
}
/* put_along_axis keeps a weak arr's flag (.at[].set converts back with x's weak type, and returns
   x itself for an empty index) */
static void test_put_weak(void) {
  jaxc_array *w = jaxc_weak_float(2.5), *wb = jaxc_broadcast_to(w, 1, (int64_t[]){4}), *v = jaxc_weak_float(1);
  jaxc_array *i = i32s(1, (int64_t[]){2}, (int32_t[]){0, -1}), *i0 = i32s(1, (int64_t[]){0}, NULL);
  jaxc_array *r = jaxc_put_along_axis(wb, i, v, 0, JAXC_MODE_DEFAULT);
  const float *rp = r ? (const float *)jaxc_array_data(r) : NULL;
  CHECK_MSG(r && jaxc_array_is_weak(r) && rp[0] == 1 && rp[1] == 2.5f && rp[2] == 2.5f && rp[3] == 1,
            "put_along_axis on a weak array: %s", r ? "wrong values or not weak" : jaxc_last_error());
  jaxc_array_free(r);
  r = jaxc_put_along_axis(wb, i0, v, 0, JAXC_MODE_DEFAULT);
  CHECK_MSG(r && jaxc_array_is_weak(r) && jaxc_array_size(r) == 4, "put_along_axis, empty index, weak array: %s",
            r ? "not weak" : jaxc_last_error());
  FREE_ALL(w, wb, v, i, i0, r);
}
/* --- put / place ----------------------------------------------------------------------------------- */
/* jnp.put's flat position for an index value (small enough for its dtype's arithmetic) */
static int64_t jnp_put_place(int64_t v, int64_t size, jaxc_index_mode mode) {
  if (mode == JAXC_MODE_CLIP) return clamp(v, size);
  if (mode == JAXC_MODE_WRAP) return ((v % size) + size) % size;
  int64_t c; /* DEFAULT: unravel_index's flat clamping (JAX's own rule, tested above) */
  unravel_ref(v, 1, &size, &c);
  return c;
}
/* random a (rank 0-3, any storage dtype), indices of every integer dtype and bool, values of a's
   dtype (so each placed element is the value's bits), against the reference: the last write to a
   position wins, values repeated to the indices' count */
static void test_put_place_random(void) {
  static const jaxc_dtype put_ix[] = {JAXC_BOOL, JAXC_U8, JAXC_U16, JAXC_U32, JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64};
  static const jaxc_index_mode put_modes[] = {JAXC_MODE_DEFAULT, JAXC_MODE_CLIP, JAXC_MODE_WRAP};
  long cases = 0;
  for (int rep = 0; rep < 1500; rep++) {
    jaxc_set_x64(rep % 2); /* (int64 indices take the direct path with x64 on) */
    jaxc_dtype ad = arr_dtypes[rnd64() % COUNT(arr_dtypes)], xd = put_ix[rnd64() % COUNT(put_ix)];
    jaxc_index_mode mode = put_modes[rnd64() % 3];
    int nd = (int)(rnd64() % 4);
    int64_t shape[3], size = 1, ni = (int64_t)(rnd64() % 7), nv = 1 + (int64_t)(rnd64() % 4);
    for (int i = 0; i < nd; i++) shape[i] = 1 + (int64_t)(rnd64() % 4), size *= shape[i]; /* (size <= 64: int8 holds it) */
    held ha, hx, hv;
    jaxc_array *a = hold(&ha, ad, nd, shape), *ix = hold(&hx, xd, 1, &ni), *v = hold(&hv, ad, 1, &nv);
    random_fill(a, true), random_fill(v, true);
    for (int64_t k = 0; k < ni; k++) {
      int64_t raw = (int64_t)(rnd64() % (uint64_t)(4 * size + 1)) - 2 * size;
      if (xd == JAXC_BOOL) raw = (int64_t)(rnd64() & 1);
      else if (jaxc_dtype_kind(xd) == JAXC_KIND_UINT && raw < 0) raw = -raw;
      if (xd == JAXC_BOOL) *(unsigned char *)at(ix, k) = (unsigned char)raw;
      else put_index(ix, k, raw);
    }
    uint64_t ca = checksum(a), cx = checksum(ix), cv = checksum(v);
    jaxc_array *r = jaxc_put(a, ix, v, mode);
    size_t es = esz(a);
    if (ni > 0 && jaxc_dtype_kind(xd) == JAXC_KIND_UINT) { /* unravel_index's indices < -1: JAX's overflow */
      char msg[80];
      snprintf(msg, sizeof msg, "Python int -1 too large to convert to %s", jaxc_dtype_name(xd));
      expect_fail(r, JAXC_ERR_OVERFLOW, msg), r = NULL;
    } else if (nd == 0 && ni > 0) { /* a.at[()].set(v), v of shape (ni,): broadcast_to refuses it */
      char msg[80];
      snprintf(msg, sizeof msg, "Incompatible shapes for broadcasting: (%lld,) and requested shape ()", (long long)ni);
      expect_fail(r, JAXC_ERR_SHAPE, msg), r = NULL;
    } else {
      char *want = (char *)malloc((size_t)(size ? size : 1) * es);
      memcpy(want, jaxc_array_data(a), (size_t)size * es);
      for (int64_t k = 0; k < ni; k++) {
        int64_t raw = xd == JAXC_BOOL ? *(const unsigned char *)at(ix, k) : raw_index(ix, k);
        memcpy(want + (size_t)jnp_put_place(raw, size, mode) * es, at(v, k % nv), es);
      }
      CHECK_MSG(r && jaxc_array_dtype(r) == ad && jaxc_array_ndim(r) == nd && jaxc_array_size(r) == size &&
                    memcmp(jaxc_array_data(r), want, (size_t)size * es) == 0,
                "put %s[%lld] ix %s x%lld mode %d: %s", jaxc_dtype_name(ad), (long long)size, jaxc_dtype_name(xd), (long long)ni,
                (int)mode, r ? "wrong elements" : jaxc_last_error());
      free(want);
    }
    CHECK(checksum(a) == ca && checksum(ix) == cx && checksum(v) == cv);
    jaxc_array_free(r);
    /* place: mask of a's size in a random dtype and shape */
    jaxc_dtype md = rnd64() % 2 ? JAXC_BOOL : arr_dtypes[rnd64() % COUNT(arr_dtypes)];
    held hm;
    jaxc_array *m = hold(&hm, md, 1, &size);
    for (int64_t k = 0; k < size; k++) {
      memset(at(m, k), 0, esz(m));
      if (rnd64() % 2) /* (the top byte: a normal nonzero in every dtype; the low one: a 64-bit int's low half, read while x64 is off) */
        at(m, k)[0] = 1, at(m, k)[esz(m) - 1] = md == JAXC_BOOL ? 1 : 0x3f;
    }
    r = jaxc_place(a, m, v);
    char *want = (char *)malloc((size_t)(size ? size : 1) * es);
    memcpy(want, jaxc_array_data(a), (size_t)size * es);
    for (int64_t k = 0, j = 0; k < size; k++)
      if (at(m, k)[esz(m) - 1]) memcpy(want + (size_t)k * es, at(v, j++ % nv), es);
    CHECK_MSG(r && jaxc_array_dtype(r) == ad && jaxc_array_ndim(r) == nd && memcmp(jaxc_array_data(r), want, (size_t)size * es) == 0,
              "place %s[%lld] mask %s: %s", jaxc_dtype_name(ad), (long long)size, jaxc_dtype_name(md), r ? "wrong elements" : jaxc_last_error());
    free(want);
    jaxc_array_free(r);
    free(ha.mem), free(hx.mem), free(hv.mem), free(hm.mem);
    cases++;
  }
  CHECK(cases == 1500);
  jaxc_set_x64(false);
}
/* put on 2^21 elements (the threads each own a part of the output), indices with repeats and out
   of range in every mode, 7 values repeating: against the reference loop (the last write wins) */
static void test_put_big(void) {
  int64_t n = (int64_t)1 << 21, ni = n / 2, nv = 7;
  float *a = (float *)malloc((size_t)n * sizeof *a), *want = (float *)malloc((size_t)n * sizeof *want), v[7];
  int32_t *ix = (int32_t *)malloc((size_t)ni * sizeof *ix);
  for (int64_t i = 0; i < n; i++) a[i] = (float)(i % 1000);
  for (int64_t k = 0; k < ni; k++) ix[k] = (int32_t)((int64_t)(rnd64() % (uint64_t)(2 * n + 10)) - n - 5);
  for (int k = 0; k < 7; k++) v[k] = -1.0f - (float)k;
  jaxc_array *A = jaxc_array_from_data(JAXC_F32, 1, &n, a), *I = jaxc_array_from_data(JAXC_I32, 1, &ni, ix), *V = jaxc_array_from_data(JAXC_F32, 1, &nv, v);
  static const jaxc_index_mode put_modes[] = {JAXC_MODE_DEFAULT, JAXC_MODE_CLIP, JAXC_MODE_WRAP};
  for (int q = 0; q < 3; q++) {
    memcpy(want, a, (size_t)n * sizeof *a);
    for (int64_t k = 0; k < ni; k++) want[jnp_put_place(ix[k], n, put_modes[q])] = v[k % nv];
    jaxc_array *r = jaxc_put(A, I, V, put_modes[q]);
    CHECK_MSG(r && !memcmp(jaxc_array_data(r), want, (size_t)n * sizeof *want), "put of %lld values into 2^21, mode %d", (long long)ni, (int)put_modes[q]);
    jaxc_array_free(r);
  }
  FREE_ALL(A, I, V);
  free(a), free(want), free(ix);
}
static void test_put_place_facts(void) {
  /* JAX's docstrings */
  int64_t five = 5, three = 3, s35[2] = {3, 5};
  jaxc_array *x = jaxc_array_zeros(JAXC_I32, 1, &five), *ix = i32s(1, &three, (int32_t[]){0, 2, 4});
  jaxc_array *v = i32s(1, &three, (int32_t[]){10, 20, 30}), *ix6 = i32s(1, &three, (int32_t[]){0, 2, 6});
  expect_print(jaxc_put(x, ix, v, JAXC_MODE_DEFAULT), "Array([10,  0, 20,  0, 30], dtype=int32)", "put doc");
  expect_print(jaxc_put(x, ix6, v, JAXC_MODE_CLIP), "Array([10,  0, 20,  0, 30], dtype=int32)", "put doc clip");
  expect_print(jaxc_put(x, ix6, v, JAXC_MODE_WRAP), "Array([10, 30, 20,  0,  0], dtype=int32)", "put doc wrap");
  jaxc_array *x35 = jaxc_array_zeros(JAXC_I32, 2, s35), *ix14 = i32s(1, &three, (int32_t[]){0, 7, 14});
  expect_print(jaxc_put(x35, ix14, v, JAXC_MODE_DEFAULT),
               "Array([[10,  0,  0,  0,  0],\n       [ 0,  0, 20,  0,  0],\n       [ 0,  0,  0,  0, 30]], dtype=int32)", "put doc 2-D");
  /* the default mode's negative index counts from the end; clip's goes to 0 */
  jaxc_array *neg = i32s(1, (int64_t[]){1}, (int32_t[]){-1}), *one = jaxc_weak_int(7);
  expect_print(jaxc_put(x, neg, one, JAXC_MODE_DEFAULT), "Array([0, 0, 0, 0, 7], dtype=int32)", "put -1");
  expect_print(jaxc_put(x, neg, one, JAXC_MODE_CLIP), "Array([7, 0, 0, 0, 0], dtype=int32)", "put -1 clip");
  /* values converted to a's dtype as .at[].set converts them; a's weak flag kept */
  jaxc_array *half = jaxc_weak_float(2.7);
  expect_print(jaxc_put(x, neg, half, JAXC_MODE_DEFAULT), "Array([0, 0, 0, 0, 2], dtype=int32)", "put a float into int32");
  /* place: docstring */
  int32_t mk[15];
  for (int i = 0; i < 15; i++) mk[i] = i % 3 == 0;
  jaxc_array *mask = jaxc_array_from_data(JAXC_I32, 2, s35, mk), *mb = jaxc_astype(mask, JAXC_BOOL);
  jaxc_array *v135 = i32s(1, &three, (int32_t[]){1, 3, 5});
  jaxc_array *uno = jaxc_weak_int(1);
  expect_print(jaxc_place(x35, mb, uno), "Array([[1, 0, 0, 1, 0],\n       [0, 1, 0, 0, 1],\n       [0, 0, 1, 0, 0]], dtype=int32)",
               "place doc scalar");
  expect_print(jaxc_place(x35, mb, v135), "Array([[1, 0, 0, 3, 0],\n       [0, 5, 0, 0, 1],\n       [0, 0, 3, 0, 0]], dtype=int32)",
               "place doc vals");
  expect_print(jaxc_place(x35, mask, v135), "Array([[1, 0, 0, 3, 0],\n       [0, 5, 0, 0, 1],\n       [0, 0, 3, 0, 0]], dtype=int32)",
               "place with an int mask");
  /* errors in JAX's words, in JAX's order (nothing to do comes first) */
  jaxc_array *fx = f32s(1, (int64_t[]){1}, (float[]){1}), *none = i32s(1, (int64_t[]){0}, NULL);
  expect_fail(jaxc_put(x, ix, v, JAXC_MODE_FILL), JAXC_ERR_ARG, "mode should be one of 'wrap' or 'clip'; got mode='fill'");
  expect_fail(jaxc_put(x, fx, v, JAXC_MODE_DEFAULT), JAXC_ERR_DTYPE,
              "Indexer must have integer or boolean type, got indexer with type float32 at position 0");
  expect_print(jaxc_put(x, none, v, JAXC_MODE_FILL), "Array([0, 0, 0, 0, 0], dtype=int32)", "put of no indices");
  expect_print(jaxc_put(x, ix, none, JAXC_MODE_DEFAULT), "Array([0, 0, 0, 0, 0], dtype=int32)", "put of no values");
  expect_fail(jaxc_place(x, mb, v), JAXC_ERR_SHAPE, "place: arr and mask must be the same size");
  expect_fail(jaxc_place(x35, mb, none), JAXC_ERR_SHAPE, "Cannot place values from an empty array");
  expect_fail(jaxc_put(NULL, ix, v, JAXC_MODE_DEFAULT), JAXC_ERR_ARG, "put: an array is NULL");
  expect_fail(jaxc_place(x35, NULL, v), JAXC_ERR_ARG, "place: an array is NULL");
  /* an int8 index meets a.size - 1 as a Python int: JAX's overflow where it does not fit */
  int64_t big = 300;
  jaxc_array *xb = jaxc_array_zeros(JAXC_F32, 1, &big), *i8 = jaxc_astype(ix, JAXC_I8);
  expect_fail(jaxc_put(xb, i8, v, JAXC_MODE_CLIP), JAXC_ERR_OVERFLOW, "Python int 299 too large to convert to int8");
  FREE_ALL(x, ix, v, ix6, x35, ix14, neg, one, half, mask, mb, v135, uno, fx, none, xb, i8);
}
/* jnp.take's result has a.ndim + indices.ndim - 1 dimensions: JAXC_MAX_NDIM is allowed, one more
   is refused */
static void test_take_max_ndim(void) {
  int64_t s4[4] = {2, 1, 1, 1}, s5[5] = {1, 1, 1, 1, 1}, s6[6] = {1, 1, 1, 1, 1, 1};
  jaxc_array *a = jaxc_array_zeros(JAXC_F32, 4, s4), *i5 = jaxc_array_zeros(JAXC_I32, 5, s5), *i6 = jaxc_array_zeros(JAXC_I32, 6, s6);
  jaxc_array *r = jaxc_take(a, i5, 0, JAXC_MODE_DEFAULT, NULL);
  CHECK_MSG(r && jaxc_array_ndim(r) == JAXC_MAX_NDIM, "take to %d dimensions: %s", JAXC_MAX_NDIM, r ? "wrong ndim" : jaxc_last_error());
  jaxc_array_free(r);
  expect_fail(jaxc_take(a, i6, 0, JAXC_MODE_DEFAULT, NULL), JAXC_ERR_SHAPE, "the result would have more than 8 dimensions");
  FREE_ALL(a, i5, i6);
}

int main(void) {
  test_random();
  test_properties();
  test_take_kernel();
  test_examples();
  test_errors();
  test_unravel();
  test_threaded_rank3();
  test_take_wide_axis();
  test_put_weak();
  test_take_max_ndim();
  test_put_place_random();
  test_put_big();
  test_put_place_facts();
  printf("random cases: take_along_axis %ld (%ld with values), put_along_axis %ld (%ld with values)\n", n_take, n_take_values,
         n_put, n_put_values);
  return check_summary("test_along");
}
