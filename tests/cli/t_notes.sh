#!/bin/sh
# A player's own bookkeeping before a move in the same mail (a time zone, a vacation, a
# password) does not hide the move: the opponent is told of it, with the notes that concern
# them, and the mover gets their own note with the move.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
WT=vb5v64h6; BT=ezap3rhf
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
n=0
mail() {
  n=$((n + 1))
  printf 'From: %s\nTo: referee@tempest.example\nSubject: %s\nMessage-ID: <n%d.x@example.org>\n' "$1" "$2" "$n"
  printf 'Content-Type: text/plain; charset=UTF-8\n\n%b\n' "$3"
}
qp() { printf '%s\n' "$out" | tr -d '\r' | sed -e ':a' -e '/=$/{N;s/=\n//;ba' -e '}'; }
D=$tmp/data; mkdir -p "$D"
cp examples/demo.key "$D/key"; chmod 600 "$D/key"
printf 'referee_address = referee@tempest.example\ndata_dir = %s\n' "$D" > "$tmp/conf"
mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white" > "$tmp/m"
run_in "$tmp/m" "$T" process -c "$tmp/conf"
mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" > "$tmp/m"
run_in "$tmp/m" "$T" process -c "$tmp/conf"
expect_out "game 1 starts" "game 1 begins"

mail alice@example.org "Re: [tempest 1 $WT] game 1" "timezone Europe/Paris\ne4" > "$tmp/m"
run_in "$tmp/m" "$T" process -c "$tmp/conf"
[ "$(qp | grep -c '^X-Tempest-Kind: moved')" -eq 2 ] && ok || bad "time zone then move: both told of the move"
case $(qp) in *"Your time zone is now Europe/Paris"*) ok ;; *) bad "the mover's own note kept" ;; esac
[ "$(qp | grep -c 'time zone is now')" -eq 1 ] && ok || bad "the time zone note to the mover only"
mail bob@example.org "Re: [tempest 1 $BT] game 1" "vacation 3 days\ne5" > "$tmp/m"
run_in "$tmp/m" "$T" process -c "$tmp/conf"
[ "$(qp | grep -c '^X-Tempest-Kind: moved')" -eq 2 ] && ok || bad "vacation then move: both told of the move"
[ "$(qp | grep -c 'Black is on vacation until')" -eq 2 ] && ok || bad "both told of the vacation"
mail alice@example.org "Re: [tempest 1 $WT] game 1" "password Secret99\nNf3" > "$tmp/m"
run_in "$tmp/m" "$T" process -c "$tmp/conf"
[ "$(qp | grep -c '^X-Tempest-Kind: moved')" -eq 2 ] && ok || bad "password then move: both told of the move"
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: 1. e4 e5 2. Nf3$' && ok || bad "the three moves applied"
cli_done t_notes
