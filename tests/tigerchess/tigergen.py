#!/usr/bin/env python3
"""An independent move generator for TigerChess, written from the rule text (seed 003)
alone, to check the referee's engine (`tempest perft --variant tigerchess`).

Nothing here comes from the C engine: no Betza, no tables. The pieces' powers are written
as the seed describes them, and the places of the Emerald Kingdom follow the reading in
rules/tigerchess.json's comments (the seed's pictures are missing): the Chessfield a1-h8;
the Palace wings c-f two ranks behind each army (rank -1 and 10, named c0..f0 and
c10..f10), which only the Standard Bearer enters; and places where personnel wait (the
Strongholds, Palace centres, Watchtowers, Borderposts, Forest Clearings), from which
nobody moves and which nobody enters except by an exchange.

Usage:
  tigergen.py perft FEN DEPTH          count the leaves
  tigergen.py divide FEN DEPTH         per first move (coordinates)
  tigergen.py random SEED N            N random positions reached by random deployment
                                       and random play, one FEN a line
  tigergen.py compare TEMPEST SEED N D  those positions' counts at depths 1..D, here and
                                       by `TEMPEST perft`: prints any difference
Bengal is White (upper case, bottom, moves first); Siberian Black.
"""
import random
import sys

FILES = "abcdefgh"
WINGS = {}                                      # name -> (x, y)
for i, f in enumerate("cdef"):
    WINGS[f + "0"] = (i + 2, -2)
    WINGS[f + "10"] = (i + 2, 9)
GRID = {(x, y): FILES[x] + str(y + 1) for x in range(8) for y in range(8)}
FIELD = set(GRID.values())                      # the Chessfield's squares
PLACES = dict(GRID)
for n, xy in WINGS.items():
    PLACES[xy] = n
COORD = {n: xy for xy, n in PLACES.items()}


def waiting_places(side):
    """Where a side's personnel wait (never a square of the battle)."""
    p = "b" if side == 0 else "s"
    return ([p + "k" + f for f in FILES] + [p + "pt", p + "w", p + "fc"] +
            [p + "s%d" % i for i in range(1, 5)] + [p + "a%d" % i for i in range(1, 5)])


ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
# Change 4: every non-linear square of the 7x7 box; the Siberian adds four long jumps.
TIGER = [(dx, dy) for dx in range(-3, 4) for dy in range(-3, 4)
         if dx and dy and abs(dx) != abs(dy)]
TIGER_SIB = TIGER + [(3, 0), (-3, 0), (0, 3), (0, -3)]
LEAPS = {
    "Q": ORTH + DIAG,                               # the Queen: the chess King
    "L": ORTH + [(2 * a, 2 * b) for a, b in ORTH],  # King's Lancer: 1 or 2 straight
    "E": ORTH + [(2 * a, 2 * b) for a, b in ORTH],  # the Standard Bearer is that Lancer
    "M": DIAG + [(2 * a, 2 * b) for a, b in DIAG],  # Queen's Lancer: 1 or 2 diagonally
    "N": KNIGHT, "Z": TIGER, "Y": TIGER_SIB,
}
RIDES = {"K": ORTH + DIAG, "T": ORTH, "B": DIAG}     # King = chess Queen


class Pos:
    def __init__(self, fen):
        parts = fen.split()
        place = parts[0]
        self.board = {}                             # square name -> (letter, mark)
        extra = ""
        if "{" in place:
            place, extra = place.split("{")
            extra = extra.rstrip("}")
        rows = place.split("/")
        for r, row in enumerate(rows):
            y, x, i = 7 - r, 0, 0
            while i < len(row):
                ch = row[i]
                if ch.isdigit():
                    x += int(ch)
                    i += 1
                    continue
                mark, i = 0, i + 1
                if i < len(row) and row[i] == "(":
                    j = row.index(")", i)
                    mark, i = int(row[i + 1:j]), j + 1
                self.board[GRID[(x, y)]] = (ch, mark)
                x += 1
        for item in filter(None, extra.split(",")):
            pc, sq = item.split("@")
            mark = int(pc[2:-1]) if "(" in pc else 0
            self.board[sq] = (pc[0], mark)
        self.side = 0 if parts[1] == "w" else 1
        self.castle = set(parts[2]) - {"-"}
        self.ep = None if parts[3] == "-" else parts[3]

    def copy(self):
        q = Pos.__new__(Pos)
        q.board, q.side, q.castle, q.ep = dict(self.board), self.side, set(self.castle), self.ep
        return q

    def fen(self):
        rows = []
        for y in range(7, -1, -1):
            row, empty = "", 0
            for x in range(8):
                pc = self.board.get(GRID[(x, y)])
                if not pc:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + pc[0] + ("(%d)" % pc[1] if pc[1] else "")
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        grid = set(GRID.values())
        ext = ["%s%s@%s" % (pc[0], "(%d)" % pc[1] if pc[1] else "", sq)
               for sq, pc in sorted(self.board.items()) if sq not in grid]
        castle = "".join(c for c in "KQkq" if c in self.castle) or "-"
        return "%s%s %s %s %s 0 1" % ("/".join(rows), "{%s}" % ",".join(ext) if ext else "",
                                      "wb"[self.side], castle, self.ep or "-")


def colour(letter):
    return 0 if letter.isupper() else 1


def at(x, y):
    return PLACES.get((x, y))


def fwd(side):
    return 1 if side == 0 else -1


def rel_rank(sq, side):
    y = COORD[sq][1]
    return y + 1 if side == 0 else 8 - y


def attacked(pos, sq, by):
    """Is square sq attacked by side `by`, for a Queen standing there? The chess-like
    capture powers, and the Swordsmen's and Archers' jumps: the Queen is never taken, but
    she is in check when a jump could take her, at once or as the last of a chain."""
    x, y = COORD[sq]
    b = pos.board
    if jump_check(pos, sq, by):
        return True

    def enemy(s, letters):
        pc = b.get(s)
        return pc and colour(pc[0]) == by and pc[0].upper() in letters

    for s, letters in leapers_of(sq):
        if s in b and enemy(s, letters):
            return True
    for letter, dirs in RIDES.items():
        for dx, dy in dirs:
            k = 1
            while True:
                s = at(x + k * dx, y + k * dy)
                if not s or s in WINGS:
                    break
                if s in b:
                    if enemy(s, letter):
                        return True
                    break
                k += 1
    for dx in (1, -1):                              # a Pikeman takes diagonally forward
        s = at(x + dx, y - fwd(by))
        if s and enemy(s, "P"):
            return True
    return False


def jump_check(pos, queen, by):
    """Could a Swordsman or Archer of `by` jump the Queen on `queen`, first capturing
    any opposing personnel on the way (rules 544-547, 19)?"""
    x, y = COORD[queen]
    if not any(GRID.get((x + dx, y + dy)) and GRID.get((x - dx, y - dy)) for dx, dy in DIAG):
        return False                            # on the edge: no square beyond her
    b = dict(pos.board)
    b.pop(queen, None)                          # whatever stands there is the Queen
    flying = {"S": False, "A": True}

    def reach(sq, dirs, fly):
        x, y = COORD[sq]
        for dx, dy in dirs:
            k = 1
            while True:
                s = GRID.get((x + k * dx, y + k * dy))
                if not s or s == queen or s in b or not fly:
                    break
                k += 1
            land = GRID.get((x + (k + 1) * dx, y + (k + 1) * dy))
            if not s or not land or land in b or land == queen:
                continue
            if s == queen:
                return True                     # she stays: the chain ends with her
            if s not in b or colour(b[s][0]) == by or b[s][0].upper() == "Q":
                continue
            victim = b.pop(s)
            found = reach(land, dirs, fly)
            b[s] = victim
            if found:
                return True
        return False

    for sq, (pc, _) in list(pos.board.items()):
        L = pc.upper()
        if colour(pc) != by or L not in flying or sq not in FIELD or sq == queen:
            continue
        dirs = [(1, fwd(by)), (-1, fwd(by))] if L == "S" else DIAG
        me = b.pop(sq)
        found = reach(sq, dirs, flying[L])
        b[sq] = me
        if found:
            return True
    return False


LEAPERS = {}


def leapers_of(sq):
    """The squares from which a leaper attacks sq, each with the letters that would."""
    if sq not in LEAPERS:
        x, y = COORD[sq]
        found = {}
        for letter, vecs in LEAPS.items():
            for dx, dy in vecs:
                s = at(x - dx, y - dy)
                if s:
                    found[s] = found.get(s, "") + letter
        LEAPERS[sq] = list(found.items())
    return LEAPERS[sq]


def queen_square(pos, side):
    for s, pc in pos.board.items():
        if pc[0] == ("Q" if side == 0 else "q") and s in COORD:
            return s
    return None


def waits(pos, side, letters, mark=0):
    """The place where an own piece of one of these letters (with this mark) waits."""
    for s in waiting_places(side):
        pc = pos.board.get(s)
        if pc and colour(pc[0]) == side and pc[0].upper() in letters and (not mark or pc[1] == mark):
            return s
    return None


def arrivals(pos, frm, to, side, letter, mark):
    """The exchange choices of a Pikeman or Swordsman arriving on `to` (Changes 3 and 5):
    a list of the waiting places to change with, None meaning no exchange."""
    rr = rel_rank(to, side)
    if letter == "P" and rr == 8:
        tiger = waits(pos, side, "YZ")
        return [tiger] if tiger else [None]
    if letter == "P" and rr == 7:
        knight = waits(pos, side, "N", mark)
        if not knight:
            return [None]
        return [knight, None] if waits(pos, side, "YZ") else [knight]
    if letter == "S" and rr == 8:
        archer = waits(pos, side, "A", mark)
        return [archer] if archer else [None]
    return [None]


def jump_chains(pos, frm, side, letter):
    """Every capture sequence (each prefix is a move) as (landings, captured squares)."""
    out = []
    b = dict(pos.board)
    me = b.pop(frm)
    dirs = [(1, fwd(side)), (-1, fwd(side))] if letter == "S" else DIAG
    flying = letter == "A"

    def grid(x, y):
        s = at(x, y)
        return s if s and s in GRID.values() else None

    def search(sq, lands, caps):
        x, y = COORD[sq]
        for dx, dy in dirs:
            k = 1
            s = grid(x + dx, y + dy)
            while flying and s and s not in b:
                k += 1
                s = grid(x + k * dx, y + k * dy)
            if not s or s not in b or colour(b[s][0]) == side or b[s][0].upper() == "Q":
                continue
            land = grid(x + (k + 1) * dx, y + (k + 1) * dy)
            if not land or land in b:
                continue
            victim = b.pop(s)
            out.append((lands + [land], caps + [s]))
            search(land, lands + [land], caps + [s])
            b[s] = victim

    search(frm, [], [])
    b[frm] = me
    return out


def pseudo(pos):
    """Pseudo-legal moves as (from, to, kind, extra): kind 'n' normal (extra: exchange place or None),
    'ep', 'c' castling (extra: 'K'/'Q'), 'j' jumps (extra: (landings, caps, exchange))."""
    side, b, moves = pos.side, pos.board, []
    in_check = attacked(pos, queen_square(pos, side), 1 - side)
    for frm, (pc, mark) in list(b.items()):
        if colour(pc) != side or frm not in COORD:
            continue
        L = pc.upper()
        x, y = COORD[frm]
        targets = []
        for dx, dy in LEAPS.get(L, []):
            s = at(x + dx, y + dy)
            if not s:
                continue
            if s in WINGS:                          # only the Bearer, only capturing the
                if L == "E" and s in b and colour(b[s][0]) != side and not in_check:
                    targets.append(s)               # Guard, his Queen not in check
                continue
            targets.append(s)
        for dx, dy in RIDES.get(L, []):
            k = 1
            while True:
                s = at(x + k * dx, y + k * dy)
                if not s or s in WINGS:
                    break
                targets.append(s)
                if s in b:
                    break
                k += 1
        for s in targets:
            if s in b and (colour(b[s][0]) == side or b[s][0].upper() == "Q"):
                continue
            moves.append((frm, s, "n", None))
        f = fwd(side)
        if L == "P":
            one = at(x, y + f)
            if one and one not in WINGS and one not in b:
                for ex in arrivals(pos, frm, one, side, "P", mark):
                    moves.append((frm, one, "n", ex))
                two = at(x, y + 2 * f)
                if rel_rank(frm, side) == 2 and two not in b:
                    moves.append((frm, two, "n", None))
            for dx in (1, -1):
                s = at(x + dx, y + f)
                if not s or s in WINGS:
                    continue
                if s in b and colour(b[s][0]) != side and b[s][0].upper() != "Q":
                    for ex in arrivals(pos, frm, s, side, "P", mark):
                        moves.append((frm, s, "n", ex))
                elif s == pos.ep:
                    moves.append((frm, s, "ep", None))
        if L == "S" or L == "A":
            steps = [(1, f), (-1, f)] if L == "S" else DIAG
            for dx, dy in steps:
                s = at(x + dx, y + dy)
                if s and s in GRID.values() and s not in b:
                    for ex in arrivals(pos, frm, s, side, L, mark):
                        moves.append((frm, s, "n", ex))
            for lands, caps in jump_chains(pos, frm, side, L):
                for ex in arrivals(pos, frm, lands[-1], side, L, mark):
                    moves.append((frm, lands[-1], "j", (lands, caps, ex)))
    moves += castlings(pos, in_check)
    return moves


def castlings(pos, in_check):
    """Protecting the Queen (Change 1): the reverse of chess castling."""
    side, out = pos.side, []
    r = "1" if side == 0 else "8"
    q, t = ("Q", "T") if side == 0 else ("q", "t")
    if in_check or pos.board.get("d" + r, ("",))[0] != q:
        return out
    for right, tower, between, passed in (("Q", "a", "bc", "cb"), ("K", "h", "efg", "ef")):
        if (right if side == 0 else right.lower()) not in pos.castle:
            continue
        if pos.board.get(tower + r, ("",))[0] != t:
            continue
        if any(f + r in pos.board for f in between):
            continue
        if any(attacked(pos, f + r, 1 - side) for f in passed):
            continue
        out.append(("d" + r, ("b" if right == "Q" else "f") + r, "c", right))
    return out


def play(pos, m):
    frm, to, kind, extra = m
    q = pos.copy()
    b = q.board
    q.ep = None
    pc = b.pop(frm)
    r = "1" if pos.side == 0 else "8"
    if kind == "c":
        tf, tt = ("a", "c") if extra == "Q" else ("h", "e")
        b[to] = pc
        b[tt + r] = b.pop(tf + r)
    elif kind == "j":
        lands, caps, ex = extra
        for c in caps:
            del b[c]
        b[to] = pc
        if ex:
            b[to], b[ex] = b[ex], b[to]
    else:
        if kind == "ep":
            del b[to[0] + frm[1]]
        b[to] = pc
        if ex_of(m):
            b[to], b[ex_of(m)] = b[ex_of(m)], b[to]
        if pc[0].upper() == "P" and abs(int(to[1:]) - int(frm[1:])) == 2:
            mid = frm[0] + str((int(to[1:]) + int(frm[1:])) // 2)
            q.ep = mid
    for sq, right in (("d1", "KQ"), ("a1", "Q"), ("h1", "K"), ("d8", "kq"), ("a8", "q"),
                      ("h8", "k")):
        if frm == sq or to == sq:
            q.castle -= set(right)
    q.side = 1 - pos.side
    return q


def ex_of(m):
    return m[3] if m[2] == "n" else None


def legal(pos):
    out = []
    for m in pseudo(pos):
        q = play(pos, m)
        if not attacked(q, queen_square(q, pos.side), q.side):
            out.append(m)
    return out


def perft(pos, depth):
    moves = legal(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m), depth - 1) for m in moves)


def coord(m):
    frm, to, kind, extra = m
    if kind == "j":
        return frm + "".join(extra[0]) + ("=" if extra[2] else "")
    return frm + to + ("=" if extra and kind == "n" else "")


# ---- random positions: deployment by the seed's four variations, then random play ----

SETUP = None


def start_fen():
    pk = "".join("P(%d)" % i for i in range(1, 9))
    ext = []
    for p, up in (("b", str.upper), ("s", str.lower)):
        ext += ["%s(%d)@%sk%s" % (up("N"), i + 1, p, f) for i, f in enumerate(FILES)]
        ext += [("Z" if p == "b" else "y") + "@%spt" % p, up("G") + "@%sw" % p]
        ext += ["%s(%d)@%ss%d" % (up("S"), n, p, n) for n in range(1, 5)]
        ext += ["%s(%d)@%sa%d" % (up("A"), n, p, n) for n in range(1, 5)]
    return "tmbqkblt/%s/8/8/8/8/%s/TMBQKBLT{%s} w KQkq - 0 1" % (pk.lower(), pk, ",".join(ext))


ORDER = [1, 0, 0, 1, 1, 0, 0, 1]                    # who posts each Swordsman: S B B S S B B S


def allowed(variation, posted, side):
    """The squares the next posting of `side` may use; posted: [(side, square)] so far."""
    ranks = "34" if side == 0 else "65"
    mine = [s for c, s in posted if c == side]
    theirs = [s for c, s in posted if c != side]
    taken = {s for _, s in posted}
    sq = [f + r for r in ranks for f in FILES if f + r not in taken]

    def mirror(s):
        return s[0] + str(9 - int(s[1]))

    if variation == "countdown":
        return [s for s in sq if s not in {mirror(t) for t in theirs}]
    if variation == "dragon":
        def dark(s):
            return (FILES.index(s[0]) + int(s[1])) % 2 == 0
        if mine:
            return [s for s in sq if dark(s) == dark(mine[0])]
        if theirs:
            return [s for s in sq if dark(s) != dark(theirs[0])]
        return sq
    if variation == "symmetrical":
        k = len(posted)
        if k % 2 == 1:                              # the answer to the posting just made
            return [mirror(posted[-1][1])]
        return sq
    return sq


def deploy(rng, variation, tiger):
    pos = Pos(start_fen())
    if tiger:                                       # The TigerVariation, 2a-d
        for p, side in (("s", 1), ("b", 0)):
            r = "8" if side else "1"
            lancer = pos.board.pop("g" + r)
            pos.board["g" + r] = ("E" if side == 0 else "e", lancer[1])
            pos.board[rng.choice("cdef") + ("10" if side else "0")] = pos.board.pop(p + "w")
            pos.board[p + "w"] = pos.board.pop(p + "pt")
    posted = []
    for k, side in enumerate(ORDER):
        sq = rng.choice(allowed(variation, posted, side))
        posted.append((side, sq))
        p = "b" if side == 0 else "s"
        pos.board[sq] = pos.board.pop(p + "s%d" % (k // 2 + 1))
    return pos


def occupied(pos):
    """Has a Standard Bearer occupied a Palace (the game is over)?"""
    return any(pos.board.get(s, ("",))[0] in ("E", "e") for s in WINGS)


def random_positions(seed, n):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        variation = rng.choice(["open", "countdown", "dragon", "symmetrical"])
        pos = deploy(rng, variation, rng.random() < 0.4)
        for _ in range(rng.randrange(0, 80)):
            moves = legal(pos)
            if not moves:
                break
            # lean towards what is rare in random play: captures, exchanges, advances
            caps = [m for m in moves if m[2] == "j" or m[1] in pos.board or ex_of(m)]
            ahead = [m for m in moves if pos.board[m[0]][0].upper() in "PSE"]
            roll = rng.random()
            m = rng.choice(caps if caps and roll < 0.4 else
                           ahead if ahead and roll < 0.8 else moves)
            pos = play(pos, m)
            if occupied(pos):
                break
        if legal(pos) and not occupied(pos):
            out.append(pos.fen())
    return out


def compare_one(job):
    """tigergen's and tempest's counts at depths 1..depth; the first difference, or None."""
    binary, fen, depth = job
    import subprocess
    pos = Pos(fen)
    for d in range(1, depth + 1):
        want = perft(pos, d)
        out = subprocess.run([binary, "perft", "--variant", "tigerchess", fen, str(d)],
                             capture_output=True, text=True).stdout
        got = [line[16:] for line in out.splitlines() if line.startswith("Nodes searched: ")]
        if [str(want)] != got:
            return "MISMATCH depth %d: tigergen %d, tempest %s: %s" % (d, want, got, fen)
    return None


def compare(binary, seed, n, depth):
    from multiprocessing import Pool
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    with open(here + "/positions.txt") as f:
        fens = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    fens += random_positions(seed, n)
    with Pool(2) as pool:
        bad = [r for r in pool.map(compare_one, [(binary, f, depth) for f in fens]) if r]
    for line in bad:
        print(line)
    print("tigerchess perft: %d random and %d hand-made positions, depths 1-%d, %d mismatches"
          % (n, len(fens) - n, depth, len(bad)))
    return 1 if bad else 0


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "compare":
        return compare(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    if len(sys.argv) == 4 and sys.argv[1] in ("perft", "divide"):
        pos, depth = Pos(sys.argv[2]), int(sys.argv[3])
        if sys.argv[1] == "perft":
            print(perft(pos, depth))
        else:
            for m in legal(pos):
                print("%s: %d" % (coord(m), perft(play(pos, m), depth - 1) if depth > 1 else 1))
        return 0
    if len(sys.argv) == 4 and sys.argv[1] == "random":
        for f in random_positions(int(sys.argv[2]), int(sys.argv[3])):
            print(f)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
