#!/bin/sh
# `make install` into a staged prefix gives a working referee: the installed binary finds
# its rules and templates from its own place (not from the build's PREFIX), plays a short
# game in the embedded mode, says its version; the man pages are installed and lint-clean.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
WT=vb5v64h6; BT=ezap3rhf
# the installed binary must find its own files, not the source tree's
unset TEMPEST_RULES_DIR TEMPEST_TEMPLATES_DIR TEMPEST_CONFIG

run make --no-print-directory -s install PREFIX=/opt/tempest-test DESTDIR="$tmp/stage"
expect_rc "make install PREFIX=... DESTDIR=..." 0
P=$tmp/stage/opt/tempest-test
for f in bin/tempest share/tempest/rules/chess.json share/tempest/templates/started.txt \
         share/tempest/templates/chess/help-new.txt share/tempest/templates/tempete/moved-turn.txt \
         share/man/man1/tempest.1 share/man/man5/tempest.conf.5 share/man/man8/tempest.8 \
         share/doc/tempest/tempest.conf.example share/doc/tempest/systemd/tempest-poll.service; do
  [ -f "$P/$f" ] && pass || fail "installed: $f"
done
# moved after installing, as a package manager's DESTDIR staging does
mv "$tmp/stage/opt/tempest-test" "$tmp/moved"
I=$tmp/moved/bin/tempest

run "$I" --version
expect_out "the installed binary's version" "tempest $(cat VERSION)"

mkdir -p "$tmp/etc/data"
cp examples/demo.key "$tmp/etc/data/key"; chmod 600 "$tmp/etc/data/key"
printf 'referee_address = referee@tempest.example  # the referee\ndata_dir = data\n' > "$tmp/etc/tempest.conf"
run "$I" process -n --offline -c "$tmp/etc/tempest.conf"
expect_rc "-n with the installed files" 0
expect_out "the rules found beside the binary" "rules: 10 variants in $tmp/moved/bin/../share/tempest/rules"

# Its own mail, not lib.sh's cli_eml: the plainest mail (no Date, no MIME headers), the
# least an installed tempest must read, numbered by the caller (<iN@t>).
mail() {        # mail N FROM SUBJECT BODY: a raw mail in $tmp/mN.eml
  printf 'From: %s\nTo: referee@tempest.example\nSubject: %s\nMessage-ID: <i%s@t>\n\n%b\n' \
    "$2" "$3" "$1" "$4" > "$tmp/m$1.eml"
}
mail 1 alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white"
mail 2 bob@example.org "Re: [tempest 1 $BT] invitation" "accept"
mail 3 alice@example.org "Re: [tempest 1 $WT] game 1" "e4"
cd "$tmp" || exit 1
run "$I" process -c etc/tempest.conf "$tmp/m1.eml"
expect_out "the installed referee sends the invitation" "invites you to a game of Chess (game 1)"
run "$I" process -c etc/tempest.conf "$tmp/m2.eml"
expect_out "the game begins" "game 1 begins"
run "$I" process -c etc/tempest.conf "$tmp/m3.eml"
expect_out "the move is recorded" "Your move 1. e4 is recorded."
run "$I" show -c etc/tempest.conf 1
expect_out "show: the installed referee kept the game" "Moves: 1. e4"
cd - >/dev/null || exit 1
# with no -c and no $TEMPEST_CONFIG an installed referee reads its own configuration,
# PREFIX/etc/tempest/tempest.conf: `tempest archive DIR` as the docs write it
mkdir -p "$tmp/moved/etc/tempest" "$tmp/elsewhere"
printf 'referee_address = referee@tempest.example\ndata_dir = %s/etc/data\n' "$tmp" \
  > "$tmp/moved/etc/tempest/tempest.conf"
cd "$tmp/elsewhere" || exit 1
run "$I" archive "$tmp/site"
cd - >/dev/null || exit 1
expect_rc "tempest archive DIR, without -c" 0
[ -f "$tmp/site/game-1.html" ] && pass || fail "the archive of the installed referee's games: $err"

if command -v mandoc >/dev/null; then
  run mandoc -Tlint -W warning "$tmp/moved/share/man/man1/tempest.1" "$tmp/moved/share/man/man5/tempest.conf.5" \
    "$tmp/moved/share/man/man8/tempest.8"
  expect_rc "mandoc -Tlint: the man pages are clean" 0
else
  fail "mandoc is not installed (make deps)"
fi
if command -v systemd-analyze >/dev/null; then
  # the units name /usr/local/bin/tempest; verify them against a copy there
  mkdir -p "$tmp/units"
  sed "s|/usr/local/bin/tempest|$I|" config/tempest-poll.service > "$tmp/units/tempest-poll.service"
  sed "s|/usr/local/bin/tempest|$I|" config/tempest-tick.service > "$tmp/units/tempest-tick.service"
  cp config/*.timer "$tmp/units/"
  run systemd-analyze verify "$tmp/units/tempest-poll.service" "$tmp/units/tempest-tick.service"
  case $err in *"tempest-"*) fail "systemd-analyze verify: the units" ;; *) pass ;; esac
fi
grep -q '^SuccessExitStatus=.*\b2\b' config/*.service && fail "a unit counts exit 2 as success" || pass

cli_done t_install
