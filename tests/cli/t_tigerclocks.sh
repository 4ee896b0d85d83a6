#!/bin/sh
# TigerClocks (TigerChess rule 11) through `tempest tick` with an injected "now": the
# deployment allowance, a Warlord out of it losing the right to post (his opponent posts
# the rest, anywhere on the lapsed Warlord's third or fourth rank, a Royal Guard too), the
# engagement time added to what is left, a reserve built by each move with main time left
# and spent only after it, none built in the reserve, the loss on time at the exact second;
# every time doubled under the TigerVariation, and both Warlords out of deployment time;
# the game points in `tempest list`.
. tests/cli/lib.sh
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
C=$tmp/conf
export TEMPEST_NOW=2026-11-05T12:00:00Z

send() {        # send TIME FROM GAME TOKEN BODY
  cli_game_mail $3 "$2" "$4" "$5" > "$tmp/m"
  TEMPEST_NOW=$1 run "$TA" process -c "$C" "$tmp/m"
}
tick() { TEMPEST_NOW=$1 run "$TA" tick -v -c "$C"; }
quiet() {       # quiet TIME TEXT WHAT: a tick at TIME says nothing of TEXT
  tick "$1"
  case $out in *"$2"*) fail "$3" ;; *) pass ;; esac
}
show() { TEMPEST_NOW=$1 run "$T" show -c "$C" "$2"; }
says() {        # says WHAT TEXT: the last output's mails (decoded) contain TEXT
  case $(flat "$(decoded)") in *"$(flat "$2")"*) pass ;; *) fail "$1: the mails lack '$2'" ;; esac
}

# games 1-3 are plain (game 1: Dragon), game 4 a TigerCountdown (the demo key)
: > "$tmp/c"
for i in 1 2 3 4; do
  cli_mail alice@example.org "new game" "new tigerchess\nopponent bob@example.org\ncolour white" >> "$tmp/c"
done
run "$T" process -c "$C" "$tmp/c"
: > "$tmp/a"
for g in 1 4; do
  cli_mail bob@example.org "Re: [tempest $g $(cli_token $g bob@example.org)] x" "accept" >> "$tmp/a"
done
run "$TA" process -c "$C" "$tmp/a"
says "the variant's TigerClocks" "Time (deployment 5 days + 25 days, reserve 1 day per move): you have 5 days"
says "doubled under the TigerVariation" "Time (deployment 10 days + 50 days, reserve 2 days per move): you have 10 days"
A1=$(cli_token 1 alice@example.org); B1=$(cli_token 1 bob@example.org)
A4=$(cli_token 4 alice@example.org); B4=$(cli_token 4 bob@example.org)

# -- game 1: the Siberian posts first and lets his 5 days run out
quiet 2026-11-10T11:59:59Z "deployment time has run out" "not a second early"
tick 2026-11-10T12:00:00Z
says "out of deployment time" "The Siberian Warlord's deployment time has run out: he may post no more; the Bengal Warlord posts the rest of his personnel."
# the notice says which piece is posted next, by whom, on which squares, over the board
says "the notice names the piece" 'Next: the Bengal Warlord posts the Siberian Swordsman 1 ("post SQUARE") on one of: a5 b5'
says "the notice's squares" "g6 h6 (16 squares)"
says "the notice's board" "Siberian Forest Clearing, captured (rule 7): none"
says "the notice's sides" "alice@example.org (Bengal) v bob@example.org (Siberian)"
show 2026-11-10T12:00:00Z 1
expect_out "the game goes on" "Status: playing"
expect_out "the Bengal posts for him" 'Next: the Bengal Warlord posts the Siberian Swordsman 1 ("post SQUARE")'
expect_out "his time is spent" "Siberian: no time left"
send 2026-11-11T11:00:00Z bob@example.org 1 "$B1" "post c6"
says "the lapsed Warlord may not post" "the next Swordsman is the Bengal Warlord's to post"
# every posting in one mail: b6 is no Dragon square for the Siberian (his first, c6, is
# light), but the Bengal posts his anywhere on the Siberian's fifth and sixth ranks
send 2026-11-11T12:00:00Z alice@example.org 1 "$A1" "post c6 a3 c3 b6 h5 e3 g3 d5"
says "posted for him" "Siberian Swordsman 1 posted on c6."
says "any square of his ranks" "Siberian Swordsman 2 posted on b6."
says "the engagement" "The deployment phase is over"
show 2026-11-11T12:00:00Z 1
# Bengal: 5 - 1 + 25 days; Siberian: nothing left of his deployment time + 25 days
expect_out "engagement time added" "Bengal: 29 days left, due Thu 10 Dec 2026 12:00 UTC"
expect_out "from nothing" "Siberian: 25 days left"
send 2026-11-12T12:00:00Z alice@example.org 1 "$A1" "f4"

# -- game 4 (doubled) meanwhile: the Siberian's Guard is posted for him; then the Bengal
# runs out too: nobody is left to post and the loss on time applies (6 points,
# TigerVariation 6)
quiet 2026-11-15T11:59:59Z "deployment time has run out" "ten days, not five"
tick 2026-11-15T12:00:00Z
says "ten days" "The Siberian Warlord's deployment time has run out"
send 2026-11-16T12:00:00Z alice@example.org 4 "$A4" "guard e"
says "his Guard posted for him" "The Siberian Royal Guard is posted to the E wing of his Palace"
show 2026-11-16T12:00:00Z 4
expect_out "her own next" "Bengal: 9 days left, due Wed 25 Nov 2026 12:00 UTC"
tick 2026-11-25T12:00:00Z
says "both out of deployment time" "they lose on time"
show 2026-11-25T12:00:00Z 4
expect_out "6 points" "Game points: Bengal 0, Siberian 6."

# -- game 1 goes on: the Siberian spends most of his main time, then his reserve
send 2026-12-02T12:00:00Z bob@example.org 1 "$B1" "e5"
send 2026-12-03T12:00:00Z alice@example.org 1 "$A1" "d3"
show 2026-12-03T12:00:00Z 1
expect_out "main time and reserve" "Bengal: 29 days left"
expect_out "20 days used, 1 built" "Siberian: 6 days left, due Wed 09 Dec 2026 12:00 UTC"
send 2026-12-08T12:00:00Z bob@example.org 1 "$B1" "d6"
show 2026-12-08T12:00:00Z 1
expect_out "a move in the reserve builds none" "Siberian: 1 day left"
send 2026-12-08T13:00:00Z alice@example.org 1 "$A1" "h3"
quiet 2026-12-09T12:59:59Z "ran out" "the reserve lasts to the second"
tick 2026-12-09T13:00:00Z
says "the reserve gone, the game is lost" "they lose on time"
show 2026-12-09T13:00:00Z 1
expect_out "loss on time: 3 points" "Game points: Bengal 3, Siberian 0."
# a challenge may name its own phased control (and Fischer's: "time fischer" is an order)
cli_mail alice@example.org "new game" "new tigerchess\nopponent carol@example.org\ntime deployment 2 days + 10 days, reserve 1 day per move" > "$tmp/c"
cli_mail alice@example.org "new game" "new chess\nopponent carol@example.org\ntime fischer 5 days + 1 day" >> "$tmp/c"
TEMPEST_NOW=2026-12-09T13:00:00Z run "$T" process -c "$C" "$tmp/c"
show 2026-12-09T13:00:00Z 5
expect_out "the challenge's control" "Time control: deployment 2 days + 10 days, reserve 1 day per move"
show 2026-12-09T13:00:00Z 6
expect_out "time fischer" "Time control: fischer 5 days + 1 day"
# `tempest list` gives each finished game's points beside its result
run "$T" list -c "$C"
case $out in *"1-0, points 3-0"*"0-1, points 0-6"*) pass ;; *) fail "the points in list" ;; esac
# the game logs replay to the same states
for g in 1 4; do
  run "$TA" replay -c "$C" "$tmp/data/games/$g.mbox" --into "$tmp/replay$g"
  expect_out "game $g replays" "every recorded state reproduced"
done
expect_clean "no sanitizer report"
cli_done t_tigerclocks
