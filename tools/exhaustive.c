/* exhaustive.c — every one of the 2^32 float32 inputs through the float32 math kernels
   (>>float math: exp, log, tanh, log1p, expm1, sin, cos, tan, arcsin, arccos, arctan, sinh, cosh,
   arcsinh, arccosh, arctanh, cbrt), against long double:
     - the array kernel (vector code and its redo pass) equals the scalar function, bit for bit;
     - the result is correctly rounded, or else listed with its distance in ulps.
   It takes minutes (2 threads: about 1 per function), so it is not part of make test; the
   inputs it lists are checked by name in tests/test_vector.c, and the README quotes it.
   Run: make exhaustive [FNS="sin cos"] */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
#include "tests/testlib.h" /* f2u, u2f, ulps_f */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *name;
  void (*kernel)(size_t, const float *, float *);
  float (*scalar)(float);
  long double (*ref)(long double);
} math_fn;
static const math_fn fns[] = {
    {"exp", jaxc_kernel_exp_f32, jaxc_scalar_exp_f32, expl},       {"log", jaxc_kernel_log_f32, jaxc_scalar_log_f32, logl},
    {"tanh", jaxc_kernel_tanh_f32, jaxc_scalar_tanh_f32, tanhl},   {"log1p", jaxc_kernel_log1p_f32, jaxc_scalar_log1p_f32, log1pl},
    {"expm1", jaxc_kernel_expm1_f32, jaxc_scalar_expm1_f32, expm1l}, {"sin", jaxc_kernel_sin_f32, jaxc_scalar_sin_f32, sinl},
    {"cos", jaxc_kernel_cos_f32, jaxc_scalar_cos_f32, cosl},       {"tan", jaxc_kernel_tan_f32, jaxc_scalar_tan_f32, tanl},
    {"arcsin", jaxc_kernel_arcsin_f32, jaxc_scalar_arcsin_f32, asinl}, {"arccos", jaxc_kernel_arccos_f32, jaxc_scalar_arccos_f32, acosl},
    {"arctan", jaxc_kernel_arctan_f32, jaxc_scalar_arctan_f32, atanl}, {"sinh", jaxc_kernel_sinh_f32, jaxc_scalar_sinh_f32, sinhl},
    {"cosh", jaxc_kernel_cosh_f32, jaxc_scalar_cosh_f32, coshl},       {"arcsinh", jaxc_kernel_arcsinh_f32, jaxc_scalar_arcsinh_f32, asinhl},
    {"arccosh", jaxc_kernel_arccosh_f32, jaxc_scalar_arccosh_f32, acoshl}, {"arctanh", jaxc_kernel_arctanh_f32, jaxc_scalar_arctanh_f32, atanhl},
    {"cbrt", jaxc_kernel_cbrt_f32, jaxc_scalar_cbrt_f32, cbrtl}};

enum { CHUNK = 1 << 16, MAXLIST = 64 };
static int by_bits(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

static int run(const math_fn *f) {
  long misses = 0, kernel_diffs = 0;
  double worst = 0;
  uint32_t listed[MAXLIST];
  int nlisted = 0;
  long nchunks = (long)(0x100000000ull / CHUNK);
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : misses, kernel_diffs) reduction(max : worst)
  for (long c = 0; c < nchunks; c++) {
    float x[CHUNK], y[CHUNK];
    for (uint32_t i = 0; i < CHUNK; i++) x[i] = u2f((uint32_t)c * CHUNK + i);
    f->kernel(CHUNK, x, y);
    for (uint32_t i = 0; i < CHUNK; i++) {
      float s = f->scalar(x[i]);
      if (f2u(s) != f2u(y[i]) && !(isnan(s) && isnan(y[i]))) kernel_diffs++;
      double e = ulps_f(y[i], f->ref(x[i]));
      if (e > worst) worst = e;
      if (e > 0.5) {
        misses++;
#pragma omp critical
        if (nlisted < MAXLIST) listed[nlisted++] = f2u(x[i]);
      }
    }
  }
  printf("%-6s all 2^32 float32 inputs: %ld not correctly rounded, worst %.6f ulp, %ld kernel/scalar differences\n", f->name,
         misses, worst, kernel_diffs);
  qsort(listed, (size_t)nlisted, sizeof *listed, by_bits);
  for (int i = 0; i < nlisted; i++) {
    float xi = u2f(listed[i]);
    printf("       %s(%a) = %a: %.6f ulp\n", f->name, xi, f->scalar(xi), ulps_f(f->scalar(xi), f->ref(xi)));
  }
  fflush(stdout);
  return kernel_diffs != 0 || worst > 0.501;
}

int main(int argc, char **argv) {
  int fail = 0;
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++) {
    bool wanted = argc < 2;
    for (int a = 1; a < argc; a++) wanted |= strcmp(argv[a], fns[i].name) == 0;
    if (wanted) fail |= run(&fns[i]);
  }
  return fail;
}
