#!/usr/bin/env bash
# The examples build and print what JAX would (NumPy's padded columns included): a few lines
# of each are checked verbatim.
set -u
B=${B:-build}
EX=${EX:-$B} # where the example programs are built (make test: $B/check, at -O0)
pass=0; fail=0
check() { # check NAME OUTPUT EXPECTED-SUBSTRING
  if grep -qF -- "$3" <<<"$2"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "test_examples: $1: missing: $3"; fi
}
make -s "$EX/demo" "$EX/styles" >/dev/null || { echo "test_examples: build failed"; echo "test_examples: 0 passed, 1 failed"; exit 1; }
demo=$("$EX/demo" 2>&1); rc=$?
[ $rc = 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "test_examples: demo exited $rc"; }
check demo "$demo" "x * 2        (weak int keeps int8)     Array([2, 4, 6], dtype=int8)"
check demo "$demo" "Array([1.5, 2.5, 3.5], dtype=float32, weak_type=True)"
check demo "$demo" "error: Python int 300 too large to convert to int8"
check demo "$demo" "promote(i8  , u8  ) = i16"
check demo "$demo" "promote(u64 , i64 ) = f*"
check demo "$demo" "Input dtypes ('float32', 'int32') have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict."
check demo "$demo" "Array([ 2147483647, -2147483648,           0,           2], dtype=int32)"
check demo "$demo" "Array([-4,  3], dtype=int32)"
check demo "$demo" "Array([-1, -1], dtype=int32)"
check demo "$demo" "Array([ 1,  2, -1], dtype=int16)"
check demo "$demo" "Array([2.5], dtype=float32, weak_type=True)"
check demo "$demo" "Array(48, dtype=int8)"
check demo "$demo" "Array(30000, dtype=int32)"
check demo "$demo" "sum(h)  (jnp.sum: int32)               Array(300, dtype=int32)"
check demo "$demo" "einsum('i->', h)  (lax.reduce: int8)   Array(44, dtype=int8)"
check demo "$demo" "Array([2, 2, 2], dtype=int32, weak_type=True)"
check demo "$demo" "Array([0.  , 0.25, 0.5 , 0.75], dtype=float32)"
# jax.random.uniform(jax.random.key(0), (3,)) from the golden file: 0x1.e5349cp-1 = 0.947667, ...
check demo "$demo" "Array([0.947667  , 0.9785799 , 0.33229148], dtype=float32)"
styles=$("$EX/styles" 2>&1); rc=$?
[ $rc = 0 ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "test_examples: styles exited $rc"; }
check styles "$styles" "1. arrays:         Array([ 1.5  , -1.75 ,  3.125, -2.   ], dtype=float32)"
check styles "$styles" "2. typed kernel:   1.5 -1.75 3.125 -2"
check styles "$styles" "3. scalars:        100 4.5 3.3125 (bf16 bits 0x4054)"
echo "test_examples: $pass passed, $fail failed"
[ $fail = 0 ]
