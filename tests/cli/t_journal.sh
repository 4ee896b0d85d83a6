#!/bin/sh
# The state file stays small: what only grows (the mail keys a game recorded, the
# Message-IDs sent, the events) goes to games/N.journal, appended, never rewritten. State
# files of format 1 (tests/fixtures/v1-chess) and 2 load and are migrated by the next
# commit; show, list and replay keep working; the duplicate check stays exact.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
WT=vb5v64h6
n=0

fresh() {       # fresh DIR: a data directory with the demo key and the format 1 game
  rm -rf "$1"; mkdir -p "$1/data/games"
  cp examples/demo.key "$1/data/key"; chmod 600 "$1/data/key"
  cp tests/fixtures/v1-chess/1.json tests/fixtures/v1-chess/1.mbox "$1/data/games/"
  printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/data\n' "$1" > "$1/conf"
}

# Its own mail, not lib.sh's cli_eml: its Message-ID (jN.alice@example.org) is the mail key
# the journal and `show --json` are checked for below.
status_mail() { # status_mail: alice asks for game 1's status, a new mail in $tmp/m.eml
  n=$((n + 1))
  printf 'From: alice@example.org\nTo: referee@tempest.example\nSubject: Re: [tempest 1 %s] game 1\nMessage-ID: <j%d.alice@example.org>\n\nstatus\n' "$WT" "$n" > "$tmp/m.eml"
}

hash() { "$T" show -c "$1/conf" --json 1 | sed -n 's/.*"hash": "\(.*\)".*/\1/p'; }
lines() { grep -c "^{\"$2\":" "$1/data/games/1.journal"; }

W=$tmp/w; fresh "$W"
h0=$(hash "$W")
[ -n "$h0" ] && pass || fail "format 1: show --json"
run "$TA" show -c "$W/conf" 1
expect_out "format 1: show" "Moves: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#"
expect_clean "format 1: show"

# the next commit writes format 4 and the whole lists into the journal, once
status_mail
run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
expect_rc "a mail to the old game" 0
expect_clean "a mail to the old game"
expect_out "answered" "To: alice@example.org"
grep -q '"format": 4' "$W/data/games/1.json" && pass || fail "the state file migrated to format 4"
grep -q '"\(mails\|events\|sent\)": \[' "$W/data/games/1.json" && fail "the lists left the state file" || pass
[ "$(lines "$W" mail)" -eq 11 ] && pass || fail "the journal holds the 10 old mail keys and the new one"
[ "$(lines "$W" event)" -eq 9 ] && pass || fail "the journal holds the events ($(lines "$W" event))"
[ "$(hash "$W")" = "$h0" ] && pass || fail "the same game after the migration"
run "$T" show -c "$W/conf" --json 1
expect_out "show --json: the lists" '"c1.alice@example.org"'
expect_out "show --json: the new key" "\"j$n.alice@example.org\""
run "$T" list -c "$W/conf"
expect_out "list" "alice@example.org"
run "$T" replay -c "$W/conf" "$W/data/games/1.mbox" --into "$tmp/r1"
expect_out "replay" "every recorded state reproduced"
grep -q '"format": 4' "$tmp/r1/games/1.json" && pass || fail "the replay writes format 4"

# the same mail again, even with the seen marks gone: the game's keys (from the journal)
# know it
rm -rf "$W/data/seen"
run_in "$tmp/m.eml" "$T" process -c "$W/conf"
[ -z "$out" ] && pass || fail "a mail the journal records is not answered again"
[ "$(lines "$W" mail)" -eq 11 ] && pass || fail "nor recorded again"

# the state does not grow with the mails; the journal only grows, by appending
size0=$(wc -c < "$W/data/games/1.json")
cp "$W/data/games/1.journal" "$tmp/j0"
: > "$tmp/many.mbox"
for _ in $(seq 20); do
  status_mail
  { echo "From alice@example.org Thu Nov  5 10:00:00 2026"; cat "$tmp/m.eml"; echo; } >> "$tmp/many.mbox"
done
run "$T" process -c "$W/conf" "$tmp/many.mbox"
expect_rc "20 more mails" 0
size1=$(wc -c < "$W/data/games/1.json")
[ $((size1 - size0)) -lt 40 ] && pass || fail "the state stays small ($size0 -> $size1 bytes after 20 mails)"
[ "$(lines "$W" mail)" -eq 31 ] && pass || fail "the journal records the 20 mails"
cmp -s -n "$(wc -c < "$tmp/j0")" "$tmp/j0" "$W/data/games/1.journal" && pass ||
  fail "the journal was appended to, not rewritten"

# format 2 (every list in the state file, as show --json writes it) loads and migrates
V=$tmp/v2; fresh "$V"
"$T" show -c "$W/conf" --json 1 > "$V/data/games/1.json"
grep -q '"format": 2' "$V/data/games/1.json" && pass || fail "a format 2 state"
h2=$(hash "$V")
[ "$h2" = "$(hash "$W")" ] && pass || fail "format 2: the same game"
status_mail
run_in "$tmp/m.eml" "$TA" process -c "$V/conf"
expect_rc "format 2: a mail" 0
expect_clean "format 2: a mail"
grep -q '"format": 4' "$V/data/games/1.json" && pass || fail "format 2 migrated to format 4"
[ "$(lines "$V" mail)" -eq 32 ] && pass || fail "format 2: the journal holds every key ($(lines "$V" mail))"

# a journal that lost what its state records is an error, not a shorter game
head -c 100 "$V/data/games/1.journal" > "$tmp/cut" && cp "$tmp/cut" "$V/data/games/1.journal"
run "$T" show -c "$V/conf" 1
[ "$rc" -ne 0 ] && pass || fail "a cut journal is refused"
expect_err "a cut journal" "1.journal"
cli_done t_journal
