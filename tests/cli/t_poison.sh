#!/bin/sh
# Poison mail. A one-line mail "place" (a ChessMe order word with nothing after it) once
# killed every run; so may any mail that meets a bug. Here:
#   - every order word of every kind alone in a mail, and followed by one word, through the
#     sanitized binary: each answered, no crash, no sanitizer report;
#   - a mail that kills the run as it is processed (TEMPEST_FAULT_MAIL, src/util/fault.c):
#     the runs it kills process its batch again one mail at a time; after three runs it is
#     set aside in DATA/quarantine/ (its bytes, a note), the operator told once on stderr,
#     and the other mails answered: the states and replies of a clean run without it.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
copy() { rm -rf "$2"; cp -r "$1" "$2"; sed -i "s|$1|$2|" "$2/conf"; }
ids() { grep '^Message-ID: ' "$@" | sed 's/^Message-ID: //; s/\r$//' | sort; }
hashes() {
  for g in $(ls "$1/data/games" | sed -n 's/\.json$//p' | sort -n); do
    printf '%s ' "$g"; "$T" show -c "$1/conf" --json "$g" | sed -n 's/.*"hash": "\(.*\)".*/\1/p'
  done
}

# -- every order word alone, and followed by one word, from a stranger and from a player
W=$tmp/words; cli_referee "$W"
words=$(sed -n 's/^[[:space:]]*{ "\([a-z][a-z ]*\)", .*/\1/p' src/game/order_table.c \
  src/kinds/*/*_kind.c | sort -u)
[ "$(printf '%s\n' "$words" | grep -c .)" -ge 40 ] && pass || fail "the order words found"
: > "$tmp/words.mbox"
printf '%s\n' "$words" | while IFS= read -r w; do
  cli_mail zed@example.org "hi" "$w" >> "$tmp/words.mbox"
  cli_mail zed@example.org "hi" "$w x" >> "$tmp/words.mbox"
done
cli_mail zed@example.org "place" "place" >> "$tmp/words.mbox"
run "$TA" process -c "$W/conf" "$tmp/words.mbox"
expect_rc "every order word alone" 0
expect_clean "every order word alone"
case $out in *"To: zed@example.org"*) pass ;; *) fail "the words are answered" ;; esac

# -- a mail that kills the run while it is processed
W=$tmp/w; cli_referee "$W"; cli_game "$W/conf"
P=POISON-7f3a9c
cli_game_mail 1 alice@example.org "$WT" "e4" > "$tmp/all.mbox"
cli_mail mallory@evil.example "hello" "$P" > "$tmp/poison.mbox"
cli_mail carol@example.org "a game?" "new chess\nopponent dave@example.org" > "$tmp/rest.mbox"
cli_game_mail 1 bob@example.org "$BT" "e5" >> "$tmp/rest.mbox"
cat "$tmp/all.mbox" "$tmp/rest.mbox" > "$tmp/clean.mbox"
sed '1d' "$tmp/poison.mbox" | sed '$d' > "$tmp/poison.raw"     # as the mbox reader gives it
cat "$tmp/poison.mbox" "$tmp/rest.mbox" >> "$tmp/all.mbox"

C=$tmp/clean; copy "$W" "$C"
"$T" process -c "$C/conf" "$tmp/clean.mbox" > "$tmp/clean.out" 2>/dev/null
clean_ids=$(ids "$tmp/clean.out"); clean_states=$(hashes "$C")
[ "$(printf '%s\n' "$clean_ids" | grep -c .)" -ge 4 ] && pass || fail "the clean run answers"

K=$tmp/k; copy "$W" "$K"; : > "$tmp/sent"
export TEMPEST_FAULT_MAIL=$P
for i in 1 2 3; do
  "$T" process -v -c "$K/conf" "$tmp/all.mbox" >> "$tmp/sent" 2>"$tmp/err$i"
  rc=$?
  [ "$rc" -eq 137 ] && pass || fail "run $i dies on the poison mail (exit $rc)"
done
grep -q 'processed one at a time' "$tmp/err2" && pass || fail "run 2 takes the dead batch one mail at a time"
[ -z "$(ls "$K/data/quarantine" 2>/dev/null)" ] && pass || fail "nothing set aside before three runs died"
run "$T" process -c "$K/conf" "$tmp/all.mbox"
expect_rc "run 4 sets the poison aside" 0
expect_err "run 4 tells the operator" "set aside"
printf '%s\n' "$out" >> "$tmp/sent"
q=$(ls "$K"/data/quarantine/*.eml 2>/dev/null)
[ "$(printf '%s\n' "$q" | grep -c .)" -eq 1 ] && pass || fail "one mail in quarantine ($q)"
grep -q "$P" $q && grep -q '^X-Tempest-Quarantine: 3 runs died' $q &&
  tail -n +3 $q | cmp -s - "$tmp/poison.raw" && pass || fail "the quarantine holds its bytes and a note"
[ "$(ids "$tmp/sent")" = "$clean_ids" ] && pass || fail "the other mails answered, each once"
[ "$(hashes "$K")" = "$clean_states" ] && pass || fail "the states of a clean run without it"
case $(cat "$tmp/sent") in *"To: mallory@evil.example"*) fail "the poison mail is answered" ;; *) pass ;; esac
run "$T" process -c "$K/conf" "$tmp/all.mbox"
expect_rc "run 5" 0
[ -z "$err" ] && pass || fail "the operator is told once ($err)"
[ -z "$out" ] && pass || fail "run 5 sends nothing"
[ ! -e "$K/data/processing" ] && pass || fail "no mark left"
unset TEMPEST_FAULT_MAIL

# -- a run killed within a batch by something else than its mails (here: a fault point):
# the next run does the batch one mail at a time, answers everything, and counts nothing
# against the mails for good
K=$tmp/once; copy "$W" "$K"
TEMPEST_FAULT=mid-batch "$T" process -c "$K/conf" "$tmp/clean.mbox" > /dev/null 2>&1
run "$T" process -c "$K/conf" "$tmp/clean.mbox"
expect_rc "after a kill" 0
[ "$(ids "$cli_tmp/out")" = "$clean_ids" ] && pass || fail "after a kill: the replies of a clean run"
[ "$(hashes "$K")" = "$clean_states" ] && pass || fail "after a kill: the states of a clean run"
[ ! -e "$K/data/attempts" ] && pass || fail "after a kill: no attempts kept once the mails came through"
# -- a dead run's mark is counted once: a start that counted it and died before removing it
# (its token already in DATA/attempts) does not count it again; a mark of another run does
awk 'NR > 1 && /^From / { exit } { print }' "$tmp/rest.mbox" > "$tmp/one.mbox"
id=$(sed '1d' "$tmp/one.mbox" | sed '$d' | sha256sum | cut -c1-32)
D=$tmp/twice; copy "$W" "$D"
printf 'run T1\n%s\n' "$id" > "$D/data/processing"
printf 'absorbed T1\n%s 2\n' "$id" > "$D/data/attempts"
run "$T" process -c "$D/conf" "$tmp/one.mbox"
expect_rc "a mark counted already" 0
expect_out "a mark counted already: the mail answered" "To: dave@example.org"
[ ! -d "$D/data/quarantine" ] && [ ! -e "$D/data/attempts" ] && [ ! -e "$D/data/processing" ] &&
  pass || fail "a mark counted already: not counted again, and nothing left"
D=$tmp/third; copy "$W" "$D"
printf 'run T2\n%s\n' "$id" > "$D/data/processing"
printf 'absorbed T1\n%s 2\n' "$id" > "$D/data/attempts"
run "$T" process -c "$D/conf" "$tmp/one.mbox"
expect_rc "a third dead run" 0
expect_err "a third dead run: set aside" "set aside"
[ -z "$out" ] && pass || fail "a third dead run: nothing answered"
cli_done t_poison
