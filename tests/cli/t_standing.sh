#!/bin/sh
# Answers in advance (docs/tempete.md, "Answers in advance"): a whole Tempete game and a
# whole Knightmare game by mail through `tempest process`, each move of the first two
# carrying "if intercepted: accept". Each interception of those moves is answered by the
# referee at once (no mail from the intercepted player), an interception without one waits
# for the answer as before; the mails saved are counted; every mail of the game is scanned
# for an answer in advance told to the opponent before it applied; and the log replays.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

mail() {        # mail FROM TOKEN BODY: a mail about game 1; its replies appended to all.txt
  sent=$((sent + 1))
  cli_game_eml 1 "$1" "$2" "$3" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
  printf '%s\n' "$out" | tr -d '\r' | sed -e ':a' -e '/=$/{N;s/=\n//;ba' -e '}' >> "$W/all.txt"
  printf '\n' >> "$W/all.txt"
}

# to ADDRESS: the text of every mail to ADDRESS, on one line
to() {
  awk -v to="To: $1" '/^From / || /^To: / { mine = ($0 == to) } mine' "$W/all.txt" | tr -s ' \n' ' '
}

# leaks ADDRESS WORDS: does a mail to ADDRESS show the opponent's answer in advance WORDS
# other than where it applied ("... answered in advance: WORDS")? White answers "if
# intercepted: accept", Black "if intercepted by card N: accept", so each reads apart.
leaks() {
  all=$(to "$1" | grep -o "$2" | wc -l)
  applied=$(to "$1" | grep -o "answered in advance: $2" | wc -l)
  [ "$all" -eq "$applied" ] || echo "$all times, $applied where it applied"
}

game() {        # game NAME CHALLENGE SETUP_W SETUP_B: a fresh referee, the game dealt
  W=$tmp/$1
  cli_referee "$W"
  sent=0
  : > "$W/all.txt"
  cli_eml alice@example.org "new game" "$2" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
  mail bob@example.org "$BT" "accept"
  mail alice@example.org "$WT" "$3"
  mail bob@example.org "$BT" "$4"
  expect_out "$1: dealt" "the cards are dealt"
  setup=$sent
}

played() {      # played NAME SAVED CARD: the mails saved, the scan, the replay
  # each announcement stands in both players' mails, text and HTML
  n_adv=$( (to alice@example.org; to bob@example.org) | grep -o 'answered in advance' | wc -l)
  [ "$n_adv" -eq $(( $2 * 4 )) ] && pass || fail "$1: $n_adv announcements, want $(( $2 * 4 ))"
  echo "$1: $((sent - setup)) mails of play, $2 of them saved by answers in advance" \
    "($((sent - setup + $2)) without them)"
  l=$(leaks bob@example.org "if intercepted: accept")
  [ -z "$l" ] && pass || fail "$1: bob read White's answer in advance: $l"
  l=$(leaks alice@example.org "if intercepted by card $3: accept")
  [ -z "$l" ] && pass || fail "$1: alice read Black's answer in advance: $l"
  run "$TA" replay -c "$W/conf" "$W/data/games/1.mbox" --into "$W/replay"
  expect_rc "$1: the log replays" 0
  expect_clean "$1: replay"
}

tp_list() {     # tp_list FRONT...: "list FRONT... then the other cards ascending"
  printf 'list %s' "$*"
  for k in $(seq 1 72); do
    case " 11 22 71 72 $* " in *" $k "*) ;; *) printf ' %s' "$k" ;; esac
  done
}

# -- Tempete: White holds 23 18 12 32 57, Black 23 66 34 28 57
game tempete "new tempete\nopponent bob@example.org\ncolour white" \
  "$(tp_list 23 18 12 32 57)\nnumbers 1 2 3 4 5" "$(tp_list 23 66 34 28 57)\nnumbers 1 2 3 4 5"
mail alice@example.org "$WT" "e4\nif intercepted: accept"
expect_out "tempete: recorded for White alone" "Your answers in advance, for you alone"
mail bob@example.org "$BT" "intercept\ncard 23\neffect capture a2"
expect_out "tempete: applied at once" "White answered in advance: if intercepted: accept."
expect_out "tempete: and announced" "White accepts the interception: the move stands."
mail bob@example.org "$BT" "e5\nif intercepted by card 23: accept"
expect_out "tempete: Black moves after it" "Black moves e5."
mail alice@example.org "$WT" "intercept\ncard 23\neffect capture h7"
expect_out "tempete: Black's applied" "Black answered in advance: if intercepted by card 23: accept."
mail alice@example.org "$WT" "Nf3"
mail bob@example.org "$BT" "intercept\ncard 66\neffect takeback"
expect_out "tempete: none given: the answer is owed" "answer the interception"
mail alice@example.org "$WT" "d4\nnumbers random"
expect_out "tempete: answered by mail" "White moves d4 instead."
mail bob@example.org "$BT" "resign"
expect_out "tempete: over" "game 1 over"
played tempete 2 23

# -- Knightmare: personal sets, each deck two cards of the opponent's turn
game knightmare "new knightmare-cards\nopponent bob@example.org\ncolour white\nsets personal" \
  "deck 33 32" "deck 33 32"
mail alice@example.org "$WT" "e4\nif intercepted: accept"
mail bob@example.org "$BT" "intercept\ncard 33 a7 a6"
expect_out "knightmare: applied at once" "White answered in advance: if intercepted: accept."
mail bob@example.org "$BT" "e5\nif intercepted by card 33: accept"
mail alice@example.org "$WT" "intercept\ncard 33 h2 h3"
expect_out "knightmare: Black's applied" "Black answered in advance: if intercepted by card 33: accept."
mail alice@example.org "$WT" "d4"
mail bob@example.org "$BT" "intercept\ncard 32 d4"
expect_out "knightmare: none given: the answer is owed" "answer the interception"
mail alice@example.org "$WT" "accept"
expect_out "knightmare: answered by mail" "White accepts the interception"
mail bob@example.org "$BT" "resign"
expect_out "knightmare: over" "game 1 over"
played knightmare 2 33

cli_done t_standing
