#!/bin/sh
# ChessMe by mail (seed 004, docs/chessme.md "ChessMe by mail"): `tempest moves` and its errors; the
# independent move generator (tests/chessme/reference.py, from the rule text alone)
# against the referee's legal moves and placements on random positions; then a whole game
# through `process`: the challenge, the piles committed, each player's own hand only (the
# secrecy scan after every mail), moves with placements, every kind of refusal with the
# state unchanged, a promotion to a captured rook, the mate, the reveal checked with
# sha256sum against the commitments announced at the start, and the log replayed.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
C=$tmp/conf
START="w Ke1,Pc2,Pd2,Pe2,Pf2,ke6,pc5,pd5,pe5,pf5"

# -- tempest moves
run "$TA" moves "$START - - - -"
expect_rc "moves" 0; expect_clean "moves"
[ "$(printf '%s\n' "$out" | sort | tr '\n' ' ')" = "c2c3 d2d3 e1d1 e1f1 e2e3 f2f3 " ] && pass ||
  fail "the start: six moves"
run "$TA" moves "$START N - - -"
# behind each pawn but on the king's square: 3 after each move, 4 after e3 (e2 is free)
[ "$(printf '%s\n' "$out" | grep -c ' N@')" -eq 19 ] && pass || fail "a knight in hand: 19 placements"
expect_out "placements after a move" "e2e3 N@e2"
run "$TA" moves "w Ke1"
expect_rc "a bad position" 2; expect_err "a bad position" "a position is: w|b PIECES"
run "$TA" moves "w Ke1,Kd1 - - - -"
expect_rc "two kings" 2; expect_err "two kings" "one king"
run "$TA" moves --variant chess "$START - - - -"
expect_rc "chess" 2; expect_err "chess" "tempest perft --divide"
printf '%s - - - -\nb Ke1,Ra6,ke7 - - - -\n' "$START" | "$TA" moves - > "$tmp/two"
[ "$(grep -c '^$' "$tmp/two")" -eq 2 ] && [ "$(sed -n '$p' "$tmp/two")" = "" ] &&
  [ "$(tail -n 2 "$tmp/two" | head -n 1)" = "" ] && pass || fail "a stalemate's list is empty"

# -- a game starts by a challenge: the game master cannot shuffle without one
run "$TA" new -c "$C" chessme a@example.org b@example.org
expect_rc "tempest new chessme" 2; expect_err "tempest new chessme" "starts by a challenge mail"
[ ! -e "$tmp/data/games/1.json" ] && pass || fail "no game is made"

# -- the independent generator: equal lists on 1,200 positions of random games
for seed in 4 5; do
  run python3 tests/chessme/reference.py "$T" 600 "$seed"
  expect_rc "reference, seed $seed" 0; expect_out "reference, seed $seed" "every list equal"
  echo "seed $seed: $out" >&2
done

# -- a game by mail
n=0
mail() {        # mail FROM BODY: a reply to the referee's latest mail, applied
  n=$((n + 1))
  tok=$WT; [ "$1" = bob@example.org ] && tok=$BT
  cli_game_mail 1 "$1" "$tok" "$2" > "$tmp/m"
  run "$TA" process -c "$C" "$tmp/m"
  dec > "$tmp/mails.$n"
  python3 tests/chessme/secrecy.py "$tmp/mails.$n" "$tmp/data/games/1.json" > "$tmp/scan" &&
    pass || fail "secrecy after mail $n: $(cat "$tmp/scan")"
}
dec() { decoded | sed 's/=3D/=/g'; }        # an '=' of a promotion, quoted-printable
to() { dec | awk -v a="To: $1" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on'; }
state() { sed -n 's/^  "hash": "\(.*\)".*/\1/p' "$tmp/data/games/1.json"; }
refused() {     # refused WHAT FROM BODY REASON: the mail changes nothing, for that reason
  s=$(state)
  mail "$2" "$3"
  case $(dec) in *"not applied"*"$4"*) pass ;; *) fail "$1: refused with '$4'" ;; esac
  [ "$(state)" = "$s" ] && pass || fail "$1 changes nothing"
}

cli_mail alice@example.org "new game" "new chessme\nopponent bob@example.org\ncolour white" > "$tmp/m"
cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" >> "$tmp/m"
run "$TA" process -c "$C" "$tmp/m"
expect_rc "challenge" 0; expect_clean "challenge"
decoded > "$tmp/start"
python3 tests/chessme/secrecy.py "$tmp/start" "$tmp/data/games/1.json" > "$tmp/scan" && pass ||
  fail "secrecy at the start: $(cat "$tmp/scan")"
# the scan has teeth: bob's mail read as if it went to alice shows a hand not hers
to bob@example.org > "$tmp/bobs"
python3 tests/chessme/secrecy.py --to alice@example.org "$tmp/bobs" "$tmp/data/games/1.json" > "$tmp/scan" &&
  fail "the scan misses a hand shown to the wrong reader" || pass
case $(to alice@example.org) in *"Your hand: N P N"*"Piles: White 8 tiles, Black 8."*) pass ;;
  *) fail "alice holds N P N; both piles hold 8" ;; esac
case $(to bob@example.org) in *"Your hand: P P N"*) pass ;; *) fail "bob holds P P N" ;; esac
commit_w=$(to alice@example.org | sed -n 's/^ *White \([0-9a-f]\{64\}\)$/\1/p')   # under "Piles committed:"
commit_b=$(to bob@example.org | sed -n 's/^ *Black \([0-9a-f]\{64\}\)$/\1/p')
[ ${#commit_w} -eq 64 ] && [ ${#commit_b} -eq 64 ] && pass || fail "both commitments announced"
case $(to bob@example.org) in *"0  . . . . . ."*"1  . . K . . ."*"6  . . k . . ."*"g f e d c b"*) pass ;;
  *) fail "bob's diagram from his side: ranks 0 to 7, files g to b" ;; esac
case $(to alice@example.org) in *"6  . . . k . ."*"1  . . . K . ."*"b c d e f g"*) pass ;;
  *) fail "alice's diagram: ranks 7 to 0, files b to g" ;; esac
run "$TA" show -c "$C" --json 1
expect_rc "show --json while the piles are secret" 2
expect_err "show --json while the piles are secret" "holds the players' secrets"
run "$TA" show -c "$C" 1
case $out in *"Your hand"*|*NPNPRBRQPPB*|*NPN*) fail "show holds no hand nor pile" ;;
  *"4k3/8"*|*"a b c d e f g h"*) fail "show draws the tiles, not the engine's board" ;;
  *"6  . . . k . ."*"Position: w Ke1,Pc2,Pd2,Pe2,Pf2,ke6,pc5,pd5,pe5,pf5 ? ? - -"*"Piles: White 8 tiles"*) pass ;;
  *) fail "show: the position and the public facts" ;; esac

refused "out of turn" bob@example.org "c4" "it is not your turn"
refused "a placement without a move" alice@example.org "place N d1" "comes after your move"
refused "no castling" alice@example.org "O-O" "ChessMe has no castling"
refused "a square of one's own" alice@example.org "Kd2" "'Kd2': d2 is occupied by your own pawn"
refused "a long move with '-'" alice@example.org "e2-e3" "without '-' between its squares"
refused "a tile not in hand" alice@example.org "e3\nplace Q d1" "you hold no Queen"
refused "a tile beside a pawn" alice@example.org "e3\nplace N b2" "just behind one of your pawns"
refused "a pawn behind a pawn" alice@example.org "e3\nplace P d1" "beside one of your pawns"
refused "two placements" alice@example.org "e3\nplace N d1\nplace P b2" "one placement per turn"
refused "a claim" alice@example.org "e3\nclaim draw" "no draw to claim"
refused "a stale number" alice@example.org "2. e3" "this is move 1, not 2"
# a slip in a placement refuses the mail with its move: never the move without the tile
refused "a placement's slip" alice@example.org "e3\nplace N d1x" "line 2: place N d1x"
refused "a placement with a word" alice@example.org "e3\nplace N on d1" "write it as: place N d1"
refused "a placement of no tile" alice@example.org "e3\nplace X d1" "write it as: place N d1"
refused "a placement's long rank" alice@example.org "e3\nplace N d12345678901234567890" "write it as"
refused "a resignation in a sentence" alice@example.org "e3\nplace N d1\nWell played, I resign." "did you mean 'resign'?"
# ChessMe's own reasons, not the list of the legal moves; a square far past any other is
# read as the move it is, and refused
refused "a knight not on the table" alice@example.org "Nb1" "'Nb1': you have no knight on the table"
refused "a double step" alice@example.org "d4" "'d4': a pawn steps one square forward: ChessMe has no double step"
refused "a placement as the record writes it" alice@example.org "e3\nN@d1" "'N@d1': a placement is written 'place N d1'"
refused "a move far away" alice@example.org "Ke12345678901234567890" "'Ke12345678901234567890': no square lies that far"
refused "a far move after a move" alice@example.org "e3\nKe12345678901234567890" "one move per mail"

# the game: placements every turn but the last three; Black's pawn reaches rank 1, where
# White's king stands, and becomes the rook White took (6... d1=R+); 9. cxd5#
mail alice@example.org "1. d3\nplace P e3"
case $(to alice@example.org) in *"Your move 1. d3 P@e3 is recorded."*"You drew a Pawn."*"Your hand: N N P"*) pass ;;
  *) fail "alice's move, placement and draw" ;; esac
case $(to bob@example.org) in *"You drew"*) fail "bob is not told what alice drew" ;;
  *"White played 1. d3 P@e3."*"Piles: White 7 tiles, Black 8. In hand: White 3, Black 3."*) pass ;;
  *) fail "bob hears of the move and the piles' sizes" ;; esac
mail bob@example.org "c4\nplace pawn g5"
mail alice@example.org "d4\nplace P d3"
mail bob@example.org "e4\nplace P c5"
mail alice@example.org "Ke1f1\nplace N d2"
refused "a pawn on an occupied square" bob@example.org "e4e3" "'e4e3': a pawn captures diagonally, not straight ahead on e3"
mail bob@example.org "c3\nplace N d6."
mail alice@example.org "f3\nplace N f2"
mail bob@example.org "c4\nplace Q g6"
mail alice@example.org "dxc4\nplace R c1"
mail bob@example.org "cxd2\nplace R e5"
mail alice@example.org "dxe5\nplace Q c3"
case $(dec) in *"Captured: White's N; Black's P R"*) pass ;; *) fail "Black has taken a knight, White a pawn and a rook" ;; esac
refused "a promotion to a tile not captured" bob@example.org "d1=Q" "a pawn is exchanged only for a tile of yours"
mail bob@example.org "d1=R"
case $(to alice@example.org) in *"Black played 6... d1=R+."*"Captured: White's N; Black's P P"*"White is in check."*) pass ;;
  *) fail "the exchange: the rook comes back, the pawn goes to the captured tiles" ;; esac
mail alice@example.org "Kg2\nplace P d2"
mail bob@example.org "Nf7\nplace P h5"
mail alice@example.org "Qd4\nplace R c3"
mail bob@example.org "g4\nplace P c5"
mail alice@example.org "cxd5#"
case $(dec) in *"Game 1 is over: 1-0, checkmate."*) pass ;; *) fail "the mate ends the game" ;; esac
expect_clean "the game"

# -- the reveal: each commitment announced at the start, recomputed by the command shown
to bob@example.org > "$tmp/over"
for side in White Black; do
  cmd=$(sed -n "/^$side's pile: /,/| sha256sum\$/p" "$tmp/over" | sed '1,2d' | sed '1s/^ *//')
  want=$commit_w; [ $side = Black ] && want=$commit_b
  case $cmd in "printf '"*"' | sha256sum") ;; *) fail "$side's reveal command: $cmd" ;; esac
  got=$(sh -c "$cmd" | cut -d' ' -f1)
  [ "$got" = "$want" ] && pass || fail "$side's pile: sha256sum gives $got, the start announced $want"
done
grep -q "^White's pile: NPNPRBRQPPB " "$tmp/over" && grep -q "^Black's pile: PPNRQPPRBBN " "$tmp/over" &&
  pass || fail "both piles revealed"
case $(cat "$tmp/over") in *"[Variant \"chessme\"]"*"6. dxe5 Q@c3 d1=R+ 7. Kg2"*"9. cxd5#} 1-0"*) pass ;;
  *) fail "the record in the PGN comment" ;; esac
# the archive's PGN is that record, claiming no chess position (no [FEN], no move), and
# pgn-extract reads it without a complaint
run "$T" archive -c "$C" "$tmp/arch"
pgn=$(cat "$tmp/arch/game-1.pgn")
case $pgn in *"[FEN"*|*"[SetUp"*) fail "the ChessMe record claims a chess position: $pgn" ;;
  *'[Event "tempest game 1"]'*'[Date "2026.11.05"]'*'[Round "-"]'*'[Variant "chessme"]'*'[Termination "normal"]'*"{ChessMe"*"9. cxd5#} 1-0"*) pass ;;
  *) fail "the archive's PGN is the ChessMe record: $pgn" ;; esac
if [ -x /usr/games/pgn-extract ]; then
  /usr/games/pgn-extract "$tmp/arch/game-1.pgn" > "$tmp/px" 2>&1
  grep -q "1 game matched out of 1" "$tmp/px" && ! grep -qi "fail\|unknown\|error" "$tmp/px" && pass ||
    fail "pgn-extract reads the ChessMe record: $(cat "$tmp/px")"
fi
run "$TA" show -c "$C" --json 1
expect_rc "show --json after the end" 0
expect_out "the state file" '"position": "b Kg2,'

# -- the log replays to the same states
run "$TA" replay -c "$C" "$tmp/data/games/1.mbox" --into "$tmp/replayed"
expect_rc "replay" 0; expect_out "replay" "every recorded state reproduced"; expect_clean "replay"
cli_done t_chessme
