#!/bin/sh
# The memory a batch holds: 600 challenges in one mbox, one batch, 600 games in memory
# until its commit. Each waits parked between its mails (game_park: its position and
# lists packed), so the run's peak (GNU time's maximum resident set) stays under 24 MB;
# the release before held 600 games of some 45 KB each and peaked at 38 MB. Every game
# must be made and both players mailed, as in a run that held them whole.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TIME=/usr/bin/time
LIMIT_KB=24576

if ! [ -x "$TIME" ]; then
	echo "t_memory: $TIME not found (apt-get install time): skipped"
	cli_done t_memory
	exit
fi
cli_referee "$tmp/r"
i=0
while [ $i -lt 600 ]; do
	i=$((i + 1))
	cli_mail "p$i@example.org" "new game" "new chess\nopponent q$i@example.org"
done > "$tmp/in.mbox"
run "$TIME" -f '%M' -o "$tmp/peak" "$T" process -c "$tmp/r/conf" "$tmp/in.mbox"
expect_rc "600 challenges" 0
n=$(printf '%s\n' "$out" | grep -c '^From ')
[ "$n" -eq 1200 ] && pass || fail "600 challenges: $n replies, want 1200"
peak=$(tail -n 1 "$tmp/peak")
[ "$peak" -lt "$LIMIT_KB" ] && pass || fail "600 games in one batch: peak $peak KB, want under $LIMIT_KB"
run "$T" list -c "$tmp/r/conf"
games=$(printf '%s\n' "$out" | awk 'NR > 1' | wc -l)
[ "$games" -eq 600 ] && pass || fail "600 games made, not $games"
cli_done t_memory
