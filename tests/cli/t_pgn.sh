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
cli_done t_pgn
