#!/bin/sh
# `tempest poll` next to mbsync, against the same real IMAP mailbox. Starts the end-to-end
# mail stack (tests/e2e/mailstack.sh: Dovecot and Postfix on 127.0.0.1, root only, on its
# own ports so that a running `make check` is not disturbed), writes 1,000 players' mails
# (bench/genmail: 50 games of 20 mails, with the right reply tokens) straight into the
# referee's Maildir new/ (files handed over by rename, named so that Dovecot gives them
# UIDs in order), and lets Dovecot index them. Then, both over IMAP with STARTTLS
# verified against the stack's CA:
#   - mbsync (isync) pulls the 1,000 mails into a local Maildir: the cost of fetching
#     them alone, pipelined, as a mail synchroniser does it;
#   - `tempest poll` processes them: fetch, apply, commit (fsynced), move to Processed.
#     smtp_url is left empty, so the replies go to standard output (/dev/null): the SMTP
#     side is another server's work and would make the two runs measure different things.
# Every mail must end in Processed and every game at ply 18, or the bench fails. The
# previous release ($BENCH_BASE, bench/base) then polls the same mails, delivered again,
# into a data directory of its own; both have their idle runs.
# Then the idle run, INBOX empty (what cron does most of the time): CPU time and peak RSS
# of `tempest poll` and of mbsync over STARTTLS, and the IMAP commands each sends, counted
# by a small relay (python3) between the client and Dovecot over plain IMAP (the relay
# cannot read TLS; STARTTLS adds the same two commands, STARTTLS and CAPABILITY, to both).
# Through the same relay, a poll of the 1,000 mails delivered once more (into a data
# directory of its own): its IMAP commands, and its writes (what the client sent at once:
# pipelined commands go in one write, so a write is at most one wait for the server).
# The stack and the relay are stopped by PID on every exit.
# Usage: bench/poll.sh TEMPEST BENCHDIR     (BENCHDIR holds genmail)
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
case ${1:-./tempest} in /*) T=${1:-./tempest} ;; *) T=$PWD/${1:-./tempest} ;; esac
case ${2:-build/bench} in /*) B=${2:-build/bench} ;; *) B=$PWD/${2:-build/bench} ;; esac
GAMES=${BENCH_POLL_GAMES:-50}
PLIES=18
TIME=/usr/bin/time
mails=$((GAMES * 20))

if [ "$(id -u)" != 0 ]; then
    echo
    echo "tempest poll v mbsync: skipped (the mail stack needs root)"
    exit 0
fi
for cmd in mbsync "$TIME"; do
    command -v "$cmd" >/dev/null 2>&1 || { echo "bench poll: $cmd not found (apt-get install isync time)" >&2; exit 1; }
done

# Ports of their own, unless set: the e2e tests use 11143 and up.
export MS_IMAP_PORT=${MS_IMAP_PORT:-12143} MS_IMAPS_PORT=${MS_IMAPS_PORT:-12993}
export MS_SMTP_PORT=${MS_SMTP_PORT:-12025} MS_SMTPS_PORT=${MS_SMTPS_PORT:-12465}
. "$root/tests/e2e/mailstack.sh"

BENCH=poll
. "$here/lib.sh"

dir=$(ms_tempdir bench) || exit 1
stack=$dir/stack; work=$dir/work
stack_up=no
relay_pid=""
on_exit() {
    rc=$?
    trap - EXIT INT TERM HUP
    [ -n "$relay_pid" ] && kill "$relay_pid" 2>/dev/null
    if [ "$stack_up" = yes ] && [ -f "$stack/.mailstack" ]; then
        mailstack_down "$stack" || { echo "bench poll: the mail stack did not stop" >&2; rc=1; }
    fi
    if [ "$rc" -eq 0 ] || [ -z "${BENCH_KEEP:-}" ]; then
        rm -rf "$dir"
    else
        echo "bench poll: kept $dir" >&2
    fi
    exit "$rc"
}
trap on_exit EXIT
trap 'exit 1' INT TERM HUP

mkdir -p "$work/stage/new" "$work/data" "$work/mbsync/INBOX" || exit 1
stack_up=yes
mailstack_up "$stack" || fail "the mail stack did not start"

# The referee's Maildir exists once Dovecot has opened the INBOX.
[ "$(ms_uids referee INBOX | grep -c .)" -eq 0 ] || fail "the referee's INBOX is not empty"
maildir=$MS_DIR/mail/$MS_DOMAIN/referee
[ -d "$maildir/new" ] || fail "no Maildir at $maildir"
# deliver KEYFILE: the players' mails written into the INBOX (genmail's key to KEYFILE)
deliver() {
    rm -rf "$work/stage" && mkdir -p "$work/stage/new" || exit 1
    "$B/genmail" -g "$GAMES" -r "referee@$MS_DOMAIN" -k "$1" -d "$work/stage" ||
        fail "genmail failed"
    chown vmail:vmail "$work/stage/new"/* || exit 1
    start=$(ms_now_ms)
    mv "$work/stage/new"/* "$maildir/new/" || fail "cannot move the mails into $maildir/new"
    ms_wait_count referee "$mails" 60 || fail "Dovecot does not show the $mails mails"
    deliver_ms=$(( $(ms_now_ms) - start ))
}
deliver "$work/key"

pass=$(ms_pass referee)
cat > "$work/mbsyncrc" <<EOF
IMAPAccount bench
Host localhost
Port $MS_IMAP_PORT
User referee@$MS_DOMAIN
Pass $pass
SSLType STARTTLS
CertificateFile $MS_CA

IMAPStore bench-far
Account bench

MaildirStore bench-near
Path $work/mbsync/
Inbox $work/mbsync/INBOX

Channel bench
Far :bench-far:
Near :bench-near:
Patterns INBOX
Sync Pull
Create Near
SyncState *
EOF
chmod 600 "$work/mbsyncrc"

printf 'machine %s login referee@%s password %s\n' "$MS_HOST" "$MS_DOMAIN" "$pass" > "$work/netrc"
chmod 600 "$work/netrc"
cp "$work/key" "$work/data/key" && chmod 600 "$work/data/key" || exit 1
cat > "$work/tempest.conf" <<EOF
referee_address = referee@$MS_DOMAIN
data_dir = $work/data
imap_url = $MS_IMAP_URL
smtp_url =
netrc_file = $work/netrc
tls_ca_file = $MS_CA
starttls = yes
max_replies_per_sender = 10000
EOF

# Prints "wall user sys maxrss_kb" of the command; its output goes to $work/NAME.out/err.
timed() {
    name=$1; shift
    "$TIME" -f '%e %U %S %M' -o "$work/$name.time" "$@" > "$work/$name.out" 2> "$work/$name.err" ||
        { tail -n 20 "$work/$name.err" >&2; fail "$name failed"; }
    cat "$work/$name.time"
}

load_before=$(load)
res=$(timed mbsync mbsync -c "$work/mbsyncrc" -q bench) || exit 1
set -- $res
m_wall=$1 m_user=$2 m_sys=$3 m_rss=$4
got=$(find "$work/mbsync/INBOX/new" "$work/mbsync/INBOX/cur" -type f | wc -l)
[ "$got" -eq "$mails" ] || fail "mbsync fetched $got mails, not $mails"
[ "$(ms_uids referee INBOX | grep -c .)" -eq "$mails" ] || fail "mbsync changed the INBOX"

# polls NAME TEMPEST DATA CONF PROCESSED: the same run with --dry-run first (fetched and
# applied, nothing committed or moved, so the difference is what the commits, fsynced,
# and the moves cost), then the run; prints "dry-run-times;run-times". PROCESSED: the
# mails Processed must then hold.
polls() {
    # a dry run makes nothing, so the data directory is laid out first as a first run makes it
    mkdir -p "$3/games" "$3/seen" "$3/outbox" && : > "$3/lock" && chmod 700 "$3" || exit 1
    dry=$(timed "$1-dry" "$2" poll --dry-run -c "$4") || exit 1
    [ "$(ms_uids referee INBOX | grep -c .)" -eq "$mails" ] || fail "poll --dry-run changed the INBOX"
    run=$(timed "$1" "$2" poll -c "$4") || exit 1
    left=$(ms_uids referee INBOX | grep -c .)
    moved=$(ms_uids referee Processed | grep -c .)
    [ "$left" -eq 0 ] && [ "$moved" -eq "$5" ] ||
        fail "after the poll: $left mails in INBOX, $moved in Processed (want 0 and $5)"
    "$2" list -c "$4" > "$work/list" || fail "tempest list failed"
    done_games=$(awk -v p=$PLIES 'NR > 1 && $6 == p' "$work/list" | wc -l)
    if [ "$done_games" -ne "$GAMES" ]; then
        echo "bench poll: only $done_games of $GAMES games reached ply $PLIES:" >&2
        head -n 10 "$work/list" >&2
        head -n 10 "$work/$1.err" >&2
        exit 1
    fi
    echo "$dry;$run"
}
this=$(polls poll "$T" "$work/data" "$work/tempest.conf" "$mails") || exit 1
# the previous release: the same mails again, into a data directory of its own
R=$(base_tempest || :)
rel=""
if [ -n "$R" ]; then
    mkdir -p "$work/data.release" || exit 1
    sed "s|^data_dir = .*|data_dir = $work/data.release|" "$work/tempest.conf" > "$work/release.conf"
    deliver "$work/data.release/key"
    chmod 600 "$work/data.release/key"
    rel=$(polls release "$R" "$work/data.release" "$work/release.conf" $((2 * mails))) || exit 1
fi

echo
echo "tempest poll v mbsync: $mails mails over $GAMES games in the referee's INBOX on Dovecot" \
     "(127.0.0.1, IMAP with STARTTLS);"
echo "replies to /dev/null (smtp_url empty); all mails moved to Processed, all games at ply $PLIES;" \
     "the mails reached Dovecot's index $deliver_ms ms after being written to new/"
echo "load average before: $load_before; after: $(load)"
row() {
    echo "$2" | awk -v who="$1" -v n="$mails" '{
        printf "%-28s %7d %9.2f %9.2f %9.2f %10.0f %7.1f MB\n", who, n, $1, $2, $3, n / $1, $4 / 1024 }'
}
printf "%-28s %7s %9s %9s %9s %10s %10s\n" "program" "mails" "wall-s" "user-s" "sys-s" "mails/s" "peak-RSS"
row "mbsync (pull to a Maildir)" "$m_wall $m_user $m_sys $m_rss"
row "tempest poll --dry-run" "${this%%;*}"
row "tempest poll" "${this#*;}"
if [ -n "$rel" ]; then
    row "the release's --dry-run" "${rel%%;*}"
    row "the release's poll" "${rel#*;}"
fi
set -- ${this#*;}
t_wall=$1
set -- ${this%%;*}
awk -v tw="$t_wall" -v dw="$1" -v mw="$m_wall" -v n="$mails" 'BEGIN {
    printf "tempest poll takes %.2fx the time of mbsync (bound: 0.5x); %.2f ms a mail, of which %.2f ms\n", tw / mw, 1000 * tw / n, 1000 * (tw - dw) / n
    printf "commit (fsynced) and move; --dry-run (fetch, parse, apply) takes %.2fx the time of mbsync\n", dw / mw
}'
over_mbsync() { [ -n "$1" ] && echo "${1#*;}" | awk -v m="$m_wall" '{ printf "%.3f", $1 / m }' || echo -; }
a_second() { [ -n "$1" ] && echo "${1#*;}" | awk -v n="$mails" '{ printf "%.1f", n / $1 }' || echo -; }
figure "poll: time over mbsync's" x low 0.5 "$(over_mbsync "$this")" "$(over_mbsync "$rel")"
figure "poll: mails a second" "" high - "$(a_second "$this")" "$(a_second "$rel")"

# ---- the idle run: nothing new in the INBOX, IDLE_RUNS runs of each (time counts in
# hundredths of a second), each run's average printed.
IDLE_RUNS=20
res=$(timed idle-mbsync sh -c 'i=0; while [ $i -lt $1 ]; do mbsync -c "$2" -q bench || exit 1; i=$((i + 1)); done'     sh "$IDLE_RUNS" "$work/mbsyncrc") || exit 1
set -- $res
mi_wall=$1 mi_user=$2 mi_sys=$3 mi_rss=$4
idle() {
    timed "idle-$1" sh -c 'i=0; while [ $i -lt $1 ]; do "$2" poll -c "$3" || exit 1; i=$((i + 1)); done' \
        sh "$IDLE_RUNS" "$2" "$3"
}
res=$(idle poll "$T" "$work/tempest.conf") || exit 1
set -- $res
ti_wall=$1 ti_user=$2 ti_sys=$3 ti_rss=$4
ri=""
[ -n "$rel" ] && { ri=$(idle release "$R" "$work/release.conf") || exit 1; }

# The relay: every line a client sends that starts with a tag is a command.
# It listens on a port the system picks (free by definition) and writes it down.
python3 - 0 "$MS_IMAP_PORT" "$work/relay.log" > "$work/relay.err" 2>&1 <<'PY' &
import socket, sys, threading
port, target, log = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
srv = socket.socket(); srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", port)); srv.listen(4)
open(log + ".port", "w").write("%d\n" % srv.getsockname()[1])
open(log + ".ready", "w").close()
def pump(a, b, f):
    while True:
        d = a.recv(65536)
        if not d: break
        if f:
            f.write(d); f.flush()
            with open(log + ".writes", "a") as w: w.write("%d\n" % len(d))
        b.sendall(d)
    try: b.shutdown(socket.SHUT_WR)
    except OSError: pass
while True:
    c, _ = srv.accept()
    s = socket.create_connection(("127.0.0.1", target))
    f = open(log, "ab")
    threading.Thread(target=pump, args=(c, s, f), daemon=True).start()
    threading.Thread(target=pump, args=(s, c, None), daemon=True).start()
PY
relay_pid=$!
i=0
while [ ! -f "$work/relay.log.ready" ]; do
    i=$((i + 1)); [ "$i" -lt 50 ] || { cat "$work/relay.err" >&2; fail "the relay did not start"; }
    sleep 0.1
done
relay_port=$(cat "$work/relay.log.port")
sed -e "s/^Port .*/Port $relay_port/" -e "s/^SSLType .*/SSLType None/" "$work/mbsyncrc" > "$work/mbsyncrc.plain"
chmod 600 "$work/mbsyncrc.plain"
sed -e "s|^imap_url = .*|imap_url = imap://127.0.0.1:$relay_port|" -e "s/^starttls = .*/starttls = no/" \
    "$work/tempest.conf" > "$work/tempest.plain.conf"
commands() {
    : > "$work/relay.log"; : > "$work/relay.log.writes"
    "$@" > /dev/null 2>&1 || return 1
    sleep 0.2
    tr -d '\r' < "$work/relay.log" | grep -cE '^[A-Za-z0-9.]+ [A-Za-z]'
}
writes() { grep -c . "$work/relay.log.writes"; }
m_cmds=$(commands mbsync -c "$work/mbsyncrc.plain" -q bench) || fail "mbsync through the relay failed"
t_cmds=$(commands "$T" poll -c "$work/tempest.plain.conf") || fail "tempest poll through the relay failed"
t_list=$(tr -d '\r' < "$work/relay.log" | awk '{ print $2 }' | tr '\n' ' ')
r_cmds=-
if [ -n "$rel" ]; then
    sed "s|^data_dir = .*|data_dir = $work/data.release|" "$work/tempest.plain.conf" > "$work/release.plain.conf"
    r_cmds=$(commands "$R" poll -c "$work/release.plain.conf") || fail "the release's poll through the relay failed"
fi
# a whole poll of the 1,000 mails through the relay (this build's, then the release's)
full() {        # full TAG TEMPEST: "commands writes"
    mkdir -p "$work/data.$1" || exit 1
    deliver "$work/data.$1/key"
    chmod 600 "$work/data.$1/key"
    sed "s|^data_dir = .*|data_dir = $work/data.$1|" "$work/tempest.plain.conf" > "$work/$1.plain.conf"
    c=$(commands "$2" poll -c "$work/$1.plain.conf") || fail "a whole poll through the relay failed"
    [ "$(ms_uids referee INBOX | grep -c .)" -eq 0 ] || fail "a whole poll through the relay left mails"
    echo "$c $(writes)"
}
res=$(full relayed "$T") || exit 1
set -- $res
f_cmds=$1 f_writes=$2
rf_cmds=- rf_writes=-
if [ -n "$rel" ]; then
    res=$(full release.relayed "$R") || exit 1
    set -- $res
    rf_cmds=$1 rf_writes=$2
fi
kill "$relay_pid" 2>/dev/null; relay_pid=""

echo
echo "idle run (the INBOX empty, $GAMES games in the data directory), STARTTLS verified against one CA file;"
echo "wall and CPU time: the average of $IDLE_RUNS runs:"
awk -v n="$IDLE_RUNS" -v tu="$ti_user" -v ts="$ti_sys" -v tr="$ti_rss" -v tw="$ti_wall" -v tc="$t_cmds" \
    -v mu="$mi_user" -v ms="$mi_sys" -v mr="$mi_rss" -v mw="$mi_wall" -v mc="$m_cmds" 'BEGIN {
    printf "%-28s %9s %9s %9s %10s %13s\n", "program", "wall-ms", "CPU-ms", "peak-RSS", "", "IMAP commands"
    printf "%-28s %9.1f %9.1f %7.1f MB %10s %13d\n", "mbsync", mw * 1000 / n, (mu + ms) * 1000 / n, mr / 1024, "", mc
    printf "%-28s %9.1f %9.1f %7.1f MB %10s %13d\n", "tempest poll", tw * 1000 / n, (tu + ts) * 1000 / n, tr / 1024, "", tc
}'
[ -n "$ri" ] && echo "$ri" | awk -v n="$IDLE_RUNS" -v c="$r_cmds" '{
    printf "%-28s %9.1f %9.1f %7.1f MB %10s %13s\n", "the release'"'"'s poll", $1 * 1000 / n, ($2 + $3) * 1000 / n, $4 / 1024, "", c }'
cpu_ms() { [ -n "$1" ] && echo "$1" | awk -v n="$IDLE_RUNS" '{ printf "%.2f", ($2 + $3) * 1000 / n }' || echo -; }
peak() { [ -n "$1" ] && echo "$1" | awk '{ printf "%.2f", $4 / 1024 }' || echo -; }
figure "poll: an idle run's CPU time" " ms" low 20 "$(cpu_ms "$ti_wall $ti_user $ti_sys $ti_rss")" "$(cpu_ms "$ri")" 1
figure "poll: an idle run's peak memory" " MB" low - "$(peak "$ti_wall $ti_user $ti_sys $ti_rss")" "$(peak "$ri")"
figure "poll: an idle run's IMAP commands" "" low - "$t_cmds" "$r_cmds"
echo "tempest poll's commands (over plain IMAP): $t_list"
echo "a poll of the $mails mails over plain IMAP: $f_cmds commands in $f_writes writes" \
     "(the release's: $rf_cmds commands in $rf_writes writes)"
figure "poll: IMAP writes for $mails mails" "" low - "$f_writes" "$rf_writes"
