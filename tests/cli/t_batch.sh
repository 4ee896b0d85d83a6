#!/bin/sh
# tempest process of an mbox: the mails of a batch committed together (group commit).
# The same batch killed between any two steps of its commit, then run again, gives the
# result of a clean run: the same states, each reply sent once, none for work that was
# not committed, no duplicate in the game logs. A mail whose storage fails fails alone.
# Game 1 (alice v bob) is started first; tokens as in t_process.sh (the demo key).
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
WT=vb5v64h6; BT=ezap3rhf

mail() { cli_mail "$@"; }       # mail FROM SUBJECT BODY: one mail in mbox form (lib.sh)

copy() {        # copy FROM TO: a data directory and its configuration, elsewhere
  rm -rf "$2"; cp -r "$1" "$2"; sed -i "s|$1|$2|" "$2/conf"
}

ids() { grep '^Message-ID: ' "$@" | sort; }
hashes() {      # the state hash of every game, and how many games there are
  for g in $(ls "$1/data/games" | sed -n 's/\.json$//p' | sort -n); do
    printf '%s ' "$g"; "$T" show -c "$1/conf" --json "$g" | sed -n 's/.*"hash": "\(.*\)".*/\1/p'
  done
}
logs() {        # the mail keys in every game log and in other.mbox; the games' journals
  for f in "$1"/data/games/*.mbox "$1/data/other.mbox"; do
    printf '%s: ' "${f##*/}"; grep '^X-Tempest-Key: ' "$f" | tr '\n' ' '; echo
  done
  for f in "$1"/data/games/*.journal; do
    printf '%s: ' "${f##*/}"; cli_journal "$f"
  done
}

W=$tmp/w; rm -rf "$W"; mkdir -p "$W/data"
cp examples/demo.key "$W/data/key"; chmod 600 "$W/data/key"
printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/data\n' "$W" > "$W/conf"
mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white" > "$tmp/a.mbox"
mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" >> "$tmp/a.mbox"
run "$T" process -c "$W/conf" "$tmp/a.mbox"
expect_out "game 1 starts" "game 1 begins"

# the batch: moves in game 1, two challenges (games 2 and 3), a mail about no game, and
# the first move again (the same Message-ID: applied once)
B=$tmp/batch.mbox
mail alice@example.org "Re: [tempest 1 $WT] game 1" "e4" > "$tmp/m1"
cat "$tmp/m1" > "$B"
mail carol@example.org "a game?" "new chess\nopponent dave@example.org" >> "$B"
mail bob@example.org "Re: [tempest 1 $BT] game 1" "e5" >> "$B"
mail alice@example.org "hello" "what is this?\nstatus" >> "$B"
mail alice@example.org "Re: [tempest 1 $WT] game 1" "Nf3" >> "$B"
cat "$tmp/m1" >> "$B"
mail erin@example.org "another game" "new chess\nopponent frank@example.org" >> "$B"

C=$tmp/clean; copy "$W" "$C"
run "$T" process -c "$C/conf" "$B"
expect_rc "clean batch" 0
printf '%s\n' "$out" > "$tmp/clean.out"
clean_ids=$(ids "$tmp/clean.out")
clean_states=$(hashes "$C")
clean_logs=$(logs "$C")
[ "$(printf '%s\n' "$clean_ids" | wc -l)" -eq 11 ] && pass || fail "a clean batch sends 11 mails ($(printf '%s\n' "$clean_ids" | wc -l))"
[ "$(printf '%s\n' "$clean_ids" | uniq -d)" = "" ] && pass || fail "a clean batch sends each reply once"
"$T" show -c "$C/conf" 1 | grep -q '^Moves: 1. e4 e5 2. Nf3$' && pass || fail "the batch's moves applied once, in order"
[ "$(printf '%s\n' "$clean_states" | wc -l)" -eq 3 ] && pass || fail "the batch made games 2 and 3"
grep -q 'To: dave@example.org' "$tmp/clean.out" && grep -q 'To: frank@example.org' "$tmp/clean.out" &&
  pass || fail "both invitations sent"
grep -q 'Subject: \[tempest\] your mail was not applied' "$tmp/clean.out" && pass ||
  fail "the mail about no game answered (an order without a game)"
[ "$(grep -c 'X-Tempest-Key: m3.alice' "$C/data/games/1.mbox")" -eq 1 ] && pass ||
  fail "the repeated mail is logged once"
# the batch again: every mail already seen
run "$T" process -c "$C/conf" "$B"
[ -z "$out" ] && pass || fail "the same batch again sends nothing"
[ "$(hashes "$C")" = "$clean_states" ] && pass || fail "the same batch again changes nothing"

# -- killed while the outbox is sent, one reply out and marked: the run after sends the
# others, each once, and leaves no spool behind
K=$tmp/k-mid-flush; copy "$W" "$K"
TEMPEST_FAULT=mid-flush "$T" process -c "$K/conf" "$B" > "$tmp/killed.out" 2>/dev/null
rc=$?
[ "$rc" -eq 137 ] && pass || fail "mid-flush: the run was killed (exit $rc)"
[ "$(ids "$tmp/killed.out" | wc -l)" -eq 1 ] && pass || fail "mid-flush: one reply out before the kill"
ls "$K/data/outbox" | grep -q '\.sent$' && pass || fail "mid-flush: the reply out is marked sent"
run "$T" process -c "$K/conf" "$B"
expect_rc "mid-flush: the run after" 0
got=$( { cat "$tmp/killed.out"; printf '%s\n' "$out"; } | ids)
[ "$got" = "$clean_ids" ] && pass || fail "mid-flush: each reply sent exactly once"
[ -z "$(ls "$K/data/outbox" | grep -E '\.(spool|sent)$')" ] && pass ||
  fail "mid-flush: the spool and its marks gone"

# -- killed at every step of the batch, then run again
for point in after-outbox mid-batch before-save mid-save after-commit mid-seen before-queue; do
  K=$tmp/k-$point; copy "$W" "$K"
  TEMPEST_FAULT=$point "$T" process -c "$K/conf" "$B" > "$tmp/killed.out" 2>/dev/null
  rc=$?
  [ "$rc" -eq 137 ] && pass || fail "$point: the run was killed (exit $rc)"
  [ ! -s "$tmp/killed.out" ] && pass || fail "$point: nothing sent before the commit"
  run "$T" process -c "$K/conf" "$B"
  expect_rc "$point: the run after" 0
  got=$( { cat "$tmp/killed.out"; printf '%s\n' "$out"; } | ids)
  [ "$got" = "$clean_ids" ] && pass || fail "$point: each reply sent exactly once"
  [ "$(hashes "$K")" = "$clean_states" ] && pass || fail "$point: the same states as a clean run"
  # other.mbox is committed by the seen mark: a kill after the states may log its mail twice
  [ "$(logs "$K" | grep -v '^other')" = "$(printf '%s\n' "$clean_logs" | grep -v '^other')" ] &&
    pass || fail "$point: the game logs hold each mail once, the journals each entry once"
  [ "$(cli_queued "$K/conf")" -eq 0 ] && pass || fail "$point: replies left in the outbox"
done

# -- a storage failure: the challenge's log cannot be written; the batch is given up and
# its mails processed one at a time: that mail alone is left for the next run, unanswered
F=$tmp/fail; copy "$W" "$F"
mkdir "$F/data/games/2.mbox"
run "$TA" process -c "$F/conf" "$B"
expect_rc "a mail to retry" 75
expect_clean "storage failure"
expect_err "the batch given up" "is given up"
case $out in *"To: dave@example.org"*|*"To: carol@example.org"*|*"To: frank@example.org"*) fail "no reply for the failed challenge" ;; *) pass ;; esac
"$T" show -c "$F/conf" 1 | grep -q '^Moves: 1. e4 e5 2. Nf3$' && pass || fail "the other mails applied"
printf '%s\n' "$out" > "$tmp/fail.out"
rmdir "$F/data/games/2.mbox"
run "$T" process -c "$F/conf" "$B"
expect_rc "the retry" 0
got=$( { cat "$tmp/fail.out"; printf '%s\n' "$out"; } | ids)
[ "$got" = "$clean_ids" ] && pass || fail "after the retry, each reply sent exactly once"
[ "$(hashes "$F")" = "$clean_states" ] && pass || fail "after the retry, the same states as a clean run"
# -- a batch keeps its order: the challenge cannot be committed (its game's log cannot be
# written); the acceptance that follows it in the batch waits with it (not refused "about
# no game" and marked done), and so does every later mail of its players; the other game
# goes on. With the log writable again, the next run ends as a clean run would.
DT=$( S=$tmp/dtoken; copy "$W" "$S"
  mail carol@example.org "a game?" "new chess\nopponent dave@example.org" > "$tmp/c.mbox"
  "$T" process -c "$S/conf" "$tmp/c.mbox" |
    sed -n 's/^Subject: \[tempest 2 \([a-z0-9]*\)\] .* invites you.*/\1/p' )
[ -n "$DT" ] && pass || fail "the invitation's token"
OB=$tmp/order.mbox
mail carol@example.org "a game?" "new chess\nopponent dave@example.org" > "$OB"
mail alice@example.org "Re: [tempest 1 $WT] game 1" "e4" >> "$OB"
mail dave@example.org "Re: [tempest 2 $DT] invitation" "accept" >> "$OB"
mail bob@example.org "Re: [tempest 1 $BT] game 1" "e5" >> "$OB"
mail carol@example.org "status" "status" >> "$OB"
OC=$tmp/order-clean; copy "$W" "$OC"
"$T" process -c "$OC/conf" "$OB" > "$tmp/order-clean.out"
"$T" show -c "$OC/conf" 2 | grep -q '^Status: ' &&
  ! "$T" show -c "$OC/conf" 2 | grep -q '^Status: invited' && pass || fail "the clean run: game 2 accepted"
OF=$tmp/order-fail; copy "$W" "$OF"
mkdir "$OF/data/games/2.mbox"
run "$TA" process -c "$OF/conf" "$OB"
expect_rc "order: mails to retry" 75
expect_clean "order: a mail that cannot be committed"
case $out in *"To: dave@example.org"*|*"To: carol@example.org"*) fail "order: nothing of game 2 or its players answered" ;; *) pass ;; esac
"$T" show -c "$OF/conf" 1 | grep -q '^Moves: 1. e4 e5$' && pass || fail "order: the other game goes on"
[ "$(cat "$OF/data/other.mbox" 2>/dev/null | grep -c "dave@example.org\|carol@example.org")" -eq 0 ] &&
  pass || fail "order: the acceptance is not refused as about no game"
printf '%s\n' "$out" > "$tmp/order-fail.out"
rmdir "$OF/data/games/2.mbox"
run "$T" process -c "$OF/conf" "$OB"
expect_rc "order: the retry" 0
got=$( { cat "$tmp/order-fail.out"; printf '%s\n' "$out"; } | ids)
[ "$got" = "$(ids "$tmp/order-clean.out")" ] && pass || fail "order: after the retry, the replies of a clean run, each once"
[ "$(hashes "$OF")" = "$(hashes "$OC")" ] && pass || fail "order: after the retry, the states of a clean run"
[ "$(logs "$OF" | grep -v '^other')" = "$(logs "$OC" | grep -v '^other')" ] && pass ||
  fail "order: after the retry, the game logs and journals of a clean run"

# -- a mail that changes the players' registry (a vacation) ends its batch; the mails
# after it are applied in the next one, with the registry it left
VB=$tmp/vac.mbox; V=$tmp/vac; copy "$W" "$V"
mail alice@example.org "Re: [tempest 1 $WT] game 1" "e4" > "$VB"
mail alice@example.org "Re: [tempest 1 $WT] game 1" "vacation 5 days" >> "$VB"
mail bob@example.org "Re: [tempest 1 $BT] game 1" "e5" >> "$VB"
run "$TA" process -c "$V/conf" "$VB"
expect_rc "a vacation in a batch" 0
expect_clean "a vacation in a batch"
grep -q 'alice@example.org' "$V/data/players.json" && pass || fail "the vacation is in the registry"
expect_out "the vacation: the opponent told" "on vacation until"
"$T" show -c "$V/conf" 1 | grep -q '^Moves: 1. e4 e5$' && pass || fail "the mails around the vacation applied"

# -- a state is exchanged with its spare (games/N.spare, kept from run to run): a game
# saved again trades the two files, and creates none
P=$tmp/spare; copy "$C" "$P"
ino() { stat -c %i "$P/data/games/$1"; }
j1=$(ino 1.json); s1=$(ino 1.spare 2>/dev/null)
mail bob@example.org "Re: [tempest 1 $BT] game 1" "Nc6" > "$tmp/m4"
run "$T" process -c "$P/conf" "$tmp/m4"
"$T" show -c "$P/conf" 1 | grep -q '^Moves: 1. e4 e5 2. Nf3 Nc6$' && pass || fail "the spare: the move applied"
[ -n "$s1" ] && [ "$(ino 1.json)" = "$s1" ] && [ "$(ino 1.spare)" = "$j1" ] && pass ||
  fail "the spare: the state and its spare traded places ($j1 $s1 -> $(ino 1.json) $(ino 1.spare))"
ls "$P/data/games" | grep -q '\.tmp\.' && fail "the spare: no temporary file left" || pass

# -- the creation notes (created/XX.log, a line "HASH ID" a challenge): with the seen
# marks lost, a challenge processed again finds the game it made, from a note of this
# version or a file of an earlier one (created/HASH); with no note it would make another
njson() { ls "$1/data/games" | grep -c '\.json$'; }
N=$tmp/notes; copy "$C" "$N"; rm -rf "$N/data/seen"
run "$T" process -c "$N/conf" "$B"
[ "$(njson "$N")" -eq 3 ] && pass || fail "seen marks lost: the challenges find their games in created/XX.log"
O=$tmp/oldnotes; copy "$C" "$O"; rm -rf "$O/data/seen"
cat "$O"/data/created/*.log | while read -r h id; do expr "$id" + 0 > "$O/data/created/$h"; done
rm -f "$O"/data/created/*.log
run "$T" process -c "$O/conf" "$B"
[ "$(njson "$O")" -eq 3 ] && pass || fail "seen marks lost: the challenges find their games in earlier versions' created/HASH"
U=$tmp/nonotes; copy "$C" "$U"; rm -rf "$U/data/seen" "$U/data/created"
run "$T" process -c "$U/conf" "$B"
[ "$(njson "$U")" -eq 5 ] && pass || fail "no notes and no marks: the challenges make new games (the notes are what found them)"

# -- batch_size: the same mbox in batches of 3 (3, 3, 1 mails), with the same result
Z=$tmp/size; copy "$W" "$Z"
echo 'batch_size = 3' >> "$Z/conf"
run "$T" process -vv -c "$Z/conf" "$B"
expect_rc "batches of 3" 0
[ "$(printf '%s\n' "$err" | grep -c 'a batch of 3 mails committed')" -eq 2 ] &&
  printf '%s\n' "$err" | grep -q 'a batch of 1 mail committed' && pass ||
  fail "batch_size = 3: batches of 3, 3 and 1 mails ($err)"
# a batch's mails read on a second thread while the one before is applied; one alone is not
[ "$(printf '%s\n' "$err" | grep -c '3 mails of the batch read ahead')" -eq 2 ] &&
  ! printf '%s\n' "$err" | grep -q '1 mail of the batch read ahead' && pass ||
  fail "batch_size = 3: the batches of 3 read ahead, the one of 1 not ($err)"
[ "$(hashes "$Z")" = "$clean_states" ] && pass || fail "batch_size = 3: the states of one batch"
[ "$(ids "$tmp/clean.out")" = "$(printf '%s\n' "$out" | ids)" ] && pass || fail "batch_size = 3: the same replies"
echo 'batch_size = 0' >> "$Z/conf"
run "$T" process -c "$Z/conf" "$B"
expect_rc "batch_size = 0 is refused" 2

# -- 600 games in one batch, with room for 560 open files: the batch keeps at most 512
# game logs open, and commits whole instead of running out of descriptors
G=$tmp/many; copy "$W" "$G"
i=0; : > "$tmp/many.mbox"
while [ $i -lt 600 ]; do
  mail "p$i@example.org" "a game" "new chess\nopponent q$i@example.org" >> "$tmp/many.mbox"
  i=$((i + 1))
done
run sh -c "ulimit -n 560 && exec \"\$0\" \"\$@\"" "$T" process -c "$G/conf" "$tmp/many.mbox"
expect_rc "600 games in a batch, 560 files" 0
printf '%s\n' "$err" | grep -q 'given up' && fail "600 games in a batch: the batch was given up ($err)" || pass
[ "$(ls "$G/data/games" | grep -c '\.json$')" -eq 601 ] && pass || fail "600 games in a batch: 600 games made"

# -- the seen set: one line per mail in seen/XX.log; a torn last line (a crash mid-append)
# is cut off by the next mark; a mark of an earlier version (seen/XX/HASH) still counts
S=$tmp/seen; copy "$C" "$S"
for f in "$S"/data/seen/*.log; do printf '0123abc' >> "$f"; done
run "$T" process -c "$S/conf" "$B"
[ -z "$out" ] && pass || fail "a torn seen line: the batch is still recognised"
mail alice@example.org "hello again" "anyone?\nstatus" > "$tmp/m2"
run "$T" process -c "$S/conf" "$tmp/m2"
expect_out "a new mail about no game" "To: alice@example.org"
run "$T" process -c "$S/conf" "$tmp/m2"
[ -z "$out" ] && pass || fail "after a torn line, a new mark is found"
ls "$S"/data/seen/ | grep -qv '\.log$' && fail "no file per mail in seen/" || pass
mail alice@example.org "once more" "hello?\nstatus" > "$tmp/m3"
h=$(printf 'm%d.alice@example.org' "$cli_n" | sha256sum | cut -c1-64)
mkdir -p "$S/data/seen/$(echo "$h" | cut -c1-2)"; : > "$S/data/seen/$(echo "$h" | cut -c1-2)/$(echo "$h" | cut -c3-)"
run "$T" process -c "$S/conf" "$tmp/m3"
[ -z "$out" ] && pass || fail "a mark of an earlier version counts"
cli_done t_batch
