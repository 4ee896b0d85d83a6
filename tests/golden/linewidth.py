#!/usr/bin/env python3
"""Every text line of every mail in the given mboxes fits 78 characters (issue 25,
"lines that fit"), except a FEN, which is kept whole on its own line: "FEN: ...",
a PGN [FEN "..."] tag or a bare FEN, possibly indented. The HTML parts are not concerned.
A directory given instead of an mbox is a mail stack's tree of Maildirs (tests/e2e/run.sh
scans its shared stack's DIR/mail this way): every Maildir under it, every user's and
every folder, and only the mails the referee sent (they carry X-Tempest-Kind), each
Message-ID once however many mailboxes it was delivered to.
Usage: linewidth.py [-v] MBOX|DIR...   (-v: print the longest line and the longest that
is not a FEN per mbox or directory, and the number of mails read per directory)
Exit 1 and name each offending line when a line is longer."""
import email, email.policy, mailbox, os, re, sys

WIDTH = 78
# A FEN line: "FEN: ..." (any kind's position text; French writes a no-break space before
# the colon), a PGN [FEN "..."] tag, or a bare
# FEN (its first word four or more '/'-separated ranks); blanks before it allowed.
FEN = re.compile(r'^\s*(?:FEN(?:\xa0)?:|\[FEN "|[^\s/]*(?:/[^\s/]*){3,}(?:\s|$))')


def text_parts(msg):
    for part in msg.walk():
        if part.get_content_type() == 'text/plain':
            yield part.get_payload(decode=True).decode('utf-8', 'replace')


def referee_mails(top):
    """(name, message) of each mail the referee sent found in the Maildirs under top."""
    seen = set()
    for root, dirs, _ in sorted(os.walk(top)):
        dirs.sort()
        if not ('cur' in dirs and 'new' in dirs):
            continue
        box = mailbox.Maildir(root, factory=None, create=False)
        for key in sorted(box.keys()):
            try:
                msg = box[key]
            except (KeyError, FileNotFoundError):
                continue
            mid = msg['Message-ID']
            if msg['X-Tempest-Kind'] is None or (mid and mid in seen):
                continue
            seen.add(mid)
            yield '%s/%s' % (os.path.relpath(root, top), key), msg


def mails(path):
    if os.path.isdir(path):
        yield from referee_mails(path)
    else:
        for i, msg in enumerate(mailbox.mbox(path, factory=None)):
            yield 'mail %d' % (i + 1), msg


def main(args):
    verbose = args[:1] == ['-v']
    if verbose:
        args = args[1:]
    bad = 0
    for path in args:
        longest, other, count = (0, ''), (0, ''), 0
        for name, msg in mails(path):
            count += 1
            for text in text_parts(msg):
                for line in text.splitlines():
                    fen = FEN.match(line)
                    if len(line) > longest[0]:
                        longest = (len(line), line)
                    if not fen and len(line) > other[0]:
                        other = (len(line), line)
                    if len(line) > WIDTH and not fen:
                        bad += 1
                        print('%s: %s (%s): %d characters: %s'
                              % (path, name, msg['X-Tempest-Kind'], len(line),
                                 line[:100]))
        if verbose:
            if os.path.isdir(path):
                print('%s: %d mails of the referee' % (path, count))
            print('%s: longest line %d: %s' % (path, longest[0], longest[1][:100]))
            print('%s: longest line not a FEN %d: %s' % (path, other[0], other[1][:100]))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
