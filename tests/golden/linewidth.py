#!/usr/bin/env python3
"""Every text line of every mail in the given mboxes fits 78 characters (issue 25,
"lines that fit"), except a FEN, which is kept whole on its own line: "FEN: ...",
a PGN [FEN "..."] tag or a bare FEN, possibly indented. The HTML parts are not concerned.
Usage: linewidth.py [-v] MBOX...   (-v: print the longest line per mbox)
Exit 1 and name each offending line when a line is longer."""
import email, email.policy, mailbox, re, sys

WIDTH = 78
# A FEN line: "FEN: ..." (any kind's position text), a PGN [FEN "..."] tag, or a bare
# FEN (its first word four or more '/'-separated ranks); blanks before it allowed.
FEN = re.compile(r'^\s*(?:FEN:|\[FEN "|[^\s/]*(?:/[^\s/]*){3,}(?:\s|$))')


def text_parts(msg):
    for part in msg.walk():
        if part.get_content_type() == 'text/plain':
            yield part.get_payload(decode=True).decode('utf-8', 'replace')


def main(args):
    verbose = args[:1] == ['-v']
    if verbose:
        args = args[1:]
    bad = 0
    for path in args:
        longest = (0, '')
        for i, msg in enumerate(mailbox.mbox(path, factory=None)):
            for text in text_parts(msg):
                for line in text.splitlines():
                    if len(line) > longest[0]:
                        longest = (len(line), line)
                    if len(line) > WIDTH and not FEN.match(line):
                        bad += 1
                        print('%s: mail %d (%s): %d characters: %s'
                              % (path, i + 1, msg['X-Tempest-Kind'], len(line),
                                 line[:100]))
        if verbose:
            print('%s: longest line %d: %s' % (path, longest[0], longest[1][:100]))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
