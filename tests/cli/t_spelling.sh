#!/bin/sh
# Spellings by mail (docs/orders.md, "Orders", "Spellings"): a move written only in the subject
# gets a hint; a letter that reads two ways is asked about; `language nl` is kept in the
# players' registry and makes P the knight in the player's later mails; Black's move pair
# copied from a score sheet is played after its first half is checked.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
cli_game "$tmp/conf"

# the move in the subject, the body empty: nothing is played, the answer says why
cli_mail alice@example.org "Re: [tempest 1 $WT] Nf3" "" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(decoded) in *'Your subject reads "Nf3", but I do not read the subject'*) pass ;;
	*) fail "a move in the subject: the hint" ;; esac
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: (none)$' && pass || fail "nothing played"
# a subject without a move: no hint
cli_mail alice@example.org "AW: [tempest 1 $WT] game 1 begins" "Hello Bob" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(decoded) in *"I found no order"*) pass ;; *) fail "prose answered" ;; esac
case $(decoded) in *"Your subject reads"*) fail "no hint for the referee's own subject" ;; *) pass ;; esac

# P without a language, both readings legal: asked, nothing applied
cli_game_mail 1 alice@example.org "$WT" "Pf3" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(decoded) in *"did you mean f3 or Nf3?"*"language nl"*) pass ;;
	*) fail "an ambiguous letter is asked about" ;; esac
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: (none)$' && pass || fail "nothing played"

# the language, set alone, then a Dutch move in a later mail
cli_game_mail 1 alice@example.org "$WT" "language nl" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(decoded) in *"Your language is now nl"*) pass ;; *) fail "the language noted" ;; esac
grep -q '"language": "nl"' "$tmp/data/players.json" && pass || fail "the language in players.json"
cli_game_mail 1 alice@example.org "$WT" "Pf3" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: 1. Nf3$' && pass || fail "language nl: Pf3 is Nf3"

# Black copies the pair from a score sheet
cli_game_mail 1 bob@example.org "$BT" "1. Nf3 d5 :-)" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: 1. Nf3 d5$' && pass || fail "Black's pair: d5 played"
cli_game_mail 1 alice@example.org "$WT" "2. d4 c5" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(decoded) in *"one move per mail"*) pass ;; *) fail "White's pair refused" ;; esac
# a move wrapped in the marks of a right-to-left client (U+200F), and a BOM: read as the
# move; a refusal shows each mark by its number
rlm=$(printf '\342\200\217')
cli_mail alice@example.org "Re: [tempest 1 $WT] game 1" "${rlm}Nf9${rlm}" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(decoded) in *"<U+200F>Nf9<U+200F>"*) pass ;; *) fail "the refusal shows the marks" ;; esac
case $(decoded) in *"$rlm"*) fail "the refusal quotes no mark unseen" ;; *) pass ;; esac
cli_mail alice@example.org "Re: [tempest 1 $WT] game 1" "$(printf '\357\273\277')${rlm}e4${rlm}" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
"$T" show -c "$tmp/conf" 1 | grep -q '^Moves: 1. Nf3 d5 2. e4$' && pass || fail "the move in marks: played"
cli_done spelling
