#!/bin/sh
# Time control through `tempest tick` with an injected "now" (TEMPEST_NOW): reminders at
# each step and only once, one mail per player covering all their games, loss on time at
# the exact second and not a minute before, vacations that stop every clock of a player
# within a yearly allowance, time zones, lapsed draw offers and challenges, the game
# master's `tempest adjust`, card-game windows, a crash in the middle of a tick, and the
# game logs replaying the referee's own actions.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
W=$tmp/w
mkdir -p "$W/data"
cp examples/demo.key "$W/data/key"; chmod 600 "$W/data/key"
cat > "$W/conf" <<EOF
referee_address = referee@tempest.example
max_clock_leap_hours = 87600
data_dir = $W/data
reminders = 48h 24h 2h
vacation_days = 8
max_vacation_days = 7
draw_offer_days = 2
challenge_days = 3
EOF

# the mails' text as a reader sees it: no CRLF, quoted-printable soft breaks joined
crlf() { out=$(printf '%s\n' "$out" | tr -d '\r' | sed -e ':a' -e '/=$/{N;s/=\n//;ba' -e '}'); }

at() {          # at TIME CMD...: runs the command at that time (as `run`)
  when=$1; shift
  TEMPEST_NOW=$when run "$@"
  crlf
}

# Its own mail, not lib.sh's cli_eml: no Date header. Its mails are sent at the times given
# to each run (TEMPEST_NOW), days apart; cli_eml's fixed date (5 Nov 2026, 10:MM) would
# stand in the game log beside times that are not.
mail() {        # mail FROM SUBJECT BODY: a raw mail in $tmp/m.eml
  n=$((n + 1))
  printf 'From: %s\nTo: referee@tempest.example\nSubject: %s\nMessage-ID: <time%d@test>\n\n%b\n' \
    "$1" "$2" "$n" "$3" > "$tmp/m.eml"
}

send() {        # send TIME FROM SUBJECT BODY: mails the referee at that time
  mail "$2" "$3" "$4"
  TEMPEST_NOW=$1 run_in "$tmp/m.eml" "$T" process -c "$W/conf"
  crlf
}

tick() { at "$1" "$T" tick -v -c "$W/conf"; }

token() {       # token GAME ADDRESS: the reply token in the last output's mail to ADDRESS
  printf '%s\n' "$out" | awk -v a="To: $2" -v g="$1" '
    $0 == a { want = 1; next }
    want && /^Subject: / { if (match($0, "\\[tempest " g " [a-z2-7]+\\]")) {
        s = substr($0, RSTART, RLENGTH); sub(/.* /, "", s); sub(/\]/, "", s); print s; exit } }'
}

count() { printf '%s\n' "$out" | grep -c "^$1" ; }

# mails_to ADDRESS: how many mails of the last output went to ADDRESS
mails_to() { printf '%s\n' "$out" | grep -c "^To: $1\$"; }

state() { "$T" show -c "$W/conf" "$1" | sed -n 's/^Status: //p'; }

# expect_state WHAT GAME PREFIX: the game's status line begins with PREFIX
expect_state() {
  st=$(state "$2")
  case $st in "$3"*) pass ;; *) fail "$1: status '$st', want '$3...'" ;; esac
}

# -- the configuration's time keys are checked, not silently ignored
for bad in "reminders = 3 days" "reminders = 1h 2h 3h 4h 5h 6h 7h 8h 9h" "timezone = Europe/Pariss" \
           "vacation_days = -1"; do
  { cat "$W/conf"; echo "$bad"; } > "$tmp/bad.conf"
  run "$T" tick -c "$tmp/bad.conf" -n
  expect_rc "bad configuration '$bad'" 2
  expect_err "bad configuration '$bad': which key" "${bad%% *}"
done
run "$T" tick -c "$W/conf" -n
expect_rc "the test configuration is good" 0

# -- two games of alice's with the same deadline, one with an arbiter
send 2026-11-02T08:00:00Z alice@example.org "new" \
  "new chess\nopponent bob@example.org\ncolour white\ntime 3 days per move\narbiter gm@example.org"
expect_out "challenge shows the time control" "Time:      3 days per move"
expect_out "challenge shows the arbiter" "Arbiter:   gm@example.org"
expect_out "challenge says when it lapses" "lapses on Thu 05 Nov 2026 08:00 UTC"
A1=$(token 1 alice@example.org); B1=$(token 1 bob@example.org)
send 2026-11-02T09:00:00Z bob@example.org "Re: [tempest 1 $B1] invitation" "accept"
expect_out "started: time left" "Time (3 days per move): you have 3 days, your opponent 3 days."
expect_out "started: deadline" "Next deadline: Thu 05 Nov 2026 09:00 UTC, for your move."
# the arbiter is asked when the game begins, and confirms from its address
G1=$(printf '%s\n' "$out" | awk '/^To: gm@example.org$/ { on = 1 } on && /^Subject: / { print; exit }' |
  sed 's/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/')
send 2026-11-02T09:00:00Z gm@example.org "Re: [tempest 1 $G1] game 1" "accept"
expect_out "the arbiter confirms" "You are the arbiter of game 1"
send 2026-11-02T09:00:00Z alice@example.org "new" \
  "new chess\nopponent carol@example.org\ncolour white\ntime 3 days per move"
A2=$(token 2 alice@example.org); C2=$(token 2 carol@example.org)
send 2026-11-02T09:00:00Z carol@example.org "Re: [tempest 2 $C2] invitation" "accept"
expect_state "game 2 started" 2 "playing"

# -- reminders: at 48h, 24h and 2h before the deadline, each once
tick 2026-11-03T08:59:00Z
expect_rc "tick" 0
[ "$(count 'Message-ID: ')" -eq 0 ] && pass || fail "no reminder a minute before the 48h step"
tick 2026-11-03T09:00:00Z
[ "$(mails_to alice@example.org)" -eq 1 ] && pass || fail "one reminder for alice's two games"
expect_out "the reminder covers both games" "2 games wait for you"
expect_out "game 1 listed" "Game 1 (Chess), you play White against bob@example.org"
expect_out "game 2 listed" "Game 2 (Chess), you play White against carol@example.org"
expect_out "deadline and time left" "your move is due by Thu 05 Nov 2026 09:00 UTC (2 days left)"
[ "$(mails_to bob@example.org)" -eq 0 ] && pass || fail "no reminder for the player not to move"
tick 2026-11-03T10:00:00Z
[ "$(count 'Message-ID: ')" -eq 0 ] && pass || fail "the 48h reminder is not sent twice"
tick 2026-11-04T09:00:00Z
[ "$(mails_to alice@example.org)" -eq 1 ] && pass || fail "the 24h reminder"
expect_out "24h: time left" "(1 day left)"
tick 2026-11-04T09:30:00Z
[ "$(count 'Message-ID: ')" -eq 0 ] && pass || fail "the 24h reminder once"

# alice moves in game 2: its clock passes to carol, game 1 goes on alone
send 2026-11-04T12:00:00Z alice@example.org "Re: [tempest 2 $A2] game 2" "e4"
expect_out "after a move: the opponent's deadline" "Next deadline: Sat 07 Nov 2026 12:00 UTC, for Black's move."
# -- a crash between the reminder's outbox file and its record: the rerun writes the
# same file, so the player gets it once
K=$tmp/k; cp -r "$W" "$K"; sed -i "s|$W|$K|" "$K/conf"
TEMPEST_NOW=2026-11-05T07:00:00Z TEMPEST_FAULT=after-reminders "$T" tick -c "$K/conf" >/dev/null 2>&1
rc=$?; [ "$rc" -eq 137 ] && pass || fail "the tick was killed (exit $rc)"
ls "$K/data/outbox/"*.eml > "$tmp/q1" 2>/dev/null
[ "$(wc -l < "$tmp/q1")" -eq 1 ] && pass || fail "the killed tick left one reminder queued"
at 2026-11-05T07:05:00Z "$T" tick -c "$K/conf"
[ "$(mails_to alice@example.org)" -eq 1 ] && pass || fail "after the crash: alice's 2h reminder, once"
at 2026-11-05T07:10:00Z "$T" tick -c "$K/conf"
[ "$(count 'Message-ID: ')" -eq 0 ] && pass || fail "after the crash: not again"

# -- loss on time at the second, not a minute before; the arbiter is told
tick 2026-11-05T08:59:00Z
expect_out "2h reminder in the main run" "your move is due by Thu 05 Nov 2026 09:00 UTC (1 minute left)"
expect_state "a minute before the deadline the game goes on" 1 "playing"
tick 2026-11-05T09:00:00Z
expect_state "lost on time at the deadline" 1 "over, 0-1 (time forfeit)"
[ "$(mails_to alice@example.org)" -eq 1 ] && [ "$(mails_to bob@example.org)" -eq 1 ] && pass ||
  fail "both players told"
[ "$(mails_to gm@example.org)" -eq 1 ] && pass || fail "the arbiter told"
expect_out "the reason" "White's time ran out on Thu 05 Nov 2026 09:00 UTC: they lose on time."
tick 2026-11-05T09:15:00Z
[ "$(count 'Message-ID: ')" -eq 0 ] && pass || fail "nothing more once the game is over"

# -- vacations: every clock of the player stops; the opponent is told, in every game
send 2026-11-05T10:00:00Z carol@example.org "Re: [tempest 2 $C2] game 2" "timezone Europe/Paris\nvacation 5 days"
expect_out "vacation: the opponent is told" "Black is on vacation until Tue 10 Nov 2026 10:00 UTC"
[ "$(mails_to alice@example.org)" -eq 1 ] && pass || fail "vacation: a notice to alice"
expect_out "the deadline moves by the vacation, in the player's time zone" \
  "Next deadline: Thu 12 Nov 2026 13:00 CET, for your move."
expect_out "the opponent reads it in UTC" "Next deadline: Thu 12 Nov 2026 12:00 UTC, for Black's move."
expect_out "time zone confirmed to the player" "Your time zone is now Europe/Paris"
case $(printf '%s\n' "$out" | awk '/^To: /{on = $0 == "To: alice@example.org"} on') in
  *"time zone is now"*) fail "the time zone note is the player's alone" ;; *) pass ;; esac
at 2026-11-07T12:00:00Z "$T" tick --dry-run -c "$W/conf"    # (a look ahead, recording no time)
case $out in *"time forfeit"*) fail "on vacation: no loss at the old deadline" ;; *) pass ;; esac
send 2026-11-06T10:00:00Z carol@example.org "Re: [tempest 2 $C2] game 2" "vacation end"
expect_out "back from vacation" "Black is back from vacation: their clock runs again."
expect_out "one day used of the five" "Next deadline: Sun 08 Nov 2026 12:00 UTC, for Black's move."
send 2026-11-06T11:00:00Z carol@example.org "Re: [tempest 2 $C2] game 2" "vacation 8 days"
expect_out "one vacation at most" "a vacation lasts at most 7 days"
send 2026-11-06T11:00:00Z carol@example.org "Re: [tempest 2 $C2] game 2" "vacation 7 days"
expect_out "a second vacation within the allowance" "Black is on vacation until Fri 13 Nov 2026 11:00 UTC"
send 2026-11-06T12:00:00Z carol@example.org "Re: [tempest 2 $C2] game 2" "vacation end"
send 2026-11-06T13:00:00Z carol@example.org "Re: [tempest 2 $C2] game 2" "vacation 7 days"
expect_out "the yearly allowance runs down" "that is more vacation than the 8 days a year allowed (2 taken or booked this year)"
send 2026-11-06T13:00:00Z carol@example.org "Re: [tempest 2 $C2] game 2" "timezone Mars/Olympus"
expect_out "unknown time zone" "'Mars/Olympus' is not a time zone I know"

# -- a lapsing draw offer
send 2026-11-06T14:00:00Z carol@example.org "Re: [tempest 2 $C2] game 2" "e5\noffer draw"
# (a challenge that lapses below: sent now, as the referee's clock never goes back)
send 2026-11-06T15:00:00Z dave@example.org "new" "new chess\nopponent erin@example.org"
tick 2026-11-08T13:59:00Z
case $out in *"lapsed"*) fail "the draw offer stands two days" ;; *) pass ;; esac
tick 2026-11-08T14:00:00Z
expect_out "the draw offer lapses" "Black's draw offer has lapsed unanswered."

# -- the game master: extend, then decide
at 2026-11-08T15:00:00Z "$T" adjust -c "$W/conf" 2 extend white 2 days
expect_rc "extend" 0
expect_out "extension announced" "The game master gives White 2 days more."
expect_out "the new deadline" "Next deadline: Wed 11 Nov 2026 14:00 UTC, for your move."
at 2026-11-08T15:00:00Z "$T" adjust -c "$W/conf" 2 extend white soon
expect_rc "bad duration" 1; expect_err "bad duration: why" "'soon' is not a duration"
at 2026-11-08T15:00:00Z "$T" adjust -c "$W/conf" 2 timeout white
expect_rc "timeout before the deadline" 1; expect_err "timeout refused" "the deadline has not passed"
at 2026-11-08T15:00:00Z "$T" adjust -c "$W/conf" 2 result 3-0
expect_rc "bad result" 1
at 2026-11-08T15:00:00Z "$T" adjust -c "$W/conf" 99 result 1-0
expect_rc "no such game" 1; expect_err "no such game: why" "there is no game 99 here"
tick 2026-11-09T14:59:00Z
expect_state "the challenge stands three days" 3 "invited"
tick 2026-11-09T15:00:00Z
expect_out "the challenge lapses" "game 3 will not be played (the challenge lapsed unanswered)"
[ "$(mails_to dave@example.org)" -eq 1 ] && [ "$(mails_to erin@example.org)" -eq 1 ] && pass ||
  fail "both told of the lapsed challenge"

# -- a move after the deadline, before any tick, finds the game lost
send 2026-11-10T10:00:00Z frank@example.org "new" "new chess\nopponent gina@example.org\ncolour white\ntime 1 day per move"
G=$(token 4 gina@example.org); F=$(token 4 frank@example.org)
send 2026-11-10T10:00:00Z gina@example.org "Re: [tempest 4 $G] invitation" "accept\ntimezone America/New_York"
expect_out "a time zone with the acceptance" "Your time zone is now America/New_York"
# a vacation declared in one game is told to the opponents in the player's other games
send 2026-11-10T11:00:00Z frank@example.org "new" "new chess\nopponent ivan@example.org\ncolour white"
F5=$(token 5 frank@example.org); I5=$(token 5 ivan@example.org)
send 2026-11-10T11:00:00Z ivan@example.org "Re: [tempest 5 $I5] invitation" "accept"
send 2026-11-10T12:00:00Z frank@example.org "Re: [tempest 5 $F5] game 5" "vacation 1 day"
[ "$(mails_to ivan@example.org)" -eq 1 ] && pass || fail "vacation: the opponent in this game is told"
[ "$(mails_to gina@example.org)" -eq 1 ] && pass || fail "vacation: the opponent in the other game is told"
expect_out "vacation: what the other game's opponent reads" \
  "Your opponent (frank@example.org) is on vacation until Wed 11 Nov 2026 12:00 UTC"
send 2026-11-10T12:30:00Z frank@example.org "Re: [tempest 5 $F5] game 5" "vacation end"
[ "$(mails_to gina@example.org)" -eq 1 ] && pass || fail "vacation end: the other game's opponent is told"
send 2026-11-11T09:59:00Z frank@example.org "Re: [tempest 4 $F] game 4" "d4"
expect_out "a move a minute before the deadline" "Your move 1. d4 is recorded."
# the game master's view of the clocks
at 2026-11-11T10:59:00Z "$T" show -c "$W/conf" 4
expect_out "show: the time control" "Time control: 1 day per move"
expect_out "show: the running clock" "Black: 23 hours left, due Thu 12 Nov 2026 09:59 UTC"
# game 2's extension, then its adjudication (here, in the order of time: a clock that went
# back would decide nothing on time, docs/game-masters.md "Time")
tick 2026-11-11T13:59:00Z
expect_state "the extension holds" 2 "playing"
at 2026-11-11T13:59:30Z "$T" adjust -c "$W/conf" 2 result 1/2-1/2 agreed by phone
expect_rc "adjudication" 0
expect_state "adjudicated" 2 "over, 1/2-1/2 (agreed by phone)"
tick 2026-11-11T14:00:00Z
[ "$(count 'Message-ID: ')" -eq 0 ] && pass || fail "no loss on time after the decision"
# a dry run prints the reminder, in the player's time zone, and records nothing
for i in 1 2; do
  at 2026-11-12T08:00:00Z "$T" tick --dry-run -c "$W/conf"
  expect_out "dry run $i: the reminder, in New York time" "due by Thu 12 Nov 2026 04:59 EST (1 hour 59 minutes left)"
done
send 2026-11-12T10:00:00Z gina@example.org "Re: [tempest 4 $G] game 4" "d5"
expect_out "at the deadline, the loss comes first" "game 4 over: 1-0 (time forfeit)"
expect_out "and the late move is refused" "game 4 is over"
expect_state "lost on time by mail" 4 "over, 1-0 (time forfeit)"

# -- the logs replay, the referee's actions included
for g in 1 2 3 4; do
  rm -rf "$tmp/rp"
  run "$T" replay -c "$W/conf" "$W/data/games/$g.mbox" --into "$tmp/rp"
  expect_rc "replay of game $g" 0; expect_out "replay of game $g" "every recorded state reproduced"
done
grep -q '^Subject: \[tempest 1\] referee: timeout white' "$W/data/games/1.mbox" && pass ||
  fail "the loss on time is in the game log"

# -- card games: the interception window closes; an unanswered interception is accepted
V=$tmp/v; mkdir -p "$V/data"; cp examples/demo.key "$V/data/key"; chmod 600 "$V/data/key"
printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/data\n' "$V" > "$V/conf"
at 2026-11-01T10:00:00Z "$T" new -c "$V/conf" tempete alice@example.org bob@example.org
csend() {       # csend CONF TIME FROM SUBJECT BODY: as send, with that configuration
  c=$1; shift
  mail "$2" "$3" "$4"
  TEMPEST_NOW=$1 run_in "$tmp/m.eml" "$T" process -c "$c"
  crlf
}
vsend() { csend "$V/conf" "$@"; }
vsend 2026-11-01T11:00:00Z alice@example.org "[tempest 1 vb5v64h6]" "list random\nnumbers random"
vsend 2026-11-01T12:00:00Z bob@example.org "[tempest 1 ezap3rhf]" "list random\nnumbers random"
vsend 2026-11-02T12:00:00Z alice@example.org "[tempest 1 vb5v64h6]" "e4"
expect_out "the interception window shown" "You may intercept the last move until Wed 04 Nov 2026 12:00 UTC."
expect_out "and the move deadline" "Next deadline: Thu 12 Nov 2026 12:00 UTC, for your move."
at 2026-11-04T11:59:00Z "$T" tick -c "$V/conf"
case $out in *"has passed"*) fail "the window is open to its last minute" ;; *) pass ;; esac
at 2026-11-04T12:00:00Z "$T" tick -c "$V/conf"
expect_out "the interception window closes" "The time to intercept White's move has passed: Black moves."
expect_out "the move time runs from the turn's start" "Next deadline: Thu 12 Nov 2026 12:00 UTC, for your move."
vsend 2026-11-04T13:00:00Z bob@example.org "[tempest 1 ezap3rhf]" "intercept\ncard 16"
expect_out "too late to intercept" "you can intercept only the move just made"
vsend 2026-11-05T12:00:00Z bob@example.org "[tempest 1 ezap3rhf]" "e5"
vsend 2026-11-06T12:00:00Z alice@example.org "[tempest 1 vb5v64h6]" "Nf3"
"$T" show -c "$V/conf" --json --secrets 1 > "$tmp/v.json"
card=$(tr -d ' \n' < "$tmp/v.json" | sed -n 's/.*"hand":\[\[[0-9,]*\],\[\([0-9]*\).*/\1/p')
vsend 2026-11-07T12:00:00Z bob@example.org "[tempest 1 ezap3rhf]" "intercept\ncard $card"
expect_out "answer window shown" "If no answer comes by then, the referee accepts the interception for you."
at 2026-11-09T11:59:00Z "$T" tick -c "$V/conf"
case $out in *"accepts it"*) fail "the answer window is open to its last minute" ;; *) pass ;; esac
at 2026-11-09T12:00:00Z "$T" tick -c "$V/conf"
expect_out "the referee answers" "White's time to answer the interception has passed: the referee accepts it for them."
"$T" show -c "$V/conf" 1 > "$tmp/v.txt"
grep -q "answer       white" "$tmp/v.txt" && pass || fail "the answer is recorded as White's"
rm -rf "$tmp/rp"
run "$T" replay -c "$V/conf" "$V/data/games/1.mbox" --into "$tmp/rp"
expect_out "the card game replays" "every recorded state reproduced"

# -- Knightmare (game 1 of the demo key: White's half holds 1 3 5 9 30, Black's 4 6 7 8 32)
K2=$tmp/k2; mkdir -p "$K2/data"; cp examples/demo.key "$K2/data/key"; chmod 600 "$K2/data/key"
printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/data\n' "$K2" > "$K2/conf"
at 2026-11-01T10:00:00Z "$T" new -c "$K2/conf" knightmare-cards alice@example.org bob@example.org
ksend() { csend "$K2/conf" "$@"; }
ksend 2026-11-01T11:00:00Z alice@example.org "[tempest 1 vb5v64h6]" "deck 30 3 1 5 9"
ksend 2026-11-01T12:00:00Z bob@example.org "[tempest 1 ezap3rhf]" "deck 32 4 6 7 8"
expect_out "knightmare: the deal" "the cards are dealt"
ksend 2026-11-02T12:00:00Z alice@example.org "[tempest 1 vb5v64h6]" "e4"
expect_out "knightmare: the interception window shown" "You may intercept the last move until Wed 04 Nov 2026 12:00 UTC."
at 2026-11-04T11:59:00Z "$T" tick -c "$K2/conf"
case $out in *"has passed"*) fail "knightmare: the window is open to its last minute" ;; *) pass ;; esac
at 2026-11-04T12:00:00Z "$T" tick -c "$K2/conf"
expect_out "knightmare: the interception window closes" "The time to intercept White's move has passed: Black moves."
ksend 2026-11-04T13:00:00Z bob@example.org "[tempest 1 ezap3rhf]" "intercept\ncard 32 e4"
expect_out "knightmare: too late to intercept" "you can intercept only the move just made, before you reply to it"
ksend 2026-11-05T12:00:00Z bob@example.org "[tempest 1 ezap3rhf]" "e5"
ksend 2026-11-06T12:00:00Z alice@example.org "[tempest 1 vb5v64h6]" "d4"
ksend 2026-11-07T12:00:00Z bob@example.org "[tempest 1 ezap3rhf]" "intercept\ncard 32 d4"
expect_out "knightmare: answer window shown" "If no answer comes by then, the referee accepts the interception for you."
at 2026-11-09T11:59:00Z "$T" tick -c "$K2/conf"
case $out in *"accepts it"*) fail "knightmare: the answer window is open to its last minute" ;; *) pass ;; esac
at 2026-11-09T12:00:00Z "$T" tick -c "$K2/conf"
expect_out "knightmare: the referee answers" "White's time to answer the interception has passed: the referee accepts it for them."
"$T" show -c "$K2/conf" 1 > "$tmp/k2.txt"
grep -q "answer       white" "$tmp/k2.txt" && pass || fail "knightmare: the answer is recorded as White's"
ksend 2026-11-09T13:00:00Z bob@example.org "[tempest 1 ezap3rhf]" "Nc6"
"$T" show -c "$K2/conf" 1 > "$tmp/k2.txt"
grep -q "^Moves: 1\. e4 e5 2\. d4 {the piece on d4 leaves the board} 2\.\.\. Nc6$" "$tmp/k2.txt" &&
  pass || fail "knightmare: the interception stands and Black moves after the answer"
rm -rf "$tmp/rp"
run "$T" replay -c "$K2/conf" "$K2/data/games/1.mbox" --into "$tmp/rp"
expect_out "knightmare: the game replays" "every recorded state reproduced"

# -- the systemd units in config/ are valid and run the commands of the cron lines
if command -v systemd-analyze >/dev/null 2>&1; then
  mkdir -p "$tmp/units"
  for u in tempest-poll tempest-tick; do
    sed "s|/usr/local/bin/tempest|$T|" "config/$u.service" > "$tmp/units/$u.service"
    cp "config/$u.timer" "$tmp/units/$u.timer"
  done
  run systemd-analyze verify "$tmp/units/tempest-poll.timer" "$tmp/units/tempest-poll.service" \
    "$tmp/units/tempest-tick.timer" "$tmp/units/tempest-tick.service"
  expect_rc "systemd units verify" 0
  [ -z "$err$out" ] && pass || fail "systemd-analyze has nothing to say about the units"
fi
grep -q '^ExecStart=.* tick -c ' config/tempest-tick.service && pass || fail "the tick unit runs tick"
grep -q '^\*/15 \* \* \* \*  tempest tick -c ' docs/sysadmin.md 2>/dev/null ||
  grep -q 'tempest tick -c /etc/tempest/tempest.conf' docs/sysadmin.md && pass || fail "docs/sysadmin.md gives the cron line"

# -- the sanitized binary through a tick that does everything
rm -rf "$tmp/rp"
TEMPEST_NOW=2026-12-30T00:00:00Z run "$TA" tick -c "$V/conf"
expect_clean "sanitized tick"
cli_done t_time
