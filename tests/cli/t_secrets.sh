#!/bin/sh
# What a referee must not give away: a password, in any of the ways players write it, is
# in no file of the data directory, yet works; `test` from someone who is not a player
# says nothing of a game (not even that it exists); an address longer than SMTP allows is
# refused, never cut to another address.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
qp() { decoded; }
cli_referee "$tmp"
D=$tmp/data
cli_game "$tmp/conf"

# -- passwords, as players write them
i=0
for line in "password: Hunter2x" "PASSWORD: Abcdefg9" "Password. Zyxwvut7" "  password   Qwerty55" \
            "> password Quoted11"; do
  i=$((i + 1))
  secret=$(printf '%s' "$line" | sed 's/.* //')
  cli_game_mail 1 alice@example.org "$WT" "$line" > "$tmp/p$i.mbox"
  run "$T" process -c "$tmp/conf" "$tmp/p$i.mbox"
  expect_rc "'$line'" 0
  grep -rqF -- "$secret" "$D" && fail "'$line': the password is in the data directory ($(grep -rlF -- "$secret" "$D" | head -2))" || pass
done
# the last password set by an order works without the token ("> ..." is a quote: no order)
cli_mail alice@example.org "about game 1" "game 1\npassword Qwerty55\ne4" > "$tmp/pw.mbox"
run "$T" process -c "$tmp/conf" "$tmp/pw.mbox"
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: 1. e4$' && pass || fail "the password set with blanks works"
grep -rqF Qwerty55 "$D" && fail "the password used is in the data directory" || pass

# -- test from a stranger naming a game: nothing about it (a stranger's test gets no
# answer at all, t_robots.sh)
cli_mail mallory@evil.example "hello" "game 1\ntest" > "$tmp/t.mbox"
run "$T" process -c "$tmp/conf" "$tmp/t.mbox"
case $(qp) in *alice@example.org*|*bob@example.org*) fail "test to a stranger names the players" ;; *) pass ;; esac
case $(qp) in *"Game:"*|*"game 1 "*|*"tempest 1"*) fail "test to a stranger speaks of game 1" ;; *) pass ;; esac
# ... while a player's test shows the game
cli_game_mail 1 bob@example.org "$BT" "test" > "$tmp/t2.mbox"
run "$T" process -c "$tmp/conf" "$tmp/t2.mbox"
expect_out "a player's test names the game" "Game:     1"

# -- addresses longer than 254 characters
long=$(printf 'a%.0s' $(seq 1 250))@example.org
cli_mail carol@example.org "a game" "new chess\nopponent $long" > "$tmp/l.mbox"
run "$T" process -c "$tmp/conf" "$tmp/l.mbox"
case $(flat "$(qp)") in *"more than the 254 a mail address may have"*) pass ;;
  *) fail "an opponent's address too long: refused, saying why" ;; esac
[ "$(ls "$D/games" | grep -c '\.json$')" -eq 1 ] && pass || fail "no game made for it"
cli_mail "$long" "a game" "new chess\nopponent dave@example.org" > "$tmp/l2.mbox"
run "$T" process -c "$tmp/conf" "$tmp/l2.mbox"
expect_rc "a sender too long" 0
[ -z "$out" ] && pass || fail "a sender too long gets no reply (to some other, cut address)"
run "$T" new -c "$tmp/conf" chess "$long" erin@example.org
[ "$rc" -ne 0 ] && pass || fail "tempest new refuses an address too long"
expect_err "tempest new says why" "more than the 254"
cli_done t_secrets
