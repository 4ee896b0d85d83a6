#!/bin/sh
# sizes.sh [ROOT]: the house's size budget (STYLE.md): no source file of ROOT/src over
# 800 lines, no function over 80. A function is what runs from a `{` in column 0 to the
# next `}` in column 0 (the house's layout: a definition's brace on its own line); its
# name is the line before the brace. Prints each finding as FILE:LINE: what; exit 1 if any.
set -u
root=${1:-.}
cd "$root" || exit 2
status=0
for f in $(find src -name '*.[ch]' | sort); do
    n=$(wc -l < "$f")
    if [ "$n" -gt 800 ]; then
        echo "$f:1: $n lines, over 800: split it along its meaning"
        status=1
    fi
    out=$(awk -v F="$f" '
        prev != "" && /^\{/ { start = NR; name = prev }
        /^\}/ && start { n = NR - start + 1
                         if (n > 80) printf "%s:%d: %s: %d lines, over 80\n", F, start, name, n
                         start = 0 }
        { prev = $0 }' "$f")
    if [ -n "$out" ]; then
        printf '%s\n' "$out"
        status=1
    fi
done
[ $status -eq 0 ] && echo "sizes: no file over 800 lines, no function over 80"
exit $status
