#!/bin/sh
# A tournament's work killed anywhere (tests/cli/t_killall.sh's way): a scripted run of a
# rolling tournament of three — a mate that ends its first game (the result posted, rated,
# the standings mailed) and the third entry in the same batch (two games started at once,
# the entry closed, the next tournament opened) — killed before and after each of its
# file-system calls (tests/kill/killshim.c), and at each of its named fault points, then
# run again: each time the clean run's game states, tournament states, ratings, logs and
# replies; nothing sent that its killed run had not committed; nothing left behind.
# KILL_SWEEP=full aims at every call; otherwise about KILL_CASES (30) of them.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
SHIM=${KILL_SHIM:-$(pwd)/build/killshim.so}
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
if [ ! -f "$SHIM" ]; then
  echo "t_tournament_kill: no $SHIM (make $SHIM)"; echo "t_tournament_kill: 0 passed, 1 failed"; exit 1
fi
copy() { rm -rf "$2"; cp -r "$1" "$2"; sed -i "s|$1|$2|" "$2/conf"; }
ids() { grep '^Message-ID: ' "$@" | sed 's/^Message-ID: //; s/\r$//' | sort; }
state() {       # every game's and tournament's hash, the ratings, the logs' keys
  d=$1/data
  for g in $(ls "$d/games" | sed -n 's/\.json$//p' | sort -n); do
    printf 'game %s ' "$g"; "$T" show -c "$1/conf" --json "$g" | sed -n 's/.*"hash": "\(.*\)".*/\1/p'
  done
  for t in $(ls "$d/tournaments" | sed -n 's/\.json$//p' | sort -n); do
    printf 'tournament %s ' "$t"
    "$T" tournament show -c "$1/conf" --json "$t" | tr -d '\n ' |
      sed 's/.*"sent":\(\[[^]]*\]\).*"hash":"\([0-9a-f]*\)".*/\2 \1/'
    echo
    printf 'log %s ' "$t"; grep '^X-Tempest-Key: ' "$d/tournaments/$t.mbox" | tr '\n' ' '; echo
  done
  "$T" ratings -c "$1/conf"
  for f in "$d"/games/*.mbox; do
    printf '%s: ' "${f##*/}"; grep '^X-Tempest-Key: ' "$f" | tr '\n' ' '; echo
  done
  ls "$d/tournaments/pending" 2>/dev/null | tr '\n' ' '
}
tok() {         # tok GAME ADDRESS: the code of the referee's mails to ADDRESS about GAME
  tr -d '\r' < "$tmp/setup.out" | awk -v to="$2" -v g="$1" '/^To: / { who = $2 }
    /^Subject: \[tempest [0-9]+ [a-z2-7]+\]/ && who == to && $3 == g {
      t = $4; sub(/\]/, "", t); print t; exit }'
}

# -- the tournament, two entrants in, their game under way: 1. f3 e5 2. g4
W=$tmp/w
cli_referee "$W" "max_replies_per_sender = 1000"
"$T" tournament new -c "$W/conf" --rolling --players 3 --name "Kill Cup" chess > "$tmp/setup.out"
cli_mail alice@example.org "entry" "join tournament 1" > "$tmp/s.mbox"
cli_mail bob@example.org "entry" "join tournament 1" >> "$tmp/s.mbox"
"$T" process -c "$W/conf" "$tmp/s.mbox" >> "$tmp/setup.out"
"$T" tournament show -c "$W/conf" --json 1 > "$tmp/t.json"
set -- $(python3 tests/cli/tournament/games.py "$tmp/t.json" alice@example.org bob@example.org)
white=$2 black=$3
: > "$tmp/p.mbox"
for m in "$white f3" "$black e5" "$white g4"; do
  set -- $m
  cli_mail "$1" "Re: [tempest 1 $(tok 1 "$1")] game 1" "$2" >> "$tmp/p.mbox"
done
"$T" process -c "$W/conf" "$tmp/p.mbox" > /dev/null
B=$tmp/batch.mbox
cli_mail "$black" "Re: [tempest 1 $(tok 1 "$black")] game 1" "Qh4#" > "$B"
cli_mail carol@example.org "entry" "join tournament 1" >> "$B"
cli_mail dave@example.org "entry" "join tournament 2" >> "$B"

C=$tmp/clean; copy "$W" "$C"
KILL_COUNT=$tmp/count LD_PRELOAD=$SHIM "$T" process -c "$C/conf" "$B" > "$tmp/clean.out" 2>/dev/null
rc=$?; expect_rc "the clean run under the shim" 0
total=$(cat "$tmp/count" 2>/dev/null || echo 0)
[ "$total" -gt 100 ] && pass || fail "the shim counted the run's calls ($total)"
clean_ids=$(ids "$tmp/clean.out")
clean=$(state "$C")
case $clean in *"tournament 2 "*"log 2 "*"bob@example.org"*) pass ;;
  *) fail "the clean run: the next tournament, the ratings: $clean" ;; esac
grep -q "the standings after 1 of 3 games" "$tmp/clean.out" && pass || fail "the clean run mails the standings"
[ "$(grep -c '^Subject: .*game [0-9]* begins' "$tmp/clean.out")" -eq 4 ] && pass ||
  fail "the clean run starts carol's two games"

# check WHAT KILLED-OUT: the run after, and everything as the clean run left it
problems=0
check_after() {
  what=$1 killed=$2
  for id in $(ids "$killed"); do
    bare=${id#<}; bare=${bare%>}
    grep -qF -- "\"$bare\"" "$K"/data/games/*.journal "$K"/data/tournaments/*.json 2>/dev/null ||
      grep -qF -- "$id" "$K/data/other.mbox" 2>/dev/null ||
      { fail "$what: $id sent but not committed"; problems=$((problems + 1)); }
  done
  "$T" process -c "$K/conf" "$B" > "$tmp/after.out" 2>"$tmp/after.err"
  arc=$?
  [ "$arc" -eq 0 ] || { fail "$what: the run after exits $arc: $(head -c 300 "$tmp/after.err")"; problems=$((problems + 1)); }
  got=$( { cat "$killed" "$tmp/after.out"; } | ids)
  before=$(ids "$killed")
  for id in $(printf '%s\n' "$got" | uniq -d); do
    printf '%s\n' "$before" | grep -qxF -- "$id" ||
      { fail "$what: $id sent twice, not before the kill"; problems=$((problems + 1)); }
  done
  [ "$(printf '%s\n' "$got" | uniq)" = "$clean_ids" ] ||
    { fail "$what: the replies differ from a clean run's: $(printf '%s\n' "$got" | uniq | diff - /dev/stdin <<EOF2
$clean_ids
EOF2
)"; problems=$((problems + 1)); }
  now=$(state "$K")
  [ "$now" = "$clean" ] ||
    { fail "$what: the states differ: $(printf '%s\n' "$now" | diff - /dev/stdin <<EOF2
$clean
EOF2
)"; problems=$((problems + 1)); }
  left=$(find "$K/data" \( -path '*/outbox/*.eml' -o -path '*/outbox/*.spool' -o \
    -path '*/outbox/*.sent' -o -name '*.tmp*' \) | head -3)
  [ -z "$left" ] || { fail "$what: left behind: $left"; problems=$((problems + 1)); }
}

if [ "${KILL_SWEEP:-}" = full ]; then step=1; else step=$(( (total + ${KILL_CASES:-30} - 1) / ${KILL_CASES:-30} )); fi
cases=0
at=1
while [ "$at" -le "$total" ]; do
  for when in before after; do
    K=$tmp/k; copy "$W" "$K"
    KILL_AT=$at KILL_WHEN=$when LD_PRELOAD=$SHIM "$T" process -c "$K/conf" "$B" \
      > "$tmp/killed.out" 2>/dev/null
    cases=$((cases + 1))
    check_after "kill $when call $at of $total" "$tmp/killed.out"
  done
  at=$((at + step))
done
# the named points of a tournament's commit, and of its work
for point in tournament-staged tournament-logged tournament-saved tournament-posted \
    tournament-mid-start; do
  K=$tmp/f; copy "$W" "$K"
  TEMPEST_FAULT=$point "$T" process -c "$K/conf" "$B" > "$tmp/killed.out" 2>/dev/null
  krc=$?
  [ "$krc" -eq 137 ] && pass || fail "$point: the run was killed (exit $krc)"
  check_after "at $point" "$tmp/killed.out"
  cases=$((cases + 1))
done
[ "$problems" -eq 0 ] && pass || fail "$problems problems in $cases kills"
echo "t_tournament_kill: $cases kills ($total calls)" >&2
cli_done t_tournament_kill
