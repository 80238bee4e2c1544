/* Compile-only: the whole library with complex values stored as {re, im} structs (the storage
   of C++/CUDA builds and of C compilers without _Complex), implementation included. */
#define JAXC_NO_COMPLEX_H
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
float compile_nocomplex_smoke(void);
float compile_nocomplex_smoke(void) {
  jaxc_c64 z = jaxc_scalar_sqrt_c64(jaxc__mk_jaxc_c64(-4, 0));
  return z.im + jaxc_scalar_abs_c64(z);
}
