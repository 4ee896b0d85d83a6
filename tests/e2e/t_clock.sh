#!/bin/sh
# Time through real servers: the game master sets up a game, alice moves over SMTP, bob
# falls silent. `tempest tick`, run as cron would with an injected "now", reminds bob once
# before his deadline and, at the deadline, declares the loss on time: both players find
# the result in their IMAP mailboxes.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_clock
T=$root/tempest

e2e_up clock

e2e_referee
echo 'reminders = 24h' >> "$conf"

at() {          # at TIME COMMAND ARGS...: a tempest command at that time
    when=$1; cmd=$2; shift 2
    TEMPEST_NOW=$when "$T" "$cmd" -c "$conf" "$@" > "$work/run.out" 2> "$work/run.err"
}

# -- the game: 30 days per 10 moves (the chess default) from 1 November, 10:00 UTC
check "tempest new mails both players" at 2026-11-01T10:00:00Z new chess \
    "alice@$MS_DOMAIN" "bob@$MS_DOMAIN"
ms_wait_count alice 1 15 >/dev/null; ms_wait_count bob 1 15 >/dev/null
check "alice and bob hold the start" [ "$(count alice)" -eq 1 ] && [ "$(count bob)" -eq 1 ]
latest alice
seq=0
e2e_reply alice "$MS_DOMAIN" "$work/last-alice.eml" "e4" > "$work/e4.eml"
check "alice moves 1. e4" ms_send alice referee "$work/e4.eml" plain
ms_wait_count referee 1 15 >/dev/null
check "poll applies it" at 2026-11-02T10:00:00Z poll
ms_wait_count bob 2 15 >/dev/null
latest bob
check "bob sees his deadline" has bob "Next deadline: Wed 02 Dec 2026 10:00 UTC, for your move."

# -- bob falls silent: one reminder, a day before
check "a tick a minute before the reminder step" at 2026-12-01T09:59:00Z tick
check "tick at the reminder step" at 2026-12-01T10:00:00Z tick
check "and again an hour later" at 2026-12-01T11:00:00Z tick
ms_wait_count bob 3 15 >/dev/null; ms_settle
check "bob has exactly one reminder" [ "$(count bob)" -eq 3 ]
latest bob
check "the reminder names the deadline" has bob "your move is due by Wed 02 Dec 2026 10:00 UTC (1 day left)"
check "alice is not reminded" [ "$(count alice)" -eq 2 ]

# -- the deadline: not a minute before, then the loss on time, mailed to both
check "tick a minute before the deadline" at 2026-12-02T09:59:00Z tick
check "the game goes on" sh -c "'$T' show -c '$conf' 1 | grep -q '^Status: playing'"
check "tick at the deadline" at 2026-12-02T10:00:00Z tick
ms_wait_count alice 3 15 >/dev/null; ms_wait_count bob 4 15 >/dev/null
check "alice receives the result" [ "$(count alice)" -eq 3 ]
check "bob receives the result" [ "$(count bob)" -eq 4 ]
latest alice; latest bob
check "alice: 1-0 on time" has alice "game 1 over: 1-0 (time forfeit)"
check "bob: 1-0 on time" has bob "Black's time ran out on Wed 02 Dec 2026 10:00 UTC: they lose on time."
check "the outbox is empty" [ "$(queued "$conf")" -eq 0 ]
check "a later tick sends nothing" at 2026-12-02T10:15:00Z tick
ms_settle
check "nothing more arrives" [ "$(count alice)" -eq 3 ] && [ "$(count bob)" -eq 4 ]
"$T" replay -c "$conf" "$data/games/1.mbox" --into "$work/replay" > "$work/replay.out" 2>&1
check "the log, loss on time included, replays" grep -q "every recorded state reproduced" "$work/replay.out"
