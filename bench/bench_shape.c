/* bench_shape.c — slices, reshape, transpose, concatenate, stack, broadcast_to, flip, rot90,
   roll, tile, repeat, pad, delete, insert, append, take, take_along_axis, put_along_axis, put,
   place and cumulative_sum
   against a same-run copy of the same bytes and NumPy's same call made
   to return a new array (jnp's results are arrays of their own, NumPy's reshape, transpose,
   broadcast_to, flip and rot90 are views: .copy() / ascontiguousarray).
   GB/s = bytes read + written once; copy: a 2-thread memcpy of as many bytes, and jaxc's speed
   as a share of it. Two jaxc paths, both allocating (these ops have no _into form): `cache`, the
   result from the buffer cache of freed large buffers (the steady state of a loop), and `fresh`,
   the cache off (jaxc_set_buffer_cache(0)): every result is new memory, first touched by the op
   (huge pages where the kernel gives them). numpy: its GB/s and jaxc's cache path as a multiple of
   it; ns/elem: the cache path; best of REPS. Inputs: i * 2654435761 mod 97 + 1.
   Run: make bench (or build/opt/bench_shape [min_log2 max_log2 [rows whose name contains this]],
   default 20 26, every row) */
#define _POSIX_C_SOURCE 200809L /* popen, for NumPy's figures */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h" /* (with the C headers and omp.h the benches use) */

enum { REPS = 7 };
typedef enum { SLICE_STEP, SLICE_REV, RESHAPE, TRANSPOSE_SQ, TRANSPOSE_SKINNY, TRANSPOSE_3D, CONCAT0, CONCAT1, STACK, BROADCAST,
               FLIP, FLIP_ROWS, ROT90, ROLL, TILE, REPEAT, PAD_CONST, PAD_REFLECT, DELETE_FEW, DELETE_STEP, DELETE_COLS,
               DELETE_MASK, INSERT_FEW, APPEND, TAKE, TAKE_ALONG1, TAKE_ALONG0, PUT_ALONG, PUT, PLACE, CUMULATIVE_SUM, CUMULATIVE_SUM0 } kind;
typedef struct {
  const char *name, *np; /* NumPy's call on z and w (shapes as jaxc's row has them) */
  kind k;
  jaxc_dtype a, b;
} row;
static const row rows[] = {
    {"slice f32 [:, ::2]", "z[:, ::2].copy()", SLICE_STEP, JAXC_F32, JAXC_F32},
    {"slice f32 [::-1, 1:]", "z[::-1, 1:].copy()", SLICE_REV, JAXC_F32, JAXC_F32},
    {"reshape f32", "z.reshape(-1, 16).copy()", RESHAPE, JAXC_F32, JAXC_F32},
    {"transpose i8", "np.ascontiguousarray(z.T)", TRANSPOSE_SQ, JAXC_I8, JAXC_I8},
    {"transpose f32", "np.ascontiguousarray(z.T)", TRANSPOSE_SQ, JAXC_F32, JAXC_F32},
    {"transpose f64", "np.ascontiguousarray(z.T)", TRANSPOSE_SQ, JAXC_F64, JAXC_F64},
    {"transpose c128", "np.ascontiguousarray(z.T)", TRANSPOSE_SQ, JAXC_C128, JAXC_C128},
    {"transpose f32 (n/4,4)", "np.ascontiguousarray(z.T)", TRANSPOSE_SKINNY, JAXC_F32, JAXC_F32},
    {"transpose f32 3-D", "np.ascontiguousarray(z.transpose(2, 0, 1))", TRANSPOSE_3D, JAXC_F32, JAXC_F32},
    {"concat f32,f32 ax0", "np.concatenate([z, w], axis=0)", CONCAT0, JAXC_F32, JAXC_F32},
    {"concat i8,f32 ax1", "np.concatenate([z, w], axis=1)", CONCAT1, JAXC_I8, JAXC_F32},
    {"stack f32,f32 ax-1", "np.stack([z, w], axis=-1)", STACK, JAXC_F32, JAXC_F32},
    {"broadcast_to f32", "np.broadcast_to(z, (z.shape[1], z.shape[1])).copy()", BROADCAST, JAXC_F32, JAXC_F32},
    {"flip f32", "np.flip(z).copy()", FLIP, JAXC_F32, JAXC_F32},
    {"flip i8 rows", "np.flip(z, 1).copy()", FLIP_ROWS, JAXC_I8, JAXC_I8},
    {"flip f32 rows", "np.flip(z, 1).copy()", FLIP_ROWS, JAXC_F32, JAXC_F32},
    {"rot90 f32", "np.rot90(z).copy()", ROT90, JAXC_F32, JAXC_F32},
    {"roll f32", "np.roll(z, 12345)", ROLL, JAXC_F32, JAXC_F32},
    {"tile f32 x2", "np.tile(z, 2)", TILE, JAXC_F32, JAXC_F32},
    {"repeat f32 x2", "np.repeat(z, 2)", REPEAT, JAXC_F32, JAXC_F32},
    {"pad f32 constant", "np.pad(z, ((0, 0), (16, 16)))", PAD_CONST, JAXC_F32, JAXC_F32},
    {"pad f32 reflect", "np.pad(z, ((0, 0), (16, 16)), 'reflect')", PAD_REFLECT, JAXC_F32, JAXC_F32},
    /* positions: every (size // 1000)-th from 7, as jaxc's w holds them */
    {"delete f32 1000 at", "np.delete(z, np.arange(7, z.size, z.size // 1000))", DELETE_FEW, JAXC_F32, JAXC_I32},
    {"delete f32 ::2", "np.delete(z, slice(None, None, 2))", DELETE_STEP, JAXC_F32, JAXC_F32},
    {"delete f32 16 cols", "np.delete(z, np.arange(0, 1024, 64), axis=1)", DELETE_COLS, JAXC_F32, JAXC_F32},
    {"delete f32 z>49 (mask)", "np.delete(z, z > 49)", DELETE_MASK, JAXC_F32, JAXC_F32}, /* (the mask made in the call) */
    {"insert f32 1000 at", "np.insert(z, np.arange(7, z.size, z.size // 1000), 1.5)", INSERT_FEW, JAXC_F32, JAXC_I32},
    {"append f32,f32", "np.append(z, w)", APPEND, JAXC_F32, JAXC_F32},
    /* gathers: w a permutation, i * 2654435761 mod m (m: the axis length, a power of 2), per row
       of 1024 for the along-axis rows */
    {"take f32 (1-D perm)", "np.take(z, w)", TAKE, JAXC_F32, JAXC_I32},
    {"take_along f32 ax1", "np.take_along_axis(z, w, axis=1)", TAKE_ALONG1, JAXC_F32, JAXC_I32},
    {"take_along i8 ax1", "np.take_along_axis(z, w, axis=1)", TAKE_ALONG1, JAXC_I8, JAXC_I32},
    {"take_along f32 ax0", "np.take_along_axis(z, w, axis=0)", TAKE_ALONG0, JAXC_F32, JAXC_I32},
    {"put_along f32 ax1", "(lambda c: (np.put_along_axis(c, w, 1.5, axis=1), c))(z.copy())", PUT_ALONG, JAXC_F32, JAXC_I32},
    /* jnp.put of 1.5 at a permutation of the flat indices; place of 1.5 where z > 49 (the mask
       made in the call); cumulative_sum of int8 rows (and columns), accumulated in int32 (NumPy 1.24 has no
       cumulative_sum: cumsum with dtype=int32) */
    {"put f32 (1-D perm)", "(lambda c: (np.put(c, w, 1.5), c))(z.copy())", PUT, JAXC_F32, JAXC_I32},
    {"place f32 z>49", "(lambda c: (np.place(c, z > 49, 1.5), c))(z.copy())", PLACE, JAXC_F32, JAXC_F32},
    {"cumulative_sum i8 ax1", "np.cumsum(z, axis=1, dtype=np.int32)", CUMULATIVE_SUM, JAXC_I8, JAXC_I8},
    {"cumulative_sum i8 ax0", "np.cumsum(z, axis=0, dtype=np.int32)", CUMULATIVE_SUM0, JAXC_I8, JAXC_I8},
};

/* the operands' shapes for n result elements: z (nd, zs), w (nd, ws) */
static int shapes(kind k, int lg, int64_t *zs, int64_t *ws) {
  int64_t n = (int64_t)1 << lg, side = (int64_t)1 << (lg / 2);
  switch (k) {
  case SLICE_STEP: case SLICE_REV: zs[0] = n / 1024, zs[1] = 1024; return 2;
  case RESHAPE: zs[0] = n; return 1;
  case TRANSPOSE_SQ: case ROT90: zs[0] = n / side, zs[1] = side; return 2;
  case TRANSPOSE_SKINNY: zs[0] = n / 4, zs[1] = 4; return 2;
  case TRANSPOSE_3D: zs[0] = 64, zs[1] = n / 64 / 256, zs[2] = 256; return 3;
  case CONCAT0: zs[0] = ws[0] = n / 2; return 1;
  case CONCAT1: zs[0] = ws[0] = 1024, zs[1] = ws[1] = n / 2048; return 2;
  case STACK: case APPEND: zs[0] = ws[0] = n / 2; return 1;
  case DELETE_FEW: case DELETE_STEP: case DELETE_MASK: case INSERT_FEW: zs[0] = n; return 1;
  case DELETE_COLS: zs[0] = n / 1024, zs[1] = 1024; return 2;
  case FLIP: case ROLL: zs[0] = n; return 1;
  case FLIP_ROWS: zs[0] = n / 1024, zs[1] = 1024; return 2;
  case TAKE: case PUT: zs[0] = ws[0] = n; return 1;
  case PLACE: case CUMULATIVE_SUM: case CUMULATIVE_SUM0: zs[0] = ws[0] = n / 1024, zs[1] = ws[1] = 1024; return 2;
  case TAKE_ALONG1: case TAKE_ALONG0: case PUT_ALONG: zs[0] = ws[0] = n / 1024, zs[1] = ws[1] = 1024; return 2;
  case TILE: case REPEAT: zs[0] = n / 2; return 1;
  case PAD_CONST: case PAD_REFLECT: zs[0] = n / 1024, zs[1] = 1024 - 32; return 2; /* padded to 1024 columns */
  default: zs[0] = 1, zs[1] = side; return 2; /* BROADCAST, to (side, side) (n when lg is even) */
  }
}
/* values i * 2654435761 mod m + plus (the operands: m 97, plus 1; the gathers' indices: m the axis length, plus 0) */
static jaxc_array *input(jaxc_dtype d, int nd, const int64_t *s, int64_t m, int plus) {
  int64_t n = 1;
  for (int k = 0; k < nd; k++) n *= s[k];
  jaxc_array *f = jaxc_array_empty(JAXC_F64, 1, &n), *a = jaxc_array_empty(d, nd, s);
  if (!f || !a) return jaxc_array_free(f), jaxc_array_free(a), NULL;
  double *p = (double *)jaxc_array_data(f);
  for (int64_t i = 0; i < n; i++) p[i] = (double)(((uint64_t)i * 2654435761u) % (uint64_t)m + (uint64_t)plus);
  jaxc_array flat;
  jaxc_array_wrap(&flat, d, 1, &n, a->data);
  jaxc_astype_into(f, &flat);
  jaxc_array_free(f);
  return a;
}
static jaxc_array *run_once(const row *r, const jaxc_array *z, const jaxc_array *w) {
  const jaxc_array *two[2] = {z, w};
  int64_t side = jaxc_array_shape(z)[jaxc_array_ndim(z) - 1];
  switch (r->k) {
  case SLICE_STEP: return jaxc_slice(z, 2, (jaxc_slice_spec[]){JAXC_ALL, JAXC_S(JAXC_NONE, JAXC_NONE, 2)});
  case SLICE_REV: return jaxc_slice(z, 2, (jaxc_slice_spec[]){JAXC_S(JAXC_NONE, JAXC_NONE, -1), JAXC_S(1, JAXC_NONE, 1)});
  case RESHAPE: return jaxc_reshape(z, 2, (int64_t[]){-1, 16});
  case TRANSPOSE_SQ: case TRANSPOSE_SKINNY: return jaxc_transpose(z, 0, NULL);
  case TRANSPOSE_3D: return jaxc_transpose(z, 3, (int[]){2, 0, 1});
  case CONCAT0: return jaxc_concatenate(2, two, 0);
  case CONCAT1: return jaxc_concatenate(2, two, 1);
  case STACK: return jaxc_stack(2, two, -1);
  case FLIP: return jaxc_flip(z, 0, NULL);
  case FLIP_ROWS: return jaxc_flip(z, 1, (int[]){1});
  case ROT90: return jaxc_rot90(z, 1, 0, 1);
  case ROLL: return jaxc_roll(z, 12345, JAXC_ALL_AXES);
  case TILE: return jaxc_tile(z, 1, (int64_t[]){2});
  case REPEAT: return jaxc_repeat(z, 2, JAXC_ALL_AXES);
  case PAD_CONST: return jaxc_pad(z, 4, (int64_t[]){0, 0, 16, 16}, JAXC_PAD_CONSTANT, NULL);
  case PAD_REFLECT: return jaxc_pad(z, 4, (int64_t[]){0, 0, 16, 16}, JAXC_PAD_REFLECT, NULL);
  case DELETE_FEW: return jaxc_delete(z, w, 0, false);
  case DELETE_STEP: return jaxc_delete_slice(z, JAXC_S(JAXC_NONE, JAXC_NONE, 2), 0);
  case DELETE_COLS: return jaxc_delete_slice(z, JAXC_S(0, 1024, 64), 1);
  case DELETE_MASK: {
    jaxc_array *m = jaxc_greater(z, 49), *r = m ? jaxc_delete(z, m, 0, false) : NULL;
    jaxc_array_free(m);
    return r;
  }
  case INSERT_FEW: {
    jaxc_array *v = jaxc_weak_float(1.5), *r = jaxc_insert(z, w, v, 0);
    jaxc_array_free(v);
    return r;
  }
  case APPEND: return jaxc_append(z, w, JAXC_ALL_AXES);
  case TAKE: return jaxc_take(z, w, JAXC_ALL_AXES, JAXC_MODE_DEFAULT, NULL);
  case TAKE_ALONG1: return jaxc_take_along_axis(z, w, 1, JAXC_MODE_DEFAULT, NULL);
  case TAKE_ALONG0: return jaxc_take_along_axis(z, w, 0, JAXC_MODE_DEFAULT, NULL);
  case PUT_ALONG: {
    jaxc_array *v = jaxc_weak_float(1.5), *r = jaxc_put_along_axis(z, w, v, 1, JAXC_MODE_DEFAULT);
    jaxc_array_free(v);
    return r;
  }
  case PUT: {
    jaxc_array *v = jaxc_weak_float(1.5), *r = jaxc_put(z, w, v, JAXC_MODE_DEFAULT);
    jaxc_array_free(v);
    return r;
  }
  case PLACE: {
    jaxc_array *v = jaxc_weak_float(1.5), *m = jaxc_greater(z, 49), *r = m ? jaxc_place(z, m, v) : NULL;
    jaxc_array_free(v), jaxc_array_free(m);
    return r;
  }
  case CUMULATIVE_SUM: return jaxc_cumulative_sum(z, 1, JAXC_DTYPE_NONE, false);
  case CUMULATIVE_SUM0: return jaxc_cumulative_sum(z, 0, JAXC_DTYPE_NONE, false);
  default: return jaxc_broadcast_to(z, 2, (int64_t[]){side, side});
  }
}

/* delete's and insert's positions: every (n / 1000)-th from 7 */
static jaxc_array *positions(int64_t n) {
  int64_t step = n / 1000, m = (n - 7 + step - 1) / step;
  jaxc_array *p = jaxc_array_empty(JAXC_I32, 1, &m);
  for (int64_t k = 0; p && k < m; k++) ((int32_t *)jaxc_array_data(p))[k] = (int32_t)(7 + k * step);
  return p;
}
static bool two_operands(kind k) { return (k >= CONCAT0 && k <= STACK) || (k >= APPEND && k <= PUT); }
/* the modulus of w's values: a gather's axis length (its indices), else 97 */
static int64_t w_modulus(kind k, const int64_t *zs) {
  return k == TAKE || k == TAKE_ALONG0 || k == PUT ? zs[0] : k > TAKE && k <= PUT_ALONG ? zs[1] : 97;
}

/* NumPy's best seconds per call on the same values; < 0 without it */
static double numpy_seconds(const row *r, int nd, const int64_t *zs, const int64_t *ws) {
  char setup[800], zshape[96], wshape[96];
  bench_shape_tuple(zshape, sizeof zshape, nd, zs);
  bench_shape_tuple(wshape, sizeof wshape, nd, two_operands(r->k) ? ws : zs);
  snprintf(setup, sizeof setup,
           "f = lambda s, d, m, o: ((np.arange(np.prod(s), dtype=np.uint64) * 2654435761) %% m + o).astype(d).reshape(s); "
           "z = f((%s), '%s', 97, 1); w = f((%s), '%s', %lld, %d)",
           zshape, jaxc_dtype_name(r->a), wshape, jaxc_dtype_name(r->b), (long long)w_modulus(r->k, zs), r->k >= TAKE ? 0 : 1);
  return bench_numpy_best(setup, r->np, REPS);
}

static int bench_row(const row *r, int lg) {
  int64_t zs[3], ws[3];
  int nd = shapes(r->k, lg, zs, ws);
  bool two = two_operands(r->k);
  jaxc_array *z = input(r->a, nd, zs, 97, 1), *w = two ? input(r->b, nd, ws, w_modulus(r->k, zs), r->k >= TAKE ? 0 : 1) : NULL;
  if (r->k == DELETE_FEW || r->k == INSERT_FEW) w = positions(zs[0]); /* (not counted in the bytes) */
  jaxc_array *probe = z && (!two || w) ? run_once(r, z, w) : NULL;
  if (!probe) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  int64_t n = jaxc_array_size(probe);
  size_t bytes = (size_t)jaxc_array_size(z) * jaxc_dtype_size(r->a) + (two ? (size_t)jaxc_array_size(w) * jaxc_dtype_size(r->b) : 0) +
                 (size_t)n * jaxc_dtype_size(jaxc_array_dtype(probe));
  jaxc_array_free(probe);
  char *src = malloc(bytes / 2 + 64), *dst = malloc(bytes / 2 + 64);
  if (!src || !dst) return 1;
  memset(src, 1, bytes / 2 + 64), memset(dst, 2, bytes / 2 + 64);
  double t_cache = 1e30, t_fresh = 1e30, t_copy = 1e30;
  for (int pass = 0; pass < 2; pass++) {  /* the cache path, then the fresh one */
    if (pass) jaxc_set_buffer_cache(0); /* (releases the cache: every result is new memory) */
    for (int rep = 0; rep <= REPS; rep++) { /* rep 0 warms up; the copy takes turns with the op */
      double t0 = bench_now();
      jaxc_array *res = run_once(r, z, w);
      double t1 = bench_now();
      jaxc_array_free(res);
      double t2 = bench_now();
      bench_par_copy(dst, src, bytes / 2, 0);
      double t3 = bench_now();
      if (!res) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
      if (rep && t1 - t0 < (pass ? t_fresh : t_cache)) *(pass ? &t_fresh : &t_cache) = t1 - t0;
      if (rep && t3 - t2 < t_copy) t_copy = t3 - t2;
    }
  }
  jaxc_set_buffer_cache(JAXC_BUFFER_CACHE_BYTES);
  double tn = numpy_seconds(r, nd, zs, ws);
  char np_s[40] = "n/a";
  if (tn > 0) snprintf(np_s, sizeof np_s, "%7.2f %6.1fx", (double)bytes / tn / 1e9, tn / t_cache);
  printf("  %-22s %5d %8.3f %8.2f %8.2f %5.0f%% %8.2f %5.0f%% %16s\n", r->name, lg, t_cache / (double)n * 1e9,
         (double)bytes / t_copy / 1e9, (double)bytes / t_cache / 1e9, 100 * t_copy / t_cache, (double)bytes / t_fresh / 1e9,
         100 * t_copy / t_fresh, np_s);
  fflush(stdout);
  jaxc_array_free(z), jaxc_array_free(w), free(src), free(dst);
  return 0;
}

int main(int argc, char **argv) {
  bench_range range = bench_args(argc, argv);
  int threads = bench_threads();
  jaxc_set_x64(true);
  printf("bench_shape: best of %d, %d thread(s); GB/s = bytes read + written; NumPy: 1 thread, a new array\n", REPS, threads);
  printf("  %-22s %5s %8s %8s %14s %14s %16s\n", "op", "log2n", "ns/elem", "copy GB/s", "cache: GB/s copy",
         "fresh: GB/s copy", "numpy: GB/s jaxc");
  BENCH_EACH_ROW(rows, range, bench_row);
  return 0;
}
