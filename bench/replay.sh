#!/bin/sh
# `tempest replay` of one long game and of a 1 GB log of many games: does a mail's cost
# grow with the game's length, or with the log's?
# bench/genmail -l writes one game of MAILS mails (default 10,000: a challenge, an
# acceptance, an 18-ply opening, then the players asking for the status in turn, each
# mail recorded in the game with the referee's answer); `tempest process` builds its log.
# Then many games: bench/genmail -p writes games whose every mail quotes 20 KB of an older
# thread (as mail clients do), about BENCH_REPLAY_LOG_MB (1024) MB of game logs once
# `tempest process` has built them; the logs, one after the other in the order of their
# games, make one log. Each log is replayed with -v, which says after each batch how many
# mails are done; each line is stamped as it comes, so that one run gives the time a mail
# takes in the first tenth of the log and in the last (the long game: the best of 3 runs).
# Peak memory from GNU time. The mails and each data directory are removed as soon as
# they are not needed (at most about twice the big log's size on disk at a time). The
# previous release ($BENCH_BASE, bench/base) replays the same logs after this build.
# Usage: bench/replay.sh TEMPEST BENCHDIR     (BENCHDIR holds genmail)
set -eu
T=${1:-./tempest}
B=${2:-build/bench}
MAILS=${BENCH_REPLAY_MAILS:-10000}
LOG_MB=${BENCH_REPLAY_LOG_MB:-1024}
BENCH=replay
. "$(dirname "$0")/lib.sh"
[ -x "$TIME" ] || { echo "bench: $TIME not found (apt-get install time)" >&2; exit 1; }
[ "$MAILS" -ge 3000 ] || { echo "bench replay: BENCH_REPLAY_MAILS must be 3000 or more" >&2; exit 1; }
command -v perl > /dev/null || { echo "bench replay: perl not found" >&2; exit 1; }

bench_tmp

# replay TEMPEST CONF LOG MAILS: one replay of LOG into a fresh directory; prints
# "wall-seconds peak-RSS-KB ms-a-mail-in-the-first-tenth ms-a-mail-in-the-last-tenth"
replay() {
    rm -rf "$tmp/into"
    bin=$1; shift
    start=$(perl -MTime::HiRes=time -e 'printf "%.6f", time')
    "$TIME" -f '%M' -o "$tmp/time" "$bin" replay -v -c "$1" "$2" --into "$tmp/into" 2>&1 |
        perl -MTime::HiRes=time -ne 'printf "%.6f %s", time, $_' > "$tmp/progress"
    grep -q "every recorded state reproduced" "$tmp/progress" ||
        { tail -n 5 "$tmp/progress" >&2; fail "replay of $2 failed or differed"; }
    rm -rf "$tmp/into"
    awk -v t0="$start" -v n="$3" -v m="$(cat "$tmp/time")" '
        BEGIN { late_t = t0; late_k = 0 }
        / mails replayed$/ { k = $3 + 0; t = $1 + 0
            if (!first && k >= n / 10) first = 1000 * (t - t0) / k
            if (k <= n * 0.9) { late_k = k; late_t = t }
            end_t = t }
        END { printf "%.3f %d %.4f %.4f\n", end_t - t0, m, first,
                     1000 * (end_t - late_t) / (n - late_k) }' "$tmp/progress"
}

# -- one long game
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
log_kb=$(($(wc -c < "$log") / 1024)); state_kb=$(($(wc -c < "$tmp/data/games/1.json") / 1024))

# best_of BIN CONF LOG MAILS: the fastest of 3 replays
best_of() {
    best=""
    for _ in 1 2 3; do
        res=$(replay "$@")
        if [ -z "$best" ] || awk -v a="${res%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
            best=$res
        fi
    done
    echo "$best"
}

# show TITLE MAILS "THIS" "RELEASE" NAME: the table of one log's replays, and its figures
show() {
    echo
    echo "$1"
    echo "load average before: $load_before; after: $(load)"
    printf '%-34s %9s %9s %10s %12s %12s %8s\n' replay wall-s mails/s peak-RSS first-ms last-ms last/first
    for r in "this build|$3" "the previous release|$4"; do
        [ "${r#*|}" = - ] && continue
        echo "${r#*|}" | awk -v who="${r%%|*}" -v n="$2" '{
            printf "%-34s %9.3f %9.0f %7.1f MB %12.4f %12.4f %7.2fx\n", who, $1, n / $1, $2 / 1024, $3, $4, $4 / $3 }'
    done
    this=$3 rel=$4
    pick() { [ "$1" = - ] && echo - || echo "$1" | awk -v n="$2" "{ $3 }"; }
    figure "replay, $5: mails a second" "" high - "$(pick "$this" "$2" 'printf "%.1f", n / $1')" \
           "$(pick "$rel" "$2" 'printf "%.1f", n / $1')"
    figure "replay, $5: last tenth's mail over first's" x low 1 "$(pick "$this" "$2" 'printf "%.3f", $4 / $3')" \
           "$(pick "$rel" "$2" 'printf "%.3f", $4 / $3')"
    figure "replay, $5: peak memory" " MB" low - "$(pick "$this" "$2" 'printf "%.2f", $2 / 1024')" \
           "$(pick "$rel" "$2" 'printf "%.2f", $2 / 1024')"
}

R=$(base_tempest || :)
load_before=$(load)
this=$(best_of "$T" "$tmp/conf" "$log" "$MAILS")
rel=-
[ -n "$R" ] && rel=$(best_of "$R" "$tmp/conf" "$log" "$MAILS")
show "tempest replay: one game of $MAILS mails ($log_kb KB of log, state file $state_kb KB), the best of 3 runs" \
     "$MAILS" "$this" "$rel" "one game"
rm -rf "$tmp/data" "$tmp/in.mbox"

# -- many games, a log of about LOG_MB MB: 100 games of 20 mails quoting 20 KB make 47 MB
games=$((LOG_MB * 100 / 47)); [ "$games" -ge 10 ] || games=10
big=$tmp/big
mkdir -p "$big/data"
"$B/genmail" -g "$games" -p 20000 -k "$big/data/key" -m "$big/in.mbox" || fail "genmail -p failed"
sed "s|$tmp/data|$big/data|" "$tmp/conf" > "$big/conf"
"$T" process -c "$big/conf" "$big/in.mbox" > /dev/null 2> "$tmp/err" ||
    { cat "$tmp/err" >&2; fail "tempest process of the many games failed"; }
rm -f "$big/in.mbox"
i=1
while [ "$i" -le "$games" ]; do cat "$big/data/games/$i.mbox"; i=$((i + 1)); done > "$big/all.mbox"
rm -rf "$big/data/games"
big_mails=$(grep -c '^X-Tempest-Key: ' "$big/all.mbox" || :)
[ "$big_mails" -eq $((games * 20)) ] || fail "the logs record $big_mails mails, not $((games * 20))"
size_mb=$(($(wc -c < "$big/all.mbox") / 1048576))

load_before=$(load)
this=$(replay "$T" "$big/conf" "$big/all.mbox" "$big_mails")
rel=-
[ -n "$R" ] && rel=$(replay "$R" "$big/conf" "$big/all.mbox" "$big_mails")
rm -rf "$big"
show "tempest replay: $games games, $big_mails mails, $size_mb MB of log (each mail quoting 20 KB)" \
     "$big_mails" "$this" "$rel" "many games"
