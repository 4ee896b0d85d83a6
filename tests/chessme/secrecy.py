#!/usr/bin/env python3
"""The secrecy scan of a ChessMe game's mails (docs/chessme.md, "ChessMe by mail"): every mail to a
player shows at most one hand, the reader's own as the state file holds it after the mail
was applied, and, before the end, no mail holds either pile's order or salt.

    python3 tests/chessme/secrecy.py MAILS STATE
    python3 tests/chessme/secrecy.py --to ADDRESS TEXT STATE

MAILS: the referee's mails of one run, decoded text one after the other, each starting with
a "From referee@" line; or TEXT, the text of one mail to ADDRESS. STATE: the game's state
file after that run. Prints
"secrecy: N mails checked" and exits 0, or prints each breach and exits 1.
"""
import json
import re
import sys


def main():
    args = sys.argv[1:]
    to_one = args[1] if args[0] == "--to" else None
    if to_one:
        args = args[2:]
    mails = open(args[0], encoding="utf-8", errors="replace").read()
    state = json.load(open(args[1]))
    if to_one:
        mails = "From referee@x -\nTo: %s\n%s" % (to_one, mails)
    cm = state["chessme"]
    seat_of = {s["address"]: (0 if s["side"] == "white" else 1) for s in state["seats"]}
    hands = cm["position"].split()[2:4]
    over = state["status"] == "over"
    secrets = []
    if cm["dealt"] and not over:
        for pile in cm["piles"]:
            secrets += [pile, " ".join(pile)]
        secrets += cm["salts"]
    bad = 0
    checked = 0
    for mail in re.split(r"(?m)^From referee@\S* ", mails)[1:]:
        to = re.search(r"(?m)^To: (.*)$", mail)
        if not to or to.group(1).strip() not in seat_of:
            continue
        checked += 1
        seat = seat_of[to.group(1).strip()]
        shown = re.findall(r"(?m)^Your hand: (.*)$", mail)
        own = " ".join(hands[seat]) if hands[seat] != "-" else "none"
        if len(shown) > 1 or (shown and shown[0].strip() != own):
            print("mail to %s shows the hand(s) %s, not its reader's own (%s)"
                  % (to.group(1), shown, own))
            bad += 1
        for s in secrets:
            if s in mail:
                print("mail to %s holds a secret of the piles: %s" % (to.group(1), s))
                bad += 1
    print("secrecy: %d mails checked" % checked)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
