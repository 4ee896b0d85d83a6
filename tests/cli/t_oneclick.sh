#!/bin/sh
# One-click moves (docs/design.md, "One-click moves"): in positions of every kind, the
# HTML part of the mail that asks its reader to act holds one mailto: link per legal
# choice. Each link, decoded as RFC 6068 says, made into a mail from the reader and fed
# back to the referee (tests/cli/html/oneclick.py feed: `process --dry-run`, each mail
# alone against the game as it stands) is applied, reaches a state of its own and, where
# it is a move, records that very move; the links are as many as the legal moves
# (`tempest perft`, `tempest moves`) or, for the kinds' own orders, as many as the
# orders of that form the referee accepts (each tried through it). Headless Chromium lays
# parts out 390 pixels wide: every link shows, within the width, 44 pixels high at least
# (screenshots kept with KEEP=1). Observers' mails and the archive carry no link; the
# text part is the same with or without them; a position of 218 moves stays under the
# part's bound.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
O=tests/cli/html/oneclick.py
cli_chromium t_oneclick
links_total=0; muttered=0; positions=0
command -v mutt > /dev/null || { echo "t_oneclick: no mutt (apt-get install mutt)"; echo "t_oneclick: 0 passed, 1 failed"; exit 1; }

# mail GAME FROM TOKEN BODY: a reply about game GAME; the referee's answer in $tmp/last.mbox
mail() {
  cli_game_eml "$1" "$2" "$3" "$4" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$T" process -c "$C"
  printf '%s\n' "$out" > "$tmp/last.mbox"
  case $out in *"X-Tempest-Kind: refused"*) fail "mail '$4' from $2 is applied: $(decoded | grep -A1 -- '->' | head -4)" ;; esac
}
# tokens GAME ADDRESS: ADDRESS's token in game GAME, from the last answers
token_of() {
  tr -d '\r' < "$tmp/last.mbox" | awk -v a="To: $2" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on' |
    sed -n "s/^Subject: .*\\[tempest $1 \\([a-z0-9]*\\)\\].*/\\1/p" | head -n 1
}
# fen TO: the FEN of the last mail to TO
fen_of() {
  perl tests/cli/html/part.pl "To: $1" text/plain < "$tmp/last.mbox" |
    sed -n 's/^FEN[^:]\{0,2\}: *\([^ ]* [wb] [^ ]* [^ ]*\).*/\1/p' | head -n 1   # "FEN :" in French
}
perft() {      # perft VARIANT FEN: the legal moves (FEN "": the variant's start)
  if [ -n "$2" ]; then set -- "$1" "$2 0 1"; else set -- "$1" startpos; fi
  "$T" perft --variant "$1" "$2" 1 2>/dev/null | sed -n 's/^Nodes searched: //p'
}

# clicks NAME TO WANT [LANG]: the links of the last mail to TO, fed back: WANT of them
clicks() {
  r=$(python3 "$O" feed "$T" "$C" "$tmp/last.mbox" "$2" ${4:-} 2>&1)
  n=$(printf '%s\n' "$r" | sed -n 's/^links \([0-9]*\) .*/\1/p')
  m=$(printf '%s\n' "$r" | sed -n 's/^links [0-9]* (\([0-9]*\) through mutt)/\1/p')
  muttered=$((muttered + ${m:-0}))
  if [ "$(printf '%s\n' "$r" | wc -l)" -eq 1 ] && [ -n "$n" ] && [ "$n" = "$3" ]; then pass
  else fail "$1: ${n:-no} links, want $3: $(printf '%s\n' "$r" | sed -n '2,6p')"; fi
  links_total=$((links_total + ${n:-0})); positions=$((positions + 1))
  eval "count_$kind=\$((\${count_$kind:-0} + \${n:-0}))"
}

# tries NAME TO LIST: how many of the orders in LIST (one a line) the referee accepts from
# TO now, each tried alone (process --dry-run)
tries() {
  : > "$tmp/try.mbox"
  while IFS= read -r order; do
    cli_mail "$2" "$(sed -n 's/^Subject: //p' "$tmp/subject")" "$order" >> "$tmp/try.mbox"
  done
  "$T" process --dry-run -c "$C" "$tmp/try.mbox" | tr -d '\r' |
    awk -v a="To: $2" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on && /^X-Tempest-Kind: / { print $2 }' |
    grep -vc refused
}
# subject TO: the subject a reply to the last mail to TO carries (for tries)
subject_of() {
  tr -d '\r' < "$tmp/last.mbox" | awk -v a="To: $1" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on' |
    sed -n 's/^Subject: \(.*\)/Subject: Re: \1/p' | head -n 1 > "$tmp/subject"
}

# looks NAME TO: the HTML part of the last mail to TO laid out 390 pixels wide
looks() {
  perl tests/cli/html/part.pl "To: $2" text/html < "$tmp/last.mbox" > "$tmp/$1.html" ||
    { fail "$1: an HTML part"; return; }
  python3 "$O" measure "$tmp/$1.html" "$tmp/$1-m.html" 390
  timeout 90 "$CHROME" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$tmp/profile" --no-first-run --window-size=390,900 --dump-dom \
    "file://$tmp/$1-m.html" 2>/dev/null > "$tmp/$1.dom"
  r=$(python3 "$O" report "$tmp/$1.dom" 390) && pass || fail "$1 at 390 px: $r"
  echo "t_oneclick: $1 at 390 px: $r; the part $(wc -c < "$tmp/$1.html") bytes"
  timeout 90 "$CHROME" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$tmp/profile" --no-first-run --window-size=390,1600 \
    --screenshot="$tmp/$1.png" "file://$tmp/$1.html" > /dev/null 2>&1
  [ "$(wc -c < "$tmp/$1.png" 2>/dev/null || echo 0)" -gt 10000 ] && pass || fail "$1: a screenshot"
}

# ---- chess: twelve positions, Black's mails in French (his piece letters)
kind=chess
cli_referee "$tmp/c"; C=$tmp/c/conf
cli_mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white" > "$tmp/m"
cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept\nlangue fr" >> "$tmp/m"
run "$T" process -c "$C" "$tmp/m"; printf '%s\n' "$out" > "$tmp/last.mbox"
clicks "chess: the start" alice@example.org 20
looks chess-start alice@example.org
ply=0
for mv in e4 e5 Nf3 Cc6 Bb5 a6 Ba4 Cf6 O-O Fe7 Re1 b5; do
  if [ $((ply % 2)) -eq 0 ]; then who=alice@example.org; tok=$WT; next=bob@example.org; lang=fr
  else who=bob@example.org; tok=$BT; next=alice@example.org; lang=; fi
  mail 1 "$who" "$tok" "$mv"
  clicks "chess: after $mv" "$next" "$(perft chess "$(fen_of "$next")")" $lang
  ply=$((ply + 1))
done
# an observer follows; White's Bb3 leaves Black (French) to move
cli_eml carol@example.org "observe" "observe 1" > "$tmp/m.eml"
run_in "$tmp/m.eml" "$T" process -c "$C"
ct=$(printf '%s\n' "$out" | sed -n 's/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/p' | head -n 1)
cli_eml carol@example.org "Re: [tempest 1 $ct] game 1" "observe 1" > "$tmp/m.eml"   # (confirmed)
run_in "$tmp/m.eml" "$T" process -c "$C"
mail 1 alice@example.org "$WT" "Bb3"
clicks "chess: after Bb3" bob@example.org "$(perft chess "$(fen_of bob@example.org)")" fr
looks chess-french bob@example.org
case $(cat "$tmp/chess-french.html") in
  *"&#9822;"*"mailto:"*) pass ;; *) fail "chess: grouped under the piece's figurine" ;; esac
grep -q '>Fb7<' "$tmp/chess-french.html" && pass || fail "chess: the French letters (Fb7 for Bb7)"
grep -q 'Un toucher &#233;crit votre courriel' "$tmp/chess-french.html" && pass ||
  fail "chess: the French reader's words (ASCII: references)"
# the mover's own mail, an observer's, and a waiting player's status carry no link
perl tests/cli/html/part.pl "To: alice@example.org" text/html < "$tmp/last.mbox" | grep -q mailto: &&
  fail "chess: the mover's own mail has no link" || pass
case $out in *"To: carol@example.org"*) pass ;; *) fail "chess: the observer is told" ;; esac
tr -d '\r' < "$tmp/last.mbox" | awk '/^To: carol@example.org/ { on = 1 } /^From referee@/ { on = 0 } on' |
  grep -q 'mailto:' && fail "chess: an observer's mail has no link" || pass
# the text part is the one the game's log keeps (the HTML part, links and all, is not kept)
python3 "$O" same "$tmp/last.mbox" bob@example.org "$tmp/c/data/games/1.mbox" > /dev/null && pass ||
  fail "chess: the text part is the log's"
mail 1 alice@example.org "$WT" "status"
perl tests/cli/html/part.pl "To: alice@example.org" text/html < "$tmp/last.mbox" | grep -q mailto: &&
  fail "chess: a status mail to the player who waits has no link" || pass
# the public archive: no link, no token
printf 'archive_dir = %s/archive\n' "$tmp" >> "$C"
"$T" archive -c "$C" > /dev/null 2>&1
if [ -d "$tmp/archive" ]; then
  grep -rl 'mailto:' "$tmp/archive" > /dev/null && fail "the archive carries no link" || pass
else fail "the archive is written"; fi

# ---- LancerChess and the Knightmare board: their letters, four positions each
for v in lancer knightmare; do
  kind=$v
  cli_referee "$tmp/$v"; C=$tmp/$v/conf
  cli_mail alice@example.org "new game" "new $v\nopponent bob@example.org\ncolour white" > "$tmp/m"
  cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" >> "$tmp/m"
  run "$T" process -c "$C" "$tmp/m"; printf '%s\n' "$out" > "$tmp/last.mbox"
  clicks "$v: the start" alice@example.org "$(perft $v "$(fen_of alice@example.org)")"
  mail 1 alice@example.org "$WT" "d4"
  clicks "$v: after d4" bob@example.org "$(perft $v "$(fen_of bob@example.org)")"
  mail 1 bob@example.org "$BT" "e5"
  clicks "$v: after e5" alice@example.org "$(perft $v "$(fen_of alice@example.org)")"
  mail 1 alice@example.org "$WT" "dxe5"
  clicks "$v: after dxe5" bob@example.org "$(perft $v "$(fen_of bob@example.org)")"
done
looks lancer bob@example.org

# ---- 218 legal moves (the most a chess position is known to have): every one a link,
# the part under its bound
kind=many
mkdir -p "$tmp/rules"; cp rules/*.json "$tmp/rules/"
cat > "$tmp/rules/many.json" <<'EOF'
{ "name": "many", "title": "Chess (218 moves)", "extends": "chess",
  "setup": "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1" }
EOF
cli_referee "$tmp/many" "rules_dir = $tmp/rules"; C=$tmp/many/conf
cli_mail alice@example.org "new game" "new many\nopponent bob@example.org\ncolour white" > "$tmp/m"
cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" >> "$tmp/m"
run "$T" process -c "$C" "$tmp/m"; printf '%s\n' "$out" > "$tmp/last.mbox"
clicks "218 moves" alice@example.org 218
looks many alice@example.org
size=$(wc -c < "$tmp/many.html")
[ "$size" -lt 102400 ] && pass || fail "218 moves: the HTML part is $size bytes, over 100 KB"
echo "t_oneclick: 218 moves: the HTML part is $size bytes"

# ---- Tempete: White's moves carry the numbers owed; an answer: accept, and the moves
# once the move was taken back
kind=tempete
tp_list() { printf 'list %s' "$*"; for k in $(seq 1 72); do
  case " 11 22 71 72 $* " in *" $k "*) ;; *) printf ' %s' "$k" ;; esac; done; }
cli_referee "$tmp/tp"; C=$tmp/tp/conf
cli_mail alice@example.org "new game" "new tempete\nopponent bob@example.org\ncolour white" > "$tmp/m"
run "$T" process -c "$C" "$tmp/m"
mail 1 bob@example.org "$BT" "accept"
mail 1 alice@example.org "$WT" "$(tp_list 23 18 12 32 57)\nnumbers 1 2 3 4 5"
mail 1 bob@example.org "$BT" "$(tp_list 23 66 34 28 57)\nnumbers 1 2 3 4 5"
clicks "tempete: the first move" alice@example.org "$(perft tempete "$(fen_of alice@example.org)")"
mail 1 alice@example.org "$WT" "e4"
clicks "tempete: Black's move (or interception)" bob@example.org "$(perft tempete "$(fen_of bob@example.org)")"
mail 1 bob@example.org "$BT" "intercept\ncard 66\neffect takeback"
moves=$(perft tempete "$(fen_of alice@example.org)")
clicks "tempete: the answer, the move taken back" alice@example.org $((moves + 1 - 1))
perl tests/cli/html/part.pl "To: alice@example.org" text/html < "$tmp/last.mbox" |
  grep -q 'body=accept%0D%0Anumbers%20random' && pass || fail "tempete: accept with its number"
looks tempete-answer alice@example.org

# ---- Knightmare with cards: an interception that leaves the move: accept alone
kind=knightmare_cards
cli_referee "$tmp/km"; C=$tmp/km/conf
cli_mail alice@example.org "new game" "new knightmare-cards\nopponent bob@example.org\ncolour white\nsets personal" > "$tmp/m"
run "$T" process -c "$C" "$tmp/m"
mail 1 bob@example.org "$BT" "accept"
mail 1 alice@example.org "$WT" "deck 33 32"
mail 1 bob@example.org "$BT" "deck 33 32"
clicks "knightmare: the first move" alice@example.org "$(perft knightmare-cards "$(fen_of alice@example.org)")"
mail 1 alice@example.org "$WT" "e4"
mail 1 bob@example.org "$BT" "intercept\ncard 33 a7 a6"
clicks "knightmare: the answer" alice@example.org 1
mail 1 alice@example.org "$WT" "accept"
clicks "knightmare: Black's move" bob@example.org "$(perft knightmare-cards "$(fen_of bob@example.org)")"

# ---- TigerChess: the Guards' wings, the postings (each square the referee accepts), the
# engagement's moves (game 4 of the demo key is a TigerCountdown)
kind=tigerchess
cli_referee "$tmp/tc" "max_replies_per_sender = 10000"; C=$tmp/tc/conf
: > "$tmp/m"
for i in 1 2 3; do cli_mail carol@example.org "new game" "new tigerchess\nopponent dan$i@example.org" >> "$tmp/m"; done
cli_mail alice@example.org "new game" "new tigerchess\nopponent bob@example.org\ncolour white" >> "$tmp/m"
run "$T" process -c "$C" "$tmp/m"; printf '%s\n' "$out" > "$tmp/last.mbox"
BK=$(token_of 4 bob@example.org)
mail 4 bob@example.org "$BK" "accept"
AK=$(token_of 4 alice@example.org); BK=$(token_of 4 bob@example.org)
subject_of bob@example.org
clicks "tigerchess: the Siberian Guard" bob@example.org "$(printf 'guard %s\n' c d e f | tries x bob@example.org)"
mail 4 bob@example.org "$BK" "guard e"
subject_of alice@example.org
clicks "tigerchess: the Bengal Guard" alice@example.org "$(printf 'guard %s\n' c d e f | tries x alice@example.org)"
mail 4 alice@example.org "$AK" "guard d"
squares() { for r in 1 2 3 4 5 6 7 8; do for f in a b c d e f g h; do echo "post $f$r"; done; done; }
subject_of bob@example.org
clicks "tigerchess: Swordsman 1" bob@example.org "$(squares | tries x bob@example.org)"
looks tigerchess-post bob@example.org
mail 4 bob@example.org "$BK" "post d5"
subject_of alice@example.org
clicks "tigerchess: Swordsman 2" alice@example.org "$(squares | tries x alice@example.org)"
mail 4 alice@example.org "$AK" "post b3 a3"
mail 4 bob@example.org "$BK" "post c6 h5"
mail 4 alice@example.org "$AK" "post e3 f3"
mail 4 bob@example.org "$BK" "post a5"
clicks "tigerchess: the engagement" alice@example.org "$(perft tigerchess "$(fen_of alice@example.org)")"
looks tigerchess alice@example.org
mail 4 alice@example.org "$AK" "h4"
clicks "tigerchess: the Siberian's move" bob@example.org "$(perft tigerchess "$(fen_of bob@example.org)")"

# ---- Perplexichess: a boardman's moves on their board; the strategist's transfers, as
# many as the transfers the referee accepts
kind=perplexichess
cli_referee "$tmp/px" "max_replies_per_sender = 10000"; C=$tmp/px/conf
run "$T" new -c "$C" perplexichess w1@x.org b1@x.org w2@x.org b2@x.org w3@x.org b3@x.org ws@x.org bs@x.org
printf '%s\n' "$out" > "$tmp/last.mbox"
clicks "perplexichess: board 1" w1@x.org 20
ptok() { token_of 1 "$1"; }
W1=$(ptok w1@x.org); W2=$(ptok w2@x.org); B1=$(ptok b1@x.org); WS=$(ptok ws@x.org)
mail 1 w1@x.org "$W1" "e4"
clicks "perplexichess: board 1, Black" b1@x.org "$(perft perplexichess "$(fen_of b1@x.org)")"
mail 1 w2@x.org "$W2" "d4"
mail 1 ws@x.org "$WS" "status"
subject_of ws@x.org
transfers() { for b in 1 2 3; do for t in 1 2 3; do [ $b = $t ] && continue
  for r in 1 2 3 4 5 6 7 8; do for f in a b c d e f g h; do echo "transfer $f$r from $b to $t"; done; done; done; done; }
clicks "perplexichess: the strategist's transfers" ws@x.org "$(transfers | tries x ws@x.org)"
looks perplexichess-transfers ws@x.org

# ---- ChessMe: its moves (the placements are more than a mail lists at the start)
kind=chessme
cli_referee "$tmp/cm"; C=$tmp/cm/conf
cli_mail alice@example.org "new game" "new chessme\nopponent bob@example.org\ncolour white" > "$tmp/m"
cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" >> "$tmp/m"
run "$T" process -c "$C" "$tmp/m"; printf '%s\n' "$out" > "$tmp/last.mbox"
cm_moves() { "$T" moves "$("$T" show -c "$C" --json --secrets 1 | sed -n 's/.*"position": "\([^"]*\)".*/\1/p')" | grep -vc ' '; }
clicks "chessme: White's first turn" alice@example.org "$(cm_moves)"
looks chessme alice@example.org
mail 1 alice@example.org "$WT" "d3"
clicks "chessme: Black's turn" bob@example.org "$(cm_moves)"

echo "t_oneclick: $links_total links of $positions positions fed back ($muttered of them made into mails by mutt): chess $count_chess, lancer $count_lancer," \
  "knightmare $count_knightmare, 218 moves $count_many, tempete $count_tempete," \
  "knightmare with cards $count_knightmare_cards, tigerchess $count_tigerchess," \
  "perplexichess $count_perplexichess, chessme $count_chessme"
[ -z "${KEEP:-}" ] || echo "t_oneclick: pictures in $tmp/*.png"
cli_done t_oneclick
