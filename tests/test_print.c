/* jaxc_array_print writes what repr() of a JAX Array shows (numpy's formatting of values:
   shortest round-trip floats, "1." for integral floats, True/False, nested brackets), and
   weak_type=True for weak arrays. The expected strings are JAX's reprs, written by hand. */
#include <string.h>
#include "jaxc.h"
#include "check.h"

static void expect(jaxc_array *a, const char *want) {
  FILE *f = tmpfile();
  char got[512] = {0};
  CHECK(f != NULL && a != NULL);
  if (!f || !a) { jaxc_array_free(a); if (f) fclose(f); return; }
  CHECK(jaxc_array_print(a, f) == JAXC_OK);
  rewind(f);
  size_t n = fread(got, 1, sizeof got - 1, f);
  got[n] = 0;
  if (n && got[n - 1] == '\n') got[n - 1] = 0;
  CHECK_MSG(strcmp(got, want) == 0, "printed %s, want %s", got, want);
  fclose(f);
  jaxc_array_free(a);
}

int main(void) {
  expect(jaxc_array_from_data(JAXC_I8, 1, (int64_t[]){2}, (int8_t[]){1, 2}), "Array([1, 2], dtype=int8)");
  expect(jaxc_weak_int(2), "Array(2, dtype=int32, weak_type=True)");
  expect(jaxc_weak_float(2.5), "Array(2.5, dtype=float32, weak_type=True)");
  expect(jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){1.0f, 0.1f, -2.0f}), "Array([1., 0.1, -2.], dtype=float32)");
  expect(jaxc_array_from_data(JAXC_BOOL, 1, (int64_t[]){2}, (bool[]){true, false}), "Array([True, False], dtype=bool)");
  expect(jaxc_array_from_data(JAXC_U8, 2, (int64_t[]){2, 2}, (uint8_t[]){1, 2, 3, 255}), "Array([[1, 2],\n       [3, 255]], dtype=uint8)");
  expect(jaxc_array_from_data(JAXC_F32, 1, (int64_t[]){3}, (float[]){NAN, INFINITY, -INFINITY}), "Array([nan, inf, -inf], dtype=float32)");
  expect(jaxc_array_from_data(JAXC_BF16, 1, (int64_t[]){1}, (jaxc_bf16[]){{0x3fc0}}), "Array([1.5], dtype=bfloat16)");
  expect(jaxc_array_from_data(JAXC_I32, 1, (int64_t[]){0}, NULL), "Array([], dtype=int32)");
  expect(jaxc_array_from_data(JAXC_F32, 2, (int64_t[]){2, 0}, NULL), "Array([], shape=(2, 0), dtype=float32)");
  expect(jaxc_array_from_data(JAXC_U16, 3, (int64_t[]){0, 3, (int64_t)1 << 40}, NULL),
         "Array([], shape=(0, 3, 1099511627776), dtype=uint16)");
  expect(jaxc_weak_complex(1, -2), "Array(1.-2.j, dtype=complex64, weak_type=True)");
  CHECK(jaxc_array_print(NULL, stdout) == JAXC_ERR_ARG);
  return check_summary("test_print");
}
