#!/bin/sh
# check.sh: what `make check` runs. Builds what the tests need (every core unless make's -j
# says otherwise), then runs each test group as its own make target (check-GROUP), one
# after another, and ends with a table of each group's wall time and CPU time (user +
# system of everything it ran: the figure to compare on a machine others share). Every
# group runs even when one before it failed; the exit status is 1 if any failed.
# Usage: MAKE=make sh tests/check.sh GROUP...     (the Makefile passes the list)
set -u
make=${MAKE:-make}

# Seconds since the epoch, to the millisecond where date has %N.
now() { date +%s.%N | sed 's/\.N*$//'; }
# The user and system CPU time of this shell's finished children so far, in seconds.
# `times` must run in this shell: in a subshell ($(...), a pipe) it counts that one's.
tf=$(mktemp) || exit 2
trap 'rm -f "$tf"' EXIT
cpu() { tail -n 1 "$tf" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, a, "m");
        sub(/s$/, "", a[2]); n += a[1] * 60 + a[2] } printf "%.3f\n", n }'; }

table=""; failed=""
# run GROUP TARGET [MAKE_OPTION]: one row of the table.
run() {
    times > "$tf"; w0=$(now); c0=$(cpu)
    $make --no-print-directory ${3:-} "$2"; rc=$?
    times > "$tf"; w1=$(now); c1=$(cpu)
    res=ok; [ "$rc" -eq 0 ] || { res=FAILED; failed="$failed $1"; }
    table="$table$1 $w0 $w1 $c0 $c1 $res
"
    return "$rc"
}

# The build first, with as many jobs as cores when make was given no -j.
jobs=""
case " ${MAKEFLAGS:-} " in *" -j"*|*" j"*) ;; *) jobs=-j$(nproc 2>/dev/null || echo 1) ;; esac
if run build check-build "$jobs"; then
    for g in "$@"; do run "$g" "check-$g"; done
fi

printf '%s' "$table" | awk '
BEGIN { print ""; print "make check: time of each group (CPU: user + system, summed over its processes)"
        printf "  %-9s %9s %9s  %s\n", "group", "wall", "CPU", "result" }
{ w = $3 - $2; c = $5 - $4; tw += w; tc += c
  printf "  %-9s %8.1fs %8.1fs  %s\n", $1, w, c, $6 }
END { printf "  %-9s %8.1fs %8.1fs\n", "total", tw, tc }'
if [ -n "$failed" ]; then
    echo "make check: FAILED:$failed"
    exit 1
fi
echo "make check: all test groups passed"
