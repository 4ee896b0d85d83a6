#!/bin/sh
# TigerChess by mail (seed 003, docs/tigerchess.md "TigerChess by mail"): the commitment to the dice in
# the invitation and the seed that matches it when the game begins; the TigerVariation's
# Royal Guards; the Countdown postings, two in one mail (rule 18); refusals that change
# nothing; moves and postings with the seed's abbreviations (BPK-h4, post SS c6); a
# Swordsman's double capture, a Pikeman foregoing the Knight and taking the
# TigerKnight, the Standard Bearer occupying the Palace: 6 game points; the PGN through
# pgn-extract; the game replayed to the same state.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
C=$tmp/conf

mail() {        # mail FROM TOKEN BODY: a reply to the referee's mail about game 4
  cli_hour=11 cli_game_eml 4 "$1" "$2" "$3" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$TA" process -c "$C"
  printf '%s\n' "$out" >> "$tmp/all"     # every mail of the game, both parts
}
state() { "$T" show -c "$C" --json 4 2>/dev/null | sed -n 's/^  "hash": "\(.*\)".*/\1/p'; }
unchanged() { [ "$(state)" = "$s" ] && pass || fail "$1 changes nothing"; }
refused() {     # refused WHAT TEXT: the mail was refused with TEXT, the state unchanged
  expect_out "$1" "$2"; unchanged "$1"
}

# -- games 1-3 (the demo key casts no double for them); game 4 is a TigerCountdown
: > "$tmp/m"
for i in 1 2 3; do
  cli_mail carol@example.org "new game" "new tigerchess\nopponent dan$i@example.org" >> "$tmp/m"
done
cli_mail alice@example.org "new game" "new tigerchess\nopponent bob@example.org\ncolour white" >> "$tmp/m"
run "$T" process -c "$C" "$tmp/m"
expect_rc "four challenges" 0
commit=$(decoded | awk '/To: bob@example.org/ { on = 1 } on' | sed -n 's/^  \([0-9a-f]\{64\}\)$/\1/p' | head -n 1)
[ ${#commit} -eq 64 ] && pass || fail "the invitation carries the commitment to the dice"
case $(decoded) in *"Rule 17:"*) fail "no die is shown before the game begins" ;; *) pass ;; esac
"$T" show -c "$C" --json 4 >/dev/null 2>&1 && fail "show --json keeps the seed secret" || pass
BK=$(cli_token 4 bob@example.org)
mail bob@example.org "$BK" "accept"
expect_out "the game begins" "game 4 begins"
expect_out "the die" "Rule 17: the die shows 4: the Countdown variation."
expect_out "the double" "Rule 17a: the dice show 3 and 3: a double, the TigerVariation is played."
# the command the mail gives, over its lines (docs/mail-lines.md), run as a player would
cmd=$(decoded | sed -n '/^Check the dice: /,/| sha256sum$/p' | sed '1d' | sed -n '1,/| sha256sum$/p')
[ "$(sh -c "$cmd" | cut -d' ' -f1)" = "$commit" ] && pass ||
  fail "the revealed seed's line has the SHA-256 sent with the invitation"
expect_out "the Siberian posts first" "Next: the Siberian Warlord posts his Royal Guard"
# the seed's sides (Bengal, Siberian), not chess's colours, and the casts from the seed
# by the command the mail gives (docs/tigerchess.md: the dice)
expect_out "the Bengal Warlord plays" "You play Bengal; your opponent is bob@example.org."
expect_out "the deadline's side" "for Siberian's Royal Guard."
cmd=$(decoded | sed 's/=3D/=/g' | awk '/^To: alice/ { a = 1 } a' | sed -n '/^  s=[0-9a-f]*$/,/; done$/p' |
  sed -n '1,/; done$/p')
[ "$(sh -c "$cmd" 2>&1 | tr '\n' ' ')" = "4 3 3 " ] && pass ||
  fail "the mail's command casts the die and the dice from the seed: $(sh -c "$cmd" 2>&1)"
AK=$(cli_token 4 alice@example.org); BK=$(cli_token 4 bob@example.org)

# -- the Royal Guards: the Siberian first
s=$(state)
mail alice@example.org "$AK" "guard d"
refused "the Bengal Guard before the Siberian" "the Siberian Warlord posts his Royal Guard first"
mail alice@example.org "$AK" "e4"
refused "a move in the deployment phase" "the deployment phase comes first"
mail bob@example.org "$BK" "guard b"
refused "a wing that is not C-F" "the Guard goes to the C, D, E or F wing, not 'b'"
mail bob@example.org "$BK" "guard e"
expect_out "the Siberian Guard" "The Siberian Royal Guard is posted to the E wing of his Palace"
mail alice@example.org "$AK" "guard d"
expect_out "the Swordsmen next" "(16 squares)"

# -- Countdown postings: the Siberian's first, then two Bengal in one mail (rule 18)
mail bob@example.org "$BK" "post d5"
expect_out "15 squares for the Bengal" "(15 squares)"
s=$(state)
mail alice@example.org "$AK" "post d4"
refused "the symmetrical square" "the TigerCountdown Swordsman may not be posted on d4"
mail alice@example.org "$AK" "post b3 b3"
refused "a square taken" "may not be posted on b3"
mail alice@example.org "$AK" "post b3 a3 e3"
refused "three postings at once" "the next Swordsman is the Siberian Warlord's to post"
mail alice@example.org "$AK" "post b3 a3"
expect_out "two postings" "Bengal Swordsman 2 posted on a3"
mail bob@example.org "$BK" "post SS c6 SS-h5"       # the seed's abbreviation of a Swordsman
expect_out "a posting abbreviated" "Siberian Swordsman 3 posted on h5"
mail alice@example.org "$AK" "post e3 f3"
mail bob@example.org "$BK" "post a5"
expect_out "the engagement" "The deployment phase is over: the Bengal Warlord moves first."

# -- the engagement
play() {        # play WHO MOVE: a move that must be accepted
  if [ "$1" = w ]; then mail alice@example.org "$AK" "$2"; else mail bob@example.org "$BK" "$2"; fi
  [ "$rc" -eq 0 ] && ! printf '%s' "$(decoded)" | grep -q 'X-Tempest-Kind: refused' && pass ||
    fail "move $2 is accepted: $(decoded | grep -A2 '^>' | head -n 6)"
}
s=$(state)
mail bob@example.org "$BK" "c4"
refused "the Siberian before the Bengal" "it is not your turn"
mail alice@example.org "$AK" "SKL-f6"
refused "the other army's abbreviation" "SKL is Siberian personnel: the Bengal Warlord is to move"
# the seed's abbreviations (Pikeman, Swordsman, Standard) and SAN alike
play w BPK-h4; play b SS-c4; play w BSD-g3; play b SPK-b5
play w b3xd5xb7
expect_out "the double capture" "b3xd5xb7"
play b g5; play w hxg5; play b d6; play w g6; play b a6
play w g7
expect_out "the Knight foregone" "g7"
play b f6
play w gxh8=Z
expect_out "the TigerKnight" "gxh8=Z"
play b f5; play w Eg5; play b c5; play w Ee5; play b c4; play w Exe7; play b h6
play w Exe8; play b Qc7
play w Exe10
expect_out "the occupation" "1-0, occupation of the Palace"
expect_out "6 points" "Game points: Bengal 6, Siberian 0."
# -- the PGN: [Variant] the variant's name, [FEN] the position after the deployment
# (one `tempest perft` takes), the moves as SAN movetext; no PGN reader knows the variant
# (`tempest export-variants` says why), and pgn-extract refuses its letters
decoded | sed 's/=3D/=/g' |
  awk '/^To: alice/ { a = 1 } a && /^\[Event / { on = 1 } on { print } on && /1-0$/ { exit }' > "$tmp/g.pgn"
case $(tr '\n' ' ' < "$tmp/g.pgn") in *'[Variant "tigerchess"]'*'[SetUp "1"]'*'[FEN "tmbqkbet/'*"1. h4 Sc4 2. Eg3 b5 3. b3xd5xb7"*"gxh8=Z"*"12. Exe10 1-0"*) pass ;;
  *) fail "the PGN holds the deployed position and the moves: $(cat "$tmp/g.pgn")" ;; esac
fen=$(sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$tmp/g.pgn")
"$T" perft --variant tigerchess "$fen" 1 > /dev/null 2>&1 && pass || fail "tempest perft takes the [FEN]: '$fen'"
"$T" export-variants tigerchess | tr '\n' ' ' | grep -q 'tigerchess (TigerChess): not expressible: .*capture chains' && pass ||
  fail "export-variants says why TigerChess cannot be written"

# no mail of the game says White or Black, but the PGN's tags
n=$(tr -d '\r' < "$tmp/all" | grep -v '^\[\(White\|Black\) \(&quot;\|"\)' | grep -cw 'White\|Black')
[ "$n" -eq 0 ] && pass || fail "the mails name chess's colours $n times: $(grep -w 'White\|Black' "$tmp/all" | grep -v '^\[' | head -n 3)"
# `tempest list` counts the moves, not the postings; `tempest show` lists each posting's
# squares and each Guard's wing
run "$T" list -c "$C"
printf '%s\n' "$out" | awk '$1 == 4 { print $(NF - 1) }' | grep -qx 23 && pass ||
  fail "list counts the 23 moves of game 4: $out"
run "$T" show -c "$C" 4
expect_out "a posting's square in show" "post black d5"
expect_out "two postings in show" "post white b3 a3"
expect_out "a Guard's wing in show" "guard black e"
# the archive draws the whole Emerald Kingdom, now and at each step, and each posting is a
# step of the move list (rule 6)
run "$T" archive -c "$C" "$tmp/arch"
page=$(cat "$tmp/arch/game-4.html")
case $page in *'<div class=now id=b1now>'*'data-whole="1"'*'data-sq="e10" data-pc="E"'*) pass ;;
  *) fail "the archive's board now is the whole board" ;; esac
case $page in *'>SG to the E wing</a> <a href="#b1p2">BG to the D wing</a> <a href="#b1p3">SS i d5</a> <a href="#b1p4">BS i b3, BS ii a3</a>'*'>1.&nbsp;h4</a>'*) pass ;;
  *) fail "the postings are steps of the archive's move list" ;; esac
printf '%s' "$page" | awk '/<section class=step id=b1p4>/ { on = 1 } on && /<\/section>/ { exit } on' > "$tmp/step"
grep -q '<table class="bd whole"' "$tmp/step" && grep -q '<th>Wng</th>' "$tmp/step" &&
  grep -q '<b class=w>S</b><sub>ii</sub>' "$tmp/step" && pass ||
  fail "a step's board is the whole board, the Bengal Swordsman ii posted: $(head -c 600 "$tmp/step")"

# -- the log replayed gives the same states, dice and all
run "$T" replay -c "$C" "$tmp/data/games/4.mbox" --into "$tmp/replay"
expect_out "the replay" "every recorded state reproduced"

# -- Open by agreement (rule 17): no die, two dice; any other variation is the dice's
cli_mail carol@example.org "new game" "new tigerchess\nopponent dan@example.org\ndeployment open" > "$tmp/m"
run "$T" process -c "$C" "$tmp/m"
expect_out "the Open challenge" "Deployment: Open, as the challenge proposes (rule 17)."
DK=$(decoded | awk '/^To: dan@/ { on = 1 } on' | sed -n 's/^Subject: .*\[tempest 5 \([a-z0-9]*\)\].*/\1/p' | head -n 1)
cli_mail dan@example.org "Re: [tempest 5 $DK] invitation" "accept" > "$tmp/m"
run "$T" process -c "$C" "$tmp/m"
expect_out "no die cast" "Rule 17: the players agreed to the Open variation."
cli_mail carol@example.org "new game" "new tigerchess\nopponent dan@example.org\ndeployment dragon" > "$tmp/m"
run "$T" process -c "$C" "$tmp/m"
expect_out "only Open is agreed" "players may agree only to the Open variation"
cli_mail carol@example.org "new game" "new chess\nopponent dan@example.org\ndeployment open" > "$tmp/m"
run "$T" process -c "$C" "$tmp/m"
expect_out "a chess challenge has no deployment" "line 3: deployment open"
# -- the Symmetrical variation (the demo key casts a 1 for game 14): the second posting has
# one square, said in the singular
: > "$tmp/m"
for i in 6 7 8 9 10 11 12 13 14; do
  cli_mail "fred$i@example.org" "new game" "new tigerchess\nopponent erin$i@example.org" >> "$tmp/m"
done
run "$T" process -c "$C" "$tmp/m"
EK=$(decoded | awk '/^To: erin14@/ { on = 1 } on' | sed -n 's/^Subject: .*\[tempest 14 \([a-z0-9]*\)\].*/\1/p' | head -n 1)
cli_mail erin14@example.org "Re: [tempest 14 $EK] invitation" "accept" > "$tmp/m"
run "$T" process -c "$C" "$tmp/m"
expect_out "game 14 is Symmetrical" "Rule 17: the die shows 1: the Symmetrical variation."
EK=$(decoded | awk '/^To: erin14@/ { on = 1 } on' | sed -n 's/^Subject: .*\[tempest 14 \([a-z0-9]*\)\].*/\1/p' | head -n 1)
cli_mail erin14@example.org "Re: [tempest 14 $EK] game 14" "post c6" > "$tmp/m"
run "$T" process -c "$C" "$tmp/m"
expect_out "one square" "on one of: c3 (1 square)"
case $out in *"(1 squares)"*) fail "one square, in the singular" ;; *) pass ;; esac
cli_done t_tigerchess
