#!/bin/sh
# Digests of a team game (docs/perplexichess.md, "Digests"): a 7-board Perplexichess game,
# its start and seven first moves each in one run. A member gets at once only what concerns
# them (their own mail answered, their turn come, their board changed, a message naming
# them) and one digest a run for the rest; `mail each` takes every mail at once; a
# stranger's attempts are told once a game and run; a run killed after its commit and run
# again sends what a clean run sends; the log replays, the digests with it.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
W="ws w1 w2 w3 w4 w5 w6 w7 wa"; B="bs b1 b2 b3 b4 b5 b6 b7 ba"
to() {          # to ADDRESS: the decoded mails to ADDRESS in $out
  decoded | awk -v a="To: $1" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on'
}
mails() { printf '%s\n' "$out" | tr -d '\r' | grep -c '^To: '; }
most() { printf '%s\n' "$out" | tr -d '\r' | sed -n 's/^To: //p' | sort | uniq -c | sort -n | tail -n 1 | awk '{ print $1 }'; }
team() {        # team DIR: a referee in DIR, the challenge and every acceptance, a run each
  cli_referee "$1" "max_replies_per_sender = 1000"
  body="new perplexichess7\nstrategist white ws@x.org\nagent white wa@x.org\nstrategist black bs@x.org\nagent black ba@x.org"
  for i in 1 2 3 4 5 6 7; do body="$body\nboardman white $i w$i@x.org\nboardman black $i b$i@x.org"; done
  cli_mail ws@x.org "new game" "$body" > "$1/m"
  run "$T" process -c "$1/conf" "$1/m"
  for a in $W $B; do eval "K_$a=\$(cli_token 1 $a@x.org)"; done
  : > "$1/acc"
  for a in $W $B; do
    [ "$a" = ws ] && continue
    eval "k=\$K_$a"
    cli_game_mail 1 $a@x.org "$k" "accept" >> "$1/acc"
  done
  run "$TA" process -c "$1/conf" "$1/acc"
}
seven() {       # seven DIR: the White boardmen's first moves, in one mbox
  : > "$1/mv"
  for i in 1 2 3 4 5 6 7; do
    eval "k=\$K_w$i"
    cli_game_mail 1 w$i@x.org "$k" "e4" >> "$1/mv"
  done
}

# -- the start: 17 acceptances in one run (306 mails before digests: 17 to each member)
team "$tmp/a"
expect_clean "the acceptances"
# (16 confirmations to those who accepted before the last, the start to all 18; the
# acceptances waiting for the run's digests are stale once play begins: no digest)
[ "$(mails)" -eq 34 ] && pass || fail "the start: 34 mails, not 306 ($(mails))"
[ "$(most)" -le 2 ] && pass || fail "at most 2 a member in the run ($(most))"
case $(flat "$(decoded)") in *"Elsewhere in the game"*) fail "no digest of acceptances after the start" ;;
  *) pass ;; esac
case $(to b5@x.org) in *"game 1 begins"*) pass ;; *) fail "the start itself comes at once" ;; esac

# -- seven first moves in one run (126 mails before: 7 to each member)
seven "$tmp/a"
run "$TA" process -c "$tmp/a/conf" "$tmp/a/mv"
expect_clean "seven moves"
[ "$(mails)" -eq 32 ] && pass || fail "seven moves: 32 mails, not 126 ($(mails))"
[ "$(most)" -le 2 ] && pass || fail "at most 2 a member in the run ($(most))"
case $(to b3@x.org) in *"1. e4 on board 3 -- your move"*) pass ;; *) fail "b3's turn on board 3 comes at once" ;; esac
case $(flat "$(to b3@x.org)") in *"- board 2: 1. e4, by White (board 2, boardman) (w2@x.org)"*) pass ;;
  *) fail "b3's digest has the move on board 2" ;; esac
case $(flat "$(to b3@x.org)") in *"- board 3: 1. e4"*) fail "b3's own board is not in the digest" ;; *) pass ;; esac
[ "$(to bs@x.org | grep -c '^To: ')" -eq 1 ] && pass || fail "the strategist: one digest"
case $(flat "$(to bs@x.org)") in *"- board 1: 1. e4"*"- board 7: 1. e4"*) pass ;; *) fail "the strategist's digest has all seven moves" ;; esac
# ... and the boards the strategist acts on (an agent's too), not the moves alone
case $(flat "$(to bs@x.org)") in *"Board 1: Black to move"*"Board 7: Black to move"*) pass ;;
  *) fail "the strategist's digest shows every board" ;; esac
case $(flat "$(to ba@x.org)") in *"Board 1: Black to move"*"Board 7: Black to move"*) pass ;;
  *) fail "the agent's digest shows every board" ;; esac
python3 -c 'import json, sys; sys.exit(len(json.load(open(sys.argv[1])).get("digest", {}).get("items", [])))' \
  "$tmp/a/data/games/1.json" && pass || fail "nothing waits once the digests went"

# -- mail each; a message that names a member comes at once
for a in bs b2; do eval "k=\$K_$a"; cli_game_mail 1 $a@x.org "$k" "mail each" > "$tmp/m"; run "$T" process -c "$tmp/a/conf" "$tmp/m"; done
case $(flat "$(to b2@x.org)") in *"Every mail of this game now comes to you at once."*) pass ;; *) fail "mail each answered" ;; esac
: > "$tmp/mv2"
for i in 1 4 5; do eval "k=\$K_b$i"; cli_game_mail 1 b$i@x.org "$k" "e5" >> "$tmp/mv2"; done
cli_game_mail 1 w6@x.org "$K_w6" "message b7@x.org Good luck on board 7" >> "$tmp/mv2"
run "$T" process -c "$tmp/a/conf" "$tmp/mv2"
[ "$(to bs@x.org | grep -c '^To: ')" -eq 3 ] && pass || fail "mail each: bs gets each move at once ($(to bs@x.org | grep -c '^To: '))"
case $(flat "$(to bs@x.org)") in *"Elsewhere in the game"*) fail "mail each: no digest" ;; *) pass ;; esac
case $(flat "$(to b7@x.org)") in *"Good luck on board 7"*) pass ;; *) fail "the message reaches b7" ;; esac
[ "$(to w3@x.org | grep -c '^To: ')" -eq 1 ] && pass || fail "w3: one digest for three moves elsewhere"

# -- a stranger's attempts: in a team game only the member who set it up is told, once a
# game and run (not each of the 18 members for each mail), and a day: a stranger's mail
# draws one mail a day to any address, and the challenge's invitations, from a stranger
# too, were today's: the next day then
cli_mail mallory@evil.example "Re: [tempest 1] game 1" "e5" > "$tmp/int"
TEMPEST_NOW=2026-11-06T12:00:00Z run "$T" process -c "$tmp/a/conf" "$tmp/int"
[ "$(printf '%s\n' "$out" | tr -d '\r' | grep -c '^X-Tempest-Kind: intruder')" -eq 1 ] &&
  [ "$(printf '%s\n' "$out" | tr -d '\r' | sed -n 's/^To: //p')" = "ws@x.org" ] && pass ||
  fail "one attempt: one notice, to the challenger"
cli_mail mallory@evil.example "Re: [tempest 1] game 1" "e5" > "$tmp/int"
cli_mail mallory@evil.example "Re: [tempest 1] game 1" "d5" >> "$tmp/int"
TEMPEST_NOW=2026-11-07T12:00:00Z run "$T" process -c "$tmp/a/conf" "$tmp/int"     # (a day on)
[ "$(printf '%s\n' "$out" | tr -d '\r' | grep -c '^X-Tempest-Kind: intruder')" -eq 1 ] && pass ||
  fail "two attempts in a run: one notice, not 2 nor 36"

# -- the log replays to the same states, the digests' actions with it
run "$T" replay -c "$tmp/a/conf" "$tmp/a/data/games/1.mbox" --into "$tmp/a/replayed"
expect_out "the log replays" "every recorded state reproduced"

# -- killed after the moves are committed, run again: what a clean run sends
team "$tmp/b"
seven "$tmp/b"
TEMPEST_FAULT=after-commit "$T" process -c "$tmp/b/conf" "$tmp/b/mv" > /dev/null 2>&1
rc=$?
[ "$rc" -eq 137 ] && pass || fail "the run is killed after its commit ($rc)"
python3 -c 'import json, sys; sys.exit(len(json.load(open(sys.argv[1])).get("digest", {}).get("items", [])) != 7)' \
  "$tmp/b/data/games/1.json" && pass || fail "the killed run left its seven moves waiting in the state"
run "$T" process -c "$tmp/b/conf" "$tmp/b/mv"
expect_rc "the run after the kill" 0
grep -c "referee: digest" "$tmp/b/data/games/1.mbox" > "$tmp/b/n"
[ "$(cat "$tmp/b/n")" -eq 2 ] && pass || fail "the digest of the killed run's moves is sent by the next ($(cat "$tmp/b/n"))"
b=$(awk '/^Subject: .*referee: digest/ { n = 0 } /^To: / { n++ } END { print n }' "$tmp/b/data/games/1.mbox")
[ "$b" -eq 18 ] && pass || fail "... to every member ($b)"
cli_done t_digest
