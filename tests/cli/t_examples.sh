#!/bin/sh
# t_examples.sh: every order a mail tells a player to write is read, in every kind and
# every language the referee writes (docs/orders.md "Languages"): the examples of the help
# and the "write ..." and "answer ..." of the mails of a game of each kind, played to a
# point where they apply, each sent back by their reader and read as an order, not passed
# over as prose nor refused for its words (tests/cli/examples.py says how they are found).
# Prints how many were tried, per kind and language.
. tests/cli/lib.sh
export LC_ALL=C
unset LANG LANGUAGE
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

# KIND MAILS READER: the golden game, its first MAILS mails played (a point in play, with
# an interception or a draw offer to answer where the game has one)
for game in "chess-game 9 alice@example.org" "tempete 6 alice@example.org" \
	    "knightmare 15 alice@example.org" "chessme 5 alice@example.org" \
	    "tigerchess 9 alice@example.org" "tigerchess 16 bob@example.org" \
	    "perplexichess 13 ws@example.org" "perplexichess 13 w1@example.org"; do
	set -- $game
	for lang in en fr de; do
		dir=$tmp/$1-$2-$lang-${3%@*}
		python3 tests/cli/examples.py "$T" "$1" "$lang" "$2" "$3" "$dir" > "$dir.out" 2>&1
		n=$(sed -n 's/^count [^ ]* [^ ]* //p' "$dir.out")
		[ -n "$n" ] && [ "$n" -ge 10 ] && pass ||
			fail "$1 ($lang, ${3%@*}): examples not found: $(tail -n 3 "$dir.out")"
		grep '^bad' "$dir.out" | while read -r line; do echo "  $line"; done
		[ "$(grep -c '^bad' "$dir.out")" -eq 0 ] && pass ||
			fail "$1 ($lang, ${3%@*}): an example not read as an order"
		echo "  examples: $1 after $2 mails, $lang, ${3%@*}: ${n:-0}"
	done
done
cli_done t_examples
