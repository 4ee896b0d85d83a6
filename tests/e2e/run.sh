#!/bin/sh
# Runs every end-to-end test (tests/e2e/t_*.sh) in turn, shows each one's output and time
# and ends with one line "e2e: N passed, N failed" summing their counts. Exits non-zero if
# any test failed, printed no count, or exited non-zero. Each test makes, and removes, its
# own directory. One more check is counted at the end: every text line of every mail the
# referee delivered into the shared stack fits 78 characters but a FEN's (scan_lines).
# Usage: sh tests/e2e/run.sh [TEST...]     (default: every t_*.sh beside this script)
# The tests share one mail stack, started here once (on ports of its own: 12143 and up)
# and stopped by PID at the end; each test that joins it (lib.sh: e2e_up) gets a domain of
# its own in it, so fresh mailboxes. A test that needs a stack to itself (the harness's own
# test, the transport's, which stop and restart the servers) starts one as before. The
# whole run holds a machine-wide lock (/tmp/tempest-e2e.lock), so two work trees never run
# their stacks at once.
set -u
here=$(cd "$(dirname "$0")" && pwd)
passed=0; failed=0; skipped=0
out=$(mktemp) || exit 1
shared=""
trap 'rm -f "$out"; stop_shared' EXIT
trap 'exit 130' INT TERM HUP

# The shared stack: the default users and the ten members of t_perplexichess, each with a
# password NAMEpass (the referee's: refpass), and one domain per test (g001.test, ...: the
# length of game.test, so that no line a test reads wraps elsewhere). Prints its directory;
# prints nothing when the stack cannot start here (no root, no servers: the tests say so).
start_shared() (
    MS_IMAP_PORT=12143 MS_IMAPS_PORT=12993 MS_SMTP_PORT=12025 MS_SMTPS_PORT=12465
    MS_USERS="referee:refpass"
    for u in alice bob carol ws w1 w2 w3 wa bs b1 b2 b3 ba; do MS_USERS="$MS_USERS $u:${u}pass"; done
    MS_MORE_DOMAINS=$(i=0; for t in "$@"; do i=$((i + 1)); printf 'g%03d.test ' "$i"; done)
    export MS_IMAP_PORT MS_IMAPS_PORT MS_SMTP_PORT MS_SMTPS_PORT MS_USERS MS_MORE_DOMAINS
    . "$here/mailstack.sh" >/dev/null 2>&1 || exit 0
    d=$(ms_tempdir shared) || exit 0
    if mailstack_up "$d/stack" >"$d/up.log" 2>&1; then
        echo "$d/stack"
    else
        echo "e2e: the shared mail stack did not start (each test starts its own):" >&2
        cat "$d/up.log" >&2
        rm -rf "$d"
    fi
)

# Stops the shared stack by PID; removes its directory unless a test failed.
stop_shared() {
    [ -n "$shared" ] || return 0
    keep=purge; [ "$failed" -eq 0 ] || keep=""
    ( . "$here/mailstack.sh" >/dev/null 2>&1 && mailstack_down "$shared" $keep ) ||
        echo "e2e: stopping the shared mail stack in $shared failed"
    [ -z "$keep" ] || rm -rf "${shared%/stack}"
    [ -n "$keep" ] || echo "e2e: kept the shared mail stack's directory ${shared%/stack} (server logs in $shared/log)"
    shared=""
}

# Issue 25's "lines that fit" over every e2e mail: the mails the referee sent (X-Tempest-Kind)
# still in the shared stack's Maildirs, every user's and folder, read by the golden test's
# tests/golden/linewidth.py. The tests with a stack of their own (t_mailstack, t_transport)
# remove it with their mails, so theirs are not read. Counted as one check, passed or failed.
scan_lines() {
    [ -n "$shared" ] && [ -d "$shared/mail" ] || return 0
    echo "=== lines of the referee's mails"
    if python3 "$here/../golden/linewidth.py" -v "$shared/mail" >"$out" 2>&1; then
        n=$(sed -n 's/^.*: \([0-9]*\) mails of the referee$/\1/p' "$out")
        # a scan that read nothing shows nothing: neither passed nor failed
        [ "${n:-0}" -gt 0 ] || { echo "    no mail of the referee to read"; return 0; }
        echo "    $n mails of the referee, no text line over 78 but FENs" \
            "($(sed -n 's/^.*: longest line not a FEN \([0-9]*\): .*/the longest other: \1/p' "$out"))"
        passed=$((passed + 1))
    else
        grep -v ': longest line \|mails of the referee$' "$out" | head -n 40
        echo "    e2e: text lines over 78 characters (all in ${shared%/stack}, kept)"
        failed=$((failed + 1))
    fi
}

[ $# -gt 0 ] || set -- "$here"/t_*.sh
# One test at a time on this machine, whatever work tree it runs from: the lock is held on
# descriptor 9, which no test and no server inherits (mailstack.sh closes it for the servers).
exec 9>>/tmp/tempest-e2e.lock
flock 9
shared=$(start_shared "$@")
TEMPEST_E2E_STACK=$shared; export TEMPEST_E2E_STACK
for t in "$@"; do
    [ -f "$t" ] || { echo "e2e: no test $t"; failed=$((failed + 1)); continue; }
    echo "=== ${t##*/}"
    t0=$(date +%s.%N)
    # Output goes to a file, not a pipe: a daemon that kept a pipe open would hang us.
    sh "$t" >"$out" 2>&1 </dev/null 9>&-
    rc=$?
    cat "$out"
    echo "    (${t##*/}: $(echo "$t0 $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }') s)"
    line=$(grep -E '^[^ ]+: [0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
    if [ -z "$line" ]; then
        if [ "$rc" -eq 0 ] && grep -q ': skipped' "$out"; then
            skipped=$((skipped + 1)); continue
        fi
        echo "${t##*/}: printed no result (exit $rc)"
        failed=$((failed + 1)); continue
    fi
    p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\1/')
    f=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed, ([0-9]+) failed$/\2/')
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "${t##*/}: exited $rc with no failure counted"
        failed=$((failed + 1))
    fi
done
scan_lines
stop_shared
[ "$skipped" -eq 0 ] || echo "e2e: $skipped test(s) skipped (they need root and the mail servers)"
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
