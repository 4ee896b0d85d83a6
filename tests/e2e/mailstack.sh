#!/bin/sh
# Mail stack for the end-to-end tests: a throwaway Dovecot (IMAP) and Postfix (SMTP) pair on
# 127.0.0.1, everything (config, TLS, queue, Maildirs, logs) under one directory.
# POSIX sh library, sourced by tests/e2e/t_*.sh:   . tests/e2e/mailstack.sh
#
# Sourcing it checks for root and the servers: without them a test prints that it is skipped
# and exits 0, except under CI=true, where it fails (CI runs as root and must not skip).
#
# Settings (environment, read by mailstack_up):
#   MS_DOMAIN        mail domain                           game.test
#   MS_USERS         "name:password ..." (name: [a-z0-9_]) referee:refpass alice:alicepass
#                                                          bob:bobpass carol:carolpass
#   MS_IMAP_PORT     IMAP with STARTTLS                    11143
#   MS_IMAPS_PORT    IMAP over TLS                         11993
#   MS_SMTP_PORT     SMTP with STARTTLS and AUTH           11025
#   MS_SMTPS_PORT    SMTP over TLS                         11465
#   MS_START_TIMEOUT seconds to wait for both servers      20
#   MS_STOP_TIMEOUT  seconds to wait for each to exit      10
#   MS_MORE_DOMAINS  further domains served, each with the (none)
#                    same users and passwords and mailboxes
#                    of its own (tests/e2e/run.sh shares
#                    one stack this way: a domain per test)
#
# Dovecot keeps a raw log of a user's IMAP sessions in DIR/rawlog/DOMAIN/USER/ when that
# directory exists (made by the test, owned by vmail).
#
# mailstack_up exports: MS_DIR MS_HOST MS_DOMAIN MS_CA MS_IMAP_URL MS_IMAPS_URL MS_SMTP_URL
# MS_SMTPS_URL, the four MS_*_PORT, MS_MORE_DOMAINS, MS_USER_NAMES and MS_PASS_<name> for
# each user.
#
# Functions (each returns non-zero with a message on stderr on failure):
#   ms_tempdir NAME             make a fresh world-traversable directory under /tmp, print it
#   mailstack_up DIR            start the stack in DIR (new or empty), export the MS_* variables
#   mailstack_env DIR           export the MS_* variables of a stack already up in DIR
#   mailstack_down DIR [purge]  stop the stack by PID; with "purge", remove DIR afterwards
#   ms_pids DIR                 print the PIDs of every server process of the stack in DIR
#   ms_pass USER                print USER's password
#   ms_send FROM TO FILE [plain|starttls|smtps [AUTH_USER]]
#                               send FILE as it is over SMTP; FROM, TO (comma-separated) are
#                               addresses or bare user names ("" FROM: the null sender <>);
#                               AUTH_USER logs in first; returns curl's exit code on failure
#   ms_uids USER [MAILBOX [CRITERIA]]
#                               print the UIDs (one a line) of UID SEARCH CRITERIA (ALL)
#   ms_wait_count USER N [TIMEOUT]
#                               wait until USER's INBOX holds at least N messages (10 s)
#   ms_fetch_all USER OUTDIR    write USER's INBOX to OUTDIR/1.eml ... K.eml in UID order,
#                               print K; the \Seen flags are left as they were
#   ms_settle [TIMEOUT]         wait until Postfix has delivered every mail it took (15 s)

MS_HOST=127.0.0.1

# Prints an error for the function named in $1.
_ms_err() {
    _ms_err_fn=$1; shift
    printf '%s: %s\n' "$_ms_err_fn" "$*" >&2
}

# Milliseconds since the epoch (whole seconds where date has no %N).
ms_now_ms() {
    _ms_now=$(date +%s%N)
    case $_ms_now in
    *[!0-9]*) echo $(( $(date +%s) * 1000 )) ;;
    *) echo $(( _ms_now / 1000000 )) ;;
    esac
}

# Skips (exit 0) or, under CI=true, fails (exit 1) the sourcing test when it cannot run here.
_ms_require() {
    _ms_why=""
    [ "$(id -u)" = 0 ] || _ms_why="needs root"
    for _ms_cmd in dovecot postfix openssl curl useradd; do
        command -v "$_ms_cmd" >/dev/null 2>&1 && continue
        _ms_why="${_ms_why:+$_ms_why, }$_ms_cmd not installed"
    done
    [ -z "$_ms_why" ] && return 0
    _ms_test=${0##*/}; _ms_test=${_ms_test%.sh}
    if [ "${CI:-}" = true ]; then
        echo "$_ms_test: cannot run ($_ms_why) and CI=true: failing instead of skipping"
        echo "$_ms_test: 0 passed, 1 failed"
        exit 1
    fi
    echo "$_ms_test: skipped ($_ms_why)"
    exit 0
}
case :$PATH: in *:/usr/sbin:*) ;; *) PATH=$PATH:/usr/sbin:/sbin ;; esac
_ms_require
_ms_dovecot_exe=$(readlink -f "$(command -v dovecot)")
_ms_postfix_libexec=$(postconf -d -h daemon_directory)
_ms_master_exe=$_ms_postfix_libexec/master

# Quotes $1 for the shell.
_ms_quote() {
    printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

# Succeeds when nothing accepts connections on 127.0.0.1:$1 (curl exit 7: refused). A taken
# port answers at once or, if its server stays silent, after the 1 s time limit (exit 28).
_ms_port_free() {
    curl -q -s --max-time 1 -o /dev/null "telnet://$MS_HOST:$1" </dev/null >/dev/null 2>&1
    [ $? -eq 7 ]
}

# Succeeds when process $1 is alive and runs the executable $2.
_ms_pid_is() {
    [ -n "$1" ] && kill -s 0 "$1" 2>/dev/null || return 1
    [ "$(readlink "/proc/$1/exe" 2>/dev/null)" = "$2" ]
}

# Prints the last lines of each server log of the stack in $1, to stderr.
_ms_show_logs() (
    for f in "$1/log/daemons.log" "$1/log/dovecot.log" "$1/log/postfix.log"; do
        [ -s "$f" ] || continue
        printf '%s\n' "--- tail of $f" >&2
        tail -n 15 "$f" >&2
    done
)

# Makes a fresh directory /tmp/tempest-e2e-NAME.XXXXXX that the servers' users can enter.
ms_tempdir() (
    d=$(mktemp -d "/tmp/tempest-e2e-${1:-test}.XXXXXX") || { _ms_err ms_tempdir "mktemp failed"; return 1; }
    chmod 755 "$d" || return 1
    printf '%s\n' "$d"
)

# Fails unless every existing directory from / down to $1 can be entered by unprivileged
# users (the servers run as vmail, postfix and dovenull).
_ms_check_parents() (
    case $1 in /*) d=$1 ;; *) d=$PWD/$1 ;; esac
    while [ -n "$d" ] && [ "$d" != / ]; do
        if [ -d "$d" ] && [ -z "$(find "$d" -prune -perm -0001 2>/dev/null)" ]; then
            _ms_err mailstack_up "$d is not searchable by other users (mode $(ls -ld "$d" | cut -c1-10));" \
                "the vmail, postfix and dovenull users must traverse it: chmod o+x it or use another directory"
            return 1
        fi
        d=${d%/*}
    done
)

# Checks the settings and fills the _ms_* variables the configuration writers use.
_ms_settings() {
    _ms_domain=${MS_DOMAIN:-game.test}
    _ms_users=${MS_USERS:-referee:refpass alice:alicepass bob:bobpass carol:carolpass}
    _ms_imap=${MS_IMAP_PORT:-11143}; _ms_imaps=${MS_IMAPS_PORT:-11993}
    _ms_smtp=${MS_SMTP_PORT:-11025}; _ms_smtps=${MS_SMTPS_PORT:-11465}
    _ms_more=$(echo ${MS_MORE_DOMAINS:-})
    for dom in $_ms_more; do
        case $dom in ''|*[!A-Za-z0-9.-]*|.*|*.) _ms_err mailstack_up "bad domain '$dom' in MS_MORE_DOMAINS"; return 1 ;; esac
    done
    case $_ms_domain in ''|*[!A-Za-z0-9.-]*|.*|*.) _ms_err mailstack_up "bad MS_DOMAIN '$_ms_domain'"; return 1 ;; esac
    for p in "$_ms_imap" "$_ms_imaps" "$_ms_smtp" "$_ms_smtps"; do
        case $p in ''|*[!0-9]*) _ms_err mailstack_up "bad port '$p'"; return 1 ;; esac
        [ "$p" -ge 1 ] && [ "$p" -le 65535 ] || { _ms_err mailstack_up "bad port '$p'"; return 1; }
    done
    if [ "$(printf '%s\n' "$_ms_imap" "$_ms_imaps" "$_ms_smtp" "$_ms_smtps" | sort -u | wc -l)" -ne 4 ]; then
        _ms_err mailstack_up "the four ports must differ: $_ms_imap $_ms_imaps $_ms_smtp $_ms_smtps"; return 1
    fi
    _ms_names=""
    for u in $_ms_users; do
        n=${u%%:*}; pw=${u#*:}
        case $n in ''|*[!a-z0-9_]*) _ms_err mailstack_up "bad user name '$n' in MS_USERS (want [a-z0-9_]+)"; return 1 ;; esac
        case $u in *:*) ;; *) _ms_err mailstack_up "user '$n' in MS_USERS has no ':password'"; return 1 ;; esac
        case $pw in ''|*:*) _ms_err mailstack_up "password of '$n' is empty or holds ':'"; return 1 ;; esac
        _ms_names="$_ms_names $n"
    done
    [ -n "$_ms_names" ] || { _ms_err mailstack_up "MS_USERS names no user"; return 1; }
}

# Fails, naming the setting to change, if any port of the stack is already taken.
_ms_check_ports() {
    for pair in "IMAP:$_ms_imap" "IMAPS:$_ms_imaps" "SMTP:$_ms_smtp" "SMTPS:$_ms_smtps"; do
        what=${pair%%:*}; p=${pair#*:}
        if ! _ms_port_free "$p"; then
            _ms_err mailstack_up "port $p ($what) on $MS_HOST is already in use" \
                "(another mail stack or server?); set MS_${what}_PORT to a free port"
            return 1
        fi
    done
}

# Makes a test CA and a server certificate it signs, for localhost and 127.0.0.1.
_ms_write_tls() (
    t=$1/tls
    cat > "$t/ca.cnf" <<EOF
[req]
distinguished_name = dn
prompt = no
x509_extensions = ca_ext
[dn]
CN = tempest e2e test CA
[ca_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
EOF
    cat > "$t/server.cnf" <<EOF
[req]
distinguished_name = dn
prompt = no
[dn]
CN = localhost
[server_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost, IP:127.0.0.1
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EOF
    {
        openssl req -x509 -new -config "$t/ca.cnf" -newkey rsa:2048 -nodes -days 3650 \
            -keyout "$t/ca.key" -out "$t/ca.pem" &&
        openssl req -new -config "$t/server.cnf" -newkey rsa:2048 -nodes \
            -keyout "$t/server.key" -out "$t/server.csr" &&
        openssl x509 -req -in "$t/server.csr" -CA "$t/ca.pem" -CAkey "$t/ca.key" \
            -CAcreateserial -CAserial "$t/ca.srl" -days 825 \
            -extfile "$t/server.cnf" -extensions server_ext -out "$t/server.pem" &&
        openssl verify -CAfile "$t/ca.pem" "$t/server.pem"
    } >>"$1/log/openssl.log" 2>&1 || {
        _ms_err mailstack_up "making the test certificates failed:"; tail -n 15 "$1/log/openssl.log" >&2
        return 1
    }
    chmod 600 "$t/ca.key" "$t/server.key"
)

# Writes Dovecot's configuration and its passwd-file of users.
_ms_write_dovecot() {
    d=$1
    : > "$d/dovecot/users" || return 1
    # With more domains than one a user is looked up by name alone (%n): the same password
    # in every domain, the mailboxes apart (home and mail_location name the domain).
    _ms_ufmt=%u; _ms_usfx=@$_ms_domain
    [ -n "$_ms_more" ] && { _ms_ufmt=%n; _ms_usfx=; }
    for u in $_ms_users; do
        printf '%s%s:{PLAIN}%s\n' "${u%%:*}" "$_ms_usfx" "${u#*:}" >> "$d/dovecot/users"
    done
    chgrp dovecot "$d/dovecot/users" && chmod 640 "$d/dovecot/users" || return 1
    cat > "$d/dovecot/dovecot.conf" <<EOF
# Dovecot for the tempest end-to-end tests: IMAP only, on $MS_HOST, everything under $d.
instance_name = mailstack-$_ms_imap
protocols = imap
listen = $MS_HOST
base_dir = $d/run/dovecot
state_dir = $d/run/dovecot-state
log_path = $d/log/dovecot.log
info_log_path = $d/log/dovecot.log
# a session's raw IMAP, only for a user whose directory exists there (a test makes it)
rawlog_dir = $d/rawlog/%d/%n
default_internal_user = dovecot
default_login_user = dovenull

ssl = yes
ssl_cert = <$d/tls/server.pem
ssl_key = <$d/tls/server.key
# Loopback only: plaintext logins are allowed so the tests can use plain IMAP too.
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_default_realm = $_ms_domain
# Tests try wrong passwords on purpose: answer at once (default 2 s), and see below.
auth_failure_delay = 0

passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=$_ms_ufmt $d/dovecot/users
}
userdb {
  driver = static
  args = uid=vmail gid=vmail home=$d/mail/%d/%n
}
mail_location = maildir:$d/mail/%d/%n
first_valid_uid = 1
namespace inbox {
  inbox = yes
  separator = /
  mailbox Processed {
    auto = create
  }
}
protocol imap {
  mail_max_userip_connections = 50
}

service imap-login {
  inet_listener imap {
    address = $MS_HOST
    port = $_ms_imap
  }
  inet_listener imaps {
    address = $MS_HOST
    port = $_ms_imaps
    ssl = yes
  }
}
# No growing penalty for 127.0.0.1 after a failed login (2, 4, 8... s before each next
# login, IMAP and SMTP AUTH alike): an auth process that cannot reach this socket skips it.
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
# SMTP AUTH: Postfix's smtpd asks Dovecot through this socket.
service auth {
  unix_listener $d/run/smtp-auth {
    mode = 0660
    user = postfix
    group = postfix
  }
}
EOF
}

# Writes the Postfix instance's main.cf, master.cf and its table of mailboxes.
_ms_write_postfix() {
    d=$1; p=$1/postfix
    : > "$p/vmailbox" || return 1
    # every name in every domain (virtual(8) takes no pattern with $1 in it, for safety)
    for dom in $_ms_domain $_ms_more; do
        for n in $_ms_names; do
            printf '%s@%s %s/%s/\n' "$n" "$dom" "$dom" "$n" >> "$p/vmailbox"
        done
    done
    cat > "$p/main.cf" <<EOF
# Postfix instance for the tempest end-to-end tests: accepts mail on $MS_HOST for
# $_ms_domain only, delivers it into the Maildirs Dovecot serves, and sends nothing out.
compatibility_level = 3.6
queue_directory = $d/spool
data_directory = $d/postfix-data
mail_owner = postfix
setgid_group = postdrop
maillog_file_prefixes = $d/log
maillog_file = $d/log/postfix.log

myhostname = mx.$_ms_domain
mydomain = $_ms_domain
myorigin = \$mydomain
mydestination =
inet_interfaces = $MS_HOST
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
alias_maps =
alias_database =
local_recipient_maps =
relayhost =
disable_dns_lookups = yes
smtp_dns_support_level = disabled
biff = no

# Anything not for $_ms_domain bounces here: no mail ever leaves the machine.
default_transport = error:no outbound mail from the test mail stack
relay_transport = error:no outbound mail from the test mail stack

virtual_mailbox_domains = $_ms_domain $_ms_more
virtual_mailbox_base = $d/mail
virtual_mailbox_maps = texthash:$p/vmailbox
virtual_uid_maps = static:$_ms_vuid
virtual_gid_maps = static:$_ms_vgid
virtual_minimum_uid = $_ms_vuid
virtual_transport = virtual

smtpd_tls_security_level = may
smtpd_tls_cert_file = $d/tls/server.pem
smtpd_tls_key_file = $d/tls/server.key
smtpd_sasl_auth_enable = yes
smtpd_sasl_type = dovecot
smtpd_sasl_path = $d/run/smtp-auth
smtpd_relay_restrictions = permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination
# a test may answer for one mailbox as a full one would (ms_mailbox_full)
smtpd_recipient_restrictions = check_recipient_access texthash:$p/refuse, permit
EOF
    : > "$p/refuse" || return 1
    cat > "$p/master.cf" <<EOF
# service         type  private unpriv chroot wakeup maxproc command
$MS_HOST:$_ms_smtp  inet  n - n - - smtpd
$MS_HOST:$_ms_smtps inet  n - n - - smtpd
  -o smtpd_tls_wrappermode=yes
  -o smtpd_tls_security_level=encrypt
pickup     unix  n - n 60    1 pickup
cleanup    unix  n - n -     0 cleanup
qmgr       unix  n - n 300   1 qmgr
tlsmgr     unix  - - n 1000? 1 tlsmgr
rewrite    unix  - - n -     - trivial-rewrite
bounce     unix  - - n -     0 bounce
defer      unix  - - n -     0 bounce
trace      unix  - - n -     0 bounce
verify     unix  - - n -     1 verify
flush      unix  n - n 1000? 0 flush
proxymap   unix  - - n -     - proxymap
proxywrite unix  - - n -     1 proxymap
smtp       unix  - - n -     - smtp
relay      unix  - - n -     - smtp
showq      unix  n - n -     - showq
error      unix  - - n -     - error
retry      unix  - - n -     - error
discard    unix  - - n -     - discard
local      unix  - n n -     - local
virtual    unix  - n n -     - virtual
anvil      unix  - - n -     1 anvil
scache     unix  - - n -     1 scache
postlog    unix-dgram n - n - 1 postlogd
EOF
}

# Starts one daemon with no tie to the caller's terminal, pipes or inherited descriptors.
_ms_daemon() {
    _ms_dlog=$1; shift
    "$@" </dev/null >>"$_ms_dlog" 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-
}

# Succeeds once both servers answer on every port (plain and TLS, verified with the CA).
_ms_probe() {
    d=$1; n=${_ms_names# }; n=${n%% *}
    pw=$(for u in $_ms_users; do [ "${u%%:*}" = "$n" ] && printf '%s' "${u#*:}"; done)
    c="curl -q -s --max-time 3 -o /dev/null --cacert $d/tls/ca.pem"
    $c -u "$n@$_ms_domain:$pw" "imap://$MS_HOST:$_ms_imap/" </dev/null &&
    $c -X NOOP "smtp://$MS_HOST:$_ms_smtp/probe.$_ms_domain" </dev/null &&
    $c -u "$n@$_ms_domain:$pw" "imaps://$MS_HOST:$_ms_imaps/" </dev/null &&
    $c -X NOOP "smtps://$MS_HOST:$_ms_smtps/probe.$_ms_domain" </dev/null
}

# Waits, bounded, until both servers answer; fails at once if a master process died.
_ms_wait_ready() {
    d=$1; limit=${MS_START_TIMEOUT:-20}
    end=$(( $(date +%s) + limit ))
    while :; do
        dpid=$(cat "$d/run/dovecot/master.pid" 2>/dev/null) || :
        ppid=$(tr -d ' \n' 2>/dev/null < "$d/spool/pid/master.pid") || :
        _ms_pid_is "$dpid" "$_ms_dovecot_exe" || { _ms_err mailstack_up "Dovecot is not running"; return 1; }
        _ms_pid_is "$ppid" "$_ms_master_exe" || { _ms_err mailstack_up "the Postfix master is not running"; return 1; }
        _ms_probe "$d" && return 0
        if [ "$(date +%s)" -ge "$end" ]; then
            _ms_err mailstack_up "the servers did not answer on ports $_ms_imap $_ms_imaps $_ms_smtp $_ms_smtps within ${limit} s"
            return 1
        fi
        sleep 0.1
    done
}

# Writes DIR/env.sh, which exports what the tests need to reach the stack.
_ms_write_env() {
    d=$1
    {
        echo "# Written by mailstack_up; load it with '.' to reach the stack in $d."
        echo "export MS_DIR=$(_ms_quote "$d") MS_HOST=$MS_HOST MS_DOMAIN=$(_ms_quote "$_ms_domain")"
        echo "export MS_CA=$(_ms_quote "$d/tls/ca.pem")"
        echo "export MS_IMAP_PORT=$_ms_imap MS_IMAPS_PORT=$_ms_imaps MS_SMTP_PORT=$_ms_smtp MS_SMTPS_PORT=$_ms_smtps"
        echo "export MS_IMAP_URL=imap://$MS_HOST:$_ms_imap MS_IMAPS_URL=imaps://$MS_HOST:$_ms_imaps"
        echo "export MS_SMTP_URL=smtp://$MS_HOST:$_ms_smtp MS_SMTPS_URL=smtps://$MS_HOST:$_ms_smtps"
        echo "export MS_USER_NAMES=$(_ms_quote "${_ms_names# }") MS_MORE_DOMAINS=$(_ms_quote "$_ms_more")"
        for u in $_ms_users; do
            echo "export MS_PASS_${u%%:*}=$(_ms_quote "${u#*:}")"
        done
    } > "$d/env.sh"
}

# Prepares DIR: checks it, makes the layout, the vmail user, certificates and configuration.
_ms_prepare() {
    d=$1
    mkdir -p "$d" || { _ms_err mailstack_up "cannot create $d"; return 1; }
    d=$(cd "$d" && pwd -P) || return 1
    case $d in *[!A-Za-z0-9._/-]*)
        _ms_err mailstack_up "'$d': use a path of letters, digits and . _ - / only (it goes into configuration files)"
        return 1 ;;
    esac
    if [ -n "$(ls -A "$d")" ]; then
        _ms_err mailstack_up "$d is not empty (a stack already there? use a new directory)"; return 1
    fi
    # Unix socket paths are limited to 108 bytes; Dovecot's longest is about 40 under DIR.
    [ "${#d}" -le 60 ] || { _ms_err mailstack_up "path too long for the servers' sockets: $d"; return 1; }
    chmod 755 "$d" && _ms_check_parents "$d" || return 1
    if ! getent passwd vmail >/dev/null; then
        useradd --system --user-group --no-create-home --home-dir /nonexistent \
            --shell /usr/sbin/nologin vmail 2>/dev/null || getent passwd vmail >/dev/null ||
            { _ms_err mailstack_up "cannot create the vmail user"; return 1; }
    fi
    _ms_vuid=$(id -u vmail) && _ms_vgid=$(id -g vmail) || return 1
    mkdir "$d/log" "$d/tls" "$d/dovecot" "$d/run" "$d/mail" "$d/postfix" "$d/spool" "$d/postfix-data" \
        "$d/rawlog" &&
        chown vmail:vmail "$d/mail" && chmod 750 "$d/mail" && chown postfix "$d/postfix-data" &&
        chmod 700 "$d/tls" || { _ms_err mailstack_up "cannot lay out $d"; return 1; }
    echo "tempest mail stack: imap $_ms_imap imaps $_ms_imaps smtp $_ms_smtp smtps $_ms_smtps" > "$d/.mailstack"
    _ms_write_tls "$d" && _ms_write_dovecot "$d" && _ms_write_postfix "$d" ||
        { _ms_err mailstack_up "cannot write the configuration in $d"; return 1; }
    # Postfix rereads a file changed within the last second until it "cools down" (about
    # 2 s per program on first use): give its files an old time stamp.
    touch -t 200001010000 "$d/postfix/main.cf" "$d/postfix/master.cf" "$d/postfix/vmailbox" \
        "$d/postfix/refuse" || return 1

    _ms_dir=$d
}

# The work of mailstack_up, in a subshell so that its variables and umask stay here.
_ms_up() (
    set -f
    umask 022
    [ -n "${1:-}" ] || { _ms_err mailstack_up "usage: mailstack_up DIR"; return 1; }
    # Cheapest first: settings, then the directory's parents, the ports, and only then files.
    case $1 in /*) _ms_abs=$1 ;; *) _ms_abs=$PWD/$1 ;; esac
    _ms_settings && _ms_check_parents "${_ms_abs%/*}" && _ms_check_ports && _ms_prepare "$1" || return 1
    d=$_ms_dir
    if ! _ms_daemon "$d/log/daemons.log" dovecot -c "$d/dovecot/dovecot.conf"; then
        _ms_err mailstack_up "Dovecot did not start"; _ms_show_logs "$d"; return 1
    fi
    if ! _ms_daemon "$d/log/daemons.log" postfix -c "$d/postfix" start; then
        _ms_err mailstack_up "Postfix did not start"; _ms_show_logs "$d"
        mailstack_down "$d" >&2; return 1
    fi
    if ! _ms_wait_ready "$d"; then
        _ms_show_logs "$d"; mailstack_down "$d" >&2; return 1
    fi
    _ms_write_env "$d"
)

# Starts the stack in DIR (created if missing; must be empty) and exports its MS_* variables.
mailstack_up() {
    _ms_up "${1:-}" || return 1
    mailstack_env "$1"
}

# Exports the MS_* variables of the stack already up in DIR.
mailstack_env() {
    if [ -z "${1:-}" ] || [ ! -f "$1/env.sh" ]; then
        _ms_err mailstack_env "no mail stack in '${1:-}' (no env.sh)"; return 1
    fi
    . "$1/env.sh"
}

# Prints the PIDs of the server processes of the stack in DIR: the Dovecot and Postfix
# programs whose working or root directory lies inside DIR (they all chdir there). DIR may
# have been removed already if given as an absolute path.
ms_pids() (
    d=${1:-}
    if [ -d "$d" ]; then
        d=$(cd "$d" && pwd -P)
    else
        case $d in /?*) ;; *) _ms_err ms_pids "usage: ms_pids DIR"; return 1 ;; esac
    fi
    for f in /proc/[0-9]*; do
        case $(readlink "$f/exe") in
        "$_ms_dovecot_exe"|/usr/lib/dovecot/*|"$_ms_postfix_libexec"/*) ;;
        *) continue ;;
        esac
        for link in cwd root; do
            case $(readlink "$f/$link") in
            "$d"|"$d"/*) echo "${f#/proc/}"; break ;;
            esac
        done
    done
) 2>/dev/null

# Prints those of the PIDs in $1 that are still alive.
_ms_alive() {
    for p in $1; do kill -s 0 "$p" 2>/dev/null && echo "$p"; done
    return 0
}

# Waits until none of the PIDs in $1 is alive, at most $2 seconds; fails if some still are.
_ms_wait_gone() {
    end=$(( $(date +%s) + $2 ))
    while [ -n "$(_ms_alive "$1")" ]; do
        [ "$(date +%s)" -ge "$end" ] && return 1
        sleep 0.05
    done
}

# Sends TERM to a master: to its whole process group when it leads one, as both masters do.
# Signalled alone, Dovecot's master waits for its children to notice and the stack takes
# 2.5-2.8 s to stop; with the whole group signalled at once it takes 1.1-1.8 s.
_ms_term() {
    if [ "$(ps -o pgid= -p "$1" 2>/dev/null | tr -d ' ')" = "$1" ]; then
        kill -s TERM -- "-$1" 2>/dev/null || :
    else
        kill -s TERM "$1" 2>/dev/null || :
    fi
}

# Stops the stack in DIR by its master PIDs and waits for every process of it to exit;
# KILL is the last resort. DIR is kept for inspection unless the second argument is "purge".
mailstack_down() (
    d=${1:-}
    limit=${MS_STOP_TIMEOUT:-10}
    if [ -d "$d" ]; then
        [ -f "$d/.mailstack" ] || { _ms_err mailstack_down "$d holds no mail stack"; return 1; }
        d=$(cd "$d" && pwd -P)
        dpid=$(cat "$d/run/dovecot/master.pid" 2>/dev/null) || :
        ppid=$(tr -d ' \n' 2>/dev/null < "$d/spool/pid/master.pid") || :
    else
        # DIR was removed under a running stack: find the masters by where they work.
        dpid=""; ppid=""
        for p in $(ms_pids "$d"); do
            case $(readlink "/proc/$p/exe") in
            "$_ms_dovecot_exe") dpid=$p ;;
            "$_ms_master_exe") ppid=$p ;;
            esac
        done
        if [ -z "$dpid$ppid" ]; then
            _ms_err mailstack_down "usage: mailstack_down DIR [purge] (no stack in '$d')"; return 1
        fi
    fi
    masters=""
    # A pid file can outlive its process: signal only a live process of the right program.
    _ms_pid_is "$dpid" "$_ms_dovecot_exe" && masters="$masters $dpid"
    _ms_pid_is "$ppid" "$_ms_master_exe" && masters="$masters $ppid"
    all=$(ms_pids "$d")
    for p in $masters; do _ms_term "$p"; done
    if ! _ms_wait_gone "$masters $all" "$limit"; then
        left=$(_ms_alive "$masters $all $(ms_pids "$d")")
        _ms_err mailstack_down "still running after ${limit} s, sending KILL:" $left
        kill -s KILL $left 2>/dev/null || :
        _ms_wait_gone "$left" 2 || :
    fi
    left=$(ms_pids "$d")
    [ -z "$left" ] || { _ms_err mailstack_down "processes left in $d:" $left; return 1; }
    if [ "${2:-}" = purge ]; then
        rm -rf "$d" || { _ms_err mailstack_down "cannot remove $d"; return 1; }
    fi
    return 0
)

# Checks that mailstack_up ran in this shell.
_ms_need_env() {
    [ -n "${MS_IMAP_URL:-}" ] && return 0
    _ms_err "$1" "no mail stack is up in this shell (call mailstack_up or mailstack_env first)"
    return 1
}

# Prints the password of USER (a bare name or name@domain).
# ms_mailbox_full DIR USER [yes|no]: the stack in DIR answers RCPT for USER with "452 4.2.2
# Mailbox full" (yes) or takes its mail again (no); Postfix reloads its tables at once.
ms_mailbox_full() (
    t=$1/postfix/refuse
    grep -v "^$2@" "$t" > "$t.new"; mv "$t.new" "$t"
    [ "${3:-yes}" = yes ] && printf '%s@%s 452 4.2.2 Mailbox full\n' "$2" "${MS_DOMAIN:-game.test}" >> "$t"
    touch -t 200001010000 "$t"
    postfix -c "$1/postfix" reload >/dev/null 2>&1
    sleep 1
)

ms_pass() (
    _ms_need_env ms_pass || return 1
    n=${1:-}; n=${n%@*}
    case $n in ''|*[!a-z0-9_]*) _ms_err ms_pass "bad user '${1:-}'"; return 1 ;; esac
    eval "pw=\${MS_PASS_$n:-}"
    [ -n "$pw" ] || { _ms_err ms_pass "no user '$n' in this stack"; return 1; }
    printf '%s\n' "$pw"
)

# Prints USER as a full address (bare names get @MS_DOMAIN; empty stays empty).
_ms_addr() {
    case $1 in ''|*@*) printf '%s\n' "$1" ;; *) printf '%s@%s\n' "$1" "$MS_DOMAIN" ;; esac
}

# Sends FILE unchanged from FROM to TO (comma-separated) over SMTP: plain (the default),
# starttls or smtps, the last two verified against MS_CA; AUTH_USER, if given, logs in.
ms_send() (
    set -f
    _ms_need_env ms_send || return 1
    if [ $# -lt 3 ] || [ $# -gt 5 ]; then
        _ms_err ms_send "usage: ms_send FROM TO FILE [plain|starttls|smtps [AUTH_USER]]"; return 1
    fi
    from=$(_ms_addr "$1"); rcpts=$2; file=$3; mode=${4:-plain}; auth=${5:-}
    [ -r "$file" ] || { _ms_err ms_send "cannot read $file"; return 1; }
    case $mode in
    plain) set -- "$MS_SMTP_URL/client.$MS_DOMAIN" ;;
    starttls) set -- "$MS_SMTP_URL/client.$MS_DOMAIN" --ssl-reqd --cacert "$MS_CA" ;;
    smtps) set -- "$MS_SMTPS_URL/client.$MS_DOMAIN" --cacert "$MS_CA" ;;
    *) _ms_err ms_send "unknown mode '$mode' (plain, starttls or smtps)"; return 1 ;;
    esac
    if [ -n "$auth" ]; then
        pw=$(ms_pass "$auth") || return 1
        set -- "$@" -u "$(_ms_addr "$auth"):$pw"
    fi
    old_ifs=$IFS; IFS=,
    for r in $rcpts; do set -- "$@" --mail-rcpt "$(_ms_addr "$r")"; done
    IFS=$old_ifs
    curl -q -sS --max-time 30 --mail-from "$from" -T "$file" --url "$@" </dev/null >/dev/null && rc=0 || rc=$?
    [ $rc -eq 0 ] || { _ms_err ms_send "sending $file from $from to $rcpts over $mode failed (curl exit $rc)"; return $rc; }
)

# Runs one IMAP command for USER on MAILBOX (plain IMAP); prints the untagged answer.
_ms_imap() {
    _ms_iuser=$(_ms_addr "$1"); _ms_ipw=$(ms_pass "$1") || return 1
    curl -q -sS --max-time 30 -u "$_ms_iuser:$_ms_ipw" "$MS_IMAP_URL/$(printf '%s' "$2" | sed 's/ /%20/g')" \
        -X "$3" </dev/null
}

# Prints the UIDs in USER's MAILBOX (INBOX) that match CRITERIA (ALL), one a line.
ms_uids() (
    _ms_need_env ms_uids || return 1
    [ -n "${1:-}" ] || { _ms_err ms_uids "usage: ms_uids USER [MAILBOX [CRITERIA]]"; return 1; }
    out=$(_ms_imap "$1" "${2:-INBOX}" "UID SEARCH ${3:-ALL}") ||
        { _ms_err ms_uids "UID SEARCH ${3:-ALL} in ${2:-INBOX} of $1 failed"; return 1; }
    printf '%s\n' "$out" | tr -d '\r' | sed -n 's/^\* SEARCH//p' | tr ' ' '\n' | grep -E '^[0-9]+$' || :
)

# Waits until USER's INBOX holds at least N messages, polling IMAP for TIMEOUT (10) seconds.
ms_wait_count() (
    _ms_need_env ms_wait_count || return 1
    user=${1:-}; want=${2:-}; limit=${3:-10}
    case $want in ''|*[!0-9]*) _ms_err ms_wait_count "usage: ms_wait_count USER N [TIMEOUT]"; return 1 ;; esac
    end=$(( $(date +%s) + limit ))
    while :; do
        uids=$(ms_uids "$user" INBOX) || return 1
        have=$(printf '%s' "$uids" | grep -c . || :)
        [ "$have" -ge "$want" ] && return 0
        if [ "$(date +%s)" -ge "$end" ]; then
            _ms_err ms_wait_count "$user has $have of $want messages in INBOX after ${limit} s"; return 1
        fi
        sleep 0.1
    done
)

# Fetches every message of USER's INBOX into OUTDIR/1.eml ... K.eml (UID order), prints K.
# A message's text never changes under its UID: each is fetched once, kept in OUTDIR/.uid/,
# and those not fetched before come over one connection; when the INBOX only grew since the
# last call, only the new files are written. Fetching sets \Seen; it is taken off again
# those that had not been seen.
ms_fetch_all() (
    _ms_need_env ms_fetch_all || return 1
    user=${1:-}; out=${2:-}
    [ -n "$user" ] && [ -n "$out" ] || { _ms_err ms_fetch_all "usage: ms_fetch_all USER OUTDIR"; return 1; }
    mkdir -p "$out/.uid" || { _ms_err ms_fetch_all "cannot create $out/.uid"; return 1; }
    uids=$(ms_uids "$user" INBOX) && unseen=$(ms_uids "$user" INBOX UNSEEN) || return 1
    pw=$(ms_pass "$user") || return 1
    set --; new=""
    for u in $uids; do
        [ -s "$out/.uid/$u.eml" ] && continue
        set -- "$@" "$MS_IMAP_URL/INBOX;UID=$u" -o "$out/.uid/$u.eml"; new="$new $u"
    done
    if [ $# -gt 0 ] && ! curl -q -sS --max-time 30 -u "$(_ms_addr "$user"):$pw" "$@" </dev/null; then
        for u in $new; do rm -f "$out/.uid/$u.eml"; done
        _ms_err ms_fetch_all "fetching UIDs$new of $user failed"; return 1
    fi
    # The UIDs of 1.eml ... as written last time: when they begin the list, those files stay.
    was=$(cat "$out/.uid/order" 2>/dev/null); i=$(echo $was | wc -w)
    if [ "$i" -gt 0 ]; then
        case "$(echo $uids) " in "$(echo $was) "*) [ -f "$out/$i.eml" ] || i=-1 ;; *) i=-1 ;; esac
    fi
    if [ "$i" -lt 0 ] || [ -e "$out/$((i + 1)).eml" ]; then
        old=""
        for f in "$out"/*.eml; do
            n=${f##*/}; n=${n%.eml}
            case $n in ''|*[!0-9]*) ;; *) old="$old $f" ;; esac
        done
        [ -z "$old" ] || rm -f $old
        i=0
    fi
    echo $uids > "$out/.uid/order"
    k=0
    for u in $uids; do
        k=$((k + 1))
        [ "$k" -le "$i" ] && continue
        cp "$out/.uid/$u.eml" "$out/$k.eml" || { _ms_err ms_fetch_all "cannot write $out/$k.eml"; return 1; }
    done
    if [ -n "$unseen" ]; then
        set=$(echo $unseen | tr ' ' ',')
        _ms_imap "$user" INBOX "UID STORE $set -FLAGS.SILENT (\\Seen)" >/dev/null ||
            { _ms_err ms_fetch_all "cannot restore the unseen state of $user's messages"; return 1; }
    fi
    echo "$k"
)

# Waits until Postfix has delivered every mail it took (its incoming, active and maildrop
# queues are empty), polling for TIMEOUT (15) seconds: after that, no mail is on its way.
ms_settle() (
    _ms_need_env ms_settle || return 1
    q=$MS_DIR/spool; limit=${1:-15}
    end=$(( $(date +%s) + limit ))
    while [ -n "$(find "$q/maildrop" "$q/incoming" "$q/active" -type f 2>/dev/null | head -n 1)" ]; do
        if [ "$(date +%s)" -ge "$end" ]; then
            _ms_err ms_settle "Postfix's queue is not empty after ${limit} s"; return 1
        fi
        sleep 0.05
    done
)
