#!/bin/sh
# `tempest export-variants` read by Debian 12's fairy-stockfish 11.1 (the one `make bench`
# compares with; docs/orders.md, PGN): every section that needs no customPiece loads and
# counts the same moves as tempest (perft 3), its pieces the engine's own types (a test
# variant with one piece of each: tests/fsf/); a section that needs a customPiece, which
# 11.1 does not read, says that it needs Fairy-Stockfish 13.1 or later; the file names no
# path of the machine that wrote it.
. tests/cli/lib.sh
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
FSF=${FSF:-/usr/games/fairy-stockfish}

fsf_perft() {   # fsf_perft INI VARIANT FEN: the node count of Debian's binary at depth 3
  printf 'uci\nsetoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition %s\ngo perft 3\nquit\n' \
    "$1" "$2" "$3" | "$FSF" 2>/dev/null | sed -n 's/^Nodes searched: //p'
}
ours() {        # ours [--rules DIR] VARIANT FEN
  "$T" perft "$@" 3 2>/dev/null | sed -n 's/^Nodes searched: //p'
}
[ -x "$FSF" ] && pass || fail "no $FSF (make deps installs fairy-stockfish)"

run "$T" export-variants
expect_rc "export-variants" 0
printf '%s\n' "$out" > "$tmp/all.ini"
case $out in *"$TEMPEST_RULES_DIR"*|*"$(pwd)"*) fail "the file names this machine's rules path" ;; *) pass ;; esac

for v in $(sed -n 's/^\[\([a-z0-9-]*\):chess\]$/\1/p' "$tmp/all.ini"); do
  section=$(sed -n "/^\\[$v:chess\\]/,/^\$/p" "$tmp/all.ini")
  note=$(grep -B3 "^\\[$v:chess\\]" "$tmp/all.ini")
  case $section in
    *customPiece*)
      case $note in *"need Fairy-Stockfish 13.1 or later"*"11.1 (Debian 12) cannot load this section"*) pass ;;
        *) fail "$v needs a customPiece and says which Fairy-Stockfish reads it" ;; esac ;;
    *)
      case $note in *"13.1"*) fail "$v loads in 11.1 and says it does not" ;; *) pass ;; esac ;;
  esac
  n=$(fsf_perft "$tmp/all.ini" "$v" startpos)
  case $section in *customPiece*) [ "$v" = lancer ] && continue ;; esac
  [ -n "$n" ] && [ "$n" = "$(ours --variant "$v" startpos)" ] && pass ||
    fail "$v: Debian's fairy-stockfish counts '$n' at depth 3, tempest $(ours --variant "$v" startpos)"
done
# LancerChess's Queen's Lancer is the engine's fersAlfil; its King's Lancer (WD) no type of
# 11.1 moves as
grep -q '^fersAlfil = m$' "$tmp/all.ini" && grep -q '^customPiece1 = l:WD$' "$tmp/all.ini" && pass ||
  fail "LancerChess: fersAlfil for the Queen's Lancer, a customPiece for the King's"
# Knightmare Chess's Changeling (U) and Frozen piece (Z) on the board, 11.1 reading both
for fen in "rnbqkbnr/pppppppp/8/8/3U4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" \
  "rnbqkbnr/pppppppp/8/8/3Z4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"; do
  n=$(fsf_perft "$tmp/all.ini" knightmare-cards "fen $fen")
  [ -n "$n" ] && [ "$n" = "$(ours --variant knightmare-cards "$fen")" ] && pass ||
    fail "knightmare-cards with $fen: Debian's fairy-stockfish counts '$n', tempest $(ours --variant knightmare-cards "$fen")"
done

# every type of the engine's own that the export names, moving as tempest moves it
run "$T" export-variants --rules tests/fsf
printf '%s\n' "$out" > "$tmp/own.ini"
case $out in *customPiece*) fail "the test variant's pieces are all the engine's own types" ;; *) pass ;; esac
for fen in startpos "fen k7/8/3Y4/8/1h1E1x2/8/8/6DK w - - 0 1"; do
  n=$(fsf_perft "$tmp/own.ini" fsfbuiltin "$fen")
  f=${fen#fen }
  [ -n "$n" ] && [ "$n" = "$(ours --rules tests/fsf --variant fsfbuiltin "$f")" ] && pass ||
    fail "fsfbuiltin ($fen): Debian's fairy-stockfish counts '$n', tempest $(ours --rules tests/fsf --variant fsfbuiltin "$f")"
done
cli_done t_fsf
