/* jaxc_promote.h needs no libc: compiled with -ffreestanding -nostdinc by make test. */
#include "jaxc_promote.h"
_Static_assert(JAXC_PROMOTE(JAXC_F16, JAXC_BF16) == JAXC_F32, "bf16 v f16 = f32");
int freestanding_join(void);
int freestanding_join(void) { return jaxc_promote_types(JAXC_I8, JAXC_U8) == JAXC_I16; }
/* finfo's fields are computed with exact double arithmetic only (no libm) */
int freestanding_info(void);
int freestanding_info(void) {
  jaxc_float_info f;
  return jaxc_finfo(JAXC_F16, &f) && f.resolution > 0 && jaxc_can_cast(JAXC_I8, JAXC_F16, JAXC_CASTING_SAFE) &&
         jaxc_issubdtype(JAXC_BF16, JAXC_CLASS_FLOATING);
}
