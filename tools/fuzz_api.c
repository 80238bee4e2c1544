/* fuzz_api.c -- libFuzzer harness for jaxc's array API (make fuzz; FUZZ_SECONDS=N, default 300;
   needs clang with libFuzzer; the corpus grows in build/fuzz/corpus, findings go to
   build/fuzz/crash-*). The thirteenth session's 38-minute run found two bugs (fmod of two bools
   into an output of another dtype; where's casts unchecked by debug_infs), both fixed.
   The input bytes are a small program: create 1-4 arrays (from_data, wrap views into one shared
   buffer, weak scalars, jaxc_scalar, zeros), then up to 32 calls chosen by bytes. After each call
   the contract is checked: status/message consistency, inputs unchanged, failed _into leaves the
   output untouched, _into agrees bit for bit with the allocating form. Abort on a violation.
   FUZZ_CASE=N makes every call case N (but a quarter creating or freeing arrays), FUZZ_GRID=N
   with FUZZ_CASE=46 every call of that case group N (23: jnp.linalg); FUZZ_TRACE=1 prints the
   calls. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"

#include <math.h>
#include <stdarg.h>
#include <complex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

/* ------------------------------------------------------------------ reader */
typedef struct { const uint8_t *p; size_t n, i; } rd_t;
static rd_t R;
static uint8_t u8(void) { return R.i < R.n ? R.p[R.i++] : 0; }
static uint32_t u32(void) { uint32_t v = 0; for (int i = 0; i < 4; i++) v |= (uint32_t)u8() << (8 * i); return v; }
static uint64_t u64(void) { uint64_t v = 0; for (int i = 0; i < 8; i++) v |= (uint64_t)u8() << (8 * i); return v; }
static bool more(void) { return R.i < R.n; }

/* ------------------------------------------------------------------ failure */
static char g_trace[8192];
static size_t g_tn;
static void trace(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (g_tn < sizeof g_trace - 200) {
    int k = vsnprintf(g_trace + g_tn, sizeof g_trace - g_tn, fmt, ap);
    if (k > 0) g_tn += (size_t)k;
  }
  va_end(ap);
  static int tr = -1;
  if (tr < 0) tr = getenv("FUZZ_TRACE") != NULL;
  if (tr) { va_start(ap, fmt); vfprintf(stderr, fmt, ap); va_end(ap); }
}
#define FAIL(...) do { fprintf(stderr, "\n=== CONTRACT VIOLATION ===\ntrace:\n%s\n", g_trace); \
    fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); abort(); } while (0)

/* ------------------------------------------------------------------ state */
enum { NP = 12, NV = 4, SHARED = 8192 };
static jaxc_array *pool[NP];
static int npool;
static jaxc_array views[NV];
static int nviews;
static _Alignas(64) unsigned char shared[SHARED];

static const jaxc_dtype bad_dtypes[] = {JAXC_WEAK_INT, JAXC_WEAK_FLOAT, JAXC_WEAK_COMPLEX, JAXC_NUM_DTYPES,
                                        JAXC_DTYPE_INVALID, (jaxc_dtype)99, (jaxc_dtype)-1000, (jaxc_dtype)INT_MAX};
static jaxc_dtype pick_dtype(void) {
  uint8_t b = u8();
  if (b < 240) return (jaxc_dtype)(b % JAXC_WEAK_INT);
  return bad_dtypes[b % 8];
}
static jaxc_op pick_op(void) {
  uint8_t b = u8();
  if (b < 248) return (jaxc_op)(b % JAXC_NUM_OPS);
  static const int bad[] = {-1, JAXC_NUM_OPS, JAXC_NUM_OPS + 1, 1000, INT_MIN, INT_MAX, -2, 255};
  return (jaxc_op)bad[b % 8];
}
static jaxc_op pick_upd_op(void) {
  static const jaxc_op ops[] = {JAXC_OP_SET, JAXC_OP_ADD, JAXC_OP_MULTIPLY, JAXC_OP_MINIMUM,
                                JAXC_OP_MAXIMUM, JAXC_OP_TRUE_DIVIDE, JAXC_OP_POWER};
  uint8_t b = u8();
  if (b < 224) return ops[b % 7];
  return pick_op();
}
static jaxc_index_mode pick_mode(void) {
  uint8_t b = u8() % 8;
  if (b < 6) return (jaxc_index_mode)b;
  return b == 6 ? (jaxc_index_mode)77 : (jaxc_index_mode)-1;
}
static int pick_axis(void) {
  uint8_t b = u8();
  if (b < 200) return (int)(b % 11) - 5;
  static const int odd[] = {JAXC_ALL_AXES, INT_MIN, INT_MAX, -1001, -999, 8, -9, 1000000};
  return odd[b % 8];
}
static const int64_t huge_dims[] = {-1, INT64_MIN, INT64_MAX, (int64_t)1 << 41, (int64_t)1 << 50,
                                    (int64_t)1 << 62, -5, (int64_t)1 << 59};
/* ndim and shape; `sane` keeps it valid */
static int pick_shape(int64_t *shape, bool allow_bad) {
  uint8_t b = u8();
  int nd = b % 5;
  if (allow_bad && b >= 250) nd = (b == 250) ? -1 : (b == 251) ? 9 : (b == 252) ? 100 : (b == 253) ? 8 : 5;
  for (int i = 0; i < JAXC_MAX_NDIM + 2; i++) shape[i] = 1;
  int lim = nd < 0 ? 0 : nd > JAXC_MAX_NDIM ? JAXC_MAX_NDIM : nd;
  for (int i = 0; i < lim; i++) {
    uint8_t d = u8();
    if (allow_bad && d >= 250) shape[i] = huge_dims[d % 8];
    else shape[i] = d % 6;
  }
  /* keep valid ones small: rank-5+ with all dims up to 5 could be 3125+ elements; cap */
  if (nd > 4) for (int i = 0; i < lim; i++) if (shape[i] > 0 && shape[i] < 1000) shape[i] = shape[i] > 2 ? 2 : shape[i];
  return nd;
}
static int64_t shape_size(int nd, const int64_t *shape, bool *ok) {
  *ok = true;
  if (nd < 0 || nd > JAXC_MAX_NDIM) { *ok = false; return 0; }
  int64_t s = 1;
  for (int i = 0; i < nd; i++) {
    if (shape[i] < 0 || shape[i] > 100000) { *ok = false; return 0; }
    s *= shape[i];
  }
  return s;
}

/* special values */
static const double fspecial[] = {0.0, -0.0, 1.0, -1.0, NAN, -NAN, INFINITY, -INFINITY, 5e-324, 1.401298464324817e-45,
                                  5.960464477539063e-08, 1.7976931348623157e308, 3.4028234663852886e38, 65504.0, 65520.0,
                                  0.5, 2.5, -2.5, 1e30, 3.0, 1e-30, 127.5, 255.0, 256.0, -129.0, 2147483648.0,
                                  9.3e18, 1.5, 0.1, 1e8, -1.5, 2.0, 1.1754943508222875e-38, -7.0, 4294967296.0, 1e-5};
enum { NFS = sizeof fspecial / sizeof fspecial[0] };
static const uint64_t ispecial[] = {0, 1, (uint64_t)-1, 2, (uint64_t)-2, 3, 7, (uint64_t)-7, 127, (uint64_t)-128, 255,
                                    32767, (uint64_t)-32768, 65535, INT32_MAX, (uint64_t)(int64_t)INT32_MIN, UINT32_MAX,
                                    INT64_MAX, (uint64_t)INT64_MIN, UINT64_MAX, 5, (uint64_t)-5, 64, 31, 63, 8, 16, 33, 4, 0x80, 0x8000, 0x80000000u};
enum { NIS = sizeof ispecial / sizeof ispecial[0] };

static void put_elem(jaxc_dtype dt, void *dst, int mode) {
  size_t es = jaxc_dtype_size(dt);
  int kind = jaxc_dtype_kind(dt);
  if (mode == 0) { /* raw */
    for (size_t k = 0; k < es; k++) ((unsigned char *)dst)[k] = u8();
    if (dt == JAXC_BOOL) *(unsigned char *)dst &= 1;
    return;
  }
  if (kind == JAXC_KIND_BOOL) { *(unsigned char *)dst = u8() & 1; return; }
  if (kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT) {
    uint64_t v = ispecial[u8() % NIS];
    memcpy(dst, &v, es); /* little endian: low bytes */
    return;
  }
  if (kind == JAXC_KIND_COMPLEX) {
    double re = fspecial[u8() % NFS], im = fspecial[u8() % NFS];
    if (dt == JAXC_C64) { float f[2] = {(float)re, (float)im}; memcpy(dst, f, 8); }
    else { double d[2] = {re, im}; memcpy(dst, d, 16); }
    return;
  }
  double v = fspecial[u8() % NFS];
  _Alignas(16) unsigned char tmp[16];
  jaxc_kernel_cast_dyn(JAXC_F64, dt, 1, &v, tmp);
  memcpy(dst, tmp, es);
}

/* ------------------------------------------------------------------ snapshots */
typedef struct { jaxc_array meta; unsigned char *data; size_t bytes; } snap_t;
static snap_t snaps[NP];
static int nsnap;
static unsigned char shared_snap[SHARED];
static size_t arr_bytes(const jaxc_array *a) { return (size_t)a->size * jaxc_dtype_size(a->dtype); }
static bool in_shared(const jaxc_array *a) {
  return (uintptr_t)a->data >= (uintptr_t)shared && (uintptr_t)a->data < (uintptr_t)shared + SHARED;
}
static void snap_take(void) {
  nsnap = npool;
  for (int i = 0; i < npool; i++) {
    snaps[i].meta = *pool[i];
    snaps[i].bytes = arr_bytes(pool[i]);
    snaps[i].data = NULL;
    if (!in_shared(pool[i]) && snaps[i].bytes) {
      snaps[i].data = malloc(snaps[i].bytes);
      memcpy(snaps[i].data, pool[i]->data, snaps[i].bytes);
    }
  }
  memcpy(shared_snap, shared, SHARED);
}
static void snap_free(void) {
  for (int i = 0; i < nsnap; i++) free(snaps[i].data), snaps[i].data = NULL;
  nsnap = 0;
}
/* `out`: an _into output allowed to change (data and weak flag); NULL: nothing may change */
static void snap_verify(const char *what, const jaxc_array *out) {
  for (int i = 0; i < nsnap; i++) {
    jaxc_array m = *pool[i], s = snaps[i].meta;
    if (pool[i] == out) m.weak = s.weak;
    if (memcmp(&m, &s, sizeof m) != 0) FAIL("%s: metadata of pool[%d] changed (dtype %d->%d weak %d->%d ndim %d->%d)", what, i,
                                            s.dtype, m.dtype, s.weak, m.weak, s.ndim, m.ndim);
    if (snaps[i].data && pool[i] != out && memcmp(snaps[i].data, pool[i]->data, snaps[i].bytes) != 0)
      FAIL("%s: data of input pool[%d] (%s) changed", what, i, jaxc_dtype_name(pool[i]->dtype));
  }
  size_t lo = SHARED, hi = SHARED;
  if (out && in_shared(out)) {
    lo = (size_t)((unsigned char *)out->data - shared);
    hi = lo + arr_bytes(out);
  }
  for (size_t k = 0; k < SHARED; k++)
    if ((k < lo || k >= hi) && shared[k] != shared_snap[k])
      FAIL("%s: shared buffer byte %zu changed outside the output [%zu,%zu)", what, k, lo, hi);
}

/* ------------------------------------------------------------------ status checks */
static void check_msg_ok(const char *what) {
  if (jaxc_last_status() != JAXC_OK) FAIL("%s: success but status %d", what, (int)jaxc_last_status());
  const char *m = jaxc_last_error();
  if (!m || m[0]) FAIL("%s: success but message '%s'", what, m ? m : "(null)");
}
static void check_msg_err(const char *what) {
  jaxc_status s = jaxc_last_status();
  if (s == JAXC_OK || (unsigned)s >= JAXC_NUM_STATUSES) FAIL("%s: failure but status %d", what, (int)s);
  const char *m = jaxc_last_error();
  if (!m || !m[0]) FAIL("%s: failure (status %d) but empty message", what, (int)s);
}
static void check_result_array(const char *what, const jaxc_array *r) {
  if (!r) { check_msg_err(what); return; }
  check_msg_ok(what);
  if (!JAXC_DTYPE_VALID(r->dtype) || JAXC_DTYPE_IS_WEAK(r->dtype)) FAIL("%s: result dtype %d", what, (int)r->dtype);
  if (r->ndim < 0 || r->ndim > JAXC_MAX_NDIM) FAIL("%s: result ndim %d", what, r->ndim);
  int64_t s = 1;
  for (int i = 0; i < r->ndim; i++) {
    if (r->shape[i] < 0) FAIL("%s: result dim %d is %lld", what, i, (long long)r->shape[i]);
    s *= r->shape[i];
  }
  if (s != r->size) FAIL("%s: result size %lld != product of shape %lld", what, (long long)r->size, (long long)s);
  if (r->size > 0 && !r->data) FAIL("%s: result data NULL", what);
  /* touch every byte (ASan: out-of-bounds result buffer) */
  volatile unsigned char acc = 0;
  for (size_t k = 0; k < arr_bytes(r); k++) acc ^= ((const unsigned char *)r->data)[k];
  (void)acc;
  if (r->dtype == JAXC_BOOL && !in_shared(r))
    for (int64_t k = 0; k < r->size; k++)
      if (((const unsigned char *)r->data)[k] > 1) FAIL("%s: bool result holds byte %d", what, ((const unsigned char *)r->data)[k]);
}
static void check_int_ret(const char *what, int ret) {
  if (ret != (int)jaxc_last_status()) FAIL("%s: returned %d, status %d", what, ret, (int)jaxc_last_status());
  if (ret == 0) check_msg_ok(what); else check_msg_err(what);
}

/* the arrays a status-returning call fills: none left after a failure, each a valid result after
   a success (the unfilled ones NULL) */
static void check_results(const char *what, int ret, jaxc_array *const *out, int n) {
  check_int_ret(what, ret);
  for (int k = 0; k < n; k++) {
    if (ret != 0 && out[k]) FAIL("%s: a result left after a failure", what);
    if (out[k]) check_result_array(what, out[k]);
  }
}

/* any NaN (nan_only) or any NaN/inf in a float/complex array */
static bool nonfinite(const jaxc_array *a, bool nan_only) {
  if (!a) return false;
  int k = jaxc_dtype_kind(a->dtype);
  if (k != JAXC_KIND_FLOAT && k != JAXC_KIND_COMPLEX) return false;
  size_t es = jaxc_dtype_size(a->dtype);
  for (int64_t i = 0; i < a->size; i++) {
    _Alignas(16) unsigned char tmp[16];
    double v[2];
    memcpy(tmp, (const char *)a->data + (size_t)i * es, es);
    jaxc_kernel_cast_dyn(a->dtype, JAXC_C128, 1, tmp, v);
    for (int j = 0; j < 2; j++)
      if (isnan(v[j]) || (!nan_only && isinf(v[j]))) return true;
  }
  return false;
}
/* debug_nans/infs: a successful result of NaN-free (inf-free) inputs holds none */
static void debug_check(const char *what, const jaxc_array *r, const jaxc_array *a, const jaxc_array *b, const jaxc_array *c) {
  if (!r) return;
  bool dn = jaxc_debug_nans(), di = jaxc_debug_infs();
  if (dn && !nonfinite(a, true) && !nonfinite(b, true) && !nonfinite(c, true) && nonfinite(r, true))
    FAIL("%s: debug_nans on, NaN-free inputs, success with a NaN in the result", what);
  if (di && !nonfinite(a, false) && !nonfinite(b, false) && !nonfinite(c, false) && nonfinite(r, false) && !nonfinite(r, true))
    FAIL("%s: debug_infs on, finite inputs, success with an inf in the result", what);
}

/* a result: keep it in the pool if room, otherwise free it. Broadcast views hold
   billions of elements in a few bytes; an op that copies one (a sort for quantile)
   is valid and slow, so such results are checked here and not fed on. */
enum { KEEP_MAX_SIZE = 1 << 20 };
static void keep(jaxc_array *r) {
  if (!r) return;
  for (int i = 0; i < npool; i++) if (pool[i] == r) FAIL("new result aliases pool[%d]", i);
  if (npool < NP && jaxc_array_size(r) <= KEEP_MAX_SIZE) pool[npool++] = r;
  else jaxc_array_free(r);
}

static const jaxc_array *pick_arr(void) {
  uint8_t b = u8();
  if (b == 255 || npool == 0) return NULL;
  return pool[b % npool];
}
static jaxc_array *pick_out(void) {
  uint8_t b = u8();
  if (npool == 0) return NULL;
  return pool[b % npool];
}

/* ------------------------------------------------------------------ creation */
static void create_array(void) {
  uint8_t kind = u8() % 12;
  jaxc_dtype dt = pick_dtype();
  int64_t shape[JAXC_MAX_NDIM + 2];
  trace("create kind=%d dt=%d\n", kind, (int)dt);
  if (kind <= 5) { /* from_data */
    int nd = pick_shape(shape, kind == 5);
    bool ok;
    int64_t n = shape_size(nd, shape, &ok);
    size_t es = JAXC_DTYPE_VALID(dt) && !JAXC_DTYPE_IS_WEAK(dt) ? jaxc_dtype_size(dt) : 1;
    unsigned char *buf = NULL;
    int mode = u8() % 3;
    bool unaligned = u8() % 5 == 0;
    if (ok && n > 0) {
      buf = malloc((size_t)n * es + 1);
      unsigned char *p = buf + (unaligned ? 1 : 0);
      if (JAXC_DTYPE_VALID(dt) && !JAXC_DTYPE_IS_WEAK(dt))
        for (int64_t i = 0; i < n; i++) put_elem(dt, p + i * es, mode == 2 ? (int)(u8() & 1) : mode);
      jaxc_array *a = jaxc_array_from_data(dt, nd, shape, p);
      check_result_array("array_from_data", a);
      keep(a);
    } else {
      bool nulldata = u8() & 1;
      jaxc_array *a = jaxc_array_from_data(dt, nd, shape, nulldata ? NULL : shared);
      check_result_array("array_from_data(empty/bad)", a);
      keep(a);
    }
    free(buf);
  } else if (kind <= 7) { /* a wrap view into the shared buffer */
    if (nviews >= NV) return;
    int nd = pick_shape(shape, kind == 7);
    bool ok;
    int64_t n = shape_size(nd, shape, &ok);
    size_t es = JAXC_DTYPE_VALID(dt) && !JAXC_DTYPE_IS_WEAK(dt) ? jaxc_dtype_size(dt) : 1;
    size_t off = (size_t)u8() * 16 + (u8() % 4 == 0 ? (u8() % 16) : 0);
    if (ok && off + (size_t)n * es > SHARED) return;
    if (!ok) {
      int64_t sz;
      off = 0;
      /* a huge but valid shape would promise memory the buffer does not have: caller's error */
      if (jaxc__check_shape(nd, shape, &sz) && sz > 0) return;
    }
    jaxc_array *st = &views[nviews];
    memset(st, 0xA5, sizeof *st);
    jaxc_array before = *st;
    jaxc_array *a = jaxc_array_wrap(st, dt, nd, shape, shared + off);
    check_result_array("array_wrap", a);
    if (a) {
      if (a != st) FAIL("array_wrap returned another pointer");
      nviews++;
      keep(a);
    } else if (memcmp(&before, st, sizeof before) != 0) {
      /* not promised, but note it */
    }
  } else if (kind == 8) {
    jaxc_array *a;
    uint8_t w = u8() % 3;
    if (w == 0) a = jaxc_weak_int((int64_t)ispecial[u8() % NIS]);
    else if (w == 1) a = jaxc_weak_float(fspecial[u8() % NFS]);
    else { double re = fspecial[u8() % NFS]; a = jaxc_weak_complex(re, fspecial[u8() % NFS]); }
    check_result_array("weak scalar", a);
    keep(a);
  } else if (kind == 9) {
    double re = fspecial[u8() % NFS], im = fspecial[u8() % NFS];
    jaxc_array *a = jaxc_scalar(dt, re, im);
    check_result_array("jaxc_scalar", a);
    keep(a);
  } else if (kind == 10) {
    int nd = pick_shape(shape, true);
    jaxc_array *a = jaxc_array_zeros(dt, nd, shape);
    check_result_array("array_zeros", a);
    keep(a);
  } else { /* random data in a valid array */
    int nd = pick_shape(shape, false);
    jaxc_key k = jaxc_random_key((int64_t)u64());
    jaxc_array *a = jaxc_random_normal(k, JAXC_F32, nd, shape);
    check_result_array("random_normal(create)", a);
    jaxc_array *b = a ? jaxc_astype(a, dt) : NULL;
    if (a) check_result_array("astype(create)", b);
    jaxc_array_free(a);
    keep(b);
  }
}

/* ------------------------------------------------------------------ helpers for _into */
static bool same_shape(const jaxc_array *a, const jaxc_array *b) {
  if (a->ndim != b->ndim) return false;
  for (int i = 0; i < a->ndim; i++) if (a->shape[i] != b->shape[i]) return false;
  return true;
}
/* ref: the allocating result computed before (inputs as they were); out after a successful into */
static void compare_into(const char *what, const jaxc_array *ref, jaxc_status ref_status, jaxc_array *out,
                         jaxc_array *r, unsigned char *out_before, bool out_weak_before) {
  (void)ref_status;
  if (!r) {
    /* failed: out untouched */
    if (memcmp(out_before, out->data, arr_bytes(out)) != 0) FAIL("%s: failing _into changed its output", what);
    if (out->weak != out_weak_before) FAIL("%s: failing _into changed its output's weak flag", what);
    if (ref && ref->dtype == out->dtype && same_shape(ref, out) && jaxc_last_status() != JAXC_ERR_NOMEM)
      FAIL("%s: allocating form succeeded (dtype %s) but _into into a matching output failed: %s", what,
           jaxc_dtype_name(ref->dtype), jaxc_last_error());
    return;
  }
  if (r != out) FAIL("%s: _into returned %p, not out %p", what, (void *)r, (void *)out);
  if (!ref) FAIL("%s: allocating form failed (status %d) but _into succeeded", what, (int)ref_status);
  if (ref->dtype != out->dtype || !same_shape(ref, out)) FAIL("%s: _into succeeded with mismatching output", what);
  if (ref->weak != out->weak) FAIL("%s: _into weak %d, allocating form weak %d", what, out->weak, ref->weak);
  if (memcmp(ref->data, out->data, arr_bytes(ref)) != 0) {
    size_t es = jaxc_dtype_size(ref->dtype), k = 0;
    while (memcmp((char *)ref->data + k * es, (char *)out->data + k * es, es) == 0) k++;
    FAIL("%s: _into result differs from the allocating form at element %zu (dtype %s, overlap=%d)", what, k,
         jaxc_dtype_name(ref->dtype), in_shared(out));
  }
}

static void dtype_result_check(const char *what, jaxc_dtype d) {
  if (d == JAXC_DTYPE_INVALID) check_msg_err(what);
  else { check_msg_ok(what); if (!JAXC_DTYPE_VALID(d)) FAIL("%s: dtype %d", what, (int)d); }
}

static void pick_spec(jaxc_slice_spec *sp) {
  uint8_t b = u8();
  static const int64_t odd[] = {JAXC_NONE, INT64_MAX, INT64_MIN + 1, -100, 100, 0, (int64_t)1 << 62, -((int64_t)1 << 62)};
#define V() (u8() < 200 ? (int64_t)(u8() % 13) - 6 : odd[u8() % 8])
  if (b % 4 == 0) { *sp = JAXC_I(V()); }
  else if (b % 4 == 1) { *sp = JAXC_ALL; }
  else { int64_t s = V(), e = V(), st = V(); *sp = JAXC_S(s, e, st); }
#undef V
}

/* ------------------------------------------------------------------ delete / insert operands */
/* arrays made for one delete/insert call (not in the pool: each with a copy of its bytes, to
   check it is left as it was, and freed after the call) */
typedef struct { jaxc_array *a; unsigned char *bytes; } made_t;
static const jaxc_array *made_keep(made_t *md, jaxc_array *a) {
  md->a = a, md->bytes = NULL;
  if (a && arr_bytes(a)) md->bytes = malloc(arr_bytes(a)), memcpy(md->bytes, a->data, arr_bytes(a));
  return a;
}
static void made_check_free(const char *what, made_t *md, int n) {
  for (int k = 0; k < n; k++) {
    if (md[k].bytes && memcmp(md[k].bytes, md[k].a->data, arr_bytes(md[k].a)) != 0) FAIL("%s: made operand %d changed", what, k);
    free(md[k].bytes), jaxc_array_free(md[k].a);
    md[k].a = NULL, md[k].bytes = NULL;
  }
}
/* the length of the axis delete/insert works on (-1: none) */
static int64_t splice_len(const jaxc_array *a, int axis) {
  if (!a) return -1;
  if (axis == JAXC_ALL_AXES) return a->size;
  return axis >= -a->ndim && axis < a->ndim ? a->shape[axis < 0 ? axis + a->ndim : axis] : -1;
}
/* "dtype[d0,d1,...]" for the trace */
static const char *shape_str(char *buf, const jaxc_array *a) {
  if (!a) return "NULL";
  int at = snprintf(buf, 96, "%s%s[", jaxc_dtype_name(a->dtype), a->weak ? "(weak)" : "");
  for (int k = 0; k < a->ndim && at < 80; k++) at += snprintf(buf + at, (size_t)(96 - at), "%s%lld", k ? "," : "", (long long)a->shape[k]);
  snprintf(buf + at, (size_t)(96 - at), "]");
  return buf;
}
/* an index: small of both signs, inside the axis (n: its length) from either end, just past
   its ends, a repeat of the one before, or a special value (the dtypes' extremes) */
static int64_t pick_ix(int64_t n, int64_t prev) {
  uint64_t m = n >= 0 ? (uint64_t)n + 1 : 1;
  switch (u8() % 8) {
  case 0: case 1: return (int64_t)(u8() % 13) - 6;
  case 2: return (int64_t)(u32() % m);
  case 3: return -1 - (int64_t)(u32() % m);
  case 4: return prev;
  case 5: return (n >= 0 ? n : 0) * (u8() & 1 ? 1 : -1) + (int64_t)(u8() % 5) - 2;
  default: return (int64_t)ispecial[u8() % NIS];
  }
}
/* an obj for delete/insert: every integer dtype, bool (mostly a mask of the axis' length) and
   float, sometimes any dtype; 0-d, 1-d or 2-d (rarely 3-d) */
static jaxc_array *make_index(int64_t n) {
  static const jaxc_dtype dts[] = {JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64, JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64,
                                   JAXC_BOOL, JAXC_BOOL, JAXC_F32, JAXC_F16};
  uint8_t b = u8();
  jaxc_dtype dt = b < 240 ? dts[b % 12] : pick_dtype();
  int64_t shape[3] = {1, 1, 1}, sz = 1, v[4096];
  uint8_t s = u8();
  int nd = s < 250 ? s % 3 : 3;
  for (int k = 0; k < nd; k++) shape[k] = nd == 1 ? (u8() < 200 ? u8() % 9 : u8() % 48) : u8() % 4;
  if (dt == JAXC_BOOL && nd == 1 && n >= 0 && n <= 4096 && u8() < 220) shape[0] = n;
  for (int k = 0; k < nd; k++) sz *= shape[k];
  if (sz > 4096) return NULL;
  for (int64_t k = 0; k < sz; k++) v[k] = dt == JAXC_BOOL ? u8() & 1 : pick_ix(n, k ? v[k - 1] : 0);
  if (!JAXC_DTYPE_VALID(dt) || JAXC_DTYPE_IS_WEAK(dt)) {
    jaxc_array *r = jaxc_array_from_data(dt, nd, shape, v);
    check_result_array("array_from_data(bad index dtype)", r);
    return r;
  }
  _Alignas(16) unsigned char buf[4096 * 16];
  jaxc_kernel_cast_dyn(JAXC_I64, dt, (size_t)sz, v, buf);
  jaxc_array *r = jaxc_array_from_data(dt, nd, shape, buf);
  check_result_array("array_from_data(index)", r);
  return r;
}
/* values for insert/append: dims aligned to a's from the right, each 1, a's, the number of
   positions m, or small; any dtype (mostly valid) */
static jaxc_array *make_values(const jaxc_array *a, int64_t m) {
  int an = a ? a->ndim : 1, nd = (int)(u8() % (unsigned)(an + 2));
  if (nd > JAXC_MAX_NDIM) nd = JAXC_MAX_NDIM;
  int64_t shape[JAXC_MAX_NDIM], sz = 1;
  for (int k = 0; k < nd; k++) {
    int ak = a ? a->ndim - nd + k : -1;
    int64_t own = ak >= 0 ? a->shape[ak] : 1;
    switch (u8() % 5) {
    case 0: shape[k] = 1; break;
    case 1: case 2: shape[k] = own; break;
    case 3: shape[k] = m >= 0 && m < 64 ? m : 1; break;
    default: shape[k] = u8() % 5; break;
    }
    if (shape[k] < 0 || shape[k] > 4096) shape[k] = 1;
    sz *= shape[k];
    if (sz > 4096) shape[k] = 1, sz = 1; /* (kept small) */
  }
  sz = 1;
  for (int k = 0; k < nd; k++) sz *= shape[k];
  jaxc_dtype dt = u8() < 64 && a ? a->dtype : pick_dtype();
  if (!JAXC_DTYPE_VALID(dt) || JAXC_DTYPE_IS_WEAK(dt)) return NULL;
  size_t es = jaxc_dtype_size(dt);
  unsigned char *buf = malloc((size_t)sz * es + 1);
  for (int64_t k = 0; k < sz; k++) put_elem(dt, buf + (size_t)k * es, 1);
  jaxc_array *r = jaxc_array_from_data(dt, nd, shape, buf);
  check_result_array("array_from_data(values)", r);
  free(buf);
  return r;
}
/* a long axis (100 .. 355; 1-d, or 2-d with it first or last) holding 0, 1, 2, ... in a dtype:
   insert's positions wrap in int8/uint8 there */
static jaxc_array *make_long(void) {
  jaxc_dtype dt = pick_dtype();
  if (!JAXC_DTYPE_VALID(dt) || JAXC_DTYPE_IS_WEAK(dt)) dt = JAXC_I16;
  int64_t len = 100 + u8(), shape[2];
  int nd = 1 + (u8() % 3 != 0);
  shape[0] = nd == 2 && (u8() & 1) ? 2 : len, shape[1] = shape[0] == 2 ? len : 2;
  int64_t sz = nd == 2 ? 2 * len : len, v[2 * 356];
  for (int64_t k = 0; k < sz; k++) v[k] = k;
  _Alignas(16) unsigned char buf[2 * 356 * 16];
  jaxc_kernel_cast_dyn(JAXC_I64, dt, (size_t)sz, v, buf);
  jaxc_array *r = jaxc_array_from_data(dt, nd, shape, buf);
  check_result_array("array_from_data(long)", r);
  return r;
}
/* an integer array's element k as int64 (*big: a uint64 past INT64_MAX) */
static int64_t ix_at(const jaxc_array *o, int64_t k, bool *big) {
  const char *p = (const char *)o->data + (size_t)k * jaxc_dtype_size(o->dtype);
  int64_t v;
  if (o->dtype == JAXC_U64) memcpy(&v, p, 8), *big = v < 0;
  else jaxc_kernel_cast_dyn(o->dtype, JAXC_I64, 1, p, &v), *big = false;
  return v;
}
static int cmp_i64(const void *x, const void *y) {
  int64_t u = *(const int64_t *)x, v = *(const int64_t *)y;
  return (u > v) - (u < v);
}
static int64_t ix_max(jaxc_dtype d) {
  switch (d) {
  case JAXC_I8: return INT8_MAX;
  case JAXC_U8: return UINT8_MAX;
  case JAXC_I16: return INT16_MAX;
  case JAXC_U16: return UINT16_MAX;
  case JAXC_I32: return INT32_MAX;
  case JAXC_U32: return UINT32_MAX;
  default: return INT64_MAX;
  }
}
/* Python's slice(start, stop, step).indices(n), walked: the positions it names marked in
   gone[0 .. n) (and listed in at[], in the slice's order, when at is not NULL); false: step 0 */
static bool slice_marks(jaxc_slice_spec sp, int64_t n, bool *gone, int64_t *at, int64_t *cnt) {
  int64_t st = sp.step == JAXC_NONE ? 1 : sp.step, lo = sp.start, hi = sp.stop;
  *cnt = 0;
  if (st == 0) return false;
  if (lo == JAXC_NONE) lo = st < 0 ? n - 1 : 0;
  else if (lo < 0) { lo += n; if (lo < 0) lo = st < 0 ? -1 : 0; }
  else if (lo >= n) lo = st < 0 ? n - 1 : n;
  if (hi == JAXC_NONE) hi = st < 0 ? -1 : n;
  else if (hi < 0) { hi += n; if (hi < 0) hi = st < 0 ? -1 : 0; }
  else if (hi >= n) hi = st < 0 ? n - 1 : n;
  for (int64_t i = lo; st > 0 ? i < hi : i > hi;) {
    if (gone) gone[i] = true;
    if (at) at[*cnt] = i;
    ++*cnt;
    if (st > 0 ? hi - i <= st : i - hi <= -st) break;
    i += st;
  }
  return true;
}
/* r against a (raveled for JAXC_ALL_AXES) spliced on the axis: walking r's axis (len), the
   places isval names hold inserted values, the others a's elements in order, skipping those
   gone names; r's other axes are a's. (dtype and weak flag checked by the caller) */
static void check_splice(const char *what, const jaxc_array *a, int axis, const bool *gone, const bool *isval,
                         int64_t len, const jaxc_array *r) {
  bool flat = axis == JAXC_ALL_AXES;
  int nd = flat ? 1 : a->ndim, ax = flat ? 0 : axis < 0 ? axis + a->ndim : axis;
  const int64_t *shape = flat ? &a->size : a->shape;
  int64_t n = shape[ax], outer = 1, inner = 1, from_a = 0;
  for (int k = 0; k < ax; k++) outer *= shape[k];
  for (int k = ax + 1; k < nd; k++) inner *= shape[k];
  if (r->ndim != nd) FAIL("%s: result ndim %d, want %d", what, r->ndim, nd);
  for (int k = 0; k < nd; k++)
    if (r->shape[k] != (k == ax ? len : shape[k])) FAIL("%s: result dim %d is %lld, want %lld", what, k, (long long)r->shape[k], (long long)(k == ax ? len : shape[k]));
  for (int64_t p = 0; p < len; p++) from_a += !(isval && isval[p]);
  int64_t kept = 0;
  for (int64_t i = 0; i < n; i++) kept += !(gone && gone[i]);
  if (from_a != kept) FAIL("%s: %lld places for a's %lld elements", what, (long long)from_a, (long long)kept);
  size_t unit = (size_t)inner * jaxc_dtype_size(a->dtype);
  if (!unit || !outer || !kept) return;
  for (int64_t o = 0; o < outer; o++)
    for (int64_t p = 0, i = 0; p < len; p++) {
      if (isval && isval[p]) continue;
      while (gone && gone[i]) i++;
      if (memcmp((const char *)r->data + (size_t)(o * len + p) * unit, (const char *)a->data + (size_t)(o * n + i) * unit, unit) != 0)
        FAIL("%s: result place %lld (outer %lld) is not a's element %lld", what, (long long)p, (long long)o, (long long)i);
      i++;
    }
}

/* ------------------------------------------------------------------ set operations (case 39) */
/* an operand for a set op: any dtype (mostly valid), 0-d, 1-d (up to 3000) or 2-d, its values
   drawn (a seeded generator) from a window of a small pool, so that operands overlap and repeat
   (NaNs, -0.0 and 0.0, infinities, the integer dtypes' extremes wrapped) */
static jaxc_array *make_set_operand(void) {
  static const double fpool[16] = {0.0, -0.0, 1.0, -1.0, 2.0, NAN, 0.5, 3.0, -NAN, INFINITY, -INFINITY, 7.0, 1e30, -2.5, 65504.0, 5e-324};
  static const int64_t ipool[16] = {0, 1, -1, 2, 3, -2, 7, 127, -128, 255, 256, 65535, INT32_MIN, INT64_MAX, INT64_MIN, -7};
  jaxc_dtype dt = pick_dtype();
  uint8_t l = u8();
  int64_t n = l < 96 ? l % 10 : l < 192 ? u8() % 100 : l < 252 ? 100 + (int64_t)(u32() % 2900) : 1, shape[2];
  int nd = l >= 252 ? 0 : 1;
  if (nd == 1 && u8() % 8 == 7) nd = 2, shape[0] = 1 + u8() % 4, shape[1] = n / shape[0], n = shape[0] * shape[1];
  else shape[0] = n;
  uint32_t w = 16 - u8() % 16, o = u8() % 16, s = (u32() ^ 0x9E3779B9u) | 1; /* (zero bytes: the whole pool) */
  if (!JAXC_DTYPE_VALID(dt) || JAXC_DTYPE_IS_WEAK(dt)) {
    jaxc_array *r = jaxc_array_from_data(dt, nd, shape, shared);
    check_result_array("array_from_data(bad set operand dtype)", r);
    return r;
  }
  int kind = jaxc_dtype_kind(dt);
  double *v = malloc((size_t)(n > 0 ? n : 1) * 2 * sizeof *v);
  unsigned char *buf = malloc((size_t)(n > 0 ? n : 1) * 16);
  int64_t *iv = (int64_t *)v;
  for (int64_t k = 0; k < n; k++) {
    s ^= s << 13, s ^= s >> 17, s ^= s << 5;
    uint32_t i0 = (o + s % w) % 16, i1 = (o + (s >> 8) % w) % 16;
    if (kind == JAXC_KIND_COMPLEX) v[2 * k] = fpool[i0], v[2 * k + 1] = (s >> 20) % 4 ? 0.0 : fpool[i1];
    else if (kind == JAXC_KIND_FLOAT) v[k] = fpool[i0];
    else iv[k] = ipool[i0];
  }
  jaxc_kernel_cast_dyn(kind == JAXC_KIND_COMPLEX ? JAXC_C128 : kind == JAXC_KIND_FLOAT ? JAXC_F64 : JAXC_I64, dt, (size_t)n, v, buf);
  jaxc_array *r = jaxc_array_from_data(dt, nd, shape, buf);
  check_result_array("array_from_data(set operand)", r);
  free(v), free(buf);
  return r;
}
/* an element, read exactly: bool/uint as uint64, int as int64, float/complex as two doubles */
typedef struct { int kind; int64_t i; uint64_t u; double re, im; } sv_t;
static sv_t sv_at(const jaxc_array *x, int64_t j) {
  sv_t v = {jaxc_dtype_kind(x->dtype), 0, 0, 0.0, 0.0};
  const char *p = (const char *)x->data + (size_t)j * jaxc_dtype_size(x->dtype);
  double c[2];
  if (v.kind == JAXC_KIND_INT) jaxc_kernel_cast_dyn(x->dtype, JAXC_I64, 1, p, &v.i);
  else if (v.kind == JAXC_KIND_UINT || v.kind == JAXC_KIND_BOOL) jaxc_kernel_cast_dyn(x->dtype, JAXC_U64, 1, p, &v.u);
  else jaxc_kernel_cast_dyn(x->dtype, JAXC_C128, 1, p, c), v.re = c[0], v.im = c[1];
  return v;
}
static bool sv_nan(sv_t v) { return isnan(v.re) || isnan(v.im); }
static bool sv_eq(sv_t a, sv_t b) { /* (==: -0.0 is 0.0, a NaN equals nothing) */
  return a.kind == JAXC_KIND_INT ? a.i == b.i : a.kind == JAXC_KIND_UINT || a.kind == JAXC_KIND_BOOL ? a.u == b.u : a.re == b.re && a.im == b.im;
}
static bool sv_lt(sv_t a, sv_t b) { return a.kind == JAXC_KIND_INT ? a.i < b.i : a.kind == JAXC_KIND_UINT || a.kind == JAXC_KIND_BOOL ? a.u < b.u : a.re < b.re; }
static bool sv_in(sv_t v, const jaxc_array *x) {
  for (int64_t j = 0; j < x->size; j++) if (sv_eq(v, sv_at(x, j))) return true;
  return false;
}
/* a 1-d set-op result without size: sorted as lax.sort sorts (NaNs last; complex: no order
   checked), neighbours not equal (strict) or at most equal; NaN-free where nan_ok is false */
static void check_set_sorted(const char *what, const jaxc_array *r, bool strict, bool nan_ok) {
  bool cplx = jaxc_dtype_kind(r->dtype) == JAXC_KIND_COMPLEX, seen_nan = false;
  for (int64_t j = 0; j < r->size; j++) {
    sv_t v = sv_at(r, j);
    if (sv_nan(v)) {
      if (!nan_ok) FAIL("%s: NaN at %lld of its result", what, (long long)j);
      seen_nan = true;
      continue;
    }
    if (seen_nan && !cplx) FAIL("%s: %g after a NaN (at %lld)", what, v.re, (long long)j);
    if (j == 0) continue;
    sv_t u = sv_at(r, j - 1);
    if (sv_nan(u)) continue;
    if (strict && sv_eq(u, v)) FAIL("%s: result elements %lld and %lld are equal", what, (long long)j - 1, (long long)j);
    if (!cplx && sv_lt(v, u)) FAIL("%s: result elements %lld and %lld out of order", what, (long long)j - 1, (long long)j);
  }
}

/* ------------------------------------------------------------------ take/put_along_axis (case 40) */
/* an operand of a dtype and shape, from_data's copy or (now and then) wrapped over a buffer kept until the call is
   checked, so that a 64-bit dtype stays while x64 is off; a bad dtype: from_data's failure (NULL). n < 0: elements
   as put_elem makes them (raw bits or special values); else index values, pick_ix's over an axis of length n (once
   the input is used up: 0, 1, 2, ... mod n, not all -6), converted to the dtype */
static jaxc_array along_st[4];
static void *along_buf[4];
static int nalong;
static jaxc_array *make_along(jaxc_dtype dt, int nd, const int64_t *shape, int64_t n) {
  int64_t sz = 1;
  for (int k = 0; k < nd; k++) sz *= shape[k];
  if (!JAXC_DTYPE_VALID(dt) || JAXC_DTYPE_IS_WEAK(dt)) {
    jaxc_array *r = jaxc_array_from_data(dt, nd, shape, shared);
    check_result_array("array_from_data(bad along operand dtype)", r);
    return r;
  }
  size_t es = jaxc_dtype_size(dt);
  unsigned char *buf = malloc((size_t)sz * es + 16); /* (malloc's alignment serves every dtype) */
  int mode = u8() % 3;
  bool wrap = u8() < 64 && nalong < 4;
  for (int64_t k = 0, v = 0; k < sz; k++) {
    if (n < 0) put_elem(dt, buf + (size_t)k * es, mode == 2 ? (int)(u8() & 1) : mode);
    else v = more() ? pick_ix(n, v) : n > 0 ? k % n : 0, jaxc_kernel_cast_dyn(JAXC_I64, dt, 1, &v, buf + (size_t)k * es);
  }
  jaxc_array *r;
  if (wrap) {
    r = jaxc_array_wrap(&along_st[nalong], dt, nd, shape, buf);
    check_result_array("array_wrap(along operand)", r);
    along_buf[nalong++] = buf;
  } else {
    r = jaxc_array_from_data(dt, nd, shape, buf);
    check_result_array("array_from_data(along operand)", r);
    free(buf);
  }
  return r;
}
/* the row-major offset of coordinates c in an array of shape[nd], a dim of 1 broadcast (its coordinate 0); on axis
   ax (-1: none) the coordinate is v instead */
static int64_t along_off(int nd, const int64_t *shape, const int64_t *c, int ax, int64_t v) {
  int64_t off = 0;
  for (int k = 0; k < nd; k++) off = off * shape[k] + (k == ax ? v : shape[k] == 1 ? 0 : c[k]);
  return off;
}
/* t's coordinates in shape[nd] (row-major) */
static void along_coords(int nd, const int64_t *shape, int64_t t, int64_t *c) {
  for (int k = nd - 1; k >= 0; k--) c[k] = t % shape[k], t /= shape[k];
}

/* ------------------------------------------------------------------ convolve / correlate (case 41) */
/* an operand: any dtype (mostly valid; a bad one: from_data's failure, NULL), 1-D of length 0..70 (mostly up to 11),
   now and then 0-d or 2-d; its values mostly small integers (-4..4, unsigned ones 0..4, bool 0/1, complex parts
   both), otherwise put_elem's (raw bits or special values); weak now and then */
static jaxc_array *make_conv_operand(void) {
  jaxc_dtype dt = pick_dtype();
  uint8_t l = u8(), sb = u8();
  int64_t shape[2] = {l < 176 ? u8() % 12 : u8() % 71, 1};
  int nd = 1;
  if (sb >= 240) nd = sb & 1 ? 0 : 2, shape[0] = 1 + u8() % 3, shape[1] = u8() % 5;
  int64_t sz = nd == 0 ? 1 : nd == 1 ? shape[0] : shape[0] * shape[1];
  if (!JAXC_DTYPE_VALID(dt) || JAXC_DTYPE_IS_WEAK(dt)) {
    jaxc_array *r = jaxc_array_from_data(dt, nd, shape, shared);
    check_result_array("array_from_data(bad conv operand dtype)", r);
    return r;
  }
  size_t es = jaxc_dtype_size(dt);
  int kind = jaxc_dtype_kind(dt);
  unsigned char *buf = malloc((size_t)sz * es + 16);
  uint8_t vm = u8();
  for (int64_t k = 0; k < sz; k++) {
    unsigned char *p = buf + (size_t)k * es;
    if (vm >= 200) { put_elem(dt, p, vm < 228 ? 1 : (int)(u8() & 1)); continue; }
    int64_t v = (int64_t)(u8() % 9) - 4;
    if (kind == JAXC_KIND_UINT || kind == JAXC_KIND_BOOL) v = v < 0 ? -v : v;
    if (kind == JAXC_KIND_BOOL) v &= 1;
    if (kind == JAXC_KIND_COMPLEX) {
      double c[2] = {(double)v, u8() < 96 ? 0.0 : (double)((int)(u8() % 9) - 4)};
      jaxc_kernel_cast_dyn(JAXC_C128, dt, 1, c, p);
    } else jaxc_kernel_cast_dyn(JAXC_I64, dt, 1, &v, p);
  }
  jaxc_array *r = jaxc_array_from_data(dt, nd, shape, buf);
  check_result_array("array_from_data(conv operand)", r);
  free(buf);
  if (r && u8() < 40) r->weak = true;
  return r;
}
/* x's elements as complex128 parts into c[2 * size]; true when each is a small integer (|part| <= 4) */
static bool conv_small(const jaxc_array *x, double *c) {
  bool small = true;
  size_t es = jaxc_dtype_size(x->dtype);
  for (int64_t j = 0; j < x->size; j++) {
    jaxc_kernel_cast_dyn(x->dtype, JAXC_C128, 1, (const char *)x->data + (size_t)j * es, c + 2 * j);
    for (int h = 0; h < 2; h++)
      if (!(fabs(c[2 * j + h]) <= 4.0) || c[2 * j + h] != floor(c[2 * j + h])) small = false;
  }
  return small;
}
/* each element of x converted to p is the element (small values, so the promotion loses nothing) */
static bool conv_keeps(const jaxc_array *x, jaxc_dtype p, const double *c) {
  size_t es = jaxc_dtype_size(x->dtype);
  for (int64_t j = 0; j < x->size; j++) {
    _Alignas(16) unsigned char t[16];
    double back[2];
    jaxc_kernel_cast_dyn(x->dtype, p, 1, (const char *)x->data + (size_t)j * es, t);
    jaxc_kernel_cast_dyn(p, JAXC_C128, 1, t, back);
    if (back[0] != c[2 * j] || back[1] != c[2 * j + 1]) return false;
  }
  return true;
}
/* an operand on stderr, for a violation's report */
static void conv_dump(const char *name, const jaxc_array *x) {
  char s[96];
  fprintf(stderr, "%s = %s:", name, shape_str(s, x));
  for (int64_t j = 0; x && j < x->size && j < 256; j++) {
    sv_t e = sv_at(x, j);
    if (e.kind == JAXC_KIND_INT) fprintf(stderr, " %lld", (long long)e.i);
    else if (e.kind == JAXC_KIND_UINT || e.kind == JAXC_KIND_BOOL) fprintf(stderr, " %llu", (unsigned long long)e.u);
    else if (e.kind == JAXC_KIND_FLOAT) fprintf(stderr, " %.17g", e.re);
    else fprintf(stderr, " %.17g%+.17gj", e.re, e.im);
  }
  fprintf(stderr, "\n");
}

/* ------------------------------------------------------------------ histogramdd / histogram2d (case 42) */
/* an operand of any dtype (a bad one: from_data's failure, NULL) and the given shape: small integers (-4..4; unsigned
   0..4; bool 0/1), now and then put_elem's raw bits or special values */
static jaxc_array *make_hist_operand(int nd, const int64_t *shape) {
  jaxc_dtype dt = pick_dtype();
  int64_t sz = 1;
  for (int k = 0; k < nd; k++) sz *= shape[k];
  if (!JAXC_DTYPE_VALID(dt) || JAXC_DTYPE_IS_WEAK(dt)) {
    jaxc_array *r = jaxc_array_from_data(dt, nd, shape, shared);
    check_result_array("array_from_data(bad hist operand dtype)", r);
    return r;
  }
  size_t es = jaxc_dtype_size(dt);
  unsigned char *buf = malloc((size_t)sz * es + 16);
  uint8_t vm = u8();
  for (int64_t k = 0; k < sz; k++) {
    unsigned char *p = buf + (size_t)k * es;
    if (vm >= 216) { put_elem(dt, p, vm < 236 ? 1 : (int)(u8() & 1)); continue; }
    int64_t v = (int64_t)(u8() % 9) - 4;
    if (jaxc_dtype_kind(dt) == JAXC_KIND_UINT || dt == JAXC_BOOL) v = (v < 0 ? -v : v) & (dt == JAXC_BOOL ? 1 : 7);
    jaxc_kernel_cast_dyn(JAXC_I64, dt, 1, &v, p);
  }
  jaxc_array *r = jaxc_array_from_data(dt, nd, shape, buf);
  check_result_array("array_from_data(hist operand)", r);
  free(buf);
  if (r && u8() < 24) r->weak = true;
  return r;
}

/* ------------------------------------------------------------------ one call */
static void one_call(void) {
  uint8_t c = u8() % 47;
  static int only = -2; /* FUZZ_CASE=N: every call case N, but a quarter creating or freeing arrays (29) */
  if (only == -2) only = getenv("FUZZ_CASE") ? atoi(getenv("FUZZ_CASE")) : -1;
  if (only >= 0) c = c % 4 == 0 ? 29 : (uint8_t)only;
  char what[96];
  /* bool views must hold valid bools (0/1): other views may have written any bytes there */
  for (int i = 0; i < npool; i++)
    if (pool[i]->dtype == JAXC_BOOL && in_shared(pool[i]))
      for (int64_t k = 0; k < pool[i]->size; k++) ((unsigned char *)pool[i]->data)[k] &= 1;
  snap_take();
  const jaxc_array *into_out = NULL;
  switch (c) {
  case 0: case 1: { /* unary */
    jaxc_op op = pick_op();
    const jaxc_array *a = pick_arr();
    snprintf(what, sizeof what, "unary(%d)", (int)op);
    trace("%s a=%p\n", what, (void *)a);
    jaxc_array *r = jaxc_unary(op, a);
    check_result_array(what, r);
    if (r) {
      bool w;
      jaxc_dtype d = jaxc_unary_result(op, a, &w);
      if (d != r->dtype || w != r->weak) FAIL("%s: unary_result says %d/%d, result %d/%d", what, d, w, r->dtype, r->weak);
    }
    debug_check(what, r, a, NULL, NULL);
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 2: case 3: case 4: { /* binary */
    jaxc_op op = pick_op();
    const jaxc_array *a = pick_arr(), *b = pick_arr();
    snprintf(what, sizeof what, "binary(%d %s)", (int)op, jaxc_op_name(op));
    trace("%s a=%p b=%p\n", what, (void *)a, (void *)b);
    jaxc_array *r = jaxc_binary(op, a, b);
    check_result_array(what, r);
    if (r) {
      bool w;
      jaxc_dtype d = jaxc_binary_result(op, a, b, &w);
      if (d != r->dtype || w != r->weak) FAIL("%s: binary_result says %d/%d, result %d/%d", what, d, w, r->dtype, r->weak);
    }
    debug_check(what, r, a, b, NULL);
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 5: case 6: case 7: { /* _into: unary / binary / astype */
    int which = u8() % 3;
    jaxc_op op = which == 0 ? pick_op() : which == 1 ? pick_op() : JAXC_OP_ADD;
    const jaxc_array *a = pick_arr(), *b = which == 1 ? pick_arr() : NULL;
    jaxc_array *out = pick_out();
    bool null_out = u8() == 0;
    /* sometimes a fresh output of the right dtype/shape */
    jaxc_array *fresh = NULL;
    if (!null_out && u8() % 3 == 0) {
      jaxc_array *ref0 = which == 0 ? jaxc_unary(op, a) : which == 1 ? jaxc_binary(op, a, b) : (a ? jaxc_astype(a, pick_dtype()) : NULL);
      if (ref0) { fresh = jaxc_array_zeros(ref0->dtype, ref0->ndim, ref0->shape); jaxc_array_free(ref0); }
      if (fresh) { keep(fresh); if (pool[npool - 1] != fresh) fresh = NULL; else out = fresh; }
      snap_free();
      snap_take();
    }
    snprintf(what, sizeof what, "%s_into(%d)", which == 0 ? "unary" : which == 1 ? "binary" : "astype", (int)op);
    trace("%s a=%p b=%p out=%p%s\n", what, (void *)a, (void *)b, (void *)out, null_out ? " NULL" : "");
    if (null_out || !out) {
      jaxc_array *r = which == 0 ? jaxc_unary_into(op, a, NULL) : which == 1 ? jaxc_binary_into(op, a, b, NULL) : jaxc_astype_into(a, NULL);
      if (r) FAIL("%s: NULL out succeeded", what);
      check_msg_err(what);
      snap_verify(what, NULL);
      break;
    }
    jaxc_array *ref = which == 0 ? jaxc_unary(op, a) : which == 1 ? jaxc_binary(op, a, b) : (a ? jaxc_astype(a, out->dtype) : jaxc_astype(a, out->dtype));
    jaxc_status ref_status = jaxc_last_status();
    check_result_array(what, ref);
    snap_verify("ref of _into", NULL);
    size_t ob = arr_bytes(out);
    unsigned char *before = malloc(ob + 1);
    memcpy(before, out->data, ob);
    bool wb = out->weak;
    jaxc_array *r = which == 0 ? jaxc_unary_into(op, a, out) : which == 1 ? jaxc_binary_into(op, a, b, out) : jaxc_astype_into(a, out);
    check_result_array(what, r);
    compare_into(what, ref, ref_status, out, r, before, wb);
    snap_verify(what, r ? out : NULL);
    free(before);
    jaxc_array_free(ref);
    into_out = out;
    break;
  }
  case 8: { /* astype */
    const jaxc_array *a = pick_arr();
    jaxc_dtype d = pick_dtype();
    snprintf(what, sizeof what, "astype(%d)", (int)d);
    trace("%s\n", what);
    jaxc_array *r = jaxc_astype(a, d);
    check_result_array(what, r);
    debug_check(what, r, a, NULL, NULL);
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 9: { /* where, and the jax.numpy functions composed of ops (two results: both or neither) */
    const jaxc_array *a = pick_arr(), *x = pick_arr(), *y = pick_arr();
    static const char *const names[] = {"where", "clip", "angle", "nan_to_num", "isclose", "allclose", "round", "frexp", "modf", "divmod"};
    int w = u8() % 10;
    double v[3] = {fspecial[u8() % NFS], fspecial[u8() % NFS], fspecial[u8() % NFS]};
    trace("%s\n", names[w]);
    jaxc_array *r = NULL, *r2 = NULL;
    int st = JAXC_OK;
    switch (w) {
    case 0: r = jaxc_where(a, x, y); break;
    case 1: r = jaxc_clip(a, u8() & 1 ? x : NULL, u8() & 1 ? y : NULL); break;
    case 2: r = jaxc_angle(a, u8() & 1); break;
    case 3: r = jaxc_nan_to_num(a, v[0], u8() & 1 ? &v[1] : NULL, u8() & 1 ? &v[2] : NULL); break;
    case 4: r = jaxc_isclose(a, x, v[0], v[1], u8() & 1); break;
    case 5: r = jaxc_allclose(a, x, v[0], v[1], u8() & 1); break;
    case 6: r = jaxc_round_decimals(a, (int)(int8_t)u8() / 4); break;
    case 7: st = jaxc_frexp(a, &r, &r2); break;
    case 8: st = jaxc_modf(a, &r, &r2); break;
    default: st = jaxc_divmod(a, x, &r, &r2); break;
    }
    if ((st == JAXC_OK) != (w < 7 || (r && r2)) || (st != JAXC_OK && (r || r2)))
      FAIL("%s: status %d with results %p %p", names[w], st, (void *)r, (void *)r2);
    check_result_array(names[w], r);
    if (w == 0) debug_check("where", r, a, x, y);
    snap_verify(names[w], NULL);
    keep(r), keep(r2);
    break;
  }
  case 10: case 11: { /* reductions */
    jaxc_op op = u8() < 230 ? (jaxc_op)(JAXC_OP_SUM + u8() % (JAXC_OP_NANCUMPROD - JAXC_OP_SUM + 1)) : pick_op();
    const jaxc_array *a = pick_arr();
    int axis = pick_axis();
    uint8_t f = u8() % 3;
    snprintf(what, sizeof what, "reduce(%d %s axis=%d kd=%d)", (int)op, jaxc_op_name(op), axis, f);
    trace("%s\n", what);
    jaxc_array *r = f == 0 ? jaxc_reduce(op, a, axis) : jaxc_reduce_ex(op, a, axis, f == 2);
    check_result_array(what, r);
    if (r) {
      jaxc_dtype d = jaxc_reduce_result(op, a);
      if (d != r->dtype) FAIL("%s: reduce_result %d, result %d", what, d, r->dtype);
      if (r->weak) FAIL("%s: weak reduction result", what);
    }
    debug_check(what, r, a, NULL, NULL);
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 12: { /* var/std ddof, nanarg */
    const jaxc_array *a = pick_arr();
    int axis = pick_axis();
    bool kd = u8() & 1;
    uint8_t w = u8() % 6;
    double ddof = fspecial[u8() % NFS];
    snprintf(what, sizeof what, "varstd/nanarg(%d axis=%d kd=%d)", w, axis, kd);
    trace("%s\n", what);
    jaxc_array *r = w == 0 ? jaxc_var_ddof(a, axis, kd, ddof) : w == 1 ? jaxc_std_ddof(a, axis, kd, ddof)
                  : w == 2 ? jaxc_nanargmax(a, axis, kd) : w == 3 ? jaxc_nanargmin(a, axis, kd)
                  : w == 4 ? jaxc_nanvar_ddof(a, axis, kd, ddof) : jaxc_nanstd_ddof(a, axis, kd, ddof);
    check_result_array(what, r);
    if (isfinite(ddof)) debug_check(what, r, a, NULL, NULL);
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 13: { /* sort */
    const jaxc_array *a = pick_arr();
    int axis = pick_axis();
    bool arg = u8() & 1;
    snprintf(what, sizeof what, "%ssort(axis=%d)", arg ? "arg" : "", axis);
    trace("%s\n", what);
    jaxc_array *r = arg ? jaxc_argsort(a, axis) : jaxc_sort(a, axis);
    check_result_array(what, r);
    debug_check(what, r, a, NULL, NULL);
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 14: case 15: { /* take / index_take */
    const jaxc_array *a = pick_arr(), *idx = pick_arr();
    int axis = pick_axis();
    jaxc_index_mode m = pick_mode();
    const jaxc_array *fill = u8() % 3 == 0 ? pick_arr() : NULL;
    bool it = c == 15;
    snprintf(what, sizeof what, "%stake(axis=%d mode=%d fill=%d)", it ? "index_" : "", axis, (int)m, fill != NULL);
    trace("%s a=%p idx=%p\n", what, (void *)a, (void *)idx);
    jaxc_array *r = it ? jaxc_index_take(a, idx, axis, m, fill) : jaxc_take(a, idx, axis, m, fill);
    check_result_array(what, r);
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 16: { /* slice */
    const jaxc_array *a = pick_arr();
    jaxc_slice_spec sp[10];
    uint8_t b = u8();
    int ns = b < 240 ? b % 5 : (b % 2 ? -1 : 9);
    for (int i = 0; i < 10; i++) pick_spec(&sp[i]);
    bool nullspec = u8() == 0;
    snprintf(what, sizeof what, "slice(nspec=%d)", ns);
    trace("%s\n", what);
    jaxc_array *r = jaxc_slice(a, ns, nullspec ? NULL : sp);
    check_result_array(what, r);
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 17: case 18: case 19: { /* at_update family */
    jaxc_op op = pick_upd_op();
    const jaxc_array *a = pick_arr(), *idx = pick_arr(), *up = pick_arr();
    jaxc_index_mode m = pick_mode();
    jaxc_array *r;
    if (c == 17) {
      snprintf(what, sizeof what, "at_update(%d mode=%d)", (int)op, (int)m);
      trace("%s a=%p idx=%p up=%p\n", what, (void *)a, (void *)idx, (void *)up);
      r = jaxc_at_update(op, a, idx, up, m);
    } else if (c == 18) {
      int axis = pick_axis();
      snprintf(what, sizeof what, "at_update_axis(%d axis=%d mode=%d)", (int)op, axis, (int)m);
      trace("%s a=%p idx=%p up=%p\n", what, (void *)a, (void *)idx, (void *)up);
      r = jaxc_at_update_axis(op, a, idx, axis, up, m);
    } else {
      jaxc_slice_spec sp[10];
      uint8_t b = u8();
      int ns = b < 240 ? b % 5 : (b % 2 ? -1 : 9);
      for (int i = 0; i < 10; i++) pick_spec(&sp[i]);
      snprintf(what, sizeof what, "at_update_slice(%d nspec=%d mode=%d)", (int)op, ns, (int)m);
      trace("%s a=%p up=%p\n", what, (void *)a, (void *)up);
      r = jaxc_at_update_slice(op, a, ns, sp, up, m);
    }
    check_result_array(what, r);
    if (r && a && op != JAXC_OP_TRUE_DIVIDE && op != JAXC_OP_POWER && (r->dtype != a->dtype || !same_shape(r, a) || r->weak != a->weak))
      FAIL("%s: result dtype/shape/weak %d/%d differs from the operand's %d/%d", what, r->dtype, r->weak, a->dtype, a->weak);
    debug_check(what, r, a, up, NULL);
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 20: case 21: { /* random allocating */
    jaxc_key k = jaxc_random_key((int64_t)u64());
    if (u8() & 1) k.data[0] = u32(), k.data[1] = u32();
    int64_t shape[JAXC_MAX_NDIM + 2];
    int nd = pick_shape(shape, true);
    jaxc_dtype d = pick_dtype();
    uint8_t w = u8() % 6;
    double lo = fspecial[u8() % NFS], hi = fspecial[u8() % NFS];
    int64_t ilo = (int64_t)ispecial[u8() % NIS], ihi = (int64_t)ispecial[u8() % NIS];
    snprintf(what, sizeof what, "random(%d dt=%d nd=%d)", w, (int)d, nd);
    trace("%s\n", what);
    jaxc_array *r;
    switch (w) {
    case 0: r = jaxc_random_bits(k, d, nd, shape); break;
    case 1: r = jaxc_random_uniform(k, d, nd, shape, lo, hi); break;
    case 2: r = jaxc_random_normal(k, d, nd, shape); break;
    case 3: r = jaxc_random_randint(k, d, nd, shape, ilo, ihi); break;
    case 4: r = jaxc_random_bernoulli(k, lo, nd, shape); break;
    default: {
      uint8_t b = u8();
      int64_t n = b < 240 ? (int64_t)(b % 70) - 3 : (b % 3 == 0 ? INT64_MAX : b % 3 == 1 ? ((int64_t)1 << 33) : INT64_MIN);
      r = jaxc_random_permutation(k, n);
      if (r && n > 1) { /* a permutation of 0..n-1 */
        bool seen[80] = {0};
        for (int64_t i = 0; i < n; i++) {
          int64_t v = r->dtype == JAXC_I64 ? ((int64_t *)r->data)[i] : ((int32_t *)r->data)[i];
          if (v < 0 || v >= n || seen[v]) FAIL("permutation(%lld) not a permutation", (long long)n);
          seen[v] = true;
        }
      }
    }
    }
    check_result_array(what, r);
    if (r && w == 3) { /* randint within [lo, hi) when lo < hi and both fit the dtype */
    }
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 22: { /* random _into */
    static _Alignas(64) unsigned char buf[64 * 16 + 64];
    static _Alignas(64) unsigned char scratch[64 * 16 + 64];
    jaxc_key k = jaxc_random_key((int64_t)u64());
    jaxc_dtype d = pick_dtype();
    uint8_t w = u8() % 6;
    uint8_t b = u8();
    int64_t n = b < 240 ? (int64_t)(b % 65) : (b % 2 ? -1 : INT64_MIN);
    if (w == 5 && n > 64) n = 64;
    bool nullout = u8() == 0;
    double lo = fspecial[u8() % NFS], hi = fspecial[u8() % NFS];
    int64_t ilo = (int64_t)ispecial[u8() % NIS], ihi = (int64_t)ispecial[u8() % NIS];
    memset(buf, 0xCC, sizeof buf);
    snprintf(what, sizeof what, "random_into(%d dt=%d n=%lld)", w, (int)d, (long long)n);
    trace("%s\n", what);
    void *o = nullout ? NULL : buf;
    int ret;
    switch (w) {
    case 0: ret = jaxc_random_bits_into(k, d, n, o); break;
    case 1: ret = jaxc_random_uniform_into(k, d, n, lo, hi, o); break;
    case 2: ret = jaxc_random_normal_into(k, d, n, o); break;
    case 3: ret = jaxc_random_randint_into(k, d, n, ilo, ihi, o); break;
    case 4: ret = jaxc_random_bernoulli_into(k, lo, n, (bool *)o); break;
    default: {
      uint8_t sm = u8() % 4;
      void *sc = sm == 0 ? NULL : sm == 1 ? (void *)buf : (void *)scratch;
      ret = jaxc_random_permutation_into(k, n, o, sc);
    }
    }
    check_int_ret(what, ret);
    /* compare with the allocating form */
    if (ret == 0 && n > 0 && w != 5) {
      int64_t sh[1] = {n};
      jaxc_array *r = w == 0 ? jaxc_random_bits(k, d, 1, sh) : w == 1 ? jaxc_random_uniform(k, d, 1, sh, lo, hi)
                    : w == 2 ? jaxc_random_normal(k, d, 1, sh) : w == 3 ? jaxc_random_randint(k, d, 1, sh, ilo, ihi)
                    : jaxc_random_bernoulli(k, lo, 1, sh);
      check_result_array("random alloc (vs into)", r);
      if (!r) FAIL("%s: into succeeded, allocating form failed: %s", what, jaxc_last_error());
      if (memcmp(r->data, buf, arr_bytes(r)) != 0) FAIL("%s: into and allocating forms differ", what);
      if (buf[arr_bytes(r)] != 0xCC) FAIL("%s: wrote past n elements", what);
      jaxc_array_free(r);
    }
    if (ret != 0) {
      for (size_t i = 0; i < sizeof buf; i++) if (buf[i] != 0xCC && !(w == 5 && false)) {
        FAIL("%s: failing random _into wrote its output (byte %zu)", what, i);
      }
    }
    snap_verify(what, NULL);
    break;
  }
  case 23: { /* keys */
    jaxc_key k = {{u32(), u32()}};
    jaxc_key out[20];
    uint8_t b = u8();
    int n = b < 240 ? (int)(b % 19) - 2 : (b % 2 ? INT_MIN : -1);
    bool nul = u8() == 0;
    memset(out, 0xCC, sizeof out);
    trace("split n=%d\n", n);
    jaxc_random_split(k, n, nul ? NULL : out);
    if (jaxc_last_status() == JAXC_OK) {
      check_msg_ok("split");
      for (int i = 0; i < n; i++) {
        jaxc_key f = jaxc_random_fold_in(k, (uint32_t)i);
        if (f.data[0] != out[i].data[0] || f.data[1] != out[i].data[1]) FAIL("split[%d] != fold_in(%d)", i, i);
      }
    } else {
      check_msg_err("split");
      unsigned char cc[sizeof out];
      memset(cc, 0xCC, sizeof cc);
      if (memcmp(cc, out, sizeof out)) FAIL("failing split wrote its output");
    }
    uint32_t in[2] = {u32(), u32()}, o2[2];
    jaxc_threefry2x32(k, in, o2);
    snap_verify("keys", NULL);
    break;
  }
  case 24: { /* switches */
    uint8_t b = u8();
    trace("switch %d\n", b);
    switch (b % 6) {
    case 0: jaxc_set_x64(!jaxc_x64()); break;
    case 1: jaxc_set_promotion(jaxc_promotion() == JAXC_RULES_JAX ? JAXC_RULES_JAX_STRICT : JAXC_RULES_JAX); break;
    case 2: jaxc_set_debug_nans(!jaxc_debug_nans()); break;
    case 3: jaxc_set_debug_infs(!jaxc_debug_infs()); break;
    case 4: jaxc_set_promotion((jaxc_rules)(b % 12)); /* invalid ones ignored */
      if (jaxc_promotion() != JAXC_RULES_JAX && jaxc_promotion() != JAXC_RULES_JAX_STRICT) FAIL("promotion %d accepted", b % 12);
      break;
    default: jaxc_set_promotion((jaxc_rules)-1); break;
    }
    snap_verify("switch", NULL);
    break;
  }
  case 25: { /* print */
    const jaxc_array *a = pick_arr();
    bool nf = u8() == 0;
    char *p = NULL;
    size_t len = 0;
    FILE *f = nf ? NULL : open_memstream(&p, &len);
    trace("print %p\n", (void *)a);
    int ret = jaxc_array_print(a, f);
    check_int_ret("print", ret);
    if (f) fclose(f);
    if (ret == 0 && (!p || len == 0 || strncmp(p, "Array(", 6) != 0)) FAIL("print: output '%s'", p ? p : "(null)");
    if (ret == 0 && p[len - 1] != '\n') FAIL("print: no newline");
    free(p);
    snap_verify("print", NULL);
    break;
  }
  case 26: { /* copy_to */
    const jaxc_array *a = pick_arr();
    static unsigned char dst[16 * 1024 + 64];
    uint8_t b = u8() % 5;
    size_t need = a ? arr_bytes(a) : 0;
    size_t cap = b == 0 ? need : b == 1 ? (need ? need - 1 : 0) : b == 2 ? 0 : sizeof dst;
    if (cap > sizeof dst) cap = sizeof dst;
    memset(dst, 0xCC, sizeof dst);
    trace("copy_to cap=%zu\n", cap);
    int ret = jaxc_array_copy_to(a, b == 3 ? NULL : dst, cap);
    check_int_ret("copy_to", ret);
    if (ret == 0 && need && memcmp(dst, a->data, need)) FAIL("copy_to copied wrong bytes");
    if (ret == 0 && dst[need] != 0xCC) FAIL("copy_to wrote too much");
    snap_verify("copy_to", NULL);
    break;
  }
  case 27: { /* queries */
    jaxc_op op = pick_op();
    const jaxc_array *a = pick_arr(), *b = pick_arr();
    bool w;
    trace("queries op=%d\n", (int)op);
    dtype_result_check("binary_result", jaxc_binary_result(op, a, b, u8() & 1 ? &w : NULL));
    dtype_result_check("unary_result", jaxc_unary_result(op, a, u8() & 1 ? &w : NULL));
    dtype_result_check("reduce_result", jaxc_reduce_result(op, a));
    jaxc_dtype x = pick_dtype(), y = pick_dtype();
    (void)jaxc_promote_types(x, y);
    (void)jaxc_promote_in((jaxc_rules)(u8() % 10), x, y);
    /* dtype facts: false (and a cleared report) for what NumPy refuses; never a crash */
    jaxc_float_info fi;
    jaxc_int_info ii;
    if (!jaxc_finfo(x, &fi) && fi.dtype != JAXC_DTYPE_INVALID) FAIL("finfo(%d) refused but filled", (int)x);
    if (!jaxc_iinfo(x, &ii) && ii.dtype != JAXC_DTYPE_INVALID) FAIL("iinfo(%d) refused but filled", (int)x);
    jaxc_casting cst = (jaxc_casting)((int)(u8() % 8) - 1);
    if (jaxc_can_cast(x, y, cst) && !jaxc_can_cast(x, y, JAXC_CASTING_UNSAFE)) FAIL("can_cast(%d, %d, %d) beyond unsafe", (int)x, (int)y, (int)cst);
    (void)jaxc_issubdtype(x, (jaxc_dtype_class)((int)(u8() % 12) - 1));
    const char *nm = jaxc_dtype_name(x), *cd = jaxc_dtype_code(x);
    if (nm) (void)jaxc_dtype_parse(nm);
    if (cd) (void)jaxc_dtype_parse(cd);
    (void)jaxc_dtype_size(x);
    (void)jaxc_op_name(op);
    (void)jaxc_status_str((jaxc_status)(u8() % 12));
    if (a) { (void)jaxc_array_dtype(a); (void)jaxc_array_is_weak(a); (void)jaxc_array_ndim(a); (void)jaxc_array_shape(a); (void)jaxc_array_size(a); (void)jaxc_array_data(a); }
    snap_verify("queries", NULL);
    break;
  }
  case 28: { /* binary with C scalar operands (the _Generic front) */
    jaxc_op op = pick_op();
    jaxc_operand o[2];
    for (int i = 0; i < 2; i++) {
      uint8_t k = u8() % 7;
      switch (k) {
      case 0: o[i] = jaxc__opnd_int((long long)(int64_t)ispecial[u8() % NIS]); break;
      case 1: o[i] = jaxc__opnd_uint((unsigned long long)ispecial[u8() % NIS]); break;
      case 2: o[i] = jaxc__opnd_float(fspecial[u8() % NFS]); break;
      case 3: o[i] = jaxc__opnd_bool(u8() & 1); break;
#if JAXC__HAS_C_COMPLEX
      case 4: { double re = fspecial[u8() % NFS], im = fspecial[u8() % NFS]; o[i] = jaxc__opnd_complex(re + im * _Complex_I); break; }
#endif
      default: o[i] = jaxc__opnd_array(pick_arr()); break;
      }
    }
    snprintf(what, sizeof what, "binary_operands(%d %s kinds %d,%d)", (int)op, jaxc_op_name(op), o[0].kind, o[1].kind);
    trace("%s\n", what);
    jaxc_array *r = jaxc_binary_operands(op, o[0], o[1]);
    check_result_array(what, r);
    {
      bool sf = true;
      for (int i = 0; i < 2; i++) if ((o[i].kind == 2 || o[i].kind == 3) && (!(isfinite(o[i].re) && isfinite(o[i].im)) || (!jaxc_x64() && (!isfinite((float)o[i].re) || !isfinite((float)o[i].im))))) sf = false;
      if (sf) debug_check(what, r, o[0].array, o[1].array, NULL);
    }
    snap_verify(what, NULL);
    keep(r);
    break;
  }
  case 30: { /* shape manipulation and matmul: any operands, shapes, axes, counts */
    const jaxc_array *a = pick_arr();
    static const char *const names[] = {"reshape", "ravel", "transpose", "swapaxes", "moveaxis", "expand_dims",
                                        "squeeze", "broadcast_to", "concatenate", "stack", "matmul"};
    int w = u8() % 11;
    int64_t shape[JAXC_MAX_NDIM + 2];
    int nd = pick_shape(shape, true);
    if (u8() < 40) shape[u8() % (JAXC_MAX_NDIM + 2)] = -1; /* reshape's unknown size, or a stray one */
    int axes[JAXC_MAX_NDIM + 2], naxes = (int)(u8() % (JAXC_MAX_NDIM + 3)) - 1;
    for (int k = 0; k < JAXC_MAX_NDIM + 2; k++) axes[k] = pick_axis();
    const jaxc_array *ops[6];
    int n = (int)(u8() % 7) - 1;
    for (int k = 0; k < 6; k++) ops[k] = pick_arr();
    trace("%s nd=%d naxes=%d n=%d\n", names[w], nd, naxes, n);
    jaxc_array *r = NULL;
    switch (w) {
    case 0: r = jaxc_reshape(a, nd, u8() < 8 ? NULL : shape); break;
    case 1: r = jaxc_ravel(a); break;
    case 2: r = jaxc_transpose(a, naxes, u8() < 64 ? NULL : axes); break;
    case 3: r = jaxc_swapaxes(a, axes[0], axes[1]); break;
    case 4: r = jaxc_moveaxis(a, axes[0], axes[1]); break;
    case 5: r = jaxc_expand_dims(a, axes[0]); break;
    case 6: r = jaxc_squeeze(a, axes[0]); break;
    case 7: r = jaxc_broadcast_to(a, nd, u8() < 8 ? NULL : shape); break;
    case 8: r = jaxc_concatenate(n, u8() < 8 ? NULL : ops, axes[0]); break;
    case 9: r = jaxc_stack(n, u8() < 8 ? NULL : ops, axes[0]); break;
    default: r = jaxc_matmul(a, ops[0]); break;
    }
    check_result_array(names[w], r);
    if (r && w < 8 && (r->dtype != a->dtype || r->weak != a->weak)) FAIL("%s: dtype or weak flag changed", names[w]);
    if (r && w < 2 && r->size != a->size) FAIL("%s: size changed", names[w]);
    snap_verify(names[w], NULL);
    keep(r);
    break;
  }
  case 31: { /* creation: full, full_like, zeros/ones_like, arange, linspace, logspace, geomspace, eye, identity, tri, tril, triu */
    static const char *const names[] = {"full", "full_like", "zeros_like", "ones_like", "arange", "linspace",
                                        "eye", "identity", "tri", "tril", "triu", "array_ones", "logspace", "geomspace"};
    static const double vals[] = {0, 1, -1, 2.5, -7, 100, 1000, 0.5, 1e-3, NAN, INFINITY, -INFINITY, 3000, -0.0};
    static const int64_t kk[] = {0, 1, -1, 3, -3, INT64_MAX, INT64_MIN, (int64_t)1 << 40, INT32_MIN, INT32_MAX};
    int w = u8() % 14;
    const jaxc_array *a = pick_arr();
    jaxc_dtype d = u8() < 64 ? JAXC_DTYPE_NONE : pick_dtype();
    int64_t shape[JAXC_MAX_NDIM + 2];
    int nd = pick_shape(shape, true);
    /* an operand: a C int, a C double, an array of the pool (a 0-d one replaced by a small value
       of its dtype: arange's length comes from it), or none (JAXC_NONE) */
    jaxc_operand o[3];
    for (int k = 0; k < 3; k++) {
      uint8_t b = u8() % 4;
      const jaxc_array *p = b == 2 ? pick_arr() : NULL;
      if (p && p->ndim == 0) {
        jaxc_array *small = npool < NP ? jaxc_scalar(p->dtype, vals[u8() % 14], 0) : NULL;
        keep(small); /* (after the snapshot: the pool's end, not checked) */
        p = small;
      }
      o[k] = b == 0 ? JAXC_OPERAND((long long)((int)(u8() % 41) - 20)) : b == 1 ? JAXC_OPERAND(vals[u8() % 14])
             : b == 2 ? JAXC_OPERAND(p) : JAXC_OPERAND((long long)JAXC_NONE);
    }
    if (o[0].kind == 1 && o[0].i == JAXC_NONE) o[0] = JAXC_OPERAND(5); /* start is never None */
    int64_t n = (int64_t)(u8() % 70) - 3, m = (int64_t)(u8() % 70) - 3, k = kk[u8() % 10];
    trace("%s d=%d nd=%d n=%lld m=%lld\n", names[w], (int)d, nd, (long long)n, (long long)m);
    jaxc_array *step = NULL, *r = NULL;
    switch (w) {
    case 0: r = jaxc_full_operand(nd, u8() < 8 ? NULL : shape, o[0].kind == 0 && !o[0].array ? JAXC_OPERAND(1) : o[0], d); break;
    case 1: r = jaxc_full_like_operand(a, o[0], d); break;
    case 2: r = jaxc_zeros_like(a, d); break;
    case 3: r = jaxc_ones_like(a, d); break;
    case 4: r = jaxc_arange_operands(o[0], o[1], o[2], d); break;
    case 5: r = jaxc_linspace_operands(o[0], o[1], n * 8, u8() & 1, d, pick_axis(), u8() & 1 ? &step : NULL); break;
    case 6: r = jaxc_eye(n, m, k, d); break;
    case 7: r = jaxc_identity(n, d); break;
    case 8: r = jaxc_tri(n, m, k, d); break;
    case 9: r = jaxc_tril(a, k); break;
    case 10: r = jaxc_triu(a, k); break;
    case 11: r = jaxc_array_ones(d, nd, shape); break;
    case 12: r = jaxc_logspace_operands(o[0], o[1], n * 8, u8() & 1, o[2], d, pick_axis()); break;
    default: r = jaxc_geomspace_operands(o[0], o[1], n * 8, u8() & 1, d, pick_axis()); break;
    }
    check_result_array(names[w], r);
    if (step && !r) FAIL("linspace: retstep set on failure");
    if (step) check_result_array("linspace retstep", step);
    if (r && (w >= 9 && w <= 10) && (r->dtype != a->dtype || r->weak != a->weak || r->size != a->size)) FAIL("%s: dtype, weak flag or size changed", names[w]);
    if (r && w >= 1 && w <= 3 && (r->ndim != a->ndim || r->size != a->size)) FAIL("%s: shape differs from a's", names[w]);
    if (r && (w == 4 || w == 6 || w == 7 || w == 8) && r->weak) FAIL("%s: weak result", names[w]);
    snap_verify(names[w], NULL);
    keep(r);
    keep(step);
    break;
  }
  case 32: { /* contractions: dot, vdot, inner, outer, tensordot (both forms), vecdot, matvec, vecmat, matmul with preferred; diagonal, trace, diag, diagflat, kron */
    static const char *const names[] = {"dot", "vdot", "inner", "outer", "tensordot", "tensordot_axes", "vecdot", "matvec", "vecmat", "matmul_preferred",
                                        "diagonal", "trace", "diag", "diagflat", "kron"};
    const jaxc_array *a = pick_arr(), *b = pick_arr();
    int w = u8() % 15, n = (int)(u8() % 6) - 2, axes_a[JAXC_MAX_NDIM + 2], axes_b[JAXC_MAX_NDIM + 2];
    for (int k = 0; k < JAXC_MAX_NDIM + 2; k++) axes_a[k] = pick_axis(), axes_b[k] = pick_axis();
    jaxc_dtype p = u8() < 128 ? JAXC_DTYPE_NONE : pick_dtype();
    trace("%s n=%d preferred=%d\n", names[w], n, (int)p);
    /* (products of two pool arrays, and diag's square, can ask for many GB: legitimate, but
       past the fuzzer's memory; those calls are skipped) */
    double na = a ? (double)a->size : 0, nb = b ? (double)b->size : 0, nk = na + 3.0 * abs(n);
    if ((w < 10 || w == 14) ? na * nb > (double)(1 << 24) : (w == 12 || w == 13) && nk * nk > (double)(1 << 24)) break;
    jaxc_array *r = NULL;
    switch (w) {
    case 0: r = jaxc_dot(a, b, p); break;
    case 1: r = jaxc_vdot(a, b, p); break;
    case 2: r = jaxc_inner(a, b, p); break;
    case 3: r = jaxc_outer(a, b); break;
    case 4: r = jaxc_tensordot(a, b, n, p); break;
    case 5: r = jaxc_tensordot_axes(a, b, n, u8() < 8 ? NULL : axes_a, axes_b, p); break;
    case 6: r = jaxc_vecdot(a, b, axes_a[0], p); break;
    case 7: r = jaxc_matvec(a, b); break;
    case 8: r = jaxc_vecmat(a, b); break;
    case 9: r = jaxc_matmul_preferred(a, b, p); break;
    case 10: r = jaxc_diagonal(a, n * 3, axes_a[0], axes_a[1]); break;
    case 11: r = jaxc_trace(a, n * 3, axes_a[0], axes_a[1], p); break;
    case 12: r = jaxc_diag(a, n * 3); break;
    case 13: r = jaxc_diagflat(a, n * 3); break;
    default: r = jaxc_kron(a, b); break;
    }
    check_result_array(names[w], r);
    bool takes_p = (w < 10 || w == 11) && w != 3 && w != 7 && w != 8; /* (outer, matvec, vecmat have no preferred dtype) */
    if (r && p != JAXC_DTYPE_NONE && takes_p && r->weak) FAIL("%s: weak result with a preferred dtype", names[w]);
    if (r && w == 10 && (r->dtype != a->dtype || r->weak != a->weak)) FAIL("diagonal: dtype or weak flag changed");
    snap_verify(names[w], NULL);
    keep(r);
    break;
  }
  case 33: { /* einsum and einsum_path: subscripts from a small alphabet (labels, ellipses, arrows, stray bytes) */
    static const char alphabet[] = "iijjkkaAZ...,,->-> 1";
    char sub[48]; /* (up to 16 operands: optimal, branch and bound, greedy) */
    int len = u8() % 44, n = (int)(u8() % 17) - (u8() == 0), path[40];
    for (int k = 0; k < len; k++) sub[k] = alphabet[u8() % (sizeof alphabet - 1)];
    sub[len] = 0;
    const jaxc_array *ops[16];
    double total = 1;
    for (int k = 0; k < 16; k++) ops[k] = pick_arr(), total *= k < n && ops[k] && ops[k]->size > 1 ? (double)ops[k]->size : 1;
    jaxc_dtype p = u8() < 128 ? JAXC_DTYPE_NONE : pick_dtype();
    trace("einsum '%s' n=%d preferred=%d\n", sub, n, (int)p);
    if (u8() < (n > 6 ? 128 : 32)) {
      int steps = jaxc_einsum_path(u8() < 8 ? NULL : sub, n, u8() < 8 ? NULL : ops, u8() < 8 ? NULL : path);
      if (steps >= 0 && steps != (n > 1 ? n - 1 : 1)) FAIL("einsum_path: %d steps for %d operands", steps, n);
      for (int k = 0; k < steps; k++)
        if (path[2 * k] < 0 || path[2 * k] >= n - k || path[2 * k + 1] >= n - k || (n > 1 && path[2 * k + 1] <= path[2 * k])) FAIL("einsum_path: step %d is (%d, %d)", k, path[2 * k], path[2 * k + 1]);
      snap_verify("einsum_path", NULL);
      break;
    }
    if (total > (double)(1 << 24)) break; /* (outer products of pool arrays: past the fuzzer's memory) */
    jaxc_array *r = jaxc_einsum(sub, n, ops, p);
    check_result_array("einsum", r);
    if (r && p != JAXC_DTYPE_NONE && r->weak) FAIL("einsum: weak result with a preferred dtype");
    snap_verify("einsum", NULL);
    keep(r);
    break;
  }
  case 34: { /* flip, roll, tile, repeat, pad, split: counts, widths and modes of every sign */
    const jaxc_array *a = pick_arr();
    static const char *const names[] = {"flip", "roll", "roll_axes", "tile", "repeat", "repeat_each", "pad", "split",
                                        "array_split", "split_at", "rot90"};
    int w = u8() % 11, axes[JAXC_MAX_NDIM + 2], naxes = (int)(u8() % (JAXC_MAX_NDIM + 3)) - 1;
    int64_t v[2 * JAXC_MAX_NDIM + 2]; /* small counts and widths (big ones: the overflow checks) */
    for (int k = 0; k < JAXC_MAX_NDIM + 2; k++) axes[k] = pick_axis();
    for (int k = 0; k < 2 * JAXC_MAX_NDIM + 2; k++) v[k] = u8() == 0 ? INT64_MAX / (1 + u8()) : (int64_t)(u8() % 9) - 2;
    int nv = (int)(u8() % (2 * JAXC_MAX_NDIM + 3)) - 1;
    jaxc_array *r = NULL, *out[10] = {NULL};
    trace("%s naxes=%d nv=%d\n", names[w], naxes, nv);
    switch (w) {
    case 0: r = jaxc_flip(a, naxes, u8() < 64 ? NULL : axes); break;
    case 1: r = jaxc_roll(a, (int64_t)u64(), u8() < 64 ? JAXC_ALL_AXES : axes[0]); break;
    case 2: r = jaxc_roll_axes(a, nv, u8() < 8 ? NULL : v, naxes, u8() < 64 ? NULL : axes); break;
    case 3: r = jaxc_tile(a, nv < 5 ? nv : 5, u8() < 8 ? NULL : v); break;
    case 4: r = jaxc_repeat(a, v[0], u8() < 64 ? JAXC_ALL_AXES : axes[0]); break;
    case 5: r = jaxc_repeat_each(a, nv, u8() < 8 ? NULL : v, u8() < 64 ? JAXC_ALL_AXES : axes[0], u8() < 128 ? JAXC_NONE : v[1] < INT64_MAX / 3 ? v[1] * 3 : v[1]); break;
    case 6: {
      jaxc_pad_mode mode = (jaxc_pad_mode)(u8() % (JAXC_NUM_PAD_MODES + 1));
      if (u8() & 1) { r = jaxc_pad(a, nv, u8() < 8 ? NULL : v, mode, u8() < 128 ? NULL : pick_arr()); break; }
      double ends[4] = {(double)(int8_t)u8(), (double)(int8_t)u8() / 3, -0.0, 1e30};
      jaxc_pad_args args = {u8() < 200 ? NULL : pick_arr(), (int)(u8() % 5) - (u8() == 0), ends, (int)(u8() % 5) - (u8() == 0), v + 2};
      r = jaxc_pad_ex(a, nv, u8() < 8 ? NULL : v, mode, u8() < 4 ? NULL : &args);
      break;
    }
    case 10: r = jaxc_rot90(a, (int)(int8_t)u8(), axes[0], axes[1]); break;
    default: {
      int64_t sec = v[0] < 9 ? v[0] : 9;
      int ret = w == 7 ? jaxc_split(a, sec, axes[0], u8() < 8 ? NULL : out)
              : w == 8 ? jaxc_array_split(a, sec, axes[0], u8() < 8 ? NULL : out)
                       : jaxc_split_at(a, nv < 9 ? nv : 9, u8() < 8 ? NULL : v, axes[0], u8() < 8 ? NULL : out);
      check_results(names[w], ret, out, 10);
      for (int k = 0; k < 10; k++) {
        if (out[k] && (out[k]->dtype != a->dtype || out[k]->weak != a->weak)) FAIL("%s: dtype or weak flag changed", names[w]);
        jaxc_array_free(out[k]);
      }
      snap_verify(names[w], NULL);
      break;
    }
    }
    if (w < 7 || w == 10) {
      check_result_array(names[w], r);
      if (r && w != 5 && (r->dtype != a->dtype || r->weak != a->weak)) FAIL("%s: dtype or weak flag changed", names[w]);
      snap_verify(names[w], NULL);
      keep(r);
    }
    break;
  }
  case 35: { /* sort, argsort, searchsorted, digitize, unique: any operands, sides, axes, sizes */
    const jaxc_array *a = pick_arr(), *b = pick_arr();
    static const char *const names[] = {"sort", "argsort", "searchsorted", "digitize", "unique_ex", "unique", "nonzero",
                                        "flatnonzero", "argwhere", "count_nonzero", "bincount"};
    int w = u8() % 11, axis = u8() < 64 ? JAXC_ALL_AXES : pick_axis();
    int64_t size = u8() < 128 ? JAXC_NONE : (int64_t)(u8() % 12) - 2;
    jaxc_array *r = NULL, *o[4] = {NULL, NULL, NULL, NULL};
    trace("%s axis=%d\n", names[w], axis);
    switch (w) {
    case 0: r = jaxc_sort(a, axis); break;
    case 1: r = jaxc_argsort(a, axis); break;
    case 2: r = jaxc_searchsorted(a, b, (jaxc_side)(u8() % 3), u8() < 128 ? NULL : pick_arr()); break;
    case 3: r = jaxc_digitize(a, b, u8() & 1); break;
    case 5: r = jaxc_unique(a); break;
    case 6: {
      jaxc_array *c[JAXC_MAX_NDIM] = {NULL};
      int ret = jaxc_nonzero(a, size, u8() < 128 ? NULL : b, u8() < 8 ? NULL : c);
      check_results("nonzero", ret, c, JAXC_MAX_NDIM);
      for (int k = 0; k < JAXC_MAX_NDIM; k++) jaxc_array_free(c[k]);
      snap_verify("nonzero", NULL);
      break;
    }
    case 7: r = jaxc_flatnonzero(a, size, u8() < 128 ? NULL : b); break;
    case 8: r = jaxc_argwhere(a, size, u8() < 128 ? NULL : b); break;
    case 9: r = jaxc_count_nonzero(a, axis, u8() & 1); break;
    case 10: { /* (length None only where the bins fit the fuzzer's memory) */
      bool small = a && a->ndim == 1 && (jaxc_dtype_kind(a->dtype) == JAXC_KIND_INT || jaxc_dtype_kind(a->dtype) == JAXC_KIND_UINT);
      for (int64_t k = 0; small && k < a->size; k++) {
        double x;
        jaxc_kernel_cast_dyn(a->dtype, JAXC_F64, 1, (const char *)a->data + (size_t)k * jaxc_dtype_size(a->dtype), &x);
        small = x < (double)(1 << 22);
      }
      int64_t length = small && u8() < 128 ? JAXC_NONE : size == JAXC_NONE ? 5 : size;
      r = jaxc_bincount(a, u8() < 128 ? NULL : b, (int64_t)(u8() % 9) - 2, length);
      break;
    }
    default: {
      int ret = jaxc_unique_ex(a, axis, u8() & 1, size, u8() < 128 ? NULL : b, u8() < 8 ? NULL : &o[0], u8() & 1 ? &o[1] : NULL,
                               u8() & 1 ? &o[2] : NULL, u8() & 1 ? &o[3] : NULL);
      check_results("unique_ex", ret, o, 4);
      for (int k = 0; k < 4; k++) jaxc_array_free(o[k]);
      snap_verify("unique_ex", NULL);
      break;
    }
    }
    if (w != 4 && w != 6) {
      check_result_array(names[w], r);
      if (r && (w == 0 || w == 5) && r->dtype != a->dtype) FAIL("%s: dtype changed", names[w]);
      snap_verify(names[w], NULL);
      keep(r);
    }
    break;
  }
  case 36: { /* quantiles, histograms, diff: any operands, q, methods (invalid ones too), axes, bins */
    const jaxc_array *a = pick_arr(), *b = pick_arr();
    static const char *const names[] = {"quantile", "quantile_ex", "median", "nanmedian", "histogram_bin_edges", "histogram",
                                        "diff", "ediff1d"};
    int w = u8() % 8, axis = u8() < 64 ? JAXC_ALL_AXES : pick_axis(), axes[3] = {pick_axis(), pick_axis(), pick_axis()};
    jaxc_quantile_fn fn = (jaxc_quantile_fn)(u8() % (JAXC_NUM_QUANTILE_FNS + 1));
    jaxc_quantile_method m = (jaxc_quantile_method)(u8() % (JAXC_NUM_QUANTILE_METHODS + 1));
    int64_t nbins = (int64_t)(u8() % 40) - 3;
    double range[2] = {(double)(int8_t)u8() / 8, (double)(int8_t)u8() / 8};
    jaxc_array *r = NULL, *o[2] = {NULL, NULL};
    trace("%s fn=%d method=%d axis=%d nbins=%lld\n", names[w], (int)fn, (int)m, axis, (long long)nbins);
    switch (w) {
    case 0: r = jaxc_quantile_ex(fn, a, u8() & 1 ? jaxc__opnd_float((double)u8() / 200) : jaxc__opnd_array(b), 1, &axis, m, u8() & 1); break;
    case 1: r = jaxc_quantile_ex(fn, a, jaxc__opnd_array(b), u8() % 4, u8() < 32 ? NULL : axes, m, u8() & 1); break;
    case 2: r = jaxc_median(a, axis, u8() & 1); break;
    case 3: r = jaxc_nanmedian(a, axis, u8() & 1); break;
    case 4: r = jaxc_histogram_bin_edges(a, nbins, u8() < 128 ? NULL : b, u8() & 1 ? range : NULL); break;
    case 5: {
      int ret = jaxc_histogram(a, nbins, u8() < 192 ? NULL : b, u8() & 1 ? range : NULL, u8() < 128 ? NULL : pick_arr(), u8() & 1,
                               u8() < 8 ? NULL : &o[0], u8() & 1 ? &o[1] : NULL);
      check_results("histogram", ret, o, 2);
      for (int k = 0; k < 2; k++) jaxc_array_free(o[k]);
      snap_verify("histogram", NULL);
      break;
    }
    case 6: r = jaxc_diff(a, (int)(u8() % 6) - 1, axis == JAXC_ALL_AXES ? -1 : axis, u8() < 160 ? NULL : b, u8() < 160 ? NULL : pick_arr()); break;
    default: r = jaxc_ediff1d(a, u8() < 128 ? NULL : b, u8() < 128 ? NULL : pick_arr()); break;
    }
    if (w != 5) {
      check_result_array(names[w], r);
      snap_verify(names[w], NULL);
      keep(r);
    }
    break;
  }
  case 37: { /* sort keywords, lexsort, top_k, partition, argpartition: any operands, axes, k, kth */
    const jaxc_array *keys[4] = {pick_arr(), pick_arr(), pick_arr(), pick_arr()};
    static const char *const names[] = {"sort_ex", "argsort_ex", "lexsort", "top_k", "partition", "argpartition"};
    int w = u8() % 6, axis = u8() < 32 ? JAXC_ALL_AXES : pick_axis(), nk = (int)(u8() % 6) - 1;
    int64_t k = (int64_t)(u8() % 14) - 4;
    jaxc_array *r = NULL, *o[2] = {NULL, NULL};
    trace("%s axis=%d nkeys=%d k=%lld\n", names[w], axis, nk, (long long)k);
    switch (w) {
    case 0: r = jaxc_sort_ex(keys[0], axis, u8() & 1, u8() & 1); break;
    case 1: r = jaxc_argsort_ex(keys[0], axis, u8() & 1, u8() & 1); break;
    case 2: { /* (same-shape keys mostly: a's dtype changed) */
      jaxc_array *conv[4] = {NULL};
      for (int q = 1; q < 4 && keys[0] && u8() < 192; q++) keys[q] = conv[q] = jaxc_astype(keys[0], (jaxc_dtype)(u8() % JAXC_NUM_CONCRETE_DTYPES));
      r = jaxc_lexsort(nk, u8() < 8 ? NULL : keys, axis);
      for (int q = 0; q < 4; q++) jaxc_array_free(conv[q]);
      break;
    }
    case 3: {
      int ret = jaxc_top_k(keys[0], k, axis, u8() < 32 ? NULL : &o[0], u8() < 32 ? NULL : &o[1]);
      check_results("top_k", ret, o, 2);
      for (int q = 0; q < 2; q++) jaxc_array_free(o[q]);
      snap_verify("top_k", NULL);
      break;
    }
    case 4: r = jaxc_partition(keys[0], k, axis); break;
    default: r = jaxc_argpartition(keys[0], k, axis); break;
    }
    if (w != 3) {
      check_result_array(names[w], r);
      if (r && (w == 0 || w == 4) && r->dtype != keys[0]->dtype) FAIL("%s: dtype changed", names[w]);
      snap_verify(names[w], NULL);
      keep(r);
    }
    break;
  }
  case 38: { /* delete, delete_slice, insert, insert_slice, append: index arrays of every integer dtype, bool and float (0-d to 2-d;
                negative, out of range, repeated), slices, axes, values of assorted shapes; delete against a mask of the axis,
                insert's and append's places of a's elements (where the positions do not wrap) */
    static const char *const names[] = {"delete", "delete_slice", "insert", "insert_slice", "append"};
    made_t md[3] = {{NULL, NULL}, {NULL, NULL}, {NULL, NULL}};
    int w = u8() % 5, axis = u8() < 48 ? JAXC_ALL_AXES : pick_axis();
    bool unique = u8() & 1;
    const jaxc_array *a = u8() < 32 ? made_keep(&md[0], make_long()) : pick_arr();
    int64_t n = splice_len(a, axis);
    const jaxc_array *obj = u8() < 200 ? made_keep(&md[1], make_index(n)) : pick_arr();
    jaxc_slice_spec sp;
    pick_spec(&sp);
    const jaxc_array *vals = u8() < 160 ? made_keep(&md[2], make_values(a, obj ? obj->size : -1)) : pick_arr();
    /* (insert's result: a's outer axes times the values' count; past the fuzzer's memory: skipped) */
    double na = a ? (double)a->size : 0, nv = vals ? (double)vals->size : 0, no = obj ? (double)obj->size : 0;
    if ((w >= 2 && na * (1 + (nv > no ? nv : no)) > (double)(1 << 24)) || (w == 0 && no > (double)(1 << 16))) {
      made_check_free(names[w], md, 3);
      break;
    }
    char sa[96], so[96], sv[96];
    trace("%s axis=%d unique=%d slice=(%lld,%lld,%lld,%d) a=%s obj=%s values=%s\n", names[w], axis, unique, (long long)sp.start,
          (long long)sp.stop, (long long)sp.step, sp.index, shape_str(sa, a), shape_str(so, obj), shape_str(sv, vals));
    jaxc_array *r = NULL;
    switch (w) {
    case 0: r = jaxc_delete(a, obj, axis, unique); break;
    case 1: r = jaxc_delete_slice(a, sp, axis); break;
    case 2: r = jaxc_insert(a, obj, vals, axis); break;
    case 3: r = jaxc_insert_slice(a, sp, vals, axis); break;
    default: r = jaxc_append(a, vals, axis); break;
    }
    check_result_array(names[w], r);
    if (r && w < 4 && (r->dtype != a->dtype || r->weak != a->weak)) FAIL("%s: dtype or weak flag changed", names[w]);
    int nd = axis == JAXC_ALL_AXES ? 1 : a ? a->ndim : 0, ax = axis == JAXC_ALL_AXES ? 0 : axis < 0 ? axis + nd : axis;
    if (r && r->ndim != nd) FAIL("%s: result ndim %d, want %d", names[w], r->ndim, nd);
    /* (the references below walk the axis: only where it is short, not an empty array's 2^41) */
    int64_t rlen = r ? r->shape[ax] : 0;
    if (n > (1 << 22) || rlen > (1 << 22)) {
    } else if (w <= 1) { /* what goes, as NumPy marks it: expect 1 must succeed, 0 must fail, -1 either (assume_unique's promise) */
      bool *gone = calloc((size_t)(n > 0 ? n : 0) + 1, 1), exact = true;
      int expect = n >= 0;
      int64_t cnt = 0;
      if (expect && w == 1 && sp.index) {
        expect = sp.start >= -n && sp.start < n;
        if (expect) gone[sp.start < 0 ? sp.start + n : sp.start] = true;
      } else if (expect && w == 1) {
        expect = slice_marks(sp, n, gone, NULL, &cnt);
      } else if (expect) {
        int kind = obj ? jaxc_dtype_kind(obj->dtype) : -1;
        if (kind == JAXC_KIND_BOOL) {
          expect = obj->ndim == 1 && obj->shape[0] == n;
          for (int64_t k = 0; expect && k < n; k++) gone[k] = ((const unsigned char *)obj->data)[k] != 0;
        } else if (kind == JAXC_KIND_INT || kind == JAXC_KIND_UINT) {
          bool out = false;
          for (int64_t k = 0; k < obj->size; k++) {
            bool big;
            int64_t v = ix_at(obj, k, &big);
            if (big || v >= n || v < -n) { out = true, exact = false; continue; }
            int64_t p = v < 0 ? v + n : v;
            exact = exact && !gone[p], gone[p] = true;
          }
          /* out of range: NumPy's IndexError (repeats are fine); with the promise, JAX's arithmetic */
          expect = unique && obj->ndim > 0 ? -1 : !out;
        } else {
          expect = 0;
        }
      }
      if (expect == 1 && !r && jaxc_last_status() != JAXC_ERR_NOMEM) FAIL("%s: failed on valid operands: %s", names[w], jaxc_last_error());
      if (expect == 0 && r) FAIL("%s: succeeded on invalid operands", names[w]);
      if (r && (expect == 1 || exact)) {
        int64_t kept = 0;
        for (int64_t k = 0; k < n; k++) kept += !gone[k];
        check_splice(names[w], a, axis, gone, NULL, kept, r);
      }
      free(gone);
    } else if (r && w <= 3) { /* insert: the values' places (positions clipped, sorted, each moved by those before it) */
      int64_t len = r->shape[ax], ni = len - n, m = 0, *pos = NULL;
      jaxc_dtype dt = jaxc_x64() ? JAXC_I64 : JAXC_I32;
      if (w == 2) {
        m = obj->size, dt = obj->dtype, pos = malloc((size_t)(m + 1) * sizeof *pos);
        for (int64_t k = 0; k < m; k++) {
          bool big;
          int64_t v = ix_at(obj, k, &big);
          pos[k] = big ? n : v;
        }
      } else if (sp.index) {
        m = 1, pos = malloc(sizeof *pos), pos[0] = sp.start;
      } else {
        pos = malloc((size_t)(n + 1) * sizeof *pos);
        if (!slice_marks(sp, n, NULL, pos, &m)) FAIL("insert_slice: step 0 succeeded");
      }
      if (m != 1 && ni != m) FAIL("%s: %lld values placed for %lld positions", names[w], (long long)ni, (long long)m);
      if (len - 1 <= ix_max(dt)) {
        bool *isval = calloc((size_t)len + 1, 1);
        for (int64_t k = 0; k < m; k++) pos[k] = pos[k] < 0 ? (pos[k] + n < 0 ? 0 : pos[k] + n) : pos[k] > n ? n : pos[k];
        if (m == 1) {
          for (int64_t j = 0; j < ni; j++) isval[pos[0] + j] = true;
        } else {
          qsort(pos, (size_t)m, sizeof *pos, cmp_i64);
          for (int64_t j = 0; j < m; j++) isval[pos[j] + j] = true;
        }
        check_splice(names[w], a, axis, NULL, isval, len, r);
        free(isval);
      }
      free(pos);
    } else if (r) { /* append: a's elements first where the result keeps a's dtype */
      int64_t len = axis == JAXC_ALL_AXES ? a->size + vals->size : a->shape[ax] + vals->shape[ax];
      if (r->shape[ax] != len) FAIL("append: %lld along the axis, want %lld", (long long)r->shape[ax], (long long)len);
      if (r->dtype == a->dtype) {
        bool *isval = calloc((size_t)len + 1, 1);
        for (int64_t p = n; p < len; p++) isval[p] = true;
        check_splice("append", a, axis, NULL, isval, len, r);
        free(isval);
      }
    }
    snap_verify(names[w], NULL);
    made_check_free(names[w], md, 3);
    keep(r);
    break;
  }
  case 39: { /* isin, intersect1d (values, indices), union1d, setdiff1d, setxor1d: operands of any dtype and shape (made
                from a small pool of values, so that they overlap; or the pool's), sizes of every sign, fills of any shape;
                where the operands are short: isin against a reference, and the results' order, membership and
                completeness (without size), their lengths (with it) */
    static const char *const names[] = {"isin", "intersect1d", "union1d", "setdiff1d", "setxor1d"};
    /* (sizes past 2^20 but under 2^59 are skipped: the library would allocate them) */
    static const int64_t odd[] = {INT64_MAX, INT64_MIN + 1, (int64_t)1 << 59, (int64_t)1 << 62, -1, (int64_t)1 << 20, (int64_t)1 << 16, JAXC_NONE};
    made_t md[3] = {{NULL, NULL}, {NULL, NULL}, {NULL, NULL}};
    int w = u8() % 5;
    bool unique = u8() & 1, invert = u8() & 1;
    const jaxc_array *a = u8() < 176 ? made_keep(&md[0], make_set_operand()) : pick_arr();
    uint8_t bb = u8();
    const jaxc_array *b = bb < 24 ? a : bb < 200 ? made_keep(&md[1], make_set_operand()) : pick_arr();
    uint8_t sb = u8(), fb = u8();
    int64_t size = sb < 112 ? JAXC_NONE : sb < 160 ? (int64_t)(u8() % 12) : sb < 200 ? (int64_t)(u32() % ((1u << 16) + 1))
                 : sb < 216 ? 0 : sb < 232 ? -(int64_t)(1 + u8() % 3) : odd[u8() % 8];
    const jaxc_array *fill = NULL;
    if (fb >= 128 && fb < 176) fill = pick_arr();
    else if (fb >= 176 && fb < 232) {
      jaxc_dtype fd = pick_dtype();
      double re = fspecial[u8() % NFS], im = u8() < 192 ? 0.0 : fspecial[u8() % NFS];
      jaxc_array *f = jaxc_scalar(fd, re, im);
      check_result_array("jaxc_scalar(fill)", f);
      fill = made_keep(&md[2], f);
    } else if (fb >= 232) fill = made_keep(&md[2], make_set_operand());
    char sa[96], sbs[96], sf[96];
    trace("%s assume_unique=%d invert=%d size=%lld a=%s b=%s%s fill=%s\n", names[w], unique, invert, (long long)size, shape_str(sa, a),
          shape_str(sbs, b), b == a && a ? "(=a)" : "", shape_str(sf, fill));
    jaxc_array *r = NULL, *o[3] = {NULL, NULL, NULL};
    int ret = 0;
    bool want_ix = false, no_values = false;
    switch (w) {
    case 0: r = jaxc_isin(a, b, invert); break;
    case 1: {
      no_values = u8() < 8;
      want_ix = u8() < 160;
      ret = jaxc_intersect1d(a, b, unique, size, fill, no_values ? NULL : &o[0], want_ix ? &o[1] : NULL, want_ix && u8() < 224 ? &o[2] : NULL);
      check_results("intersect1d", ret, o, 3);
      if (no_values && ret != JAXC_ERR_ARG) FAIL("intersect1d: values NULL returned %d", ret);
      if (ret == 0 && !o[0]) FAIL("intersect1d: success without values");
      if (ret == 0 && want_ix && !o[1]) FAIL("intersect1d: success without a_indices");
      r = o[0];
      break;
    }
    case 2: r = jaxc_union1d(a, b, size, fill); break;
    case 3: r = jaxc_setdiff1d(a, b, unique, size, fill); break;
    default: r = jaxc_setxor1d(a, b, unique, size, fill); break;
    }
    if (w != 1) check_result_array(names[w], r);
    jaxc_status st = jaxc_last_status();
    bool bad_args = !a || !b || (w != 0 && size != JAXC_NONE && size < 0) || no_values;
    if (r && bad_args) FAIL("%s: succeeded with a NULL operand or size %lld", names[w], (long long)size);
    /* plain calls (both operands one dtype and weak flag, no fill, a sane size) must succeed; but union1d of two empty
       operands with a size wants a fill (jnp.unique's error) */
    if (!r && !bad_args && a->dtype == b->dtype && a->weak == b->weak && !fill && size <= (1 << 20) && st != JAXC_ERR_NOMEM &&
        !(w == 2 && a->size + b->size == 0 && size > 0))
      FAIL("%s: failed on plain operands (%s, size %lld): %s", names[w], jaxc_dtype_name(a->dtype), (long long)size, jaxc_last_error());
    snap_verify(names[w], NULL);
    if (r) {
      jaxc_dtype dt = jaxc_storage_dtype(jaxc__join2(a, b), jaxc_x64());
      if (w == 0) {
        if (r->dtype != JAXC_BOOL || !same_shape(r, a)) FAIL("isin: result %s, want bool of element's shape", shape_str(sa, r));
      } else {
        /* (intersect1d's and setxor1d's fill is jnp.where's operand: with size, it broadcasts) */
        bool where_fill = (w == 1 || w == 4) && fill && size != JAXC_NONE;
        if (r->ndim != 1 && !where_fill) FAIL("%s: result ndim %d", names[w], r->ndim);
        if (w == 3 && (r->dtype != a->dtype || r->weak != a->weak)) FAIL("setdiff1d: result %s, a %s", shape_str(sf, r), shape_str(sa, a));
        if ((w == 2 || ((w == 1 || w == 4) && (!fill || size == JAXC_NONE))) && r->dtype != dt)
          FAIL("%s: result dtype %s, operands promote to %s", names[w], jaxc_dtype_name(r->dtype), jaxc_dtype_name(dt));
        if (size != JAXC_NONE && !where_fill && r->shape[0] != size) FAIL("%s: %lld results for size %lld", names[w], (long long)r->shape[0], (long long)size);
      }
      if (w == 1 && want_ix) {
        int64_t ilen = size == JAXC_NONE ? r->size : a->size + b->size == 0 ? 0 : size;
        for (int j = 1; j < 3; j++)
          if (o[j] && (o[j]->ndim != 1 || o[j]->shape[0] != ilen || jaxc_dtype_kind(o[j]->dtype) != JAXC_KIND_INT))
            FAIL("intersect1d: indices %d are %s, want %lld of an int dtype", j, shape_str(sa, o[j]), (long long)ilen);
      }
      /* references, where the operands are short: everything compared in the promoted dtype */
      bool short_ops = a->size <= 2000 && b->size <= 2000 && (double)a->size * (double)b->size <= (double)(1 << 18) &&
                       (double)r->size * (double)(a->size + b->size) <= (double)(1 << 19);
      jaxc_array *A = short_ops && dt != JAXC_DTYPE_INVALID ? jaxc_astype(a, dt) : NULL, *B = A ? jaxc_astype(b, dt) : NULL;
      jaxc_array *V = B && w != 0 ? jaxc_astype(r, dt) : NULL; /* (setdiff1d's values are in a's dtype) */
      if (B && w == 0) {
        for (int64_t j = 0; j < a->size; j++)
          if (((const unsigned char *)r->data)[j] != (sv_in(sv_at(A, j), B) != invert))
            FAIL("isin: element %lld is %d (invert %d), the reference disagrees", (long long)j, ((const unsigned char *)r->data)[j], invert);
      } else if (V && size == JAXC_NONE) {
        if (w != 3 || !unique) check_set_sorted(names[w], w == 3 ? r : V, !(w == 1 && unique), w != 1); /* (setdiff1d: in a's dtype) */
        for (int64_t j = 0; j < V->size; j++) { /* each value where it belongs */
          sv_t v = sv_at(V, j);
          if (sv_nan(v)) continue;
          bool ia = sv_in(v, A), ib = sv_in(v, B);
          bool ok = w == 1 ? ia && ib : w == 2 ? ia || ib : w == 3 ? ia && !ib : ia != ib;
          if (!ok && !(w == 1 && unique)) FAIL("%s: result element %lld is in a: %d, in b: %d", names[w], (long long)j, ia, ib);
        }
        for (int side = 0; side < 2 && !(w == 1 && unique); side++) { /* and every value that belongs there */
          const jaxc_array *X = side ? B : A, *Y = side ? A : B;
          if (side && (w == 1 || w == 3)) break;
          for (int64_t j = 0; j < X->size; j++) {
            sv_t v = sv_at(X, j);
            if (sv_nan(v)) continue;
            bool iy = sv_in(v, Y), want = w == 1 ? iy : w == 2 ? true : w == 3 ? !iy : !unique && !iy;
            if (want && !sv_in(v, V)) FAIL("%s: %s's element %lld missing from the result", names[w], side ? "b" : "a", (long long)j);
          }
        }
        if (w == 1 && want_ix && !unique) /* indices: in range, the value's first place in a (and a place in b) */
          for (int j = 1; j < 3; j++) {
            if (!o[j]) continue;
            const jaxc_array *X = j == 1 ? A : B;
            for (int64_t k = 0; k < o[j]->size; k++) {
              bool big;
              int64_t ix = ix_at(o[j], k, &big);
              if (big || ix < 0 || ix >= X->size) FAIL("intersect1d: index %d[%lld] = %lld out of [0, %lld)", j, (long long)k, (long long)ix, (long long)X->size);
              sv_t v = sv_at(V, k);
              if (!sv_eq(sv_at(X, ix), v)) FAIL("intersect1d: index %d[%lld] = %lld does not hold the value", j, (long long)k, (long long)ix);
              for (int64_t q = 0; q < ix; q++)
                if (sv_eq(sv_at(X, q), v)) FAIL("intersect1d: index %d[%lld] = %lld, not the first place (%lld)", j, (long long)k, (long long)ix, (long long)q);
            }
          }
      }
      jaxc_array_free(A), jaxc_array_free(B), jaxc_array_free(V);
    }
    made_check_free(names[w], md, 3);
    for (int j = 1; j < 3; j++) jaxc_array_free(o[j]);
    keep(r);
    break;
  }
  case 40: { /* take_along_axis / put_along_axis: arr of any dtype (copied, or wrapped: 64-bit ones kept with x64 off),
                rank 0-4, dims 0-5 (or a pool array); indices of every integer dtype (sometimes bool, float or a bad
                dtype) holding pick_ix's values over the axis, arr's rank (1-D for axis None; sometimes another rank),
                each dim arr's, 1 or any (so mostly broadcasting), the axis' length up to 610 (past the runs of 256);
                axes -5..5 (mostly arr's) and None (rarely odd ones); every mode and bad ones; take's fill NULL, a
                scalar of any dtype, a non-scalar or a pool array; put's values of any dtype (often arr's), shaped
                mostly to broadcast to the indices', or a weak scalar; x64 flipped for the call now and then. Whether
                the call must succeed or fail is worked out here and checked; results against a reference where short:
                take's every element (arr's bits at the converted index, or the fill), put's untouched places (arr's
                bits) and last writes (the value cast to arr's dtype) when the promotion leaves arr's dtype */
    static const jaxc_dtype idts[] = {JAXC_I8, JAXC_I16, JAXC_I32, JAXC_I64, JAXC_U8, JAXC_U16, JAXC_U32, JAXC_U64};
    static const int bad_modes[] = {6, 7, -1, 77, INT_MIN, INT_MAX};
    made_t md[3] = {{NULL, NULL}, {NULL, NULL}, {NULL, NULL}};
    bool put = u8() & 1;
    int64_t shp[JAXC_MAX_NDIM] = {0}, ash[JAXC_MAX_NDIM] = {3}, ishp[JAXC_MAX_NDIM] = {0}, vshp[JAXC_MAX_NDIM] = {0};
    const jaxc_array *arr;
    if (u8() < 232) {
      int nd = u8() % 5;
      for (int k = 0; k < nd; k++) { uint8_t d = u8(); shp[k] = d < 20 ? 0 : 1 + d % 5; }
      arr = made_keep(&md[0], make_along(pick_dtype(), nd, shp, -1));
    } else arr = pick_arr();
    uint8_t ab = u8();
    int axis = ab < 40 ? JAXC_ALL_AXES : ab < 160 && arr && arr->ndim > 0 ? (int)(ab % (2 * arr->ndim)) - arr->ndim
             : ab < 244 ? (int)(ab % 11) - 5 : pick_axis();
    bool flat = axis == JAXC_ALL_AXES;
    /* arr as the call indexes it (raveled for axis None): nda dims ash, ax the axis (-1: out of bounds), n its length */
    int nda = arr && !flat ? arr->ndim : 1;
    if (arr) { if (flat) ash[0] = arr->size; else memcpy(ash, arr->shape, sizeof ash); }
    int ax = flat ? 0 : axis >= -nda && axis < nda ? (axis < 0 ? axis + nda : axis) : -1;
    int64_t n = ax >= 0 ? ash[ax] : 3;
    uint8_t rb = u8();
    int ind = rb < 232 ? nda : rb % 5;
    if (ind > JAXC_MAX_NDIM) ind = JAXC_MAX_NDIM;
    int64_t isz = 1;
    for (int k = 0; k < ind; k++) {
      uint8_t d = u8();
      if (k == ax) ishp[k] = d < 16 ? 100 + 2 * (int64_t)u8() : d % 7;
      else ishp[k] = d < 128 ? (k < nda && ash[k] <= 64 ? ash[k] : 1) : d < 216 ? 1 : d % 6;
      isz *= ishp[k];
    }
    while (isz > 8192) { /* (kept small: the largest dim to 1) */
      int big = 0;
      for (int k = 1; k < ind; k++) if (ishp[k] > ishp[big]) big = k;
      isz = isz / ishp[big], ishp[big] = 1;
    }
    uint8_t ib = u8();
    jaxc_dtype idt = ib < 224 ? idts[ib % 8] : pick_dtype();
    const jaxc_array *ix = u8() < 248 ? made_keep(&md[1], make_along(idt, ind, ishp, n)) : pick_arr();
    const jaxc_array *fill = NULL, *vals = NULL;
    if (!put) {
      uint8_t fb = u8();
      if (fb >= 136 && fb < 208) {
        jaxc_dtype fd = u8() < 96 && arr ? arr->dtype : pick_dtype();
        double re = fspecial[u8() % NFS], im = u8() < 192 ? 0.0 : fspecial[u8() % NFS];
        jaxc_array *f = jaxc_scalar(fd, re, im);
        check_result_array("jaxc_scalar(fill)", f);
        fill = made_keep(&md[2], f);
      } else if (fb >= 208 && fb < 236) {
        int64_t fs[2] = {u8() % 3, u8() % 3};
        fill = made_keep(&md[2], make_along(pick_dtype(), 1 + u8() % 2, fs, -1));
      } else if (fb >= 236) fill = pick_arr();
    } else {
      uint8_t vb = u8();
      if (vb < 24) {
        uint8_t w = u8() % 3;
        jaxc_array *v = w == 0 ? jaxc_weak_int((int64_t)ispecial[u8() % NIS]) : w == 1 ? jaxc_weak_float(fspecial[u8() % NFS])
                                                                                         : jaxc_weak_complex(fspecial[u8() % NFS], 0.5);
        check_result_array("weak scalar(values)", v);
        vals = made_keep(&md[2], v);
      } else if (vb < 40) vals = pick_arr();
      else {
        int vnd = (int)(u8() % (unsigned)(ind + 1));
        if (u8() < 16) vnd = ind + 1 > JAXC_MAX_NDIM ? JAXC_MAX_NDIM : ind + 1;
        for (int k = 0; k < vnd; k++) {
          int i = ind - vnd + k;
          uint8_t d = u8();
          vshp[k] = i < 0 ? d % 3 : d < 150 ? ishp[i] : d < 230 ? 1 : d % 6;
        }
        jaxc_dtype vd = vb < 150 && arr ? arr->dtype : pick_dtype();
        vals = made_keep(&md[2], make_along(vd, vnd, vshp, -1));
      }
    }
    uint8_t mb = u8();
    jaxc_index_mode m = mb < 240 ? (jaxc_index_mode)(mb % 6) : (jaxc_index_mode)bad_modes[mb % 6];
    bool x64_was = jaxc_x64();
    if (u8() < 80) jaxc_set_x64(!x64_was);
    bool wide = jaxc_x64();
    char sa[96], si[96], sx[96];
    snprintf(what, sizeof what, "%s_along_axis(axis=%d mode=%d x64=%d)", put ? "put" : "take", axis, (int)m, wide);
    trace("%s arr=%s indices=%s %s=%s\n", what, shape_str(sa, arr), shape_str(si, ix), put ? "values" : "fill",
          shape_str(sx, put ? vals : fill));
    jaxc_array *r = put ? jaxc_put_along_axis(arr, ix, vals, axis, m) : jaxc_take_along_axis(arr, ix, axis, m, fill);
    jaxc_status st = jaxc_last_status();
    check_result_array(what, r);
    if (put) debug_check(what, r, arr, vals, NULL);
    /* the dtype the put ran in (.at[].set promotes arr with the values; arr's own: arr's bits kept where untouched) */
    jaxc_dtype pd = r && put ? jaxc__scatter_dtype(arr, vals) : JAXC_DTYPE_INVALID;
    jaxc_set_x64(x64_was);
    snap_verify(what, NULL);
    /* the expected outcome: fails (bad), must succeed (must), or either (a put whose values need promoting, or under
       debug_nans/infs) */
    int ik = ix ? jaxc_dtype_kind(ix->dtype) : -1;
    bool bad = !arr || !ix || (put && !vals) || (unsigned)m > (unsigned)JAXC_MODE_PROMISE_IN_BOUNDS ||
               (ik != JAXC_KIND_INT && ik != JAXC_KIND_UINT) || ix->ndim != nda || ax < 0;
    int64_t G[JAXC_MAX_NDIM], count = 1, nz = 1; /* (nz: the product of the dims not 0, which the library limits) */
    for (int k = 0; !bad && k < nda; k++) {
      int64_t da = ash[k], di = ix->shape[k];
      if (k != ax && da != di && da != 1 && di != 1) bad = true;
      G[k] = k == ax || di != 1 ? di : da;
      count = count > 0 && G[k] > INT64_MAX / count ? INT64_MAX : count * G[k]; /* (pool arrays' dims) */
      nz = G[k] > 0 && G[k] > INT64_MAX / nz ? INT64_MAX : G[k] > 0 ? nz * G[k] : nz;
    }
    bool must = !bad && nz <= (1 << 24); /* (a pool array's huge dims: a result shape too large) */
    if (!bad && !put) {
      bool fills = m == JAXC_MODE_DEFAULT || m == JAXC_MODE_FILL || m == JAXC_MODE_DROP;
      if (n > 0 && (m == JAXC_MODE_WRAP || (fills && fill && fill->ndim != 0))) bad = true, must = false;
    } else if (!bad) {
      bool fits = vals->ndim <= ix->ndim;
      for (int i = 1; fits && i <= vals->ndim; i++)
        fits = vals->shape[vals->ndim - i] == 1 || vals->shape[vals->ndim - i] == ix->shape[ix->ndim - i];
      if (!fits || (ik == JAXC_KIND_INT && n > ix_max(ix->dtype)) || (count > 0 && m == JAXC_MODE_WRAP)) bad = true, must = false;
      else if (count > 0 && (vals->dtype != arr->dtype || vals->weak != arr->weak || jaxc_debug_nans() || jaxc_debug_infs()))
        must = false;
    }
    if (r && bad) FAIL("%s: succeeded where it must fail (arr %s, indices %s, axis %d)", what, sa, si, axis);
    if (!r && must && st != JAXC_ERR_NOMEM) FAIL("%s: failed on valid operands (arr %s, indices %s): %s", what, sa, si, jaxc_last_error());
    if (r) {
      /* (axis None: arr raveled, ash its one dim; put's result has arr's shape again) */
      if (r->dtype != arr->dtype) FAIL("%s: result dtype %s, arr's %s", what, jaxc_dtype_name(r->dtype), jaxc_dtype_name(arr->dtype));
      size_t es = jaxc_dtype_size(arr->dtype);
      int64_t c[JAXC_MAX_NDIM];
      if (!put) {
        if (r->ndim != nda) FAIL("%s: result ndim %d, want %d", what, r->ndim, nda);
        for (int k = 0; k < nda; k++)
          if (r->shape[k] != G[k]) FAIL("%s: result dim %d is %lld, want %lld", what, k, (long long)r->shape[k], (long long)G[k]);
        if (n == 0) { /* lax.full(out_shape, 0, dtype) */
          for (size_t b = 0; b < arr_bytes(r); b++)
            if (((const unsigned char *)r->data)[b]) FAIL("%s: empty axis, but byte %zu of the result is not 0", what, b);
        } else if (r->weak != arr->weak) FAIL("%s: result weak %d, arr's %d", what, r->weak, arr->weak);
        _Alignas(16) unsigned char fb[16] = {0};
        if (fill && fill->ndim == 0) jaxc_kernel_cast_dyn(fill->dtype, arr->dtype, 1, fill->data, fb); /* (clip ignores it) */
        int kind = jaxc_dtype_kind(arr->dtype);
        for (int64_t t = 0; n > 0 && t < r->size && r->size <= (1 << 16); t++) {
          along_coords(nda, G, t, c);
          bool big;
          int64_t v = ix_at(ix, along_off(nda, ix->shape, c, -1, 0), &big);
          if (!wide) v = (int64_t)(int32_t)(uint32_t)(uint64_t)v; /* to int32 */
          if (m == JAXC_MODE_PROMISE_IN_BOUNDS) v = v < 0 ? 0 : v >= n ? n - 1 : v;
          else {
            if (v < 0) v += n;
            if (m == JAXC_MODE_CLIP) v = v < 0 ? 0 : v >= n ? n - 1 : v;
            else if (v >= n) v = -1;
          }
          const char *got = (const char *)r->data + (size_t)t * es;
          if (v >= 0) {
            if (memcmp(got, (const char *)arr->data + (size_t)along_off(nda, ash, c, ax, v) * es, es) != 0)
              FAIL("%s: result element %lld is not arr's at index %lld", what, (long long)t, (long long)v);
            continue;
          }
          if (fill) {
            if (memcmp(got, fb, es) != 0) FAIL("%s: result element %lld is not the fill_value", what, (long long)t);
            continue;
          }
          sv_t e = sv_at(r, t);
          bool ok = kind == JAXC_KIND_FLOAT ? isnan(e.re) : kind == JAXC_KIND_COMPLEX ? isnan(e.re) && e.im == 0.0
                  : kind == JAXC_KIND_INT ? e.i == -ix_max(arr->dtype) - 1
                  : kind == JAXC_KIND_UINT ? e.u == (arr->dtype == JAXC_U64 ? UINT64_MAX : (uint64_t)ix_max(arr->dtype)) : e.u == 1;
          if (!ok) FAIL("%s: result element %lld (index out of range) is not the default fill", what, (long long)t);
        }
      } else {
        if (!same_shape(r, arr) || r->weak != arr->weak) FAIL("%s: result %s, arr %s", what, shape_str(sx, r), sa);
        /* per arr place, the value last set there (an offset into values; -1: untouched) */
        bool exact = count == 0 || pd == arr->dtype;
        int64_t *owner = count <= (1 << 16) && arr->size <= (1 << 16) ? malloc((size_t)(arr->size + 1) * sizeof *owner) : NULL;
        for (int64_t p = 0; owner && p < arr->size; p++) owner[p] = -1;
        for (int64_t t = 0; owner && t < count; t++) {
          along_coords(nda, G, t, c);
          bool big;
          int64_t v = ix_at(ix, along_off(nda, ix->shape, c, -1, 0), &big);
          if (ik == JAXC_KIND_INT && v < 0) v += n; /* (in the index dtype: n fits it) */
          v = (int64_t)(int32_t)(uint32_t)(uint64_t)v;
          if (m == JAXC_MODE_CLIP && n > 0) v = v < 0 ? 0 : v >= n ? n - 1 : v;
          else if (v < 0 || v >= n) continue; /* (an empty axis: nothing to set) */
          owner[along_off(nda, ash, c, ax, v)] = along_off(vals->ndim, vals->shape, c + (nda - vals->ndim), -1, 0);
        }
        for (int64_t p = 0; owner && exact && p < arr->size; p++) {
          const char *got = (const char *)r->data + (size_t)p * es;
          if (owner[p] < 0 && memcmp(got, (const char *)arr->data + (size_t)p * es, es) != 0)
            FAIL("%s: untouched place %lld is not arr's element", what, (long long)p);
          if (owner[p] < 0) continue;
          _Alignas(16) unsigned char want[16];
          const char *ve = (const char *)vals->data + (size_t)owner[p] * jaxc_dtype_size(vals->dtype);
          if (vals->dtype == arr->dtype) memcpy(want, ve, es);
          else jaxc_kernel_cast_dyn(vals->dtype, arr->dtype, 1, ve, want);
          if (memcmp(got, want, es) != 0)
            FAIL("%s: place %lld is not the value last set there (values element %lld)", what, (long long)p, (long long)owner[p]);
        }
        free(owner);
      }
    }
    made_check_free(what, md, 3);
    for (int i = 0; i < nalong; i++) free(along_buf[i]);
    nalong = 0;
    keep(r);
    break;
  }
  case 41: { /* convolve / correlate: operands of any dtype, 1-D of length 0..70 (now and then 0-d, 2-d, a pool array
                or NULL), weak now and then; x64 flipped for the operands and for the call now and then, strict
                promotion sometimes; modes 0..2 and bad ones; preferred None, any dtype, a weak node or a bad one. Checked:
                the failures JAX makes (NULL, not 1-D, empty, a bad mode or preferred, a complex product to a real
                preferred dtype), plain calls succeed, the result 1-D of JAX's length (n + k - 1, n, n - k + 1), its
                dtype (inexact; preferred's), weak when both operands are, inputs unchanged, and for small integer
                values every element against numpy's definitions in JAX's window, exactly, where the result is a
                float or complex of float32 precision or more or an integer dtype summed in integers */
    static const int bad_modes[] = {3, -1, 77, INT_MAX, INT_MIN, 4};
    made_t md[2] = {{NULL, NULL}, {NULL, NULL}};
    bool corr = u8() & 1, x64_was = jaxc_x64();
    jaxc_rules rules_was = jaxc_promotion();
    if (u8() < 64) jaxc_set_x64(!x64_was); /* (the operands' dtypes: 64-bit ones need x64 when made) */
    uint8_t ab = u8(), vb = u8();
    const jaxc_array *a = ab < 240 ? made_keep(&md[0], make_conv_operand()) : pick_arr();
    const jaxc_array *v = vb < 16 ? a : vb < 240 ? made_keep(&md[1], make_conv_operand()) : pick_arr();
    uint8_t mb = u8(), pb = u8();
    jaxc_conv_mode mode = mb < 232 ? (jaxc_conv_mode)(mb % 3) : (jaxc_conv_mode)bad_modes[mb % 6];
    jaxc_dtype pref = pb < 128 ? JAXC_DTYPE_NONE : pb < 250 ? pick_dtype() : pb & 1 ? JAXC_DTYPE_INVALID : (jaxc_dtype)-3;
    if (u8() < 48) jaxc_set_x64(!jaxc_x64());
    if (u8() < 40) jaxc_set_promotion(jaxc_promotion() == JAXC_RULES_JAX ? JAXC_RULES_JAX_STRICT : JAXC_RULES_JAX);
    bool wide = jaxc_x64(), strict = jaxc_promotion() == JAXC_RULES_JAX_STRICT;
    jaxc_array ma = a ? *a : (jaxc_array){0}, mv = v ? *v : (jaxc_array){0};
    char sa[96], sv[96], sr[96];
    snprintf(what, sizeof what, "%s(mode=%d pref=%d x64=%d strict=%d)", corr ? "correlate" : "convolve", (int)mode, (int)pref, wide, strict);
    trace("%s a=%s v=%s%s\n", what, shape_str(sa, a), shape_str(sv, v), v == a && a ? "(=a)" : "");
    jaxc_array *r = corr ? jaxc_correlate(a, v, mode, pref) : jaxc_convolve(a, v, mode, pref);
    jaxc_status st = jaxc_last_status();
    check_result_array(what, r);
    debug_check(what, r, a, v, NULL);
    /* the operands' promoted dtype (promote_dtypes: what the preferred form converts them to) */
    jaxc_dtype p = a && v ? jaxc_storage_dtype(jaxc__join2(a, v), wide) : JAXC_DTYPE_INVALID;
    jaxc_set_x64(x64_was), jaxc_set_promotion(rules_was);
    snap_verify(what, NULL);
#define CONV_FAIL(...) do { conv_dump("a", a); conv_dump("v", v); if (r) conv_dump("result", r); FAIL(__VA_ARGS__); } while (0)
    if ((a && memcmp(&ma, a, sizeof ma) != 0) || (v && memcmp(&mv, v, sizeof mv) != 0)) CONV_FAIL("%s: an operand's metadata changed", what);
    bool pref_concrete = JAXC_DTYPE_VALID(pref) && !JAXC_DTYPE_IS_WEAK(pref);
    bool bad = !a || !v || a->ndim != 1 || v->ndim != 1 || a->size == 0 || v->size == 0 || (unsigned)mode >= 3u ||
               (pref != JAXC_DTYPE_NONE && !JAXC_DTYPE_VALID(pref)) ||
               (pref_concrete && p != JAXC_DTYPE_INVALID && jaxc_dtype_kind(p) == JAXC_KIND_COMPLEX && jaxc_dtype_kind(pref) != JAXC_KIND_COMPLEX);
    if (r && bad) CONV_FAIL("%s: succeeded where it must fail (a %s, v %s)", what, sa, sv);
    int64_t na = bad ? 0 : a->size, nv = bad ? 0 : v->size;
    double *ca = !bad && na * nv <= (1 << 20) ? malloc((size_t)(na + nv) * 2 * sizeof *ca) : NULL, *cv = ca ? ca + 2 * na : NULL;
    bool small = ca && conv_small(a, ca) && conv_small(v, cv);
    bool plain = !bad && (!strict || (a->dtype == v->dtype && !a->weak && !v->weak));
    if (!r && !bad && small && plain && pref == JAXC_DTYPE_NONE && st != JAXC_ERR_NOMEM)
      CONV_FAIL("%s: failed on plain operands (a %s, v %s): %s", what, sa, sv, jaxc_last_error());
    if (r) {
      int64_t n = na > nv ? na : nv, k = na + nv - n;
      int64_t len = mode == JAXC_CONV_FULL ? n + k - 1 : mode == JAXC_CONV_SAME ? n : n - k + 1;
      if (r->ndim != 1 || r->shape[0] != len) CONV_FAIL("%s: result %s, want %lld elements (a %s, v %s)", what, shape_str(sr, r), (long long)len, sa, sv);
      int rk = jaxc_dtype_kind(r->dtype);
      if (pref == JAXC_DTYPE_NONE && rk != JAXC_KIND_FLOAT && rk != JAXC_KIND_COMPLEX) CONV_FAIL("%s: result %s is not inexact", what, shape_str(sr, r));
      if (pref_concrete && r->dtype != jaxc_storage_dtype(pref, wide)) CONV_FAIL("%s: result %s, preferred %s", what, shape_str(sr, r), jaxc_dtype_name(pref));
      if (a->weak && v->weak && a->dtype != JAXC_BOOL && v->dtype != JAXC_BOOL && !r->weak) CONV_FAIL("%s: weak operands, strong result", what);
      /* the exact reference: small integer values that the conversions keep, a result that holds them */
      bool rfloat = (rk == JAXC_KIND_FLOAT || rk == JAXC_KIND_COMPLEX) && jaxc_dtype_bits(r->dtype) >= (rk == JAXC_KIND_COMPLEX ? 64 : 32);
      bool rint = rk == JAXC_KIND_INT || rk == JAXC_KIND_UINT;
      bool pint = p != JAXC_DTYPE_INVALID && (jaxc_dtype_kind(p) == JAXC_KIND_INT || jaxc_dtype_kind(p) == JAXC_KIND_UINT || p == JAXC_BOOL);
      bool exact = small && (pref == JAXC_DTYPE_NONE ? rfloat
                             : pref_concrete && p != JAXC_DTYPE_INVALID && (rfloat || (rint && pint)) && conv_keeps(a, p, ca) && conv_keeps(v, p, cv));
      int64_t start = mode == JAXC_CONV_FULL ? 0 : mode == JAXC_CONV_VALID ? k - 1 : corr && na < nv ? k / 2 : k - 1 - k / 2;
      size_t es = jaxc_dtype_size(r->dtype);
      for (int64_t i = 0; exact && i < len; i++) {
        int64_t m = start + i, lo = m - (nv - 1) < 0 ? 0 : m - (nv - 1);
        double re = 0, im = 0;
        uint64_t isum = 0;
        for (int64_t ia = lo; ia < na && ia <= m; ia++) { /* (both: the a elements that meet a v element at m) */
          int64_t iv = corr ? ia - (m - (nv - 1)) : m - ia;
          double ar = ca[2 * ia], ai = ca[2 * ia + 1], vr = cv[2 * iv], vi = corr ? -cv[2 * iv + 1] : cv[2 * iv + 1];
          re += ar * vr - ai * vi, im += ar * vi + ai * vr;
          isum += (uint64_t)(int64_t)ar * (uint64_t)(int64_t)vr;
        }
        const char *got = (const char *)r->data + (size_t)i * es;
        if (rint) {
          uint64_t g = 0, w = es < 8 ? isum & ((((uint64_t)1) << (8 * es)) - 1) : isum;
          memcpy(&g, got, es);
          if (g != w) CONV_FAIL("%s: element %lld is %llu (bits), the reference %lld (start %lld)", what, (long long)i, (unsigned long long)g, (long long)isum, (long long)start);
        } else {
          double c[2];
          jaxc_kernel_cast_dyn(r->dtype, JAXC_C128, 1, got, c);
          if (c[0] != re || c[1] != im)
            CONV_FAIL("%s: element %lld is %g%+gj, the reference %g%+gj (start %lld)", what, (long long)i, c[0], c[1], re, im, (long long)start);
        }
      }
    }
#undef CONV_FAIL
    free(ca);
    made_check_free(what, md, 2);
    keep(r);
    break;
  }
  case 42: { /* histogramdd / histogram2d: a sample (n, D) of any dtype (now and then another rank, a pool array or
                NULL), weights of n or a wrong length, bins -2..12 per axis or NULL, edges of 0..6 small values (any
                order, NaN now and then) per axis or NULL, ranges (some NaN, infinite or reversed) per axis or NULL, d
                right or wrong, density; x64 and strict promotion flipped now and then. Checked: the failures JAX makes
                (NULL, rank not 2, D = 0, a weights or d mismatch), all outputs or none, the histogram's shape
                (len(edges) - 1 per axis), its dtype (the default int, the weights' or the edges' with density),
                unweighted counts within [0, n], the edges 1-D, inputs unchanged */
    made_t md[4] = {{NULL, NULL}, {NULL, NULL}, {NULL, NULL}, {NULL, NULL}};
    bool two = u8() & 1, x64_was = jaxc_x64();
    jaxc_rules rules_was = jaxc_promotion();
    if (u8() < 48) jaxc_set_x64(!x64_was);
    uint8_t sb = u8();
    int64_t n = u8() < 200 ? u8() % 20 : u8() % 80, D = two ? 2 : u8() < 240 ? u8() % 5 : u8() % 10;
    int snd = sb < 232 ? (two ? 1 : 2) : (int)(sb % 4);
    int64_t shape[3] = {n, two ? 2 : D, 2};
    if (two && snd != 1) shape[0] = snd == 0 ? 1 : 3, shape[1] = n; /* (x, y of another rank) */
    const jaxc_array *s = sb < 250 ? made_keep(&md[0], make_hist_operand(snd, shape)) : pick_arr();
    const jaxc_array *y = two ? (u8() < 245 ? made_keep(&md[1], make_hist_operand(snd, shape)) : pick_arr()) : NULL;
    int64_t wn = u8() < 220 ? n : u8() % 6;
    const jaxc_array *w = u8() < 100 ? made_keep(&md[2], make_hist_operand(1, &wn)) : NULL;
    int64_t bins[10];
    const jaxc_array *edges[10] = {NULL};
    double rg[10][2];
    const double *rp[10] = {NULL};
    jaxc_array *emade[10] = {NULL};
    int d = u8() < 220 ? (int)(two ? 2 : D) : (int)(u8() % 6);
    bool wide_s = D > 4 || (s && s->ndim == 2 && s->shape[1] > 4); /* (a pool array too) */
    bool use_bins = u8() & 1 || wide_s, use_edges = u8() < 64, use_range = u8() < 100;
    for (int k = 0; k < 10; k++) { /* (the grid under 10^4 cells or so: 10 each by default, fewer past 4 axes) */
      bins[k] = (int64_t)(u8() % (wide_s ? 5 : 15)) - 2;
      if (use_edges && u8() & 1) {
        int64_t ne = u8() % (wide_s ? 4 : 7);
        edges[k] = emade[k] = make_hist_operand(u8() < 240 ? 1 : 2, (int64_t[]){ne, 2});
      }
      if (use_range && u8() & 1) {
        static const double specials[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, 1e300};
        for (int h = 0; h < 2; h++) rg[k][h] = u8() < 230 ? (double)((int)(u8() % 41) - 20) / 4 : specials[u8() % 6];
        rp[k] = rg[k];
      }
    }
    bool density = u8() < 64;
    if (u8() < 32) jaxc_set_promotion(jaxc_promotion() == JAXC_RULES_JAX ? JAXC_RULES_JAX_STRICT : JAXC_RULES_JAX);
    bool wide = jaxc_x64();
    snprintf(what, sizeof what, "%s(d=%d bins=%d edges=%d range=%d w=%d density=%d)", two ? "histogram2d" : "histogramdd", d, use_bins,
             use_edges, use_range, w != NULL, density);
    char ss[96];
    trace("%s sample=%s\n", what, shape_str(ss, s));
    jaxc_array *h = (jaxc_array *)&bins, *E[10]; /* (overwritten: NULL on an error) */
    for (int k = 0; k < 10; k++) E[k] = (jaxc_array *)&bins;
    int st = two ? jaxc_histogram2d(s, y, use_bins ? bins : NULL, use_edges ? edges : NULL, use_range ? rp : NULL, w, density, &h, &E[0], &E[1])
                 : jaxc_histogramdd(s, d, use_bins ? bins : NULL, use_edges ? edges : NULL, use_range ? rp : NULL, w, density, &h, E);
    check_result_array(what, h);
    jaxc_set_x64(x64_was), jaxc_set_promotion(rules_was);
    snap_verify(what, NULL);
    int64_t dd = two ? 2 : s && s->ndim == 2 ? s->shape[1] : 0;
    bool shape_ok = s && (two ? y && s->ndim == 1 && y->ndim == 1 && s->shape[0] == y->shape[0] : s->ndim == 2 && dd >= 1 && dd <= 8);
    bool bad = !shape_ok || (w && (w->ndim != 1 || w->shape[0] != s->shape[0])) || (!two && (use_bins || use_edges || use_range) && d != dd);
    if ((st == JAXC_OK) != (h != NULL)) FAIL("%s: status %d with hist %p", what, st, (void *)h);
    if (h && bad) FAIL("%s: succeeded where it must fail (sample %s)", what, ss);
    for (int k = 0; k < (h || !shape_ok ? 0 : dd); k++)
      if (E[k]) FAIL("%s: failed (%s) but edges %d were returned", what, jaxc_last_error(), k);
    if (h) {
      if (h->ndim != dd) FAIL("%s: hist of rank %d for %lld axes", what, h->ndim, (long long)dd);
      int64_t total = 0;
      for (int k = 0; k < dd && k < h->ndim; k++) {
        if (!E[k] || E[k]->ndim != 1 || E[k]->shape[0] != h->shape[k] + 1) FAIL("%s: axis %d: hist %lld bins, edges %p", what, k, (long long)h->shape[k], (void *)E[k]);
        if (density && E[k]->dtype != h->dtype) FAIL("%s: density in %s, edges in %s", what, jaxc_dtype_name(h->dtype), jaxc_dtype_name(E[k]->dtype));
      }
      if (!w && !density) {
        if (h->dtype != (wide ? JAXC_I64 : JAXC_I32)) FAIL("%s: counts in %s", what, jaxc_dtype_name(h->dtype));
        for (int64_t j = 0; j < h->size; j++) {
          int64_t v = 0;
          jaxc_kernel_cast_dyn(h->dtype, JAXC_I64, 1, (const char *)h->data + (size_t)j * jaxc_dtype_size(h->dtype), &v);
          if (v < 0) FAIL("%s: a negative count", what);
          total += v;
        }
        if (total > s->shape[0]) FAIL("%s: %lld counted of %lld points", what, (long long)total, (long long)s->shape[0]);
      }
      if (w && !density && jaxc_dtype_kind(h->dtype) != JAXC_KIND_FLOAT && jaxc_dtype_kind(h->dtype) != JAXC_KIND_COMPLEX)
        FAIL("%s: weighted sums in %s", what, jaxc_dtype_name(h->dtype));
      for (int k = 0; k < dd; k++) jaxc_array_free(E[k]);
    }
    for (int k = 0; k < 10; k++) jaxc_array_free(emade[k]);
    made_check_free(what, md, 4);
    keep(h);
    break;
  }
  case 43: { /* gradient: f of any dtype and rank 0-3 (small sizes, now and then a pool array), 0-3 spacings (weak
                floats, 0-d or 1-D arrays of any dtype, of the axis's length or not, now and then 2-d), axes None or
                0-3 of them in -4..3; x64 and strict promotion flipped now and then. Checked: the failures JAX makes (an
                axis out of range, one shorter than 2, a wrong number of spacings, a spacing of rank 2 or of the
                wrong length), all outputs or none, each of f's shape and inexact, inputs unchanged */
    made_t md[4] = {{NULL, NULL}, {NULL, NULL}, {NULL, NULL}, {NULL, NULL}};
    bool x64_was = jaxc_x64();
    jaxc_rules rules_was = jaxc_promotion();
    if (u8() < 48) jaxc_set_x64(!x64_was);
    int fnd = u8() % 4;
    int64_t fs[3];
    for (int k = 0; k < fnd; k++) fs[k] = u8() % 6;
    const jaxc_array *f = u8() < 240 ? made_keep(&md[0], make_hist_operand(fnd, fs)) : pick_arr();
    int nsp = u8() % 4, axes[3], naxes = u8() % 4;
    bool all = u8() & 1;
    for (int k = 0; k < 3; k++) axes[k] = (int)(u8() % 8) - 4;
    const jaxc_array *sp[3] = {NULL, NULL, NULL};
    for (int k = 0; k < nsp; k++) {
      uint8_t how = u8();
      int64_t len = f && f->ndim ? (u8() < 200 ? f->shape[u8() % f->ndim] : u8() % 6) : u8() % 6;
      int64_t sh2[2] = {len, 2};
      sp[k] = how < 80 ? made_keep(&md[1 + k], jaxc_weak_float((double)((int)(u8() % 9) - 4) / 2))
              : how < 140 ? made_keep(&md[1 + k], make_hist_operand(0, sh2))
              : made_keep(&md[1 + k], make_hist_operand(how < 248 ? 1 : 2, sh2));
    }
    if (u8() < 24) jaxc_set_promotion(jaxc_promotion() == JAXC_RULES_JAX ? JAXC_RULES_JAX_STRICT : JAXC_RULES_JAX);
    snprintf(what, sizeof what, "gradient(nspacing=%d naxes=%d)", nsp, all ? -1 : naxes);
    char fs_s[96];
    trace("%s f=%s\n", what, shape_str(fs_s, f));
    jaxc_array *out[JAXC_MAX_NDIM]; /* (room for every axis of f: a pool array's rank is up to 8) */
    for (int k = 0; k < JAXC_MAX_NDIM; k++) out[k] = (jaxc_array *)&md[0];
    bool null_sp = false;
    for (int k = 0; k < nsp; k++) null_sp |= !sp[k];
    int st = jaxc_gradient(f, nsp, sp, naxes, all ? NULL : axes, out);
    jaxc_set_x64(x64_was), jaxc_set_promotion(rules_was);
    snap_verify(what, NULL);
    int m = !f ? 0 : all ? f->ndim : naxes;
    bool bad = !f || null_sp;
    for (int k = 0; k < m && !bad; k++) {
      int ax = all ? k : axes[k] < 0 ? axes[k] + f->ndim : axes[k];
      if (ax < 0 || ax >= f->ndim) { bad = true; break; }
      if (f->shape[ax] < 2) bad = true;
    }
    if (!bad && m > 0 && nsp != 0 && nsp != 1 && nsp != m) bad = true;
    for (int k = 0; k < m && !bad && nsp; k++) {
      const jaxc_array *h = sp[nsp == 1 ? 0 : k];
      int ax = all ? k : axes[k] < 0 ? axes[k] + f->ndim : axes[k];
      if (h->ndim > 1 || (h->ndim == 1 && h->shape[0] != f->shape[ax])) bad = true;
    }
    if (st == JAXC_OK && bad && m > 0) FAIL("%s: succeeded where it must fail (f %s)", what, fs_s);
    for (int k = 0; k < m; k++) {
      if (st != JAXC_OK && out[k]) FAIL("%s: failed (%s) but output %d was returned", what, jaxc_last_error(), k);
      if (st == JAXC_OK) {
        const jaxc_array *g = out[k];
        int kind = g ? jaxc_dtype_kind(g->dtype) : -1;
        if (!g || g->ndim != f->ndim || memcmp(g->shape, f->shape, sizeof(int64_t) * (size_t)f->ndim) ||
            (kind != JAXC_KIND_FLOAT && kind != JAXC_KIND_COMPLEX))
          FAIL("%s: output %d is %s for f %s", what, k, g ? shape_str(fs_s, g) : "NULL", shape_str(fs_s, f));
        check_result_array(what, g);
        jaxc_array_free(out[k]);
      }
    }
    made_check_free(what, md, 4);
    break;
  }
  case 44: { /* ptp, average, cov, corrcoef: operands of any dtype and rank 0-3 (small sizes, now and then a pool
                array or a rank-4 one), weights of any dtype, rank 0-2 and length, axes -4..3 or None, ddof -2..3 or
                None, any dtype argument (bad ones too); x64 and strict promotion flipped now and then. Checked: no
                result where JAX fails for sure (an axis out of range, a rank over 2 for cov), results of the expected
                rank and kind (ptp: a's dtype; the others inexact; corrcoef's real values in [-1, 1] or NaN), average's
                two results both or neither, inputs unchanged */
    made_t md[4] = {{NULL, NULL}, {NULL, NULL}, {NULL, NULL}, {NULL, NULL}};
    bool x64_was = jaxc_x64();
    jaxc_rules rules_was = jaxc_promotion();
    if (u8() < 48) jaxc_set_x64(!x64_was);
    if (u8() < 24) jaxc_set_promotion(rules_was == JAXC_RULES_JAX ? JAXC_RULES_JAX_STRICT : JAXC_RULES_JAX);
    int which = u8() % 4, nd = u8() % 4 + (u8() == 0);
    int64_t sh[4];
    for (int k = 0; k < nd; k++) sh[k] = u8() % 5;
    const jaxc_array *a = u8() < 240 ? made_keep(&md[0], make_hist_operand(nd, sh)) : pick_arr();
    int axis = u8() < 64 ? JAXC_ALL_AXES : (int)(u8() % 8) - 4, ax = -1;
    bool keepdims = u8() & 1, axis_ok = !a || axis == JAXC_ALL_AXES || (axis >= -a->ndim && axis < a->ndim);
    if (a && axis != JAXC_ALL_AXES && axis_ok) ax = axis < 0 ? axis + a->ndim : axis;
    char as[96];
    jaxc_array *r = NULL, *r2 = (jaxc_array *)&md[0];
    if (which == 0) {
      snprintf(what, sizeof what, "ptp(axis=%d, keepdims=%d)", axis, keepdims);
      trace("%s a=%s\n", what, shape_str(as, a));
      r = jaxc_ptp(a, axis, keepdims);
      if (r && (!axis_ok || r->dtype != jaxc_storage_dtype(a->dtype, jaxc_x64()) || a->dtype == JAXC_BOOL))
        FAIL("%s: a %s result for %s", what, jaxc_dtype_name(r->dtype), shape_str(as, a));
    } else if (which == 1) {
      int64_t wl = a && a->ndim ? a->shape[u8() % a->ndim] : 1;
      uint8_t how = u8();
      const jaxc_array *w = how < 64 ? NULL : how < 160 && a ? made_keep(&md[1], make_hist_operand(a->ndim, a->shape))
                            : made_keep(&md[1], make_hist_operand(how < 250 ? 1 : 0, (const int64_t[]){u8() < 200 ? wl : u8() % 5}));
      snprintf(what, sizeof what, "average(axis=%d, keepdims=%d, weights=%s)", axis, keepdims, w ? "yes" : "None");
      trace("%s a=%s\n", what, shape_str(as, a));
      bool asked = u8() & 1; /* (returned=True) */
      r = jaxc_average(a, axis, w, keepdims, asked ? &r2 : NULL);
      if (!asked) r2 = NULL;
      else if (!r != !r2) FAIL("%s: one result of two", what);
      if (r && !axis_ok) FAIL("%s: a result for an axis out of range", what);
      if (r && r2 && (r2->ndim != r->ndim || memcmp(r2->shape, r->shape, sizeof(int64_t) * (size_t)r->ndim)))
        FAIL("%s: the sum of weights is not of the average's shape", what);
      int rn = !a ? 0 : ax < 0 ? (keepdims ? a->ndim : 0) : a->ndim - !keepdims;
      if (r && r->ndim != rn) FAIL("%s: result of rank %d for %s", what, r->ndim, shape_str(as, a));
      if (asked) check_result_array(what, r2);
      jaxc_array_free(r2);
    } else {
      const jaxc_array *y = NULL, *fw = NULL, *aw = NULL;
      if (u8() < 96) {
        int ynd = u8() % 3 + (u8() == 0);
        int64_t ys[3];
        for (int k = 0; k < ynd; k++) ys[k] = u8() < 160 && a && k < a->ndim ? a->shape[k] : u8() % 5;
        y = made_keep(&md[1], make_hist_operand(ynd, ys));
      }
      int64_t nobs = !a ? 0 : a->ndim == 0 ? 1 : a->shape[a->ndim - 1];
      if (which == 2 && u8() < 100) fw = made_keep(&md[2], make_hist_operand(u8() < 240 ? 1 : u8() % 3, (const int64_t[]){u8() < 200 ? nobs : u8() % 5, 2}));
      if (which == 2 && u8() < 100) aw = made_keep(&md[3], make_hist_operand(u8() < 240 ? 1 : u8() % 3, (const int64_t[]){u8() < 200 ? nobs : u8() % 5, 2}));
      bool rowvar = u8() & 1, bias = u8() & 1;
      int64_t ddof = u8() < 128 ? JAXC_NONE : (int64_t)(u8() % 6) - 2;
      jaxc_dtype dt = u8() < 128 ? JAXC_DTYPE_NONE : pick_dtype();
      snprintf(what, sizeof what, "%s(rowvar=%d, bias=%d, ddof=%lld, dtype=%d)", which == 2 ? "cov" : "corrcoef", rowvar, bias, (long long)ddof, (int)dt);
      trace("%s m=%s y=%s\n", what, shape_str(as, a), y ? "yes" : "None");
      r = which == 2 ? jaxc_cov(a, y, rowvar, bias, ddof, fw, aw, dt) : jaxc_corrcoef(a, y, rowvar, dt);
      if (r && (a->ndim > 2 || (y && y->ndim > 2))) FAIL("%s: a result for rank %d", what, a->ndim);
      if (r && (r->ndim == 1 || r->ndim > 2 || (r->ndim == 2 && r->shape[0] != r->shape[1])))
        FAIL("%s: result of shape %s", what, shape_str(as, r));
      if (r && which == 3 && (r->dtype == JAXC_F32 || r->dtype == JAXC_F64))
        for (int64_t k = 0; k < r->size; k++) {
          double v = r->dtype == JAXC_F32 ? ((const float *)r->data)[k] : ((const double *)r->data)[k];
          if (fabs(v) > 1) FAIL("%s: |R| = %g > 1", what, fabs(v));
        }
    }
    jaxc_set_x64(x64_was), jaxc_set_promotion(rules_was);
    snap_verify(what, NULL);
    if (r && which && jaxc_dtype_kind(r->dtype) != JAXC_KIND_FLOAT && jaxc_dtype_kind(r->dtype) != JAXC_KIND_COMPLEX)
      FAIL("%s: a %s result", what, jaxc_dtype_name(r->dtype));
    check_result_array(what, r);
    made_check_free(what, md, 4);
    keep(r);
    break;
  }
  case 45: { /* select, choose, compress, extract, array_equal, array_equiv: 1-4 operands of any dtype and rank 0-3
                (shapes sharing a base, some dims 1, now and then a pool array), any mode, axis -4..3 or None, size
                -1..6 or None, fills of any rank; x64 and strict promotion flipped now and then. Checked: results of
                the broadcast shape (select, choose), choose's result never weak and not of a bool a, compress's rank,
                equal/equiv a 0-d strong bool, no result where JAX fails for sure, inputs unchanged */
    made_t md[9] = {{NULL, NULL}};
    bool x64_was = jaxc_x64();
    jaxc_rules rules_was = jaxc_promotion();
    if (u8() < 48) jaxc_set_x64(!x64_was);
    if (u8() < 24) jaxc_set_promotion(rules_was == JAXC_RULES_JAX ? JAXC_RULES_JAX_STRICT : JAXC_RULES_JAX);
    int which = u8() % 4, nd = u8() % 4, n = 1 + u8() % 4;
    int64_t base[3];
    for (int k = 0; k < nd; k++) base[k] = u8() % 4;
    const jaxc_array *ops[9];
    for (int j = 0; j < 9; j++) {
      int m = u8() < 200 ? nd : u8() % 4;
      int64_t sh[3];
      for (int k = 0; k < m; k++) sh[k] = u8() < 40 ? 1 : k + nd - m >= 0 && k + nd - m < nd ? base[k + nd - m] : u8() % 4;
      ops[j] = u8() < 245 ? made_keep(&md[j], make_hist_operand(m, sh)) : pick_arr();
    }
    char as[96];
    jaxc_array *r = NULL;
    if (which == 0) {
      snprintf(what, sizeof what, "select(n=%d)", n);
      trace("%s\n", what);
      r = jaxc_select(n, ops, ops + 4, u8() & 1 ? ops[8] : NULL);
    } else if (which == 1) {
      jaxc_index_mode mode = (jaxc_index_mode)(u8() % 7);
      snprintf(what, sizeof what, "choose(n=%d, mode=%d)", n, (int)mode);
      trace("%s a=%s\n", what, shape_str(as, ops[0]));
      r = jaxc_choose(ops[0], n, ops + 1, mode);
      if (r && (r->weak || jaxc_dtype_kind(ops[0]->dtype) == JAXC_KIND_BOOL || jaxc_dtype_kind(ops[0]->dtype) >= JAXC_KIND_FLOAT))
        FAIL("%s: a %s%s result for an index of %s", what, r->weak ? "weak " : "", jaxc_dtype_name(r->dtype), jaxc_dtype_name(ops[0]->dtype));
    } else if (which == 2) {
      int axis = u8() < 64 ? JAXC_ALL_AXES : (int)(u8() % 8) - 4;
      int64_t size = u8() < 128 ? JAXC_NONE : (int64_t)(u8() % 8) - 1;
      bool ex = u8() < 64;
      snprintf(what, sizeof what, "%s(axis=%d, size=%lld)", ex ? "extract" : "compress", axis, (long long)size);
      trace("%s c=%s a=%s\n", what, shape_str(as, ops[0]), shape_str(as + 48, ops[1]));
      r = ex ? jaxc_extract(ops[0], ops[1], size, u8() & 1 ? ops[2] : NULL) : jaxc_compress(ops[0], ops[1], axis, size, u8() & 1 ? ops[2] : NULL);
      if (r && (r->dtype != ops[1]->dtype || (size != JAXC_NONE && size < 0)))
        FAIL("%s: a %s result from %s", what, jaxc_dtype_name(r->dtype), jaxc_dtype_name(ops[1]->dtype));
      if (r && (ex || axis == JAXC_ALL_AXES ? r->ndim != 1 : r->ndim != ops[1]->ndim)) FAIL("%s: result of rank %d", what, r->ndim);
      if (r && !ex && ops[0] && ops[0]->ndim != 1) FAIL("%s: a result for a condition of rank %d", what, ops[0]->ndim);
    } else {
      bool equiv = u8() & 1;
      snprintf(what, sizeof what, "%s", equiv ? "array_equiv" : "array_equal");
      trace("%s a=%s b=%s\n", what, shape_str(as, ops[0]), shape_str(as + 48, ops[1]));
      r = equiv ? jaxc_array_equiv(ops[0], ops[1]) : jaxc_array_equal(ops[0], ops[1], u8() & 1);
      if (r && (r->dtype != JAXC_BOOL || r->ndim != 0 || r->weak)) FAIL("%s: result %s of rank %d", what, jaxc_dtype_name(r->dtype), r->ndim);
    }
    if (r && which < 2) { /* the broadcast shape of every operand used */
      int k = which == 0 ? 2 * n : n + 1;
      for (int j = 0; j < k; j++) {
        const jaxc_array *o = which == 0 ? (j < n ? ops[j] : ops[4 + j - n]) : ops[j];
        for (int q = 0; q < o->ndim; q++) {
          int64_t d = o->shape[o->ndim - 1 - q];
          if (q >= r->ndim || (d != 1 && d != r->shape[r->ndim - 1 - q])) FAIL("%s: result %s is not the broadcast shape", what, shape_str(as, r));
        }
      }
    }
    jaxc_set_x64(x64_was), jaxc_set_promotion(rules_was);
    snap_verify(what, NULL);
    check_result_array(what, r);
    made_check_free(what, md, 9);
    keep(r);
    break;
  }
  case 46: { /* atleast_nd, h/v/d/column_stack, broadcast_arrays, meshgrid, indices, tril/triu/diag indices,
                fill_diagonal, trapezoid, cross, vander, polynomials, windows (kaiser too), unwrap, bits, resize,
                trim_zeros, put, place, h/v/dsplit, unstack, ix_, cumulative_sum/prod, poly, polydiv, unique_*,
                jnp.linalg (every function: result lists, NULL outputs where a mode asks for none): 1-4 operands of any dtype and rank 0-3 (shapes sharing a
                base, some dims 1, now and then a pool array), any axis, dtype, offset or count. Checked: each
                result list whole or all NULL, stacks and atleast of the rank their rule gives, meshgrid's and
                broadcast_arrays' results of one shape, inputs unchanged */
    made_t md[4] = {{NULL, NULL}};
    bool x64_was = jaxc_x64();
    if (u8() < 48) jaxc_set_x64(!x64_was);
    int which = u8() % 25, nd = u8() % 4, n = u8() % 5;
    static int grid = -2; /* FUZZ_GRID=N (with FUZZ_CASE=46): every such call group N (23: jnp.linalg) */
    if (grid == -2) grid = getenv("FUZZ_GRID") ? atoi(getenv("FUZZ_GRID")) : -1;
    if (grid >= 0) which = grid;
    int64_t base[3];
    for (int k = 0; k < nd; k++) base[k] = u8() % 4;
    const jaxc_array *ops[4];
    for (int j = 0; j < 4; j++) {
      int m = u8() < 200 ? nd : u8() % 4;
      int64_t sh[3];
      for (int k = 0; k < m; k++) sh[k] = u8() < 40 ? 1 : k + nd - m >= 0 && k + nd - m < nd ? base[k + nd - m] : u8() % 4;
      ops[j] = u8() < 245 ? made_keep(&md[j], make_hist_operand(m, sh)) : pick_arr();
    }
    jaxc_dtype dt = u8() < 128 ? JAXC_DTYPE_NONE : (jaxc_dtype)(u8() % (JAXC_NUM_DTYPES + 2));
    int axis = (int)(u8() % 9) - 4;
    int64_t k = (int64_t)(u8() % 17) - 8, m = u8() < 32 ? JAXC_NONE : (int64_t)(u8() % 9) - 1;
    jaxc_array *r = NULL, *out[JAXC_MAX_NDIM] = {NULL};
    int nout = 0, st = JAXC_OK;
    bool listed = true; /* (a status and out[], not r) */
    snprintf(what, sizeof what, "grid op %d (n=%d)", which, n);
    trace("%s\n", what);
    switch (which) {
    case 0: listed = false;
      r = u8() % 3 == 0 ? jaxc_atleast_1d(ops[0]) : u8() & 1 ? jaxc_atleast_2d(ops[0]) : jaxc_atleast_3d(ops[0]);
      if (r && (r->ndim < ops[0]->ndim || r->size != ops[0]->size || r->dtype != ops[0]->dtype)) FAIL("%s: atleast gave rank %d", what, r->ndim);
      break;
    case 1: listed = false, r = jaxc_hstack(n, ops, dt); break;
    case 2: listed = false, r = jaxc_vstack(n, ops, dt); if (r && r->ndim < 2) FAIL("%s: vstack of rank %d", what, r->ndim); break;
    case 3: listed = false, r = jaxc_dstack(n, ops, dt); if (r && r->ndim < 3) FAIL("%s: dstack of rank %d", what, r->ndim); break;
    case 4: listed = false, r = jaxc_column_stack(n, ops); if (r && r->ndim < 2) FAIL("%s: column_stack of rank %d", what, r->ndim); break;
    case 5: {
      /* jnp.broadcast_shapes of hostile shapes never crashes; of the operands' shapes it agrees
         with broadcast_arrays (called last, so that the status left is theirs) */
      int rk[4], gn = -1;
      const int64_t *sp[4];
      int64_t g[JAXC_MAX_NDIM], raw[4][JAXC_MAX_NDIM];
      for (int j = 0; j < n; j++) {
        rk[j] = (int)(u8() % (JAXC_MAX_NDIM + 3)) - 1, sp[j] = u8() < 8 ? NULL : raw[j];
        for (int t = 0; t < JAXC_MAX_NDIM; t++) raw[j][t] = (int64_t)(int8_t)u8() % 5;
      }
      if (jaxc_broadcast_shapes(n, rk, sp, &gn, g) == JAXC_OK)
        for (int t = 0; t < gn; t++)
          if (g[t] < 0) FAIL("%s: broadcast_shapes gave a negative dim", what);
      st = jaxc_broadcast_arrays(nout = n, ops, out);
      bool have = true;
      for (int j = 0; j < n; j++) have = have && ops[j], rk[j] = ops[j] ? ops[j]->ndim : 0, sp[j] = ops[j] ? ops[j]->shape : NULL;
      if (have) {
        int st2 = jaxc_broadcast_shapes(n, rk, sp, &gn, g);
        if (st2 != st) FAIL("%s: broadcast_shapes status %d, broadcast_arrays %d", what, st2, st);
        if (st == JAXC_OK && n && (gn != out[0]->ndim || memcmp(g, out[0]->shape, sizeof(int64_t) * (size_t)gn)))
          FAIL("%s: broadcast_shapes and broadcast_arrays disagree on the shape", what);
      }
      break;
    }
    case 6: st = jaxc_meshgrid(nout = n, ops, u8() & 1, u8() < 16 ? "yx" : u8() & 1 ? "ij" : NULL, out); break;
    case 7: {
      int64_t d[3] = {(int64_t)(u8() % 5) - 1, u8() % 4, u8() % 4};
      if (u8() & 1) listed = false, r = jaxc_indices(n % 4, d, dt);
      else st = jaxc_indices_sparse(nout = n % 4, d, dt, out);
      break;
    }
    case 8: nout = 2;
      st = u8() & 1 ? jaxc_tril_indices_from(ops[0], k, out) : u8() & 1 ? jaxc_tril_indices(m, k, m == JAXC_NONE ? m : m + k % 3, out) : jaxc_triu_indices(m, k, JAXC_NONE, out);
      break;
    case 9:
      if (u8() & 1) st = jaxc_diag_indices_from(ops[0], out), nout = st == JAXC_OK ? ops[0]->ndim : 0;
      else if (u8() & 1) st = jaxc_diag_indices(m, nout = n % 4, out);
      else listed = false, r = jaxc_fill_diagonal(ops[0], ops[1]);
      break;
    case 10: listed = false, r = jaxc_trapezoid(ops[0], u8() & 1 ? ops[1] : NULL, u8() & 1 ? ops[2] : NULL, axis); break;
    case 12: /* (polyval loops over p's first axis, an op on the broadcast each step: a pool array of
                thousands of coefficients took minutes under ASan, libFuzzer's timeout) */
      if ((ops[0] && ops[0]->size > 4096) || (ops[1] && ops[1]->size > 4096)) break;
      listed = false;
      switch (u8() % 8) {
      case 6: r = jaxc_poly(ops[0]); break;
      case 7: { /* polydiv: both results or neither */
        jaxc_array *qq = NULL, *rr = NULL;
        int pst = jaxc_polydiv(ops[0], ops[1], u8() & 1, &qq, &rr);
        if ((pst == JAXC_OK) != (qq && rr) || (!qq) != (!rr)) FAIL("%s: polydiv status %d with q %p, r %p", what, pst, (void *)qq, (void *)rr);
        check_result_array(what, qq), jaxc_array_free(qq);
        r = rr;
        break;
      }
      case 0: r = jaxc_polyval(ops[0], ops[1]); break;
      case 1: r = jaxc_polyadd(ops[0], ops[1]); break;
      case 2: r = jaxc_polysub(ops[0], ops[1]); break;
      case 3: r = jaxc_polymul(ops[0], ops[1], u8() & 1); break;
      case 4: r = jaxc_polyder(ops[0], (int)(u8() % 5) - 1); break;
      default: r = jaxc_polyint(ops[0], (int)(u8() % 5) - 1, u8() & 1 ? ops[1] : NULL);
      }
      break;
    case 13: listed = false;
      r = u8() & 1 ? jaxc_hanning(m) : u8() & 1 ? jaxc_hamming(m) : u8() & 1 ? jaxc_blackman(m) : jaxc_bartlett(m);
      if (r && (r->ndim != 1 || (m > 0 && r->shape[0] != m))) FAIL("%s: a window of %lld", what, (long long)r->shape[0]);
      break;
    case 14: listed = false, r = jaxc_unwrap(ops[0], u8() & 1 ? ops[1] : NULL, axis, u8() & 1 ? ops[2] : NULL); break;
    case 15: listed = false;
      r = u8() & 1 ? jaxc_packbits(ops[0], u8() & 1 ? JAXC_ALL_AXES : axis, u8() < 16 ? "mid" : u8() & 1 ? "little" : NULL)
                   : jaxc_unpackbits(ops[0], u8() & 1 ? JAXC_ALL_AXES : axis, u8() & 1 ? JAXC_NONE : k, u8() & 1 ? "little" : NULL);
      if (r && r->dtype != JAXC_U8) FAIL("%s: bits as %s", what, jaxc_dtype_name(r->dtype));
      break;
    case 16: listed = false;
      if (u8() & 1) r = jaxc_trim_zeros(ops[0], u8() & 1 ? "f" : u8() & 1 ? "b" : NULL);
      else {
        int64_t sh[3] = {(int64_t)(u8() % 6) - 1, u8() % 5, u8() % 5};
        r = jaxc_resize(ops[0], n % 4, sh);
      }
      break;
    case 17: { /* kaiser */
      static const double betas[] = {0, 1.5, -3, 14, 100, 1e300, INFINITY, NAN};
      listed = false, r = jaxc_kaiser(m, betas[u8() % 8]);
      if (r && (r->ndim != 1 || (m > 0 && r->shape[0] != m))) FAIL("%s: a kaiser window of %lld", what, (long long)r->shape[0]);
      break;
    }
    case 18: listed = false;
      if (u8() & 1) r = jaxc_put(ops[0], ops[1], ops[2], (jaxc_index_mode)(u8() % 8));
      else r = jaxc_place(ops[0], ops[1], ops[2]);
      if (r && (r->ndim != ops[0]->ndim || r->dtype != ops[0]->dtype)) FAIL("%s: put/place changed the array's rank or dtype", what);
      break;
    case 19: { /* hsplit, vsplit, dsplit (and _at), at most 4 pieces */
      int f = u8() % 3;
      if (u8() & 1) {
        int64_t sections = 1 + u8() % 4;
        nout = (int)sections;
        st = f == 0 ? jaxc_hsplit(ops[0], sections, out) : f == 1 ? jaxc_vsplit(ops[0], sections, out) : jaxc_dsplit(ops[0], sections, out);
      } else {
        int64_t cuts[3] = {(int64_t)(u8() % 5) - 1, u8() % 4, u8() % 5};
        int nc = u8() % 4;
        nout = nc + 1;
        st = f == 0 ? jaxc_hsplit_at(ops[0], nc, cuts, out) : f == 1 ? jaxc_vsplit_at(ops[0], nc, cuts, out) : jaxc_dsplit_at(ops[0], nc, cuts, out);
      }
      break;
    }
    case 20: { /* unstack (of at most JAXC_MAX_NDIM slices) and ix_ */
      if (u8() & 1) {
        st = jaxc_ix_(nout = n, ops, out);
        break;
      }
      const jaxc_array *x0 = ops[0];
      int ax = x0 && axis < 0 ? axis + x0->ndim : axis;
      bool fits = !x0 || x0->ndim == 0 || ax < 0 || ax >= x0->ndim || x0->shape[ax] <= JAXC_MAX_NDIM;
      if (!fits) { listed = false; break; }
      st = jaxc_unstack(x0, axis, out);
      nout = st == JAXC_OK ? (int)x0->shape[ax] : 0;
      break;
    }
    case 21: listed = false;
      r = (u8() & 1 ? jaxc_cumulative_sum : jaxc_cumulative_prod)(ops[0], u8() & 1 ? JAXC_ALL_AXES : axis, dt, u8() & 1);
      break;
    case 22: { /* unique_values / _counts / _inverse / _all */
      int64_t size = u8() & 1 ? JAXC_NONE : (int64_t)(u8() % 6) - 1;
      const jaxc_array *fill = u8() < 64 ? ops[1] : NULL;
      switch (u8() % 4) {
      case 0: listed = false, r = jaxc_unique_values(ops[0], size, fill); break;
      case 1: st = jaxc_unique_counts(ops[0], size, fill, &out[0], &out[1]), nout = 2; break;
      case 2: st = jaxc_unique_inverse(ops[0], size, fill, &out[0], &out[1]), nout = 2; break;
      default: st = jaxc_unique_all(ops[0], size, fill, &out[0], &out[1], &out[2], &out[3]), nout = 4;
      }
      break;
    }
    case 23: { /* jnp.linalg on small operands of any dtype and rank 0-3 (square or not, batched) */
      static const char *const ords[] = {NULL, "fro", "nuc", "1", "-1", "2", "-2", "inf", "-inf", "0", "3", "bad", ""};
      static const char *const qr_modes[] = {NULL, "reduced", "complete", "r", "raw", "full", "economic"};
      static const char *const uplos[] = {NULL, "L", "U", "l", "X"};
      const char *ord = ords[u8() % 13];
      int pick = u8() % 22;
      char s0[96], s1[96];
      trace("linalg %d a=%s b=%s\n", pick, shape_str(s0, ops[0]), shape_str(s1, ops[1]));
      switch (pick) {
      case 0: st = jaxc_lax_linalg_lu(ops[0], &out[0], &out[1], &out[2]), nout = 3; break;
      case 1: listed = false, r = jaxc_linalg_det(ops[0]); break;
      case 2: st = jaxc_linalg_slogdet(ops[0], &out[0], &out[1]), nout = 2; break;
      case 3: listed = false, r = jaxc_linalg_solve(ops[0], ops[1]); break;
      case 4: listed = false, r = jaxc_linalg_inv(ops[0]); break;
      case 5: listed = false, r = jaxc_linalg_cholesky(ops[0], u8() & 1, u8() & 1); break;
      case 6: listed = false, r = jaxc_linalg_matrix_power(ops[0], k); break;
      case 7: {
        int axes[2] = {axis, (int)(u8() % 5) - 3};
        listed = false, r = u8() & 1 ? jaxc_linalg_vector_norm(ops[0], ord, (int)(u8() % 3), axes, u8() & 1)
                                     : jaxc_linalg_norm(ops[0], ord, (int)(u8() % 3), axes, u8() & 1);
        break;
      }
      case 8: listed = false, r = jaxc_linalg_matrix_norm(ops[0], ord, u8() & 1); break;
      case 9: listed = false, r = jaxc_linalg_svdvals(ops[0]); break;
      case 10: listed = false, r = jaxc_linalg_matrix_rank(ops[0], u8() & 1 ? ops[1] : NULL); break;
      case 11:
        if (u8() & 1) st = jaxc_linalg_svd(ops[0], u8() & 1, true, u8() & 1, &out[0], &out[1], &out[2]), nout = 3;
        else { /* no vectors: s alone, u and vh stay NULL */
          jaxc_array *u = NULL, *vh = NULL;
          st = jaxc_linalg_svd(ops[0], u8() & 1, false, u8() & 1, &u, &out[0], &vh), nout = 1;
          if (u || vh) FAIL("%s: svd without vectors gave vectors", what);
        }
        break;
      case 12: {
        const char *mode = qr_modes[u8() % 7];
        if (mode && !strcmp(mode, "r")) { /* r alone: q stays NULL */
          jaxc_array *q = NULL;
          st = jaxc_linalg_qr(ops[0], mode, &q, &out[0]), nout = 1;
          if (q) FAIL("%s: qr mode r gave q", what);
        } else st = jaxc_linalg_qr(ops[0], mode, &out[0], &out[1]), nout = 2;
        break;
      }
      case 13: st = jaxc_linalg_eigh(ops[0], uplos[u8() % 5], u8() & 1, &out[0], &out[1]), nout = 2; break;
      case 14: listed = false, r = jaxc_linalg_eigvalsh(ops[0], uplos[u8() % 5]); break;
      case 15: st = jaxc_linalg_eig(ops[0], &out[0], &out[1]), nout = 2; break;
      case 16: listed = false, r = jaxc_linalg_eigvals(ops[0]); break;
      case 17: listed = false, r = jaxc_linalg_pinv(ops[0], u8() & 1 ? ops[1] : NULL, u8() & 1); break;
      case 18: st = jaxc_linalg_lstsq(ops[0], ops[1], u8() & 1 ? ops[2] : NULL, &out[0], &out[1], &out[2], &out[3]), nout = 4; break;
      case 19: listed = false, r = jaxc_linalg_cond(ops[0], ord); break;
      case 20: {
        int axes[2] = {axis, (int)(u8() % 5) - 3};
        listed = false, r = u8() & 1 ? jaxc_linalg_tensorinv(ops[0], (int)(u8() % 5) - 1)
                                     : jaxc_linalg_tensorsolve(ops[0], ops[1], (int)(u8() % 3), u8() & 1 ? axes : NULL);
        break;
      }
      default: listed = false, r = u8() & 1 ? jaxc_linalg_multi_dot(n, ops) : jaxc_linalg_matrix_transpose(ops[0]);
      }
      break;
    }
    default: listed = false;
      r = u8() & 1 ? jaxc_cross(ops[0], ops[1], axis, (int)(u8() % 5) - 3, (int)(u8() % 5) - 3, u8() & 1 ? JAXC_ALL_AXES : axis)
                   : jaxc_vander(ops[0], m, u8() & 1);
    }
    bool any = false, all = true;
    for (int j = 0; j < nout; j++) any = any || out[j], all = all && out[j];
    if (nout && (st == JAXC_OK ? !all : any)) FAIL("%s: status %d with a partial result list", what, st);
    if (st == JAXC_OK && (which == 5 || (which == 6 && nout)))
      for (int j = 1; j < nout; j++)
        if (which == 5 && (out[j]->ndim != out[0]->ndim || memcmp(out[j]->shape, out[0]->shape, sizeof(int64_t) * (size_t)out[0]->ndim)))
          FAIL("%s: broadcast_arrays results of different shapes", what);
    jaxc_set_x64(x64_was);
    snap_verify(what, NULL);
    if (!listed) check_result_array(what, r);
    for (int j = 0; j < nout; j++) check_result_array(what, out[j]), jaxc_array_free(out[j]);
    made_check_free(what, md, 4);
    keep(r);
    break;
  }
  default: /* 29: create another array, or free one */
    snap_free();
    if (u8() & 1) create_array();
    else if (npool > 0) {
      int i = u8() % npool;
      trace("free pool[%d]\n", i);
      jaxc_array_free(pool[i]);
      pool[i] = pool[--npool];
    }
    return;
  }
  (void)into_out;
  snap_free();
}

static void reset(void) {
  jaxc_set_x64(false);
  jaxc_set_promotion(JAXC_RULES_JAX);
  jaxc_set_debug_nans(false);
  jaxc_set_debug_infs(false);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  R.p = data, R.n = size, R.i = 0;
  g_tn = 0, g_trace[0] = 0;
  npool = 0, nviews = 0;
  reset();
  memset(shared, 0, SHARED);
  /* shared buffer: from the input's tail-free start */
  uint8_t fill = u8();
  for (int i = 0; i < (fill % 8) * 32; i++) shared[i] = u8();
  uint8_t sw = u8();
  if (sw & 1) jaxc_set_x64(true);
  if (sw & 2) jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  if (sw & 4) jaxc_set_debug_nans(true);
  if (sw & 8) jaxc_set_debug_infs(true);
  int ncreate = 1 + u8() % 4;
  for (int i = 0; i < ncreate; i++) create_array();
  for (int k = 0; k < 32 && more(); k++) one_call();
  for (int i = 0; i < npool; i++) jaxc_array_free(pool[i]);
  npool = 0;
  reset();
  return 0;
}
