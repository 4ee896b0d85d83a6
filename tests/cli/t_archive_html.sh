#!/bin/sh
# The public archive in a browser (headless Chromium, as t_html.sh reads the mails' HTML
# part): the index and a page of each kind (chess, Knightmare, ChessMe, TigerChess,
# Perplexichess, Tempête) are rendered; each page's board, read back from the DOM the
# browser built (each cell's data-sq and data-pc), is the position `tempest show` gives;
# a position is stepped to (page#b1p2) and its drawing is the position it names, and the
# step before and after are linked. Screenshots of each are taken (kept with KEEP=1, to be
# looked at).
. tests/cli/lib.sh
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_chromium t_archive_html
export TEMPEST_NOW=2026-11-05T12:00:00Z
chrome() { cli_chrome "$@"; }
shot() { cli_shot "$1" "$2" 900 "${3:-1400}"; }   # shot URL NAME [HEIGHT]
send() { cli_eml "$1" "$2" "$3" > "$tmp/m.eml"; run_in "$tmp/m.eml" "$T" process -c "$C"; }
challenge() {   # challenge GAME VARIANT WHITE BLACK: made and accepted
  send "$3" "new game" "new $2\nopponent $4\ncolour white"
  send "$4" "Re: [tempest $1 $(cli_token "$1" "$4")] invitation" "accept"
}

cli_referee "$tmp"
C=$tmp/conf
cli_game "$C"                                                   # 1 chess
send alice@example.org "Re: [tempest 1 $WT] game 1" "e4"
send bob@example.org "Re: [tempest 1 $BT] game 1" "e5"
send alice@example.org "Re: [tempest 1 $WT] game 1" "Nf3"
challenge 2 knightmare-cards carol@example.org dave@example.org
challenge 3 chessme erin@example.org frank@example.org
challenge 4 tigerchess gina@example.org hank@example.org
run "$T" new -c "$C" perplexichess g1@x.org h1@x.org g2@x.org h2@x.org g3@x.org h3@x.org gs@x.org hs@x.org
expect_rc "game 5, Perplexichess" 0
cli_referee "$tmp/tp"                                           # the demo's Tempête game
run "$T" process -c "$tmp/tp/conf" examples/tempete.mbox
run "$T" archive -c "$C" "$tmp/site"
expect_rc "the archive" 0
run "$T" archive -c "$tmp/tp/conf" "$tmp/site-tp"
expect_rc "the Tempête archive" 0

# -- the index
chrome "$tmp/site/index.html" --dump-dom > "$tmp/index.dom"
for g in 1 2 3 4 5; do
  grep -q "href=\"game-$g.html\"" "$tmp/index.dom" && pass || fail "the index links game $g"
done
case $(cat "$tmp/index.dom") in *"Knightmare"*"ChessMe"*"TigerChess"*"Perplexichess"*) pass ;;
  *) fail "the index names each kind" ;; esac
shot "$tmp/site/index.html" index 700

# -- a page of each kind: its board is the position of `tempest show`
page() {        # page NAME SITE GAME CONF [BOARDFEN]
  chrome "$2/game-$3.html" --dump-dom > "$tmp/$1.dom"
  grep -q "<h1>Game $3: " "$tmp/$1.dom" && pass || fail "$1: the page"
  want=${5:-$("$T" show -c "$4" "$3" | sed -n 's/^FEN: *\([^ ]*\) .*/\1/p' | head -n 1)}
  if [ "$want" != - ]; then
    got=$(perl tests/cli/html/squares.pl < "$tmp/$1.dom" | head -n 1)
    [ "$got" = "$want" ] && pass || fail "$1: the board drawn is the game's: $got, want $want"
  fi
  shot "$2/game-$3.html" "$1"
}
page chess "$tmp/site" 1 "$C"
page knightmare "$tmp/site" 2 "$C"
page chessme "$tmp/site" 3 "$C" -
grep -q 'The public record' "$tmp/chessme.dom" && pass || fail "chessme: its own board, in the record"
page tigerchess "$tmp/site" 4 "$C" -
page perplexichess "$tmp/site" 5 "$C" -
[ "$(grep -c 'data-board="1"' "$tmp/perplexichess.dom")" -eq 3 ] && pass || fail "perplexichess: three boards"
# the status mail's lines of a player's duty, empty for no player, are left out; a
# ChessMe diagram's rows (dots to their end) are not
grep -qE '^(You are|Now:) ?\.$' "$tmp/perplexichess.dom" && fail "perplexichess: a line of a duty left empty" || pass
[ "$(sed 's/<[^>]*>//g' "$tmp/chessme.dom" | grep -cE '^[0-9]  \. ')" -ge 16 ] && pass || fail "chessme: the diagrams' rows, whole"
page tempete "$tmp/site-tp" 1 "$tmp/tp/conf"
grep -q 'sha256sum' "$tmp/tempete.dom" && pass || fail "tempete: the reveal's checks"

# -- stepping: the position after 1... e5, drawn as it says, linked both ways
perl tests/cli/archive/step.pl b1p2 < "$tmp/chess.dom" > "$tmp/step"
[ "$(sed -n 1p "$tmp/step")" = "$(sed -n 2p "$tmp/step")" ] && pass || fail "the step's drawing is its position: $(cat "$tmp/step")"
[ "$(sed -n 2p "$tmp/step")" = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR" ] && pass ||
  fail "step 2 is the position after 1... e5"
grep -q 'href="#b1p1" rel="prev"' "$tmp/chess.dom" && grep -q 'href="#b1p3" rel="next"' "$tmp/chess.dom" &&
  pass || fail "the steps link the one before and the one after"
shot "$tmp/site/game-1.html#b1p2" chess-step 1800
# -- a phone of 390 pixels: no page scrolls sideways (the document's scrollWidth within its
# clientWidth), each measured in a frame 390 pixels wide (headless Chromium makes no window
# narrower than 500) by a host page beside it, which also takes a picture of it
narrow() {      # narrow SITE FILE NAME
  cat > "$1/.narrow.html" <<EOH
<!DOCTYPE html><html><head><title>-</title></head><body style="margin:0">
<iframe id=f src="$2" style="width:390px;height:844px;border:0"></iframe>
<script>
document.getElementById('f').onload = function () {
  var d = this.contentDocument.documentElement;
  document.title = d.scrollWidth + " " + d.clientWidth;
};
</script></body></html>
EOH
  w=$(chrome "$1/.narrow.html" --allow-file-access-from-files --window-size=500,900 \
      --virtual-time-budget=5000 --dump-dom | sed -n 's/.*<title>\([0-9]*\) \([0-9]*\)<\/title>.*/\1 \2/p')
  chrome "$1/.narrow.html" --allow-file-access-from-files --window-size=390,900 \
    --virtual-time-budget=5000 --screenshot="$tmp/$3-390.png" > /dev/null
  rm -f "$1/.narrow.html"
  echo "390 px: $3: scrollWidth clientWidth $w"
  [ -n "$w" ] && [ "${w% *}" -le "${w#* }" ] && [ "${w#* }" -eq 390 ] && pass ||
    fail "$3 scrolls sideways at 390 pixels: scrollWidth clientWidth '$w'"
}
narrow "$tmp/site" index.html index
narrow "$tmp/site" game-1.html chess
narrow "$tmp/site" game-2.html knightmare
narrow "$tmp/site" game-3.html chessme
narrow "$tmp/site" game-4.html tigerchess
narrow "$tmp/site" game-5.html perplexichess
narrow "$tmp/site-tp" game-1.html tempete
narrow "$tmp/site-tp" index.html tempete-index
[ -z "${KEEP:-}" ] || echo "t_archive_html: pictures in $tmp/*.png"
cli_done t_archive_html
