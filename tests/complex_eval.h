/* complex_eval.h — one complex op on one pair of values, through the kernels' own scalar
   functions (jaxc__f_<op>_C64 / _C128), results as doubles {re, im} (bool and real results in
   re). Included by tests/test_complex.c (C _Complex storage) and tests/complex_struct.c (the
   {re, im} struct storage of C++ and CUDA builds, JAXC_NO_COMPLEX_H), each defining
   COMPLEX_EVAL_NAME, so that the two builds can be compared value for value. */
#include <stdbool.h>
#include "jaxc_kernels.h"

static void cev_store_b(bool v, double *o) { o[0] = v; o[1] = 0; }
static void cev_store_f(float v, double *o) { o[0] = v; o[1] = 0; }
static void cev_store_d(double v, double *o) { o[0] = v; o[1] = 0; }
static void cev_store_c64(jaxc_c64 v, double *o) { /* (volatile: see the operands below) */
  volatile float re = jaxc__re_jaxc_c64(v), im = jaxc__im_jaxc_c64(v);
  o[0] = re, o[1] = im;
}
static void cev_store_c128(jaxc_c128 v, double *o) { o[0] = jaxc__re_jaxc_c128(v); o[1] = jaxc__im_jaxc_c128(v); }
#define CEV_STORE(v, o) \
  _Generic((v), bool: cev_store_b, float: cev_store_f, double: cev_store_d, jaxc_c64: cev_store_c64, jaxc_c128: cev_store_c128)(v, o)

#define CEV_ROW(OP, name, ar, rule, grp, out, lax) JAXC__IN_##grp##_KC(CEV_CASE_##ar(OP, name))
#define CEV_CASE_RED(OP, name)
#define CEV_CASE_UPD(OP, name)
#define CEV_CASE_UN(OP, name)                                                                      \
  case JAXC_OP_##OP:                                                                               \
    if (c128) CEV_STORE(jaxc__f_##name##_C128(za), out);                                           \
    else CEV_STORE(jaxc__f_##name##_C64(fa), out);                                                 \
    return true;
#define CEV_CASE_BIN(OP, name)                                                                     \
  case JAXC_OP_##OP:                                                                               \
    if (c128) CEV_STORE(jaxc__f_##name##_C128(za, zb), out);                                       \
    else CEV_STORE(jaxc__f_##name##_C64(fa, fb), out);                                             \
    return true;

/* false when the op takes no complex operands */
static bool COMPLEX_EVAL_NAME(jaxc_op op, bool c128, const double *a, const double *b, double *out) {
  jaxc_c128 za = jaxc__mk_jaxc_c128(a[0], a[1]), zb = jaxc__mk_jaxc_c128(b[0], b[1]);
  /* (through volatile floats: GCC 12's SLP vectorizer drops a pair's double -> float -> double
     round trip at -O2, and the struct build's operands would keep their double bits) */
  volatile float a0 = (float)a[0], a1 = (float)a[1], b0 = (float)b[0], b1 = (float)b[1];
  jaxc_c64 fa = jaxc__mk_jaxc_c64(a0, a1), fb = jaxc__mk_jaxc_c64(b0, b1);
  (void)za, (void)zb, (void)fa, (void)fb;
  switch (op) {
    JAXC_OPS(CEV_ROW)
  default: return false;
  }
}
