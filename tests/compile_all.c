/* Compile-only smoke test: every header together, implementation included. */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"
int compile_all_smoke(void);
int compile_all_smoke(void) { return (int)jaxc_dtype_size(JAXC_F32); }
