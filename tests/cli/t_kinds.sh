#!/bin/sh
# The game model's seats and boards through `tempest process`: a test variant of two
# boards with a White and a Black seat on each (tests/variants/duo.json). Each seat mails
# with its own token; the replies go to every seat; moves land on the seat's own board; a
# board ends by mate and the game with its last board; the log replays.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
W=$tmp/w
mkdir -p "$W/data" "$tmp/rules"
cp examples/demo.key "$W/data/key"; chmod 600 "$W/data/key"
cp "$TEMPEST_RULES_DIR"/*.json "$tmp/rules/"; cp -r "$TEMPEST_RULES_DIR/cards" "$tmp/rules/"
cp tests/variants/duo.json "$tmp/rules/"
printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/data\nrules_dir = %s/rules\n' \
  "$W" "$tmp" > "$W/conf"
sed -i "s|^rules_dir = .*|rules_dir = $tmp/rules|" "$W/conf"
unset TEMPEST_RULES_DIR

mail() {        # mail FROM TOKEN BODY: a reply to the referee's mail about game 1
  n=$((n + 1))
  cli_game_eml 1 "$1" "$2" "$3" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
}


recipients() { printf '%s\n' "$out" | tr -d '\r' | sed -n 's/^To: //p' | sort | tr '\n' ' '; }

# -- the game master seats four players, a pair on each board
run "$TA" new -c "$W/conf" duo w1@example.org b1@example.org w2@example.org b2@example.org
expect_rc "new duo" 0
expect_out "board 2 White" "board 2 White: w2@example.org"
expect_clean "new duo"
[ "$(recipients)" = "b1@example.org b2@example.org w1@example.org w2@example.org " ] && pass ||
  fail "every seat is told the game begins: $(recipients)"
W1=$(cli_token 1 w1@example.org); B1=$(cli_token 1 b1@example.org)
W2=$(cli_token 1 w2@example.org); B2=$(cli_token 1 b2@example.org)
[ -n "$W1" ] && [ -n "$B1" ] && [ -n "$W2" ] && [ -n "$B2" ] && pass || fail "four tokens"
[ "$(printf '%s\n' "$W1" "$B1" "$W2" "$B2" | sort -u | wc -l)" -eq 4 ] && pass ||
  fail "each seat has its own token ($W1 $B1 $W2 $B2)"

state() { "$T" show -c "$W/conf" --json 1 2>/dev/null | sed -n 's/^  "hash": "\(.*\)".*/\1/p'; }
fen_of() { "$T" show -c "$W/conf" 1 2>/dev/null | sed -n 's/^FEN: //p' | sed -n "${1}p"; }

# -- each seat moves on its own board
mail w1@example.org "$W1" "f3"
expect_out "w1 moves on board 1" "Board 1: 1. f3"
[ "$(recipients)" = "b1@example.org b2@example.org w1@example.org w2@example.org " ] && pass ||
  fail "a move is told to every seat: $(recipients)"
expect_clean "move on board 1"
case $(fen_of 2) in "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") pass ;;
  *) fail "board 2 is untouched: $(fen_of 2)" ;; esac
s=$(state)
mail b2@example.org "$B2" "e5"
expect_out "b2 moves before White on board 2" "it is not your turn"
[ "$(state)" = "$s" ] && pass || fail "a refused move changes nothing"
mail w2@example.org "$W1" "e4"
expect_out "a token used from another address" "To: w1@example.org"
[ "$(state)" = "$s" ] && pass || fail "a borrowed token changes nothing"
mail w2@example.org "$W2" "e4"
expect_out "w2 moves on board 2" "Board 2: 1. e4"
mail b1@example.org "$B1" "e5"
mail w1@example.org "$W1" "g4"
mail b1@example.org "$B1" "Qh4#"
expect_out "board 1 ends by mate" "Board 1 ends: 0-1 (checkmate)"
case $(fen_of 1) in *" w "*) pass ;; *) fail "board 1 keeps its mated position" ;; esac
mail w1@example.org "$W1" "Kf2"
expect_out "no move on a finished board" "board 1 is over"
"$T" show -c "$W/conf" 1 > "$tmp/show" 2>&1
grep -q '^Status: playing' "$tmp/show" && pass || fail "the game goes on with board 2: $(head -5 "$tmp/show")"
mail b2@example.org "$B2" "e5"
mail w2@example.org "$W2" "Qh5"
mail b2@example.org "$B2" "Nc6"
mail w2@example.org "$W2" "Bc4"
mail b2@example.org "$B2" "Nf6"
mail w2@example.org "$W2" "Qxf7#"
expect_out "board 2 ends by mate" "Board 2 ends: 1-0 (checkmate)"
"$T" show -c "$W/conf" 1 > "$tmp/show" 2>&1
grep -q 'Status: over, 1/2-1/2 (boards won 1-1)' "$tmp/show" && pass ||
  fail "the game ends with its last board: $(grep Status "$tmp/show")"
grep -q '^White (board 2, boardman): w2@example.org' "$tmp/show" && pass || fail "show lists the seats"
"$T" show -c "$W/conf" --json 1 > "$tmp/json" 2>&1
grep -q '"kind": "chess"' "$tmp/json" && grep -q '"format": 2' "$tmp/json" && pass ||
  fail "the state file names its kind and format"

# -- a challenge names one opponent: a game of four players is the game master's to set up
n=$((n + 1))
cli_hour=11 cli_eml carol@example.org "a game" "new duo\nopponent dave@example.org" > "$tmp/m.eml"
run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
expect_out "a challenge of four seats" "a game of Chess on two boards (test) has 4 players"
[ ! -e "$W/data/games/2.json" ] && pass || fail "no game is made by that challenge"

# -- the log replays to the same states
run "$T" replay -c "$W/conf" "$W/data/games/1.mbox" --into "$tmp/replayed"
expect_rc "replay" 0; expect_out "replay" "every recorded state reproduced"
cli_done t_kinds
