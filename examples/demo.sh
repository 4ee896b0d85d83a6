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
