#!/bin/sh
# `tempest replay` of one long game and of a 1 GB log of many games: does a mail's cost
# grow with the game's length, or with the log's?
# bench/genmail -l writes one game of MAILS mails (default 10,000: a challenge, an
# acceptance, an 18-ply opening, then the players asking for the status in turn, each
# mail recorded in the game with the referee's answer); `tempest process` builds its log;
# then `tempest replay` replays the log, whole and cut after 1,000, 2,000, MAILS - 1,000
# incoming mails. The time a mail takes at the start is that of mails 1,001-2,000, at the
# end that of the last 1,000 (each the difference of two runs, each the best of 3); peak
# memory from GNU time.
# Then many games: bench/genmail -p writes games whose every mail quotes 20 KB of an older
# thread (as mail clients do), about BENCH_REPLAY_LOG_MB (1024) MB of game logs once
# `tempest process` has built them; the logs, one after the other in the order of their
# games, make one log, replayed whole and cut after its first and its ninth tenth of games:
# the time a mail takes in the first tenth and in the last, and the peak memory. The mails
# and each data directory are removed as soon as they are not needed (at most about twice
# the log's size on disk at a time).
# Usage: bench/replay.sh TEMPEST BENCHDIR     (BENCHDIR holds genmail)
set -eu
T=${1:-./tempest}
B=${2:-build/bench}
MAILS=${BENCH_REPLAY_MAILS:-10000}
LOG_MB=${BENCH_REPLAY_LOG_MB:-1024}
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

# -- many games, a log of about LOG_MB MB: 100 games of 20 mails quoting 20 KB make 47 MB
games=$((LOG_MB * 100 / 47)); [ "$games" -ge 10 ] || games=10
big=$tmp/big
mkdir -p "$big/data"
"$B/genmail" -g "$games" -p 20000 -k "$big/data/key" -m "$big/in.mbox" || fail "genmail -p failed"
sed "s|$tmp/data|$big/data|" "$tmp/conf" > "$big/conf"
rm -rf "$tmp/data/games" "$tmp/into" "$tmp/in.mbox" "$tmp/cut.mbox"
"$T" process -c "$big/conf" "$big/in.mbox" > /dev/null 2> "$tmp/err" ||
    { cat "$tmp/err" >&2; fail "tempest process of the many games failed"; }
rm -f "$big/in.mbox"
tenth=$((games / 10))
logs_of() { i=$1; while [ "$i" -le "$2" ]; do cat "$big/data/games/$i.mbox"; i=$((i + 1)); done; }
logs_of 1 "$tenth" > "$big/first.mbox"
logs_of 1 "$((games - tenth))" > "$big/most.mbox"
logs_of 1 "$games" > "$big/all.mbox"
rm -rf "$big/data/games"
big_mails=$(grep -c '^X-Tempest-Key: ' "$big/all.mbox" || :)
[ "$big_mails" -eq $((games * 20)) ] || fail "the logs record $big_mails mails, not $((games * 20))"

# big_replay FILE: "wall-seconds peak-RSS-KB" of one replay of it
big_replay() {
    rm -rf "$big/into"
    start=$(date +%s.%N)
    "$TIME" -f '%M' -o "$tmp/time" "$T" replay -c "$big/conf" "$1" --into "$big/into" \
        > "$tmp/out" 2>&1 || { cat "$tmp/out" >&2; fail "replay of $1 failed"; }
    end=$(date +%s.%N)
    grep -q "every recorded state reproduced" "$tmp/out" || fail "replay of $1 differed"
    rm -rf "$big/into"
    awk -v a="$start" -v b="$end" -v m="$(cat "$tmp/time")" 'BEGIN { printf "%.3f %d\n", b - a, m }'
}
size_mb=$(($(wc -c < "$big/all.mbox") / 1048576))
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
set -- $(big_replay "$big/first.mbox"); b1=$1 bm1=$2
rm -f "$big/first.mbox"
set -- $(big_replay "$big/most.mbox"); b9=$1
rm -f "$big/most.mbox"
set -- $(big_replay "$big/all.mbox"); b10=$1 bm10=$2
rm -rf "$big"

echo
echo "tempest replay: $games games, $big_mails mails, $size_mb MB of log (each mail quoting 20 KB)"
echo "load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg)"
awk -v n="$big_mails" -v g="$games" -v t="$tenth" -v b1="$b1" -v b9="$b9" -v b10="$b10" \
    -v m1="$bm1" -v m10="$bm10" 'BEGIN {
    k = t * 20
    printf "%-34s %9s %9s %10s\n", "replay", "wall-s", "mails/s", "peak-RSS"
    printf "%-34s %9.3f %9.0f %7.1f MB\n", "first tenth (" k " mails)", b1, k / b1, m1 / 1024
    printf "%-34s %9.3f %9.0f %7.1f MB\n", "all " n " mails", b10, n / b10, m10 / 1024
    printf "time a mail: %.3f ms in the first tenth of the log, %.3f ms in the last: %.2fx\n",
           1000 * b1 / k, 1000 * (b10 - b9) / k, (b10 - b9) / b1
}'
