#!/usr/bin/env python3
"""orders_pot.py [ROOT]: the order words as a PO template on standard output (docs/design.md
"Languages"): the words of every order table (src/game/order_table.c's `keywords`, each kind's in
src/kinds/*/*_kind.c), msgctxt "order", and the words an order reads after its own (each
entry's `args`), msgctxt "order argument". A catalogue's msgstr for them is the word or
words a player writes in its language, alternatives split by "|", the first the one the
mails show; the referee reads them from every player (game/order_words.h). `make po`
writes templates/po/orders.pot with it and adds that to tempest.pot."""
import glob
import os
import re
import sys

HEADER = '''# orders.pot: the order words, from the order tables (templates/po/orders_pot.py; `make po`).
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
'''

ORDER_COMMENT = ("TRANSLATORS: an order word: what a player writes for it, one to three "
                 "words; alternatives split by |, the first the one the mails show "
                 "(\"abandon|abandonner\"); capitals and accents need not be written to "
                 "be read")
ARG_COMMENT = ("TRANSLATORS: a word an order reads after its own (\"colour black\", "
               "\"time 3 days per move\"): the same form as the order words")


def strings(text):
    return "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', text))


def tables(root):
    """(file, words, args) of every entry of the order tables, in their order: the
    generic table (`keywords`) and the one each kind names as its `.orders`."""
    out = []
    files = [os.path.join(root, "src/game/order_table.c")] + \
        sorted(glob.glob(os.path.join(root, "src/kinds/*/*_kind.c")))
    for f in files:
        s = open(f, encoding="utf-8").read()
        defs = {m.group(1): strings(m.group(2)) for m in
                re.finditer(r'#define (\w+) ((?:"[^"]*"[ \t]*(?:\\\n[ \t]*)?)+)', s)}
        named = re.search(r"\.orders = (\w+),", s)
        name = named.group(1) if named else "keywords"
        for m in re.finditer(r"static const struct (?:keyword|order_word) %s\[\] = \{(.*?)\n\};"
                             % name, s, re.S):
            for e in re.finditer(r'\{ "([a-z][a-z ]*)", (\w+),(.*?)\},?\n', m.group(1) + "\n",
                                 re.S):
                last = e.group(3).strip().rsplit(",", 1)[-1].strip()
                args = strings(last) if last.startswith('"') else defs.get(last)
                out.append((os.path.relpath(f, root), e.group(1), args))
    return out


def entry(where, ctx, msgid, comment):
    return '#. %s\n#: %s\nmsgctxt "%s"\nmsgid "%s"\nmsgstr ""\n' % (comment, where, ctx, msgid)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    words, args = {}, {}
    for f, w, a in tables(root):
        words.setdefault(w, []).append(f)
        for x in (a or "").lstrip("^").split():
            args.setdefault(x, []).append(f)
    out = [HEADER]
    for w, fs in words.items():
        out.append(entry(" ".join(sorted(set(fs))), "order", w, ORDER_COMMENT))
    for w, fs in args.items():
        out.append(entry(" ".join(sorted(set(fs))), "order argument", w, ARG_COMMENT))
    sys.stdout.write("\n".join(out))


main()
