#!/bin/sh
# Runs every perft suite in tests/perft/ (VARIANT.epd is run with --variant VARIANT).
# Usage: run-perft.sh TEMPEST short|long   (short: depth 4 at most)
set -u
bin=$1; mode=${2:-short}
passed=0; failed=0
for suite in tests/perft/*.epd; do
  variant=$(basename "$suite" .epd)
  if [ "$mode" = short ]; then depth="--max-depth 4"; else depth=""; fi
  out=$("$bin" perft --variant "$variant" $depth --suite "$suite" 2>&1)
  printf '%s\n' "$out" | grep -v -e '^ok ' -e ' passed, .* failed$' || true
  last=$(printf '%s\n' "$out" | tail -n 1)
  p=$(echo "$last" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\1/p')
  f=$(echo "$last" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed$/\2/p')
  [ -n "$p" ] || { echo "$suite: no result"; failed=$((failed + 1)); continue; }
  echo "perft $variant: $p passed, $f failed"
  passed=$((passed + p)); failed=$((failed + f))
done
echo "perft: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
