#!/bin/sh
# A whole game of TigerChess by email through real servers (docs/tigerchess.md, "TigerChess by
# mail"): alice and bob mail the referee over SMTP, `tempest poll` runs as cron would, the
# players read their mail over IMAP and answer the latest referee mail.
#   - the dice: the invitation carries the commitment to their seed; the mail that starts
#     the game shows the casts and the seed's line, whose SHA-256 is checked here;
#   - the TigerVariation's deployment: each Royal Guard to a wing, the Countdown postings,
#     two Swordsmen in one mail where one player posts twice running (rule 18);
#   - the engagement: a Swordsman's double capture, a Pikeman foregoing the Knight and
#     becoming the TigerKnight, the Standard Bearer occupying the Siberian Palace;
#   - the end: 1-0 by occupation, 6 game points, the PGN read by pgn-extract without a
#     word, and `tempest replay` of the game log reproducing every state.
# The referee's key is the published demo key, whose dice give game 4 a double (the
# TigerVariation): alice sends three challenges first.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/mailstack.sh"
. "$here/lib.sh"

name=t_tigerchess
T=${TEMPEST:-$root/tempest}

e2e_up tigerchess
e2e_referee
seq=0; na=0; nb=0

# -- four challenges; bob accepts the last (game 4)
for i in 1 2 3 4; do
    printf 'From: alice <alice@%s>\r\nTo: referee@%s\r\nSubject: TigerChess?\r\nMessage-ID: <challenge%d@players.test>\r\n\r\nnew tigerchess\r\nopponent bob@%s\r\ncolour white\r\n' \
        "$MS_DOMAIN" "$MS_DOMAIN" "$i" "$MS_DOMAIN" > "$work/challenge.eml"
    ms_send alice referee "$work/challenge.eml" plain || fail "challenge $i sent"
done
ms_wait_count referee 4 15 >/dev/null
poll
na=4; nb=4
check "four invitations arrive" ms_wait_count bob 4 15
check "and four confirmations" ms_wait_count alice 4 15
latest bob
check "the invitation to game 4 carries the commitment to the dice" grep -q "tempest-dice-1 game 4 seed SEED" "$work/last-bob.txt"
commit=$(sed -n 's/^  \([0-9a-f]\{64\}\)$/\1/p' "$work/last-bob.txt" | head -n 1)
check "accept" turn bob "accept" both
check "the die: Countdown" grep -q "Rule 17: the die shows 4: the Countdown variation." "$work/last-bob.txt"
check "the double: the TigerVariation" grep -q "a double, the TigerVariation is played" "$work/last-bob.txt"
# the command the mail gives, over its lines (docs/mail-lines.md), run as a player would
cmd=$(sed -n '/^Check the dice: /,/| sha256sum$/p' "$work/last-bob.txt" | sed '1d' | sed -n '1,/| sha256sum$/p')
check "the seed's line has the SHA-256 sent with the invitation" \
    [ "$(sh -c "$cmd" | cut -d' ' -f1)" = "$commit" ]

# -- the deployment
check "the Siberian Royal Guard" turn bob "guard e" both
check "the Bengal Royal Guard" turn alice "guard d" both
check "the first Siberian Swordsman" turn bob "post d5" both
check "15 squares for the Bengal" grep -q "(15 squares)" "$work/last-alice.txt"
check "two Bengal Swordsmen in one mail" turn alice "post b3 a3" both
check "two Siberian Swordsmen in one mail" turn bob "post c6 h5" both
check "two more Bengal" turn alice "post e3 f3" both
check "the last Siberian" turn bob "post a5" both
check "the engagement begins" grep -q "The deployment phase is over" "$work/last-alice.txt"

# -- the engagement
w=alice; b=bob
for m in "$w h4" "$b Sc4" "$w Eg3" "$b b5" "$w b3xd5xb7" "$b g5" "$w hxg5" "$b d6" "$w g6" \
         "$b a6" "$w g7" "$b f6" "$w gxh8=Z" "$b f5" "$w Eg5" "$b c5" "$w Ee5" "$b c4" \
         "$w Exe7" "$b h6" "$w Exe8" "$b Qc7"; do
    check "${m#* }" turn "${m%% *}" "${m#* }" both
done
check "Exe10" turn alice "Exe10" both
check "alice is told: occupation" grep -q "game 4 over: 1-0 (occupation of the Palace)" "$work/last-alice.txt"
check "bob is told" grep -q "game 4 over: 1-0 (occupation of the Palace)" "$work/last-bob.txt"
check "6 game points" grep -q "Game points: Bengal 6, Siberian 0." "$work/last-bob.txt"
sed -n '/^\[Event /,/ 1-0$/p' "$work/last-alice.txt" > "$work/game.pgn"
pgn_fen() {     # the [FEN] (the deployed position) is one tempest perft takes
    grep -q '^\[Variant "tigerchess"\]' "$work/game.pgn" &&
        "$T" perft --variant tigerchess "$(sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$work/game.pgn")" 1
}
check "the PGN names the variant and starts from a FEN perft takes" pgn_fen
record() { tr '\n' ' ' < "$work/game.pgn" | grep -q "$1"; }
check "the record: the double capture, the Knight foregone, the TigerKnight" \
    record "3. b3xd5xb7 g5 4. hxg5 d6 5. g6 a6 6. g7 f6 7. gxh8=Z"
check "the record: the occupation" record "12. Exe10 1-0"
"$T" replay -c "$conf" "$data/games/4.mbox" --into "$work/replay" > "$work/replay.out" 2>&1
check "the game log replays to the same states" grep -q "every recorded state reproduced" "$work/replay.out"
