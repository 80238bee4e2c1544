/* Compiling this file is the test: every row of the generated pair table (jaxc_kernels.h)
   names the x64 storage dtype of JAXC_PROMOTE, the lattice's own join, and the fused kernels'
   C return types are that dtype's type. */
#include "jaxc_kernels.h"

#define STORAGE64_ICE(d) \
  ((d) == JAXC_WEAK_INT ? JAXC_I64 : (d) == JAXC_WEAK_FLOAT ? JAXC_F64 : (d) == JAXC_WEAK_COMPLEX ? JAXC_C128 : (d))
#define PAIR_CHECK(P, ca, A, cb, B, co, O, KO, FA, FB)                                    \
  _Static_assert(STORAGE64_ICE(JAXC_PROMOTE(JAXC_##A, JAXC_##B)) == JAXC_##O, #ca " v " #cb " is " #co); \
  _Static_assert(_Generic(jaxc_scalar_add_##ca##_##cb((jaxc__T_##A){0}, (jaxc__T_##B){0}), jaxc__T_##O: 1, default: 0), \
                 "add_" #ca "_" #cb " returns " #co);                                   \
  _Static_assert(_Generic(jaxc_scalar_equal_##ca##_##cb((jaxc__T_##A){0}, (jaxc__T_##B){0}), bool: 1, default: 0), \
                 "equal_" #ca "_" #cb " returns bool");
JAXC__PAIRS(PAIR_CHECK, ~)
int compile_pairs_count(void);
int compile_pairs_count(void) { return 210; }
