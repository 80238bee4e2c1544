/* demo — jaxc in one page: weak scalars, the lattice, strict mode, XLA casts, shapes, matmul and
   preferred_element_type, and threefry keys, each printed the way JAX prints it. Run: make demo */
#define JAXC_IMPLEMENTATION
#include "jaxc.h"

static void show(const char *what, jaxc_array *a) {
  printf("%-38s ", what);
  if (a) jaxc_array_print(a, stdout);
  else printf("error: %s\n", jaxc_last_error());
  jaxc_array_free(a);
}

int main(void) {
  puts("== weak types: a C scalar behaves like a Python scalar in JAX");
  jaxc_array *x = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){1, 2, 3});
  show("x = int8 [1 2 3]", jaxc_astype(x, JAXC_I8));
  show("x * 2        (weak int keeps int8)", jaxc_multiply(x, 2));
  show("x + 0.5      (i8 v f* = f*, weak)", jaxc_add(x, 0.5));
  show("x + 300      (does not fit int8)", jaxc_add(x, 300));

  puts("\n== the lattice join (JEP 9407)");
  const jaxc_dtype pairs[][2] = {{JAXC_I8, JAXC_U8}, {JAXC_U64, JAXC_I64}, {JAXC_BF16, JAXC_F16}, {JAXC_I32, JAXC_F16}};
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    printf("promote(%-4s, %-4s) = %-4s   (x64 off: stored as %s)\n", jaxc_dtype_code(pairs[i][0]),
           jaxc_dtype_code(pairs[i][1]), jaxc_dtype_code(jaxc_promote_types(pairs[i][0], pairs[i][1])),
           jaxc_dtype_name(jaxc_storage_dtype(jaxc_result_node(JAXC_RULES_JAX, false, pairs[i][0], pairs[i][1]), false)));
  printf("NumPy would give i8+u8 = %s, i8+u8+f16 depends on the order: not a lattice\n",
         jaxc_dtype_code(jaxc_promote_in(JAXC_RULES_NUMPY, JAXC_I8, JAXC_U8)));

  puts("\n== strict mode");
  jaxc_array *f = jaxc_array_from_data(JAXC_F32, 0, NULL, (float[]){1});
  jaxc_array *i = jaxc_array_from_data(JAXC_I32, 0, NULL, (int32_t[]){1});
  jaxc_set_promotion(JAXC_RULES_JAX_STRICT);
  show("f32 + i32 (strict)", jaxc_add(f, i));
  show("f32 + 1   (strict allows weak)", jaxc_add(f, 1));
  jaxc_set_promotion(JAXC_RULES_JAX);

  puts("\n== XLA casts: saturating, NaN -> 0");
  jaxc_array *v = jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){4}, (float[]){1e10f, -1e10f, NAN, 2.7f});
  show("astype([1e10,-1e10,nan,2.7], int32)", jaxc_astype(v, JAXC_I32));
  show("astype(..., bool)", jaxc_astype(v, JAXC_BOOL));
  jaxc_array *m7 = jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){2}, (int32_t[]){-7, 7});
  show("floor_divide([-7, 7], 2)", jaxc_floor_divide(m7, 2));
  show("remainder([-7, 7], -2)  (divisor's sign)", jaxc_remainder(m7, -2));
  jaxc_array_free(m7);

  puts("\n== shapes and matmul: promotion as jnp does it");
  jaxc_array *u = jaxc_array_from_data(JAXC_U8, 1, (int64_t[]){2}, (uint8_t[]){1, 2});
  jaxc_array *s = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){1}, (int8_t[]){-1});
  show("concatenate([u8 [1 2], i8 [-1]])", jaxc_concatenate(2, (const jaxc_array *[]){u, s}, 0));
  jaxc_array *w = jaxc_weak_float(2.5);
  show("reshape(2.5, (1,))  (weak kept)", jaxc_reshape(w, 1, (int64_t[]){1}));
  jaxc_array *h = jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){3}, (int8_t[]){100, 100, 100});
  show("int8 [100 100 100] @ itself (wraps)", jaxc_matmul(h, h));
  show("vdot(h, h, preferred int32)", jaxc_vdot(h, h, JAXC_I32));
  show("sum(h)  (jnp.sum: int32)", jaxc_sum(h, JAXC_ALL_AXES));
  show("einsum('i->', h)  (lax.reduce: int8)", jaxc_einsum("i->", 1, (const jaxc_array *[]){h}, JAXC_DTYPE_NONE));
  jaxc_array_free(u), jaxc_array_free(s), jaxc_array_free(w), jaxc_array_free(h);

  puts("\n== creation: jnp's dtype rules");
  show("full(3, 2)  (the fill's weak int32)", jaxc_full(1, (int64_t[]){3}, 2, JAXC_DTYPE_NONE));
  show("arange(0, 1, 0.25)  (float32)", jaxc_arange(0, 1, 0.25, JAXC_DTYPE_NONE));

  puts("\n== random keys (threefry2x32, bit-exact with jax.random)");
  jaxc_key k = jaxc_random_key(0);
  show("uniform(key(0), (3,))", jaxc_random_uniform(k, JAXC_F32, 1, (int64_t[]){3}, 0.0, 1.0));

  jaxc_array_free(x);
  jaxc_array_free(f);
  jaxc_array_free(i);
  jaxc_array_free(v);
  return 0;
}
