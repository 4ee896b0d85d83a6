#!/bin/sh
# Runs every tests/cli/t_*.sh with T (the optimised binary) and TA (the sanitized one).
# Usage: run.sh TEMPEST ASAN_TEMPEST
set -u
T=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TA=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
# the sanitized binary lives in build/asan/, away from rules/: point it there
TEMPEST_RULES_DIR=$(pwd)/rules
TEMPEST_TEMPLATES_DIR=$(pwd)/templates
export T TA TEMPEST_RULES_DIR TEMPEST_TEMPLATES_DIR
passed=0; failed=0
for t in tests/cli/t_*.sh; do
  res=$(sh "$t" 2>&1); rc=$?
  last=$(printf '%s\n' "$res" | tail -n 1)
  p=$(echo "$last" | sed -nE 's/^.*: ([0-9]+) passed, ([0-9]+) failed$/\1/p')
  f=$(echo "$last" | sed -nE 's/^.*: ([0-9]+) passed, ([0-9]+) failed$/\2/p')
  if [ -z "$p" ]; then printf '%s\n' "$res"; failed=$((failed + 1)); continue; fi
  [ "$rc" -ne 0 ] && printf '%s\n' "$res" || echo "$last"
  passed=$((passed + p)); failed=$((failed + f))
  [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && failed=$((failed + 1))
done
echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
