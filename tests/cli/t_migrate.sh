#!/bin/sh
# Old games keep working: state files and logs written by the first release (format 1:
# tests/fixtures/v1-*) load, continue to their end, and replay. The Tempete game was stopped
# right after an interception; its follow-up mails and the hashes the first release reached
# with them are recorded, and this release must reach the same ones.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fresh() {       # fresh DIR FIXTURE: a data directory holding the fixture's game 1
  mkdir -p "$1/data/games"
  cp examples/demo.key "$1/data/key"; chmod 600 "$1/data/key"
  cp "tests/fixtures/$2/1.json" "tests/fixtures/$2/1.mbox" "$1/data/games/"
  printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\nreferee_name = Tempest referee\ndata_dir = %s/data\n' \
    "$1" > "$1/conf"
}
hash_of() { sed -n 's/^  "hash": "\(.*\)".*/\1/p' "$1"; }

# -- a finished chess game of the first release
C=$tmp/c; fresh "$C" v1-chess
run "$TA" show -c "$C/conf" 1
expect_rc "v1 chess: show" 0; expect_clean "v1 chess: show"
expect_out "v1 chess: the players" "White: alice@example.org"
expect_out "v1 chess: the result" "over, 1-0 (checkmate)"
expect_out "v1 chess: the moves" "4. Qxf7#"
grep -q '"format": 1' "$C/data/games/1.json" && pass || fail "reading does not rewrite the file"
run "$TA" show -c "$C/conf" --json 1
expect_out "v1 chess: the same state hash" "$(hash_of tests/fixtures/v1-chess/1.json)"
expect_out "v1 chess: migrated to seats" '"seats"'
run "$TA" replay -c "$C/conf" "$C/data/games/1.mbox" --into "$tmp/rc"
expect_rc "v1 chess: replay" 0; expect_out "v1 chess: replay" "every recorded state reproduced"
run "$TA" list -c "$C/conf"
expect_out "v1 chess: list" "alice@example.org"

# -- a Tempete game of the first release, stopped on an interception
P=$tmp/p; fresh "$P" v1-tempete
run "$TA" show -c "$P/conf" 1
expect_rc "v1 tempete: show" 0; expect_clean "v1 tempete: show"
expect_out "v1 tempete: cards played" "card 66 (interception)"
run "$TA" show -c "$P/conf" --json --secrets 1
expect_out "v1 tempete: the state hash at the stop" \
  "9308e48ff5f5d2ed38ddd1fcc9ab652be32ab39b62e4e2b0898ec9c802a3c59f"
run "$TA" process -c "$P/conf" tests/fixtures/v1-tempete/followups.mbox
expect_rc "v1 tempete: the follow-ups" 0; expect_clean "v1 tempete: the follow-ups"
case $out in *"not applied"*) fail "v1 tempete: a follow-up was refused" ;; *) pass ;; esac
run "$TA" show -c "$P/conf" --json 1
expect_out "v1 tempete: ends as the first release ended it" \
  "1539e8aea80ce64c3c1ca55879c6c3dfea4ce943ae03c331c6bfbd475cb01545"
expect_out "v1 tempete: resigned" '"termination": "resignation"'
grep -q '"format": 4' "$P/data/games/1.json" && pass || fail "the next commit writes the current format"
for h in a643fcf0b3bd3ddccc1bbf07083180ff696c89fa423a8d5945ef6cb4e9bc4639 \
         f0d1ef57ec7ccc6b1e4da59ec6bafb9518d0605e893c2464bb398a3a95280b66; do
  grep -q "\"after\": *\"$h\"" "$P/data/games/1.journal" && pass || fail "v1 tempete: step $h reached"
done
run "$TA" replay -c "$P/conf" "$P/data/games/1.mbox" --into "$tmp/rp"
expect_rc "v1 tempete: replay of the whole log" 0
expect_out "v1 tempete: replay" "every recorded state reproduced"
# -- a Tempete game of the release before conditional moves: its answers in advance kept in
# the kind's object ("standing", "standing_by"), now the game's lines given in advance
S=$tmp/s; fresh "$S" v3-standing
cp tests/fixtures/v3-standing/1.journal "$S/data/games/"
run "$TA" show -c "$S/conf" --json --secrets 1
expect_out "v3 standing: the same state hash" "$(hash_of tests/fixtures/v3-standing/1.json)"
expect_out "v3 standing: the answers in advance, the game's now" '"answer": "d4"'
run "$TA" process -c "$S/conf" tests/fixtures/v3-standing/followups.mbox
expect_clean "v3 standing: the follow-ups"
expect_out "v3 standing: the answer in advance applied" "White answered in advance: if intercepted by card 66: d4."
case $out in *"not applied"*) fail "v3 standing: a follow-up was refused" ;; *) pass ;; esac
for h in b2e6c700d436f2d822cdb252c528b5697b15509d306175d7f25946454b912ffa \
         eba0e57690b391509699eaf496ba469792da0f02f2199c0d81db05f54955ca66 \
         fddedfde8bfd8ee4a52b85359bbe17f6ccd6b9eecf23e48f3c4424d34d936fd2; do
  grep -q "\"after\": *\"$h\"" "$S/data/games/1.journal" && pass || fail "v3 standing: step $h reached"
done
run "$TA" replay -c "$S/conf" "$S/data/games/1.mbox" --into "$tmp/rs"
expect_rc "v3 standing: replay of the whole log" 0
expect_out "v3 standing: replay" "every recorded state reproduced"
cli_done t_migrate
