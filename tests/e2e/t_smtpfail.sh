#!/bin/sh
# One recipient's mailbox full: the SMTP server answers RCPT for bob with "452 4.2.2 Mailbox
# full". The referee sends alice's mail and holds bob's back (the rest of the queue goes),
# records the refusal, does not hammer bob's server on the next run (the wait doubles with
# each refusal), and sends bob's mail once his mailbox takes mail again.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_smtpfail
T=${TEMPEST:-$root/tempest}
e2e_up smtpfail

data=$work/data; mkdir -p "$data"; chmod 700 "$data"
cp "$root/examples/demo.key" "$data/key"; chmod 600 "$data/key"
printf 'machine %s login referee@%s password %s\n' "$MS_HOST" "$MS_DOMAIN" "$(ms_pass referee)" \
    > "$work/netrc"; chmod 600 "$work/netrc"
printf '%s\n' "referee_address = referee@$MS_DOMAIN" "data_dir = $data" "smtp_url = $MS_SMTP_URL" \
    "netrc_file = $work/netrc" "tls_ca_file = $MS_CA" "connect_timeout = 5" "stall_timeout = 10" \
    > "$work/conf"
A=alice@$MS_DOMAIN; B=bob@$MS_DOMAIN
n=0
mail() {
    n=$((n + 1))
    printf 'From %s Thu Nov  5 10:%02d:00 2026\nFrom: %s\nTo: referee@%s\nSubject: %s\n' \
        "$1" "$n" "$1" "$MS_DOMAIN" "$2"
    printf 'Message-ID: <sf%d.%s>\n\n%b\n\n' "$n" "$1" "$3"
}
count() { ms_uids "$1" INBOX | grep -c . ; }
at() { when=$1; shift; TEMPEST_NOW=$when "$T" "$@" > "$work/out" 2> "$work/err"; rc=$?; }

mail "$A" "new game" "new chess\nopponent $B\ncolour white" > "$work/a.mbox"
mail "$B" "Re: [tempest 1 ezap3rhf] invitation" "accept" >> "$work/a.mbox"
at 2026-11-05T10:00:00Z process -c "$work/conf" "$work/a.mbox"
check "the game starts, its mails sent" [ "$rc" -eq 0 ]
ms_wait_count alice INBOX 2 >/dev/null 2>&1; ms_wait_count bob INBOX 1 >/dev/null 2>&1
a0=$(count alice); b0=$(count bob)

ms_mailbox_full "$stack" bob yes
mail "$A" "Re: [tempest 1 vb5v64h6] game 1" "e4" > "$work/m.mbox"
at 2026-11-05T10:05:00Z process -c "$work/conf" "$work/m.mbox"
check "bob's mailbox full: try again later (75)" [ "$rc" -eq 75 ]
cp "$work/err" "$work/err.full"
check "... the server's refusal is logged" grep -q 'Mailbox full' "$work/err.full"
check "... with the hold" grep -q "$B's mail held back (refused 1 time in a row) for 5 min" "$work/err.full"
ms_wait_count alice INBOX $((a0 + 1)) >/dev/null 2>&1
check "alice's notice went all the same" [ "$(count alice)" -eq $((a0 + 1)) ]
check "bob's is still queued" [ "$(queued "$work/conf")" -eq 1 ]
check "bob is held back, once" grep -q "^1 [0-9]* $B\$" "$data"/outbox/held/*
# a run five minutes later: still within the wait (5 min after the refusal: not yet)
log0=$(grep -c "RCPT from" "$stack/log/postfix.log" 2>/dev/null || echo 0)
at 2026-11-05T10:07:00Z send -c "$work/conf"
check "within the wait: nothing tried, exit 75 (a reply waits for a later run)" [ "$rc" -eq 75 ]
check "... still queued" [ "$(queued "$work/conf")" -eq 1 ]
check "... and still held once" grep -q "^1 " "$data"/outbox/held/*
# past the wait, still full: held again, for twice as long
at 2026-11-05T10:11:00Z send -c "$work/conf"
check "past the wait, still full: 75" [ "$rc" -eq 75 ]
check "... held twice now" grep -q "^2 " "$data"/outbox/held/*
# the mailbox takes mail again; after the longer wait the mail goes, once
ms_mailbox_full "$stack" bob no
at 2026-11-05T10:40:00Z send -c "$work/conf"
check "the mailbox takes mail: sent, exit 0" [ "$rc" -eq 0 ]
ms_wait_count bob INBOX $((b0 + 1)) >/dev/null 2>&1
check "bob has the notice, once" [ "$(count bob)" -eq $((b0 + 1)) ]
check "nothing queued" [ "$(queued "$work/conf")" -eq 0 ]
check "bob no longer held" [ -z "$(ls "$data/outbox/held" 2>/dev/null)" ]
check "alice got nothing twice" [ "$(count alice)" -eq $((a0 + 1)) ]
exit 0
