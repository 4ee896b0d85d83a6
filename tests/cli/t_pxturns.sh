#!/bin/sh
# Perplexichess turns told as they happen (issue 25, docs/perplexichess.md): a move sent
# with "offer draw" or a vote is a move, told to the other team with the turn passed; the
# vote stays the team's; the start mail promises no turn to whom has none; a strategist's
# refusal names no board's side to move as the reader's business; "rule P cF" takes the pawn's double step away with its forward step;
# every decision that time makes in one run is made, however many boards are late.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
C=$tmp/conf

to() {          # to ADDRESS: the decoded mail to ADDRESS in $out
  decoded | awk -v a="To: $1" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on'
}
mail() {        # mail GAME FROM TOKEN BODY
  cli_game_eml $1 "$2" "$3" "$4" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$TA" process -c "$C"
}
has() {         # has WHAT ADDRESS TEXT: the mail to ADDRESS says TEXT
  case $(flat "$(to "$2")") in *"$(flat "$3")"*) pass ;; *) fail "$1: the mail to $2 lacks '$3'" ;; esac
}
lacks() {       # lacks WHAT ADDRESS TEXT
  case $(flat "$(to "$2")") in *"$(flat "$3")"*) fail "$1: the mail to $2 says '$3'" ;; *) pass ;; esac
}

run "$TA" new -c "$C" perplexichess g1@x.org h1@x.org g2@x.org h2@x.org g3@x.org h3@x.org gs@x.org hs@x.org
expect_rc "new perplexichess" 0; expect_clean "new perplexichess"
for a in g1 h1 g2 h2 gs; do eval "K_$a=\$(cli_token 1 $a@x.org)"; done
[ -n "$K_g1" ] && [ -n "$K_gs" ] && pass || fail "every member has a token"
# the start: a strategist never has a turn, and every member hears of every move
lacks "the start mail's promise to a strategist" gs@x.org "when it is your turn"
lacks "the start mail's promise to an opponent" h2@x.org "when it is your turn"
# (no transfer can be made at the start: every square is taken on every other board, so
# the mail suggests none; once one can, its example is one: see game 3 below)
has "the start mail says what the strategist may do" gs@x.org "Now: advise your boardmen: no piece of yours can be transferred now"
# a boardman's deadline is their own board's, not board 1's
has "board 2's deadline" h2@x.org "for White (board 2, boardman)'s move."

# -- a draw offered before the move: the move is the mail's event, the turn passes
mail 1 g1@x.org "$K_g1" "offer draw\ne4"
expect_clean "offer draw and e4"
case $(to h1@x.org) in *"Subject: "*"1. e4 on board 1 -- your move"*) pass ;;
  *) fail "the opponent hears of the move sent with a draw offer: $(to h1@x.org | grep Subject)" ;; esac
has "the offer goes with the move" h1@x.org "White offers a draw on board 1."
"$T" show -c "$C" 1 > "$tmp/show"
grep -q 'Black (board 1, boardman): 30 days left, due' "$tmp/show" && pass ||
  fail "the opponent's clock runs after a move sent with a draw offer: $(grep 'board 1' "$tmp/show")"

# -- a vote sent with a move: the other team hears of the move, not of the vote
mail 1 h1@x.org "$K_h1" "e5"
mail 1 g1@x.org "$K_g1" "Nf3"
mail 1 h1@x.org "$K_h1" "elect h2@x.org\n\nNc6"
expect_clean "a vote and a move"
case $(to g1@x.org) in *"Subject: "*"2... Nc6 on board 1 -- your move"*) pass ;;
  *) fail "the opponent hears of the move sent with a vote: $(to g1@x.org | grep Subject)" ;; esac
lacks "a vote stays in its team" g1@x.org "votes for h2@x.org"
lacks "a vote stays in its team" gs@x.org "votes for h2@x.org"
has "the team hears of the vote" h2@x.org "h1@x.org votes for h2@x.org as Black's grand strategist"

# -- a strategist's refusal: no board's side to move told as if it were the reader's game
mail 1 gs@x.org "$K_gs" "d4"
has "a strategist may not move" gs@x.org "a grand strategist may not move pieces"
lacks "a strategist's refusal" gs@x.org "White (g1@x.org) is to move"
lacks "a strategist's refusal" gs@x.org "It is your move"
has "a strategist's refusal" gs@x.org "Now: transfer pieces between boards"

# -- "rule P cF": the pawn captures one step diagonally and does nothing else, double step
#    included
mail 1 g2@x.org "$K_g2" "rule P cF"
expect_clean "rule P cF"
has "the rule change" h2@x.org "the Pawn (P) moves as cF"
mail 1 h2@x.org "$K_h2" "d5"
has "no double step after rule P cF" h2@x.org "your mail was not applied"
mail 1 h2@x.org "$K_h2" "Nf6"
has "a knight still moves" g2@x.org "1... Nf6 on board 2"

# -- seven boards late at once: every timeout of the run is decided, and a move 31 days
#    late is refused (the game is over), not accepted
# (rule 1: a game of 7 boards has at least one agent a side; tempest new seats them too)
run "$TA" new -c "$C" perplexichess7 a1@x.org b1@x.org a2@x.org b2@x.org a3@x.org b3@x.org \
  a4@x.org b4@x.org a5@x.org b5@x.org a6@x.org b6@x.org a7@x.org b7@x.org as@x.org bs@x.org
[ "$rc" -ne 0 ] && case $err$out in *"the White and the Black agent"*) true ;; *) false ;; esac &&
  pass || fail "new perplexichess7 without agents is refused, the agents named: $err"
run "$TA" new -c "$C" perplexichess7 a1@x.org b1@x.org a2@x.org b2@x.org a3@x.org b3@x.org \
  a4@x.org b4@x.org a5@x.org b5@x.org a6@x.org b6@x.org a7@x.org b7@x.org as@x.org bs@x.org \
  aa@x.org ba@x.org
expect_rc "new perplexichess7" 0
case $(to ba@x.org) in *"Black's agent"*) pass ;; *) fail "the Black agent is seated and told" ;; esac
K_a7=$(cli_token 2 a7@x.org)
export TEMPEST_NOW=2026-12-06T12:00:00Z
mail 2 a7@x.org "$K_a7" "e4"
expect_clean "a move 31 days late"
"$T" show -c "$C" 2 > "$tmp/show"
grep -q '^Status: over, 0-1 (boards won 0-7)' "$tmp/show" && pass ||
  fail "every board is lost on time in one run: $(grep -i 'status\|^Board' "$tmp/show" | tr '\n' ' ')"
case $(to a7@x.org) in *"Subject: "*"1. e4 on board 7"*) fail "a move 31 days late is accepted" ;; *) pass ;; esac

# the boards lost on time: each board's PGN says so ([Termination "time forfeit"])
run "$T" archive -c "$C" "$tmp/arch"
[ "$(grep -c '^\[Termination "time forfeit"\]' "$tmp/arch/game-2.pgn")" -eq 7 ] && pass ||
  fail "each board lost on time: time forfeit ($(grep Termination "$tmp/arch/game-2.pgn" | sort | uniq -c))"

# -- game 3: the strategist's example of a transfer is one the referee takes; a running
#    game's line in the archive; the strategist resigns: the open boards are unfinished
export TEMPEST_NOW=2026-12-07T12:00:00Z
run "$TA" new -c "$C" perplexichess p1@x.org q1@x.org p2@x.org q2@x.org p3@x.org q3@x.org ps@x.org qs@x.org
for a in p1 q1 ps qs; do eval "K_$a=\$(cli_token 3 $a@x.org)"; done
mail 3 ps@x.org "$K_ps" "mail each"
mail 3 p1@x.org "$K_p1" "e4"
ex=$(flat "$(to ps@x.org)" | sed -n "s/.*Now: transfer pieces between boards whenever you like ('\(transfer [a-h][1-8] from [1-3] to [1-3]\)').*/\1/p")
[ -n "$ex" ] && pass || fail "the strategist is given a transfer to make: $(flat "$(to ps@x.org)" | sed -n 's/.*\(Now: [^.]*\).*/\1/p')"
mail 3 ps@x.org "$K_ps" "$ex"
has "the example transfer is taken" ps@x.org "White's grand strategist moves the"
run "$T" archive -c "$C" "$tmp/arch"
grep -q "in play on 3 of 3 boards, boards won 0-0" "$tmp/arch/index.html" && pass ||
  fail "a team game's line in the index says how its boards stand: $(grep -o 'in play[^<]*' "$tmp/arch/index.html")"
# White's strategist writes a White move while Black is to move on board 1: the one
# reason is the kind's, not a board's turn besides
mail 3 ps@x.org "$K_ps" "Nf3"
has "a strategist's move: one reason" ps@x.org "a grand strategist may not move pieces within a board"
lacks "a strategist's move: no board's turn as a second reason" ps@x.org "it is not your turn"
mail 3 qs@x.org "$K_qs" "resign"
has "the strategist resigns" qs@x.org "Score: board 1 unfinished, board 2 unfinished, board 3 unfinished."
cli_done t_pxturns
