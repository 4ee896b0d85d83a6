#!/bin/sh
# `help` in a game of each kind shows an example of every order of the kind its reader
# could send in that game now (issue 25, docs/orders.md "help"; docs/orders.md
# "Languages"): Perplexichess's transfers, rule changes, numbered squares and team
# messages (a transfer and an assignment only to the grand strategist); ChessMe's
# placements, a tile of the reader's hand on a square it may go to, which played as it
# stands is applied, and no draw to claim; Knightmare's and Tempete's card orders (not a
# challenge's terms); TigerChess's postings. And `new knightmare` says that it is the
# board without cards and names `new knightmare-cards`, to the challenger and to the
# invited player.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
C=$tmp/conf

help_of() {     # help_of GAME ADDRESS: the player's help, flat, in $h (not in a subshell:
                #   each mail's Message-ID must be new)
  cli_game_eml $1 "$2" "$(eval echo \$K$1)" "help" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$T" process -c "$C"
  h=$(flat "$(decoded)")
}
shows() {       # shows WHAT TEXT...: the last help shows every TEXT
  what=$1; shift
  for t in "$@"; do
    case $h in *"$(flat "$t")"*) pass ;; *) fail "$what: help lacks '$t'" ;; esac
  done
}
challenge() {   # challenge GAME VARIANT: a@x.org challenges b@x.org, who accepts
  cli_eml a@x.org "new game" "new $2\nopponent b@x.org\ncolour white" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$T" process -c "$C"
  kb=$(cli_token "$1" b@x.org)
  cli_game_eml $1 b@x.org "$kb" "accept" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$T" process -c "$C"
  eval "K$1=\$(cli_token $1 a@x.org)"
}

# -- Perplexichess (game 1)
run "$T" new -c "$C" perplexichess g1@x.org h1@x.org g2@x.org h2@x.org g3@x.org h3@x.org gs@x.org hs@x.org
K1=$(cli_token 1 g1@x.org)
help_of 1 g1@x.org
shows perplexichess "rule N NW" "rule N add W" "move 53-37" "message team" \
  "elect carol@example.org"
case $h in *"transfer e4 from 1 to 3"*|*"assign bob"*) fail "a boardman told a strategist's orders" ;; *) pass ;; esac
# the challenge's words are no orders in a game: the game's own list leaves them out
# (the part on starting a team game names them)
case $(printf '%s' "$h" | sed 's/.*you may also write://') in
  *"strategist ..."*|*"boardman ..."*|*"agent ..."*) fail "in-game help lists the challenge's members" ;;
  *) pass ;; esac
# the help pasted below a move, without quotation marks: its examples are the referee's
# text, not orders; the move alone is read
decoded | awk '/^From referee@/ { n++ } n == 1' | sed -n '/^I referee chess games/,/^-- $/p' > "$tmp/help.txt"
KS=$(cli_token 1 gs@x.org)
cli_game_eml 1 gs@x.org "$KS" "help" > "$tmp/m.eml"
run_in "$tmp/m.eml" "$T" process -c "$C"
h=$(flat "$(decoded)")
shows "perplexichess, its strategist" "transfer e4 from 1 to 3" "assign bob@example.org boardman 2"
cli_game_eml 1 g1@x.org "$K1" "e4\n\n$(cat "$tmp/help.txt")" > "$tmp/m.eml"
run_in "$tmp/m.eml" "$T" process -c "$C"
expect_out "a move with the help pasted below" "1. e4 on board 1"
case $(flat "$(decoded)") in *"not applied"*) fail "the pasted help's examples are read as orders" ;; *) pass ;; esac

# -- Knightmare Chess with cards (game 2), Tempete (game 3)
run "$T" new -c "$C" knightmare-cards a@x.org b@x.org
K2=$(cli_token 2 a@x.org)
help_of 2 a@x.org
shows knightmare "deck 3 7 12" "card 23" "redraw 7" "intercept" "effect kill e7"
case $h in *"budget 150"*) fail "knightmare: a challenge's term in a game's help" ;; *) pass ;; esac
run "$T" new -c "$C" tempete a@x.org b@x.org
K3=$(cli_token 3 a@x.org)
help_of 3 a@x.org
shows tempete "list 17 3 45" "numbers 3 17" "card 23" "secret e4" "take 23"

# -- ChessMe (game 4) and TigerChess (game 5), each by a challenge
challenge 4 chessme
help_of 4 a@x.org
case $h in *"claim draw"*) fail "chessme: a draw to claim in its help" ;; *) pass ;; esac
# the help's example: a move, then a placement of a tile a@x.org holds; sent as it stands,
# it is played
ex=$(decoded | awk '/^From referee@/ { n++ } n == 1' | sed -n '/For example:/,/^$/p' | sed -n 's/^  //p')
case $ex in *"place "?" "*) pass ;; *) fail "chessme: the help's example is no placement: $ex" ;; esac
cli_eml a@x.org "Re: [tempest 4 $K4] game 4" "$ex" > "$tmp/m.eml"
run_in "$tmp/m.eml" "$T" process -c "$C"
case $(flat "$(decoded)") in *"is recorded"*) pass ;; *) fail "chessme: the help's example is refused: $ex" ;; esac
challenge 5 tigerchess
help_of 5 a@x.org
shows tigerchess "post c6" "BKL-g3"
case $(printf '%s' "$h" | sed 's/.*you may also write://') in
  *"deployment WORD"*|*"deployment open"*) fail "in-game help lists the challenge's deployment" ;; *) pass ;; esac
shows tigerchess 'may add the line "deployment open"'     # in the part on starting a game

# -- new knightmare: the board without cards, and the game with them named
cli_eml a@x.org "new game" "new knightmare\nopponent b@x.org" > "$tmp/m.eml"
run_in "$tmp/m.eml" "$T" process -c "$C"
for who in a@x.org b@x.org; do
  mail=$(flat "$(decoded | awk -v a="To: $who" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on')")
  case $mail in *"the Knightmare Chess board without cards"*'"new knightmare-cards"'*) pass ;;
    *) fail "new knightmare: the mail to $who says what it is and names knightmare-cards" ;; esac
done
[ -z "${KEEP:-}" ] || echo "t_kindhelp: kept $tmp"
cli_done t_kindhelp
