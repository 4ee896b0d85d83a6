#!/bin/sh
# `tempest replay` of one long game: does a mail's cost grow with the game's length?
# bench/genmail -l writes one game of MAILS mails (default 10,000: a challenge, an
# acceptance, an 18-ply opening, then the players asking for the status in turn, each
# mail recorded in the game with the referee's answer); `tempest process` builds its log;
# then `tempest replay` replays the log, whole and cut after 1,000, 2,000, MAILS - 1,000
# incoming mails. The time a mail takes at the start is that of mails 1,001-2,000, at the
# end that of the last 1,000 (each the difference of two runs, each the best of 3); peak
# memory from GNU time.
# Usage: bench/replay.sh TEMPEST BENCHDIR     (BENCHDIR holds genmail)
set -eu
T=${1:-./tempest}
B=${2:-build/bench}
MAILS=${BENCH_REPLAY_MAILS:-10000}
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench: $TIME not found (apt-get install time)" >&2; exit 1; }
[ "$MAILS" -ge 3000 ] || { echo "bench replay: BENCH_REPLAY_MAILS must be 3000 or more" >&2; exit 1; }

tmp=$(mktemp -d /tmp/tempest-bench-replay.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

fail() {
    echo "bench replay: $*" >&2
    exit 1
}

"$B/genmail" -l "$MAILS" -k "$tmp/key" -m "$tmp/in.mbox" || fail "genmail failed"
mkdir "$tmp/data"
cp "$tmp/key" "$tmp/data/key"
chmod 600 "$tmp/data/key"
cat > "$tmp/conf" <<EOF
referee_address = referee@bench.test
data_dir = $tmp/data
max_replies_per_sender = 10000
EOF
"$T" process -c "$tmp/conf" "$tmp/in.mbox" > /dev/null 2> "$tmp/err" ||
    { cat "$tmp/err" >&2; fail "tempest process failed"; }
log=$tmp/data/games/1.mbox
got=$(grep -c '^X-Tempest-Key: ' "$log" || :)
[ "$got" -eq "$MAILS" ] || fail "the game log records $got mails, not $MAILS"

# cut LOG N: the log up to its N-th incoming mail and the referee's answers to it
cut_log() {
    awk -v n="$2" '/^From / && prev == "" && $2 != "referee@bench.test" { if (++k > n) exit }
                   { print; prev = $0; sub(/\r$/, "", prev) }' "$1"
}

# replay_of N: "wall-seconds peak-RSS-KB" of the replay of the first N mails, the best
# of 3 runs (the time a mail takes is a difference of two such times: noise matters)
replay_of() {
    cut_log "$log" "$1" > "$tmp/cut.mbox"
    best=""
    for _ in 1 2 3; do
        rm -rf "$tmp/into"
        start=$(date +%s.%N)
        "$TIME" -f '%M' -o "$tmp/time" "$T" replay -c "$tmp/conf" "$tmp/cut.mbox" \
            --into "$tmp/into" > "$tmp/out" 2>&1 ||
            { cat "$tmp/out" >&2; fail "replay of $1 mails failed"; }
        end=$(date +%s.%N)
        grep -q "every recorded state reproduced" "$tmp/out" || fail "replay of $1 mails differed"
        secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
        if [ -z "$best" ] || awk -v a="$secs" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
            best="$secs $(cat "$tmp/time")"
        fi
    done
    echo "$best"
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
set -- $(replay_of 1000); t1=$1 m1=$2
set -- $(replay_of 2000); t2=$1
set -- $(replay_of $((MAILS - 1000))); t9=$1
set -- $(replay_of "$MAILS"); t10=$1 m10=$2

echo
echo "tempest replay: one game of $MAILS mails ($(($(wc -c < "$log") / 1024)) KB of log," \
     "state file $(($(wc -c < "$tmp/data/games/1.json") / 1024)) KB)"
echo "load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v n="$MAILS" -v t1="$t1" -v t2="$t2" -v t9="$t9" -v t10="$t10" -v m1="$m1" -v m10="$m10" 'BEGIN {
    printf "%-34s %9s %9s %10s\n", "replay", "wall-s", "mails/s", "peak-RSS"
    printf "%-34s %9.3f %9.0f %7.1f MB\n", "first 1,000 mails", t1, 1000 / t1, m1 / 1024
    printf "%-34s %9.3f %9.0f %7.1f MB\n", "all " n " mails", t10, n / t10, m10 / 1024
    printf "time a mail: %.3f ms at the start (mails 1,001-2,000), %.3f ms at the end (the last 1,000): %.2fx\n",
           t2 - t1, t10 - t9, (t10 - t9) / (t2 - t1)
}'
