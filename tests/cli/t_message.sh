#!/bin/sh
# Messages to the opponent: a `message` line is relayed, quoted as the player's words, with
# the referee's next mail to the opponent (the move's notice, the invitation) or in a
# notice of its own; nothing else of a mail is ever relayed; a refused mail relays nothing.
. tests/cli/lib.sh
export TEMPEST_NOW=2026-11-05T12:00:00Z
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
to() {          # to ADDRESS: the decoded body of the mail to ADDRESS in $out
  decoded |
    awk -v a="To: $1" '/^From referee@/ { on = 0 } $0 == a { on = 1 } on'
}
cli_referee "$tmp"

# the message is its line and its paragraph: up to a blank line, a sign-off, a name
cli_mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white\nmessage Fancy a game, Bob?\nSee you at the club\n\nMy cat says hi" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
expect_out "the challenge" "invites you to a game"
case $(to bob@example.org) in *'alice@example.org (White) writes:'*'"Fancy a game, Bob?'*'   See you at the club"'*) pass ;;
  *) fail "the invitation carries the challenger's message, its paragraph" ;; esac
case $(to bob@example.org) in *"cat says"*) fail "prose after the paragraph relayed" ;; *) pass ;; esac
# the writer's reply quotes exactly what was relayed
case $(to alice@example.org) in *'relayed as "Fancy a game, Bob?'*'   See you at the club"'*) pass ;;
  *) fail "the challenger's reply quotes the message as relayed" ;; esac
cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"

# with a move: in the opponent's notice of the move
cli_game_mail 1 alice@example.org "$WT" "Here goes.\ne4\nmessage The Ruy Lopez, as promised.\nmessage Your move!\nCheers, Alice\n-- \nAlice Martin, Club d'echecs" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(to bob@example.org) in *"played 1. e4"*'alice@example.org (White) writes:'*'"The Ruy Lopez, as promised."'*'"Your move!"'*) pass ;;
  *) fail "the move's notice carries both message lines" ;; esac
case $(to bob@example.org) in *"Cheers"*|*"Club"*) fail "the signature relayed" ;; *) pass ;; esac
# what was read, in the writer's own reply only, each message as it was relayed
case $(flat "$(to alice@example.org)") in *'Read in your mail: e4; a message for your opponent, relayed as "The Ruy Lopez, as promised."; a message for your opponent, relayed as "Your move!" (and 1 line passed over as prose).'*) pass ;;
  *) fail "the writer's reply says what was read and relayed, and that prose was passed over" ;; esac
case $(to bob@example.org) in *"Read in your mail"*) fail "the opponent told what was read of another's mail" ;; *) pass ;; esac
# a disclaimer or a signature under the message is never relayed
cli_game_mail 1 bob@example.org "$BT" "e5\nmessage Good choice,\nwe will see.\nBob\n\nThe information in this\nmessage is confidential and intended solely for the addressee.\nMessage me on Signal: +33 6 12 34 56 78" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(to alice@example.org) in *'"Good choice,'*'   we will see."'*) pass ;;
  *) fail "the message and its paragraph relayed" ;; esac
case $(to alice@example.org) in *confidential*|*Signal*|*'see."'*Bob*) fail "a disclaimer, a signature or the name relayed" ;; *) pass ;; esac
case $(to bob@example.org) in *'relayed as "Good choice,'*'   we will see."'*) pass ;;
  *) fail "the sender's reply quotes what was relayed" ;; esac
case $(to bob@example.org) in *'relayed as'*confidential*) fail "the sender told a disclaimer was relayed" ;; *) pass ;; esac
cli_game_mail 1 alice@example.org "$WT" "Nf3" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
# alone: a notice of its own
cli_game_mail 1 bob@example.org "$BT" "message Thinking..." > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
[ "$(printf '%s\n' "$out" | grep -c '^To: ')" -eq 1 ] && pass || fail "a message alone: one mail, to the opponent"
case $(to alice@example.org) in *"bob@example.org (Black) writes:"*'"Thinking..."'*) pass ;;
  *) fail "a message alone reaches the opponent in a notice" ;; esac
# a refused mail relays nothing
cli_game_mail 1 bob@example.org "$BT" "Ke6\nmessage I resign soon" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $out in *"To: alice@example.org"*) fail "a refused mail's message relayed" ;; *) pass ;; esac
# a stranger's message goes nowhere
cli_game_mail 1 mallory@evil.example "$WT" "message buy cheap watches" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $out in *"cheap watches"*) fail "a stranger's message relayed" ;; *) pass ;; esac
# an order that cannot be taken back, in a sentence: asked about, nothing applied
cli_game_mail 1 bob@example.org "$BT" "Nc6\nThanks, I accept." > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(to bob@example.org) in *"not applied"*"line 2: Thanks, I accept."*"did you mean 'accept'?"*"write a line with only: accept"*) pass ;;
  *) fail "a player's uncertain line is asked about, quoted" ;; esac
case $out in *"To: alice@example.org"*) fail "the uncertain mail's move applied" ;; *) pass ;; esac
# ... but a stranger is asked nothing: the From of a spam may be anyone's
cli_mail spam@evil.example "Special offer" "Click below to accept" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $out in *"To: spam@evil.example"*) fail "a stranger asked about a spam's line" ;; *) pass ;; esac
# help lists it
cli_game_mail 1 alice@example.org "$WT" "help" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
expect_out "help lists message" "message Good luck!"
cli_done t_message
