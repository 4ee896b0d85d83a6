#!/bin/sh
# A double round robin of 13 players started by one command: its 156 games, every
# pairing once for each colour; random results; the standings equal to those computed
# apart from tempest (tests/cli/tournament/standings.py); `tempest replay` of the
# tournament's log reproduces them, and the ratings.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp/r" "max_replies_per_sender = 10000"
C=$tmp/r/conf
players=""
for i in $(seq 1 13); do players="$players p$i@example.org"; done
run "$T" tournament new -c "$C" --double --name "Double Thirteen" chess $players
expect_rc "one command" 0
[ "$(printf '%s\n' "$out" | grep -c '^Subject: .*game [0-9]* begins')" -eq 312 ] && pass ||
	fail "156 games begin, each mailed to both its players"
"$T" tournament show -c "$C" --json 1 > "$tmp/t.json"
run python3 tests/cli/tournament/standings.py --pairs "$tmp/t.json"
expect_out "the pairings" "every pairing once per colour"
[ "$(grep -c '"round"' "$tmp/t.json")" -eq 156 ] && pass || fail "156 games in the tables"

# random results (the seed fixed: the same each run), each decided by the game master
python3 -c 'import random, sys
random.seed(13)
for g in range(1, 157):
    print(g, random.choice(["1-0", "0-1", "1/2-1/2", "1-0", "0-1"]))' > "$tmp/results"
bad=0
while read -r g r; do
	"$T" adjust -c "$C" "$g" result "$r" > /dev/null 2>&1 || bad=$((bad + 1))
done < "$tmp/results"
[ "$bad" -eq 0 ] && pass || fail "$bad results not applied"
run "$T" tournament list -c "$C"
expect_out "every game decided" "finished   chess                13   156/156  Double Thirteen"

# the crosstable's rows (place, player, points, SB) against the independent computation
table() {
	"$T" tournament show -c "$1" 1 | awk '/^ *# Player/ { on = 1; next } on && NF == 0 { exit }
		on { print $1, $2, $(NF - 1), $NF }'
}
python3 tests/cli/tournament/standings.py "$tmp/t.json" "$tmp/results" > "$tmp/want"
table "$C" > "$tmp/got"
[ "$(wc -l < "$tmp/got")" -eq 13 ] && pass || fail "13 rows: $(cat "$tmp/got")"
cmp -s "$tmp/want" "$tmp/got" && pass ||
	fail "the standings differ from the independent computation: $(diff "$tmp/want" "$tmp/got")"
# the crosstable fits a mail: 13 players, two games a pair
"$T" tournament show -c "$C" 1 | sed -n '/^ *# Player/,/^$/p' | python3 -c 'import sys
sys.exit(max(len(l.rstrip("\n")) for l in sys.stdin) > 78)' && pass ||
	fail "the crosstable fits 78 columns (characters)"

run "$T" replay -c "$C" "$tmp/r/data/tournaments/1.mbox" --into "$tmp/replay"
expect_rc "the replay" 0
expect_out "every action reproduced" "every recorded state reproduced"
printf 'referee_address = referee@tempest.example\ndata_dir = %s/replay\n' "$tmp" > "$tmp/rc"
table "$tmp/rc" > "$tmp/again"
cmp -s "$tmp/got" "$tmp/again" && pass || fail "the replay's standings: $(diff "$tmp/got" "$tmp/again")"
[ "$("$T" ratings -c "$C")" = "$("$T" ratings -c "$tmp/rc")" ] && pass ||
	fail "the replay's ratings"
cli_done t_tournament_big
