#!/usr/bin/env python3
"""games.py JSON A B: the game between addresses A and B of the tournament whose state
`tempest tournament show --json` printed into the file JSON (the first not yet decided,
else the first): "NUMBER WHITE BLACK" (for the tests of tests/cli/t_tournament*.sh)."""
import json
import sys

t = json.load(open(sys.argv[1]))
players = [p["address"] for p in t["players"]]
a, b = sys.argv[2], sys.argv[3]
games = [g for g in t["games"] if {players[g["white"]], players[g["black"]]} == {a, b}]
games.sort(key=lambda g: g["result"] != "")
g = games[0]
print(g["game"], players[g["white"]], players[g["black"]])
