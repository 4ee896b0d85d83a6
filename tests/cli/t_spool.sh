#!/bin/sh
# The spooled outbox: a batch's replies are records of one file (DIR/outbox/ID.spool), each
# with its length and sum, sent in order and marked sent in ID.sent; the spool and its
# marks go with the last record. A data directory whose outbox the previous release wrote,
# a file a reply (tests/fixtures/v2-outbox), is sent and settled as that release did.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
ids() { printf '%s\n' "$out" | grep '^Message-ID: ' | sort; }
subjects() { printf '%s\n' "$out" | sed -n 's/^Subject: //p'; }

# -- the previous release's outbox: queued files sent, staged files settled
O=$tmp/old
cli_referee "$O" "max_replies_per_sender = 100"
cp -r tests/fixtures/v2-outbox/data/. "$O/data/"
run "$TA" send -c "$O/conf"
expect_rc "old outbox: send" 0; expect_clean "old outbox: send"
[ "$(subjects | grep -c 'game 1 begins')" -eq 2 ] && [ "$(ids | wc -l)" -eq 2 ] && pass ||
  fail "old outbox: the two queued files sent, nothing else"
[ "$(cli_queued "$O/conf")" -eq 0 ] && pass || fail "old outbox: nothing left queued"
run "$TA" process -v -c "$O/conf" tests/fixtures/v2-outbox/challenge.mbox
expect_rc "old outbox: the next run" 0
[ "$(subjects | grep -c '1\. e4')" -eq 2 ] && pass || fail "old outbox: the committed e4 notices sent"
expect_err "old outbox: the staged files settled" "2 staged replies of committed work queued, 2 of uncommitted work dropped"
[ "$(printf '%s\n' "$out" | grep -c '^To: dave@example.org')" -eq 1 ] && pass ||
  fail "old outbox: carol's challenge, run again, invites dave once"
[ "$(ids | uniq -d)" = "" ] && pass || fail "old outbox: no reply twice"
[ -z "$(ls "$O/data/outbox/staged")" ] && [ "$(cli_queued "$O/conf")" -eq 0 ] && pass ||
  fail "old outbox: nothing left staged or queued"

# -- a spool sent over several runs: the limit defers, the marks remember
S=$tmp/s
cli_referee "$S" "max_replies_per_sender = 100"
cli_game "$S/conf"
sed -i 's/max_replies_per_sender = 100/max_replies_per_sender = 1/' "$S/conf"
: > "$tmp/m.mbox"
for m in e4:e5 Nf3:Nc6; do
  cli_game_mail 1 alice@example.org "$WT" "${m%%:*}" >> "$tmp/m.mbox"
  cli_game_mail 1 bob@example.org "$BT" "${m##*:}" >> "$tmp/m.mbox"
done
run "$TA" process -c "$S/conf" "$tmp/m.mbox"
expect_rc "spool: the moves (replies deferred: 75)" 75; expect_clean "spool: the moves"
sent=$(ids)
spools=$(ls "$S/data/outbox" | grep -c '\.spool$')
[ "$spools" -ge 1 ] && [ -z "$(ls "$S/data/outbox" | grep '\.eml$')" ] && pass ||
  fail "spool: the replies wait in spools ($spools), no file each"
ls "$S/data/outbox" | grep -q '\.sent$' && pass || fail "spool: what went is marked"
run "$TA" send --dry-run -c "$S/conf"
printf '%s\n' "$out" | grep -q '\.spool#[0-9]* -> bob@example.org$' && pass ||
  fail "spool: send --dry-run names SPOOL#INDEX and the recipient"
left=$(cli_queued "$S/conf")
runs=0
while [ "$(cli_queued "$S/conf")" -gt 0 ] && [ "$runs" -lt 10 ]; do
  run "$TA" send -c "$S/conf"
  [ "$(cli_queued "$S/conf")" -gt 0 ] && want=75 || want=0
  expect_rc "spool: send run $runs (75 while some wait)" $want
  sent=$(printf '%s\n%s\n' "$sent" "$(ids)")
  runs=$((runs + 1))
done
[ "$(printf '%s\n' "$sent" | grep -c .)" -eq $((left + 2)) ] &&
  [ -z "$(printf '%s\n' "$sent" | sort | uniq -d)" ] && pass || fail "spool: every reply sent once"
[ -z "$(ls "$S/data/outbox" | grep -E '\.(spool|sent)$')" ] && pass ||
  fail "spool: the spool and its marks gone with the last record"

# -- a queued spool damaged on disk: a record whose sum differs is refused, the others go;
# a record cut short ends what is read, and nothing breaks
D=$tmp/d
cli_referee "$D" "max_replies_per_sender = 100"
cli_game "$D/conf"
cli_game_mail 1 alice@example.org "$WT" "e4" > "$tmp/e4.mbox"
TEMPEST_FAULT=before-queue "$T" process -c "$D/conf" "$tmp/e4.mbox" > /dev/null 2>&1
sp=$(ls "$D/data/outbox/staged/"*.spool)
# the first record's text, one letter changed (the file's second line is its first head)
line=$(sed -n 3p "$sp")
sed -i "3s/.*/$(printf '%s' "$line" | tr 'a-y' 'b-z' | sed 's/[\/&]/\\&/g')/" "$sp"
run "$TA" send -c "$D/conf"
run "$TA" process -c "$D/conf" /dev/null
expect_err "damaged: the record refused" "sum differs"
[ "$(printf '%s\n' "$out" | grep -c '^To: ')" -eq 1 ] && pass || fail "damaged: the other record sent"
[ "$(cli_queued "$D/conf")" -eq 0 ] && pass || fail "damaged: nothing left queued"
cli_done t_spool
