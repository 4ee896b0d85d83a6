#!/bin/sh
# Golden tests: each tests/golden/CASE/ holds in.mbox (mail to the referee), key (the
# referee's key) and the expected results: out.mbox (every mail sent), and expected/
# (the data directory's games/: state files and game logs). The case is run in a
# fresh directory with a fixed clock; everything must match byte for byte, and the run
# must exit 0. A case is a whole game in one run, as if its mails had come over days: the
# bound on the replies to one address in a run (max_replies_per_sender, 10) is lifted, or
# a game's later replies would wait for a next run.
# Every text line of every mail fits 78 characters but a FEN's (linewidth.py; docs/
# mail-lines.md), checked on each case's mails, in update mode too.
# Usage: run.sh TEMPEST [update]   (update: rewrite the expected files; review the diff)
set -u
T=$1; mode=${2:-check}
passed=0; failed=0
for dir in tests/golden/*/; do
  case=$(basename "$dir")
  work=build/golden/$case
  rm -rf "$work"; mkdir -p "$work/data"
  cp "$dir/key" "$work/data/key"; chmod 600 "$work/data/key"
  printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\nreferee_name = Tempest referee\ndata_dir = data\nmax_replies_per_sender = 10000\n' \
    > "$work/conf"
  TEMPEST_NOW=2026-11-05T12:00:00Z "$T" process -c "$work/conf" "$dir/in.mbox" > "$work/out.mbox" 2> "$work/stderr"
  rc=$?
  echo "exit $rc" >> "$work/stderr"
  mkdir -p "$work/games"
  cp "$work"/data/games/* "$work/games/" 2>/dev/null
  if ! python3 tests/golden/linewidth.py "$work/out.mbox" > "$work/linewidth"; then
    echo "golden $case: text lines over 78 characters:"; head -n 10 "$work/linewidth"
    [ "$mode" = update ] || { failed=$((failed + 1)); continue; }
  fi
  if [ "$mode" = update ]; then
    rm -rf "$dir/expected"; mkdir -p "$dir/expected"
    cp "$work/out.mbox" "$dir/out.mbox"; cp "$work"/games/* "$dir/expected/" 2>/dev/null
    echo "golden $case: updated$([ "$rc" -eq 0 ] || echo ", but the run exits $rc: see $work/stderr")"; continue
  fi
  ok=1
  if [ "$rc" -ne 0 ]; then echo "golden $case: the run exits $rc, not 0"; ok=0; fi
  if ! cmp -s "$work/out.mbox" "$dir/out.mbox"; then
    echo "golden $case: the mails sent differ:"; diff -u "$dir/out.mbox" "$work/out.mbox" | head -n 40; ok=0
  fi
  if ! diff -r "$dir/expected" "$work/games" > "$work/games.diff"; then
    echo "golden $case: the game files differ:"; head -n 40 "$work/games.diff"; ok=0
  fi
  if [ $ok = 1 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); cat "$work/stderr"; fi
done
[ "$mode" = update ] && exit 0
echo "golden: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
