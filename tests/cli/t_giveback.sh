#!/bin/sh
# What a run that is not committed took is given back: the answers a day an address may
# have (max_answers_per_day, DATA/quota/) are counted in the commit, so that failed runs
# (a full disk, a log that cannot be written) take none; what interrupted writes left in
# DATA/quota/ is removed at the next start.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

# -- a `help` whose commit fails 30 times (other.mbox cannot be written) is answered
# when the commit passes: the failed runs took nothing of the day's answers (one a day
# here: the first failed run took it, before)
Q=$tmp/q
cli_referee "$Q" "max_answers_per_day = 1"
cli_mail carol@example.org "help" "help" > "$tmp/help.mbox"
mkdir "$Q/data/other.mbox"
i=0; failed=0
while [ "$i" -lt 30 ]; do
  run "$T" process -c "$Q/conf" "$tmp/help.mbox"
  [ "$rc" -ne 0 ] && [ -z "$out" ] && failed=$((failed + 1))
  i=$((i + 1))
done
[ "$failed" -eq 30 ] && ok || bad "quota: the 30 runs whose commit fails send nothing ($failed did)"
rmdir "$Q/data/other.mbox"
run "$T" process -c "$Q/conf" "$tmp/help.mbox"
expect_rc "quota: the run that commits" 0
expect_out "quota: the help is answered after 30 failed runs" "To: carol@example.org"
# the committed answer is counted: a second is not sent today
cli_mail carol@example.org "help" "help" > "$tmp/help2.mbox"
run "$T" process -c "$Q/conf" "$tmp/help2.mbox"
expect_rc "quota: a second help" 0
[ -z "$out" ] && ok || bad "quota: the answer committed is counted (max_answers_per_day = 1)"

# -- the temporary files of interrupted writes in DATA/quota/ are removed at start-up
touch "$Q/data/quota/0123456789abcdef0123456789abcdef.tmp.4242"
run "$T" process -c "$Q/conf" /dev/null
expect_rc "quota tmp: a run" 0
[ ! -e "$Q/data/quota/0123456789abcdef0123456789abcdef.tmp.4242" ] && ok ||
  bad "quota tmp: quota/*.tmp.PID removed at start-up"

# -- `password WORD` with `test` in one mail: the test reply says what was read but not
# the password, so that neither the mail sent nor the game log (which keeps the replies)
# holds it; the log still replays, a mail authenticated by the password too
P=$tmp/p
cli_referee "$P"
cli_game "$P/conf"
cli_mail alice@example.org "Re: [tempest 1 $WT] game 1" "password hunter22secret\ntest" > "$tmp/pw.mbox"
run "$T" process -c "$P/conf" "$tmp/pw.mbox"
expect_rc "password and test" 0
expect_out "password and test: the test reply" "password (hidden)"
case $out in *hunter22*) bad "password and test: the reply quotes the password" ;; *) ok ;; esac
cli_mail alice@example.org "[tempest 1] game 1" "Password: hunter22secret\ne4" > "$tmp/pw2.mbox"
run "$T" process -c "$P/conf" "$tmp/pw2.mbox"
expect_out "password: a move by password" "1. e4 -- your move"
grep -q hunter22 "$P/data/games/1.mbox" && bad "password and test: the game log holds the password" || ok
grep -q "auth=password" "$P/data/games/1.mbox" && ok || bad "password: the log records a mail authenticated by password"
run "$T" replay -c "$P/conf" "$P/data/games/1.mbox" --into "$tmp/replayed"
expect_rc "password: the log replays" 0
expect_out "password: the log replays" "every recorded state reproduced"

cli_done t_giveback
