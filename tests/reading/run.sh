#!/bin/sh
# The reading corpus (issue 22; docs/testing.md): real-looking mails, each with what the
# referee must do with it. tests/reading/fixtures/NAME.mbox are the games the cases start
# from, each played once into a scratch directory; each case (cases/NNN-name.eml, and its
# cases/NNN-name.expect) gets a copy of its fixture and one `tempest process` of its mail;
# expect.py then compares the states, the registry and the mails written with the .expect.
# Usage: run.sh [TEMPEST [CASE...]]   (CASE: a case's name or number prefix, e.g. 042)
# The last line is "reading: N passed, M failed"; the exit status 1 if any failed.
set -u
T=${1:-./tempest}
[ $# -gt 0 ] && shift
case $T in /*) ;; *) T=$PWD/$T ;; esac
R=$PWD/tests/reading
# the fixtures are played at noon; the cases, dated that afternoon, are read in the evening
export TEMPEST_NOW=2026-11-05T12:00:00Z
export TEMPEST_RULES_DIR="${TEMPEST_RULES_DIR:-$PWD/rules}"
export TEMPEST_TEMPLATES_DIR="${TEMPEST_TEMPLATES_DIR:-$PWD/templates}"
# a tmpfs when there is one: every run syncs its data directory (syncfs), free there
scratch=${TMPDIR:-/tmp}
[ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] && scratch=/dev/shm
work=$(mktemp -d "$scratch/reading.XXXXXX") || exit 2
trap '[ -n "${KEEP:-}" ] && echo "kept $work" >&2 || rm -rf "$work"' EXIT
mkdir -p "$work/fx" "$work/c" "$work/cases"

# the cases to run: all, or those named on the command line
if [ $# -eq 0 ]; then
  cp "$R"/cases/*.expect "$R"/cases/*.eml "$work/cases/"
else
  for c in "$@"; do cp "$R"/cases/"$c"*.expect "$R"/cases/"$c"*.eml "$work/cases/" || exit 2; done
fi

# a referee's directory: the demo key, a configuration whose data_dir is beside it, so
# that a copy of the directory is a referee of its own
referee() {
  mkdir -p "$1/data"
  cp examples/demo.key "$1/data/key"
  chmod 600 "$1/data/key"
  { echo 'referee_address = referee@tempest.example'; echo 'max_clock_leap_hours = 87600'; echo 'referee_name = Tempest referee'
    echo 'data_dir = data'; } > "$1/conf"
}

for fx in $(sed -n 's/^fixture: *//p' "$work"/cases/*.expect | sort -u); do
  d=$work/fx/$fx
  referee "$d"
  if [ ! -f "$R/fixtures/$fx.mbox" ]; then
    echo "fixture $fx: no tests/reading/fixtures/$fx.mbox" >&2
    continue
  fi
  [ -s "$R/fixtures/$fx.mbox" ] || continue
  if ! "$T" process -c "$d/conf" "$R/fixtures/$fx.mbox" > "$d/out" 2> "$d/err"; then
    echo "fixture $fx: tempest process failed: $(head -c 300 "$d/err")" >&2
  fi
done

for e in "$work"/cases/*.expect; do
  name=$(basename "$e" .expect)
  fx=$(sed -n 's/^fixture: *//p' "$e")
  [ -f "$work/cases/$name.eml" ] && [ -n "$fx" ] && [ -d "$work/fx/$fx" ] || continue
  d=$work/c/$name
  cp -R "$work/fx/$fx" "$d"
  TEMPEST_NOW=2026-11-05T20:00:00Z \
    "$T" process -c "$d/conf" "$work/cases/$name.eml" > "$d/out" 2> "$d/err"
  echo $? > "$d/rc"
done

python3 "$R/expect.py" "$T" "$work" "$work/cases"
