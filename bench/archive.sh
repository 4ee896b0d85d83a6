#!/bin/sh
# `tempest archive` of 1,000 games (BENCH_GAMES). bench/genmail writes the players' mail
# of the games (each a challenge, an acceptance and an 18-ply opening), `tempest process`
# plays them into a fresh data directory (not timed), then three runs of `tempest archive`
# into an empty folder are timed: the first writes every page (the target: under 10 s for
# 1,000 games), the second finds nothing changed (the manifest and a stat of each state),
# the third follows a `tempest process` of one more move in one game and writes that one
# page and the index. Every game must have its page, or the bench fails. Wall time, CPU
# time and peak memory come from GNU time; the load average is printed beside them.
# Usage: bench/archive.sh TEMPEST BENCHDIR     (BENCHDIR holds genmail)
set -eu
T=${1:-./tempest}
B=${2:-build/bench}
GAMES=${BENCH_GAMES:-1000}
BENCH=archive
. "$(dirname "$0")/lib.sh"
[ -x "$TIME" ] || fail "$TIME not found (apt-get install time)"
bench_tmp

"$B/genmail" -g "$GAMES" -k "$tmp/key" -m "$tmp/in.mbox" || fail "genmail failed"
mkdir "$tmp/data"
cp "$tmp/key" "$tmp/data/key"
chmod 600 "$tmp/data/key"
cat > "$tmp/conf" <<EOF
referee_address = referee@bench.test
data_dir = $tmp/data
max_replies_per_sender = 10000
EOF
"$T" process -c "$tmp/conf" "$tmp/in.mbox" > /dev/null 2> "$tmp/err" || { cat "$tmp/err" >&2; fail "process failed"; }

# every TEMPEST SITE: every page of a new archive; "wall user sys rss"
every() {
    res=$(timed "$1" archive -v -c "$tmp/conf" "$2") || exit 1
    pages=$(ls "$2" | grep -c '^game-.*\.html$' || :)
    [ "$pages" -eq "$GAMES" ] || fail "$pages pages for $GAMES games"
    echo "$res"
}
# unchanged TEMPEST SITE: a run with nothing changed; changed TEMPEST SITE: a run after
# one game changed (the caller touches its state file, as a commit replaces it: its page
# and the index again)
unchanged() {
    res=$(timed "$1" archive -v -c "$tmp/conf" "$2") || exit 1
    grep -q ' 0 pages written' "$tmp/out" || fail "a run with nothing changed wrote: $(cat "$tmp/out")"
    echo "$res"
}
changed() {
    res=$(timed "$1" archive -v -c "$tmp/conf" "$2") || exit 1
    grep -q ' 1 pages written' "$tmp/out" || fail "a run after one change wrote: $(cat "$tmp/out")"
    echo "$res"
}
faster() { [ -z "$1" ] && echo "$2" || printf '%s\n%s\n' "$1" "$2" | sort -n | head -n 1; }

# this build and the previous release in turn, twice, into new folders, the release
# first in the second round (the first run after the data's making pays for what the
# disk still writes of it, and its pages' creation follows its removals): each one's
# faster run counts; then the two other runs of each on its last archive
load_before=$(load)
R=$(base_tempest || :)
this="" rel=""
for round in 1 2; do
    if [ -n "$R" ] && [ "$round" -eq 2 ]; then
        res=$(every "$R" "$tmp/site.r$round") || exit 1
        rel=$(faster "$rel" "$res")
    fi
    res=$(every "$T" "$tmp/site.t$round") || exit 1
    this=$(faster "$this" "$res")
    if [ -n "$R" ] && [ "$round" -eq 1 ]; then
        res=$(every "$R" "$tmp/site.r$round") || exit 1
        rel=$(faster "$rel" "$res")
    fi
done
bytes=$(du -sk "$tmp/site.t2" | cut -f1)
res=$(unchanged "$T" "$tmp/site.t2") || exit 1
this="$this;$res"
if [ -n "$R" ]; then
    res=$(unchanged "$R" "$tmp/site.r2") || exit 1
    rel="$rel;$res"
fi
touch "$tmp/data/games/1.json"
res=$(changed "$T" "$tmp/site.t2") || exit 1
this="$this;$res"
if [ -n "$R" ]; then
    res=$(changed "$R" "$tmp/site.r2") || exit 1
    rel="$rel;$res"
fi

echo
echo "tempest archive: $GAMES games of 18 plies; $GAMES pages, $((bytes / 1024)) MB in all"
echo "load average before: $load_before; after: $(load)"
printf '%-40s %9s %9s %9s %10s\n' "run" "wall-s" "user-s" "sys-s" "peak-RSS"
i=0
for run in "every page (best of 2)" "nothing changed" "one game changed"; do
    i=$((i + 1))
    for who in this rel; do
        eval "runs=\$$who"
        [ -n "$runs" ] || continue
        set -- $(echo "$runs" | cut -d';' -f$i)
        [ $who = this ] && label="$run" || label="  the previous release"
        printf '%-40s %9.2f %9.2f %9.2f %7.1f MB\n' "$label" "$1" "$2" "$3" "$(echo "$4" | awk '{ print $1 / 1024 }')"
    done
done
wall() { [ -n "$1" ] && echo "$1" | cut -d';' -f"$2" | cut -d' ' -f1 || echo -; }
figure "archive: every page of $GAMES games" " s" low 10 "$(wall "$this" 1)" "$(wall "$rel" 1)" 0.05
figure "archive: a run with nothing changed" " s" low - "$(wall "$this" 2)" "$(wall "$rel" 2)" 0.05
figure "archive: a run after one game changed" " s" low - "$(wall "$this" 3)" "$(wall "$rel" 3)" 0.05
