#!/bin/sh
# The PGN of the referee's end mail, read back by pgn-extract (which exits 0 on errors: its
# error output is what is checked): the demo's chess game, mate found; its Tempête game,
# where a card took the first move back, written as two PGN games cut at the card's edit
# (PGN movetext cannot say that a position goes back or that a piece appears), each from
# the position it starts in.
. tests/cli/lib.sh
PE=/usr/games/pgn-extract
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
[ -x "$PE" ] || { echo "t_pgn: no $PE (apt-get install pgn-extract)"; echo "t_pgn: 0 passed, 1 failed"; exit 1; }
run sh examples/demo.sh
expect_rc "the demo" 0
decoded > "$tmp/demo.txt"
pgn() {         # pgn N: the PGN of the N-th end mail of the demo
  awk -v k="$1" '/^The game in PGN:/ { p = 1; n++; next } p && /^Thank you/ { p = 0 } p && n == k' \
    "$tmp/demo.txt"
}
pgn 1 > "$tmp/chess.pgn"
"$PE" -s --checkmate "$tmp/chess.pgn" > "$tmp/chess.out" 2> "$tmp/chess.err"
grep -qi 'error\|illegal\|failed' "$tmp/chess.err" && bad "chess: pgn-extract: $(head -3 "$tmp/chess.err")" || ok
grep -q 'Qxf7#' "$tmp/chess.out" && ok || bad "chess: pgn-extract finds the mate"
pgn 3 > "$tmp/tempete.pgn"
[ "$(grep -c '^\[Event ' "$tmp/tempete.pgn")" -eq 2 ] && ok || bad "Tempête: two PGN games, cut at the card's edit"
grep -q '^{a card restores the position before it} 1. d4 d5 0-1$' "$tmp/tempete.pgn" && ok ||
  bad "Tempête: the second opens with the edit as a comment"
"$PE" -s "$tmp/tempete.pgn" > "$tmp/tempete.out" 2> "$tmp/tempete.err"
grep -qi 'error\|illegal\|failed' "$tmp/tempete.err" && bad "Tempête: pgn-extract: $(head -5 "$tmp/tempete.err")" || ok
[ "$(grep -c '^\[Event ' "$tmp/tempete.out")" -eq 2 ] && grep -q '1. d4 d5 0-1' "$tmp/tempete.out" && ok ||
  bad "Tempête: pgn-extract reads both games back, the moves in them"
# the Tempête game's last stretch, replayed by pgn-extract, ends in the game's final position
"$PE" -s -F "$tmp/tempete.pgn" > "$tmp/tempete-fen.out" 2>&1
final=$(sed -n 's/^{ *"\{0,1\}\([^ "]*\) [wb] .*/\1/p' "$tmp/tempete-fen.out" | tail -n 1)
want=$("$T" show -c examples/demo-tempete.conf 1 | sed -n 's/^FEN: *\([^ ]*\) .*/\1/p')
[ -n "$final" ] && [ "$final" = "$want" ] && ok || bad "Tempête: pgn-extract replays to the final position: '$final', want '$want'"

# a LancerChess game: PGN cannot name its pieces, so its moves and start are words in a
# comment, which pgn-extract reads without an error
cli_referee "$tmp/l"
{
  cli_mail alice@example.org "new game" "new lancer\nopponent bob@example.org\ncolour white"
  cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept"
  cli_mail alice@example.org "Re: [tempest 1 $WT] game" "e4"
  cli_mail bob@example.org "Re: [tempest 1 $BT] game" "e5"
  cli_mail alice@example.org "Re: [tempest 1 $WT] game" "Lg3"
  cli_mail bob@example.org "Re: [tempest 1 $BT] game" "resign"
} > "$tmp/lancer.in"
run "$T" process -c "$tmp/l/conf" "$tmp/lancer.in"
decoded | awk '/^The game in PGN:/ { p = 1; n++; next } p && /^Thank you/ { p = 0 } p && n == 1' > "$tmp/lancer.pgn"
grep -q '^\[Variant "LancerChess"\]' "$tmp/lancer.pgn" && ok || bad "LancerChess: the PGN names the variant"
tr '\n' ' ' < "$tmp/lancer.pgn" | grep -q '1\. e4 e5 2\. Lg3} 1-0' && ok || bad "LancerChess: the moves in a comment"
"$PE" -s "$tmp/lancer.pgn" > "$tmp/lancer.out" 2> "$tmp/lancer.err"
[ -s "$tmp/lancer.err" ] && bad "LancerChess: pgn-extract: $(head -3 "$tmp/lancer.err")" || ok
grep -q 'Lg3' "$tmp/lancer.out" && ok || bad "LancerChess: pgn-extract keeps the comment"
cli_done t_pgn
