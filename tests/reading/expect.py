#!/usr/bin/env python3
"""Judges the reading corpus (tests/reading/run.sh runs the mails, this reads the results).

Usage: expect.py TEMPEST WORK CASES_DIR
WORK holds fx/NAME/ (each fixture as built) and c/CASE/ (the fixture's copy after the
case's mail: conf, data/, out = the mails the referee wrote, rc). Each case's .expect
file says what must have happened (docs/testing.md, "The reading corpus"). Prints a
line per failing case, then "reading: N passed, M failed"; exits 1 if any failed.
"""
import email
import email.policy
import email.utils
import glob
import json
import mailbox
import os
import re
import subprocess
import sys

OUTCOMES = ('applied', 'asked', 'refused', 'nothing', 'unapplied', 'no-answer')
REFUSAL = 'Nothing in your mail was applied'
KEYS = ('fixture', 'outcome', 'events', 'line', 'has', 'lacks', 'show', 'registry',
        'no-registry', 'max-reply')


def norm(text):
    """Text with every run of blanks and line ends as one space: wrapping cannot matter."""
    return ' '.join(text.split())


def read_expect(path):
    """The .expect file as a list of (key, value), in order; raises ValueError."""
    pairs = []
    with open(path, encoding='utf-8') as f:
        for num, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            key, sep, value = line.partition(':')
            key = key.strip()
            if not sep or key not in KEYS:
                raise ValueError('%s:%d: not "KEY: VALUE" with a known key' % (path, num))
            pairs.append((key, value.strip()))
    return pairs


def sender_of(eml):
    with open(eml, 'rb') as f:
        msg = email.message_from_binary_file(f, policy=email.policy.compat32)
    return email.utils.parseaddr(str(msg.get('From', '')))[1].lower()


def mails_out(path):
    """The mails the run wrote: a list of (recipients, decoded text of every text part)."""
    out = []
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return out
    for msg in mailbox.mbox(path, create=False):
        msg = email.message_from_bytes(msg.as_bytes(), policy=email.policy.default)
        rcpts = [a.lower() for _, a in email.utils.getaddresses(
            msg.get_all('To', []) + msg.get_all('Cc', []))]
        texts = []
        for part in msg.walk():
            if part.get_content_type() == 'text/plain':
                try:
                    texts.append(part.get_content())
                except (LookupError, ValueError):
                    texts.append(part.get_payload(decode=True).decode('utf-8', 'replace'))
        out.append((rcpts, '\n'.join(texts)))
    return out


def snapshot(tempest, d):
    """What a case may change: each game's state hash and events, and the registry."""
    games = {}
    for path in sorted(glob.glob(os.path.join(d, 'data', 'games', '*.json'))):
        num = os.path.basename(path)[:-5]
        if not num.isdigit():
            continue
        with open(path, encoding='utf-8') as f:
            state_hash = json.load(f).get('hash')
        show = subprocess.run([tempest, 'show', '-c', os.path.join(d, 'conf'), num],
                              capture_output=True, text=True).stdout
        games[num] = (state_hash, events_of(show), show)
    registry = {}
    path = os.path.join(d, 'data', 'players.json')
    if os.path.exists(path):
        with open(path, encoding='utf-8') as f:
            registry = json.load(f).get('players', {})
    return games, registry


def events_of(show):
    """`tempest show`'s events as "KIND DETAIL" strings ("move e4", "resign")."""
    events, on = [], False
    for line in show.splitlines():
        if line.startswith('Events'):
            on = True
            continue
        if on and not re.match(r'\s+\d+ ', line):
            break
        if on:
            words = line.split()
            middle = words[3:-1]
            detail = middle[2:] if middle[:1] == ['seat'] else middle[1:]
            events.append(' '.join([words[2]] + detail))
    return events


def registry_entries(registry, who):
    """The sender's settings as "KIND VALUE" strings ("timezone Europe/Paris")."""
    found = []
    for e in registry.get(who, []):
        kind = e.get('kind', '')
        value = e.get(kind, '')
        found.append(('%s %s' % (kind, value)).strip())
    return found


def judge(before, after, mails, rc, who, pairs):
    """The reasons the case fails (an empty list: it passed)."""
    want = dict(pairs)
    if want.get('outcome') not in OUTCOMES:
        return ['no valid "outcome:" in the .expect file']
    why = ['tempest process exited %d' % rc] if rc != 0 else []
    bgames, breg = before
    agames, areg = after
    changed = [n for n in agames if n not in bgames or agames[n][0] != bgames[n][0]]
    changed = bool(changed) or breg != areg
    new_events = []
    for n in sorted(agames):
        new_events += agames[n][1][len(bgames.get(n, (None, [], ''))[1]):]
    mine = [text for rcpts, text in mails if who in rcpts]
    why += judge_outcome(want, changed, new_events, mine)
    return why + judge_checks(want, pairs, agames, areg, mails, mine, who)


def judge_outcome(want, changed, new_events, mine):
    """What the outcome requires: a change or none, a refusal or none, an answer or none."""
    outcome = want['outcome']
    refusal = [t for t in mine if REFUSAL in t]
    why = []
    if outcome == 'applied' and want.get('events') == 'none':
        # an order that changes no state (a message, a query): the other checks tell
        if refusal:
            why.append('refused' + first_error(refusal))
        if new_events:
            why.append('events %s, want none' % new_events)
    elif outcome == 'applied':
        if not changed:
            why.append('nothing applied: ' + ('refused' + first_error(refusal) if refusal else
                                              'no order read' if mine else 'no answer'))
        elif refusal:
            why.append('applied, but the sender was also refused')
        if 'events' in want and changed:
            exp = [e.strip() for e in want['events'].split(';') if e.strip()]
            if new_events != exp:
                why.append('events %s, want %s' % (new_events or 'none', exp))
    else:
        if changed:
            why.append('%s expected, but it applied %s' %
                       (outcome, '; '.join(new_events) or 'a setting'))
        if outcome == 'no-answer' and mine:
            why.append('no answer expected, the sender got %d mail(s)%s' %
                       (len(mine), first_error(refusal)))
        if outcome != 'no-answer' and not mine:
            why.append('%s expected, the sender got no mail' % outcome)
        if outcome in ('asked', 'refused') and mine and not refusal and not why:
            why.append('%s expected, the sender got no refusal (no order read)' % outcome)
        if outcome == 'nothing' and refusal:
            why.append('no order expected, but refused' + first_error(refusal))
        if outcome == 'asked' and refusal and 'did you mean' not in norm(refusal[0]).lower():
            why.append('refused, not asked' + first_error(refusal))
    if 'line' in want and refusal:
        why += check_line(refusal[0], want['line'], outcome)
    return why


def judge_checks(want, pairs, agames, areg, mails, mine, who):
    """The case's other checks: texts in mails and in `tempest show`, settings, sizes."""
    why = []
    if 'max-reply' in want:
        sizes = [len(t.encode('utf-8')) for t in mine]
        if sizes and max(sizes) > int(want['max-reply']):
            why.append('a mail to the sender has %d bytes of text, more than %s' %
                       (max(sizes), want['max-reply']))
    for key, value in pairs:
        if key in ('has', 'lacks'):
            why += check_text(key, value, mails)
        elif key == 'show':
            shown = norm(' '.join(g[2] for g in agames.values()))
            if norm(value) not in shown:
                why.append("tempest show lacks '%s'" % value)
        elif key in ('registry', 'no-registry'):
            entries = registry_entries(areg, who)
            hit = any(e.startswith(value) for e in entries)
            if key == 'registry' and not hit:
                why.append("the sender's settings lack '%s' (%s)" % (value, entries or 'none'))
            if key == 'no-registry' and hit:
                why.append("a setting '%s' was made" % value)
    return why


def first_error(refusal):
    """The first "line N: ... -> reason" of a refusal, for a failure's one-line reason."""
    if not refusal:
        return ''
    m = re.search(r'(line \d+: .*\n\s*-> .*)', refusal[0])
    if m:
        return ' (%s)' % norm(m.group(1))
    m = re.search(r'applied[^\n]*\n[^\n]*\n\n\s*(.+)', refusal[0])
    return ' (%s)' % norm(m.group(1)) if m else ''


def check_line(text, line, outcome):
    """The refusal names the line; an asked line's reason begins "did you mean"."""
    m = re.search(r'line %s: .*\n\s*-> (.*)' % re.escape(line), text)
    if not m:
        return ['line %s not named%s' % (line, first_error([text]))]
    if outcome == 'asked' and not m.group(1).lower().startswith('did you mean'):
        return ["line %s's reason is not \"did you mean\": %s" % (line, m.group(1))]
    return []


def check_text(key, value, mails):
    """has: ADDRESS: TEXT (a mail to ADDRESS holds TEXT); lacks: ADDRESS: TEXT (none does)."""
    addr, sep, text = value.partition(':')
    addr = addr.strip().lower()
    if not sep or '@' not in addr:
        return ['bad %s: %s' % (key, value)]
    texts = [norm(t) for rcpts, t in mails if addr in rcpts]
    hit = any(norm(text) in t for t in texts)
    if key == 'has' and not hit:
        return ["no mail to %s holds '%s'%s" % (addr, text.strip(),
                                               '' if texts else ' (no mail to them)')]
    if key == 'lacks' and hit:
        return ["a mail to %s holds '%s'" % (addr, text.strip())]
    return []


def main():
    tempest, work, cases_dir = sys.argv[1:4]
    before = {}
    passed = failed = 0
    for expect in sorted(glob.glob(os.path.join(cases_dir, '*.expect'))):
        name = os.path.basename(expect)[:-7]
        d = os.path.join(work, 'c', name)
        try:
            pairs = read_expect(expect)
            fixture = dict(pairs).get('fixture', '')
            if not os.path.isdir(d):
                raise ValueError('not run (no .eml, or fixture %s not built)' % fixture)
            if fixture not in before:
                before[fixture] = snapshot(tempest, os.path.join(work, 'fx', fixture))
            with open(os.path.join(d, 'rc')) as f:
                rc = int(f.read().strip() or -1)
            why = judge(before[fixture], snapshot(tempest, d),
                        mails_out(os.path.join(d, 'out')), rc,
                        sender_of(os.path.join(cases_dir, name + '.eml')), pairs)
            with open(os.path.join(d, 'err'), errors='replace') as f:
                err = f.read()
            if 'Sanitizer' in err or 'runtime error' in err:
                why.append('a sanitizer report: ' + norm(err)[:160])
        except (ValueError, OSError) as e:
            why = [str(e)]
        if why:
            failed += 1
            print('FAIL %s: %s' % (name, '; '.join(why)))
        else:
            passed += 1
    print('reading: %d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
