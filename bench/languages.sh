#!/bin/sh
# What a reader's language costs. The same game is set up twice, alice playing White,
# once in English and once after `language fr`; then, with nothing written (--dry-run,
# so that every run starts from the same state and no daily quota stops the answers),
# alice sends 1,000 mails of one refused move (a reason and the board in each reply) to
# each; and a stranger sends one `help` mail. GNU time's user and system CPU time of each run, the best of
# RUNS (default 5); the French run within 10% of the English one is the target, and the
# help mail no more than what a run took before languages (14 ms of CPU on this machine,
# docs/design.md "Languages").
# Usage: bench/languages.sh TEMPEST
set -eu
T=${1:-./tempest}
RUNS=${BENCH_RUNS:-5}
BENCH=languages
. "$(dirname "$0")/lib.sh"
[ -x "$TIME" ] || fail "$TIME not found (apt-get install time)"
bench_tmp

export TEMPEST_NOW=2026-11-05T12:00:00Z

# mail FROM SUBJECT BODY ID: one mail of an mbox
mail() {
    printf 'From %s Thu Nov  5 12:00:00 2026\nFrom: %s\nTo: referee@bench.test\nSubject: %s\nMessage-ID: <%s>\nDate: Thu, 05 Nov 2026 12:00:00 +0000\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n%b\n\n' \
        "$1" "$1" "$2" "$4" "$3"
}
# token ADDRESS FILE: the reply token of the first mail to ADDRESS in FILE
token() {
    awk -v to="$1" '$1 == "To:" { hit = index($0, to) > 0 }
        hit && $1 == "Subject:" && $2 == "[tempest" { sub(/\]$/, "", $4); print $4; exit }' "$2"
}
# game LANG: a data directory $tmp/LANG where alice, in language LANG, plays White
game() {
    mkdir "$tmp/$1"
    cp examples/demo.key "$tmp/$1/key"
    chmod 600 "$tmp/$1/key"
    printf 'referee_address = referee@bench.test\ndata_dir = %s\nmax_replies_per_sender = 10000\n' \
        "$tmp/$1" > "$tmp/$1.conf"
    mail alice@bench.test "new game" "new chess\nopponent bob@bench.test\ncolour white" \
        c1 > "$tmp/$1.setup"
    "$T" process -c "$tmp/$1.conf" "$tmp/$1.setup" > "$tmp/$1.out1" || fail "the challenge failed"
    mail bob@bench.test "Re: [tempest 1 $(token bob@bench.test "$tmp/$1.out1")] invitation" \
        "accept" a1 > "$tmp/$1.accept"
    "$T" process -c "$tmp/$1.conf" "$tmp/$1.accept" > "$tmp/$1.out2" || fail "the acceptance failed"
    wt=$(token alice@bench.test "$tmp/$1.out2")
    [ -n "$wt" ] || fail "no reply token"
    mail alice@bench.test "Re: [tempest 1 $wt] game 1" "language $1" l1 > "$tmp/$1.lang"
    "$T" process -c "$tmp/$1.conf" "$tmp/$1.lang" > /dev/null || fail "the language failed"
    i=0
    while [ $i -lt 1000 ]; do       # the same refused move, 1,000 times
        mail alice@bench.test "Re: [tempest 1 $wt] game 1" "Nf9" "m$i" >> "$tmp/$1.mbox"
        i=$((i + 1))
    done
}
game en
game fr
mail carol@bench.test "help" "help" h1 > "$tmp/help.mbox"

# best CONF MBOX [TIMES]: the least CPU seconds (user and system) of RUNS runs of
# `process --dry-run` on MBOX, each run repeated TIMES (1) and counted as one of them
best() {
    b=""
    n=0
    while [ $n -lt "$RUNS" ]; do
        r=$(timed sh -c 'k=0; while [ $k -lt "$1" ]; do "$2" process --dry-run -c "$3" "$4" \
            > /dev/null || exit 1; k=$((k + 1)); done' sh "${3:-1}" "$T" "$1" "$2")
        cpu=$(echo "$r ${3:-1}" | awk '{ printf "%.4f", ($2 + $3) / $5 }')
        if [ -z "$b" ] || awk -v a="$cpu" -v b="$b" 'BEGIN { exit !(a < b) }'; then
            b=$cpu
        fi
        n=$((n + 1))
    done
    echo "$b"
}
load_before=$(load)
en_cpu=$(best "$tmp/en.conf" "$tmp/en.mbox")
fr_cpu=$(best "$tmp/fr.conf" "$tmp/fr.mbox")
for l in en fr; do
    n=$("$T" process --dry-run -c "$tmp/$l.conf" "$tmp/$l.mbox" | grep -c "^X-Tempest-Kind: refused")
    [ "$n" -eq 1000 ] || fail "$n refusals in $l, not 1000"
done
# one help mail: 20 runs timed together (GNU time counts in hundredths), a run's share
help_cpu=$(best "$tmp/en.conf" "$tmp/help.mbox" 20)
echo
echo "languages (best of $RUNS runs, CPU seconds, load $load_before):"
echo "  1,000 refusals, English reader:  $en_cpu"
echo "  1,000 refusals, French reader:   $fr_cpu  ($(echo "$fr_cpu $en_cpu" |
    awk '{ printf "%+.1f%%", ($1 / $2 - 1) * 100 }') against English)"
echo "  one help mail (a whole run):     $help_cpu"
