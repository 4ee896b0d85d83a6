#!/usr/bin/env python3
"""data_pot.py RULES_DIR: the words a mail shows that come from data rather than from a
format in the code (docs/design.md "Languages"), as a PO template on standard output:
each variant's title (msgctxt "variant") and what it is (msgctxt "about"), the names of
the pieces of every variant (as the key under a board writes them, and in lower case as
a reason does), and the words the code keeps as data: a seat's role, the colour a
challenger asked for, a game's status, an event's kind, how a card was played, what a
seat owes by its deadline. `make po` writes templates/po/data.pot with it and adds that to
tempest.pot."""
import glob
import json
import os
import sys

WORDS = {
    "role": ["player", "boardman", "strategist", "agent"],
    "colour": ["white", "black", "random"],
    "status": ["invited", "playing", "over", "declined"],
    "event": ["accept", "assign", "bounced", "challenge", "decline", "draw-accept",
              "draw-claim", "draw-decline", "draw-offer", "elect", "guard", "interception",
              "join", "language", "mail", "move", "observe", "password", "post", "resign",
              "rule", "setup", "timeout", "timezone", "transfer", "vacation", "vote"],
    "card played as": ["move", "interception", "answer", "kept"],
}
# What a seat owes by its deadline (the kinds' `owes`), said of the reader ("your %s", the
# reminder's list) and of another seat ("%s's %s"): each language gives the noun the
# article, possessive and case its sentence needs.
OWED = ["move", "deck", "list and opening numbers", "answer to the interception",
        "interception of the mating move", "Royal Guard", "Swordsman"]
WORDS["owed by you"] = OWED
WORDS["owed by another"] = OWED


def quote(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def entry(out, where, msgid, ctx=None):
    out.append("#: %s" % where)
    if "%" in msgid:
        out.append("#, no-c-format")
    if ctx:
        out.append("msgctxt %s" % quote(ctx))
    out.append("msgid %s\nmsgstr \"\"\n" % quote(msgid))


def main():
    rules = sys.argv[1] if len(sys.argv) > 1 else "rules"
    titles, abouts, pieces = set(), set(), set()
    for path in sorted(glob.glob(os.path.join(rules, "*.json"))):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if data.get("title"):
            titles.add(data["title"])
        if data.get("about"):
            abouts.add(data["about"])
        for p in data.get("pieces", []):
            if p.get("name"):
                pieces.add(p["name"])
                pieces.add(p["name"].lower())
    out = ['# data.pot: written by templates/po/data_pot.py from rules/*.json and the words the',
           '# code keeps as data (`make po`); not edited by hand.',
           'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '']
    for t in sorted(titles):
        entry(out, "rules/*.json title", t, "variant")
    for a in sorted(abouts):
        entry(out, "rules/*.json about", a, "about")
    for p in sorted(pieces):
        entry(out, "rules/*.json pieces", p)
    for ctx, words in WORDS.items():
        for w in words:
            entry(out, "src (data words)", w, ctx)
    sys.stdout.write("\n".join(out))


main()
