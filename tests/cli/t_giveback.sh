#!/bin/sh
# What a run that is not committed took is given back: the answers a day an address may
# have (max_answers_per_day, DATA/quota/) are counted in the commit, so that failed runs
# (a full disk, a log that cannot be written) take none; what interrupted writes left in
# DATA/quota/ is removed at the next start.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
tos() { printf '%s\n' "$out" | grep -c '^To: '; }    # the mails in $out

# -- a `help` whose commit fails 30 times (other.mbox cannot be written) is answered
# when the commit passes: the failed runs took nothing of the day's answers (one a day
# here: the first failed run took it, before)
Q=$tmp/q
cli_referee "$Q" "max_answers_per_day = 1"
cli_mail carol@example.org "help" "help" > "$tmp/help.mbox"
mkdir "$Q/data/other.mbox"
i=0; silent_runs=0
while [ "$i" -lt 30 ]; do
  run "$T" process -c "$Q/conf" "$tmp/help.mbox"
  [ "$rc" -ne 0 ] && [ -z "$out" ] && silent_runs=$((silent_runs + 1))
  i=$((i + 1))
done
[ "$silent_runs" -eq 30 ] && pass || fail "quota: the 30 runs whose commit fails send nothing ($silent_runs did)"
rmdir "$Q/data/other.mbox"
run "$T" process -c "$Q/conf" "$tmp/help.mbox"
expect_rc "quota: the run that commits" 0
expect_out "quota: the help is answered after 30 failed runs" "To: carol@example.org"
# the committed answer is counted: a second is not sent today
cli_mail carol@example.org "help" "help" > "$tmp/help2.mbox"
run "$T" process -c "$Q/conf" "$tmp/help2.mbox"
expect_rc "quota: a second help" 0
[ -z "$out" ] && pass || fail "quota: the answer committed is counted (max_answers_per_day = 1)"

# -- a bounce is counted with its notification's commit: a batch given up (the help after
# it cannot be committed) counts nothing, the notification committed alone counts once
# (a bounce as Postfix writes one, byte for byte: not lib.sh's cli_mail, as in t_bounce)
cat > "$tmp/dsn.mbox" <<EOF
From MAILER-DAEMON Thu Nov  5 11:00:00 2026
Return-Path: <>
From: MAILER-DAEMON@mx.example.org (Mail Delivery System)
To: referee@tempest.example
Subject: Undelivered Mail Returned to Sender
Message-ID: <dsn1@mx.example.org>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="B"

--B
Content-Type: text/plain

Your mail could not be delivered.

--B
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; dave@example.org
Action: failed
Status: 5.1.1

--B--

EOF
cli_mail erin@example.org "help" "help" >> "$tmp/dsn.mbox"
B=$tmp/b
cli_referee "$B"
mkdir "$B/data/other.mbox"
run "$T" process -c "$B/conf" "$tmp/dsn.mbox"
expect_rc "bounce: the help cannot be committed" 75
rmdir "$B/data/other.mbox"
run "$T" process -c "$B/conf" "$tmp/dsn.mbox"
expect_rc "bounce: with room" 0
grep -qx '1 0 dave@example.org' "$B"/data/outbox/bounced/* && pass ||
  fail "bounce: counted once ($(cat "$B"/data/outbox/bounced/* | tr '\n' ' '))"

# -- the temporary files of interrupted writes are removed at start-up, in every folder
# written by a rename
for d in quota quarantine outbox/failed outbox/held outbox/bounced; do
  mkdir -p "$Q/data/$d"
  touch "$Q/data/$d/0123456789abcdef0123456789abcdef.tmp.4242"
done
run "$T" process -c "$Q/conf" /dev/null
expect_rc "tmp files: a run" 0
for d in quota quarantine outbox/failed outbox/held outbox/bounced; do
  [ ! -e "$Q/data/$d/0123456789abcdef0123456789abcdef.tmp.4242" ] && pass ||
    fail "tmp files: $d/*.tmp.PID removed at start-up"
done

# -- `password WORD` with `test` in one mail: the test reply says what was read but not
# the password, so that neither the mail sent nor the game log (which keeps the replies)
# holds it; the log still replays, a mail authenticated by the password too
P=$tmp/p
cli_referee "$P"
cli_game "$P/conf"
cli_game_mail 1 alice@example.org "$WT" "password hunter22secret\ntest" > "$tmp/pw.mbox"
run "$T" process -c "$P/conf" "$tmp/pw.mbox"
expect_rc "password and test" 0
expect_out "password and test: the test reply" "password (hidden)"
case $out in *hunter22*) fail "password and test: the reply quotes the password" ;; *) pass ;; esac
cli_mail alice@example.org "[tempest 1] game 1" "Password: hunter22secret\ne4" > "$tmp/pw2.mbox"
run "$T" process -c "$P/conf" "$tmp/pw2.mbox"
expect_out "password: a move by password" "1. e4 -- your move"
grep -q hunter22 "$P/data/games/1.mbox" && fail "password and test: the game log holds the password" || pass
grep -q "auth=password" "$P/data/games/1.mbox" && pass ||
  fail "password: the log records a mail authenticated by password"
run "$T" replay -c "$P/conf" "$P/data/games/1.mbox" --into "$tmp/replayed"
expect_rc "password: the log replays" 0
expect_out "password: the log replays" "every recorded state reproduced"

# -- a clock 35 days behind: bob's move is taken as of the game's last event (not 35 days
# before it) and the run says so once; the next tick, five minutes after, forfeits no one
C=$tmp/c
cli_referee "$C"
cli_game "$C/conf"
cli_game_mail 1 alice@example.org "$WT" "e4" > "$tmp/e4.mbox"
run "$T" process -c "$C/conf" "$tmp/e4.mbox"
cli_game_mail 1 bob@example.org "$BT" "e5" > "$tmp/e5.mbox"
TEMPEST_NOW=2026-10-01T12:00:00Z run "$T" process -c "$C/conf" "$tmp/e5.mbox"
expect_rc "clock behind: the move" 0
expect_out "clock behind: the move applied" "1... e5 -- your move"
expect_err "clock behind: said" "is behind the last time recorded here (2026-11-05T12:00:00Z)"
[ "$(printf '%s\n' "$err" | grep -c 'is behind')" -eq 1 ] && pass || fail "clock behind: said once"
"$T" show -c "$C/conf" --json 1 | grep -q '"at": *"2026-10-01' &&
  fail "clock behind: an event recorded before the game's last" || pass
TEMPEST_NOW=2026-11-05T12:05:00Z run "$T" tick -c "$C/conf"
expect_rc "clock behind: the next tick" 0
"$T" show -c "$C/conf" 1 | grep -q '^Status: over' && fail "clock behind: the next tick forfeits White" || pass
[ -z "$out" ] && pass || fail "clock behind: the next tick sends nothing"
# the data directory's latest time (a mail about no game on 10 December) is the floor for
# every game: a tick on 7 December, past White's deadline (5 December) but behind it,
# decides nothing on time — no loss, no reminder
cli_mail carol@example.org "help" "help" > "$tmp/h.mbox"
TEMPEST_NOW=2026-12-10T12:00:00Z run "$T" process -c "$C/conf" "$tmp/h.mbox"
expect_rc "clock behind: a help on 10 December" 0
TEMPEST_NOW=2026-12-07T12:00:00Z run "$T" tick -c "$C/conf"
expect_rc "clock behind: a tick on 7 December" 0
expect_err "clock behind: the tick says so" "is behind the last time recorded here (2026-12-10T12:00:00Z)"
[ -z "$out" ] && pass || fail "clock behind: the tick sends nothing"
"$T" show -c "$C/conf" 1 | grep -q '^Status: over' && fail "clock behind: a loss on time" || pass
# the clock right again: White has lost on time
TEMPEST_NOW=2026-12-10T12:00:00Z run "$T" tick -c "$C/conf"
"$T" show -c "$C/conf" 1 | grep -q '^Status: over, 0-1 (time forfeit)' && pass ||
  fail "clock right again: White loses on time"

# -- a queued spool cut short (a damaged disk): reported (75), never dropped. `send` sends
# its readable reply and keeps it queued; the next `process` finds the reply it cut short
# in the game log and queues it again, keeps a copy in outbox/failed/, and sends it;
# the run after that is clean
S=$tmp/s
cli_referee "$S"
cli_game "$S/conf"
cp "$S/conf" "$S/conf.down"
printf 'smtp_url = smtp://127.0.0.1:1\nstarttls = no\n' >> "$S/conf.down"
cli_game_mail 1 alice@example.org "$WT" "e4" > "$tmp/e4.mbox"
run "$T" process -c "$S/conf.down" "$tmp/e4.mbox"
expect_rc "cut spool: the two replies queued (no server)" 75
sp=$(ls "$S/data/outbox/"*.spool)
[ "$(grep -c '^1 [0-9a-f]\{64\} ' "$sp")" -eq 2 ] && pass || fail "cut spool: two records"
# cut in the middle of the second record's text
second=$(grep -b '^1 [0-9a-f]\{64\} ' "$sp" | sed -n '2s/:.*//p')
truncate -s $((second + 400)) "$sp"
run "$TA" send -c "$S/conf"
expect_rc "cut spool: send" 75
expect_clean "cut spool: send"
expect_err "cut spool: send says so" "is cut short after 1 whole record"
[ "$(tos)" -eq 1 ] && pass || fail "cut spool: send sends one reply"
expect_out "cut spool: the readable reply sent" "To: alice@example.org"
[ -e "$sp" ] && pass || fail "cut spool: kept queued, not dropped"
run "$TA" process -c "$S/conf" /dev/null
expect_rc "cut spool: the next process, which sends the rest" 0
expect_clean "cut spool: the next process"
expect_err "cut spool: the reply rebuilt" "1 reply after the cut queued again from the game logs"
[ "$(tos)" -eq 1 ] && pass || fail "cut spool: the rebuilt reply sent alone"
expect_out "cut spool: bob gets his move" "1. e4 -- your move"
[ -e "$S/data/outbox/failed/$(basename "$sp")" ] && pass || fail "cut spool: a copy kept in outbox/failed/"
[ ! -e "$sp" ] && pass || fail "cut spool: gone from the queue once kept"
run "$T" process -c "$S/conf" /dev/null
expect_rc "cut spool: the run after" 0
[ -z "$out" ] && pass || fail "cut spool: nothing sent twice"
# the record cut had been sent (marked) before the damage: not sent again
S2=$tmp/s2
cli_referee "$S2"
cli_game "$S2/conf"
sed "s|$S/data|$S2/data|" "$S/conf.down" > "$S2/conf.down"
run "$T" process -c "$S2/conf.down" "$tmp/e4.mbox"
sp=$(ls "$S2/data/outbox/"*.spool)
second=$(grep -b '^1 [0-9a-f]\{64\} ' "$sp" | sed -n '2s/:.*//p')
truncate -s $((second + 400)) "$sp"
echo 1 > "${sp%.spool}.sent"
run "$T" process -c "$S2/conf" /dev/null
expect_rc "cut spool, its cut record sent before: a run" 0
expect_err "cut spool, its cut record sent before: told" "0 replies after the cut queued again"
[ "$(tos)" -eq 1 ] && pass || fail "cut spool, its cut record sent before: not sent again"
expect_out "cut spool, its cut record sent before: the readable one sent" "To: alice@example.org"

# -- a spool of 19 replies cut in its 11th record: `send` sends the 10 before the cut and
# says the rest wait (75); `tick` rebuilds the 9 from the cut on from the game logs (its
# index names them) and sends them; then nothing is left: 19 of 19 delivered, once each
S3=$tmp/s3
cli_referee "$S3"
sed "s|$S/data|$S3/data|" "$S/conf.down" > "$S3/conf.down"
for g in 1 2 3 4 5; do "$T" new -c "$S3/conf" chess "w$g@example.org" "b$g@example.org" > /dev/null; done
tok() { grep -h "^Subject: \[tempest $2 " "$S3/data/games/$2.mbox" | sed -n "$(($1 + 1))p" |
  sed 's/^Subject: \[tempest [0-9]* \([a-z0-9]*\)\].*/\1/'; }
: > "$tmp/19.mbox"
for g in 1 2 3 4 5; do
  cli_mail "w$g@example.org" "Re: [tempest $g $(tok 0 $g)] game $g" "e4" >> "$tmp/19.mbox"
  [ "$g" -lt 5 ] && cli_mail "b$g@example.org" "Re: [tempest $g $(tok 1 $g)] game $g" "e5" >> "$tmp/19.mbox"
done
cli_mail "w5@example.org" "Re: [tempest 5 $(tok 0 5)] game 5" "status" >> "$tmp/19.mbox"
run "$T" process -c "$S3/conf.down" "$tmp/19.mbox"
expect_rc "19 replies queued (no server)" 75
sp=$(ls "$S3/data/outbox/"*.spool)
[ "$(grep -c '^[0-9]* [0-9a-f]\{64\} ' "$sp")" -eq 19 ] && pass || fail "19 replies in one spool"
eleventh=$(grep -b '^[0-9]* [0-9a-f]\{64\} ' "$sp" | sed -n '11s/:.*//p')
truncate -s $((eleventh + 300)) "$sp"
ids19() { printf '%s\n' "$out" | grep '^Message-ID: ' >> "$tmp/19.ids"; }
: > "$tmp/19.ids"
run "$TA" send -c "$S3/conf"
expect_rc "cut spool of 19: send, while replies wait" 75
expect_err "cut spool of 19: send says so" "the replies after the cut are not sent until"
[ "$(tos)" -eq 10 ] && pass || fail "cut spool of 19: send sends the 10 before the cut ($(tos))"
ids19
run "$TA" send -c "$S3/conf"
expect_rc "cut spool of 19: send again, still waiting" 75
[ "$(tos)" -eq 0 ] && pass || fail "cut spool of 19: nothing sent twice"
run "$TA" tick -c "$S3/conf"
expect_clean "cut spool of 19: tick"
expect_err "cut spool of 19: tick rebuilds the 9" "9 replies after the cut queued again from the game logs"
[ "$(tos)" -eq 9 ] && pass || fail "cut spool of 19: tick sends the 9 rebuilt ($(tos))"
expect_rc "cut spool of 19: tick, all sent" 0
ids19
run "$TA" send -c "$S3/conf"
expect_rc "cut spool of 19: send, nothing left" 0
[ "$(tos)" -eq 0 ] && pass || fail "cut spool of 19: nothing more"
[ "$(sort -u "$tmp/19.ids" | grep -c .)" -eq 19 ] && [ "$(grep -c . "$tmp/19.ids")" -eq 19 ] && pass ||
  fail "cut spool of 19: 19 of 19 delivered once ($(sort -u "$tmp/19.ids" | grep -c .) of $(grep -c . "$tmp/19.ids"))"
ls "$S3/data/outbox" | grep -q '\.\(spool\|index\|sent\|eml\)$' && fail "cut spool of 19: the queue empty" || pass

cli_done t_giveback
