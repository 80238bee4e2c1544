/* bench_nn.c — jax.nn: activations (fused float loops), softmax / log_softmax / standardize
   (fused rows), logsumexp (op by op) and one_hot (n counts its output's elements), the time
   an element next to a copy of the same bytes (input read and output written) and to NumPy's
   usual expression for the function, all in the same run.
     bench_nn [min_log2 max_log2 [rows whose name contains this]]   (default 20 26)
   Columns: ns/elem, copy GB/s, GB/s, copy share, NumPy's ns/elem and NumPy / ours; then the
   same call with the buffer cache off (every result in fresh memory: huge pages past 4 MiB) and
   the op-by-op path (one jnp op at a time, as the fused loops are checked against). */
#define _POSIX_C_SOURCE 200809L
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "bench_util.h"

typedef struct row {
  const char *name;
  jaxc_dtype dtype;
  int kind;          /* an activation, or one of the reductions below */
  int64_t lane;      /* softmax and logsumexp: the last axis' length; one_hot: the classes */
  const char *numpy; /* NumPy on x for the same values, or NULL */
} row;
enum { SOFTMAX = JAXC_NUM_NN_ACTIVATIONS, LOG_SOFTMAX, LOGSUMEXP, ONE_HOT, STANDARDIZE };
static const row ROWS[] = {
    {"relu f32", JAXC_F32, JAXC_NN_RELU, 0, "np.maximum(x, 0)"},
    {"sigmoid f32", JAXC_F32, JAXC_NN_SIGMOID, 0, "1 / (1 + np.exp(-x))"},
    {"silu f32", JAXC_F32, JAXC_NN_SILU, 0, "x / (1 + np.exp(-x))"},
    {"softplus f32", JAXC_F32, JAXC_NN_SOFTPLUS, 0, "np.logaddexp(x, np.float32(0))"},
    {"gelu f32", JAXC_F32, JAXC_NN_GELU, 0, "0.5 * x * (1 + np.tanh(np.float32(0.7978846) * (x + np.float32(0.044715) * x**3)))"},
    {"gelu_exact f32", JAXC_F32, JAXC_NN_GELU_EXACT, 0, NULL},
    {"elu f32", JAXC_F32, JAXC_NN_ELU, 0, "np.where(x > 0, x, np.expm1(x))"},
    {"leaky_relu f32", JAXC_F32, JAXC_NN_LEAKY_RELU, 0, "np.where(x >= 0, x, np.float32(0.01) * x)"},
    {"mish f32", JAXC_F32, JAXC_NN_MISH, 0, "x * np.tanh(np.logaddexp(x, np.float32(0)))"},
    {"sigmoid bf16", JAXC_BF16, JAXC_NN_SIGMOID, 0, NULL},
    {"gelu f64", JAXC_F64, JAXC_NN_GELU, 0, "0.5 * x * (1 + np.tanh(0.7978845608 * (x + 0.044715 * x**3)))"},
    {"softmax f32 [.,1024]", JAXC_F32, SOFTMAX, 1024, "(lambda e: e / e.sum(-1, keepdims=True))(np.exp(x - x.max(-1, keepdims=True)))"},
    {"softmax f32 [.,64]", JAXC_F32, SOFTMAX, 64, "(lambda e: e / e.sum(-1, keepdims=True))(np.exp(x - x.max(-1, keepdims=True)))"},
    {"log_softmax f32 [.,1024]", JAXC_F32, LOG_SOFTMAX, 1024,
     "(lambda s: s - np.log(np.exp(s).sum(-1, keepdims=True)))(x - x.max(-1, keepdims=True))"},
    {"logsumexp f32 [.,1024]", JAXC_F32, LOGSUMEXP, 1024,
     "(lambda m: np.log(np.exp(x - m).sum(-1)) + m[..., 0])(x.max(-1, keepdims=True))"},
    {"standardize f32 [.,1024]", JAXC_F32, STANDARDIZE, 1024,
     "(lambda m: (x - m) / np.sqrt((x * x).mean(-1, keepdims=True) - m * m + np.float32(1e-5)))(x.mean(-1, keepdims=True))"},
    {"one_hot i32->f32 [.,10]", JAXC_F32, ONE_HOT, 10, "(x[:, None] == np.arange(10)).astype(np.float32)"},
    {"one_hot i32->f32 [.,1024]", JAXC_F32, ONE_HOT, 1024, "(x[:, None] == np.arange(1024)).astype(np.float32)"},
};

typedef struct job { const row *r; const jaxc_array *x; int path; } job; /* path 0 API, 1 op by op */
/* one_hot as jax.nn writes it: (x[..., None] == iota).astype(dtype) */
static jaxc_array *one_hot_ops(const jaxc_array *x, int64_t classes) {
  jaxc_array *e = jaxc_expand_dims(x, -1), *io = jaxc_arange(0, classes, 1, JAXC_I32), *eq = jaxc_equal(e, io), *r = jaxc_astype(eq, JAXC_F32);
  jaxc_array_free(e), jaxc_array_free(io), jaxc_array_free(eq);
  return r;
}
static jaxc_array *call(const row *r, const jaxc_array *x, int path) {
  double p = r->kind < JAXC_NUM_NN_ACTIVATIONS ? jaxc_activation_default((jaxc_activation)r->kind) : 0;
  switch (r->kind) {
  case SOFTMAX: return path ? jaxc__nn_softmax_ops(x, -1, NULL, false) : jaxc_nn_softmax(x, -1, NULL);
  case LOG_SOFTMAX: return path ? jaxc__nn_softmax_ops(x, -1, NULL, true) : jaxc_nn_log_softmax(x, -1, NULL);
  case LOGSUMEXP: return jaxc_logsumexp(x, -1, NULL, false, NULL, NULL);
  case STANDARDIZE: return path ? jaxc__nn_standardize_ops(x, -1, NULL, NULL, 1e-5, NULL) : jaxc_nn_standardize(x, -1, NULL, NULL, 1e-5, NULL);
  case ONE_HOT: return path ? one_hot_ops(x, r->lane) : jaxc_nn_one_hot(x, r->lane, JAXC_F32, -1);
  default:
    return path ? jaxc__nn_activation_ops((jaxc_activation)r->kind, x, p) : jaxc_nn_activation((jaxc_activation)r->kind, x, p);
  }
}
static bool run_job(void *p) {
  job *j = (job *)p;
  jaxc_array *a = call(j->r, j->x, j->path);
  jaxc_array_free(a);
  return a != NULL;
}

static bool numpy_ok;
static int run_row(const row *r, int lg) {
  const int64_t n = (int64_t)1 << lg;
  const size_t es = jaxc_dtype_size(r->dtype);
  const int reps = lg <= 20 ? 20 : lg <= 24 ? 6 : 3;
  int64_t shape[2] = {r->lane ? n / r->lane : n, r->lane};
  /* inputs in [-8, 8) (softmax lanes: [-30, 30); one_hot: int32 classes), drawn once */
  jaxc_key key = jaxc_random_key(1);
  double span = r->lane ? 30 : 8;
  bool hot = r->kind == ONE_HOT;
  jaxc_array *x = hot ? jaxc_random_randint(key, JAXC_I32, 1, shape, 0, r->lane)
                      : jaxc_random_uniform(key, r->dtype, r->lane ? 2 : 1, shape, -span, span);
  if (!x) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  /* bytes moved: the input read and the output written (logsumexp writes one value a lane,
     one_hot reads one a lane) */
  size_t bytes = r->kind == LOGSUMEXP ? (size_t)(n + shape[0]) * es : hot ? (size_t)(n + shape[0]) * 4 : (size_t)(2 * n) * es;
  job j = {r, x, 0};
  double t, tc, tfresh, tops, tc2;
  if (!bench_best_with_copy(run_job, &j, bytes, reps, &t, &tc)) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  jaxc_set_buffer_cache(0);
  bool ok = bench_best_with_copy(run_job, &j, bytes, reps, &tfresh, &tc2);
  jaxc_set_buffer_cache(JAXC_BUFFER_CACHE_BYTES);
  if (!ok) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  if (tc2 < tc) tc = tc2;
  j.path = 1;
  if (!bench_best_with_copy(run_job, &j, bytes, lg <= 22 ? reps : 2, &tops, &tc2)) return fprintf(stderr, "%s: %s\n", r->name, jaxc_last_error()), 1;
  if (tc2 < tc) tc = tc2;
  double tn = -1;
  if (numpy_ok && r->numpy) {
    char setup[256];
    if (hot)
      snprintf(setup, sizeof setup, "x = np.random.default_rng(0).integers(0, %lld, %lld).astype(np.int32)", (long long)r->lane,
               (long long)shape[0]);
    else
      snprintf(setup, sizeof setup, "x = np.random.default_rng(0).uniform(%g, %g, (%lld, %lld)).astype(np.%s)%s", -span, span,
               (long long)shape[0], (long long)(r->lane ? r->lane : 1), r->dtype == JAXC_F64 ? "float64" : "float32",
               r->lane ? "" : ".ravel()");
    tn = bench_numpy_best(setup, r->numpy, reps);
  }
  printf("%-24s %3d", r->name, lg);
  bench_print_figures(n, bytes, t, tc, tn, true, 16);
  printf("%-24s %3s %8.3f (fresh memory)  %8.3f (op by op)\n", "", "", tfresh / (double)n * 1e9, tops / (double)n * 1e9);
  jaxc_array_free(x);
  return 0;
}

int main(int argc, char **argv) {
  bench_range range = bench_args(argc, argv);
  numpy_ok = bench_numpy_present();
  jaxc_set_x64(true); /* the float64 row in float64 */
  printf("bench_nn: jax.nn, %d thread(s); NumPy: 1 thread%s\n", bench_threads(), numpy_ok ? "" : " (not found)");
  printf("%-24s %3s %8s %8s %8s %6s %16s\n", "row", "lg", "ns/elem", "copyGB/s", "GB/s", "copy%", "NumPy ns  ratio");
  BENCH_EACH_ROW(ROWS, range, run_row);
  return 0;
}
