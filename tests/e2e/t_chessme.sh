#!/bin/sh
# A whole game of ChessMe by email through real servers (docs/chessme.md, "ChessMe by mail"): alice
# and bob mail the referee over SMTP, `tempest poll` runs as cron would, the players read
# their mail over IMAP and answer the latest referee mail.
#   - the start: each reads their own hand of three, both piles' sizes and the two
#     commitments to the piles (the same in both mails);
#   - play: a move and a placement in one mail almost every turn, the draw that follows
#     told to the placer alone; a refused placement; Black's pawn exchanged for the rook
#     White had taken, on the rank of White's king (6... d1=R+); the mate (9. cxd5#);
#   - the secrecy scan of every mail each player receives: their own hand only, as the
#     state file holds it, and nothing of either pile's order or salt before the end;
#   - the end: both piles revealed, each commitment recomputed by running the exact
#     command the mail shows; `tempest replay` of the game log reproducing every state.
# The referee's key is the published demo key: the same piles, the same game every run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_chessme
T=${TEMPEST:-$root/tempest}

e2e_up chessme

e2e_referee
. "$here/archive.sh"; archive_on    # every poll writes the archive, scanned for secrets
# every mail a player reads passes the secrecy scan against the state file as it is now
scan_failed=no
# (a mail read again with the state unchanged, as `answer` does, was scanned already)
e2e_read() {
    key=$(cat "$work/last-$1.txt" "$data/games/1.json" 2>/dev/null | cksum)
    [ "$key" = "$(cat "$work/scanned-$1" 2>/dev/null)" ] && return 0
    python3 "$root/tests/chessme/secrecy.py" --to "$1@$MS_DOMAIN" "$work/last-$1.txt" \
        "$data/games/1.json" > "$work/scan" || { cat "$work/scan"; scan_failed=yes; return; }
    echo "$key" > "$work/scanned-$1"
}
na=0; nb=0
commits() { grep -E '^ *(Piles committed: )?(White|Black) [0-9a-f]{64}$' "$work/last-$1.txt" | sed 's/^ *//; s/^Piles committed: //'; }

# ---- the challenge ----
e2e_challenge alice "$MS_DOMAIN" "ChessMe?" challenge \
    "new chessme" "opponent bob@$MS_DOMAIN" "colour white" > "$work/challenge.eml"
check "alice's challenge reaches the referee" ms_send alice referee "$work/challenge.eml" plain
ms_wait_count referee 1 15 >/dev/null
poll; check "poll runs quietly" [ "$prc" -eq 0 ] && [ ! -s "$work/poll.err" ]
na=1; nb=1
check "the invitation and its confirmation arrive" ms_wait_count alice 1 15 && ms_wait_count bob 1 15
seq=0
check "bob accepts: the game begins" turn bob "accept" both
check "alice holds N P N" has alice "Your hand: N P N"
check "bob holds P P N" has bob "Your hand: P P N"
check "both piles hold eight" has bob "Piles: White 8 tiles, Black 8. In hand: White 3, Black 3."
commits alice > "$work/commit-alice"; commits bob > "$work/commit-bob"
check "both read the same two commitments" [ "$(wc -l < "$work/commit-alice")" -eq 2 ] && cmp -s "$work/commit-alice" "$work/commit-bob"
check "alice reads the occupied area from her side" has alice "   b c d e f g"
check "bob reads it from his" has bob "   g f e d c b"

# ---- play ----
check "1. d3 and a pawn placed on e3" turn alice "1. d3
place P e3" both
check "  alice drew, and is told" has alice "You drew a Pawn."
check "  bob is not told what" sh -c "! grep -q 'drew' '$work/last-bob.txt'"
check "  bob reads the move and the piles" has bob "White played 1. d3 P@e3." && has bob "Piles: White 7 tiles, Black 8."
check "1... c4, a pawn on g5" turn bob "c4
place pawn g5" both
check "2. d4 with a knight placed beside a pawn is refused" turn alice "d4
place N c3" alice
check "  the reason" has alice "just behind one of your pawns"
check "2. d4, a pawn on d3" turn alice "d4
place P d3" both
check "2... e4, a pawn on c5" turn bob "e4
place P c5" both
check "3. Kf1, a knight on d2" turn alice "Kf1
place N d2" both
check "3... c3, a knight on d6" turn bob "c3
place N d6" both
check "4. f3, a knight on f2" turn alice "f3
place N f2" both
check "4... c4, the queen on g6" turn bob "c4
place Q g6" both
check "5. dxc4, a rook on c1" turn alice "dxc4
place R c1" both
check "5... cxd2 takes the knight, a rook on e5" turn bob "cxd2
place R e5" both
check "6. dxe5 takes the rook, the queen on c3" turn alice "dxe5
place Q c3" both
check "  the captured tiles" has bob "Captured: White's N; Black's P R"
check "6... d1=R+: the pawn becomes the rook White took" turn bob "d1=R" both
check "  alice is in check" has alice "Black played 6... d1=R+." && has alice "White is in check."
check "  the rook is back, the pawn among the captured" has alice "Captured: White's N; Black's P P"
check "7. Kg2, a pawn on d2" turn alice "Kg2
place P d2" both
check "7... Nf7, a pawn on h5" turn bob "Nf7
place P h5" both
check "8. Qd4, a rook on c3" turn alice "Qd4
place R c3" both
check "8... g4, a pawn on c5" turn bob "g4
place P c5" both
check "9. cxd5 mates" turn alice "cxd5" both
check "every mail passed the secrecy scan" [ "$scan_failed" = no ]

# ---- the end: the reveal ----
for who in alice bob; do
    check "$who: the game is over, 1-0 by checkmate" has "$who" "Game 1 is over: 1-0, checkmate."
    check "$who: White's pile revealed" has "$who" "White's pile: NPNPRBRQPPB "
    check "$who: Black's pile revealed" has "$who" "Black's pile: PPNRQPPRBBN "
    for side in White Black; do
        cmd=$(grep -A 2 "^$side's pile: " "$work/last-$who.txt" | sed -n '3p' | sed 's/^ *//')
        sum=$(sh -c "$cmd" 2>/dev/null | cut -d' ' -f1)
        start=$(sed -n "s/^$side //p" "$work/commit-$who")
        check "$who: $side's commitment at the start is the SHA-256 the revealed command prints" \
            [ -n "$sum" ] && [ "$sum" = "$start" ]
    done
done
check "the referee's INBOX is empty" [ "$(count referee)" -eq 0 ]
check "the outbox is empty" [ -z "$(ls "$data/outbox" | grep '\.eml$')" ]
archive_checks "1-0 (checkmate)"
"$T" replay -c "$conf" "$data/games/1.mbox" --into "$work/replay" > "$work/replay.out" 2>&1
check "the game log replays to the same states" grep -q "every recorded state reproduced" "$work/replay.out"
