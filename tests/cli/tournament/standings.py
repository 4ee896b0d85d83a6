#!/usr/bin/env python3
"""standings.py JSON RESULTS: the standings of a tournament computed here, apart from
tempest: the pairings from `tempest tournament show --json` (JSON; the games' numbers,
White and Black), the results from RESULTS (a line "GAME RESULT" each, as the test drew
them), scored 1/½/0 and ranked by points, then Sonneborn-Berger, then wins, then the
points among the players still tied (every game among them played); a tie left shares its
places. Prints a line per player, best first: "PLACE ADDRESS POINTS SB", POINTS as 6½, SB
with two decimals (the crosstable's forms). With --pairs: checks instead that every
pairing is there once for each colour (a double round robin), and says so."""
import json
import sys

t = json.load(open(sys.argv[-2] if sys.argv[1] != "--pairs" else sys.argv[2]))
names = [p["address"] for p in t["players"]]
games = {g["game"]: (names[g["white"]], names[g["black"]]) for g in t["games"]}

if sys.argv[1] == "--pairs":
    seen = sorted((w, b) for w, b in games.values())
    want = sorted((a, b) for a in names for b in names if a != b)
    print("every pairing once per colour" if seen == want else "pairings differ")
    sys.exit(0)

score = {n: 0.0 for n in names}
against = {}                    # (a, b): a's points against b, summed
wins = {n: 0 for n in names}
for line in open(sys.argv[-1]):
    g, r = line.split()
    w, b = games[int(g)]
    sw = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[r]
    for p, q, s in ((w, b, sw), (b, w, 1 - sw)):
        score[p] += s
        against[(p, q)] = against.get((p, q), 0) + s
        wins[p] += s == 1
sb = {p: sum(s * score[q] for (a, q), s in against.items() if a == p) for p in names}

def key(p):
    return (-score[p], -sb[p], -wins[p])

order = sorted(names, key=lambda p: (key(p), names.index(p)))
rows = []
i = 0
while i < len(order):
    j = i
    while j < len(order) and key(order[j]) == key(order[i]):
        j += 1
    group = order[i:j]
    de = {p: sum(against.get((p, q), 0) for q in group if q != p) for p in group}
    group.sort(key=lambda p: (-de[p], names.index(p)))
    k = 0
    while k < len(group):
        m = k
        while m < len(group) and de[group[m]] == de[group[k]]:
            m += 1
        place = str(i + k + 1) if m - k == 1 else "%d-%d" % (i + k + 1, i + m)
        for p in group[k:m]:
            rows.append((place, p))
        k = m
    i = j

def points(x):
    whole, half = int(x), x - int(x) >= 0.5
    return ("½" if whole == 0 else "%d½" % whole) if half else "%d" % whole

for place, p in rows:
    print(place, p, points(score[p]), "%.2f" % sb[p])
