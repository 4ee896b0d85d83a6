#!/bin/sh
# Perft speed on the six standard positions: tempest next to Debian's fairy-stockfish (a
# generic variant engine), same positions, same depths, same run. Each engine's start-up
# time (measured with a depth-1 run) is subtracted. Prints a table and the overall ratio.
# The previous release (bench/base: $BENCH_BASE when bench/run.sh built it, else built
# here by bench/base.sh) is timed in the same run, beside this build.
# Usage: bench/perft.sh TEMPEST
set -eu
T=${1:-./tempest}
FSF=${FSF:-/usr/games/fairy-stockfish}
BENCH=perft
. "$(dirname "$0")/lib.sh"
[ -x "$FSF" ] || { echo "bench: $FSF not found (apt-get install fairy-stockfish)" >&2; exit 1; }

B=$(base_tempest || :)
BASE=$(cut -d' ' -f1 bench/base 2>/dev/null || :)
if [ -z "$B" ] && [ -z "${BENCH_BASE+set}" ]; then      # run alone: build it here
  BW=$(mktemp -d "${TMPDIR:-/tmp}/tempest-perft-base.XXXXXX")
  trap 'rm -rf "$BW"' EXIT
  B=$(sh bench/base.sh "$BW")
fi

now() { date +%s%N; }
fsf() { printf 'position fen %s\ngo perft %s\nquit\n' "$1" "$2" | "$FSF" 2>/dev/null | sed -n 's/^Nodes searched: //p'; }
ours() { "$T" perft "$1" "$2" 2>/dev/null | sed -n 's/^Nodes searched: //p'; }
base() { "$B" perft "$1" "$2" 2>/dev/null | sed -n 's/^Nodes searched: //p'; }

START=$(now); ours startpos 1 >/dev/null; T_BASE=$(( $(now) - START ))
START=$(now); fsf "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 1 >/dev/null; F_BASE=$(( $(now) - START ))
B_BASE=0
[ -n "$B" ] && { START=$(now); base startpos 1 >/dev/null; B_BASE=$(( $(now) - START )); }

printf '%-9s %5s %12s %9s %12s %9s %12s %7s %9s\n' position depth nodes tempest-s tempest-n/s fsf-s fsf-n/s ratio release-s
tt=0; ft=0; tn=0; bt=0
while IFS='|' read -r name depth fen; do
  s=$(now); n=$(ours "$fen" "$depth"); e=$(now); t_ns=$(( e - s - T_BASE ))
  s=$(now); m=$(fsf "$fen" "$depth"); e=$(now); f_ns=$(( e - s - F_BASE ))
  b_ns=0
  if [ -n "$B" ]; then
    s=$(now); o=$(base "$fen" "$depth"); e=$(now); b_ns=$(( e - s - B_BASE ))
    [ "$n" = "$o" ] || echo "bench: node counts differ on $name: tempest $n, the last release $o" >&2
  fi
  [ "$n" = "$m" ] || echo "bench: node counts differ on $name: tempest $n, fairy-stockfish $m" >&2
  tt=$((tt + t_ns)); ft=$((ft + f_ns)); tn=$((tn + n)); bt=$((bt + b_ns))
  awk -v name="$name" -v d="$depth" -v n="$n" -v t="$t_ns" -v f="$f_ns" -v b="$b_ns" 'BEGIN {
    printf "%-9s %5d %12d %9.2f %12.0f %9.2f %12.0f %6.2fx %9s\n", name, d, n, t/1e9, n/(t/1e9), f/1e9, n/(f/1e9), f/t,
           (b > 0 ? sprintf("%.2f", b/1e9) : "-") }'
done <<'POSITIONS'
start|6|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
kiwipete|5|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
pos3|6|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
pos4|5|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1
pos5|5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8
pos6|5|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10
POSITIONS
awk -v n="$tn" -v t="$tt" -v f="$ft" -v b="$bt" -v base="${BASE:-}" 'BEGIN {
  printf "all: %d nodes; tempest %.1f M nodes/s, fairy-stockfish %.1f M nodes/s; tempest is %.2fx its rate\n",
         n, n/(t/1e9)/1e6, n/(f/1e9)/1e6, f/t
  if (b > 0)
    printf "the previous release (%s): %.1f M nodes/s, %.2fx the rate of fairy-stockfish; this build takes %.2fx its time\n",
           base, n/(b/1e9)/1e6, f/b, t/b }'
rel() { [ "$bt" -gt 0 ] && awk -v x="$1" -v b="$bt" 'BEGIN { printf "%.4f", x / b }' || echo -; }
figure "perft: rate over fairy-stockfish's" x high 5 "$(awk -v f="$ft" -v t="$tt" 'BEGIN { printf "%.4f", f / t }')" \
       "$([ "$bt" -gt 0 ] && awk -v f="$ft" -v b="$bt" 'BEGIN { printf "%.4f", f / b }' || echo -)"
figure "perft: time over the release's" x low 1 "$(rel "$tt")" "$([ "$bt" -gt 0 ] && echo 1 || echo -)"
figure "perft: M nodes a second" "" high - "$(awk -v n="$tn" -v t="$tt" 'BEGIN { printf "%.2f", n / t * 1000 }')" \
       "$([ "$bt" -gt 0 ] && awk -v n="$tn" -v b="$bt" 'BEGIN { printf "%.2f", n / b * 1000 }' || echo -)"
