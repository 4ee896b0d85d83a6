#!/bin/sh
# The mail harness's own test: start the stack, send over SMTP, STARTTLS and SMTPS, read back
# over IMAP, STARTTLS and IMAPS with the IMAP commands the referee uses (UID SEARCH UNSEEN,
# fetch by UID, UID STORE, UID MOVE), check that bad passwords, unverified TLS, unknown and
# outside recipients are handled, then stop the stack and check that nothing of it is left.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_mailstack

e2e_begin mailstack

# Writes a message file: FILE FROM TO TAG (the tag goes into Subject, Message-ID and body).
mkmsg() {
    printf 'From: %s\r\nTo: %s\r\nSubject: smoke %s\r\nMessage-ID: <%s.%s@smoke.test>\r\nDate: %s\r\n\r\nbody of %s\r\n' \
        "$2" "$3" "$4" "$4" "$$" "$(LC_ALL=C date '+%a, %d %b %Y %H:%M:%S %z')" "$4" > "$1"
}

# Runs curl as USER (with PASSWORD) against URL, with any further options; output to stdout.
imap_as() {
    user=$1; pw=$2; url=$3; shift 3
    curl -q -sS --max-time 20 -u "$user@$MS_DOMAIN:$pw" "$url" "$@" </dev/null
}

# Succeeds when the command after the expected exit code exits with exactly that code.
exits_with() {
    want=$1; shift
    "$@" >/dev/null 2>&1
    got=$?
    [ "$got" -eq "$want" ] && return 0
    echo "     (exit code $got, wanted $want)"
    return 1
}

# Succeeds when ms_uids USER MAILBOX CRITERIA prints exactly the UIDs given after it.
uids_are() {
    got=$(ms_uids "$1" "$2" "$3" | tr '\n' ' '); want="$4 "
    [ "$got" = "$want" ] && return 0
    echo "     (UID SEARCH $3 in $2 of $1: '$got', wanted '$want')"
    return 1
}

# Succeeds when exactly one file in OUTDIR carries the Message-ID of TAG.
one_copy_of() {
    [ "$(grep -l "^Message-ID: <$2\\.$$@" "$1"/*.eml 2>/dev/null | wc -l)" -eq 1 ]
}

# Succeeds when nothing listens on any of the stack's ports any more.
ports_closed() {
    for p in "$MS_IMAP_PORT" "$MS_IMAPS_PORT" "$MS_SMTP_PORT" "$MS_SMTPS_PORT"; do
        curl -q -s --max-time 2 -o /dev/null "telnet://$MS_HOST:$p" </dev/null
        [ $? -eq 7 ] || { echo "     (port $p still answers)"; return 1; }
    done
}

# Succeeds when no process is left from the list of PIDs in $1 nor names the stack.
nothing_left() {
    for p in $1; do
        kill -s 0 "$p" 2>/dev/null && { echo "     (pid $p still alive)"; return 1; }
    done
    left=$(ps -eo pid=,args= | grep -e "$stack" -e "mailstack-$MS_IMAP_PORT/" | grep -v grep)
    [ -z "$left" ] || { echo "     (left: $left)"; return 1; }
}

# --- refusals that must happen before anything starts
mkdir -m 700 "$work/closed"
closed_parent_refused() {
    ! mailstack_up "$work/closed/stack" 2>"$work/closed.err" && grep -q "not searchable" "$work/closed.err"
}
check "a directory below a parent closed to others is refused" closed_parent_refused
[ -e "$work/closed/stack" ] && fail "the refused directory was created anyway"

# --- start
t0=$(ms_now_ms)
stack_up=yes    # from here on, an interruption stops whatever has started
if ! mailstack_up "$stack"; then
    fail "mailstack_up $stack"
    exit 1
fi
start_ms=$(( $(ms_now_ms) - t0 ))
pass "mailstack_up (in $start_ms ms)"
env_exported() {
    sh -c '[ -n "$MS_IMAP_URL" ] && [ -n "$MS_IMAPS_URL" ] && [ -n "$MS_SMTP_URL" ] &&
           [ -n "$MS_SMTPS_URL" ] && [ -s "$MS_CA" ] && [ "$MS_DOMAIN" = game.test ] &&
           [ "$MS_PASS_bob" = bobpass ]'
}
check "the MS_* variables are exported" env_exported
cert_from_ca() {
    openssl verify -CAfile "$MS_CA" "$MS_DIR/tls/server.pem" >/dev/null &&
        [ "$(openssl x509 -noout -subject -in "$MS_DIR/tls/server.pem" | sed 's/^subject=//')" != \
          "$(openssl x509 -noout -issuer -in "$MS_DIR/tls/server.pem" | sed 's/^issuer=//')" ]
}
check "the server certificate is signed by the test CA, not self-signed" cert_from_ca
second_refused() {
    ! mailstack_up "$work/second" 2>"$work/second.err" && grep -q "already in use" "$work/second.err"
}
check "a second stack on the same ports is refused with a clear message" second_refused
# The refusal must happen before anything is written.
[ -e "$work/second" ] && fail "the refused second stack created its directory"

# --- SMTP in: plain, STARTTLS and SMTPS verified against the test CA, AUTH
mkmsg "$work/plain.eml" "alice@$MS_DOMAIN" "bob@$MS_DOMAIN" plain
mkmsg "$work/starttls.eml" "carol@$MS_DOMAIN" "bob@$MS_DOMAIN" starttls
mkmsg "$work/smtps.eml" "referee@$MS_DOMAIN" "bob@$MS_DOMAIN" smtps
mkmsg "$work/auth.eml" "alice@$MS_DOMAIN" "bob@$MS_DOMAIN" auth
t0=$(ms_now_ms)
check "send over plain SMTP" ms_send alice bob "$work/plain.eml"
check "send over SMTP with STARTTLS, verified with MS_CA" ms_send carol bob "$work/starttls.eml" starttls
check "send over SMTPS, verified with MS_CA" ms_send referee bob "$work/smtps.eml" smtps
check "send with SMTP AUTH over STARTTLS" ms_send alice bob "$work/auth.eml" starttls alice
check "all four arrive in bob's INBOX" ms_wait_count bob 4 10
echo "     (sent and visible over IMAP in $(( $(ms_now_ms) - t0 )) ms)"

# --- IMAP out
uids=$(ms_uids bob | tr '\n' ' '); uids=${uids% }
set -- $uids
if [ $# -ne 4 ]; then
    fail "bob's INBOX holds 4 UIDs (has '$uids')"
    exit 1
fi
u1=$1; u2=$2; u3=$3; u4=$4
check "UID SEARCH UNSEEN lists all four" uids_are bob INBOX UNSEEN "$u1 $u2 $u3 $u4"
fetch_all_four() { [ "$(ms_fetch_all bob "$work/all")" = 4 ] && [ -s "$work/all/4.eml" ]; }
check "ms_fetch_all writes four files" fetch_all_four
for tag in plain starttls smtps auth; do
    check "ms_fetch_all got the $tag message once" one_copy_of "$work/all" "$tag"
done
check "ms_fetch_all leaves the messages unseen" uids_are bob INBOX UNSEEN "$u1 $u2 $u3 $u4"

imap_as bob "$MS_PASS_bob" "$MS_IMAP_URL/INBOX;UID=$u1" -o "$work/uid1.eml"
check "fetch by UID over plain IMAP" grep -q "^Message-ID: <.*\\.$$@smoke.test>" "$work/uid1.eml"
imap_as bob "$MS_PASS_bob" "$MS_IMAP_URL/INBOX;UID=$u2" --ssl-reqd --cacert "$MS_CA" -o "$work/uid2.eml"
check "fetch by UID over IMAP with STARTTLS, verified with MS_CA" \
    grep -q "^Message-ID: <.*\\.$$@smoke.test>" "$work/uid2.eml"
imap_as bob "$MS_PASS_bob" "$MS_IMAPS_URL/INBOX;UID=$u3" --cacert "$MS_CA" -o "$work/uid3.eml"
check "fetch by UID over IMAPS, verified with MS_CA" \
    grep -q "^Message-ID: <.*\\.$$@smoke.test>" "$work/uid3.eml"
check "a fetch by UID sets \\Seen" uids_are bob INBOX UNSEEN "$u4"
imap_as bob "$MS_PASS_bob" "$MS_IMAP_URL/INBOX" -X "UID STORE $u1 -FLAGS (\\Seen)" >/dev/null
check "UID STORE -FLAGS (\\Seen) makes a message unseen again" uids_are bob INBOX UNSEEN "$u1 $u4"
imap_as bob "$MS_PASS_bob" "$MS_IMAP_URL/INBOX" -X "UID MOVE $u1 Processed" >/dev/null
check "UID MOVE takes the message out of INBOX" uids_are bob INBOX ALL "$u2 $u3 $u4"
check "UID MOVE puts it into Processed" uids_are bob Processed ALL 1
pu=$(ms_uids bob Processed | head -n 1)
imap_as bob "$MS_PASS_bob" "$MS_IMAP_URL/Processed;UID=${pu:-0}" -o "$work/moved.eml"
check "the message in Processed is the one moved" cmp -s "$work/uid1.eml" "$work/moved.eml"
carol_has_processed() {
    list=$(imap_as carol "$MS_PASS_carol" "$MS_IMAP_URL/") && printf '%s\n' "$list" | grep -q 'Processed'
}
check "Processed exists for a user new to IMAP (carol)" carol_has_processed

# --- refusals
check "IMAP refuses a wrong password (curl 67)" \
    exits_with 67 imap_as bob wrong "$MS_IMAP_URL/INBOX" -X "UID SEARCH ALL"
check "SMTP AUTH refuses a wrong password (curl 67)" \
    exits_with 67 curl -q -sS --max-time 20 --ssl-reqd --cacert "$MS_CA" -u "alice@$MS_DOMAIN:wrong" \
        --mail-from "alice@$MS_DOMAIN" --mail-rcpt "bob@$MS_DOMAIN" -T "$work/plain.eml" \
        "$MS_SMTP_URL/client.$MS_DOMAIN"
check "IMAPS without the test CA fails verification (curl 60)" \
    exits_with 60 curl -q -sS --max-time 20 -u "bob@$MS_DOMAIN:$MS_PASS_bob" "$MS_IMAPS_URL/INBOX"
check "SMTP STARTTLS without the test CA fails verification (curl 60)" \
    exits_with 60 curl -q -sS --max-time 20 --ssl-reqd --mail-from "alice@$MS_DOMAIN" \
        --mail-rcpt "bob@$MS_DOMAIN" -T "$work/plain.eml" "$MS_SMTP_URL/client.$MS_DOMAIN"
check "SMTPS without the test CA fails verification (curl 60)" \
    exits_with 60 curl -q -sS --max-time 20 --mail-from "alice@$MS_DOMAIN" \
        --mail-rcpt "bob@$MS_DOMAIN" -T "$work/plain.eml" "$MS_SMTPS_URL/client.$MS_DOMAIN"
unknown_refused() { ! ms_send alice "nobody@$MS_DOMAIN" "$work/plain.eml" 2>/dev/null; }
check "an unknown local recipient is refused" unknown_refused
# The error: transport makes Postfix refuse such a recipient at RCPT time (curl 55).
mkmsg "$work/outside.eml" "alice@$MS_DOMAIN" "someone@example.com" outside
check "mail for another domain is refused at RCPT (curl 55)" \
    exits_with 55 ms_send alice someone@example.com "$work/outside.eml"
check "... with the stack's no-outbound reason" \
    grep -q "<someone@example.com>: Recipient address rejected: no outbound mail" "$stack/log/postfix.log"

# --- stop
pids=$(ms_pids "$stack")
t0=$(ms_now_ms)
check "mailstack_down" mailstack_down "$stack"
stop_ms=$(( $(ms_now_ms) - t0 ))
stack_up=no
echo "     (stopped in $stop_ms ms; $(echo $pids | wc -w) server processes were running)"
check "no Dovecot or Postfix process of the stack is left" nothing_left "$pids"
check "the ports are closed" ports_closed
down_again_quiet() { out=$(mailstack_down "$stack" 2>&1) && [ -z "$out" ]; }
check "mailstack_down again is a quiet no-op" down_again_quiet
echo "$name: timings: start $start_ms ms, stop $stop_ms ms"
