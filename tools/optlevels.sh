#!/usr/bin/env bash
# optlevels.sh OUTDIR JOBS: tools/optlevels.c built several ways (JOBS builds at a time), each
# build's output diffed against the reference's: gcc -O0, no OpenMP, ISO C. A difference names
# the computation whose bits depend on the build. (make test-optlevels; .ci/run runs it.)
set -u
out=$1 jobs=$2
cc=${CC:-gcc} clang=${CLANG:-clang}
W="-std=c11 -Wall -Wextra -Wpedantic -Werror -I."
builds=(
  "ref|$cc $W -O0 -march=native"
  "gcc-O2|$cc $W -O2 -march=native -fopenmp"                      # what most users build
  "gcc-O3|$cc $W -O3 -march=native -fopenmp"                      # more vectorization
  "gcc-O2-gnu11|$cc ${W/-std=c11/-std=gnu11} -O2 -march=native -fopenmp" # contracts a * b + c
  "gcc-O2-sse2|$cc $W -O2 -march=x86-64 -fopenmp"                 # no AVX, no FMA: Dekker's products
  "gcc-O1-avx2|$cc $W -O1 -march=x86-64-v3"                       # 256-bit loops, no OpenMP
)
command -v "$clang" >/dev/null && builds+=("clang-O2|$clang $W -O2 -march=native -fopenmp") \
  || echo "optlevels: $clang not installed: its build skipped"
mkdir -p "$out"
cmds=()
for b in "${builds[@]}"; do cmds+=("${b#*|} tools/optlevels.c -o $out/${b%%|*} -lm"); done
bash tests/run_par.sh "$jobs" "${cmds[@]}" || { echo "optlevels: 0 passed, 1 failed (a build failed)"; exit 1; }
pass=0 fail=0
check() { # name threads
  if OMP_NUM_THREADS=$2 "$out/$1" > "$out/$1.t$2.txt" && diff -q "$out/ref.t1.txt" "$out/$1.t$2.txt" >/dev/null; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "optlevels: $1 ($2 threads) differs from gcc -O0 in $(diff "$out/ref.t1.txt" "$out/$1.t$2.txt" | grep -c '^>') results:"
    diff "$out/ref.t1.txt" "$out/$1.t$2.txt" | grep '^>' | head -10
  fi
}
OMP_NUM_THREADS=1 "$out/ref" > "$out/ref.t1.txt" || { echo "optlevels: the reference build failed to run"; exit 1; }
lines=$(grep -c . "$out/ref.t1.txt")
for b in "${builds[@]:1}"; do check "${b%%|*}" 2; done
check gcc-O2 1; check gcc-O2 3
echo "optlevels ($lines results a build): $pass passed, $fail failed"
[ $fail = 0 ]
