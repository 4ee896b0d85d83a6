#!/bin/sh
# Runs each sanitized unit-test program; prints each one's result and the total.
# Usage: run-unit.sh TEST_BINARY...   (run from the source root: tests read tests/ data)
# The programs are independent (each writes only under its own mktemp directories): they
# run UNIT_JOBS at a time (default: the number of cores), each one's output kept apart and
# shown in the order given.
set -u
passed=0; failed=0; broken=0
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
jobs=${UNIT_JOBS:-$(nproc 2>/dev/null || echo 1)}
res=$(mktemp -d) || exit 2
trap 'rm -rf "$res"' EXIT
# Each program's output into $res/N.out and its exit status into $res/N.rc (N: its place).
i=0
for t in "$@"; do i=$((i + 1)); printf '%s %s\n' "$i" "$t"; done |
  xargs -P "$jobs" -L 1 sh -c '"$2" > "$0/$1.out" 2>&1; echo $? > "$0/$1.rc"' "$res"
i=0
for t in "$@"; do
  i=$((i + 1))
  out=$(cat "$res/$i.out" 2>/dev/null); rc=$(cat "$res/$i.rc" 2>/dev/null || echo 127)
  line=$(printf '%s\n' "$out" | grep -E ': [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
  if [ -z "$line" ]; then
    printf '%s\n' "$out"; echo "$t: crashed or printed no result (exit $rc)"; broken=$((broken + 1)); continue
  fi
  p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1/')
  f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\2/')
  passed=$((passed + p)); failed=$((failed + f))
  if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then printf '%s\n' "$out"; [ "$f" -eq 0 ] && broken=$((broken + 1)); else echo "$line"; fi
done
failed=$((failed + broken))
echo "unit: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
