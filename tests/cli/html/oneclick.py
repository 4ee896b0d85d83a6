#!/usr/bin/env python3
"""oneclick.py: the one-click moves of a mail's HTML part (docs/design.md, "One-click
moves"), checked from the outside.

  oneclick.py feed TEMPEST CONF MBOX TO [LANG]
      The last mail to TO in MBOX (the referee's replies): its HTML part's mailto: links,
      decoded as RFC 6068 says (percent-decoding only: '+' is '+'), each made into a mail
      from TO with the link's subject and body and fed to `TEMPEST process --dry-run -c
      CONF` (each mail applied alone to the game as it stands). Every link must be to the
      referee, reply under the game's tag with TO's token, be applied (no refusal), reach
      a state of its own (X-Tempest-State) other than the mail's, and where its label is
      a move, record that very move (the record's last move, the label read in TO's
      letters LANG). Every tenth link is made into its mail by mutt instead (a mail
      client's own reading of a mailto: URI: `mutt URI` in batch mode, its sendmail a
      script that keeps the mail). Prints "links N (M through mutt)", then one line per
      failure.
  oneclick.py measure HTML OUT WIDTH
      HTML with a script that lays the page out WIDTH CSS pixels wide (headless Chromium's
      --dump-dom keeps a window 500 pixels wide at least: the page's root is given the
      phone's width instead) and measures each link (its box, whether it shows): the
      report is the DOM's <pre id="oneclick">.
  oneclick.py same MBOX TO LOG
      The text part of the last mail to TO in MBOX is the one the game log LOG keeps
      for that mail (its Message-ID): the HTML part, links and all, changes nothing of it.
  oneclick.py report DOM WIDTH
      The report read back: "links N, min height H, min width W, outside 0, hidden 0" (N
      links, their least height and width in CSS pixels, how many reach beyond WIDTH or
      are not shown); exit 1 if any link is under 44 pixels high, outside or hidden.
"""
import email
import email.header
import email.policy
import html
import mailbox
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse

LETTERS = {"fr": "RDTFC", "de": "KDTLS", "nl": "KDTLP", "es": "RDTAC", "it": "RDTAC",
           "sv": "KDTLS"}


def parts(msg):
    """The text and the HTML part of a mail, decoded."""
    text = htm = ""
    for p in (msg.walk() if msg.is_multipart() else [msg]):
        if p.get_content_type() == "text/plain" and not text:
            text = p.get_payload(decode=True).decode("utf-8").replace("\r\n", "\n")
        elif p.get_content_type() == "text/html":
            htm = p.get_payload(decode=True).decode("utf-8").replace("\r\n", "\n")
    return text, htm


def links(htm):
    """(to, subject, body, label, uri) of each mailto: link, decoded per RFC 6068."""
    out = []
    for href, label in re.findall(r'<a href="(mailto:[^"]*)"[^>]*>([^<]*)</a>', htm):
        href = html.unescape(href)
        uri = href
        to, _, query = href[len("mailto:"):].partition("?")
        fields = {}
        for f in query.split("&"):
            k, _, v = f.partition("=")
            fields[k.lower()] = urllib.parse.unquote(v, errors="strict")
        body = fields.get("body", "").replace("\r\n", "\n")
        out.append((urllib.parse.unquote(to), fields.get("subject", ""), body,
                    html.unescape(label), uri))
    return out


def by_mutt(uri, sender, tmp):
    """The mail mutt writes for the mailto: URI, from sender (batch mode, nothing sent)."""
    kept = os.path.join(tmp, "mutt.eml")
    script = os.path.join(tmp, "keep.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\ncat > '%s'\n" % kept)
    os.chmod(script, 0o755)
    run = subprocess.run(["mutt", "-n", "-F", "/dev/null", "-e", "set sendmail=" + script,
                          "-e", "set from=" + sender, "-e", "set use_from=yes",
                          "-e", "set send_charset=utf-8", uri],
                         stdin=subprocess.DEVNULL, capture_output=True, timeout=60,
                         env=dict(os.environ, HOME=tmp))
    if run.returncode != 0 or not os.path.exists(kept):
        return None
    with open(kept, "rb") as f:
        m = email.message_from_binary_file(f, policy=email.policy.compat32)
    os.unlink(kept)
    return m


def english(label, lang):
    """A move in the letters of `lang`, in English letters (K Q R B N)."""
    letters = LETTERS.get(lang)
    if not letters or not label or not label[0].isupper():
        return label
    out = list(label)
    for i, c in enumerate(out):
        if c in letters and (i == 0 or (i >= 1 and label[i - 1] in "=/(" ) or
                             (i == len(label) - 1 and label[i - 1].isdigit())):
            out[i] = "KQRBN"[letters.index(c)]
    return "".join(out)


def last_move(text):
    """The last move of the record ("Moves: 1. e4 e5 2. Nf3"), without check marks."""
    m = re.search(r"^(?:Moves|Coups|Züge)\s*: (.*(?:\n {2,}.*)*)", text, re.M)
    if not m:
        return None
    words = [w for w in m.group(1).split() if not re.match(r"^\d+\.+$", w) and w[0] != "{"]
    return words[-1].rstrip("+#") if words else None


def feed(tempest, conf, mbox, to, lang):
    mails = [m for m in mailbox.mbox(mbox, factory=lambda f: email.message_from_binary_file(
        f, policy=email.policy.compat32)) if m.get("To") == to]
    if not mails:
        print("links 0\nno mail to %s" % to)
        return 1
    mine = mails[-1]
    state = mine.get("X-Tempest-State")
    _, htm = parts(mine)
    found = links(htm)
    fails = []
    muttered = 0
    subject = str(email.header.make_header(email.header.decode_header(mine.get("Subject", ""))))
    tag = re.search(r"\[tempest \d+ \w+\]", subject)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "links.mbox")
        box = mailbox.mbox(path)
        for i, (rcpt, subject, body, label, uri) in enumerate(found):
            if not rcpt.startswith("referee@"):
                fails.append("link %d: to %s" % (i, rcpt))
            if not tag or not subject.startswith("Re: " + tag.group(0)):
                fails.append("link %d: subject %r without the mail's tag" % (i, subject))
            m = by_mutt(uri, to, tmp) if i % 10 == 0 else None
            if i % 10 == 0 and m is None:
                fails.append("link %d: mutt made no mail of %s" % (i, uri))
            if m is None:
                m = email.message.Message()
                m["From"] = to
                m["To"] = rcpt
                m["Subject"] = subject
                m["Content-Type"] = "text/plain; charset=UTF-8"
                m.set_payload(body + "\n")
            else:
                muttered += 1
            del m["Message-ID"], m["Date"]
            m["Date"] = "Thu, 5 Nov 2026 12:00:00 +0000"
            m["Message-ID"] = "<link%d@oneclick.test>" % i
            box.add(m)
        box.close()
        run = subprocess.run([tempest, "process", "--dry-run", "-c", conf, path],
                             capture_output=True, timeout=600)
        if run.returncode != 0:
            fails.append("process --dry-run: exit %d: %s" % (run.returncode, run.stderr[-300:]))
        out = os.path.join(tmp, "out.mbox")
        with open(out, "wb") as f:
            f.write(run.stdout)
        replies = list(mailbox.mbox(out, factory=lambda f: email.message_from_binary_file(
            f, policy=email.policy.compat32)))
    seen = {}
    for i, (rcpt, subject, body, label, uri) in enumerate(found):
        answer = [r for r in replies if r.get("In-Reply-To") == "<link%d@oneclick.test>" % i]
        if not answer:
            fails.append("link %d (%r): no answer" % (i, body))
            continue
        r = answer[0]
        text, _ = parts(r)
        if r.get("X-Tempest-Kind") == "refused":
            fails.append("link %d (%r) refused: %s" % (i, body, " ".join(text.split()[:40])))
            continue
        after = r.get("X-Tempest-State")
        if after == state or after in seen:
            fails.append("link %d (%r): state %s not its own (link %s)" %
                         (i, body, after, seen.get(after)))
        seen[after] = i
        move = re.match(r"^(?:\d+\.+ )?([^\s]+)$", body.split("\n")[0])
        got = last_move(text)
        if move and label == move.group(1) and re.search(r"\d", label) and got is not None:
            coord = re.match(r"^[a-z]+\d+([a-z]+\d+)[a-z]?$", label)
            if coord:       # from square to square: the move recorded ends there
                ok = re.sub(r"=?[A-Z]$", "", got).endswith(coord.group(1)) or got.startswith("O-O")
            else:
                ok = got == english(label, lang).rstrip("+#")
            if not ok:
                fails.append("link %d: %r recorded %r" % (i, label, got))
    print("links %d (%d through mutt)" % (len(found), muttered))
    for f in fails:
        print(f)
    return 1 if fails else 0


SCRIPT = """<script>
(function () {
  document.documentElement.style.width = '%dpx';
  var out = [], as = document.querySelectorAll('a[href^="mailto:"]');
  for (var i = 0; i < as.length; i++) {
    var r = as[i].getBoundingClientRect(), s = getComputedStyle(as[i]);
    out.push([Math.round(r.left), Math.round(r.top), Math.round(r.width),
              Math.round(r.height), s.visibility, s.display].join(' '));
  }
  var pre = document.createElement('pre');
  pre.id = 'oneclick';
  pre.textContent = out.join('\\n');
  document.body.appendChild(pre);
})();
</script>"""


def measure(src, dst, width):
    htm = open(src, encoding="utf-8").read()
    open(dst, "w", encoding="utf-8").write(htm.replace("</body>", SCRIPT % width + "</body>"))
    return 0


def report(dom, width):
    text = open(dom, encoding="utf-8").read()
    m = re.search(r'<pre id="oneclick">(.*?)</pre>', text, re.S)
    rows = [l.split() for l in (m.group(1).strip().split("\n") if m and m.group(1).strip() else [])]
    heights = [int(r[3]) for r in rows]
    widths = [int(r[2]) for r in rows]
    outside = sum(1 for r in rows if int(r[0]) < 0 or int(r[0]) + int(r[2]) > width)
    hidden = sum(1 for r in rows if r[4] != "visible" or r[5] == "none" or int(r[2]) == 0)
    print("links %d, min height %d, min width %d, outside %d, hidden %d" %
          (len(rows), min(heights or [0]), min(widths or [0]), outside, hidden))
    return 0 if rows and min(heights) >= 44 and min(widths) >= 44 and not outside and \
        not hidden else 1


def same(mbox, to, log):
    load = lambda p: list(mailbox.mbox(p, factory=lambda f: email.message_from_binary_file(
        f, policy=email.policy.compat32)))
    mine = [m for m in load(mbox) if m.get("To") == to][-1]
    kept = [m for m in load(log) if m.get("Message-ID") == mine.get("Message-ID")]
    # an mbox's last mail ends with the blank line that closes the file: not the text's
    ok = kept and parts(mine)[0] and \
        parts(kept[0])[0].rstrip("\n") == parts(mine)[0].rstrip("\n")
    print("same" if ok else "differs")
    return 0 if ok else 1


if __name__ == "__main__":
    a = sys.argv[1:]
    if a and a[0] == "feed" and len(a) in (5, 6):
        sys.exit(feed(a[1], a[2], a[3], a[4], a[5] if len(a) == 6 else ""))
    if a and a[0] == "measure" and len(a) == 4:
        sys.exit(measure(a[1], a[2], int(a[3])))
    if a and a[0] == "same" and len(a) == 4:
        sys.exit(same(a[1], a[2], a[3]))
    if a and a[0] == "report" and len(a) == 3:
        sys.exit(report(a[1], int(a[2])))
    sys.exit(__doc__)
