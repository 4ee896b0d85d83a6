#!/bin/sh
# A player's own bookkeeping before a move in the same mail (a time zone, a vacation, a
# password) does not hide the move: the opponent is told of it, with the notes that concern
# them, and the mover gets their own note with the move.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
cli_game "$tmp/conf"

cli_game_mail 1 alice@example.org "$WT" "timezone Europe/Paris\ne4" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
[ "$(decoded | grep -c '^X-Tempest-Kind: moved')" -eq 2 ] && pass || fail "time zone then move: both told of the move"
case $(decoded) in *"Your time zone is now Europe/Paris"*) pass ;; *) fail "the mover's own note kept" ;; esac
[ "$(decoded | grep -c 'time zone is now')" -eq 1 ] && pass || fail "the time zone note to the mover only"
cli_game_mail 1 bob@example.org "$BT" "vacation 3 days\ne5" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
[ "$(decoded | grep -c '^X-Tempest-Kind: moved')" -eq 2 ] && pass || fail "vacation then move: both told of the move"
[ "$(decoded | grep -c 'Black is on vacation until')" -eq 2 ] && pass || fail "both told of the vacation"
cli_game_mail 1 alice@example.org "$WT" "password Secret99\nNf3" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
[ "$(decoded | grep -c '^X-Tempest-Kind: moved')" -eq 2 ] && pass || fail "password then move: both told of the move"
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: 1. e4 e5 2. Nf3$' && pass || fail "the three moves applied"
# a player who writes prose without the token (a new mail naming the game) is answered
# too, at their own address
cli_mail bob@example.org "about our game" "game 1\nI need a few days to think." > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(decoded) in *"To: bob@example.org"*"I found no order in your mail"*) pass ;;
  *) fail "a player's prose without the token is answered" ;; esac
cli_mail mallory@evil.example "about game 1" "game 1\nnice game" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
[ -z "$out" ] && pass || fail "a stranger's prose naming a game is not answered"
cli_done t_notes
