#!/bin/sh
# Names, not addresses, in public (docs/game-masters.md, "The public archive"): the archive
# (index, pages, PGN) and an observer's mails name a player by the name they chose
# (`name Robert Brown`, kept in the players' registry), else by their mail's display name,
# else by their side; never by their address unless they allow it (`address public`); the
# configuration's public_names (names, initials, sides) is the club's rule; the pages an
# earlier release wrote with addresses are written again by the next archive run.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
A=$tmp/www
cli_referee "$tmp" "archive_dir = $A"
D=$tmp/data
out_all=$tmp/observer.mails
: > "$out_all"
mail() {        # mail FROM SUBJECT BODY: processed alone; the observer's mails kept
  cli_mail "$1" "$2" "$3" > "$tmp/m.mbox"
  run "$T" process -c "$tmp/conf" "$tmp/m.mbox"
  printf '%s\n' "$out" | tr -d '\r' | awk '/^From referee@/ { on = 0 } /^To: carol@club.example/ { on = 1 } on' >> "$out_all"
}
tok() { sed -n "s/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/p" | head -n 1; }
# alice's client writes her name; bob's writes none
mail "Alice Martin <alice@example.org>" "new game" "new chess\nopponent bob@example.org\ncolour white"
cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" > "$tmp/m.mbox"
run "$T" process -c "$tmp/conf" "$tmp/m.mbox"
# carol observes, confirmed from her address
mail carol@club.example "watching" "observe 1"
ct=$(grep '^Subject: \[tempest 1 ' "$out_all" | sed 's/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/' | head -n 1)
: > "$out_all"
mail carol@club.example "Re: [tempest 1 $ct] game 1" "observe 1"
grep -q "You now observe" "$out_all" && pass || fail "carol observes"
# bob chooses his name, with his first move
mail bob@example.org "Re: [tempest 1 $BT] game 1" "name Robert Brown"
case $(flat "$out") in *"you are named Robert Brown"*) pass ;; *) fail "bob's name noted" ;; esac
grep -q '"name": "Robert Brown"' "$D/players.json" && pass || fail "bob's name in the registry"
for mv in "alice@example.org $WT e4" "bob@example.org $BT e5" "alice@example.org $WT Bc4" \
          "bob@example.org $BT Nc6" "alice@example.org $WT Qh5" "bob@example.org $BT Nf6" \
          "alice@example.org $WT Qxf7#"; do
  set -- $mv
  mail "$1" "Re: [tempest 1 $2] game 1" "$3"
done
"$T" show -c "$tmp/conf" 1 | grep -q '^Status: over, 1-0' && pass || fail "the game is played to its end"
[ "$(grep -c '^To: carol@club.example' "$out_all")" -ge 8 ] && pass || fail "carol gets every move"
[ -s "$A/game-1.html" ] && [ -s "$A/game-1.pgn" ] && [ -s "$A/index.html" ] && pass ||
  fail "the archive is written"
# scanned: no player's address anywhere, the names there
scan() {        # scan WHAT FILE...: no address of a player in the files
  if grep -l -e 'alice@example\.org' -e 'bob@example\.org' "$@" > "$tmp/hits" 2>/dev/null; then
    fail "$1: a player's address in $(cat "$tmp/hits" | tr '\n' ' ')"
  else
    pass
  fi
}
scan "the archive" "$A"/index.html "$A"/game-1.html "$A"/game-1.pgn "$A"/.manifest
scan "the observer's mails" "$out_all"
grep -q 'Alice Martin' "$A/game-1.html" && grep -q 'Robert Brown' "$A/index.html" && pass ||
  fail "the pages name the players"
grep -q '^\[White "Alice Martin"\]' "$A/game-1.pgn" && grep -q '^\[Black "Robert Brown"\]' "$A/game-1.pgn" &&
  pass || fail "the PGN tags name the players"
grep -q 'Chess: Alice Martin v Robert Brown' "$out_all" && pass || fail "the observer's mails name the players"
# the players' own mails keep the addresses they know each other by
grep -q 'bob@example.org' "$D/games/1.mbox" && pass || fail "(the players' mails name addresses)"

# -- a player allows their address: shown beside their name at the next run
mail "Alice Martin <alice@example.org>" "Re: [tempest 1 $WT] game 1" "address public"
"$T" archive -c "$tmp/conf" > /dev/null
grep -q 'Alice Martin (alice@example.org)' "$A/game-1.html" && pass || fail "an address allowed is shown"
grep -q 'bob@example.org' "$A/game-1.html" "$A/index.html" "$A/game-1.pgn" && fail "bob's is not" || pass

# -- the club's rule: initials; sides
sed -i 's/^archive_dir.*/&\npublic_names = initials/' "$tmp/conf"
"$T" archive -c "$tmp/conf" > /dev/null
grep -q 'Robert B\.' "$A/index.html" && ! grep -q 'Robert Brown' "$A/game-1.html" && pass ||
  fail "public_names = initials"
sed -i 's/^public_names.*/public_names = sides/' "$tmp/conf"
"$T" archive -c "$tmp/conf" > /dev/null
grep -q 'Robert\|Alice\|@example' "$A/game-1.html" "$A/game-1.pgn" && fail "public_names = sides: no name" || pass
sed -i '/^public_names/d' "$tmp/conf"

# -- pages an earlier release wrote, with addresses: written again by the next run
"$T" archive -c "$tmp/conf" > /dev/null
sed -i 's/^tempest-archive 2$/tempest-archive 1/; /^naming /d' "$A/.manifest"
sed -i 's/Robert Brown/bob@example.org/g' "$A/game-1.html" "$A/index.html"
"$T" archive -c "$tmp/conf" > /dev/null
grep -q 'bob@example.org' "$A/game-1.html" "$A/index.html" && fail "an old page is written again" || pass
cli_done t_names
