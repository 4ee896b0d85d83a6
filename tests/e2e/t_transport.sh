#!/bin/sh
# tempest's own mail transport against a real Dovecot + Postfix (tests/e2e/mailstack.sh):
#   - `tempest send` flushes a data directory's outbox over plain SMTP, STARTTLS with SMTP
#     AUTH, and SMTPS; the mails arrive byte for byte; a refused recipient goes to failed/
#     while the others go; a temporary failure (4xx, server stopped, server silent, no
#     STARTTLS) keeps the queue, and the next run sends each mail exactly once.
#   - src/mail/imap.c, driven by tests/e2e/imapcheck.c over IMAP, STARTTLS and IMAPS: UIDs,
#     byte-exact fetches, one login per run, move (with and without the server's MOVE),
#     \Seen taken off again, the size guard, a mailbox of 25,000 mails, refusals.
# Usage: t_transport.sh   (from anywhere). Environment:
#   TEMPEST    the binary under test (default: ./tempest of this tree; build/asan/tempest
#              runs it under the sanitizers)
#   IMAPCHECK  a built tests/e2e/imapcheck (default: built here, with the sanitizers)
#   MS_*       the mail stack's ports, as in mailstack.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# Players enough for every part of the test to have its own mailbox.
MS_USERS=${MS_USERS:-"referee:refpass alice:alicepass bob:bobpass carol:carolpass dave:davepass erin:erinpass frank:frankpass grace:gracepass heidi:heidipass"}
export MS_USERS
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_transport
fake_pid=""
TEMPEST=${TEMPEST:-$root/tempest}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

if [ ! -x "$TEMPEST" ]; then
    echo "$name: no tempest binary at $TEMPEST (run make first)"
    echo "$name: 0 passed, 1 failed"; exit 1
fi
# the fake server, if one is running, goes with the test
e2e_cleanup() { [ -n "$fake_pid" ] && kill "$fake_pid" 2>/dev/null; }
e2e_begin transport
mkdir "$work/sent" || exit 1

# --- the IMAP test program: given, or built here from the sources with the sanitizers
imapcheck=${IMAPCHECK:-}
if [ -z "$imapcheck" ]; then
    imapcheck=$work/imapcheck
    # shellcheck disable=SC2046
    if ! ${CC:-cc} -std=c11 -D_GNU_SOURCE -I"$root/src" -g -O1 -fsanitize=address,undefined \
        -fno-omit-frame-pointer -o "$imapcheck" "$here/imapcheck.c" "$root/src/mail/imap.c" "$root/src/mail/fetchparse.c" "$root/src/mail/net.c" \
        "$root/src/config/config.c" "$root/src/util/clock.c" "$root/src/util/err.c" "$root/src/util/log.c" \
        $(pkg-config --cflags --libs libcurl) 2>"$work/imapcheck.build.log"; then
        cat "$work/imapcheck.build.log"
        fail "building tests/e2e/imapcheck.c"; exit 1
    fi
fi

t0=$(ms_now_ms)
if ! mailstack_up "$stack"; then
    fail "mailstack_up $stack"; exit 1
fi
stack_up=yes
echo "     (mail stack up in $(( $(ms_now_ms) - t0 )) ms)"

# ---------------------------------------------------------------- helpers

# Writes the configuration FILE from the key = value lines after it.
conf() {
    f=$1; shift
    printf '%s\n' "referee_address = referee@$MS_DOMAIN" "$@" > "$f"
}

# Queues a mail as outbox.h lays it out (NAME = hex of the first 16 bytes of the
# SHA-256 of the Message-ID): DATA MID TO [SUBJECT]. A copy goes to $work/sent/MID.eml.
# The body holds what SMTP is touchy about: dot lines, "From ", 8-bit text, long lines.
queue() {
    q_name=$(printf '%s' "$2" | sha256sum | cut -c1-32)
    mkdir -p "$1/outbox" || return 1
    {
        printf 'From: Tempest referee <referee@%s>\r\nTo: %s\r\nSubject: %s\r\n' \
            "$MS_DOMAIN" "$3" "${4:-game 7: your move}"
        printf 'Date: %s\r\nMessage-ID: <%s>\r\nMIME-Version: 1.0\r\n' \
            "$(LC_ALL=C date -u '+%a, %d %b %Y %H:%M:%S +0000')" "$2"
        printf 'Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n'
        printf 'Mail %s.\r\n.\r\n..\r\n. a dot and a blank\r\nFrom the referee\r\n>From quoted\r\n' "$2"
        printf 'Tempête sur l'"'"'échiquier: ♞ f3\r\ntrailing blanks   \r\n\r\n'
        printf '%0990d\r\n' 7
        printf 'end\r\n'
    } > "$work/sent/$2.eml" && cp "$work/sent/$2.eml" "$1/outbox/$q_name.eml.new" &&
        mv "$1/outbox/$q_name.eml.new" "$1/outbox/$q_name.eml"
}

# Counts the queued mails of DATA (the outbox's NAME.eml files).
queued() {
    ls "$1/outbox" 2>/dev/null | grep -c -E '^[0-9a-f]{32}\.eml$'
}

# Runs tempest send -c CONF, keeping the exit status, stdout and stderr in $rc, $out, $err.
send() {
    "$TEMPEST" send -c "$@" >"$work/out" 2>"$work/err"
    rc=$?
    out=$(cat "$work/out"); err=$(cat "$work/err")
}

# Succeeds when the last send exited with $1 (and says what it printed otherwise).
exited() {
    [ "$rc" -eq "$1" ] && return 0
    echo "     (exit $rc, wanted $1; stderr: $(printf '%s' "$err" | head -c 400))"
    return 1
}

# Succeeds when the last send printed nothing at all.
quiet() {
    [ -z "$out$err" ] && return 0
    echo "     (printed: $(printf '%s %s' "$out" "$err" | head -c 400))"
    return 1
}

# Succeeds when the last send's stderr contains $1.
said() {
    case $err in *"$1"*) return 0 ;; esac
    echo "     (stderr lacks '$1': $(printf '%s' "$err" | head -c 400))"
    return 1
}

# Succeeds once USER's INBOX holds the mail MID exactly once, its end (everything the
# referee wrote; the server only adds trace headers in front) equal to what was queued.
delivered_once() {
    d_end=$(( $(date +%s) + 10 ))
    while :; do
        ms_fetch_all "$1" "$work/inbox-$1" >/dev/null || return 1
        d_files=$(grep -l -F "Message-ID: <$2>" "$work/inbox-$1"/*.eml 2>/dev/null)
        [ -n "$d_files" ] && break
        if [ "$(date +%s)" -ge "$d_end" ]; then
            echo "     ($2 never reached $1)"; return 1
        fi
        sleep 0.1
    done
    ms_settle   # a second copy would be right behind
    ms_fetch_all "$1" "$work/inbox-$1" >/dev/null || return 1
    d_files=$(grep -l -F "Message-ID: <$2>" "$work/inbox-$1"/*.eml)
    d_n=$(printf '%s\n' "$d_files" | wc -l)
    [ "$d_n" -eq 1 ] || { echo "     ($2 reached $1 $d_n times)"; return 1; }
    d_q=$work/sent/$2.eml
    tail -c "$(wc -c < "$d_q")" "$d_files" | cmp -s - "$d_q" && return 0
    echo "     ($2 as delivered to $1 differs from what was queued: $d_files)"
    return 1
}

# Counts USER's mails carrying Message-ID MID.
copies() {
    ms_fetch_all "$1" "$work/inbox-$1" >/dev/null || { echo 0; return; }
    grep -l -F "Message-ID: <$2>" "$work/inbox-$1"/*.eml 2>/dev/null | wc -l
}

# Counts the SMTP connections Postfix has logged so far.
smtp_connects() {
    grep -c 'smtpd\[[0-9]*\]: connect from' "$MS_DIR/log/postfix.log" 2>/dev/null
}

# Counts the IMAP logins of USER that Dovecot has logged so far.
imap_logins() {
    grep -c "Login: user=<$1@" "$MS_DIR/log/dovecot.log" 2>/dev/null
}

# Succeeds when `nothing` answers on 127.0.0.1:$1 (curl 7: refused).
port_closed() {
    curl -q -s --max-time 2 -o /dev/null "telnet://$MS_HOST:$1" </dev/null >/dev/null 2>&1
    [ $? -eq 7 ]
}

# Waits until $1 succeeds, at most $2 seconds.
wait_for() {
    w_end=$(( $(date +%s) + $2 ))
    until eval "$1"; do
        [ "$(date +%s)" -ge "$w_end" ] && return 1
        sleep 0.1
    done
}

# Succeeds when Dovecot's CAPABILITY after login is exactly $1.
caps_are() {
    [ "$(curl -q -s -u "referee@$MS_DOMAIN:$MS_PASS_referee" "$MS_IMAP_URL/INBOX" -X CAPABILITY \
        </dev/null | tr -d '\r')" = "* CAPABILITY $1" ]
}

# Stops Postfix by its master's PID (the whole process group, as mailstack_down does).
postfix_stop() {
    p=$(tr -d ' \n' < "$MS_DIR/spool/pid/master.pid")
    [ -n "$p" ] || return 1
    kill -TERM "-$p" 2>/dev/null || kill -TERM "$p" || return 1
    wait_for "port_closed $MS_SMTP_PORT && port_closed $MS_SMTPS_PORT && ! kill -0 $p 2>/dev/null" 10
}

# Starts Postfix again and waits until it answers.
postfix_start() {
    postfix -c "$MS_DIR/postfix" start </dev/null >>"$MS_DIR/log/daemons.log" 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&- ||
        return 1
    wait_for "curl -q -s --max-time 2 -o /dev/null -X NOOP $MS_SMTP_URL/probe </dev/null" 15
}

# Starts a stand-in SMTP server on a free port (printed into $work/fake.port): MODE is
# silent (accepts and never speaks), rcpt451 (a temporary refusal of every recipient),
# mail553 (a permanent refusal of the sender) or data554 (a permanent refusal of every
# mail's content). Its PID is in $fake_pid.
fake_smtp() {
    rm -f "$work/fake.port"
    perl -e '
        use IO::Socket::INET;
        my ($mode, $portfile) = @ARGV;
        my $l = IO::Socket::INET->new(LocalAddr => "127.0.0.1", LocalPort => 0, Listen => 5,
                                      ReuseAddr => 1) or die "listen: $!";
        open(my $f, ">", "$portfile.new") or die; print $f $l->sockport, "\n"; close $f;
        rename("$portfile.new", $portfile);
        my @held;
        while (my $c = $l->accept) {
            $c->autoflush(1);
            if ($mode eq "silent") { push @held, $c; next; }
            print $c "220 fake ESMTP\r\n";
            while (my $line = <$c>) {
                if ($line =~ /^(EHLO|HELO)/i) { print $c "250-fake\r\n250 8BITMIME\r\n"; }
                elsif ($line =~ /^MAIL/i) {
                    print $c $mode eq "mail553" ? "553 5.7.1 sender not allowed\r\n" : "250 ok\r\n";
                } elsif ($line =~ /^RCPT/i) {
                    print $c $mode eq "rcpt451" ? "451 4.3.0 mailbox busy, try later\r\n" : "250 ok\r\n";
                } elsif ($line =~ /^DATA/i) {
                    print $c "354 go ahead\r\n";
                    while (my $d = <$c>) { last if $d eq ".\r\n"; }
                    print $c $mode eq "data554" ? "554 5.7.1 content refused\r\n" : "250 ok\r\n";
                } elsif ($line =~ /^QUIT/i) { print $c "221 bye\r\n"; last; }
                else { print $c "250 ok\r\n"; }
            }
            close $c;
        }' "$1" "$work/fake.port" </dev/null >>"$work/fake.log" 2>&1 &
    fake_pid=$!
    wait_for "[ -s $work/fake.port ]" 5 || return 1
    fake_port=$(cat "$work/fake.port")
}

fake_stop() {
    [ -n "$fake_pid" ] && kill "$fake_pid" 2>/dev/null && wait "$fake_pid" 2>/dev/null
    fake_pid=""
}

# ---------------------------------------------------------------- SMTP: tempest send

umask 077
printf 'machine %s login referee@%s password %s\n' "$MS_HOST" "$MS_DOMAIN" "$MS_PASS_referee" > "$work/netrc"
chmod 600 "$work/netrc"

# --- plain SMTP: three mails, one connection, nothing printed
data=$work/plain
conf "$work/plain.conf" "data_dir = $data" "smtp_url = $MS_SMTP_URL" "starttls = no"
queue "$data" p1.transport@game.test "Alice Player <alice@$MS_DOMAIN>"
queue "$data" p2.transport@game.test "bob@$MS_DOMAIN"
queue "$data" p3.transport@game.test "\"Carol, the third\" <carol@$MS_DOMAIN>"
c0=$(smtp_connects)
send "$work/plain.conf"
check "plain SMTP: tempest send exits 0" exited 0
check "plain SMTP: ... and prints nothing" quiet
check "plain SMTP: the outbox is empty" [ "$(queued "$data")" -eq 0 ]
check "plain SMTP: alice got hers once, byte for byte" delivered_once alice p1.transport@game.test
check "plain SMTP: bob got his once, byte for byte" delivered_once bob p2.transport@game.test
check "plain SMTP: carol got hers once, byte for byte" delivered_once carol p3.transport@game.test
check "plain SMTP: three mails over one connection" [ "$(( $(smtp_connects) - c0 ))" -eq 1 ]

# --- STARTTLS verified with the test CA, SMTP AUTH from a netrc file
data=$work/starttls
conf "$work/starttls.conf" "data_dir = $data" "smtp_url = $MS_SMTP_URL" "tls_ca_file = $MS_CA" \
    "netrc_file = $work/netrc"
queue "$data" s1.transport@game.test "alice@$MS_DOMAIN"
queue "$data" s2.transport@game.test "bob@$MS_DOMAIN"
queue "$data" s3.transport@game.test "carol@$MS_DOMAIN"
send "$work/starttls.conf"
check "STARTTLS + AUTH: tempest send exits 0" exited 0
check "STARTTLS + AUTH: the outbox is empty" [ "$(queued "$data")" -eq 0 ]
for u in alice:s1 bob:s2 carol:s3; do
    check "STARTTLS + AUTH: ${u%%:*} got ${u#*:} once, byte for byte" \
        delivered_once "${u%%:*}" "${u#*:}.transport@game.test"
done
check "STARTTLS + AUTH: Postfix saw the login" \
    grep -q "sasl_username=referee@$MS_DOMAIN" "$MS_DIR/log/postfix.log"

# --- SMTPS verified with the test CA
data=$work/smtps
conf "$work/smtps.conf" "data_dir = $data" "smtp_url = $MS_SMTPS_URL" "tls_ca_file = $MS_CA"
queue "$data" t1.transport@game.test "alice@$MS_DOMAIN"
queue "$data" t2.transport@game.test "bob@$MS_DOMAIN"
queue "$data" t3.transport@game.test "carol@$MS_DOMAIN"
send "$work/smtps.conf"
check "SMTPS: tempest send exits 0" exited 0
for u in alice:t1 bob:t2 carol:t3; do
    check "SMTPS: ${u%%:*} got ${u#*:} once, byte for byte" \
        delivered_once "${u%%:*}" "${u#*:}.transport@game.test"
done

# --- TLS that cannot be verified, or is not offered, sends nothing
data=$work/noca
conf "$work/noca.conf" "data_dir = $data" "smtp_url = $MS_SMTPS_URL"
queue "$data" v1.transport@game.test "erin@$MS_DOMAIN"
send "$work/noca.conf"
check "SMTPS without the test CA: exit 2 (a person must act)" exited 2
check "... the certificate is named as the reason" said "certificate"
check "... and the mail stays queued" [ "$(queued "$data")" -eq 1 ]

# --- an unknown recipient: refused for good, moved to failed/, the others go
data=$work/unknown
conf "$work/unknown.conf" "data_dir = $data" "smtp_url = $MS_SMTP_URL" "tls_ca_file = $MS_CA"
queue "$data" u1.transport@game.test "alice@$MS_DOMAIN"
queue "$data" u2.transport@game.test "Nobody <nobody@$MS_DOMAIN>"
queue "$data" u3.transport@game.test "bob@$MS_DOMAIN"
send "$work/unknown.conf"
check "unknown recipient: exit 1" exited 1
check "... the warning names the recipient and the server's reason" \
    sh -c 'case $1 in *"nobody@game.test"*"User unknown"*) exit 0 ;; esac; exit 1' sh "$err"
u2=$(printf '%s' u2.transport@game.test | sha256sum | cut -c1-32)
check "... its mail is in outbox/failed/, unchanged" cmp -s "$data/outbox/failed/$u2.eml" \
    "$work/sent/u2.transport@game.test.eml"
check "... nothing is left queued" [ "$(queued "$data")" -eq 0 ]
check "... the mail before it arrived" delivered_once alice u1.transport@game.test
check "... the mail after it arrived" delivered_once bob u3.transport@game.test

# --- temporary refusals: a 4xx reply, a refused sender, no STARTTLS: all stay queued
data=$work/temp
queue "$data" r1.transport@game.test "frank@$MS_DOMAIN"
queue "$data" r2.transport@game.test "frank@$MS_DOMAIN"
if fake_smtp rcpt451; then
    conf "$work/temp.conf" "data_dir = $data" "smtp_url = smtp://$MS_HOST:$fake_port" "starttls = no"
    send "$work/temp.conf"
    check "451 to the recipient: exit 75" exited 75
    check "... the server's words are reported" said "451 4.3.0 mailbox busy"
    check "... both mails stay queued" [ "$(queued "$data")" -eq 2 ]
    check "... frank held back, once" grep -q "^1 [0-9]* frank@$MS_DOMAIN\$" "$data"/outbox/held/*
    send "$work/temp.conf"
    check "... the next run leaves his mail alone until the wait is over: exit 75 (they wait)" exited 75
    check "... still held once, still queued" sh -c 'grep -q "^1 " "$1"/outbox/held/* &&
        [ "$2" -eq 2 ]' sh "$data" "$(queued "$data")"
    # the cases below are the server's failures, not frank's: his wait is over
    rm -rf "$data/outbox/held"
    fake_stop
else
    fail "starting the stand-in SMTP server (see $work/fake.log)"
fi
if fake_smtp mail553; then
    conf "$work/temp.conf" "data_dir = $data" "smtp_url = smtp://$MS_HOST:$fake_port" "starttls = no"
    send "$work/temp.conf"
    check "553 to the sender (a configuration problem, not the mail's): exit 75" exited 75
    check "... both mails stay queued, none in failed/" \
        sh -c '[ "$1" -eq 2 ] && [ ! -d "$2/outbox/failed" ]' sh "$(queued "$data")" "$data"
    conf "$work/temp.conf" "data_dir = $data" "smtp_url = smtp://$MS_HOST:$fake_port"
    send "$work/temp.conf"
    check "starttls = yes and a server without STARTTLS: exit 75, nothing sent in clear" \
        sh -c '[ "$1" -eq 75 ] && [ "$2" -eq 2 ]' sh "$rc" "$(queued "$data")"
    fake_stop
else
    fail "starting the stand-in SMTP server (see $work/fake.log)"
fi

if fake_smtp data554; then
    data=$work/content
    conf "$work/content.conf" "data_dir = $data" "smtp_url = smtp://$MS_HOST:$fake_port" "starttls = no"
    queue "$data" c1.transport@game.test "frank@$MS_DOMAIN"
    send "$work/content.conf"
    check "554 after the content: refused for good, exit 1" exited 1
    check "... the mail is in failed/" [ -f "$data/outbox/failed/$(printf c1.transport@game.test |
        sha256sum | cut -c1-32).eml" ]
    fake_stop
    data=$work/temp
else
    fail "starting the stand-in SMTP server (see $work/fake.log)"
fi

# --- a server that accepts and never answers: the timeouts end the run
if fake_smtp silent; then
    conf "$work/silent.conf" "data_dir = $data" "smtp_url = smtp://$MS_HOST:$fake_port" \
        "starttls = no" "connect_timeout = 2" "stall_timeout = 2"
    t0=$(ms_now_ms)
    send "$work/silent.conf"
    silent_ms=$(( $(ms_now_ms) - t0 ))
    check "a silent server: exit 75" exited 75
    check "... after the 2 s timeout, not later (took $silent_ms ms)" [ "$silent_ms" -lt 6000 ]
    check "... the mails stay queued" [ "$(queued "$data")" -eq 2 ]
    fake_stop
else
    fail "starting the stand-in SMTP server (see $work/fake.log)"
fi
conf "$work/temp.conf" "data_dir = $data" "smtp_url = $MS_SMTP_URL" "starttls = no"
send "$work/temp.conf"
check "the next run sends them: exit 0" exited 0
check "... frank got r1 exactly once" delivered_once frank r1.transport@game.test
check "... and r2 exactly once" delivered_once frank r2.transport@game.test

# --- Postfix stopped mid-test: exit 75, the queue kept; back up: each sent once
data=$work/down
conf "$work/down.conf" "data_dir = $data" "tls_ca_file = $MS_CA" \
    "smtp_url = smtp://referee%40$MS_DOMAIN:$MS_PASS_referee@$MS_HOST:$MS_SMTP_PORT"
queue "$data" d1.transport@game.test "grace@$MS_DOMAIN"
queue "$data" d2.transport@game.test "grace@$MS_DOMAIN"
queue "$data" d3.transport@game.test "heidi@$MS_DOMAIN"
if postfix_stop; then
    pass "Postfix stopped by PID"
    send "$work/down.conf"
    check "server down: exit 75" exited 75
    check "... the reason names the server, not the password" \
        sh -c 'case $1 in *"$2"*) exit 1 ;; *"127.0.0.1:'"$MS_SMTP_PORT"'"*) exit 0 ;; esac; exit 1' \
        sh "$err" "$MS_PASS_referee"
    check "... all three stay queued" [ "$(queued "$data")" -eq 3 ]
    send "$work/down.conf"
    check "... a second try while down changes nothing" \
        sh -c '[ "$1" -eq 75 ] && [ "$2" -eq 3 ]' sh "$rc" "$(queued "$data")"
    if postfix_start; then
        pass "Postfix started again"
        send "$work/down.conf"
        check "server back: exit 0" exited 0
        check "... the outbox is empty" [ "$(queued "$data")" -eq 0 ]
        check "... grace got d1 exactly once" delivered_once grace d1.transport@game.test
        check "... grace got d2 exactly once" delivered_once grace d2.transport@game.test
        check "... heidi got d3 exactly once" delivered_once heidi d3.transport@game.test
    else
        fail "Postfix started again"
    fi
else
    fail "Postfix stopped by PID"
fi

# --- killed between the server's acceptance and the file's removal: nothing is lost
data=$work/fault
conf "$work/fault.conf" "data_dir = $data" "smtp_url = $MS_SMTP_URL" "starttls = no"
queue "$data" f1.transport@game.test "erin@$MS_DOMAIN"
queue "$data" f2.transport@game.test "erin@$MS_DOMAIN"
TEMPEST_FAULT=after-send "$TEMPEST" send -c "$work/fault.conf" >/dev/null 2>&1
check "killed after a send: both mails are still queued" [ "$(queued "$data")" -eq 2 ]
send "$work/fault.conf"
check "... the next run sends them: exit 0" exited 0
check "... f2 arrives once" delivered_once erin f2.transport@game.test
check "... f1, sent before the kill, arrives again (at least once, same Message-ID)" \
    [ "$(copies erin f1.transport@game.test)" -eq 2 ]

# --- the embedded mode: no smtp_url, the mails go to standard output as an mbox
data=$work/embedded
conf "$work/embedded.conf" "data_dir = $data"
queue "$data" e1.transport@game.test "alice@$MS_DOMAIN"
send "$work/embedded.conf"
check "embedded mode: exit 0, the outbox empty" sh -c '[ "$1" -eq 0 ] && [ "$2" -eq 0 ]' sh "$rc" \
    "$(queued "$data")"
check "... the mail is on standard output after an mbox From line" \
    sh -c 'head -n 1 "$1" | grep -q "^From referee@game.test " && grep -q "^Mail e1.transport" "$1"' \
    sh "$work/out"

# --- --dry-run lists, sends nothing
data=$work/dry
conf "$work/dry.conf" "data_dir = $data" "smtp_url = $MS_SMTP_URL" "starttls = no"
queue "$data" y1.transport@game.test "Dave <dave@$MS_DOMAIN>"
send "$work/dry.conf" --dry-run
check "--dry-run names the queued mail's recipient and sends nothing" \
    sh -c 'case $1 in *"-> dave@game.test"*) [ "$2" -eq 1 ] ;; *) exit 1 ;; esac' sh "$out" \
    "$(queued "$data")"
rm -f "$data/outbox"/*.eml

# --- speed: 100 mails in one run
data=$work/bulk
conf "$work/bulk.conf" "data_dir = $data" "smtp_url = $MS_SMTP_URL" "starttls = no" \
    "max_replies_per_sender = 1000"
i=1
while [ $i -le 100 ]; do queue "$data" "n$i.bulk@game.test" "dave@$MS_DOMAIN"; i=$((i + 1)); done
c0=$(smtp_connects)
t0=$(ms_now_ms)
send "$work/bulk.conf"
bulk_ms=$(( $(ms_now_ms) - t0 ))
check "100 mails: exit 0, the outbox empty" sh -c '[ "$1" -eq 0 ] && [ "$2" -eq 0 ]' sh "$rc" \
    "$(queued "$data")"
check "... over one connection" [ "$(( $(smtp_connects) - c0 ))" -eq 1 ]
check "... all 100 arrive" ms_wait_count dave 100 30
echo "     (100 mails handed to Postfix in $bulk_ms ms: $(( 100000 / (bulk_ms > 0 ? bulk_ms : 1) )) mails/s)"

# ---------------------------------------------------------------- IMAP: src/mail/imap.c

# Three mails for the referee: a plain one, one with dot lines and 8-bit text, a large
# one (1.3 MB with a 300 KB line).
for m in i1 i2 i3; do
    {
        printf 'From: alice@%s\r\nTo: referee@%s\r\nSubject: %s\r\n' "$MS_DOMAIN" "$MS_DOMAIN" "$m"
        printf 'Date: %s\r\nMessage-ID: <%s.imap@game.test>\r\n\r\n' \
            "$(LC_ALL=C date -u '+%a, %d %b %Y %H:%M:%S +0000')" "$m"
        printf 'e4\r\n.\r\n..\r\nFrom me\r\nTempête ♞\r\n'
        [ "$m" = i3 ] && perl -e 'print "x" x 998, "\r\n" for 1..1000; print "y" x 300000, "\r\n"'
    } > "$work/sent/$m.eml"
    ms_send alice referee "$work/sent/$m.eml" || fail "ms_send $m"
done
check "three mails reach the referee's INBOX" ms_wait_count referee 3
want=$(ms_uids referee | tr '\n' ' '); want="uids: ${want% }"
ms_fetch_all referee "$work/ref" >/dev/null    # curl's copies, to compare with

conf "$work/imap-plain.conf" "imap_url = $MS_IMAP_URL" "starttls = no" "netrc_file = $work/netrc"
conf "$work/imap-starttls.conf" "imap_url = $MS_IMAP_URL" "tls_ca_file = $MS_CA" "netrc_file = $work/netrc"
conf "$work/imap-imaps.conf" "imap_url = $MS_IMAPS_URL/" "tls_ca_file = $MS_CA" "netrc_file = $work/netrc"

for mode in plain starttls imaps; do
    out_dir=$work/fetch-$mode; mkdir -p "$out_dir"
    l0=$(imap_logins referee)
    res=$("$imapcheck" "$work/imap-$mode.conf" search fetch-all "$out_dir" 2>"$work/imap.err")
    irc=$?
    check "IMAP $mode: search and fetch succeed" sh -c '[ "$1" -eq 0 ] || { cat "$2"; exit 1; }' \
        sh "$irc" "$work/imap.err"
    check "IMAP $mode: UID SEARCH ALL lists the INBOX ($want)" [ "$res" = "$want" ]
    k=0; same=yes; ends=yes
    for u in ${want#uids: }; do
        k=$((k + 1))
        cmp -s "$out_dir/$u.eml" "$work/ref/$k.eml" || same=no
        sent=$work/sent/i$k.eml
        tail -c "$(wc -c < "$sent")" "$out_dir/$u.eml" | cmp -s - "$sent" || ends=no
    done
    check "IMAP $mode: each fetch is byte for byte what curl fetches" [ "$same" = yes ]
    check "IMAP $mode: ... and ends with exactly what was sent" [ "$ends" = yes ]
    sleep 0.1
    check "IMAP $mode: one login for the whole run" [ "$(( $(imap_logins referee) - l0 ))" -eq 1 ]
done

set -- ${want#uids: }
u1=$1; u2=$2; u3=$3
seen_before=$(ms_uids referee INBOX UNSEEN | wc -l)
"$imapcheck" "$work/imap-plain.conf" unseen "$u1" unseen "$u2" >/dev/null 2>&1
unseen=$(ms_uids referee INBOX UNSEEN | tr '\n' ' ')
check "fetching sets \\Seen; imap_unflag_seen takes it off again" \
    [ "$seen_before/$unseen" = "0/$u1 $u2 " ]

# The size guard: with max_message_size = 100000 the 1.3 MB mail is refused after at
# most 265,536 bytes, and the same run goes on.
conf "$work/imap-small.conf" "imap_url = $MS_IMAP_URL" "starttls = no" "netrc_file = $work/netrc" \
    "max_message_size = 100000"
res=$("$imapcheck" "$work/imap-small.conf" too-large "$u3" fetch "$u1" "$work/after-big.eml" 2>&1)
check "a mail over twice max_message_size is refused, not read" \
    sh -c 'case $1 in *"too large: "*"larger than 265536 bytes"*) exit 0 ;; esac; echo "     ($1)"; exit 1' \
    sh "$res"
check "... and the next fetch in the same run works" cmp -s "$work/after-big.eml" "$work/ref/1.eml"

res=$("$imapcheck" "$work/imap-starttls.conf" move "$u1" Processed search 2>&1)
check "UID MOVE to Processed: gone from INBOX" [ "$res" = "uids: $u2 $u3" ]
check "... and in Processed" [ "$(ms_uids referee Processed | wc -l)" -eq 1 ]
"$imapcheck" "$work/imap-imaps.conf" move "$u2" "Archive/2026 games" >/dev/null 2>&1
check "moving to a folder that does not exist creates it" \
    [ "$(ms_uids referee "Archive/2026 games" | wc -l)" -eq 1 ]

# A server without MOVE (Dovecot told to hide it): COPY, \Deleted, then UID EXPUNGE with
# UIDPLUS, plain EXPUNGE without.
dconf=$MS_DIR/dovecot/dovecot.conf
cp "$dconf" "$work/dovecot.conf.orig"
for caps in "IMAP4rev1 LITERAL+ UIDPLUS" "IMAP4rev1 LITERAL+"; do
    cp "$work/dovecot.conf.orig" "$dconf"
    echo "imap_capability = $caps" >> "$dconf"
    doveadm -c "$dconf" reload >/dev/null 2>&1 || fail "doveadm reload"
    wait_for "caps_are '$caps'" 10 || fail "Dovecot hides MOVE ($caps)"
    ms_send alice referee "$work/sent/i1.eml" >/dev/null
    ms_wait_count referee 2 >/dev/null
    nu=$(ms_uids referee | tail -n 1)
    before=$(ms_uids referee Processed | wc -l)
    res=$("$imapcheck" "$work/imap-plain.conf" move "$nu" Processed search 2>&1)
    check "without MOVE ($caps): the mail leaves INBOX" [ "$res" = "uids: $u3" ]
    check "... and is in Processed" [ "$(ms_uids referee Processed | wc -l)" -eq $((before + 1)) ]
done
cp "$work/dovecot.conf.orig" "$dconf"
doveadm -c "$dconf" reload >/dev/null 2>&1

# --- refusals, each naming the operation and the server, never the password
conf "$work/imap-wrong.conf" "imap_url = imap://referee%40$MS_DOMAIN:wrongpass@$MS_HOST:$MS_IMAP_PORT" \
    "starttls = no"
res=$("$imapcheck" "$work/imap-wrong.conf" search 2>&1)
check "a wrong password: the login is refused with the server's words" \
    sh -c 'case $1 in *wrongpass*) exit 1 ;; *"Login denied"*AUTHENTICATIONFAILED*) exit 0 ;; esac; exit 1' \
    sh "$res"
conf "$work/imap-noca.conf" "imap_url = $MS_IMAP_URL" "netrc_file = $work/netrc"
res=$("$imapcheck" "$work/imap-noca.conf" search 2>&1)
check "STARTTLS without the test CA: refused (certificate)" \
    sh -c 'case $1 in *certificate*) exit 0 ;; esac; exit 1' sh "$res"
cp "$work/netrc" "$work/netrc.open"; chmod 644 "$work/netrc.open"
conf "$work/imap-open.conf" "imap_url = $MS_IMAP_URL" "starttls = no" "netrc_file = $work/netrc.open"
res=$("$imapcheck" "$work/imap-open.conf" search 2>&1)
check "a netrc file others can read is refused" \
    sh -c 'case $1 in *"readable by others"*) exit 0 ;; esac; exit 1' sh "$res"
conf "$work/imap-nobox.conf" "imap_url = $MS_IMAP_URL" "starttls = no" "netrc_file = $work/netrc" \
    "imap_mailbox = Missing"
res=$("$imapcheck" "$work/imap-nobox.conf" search 2>&1)
check "a mailbox that does not exist: the server's reason is given" \
    sh -c 'case $1 in *"Mailbox doesn"*"Missing"*) exit 0 ;; esac; echo "     ($1)"; exit 1' sh "$res"
res=$("$imapcheck" "$work/imap-plain.conf" fetch 999999 "$work/none.eml" 2>&1)
check "fetching a UID that does not exist fails" \
    sh -c 'case $1 in *"UID 999999"*) exit 0 ;; esac; echo "     ($1)"; exit 1' sh "$res"

# --- 25,000 mails: more UIDs than one libcurl response line may carry
mbox_dir=$MS_DIR/mail/$MS_DOMAIN/heidi
mkdir -p "$mbox_dir/new" "$mbox_dir/cur" "$mbox_dir/tmp"
perl -e 'for my $i (1..25000) { open(my $f, ">", "$ARGV[0]/new/".(1600000000+$i).".M${i}P1.test") or die;
    print $f "From: x\@game.test\r\nTo: heidi\@game.test\r\nSubject: $i\r\n\r\nm\r\n"; close $f }' "$mbox_dir"
chown -R vmail:vmail "$mbox_dir"; chmod -R go-rwx "$mbox_dir"
printf 'machine %s login heidi@%s password %s\n' "$MS_HOST" "$MS_DOMAIN" "$MS_PASS_heidi" > "$work/netrc.heidi"
conf "$work/imap-heidi.conf" "imap_url = $MS_IMAP_URL" "starttls = no" "netrc_file = $work/netrc.heidi"
t0=$(ms_now_ms)
"$imapcheck" "$work/imap-heidi.conf" search > "$work/heidi.uids" 2>"$work/heidi.err"
big_ms=$(( $(ms_now_ms) - t0 ))
check "a mailbox of 25,000+ mails: UID SEARCH lists every UID, ascending ($big_ms ms)" \
    sh -c 'tr " " "\n" < "$1" | tail -n +2 | awk "\$1 != NR { exit 1 } END { exit NR < 25000 }"' \
    sh "$work/heidi.uids"
