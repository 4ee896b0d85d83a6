#!/usr/bin/env python3
"""pasted.py MBOX TO SUBJECT-PART: the text part of the referee's mail to TO whose subject
holds SUBJECT-PART, as a mail client pastes it below a reply without '>' (Yahoo's way)."""
import mailbox
import sys

for m in mailbox.mbox(sys.argv[1]):
    if m["To"] != sys.argv[2] or sys.argv[3] not in (m["Subject"] or ""):
        continue
    for part in m.walk():
        if part.get_content_type() == "text/plain":
            print(part.get_payload(decode=True).decode("utf-8"))
            sys.exit(0)
sys.exit(1)
