#!/bin/sh
# A tournament's page in the public archive, in a browser (headless Chromium, as
# t_archive_html.sh drives it): the crosstable read back from the DOM the browser built
# is the standings of `tempest tournament show` with each entrant as the public names
# them (a chosen name, an address its player made public, else "Player N": never another
# address), each result a link to its game's page,
# which links back; the index groups the games under their tournament. A screenshot of
# each (kept with KEEP=1, to be looked at).
. tests/cli/lib.sh
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_chromium t_tournament_html
export TEMPEST_NOW=2026-11-05T12:00:00Z
chrome() { cli_chrome "$@"; }
shot() { cli_shot "$1" "$2" 1000 "${3:-900}"; }   # shot URL NAME [HEIGHT]

cli_referee "$tmp" "max_replies_per_sender = 1000"
C=$tmp/conf
run "$T" tournament new -c "$C" --name "Winter Cup" chess ann@example.org ben@example.org \
  cat@example.org dan@example.org eve@example.org
expect_rc "the tournament" 0
printf '%s\n' "$out" | tr -d '\r' > "$tmp/start.out"
tok() {         # tok GAME ADDRESS: the code of the referee's mails to ADDRESS about GAME
  awk -v to="$2" -v g="$1" '/^To: / { who = $2 }
    /^Subject: \[tempest [0-9]+ [a-z2-7]+\]/ && who == to {
      n = $3; t = $4; sub(/\]/, "", t); if (n == g) { print t; exit } }' "$tmp/start.out"
}
"$T" tournament show -c "$C" --json 1 > "$tmp/t.json"
game() { python3 tests/cli/tournament/games.py "$tmp/t.json" "$1@example.org" "$2@example.org" | cut -d' ' -f1; }
for r in "ann ben 1-0" "ann cat 1/2-1/2" "ben cat 0-1" "dan eve 1/2-1/2" "ann eve 0-1" \
         "cat dan 1-0"; do
  set -- $r
  g=$(game "$1" "$2")
  w=$(python3 tests/cli/tournament/games.py "$tmp/t.json" "$1@example.org" "$2@example.org" | cut -d' ' -f2)
  res=$3
  [ "$w" = "$1@example.org" ] || res=$(echo "$3" | sed 's/^1-0$/X/; s/^0-1$/1-0/; s/^X$/0-1/')
  "$T" adjust -c "$C" "$g" result "$res" > /dev/null || fail "game $g: $res"
done
# ann chooses a name, ben shows his address; cat, dan and eve say nothing
g=$(game ann ben)
{ cli_game_mail "$g" ann@example.org "$(tok "$g" ann@example.org)" "name Ann Archer"
  cli_game_mail "$g" ben@example.org "$(tok "$g" ben@example.org)" "address public"
} > "$tmp/names.mbox"
run "$T" process -c "$C" "$tmp/names.mbox"
expect_rc "the names" 0
run "$T" archive -c "$C" "$tmp/site"
expect_rc "the archive" 0

# -- the crosstable as the browser reads it, against the standings
chrome "$tmp/site/tournament-1.html" --dump-dom > "$tmp/t.dom"
grep -q '<h1>Tournament 1: Winter Cup</h1>' "$tmp/t.dom" && pass || fail "the page's title"
python3 tests/cli/tournament/crosstable.py "$tmp/t.dom" > "$tmp/dom"
"$T" tournament show -c "$C" 1 | awk '/^ *# Player/ { on = 1; next } on && NF == 0 { exit }
  on { print $1, $2, $(NF - 1), $NF }' | sed 's/ann@example.org/Ann_Archer/;
  s/cat@example.org/Player_3/; s/dan@example.org/Player_4/; s/eve@example.org/Player_5/' > "$tmp/want"
cut -d' ' -f1-4 "$tmp/dom" > "$tmp/got"
[ "$(wc -l < "$tmp/got")" -eq 5 ] && pass || fail "five rows: $(cat "$tmp/dom")"
cmp -s "$tmp/want" "$tmp/got" && pass ||
  fail "the page's crosstable is the standings: $(diff "$tmp/want" "$tmp/got")"
# each row's marks as the text crosstable has them, and its results linked to their games
"$T" tournament show -c "$C" 1 | awk '/^ *# Player/ { on = 1; next } on && NF == 0 { exit }
  on { m = ""; for (i = 4; i <= 8; i++) m = m $i; print $2, m }' | sed 's/½/h/g; s/\./-/g' |
  sed 's/ann@example-org/Ann_Archer/; s/cat@example-org/Player_3/; s/dan@example-org/Player_4/;
  s/eve@example-org/Player_5/' > "$tmp/marks"
awk '{ print $2, $5 }' "$tmp/dom" | sed 's/\./-/g' > "$tmp/dmarks"
cmp -s "$tmp/marks" "$tmp/dmarks" && pass || fail "the cells: $(diff "$tmp/marks" "$tmp/dmarks")"
links=$(awk '{ print $6 }' "$tmp/dom" | tr ',' '\n' | grep -v '^-$' | sort -n | uniq | tr '\n' ' ')
[ "$(echo $links | wc -w)" -eq 10 ] && pass || fail "every game, decided or in play, a link: $links"
ok_links=0
for g in $links; do
  [ -f "$tmp/site/game-$g.html" ] && grep -q 'href="tournament-1.html"' "$tmp/site/game-$g.html" &&
    ok_links=$((ok_links + 1))
done
[ "$ok_links" -eq 10 ] && pass || fail "each linked game's page is there and links back"
# ann beat ben: ann's row links ben's game, and ben's links it too
g=$(game ann ben)
grep "^[^ ]* Ann_Archer" "$tmp/dom" | grep -q "[ ,]$g\(,\|$\)" && pass ||
  fail "ann's win over ben links game $g"
n=$(grep -c -e 'ann@' -e 'cat@' -e 'dan@' -e 'eve@' "$tmp/t.dom")
[ "$n" -eq 0 ] && pass || fail "no address but the one made public on the page ($n lines)"
shot "$tmp/site/tournament-1.html" tournament

# -- the index: the games under their tournament
chrome "$tmp/site/index.html" --dump-dom > "$tmp/index.dom"
grep -q 'href="tournament-1.html">Tournament 1: Winter Cup' "$tmp/index.dom" && pass ||
  fail "the index heads the games with their tournament"
[ "$(grep -o 'href="game-[0-9]*.html"' "$tmp/index.dom" | sort -u | wc -l)" -eq 10 ] && pass ||
  fail "the index lists its ten games"
shot "$tmp/site/index.html" index
cli_done t_tournament_html
