/* test_solo_oom.c — out of memory, everywhere: every allocation every API call makes is made to
   fail in turn (the k-th, for k = 1 .. the number the call makes), through the JAXC_MALLOC hook.
   Each time the call must either succeed with the same result as without the failure, or fail
   with JAXC_ERR_NOMEM and a message; either way it must free everything it allocated (the hook
   counts live blocks) and leave its inputs as they were. Under ASan/UBSan this is also a crash
   and leak test of every NOMEM path. Small arrays, plus one large enough to reduce in parallel. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static atomic_long hook_calls, hook_live;
static long hook_fail_at; /* the hook_calls value whose allocation fails; 0: none */
static void *hook_malloc(size_t n) {
  long call = atomic_fetch_add(&hook_calls, 1) + 1;
  if (call == hook_fail_at) return NULL;
  void *p = malloc(n + 64);
  if (p) atomic_fetch_add(&hook_live, 1);
  return p ? (char *)p + 64 : NULL; /* the library's 64-byte alignment promise */
}
static void hook_free(void *q) {
  atomic_fetch_sub(&hook_live, 1);
  free((char *)q - 64);
}
#define JAXC_MALLOC(ctx, n) ((void)(ctx), hook_malloc(n))
#define JAXC_FREE(ctx, p) ((void)(ctx), hook_free(p))
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "check.h"

/* --- inputs, made before any failure is armed ------------------------------------------------- */
enum { NBIG = 1 << 20 }; /* 4 MiB of float32: reductions go parallel above 4 MiB of traffic */
static jaxc_array *out34, *x34, *i8col, *f32row, *c64v, *f16v, *condcol, *idx, *upd, *big, *u8v, *sq44, *c44, *sq100;
enum { NIN = 13 };
static jaxc_array *inputs[NIN];

static void make_inputs(void) {
  float v12[12];
  for (int i = 0; i < 12; i++) v12[i] = (float)(i % 5) - 1.5f;
  x34 = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){3, 4}, v12);
  i8col = jaxc_array_from_data(JAXC_I8, 2, (int64_t[]){3, 1}, (int8_t[]){-7, 0, 100});
  f32row = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){1, 4}, (float[]){0.5f, -2.0f, 3.25f, 1e30f});
  c64v = jaxc_array_from_data(JAXC_C64, 1, (int64_t[]){3}, (float[]){1, 2, -0.0f, 3, 4, -5});
  f16v = jaxc_array_from_data(JAXC_F16, 1, (int64_t[]){4}, (uint16_t[]){0x3c00, 0xc000, 0x7e00, 0x0001});
  condcol = jaxc_array_from_data(JAXC_BOOL, 2, (int64_t[]){3, 1}, (bool[]){true, false, true});
  idx = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){5}, (int32_t[]){2, -1, 7, 0, 2});
  upd = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){5, 4}, (float[20]){1, 2, 3, 4, 5, 6, 7, 8, 9});
  u8v = jaxc_array_from_data(JAXC_U8, 1, (int64_t[]){6}, (uint8_t[]){200, 3, 0, 255, 17, 3});
  out34 = jaxc_array_zeros(JAXC_F32, 2, (int64_t[]){3, 4});
  int64_t nb = NBIG;
  big = jaxc_random_uniform(jaxc_random_key(7), JAXC_F32, 1, &nb, -1.0, 1.0);
  float v16[16], c32[32] = {0};
  for (int i = 0; i < 16; i++) v16[i] = (float)(i % 7) - 3 + (i % 5 == 0) * 9.0f; /* diagonally dominant */
  for (int i = 0; i < 4; i++) /* Hermitian positive definite: 5 on the diagonal, 1 - i / 2 above, conjugate below */
    for (int j = 0; j < 4; j++) c32[2 * (i * 4 + j)] = i == j ? 5.0f : 1.0f, c32[2 * (i * 4 + j) + 1] = i == j ? 0.0f : i < j ? -0.5f : 0.5f;
  sq44 = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){4, 4}, v16);
  c44 = jaxc_array_from_data(JAXC_C64, 2, (int64_t[]){4, 4}, c32);
  sq100 = jaxc_random_uniform(jaxc_random_key(8), JAXC_F32, 2, (int64_t[]){100, 100}, -1.0, 1.0); /* (40 KB: LU blocked) */
  jaxc_array *all[] = {x34, i8col, f32row, c64v, f16v, condcol, idx, upd, big, u8v, sq44, c44, sq100};
  for (int i = 0; i < NIN; i++) {
    inputs[i] = all[i];
    if (!all[i]) {
      fprintf(stderr, "test_solo_oom: could not make input %d: %s\n", i, jaxc_last_error());
      exit(1);
    }
  }
}

/* --- the calls ---------------------------------------------------------------------------------
   A call returns its array, or for calls that return a status, OK_STATUS / NULL. */
static int ok_status_storage;
#define OK_STATUS ((jaxc_array *)(void *)&ok_status_storage)
static char printed[4096];
static jaxc_array *status_call(int s) { return s == JAXC_OK ? OK_STATUS : NULL; }
static jaxc_array *c_from_data(void) { return jaxc_array_from_data(JAXC_F64, 1, (int64_t[]){2}, (double[]){1, 2}); }
static jaxc_array *c_weak(void) { return jaxc_weak_complex(1, -1); }
static jaxc_array *c_zeros(void) { return jaxc_array_zeros(JAXC_BF16, 2, (int64_t[]){2, 3}); }
static jaxc_array *c_add_bcast(void) { return jaxc_add(i8col, f32row); }
static jaxc_array *c_mul_scalar(void) { return jaxc_multiply(u8v, 3); }
static jaxc_array *c_pow_c64(void) { return jaxc_power(c64v, 0.5); }
static jaxc_array *c_sqrt_f16(void) { return jaxc_sqrt(f16v); }
static jaxc_array *c_astype(void) { return jaxc_astype(x34, JAXC_BF16); }
static jaxc_array *c_where(void) { return jaxc_where(condcol, x34, f32row); }
static jaxc_array *c_sum_axis(void) { return jaxc_sum(x34, 0); }
static jaxc_array *c_mean_all(void) { return jaxc_mean(u8v, JAXC_ALL_AXES); }
static jaxc_array *c_argmax_keep(void) { return jaxc_reduce_ex(JAXC_OP_ARGMAX, x34, 1, true); }
static jaxc_array *c_var(void) { return jaxc_var_ddof(x34, 1, false, 1.0); }
static jaxc_array *c_nanargmin(void) { return jaxc_nanargmin(f16v, 0, false); }
static jaxc_array *c_cumsum(void) { return jaxc_cumsum(x34, 1); }
static jaxc_array *c_big_sum(void) { return jaxc_sum(big, JAXC_ALL_AXES); }
static jaxc_array *c_big_max(void) { return jaxc_max(big, 0); }
static jaxc_array *c_sort(void) { return jaxc_sort(x34, -1); }
static jaxc_array *c_argsort_c64(void) { return jaxc_argsort(c64v, 0); }
static jaxc_array *c_take(void) { return jaxc_take(x34, idx, 1, JAXC_MODE_FILL, NULL); }
static jaxc_array *c_index_take(void) { return jaxc_index_take(x34, idx, 0, JAXC_MODE_DEFAULT, NULL); }
static jaxc_array *c_slice(void) {
  return jaxc_slice(x34, 2, (jaxc_slice_spec[]){JAXC_S(JAXC_NONE, JAXC_NONE, -1), JAXC_S(1, JAXC_NONE, 2)});
}
static jaxc_array *c_at_add(void) { return jaxc_at_update(JAXC_OP_ADD, x34, idx, upd, JAXC_MODE_DEFAULT); }
static jaxc_array *c_at_axis(void) { return jaxc_at_update_axis(JAXC_OP_MAXIMUM, x34, idx, 1, i8col, JAXC_MODE_CLIP); }
static jaxc_array *c_at_slice(void) {
  return jaxc_at_update_slice(JAXC_OP_SET, x34, 2, (jaxc_slice_spec[]){JAXC_I(1), JAXC_ALL}, f16v, JAXC_MODE_DEFAULT);
}
static jaxc_array *c_bits(void) { return jaxc_random_bits(jaxc_random_key(1), JAXC_U16, 2, (int64_t[]){3, 5}); }
static jaxc_array *c_normal(void) { return jaxc_random_normal(jaxc_random_key(2), JAXC_BF16, 1, (int64_t[]){9}); }
static jaxc_array *c_randint(void) { return jaxc_random_randint(jaxc_random_key(3), JAXC_I8, 1, (int64_t[]){9}, -5, 100); }
static jaxc_array *c_bernoulli(void) { return jaxc_random_bernoulli(jaxc_random_key(4), 0.3, 1, (int64_t[]){9}); }
static jaxc_array *c_permutation(void) { return jaxc_random_permutation(jaxc_random_key(5), 300); }
static jaxc_array *c_print(void) {
  memset(printed, 0, sizeof printed);
  FILE *f = fmemopen(printed, sizeof printed - 1, "w");
  if (!f) return NULL;
  int s = jaxc_array_print(c64v, f);
  if (s == JAXC_OK) s = jaxc_array_print(x34, f);
  if (s == JAXC_OK) s = jaxc_array_print(f16v, f);
  fclose(f);
  return status_call(s);
}

static jaxc_array *c_tensordot(void) { return jaxc_tensordot_axes(x34, x34, 1, (int[]){0}, (int[]){0}, JAXC_BF16); }
static jaxc_array *c_vdot_c64(void) { return jaxc_vdot(c64v, c64v, JAXC_DTYPE_NONE); }
static jaxc_array *c_vdot_big(void) { return jaxc_vdot(big, big, JAXC_DTYPE_NONE); }
static jaxc_array *c_vecdot(void) { return jaxc_vecdot(x34, f32row, -1, JAXC_F64); }
static jaxc_array *c_vecdot0(void) { return jaxc_vecdot(x34, x34, 0, JAXC_DTYPE_NONE); } /* (both operands' axes moved) */
static jaxc_array *c_matvec(void) { return jaxc_matvec(x34, f16v); }
static jaxc_array *c_trace(void) { return jaxc_trace(x34, 1, 0, 1, JAXC_I8); }
static jaxc_array *c_diag(void) { return jaxc_diag(c64v, -1); }
static jaxc_array *c_kron(void) { return jaxc_kron(i8col, f32row); }
static jaxc_array *c_einsum3(void) { /* a sum, a size-1 broadcast, the optimal path, a transpose */
  return jaxc_einsum("ij,kj,ik->ki", 3, (const jaxc_array *const[]){x34, f32row, i8col}, JAXC_DTYPE_NONE);
}
static jaxc_array *c_einsum_diag(void) { /* repeated labels: the diagonal, summed in int32 */
  jaxc_array *sq = jaxc_einsum("ij,kj->ik", 2, (const jaxc_array *const[]){x34, x34}, JAXC_DTYPE_NONE);
  jaxc_array *r = sq ? jaxc_einsum("ii,ij->i", 2, (const jaxc_array *const[]){sq, i8col}, JAXC_I32) : NULL;
  jaxc_array_free(sq);
  return r;
}
static jaxc_array *c_einsum_path(void) {
  int path[8];
  return status_call(jaxc_einsum_path("a,a,ij,kj,ik->", 5, (const jaxc_array *const[]){u8v, u8v, x34, f32row, i8col}, path) == 4 ? JAXC_OK : jaxc_last_status());
}
static jaxc_array *c_einsum_path16(void) { /* opt_einsum's greedy: every term shares b */
  const jaxc_array *ops[16];
  int path[32];
  for (int k = 0; k < 16; k++) ops[k] = k < 15 ? x34 : f16v;
  return status_call(jaxc_einsum_path("ab,cb,db,eb,fb,gb,hb,ib,jb,kb,lb,mb,nb,ob,pb,b->", 16, ops, path) == 15 ? JAXC_OK : jaxc_last_status());
}
static jaxc_array *c_flip(void) { return jaxc_flip(x34, 1, (int[]){-1}); }
static jaxc_array *c_roll(void) { return jaxc_roll_axes(x34, 2, (int64_t[]){1, -5}, 2, (int[]){0, 1}); }
static jaxc_array *c_tile(void) { return jaxc_tile(i8col, 3, (int64_t[]){2, 1, 3}); }
static jaxc_array *c_repeat_each(void) { return jaxc_repeat_each(x34, 4, (int64_t[]){2, 0, 1, 3}, 1, 9); }
static jaxc_array *c_pad_constants(void) { /* per-axis constants: converted, then broadcast */
  jaxc_array *c = jaxc_array_from_data(JAXC_F64, 2, (int64_t[]){2, 1}, (double[]){2.5, -1});
  jaxc_array *r = c ? jaxc_pad(x34, 2, (int64_t[]){1, 2}, JAXC_PAD_CONSTANT, c) : NULL;
  jaxc_array_free(c);
  return r;
}
static jaxc_array *c_pad_odd(void) { return jaxc_pad(x34, 4, (int64_t[]){5, 1, 0, 7}, JAXC_PAD_REFLECT_ODD, NULL); }
static jaxc_array *c_pad_ramp(void) { /* linspace's steps, floored, flipped, axis after axis */
  jaxc_pad_args args = {NULL, 2, (double[]){-3.5, 7}, 0, NULL};
  return jaxc_pad_ex(i8col, 2, (int64_t[]){2, 3}, JAXC_PAD_LINEAR_RAMP, &args);
}
static jaxc_array *c_pad_mean(void) {
  jaxc_pad_args args = {NULL, 0, NULL, 1, (int64_t[]){2}};
  return jaxc_pad_ex(x34, 2, (int64_t[]){1, 2}, JAXC_PAD_MEAN, &args);
}
static jaxc_array *c_pad_median(void) { /* isnan, any, where, sort, two slices, add, multiply: axis after axis */
  jaxc_pad_args args = {NULL, 0, NULL, 2, (int64_t[]){3, 2}};
  return jaxc_pad_ex(x34, 1, (int64_t[]){1}, JAXC_PAD_MEDIAN, &args);
}
static jaxc_array *c_rot90(void) { return jaxc_rot90(x34, -1, 0, 1); }
static jaxc_array *c_split(void) { /* the pieces, concatenated back into one result */
  jaxc_array *out[3] = {NULL};
  if (jaxc_array_split(x34, 3, 1, out) != JAXC_OK) return NULL;
  jaxc_array *r = jaxc_concatenate(3, (const jaxc_array *const *)out, 1);
  for (int k = 0; k < 3; k++) jaxc_array_free(out[k]);
  return r;
}
static jaxc_array *c_sort_big(void) { return jaxc_argsort(big, 0); } /* one lane over the threads */
static jaxc_array *c_searchsorted(void) { return jaxc_searchsorted(u8v, f16v, JAXC_SIDE_RIGHT, idx); } /* take, astype */
static jaxc_array *c_digitize(void) { return jaxc_digitize(x34, f16v, true); } /* a NaN end: flipped, subtracted */
static jaxc_array *c_unique_axis(void) { /* every output; the values padded with a fill value */
  jaxc_array *v = NULL, *i = NULL, *inv = NULL, *cnt = NULL, *fill = jaxc_weak_float(-9.5);
  int st = fill ? jaxc_unique_ex(x34, 1, false, 5, fill, &v, &i, &inv, &cnt) : JAXC_ERR_NOMEM;
  jaxc_array_free(fill), jaxc_array_free(i), jaxc_array_free(inv), jaxc_array_free(cnt);
  return st == JAXC_OK ? v : NULL;
}
static jaxc_array *c_unique_flat(void) { /* complex, NaNs merged: the inverse as the result */
  jaxc_array *v = NULL, *inv = NULL;
  int st = jaxc_unique_ex(c64v, JAXC_ALL_AXES, true, JAXC_NONE, NULL, &v, NULL, &inv, NULL);
  jaxc_array_free(v);
  return st == JAXC_OK ? inv : NULL;
}
static jaxc_array *c_argwhere(void) { /* nonzero's mask, coordinates and a where per axis */
  jaxc_array *fill = jaxc_weak_int(-1), *r = fill ? jaxc_argwhere(x34, 11, fill) : NULL;
  jaxc_array_free(fill);
  return r;
}
static jaxc_array *c_bincount(void) { return jaxc_bincount(u8v, u8v, 3, JAXC_NONE); } /* uint8 weights */
static jaxc_array *c_count_nonzero(void) { return jaxc_count_nonzero(c64v, 0, true); }
static jaxc_array *c_top_k_big(void) { /* counted, the first buckets' records sorted */
  jaxc_array *v = NULL, *i = NULL;
  int st = jaxc_top_k(big, 100, 0, &v, &i);
  jaxc_array_free(i);
  return st == JAXC_OK ? v : NULL;
}
static jaxc_array *c_argpartition_big(void) { return jaxc_argpartition(big, NBIG / 3, -1); }
static jaxc_array *c_partition(void) { return jaxc_partition(i8col, -1, 0); }
static jaxc_array *c_lexsort(void) { return jaxc_lexsort(3, (const jaxc_array *const[]){x34, out34, x34}, 1); } /* a group */
static jaxc_array *c_argsort_desc(void) { return jaxc_argsort_ex(c64v, 0, true, true); }
static jaxc_array *c_quantile_big(void) { return jaxc_quantile(big, f16v, JAXC_ALL_AXES, JAXC_QUANTILE_LINEAR, false); } /* select */
static jaxc_array *c_nanpercentile_axes(void) { /* a tuple of axes: transposed, sorted */
  return jaxc_quantile_ex(JAXC_FN_NANPERCENTILE, x34, jaxc__opnd_int(40), 2, (int[]){1, 0}, JAXC_QUANTILE_NEAREST, true);
}
static jaxc_array *c_median_axis(void) { return jaxc_median(x34, 0, false); }
static jaxc_array *c_histogram(void) { /* the one-pass count, and the density's composition */
  jaxc_array *c = NULL, *e = NULL;
  int st = jaxc_histogram(x34, 5, NULL, NULL, NULL, true, &c, &e);
  jaxc_array_free(e);
  return st == JAXC_OK ? c : NULL;
}
static jaxc_array *c_histogram_weighted(void) { /* .at[].add of the weights */
  jaxc_array *c = NULL;
  int st = jaxc_histogram(u8v, 3, NULL, (const double[]){0, 100}, u8v, false, &c, NULL);
  return st == JAXC_OK ? c : NULL;
}
static jaxc_array *c_diff(void) { /* a 0-d prepend broadcast, concatenated, differenced twice */
  jaxc_array *p = jaxc_weak_float(0.5), *r = p ? jaxc_diff(x34, 2, 0, p, x34) : NULL;
  jaxc_array_free(p);
  return r;
}
static jaxc_array *c_ediff1d(void) { return jaxc_ediff1d(x34, f16v, u8v); }
static jaxc_array *c_nanmean_big(void) { return jaxc_nanmean(big, JAXC_ALL_AXES); } /* chunks over the threads */
static jaxc_array *c_nanvar(void) { return jaxc_nanvar_ddof(f16v, 0, true, 1.0); } /* centres, then squares */
static jaxc_array *c_nanmax_c64(void) { return jaxc_nanmax(c64v, 0); }
static jaxc_array *c_nancumprod(void) { return jaxc_nancumprod(f16v, JAXC_ALL_AXES); }

static jaxc_array *c_delete(void) { /* repeats and a negative position: NumPy's mask */
  jaxc_array *o = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){4}, (int32_t[]){3, -1, 0, 3});
  jaxc_array *r = o ? jaxc_delete(x34, o, 1, false) : NULL;
  jaxc_array_free(o);
  return r;
}
static jaxc_array *c_delete_unique(void) { /* distinct, inside: the promise kept */
  jaxc_array *o = jaxc_array_from_data(JAXC_I16, 1, (int64_t[]){2}, (int16_t[]){2, 0});
  jaxc_array *r = o ? jaxc_delete(x34, o, 1, true) : NULL;
  jaxc_array_free(o);
  return r;
}
static jaxc_array *c_delete_unique_repeats(void) { /* the promise broken: JAX's arithmetic, position by position */
  jaxc_array *o = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){4}, (int8_t[]){3, 3, -2, 20});
  jaxc_array *r = o ? jaxc_delete(x34, o, JAXC_ALL_AXES, true) : NULL;
  jaxc_array_free(o);
  return r;
}
static jaxc_array *c_delete_mask(void) {
  jaxc_array *o = jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){4}, (bool[]){true, false, false, true});
  jaxc_array *r = o ? jaxc_delete(x34, o, -1, false) : NULL;
  jaxc_array_free(o);
  return r;
}
static jaxc_array *c_delete_slice(void) { return jaxc_delete_slice(x34, JAXC_S(-2, JAXC_NONE, -3), JAXC_ALL_AXES); }
static jaxc_array *c_insert(void) { /* positions of both signs, clipped; values (3, 1) broadcast to (3, 4) */
  jaxc_array *o = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){4}, (int32_t[]){1, -1, 0, 9});
  jaxc_array *r = o ? jaxc_insert(x34, o, i8col, 1) : NULL;
  jaxc_array_free(o);
  return r;
}
static jaxc_array *c_insert_scalar(void) { /* a 0-d obj: the values' first axis moved to the axis, broadcast */
  jaxc_array *o = jaxc_array_from_data(JAXC_U8, 0, NULL, (uint8_t[]){2});
  jaxc_array *r = o ? jaxc_insert(x34, o, i8col, 1) : NULL;
  jaxc_array_free(o);
  return r;
}
static jaxc_array *c_insert_wrap(void) { /* int8 positions past 127: the wrapped scatters, position by position */
  float v[240];
  int8_t at[40];
  for (int k = 0; k < 240; k++) v[k] = (float)k;
  for (int k = 0; k < 40; k++) at[k] = (int8_t)(k < 30 ? 120 : 100 + k);
  jaxc_array *a = jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){2, 120}, v);
  jaxc_array *o = a ? jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){40}, at) : NULL;
  jaxc_array *val = o ? jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){40}, v + 200) : NULL;
  jaxc_array *r = val ? jaxc_insert(a, o, val, 1) : NULL;
  jaxc_array_free(a), jaxc_array_free(o), jaxc_array_free(val);
  return r;
}
static jaxc_array *c_insert_slice(void) { /* positions 1 and 3; values (2,) broadcast to (3, 2) */
  jaxc_array *val = jaxc_array_from_data(JAXC_I16, 1, (int64_t[]){2}, (int16_t[]){5, -6});
  jaxc_array *r = val ? jaxc_insert_slice(x34, JAXC_S(1, JAXC_NONE, 2), val, 1) : NULL;
  jaxc_array_free(val);
  return r;
}
static jaxc_array *c_append(void) { return jaxc_append(x34, i8col, 1); }
static jaxc_array *c_append_flat(void) { return jaxc_append(u8v, c64v, JAXC_ALL_AXES); } /* raveled, promoted */
static jaxc_array *c_isin(void) { return jaxc_isin(x34, i8col, false); }     /* promoted to float32, bisected */
static jaxc_array *c_isin_table(void) { return jaxc_isin(u8v, idx, true); }  /* int32 spanning few values: the table */
static jaxc_array *c_isin_big(void) { return jaxc_isin(big, big, false); }   /* sorted and merged over the threads */
static jaxc_array *c_intersect(void) { /* indices, a size, a weak float fill (jnp.where's) */
  jaxc_array *v = NULL, *i1 = NULL, *i2 = NULL, *fill = jaxc_weak_float(0.5);
  int st = fill ? jaxc_intersect1d(x34, i8col, false, 6, fill, &v, &i1, &i2) : JAXC_ERR_NOMEM;
  jaxc_array_free(fill), jaxc_array_free(i1), jaxc_array_free(v);
  return st == JAXC_OK ? i2 : NULL;
}
static jaxc_array *c_intersect_big(void) {
  jaxc_array *v = NULL, *i1 = NULL;
  int st = jaxc_intersect1d(big, x34, true, JAXC_NONE, NULL, &v, &i1, NULL);
  jaxc_array_free(i1);
  return st == JAXC_OK ? v : NULL;
}
static jaxc_array *c_union(void) { return jaxc_union1d(u8v, c64v, 7, NULL); }
static jaxc_array *c_setdiff(void) { return jaxc_setdiff1d(c64v, x34, false, 4, NULL); } /* complex NaNs canonical */
static jaxc_array *c_setxor(void) { return jaxc_setxor1d(f16v, x34, false, 9, NULL); }  /* the padding laundered */
static jaxc_array *c_take_along(void) { /* (3, 1) indices broadcast against (3, 4), a fill */
  jaxc_array *f = jaxc_weak_float(-1), *ix = f ? jaxc_astype(i8col, JAXC_I16) : NULL;
  jaxc_array *r = ix ? jaxc_take_along_axis(x34, ix, 0, JAXC_MODE_FILL, f) : NULL;
  jaxc_array_free(f), jaxc_array_free(ix);
  return r;
}
static jaxc_array *c_take_along_flat(void) { return jaxc_take_along_axis(big, idx, JAXC_ALL_AXES, JAXC_MODE_CLIP, NULL); }
static jaxc_array *c_put_along(void) { return jaxc_put_along_axis(x34, i8col, condcol, 1, JAXC_MODE_DEFAULT); } /* bool values cast: direct */
static jaxc_array *c_unravel(void) { /* three divmods, then the clamps: all results or none */
  jaxc_array *o[3] = {0};
  int st = jaxc_unravel_index(idx, 3, (int64_t[]){2, 2, 2}, o);
  jaxc_array_free(o[0]), jaxc_array_free(o[1]);
  return st == JAXC_OK ? o[2] : NULL;
}
static jaxc_array *c_ravel(void) { /* int8 (3, 1) and int32 (5,) broadcast, clipped, promoted */
  const jaxc_array *m[2] = {i8col, idx};
  return jaxc_ravel_multi_index(2, m, (int64_t[]){4, 6}, JAXC_MODE_CLIP, 'F');
}
static jaxc_array *c_put_along_promoted(void) { /* a weak float into uint8: the scatter runs in float32 */
  jaxc_array *v = jaxc_weak_float(2.5), *r = v ? jaxc_put_along_axis(u8v, idx, v, JAXC_ALL_AXES, JAXC_MODE_CLIP) : NULL;
  jaxc_array_free(v);
  return r;
}

/* jnp.linalg: the factorizations and what is composed on them (every step's arrays freed) */
static jaxc_array *c_lu(void) {
  jaxc_array *lu, *pv, *pm;
  int st = jaxc_lax_linalg_lu(c44, &lu, &pv, &pm);
  jaxc_array_free(lu), jaxc_array_free(pv), jaxc_array_free(pm);
  return status_call(st);
}
/* a matrix LU factors blocked: its leaves' copy by columns failing, the leaves run by rows (the
   same bits) */
static jaxc_array *c_lu_blocked(void) {
  jaxc_array *lu, *pv;
  int st = jaxc_lax_linalg_lu(sq100, &lu, &pv, NULL);
  jaxc_array_free(pv);
  return st == JAXC_OK ? lu : NULL;
}
static jaxc_array *c_slogdet(void) {
  jaxc_array *sg, *ld;
  int st = jaxc_linalg_slogdet(c44, &sg, &ld);
  jaxc_array_free(sg), jaxc_array_free(ld);
  return status_call(st);
}
static jaxc_array *c_det4(void) { return jaxc_linalg_det(sq44); }
static jaxc_array *c_solve(void) { return jaxc_linalg_solve(sq44, c44); } /* (float32 with complex64: both promoted) */
static jaxc_array *c_inv(void) { return jaxc_linalg_inv(sq44); }
static jaxc_array *c_cholesky(void) { return jaxc_linalg_cholesky(c44, true, true); }
static jaxc_array *c_matrix_power(void) { return jaxc_linalg_matrix_power(sq44, -5); }
static jaxc_array *c_svdvals(void) { return jaxc_linalg_svdvals(x34); }
static jaxc_array *c_matrix_rank(void) { return jaxc_linalg_matrix_rank(c44, NULL); }
static jaxc_array *c_norm_nuc(void) { return jaxc_linalg_norm(x34, "nuc", 2, (const int[]){1, 0}, true); }
static jaxc_array *c_vector_norm(void) { return jaxc_linalg_vector_norm(x34, "3", 2, (const int[]){0, 1}, false); }
/* a call of several outputs: on success `keep` is returned, the others freed */
static jaxc_array *keep_of(int st, jaxc_array *keep, jaxc_array *o1, jaxc_array *o2, jaxc_array *o3) {
  jaxc_array_free(o1), jaxc_array_free(o2), jaxc_array_free(o3);
  if (st != JAXC_OK) jaxc_array_free(keep);
  return st == JAXC_OK ? keep : NULL;
}
static jaxc_array *c_qr_complete(void) {
  jaxc_array *q, *r;
  int st = jaxc_linalg_qr(x34, "complete", &q, &r);
  return keep_of(st, q, r, NULL, NULL);
}
static jaxc_array *c_qr_raw(void) {
  jaxc_array *h, *t;
  int st = jaxc_linalg_qr(c44, "raw", &h, &t);
  return keep_of(st, t, h, NULL, NULL);
}
static jaxc_array *c_eigh(void) {
  jaxc_array *w, *v;
  int st = jaxc_linalg_eigh(c44, "U", true, &w, &v);
  return keep_of(st, v, w, NULL, NULL);
}
static jaxc_array *c_svd_full(void) {
  jaxc_array *u, *s, *vh;
  int st = jaxc_linalg_svd(x34, true, true, false, &u, &s, &vh);
  return keep_of(st, vh, u, s, NULL);
}
static jaxc_array *c_svd_hermitian(void) {
  jaxc_array *u, *s, *vh;
  int st = jaxc_linalg_svd(c44, false, true, true, &u, &s, &vh);
  return keep_of(st, vh, u, s, NULL);
}
static jaxc_array *c_pinv(void) { return jaxc_linalg_pinv(x34, NULL, false); }
static jaxc_array *c_lstsq(void) {
  jaxc_array *x, *res, *rk, *s;
  int st = jaxc_linalg_lstsq(x34, i8col, NULL, &x, &res, &rk, &s);
  return keep_of(st, x, res, rk, s);
}
static jaxc_array *c_cond1(void) { return jaxc_linalg_cond(sq44, "1"); }
static jaxc_array *c_eig(void) {
  jaxc_array *w, *v;
  int st = jaxc_linalg_eig(sq44, &w, &v);
  return keep_of(st, v, w, NULL, NULL);
}
static jaxc_array *c_eig_c64(void) {
  jaxc_array *w, *v;
  int st = jaxc_linalg_eig(c44, &w, &v);
  return keep_of(st, w, v, NULL, NULL);
}
static jaxc_array *c_eigvals(void) { return jaxc_linalg_eigvals(sq44); }
static jaxc_array *c_tensorinv(void) { return jaxc_linalg_tensorinv(sq44, 1); }
static jaxc_array *c_tensorsolve(void) {
  static const float bv[4] = {1, 2, 3, 4};
  jaxc_array *b = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, bv), *x = b ? jaxc_linalg_tensorsolve(sq44, b, 1, (const int[]){0}) : NULL;
  jaxc_array_free(b);
  return x;
}
static jaxc_array *c_multi_dot(void) { return jaxc_linalg_multi_dot(3, (const jaxc_array *const[]){x34, sq44, sq44}); }
static jaxc_array *c_poly_matrix(void) { return jaxc_poly(sq44); }
static jaxc_array *c_roots(void) {
  static const float pv[5] = {0, 1, -3, 2, 0};
  jaxc_array *p = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){5}, pv), *r = p ? jaxc_roots(p, false) : NULL;
  jaxc_array_free(p);
  return r;
}
typedef struct { const char *name; jaxc_array *(*call)(void); } oom_case;
static const oom_case cases[] = {
  {"from_data", c_from_data}, {"weak_complex", c_weak}, {"zeros", c_zeros}, {"add broadcast", c_add_bcast},
  {"multiply scalar", c_mul_scalar}, {"power c64", c_pow_c64}, {"sqrt f16", c_sqrt_f16},
  {"astype", c_astype}, {"where", c_where}, {"sum axis", c_sum_axis}, {"mean", c_mean_all},
  {"argmax keepdims", c_argmax_keep}, {"var ddof", c_var}, {"nanargmin", c_nanargmin},
  {"cumsum", c_cumsum}, {"big sum", c_big_sum}, {"big max", c_big_max}, {"sort", c_sort},
  {"argsort c64", c_argsort_c64}, {"take fill", c_take}, {"index_take", c_index_take},
  {"slice", c_slice}, {"at add", c_at_add}, {"at axis max", c_at_axis}, {"at slice set", c_at_slice},
  {"random bits", c_bits}, {"random normal", c_normal}, {"random randint", c_randint},
  {"random bernoulli", c_bernoulli}, {"random permutation", c_permutation}, {"print", c_print},
  {"tensordot, preferred bf16", c_tensordot}, {"vdot c64", c_vdot_c64}, {"vdot of 1 M", c_vdot_big}, {"vecdot, preferred f64", c_vecdot}, {"vecdot axis 0", c_vecdot0},
  {"matvec f32 f16", c_matvec}, {"trace, dtype int8", c_trace}, {"diag c64", c_diag}, {"kron i8 f32", c_kron},
  {"einsum of 3", c_einsum3}, {"einsum diagonal", c_einsum_diag}, {"einsum_path of 5", c_einsum_path},
  {"einsum_path of 16", c_einsum_path16}, {"flip", c_flip}, {"roll", c_roll}, {"tile", c_tile},
  {"repeat_each, total", c_repeat_each}, {"pad constants", c_pad_constants}, {"pad reflect odd", c_pad_odd},
  {"pad linear_ramp", c_pad_ramp}, {"pad mean", c_pad_mean}, {"pad median", c_pad_median}, {"rot90", c_rot90},
  {"array_split", c_split}, {"argsort of 1 M", c_sort_big}, {"searchsorted, sorter", c_searchsorted},
  {"digitize", c_digitize}, {"unique along an axis", c_unique_axis}, {"unique c64", c_unique_flat},
  {"argwhere, size, fill", c_argwhere}, {"bincount, weights", c_bincount}, {"count_nonzero c64", c_count_nonzero},
  {"quantile of 1 M", c_quantile_big}, {"nanpercentile, axes", c_nanpercentile_axes}, {"median axis 0", c_median_axis},
  {"histogram, density", c_histogram}, {"histogram, weights", c_histogram_weighted}, {"diff", c_diff}, {"ediff1d", c_ediff1d},
  {"top_k of 1 M", c_top_k_big}, {"argpartition of 1 M", c_argpartition_big}, {"partition", c_partition},
  {"lexsort, 3 keys", c_lexsort}, {"argsort c64 descending", c_argsort_desc},
  {"nanmean of 1 M", c_nanmean_big}, {"nanvar f16, ddof", c_nanvar}, {"nanmax c64", c_nanmax_c64}, {"nancumprod f16", c_nancumprod},
  {"delete, repeats", c_delete}, {"delete, assume_unique", c_delete_unique}, {"delete, assume_unique broken", c_delete_unique_repeats},
  {"delete, bool mask", c_delete_mask}, {"delete_slice, step -3", c_delete_slice}, {"insert, broadcast", c_insert},
  {"insert, 0-d obj", c_insert_scalar}, {"insert, int8 wrapping", c_insert_wrap}, {"insert_slice", c_insert_slice},
  {"append", c_append}, {"append, axis None", c_append_flat},
  {"isin", c_isin}, {"isin, table", c_isin_table}, {"isin of 1 M", c_isin_big}, {"intersect1d, size, fill", c_intersect},
  {"intersect1d of 1 M", c_intersect_big}, {"union1d, size", c_union}, {"setdiff1d c64, size", c_setdiff},
  {"setxor1d f16, size", c_setxor}, {"take_along_axis, fill", c_take_along}, {"take_along_axis, axis None", c_take_along_flat},
  {"put_along_axis", c_put_along}, {"put_along_axis, promoted", c_put_along_promoted}, {"unravel_index", c_unravel},
  {"ravel_multi_index, clip, F", c_ravel},
  {"lax lu c64", c_lu}, {"lax lu 100x100", c_lu_blocked}, {"slogdet c64", c_slogdet}, {"det 4x4", c_det4}, {"solve c64", c_solve}, {"inv", c_inv},
  {"cholesky c64, upper", c_cholesky}, {"matrix_power -5", c_matrix_power}, {"svdvals 3x4", c_svdvals},
  {"matrix_rank c64", c_matrix_rank}, {"norm nuc, keepdims", c_norm_nuc}, {"vector_norm p=3, two axes", c_vector_norm},
  {"qr complete 3x4", c_qr_complete}, {"qr raw c64", c_qr_raw}, {"eigh c64, U", c_eigh}, {"svd full 3x4", c_svd_full},
  {"svd hermitian c64", c_svd_hermitian}, {"pinv 3x4", c_pinv}, {"lstsq 3x4, int8 b", c_lstsq}, {"cond p=1", c_cond1},
  {"eig f32", c_eig}, {"eig c64", c_eig_c64}, {"eigvals", c_eigvals}, {"tensorinv", c_tensorinv}, {"tensorsolve", c_tensorsolve},
  {"multi_dot of 3", c_multi_dot}, {"poly of a matrix", c_poly_matrix}, {"roots, zeros kept", c_roots},
};

/* --- what a call leaves behind ----------------------------------------------------------------- */
typedef struct { jaxc_dtype dtype; bool weak; int ndim; int64_t shape[JAXC_MAX_NDIM]; size_t bytes; unsigned char *data; } snapshot;
static snapshot snap(const jaxc_array *a) {
  snapshot s;
  memset(&s, 0, sizeof s);
  s.dtype = jaxc_array_dtype(a), s.weak = jaxc_array_is_weak(a), s.ndim = jaxc_array_ndim(a);
  if (s.ndim > 0 && s.ndim <= JAXC_MAX_NDIM) memcpy(s.shape, jaxc_array_shape(a), (size_t)s.ndim * sizeof(int64_t));
  s.bytes = (size_t)jaxc_array_size(a) * jaxc_dtype_size(s.dtype);
  s.data = (unsigned char *)malloc(s.bytes ? s.bytes : 1);
  if (!s.data || jaxc_array_copy_to(a, s.data, s.bytes) != JAXC_OK) {
    fprintf(stderr, "test_solo_oom: snapshot failed\n");
    exit(1);
  }
  return s;
}
static bool same(const snapshot *a, const snapshot *b) {
  return a->dtype == b->dtype && a->weak == b->weak && a->ndim == b->ndim &&
         memcmp(a->shape, b->shape, (size_t)a->ndim * sizeof(int64_t)) == 0 && a->bytes == b->bytes &&
         memcmp(a->data, b->data, a->bytes) == 0;
}

static long n_runs, n_failed_cleanly, n_succeeded_anyway;

static void check_case(const oom_case *c, snapshot *in) {
  /* without failures: the reference result and the number of allocations */
  long live0 = atomic_load(&hook_live), calls0 = atomic_load(&hook_calls);
  jaxc_array *ref = c->call();
  long allocs = atomic_load(&hook_calls) - calls0;
  CHECK_MSG(ref != NULL, "%s: fails without any allocation failure: %s", c->name, jaxc_last_error());
  if (!ref) return;
  CHECK_MSG(allocs >= 1, "%s: allocates nothing, so the test tests nothing", c->name);
  snapshot want;
  char want_printed[sizeof printed];
  memcpy(want_printed, printed, sizeof printed);
  if (ref != OK_STATUS) want = snap(ref), jaxc_array_free(ref);
  CHECK_EQ_INT(atomic_load(&hook_live), live0);
  for (long k = 1; k <= allocs; k++) {
    hook_fail_at = atomic_load(&hook_calls) + k;
    jaxc_array *r = c->call();
    hook_fail_at = 0;
    n_runs++;
    if (r == NULL) {
      n_failed_cleanly++;
      CHECK_MSG(jaxc_last_status() == JAXC_ERR_NOMEM && strlen(jaxc_last_error()) > 0,
                "%s, allocation %ld failing: status %d '%s'", c->name, k, (int)jaxc_last_status(), jaxc_last_error());
    } else {
      n_succeeded_anyway++; /* a fallback that needs no memory is fine if it gives the same result */
      CHECK_MSG(jaxc_last_status() == JAXC_OK, "%s, allocation %ld failing: succeeded with status %d", c->name, k,
                (int)jaxc_last_status());
      if (r == OK_STATUS) {
        CHECK_MSG(strcmp(printed, want_printed) == 0, "%s, allocation %ld failing: other output", c->name, k);
      } else {
        snapshot got = snap(r);
        CHECK_MSG(same(&got, &want), "%s, allocation %ld failing: another result", c->name, k);
        free(got.data);
        jaxc_array_free(r);
      }
    }
    CHECK_MSG(atomic_load(&hook_live) == live0, "%s, allocation %ld failing: %ld blocks leaked", c->name, k,
              atomic_load(&hook_live) - live0);
  }
  for (int i = 0; i < NIN; i++) {
    snapshot now = snap(inputs[i]);
    CHECK_MSG(same(&now, &in[i]), "%s: input %d modified", c->name, i);
    free(now.data);
  }
  if (ref != OK_STATUS) free(want.data);
}

int main(void) {
  make_inputs();
  snapshot in[NIN];
  for (int i = 0; i < NIN; i++) in[i] = snap(inputs[i]);
  long live_inputs = atomic_load(&hook_live);
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) check_case(&cases[c], in);
  /* the _into ops allocate nothing (the no-malloc path of firmware builds), broadcasting too */
  long calls = atomic_load(&hook_calls);
  CHECK(jaxc_binary_into(JAXC_OP_ADD, i8col, f32row, out34) == out34);
  CHECK(jaxc_unary_into(JAXC_OP_EXP, x34, out34) == out34);
  CHECK(jaxc_astype_into(i8col, out34) == NULL && jaxc_last_status() == JAXC_ERR_SHAPE); /* no broadcasting */
  CHECK(jaxc_astype_into(x34, out34) == out34);
  uint32_t bits[7];
  CHECK(jaxc_random_bits_into(jaxc_random_key(9), JAXC_U32, 7, bits) == JAXC_OK);
  CHECK_EQ_INT(atomic_load(&hook_calls), calls);
  /* the failure is reported where it happened, in JAX-free words, and the next call clears it */
  hook_fail_at = atomic_load(&hook_calls) + 1;
  CHECK(jaxc_add(x34, x34) == NULL && strstr(jaxc_last_error(), "out of memory") != NULL);
  hook_fail_at = 0;
  jaxc_array *ok = jaxc_add(x34, x34);
  CHECK(ok && jaxc_last_status() == JAXC_OK && jaxc_last_error()[0] == 0);
  jaxc_array_free(ok);
  CHECK_EQ_INT(atomic_load(&hook_live), live_inputs);
  for (int i = 0; i < NIN; i++) jaxc_array_free(inputs[i]), free(in[i].data);
  jaxc_array_free(out34);
  CHECK_EQ_INT(atomic_load(&hook_live), 0);
  printf("test_solo_oom: %zu calls, %ld runs with one allocation failing: %ld failed with NOMEM, %ld succeeded anyway\n",
         sizeof cases / sizeof cases[0], n_runs, n_failed_cleanly, n_succeeded_anyway);
  return check_summary("test_solo_oom");
}
