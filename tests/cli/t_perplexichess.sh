#!/bin/sh
# Perplexichess by mail (seed 001, docs/perplexichess.md "Perplexichess by mail"): a challenge that names
# two teams, each member's acceptance, play on three boards at once, moves written with
# the seed's numbered squares, the grand strategists' transfers between boards, a
# Flexichess rule change on one board, who may do what (each refusal changing nothing),
# a board that ends by mate and keeps its pieces without its kings, team messages, an
# election, a reassignment, the team result, and the log replayed to the same states.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
C=$tmp/conf
n=0

mail() {        # mail FROM TOKEN BODY: a reply to the referee's mail about game 1
  n=$((n + 1))
  cli_game_eml 1 "$1" "$2" "$3" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$TA" process -c "$C"
  [ -z "${KEEP:-}" ] || printf '%s\n' "$out" > "$tmp/out.$n"
}
to() {          # to ADDRESS: the decoded mail to ADDRESS in $out
  decoded | awk -v a="To: $1" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on'
}
# the mails are quoted-printable where lines are long: read them decoded
expect_out() { case $(flat "$(decoded)") in *"$(flat "$2")"*) pass ;; *) fail "$1: the mails lack '$2'" ;; esac; }
recipients() { printf '%s\n' "$out" | tr -d '\r' | sed -n 's/^To: //p' | sort | tr '\n' ' '; }
state() { "$T" show -c "$C" --json 1 2>/dev/null | sed -n 's/^  "hash": "\(.*\)".*/\1/p'; }
fen_of() { "$T" show -c "$C" 1 2>/dev/null | sed -n 's/^FEN: //p' | tr '|' '\n' | sed -n "${1}p" | sed 's/^ *//; s/ *$//'; }
unchanged() {   # unchanged WHAT: the state is what $s holds
  [ "$(state)" = "$s" ] && pass || fail "$1 changes nothing"
}

WHITE="ws@x.org w1@x.org w2@x.org w3@x.org wa@x.org"
BLACK="bs@x.org b1@x.org b2@x.org b3@x.org"
EVERYONE="b1@x.org b2@x.org b3@x.org bs@x.org w1@x.org w2@x.org w3@x.org wa@x.org ws@x.org "

# -- the challenge names both teams; the challenger's team message reaches only its team
cli_mail ws@x.org "new game" "new perplexichess\nstrategist white ws@x.org\nboardman white 1 w1@x.org\nboardman white 2 w2@x.org\nboardman white 3 w3@x.org\nagent white wa@x.org\nstrategist black bs@x.org\nboardman black 1 b1@x.org\nboardman black 2 b2@x.org\nboardman black 3 b3@x.org\nmessage team Let us win, all of us" > "$tmp/m"
run "$TA" process -c "$C" "$tmp/m"
expect_rc "challenge" 0; expect_clean "challenge"
[ "$(recipients)" = "$EVERYONE" ] && pass || fail "the challenger and every member hear of it: $(recipients)"
for a in w1@x.org w2@x.org w3@x.org wa@x.org; do
  case $(to $a) in *'"Let us win, all of us"'*) pass ;; *) fail "the team message reaches $a" ;; esac
done
for a in bs@x.org b1@x.org b2@x.org b3@x.org; do
  case $(to $a) in *"Let us win"*) fail "the team message reaches $a of the other team" ;; *) pass ;; esac
done
case $(to b2@x.org) in *"You are:   Black's boardman on board 2"*"grand strategist"*"ws@x.org"*) pass ;;
  *) fail "the invitation names the duty and the teams" ;; esac
for a in $WHITE $BLACK; do eval "K_$(echo $a | cut -d@ -f1)=\$(cli_token 1 $a)"; done
[ -n "$K_w1" ] && [ -n "$K_bs" ] && [ -n "$K_wa" ] && pass || fail "every member has a token"

# -- a challenge with a member missing, or an agent too many, is refused (from three
# newcomers: a stranger's mails draw one answer a day)
cli_mail zz@x.org "new game" "new perplexichess\nstrategist white zz@x.org\nboardman white 1 y1@x.org\nboardman white 2 y2@x.org\nstrategist black yb@x.org\nboardman black 1 x1@x.org\nboardman black 2 x2@x.org\nboardman black 3 x3@x.org" > "$tmp/m"
run "$TA" process -c "$C" "$tmp/m"
expect_out "a boardman missing" "board 3 has no White boardman"
cli_mail zy@x.org "new game" "new perplexichess\nstrategist white zy@x.org\nboardman white 1 y1@x.org\nboardman white 2 y2@x.org\nboardman white 3 y3@x.org\nagent white a1@x.org\nagent white a2@x.org\nagent white a3@x.org\nstrategist black yb@x.org\nboardman black 1 x1@x.org\nboardman black 2 x2@x.org\nboardman black 3 x3@x.org" > "$tmp/m"
run "$TA" process -c "$C" "$tmp/m"
expect_out "three agents on three boards" "a game of 3 boards has 0 to 2 agents a side (rule 1); White has 3"
cli_mail zx@x.org "new game" "new perplexichess\nopponent y@x.org" > "$tmp/m"
run "$TA" process -c "$C" "$tmp/m"
case $(flat "$(decoded)") in *"names its members and their duties, not an opponent"*) pass ;;
  *) fail "an opponent instead of teams" ;; esac
[ ! -e "$tmp/data/games/2.json" ] && pass || fail "no game is made by a refused challenge"

# -- each member accepts; play starts with the last
s=$(state)
mail w1@x.org "$K_w1" "e4"
expect_out "a move before the start" "has not started"
unchanged "a move before every member accepted"
for a in w1 w2 w3 wa bs b1 b2; do eval "mail $a@x.org \$K_$a accept"; done
expect_out "an acceptance" "accepts"
s=$(state)
mail w1@x.org "$K_w1" "accept"
expect_out "an acceptance twice" "you have accepted already"
unchanged "a second acceptance"
"$T" show -c "$C" 1 > "$tmp/show"
grep -q '^Status: invited' "$tmp/show" && pass || fail "the game waits for the last member: $(grep Status "$tmp/show")"
mail b3@x.org "$K_b3" "accept"
expect_out "the last acceptance" "game 1 begins"
[ "$(recipients)" = "$EVERYONE" ] && pass || fail "every member hears that play begins: $(recipients)"

# -- moves on each board, the seed's numbers or algebraic (the strategist and w1 take every
# mail at once, as they come: t_digest.sh has the digests)
mail ws@x.org "$K_ws" "mail each"
mail w1@x.org "$K_w1" "mail each"
mail w1@x.org "$K_w1" "move 53-37"
expect_clean "a numbered move"
case $(fen_of 1) in "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1") pass ;;
  *) fail "53-37 is e2-e4 on board 1: $(fen_of 1)" ;; esac
case $(fen_of 2) in "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") pass ;;
  *) fail "board 2 untouched: $(fen_of 2)" ;; esac
case $(to w1@x.org) in *"Board 1"*"a b c d e f g h"*) pass ;; *) fail "a boardman sees their board" ;; esac
case $(to ws@x.org) in *"Board 1: Black to move"*"Board 2: White to move"*"Board 3: White to move"*) pass ;;
  *) fail "the strategist sees every board" ;; esac
mail w2@x.org "$K_w2" "Nf3"
case $(to ws@x.org) in *"White's boardman on board 2 (w2@x.org) played 1. Nf3 on board 2."*) pass ;;
  *) fail "the strategist is told which move was made, on which board, by whom" ;; esac
case $(to w1@x.org) in *"Your move"*) fail "a move on board 2 is not w1's" ;;
  *"played 1. Nf3 on board 2"*) pass ;; *) fail "w1 is told of the move on board 2" ;; esac
case $(to w2@x.org) in *"Your move 1. Nf3 on board 2 is recorded."*) pass ;; *) fail "the mover's own notice" ;; esac
mail b2@x.org "$K_b2" "d5"
mail b1@x.org "$K_b1" "e5"

# -- who may act: each refusal changes nothing
s=$(state)
mail ws@x.org "$K_ws" "Nc3"
expect_out "the strategist moving within a board" "a grand strategist may not move pieces within a board"
case $(decoded) in *"not your turn"*) fail "a strategist's move gets one reason, no board's turn" ;; *) pass ;; esac
unchanged "the strategist's move"
mail wa@x.org "$K_wa" "d4"
expect_out "an agent moving" "an agent does not play"
unchanged "the agent's move"
mail b1@x.org "$K_b1" "Nc6"
expect_out "a boardman out of turn" "it is not your turn"
unchanged "the move out of turn"
mail w1@x.org "$K_w1" "Ne5"
expect_out "a move that only board 2 allows, from board 1's boardman" "'Ne5'"
unchanged "a move meant for another board"
mail w3@x.org "$K_w3" "transfer g1 from 3 to 2"
expect_out "a boardman transferring" "only a grand strategist moves pieces between boards"
unchanged "the boardman's transfer"
mail bs@x.org "$K_bs" "transfer e4 from 1 to 2"
expect_out "the other team's piece" "the piece on e4 of board 1 is White's"
unchanged "a transfer of the other team's piece"
TEMPEST_NOW=2026-11-06T12:00:00Z mail b1@x.org "$K_w1" "Nc6"   # (w1's invitation, a stranger's
expect_out "a token of the other team" "To: w1@x.org"           # challenge's, was today's)
unchanged "a borrowed token"

# -- transfers: at any time, to the same square of another board if it is empty
mail ws@x.org "$K_ws" "transfer e1 from 1 to 3"
expect_out "the king" "the king stays on its board (rule 3)"
mail ws@x.org "$K_ws" "transfer d1 from 1 to 3"
expect_out "an occupied square" "d1 of board 3 is occupied"
mail ws@x.org "$K_ws" "transfer e4 from 1 to 1"
expect_out "the same board" "a transfer goes to another board"
mail ws@x.org "$K_ws" "transfer 63 from 3 to 2"
expect_out "a transfer" "White's grand strategist moves the Knight on g1 from board 3 to board 2"
[ "$(recipients)" = "$EVERYONE" ] && pass || fail "everyone hears of a transfer: $(recipients)"
case $(fen_of 3) in "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1") pass ;;
  *) fail "board 3 lost its g1 knight (and kept White to move): $(fen_of 3)" ;; esac
case $(fen_of 2) in "rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKBNR w KQkq - 0 2") pass ;;
  *) fail "board 2 has it on g1 (and Black's d5 stands): $(fen_of 2)" ;; esac

# -- Flexichess: the boardman of board 3 changes the knight's moves there, instead of a move
mail w3@x.org "$K_w3" "rule K add W"
expect_out "the king's movement" "the king's movement may not change (rule 6)"
mail w3@x.org "$K_w3" "rule N Zz"
expect_out "a movement that is no Betza" "is not a movement the referee can play"
mail w3@x.org "$K_w3" "e4\nrule N add W"
expect_out "a rule with a move" "a rule change is made instead of a move"
mail ws@x.org "$K_ws" "rule N add W"
expect_out "the strategist's rule change" "a grand strategist may not move pieces within a board"
mail w3@x.org "$K_w3" "rule knight add W"
expect_out "a rule change" "Board 3: White changes a rule (Flexichess): the Knight (N) moves as NW"
case $(to b3@x.org) in *"Rule changes in force (Flexichess): board 3: the Knight (N) moves as NW"*) pass ;;
  *) fail "the rule change is shown with the board" ;; esac
case $(fen_of 3) in *" b KQkq - "*) pass ;; *) fail "the change was White's turn on board 3: $(fen_of 3)" ;; esac
# a change must change something, as a move must move; the seed's rules 4 and 5 by name;
# a general leap (x,y), as the engine's reasons list it, is read
s=$(state)
mail b3@x.org "$K_b3" "rule N add W"
expect_out "a change that changes nothing" "'rule N add W' changes nothing: the Knight (N) moves as NW already"
unchanged "a change that changes nothing"
mail b3@x.org "$K_b3" "rule N (1,2)W"
expect_out "a leap written (x,y)" "'rule N (1,2)W' changes nothing"
unchanged "a change to the same leaps"
mail b3@x.org "$K_b3" "rule N and B W"
expect_out "rule 4" "no change can affect the movement of more than one kind of piece (rule 4)"
mail b3@x.org "$K_b3" "rule white N W"
expect_out "rule 5" "rule changes cannot distinguish between black and white pieces (rule 5)"
unchanged "the refused changes"
mail b3@x.org "$K_b3" "Nb8-b7"
expect_out "a knight's own square blocked" "b7"
mail b3@x.org "$K_b3" "e6"
mail w3@x.org "$K_w3" "Nb1-b2"
expect_out "a knight's new step blocked by its pawn" "b2"
mail w3@x.org "$K_w3" "b3"
mail b3@x.org "$K_b3" "Ne7"
mail w3@x.org "$K_w3" "Nb2"
expect_out "the knight steps forward on board 3" "b3 Ne7 3. Nb2"
mail w2@x.org "$K_w2" "b3"
mail b2@x.org "$K_b2" "c6"
s=$(state)
mail w2@x.org "$K_w2" "Nb1-b2"
expect_out "board 2's knights keep their moves" "'Nb1-b2'"
unchanged "a knight's wazir step on board 2"
mail w2@x.org "$K_w2" "Nc3"

# -- board 1 ends by mate: its kings leave, its other pieces stay and still move between boards
mail w1@x.org "$K_w1" "Bc4"
mail b1@x.org "$K_b1" "Nc6"
mail w1@x.org "$K_w1" "Qh5"
mail b1@x.org "$K_b1" "Nf6"
mail w1@x.org "$K_w1" "Qxf7#"
expect_out "board 1 mated" "Board 1 ends: 1-0 (checkmate)"
case $(fen_of 1) in "r1bq1b1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB3NR"*) pass ;;
  *) fail "board 1 keeps its pieces, not its kings: $(fen_of 1)" ;; esac
mail b1@x.org "$K_b1" "Nxe4"
expect_out "no move on a finished board" "board 1 is over"
mail bs@x.org "$K_bs" "transfer f6 from 1 to 2"
expect_out "a piece from the finished board" "moves the Knight on f6 from board 1 to board 2"
case $(fen_of 1) in "r1bq1b1r/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB3NR"*) pass ;;
  *) fail "the knight left board 1: $(fen_of 1)" ;; esac

# -- messages: to the team, to one member, to everyone
mail b2@x.org "$K_b2" "Bf5\nmessage team Watch their queen\nmessage w2@x.org Good luck on board 2\nmessage all Thanks for the game so far"
for a in bs@x.org b1@x.org b3@x.org; do
  case $(to $a) in *'"Watch their queen"'*) pass ;; *) fail "the team message reaches $a" ;; esac
done
case $(flat "$(to b2@x.org)") in *'Read in your mail: Bf5; a message, relayed as "Watch their queen"; a message, relayed as "Good luck on board 2"; a message, relayed as "Thanks for the game so far".'*) pass ;;
  *) fail "the writer's reply says what was read, each message as it was relayed" ;; esac
case $(to w2@x.org) in *'"Watch their queen"'*) fail "the team message reaches the other team" ;;
  *'"Good luck on board 2"'*'"Thanks for the game so far"'*) pass ;; *) fail "w2 reads what is addressed to it" ;; esac
case $(to w1@x.org) in *"Good luck"*|*"Watch"*) fail "w1 reads only what is addressed to all" ;;
  *"Thanks for the game"*) pass ;; *) fail "everyone reads 'message all'" ;; esac
s=$(state)
mail b2@x.org "$K_b2" "message nobody@x.org hello"
expect_out "a message to a stranger" "nobody@x.org plays no part in game 1"
unchanged "a message to a stranger"

# -- an election: the incumbent has no vote; more than half of the team's votes elect
mail ws@x.org "$K_ws" "elect w2@x.org"
expect_out "the incumbent votes" "the incumbent grand strategist has no vote"
mail w1@x.org "$K_w1" "elect w2@x.org"
expect_out "a vote" "1 of the 4 votes of the team (3 needed)"
case $(to w1@x.org) in *"Your move"*|*" played "*) fail "a vote is no move" ;; *) pass ;; esac
[ "$(recipients)" = "w1@x.org w2@x.org w3@x.org wa@x.org ws@x.org " ] && pass ||
  fail "a vote is told to the team only: $(recipients)"
mail w3@x.org "$K_w3" "elect w2@x.org"
mail wa@x.org "$K_wa" "elect w2@x.org"
expect_out "the election" "w2@x.org is elected White's grand strategist (3 of the 4 votes of the team); ws@x.org is now White's boardman on board 2"
"$T" show -c "$C" 1 > "$tmp/show"
grep -q 'White strategist: w2@x.org' "$tmp/show" && grep -q 'White (board 2, boardman): ws@x.org' "$tmp/show" && pass ||
  fail "the duties follow the election: $(grep White "$tmp/show")"
mail ws@x.org "$K_ws" "Ne5"
expect_out "the former strategist plays board 2" "Ne5"
mail w2@x.org "$K_w2" "assign wa@x.org boardman 3"
expect_out "a reassignment" "assigns wa@x.org to board 3; w3@x.org, who played it, is now White's agent"
mail w3@x.org "$K_w3" "Nf3"
expect_out "the former boardman no longer plays" "an agent does not play"

# -- the end: each board concludes; the team that won more boards wins
mail b2@x.org "$K_b2" "resign"
expect_out "a boardman resigns a board" "Board 2 ends: 1-0 (resignation)"
mail wa@x.org "$K_wa" "resign"
expect_out "the last board" "Board 3 ends: 0-1 (resignation)"
"$T" show -c "$C" 1 > "$tmp/show"
grep -q 'Status: over, 1-0 (boards won 2-1)' "$tmp/show" && pass ||
  fail "White wins two boards to one: $(grep Status "$tmp/show")"

# -- the end mail's PGN, a game per board (cut where transfers edit a board; after a rule
#    change the moves are words in a comment), read back by pgn-extract without an error
to ws@x.org | awk '/^The game in PGN:/ { p = 1; next } p && /^Thank you/ { p = 0 } p' > "$tmp/px.pgn"
[ "$(grep -c '^\[Event ' "$tmp/px.pgn")" -ge 3 ] && pass || fail "a PGN game per board at least: $(grep -c Event "$tmp/px.pgn")"
tr '\n' ' ' < "$tmp/px.pgn" | grep -q "which PGN cannot say: (the piece on g1 leaves the board) (from now on N moves as NW) (Black to move) 1\.\.\. e6 2\. b3 Ne7 3\. Nb2" && pass ||
  fail "board 3's record after its rule change is a comment"
# each board's players are all who played it: w3 moved on board 3 before wa was assigned
# there, ws on board 2 after w2 was elected (PGN joins several players with colons); a PGN
# names them as the public does (here by their seats: no names chosen), never by address
tr '\n' ' ' < "$tmp/px.pgn" | grep -q '\[Round "3[.0-9]*"\] \[White "White (board 3, boardman):White agent"\]' && pass ||
  fail "board 3's White players: $(grep -A5 'Round "3' "$tmp/px.pgn" | grep White | head -n 2)"
tr '\n' ' ' < "$tmp/px.pgn" | grep -q '\[Round "2[.0-9]*"\] \[White "White (board 2, boardman):White strategist"\]' && pass ||
  fail "board 2's White players: $(grep -A5 'Round "2' "$tmp/px.pgn" | grep White | head -n 2)"
/usr/games/pgn-extract -s "$tmp/px.pgn" > "$tmp/px.out" 2> "$tmp/px.err"
grep -qi 'error\|illegal\|failed\|missing' "$tmp/px.err" && fail "pgn-extract: $(head -5 "$tmp/px.err")" || pass
[ "$(grep -c '^\[Event ' "$tmp/px.out")" -eq "$(grep -c '^\[Event ' "$tmp/px.pgn")" ] && pass ||
  fail "pgn-extract reads back every game: $(cat "$tmp/px.err" | head -5)"
# ... and by ffish (Fairy-Stockfish) with the variants.ini of `tempest export-variants`:
# every move of every board (board 2 cut where a transfer edits it, board 3's up to its
# rule change). The final positions are not compared: boards 1 and 2 end with their kings
# leaving them and board 3 with moves in words, which no PGN reader replays
board_pgn() {   # board_pgn N: the PGN games of board N ([Round "N"] or "N.k")
  awk -v b="$1" 'BEGIN { RS = "" } /^\[Event / { keep = match($0, "\\[Round \"" b "[.\"]") }
    keep { print; print "" }' "$tmp/px.pgn"
}
for n in 1 2 3; do
  board_pgn $n > "$tmp/px$n.pgn"
  ffish_reads "board $n" "$tmp/px$n.pgn" - "$(grep -c '^\[Event ' "$tmp/px$n.pgn") game*, * moves"
done

# -- the game master seats a game (tempest new), and calls time (rule 2A): each board still
#    in play goes to the side with more pieces on it
run "$TA" new -c "$C" perplexichess g1@x.org h1@x.org g2@x.org h2@x.org g3@x.org h3@x.org gs@x.org hs@x.org
expect_rc "new perplexichess" 0; expect_clean "new perplexichess"
g_token() { decoded | awk -v a="To: $1" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on' |
  sed -n 's/^Subject: .*\[tempest 2 \([a-z0-9]*\)\].*/\1/p' | head -n 1; }
for a in g1 h1; do eval "G_$a=\$(g_token $a@x.org)"; done
mail2() {       # mail2 FROM TOKEN BODY: about game 2
  n=$((n + 1))
  cli_game_eml 2 "$1" "$2" "$3" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$TA" process -c "$C"
}
mail2 g1@x.org "$G_g1" "e4"
mail2 h1@x.org "$G_h1" "d5"
mail2 g1@x.org "$G_g1" "exd5"
expect_out "a capture on board 1 of game 2" "exd5"
run "$TA" adjust -c "$C" 2 close
expect_rc "adjust close" 0; expect_clean "adjust close"
expect_out "time called" "Board 1 ends: 1-0 (time called, 16 pieces to 15)"
expect_out "an even board" "Board 2 ends: 1/2-1/2 (time called, 16 pieces to 16)"
"$T" show -c "$C" 2 > "$tmp/show"
grep -q 'Status: over, 1-0 (boards won 1-0)' "$tmp/show" && pass ||
  fail "time called: White wins one board to none: $(grep Status "$tmp/show")"
run "$TA" adjust -c "$C" 1 close
expect_err "close a finished game" "the game is not being played"

# -- a member's decline ends a challenge, and every member hears of it
cli_mail ws@x.org "new game" "new perplexichess\nstrategist white ws@x.org\nboardman white 1 w1@x.org\nboardman white 2 w2@x.org\nboardman white 3 w3@x.org\nstrategist black bs@x.org\nboardman black 1 b1@x.org\nboardman black 2 b2@x.org\nboardman black 3 b3@x.org\npassword hunter2" > "$tmp/m"
run "$TA" process -c "$C" "$tmp/m"
d3=$(decoded | awk '$0 == "To: b3@x.org" { on = 1 } on' | sed -n 's/^Subject: .*\[tempest 3 \([a-z0-9]*\)\].*/\1/p' | head -n 1)
# the challenger's password holds: a mail without the token, with it, is theirs
n=$((n + 1))
cli_eml ws@x.org "our new game" "game 3\npassword hunter2\nmessage team Ready when you are" > "$tmp/m.eml"
run_in "$tmp/m.eml" "$TA" process -c "$C"
case $(to w1@x.org) in *'"Ready when you are"'*) pass ;; *) fail "a team challenge's password proves the challenger" ;; esac
n=$((n + 1))
cli_game_eml 3 b3@x.org "$d3" decline > "$tmp/m.eml"
run_in "$tmp/m.eml" "$TA" process -c "$C"
[ "$(recipients)" = "b1@x.org b2@x.org b3@x.org bs@x.org w1@x.org w2@x.org w3@x.org ws@x.org " ] && pass ||
  fail "every member hears of the decline: $(recipients)"
"$T" show -c "$C" 3 > "$tmp/show"
grep -q '^Status: declined' "$tmp/show" && pass || fail "the challenge is declined: $(grep Status "$tmp/show")"

# -- the log replays to the same states
run "$T" replay -c "$C" "$tmp/data/games/1.mbox" --into "$tmp/replayed"
expect_rc "replay" 0; expect_out "replay" "every recorded state reproduced"
cli_done t_perplexichess
