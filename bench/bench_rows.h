/* The elementwise rows of issue 3's benchmark, shared by bench_ops.c (CPU) and
   cuda/bench_cuda.cu (GPU): X(name, op, a, b, cast_to), op JAXC_NUM_OPS meaning astype. */
#define BENCH_ROWS(X)                                                                   \
  X("i8+f32->f32", JAXC_OP_ADD, JAXC_I8, JAXC_F32, JAXC_DTYPE_INVALID)                  \
  X("f16+f32->f32", JAXC_OP_ADD, JAXC_F16, JAXC_F32, JAXC_DTYPE_INVALID)                \
  X("bf16*bf16->bf16", JAXC_OP_MULTIPLY, JAXC_BF16, JAXC_BF16, JAXC_DTYPE_INVALID)      \
  X("u8+i8->i16", JAXC_OP_ADD, JAXC_U8, JAXC_I8, JAXC_DTYPE_INVALID)                    \
  X("i32/i32->f32", JAXC_OP_TRUE_DIVIDE, JAXC_I32, JAXC_I32, JAXC_DTYPE_INVALID)        \
  X("f32<f32->bool", JAXC_OP_LESS, JAXC_F32, JAXC_F32, JAXC_DTYPE_INVALID)              \
  X("c64*c64->c64", JAXC_OP_MULTIPLY, JAXC_C64, JAXC_C64, JAXC_DTYPE_INVALID)           \
  X("astype f32->bf16", JAXC_NUM_OPS, JAXC_F32, JAXC_DTYPE_INVALID, JAXC_BF16)
#define BENCH_ROW_INIT(name, op, a, b, to) {name, op, a, b, to},
