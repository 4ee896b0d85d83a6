#!/bin/sh
# Consent (docs/orders.md, "Observers"): no game's mail goes to an address that plays no
# part in it unless it asked for it from that address. A forged `observe` for 60 games
# sends the victim one confirmation and no board; 50 forged addresses take no observer
# slot; `unobserve all` stops everything at once; an observer's notices count against
# max_observer_mails_per_day; the arbiter a challenge names confirms with `accept` before
# it hears of the game; a state written before consent keeps its observers.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
qp() { decoded; }
to() { qp | awk -v a="To: $1" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on'; }
mails_to() { qp | grep -c "^To: $1\$"; }
cli_referee "$tmp" "max_observer_mails_per_day = 3"
D=$tmp/data
# 60 games, each set up by the game master: w1@x.org v b1@x.org ...
n=1
while [ "$n" -le 60 ]; do
  "$T" new -c "$tmp/conf" chess "w$n@x.org" "b$n@x.org" > /dev/null || fail "game $n set up"
  n=$((n + 1))
done
token() {       # token SEAT GAME: the seat's token, from its start mail
  "$T" show -c "$tmp/conf" --json "$2" > /dev/null
  grep -h "^Subject: \[tempest $2 " "$D/games/$2.mbox" | sed -n "$(( $1 + 1 ))p" |
    sed 's/^Subject: \[tempest [0-9]* \([a-z0-9]*\)\].*/\1/'
}

# -- a forged `observe` for 60 games: one confirmation to the victim, no board, no slot
: > "$tmp/forged.mbox"
n=1
while [ "$n" -le 60 ]; do
  cli_mail victim@example.net "observe" "observe $n" >> "$tmp/forged.mbox"
  n=$((n + 1))
done
run "$T" process -c "$tmp/conf" "$tmp/forged.mbox"
expect_rc "60 forged observe mails" 0
[ "$(mails_to victim@example.net)" -eq 1 ] && pass ||
  fail "the victim gets one confirmation ($(mails_to victim@example.net))"
case $(to victim@example.net) in *"do you want its moves by mail?"*) pass ;; *) fail "... a confirmation" ;; esac
case $(to victim@example.net) in *"Moves:"*|*"+---"*) fail "no board to the victim" ;; *) pass ;; esac
grep -l victim@example.net "$D"/games/*.json > /dev/null && fail "no game holds the victim" || pass
cli_mail w1@x.org "Re: [tempest 1 $(token 0 1)] game 1" "e4" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
[ "$(mails_to victim@example.net)" -eq 0 ] && pass || fail "a move mails the victim nothing"
# the next day, again: one more confirmation, no more
TEMPEST_NOW=2026-11-06T12:00:00Z run "$T" process -c "$tmp/conf" "$tmp/forged.mbox"
[ "$(mails_to victim@example.net)" -eq 0 ] && pass || fail "the same mails again: recognised, nothing"

# -- 50 forged addresses ask to observe game 2: no slot taken; a member then confirms
: > "$tmp/fifty.mbox"
n=1
while [ "$n" -le 50 ]; do
  cli_mail "f$n@forged.example" "observe" "observe 2" >> "$tmp/fifty.mbox"
  n=$((n + 1))
done
run "$T" process -c "$tmp/conf" "$tmp/fifty.mbox"
grep -q '"observers"' "$D/games/2.json" && fail "50 forged requests hold no slot" || pass
cli_mail member@club.example "observe" "observe 2" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
ct=$(qp | sed -n 's/^Subject: \[tempest 2 \([a-z0-9]*\)\].*/\1/p')
cli_mail member@club.example "Re: [tempest 2 $ct] game 2" "observe 2" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(flat "$(to member@club.example)") in *"You now observe this game"*) pass ;; *) fail "the member observes" ;; esac
grep -q 'member@club.example' "$D/games/2.json" && pass || fail "the member holds a slot"

# -- the notices to an observer: at most max_observer_mails_per_day (3)
got=0
for mv in "2 0 e4" "2 1 e5" "2 0 Nf3" "2 1 Nc6" "2 0 Bb5"; do
  set -- $mv
  cli_mail "$([ "$2" = 0 ] && echo w2@x.org || echo b2@x.org)" "Re: [tempest 2 $(token "$2" 2)] game 2" "$3" > "$tmp/m"
  run "$T" process -c "$tmp/conf" "$tmp/m"
  got=$((got + $(mails_to member@club.example)))
done
"$T" show -c "$tmp/conf" 2 | grep -q '^Moves: 1. e4 e5 2. Nf3 Nc6 3. Bb5$' && pass || fail "the moves played"
[ "$got" -eq 3 ] && pass || fail "the observer's notices stop at the day's cap (3 of 5 moves): $got"

# -- unobserve all: every game, at once; the arbiter's consent withdrawn too
confirm() {     # confirm ADDRESS GAME
  cli_mail "$1" "observe" "observe $2" > "$tmp/m"
  run "$T" process -c "$tmp/conf" "$tmp/m"
  ct=$(qp | sed -n "s/^Subject: \[tempest $2 \([a-z0-9]*\)\].*/\1/p")
  cli_mail "$1" "Re: [tempest $2 $ct] game $2" "observe $2" > "$tmp/m"
  run "$T" process -c "$tmp/conf" "$tmp/m"
}
TEMPEST_NOW=2026-11-07T12:00:00Z confirm fan@club.example 3
TEMPEST_NOW=2026-11-08T12:00:00Z confirm fan@club.example 4
grep -q fan@club.example "$D/games/3.json" && grep -q fan@club.example "$D/games/4.json" && pass ||
  fail "fan observes games 3 and 4"
# with anything else in the mail: nothing done, refused on its own line, the rest shown read
cli_mail fan@club.example "stop" "help\n\nunobserve all\n\nlanguage fr" > "$tmp/m"
TEMPEST_NOW=2026-11-08T12:00:00Z run "$T" process -c "$tmp/conf" "$tmp/m"
case $(flat "$(to fan@club.example)") in
  *"line 3: unobserve all -> unobserve all goes in a mail of its own"*"Read in your mail: help; unobserve all; language fr."*) pass ;;
  *) fail "unobserve all with other orders: refused once, the rest read" ;; esac
[ "$(to fan@club.example | grep -c -- '-> ')" -eq 1 ] && pass || fail "one refusal, not one a line"
grep -q fan@club.example "$D/games/3.json" && grep -q fan@club.example "$D/games/4.json" && pass ||
  fail "a refused unobserve all leaves every game as it was"
cli_mail fan@club.example "stop" "unobserve all" > "$tmp/m"
TEMPEST_NOW=2026-11-08T12:00:00Z run "$T" process -c "$tmp/conf" "$tmp/m"
case $(flat "$(to fan@club.example)") in *"You no longer get mail of any game here"*) pass ;; *) fail "unobserve all answered" ;; esac
grep -q fan@club.example "$D/games/3.json" "$D/games/4.json" && fail "fan left both games" || pass
grep -q "referee: unobserve fan@club.example" "$D/games/3.mbox" && pass || fail "the game log records it"
cli_mail w3@x.org "Re: [tempest 3 $(token 0 3)] game 3" "d4" > "$tmp/m"
TEMPEST_NOW=2026-11-08T12:00:00Z run "$T" process -c "$tmp/conf" "$tmp/m"
[ "$(mails_to fan@club.example)" -eq 0 ] && pass || fail "no more mail to fan"

# -- an arbiter named by a challenge: asked when the game begins, mailed once it accepts
export TEMPEST_NOW=2026-11-09T12:00:00Z
cli_mail alice@example.org "new" "new chess\nopponent bob@example.org\ncolour white\narbiter arb@club.example\ntime 1 day per move" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
[ "$(mails_to arb@club.example)" -eq 0 ] && pass || fail "the challenge mails the arbiter nothing"
bt=$(to bob@example.org | sed -n 's/^Subject: \[tempest 61 \([a-z0-9]*\)\].*/\1/p')
cli_mail bob@example.org "Re: [tempest 61 $bt] invitation" "accept" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(to arb@club.example) in *"will you be its arbiter?"*) pass ;; *) fail "the arbiter is asked when the game begins" ;; esac
at=$(to arb@club.example | sed -n 's/^Subject: \[tempest 61 \([a-z0-9]*\)\].*/\1/p')
cli_mail arb@club.example "Re: [tempest 61 $at] game 61" "accept" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(flat "$(to arb@club.example)") in *"You are the arbiter of game 61"*) pass ;; *) fail "the arbiter confirmed" ;; esac
grep -q '"arbiter_unconfirmed"' "$D/games/61.json" && fail "the state: the arbiter confirmed" || pass
TEMPEST_NOW=2026-11-11T12:00:00Z run "$T" tick -c "$tmp/conf"
case $(to arb@club.example) in *"over"*) pass ;; *) fail "the confirmed arbiter hears of the loss on time" ;; esac
# an arbiter that never confirmed hears nothing of a decision
export TEMPEST_NOW=2026-11-11T13:00:00Z
cli_mail carol@example.org "new" "new chess\nopponent dave@example.org\ncolour white\narbiter arb2@club.example" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
dt=$(to dave@example.org | sed -n 's/^Subject: \[tempest 62 \([a-z0-9]*\)\].*/\1/p')
cli_mail dave@example.org "Re: [tempest 62 $dt] invitation" "accept" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
[ "$(mails_to arb2@club.example)" -eq 1 ] && pass || fail "the second arbiter is asked"
run "$T" adjust -c "$tmp/conf" 62 result 1/2-1/2 agreed by phone
expect_rc "a decision" 0
[ "$(mails_to arb2@club.example)" -eq 0 ] && pass || fail "an unconfirmed arbiter hears nothing"
[ "$(mails_to carol@example.org)" -eq 1 ] && pass || fail "(the players are told)"

# -- a state written before consent: its observers keep their mails
sed -i 's/"arbiter": ""/"arbiter": "", "observers": ["old@club.example"]/' "$D/games/5.json"
grep -q old@club.example "$D/games/5.json" && pass || fail "(the old state's observer)"
cli_mail w5@x.org "Re: [tempest 5 $(token 0 5)] game 5" "e4" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(to old@club.example) in *"1. e4"*) pass ;; *) fail "an observer of an earlier release keeps its mails" ;; esac
cli_done t_consent
