#!/bin/sh
# Observers (docs/orders.md, "Observers"): `observe N` from anyone, answered with the public
# board and no token; a mail after each move; an observer's mail acts on nothing; a player,
# an order besides, a game over are refused; `unobserve N` stops; the answers count like
# any answer (max_answers_per_day); an observer whose mail bounces bounce_limit times is
# dropped by a referee action the log replays; the observers are in the state.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
qp() { decoded; }
to() {          # to ADDRESS: the mails of $out to ADDRESS
  qp | awk -v a="To: $1" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on'
}
mail() {        # mail FROM SUBJECT BODY: processed alone
  cli_mail "$1" "$2" "$3" > "$tmp/m.mbox"
  run "$T" process -c "$tmp/conf" "$tmp/m.mbox"
}
moves() { "$T" show -c "$tmp/conf" 1 | sed -n 's/^Moves: //p'; }
cli_referee "$tmp" "bounce_limit = 2" "max_answers_per_day = 5"
D=$tmp/data
cli_game "$tmp/conf"

# confirm ADDRESS GAME: ADDRESS asks to observe GAME, and confirms by replying to the
# confirmation with `observe GAME` (the token in the subject); $out holds the answer
confirm() {
  mail "$1" "watching" "observe $2"
  ctoken=$(qp | sed -n "s/^Subject: \[tempest $2 \([a-z0-9]*\)\].*/\1/p" | head -n 1)
  mail "$1" "Re: [tempest $2 $ctoken] game $2" "observe $2"
}

# -- a stranger asks to observe: nothing but a confirmation, no slot, no board
mail carol@club.example "watching" "Hello, may I follow it?\nobserve 1"
expect_rc "observe" 0
case $(to carol@club.example) in *"Subject: [tempest 1 "*"] game 1 (Chess: "*"): do you want its moves by mail?"*) pass ;;
  *) fail "the confirmation's subject: the game, a token" ;; esac
case $(flat "$(to carol@club.example)") in *"reply to this mail with the line observe 1"*) pass ;;
  *) fail "the confirmation says what to write" ;; esac
case $(to carol@club.example) in *"Moves:"*|*"+---"*) fail "no board before the confirmation" ;; *) pass ;; esac
grep -q 'carol@club.example' "$D/games/1.json" && fail "an unconfirmed request holds no slot" || pass
ctoken=$(qp | sed -n 's/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/p' | head -n 1)
# the token is the address's: another address replying with it confirms nothing
mail dave@club.example "Re: [tempest 1 $ctoken] game 1" "observe 1"
grep -q 'dave@club.example' "$D/games/1.json" && fail "the token confirms only its address" || pass
# it lapses (observe_confirm_days, 7): a reply 8 days later confirms nothing (a copy of
# the referee, whose clock then moves on)
cp -r "$D" "$tmp/later"; sed "s|$D|$tmp/later|" "$tmp/conf" > "$tmp/later.conf"
cli_mail carol@club.example "Re: [tempest 1 $ctoken] game 1" "observe 1" > "$tmp/m.mbox"
TEMPEST_NOW=2026-11-13T12:00:00Z run "$T" process -c "$tmp/later.conf" "$tmp/m.mbox"
grep -q 'carol@club.example' "$tmp/later/games/1.json" && fail "a lapsed request confirms nothing" || pass
case $(qp) in *"do you want its moves by mail?"*) pass ;; *) fail "a lapsed request: asked again" ;; esac
# -- the confirmation: the board, no token, the footer that says how to stop
mail carol@club.example "Re: [tempest 1 $ctoken] game 1" "observe 1"
expect_rc "observe confirmed" 0
case $(to carol@club.example) in *"Subject: [tempest 1] game 1 (Chess: White v Black, observed)"*) pass ;;
  *) fail "the answer's subject: the game, no token" ;; esac
case $(flat "$(to carol@club.example)") in *"You now observe this game"*"White (White) is to move."*) pass ;;
  *) fail "the answer: observing, with the board" ;; esac
case $(to carol@club.example) in *'You observe game 1: write "unobserve 1" to me to stop.'*) pass ;;
  *) fail "the footer says how to stop" ;; esac
case $(to carol@club.example) in *http*|*"<a "*) fail "the footer holds no link" ;; *) pass ;; esac
[ "$(qp | grep -c '^To: ')" -eq 1 ] && pass || fail "only carol is written to"
grep -q '"observers"' "$D/games/1.json" && grep -q 'carol@club.example' "$D/games/1.json" && pass ||
  fail "the observer is in the game's state"
mail carol@club.example "again" "observe 1"
case $(flat "$(qp)") in *"You already observe this game"*) pass ;; *) fail "observing twice: said so" ;; esac

# -- each move: the public view, with the last move, to the observer
mail alice@example.org "Re: [tempest 1 $WT] game 1" "e4"
case $(to carol@club.example) in *"Subject: [tempest 1] 1. e4 ("*"observed)"*) pass ;; *) fail "the move's mail to carol" ;; esac
case $(flat "$(to carol@club.example)") in *"The last move: 1. e4."*"Black (Black) is to move."*"Moves: 1. e4"*) pass ;;
  *) fail "the move's mail shows the move, the board, who moves" ;; esac
case $(to carol@club.example) in *"$WT"*|*"$BT"*|*"your move"*|*"you have"*) fail "no token, nothing said to a player" ;; *) pass ;; esac
case $(to carol@club.example) in *"@example.org"*) fail "no player's address to an observer" ;; *) pass ;; esac
# ... with the HTML board a player's mail has, its last move marked, and in that part no
# token and no link
raw=$(printf '%s\n' "$out" | tr -d '\r' | awk '/^From referee@/ { on = 0 } /^To: carol@club.example/ { on = 1 } on')
case $raw in *"Content-Type: text/html"*'data-board="1"'*'data-sq="e4" data-pc="P" data-last="1"'*) pass ;;
  *) fail "the observer's mail has the HTML board" ;; esac
case $raw in *"$WT"*|*"$BT"*|*"<a "*|*href=*) fail "the observer's HTML part holds a token or a link" ;; *) pass ;; esac

# -- an observer's mail acts on nothing
mail carol@club.example "Re: [tempest 1] 1. e4" "e5"
[ "$(moves)" = "1. e4" ] && pass || fail "an observer's move is not applied ($(moves))"
mail carol@club.example "Re: [tempest 1 $BT] 1. e4" "e5"
[ "$(moves)" = "1. e4" ] && pass || fail "nor with a player's token stolen from elsewhere"
mail carol@club.example "x" "observe 1\nresign"
case $(flat "$(qp)") in *"observe and unobserve go in a mail of their own"*) pass ;; *) fail "observe with another order: refused" ;; esac
"$T" show -c "$tmp/conf" 1 | grep -q '^Status: *playing' && pass || fail "the game goes on"
mail alice@example.org "x" "observe 1"
case $(flat "$(qp)") in *"you play in game 1"*) pass ;; *) fail "a player may not observe their own game" ;; esac
mail ivan@club.example "x" "observe 99"
case $(flat "$(qp)") in *"there is no game 99 here"*) pass ;; *) fail "observe of no game: said so" ;; esac

# -- unobserve: answered without the board; no more mail
mail carol@club.example "Re: [tempest 1] 1. e4" "unobserve 1"
case $(flat "$(to carol@club.example)") in *"You no longer observe this game"*) pass ;; *) fail "unobserve answered" ;; esac
case $(to carol@club.example) in *"Moves:"*|*"You observe game"*) fail "the stop's answer shows no board" ;; *) pass ;; esac
mail bob@example.org "Re: [tempest 1 $BT] game 1" "e5"
case $(qp) in *"To: carol@club.example"*) fail "no mail to a former observer" ;; *) pass ;; esac
grep -q 'carol@club.example' "$D/games/1.json" && fail "carol is out of the state" || pass
mail judy@club.example "x" "unobserve 1"
case $(flat "$(qp)") in *"you do not observe game 1"*) pass ;; *) fail "unobserve when not observing: said so" ;; esac

# -- the answers count against max_answers_per_day (5): carol has had 5 today; a second
# confirmation the same day is not asked (one a day), but the first still confirms
mail carol@club.example "x" "observe 1"
[ -z "$(to carol@club.example)" ] && pass || fail "a second confirmation today is not asked"
mail carol@club.example "Re: [tempest 1 $ctoken] game 1" "observe 1"
[ -z "$(to carol@club.example)" ] && pass || fail "a sixth answer today is not written"
grep -q 'carol@club.example' "$D/games/1.json" && pass || fail "... though carol observes"

# -- an observer whose mail bounces bounce_limit (2) times is dropped, silently
confirm erin@gone.example 1
for n in 1 2; do
  { printf 'From MAILER-DAEMON Thu Nov  5 11:0%d:00 2026\nFrom: MAILER-DAEMON@mx.example.org\n' "$n"
    printf 'To: referee@tempest.example\nSubject: Undelivered Mail Returned to Sender\n'
    printf 'Message-ID: <dsn%d@mx.example.org>\nMIME-Version: 1.0\n' "$n"
    printf 'Content-Type: multipart/report; report-type=delivery-status; boundary="B"\n\n'
    printf -- '--B\nContent-Type: text/plain\n\nNot delivered.\n\n--B\n'
    printf 'Content-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.org\n\n'
    printf 'Final-Recipient: rfc822; erin@gone.example\nAction: failed\nStatus: 5.1.1\n\n--B--\n\n'
  } > "$tmp/dsn.mbox"
  run "$T" process -c "$tmp/conf" "$tmp/dsn.mbox"
done
[ -z "$out" ] && pass || fail "nobody is told of an observer's bounces"
grep -q 'erin@gone.example' "$D/games/1.json" && fail "erin dropped from the game" || pass
grep -q 'referee: unobserve erin@gone.example' "$D/games/1.mbox" && pass || fail "the drop is in the game log"
mail alice@example.org "Re: [tempest 1 $WT] game 1" "Nf3"
case $(qp) in *"To: erin@gone.example"*) fail "no mail to a dropped observer" ;; *) pass ;; esac
case $(qp) in *"To: carol@club.example"*) pass ;; *) fail "carol still gets the moves" ;; esac
run "$T" replay -c "$tmp/conf" "$D/games/1.mbox" --into "$tmp/replayed"
expect_rc "the log replays, observers and the drop with it" 0
expect_out "every state reproduced" "every recorded state reproduced"
grep -q 'carol@club.example' "$tmp/replayed/games/1.json" && ! grep -q erin "$tmp/replayed/games/1.json" &&
  pass || fail "the replay ends with the same observers"

# -- the end: the observer gets it; then observing is refused
mail bob@example.org "Re: [tempest 1 $BT] game 1" "resign"
case $(flat "$(to carol@club.example)") in *"game 1 over: 1-0"*"Game 1 is over: 1-0"*) pass ;; *) fail "the end mailed to the observer" ;; esac
mail frank@club.example "x" "observe 1"
case $(flat "$(qp)") in *"game 1 is over"*) pass ;; *) fail "a finished game cannot be observed" ;; esac

# -- a game its players asked to keep private: no observer, and the refusal shows nothing
mail alice@example.org "new game" "new chess\nopponent gina@example.org\nprivate"
mail hank@club.example "x" "observe 2"
case $(flat "$(qp)") in *"game 2 is private"*) pass ;; *) fail "a private game cannot be observed" ;; esac
case $(qp) in *"gina@"*|*"Moves:"*|*"+-----"*) fail "the refusal shows nothing of the private game" ;; *) pass ;; esac
grep -q '"observers"' "$D/games/2.json" && fail "no observer in the private game" || pass

# -- a team game: every board as anyone sees it, nothing of a team's own
tmp2=$tmp/px
mkdir "$tmp2"
cli_referee "$tmp2"
run "$T" new -c "$tmp2/conf" perplexichess w1@x.org b1@x.org w2@x.org b2@x.org w3@x.org b3@x.org ws@x.org bs@x.org
K_w1=$(to w1@x.org | sed -n 's/^Subject: .*\[tempest 1 \([a-z0-9]*\)\].*/\1/p' | head -n 1)
cli_mail carol@club.example "x" "observe 1" > "$tmp2/m"
run "$TA" process -c "$tmp2/conf" "$tmp2/m"
ctoken=$(qp | sed -n 's/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/p' | head -n 1)
cli_mail carol@club.example "Re: [tempest 1 $ctoken] game 1" "observe 1" > "$tmp2/m"
run "$TA" process -c "$tmp2/conf" "$tmp2/m"
expect_clean "observe a team game"
cli_game_mail 1 w1@x.org "$K_w1" "e4\nmessage team Push on the king's side" > "$tmp2/m"
run "$TA" process -c "$tmp2/conf" "$tmp2/m"
expect_clean "a move in a team game, observed"
case $(flat "$(to carol@club.example)") in *"played 1. e4 on board 1"*"Board 1: Black to move"*"Board 2: White to move"*"Board 3: White to move"*"Score:"*) pass ;;
  *) fail "the observer sees the move and every board" ;; esac
case $(to carol@club.example) in *"Push on"*|*"You are"*|*"Now:"*|*"is to move."*|*"$K_w1"*) fail "nothing of a team's own, no duty, no token" ;; *) pass ;; esac
[ "$(to ws@x.org | grep -c 'Push on')" -ge 1 ] && pass || fail "(the team message reaches the team)"
cli_done t_observe
