# bench/lib.sh: what the bench scripts share. Sourced after BENCH (the bench's name, as
# its messages and its scratch folder show it) is set:
#   fail MESSAGE...      the message on standard error, then exit 1
#   load                 the load average (1, 5 and 15 minutes), printed beside the times
#   bench_tmp            a scratch folder in $TMPDIR (/tmp if unset) as $tmp, removed at exit
#   timed CMD...         "wall user sys maxrss_kb" of CMD (GNU time), its output in $tmp/out
#   figure ...           a line of the summary (below)
#   base_tempest         the previous release's tempest, or nothing
TIME=/usr/bin/time

fail() {
    echo "bench $BENCH: $*" >&2
    exit 1
}

load() { cut -d' ' -f1-3 /proc/loadavg; }

bench_tmp() {
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/tempest-bench-$BENCH.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    trap 'exit 1' INT TERM HUP
}

timed() {
    "$TIME" -f '%e %U %S %M' -o "$tmp/time" "$@" > "$tmp/out" 2> "$tmp/err" ||
        { cat "$tmp/err" >&2; fail "$* failed (exit $?)"; }
    cat "$tmp/time"
}

# figure NAME UNIT SENSE BOUND THIS [RELEASE [NOISE]]: one line of the summary make bench
# prints (bench/table.sh), into $BENCH_FIGURES when set. SENSE: high (more is better) or
# low; BOUND: the number the figure must reach (high) or stay within (low), or -;
# RELEASE: the previous release's figure measured in the same run, or -; NOISE: a
# difference from the release too small to mean anything (GNU time's hundredths of a
# second, a run of a few of them), not marked however many per cent it is.
figure() {
    [ -n "${BENCH_FIGURES:-}" ] || return 0
    printf '%s|%s|%s|%s|%s|%s|%s\n' "$1" "$2" "$3" "$4" "$5" "${6:--}" "${7:-0}" >> "$BENCH_FIGURES"
}

# The previous release's tempest (bench/base.sh), built once by bench/run.sh and handed
# to each bench as $BENCH_BASE; empty when there is none.
base_tempest() {
    [ -n "${BENCH_BASE:-}" ] && [ -x "$BENCH_BASE" ] && echo "$BENCH_BASE"
}
