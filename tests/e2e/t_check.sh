#!/bin/sh
# `tempest -n` against real servers: it connects, upgrades to TLS and logs in to IMAP and
# SMTP as a run would, sends nothing and changes nothing; a wrong password is for a person
# to fix (exit 2, the server's refusal shown), a server down for a later run (75); no
# password written in a server URL is printed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_check
T=${TEMPEST:-$root/tempest}

e2e_up check

data=$work/data
mkdir -p "$data" && chmod 700 "$data"
printf 'machine %s login referee@%s password %s\n' "$MS_HOST" "$MS_DOMAIN" "$(ms_pass referee)" \
    > "$work/netrc"
printf 'machine %s login referee@%s password wrong-one\n' "$MS_HOST" "$MS_DOMAIN" > "$work/badnetrc"
chmod 600 "$work/netrc" "$work/badnetrc"

conf() {        # conf NETRC IMAP_URL SMTP_URL
    printf '%s\n' "referee_address = referee@$MS_DOMAIN" "data_dir = $data" \
        "imap_url = $2" "smtp_url = $3" "netrc_file = $1" "tls_ca_file = $MS_CA" \
        "connect_timeout = 5" "stall_timeout = 5" > "$work/t.conf"
}
run() { "$T" "$@" > "$work/out" 2> "$work/err"; rc=$?; }
said() { grep -qF -- "$1" "$work/out"; }
sent_before=$(ls "$stack"/log 2>/dev/null | wc -l)

# STARTTLS verified with the test CA, logins from the netrc file
conf "$work/netrc" "$MS_IMAP_URL" "$MS_SMTP_URL"
run poll -n -c "$work/t.conf"
check "-n with the right logins exits 0" [ "$rc" -eq 0 ]
check "-n logs in to IMAP" said "imap: logged in, mailbox INBOX open"
check "-n logs in to SMTP and sends nothing" said "smtp: logged in, nothing sent"
check "-n wrote no game and queued no mail" \
    [ -z "$(ls "$data" 2>/dev/null | grep -v -e '^key$' -e '^lock$')" ]
check "nothing reached a mailbox" [ "$(ms_uids alice INBOX | grep -c .)" -eq 0 ]

# a wrong password: both servers refuse it, and a person must fix it
conf "$work/badnetrc" "$MS_IMAP_URL" "$MS_SMTP_URL"
run poll -n -c "$work/t.conf"
check "-n with a wrong password exits 2" [ "$rc" -eq 2 ]
check "... and names the IMAP refusal" said "imap: "
conf "$work/badnetrc" "" "$MS_SMTP_URL"
run process -n -c "$work/t.conf"
check "-n with a wrong SMTP password alone exits 2" [ "$rc" -eq 2 ]
check "... and shows the SMTP server's refusal" grep -q '^smtp: .*535' "$work/out"

# a password in the URL is used but not printed
pw=$(ms_pass referee)
rm -f "$work/nonetrc"; touch "$work/nonetrc"; chmod 600 "$work/nonetrc"
conf "$work/nonetrc" "" "smtp://referee%40$MS_DOMAIN:$pw@$MS_HOST:$MS_SMTP_PORT"
run process -n -c "$work/t.conf"
check "-n logs in with the URL's password" said "smtp: logged in, nothing sent"
check "... and prints the URL without it" said "mail out: smtp://referee%40$MS_DOMAIN:***@"
check "... nowhere" sh -c "! grep -qF -- '$pw' '$work/out' '$work/err'"

# --offline contacts nobody; a server down is for a later run
conf "$work/netrc" "$MS_IMAP_URL" "smtp://$MS_HOST:1"
run process -n --offline -c "$work/t.conf"
check "--offline: exit 0" [ "$rc" -eq 0 ]
check "--offline says SMTP was not contacted" said "smtp: not contacted (--offline)"
conf "$work/netrc" "" "smtp://$MS_HOST:1"
run process -n -c "$work/t.conf"
check "-n with the SMTP server down exits 75" [ "$rc" -eq 75 ]
exit 0
