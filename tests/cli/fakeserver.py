#!/usr/bin/env python3
"""A stand-in mail server on 127.0.0.1 for the exit-code tests (tests/cli/t_exitcodes.sh).

    fakeserver.py MODE PORTFILE [CERT KEY]

Listens on a free port, writes it to PORTFILE, and answers each connection by MODE:
  smtp-auth535  an SMTP server that offers AUTH PLAIN and refuses every login (535)
  tls-drop      completes a TLS handshake (CERT, KEY), then closes without a word
Runs until killed.
"""
import socket
import ssl
import sys


def smtp_auth535(c):
    f = c.makefile("rb")
    c.sendall(b"220 fake ESMTP\r\n")
    for line in f:
        verb = line[:4].upper()
        if verb in (b"EHLO", b"HELO"):
            c.sendall(b"250-fake\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n")
        elif verb == b"AUTH":
            c.sendall(b"535 5.7.8 Authentication credentials invalid\r\n")
        elif verb == b"QUIT":
            c.sendall(b"221 bye\r\n")
            break
        else:
            c.sendall(b"250 ok\r\n")


def tls_drop(c, ctx):
    try:
        t = ctx.wrap_socket(c, server_side=True)
    except (ssl.SSLError, OSError):
        return
    t.close()


def main():
    mode, portfile = sys.argv[1], sys.argv[2]
    ctx = None
    if mode == "tls-drop":
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(sys.argv[3], sys.argv[4])
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", 0))
    ls.listen(5)
    with open(portfile + ".new", "w") as f:
        f.write("%d\n" % ls.getsockname()[1])
    import os
    os.rename(portfile + ".new", portfile)
    while True:
        c, _ = ls.accept()
        try:
            if mode == "smtp-auth535":
                smtp_auth535(c)
            else:
                tls_drop(c, ctx)
        except OSError:
            pass
        finally:
            c.close()


if __name__ == "__main__":
    main()
