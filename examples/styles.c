/* styles — the three ways to use jaxc, from most dynamic to fully static.
   1. Arrays (jaxc.h): dtypes at run time, JAX's promotion and errors, C scalars weak.
   2. Typed kernels (jaxc_kernels.h): one function per op and dtype pair, writing into your
      buffers; no allocation, no jaxc_array, usable in firmware.
   3. Scalar functions: one value at a time, the C return type is JAX's result type.
   Build: make build/styles && ./build/styles */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"

int main(void) {
  /* 1. arrays, allocated by jaxc */
  int8_t xi[4] = {1, -2, 3, -4};
  float yf[4] = {0.5f, 0.25f, 0.125f, 2.0f};
  jaxc_array *x = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){4}, xi);
  jaxc_array *y = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, yf);
  jaxc_array *z = jaxc_add(x, y); /* int8 + float32 -> float32 */
  printf("1. arrays:         ");
  jaxc_array_print(z, stdout);

  /* 1b. the same with no allocation: wrap your own memory, write into your own output */
  float out[4];
  jaxc_array xs, ys, os;
  jaxc_array_wrap(&xs, JAXC_I8, 1, (int64_t[]){4}, xi);
  jaxc_array_wrap(&ys, JAXC_F32, 1, (int64_t[]){4}, yf);
  jaxc_array_wrap(&os, JAXC_F32, 1, (int64_t[]){4}, out);
  jaxc_binary_into(JAXC_OP_ADD, &xs, &ys, &os);
  printf("1b. wrapped:       %g %g %g %g\n", out[0], out[1], out[2], out[3]);

  /* 2. a typed kernel: the fused int8 + float32 loop, converting inside the loop */
  jaxc_kernel_add_i8_f32(4, xi, yf, out);
  printf("2. typed kernel:   %g %g %g %g\n", out[0], out[1], out[2], out[3]);

  /* 3. scalar functions: the return type is the promoted C type */
  int16_t s = jaxc_scalar_add_u8_i8(200, -100);           /* u8 v i8 = i16 */
  float f = jaxc_scalar_multiply_bf16_f32(jaxc_f32_to_bf16(1.5f), 3.0f); /* bf16 v f32 = f32 */
  jaxc_bf16 h = jaxc_scalar_multiply_bf16_bf16(jaxc_f32_to_bf16(1.1f), jaxc_f32_to_bf16(3.0f));
  _Static_assert(JAXC_DTYPE_OF(jaxc_scalar_add_u8_i8(0, 0)) == JAXC_PROMOTE(JAXC_U8, JAXC_I8), "u8 v i8");
  printf("3. scalars:        %d %g %g (bf16 bits 0x%04x)\n", s, f, jaxc_bf16_to_f32(h), h.bits);

  jaxc_array_free(x);
  jaxc_array_free(y);
  jaxc_array_free(z);
  return 0;
}
