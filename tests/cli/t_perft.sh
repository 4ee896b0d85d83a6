#!/bin/sh
# tempest perft: counts, divide, suites, and every way the arguments can be wrong.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run "$T" perft startpos 3
expect_rc "startpos 3" 0; expect_out "startpos 3" "Nodes searched: 8902"
run "$T" perft "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -" 2
expect_out "kiwipete 2" "Nodes searched: 2039"
run "$T" perft --divide startpos 2
expect_rc "divide" 0; expect_out "divide" "e2e4: 20"; expect_out "divide" "g1f3: 20"
expect_out "divide total" "Nodes searched: 400"
[ "$(printf '%s\n' "$out" | grep -c ': 20$')" -eq 20 ] && pass || fail "divide lists 20 moves"
run "$T" perft --variant lancer --divide startpos 1
expect_out "lancer divide" "g1g3: 1"; expect_out "lancer divide" "b1d3: 1"
expect_out "lancer total" "Nodes searched: 18"
run "$T" perft --variant knightmare "4k3/8/8/8/8/8/8/K3P3 w - - 0 1" 1
expect_out "knightmare first-rank pawn" "Nodes searched: 5"
run "$T" perft --variant rules/knightmare.json "4k3/8/8/8/8/8/8/K3P3 w - - 0 1" 1
expect_out "variant by path" "Nodes searched: 5"
run "$T" perft startpos 0
expect_out "depth 0" "Nodes searched: 1"

# suites: a pass, a failure, a malformed line
printf '# comment\n\nstartpos ;D1 20 ;D2 400\n' > "$tmp/good.epd"
run "$T" perft --suite "$tmp/good.epd"
expect_rc "good suite" 0; expect_out "good suite" "2 passed, 0 failed"
printf 'startpos ;D1 20 ;D2 401\n' > "$tmp/bad.epd"
run "$T" perft --suite "$tmp/bad.epd"
expect_rc "failing suite" 1; expect_out "failing suite" "FAIL D2 got 400 expected 401"
expect_out "failing suite" "1 passed, 1 failed"
printf 'startpos ;D1 20\nnot a fen ;D1 1\nstartpos D2 400\n' > "$tmp/ugly.epd"
run "$T" perft --suite "$tmp/ugly.epd"
expect_rc "malformed suite" 1; expect_out "malformed suite" "1 passed, 2 failed"
expect_err "malformed suite" "bad FEN"; expect_err "malformed suite" "line 3: no ';D1 n' entries"
run "$T" perft --suite "$tmp/good.epd" --max-depth 1
expect_out "max depth" "1 passed, 0 failed"

# wrong arguments: exit 2 with a reason, never a crash (checked under the sanitizers)
for bin in "$T" "$TA"; do
  run "$bin" perft "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq -" 2
  expect_rc "bad FEN" 2; expect_err "bad FEN" "bad FEN: 'X' is not a piece of chess"; expect_clean "bad FEN"
  run "$bin" perft --variant nosuch startpos 1
  expect_rc "unknown variant" 2; expect_err "unknown variant" "nosuch.json: cannot read the file"
  run "$bin" perft --variant tests/rules-bad/bad-betza.json startpos 1
  expect_rc "bad variant" 2; expect_err "bad variant" "pieces[1].betza"; expect_clean "bad variant"
  run "$bin" perft --variant tests/rules-bad/truncated.json startpos 1
  expect_rc "truncated variant" 2; expect_err "truncated variant" "truncated.json:2:"
  run "$bin" perft --variant tests/rules-bad/garbage.json startpos 1
  expect_rc "garbage variant" 2; expect_clean "garbage variant"
  run "$bin" perft --variant ../../etc/passwd startpos 1
  expect_rc "path-like name" 2
  run "$bin" perft startpos many
  expect_rc "bad depth" 2; expect_err "bad depth" "depth 'many' is not a number"
  run "$bin" perft startpos
  expect_rc "missing depth" 2; expect_err "missing depth" "usage: tempest perft"
  run "$bin" perft --suite "$tmp/none.epd"
  expect_rc "missing suite" 2; expect_err "missing suite" "cannot read"
done
run "$T" perft --help
expect_rc "help" 0; expect_out "help" "usage: tempest perft"
run "$T" --help
expect_rc "main help" 0; expect_out "main help" "perft"
run "$T" frobnicate
expect_rc "unknown command" 2; expect_err "unknown command" "unknown command 'frobnicate'"
run "$T"
expect_rc "no command" 2
cli_done t_perft
