#!/bin/sh
# The card-turn protocol's rules, for both card kinds (docs/design.md, "The card-turn
# protocol"), by mail through `tempest process` and `tempest tick`:
# - the check rule of a turn of several parts is judged after the whole turn (seed 002,
#   "The Checkmate Rule"): a whole Tempete game and a whole Knightmare game, each with a
#   double move out of check by its second part, and a turn that ends in check refused
#   naming its last part;
# - every answer prompt offers exactly the answers legal now, and says what happens if none
#   comes: the referee's 'accept' at the end of the answer window where 'accept' is legal,
#   else the loss on time, which is what `tick` then does (a move taken back or standing,
#   a disabled card, a check, either part of a double move);
# - Knightmare's refusals and views (a card not held, a card not in the game, a move in an
#   answer, a card put back in play by a Veto, a kind's powers overridden, the hands), and
#   the move record an observer reads after moves taken back.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
now=2026-11-05T12:00:00Z

# mail FROM TOKEN BODY: a mail about game 1, processed at $now; $text: the replies' text
mail() {
  cli_eml "$1" "Re: [tempest 1 $2] game 1" "$3" > "$tmp/m.eml"
  TEMPEST_NOW=$now run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
  text=$(decoded)
}
A() { mail alice@example.org "$WT" "$1"; }
B() { mail bob@example.org "$BT" "$1"; }

# to ADDRESS: the text of the last replies to ADDRESS, on one line
to() {
  printf '%s\n' "$text" | awk -v to="To: $1" '/^From / || /^To: / { mine = ($0 == to) } mine' |
    tr -s ' \n' ' '
}
# has WHAT ADDRESS TEXT / lacks WHAT ADDRESS TEXT: a reply to ADDRESS holds TEXT, or not
has() {
  case $(to "$2") in *"$(flat "$3")"*) pass ;; *) fail "$1: the mail to $2 lacks '$3'" ;; esac
}
lacks() {
  case $(to "$2") in *"$(flat "$3")"*) fail "$1: the mail to $2 holds '$3'" ;; *) pass ;; esac
}

# tick TIME: the referee's clock at TIME; $text: its mails
tick() {
  TEMPEST_NOW=$1 run "$TA" tick -c "$W/conf"
  text=$(decoded)
}

# game NAME CHALLENGE SETUP_W SETUP_B: a fresh referee, game 1 challenged, accepted, set up
game() {
  W=$tmp/$1
  cli_referee "$W"
  now=2026-11-05T12:00:00Z
  cli_eml alice@example.org "new game" "$2" > "$tmp/m.eml"
  TEMPEST_NOW=$now run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
  B "accept"
  A "$3"
  wtext=$text             # White's set-up recorded
  B "$4"
  case $text in *"the cards are dealt"*) pass ;; *) fail "$1: the cards are not dealt" ;; esac
}

replays() {     # replays NAME: the game's log rebuilds every state
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
tempete() {     # tempete NAME: White holds 23 18 12 32 57, Black 32 66 34 28 57
  game "$1" "new tempete\nopponent bob@example.org\ncolour white" \
    "$(tp_list 23 18 12 32 57)\nnumbers 1 2 3 4 5" "$(tp_list 32 66 34 28 57)\nnumbers 1 2 3 4 5"
}
knightmare() {  # knightmare NAME DECK_W DECK_B: personal sets
  game "$1" "new knightmare-cards\nopponent bob@example.org\ncolour white\nsets personal" \
    "deck $2" "deck $3"
}

# -- Tempete: after 2... Qh4+, a double move (card 18) out of check by its second part
tempete tp-check
text=$wtext
has "tempete: a list sent is the player's" alice@example.org "Your list is recorded."
lacks "tempete: a list sent is the player's: no '(yours)'" alice@example.org "(yours)"
A "e4"; B "e5"; A "f4"; B "Qh4+"
A "card 18\nNf3\nNg5"
has "tempete: a double move still in check" alice@example.org \
  "line 3: Ng5 -> 'Ng5' would leave your king in check"
A "card 23\nNf3\neffect capture a7"
has "tempete: a card's effects after the move, the king still in check" alice@example.org \
  "line 3: effect capture a7 -> after this turn your king would be in check"
A "card 18\nNf3\nNxh4"
has "tempete: out of check by the second part" bob@example.org "White plays card 18. White moves Nf3 and Nxh4."
has "tempete: the hands, one count each" bob@example.org "(White holds 4 cards, Black 5.)"
B "Nc6"; A "d4\nnumbers random"; B "resign"
has "tempete: the game ends" alice@example.org "game 1 over"
replays tempete

# -- Knightmare: after 2... Qa5+, Nf3 leaves the king in check and Running Start blocks it
knightmare km-check "4 3" "33 32"
A "d4"; B "c6"; A "e4"; B "Qa5+"
A "Nf3\ncard 4 a2 a4"
has "knightmare: a card after the move that leaves the check" alice@example.org \
  "line 2: card 4 a2 a4 -> after this turn your king would be in check"
A "Nf3\ncard 4 b2 b4"
has "knightmare: out of check by the card after the move" bob@example.org \
  "White plays card 4 (Running Start): b2 moves to b4."
has "knightmare: the move is the subject's" bob@example.org "Subject: [tempest 1 $BT] 3. Nf3"
has "knightmare: one card" alice@example.org "White holds 1 card and has 0 to draw; Black holds 2 and has 0."
B "e6"; A "Bd3"; B "resign"
has "knightmare: the game ends" alice@example.org "game 1 over"
replays knightmare

# -- every answer prompt: what is legal now, and what happens if no answer comes
window=2026-11-07T12:01:00Z     # the answer window (48 hours) has closed
owed() {        # owed NAME PROMPT: White's prompt, no window, and tick does nothing then
  has "$1: the prompt" alice@example.org "$2"
  has "$1: White's time runs" alice@example.org "If no answer comes by then, you lose on time."
  has "$1: and Black knows it" bob@example.org "If no answer comes by then, White loses on time."
  lacks "$1: no promise" alice@example.org "the referee accepts the interception for you"
  tick $window
  case $text in *"referee accepts"*|*"still owed"*) fail "$1: the tick answers: $text" ;; *) pass ;; esac
}
accepted() {    # accepted NAME PROMPT: White's prompt, the window, and the referee's accept
  has "$1: the prompt" alice@example.org "$2"
  has "$1: the window" alice@example.org "If no answer comes by then, the referee accepts the interception for you."
  tick $window
  has "$1: the referee accepts" alice@example.org \
    "White's time to answer the interception has passed: the referee accepts it for them."
}

tempete tp-stands
A "e4"; B "intercept\ncard 66\neffect capture a2"
accepted "tempete, the move stands" \
  "Answer the interception: 'accept' (your move stands), or a card in answer to it, with one number for Black."

tempete tp-takeback
A "e4"; B "intercept\ncard 66\neffect takeback"
accepted "tempete, the move taken back" \
  "Answer the interception: a different move, a card, or 'accept', with one number for Black."
has "tempete, the move taken back: the referee's accept" alice@example.org \
  "White accepts that the move cannot be carried out."

tempete tp-disabled
A "card 23\neffect capture h7\ne4"; B "intercept\ncard 32"
owed "tempete, a card disabled" \
  "Answer the interception: a normal move, without a card (the same move may be it), with one number for Black."
now=2026-11-07T13:00:00Z
A "accept\nnumbers random"
has "tempete, a card disabled: no accept" alice@example.org "your card was disabled, and your move with it"
tick 2026-12-05T12:00:00Z
has "tempete, a card disabled: the loss on time" alice@example.org "they lose on time"

tempete tp-intercheck
A "f3"; B "e5"; A "g4"; B "intercept\ncard 66\neffect takeback\neffect move d8 h4"
owed "tempete, a check" "Answer the interception: a move out of check (the one intercepted may be it), with a card if you like, and one number for Black."
A "accept\nnumbers random"
has "tempete, a check: no accept" alice@example.org "after this answer your king would be in check"
A "g3\nnumbers random"
has "tempete, a check: out of it" bob@example.org "White moves g3 instead."

tempete tp-part2
A "e4"; B "e5"; A "card 18\nNf3\nNg5"; B "intercept\ncard 66\neffect takeback\npart 2"
owed "tempete, part 2 hit" "Answer the interception: a different second move of the same piece, with one number for Black."
A "accept\nnumbers random"
has "tempete, part 2 hit: no accept" alice@example.org "the second part was hit: give a different second move"

tempete tp-part1
A "e4"; B "e5"; A "card 18\nNf3\nNg5"; B "intercept\ncard 66\neffect takeback\npart 1"
owed "tempete, part 1 hit" "Answer the interception: two new moves (the first a different one), or 'keep' or 'discard' the card and one normal move, with one number for Black."

knightmare km-plain "3 4" "33 32"
A "e4"
has "knightmare: Black may intercept" bob@example.org "It is your turn: intercept the last move, or move."
B "intercept\ncard 33 a7 a6"
accepted "knightmare, no card to answer with" "Answer the interception: 'accept' (your move stands)."
lacks "knightmare, no card to answer with: none offered" alice@example.org "or a card in answer"
B "e5"
has "knightmare: no card of White's can intercept" alice@example.org "It is your move."
lacks "knightmare: no window offered" alice@example.org "You may intercept the last move"

knightmare km-veto "30 3" "33 32"
A "e4"; B "intercept\ncard 33 a7 a6"
accepted "knightmare, a Veto in hand" \
  "Answer the interception: 'accept' (your move stands), or a card in answer to it."

knightmare km-mated "3 4" "33 32"
A "f3"; B "e5"; A "g4"; B "Qh4#"
has "knightmare: mated, no card to intercept with" alice@example.org \
  "You are mated: concede (no card of yours can intercept the mating move)."
has "knightmare: mated, the wait" alice@example.org "If no interception comes by then, the game ends by checkmate."
A "h3"
has "knightmare: mated, a move refused" alice@example.org \
  "line 1: h3 -> you are mated: concede (no card of yours can intercept the mating move)"
A "concede"
has "knightmare: mated, conceded" bob@example.org "game 1 over"

# -- Knightmare's refusals and views
knightmare km-cards "24 30 3" "31 32 3"
A "card 34"
has "knightmare: a card not held" alice@example.org "line 1: card 34 -> card 34 is not in your hand"
A "card 99"
has "knightmare: a card not in the game" alice@example.org "line 1: card 99 -> there is no card 99 in this game"
A "e4"; B "d5"; A "Nc3"; B "intercept\ncard 32 e4"
A "accept\nNf3"
has "knightmare: the move in an answer is the line at fault" alice@example.org \
  "line 2: Nf3 -> answer the interception first"
A "accept"; B "Nc6"; A "d4"; B "e6"; A "card 24 d5"; B "Nf6"; A "Nf3"
B "intercept\ncard 31 24"
has "knightmare: Dispel ends Chains" alice@example.org "the continuing effect of card 24 ends"
A "card 30"
A "status"
has "knightmare: Chains back in play" alice@example.org \
  "In play: card 24 (Chains) of White: the Black Pawn on d5 is frozen"
has "knightmare: its play in force" alice@example.org \
  "White: card 24 (Chains) (move) the piece on d5 may not move Black:"
lacks "knightmare: its play in force: not void" alice@example.org \
  "the piece on d5 may not move (no longer in force)"

knightmare km-powers "25 27 3" "31 32 3"
A "card 25"; B "e5"; A "card 27"
has "knightmare: a gain overridden" bob@example.org "card 25 (Cavalry Drill) of White: every N also moves as W (overridden by card 27 (Lame Horses)); card 27 (Lame Horses) of White: every N moves only as nN"

# -- Tempete: a list the referee made; the record after two moves taken back, as an observer
# reads it: each turn passed shows as a move not made
W=$tmp/tp-random
cli_referee "$W"
now=2026-11-05T12:00:00Z
cli_eml alice@example.org "new game" "new tempete\nopponent bob@example.org\ncolour white" > "$tmp/m.eml"
TEMPEST_NOW=$now run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
B "accept"; A "list random"
has "tempete: a list the referee made" alice@example.org "Your list (made by the referee) is recorded."

game tp-observed "new tempete\nopponent bob@example.org\ncolour white" \
  "$(tp_list 66 18 12 32 57)\nnumbers 1 2 3 4 5" "$(tp_list 23 66 34 28 57)\nnumbers 1 2 3 4 5"
cli_eml carol@example.org "observe" "observe 1" > "$tmp/m.eml"
TEMPEST_NOW=$now run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
# carol confirms from her address, replying to the confirmation (its token)
ctoken=$(printf '%s\n' "$out" | tr -d '\r' | sed -n 's/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/p' |
  head -n 1)
cli_eml carol@example.org "Re: [tempest 1 $ctoken] game 1" "observe 1" > "$tmp/m.eml"
TEMPEST_NOW=$now run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
A "e4"; B "intercept\ncard 66\neffect takeback"; A "accept\nnumbers random"
B "e5"; A "intercept\ncard 66\neffect takeback"; B "accept\nnumbers random"
A "h4\nnumbers random"
has "tempete: the observer's record" carol@example.org "Moves: 1. -- -- 2. h4 FEN:"
lacks "tempete: no side to move in the record" carol@example.org "to move}"
replays "tempete, moves taken back"

cli_done t_cardturns
