#!/bin/sh
# A whole game of Tempete sur l'Echiquier by email through real servers (docs/tempete.md, "Tempete
# sur l'Echiquier by mail"): alice and bob mail the referee over SMTP, `tempest poll` runs
# as cron would, the players read their mail over IMAP and answer the latest referee mail.
#   - setting up: bob sends an explicit list (wrapped over lines, as a mail client would),
#     alice `list random` and her opening numbers, bob `numbers random`; each reads the
#     private setup mail and the deal (commitments, hand);
#   - play: moves with and without cards; an interception (card 66) answered with a
#     different move; one answered with a card (32); cards 12 (a secret square, later used
#     with `secret`), 34 and 57 (its barred number refused); the hand sizes after each turn;
#   - the end: a mate held open for an interception, conceded; the reveal, whose two
#     commitments are checked by running the exact command the mail shows; and `tempest
#     replay` of the game log reproducing every state hash;
#   - carol, a club member, observes the game from its invitation (`observe 1`, then
#     the confirmation from her address, the consent a non-player gives): every
#     mail she gets before the end is scanned for either player's secrets (a hand, a list,
#     a draw, a salt, the secret square, a token), and the scan shown to find them in a
#     player's own mails; her last mail holds the reveal.
# Bob's list is his own, so his draws are known in advance; alice's is the referee's, so
# the test reads it from her setup mail and has bob send the numbers that give her cards
# 12 and 32. The referee's key is the published demo key: the same game every run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_tempete
T=${TEMPEST:-$root/tempest}

e2e_up tempete

e2e_referee
. "$here/archive.sh"; archive_on    # every poll writes the archive, scanned for secrets
na=0; nb=0
hands() { has "$1" "(White holds $2 cards, Black $3.)"; }
# The "N:card" pairs of a list shown in a setup mail, one a line.
pairs() { sed -n '/Nobody else sees it/,/^$/p' "$work/last-$1.txt" | grep -o '[0-9][0-9]*:[0-9][0-9]*'; }
hand_of() { sed -n 's/^Your hand: //p' "$work/last-$1.txt" | head -n 1 | sed 's/card //g; s/,//g'; }

# Bob's list: the cards he needs first, then the others ascending, wrapped ten a line.
front="66 34 23 24 25 57 28 69 70 1"
rest=$(seq 1 72 | grep -vxE '11|22|71|72' | grep -vxF "$(echo $front | tr ' ' '\n')")
bob_list=$(echo $front $rest)
bob_wrapped=$(echo $bob_list | tr ' ' '\n' | paste -d ' ' - - - - - - - - - -)

# ---- the challenge and the setting up ----
printf 'From: alice <alice@%s>\r\nTo: referee@%s\r\nSubject: a game of cards?\r\nMessage-ID: <challenge@players.test>\r\n\r\nnew tempete\r\nopponent bob@%s\r\ncolour white\r\n' \
    "$MS_DOMAIN" "$MS_DOMAIN" "$MS_DOMAIN" > "$work/challenge.eml"
check "alice's challenge reaches the referee" ms_send alice referee "$work/challenge.eml" plain
ms_wait_count referee 1 15 >/dev/null
poll; check "poll runs quietly" [ "$prc" -eq 0 ] && [ ! -s "$work/poll.err" ]
na=1; nb=1
check "the invitation and its confirmation arrive" ms_wait_count alice 1 15 && ms_wait_count bob 1 15
seq=0
# carol observes from the invitation on (docs/orders.md, "Observers")
printf 'From: carol <carol@%s>\r\nTo: referee@%s\r\nSubject: may I watch?\r\nMessage-ID: <observe@players.test>\r\n\r\nHello,\r\nobserve 1\r\n' \
    "$MS_DOMAIN" "$MS_DOMAIN" > "$work/observe.eml"
check "carol asks to observe game 1" ms_send carol referee "$work/observe.eml" plain
ms_settle; ms_wait_count referee 1 15 >/dev/null
poll; check "  poll runs quietly" [ "$prc" -eq 0 ] && [ ! -s "$work/poll.err" ]
check "  carol is asked to confirm from her address" ms_wait_count carol 1 15
ms_fetch_all carol "$work/box-carol" > /dev/null
ct=$(sed -n 's/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/p' "$work/box-carol/1.eml" | head -n 1)
printf 'From: carol <carol@%s>\r\nTo: referee@%s\r\nSubject: Re: [tempest 1 %s] game 1\r\nMessage-ID: <confirm@players.test>\r\n\r\nobserve 1\r\n' \
    "$MS_DOMAIN" "$MS_DOMAIN" "$ct" > "$work/confirm.eml"
check "  carol confirms" ms_send carol referee "$work/confirm.eml" plain
ms_settle; ms_wait_count referee 1 15 >/dev/null
poll; check "  poll runs quietly" [ "$prc" -eq 0 ] && [ ! -s "$work/poll.err" ]
check "  carol is answered, with the board" ms_wait_count carol 2 15
check "bob accepts" turn bob "accept" both
check "the game begins, with what to send" has bob "list random"

check "bob sends his list, over ten lines" turn bob "list $bob_wrapped" bob
check "bob's setup mail: his list is recorded, in secret" has bob "Your list is recorded."
check "bob's setup mail shows his list as he sent it" \
    [ "$(pairs bob | cut -d: -f2 | tr '\n' ' ' | sed 's/ $//')" = "$bob_list" ]
check "bob still owes his numbers" has bob "Still to send: five numbers from 1 to 68"

check "alice: list random and her opening numbers" turn alice "list random
numbers 1 2 3 4 5" alice
check "alice's setup mail: the referee's list" has alice "Your list (made by the referee) is recorded."
pairs alice > "$work/alice.list"
check "alice's list holds the 68 cards once each" \
    [ "$(cut -d: -f2 "$work/alice.list" | sort -n | tr '\n' ' ')" = "$(seq 1 72 | grep -vxE '11|22|71|72' | tr '\n' ' ')" ]
pos() { awk -F: -v c="$1" '$2 == c { print $1 }' "$work/alice.list"; }

check "bob: numbers random, and the cards are dealt" turn bob "numbers random" both
for who in alice bob; do
    check "$who: the deal" has "$who" "the cards are dealt"
    check "$who: the commitments" grep -qE '^  (White|Black): [0-9a-f]{64}$' "$work/last-$who.txt"
    check "$who holds five cards" [ "$(hand_of "$who" | wc -w)" -eq 5 ]
done
grep -E '^  (White|Black): [0-9a-f]{64}$' "$work/last-alice.txt" > "$work/commit-alice"
grep -E '^  (White|Black): [0-9a-f]{64}$' "$work/last-bob.txt" > "$work/commit-bob"
check "both read the same commitments" cmp -s "$work/commit-alice" "$work/commit-bob"
check "bob drew the cards at alice's numbers 1-5 on his own list" \
    [ "$(hand_of bob)" = "66 34 23 24 25" ]
check "bob's draws are told with their numbers" has bob "card 66 (your number 1)"
alice_hand=$(hand_of alice)
# bob's opening numbers, as alice was told them
# (the sentence over its lines: docs/mail-lines.md)
sed -n '/^You drew /,/\.$/p' "$work/last-alice.txt" | tr -s ' \n' ' ' | grep -o 'your number [0-9]*' |
    sed 's/your number //' > "$work/bob.sent"
check "alice drew her cards at bob's five numbers on her own list" [ "$(wc -l < "$work/bob.sent")" -eq 5 ]
for nbr in $(cat "$work/bob.sent"); do
    card=$(awk -F: -v n="$nbr" '$1 == n { print $2 }' "$work/alice.list")
    echo " $alice_hand " | grep -q " $card " || fail "alice's number $nbr should give card $card"
done

# the number bob sends to give alice CARD (any fresh one if she has it already)
fresh() {
    for n in $(seq 1 68); do
        grep -qx "$n" "$work/bob.sent" || { echo "$n"; return; }
    done
}
give() {         # give CARD, or give any
    if [ "$1" = any ] || echo " $alice_hand " | grep -q " $1 "; then n=$(fresh); else n=$(pos "$1"); fi
    echo "$n" >> "$work/bob.sent"
    echo "$n"
}
plain=$(for c in $alice_hand; do case $c in 12|18|28|32|34|42|50|52|57|66) ;; *) echo "$c" ;; esac; done | head -n 1)

# ---- play ----
check "1. e4, with card $plain" turn alice "card $plain
e4" both
check "  White holds 4, Black 5" hands alice 4 5
check "  bob is told of the card" has bob "White plays card $plain."
n12=$(give 12)
check "1... e5, with the number for alice" turn bob "e5
numbers $n12" both
check "  alice draws card 12" has alice "You drew card 12 (your number $n12)."
check "  White holds 5 again" hands alice 5 5
alice_hand="$alice_hand 12"

check "2. Nf3 with card 12 and its square" turn alice "card 12
square h6
Nf3" both
check "  the square stays with the referee" has bob "White plays card 12: gives the referee a square, in secret."
check "  bob does not see it" sh -c "! grep -q h6 '$work/last-bob.txt'"
check "bob intercepts with card 66, taking Nf3 back" turn bob "intercept
card 66
effect takeback" both
check "  alice must answer" has alice "answer the interception"
check "  Black holds 4" hands alice 4 4
check "2. Nc3 instead, with one number for bob" turn alice "Nc3
numbers 6" both
check "  White moves Nc3 instead" has bob "White moves Nc3 instead."
check "  bob draws card 57 (his number 6)" has bob "You drew card 57 (your number 6)."
check "  White 4, Black 5" hands bob 4 5
n32=$(give 32)
check "2... Nc6, with the number for alice" turn bob "Nc6
numbers $n32" both
check "  alice draws card 32" has alice "You drew card 32 (your number $n32)."
check "  both hold 5" hands alice 5 5
alice_hand="$alice_hand 32"

check "3. Bc4" turn alice "Bc4" both
check "bob intercepts with card 23, capturing the bishop" turn bob "intercept
card 23
effect capture c4" both
check "  Black holds 4" hands alice 5 4
check "alice answers with card 32" turn alice "card 32
numbers 7" both
check "  the interception is disabled, the move stands" has bob "Card 32 disables card 23: White's move stands."
check "  bob draws card 28" has bob "You drew card 28 (your number 7)."
check "  White 4, Black 5" hands bob 4 5
nf=$(give any)
check "3... Nd4 with card 34, taking card 32" turn bob "card 34
take 32
Nd4
numbers $nf" both
check "  announced" has alice "Black plays card 34: takes card 32 into their hand."
check "  bob holds 32 now" [ "$(hand_of bob)" = "24 25 57 28 32" ]
check "  both hold 5" hands alice 5 5

check "4. Nf3" turn alice "Nf3" both
check "4... a6" turn bob "a6" both
check "5. Nxd4 (bob loses a knight)" turn alice "Nxd4" both
check "5... exd4 with card 57, choosing card 1" turn bob "card 57
choose 1
exd4" both
check "  alice is told the barred number only" has alice "White may no longer send number 10"
check "  bob holds card 1" [ "$(hand_of bob)" = "24 25 28 32 1" ]
check "  both hold 5" hands bob 5 5

check "6. Qh5, using the secret square" turn alice "secret h6
Qh5" both
check "  the square is checked and announced" has bob "White uses the square given to the referee with card 12: h6."
check "6... a5 with card 24" turn bob "card 24
a5" both
check "  Black holds 4" hands alice 5 4
check "7. Qxf7 with the barred number is refused" turn alice "Qxf7
numbers 10" alice
check "  the reason" has alice "you may not send 10 any more (card 57)"
check "7. Qxf7 mates" turn alice "Qxf7
numbers 11" both
check "  the mate is announced and held open" has bob "Black is mated, unless an interception lifts the mate."
check "  bob may intercept or concede" has bob "You are mated: intercept the mating move, or concede"
check "  bob draws card 2" has bob "You drew card 2 (your number 11)."
check "bob concedes" turn bob "concede" both

# ---- the end: the reveal ----
for who in alice bob; do
    check "$who: the game is over, 1-0" has "$who" "game 1 over: 1-0"
    check "$who: bob's list is revealed as he sent it" has "$who" "Black's list: $bob_list"
    check "$who: alice's list is revealed" \
        has "$who" "White's list: $(cut -d: -f2 "$work/alice.list" | tr '\n' ' ' | sed 's/ $//')"
    check "$who: the square is revealed" has "$who" "squares given to the referee: h6 (card 12)"
    for side in White Black; do
        # the command, on one line or continued over several (docs/mail-lines.md)
        cmd=$(sed -n "/^$side's list: /,/| sha256sum\$/p" "$work/last-$who.txt" |
            sed -n '/^  check it with: /,$p' | sed '1s/^  check it with: //')
        sum=$(sh -c "$cmd" 2>/dev/null | cut -d' ' -f1)
        dealt=$(sed -n "s/^  $side: //p" "$work/commit-$who")
        shown=$(sed -n "/^$side's list: /,/commitment:/s/^  commitment: *//p" "$work/last-$who.txt")
        check "$who: $side's commitment at the deal is the SHA-256 the revealed command prints" \
            [ -n "$sum" ] && [ "$sum" = "$dealt" ] && [ "$sum" = "$shown" ]
    done
done
# the PGN, cut at the cards' edits, read back by ffish with the exported variants.ini
check "ffish reads the PGN back to the final position" pgn_ffish alice 1
check "the referee's INBOX is empty" [ "$(count referee)" -eq 0 ]
check "the outbox is empty" [ "$(queued "$conf")" -eq 0 ]
archive_checks "1-0"
"$T" replay -c "$conf" "$data/games/1.mbox" --into "$work/replay" > "$work/replay.out" 2>&1
check "the game log replays to the same states" grep -q "every recorded state reproduced" "$work/replay.out"

# ---- the observer: every mail carol got before the end, scanned for secrets ----
salts=$(sed -n 's/^  salt: *//p' "$work/last-alice.txt")
alice_list=$(cut -d: -f2 "$work/alice.list" | tr '\n' ' ')
# four entries of a list in a row (as secrecytest.c's checker counts a list)
for l in "$bob_list" "$alice_list"; do
    echo $l | tr ' ' '\n' | awk '{ a[NR] = $0 } END { for (i = 1; i + 3 <= NR; i++) print a[i], a[i+1], a[i+2], a[i+3] }'
done > "$work/runs"
[ "$(echo $salts | wc -w)" -eq 2 ] || fail "the two salts read from the reveal"
secrets_seen() {   # secrets_seen USER: the mails of USER's before the end holding a secret
    leaks=0; scanned=0
    for f in "$work/box-$1"/*.eml; do
        body "$f" | tr -s ' \n' ' ' > "$work/scan.txt"
        grep -q "game 1 over" "$work/scan.txt" && continue
        scanned=$((scanned + 1))
        grep -qE "Your hand|Your list|You drew|your number" "$work/scan.txt" && { echo "a hand or list in $f"; leaks=1; }
        grep -qF -f "$work/runs" "$work/scan.txt" && { echo "a list in $f"; leaks=1; }
        for salt in $salts; do grep -qF "$salt" "$work/scan.txt" && { echo "a salt in $f"; leaks=1; }; done
        grep -qE "square h6|h6 \(card 12\)" "$work/scan.txt" && { echo "the secret square in $f"; leaks=1; }
        grep -qE "vb5v64h6|ezap3rhf" "$f" && { echo "a player's token in $f"; leaks=1; }
    done
    [ "$leaks" -eq 0 ]
}
ms_settle
nc=$(ms_fetch_all carol "$work/box-carol")
check "carol's mails before the end hold no secret of either player" secrets_seen carol
check "  the scan read every move's mail ($scanned)" [ "$scanned" -ge 15 ]
check "  each says how to stop, without a link (but the confirmation, before it)" \
    [ "$(grep -l 'write "unobserve 1" to me to stop' "$work/box-carol"/*.eml | wc -l)" -eq "$((nc - 1))" ]
finds() { ! secrets_seen "$1" > /dev/null; }
check "  and the scan finds what is there: alice's own mails hold her secrets" finds alice
body "$work/box-carol/$nc.eml" > "$work/last-carol.txt"
check "carol's last mail: the end, with the reveal" has carol "Black's list: $bob_list"
