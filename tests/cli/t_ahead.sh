#!/bin/sh
# tempest process of a batch read ahead (src/pipeline/ahead.c: each mail parsed and its
# text read on a second thread while the mails before it are applied, answered and
# written). The reading corpus's mails (tests/reading/cases: real clients, a dozen
# languages, MIME of every shape), in one mbox over a game begun, give the same replies,
# states and logs read ahead (the sanitized binary, in batches of the default size) as
# read one by one (batches of two: no reader).
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

referee() {     # referee DIR: the demo key, a configuration beside its data
  mkdir -p "$1/data"
  cp examples/demo.key "$1/data/key"
  chmod 600 "$1/data/key"
  printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/data\n' "$1" > "$1/conf"
  printf 'max_replies_per_sender = 10000\nmax_answers_per_day = 10000\n' >> "$1/conf"   # they write often
}

# the game the corpus's cases mostly answer: chess after 1. e4, played at noon
F=$tmp/fixture
referee "$F"
TEMPEST_NOW=2026-11-05T12:00:00Z run "$T" process -c "$F/conf" tests/reading/fixtures/chess-e4.mbox
expect_rc "the fixture is played" 0

# every case's mail in one mbox: a From line each, lines that begin "From " quoted
for e in tests/reading/cases/*.eml; do
  echo "From sender@example.org Thu Nov  5 19:00:00 2026"
  tr -d '\r' < "$e" | sed 's/^\(>*From \)/>\1/'
  echo
done > "$tmp/all.mbox"
n=$(grep -c '^From sender@example.org ' "$tmp/all.mbox")
[ "$n" -gt 200 ] && pass || fail "the corpus's mails: only $n"

export TEMPEST_NOW=2026-11-05T20:00:00Z
for d in one ahead; do
  cp -R "$F" "$tmp/$d"
  sed -i "s|$F|$tmp/$d|" "$tmp/$d/conf"
done
echo 'batch_size = 2' >> "$tmp/one/conf"
run "$T" process -vv -c "$tmp/one/conf" "$tmp/all.mbox"
expect_rc "one by one" 0
printf '%s\n' "$out" > "$tmp/one.out"
printf '%s\n' "$err" | grep -q 'read ahead' && fail "batches of two are read ahead" || pass
run "$TA" process -vv -c "$tmp/ahead/conf" "$tmp/all.mbox"
expect_rc "read ahead" 0
printf '%s\n' "$out" > "$tmp/ahead.out"
# batches end where a mail changes the registry (a language, a vacation): most are long
ahead=$(printf '%s\n' "$err" | sed -n 's/.* \([0-9]*\) mails of the batch read ahead/\1/p' |
        awk '{ s += $1 } END { print s + 0 }')
[ "$ahead" -gt $((n / 2)) ] && pass || fail "only $ahead of the $n mails read ahead"

[ -s "$tmp/one.out" ] && cmp -s "$tmp/one.out" "$tmp/ahead.out" && pass ||
  fail "the replies differ: $(diff "$tmp/one.out" "$tmp/ahead.out" | head -n 20)"
for f in $(cd "$tmp/one/data" && ls games/*.json games/*.mbox other.mbox players.json 2>/dev/null); do
  cmp -s "$tmp/one/data/$f" "$tmp/ahead/data/$f" && pass || fail "$f differs"
done
[ "$(ls "$tmp/one/data/games")" = "$(ls "$tmp/ahead/data/games")" ] && pass ||
  fail "not the same games"

cli_done t_ahead
