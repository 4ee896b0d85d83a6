#!/bin/sh
# t_pasted.sh: the referee's own text pasted back into a mail without '>' (Yahoo, Outlook,
# a player copying lines of the help) is never read as the player's orders, nor are a
# signature without "-- " and a corporate disclaimer (docs/orders.md "Reading rules").
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
cli_referee "$tmp"
cli_game "$tmp/conf"

# two lines of the help pasted as a question never resign the game
cli_game_mail 1 alice@example.org "$WT" "What do these two mean?\n\n  resign\n  status                     the board again\n\nThanks" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $out in *"is over"*|*"resign"*"applied"*) fail "pasted help lines resigned the game" ;; *) pass ;; esac
run "$T" list -c "$tmp/conf"
case $out in *resign*|*0-1*) fail "game 1 resigned by a pasted help" ;; *) pass ;; esac

# a move written above a pasted help mail is played; the help is not read
help='I referee chess games played by email. Write one order per line; upper\nor lower case does not matter, and other text (greetings, quotes of\nearlier mails, your signature) is passed over.\n\nDuring a game, reply to my latest mail about it (the code in brackets in\nthe subject proves the reply is yours) with:\n  offer draw / accept draw / decline draw\n  resign\n  status                     the board again\n  history                    the game in PGN\n'
cli_game_mail 1 alice@example.org "$WT" "e4\n\nThanks for the help!\n\n$help" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
out=$(decoded)
expect_out "the move above a pasted help is played" "Read in your mail: e4"
case $out in *"is over"*|*"not applied"*) fail "the pasted help was read" ;; *) pass ;; esac

# a signature and a disclaimer are neither read nor relayed
cli_game_mail 1 bob@example.org "$BT" "e5\nmessage Nice opening.\n\nBest regards,\nBob\nTimezone: CET\nMessage me on Signal: +33 6 12 34 56 78\n\nCONFIDENTIALITY NOTICE: This e-mail and any attachments are confidential and may be\nprivileged. If you are not the intended recipient of this\nmessage, please notify the sender and delete it." > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
out=$(decoded)
expect_out "the move and the message are read, the message quoted as relayed" "Read in your mail: e5; a message for your opponent, relayed as \"Nice opening.\"."
case $out in *"Nice opening."*) pass ;; *) fail "the message relayed" ;; esac
case $out in *"Signal"*|*"please notify"*|*"CET"*) fail "a signature or disclaimer line relayed or read" ;; *) pass ;; esac

# a decline written above a pasted invitation never starts the game
cli_mail alice@example.org "new game" "new chess\nopponent carol@example.org" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
expect_out "game 2 invites carol" "invites you to a game"
invitation='alice@example.org challenges you to a game of Chess by email,\nrefereed by me.\n\n  Game:      2\n  White:     alice@example.org\n  Black:     carol@example.org\n  You play:  black\n\nTo play, reply to this mail with the word\n\n  accept\n\non a line of its own. To refuse, reply with "decline". Keep the subject'
# in words only: nothing is read, above all not the invitation's "accept"
cli_mail carol@example.org "Re: [tempest 2 65zab2km] invitation" "Sorry, I cannot play this month.\n\n$invitation" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $out in *"begins"*) fail "a refusal in words over a pasted invitation started the game" ;; *) pass ;; esac
cli_mail carol@example.org "Re: [tempest 2 65zab2km] invitation" "decline\n\nSorry, I cannot play this month.\n\n$invitation" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $out in *"begins"*) fail "a decline over a pasted invitation started the game" ;; *) pass ;; esac
expect_out "the decline is read" "will not be played"
cli_done t_pasted
