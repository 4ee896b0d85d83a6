#!/bin/sh
# make demo: plays the bundled example game (examples/game.mbox) through `tempest process`
# into a scratch data directory and prints the mails the referee would send.
set -eu
rm -rf build/demo-data
mkdir -p build/demo-data
# the published demo key, so that the example replies' subject tokens are valid
cp examples/demo.key build/demo-data/key
chmod 600 build/demo-data/key
export TEMPEST_NOW=2026-11-05T12:00:00Z
./tempest process -c examples/demo.conf examples/game.mbox
echo "================================================================"
./tempest show -c examples/demo.conf 1
echo "================================================================"
echo "A short game of Tempête sur l'Echiquier: lists, a card, an interception and its"
echo "answer, the end and the reveal, whose commitments are checked below."
echo "================================================================"
rm -rf build/demo-tempete-data
mkdir -p build/demo-tempete-data
cp examples/demo.key build/demo-tempete-data/key
chmod 600 build/demo-tempete-data/key
./tempest process -c examples/demo-tempete.conf examples/tempete.mbox > build/demo-tempete.mbox
cat build/demo-tempete.mbox
echo "================================================================"
./tempest show -c examples/demo-tempete.conf 1
# the reveal's own commands, run as a player would run them (the last mail is White's),
# read from its text part (its HTML part shows the same text, escaped)
sed -e ':a' -e '/=$/{N;s/=\n//;ba' -e '}' build/demo-tempete.mbox |
  awk '/^Content-Type: text\/html/ { html = 1 } /^--=_tempest_/ { html = 0 } !html' |
  awk '/^X-Tempest-Kind: over/ { n++ } n == 1' |
  awk '/^  commitment: / { sub(/^  commitment: */, ""); print; next }
    # a command too long for a line is continued with backslashes: joined back into one
    /^  check it with: / { sub(/^  check it with: /, ""); cmd = $0
      while (cmd ~ /\\$/ && (getline l) > 0) { sub(/\\$/, "", cmd); sub(/^ +/, "", l); cmd = cmd l }
      print cmd }' | while read -r want && read -r cmd; do
    got=$(sh -c "$cmd" | cut -d' ' -f1)
    if [ "$got" = "$want" ]; then echo "commitment $want: checked with sha256sum, it holds"
    else echo "commitment $want: sha256sum gives $got: IT DOES NOT HOLD"; exit 1; fi
  done
