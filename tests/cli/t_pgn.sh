#!/bin/sh
# The PGN of the referee's end mail, read back by pgn-extract (which exits 0 on errors: its
# error output is what is checked): the demo's chess game, mate found; its Tempête game,
# where a card took the first move back, written as two PGN games cut at the card's edit
# (PGN movetext cannot say that a position goes back or that a piece appears), each from
# the position it starts in; both Tempête games and a LancerChess game read back by ffish
# (Fairy-Stockfish) with the variants.ini of `tempest export-variants`.
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
grep -qi 'error\|illegal\|failed' "$tmp/chess.err" && fail "chess: pgn-extract: $(head -3 "$tmp/chess.err")" || pass
grep -q 'Qxf7#' "$tmp/chess.out" && pass || fail "chess: pgn-extract finds the mate"
pgn 3 > "$tmp/tempete.pgn"
[ "$(grep -c '^\[Event ' "$tmp/tempete.pgn")" -eq 2 ] && pass || fail "Tempête: two PGN games, cut at the card's edit"
grep -q '^{a card restores the position before it} 1. d4 d5 0-1$' "$tmp/tempete.pgn" && pass ||
  fail "Tempête: the second opens with the edit as a comment"
"$PE" -s "$tmp/tempete.pgn" > "$tmp/tempete.out" 2> "$tmp/tempete.err"
grep -qi 'error\|illegal\|failed' "$tmp/tempete.err" && fail "Tempête: pgn-extract: $(head -5 "$tmp/tempete.err")" || pass
[ "$(grep -c '^\[Event ' "$tmp/tempete.out")" -eq 2 ] && grep -q '1. d4 d5 0-1' "$tmp/tempete.out" && pass ||
  fail "Tempête: pgn-extract reads both games back, the moves in them"
# the Tempête game's last stretch, replayed by pgn-extract, ends in the game's final position
"$PE" -s -F "$tmp/tempete.pgn" > "$tmp/tempete-fen.out" 2>&1
final=$(sed -n 's/^{ *"\{0,1\}\([^ "]*\) [wb] .*/\1/p' "$tmp/tempete-fen.out" | tail -n 1)
want=$("$T" show -c examples/demo-tempete.conf 1 | sed -n 's/^FEN: *\([^ ]*\) .*/\1/p')
[ -n "$final" ] && [ "$final" = "$want" ] && pass || fail "Tempête: pgn-extract replays to the final position: '$final', want '$want'"
ffish_reads Tempête "$tmp/tempete.pgn" "$("$T" show -c examples/demo-tempete.conf 1 | sed -n 's/^FEN: //p')" \
  "2 games, 3 moves"

# a LancerChess game: SAN movetext in the variant's letters, [Variant] its name, [FEN] a
# position `tempest perft` takes; read back by ffish (Fairy-Stockfish) with the variants.ini
# of `tempest export-variants`, every move, to the referee's final position. Castling is
# written as PGN readers read it: the Queen's d1-b1 (the rules' "O-O") is "O-O-O".
cli_referee "$tmp/l"
w() { cli_mail alice@example.org "Re: [tempest 1 $WT] game" "$1"; }
b() { cli_mail bob@example.org "Re: [tempest 1 $BT] game" "$1"; }
{
  cli_mail alice@example.org "new game" "new lancer\nopponent bob@example.org\ncolour white"
  cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept"
  for m in d4 e5 Md3 exd4 Bf4 Lg6 O-O Bb4 Lg3 Bxe1 Txe1 Md6 Bxd6 Lg4 Bxc7 Qxc7; do
    if [ "${side:-w}" = w ]; then w "$m"; side=b; else b "$m"; side=w; fi
  done
} > "$tmp/lancer.in"
run "$T" process -c "$tmp/l/conf" "$tmp/lancer.in"
w resign > "$tmp/resign.in"
run "$T" process -c "$tmp/l/conf" "$tmp/resign.in"
decoded | awk '/^The game in PGN:/ { p = 1; n++; next } p && /^Thank you/ { p = 0 } p && n == 1' > "$tmp/lancer.pgn"
grep -q '^\[Variant "lancer"\]' "$tmp/lancer.pgn" && pass || fail "LancerChess: the PGN names the variant"
fen=$(sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$tmp/lancer.pgn")
[ "$fen" = "tmbqkblt/pppppppp/8/8/8/8/PPPPPPPP/TMBQKBLT w KQkq - 0 1" ] && pass ||
  fail "LancerChess: [FEN] holds the start: '$fen'"
"$T" perft --variant lancer "$fen" 1 > /dev/null 2>&1 && pass || fail "LancerChess: tempest perft takes the [FEN]"
tr '\n' ' ' < "$tmp/lancer.pgn" | grep -q '1\. d4 e5 2\. Md3 exd4 .*4\. O-O-O Bb4 .*8\. Bxc7+ Qxc7 0-1' && pass ||
  fail "LancerChess: the moves as movetext: $(cat "$tmp/lancer.pgn")"
grep -q '{' "$tmp/lancer.pgn" && fail "LancerChess: no comment in a game without cards" || pass
final=$("$T" show -c "$tmp/l/conf" 1 | sed -n 's/^FEN: //p')
ffish_reads LancerChess "$tmp/lancer.pgn" "$final" "1 game, 16 moves"
cli_done t_pgn
