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

cli_mail alice@example.org "new game" "new chess\nopponent bob@example.org\ncolour white\nmessage Fancy a game, Bob?\nSee you at the club" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
expect_out "the challenge" "invites you to a game"
case $(to bob@example.org) in *'alice@example.org (White) writes:'*'"Fancy a game, Bob?"'*) ok ;;
  *) bad "the invitation carries the challenger's message" ;; esac
case $(to bob@example.org) in *"See you at the club"*) bad "prose relayed" ;; *) ok ;; esac
case $(to alice@example.org) in *"Fancy a game"*) bad "the message echoed to its writer" ;; *) ok ;; esac
cli_mail bob@example.org "Re: [tempest 1 $BT] invitation" "accept" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"

# with a move: in the opponent's notice of the move
cli_mail alice@example.org "Re: [tempest 1 $WT] game 1" "Here goes.\ne4\nmessage The Ruy Lopez, as promised.\nmessage Your move!\nCheers, Alice\n-- \nAlice Martin, Club d'echecs" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $(to bob@example.org) in *"played 1. e4"*'alice@example.org (White) writes:'*'"The Ruy Lopez, as promised."'*'"Your move!"'*) ok ;;
  *) bad "the move's notice carries both message lines" ;; esac
case $(to bob@example.org) in *"Cheers"*|*"Club"*) bad "the signature relayed" ;; *) ok ;; esac
case $(to alice@example.org) in *"Ruy Lopez"*) bad "the message echoed to its writer" ;; *) ok ;; esac
# what was read, briefly, in the writer's own reply only (the sign-off is the signature,
# not prose)
case $(to alice@example.org) in *"Read in your mail: e4; a message for your opponent; a message for your opponent (and 1 line passed over as prose)."*) ok ;;
  *) bad "the writer's reply says what was read and that prose was passed over" ;; esac
case $(to bob@example.org) in *"Read in your mail"*) bad "the opponent told what was read of another's mail" ;; *) ok ;; esac
# alone: a notice of its own
cli_mail bob@example.org "Re: [tempest 1 $BT] game 1" "message Thinking..." > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
[ "$(printf '%s\n' "$out" | grep -c '^To: ')" -eq 1 ] && ok || bad "a message alone: one mail, to the opponent"
case $(to alice@example.org) in *"bob@example.org (Black) writes:"*'"Thinking..."'*) ok ;;
  *) bad "a message alone reaches the opponent in a notice" ;; esac
# a refused mail relays nothing
cli_mail bob@example.org "Re: [tempest 1 $BT] game 1" "Ke7\nmessage I resign soon" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $out in *"To: alice@example.org"*) bad "a refused mail's message relayed" ;; *) ok ;; esac
# a stranger's message goes nowhere
cli_mail mallory@evil.example "Re: [tempest 1 $WT] game 1" "message buy cheap watches" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
case $out in *"cheap watches"*) bad "a stranger's message relayed" ;; *) ok ;; esac
# help lists it
cli_mail alice@example.org "Re: [tempest 1 $WT] game 1" "help" > "$tmp/m"
run "$T" process -c "$tmp/conf" "$tmp/m"
expect_out "help lists message" "message Good luck!"
cli_done t_message
