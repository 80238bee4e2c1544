/* jaxc_kernels.h from C++ (g++ and clang++, -Werror, with the SIMD loops of >>vector compiled
   in): what nvcc's host pass and C++ programs see. The constant sizes once tripped gcc's
   loop-bound warnings; g++ 12's intrinsics need GCC PR 105593's workaround. */
#include "jaxc_kernels.h"
int compile_cxx_smoke(void);
int compile_cxx_smoke(void) {
  float f[48] = {0}, fo[48];
  double d[48] = {0}, dout[48];
  jaxc_kernel_sqrt_f32(48, f, fo);
  jaxc_kernel_sqrt_f64(40, d, dout);
  jaxc_kernel_abs_c64(24, (const jaxc_c64 *)(const void *)f, fo);
  jaxc_kernel_abs_c128(24, (const jaxc_c128 *)(const void *)d, dout);
  return (int)(fo[3] + dout[2]) + (int)jaxc_scalar_add_u8_i8(200, -100);
}
