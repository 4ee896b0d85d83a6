#!/bin/sh
# Exit codes a unit can act on (docs/sysadmin.md, "Exit status"): 2 when a person must act, 75 when a
# later run may do better. A stand-in server (tests/cli/fakeserver.py) refuses the SMTP
# login or drops a TLS connection after its handshake; a port nobody listens on is a
# server that is down.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
pids=""
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; [ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

# fake MODE NAME [CERT KEY]: starts the stand-in server; its port in $port
fake() {
  python3 tests/cli/fakeserver.py "$1" "$tmp/$2.port" ${3:+"$3" "$4"} 2>>"$tmp/fake.log" &
  pids="$pids $!"
  n=0
  while [ ! -s "$tmp/$2.port" ] && [ "$n" -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
  port=$(cat "$tmp/$2.port")
}
# a port on 127.0.0.1 that nobody listens on (a server that is down)
down=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

fake smtp-auth535 auth; auth=$port
# a certificate for 127.0.0.1, its own CA
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
  -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 -keyout "$tmp/key.pem" \
  -out "$tmp/cert.pem" >/dev/null 2>&1
fake tls-drop drop "$tmp/cert.pem" "$tmp/key.pem"; drop=$port

# -- the SMTP login refused while sending: 2 (a person must act), the replies kept
A=$tmp/a
cli_referee "$A" "smtp_url = smtp://referee:wrong@127.0.0.1:$auth" "starttls = no" \
  "connect_timeout = 5" "stall_timeout = 5"
cli_mail alice@example.org "new game" "new chess\nopponent bob@example.org" > "$tmp/new.mbox"
run "$T" process -c "$A/conf" "$tmp/new.mbox"
expect_rc "process, the SMTP login refused" 2
expect_err "process, the SMTP login refused: said" "535"
run "$T" send -c "$A/conf"
expect_rc "send, the SMTP login refused" 2
[ "$(cli_queued "$A/conf")" -eq 2 ] && pass || fail "the login refused: the two replies stay queued"

# -- -n: IMAP down and the SMTP login refused: both said, the worst (2) wins
printf 'imap_url = imap://referee:pw@127.0.0.1:%s\n' "$down" >> "$A/conf"
run "$T" poll -n -c "$A/conf"
expect_rc "-n: IMAP down, SMTP login refused: the worse, 2" 2
expect_out "-n: IMAP down: said" "imap: logging in on imap://referee@127.0.0.1:$down failed"
expect_out "-n: the SMTP login refused: said" "535"
# IMAP down alone: 75
sed -i '/^smtp_url/d' "$A/conf"
run "$T" poll -n -c "$A/conf"
expect_rc "-n: IMAP down alone: 75" 75

# -- a TLS connection dropped right after a good handshake: 75 (try later), not 2
D=$tmp/d
cli_referee "$D" "smtp_url = smtps://127.0.0.1:$drop" "tls_ca_file = $tmp/cert.pem" \
  "imap_url = imaps://referee:pw@127.0.0.1:$drop" "connect_timeout = 5" "stall_timeout = 5"
cp -r "$A/data/outbox" "$D/data/"
run "$T" send -c "$D/conf"
expect_rc "send, the TLS connection dropped after the handshake" 75
run "$T" poll -c "$D/conf"
expect_rc "poll, the TLS connection dropped after the handshake" 75
# the same server without its CA: a certificate a person must see to, 2
sed -i '/^tls_ca_file/d' "$D/conf"
run "$T" send -c "$D/conf"
expect_rc "send, a certificate that does not verify" 2

# -- -n and its checks: a data directory not made yet is said; port 99999 is refused; the
# embedded mode's poll -n fails as poll does
E=$tmp/e
mkdir -p "$E"
printf 'referee_address = referee@tempest.example\nmax_clock_leap_hours = 87600\ndata_dir = %s/none\n' "$E" > "$E/conf"
run "$T" process -n --offline -c "$E/conf"
expect_rc "-n: no data directory yet" 0
expect_out "-n: no data directory yet: said" "does not exist yet: the first run makes it"
printf 'imap_url = imap://127.0.0.1:99999\n' >> "$E/conf"
run "$T" process -n --offline -c "$E/conf"
expect_rc "-n: port 99999" 2
expect_err "-n: port 99999: said" "the port must be a number from 1 to 65535"
mkdir "$E/embedded"
(cd "$E/embedded" && TEMPEST_CONFIG= "$T" poll -n >"$E/out" 2>&1); rc=$?
out=$(cat "$E/out")
expect_rc "poll -n in the embedded mode: 2, as poll" 2
expect_out "poll -n in the embedded mode: said" "imap: no imap_url"
(cd "$E/embedded" && TEMPEST_CONFIG= "$T" poll >/dev/null 2>&1); rc=$?
expect_rc "poll in the embedded mode: 2" 2

# -- a damaged state or journal: 2 on every run (a person must repair or restore it)
for what in json journal; do
  G=$tmp/g$what
  cli_referee "$G"
  cli_game "$G/conf"
  f=$G/data/games/1.$what
  head -c 100 "$f" > "$f.cut" && mv "$f.cut" "$f"
  cli_game_mail 1 alice@example.org "$WT" "e4" > "$tmp/e4.mbox"
  run "$T" process -c "$G/conf" "$tmp/e4.mbox"
  expect_rc "a damaged $what: 2" 2
  expect_err "a damaged $what: named" "1.$what"
  expect_err "a damaged $what: what to do" "repaired or restored from a backup"
  run "$T" process -c "$G/conf" "$tmp/e4.mbox"
  expect_rc "a damaged $what, the next run: 2 again" 2
done

cli_done t_exitcodes
