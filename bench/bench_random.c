/* bench_random.c — jax.random's generators: the time an element, into caller memory (buffer
   reuse) and allocating a fresh array each call, next to a copy of the same output bytes and
   to NumPy's Generator (PCG64, one thread) where it has the distribution, all in the same run.
     bench_random [min_log2 max_log2 [rows whose name contains this]]   (default 20 26)
   Columns: ns/elem (into), copy GB/s, GB/s, copy share, NumPy's ns/elem and NumPy / ours, then
   the allocating form's ns/elem. */
#define _POSIX_C_SOURCE 200809L
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h"

typedef struct row {
  const char *name;
  jaxc_dtype dtype;
  int kind;          /* which generator */
  const char *numpy; /* the Generator call for n values, or NULL */
} row;
enum { UNIFORM, NORMAL, EXPONENTIAL, LAPLACE, LOGISTIC, GUMBEL, GUMBEL_HIGH, GUMBEL_HIGHEST, RADEMACHER };
static const row ROWS[] = {
    {"uniform f32", JAXC_F32, UNIFORM, "g.random(n, dtype=np.float32)"},
    {"normal f32", JAXC_F32, NORMAL, "g.standard_normal(n, dtype=np.float32)"},
    {"exponential f32", JAXC_F32, EXPONENTIAL, "g.standard_exponential(n, dtype=np.float32)"},
    {"laplace f32", JAXC_F32, LAPLACE, NULL},
    {"logistic f32", JAXC_F32, LOGISTIC, NULL},
    {"gumbel f32", JAXC_F32, GUMBEL, NULL},
    {"gumbel high f32", JAXC_F32, GUMBEL_HIGH, NULL},
    {"gumbel highest f32", JAXC_F32, GUMBEL_HIGHEST, NULL},
    {"exponential f64", JAXC_F64, EXPONENTIAL, "g.standard_exponential(n)"},
    {"laplace f64", JAXC_F64, LAPLACE, "g.laplace(size=n)"},
    {"logistic f64", JAXC_F64, LOGISTIC, "g.logistic(size=n)"},
    {"gumbel f64", JAXC_F64, GUMBEL, "g.gumbel(size=n)"},
    {"exponential bf16", JAXC_BF16, EXPONENTIAL, NULL},
    {"rademacher i32", JAXC_I32, RADEMACHER, NULL},
};

typedef struct job { const row *r; int64_t n; void *out; bool alloc; } job;
static int gen_into(const row *r, int64_t n, void *out) {
  jaxc_key k = jaxc_random_key(0);
  switch (r->kind) {
  case UNIFORM: return jaxc_random_uniform_into(k, r->dtype, n, 0.0, 1.0, out);
  case NORMAL: return jaxc_random_normal_into(k, r->dtype, n, out);
  case EXPONENTIAL: return jaxc_random_exponential_into(k, r->dtype, n, out);
  case LAPLACE: return jaxc_random_laplace_into(k, r->dtype, n, out);
  case LOGISTIC: return jaxc_random_logistic_into(k, r->dtype, n, out);
  case GUMBEL: return jaxc_random_gumbel_into(k, r->dtype, n, JAXC_GUMBEL_LOW, out);
  case GUMBEL_HIGH: return jaxc_random_gumbel_into(k, r->dtype, n, JAXC_GUMBEL_HIGH, out);
  case GUMBEL_HIGHEST: return jaxc_random_gumbel_into(k, r->dtype, n, JAXC_GUMBEL_HIGHEST, out);
  default: return jaxc_random_rademacher_into(k, r->dtype, n, out);
  }
}
static jaxc_array *gen_alloc(const row *r, int64_t n) {
  jaxc_key k = jaxc_random_key(0);
  switch (r->kind) {
  case UNIFORM: return jaxc_random_uniform(k, r->dtype, 1, &n, 0.0, 1.0);
  case NORMAL: return jaxc_random_normal(k, r->dtype, 1, &n);
  case EXPONENTIAL: return jaxc_random_exponential(k, r->dtype, 1, &n);
  case LAPLACE: return jaxc_random_laplace(k, r->dtype, 1, &n);
  case LOGISTIC: return jaxc_random_logistic(k, r->dtype, 1, &n);
  case GUMBEL: return jaxc_random_gumbel(k, r->dtype, 1, &n, JAXC_GUMBEL_LOW);
  case GUMBEL_HIGH: return jaxc_random_gumbel(k, r->dtype, 1, &n, JAXC_GUMBEL_HIGH);
  case GUMBEL_HIGHEST: return jaxc_random_gumbel(k, r->dtype, 1, &n, JAXC_GUMBEL_HIGHEST);
  default: return jaxc_random_rademacher(k, r->dtype, 1, &n);
  }
}
static bool run_job(void *p) {
  job *j = (job *)p;
  if (!j->alloc) return gen_into(j->r, j->n, j->out) == JAXC_OK;
  jaxc_array *a = gen_alloc(j->r, j->n);
  jaxc_array_free(a);
  return a != NULL;
}

static bool numpy_ok;
static int run_row(const row *r, int lg) {
  const int64_t n = (int64_t)1 << lg;
  const size_t bytes = (size_t)n * jaxc_dtype_size(r->dtype);
  const int reps = lg <= 20 ? 20 : lg <= 24 ? 6 : 3;
  void *out = malloc(bytes);
  if (!out) return fprintf(stderr, "out of memory\n"), 1;
  bench_par_set((char *)out, 0, bytes); /* every page touched before timing */
  job j = {r, n, out, false};
  double t, tc, ta, tc2;
  if (!bench_best_with_copy(run_job, &j, 2 * bytes, reps, &t, &tc)) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  j.alloc = true;
  if (!bench_best_with_copy(run_job, &j, 2 * bytes, reps, &ta, &tc2)) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  if (tc2 < tc) tc = tc2;
  double tn = -1;
  if (numpy_ok && r->numpy) {
    char setup[128];
    snprintf(setup, sizeof setup, "n = %lld; g = np.random.default_rng(0)", (long long)n);
    tn = bench_numpy_best(setup, r->numpy, reps);
  }
  printf("%-19s %3d", r->name, lg);
  bench_print_figures(n, bytes, t, tc, tn, true, 16);
  printf("%-19s %3s %8.3f (allocating)\n", "", "", ta / (double)n * 1e9);
  free(out);
  return 0;
}

int main(int argc, char **argv) {
  bench_range range = bench_args(argc, argv);
  numpy_ok = bench_numpy_present();
  jaxc_set_x64(true); /* float64 rows in float64 */
  printf("bench_random: threefry2x32 (partitionable) generators, %d thread(s); NumPy: Generator(PCG64), 1 thread%s\n",
         bench_threads(), numpy_ok ? "" : " (not found)");
  printf("%-19s %3s %8s %8s %8s %6s %16s\n", "row", "lg", "ns/elem", "copyGB/s", "GB/s", "copy%", "NumPy ns  ratio");
  BENCH_EACH_ROW(ROWS, range, run_row);
  return 0;
}
