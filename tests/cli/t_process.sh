#!/bin/sh
# tempest process: a game by mail in the embedded mode (mail in on stdin or from an mbox,
# replies out on stdout), bad input of every kind, idempotency, and crashes at every
# commit step. The referee's key is the published demo key, so reply tokens are known:
# game 1: White vb5v64h6, Black ezap3rhf.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
WT=vb5v64h6; BT=ezap3rhf

fresh() {       # fresh DIR: a data directory with the demo key, and its configuration
  rm -rf "$1"; mkdir -p "$1/data"
  cp examples/demo.key "$1/data/key"; chmod 600 "$1/data/key"
  printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/data\n' "$1" > "$1/conf"
}

mail() {        # mail FROM SUBJECT BODY [EXTRA-HEADER]: a raw mail in $tmp/m.eml
  cli_eml "$1" "$2" "$3" "${4:-}" > "$tmp/m.eml"
}

feed() {        # feed [BINARY]: processes $tmp/m.eml in $W
  run_in "$tmp/m.eml" "${1:-$T}" process -c "$W/conf"
}

state() {       # the game's state hash
  "$T" show -c "$W/conf" --json 1 2>/dev/null | sed -n 's/.*"hash": "\(.*\)".*/\1/p'
}

count_mails() { printf '%s\n' "$out" | grep -c '^Message-ID: '; }

W=$tmp/w; fresh "$W"

# -- a challenge and its acceptance
mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white"
feed
expect_rc "challenge" 0
expect_out "invitation to bob" "To: bob@example.org"
expect_out "invitation subject" "[tempest 1 $BT] alice@example.org invites you to a game of Chess (game 1)"
expect_out "confirmation to alice" "[tempest 1 $WT] Chess challenge to bob@example.org sent (game 1)"
[ "$(count_mails)" -eq 2 ] && pass || fail "challenge sends 2 mails"
mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept\n\n> alice@example.org challenges you"
feed
expect_out "started" "game 1 begins"
# the mails out are an mbox for a person: LF line ends, so that a line copied from it (the
# reveal's sha256sum command) works in a shell
case $out in *"$(printf '\r')"*) fail "the mbox out has CR line ends" ;; *) pass ;; esac
[ "$(count_mails)" -eq 2 ] && pass || fail "acceptance sends 2 mails"
s0=$(state)
[ -n "$s0" ] && pass || fail "state hash readable"

# -- bad input: each gets its reply (or none) and changes nothing
# (the day after: a forged mail draws one mail a day to an address, and alice's own
# challenge, a newcomer's, drew today's)
mail mallory@evil.example "Re: [tempest 1 $WT] game 1" "e4"
TEMPEST_NOW=2026-11-06T12:00:00Z feed
expect_out "spoof: the registered player is told" "To: alice@example.org"
expect_out "spoof: what happened" "a mail from mallory@evil.example carried your reply token"
case $out in *"To: mallory@evil.example"*) fail "spoof: nothing goes to the sender" ;; *) pass ;; esac
mail alice@example.org "Re: [tempest 1 abcdefgh] game 1" "e4"
feed
expect_out "wrong token" "does not prove it comes from you"
expect_out "wrong token: to alice" "To: alice@example.org"
mail alice@example.org "Re: [tempest 1 $WT] game 1" "Ke2"
feed
expect_out "illegal move quoted" "line 1: Ke2"
expect_out "illegal move reason" "e2 is occupied by your own pawn"
mail bob@example.org "Re: [tempest 1 $BT] game 1" "e5"
feed
expect_out "out of turn" "it is not your turn: White (alice@example.org) is to move"
mail alice@example.org "Re: [tempest 99 $WT] game 99" "e4"
feed
expect_out "unknown game" "there is no game 99 here"
mail alice@example.org "hello" ""
feed
expect_out "empty mail" "I found no orders in your mail"
mail alice@example.org "Re: [tempest 1 $WT] game 1" "e4\nd4"
feed
expect_out "two moves" "one move per mail"
mail alice@example.org "Re: [tempest 1 $WT] game 1" "Nf3 Nc3"
feed
expect_out "two moves on a line" "one move per line"
# a 20 MB mail: refused unread
{ cli_eml alice@example.org "Re: [tempest 1 $WT] big" e4
  head -c 20000000 /dev/zero | tr '\0' 'x' | fold -w 76; } > "$tmp/m.eml"
feed
expect_out "20 MB mail" "more than the 10485760 I read"
# garbage MIME: whatever it is, no crash and no change (checked under the sanitizers)
printf 'From: alice@example.org\nSubject: [tempest 1 %s]\nContent-Type: multipart/mixed; boundary="zz"\n\n--zz\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\n!!!not base64***\n--zz--garbage\n\001\002\003' "$WT" > "$tmp/m.eml"
feed "$TA"
expect_clean "garbage MIME"
printf '\377\376\000\001 binary junk without headers' > "$tmp/m.eml"
feed "$TA"
expect_clean "binary junk"; expect_rc "binary junk is passed over" 0
# mail that must never be answered
for hdr in "Auto-Submitted: auto-replied" "Precedence: bulk" "List-Id: <chess.lists.example>"; do
  mail alice@example.org "Re: [tempest 1 $WT] away" "I am on holiday" "$hdr"
  feed
  [ -z "$out" ] && pass || fail "no reply to '$hdr'"
done
mail MAILER-DAEMON@mx.example.org "Undelivered Mail Returned to Sender" "e4"
feed
[ -z "$out" ] && pass || fail "no reply to MAILER-DAEMON"
mail referee@tempest.example "Re: [tempest 1 $WT] loop" "e4"
feed
[ -z "$out" ] && pass || fail "no reply to ourselves"
[ "$(state)" = "$s0" ] && pass || fail "bad input left the state unchanged"

# -- a move, then the same mail again: applied once
mail alice@example.org "Re: [tempest 1 $WT] game 1" "Hi Bob!\n1. e4\n-- \nAlice"
cp "$tmp/m.eml" "$tmp/move.eml"
feed
expect_out "move recorded" "Your move 1. e4 is recorded."
expect_out "move to bob" "White played 1. e4."
s1=$(state)
[ "$s1" != "$s0" ] && pass || fail "the move changed the state"
cp "$tmp/move.eml" "$tmp/m.eml"
feed
[ -z "$out" ] && pass || fail "the same mail again is not answered again"
[ "$(state)" = "$s1" ] && pass || fail "the same mail again changes nothing"
run "$T" show -c "$W/conf" 1
expect_out "show" "Status: playing, Black to move"
expect_out "show moves" "Moves: 1. e4"
run "$T" list -c "$W/conf"
expect_out "list" "alice@example.org"
run "$T" process -c "$W/conf" -n
expect_rc "-n" 0; expect_out "-n rules" "rules: 10 variants"; expect_out "-n templates" "templates: 20"

# -- a crash at each commit step, then a normal run: one move, each reply once
mail bob@example.org "Re: [tempest 1 $BT] game 1" "e5"
cp "$tmp/m.eml" "$tmp/reply.eml"
C=$tmp/clean; rm -rf "$C"; cp -r "$W" "$C"
sed -i "s|$W|$C|" "$C/conf"
run_in "$tmp/reply.eml" "$T" process -c "$C/conf"
clean_ids=$(printf '%s\n' "$out" | grep '^Message-ID: ' | sort)
clean_state=$("$T" show -c "$C/conf" --json 1 | sed -n 's/.*"hash": "\(.*\)".*/\1/p')
[ "$(printf '%s\n' "$clean_ids" | wc -l)" -eq 2 ] && pass || fail "a clean run sends 2 mails"
for point in after-outbox before-save after-commit before-queue; do
  K=$tmp/k-$point; rm -rf "$K"; cp -r "$W" "$K"; sed -i "s|$W|$K|" "$K/conf"
  TEMPEST_FAULT=$point "$T" process -c "$K/conf" < "$tmp/reply.eml" > "$tmp/killed.out" 2>/dev/null
  rc=$?
  [ "$rc" -eq 137 ] && pass || fail "$point: the run was killed (exit $rc)"
  run_in "$tmp/reply.eml" "$T" process -c "$K/conf"
  ids=$( { grep '^Message-ID: ' "$tmp/killed.out"; printf '%s\n' "$out" | grep '^Message-ID: '; } | sort)
  [ "$ids" = "$clean_ids" ] && pass || fail "$point: each reply sent exactly once (got: $ids)"
  got=$("$T" show -c "$K/conf" --json 1 | sed -n 's/.*"hash": "\(.*\)".*/\1/p')
  [ "$got" = "$clean_state" ] && pass || fail "$point: same state as a clean run"
  moves=$("$T" show -c "$K/conf" 1 | grep '^Moves:')
  [ "$moves" = "Moves: 1. e4 e5" ] && pass || fail "$point: the move applied once ($moves)"
  logs=$(grep -c '^X-Tempest-Key: ' "$K/data/games/1.mbox")
  clean_logs=$(grep -c '^X-Tempest-Key: ' "$C/data/games/1.mbox")
  [ "$logs" = "$clean_logs" ] && pass || fail "$point: the game log has no duplicate ($logs v $clean_logs)"
done

# -- a challenge killed at each commit step makes one game, not two
mail carol@example.org "a game?" "new chess\nopponent dave@example.org"
cp "$tmp/m.eml" "$tmp/challenge.eml"
for point in after-outbox before-save after-commit before-queue; do
  K=$tmp/c-$point; rm -rf "$K"; cp -r "$W" "$K"; sed -i "s|$W|$K|" "$K/conf"
  before=$(ls "$K/data/games" | grep -c '\.json$')
  TEMPEST_FAULT=$point "$T" process -c "$K/conf" < "$tmp/challenge.eml" > /dev/null 2>&1
  rc=$?
  [ "$rc" -eq 137 ] && pass || fail "challenge, $point: the run was killed (exit $rc)"
  run_in "$tmp/challenge.eml" "$T" process -c "$K/conf"
  after=$(ls "$K/data/games" | grep -c '\.json$')
  [ "$after" -eq $((before + 1)) ] && pass || fail "challenge, $point: one game made ($before -> $after)"
done

# -- the game log replays to the same states
run "$T" replay -c "$W/conf" "$W/data/games/1.mbox" --into "$tmp/replayed"
expect_rc "replay" 0; expect_out "replay" "every recorded state reproduced"
# -- make demo's game plays to its end (its configuration, its key, its mails)
run sh examples/demo.sh
expect_rc "the demo" 0
expect_out "the demo ends in mate" "Status: over, 1-0 (checkmate)"
[ "$(printf '%s\n' "$out" | grep -c '^Subject: .*your mail was not applied')" -eq 1 ] && pass ||
  fail "the demo refuses its one wrong move, and nothing else"
expect_out "the demo's Tempête game: a card" "White plays card 54. White moves e4."
expect_out "the demo's Tempête game: an interception" "Black plays card 23 to intercept: takeback."
expect_out "the demo's Tempête game: its answer" "White moves d4 instead."
expect_out "the interception's subject asks for an answer, not a move" "1. e4 -- answer the interception"
expect_out "the demo's Tempête game: a message passed on" "You will have to find another move."
expect_out "the demo's Tempête game: the reveal" "The secrets, revealed"
# the move record in a player's words, not the referee's own edit operations; a move an
# interception took back is left out of it (docs/design.md, "The move list")
expect_out "the record of a taken-back move" "Moves: 1. d4 d5"
case $out in *"1. e4 {a card restores"*) fail "a taken-back move shown in the record" ;; *) pass ;; esac
case $out in *"{position set back}"*|*"{side "*) fail "edit operations shown raw" ;; *) pass ;; esac
# the deal shows each player their own list, also the player whose mail completed the set-up
[ "$(decoded | grep -c '^Your list (made by the referee), the one your commitment')" -eq 2 ] && pass ||
  fail "both players see their own list in the deal"
[ "$(printf '%s\n' "$out" | grep -c 'checked with sha256sum, it holds')" -eq 2 ] && pass ||
  fail "the demo checks both commitments with sha256sum"

cli_done t_process
