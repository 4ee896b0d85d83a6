#!/bin/sh
# Robots and strangers (docs/sysadmin.md, "Robots and strangers"): auto-replies, marked or not, get
# at most one answer a day; a stranger's mail is answered only if it is a challenge (or a
# plain `help`); one address cannot keep more than max_open_invitations challenges open;
# no reply quotes more than a few KB of a mail.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"    # max_open_invitations: 5 by default
conf=$tmp/conf
cli_game "$conf"

# with_header HEADER FROM SUBJECT BODY: cli_mail with one more header field
with_header() {
  cli_mail "$2" "$3" "$4" > "$tmp/one.eml"       # not in a pipe: cli_mail counts the mails
  awk -v h="$1" 'NR == 2 { print h } { print }' "$tmp/one.eml"
}
# to ADDR: how many of the mails out go to ADDR
to() { printf '%s\n' "$out" | grep -c "^To: $1\$"; }
# bytes_to ADDR: the size of the mails out to ADDR (others, queued earlier, may go too)
bytes_to() {
  printf '%s\n' "$out" | awk -v to="To: $1" '
    /^From referee@/ { if (mine) n += len; mine = 0; len = 0 }
    { len += length($0) + 1 } $0 == to { mine = 1 }
    END { if (mine) n += len; print n + 0 }'
}
# day N (5, 6, ...): that day of November 2026, noon
day() { TEMPEST_NOW=2026-11-$(printf %02d "$1")T12:00:00Z; export TEMPEST_NOW; }

# -- auto-replies marked as such: at most one answer a day (none: they are not read)
for hdr in "X-Autoreply: yes" "X-Autorespond: vacation" "Precedence: junk" \
           "Precedence: auto_reply"; do
  for d in 5 6; do
    day "$d"
    answers=0
    for r in 1 2; do
      : > "$tmp/auto.mbox"
      for i in 1 2 3; do
        with_header "$hdr" bob@example.org "Re: [tempest 1 $BT] game 1" \
          "I am out of the office until Monday.\nStatus: away" >> "$tmp/auto.mbox"
      done
      run "$T" process -c "$conf" "$tmp/auto.mbox"
      expect_rc "$hdr, day $d, run $r" 0
      answers=$((answers + $(to bob@example.org)))
    done
    [ "$answers" -le 1 ] && pass || fail "$hdr: at most one answer on day $d ($answers)"
  done
done
day 5
with_header "X-Autoreply: yes" bob@example.org "Re: [tempest 1 $BT] game 1" "I am away" > "$tmp/m"
run "$T" process -v -c "$conf" "$tmp/m"
expect_err "the mark is named in the log" "X-Autoreply"

# -- an auto-responder that does not say so: the same text, 30 times over three days, is
# answered once a day
answers_by_day=""
for d in 7 8 9; do
  day "$d"
  got=0
  for r in 1 2 3; do
    : > "$tmp/loop.mbox"
    for i in 1 2 3 4; do
      [ "$r" -gt 1 ] && [ "$i" -eq 4 ] && continue    # 4 + 3 + 3 = 10 a day
      cli_game_mail 1 bob@example.org "$BT" \
        "Thank you for your message.\n\nI am  away until Monday and will answer then." \
        >> "$tmp/loop.mbox"
    done
    run "$T" process -c "$conf" "$tmp/loop.mbox"
    expect_rc "the auto-responder, day $d, run $r" 0
    got=$((got + $(to bob@example.org)))
  done
  answers_by_day="$answers_by_day $got"
done
[ "$answers_by_day" = " 1 1 1" ] && pass || fail "one answer a day to the auto-responder ($answers_by_day)"
# the player who writes something new is answered at once, the same day
cli_game_mail 1 bob@example.org "$BT" "Sorry, that was my vacation program." > "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
expect_out "a new text is answered" "To: bob@example.org"
# and a move still goes through, its notices sent whatever the day's answers
cli_game_mail 1 alice@example.org "$WT" "e4" > "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
[ "$(to bob@example.org)" -eq 1 ] && pass || fail "the move's notice reaches bob"

# -- a stranger's spam, even with order-shaped lines, gets no answer
day 10
: > "$tmp/spam.mbox"
cli_mail news@shop.example "Spring sale" "New arrivals\nSee our shop for the spring collection." >> "$tmp/spam.mbox"
cli_mail noreply@bank.example "Confirm your account" "Dear customer,\nAccept\nto keep your account open." >> "$tmp/spam.mbox"
cli_mail track@parcel.example "Your parcel" "Status: shipped\nTracking number 12345" >> "$tmp/spam.mbox"
cli_mail promo@shop.example "Deal" "resign\noffer draw\ne4" >> "$tmp/spam.mbox"
run "$T" process -v -c "$conf" "$tmp/spam.mbox"
expect_rc "the spam" 0
[ -z "$out" ] && pass || fail "a stranger's spam gets no answer"
expect_err "the stranger's mail is logged with -v" "a stranger's mail"
# -- a stranger's test, with or without a game, gets none
cli_mail mallory@evil.example "hello" "test" > "$tmp/m"
cli_mail mallory@evil.example "hello" "game 1\ntest" >> "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
[ -z "$out" ] && pass || fail "a stranger's test gets no answer"
# ... but a player's test, from an address that plays here, does
cli_mail alice@example.org "hello" "test" > "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
expect_out "a player's test about no game is answered" "To: alice@example.org"
# -- a stranger's plain help and well-formed challenge are answered
cli_mail newcomer@example.net "how?" "Hello, how does this work?\nhelp" > "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
expect_out "a newcomer's help" "To: newcomer@example.net"
cli_mail carol@example.net "a game?" "new chess" > "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
expect_out "a challenge without its opponent is refused, to the stranger" "To: carol@example.net"
cli_mail carol@example.net "a game?" "new chess\nopponent dave@example.net" > "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
expect_out "the stranger's challenge: invitation" "To: dave@example.net"
# a stranger's mail draws one mail a day to any address: carol had her refusal today
[ "$(to carol@example.net)" -eq 0 ] && pass || fail "the stranger's second mail today: no confirmation"
# someone invited in this very run is known: their answer without the token is refused
# to them, not ignored (the spam first, so that the addresses are read before the game)
cli_mail ads@shop.example "Sale" "Accept our offer" > "$tmp/m"
cli_mail gina@example.net "a game?" "new chess\nopponent hank@example.net" >> "$tmp/m"
cli_mail hank@example.net "yes" "accept" >> "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
[ "$(to hank@example.net)" -eq 2 ] && pass || fail "the invitee: the invitation, then the refusal"
[ "$(to ads@shop.example)" -eq 0 ] && pass || fail "the advert: nothing"

# -- one mail a day to any address from strangers' mails, whatever they ask: five helps,
# five challenges from five forged addresses to one victim, five intrusions in a game
day 11
: > "$tmp/five.mbox"
for i in 1 2 3 4 5; do
  cli_mail "nosy@example.net" "how?" "help" >> "$tmp/five.mbox"
  cli_mail "forger$i@example.net" "game" "new chess\nopponent victim@example.net" >> "$tmp/five.mbox"
done
run "$T" process -c "$conf" "$tmp/five.mbox"
[ "$(to nosy@example.net)" -eq 1 ] && pass || fail "five helps from a stranger: one answer ($(to nosy@example.net))"
[ "$(to victim@example.net)" -eq 1 ] && pass || fail "five forged challenges: one invitation ($(to victim@example.net))"
intruded=0
for i in 1 2 3 4 5; do
  cli_mail "intruder@example.net" "Re: [tempest 1 $WT] game 1" "Nf3" > "$tmp/m"
  run "$T" process -c "$conf" "$tmp/m"
  intruded=$((intruded + $(to alice@example.org)))
done
[ "$intruded" -eq 1 ] && pass || fail "five intrusions: the player told once a day ($intruded)"
day 12
run "$T" process -c "$conf" "$tmp/m"
[ "$(to alice@example.org)" -eq 0 ] && pass || fail "(the same mail again: recognised)"
cli_mail "intruder@example.net" "Re: [tempest 1 $WT] game 1" "Nc3" > "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
[ "$(to alice@example.org)" -eq 1 ] && pass || fail "the next day, told again"

# -- an auto-responder that writes the date (and quotes the referee's subject): its text
# is the same less the date, the time and the numbers; one answer in five
day 13
got=0
for i in 1 2 3 4 5; do
  cli_mail bob@example.org "Re: [tempest 1 $BT] game 1" \
    "Auto: out of office (sent Fri 13 Nov 2026 1$i:0$i:1$i +0100, ref #44$i)\nYour mail Re: [tempest 1 $BT] game $i was received.\nI am away until 2026-11-2$i and will answer then." > "$tmp/m"
  run "$T" process -c "$conf" "$tmp/m"
  got=$((got + $(to bob@example.org)))
done
[ "$got" -eq 1 ] && pass || fail "the date-line auto-responder: one answer in five ($got)"

# -- 200 challenges from one address: 5 invitations, the others refused
: > "$tmp/flood.mbox"
i=1
while [ $i -le 200 ]; do
  cli_mail eve@example.com "game" "new chess\nopponent p$i@example.com" >> "$tmp/flood.mbox"
  i=$((i + 1))
done
run "$T" process -c "$conf" "$tmp/flood.mbox"
# the refusals beyond max_replies_per_sender wait for the next run: 75 (docs/sysadmin.md, "Exit status")
expect_rc "the flood" 75
inv=$(printf '%s\n' "$out" | grep -c '^To: p[0-9]*@example.com$')
[ "$inv" -eq 5 ] && pass || fail "200 challenges: 5 invitations ($inv)"
case $(decoded) in *"you have 5 challenges waiting for an answer"*) pass ;;
  *) fail "the 6th challenge is refused, saying why" ;; esac
[ "$(to eve@example.com)" -le 10 ] && pass || fail "eve's answers stay within max_replies_per_sender"
# once one is declined, a new challenge goes
# eve's first game: its number and p1's token
eg=$(printf '%s\n' "$out" | sed -n 's/^Subject: \[tempest \([0-9]*\) [a-z0-9]*\] eve@example.com invites you.*/\1/p' | head -n 1)
tok=$(printf '%s\n' "$out" | sed -n "s/^Subject: \[tempest $eg \([a-z0-9]*\)\] eve@example.com invites you.*/\1/p")
cli_mail "p1@example.com" "Re: [tempest $eg $tok] invitation" "decline" > "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
expect_out "p1 declines" "To: eve@example.com"
cli_mail eve@example.com "game" "new chess\nopponent p201@example.com" > "$tmp/m"
run "$T" process -c "$conf" "$tmp/m"
expect_out "a challenge goes again once one is answered" "To: p201@example.com"

# -- a reply never quotes more than a few KB of the mail
cli_game_mail 1 alice@example.org "$WT" "test\ncolour $(printf '%0300d' 0)" > "$tmp/big"
head -c 9000000 /dev/zero | tr '\0' x >> "$tmp/big"
printf '\nNf9\n\n' >> "$tmp/big"
run "$T" process -c "$conf" "$tmp/big"
expect_rc "the 9 MB line" 0
size=$(bytes_to alice@example.org)
if [ "$size" -lt 30000 ]; then
  pass
  case $(decoded) in *"xxxxxxxxxx=E2=80=A6"*) pass ;; *) fail "the long line is quoted cut, with …" ;; esac
else
  fail "the replies to a 9 MB line are small ($size bytes)"
fi
: > "$tmp/many"
cli_game_mail 1 alice@example.org "$WT" "$(i=0; while [ $i -lt 3000 ]; do printf 'Nf9\\n'; i=$((i + 1)); done)" > "$tmp/many"
run "$T" process -c "$conf" "$tmp/many"
size=$(bytes_to alice@example.org)
[ "$size" -lt 30000 ] && pass || fail "the refusal of 3000 faulty lines is small ($size bytes)"
case $(decoded) in *"=E2=80=A6 and "*" more, not shown"*) pass ;;
  *) fail "the refusal says how many lines it left out" ;; esac
# -- a data directory of an earlier release, whose counts were a file per address and
# counter (DATA/quota/HASH.strangers: "DAY COUNT BATCH"): the day's count there still
# counts, and the first count written folds it into the day's table (DATA/quota/counts)
O=$tmp/earlier; cli_referee "$O"
day 13
today=$(( $(date -u -d 2026-11-13 +%s) / 86400 ))
name=$(printf '%s' olden@example.net | sha256sum | cut -c1-32)
mkdir -p "$O/data/quota"
echo "$today 1 18ee0000.1.0" > "$O/data/quota/$name.strangers"
cli_mail olden@example.net "how?" "help" > "$tmp/m"
cli_mail newbie@example.net "how?" "help" >> "$tmp/m"
run "$T" process -c "$O/conf" "$tmp/m"
[ "$(to olden@example.net)" -eq 0 ] && pass || fail "an earlier release's count of the day counts"
[ "$(to newbie@example.net)" -eq 1 ] && pass || fail "(another stranger's help answered)"
[ ! -e "$O/data/quota/$name.strangers" ] && pass || fail "the earlier release's file folded in"
grep -qx "$today 1 $name 1" "$O/data/quota/counts" && pass ||
  fail "its count in the day's table ($(cat "$O/data/quota/counts" | tr '\n' ' '))"
cli_mail olden@example.net "how, again?" "help" > "$tmp/m"
run "$T" process -c "$O/conf" "$tmp/m"
[ "$(to olden@example.net)" -eq 0 ] && pass || fail "still counted once folded"
day 14
cli_mail olden@example.net "how, a day later?" "help" > "$tmp/m"
run "$T" process -c "$O/conf" "$tmp/m"
[ "$(to olden@example.net)" -eq 1 ] && pass || fail "the next day, answered"
[ "$(ls "$O/data/quota" | grep -vc '^counts$')" -eq 0 ] && pass ||
  fail "one file for the day's counts ($(ls "$O/data/quota" | tr '\n' ' '))"

cli_done t_robots
