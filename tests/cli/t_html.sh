#!/bin/sh
# The HTML part of the referee's mails (docs/design.md, "The board in HTML"): rendered by headless
# Chromium, the board a browser builds from it is read back from the DOM (each cell's
# data-sq and data-pc) and must be the position of the text part's FEN, from the
# reader's side, with the last move's two squares marked, each square 40 pixels a side;
# for a chess game (figurines), a LancerChess game (letters and a legend) and a Tempête
# game (the demo's). Screenshots are taken of each (kept with KEEP=1, to be looked at);
# `html_board = no` sends text only.
. tests/cli/lib.sh
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
CHROME=$(command -v chromium || command -v chromium-browser || true)
[ -n "$CHROME" ] || { echo "t_html: no chromium (apt-get install chromium)"; echo "t_html: 0 passed, 1 failed"; exit 1; }
export TEMPEST_NOW=2026-11-05T12:00:00Z

chrome() {      # chrome FILE.html ARGS...: headless Chromium on a file, nothing kept
  f=$1; shift
  timeout 90 "$CHROME" --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$tmp/profile" --no-first-run "$@" "file://$f" 2>/dev/null
}

# html_check NAME MBOX HEADER LAST [FEN]: the HTML part of the last mail with HEADER, against
# the FEN of its text part (or the one given), LAST the last move's squares
html_check() {
  perl tests/cli/html/part.pl "$3" text/html < "$2" > "$tmp/$1.html" && pass || { fail "$1: an HTML part"; return; }
  perl tests/cli/html/part.pl "$3" text/plain < "$2" > "$tmp/$1.txt"
  want=${5:-$(sed -n 's/^FEN: *\([^ ]*\) .*/\1/p' "$tmp/$1.txt" | head -n 1)}
  chrome "$tmp/$1.html" --dump-dom > "$tmp/$1.dom"
  got=$(perl tests/cli/html/squares.pl < "$tmp/$1.dom" | head -n 1)
  [ -n "$want" ] && [ "$got" = "$want" ] && pass || fail "$1: the rendered board is the FEN's: $got, want $want"
  last=$(perl tests/cli/html/squares.pl < "$tmp/$1.dom" | sed -n 's/^last: //p')
  [ "$last" = "$4" ] && pass || fail "$1: the last move's squares marked: '$last', want '$4'"
  # every square 40 pixels a side (41 where the collapsed borders fall), though the
  # markup says so once a row and once a column
  { cat "$tmp/$1.html"; echo "<script>document.body.setAttribute('data-sizes', [].map.call(
    document.querySelectorAll('td[data-sq]'), function (td) { var r = td.getBoundingClientRect();
    return Math.floor(r.width) + 'x' + Math.floor(r.height); }).join(' '))</script>"; } > "$tmp/$1-sizes.html"
  sizes=$(chrome "$tmp/$1-sizes.html" --dump-dom | sed -n 's/.*data-sizes="\([^"]*\)".*/\1/p')
  odd=$(printf '%s\n' $sizes | grep -cv '^4[01]x4[01]$')
  [ -n "$sizes" ] && [ "$odd" -eq 0 ] && pass || fail "$1: every square 40 pixels a side: $odd not of $sizes"
  chrome "$tmp/$1.html" --window-size=720,1000 --screenshot="$tmp/$1.png" > /dev/null
  [ "$(wc -c < "$tmp/$1.png" 2>/dev/null || echo 0)" -gt 10000 ] && pass || fail "$1: a screenshot"
}

cli_referee "$tmp/r"
mails() {       # mails VARIANT: a challenge, its acceptance, e4, and a reply with d5
  cli_mail alice@example.org "new game" "new $1\nopponent bob@example.org\ncolour white"
  cli_mail bob@example.org "Re: [tempest $2 $3] invitation" "accept"
  cli_mail alice@example.org "Re: [tempest $2 $4] game" "e4"
  cli_mail bob@example.org "Re: [tempest $2 $3] game" "d5"
}
mails chess 1 "$BT" "$WT" > "$tmp/chess.in"
run "$T" process -c "$tmp/r/conf" "$tmp/chess.in"
printf '%s\n' "$out" > "$tmp/chess.mbox"
# alice (White) reads her board with White at the bottom, bob's d5 marked
html_check chess "$tmp/chess.mbox" "To: alice@example.org" "d5 d7"
grep -q '&#9823;' "$tmp/chess.html" && pass || fail "chess: figurines (a black pawn's)"
grep -q 'data-sq="a8"' "$tmp/chess.html" &&
  [ "$(grep -o 'data-sq="[a-h][1-8]"' "$tmp/chess.html" | head -n 1)" = 'data-sq="a8"' ] && pass ||
  fail "chess: White's side at the bottom (a8 first)"
# bob (Black) sees his side at the bottom: h1 first
html_check chess-black "$tmp/chess.mbox" "To: bob@example.org" "d5 d7"
[ "$(grep -o 'data-sq="[a-h][1-8]"' "$tmp/chess-black.html" | head -n 1)" = 'data-sq="h1"' ] && pass ||
  fail "chess: Black's side at the bottom for Black (h1 first)"
grep -q '^FEN: ' "$tmp/chess.html" && grep -q 'Next deadline' "$tmp/chess.html" && pass ||
  fail "chess: the text part is in the HTML part too"

# LancerChess: letters, and a legend of them
cli_referee "$tmp/l"
mails lancer 1 "$BT" "$WT" > "$tmp/lancer.in"
run "$T" process -c "$tmp/l/conf" "$tmp/lancer.in"
printf '%s\n' "$out" > "$tmp/lancer.mbox"
html_check lancer "$tmp/lancer.mbox" "To: alice@example.org" "d5 d7"
grep -q '<b style="font-size:22px;color:#ffffff' "$tmp/lancer.html" && pass || fail "lancer: letters, not figurines"
case $(cat "$tmp/lancer.dom") in *"K = "*"L = "*) pass ;; *) fail "lancer: the legend of the letters" ;; esac

# Tempête: the demo's game, a mail of its play
run sh examples/demo.sh
printf '%s\n' "$out" > "$tmp/demo.mbox"
fen=$("$T" show -c examples/demo-tempete.conf 1 | sed -n 's/^FEN: *\([^ ]*\) .*/\1/p')
html_check tempete build/demo-tempete.mbox "X-Tempest-Kind: over" "d5 d7" "$fen"
[ -s "$tmp/tempete.html" ] && grep -q 'data-board' "$tmp/tempete.html" && pass || fail "tempete: the board in the end mail"

# html_board = no: text only
cli_referee "$tmp/n" "html_board = no"
run "$T" process -c "$tmp/n/conf" "$tmp/chess.in"
case $out in *"text/html"*|*"multipart/alternative"*) fail "html_board = no: no HTML part" ;; *) pass ;; esac
expect_out "html_board = no: the text as before" "Content-Type: text/plain"
[ -z "${KEEP:-}" ] || echo "t_html: pictures in $tmp/*.png"
cli_done t_html
