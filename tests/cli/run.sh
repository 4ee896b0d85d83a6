#!/bin/sh
# Runs every tests/cli/t_*.sh with T (the optimised binary) and TA (the sanitized one).
# Usage: run.sh TEMPEST ASAN_TEMPEST
# The scripts are independent (each works in its own mktemp directory): they run CLI_JOBS at
# a time (default: the number of cores), each one's output kept apart and shown in
# alphabetical order. The exceptions share a job, one after the other: t_html and t_process
# both play examples/demo.sh, which writes build/demo-*.
set -u
T=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
TA=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
# the sanitized binary lives in build/asan/, away from rules/: point it there
TEMPEST_RULES_DIR=$(pwd)/rules
TEMPEST_TEMPLATES_DIR=$(pwd)/templates
export T TA TEMPEST_RULES_DIR TEMPEST_TEMPLATES_DIR
jobs=${CLI_JOBS:-$(nproc 2>/dev/null || echo 1)}
res=$(mktemp -d) || exit 2
trap 'rm -rf "$res"' EXIT
# ffish, which the tests that read PGN back with Fairy-Stockfish share: installed once
# here, before they run side by side (a failure is theirs to report)
sh tests/perft/ffish/install.sh > /dev/null 2>&1
together="t_html.sh t_process.sh"
# The jobs, one a line, the longest first so that the last to end is not a long one.
{
  echo tests/cli/t_killall.sh
  echo tests/cli/t_chessme.sh
  echo $(for s in $together; do echo "tests/cli/$s"; done)
  for t in tests/cli/t_*.sh; do
    case " t_killall.sh t_chessme.sh $together " in *" ${t##*/} "*) continue ;; esac
    echo "$t"
  done
} | xargs -P "$jobs" -L 1 sh -c 'for t; do sh "$t" > "$0/${t##*/}.out" 2>&1; echo $? > "$0/${t##*/}.rc"; done' "$res"
passed=0; failed=0
for t in tests/cli/t_*.sh; do
  out=$(cat "$res/${t##*/}.out" 2>/dev/null); rc=$(cat "$res/${t##*/}.rc" 2>/dev/null || echo 127)
  last=$(printf '%s\n' "$out" | tail -n 1)
  p=$(echo "$last" | sed -nE 's/^.*: ([0-9]+) passed, ([0-9]+) failed$/\1/p')
  f=$(echo "$last" | sed -nE 's/^.*: ([0-9]+) passed, ([0-9]+) failed$/\2/p')
  if [ -z "$p" ]; then printf '%s\n' "$out"; failed=$((failed + 1)); continue; fi
  [ "$rc" -ne 0 ] && printf '%s\n' "$out" || echo "$last"
  passed=$((passed + p)); failed=$((failed + f))
  [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && failed=$((failed + 1))
done
echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
