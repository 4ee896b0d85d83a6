#!/bin/sh
# A kill before and after every file-system call of a scripted run, then a normal run: the
# result of a clean run. The run is a batch of mails over three games (moves, two
# challenges, an acceptance, a mail about no game, a repeated mail); tests/kill/killshim.c,
# loaded with LD_PRELOAD, counts the run's calls (open, write, fsync, rename, unlink, ... and
# their stdio forms, the replies written to standard output among them) and kills the
# process with SIGKILL before or after the N-th. After each kill and the run that follows:
#   - the same game states (hashes), game logs and journals as the clean run;
#   - nothing sent that was not committed: a reply out before the kill is recorded in the
#     killed directory's game journals or other.mbox;
#   - no reply the clean run does not send (no stale invitation, no leaked token), and every
#     reply of the clean run sent; the only duplicates are replies already out before the
#     kill (the embedded mode's "accepted by the server"), counted and printed;
#   - nothing left in the outbox, no temporary file left behind.
# KILL_SWEEP=full aims at every call (make check-long); otherwise about KILL_CASES (40)
# calls spread over the run, before and after each.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
SHIM=${KILL_SHIM:-$(pwd)/build/killshim.so}
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
if [ ! -f "$SHIM" ]; then
  echo "t_killall: no $SHIM (make $SHIM)"; echo "t_killall: 0 passed, 1 failed"; exit 1
fi
copy() { rm -rf "$2"; cp -r "$1" "$2"; sed -i "s|$1|$2|" "$2/conf"; }
ids() { grep '^Message-ID: ' "$@" | sed 's/^Message-ID: //; s/\r$//' | sort; }
hashes() {
  for g in $(ls "$1/data/games" | sed -n 's/\.json$//p' | sort -n); do
    printf '%s ' "$g"; "$T" show -c "$1/conf" --json "$g" | sed -n 's/.*"hash": "\(.*\)".*/\1/p'
  done
}
logs() {
  for f in "$1"/data/games/*.mbox; do
    printf '%s: ' "${f##*/}"; grep '^X-Tempest-Key: ' "$f" | tr '\n' ' '; echo
  done
  for f in "$1"/data/games/*.journal; do printf '%s: ' "${f##*/}"; cli_journal "$f"; done
}

W=$tmp/w
cli_referee "$W"
cli_game "$W/conf"

B=$tmp/batch.mbox
cli_game_mail 1 alice@example.org "$WT" "e4" > "$tmp/m1"
cat "$tmp/m1" > "$B"
cli_mail carol@example.org "a game?" "new chess\nopponent dave@example.org" >> "$B"
cli_game_mail 1 bob@example.org "$BT" "e5" >> "$B"
cli_mail mallory@evil.example "hello" "what is this?" >> "$B"
cli_game_mail 1 alice@example.org "$WT" "Nf3" >> "$B"
cat "$tmp/m1" >> "$B"
cli_mail erin@example.org "another game" "new chess\nopponent frank@example.org" >> "$B"
cli_game_mail 1 bob@example.org "$BT" "Nc6\ntimezone Europe/Paris" >> "$B"

C=$tmp/clean; copy "$W" "$C"
KILL_COUNT=$tmp/count LD_PRELOAD=$SHIM "$T" process -c "$C/conf" "$B" > "$tmp/clean.out" 2>/dev/null
rc=$?; expect_rc "the clean run under the shim" 0
total=$(cat "$tmp/count" 2>/dev/null || echo 0)
[ "$total" -gt 50 ] && pass || fail "the shim counted the run's calls ($total)"
clean_ids=$(ids "$tmp/clean.out")
clean_states=$(hashes "$C")
clean_logs=$(logs "$C")
[ "$(printf '%s\n' "$clean_ids" | grep -c .)" -ge 12 ] && pass || fail "the clean run sends its replies"

if [ "${KILL_SWEEP:-}" = full ]; then step=1; else step=$(( (total + ${KILL_CASES:-40} - 1) / ${KILL_CASES:-40} )); fi
cases=0; dups=0; problems=0
at=1
while [ "$at" -le "$total" ]; do
  for when in before after; do
    K=$tmp/k; copy "$W" "$K"
    KILL_AT=$at KILL_WHEN=$when LD_PRELOAD=$SHIM "$T" process -c "$K/conf" "$B" \
      > "$tmp/killed.out" 2>/dev/null
    krc=$?
    what="kill $when call $at of $total"
    cases=$((cases + 1))
    before_ids=$(ids "$tmp/killed.out")
    # what went out before the kill was committed
    for id in $before_ids; do
      bare=${id#<}; bare=${bare%>}
      grep -qF -- "\"$bare\"" "$K"/data/games/*.journal 2>/dev/null ||
        grep -qF -- "$id" "$K/data/other.mbox" 2>/dev/null ||
        { fail "$what: $id sent but not committed"; problems=$((problems + 1)); }
    done
    "$T" process -c "$K/conf" "$B" > "$tmp/after.out" 2>"$tmp/after.err"
    arc=$?
    [ "$arc" -eq 0 ] || { fail "$what: the run after exits $arc: $(head -c 300 "$tmp/after.err")"; problems=$((problems + 1)); }
    got=$( { cat "$tmp/killed.out" "$tmp/after.out"; } | ids)
    d=$(printf '%s\n' "$got" | uniq -d | grep -c .)
    dups=$((dups + d))
    for id in $(printf '%s\n' "$got" | uniq -d); do
      printf '%s\n' "$before_ids" | grep -qxF -- "$id" ||
        { fail "$what: $id sent twice, not before the kill"; problems=$((problems + 1)); }
    done
    [ "$(printf '%s\n' "$got" | uniq)" = "$clean_ids" ] ||
      { fail "$what: the replies differ from a clean run's"; problems=$((problems + 1)); }
    [ "$(hashes "$K")" = "$clean_states" ] ||
      { fail "$what: the states differ from a clean run's"; problems=$((problems + 1)); }
    [ "$(logs "$K")" = "$clean_logs" ] ||
      { fail "$what: the game logs or journals differ"; problems=$((problems + 1)); }
    left=$(find "$K/data" \( -path '*/outbox/*.eml' -o -path '*/outbox/*.spool' -o \
      -path '*/outbox/*.sent' -o -path '*/outbox/*.index' -o -name '*.tmp*' \) | head -3)
    [ -z "$left" ] || { fail "$what: left behind: $left"; problems=$((problems + 1)); }
    [ "$krc" -eq 137 ] || [ "$krc" -eq 0 ] ||
      { fail "$what: the killed run exits $krc"; problems=$((problems + 1)); }
  done
  at=$((at + step))
done
[ "$problems" -eq 0 ] && pass || fail "$problems problems in $cases kills"

# -- the players' registry: the batch's last mail (bob's Nc6 with a time zone) changes it;
# it is written beside the one in place before the first barrier and put in place with that
# mail's commit, after every other mail's. A kill at each point from the first barrier to
# the last: never the registry changed without its mail committed, and the run after ends
# as a clean run, with the clean run's registry
rkey=$(grep '^Message-ID: ' "$B" | tail -n 1 | sed 's/^Message-ID: <\(.*\)>.*/\1/')
clean_tz=$(grep -c 'Europe/Paris' "$C/data/players.json")
[ "$clean_tz" -ge 1 ] && pass || fail "the clean run: the time zone in the registry"
for point in before-save mid-save after-commit mid-seen registry-before registry-state \
    registry-placed before-queue; do
  K=$tmp/r-$point; copy "$W" "$K"
  TEMPEST_FAULT=$point "$T" process -c "$K/conf" "$B" > "$tmp/killed.out" 2>/dev/null
  krc=$?
  [ "$krc" -eq 137 ] && pass || fail "registry, $point: the run was killed (exit $krc)"
  if grep -q 'Europe/Paris' "$K/data/players.json" 2>/dev/null; then
    "$T" show -c "$K/conf" --json 1 | grep -qF "\"$rkey\"" && pass ||
      fail "registry, $point: the registry changed, its mail not committed"
  fi
  "$T" process -c "$K/conf" "$B" > "$tmp/after.out" 2>/dev/null
  [ "$?" -eq 0 ] && pass || fail "registry, $point: the run after"
  got=$( { cat "$tmp/killed.out" "$tmp/after.out"; } | ids | uniq)
  [ "$got" = "$clean_ids" ] && pass || fail "registry, $point: the replies of a clean run"
  [ "$(hashes "$K")" = "$clean_states" ] && pass || fail "registry, $point: the states of a clean run"
  [ "$(logs "$K")" = "$clean_logs" ] && pass || fail "registry, $point: the logs of a clean run"
  [ "$(grep -c 'Europe/Paris' "$K/data/players.json")" = "$clean_tz" ] && pass ||
    fail "registry, $point: the registry of a clean run"
  [ ! -e "$K/data/players.json.staged" ] && pass || fail "registry, $point: nothing left staged"
done

# -- a challenge killed after its invitation was written, before its game was saved; the
# next run brings another challenge, which takes that game number: the dead challenge's
# invitation (and its token) must never go out, nor anything else of it
for point in after-outbox before-save; do
  S=$tmp/stale-$point; copy "$W" "$S"
  cli_mail carol@example.org "a game?" "new chess\nopponent dave@example.org" > "$tmp/x.mbox"
  cli_mail erin@example.org "another game" "new chess\nopponent frank@example.org" > "$tmp/y.mbox"
  TEMPEST_FAULT=$point "$T" process -c "$S/conf" "$tmp/x.mbox" > "$tmp/x.out" 2>/dev/null
  run "$T" process -c "$S/conf" "$tmp/y.mbox"
  expect_rc "$point: the next challenge" 0
  case $out in *"To: dave@example.org"*|*"To: carol@example.org"*)
    fail "$point: a reply of the killed challenge went out" ;; *) pass ;; esac
  expect_out "$point: the next challenge's invitation" "To: frank@example.org"
  [ -z "$(cat "$tmp/x.out")" ] && pass || fail "$point: nothing out before the kill"
  [ -z "$(ls "$S/data/outbox/staged")" ] && pass || fail "$point: nothing left staged"
done
echo "t_killall: $cases kills at $((cases / 2)) of $total calls; $dups replies sent twice, each already out before its kill" >&2

# -- batches that create games and change the registry in them, at batch sizes 4000, 7
# and 1: challenges, a stranger's help (the day's answers), a robot's mail (a seen mark
# alone), a stranger's prose (other.mbox), moves, an acceptance with a time zone in a
# game the same batch made (at 4000 that game is held back until the registry is
# committed, after a later game is placed), a player's mail with no order, an
# acceptance with a vacation. Killed before and after file-system calls across the run
# and at every named point, then run again: the end equal to a clean run's — states,
# logs and journals, replies (each once but those out before the kill), the registry,
# the day's counts (DATA/quota/), the seen marks (each once), the created/ notes,
# other.mbox — and the counts of games lost, replies sent twice, replies sent
# uncommitted and runs that end corrupt (state or log unlike a clean run's) are 0.
quota() {       # the counts table's rows, each texts file's hashes (not the batches' names)
  for f in $(ls "$1/data/quota" 2>/dev/null | grep -v '\.staged$' | sort); do
    printf '%s: ' "$f"; grep -v '^batch ' "$1/data/quota/$f" | tr '\n' ' '; echo
  done
}
marks() { cat "$1"/data/seen/*.log 2>/dev/null | sort | uniq -c; }
notes() { cat "$1"/data/created/*.log 2>/dev/null | sort; }
other() { grep '^X-Tempest-Key: ' "$1/data/other.mbox" 2>/dev/null; }
P=$tmp/pre; copy "$W" "$P"
cli_mail carol@example.org "a game?" "new chess\nopponent dave@example.org" > "$tmp/c1"
cli_mail erin@example.org "another game" "new chess\nopponent frank@example.org" > "$tmp/c2"
cat "$tmp/c1" "$tmp/c2" > "$tmp/pre.mbox"
"$T" process -c "$P/conf" "$tmp/pre.mbox" > "$tmp/pre.out" 2>/dev/null
DT=$(sed -n 's/^Subject: \[tempest 2 \([a-z0-9]*\)\] carol.*/\1/p' "$tmp/pre.out")
FT=$(sed -n 's/^Subject: \[tempest 3 \([a-z0-9]*\)\] erin.*/\1/p' "$tmp/pre.out")
[ -n "$DT" ] && [ -n "$FT" ] && pass || fail "(the invitations' tokens)"
G=$tmp/create.mbox
cat "$tmp/c1" "$tmp/c2" > "$G"
cli_mail nosy@example.net "how?" "help" >> "$G"
cli_mail alice@example.org "Re: [tempest 1 $WT] game 1" "e4" >> "$G"
{ printf 'From robot@example.net Thu Nov  5 10:59:00 2026\n'
  cli_eml robot@example.net "Re: your mail" "I am away." "Auto-Submitted: auto-replied"; echo; } >> "$G"
cli_mail mallory@evil.example "hello" "what is this?" >> "$G"
cli_mail bob@example.org "Re: [tempest 1 $BT] game 1" "e5" >> "$G"
cli_mail dave@example.org "Re: [tempest 2 $DT] invitation" "accept\ntimezone Europe/Berlin" >> "$G"
cli_mail bob@example.org "Re: [tempest 1 $BT] game 1" "Thanks, a fine opening." >> "$G"
cli_mail frank@example.org "Re: [tempest 3 $FT] invitation" "accept\nvacation 3 days" >> "$G"
# one end state, as these functions print it
ends() { hashes "$1"; logs "$1"; quota "$1"; marks "$1"; notes "$1"; other "$1"; cat "$1/data/players.json"; }
for size in 4000 7 1; do
  B0=$tmp/b$size; copy "$W" "$B0"; echo "batch_size = $size" >> "$B0/conf"
  C=$tmp/c$size; copy "$B0" "$C"
  KILL_COUNT=$tmp/count LD_PRELOAD=$SHIM "$T" process -c "$C/conf" "$G" > "$tmp/clean.out" 2>/dev/null
  total=$(cat "$tmp/count" 2>/dev/null || echo 0)
  clean_ids=$(ids "$tmp/clean.out"); clean_end=$(ends "$C")
  "$T" list -c "$C/conf" | grep -q '^ *2 .*playing' && pass || fail "size $size: the clean run starts game 2"
  step=1
  [ "${KILL_SWEEP:-}" = full ] || step=$(( (total + ${KILL_CREATE_CASES:-16} - 1) / ${KILL_CREATE_CASES:-16} ))
  lost=0; double=0; uncommitted=0; corrupt=0; kills=0
  # the calls sampled, then the named points
  points=""; at=1
  while [ "$at" -le "$total" ]; do points="$points $at:before $at:after"; at=$((at + step)); done
  for f in after-outbox mid-batch before-save mid-save after-commit mid-seen registry-before \
      registry-state registry-placed before-queue mid-quota; do points="$points $f"; done
  for pt in $points; do
    K=$tmp/k; copy "$B0" "$K"
    case $pt in
      *:*) KILL_AT=${pt%:*} KILL_WHEN=${pt#*:} LD_PRELOAD=$SHIM "$T" process -c "$K/conf" "$G" \
             > "$tmp/killed.out" 2>/dev/null ;;
      *) TEMPEST_FAULT=$pt "$T" process -c "$K/conf" "$G" > "$tmp/killed.out" 2>/dev/null ;;
    esac
    kills=$((kills + 1))
    before_ids=$(ids "$tmp/killed.out")
    for id in $before_ids; do
      bare=${id#<}; bare=${bare%>}
      grep -qF -- "\"$bare\"" "$K"/data/games/*.journal 2>/dev/null ||
        grep -qF -- "$id" "$K/data/other.mbox" 2>/dev/null || uncommitted=$((uncommitted + 1))
    done
    "$T" process -c "$K/conf" "$G" > "$tmp/after.out" 2>/dev/null || corrupt=$((corrupt + 1))
    got=$( { cat "$tmp/killed.out" "$tmp/after.out"; } | ids)
    for id in $(printf '%s\n' "$got" | uniq -d); do
      printf '%s\n' "$before_ids" | grep -qxF -- "$id" || double=$((double + 1))
    done
    for id in $clean_ids; do
      printf '%s\n' "$got" | grep -qxF -- "$id" || lost=$((lost + 1))
    done
    end=$(ends "$K")
    if [ "$end" != "$clean_end" ]; then
      corrupt=$((corrupt + 1))
      fail "size $size, kill at $pt: the end differs from a clean run's"
      if [ -n "${VERBOSE:-}" ]; then
        printf '%s\n' "$clean_end" > "$tmp/want"; printf '%s\n' "$end" > "$tmp/got"
        diff "$tmp/want" "$tmp/got" >&2
      fi
    fi
  done
  echo "t_killall: batch size $size: $kills kills ($total calls): $lost lost, $double double, $uncommitted uncommitted, $corrupt corrupt" >&2
  [ "$lost$double$uncommitted$corrupt" = 0000 ] && pass ||
    fail "size $size: $lost lost, $double double, $uncommitted uncommitted, $corrupt corrupt"
done
cli_done t_killall
