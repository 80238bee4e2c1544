/* The complex kernels built with {re, im} struct storage (as C++ and CUDA builds have it), for
   tests/test_complex.c to compare with the _Complex build. */
#define JAXC_NO_COMPLEX_H
#define COMPLEX_EVAL_NAME complex_eval_struct
#include "complex_eval.h"
bool complex_eval_struct_entry(jaxc_op op, bool c128, const double *a, const double *b, double *out);
bool complex_eval_struct_entry(jaxc_op op, bool c128, const double *a, const double *b, double *out) {
  return complex_eval_struct(op, c128, a, b, out);
}
