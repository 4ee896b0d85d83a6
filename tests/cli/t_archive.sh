#!/bin/sh
# The public archive (`tempest archive`, docs/game-masters.md "The public archive"): the
# index and a page per game, with its board, its moves stepping through the positions, its
# PGN; only the games whose state changed written again; every file replaced by a rename;
# private games, challenges and declined games left out; archive_dir runs it after
# process; no page of a running card game holds a secret of its state file (salts, lists,
# decks, piles) nor a phrase of a player's own view ("Your hand"), and the page of a
# finished one holds the reveal and its checks.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp" "archive_dir = $tmp/site"
A=$tmp/site
C=$tmp/conf

send() {        # send FROM SUBJECT BODY: one mail processed
  cli_eml "$1" "$2" "$3" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$T" process -c "$C"
}
stamp() { stat -c '%i %Y' "$A/$1" 2>/dev/null; }

# -- game 1 (chess, running): process writes the archive itself (archive_dir)
cli_game "$C"
send alice@example.org "Re: [tempest 1 $WT] game 1" "e4"
send bob@example.org "Re: [tempest 1 $BT] game 1" "e5"
send alice@example.org "Re: [tempest 1 $WT] game 1" "Nf3"
[ -f "$A/index.html" ] && [ -f "$A/game-1.html" ] && [ -f "$A/game-1.pgn" ] && [ -f "$A/archive.css" ] &&
  pass || fail "process with archive_dir writes the index, the page, the PGN, the style sheet"
p=$(cat "$A/game-1.html")
for want in "<h1>Game 1: Chess</h1>" "White" "Black" "in play, Black to move" \
            'href="game-1.pgn" download' 'id=b1p3' 'href="#b1p2">e5</a>' 'data-board="1"'; do
  case $p in *"$want"*) pass ;; *) fail "game 1's page holds $want" ;; esac
done
# the position after 2. Nf3, and the step back from it to the one after 1... e5
sed -n '/id=b1p3>/,/<\/section>/p' "$A/game-1.html" > "$tmp/step3"
grep -q 'data-fen="rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"' "$tmp/step3" && pass ||
  fail "the third step is the position after 2. Nf3"
grep -q 'href="#b1p2" rel=prev' "$tmp/step3" && pass || fail "the third step links to the one before"
grep -q '<td class="l m">' "$tmp/step3" && pass || fail "the third step marks the move's squares"
grep -q '^1. e4 e5 2. Nf3 \*$' "$A/game-1.pgn" && pass || fail "the PGN file: $(tail -n 2 "$A/game-1.pgn")"
i=$(cat "$A/index.html")
# the players named as the public names them (t_names.sh): here, no name chosen and none
# in their mails, by their sides; never by their addresses
case $p$i in *"@example.org"*) fail "no player's address in the pages" ;; *) pass ;; esac
case $i in *'<a href="game-1.html">1</a></td><td data-label="Kind">Chess</td><td data-label="White">White</td><td data-label="Black">Black</td><td data-label="Result">in play, Black to move</td><td data-label="Started">2026-11-05</td><td data-label="Last change">2026-11-05</td><td class=n data-label="Moves">3</td>'*) pass ;;
  *) fail "the index lists game 1: kind, players, status, dates, length" ;; esac

# -- game 2: a private challenge, accepted; game 3: a challenge not answered; game 4
# accepted
send carol@example.org "new game" "new chess\nopponent dave@example.org\nprivate"
DT=$(cli_token 2 dave@example.org)
case $(decoded) in *"Private:   yes (the game stays out of"*) pass ;; *) fail "the invitation says the game is private" ;; esac
send dave@example.org "Re: [tempest 2 $DT] invitation" "accept"
expect_out "the private game begins" "game 2 begins"
"$T" show -c "$C" --json 2 | grep -q '"private": true' && pass || fail "the state keeps private"
"$T" show -c "$C" --json 1 | grep -q '"private"' && fail "a game not private has no private field" || pass
send erin@example.org "new game" "new chess\nopponent frank@example.org"
send gina@example.org "new game" "new chess\nopponent hank@example.org"     # game 4, public
send hank@example.org "Re: [tempest 4 $(cli_token 4 hank@example.org)] invitation" "accept"
[ ! -e "$A/game-2.html" ] && [ ! -e "$A/game-2.pgn" ] && pass || fail "a private game has no page"
[ ! -e "$A/game-3.html" ] && pass || fail "a challenge not answered has no page"
case $(cat "$A/index.html") in *carol*|*dave*|*erin*|*game-2*|*game-3*) fail "the index names a private game or a challenge" ;; *) pass ;; esac
send dave@example.org "Re: [tempest 2 $DT] game 2" "private"
case $(flat "$(decoded)") in *"this is agreed when the game is created"*) pass ;;
  *) fail "private in a game is refused" ;; esac

# -- incremental: a run with nothing changed writes nothing; a move rewrites its game only
before1=$(stamp game-1.html); beforei=$(stamp index.html)
run "$T" archive -v -c "$C"
expect_out "nothing changed" "0 pages written"
[ "$(stamp game-1.html)" = "$before1" ] && [ "$(stamp index.html)" = "$beforei" ] && pass ||
  fail "an unchanged game's page and the index are left as they are"
"$T" archive -c "$C" "$tmp/two" && cp "$tmp/two/game-4.html" "$tmp/g4-before"
send bob@example.org "Re: [tempest 1 $BT] game 1" "Nc6"
run "$T" archive -v -c "$C" "$tmp/two"
expect_out "one game changed, one page" "1 pages written"
cmp -s "$tmp/two/game-4.html" "$tmp/g4-before" && pass || fail "the other game's page is as it was"
grep -q 'href="#b1p4">Nc6</a>' "$tmp/two/game-1.html" && pass || fail "the changed game's page has the move"
[ "$(stamp game-1.html)" != "$before1" ] && pass || fail "process after a move rewrote game 1's page"
rm "$A/game-1.html"
run "$T" archive -v -c "$C"
expect_out "a page removed by hand is written again" "1 pages written"
run "$T" archive -v --all -c "$C"
expect_out "--all writes every page" "2 pages written"
ls -a "$A" | grep -q 'tmp' && fail "no temporary file left: $(ls -a "$A")" || pass

# -- under the sanitizers; a dry run writes no archive; a damaged game keeps its page
export ASAN_OPTIONS=detect_leaks=1
run "$TA" archive --all -c "$C"
expect_rc "the sanitized build" 0; expect_clean "archive --all"
rm -rf "$tmp/dry"
sed "s|^archive_dir = .*|archive_dir = $tmp/dry|" "$C" > "$tmp/conf-dry"
cli_game_eml 1 bob@example.org "$BT" "status" > "$tmp/m.eml"
run_in "$tmp/m.eml" "$T" process --dry-run -c "$tmp/conf-dry"
[ ! -e "$tmp/dry" ] && pass || fail "a dry run writes no archive"
run "$T" archive -n --offline -c "$tmp/conf-dry"
expect_rc "archive -n" 0
[ ! -e "$tmp/dry" ] && pass || fail "archive -n writes nothing"
cp "$tmp/data/games/4.json" "$tmp/g4.json"
printf '{ broken' > "$tmp/data/games/4.json"
run "$T" archive -c "$C"
expect_rc "a game that cannot be read" 1
expect_err "it is named" "game 4"
[ -f "$A/game-4.html" ] && pass || fail "a game that cannot be read keeps its page"
grep -q 'href="game-4.html"' "$A/index.html" && pass || fail "... and its line of the index"
sed 's/"arbiter"/"private": "yes", "arbiter"/' "$tmp/g4.json" > "$tmp/data/games/4.json"
run "$T" show -c "$C" 4
expect_err "a private field that is not true or false is refused" "private: not true or false"
cp "$tmp/g4.json" "$tmp/data/games/4.json"

# -- atomic: while archives are written over and over, every read of a page is whole
( for k in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    "$T" archive --all -c "$C" > /dev/null 2>&1; done ) &
writer=$!
torn=0; reads=0
while kill -0 "$writer" 2>/dev/null; do
  tail -c 15 "$A/game-1.html" | grep -q '</body></html>' || torn=$((torn + 1))
  reads=$((reads + 1))
done
wait "$writer"
[ "$torn" -eq 0 ] && [ "$reads" -gt 20 ] && pass || fail "every read of a page rewritten is whole ($torn torn of $reads)"

# -- a game gone: its page goes
mv "$tmp/data/games/1.json" "$tmp/g1.json"
run "$T" archive -v -c "$C"
[ ! -e "$A/game-1.html" ] && pass || fail "a game gone loses its page"
mv "$tmp/g1.json" "$tmp/data/games/1.json"

# -- an old state without the field loads as not private
sed -i '/"private"/d' "$tmp/data/games/2.json"
run "$T" archive -c "$C" "$tmp/old"
expect_rc "an archive of states without the field" 0
[ -e "$tmp/old/game-2.html" ] && pass || fail "a state without private is public"

# -- card games: no page before the end holds a secret; the end shows the reveal
scan() {        # scan NAME CONF: no secret of game 1's state in the archive's pages
  "$T" show -c "$2" --json --secrets 1 | perl tests/cli/archive/secrets.pl > "$tmp/$1.secrets"
  cat "$tmp/$1.secrets" tests/cli/archive/private-phrases > "$tmp/$1.look"
  found=$(grep -rlFf "$tmp/$1.look" "$3" 2>/dev/null)
  [ -z "$found" ] && pass || fail "$1: a secret in $found: $(grep -ohFf "$tmp/$1.look" "$3" | head -n 3)"
}
kind_game() {   # kind_game NAME VARIANT MAILS...: a referee of its own, game 1 played
  k=$1; v=$2; shift 2
  cli_referee "$tmp/$k" "archive_dir = $tmp/$k/site"
  { cli_mail alice@example.org "new game" "new $v\nopponent bob@example.org\ncolour white"
    cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept"
    while [ $# -gt 1 ]; do cli_mail "$1" "Re: [tempest 1 $([ "$1" = bob@example.org ] && echo "$BT" || echo "$WT")] game" "$2"; shift 2; done
  } > "$tmp/$k/m"
  run "$T" process -c "$tmp/$k/conf" "$tmp/$k/m"
  [ -f "$tmp/$k/site/game-1.html" ] && pass || fail "$k: a page"
}
kind_game knightmare knightmare-cards alice@example.org "deck 23 30 1 3 5 9" bob@example.org "deck 32 4 6 7 8"
kind_game chessme chessme
kind_game tigerchess tigerchess
for k in knightmare chessme tigerchess; do
  scan "$k" "$tmp/$k/conf" "$tmp/$k/site"
done
# a running card game with no card played yet: no "0 played:", no "Cards played:" over an
# empty list, on its page
page=$(cat "$tmp/knightmare/site/game-1.html")
case $page in *"0 played:"*) fail "knightmare: '0 played:' on the page" ;; *) pass ;; esac
printf '%s\n' "$page" | grep -A1 '^Cards played:$' | sed -n 2p | grep -q '^  ' && pass ||
  case $page in *"Cards played:"*) fail "knightmare: 'Cards played:' with nothing after it" ;;
    *"none played yet"*"No card played yet."*) pass ;; *) fail "knightmare: the page says no card was played" ;; esac
[ -s "$tmp/knightmare.secrets" ] && [ -s "$tmp/chessme.secrets" ] && pass || fail "the scan has secrets to look for"
# Tempete: the demo's game, all but its last mail (cards played, in play), then the end
cli_referee "$tmp/tempete" "archive_dir = $tmp/tempete/site"
awk '/^From / { n++ } n < 9' examples/tempete.mbox > "$tmp/tempete/first"
awk '/^From / { n++ } n == 9' examples/tempete.mbox > "$tmp/tempete/last"
run "$T" process -c "$tmp/tempete/conf" "$tmp/tempete/first"
scan tempete "$tmp/tempete/conf" "$tmp/tempete/site"
[ "$(wc -l < "$tmp/tempete.secrets")" -ge 4 ] && pass || fail "tempete: salts and lists to look for"
grep -q 'The public record' "$tmp/tempete/site/game-1.html" && grep -q 'played:' "$tmp/tempete/site/game-1.html" &&
  pass || fail "tempete: the cards played, in the page of the running game"
cp "$tmp/tempete.secrets" "$tmp/tempete.kept"
run "$T" process -c "$tmp/tempete/conf" "$tmp/tempete/last"
for k in tempete knightmare chessme; do
  [ "$k" = tempete ] || { cli_mail alice@example.org "Re: [tempest 1 $WT] game" "resign" > "$tmp/$k/r"
                          run "$T" process -c "$tmp/$k/conf" "$tmp/$k/r"; }
  page=$tmp/$k/site/game-1.html
  grep -q '0-1 (resignation)' "$page" && pass || fail "$k: the result"
  grep -q 'Thank you for playing' "$page" && fail "$k: a page thanks its reader for playing" || pass
  grep -q '| sha256sum' "$page" && pass || fail "$k: the reveal's checks"
  salt=$(grep -E '^[0-9a-f]{16,}$' "$tmp/$k.secrets" | head -n 1)
  [ -n "$salt" ] && grep -q "$salt" "$page" && pass || fail "$k: the reveal shows the salt ($salt)"
done
# Perplexichess: a team's message to its own members is in no page
cli_referee "$tmp/px" "archive_dir = $tmp/px/site"
run "$T" new -c "$tmp/px/conf" perplexichess g1@x.org h1@x.org g2@x.org h2@x.org g3@x.org h3@x.org gs@x.org hs@x.org
cli_game_eml 1 gs@x.org "$(cli_token 1 gs@x.org)" "message team Push on board two, Xyzzy" > "$tmp/px/m.eml"
run_in "$tmp/px/m.eml" "$T" process -c "$tmp/px/conf"
case $(flat "$(decoded)") in *Xyzzy*) pass ;; *) fail "perplexichess: the team message is relayed to the team" ;; esac
[ -f "$tmp/px/site/game-1.html" ] && pass || fail "perplexichess: a page"
grep -rq Xyzzy "$tmp/px/site" && fail "perplexichess: the team message is in the archive" || pass
# -- `tempest new --private`: the game master's game kept private as a challenge's
#    `private` line keeps it: the state says so, no page, no observer
cli_referee "$tmp/pv" "archive_dir = $tmp/pv/site"
run "$T" new -c "$tmp/pv/conf" --private chess pia@x.org pim@x.org
expect_rc "tempest new --private" 0
expect_out "new --private says the game is private" "game 1: private"
"$T" show -c "$tmp/pv/conf" --json 1 | grep -q '"private": true' && pass ||
  fail "new --private: the state keeps private"
run "$T" new -c "$tmp/pv/conf" chess pia@x.org pim@x.org
"$T" show -c "$tmp/pv/conf" --json 2 | grep -q '"private"' && fail "new without --private: public" || pass
run "$T" archive -c "$tmp/pv/conf" --all
expect_rc "the archive beside a private game" 0
[ ! -e "$tmp/pv/site/game-1.html" ] && [ ! -e "$tmp/pv/site/game-1.pgn" ] && [ -e "$tmp/pv/site/game-2.html" ] &&
  pass || fail "new --private: no page for game 1, one for game 2"
cli_mail oscar@x.org "x" "observe 1" > "$tmp/pv/m.mbox"
run "$T" process -c "$tmp/pv/conf" "$tmp/pv/m.mbox"
case $(flat "$(decoded)") in *"game 1 is private"*) pass ;; *) fail "new --private: nobody may observe it" ;; esac
grep -q '"observers"' "$tmp/pv/data/games/1.json" && fail "new --private: no observer" || pass
cli_done t_archive
