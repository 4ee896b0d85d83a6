#!/usr/bin/env python3
"""An independent ChessMe move generator (seed 004), written from the rule text and the
docs/chessme.md's readings only, to check the referee's: random games are played here, and at
every position this program's legal moves and placements must equal what
`tempest moves -` prints for it.

    python3 tests/chessme/reference.py TEMPEST [POSITIONS] [SEED]

Exit 0 when every list is equal, 1 at the first difference (both lists shown).

The readings (docs/chessme.md, "Interpretations (ChessMe)"): squares are (file, rank) pairs with
files named a..z, aa.. rightwards and -a, -b.. leftwards of a, ranks any integer; White's
forward is up. A move that captures nothing must end on a square that touches (by a side
or a corner) another tile: the moving tile, having left its square, does not count. The
king steps sideways or forwards, backwards only to capture, and attacks all eight
squares. No castling, no double step, no en passant. A pawn that arrives on the rank of
the enemy king may stay a pawn or be exchanged for a kind of its side's tiles the
opponent has captured (not a pawn); the pawn then joins the captured tiles. After its
move a side may place a tile from its hand: a pawn left or right of one of its pawns, any
other tile just behind one of its pawns, on a free square; then it draws from its pile.
"""
import random
import subprocess
import sys

WHITE, BLACK = 0, 1
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
JUMPS = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
OTHERS = "QRRBBNNPPPP"


def file_text(x):
    if x < 0:
        return "-" + file_text(-x - 1)
    letters = ""
    x += 1
    while x > 0:
        x, r = divmod(x - 1, 26)
        letters = chr(ord("a") + r) + letters
    return letters


def square_text(sq):
    return "%s%d" % (file_text(sq[0]), sq[1])


def ahead(colour):
    return 1 if colour == WHITE else -1


class Game:
    """The table: tiles by square, hands, piles, captured tiles, the side to move."""

    def __init__(self, rng):
        self.tiles = {}
        for x in range(2, 6):
            self.tiles[(x, 2)] = (WHITE, "P")
            self.tiles[(x, 5)] = (BLACK, "P")
        self.tiles[(4, 1)] = (WHITE, "K")
        self.tiles[(4, 6)] = (BLACK, "K")
        self.piles = []
        for _ in (WHITE, BLACK):
            pile = list(OTHERS)
            rng.shuffle(pile)
            self.piles.append(pile)
        self.hands = [[self.piles[c].pop(0) for _ in range(3)] for c in (WHITE, BLACK)]
        self.lost = [[], []]            # each side's tiles the opponent took
        self.turn = WHITE

    def text(self):
        def tile(sq, t):
            return (t[1] if t[0] == WHITE else t[1].lower()) + square_text(sq)
        order = sorted(self.tiles.items(), key=lambda kv: kv[1][0])
        tiles = ",".join(tile(sq, t) for sq, t in order) or "-"
        lists = ["".join(l) or "-" for l in (self.hands[0], self.hands[1], self.lost[0], self.lost[1])]
        return " ".join(["wb"[self.turn], tiles] + lists)

    # -- attacks, checks ---------------------------------------------------------------
    def hits(self, sq, colour):
        """Does some tile of `colour` attack sq by its powers?"""
        for (x, y), (c, t) in self.tiles.items():
            if c != colour:
                continue
            dx, dy = sq[0] - x, sq[1] - y
            if (dx, dy) == (0, 0):
                continue
            if t == "K" and max(abs(dx), abs(dy)) == 1:
                return True
            if t == "N" and (dx, dy) in JUMPS:
                return True
            if t == "P" and abs(dx) == 1 and dy == ahead(c):
                return True
            dirs = {"R": ORTHO, "B": DIAG, "Q": ORTHO + DIAG}.get(t, [])
            for ux, uy in dirs:
                k = 1
                while True:
                    s = (x + k * ux, y + k * uy)
                    if s == sq:
                        return True
                    if s in self.tiles or abs(s[0] - x) > abs(dx) or abs(s[1] - y) > abs(dy):
                        break
                    k += 1
        return False

    def king(self, colour):
        return next(sq for sq, t in self.tiles.items() if t == (colour, "K"))

    def checked(self, colour):
        return self.hits(self.king(colour), 1 - colour)

    # -- moves ----------------------------------------------------------------------------
    def touching(self, sq, leaving):
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (sq[0] + dx, sq[1] + dy)
                if (dx, dy) != (0, 0) and n != leaving and n in self.tiles:
                    return True
        return False

    def reach(self):
        xs = [s[0] for s in self.tiles]
        ys = [s[1] for s in self.tiles]
        return min(xs) - 2, max(xs) + 2, min(ys) - 2, max(ys) + 2

    def candidates(self, frm):
        """(to, capture) pairs of the tile on frm by its powers and the seed's limits."""
        colour, t = self.tiles[frm]
        x, y = frm
        out = []

        def consider(to, may_capture=True, may_step=True):
            other = self.tiles.get(to)
            if other is None:
                if may_step and self.touching(to, frm):
                    out.append(to)
                return True
            if other[0] != colour and may_capture:
                out.append(to)
            return False

        if t == "K":
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if (dx, dy) != (0, 0):
                        consider((x + dx, y + dy), True, dy != -ahead(colour))
        elif t == "N":
            for dx, dy in JUMPS:
                consider((x + dx, y + dy))
        elif t == "P":
            f = ahead(colour)
            consider((x, y + f), False, True)
            for dx in (-1, 1):
                consider((x + dx, y + f), True, False)
        else:
            lo_x, hi_x, lo_y, hi_y = self.reach()
            for ux, uy in {"R": ORTHO, "B": DIAG, "Q": ORTHO + DIAG}[t]:
                k = 1
                while lo_x <= x + k * ux <= hi_x and lo_y <= y + k * uy <= hi_y:
                    if not consider((x + k * ux, y + k * uy)):
                        break
                    k += 1
        return out

    def play(self, frm, to, exchange=None):
        colour, t = self.tiles.pop(frm)
        if to in self.tiles:
            victim = self.tiles[to]
            self.lost[victim[0]].append(victim[1])
        if exchange:
            self.lost[colour].remove(exchange)
            self.lost[colour].append("P")
            t = exchange
        self.tiles[to] = (colour, t)

    def copy(self):
        g = Game.__new__(Game)
        g.tiles = dict(self.tiles)
        g.piles = [list(p) for p in self.piles]
        g.hands = [list(h) for h in self.hands]
        g.lost = [list(l) for l in self.lost]
        g.turn = self.turn
        return g

    def moves(self):
        """Every legal move: (from, to, exchange or None)."""
        me = self.turn
        result = []
        enemy_rank = self.king(1 - me)[1]
        for frm, (c, t) in list(self.tiles.items()):
            if c != me:
                continue
            for to in self.candidates(frm):
                options = [None]
                if t == "P" and to[1] == enemy_rank:
                    options += sorted(set(k for k in self.lost[me] if k not in "PK"))
                for ex in options:
                    after = self.copy()
                    after.play(frm, to, ex)
                    if not after.checked(me):
                        result.append((frm, to, ex))
        return result

    def placements(self, colour):
        """(tile, square) a side may place now, after its move."""
        spots = set()
        pawns = [sq for sq, t in self.tiles.items() if t == (colour, "P")]
        for kind in set(self.hands[colour]):
            for x, y in pawns:
                targets = [(x - 1, y), (x + 1, y)] if kind == "P" else [(x, y - ahead(colour))]
                for sq in targets:
                    if sq not in self.tiles:
                        spots.add((kind, sq))
        return spots

    def place(self, colour, kind, sq):
        self.hands[colour].remove(kind)
        self.tiles[sq] = (colour, kind)
        if self.piles[colour]:
            self.hands[colour].append(self.piles[colour].pop(0))


def move_text(m):
    frm, to, ex = m
    return square_text(frm) + square_text(to) + ("=" + ex if ex else "")


def options(g):
    """Every legal turn as the referee prints it: the move, then move and placement."""
    lines = []
    turns = []
    for m in g.moves():
        lines.append(move_text(m))
        turns.append((m, None))
        after = g.copy()
        after.play(*m)
        for kind, sq in sorted(after.placements(g.turn)):
            lines.append("%s %s@%s" % (move_text(m), kind, square_text(sq)))
            turns.append((m, (kind, sq)))
    return lines, turns


def choose(rng, turns):
    """Random play that reaches captures, placements and exchanges often enough."""
    weighted = []
    for t in turns:
        (frm, to, ex), pl = t
        w = 1
        w += 6 if ex else 0
        w += 2 if pl else 0
        weighted.append(w)
    return rng.choices(turns, weights=weighted)[0]


def main():
    tempest = sys.argv[1]
    want = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 4)
    positions, expected = [], []
    stats = dict(games=0, moves=0, placements=0, exchanges=0, checks=0, mates=0, stalemates=0,
                 spread=0)
    g = Game(rng)
    stats["games"] = 1
    while len(positions) < want:
        lines, turns = options(g)
        positions.append(g.text())
        expected.append(sorted(lines))
        stats["moves"] += sum(1 for l in lines if " " not in l)
        stats["placements"] += sum(1 for l in lines if " " in l)
        stats["exchanges"] += sum(1 for l in lines if "=" in l and " " not in l)
        stats["checks"] += g.checked(g.turn)
        xs = [s[0] for s in g.tiles] + [s[1] for s in g.tiles]
        stats["spread"] = max(stats["spread"], max(xs) - min(xs))
        if not turns or len(positions) % 150 == 0:
            if not turns:
                stats["mates" if g.checked(g.turn) else "stalemates"] += 1
            g = Game(rng)
            stats["games"] += 1
            continue
        (frm, to, ex), pl = choose(rng, turns)
        g.play(frm, to, ex)
        if pl:
            g.place(g.turn, *pl)
        g.turn = 1 - g.turn
    run = subprocess.run([tempest, "moves", "-"], input="\n".join(positions) + "\n",
                         capture_output=True, text=True)
    if run.returncode != 0:
        print("tempest moves failed:", run.stderr)
        return 1
    got, cur = [], []
    for line in run.stdout.split("\n"):    # each list ends with an empty line
        if line:
            cur.append(line)
        else:
            got.append(sorted(cur))
            cur = []
    for i, pos in enumerate(positions):
        mine = expected[i]
        theirs = got[i] if i < len(got) else ["(nothing)"]
        if mine != theirs:
            print("position %d differs: %s" % (i + 1, pos))
            print("  only here:    ", sorted(set(mine) - set(theirs))[:20])
            print("  only tempest: ", sorted(set(theirs) - set(mine))[:20])
            return 1
    print("%d positions from %d random games: every list equal (%d moves, %d with a "
          "placement, %d exchanges, %d checks, %d mates, %d stalemates; widest spread %d "
          "squares)" % (len(positions), stats["games"], stats["moves"], stats["placements"],
                        stats["exchanges"], stats["checks"], stats["mates"], stats["stalemates"],
                        stats["spread"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
