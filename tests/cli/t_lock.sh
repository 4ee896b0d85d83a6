#!/bin/sh
# The data directory's lock: a run waits at most lock_timeout seconds for another run that
# holds it, then gives up with exit 75 and says who holds it (what the holder wrote in the
# lock file: its pid, since when, its command); a run that takes the lock says so in it.
. tests/cli/lib.sh
tmp=$(mktemp -d)
holder=""
trap '[ -n "$holder" ] && kill "$holder" 2>/dev/null; rm -rf "$tmp"' EXIT
D=$tmp/data; mkdir -p "$D"
cp examples/demo.key "$D/key"; chmod 600 "$D/key"
printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s\nlock_timeout = 2\n' "$D" > "$tmp/conf"
cli_eml alice@example.org hi status > "$tmp/m.eml"

run_in "$tmp/m.eml" "$T" process -c "$tmp/conf"
expect_rc "a run with the lock free" 0
grep -q '^pid [0-9]* since 20[0-9-]*T[0-9:]*Z: tempest process$' "$D/lock" && pass ||
  fail "the run wrote who it is into the lock ($(cat "$D/lock"))"

# another run holds it (as a hung run would: it wrote its line, then never let go)
printf 'pid 4242 since 2026-11-05T10:00:00Z: tempest poll\n' > "$D/lock"
sh -c 'exec 9<>"$1"; flock 9; exec sleep 30' _ "$D/lock" &
holder=$!
# until the holder has the lock (a try without waiting fails), at most 5 s
i=0; while flock -n "$D/lock" true && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
start=$(date +%s)
run_in "$tmp/m.eml" "$T" process -c "$tmp/conf"
took=$(( $(date +%s) - start ))
expect_rc "the lock held: try again later" 75
expect_err "it names the holder" "pid 4242 since 2026-11-05T10:00:00Z: tempest poll"
expect_err "and how long it waited" "gave up after 2 s (lock_timeout)"
[ "$took" -ge 2 ] && [ "$took" -le 5 ] && pass || fail "it waited about lock_timeout (took $took s)"
sed -i 's/lock_timeout = 2/lock_timeout = 0/' "$tmp/conf"
start=$(date +%s)
run_in "$tmp/m.eml" "$T" process -c "$tmp/conf"
expect_rc "lock_timeout = 0: at once" 75
[ $(( $(date +%s) - start )) -le 1 ] && pass || fail "lock_timeout = 0 does not wait"
# the holder goes: a run waiting for it takes over
sed -i 's/lock_timeout = 0/lock_timeout = 20/' "$tmp/conf"
( sleep 1; kill "$holder" ) &
run_in "$tmp/m.eml" "$T" process -c "$tmp/conf"
expect_rc "the holder gone within the wait: the run goes on" 0
holder=""
printf 'lock_timeout = 90000\n' >> "$tmp/conf"
run "$T" process -n --offline -c "$tmp/conf"
expect_rc "lock_timeout out of range" 2
expect_err "lock_timeout out of range: named" "lock_timeout"
cli_done t_lock
