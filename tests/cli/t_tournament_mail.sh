#!/bin/sh
# Tournaments by mail (docs/orders.md, "Tournaments"): an arbiter's proposal opened by
# their reply; a rolling tournament whose third entrant's mail starts two games at once,
# and whose last entry opens the next on the same terms; the orders in French and
# German; an entry that closes on its date; and what is refused.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp/r" "arbiters = arb@example.org" "max_replies_per_sender = 1000"
C=$tmp/r/conf
ALL=$tmp/all.out
: > "$ALL"
sent() {        # the run's mails kept; $out as a person reads it (quoted-printable decoded)
	printf '%s\n' "$out" >> "$ALL"
	out=$(decoded | python3 -c 'import quopri, sys
sys.stdout.write(quopri.decodestring(sys.stdin.buffer.read()).decode("utf-8", "replace"))')
}
ttok() {        # ttok T ADDRESS: the code of tournament T's mails to ADDRESS
	tr -d '\r' < "$ALL" | awk -v to="$2" -v id="$1" '/^To: / { who = $2 }
		/^Subject: \[tempest tournament [0-9]+ [a-z2-7]+\]/ && who == to && $4 == id {
			t = $5; sub(/\]/, "", t); print t; exit }'
}
one() {         # one FROM SUBJECT BODY: a mail processed alone
	cli_mail "$1" "$2" "$3" > "$tmp/one.mbox"
	run "$T" process -c "$C" "$tmp/one.mbox"
	sent
}
begins() { printf '%s\n' "$out" | grep -c '^Subject: .*game [0-9]* begins'; }

# -- an arbiter's proposal: only from an address the configuration names
one mallory@example.org "a tournament" "tournament new chess\nplayers 3\nrolling"
[ -z "$out" ] && pass || fail "a stranger's proposal: no answer"
[ ! -e "$tmp/r/data/tournaments/1.json" ] && pass || fail "no tournament made"
one arb@example.org "a tournament" "tournament new chess\nplayers 3\nrolling\nfast please"
expect_out "a line that is no term" "'fast please' is no term of a tournament or of its games"
one arb@example.org "a tournament" "tournament new chess\nplayers 3\nsections 7\nrolling"
expect_out "terms that do not hold together" "a rolling tournament is one section"
one arb@example.org "a tournament" "Hello,\n\ntournament new chess\nname Rolling Blitz\nplayers 3\nrolling\ntime 3 days per move\n\nCheers,\nArb"
expect_rc "the proposal" 0
expect_out "proposed" "Tournament 1 is proposed on the terms below"
expect_out "its terms" "name Rolling Blitz"
one alice@example.org "entry" "join tournament 1"
expect_out "not open yet" "tournament 1 is not open yet"
one mallory@example.org "open" "open tournament 1"
expect_out "only its arbiter opens it" "must come in a reply to one of my mails about"
one arb@example.org "Re: [tempest tournament 1 $(ttok 1 arb@example.org)] proposed" "open tournament 1"
expect_out "opened" "Tournament 1 is open for entries."

# -- three entries in one batch, in three languages: each commits alone, in order; the
# second starts a game, the third two at once, and closes the entry: the next opens
cli_mail alice@example.org "entry" "join tournament 1" > "$tmp/b.mbox"
cli_mail bob@example.org "inscription" "inscription tournoi 1" >> "$tmp/b.mbox"
cli_mail carol@example.org "Anmeldung" "anmelden turnier 1" >> "$tmp/b.mbox"
run "$TA" process -c "$C" "$tmp/b.mbox"       # the sanitized binary
expect_clean "three entries, sanitized"
sent
expect_rc "three entries" 0
expect_out "the first" "You are entered in tournament 1: entrant 1."
expect_out "the third" "You are entered in tournament 1: entrant 3. Your games against the entrants before you start now."
[ "$(begins)" -eq 6 ] && pass || fail "three games begin, each mailed to both: $(begins)"
[ "$(printf '%s\n' "$out" | awk '/^To: carol@/ { c = 1 } /^To: / && !/carol/ { c = 0 }
	c && /^Subject: .*begins/' | wc -l)" -eq 2 ] && pass ||
	fail "carol's entry starts two games at once"
expect_out "round named" "Tournament 1 (Rolling Blitz), round"
run "$T" tournament list -c "$C"
expect_out "the full one runs" "running    chess                 3       0/3  Rolling Blitz"
expect_out "the next opens" "open       chess                 0       0/0  Rolling Blitz #2"
run "$T" tournament show -c "$C" 2
expect_out "on the same terms" "rolling"
expect_out "it follows the first" "Follows tournament 1"
one carol@example.org "a tournament" "tournament new chess\nplayers 3"
expect_out "not an arbiter" "only an arbiter of this referee may propose a tournament"
one dave@example.org "entry" "join tournament 1"
expect_out "the full one is closed" "the entry to tournament 1 is closed"
one dave@example.org "entry" "join tournament 2"
expect_out "the next takes entries" "You are entered in tournament 2: entrant 1."
one dave@example.org "entry" "join tournament 2"
expect_out "entered once" "you are entered in tournament 2 already"
# in the players' languages: a French entrant, a German one, whose entry fills it
one gina@example.org "aide" "langue fr\naide"
one gina@example.org "inscription" "inscription tournoi 2"
nbsp=$(printf '\302\240')       # French: a no-break space before the colon
expect_out "in French" "Vous êtes inscrit au tournoi 2${nbsp}: inscrit n° 2."
one hal@example.org "Hilfe" "language de\nhelp"
one hal@example.org "Anmeldung" "anmelden turnier 2"
expect_out "in German" "Sie sind zum Turnier 2 angemeldet: Teilnehmer 3."
one hal@example.org "Tabelle" "tabelle 2"
expect_out "the standings in German" "Turnier 2, Rolling Blitz #2 (Chess): die Tabelle nach"
expect_out "the table's headings in German" "Spieler"
expect_out "an entrant with no name to show, in German" "Spieler 1 "
# the standings asked in each language
# (by three outsiders: a stranger is answered once a day)
for w in "erin standings 1" "fay classement 1" "gil tabelle 1"; do
	set -- $w
	one "$1@example.org" "standings" "$2 $3"
	expect_out "$2 $3" "Tournament 1, Rolling Blitz (Chess): the standings"
done
one erin@example.org "standings" "standings 1"
[ -z "$out" ] && pass || fail "a stranger's second question of the day is not answered"
one alice@example.org "standings" "standings 9"
expect_out "no such tournament" "there is no tournament 9 here"
one alice@example.org "two" "standings 1\njoin tournament 2"
expect_out "one order a mail" "a tournament's order goes in a mail of its own"

# -- withdrawn before the draw: struck out; an entry that closes on its date
run "$T" tournament new -c "$C" --closes 2026-11-10 --double chess
expect_out "its number" "tournament 4: chess"
expect_rc "a tournament closing on a date" 0
one frank@example.org "entry" "join tournament 4"
one jack@example.org "entry" "join tournament 4"
one ivy@example.org "entry" "join tournament 4"
one ivy@example.org "Re: [tempest tournament 4 $(ttok 4 ivy@example.org)] entry" "retrait tournoi 4"
expect_out "struck out" "Your entry to tournament 4 is struck out."
TEMPEST_NOW=2026-11-10T23:00:00Z run "$T" tick -c "$C"
[ "$(begins)" -eq 0 ] && pass || fail "nothing before the day's end"
TEMPEST_NOW=2026-11-11T00:00:00Z run "$T" tick -c "$C"
sent
expect_out "closed on its date" "The entry to tournament 4 is closed with 2 entrants: its games start now."
[ "$(begins)" -eq 4 ] && pass || fail "two games begin (double): $(begins)"

# -- closed by hand: the game master's `tempest tournament close`
run "$T" tournament new -c "$C" --name "Open Blitz" chess
one frank@example.org "entry" "join tournament 5"
one jack@example.org "entry" "join tournament 5"
one kim@example.org "entry" "join tournament 5"
run "$T" tournament close -c "$C" 5
expect_rc "closed by hand" 0
sent
expect_out "its games start" "The entry to tournament 5 is closed with 3 entrants: its games start now."
[ "$(begins)" -eq 6 ] && pass || fail "three games begin: $(begins)"
run "$T" tournament close -c "$C" 5
expect_rc "closed once" 1
expect_err "says why" "tournament 5 is running: its entry is not open"

cli_done t_tournament_mail
