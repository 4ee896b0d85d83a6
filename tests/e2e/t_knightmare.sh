#!/bin/sh
# A whole game of Knightmare Chess by email through real servers (docs/knightmare.md, "Knightmare Chess
# by mail"): alice and bob mail the referee over SMTP, `tempest poll` runs as cron would,
# the players read their mail over IMAP and answer the latest referee mail.
#   - setting up: the referee divides the set; each player reads their own half in the
#     start mail, a deck over budget and a card of the other half are refused, then each
#     sends a deck; the deal (commitments, hands of five);
#   - play: a discard after a turn without a card (`redraw`), a continuing card played
#     instead of a move (Stone Gaze freezes the knight that guards f7), an interception on
#     the opponent's turn (Trap Door takes a pawn) answered by a card (Veto cancels the
#     interception), and the mate the frozen knight can no longer prevent, which bob,
#     holding cards that might lift it (seed 000, rule 13), concedes;
#   - the end: the reveal, whose two commitments are checked by running the exact command
#     the mail shows; every mail each player received before it searched for the other's
#     half, deck, hand and draws; `tempest replay` of the game log reproducing every state.
# The referee's key is the published demo key, so the division of game 1 is the same every
# run: the test reads each half from its start mail and checks the cards it needs are there.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_knightmare
T=${TEMPEST:-$root/tempest}

e2e_up knightmare

e2e_referee          # lib.sh: the demo key, plain IMAP and SMTP; poll, latest, answer, turn, has
. "$here/archive.sh"; archive_on    # every poll writes the archive, scanned for secrets
na=0; nb=0

# The card numbers of the list of cards (lines "   23 Stone Gaze  18* ...") after MARK.
cards_after() { sed -n "/$2/,/^\$/p" "$work/last-$1.txt" | sed -n 's/^ *\([0-9][0-9]*\) [A-Z].*/\1/p'; }
held() { cards_after "$1" "Your hand (number" | sort -n | tr '\n' ' ' | sed 's/ $//'; }
within() { echo " $(echo $2) " | grep -q " $1 "; }

# ---- the challenge and the decks ----
e2e_challenge alice "$MS_DOMAIN" "Knightmare?" challenge \
    "new knightmare-cards" "opponent bob@$MS_DOMAIN" "colour white" > "$work/challenge.eml"
check "alice's challenge reaches the referee" ms_send alice referee "$work/challenge.eml" plain
ms_wait_count referee 1 15 >/dev/null
poll; check "poll runs quietly" [ "$prc" -eq 0 ] && [ ! -s "$work/poll.err" ]
na=1; nb=1
check "the invitation and its confirmation arrive" ms_wait_count alice 1 15 && ms_wait_count bob 1 15
seq=0
check "bob accepts" turn bob "accept" both
for who in alice bob; do
    check "$who: the game begins, with their own cards to build from" has "$who" "Your cards, to build your deck from"
    cards_after "$who" "Your cards, to build" > "$work/half-$who"
    check "$who: 17 cards of the 34" [ "$(wc -l < "$work/half-$who")" -eq 17 ]
done
check "the halves do not meet" [ -z "$(sort "$work/half-alice" "$work/half-bob" | uniq -d)" ]
ha=$(cat "$work/half-alice"); hb=$(cat "$work/half-bob")
for c in 23 30 1 3 5 9; do check "card $c is alice's (the demo key's division)" within "$c" "$ha"; done
for c in 32 4 6 7 8; do check "card $c is bob's" within "$c" "$hb"; done

check "alice: a card of bob's half is refused" turn alice "deck 23 32" alice
check "  the reason" has alice "card 32 is not among your cards"
check "alice: over budget is refused" turn alice "deck $(echo $ha)" alice
check "  the reason" has alice "points; your budget is 150"
check "alice sends her deck" turn alice "deck 23 30 1 3 5 9" alice
check "  recorded, in secret" has alice "Your deck is recorded (55 points of your 150): 1 3 5 9 23 30"
check "bob sends his deck: the cards are dealt" turn bob "deck 32 4 6 7 8" both
for who in alice bob; do
    check "$who: the deal" has "$who" "the cards are dealt"
    check "$who: the commitments" grep -qE '^  (White|Black): [0-9a-f]{64}$' "$work/last-$who.txt"
    grep -E '^  (White|Black): [0-9a-f]{64}$' "$work/last-$who.txt" > "$work/commit-$who"
done
check "both read the same commitments" cmp -s "$work/commit-alice" "$work/commit-bob"
check "bob holds his whole deck" [ "$(held bob)" = "4 6 7 8 32" ]
check "  and has nothing left to draw" has bob "Cards left in your deck: 0."
alice_hand=$(held alice)
check "alice holds five of her six" [ "$(echo $alice_hand | wc -w)" -eq 5 ]
check "  one left to draw" has alice "Cards left in your deck: 1."
# a card to discard: one she will not need
spare=$(for c in $alice_hand; do case $c in 23|30) ;; *) echo "$c" ;; esac; done | head -n 1)

# ---- play ----
check "1. e4, and a redraw of card $spare" turn alice "e4
redraw $spare" both
check "  announced" has bob "White discards card $spare"
check "  alice holds Stone Gaze and Veto" sh -c "echo ' $(held alice) ' | grep -q ' 23 ' && echo ' $(held alice) ' | grep -q ' 30 '"
check "  and her deck is empty" has alice "Cards left in your deck: 0."
check "1... e5" turn bob "e5" both
check "2. Bc4" turn alice "Bc4" both
check "2... Nc6" turn bob "Nc6" both
check "3. Qh5" turn alice "Qh5" both
check "3... Nh6 guards f7" turn bob "Nh6" both
check "4. Stone Gaze on the knight, instead of a move" turn alice "card 23 h6" both
check "  announced" has bob "White plays card 23 (Stone Gaze): the piece on h6 may not move."
check "  in play" has bob "In play: card 23 (Stone Gaze) of White: the Black Knight on h6 is frozen (shown z): it may not move"
check "4... a6" turn bob "a6" both
check "5. d4" turn alice "d4" both
check "bob intercepts with Trap Door, taking the pawn" turn bob "intercept
card 32 d4" both
check "  announced" has alice "Black plays card 32 (Trap Door) as interception: the piece on d4 is lost."
check "  alice must answer" has alice "answer the interception"
check "  no card for bob to draw" has bob "Cards left in your deck: 0."
check "bob may not move before the answer" turn bob "b6" bob
check "  the reason" has bob "White must answer your interception first"
check "alice answers with Veto" turn alice "card 30" both
check "  the interception is cancelled" has bob "White plays card 30 (Veto) as answer: the interception is cancelled."
check "  the pawn is back" has bob "White lost nothing"
check "  Stone Gaze is still in play" has bob "In play: card 23 (Stone Gaze) of White: the Black Knight on h6 is frozen (shown z): it may not move"
check "5... b6" turn bob "b6" both
check "6. Qxf7 mates: the frozen knight cannot take the queen" turn alice "Qxf7" both
check "  bob is mated; the wait (rule 13) tells him none of his cards can lift it" has bob \
  "You are mated: concede (no card of yours can intercept the mating move)"
check "bob concedes the mate" turn bob "concede" both

# ---- the end: the reveal ----
for who in alice bob; do
    check "$who: the game is over, 1-0 by checkmate" has "$who" "game 1 over: 1-0 (checkmate)"
    check "$who: alice's deck is revealed" grep -q "^White's deck, in the order dealt: " "$work/last-$who.txt"
    check "$who: bob's half is revealed" has "$who" "Black's deck: cards to build from: $(echo $hb)"
    for side in White Black; do
        # the command, on one line or continued over several (docs/mail-lines.md)
        cmd=$(sed -n "/^$side's deck, in the order dealt: /,/| sha256sum\$/p" "$work/last-$who.txt" |
            sed -n '/^  check it with: /,$p' | sed '1s/^  check it with: //')
        sum=$(sh -c "$cmd" 2>/dev/null | cut -d' ' -f1)
        dealt=$(sed -n "s/^  $side: //p" "$work/commit-$who")
        shown=$(sed -n "/^$side's deck, in the order dealt: /,/commitment:/s/^  commitment: *//p" "$work/last-$who.txt")
        check "$who: $side's commitment at the deal is the SHA-256 the revealed command prints" \
            [ -n "$sum" ] && [ "$sum" = "$dealt" ] && [ "$sum" = "$shown" ]
    done
done
# ---- the PGN, cut at the cards' edits, read back by ffish (Fairy-Stockfish) with the
# variants.ini of `tempest export-variants`: every move, the last stretch to the final FEN
check "ffish reads the PGN back to the final position" pgn_ffish alice 1
order_w=$(sed -n "s/^White's deck, in the order dealt: //p" "$work/last-alice.txt")
order_b=$(sed -n "s/^Black's deck, in the order dealt: //p" "$work/last-alice.txt")

# ---- secrecy: every mail before the end, searched for the other's secrets ----
# The private listings write a card as "   23 Stone Gaze"; the public record as "card 23
# (Stone Gaze)". A player's mails must hold no listing of a card of the other's half only,
# neither deck (as built or in its dealt order), nor the other's draws.
secrets_in() {   # secrets_in READER OTHER_HALF OTHER_DECK OTHER_ORDER
    leaks=0
    last=$(ls "$work/box-$1" | sed 's/\.eml$//' | sort -n | tail -n 1)
    for f in "$work/box-$1"/*.eml; do
        [ "$(basename "$f" .eml)" = "$last" ] && continue
        body "$f" > "$work/scan.txt"
        for c in $2; do
            grep -qE "^ +$c [A-Z]" "$work/scan.txt" && { echo "card $c listed in $f"; leaks=1; }
        done
        grep -qF -- "$3" "$work/scan.txt" && { echo "deck in $f"; leaks=1; }
        grep -qF -- "$4" "$work/scan.txt" && { echo "dealt order in $f"; leaks=1; }
    done
    [ "$leaks" -eq 0 ]
}
check "bob's mails before the end hold nothing of alice's half, deck or hand" \
    secrets_in bob "$(echo $ha)" "1 3 5 9 23 30" "$order_w"
check "alice's mails before the end hold nothing of bob's half, deck or hand" \
    secrets_in alice "$(echo $hb)" "4 6 7 8 32" "$order_b"
check "the scan looked at every mail but the last" [ "$(ls "$work/box-bob" | wc -l)" -gt 15 ]
finds() { ! secrets_in "$@" > /dev/null; }
check "the scan finds what is there: bob's own cards and deck in his own mails" \
    finds bob "$(echo $hb)" "4 6 7 8 32" "$order_b"

check "the referee's INBOX is empty" [ "$(count referee)" -eq 0 ]
check "the outbox is empty" [ -z "$(ls "$data/outbox" | grep '\.eml$')" ]
archive_checks "1-0 (checkmate)"
"$T" replay -c "$conf" "$data/games/1.mbox" --into "$work/replay" > "$work/replay.out" 2>&1
check "the game log replays to the same states" grep -q "every recorded state reproduced" "$work/replay.out"
