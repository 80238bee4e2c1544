/* jaxc_array_print writes what repr() of a JAX Array shows: NumPy's array2string (default print
   options) inside JAX's "Array(..., dtype=...)". The expected strings are NumPy's own output,
   made by tests/data/gen_print.py with JAX's __repr__ (tests/data/print_cases.txt: floats of
   every width at the switches between positional and scientific notation, rounding at 8
   digits, padding, nan and inf, complex, ints at their limits, bools, 0-d to 4-d arrays, line
   wrapping, summarised arrays over 1000 elements, empty arrays). bfloat16, which NumPy lacks,
   is checked by hand. */
#include <stdlib.h>
#include <string.h>
#define JAXC_NO_TYPED_KERNELS /* (the array API only: not the 11,000 per-op kernel definitions) */
#include "jaxc.h"
#include "check.h"
#include "testlib.h"

static void expect(jaxc_array *a, const char *want) {
  CHECK(a != NULL);
  if (!a) return;
  const char *got = print_to_string(a);
  CHECK_MSG(strcmp(got, want) == 0, "printed\n%s\nwant\n%s", got, want);
  jaxc_array_free(a);
}

/* One CASE line (dtype, weak, ndim, dims, element bits) as an array. */
static jaxc_array *parse_case(char *line) {
  char *tok = strtok(line, " \n"); /* "CASE" */
  jaxc_dtype d = jaxc_dtype_parse(strtok(NULL, " \n"));
  bool weak = atoi(strtok(NULL, " \n")) != 0;
  int ndim = atoi(strtok(NULL, " \n"));
  int64_t shape[8], n = 1;
  for (int i = 0; i < ndim; i++) shape[i] = atoll(strtok(NULL, " \n")), n *= shape[i];
  size_t es = jaxc_dtype_size(d), parts = jaxc_dtype_kind(d) == JAXC_KIND_COMPLEX ? 2 : 1, ps = es / parts;
  unsigned char *data = (unsigned char *)calloc((size_t)n * es + 1, 1);
  for (size_t i = 0; i < (size_t)n * parts && (tok = strtok(NULL, " \n")); i++) {
    unsigned long long b = strtoull(tok, NULL, 16);
    memcpy(data + i * ps, &b, ps); /* (little-endian) */
  }
  jaxc_array *a = jaxc_array_from_data(d, ndim, shape, data);
  free(data);
  if (a) a->weak = weak;
  return a;
}
static void unescape(char *s) {
  char *w = s;
  for (const char *r = s; *r; r++) {
    if (*r == '\\' && r[1] == 'n') *w++ = '\n', r++;
    else if (*r == '\\' && r[1] == '\\') *w++ = '\\', r++;
    else if (*r != '\n') *w++ = *r;
  }
  *w = 0;
}

static int numpy_cases(void) {
  FILE *f = fopen("tests/data/print_cases.txt", "r");
  CHECK_MSG(f != NULL, "tests/data/print_cases.txt not found (run from the repository root)");
  if (!f) return 0;
  static char line[1 << 18], want[1 << 16];
  int cases = 0;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "CASE ", 5) != 0) continue;
    jaxc_array *a = parse_case(line);
    if (!fgets(want, sizeof want, f) || strncmp(want, "WANT ", 5) != 0) break;
    unescape(want);
    expect(a, want + 5);
    cases++;
  }
  fclose(f);
  return cases;
}

int main(void) {
  jaxc_set_x64(true); /* (64-bit dtypes as stored) */
  int cases = numpy_cases();
  CHECK_MSG(cases >= 250, "only %d NumPy cases read", cases);
  /* bfloat16 is no NumPy float: NumPy prints each value by its repr, which ml_dtypes writes with
     C++'s ostream << float (6 significant digits, no point for integral values, nan unsigned) */
  expect(jaxc_array_from_data(JAXC_BF16, 1, (int64_t[]){4}, (jaxc_bf16[]){{0x3fc0}, {0x4120}, {0xffc0}, {0xff80}}),
         "Array([1.5, 10, nan, -inf], dtype=bfloat16)");
  expect(jaxc_array_from_data(JAXC_BF16, 0, NULL, (jaxc_bf16[]){{0x3eab}}), "Array(0.333984, dtype=bfloat16)");
  expect(jaxc_array_from_data(JAXC_BF16, 1, (int64_t[]){2}, (jaxc_bf16[]){{0x5015}, {0x8000}}), "Array([9.99922e+09, -0], dtype=bfloat16)");
  /* the front ends' weak scalars */
  expect(jaxc_weak_int(2), "Array(2, dtype=int64, weak_type=True)");
  expect(jaxc_weak_complex(1, -2), "Array(1.-2.j, dtype=complex128, weak_type=True)");
  jaxc_set_x64(false);
  expect(jaxc_weak_float(2.5), "Array(2.5, dtype=float32, weak_type=True)");
  /* a zero-size array too large to allocate prints its shape */
  expect(jaxc_array_from_data(JAXC_U16, 3, (int64_t[]){0, 3, (int64_t)1 << 40}, NULL),
         "Array([], shape=(0, 3, 1099511627776), dtype=uint16)");
  CHECK(jaxc_array_print(NULL, stdout) == JAXC_ERR_ARG);
  printf("print: %d NumPy cases\n", cases);
  return check_summary("test_print");
}
