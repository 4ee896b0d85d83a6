#!/bin/sh
# --dry-run writes nothing at all: the data directory is opened read-only (no directory,
# key or lock made; an existing lock taken shared, not rewritten), so that an upgrade can
# be tried first on the data directory of an earlier release (tests/fixtures/).
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

# snap DIR: every path with its size, time and mode, and every file's sum
snap() {
  (cd "$1" && find . -printf '%p %s %T@ %m\n' | sort && find . -type f -exec sha256sum {} + | sort)
}

# fixture NAME DIR: a data directory holding the fixture (the first release's game 1, or
# the data directory the release before the spooled outbox left)
fixture() {
  cli_referee "$2" "max_replies_per_sender = 100"
  case $1 in
    v2-outbox) cp -r tests/fixtures/v2-outbox/data/. "$2/data/" ;;
    *) mkdir -p "$2/data/games"; cp "tests/fixtures/$1/1.json" "tests/fixtures/$1/1.mbox" "$2/data/games/" ;;
  esac
}

for fx in v1-chess v1-tempete v2-outbox; do
  D=$tmp/$fx
  fixture "$fx" "$D"
  case $fx in
    v1-tempete) mails=tests/fixtures/v1-tempete/followups.mbox ;;
    v2-outbox) mails=tests/fixtures/v2-outbox/challenge.mbox ;;
    *) mails=/dev/null ;;
  esac
  snap "$D" > "$tmp/before"
  run "$TA" process --dry-run -c "$D/conf" "$mails"
  expect_rc "$fx: process --dry-run" 0; expect_clean "$fx: process --dry-run"
  [ "$fx" = v1-chess ] || expect_out "$fx: the mails that would be sent are printed" "Subject: "
  run "$TA" tick --dry-run -c "$D/conf"
  expect_rc "$fx: tick --dry-run" 0
  run "$TA" new --dry-run -c "$D/conf" chess x@example.org y@example.org
  expect_rc "$fx: new --dry-run" 0
  run "$TA" adjust --dry-run -c "$D/conf" 1 extend white 2d
  [ "$rc" -eq 0 ] || [ "$rc" -eq 1 ] && pass || fail "$fx: adjust --dry-run"
  snap "$D" > "$tmp/after"
  cmp -s "$tmp/before" "$tmp/after" && pass || fail "$fx: --dry-run wrote nothing ($(diff "$tmp/before" "$tmp/after" | head -3))"
  # the upgrade itself, after its dry run, gives the same mails
  if [ "$fx" != v1-chess ]; then
    run "$T" process --dry-run -c "$D/conf" "$mails"
    dry=$(printf '%s\n' "$out" | grep -c '^Subject: ')
    run "$T" process -c "$D/conf" "$mails"
    expect_rc "$fx: the upgrade itself" 0
    [ "$(printf '%s\n' "$out" | grep -c '^Subject: ')" -ge "$dry" ] && pass ||
      fail "$fx: the upgrade sends what its dry run showed ($dry)"
  fi
done

# a lock file there already: taken shared, not rewritten
D=$tmp/locked
cli_referee "$D"
cli_game "$D/conf"
printf 'pid 1 since then: an old run\n' > "$D/data/lock"
snap "$D" > "$tmp/before"
run "$T" process --dry-run -c "$D/conf" /dev/null
expect_rc "a lock there: --dry-run" 0
snap "$D" > "$tmp/after"
cmp -s "$tmp/before" "$tmp/after" && pass || fail "a lock there: not rewritten"
# a data directory not made yet: a dry run makes nothing and says so
printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/none\n' "$tmp" > "$tmp/none.conf"
run "$T" process --dry-run -c "$tmp/none.conf" /dev/null
expect_rc "no data directory: --dry-run" 2
[ ! -e "$tmp/none" ] && pass || fail "no data directory: none made"

cli_done t_dryrun
