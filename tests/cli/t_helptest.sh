#!/bin/sh
# `help` and `test` from a player: answered as the player (their token in the subject, so
# that replying to them works), `test` knowing who they are and saying what the same mail
# applied, `help` listing the orders of the game's own kind (a card game's).
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
body() { decoded; }
cli_referee "$tmp"
cli_game "$tmp/conf"

cli_game_mail 1 alice@example.org "$WT" "e4\ntest" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
body | grep -q "^Subject: \[tempest 1 $WT\] what I read in your mail" && pass || fail "test's reply carries the player's token"
case $(body) in *"Identity: White, by token"*) pass ;; *) fail "test knows who the player is" ;; esac
case $(body) in *"other orders of this mail were"*"applied"*) pass ;; *) fail "test says the move was applied" ;; esac
case $(body) in *'A "test" mail changes nothing'*) fail "test says nothing changed" ;; *) pass ;; esac
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: 1. e4$' && pass || fail "the move applied"
cli_game_mail 1 bob@example.org "$BT" "test" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(body) in *"Identity: Black, by token"*) pass ;; *) fail "a test alone: Black is known" ;; esac
case $(body) in *'A "test" mail changes nothing'*) pass ;; *) fail "a test alone changes nothing" ;; esac
cli_game_mail 1 bob@example.org "$BT" "help" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
body | grep -q "^Subject: \[tempest 1 $BT\] how to play" && pass || fail "help's reply carries the token"
# a reply to that help mail, with a move, works (the token is the player's)
cli_mail bob@example.org "Re: [tempest 1 $BT] how to play by mail" "e5" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: 1. e4 e5$' && pass || fail "a reply to help moves"

# a Tempête game: help lists the card orders
cli_mail carol@example.org "new game" "new tempete\nopponent dave@example.org\ncolour white\ncards 1-12" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(body) in *"Cards:     1-10 12 (11 in use)"*) pass ;; *) fail "the invitation shows the agreed cards" ;; esac
tok=$(body | sed -n 's/^Subject: \[tempest 2 \([a-z0-9]*\)\] .*challenge to dave.*/\1/p' | head -1)
dtok=$(body | sed -n 's/^Subject: \[tempest 2 \([a-z0-9]*\)\] carol.*/\1/p' | head -1)
cli_mail dave@example.org "Re: [tempest 2 $dtok] invitation" "accept" > "$tmp/m2"
run "$T" process -c "$tmp/conf" "$tmp/m2"
case $(body) in *"The cards in use: 1-10 12 (11 cards)"*'("numbers 2 4 6 8 11")'*) pass ;;
  *) fail "the start mail: the cards, and example numbers valid for N = 11 (card 11 is not played)" ;; esac
cli_game_mail 2 carol@example.org "$tok" "help" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(body) in *"you may also write:"*"list N N ..."*"card ..."*"take N"*) pass ;; *) fail "help lists the card orders" ;; esac
# a stranger's help: to the address, no token, no game's orders
cli_mail mallory@evil.example "hello" "help" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
body | grep -q '^Subject: \[tempest\] how to play' && pass || fail "a stranger's help carries no token"
cli_done t_helptest
