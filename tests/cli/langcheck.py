#!/usr/bin/env python3
"""langcheck.py --text MBOX: each mail's To, subject and text part, decoded.
langcheck.py LANGS MBOX [GAPS]: each mail of MBOX (the referee's replies) read in its reader's
language, LANGS mapping addresses to languages ("alice@example.org=fr bob@example.org=en", "*=fr"
for every other address; with
":moved,refused", those mails only, the others English);
one line per mail: "ok LANG KIND TO" when the subject and the text part hold the stock
phrases of no other language, else "bad ..." with the phrase found (t_languages.sh). A
line that matches one of the expressions of GAPS (tests/cli/langgaps.txt) is a known gap:
its English words are not counted, and "gap N EXPRESSION" says how often each was met."""
import email
import email.header
import mailbox
import os
import re
import sys

# Phrases every mail of a language is made of, and no other language writes.
STOCK = {
    "en": ["Your move", "is to move", 'Write "help"', "Time (", "Moves:", "Next deadline",
           "Read in your mail", "It is your move", "offers a draw", "Nothing in your mail",
           "is over", "has begun", "invites you", "Your challenge", "your opponent",
           "is recorded", "played 1.", "days per", "line 1:", "will not be played", "Your hand",
           "You drew", "Thank you for playing", "The game in PGN"],
    "fr": ["Votre coup", "Au trait", "Écrivez-moi", "Temps (", "Coups :", "Prochaine échéance",
           "Lu dans votre courriel", "À vous de jouer", "proposent la nulle", "Rien de votre",
           "est terminée", "a commencé", "vous invite", "Votre défi", "votre adversaire",
           "Blancs", "Noirs", " jours", "ligne 1 :", "ne sera pas jouée", "Votre main",
           "Vous avez tiré", "Merci d'avoir joué", "La partie en PGN"],
    "de": ["Ihr Zug", "Am Zug", "Schreiben Sie", "Bedenkzeit", "Züge:", "Nächste Frist",
           "In Ihrer Mail", "Sie sind am Zug", "bietet", "Nichts aus Ihrer", "Weiß", "Schwarz",
           " Tage", "Zeile 1:", "Ihre Hand", "gezogen", "ist beendet", "Danke fürs Spielen",
           "Die Partie in PGN", "Remis"],
}


def text_of(msg):
    parts = msg.walk() if msg.is_multipart() else [msg]
    for p in parts:
        if p.get_content_type() == "text/plain":
            return p.get_payload(decode=True).decode("utf-8")
    return ""


# Words any English sentence has and no French or German one does. A line a player
# wrote is left out: an indented one (a quotation, a relayed message, the lines of a
# refusal) and what stands in quotes ("'Nf9'", a message relayed).
ENGLISH = ("the you your yours is are and of with has have not this that these those to for from by "
           "was were will be been being at or if no yes it its their they them he she his her "
           "we our us can may must should would could did does do had than then each every one "
           "two three after before until none please thanks here there which when what who "
           "game games move moves moved card cards white black writes wrote played plays "
           "days day hours hour minutes captured hand drew tiles turn board "
           "boards team score seat side time deadline next last first also only just more "
           "over left right into onto about as any some such while since again still now").split()
# ... less those the reader's language writes too ("in" and "so" in German, "on" and "a"
# in French)
OWN = {"fr": set("on a as or plus fin est son sont tu mais an".split()),
       "de": set("was will an in so hand all man also bin die war wir".split()),
       "es": set("no a".split())}


def small_words(lang):
    words = [w for w in ENGLISH if w not in OWN.get(lang, set())]
    return re.compile(r"\b(" + "|".join(words) + r")\b", re.IGNORECASE)


# What was read of the reader's mail is their own words, whatever their language.
READ = re.compile(r"^(Read in your mail|Lu dans votre courriel|In Ihrer Mail gelesen)\b")


GAPS = []
GAPS_MET = {}


def known_gap(line):
    for g in GAPS:
        if g.search(line):
            GAPS_MET[g.pattern] = GAPS_MET.get(g.pattern, 0) + 1
            return True
    return False


def english_words(body, lang):
    found = []
    small = small_words(lang)
    reason = read = False
    for line in body.split("\n"):
        read = bool(READ.match(line)) or (read and line.startswith(" "))
        if read:
            continue
        # a refusal's reason ("      -> ...", and its wrapped lines) is the referee's
        if line.lstrip().startswith("->"):
            reason = True
        elif not (reason and line.startswith("        ")):
            reason = False
        if (line.startswith(" ") and not reason) or line.startswith("-- "):
            continue
        bare = re.sub(r'"[^"]*"|\'[^\']*\'', "", line)
        words = small.findall(bare)
        if words and known_gap(line):
            continue
        line = bare
        found += [f"en-word:{w!r}" for w in words]
        if words and os.environ.get("LANGCHECK_LINES"):
            print("  english:", line)
    return found[:3]


def without_pgn(lines):
    """The lines but a PGN record's: from its first tag to the blank line after its
    movetext."""
    tags = movetext = False
    for line in lines:
        if re.match(r'\[[A-Za-z]+ "', line) and not movetext:
            tags = True
            continue
        if tags and line.strip():
            movetext = True
            continue
        if movetext and not line.strip():
            tags = movetext = False
        yield line


def subject_of(msg):
    return str(email.header.make_header(email.header.decode_header(msg["Subject"])))


def main():
    if sys.argv[1] == "--text":
        for msg in mailbox.mbox(sys.argv[2]):
            print("To: %s\nSubject: %s\n\n%s" % (msg["To"], subject_of(msg), text_of(msg)))
        return
    langs = dict(w.split("=") for w in sys.argv[1].split())
    if len(sys.argv) > 3:
        for line in open(sys.argv[3], encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                GAPS.append(re.compile(line.split("\t")[0]))
    for msg in mailbox.mbox(sys.argv[2]):
        to = msg["To"].strip("<> ")
        to = to[to.find("<") + 1:].rstrip(">") if "<" in to else to
        subject = subject_of(msg)
        kind = msg["X-Tempest-Kind"]
        body = subject + "\n" + text_of(msg)
        lang, _, kinds = langs.get(to, langs.get("*", "en")).partition(":")
        if kinds and kind not in kinds.split(","):
            lang = "en"
        # the PGN record is PGN's, English in every language (its tags, [White "..."], and
        # its comments): not the mail's words
        body = "\n".join(without_pgn(body.split("\n")))
        # the help's examples are orders, whose words are English in every language
        if kind == "help":
            body = "\n".join(l for l in body.split("\n") if not l.startswith("  "))
        if lang != "en":        # English's small words, outside what players wrote
            found_words = english_words(body if kind != "help" else "", lang)
        else:
            found_words = []
        flat = " ".join(body.split())     # a phrase wrapped over two lines reads whole
        body = body + "\n" + flat
        found = found_words + [f"{other}:{w!r}" for other, words in STOCK.items() if other != lang
                 for w in words if w in body]
        own = [w for w in STOCK[lang] if w in body]
        verdict = "ok" if not found and own else "bad"
        print(verdict, lang, kind, to, " ".join(found) if found else
              ("" if own else "no stock phrase of its own language"))


main()
for pattern, n in GAPS_MET.items():
    print("gap", n, pattern)
