#!/bin/sh
# make bench: every bench, this build beside the previous release (bench/base, built
# once here from git, before anything is timed, and removed after the last bench: its
# thousands of files removed between two benches would slow the file creation the next
# one measures), then the table of every figure with its bound and the release's.
# Usage: bench/run.sh TEMPEST BENCHDIR
set -u
T=${1:-./tempest}
B=${2:-build/bench}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tempest-bench-base.XXXXXX") || exit 1
BENCH_FIGURES=$scratch/figures
trap 'rm -rf "$scratch"' EXIT
trap 'exit 1' INT TERM HUP
: > "$BENCH_FIGURES"
echo "building the previous release ($(cut -d' ' -f1,2 bench/base)) to time it beside this build"
BENCH_BASE=$(sh bench/base.sh "$scratch/base")
export BENCH_FIGURES BENCH_BASE
status=0
sh bench/perft.sh "$T" || status=1
sh bench/process.sh "$T" "$B" || status=1
sh bench/replay.sh "$T" "$B" || status=1
sh bench/archive.sh "$T" "$B" || status=1
sh bench/languages.sh "$T" || status=1
flock -o /tmp/tempest-e2e.lock sh bench/poll.sh "$T" "$B" || status=1
sh bench/table.sh "$BENCH_FIGURES" "$(cut -d' ' -f2 bench/base) ($(cut -d' ' -f1 bench/base))"
exit $status
