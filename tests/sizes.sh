#!/bin/sh
# sizes.sh [ROOT]: the house's size budget (docs/design.md, "Sizes"): no source file of
# ROOT/src over 800 lines, no function over 80, and a warning from 700 lines a file and 60
# a function, so that a file is split along its seams before it reaches the limit rather
# than trimmed to fit under it. A function is what runs from a `{` in column 0 to the next
# `}` in column 0 (the house's layout: a definition's brace on its own line); its name is
# the line in column 0 that begins its definition. Prints each finding as FILE:LINE: what (a warning says
# "warning:"); exit 1 if anything is over the limit, 0 with warnings alone.
set -u
root=${1:-.}
cd "$root" || exit 2
FILE_MAX=800 FILE_WARN=700 FUNC_MAX=80 FUNC_WARN=60
status=0 warnings=0
for f in $(find src -name '*.[ch]' | sort); do
    n=$(wc -l < "$f")
    if [ "$n" -gt $FILE_MAX ]; then
        echo "$f:1: $n lines, over $FILE_MAX: split it along its meaning"
        status=1
    elif [ "$n" -gt $FILE_WARN ]; then
        echo "$f:1: warning: $n lines, over $FILE_WARN of $FILE_MAX: a seam to split it along?"
        warnings=$((warnings + 1))
    fi
    out=$(awk -v F="$f" -v max=$FUNC_MAX -v warn=$FUNC_WARN '
        prev != "" && /^\{/ { start = NR; name = head }
        /^\}/ && start { n = NR - start + 1
                         if (n > max) printf "%s:%d: %s: %d lines, over %d\n", F, start, name, n, max
                         else if (n > warn) printf "%s:%d: warning: %s: %d lines, over %d of %d\n", F, start, name, n, warn, max
                         start = 0 }
        /^[A-Za-z_]/ { head = $0 }      # where a definition begins, its lines folded or not
        { prev = $0 }' "$f")
    if [ -n "$out" ]; then
        printf '%s\n' "$out"
        printf '%s\n' "$out" | grep -qv ': warning: ' && status=1
        warnings=$((warnings + $(printf '%s\n' "$out" | grep -c ': warning: ')))
    fi
done
if [ $status -eq 0 ]; then
    echo "sizes: no file over $FILE_MAX lines, no function over $FUNC_MAX; $warnings over $FILE_WARN or $FUNC_WARN"
fi
exit $status
