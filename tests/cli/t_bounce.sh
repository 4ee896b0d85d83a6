#!/bin/sh
# Bounces: a delivery status notification that comes back for a player's address is not
# answered, but counted against the address; after bounce_limit in a row the opponent and
# the game's arbiter are told, once; the same DSN twice counts once; a mail that reaches the
# address again starts the count afresh.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
n=0
# Its own mails, not lib.sh's cli_mail: a bounce is the mail server's, with its own headers
# and parts, byte for byte as Postfix writes them.
dsn() {         # dsn ADDRESS: a DSN as Postfix writes one, reporting ADDRESS failed
  n=$((n + 1))
  printf 'From MAILER-DAEMON Thu Nov  5 11:%02d:00 2026\nReturn-Path: <>\n' "$n"
  printf 'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\nTo: referee@tempest.example\n'
  printf 'Subject: Undelivered Mail Returned to Sender\nMessage-ID: <dsn%d@mx.example.org>\n' "$n"
  printf 'MIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status;\n'
  printf '\tboundary="B"\n\n--B\nContent-Type: text/plain\n\nYour mail could not be delivered.\n\n'
  printf -- '--B\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.org\n\n'
  printf 'Final-Recipient: rfc822; %s\nAction: failed\nStatus: 5.1.1\n\n--B--\n\n' "$1"
}
cli_referee "$tmp" "bounce_limit = 2"
D=$tmp/data
cli_mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white\narbiter carol@example.org" > "$tmp/a.mbox"
cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" >> "$tmp/a.mbox"
run "$T" process -c "$tmp/conf" "$tmp/a.mbox"
expect_out "game 1 starts" "game 1 begins"
qp() { decoded; }
# the arbiter confirms from its address (consent: docs/orders.md, "Observers")
ct=$(qp | awk '/^To: carol@example.org$/ { on = 1 } on && /^Subject: / { print; exit }' |
  sed 's/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/')
cli_mail carol@example.org "Re: [tempest 1 $ct] game 1" "accept" > "$tmp/c.mbox"
run "$T" process -c "$tmp/conf" "$tmp/c.mbox"
case $(flat "$(qp)") in *"You are the arbiter of game 1"*) pass ;; *) fail "the arbiter confirms" ;; esac

dsn bob@example.org > "$tmp/d1.mbox"
run "$T" process -c "$tmp/conf" "$tmp/d1.mbox"
expect_rc "a first bounce" 0
[ -z "$out" ] && pass || fail "a bounce is not answered, and one is not enough to tell anyone"
grep -q '^1 0 bob@example.org$' "$D"/outbox/bounced/* && pass || fail "the bounce counted against bob"
run "$T" process -c "$tmp/conf" "$tmp/d1.mbox"
grep -q '^1 0 bob@example.org$' "$D"/outbox/bounced/* && pass || fail "the same DSN again counts once"

dsn bob@example.org > "$tmp/d2.mbox"
run "$T" process -c "$tmp/conf" "$tmp/d2.mbox"
expect_rc "a second bounce" 0
case $(qp) in *"To: alice@example.org"*) pass ;; *) fail "alice told of bob's dead address" ;; esac
case $(qp) in *"To: carol@example.org"*) pass ;; *) fail "the arbiter told" ;; esac
case $(qp) in *"To: bob@example.org"*) fail "bob's dead address written to about it" ;; *) pass ;; esac
case $(qp) in *"Mail to bob@example.org (Black) has failed 2 times in a row"*) pass ;;
  *) fail "the notice says whose mail fails and how often" ;; esac
grep -q '^2 2 bob@example.org$' "$D"/outbox/bounced/* && pass || fail "told at 2"
grep -q 'referee: bounced 1 2' "$D/games/1.mbox" && pass || fail "the notice is in the game log"
run "$T" process -c "$tmp/conf" "$tmp/d2.mbox"
[ -z "$out" ] && pass || fail "told once, not on every run"

# bob writes again: a mail reaches him, the count starts afresh
cli_game_mail 1 alice@example.org "$WT" "e4" > "$tmp/m.mbox"
run "$T" process -c "$tmp/conf" "$tmp/m.mbox"
case $(qp) in *"To: bob@example.org"*) pass ;; *) fail "bob's notice of the move sent" ;; esac
[ -z "$(ls "$D/outbox/bounced")" ] && pass || fail "a mail that went clears the count"
# the replay of the game log applies the referee's notice again
run "$T" replay -c "$tmp/conf" "$D/games/1.mbox" --into "$tmp/replayed"
expect_rc "the log replays" 0

# a plain bounce (no report part: the text a mail system writes) counts as a DSN does
plain() {       # plain ADDRESS: a bounce as Postfix writes one without its DSN part
  n=$((n + 1))
  printf 'From MAILER-DAEMON Thu Nov  5 11:%02d:00 2026\nReturn-Path: <>\n' "$n"
  printf 'From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\nTo: referee@tempest.example\n'
  printf 'Subject: Undelivered Mail Returned to Sender\nMessage-ID: <plain%d@mx.example.org>\n\n' "$n"
  printf 'This is the mail system at host mx.example.org.\n\nYour message could not be '
  printf 'delivered to one or more recipients.\n\n<%s>: host mx.example.org said: 550 5.1.1 ' "$1"
  printf 'User unknown\n\n--- Below this line is a copy of the message.\n\nTo: alice@example.org\n\n'
}
plain bob@example.org > "$tmp/p1.mbox"
run "$T" process -c "$tmp/conf" "$tmp/p1.mbox"
expect_rc "a plain bounce" 0
[ -z "$out" ] && pass || fail "a plain bounce is not answered"
grep -q '^1 0 bob@example.org$' "$D"/outbox/bounced/* && pass || fail "the plain bounce counted against bob"
grep -q 'alice@example.org' "$D"/outbox/bounced/* && fail "the copy's address not counted" || pass
cli_done t_bounce
