#!/usr/bin/env python3
"""examples.py TEMPEST KIND LANG N READER DIR: every order a mail tells a player to write,
fed back (docs/orders.md "Languages", t_examples.sh).

Plays the first N mails of the golden game tests/golden/KIND/in.mbox in DIR with every
player's language set to LANG, then has READER ask for "help". From every mail READER got
and the help, it takes the examples (below); then sends them back, as READER in that game,
in one "test" mail (tempest process --dry-run: nothing changes) and reads its answer:
each example must be among the orders found, not passed over as prose nor refused for its
words. An example missing from a mail of several is tried again alone before it counts.
Prints "ok KIND LANG SOURCE: EXAMPLE" or "bad ..." per example, then "count KIND LANG N".

The examples of a mail:
- "for example: X" (par exemple, zum Beispiel): X, to the end of its line or a bracket;
- a text in double quotes that begins with an order word (of any language the referee
  reads: templates/po/LL.po) or is a move ("Nf3"), but for the player's own words quoted
  back (what was read, a relayed message, a refused line);
- in the help: the left column of its lists of orders (two spaces in, then the order, its
  explanation three spaces or more to the right), each of "a / b" apart; a column that
  shows a shape ("card ...", "take N") is not one;
- a word alone on its line, two spaces in, between blank lines (the invitation's accept).
"""
import email.header
import mailbox
import os
import re
import subprocess
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

FOR_EXAMPLE = r"(?:for example|par exemple|zum Beispiel)\s*:\s*"
# what the reader wrote or a player said, quoted back: never an example
OWN_WORDS = re.compile(r"^(Read in your mail|Lu dans votre courriel|In Ihrer Mail gelesen)\b")
WRITES = re.compile(r"\((?:[^()]|\([^()]*\))*\) (?:writes|écrit|schreibt) ?:$")
# the sections of the answer to "test": orders found, then the others
FOUND = ("Orders I found:", "Ordres trouvés :", "Gefundene Anweisungen:")


def fold(s):
    s = unicodedata.normalize("NFKD", s.replace("ß", "ss").replace("œ", "oe"))
    return "".join(c for c in s if not unicodedata.combining(c)).lower()


def order_words():
    """The first words of every order word, English and the catalogues'."""
    words = set()
    table = re.compile(r'^\s*\{ (?:NC_\("order", )?"([a-z][a-z ]*)"', re.M)
    for d, _, files in os.walk(os.path.join(ROOT, "src")):
        for f in files:
            if f == "order.c" or f.endswith("_kind.c"):
                for w in table.findall(open(os.path.join(d, f), encoding="utf-8").read()):
                    words.add(w.split()[0])
    po_dir = os.path.join(ROOT, "templates", "po")
    entry = re.compile(r'msgctxt "order"\nmsgid "[^"]*"\nmsgstr "([^"]*)"')
    for f in os.listdir(po_dir):
        if f.endswith(".po"):
            for s in entry.findall(open(os.path.join(po_dir, f), encoding="utf-8").read()):
                words |= {fold(w.split()[0]) for w in s.split("|") if w.strip()}
    return words


# a challenge of each kind, for the examples that start a game
CHALLENGES = ["chess", "tempete", "knightmare-cards", "tigerchess", "chessme", "perplexichess"]


def words_of(english):
    """English order word `english` and its words in every catalogue, folded."""
    words = {english}
    po_dir = os.path.join(ROOT, "templates", "po")
    entry = re.compile(r'msgctxt "order"\nmsgid "%s"\nmsgstr "([^"]*)"' % re.escape(english))
    for f in os.listdir(po_dir):
        if f.endswith(".po"):
            for s in entry.findall(open(os.path.join(po_dir, f), encoding="utf-8").read()):
                words |= {fold(w.split()[0]) for w in s.split("|") if w.strip()}
    return words


def movelike(w):
    return bool(re.fullmatch(r"[A-Za-z]*[a-z]-?[0-9]+[-x:=+#A-Za-z0-9]*|O-O(-O)?", w))


def text_of(msg):
    for p in (msg.walk() if msg.is_multipart() else [msg]):
        if p.get_content_type() == "text/plain":
            return p.get_payload(decode=True).decode("utf-8")
    return ""


def player_lines(text):
    """The mail without the player's own words: what was read, relayed messages, the
    refused lines (their reasons are the referee's)."""
    out, skip = [], False
    for line in text.split("\n"):
        if OWN_WORDS.match(line):
            skip = True
        elif WRITES.search(line):
            skip = True
            continue
        if skip and (not line.strip() or (not line.startswith(" ") and not OWN_WORDS.match(line))):
            skip = False
        if skip or re.match(r"^\s+(line|ligne|Zeile) \d+ ?:", line):
            continue
        out.append(line)
    return out


def examples(text, words, help_mail):
    found = []
    lines = player_lines(text)
    flat = " ".join(l.strip() for l in lines)
    for m in re.finditer(FOR_EXAMPLE + r'([^"(\n][^(\n]*?)\s*(?:\(|$)', "\n".join(lines), re.M):
        found.append(m.group(1).rstrip(".,;:) "))
    for m in re.finditer(r'"([^"]+)"', flat):
        q = m.group(1).strip()
        first = q.split()[0] if q.split() else ""
        if fold(first).rstrip(":.!") in words or movelike(first):
            found.append(q)
    for i, line in enumerate(lines):
        single = re.fullmatch(r"  (\S+)", line)
        if single and (i == 0 or not lines[i - 1].strip()) and \
                (i + 1 == len(lines) or not lines[i + 1].strip()) and \
                fold(single.group(1)) in words:
            found.append(single.group(1))
        if not help_mail:
            continue
        listed = re.match(r"  (\S(?:(?!   ).)*?)(?:   .*)?$", line)
        if not listed or line.startswith("   "):
            continue
        left = listed.group(1).strip()
        if "..." in left or re.search(r"(^| )N( |$)|\.\.\.@", left) or left.startswith("("):
            continue
        if re.match(r".*(@example\.org|e4|Nf3),", left):       # a challenge's orders, in a row
            parts = [p.strip() for p in left.split(",")]
        else:
            parts = [p.strip() for p in left.split(" / ")]
        found += [p for p in parts if p.split() and (fold(p.split()[0]) in words or
                                                     movelike(p.split()[0]))]
    seen, out = set(), []
    for e in found:
        e = " ".join(e.split())
        if e and e not in seen:
            seen.add(e)
            out.append(e)
    return out


def subject_of(msg):
    return str(email.header.make_header(email.header.decode_header(msg["Subject"])))


def mail(sender, subject, body, n):
    return ("From %s Thu Nov  5 10:00:00 2026\nFrom: %s\nTo: referee@tempest.example\n"
            "Subject: %s\nDate: Thu, 5 Nov 2026 10:%02d:00 +0000\nMessage-ID: <ex%d.%s>\n"
            "MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n\n%s\n\n" %
            (sender, sender, subject, n % 60, n, sender, body))


def run(tempest, conf, mbox_text, dry=False):
    path = conf + ".in"
    open(path, "w", encoding="utf-8").write(mbox_text)
    out = subprocess.run([tempest, "process", "-c", conf] + (["--dry-run"] if dry else []) + [path],
                         capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
    mb = conf + ".out"
    open(mb, "w", encoding="utf-8").write(out.stdout)
    return list(mailbox.mbox(mb))


def found_orders(text):
    """The lines of the test answer's orders found, and those of any answer's "Read in
    your mail" (a mail about no game that holds a challenge is answered so)."""
    got, on = set(), False
    for para in re.split(r"\n\s*\n", text):
        flat = " ".join(para.split())
        m = OWN_WORDS.match(flat)
        if m:
            read = flat[m.end():].lstrip(" :").rstrip(".")
            read = re.sub(r" \((?:and|et|und) \d+ .*\)$", "", read)
            got |= {r.strip() for r in read.split("; ")}
    for line in text.split("\n"):
        if line.strip() in FOUND:
            on = True
        elif on and not line.strip():
            break
        elif on:
            m = re.match(r"\s+(?:line|ligne|Zeile) \d+ ?: (.*)$", line)
            if m:
                got.add(" ".join(m.group(1).split()))
    return got


def main():
    tempest, kind, lang, n, reader, work = sys.argv[1:7]
    n = int(n)
    golden = os.path.join(ROOT, "tests", "golden", kind)
    os.makedirs(os.path.join(work, "data"), exist_ok=True)
    key = os.path.join(work, "data", "key")
    open(key, "wb").write(open(os.path.join(golden, "key"), "rb").read())
    os.chmod(key, 0o600)
    conf = os.path.join(work, "conf")
    open(conf, "w").write("referee_address = referee@tempest.example\nreferee_name = Tempest "
                          "referee\ndata_dir = %s/data\nmax_replies_per_sender = 10000\n" % work)
    msgs = list(mailbox.mbox(os.path.join(golden, "in.mbox")))
    addrs = sorted({m["From"].split("<")[-1].strip("> ") for m in msgs})
    import json
    json.dump({"format": 1, "players": {a: [{"at": 1793000000, "key": "seed." + a,
              "kind": "language", "language": lang}] for a in addrs}},
              open(os.path.join(work, "data", "players.json"), "w"))
    prefix = open(os.path.join(golden, "in.mbox"), encoding="utf-8").read()
    starts = [m.start() for m in re.finditer(r"^From \S+@", prefix, re.M)]
    prefix = prefix[:starts[n]] if n < len(starts) else prefix
    sent = run(tempest, conf, prefix)
    to_reader = [m for m in sent if reader in m["To"]]
    tag = None
    for m in to_reader:
        t = re.search(r"\[tempest (\d+) ([a-z0-9]+)\]", subject_of(m))
        if t:
            tag = t.group(0)
    if not tag:
        print("bad %s %s setup: no mail to %s with a token" % (kind, lang, reader))
        return
    helps = run(tempest, conf, mail(reader, "Re: %s" % tag, "help", 1))
    words = order_words()
    todo = []
    for m in to_reader + [h for h in helps if reader in h["To"]]:
        source = m["X-Tempest-Kind"] or "?"
        for e in examples(text_of(m), words, source == "help"):
            if e not in [t[0] for t in todo]:
                todo.append((e, source))

    def read_back(batch, k, tagged=True, first=""):
        body = "test\n\n" + (first + "\n\n" if first else "") + "\n\n".join(batch)
        subject = "Re: %s" % tag if tagged else "orders"
        answer = run(tempest, conf, mail(reader, subject, body, k), dry=True)
        return found_orders("\n".join(text_of(a) for a in answer if reader in a["To"]))

    hidden = {w for w in words_of("password")}
    got = read_back([e for e, _ in todo], 2)
    missed = [e for e, _ in todo if e not in got and
              not (fold(e.split()[0]) in hidden and "password (hidden)" in got)]
    # a challenge's orders ("the same for black"), and observe, which names its game, are
    # written in a mail about no game: read so, in a challenge of each kind
    for i, first in enumerate([""] + ["new " + v for v in CHALLENGES]):
        if missed:
            got |= read_back(missed, 100 + i, False, first)
            missed = [e for e in missed if e not in got]
    for i, (e, source) in enumerate(todo):
        ok = e not in missed or e in read_back([e], 200 + i)
        print("%s %s %s %s: %s" % ("ok" if ok else "bad", kind, lang, source, e))
    print("count %s %s %d" % (kind, lang, len(todo)))


main()
