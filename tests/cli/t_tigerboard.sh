#!/bin/sh
# The whole TigerChess board in a mail (issue 25, docs/tigerchess.md "The board in a
# mail"): the golden TigerVariation game (tests/golden/tigerchess) played again, and its
# end mail's HTML part rendered by headless Chromium: every place beyond the Chessfield
# is a cell of the board the browser builds (the Palace wings with the Bengal Royal Guard
# on his D wing and the Bengal Standard Bearer on the Siberian E wing, the Strongholds
# with their lettered Knights, the Watchtowers, the Palaces, the Borderposts, the Forest
# Clearings), the marks on the pieces, the captured personnel in the Forest Clearing; a
# screenshot is taken (kept with KEEP=1). The text part draws the same places, in lines
# that fit 78 characters, with no separate list of marks.
. tests/cli/lib.sh
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
CHROME=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROME" ] || { echo "t_tigerboard: no chromium"; echo "t_tigerboard: 0 passed, 1 failed"; exit 1; }
export TEMPEST_NOW=2026-11-05T12:00:00Z

mkdir -p "$tmp/data"
cp tests/golden/tigerchess/key "$tmp/data/key"; chmod 600 "$tmp/data/key"
printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/data\nmax_replies_per_sender = 10000\n' \
  "$tmp" > "$tmp/conf"
run "$T" process -c "$tmp/conf" tests/golden/tigerchess/in.mbox
expect_rc "the golden TigerChess game" 0
printf '%s\n' "$out" > "$tmp/all.mbox"

# -- the end mail to bob (the Siberian Warlord), his army at the bottom
perl tests/cli/html/part.pl "X-Tempest-Kind: over" text/html < "$tmp/all.mbox" > "$tmp/end.html" &&
  pass || fail "an HTML part in the end mail"
perl tests/cli/html/part.pl "X-Tempest-Kind: over" text/plain < "$tmp/all.mbox" > "$tmp/end.txt"
timeout 90 "$CHROME" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
  --user-data-dir="$tmp/profile" --no-first-run --dump-dom "file://$tmp/end.html" \
  2>/dev/null > "$tmp/end.dom"
cell() {        # cell SQUARE: "PIECE MARK" of the cell the browser built for SQUARE
  perl -ne 'while (/<td data-sq="([a-z0-9]+)" data-pc="(.)"(?: data-last="1")?(?: data-mark="([a-z]+)")?/gi) {
    print "$2 ", ($3 // ""), "\n" if $1 eq $ENV{SQ} }' "$tmp/end.dom"
}
places="bka bkb bkc bkd bke bkf bkg bkh c0 d0 e0 f0 bpt bw bfc bs1 bs2 bs3 bs4 ba1 ba2 ba3 ba4"
places="$places ska skb skc skd ske skf skg skh c10 d10 e10 f10 spt sw sfc ss1 ss2 ss3 ss4 sa1 sa2 sa3 sa4"
missing=
for s in $places a1 h8; do [ -n "$(SQ=$s cell)" ] || missing="$missing $s"; done
[ -z "$missing" ] && pass || fail "every place is a cell of the board; missing:$missing"
[ "$(grep -o 'data-sq="' "$tmp/end.dom" | wc -l)" -eq 110 ] && pass ||
  fail "64 squares and 46 places: $(grep -o 'data-sq="' "$tmp/end.dom" | wc -l)"
[ "$(SQ=d0 cell)" = "G " ] && pass || fail "the Bengal Royal Guard on his D wing: '$(SQ=d0 cell)'"
[ "$(SQ=e10 cell)" = "E " ] && pass || fail "the Bengal Standard Bearer on the Siberian E wing: '$(SQ=e10 cell)'"
[ "$(SQ=c10 cell)" = "- " ] && pass || fail "an empty wing: '$(SQ=c10 cell)'"
[ "$(SQ=ska cell)" = "n A" ] && [ "$(SQ=bkh cell)" = "N H" ] && pass ||
  fail "the Knights in the Strongholds bear their letters: '$(SQ=ska cell)' '$(SQ=bkh cell)'"
[ "$(SQ=sa3 cell)" = "a iii" ] && [ "$(SQ=bw cell)" = "P H" ] && pass ||
  fail "Archers bear numerals, Pikemen letters: '$(SQ=sa3 cell)' '$(SQ=bw cell)'"
[ "$(SQ=sw cell)" = "y " ] && pass || fail "the Siberian TigerKnight in his Watchtower: '$(SQ=sw cell)'"
[ "$(grep -o 'data-sq="[a-z0-9]*"' "$tmp/end.dom" | head -n 1)" = 'data-sq="bw"' ] && pass ||
  fail "the Siberian sees the Bengal Watchtower top left: $(grep -o 'data-sq="[a-z0-9]*"' "$tmp/end.dom" | head -n 1)"
case $(tr -s ' \n' ' ' < "$tmp/end.dom") in
  *"Bengal Forest Clearing, captured (rule 7): pE pG t k g si sii"*) pass ;;
  *) fail "the captured Siberians in the Bengal Forest Clearing" ;; esac
timeout 90 "$CHROME" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
  --user-data-dir="$tmp/profile" --no-first-run --window-size=760,1100 \
  --screenshot="$tmp/end.png" "file://$tmp/end.html" > /dev/null 2>&1
[ "$(wc -c < "$tmp/end.png" 2>/dev/null || echo 0)" -gt 10000 ] && pass || fail "a screenshot"

# -- the text part: the same places, marks on the pieces, no list beside the board
grep -q '^Wng                         -    E    -    -$' "$tmp/end.txt" && pass ||
  fail "the text shows the Siberian wings with the Standard Bearer on E: $(grep '^Wng' "$tmp/end.txt")"
grep -q '^Str              nH   nG   nF   nE   nD   nC   nB   nA$' "$tmp/end.txt" && pass ||
  fail "the text shows the Siberian Stronghold's lettered Knights"
grep -q '^Marks:\|^Beside the board:' "$tmp/end.txt" && fail "no separate line of marks or places" || pass
[ "$(awk '!/^FEN:|^\[FEN / && length($0) > 78' "$tmp/end.txt" | wc -l)" -eq 0 ] && pass ||
  fail "every line fits 78: $(awk 'length($0) > 78' "$tmp/end.txt" | head -n 2)"

# -- the deployment recorded (rule 6): in the move list and in the PGN, before the moves
dep="{Deployment (TigerCountdown): SG to the E wing, BG to the D wing; SS i d5, BS i b3, BS ii a3, SS ii c6, SS iii h5, BS iii e3, BS iv f3, SS iv a5}"
perl tests/cli/html/part.pl "X-Tempest-Kind: moved" text/plain < "$tmp/all.mbox" > "$tmp/moved.txt"
case $(tr -s ' \n' ' ' < "$tmp/moved.txt") in *"Moves: $dep 1. h4 Sc4"*) pass ;;
  *) fail "the move list begins with the deployment" ;; esac
case $(tr -s ' \n' ' ' < "$tmp/end.txt") in *'[Termination "normal"] '"$dep 1. h4 Sc4"*) pass ;;
  *) fail "the PGN records the deployment before the first move" ;; esac

# -- the turn during the deployment follows the postings: once the Bengal Guard is posted,
#    the Siberian posts his first Swordsman
mail_with() {   # TEXT=... mail_with ADDRESS: the first mail to ADDRESS saying TEXT, its text flat
  awk -v a="To: $1" '/^From referee@/ { n++ } { m[n] = m[n] $0 "\n" } $0 == a { to[n] = 1 }
    END { for (i = 1; i <= n; i++) if (to[i]) printf "%s", m[i] }' "$tmp/all.mbox" |
    perl -0 -ne 'for (split /^(?=From referee@)/m) { print, exit if index($_, $ENV{TEXT}) >= 0 }' |
    perl tests/cli/html/part.pl "To: $1" text/plain | tr -s ' \n' ' '
}
g="The Bengal Royal Guard is posted"
case $(TEXT=$g mail_with bob@example.org) in *"It is your move."*) pass ;;
  *) fail "the Siberian Warlord, who posts next, is told it is his turn" ;; esac
case $(TEXT=$g mail_with alice@example.org) in
  *"The Siberian Warlord (bob@example.org) is to move."*) pass ;;
  *) fail "the Bengal Warlord is told the Siberian posts next" ;; esac
[ "$(grep -c '^Subject: \[tempest 4 7hofcfdi\] game 4 -- your move' "$tmp/all.mbox")" -ge 2 ] && pass ||
  fail "the Siberian's mails say 'your move' when he is to post"

# -- the game master's terminal draws the board the mails draw, and the archive's PGN
#    records the deployment as the mails' PGN does (the kind's view interface)
run "$T" show -c "$tmp/conf" 4
expect_rc "tempest show of the TigerChess game" 0
printf '%s\n' "$out" > "$tmp/show.txt"
check "show draws the Siberian Stronghold's lettered Knights" \
  grep -q '^Str              nA   nB   nC   nD   nE   nF   nG   nH$' "$tmp/show.txt"
check "show draws the Siberian wings with the Bengal Standard Bearer on E" \
  grep -q '^Wng                         -    -    E    -$' "$tmp/show.txt"
check "show draws the Forest Clearings" \
  grep -q '^Bengal Forest Clearing, captured (rule 7): pE pG t k g si sii$' "$tmp/show.txt"
case $(tr -s ' \n' ' ' < "$tmp/show.txt") in *"Moves: $dep 1. h4 Sc4"*) pass ;;
  *) fail "show's move list begins with the deployment" ;; esac
run "$T" archive -c "$tmp/conf" "$tmp/arch"
expect_rc "tempest archive of the TigerChess game" 0
case $(tr -s ' \n' ' ' < "$tmp/arch/game-4.pgn" 2>/dev/null) in
  *'[Termination "normal"] '"$dep 1. h4 Sc4"*) pass ;;
  *) fail "the archive's PGN records the deployment before the first move" ;; esac
[ -z "${KEEP:-}" ] || echo "t_tigerboard: the picture is $tmp/end.png"
cli_done t_tigerboard
