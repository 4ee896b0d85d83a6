#!/bin/sh
# A whole game of Perplexichess (team chess on three boards) by email through real servers,
# the game of tests/cli/t_perplexichess.sh played over the mail stack: ten members, each
# with a mailbox of their own, mail the referee over SMTP, `tempest poll` runs as cron
# would, and each member reads their mail over IMAP and answers the latest referee mail.
#   - the challenge names both teams (a Black agent too); its team message reaches the
#     challenger's team only (every member's INBOX searched); the others accept, and play
#     starts with the last acceptance;
#   - moves on all three boards, one in the seed's numbered squares (53-37 = e2-e4);
#     refusals (an agent, a strategist moving within a board, the other team's piece);
#   - a transfer between boards by a grand strategist, checked in the FENs of `tempest show`;
#   - a Flexichess change on board 3 (knights gain a wazir step): Nb1-b2 is refused on
#     board 2 and accepted on board 3;
#   - board 1 ends by mate, losing its kings and keeping its other pieces (its FEN), and a
#     piece of it moves on to board 2;
#   - messages to the team, to one member and to all, each found in exactly the INBOXes
#     it was meant for;
#   - an election (the incumbent has no vote; a vote reaches the team only), a
#     reassignment, resignations, the team result "boards won 2-1";
#   - `tempest replay` of the game log reproducing every state hash.
# Several members' mails go in one poll where their order does not matter (moves on
# different boards, refusals, votes whose texts do not depend on their order); a mail that
# depends on another waits for the next poll: 13 polls in all.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
WHITE="ws w1 w2 w3 wa"          # grand strategist, boardmen of boards 1-3, agent
BLACK="bs b1 b2 b3 ba"
ALL="$WHITE $BLACK"
MS_USERS=${MS_USERS:-"referee:refpass $(for u in $ALL; do printf '%s:%spass ' "$u" "$u"; done)"}
export MS_USERS
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_perplexichess
T=${TEMPEST:-$root/tempest}

e2e_up perplexichess
D=$MS_DOMAIN

e2e_referee

# Waits until Postfix has delivered every mail it took: its queue is empty. A mail
# deferred fails at once (the servers' logs say why).
settle() {
    q=$MS_DIR/spool
    for _ in $(seq 1 150); do
        [ -z "$(find "$q/deferred" -type f 2>/dev/null | head -n 1)" ] ||
            { echo "settle: Postfix deferred a mail" >&2; return 1; }
        [ -z "$(find "$q/maildrop" "$q/incoming" "$q/active" "$q/hold" -type f 2>/dev/null | head -n 1)" ] &&
            return 0
        sleep 0.1
    done
    echo "settle: Postfix's queue is not empty after 15 s" >&2
    return 1
}

# USER reads their new mail over IMAP (one connection): each into box-USER/UID.eml, their
# text together in new-USER.txt, their number in n-USER; last-USER names the newest.
read_mail() {
    u=$1; pw=$(ms_pass "$u") && uids=$(ms_uids "$u" INBOX) || return 1
    mkdir -p "$work/box-$u"; : > "$work/new-$u.txt"
    set --; files=""
    for uid in $(printf '%s\n' "$uids" | sort -n); do
        [ -f "$work/box-$u/$uid.eml" ] && continue
        set -- "$@" "$MS_IMAP_URL/INBOX;UID=$uid" -o "$work/box-$u/$uid.eml"
        files="$files $work/box-$u/$uid.eml"
        echo "$uid" > "$work/last-$u"
    done
    echo $(($# / 3)) > "$work/n-$u"
    [ $# -eq 0 ] && return 0
    curl -q -sS --max-time 30 -u "$u@$D:$pw" "$@" </dev/null || return 1
    # shellcheck disable=SC2086
    body $files > "$work/new-$u.txt"
}

sent=0; seq=0
# WHO answers their newest mail from the referee with BODY (lines separated by newlines):
# Re: subject (their token in it), In-Reply-To, the old text quoted, as a mail client does.
answer() {
    e2e_reply "$1" "$D" "$work/box-$1/$(cat "$work/last-$1").eml" "$2" > "$work/answer.eml"
    ms_send "$1" referee "$work/answer.eml" plain && sent=$((sent + 1))
}

# One round: the mails sent since the last are in the referee's INBOX; one poll, quiet;
# every reply is delivered; every member reads their new mail (all at once); the game as
# `tempest show` prints it is in $work/show.
round() {
    settle && ms_wait_count referee "$sent" 15 >/dev/null && [ "$(count referee)" -eq "$sent" ] ||
        return 1
    sent=0
    "$T" poll -c "$conf" > "$work/poll.out" 2> "$work/poll.err"
    prc=$?
    [ "$prc" -eq 0 ] && [ ! -s "$work/poll.err" ] || { cat "$work/poll.err"; return 1; }
    [ "$(count referee)" -eq 0 ] && settle || return 1
    rm -f "$work/unread"; pids=""
    for u in $ALL; do
        { read_mail "$u" || echo "$u" >> "$work/unread"; } &
        pids="$pids $!"
    done
    for p in $pids; do wait "$p"; done
    [ ! -e "$work/unread" ] || { echo "could not read the mail of: $(cat "$work/unread")" >&2; return 1; }
    show
}

# WHO's new mail says TEXT, wherever its lines break (docs/mail-lines.md)
has() { tr -s ' \n' ' ' < "$work/new-$1.txt" | grep -qF -- "$(printf '%s' "$2" | tr -s ' \n' ' ')"; }
got() { [ "$(cat "$work/n-$1")" -eq "$2" ]; }          # WHO got N new mails
everyone_has() { for u in $ALL; do has "$u" "$1" || { echo "$u lacks '$1'" >&2; return 1; }; done; }
# The members (of WHO...) whose INBOX, searched by the server, holds TEXT anywhere: one
# mail with each of its words, as a mail's lines break anywhere between two words
# (docs/mail-lines.md).
holding() {
    t=$1; shift
    c=; for w in $t; do c="$c${c:+ }BODY \"$w\""; done
    for u in "$@"; do [ -n "$(ms_uids "$u" INBOX "$c")" ] && printf '%s ' "$u"; done
    return 0
}
# Those of every member whose INBOX holds TEXT are exactly WHO...
reaches_exactly() {
    t=$1; shift
    want=$(for u in "$@"; do printf '%s ' "$u"; done)
    have=$(holding "$t" $ALL)
    [ "$have" = "$want" ] || { echo "'$t' is in the INBOX of: $have; want: $want" >&2; return 1; }
}
show() { "$T" show -c "$conf" 1 > "$work/show" 2>&1; }
fen_of() { sed -n 's/^FEN: //p' "$work/show" | tr '|' '\n' | sed -n "${1}p" | sed 's/^ *//; s/ *$//'; }
fen_is() { [ "$(fen_of "$1")" = "$2" ] || { echo "board $1: $(fen_of "$1")" >&2; return 1; }; }
fen_like() { case $(fen_of "$1") in $2) ;; *) echo "board $1: $(fen_of "$1")" >&2; return 1 ;; esac; }
shows() { grep -qF -- "$1" "$work/show"; }

# ---- the challenge: both teams named; a team message for White only ----
{
    printf 'From: ws <ws@%s>\r\nTo: referee@%s\r\nSubject: a team game?\r\n' "$D" "$D"
    printf 'Message-ID: <challenge@players.test>\r\nMIME-Version: 1.0\r\n'
    printf 'Content-Type: text/plain; charset=UTF-8\r\n\r\n'
    printf 'new perplexichess\r\nstrategist white ws@%s\r\n' "$D"
    for b in 1 2 3; do printf 'boardman white %s w%s@%s\r\n' "$b" "$b" "$D"; done
    printf 'agent white wa@%s\r\nstrategist black bs@%s\r\n' "$D" "$D"
    for b in 1 2 3; do printf 'boardman black %s b%s@%s\r\n' "$b" "$b" "$D"; done
    printf 'agent black ba@%s\r\nmessage team Let us win, all of us\r\n' "$D"
} > "$work/challenge.eml"
check "ws's challenge reaches the referee" ms_send ws referee "$work/challenge.eml" plain
sent=1
check "round 1 (the challenge): poll is quiet, every reply delivered" round
for u in $ALL; do check "$u hears of the challenge, in one mail" got "$u" 1; done
check "b2's invitation names the duty" has b2 "You are:   Black's boardman on board 2"
check "ba's invitation names the duty" has ba "Black's agent"
# (and its writer, whose own reply quotes the message as it was relayed: docs/orders.md, "Messages")
check "the team message reaches White's members only (every INBOX searched)" \
    reaches_exactly "Let us win, all of us" ws w1 w2 w3 wa

# ---- the acceptances: the game waits for the last ----
for u in w1 w2 w3 wa bs b1 b2 b3; do check "$u accepts" answer "$u" "accept"; done
check "round 2 (8 acceptances in one poll)" round
check "  each is told to every member, in one digest (docs/perplexichess.md, \"Digests\")" \
    got ba 1
check "  the digest names them" has ba "w1@$D (White (board 1, boardman)) accepts the invitation"
check "  the game waits for the last member" shows "Status: invited"
check "ba accepts, the last" answer ba "accept"
check "round 3" round
check "  every member is told the game begins" everyone_has "game 1 begins"

# ---- moves on every board, refusals, a transfer ----
check "board 1: w1 sends 'move 53-37'" answer w1 "move 53-37"
check "board 2: w2 sends Nf3" answer w2 "Nf3"
check "round 4" round
check "  53-37 is e2-e4 on board 1" fen_is 1 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
check "  Nf3 on board 2" fen_is 2 "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
check "  board 3 untouched" fen_is 3 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
check "  the strategist hears of both moves, in one digest" got bs 1
check "  the digest names them" has ws "board 2: 1. Nf3, by White (board 2, boardman)"
check "  w1 sees their board" has w1 "a b c d e f g h"

check "board 1: b1 e5" answer b1 "e5"
check "board 2: b2 d5" answer b2 "d5"
check "ws transfers the g1 knight from board 3 to board 2 (numbered square 63)" \
    answer ws "transfer 63 from 3 to 2"
check "wa, an agent, tries d4" answer wa "d4"
check "bs tries to transfer White's e4 pawn" answer bs "transfer e4 from 1 to 2"
check "ws, the strategist, tries Nc3 within a board" answer ws "Nc3"
check "round 5" round
check "  the transfer is told to everyone" \
    everyone_has "White's grand strategist moves the Knight on g1 from board 3 to board 2"
check "  board 3 lost its g1 knight" fen_is 3 "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"
check "  board 2 has it on g1, Black's d5 stands" fen_is 2 "rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKBNR w KQkq - 0 2"
check "  e5 on board 1" fen_like 1 "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w *"
check "  the agent may not play" has wa "an agent does not play"
check "  nor move the other team's piece" has bs "the piece on e4 of board 1 is White's"
check "  nor the strategist move within a board" has ws "a grand strategist may not move pieces within a board"

# ---- Flexichess on board 3 ----
check "board 3: w3 'rule N add W' instead of a move" answer w3 "rule N add W"
check "board 1: w1 Bc4" answer w1 "Bc4"
check "board 2: w2 b3" answer w2 "b3"
check "round 6" round
check "  the rule change is told to everyone" \
    everyone_has "Board 3: White changes a rule (Flexichess): the Knight (N) moves as NW"
check "  it is shown with board 3" has b3 "Rule changes in force (Flexichess): board 3: the Knight (N) moves as NW"
check "  it was White's turn on board 3" fen_like 3 "* b KQkq - *"
check "board 3: b3 e6" answer b3 "e6"
check "board 1: b1 Nc6" answer b1 "Nc6"
check "board 2: b2 c6" answer b2 "c6"
check "round 7" round
fen2=$(fen_of 2)
check "board 3: w3 b3" answer w3 "b3"
check "board 1: w1 Qh5" answer w1 "Qh5"
check "board 2: w2 tries Nb1-b2, a wazir step" answer w2 "Nb1-b2"
check "round 8" round
check "  board 2's knights keep their moves: Nb1-b2 refused" has w2 "'Nb1-b2': the knight on b1 cannot move to b2"
check "  ... and w2's mail not applied" has w2 "your mail was not applied"
check "  board 2 unchanged" fen_is 2 "$fen2"
check "board 3: b3 Ne7" answer b3 "Ne7"
check "board 1: b1 Nf6" answer b1 "Nf6"
check "board 2: w2 Nc3" answer w2 "Nc3"
check "ws, the incumbent, votes for w2" answer ws "elect w2@$D"
check "round 9" round
check "  the incumbent has no vote" has ws "the incumbent grand strategist has no vote"

# ---- board 1 ends by mate; Black's team talks; a knight's new step ----
check "board 3: w3 Nb1-b2, the knight's new step" answer w3 "Nb1-b2"
check "board 1: w1 Qxf7#" answer w1 "Qxf7#"
check "board 2: b2 Bf5, with three messages" answer b2 "Bf5
message team Watch their queen
message w2@$D Good luck on board 2
message all Thanks for the game so far"
check "round 10" round
check "  Nb1-b2 is accepted on board 3" has b3 "b3 Ne7 3. Nb2"
check "  the knight stands on b2 of board 3" fen_like 3 "*/PNPPPPPP/R1BQKB1R b *"
check "  board 1 ends by mate, told to everyone" everyone_has "Board 1 ends: 1-0 (checkmate)"
check "  board 1 keeps its pieces, not its kings" fen_like 1 "r1bq1b1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB3NR*"
check "  the game goes on" shows "Status: playing"
check "  the team message reaches Black's other members only (every INBOX searched)" \
    reaches_exactly "Watch their queen" bs b1 b2 b3 ba
check "  the message to w2 reaches w2 only" reaches_exactly "Good luck on board 2" w2 b2
check "  the message to all reaches the nine others" \
    reaches_exactly "Thanks for the game so far" ws w1 w2 w3 wa bs b1 b2 b3 ba

# ---- a piece of the finished board moves on; the election ----
check "board 1: b1 tries d6" answer b1 "d6"
check "bs transfers the f6 knight of the finished board 1 to board 2" answer bs "transfer f6 from 1 to 2"
for u in w1 w3 wa; do check "$u elects w2" answer "$u" "elect w2@$D"; done
check "round 11" round
check "  no move on a finished board" has b1 "board 1 is over"
check "  the transfer is told to everyone" everyone_has "moves the Knight on f6 from board 1 to board 2"
check "  the knight left board 1" fen_like 1 "r1bq1b1r/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB3NR*"
check "  ... for f6 of board 2" fen_like 2 "*/*/2p2n2/*"
for k in 1 2; do
    check "  vote $k of 3 reaches White's members only (every INBOX searched)" \
        reaches_exactly "$k of the 4 votes of the team (3 needed)" $WHITE
done
check "  the election is told to everyone" everyone_has \
    "w2@$D is elected White's grand strategist (3 of the 4 votes of the team); ws@$D is now White's boardman on board 2"
check "  w2 is White's strategist" shows "White strategist: w2@$D"
check "  ws plays board 2" shows "White (board 2, boardman): ws@$D"
check "board 2: ws, now its boardman, Ne5" answer ws "Ne5"
check "w2, the new strategist, assigns wa to board 3" answer w2 "assign wa@$D boardman 3"
check "round 12" round
check "  Ne5 is played" has b2 "4. Ne5"
check "  the reassignment is told to everyone" \
    everyone_has "assigns wa@$D to board 3; w3@$D, who played it, is now White's agent"
check "  wa plays board 3" shows "White (board 3, boardman): wa@$D"
check "  w3 is White's agent" shows "White agent: w3@$D"

# ---- the end: each board concludes; the team that won more boards wins ----
check "b2 resigns board 2" answer b2 "resign"
check "wa resigns board 3" answer wa "resign"
check "round 13" round
check "  board 2 ends, told to everyone" everyone_has "Board 2 ends: 1-0 (resignation)"
check "  board 3 ends, told to everyone" everyone_has "Board 3 ends: 0-1 (resignation)"
check "  everyone is told White wins, boards won 2-1" everyone_has "game 1 over: 1-0 (boards won 2-1)"
check "  tempest show agrees" shows "Status: over, 1-0 (boards won 2-1)"
check "  board 1 still holds its pieces" fen_like 1 "r1bq1b1r/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB3NR*"
check "the referee's INBOX is empty" [ "$(count referee)" -eq 0 ]
check "the outbox is empty" [ "$(queued "$conf")" -eq 0 ]
"$T" replay -c "$conf" "$data/games/1.mbox" --into "$work/replay" > "$work/replay.out" 2>&1
check "the game log replays to the same states" grep -q "every recorded state reproduced" "$work/replay.out"
