#!/bin/sh
# `tempest process` throughput next to its floor. bench/genmail writes an mbox of the
# players' mail for GAMES games (default 500): each game a challenge, an acceptance and an
# 18-ply opening, 20 mails a game (10,000 in all), with the right reply tokens, the games
# overlapping in time. `tempest process` reads it in the embedded mode (no SMTP: replies
# to standard output, here /dev/null) into a fresh data directory, with every commit
# fsynced as in production; every game must then stand at ply 18, or the run measured
# refusals and the bench fails. The floor is bench/etpanfloor: the same mbox split by the
# project's reader and each message parsed by libetpan's mailmime_parse alone (best of 5
# runs, timed by itself). Wall time, CPU time and peak memory come from GNU time; the
# load average is printed, as other work on the machine slows the numbers. So is what
# creating a file costs in the bench's directory: the 500 new games need some 2,000 files,
# and an ext4 without a journal passes over every inode freed in the last hours before it
# gives one (here, where the test suites remove hundreds of thousands of files, up to
# 1 ms a file); the directory is made in $TMPDIR (/tmp if unset).
# The previous release ($BENCH_BASE, bench/base) processes the same mails, into a data
# directory of its own: the two in turn, twice, each one's faster run counted.
# Usage: bench/process.sh TEMPEST BENCHDIR     (BENCHDIR holds genmail and etpanfloor)
set -eu
T=${1:-./tempest}
B=${2:-build/bench}
GAMES=${BENCH_GAMES:-500}
PLIES=18
BENCH=process
. "$(dirname "$0")/lib.sh"
[ -x "$TIME" ] || fail "$TIME not found (apt-get install time)"
bench_tmp

"$B/genmail" -g "$GAMES" -k "$tmp/key" -m "$tmp/in.mbox" || fail "genmail failed"
mails=$((GAMES * 20))
size=$(wc -c < "$tmp/in.mbox")

mkdir "$tmp/data"
cp "$tmp/key" "$tmp/data/key"
chmod 600 "$tmp/data/key"
# Every reply is written: the per-run limit that stops mail loops would drop most of them.
cat > "$tmp/conf" <<EOF
referee_address = referee@bench.test
data_dir = $tmp/data
max_replies_per_sender = 10000
EOF

# A benchmark whose mails were refused measures nothing: every game must be at ply 18.
all_played() {
    "$1" list -c "$tmp/conf" > "$tmp/list" || fail "tempest list failed"
    done_games=$(awk -v p=$PLIES 'NR > 1 && $6 == p' "$tmp/list" | wc -l)
    if [ "$done_games" -ne "$GAMES" ]; then
        echo "bench process: only $done_games of $GAMES games reached ply $PLIES; the games:" >&2
        head -n 20 "$tmp/list" >&2
        echo "bench process: what tempest said:" >&2
        head -n 20 "$tmp/err" >&2
        exit 1
    fi
}

# one_run TEMPEST N: the mails into a fresh data directory (the ones before are kept
# until the end: removing their files slows the creation of the next ones); prints
# "wall user sys rss"
one_run() {
    [ -d "$tmp/data" ] && mv "$tmp/data" "$tmp/data.$2"
    mkdir "$tmp/data" && cp "$tmp/key" "$tmp/data/key" && chmod 600 "$tmp/data/key" || exit 1
    res=$(timed "$1" process -c "$tmp/conf" "$tmp/in.mbox") || exit 1
    replies=$(grep -c '^From ' "$tmp/out" || :)
    rm -f "$tmp/out"
    all_played "$1"
    echo "$res $replies"
}

# this build and the previous release in turn, twice: each build's faster run counts,
# so that neither pays alone for what the machine or the file system did meanwhile
R=$(base_tempest || :)
faster() { [ -z "$1" ] && echo "$2" || echo "$1
$2" | sort -n | head -n 1; }
load_before=$(load)
this="" rel=""
for round in 1 2; do
    res=$(one_run "$T" t$round) || exit 1
    this=$(faster "$this" "$res")
    if [ -n "$R" ]; then
        res=$(one_run "$R" r$round) || exit 1
        rel=$(faster "$rel" "$res")
    fi
done
set -- $this
t_wall=$1 t_user=$2 t_sys=$3 t_rss=$4 replies=$5
r_wall=- r_user=- r_sys=- r_rss=-
[ -n "$rel" ] && { set -- $rel; r_wall=$1 r_user=$2 r_sys=$3 r_rss=$4; }

# The file system's part: 2,000 empty files created beside the data directory (and
# removed only once the floor is timed).
mkdir "$tmp/files"
f_start=$(date +%s.%N)
perl -e 'for my $i (1 .. 2000) { open(my $f, ">", "$ARGV[0]/f$i") or die "$!\n"; close $f }' "$tmp/files" ||
    fail "cannot create files in $tmp"
f_secs=$(echo "$(date +%s.%N) $f_start" | awk '{ print $1 - $2 }')

# The floor times itself (GNU time's 10 ms steps are too coarse); the best of 5 runs.
best=""
for _ in 1 2 3 4 5; do
    res=$(timed "$B/etpanfloor" "$tmp/in.mbox") || exit 1
    read -r _ got _ secs _ < "$tmp/out"
    [ "$got" -eq "$mails" ] || fail "etpanfloor read $got messages, not $mails"
    if [ -z "$best" ] || awk -v a="$secs" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
        best="$secs $res"
    fi
done
set -- $best
f_wall=$1 f_user=$3 f_sys=$4 f_rss=$5

echo
echo "tempest process: $mails mails ($((size / 1024)) KB) over $GAMES games, embedded mode," \
     "fresh data directory; $replies replies to /dev/null; all $GAMES games at ply $PLIES"
echo "load average before: $load_before; after: $(load)"
awk -v n="$mails" -v tw="$t_wall" -v tu="$t_user" -v ts="$t_sys" -v tr="$t_rss" \
    -v fw="$f_wall" -v fu="$f_user" -v fs="$f_sys" -v fr="$f_rss" 'BEGIN {
    printf "%-28s %7s %9s %9s %9s %10s %10s\n", "program", "mails", "wall-s", "user-s", "sys-s", "mails/s", "peak-RSS"
    printf "%-28s %7d %9.3f %9.2f %9.2f %10.0f %7.1f MB\n", "tempest process (best of 2)", n, tw, tu, ts, n / tw, tr / 1024
    printf "%-28s %7d %9.3f %9.2f %9.2f %10.0f %7.1f MB\n", "libetpan alone (best of 5)", n, fw, fu, fs, n / fw, fr / 1024
    printf "tempest process takes %.0fx the time of parsing with libetpan alone; %.2f ms a mail, of which %.2f ms off the CPU (waiting for the disk)\n",
           tw / fw, 1000 * tw / n, 1000 * (tw - tu - ts) / n
}'
if [ -n "$R" ]; then
    awk -v n="$mails" -v rw="$r_wall" -v ru="$r_user" -v rs="$r_sys" -v rr="$r_rss" -v tw="$t_wall" \
        -v tu="$t_user" -v ts="$t_sys" 'BEGIN {
        printf "%-28s %7d %9.3f %9.2f %9.2f %10.0f %7.1f MB\n", "the release (best of 2)", n, rw, ru, rs, n / rw, rr / 1024
        printf "this build takes %.2fx its time and %.2fx its CPU time\n", tw / rw, (tu + ts) / (ru + rs) }'
fi
rate() { [ "$1" = - ] && echo - || awk -v n="$mails" -v w="$1" 'BEGIN { printf "%.1f", n / w }'; }
mb() { [ "$1" = - ] && echo - || awk -v k="$1" 'BEGIN { printf "%.2f", k / 1024 }'; }
cpu() { [ "$1" = - ] && echo - || awk -v u="$1" -v s="$2" 'BEGIN { printf "%.2f", u + s }'; }
figure "process: mails a second" "" high 5000 "$(rate "$t_wall")" "$(rate "$r_wall")"
figure "process: peak memory" " MB" low 32 "$(mb "$t_rss")" "$(mb "$r_rss")"
figure "process: CPU seconds, 10,000 mails" " s" low - "$(cpu "$t_user" "$t_sys")" "$(cpu "$r_user" "$r_sys")"
awk -v s="$f_secs" -v d="$(dirname "$tmp")" 'BEGIN {
    printf "creating a file in %s: %.3f ms (2,000 empty files in %.2f s): the some 2,000 files of 500 new games cost about that much of the run\n", d, s / 2, s
}'
