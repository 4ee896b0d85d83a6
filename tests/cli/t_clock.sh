#!/bin/sh
# A clock that leaps ahead (docs/game-masters.md, "Time"): a run whose clock is more than
# max_clock_leap_hours (24) ahead of the last time recorded decides nothing on time and
# processes no mail, says so on standard error and exits 75; the next run with the right
# clock goes on as if nothing happened. A referee that was really down takes the new time
# with --accept-clock, and a move that waited in its mailbox through the outage is on
# time: its clock stopped when it arrived (the mbox's From line, a Received header).
. tests/cli/lib.sh
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
T0=2026-11-05T12:00:00Z
export TEMPEST_NOW=$T0
setup() {       # setup DIR: a game of 3 days per move, alice (White) has played e4 at T0
  cli_referee "$1" "max_clock_leap_hours = 24"
  cli_mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white\ntime 3 days per move" > "$1/g.mbox"
  cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" >> "$1/g.mbox"
  cli_mail alice@example.org "Re: [tempest 1 $WT] game 1" "e4" >> "$1/g.mbox"
  "$T" process -c "$1/conf" "$1/g.mbox" > /dev/null
}
status() { "$T" show -c "$1/conf" 1 | sed -n 's/^Status: *//p' | sed 's/,.*//'; }
# ticks DIR DAY...: a tick at midnight and noon of each day of November (as cron would run)
ticks() {
  d=$1; shift
  for day in "$@"; do
    for h in 00 12; do TEMPEST_NOW=2026-11-${day}T$h:00:00Z "$T" tick -c "$d/conf" > /dev/null 2>&1; done
  done
}

# -- a tick 40 days ahead: no forfeit, a warning, 75; the floor stays
A=$tmp/a; setup "$A"
floor=$(cat "$A/data/last-time")
TEMPEST_NOW=2026-12-15T12:00:00Z run "$TA" tick -c "$A/conf"
expect_rc "a tick 40 days ahead" 75
expect_clean "a tick 40 days ahead"
expect_err "the operator is told" "is 960 hours ahead of the last time recorded here"
expect_err "... and how to take it" "--accept-clock"
[ "$(status "$A")" = playing ] && pass || fail "no forfeit 40 days ahead ($(status "$A"))"
[ -z "$out" ] && pass || fail "nothing mailed 40 days ahead"
[ "$(cat "$A/data/last-time")" = "$floor" ] && pass || fail "the time recorded stays"
# a mail in that run waits, unanswered, not marked
cli_mail bob@example.org "Re: [tempest 1 $BT] game 1" "e5" > "$tmp/e5.mbox"
TEMPEST_NOW=2026-12-15T12:00:00Z run "$TA" process -c "$A/conf" "$tmp/e5.mbox"
expect_rc "a mail 40 days ahead waits" 75
"$T" show -c "$A/conf" 1 | grep -q '^Moves: 1. e4$' && pass || fail "... not applied"
# the clock right again: all goes on
TEMPEST_NOW=2026-11-06T12:00:00Z run "$T" tick -c "$A/conf"
expect_rc "the clock right again: a tick" 0
[ -z "$err" ] && pass || fail "the clock right again: quiet"
TEMPEST_NOW=2026-11-06T12:05:00Z run "$T" process -c "$A/conf" "$tmp/e5.mbox"
expect_rc "the clock right again: the mail" 0
"$T" show -c "$A/conf" 1 | grep -q '^Moves: 1. e4 e5$' && pass || fail "the waiting move applied"
# runs record their time an hour at a time: a quiet day of ticks is no leap
for h in 13 14 15 16 17 18 19 20 21 22 23; do
  TEMPEST_NOW=2026-11-06T$h:30:00Z "$T" tick -c "$A/conf" > /dev/null 2>&1
done
for d in 07 08; do
  for h in 00 06 12 18; do TEMPEST_NOW=2026-11-${d}T$h:30:00Z "$T" tick -c "$A/conf" > /dev/null 2>&1; done
done
TEMPEST_NOW=2026-11-08T20:00:00Z run "$T" tick -c "$A/conf"
expect_rc "days of ticks every few hours: no leap" 0
[ -z "$err" ] && pass || fail "days of ticks: quiet ($err)"

# -- the operator says the clock is right: the time taken, what time decides applied
B=$tmp/b; setup "$B"
TEMPEST_NOW=2026-12-15T12:00:00Z run "$T" tick --accept-clock -c "$B/conf"
expect_rc "--accept-clock" 0
expect_err "the time taken is told" "is taken as right"
case $("$T" show -c "$B/conf" 1 | sed -n 's/^Status: *//p') in *"1-0"*) pass ;; *) fail "the deadline passed, taken: Black loses ($(status "$B"))" ;; esac
# --clock-floor: the time recorded set back
run "$T" tick -c "$B/conf" --clock-floor 2026-11-05T12:00:00Z
[ "$(cat "$B/data/last-time")" = "$(date -u -d 2026-11-05T12:00:00Z +%s)" ] && pass ||
  fail "--clock-floor sets the time recorded ($(cat "$B/data/last-time"))"

# -- an outage of 5 days: bob's move reached the mailbox on day 2, before his deadline (day
# 3); taken with the clock on day 5, it is on time; alice's clock starts when it is processed
C=$tmp/c; setup "$C"
printf 'From bob@example.org Sat Nov  7 12:00:00 2026\n' > "$tmp/late.mbox"
cli_eml bob@example.org "Re: [tempest 1 $BT] game 1" "e5" >> "$tmp/late.mbox"
echo >> "$tmp/late.mbox"
TEMPEST_NOW=2026-11-10T12:00:00Z run "$T" process --accept-clock -c "$C/conf" "$tmp/late.mbox"
expect_rc "the move that waited" 0
[ "$(status "$C")" = playing ] && pass || fail "the move that waited is on time ($(status "$C"))"
"$T" show -c "$C/conf" 1 | grep -q '^Moves: 1. e4 e5$' && pass || fail "... and applied"
grep -q 'arrived=1794052800' "$C/data/games/1.mbox" && pass || fail "the log records its arrival"
ticks "$C" 11 12
TEMPEST_NOW=2026-11-13T11:59:00Z run "$T" tick -c "$C/conf"
[ "$(status "$C")" = playing ] && pass || fail "alice's 3 days run from when the move was processed"
TEMPEST_NOW=2026-11-13T12:00:01Z run "$T" tick -c "$C/conf"
case $("$T" show -c "$C/conf" 1 | sed -n 's/^Status: *//p') in *"0-1"*) pass ;; *) fail "then her deadline holds ($(status "$C"))" ;; esac
run "$T" replay -c "$C/conf" "$C/data/games/1.mbox" --into "$tmp/replayed"
expect_out "the log replays" "every recorded state reproduced"
# the same on standard input, the arrival from the topmost Received header
D=$tmp/d; setup "$D"
{ printf 'Received: from mx.example.org by referee.example.org; Sat, 7 Nov 2026 12:00:00 +0000\n'
  printf 'Received: from forged.example by mx.example.org; Thu, 1 Jan 2026 00:00:00 +0000\n'
  cli_eml bob@example.org "Re: [tempest 1 $BT] game 1" "e5"; } > "$tmp/late.eml"
TEMPEST_NOW=2026-11-10T12:00:00Z run_in "$tmp/late.eml" "$T" process --accept-clock -c "$D/conf" -
[ "$(status "$D")" = playing ] && pass || fail "on standard input, Received: on time ($(status "$D"))"
grep -q 'arrived=1794052800' "$D/data/games/1.mbox" && pass || fail "the topmost Received is its arrival"
# without --accept-clock the same run does nothing
E=$tmp/e; setup "$E"
TEMPEST_NOW=2026-11-10T12:00:00Z run "$T" process -c "$E/conf" "$tmp/late.mbox"
expect_rc "an outage not taken: the mail waits" 75
"$T" show -c "$E/conf" 1 | grep -q '^Moves: 1. e4$' && pass || fail "... not applied"
cli_done t_clock
