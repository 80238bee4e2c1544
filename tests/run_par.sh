#!/usr/bin/env bash
# run_par.sh [-s NAME] JOBS COMMAND...: runs the commands, JOBS at a time, each into its own log,
# then prints the logs in the order given (so make test's output does not depend on timing) and
# fails if any command failed, naming it. With -s, also prints "NAME: N passed, M failed" with
# one pass per command (for checks that print nothing of their own, like compiles).
# Why: the longest tests (test_vector, the emulated CUDA test) and the compile checks each use
# one core, so on a 2-core machine running two at a time halves make test's wall time.
set -u
name=
if [ "${1:-}" = -s ]; then name=$2; shift 2; fi
jobs=$1; shift
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
i=0
for cmd in "$@"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  ( bash -c "$cmd" > "$dir/$i.log" 2>&1; echo $? > "$dir/$i.rc" ) &
  i=$((i + 1))
done
wait
pass=0; fail=0; k=0
for cmd in "$@"; do
  cat "$dir/$k.log"
  if [ "$(cat "$dir/$k.rc")" = 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $cmd"; fi
  k=$((k + 1))
done
[ -z "$name" ] || echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
