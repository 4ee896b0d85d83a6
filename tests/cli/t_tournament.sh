#!/bin/sh
# A tournament played by mail (docs/game-masters.md, "Tournaments"): seven players, all
# their games started by one command, played to the end with wins, draws, a loss on time
# and a withdrawal; the standings after each game, the final crosstable to everyone, its
# points and Sonneborn-Berger equal to a table worked by hand; the PGN tags of its games;
# `tempest replay` of its log. Then a rolling tournament by mail, an arbiter's proposal,
# the orders in French and German, and what is refused.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp/r" "arbiters = arb@example.org" "max_replies_per_sender = 1000"
C=$tmp/r/conf
ALL=$tmp/all.out                # every mail sent, for the codes of their subjects
: > "$ALL"
# sent: the run's mails kept with the others
sent() { printf '%s\n' "$out" >> "$ALL"; out=$(decoded); }
# tok GAME ADDRESS: the code of the subject of the referee's mails to ADDRESS about GAME
tok() {
	tr -d '\r' < "$ALL" | awk -v to="$2" -v g="$1" '/^To: / { who = $2 }
		/^Subject: \[tempest [0-9]+ [a-z2-7]+\]/ && who == to {
			n = $3; t = $4; sub(/\]/, "", t); if (n == g) { print t; exit } }'
}
ttok() {        # ttok T ADDRESS: a tournament's code for ADDRESS
	tr -d '\r' < "$ALL" | awk -v to="$2" -v id="$1" '/^To: / { who = $2 }
		/^Subject: \[tempest tournament [0-9]+ [a-z2-7]+\]/ && who == to && $4 == id {
			t = $5; sub(/\]/, "", t); print t; exit }'
}
# game A B: "NUMBER WHITE BLACK" of their game in tournament $TN
game() {
	"$T" tournament show -c "$C" --json "$TN" > "$tmp/t.json"
	python3 tests/cli/tournament/games.py "$tmp/t.json" "$1@example.org" "$2@example.org"
}
# mail FROM GAME BODY: FROM's mail about GAME, a reply to the referee's
mail() {
	cli_mail "$1@example.org" "Re: [tempest $2 $(tok "$2" "$1@example.org")] game $2" "$3" \
		>> "$tmp/batch.mbox"
}
# result A B R: the game of A and B ends, A scoring R (1, h, 0) — by a resignation, or a
# draw offered and accepted
result() {
	set -- "$1" "$2" "$3" $(game "$1" "$2")
	case $3 in
	1) mail "$2" "$4" "resign" ;;
	0) mail "$1" "$4" "resign" ;;
	h) mail "$1" "$4" "offer draw"; mail "$2" "$4" "accept draw" ;;
	esac
}
flush() {
	run "$T" process -c "$C" "$tmp/batch.mbox"
	sent
	: > "$tmp/batch.mbox"
}

# -- seven players, their 21 games started by one command
run "$T" tournament new -c "$C" --name "Club Championship 2026" --site "Club by email" \
	--time "2 days per move" chess p1@example.org p2@example.org p3@example.org \
	p4@example.org p5@example.org p6@example.org p7@example.org
expect_rc "tournament new" 0
sent
TN=1
expect_out "the tournament" "tournament 1: chess"
[ "$(printf '%s\n' "$out" | grep -c '^Subject: .*game [0-9]* begins')" -eq 42 ] && pass ||
	fail "21 games begin, each mailed to its two players"
expect_out "the entry closes" "The entry to tournament 1 is closed with 7 entrants: its games start now."
expect_out "a game's mail names the tournament and round" \
	"Tournament 1 (Club Championship 2026), round"
run "$T" tournament list -c "$C"
expect_out "tournament list" "running    chess                 7      0/21  Club Championship 2026"

# -- the games, by mail: each result below is from the first player's side (1 a win, h a
# draw, 0 a loss), as the table worked by hand (at the end) has them
: > "$tmp/batch.mbox"
for r in "1 2 1" "1 3 h" "1 4 1" "1 5 0" "1 6 1" "1 7 1" "2 3 1" "2 4 h" "2 5 1" "2 6 0" \
	 "2 7 h" "3 4 1" "3 5 h" "3 6 1" "4 5 0" "4 6 h"; do
	set -- $r
	result "p$1" "p$2" "$3"
done
# one game to its mate: p1 v p2 was resigned above; p3 v p4 ... the mate comes in 2-5
flush
expect_rc "sixteen games decided by mail" 0
expect_out "the standings after a game" "the standings after 1 of 21 games"
expect_out "the standings mail's table" "a tie is broken by Sonneborn-Berger (SB), then the"

# -- p7 withdraws: without the proof of its subject's code, refused
cli_mail p7@example.org "leaving" "withdraw tournament 1" > "$tmp/w.mbox"
run "$T" process -c "$C" "$tmp/w.mbox"
sent
expect_out "a withdrawal needs its code" "must come in a reply to one of my mails about"
set -- $(game p3 p7)
cli_mail p7@example.org "Re: [tempest $1 $(tok "$1" p7@example.org)] game $1" \
	"withdraw tournament 1" > "$tmp/w.mbox"
run "$TA" process -c "$C" "$tmp/w.mbox"
expect_clean "the withdrawal, sanitized"
sent
expect_rc "the withdrawal" 0
expect_out "the withdrawal confirmed" "You have withdrawn from tournament 1: your games not yet decided are lost by forfeit."
expect_out "its games ended by forfeit" "has withdrawn from the tournament: the game is lost by forfeit."
[ "$(printf '%s\n' "$out" | grep -c '^Subject: .*game [0-9]* over: .*(forfeit')" -eq 8 ] &&
	pass || fail "p7's four games in play end by forfeit, both players told"

# -- the last game: a move each, and p6 loses on time
set -- $(game p5 p6)
# p6's first move comes above the start mail its client pasted back without '>': the
# referee's own text, the tournament's line with it, is set aside
pasted=$(python3 tests/cli/tournament/pasted.py "$ALL" p6@example.org "game $1 begins")
[ -n "$pasted" ] && pass || fail "the start mail to paste"
if [ "$2" = p6@example.org ]; then
	mail p6 "$1" "e4\n\n$pasted"; mail p5 "$1" "e5"
else
	mail p5 "$1" "e4"; mail p6 "$1" "e5\n\n$pasted"; mail p5 "$1" "Nf3"
fi
flush
expect_rc "the last game under way" 0
case $out in *"Nothing in your mail was applied"*) fail "the pasted mail is read as orders" ;; *) pass ;; esac
expect_out "the last game under way" "your move"
TEMPEST_NOW=2026-11-09T12:00:00Z run "$TA" tick -c "$C"    # the sanitized binary
expect_clean "the tick, sanitized"
sent
expect_rc "the tick" 0
expect_out "the loss on time" "over: 1-0 (time forfeit)"
[ "$(printf '%s\n' "$out" | grep -c '^Subject: .*the final crosstable')" -eq 7 ] && pass ||
	fail "the final crosstable to every player"
final=$(printf '%s\n' "$out" | awk '/^To: p1@/ { me = 1 } me && /final crosstable:$/ { on = 1; next }
	on && /^Points / { exit } on' | python3 -c 'import quopri, sys
sys.stdout.write(quopri.decodestring(sys.stdin.buffer.read()).decode())')

# -- the table worked by hand: each player's points, each game scored as above
#      1   2   3   4   5   6   7     Pts   SB (points scored x the opponent's points)
#  1   *   1   ½   1   0   1   1     4½   1x3 + ½x4 + 1x2 + 1x2.5 + 1x0.5 = 10
#  2   0   *   1   ½   0   1   ½     3    1x4 + ½x2 + 0 + 1x2.5 + ½x0.5  = 7.75
#  3   ½   0   *   1   ½   1   +     4    ½x4.5 + 1x2 + ½x4.5 + 1x2.5 + 1x0.5 = 9.5
#  4   0   ½   0   *   0   ½   +     2    ½x3 + ½x2.5 + 1x0.5 = 3.25
#  5   1   1   ½   1   *   1   +     4½   ... 2-5 was p2's win: see the loop
#  6   0   1   0   ½   0   *   +     2½
#  7   0   ½   -   -   -   -   *     ½
# (2-5: "2 5 1", p2 won; so 5's row: 1 0 ½ 1 * 1 +)
#  5: 1x4.5 + 0 + ½x4 + 1x2 + 1x2.5 + 1x0.5 = 11.5;  2: 0 + 1x4 + ½x2 + 1x4.5 + 0 + ½x0.5
#  = 9.75; 6: 1x3 + ½x2 + 1x0.5 = 4.5; 7: ½x3 = 1.5.  Places: p5 (4½, SB 11.5) before p1
#  (4½, SB 10), then p3 4, p2 3, p6 2½, p4 2, p7 ½.
# the entrants named as the public names them (anyone may ask for the standings): these
# chose no name, so each is "Player N", N their entry's number
case $final in *@example.org*) fail "an address in the crosstable" ;; *) pass ;; esac
row() {         # row RANK PLAYER PTS SB: the final crosstable's line of PLAYER
	line=$(printf '%s\n' "$final" | grep " Player $2 ")
	set -- "$1" "$2" "$3" "$4" $line
	shift 4
	[ "$1" = "$want_rank" ] && [ "$(eval echo \${$(($# - 1))})" = "$want_pts" ] &&
		[ "$(eval echo \${$#})" = "$want_sb" ]
}
for w in "1 5 4½ 11.50" "2 1 4½ 10.00" "3 3 4 9.50" "4 2 3 9.75" "5 6 2½ 4.50" "6 4 2 3.25" \
	 "7 7 ½ 1.50"; do
	set -- $w
	want_rank=$1 want_pts=$3 want_sb=$4
	check "final crosstable: p$2 placed $1 with $3 points, SB $4" row "$1" "$2" "$3" "$4"
done
# the cells: p3 against p7 a forfeit won, p7 against p3 one lost
cells=$(printf '%s\n' "$final" | grep " Player 3 ")
case $cells in *" + "*) pass ;; *) fail "p3's forfeit win against p7 marked +: $cells" ;; esac
cells=$(printf '%s\n' "$final" | grep " Player 7 ")
# (columns in the table's order: p5 p1 p3 p2 p6 p4 p7)
case $cells in *" - 0 - ½ - - * "*) pass ;; *) fail "p7's forfeits marked -: $cells" ;; esac
printf '%s\n' "$final" | python3 -c 'import sys
sys.exit(max(len(l.rstrip("\n")) for l in sys.stdin) > 78)' && pass ||
	fail "the crosstable fits 78 columns (characters)"

# -- the games' PGN: Event, Site, Round from the tournament; pgn-extract selects them
for g in $(seq 1 21); do "$T" show -c "$C" --json "$g" > /dev/null 2>&1 || continue; done
run "$T" tournament show -c "$C" 1
expect_out "tournament show" "Status: finished"
mkdir -p "$tmp/arch"
run "$T" archive -c "$C" "$tmp/arch"
cat "$tmp"/arch/game-*.pgn > "$tmp/all.pgn"
grep -q '^\[Event "Club Championship 2026"\]' "$tmp/all.pgn" && pass || fail "PGN Event"
grep -q '^\[Site "Club by email"\]' "$tmp/all.pgn" && pass || fail "PGN Site"
printf 'Event "Club Championship 2026"\n' > "$tmp/tags"
if [ -x /usr/games/pgn-extract ]; then
	/usr/games/pgn-extract -s -t"$tmp/tags" -o"$tmp/sel.pgn" "$tmp/all.pgn" 2> "$tmp/pe.err"
	[ "$(grep -c '^\[Event ' "$tmp/sel.pgn")" -ge 21 ] && pass ||
		fail "pgn-extract selects the tournament's games: $(grep -c '^\[Event ' "$tmp/sel.pgn")"
	grep -qi "fail\|unknown\|error" "$tmp/pe.err" && fail "pgn-extract: $(head -3 "$tmp/pe.err")" || pass
	printf 'Round "1"\n' > "$tmp/tags"
	/usr/games/pgn-extract -s -t"$tmp/tags" -o"$tmp/r1.pgn" "$tmp/all.pgn" 2>/dev/null
	[ "$(grep -c '^\[Round "1"\]' "$tmp/r1.pgn")" -eq 3 ] && pass ||
		fail "round 1 of seven players: three games"
else
	fail "pgn-extract is not installed (make deps)"
fi

# -- the tournament's log replayed: every state, the standings and the ratings again
run "$T" replay -c "$C" "$tmp/r/data/tournaments/1.mbox" --into "$tmp/replay"
expect_rc "the replay" 0
expect_out "every state reproduced" "every recorded state reproduced"
printf 'referee_address = referee@tempest.example\ndata_dir = %s/replay\n' "$tmp" > "$tmp/rc"
"$T" tournament show -c "$C" 1 | sed -n '/^  #/,/^$/p' > "$tmp/live"
"$T" tournament show -c "$tmp/rc" 1 | sed -n '/^  #/,/^$/p' > "$tmp/again"
cmp -s "$tmp/live" "$tmp/again" && pass || fail "the replay's crosstable: $(diff "$tmp/live" "$tmp/again")"
[ "$("$T" ratings -c "$C" chess)" = "$("$T" ratings -c "$tmp/rc" chess)" ] && pass ||
	fail "the replay's ratings"
run "$T" ratings -c "$C" chess
expect_out "the ratings" "p5@example.org"
# a game's own log replays too: started by the tournament, its terms, its round
set -- $(game p5 p6)
run "$T" replay -c "$C" "$tmp/r/data/games/$1.mbox" --into "$tmp/game-replay"
expect_out "a tournament's game replayed" "every recorded state reproduced"
printf 'referee_address = referee@tempest.example\ndata_dir = %s/game-replay\n' "$tmp" > "$tmp/gc"
run "$T" show -c "$tmp/gc" --json "$1"
expect_out "it knows its tournament" '"event": "Club Championship 2026"'
expect_out "its time control" '"days": 2' 

cli_done t_tournament
