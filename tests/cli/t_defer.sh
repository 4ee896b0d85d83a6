#!/bin/sh
# max_replies_per_sender defers, it does not drop: notices that a game changed all go out,
# at most that many to one address a run, in order; answers to mails that changed nothing
# (an auto-responder's loop) are capped per run and dropped beyond it.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp" "max_replies_per_sender = 2" "max_answers_per_day = 3"
D=$tmp/data
cli_game "$tmp/conf"

# six moves in one run: twelve notices, six to each player
: > "$tmp/moves.mbox"
for m in e4:e5 Nf3:Nc6 Bb5:a6; do
  cli_game_mail 1 alice@example.org "$WT" "${m%%:*}" >> "$tmp/moves.mbox"
  cli_game_mail 1 bob@example.org "$BT" "${m##*:}" >> "$tmp/moves.mbox"
done
run "$T" process -v -c "$tmp/conf" "$tmp/moves.mbox"
# replies left for the next run: 75 (docs/sysadmin.md, "Exit status"), and counted as such
expect_rc "the moves: replies deferred by the limit" 75
expect_err "the moves: the deferred replies counted" "4 replies sent, 8 queued for later"
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6$' && pass || fail "all six moves applied"
total=$(printf '%s\n' "$out" | grep -c '^To: ')
[ "$(printf '%s\n' "$out" | grep -c '^To: alice@example.org')" -eq 2 ] && pass || fail "two to alice this run"
[ "$(printf '%s\n' "$out" | grep -c '^To: bob@example.org')" -eq 2 ] && pass || fail "two to bob this run"
[ "$(cli_queued "$tmp/conf")" -eq 8 ] && pass || fail "eight wait in the queue"
printf '%s\n' "$out" | grep '^Message-ID: ' > "$tmp/ids"
runs=1
while [ "$(cli_queued "$tmp/conf")" -gt 0 ] && [ "$runs" -lt 10 ]; do
  run "$T" send -c "$tmp/conf"
  [ "$(cli_queued "$tmp/conf")" -gt 0 ] && want=75 || want=0
  expect_rc "send run $runs (75 while some wait)" $want
  printf '%s\n' "$out" | grep '^Message-ID: ' >> "$tmp/ids"
  runs=$((runs + 1))
done
[ "$runs" -eq 3 ] && pass || fail "the queue empties in three runs, two to each player a run ($runs)"
[ "$(sort "$tmp/ids" | uniq | wc -l)" -eq 12 ] && [ "$(wc -l < "$tmp/ids")" -eq 12 ] && pass ||
  fail "all twelve notices sent, each once"

# a player's auto-responder (no Auto-Submitted header) answering every referee mail, each
# time with a new text (one that says the same again, but for its dates and numbers, is
# answered once a day: t_robots.sh): each of its mails finds no order and is answered —
# two a run at most, three a day
answers=0
for r in red green blue; do
  : > "$tmp/loop.mbox"
  for i in cat dog owl; do
    cli_game_mail 1 bob@example.org "$BT" "I am away until Monday ($r $i)." >> "$tmp/loop.mbox"
  done
  run "$T" process -c "$tmp/conf" "$tmp/loop.mbox"
  expect_rc "the auto-responder, run $r" 0
  got=$(printf '%s\n' "$out" | grep -c '^To: bob@example.org')
  [ "$got" -le 2 ] && pass || fail "run $r: at most two answers a run ($got)"
  answers=$((answers + got))
done
[ "$answers" -eq 3 ] && pass || fail "three answers in the day, across runs ($answers)"
[ "$(cli_queued "$tmp/conf")" -eq 0 ] && pass || fail "the rest are not kept to go later"
cli_game_mail 1 bob@example.org "$BT" "I am away until Monday." > "$tmp/loop.mbox"
TEMPEST_NOW=2026-11-06T12:00:00Z run "$T" process -c "$tmp/conf" "$tmp/loop.mbox"
expect_out "the next day it is answered again" "To: bob@example.org"
# a player's prose is answered: what was read, where the game stands
expect_out "the answer says no order was found" "I found no order in your mail"
# a stranger's prose about no game is not (no replies to spam)
cli_mail spammer@example.net "cheap watches" "Best prices!" > "$tmp/spam.mbox"
run "$T" process -c "$tmp/conf" "$tmp/spam.mbox"
[ -z "$out" ] && pass || fail "a stranger's prose gets no reply"
# a notice that a game changed is never held back by the day's limit
cli_game_mail 1 alice@example.org "$WT" "O-O" > "$tmp/m.mbox"
TEMPEST_NOW=2026-11-06T12:00:00Z run "$T" process -c "$tmp/conf" "$tmp/m.mbox"
expect_out "the move's notice to bob goes whatever the day's answers" "To: bob@example.org"
cli_done t_defer
