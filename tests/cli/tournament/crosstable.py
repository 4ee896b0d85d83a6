#!/usr/bin/env python3
"""crosstable.py DOM: the crosstable of a tournament's page as the browser built it (the
DOM `chromium --dump-dom` printed): a line a row, "PLACE PLAYER POINTS SB MARKS LINKS",
POINTS and SB as the text crosstable writes them (6½, 12.25), MARKS each cell's marks
(- for an empty one), LINKS the games its results link to; a blank in PLAYER as "_"."""
import sys
from html.parser import HTMLParser

class Table(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.row, self.cell, self.text = [], None, None, ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-player" in a:
            self.row = {"player": a["data-player"], "points": int(a["data-points"]),
                        "sb": int(a["data-sb"]), "cells": [], "links": [], "texts": []}
            self.rows.append(self.row)
        elif tag == "td" and self.row is not None:
            self.cell = a.get("data-marks")
            self.text = ""
        elif tag == "a" and self.row is not None and a.get("href", "").startswith("game-"):
            self.row["links"].append(a["href"][5:-5])

    def handle_data(self, data):
        if self.row is not None:
            self.text += data

    def handle_endtag(self, tag):
        if tag == "td" and self.row is not None:
            self.row["texts"].append(self.text.strip())
            if self.cell is not None:
                self.row["cells"].append(self.cell.strip() or "-")
            self.cell = None
        elif tag == "tr":
            self.row = None

def points(half):
    return ("½" if half == 1 else "%d½" % (half // 2)) if half % 2 else "%d" % (half // 2)

t = Table()
t.feed(open(sys.argv[1]).read())
for r in t.rows:
    print(r["texts"][0], r["player"].replace(" ", "_"), points(r["points"]),
          "%d.%02d" % (r["sb"] // 4, r["sb"] % 4 * 25), "".join(r["cells"]),
          ",".join(r["links"]) or "-")
