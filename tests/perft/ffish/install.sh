#!/bin/sh
# Installs ffish (package-lock.json: 0.7.10) into tests/perft/ffish/node_modules when it is
# missing: the tests that read the referee's PGN back with Fairy-Stockfish need it. node and
# npm come from Debian (.ci/deps.sh). Quiet when there is nothing to do.
cd "$(dirname "$0")" || exit 2
[ -d node_modules/ffish ] && exit 0
command -v npm > /dev/null || { echo "ffish: no npm (apt-get install nodejs npm)" >&2; exit 1; }
npm ci --no-audit --no-fund --silent
