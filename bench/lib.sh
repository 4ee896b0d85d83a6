# bench/lib.sh: what the bench scripts share. Sourced after BENCH (the bench's name, as
# its messages and its scratch folder show it) is set:
#   fail MESSAGE...      the message on standard error, then exit 1
#   load                 the load average (1, 5 and 15 minutes), printed beside the times
#   bench_tmp            a scratch folder in $TMPDIR (/tmp if unset) as $tmp, removed at exit
#   timed CMD...         "wall user sys maxrss_kb" of CMD (GNU time), its output in $tmp/out
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
