#!/bin/sh
# The configuration file and the exit status, as a sysadmin meets them: comments and
# quotes, every error naming file:line and the key, -n checking the data directory and
# the servers, --dry-run making nothing, 2 for what a person must fix, 75 for what a
# later run fixes, list and show reading only.
. tests/cli/lib.sh
export ASAN_OPTIONS=detect_leaks=1
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
C=$tmp/tempest.conf

conf() {        # conf LINE...: the configuration file, one line per argument
  printf '%s\n' "$@" > "$C"
}

# --- syntax: comments after a value, quotes, escapes, a byte order mark
printf 'machine mail.example.org login ref password x\n' > "$tmp/netrc"; chmod 600 "$tmp/netrc"
conf "referee_address = referee@example.org   # the From: of every reply" \
     "netrc_file = $tmp/netrc  # chmod 600" \
     'referee_name = "Referee #1 of the club"  # quoted: the # is kept' \
     "data_dir = data"
run "$TA" process -n --offline -c "$C"
expect_rc "a comment after a value is no part of it" 0
expect_clean "comments: sanitizers"
run "$T" process -c "$C" "$tmp/none.mbox"
expect_err "a missing mbox is named" "none.mbox"
cli_eml a@example.org hi help > "$tmp/one.eml"
run "$T" process -c "$C" "$tmp/one.eml"
expect_rc "process takes a file of one message" 0
expect_out "the reply goes out From: the quoted name" 'From: Referee #1 of the club <referee@example.org>'
expect_out "... from the address without its comment" 'referee@example.org'
[ -d "$tmp/data/games" ] && pass || fail "a relative data_dir is relative to the configuration file"

conf 'referee_address = "referee@example.org # the referee'
run "$T" process -n --offline -c "$C"
expect_rc "an unclosed quote: exit 2" 2
expect_err "an unclosed quote: file:line and key" \
  "$C:1: referee_address: the value's double quote is not closed"
conf 'referee_address = referee@example.org "the referee"'
run "$T" process -n --offline -c "$C"
expect_err "a quote in a bare value" \
  "$C:1: referee_address: a quote inside a value: put the whole value in double quotes"
conf 'referee_address = "The Referee <referee@example.org>"'
run "$T" process -n --offline -c "$C"
expect_rc "a name in the address: exit 2" 2
expect_err "a name in the address is refused" \
  "$C:1: referee_address: 'The Referee <referee@example.org>' is not a mail address like referee@example.org"
conf 'referee_name = "Ref \"the\" referee"'
run "$T" process -n --offline -c "$C"
expect_err "an escaped quote is read, then refused in a header" \
  "$C:1: referee_name: 'Ref \"the\" referee' holds a quote"
printf '\357\273\277bogus = 1\n' > "$C"
run "$T" process -n --offline -c "$C"
expect_err "a BOM is skipped: the key is named as written" "$C:1: unknown key 'bogus' (tempest.conf(5)"
printf '\357\273\277referee_address = referee@example.org\ndata_dir = data\n' > "$C"
run "$T" process -n --offline -c "$C"
expect_rc "a BOM before a good line" 0

# --- a user's card catalogue (card_catalogue): -n reads it as a game would, naming the
# file, the card and the field at fault; a good one replaces the bundled one of its name
sed 's/"freeze enemy"/"freeze enemy as Q"/' rules/cards/knightmare.json > "$tmp/mycards.json"
conf "referee_address = referee@example.org" "data_dir = data" "card_catalogue = $tmp/mycards.json"
run "$T" process -n --offline -c "$C"
expect_rc "a broken user catalogue: exit 2" 2
expect_out "... the file, the card and the field" \
  "cards: knightmare-cards: $tmp/mycards.json: cards.23.effect: statement 1: 'as': nothing more was expected"
sed 's/"points": 18,/"points": 1,/' rules/cards/knightmare.json > "$tmp/mycards.json"
run "$TA" process -n --offline -c "$C"
expect_rc "a good user catalogue" 0
expect_clean "user catalogue: sanitizers"
conf "referee_address = referee@example.org" "data_dir = data" "card_catalogue = $tmp/none.json"
run "$T" process -n --offline -c "$C"
expect_err "a missing user catalogue is named with its key" "card_catalogue: cannot read $tmp/none.json"

# --- values: every error with file:line and the key
conf "timezone = UTC" "challenge_days = 7" "timezone = Europe/Paris"
run "$T" process -n --offline -c "$C"
expect_rc "a key set twice: exit 2" 2
expect_err "a key set twice" "$C:3: timezone: set again (first on line 1): keep one"
conf "# sizes" "max_message_size = 0"
run "$T" process -n --offline -c "$C"
expect_err "max_message_size = 0" \
  "$C:2: max_message_size: must be a whole number from 1024 to 1073741824, not '0'"
conf "draw_offer_days = 0"
run "$T" process -n --offline -c "$C"
expect_err "days must be > 0" "$C:1: draw_offer_days: must be a whole number from 1 to 366, not '0'"
conf "timezone = Mars/Olympus"
run "$T" process -n --offline -c "$C"
expect_err "a bad time zone names its line" "$C:1: timezone: 'Mars/Olympus' is not a time zone"
conf "smtp_url = mail.example.org"
run "$T" process -n --offline -c "$C"
expect_err "a URL without a scheme" "$C:1: smtp_url: 'mail.example.org' must start with smtps:// or smtp://"
conf "starttls = no" "imap_url = imap://mail.example.org"
run "$T" process -n --offline -c "$C"
expect_rc "plain text to another machine: exit 2" 2
expect_err "plain text to another machine is refused" \
  "$C:2: imap_url: starttls = no would send the password and the mail to mail.example.org unencrypted"
conf "starttls = no" "imap_url = imap://mail.example.org" "allow_plaintext = yes" "data_dir = data"
run "$T" poll -n --offline -c "$C"
expect_rc "allow_plaintext = yes lets it through" 0
conf "starttls = no" "smtp_url = smtp://127.0.0.1:2525" "data_dir = data"
run "$T" process -n --offline -c "$C"
expect_rc "plain text to this machine is fine" 0
conf "tls_ca_file = ca.pem"
run "$T" process -n --offline -c "$C"
expect_err "a missing file names line, key and the path from the file's directory" \
  "$C:1: tls_ca_file: cannot read $tmp/ca.pem"

# --- -n: the servers, the data directory
conf "imap_url = imap://127.0.0.1:1" "data_dir = data" "netrc_file = $tmp/netrc"
run "$T" poll -n -c "$C"
expect_rc "poll -n connects: a server down is 75" 75
expect_out "poll -n names the IMAP failure" "imap: "
run "$T" poll -n --offline -c "$C"
expect_rc "poll -n --offline does not connect" 0
expect_out "--offline says so" "imap: not contacted (--offline)"
# a server whose certificate no CA signed: TLS refused is for a person to fix (2), for -n
# and for a run alike. Port: the one this tree's mail tests use for IMAPS (not both at once).
tls_port=${MS_IMAPS_PORT:-16993}
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 \
  -keyout "$tmp/tls.key" -out "$tmp/tls.pem" 2>/dev/null
openssl s_server -quiet -accept "$tls_port" -cert "$tmp/tls.pem" -key "$tmp/tls.key" \
  </dev/null >/dev/null 2>&1 &
tls_pid=$!
# until the port listens (Linux's table of sockets: state 0A) or the server has exited, as
# when the port is taken; at most 10 s
listening() { cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | grep -q ":$(printf '%04X' "$tls_port") 0*:0000 0A"; }
i=0
while ! listening && kill -0 "$tls_pid" 2>/dev/null && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
if kill -0 "$tls_pid" 2>/dev/null; then
  conf "imap_url = imaps://127.0.0.1:$tls_port" "data_dir = data" "netrc_file = $tmp/netrc" \
       "connect_timeout = 5" "stall_timeout = 5"
  run "$T" poll -n -c "$C"
  expect_rc "poll -n: a certificate no CA signed is exit 2, not 75" 2
  expect_out "... and says so" "certificate"
  run "$T" poll -c "$C"
  expect_rc "poll: a TLS failure is exit 2, not 75" 2
  kill "$tls_pid"; wait "$tls_pid" 2>/dev/null
else
  echo "t_config: port $tls_port busy: the TLS cases were not run" >&2
fi
conf "imap_url = imap://127.0.0.1:1" "data_dir = data" "netrc_file = $tmp/netrc"
chmod 644 "$tmp/netrc"
run "$T" poll -n --offline -c "$C"
expect_rc "a netrc others can read: exit 2" 2
expect_err "a netrc others can read: file:line" "$C:3: netrc_file $tmp/netrc is readable by others"
chmod 600 "$tmp/netrc"
chmod 644 "$tmp/data/key"
run "$T" process -n --offline -c "$C"
expect_rc "a key others can read: exit 2" 2
expect_out "a key others can read" "$tmp/data/key is open to others (mode 0644); chmod 600 it"
run "$T" process -c "$C" "$tmp/one.eml"
expect_rc "... and a run refuses it with 2, not 75" 2
chmod 600 "$tmp/data/key"; chmod 777 "$tmp/data"
run "$T" process -n --offline -c "$C"
expect_out "a data directory anyone can write to" "$tmp/data is writable by every user (mode 0777)"
chmod 700 "$tmp/data"
run "$T" process -n --offline -c "$C"
expect_rc "-n on a good directory" 0
before=$(ls -R "$tmp/data" | md5sum)

# --- --dry-run and -n make nothing
conf "data_dir = fresh"
run "$T" process --dry-run -c "$C" "$tmp/one.eml"
expect_rc "--dry-run without a data directory: exit 2" 2
expect_err "--dry-run says why" "data directory $tmp/fresh does not exist yet, and --dry-run makes nothing"
[ ! -e "$tmp/fresh" ] && pass || fail "--dry-run made the data directory"
conf "data_dir = fresh" "imap_url = imaps://127.0.0.1:1"
run "$T" poll --dry-run -c "$C"
[ ! -e "$tmp/fresh" ] && pass || fail "poll --dry-run made the data directory"
run "$T" new -n -c "$C" chess a@example.org b@example.org
[ ! -e "$tmp/fresh" ] && pass || fail "new -n made the data directory"
conf "data_dir = data"
run "$T" new --dry-run -c "$C" chess a@example.org b@example.org
expect_rc "new --dry-run" 0
[ ! -e "$tmp/data/games/1.json" ] && pass || fail "new --dry-run made a game"
[ "$(ls -R "$tmp/data" | md5sum)" = "$before" ] && pass || fail "new --dry-run changed the data directory"

# --- exit status of the game commands; options after the arguments
run "$T" new -c "$C" tempete a@example.org b@example.org
expect_rc "new makes a game" 0
run "$T" show 1 --json -c "$C"
expect_rc "show GAME --json: a card game in play is refused with 2" 2
expect_err "... and says why" "add --secrets to print it"
run "$T" show 1 --json --secrets -c "$C"
expect_rc "options after the game number" 0
expect_out "show --json prints the state" '"variant": "tempete"'
run "$T" new -c "$C" chess c@example.org d@example.org
echo '{ broken' > "$tmp/data/games/2.json"
rm -f "$tmp/data/lock"
run "$T" list -c "$C"
expect_rc "list: a broken state file is exit 1" 1
expect_out "list still lists the others" "tempete"
expect_err "list names the broken one" "tempest list: game 2: "
[ ! -e "$tmp/data/lock" ] && pass || fail "list took the write lock"
# as another user (root runs the tests: drop to nobody): list reads a data directory it
# cannot write to; a run as someone other than the owner is refused before it makes files
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
  ro=$(mktemp -d /tmp/tempest-ro.XXXXXX)
  cp -r "$tmp/data" "$ro/data"; cp "$C" "$ro/conf"; rm -f "$ro/data/games/2.json"
  chmod -R a+rX "$ro"; chmod 600 "$ro/data/key"
  nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
  run nobody "$T" list -c "$ro/conf"
  expect_rc "list on a data directory it cannot write to" 0
  expect_out "... lists the games" "tempete"
  run nobody "$T" process -c "$ro/conf" "$tmp/one.eml"
  expect_rc "a run as another user than the owner: exit 2" 2
  expect_err "... says whose directory it is" "$ro/data belongs to root, not to nobody who runs this"
  rm -rf "$ro"
fi
conf "data_dir = data" "templates_dir = nowhere"
run "$T" process -c "$C" "$tmp/one.eml"
expect_rc "missing templates: exit 2, not 75" 2
expect_err "missing templates are named" "$tmp/nowhere"

# --- the shipped example is a valid configuration (its data directory is not made)
run "$T" process -n --offline -c config/tempest.conf.example
expect_rc "config/tempest.conf.example passes -n" 0
[ ! -e config/tempest-data ] && pass || fail "-n made the example's data directory"

# --- the version, from one place
run "$T" --version
expect_out "--version" "tempest $(cat VERSION)"

cli_done t_config
