#!/bin/sh
# The size check's own tests: a tree within the budget passes without a word; a function
# of 61 lines and a file of 701 pass with a warning that names them; a function of 81
# lines and a file of 801 each fail, named.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
t() { if [ "$1" = ok ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "sizes test failed: $2"; fi; }

mkdir -p "$tmp/src/a"
func() { # NAME BODYLINES: a function whose braces enclose BODYLINES lines
    printf 'int %s(void)\n{\n' "$1"
    i=0; while [ $i -lt "$2" ]; do echo '	x++;'; i=$((i + 1)); done
    printf '}\n'
}
func small 58 > "$tmp/src/a/ok.c"
if sh "$here/sizes.sh" "$tmp" > "$tmp/out"; then
    grep -q 'warning' "$tmp/out" && t bad "a 60-line function warned of: $(cat "$tmp/out")" || t ok ""
else t bad "a 60-line function refused"; fi

func middling 59 > "$tmp/src/a/warn.c"
if sh "$here/sizes.sh" "$tmp" > "$tmp/out"; then
    grep -q 'src/a/warn.c:2: warning: int middling(void): 61 lines, over 60' "$tmp/out" && t ok "" ||
        t bad "a 61-line function not warned of: $(cat "$tmp/out")"
else t bad "a 61-line function refused"; fi
rm "$tmp/src/a/warn.c"

func edge 78 > "$tmp/src/a/edge.c"
sh "$here/sizes.sh" "$tmp" > "$tmp/out" && t ok "" || t bad "an 80-line function refused"
rm "$tmp/src/a/edge.c"

func big 79 > "$tmp/src/a/big.c"
if sh "$here/sizes.sh" "$tmp" > "$tmp/out"; then t bad "an 81-line function let through"
else grep -q 'src/a/big.c:2: int big(void): 81 lines' "$tmp/out" && t ok "" ||
     t bad "the long function not named: $(cat "$tmp/out")"; fi
rm "$tmp/src/a/big.c"

i=0; while [ $i -lt 701 ]; do echo '/* line */'; i=$((i + 1)); done > "$tmp/src/a/longish.h"
if sh "$here/sizes.sh" "$tmp" > "$tmp/out"; then
    grep -q 'src/a/longish.h:1: warning: 701 lines, over 700' "$tmp/out" && t ok "" ||
        t bad "a 701-line file not warned of: $(cat "$tmp/out")"
else t bad "a 701-line file refused"; fi
rm "$tmp/src/a/longish.h"

i=0; while [ $i -lt 801 ]; do echo '/* line */'; i=$((i + 1)); done > "$tmp/src/a/long.h"
if sh "$here/sizes.sh" "$tmp" > "$tmp/out"; then t bad "an 801-line file let through"
else grep -q 'src/a/long.h:1: 801 lines' "$tmp/out" && t ok "" || t bad "the long file not named"; fi

echo "sizes: $pass of $((pass + fail)) passed"
[ $fail -eq 0 ]
