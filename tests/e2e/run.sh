#!/bin/sh
# Runs every end-to-end test (tests/e2e/t_*.sh) in turn, shows each one's output and ends with
# one line "e2e: N passed, N failed" summing their counts. Exits non-zero if any test failed,
# printed no count, or exited non-zero. Each test makes, and removes, its own directory.
# Usage: sh tests/e2e/run.sh [TEST...]     (default: every t_*.sh beside this script)
# Tests run under a lock (/tmp/tempest-e2e.lock), so two work trees never start two stacks.
set -u
here=$(cd "$(dirname "$0")" && pwd)
passed=0; failed=0; skipped=0
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
trap 'exit 130' INT TERM HUP

[ $# -gt 0 ] || set -- "$here"/t_*.sh
for t in "$@"; do
    [ -f "$t" ] || { echo "e2e: no test $t"; failed=$((failed + 1)); continue; }
    echo "=== ${t##*/}"
    # Output goes to a file, not a pipe: a daemon that kept a pipe open would hang us.
    # The stack listens on fixed ports: one test at a time on this machine, whatever work
    # tree it runs from (-o: the daemons the test starts do not inherit the lock).
    flock -o /tmp/tempest-e2e.lock sh "$t" >"$out" 2>&1 </dev/null
    rc=$?
    cat "$out"
    line=$(grep -E '^[^ ]+: [0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    if [ -z "$line" ]; then
        if [ "$rc" -eq 0 ] && grep -q ': skipped' "$out"; then
            skipped=$((skipped + 1)); continue
        fi
        echo "${t##*/}: printed no result (exit $rc)"
        failed=$((failed + 1)); continue
    fi
    p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1/')
    f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\2/')
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "${t##*/}: exited $rc with no failure counted"
        failed=$((failed + 1))
    fi
done
[ "$skipped" -eq 0 ] || echo "e2e: $skipped test(s) skipped (they need root and the mail servers)"
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
