#!/bin/sh
# `tempest poll` in batches against a real Dovecot and Postfix: seven challenges (each a
# new game, each answered by two mails) wait in the referee's INBOX with batch_size = 3
# and imap_batch_size = 3. Dovecot's rawlog shows what poll sends: one UID FETCH and one
# UID MOVE per batch (three of each), the next batch asked for before the last one is
# moved, a mail over the size limit listed but never fetched, and an idle run that sends
# nothing after the login but its SELECT and LOGOUT. With batch_size = 10 the seven mails
# are one batch: three UID FETCH commands of three mails at most, sent together (the
# third before the first is answered), and one UID MOVE. Then the referee is killed at
# each step of a batch (fetched, the next batch asked for; one mail committed; all
# committed, before the move; the move sent and not yet answered, before the next batch),
# and the next run must end in the same state: seven games, the INBOX empty, every reply
# delivered exactly once.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_batch
T=${TEMPEST:-$root/tempest}
MAILS=7

e2e_up batch

# Dovecot writes each of the referee's IMAP sessions (its commands after the login) to
# *.in in this directory, once it exists (mailstack.sh: rawlog_dir).
raw=$MS_DIR/rawlog/$MS_DOMAIN/referee
mkdir -p "$raw" && chown vmail:vmail "$raw" || exit 1

printf 'machine %s login referee@%s password %s\n' "$MS_HOST" "$MS_DOMAIN" "$(ms_pass referee)" \
    > "$work/netrc"
chmod 600 "$work/netrc"

configure() {   # configure TAG [BATCH]: a data directory and configuration of its own
    data=$work/data-$1; conf=$work/$1.conf
    cat > "$conf" <<EOF
referee_address = referee@$MS_DOMAIN
data_dir = $data
imap_url = $MS_IMAP_URL
smtp_url = $MS_SMTP_URL
netrc_file = $work/netrc
starttls = no
imap_batch_size = 3
batch_size = ${2:-3}
max_message_size = 4000
connect_timeout = 5
stall_timeout = 10
# alice's seven challenges all wait for bob at once
max_open_invitations = $MAILS
EOF
}

poll() {        # poll [ENV=VALUE]: one cron run; its exit status in $prc
    rm -f "$raw"/*
    env "$@" "$T" poll -c "$conf" > "$work/poll.out" 2> "$work/poll.err"
    prc=$?
    # Dovecot writes the end of a raw log as the session closes: after a run that ended
    # well, until each session's LOGOUT is there (at most 5 s)
    [ "$prc" -eq 0 ] || return 0
    i=0
    while [ "$(ncommands LOGOUT)" -lt "$(ls "$raw" | grep -c '\.in$')" ] || [ -z "$(ls "$raw")" ]; do
        [ $i -lt 100 ] || break
        sleep 0.05; i=$((i + 1))
    done
}

count() { ms_uids "$1" "${2:-INBOX}" | grep -c . ; }
commands() { cat "$raw"/*.in 2>/dev/null | tr -d '\r' | cut -d' ' -f3-; }  # time tag command
ncommands() { commands | grep -c "^$1" ; }
# The line number of the Nth command that starts with WORDS: first WORDS N
first() { commands | grep -n "^$1" | sed -n "${2:-1}s/:.*//p"; }
# Whether the Nth command that starts with WORDS went out before the server answered the
# Mth that starts with OTHER (the rawlogs' times: *.in what poll sent, *.out the answers)
sent_before_answer() {
    tag=$(cat "$raw"/*.in | tr -d '\r' | awk -v w="$3" '$3 " " $4 ~ "^" w' | sed -n "${4}p" | cut -d' ' -f2)
    at=$(cat "$raw"/*.in | tr -d '\r' | awk -v w="$1" '$3 " " $4 ~ "^" w' | sed -n "${2}p" | cut -d' ' -f1)
    done_at=$(cat "$raw"/*.out | tr -d '\r' | awk -v t="$tag" '$2 == t { print $1; exit }')
    [ -n "$at" ] && [ -n "$done_at" ] && awk -v a="$at" -v b="$done_at" 'BEGIN { exit !(a < b) }'
}

# MAILS challenges from alice to bob, in order, tagged TAG.
challenges() {
    for i in $(seq 1 $MAILS); do
        e2e_challenge alice "$MS_DOMAIN" "game $i" "c$i.$1" \
            "new chess" "opponent bob@$MS_DOMAIN" > "$work/c.eml"
        ms_send alice referee "$work/c.eml" || return 1
    done
    ms_wait_count referee "$MAILS" 15 >/dev/null
}

# Waits until alice and bob hold A and B mails, and no more (none on its way either).
both_have() {
    ms_wait_count alice "$1" 15 >/dev/null && ms_wait_count bob "$2" 15 >/dev/null &&
        ms_settle && [ "$(count alice)" -eq "$1" ] && [ "$(count bob)" -eq "$2" ]
}

games() { "$T" list -c "$conf" | tail -n +2 | grep -c . ; }

# ---- one run without faults: what goes over the wire
configure plain
a0=$(count alice); b0=$(count bob)
check "seven challenges reach the referee" challenges plain
big=$work/big.eml
{ printf 'From: carol <carol@%s>\r\nTo: referee@%s\r\nSubject: big\r\n\r\n' "$MS_DOMAIN" "$MS_DOMAIN"
  for i in $(seq 1 1200); do printf '%070d\r\n' "$i"; done; } > "$big"
check "and one mail of 86 KB (over twice max_message_size)" ms_send carol referee "$big"
ms_wait_count referee $((MAILS + 1)) 15 >/dev/null
poll
check "poll: exit 0" [ "$prc" -eq 0 ]
check "the mailbox listed in one command (FETCH 1:8)" [ "$(ncommands 'FETCH 1:8 ')" -eq 1 ]
check "three batches: three UID FETCH" [ "$(ncommands 'UID FETCH')" -eq 3 ]
check "... and three UID MOVE" [ "$(ncommands 'UID MOVE')" -eq 3 ]
check "the second batch asked for before the first is moved" \
    [ "$(first 'UID FETCH' 2)" -lt "$(first 'UID MOVE' 1)" ]
check "the large mail is never fetched" [ "$(ncommands 'UID FETCH 8 ')" -eq 0 ]
check "... but moved unanswered" grep -q "too large to read" "$work/poll.err"
check "the INBOX is empty" [ "$(count referee)" -eq 0 ]
check "every mail is in Processed" [ "$(count referee Processed)" -eq $((MAILS + 1)) ]
check "seven games" [ "$(games)" -eq "$MAILS" ]
check "every reply arrives once" both_have $((a0 + MAILS)) $((b0 + MAILS))
check "carol gets no answer" [ "$(count carol)" -eq 0 ]

# ---- the idle run: one command after the login
poll
check "idle poll: exit 0, quiet" [ "$prc" -eq 0 ] && [ ! -s "$work/poll.err" ]
idle=$(commands | cut -d' ' -f1 | tr '\n' ' ')
check "idle poll: SELECT and LOGOUT, nothing else ($idle)" [ "$idle" = "SELECT LOGOUT " ]

# ---- one batch of seven mails: three UID FETCH of three mails at most, pipelined
configure wide 10
a0=$(count alice); b0=$(count bob); p0=$(count referee Processed)
check "wide: seven challenges reach the referee" challenges wide
poll
check "wide: exit 0" [ "$prc" -eq 0 ]
check "wide: three UID FETCH" [ "$(ncommands 'UID FETCH')" -eq 3 ]
check "wide: the third sent before the first is answered" sent_before_answer 'UID FETCH' 3 'UID FETCH' 1
check "wide: one UID MOVE of the seven" [ "$(ncommands 'UID MOVE')" -eq 1 ]
check "wide: the INBOX is empty" [ "$(count referee)" -eq 0 ]
check "wide: every mail is in Processed" [ "$(count referee Processed)" -eq $((p0 + MAILS)) ]
check "wide: seven games" [ "$(games)" -eq "$MAILS" ]
check "wide: every reply arrives once" both_have $((a0 + MAILS)) $((b0 + MAILS))

# ---- a kill at each step of a batch, then a normal run
for point in batch-fetched mid-batch before-move after-move; do
    configure "$point"
    a0=$(count alice); b0=$(count bob); p0=$(count referee Processed)
    challenges "$point" || fail "$point: the challenges were not delivered"
    poll TEMPEST_FAULT=$point
    check "$point: the run was killed" [ "$prc" -eq 137 ]
    poll
    check "$point: the next run ends well" [ "$prc" -eq 0 ]
    check "$point: the INBOX is empty" [ "$(count referee)" -eq 0 ]
    check "$point: every mail in Processed once" [ "$(count referee Processed)" -eq $((p0 + MAILS)) ]
    check "$point: seven games, no more" [ "$(games)" -eq "$MAILS" ]
    check "$point: every reply arrives once" both_have $((a0 + MAILS)) $((b0 + MAILS))
    check "$point: the outbox is empty" [ "$(queued "$conf")" -eq 0 ]
done

# ---- a mail that kills the run as it is processed (TEMPEST_FAULT_MAIL): three runs die;
# the fourth moves it to the folder Quarantine, unanswered, and answers the others
configure poison
a0=$(count alice); b0=$(count bob); p0=$(count referee Processed)
for m in p1 p3; do
    e2e_challenge alice "$MS_DOMAIN" game "$m" "new chess" "opponent bob@$MS_DOMAIN" > "$work/$m.eml"
done
e2e_mail mallory "$MS_DOMAIN" hi "POISON-e2e" p2 > "$work/p2.eml"
for m in p1 p2 p3; do ms_send alice referee "$work/$m.eml" || fail "poison: $m not sent"; done
ms_wait_count referee 3 15 >/dev/null
for i in 1 2 3; do
    poll TEMPEST_FAULT_MAIL=POISON-e2e
    check "poison: run $i dies" [ "$prc" -eq 137 ]
done
poll TEMPEST_FAULT_MAIL=POISON-e2e
check "poison: run 4 ends well" [ "$prc" -eq 0 ]
check "poison: the operator is told" grep -q "set aside" "$work/poll.err"
check "poison: the mail in Quarantine" [ "$(count referee Quarantine)" -eq 1 ]
check "poison: the others in Processed" [ "$(count referee Processed)" -eq $((p0 + 2)) ]
check "poison: the INBOX is empty" [ "$(count referee)" -eq 0 ]
check "poison: both challenges answered once" both_have $((a0 + 2)) $((b0 + 2))
check "poison: a copy in DATA/quarantine" [ "$(ls "$data/quarantine" | grep -c '\.eml$')" -eq 1 ]
