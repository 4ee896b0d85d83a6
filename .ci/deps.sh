#!/bin/sh
# Installs every Debian 12 package that the build, the tests and the benchmarks use.
# Run as root. Idempotent: packages already present are left alone.
set -eu
PKGS="build-essential pkg-config libcurl4-gnutls-dev libetpan-dev libjansson-dev libssl-dev
      dovecot-imapd dovecot-lmtpd postfix openssl curl ca-certificates
      stockfish fairy-stockfish pgn-extract isync valgrind tzdata time mandoc
      clang libclang-rt-14-dev chromium fonts-dejavu-core nodejs mutt"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# npm (ffish for the PGN read-back tests): Debian's package, unless the nodejs installed
# brings its own (NodeSource's does, and conflicts with Debian's npm)
command -v npm > /dev/null 2>&1 || missing="$missing npm"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "deps: missing packages:$missing (run 'make deps' as root)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# The mail servers are started by the tests on their own ports, never by the package scripts.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod 755 /usr/sbin/policy-rc.d
fi
echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
apt-get update -q
# libetpan-dev pulls the GnuTLS flavour of libcurl; the OpenSSL one conflicts with it.
apt-get install -y -q --no-install-recommends $missing
