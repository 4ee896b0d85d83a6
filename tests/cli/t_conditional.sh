#!/bin/sh
# Conditional moves (docs/orders.md, "Conditional moves"): a whole chess game by mail
# through `tempest process`, with an observer. A forced line of six plies is played from
# both players' conditional moves in one round trip (White's mail, then Black's); a line
# that no longer applies is dropped and said to its player alone; lines given while
# waiting are answered to their player alone; every mail of the game, text and HTML, is
# scanned for a player's lines reaching anyone else (the opponent, the observer); the
# log replays.
. tests/cli/lib.sh
nb=$(printf '\302\240')     # French typography: a no-break space before ':'
export ASAN_OPTIONS=detect_leaks=1
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
W=$tmp/w
cli_referee "$W"
: > "$W/all.txt"
sent=0

# mail FROM SUBJECT BODY: one mail; its replies appended to all.txt as sent (the HTML parts
# too) and decoded, and in $out decoded (subjects and text parts: langcheck.py)
mail() {
  sent=$((sent + 1))
  cli_eml "$1" "$2" "$3" > "$tmp/m.eml"
  run_in "$tmp/m.eml" "$TA" process -c "$W/conf"
  printf '%s\n' "$out" > "$tmp/last"
  tr -d '\r' < "$tmp/last" | sed -e ':a' -e '/=$/{N;s/=\n//;ba' -e '}' >> "$W/all.txt"
  out=$(python3 tests/cli/langcheck.py --text "$tmp/last")
  printf '\n%s\n\n' "$out" >> "$W/all.txt"
}
play() { mail "$1" "Re: [tempest 1 $2] game 1" "$3"; }

# to ADDRESS: every mail to ADDRESS (text and HTML parts), on one line
to() {
  awk -v to="To: $1" '/^From / || /^To: / { mine = ($0 == to) } mine' "$W/all.txt" | tr -s ' \n' ' '
}
count_to() { grep -c "^To: $1\$" "$W/all.txt"; }

mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white"
play bob@example.org "$BT" "accept\nlangue fr"
mail carol@example.org "observe" "observe 1"
ct=$(printf '%s\n' "$out" | sed -n 's/^Subject: \[tempest 1 \([a-z0-9]*\)\].*/\1/p' | head -n 1)
mail carol@example.org "Re: [tempest 1 $ct] game 1" "observe 1"       # (confirmed)
expect_out "carol observes" "You observe game 1"

# -- one round trip: White's move and lines, Black's move and lines, six plies more
play alice@example.org "$WT" "e4\nif e5 Nc6 a6: Nf3 Bb5 Ba4\nif c5: Nf3\nif e6: d4"
expect_out "White's lines shown to White" "Your conditional moves, for you alone"
expect_out "... as written back" "if e5 Nc6 a6: Nf3 Bb5 Ba4"
play bob@example.org "$BT" "e5\nif Nf3 Bb5 Ba4: Nc6 a6 Nf6"
expect_out "six plies from conditional moves" "Played from conditional moves: 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6."
expect_out "White to move after them" "4... Nf6 -- your move"
expect_out "... and in French for Black" "Joué par coups conditionnels${nb}: 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6."
n=$(printf '%s\n' "$out" | grep -c '^Played from conditional moves: 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6.')
[ "$n" -eq 1 ] && pass || fail "White's reply says which conditional moves were played"
case $(to carol@example.org) in *"4. Ba4 Nf6"*) pass ;; *) fail "the observer sees the moves" ;; esac
run "$TA" show -c "$W/conf" 1
expect_out "the moves on the board" "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6"

# -- a line that no longer applies: dropped, and said to White alone
play alice@example.org "$WT" "O-O\nif Be7: Re1\nif b5: Bb3"
play bob@example.org "$BT" "Nxe4"
expect_out "dropped and said" "Your conditional moves are dropped: Black played 5...Nxe4, which none of them answers."
n=$(printf '%s\n' "$out" | grep -c 'Your conditional moves are dropped')
[ "$n" -eq 1 ] && pass || fail "the drop is said to White alone: $n mails say it"

# -- lines given while waiting: answered to their player alone
play alice@example.org "$WT" "d4"
before_bob=$(count_to bob@example.org); before_carol=$(count_to carol@example.org)
play alice@example.org "$WT" "if exd4: Re1\nif b5: Bb3"
expect_out "recorded while waiting" "Your conditional moves are recorded."
[ "$(count_to bob@example.org)" -eq "$before_bob" ] && pass || fail "Black hears nothing of them"
[ "$(count_to carol@example.org)" -eq "$before_carol" ] && pass || fail "the observer hears nothing of them"
play bob@example.org "$BT" "exd4\nif Te1 Fxc6: d5 bxc6"
expect_out "played at once, one line answering the other" "Played from conditional moves: 7.Re1 d5."
expect_out "... and in French for Black" "Joué par coups conditionnels${nb}: 7.Re1 d5."
expect_out "Black's line goes on, in his language" "Vos coups conditionnels, connus de vous seul"
expect_out "... its moves in his letters" "if Fxc6+: bxc6"
run "$TA" show -c "$W/conf" --json 1
expect_rc "show --json keeps a line given in advance secret" 2
expect_err "... and says why" "moves given in advance"
run "$TA" show -c "$W/conf" --json --secrets 1
expect_out "show --json --secrets prints it" '"standing"'
play bob@example.org "$BT" "resign"
expect_out "over" "game 1 over"

# -- the secrecy scan over the whole game: a player's lines reach no one else
for line in "if e5 Nc6 a6" "if c5" "if e6" "if Be7" "if b5" "if exd4"; do
  case $(to bob@example.org) in *"$line"*) fail "Black read White's '$line'" ;; *) pass ;; esac
  case $(to carol@example.org) in *"$line"*) fail "the observer read White's '$line'" ;; *) pass ;; esac
done
for line in "if Nf3 Bb5" "if Cf3 Fb5" "if Te1 Fxc6" "if Fxc6" "if Bxc6"; do
  case $(to alice@example.org) in *"$line"*) fail "White read Black's '$line'" ;; *) pass ;; esac
  case $(to carol@example.org) in *"$line"*) fail "the observer read Black's '$line'" ;; *) pass ;; esac
done
case $(to carol@example.org) in *"conditional moves, for you"*) fail "the observer read a heading of lines" ;; *) pass ;; esac
case $(to alice@example.org) in *"if e6: d4"*) pass ;; *) fail "White's own mails show her lines" ;; esac
echo "t_conditional: $sent mails; the line of 8 plies took 2 of them"

run "$TA" replay -c "$W/conf" "$W/data/games/1.mbox" --into "$tmp/replay"
expect_rc "the log replays" 0
expect_out "every state reproduced" "every recorded state reproduced"
expect_clean "replay"

# -- TigerChess: none during the deployment, then as in chess (game 4 of the demo key is a
# TigerCountdown with the Royal Guards)
W=$tmp/tc
cli_referee "$W"
: > "$tmp/m"
for i in 1 2 3; do cli_mail carol@example.org "new game" "new tigerchess\nopponent dan$i@example.org" >> "$tmp/m"; done
cli_mail alice@example.org "new game" "new tigerchess\nopponent bob@example.org\ncolour white" >> "$tmp/m"
run "$TA" process -c "$W/conf" "$tmp/m"
BK=$(cli_token 4 bob@example.org)
tplay() { mail "$1" "Re: [tempest 4 $2] game 4" "$3"; }
tplay bob@example.org "$BK" "accept"
AK=$(cli_token 4 alice@example.org); BK=$(cli_token 4 bob@example.org)
tplay bob@example.org "$BK" "guard e\nif e4: e5"
expect_out "TigerChess: none during the deployment" "the deployment phase comes first"
tplay bob@example.org "$BK" "guard e"
tplay alice@example.org "$AK" "guard d"
tplay bob@example.org "$BK" "post d5"
tplay alice@example.org "$AK" "post b3 a3"
tplay bob@example.org "$BK" "post c6 h5"
tplay alice@example.org "$AK" "post e3 f3"
tplay bob@example.org "$BK" "post a5"
tplay alice@example.org "$AK" "BPK-h4\nif Sc4 SPK-b5: BSD-g3 b3xd5xb7"
expect_out "TigerChess: the seed's abbreviations in a line" "if Sc4 b5: Eg3 b3xd5xb7"
tplay bob@example.org "$BK" "SS-c4\nif Eg3: b5"
expect_out "TigerChess: a capture chain from a line" "Played from conditional moves: 2.Eg3 b5 3.b3xd5xb7."
run "$TA" replay -c "$W/conf" "$W/data/games/4.mbox" --into "$tmp/replay-tc"
expect_out "TigerChess: the log replays" "every recorded state reproduced"
cli_done t_conditional
