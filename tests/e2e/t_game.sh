#!/bin/sh
# A whole game by email through real servers: alice and bob mail the referee over SMTP,
# `tempest poll` runs as cron would, the players read their mailboxes over IMAP and answer
# the latest mail, until mate. Then the game log is replayed, and the PGN of the last mail
# is checked with pgn-extract. Played twice: over plain IMAP/SMTP with faults (the SMTP
# server stopped during a poll; the referee killed between commit and the IMAP move, and
# between commit and the sending), and over STARTTLS verified against the test CA.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_game
T=$root/tempest

e2e_up game

# The referee's configuration for one run: MODE is plain or starttls.
configure() {
    mode=$1; data=$work/data-$mode; conf=$work/$mode.conf
    printf 'machine %s login referee@%s password %s\n' "$MS_HOST" "$MS_DOMAIN" "$(ms_pass referee)" \
        > "$work/netrc"
    chmod 600 "$work/netrc"
    starttls=no; [ "$mode" = starttls ] && starttls=yes
    cat > "$conf" <<EOF
referee_address = referee@$MS_DOMAIN
data_dir = $data
imap_url = $MS_IMAP_URL
smtp_url = $MS_SMTP_URL
netrc_file = $work/netrc
tls_ca_file = $MS_CA
starttls = $starttls
connect_timeout = 5
stall_timeout = 10
EOF
}

# PLAYER answers the newest mail from the referee with BODY (lib.sh's e2e_reply), over the
# SMTP of this game's mode; poll, count and latest are lib.sh's.
answer() {
    latest "$1" || return 1
    e2e_reply "$1" "$MS_DOMAIN" "$work/last-$1.eml" "$2" "$mode" > "$work/answer.eml"
    ms_send "$1" referee "$work/answer.eml" "$smtpmode"
}

# Waits until alice and bob hold A and B mails.
both_have() {
    ms_wait_count alice "$1" 15 && ms_wait_count bob "$2" 15 &&
        [ "$(count alice)" -eq "$1" ] && [ "$(count bob)" -eq "$2" ]
}

smtp_stop() {
    postfix -c "$MS_DIR/postfix" stop >/dev/null 2>&1
    for _ in $(seq 1 100); do
        curl -q -s --max-time 1 -o /dev/null "telnet://$MS_HOST:$MS_SMTP_PORT" </dev/null
        [ $? -eq 7 ] && return 0
        sleep 0.1
    done
    return 1
}

smtp_start() {
    postfix -c "$MS_DIR/postfix" start </dev/null >/dev/null 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
    for _ in $(seq 1 100); do
        curl -q -s --max-time 1 -X NOOP -o /dev/null "$MS_SMTP_URL/probe.$MS_DOMAIN" </dev/null && return 0
        sleep 0.1
    done
    return 1
}

moves_are() { "$T" show -c "$conf" 1 | grep -qx "Moves: $1"; }

play() {
    configure "$1"; smtpmode=plain; [ "$1" = starttls ] && smtpmode=starttls
    seq=0
    # the challenge and its acceptance
    e2e_challenge alice "$MS_DOMAIN" "a game?" "challenge.$mode" \
        "new chess" "opponent bob@$MS_DOMAIN" "colour white" > "$work/challenge.eml"
    a0=$(count alice); b0=$(count bob)
    check "$mode: alice's challenge reaches the referee" ms_send alice referee "$work/challenge.eml" "$smtpmode"
    ms_wait_count referee 1 15 >/dev/null
    poll; check "$mode: poll runs quietly" [ "$prc" -eq 0 ] && [ ! -s "$work/poll.err" ]
    check "$mode: the invitation and its confirmation arrive" both_have $((a0 + 1)) $((b0 + 1))
    check "$mode: bob accepts" answer bob "accept"
    ms_wait_count referee 1 15 >/dev/null; poll
    check "$mode: the game starts for both" both_have $((a0 + 2)) $((b0 + 2))
    check "$mode: 1. f3" answer alice "f3"
    ms_wait_count referee 1 15 >/dev/null; poll
    check "$mode: both hear of 1. f3" both_have $((a0 + 3)) $((b0 + 3))
    if [ "$mode" = plain ]; then
        # the SMTP server goes away during a poll: the move is applied, the replies wait
        check "1... e5 (the SMTP server is then stopped)" answer bob "e5"
        ms_wait_count referee 1 15 >/dev/null
        check "the SMTP server stops" smtp_stop
        poll
        check "poll says 'try again later' (75)" [ "$prc" -eq 75 ]
        check "the move is applied all the same" moves_are "1. f3 e5"
        check "two replies wait in the outbox" [ "$(queued "$conf")" -eq 2 ]
        check "the SMTP server is back" smtp_start
        poll
        check "the next poll sends them" [ "$prc" -eq 0 ]
        check "each arrives once" both_have $((a0 + 4)) $((b0 + 4))
        # killed after the commit, before the IMAP move
        check "2. g4 (the referee is then killed before moving the mail)" answer alice "g4"
        ms_wait_count referee 1 15 >/dev/null
        poll TEMPEST_FAULT=before-move
        check "the run was killed" [ "$prc" -eq 137 ]
        check "the mail is still in the referee's INBOX" [ "$(count referee)" -eq 1 ]
        poll
        check "the next poll moves it" [ "$(count referee)" -eq 0 ]
        check "the move is applied once" moves_are "1. f3 e5 2. g4"
        check "each reply arrives once" both_have $((a0 + 5)) $((b0 + 5))
        # killed after the commit and the move, before sending
        check "2... Qh4# (the referee is then killed before sending)" answer bob "Qh4#"
        ms_wait_count referee 1 15 >/dev/null
        poll TEMPEST_FAULT=before-send
        check "the run was killed" [ "$prc" -eq 137 ]
        check "nothing was sent yet" [ "$(count alice)" -eq $((a0 + 5)) ]
        poll
        check "the next poll sends the replies once" both_have $((a0 + 6)) $((b0 + 6))
    else
        for m in "bob e5" "alice g4" "bob Qh4#"; do
            check "$mode: ${m#* }" answer "${m%% *}" "${m#* }"
            ms_wait_count referee 1 15 >/dev/null; poll
        done
        check "$mode: every reply arrives" both_have $((a0 + 6)) $((b0 + 6))
    fi
    check "$mode: the game ends in mate" moves_are "1. f3 e5 2. g4 Qh4#"
    latest alice; latest bob
    check "$mode: alice is told" grep -q "game 1 over: 0-1 (checkmate)" "$work/last-alice.eml"
    check "$mode: bob is told" grep -q "game 1 over: 0-1 (checkmate)" "$work/last-bob.eml"
    check "$mode: the referee's INBOX is empty" [ "$(count referee)" -eq 0 ]
    check "$mode: every mail went to Processed" [ "$(ms_uids referee Processed | grep -c .)" -ge 6 ]
    check "$mode: the outbox is empty" [ "$(queued "$conf")" -eq 0 ]
    # the PGN in the last mail, checked by pgn-extract
    tr -d '\r' < "$work/last-alice.eml" | sed -n '/^\[Event /,/ 0-1$/p' > "$work/game.pgn"
    pgn_ok() {
        /usr/games/pgn-extract -s --checkmate "$work/game.pgn" > "$work/pgn.out" 2> "$work/pgn.err" &&
            grep -q "Qh4#" "$work/pgn.out" && ! grep -qi "error\|illegal" "$work/pgn.err"
    }
    check "$mode: pgn-extract accepts the PGN and finds the mate" pgn_ok
    "$T" replay -c "$conf" "$data/games/1.mbox" --into "$work/replay-$mode" > "$work/replay.out" 2>&1
    check "$mode: the game log replays to the same states" grep -q "every recorded state reproduced" "$work/replay.out"
    # clear the mailboxes' counts for the next run: move everything away
    for u in alice bob referee; do
        for uid in $(ms_uids "$u" INBOX); do
            _ms_imap "$u" INBOX "UID MOVE $uid Processed" >/dev/null 2>&1
        done
    done
    # ms_uids referee Processed keeps growing: fine
}

play plain
play starttls
